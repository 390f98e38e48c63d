/* Stage fragment/: the fragment pipeline's key, uniforms and LUT buffers
 * built from decoded state (TEV, lighting, fog, proctex). Owns pica_fs_key
 * derivation and the fragment buffers. May call: frontend/ (pica_state),
 * shadergen/, backend/gl (fs_buffers.c) and backend/common. */
/* Decoded state -> fragment-pipeline key, uniform block and LUT buffer.
 * Field meanings are issue 3's (pica_state.h cites the register bits); the
 * rules that pick between sources are stated here where they are applied. */
#include "backend/pica/fragment/fs_key.h"

#include "backend/common/hash.h"

#include <stddef.h>
#include <string.h>

static void lighting_from_state(const pica_lighting_state *ls, pica_fs_lighting_key *l);

/* The key's stage layout is the decoded state's, so the stages copy whole. */
_Static_assert(sizeof(pica_fs_tev_stage) == sizeof(pica_tev_stage), "stage layouts differ");
_Static_assert(offsetof(pica_fs_tev_stage, a_src) == offsetof(pica_tev_stage, alpha_source), "stage layouts differ");
_Static_assert(offsetof(pica_fs_tev_stage, rgb_mod) == offsetof(pica_tev_stage, rgb_operand), "stage layouts differ");
_Static_assert(offsetof(pica_fs_tev_stage, a_mod) == offsetof(pica_tev_stage, alpha_operand), "stage layouts differ");
_Static_assert(offsetof(pica_fs_tev_stage, rgb_op) == offsetof(pica_tev_stage, rgb_combine), "stage layouts differ");
_Static_assert(offsetof(pica_fs_tev_stage, a_op) == offsetof(pica_tev_stage, alpha_combine), "stage layouts differ");
_Static_assert(offsetof(pica_fs_tev_stage, rgb_scale) == offsetof(pica_tev_stage, rgb_scale), "stage layouts differ");
_Static_assert(offsetof(pica_fs_tev_stage, a_scale) == offsetof(pica_tev_stage, alpha_scale), "stage layouts differ");

/* shadergen keeps its own names for the register encodings (it knows
 * nothing of registers); the values copied into the key must mean the same
 * on both sides. */
