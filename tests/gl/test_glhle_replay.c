/* tools/glhle-replay.c: the command-line contract of design.md
 * (`glhle-replay TRACE --out DIR [--frames A-B] [--scale N] [--window]`),
 * run as a program on a trace the test records: one PNG per presented
 * frame, named by frame number, equal to the frame the recording instance
 * composed; frame ranges; the resolution scale; exit codes and the
 * offset in the message for a damaged trace. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "glhle/trace.h"
#include "support/pica_support.h"

static const char *tool_path(void)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/../../tools/glhle-replay", ts_output_dir());
    struct stat st;
    return stat(path, &st) == 0 ? path : NULL;
}

static int run(const char *args, char *out, size_t cap)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "'%s' %s 2>&1", tool_path(), args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = 0;
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

#define TOP_FB 0x18000000u
#define BOT_FB 0x18100000u

static glhle_image frames[3];

/* Three frames of coloured LCD framebuffers made by fills and a display
 * transfer on a GL-free instance, recorded to `path`; the recorded
 * instance's frames are kept as the expected images. */
static void record_trace(const char *path)
{
    uint8_t *vram = calloc(1, 2 << 20);
    glhle_pica *p = tp_pica_new(0, 0);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000000, vram, 2 << 20), GLHLE_RESULT_OK);
    glhle_trace_recorder_desc d = {.path = path, .log = ts_log_fn};
    glhle_trace_recorder *rec;
    assert_int_equal(glhle_trace_recorder_create(&d, &rec), GLHLE_RESULT_OK);
    assert_int_equal(glhle_trace_recorder_attach(rec, p), GLHLE_RESULT_OK);
    for (uint32_t f = 0; f < 3; f++) {
        const glhle_pica_memory_fill top = {TOP_FB >> 3, (TOP_FB + 240 * 400 * 4) >> 3, 0xFF2080C0u ^ (f << 20),
                                            2u << 8};
        assert_int_equal(glhle_pica_fill_memory(p, &top), GLHLE_RESULT_OK);
        const glhle_pica_memory_fill bottom = {BOT_FB >> 3, (BOT_FB + 240 * 320 * 2) >> 3, 0x07E0u >> f, 0};
        assert_int_equal(glhle_pica_fill_memory(p, &bottom), GLHLE_RESULT_OK);
        /* the bottom screen's first 64 columns over the top screen's columns
         * 100-163 as a linear RGB565 -> RGBA8 transfer (bit 5: no tiling
         * conversion, bit 1: linear input) */
        const glhle_pica_display_transfer xfer = {.input_address = BOT_FB >> 3,
                                                  .output_address = (TOP_FB + 240 * 4 * 100) >> 3,
                                                  .output_size = (64u << 16) | 240,
                                                  .input_size = (64u << 16) | 240,
                                                  .flags = (1u << 1) | (1u << 5) | (2u << 8)};
        assert_int_equal(glhle_pica_transfer(p, &xfer), GLHLE_RESULT_OK);
        for (int i = 0; i < 200; i++)
            vram[(size_t)(i * 4 + f * 9600)] = 0xFF; /* silent writes into the top screen */
        glhle_pica_present_desc pd;
        memset(&pd, 0, sizeof pd);
        pd.top_left = (glhle_pica_lcd_framebuffer){TOP_FB, 0, 960};
        pd.bottom = (glhle_pica_lcd_framebuffer){BOT_FB, 2, 480};
        assert_int_equal(glhle_pica_present(p, &pd), GLHLE_RESULT_OK);
        uint32_t w, h;
        assert_int_equal(glhle_pica_read_frame(p, NULL, 0, &w, &h), GLHLE_RESULT_OK);
        assert_int_equal(glhle_image_alloc(&frames[f], w, h), GLHLE_RESULT_OK);
        assert_int_equal(glhle_pica_read_frame(p, frames[f].rgba, (size_t)w * h * 4, &w, &h), GLHLE_RESULT_OK);
    }
    assert_int_equal(glhle_trace_recorder_finish(rec), GLHLE_RESULT_OK);
    glhle_trace_recorder_destroy(rec);
    glhle_pica_destroy(p);
    free(vram);
}

