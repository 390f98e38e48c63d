/* backend/pica/frontend/regs.c: the name table, every FIFO port (auto-increment,
 * wrap, overflow), float uniforms in f24 and f32 modes, bool/int uniforms,
 * code and operand descriptors, the VS-to-GS sharing, fixed attributes,
 * immediate mode, triggers and dirty tracking. Packed words are built by
 * hand from the 3dbrew bit tables (FIXEDATTRIB_DATA0-2, FLOATUNIFORM_DATA). */
#include "support/test_support.h"

#include <math.h>
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/pica/pica_instance.h"
#include "support/pica_support.h"

/* Runs a builder's list (padded to 16 bytes) and returns the result. */
static glhle_result run(glhle_pica *p, tp_cmdbuf *b)
{
    tp_cmd_align16(b);
    glhle_result r = glhle_pica_run_cmdlist(p, b->w, b->n, NULL);
    tp_cmd_free(b);
    tp_cmd_init(b);
    return r;
}

static void names(void **state)
{
    (void)state;
    assert_string_equal(glhle_pica_reg_name(0x010), "GPUREG_FINALIZE");
    assert_string_equal(glhle_pica_reg_name(0x040), "GPUREG_FACECULLING_CONFIG");
    assert_string_equal(glhle_pica_reg_name(0x045), "GPUREG_0045");
    assert_string_equal(glhle_pica_reg_name(0x0AF), "GPUREG_PROCTEX_LUT");
    assert_string_equal(glhle_pica_reg_name(0x1D9), "GPUREG_LIGHTING_LIGHT_PERMUTATION");
    assert_string_equal(glhle_pica_reg_name(0x2BA), "GPUREG_VSH_ENTRYPOINT");
    assert_string_equal(glhle_pica_reg_name(0x2DD), "GPUREG_VSH_OPDESCS_DATA7");
    assert_string_equal(glhle_pica_reg_name(0x2FF), "GPUREG_02FF");
    assert_string_equal(glhle_pica_reg_name(0x300), "GPUREG_INVALID");
    int documented = 0;
    for (uint32_t id = 0; id < PICA_REG_COUNT; id++) {
        if (pica_reg_doc_name(id)) {
            documented++;
            assert_int_not_equal(pica_reg_fields(id), PICA_FIELDS_COUNT);
        } else {
            assert_int_equal(pica_reg_fields(id), PICA_FIELDS_COUNT);
            assert_int_equal(pica_reg_info[id], 0);
        }
    }
    assert_int_equal(documented, 395); /* 3dbrew's register list */
    assert_int_equal(PICA_REG_LIGHT7_ATTENUATION_SCALE, 0x1BB);
    assert_int_equal(PICA_REG_ATTRIBBUFFER11_CONFIG2, 0x226);
    assert_int_equal(PICA_REG_GSH_OPDESCS_DATA7, 0x2AD);
}

