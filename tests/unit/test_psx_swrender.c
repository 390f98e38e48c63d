/* backend/psx/swrender.c: pixels worked out by hand from psx-spx (fill
 * rules, dithering matrix, semi-transparency, modulation, CLUTs, texture
 * window, mask bit, flips) and the rules in prim_setup.h. */
#include "support/test_support.h"

#include <stdlib.h>

#include "support/psx_testing.h"

#define RGB5(r, g, b) ((uint16_t)((r) | ((g) << 5) | ((b) << 10)))

static void fill_rules_quad(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* A 4x4 quad split in two triangles along its diagonal, semi-transparent
     * B+F/4 (E1 bits 5-6 = 3) with colour 40h (5-bit 8, quarter 2) over
     * black: a pixel drawn once is 2, twice 4. Exactly x 0..3, y 0..3 are
     * drawn, once: right and bottom edges are excluded, the shared diagonal
     * belongs to one triangle. */
    PT_GP0(psx, 0xE1000060u);
    PT_GP0(psx, 0x2A404040u, 0x00000000u, 0x00000004u, 0x00040000u, 0x00040004u);
    for (uint32_t y = 0; y < 6; y++)
        for (uint32_t x = 0; x < 6; x++)
            assert_int_equal(pt_pixel(psx, x, y), (x < 4 && y < 4) ? RGB5(2, 2, 2) : 0);
    glhle_psx_destroy(psx);
}

static void gouraud_values(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* Gouraud triangle (0,0) R=0, (8,0) R=FFh, (0,8) R=0. Twice the area is
     * 64; dR/dx = trunc(4096 * 255*8 / 64) = 130560, dR/dy = 0; the start
     * vertex is (0,0) (leftmost, the first of a tie with the third). So
     * R(x) = (2048 + 130560 x) >> 12: x=1 32, x=2 64, x=3 96, x=7 223. */
    PT_GP0(psx, 0x30000000u, 0x00000000u, 0x000000FFu, 0x00000008u, 0x00000000u, 0x00080000u);
    assert_int_equal(pt_pixel(psx, 0, 0), RGB5(0, 0, 0));
    assert_int_equal(pt_pixel(psx, 1, 0), RGB5(4, 0, 0));
    assert_int_equal(pt_pixel(psx, 2, 0), RGB5(8, 0, 0));
    assert_int_equal(pt_pixel(psx, 3, 4), RGB5(12, 0, 0));
    assert_int_equal(pt_pixel(psx, 7, 0), RGB5(27, 0, 0));
    assert_int_equal(pt_pixel(psx, 4, 4), 0); /* x + y = 8 is on the excluded right edge */
    /* with dithering: x=2 row 0 adds -3 -> 61 -> 7; row 1 adds +3 -> 67 -> 8;
     * x=1 row 0 adds 0 -> 32 -> 4 */
    PT_GP0(psx, 0x02000000u, 0, 0x00100010u, 0xE1000200u);
    PT_GP0(psx, 0x30000000u, 0x00000000u, 0x000000FFu, 0x00000008u, 0x00000000u, 0x00080000u);
    assert_int_equal(pt_pixel(psx, 2, 0), RGB5(7, 0, 0));
    assert_int_equal(pt_pixel(psx, 2, 1), RGB5(8, 0, 0));
    assert_int_equal(pt_pixel(psx, 1, 0), RGB5(4, 0, 0));
    glhle_psx_destroy(psx);
}

static void dither_matrix(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* 80h plus the offsets -4 +0 -3 +1 / +2 -2 +3 -1 / -3 +1 -4 +0 / +3 -1 +2 -2,
     * divided by 8: 15 16 15 16 / 16 15 16 15 / 15 16 15 16 / 16 15 16 15 */
    static const uint16_t want[4][4] = {{15, 16, 15, 16}, {16, 15, 16, 15}, {15, 16, 15, 16}, {16, 15, 16, 15}};
    PT_GP0(psx, 0xE1000200u);
    /* a Gouraud quad of one colour is dithered */
    PT_GP0(psx, 0x38808080u, 0x00000000u, 0x00808080u, 0x00000004u, 0x00808080u, 0x00040000u, 0x00808080u,
           0x00040004u);
    /* a flat polygon is not; a flat line is; a rectangle is not */
    PT_GP0(psx, 0x28808080u, 0x00000008u, 0x0000000Cu, 0x00040008u, 0x0004000Cu);
    PT_GP0(psx, 0x40808080u, 0x00000010u, 0x00000013u);
    PT_GP0(psx, 0x60808080u, 0x00000018u, 0x00040004u);
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 4; x++) {
            uint16_t d = want[y][x];
            assert_int_equal(pt_pixel(psx, x, y), RGB5(d, d, d));
            assert_int_equal(pt_pixel(psx, 8 + x, y), RGB5(16, 16, 16));
            assert_int_equal(pt_pixel(psx, 24 + x, y), RGB5(16, 16, 16));
        }
    for (uint32_t x = 0; x < 4; x++) /* row 0 of the matrix at x = 16..19 */
        assert_int_equal(pt_pixel(psx, 16 + x, 0), RGB5(want[0][x], want[0][x], want[0][x]));
    glhle_psx_destroy(psx);
}

