/* The PICA fragment ubershader (pica_fs_uber.h). Every block below is the
 * run-time form of the pica_fs.c code named next to it; the fixed helpers
 * are pica_fs.c's own text (pica_fs_parts.h). */
#include "shadergen/pica_fs_uber.h"

#include <string.h>

#include "shadergen/glsl_writer.h"
#include "shadergen/pica_fs_parts.h"

_Static_assert(PICA_FS_UBER_UBO_BINDING == 2 && PICA_FS_UBER_CUBE_UNIT == 5 && PICA_FS_UBER_SHADOW_UNIT == 6 &&
                   PICA_FS_UBER_SHADOW_CUBE_UNIT == 7,
               "bindings are spelled out in the text");
_Static_assert(PICA_FS_UBER_WRAP_VARIANT_BINDING(0, 1) == 14 && PICA_FS_UBER_WRAP_VARIANT_BINDING(1, 1) == 8 &&
                   PICA_FS_UBER_WRAP_VARIANT_BINDING(2, 3) == 13,
               "variant bindings are spelled out in the text");
_Static_assert(PICA_FS_TEV_SRC_PREV_BUFFER == 13 && PICA_FS_TEV_SRC_CONSTANT == 14 && PICA_FS_TEV_SRC_PREVIOUS == 15,
               "source numbers are spelled out in the text");
_Static_assert(PICA_FS_LUT_D0 == 0 && PICA_FS_LUT_D1 == 1 && PICA_FS_LUT_SP == 2 && PICA_FS_LUT_FR == 3 &&
                   PICA_FS_LUT_RB == 4 && PICA_FS_LUT_RG == 5 && PICA_FS_LUT_RR == 6,
               "LUT numbers are spelled out in the text");

/* ---- the config ------------------------------------------------------------------------------------------ */

void pica_fs_uber_config_from_keys(const pica_fs_key *k, const pica_vs_key *vs, pica_fs_uber_config *c)
{
    memset(c, 0, sizeof *c);
    pica_fs_usage use;
    pica_fs_key_usage(k, &use);
    for (unsigned i = 0; i < PICA_FS_TEV_STAGES; i++) {
        const pica_fs_tev_stage *st = &k->tev[i];
        for (unsigned j = 0; j < 3; j++) {
            c->rgb_src[i][j] = st->rgb_src[j];
            c->a_src[i][j] = st->a_src[j];
            c->rgb_mod[i][j] = st->rgb_mod[j];
            c->a_mod[i][j] = st->a_mod[j];
        }
        c->rgb_src[i][3] = st->rgb_op;
        c->a_src[i][3] = st->a_op;
        c->rgb_mod[i][3] = st->rgb_scale;
        c->a_mod[i][3] = st->a_scale;
    }
    c->frag[0] = k->buffer_update_rgb | k->buffer_update_a << 4;
    c->frag[1] = k->alpha_func;
    /* the stages up to the last one that is not replace(previous) on both
     * parts at x1: those after it change nothing (the combiner buffer they
     * update is read by no later stage) */
    int32_t stages = 0;
    for (unsigned i = 0; i < PICA_FS_TEV_STAGES; i++) {
        const pica_fs_tev_stage *st = &k->tev[i];
        const bool identity = st->rgb_op == PICA_FS_TEV_OP_REPLACE && st->a_op == PICA_FS_TEV_OP_REPLACE &&
                              st->rgb_src[0] == PICA_FS_TEV_SRC_PREVIOUS && st->a_src[0] == PICA_FS_TEV_SRC_PREVIOUS &&
                              st->rgb_mod[0] == 0 && st->a_mod[0] == 0 && st->rgb_scale == 0 && st->a_scale == 0;
        if (!identity)
            stages = (int32_t)i + 1;
    }
    c->frag[2] = (use.fog ? PICA_FS_UBER_FOG : 0) | (use.fog && k->fog_flip ? PICA_FS_UBER_FOG_FLIP : 0) |
                 (k->depth_wbuffer ? PICA_FS_UBER_WBUFFER : 0) | (k->shadow_render ? PICA_FS_UBER_SHADOW_RENDER : 0) |
                 stages << 8;
    c->frag[3] = (vs->outputs & PICA_VS_OUT_ALL) | (vs->clip ? 1 << 8 : 0);
    /* pica_fs.c write_texture_reads: a used unit samples when enabled, else reads 0 */
    c->tex[0] = (int32_t)(use.units & (k->tex_enable & 7u)) | (use.proctex ? 8 : 0) |
                (int32_t)(k->tex_wrap_neg_repeat & 63u) << 4;
    c->tex[1] = k->tex0_type;
    c->tex[2] = k->tex2_coord1;
    c->tex[3] = k->shadow_ortho;
    c->blend[0] = k->blend_rgb_eq;
    c->blend[1] = k->blend_alpha_eq;
    c->blend[2] = k->blend_src_rgb | k->blend_dst_rgb << 4 | k->blend_src_alpha << 8 | k->blend_dst_alpha << 12;
    c->blend[3] = k->logic_op; /* read by the ES text only: desktop GL applies glLogicOp */
    const pica_fs_lighting_key *l = &k->lighting;
    if (use.lighting) {
        c->light[0] = 1;
        c->light[1] = l->num_lights;
        c->light[2] = l->bump_mode | l->bump_selector << 2 | l->bump_renorm << 4;
        c->light[3] = ((use.src_used >> PICA_FS_TEV_SRC_FRAG_SECONDARY) & 1 ? PICA_FS_UBER_LIGHT_SPECULAR : 0) |
                      (l->clamp_highlights ? PICA_FS_UBER_LIGHT_CLAMP : 0) |
                      (l->fresnel_primary ? PICA_FS_UBER_LIGHT_FRESNEL_PRIMARY : 0) |
                      (l->fresnel_secondary ? PICA_FS_UBER_LIGHT_FRESNEL_SECONDARY : 0) |
                      (l->shadow_enable ? PICA_FS_UBER_LIGHT_SHADOW : 0) |
                      (l->shadow_primary ? PICA_FS_UBER_LIGHT_SHADOW_PRIMARY : 0) |
                      (l->shadow_secondary ? PICA_FS_UBER_LIGHT_SHADOW_SECONDARY : 0) |
                      (l->shadow_invert ? PICA_FS_UBER_LIGHT_SHADOW_INVERT : 0) |
                      (l->shadow_alpha ? PICA_FS_UBER_LIGHT_SHADOW_ALPHA : 0) | l->shadow_selector << 16;
        for (unsigned i = 0; i < PICA_FS_LUT_COUNT; i++) {
            c->lut[i][0] = l->lut[i].enable;
            c->lut[i][1] = l->lut[i].input;
            c->lut[i][2] = l->lut[i].abs;
            c->lut[i][3] = l->lut[i].scale;
        }
        for (unsigned i = 0; i < PICA_FS_MAX_LIGHTS; i++) {
            c->slot[i][0] = l->light[i].id & 7;
            c->slot[i][1] = l->light[i].flags;
        }
    }
    const pica_fs_proctex_key *p = &k->proctex;
    if (use.proctex) {
        const uint8_t v[12] = {p->coord,    p->u_clamp,        p->v_clamp, p->rgb_func, p->alpha_func, p->separate_alpha,
                               p->noise,    p->u_shift,        p->v_shift, p->filter,   0,             0};
        for (unsigned i = 0; i < 12; i++)
            c->proctex[i / 4][i % 4] = v[i];
    }
}