static void lighting_lut_fifo(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_events r;
    tp_events_watch(p, &r, 1u << GLHLE_PICA_EVENT_FIFO);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_cmd1(&b, 0x1C5, (3u << 8) | 254); /* FR table, index 254 */
    const uint32_t data[4] = {0x11111111, 0x222222, 0x333333, 0x444444};
    tp_cmd(&b, 0x1C8, 0xF, true, data, 4); /* DATA0..DATA3: one FIFO */
    pica_get_state_mut(p)->dirty = 0;
    pica_get_state_mut(p)->lighting_lut_dirty = 0;
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    const pica_state *st = pica_get_state(p);
    assert_int_equal(st->lighting_lut[3][254], 0x111111); /* bits 0-23 */
    assert_int_equal(st->lighting_lut[3][255], 0x222222);
    assert_int_equal(st->lighting_lut[3][0], 0x333333);   /* 8-bit index wrapped */
    assert_int_equal(st->lighting_lut[3][1], 0x444444);
    assert_int_equal(tp_reg(p, 0x1C5), (3u << 8) | 2);
    assert_int_equal(st->lighting_lut_dirty, 1u << 3);
    assert_true(st->dirty & PICA_DIRTY(LIGHTING_LUT));
    assert_int_equal(r.n, 4);
    assert_int_equal(r.ev[1].u.fifo.fifo, GLHLE_PICA_FIFO_LIGHTING_LUT);
    assert_int_equal(r.ev[1].u.fifo.table, 3);
    assert_int_equal(r.ev[1].u.fifo.index, 255);
    assert_int_equal(r.ev[2].u.fifo.index, 0);
    assert_int_equal(r.ev[2].offset, 20); /* DATA2: the second word after the header */

    /* the same words again: nothing changes, nothing is dirty */
    pica_get_state_mut(p)->dirty = 0;
    pica_get_state_mut(p)->lighting_lut_dirty = 0;
    tp_cmd1(&b, 0x1C5, (3u << 8) | 254);
    tp_cmd(&b, 0x1C8, 0xF, false, data, 4);
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    assert_int_equal(pica_get_state(p)->lighting_lut_dirty, 0);
    assert_false(pica_get_state(p)->dirty & PICA_DIRTY(LIGHTING_LUT));

    /* table 24 does not exist: dropped, reported, the index still moves */
    tp_cmd1(&b, 0x1C5, (24u << 8) | 7);
    tp_cmd1(&b, 0x1CF, 0x123);
    assert_int_equal(run(p, &b), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("lighting LUT data for table 24, which does not exist (0-23); entry 7 dropped"));
    assert_int_equal(tp_reg(p, 0x1C5), (24u << 8) | 8);
    glhle_pica_destroy(p);
}

static void fog_gas_and_proctex_fifos(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    /* fog: 128 entries, index modulo 128, 16-bit index register */
    tp_cmd1(&b, 0x0E6, 126);
    const uint32_t fog[3] = {0xAAAAAAAA, 0x0BBBBB, 0x0CCCCC};
    tp_cmd(&b, 0x0E8, 0xF, false, fog, 3);
    /* gas: 16 entries */
    tp_cmd1(&b, 0x123, 15);
    const uint32_t gas[2] = {0x010203, 0x040506};
    tp_cmd(&b, 0x124, 0xF, false, gas, 2);
    /* proctex noise (table 0, 128 entries), then colour (table 4, 256) */
    tp_cmd1(&b, 0x0AF, (0u << 8) | 127);
    const uint32_t noise[2] = {0x00ABC123, 0x00DEF456};
    tp_cmd(&b, 0x0B0, 0xF, true, noise, 2);
    tp_cmd1(&b, 0x0AF, (4u << 8) | 255);
    const uint32_t color[2] = {0xFF0000FF, 0x80808080};
    tp_cmd(&b, 0x0B7, 0xF, false, color, 2);
    tp_cmd1(&b, 0x0AF, (5u << 8) | 3);
    tp_cmd1(&b, 0x0B3, 0x01FF7F80);
    tp_cmd1(&b, 0x0AF, (2u << 8) | 9);
    tp_cmd1(&b, 0x0B1, 0x0000FFF);
    tp_cmd1(&b, 0x0AF, (3u << 8) | 10);
    tp_cmd1(&b, 0x0B2, 0x0000800);
    pica_get_state_mut(p)->proctex_lut_dirty = 0;
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    const pica_state *st = pica_get_state(p);
    assert_int_equal(st->fog_lut[126], 0xAAAAAA);
    assert_int_equal(st->fog_lut[127], 0x0BBBBB);
    assert_int_equal(st->fog_lut[0], 0x0CCCCC);
    assert_int_equal(tp_reg(p, 0x0E6), 129);
    assert_int_equal(st->gas_lut[15], 0x010203);
    assert_int_equal(st->gas_lut[0], 0x040506);
    assert_int_equal(tp_reg(p, 0x123), 17);
    assert_int_equal(st->proctex_noise[127], 0x00ABC123);
    assert_int_equal(st->proctex_noise[0], 0x00DEF456); /* index 128 -> entry 0 */
    assert_int_equal(st->proctex_color[255], 0xFF0000FF);
    assert_int_equal(st->proctex_color[0], 0x80808080); /* 8-bit index wrapped */
    assert_int_equal(tp_reg(p, 0x0AF), (3u << 8) | 11);
    assert_int_equal(st->proctex_color_diff[3], 0x01FF7F80);
    assert_int_equal(st->proctex_rgb_map[9], 0xFFF);
    assert_int_equal(st->proctex_alpha_map[10], 0x800);
    assert_int_equal(st->proctex_lut_dirty, (1u << 0) | (1u << 2) | (1u << 3) | (1u << 4) | (1u << 5));

    /* a proctex table that does not exist */
    tp_cmd1(&b, 0x0AF, (1u << 8) | 0);
    tp_cmd1(&b, 0x0B0, 5);
    assert_int_equal(run(p, &b), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("procedural texture LUT data for table 1"));
    assert_int_equal(tp_reg(p, 0x0AF), (1u << 8) | 1);
    glhle_pica_destroy(p);
}

