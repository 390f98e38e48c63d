/* backend/pica/texture/t3x.c: a real tex3ds file against its source PNG, files built
 * here field by field from the documented layout (mip chains, cube faces,
 * upright and turned atlas entries), and bad files. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/texture/t3x.h"

static void morpion_matches_png(void **state)
{
    (void)state;
    const char *t3x_path, *png_path;
    TS_REQUIRE_TESTDATA("pica/t3x/morpion_a.t3x", t3x_path);
    TS_REQUIRE_TESTDATA("pica/t3x/morpion_a.png", png_path);
    size_t size;
    uint8_t *file = ts_read_file(t3x_path, &size);
    pica_t3x t;
    assert_int_equal(pica_t3x_parse(file, size, &t, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(t.width, 128);
    assert_int_equal(t.height, 128);
    assert_int_equal(t.format, PICA_TEXFMT_RGBA8);
    assert_int_equal(t.levels, 1);
    assert_int_equal(t.faces, 1);
    assert_int_equal(t.compression, 0x11);
    assert_int_equal(t.subimage_count, 1);
    pica_rect r;
    bool turned;
    assert_int_equal(pica_t3x_subimage_rect(&t, 0, 0, &r, &turned, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(r.x, 0);
    assert_int_equal(r.y, 0);
    assert_int_equal(r.w, 128);
    assert_int_equal(r.h, 128);
    assert_false(turned);
    glhle_image png, got;
    assert_int_equal(glhle_png_read_file(png_path, &png, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(pica_t3x_decode_subimage(&t, 0, 0, &got, ts_logger()), GLHLE_RESULT_OK);
    ts_assert_image("morpion_a", &png, &got, 0, 0);
    glhle_image_free(&got);
    assert_int_equal(pica_t3x_decode_level(&t, 0, 0, &got, ts_logger()), GLHLE_RESULT_OK);
    ts_assert_image("morpion_a_level0", &png, &got, 0, 0);
    glhle_image_free(&got);
    glhle_image_free(&png);
    pica_t3x_free(&t);
    free(file);
}

/* ---- files built here ---- */

typedef struct builder {
    uint8_t buf[1 << 16];
    size_t n;
} builder;

static void put8(builder *b, unsigned v)
{
    b->buf[b->n++] = (uint8_t)v;
}

static void put16(builder *b, unsigned v)
{
    put8(b, v & 0xFF);
    put8(b, v >> 8);
}

/* Header: count, log2 sizes, cube flag, format, extra mip levels. */
static void header(builder *b, unsigned count, unsigned wlog, unsigned hlog, bool cube, unsigned fmt, unsigned mips)
{
    b->n = 0;
    put16(b, count);
    put8(b, (wlog - 3) | (hlog - 3) << 3 | (cube ? 0x40 : 0));
    put8(b, fmt);
    put8(b, mips);
}

static void subimage(builder *b, unsigned w, unsigned h, unsigned l, unsigned t, unsigned r, unsigned bo)
{
    put16(b, w), put16(b, h), put16(b, l), put16(b, t), put16(b, r), put16(b, bo);
}

/* A stored (type 0x00) payload. */
static void stored(builder *b, const uint8_t *data, size_t n)
{
    put8(b, 0x00);
    put8(b, n & 0xFF), put8(b, (n >> 8) & 0xFF), put8(b, (n >> 16) & 0xFF);
    memcpy(b->buf + b->n, data, n);
    b->n += n;
}

