/* Maxwell trace replay (backend/maxwell/trace/mw_trace.c): any bytes. The
 * first byte picks how the rest is used: bit 0 clear, as a trace file (the
 * container's header and chunk checks see everything); bit 0 set, as a
 * list of chunks (u32 type, u32 size, then up to size payload bytes) that
 * is first written into a valid Maxwell trace with correct checksums, so
 * the player's handling of every chunk type and field is reached. The
 * replay is GL-free, with small budgets: at most 16 MiB mapped, 64 Ki words
 * a submission. No crash, hang or unbounded allocation. */
#include <stdlib.h>

#include "backend/maxwell/trace/mw_trace.h"
#include "support/fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    if (size < 1)
        return 0;
    const bool rebuild = data[0] & 1;
    data++;
    size--;
    uint8_t *built = NULL;
    if (rebuild) {
        trace_writer w;
        if (trace_writer_open(&w, NULL, 1u << 24, TRACE_SYSTEM_MAXWELL, &lg) != GLHLE_RESULT_OK)
            __builtin_trap();
        size_t at = 0;
        while (size - at >= 8) {
            uint32_t type = trace_rd32(data + at), n = trace_rd32(data + at + 4);
            at += 8;
            if (n > size - at)
                n = (uint32_t)(size - at);
            trace_put(&w, type, data + at, n, NULL, 0);
            at += n;
        }
        trace_writer_close(&w);
        built = glhle_bytebuf_detach(&w.mem, &size);
        trace_writer_free(&w);
        data = built;
        if (!data)
            return 0;
    }
    glhle_maxwell_replay_desc rd = {
        .maxwell = {.max_words_per_submit = 1u << 16, .macro_step_cap = 1u << 16, .macro_steps_per_submit = 1u << 18,
                    .log = fuzz_quiet_log},
        .frames = 64,
        .max_mapped_bytes = 16u << 20,
    };
    glhle_maxwell_replay_stats st;
    glhle_maxwell_trace_replay(data, size, &rd, &st);
    if (st.chunks > size / 16 + 1)
        __builtin_trap();
    free(built);
    return 0;
}