unsigned pica_fs_uber_tex0_unit(unsigned tex0_type)
{
    switch (tex0_type) {
    case PICA_FS_TEX0_CUBE: return PICA_FS_UBER_CUBE_UNIT;
    case PICA_FS_TEX0_SHADOW_2D: return PICA_FS_UBER_SHADOW_UNIT;
    case PICA_FS_TEX0_SHADOW_CUBE: return PICA_FS_UBER_SHADOW_CUBE_UNIT;
    default: return 0;
    }
}

/* ---- text shared by both stages -------------------------------------------------------------------------- */

static const char config_text[] =
    "layout(std140, binding = 2) uniform PicaFsUberConfig {\n"
    "    ivec4 rgb_src[6];\n"
    "    ivec4 a_src[6];\n"
    "    ivec4 rgb_mod[6];\n"
    "    ivec4 a_mod[6];\n"
    "    ivec4 frag;\n"
    "    ivec4 tex;\n"
    "    ivec4 blend;\n"
    "    ivec4 light;\n"
    "    ivec4 lut[7];\n"
    "    ivec4 slot[8];\n"
    "    ivec4 proctex[3];\n"
    "} uc;\n";

static void header(glsl_writer *w, const pica_fs_host *host, bool fragment)
{
    const bool gles = host && host->gles;
    glsl_text(w, gles ? "#version 320 es\n" : "#version 450 core\n");
    if (gles && !fragment)
        glsl_text(w, "#extension GL_EXT_clip_cull_distance : enable\n");
    if (fragment && host && host->framebuffer_fetch)
        glsl_text(w, "#extension GL_EXT_shader_framebuffer_fetch : require\n");
    if (gles)
        glsl_text(w, "precision highp float;\n"
                     "precision highp int;\n");
    if (gles && fragment)
        glsl_text(w, "precision highp sampler2D;\n"
                     "precision highp samplerCube;\n"
                     "precision highp usampler2D;\n"
                     "precision highp usampler2DArray;\n"
                     "precision highp usamplerBuffer;\n"
                     "precision highp uimage2D;\n");
}

/* ---- vertex shader (pica_vs.c with the key in the config) ------------------------------------------------ */

bool pica_fs_uber_generate_vs(const pica_fs_host *host, glhle_bytebuf *out)
{
    glsl_writer w;
    glsl_writer_init(&w, out);
    header(&w, host, false);
    glsl_text(&w, "/* glhle PICA ubershader, vertex stage */\n");
    glsl_text(&w, config_text);
    glsl_text(&w, "layout(std140, binding = 1) uniform PicaVsUniforms {\n"
                  "    vec4 clip_plane;\n"
                  "} vu;\n");
    glsl_text(&w, pica_fs_text(PICA_FS_TEXT_VS_INTERFACE));
    glsl_text(&w, "void main() {\n"
                  "    vec4 p = a_position;\n"
                  "    float zw = p.z / p.w;\n"
                  "    if (zw > 0.0 && zw < 0.000001)\n"
                  "        p.z = 0.0;\n"
                  "    if (zw < -1.0 && zw > -1.00001)\n"
                  "        p.z = -p.w;\n"
                  "    gl_Position = vec4(p.xy, 2.0 * p.z + p.w, p.w);\n");
    if (host && host->gles)
        glsl_text(&w, "#ifdef GL_EXT_clip_cull_distance\n");
    glsl_text(&w, "    gl_ClipDistance[0] = (uc.frag.w & 256) != 0 ? dot(vu.clip_plane, p) : 1.0;\n");
    if (host && host->gles)
        glsl_text(&w, "#endif\n");
    /* the fragment stage replaces what the key leaves out (pica_fs_uber.h) */
    glsl_text(&w, "    pica_color = a_color;\n");
    glsl_text(&w, pica_fs_text(PICA_FS_TEXT_VS_COPY));
    glsl_text(&w, "}\n");
    return glsl_writer_ok(&w);
}

/* ---- fragment shader ------------------------------------------------------------------------------------- */

/* The inputs as the specialised program sees them: its vertex shader writes
 * 1.0 for a group the key leaves out. From here on the input names are
 * these globals, so pica_fs.c's helper text reads them too. */