#define SAME(a, b) _Static_assert((int)(a) == (int)(b), #a " differs from " #b)
SAME(PICA_TEVSRC_PRIMARY_COLOR, PICA_FS_TEV_SRC_PRIMARY);
SAME(PICA_TEVSRC_FRAG_PRIMARY, PICA_FS_TEV_SRC_FRAG_PRIMARY);
SAME(PICA_TEVSRC_FRAG_SECONDARY, PICA_FS_TEV_SRC_FRAG_SECONDARY);
SAME(PICA_TEVSRC_TEXTURE0, PICA_FS_TEV_SRC_TEX0);
SAME(PICA_TEVSRC_TEXTURE1, PICA_FS_TEV_SRC_TEX1);
SAME(PICA_TEVSRC_TEXTURE2, PICA_FS_TEV_SRC_TEX2);
SAME(PICA_TEVSRC_TEXTURE3, PICA_FS_TEV_SRC_TEX3);
SAME(PICA_TEVSRC_PREVIOUS_BUFFER, PICA_FS_TEV_SRC_PREV_BUFFER);
SAME(PICA_TEVSRC_CONSTANT, PICA_FS_TEV_SRC_CONSTANT);
SAME(PICA_TEVSRC_PREVIOUS, PICA_FS_TEV_SRC_PREVIOUS);
SAME(PICA_TEVOP_REPLACE, PICA_FS_TEV_OP_REPLACE);
SAME(PICA_TEVOP_MODULATE, PICA_FS_TEV_OP_MODULATE);
SAME(PICA_TEVOP_ADD, PICA_FS_TEV_OP_ADD);
SAME(PICA_TEVOP_ADD_SIGNED, PICA_FS_TEV_OP_ADD_SIGNED);
SAME(PICA_TEVOP_INTERPOLATE, PICA_FS_TEV_OP_INTERPOLATE);
SAME(PICA_TEVOP_SUBTRACT, PICA_FS_TEV_OP_SUBTRACT);
SAME(PICA_TEVOP_DOT3_RGB, PICA_FS_TEV_OP_DOT3_RGB);
SAME(PICA_TEVOP_DOT3_RGBA, PICA_FS_TEV_OP_DOT3_RGBA);
SAME(PICA_TEVOP_MULTIPLY_ADD, PICA_FS_TEV_OP_MULTIPLY_ADD);
SAME(PICA_TEVOP_ADD_MULTIPLY, PICA_FS_TEV_OP_ADD_MULTIPLY);
SAME(PICA_FOG_DISABLED, PICA_FS_FOG_OFF);
SAME(PICA_FOG_FOG, PICA_FS_FOG_ON);
SAME(PICA_FOG_GAS, PICA_FS_FOG_GAS);
SAME(PICA_TEXTYPE_2D, PICA_FS_TEX0_2D);
SAME(PICA_TEXTYPE_CUBE, PICA_FS_TEX0_CUBE);
SAME(PICA_TEXTYPE_SHADOW_2D, PICA_FS_TEX0_SHADOW_2D);
SAME(PICA_TEXTYPE_PROJECTION, PICA_FS_TEX0_PROJECTION);
SAME(PICA_TEXTYPE_SHADOW_CUBE, PICA_FS_TEX0_SHADOW_CUBE);
SAME(PICA_TEXTYPE_DISABLED, PICA_FS_TEX0_DISABLED);
/* lighting_from_state indexes the decoded per-LUT arrays with key LUT ids */
SAME(PICA_LUT_D0, PICA_FS_LUT_D0);
SAME(PICA_LUT_D1, PICA_FS_LUT_D1);
SAME(PICA_LUT_SP, PICA_FS_LUT_SP);
SAME(PICA_LUT_FR, PICA_FS_LUT_FR);
SAME(PICA_LUT_RB, PICA_FS_LUT_RB);
SAME(PICA_LUT_RG, PICA_FS_LUT_RG);
SAME(PICA_LUT_RR, PICA_FS_LUT_RR);
SAME(PICA_LIGHTING_LUT_COUNT, PICA_FS_LUT_LIGHTING_TABLES);
#undef SAME
/* pica_fs_luts_from_state copies each state table whole into its slot */
_Static_assert(sizeof(((pica_state *)0)->lighting_lut) == (PICA_FS_LUT_FOG - PICA_FS_LUT_LIGHTING) * 4,
               "lighting LUTs do not fit their slot");
_Static_assert(sizeof(((pica_state *)0)->fog_lut) == (PICA_FS_LUT_PROCTEX_NOISE - PICA_FS_LUT_FOG) * 4,
               "fog LUT does not fit its slot");
_Static_assert(sizeof(((pica_state *)0)->proctex_noise) == (PICA_FS_LUT_PROCTEX_RGB_MAP - PICA_FS_LUT_PROCTEX_NOISE) * 4,
               "proctex noise table does not fit its slot");
_Static_assert(sizeof(((pica_state *)0)->proctex_rgb_map) ==
                   (PICA_FS_LUT_PROCTEX_ALPHA_MAP - PICA_FS_LUT_PROCTEX_RGB_MAP) * 4,
               "proctex RGB map does not fit its slot");
_Static_assert(sizeof(((pica_state *)0)->proctex_alpha_map) ==
                   (PICA_FS_LUT_PROCTEX_COLOR - PICA_FS_LUT_PROCTEX_ALPHA_MAP) * 4,
               "proctex alpha map does not fit its slot");
_Static_assert(sizeof(((pica_state *)0)->proctex_color) == (PICA_FS_LUT_PROCTEX_DIFF - PICA_FS_LUT_PROCTEX_COLOR) * 4,
               "proctex colour table does not fit its slot");
_Static_assert(sizeof(((pica_state *)0)->proctex_color_diff) == (PICA_FS_LUT_ENTRIES - PICA_FS_LUT_PROCTEX_DIFF) * 4,
               "proctex colour differences do not fit their slot");

