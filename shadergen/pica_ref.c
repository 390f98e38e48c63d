/* The PICA200 fragment pipeline on the CPU (see pica_ref.h). Each function
 * names where its rule comes from; where hardware and emulators disagree the
 * choice is stated. */
#include "shadergen/pica_ref.h"

#include <math.h>
#include <string.h>

uint8_t pica_ref_byte(float v)
{
    if (!(v > 0.0f)) /* also NaN */
        return 0;
    if (v >= 1.0f)
        return 255;
    return (uint8_t)floorf(v * 255.0f + 0.5f);
}

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static float clampf(float v, float lo, float hi)
{
    return fminf(fmaxf(v, lo), hi);
}

/* ---- texture combiners (GPUREG_TEXENVi_*) ---- */

/* Operand modifier: one byte per colour channel (3dbrew TEXENVi_OPERAND:
 * 0 source colour, 1 one minus, 2/3 alpha, 4/5 red, 8/9 green, 12/13 blue;
 * the rest are reserved and read 0 after normalisation). */
static void color_modifier(unsigned mod, const uint8_t s[4], int out[3])
{
    int c[3];
    switch (mod & ~1u) {
    case 0: c[0] = s[0]; c[1] = s[1]; c[2] = s[2]; break;
    case 2: c[0] = c[1] = c[2] = s[3]; break;
    case 4: c[0] = c[1] = c[2] = s[0]; break;
    case 8: c[0] = c[1] = c[2] = s[1]; break;
    case 12: c[0] = c[1] = c[2] = s[2]; break;
    default: out[0] = out[1] = out[2] = 0; return;
    }
    for (int i = 0; i < 3; i++)
        out[i] = (mod & 1) ? 255 - c[i] : c[i];
}

/* 0 alpha, 2 red, 4 green, 6 blue; odd values invert */
static int alpha_modifier(unsigned mod, const uint8_t s[4])
{
    static const uint8_t channel[4] = {3, 0, 1, 2};
    int v = s[channel[(mod >> 1) & 3]];
    return (mod & 1) ? 255 - v : v;
}

/* One channel of a combiner operation on bytes. The formulas are those of
 * Azahar's software rasterizer (sw_texturing.cpp): products over 255 with
 * truncation, saturating sums, add-signed about 128. */
static int combine(unsigned op, int a, int b, int c)
{
    switch (op) {
    case PICA_FS_TEV_OP_REPLACE: return a;
    case PICA_FS_TEV_OP_MODULATE: return a * b / 255;
    case PICA_FS_TEV_OP_ADD: return a + b > 255 ? 255 : a + b;
    case PICA_FS_TEV_OP_ADD_SIGNED: return clampi(a + b - 128, 0, 255);
    case PICA_FS_TEV_OP_INTERPOLATE: return (a * c + b * (255 - c)) / 255;
    case PICA_FS_TEV_OP_SUBTRACT: return a > b ? a - b : 0;
    case PICA_FS_TEV_OP_MULTIPLY_ADD: return clampi((a * b + 255 * c) / 255, 0, 255);
    case PICA_FS_TEV_OP_ADD_MULTIPLY: return (a + b > 255 ? 255 : a + b) * c / 255;
    default: return 0;
    }
}

/* Dot3 as the console computes it. Each operand byte x becomes the 9-bit
 * signed value 2x - 255, held as a magnitude; a negative one's magnitude is
 * its ones' complement (254 - 2x, one less than |2x - 255|). The product of
 * the two magnitudes is rounded to a byte (/255), and a product whose signs
 * differ is written as the ones' complement of that byte (-r - 1). The three
 * channels' terms are summed and clamped to a byte. Fitted to the console's
 * sweeps (../shared/testdata/pica/dot3, Lectem/3DS_gpu_tests DOT3_RGB
 * branch), which it matches on all 1536 points; the +-1 ones' complement
 * steps are what made the earlier (2a-255)(2b-255)/256 formula, Azahar's,
 * miss by 3 on equal inputs below 128 and by 1 with 0x7F against 0x80. */
static int dot3_term(int a, int b)
{
    int ua = 2 * a - 255, ub = 2 * b - 255;
    int ma = ua < 0 ? -ua - 1 : ua, mb = ub < 0 ? -ub - 1 : ub;
    int r = (ma * mb + 127) / 255;
    return (ua < 0) != (ub < 0) ? -r - 1 : r;
}

static int dot3(const int a[3], const int b[3])
{
    int sum = 0;
    for (int i = 0; i < 3; i++)
        sum += dot3_term(a[i], b[i]);
    return clampi(sum, 0, 255);
}

void pica_ref_tev_stage(const pica_fs_tev_stage *st, const uint8_t src[16][4], uint8_t out[4])
{
    int ca[3][3] = {{0}};
    for (unsigned j = 0; j < pica_fs_tev_op_args(st->rgb_op); j++)
        color_modifier(st->rgb_mod[j], src[st->rgb_src[j] & 15], ca[j]);
    int rgb[3];
    if (st->rgb_op == PICA_FS_TEV_OP_DOT3_RGB || st->rgb_op == PICA_FS_TEV_OP_DOT3_RGBA)
        rgb[0] = rgb[1] = rgb[2] = dot3(ca[0], ca[1]);
    else
        for (int i = 0; i < 3; i++)
            rgb[i] = combine(st->rgb_op, ca[0][i], ca[1][i], ca[2][i]);
    int a;
    if (st->rgb_op == PICA_FS_TEV_OP_DOT3_RGBA) {
        /* the colour result is also the alpha result (citra PR #2671) */
        a = rgb[0];
    } else {
        int aa[3] = {0};
        for (unsigned j = 0; j < pica_fs_tev_op_args(st->a_op); j++)
            aa[j] = alpha_modifier(st->a_mod[j], src[st->a_src[j] & 15]);
        a = combine(st->a_op, aa[0], aa[1], aa[2]);
    }
    /* x1, x2, x4, saturating */
    for (int i = 0; i < 3; i++)
        out[i] = (uint8_t)clampi(rgb[i] << (st->rgb_scale & 3), 0, 255);
    out[3] = (uint8_t)clampi(a << (st->a_scale & 3), 0, 255);
}