/* x = 1.0, y = -2.0, z = 0.5, w = 0 as f24 (0x3F0000, 0xC00000, 0x3E0000,
 * 0): DATA0 = w << 8 | z >> 16, DATA1 = (z & 0xFFFF) << 16 | y >> 8, DATA2 =
 * (y & 0xFF) << 24 | x, worked out from the 3dbrew bit table. */
static const uint32_t packed_f24[3] = {0x0000003E, 0x0000C000, 0x003F0000};

static void float_uniforms_f24_and_f32(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_events r;
    tp_events_watch(p, &r, 1u << GLHLE_PICA_EVENT_FIFO);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    uint32_t check[3];
    tp_pack_f24x4((const uint32_t[4]){0x3F0000, 0xC00000, 0x3E0000, 0}, check);
    assert_memory_equal(check, packed_f24, sizeof check);
    /* f24: INDEX bit 31 clear, c5, three words through DATA0-2 (consecutive from 0x2C0) */
    const uint32_t f24cmd[4] = {5, packed_f24[0], packed_f24[1], packed_f24[2]};
    tp_cmd(&b, 0x2C0, 0xF, true, f24cmd, 4);
    /* f32: INDEX bit 31 set, c10, words w, z, y, x */
    const uint32_t f32cmd[5] = {0x80000000u | 10, 0x40800000 /* 4 */, 0x40400000 /* 3 */, 0x40000000 /* 2 */,
                                0x3F800000 /* 1 */};
    tp_cmd(&b, 0x2C0, 0xF, true, f32cmd, 5);
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    const pica_shader_setup *vs = &pica_get_state(p)->vs_setup;
    assert_true(vs->float_uniforms[5][0] == 1.0f && vs->float_uniforms[5][1] == -2.0f);
    assert_true(vs->float_uniforms[5][2] == 0.5f && vs->float_uniforms[5][3] == 0.0f);
    assert_true(vs->float_uniforms[10][0] == 1.0f && vs->float_uniforms[10][1] == 2.0f);
    assert_true(vs->float_uniforms[10][2] == 3.0f && vs->float_uniforms[10][3] == 4.0f);
    assert_int_equal(tp_reg(p, 0x2C0), 0x80000000u | 11); /* the index moved on */
    assert_int_equal(r.n, 2);
    assert_int_equal(r.ev[0].u.fifo.fifo, GLHLE_PICA_FIFO_VS_UNIFORM);
    assert_int_equal(r.ev[0].u.fifo.index, 5);
    assert_true(r.ev[1].u.fifo.index == 10);

    /* consecutive vec4s from one INDEX write: c94, c95, then c96 is past
     * the end and ignored without moving on */
    uint32_t many[1 + 9];
    many[0] = 94;
    for (int i = 0; i < 3; i++)
        memcpy(&many[1 + 3 * i], packed_f24, sizeof packed_f24);
    tp_cmd(&b, 0x2C0, 0xF, false, many, 1);
    tp_cmd(&b, 0x2C1, 0xF, false, many + 1, 9);
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    assert_true(vs->float_uniforms[94][1] == -2.0f && vs->float_uniforms[95][1] == -2.0f);
    assert_int_equal(tp_reg(p, 0x2C0), 96);
    assert_int_equal(ts_log_count(GLHLE_LOG_WARN), 0);

    /* an INDEX write starts a new vec4: two stray words are forgotten */
    tp_cmd(&b, 0x2C0, 0xF, false, (const uint32_t[1]){20}, 1);
    tp_cmd(&b, 0x2C1, 0xF, false, (const uint32_t[2]){0xFFFFFFFF, 0xFFFFFFFF}, 2);
    tp_cmd(&b, 0x2C0, 0xF, false, (const uint32_t[1]){20}, 1);
    tp_cmd(&b, 0x2C1, 0xF, false, packed_f24, 3);
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    assert_true(vs->float_uniforms[20][0] == 1.0f && vs->float_uniforms[20][2] == 0.5f);
    assert_int_equal(tp_reg(p, 0x2C0), 21);

    /* a NaN is reported with its offset and stored as given */
    tp_cmd(&b, 0x2C0, 0xF, false, (const uint32_t[1]){0x80000000u | 30}, 1);
    tp_cmd(&b, 0x2C1, 0xF, false, (const uint32_t[4]){0, 0, 0x7FC00000, 0}, 4);
    assert_int_equal(run(p, &b), GLHLE_RESULT_BAD_DATA);
    assert_true(isnan(vs->float_uniforms[30][1]));
    assert_true(ts_log_contains("host list +0x18: NaN in vertex shader uniform c30 component y"));
    glhle_pica_destroy(p);
}

