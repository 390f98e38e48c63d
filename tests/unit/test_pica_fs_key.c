/* shadergen/pica_fs_key.c: normalisation rules, the reserved-value sweep,
 * hashing, hex text and the LUT availability table (3dbrew
 * GPU/Internal_Registers, GPUREG_LIGHTING_CONFIG0). */
#include "support/test_support.h"

#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/common/hash.h"
#include "shadergen/pica_fs_key.h"
#include "support/pica_fs_random.h"

static void set_stage(pica_fs_tev_stage *st, unsigned op, unsigned s0, unsigned s1, unsigned s2)
{
    memset(st, 0, sizeof *st);
    st->rgb_op = st->a_op = (uint8_t)op;
    st->rgb_src[0] = st->a_src[0] = (uint8_t)s0;
    st->rgb_src[1] = st->a_src[1] = (uint8_t)s1;
    st->rgb_src[2] = st->a_src[2] = (uint8_t)s2;
}

static void passthrough_stage(const pica_fs_tev_stage *st, int k)
{
    uint8_t s = k ? PICA_FS_TEV_SRC_PREVIOUS : PICA_FS_TEV_SRC_ZERO;
    pica_fs_tev_stage want;
    memset(&want, 0, sizeof want);
    want.rgb_src[0] = want.a_src[0] = s;
    assert_memory_equal(st, &want, sizeof want);
}

static void zero_key(void **state)
{
    (void)state;
    /* all zero: stage 5 replaces with the primary colour; the earlier stages
     * are read by nobody and become pass-throughs */
    pica_fs_key k;
    memset(&k, 0, sizeof k);
    pica_fs_key_normalize(&k);
    for (int i = 0; i < 5; i++)
        passthrough_stage(&k.tev[i], i);
    pica_fs_tev_stage last;
    memset(&last, 0, sizeof last);
    assert_memory_equal(&k.tev[5], &last, sizeof last);
    assert_int_equal(k.alpha_func, PICA_FS_ALPHA_NEVER);
    assert_int_equal(k.tex_enable, 0);
    assert_int_equal(k.lighting.enable, 0);
    assert_int_equal(k.proctex.enable, 0);
}

static void stage0_previous_reads_source3(void **state)
{
    (void)state;
    pica_fs_key k;
    memset(&k, 0, sizeof k);
    k.tex_enable = PICA_FS_TEX_UNIT1;
    set_stage(&k.tev[0], PICA_FS_TEV_OP_INTERPOLATE, PICA_FS_TEV_SRC_PREVIOUS, PICA_FS_TEV_SRC_PREV_BUFFER,
              PICA_FS_TEV_SRC_TEX1);
    set_stage(&k.tev[5], PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_PREVIOUS, 0, 0);
    for (int i = 1; i < 5; i++)
        set_stage(&k.tev[i], PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_PREVIOUS, 0, 0);
    pica_fs_key_normalize(&k);
    /* Azahar 106364e01: previous -> source 3; previous buffer in stage 0 -> 0 */
    assert_int_equal(k.tev[0].rgb_src[0], PICA_FS_TEV_SRC_TEX1);
    assert_int_equal(k.tev[0].a_src[0], PICA_FS_TEV_SRC_TEX1);
    assert_int_equal(k.tev[0].rgb_src[1], PICA_FS_TEV_SRC_ZERO);
    assert_int_equal(k.tev[0].rgb_src[2], PICA_FS_TEV_SRC_TEX1);
    assert_int_equal(k.tex_enable, PICA_FS_TEX_UNIT1);

    /* a "previous" third source in stage 0 reads zero */
    set_stage(&k.tev[0], PICA_FS_TEV_OP_INTERPOLATE, PICA_FS_TEV_SRC_PRIMARY, PICA_FS_TEV_SRC_CONSTANT,
              PICA_FS_TEV_SRC_PREVIOUS);
    pica_fs_key_normalize(&k);
    assert_int_equal(k.tev[0].rgb_src[2], PICA_FS_TEV_SRC_ZERO);
}