static void mip_chain_levels(void **state)
{
    (void)state;
    /* 16x16 RGB565 with one extra level: level 0 all blue (0x001F), level 1
     * (8x8, from byte 512) all red (0xF800) */
    uint8_t data[512 + 128];
    for (int i = 0; i < 256; i++)
        data[i * 2] = 0x1F, data[i * 2 + 1] = 0x00;
    for (int i = 0; i < 64; i++)
        data[512 + i * 2] = 0x00, data[512 + i * 2 + 1] = 0xF8;
    builder b;
    header(&b, 0, 4, 4, false, 3, 1);
    stored(&b, data, sizeof data);
    pica_t3x t;
    assert_int_equal(pica_t3x_parse(b.buf, b.n, &t, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(t.levels, 2);
    assert_int_equal(t.face_size, 640);
    glhle_image img;
    assert_int_equal(pica_t3x_decode_level(&t, 0, 1, &img, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(img.width, 8);
    assert_memory_equal(ts_pixel(&img, 5, 6), ((uint8_t[]){255, 0, 0, 255}), 4);
    glhle_image_free(&img);
    assert_int_equal(pica_t3x_decode_level(&t, 0, 0, &img, ts_logger()), GLHLE_RESULT_OK);
    assert_memory_equal(ts_pixel(&img, 15, 15), ((uint8_t[]){0, 0, 255, 255}), 4);
    glhle_image_free(&img);
    assert_int_equal(pica_t3x_decode_level(&t, 0, 2, &img, ts_logger()), GLHLE_RESULT_NOT_FOUND);
    assert_int_equal(pica_t3x_decode_level(&t, 1, 0, &img, ts_logger()), GLHLE_RESULT_NOT_FOUND);
    pica_t3x_free(&t);
}

static void cube_faces(void **state)
{
    (void)state;
    /* six 8x8 I8 faces, face f all 40 * f, in the order +X -X +Y -Y +Z -Z */
    uint8_t data[6 * 64];
    for (int f = 0; f < 6; f++)
        memset(data + f * 64, 40 * f, 64);
    builder b;
    header(&b, 0, 3, 3, true, 7, 0);
    stored(&b, data, sizeof data);
    pica_t3x t;
    assert_int_equal(pica_t3x_parse(b.buf, b.n, &t, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(t.faces, 6);
    for (uint32_t f = 0; f < 6; f++) {
        glhle_image img;
        assert_int_equal(pica_t3x_decode_level(&t, f, 0, &img, ts_logger()), GLHLE_RESULT_OK);
        uint8_t v = (uint8_t)(40 * f);
        assert_memory_equal(ts_pixel(&img, 7, 2), ((uint8_t[]){v, v, v, 255}), 4);
        glhle_image_free(&img);
    }
    pica_t3x_free(&t);
    /* five faces' worth of data is not enough */
    header(&b, 0, 3, 3, true, 7, 0);
    stored(&b, data, 5 * 64);
    ts_log_clear();
    assert_int_equal(pica_t3x_parse(b.buf, b.n, &t, ts_logger()), GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("announces 320 bytes, 384 are needed"));
}

/* 32x16 RGBA8 whose texel (x, y) holds R = x, G = y, B = 7, A = 255. */
static void coordinate_texture(uint8_t data[32 * 16 * 4])
{
    uint8_t host[32 * 16 * 4];
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t x = 0; x < 32; x++) {
            uint8_t *p = host + (y * 32 + x) * 4;
            p[0] = (uint8_t)x, p[1] = (uint8_t)y, p[2] = 7, p[3] = 255;
        }
    pica_surface s = {.format = PICA_TEXFMT_RGBA8, .width = 32, .height = 16};
    assert_int_equal(pica_encode(&s, data, 32 * 16 * 4, NULL, 0, host, 32 * 4, ts_logger()), GLHLE_RESULT_OK);
}

static void atlas_subimages(void **state)
{
    (void)state;
    uint8_t data[32 * 16 * 4];
    coordinate_texture(data);
    builder b;
    header(&b, 3, 5, 4, false, 0, 0);
    /* 0, upright: u 256..768 -> x 8..24, t 512..1024 -> y 0..8 */
    subimage(&b, 16, 8, 256, 1024, 768, 512);
    /* 1, turned: a 12x8 picture stored turned counter-clockwise as the box
     * x 24..32, y 4..16; tex3ds writes it as left = 1 - 16/16, top = 24/32,
     * right = 1 - 4/16, bottom = 32/32 (times 1024) */
    subimage(&b, 12, 8, 0, 768, 768, 1024);
    /* 2, outside the texture */
    subimage(&b, 1, 1, 0, 1024, 1025, 0);
    stored(&b, data, sizeof data);
    pica_t3x t;
    assert_int_equal(pica_t3x_parse(b.buf, b.n, &t, ts_logger()), GLHLE_RESULT_OK);
    pica_rect r;
    bool turned;
    assert_int_equal(pica_t3x_subimage_rect(&t, 0, 0, &r, &turned, ts_logger()), GLHLE_RESULT_OK);
    assert_true(r.x == 8 && r.y == 0 && r.w == 16 && r.h == 8 && !turned);
    assert_int_equal(pica_t3x_subimage_rect(&t, 1, 0, &r, &turned, ts_logger()), GLHLE_RESULT_OK);
    assert_true(r.x == 24 && r.y == 4 && r.w == 8 && r.h == 12 && turned);
    assert_int_equal(t.subimages[1].width, 12);
    assert_int_equal(t.subimages[1].height, 8);

    glhle_image img;
    assert_int_equal(pica_t3x_decode_subimage(&t, 0, 0, &img, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(img.width, 16);
    assert_int_equal(img.height, 8);
    assert_memory_equal(ts_pixel(&img, 3, 5), ((uint8_t[]){11, 5, 7, 255}), 4);
    glhle_image_free(&img);

    /* turned back upright: picture texel (u, v) is box texel (v, 11 - u),
     * i.e. texture texel (24 + v, 4 + 11 - u) */
    assert_int_equal(pica_t3x_decode_subimage(&t, 1, 0, &img, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(img.width, 12);
    assert_int_equal(img.height, 8);
    for (uint32_t v = 0; v < 8; v++)
        for (uint32_t u = 0; u < 12; u++) {
            const uint8_t *p = ts_pixel(&img, u, v);
            assert_int_equal(p[0], 24 + v);
            assert_int_equal(p[1], 15 - u);
        }
    glhle_image_free(&img);

    ts_log_clear();
    assert_int_equal(pica_t3x_decode_subimage(&t, 2, 0, &img, ts_logger()), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("sub-image 2 (offset 29) has a coordinate above 1024"));
    assert_int_equal(pica_t3x_decode_subimage(&t, 3, 0, &img, ts_logger()), GLHLE_RESULT_NOT_FOUND);
    pica_t3x_free(&t);
}

static void bad_files(void **state)
{
    (void)state;
    pica_t3x t;
    builder b;
    uint8_t data[256] = {0};
    ts_log_clear();
    assert_int_equal(pica_t3x_parse(data, 4, &t, ts_logger()), GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("shorter than the 5-byte header"));
    assert_null(t.data);

    header(&b, 0, 3, 3, false, 14, 0);
    stored(&b, data, 64);
    ts_log_clear();
    assert_int_equal(pica_t3x_parse(b.buf, b.n, &t, ts_logger()), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("format byte 0x0E at offset 3"));

    header(&b, 0, 3, 4, false, 7, 1); /* 8x16 cannot have a second level */
    stored(&b, data, 256);
    ts_log_clear();
    assert_int_equal(pica_t3x_parse(b.buf, b.n, &t, ts_logger()), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("1 mipmap levels (offset 4) would take a 8x16 texture below 8x8"));

    header(&b, 3, 3, 3, false, 7, 0);
    subimage(&b, 8, 8, 0, 1024, 1024, 0);
    ts_log_clear();
    assert_int_equal(pica_t3x_parse(b.buf, b.n, &t, ts_logger()), GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("3 sub-image records need bytes 5-40, the file has 17"));

    header(&b, 1, 3, 3, false, 7, 0);
    subimage(&b, 8, 8, 0, 1024, 1024, 0);
    ts_log_clear();
    assert_int_equal(pica_t3x_parse(b.buf, b.n, &t, ts_logger()), GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("compression header at offset 17"));

    put8(&b, 0x28), put8(&b, 64), put8(&b, 0), put8(&b, 0);
    assert_int_equal(pica_t3x_parse(b.buf, b.n, &t, ts_logger()), GLHLE_RESULT_UNSUPPORTED);

    header(&b, 0, 3, 3, false, 7, 0);
    put8(&b, 0x11), put8(&b, 64), put8(&b, 0), put8(&b, 0), put8(&b, 0x80), put8(&b, 0x20), put8(&b, 0x05);
    ts_log_clear();
    assert_int_equal(pica_t3x_parse(b.buf, b.n, &t, ts_logger()), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("copy at offset 10 reaches 6 bytes back"));

    /* an empty sub-image */
    header(&b, 1, 3, 3, false, 7, 0);
    subimage(&b, 0, 0, 512, 1024, 512, 0);
    stored(&b, data, 64);
    assert_int_equal(pica_t3x_parse(b.buf, b.n, &t, ts_logger()), GLHLE_RESULT_OK);
    pica_rect r;
    ts_log_clear();
    assert_int_equal(pica_t3x_subimage_rect(&t, 0, 0, &r, NULL, ts_logger()), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("encloses no texels"));
    pica_t3x_free(&t);
    assert_int_equal(pica_t3x_parse(NULL, 0, &t, ts_logger()), GLHLE_RESULT_TRUNCATED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(morpion_matches_png), cmocka_unit_test(mip_chain_levels),
        cmocka_unit_test(cube_faces),          cmocka_unit_test(atlas_subimages),
        cmocka_unit_test(bad_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
