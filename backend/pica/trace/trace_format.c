/* The PICA's side of the glhle trace container: chunk names, and a writer
 * and reader for system 1 (trace_format.h). */
#include "backend/pica/trace/trace_format.h"

static const char *const type_names[] = {
    [PICA_TRACE_INSTANCE] = "INSTANCE",
    [PICA_TRACE_MAP] = "MAP",
    [PICA_TRACE_UNMAP] = "UNMAP",
    [PICA_TRACE_MEMORY] = "MEMORY",
    [PICA_TRACE_INVALIDATE] = "INVALIDATE",
    [PICA_TRACE_FLUSH] = "FLUSH",
    [PICA_TRACE_RUN_HOST] = "RUN_HOST",
    [PICA_TRACE_RUN_GUEST] = "RUN_GUEST",
    [PICA_TRACE_MEMORY_FILL] = "MEMORY_FILL",
    [PICA_TRACE_DISPLAY_TRANSFER] = "DISPLAY_TRANSFER",
    [PICA_TRACE_PRESENT] = "PRESENT",
    [PICA_TRACE_END] = "END",
};

const trace_type_names pica_trace_names = {type_names, sizeof type_names / sizeof type_names[0]};

const char *pica_trace_type_name(uint32_t type, char buf[24])
{
    return trace_type_name(&pica_trace_names, type, buf);
}

glhle_result pica_trace_writer_open(trace_writer *w, const char *path, uint64_t limit, const glhle_logger *lg)
{
    return trace_writer_open(w, path, limit, TRACE_SYSTEM_PICA200, lg);
}

glhle_result pica_trace_reader_open(trace_reader *r, const void *data, size_t size, const glhle_logger *lg)
{
    glhle_result res = trace_reader_open(r, data, size, lg);
    if (res != GLHLE_RESULT_OK)
        return res;
    r->names = pica_trace_names;
    if (r->system != TRACE_SYSTEM_PICA200)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "trace: offset 16: a %s trace (system %u), not a PICA200 one",
                          trace_system_name(r->system), r->system);
    return GLHLE_RESULT_OK;
}
