/* backend/pica/surface/present.c in window mode: the frame is drawn, fitted and
 * centred, into the window's back buffer.
 * glhle-test: needs-display (ctest runs this under xvfb-run when installed) */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "glhle/pica.h"

static void present_draws_into_the_window(void **state)
{
    (void)state;
    if (!getenv("DISPLAY") && !getenv("WAYLAND_DISPLAY")) {
        print_message("SKIP: no DISPLAY or WAYLAND_DISPLAY (install xvfb to run this under xvfb-run)\n");
        skip();
    }
    ts_pin_gl_driver();
    glhle_context_desc d = {.mode = GLHLE_CONTEXT_WINDOW, .debug = true, .log = ts_log_fn};
    d.window.width = 200; /* half the frame's width, a quarter more than half its height */
    d.window.height = 300;
    d.window.hidden = true;
    glhle_context *ctx = NULL;
    glhle_result r = glhle_context_create(&d, &ctx);
    if (r == GLHLE_RESULT_UNSUPPORTED) {
        print_message("SKIP: this display offers no GL 4.5 core window\n");
        skip();
    }
    assert_int_equal(r, GLHLE_RESULT_OK);
    glhle_pica *p = NULL;
    assert_int_equal(glhle_pica_create(ctx, NULL, &p), GLHLE_RESULT_OK);
    static uint8_t vram[400 * 960];
    /* RGBA8 top screen of one colour: bytes A, B, G, R */
    for (size_t i = 0; i < sizeof vram; i += 4)
        memcpy(vram + i, (const uint8_t[4]){0xFF, 0x30, 0x80, 0xE0}, 4);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000000, vram, sizeof vram), GLHLE_RESULT_OK);
    const glhle_pica_present_desc pd = {.top_left = {0x18000000, 0, 0}};
    assert_int_equal(glhle_pica_present(p, &pd), GLHLE_RESULT_OK);
    int w = 0, h = 0;
    glhle_context_drawable_size(ctx, &w, &h);
    assert_true(w > 0 && h > 0);
    /* the 400x480 frame fits a w-wide box: the top screen's middle is
     * above the window's centre, the bars above and below are black */
    GladGLContext *gl = &ctx->gl;
    uint8_t px[4];
    gl->BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    gl->ReadBuffer(GL_BACK);
    gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
    const int fh = w * 480 / 400, y0 = (h - fh) / 2;
    gl->ReadPixels(w / 2, y0 + fh * 3 / 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_int_equal(px[0], 0xE0);
    assert_int_equal(px[1], 0x80);
    assert_int_equal(px[2], 0x30);
    gl->ReadPixels(w / 2, y0 + fh / 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px); /* the bottom screen is off */
    assert_int_equal(px[0] | px[1] | px[2], 0);
    if (y0 > 1) {
        gl->ReadPixels(w / 2, y0 / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        assert_int_equal(px[0] | px[1] | px[2], 0);
    }
    assert_int_equal(glhle_context_swap(ctx), GLHLE_RESULT_OK);
    assert_int_equal(glhle_context_gl_error_count(ctx), 0);
    glhle_pica_destroy(p);
    glhle_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(present_draws_into_the_window),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