static const char inputs_text[] =
    "vec4 t_color;\n"
    "vec2 t_texcoord0, t_texcoord1, t_texcoord2;\n"
    "float t_texcoord0_w;\n"
    "vec4 t_normquat;\n"
    "vec3 t_view;\n"
    "void uber_inputs() {\n"
    "    int m = uc.frag.w;\n"
    "    t_color = (m & 1) != 0 ? pica_color : vec4(1.0);\n"
    "    t_texcoord0 = (m & 2) != 0 ? pica_texcoord0 : vec2(1.0);\n"
    "    t_texcoord1 = (m & 4) != 0 ? pica_texcoord1 : vec2(1.0);\n"
    "    t_texcoord2 = (m & 8) != 0 ? pica_texcoord2 : vec2(1.0);\n"
    "    t_texcoord0_w = (m & 16) != 0 ? pica_texcoord0_w : 1.0;\n"
    "    t_normquat = (m & 32) != 0 ? pica_normquat : vec4(1.0);\n"
    "    t_view = (m & 64) != 0 ? pica_view : vec3(1.0);\n"
    "}\n"
    "#define pica_color t_color\n"
    "#define pica_texcoord0 t_texcoord0\n"
    "#define pica_texcoord1 t_texcoord1\n"
    "#define pica_texcoord2 t_texcoord2\n"
    "#define pica_texcoord0_w t_texcoord0_w\n"
    "#define pica_normquat t_normquat\n"
    "#define pica_view t_view\n";

static const char samplers_text[] =
    "layout(binding = 3) uniform usamplerBuffer pica_luts;\n"
    "layout(binding = 0) uniform sampler2D pica_tex0;\n"
    "layout(binding = 1) uniform sampler2D pica_tex1;\n"
    "layout(binding = 2) uniform sampler2D pica_tex2;\n"
    "layout(binding = 5) uniform samplerCube pica_tex0_cube;\n"
    "layout(binding = 6) uniform usampler2D pica_tex0_shadow;\n"
    "layout(binding = 7) uniform usampler2DArray pica_tex0_shadow_cube;\n"
    "layout(binding = 14) uniform sampler2D pica_tex0_v1;\n"
    "layout(binding = 15) uniform sampler2D pica_tex0_v2;\n"
    "layout(binding = 16) uniform sampler2D pica_tex0_v3;\n"
    "layout(binding = 8) uniform sampler2D pica_tex1_v1;\n"
    "layout(binding = 9) uniform sampler2D pica_tex1_v2;\n"
    "layout(binding = 10) uniform sampler2D pica_tex1_v3;\n"
    "layout(binding = 11) uniform sampler2D pica_tex2_v1;\n"
    "layout(binding = 12) uniform sampler2D pica_tex2_v2;\n"
    "layout(binding = 13) uniform sampler2D pica_tex2_v3;\n";

/* The combiners (pica_fs.c write_stage, source_name, color_operand,
 * alpha_operand, combine_expr) with the stage's fields from the config.
 * The alpha combiner runs the colour one's arithmetic on a splat: its
 * operations are the same but dot3, which a normalised key never gives it. */
static const char tev_text[] =
    "ivec4 s_primary, s_frag0, s_frag1, s_tex0, s_tex1, s_tex2, s_tex3;\n"
    "ivec4 uber_source(int s, int stage, ivec4 prev, ivec4 buf) {\n"
    "    switch (s) {\n"
    "    case 0: return s_primary;\n"
    "    case 1: return s_frag0;\n"
    "    case 2: return s_frag1;\n"
    "    case 3: return s_tex0;\n"
    "    case 4: return s_tex1;\n"
    "    case 5: return s_tex2;\n"
    "    case 6: return s_tex3;\n"
    "    case 13: return buf;\n"
    "    case 14: return u.tev_const[stage];\n"
    "    case 15: return prev;\n"
    "    default: return ivec4(0);\n"
    "    }\n"
    "}\n"
    "ivec3 uber_color_operand(ivec4 v, int mod) {\n"
    "    ivec3 x;\n"
    "    switch (mod >> 1) {\n"
    "    case 0: x = v.rgb; break;\n"
    "    case 1: x = v.aaa; break;\n"
    "    case 2: x = v.rrr; break;\n"
    "    case 4: x = v.ggg; break;\n"
    "    case 6: x = v.bbb; break;\n"
    "    default: return ivec3(0);\n"
    "    }\n"
    "    return (mod & 1) != 0 ? 255 - x : x;\n"
    "}\n"
    "int uber_alpha_operand(ivec4 v, int mod) {\n"
    "    int x;\n"
    "    switch ((mod >> 1) & 3) {\n"
    "    case 0: x = v.a; break;\n"
    "    case 1: x = v.r; break;\n"
    "    case 2: x = v.g; break;\n"
    "    default: x = v.b; break;\n"
    "    }\n"
    "    return (mod & 1) != 0 ? 255 - x : x;\n"
    "}\n"
    /* One product sum over 255 serves modulate, interpolate, multiply-add,
     * add-multiply and dot3's terms (pica_fs.c combine_expr and dot3_text,
     * the same integers), since every operation's code runs on llvmpipe */
    "ivec3 uber_combine3(int op, ivec3 x0, ivec3 x1, ivec3 x2) {\n"
    "    ivec3 sum = min(x0 + x1, 255);\n"
    "    ivec3 ua = 2 * x0 - 255, ub = 2 * x1 - 255;\n"
    "    bool dot = op == 6 || op == 7;\n"
    "    ivec3 a = dot ? ua ^ (ua >> 31) : op == 9 ? sum : x0;\n"
    "    ivec3 b = dot ? ub ^ (ub >> 31) : op == 4 || op == 9 ? x2 : x1;\n"
    "    ivec3 c = dot ? ivec3(127) : op == 4 ? x1 : op == 8 ? ivec3(255) : ivec3(0);\n"
    "    ivec3 d = dot ? ivec3(1) : op == 4 ? 255 - x2 : x2;\n"
    "    ivec3 q = (a * b + c * d) / 255;\n"
    "    ivec3 r = q ^ ((ua ^ ub) >> 31);\n"
    "    switch (op) {\n"
    "    case 0: return x0;\n"
    "    case 1:\n"
    "    case 4:\n"
    "    case 9: return q;\n"
    "    case 2: return sum;\n"
    "    case 3: return clamp(x0 + x1 - 128, 0, 255);\n"
    "    case 5: return max(x0 - x1, 0);\n"
    "    case 6:\n"
    "    case 7: return ivec3(clamp(r.r + r.g + r.b, 0, 255));\n"
    "    case 8: return min(q, 255);\n"
    "    default: return ivec3(0);\n"
    "    }\n"
    "}\n"
    "ivec4 uber_stage(int i, ivec4 prev, ivec4 buf) {\n"
    "    ivec4 rs = uc.rgb_src[i], as = uc.a_src[i], rm = uc.rgb_mod[i], am = uc.a_mod[i];\n"
    "    ivec3 cr = uber_combine3(rs.w, uber_color_operand(uber_source(rs.x, i, prev, buf), rm.x),\n"
    "                             uber_color_operand(uber_source(rs.y, i, prev, buf), rm.y),\n"
    "                             uber_color_operand(uber_source(rs.z, i, prev, buf), rm.z));\n"
    "    int ar = rs.w == 7 ? cr.r\n"
    "                       : uber_combine3(as.w, ivec3(uber_alpha_operand(uber_source(as.x, i, prev, buf), am.x)),\n"
    "                                       ivec3(uber_alpha_operand(uber_source(as.y, i, prev, buf), am.y)),\n"
    "                                       ivec3(uber_alpha_operand(uber_source(as.z, i, prev, buf), am.z))).x;\n"
    "    return ivec4(min(cr << rm.w, 255), min(ar << am.w, 255));\n"
    "}\n";

