/* backend/pica/frontend/decode_framebuffer.c: per-fragment operations and the
 * framebuffer configuration. */
#include "support/test_support.h"

#include <string.h>

#include "backend/pica/frontend/regs.h"

static void fragment_operations(void **state)
{
    (void)state;
    static uint32_t r[PICA_REG_COUNT];
    memset(r, 0, sizeof r);
    r[0x100] = 0x00E40100; /* libctru's usual value: default mode, blending */
    r[0x101] = 0x4 | (2u << 8) | (10u << 16) | (11u << 20) | (14u << 24) | (1u << 28);
    r[0x102] = 0xC;
    r[0x103] = 0x01020304;
    r[0x104] = 1 | (6u << 4) | (0x80u << 8);
    r[0x105] = 1 | (2u << 4) | (0xF0u << 8) | (0x42u << 16) | (0x0Fu << 24);
    r[0x106] = 1 | (2u << 4) | (7u << 8);
    r[0x107] = 1 | (5u << 4) | (0xFu << 8) | (1u << 12);
    r[0x130] = (0xBC00u << 16) | 0x3C00;
    pica_fragop_state o;
    pica_decode_fragop(r, &o);
    assert_int_equal(o.mode, PICA_FRAGOP_DEFAULT);
    assert_true(o.blend);
    assert_int_equal(o.blend_eq_rgb, 4);
    assert_int_equal(o.blend_eq_alpha, 2);
    assert_int_equal(o.blend_src_rgb, 10);
    assert_int_equal(o.blend_dst_rgb, 11);
    assert_int_equal(o.blend_src_alpha, 14);
    assert_int_equal(o.blend_dst_alpha, 1);
    assert_int_equal(o.logic_op, 0xC);
    assert_memory_equal(o.blend_color, ((uint8_t[4]){4, 3, 2, 1}), 4);
    assert_true(o.alpha_test);
    assert_int_equal(o.alpha_func, PICA_CMP_GREATER);
    assert_int_equal(o.alpha_ref, 0x80);
    assert_true(o.stencil_test);
    assert_int_equal(o.stencil_func, PICA_CMP_EQUAL);
    assert_int_equal(o.stencil_write_mask, 0xF0);
    assert_int_equal(o.stencil_ref, 0x42);
    assert_int_equal(o.stencil_input_mask, 0x0F);
    assert_int_equal(o.stencil_fail, 1);
    assert_int_equal(o.stencil_zfail, 2);
    assert_int_equal(o.stencil_zpass, 7);
    assert_true(o.depth_test);
    assert_int_equal(o.depth_func, PICA_CMP_LEQUAL);
    assert_int_equal(o.color_write_mask, 0xF);
    assert_true(o.depth_write);
    assert_true(o.shadow_constant == 1.0f && o.shadow_linear == -1.0f);
    r[0x100] = 0x00E40003;
    pica_decode_fragop(r, &o);
    assert_int_equal(o.mode, PICA_FRAGOP_SHADOW);
    assert_false(o.blend);
}

static void framebuffer(void **state)
{
    (void)state;
    static uint32_t r[PICA_REG_COUNT];
    memset(r, 0, sizeof r);
    r[0x112] = 0xF;
    r[0x113] = 0xF;
    r[0x114] = 3;
    r[0x115] = 2;
    r[0x116] = 3;
    r[0x117] = 3u << 16; /* RGB565, 16-bit */
    r[0x11B] = 1;
    r[0x11C] = 0x18300000u >> 3;
    r[0x11D] = 0x18000000u >> 3;
    r[0x11E] = 0x01000000u | ((400u - 1) << 12) | 240;
    pica_framebuffer_state o;
    pica_decode_framebuffer(r, &o);
    assert_int_equal(o.color_read, 0xF);
    assert_int_equal(o.color_write, 0xF);
    assert_true(o.stencil_read && o.depth_read);
    assert_false(o.stencil_write);
    assert_true(o.depth_write);
    assert_int_equal(o.depth_format, PICA_DEPTH_D24S8);
    assert_int_equal(o.color_format, PICA_COLOR_RGB565);
    assert_int_equal(o.color_pixel_size, 0);
    assert_true(o.block32);
    assert_int_equal(o.depth_address, 0x18300000);
    assert_int_equal(o.color_address, 0x18000000);
    assert_int_equal(o.width, 240);
    assert_int_equal(o.height, 400);
    assert_true(o.dim_bit24);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fragment_operations),
        cmocka_unit_test(framebuffer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
