/* The PICA front end: guest memory, the register file and the state of the
 * run in progress -- everything the command processor (cmdlist.c) and the
 * register side effects (regs.c) read and write.
 *
 * Owns: pica_memory, pica_regs, pica_run_state and the per-run problem count.
 * May call: backend/common only. It tells the instance about events through
 * the hooks struct below, which the instance fills in; it never names the
 * instance (the instance embeds a pica_frontend and hands it down).
 * Stages below the instance (shader, draw, ...) get a pica_frontend pointer
 * to read the decoded state and guest memory and to report problems. */
#ifndef GLHLE_PICA_FRONTEND_H
#define GLHLE_PICA_FRONTEND_H

#include "backend/common/log.h"
#include "backend/pica/frontend/memory.h"
#include "backend/pica/frontend/regs.h"
#include "glhle/pica.h"

/* Where the command being executed sits, for events and messages. */
typedef struct pica_location {
    bool host;        /* host list, else guest buffer at paddr */
    uint32_t paddr;
    uint32_t offset;  /* byte offset of the parameter word being written */
    uint8_t mask;     /* the command's byte-enable mask */
} pica_location;

typedef struct pica_run_state {
    pica_location loc;
    glhle_pica_run_result res;
    glhle_result first_problem; /* the run's return value */
    uint32_t logged;            /* problems logged so far */
    bool out_of_steps;          /* the shader-step budget ran out (pica_charge_steps): processing stops */
} pica_run_state;

/* How the front end tells its owner about an event: `emit` gets every event
 * whose bit is set in pica_frontend.event_mask, with the location fields
 * already filled in. The instance fills this in and dispatches to the
 * renderer and the core's observer. */
typedef struct pica_frontend_hooks {
    void (*emit)(void *user, const glhle_pica_event *ev);
    void *user;
} pica_frontend_hooks;

typedef struct pica_frontend {
    glhle_logger log;
    uint64_t max_words;    /* command words per run before it is stopped */
    uint64_t max_steps;    /* shader steps per run before it is stopped (run.res.shader_steps counts them) */
    uint32_t max_logged;   /* problems logged per run */
    uint32_t event_mask;   /* 1 << glhle_pica_event_type for the events to emit */
    pica_frontend_hooks hooks;
    pica_memory mem;
    pica_run_state run;
    pica_regs regs;
} pica_frontend;

/* Sends an event through the hooks; the location fields (host_list,
 * buffer_paddr, offset, mask) are filled in from fe->run.loc. */
void pica_emit(pica_frontend *fe, glhle_pica_event *ev);
static inline bool pica_wants(const pica_frontend *fe, glhle_pica_event_type t)
{
    return (fe->event_mask >> t) & 1u;
}

/* Records a problem at the current location: counts it, remembers the first
 * non-OK result as the run's result and logs one line ("pica: <where>:
 * <message>") while under the per-run limit. */
void pica_problem(pica_frontend *fe, glhle_result r, glhle_log_level level, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Charges `steps` of shader work to the run; false once the run's budget
 * (max_steps) is passed, when the problem has been reported at the current
 * location (the draw's command) and the command processor stops after it.
 * `what` names the work ("draw", "immediate-mode vertex"). */
bool pica_charge_steps(pica_frontend *fe, uint64_t steps, const char *what);

/* The decoded state, brought up to date (stale groups re-decoded); the
 * writable one is for the renderer to clear dirty bits. */
const pica_state *pica_frontend_state(pica_frontend *fe);
pica_state *pica_frontend_state_mut(pica_frontend *fe);

/* Runs a command buffer (cmdlist.c). words_or_bytes is host uint32_t words
 * when host, else bytes in guest memory read little-endian. */
glhle_result pica_cmdlist_run(pica_frontend *fe, const void *words_or_bytes, uint32_t size_bytes, bool host,
                              uint32_t paddr);

#endif
