/* backend/pica/frontend/decode_texture.c: texture units, cube faces and proctex
 * (values encoded by hand from the 3dbrew bit tables). */
#include "support/test_support.h"

#include <string.h>

#include "backend/pica/frontend/regs.h"

static void texture_units(void **state)
{
    (void)state;
    static uint32_t r[PICA_REG_COUNT];
    memset(r, 0, sizeof r);
    r[0x080] = 0x7 | (2u << 8) | (1u << 10) | (1u << 12) | (1u << 13);
    r[0x081] = 0x80402010;
    r[0x082] = (256u << 16) | 128;
    r[0x083] = 0x2 | (3u << 8) | (2u << 12) | (2u << 4) | (1u << 20) | (1u << 24) | (1u << 28);
    r[0x084] = 0x1F00 | (7u << 16) | (1u << 24); /* bias -1.0 (fixed1.4.8), max 7, min 1 */
    r[0x085] = 0x18400000u >> 3;
    r[0x086] = (0x18410000u >> 3) & 0x3FFFFF;
    r[0x087] = (0x18420000u >> 3) & 0x3FFFFF;
    r[0x08A] = (0x187F0000u >> 3) & 0x3FFFFF;
    r[0x08B] = 1 | (0x123456u << 1);
    r[0x08E] = 0xC;
    r[0x093] = 0x4 | (7u << 8) | (1u << 28); /* unit 1: type bits are ignored */
    r[0x094] = 0x0080;                        /* +0.5 */
    r[0x095] = 0x18001000u >> 3;
    r[0x096] = 0xD;
    r[0x09A] = (8u << 16) | 8;
    r[0x09E] = 0xB;
    pica_texturing_state o;
    pica_decode_texturing(r, &o);
    assert_true(o.unit[0].enabled && o.unit[1].enabled && o.unit[2].enabled);
    assert_int_equal(o.tex3_coords, 2);
    assert_true(o.tex3_enabled);
    assert_true(o.tex2_uses_coord1);
    const pica_tex_unit_state *u = &o.unit[0];
    assert_memory_equal(u->border, ((uint8_t[4]){0x10, 0x20, 0x40, 0x80}), 4);
    assert_int_equal(u->width, 256);
    assert_int_equal(u->height, 128);
    assert_int_equal(u->mag_filter, 1);
    assert_int_equal(u->min_filter, 0);
    assert_int_equal(u->etc1, 2);
    assert_int_equal(u->wrap_t, PICA_WRAP_MIRRORED_REPEAT);
    assert_int_equal(u->wrap_s, PICA_WRAP_REPEAT);
    assert_true(u->shadow);
    assert_int_equal(u->mip_filter, 1);
    assert_int_equal(u->type, PICA_TEXTYPE_CUBE);
    assert_true(u->lod_bias == -1.0f);
    assert_int_equal(u->lod_max, 7);
    assert_int_equal(u->lod_min, 1);
    assert_int_equal(u->address, 0x18400000);
    assert_int_equal(u->format, PICA_TEX_ETC1);
    assert_int_equal(o.cube_address[0], 0x18400000);
    assert_int_equal(o.cube_address[1], 0x18410000);
    assert_int_equal(o.cube_address[2], 0x18420000);
    assert_int_equal(o.cube_address[3], 0x18000000); /* ADDR4 zero: only ADDR1's upper 6 bits (0x0FC00000 of 0x3080000) */
    assert_int_equal(o.cube_address[5], 0x187F0000);
    assert_true(o.shadow_orthographic);
    assert_int_equal(o.shadow_zbias, 0x123456);
    assert_int_equal(o.unit[1].min_filter, 1);
    assert_int_equal(o.unit[1].wrap_t, 7);
    assert_int_equal(o.unit[1].type, PICA_TEXTYPE_2D);
    assert_true(o.unit[1].lod_bias == 0.5f);
    assert_int_equal(o.unit[1].address, 0x18001000);
    assert_int_equal(o.unit[1].format, PICA_TEX_ETC1A4);
    assert_int_equal(o.unit[2].width, 8);
    assert_int_equal(o.unit[2].format, PICA_TEX_A4);
    r[0x080] = 0;
    pica_decode_texturing(r, &o);
    assert_false(o.unit[0].enabled);
}

static void procedural_texture(void **state)
{
    (void)state;
    static uint32_t r[PICA_REG_COUNT];
    memset(r, 0, sizeof r);
    /* bias 0x3C01 (1 + 2^-10): low byte in PROCTEX0 bits 20-27, high in PROCTEX4 bits 19-26 */
    r[0x0A8] = 1 | (4u << 3) | (6u << 6) | (9u << 10) | (1u << 14) | (1u << 15) | (1u << 16) | (2u << 18) |
               (0x01u << 20);
    r[0x0A9] = (0x3400u << 16) | 0x0800; /* phase 0.25, amplitude 0.5 (fixed1.3.12) */
    r[0x0AA] = 0x0000F000;               /* amplitude -1.0 */
    r[0x0AB] = 0x38004000;               /* u frequency 2.0, v 0.5 */
    r[0x0AC] = 5 | (0u << 3) | (6u << 7) | (64u << 11) | (0x3Cu << 19);
    r[0x0AD] = 0xE0C08000;
    pica_proctex_state o;
    pica_decode_proctex(r, &o);
    assert_int_equal(o.u_clamp, 1);
    assert_int_equal(o.v_clamp, 4);
    assert_int_equal(o.rgb_func, 6);
    assert_int_equal(o.alpha_func, 9);
    assert_true(o.separate_alpha && o.noise_enable);
    assert_int_equal(o.u_shift, 1);
    assert_int_equal(o.v_shift, 2);
    assert_int_equal(o.bias_f16, 0x3C01);
    assert_true(o.bias == 1.0f + 1.0f / 1024.0f);
    assert_true(o.noise_u_amplitude == 0.5f);
    assert_true(o.noise_u_phase == 0.25f);
    assert_true(o.noise_v_amplitude == -1.0f);
    assert_true(o.noise_v_phase == 0.0f);
    assert_true(o.noise_u_frequency == 2.0f);
    assert_true(o.noise_v_frequency == 0.5f);
    assert_int_equal(o.filter, 5);
    assert_int_equal(o.lod_min, 0);
    assert_int_equal(o.lod_max, 6);
    assert_int_equal(o.width, 64);
    assert_memory_equal(o.level_offset, ((uint8_t[4]){0x00, 0x80, 0xC0, 0xE0}), 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(texture_units),
        cmocka_unit_test(procedural_texture),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
