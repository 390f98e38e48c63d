/* The Maxwell front end: the pusher, the host and 3D classes, the macro
 * engine and the other classes' method arrays -- everything between a
 * pushbuffer word and a method's effect -- and the state of the submission
 * in progress.
 *
 * Owns: mw_frontend (pusher state, subchannel bindings, host state, the 3D
 * register file, the engines' method arrays, inline-to-memory transfers,
 * the MME and the macro call, the draw sequence, the run state, the
 * semaphore acquire the pusher waits on and the work it holds back) and
 * the problem and fault reports with their location.
 * May call: backend/common, backend/maxwell/memory (the address space it
 * is handed), backend/maxwell/engines. It tells the instance about events,
 * syncpoint increments and asks it for the time and for report counters
 * through mw_frontend_hooks,
 * which the instance fills in; it never names the instance (the instance
 * embeds an mw_frontend and hands it down). */
#ifndef GLHLE_MAXWELL_FRONTEND_H
#define GLHLE_MAXWELL_FRONTEND_H

#include "backend/common/log.h"
#include "backend/maxwell/engines/engines.h"
#include "backend/maxwell/frontend/mme.h"
#include "backend/maxwell/frontend/regs_3d.h"
#include "backend/maxwell/memory/address_space.h"
#include "glhle/maxwell.h"

#define MW_SUBCHANNELS 8 /* clb06f.h NVB06F_NUMBER_OF_SUBCHANNELS */
#define MW_HOST_METHODS 0x40u /* methods below 0x100 bytes go to the host (PBDMA) on every subchannel */

/* Engine slots: one method array per class besides 3D (whose methods live
 * in the register file). */
typedef enum mw_engine {
    MW_ENGINE_3D = 0,
    MW_ENGINE_COMPUTE,
    MW_ENGINE_I2M,
    MW_ENGINE_2D,
    MW_ENGINE_DMA,
    MW_ENGINE_COUNT_
} mw_engine;

/* Where the method being executed came from, for events and messages. */
typedef struct mw_location {
    bool host_words;      /* glhle_maxwell_submit_words, else GPFIFO entry `entry` */
    uint32_t entry;
    uint64_t segment_va;
    uint32_t offset;      /* word offset of the data word (or header) in its segment */
    uint32_t subchannel;
    uint32_t class_id;
    uint32_t method;
    bool in_macro;
    uint32_t macro_index;
} mw_location;

/* The pusher's method state (envytools dma-pusher: dma_state.mthd, subc,
 * mcnt, ni), which outlives a segment. */
typedef enum mw_pb_mode {
    MW_PB_INC = 0,  /* incrementing: method + k */
    MW_PB_NONINC,   /* non-incrementing: every word to method */
    MW_PB_ONEINC,   /* increment once: method, then method + 1 for the rest */
} mw_pb_mode;

typedef struct mw_pusher {
    uint32_t method, subchannel, remaining, done;
    uint8_t mode;          /* mw_pb_mode */
    uint32_t header;       /* the header word, for messages */
    uint32_t header_offset;
    uint32_t header_entry;
} mw_pusher;

/* The host class's method state (clb06f.h). */
typedef struct mw_host_state {
    uint32_t sem_upper, sem_lower, sem_payload; /* SEMAPHOREA/B/C */
    uint32_t reference;                         /* SET_REFERENCE */
    uint32_t syncpoint_payload;                 /* deko3d engine_gpfifo.def 0x01C */
    uint32_t mem_op_c;
    uint32_t last_wfi;
} mw_host_state;

/* Inline indices one BEGIN/END sequence may carry; more are dropped and
 * reported (256 KiB, allocated once). */
#define MW_MAX_INLINE_INDICES (64u << 10)

typedef enum mw_draw_kind {
    MW_DRAW_NONE = 0,
    MW_DRAW_ARRAYS,   /* DRAW_VERTEX_ARRAY */
    MW_DRAW_INDEXED,  /* DRAW_INDEX_BUFFER */
    MW_DRAW_INLINE,   /* DRAW_INLINE_INDEX, _2X16, _4X8 */
    MW_DRAW_AUTO,     /* DRAW_AUTO: vertices counted from a stream-output byte count */
} mw_draw_kind;

typedef struct mw_run_state {
    mw_location loc;
    glhle_maxwell_run_result res;
    glhle_result first_problem;
    uint32_t logged;
    uint32_t notes_logged;
    uint64_t macro_steps_left;
    uint32_t next_offset; /* mw_pushbuf_run: the first word it did not consume */
} mw_run_state;