void pica_fs_key_fill_from_state(const pica_state *s, pica_fs_key *key)
{
    memset(key, 0, sizeof *key);
    memcpy(key->tev, s->tev.stage, sizeof key->tev);
    key->buffer_update_rgb = s->tev.buffer_update_rgb;
    key->buffer_update_a = s->tev.buffer_update_alpha;
    /* a disabled alpha test passes everything */
    key->alpha_func = s->fragop.alpha_test ? s->fragop.alpha_func : PICA_FS_ALPHA_ALWAYS;
    key->fog_mode = s->fog.mode;
    key->fog_flip = s->fog.z_flip;
    /* DEPTHMAP_ENABLE clear selects the w-buffer (Azahar DepthBuffering:
     * 0 WBuffering, 1 ZBuffering) */
    key->depth_wbuffer = !s->raster.depthmap_enable;

    const pica_texturing_state *t = &s->texturing;
    for (unsigned u = 0; u < 3; u++)
        if (t->unit[u].enabled)
            key->tex_enable |= (uint8_t)(1u << u);
    key->tex0_type = t->unit[0].type;
    key->tex2_coord1 = t->tex2_uses_coord1;
    key->shadow_ortho = t->shadow_orthographic;
    for (unsigned u = 0; u < 3; u++) {
        if (pica_fs_wrap_is_neg_repeat(t->unit[u].wrap_s))
            key->tex_wrap_neg_repeat |= (uint8_t)PICA_FS_WRAP_NEG_REPEAT(u, 0);
        if (pica_fs_wrap_is_neg_repeat(t->unit[u].wrap_t))
            key->tex_wrap_neg_repeat |= (uint8_t)PICA_FS_WRAP_NEG_REPEAT(u, 1);
    }

    /* MIN/MAX blending with factors (pica_fs_key.h); with the colour
     * buffer's reads off the destination is zero and GL's blender does it
     * (the draw path's blend_dst_zero) */
    const pica_fragop_state *fo = &s->fragop;
    key->shadow_render = fo->mode == PICA_FRAGOP_SHADOW;
    key->gas_render = fo->mode == PICA_FRAGOP_GAS;
    key->gas = (uint8_t)((s->fog.density_from_depth ? PICA_FS_GAS_DENSITY_DEPTH : 0) |
                         (s->fog.gas_lut_input ? PICA_FS_GAS_LUT_LIGHT : 0) |
                         (s->framebuffer.color_read ? 0 : PICA_FS_GAS_NO_READ) |
                         (s->fog.gas_depth_func & 3u) << PICA_FS_GAS_DEPTH_FUNC_SHIFT);
    /* the logic op, for hosts that apply it in the shader (OpenGL ES);
     * the normaliser drops copy and the shadow and gas modes' */
    if (!fo->blend)
        key->logic_op = (uint8_t)PICA_FS_LOGIC_OP(s->framebuffer.color_read ? fo->logic_op
                                                                             : pica_fs_logic_on_zero(fo->logic_op));
    if (fo->blend && s->framebuffer.color_read) {
        key->blend_rgb_eq = (uint8_t)pica_fs_blend_mode(fo->blend_eq_rgb, fo->blend_src_rgb, fo->blend_dst_rgb);
        key->blend_alpha_eq = (uint8_t)pica_fs_blend_mode(fo->blend_eq_alpha, fo->blend_src_alpha, fo->blend_dst_alpha);
        key->blend_src_rgb = fo->blend_src_rgb;
        key->blend_dst_rgb = fo->blend_dst_rgb;
        key->blend_src_alpha = fo->blend_src_alpha;
        key->blend_dst_alpha = fo->blend_dst_alpha;
    }

    /* Lighting is on when LIGHTING_ENABLE1 (0x1C6) says so: the register
     * Azahar's renderers test (regs.lighting.disable); SDKs write ENABLE0
     * (0x08F) to the opposite value alongside it. */
    const pica_lighting_state *ls = &s->lighting;
    pica_fs_lighting_key *l = &key->lighting;
    l->enable = !ls->disable1;
    if (l->enable)
        lighting_from_state(ls, l);

    const pica_proctex_state *ps = &s->proctex;
    pica_fs_proctex_key *p = &key->proctex;
    p->enable = t->tex3_enabled;
    if (p->enable) {
        p->coord = t->tex3_coords;
        p->u_clamp = ps->u_clamp;
        p->v_clamp = ps->v_clamp;
        p->rgb_func = ps->rgb_func;
        p->alpha_func = ps->alpha_func;
        p->separate_alpha = ps->separate_alpha;
        p->noise = ps->noise_enable;
        p->u_shift = ps->u_shift;
        p->v_shift = ps->v_shift;
        p->filter = ps->filter;
    }
}

