/* backend/pica/texture/etc1.c: the ETC1 block codec against hand-computed texels and
 * against piglit's ETC1 KTX pair (a compressed mip chain and its reference
 * decompression, made with other people's tools). */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/texture/etc1.h"

/* Builds the high word of an individual-mode block. */
static uint64_t individual(unsigned r1, unsigned r2, unsigned g1, unsigned g2, unsigned b1, unsigned b2,
                           unsigned t1, unsigned t2, unsigned flip)
{
    uint32_t hi = r1 << 28 | r2 << 24 | g1 << 20 | g2 << 16 | b1 << 12 | b2 << 8 | t1 << 5 | t2 << 2 | flip;
    return (uint64_t)hi << 32;
}

/* Pixel index k (0 = +a, 1 = +b, 2 = -a, 3 = -b) for texel (x, y). */
static uint64_t index_bits(unsigned x, unsigned y, unsigned k)
{
    unsigned i = x * 4 + y;
    return (uint64_t)(k & 1) << i | (uint64_t)(k >> 1) << (16 + i);
}

static void expect_texel(const uint8_t out[64], unsigned x, unsigned y, int r, int g, int b, int a)
{
    const uint8_t *p = out + y * 16 + x * 4;
    if (p[0] != r || p[1] != g || p[2] != b || p[3] != a)
        fail_msg("texel (%u,%u) is %d,%d,%d,%d, expected %d,%d,%d,%d", x, y, p[0], p[1], p[2], p[3], r, g, b, a);
}

static void individual_mode_texels(void **state)
{
    (void)state;
    /* bases: half 1 = (0xA, 0x5, 0x0) -> (170, 85, 0); half 2 = (0x3, 0xF, 0x8)
     * -> (51, 255, 136); table 1 = {5, 17}, table 2 = {33, 106}; no flip, so
     * x < 2 is half 1 */
    uint64_t blk = individual(0xA, 0x3, 0x5, 0xF, 0x0, 0x8, 1, 6, 0);
    blk |= index_bits(3, 0, 3) | index_bits(1, 2, 1) | index_bits(2, 3, 2);
    uint8_t out[64];
    pica_etc1_decode_block(blk, UINT64_MAX, out);
    expect_texel(out, 0, 0, 175, 90, 5, 255);   /* half 1, +5 */
    expect_texel(out, 1, 2, 187, 102, 17, 255); /* half 1, +17 */
    expect_texel(out, 3, 0, 0, 149, 30, 255);   /* half 2, -106, red clamps at 0 */
    expect_texel(out, 2, 3, 18, 222, 103, 255); /* half 2, -33 */
    expect_texel(out, 2, 0, 84, 255, 169, 255); /* half 2, +33, green clamps at 255 */
}

static void differential_flip_texels(void **state)
{
    (void)state;
    /* differential: R 16 (-> 132) delta -4 -> 12 (-> 99); G 31 (-> 255) delta
     * +3 -> 34, outside 0..31, wraps to 2 (-> 16); B 0 delta 0. Tables 0
     * {2, 8} and 7 {47, 183}; flip, so y < 2 is half 1 */
    uint32_t hi = 16u << 27 | 4u << 24 | 31u << 19 | 3u << 16 | 0u << 11 | 0u << 8 | 0u << 5 | 7u << 2 | 2u | 1u;
    uint64_t blk = (uint64_t)hi << 32 | index_bits(0, 0, 1) | index_bits(1, 2, 1) | index_bits(3, 1, 3);
    uint8_t out[64];
    pica_etc1_decode_block(blk, UINT64_MAX, out);
    expect_texel(out, 0, 0, 140, 255, 8, 255);   /* half 1, +8 */
    expect_texel(out, 3, 1, 124, 247, 0, 255);   /* half 1, -8 */
    expect_texel(out, 3, 3, 146, 63, 47, 255);   /* half 2, +47 */
    expect_texel(out, 1, 2, 255, 199, 183, 255); /* half 2, +183, red clamps */
}

static void alpha_nibbles(void **state)
{
    (void)state;
    uint64_t blk = individual(8, 8, 8, 8, 8, 8, 0, 0, 0); /* grey 136 +2 everywhere */
    /* nibble x*4+y: texel (1,1) -> nibble 5, texel (3,0) -> nibble 12 */
    uint64_t alpha = (uint64_t)0x9 << 20 | (uint64_t)0x3 << 48;
    uint8_t out[64];
    pica_etc1_decode_block(blk, alpha, out);
    expect_texel(out, 1, 1, 138, 138, 138, 0x99);
    expect_texel(out, 3, 0, 138, 138, 138, 0x33);
    expect_texel(out, 0, 0, 138, 138, 138, 0);
    assert_int_equal(pica_etc1_encode_alpha(out), alpha);
}

static void decode_to_pitch_and_flip(void **state)
{
    (void)state;
    uint64_t blk = individual(1, 2, 3, 4, 5, 6, 2, 5, 1) | 0x1234ABCDu;
    uint8_t ref[64], img[8 * 16];
    pica_etc1_decode_block(blk, UINT64_MAX, ref);
    /* bottom-up into a wider buffer: row y lands at row 3 - y */
    memset(img, 0xEE, sizeof img);
    pica_etc1_decode_block_to(blk, UINT64_MAX, img + 3 * 32, -32);
    for (int y = 0; y < 4; y++) {
        assert_memory_equal(img + (3 - y) * 32, ref + y * 16, 16);
        assert_int_equal(img[(3 - y) * 32 + 16], 0xEE);
    }
}

/* ---- the encoder ---- */

