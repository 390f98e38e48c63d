/* The call observer: how the instance's public entry points hand each call
 * to whatever watches them (the trace recorder, trace_record.c), through one
 * table the instance holds, instead of naming the recorder's functions.
 *
 * Each observed public call does, in this order:
 *     slot = pica_call_begin(pica, &call);      -> vt->before(obs, &call)
 *     ... the call itself ...
 *     pica_call_end(pica, slot, &call, result); -> vt->after(obs, &call, r)
 * `before` sees guest memory as the core left it (the recorder records the
 * pages the core changed); `after` sees the call's result and, for runs,
 * its run result. A call made from inside a run or another observed call is
 * not observed. The observer may clear the slot (detaching itself) from
 * `after` or at any time the instance is not inside a call; `detach` is
 * called when the instance is destroyed with an observer set. */
#ifndef GLHLE_PICA_TRACE_OBSERVER_H
#define GLHLE_PICA_TRACE_OBSERVER_H

#include <stddef.h>
#include <stdint.h>

#include "glhle/pica.h"

typedef enum pica_call_kind {
    PICA_CALL_MAP_MEMORY,   /* paddr, host, host_size */
    PICA_CALL_UNMAP_MEMORY, /* paddr */
    PICA_CALL_RUN_CMDLIST,  /* words, word_count; res after */
    PICA_CALL_RUN_GUEST,    /* paddr, size; res after */
    PICA_CALL_INVALIDATE,   /* paddr, size */
    PICA_CALL_FLUSH,        /* paddr, size */
    PICA_CALL_FILL_MEMORY,  /* fill */
    PICA_CALL_TRANSFER,     /* transfer */
    PICA_CALL_PRESENT,      /* present */
} pica_call_kind;

typedef struct pica_call {
    pica_call_kind kind;
    uint32_t paddr;
    uint32_t size;
    void *host;
    size_t host_size;
    const uint32_t *words;
    size_t word_count;
    const glhle_pica_run_result *res; /* runs, for `after` */
    const glhle_pica_memory_fill *fill;
    const glhle_pica_display_transfer *transfer;
    const glhle_pica_present_desc *present;
} pica_call;

typedef struct pica_call_observer_vt {
    void (*before)(void *obs, const pica_call *call);
    void (*after)(void *obs, const pica_call *call, glhle_result r);
    void (*detach)(void *obs); /* the instance is going away */
} pica_call_observer_vt;

typedef struct pica_call_observer_slot {
    const pica_call_observer_vt *vt; /* NULL: nothing observes the calls */
    void *obs;
} pica_call_observer_slot;

#endif