static void bool_int_uniforms_and_entry(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_cmd1(&b, 0x2B0, 0x7FFF0000u | 0xA5A5);
    tp_cmd(&b, 0x2B1, 0xF, true, (const uint32_t[4]){0x04030201, 0x08070605, 0x0C0B0A09, 0x100F0E0D}, 4);
    tp_cmd1(&b, 0x2BA, 0x7FFF0000u | 0x123);
    tp_cmd1(&b, 0x280, 0x0001);
    tp_cmd1(&b, 0x283, 0xAABBCCDD);
    tp_cmd1(&b, 0x28A, 0x0042);
    tp_cmd1(&b, 0x244, 1); /* exclusive GS configuration: no sharing here */
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    const pica_state *st = pica_get_state(p);
    assert_int_equal(st->vs_setup.bool_uniforms, 0xA5A5);
    assert_memory_equal(st->vs_setup.int_uniforms[0], ((uint8_t[4]){1, 2, 3, 4}), 4);
    assert_memory_equal(st->vs_setup.int_uniforms[3], ((uint8_t[4]){13, 14, 15, 16}), 4);
    assert_int_equal(st->vs_setup.entry_point, 0x123);
    assert_int_equal(st->gs_setup.bool_uniforms, 1);
    assert_memory_equal(st->gs_setup.int_uniforms[2], ((uint8_t[4]){0xDD, 0xCC, 0xBB, 0xAA}), 4);
    assert_int_equal(st->gs_setup.entry_point, 0x42);
    assert_int_equal(st->vs.entry_point, 0x123);
    glhle_pica_destroy(p);
}