static void unused_operands_are_zeroed(void **state)
{
    (void)state;
    pica_fs_key k;
    memset(&k, 0, sizeof k);
    for (int i = 0; i < 6; i++) {
        set_stage(&k.tev[i], PICA_FS_TEV_OP_MODULATE, i ? PICA_FS_TEV_SRC_PREVIOUS : PICA_FS_TEV_SRC_PRIMARY,
                  PICA_FS_TEV_SRC_CONSTANT, PICA_FS_TEV_SRC_CONSTANT);
        k.tev[i].rgb_mod[2] = PICA_FS_TEV_CMOD_INV_BBB;
        k.tev[i].a_mod[2] = PICA_FS_TEV_AMOD_INV_G;
    }
    pica_fs_key_normalize(&k);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(k.tev[i].rgb_src[2], 0);
        assert_int_equal(k.tev[i].rgb_mod[2], 0);
        assert_int_equal(k.tev[i].a_src[2], 0);
        assert_int_equal(k.tev[i].a_mod[2], 0);
        assert_int_equal(k.tev[i].rgb_src[1], PICA_FS_TEV_SRC_CONSTANT);
    }
}

static void dot3_rgba_owns_the_alpha(void **state)
{
    (void)state;
    pica_fs_key k;
    memset(&k, 0, sizeof k);
    set_stage(&k.tev[5], PICA_FS_TEV_OP_DOT3_RGB, PICA_FS_TEV_SRC_PRIMARY, PICA_FS_TEV_SRC_CONSTANT, 0);
    k.tev[5].rgb_op = PICA_FS_TEV_OP_DOT3_RGBA;
    k.tev[5].a_op = PICA_FS_TEV_OP_ADD;
    k.tev[5].a_scale = 2;
    pica_fs_key_normalize(&k);
    assert_int_equal(k.tev[5].rgb_op, PICA_FS_TEV_OP_DOT3_RGBA);
    assert_int_equal(k.tev[5].a_op, 0);
    assert_int_equal(k.tev[5].a_src[0], 0);
    assert_int_equal(k.tev[5].a_src[1], 0);
    assert_int_equal(k.tev[5].a_scale, 2); /* the alpha scale still applies */

    /* in a stage whose alpha nobody reads it is plain dot3-RGB */
    pica_fs_key k2;
    memset(&k2, 0, sizeof k2);
    set_stage(&k2.tev[4], PICA_FS_TEV_OP_DOT3_RGBA, PICA_FS_TEV_SRC_PRIMARY, PICA_FS_TEV_SRC_CONSTANT, 0);
    set_stage(&k2.tev[5], PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_PREVIOUS, 0, 0);
    k2.tev[5].a_src[0] = PICA_FS_TEV_SRC_CONSTANT;
    pica_fs_key_normalize(&k2);
    assert_int_equal(k2.tev[4].rgb_op, PICA_FS_TEV_OP_DOT3_RGB);
    assert_int_equal(k2.tev[4].a_src[0], PICA_FS_TEV_SRC_PREVIOUS); /* alpha: pass-through */
}