static void semi_transparency(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* back (10,20,30), front 8-bit (40h,80h,C0h) = 5-bit (8,16,24), one
     * 1x1 semi-transparent rectangle per mode, mask bit set while drawing:
     *   B/2+F/2 (9,18,27); B+F (18,31,31); B-F (2,4,6); B+F/4 (12,24,31) */
    static const uint16_t want[4] = {RGB5(9, 18, 27), RGB5(18, 31, 31), RGB5(2, 4, 6), RGB5(12, 24, 31)};
    PT_GP0(psx, 0xA0000000u, 0, 0x00010004u, (uint32_t)RGB5(10, 20, 30) * 0x10001u, (uint32_t)RGB5(10, 20, 30) * 0x10001u);
    PT_GP0(psx, 0xE6000001u);
    for (uint32_t mode = 0; mode < 4; mode++) {
        PT_GP0(psx, 0xE1000000u | (mode << 5));
        PT_GP0(psx, 0x6AC08040u, mode);
        assert_int_equal(pt_pixel(psx, mode, 0), 0x8000 | want[mode]);
    }
    glhle_psx_destroy(psx);
}

/* A 4-bit texture page at X=640 (page 10): halfword 3210h holds texels 0..3
 * = indices 0,1,2,3; its CLUT at (0,500) holds transparent, red, green with
 * bit 15, blue. */
static void setup_texture(glhle_psx *psx)
{
    PT_GP0(psx, 0xA0000000u, 0x00000280u, 0x00010001u, 0x00003210u);
    PT_GP0(psx, 0xA0000000u, 0x01F40000u, 0x00010004u, 0x001F0000u, 0x7C0083E0u);
    PT_GP0(psx, 0xE100000Au); /* texpage X 10 * 64, 4-bit */
}

#define CLUT_500 (500u << 6)

static void textures_and_clut(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    setup_texture(psx);
    /* raw 4x1 sprite: texel 0000h leaves the pixel alone */
    PT_GP0(psx, 0xE6000000u, 0x02123456u, 0x00640000u, 0x00010010u);
    PT_GP0(psx, 0x65000000u, 0x00640000u, CLUT_500 << 16, 0x00010004u);
    assert_int_equal(pt_pixel(psx, 0, 100), RGB5(0x56 >> 3, 0x34 >> 3, 0x12 >> 3)); /* 00BBGGRR */
    assert_int_equal(pt_pixel(psx, 1, 100), 0x001F);
    assert_int_equal(pt_pixel(psx, 2, 100), 0x83E0);
    assert_int_equal(pt_pixel(psx, 3, 100), 0x7C00);
    /* modulated by 80h: unchanged; by (40h, 0, FFh): red 31*40h>>4 = 124 -> 15,
     * blue 31*FFh>>4 = 494 -> saturates to 31, green*0 -> 0 with bit 15 kept */
    PT_GP0(psx, 0x64808080u, 0x00650000u, CLUT_500 << 16, 0x00010004u);
    assert_int_equal(pt_pixel(psx, 1, 101), 0x001F);
    assert_int_equal(pt_pixel(psx, 2, 101), 0x83E0);
    PT_GP0(psx, 0x64FF0040u, 0x00660000u, CLUT_500 << 16, 0x00010004u);
    assert_int_equal(pt_pixel(psx, 1, 102), RGB5(15, 0, 0));
    assert_int_equal(pt_pixel(psx, 2, 102), 0x8000);
    assert_int_equal(pt_pixel(psx, 3, 102), RGB5(0, 0, 31));
    /* semi-transparent raw, B+F: only the texel with bit 15 blends */
    PT_GP0(psx, 0xE1000020u | 0x0A, 0x02404040u, 0x00670000u, 0x00010010u);
    PT_GP0(psx, 0x67000000u, 0x00670000u, CLUT_500 << 16, 0x00010004u);
    assert_int_equal(pt_pixel(psx, 1, 103), 0x001F);                  /* opaque */
    assert_int_equal(pt_pixel(psx, 2, 103), 0x8000 | RGB5(8, 31, 8)); /* (8,8,8) + (0,31,0) */
    glhle_psx_destroy(psx);
}

