/* pica_fs_key: normalisation, hashing and text forms. See pica_fs_key.h for
 * the meaning of each field and the sources of each clamping rule. */
#include "shadergen/pica_fs_key.h"

#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/common/hash.h"

/* Channel groups a combiner operand reads from its source. */
enum { G_RGB = 1, G_A = 2 };

/* Tables, indexed by the 4-bit register value (the normaliser runs on every
 * key derivation, so it avoids branches). */
static const uint8_t op_args[16] = {1, 2, 2, 2, 3, 2, 2, 2, 3, 3, 0, 0, 0, 0, 0, 0};
static const uint8_t rgb_op_clamp[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10, 10};
/* dot3 has no meaning for the single alpha channel: reads zero (Azahar) */
static const uint8_t a_op_clamp[16] = {0, 1, 2, 3, 4, 5, 10, 10, 8, 9, 10, 10, 10, 10, 10, 10};
static const uint8_t cmod_clamp[16] = {0, 1, 2, 3, 4, 5, 6, 6, 8, 9, 6, 6, 12, 13, 6, 6};
static const uint8_t cmod_group[16] = {G_RGB, G_RGB, G_A, G_A, G_RGB, G_RGB, 0, 0, G_RGB, G_RGB, 0, 0, G_RGB, G_RGB, 0, 0};
static const uint8_t amod_group[8] = {G_A, G_A, G_RGB, G_RGB, G_RGB, G_RGB, G_RGB, G_RGB};
static const uint8_t scale_clamp[4] = {0, 1, 2, 0};

unsigned pica_fs_tev_op_args(unsigned op)
{
    return op_args[op & 15];
}

static unsigned cmod_groups(unsigned mod)
{
    return cmod_group[mod & 15];
}

static unsigned amod_groups(unsigned mod)
{
    return amod_group[mod & 7];
}

/* Reserved values and sources that read nothing (disabled lighting, units
 * and proctex) become PICA_FS_TEV_SRC_ZERO; one table per key. */
static void source_remap(const pica_fs_key *key, uint8_t remap[16])
{
    for (unsigned s = 0; s < 16; s++)
        remap[s] = (uint8_t)s;
    for (unsigned s = 7; s <= 12; s++)
        remap[s] = PICA_FS_TEV_SRC_ZERO;
    if (!key->lighting.enable)
        remap[PICA_FS_TEV_SRC_FRAG_PRIMARY] = remap[PICA_FS_TEV_SRC_FRAG_SECONDARY] = PICA_FS_TEV_SRC_ZERO;
    for (unsigned u = 0; u < 3; u++)
        if (!((key->tex_enable >> u) & 1))
            remap[PICA_FS_TEV_SRC_TEX0 + u] = PICA_FS_TEV_SRC_ZERO;
    if (!key->proctex.enable)
        remap[PICA_FS_TEV_SRC_TEX3] = PICA_FS_TEV_SRC_ZERO;
}

static void clamp_stage(pica_fs_tev_stage *st, const uint8_t remap[16])
{
    for (int j = 0; j < 3; j++) {
        st->rgb_src[j] = remap[st->rgb_src[j] & 15];
        st->a_src[j] = remap[st->a_src[j] & 15];
        st->rgb_mod[j] = cmod_clamp[st->rgb_mod[j] & 15];
        st->a_mod[j] &= 7;
    }
    st->rgb_op = rgb_op_clamp[st->rgb_op & 15];
    st->a_op = a_op_clamp[st->a_op & 15];
    st->rgb_scale = scale_clamp[st->rgb_scale & 3];
    st->a_scale = scale_clamp[st->a_scale & 3];
}

/* Stage 0 has no previous stage and sees the buffer's reset value. */
static void rewrite_stage0(uint8_t src[3])
{
    if (src[2] == PICA_FS_TEV_SRC_PREVIOUS || src[2] == PICA_FS_TEV_SRC_PREV_BUFFER)
        src[2] = PICA_FS_TEV_SRC_ZERO;
    for (int j = 0; j < 2; j++) {
        if (src[j] == PICA_FS_TEV_SRC_PREVIOUS)
            src[j] = src[2];
        else if (src[j] == PICA_FS_TEV_SRC_PREV_BUFFER)
            src[j] = PICA_FS_TEV_SRC_ZERO;
    }
}

/* Zeroes operand slots the operation does not read, and (with `rgb` false
 * or `a` false) a whole combiner nobody reads. */