/* pica_fs.c write_texture_reads, the shadow helpers renamed onto their units */
static void write_textures(glsl_writer *w)
{
    glsl_text(w, "#define pica_tex0 pica_tex0_shadow\n");
    pica_fs_write_shadow_helpers(w, PICA_FS_TEX0_SHADOW_2D,
                                 "uc.tex.w != 0 ? pica_texcoord0 : pica_texcoord0 / pica_texcoord0_w", true);
    glsl_text(w, "#undef pica_tex0\n"
                 "#define pica_tex0 pica_tex0_shadow_cube\n");
    pica_fs_write_shadow_helpers(w, PICA_FS_TEX0_SHADOW_CUBE, NULL, false);
    glsl_text(w, "#undef pica_tex0\n"
                 "vec4 uber_proctex();\n"
                 /* pica_fs.c write_neg_repeat_read: every variant the axes name is
                  * sampled before the selection, as there */
                 "ivec4 uber_neg_repeat(sampler2D t, sampler2D t1, sampler2D t2, sampler2D t3, vec2 c, float bias, "
                 "int neg) {\n"
                 "    vec4 s = texture(t, c, bias);\n"
                 "    if (neg == 3) {\n"
                 "        vec4 s1 = texture(t1, c, bias);\n"
                 "        vec4 s2 = texture(t2, c, bias);\n"
                 "        vec4 s3 = texture(t3, c, bias);\n"
                 "        return pica_byte4(c.x < 0.5 ? (c.y < 0.5 ? s3 : s1) : (c.y < 0.5 ? s2 : s));\n"
                 "    }\n"
                 "    if (neg == 1) {\n"
                 "        vec4 s1 = texture(t1, c, bias);\n"
                 "        return pica_byte4(c.x < 0.5 ? s1 : s);\n"
                 "    }\n"
                 "    vec4 s2 = texture(t2, c, bias);\n"
                 "    return pica_byte4(c.y < 0.5 ? s2 : s);\n"
                 "}\n"
                 "void uber_textures() {\n"
                 "    int units = uc.tex.x, neg = uc.tex.x >> 4;\n"
                 "    s_tex0 = s_tex1 = s_tex2 = s_tex3 = ivec4(0);\n"
                 "    if ((units & 1) != 0 && (neg & 3) != 0) {\n"
                 "        /* 2D or projection (the normaliser keeps the bits for those only) */\n"
                 "        s_tex0 = uber_neg_repeat(pica_tex0, pica_tex0_v1, pica_tex0_v2, pica_tex0_v3, "
                 "uc.tex.y == 3 ? pica_texcoord0 / pica_texcoord0_w : pica_texcoord0, u.tex_lod_bias.x, neg & 3);\n"
                 "    } else if ((units & 1) != 0) {\n"
                 "        switch (uc.tex.y) {\n"
                 "        case 1: s_tex0 = pica_byte4(texture(pica_tex0_cube, vec3(pica_texcoord0, pica_texcoord0_w), "
                 "u.tex_lod_bias.x)); break;\n"
                 "        case 2: s_tex0 = pica_byte4(pica_shadow_2d()); break;\n"
                 "        case 3: s_tex0 = pica_byte4(textureProj(pica_tex0, vec3(pica_texcoord0, pica_texcoord0_w), "
                 "u.tex_lod_bias.x)); break;\n"
                 "        case 4: s_tex0 = pica_byte4(pica_shadow_cube()); break;\n"
                 "        default: s_tex0 = pica_byte4(texture(pica_tex0, pica_texcoord0, u.tex_lod_bias.x)); break;\n"
                 "        }\n"
                 "    }\n"
                 "    if ((units & 2) != 0 && ((neg >> 2) & 3) != 0)\n"
                 "        s_tex1 = uber_neg_repeat(pica_tex1, pica_tex1_v1, pica_tex1_v2, pica_tex1_v3, pica_texcoord1, "
                 "u.tex_lod_bias.y, (neg >> 2) & 3);\n"
                 "    else if ((units & 2) != 0)\n"
                 "        s_tex1 = pica_byte4(texture(pica_tex1, pica_texcoord1, u.tex_lod_bias.y));\n"
                 "    if ((units & 4) != 0 && ((neg >> 4) & 3) != 0)\n"
                 "        s_tex2 = uber_neg_repeat(pica_tex2, pica_tex2_v1, pica_tex2_v2, pica_tex2_v3, "
                 "uc.tex.z != 0 ? pica_texcoord1 : pica_texcoord2, u.tex_lod_bias.z, (neg >> 4) & 3);\n"
                 "    else if ((units & 4) != 0)\n"
                 "        s_tex2 = pica_byte4(texture(pica_tex2, uc.tex.z != 0 ? pica_texcoord1 : pica_texcoord2, "
                 "u.tex_lod_bias.z));\n"
                 "    if ((units & 8) != 0)\n"
                 "        s_tex3 = pica_byte4(uber_proctex());\n"
                 "}\n"
                 "ivec4 uber_unit(int i) {\n"
                 "    return i == 0 ? s_tex0 : i == 1 ? s_tex1 : i == 2 ? s_tex2 : s_tex3;\n"
                 "}\n");
}

