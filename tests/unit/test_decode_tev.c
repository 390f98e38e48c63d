/* backend/pica/frontend/decode_tev.c: combiner stages (including the 0x0F0 split of
 * stages 4-5), buffer update bits, constant and buffer colours. */
#include "support/test_support.h"

#include <string.h>

#include "backend/pica/frontend/regs.h"

static void stages(void **state)
{
    (void)state;
    static uint32_t r[PICA_REG_COUNT];
    memset(r, 0, sizeof r);
    /* stage 0: rgb sources tex0, primary, constant; alpha previous, previous buffer, tex3 */
    r[0x0C0] = 0x3 | (0x0u << 4) | (0xEu << 8) | (0xFu << 16) | (0xDu << 20) | (0x6u << 24);
    /* rgb operands 1, 12, 13; alpha operands 7, 0, 5 */
    r[0x0C1] = 0x1 | (0xCu << 4) | (0xDu << 8) | (7u << 12) | (0u << 16) | (5u << 20);
    r[0x0C2] = 0x00090008; /* rgb multiply-add, alpha add-multiply */
    r[0x0C3] = 0xAABBCCDD;
    r[0x0C4] = 0x00010002; /* rgb 4x, alpha 2x */
    r[0x0D2] = 0x00070006; /* stage 2: dot3 rgb / dot3 rgba */
    r[0x0F2] = 0x00050004; /* stage 4 lives at 0x0F0 */
    r[0x0FB] = 0x01020304; /* stage 5 colour */
    r[0x0FC] = 0x00020000;
    r[0x0E0] = 0x0000A000 | 0x0500 | 0x0005;
    r[0x0FD] = 0x11223344;
    pica_tev_state t;
    pica_decode_tev(r, &t);
    const pica_tev_stage *s = &t.stage[0];
    assert_memory_equal(s->rgb_source, ((uint8_t[3]){PICA_TEVSRC_TEXTURE0, PICA_TEVSRC_PRIMARY_COLOR, PICA_TEVSRC_CONSTANT}), 3);
    assert_memory_equal(s->alpha_source, ((uint8_t[3]){PICA_TEVSRC_PREVIOUS, PICA_TEVSRC_PREVIOUS_BUFFER, PICA_TEVSRC_TEXTURE3}), 3);
    assert_memory_equal(s->rgb_operand, ((uint8_t[3]){1, 12, 13}), 3);
    assert_memory_equal(s->alpha_operand, ((uint8_t[3]){7, 0, 5}), 3);
    assert_int_equal(s->rgb_combine, PICA_TEVOP_MULTIPLY_ADD);
    assert_int_equal(s->alpha_combine, PICA_TEVOP_ADD_MULTIPLY);
    assert_int_equal(s->rgb_scale, 2);
    assert_int_equal(s->alpha_scale, 1);
    assert_int_equal(t.stage[2].rgb_combine, PICA_TEVOP_DOT3_RGB);
    assert_int_equal(t.stage[2].alpha_combine, PICA_TEVOP_DOT3_RGBA);
    assert_int_equal(t.stage[4].rgb_combine, PICA_TEVOP_INTERPOLATE);
    assert_int_equal(t.stage[4].alpha_combine, PICA_TEVOP_SUBTRACT);
    assert_int_equal(t.stage[5].alpha_scale, 2);
    assert_int_equal(t.stage[1].rgb_combine, PICA_TEVOP_REPLACE);
    assert_int_equal(t.buffer_update_rgb, 0x5);
    assert_int_equal(t.buffer_update_alpha, 0xA);

    pica_tev_colors c;
    pica_decode_tev_colors(r, &c);
    assert_memory_equal(c.constant[0], ((uint8_t[4]){0xDD, 0xCC, 0xBB, 0xAA}), 4);
    assert_memory_equal(c.constant[5], ((uint8_t[4]){0x04, 0x03, 0x02, 0x01}), 4);
    assert_memory_equal(c.constant[3], ((uint8_t[4]){0, 0, 0, 0}), 4);
    assert_memory_equal(c.buffer, ((uint8_t[4]){0x44, 0x33, 0x22, 0x11}), 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