static void trim_stage(pica_fs_tev_stage *st, bool need_rgb, bool need_a)
{
    if (!need_rgb) {
        memset(st->rgb_src, 0, 3);
        memset(st->rgb_mod, 0, 3);
        st->rgb_op = 0;
        st->rgb_scale = 0;
    }
    if (st->rgb_op == PICA_FS_TEV_OP_DOT3_RGBA) {
        /* the colour result replaces the alpha combiner; its scale stays */
        memset(st->a_src, 0, 3);
        memset(st->a_mod, 0, 3);
        st->a_op = 0;
        if (!need_a) {
            st->rgb_op = PICA_FS_TEV_OP_DOT3_RGB;
            st->a_scale = 0;
        }
    } else if (!need_a) {
        memset(st->a_src, 0, 3);
        memset(st->a_mod, 0, 3);
        st->a_op = 0;
        st->a_scale = 0;
    }
    for (unsigned j = 0; j < 3; j++) {
        if (j >= pica_fs_tev_op_args(st->rgb_op))
            st->rgb_src[j] = st->rgb_mod[j] = 0;
        else if (st->rgb_mod[j] == PICA_FS_TEV_CMOD_ZERO)
            st->rgb_src[j] = PICA_FS_TEV_SRC_ZERO; /* the operand reads nothing of its source */
    }
    unsigned an = st->rgb_op == PICA_FS_TEV_OP_DOT3_RGBA ? 0 : pica_fs_tev_op_args(st->a_op);
    for (unsigned j = an; j < 3; j++)
        st->a_src[j] = st->a_mod[j] = 0;
}

/* The sources a stage reads, as a bit mask: bit s when a colour-group
 * channel (r, g or b) of source s is read, bit 16 + s for its alpha. */
static uint32_t stage_mask(const pica_fs_tev_stage *st)
{
    uint32_t m = 0;
    for (unsigned j = 0; j < pica_fs_tev_op_args(st->rgb_op); j++) {
        unsigned g = cmod_groups(st->rgb_mod[j]), src = st->rgb_src[j] & 15u;
        m |= (g & G_RGB ? 1u : 0u) << src | (g & G_A ? 1u : 0u) << (16 + src);
    }
    if (st->rgb_op != PICA_FS_TEV_OP_DOT3_RGBA)
        for (unsigned j = 0; j < pica_fs_tev_op_args(st->a_op); j++) {
            unsigned g = amod_groups(st->a_mod[j]), src = st->a_src[j] & 15u;
            m |= (g & G_RGB ? 1u : 0u) << src | (g & G_A ? 1u : 0u) << (16 + src);
        }
    return m;
}

static unsigned mask_groups(uint32_t m, unsigned src)
{
    return ((m >> src) & 1 ? G_RGB : 0u) | ((m >> (16 + src)) & 1 ? G_A : 0u);
}

bool pica_fs_tev_reads_source(const pica_fs_key *key, unsigned src)
{
    for (int i = 0; i < PICA_FS_TEV_STAGES; i++)
        if (mask_groups(stage_mask(&key->tev[i]), src & 15))
            return true;
    return false;
}

/* The canonical form of a combiner nobody reads: pass "previous" through
 * unchanged (stage 0, which has no previous, passes zero, which is what
 * "previous" holds before stage 0). The generator emits nothing for it. */
static void make_dead(uint8_t src[3], uint8_t mod[3], uint8_t *op, uint8_t *scale, int k)
{
    memset(src, 0, 3);
    memset(mod, 0, 3);
    src[0] = k ? PICA_FS_TEV_SRC_PREVIOUS : PICA_FS_TEV_SRC_ZERO;
    *op = PICA_FS_TEV_OP_REPLACE;
    *scale = 0;
}

/* Backward liveness over the six stages and the delayed combiner buffer:
 * stage i reads the buffer as left by stages 0..i-2 (the buffer lags one
 * stage; citra PR #1261, found by fincs on hardware). A combiner whose
 * result no later stage reads becomes a pass-through, and a buffer update
 * nobody reads before it is overwritten is dropped. */