static void texture_modes(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* 8-bit: halfword FE01h at (704,0) = indices 01h, FEh; CLUT of 256 at (0,300) */
    PT_GP0(psx, 0xA0000000u, 0x000002C0u, 0x00010001u, 0x0000FE01u);
    PT_GP0(psx, 0xA0000000u, 0x012C0000u, 0x00010002u, 0x00110000u); /* entry 1 = 0011h */
    PT_GP0(psx, 0xA0000000u, 0x012C00FEu, 0x00010001u, 0x00000022u); /* entry FEh = 0022h */
    PT_GP0(psx, 0xE100008Bu);                                          /* page 11 (704), 8-bit */
    PT_GP0(psx, 0x65000000u, 0x00000000u, (300u << 6) << 16, 0x00010002u);
    assert_int_equal(pt_pixel(psx, 0, 0), 0x0011);
    assert_int_equal(pt_pixel(psx, 1, 0), 0x0022);
    /* 15-bit with a texture window: mask 1Fh (bits 3-7), offset 3 -> u = (u & 7) | 24 */
    uint32_t row[16];
    for (uint32_t i = 0; i < 16; i++)
        row[i] = (2 * i + 1) | ((2 * i + 2) << 16); /* texel u at (768+u, 256) is u+1 */
    PT_GP0(psx, 0xA0000000u, 0x01000300u, 0x00010020u);
    pt_gp0(psx, row, 16);
    PT_GP0(psx, 0xE100011Cu, 0xE200001Fu | (3u << 10)); /* page (768, 256), 15-bit, window */
    PT_GP0(psx, 0x65000000u, 0x00020000u, 0x00000100u, 0x00010008u); /* v = 1: row 257 */
    for (uint32_t x = 0; x < 8; x++)
        assert_int_equal(pt_pixel(psx, x, 2), 0); /* row 1 of the page is empty: nothing drawn */
    PT_GP0(psx, 0x65000000u, 0x00030000u, 0x00000000u, 0x00010008u);
    for (uint32_t x = 0; x < 8; x++)
        assert_int_equal(pt_pixel(psx, x, 3), 24 + x + 1);
    glhle_psx_destroy(psx);
}

static void mask_bit(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    PT_GP0(psx, 0xA0000000u, 0, 0x00010002u, 0x80000000u); /* (1,0) has the mask bit */
    PT_GP0(psx, 0xE6000002u, 0x600000FFu, 0, 0x00010004u);   /* check: (1,0) is protected */
    assert_int_equal(pt_pixel(psx, 0, 0), 0x001F);
    assert_int_equal(pt_pixel(psx, 1, 0), 0x8000);
    assert_int_equal(pt_pixel(psx, 2, 0), 0x001F);
    PT_GP0(psx, 0xE6000001u, 0x6000FF00u, 0x00010000u, 0x00010002u); /* set */
    assert_int_equal(pt_pixel(psx, 0, 1), 0x83E0);
    glhle_psx_destroy(psx);
}

static void clut_cache(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    setup_texture(psx);
    PT_GP0(psx, 0x65000000u, 0x00000000u, (CLUT_500 << 16) | 1u, 0x00010001u); /* texel 1: red */
    assert_int_equal(pt_pixel(psx, 0, 0), 0x001F);
    /* new data under the same CLUT: the cache still holds red */
    PT_GP0(psx, 0xA0000000u, 0x01F40001u, 0x00010001u, 0x00007FFFu);
    PT_GP0(psx, 0x65000000u, 0x00000001u, (CLUT_500 << 16) | 1u, 0x00010001u);
    assert_int_equal(pt_pixel(psx, 1, 0), 0x001F);
    /* GP0(01h) clears it */
    PT_GP0(psx, 0x01000000u, 0x65000000u, 0x00000002u, (CLUT_500 << 16) | 1u, 0x00010001u);
    assert_int_equal(pt_pixel(psx, 2, 0), 0x7FFF);
    /* so does GP1(01h) */
    PT_GP0(psx, 0xA0000000u, 0x01F40001u, 0x00010001u, 0x00000421u);
    glhle_psx_gp1(psx, 0x01000000u);
    PT_GP0(psx, 0x65000000u, 0x00000003u, (CLUT_500 << 16) | 1u, 0x00010001u);
    assert_int_equal(pt_pixel(psx, 3, 0), 0x0421);
    /* a different CLUT attribute reloads */
    PT_GP0(psx, 0xA0000000u, 0x01F40011u, 0x00010001u, 0x00000C63u); /* (17,500): entry 1 of CLUT X 16 */
    PT_GP0(psx, 0x65000000u, 0x00000004u, ((CLUT_500 | 1u) << 16) | 1u, 0x00010001u);
    assert_int_equal(pt_pixel(psx, 4, 0), 0x0C63);
    glhle_psx_destroy(psx);
}