/* A semaphore acquire the pusher waits on (submit.c): host SEMAPHORED
 * ACQUIRE / ACQ_GEQ / ACQ_AND or 3D SET_REPORT_SEMAPHORE_D ACQUIRE whose
 * memory did not yet satisfy it. The pusher stops after the acquire's
 * word; later submissions check memory again and resume, or give up after
 * mw_frontend.wait_submits_cap of them. */
typedef enum mw_acquire_cmp {
    MW_ACQ_EQ = 0,   /* memory == payload (host ACQUIRE, 3D COMPARISON_EQ) */
    MW_ACQ_GEQ_DIFF, /* (int32_t)(memory - payload) >= 0 (host ACQ_GEQ) */
    MW_ACQ_AND,      /* (memory & payload) != 0 (host ACQ_AND) */
    MW_ACQ_GE,       /* memory >= payload, unsigned (3D COMPARISON_GE) */
} mw_acquire_cmp;

typedef struct mw_wait {
    bool active;
    uint8_t cmp;          /* mw_acquire_cmp */
    const char *name;     /* "semaphore ACQUIRE" ...: a static string */
    uint64_t va;
    uint32_t payload;
    uint32_t submits;     /* later submissions that found it still unmet */
    mw_location at;       /* the acquire's method */
} mw_wait;

/* Work a waiting acquire holds back, in order: a GPFIFO entry to run from
 * word `offset`, or an owned copy of host words. */
typedef struct mw_pending {
    uint64_t entry;       /* the GP_ENTRY pair (words == NULL) */
    uint32_t *words;      /* host words, `count` of them, or NULL */
    uint32_t count;
    uint32_t offset;      /* the word to resume at */
    uint32_t index;       /* the entry's number in its submission, for locations */
} mw_pending;

#define MW_MAX_PENDING_ITEMS 4096u          /* held-back GPFIFO entries and host-word runs */
#define MW_MAX_PENDING_WORDS (4u << 20)     /* held-back host words in all (16 MiB) */
#define MW_DEFAULT_WAIT_SUBMITS 16u

/* Where the macro call the MME is collecting started (its CALL_MME_MACRO
 * word), for its event and messages; the parameters live in the mw_mme. */
typedef struct mw_macro_call {
    mw_location at;
} mw_macro_call;

/* How the front end reaches its owner. `emit` gets every event whose bit is
 * set in mw_frontend.event_mask, location fields filled in; `clock` (NULL:
 * mw_frontend.timestamp) gives semaphore and report timestamps;
 * `syncpoint_increment` (may be NULL) takes host SYNCPOINT and 3D
 * INCREMENT_SYNC_POINT increments. */
typedef struct mw_frontend_hooks {
    void *user;
    void (*emit)(void *user, const glhle_maxwell_event *ev);
    uint64_t (*clock)(void *user);
    void (*syncpoint_increment)(void *user, uint32_t id);
    /* Guest memory the front end or an engine is about to read or write
     * (`access`: the renderer writes back what it holds there first) and
     * has written (`wrote`: what the renderer holds there is reloaded);
     * either may be NULL. */
    void (*access)(void *user, uint64_t va, uint64_t size, bool write);
    void (*wrote)(void *user, uint64_t va, uint64_t size);
    /* The value of 3D report counter `report` (clb197.h
     * SET_REPORT_SEMAPHORE_D_REPORT, 27:23: ZPASS_PIXEL_CNT, primitive,
     * streaming and invocation counts) for sub-report `sub_report` (7:5,
     * the stream of the streaming counts), as REPORT_ONLY writes it. Only a
     * renderer can count: NULL (a GL-free instance, or a renderer that
     * counts nothing) reads every counter as 0. Never called for
     * REPORT_NONE, whose report is the payload and the timestamp. */
    uint64_t (*report_counter)(void *user, uint32_t report, uint32_t sub_report);
    /* CLEAR_REPORT_VALUE `type` (clb197.h TYPE: ZPASS_PIXEL_CNT 0x01 ...):
     * the counter it names restarts from 0. May be NULL. */
    void (*clear_report)(void *user, uint32_t type);
    /* A 902D blit (`regs`: the 2D class's method array) offered to the
     * renderer before the CPU engine runs it: true when the renderer did
     * it (on the GPU, between surfaces it holds), false to run the CPU
     * engine on guest memory. May be NULL (always the CPU engine). */
    bool (*twod_blit)(void *user, const uint32_t *regs);
    /* A B0B5 LAUNCH_DMA's copy (`regs`: the DMA class's method array)
     * offered likewise: true when the renderer did it on the GPU between
     * surfaces it holds (the front end then writes only the semaphore
     * release), false to run the CPU engine. May be NULL. */
    bool (*dma_copy)(void *user, const uint32_t *regs);
    /* An inline-to-memory transfer `st` (started: st->active, st->lo and
     * st->hi set) offered likewise: true when the renderer holds all of its
     * destination in one surface and will put the bytes there; the data
     * words then go to guest memory without `access` (no write-back, no
     * reload), and `i2m_end` is called once the transfer ends (its last
     * word, a fault, a new launch) or anything else happens first (another
     * method, the end of the submission), with st->done bytes written from
     * the start; the rest of a transfer ended early goes the CPU way. Both
     * may be NULL. */
    bool (*i2m_begin)(void *user, const mw_i2m *st);
    void (*i2m_end)(void *user, const mw_i2m *st);
} mw_frontend_hooks;