static uint32_t normalize_tev(pica_fs_key *key)
{
    unsigned live[PICA_FS_TEV_STAGES] = {0};
    uint32_t mask[PICA_FS_TEV_STAGES] = {0}, reads = 0;
    live[PICA_FS_TEV_STAGES - 1] = G_RGB | G_A; /* the output and the alpha test */
    for (int k = PICA_FS_TEV_STAGES - 1; k >= 0; k--) {
        pica_fs_tev_stage *st = &key->tev[k];
        if (k + 1 < PICA_FS_TEV_STAGES)
            live[k] |= mask_groups(mask[k + 1], PICA_FS_TEV_SRC_PREVIOUS);
        if (k < PICA_FS_TEV_BUFFER_STAGES) {
            for (unsigned g = G_RGB; g <= G_A; g <<= 1) {
                uint8_t *bits = g == G_RGB ? &key->buffer_update_rgb : &key->buffer_update_a;
                if (!((*bits >> k) & 1))
                    continue;
                /* readers: stages i >= k + 2 whose latest writer of g is k */
                bool read = false;
                for (int i = k + 2; i < PICA_FS_TEV_STAGES; i++) {
                    if (i - 2 > k && ((*bits >> (i - 2)) & 1))
                        break; /* overwritten by stage i - 2 */
                    if (mask_groups(mask[i], PICA_FS_TEV_SRC_PREV_BUFFER) & g)
                        read = true;
                }
                if (read)
                    live[k] |= g;
                else
                    *bits &= (uint8_t)~(1u << k);
            }
        }
        /* dot3-RGBA computes the alpha with the colour combiner */
        bool need_a = (live[k] & G_A) != 0;
        bool need_rgb = (live[k] & G_RGB) || (need_a && st->rgb_op == PICA_FS_TEV_OP_DOT3_RGBA);
        trim_stage(st, need_rgb, need_a);
        mask[k] = stage_mask(st);
        reads |= mask[k];
        if (!need_rgb)
            live[k] |= 4; /* remembered: make the colour combiner a pass-through below */
        if (!need_a)
            live[k] |= 8;
    }
    for (int k = 0; k < PICA_FS_TEV_STAGES; k++) {
        pica_fs_tev_stage *st = &key->tev[k];
        if (live[k] & 4)
            make_dead(st->rgb_src, st->rgb_mod, &st->rgb_op, &st->rgb_scale, k);
        if ((live[k] & 8) && st->rgb_op != PICA_FS_TEV_OP_DOT3_RGBA)
            make_dead(st->a_src, st->a_mod, &st->a_op, &st->a_scale, k);
    }
    return reads;
}

bool pica_fs_lut_in_config(unsigned config, unsigned lut)
{
    /* 3dbrew GPU/Internal_Registers, GPUREG_LIGHTING_CONFIG0: available LUTs */
    switch (lut) {
    case PICA_FS_LUT_D0:
        return config != 1;
    case PICA_FS_LUT_D1:
        return config != 0 && config != 1 && config != 5;
    case PICA_FS_LUT_SP:
        return config != 2 && config != 3;
    case PICA_FS_LUT_FR:
        return config != 0 && config != 2 && config != 4;
    case PICA_FS_LUT_RR:
        return config != 3;
    case PICA_FS_LUT_RG:
    case PICA_FS_LUT_RB:
        return config == 4 || config == 5 || config == PICA_FS_LIGHT_ENV_CONFIG7;
    default:
        return false;
    }
}

unsigned pica_fs_lut_register_index(unsigned lut)
{
    static const uint8_t reg[PICA_FS_LUT_COUNT] = {0, 1, 8, 3, 4, 5, 6};
    return lut < PICA_FS_LUT_COUNT ? reg[lut] : 0;
}