/* pica_fs.c write_proctex, every key field read from uc.proctex */
static const char proctex_text[] =
    "float uber_pt_shift(int mode, int clampm, float v) {\n"
    "    float off = clampm == 3 ? 1.0 : 0.5;\n"
    "    if (mode == 1)\n"
    "        return off * float((pica_pt_int(v) / 2) % 2);\n"
    "    if (mode == 2)\n"
    "        return off * float(((pica_pt_int(v) + 1) / 2) % 2);\n"
    "    return 0.0;\n"
    "}\n"
    "float uber_pt_clamp(int mode, float x) {\n"
    "    switch (mode) {\n"
    "    case 0: return x > 1.0 ? 0.0 : x;\n"
    "    case 2: return fract(x);\n"
    "    case 3: return pica_pt_int(x) % 2 == 0 ? fract(x) : 1.0 - fract(x);\n"
    "    case 4: return x > 0.5 ? 1.0 : 0.0;\n"
    "    default: return min(x, 1.0);\n"
    "    }\n"
    "}\n"
    "float uber_pt_func(int f, float uu, float vv) {\n"
    "    switch (f) {\n"
    "    case 0: return uu;\n"
    "    case 1: return uu * uu;\n"
    "    case 2: return vv;\n"
    "    case 3: return vv * vv;\n"
    "    case 4: return (uu + vv) * 0.5;\n"
    "    case 5: return (uu * uu + vv * vv) * 0.5;\n"
    "    case 6: return min(sqrt(uu * uu + vv * vv), 1.0);\n"
    "    case 7: return min(uu, vv);\n"
    "    case 8: return max(uu, vv);\n"
    "    case 9: return min(((uu + vv) * 0.5 + sqrt(uu * uu + vv * vv)) * 0.5, 1.0);\n"
    "    default: return 0.0;\n"
    "    }\n"
    "}\n"
    "vec4 uber_pt_color(float x, int level) {\n"
    "    int width = clamp(u.proctex_lut.x, 0, 255) >> level;\n"
    "    int offset = level < 4 ? u.proctex_offset[level] : 256 - (16 >> (level - 4));\n"
    "    float pc = x * float(width - 1);\n"
    "    int f = uc.proctex[2].y;\n"
    "    if (f == 1 || f == 3 || f == 5) {\n"
    "        int i = clamp(int(pc) + offset, 0, 255);\n"
    "        uint e = texelFetch(pica_luts, 6656 + i).r;\n"
    "        int d = int(texelFetch(pica_luts, 6912 + i).r);\n"
    "        vec4 col = vec4(uvec4(e, e >> 8, e >> 16, e >> 24) & 255u) / 255.0;\n"
    "        vec4 dif = vec4(bitfieldExtract(d, 0, 8), bitfieldExtract(d, 8, 8), bitfieldExtract(d, 16, 8),\n"
    "                        bitfieldExtract(d, 24, 8)) * (2.0 / 255.0);\n"
    "        return col + fract(pc) * dif;\n"
    "    }\n"
    "    int i = clamp(int(floor(pc + float(offset) + 0.5)), 0, 255);\n"
    "    uint e = texelFetch(pica_luts, 6656 + i).r;\n"
    "    return vec4(uvec4(e, e >> 8, e >> 16, e >> 24) & 255u) / 255.0;\n"
    "}\n"
    "vec4 uber_proctex() {\n"
    "    ivec4 p0 = uc.proctex[0], p1 = uc.proctex[1], p2 = uc.proctex[2];\n"
    "    vec2 uv = abs(p0.x == 1 ? pica_texcoord1 : p0.x == 2 ? pica_texcoord2 : pica_texcoord0);\n"
    "    float lod = 0.0;\n"
    "    if (p2.y >= 2) {\n"
    "        vec2 duv = max(abs(dFdx(uv)), abs(dFdy(uv)));\n"
    "        lod = u.proctex_phase_bias.z == 0.0 ? 0.0 :\n"
    "            log2(max(abs(float(u.proctex_lut.x) * u.proctex_phase_bias.z) * (duv.x + duv.y), 1e-20));\n"
    "        lod = clamp(min(max(lod, max(0.0, float(u.proctex_lut.y))), min(7.0, float(u.proctex_lut.z))), 0.0, 7.0);\n"
    "    }\n"
    "    float us = uber_pt_shift(p1.w, p0.y, uv.y);\n"
    "    float vs = uber_pt_shift(p2.x, p0.z, uv.x);\n"
    "    if (p1.z != 0)\n"
    "        uv = abs(uv + u.proctex_noise.xy * pica_noise_coef(uv));\n"
    "    float uu = uber_pt_clamp(p0.y, uv.x + us);\n"
    "    float vv = uber_pt_clamp(p0.z, uv.y + vs);\n"
    "    float x = pica_pt_lut(6400, uber_pt_func(p0.w, uu, vv));\n"
    "    vec4 col;\n"
    "    if (p2.y == 2 || p2.y == 3) {\n"
    "        col = uber_pt_color(x, int(floor(lod + 0.5)));\n"
    "    } else if (p2.y == 4 || p2.y == 5) {\n"
    "        int li = int(lod);\n"
    "        col = mix(uber_pt_color(x, li), uber_pt_color(x, min(li + 1, 7)), lod - float(li));\n"
    "    } else {\n"
    "        col = uber_pt_color(x, 0);\n"
    "    }\n"
    "    if (p1.y != 0)\n"
    "        col.a = pica_pt_lut(6528, uber_pt_func(p1.x, uu, vv));\n"
    "    return col;\n"
    "}\n";
_Static_assert(PICA_FS_LUT_PROCTEX_RGB_MAP == 6400 && PICA_FS_LUT_PROCTEX_ALPHA_MAP == 6528 &&
                   PICA_FS_LUT_PROCTEX_COLOR == 6656 && PICA_FS_LUT_PROCTEX_DIFF == 6912,
               "LUT offsets are spelled out in the text");