typedef struct mw_frontend {
    glhle_logger log;
    uint64_t max_words;
    uint32_t max_logged;
    uint64_t macro_step_cap, macro_steps_per_submit;
    mw_address_space *as;                    /* the instance's; read and written through mw_gpu_* */
    mw_frontend_hooks hooks;
    uint32_t event_mask;                     /* 1 << glhle_maxwell_event_type for the events to emit */
    mw_run_state run;
    uint64_t timestamp;                      /* glhle_maxwell_set_timestamp */
    mw_wait wait;                            /* the acquire the pusher waits on, if active */
    uint32_t wait_submits_cap;               /* submissions a wait may last (0: MW_DEFAULT_WAIT_SUBMITS) */
    mw_pending *pending;                     /* work held back by the wait, grown to MW_MAX_PENDING_ITEMS */
    uint32_t pending_count, pending_alloc;
    uint64_t pending_words;                  /* host words held in `pending` */

    mw_pusher pb;
    uint32_t bound_class[MW_SUBCHANNELS];
    mw_host_state host;
    mw_regs_3d *regs3d;
    uint32_t *engine_regs[MW_ENGINE_COUNT_]; /* MW_METHOD_WORDS each; [0] unused (3D is regs3d) */
    mw_i2m i2m[3];                           /* inline-to-memory transfers: 0 the 3D built-in, 1 the A140 class,
                                              * 2 the compute class's (clb1c0.h, the same methods) */
    bool i2m_gpu[3];                         /* the renderer took the transfer (mw_frontend_hooks.i2m_begin) */
    mw_mem_io io;                            /* GPU memory for the engines */

    mw_macro_call macro;
    mw_mme *mme;                             /* macro RAM, the call being collected, the interpreter */
    /* The draw sequence between BEGIN and END. */
    bool in_begin;
    uint8_t draw_kind;                       /* mw_draw_kind: the count method written since BEGIN */
    uint32_t instance_id;                    /* BEGIN INSTANCE_ID: FIRST -> 0, SUBSEQUENT -> + 1 */
    uint32_t inline_count;                   /* indices from DRAW_INLINE_INDEX* since BEGIN */
    uint32_t *inline_index;                  /* MW_MAX_INLINE_INDICES */
    /* The target registers (SET_CT_SELECT, each target's A, B, FORMAT,
     * MEMORY; SET_ZT_SELECT, A, B) as the last kind check found them all
     * suited to their memory, and the address space's generation then:
     * while both hold, the check would find the same (methods_3d.c) */
    struct mw_kinds_ok {
        bool ok;
        uint64_t as_generation;
        uint32_t sel, zt_select, zt_a, zt_b;
        uint32_t ct[8][4];
    } kinds_ok;
} mw_frontend;

/* Allocates the tables (register file, engine arrays, MME, inline indices)
 * over the address space `as`; OUT_OF_MEMORY (nothing left allocated) if
 * that fails. Caps of 0 take the defaults. */
glhle_result mw_frontend_init(mw_frontend *fe, mw_address_space *as, const glhle_logger *log);
void mw_frontend_fini(mw_frontend *fe);
/* Starts a submission: clears the run state. */
void mw_frontend_begin(mw_frontend *fe);

/* The decoded 3D state, brought up to date. */
mw_state *mw_frontend_state(mw_frontend *fe);

/* Records a problem at the current location: counts it, remembers the first
 * non-OK result and logs one line ("maxwell: <where>: <message>") while
 * under the per-submission limit. A DEBUG-level call with GLHLE_RESULT_OK
 * is a note: logged the same way, not counted. */