static void normalize_lighting(pica_fs_key *key, bool reads_primary, bool reads_secondary)
{
    pica_fs_lighting_key *l = &key->lighting;
    if (!l->enable || (!reads_primary && !reads_secondary)) {
        memset(l, 0, sizeof *l);
        return;
    }
    l->enable = 1;
    if (l->num_lights < 1 || l->num_lights > PICA_FS_MAX_LIGHTS)
        l->num_lights = (uint8_t)(((l->num_lights - 1u) & 7u) + 1u);
    l->config &= 15;
    if (l->config == 7 || l->config > PICA_FS_LIGHT_ENV_CONFIG7)
        l->config = 6;
    l->bump_mode &= 3;
    if (l->bump_mode == 3)
        l->bump_mode = PICA_FS_BUMP_NONE;
    l->bump_selector &= 3;
    l->bump_renorm &= 1;
    l->clamp_highlights &= 1;
    l->fresnel_primary &= 1;
    l->fresnel_secondary &= 1;
    l->shadow_enable &= 1;
    l->shadow_primary &= 1;
    l->shadow_secondary &= 1;
    l->shadow_invert &= 1;
    l->shadow_alpha &= 1;
    l->shadow_selector &= 3;
    l->pad0 = 0;

    /* What feeds only the secondary (specular) colour, or only the primary */
    if (!reads_secondary) {
        l->clamp_highlights = 0;
        l->shadow_secondary = 0;
        l->fresnel_secondary = 0;
    }
    if (!reads_primary) {
        l->shadow_primary = 0;
        l->fresnel_primary = 0;
    }
    bool fresnel_used = l->fresnel_primary || l->fresnel_secondary;
    bool shadow_rgb = l->shadow_enable && (l->shadow_primary || l->shadow_secondary);
    bool shadow_a = l->shadow_enable && l->shadow_alpha && fresnel_used;
    if (!shadow_rgb && !shadow_a) {
        l->shadow_enable = l->shadow_primary = l->shadow_secondary = 0;
        l->shadow_invert = l->shadow_alpha = l->shadow_selector = 0;
    } else if (!shadow_a) {
        l->shadow_alpha = 0;
    }

    bool any_spot = false;
    for (unsigned i = 0; i < PICA_FS_MAX_LIGHTS; i++) {
        pica_fs_light_key *lt = &l->light[i];
        if (i >= l->num_lights) {
            lt->id = lt->flags = 0;
            continue;
        }
        lt->id &= 7;
        lt->flags &= 0x7f;
        if (!pica_fs_lut_in_config(l->config, PICA_FS_LUT_SP))
            lt->flags &= (uint8_t)~PICA_FS_LIGHT_SPOT;
        if (!shadow_rgb)
            lt->flags &= (uint8_t)~PICA_FS_LIGHT_SHADOW;
        if (!reads_secondary)
            lt->flags &= (uint8_t)~(PICA_FS_LIGHT_GEO0 | PICA_FS_LIGHT_GEO1);
        if (lt->flags & PICA_FS_LIGHT_SPOT)
            any_spot = true;
    }

    for (unsigned i = 0; i < PICA_FS_LUT_COUNT; i++) {
        pica_fs_lut_key *lut = &l->lut[i];
        bool used;
        switch (i) {
        case PICA_FS_LUT_SP:
            used = any_spot;
            break;
        case PICA_FS_LUT_FR:
            used = lut->enable && fresnel_used;
            break;
        default: /* D0, D1, RB, RG, RR feed the specular colour only */
            used = lut->enable && reads_secondary;
            break;
        }
        if (!used || !pica_fs_lut_in_config(l->config, i)) {
            memset(lut, 0, sizeof *lut);
            continue;
        }
        lut->enable = 1;
        lut->input &= 7;
        if (lut->input > PICA_FS_LUT_INPUT_CP ||
            (lut->input == PICA_FS_LUT_INPUT_CP && l->config != PICA_FS_LIGHT_ENV_CONFIG7))
            lut->input = PICA_FS_LUT_INPUT_ZERO;
        lut->abs &= 1;
        lut->scale &= 7;
        if (lut->scale == 5)
            lut->scale = PICA_FS_LUT_SCALE_0;
    }

    /* Bump mapping: a tangent map only changes the CP input */
    bool uses_cp = false;
    for (unsigned i = 0; i < PICA_FS_LUT_COUNT; i++)
        if (l->lut[i].enable && l->lut[i].input == PICA_FS_LUT_INPUT_CP)
            uses_cp = true;
    if (l->bump_mode == PICA_FS_BUMP_TANGENT && !uses_cp)
        l->bump_mode = PICA_FS_BUMP_NONE;
    if (l->bump_mode != PICA_FS_BUMP_NORMAL)
        l->bump_renorm = 0;
    if (l->bump_mode == PICA_FS_BUMP_NONE)
        l->bump_selector = 0;
}

unsigned pica_fs_blend_mode(unsigned eq, unsigned src_factor, unsigned dst_factor)
{
    /* factor 15 acts as ONE (Azahar pica_to_gl.h); equations 5-7 as ADD */
    const unsigned s = src_factor & 15, d = dst_factor & 15;
    if ((s == 1 || s == 15) && (d == 1 || d == 15))
        return PICA_FS_BLEND_NONE;
    return (eq & 7) == 3 ? PICA_FS_BLEND_MIN : (eq & 7) == 4 ? PICA_FS_BLEND_MAX : PICA_FS_BLEND_NONE;
}

/* One channel group's shader blend: reserved modes off, factor 15 as ONE
 * (1), and nothing kept when GL's blender does the job. */
unsigned pica_fs_logic_on_zero(unsigned code)
{
    /* op(s, 0): clear (0), copy (3: s), set (4: all ones), copy inverted (5: ~s) */
    static const uint8_t on_zero[16] = {0, 0, 3, 3, 4, 5, 0, 4, 4, 3, 5, 3, 5, 0, 4, 5};
    return on_zero[code & 15];
}