static void dead_stages_and_buffer_writes(void **state)
{
    (void)state;
    pica_fs_key k;
    memset(&k, 0, sizeof k);
    /* stage 3 computes something nobody reads: stage 4 replaces with the
     * constant; stage 0 writes the buffer, read by stage 2 (lag of one) */
    set_stage(&k.tev[0], PICA_FS_TEV_OP_ADD, PICA_FS_TEV_SRC_PRIMARY, PICA_FS_TEV_SRC_CONSTANT, 0);
    set_stage(&k.tev[1], PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_PREVIOUS, 0, 0);
    set_stage(&k.tev[2], PICA_FS_TEV_OP_ADD, PICA_FS_TEV_SRC_PREVIOUS, PICA_FS_TEV_SRC_PREV_BUFFER, 0);
    set_stage(&k.tev[3], PICA_FS_TEV_OP_MODULATE, PICA_FS_TEV_SRC_PREVIOUS, PICA_FS_TEV_SRC_CONSTANT, 0);
    set_stage(&k.tev[4], PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_CONSTANT, 0, 0);
    set_stage(&k.tev[5], PICA_FS_TEV_OP_ADD, PICA_FS_TEV_SRC_PREVIOUS, PICA_FS_TEV_SRC_PREV_BUFFER, 0);
    k.buffer_update_rgb = 0x1 | 0x8; /* stage 0 and stage 3 */
    k.buffer_update_a = 0x4;         /* stage 2 */
    pica_fs_key_normalize(&k);
    /* stage 5 reads the buffer left by stages 0-3 (the buffer lags one
     * stage; citra PR #1261): rgb from stage 3, alpha from stage 2; stage 2
     * reads stage 0's rgb. Every write is read; only stage 3's alpha is not
     * (nothing reads "previous" after stage 3 but stage 4, which ignores it). */
    assert_int_equal(k.buffer_update_rgb, 0x1 | 0x8);
    assert_int_equal(k.buffer_update_a, 0x4);
    assert_int_equal(k.tev[3].rgb_op, PICA_FS_TEV_OP_MODULATE);
    assert_int_equal(k.tev[3].a_op, PICA_FS_TEV_OP_REPLACE);
    assert_int_equal(k.tev[3].a_src[0], PICA_FS_TEV_SRC_PREVIOUS);
    assert_int_equal(k.tev[3].a_src[1], 0);
    assert_int_equal(k.tev[2].rgb_op, PICA_FS_TEV_OP_ADD);
    assert_int_equal(k.tev[2].a_src[1], PICA_FS_TEV_SRC_PREV_BUFFER);

    /* with stage 5 reading no buffer, stages 0-3 feed nothing that counts:
     * all four become pass-throughs and no write remains */
    k.tev[5].rgb_src[1] = k.tev[5].a_src[1] = PICA_FS_TEV_SRC_CONSTANT;
    pica_fs_key_normalize(&k);
    for (int i = 0; i < 4; i++)
        passthrough_stage(&k.tev[i], i);
    assert_int_equal(k.buffer_update_rgb, 0);
    assert_int_equal(k.buffer_update_a, 0);
    assert_int_equal(k.tev[4].rgb_src[0], PICA_FS_TEV_SRC_CONSTANT);
}

static void lighting_normalisation(void **state)
{
    (void)state;
    pica_fs_key k;
    memset(&k, 0, sizeof k);
    set_stage(&k.tev[5], PICA_FS_TEV_OP_ADD, PICA_FS_TEV_SRC_FRAG_PRIMARY, PICA_FS_TEV_SRC_CONSTANT, 0);
    pica_fs_lighting_key *l = &k.lighting;
    l->enable = 1;
    l->num_lights = 1;
    l->config = 0; /* D0, RR, SP, DA */
    for (int i = 0; i < PICA_FS_LUT_COUNT; i++) {
        l->lut[i].enable = 1;
        l->lut[i].input = PICA_FS_LUT_INPUT_CP;
        l->lut[i].scale = 5;
    }
    l->light[0].flags = 0x7f;
    l->light[1].flags = 0x7f; /* slot past num_lights */
    l->clamp_highlights = 1;
    l->fresnel_secondary = 1;
    l->fresnel_primary = 1;
    pica_fs_key_normalize(&k);
    assert_int_equal(l->enable, 1);
    /* only the primary colour is read: the specular-only parts go */
    assert_int_equal(l->clamp_highlights, 0);
    assert_int_equal(l->fresnel_secondary, 0);
    assert_int_equal(l->fresnel_primary, 1);
    assert_int_equal(l->lut[PICA_FS_LUT_D0].enable, 0);
    assert_int_equal(l->lut[PICA_FS_LUT_RR].enable, 0);
    /* FR does not exist in configuration 0 */
    assert_int_equal(l->lut[PICA_FS_LUT_FR].enable, 0);
    /* SP exists; CP reads 0 outside configuration 7; scale 5 reads 0 */
    assert_int_equal(l->lut[PICA_FS_LUT_SP].enable, 1);
    assert_int_equal(l->lut[PICA_FS_LUT_SP].input, PICA_FS_LUT_INPUT_ZERO);
    assert_int_equal(l->lut[PICA_FS_LUT_SP].scale, PICA_FS_LUT_SCALE_0);
    assert_int_equal(l->light[0].flags, PICA_FS_LIGHT_DIRECTIONAL | PICA_FS_LIGHT_TWO_SIDED | PICA_FS_LIGHT_SPOT |
                                            PICA_FS_LIGHT_DIST_ATTEN);
    assert_int_equal(l->light[1].flags, 0);

    /* nobody reads the lighting: it goes away */
    set_stage(&k.tev[5], PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_CONSTANT, 0, 0);
    pica_fs_key_normalize(&k);
    pica_fs_lighting_key zero;
    memset(&zero, 0, sizeof zero);
    assert_memory_equal(l, &zero, sizeof zero);

    /* disabled lighting reads zero */
    memset(&k, 0, sizeof k);
    set_stage(&k.tev[5], PICA_FS_TEV_OP_ADD, PICA_FS_TEV_SRC_FRAG_PRIMARY, PICA_FS_TEV_SRC_FRAG_SECONDARY, 0);
    pica_fs_key_normalize(&k);
    assert_int_equal(k.tev[5].rgb_src[0], PICA_FS_TEV_SRC_ZERO);
    assert_int_equal(k.tev[5].rgb_src[1], PICA_FS_TEV_SRC_ZERO);
}

