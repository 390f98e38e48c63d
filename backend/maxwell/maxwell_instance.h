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
#include "glhle/maxwell.h"

struct glhle_maxwell {
    glhle_context *ctx;   /* NULL for a GL-free instance */
    glhle_logger log;
    mw_address_space as;
    glhle_maxwell_hooks hooks;
    bool running;
    mw_frontend fe;       /* its hooks point back here (maxwell.c) */
};

/* The decoded 3D state, brought up to date. */
const mw_state *mw_get_state(glhle_maxwell *gpu);
mw_state *mw_get_state_mut(glhle_maxwell *gpu);

#endif
