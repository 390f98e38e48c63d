/* glhle trace reading and replay, both systems (backend/common/
 * trace_container.c, backend/pica/trace/trace_replay.c, backend/psx/
 * psx_trace.c): any bytes. The first byte picks how the rest is used:
 *  - bit 0 clear: as a trace file, so the header and chunk checks (magic,
 *    versions, lengths, checksums) see everything;
 *  - bit 0 set: as a list of chunks (u32 type, u32 size, then up to size
 *    payload bytes) that is written into a valid file with correct
 *    checksums first, so the replay's handling of every chunk type and
 *    field is reached too;
 *  - bit 1: the PlayStation (a rebuilt file says system 2; a file is
 *    replayed by the PlayStation player) instead of the PICA.
 * Whatever opens is replayed on a GL-free instance with small budgets. No
 * crash, hang or unbounded allocation. */
#include <stdlib.h>
#include <string.h>

#include "backend/pica/trace/trace_format.h"
#include "backend/psx/psx_trace.h"
#include "glhle/psx.h"
#include "glhle/trace.h"
#include "support/fuzz_support.h"

static glhle_result on_frame(void *user, glhle_pica *pica, uint32_t frame)
{
    (void)user;
    (void)pica;
    (void)frame;
    return GLHLE_RESULT_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    if (size < 1)
        return 0;
    const bool rebuild = data[0] & 1, psx = (data[0] & 2) != 0;
    data++;
    size--;
    uint8_t *built = NULL;
    if (rebuild) {
        trace_writer w;
        if (trace_writer_open(&w, NULL, 1u << 24, psx ? TRACE_SYSTEM_PSX : TRACE_SYSTEM_PICA200, &lg) !=
            GLHLE_RESULT_OK)
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
    if (psx) {
        glhle_psx_replay_desc pd = {.psx = {.renderer = GLHLE_PSX_RENDERER_SOFTWARE, .log = fuzz_quiet_log},
                                    .frames = 64};
        glhle_psx_replay_stats ps;
        glhle_psx_trace_replay(data, size, &pd, &ps);
        if (ps.chunks > size / 16)
            __builtin_trap();
        free(built);
        return 0;
    }
    glhle_trace_open_desc od = {.max_file_bytes = 1u << 24, .log = fuzz_quiet_log, .log_level = GLHLE_LOG_DEBUG};
    glhle_trace *t = NULL;
    if (glhle_trace_open_memory(data, size, &od, &t) == GLHLE_RESULT_OK) {
        glhle_trace_info info;
        glhle_trace_get_info(t, &info);
        /* a CiTrace (its magic can turn up here too) is converted: other sizes */
        if (info.source == GLHLE_TRACE_SOURCE_GLHLE && (info.bytes != size || info.chunks > size / 16))
            __builtin_trap();
        glhle_trace_replay_desc rd = {.pica = {.max_words_per_run = 1u << 15, .log = fuzz_quiet_log},
                                      .max_guest_bytes = 8u << 20,
                                      .on_frame = on_frame};
        glhle_trace_replay_stats st;
        glhle_trace_replay(t, &rd, &st);
        if (st.frames > info.frames || st.command_lists > info.command_lists)
            __builtin_trap();
        glhle_trace_close(t);
    }
    free(built);
    return 0;
}
