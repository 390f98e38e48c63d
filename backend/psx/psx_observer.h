/* The call observer of a PlayStation GPU: how the public entry points
 * (psx.c) hand each call to the trace recorder (psx_trace.c) through one
 * table the instance holds, NULL when nothing records -- the same pattern
 * as the PICA's (backend/pica/trace/trace_observer.h). `after` runs once
 * the call has taken effect, with its result; calls the trace player makes
 * are not observed (the player's instance has no observer). */
#ifndef GLHLE_PSX_OBSERVER_H
#define GLHLE_PSX_OBSERVER_H

#include <stddef.h>
#include <stdint.h>

#include "glhle/psx.h"

typedef enum psx_call_kind {
    PSX_CALL_GP0,        /* words, count */
    PSX_CALL_GP1,        /* value */
    PSX_CALL_GPUREAD,    /* value: the word returned */
    PSX_CALL_END_STREAM,
    PSX_CALL_WRITE_VRAM, /* x, y, w, h, pixels */
    PSX_CALL_READ_VRAM,  /* x, y, w, h, pixels: what was read */
    PSX_CALL_VSYNC,
} psx_call_kind;

typedef struct psx_call {
    psx_call_kind kind;
    const uint32_t *words;
    size_t count;
    uint32_t value;
    uint32_t x, y, w, h;
    const uint16_t *pixels;
} psx_call;

typedef struct psx_call_observer_vt {
    void (*after)(void *obs, const psx_call *call, glhle_result r);
    void (*detach)(void *obs); /* the instance is going away */
} psx_call_observer_vt;

typedef struct psx_call_observer_slot {
    const psx_call_observer_vt *vt; /* NULL: nothing observes the calls */
    void *obs;
} psx_call_observer_slot;

#endif