static void rectangle_flip(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* 15-bit row at (768, 0): texel u is u+1; rows v=0..3 at Y 0..3 hold v*16 + u + 1 */
    for (uint32_t v = 0; v < 4; v++) {
        uint32_t row[4];
        for (uint32_t i = 0; i < 4; i++)
            row[i] = (v * 16 + 2 * i + 1) | ((v * 16 + 2 * i + 2) << 16);
        PT_GP0(psx, 0xA0000000u, 0x00000300u | (v << 16), 0x00010008u);
        pt_gp0(psx, row, 4);
    }
    /* X flip: u starts at 4|1 = 5 and decreases (mednafen gpu_sprite.cpp) */
    PT_GP0(psx, 0xE100110Cu, 0x65000000u, 0x00100000u, 0x00000004u, 0x00010004u);
    for (uint32_t x = 0; x < 4; x++)
        assert_int_equal(pt_pixel(psx, x, 16), 5 - x + 1);
    /* Y flip: v decreases from 3 */
    PT_GP0(psx, 0xE100210Cu, 0x65000000u, 0x00140000u, 0x00000300u, 0x00040001u);
    for (uint32_t y = 0; y < 4; y++)
        assert_int_equal(pt_pixel(psx, 0, 20 + y), (3 - y) * 16 + 1);
    /* the flip bits do not touch polygons */
    PT_GP0(psx, 0xE100310Cu);
    PT_GP0(psx, 0x2D000000u, 0x00200000u, 0x00000000u, 0x00200004u, 0x010C0004u, 0x00240000u, 0x00000400u,
           0x00240004u, 0x00000404u);
    for (uint32_t x = 0; x < 4; x++)
        assert_int_equal(pt_pixel(psx, x, 32), x + 1);
    glhle_psx_destroy(psx);
}

static void size_limits_and_clipping(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* 1023 wide is drawn, 1024 wide is not (psx-spx "Size Restriction") */
    PT_GP0(psx, 0x200000FFu, 0x00000000u, 0x000003FFu, 0x00020000u);
    assert_int_equal(pt_pixel(psx, 0, 0), 0x001F);
    PT_GP0(psx, 0x2000FF00u, 0x0010FFFFu, 0x001003FFu, 0x00120000u);
    assert_int_equal(pt_pixel(psx, 0, 16), 0);
    /* lines: Y -300..+300 is skipped, -100..+400 drawn (psx-spx example) */
    PT_GP0(psx, 0x40FFFFFFu, ((uint32_t)(-300 & 0xFFFF) << 16) | 50u, (300u << 16) | 50u);
    assert_int_equal(pt_pixel(psx, 50, 100), 0);
    PT_GP0(psx, 0x40FFFFFFu, ((uint32_t)(-100 & 0xFFFF) << 16) | 60u, (400u << 16) | 60u);
    assert_int_equal(pt_pixel(psx, 60, 0), 0x7FFF);
    assert_int_equal(pt_pixel(psx, 60, 400), 0x7FFF);
    assert_int_equal(pt_pixel(psx, 60, 401), 0);
    /* drawing area (100,100)-(110,105), inclusive */
    PT_GP0(psx, 0xE3000000u | 100u | (100u << 10), 0xE4000000u | 110u | (105u << 10));
    PT_GP0(psx, 0x60FFFFFFu, 0x005A005Au, 0x00400040u);
    assert_int_equal(pt_pixel(psx, 100, 100), 0x7FFF);
    assert_int_equal(pt_pixel(psx, 110, 105), 0x7FFF);
    assert_int_equal(pt_pixel(psx, 111, 105), 0);
    assert_int_equal(pt_pixel(psx, 110, 106), 0);
    assert_int_equal(pt_pixel(psx, 99, 100), 0);
    glhle_psx_destroy(psx);
}

