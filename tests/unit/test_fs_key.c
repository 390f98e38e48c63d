/* backend/pica/fragment/fs_key.c: registers written through real command lists
 * (tests/support/pica_cmdbuf.c encodes them from the 3dbrew layout), decoded
 * by issue 3's decoders, turned into a key, uniforms and LUTs; the dirty
 * flow of pica_fs_update(); and reserved register values. Expected values
 * follow the register bit layouts in 3dbrew GPU/Internal_Registers. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/pica/fragment/fs_key.h"
#include "backend/pica/pica_instance.h"
#include "shadergen/pica_fs.h"
#include "support/pica_support.h"

typedef struct w {
    uint32_t reg, value;
} w;

static glhle_pica *make(void)
{
    glhle_pica_desc d = {.log = ts_log_fn, .log_level = GLHLE_LOG_WARN};
    glhle_pica *p;
    assert_int_equal(glhle_pica_create(NULL, &d, &p), GLHLE_RESULT_OK);
    return p;
}

static void run(glhle_pica *p, const w *writes, size_t n)
{
    tp_cmdbuf b;
    tp_cmd_init(&b);
    for (size_t i = 0; i < n; i++)
        tp_cmd1(&b, writes[i].reg, writes[i].value);
    tp_cmd_finalize(&b);
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_cmdlist(p, b.w, b.n, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    tp_cmd_free(&b);
}

#define RUN(p, ...)                                          \
    do {                                                     \
        static const w list_[] = {__VA_ARGS__};              \
        run((p), list_, sizeof list_ / sizeof list_[0]);     \
    } while (0)

static void tev_and_fragment_ops(void **state)
{
    (void)state;
    glhle_pica *p = make();
    /* stage 5: rgb interpolate(1 - primary.rgb, const.ggg, tex0.rgb) x2,
     * alpha modulate(1 - prev.a, const.r) x4 (SOURCE 0x00EF03E0: rgb 0, E, 3 / alpha F, E, 0;
     * OPERAND 0x00021081: rgb 1, 8, 0 / alpha 1, 2, 0; COMBINER 4 / 1; SCALE 1 / 2) */
    RUN(p, {PICA_REG_TEXENV5_SOURCE, 0x00EF03E0}, {PICA_REG_TEXENV5_OPERAND, 0x00021081},
        {PICA_REG_TEXENV5_COMBINER, 0x00010004}, {PICA_REG_TEXENV5_SCALE, 0x00020001},
        {PICA_REG_TEXENV5_COLOR, 0x44332211}, {PICA_REG_TEXENV_BUFFER_COLOR, 0x88776655},
        {PICA_REG_TEXUNIT_CONFIG, 0x00001001},
        /* alpha test on, <= (5), reference 0x80 */
        {PICA_REG_FRAGOP_ALPHA_TEST, 0x00008051},
        /* fog mode 5, z flip; buffer bits 8-15 zero */
        {PICA_REG_TEXENV_UPDATE_BUFFER, 0x00010005}, {PICA_REG_FOG_COLOR, 0x00302010},
        /* w-buffer (DEPTHMAP_ENABLE 0), scale -1.0 (f24 0xBF0000), offset 0.5 (0x3E0000) */
        {PICA_REG_DEPTHMAP_ENABLE, 0}, {PICA_REG_DEPTHMAP_SCALE, 0xBF0000}, {PICA_REG_DEPTHMAP_OFFSET, 0x3E0000},
        /* texture 0: projection (PARAM bits 28-30 = 3), wrap t 5 (bits 8-10:
         * border above, repeat below 0), wrap s 6 (bits 12-14: repeat), LOD
         * bias 0x100 = 1.0 (fixed1.4.8) */
        {PICA_REG_TEXUNIT0_PARAM, 0x30006500}, {PICA_REG_TEXUNIT0_LOD, 0x100});
    pica_fs_key k;
    pica_fs_key_from_state(pica_get_state(p), &k);
    const pica_fs_tev_stage *st = &k.tev[5];
    const uint8_t rgb_src[3] = {0, 14, 3}, rgb_mod[3] = {1, 8, 0}, a_src[3] = {15, 14, 0}, a_mod[3] = {1, 2, 0};
    assert_memory_equal(st->rgb_src, rgb_src, 3);
    assert_memory_equal(st->rgb_mod, rgb_mod, 3);
    assert_memory_equal(st->a_src, a_src, 3);
    assert_memory_equal(st->a_mod, a_mod, 3);
    assert_int_equal(st->rgb_op, PICA_FS_TEV_OP_INTERPOLATE);
    assert_int_equal(st->a_op, PICA_FS_TEV_OP_MODULATE);
    assert_int_equal(st->rgb_scale, PICA_FS_TEV_SCALE_2);
    assert_int_equal(st->a_scale, PICA_FS_TEV_SCALE_4);
    assert_int_equal(k.alpha_func, PICA_FS_ALPHA_LEQUAL);
    assert_int_equal(k.fog_mode, PICA_FS_FOG_ON);
    assert_int_equal(k.fog_flip, 1);
    assert_int_equal(k.depth_wbuffer, 1);
    assert_int_equal(k.tex_enable, PICA_FS_TEX_UNIT0);
    assert_int_equal(k.tex0_type, PICA_FS_TEX0_PROJECTION);
    assert_int_equal(k.tex_wrap_neg_repeat, PICA_FS_WRAP_NEG_REPEAT(0, 1));

    pica_fs_uniforms u;
    pica_fs_uniforms_from_state(pica_get_state(p), &u);
    const int32_t c5[4] = {0x11, 0x22, 0x33, 0x44}, buf[4] = {0x55, 0x66, 0x77, 0x88};
    assert_memory_equal(u.tev_const[5], c5, sizeof c5);
    assert_memory_equal(u.tev_buffer_init, buf, sizeof buf);
    assert_int_equal(u.fog_color[0], 0x10);
    assert_int_equal(u.fog_color[2], 0x30);
    assert_int_equal(u.fog_color[3], 0x80); /* the alpha reference */
    assert_true(u.depth_map[0] == -1.0f);
    assert_true(u.depth_map[1] == 0.5f);
    assert_true(u.tex_lod_bias[0] == 1.0f);

    /* the alpha test off means ALWAYS; DEPTHMAP_ENABLE 1 is the z buffer */
    RUN(p, {PICA_REG_FRAGOP_ALPHA_TEST, 0x00008050}, {PICA_REG_DEPTHMAP_ENABLE, 1});
    pica_fs_key_from_state(pica_get_state(p), &k);
    assert_int_equal(k.alpha_func, PICA_FS_ALPHA_ALWAYS);
    assert_int_equal(k.depth_wbuffer, 0);
    glhle_pica_destroy(p);
}