static void units_fog_proctex(void **state)
{
    (void)state;
    pica_fs_key k;
    memset(&k, 0, sizeof k);
    k.tex_enable = 7;
    k.tex0_type = PICA_FS_TEX0_SHADOW_CUBE;
    k.shadow_ortho = 1;
    k.tex2_coord1 = 1;
    k.fog_mode = PICA_FS_FOG_GAS;
    k.fog_flip = 1;
    k.gas = 0xF; /* the depth function (bits 2-3) is the density pass's */
    k.proctex.enable = 1;
    k.proctex.rgb_func = 3;
    set_stage(&k.tev[5], PICA_FS_TEV_OP_ADD, PICA_FS_TEV_SRC_TEX1, PICA_FS_TEV_SRC_TEX3, 0);
    pica_fs_key_normalize(&k);
    /* units 0 and 2 are not read: gone with their settings */
    assert_int_equal(k.tex_enable, PICA_FS_TEX_UNIT1);
    assert_int_equal(k.tex0_type, PICA_FS_TEX0_2D);
    assert_int_equal(k.shadow_ortho, 0);
    assert_int_equal(k.tex2_coord1, 0);
    /* gas shading stays (the flip is fog's only), with the shading pass's
     * gas bits and not the density pass's depth function */
    assert_int_equal(k.fog_mode, PICA_FS_FOG_GAS);
    assert_int_equal(k.fog_flip, 0);
    assert_int_equal(k.gas, PICA_FS_GAS_DENSITY_DEPTH | PICA_FS_GAS_LUT_LIGHT);
    assert_int_equal(k.proctex.enable, 1);
    assert_int_equal(k.proctex.rgb_func, 3);
    /* a disabled unit reads zero */
    k.tex_enable = 0;
    pica_fs_key_normalize(&k);
    assert_int_equal(k.tev[5].rgb_src[0], PICA_FS_TEV_SRC_ZERO);
    /* proctex not read: zeroed */
    k.tev[5].rgb_src[1] = k.tev[5].a_src[1] = PICA_FS_TEV_SRC_CONSTANT;
    pica_fs_key_normalize(&k);
    pica_fs_proctex_key zero;
    memset(&zero, 0, sizeof zero);
    assert_memory_equal(&k.proctex, &zero, sizeof zero);
}