static void normalize_blend(uint8_t *mode, uint8_t *src, uint8_t *dst)
{
    uint8_t s = *src & 15, d = *dst & 15;
    s = s == 15 ? 1 : s;
    d = d == 15 ? 1 : d;
    if ((*mode != PICA_FS_BLEND_MIN && *mode != PICA_FS_BLEND_MAX) || (s == 1 && d == 1)) {
        *mode = PICA_FS_BLEND_NONE;
        s = d = 0;
    }
    *src = s;
    *dst = d;
}

void pica_fs_key_normalize(pica_fs_key *key)
{
    /* ---- clamp reserved values; sources that read nothing read zero ---- */
    key->tex_enable &= 7;
    key->tex0_type &= 7;
    if (key->tex0_type > PICA_FS_TEX0_DISABLED)
        key->tex0_type = PICA_FS_TEX0_2D;
    if (key->tex0_type == PICA_FS_TEX0_DISABLED)
        key->tex_enable &= (uint8_t)~PICA_FS_TEX_UNIT0;
    key->proctex.enable &= 1;
    key->lighting.enable &= 1;
    uint8_t remap[16];
    source_remap(key, remap);
    for (int i = 0; i < PICA_FS_TEV_STAGES; i++)
        clamp_stage(&key->tev[i], remap);
    rewrite_stage0(key->tev[0].rgb_src);
    rewrite_stage0(key->tev[0].a_src);
    key->buffer_update_rgb &= 15;
    key->buffer_update_a &= 15;
    key->alpha_func &= 7;
    if (key->fog_mode != PICA_FS_FOG_ON && key->fog_mode != PICA_FS_FOG_GAS)
        key->fog_mode = PICA_FS_FOG_OFF;
    key->fog_flip = key->fog_mode == PICA_FS_FOG_ON ? (key->fog_flip & 1) : 0;
    key->depth_wbuffer &= 1;
    key->tex2_coord1 &= 1;
    key->shadow_ortho &= 1;
    key->shadow_render &= 1;
    key->gas_render = key->shadow_render ? 0 : key->gas_render & 1;
    {
        /* each pass keeps only the gas bits it reads */
        unsigned gas = 0;
        if (key->gas_render)
            gas |= key->gas & (3u << PICA_FS_GAS_DEPTH_FUNC_SHIFT | PICA_FS_GAS_NO_READ);
        if (key->fog_mode == PICA_FS_FOG_GAS)
            gas |= key->gas & (PICA_FS_GAS_DENSITY_DEPTH | PICA_FS_GAS_LUT_LIGHT);
        key->gas = (uint8_t)gas;
    }
    if (key->shadow_render || key->gas_render) /* no colour reaches the blender */
        key->blend_rgb_eq = key->blend_alpha_eq = 0;
    normalize_blend(&key->blend_rgb_eq, &key->blend_src_rgb, &key->blend_dst_rgb);
    normalize_blend(&key->blend_alpha_eq, &key->blend_src_alpha, &key->blend_dst_alpha);
    /* the logic op: copy (code 3) is no op; none while the shader blends
     * (blending on), nor in shadow and gas modes */
    if (key->logic_op > 16 || key->logic_op == PICA_FS_LOGIC_OP(3) || key->shadow_render || key->gas_render ||
        key->blend_rgb_eq || key->blend_alpha_eq)
        key->logic_op = PICA_FS_LOGIC_NONE;
    memset(key->pad_logic, 0, sizeof key->pad_logic);

    /* ---- what the combiners read decides the rest ---- */
    uint32_t reads = normalize_tev(key);
    reads |= reads >> 16;
    normalize_lighting(key, (reads >> PICA_FS_TEV_SRC_FRAG_PRIMARY) & 1, (reads >> PICA_FS_TEV_SRC_FRAG_SECONDARY) & 1);
    const pica_fs_lighting_key *l = &key->lighting;
    unsigned used = (reads >> PICA_FS_TEV_SRC_TEX0) & 15;
    if (l->enable && l->bump_mode != PICA_FS_BUMP_NONE)
        used |= 1u << l->bump_selector;
    if (l->enable && l->shadow_enable)
        used |= 1u << l->shadow_selector;
    key->tex_enable &= (uint8_t)(used & 7);
    if (!(used & 8))
        key->proctex.enable = 0;

    if (!(key->tex_enable & PICA_FS_TEX_UNIT0))
        key->tex0_type = PICA_FS_TEX0_2D;
    if (key->tex0_type != PICA_FS_TEX0_SHADOW_2D && key->tex0_type != PICA_FS_TEX0_SHADOW_CUBE)
        key->shadow_ortho = 0;
    if (!(key->tex_enable & PICA_FS_TEX_UNIT2))
        key->tex2_coord1 = 0;
    key->tex_wrap_neg_repeat &= 0x3F;
    for (unsigned u = 0; u < 3; u++) {
        const bool plain_2d = u > 0 || key->tex0_type == PICA_FS_TEX0_2D || key->tex0_type == PICA_FS_TEX0_PROJECTION;
        if (!((key->tex_enable >> u) & 1) || !plain_2d)
            key->tex_wrap_neg_repeat &= (uint8_t)~(3u << (2 * u));
    }

    /* ---- procedural texture ---- */
    pica_fs_proctex_key *p = &key->proctex;
    if (!p->enable) {
        memset(p, 0, sizeof *p);
    } else {
        p->coord &= 3;
        if (p->coord == 3)
            p->coord = 0;
        p->u_clamp &= 7;
        p->v_clamp &= 7;
        if (p->u_clamp > PICA_FS_PROCTEX_CLAMP_PULSE)
            p->u_clamp = PICA_FS_PROCTEX_CLAMP_EDGE;
        if (p->v_clamp > PICA_FS_PROCTEX_CLAMP_PULSE)
            p->v_clamp = PICA_FS_PROCTEX_CLAMP_EDGE;
        p->rgb_func &= 15;
        p->alpha_func &= 15;
        if (p->rgb_func > PICA_FS_PROCTEX_FUNC_RMAX)
            p->rgb_func = PICA_FS_PROCTEX_FUNC_ZERO;
        if (p->alpha_func > PICA_FS_PROCTEX_FUNC_RMAX)
            p->alpha_func = PICA_FS_PROCTEX_FUNC_ZERO;
        p->separate_alpha &= 1;
        if (!p->separate_alpha)
            p->alpha_func = 0;
        p->noise &= 1;
        p->u_shift &= 3;
        p->v_shift &= 3;
        if (p->u_shift == 3)
            p->u_shift = PICA_FS_PROCTEX_SHIFT_NONE;
        if (p->v_shift == 3)
            p->v_shift = PICA_FS_PROCTEX_SHIFT_NONE;
        p->filter &= 7;
        if (p->filter > PICA_FS_PROCTEX_LINEAR_MIP_LINEAR)
            p->filter = PICA_FS_PROCTEX_NEAREST;
        p->pad0 = 0;
    }
}