/* BLEND_FUNC (0x101): equation rgb bits 0-2, alpha 8-10; factors src rgb
 * 16-19, dst rgb 20-23, src alpha 24-27, dst alpha 28-31; COLOR_OPERATION
 * (0x100) bit 8 selects blending over the logic op (3dbrew). */
static void min_max_blend_in_key(void **state)
{
    (void)state;
    glhle_pica *p = make();
    /* rgb MIN(src alpha, 1 - dst colour); alpha MAX(ONE, ONE); colour
     * 0x40302010; the colour buffer readable (COLORBUFFER_READ 0xF) */
    RUN(p, {PICA_REG_COLOR_OPERATION, 0x00E40100}, {PICA_REG_BLEND_FUNC, 0x11560403},
        {PICA_REG_BLEND_COLOR, 0x40302010}, {PICA_REG_COLORBUFFER_READ, 0xF});
    pica_fs_key k;
    pica_fs_key_from_state(pica_get_state(p), &k);
    assert_int_equal(k.blend_rgb_eq, PICA_FS_BLEND_MIN);
    assert_int_equal(k.blend_src_rgb, 6);
    assert_int_equal(k.blend_dst_rgb, 5);
    assert_int_equal(k.blend_alpha_eq, PICA_FS_BLEND_NONE); /* GL's MAX is exact for ONE, ONE */
    assert_int_equal(k.blend_src_alpha, 0);
    assert_int_equal(k.blend_dst_alpha, 0);
    pica_fs_uniforms u;
    pica_fs_uniforms_from_state(pica_get_state(p), &u);
    const int32_t bc[4] = {0x10, 0x20, 0x30, 0x40};
    assert_memory_equal(u.blend_color, bc, sizeof bc);

    /* alpha MAX(ONE (15 acts as ONE), dst alpha); rgb ADD with factors is GL's */
    RUN(p, {PICA_REG_BLEND_FUNC, 0x8F760400});
    pica_fs_key_from_state(pica_get_state(p), &k);
    assert_int_equal(k.blend_rgb_eq, PICA_FS_BLEND_NONE);
    assert_int_equal(k.blend_alpha_eq, PICA_FS_BLEND_MAX);
    assert_int_equal(k.blend_src_alpha, 1);
    assert_int_equal(k.blend_dst_alpha, 8);

    /* MAX(ONE, 15): both act as ONE, nothing in the shader */
    RUN(p, {PICA_REG_BLEND_FUNC, 0xF1F10404});
    pica_fs_key_from_state(pica_get_state(p), &k);
    assert_int_equal(k.blend_rgb_eq | k.blend_alpha_eq | k.blend_src_rgb | k.blend_dst_alpha, 0);

    /* the colour buffer's reads off (COLORBUFFER_READ 0): the destination
     * is zero, GL's blender does it all, nothing in the shader */
    RUN(p, {PICA_REG_BLEND_FUNC, 0x11560403}, {PICA_REG_COLORBUFFER_READ, 0});
    pica_fs_key_from_state(pica_get_state(p), &k);
    assert_int_equal(k.blend_rgb_eq | k.blend_alpha_eq | k.blend_src_rgb | k.blend_dst_rgb, 0);
    RUN(p, {PICA_REG_COLORBUFFER_READ, 0xF});
    pica_fs_key_from_state(pica_get_state(p), &k);
    assert_int_equal(k.blend_rgb_eq, PICA_FS_BLEND_MIN);

    /* the logic op instead of blending: no blending at all */
    RUN(p, {PICA_REG_BLEND_FUNC, 0x11560403}, {PICA_REG_COLOR_OPERATION, 0x00E40000});
    pica_fs_key_from_state(pica_get_state(p), &k);
    assert_int_equal(k.blend_rgb_eq | k.blend_alpha_eq | k.blend_src_rgb | k.blend_dst_rgb, 0);

    /* any byte pattern normalises: reserved modes off, factor 15 -> 1 */
    memset(&k, 0, sizeof k);
    k.blend_rgb_eq = 7;
    k.blend_src_rgb = 0xF6;
    k.blend_alpha_eq = PICA_FS_BLEND_MIN;
    k.blend_src_alpha = 0x1F;
    k.blend_dst_alpha = 0x23;
    pica_fs_key_normalize(&k);
    assert_int_equal(k.blend_rgb_eq | k.blend_src_rgb | k.blend_dst_rgb, 0);
    assert_int_equal(k.blend_alpha_eq, PICA_FS_BLEND_MIN);
    assert_int_equal(k.blend_src_alpha, 1);
    assert_int_equal(k.blend_dst_alpha, 3);
    glhle_pica_destroy(p);
}

