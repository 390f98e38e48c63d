#include "support/pica_fs_random.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/gl/shader_cache_file.h"
#include "backend/pica/draw/programs.h"

static unsigned pick(ts_rng *r, const uint8_t *values, unsigned n)
{
    return values[ts_rng_below(r, n)];
}

static float frand(ts_rng *r, float lo, float hi)
{
    return lo + (hi - lo) * (float)(ts_rng_u32(r) >> 8) / 16777216.0f;
}

void pica_fs_random_key(ts_rng *r, unsigned features, pica_fs_key *key)
{
    memset(key, 0, sizeof *key);
    if (features & PFR_RAW) {
        uint8_t *b = (uint8_t *)key;
        for (size_t i = 0; i < sizeof *key; i++)
            b[i] = (uint8_t)ts_rng_u32(r);
        pica_fs_key_normalize(key);
        return;
    }
    uint8_t sources[16];
    unsigned ns = 0;
    sources[ns++] = PICA_FS_TEV_SRC_PRIMARY;
    sources[ns++] = PICA_FS_TEV_SRC_CONSTANT;
    sources[ns++] = PICA_FS_TEV_SRC_PREVIOUS;
    sources[ns++] = PICA_FS_TEV_SRC_PREVIOUS;
    sources[ns++] = PICA_FS_TEV_SRC_PREV_BUFFER;
    if (features & PFR_TEXTURES) {
        sources[ns++] = PICA_FS_TEV_SRC_TEX0;
        sources[ns++] = PICA_FS_TEV_SRC_TEX1;
        sources[ns++] = PICA_FS_TEV_SRC_TEX2;
    }
    if (features & PFR_LIGHTING) {
        sources[ns++] = PICA_FS_TEV_SRC_FRAG_PRIMARY;
        sources[ns++] = PICA_FS_TEV_SRC_FRAG_SECONDARY;
        sources[ns++] = PICA_FS_TEV_SRC_FRAG_SECONDARY;
    }
    if (features & PFR_PROCTEX) {
        sources[ns++] = PICA_FS_TEV_SRC_TEX3;
        sources[ns++] = PICA_FS_TEV_SRC_TEX3;
    }
    static const uint8_t cmods[] = {0, 1, 2, 3, 4, 5, 8, 9, 12, 13};
    for (int i = 0; i < PICA_FS_TEV_STAGES; i++) {
        pica_fs_tev_stage *st = &key->tev[i];
        for (int j = 0; j < 3; j++) {
            st->rgb_src[j] = (uint8_t)pick(r, sources, ns);
            st->a_src[j] = (uint8_t)pick(r, sources, ns);
            st->rgb_mod[j] = (uint8_t)pick(r, cmods, sizeof cmods);
            st->a_mod[j] = (uint8_t)ts_rng_below(r, 8);
        }
        st->rgb_op = (uint8_t)ts_rng_below(r, 10);
        st->a_op = (uint8_t)ts_rng_below(r, 10);
        if (st->a_op == PICA_FS_TEV_OP_DOT3_RGB || st->a_op == PICA_FS_TEV_OP_DOT3_RGBA)
            st->a_op = PICA_FS_TEV_OP_MODULATE;
        st->rgb_scale = (uint8_t)(ts_rng_below(r, 4) == 0 ? ts_rng_below(r, 3) : 0);
        st->a_scale = (uint8_t)(ts_rng_below(r, 4) == 0 ? ts_rng_below(r, 3) : 0);
    }
    /* the last stages often read the earlier results, so the output depends on them */
    key->tev[5].rgb_src[0] = PICA_FS_TEV_SRC_PREVIOUS;
    key->buffer_update_rgb = (uint8_t)ts_rng_below(r, 16);
    key->buffer_update_a = (uint8_t)ts_rng_below(r, 16);
    key->alpha_func = (features & PFR_ALPHA_TEST) && ts_rng_below(r, 2) ? (uint8_t)ts_rng_below(r, 8) : PICA_FS_ALPHA_ALWAYS;
    key->depth_wbuffer = (uint8_t)ts_rng_below(r, 2);
    key->tex_enable = 7;
    key->tex2_coord1 = (uint8_t)ts_rng_below(r, 2);
    if (features & PFR_TEX0_TYPES) {
        static const uint8_t types[] = {PICA_FS_TEX0_2D, PICA_FS_TEX0_CUBE, PICA_FS_TEX0_PROJECTION, PICA_FS_TEX0_SHADOW_2D,
                                        PICA_FS_TEX0_SHADOW_CUBE};
        key->tex0_type = (uint8_t)pick(r, types, sizeof types);
        key->shadow_ortho = (uint8_t)ts_rng_below(r, 2);
    }
    if (features & PFR_FOG) {
        /* off, fog, or the shading pass of gas rendering */
        static const uint8_t modes[] = {PICA_FS_FOG_OFF, PICA_FS_FOG_ON, PICA_FS_FOG_GAS};
        key->fog_mode = (uint8_t)pick(r, modes, sizeof modes);
        key->fog_flip = (uint8_t)ts_rng_below(r, 2);
        key->gas = (uint8_t)ts_rng_below(r, 16);
    }
    if (features & PFR_PROCTEX) {
        pica_fs_proctex_key *p = &key->proctex;
        p->enable = 1;
        p->coord = (uint8_t)ts_rng_below(r, 3);
        p->u_clamp = (uint8_t)ts_rng_below(r, 5);
        p->v_clamp = (uint8_t)ts_rng_below(r, 5);
        p->rgb_func = (uint8_t)ts_rng_below(r, 10);
        p->alpha_func = (uint8_t)ts_rng_below(r, 10);
        p->separate_alpha = (uint8_t)ts_rng_below(r, 2);
        p->noise = (uint8_t)ts_rng_below(r, 2);
        p->u_shift = (uint8_t)ts_rng_below(r, 3);
        p->v_shift = (uint8_t)ts_rng_below(r, 3);
        p->filter = (uint8_t)ts_rng_below(r, 6);
    }
    if (features & PFR_LIGHTING) {
        pica_fs_lighting_key *l = &key->lighting;
        static const uint8_t configs[] = {0, 1, 2, 3, 4, 5, 6, 8};
        l->enable = 1;
        l->num_lights = (uint8_t)(1 + ts_rng_below(r, ts_rng_below(r, 4) == 0 ? 8 : 3));
        l->config = (uint8_t)pick(r, configs, sizeof configs);
        l->bump_mode = (uint8_t)(ts_rng_below(r, 3) == 0 ? ts_rng_below(r, 3) : 0);
        l->bump_selector = (uint8_t)ts_rng_below(r, 4);
        l->bump_renorm = (uint8_t)ts_rng_below(r, 2);
        l->clamp_highlights = (uint8_t)ts_rng_below(r, 2);
        l->fresnel_primary = (uint8_t)ts_rng_below(r, 2);
        l->fresnel_secondary = (uint8_t)ts_rng_below(r, 2);
        l->shadow_enable = (uint8_t)(ts_rng_below(r, 3) == 0);
        l->shadow_primary = (uint8_t)ts_rng_below(r, 2);
        l->shadow_secondary = (uint8_t)ts_rng_below(r, 2);
        l->shadow_invert = (uint8_t)ts_rng_below(r, 2);
        l->shadow_alpha = (uint8_t)ts_rng_below(r, 2);
        l->shadow_selector = (uint8_t)ts_rng_below(r, 4);
        static const uint8_t scales[] = {0, 1, 2, 3, 6, 7};
        for (int i = 0; i < PICA_FS_LUT_COUNT; i++) {
            l->lut[i].enable = (uint8_t)(ts_rng_below(r, 3) != 0);
            l->lut[i].input = (uint8_t)ts_rng_below(r, 6);
            l->lut[i].abs = (uint8_t)ts_rng_below(r, 2);
            l->lut[i].scale = (uint8_t)(ts_rng_below(r, 2) ? 0 : pick(r, scales, sizeof scales));
        }
        for (int i = 0; i < PICA_FS_MAX_LIGHTS; i++) {
            l->light[i].id = (uint8_t)ts_rng_below(r, 8);
            l->light[i].flags = (uint8_t)(ts_rng_u32(r) & 0x7f);
        }
        /* make sure some TEV stage reads the lighting */
        key->tev[5].rgb_op = PICA_FS_TEV_OP_ADD;
        key->tev[5].rgb_src[1] = (uint8_t)(PICA_FS_TEV_SRC_FRAG_PRIMARY + ts_rng_below(r, 2));
        key->tev[5].rgb_mod[1] = 0;
    }
    if ((features & PFR_PROCTEX) && ts_rng_below(r, 2)) {
        key->tev[4].rgb_op = PICA_FS_TEV_OP_REPLACE;
        key->tev[4].rgb_src[0] = PICA_FS_TEV_SRC_TEX3;
        key->tev[4].a_op = PICA_FS_TEV_OP_REPLACE;
        key->tev[4].a_src[0] = PICA_FS_TEV_SRC_TEX3;
        key->tev[4].a_mod[0] = 0;
        key->tev[5].rgb_src[0] = PICA_FS_TEV_SRC_PREVIOUS;
    }
    pica_fs_key_normalize(key);
}