/* ---- fragment lighting ---- */

typedef struct vec3 {
    float x, y, z;
} vec3;

static vec3 v3(float x, float y, float z)
{
    vec3 r = {x, y, z};
    return r;
}
static vec3 add3(vec3 a, vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static vec3 sub3(vec3 a, vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static vec3 mul3(vec3 a, float s) { return v3(a.x * s, a.y * s, a.z * s); }
static vec3 mulv3(vec3 a, vec3 b) { return v3(a.x * b.x, a.y * b.y, a.z * b.z); }
static float dot3f(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static vec3 cross3(vec3 a, vec3 b) { return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
static vec3 norm3(vec3 a) { return mul3(a, 1.0f / sqrtf(dot3f(a, a))); }
static vec3 rgb3(const float c[4]) { return v3(c[0], c[1], c[2]); }

/* Rotates v by the unit quaternion (q.xyz, q.w): v + 2 q x (q x v + w v). */
static vec3 quat_rotate(const float q[4], vec3 v)
{
    vec3 qv = v3(q[0], q[1], q[2]);
    return add3(v, mul3(cross3(qv, add3(cross3(qv, v), mul3(v, q[3]))), 2.0f));
}

/* A lighting LUT entry at `index` interpolated by `frac` (the entry format:
 * pica_fs_uniforms.h, pica_fs_lighting_lut_entry). */
static float lut_entry(const pica_fs_luts *luts, unsigned table, int index, float frac)
{
    pica_fs_lut_entry e = pica_fs_lighting_lut_entry(luts->e[PICA_FS_LUT_LIGHTING + table * 256 + (unsigned)index]);
    return e.value + e.delta * frac;
}

/* Unsigned input: index floor(x * 256) in 0..255. Signed input: floor(x *
 * 128) in -128..127, negative indices in the upper half of the table (3dbrew:
 * "(int)(x/127.0f) & 0xFF" describes the wrap; Azahar's scale of 128 is the
 * one that fills [-1, 1]). */
static float lut_unsigned(const pica_fs_luts *luts, unsigned table, float x)
{
    float s = x * 256.0f;
    float i = clampf(floorf(s), 0.0f, 255.0f);
    return lut_entry(luts, table, (int)i, s - i);
}

static float lut_signed(const pica_fs_luts *luts, unsigned table, float x)
{
    float s = x * 128.0f;
    float i = clampf(floorf(s), -128.0f, 127.0f);
    return lut_entry(luts, table, (int)i & 255, s - i);
}

static float lut_scale(unsigned scale)
{
    /* GPUREG_LIGHTING_LUTINPUT_SCALE: 1x 2x 4x 8x, -, -, 0.25x 0.5x */
    static const float s[8] = {1.0f, 2.0f, 4.0f, 8.0f, 0.0f, 0.0f, 0.25f, 0.5f};
    return s[scale & 7];
}

typedef struct light_vectors {
    vec3 n, t, v, l, hn;
    vec3 spot;
} light_vectors;

static float lut_input(unsigned input, const light_vectors *lv)
{
    switch (input) {
    case PICA_FS_LUT_INPUT_NH: return dot3f(lv->n, lv->hn);
    case PICA_FS_LUT_INPUT_VH: return dot3f(lv->v, lv->hn);
    case PICA_FS_LUT_INPUT_NV: return dot3f(lv->n, lv->v);
    case PICA_FS_LUT_INPUT_LN: return dot3f(lv->l, lv->n);
    case PICA_FS_LUT_INPUT_SP: return dot3f(lv->l, lv->spot);
    case PICA_FS_LUT_INPUT_CP:
        /* cos phi: the half vector's component in the tangent plane, dot
         * the tangent, not renormalised (Azahar, from hardware tests) */
        return dot3f(sub3(lv->hn, mul3(lv->n, dot3f(lv->n, lv->hn))), lv->t);
    default: return 0.0f;
    }
}

/* scale * LUT(input); "abs" inputs are |x| for two-sided lights and max(x, 0)
 * for one-sided ones (Azahar's generator and software rasterizer agree). */
static float lut_lookup(const pica_fs_luts *luts, const pica_fs_lut_key *lk, unsigned table,
                        const light_vectors *lv, bool two_sided)
{
    float x = lut_input(lk->input, lv);
    float r;
    if (lk->abs)
        r = lut_unsigned(luts, table, two_sided ? fabsf(x) : fmaxf(x, 0.0f));
    else
        r = lut_signed(luts, table, x);
    return lut_scale(lk->scale) * r;
}

/* Primary (diffuse) and secondary (specular) fragment colours, as summed in
 * Azahar's sw_lighting.cpp / GL generator:
 *   primary   = ambient + sum (diffuse * L.N [* shadow] + ambient_i) * DA * SP
 *   secondary = sum (D0 * spec0 [* G] + D1 * R * spec1 [* G]) * DA * SP
 *               [* clamp] [* shadow]
 * with the Fresnel LUT of the last light slot writing the selected alphas. */
static void lighting(const pica_fs_key *key, const pica_fs_uniforms *u, const pica_fs_luts *luts,
                     const pica_ref_input *in, const uint8_t tex[4][4], uint8_t primary[4], uint8_t secondary[4])
{
    const pica_fs_lighting_key *lk = &key->lighting;
    vec3 surf_n = v3(0, 0, 1), surf_t = v3(1, 0, 0);
    if (lk->bump_mode != PICA_FS_BUMP_NONE) {
        const uint8_t *b = tex[lk->bump_selector & 3];
        vec3 p = v3((float)b[0] * (2.0f / 255.0f) - 1.0f, (float)b[1] * (2.0f / 255.0f) - 1.0f,
                    (float)b[2] * (2.0f / 255.0f) - 1.0f);
        if (lk->bump_mode == PICA_FS_BUMP_NORMAL) {
            /* "recalculate bump vectors": z from x and y */
            if (lk->bump_renorm)
                p.z = sqrtf(fmaxf(1.0f - (p.x * p.x + p.y * p.y), 0.0f));
            surf_n = p;
        } else {
            surf_t = p;
        }
    }
    float ql = sqrtf(in->normquat[0] * in->normquat[0] + in->normquat[1] * in->normquat[1] +
                     in->normquat[2] * in->normquat[2] + in->normquat[3] * in->normquat[3]);
    float q[4];
    for (int i = 0; i < 4; i++)
        q[i] = in->normquat[i] * (1.0f / ql);
    light_vectors lv;
    lv.n = quat_rotate(q, surf_n);
    lv.t = quat_rotate(q, surf_t);
    vec3 view = v3(in->view[0], in->view[1], in->view[2]);
    lv.v = norm3(view);

    float shadow[4] = {1, 1, 1, 1};
    if (lk->shadow_enable) {
        const uint8_t *s = tex[lk->shadow_selector & 3];
        for (int i = 0; i < 4; i++) {
            shadow[i] = (float)s[i] / 255.0f;
            if (lk->shadow_invert)
                shadow[i] = 1.0f - shadow[i];
        }
    }
    vec3 shadow_rgb = v3(shadow[0], shadow[1], shadow[2]);

    vec3 diff = v3(0, 0, 0), spec = v3(0, 0, 0);
    float pa = 1.0f, sa = 1.0f;
    for (unsigned slot = 0; slot < lk->num_lights && slot < PICA_FS_MAX_LIGHTS; slot++) {
        const pica_fs_light_key *lt = &lk->light[slot];
        const pica_fs_light_uniforms *L = &u->light[lt->id & 7];
        bool two_sided = (lt->flags & PICA_FS_LIGHT_TWO_SIDED) != 0;
        vec3 l = rgb3(L->position);
        if (!(lt->flags & PICA_FS_LIGHT_DIRECTIONAL))
            l = add3(l, view);
        float dist = sqrtf(dot3f(l, l));
        lv.l = norm3(l);
        vec3 h = add3(lv.v, lv.l);
        lv.hn = norm3(h);
        lv.spot = rgb3(L->spot_dir);
        float ln = dot3f(lv.l, lv.n);
        ln = two_sided ? fabsf(ln) : fmaxf(ln, 0.0f);

        /* distance attenuation: DA(clamp(scale * d + bias, 0, 1)), unsigned
         * (3dbrew GPUREG_LIGHTi_ATTENUATION_BIAS) */
        float da = 1.0f;
        if (lt->flags & PICA_FS_LIGHT_DIST_ATTEN)
            da = lut_unsigned(luts, 16 + (lt->id & 7u), clampf(L->atten[1] * dist + L->atten[0], 0.0f, 1.0f));
        float sp = 1.0f;
        if (lt->flags & PICA_FS_LIGHT_SPOT)
            sp = lut_lookup(luts, &lk->lut[PICA_FS_LUT_SP], 8 + (lt->id & 7u), &lv, two_sided);

        /* specular: a LUT missing from the environment or disabled reads 1;
         * RG and RB fall back to RR (3dbrew GPUREG_LIGHTING_CONFIG0) */
        float d0 = lk->lut[PICA_FS_LUT_D0].enable ? lut_lookup(luts, &lk->lut[PICA_FS_LUT_D0], 0, &lv, two_sided) : 1.0f;
        float rr = lk->lut[PICA_FS_LUT_RR].enable ? lut_lookup(luts, &lk->lut[PICA_FS_LUT_RR], 6, &lv, two_sided) : 1.0f;
        float rg = lk->lut[PICA_FS_LUT_RG].enable ? lut_lookup(luts, &lk->lut[PICA_FS_LUT_RG], 5, &lv, two_sided) : rr;
        float rb = lk->lut[PICA_FS_LUT_RB].enable ? lut_lookup(luts, &lk->lut[PICA_FS_LUT_RB], 4, &lv, two_sided) : rr;
        float d1 = lk->lut[PICA_FS_LUT_D1].enable ? lut_lookup(luts, &lk->lut[PICA_FS_LUT_D1], 1, &lv, two_sided) : 1.0f;
        vec3 s0 = mul3(rgb3(L->specular0), d0);
        vec3 s1 = mulv3(mul3(v3(rr, rg, rb), d1), rgb3(L->specular1));
        if (lt->flags & (PICA_FS_LIGHT_GEO0 | PICA_FS_LIGHT_GEO1)) {
            /* geometric factor L.N / |H|^2, at most 1 (Azahar) */
            float hh = dot3f(h, h);
            float geo = hh == 0.0f ? 0.0f : fminf(ln / hh, 1.0f);
            if (lt->flags & PICA_FS_LIGHT_GEO0)
                s0 = mul3(s0, geo);
            if (lt->flags & PICA_FS_LIGHT_GEO1)
                s1 = mul3(s1, geo);
        }
        if (slot + 1 == lk->num_lights && lk->lut[PICA_FS_LUT_FR].enable) {
            float fr = lut_lookup(luts, &lk->lut[PICA_FS_LUT_FR], 3, &lv, two_sided);
            if (lk->fresnel_primary)
                pa = fr;
            if (lk->fresnel_secondary)
                sa = fr;
        }
        bool sh = (lt->flags & PICA_FS_LIGHT_SHADOW) != 0;
        vec3 dl = mul3(rgb3(L->diffuse), ln);
        if (sh && lk->shadow_primary)
            dl = mulv3(dl, shadow_rgb);
        diff = add3(diff, mul3(mul3(add3(dl, rgb3(L->ambient)), da), sp));
        float clamp_h = (lk->clamp_highlights && ln == 0.0f) ? 0.0f : 1.0f;
        vec3 sl = mul3(mul3(mul3(add3(s0, s1), clamp_h), da), sp);
        if (sh && lk->shadow_secondary)
            sl = mulv3(sl, shadow_rgb);
        spec = add3(spec, sl);
    }
    if (lk->shadow_alpha) {
        if (lk->fresnel_primary)
            pa *= shadow[3];
        if (lk->fresnel_secondary)
            sa *= shadow[3];
    }
    diff = add3(diff, rgb3(u->light_ambient));
    primary[0] = pica_ref_byte(diff.x);
    primary[1] = pica_ref_byte(diff.y);
    primary[2] = pica_ref_byte(diff.z);
    primary[3] = pica_ref_byte(pa);
    secondary[0] = pica_ref_byte(spec.x);
    secondary[1] = pica_ref_byte(spec.y);
    secondary[2] = pica_ref_byte(spec.z);
    secondary[3] = pica_ref_byte(sa);
}

/* ---- procedural texture (PROCTEX0-5; Azahar sw_proctex.cpp and its GL
 * generator for the details 3dbrew leaves open) ---- */

/* Noise, RGB-map and alpha-map tables: 128 entries over [0, 1]
 * (pica_fs_proctex_lut_entry); the result is clamped to [0, 1]. */
static float pt_table(const pica_fs_luts *luts, unsigned base, float x)
{
    float s = x * 128.0f;
    float i = clampf(floorf(s), 0.0f, 127.0f);
    pica_fs_lut_entry e = pica_fs_proctex_lut_entry(luts->e[base + (unsigned)i]);
    return clampf(e.value + e.delta * (s - i), 0.0f, 1.0f);
}

static int pt_int(float x)
{
    return (int)fminf(x, 16777216.0f);
}

/* The noise hash, with the tables Azahar states were matched to hardware. */
static int noise1(int v)
{
    static const int t[16] = {0, 4, 10, 8, 4, 9, 7, 12, 5, 15, 13, 14, 11, 15, 2, 11};
    return (((v % 9 + 2) * 3) & 15) ^ t[(v / 9) & 15];
}

static float noise2(int x, int y)
{
    static const int t[16] = {10, 2, 15, 8, 0, 7, 4, 5, 5, 13, 2, 6, 13, 9, 3, 14};
    int a = noise1(x), b = noise1(y);
    if ((a & 3) == 1)
        b += 4;
    b ^= (a & 1) * 6;
    b = ((b + 10 + a) & 15) ^ t[a];
    return -1.0f + (float)b * (2.0f / 15.0f);
}

static float lerpf(float a, float b, float t)
{
    return a * (1.0f - t) + b * t;
}

static float noise_coef(const pica_fs_uniforms *u, const pica_fs_luts *luts, float x, float y)
{
    float gx = clampf(9.0f * u->proctex_noise[2] * fabsf(x + u->proctex_phase_bias[0]), 0.0f, 1048576.0f);
    float gy = clampf(9.0f * u->proctex_noise[3] * fabsf(y + u->proctex_phase_bias[1]), 0.0f, 1048576.0f);
    float px = floorf(gx), py = floorf(gy);
    float fx = gx - px, fy = gy - py;
    int ix = (int)px, iy = (int)py;
    float g0 = noise2(ix, iy) * (fx + fy);
    float g1 = noise2(ix + 1, iy) * (fx + fy - 1.0f);
    float g2 = noise2(ix, iy + 1) * (fx + fy - 1.0f);
    float g3 = noise2(ix + 1, iy + 1) * (fx + fy - 2.0f);
    float xn = pt_table(luts, PICA_FS_LUT_PROCTEX_NOISE, fx);
    float yn = pt_table(luts, PICA_FS_LUT_PROCTEX_NOISE, fy);
    return lerpf(lerpf(g0, g1, xn), lerpf(g2, g3, xn), yn);
}

/* Shift by half a period (a whole one when mirrored) on odd or even rows. */
static float pt_shift(unsigned mode, unsigned clamp, float other)
{
    float off = clamp == PICA_FS_PROCTEX_CLAMP_MIRROR ? 1.0f : 0.5f;
    if (mode == PICA_FS_PROCTEX_SHIFT_ODD)
        return off * (float)((pt_int(other) / 2) % 2);
    if (mode == PICA_FS_PROCTEX_SHIFT_EVEN)
        return off * (float)(((pt_int(other) + 1) / 2) % 2);
    return 0.0f;
}

static float pt_clamp(unsigned mode, float x)
{
    switch (mode) {
    case PICA_FS_PROCTEX_CLAMP_ZERO: return x > 1.0f ? 0.0f : x;
    case PICA_FS_PROCTEX_CLAMP_REPEAT: return x - floorf(x);
    case PICA_FS_PROCTEX_CLAMP_MIRROR: return pt_int(x) % 2 == 0 ? x - floorf(x) : 1.0f - (x - floorf(x));
    case PICA_FS_PROCTEX_CLAMP_PULSE: return x > 0.5f ? 1.0f : 0.0f;
    default: return fminf(x, 1.0f);
    }
}

static float pt_func(unsigned f, float u, float v)
{
    switch (f) {
    case PICA_FS_PROCTEX_FUNC_U: return u;
    case PICA_FS_PROCTEX_FUNC_U2: return u * u;
    case PICA_FS_PROCTEX_FUNC_V: return v;
    case PICA_FS_PROCTEX_FUNC_V2: return v * v;
    case PICA_FS_PROCTEX_FUNC_ADD: return (u + v) * 0.5f;
    case PICA_FS_PROCTEX_FUNC_ADD2: return (u * u + v * v) * 0.5f;
    case PICA_FS_PROCTEX_FUNC_SQRT2: return fminf(sqrtf(u * u + v * v), 1.0f);
    case PICA_FS_PROCTEX_FUNC_MIN: return fminf(u, v);
    case PICA_FS_PROCTEX_FUNC_MAX: return fmaxf(u, v);
    case PICA_FS_PROCTEX_FUNC_RMAX: return fminf(((u + v) * 0.5f + sqrtf(u * u + v * v)) * 0.5f, 1.0f);
    default: return 0.0f;
    }
}

/* Colour table of LOD `level`: width >> level entries from the level's
 * offset (levels 4-7 at 0xF0, 0xF8, 0xFC, 0xFE: Azahar); x = 0 the first
 * entry, 1 the last; linear filtering adds the halved-difference table's
 * entry times 2 (Azahar ColorDifferenceEntry). Indices stay in the table. */
static void pt_color(const pica_fs_key *key, const pica_fs_uniforms *u, const pica_fs_luts *luts, float x,
                     int level, float out[4])
{
    static const int high_offsets[4] = {0xF0, 0xF8, 0xFC, 0xFE};
    int width = clampi(u->proctex_lut[0], 0, 255) >> level; /* an 8-bit register field */
    int offset = level < 4 ? u->proctex_offset[level] : high_offsets[level - 4];
    float c = x * (float)(width - 1);
    unsigned f = key->proctex.filter;
    bool linear = f == PICA_FS_PROCTEX_LINEAR || f == PICA_FS_PROCTEX_LINEAR_MIP_NEAREST || f == PICA_FS_PROCTEX_LINEAR_MIP_LINEAR;
    if (linear) {
        float ci = truncf(c);
        int i = clampi((int)fmaxf(fminf(ci, 65536.0f), -65536.0f) + offset, 0, 255);
        uint32_t e = luts->e[PICA_FS_LUT_PROCTEX_COLOR + (unsigned)i];
        uint32_t d = luts->e[PICA_FS_LUT_PROCTEX_DIFF + (unsigned)i];
        float fr = c - floorf(c);
        for (int k = 0; k < 4; k++) {
            int dk = (int)((d >> (8 * k)) & 0xFF);
            if (dk & 0x80)
                dk -= 256;
            out[k] = (float)((e >> (8 * k)) & 0xFF) / 255.0f + fr * ((float)dk * (2.0f / 255.0f));
        }
    } else {
        float ci = floorf(c + (float)offset + 0.5f);
        int i = clampi((int)fmaxf(fminf(ci, 65536.0f), -65536.0f), 0, 255);
        uint32_t e = luts->e[PICA_FS_LUT_PROCTEX_COLOR + (unsigned)i];
        for (int k = 0; k < 4; k++)
            out[k] = (float)((e >> (8 * k)) & 0xFF) / 255.0f;
    }
}

static void proctex(const pica_fs_key *key, const pica_fs_uniforms *u, const pica_fs_luts *luts,
                    const pica_ref_input *in, uint8_t out[4])
{
    const pica_fs_proctex_key *p = &key->proctex;
    unsigned coord = p->coord < 3 ? p->coord : 0;
    float uu = fabsf(in->texcoord[coord][0]), vv = fabsf(in->texcoord[coord][1]);
    /* LOD: log2(|width * bias| * (du + dv)), 0 without bias, clamped to
     * [max(0, min), min(7, max)] (Azahar's GL generator; its software
     * rasterizer has no proctex mipmaps) */
    float lod = 0.0f;
    if (u->proctex_phase_bias[2] != 0.0f)
        lod = log2f(fmaxf(fabsf((float)u->proctex_lut[0] * u->proctex_phase_bias[2]) *
                              (in->proctex_duv[0] + in->proctex_duv[1]),
                          1e-20f));
    lod = fminf(fmaxf(lod, fmaxf(0.0f, (float)u->proctex_lut[1])), fminf(7.0f, (float)u->proctex_lut[2]));
    lod = clampf(lod, 0.0f, 7.0f); /* the bounds are 4-bit fields; this keeps any uniform data in range */

    /* the shifts look at the coordinates before the noise */
    float us = pt_shift(p->u_shift, p->u_clamp, vv);
    float vs = pt_shift(p->v_shift, p->v_clamp, uu);
    if (p->noise) {
        float n = noise_coef(u, luts, uu, vv);
        uu = fabsf(uu + u->proctex_noise[0] * n);
        vv = fabsf(vv + u->proctex_noise[1] * n);
    }
    uu = pt_clamp(p->u_clamp, uu + us);
    vv = pt_clamp(p->v_clamp, vv + vs);
    float x = pt_table(luts, PICA_FS_LUT_PROCTEX_RGB_MAP, pt_func(p->rgb_func, uu, vv));
    float col[4];
    switch (p->filter) {
    case PICA_FS_PROCTEX_NEAREST_MIP_NEAREST:
    case PICA_FS_PROCTEX_LINEAR_MIP_NEAREST:
        pt_color(key, u, luts, x, (int)floorf(lod + 0.5f), col);
        break;
    case PICA_FS_PROCTEX_NEAREST_MIP_LINEAR:
    case PICA_FS_PROCTEX_LINEAR_MIP_LINEAR: {
        int li = (int)lod;
        float a[4], b[4];
        pt_color(key, u, luts, x, li, a);
        pt_color(key, u, luts, x, li + 1 < 7 ? li + 1 : 7, b);
        for (int k = 0; k < 4; k++)
            col[k] = lerpf(a[k], b[k], lod - (float)li);
        break;
    }
    default:
        pt_color(key, u, luts, x, 0, col);
        break;
    }
    /* separate alpha: the alpha map's value, no colour table */
    if (p->separate_alpha)
        col[3] = pt_table(luts, PICA_FS_LUT_PROCTEX_ALPHA_MAP, pt_func(p->alpha_func, uu, vv));
    for (int k = 0; k < 4; k++)
        out[k] = pica_ref_byte(col[k]);
}

/* ---- shadow texture unit ---- */

static uint32_t shadow_ref_z(const pica_fs_uniforms *u, float w)
{
    int z = (int)(fminf(fabsf(w), 1.0f) * 16777215.0f) - clampi(u->shadow_bias[0], 0, 0xFFFFFF);
    return z < 0 ? 0u : (uint32_t)z;
}

/* A texel passes (reads stencil/255) when its depth is beyond z, else 0
 * (Azahar's GL CompareShadow; its software path compares >= instead). */
static float shadow_cmp(uint32_t texel, uint32_t z)
{
    return (texel >> 8) <= z ? 0.0f : (float)(texel & 0xFF) / 255.0f;
}

static float bilinear(const float s[4], float fx, float fy)
{
    return lerpf(lerpf(s[0], s[1], fx), lerpf(s[2], s[3], fx), fy);
}

void pica_ref_shadow_2d(const uint32_t *map, int width, int height, const pica_fs_key *key,
                        const pica_fs_uniforms *u, float s, float t, float w, uint8_t out[4])
{
    if (!key->shadow_ortho) {
        s /= w;
        t /= w;
    }
    uint32_t z = shadow_ref_z(u, w);
    float cx = clampf((float)width * s - 0.5f, -1.0f, (float)width);
    float cy = clampf((float)height * t - 0.5f, -1.0f, (float)height);
    float fx0 = floorf(cx), fy0 = floorf(cy);
    int x0 = (int)fx0, y0 = (int)fy0;
    float v[4];
    for (int k = 0; k < 4; k++) {
        int x = x0 + (k & 1), y = y0 + (k >> 1);
        /* outside the map is lit */
        v[k] = (x < 0 || y < 0 || x >= width || y >= height) ? 1.0f : shadow_cmp(map[y * width + x], z);
    }
    uint8_t b = pica_ref_byte(bilinear(v, cx - fx0, cy - fy0));
    out[0] = out[1] = out[2] = out[3] = b;
}

void pica_ref_shadow_cube(const uint32_t *const faces[6], int size, const pica_fs_uniforms *u, float s, float t,
                          float r, uint8_t out[4])
{
    float ax = fabsf(s), ay = fabsf(t), az = fabsf(r);
    float fu, fv, w;
    int face;
    /* major axis, face orientation as Azahar's shadowTextureCube */
    if (ax > ay && ax > az) {
        w = ax;
        fu = s < 0.0f ? r : -r;
        fv = -t;
        face = s > 0.0f ? 0 : 1;
    } else if (ay > az) {
        w = ay;
        fu = s;
        fv = t < 0.0f ? -r : r;
        face = t > 0.0f ? 2 : 3;
    } else {
        w = az;
        fu = r > 0.0f ? s : -s;
        fv = -t;
        face = r > 0.0f ? 4 : 5;
    }
    uint32_t z = shadow_ref_z(u, w);
    float cx = clampf((float)size * (fu / w * 0.5f + 0.5f) - 0.5f, -1.0f, (float)size);
    float cy = clampf((float)size * (fv / w * 0.5f + 0.5f) - 0.5f, -1.0f, (float)size);
    float fx0 = floorf(cx), fy0 = floorf(cy);
    int x0 = (int)fx0, y0 = (int)fy0;
    float v[4];
    for (int k = 0; k < 4; k++) {
        int x = clampi(x0 + (k & 1), 0, size - 1), y = clampi(y0 + (k >> 1), 0, size - 1);
        v[k] = shadow_cmp(faces[face][y * size + x], z);
    }
    uint8_t b = pica_ref_byte(bilinear(v, cx - fx0, cy - fy0));
    out[0] = out[1] = out[2] = out[3] = b;
}

/* ---- fog (GPUREG_FOG_LUT_DATAi: bits 0-12 signed difference, 13-23
 * value, both /2047) ---- */

static void fog(const pica_fs_key *key, const pica_fs_uniforms *u, const pica_fs_luts *luts, float depth,
                uint8_t c[4])
{
    /* depth as 24 bits; 128 entries from its top 7 bits, the next 12
     * interpolate; factor = (value + delta * frac) / 2047 in [0, 1] weights
     * the colour against the fog colour (flip: 1 - depth) */
    uint32_t d = (uint32_t)floorf(depth * 16777215.0f + 0.5f); /* 1.0 rounds up to 2^24 in float */
    if (d > 0xFFFFFF)
        d = 0xFFFFFF;
    if (key->fog_flip)
        d = 0xFFFFFF - d;
    uint32_t e = luts->e[PICA_FS_LUT_FOG + (d >> 17)];
    int32_t delta = (int32_t)(e & 0x1FFF);
    if (delta & 0x1000)
        delta -= 0x2000;
    int32_t value = (int32_t)((e >> 13) & 0x7FF);
    const int32_t one = 2047 * 4096;
    int32_t f = clampi(value * 4096 + delta * (int32_t)((d >> 5) & 0xFFF), 0, one);
    for (int i = 0; i < 3; i++) {
        uint32_t mixed = (uint32_t)c[i] * (uint32_t)f + (uint32_t)u->fog_color[i] * (uint32_t)(one - f) + (uint32_t)one / 2;
        c[i] = (uint8_t)(mixed / (uint32_t)one);
    }
}

/* ---- gas (docs/pica-gas.md: the register fields are 3dbrew's and
 * citro3d's; the arithmetic joining them is glhle's documented choice) ---- */

/* a * b / 255 on bytes, rounded */
static int gas_mul8(int a, int b)
{
    return (a * b + 127) / 255;
}

/* the same for a signed first factor */
static int gas_smul8(int a, int b)
{
    return a < 0 ? -gas_mul8(-a, b) : gas_mul8(a, b);
}

/* a byte times an unsigned fixed 8.16 factor, rounded, saturated */
static int gas_scale(int d, int32_t fx)
{
    uint32_t v = ((uint32_t)d * (uint32_t)fx + 32768u) >> 16;
    return v > 255 ? 255 : (int)v;
}

static uint32_t depth24(float depth)
{
    uint32_t d = (uint32_t)floorf(depth * 16777215.0f + 0.5f); /* 1.0 rounds up to 2^24 in float */
    return d > 0xFFFFFF ? 0xFFFFFF : d;
}

/* Density pass: the combiner output's R is the fragment's density. The
 * gas depth function compares it with the depth buffer: never drops it,
 * always keeps it unattenuated, greater / less keep fragments in front
 * (z >= buffer, z <= buffer) and attenuate the depth density by
 * min(|z - buffer| * deltaZ, 1), the distance in [0, 1] depth units.
 * GAS_ACCMAX scales both densities (citro3d writes 1 / the maximum). */
static void gas_density(const pica_fs_key *key, const pica_fs_uniforms *u, uint8_t density, float depth,
                        uint32_t zbuf, uint8_t out[2], bool *written)
{
    const unsigned func = (key->gas >> PICA_FS_GAS_DEPTH_FUNC_SHIFT) & 3;
    const uint32_t zf = depth24(depth), zb = zbuf & 0xFFFFFF;
    int att = 255;
    if (func == PICA_FS_GAS_DEPTH_NEVER)
        return;
    if (func != PICA_FS_GAS_DEPTH_ALWAYS) {
        if (func == PICA_FS_GAS_DEPTH_GREATER ? zf < zb : zf > zb)
            return;
        const uint64_t p = (uint64_t)(zf > zb ? zf - zb : zb - zf) * (uint32_t)(u->gas_params[2] & 0xFFFFFF);
        att = p >> 32 ? 255 : (int)((p * 255u) >> 32);
    }
    out[0] = (uint8_t)gas_scale(density, u->gas_params[0]);
    out[1] = (uint8_t)gas_scale(gas_mul8(density, att), u->gas_params[0]);
    *written = true;
}

void pica_ref_gas_accumulate(const pica_fs_key *key, const pica_ref_output *frag, uint8_t rgba[4])
{
    if (!frag->gas_write)
        return;
    if (key->gas & PICA_FS_GAS_NO_READ)
        memset(rgba, 0, 4);
    for (int i = 0; i < 2; i++) {
        int v = rgba[i] + frag->gas[i];
        rgba[i] = (uint8_t)(v > 255 ? 255 : v);
    }
}

/* one shading term: min + (max - min) * (1 - density * attenuation) */
static int gas_light_term(const int32_t *l, int density)
{
    const int lo = clampi(l[0], 0, 255), hi = clampi(l[1], 0, 255), at = clampi(l[2], 0, 255);
    return lo + gas_smul8(hi - lo, 255 - gas_mul8(density, at));
}

void pica_ref_gas_shade(const pica_fs_key *key, const pica_fs_uniforms *u, uint8_t c[4])
{
    const int d = (key->gas & PICA_FS_GAS_DENSITY_DEPTH) ? c[1] : c[0];
    /* planar and view shading, mixed by the light direction's share */
    const int planar = gas_light_term(u->gas_light_xy, d), view = gas_light_term(u->gas_light_z, d);
    const int light = clampi(planar + gas_smul8(view - planar, clampi(u->gas_light_xy[3], 0, 255)), 0, 255);
    /* the colour LUT: 8 colours, input / 32 picks one, the remaining 5
     * bits move along its difference (sign and 7-bit magnitude in 1/127
     * of full scale, as citro3d's GasLut_FromArray writes them) */
    const int in = (key->gas & PICA_FS_GAS_LUT_LIGHT) ? light : d;
    const int i = in >> 5, f = in & 31;
    for (int ch = 0; ch < 3; ch++) {
        const int base = (u->gas_lut[i][0] >> (8 * ch)) & 255, diff = (u->gas_lut[i][1] >> (8 * ch)) & 255;
        const int add = ((diff & 127) * 255 * f + 127 * 16) / (127 * 32);
        c[ch] = (uint8_t)clampi(diff & 128 ? base - add : base + add, 0, 255);
    }
    /* the opacity: density times GAS_ATTENUATION */
    c[3] = (uint8_t)gas_scale(d, u->gas_params[1]);
}

/* ---- the fragment ---- */

void pica_ref_fragment(const pica_fs_key *key, const pica_fs_uniforms *u, const pica_fs_luts *luts,
                       const pica_ref_input *in, pica_ref_output *out)
{
    memset(out, 0, sizeof *out);
    /* source table indexed by PICA_FS_TEV_SRC_* */
    uint8_t src[16][4];
    memset(src, 0, sizeof src);
    for (int i = 0; i < 4; i++)
        src[PICA_FS_TEV_SRC_PRIMARY][i] = pica_ref_byte(in->color[i]);

    /* window depth: z/w * scale + offset, times w for the w-buffer
     * (GPUREG_DEPTHMAP_*; Azahar: "z * scale + w * offset") */
    float depth = in->z_over_w * u->depth_map[0] + u->depth_map[1];
    if (key->depth_wbuffer)
        depth *= in->w;
    out->depth = clampf(depth, 0.0f, 1.0f);

    uint8_t tex[4][4];
    memset(tex, 0, sizeof tex);
    for (unsigned unit = 0; unit < 3; unit++)
        if ((key->tex_enable >> unit) & 1)
            memcpy(tex[unit], in->texel[unit], 4);
    if (key->proctex.enable) {
        proctex(key, u, luts, in, tex[3]);
        memcpy(out->proctex, tex[3], 4);
    }
    for (unsigned unit = 0; unit < 4; unit++)
        memcpy(src[PICA_FS_TEV_SRC_TEX0 + unit], tex[unit], 4);

    if (key->lighting.enable) {
        lighting(key, u, luts, in, (const uint8_t(*)[4])tex, out->frag_primary, out->frag_secondary);
        memcpy(src[PICA_FS_TEV_SRC_FRAG_PRIMARY], out->frag_primary, 4);
        memcpy(src[PICA_FS_TEV_SRC_FRAG_SECONDARY], out->frag_secondary, 4);
    }

    /* Six stages; "previous" is the last stage's output; the combiner
     * buffer a stage reads is the one left two stages back, starting from
     * zero and then TEXENV_BUFFER_COLOR (citra PR #1261: the buffer lags by
     * one stage, found by fincs on hardware). */
    uint8_t prev[4] = {0, 0, 0, 0}, buf[4] = {0, 0, 0, 0}, next[4];
    for (int i = 0; i < 4; i++)
        next[i] = (uint8_t)clampi(u->tev_buffer_init[i], 0, 255);
    for (unsigned s = 0; s < PICA_FS_TEV_STAGES; s++) {
        memcpy(src[PICA_FS_TEV_SRC_PREVIOUS], prev, 4);
        memcpy(src[PICA_FS_TEV_SRC_PREV_BUFFER], buf, 4);
        for (int i = 0; i < 4; i++)
            src[PICA_FS_TEV_SRC_CONSTANT][i] = (uint8_t)clampi(u->tev_const[s][i], 0, 255);
        pica_ref_tev_stage(&key->tev[s], (const uint8_t(*)[4])src, prev);
        memcpy(buf, next, 4);
        if (s < PICA_FS_TEV_BUFFER_STAGES) {
            if ((key->buffer_update_rgb >> s) & 1)
                memcpy(next, prev, 3);
            if ((key->buffer_update_a >> s) & 1)
                next[3] = prev[3];
        }
    }
    memcpy(out->tev, prev, 4);

    /* alpha test: the 8-bit alpha against the 8-bit reference
     * (GPUREG_FRAGOP_ALPHA_TEST) */
    int a = prev[3], ref = clampi(u->fog_color[3], 0, 255);
    bool pass;
    switch (key->alpha_func) {
    case PICA_FS_ALPHA_NEVER: pass = false; break;
    case PICA_FS_ALPHA_EQUAL: pass = a == ref; break;
    case PICA_FS_ALPHA_NOTEQUAL: pass = a != ref; break;
    case PICA_FS_ALPHA_LESS: pass = a < ref; break;
    case PICA_FS_ALPHA_LEQUAL: pass = a <= ref; break;
    case PICA_FS_ALPHA_GREATER: pass = a > ref; break;
    case PICA_FS_ALPHA_GEQUAL: pass = a >= ref; break;
    default: pass = true; break;
    }
    out->discarded = !pass;
    if (key->fog_mode == PICA_FS_FOG_ON)
        fog(key, u, luts, out->depth, prev);
    else if (key->fog_mode == PICA_FS_FOG_GAS)
        pica_ref_gas_shade(key, u, prev);
    memcpy(out->color, prev, 4);
    if (key->gas_render && pass)
        gas_density(key, u, prev[0], out->depth, in->gas_zbuf, out->gas, &out->gas_write);
}