static void lighting_from_registers(void **state)
{
    (void)state;
    glhle_pica *p = make();
    RUN(p,
        /* stage 5 adds both lighting colours */
        {PICA_REG_TEXENV5_SOURCE, 0x00210021}, {PICA_REG_TEXENV5_COMBINER, 0x00020002},
        {PICA_REG_LIGHTING_ENABLE0, 1}, {PICA_REG_LIGHTING_ENABLE1, 0},
        /* two lights: slot 0 light 3, slot 1 light 5 */
        {PICA_REG_LIGHTING_NUM_LIGHTS, 1}, {PICA_REG_LIGHTING_LIGHT_PERMUTATION, 0x53},
        /* CONFIG0: configuration 8 (all LUTs), fresnel to both alphas, clamp highlights,
         * bump mode 1 from unit 2, renormalisation on (bit 30 clear) */
        {PICA_REG_LIGHTING_CONFIG0, 8u << 4 | 3u << 2 | 1u << 27 | 1u << 28 | 2u << 22},
        /* CONFIG1: D1 disabled (bit 17), light 5's spot disabled (bit 13), light 3's
         * distance attenuation disabled (bit 27) */
        {PICA_REG_LIGHTING_CONFIG1, 1u << 17 | 1u << 13 | 1u << 27},
        /* ABS: a set bit disables abs(): D0 (bit 1) signed, the rest abs;
         * SELECT: D0 N.V (2), SP -L.P (4), FR V.H (1); SCALE: D0 x8 (3), FR x0.5 (7) */
        {PICA_REG_LIGHTING_LUTINPUT_ABS, 1u << 1}, {PICA_REG_LIGHTING_LUTINPUT_SELECT, 2u | 4u << 8 | 1u << 12},
        {PICA_REG_LIGHTING_LUTINPUT_SCALE, 3u | 7u << 12},
        /* light 3 directional, light 5 two-sided with geometric factor 1 */
        {PICA_REG_LIGHT3_CONFIG, 1}, {PICA_REG_LIGHT5_CONFIG, 2 | 8},
        /* light 3: specular0 r 255 (bits 20-29), position (1.0, -2.0, 0.5) in f16 */
        {PICA_REG_LIGHT3_SPECULAR0, 255u << 20}, {PICA_REG_LIGHT3_XY, 0x3C00 | 0xC000u << 16},
        {PICA_REG_LIGHT3_Z, 0x3800},
        /* light 5: spot direction x = -1.0 (fixed1.1.11: 0x1800), attenuation bias 1.0 (f20 0x3F000) */
        {PICA_REG_LIGHT5_SPOTDIR_XY, 0x1800}, {PICA_REG_LIGHT5_ATTENUATION_BIAS, 0x3F000},
        {PICA_REG_LIGHTING_AMBIENT, 51u << 20 | 102u << 10 | 255u},
        {PICA_REG_TEXUNIT_CONFIG, 0x00001004});
    pica_fs_key k;
    pica_fs_key_from_state(pica_get_state(p), &k);
    const pica_fs_lighting_key *l = &k.lighting;
    assert_int_equal(l->enable, 1);
    assert_int_equal(l->num_lights, 2);
    assert_int_equal(l->config, PICA_FS_LIGHT_ENV_CONFIG7);
    assert_int_equal(l->fresnel_primary, 1);
    assert_int_equal(l->fresnel_secondary, 1);
    assert_int_equal(l->clamp_highlights, 1);
    assert_int_equal(l->bump_mode, PICA_FS_BUMP_NORMAL);
    assert_int_equal(l->bump_selector, 2);
    assert_int_equal(l->bump_renorm, 1);
    assert_int_equal(l->light[0].id, 3);
    assert_int_equal(l->light[1].id, 5);
    /* light 3: directional, spot on (light 3's spot bit clear), no distance attenuation, shadows off */
    assert_int_equal(l->light[0].flags, PICA_FS_LIGHT_DIRECTIONAL | PICA_FS_LIGHT_SPOT);
    assert_int_equal(l->light[1].flags, PICA_FS_LIGHT_TWO_SIDED | PICA_FS_LIGHT_GEO1 | PICA_FS_LIGHT_DIST_ATTEN);
    assert_int_equal(l->lut[PICA_FS_LUT_D0].enable, 1);
    assert_int_equal(l->lut[PICA_FS_LUT_D0].input, PICA_FS_LUT_INPUT_NV);
    assert_int_equal(l->lut[PICA_FS_LUT_D0].abs, 0);
    assert_int_equal(l->lut[PICA_FS_LUT_D0].scale, PICA_FS_LUT_SCALE_8);
    assert_int_equal(l->lut[PICA_FS_LUT_D1].enable, 0);
    assert_int_equal(l->lut[PICA_FS_LUT_SP].input, PICA_FS_LUT_INPUT_SP);
    assert_int_equal(l->lut[PICA_FS_LUT_SP].abs, 1);
    assert_int_equal(l->lut[PICA_FS_LUT_FR].input, PICA_FS_LUT_INPUT_VH);
    assert_int_equal(l->lut[PICA_FS_LUT_FR].scale, PICA_FS_LUT_SCALE_HALF);
    assert_int_equal(k.tex_enable, PICA_FS_TEX_UNIT2); /* the bump map's unit */

    pica_fs_uniforms u;
    pica_fs_uniforms_from_state(pica_get_state(p), &u);
    assert_true(u.light[3].specular0[0] == 1.0f);
    assert_true(u.light[3].position[0] == 1.0f && u.light[3].position[1] == -2.0f && u.light[3].position[2] == 0.5f);
    assert_true(u.light[5].spot_dir[0] == -1.0f);
    assert_true(u.light[5].atten[0] == 1.0f);
    assert_true(u.light_ambient[0] == 51.0f / 255 && u.light_ambient[1] == 102.0f / 255 && u.light_ambient[2] == 1.0f);

    /* ENABLE1 set turns lighting off whatever ENABLE0 says (the register Azahar tests) */
    RUN(p, {PICA_REG_LIGHTING_ENABLE1, 1});
    pica_fs_key_from_state(pica_get_state(p), &k);
    assert_int_equal(k.lighting.enable, 0);
    assert_int_equal(k.tev[5].rgb_src[0], PICA_FS_TEV_SRC_ZERO);
    glhle_pica_destroy(p);
}

