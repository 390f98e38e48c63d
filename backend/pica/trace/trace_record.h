/* The trace recorder as a call observer (trace_observer.h): attached to a
 * PICA instance, it turns each public call the instance hands it into trace
 * chunks (trace_format.h). Before a call it records the guest memory the
 * core changed since the last one (the page scan); after it, the call with
 * its result, and it takes in the pages glhle wrote during the call. The
 * recorder itself is glhle_trace_recorder (include/glhle/trace.h). */
#ifndef GLHLE_PICA_TRACE_RECORD_H
#define GLHLE_PICA_TRACE_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "backend/pica/frontend/frontend.h"
#include "backend/pica/trace/trace_observer.h"
#include "glhle/trace.h"

/* What the recorder needs of the instance it is attached to. mem and regs
 * stay valid while attached. */
typedef struct pica_rec_instance {
    glhle_logger log;
    uint64_t max_words;
    uint64_t max_steps;
    uint32_t max_logged;
    uint32_t resolution_scale;
    const pica_memory *mem;
    const pica_regs *regs;
    bool running; /* inside a command-list run: attaching is refused */
} pica_rec_instance;

/* glhle_trace_recorder_attach's work: checks, records the instance's
 * settings, mappings and register state, and on success fills *slot (the
 * instance's) with the recorder's table. The recorder clears *slot when it
 * finishes or is detached. */
glhle_result pica_rec_attach(glhle_trace_recorder *rec, const pica_rec_instance *inst, pica_call_observer_slot *slot);

/* For tests: takes [paddr, paddr + size) as it is now, as if glhle had
 * written it during a call (those pages are not recorded as the core's). */
void pica_rec_absorb(glhle_trace_recorder *rec, uint32_t paddr, uint64_t size);

#endif