static void code_and_opdesc_transfers(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_cmd1(&b, 0x244, 1);
    tp_cmd1(&b, 0x2CB, 4094);
    tp_cmd(&b, 0x2CC, 0xF, false, (const uint32_t[3]){0x11, 0x22, 0x33}, 3);
    tp_cmd1(&b, 0x2D5, 126);
    tp_cmd(&b, 0x2D6, 0xF, true, (const uint32_t[3]){0x44, 0x55, 0x66}, 3);
    uint32_t gen0 = pica_get_state(p)->vs_setup.program_generation;
    assert_int_equal(run(p, &b), GLHLE_RESULT_OUT_OF_BOUNDS);
    const pica_state *st = pica_get_state(p);
    assert_int_equal(st->vs_setup.code[4094], 0x11);
    assert_int_equal(st->vs_setup.code[4095], 0x22);
    assert_int_equal(st->vs_setup.opdesc[126], 0x44);
    assert_int_equal(st->vs_setup.opdesc[127], 0x55);
    assert_int_equal(st->vs_setup.program_generation, gen0 + 4);
    assert_true(ts_log_contains("vertex shader code upload at word 4096, past the last of 4096; word dropped"));
    assert_true(ts_log_contains("vertex shader operand descriptor upload at word 128, past the last of 128"));
    assert_int_equal(pica_get_state(p)->gs_setup.code[4094], 0); /* not shared */

    /* rewriting the same words changes nothing: the generation stays */
    tp_cmd1(&b, 0x2CB, 4094);
    tp_cmd(&b, 0x2CC, 0xF, false, (const uint32_t[2]){0x11, 0x22}, 2);
    pica_get_state_mut(p)->dirty = 0;
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    assert_int_equal(st->vs_setup.program_generation, gen0 + 4);
    assert_false(st->dirty & PICA_DIRTY(VS_PROGRAM));
    /* the index register's low 12 bits follow the offset */
    assert_int_equal(tp_reg(p, 0x2CB), 4096 & 0xFFF);
    /* a changed word bumps it once */
    tp_cmd1(&b, 0x2CB, 0);
    tp_cmd1(&b, 0x2D3, 0x99);
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    assert_int_equal(st->vs_setup.code[0], 0x99);
    assert_int_equal(st->vs_setup.program_generation, gen0 + 5);
    assert_true(st->dirty & PICA_DIRTY(VS_PROGRAM));
    /* geometry shader unit, its own registers */
    tp_cmd1(&b, 0x29B, 7);
    tp_cmd1(&b, 0x29C, 0xABC);
    tp_cmd1(&b, 0x2A5, 3);
    tp_cmd1(&b, 0x2A6, 0xDEF);
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    assert_int_equal(st->gs_setup.code[7], 0xABC);
    assert_int_equal(st->gs_setup.opdesc[3], 0xDEF);
    assert_int_equal(st->gs_setup.program_generation, 2);
    glhle_pica_destroy(p);
}

/* VS writes reach the GS unit when VSH_COM_MODE bit 0 is clear and
 * GEOSTAGE_CONFIG says no geometry shader (3dbrew VSH_COM_MODE; Azahar). */
static void vs_writes_reach_the_gs_unit(void **state)
{
    (void)state;
    static const struct {
        uint32_t com_mode, geostage;
        bool shared;
    } cases[] = {{0, 0, true}, {1, 0, false}, {0, 2, false}, {1, 2, false}};
    for (size_t c = 0; c < 4; c++) {
        glhle_pica *p = tp_pica_new(0, 0);
        tp_cmdbuf b;
        tp_cmd_init(&b);
        tp_cmd1(&b, 0x244, cases[c].com_mode);
        tp_cmd1(&b, 0x229, cases[c].geostage);
        tp_cmd1(&b, 0x2B0, 0x0F0F);
        tp_cmd1(&b, 0x2B2, 0x01020304);
        tp_cmd1(&b, 0x2BA, 0x55);
        tp_cmd1(&b, 0x2BD, 0x001F);
        tp_cmd1(&b, 0x2C0, 7);
        tp_cmd(&b, 0x2C1, 0xF, false, packed_f24, 3);
        tp_cmd1(&b, 0x2CB, 12);
        tp_cmd1(&b, 0x2CC, 0xC0DE);
        tp_cmd1(&b, 0x2D5, 2);
        tp_cmd1(&b, 0x2D6, 0x0DE5C);
        assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
        const pica_state *st = pica_get_state(p);
        const pica_shader_setup *gs = &st->gs_setup;
        bool s = cases[c].shared;
        assert_int_equal(gs->bool_uniforms, s ? 0x0F0F : 0);
        assert_int_equal(gs->int_uniforms[1][0], s ? 4 : 0);
        assert_true(gs->float_uniforms[7][0] == (s ? 1.0f : 0.0f));
        assert_int_equal(gs->code[12], s ? 0xC0DE : 0);
        assert_int_equal(gs->opdesc[2], s ? 0x0DE5C : 0);
        assert_int_equal(gs->program_generation, s ? 2 : 0);
        assert_int_equal(st->gs.output_mask, s ? 0x1F : 0);
        assert_int_equal(gs->entry_point, 0); /* the entry point is per unit */
        assert_int_equal(st->vs_setup.code[12], 0xC0DE);
        assert_int_equal(st->vs.output_mask, 0x1F);
        glhle_pica_destroy(p);
    }
}