void pica_fs_key_from_state(const pica_state *s, pica_fs_key *key)
{
    pica_fs_key_fill_from_state(s, key);
    pica_fs_key_normalize(key);
}

static void lighting_from_state(const pica_lighting_state *ls, pica_fs_lighting_key *l)
{
    l->num_lights = ls->num_lights;
    l->config = ls->config;
    l->bump_mode = ls->bump_mode;
    l->bump_selector = ls->bump_unit;
    l->bump_renorm = !ls->bump_renorm_disabled;
    l->clamp_highlights = ls->clamp_highlights;
    l->fresnel_primary = ls->fresnel & 1;
    l->fresnel_secondary = (ls->fresnel >> 1) & 1;
    l->shadow_enable = ls->shadow_enable;
    l->shadow_primary = ls->shadow_primary;
    l->shadow_secondary = ls->shadow_secondary;
    l->shadow_invert = ls->shadow_invert;
    l->shadow_alpha = ls->shadow_alpha;
    l->shadow_selector = ls->shadow_unit;
    /* CONFIG1 has a disable bit per shared LUT (16 + LUT number; issue 3
     * keeps them as lut_disable bit n); the spot LUTs are switched per light
     * instead: their number 8 lies past the 8-bit field and reads enabled */
    for (unsigned i = 0; i < PICA_FS_LUT_COUNT; i++) {
        pica_fs_lut_key *lk = &l->lut[i];
        lk->enable = !(((unsigned)ls->lut_disable >> pica_fs_lut_register_index(i)) & 1);
        lk->input = ls->lut_input[i];
        lk->abs = ls->lut_abs[i];
        lk->scale = ls->lut_scale_code[i];
    }
    for (unsigned slot = 0; slot < ls->num_lights && slot < PICA_FS_MAX_LIGHTS; slot++) {
        unsigned id = ls->light_id[slot] & 7;
        const pica_light_state *L = &ls->light[id];
        uint8_t flags = 0;
        if (L->directional)
            flags |= PICA_FS_LIGHT_DIRECTIONAL;
        if (L->two_sided_diffuse)
            flags |= PICA_FS_LIGHT_TWO_SIDED;
        if (L->geometric_factor0)
            flags |= PICA_FS_LIGHT_GEO0;
        if (L->geometric_factor1)
            flags |= PICA_FS_LIGHT_GEO1;
        if (!((ls->spot_disable >> id) & 1))
            flags |= PICA_FS_LIGHT_SPOT;
        if (!((ls->dist_atten_disable >> id) & 1))
            flags |= PICA_FS_LIGHT_DIST_ATTEN;
        if (!((ls->shadow_disable >> id) & 1))
            flags |= PICA_FS_LIGHT_SHADOW;
        l->light[slot].id = (uint8_t)id;
        l->light[slot].flags = flags;
    }
}

static void color255(const uint16_t in[3], float out[4])
{
    /* 255 is 1.0; the 10-bit fields can exceed it (issue 3 keeps Azahar's
     * reading of the spans) */
    for (int i = 0; i < 3; i++)
        out[i] = (float)in[i] / 255.0f;
    out[3] = 0.0f;
}

