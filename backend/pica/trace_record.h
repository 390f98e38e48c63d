/* The recorder's entry points for the PICA instance (pica.c and the other
 * files holding public calls): each public call of an instance with a
 * recorder attached makes one or two of these calls, nothing else. The
 * recorder itself is glhle_trace_recorder (include/glhle/trace.h). */
#ifndef GLHLE_PICA_TRACE_RECORD_H
#define GLHLE_PICA_TRACE_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "glhle/trace.h"

/* Before a call that reads guest memory: records the pages the core
 * changed since the last call (unless invalidate_only). */
void pica_rec_sync(glhle_trace_recorder *rec);
/* After a call that wrote [paddr, paddr + size) of guest memory itself:
 * takes those pages as they are now, so they are not recorded as the
 * core's writes. */
void pica_rec_absorb(glhle_trace_recorder *rec, uint32_t paddr, uint64_t size);

/* After the call succeeded. */
void pica_rec_map(glhle_trace_recorder *rec, uint32_t paddr, const void *host, size_t size);
void pica_rec_unmap(glhle_trace_recorder *rec, uint32_t paddr);
/* After the run, with its result and the run's outcome. */
void pica_rec_run_host(glhle_trace_recorder *rec, const uint32_t *words, size_t count, glhle_result r,
                       const glhle_pica_run_result *res);
void pica_rec_run_guest(glhle_trace_recorder *rec, uint32_t paddr, uint32_t size, glhle_result r,
                        const glhle_pica_run_result *res);
/* A chunk whose payload is the given fixed fields (display operations,
 * presents, invalidate and flush ranges), after the call. */
void pica_rec_call(glhle_trace_recorder *rec, uint32_t type, const void *payload, size_t size);
/* glhle_pica_invalidate: the range's current contents, then the call. */
void pica_rec_invalidate(glhle_trace_recorder *rec, uint32_t paddr, uint32_t size);
/* The instance is going away: stop recording it (the trace stays open
 * until glhle_trace_recorder_finish). */
void pica_rec_detach(glhle_trace_recorder *rec);

#endif
