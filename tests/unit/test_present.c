/* backend/pica/surface/present.c on a GL-free instance (the CPU reference): LCD
 * framebuffers built by hand in every format, column-major with the bottom
 * texel first (3dbrew GPU/External_Registers "Framebuffers"), composed into
 * the frame; stereo; strides; screens off; bad configurations. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "support/pica_support.h"

#define VRAM 0x18000000u
#define VRAM_SIZE (6u << 20)

static uint8_t *vram;

static int setup(void **state)
{
    (void)state;
    vram = calloc(1, VRAM_SIZE);
    return vram ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(vram);
    return 0;
}

static uint8_t e5(uint32_t v)
{
    return (uint8_t)(v << 3 | v >> 2);
}
static uint8_t e6(uint32_t v)
{
    return (uint8_t)(v << 2 | v >> 4);
}
static uint8_t e4(uint32_t v)
{
    return (uint8_t)(v << 4 | v);
}

/* Writes the texel for screen pixel (x, y) (top-left origin) of a screen
 * whose column x starts at `col`, in LCD format `code`, and returns the
 * RGB the screen must show. Channel values come from x and y. */
static void put_lcd(uint32_t code, uint8_t *col, uint32_t x, uint32_t y, uint8_t rgb[3])
{
    const uint32_t k = 239 - y; /* texel k of a column is k pixels above the bottom */
    const uint32_t r = x & 31, g = y & 63, b = (x + y) & 31, a = (x ^ y) & 1;
    switch (code) {
    case 0: { /* RGBA8: A, B, G, R */
        uint8_t *p = col + k * 4;
        p[0] = 0x33, p[1] = (uint8_t)(x + y), p[2] = (uint8_t)y, p[3] = (uint8_t)x;
        rgb[0] = (uint8_t)x, rgb[1] = (uint8_t)y, rgb[2] = (uint8_t)(x + y);
        break;
    }
    case 1: { /* RGB8: B, G, R */
        uint8_t *p = col + k * 3;
        p[0] = (uint8_t)(x * 3), p[1] = (uint8_t)(y * 5), p[2] = (uint8_t)(x ^ y);
        rgb[0] = (uint8_t)(x ^ y), rgb[1] = (uint8_t)(y * 5), rgb[2] = (uint8_t)(x * 3);
        break;
    }
    case 2: { /* RGB565 */
        uint16_t v = (uint16_t)(r << 11 | g << 5 | b);
        memcpy(col + k * 2, &v, 2);
        rgb[0] = e5(r), rgb[1] = e6(g), rgb[2] = e5(b);
        break;
    }
    case 3: { /* RGB5A1 */
        uint16_t v = (uint16_t)(r << 11 | (g & 31) << 6 | b << 1 | a);
        memcpy(col + k * 2, &v, 2);
        rgb[0] = e5(r), rgb[1] = e5(g & 31), rgb[2] = e5(b);
        break;
    }
    default: { /* RGBA4 */
        uint16_t v = (uint16_t)((r & 15) << 12 | (g & 15) << 8 | (b & 15) << 4 | a);
        memcpy(col + k * 2, &v, 2);
        rgb[0] = e4(r & 15), rgb[1] = e4(g & 15), rgb[2] = e4(b & 15);
        break;
    }
    }
}

static const unsigned bpp_of[5] = {4, 3, 2, 2, 2};

/* Builds a screen at addr with `columns` columns, `stride` bytes apart, and
 * the expected picture (RGB, row-major, top row first). */
static void build_screen(uint32_t code, uint32_t addr, uint32_t columns, uint32_t stride, uint8_t *expected)
{
    for (uint32_t x = 0; x < columns; x++)
        for (uint32_t y = 0; y < 240; y++)
            put_lcd(code, vram + (addr - VRAM) + (size_t)x * stride, x, y, expected + ((size_t)y * columns + x) * 3);
}

static void check_screen(const uint8_t *frame, uint32_t frame_w, uint32_t x0, uint32_t y0, uint32_t columns,
                         const uint8_t *expected)
{
    for (uint32_t y = 0; y < 240; y++)
        for (uint32_t x = 0; x < columns; x++) {
            const uint8_t *px = frame + ((size_t)(y0 + y) * frame_w + x0 + x) * 4;
            const uint8_t *e = expected + ((size_t)y * columns + x) * 3;
            if (memcmp(px, e, 3) || px[3] != 255)
                fail_msg("pixel (%u, %u): got %02x%02x%02x%02x, expected %02x%02x%02x ff", x0 + x, y0 + y, px[0],
                         px[1], px[2], px[3], e[0], e[1], e[2]);
        }
}

static void every_format(void **state)
{
    (void)state;
    uint8_t *top = malloc(400 * 240 * 3), *bottom = malloc(320 * 240 * 3), *frame = malloc(400 * 480 * 4);
    for (uint32_t code = 0; code < 5; code++) {
        glhle_pica *p = tp_pica_new(0, 0);
        assert_int_equal(glhle_pica_map_memory(p, VRAM, vram, VRAM_SIZE), GLHLE_RESULT_OK);
        const uint32_t stride = 240 * bpp_of[code];
        build_screen(code, VRAM, 400, stride, top);
        /* the bottom screen with a padded stride, format bits above 0-2 set */
        build_screen(code, VRAM + 0x100000, 320, stride + 16, bottom);
        glhle_pica_present_desc d = {.top_left = {VRAM, 0x80340 | code, stride},
                                     .bottom = {VRAM + 0x100000, code, stride + 16}};
        assert_int_equal(glhle_pica_present(p, &d), GLHLE_RESULT_OK);
        uint32_t w = 0, h = 0;
        assert_int_equal(glhle_pica_read_frame(p, NULL, 0, &w, &h), GLHLE_RESULT_OK);
        assert_int_equal(w, 400);
        assert_int_equal(h, 480);
        assert_int_equal(glhle_pica_read_frame(p, frame, 400 * 480 * 4, NULL, NULL), GLHLE_RESULT_OK);
        check_screen(frame, 400, 0, 0, 400, top);
        check_screen(frame, 400, 40, 240, 320, bottom);
        /* beside the bottom screen: black */
        const uint8_t black[4] = {0, 0, 0, 255};
        assert_memory_equal(frame + (300 * 400 + 39) * 4, black, 4);
        assert_memory_equal(frame + (479 * 400 + 360) * 4, black, 4);
        glhle_pica_destroy(p);
    }
    free(top);
    free(bottom);
    free(frame);
}

