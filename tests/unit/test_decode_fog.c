/* backend/pica/frontend/decode_fog.c: fog and gas registers. */
#include "support/test_support.h"

#include <string.h>

#include "backend/pica/frontend/regs.h"

static void fog_and_gas(void **state)
{
    (void)state;
    static uint32_t r[PICA_REG_COUNT];
    memset(r, 0, sizeof r);
    r[0x0E0] = 0x00010000 | 0xFF00 | 0x8 | 0x5; /* fog, depth density, z flip; combiner bits ignored here */
    r[0x0E1] = 0x00FF8040;
    r[0x0E4] = 0x3800; /* f16 0.5 */
    r[0x0E5] = 0x4000; /* 2.0 */
    r[0x120] = 0x00302010;
    r[0x121] = 0x00605040;
    r[0x122] = 0x1A5;
    r[0x126] = (2u << 24) | 0x000180; /* depth function 2, delta-z 1.5 (fixed0.16.8) */
    pica_fog_state o;
    pica_decode_fog(r, &o);
    assert_int_equal(o.mode, PICA_FOG_FOG);
    assert_true(o.density_from_depth);
    assert_true(o.z_flip);
    assert_memory_equal(o.color, ((uint8_t[3]){0x40, 0x80, 0xFF}), 3);
    assert_true(o.gas_attenuation == 0.5f && o.gas_accmax == 2.0f);
    assert_int_equal(o.gas_planar_min, 0x10);
    assert_int_equal(o.gas_planar_max, 0x20);
    assert_int_equal(o.gas_planar_atten, 0x30);
    assert_int_equal(o.gas_view_min, 0x40);
    assert_int_equal(o.gas_view_max, 0x50);
    assert_int_equal(o.gas_view_atten, 0x60);
    assert_int_equal(o.gas_view_color, 0xA5);
    assert_int_equal(o.gas_lut_input, 1);
    assert_true(o.gas_deltaz == 1.5f);
    assert_int_equal(o.gas_depth_func, 2);
    r[0x0E0] = 7;
    pica_decode_fog(r, &o);
    assert_int_equal(o.mode, PICA_FOG_GAS);
    assert_false(o.z_flip);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fog_and_gas),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