static void frames_contract(void **state)
{
    (void)state;
    if (!tool_path()) {
        print_message("SKIP: glhle-replay was not built (GLHLE_BUILD_TOOLS off)\n");
        skip();
    }
    const char *trace = ts_output_path("glhle_replay_test.glht");
    record_trace(trace);
    char out[8192], args[4096], png[4096];
    const char *dir = ts_output_path("glhle_replay_out/all");
    snprintf(args, sizeof args, "'%s' --out '%s'", trace, dir);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_non_null(strstr(out, "3 of 3 frames written"));
    assert_null(strstr(out, "\r[")); /* no progress bar off a terminal */
    for (int f = 0; f < 3; f++) {
        snprintf(png, sizeof png, "%s/frame_%06d.png", dir, f);
        glhle_image img;
        assert_int_equal(glhle_png_read_file(png, &img, ts_logger()), GLHLE_RESULT_OK);
        char name[32];
        snprintf(name, sizeof name, "glhle_replay_frame%d", f);
        ts_assert_image(name, &frames[f], &img, 0, 0);
        glhle_image_free(&img);
    }

    /* frames 1-1 only */
    dir = ts_output_path("glhle_replay_out/one");
    snprintf(args, sizeof args, "'%s' --out '%s' --frames 1-1", trace, dir);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_non_null(strstr(out, "1 of 2 frames written")); /* it stops after frame 1 */
    snprintf(png, sizeof png, "%s/frame_000000.png", dir);
    assert_false(exists(png));
    snprintf(png, sizeof png, "%s/frame_000001.png", dir);
    assert_true(exists(png));

    /* twice the resolution: each native pixel becomes 2x2 */
    dir = ts_output_path("glhle_replay_out/scale2");
    snprintf(args, sizeof args, "'%s' --out '%s' --frames 2- --scale 2", trace, dir);
    assert_int_equal(run(args, out, sizeof out), 0);
    snprintf(png, sizeof png, "%s/frame_000002.png", dir);
    glhle_image big;
    assert_int_equal(glhle_png_read_file(png, &big, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(big.width, frames[2].width * 2);
    assert_int_equal(big.height, frames[2].height * 2);
    for (uint32_t y = 0; y < frames[2].height; y += 7)
        for (uint32_t x = 0; x < frames[2].width; x += 5)
            assert_memory_equal(ts_pixel(&big, 2 * x + 1, 2 * y + 1), ts_pixel(&frames[2], x, y), 4);
    glhle_image_free(&big);
    for (int f = 0; f < 3; f++)
        glhle_image_free(&frames[f]);
}

static void bad_input(void **state)
{
    (void)state;
    if (!tool_path())
        skip();
    char out[8192], args[4096];
    const char *dir = ts_output_path("glhle_replay_out/bad");
    /* usage */
    assert_int_equal(run("", out, sizeof out), 2);
    assert_non_null(strstr(out, "usage: glhle-replay TRACE --out DIR"));
    assert_int_equal(run("x.glht --out d --frames 3-1", out, sizeof out), 2);
    assert_int_equal(run("x.glht --out d --scale 11", out, sizeof out), 2);
    /* a missing file */
    snprintf(args, sizeof args, "/nonexistent.glht --out '%s'", dir);
    assert_int_equal(run(args, out, sizeof out), 1);
    assert_non_null(strstr(out, "cannot read /nonexistent.glht"));
    /* a damaged trace: one byte of the second chunk's payload changed */
    const char *trace = ts_output_path("glhle_replay_test.glht");
    size_t n;
    uint8_t *d = ts_read_file(trace, &n);
    uint32_t first_size = (uint32_t)d[36] | (uint32_t)d[37] << 8;
    size_t second = 32 + 16 + first_size;
    d[second + 8] ^= 0x40;
    const char *bad = ts_output_path("glhle_replay_bad.glht");
    FILE *f = fopen(bad, "wb");
    fwrite(d, 1, n, f);
    fclose(f);
    free(d);
    snprintf(args, sizeof args, "'%s' --out '%s'", bad, dir);
    assert_int_equal(run(args, out, sizeof out), 1);
    char where[64];
    snprintf(where, sizeof where, "offset 0x%zx", second);
    assert_non_null(strstr(out, where));
    assert_non_null(strstr(out, "checksum"));
}

int main(void)
{
    ts_pin_gl_driver();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(frames_contract),
        cmocka_unit_test(bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
