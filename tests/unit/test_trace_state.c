/* backend/pica/trace/trace_state.c: the command list that restores a PICA
 * state. A state built by ordinary command lists is turned into a list,
 * run on a power-on instance, and every register, shader word, uniform,
 * attribute and LUT entry must come out equal. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/pica_instance.h"
#include "backend/pica/trace/trace_state.h"
#include "support/pica_support.h"

static long state_list(glhle_pica *p, glhle_bytebuf *out)
{
    glhle_bytebuf_init(out, 0);
    return pica_state_cmdlist(p->fe.regs.r, &p->fe.regs.state, out);
}

static void assert_same_state(glhle_pica *a, glhle_pica *b)
{
    for (uint32_t id = 0; id < PICA_REG_COUNT; id++) {
        if (pica_reg_fields(id) == PICA_FIELDS_trigger || pica_reg_fields(id) == PICA_FIELDS_fifo_data)
            continue; /* actions and FIFO ports hold whatever was last written; not state */
        uint32_t va = a->fe.regs.r[id], vb = b->fe.regs.r[id];
        if (va != vb)
            fail_msg("register 0x%03x (%s): 0x%08x before, 0x%08x restored", id, pica_reg_name(id), va, vb);
    }
    const pica_state *sa = &a->fe.regs.state, *sb = &b->fe.regs.state;
    const pica_shader_setup *ua[2] = {&sa->vs_setup, &sa->gs_setup}, *ub[2] = {&sb->vs_setup, &sb->gs_setup};
    for (int u = 0; u < 2; u++) {
        assert_memory_equal(ua[u]->code, ub[u]->code, sizeof ua[u]->code);
        assert_memory_equal(ua[u]->opdesc, ub[u]->opdesc, sizeof ua[u]->opdesc);
        assert_memory_equal(ua[u]->float_uniforms, ub[u]->float_uniforms, sizeof ua[u]->float_uniforms);
        assert_int_equal(ua[u]->bool_uniforms, ub[u]->bool_uniforms);
        assert_memory_equal(ua[u]->int_uniforms, ub[u]->int_uniforms, sizeof ua[u]->int_uniforms);
        assert_int_equal(ua[u]->entry_point, ub[u]->entry_point);
        assert_int_equal(a->fe.regs.code_offset[u], b->fe.regs.code_offset[u]);
        assert_int_equal(a->fe.regs.opdesc_offset[u], b->fe.regs.opdesc_offset[u]);
    }
    assert_memory_equal(sa->fixed_attrib, sb->fixed_attrib, sizeof sa->fixed_attrib);
    assert_memory_equal(sa->lighting_lut, sb->lighting_lut, sizeof sa->lighting_lut);
    assert_memory_equal(sa->fog_lut, sb->fog_lut, sizeof sa->fog_lut);
    assert_memory_equal(sa->gas_lut, sb->gas_lut, sizeof sa->gas_lut);
    assert_memory_equal(sa->proctex_noise, sb->proctex_noise, sizeof sa->proctex_noise);
    assert_memory_equal(sa->proctex_rgb_map, sb->proctex_rgb_map, sizeof sa->proctex_rgb_map);
    assert_memory_equal(sa->proctex_alpha_map, sb->proctex_alpha_map, sizeof sa->proctex_alpha_map);
    assert_memory_equal(sa->proctex_color, sb->proctex_color, sizeof sa->proctex_color);
    assert_memory_equal(sa->proctex_color_diff, sb->proctex_color_diff, sizeof sa->proctex_color_diff);
}

static uint32_t actions;

static void count_actions(void *user, glhle_pica *p, const glhle_pica_event *ev)
{
    (void)user;
    (void)p;
    if (ev->type == GLHLE_PICA_EVENT_DRAW || ev->type == GLHLE_PICA_EVENT_FINALIZE ||
        ev->type == GLHLE_PICA_EVENT_IMMEDIATE_VERTEX || ev->type == GLHLE_PICA_EVENT_JUMP ||
        ev->type == GLHLE_PICA_EVENT_RESTART_PRIMITIVE)
        actions++;
}