/* pica_fs.c write_lighting, input_expr and lut_expr: one loop over the
 * slots with each slot's light and flags from the config. Drivers that
 * cannot skip a branch whose condition is uniform (llvmpipe: both sides
 * run under a mask) pay for every path, so alternatives share their
 * expensive steps (table reads) where the values stay the same. */
static const char lighting_text[] =
    "const float uber_lut_scales[8] = float[8](1.0, 2.0, 4.0, 8.0, 0.0, 0.0, 0.25, 0.5);\n"
    "float uber_lut(int i, int table, bool two_sided, vec3 n, vec3 v, vec3 l, vec3 hn, vec3 t, int id) {\n"
    "    ivec4 e = uc.lut[i];\n"
    "    float x;\n"
    "    switch (e.y) {\n"
    "    case 0: x = dot(n, hn); break;\n"
    "    case 1: x = dot(v, hn); break;\n"
    "    case 2: x = dot(n, v); break;\n"
    "    case 3: x = dot(l, n); break;\n"
    "    case 4: x = dot(l, u.light[id].spot_dir.xyz); break;\n"
    "    case 5: x = dot(hn - n * dot(n, hn), t); break;\n"
    "    default: x = 0.0; break;\n"
    "    }\n"
    /* pica_lut_s(table, x) or pica_lut_u(table, |x| or max(x, 0)), their
     * steps picked by selects so that one table read serves both */
    "    bool sgn = e.z == 0;\n"
    "    float xu = two_sided ? abs(x) : max(x, 0.0);\n"
    "    float s = sgn ? x * 128.0 : xu * 256.0;\n"
    "    float fi = sgn ? clamp(floor(s), -128.0, 127.0) : clamp(floor(s), 0.0, 255.0);\n"
    "    int index = sgn && fi < 0.0 ? int(fi) + 256 : int(fi);\n"
    "    return uber_lut_scales[e.w & 7] * pica_lut_entry(table, index, s - fi);\n"
    "}\n"
    "void uber_lighting() {\n"
    "    int fl = uc.light.w;\n"
    "    bool spec_used = (fl & 1) != 0;\n"
    "    vec3 surf_n = vec3(0.0, 0.0, 1.0);\n"
    "    vec3 surf_t = vec3(1.0, 0.0, 0.0);\n"
    "    int bump = uc.light.z & 3;\n"
    "    if (bump != 0) {\n"
    "        vec3 perturb = vec3(uber_unit((uc.light.z >> 2) & 3).rgb) * (2.0 / 255.0) - 1.0;\n"
    "        if (bump == 1) {\n"
    "            if ((uc.light.z & 16) != 0)\n"
    "                perturb.z = sqrt(max(1.0 - dot(perturb.xy, perturb.xy), 0.0));\n"
    "            surf_n = perturb;\n"
    "        } else {\n"
    "            surf_t = perturb;\n"
    "        }\n"
    "    }\n";
static const char lighting_slots_text[] =
    "    vec4 shadow = vec4(1.0);\n"
    "    if ((fl & 16) != 0) {\n"
    "        shadow = vec4(uber_unit((fl >> 16) & 3)) / 255.0;\n"
    "        if ((fl & 128) != 0)\n"
    "            shadow = 1.0 - shadow;\n"
    "    }\n"
    "    int nl = uc.light.y;\n"
    "    for (int slot = 0; slot < 8; slot++) {\n"
    "        if (slot >= nl)\n"
    "            break;\n"
    "        int id = uc.slot[slot].x, lf = uc.slot[slot].y;\n"
    "        bool two = (lf & 2) != 0;\n"
    "        vec3 l = (lf & 1) != 0 ? u.light[id].position.xyz : u.light[id].position.xyz + pica_view;\n"
    "        float dist = length(l);\n"
    "        l = normalize(l);\n"
    "        vec3 h = v + l;\n"
    "        vec3 hn = normalize(h);\n"
    "        float ln = two ? abs(dot(l, n)) : max(dot(l, n), 0.0);\n"
    "        float da = 1.0;\n"
    "        if ((lf & 32) != 0)\n"
    "            da = pica_lut_u(16 + id, clamp(u.light[id].atten.y * dist + u.light[id].atten.x, 0.0, 1.0));\n"
    "        float sp = 1.0;\n"
    "        if ((lf & 16) != 0)\n"
    "            sp = uber_lut(2, 8 + id, two, n, v, l, hn, t, id);\n"
    "        vec3 s0 = vec3(0.0), s1 = vec3(0.0);\n"
    "        if (spec_used) {\n"
    "            s0 = u.light[id].specular0.rgb;\n"
    "            if (uc.lut[0].x != 0)\n"
    "                s0 = uber_lut(0, 0, two, n, v, l, hn, t, id) * u.light[id].specular0.rgb;\n"
    "            vec3 refl = vec3(1.0);\n"
    "            if (uc.lut[6].x != 0)\n"
    "                refl = vec3(uber_lut(6, 6, two, n, v, l, hn, t, id));\n"
    "            if (uc.lut[5].x != 0)\n"
    "                refl.g = uber_lut(5, 5, two, n, v, l, hn, t, id);\n"
    "            if (uc.lut[4].x != 0)\n"
    "                refl.b = uber_lut(4, 4, two, n, v, l, hn, t, id);\n"
    "            s1 = refl * u.light[id].specular1.rgb;\n"
    "            if (uc.lut[1].x != 0)\n"
    "                s1 = uber_lut(1, 1, two, n, v, l, hn, t, id) * refl * u.light[id].specular1.rgb;\n"
    "            if ((lf & 12) != 0) {\n"
    "                float hh = dot(h, h);\n"
    "                float geo = hh == 0.0 ? 0.0 : min(ln / hh, 1.0);\n"
    "                if ((lf & 4) != 0)\n"
    "                    s0 *= geo;\n"
    "                if ((lf & 8) != 0)\n"
    "                    s1 *= geo;\n"
    "            }\n"
    "        }\n"
    "        if (slot + 1 == nl && uc.lut[3].x != 0) {\n"
    "            float fr = uber_lut(3, 3, two, n, v, l, hn, t, id);\n"
    "            if ((fl & 4) != 0)\n"
    "                pa = fr;\n"
    "            if ((fl & 8) != 0)\n"
    "                sa = fr;\n"
    "        }\n"
    "        bool sh = (lf & 64) != 0;\n"
    "        if (sh && (fl & 32) != 0)\n"
    "            diff += (u.light[id].diffuse.rgb * ln * shadow.rgb + u.light[id].ambient.rgb) * da * sp;\n"
    "        else\n"
    "            diff += (u.light[id].diffuse.rgb * ln + u.light[id].ambient.rgb) * da * sp;\n"
    "        if (spec_used) {\n"
    "            vec3 x = s0 + s1;\n"
    "            if ((fl & 2) != 0)\n"
    "                x = x * (ln == 0.0 ? 0.0 : 1.0);\n"
    "            x = x * da * sp;\n"
    "            if (sh && (fl & 64) != 0)\n"
    "                x = x * shadow.rgb;\n"
    "            spec += x;\n"
    "        }\n"
    "    }\n"
    "    if ((fl & 256) != 0) {\n"
    "        if ((fl & 4) != 0)\n"
    "            pa *= shadow.a;\n"
    "        if ((fl & 8) != 0)\n"
    "            sa *= shadow.a;\n"
    "    }\n"
    "    s_frag0 = pica_byte4(vec4(diff + u.light_ambient.rgb, pa));\n"
    "    s_frag1 = pica_byte4(vec4(spec, sa));\n"
    "}\n";