static void reserved_value_sweep(void **state)
{
    (void)state;
    static pica_fs_reserved_case cases[128];
    unsigned n = pica_fs_reserved_cases(cases, 128);
    assert_true(n >= 60);
    for (unsigned i = 0; i < n; i++) {
        pica_fs_key base, k = cases[i].raw;
        /* the field holds the reserved value before and the documented one after */
        uint8_t before = ((const uint8_t *)&k)[cases[i].offset];
        pica_fs_key_normalize(&k);
        uint8_t after = ((const uint8_t *)&k)[cases[i].offset];
        if (after != cases[i].expect)
            fail_msg("%s (raw %u): normalised to %u, documented %u", cases[i].what, before, after, cases[i].expect);
        /* and the rest of the base key stays usable: normalising again changes nothing */
        base = k;
        pica_fs_key_normalize(&k);
        assert_memory_equal(&base, &k, sizeof k);
    }
}

static void normalize_is_idempotent_on_any_bytes(void **state)
{
    (void)state;
    ts_rng r;
    ts_rng_init(&r, ts_seed("pica_fs_key idempotent", 61));
    for (int i = 0; i < 20000; i++) {
        pica_fs_key k, k2;
        pica_fs_random_key(&r, i % 2 ? PFR_RAW : (unsigned)(i % PFR_RAW), &k);
        k2 = k;
        pica_fs_key_normalize(&k2);
        if (memcmp(&k, &k2, sizeof k))
            fail_msg("iteration %d: normalising a normalised key changed it", i);
        /* normalised keys hold only documented values */
        for (int s = 0; s < PICA_FS_TEV_STAGES; s++)
            for (int j = 0; j < 3; j++) {
                unsigned src = k.tev[s].rgb_src[j];
                assert_true(src <= PICA_FS_TEV_SRC_ZERO || src >= PICA_FS_TEV_SRC_PREV_BUFFER);
                assert_true(k.tev[s].rgb_op <= PICA_FS_TEV_OP_ZERO);
                assert_true(k.tev[s].rgb_scale <= 2);
            }
        assert_true(k.fog_mode == PICA_FS_FOG_OFF || k.fog_mode == PICA_FS_FOG_ON || k.fog_mode == PICA_FS_FOG_GAS);
        assert_true(k.gas_render <= 1 && !(k.gas_render && k.shadow_render));
        assert_true(k.gas == 0 || k.gas_render || k.fog_mode == PICA_FS_FOG_GAS);
        assert_true(k.lighting.config <= 6 || k.lighting.config == PICA_FS_LIGHT_ENV_CONFIG7);
    }
}

static void hash_and_equality(void **state)
{
    (void)state;
    ts_rng r;
    ts_rng_init(&r, 7);
    pica_fs_key a, b;
    pica_fs_random_key(&r, PFR_ALL, &a);
    b = a;
    assert_true(pica_fs_key_equal(&a, &b));
    assert_int_equal(pica_fs_key_hash(&a), glhle_hash64(&a, sizeof a));
    assert_int_equal(pica_fs_key_hash(&a), pica_fs_key_hash(&b));
    b.tev[5].rgb_scale ^= 1;
    assert_false(pica_fs_key_equal(&a, &b));
    assert_int_not_equal(pica_fs_key_hash(&a), pica_fs_key_hash(&b));
}

static void hex_round_trip(void **state)
{
    (void)state;
    ts_rng r;
    ts_rng_init(&r, 8);
    for (int i = 0; i < 100; i++) {
        pica_fs_key k, back;
        pica_fs_random_key(&r, PFR_ALL, &k);
        char hex[PICA_FS_KEY_HEX_SIZE];
        pica_fs_key_to_hex(&k, hex);
        assert_int_equal(strlen(hex), 2 * sizeof k);
        assert_true(pica_fs_key_from_hex(hex, &back));
        assert_memory_equal(&k, &back, sizeof k);
    }
    pica_fs_key k;
    char hex[PICA_FS_KEY_HEX_SIZE + 4];
    memset(hex, '0', 2 * sizeof k);
    hex[2 * sizeof k] = 0;
    assert_true(pica_fs_key_from_hex(hex, &k)); /* the zero key */
    hex[3] = 'g';
    assert_false(pica_fs_key_from_hex(hex, &k));
    hex[3] = 'A';
    assert_true(pica_fs_key_from_hex(hex, &k));
    hex[2 * sizeof k - 1] = 0;
    assert_false(pica_fs_key_from_hex(hex, &k)); /* one digit short */
    assert_false(pica_fs_key_from_hex("", &k));
    memset(hex, 'f', 2 * sizeof k);
    memcpy(hex + 2 * sizeof k, " \n", 3);
    assert_true(pica_fs_key_from_hex(hex, &k)); /* all-ones: everything reserved, normalised */
    pica_fs_key again = k;
    pica_fs_key_normalize(&again);
    assert_memory_equal(&k, &again, sizeof k);
}