static void restore_and_compare(glhle_pica *a)
{
    glhle_bytebuf list;
    long words = state_list(a, &list);
    assert_true(words > 0);
    assert_int_equal(words % 4, 0); /* whole 16-byte units */
    glhle_pica *b = tp_pica_new(0, 0);
    actions = 0;
    glhle_pica_hooks h = {count_actions, NULL, 0};
    glhle_pica_set_hooks(b, &h);
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_cmdlist(b, (const uint32_t *)list.data, (size_t)words, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    assert_false(res.finalized);
    assert_int_equal(actions, 0);
    assert_same_state(a, b);
    glhle_pica_destroy(b);
    glhle_bytebuf_free(&list);
}

static void power_on_is_empty(void **state)
{
    (void)state;
    glhle_pica *a = tp_pica_new(0, 0);
    glhle_bytebuf list;
    assert_int_equal(state_list(a, &list), 0);
    assert_int_equal(list.size, 0);
    glhle_bytebuf_free(&list);
    glhle_pica_destroy(a);
}

static void citro3d_style_frame(void **state)
{
    (void)state;
    glhle_pica *a = tp_pica_new(0, 0);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_build_lit_fog_draw(&b);
    tp_cmd_finalize(&b);
    glhle_pica_run_result res;
    /* the list draws from 0x18300000, which is unmapped here: the draw is the
     * renderer's business, the registers and FIFOs are what matter */
    glhle_pica_run_cmdlist(a, b.w, b.n, &res);
    assert_true(res.finalized);
    restore_and_compare(a);
    tp_cmd_free(&b);
    glhle_pica_destroy(a);
}

/* Everything the FIFOs fill, with values from a seeded RNG, plus random
 * values in every register whose write only stores it. */
static void random_state(void **state)
{
    (void)state;
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("trace_state.random_state", 0x5EED5747Eull));
    for (int round = 0; round < 8; round++) {
        glhle_pica *a = tp_pica_new(0, 0);
        tp_cmdbuf b;
        tp_cmd_init(&b);
        /* separate units, so that GS uploads are the geometry unit's own */
        tp_cmd1(&b, PICA_REG_VSH_COM_MODE, 1);
        for (int unit = 0; unit < 2; unit++) {
            uint32_t base = unit ? 0x280 : 0x2B0;
            uint32_t n = 1 + ts_rng_below(&rng, 300);
            tp_cmd1(&b, base + 0x1B, ts_rng_below(&rng, 64));
            for (uint32_t i = 0; i < n; i++)
                tp_cmd1(&b, base + 0x1C + (i & 7), ts_rng_u32(&rng));
            tp_cmd1(&b, base + 0x25, 0);
            for (uint32_t i = 0; i < 40; i++)
                tp_cmd1(&b, base + 0x26, ts_rng_u32(&rng));
            for (uint32_t i = 0; i < 6; i++) {
                bool f32 = ts_rng_below(&rng, 2);
                tp_cmd1(&b, base + 0x10, ts_rng_below(&rng, 96) | (f32 ? 0x80000000u : 0));
                /* finite components only (an exponent below all-ones): NaNs are reported */
                uint32_t raw[4], words[4];
                for (int k = 0; k < 4; k++)
                    raw[k] = ts_rng_u32(&rng) & (f32 ? 0xFF7FFFFFu : 0xFEFFFFu);
                if (f32)
                    for (int k = 0; k < 4; k++)
                        words[k] = raw[3 - k];
                else
                    tp_pack_f24x4(raw, words);
                for (uint32_t k = 0; k < (f32 ? 4u : 3u); k++)
                    tp_cmd1(&b, base + 0x11, words[k]);
            }
        }
        for (uint32_t i = 0; i < 5; i++) {
            uint32_t raw[4], packed[3];
            for (int k = 0; k < 4; k++) /* f24 with an exponent below all-ones: finite */
                raw[k] = ts_rng_u32(&rng) & 0xFEFFFFu;
            tp_pack_f24x4(raw, packed);
            tp_cmd1(&b, PICA_REG_FIXEDATTRIB_INDEX, ts_rng_below(&rng, 15));
            tp_cmd(&b, PICA_REG_FIXEDATTRIB_DATA0, 0xF, true, packed, 3);
        }
        for (uint32_t t = 0; t < 24; t += 1 + ts_rng_below(&rng, 6)) {
            tp_cmd1(&b, PICA_REG_LIGHTING_LUT_INDEX, (t << 8) | ts_rng_below(&rng, 256));
            for (int i = 0; i < 300; i++)
                tp_cmd1(&b, PICA_REG_LIGHTING_LUT_DATA0 + (uint32_t)(i & 7), ts_rng_u32(&rng));
        }
        tp_cmd1(&b, PICA_REG_FOG_LUT_INDEX, ts_rng_below(&rng, 128));
        for (int i = 0; i < 100; i++)
            tp_cmd1(&b, PICA_REG_FOG_LUT_DATA0, ts_rng_u32(&rng));
        tp_cmd1(&b, PICA_REG_GAS_LUT_INDEX, 0);
        for (int i = 0; i < 16; i++)
            tp_cmd1(&b, PICA_REG_GAS_LUT_DATA, ts_rng_u32(&rng));
        const uint32_t tables[5] = {0, 2, 3, 4, 5};
        for (int t = 0; t < 5; t++) {
            tp_cmd1(&b, PICA_REG_PROCTEX_LUT, tables[t] << 8);
            for (int i = 0; i < 256; i++)
                tp_cmd1(&b, PICA_REG_PROCTEX_LUT_DATA0, ts_rng_u32(&rng));
        }
        for (int i = 0; i < 400; i++) {
            uint32_t id = ts_rng_below(&rng, PICA_REG_COUNT);
            if (!pica_state_is_plain_reg(id) || (pica_reg_info[id] & PICA_REG_SIDE_EFFECT))
                continue; /* float registers could get NaN, which is reported; shader-unit registers stay
                             consistent with the uploads above */
            tp_cmd1(&b, id, ts_rng_u32(&rng));
        }
        /* index registers end somewhere in the middle, the units shared again */
        tp_cmd1(&b, PICA_REG_LIGHTING_LUT_INDEX, ts_rng_u32(&rng) & 0x1FFF);
        tp_cmd1(&b, PICA_REG_VSH_CODETRANSFER_INDEX, ts_rng_below(&rng, 4096));
        tp_cmd1(&b, PICA_REG_GSH_OPDESCS_INDEX, ts_rng_below(&rng, 128));
        tp_cmd1(&b, PICA_REG_VSH_COM_MODE, 0);
        tp_cmd1(&b, PICA_REG_GEOSTAGE_CONFIG, ts_rng_below(&rng, 4));
        tp_cmd_align16(&b);
        glhle_pica_run_result res;
        glhle_pica_run_cmdlist(a, b.w, b.n, &res);
        assert_int_equal(res.stopped_on_error, false);
        restore_and_compare(a);
        tp_cmd_free(&b);
        glhle_pica_destroy(a);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(power_on_is_empty),
        cmocka_unit_test(citro3d_style_frame),
        cmocka_unit_test(random_state),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
