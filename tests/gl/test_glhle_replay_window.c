/* tools/glhle-replay.c with --window: the same trace replayed in a GLFW
 * window writes the same PNGs as the offscreen replay (the frame is
 * composed off the window and also drawn into it). Runs under xvfb-run.
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

int main(void)
{
    ts_pin_gl_driver();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(window_equals_offscreen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
