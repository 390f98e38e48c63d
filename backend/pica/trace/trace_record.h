/* The recorder's side of the PICA instance's public calls. Each public
 * entry point of an instance with a recorder attached starts with
 *
 *     if (pica->recorder)
 *         return pica_rec_<call>(pica, ...arguments);
 *
 * and nothing else: the wrapper detaches the recorder for the duration,
 * records the guest memory the core changed before the call (the page
 * scan), makes the call itself, records it with its result, takes in the
 * pages glhle wrote during it, and re-attaches. The recorder itself is
 * glhle_trace_recorder (include/glhle/trace.h, trace_record.c). */
#ifndef GLHLE_PICA_TRACE_RECORD_H
#define GLHLE_PICA_TRACE_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "glhle/trace.h"

glhle_result pica_rec_map_memory(glhle_pica *p, uint32_t paddr, void *host, size_t size);
glhle_result pica_rec_unmap_memory(glhle_pica *p, uint32_t paddr);
glhle_result pica_rec_run_cmdlist(glhle_pica *p, const uint32_t *words, size_t word_count,
                                  glhle_pica_run_result *out);
glhle_result pica_rec_run_guest(glhle_pica *p, uint32_t paddr, uint32_t size_bytes, glhle_pica_run_result *out);
glhle_result pica_rec_invalidate(glhle_pica *p, uint32_t paddr, uint32_t size);
glhle_result pica_rec_flush(glhle_pica *p, uint32_t paddr, uint32_t size);
glhle_result pica_rec_fill_memory(glhle_pica *p, const glhle_pica_memory_fill *fill);
glhle_result pica_rec_transfer(glhle_pica *p, const glhle_pica_display_transfer *transfer);
glhle_result pica_rec_present(glhle_pica *p, const glhle_pica_present_desc *desc);

/* The instance is going away: stop recording it (the trace stays open
 * until glhle_trace_recorder_finish). */
void pica_rec_detach(glhle_trace_recorder *rec);

/* For tests: takes [paddr, paddr + size) as it is now, as if glhle had
 * written it during a call (those pages are not recorded as the core's). */
void pica_rec_absorb(glhle_trace_recorder *rec, uint32_t paddr, uint64_t size);

#endif