_Static_assert(PICA_FS_LIGHT_DIRECTIONAL == 1 && PICA_FS_LIGHT_TWO_SIDED == 2 && PICA_FS_LIGHT_GEO0 == 4 &&
                   PICA_FS_LIGHT_GEO1 == 8 && PICA_FS_LIGHT_SPOT == 16 && PICA_FS_LIGHT_DIST_ATTEN == 32 &&
                   PICA_FS_LIGHT_SHADOW == 64,
               "light flags are spelled out in the text");
_Static_assert(PICA_FS_UBER_LIGHT_SPECULAR == 1 && PICA_FS_UBER_LIGHT_CLAMP == 2 &&
                   PICA_FS_UBER_LIGHT_FRESNEL_PRIMARY == 4 && PICA_FS_UBER_LIGHT_FRESNEL_SECONDARY == 8 &&
                   PICA_FS_UBER_LIGHT_SHADOW == 16 && PICA_FS_UBER_LIGHT_SHADOW_PRIMARY == 32 &&
                   PICA_FS_UBER_LIGHT_SHADOW_SECONDARY == 64 && PICA_FS_UBER_LIGHT_SHADOW_INVERT == 128 &&
                   PICA_FS_UBER_LIGHT_SHADOW_ALPHA == 256,
               "ubershader light flags are spelled out in the text");

/* pica_fs.c blend_factor_expr and write_blend on run-time factor codes */
static const char blend_text[] =
    "ivec3 uber_factor3(int f, ivec4 bs, ivec4 bd) {\n"
    "    switch (f) {\n"
    "    case 0: return ivec3(0);\n"
    "    case 1: return ivec3(255);\n"
    "    case 2: return bs.rgb;\n"
    "    case 3: return 255 - bs.rgb;\n"
    "    case 4: return bd.rgb;\n"
    "    case 5: return 255 - bd.rgb;\n"
    "    case 6: return ivec3(bs.a);\n"
    "    case 7: return ivec3(255 - bs.a);\n"
    "    case 8: return ivec3(bd.a);\n"
    "    case 9: return ivec3(255 - bd.a);\n"
    "    case 10: return u.blend_color.rgb;\n"
    "    case 11: return 255 - u.blend_color.rgb;\n"
    "    case 12: return ivec3(u.blend_color.a);\n"
    "    case 13: return ivec3(255 - u.blend_color.a);\n"
    "    default: return ivec3(min(bs.a, 255 - bd.a));\n"
    "    }\n"
    "}\n"
    "int uber_factor1(int f, ivec4 bs, ivec4 bd) {\n"
    "    switch (f) {\n"
    "    case 0: return 0;\n"
    "    case 1: return 255;\n"
    "    case 2:\n"
    "    case 6: return bs.a;\n"
    "    case 3:\n"
    "    case 7: return 255 - bs.a;\n"
    "    case 4:\n"
    "    case 8: return bd.a;\n"
    "    case 5:\n"
    "    case 9: return 255 - bd.a;\n"
    "    case 10:\n"
    "    case 12: return u.blend_color.a;\n"
    "    case 11:\n"
    "    case 13: return 255 - u.blend_color.a;\n"
    "    default: return 255;\n"
    "    }\n"
    "}\n";

static const char main_text[] =
    "void main() {\n"
    "    uber_inputs();\n"
    "    s_primary = pica_byte4(pica_color);\n"
    "    s_frag0 = s_frag1 = ivec4(0);\n"
    "    float depth;\n"
    "    if ((uc.frag.z & 4) != 0)\n"
    "        depth = clamp(((gl_FragCoord.z - 1.0) * u.depth_map.x + u.depth_map.y) / gl_FragCoord.w, 0.0, 1.0);\n"
    "    else\n"
    "        depth = clamp(((gl_FragCoord.z - 1.0) * u.depth_map.x + u.depth_map.y), 0.0, 1.0);\n"
    "    uber_textures();\n"
    "    if (uc.light.x != 0)\n"
    "        uber_lighting();\n"
    "    ivec4 prev = ivec4(0);\n"
    "    ivec4 buf = ivec4(0);\n"
    "    ivec4 next_buf = u.tev_buffer_init;\n"
    "    int upd = uc.frag.x;\n"
    "    int stages = (uc.frag.z >> 8) & 7;\n"
    "    for (int i = 0; i < stages; i++) {\n"
    "        prev = uber_stage(i, prev, buf);\n"
    "        buf = next_buf;\n"
    "        if (i < 4 && ((upd >> i) & 1) != 0)\n"
    "            next_buf.rgb = prev.rgb;\n"
    "        if (i < 4 && ((upd >> (4 + i)) & 1) != 0)\n"
    "            next_buf.a = prev.a;\n"
    "    }\n"
    "    int ref = u.fog_color.w;\n"
    "    bool pass;\n"
    "    switch (uc.frag.y) {\n"
    "    case 0: pass = false; break;\n"
    "    case 2: pass = prev.a == ref; break;\n"
    "    case 3: pass = prev.a != ref; break;\n"
    "    case 4: pass = prev.a < ref; break;\n"
    "    case 5: pass = prev.a <= ref; break;\n"
    "    case 6: pass = prev.a > ref; break;\n"
    "    case 7: pass = prev.a >= ref; break;\n"
    "    default: pass = true; break;\n"
    "    }\n"
    "    if (!pass)\n"
    "        discard;\n"
    "    if ((uc.frag.z & 1) != 0) {\n";


