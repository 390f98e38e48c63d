/* backend/gl/smoke.c: the smoke scene's pixels, inside, outside and on the edges */
#include "support/test_support.h"

#include <stdlib.h>

#include "backend/gl/gl_util.h"

#define W 128
#define H 128

static void expect_clear(const glhle_image *img, uint32_t x, uint32_t y)
{
    const uint8_t *p = ts_pixel(img, x, y);
    if (p[0] != GL_SMOKE_CLEAR_R || p[1] != GL_SMOKE_CLEAR_G || p[2] != GL_SMOKE_CLEAR_B || p[3] != 255)
        fail_msg("(%u,%u) should be the clear colour, is %u,%u,%u,%u", x, y, p[0], p[1], p[2], p[3]);
}

/* Barycentric colour of the triangle at the pixel centre, top-left origin:
 * red at (16,16), green at (112,16), blue at (16,112). */
static void expect_triangle(const glhle_image *img, uint32_t x, uint32_t y, int tol)
{
    double px = x + 0.5, py = y + 0.5;
    double g = (px - 16) / 96.0, b = (py - 16) / 96.0, r = 1 - g - b;
    int want[3] = {(int)(r * 255 + 0.5), (int)(g * 255 + 0.5), (int)(b * 255 + 0.5)};
    const uint8_t *p = ts_pixel(img, x, y);
    for (int c = 0; c < 3; c++)
        if (abs(p[c] - want[c]) > tol)
            fail_msg("(%u,%u) channel %d is %u, expected %d", x, y, c, p[c], want[c]);
    assert_int_equal(p[3], 255);
}

static void smoke_scene_pixels(void **state)
{
    glhle_context *ctx = *state;
    glhle_image img;
    assert_int_equal(gl_smoke_render(ctx, W, H, &img), GLHLE_RESULT_OK);
    /* outside: corners and beyond each edge */
    expect_clear(&img, 0, 0);
    expect_clear(&img, W - 1, H - 1);
    expect_clear(&img, W - 1, 0);
    expect_clear(&img, 0, H - 1);
    /* inside: near each corner and at the centroid */
    expect_triangle(&img, 17, 17, 2);
    expect_triangle(&img, 108, 18, 2);
    expect_triangle(&img, 18, 108, 2);
    expect_triangle(&img, 48, 48, 2);
    for (uint32_t t = 20; t < 100; t += 7) {
        /* left edge x = 16 and top edge y = 16: centres at .5 never sit on them */
        expect_triangle(&img, 16, t, 2);
        expect_clear(&img, 15, t);
        expect_triangle(&img, t, 16, 2);
        expect_clear(&img, t, 15);
        /* hypotenuse x + y = 128: centre sums 127 inside, 129 outside */
        expect_triangle(&img, t, 126 - t, 2);
        expect_clear(&img, t, 128 - t);
    }
    ts_assert_golden("smoke_scene", &img, 1, 0);
    glhle_image_free(&img);
}

static void sizes_are_checked(void **state)
{
    glhle_context *ctx = *state;
    glhle_image img;
    ts_log_clear();
    assert_int_equal(gl_smoke_render(ctx, 0, 10, &img), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(gl_smoke_render(ctx, 1 << 20, 10, &img), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("outside 1.."));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(smoke_scene_pixels),
        TS_GL_TEST(sizes_are_checked),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
