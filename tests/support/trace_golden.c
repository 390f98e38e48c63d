/* Committed traces as goldens (trace_golden.h). */
#include "support/trace_golden.h"

#include <stdio.h>
#include <stdlib.h>

#include "glhle/maxwell.h"
#include "support/test_support.h"

uint8_t *ts_trace_read(const char *path, size_t *size)
{
    FILE *probe = fopen(path, "rb");
    if (!probe)
        return NULL;
    fclose(probe);
    return ts_read_file(path, size);
}

void ts_trace_assert_committed(const char *path, const uint8_t *bytes, size_t n, uint8_t **committed, size_t *size)
{
    const char *update = getenv("GLHLE_UPDATE_GOLDEN");
    if (update && *update == '1') {
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(bytes, 1, n, f), n);
        fclose(f);
        free(*committed);
        *committed = ts_read_file(path, size);
    }
    if (!*committed)
        fail_msg("%s is missing: run with GLHLE_UPDATE_GOLDEN=1 to record it", path);
    assert_int_equal(*size, n);
    assert_memory_equal(*committed, bytes, n);
}

void ts_maxwell_recording_assert_committed(glhle_maxwell_recorder *rec, const char *path, uint8_t **committed,
                                           size_t *size)
{
    assert_int_equal(glhle_maxwell_recorder_finish(rec), GLHLE_RESULT_OK);
    const uint8_t *bytes;
    size_t n;
    assert_int_equal(glhle_maxwell_recorder_bytes(rec, &bytes, &n), GLHLE_RESULT_OK);
    ts_trace_assert_committed(path, bytes, n, committed, size);
    glhle_maxwell_recorder_destroy(rec);
}