static void fixed_attributes(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_events r;
    tp_events_watch(p, &r, 1u << GLHLE_PICA_EVENT_FIFO);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_cmd1(&b, 0x232, 2);
    uint32_t two[6];
    memcpy(two, packed_f24, sizeof packed_f24);
    tp_pack_f24x4((const uint32_t[4]){0x400000, 0x410000, 0x418000, 0x3F0000}, two + 3); /* 2, 4, 6, 1 */
    tp_cmd(&b, 0x233, 0xF, false, two, 3);
    tp_cmd(&b, 0x233, 0xF, true, two + 3, 3); /* DATA0-2 consecutive: the same FIFO */
    pica_get_state_mut(p)->dirty = 0;
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    const pica_state *st = pica_get_state(p);
    assert_true(st->fixed_attrib[2][0] == 1.0f && st->fixed_attrib[2][1] == -2.0f);
    assert_true(st->fixed_attrib[3][0] == 2.0f && st->fixed_attrib[3][1] == 4.0f);
    assert_true(st->fixed_attrib[3][2] == 6.0f && st->fixed_attrib[3][3] == 1.0f);
    assert_int_equal(tp_reg(p, 0x232), 4); /* moved on after each attribute */
    assert_true(st->dirty & PICA_DIRTY(FIXED_ATTRIB));
    assert_int_equal(r.n, 2);
    assert_int_equal(r.ev[1].u.fifo.fifo, GLHLE_PICA_FIFO_FIXED_ATTRIB);
    assert_int_equal(r.ev[1].u.fifo.index, 3);
    assert_true(r.ev[1].u.fifo.vec4[2] == 6.0f);
    /* an index write drops a half-written attribute */
    tp_cmd1(&b, 0x232, 5);
    tp_cmd(&b, 0x233, 0xF, false, two, 2);
    tp_cmd1(&b, 0x232, 5);
    tp_cmd(&b, 0x233, 0xF, false, two + 3, 3);
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    assert_true(st->fixed_attrib[5][0] == 2.0f);
    glhle_pica_destroy(p);
}