static void proctex_from_registers(void **state)
{
    (void)state;
    glhle_pica *p = make();
    RUN(p, {PICA_REG_TEXENV5_SOURCE, 0x00060006},
        /* texture 3 on (bit 10) with texture 2's coordinates (bits 8-9 = 2) */
        {PICA_REG_TEXUNIT_CONFIG, 0x00001600},
        /* PROCTEX0: u clamp 3 (mirror), v clamp 4 (pulse), rgb func 6, alpha func 9, separate
         * alpha, noise, u shift 1, v shift 2, bias low byte 0x00 */
        {PICA_REG_TEXUNIT3_PROCTEX0, 3u | 4u << 3 | 6u << 6 | 9u << 10 | 1u << 14 | 1u << 15 | 1u << 16 | 2u << 18},
        /* amplitude u 0x0800 (fixed1.3.12 = 0.5), phase u f16 0x3C00 (1.0) */
        {PICA_REG_TEXUNIT3_PROCTEX1, 0x0800 | 0x3C00u << 16},
        /* frequencies 2.0 (0x4000) and 0.25 (0x3400) */
        {PICA_REG_TEXUNIT3_PROCTEX3, 0x4000 | 0x3400u << 16},
        /* PROCTEX4: filter 5, LOD min 1, max 6, width 128, bias high byte 0x3C -> bias f16 0x3C00 = 1.0 */
        {PICA_REG_TEXUNIT3_PROCTEX4, 5u | 1u << 3 | 6u << 7 | 128u << 11 | 0x3Cu << 19},
        {PICA_REG_TEXUNIT3_PROCTEX5, 0xE0C08010});
    pica_fs_key k;
    pica_fs_key_from_state(pica_get_state(p), &k);
    const pica_fs_proctex_key *pk = &k.proctex;
    assert_int_equal(pk->enable, 1);
    assert_int_equal(pk->coord, 2);
    assert_int_equal(pk->u_clamp, PICA_FS_PROCTEX_CLAMP_MIRROR);
    assert_int_equal(pk->v_clamp, PICA_FS_PROCTEX_CLAMP_PULSE);
    assert_int_equal(pk->rgb_func, PICA_FS_PROCTEX_FUNC_SQRT2);
    assert_int_equal(pk->alpha_func, PICA_FS_PROCTEX_FUNC_RMAX);
    assert_int_equal(pk->separate_alpha, 1);
    assert_int_equal(pk->noise, 1);
    assert_int_equal(pk->u_shift, PICA_FS_PROCTEX_SHIFT_ODD);
    assert_int_equal(pk->v_shift, PICA_FS_PROCTEX_SHIFT_EVEN);
    assert_int_equal(pk->filter, PICA_FS_PROCTEX_LINEAR_MIP_LINEAR);
    pica_fs_uniforms u;
    pica_fs_uniforms_from_state(pica_get_state(p), &u);
    assert_true(u.proctex_noise[0] == 0.5f);
    assert_true(u.proctex_noise[2] == 2.0f && u.proctex_noise[3] == 0.25f);
    assert_true(u.proctex_phase_bias[0] == 1.0f);
    assert_true(u.proctex_phase_bias[2] == 1.0f);
    const int32_t lut[4] = {128, 1, 6, 0}, off[4] = {0x10, 0x80, 0xC0, 0xE0};
    assert_memory_equal(u.proctex_lut, lut, sizeof lut);
    assert_memory_equal(u.proctex_offset, off, sizeof off);
    glhle_pica_destroy(p);
}