static void stereo_and_screens_off(void **state)
{
    (void)state;
    uint8_t *left = malloc(400 * 240 * 3), *right = malloc(400 * 240 * 3), *frame = malloc(800 * 480 * 4);
    glhle_pica *p = tp_pica_new(0, 0);
    assert_int_equal(glhle_pica_map_memory(p, VRAM, vram, VRAM_SIZE), GLHLE_RESULT_OK);
    build_screen(0, VRAM, 400, 960, left);
    build_screen(2, VRAM + 0x100000, 400, 480, right);
    glhle_pica_present_desc d = {.top_left = {VRAM, 0, 0}, .top_right = {VRAM + 0x100000, 2, 0}, .stereo = true};
    assert_int_equal(glhle_pica_present(p, &d), GLHLE_RESULT_OK);
    uint32_t w = 0, h = 0;
    assert_int_equal(glhle_pica_read_frame(p, frame, 800 * 480 * 4, &w, &h), GLHLE_RESULT_OK);
    assert_int_equal(w, 800);
    assert_int_equal(h, 480);
    check_screen(frame, 800, 0, 0, 400, left);
    check_screen(frame, 800, 400, 0, 400, right);
    /* the bottom screen is off: black, centred at x 240 */
    const uint8_t black[4] = {0, 0, 0, 255};
    assert_memory_equal(frame + (400 * 800 + 400) * 4, black, 4);
    glhle_pica_stats st;
    assert_int_equal(glhle_pica_get_stats(p, &st), GLHLE_RESULT_OK);
    assert_int_equal(st.presents, 1);
    /* too small a buffer */
    assert_int_equal(glhle_pica_read_frame(p, frame, 16, &w, &h), GLHLE_RESULT_OUT_OF_BOUNDS);
    glhle_pica_destroy(p);
    free(left);
    free(right);
    free(frame);
}

static void bad_configurations(void **state)
{
    (void)state;
    uint8_t *bottom = malloc(320 * 240 * 3), *frame = malloc(400 * 480 * 4);
    glhle_pica *p = tp_pica_new(0, 0);
    uint32_t w, h;
    assert_int_equal(glhle_pica_read_frame(p, NULL, 0, &w, &h), GLHLE_RESULT_NOT_FOUND);
    assert_int_equal(glhle_pica_map_memory(p, VRAM, vram, VRAM_SIZE), GLHLE_RESULT_OK);
    build_screen(4, VRAM + 0x200000, 320, 480, bottom);
    /* an unmapped top screen: black, an error, the bottom screen still shown */
    glhle_pica_present_desc d = {.top_left = {0x30000000, 0, 0}, .bottom = {VRAM + 0x200000, 4, 0}};
    ts_log_clear();
    assert_int_equal(glhle_pica_present(p, &d), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("pica: present: top-left screen framebuffer 0x30000000+0x5dc00 is not inside one "
                                "memory mapping; screen left black"));
    assert_int_equal(glhle_pica_read_frame(p, frame, 400 * 480 * 4, NULL, NULL), GLHLE_RESULT_OK);
    check_screen(frame, 400, 40, 240, 320, bottom);
    const uint8_t black[4] = {0, 0, 0, 255};
    assert_memory_equal(frame + (100 * 400 + 100) * 4, black, 4);
    /* formats 5-7, a stride below one column, the end of memory */
    d.top_left = (glhle_pica_lcd_framebuffer){VRAM, 5, 0};
    assert_int_equal(glhle_pica_present(p, &d), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("has colour format 5 (bits 0-2)"));
    d.top_left = (glhle_pica_lcd_framebuffer){VRAM, 0, 959};
    assert_int_equal(glhle_pica_present(p, &d), GLHLE_RESULT_INVALID_ARGUMENT);
    d.top_left = (glhle_pica_lcd_framebuffer){VRAM + VRAM_SIZE - 960 * 399, 0, 0};
    assert_int_equal(glhle_pica_present(p, &d), GLHLE_RESULT_OUT_OF_BOUNDS);
    d.top_left = (glhle_pica_lcd_framebuffer){0xFFFFFF00u, 0, 0};
    assert_int_equal(glhle_pica_present(p, &d), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(glhle_pica_present(p, NULL), GLHLE_RESULT_INVALID_ARGUMENT);
    /* PNG output */
    assert_int_equal(glhle_pica_write_frame_png(p, ts_output_path("present_cpu.png")), GLHLE_RESULT_OK);
    glhle_image img;
    assert_int_equal(glhle_png_read_file(ts_output_path("present_cpu.png"), &img, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(img.width, 400);
    assert_memory_equal(img.rgba, frame, 400 * 480 * 4);
    glhle_image_free(&img);
    glhle_pica_destroy(p);
    free(bottom);
    free(frame);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_format),
        cmocka_unit_test(stereo_and_screens_off),
        cmocka_unit_test(bad_configurations),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
