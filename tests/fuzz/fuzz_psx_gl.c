/* Fuzz target: the PlayStation GL renderer (backend/psx/rasterizer.c,
 * vram.c), differential: every input runs on the software reference and on
 * GL, and any difference in VRAM aborts with the first differing pixel. The
 * first byte modulo 8 picks GL with framebuffer fetch at 1x (0-3), with
 * texture barriers at 1x (4-6), or at 2x, read back natively (7); the rest
 * becomes port writes as in
 * fuzz_psx_words.h (at most 512 bytes, areas within 256 x 256). The GL GPUs
 * and the software GPU live for the whole run (programs are compiled once)
 * and are reset to power-on state (GP1(00h), then VRAM cleared by fills)
 * before each input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_psx_words.h"
#include "support/test_support.h"

static glhle_context *ctx;
static glhle_psx *gls[3], *sw;

static void cleanup(void)
{
    glhle_psx_destroy(sw);
    for (int i = 0; i < 3; i++)
        glhle_psx_destroy(gls[i]);
    glhle_context_destroy(ctx);
}

static bool setup(void)
{
    if (ctx)
        return true;
    ts_pin_gl_driver();
    glhle_context_desc cd = {0};
    cd.log_level = GLHLE_LOG_WARN;
    if (glhle_context_create(&cd, &ctx) != GLHLE_RESULT_OK)
        return false;
    for (int i = 0; i < 3; i++) {
        glhle_psx_desc d = {0};
        d.resolution_scale = i == 2 ? 2 : 1;
        d.no_framebuffer_fetch = i == 1;
        d.log = glhle_log_stderr;
        d.log_level = (glhle_log_level)(GLHLE_LOG_ERROR + 1);
        if (glhle_psx_create(ctx, &d, &gls[i]) != GLHLE_RESULT_OK)
            return false;
    }
    glhle_psx_desc d = {0};
    d.renderer = GLHLE_PSX_RENDERER_SOFTWARE;
    d.log = glhle_log_stderr;
    d.log_level = (glhle_log_level)(GLHLE_LOG_ERROR + 1);
    if (glhle_psx_create(NULL, &d, &sw) != GLHLE_RESULT_OK)
        return false;
    atexit(cleanup);
    return true;
}

static uint16_t want[1024 * 512], got[1024 * 512];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || !setup())
        return 0;
    unsigned pick = data[0] % 8; /* the 2x GPU costs four times the others: 1 input in 8 */
    glhle_psx *gl = gls[pick < 4 ? 0 : pick < 7 ? 1 : 2];
    glhle_psx *both[2] = {gl, sw};
    for (int i = 0; i < 2; i++) {
        glhle_psx_end_stream(both[i]);
        glhle_psx_gp1(both[i], 0);
        fuzz_psx_feed(both[i], data + 1, size - 1, true);
    }
    glhle_psx_read_vram(sw, 0, 0, 1024, 512, want);
    glhle_psx_read_vram(gl, 0, 0, 1024, 512, got);
    if (memcmp(want, got, sizeof want) == 0)
        return 0;
    for (size_t i = 0; i < 1024u * 512u; i++)
        if (want[i] != got[i]) {
            fprintf(stderr, "fuzz_psx_gl: GL (scale %u) differs from the software reference at (%zu,%zu): %04X vs %04X; "
                            "the input is in fuzz_psx_gl_mismatch.bin\n",
                    glhle_psx_get_scale(gl), i % 1024, i / 1024, got[i], want[i]);
            FILE *f = fopen("fuzz_psx_gl_mismatch.bin", "wb");
            if (f) {
                fwrite(data, 1, size, f);
                fclose(f);
            }
            abort();
        }
    return 0;
}