static void light_color(ts_rng *r, float c[4], float max)
{
    for (int i = 0; i < 3; i++)
        c[i] = (float)ts_rng_below(r, (uint32_t)(max * 255) + 1) / 255.0f;
    c[3] = 0;
}

void pica_fs_random_data(ts_rng *r, const pica_fs_key *key, pica_fs_uniforms *u, pica_fs_luts *luts)
{
    memset(u, 0, sizeof *u);
    for (int s = 0; s < 6; s++)
        for (int i = 0; i < 4; i++)
            u->tev_const[s][i] = (int32_t)ts_rng_below(r, 256);
    for (int i = 0; i < 4; i++) {
        u->tev_buffer_init[i] = (int32_t)ts_rng_below(r, 256);
        u->fog_color[i] = (int32_t)ts_rng_below(r, 256);
    }
    /* gas: the registers' bytes; GAS_ACCMAX and GAS_ATTENUATION as f16
     * values from 1/128 to 8 (citro3d writes 1 / the maximum accumulation); deltaZ
     * up to 64 (fixed 16.8); the LUT's colours and sign-magnitude
     * differences (citro3d GasLut_FromArray) */
    for (int i = 0; i < 4; i++) {
        u->gas_light_xy[i] = (int32_t)ts_rng_below(r, 256);
        u->gas_light_z[i] = i < 3 ? (int32_t)ts_rng_below(r, 256) : 0;
    }
    u->gas_params[0] = pica_fs_gas_fixed(glhle_f16_to_float((uint16_t)(0x2000 + ts_rng_below(r, 0x2800))));
    u->gas_params[1] = pica_fs_gas_fixed(glhle_f16_to_float((uint16_t)(0x2000 + ts_rng_below(r, 0x2800))));
    u->gas_params[2] = (int32_t)ts_rng_below(r, 64u << 8);
    for (int i = 0; i < 8; i++) {
        u->gas_lut[i][0] = (int32_t)(ts_rng_u32(r) & 0xFFFFFF);
        u->gas_lut[i][1] = (int32_t)(ts_rng_u32(r) & 0xFFFFFF);
    }
    /* DEPTHMAP as citro3d sets it up: scale = near - far in [-1, 0] ... */
    u->depth_map[0] = -frand(r, 0.5f, 1.0f);
    u->depth_map[1] = frand(r, 0.0f, 0.5f);
    u->shadow_bias[0] = (int32_t)ts_rng_below(r, 4096);
    light_color(r, u->light_ambient, 0.3f);
    for (int i = 0; i < 8; i++) {
        pica_fs_light_uniforms *L = &u->light[i];
        light_color(r, L->specular0, 1.0f);
        light_color(r, L->specular1, 1.0f);
        light_color(r, L->diffuse, 1.0f);
        light_color(r, L->ambient, 0.3f);
        /* positions well away from the view vectors the tests use (|view| <= 2) */
        float len;
        do {
            for (int k = 0; k < 3; k++)
                L->position[k] = frand(r, -8.0f, 8.0f);
            len = sqrtf(L->position[0] * L->position[0] + L->position[1] * L->position[1] +
                        L->position[2] * L->position[2]);
        } while (len < 4.0f);
        float sx = frand(r, -1, 1), sy = frand(r, -1, 1), sz = frand(r, -1, 1);
        float sl = sqrtf(sx * sx + sy * sy + sz * sz) + 1e-3f;
        /* spot direction as the register stores it: s1.1.11 / 2047 */
        L->spot_dir[0] = roundf(sx / sl * 2047.0f) / 2047.0f;
        L->spot_dir[1] = roundf(sy / sl * 2047.0f) / 2047.0f;
        L->spot_dir[2] = roundf(sz / sl * 2047.0f) / 2047.0f;
        L->atten[0] = frand(r, -0.5f, 0.5f);
        L->atten[1] = frand(r, 0.0f, 0.2f);
    }
    u->proctex_noise[0] = (float)((int)ts_rng_below(r, 4096) - 2048) / 4095.0f;
    u->proctex_noise[1] = (float)((int)ts_rng_below(r, 4096) - 2048) / 4095.0f;
    u->proctex_noise[2] = frand(r, 0.0f, 4.0f);
    u->proctex_noise[3] = frand(r, 0.0f, 4.0f);
    u->proctex_phase_bias[0] = frand(r, -1.0f, 1.0f);
    u->proctex_phase_bias[1] = frand(r, -1.0f, 1.0f);
    u->proctex_phase_bias[2] = ts_rng_below(r, 4) == 0 ? 0.0f : frand(r, 0.25f, 4.0f);
    u->proctex_lut[0] = (int32_t)(ts_rng_below(r, 2) ? 128 : 1 + ts_rng_below(r, 255));
    u->proctex_lut[1] = (int32_t)ts_rng_below(r, 3);
    u->proctex_lut[2] = (int32_t)(u->proctex_lut[1] + ts_rng_below(r, 6));
    u->proctex_offset[0] = (int32_t)ts_rng_below(r, 128);
    u->proctex_offset[1] = 0x80;
    u->proctex_offset[2] = 0xC0;
    u->proctex_offset[3] = 0xE0;

    /* LUTs: smooth-ish random tables whose deltas match the next entry, as
     * the SDKs compute them, with a few rough ones */
    for (unsigned t = 0; t < PICA_FS_LUT_LIGHTING_TABLES; t++) {
        int v[257];
        int a = (int)ts_rng_below(r, 4096), b = (int)ts_rng_below(r, 4096);
        for (int i = 0; i <= 256; i++)
            v[i] = a + (b - a) * i / 256 + (int)ts_rng_below(r, 64) - 32;
        for (int i = 0; i <= 256; i++)
            v[i] = v[i] < 0 ? 0 : v[i] > 4095 ? 4095 : v[i];
        for (int i = 0; i < 256; i++) {
            /* value 0.0.12 (/4095), delta to the next value (/2047): sign-magnitude */
            int d = (int)lroundf((float)(v[i + 1] - v[i]) * 2047.0f / 4095.0f);
            uint32_t mag = (uint32_t)(d < 0 ? -d : d) & 0x7FF;
            luts->e[PICA_FS_LUT_LIGHTING + t * 256 + (unsigned)i] = (uint32_t)v[i] | mag << 12 | (d < 0 ? 1u << 23 : 0);
        }
    }
    /* fog: 11-bit values, each delta the step to the next (13-bit signed) */
    int fv[129];
    fv[0] = (int)ts_rng_below(r, 2048);
    for (int i = 1; i <= 128; i++) {
        int n = fv[i - 1] + (int)ts_rng_below(r, 257) - 128;
        fv[i] = n < 0 ? 0 : n > 2047 ? 2047 : n;
    }
    for (int i = 0; i < 128; i++)
        luts->e[PICA_FS_LUT_FOG + i] = (uint32_t)fv[i] << 13 | ((uint32_t)(fv[i + 1] - fv[i]) & 0x1FFF);
    /* Proctex tables, smooth as the SDKs build them (the noise table a
     * ramp, the maps and the colour table gentle random walks): with steep
     * random tables, float rounding in the interpolated coordinates decides
     * which side of an entry edge a pixel lands on and any two float
     * implementations disagree there. Deltas are the step to the next
     * entry (12-bit signed). */
    for (unsigned base = PICA_FS_LUT_PROCTEX_NOISE; base < PICA_FS_LUT_PROCTEX_COLOR; base += 128) {
        int v[129];
        v[0] = base == PICA_FS_LUT_PROCTEX_NOISE ? 0 : (int)ts_rng_below(r, 4096);
        for (int i = 1; i <= 128; i++) {
            int n = base == PICA_FS_LUT_PROCTEX_NOISE ? i * 32 + (int)ts_rng_below(r, 9) - 4
                                                   : v[i - 1] + (int)ts_rng_below(r, 193) - 96;
            v[i] = n < 0 ? 0 : n > 4095 ? 4095 : n;
        }
        for (int i = 0; i < 128; i++)
            luts->e[base + (unsigned)i] = (uint32_t)v[i] | ((uint32_t)(v[i + 1] - v[i]) & 0xFFF) << 12;
    }
    /* colour table and the halved differences to the next entry */
    uint8_t col[257][4];
    for (int c = 0; c < 4; c++) {
        int v = (int)ts_rng_below(r, 256);
        for (int i = 0; i < 257; i++) {
            v += (int)ts_rng_below(r, 13) - 6;
            v = v < 0 ? 0 : v > 255 ? 255 : v;
            col[i][c] = (uint8_t)v;
        }
    }
    for (int i = 0; i < 256; i++) {
        uint32_t e = 0, d = 0;
        for (int c = 0; c < 4; c++) {
            e |= (uint32_t)col[i][c] << (8 * c);
            d |= ((uint32_t)((col[i + 1][c] - col[i][c]) / 2) & 0xFF) << (8 * c);
        }
        luts->e[PICA_FS_LUT_PROCTEX_COLOR + i] = e;
        luts->e[PICA_FS_LUT_PROCTEX_DIFF + i] = d;
    }
    (void)key;
}

