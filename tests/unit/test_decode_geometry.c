/* backend/pica/frontend/decode_geometry.c: attribute formats and buffers with the
 * alignment rules of 3dbrew GPU/Pitfalls, index buffer, geometry stage and
 * the shader unit configuration. */
#include "support/test_support.h"

#include <string.h>

#include "backend/pica/frontend/regs.h"

static void vertex_layout(void **state)
{
    (void)state;
    static uint32_t r[PICA_REG_COUNT];
    memset(r, 0, sizeof r);
    r[0x200] = 0x18000000u >> 3;
    /* attr0 float x3, attr1 ubyte x4, attr2 short x2, attr3 byte x1 */
    r[0x201] = 0xB | (0xDu << 4) | (0x6u << 8) | (0x0u << 12);
    r[0x202] = (1u << 20) | (4u << 28); /* attribute 4 fixed; 5 attributes */
    /* buffer 0: attr0, attr1, 4 bytes padding, attr2: offsets 0, 12, 16 (pad), 20; stride 24 */
    r[0x203] = 0x100;
    r[0x204] = 0 | (1u << 4) | (12u << 8) | (2u << 12);
    r[0x205] = (24u << 16) | (4u << 28);
    /* buffer 1: attr3 (1 byte at 0), then attr0 again, aligned to 4: it now loads from here */
    r[0x206] = 0x2000;
    r[0x207] = 3 | (0u << 4);
    r[0x208] = (16u << 16) | (2u << 28);
    r[0x227] = 0x80000000u | 0x3000;
    r[0x228] = 300;
    r[0x22A] = 7;
    r[0x229] = 0x80000102;
    r[0x22D] = 0x84;
    r[0x242] = 4;
    r[0x244] = 1;
    r[0x24A] = 3;
    r[0x251] = 2;
    r[0x252] = 0x01004302; /* 3dbrew: "particle system in use" */
    r[0x253] = 0x101;
    r[0x254] = 3;
    r[0x25E] = 0x0102;
    pica_geometry_state o;
    pica_decode_geometry(r, &o);
    assert_int_equal(o.attrib_base, 0x18000000);
    assert_int_equal(o.attrib[0].type, PICA_ATTRIB_FLOAT);
    assert_int_equal(o.attrib[0].components, 3);
    assert_int_equal(o.attrib[0].size, 12);
    assert_int_equal(o.attrib[1].type, PICA_ATTRIB_UBYTE);
    assert_int_equal(o.attrib[1].components, 4);
    assert_int_equal(o.attrib[2].type, PICA_ATTRIB_SHORT);
    assert_int_equal(o.attrib[2].components, 2);
    assert_int_equal(o.attrib[2].size, 4);
    assert_int_equal(o.attrib[3].type, PICA_ATTRIB_BYTE);
    assert_int_equal(o.attrib[3].size, 1);
    assert_int_equal(o.fixed_attrib_mask, 1u << 4);
    assert_int_equal(o.attrib_count, 5);
    const pica_attrib_buffer *b0 = &o.buffer[0];
    assert_int_equal(b0->offset, 0x100);
    assert_int_equal(b0->address, 0x18000100);
    assert_int_equal(b0->stride, 24);
    assert_int_equal(b0->component_count, 4);
    assert_memory_equal(b0->component, ((uint8_t[4]){0, 1, 12, 2}), 4);
    assert_memory_equal(b0->component_offset, ((uint8_t[4]){0, 12, 16, 20}), 4);
    assert_int_equal(o.buffer[1].address, 0x18002000);
    assert_memory_equal(o.buffer[1].component_offset, ((uint8_t[2]){0, 4}), 2);
    assert_int_equal(o.attrib_buffer[0], 1); /* the later buffer wins */
    assert_int_equal(o.attrib_offset[0], 4);
    assert_int_equal(o.attrib_buffer[1], 0);
    assert_int_equal(o.attrib_offset[1], 12);
    assert_int_equal(o.attrib_buffer[2], 0);
    assert_int_equal(o.attrib_offset[2], 20);
    assert_int_equal(o.attrib_buffer[3], 1);
    assert_int_equal(o.attrib_offset[3], 0);
    assert_int_equal(o.attrib_buffer[4], PICA_NO_BUFFER);
    assert_int_equal(o.buffer[5].component_count, 0);
    assert_int_equal(o.index_offset, 0x3000);
    assert_int_equal(o.index_address, 0x18003000);
    assert_true(o.index_u16);
    assert_int_equal(o.vertex_count, 300);
    assert_int_equal(o.vertex_offset, 7);
    assert_int_equal(o.geostage_mode, 2);
    assert_true(o.gs_enabled && o.triangle_elements && o.gs_subdivision);
    assert_int_equal(o.post_vertex_cache, 0x84);
    assert_int_equal(o.vs_attrib_count, 5);
    assert_true(o.gs_exclusive_config);
    assert_int_equal(o.vs_outmap_total1, 4);
    assert_int_equal(o.vs_outmap_total2, 3);
    assert_int_equal(o.gsh_misc0, 0x01004302);
    assert_int_equal(o.gs_mode, 2);
    assert_int_equal(o.gs_fixed_vertex_count, 4);
    assert_int_equal(o.gs_stride, 5);
    assert_int_equal(o.gs_start_index, 0);
    assert_int_equal(o.gsh_misc1, 3);
    assert_true(o.geostage2_function && o.geostage2_triangle_elements);
    assert_int_equal(o.primitive_mode, PICA_PRIM_TRIANGLE_STRIP);
    assert_int_equal(o.primitive_outmap_total, 3);
}

static void shader_units(void **state)
{
    (void)state;
    static uint32_t r[PICA_REG_COUNT];
    memset(r, 0, sizeof r);
    r[0x2B9] = 0xA0000004;
    r[0x2BA] = 0x7FFF0010;
    r[0x2BB] = 0x01234567;
    r[0x2BC] = 0x89ABCDEF;
    r[0x2BD] = 0x0013;
    r[0x289] = 0x08000103;
    r[0x28A] = 0x7FFF0200;
    r[0x28D] = 0x7F;
    pica_shader_unit_state vs, gs;
    pica_decode_shader_unit(r, 0, &vs);
    pica_decode_shader_unit(r, 1, &gs);
    assert_int_equal(vs.input_count, 5);
    assert_int_equal(vs.mode, 0xA0);
    assert_int_equal(vs.entry_point, 0x10);
    assert_memory_equal(vs.input_register, ((uint8_t[16]){7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8}),
                        16);
    assert_int_equal(vs.output_mask, 0x13);
    assert_int_equal(vs.output_count, 3);
    assert_int_equal(gs.input_count, 4);
    assert_int_equal(gs.subdivision, 1);
    assert_int_equal(gs.mode, 0x08);
    assert_int_equal(gs.entry_point, 0x200);
    assert_int_equal(gs.output_count, 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vertex_layout),
        cmocka_unit_test(shader_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
