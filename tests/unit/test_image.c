/* backend/common/image.c */
#include "support/test_support.h"

#include <stdio.h>
#include <string.h>

#include "backend/common/image.h"

static void fill_pattern(glhle_image *img, bool opaque)
{
    for (uint32_t y = 0; y < img->height; y++)
        for (uint32_t x = 0; x < img->width; x++) {
            uint8_t *p = img->rgba + ((size_t)y * img->width + x) * 4;
            p[0] = (uint8_t)(x * 5);
            p[1] = (uint8_t)(y * 3);
            p[2] = (uint8_t)(x ^ y);
            p[3] = opaque ? 255 : (uint8_t)(x + y);
        }
}

static void png_round_trip(void **state)
{
    (void)state;
    for (int opaque = 0; opaque < 2; opaque++) {
        glhle_image img, back;
        assert_int_equal(glhle_image_alloc(&img, 37, 19), GLHLE_RESULT_OK);
        fill_pattern(&img, opaque);
        const char *path = ts_output_path(opaque ? "image_rt_rgb.png" : "image_rt_rgba.png");
        assert_int_equal(glhle_png_write_file(path, &img, ts_logger()), GLHLE_RESULT_OK);
        assert_int_equal(glhle_png_read_file(path, &back, ts_logger()), GLHLE_RESULT_OK);
        assert_int_equal(back.width, 37);
        assert_int_equal(back.height, 19);
        assert_memory_equal(back.rgba, img.rgba, 37 * 19 * 4);
        /* the opaque image is stored as RGB: 3 bytes a pixel before compression */
        FILE *f = fopen(path, "rb");
        assert_non_null(f);
        uint8_t hdr[26];
        assert_int_equal(fread(hdr, 1, 26, f), 26);
        fclose(f);
        assert_int_equal(hdr[25], opaque ? 2 : 6); /* IHDR colour type */
        glhle_image_free(&img);
        glhle_image_free(&back);
    }
}

static void png_bad_input(void **state)
{
    (void)state;
    glhle_image img;
    ts_log_clear();
    assert_int_equal(glhle_png_read_memory("not a png", 9, &img, ts_logger()), GLHLE_RESULT_BAD_DATA);
    assert_null(img.rgba);
    assert_int_equal(ts_log_count(GLHLE_LOG_ERROR), 1);
    assert_int_equal(glhle_png_read_file("/nonexistent.png", &img, ts_logger()), GLHLE_RESULT_IO_ERROR);
    /* a valid header claiming 100000x1 pixels is refused before allocating */
    static const uint8_t huge[] = {0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x01, 0x86, 0xA0, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x5D, 0x7E, 0x16, 0xD5, 0x00, 0x00, 0x00, 0x0B, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x40, 0x05, 0x00, 0x00, 0x10, 0x00, 0x01, 0x39, 0xBD, 0x8F, 0x65, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82};
    ts_log_clear();
    glhle_result r = glhle_png_read_memory(huge, sizeof huge, &img, ts_logger());
    assert_int_equal(r, GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("100000x1 outside"));
    assert_null(img.rgba);
    assert_int_equal(glhle_image_alloc(&img, 0, 5), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_image_alloc(&img, GLHLE_IMAGE_MAX_SIDE + 1, 1), GLHLE_RESULT_INVALID_ARGUMENT);
}

static void compare_counts_and_diff(void **state)
{
    (void)state;
    glhle_image a, b, diff;
    glhle_image_alloc(&a, 8, 4);
    glhle_image_alloc(&b, 8, 4);
    fill_pattern(&a, true);
    fill_pattern(&b, true);
    b.rgba[(1 * 8 + 2) * 4 + 1] += 3;  /* (2,1): delta 3 */
    b.rgba[(3 * 8 + 7) * 4 + 3] -= 40; /* (7,3): delta 40 in alpha */
    glhle_image_diff d;
    assert_int_equal(glhle_image_compare(&a, &b, 2, &d, &diff), GLHLE_RESULT_OK);
    assert_int_equal(d.differing, 2);
    assert_int_equal(d.total, 32);
    assert_int_equal(d.max_delta, 40);
    assert_int_equal(d.first_x, 2);
    assert_int_equal(d.first_y, 1);
    assert_int_equal(ts_pixel(&diff, 2, 1)[0], 128 + 1);
    assert_int_equal(ts_pixel(&diff, 7, 3)[0], 128 + 20);
    assert_int_equal(ts_pixel(&diff, 0, 0)[1], ts_pixel(&diff, 0, 0)[0]); /* grey */
    glhle_image_free(&diff);
    assert_int_equal(glhle_image_compare(&a, &b, 3, &d, NULL), GLHLE_RESULT_OK);
    assert_int_equal(d.differing, 1);
    glhle_image c;
    glhle_image_alloc(&c, 4, 8);
    assert_int_equal(glhle_image_compare(&a, &c, 0, &d, NULL), GLHLE_RESULT_INVALID_ARGUMENT);
    glhle_image_free(&a);
    glhle_image_free(&b);
    glhle_image_free(&c);
}

static void flip_rows(void **state)
{
    (void)state;
    for (uint32_t h = 1; h <= 4; h++) {
        glhle_image img;
        glhle_image_alloc(&img, 1500, h); /* a row wider than the flip's bounce buffer */
        fill_pattern(&img, false);
        glhle_image ref;
        glhle_image_alloc(&ref, 1500, h);
        memcpy(ref.rgba, img.rgba, 1500 * 4 * h);
        glhle_image_flip_rows(&img);
        for (uint32_t y = 0; y < h; y++)
            assert_memory_equal(img.rgba + y * 6000, ref.rgba + (h - 1 - y) * 6000, 6000);
        glhle_image_free(&img);
        glhle_image_free(&ref);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(png_round_trip),
        cmocka_unit_test(png_bad_input),
        cmocka_unit_test(compare_counts_and_diff),
        cmocka_unit_test(flip_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