static void immediate_mode_vertices(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_events r;
    tp_events_watch(p, &r, (1u << GLHLE_PICA_EVENT_IMMEDIATE_VERTEX) | (1u << GLHLE_PICA_EVENT_RESTART_PRIMITIVE));
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_cmd1(&b, 0x242, 1); /* VSH_NUM_ATTR: 2 attributes */
    tp_cmd1(&b, 0x232, 0xF);
    uint32_t v[12];
    memcpy(v, packed_f24, sizeof packed_f24);                                   /* (1, -2, 0.5, 0) */
    tp_pack_f24x4((const uint32_t[4]){0x400000, 0x410000, 0x418000, 0x3F0000}, v + 3); /* (2, 4, 6, 1) */
    tp_pack_f24x4((const uint32_t[4]){0, 0, 0, 0xBF0000}, v + 6);             /* (0, 0, 0, -1) */
    tp_pack_f24x4((const uint32_t[4]){0x3E0000, 0x3E0000, 0x3E0000, 0x3E0000}, v + 9); /* 0.5 x4 */
    tp_cmd(&b, 0x233, 0xF, false, v, 12);
    tp_cmd1(&b, 0x25F, 1);
    glhle_pica_run_result res;
    tp_cmd_align16(&b);
    assert_int_equal(glhle_pica_run_cmdlist(p, b.w, b.n, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.immediate_vertices, 2);
    assert_int_equal(r.vertices, 2);
    assert_int_equal(r.n, 3);
    assert_int_equal(r.ev[0].type, GLHLE_PICA_EVENT_IMMEDIATE_VERTEX);
    assert_int_equal(r.ev[0].u.vertex.attrib_count, 2);
    assert_true(r.vertex[0][0][0] == 1.0f && r.vertex[0][0][1] == -2.0f && r.vertex[0][0][2] == 0.5f);
    assert_true(r.vertex[0][1][0] == 2.0f && r.vertex[0][1][3] == 1.0f);
    assert_true(r.vertex[1][0][3] == -1.0f && r.vertex[1][1][2] == 0.5f);
    for (int a = 2; a < 16; a++)
        for (int c = 0; c < 4; c++)
            assert_true(r.vertex[0][a][c] == 0.0f);
    assert_int_equal(r.ev[0].offset, 40); /* the 6th data word: parameter at 16, header, then 24 + 4 * 4 */
    assert_int_equal(r.ev[2].type, GLHLE_PICA_EVENT_RESTART_PRIMITIVE);
    assert_int_equal(tp_reg(p, 0x232), 0xF);
    tp_cmd_free(&b);
    glhle_pica_destroy(p);
}

static void draws_and_triggers(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_events r;
    tp_events_watch(p, &r, (1u << GLHLE_PICA_EVENT_DRAW) | (1u << GLHLE_PICA_EVENT_TRIGGER));
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_cmd1(&b, 0x200, 0x18000000u >> 3);       /* ATTRIBBUFFERS_LOC */
    tp_cmd1(&b, 0x227, 0x80000000u | 0x1230);   /* u16 indices at base + 0x1230 */
    tp_cmd1(&b, 0x228, 36);
    tp_cmd1(&b, 0x22A, 5);
    tp_cmd1(&b, 0x25E, 1u << 8);                /* triangle strip */
    tp_cmd1(&b, 0x22E, 1);
    tp_cmd1(&b, 0x22F, 1);
    tp_cmd1(&b, 0x111, 1);
    tp_cmd1(&b, 0x110, 1);
    tp_cmd1(&b, 0x063, 1);
    tp_cmd1(&b, 0x231, 1);
    tp_cmd1(&b, 0x2BF, 1);
    tp_cmd1(&b, 0x080, 0x00010001);             /* unit 0 on, clear texture cache */
    tp_cmd1(&b, 0x080, 0x00000001);             /* no clear: no event */
    glhle_pica_run_result res;
    tp_cmd_align16(&b);
    assert_int_equal(glhle_pica_run_cmdlist(p, b.w, b.n, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.draws, 2);
    assert_int_equal(r.n, 8);
    const glhle_pica_event *d = &r.ev[0];
    assert_int_equal(d->type, GLHLE_PICA_EVENT_DRAW);
    assert_false(d->u.draw.indexed);
    assert_int_equal(d->u.draw.vertex_count, 36);
    assert_int_equal(d->u.draw.first_vertex, 5);
    assert_int_equal(d->u.draw.index_paddr, 0x18001230);
    assert_true(d->u.draw.index_u16);
    assert_int_equal(d->u.draw.primitive_mode, PICA_PRIM_TRIANGLE_STRIP);
    assert_int_equal(d->offset, 40);
    assert_true(r.ev[1].u.draw.indexed);
    static const uint16_t trig[6] = {0x111, 0x110, 0x063, 0x231, 0x2BF, 0x080};
    for (int i = 0; i < 6; i++) {
        assert_int_equal(r.ev[2 + i].type, GLHLE_PICA_EVENT_TRIGGER);
        assert_int_equal(r.ev[2 + i].reg, trig[i]);
    }
    tp_cmd_free(&b);
    glhle_pica_destroy(p);
}

static void dirty_bits_only_on_change(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    pica_state *st = pica_get_state_mut(p);
    assert_int_equal(st->dirty, PICA_DIRTY_ALL); /* everything at creation */
    st->dirty = 0;
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_cmd1(&b, 0x040, 0); /* same as the power-on value */
    tp_cmd1(&b, 0x107, 0);
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    assert_int_equal(st->dirty, 0);
    /* START_DRAW_FUNC0 toggles around every draw; no decoded state holds it */
    tp_cmd1(&b, 0x245, 0);
    tp_cmd1(&b, 0x245, 1);
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    assert_int_equal(st->dirty, 0);
    tp_cmd1(&b, 0x040, 2);
    tp_cmd1(&b, 0x0C3, 0xFF00FF00);
    tp_cmd1(&b, 0x144, 0x3C00);
    tp_cmd1(&b, 0x201, 0x1);
    tp_cmd1(&b, 0x2BD, 0x3);
    tp_cmd1(&b, 0x08F, 1);
    tp_cmd1(&b, 0x118, 1);
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    /* the output mask also reaches the GS unit (shared by default) */
    assert_int_equal(st->dirty, PICA_DIRTY(RASTER) | PICA_DIRTY(TEV_COLOR) | PICA_DIRTY(LIGHTS) |
                                    PICA_DIRTY(GEOMETRY) | PICA_DIRTY(VS_CONFIG) | PICA_DIRTY(GS_CONFIG) |
                                    PICA_DIRTY(LIGHTING));
    /* the decoded structs follow */
    assert_int_equal(pica_get_state(p)->raster.cull, PICA_CULL_CW);
    assert_true(pica_get_state(p)->lighting.light[0].position[0] == 1.0f);
    /* TEXENV_UPDATE_BUFFER: bits 8-15 are combiner state, 0-3 and 16 fog */
    st->dirty = 0;
    tp_cmd(&b, 0x0E0, 0x2, false, (const uint32_t[1]){0x00000300}, 1);
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    assert_int_equal(st->dirty, PICA_DIRTY(TEV));
    assert_int_equal(pica_get_state(p)->tev.buffer_update_rgb, 3);
    st->dirty = 0;
    tp_cmd(&b, 0x0E0, 0x5, false, (const uint32_t[1]){0x00010005}, 1);
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    assert_int_equal(st->dirty, PICA_DIRTY(FOG));
    assert_int_equal(pica_get_state(p)->fog.mode, PICA_FOG_FOG);
    assert_true(pica_get_state(p)->fog.z_flip);
    assert_int_equal(pica_get_state(p)->tev.buffer_update_rgb, 3);
    /* an undocumented register is stored, not a problem */
    st->dirty = 0;
    tp_cmd1(&b, 0x045, 0x1234);
    assert_int_equal(run(p, &b), GLHLE_RESULT_OK);
    assert_int_equal(tp_reg(p, 0x045), 0x1234);
    assert_int_equal(st->dirty, 0);
    assert_true(ts_log_contains("undocumented register 0x045"));
    glhle_pica_destroy(p);
}

static void nan_in_float_registers(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_cmd1(&b, 0x041, 0x3F0000);            /* fine */
    tp_cmd1(&b, 0x04D, 0x7F0001);            /* f24 NaN */
    tp_cmd1(&b, 0x042, 0x3F800001u << 1);    /* f31 NaN in bits 1-31 */
    tp_cmd1(&b, 0x154, 0x7E003C00);          /* LIGHT1_XY: y is an f16 NaN */
    tp_cmd1(&b, 0x14A, 0x7F001);             /* f20 NaN */
    glhle_pica_run_result res;
    tp_cmd_align16(&b);
    assert_int_equal(glhle_pica_run_cmdlist(p, b.w, b.n, &res), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 4);
    assert_true(ts_log_contains("host list +0x8: GPUREG_DEPTHMAP_SCALE = 0x007f0001 holds a NaN"));
    assert_true(ts_log_contains("GPUREG_VIEWPORT_INVW"));
    assert_true(ts_log_contains("+0x18: GPUREG_LIGHT1_XY = 0x7e003c00 holds a NaN (float1.5.10 0x7e00)"));
    assert_true(ts_log_contains("GPUREG_LIGHT0_ATTENUATION_BIAS"));
    assert_int_equal(tp_reg(p, 0x04D), 0x7F0001); /* kept */
    assert_true(isnan(pica_get_state(p)->raster.depth_scale));
    tp_cmd_free(&b);
    glhle_pica_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names),
        cmocka_unit_test(lighting_lut_fifo),
        cmocka_unit_test(fog_gas_and_proctex_fifos),
        cmocka_unit_test(float_uniforms_f24_and_f32),
        cmocka_unit_test(bool_int_uniforms_and_entry),
        cmocka_unit_test(code_and_opdesc_transfers),
        cmocka_unit_test(vs_writes_reach_the_gs_unit),
        cmocka_unit_test(fixed_attributes),
        cmocka_unit_test(immediate_mode_vertices),
        cmocka_unit_test(draws_and_triggers),
        cmocka_unit_test(dirty_bits_only_on_change),
        cmocka_unit_test(nan_in_float_registers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
