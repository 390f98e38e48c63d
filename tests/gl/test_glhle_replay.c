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

#include "glhle/trace.h"
#include "support/pica_trace_support.h"

static glhle_image frames[TT_FRAMES];

static void frames_contract(void **state)
{
    (void)state;
    if (!tt_tool_path("glhle-replay")) {
        print_message("SKIP: glhle-replay was not built (GLHLE_BUILD_TOOLS off)\n");
        skip();
    }
    const char *trace = ts_output_path("glhle_replay_test.glht");
    tt_record_display_trace(trace, frames);
    char out[8192], args[4096], png[4096];
    const char *dir = ts_output_path("glhle_replay_out/all");
    snprintf(args, sizeof args, "'%s' --out '%s'", trace, dir);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "3 of 3 frames written"));
    assert_null(strstr(out, "\r[")); /* no progress bar off a terminal */
    for (int f = 0; f < TT_FRAMES; f++) {
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
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "1 of 2 frames written")); /* it stops after frame 1 */
    snprintf(png, sizeof png, "%s/frame_000000.png", dir);
    assert_false(tt_exists(png));
    snprintf(png, sizeof png, "%s/frame_000001.png", dir);
    assert_true(tt_exists(png));

    /* twice the resolution: each native pixel becomes 2x2 */
    dir = ts_output_path("glhle_replay_out/scale2");
    snprintf(args, sizeof args, "'%s' --out '%s' --frames 2- --scale 2", trace, dir);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
    snprintf(png, sizeof png, "%s/frame_000002.png", dir);
    glhle_image big;
    assert_int_equal(glhle_png_read_file(png, &big, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(big.width, frames[2].width * 2);
    assert_int_equal(big.height, frames[2].height * 2);
    for (uint32_t y = 0; y < frames[2].height; y += 7)
        for (uint32_t x = 0; x < frames[2].width; x += 5)
            assert_memory_equal(ts_pixel(&big, 2 * x + 1, 2 * y + 1), ts_pixel(&frames[2], x, y), 4);
    glhle_image_free(&big);
    for (int f = 0; f < TT_FRAMES; f++)
        glhle_image_free(&frames[f]);
}

/* On a terminal (a pseudo-terminal from util-linux's script), stderr
 * carries the progress bar, ending at 100%. */
static void progress_bar_on_a_terminal(void **state)
{
    (void)state;
    const char *tool = tt_tool_path("glhle-replay");
    if (!tool || system("command -v script > /dev/null 2>&1") != 0) {
        print_message("SKIP: needs glhle-replay and util-linux's script\n");
        skip();
    }
    const char *trace = ts_output_path("glhle_replay_test.glht");
    const char *dir = ts_output_path("glhle_replay_out/tty");
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "script -qec \"ASAN_OPTIONS=detect_leaks=0 '%s' '%s' --out '%s'\" /dev/null 2>&1", tool,
             trace, dir);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    static char out[65536];
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = 0;
    assert_int_equal(pclose(p), 0);
    assert_non_null(strstr(out, "\r["));
    assert_non_null(strstr(out, "] 100%  frame 3  3 written"));
}

static void bad_input(void **state)
{
    (void)state;
    if (!tt_tool_path("glhle-replay"))
        skip();
    char out[8192], args[4096];
    const char *dir = ts_output_path("glhle_replay_out/bad");
    /* usage */
    assert_int_equal(tt_run_tool("glhle-replay", "", out, sizeof out), 2);
    assert_non_null(strstr(out, "usage: glhle-replay TRACE --out DIR"));
    assert_int_equal(tt_run_tool("glhle-replay", "x.glht --out d --frames 3-1", out, sizeof out), 2);
    assert_int_equal(tt_run_tool("glhle-replay", "x.glht --out d --scale 11", out, sizeof out), 2);
    /* a missing file */
    snprintf(args, sizeof args, "/nonexistent.glht --out '%s'", dir);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 1);
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
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 1);
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
        cmocka_unit_test(progress_bar_on_a_terminal),
        cmocka_unit_test(bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
