/* backend/maxwell/texture/astc.c against blocks assembled here bit by bit
 * from the Khronos Data Format Specification 1.3, chapter 23, and texels
 * worked out by hand from its formulas (the arithmetic is in the comments).
 * The comparison with a driver's decoder over many random blocks is
 * tests/gl/test_maxwell_astc.c. */
#include "support/test_support.h"

#include <string.h>

#include "backend/maxwell/texture/astc.h"

/* v into block bits [at, at + n) */
static void put(uint8_t b[16], uint32_t at, uint32_t n, uint32_t v)
{
    for (uint32_t i = 0; i < n; i++, v >>= 1) {
        const uint32_t p = at + i;
        b[p >> 3] = (uint8_t)((b[p >> 3] & ~(1u << (p & 7))) | ((v & 1) << (p & 7)));
    }
}

/* weight-stream bit i is block bit 127 - i (23.17) */
static void put_weight_stream(uint8_t b[16], uint32_t at, uint32_t n, uint32_t v)
{
    for (uint32_t i = 0; i < n; i++, v >>= 1)
        put(b, 127 - (at + i), 1, v & 1);
}

static void assert_all(uint16_t t[MW_ASTC_MAX_TEXELS][4], uint32_t n, uint16_t r, uint16_t g, uint16_t bl, uint16_t a)
{
    for (uint32_t i = 0; i < n; i++) {
        assert_int_equal(t[i][0], r);
        assert_int_equal(t[i][1], g);
        assert_int_equal(t[i][2], bl);
        assert_int_equal(t[i][3], a);
    }
}

/* 23.23: bits 8:0 0x1FC, bit 9 the dynamic range, 11:10 reserved (1),
 * four 13-bit extents, then R, G, B, A as UNORM16. */
static void void_extent_blocks(void **state)
{
    (void)state;
    uint8_t b[16] = {0};
    uint16_t t[MW_ASTC_MAX_TEXELS][4];
    put(b, 0, 12, 0xDFC);
    put(b, 12, 26, 0x3FFFFFF);
    put(b, 38, 26, 0x3FFFFFF);
    put(b, 64, 16, 0x1234);
    put(b, 80, 16, 0x5678);
    put(b, 96, 16, 0x9ABC);
    put(b, 112, 16, 0xDEF0);
    assert_int_equal(mw_astc_decode_block(b, 12, 10, false, t), MW_ASTC_VALID);
    assert_all(t, 120, 0x1234, 0x5678, 0x9ABC, 0xDEF0);
    uint8_t rgba[12 * 10 * 4];
    assert_int_equal(mw_astc_decode_image(b, 16, 12, 10, 12, 10, false, rgba, 48), 0);
    assert_int_equal(rgba[0], 0x12);
    assert_int_equal(rgba[1], 0x56);
    assert_int_equal(rgba[2], 0x9A);
    assert_int_equal(rgba[3], 0xDE);
    /* extents in order (S 1..2, T 3..4) are a valid constant block too */
    put(b, 12, 13, 1);
    put(b, 25, 13, 2);
    put(b, 38, 13, 3);
    put(b, 51, 13, 4);
    assert_int_equal(mw_astc_decode_block(b, 4, 4, false, t), MW_ASTC_VALID);
    /* min S not under max S: an error */
    put(b, 25, 13, 1);
    assert_int_equal(mw_astc_decode_block(b, 4, 4, false, t), MW_ASTC_ERROR);
    assert_all(t, 16, 0xFFFF, 0, 0xFFFF, 0xFFFF);
    put(b, 12, 52, 0); /* back to all ones */
    put(b, 12, 26, 0x3FFFFFF);
    put(b, 38, 26, 0x3FFFFFF);
    put(b, 9, 1, 1); /* HDR: the error colour in the LDR profile */
    assert_int_equal(mw_astc_decode_block(b, 4, 4, false, t), MW_ASTC_HDR);
    assert_all(t, 16, 0xFFFF, 0, 0xFFFF, 0xFFFF);
    put(b, 9, 3, 2); /* LDR, reserved bits 11:10 = 01 */
    assert_int_equal(mw_astc_decode_block(b, 4, 4, false, t), MW_ASTC_ERROR);
}

/* Block mode 0x042 (table 23.8, bits 1:0 nonzero, bits 3:2 = 0): W = B + 4
 * = 4, H = A + 2 = 4 (A = bits 6:5 = 2), R = bit 4 | bit 0 << 1 | bit 1 << 2
 * = 4, no high-precision bit: weights 0..3 in two bits each, 32 bits. One
 * partition, endpoint mode 0 (luminance direct) at bits 16:13; its two
 * values take 128 - 32 - 17 = 79 bits at most, so they are 8-bit (0..255)
 * at bits 24:17 and 32:25. Weights replicate to six bits: 1 -> 21, 2 -> 42
 * -> 43 (over 32), 3 -> 63 -> 64. A 4x4 grid on a 4x4 block maps weight
 * (x, y) to texel (x, y): Ds = (1024 + 2) / 3 = 342, gs = (342 x 3 + 32) >> 6
 * = 16 x. Endpoints 0 and 255 expand to 0 and 65535 (x 257); texel =
 * (65535 w + 32) >> 6: w 21 -> 21504, 43 -> 44031, 64 -> 65535. In sRGB mode
 * they expand to 0x0080 and 0xFF80: (128 (64 - w) + 65408 w + 32) >> 6: w 21
 * -> 21548, 43 -> 43988, 64 -> 65408. */