void mw_problem(mw_frontend *fe, glhle_result r, glhle_log_level level, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Counts a fault at va on behalf of the current method and reports it with
 * the method's name (`what` names the access, `why` the cause). */
void mw_fault(mw_frontend *fe, uint64_t va, size_t size, const char *what, const char *dir, const char *why);

/* Checked GPU memory access on behalf of the current method; a fault is
 * counted, remembered in the run result and reported with the address and
 * the method (`what` names the access: "semaphore release"). */
bool mw_gpu_read(mw_frontend *fe, uint64_t va, void *dst, size_t size, const char *what);
bool mw_gpu_write(mw_frontend *fe, uint64_t va, const void *src, size_t size, const char *what);

static inline bool mw_wants(const mw_frontend *fe, glhle_maxwell_event_type t)
{
    return (fe->event_mask >> t) & 1u;
}
/* Fills the location fields of ev from the current location and calls the hook. */
void mw_emit(mw_frontend *fe, glhle_maxwell_event *ev);

uint64_t mw_timestamp(mw_frontend *fe);

/* Engine slot of a class id, or -1. */
int mw_engine_of_class(uint32_t class_id);

/* ---- submissions (submit.c) ---- */
/* Runs a submission's work after mw_frontend_begin: GPFIFO `entries`, or
 * host `words` as one segment (exactly one of them non-NULL, or neither
 * for a kick). Work an earlier wait held back runs first, once memory
 * satisfies the acquire; while it does not, the new work is held back too
 * (bounded by MW_MAX_PENDING_*), and after wait_submits_cap submissions
 * the wait is given up (LIMIT_EXCEEDED) and the stream goes on past it. */
void mw_frontend_submit(mw_frontend *fe, const uint64_t *entries, const uint32_t *words, size_t count);
/* A semaphore acquire of `payload` against the word at va: true when met.
 * Unmet outside a macro, it becomes the pusher's wait (the pusher stops
 * after this method); inside a macro, which cannot be suspended, it is
 * reported and the macro goes on. A fault counts as met (reported). */
bool mw_acquire(mw_frontend *fe, uint64_t va, uint32_t payload, mw_acquire_cmp cmp, const char *name);
/* Frees what a wait holds back (mw_frontend_fini). */
void mw_pending_clear(mw_frontend *fe);

/* ---- the stages of a method ---- */
/* Feeds pushbuffer words of one segment (pushbuf.c); stops early and returns
 * false when the segment ends (END_PB_SEGMENT), the word budget is used up
 * or an acquire starts to wait. run.next_offset gets the first word it did
 * not consume. */
bool mw_pushbuf_run(mw_frontend *fe, const uint8_t *bytes, uint32_t count, uint32_t first_offset);
/* End of a submission: a method short of data is reported and dropped, a
 * pending macro call runs -- unless the pusher waits on an acquire, when
 * both stay for the work that resumes. */
void mw_pushbuf_finish(mw_frontend *fe);
/* One method write, after the header decode: host methods, SET_OBJECT and
 * the bound engine. `last` is true for the last data word of its header. */
void mw_method(mw_frontend *fe, uint32_t subchannel, uint32_t method, uint32_t value, bool last);
/* Host-class methods below MW_HOST_METHODS (host.c). */
void mw_host_method(mw_frontend *fe, uint32_t method, uint32_t value);
/* 3D-class methods (methods_3d.c); macro calls for method >= 0xE00. */
void mw_3d_method(mw_frontend *fe, uint32_t method, uint32_t value, bool last);
/* Runs the macro call the MME is collecting, if any (methods_3d.c). */
void mw_macro_flush(mw_frontend *fe);
/* The other classes (engines.c). */
void mw_engine_method(mw_frontend *fe, mw_engine engine, uint32_t method, uint32_t value);
/* Ends the renderer's hold on the inline-to-memory transfers it took
 * (mw_frontend_hooks.i2m_end), except slot `keep` (-1: all); what is left
 * of them goes the CPU way. */
void mw_i2m_settle(mw_frontend *fe, int keep);
/* Before method `method` of class `cls` (HOST for host methods): settles
 * every taken transfer but the one this method feeds (its
 * LOAD_INLINE_DATA). */
void mw_i2m_before(mw_frontend *fe, uint32_t cls, uint32_t method);
/* A release of the semaphore at va: payload, then for a four-word report
 * zero and the 64-bit timestamp (host.c). Reports with the event. */
void mw_release_semaphore_report(mw_frontend *fe, uint64_t va, uint32_t payload, bool four_words);

#endif