void pica_fs_uniforms_from_state(const pica_state *s, pica_fs_uniforms *u)
{
    memset(u, 0, sizeof *u);
    for (int i = 0; i < 6; i++)
        for (int c = 0; c < 4; c++)
            u->tev_const[i][c] = s->tev_colors.constant[i][c];
    for (int c = 0; c < 4; c++)
        u->tev_buffer_init[c] = s->tev_colors.buffer[c];
    for (int c = 0; c < 3; c++)
        u->fog_color[c] = s->fog.color[c];
    u->fog_color[3] = s->fragop.alpha_ref;
    u->depth_map[0] = s->raster.depth_scale;
    u->depth_map[1] = s->raster.depth_offset;
    for (int i = 0; i < 3; i++)
        u->tex_lod_bias[i] = s->texturing.unit[i].lod_bias;
    /* TEXUNIT0_SHADOW bits 1-23 are the top 23 bits of a 24-bit depth bias
     * (citro3d C3D_TexShadowParams; Azahar: bias << 1) */
    u->shadow_bias[0] = (int32_t)(s->texturing.shadow_zbias << 1);
    color255(s->lighting.ambient, u->light_ambient);
    for (int i = 0; i < 8; i++) {
        const pica_light_state *L = &s->lighting.light[i];
        pica_fs_light_uniforms *o = &u->light[i];
        color255(L->specular0, o->specular0);
        color255(L->specular1, o->specular1);
        color255(L->diffuse, o->diffuse);
        color255(L->ambient, o->ambient);
        memcpy(o->position, L->position, sizeof L->position);
        /* fixed1.1.11 as citro3d encodes it (x * 2^11); Azahar divides the
         * raw value by 2047 instead, 0.05% apart */
        memcpy(o->spot_dir, L->spot_direction, sizeof L->spot_direction);
        o->atten[0] = L->atten_bias;
        o->atten[1] = L->atten_scale;
    }
    const pica_proctex_state *p = &s->proctex;
    u->proctex_noise[0] = p->noise_u_amplitude;
    u->proctex_noise[1] = p->noise_v_amplitude;
    u->proctex_noise[2] = p->noise_u_frequency;
    u->proctex_noise[3] = p->noise_v_frequency;
    u->proctex_phase_bias[0] = p->noise_u_phase;
    u->proctex_phase_bias[1] = p->noise_v_phase;
    u->proctex_phase_bias[2] = p->bias;
    u->proctex_lut[0] = p->width;
    u->proctex_lut[1] = p->lod_min;
    u->proctex_lut[2] = p->lod_max;
    for (int i = 0; i < 4; i++)
        u->proctex_offset[i] = p->level_offset[i];
    for (int c = 0; c < 4; c++)
        u->blend_color[c] = s->fragop.blend_color[c];
    u->shadow_render[0] = s->fragop.shadow_constant;
    u->shadow_render[1] = s->fragop.shadow_linear;
    const pica_fog_state *g = &s->fog;
    u->gas_light_xy[0] = g->gas_planar_min;
    u->gas_light_xy[1] = g->gas_planar_max;
    u->gas_light_xy[2] = g->gas_planar_atten;
    u->gas_light_xy[3] = g->gas_view_color;
    u->gas_light_z[0] = g->gas_view_min;
    u->gas_light_z[1] = g->gas_view_max;
    u->gas_light_z[2] = g->gas_view_atten;
    u->gas_params[0] = pica_fs_gas_fixed(g->gas_accmax);
    u->gas_params[1] = pica_fs_gas_fixed(g->gas_attenuation);
    u->gas_params[2] = (int32_t)(g->gas_deltaz * 256.0f + 0.5f); /* the register's 24 bits back */
    for (int i = 0; i < 8; i++) {
        u->gas_lut[i][0] = (int32_t)(s->gas_lut[8 + i] & 0xFFFFFF);
        u->gas_lut[i][1] = (int32_t)(s->gas_lut[i] & 0xFFFFFF);
    }
}

void pica_fs_luts_from_state(const pica_state *s, pica_fs_luts *luts, uint64_t dirty)
{
    if (!(dirty & (PICA_FS_DIRTY_ALL & ~PICA_FS_DIRTY_UNIFORMS)))
        return;
    for (uint64_t m = dirty & PICA_FS_DIRTY_LIGHTING_LUTS; m; m &= m - 1) {
        unsigned n = (unsigned)__builtin_ctzll(m);
        memcpy(&luts->e[PICA_FS_LUT_LIGHTING + n * 256], s->lighting_lut[n], sizeof s->lighting_lut[n]);
    }
    if (dirty & PICA_FS_DIRTY_FOG_LUT)
        memcpy(&luts->e[PICA_FS_LUT_FOG], s->fog_lut, sizeof s->fog_lut);
    if (dirty & PICA_FS_DIRTY_PROCTEX_NOISE)
        memcpy(&luts->e[PICA_FS_LUT_PROCTEX_NOISE], s->proctex_noise, sizeof s->proctex_noise);
    if (dirty & PICA_FS_DIRTY_PROCTEX_RGB_MAP)
        memcpy(&luts->e[PICA_FS_LUT_PROCTEX_RGB_MAP], s->proctex_rgb_map, sizeof s->proctex_rgb_map);
    if (dirty & PICA_FS_DIRTY_PROCTEX_ALPHA_MAP)
        memcpy(&luts->e[PICA_FS_LUT_PROCTEX_ALPHA_MAP], s->proctex_alpha_map, sizeof s->proctex_alpha_map);
    if (dirty & PICA_FS_DIRTY_PROCTEX_COLOR)
        memcpy(&luts->e[PICA_FS_LUT_PROCTEX_COLOR], s->proctex_color, sizeof s->proctex_color);
    if (dirty & PICA_FS_DIRTY_PROCTEX_DIFF)
        memcpy(&luts->e[PICA_FS_LUT_PROCTEX_DIFF], s->proctex_color_diff, sizeof s->proctex_color_diff);
}