static void luminance_ramp(void **state)
{
    (void)state;
    uint8_t b[16] = {0};
    put(b, 0, 11, 0x042);
    put(b, 13, 4, 0);
    put(b, 17, 8, 0);
    put(b, 25, 8, 255);
    for (uint32_t i = 0; i < 16; i++)
        put_weight_stream(b, 2 * i, 2, i % 4); /* weight (x, y) = x */
    uint16_t t[MW_ASTC_MAX_TEXELS][4];
    assert_int_equal(mw_astc_decode_block(b, 4, 4, false, t), MW_ASTC_VALID);
    static const uint16_t lin[4] = {0, 21504, 44031, 65535}, srgb[4] = {128, 21548, 43988, 65408};
    for (uint32_t i = 0; i < 16; i++) {
        for (uint32_t c = 0; c < 3; c++)
            assert_int_equal(t[i][c], lin[i % 4]);
        assert_int_equal(t[i][3], 65535);
    }
    assert_int_equal(mw_astc_decode_block(b, 4, 4, true, t), MW_ASTC_VALID);
    for (uint32_t i = 0; i < 16; i++) {
        for (uint32_t c = 0; c < 3; c++)
            assert_int_equal(t[i][c], srgb[i % 4]);
        assert_int_equal(t[i][3], 65408);
    }
}

/* Trit weights: mode 0x051: bits 1:0 = 01, bits 3:2 = 0, bit 4 = 1, A = 2:
 * a 4x4 grid, R = 1 | 1 << 1 = 3: 0..2, one trit and no bits per weight,
 * 16 weights in ceil(8 x 16 / 5) = 26 bits. With no plain bits the stream
 * is the trit blocks' eight bits in order. T = 0x1C: T[4:2] = 111, so C =
 * {T[7:5], T[1:0]} = 0 and t4 = t3 = 2; C[1:0] and C[3:2] are 0, so t2 = 0,
 * t1 = 0, t0 = 0 (23.12.2). Trits 0, 0, 0, 2, 2 and zeros after: weights 3
 * and 4 (texels (3, 0) and (0, 1)) are 2 -> 63 -> 64, the others 0.
 * Endpoints 0 and 255 (85 bits left for two values: 8 bits each). */
static void trit_weights(void **state)
{
    (void)state;
    uint8_t b[16] = {0};
    put(b, 0, 11, 0x051);
    put(b, 25, 8, 255);
    put_weight_stream(b, 0, 8, 0x1C);
    uint16_t t[MW_ASTC_MAX_TEXELS][4];
    assert_int_equal(mw_astc_decode_block(b, 4, 4, false, t), MW_ASTC_VALID);
    for (uint32_t i = 0; i < 16; i++)
        assert_int_equal(t[i][0], i == 3 || i == 4 ? 65535 : 0);
}

static void error_blocks(void **state)
{
    (void)state;
    uint8_t b[16] = {0};
    uint16_t t[MW_ASTC_MAX_TEXELS][4];
    /* bits 3:0 all zero: reserved */
    assert_int_equal(mw_astc_decode_block(b, 8, 8, false, t), MW_ASTC_ERROR);
    assert_all(t, 64, 0xFFFF, 0, 0xFFFF, 0xFFFF);
    /* 0x042 with the dual-plane bit (4x4x2 weights, 64 bits) and four
     * partitions: dual planes allow at most three */
    put(b, 0, 11, 0x442);
    put(b, 11, 2, 3);
    assert_int_equal(mw_astc_decode_block(b, 4, 4, false, t), MW_ASTC_ERROR);
    put(b, 11, 2, 2); /* three partitions are fine with two planes */
    assert_int_equal(mw_astc_decode_block(b, 4, 4, false, t), MW_ASTC_VALID);
    /* 0x042 with B = 2: a 6x4 grid, wider than a 4x4 block */
    memset(b, 0, sizeof b);
    put(b, 0, 11, 0x042 | 2 << 7);
    assert_int_equal(mw_astc_decode_block(b, 4, 4, false, t), MW_ASTC_ERROR);
    assert_int_equal(mw_astc_decode_block(b, 6, 6, false, t), MW_ASTC_VALID);
    /* endpoint mode 2 (HDR luminance) */
    memset(b, 0, sizeof b);
    put(b, 0, 11, 0x042);
    put(b, 13, 4, 2);
    assert_int_equal(mw_astc_decode_block(b, 4, 4, false, t), MW_ASTC_HDR);
    /* footprints outside 4-12 and short images */
    assert_int_equal(mw_astc_decode_block(b, 3, 4, false, t), MW_ASTC_ERROR);
    uint8_t rgba[8 * 8 * 4];
    assert_int_equal(mw_astc_decode_image(b, 16, 8, 8, 4, 4, false, rgba, 32), 3 + 1); /* 3 missing, 1 HDR */
    assert_int_equal(rgba[4 * 32 + 4 * 4 + 0], 0xFF);
    assert_int_equal(rgba[4 * 32 + 4 * 4 + 1], 0x00);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(void_extent_blocks),
        cmocka_unit_test(luminance_ramp),
        cmocka_unit_test(trit_weights),
        cmocka_unit_test(error_blocks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