static const char main_blend_tail_text[] =
    "        int f = uc.blend.z;\n"
    "        if (uc.blend.x != 0) {\n"
    "            ivec3 sf = uber_factor3(f & 15, bs, bd), df = uber_factor3((f >> 4) & 15, bs, bd);\n"
    "            prev.rgb = (uc.blend.x == 1 ? min(bs.rgb * sf, bd.rgb * df) : max(bs.rgb * sf, bd.rgb * df)) / 255;\n"
    "        }\n"
    "        if (uc.blend.y != 0) {\n"
    "            int sf = uber_factor1((f >> 8) & 15, bs, bd), df = uber_factor1((f >> 12) & 15, bs, bd);\n"
    "            prev.a = (uc.blend.y == 1 ? min(bs.a * sf, bd.a * df) : max(bs.a * sf, bd.a * df)) / 255;\n"
    "        }\n";

/* pica_fs.c pica_fs_write_logic on the run-time code (ES hosts only) */
static const char main_logic_text[] =
    "        if (uc.blend.w != 0) {\n"
    "            ivec4 ls = prev, ld = bd;\n"
    "            switch (uc.blend.w - 1) {\n"
    "            case 0: prev = ivec4(0); break;\n"
    "            case 1: prev = ls & ld; break;\n"
    "            case 2: prev = ls & ~ld; break;\n"
    "            case 4: prev = ivec4(255); break;\n"
    "            case 5: prev = ~ls; break;\n"
    "            case 6: prev = ld; break;\n"
    "            case 7: prev = ~ld; break;\n"
    "            case 8: prev = ~(ls & ld); break;\n"
    "            case 9: prev = ls | ld; break;\n"
    "            case 10: prev = ~(ls | ld); break;\n"
    "            case 11: prev = ls ^ ld; break;\n"
    "            case 12: prev = ~(ls ^ ld); break;\n"
    "            case 13: prev = ~ls & ld; break;\n"
    "            case 14: prev = ls | ~ld; break;\n"
    "            case 15: prev = ~ls | ld; break;\n"
    "            default: break;\n"
    "            }\n"
    "            prev &= 255;\n"
    "        }\n";

bool pica_fs_uber_generate(const pica_fs_host *host, glhle_bytebuf *out)
{
    glsl_writer w;
    glsl_writer_init(&w, out);
    const bool fetch = host && host->framebuffer_fetch;
    header(&w, host, true);
    glsl_text(&w, "/* glhle PICA fragment ubershader */\n");
    glsl_text(&w, pica_fs_text(PICA_FS_TEXT_INTERFACE));
    glsl_text(&w, config_text);
    glsl_line(&w, "layout(location = 0) %s vec4 pica_frag_color;", fetch ? "inout" : "out");
    if (!fetch)
        glsl_text(&w, "layout(binding = 4) uniform sampler2D pica_dest;\n");
    glsl_text(&w, samplers_text);
    glsl_text(&w, inputs_text);
    glsl_text(&w, pica_fs_text(PICA_FS_TEXT_BYTE));
    glsl_text(&w, pica_fs_text(PICA_FS_TEXT_LIGHTING));
    glsl_text(&w, pica_fs_text(PICA_FS_TEXT_PROCTEX_LUT));
    glsl_text(&w, pica_fs_text(PICA_FS_TEXT_PROCTEX_NOISE));
    pica_fs_write_noise_coef(&w);
    glsl_text(&w, pica_fs_text(PICA_FS_TEXT_SHADOW_RENDER));
    glsl_text(&w, tev_text);
    write_textures(&w);
    glsl_text(&w, proctex_text);
    glsl_text(&w, lighting_text);
    glsl_text(&w, pica_fs_text(PICA_FS_TEXT_LIGHTING_FRAME));
    glsl_text(&w, lighting_slots_text);
    glsl_text(&w, blend_text);
    glsl_text(&w, main_text);
    w.indent = 2;
    pica_fs_write_fog(&w, "(uc.frag.z & 2) != 0");
    w.indent = 0;
    const bool gles = host && host->gles;
    glsl_text(&w, "    }\n");
    glsl_line(&w, "    if (uc.blend.x != 0 || uc.blend.y != 0%s) {", gles ? " || uc.blend.w != 0" : "");
    glsl_text(&w, "        ivec4 bs = prev;\n");
    glsl_line(&w, "        ivec4 bd = ivec4(round(clamp(%s, 0.0, 1.0) * 255.0));",
              fetch ? "pica_frag_color" : "texelFetch(pica_dest, ivec2(gl_FragCoord.xy), 0)");
    glsl_text(&w, main_blend_tail_text);
    if (gles)
        glsl_text(&w, main_logic_text);
    glsl_text(&w, "    }\n"
                  "    if ((uc.frag.z & 8) != 0) {\n");
    w.indent = 2;
    pica_fs_write_shadow_update(&w);
    w.indent = 0;
    glsl_text(&w, "    }\n"
                  "    gl_FragDepth = depth;\n"
                  "    pica_frag_color = vec4(prev) / 255.0;\n"
                  "}\n");
    return glsl_writer_ok(&w);
}