uint64_t pica_fs_key_hash(const pica_fs_key *key)
{
    return glhle_hash64(key, sizeof *key);
}

bool pica_fs_key_equal(const pica_fs_key *a, const pica_fs_key *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

void pica_fs_key_to_hex(const pica_fs_key *key, char out[PICA_FS_KEY_HEX_SIZE])
{
    static const char digits[] = "0123456789abcdef";
    const uint8_t *b = (const uint8_t *)key;
    for (size_t i = 0; i < sizeof *key; i++) {
        out[2 * i] = digits[b[i] >> 4];
        out[2 * i + 1] = digits[b[i] & 15];
    }
    out[2 * sizeof *key] = 0;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool pica_fs_key_from_hex(const char *text, pica_fs_key *key)
{
    while (is_space(*text))
        text++;
    size_t n = strlen(text);
    while (n && is_space(text[n - 1]))
        n--;
    if (n != 2 * sizeof *key)
        return false;
    uint8_t bytes[sizeof *key];
    for (size_t i = 0; i < sizeof *key; i++) {
        int hi = hex_value(text[2 * i]), lo = hex_value(text[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return false;
        bytes[i] = (uint8_t)(hi << 4 | lo);
    }
    memcpy(key, bytes, sizeof *key);
    pica_fs_key_normalize(key);
    return true;
}

/* ---- description ---- */

static const char *src_name(unsigned s)
{
    switch (s) {
    case PICA_FS_TEV_SRC_PRIMARY: return "primary";
    case PICA_FS_TEV_SRC_FRAG_PRIMARY: return "frag_primary";
    case PICA_FS_TEV_SRC_FRAG_SECONDARY: return "frag_secondary";
    case PICA_FS_TEV_SRC_TEX0: return "tex0";
    case PICA_FS_TEV_SRC_TEX1: return "tex1";
    case PICA_FS_TEV_SRC_TEX2: return "tex2";
    case PICA_FS_TEV_SRC_TEX3: return "tex3";
    case PICA_FS_TEV_SRC_ZERO: return "zero";
    case PICA_FS_TEV_SRC_PREV_BUFFER: return "buffer";
    case PICA_FS_TEV_SRC_CONSTANT: return "const";
    case PICA_FS_TEV_SRC_PREVIOUS: return "prev";
    default: return "?";
    }
}

static const char *cmod_name(unsigned m)
{
    static const char *names[16] = {"rgb", "1-rgb", "aaa", "1-aaa", "rrr", "1-rrr", "000", "?",
                                    "ggg", "1-ggg", "?", "?", "bbb", "1-bbb", "?", "?"};
    return names[m & 15];
}

static const char *amod_name(unsigned m)
{
    static const char *names[8] = {"a", "1-a", "r", "1-r", "g", "1-g", "b", "1-b"};
    return names[m & 7];
}

static const char *op_name(unsigned op)
{
    static const char *names[11] = {"replace", "modulate", "add", "add_signed", "interpolate", "subtract",
                                    "dot3_rgb", "dot3_rgba", "mul_add", "add_mul", "zero"};
    return op <= PICA_FS_TEV_OP_ZERO ? names[op] : "?";
}

void pica_fs_key_describe(const pica_fs_key *key, glhle_bytebuf *out)
{
    static const char *alpha_names[8] = {"never", "always", "==", "!=", "<", "<=", ">", ">="};
    static const char *tex0_names[6] = {"2d", "cube", "shadow_2d", "projection", "shadow_cube", "disabled"};
    static const char *lut_names[PICA_FS_LUT_COUNT] = {"d0", "d1", "sp", "fr", "rb", "rg", "rr"};
    static const char *input_names[7] = {"n.h", "v.h", "n.v", "l.n", "-l.p", "cp", "zero"};
    static const char *scale_names[8] = {"1", "2", "4", "8", "0", "0", "0.25", "0.5"};
    char hex[PICA_FS_KEY_HEX_SIZE];
    pica_fs_key_to_hex(key, hex);
    glhle_bytebuf_printf(out, "key %s\nhash %016llx\n", hex, (unsigned long long)pica_fs_key_hash(key));
    for (int i = 0; i < PICA_FS_TEV_STAGES; i++) {
        const pica_fs_tev_stage *st = &key->tev[i];
        glhle_bytebuf_printf(out, "tev%d rgb %s(", i, op_name(st->rgb_op));
        for (unsigned j = 0; j < pica_fs_tev_op_args(st->rgb_op); j++)
            glhle_bytebuf_printf(out, "%s%s.%s", j ? ", " : "", src_name(st->rgb_src[j]), cmod_name(st->rgb_mod[j]));
        glhle_bytebuf_printf(out, ") x%d  alpha ", 1 << (st->rgb_scale & 3));
        if (st->rgb_op == PICA_FS_TEV_OP_DOT3_RGBA) {
            glhle_bytebuf_printf(out, "from dot3_rgba");
        } else {
            glhle_bytebuf_printf(out, "%s(", op_name(st->a_op));
            for (unsigned j = 0; j < pica_fs_tev_op_args(st->a_op); j++)
                glhle_bytebuf_printf(out, "%s%s.%s", j ? ", " : "", src_name(st->a_src[j]), amod_name(st->a_mod[j]));
            glhle_bytebuf_printf(out, ")");
        }
        glhle_bytebuf_printf(out, " x%d", 1 << (st->a_scale & 3));
        if (i < PICA_FS_TEV_BUFFER_STAGES && (((key->buffer_update_rgb | key->buffer_update_a) >> i) & 1))
            glhle_bytebuf_printf(out, "  -> buffer%s%s", (key->buffer_update_rgb >> i) & 1 ? " rgb" : "",
                                 (key->buffer_update_a >> i) & 1 ? " a" : "");
        glhle_bytebuf_printf(out, "\n");
    }
    glhle_bytebuf_printf(out, "alpha_test %s\nfog %s%s\ndepth %s\n", alpha_names[key->alpha_func & 7],
                         key->fog_mode == PICA_FS_FOG_ON ? "on" : key->fog_mode == PICA_FS_FOG_GAS ? "gas" : "off", key->fog_flip ? " flip" : "",
                         key->depth_wbuffer ? "w-buffer" : "z-buffer");
    if (key->blend_rgb_eq || key->blend_alpha_eq) {
        static const char *mode_names[3] = {"gl", "min", "max"};
        glhle_bytebuf_printf(out, "blend in shader: rgb %s(%u, %u)  alpha %s(%u, %u)\n", mode_names[key->blend_rgb_eq % 3],
                             key->blend_src_rgb, key->blend_dst_rgb, mode_names[key->blend_alpha_eq % 3],
                             key->blend_src_alpha, key->blend_dst_alpha);
    }
    if (key->logic_op != PICA_FS_LOGIC_NONE)
        glhle_bytebuf_printf(out, "logic op %u (in the shader where the host has no glLogicOp)\n",
                             key->logic_op - 1u);
    if (key->shadow_render)
        glhle_bytebuf_printf(out, "shadow-map rendering\n");
    if (key->gas_render)
        glhle_bytebuf_printf(out, "gas density pass, depth function %u\n",
                             (key->gas >> PICA_FS_GAS_DEPTH_FUNC_SHIFT) & 3);
    if (key->fog_mode == PICA_FS_FOG_GAS)
        glhle_bytebuf_printf(out, "gas shading: %s density, LUT input %s\n",
                             key->gas & PICA_FS_GAS_DENSITY_DEPTH ? "depth" : "plain",
                             key->gas & PICA_FS_GAS_LUT_LIGHT ? "light factor" : "density");
    glhle_bytebuf_printf(out, "textures");
    for (unsigned u = 0; u < 3; u++)
        if ((key->tex_enable >> u) & 1)
            glhle_bytebuf_printf(out, " tex%u%s%s%s", u, u == 0 ? ":" : "", u == 0 ? tex0_names[key->tex0_type % 6] : "",
                                 u == 2 && key->tex2_coord1 ? ":coord1" : "");
    for (unsigned u = 0; u < 3; u++)
        for (unsigned axis = 0; axis < 2; axis++)
            if (key->tex_wrap_neg_repeat & PICA_FS_WRAP_NEG_REPEAT(u, axis))
                glhle_bytebuf_printf(out, " tex%u.%c:neg-repeat", u, axis ? 't' : 's');
    if (key->shadow_ortho)
        glhle_bytebuf_printf(out, " shadow-ortho");
    if (key->proctex.enable)
        glhle_bytebuf_printf(out, " tex3:proctex");
    glhle_bytebuf_printf(out, "\n");
    const pica_fs_lighting_key *l = &key->lighting;
    if (l->enable) {
        glhle_bytebuf_printf(out, "lighting config %u, %u light(s), bump %u (unit %u%s)%s, fresnel%s%s\n", l->config,
                             l->num_lights, l->bump_mode, l->bump_selector, l->bump_renorm ? ", renorm" : "",
                             l->clamp_highlights ? ", clamp highlights" : "", l->fresnel_primary ? " primary" : "",
                             l->fresnel_secondary ? " secondary" : "");
        if (l->shadow_enable)
            glhle_bytebuf_printf(out, "  shadow unit %u%s%s%s%s\n", l->shadow_selector, l->shadow_primary ? " primary" : "",
                                 l->shadow_secondary ? " secondary" : "", l->shadow_alpha ? " alpha" : "",
                                 l->shadow_invert ? " inverted" : "");
        for (unsigned i = 0; i < PICA_FS_LUT_COUNT; i++)
            if (l->lut[i].enable)
                glhle_bytebuf_printf(out, "  lut %s: input %s%s, scale %s\n", lut_names[i],
                                     input_names[l->lut[i].input % 7], l->lut[i].abs ? " (abs)" : "",
                                     scale_names[l->lut[i].scale & 7]);
        for (unsigned i = 0; i < l->num_lights && i < PICA_FS_MAX_LIGHTS; i++) {
            const pica_fs_light_key *lt = &l->light[i];
            glhle_bytebuf_printf(out, "  light slot %u = light %u:%s%s%s%s%s%s%s\n", i, lt->id,
                                 lt->flags & PICA_FS_LIGHT_DIRECTIONAL ? " directional" : " positional",
                                 lt->flags & PICA_FS_LIGHT_TWO_SIDED ? " two-sided" : "",
                                 lt->flags & PICA_FS_LIGHT_SPOT ? " spot" : "",
                                 lt->flags & PICA_FS_LIGHT_DIST_ATTEN ? " dist-atten" : "",
                                 lt->flags & PICA_FS_LIGHT_GEO0 ? " geo0" : "", lt->flags & PICA_FS_LIGHT_GEO1 ? " geo1" : "",
                                 lt->flags & PICA_FS_LIGHT_SHADOW ? " shadow" : "");
        }
    } else {
        glhle_bytebuf_printf(out, "lighting off\n");
    }
    const pica_fs_proctex_key *p = &key->proctex;
    if (p->enable)
        glhle_bytebuf_printf(out,
                             "proctex coord %u, clamp u %u v %u, rgb func %u, alpha %s %u, noise %u, shift u %u v %u, "
                             "filter %u\n",
                             p->coord, p->u_clamp, p->v_clamp, p->rgb_func, p->separate_alpha ? "func" : "from lut",
                             p->alpha_func, p->noise, p->u_shift, p->v_shift, p->filter);
}
