/* CiTrace (.ctf) conversion (backend/pica/trace/citrace.c): any bytes after a
 * "CiTr" magic. Header fields, region and stream bounds, MemoryLoad
 * offsets, register writes of every size and address, frames. No crash,
 * hang or unbounded allocation; a converted trace always passes the glhle
 * trace checks (opening runs them) and ends with END. Replaying is left to
 * fuzz_trace, whose chunk-list mode reaches every chunk the conversion can
 * write: a replay here would spend each run mapping 134 MiB of guest
 * memory. */
#include <stdlib.h>
#include <string.h>

#include "glhle/trace.h"
#include "support/fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *file = malloc(size + 4);
    if (!file)
        return 0;
    memcpy(file, "CiTr", 4);
    memcpy(file + 4, data, size);
    glhle_trace_open_desc od = {.max_file_bytes = 1u << 26, .log = fuzz_quiet_log, .log_level = GLHLE_LOG_DEBUG};
    glhle_trace *t = NULL;
    if (glhle_trace_open_memory(file, size + 4, &od, &t) == GLHLE_RESULT_OK) {
        glhle_trace_info info;
        glhle_trace_get_info(t, &info);
        if (info.source != GLHLE_TRACE_SOURCE_CITRACE || !info.complete || info.mappings < 2)
            __builtin_trap();
        glhle_trace_close(t);
    }
    free(file);
    return 0;
}