static void luts_and_dirty_flow(void **state)
{
    (void)state;
    glhle_pica *p = make();
    pica_fs_derived *d = calloc(1, sizeof *d);
    bool changed;
    /* the first update derives everything */
    uint64_t dirty = pica_fs_update(d, pica_get_state(p), &changed);
    assert_int_equal(dirty, PICA_FS_DIRTY_ALL);
    assert_true(changed);
    assert_int_equal(d->key_hash, pica_fs_key_hash(&d->key));
    pica_get_state_mut(p)->dirty = 0;
    pica_get_state_mut(p)->lighting_lut_dirty = pica_get_state_mut(p)->proctex_lut_dirty = 0;
    assert_int_equal(pica_fs_update(d, pica_get_state(p), &changed), 0);
    assert_false(changed);

    /* a constant colour is uniform data: no key change */
    RUN(p, {PICA_REG_TEXENV5_COLOR, 0x01020304});
    dirty = pica_fs_update(d, pica_get_state(p), &changed);
    assert_int_equal(dirty, PICA_FS_DIRTY_UNIFORMS);
    assert_false(changed);
    assert_int_equal(d->uniforms.tev_const[5][0], 4);
    pica_get_state_mut(p)->dirty = 0;

    /* a combiner change is key data */
    uint64_t old_hash = d->key_hash;
    RUN(p, {PICA_REG_TEXENV5_COMBINER, 0x00010001});
    dirty = pica_fs_update(d, pica_get_state(p), &changed);
    assert_true(changed);
    assert_int_not_equal(d->key_hash, old_hash);
    pica_get_state_mut(p)->dirty = 0;
    /* writing the same value again dirties nothing */
    RUN(p, {PICA_REG_TEXENV5_COMBINER, 0x00010001});
    assert_int_equal(pica_fs_update(d, pica_get_state(p), &changed), 0);

    /* LUT FIFOs: lighting table 1 (D1) from index 5, fog from index 7, proctex colour table
     * (4) from index 3 */
    RUN(p, {PICA_REG_LIGHTING_LUT_INDEX, 1u << 8 | 5}, {PICA_REG_LIGHTING_LUT_DATA0, 0x00ABCDEF},
        {PICA_REG_LIGHTING_LUT_DATA3, 0x00123456}, {PICA_REG_FOG_LUT_INDEX, 7}, {PICA_REG_FOG_LUT_DATA0, 0x00FEDCBA},
        {PICA_REG_PROCTEX_LUT, 4u << 8 | 3}, {PICA_REG_PROCTEX_LUT_DATA0, 0x11223344});
    dirty = pica_fs_update(d, pica_get_state(p), &changed);
    assert_int_equal(dirty, PICA_FS_DIRTY_LIGHTING_LUT(1) | PICA_FS_DIRTY_FOG_LUT | PICA_FS_DIRTY_PROCTEX_COLOR);
    assert_false(changed);
    assert_int_equal(d->luts.e[PICA_FS_LUT_LIGHTING + 256 + 5], 0x00ABCDEF);
    assert_int_equal(d->luts.e[PICA_FS_LUT_LIGHTING + 256 + 6], 0x00123456);
    assert_int_equal(d->luts.e[PICA_FS_LUT_FOG + 7], 0x00FEDCBA);
    assert_int_equal(d->luts.e[PICA_FS_LUT_PROCTEX_COLOR + 3], 0x11223344);
    free(d);
    glhle_pica_destroy(p);
}

