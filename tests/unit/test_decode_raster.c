/* backend/pica/frontend/decode_raster.c: rasterizer group and output map. Register
 * values are encoded by hand from the 3dbrew bit tables; the output-map
 * case is 3dbrew GPU/Pitfalls' own example. */
#include "support/test_support.h"

#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/pica/frontend/regs.h"

static void rasterizer(void **state)
{
    (void)state;
    static uint32_t r[PICA_REG_COUNT];
    memset(r, 0, sizeof r);
    r[0x040] = 1;
    r[0x041] = 0x45E000; /* 120.0 = 1.875 * 2^6: exponent 63 + 6 = 0x45, mantissa 0.875 * 2^16 */
    r[0x042] = (glhle_float_to_bits(1.0f / 120.0f) - (64u << 23)) << 1; /* f31 = f32 with the exponent rebased, in bits 1-31 */
    r[0x043] = 0x469000; /* 200.0 = 1.5625 * 2^7 */
    r[0x044] = (glhle_float_to_bits(1.0f / 200.0f) - (64u << 23)) << 1;
    r[0x047] = 1;
    r[0x048] = 0x3F0000;
    r[0x049] = 0xBF0000;
    r[0x04A] = 0x3E0000;
    r[0x04B] = 0x000000;
    r[0x04D] = 0xBF0000; /* near - far = -1 */
    r[0x04E] = 0x3E0000;
    r[0x061] = 2;
    r[0x062] = 1;
    r[0x065] = 3;
    r[0x066] = (20u << 16) | 10;
    r[0x067] = (230u << 16) | 250;
    r[0x068] = (40u << 16) | 0x3F0; /* x = -16 in 10-bit two's complement */
    r[0x06A] = 0xFFFFFF;
    r[0x06D] = 1;
    r[0x06E] = 0x01000000u | ((400u - 1) << 12) | 240;
    r[0x118] = 1;
    pica_raster_state o;
    pica_decode_raster(r, &o);
    assert_int_equal(o.cull, PICA_CULL_CCW);
    assert_true(o.viewport_half_width == 120.0f);
    assert_true(o.viewport_inv_half_width == 1.0f / 120.0f);
    assert_true(o.viewport_half_height == 200.0f);
    assert_true(o.viewport_inv_half_height == 1.0f / 200.0f);
    assert_int_equal(o.viewport_x, -16);
    assert_int_equal(o.viewport_y, 40);
    assert_true(o.clip_enable);
    assert_true(o.clip_plane[0] == 1.0f && o.clip_plane[1] == -1.0f && o.clip_plane[2] == 0.5f && o.clip_plane[3] == 0.0f);
    assert_true(o.depthmap_enable);
    assert_true(o.depth_scale == -1.0f && o.depth_offset == 0.5f);
    assert_int_equal(o.early_depth_func, 2);
    assert_true(o.early_depth_test1 && o.early_depth_test2);
    assert_int_equal(o.early_depth_clear, 0xFFFFFF);
    assert_int_equal(o.scissor_mode, PICA_SCISSOR_INCLUDE);
    assert_int_equal(o.scissor_x1, 10);
    assert_int_equal(o.scissor_y1, 20);
    assert_int_equal(o.scissor_x2, 250);
    assert_int_equal(o.scissor_y2, 230);
    assert_int_equal(o.renderbuf_width, 240);
    assert_int_equal(o.renderbuf_height, 400);

    r[0x040] = 3; /* same as none (Azahar "KeepAll2") */
    pica_decode_raster(r, &o);
    assert_int_equal(o.cull, PICA_CULL_NONE);
    assert_int_equal(o.cull_raw, 3);
    r[0x040] = 2;
    pica_decode_raster(r, &o);
    assert_int_equal(o.cull, PICA_CULL_CW);
}

static void output_map(void **state)
{
    (void)state;
    static uint32_t r[PICA_REG_COUNT];
    memset(r, 0, sizeof r);
    /* 3dbrew GPU/Pitfalls: TOTAL 2, MASK 0x11, O0 = pos.xyzw, O1 = color.rgba
     * means o0 = position and o4 = colour */
    r[0x04F] = 2;
    r[0x050] = 0x03020100;
    r[0x051] = 0x0B0A0908;
    r[0x052] = 0x1F1F0D0C; /* a third slot beyond TOTAL: not used */
    r[0x064] = 1;
    r[0x06F] = 0x01000103;
    pica_outmap_state o;
    pica_decode_outmap(r, &o);
    assert_int_equal(o.total, 2);
    assert_memory_equal(o.semantic[0], ((uint8_t[4]){0, 1, 2, 3}), 4);
    assert_memory_equal(o.semantic[1], ((uint8_t[4]){8, 9, 10, 11}), 4);
    assert_memory_equal(o.semantic[2], ((uint8_t[4]){12, 13, 0x1F, 0x1F}), 4);
    assert_true(o.use_texcoords);
    assert_int_equal(o.clock, 0x01000103);
    uint8_t sem[16][4];
    pica_outmap_resolve(&o, 0x0011, sem);
    assert_memory_equal(sem[0], ((uint8_t[4]){0, 1, 2, 3}), 4);
    assert_memory_equal(sem[4], ((uint8_t[4]){8, 9, 10, 11}), 4);
    for (int i = 0; i < 16; i++)
        if (i != 0 && i != 4)
            assert_memory_equal(sem[i], ((uint8_t[4]){0x1F, 0x1F, 0x1F, 0x1F}), 4);
    /* more enabled registers than TOTAL slots: the extra ones are unused */
    pica_outmap_resolve(&o, 0x0007, sem);
    assert_int_equal(sem[1][0], 8);
    assert_int_equal(sem[2][0], 0x1F);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rasterizer),
        cmocka_unit_test(output_map),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