/* A key in which every field the reserved cases touch is live. */
static void reserved_base(pica_fs_key *k)
{
    memset(k, 0, sizeof *k);
    static const uint8_t second[6] = {PICA_FS_TEV_SRC_TEX0, PICA_FS_TEV_SRC_CONSTANT, PICA_FS_TEV_SRC_FRAG_PRIMARY,
                                      PICA_FS_TEV_SRC_FRAG_SECONDARY, PICA_FS_TEV_SRC_TEX3, PICA_FS_TEV_SRC_TEX2};
    for (int i = 0; i < PICA_FS_TEV_STAGES; i++) {
        pica_fs_tev_stage *st = &k->tev[i];
        st->rgb_op = st->a_op = PICA_FS_TEV_OP_ADD;
        st->rgb_src[0] = st->a_src[0] = i ? PICA_FS_TEV_SRC_PREVIOUS : PICA_FS_TEV_SRC_PRIMARY;
        st->rgb_src[1] = st->a_src[1] = second[i];
    }
    /* stage 1 reads three operands */
    pica_fs_tev_stage *s1 = &k->tev[1];
    s1->rgb_op = s1->a_op = PICA_FS_TEV_OP_INTERPOLATE;
    s1->rgb_src[2] = s1->a_src[2] = PICA_FS_TEV_SRC_TEX1;
    k->alpha_func = PICA_FS_ALPHA_GEQUAL;
    k->fog_mode = PICA_FS_FOG_ON;
    k->fog_flip = 1;
    k->tex_enable = 7;
    pica_fs_lighting_key *l = &k->lighting;
    l->enable = 1;
    l->num_lights = 2;
    l->config = PICA_FS_LIGHT_ENV_CONFIG7;
    l->fresnel_primary = l->fresnel_secondary = 1;
    for (int i = 0; i < PICA_FS_LUT_COUNT; i++) {
        l->lut[i].enable = 1;
        l->lut[i].input = (uint8_t)(i % 5);
        l->lut[i].abs = (uint8_t)(i & 1);
    }
    l->light[0].id = 0;
    l->light[0].flags = PICA_FS_LIGHT_SPOT | PICA_FS_LIGHT_DIST_ATTEN;
    l->light[1].id = 5;
    l->light[1].flags = PICA_FS_LIGHT_DIRECTIONAL | PICA_FS_LIGHT_GEO0;
    pica_fs_proctex_key *p = &k->proctex;
    p->enable = 1;
    p->coord = 1;
    p->u_clamp = PICA_FS_PROCTEX_CLAMP_EDGE;
    p->v_clamp = PICA_FS_PROCTEX_CLAMP_REPEAT;
    p->rgb_func = PICA_FS_PROCTEX_FUNC_ADD;
    p->alpha_func = PICA_FS_PROCTEX_FUNC_V;
    p->separate_alpha = 1;
    p->u_shift = PICA_FS_PROCTEX_SHIFT_ODD;
    p->v_shift = PICA_FS_PROCTEX_SHIFT_EVEN;
    p->filter = PICA_FS_PROCTEX_LINEAR;
}