static void memo_normalises_each_configuration_once(void **state)
{
    (void)state;
    glhle_pica *p = make();
    pica_fs_derived *d = calloc(1, sizeof *d);
    bool changed;
    pica_fs_update(d, pica_get_state(p), &changed);
    assert_int_equal(d->memo_misses, 1);
    pica_fs_key first = d->key;
    /* a second configuration, then back to the first, then the second again */
    static const uint32_t combiners[3] = {0x00010001, 0x00000000, 0x00010001};
    uint64_t misses[3] = {2, 2, 2};
    for (int i = 0; i < 3; i++) {
        pica_get_state_mut(p)->dirty = 0;
        const w list[] = {{PICA_REG_TEXENV5_COMBINER, combiners[i]}};
        run(p, list, 1);
        pica_fs_update(d, pica_get_state(p), &changed);
        assert_true(changed);
        assert_int_equal(d->memo_misses, misses[i]);
        pica_fs_key direct;
        pica_fs_key_from_state(pica_get_state(p), &direct);
        assert_memory_equal(&direct, &d->key, sizeof direct);
        assert_int_equal(d->key_hash, pica_fs_key_hash(&direct));
    }
    pica_get_state_mut(p)->dirty = 0;
    const w back[] = {{PICA_REG_TEXENV5_COMBINER, 0}};
    run(p, back, 1);
    pica_fs_update(d, pica_get_state(p), &changed);
    assert_memory_equal(&first, &d->key, sizeof first);
    assert_int_equal(d->memo_misses, 2);
    free(d);
    glhle_pica_destroy(p);
}

