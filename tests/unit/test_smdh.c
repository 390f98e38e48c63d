/* backend/pica/texture/smdh.c: a real homebrew icon file against its source PNGs,
 * hand-placed texels, and bad files. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/texture/smdh.h"

static uint8_t q5(uint8_t v)
{
    uint8_t r = v >> 3;
    return (uint8_t)(r << 3 | r >> 2);
}

static uint8_t q6(uint8_t v)
{
    uint8_t r = v >> 2;
    return (uint8_t)(r << 2 | r >> 4);
}

/* Every pixel equals the PNG quantised to RGB565 (r5 = r8 >> 3) and expanded
 * back, as the testdata README states for PHBank's icon. */
static void compare_quantised(const glhle_image *got, const char *png_rel)
{
    const char *path;
    TS_REQUIRE_TESTDATA(png_rel, path);
    glhle_image png;
    assert_int_equal(glhle_png_read_file(path, &png, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(png.width, got->width);
    assert_int_equal(png.height, got->height);
    glhle_image expected;
    assert_int_equal(glhle_image_alloc(&expected, png.width, png.height), GLHLE_RESULT_OK);
    for (size_t i = 0; i < (size_t)png.width * png.height; i++) {
        expected.rgba[i * 4 + 0] = q5(png.rgba[i * 4 + 0]);
        expected.rgba[i * 4 + 1] = q6(png.rgba[i * 4 + 1]);
        expected.rgba[i * 4 + 2] = q5(png.rgba[i * 4 + 2]);
        expected.rgba[i * 4 + 3] = 255; /* RGB565 has no alpha */
    }
    ts_assert_image(png_rel + 11, &expected, got, 0, 0);
    glhle_image_free(&expected);
    glhle_image_free(&png);
}

static void phbank_icons(void **state)
{
    (void)state;
    const char *path;
    TS_REQUIRE_TESTDATA("pica/smdh/phbank.smdh", path);
    size_t size;
    uint8_t *file = ts_read_file(path, &size);
    assert_int_equal(size, PICA_SMDH_SIZE);
    glhle_image small, large;
    assert_int_equal(pica_smdh_decode_icons(file, size, &small, &large, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(small.width, 24);
    assert_int_equal(large.width, 48);
    compare_quantised(&small, "pica/smdh/phbank-24.png");
    compare_quantised(&large, "pica/smdh/phbank-48.png");
    glhle_image_free(&small);
    glhle_image_free(&large);
    free(file);
}

static void hand_placed_texels(void **state)
{
    (void)state;
    uint8_t *file = calloc(1, PICA_SMDH_SIZE);
    memcpy(file, "SMDH", 4);
    /* small icon texel (3,5): tile 0, Morton 39 -> 0x2040 + 78; pure red 0xF800 */
    file[0x2040 + 78] = 0x00, file[0x2040 + 79] = 0xF8;
    /* large icon texel (47,47): tile (5,5) = tile 35 of 6 per row, Morton 63
     * -> 0x24C0 + (35 * 64 + 63) * 2; 0x07E0 pure green */
    file[0x24C0 + (35 * 64 + 63) * 2] = 0xE0, file[0x24C0 + (35 * 64 + 63) * 2 + 1] = 0x07;
    /* large icon texel (8,0): tile 1, Morton 0; 0x001F pure blue */
    file[0x24C0 + 128] = 0x1F;
    glhle_image small, large;
    assert_int_equal(pica_smdh_decode_icons(file, PICA_SMDH_SIZE, &small, &large, ts_logger()), GLHLE_RESULT_OK);
    assert_memory_equal(ts_pixel(&small, 3, 5), ((uint8_t[]){255, 0, 0, 255}), 4);
    assert_memory_equal(ts_pixel(&small, 4, 5), ((uint8_t[]){0, 0, 0, 255}), 4);
    assert_memory_equal(ts_pixel(&large, 47, 47), ((uint8_t[]){0, 255, 0, 255}), 4);
    assert_memory_equal(ts_pixel(&large, 8, 0), ((uint8_t[]){0, 0, 255, 255}), 4);
    glhle_image_free(&small);
    glhle_image_free(&large);
    /* either output may be skipped */
    assert_int_equal(pica_smdh_decode_icons(file, PICA_SMDH_SIZE, NULL, &large, ts_logger()), GLHLE_RESULT_OK);
    glhle_image_free(&large);
    free(file);
}

static void bad_files(void **state)
{
    (void)state;
    uint8_t *file = calloc(1, PICA_SMDH_SIZE);
    memcpy(file, "SMDH", 4);
    glhle_image small, large;
    ts_log_clear();
    assert_int_equal(pica_smdh_decode_icons(file, PICA_SMDH_SIZE - 1, &small, &large, ts_logger()),
                     GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("14015 bytes is shorter than the 0x36C0"));
    assert_null(small.rgba);
    assert_null(large.rgba);
    memcpy(file, "SMDX", 4);
    ts_log_clear();
    assert_int_equal(pica_smdh_decode_icons(file, PICA_SMDH_SIZE, &small, &large, ts_logger()),
                     GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("53 4D 44 58, not the magic 'SMDH'"));
    assert_int_equal(pica_smdh_decode_icons(NULL, 0, &small, &large, ts_logger()), GLHLE_RESULT_TRUNCATED);
    free(file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(phbank_icons),
        cmocka_unit_test(hand_placed_texels),
        cmocka_unit_test(bad_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