static void lut_availability_table(void **state)
{
    (void)state;
    /* 3dbrew GPUREG_LIGHTING_CONFIG0 "Available LUTs":
     * 0 D0 RR SP DA; 1 FR RR SP DA; 2 D0 D1 RR DA; 3 D0 D1 FR DA;
     * 4 all but FR; 5 all but D1; 6 all but RB and RG; 8 all */
    static const char *avail[9] = {"d0 rr sp", "fr rr sp", "d0 d1 rr", "d0 d1 fr", "d0 d1 sp rb rg rr",
                                   "d0 sp fr rb rg rr", "d0 d1 sp fr rr", NULL, "d0 d1 sp fr rb rg rr"};
    static const char *names[PICA_FS_LUT_COUNT] = {"d0", "d1", "sp", "fr", "rb", "rg", "rr"};
    for (unsigned c = 0; c < 9; c++) {
        if (!avail[c])
            continue;
        for (unsigned l = 0; l < PICA_FS_LUT_COUNT; l++)
            if (pica_fs_lut_in_config(c, l) != (strstr(avail[c], names[l]) != NULL))
                fail_msg("configuration %u, LUT %s", c, names[l]);
    }
    assert_int_equal(pica_fs_lut_register_index(PICA_FS_LUT_SP), 8);
    assert_int_equal(pica_fs_lut_register_index(PICA_FS_LUT_FR), 3);
    assert_int_equal(pica_fs_lut_register_index(PICA_FS_LUT_RR), 6);
}

static void describe_names_the_parts(void **state)
{
    (void)state;
    pica_fs_key k;
    memset(&k, 0, sizeof k);
    set_stage(&k.tev[5], PICA_FS_TEV_OP_MODULATE, PICA_FS_TEV_SRC_PRIMARY, PICA_FS_TEV_SRC_CONSTANT, 0);
    k.tev[5].rgb_scale = 1;
    k.alpha_func = PICA_FS_ALPHA_GREATER;
    k.fog_mode = PICA_FS_FOG_ON;
    pica_fs_key_normalize(&k);
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    pica_fs_key_describe(&k, &b);
    const char *t = glhle_bytebuf_cstr(&b);
    assert_non_null(strstr(t, "tev5 rgb modulate(primary.rgb, const.rgb) x2  alpha modulate(primary.a, const.a) x1\n"));
    assert_non_null(strstr(t, "alpha_test >\n"));
    assert_non_null(strstr(t, "fog on\n"));
    assert_non_null(strstr(t, "lighting off\n"));
    glhle_bytebuf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(zero_key),
        cmocka_unit_test(stage0_previous_reads_source3),
        cmocka_unit_test(unused_operands_are_zeroed),
        cmocka_unit_test(dot3_rgba_owns_the_alpha),
        cmocka_unit_test(dead_stages_and_buffer_writes),
        cmocka_unit_test(lighting_normalisation),
        cmocka_unit_test(units_fog_proctex),
        cmocka_unit_test(reserved_value_sweep),
        cmocka_unit_test(normalize_is_idempotent_on_any_bytes),
        cmocka_unit_test(hash_and_equality),
        cmocka_unit_test(hex_round_trip),
        cmocka_unit_test(lut_availability_table),
        cmocka_unit_test(describe_names_the_parts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