/* Reserved values written to the registers: the key holds the documented
 * clamp and the generator still produces its shader. */
static void reserved_register_values(void **state)
{
    (void)state;
    static const struct {
        const char *what;
        uint32_t reg, value;
        size_t offset;
        uint8_t expect;
    } cases[] = {
        {"TEV colour source 9", PICA_REG_TEXENV5_SOURCE, 0x00000009, offsetof(pica_fs_key, tev[5].rgb_src[0]),
         PICA_FS_TEV_SRC_ZERO},
        {"TEV colour operand 14", PICA_REG_TEXENV5_OPERAND, 0x0000000E, offsetof(pica_fs_key, tev[5].rgb_mod[0]),
         PICA_FS_TEV_CMOD_ZERO},
        {"TEV alpha combiner 7", PICA_REG_TEXENV5_COMBINER, 0x00070000, offsetof(pica_fs_key, tev[5].a_op),
         PICA_FS_TEV_OP_ZERO},
        {"TEV colour combiner 15", PICA_REG_TEXENV5_COMBINER, 0x0000000F, offsetof(pica_fs_key, tev[5].rgb_op),
         PICA_FS_TEV_OP_ZERO},
        {"TEV scale 3", PICA_REG_TEXENV5_SCALE, 0x00000003, offsetof(pica_fs_key, tev[5].rgb_scale), 0},
        {"fog mode 3", PICA_REG_TEXENV_UPDATE_BUFFER, 0x00010003, offsetof(pica_fs_key, fog_mode), PICA_FS_FOG_OFF},
        {"gas mode", PICA_REG_TEXENV_UPDATE_BUFFER, 0x00000007, offsetof(pica_fs_key, fog_mode), PICA_FS_FOG_GAS},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        glhle_pica *p = make();
        const w list[] = {{PICA_REG_TEXUNIT_CONFIG, 0x00001000}, {cases[i].reg, cases[i].value}};
        run(p, list, 2);
        pica_fs_key k;
        pica_fs_key_from_state(pica_get_state(p), &k);
        uint8_t got = ((const uint8_t *)&k)[cases[i].offset];
        if (got != cases[i].expect)
            fail_msg("%s: key byte %u, documented %u", cases[i].what, got, cases[i].expect);
        glhle_bytebuf b;
        glhle_bytebuf_init(&b, 0);
        pica_fs_host host = {0};
        assert_true(pica_fs_generate(&k, &host, &b));
        glhle_bytebuf_free(&b);
        glhle_pica_destroy(p);
    }

    /* lighting: configuration 15, LUT input 7, scale 5, bump mode 3 */
    glhle_pica *p = make();
    RUN(p, {PICA_REG_TEXENV5_SOURCE, 0x00020002}, {PICA_REG_LIGHTING_ENABLE1, 0},
        {PICA_REG_LIGHTING_CONFIG0, 15u << 4 | 3u << 28}, {PICA_REG_LIGHTING_LUTINPUT_SELECT, 7},
        {PICA_REG_LIGHTING_LUTINPUT_SCALE, 5}, {PICA_REG_TEXUNIT_CONFIG, 0x00001000});
    pica_fs_key k;
    pica_fs_key_from_state(pica_get_state(p), &k);
    assert_int_equal(k.lighting.config, 6);
    assert_int_equal(k.lighting.bump_mode, PICA_FS_BUMP_NONE);
    assert_int_equal(k.lighting.lut[PICA_FS_LUT_D0].input, PICA_FS_LUT_INPUT_ZERO);
    assert_int_equal(k.lighting.lut[PICA_FS_LUT_D0].scale, PICA_FS_LUT_SCALE_0);
    glhle_pica_destroy(p);

    /* texture 0 type 7 samples as 2D; proctex clamp 6, function 12, filter 7, coordinates 3 */
    p = make();
    RUN(p, {PICA_REG_TEXENV5_SOURCE, 0x00030006}, {PICA_REG_TEXENV5_COMBINER, 0x00000002},
        {PICA_REG_TEXENV5_SOURCE, 0x00030036}, {PICA_REG_TEXUNIT_CONFIG, 0x00001701},
        {PICA_REG_TEXUNIT0_PARAM, 0x70000000}, {PICA_REG_TEXUNIT3_PROCTEX0, 6u | 12u << 6},
        {PICA_REG_TEXUNIT3_PROCTEX4, 7});
    pica_fs_key_from_state(pica_get_state(p), &k);
    assert_int_equal(k.tex0_type, PICA_FS_TEX0_2D);
    assert_int_equal(k.tex_enable, PICA_FS_TEX_UNIT0);
    assert_int_equal(k.proctex.coord, 0);
    assert_int_equal(k.proctex.u_clamp, PICA_FS_PROCTEX_CLAMP_EDGE);
    assert_int_equal(k.proctex.rgb_func, PICA_FS_PROCTEX_FUNC_ZERO);
    assert_int_equal(k.proctex.filter, PICA_FS_PROCTEX_NEAREST);
    glhle_pica_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tev_and_fragment_ops),
        cmocka_unit_test(min_max_blend_in_key),
        cmocka_unit_test(lighting_from_registers),
        cmocka_unit_test(proctex_from_registers),
        cmocka_unit_test(luts_and_dirty_flow),
        cmocka_unit_test(memo_normalises_each_configuration_once),
        cmocka_unit_test(reserved_register_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