static void encode_exact_solid(void **state)
{
    (void)state;
    /* 17*8+2, 17*4+2, 17*2+2: base (8,4,2) in individual mode plus +2 of table 0 */
    uint8_t px[64];
    for (int i = 0; i < 16; i++)
        px[i * 4] = 138, px[i * 4 + 1] = 70, px[i * 4 + 2] = 36, px[i * 4 + 3] = 255;
    uint8_t out[64];
    pica_etc1_decode_block(pica_etc1_encode_block(px), UINT64_MAX, out);
    assert_memory_equal(out, px, 64);
}

/* ---- piglit KTX pair ---- */

typedef struct ktx {
    uint8_t *file;
    size_t size;
    uint32_t width, height, levels;
    const uint8_t *level_data[16];
    uint32_t level_size[16];
} ktx;

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* KTX 1.1: 12-byte identifier, 13 little-endian u32 fields, key/value data,
 * then per level a u32 size and the data padded to 4 bytes (Khronos KTX
 * file format specification 1.1). */
static void ktx_load(const char *path, ktx *k)
{
    static const uint8_t ident[12] = {0xAB, 'K', 'T', 'X', ' ', '1', '1', 0xBB, '\r', '\n', 0x1A, '\n'};
    k->file = ts_read_file(path, &k->size);
    assert_true(k->size >= 64);
    assert_memory_equal(k->file, ident, 12);
    assert_int_equal(rd32(k->file + 12), 0x04030201);
    k->width = rd32(k->file + 36);
    k->height = rd32(k->file + 40);
    k->levels = rd32(k->file + 56);
    assert_true(k->levels <= 16);
    size_t off = 64 + rd32(k->file + 60);
    for (uint32_t l = 0; l < k->levels; l++) {
        assert_true(off + 4 <= k->size);
        k->level_size[l] = rd32(k->file + off);
        k->level_data[l] = k->file + off + 4;
        off += 4 + ((k->level_size[l] + 3) & ~3u);
        assert_true(off <= k->size);
    }
}

static uint64_t load_be64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

static void piglit_ktx_pair(void **state)
{
    (void)state;
    const char *cpath, *dpath;
    TS_REQUIRE_TESTDATA("etc1/waffles-compressed-etc1-64x32-miptree.ktx", cpath);
    TS_REQUIRE_TESTDATA("etc1/waffles-decompressed-rgb-64x32-miptree.ktx", dpath);
    ktx c, d;
    ktx_load(cpath, &c);
    ktx_load(dpath, &d);
    assert_int_equal(c.width, 64);
    assert_int_equal(c.height, 32);
    assert_int_equal(c.levels, 7);
    assert_int_equal(d.levels, 7);
    uint64_t texels = 0;
    for (uint32_t l = 0; l < c.levels; l++) {
        uint32_t w = c.width >> l ? c.width >> l : 1, h = c.height >> l ? c.height >> l : 1;
        uint32_t bw = (w + 3) / 4, bh = (h + 3) / 4;
        assert_int_equal(c.level_size[l], bw * bh * 8);
        uint32_t row = d.level_size[l] / h; /* rows may be padded to 4 bytes */
        assert_true(row >= w * 3 && row * h == d.level_size[l]);
        for (uint32_t by = 0; by < bh; by++)
            for (uint32_t bx = 0; bx < bw; bx++) {
                /* standard ETC1 stores the block integer big-endian */
                uint8_t out[64];
                pica_etc1_decode_block(load_be64(c.level_data[l] + (by * bw + bx) * 8), UINT64_MAX, out);
                for (uint32_t y = 0; y < 4 && by * 4 + y < h; y++)
                    for (uint32_t x = 0; x < 4 && bx * 4 + x < w; x++) {
                        const uint8_t *e = d.level_data[l] + (by * 4 + y) * row + (bx * 4 + x) * 3;
                        const uint8_t *a = out + y * 16 + x * 4;
                        if (a[0] != e[0] || a[1] != e[1] || a[2] != e[2] || a[3] != 255)
                            fail_msg("level %u texel (%u,%u): %d,%d,%d,%d, piglit has %d,%d,%d", l, bx * 4 + x,
                                     by * 4 + y, a[0], a[1], a[2], a[3], e[0], e[1], e[2]);
                        texels++;
                    }
            }
    }
    assert_int_equal(texels, 64 * 32 + 32 * 16 + 16 * 8 + 8 * 4 + 4 * 2 + 2 * 1 + 1);

    /* The encoder on the same picture (level 0, which these blocks
     * represent exactly): the error must stay small. */
    uint64_t sq = 0;
    for (uint32_t by = 0; by < 8; by++)
        for (uint32_t bx = 0; bx < 16; bx++) {
            uint8_t in[64], out[64];
            for (uint32_t y = 0; y < 4; y++)
                for (uint32_t x = 0; x < 4; x++) {
                    const uint8_t *e = d.level_data[0] + (by * 4 + y) * 192 + (bx * 4 + x) * 3;
                    memcpy(in + y * 16 + x * 4, e, 3);
                    in[y * 16 + x * 4 + 3] = 255;
                }
            pica_etc1_decode_block(pica_etc1_encode_block(in), UINT64_MAX, out);
            for (int i = 0; i < 64; i++) {
                int df = (int)out[i] - in[i];
                sq += (uint64_t)(df * df);
            }
        }
    double mse = (double)sq / (64.0 * 32 * 3);
    print_message("etc1 encoder on waffles level 0: mean squared error %.2f per channel\n", mse);
    assert_true(mse < 20.0);
    free(c.file);
    free(d.file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(individual_mode_texels), cmocka_unit_test(differential_flip_texels),
        cmocka_unit_test(alpha_nibbles),          cmocka_unit_test(decode_to_pitch_and_flip),
        cmocka_unit_test(encode_exact_solid),     cmocka_unit_test(piglit_ktx_pair),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