static void lines(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* (0,0)-(5,2): k = 5, y_i = floor((4i + 5) / 10) = 0 0 1 1 2 2; drawn the
     * same from either end */
    PT_GP0(psx, 0x40FFFFFFu, 0x00000000u, 0x00020005u);
    PT_GP0(psx, 0x40FFFFFFu, 0x000A0005u, 0x00080000u); /* (5,10)-(0,8), the same shape */
    static const uint32_t ys[6] = {0, 0, 1, 1, 2, 2};
    for (uint32_t i = 0; i < 6; i++) {
        assert_int_equal(pt_pixel(psx, i, ys[i]), 0x7FFF);
        assert_int_equal(pt_pixel(psx, i, 8 + ys[i]), 0x7FFF);
    }
    assert_int_equal(pt_pixel(psx, 2, 0), 0);
    /* rising (0,24)-(5,22): y_i = 24 + floor((-4i + 4) / 10) = 24 24 23 23 22 22 */
    PT_GP0(psx, 0x40FFFFFFu, 0x00180000u, 0x00160005u);
    static const uint32_t up[6] = {24, 24, 23, 23, 22, 22};
    for (uint32_t i = 0; i < 6; i++)
        assert_int_equal(pt_pixel(psx, i, up[i]), 0x7FFF);
    /* halves: (0,32)-(2,33) puts pixel 1 at y 33 (away from the start);
     * (0,40)-(1,42) puts pixel 1 at x 0 (toward the start) */
    PT_GP0(psx, 0x40FFFFFFu, 0x00200000u, 0x00210002u);
    assert_int_equal(pt_pixel(psx, 1, 33), 0x7FFF);
    assert_int_equal(pt_pixel(psx, 1, 32), 0);
    PT_GP0(psx, 0x40FFFFFFu, 0x00280000u, 0x002A0001u);
    assert_int_equal(pt_pixel(psx, 0, 41), 0x7FFF);
    assert_int_equal(pt_pixel(psx, 1, 41), 0);
    /* Gouraud (0,48) R 0 to (4,48) R FFh: step trunc(4096*255/4) = 261120;
     * pixel 1 (2048 + 261120) >> 12 = 64 -> 8, pixel 4 -> 255 -> 31 */
    PT_GP0(psx, 0x50000000u, 0x00300000u, 0x000000FFu, 0x00300004u);
    assert_int_equal(pt_pixel(psx, 1, 48), RGB5(8, 0, 0));
    assert_int_equal(pt_pixel(psx, 4, 48), RGB5(31, 0, 0));
    /* equal ends: one pixel in the first vertex's colour */
    PT_GP0(psx, 0x500000FFu, 0x00380008u, 0x0000FF00u, 0x00380008u);
    assert_int_equal(pt_pixel(psx, 8, 56), 0x001F);
    glhle_psx_destroy(psx);
}

static void self_sampling_sprite(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* 15-bit texels 1..8 at (100..107, 200); a sprite at (101, 200) reads
     * them through page 1 (X 64) with u = 36: it copies the row one pixel to
     * the right as it was before the sprite (renderer.h contract) */
    PT_GP0(psx, 0xA0000000u, 0x00C80064u, 0x00010008u, 0x00020001u, 0x00040003u, 0x00060005u, 0x00080007u);
    PT_GP0(psx, 0xE1000101u, 0x65000000u, 0x00C80065u, 0x0000C824u, 0x00010008u);
    assert_int_equal(pt_pixel(psx, 100, 200), 1);
    for (uint32_t i = 0; i < 8; i++)
        assert_int_equal(pt_pixel(psx, 101 + i, 200), i + 1);
    glhle_psx_destroy(psx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fill_rules_quad),
        cmocka_unit_test(gouraud_values),
        cmocka_unit_test(dither_matrix),
        cmocka_unit_test(semi_transparency),
        cmocka_unit_test(textures_and_clut),
        cmocka_unit_test(texture_modes),
        cmocka_unit_test(mask_bit),
        cmocka_unit_test(clut_cache),
        cmocka_unit_test(rectangle_flip),
        cmocka_unit_test(size_limits_and_clipping),
        cmocka_unit_test(lines),
        cmocka_unit_test(self_sampling_sprite),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
