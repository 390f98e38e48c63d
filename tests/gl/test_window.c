/* backend/gl/context_glfw.c: window contexts.
 * glhle-test: needs-display (ctest runs this under xvfb-run when installed) */
#include "support/test_support.h"

#include <stdlib.h>

#include "backend/gl/gl_util.h"

static void window_context_draws_and_swaps(void **state)
{
    (void)state;
    if (!getenv("DISPLAY") && !getenv("WAYLAND_DISPLAY")) {
        print_message("SKIP: no DISPLAY or WAYLAND_DISPLAY (install xvfb to run this under xvfb-run)\n");
        skip();
    }
    ts_pin_gl_driver();
    glhle_context_desc d = {.mode = GLHLE_CONTEXT_WINDOW, .debug = true, .log = ts_log_fn};
    d.window.width = 160;
    d.window.height = 120;
    d.window.hidden = true;
    d.window.title = "glhle test";
    glhle_context *ctx = NULL;
    glhle_result r = glhle_context_create(&d, &ctx);
    if (r == GLHLE_RESULT_UNSUPPORTED) {
        print_message("SKIP: this display offers no GL 4.5 core window\n");
        skip();
    }
    assert_int_equal(r, GLHLE_RESULT_OK);
    assert_int_equal(glhle_context_get_mode(ctx), GLHLE_CONTEXT_WINDOW);
    int w, h;
    glhle_context_drawable_size(ctx, &w, &h);
    assert_int_equal(w, 160);
    assert_int_equal(h, 120);

    /* the smoke scene in an FBO, then blitted to the window's back buffer */
    glhle_image img;
    assert_int_equal(gl_smoke_render(ctx, 160, 120, &img), GLHLE_RESULT_OK);
    GladGLContext *gl = &ctx->gl;
    gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->ClearColor(1, 0, 1, 1);
    gl->Clear(GL_COLOR_BUFFER_BIT);
    glhle_image back;
    assert_int_equal(gl_read_rgba(ctx, 0, 0, 0, 160, 120, &back), GLHLE_RESULT_OK);
    assert_int_equal(ts_pixel(&back, 5, 5)[0], 255);
    assert_int_equal(ts_pixel(&back, 5, 5)[1], 0);
    assert_int_equal(glhle_context_swap(ctx), GLHLE_RESULT_OK);
    assert_false(glhle_context_should_close(ctx));
    assert_int_equal(glhle_context_gl_error_count(ctx), 0);
    glhle_image_free(&img);
    glhle_image_free(&back);
    glhle_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(window_context_draws_and_swaps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