uint64_t pica_fs_dirty_from_state(const pica_state *s)
{
    uint64_t d = 0;
    if (s->dirty & PICA_FS_UNIFORM_GROUPS)
        d |= PICA_FS_DIRTY_UNIFORMS;
    if (s->dirty & PICA_DIRTY(LIGHTING_LUT))
        d |= s->lighting_lut_dirty & PICA_FS_DIRTY_LIGHTING_LUTS;
    if (s->dirty & PICA_DIRTY(FOG_LUT))
        d |= PICA_FS_DIRTY_FOG_LUT;
    if (s->dirty & PICA_DIRTY(PROCTEX_LUT)) {
        static const struct {
            unsigned table;
            uint64_t bit;
        } map[] = {{PICA_PROCTEX_LUT_NOISE, PICA_FS_DIRTY_PROCTEX_NOISE},
                   {PICA_PROCTEX_LUT_RGB_MAP, PICA_FS_DIRTY_PROCTEX_RGB_MAP},
                   {PICA_PROCTEX_LUT_ALPHA_MAP, PICA_FS_DIRTY_PROCTEX_ALPHA_MAP},
                   {PICA_PROCTEX_LUT_COLOR, PICA_FS_DIRTY_PROCTEX_COLOR},
                   {PICA_PROCTEX_LUT_COLOR_DIFF, PICA_FS_DIRTY_PROCTEX_DIFF}};
        for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
            if ((s->proctex_lut_dirty >> map[i].table) & 1)
                d |= map[i].bit;
    }
    return d;
}

bool pica_fs_derive_key(pica_fs_derived *d, const pica_state *s)
{
    /* The register-side key, hashed, looks up the normalised key in a small
     * direct-mapped table: a title switches between few configurations, so
     * normalisation runs once per configuration, not once per change. */
    pica_fs_key raw;
    pica_fs_key_fill_from_state(s, &raw);
    uint64_t h = glhle_hash64(&raw, sizeof raw);
    pica_fs_memo_entry *m = &d->memo[h % PICA_FS_MEMO_ENTRIES];
    if (!m->used || m->raw_hash != h || memcmp(&m->raw, &raw, sizeof raw)) {
        if (m == d->current)
            d->current = NULL; /* the entry is reused for another configuration */
        m->raw = raw;
        m->raw_hash = h;
        m->key = raw;
        pica_fs_key_normalize(&m->key);
        m->key_hash = pica_fs_key_hash(&m->key);
        m->used = true;
        d->memo_misses++;
    }
    /* the entry in use: same normalised key without comparing it */
    if (d->valid && (m == d->current || (m->key_hash == d->key_hash && pica_fs_key_equal(&m->key, &d->key)))) {
        d->current = m;
        return false;
    }
    d->current = m;
    d->key = m->key;
    d->key_hash = m->key_hash;
    return true;
}

uint64_t pica_fs_update(pica_fs_derived *d, const pica_state *s, bool *key_changed)
{
    uint64_t dirty = d->valid ? pica_fs_dirty_from_state(s) : PICA_FS_DIRTY_ALL;
    *key_changed = false;
    if (!d->valid || (s->dirty & PICA_FS_KEY_GROUPS))
        *key_changed = pica_fs_derive_key(d, s);
    if (dirty & PICA_FS_DIRTY_UNIFORMS)
        pica_fs_uniforms_from_state(s, &d->uniforms);
    pica_fs_luts_from_state(s, &d->luts, dirty);
    d->valid = true;
    return dirty;
}