#define RCASE(field_expr, expected, ...)                                                        \
    do {                                                                                        \
        if (n < max) {                                                                          \
            pica_fs_reserved_case *c = &out[n++];                                               \
            reserved_base(&c->raw);                                                             \
            snprintf(c->what, sizeof c->what, __VA_ARGS__);                                     \
            c->raw.field_expr = (uint8_t)v;                                                     \
            c->offset = (size_t)((const uint8_t *)&c->raw.field_expr - (const uint8_t *)&c->raw); \
            c->expect = (uint8_t)(expected);                                                    \
        }                                                                                       \
    } while (0)

unsigned pica_fs_reserved_cases(pica_fs_reserved_case *out, unsigned max)
{
    unsigned n = 0;
    for (unsigned v = 7; v <= 12; v++) {
        RCASE(tev[1].rgb_src[1], PICA_FS_TEV_SRC_ZERO, "TEV colour source %u", v);
        RCASE(tev[1].a_src[1], PICA_FS_TEV_SRC_ZERO, "TEV alpha source %u", v);
    }
    static const uint8_t cmods[] = {6, 7, 10, 11, 14, 15};
    for (unsigned i = 0; i < sizeof cmods; i++) {
        unsigned v = cmods[i];
        RCASE(tev[1].rgb_mod[1], PICA_FS_TEV_CMOD_ZERO, "TEV colour operand %u", v);
    }
    for (unsigned v = 10; v <= 15; v++) {
        RCASE(tev[1].rgb_op, PICA_FS_TEV_OP_ZERO, "TEV colour combiner %u", v);
        RCASE(tev[1].a_op, PICA_FS_TEV_OP_ZERO, "TEV alpha combiner %u", v);
    }
    for (unsigned v = 6; v <= 7; v++)
        RCASE(tev[1].a_op, PICA_FS_TEV_OP_ZERO, "TEV alpha combiner %u (dot3)", v);
    {
        unsigned v = 3;
        RCASE(tev[1].rgb_scale, PICA_FS_TEV_SCALE_1, "TEV colour scale %u", v);
        RCASE(tev[1].a_scale, PICA_FS_TEV_SCALE_1, "TEV alpha scale %u", v);
    }
    static const uint8_t fogs[] = {1, 2, 3, 4, 6};
    for (unsigned i = 0; i < sizeof fogs; i++) {
        unsigned v = fogs[i];
        RCASE(fog_mode, PICA_FS_FOG_OFF, "fog mode %u", v);
    }
    for (unsigned v = 6; v <= 7; v++)
        RCASE(tex0_type, PICA_FS_TEX0_2D, "texture 0 type %u", v);
    {
        unsigned v = PICA_FS_TEX0_DISABLED;
        RCASE(tex0_type, PICA_FS_TEX0_2D, "texture 0 type %u (disabled)", v);
    }
    for (unsigned v = 7; v <= 15; v++)
        if (v != PICA_FS_LIGHT_ENV_CONFIG7)
            RCASE(lighting.config, 6, "light environment %u", v);
    for (unsigned v = 6; v <= 7; v++)
        RCASE(lighting.lut[PICA_FS_LUT_D0].input, PICA_FS_LUT_INPUT_ZERO, "LUT input select %u", v);
    for (unsigned v = 4; v <= 5; v++)
        RCASE(lighting.lut[PICA_FS_LUT_D1].scale, PICA_FS_LUT_SCALE_0, "LUT scale %u", v);
    {
        unsigned v = 3;
        RCASE(lighting.bump_mode, PICA_FS_BUMP_NONE, "bump mode %u", v);
        RCASE(proctex.coord, 0, "proctex coordinates %u", v);
        RCASE(proctex.u_shift, PICA_FS_PROCTEX_SHIFT_NONE, "proctex u shift %u", v);
        RCASE(proctex.v_shift, PICA_FS_PROCTEX_SHIFT_NONE, "proctex v shift %u", v);
    }
    for (unsigned v = 5; v <= 7; v++) {
        RCASE(proctex.u_clamp, PICA_FS_PROCTEX_CLAMP_EDGE, "proctex u clamp %u", v);
        RCASE(proctex.v_clamp, PICA_FS_PROCTEX_CLAMP_EDGE, "proctex v clamp %u", v);
    }
    for (unsigned v = 10; v <= 15; v++) {
        RCASE(proctex.rgb_func, PICA_FS_PROCTEX_FUNC_ZERO, "proctex colour function %u", v);
        RCASE(proctex.alpha_func, PICA_FS_PROCTEX_FUNC_ZERO, "proctex alpha function %u", v);
    }
    for (unsigned v = 6; v <= 7; v++)
        RCASE(proctex.filter, PICA_FS_PROCTEX_NEAREST, "proctex filter %u", v);
    return n;
}

bool pica_fs_random_cache_file(const char *path, uint32_t n, uint32_t host_bits, uint64_t seed)
{
    ts_rng r;
    ts_rng_init(&r, seed);
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    gl_shc_write_header(&out, GL_SHC_SYSTEM_PICA);
    for (uint32_t i = 0; i < n; i++) {
        pica_program_key k;
        memset(&k, 0, sizeof k);
        pica_fs_random_key(&r, PFR_ALL & ~PFR_RAW, &k.fs);
        k.vs.outputs = PICA_VS_OUT_ALL;
        pica_vs_key_normalize(&k.vs);
        gl_shc_write_key(&out, GL_SHC_SYSTEM_PICA, PICA_PROGRAM_KEY_VERSION, sizeof k, host_bits, 1, 0, &k);
    }
    FILE *fp = fopen(path, "wb");
    bool ok = fp && fwrite(out.data, 1, out.size, fp) == out.size;
    if (fp)
        ok = fclose(fp) == 0 && ok;
    glhle_bytebuf_free(&out);
    return ok;
}
