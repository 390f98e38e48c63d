/* backend/pica/frontend/decode_lighting.c: global lighting configuration and the
 * lights. */
#include "support/test_support.h"

#include <string.h>

#include "backend/pica/frontend/regs.h"

static void lighting(void **state)
{
    (void)state;
    static uint32_t r[PICA_REG_COUNT];
    memset(r, 0, sizeof r);
    r[0x08F] = 1;
    r[0x1C2] = 2;
    r[0x1D9] = 0x76543201;
    r[0x1C0] = (0x3FFu << 20) | (0x80u << 10) | 0x01;
    r[0x1C3] = 1 | 0xC | (8u << 4) | (4u << 8) | (1u << 16) | (1u << 18) | (2u << 22) | (1u << 24) | (1u << 27) |
               (1u << 28) | (1u << 30) | (1u << 31);
    /* shadows off for light 0, spots off for 0-6, LUTs D0, SP bit 18, FR, RR off, no distance attenuation */
    r[0x1C4] = 0x01 | (0x7Fu << 8) | (0x4Du << 16) | (0xFFu << 24);
    r[0x1D0] = (1u << 5) | (1u << 25);                            /* abs() off for D1 and RR */
    r[0x1D1] = 0 | (1u << 4) | (4u << 8) | (2u << 12) | (3u << 16) | (5u << 20);
    r[0x1D2] = 1 | (6u << 4) | (7u << 8) | (3u << 12) | (0u << 16) | (2u << 20) | (4u << 24);
    /* light 2 at 0x160 */
    r[0x160] = (0x3FFu << 20) | (0x200u << 10) | 0x0FF;
    r[0x164] = 0xC0003C00; /* x 1.0, y -2.0 (f16) */
    r[0x165] = 0x3800;     /* z 0.5 */
    r[0x166] = (0x0400u << 16) | 0x1800; /* spot x -1.0, y 0.5 (fixed1.1.11) */
    r[0x167] = 0x0800;                   /* spot z 1.0 */
    r[0x169] = 0xF;
    r[0x16A] = 0x3F000; /* f20 1.0 */
    r[0x16B] = 0xBE800; /* f20 -0.75 */
    pica_lighting_state o;
    pica_decode_lighting(r, &o);
    assert_true(o.enable0);
    assert_false(o.disable1);
    assert_int_equal(o.num_lights, 3);
    assert_memory_equal(o.light_id, ((uint8_t[8]){1, 0, 2, 3, 4, 5, 6, 7}), 8);
    assert_memory_equal(o.ambient, ((uint16_t[3]){0x3FF, 0x80, 0x01}), 6);
    assert_true(o.shadow_enable);
    assert_int_equal(o.fresnel, 3);
    assert_int_equal(o.config, 8);
    assert_true(o.shadow_primary && !o.shadow_secondary && o.shadow_invert && !o.shadow_alpha);
    assert_int_equal(o.bump_unit, 2);
    assert_int_equal(o.shadow_unit, 1);
    assert_true(o.clamp_highlights);
    assert_int_equal(o.bump_mode, 1);
    assert_true(o.bump_renorm_disabled);
    assert_int_equal(o.shadow_disable, 0x01);
    assert_int_equal(o.spot_disable, 0x7F);
    assert_int_equal(o.lut_disable, 0x4D);
    assert_true(o.lut_disable & (1u << PICA_LUT_RR));
    assert_false(o.lut_disable & (1u << PICA_LUT_RB));
    assert_int_equal(o.dist_atten_disable, 0xFF);
    assert_true(o.lut_abs[PICA_LUT_D0] && !o.lut_abs[PICA_LUT_D1] && o.lut_abs[PICA_LUT_SP]);
    assert_false(o.lut_abs[PICA_LUT_RR]);
    assert_memory_equal(o.lut_input, ((uint8_t[7]){0, 1, 4, 2, 3, 5, 0}), 7);
    assert_memory_equal(o.lut_scale_code, ((uint8_t[7]){1, 6, 7, 3, 0, 2, 4}), 7);
    const pica_light_state *L = &o.light[2];
    assert_memory_equal(L->specular0, ((uint16_t[3]){0x3FF, 0x200, 0x0FF}), 6);
    assert_true(L->position[0] == 1.0f && L->position[1] == -2.0f && L->position[2] == 0.5f);
    assert_true(L->spot_direction[0] == -1.0f && L->spot_direction[1] == 0.5f && L->spot_direction[2] == 1.0f);
    assert_true(L->directional && L->two_sided_diffuse && L->geometric_factor0 && L->geometric_factor1);
    assert_true(L->atten_bias == 1.0f && L->atten_scale == -0.75f);
    assert_false(o.light[1].directional);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lighting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
