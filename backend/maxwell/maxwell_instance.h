/* The Maxwell instance as the backend sees it.
 *
 * The instance owns the address space and embeds the front end
 * (frontend/frontend.h), whose hooks it fills: events go to the core's
 * glhle_maxwell_hooks, the clock and syncpoint increments likewise. Stages
 * never include this header. The renderer (a later GL stage) reads decoded
 * state through mw_get_state() at DRAW and CLEAR events and owns the
 * clearing of its dirty bits. */
#ifndef GLHLE_MAXWELL_INSTANCE_H
#define GLHLE_MAXWELL_INSTANCE_H

#include "backend/maxwell/frontend/frontend.h"
#include "backend/maxwell/memory/address_space.h"
#include "backend/maxwell/trace/mw_trace.h"
#include "glhle/maxwell.h"

typedef struct mw_render mw_render; /* render/render_targets.h: GL instances only */

struct glhle_maxwell {
    glhle_context *ctx;   /* NULL for a GL-free instance */
    glhle_logger log;
    mw_address_space as;
    glhle_maxwell_hooks hooks;
    bool running;
    mw_frontend fe;       /* its hooks point back here (maxwell.c) */
    uint32_t user_event_mask; /* the events that reach the core's hook */
    mw_render *render;    /* NULL for a GL-free instance */
    mw_mem_io raw_io;     /* guest memory for the renderer, without coherence */
    mw_call_observer observer; /* a trace recorder's, or all NULL */
    uint64_t gpu_writes;  /* writes the GPU made to guest memory */
    bool submitted;       /* a submission has run */
};

/* The decoded 3D state, brought up to date. */
const mw_state *mw_get_state(glhle_maxwell *gpu);
mw_state *mw_get_state_mut(glhle_maxwell *gpu);

#endif
