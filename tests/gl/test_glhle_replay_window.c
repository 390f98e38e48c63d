/* tools/glhle-replay.c with --window: the same trace replayed in a GLFW
 * window writes the same PNGs as the offscreen replay (the frame is
 * composed off the window and also drawn into it), for the PICA, the
 * PlayStation and Maxwell. Runs under xvfb-run.
 * glhle-test: needs-display */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/pica_trace_support.h"

static void window_equals_offscreen(void **state)
{
    (void)state;
    if (!tt_tool_path("glhle-replay")) {
        print_message("SKIP: glhle-replay was not built (GLHLE_BUILD_TOOLS off)\n");
        skip();
    }
    if (!getenv("DISPLAY")) {
        print_message("SKIP: no X display (ctest runs this under xvfb-run when it is installed)\n");
        skip();
    }
    glhle_image frames[TT_FRAMES];
    const char *trace = ts_output_path("glhle_replay_window.glht");
    tt_record_display_trace(trace, frames);
    char out[8192], args[4096], png[4096];
    const char *dir = ts_output_path("glhle_replay_out/window");
    snprintf(args, sizeof args, "'%s' --out '%s' --window", trace, dir);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "3 of 3 frames written"));
    for (int f = 0; f < TT_FRAMES; f++) {
        snprintf(png, sizeof png, "%s/frame_%06d.png", dir, f);
        glhle_image img;
        assert_int_equal(glhle_png_read_file(png, &img, ts_logger()), GLHLE_RESULT_OK);
        char name[48];
        snprintf(name, sizeof name, "glhle_replay_window_frame%d", f);
        ts_assert_image(name, &frames[f], &img, 0, 0);
        glhle_image_free(&img);
        glhle_image_free(&frames[f]);
    }
}

/* The PlayStation (GL renderer) and Maxwell replays in a window write the
 * same PNGs as offscreen: a PlayStation trace recorded from the sample
 * scene by glhle-psx, and the committed Maxwell clear scene. */
static void other_systems_in_a_window(void **state)
{
    (void)state;
    if (!tt_tool_path("glhle-replay") || !tt_tool_path("glhle-psx") || !getenv("DISPLAY")) {
        print_message("SKIP: glhle-replay/glhle-psx not built, or no X display\n");
        skip();
    }
    char out[8192], args[8192], a[4096], b[4096];
    const char *psx_trace = ts_output_path("glhle_replay_window_psx.glht");
    snprintf(args, sizeof args, "run '%s/samples/psx/scene.txt' --vram '%s' --record '%s'", GLHLE_SOURCE_DIR,
             ts_output_path("glhle_replay_window_psx.raw16"), psx_trace);
    assert_int_equal(tt_run_tool("glhle-psx", args, out, sizeof out), 0);
    const char *traces[2] = {psx_trace, GLHLE_SOURCE_DIR "/tests/scenes/traces/maxwell_clear.glht"};
    for (int i = 0; i < 2; i++) {
        const char *win = ts_output_path(i ? "glhle_replay_out/window_mw" : "glhle_replay_out/window_psx");
        const char *off = ts_output_path(i ? "glhle_replay_out/offscreen_mw" : "glhle_replay_out/offscreen_psx");
        snprintf(args, sizeof args, "'%s' --out '%s' --window", traces[i], win);
        assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
        snprintf(args, sizeof args, "'%s' --out '%s'", traces[i], off);
        assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
        for (int f = 0;; f++) {
            snprintf(a, sizeof a, "%s/frame_%06d.png", off, f);
            snprintf(b, sizeof b, "%s/frame_%06d.png", win, f);
            FILE *fa = fopen(a, "rb");
            if (!fa) {
                assert_true(f > 0);
                break;
            }
            fclose(fa);
            glhle_image ia, ib;
            assert_int_equal(glhle_png_read_file(a, &ia, ts_logger()), GLHLE_RESULT_OK);
            assert_int_equal(glhle_png_read_file(b, &ib, ts_logger()), GLHLE_RESULT_OK);
            ts_assert_image(i ? "glhle_replay_window_mw" : "glhle_replay_window_psx", &ia, &ib, 0, 0);
            glhle_image_free(&ia);
            glhle_image_free(&ib);
        }
    }
    /* the software renderer has no window picture: a usage error */
    snprintf(args, sizeof args, "'%s' --out '%s' --window --renderer sw", psx_trace,
             ts_output_path("glhle_replay_out/window_sw"));
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 2);
}

int main(void)
{
    ts_pin_gl_driver();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(window_equals_offscreen),
        cmocka_unit_test(other_systems_in_a_window),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
