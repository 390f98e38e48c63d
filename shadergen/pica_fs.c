/* PICA200 fragment pipeline -> GLSL. Reads only its key and host config.
 *
 * The TEV runs on integers 0..255 exactly as the hardware's 8-bit combiners
 * do, so a TEV-only shader matches the CPU model bit for bit; lighting,
 * proctex and the fog factor run in float like every emulator's GPU path
 * and are quantised to bytes where the hardware hands a byte on. Which
 * emulator's rule each formula follows is said next to it; pica_fs_key.h
 * lists the reserved-value rules. */
#include "shadergen/pica_fs.h"

#include <stdio.h>
#include <string.h>

#include "shadergen/glsl_writer.h"
#include "shadergen/pica_fs_parts.h"

typedef struct gen {
    glsl_writer w;
    const pica_fs_key *k;
    bool gles;
    bool fetch;        /* host framebuffer fetch */
    bool blend;        /* the key blends in the shader */
    bool logic;        /* the key's logic op, applied here (hosts without glLogicOp) */
    bool dest;         /* blend or logic: the shader reads the destination */
    unsigned src_used; /* bit s: some TEV stage reads source s */
} gen;

/* ---- fixed text ---- */

static const char interface_text[] =
    "in vec4 pica_color;\n"
    "in vec2 pica_texcoord0;\n"
    "in vec2 pica_texcoord1;\n"
    "in vec2 pica_texcoord2;\n"
    "in float pica_texcoord0_w;\n"
    "in vec4 pica_normquat;\n"
    "in vec3 pica_view;\n"
    "struct PicaLight {\n"
    "    vec4 specular0;\n"
    "    vec4 specular1;\n"
    "    vec4 diffuse;\n"
    "    vec4 ambient;\n"
    "    vec4 position;\n"
    "    vec4 spot_dir;\n"
    "    vec4 atten;\n"
    "};\n"
    "layout(std140, binding = 0) uniform PicaFsUniforms {\n"
    "    ivec4 tev_const[6];\n"
    "    ivec4 tev_buffer_init;\n"
    "    ivec4 fog_color;\n"
    "    vec4 depth_map;\n"
    "    vec4 tex_lod_bias;\n"
    "    ivec4 shadow_bias;\n"
    "    vec4 light_ambient;\n"
    "    PicaLight light[8];\n"
    "    vec4 proctex_noise;\n"
    "    vec4 proctex_phase_bias;\n"
    "    ivec4 proctex_lut;\n"
    "    ivec4 proctex_offset;\n"
    "    ivec4 blend_color;\n"
    "    vec4 shadow_render;\n"
    "    ivec4 gas_light_xy;\n"
    "    ivec4 gas_light_z;\n"
    "    ivec4 gas_params;\n"
    "    ivec4 gas_lut[8];\n"
    "} u;\n";
_Static_assert(PICA_FS_UBO_BINDING == 0 && PICA_FS_LUT_BINDING == 3 && PICA_FS_DEST_BINDING == 4,
               "bindings are spelled out in the text");

/* Every attribute (locations as pica_fs.h lists them) and every output
 * of the interface. */
static const char vs_interface_text[] = "layout(location = 0) in vec4 a_position;\n"
                                        "layout(location = 1) in vec4 a_color;\n"
                                        "layout(location = 2) in vec2 a_texcoord0;\n"
                                        "layout(location = 3) in vec2 a_texcoord1;\n"
                                        "layout(location = 4) in vec2 a_texcoord2;\n"
                                        "layout(location = 5) in float a_texcoord0_w;\n"
                                        "layout(location = 6) in vec4 a_normquat;\n"
                                        "layout(location = 7) in vec3 a_view;\n"
                                        "out vec4 pica_color;\n"
                                        "out vec2 pica_texcoord0;\n"
                                        "out vec2 pica_texcoord1;\n"
                                        "out vec2 pica_texcoord2;\n"
                                        "out float pica_texcoord0_w;\n"
                                        "out vec4 pica_normquat;\n"
                                        "out vec3 pica_view;\n";
/* main()'s copies of the attributes but colour and position */
static const char vs_copy_text[] = "    pica_texcoord0 = a_texcoord0;\n"
                                   "    pica_texcoord1 = a_texcoord1;\n"
                                   "    pica_texcoord2 = a_texcoord2;\n"
                                   "    pica_texcoord0_w = a_texcoord0_w;\n"
                                   "    pica_normquat = a_normquat;\n"
                                   "    pica_view = a_view;\n";

/* Bytes are rounded half up, the same rule pica_ref.c uses. */
static const char byte_helper_text[] =
    "ivec4 pica_byte4(vec4 v) {\n"
    "    return ivec4(floor(clamp(v, 0.0, 1.0) * 255.0 + 0.5));\n"
    "}\n";

/* Dot3 as the console computes it (pica_ref.c dot3_term says how it was
 * found): magnitudes of 2x - 255 with negative ones in ones' complement
 * (v ^ (v >> 31)), their product rounded to a byte, and the ones'
 * complement of that byte when the signs differ (r ^ -1). */
static const char dot3_text[] =
    "int pica_dot3(ivec3 a, ivec3 b) {\n"
    "    ivec3 ua = 2 * a - 255, ub = 2 * b - 255;\n"
    "    ivec3 r = ((ua ^ (ua >> 31)) * (ub ^ (ub >> 31)) + 127) / 255;\n"
    "    ivec3 q = r ^ ((ua ^ ub) >> 31);\n"
    "    return clamp(q.r + q.g + q.b, 0, 255);\n"
    "}\n";

/* Lighting LUT entry (pica_fs_uniforms.h): value/4095 plus signed
 * |delta|/2047 times the fraction; unsigned inputs index floor(x * 256)
 * clamped to 0..255, signed inputs floor(x * 128) in -128..127 wrapped into
 * the table (3dbrew GPU/Internal_Registers, GPUREG_LIGHTING_LUT_DATAi;
 * Azahar LookupLightingLUTUnsigned/Signed). */
static const char lighting_helpers_text[] =
    "vec3 pica_qrot(vec4 q, vec3 v) {\n"
    "    return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);\n"
    "}\n"
    "float pica_lut_entry(int table, int index, float frac) {\n"
    "    uint e = texelFetch(pica_luts, table * 256 + index).r;\n"
    "    float d = float((e >> 12) & 0x7FFu) / 2047.0;\n"
    "    return float(e & 0xFFFu) / 4095.0 + ((e & 0x800000u) != 0u ? -d : d) * frac;\n"
    "}\n"
    "float pica_lut_u(int table, float x) {\n"
    "    float s = x * 256.0;\n"
    "    float i = clamp(floor(s), 0.0, 255.0);\n"
    "    return pica_lut_entry(table, int(i), s - i);\n"
    "}\n"
    "float pica_lut_s(int table, float x) {\n"
    "    float s = x * 128.0;\n"
    "    float i = clamp(floor(s), -128.0, 127.0);\n"
    "    return pica_lut_entry(table, i < 0.0 ? int(i) + 256 : int(i), s - i);\n"
    "}\n";

/* The surface frame from the normal quaternion and the sums the lights add
 * to (statements of main()). */
static const char lighting_frame_text[] = "    vec4 q = normalize(pica_normquat);\n"
                                          "    vec3 n = pica_qrot(q, surf_n);\n"
                                          "    vec3 t = pica_qrot(q, surf_t);\n"
                                          "    vec3 v = normalize(pica_view);\n"
                                          "    vec3 diff = vec3(0.0);\n"
                                          "    vec3 spec = vec3(0.0);\n"
                                          "    float pa = 1.0;\n"
                                          "    float sa = 1.0;\n";

/* Proctex value tables (noise, RGB map, alpha map): 128 entries over [0, 1],
 * coord 1.0 reads entry 127 plus its whole delta (Azahar ProcTexLookupLUT). */
static const char proctex_lut_text[] =
    "float pica_pt_lut(int base, float x) {\n"
    "    float s = x * 128.0;\n"
    "    float i = clamp(floor(s), 0.0, 127.0);\n"
    "    uint e = texelFetch(pica_luts, base + int(i)).r;\n"
    "    float d = float(bitfieldExtract(int(e), 12, 12)) / 4095.0;\n"
    "    return clamp(float(e & 0xFFFu) / 4095.0 + d * (s - i), 0.0, 1.0);\n"
    "}\n"
    "int pica_pt_int(float x) {\n"
    "    return int(min(x, 16777216.0));\n"
    "}\n";

/* The noise generator's integer hash and its tables, which Azahar's
 * software rasterizer states were checked against hardware output
 * (sw_proctex.cpp NoiseRand1D/NoiseRand2D). */
static const char proctex_noise_text[] =
    "int pica_noise1(int v) {\n"
    "    const int t[16] = int[16](0, 4, 10, 8, 4, 9, 7, 12, 5, 15, 13, 14, 11, 15, 2, 11);\n"
    "    return (((v % 9 + 2) * 3) & 15) ^ t[(v / 9) & 15];\n"
    "}\n"
    "float pica_noise2(int x, int y) {\n"
    "    const int t[16] = int[16](10, 2, 15, 8, 0, 7, 4, 5, 5, 13, 2, 6, 13, 9, 3, 14);\n"
    "    int a = pica_noise1(x);\n"
    "    int b = pica_noise1(y);\n"
    "    b += (a & 3) == 1 ? 4 : 0;\n"
    "    b ^= (a & 1) * 6;\n"
    "    b = ((b + 10 + a) & 15) ^ t[a];\n"
    "    return -1.0 + float(b) * (2.0 / 15.0);\n"
    "}\n";

static void text(gen *g, const char *t)
{
    glsl_text(&g->w, t);
}

/* ---- TEV ---- */

static void source_name(const gen *g, unsigned stage, unsigned s, char *buf, size_t n)
{
    switch (s) {
    case PICA_FS_TEV_SRC_PRIMARY: glsl_format(buf, n, "s_primary"); break;
    case PICA_FS_TEV_SRC_FRAG_PRIMARY: glsl_format(buf, n, "s_frag0"); break;
    case PICA_FS_TEV_SRC_FRAG_SECONDARY: glsl_format(buf, n, "s_frag1"); break;
    case PICA_FS_TEV_SRC_TEX0: case PICA_FS_TEV_SRC_TEX1: case PICA_FS_TEV_SRC_TEX2: case PICA_FS_TEV_SRC_TEX3:
        glsl_format(buf, n, "s_tex%u", s - PICA_FS_TEV_SRC_TEX0);
        break;
    case PICA_FS_TEV_SRC_PREV_BUFFER: glsl_format(buf, n, "buf"); break;
    case PICA_FS_TEV_SRC_CONSTANT: glsl_format(buf, n, "u.tev_const[%u]", stage); break;
    case PICA_FS_TEV_SRC_PREVIOUS: glsl_format(buf, n, "prev"); break;
    default: glsl_format(buf, n, "ivec4(0)"); break;
    }
    (void)g;
}

static void color_operand(const gen *g, unsigned stage, unsigned src, unsigned mod, char *buf, size_t n)
{
    char s[32];
    source_name(g, stage, src, s, sizeof s);
    static const char *swz[16] = {"rgb", "rgb", "aaa", "aaa", "rrr", "rrr", 0, 0, "ggg", "ggg", 0, 0, "bbb", "bbb", 0, 0};
    if (mod == PICA_FS_TEV_CMOD_ZERO || !swz[mod & 15])
        glsl_format(buf, n, "ivec3(0)");
    else if (mod & 1)
        glsl_format(buf, n, "(255 - %s.%s)", s, swz[mod & 15]);
    else
        glsl_format(buf, n, "%s.%s", s, swz[mod & 15]);
}

static void alpha_operand(const gen *g, unsigned stage, unsigned src, unsigned mod, char *buf, size_t n)
{
    char s[32];
    source_name(g, stage, src, s, sizeof s);
    static const char swz[4] = {'a', 'r', 'g', 'b'};
    if (mod & 1)
        glsl_format(buf, n, "(255 - %s.%c)", s, swz[(mod >> 1) & 3]);
    else
        glsl_format(buf, n, "%s.%c", s, swz[(mod >> 1) & 3]);
}

/* The byte arithmetic of Azahar's software rasterizer (sw_texturing.cpp
 * ColorCombine/AlphaCombine): products divided by 255 with truncation,
 * saturating adds, add-signed around 128. */
static void combine_expr(unsigned op, const char *x0, const char *x1, const char *x2, bool vec, char *buf, size_t n)
{
    switch (op) {
    case PICA_FS_TEV_OP_REPLACE: glsl_format(buf, n, "%s", x0); break;
    case PICA_FS_TEV_OP_MODULATE: glsl_format(buf, n, "(%s * %s) / 255", x0, x1); break;
    case PICA_FS_TEV_OP_ADD: glsl_format(buf, n, "min(%s + %s, 255)", x0, x1); break;
    case PICA_FS_TEV_OP_ADD_SIGNED: glsl_format(buf, n, "clamp(%s + %s - 128, 0, 255)", x0, x1); break;
    case PICA_FS_TEV_OP_INTERPOLATE: glsl_format(buf, n, "(%s * %s + %s * (255 - %s)) / 255", x0, x2, x1, x2); break;
    case PICA_FS_TEV_OP_SUBTRACT: glsl_format(buf, n, "max(%s - %s, 0)", x0, x1); break;
    case PICA_FS_TEV_OP_DOT3_RGB:
    case PICA_FS_TEV_OP_DOT3_RGBA: glsl_format(buf, n, "ivec3(pica_dot3(%s, %s))", x0, x1); break;
    case PICA_FS_TEV_OP_MULTIPLY_ADD: glsl_format(buf, n, "min((%s * %s + 255 * %s) / 255, 255)", x0, x1, x2); break;
    case PICA_FS_TEV_OP_ADD_MULTIPLY: glsl_format(buf, n, "(min(%s + %s, 255) * %s) / 255", x0, x1, x2); break;
    default: glsl_format(buf, n, vec ? "ivec3(0)" : "0"); break;
    }
}

/* The normaliser's form of a stage whose result nobody reads, and the
 * usual "replace previous" stage: both leave prev as it is (stage 0's
 * version passes the zero prev starts with). */
static bool is_passthrough(const pica_fs_tev_stage *st, unsigned i)
{
    unsigned s = i ? PICA_FS_TEV_SRC_PREVIOUS : PICA_FS_TEV_SRC_ZERO;
    return st->rgb_op == PICA_FS_TEV_OP_REPLACE && st->rgb_src[0] == s && st->rgb_mod[0] == PICA_FS_TEV_CMOD_RGB &&
           st->rgb_scale == 0 && st->a_op == PICA_FS_TEV_OP_REPLACE && st->a_src[0] == s &&
           st->a_mod[0] == PICA_FS_TEV_AMOD_A && st->a_scale == 0;
}

static void write_stage(gen *g, unsigned i)
{
    const pica_fs_tev_stage *st = &g->k->tev[i];
    glsl_writer *w = &g->w;
    if (is_passthrough(st, i)) {
        glsl_line(w, "/* stage %u: pass-through */", i);
        return;
    }
    char x[3][64], e[320];
    glsl_open(w, "/* stage %u */", i);
    unsigned cn = pica_fs_tev_op_args(st->rgb_op);
    for (unsigned j = 0; j < 3; j++)
        if (j < cn) {
            color_operand(g, i, st->rgb_src[j], st->rgb_mod[j], e, sizeof e);
            glsl_line(w, "ivec3 c%u = %s;", j, e);
        }
    for (unsigned j = 0; j < 3; j++)
        glsl_format(x[j], sizeof x[j], "c%u", j);
    combine_expr(st->rgb_op, x[0], x[1], x[2], true, e, sizeof e);
    glsl_line(w, "ivec3 cr = %s;", e);
    if (st->rgb_op == PICA_FS_TEV_OP_DOT3_RGBA) {
        /* the dot product also becomes the alpha (Azahar, citra PR #2671,
         * checked on hardware), before the alpha scale */
        glsl_line(w, "int ar = cr.r;");
    } else {
        unsigned an = pica_fs_tev_op_args(st->a_op);
        for (unsigned j = 0; j < an; j++) {
            alpha_operand(g, i, st->a_src[j], st->a_mod[j], e, sizeof e);
            glsl_line(w, "int a%u = %s;", j, e);
        }
        for (unsigned j = 0; j < 3; j++)
            glsl_format(x[j], sizeof x[j], "a%u", j);
        combine_expr(st->a_op, x[0], x[1], x[2], false, e, sizeof e);
        glsl_line(w, "int ar = %s;", e);
    }
    /* scales x2, x4 saturate at 255 (Azahar: min(255, result * multiplier)) */
    char cs[48], as[48];
    glsl_format(cs, sizeof cs, st->rgb_scale ? "min(cr << %u, 255)" : "cr", st->rgb_scale);
    glsl_format(as, sizeof as, st->a_scale ? "min(ar << %u, 255)" : "ar", st->a_scale);
    glsl_line(w, "prev = ivec4(%s, %s);", cs, as);
    glsl_close(w, "");
}

/* ---- texture units ---- */

void pica_fs_write_shadow_helpers(glsl_writer *w, unsigned tex0_type, const char *uv, bool common)
{
    /* Shadow texels: depth24 << 8 | stencil8; a texel lit when its depth is
     * beyond z gives stencil/255, else 0; the four around the sample point
     * are blended bilinearly (Azahar's GL path: CompareShadow, mix2). The
     * reference z is |w| clamped to 1 as 24 bits, minus the register bias. */
    if (common)
        glsl_text(w, "float pica_shadow_cmp(uint p, uint z) {\n"
                     "    return (p >> 8) <= z ? 0.0 : float(p & 255u) / 255.0;\n"
                     "}\n"
                     "uint pica_shadow_z(float w) {\n"
                     "    return uint(max(0, int(min(abs(w), 1.0) * 16777215.0) - clamp(u.shadow_bias.x, 0, 16777215)));\n"
                     "}\n");
    if (tex0_type == PICA_FS_TEX0_SHADOW_2D) {
        /* outside the map counts as lit (Azahar SampleShadow2D returns 1.0) */
        glsl_text(w, "float pica_shadow_texel(ivec2 c, ivec2 size, uint z) {\n"
                     "    if (any(lessThan(c, ivec2(0))) || any(greaterThanEqual(c, size)))\n"
                     "        return 1.0;\n"
                     "    return pica_shadow_cmp(texelFetch(pica_tex0, c, 0).r, z);\n"
                     "}\n"
                     "vec4 pica_shadow_2d() {\n");
        glsl_line(w, "    vec2 uv = %s;", uv);
        glsl_text(w, "    ivec2 size = textureSize(pica_tex0, 0);\n"
                     "    uint z = pica_shadow_z(pica_texcoord0_w);\n"
                     "    vec2 c = clamp(vec2(size) * uv - 0.5, vec2(-1.0), vec2(size));\n");
    } else {
        /* Face choice and orientation as in Azahar's shadowTextureCube. */
        glsl_text(w, "vec4 pica_shadow_cube() {\n"
                     "    vec3 c3 = vec3(pica_texcoord0, pica_texcoord0_w);\n"
                     "    vec3 a = abs(c3);\n"
                     "    vec2 uv;\n"
                     "    float w;\n"
                     "    int face;\n"
                     "    if (a.x > a.y && a.x > a.z) {\n"
                     "        w = a.x; uv = -c3.zy; if (c3.x < 0.0) uv.x = -uv.x; face = c3.x > 0.0 ? 0 : 1;\n"
                     "    } else if (a.y > a.z) {\n"
                     "        w = a.y; uv = c3.xz; if (c3.y < 0.0) uv.y = -uv.y; face = c3.y > 0.0 ? 2 : 3;\n"
                     "    } else {\n"
                     "        w = a.z; uv = -c3.xy; if (c3.z > 0.0) uv.x = -uv.x; face = c3.z > 0.0 ? 4 : 5;\n"
                     "    }\n"
                     "    ivec2 size = textureSize(pica_tex0, 0).xy;\n"
                     "    uint z = pica_shadow_z(w);\n"
                     "    vec2 c = clamp(vec2(size) * (uv / w * 0.5 + 0.5) - 0.5, vec2(-1.0), vec2(size));\n");
    }
    glsl_text(w, "    vec2 cf = floor(c);\n"
                 "    vec2 f = c - cf;\n"
                 "    ivec2 i = ivec2(cf);\n");
    if (tex0_type == PICA_FS_TEX0_SHADOW_2D) {
        glsl_text(w, "    float s00 = pica_shadow_texel(i, size, z);\n"
                     "    float s10 = pica_shadow_texel(i + ivec2(1, 0), size, z);\n"
                     "    float s01 = pica_shadow_texel(i + ivec2(0, 1), size, z);\n"
                     "    float s11 = pica_shadow_texel(i + ivec2(1, 1), size, z);\n");
    } else {
        /* on a cube the footprint is clamped to the face */
        glsl_text(w, "    ivec2 hi = size - 1;\n"
                     "    float s00 = pica_shadow_cmp(texelFetch(pica_tex0, ivec3(clamp(i, ivec2(0), hi), face), 0).r, z);\n"
                     "    float s10 = pica_shadow_cmp(texelFetch(pica_tex0, ivec3(clamp(i + ivec2(1, 0), ivec2(0), hi), face), 0).r, z);\n"
                     "    float s01 = pica_shadow_cmp(texelFetch(pica_tex0, ivec3(clamp(i + ivec2(0, 1), ivec2(0), hi), face), 0).r, z);\n"
                     "    float s11 = pica_shadow_cmp(texelFetch(pica_tex0, ivec3(clamp(i + ivec2(1, 1), ivec2(0), hi), face), 0).r, z);\n");
    }
    glsl_text(w, "    return vec4(mix(mix(s00, s10, f.x), mix(s01, s11, f.x), f.y));\n"
                 "}\n");
}

static void write_shadow_helpers(gen *g)
{
    pica_fs_write_shadow_helpers(&g->w, g->k->tex0_type,
                                 g->k->shadow_ortho ? "pica_texcoord0" : "pica_texcoord0 / pica_texcoord0_w", true);
}

static void write_samplers(gen *g)
{
    const pica_fs_key *k = g->k;
    if (k->tex_enable & PICA_FS_TEX_UNIT0) {
        const char *type = "sampler2D";
        if (k->tex0_type == PICA_FS_TEX0_CUBE)
            type = "samplerCube";
        else if (k->tex0_type == PICA_FS_TEX0_SHADOW_2D)
            type = "usampler2D";
        else if (k->tex0_type == PICA_FS_TEX0_SHADOW_CUBE)
            type = "usampler2DArray";
        glsl_line(&g->w, "layout(binding = 0) uniform %s pica_tex0;", type);
    }
    if (k->tex_enable & PICA_FS_TEX_UNIT1)
        text(g, "layout(binding = 1) uniform sampler2D pica_tex1;\n");
    if (k->tex_enable & PICA_FS_TEX_UNIT2)
        text(g, "layout(binding = 2) uniform sampler2D pica_tex2;\n");
    for (unsigned unit = 0; unit < 3; unit++) {
        const unsigned neg = (k->tex_wrap_neg_repeat >> (2 * unit)) & 3;
        for (unsigned v = 1; v < 4; v++)
            if (neg && !(v & ~neg))
                glsl_line(&g->w, "layout(binding = %u) uniform sampler2D pica_tex%u_v%u;",
                          PICA_FS_WRAP_VARIANT_BINDING(unit, v), unit, v);
    }
}

/* A 2D (or projection) unit with wrap mode 4 or 5 on an axis
 * (pica_fs_key.h PICA_FS_WRAP_NEG_REPEAT): the unit's clamping sample, the
 * samples of its repeating variants, and per axis the repeating one below
 * 0.5. Every variant is sampled outside the selection, so each lookup
 * sees its neighbours' coordinates for the level of detail. */
static void write_neg_repeat_read(gen *g, unsigned unit, char bias, unsigned neg)
{
    const pica_fs_key *k = g->k;
    glsl_writer *w = &g->w;
    if (unit == 0 && k->tex0_type == PICA_FS_TEX0_PROJECTION)
        glsl_line(w, "vec2 c_tex0 = pica_texcoord0 / pica_texcoord0_w;");
    else
        glsl_line(w, "vec2 c_tex%u = pica_texcoord%u;", unit, unit == 2 && k->tex2_coord1 ? 1u : unit);
    glsl_line(w, "vec4 t_tex%u = texture(pica_tex%u, c_tex%u, u.tex_lod_bias.%c);", unit, unit, unit, bias);
    for (unsigned v = 1; v < 4; v++)
        if (!(v & ~neg))
            glsl_line(w, "vec4 t_tex%u_v%u = texture(pica_tex%u_v%u, c_tex%u, u.tex_lod_bias.%c);", unit, v, unit, v,
                      unit, bias);
    if (neg == 3)
        glsl_line(w,
                  "ivec4 s_tex%u = pica_byte4(c_tex%u.x < 0.5 ? (c_tex%u.y < 0.5 ? t_tex%u_v3 : t_tex%u_v1) : "
                  "(c_tex%u.y < 0.5 ? t_tex%u_v2 : t_tex%u));",
                  unit, unit, unit, unit, unit, unit, unit, unit);
    else
        glsl_line(w, "ivec4 s_tex%u = pica_byte4(c_tex%u.%c < 0.5 ? t_tex%u_v%u : t_tex%u);", unit, unit,
                  neg == 1 ? 'x' : 'y', unit, neg, unit);
}

static void write_texture_reads(gen *g, unsigned used_units)
{
    const pica_fs_key *k = g->k;
    glsl_writer *w = &g->w;
    for (unsigned unit = 0; unit < 3; unit++) {
        if (!((used_units >> unit) & 1))
            continue;
        if (!((k->tex_enable >> unit) & 1)) {
            /* a disabled unit reads zero (Azahar's software rasterizer) */
            glsl_line(w, "ivec4 s_tex%u = ivec4(0);", unit);
            continue;
        }
        static const char bias[3] = {'x', 'y', 'z'};
        const unsigned neg = (k->tex_wrap_neg_repeat >> (2 * unit)) & 3;
        if (neg) {
            write_neg_repeat_read(g, unit, bias[unit], neg);
            continue;
        }
        if (unit == 0 && k->tex0_type == PICA_FS_TEX0_CUBE)
            glsl_line(w, "ivec4 s_tex0 = pica_byte4(texture(pica_tex0, vec3(pica_texcoord0, pica_texcoord0_w), u.tex_lod_bias.x));");
        else if (unit == 0 && k->tex0_type == PICA_FS_TEX0_PROJECTION)
            glsl_line(w, "ivec4 s_tex0 = pica_byte4(textureProj(pica_tex0, vec3(pica_texcoord0, pica_texcoord0_w), u.tex_lod_bias.x));");
        else if (unit == 0 && k->tex0_type == PICA_FS_TEX0_SHADOW_2D)
            glsl_line(w, "ivec4 s_tex0 = pica_byte4(pica_shadow_2d());");
        else if (unit == 0 && k->tex0_type == PICA_FS_TEX0_SHADOW_CUBE)
            glsl_line(w, "ivec4 s_tex0 = pica_byte4(pica_shadow_cube());");
        else
            glsl_line(w, "ivec4 s_tex%u = pica_byte4(texture(pica_tex%u, pica_texcoord%u, u.tex_lod_bias.%c));", unit, unit,
                      unit == 2 && k->tex2_coord1 ? 1u : unit, bias[unit]);
    }
    if ((used_units >> 3) & 1)
        glsl_line(w, "ivec4 s_tex3 = %s;", k->proctex.enable ? "pica_byte4(pica_proctex())" : "ivec4(0)");
}

/* ---- procedural texture (Azahar's GL generator and sw_proctex.cpp) ---- */

static void shift_expr(unsigned mode, unsigned clamp, const char *v, char *buf, size_t n)
{
    /* the shift is half a period, a whole one in mirrored mode */
    const char *off = clamp == PICA_FS_PROCTEX_CLAMP_MIRROR ? "1.0" : "0.5";
    if (mode == PICA_FS_PROCTEX_SHIFT_ODD)
        glsl_format(buf, n, "%s * float((pica_pt_int(%s) / 2) %% 2)", off, v);
    else if (mode == PICA_FS_PROCTEX_SHIFT_EVEN)
        glsl_format(buf, n, "%s * float(((pica_pt_int(%s) + 1) / 2) %% 2)", off, v);
    else
        glsl_format(buf, n, "0.0");
}

static void clamp_line(gen *g, unsigned mode, const char *x)
{
    switch (mode) {
    case PICA_FS_PROCTEX_CLAMP_ZERO: glsl_line(&g->w, "%s = %s > 1.0 ? 0.0 : %s;", x, x, x); break;
    case PICA_FS_PROCTEX_CLAMP_REPEAT: glsl_line(&g->w, "%s = fract(%s);", x, x); break;
    case PICA_FS_PROCTEX_CLAMP_MIRROR:
        glsl_line(&g->w, "%s = pica_pt_int(%s) %% 2 == 0 ? fract(%s) : 1.0 - fract(%s);", x, x, x, x);
        break;
    case PICA_FS_PROCTEX_CLAMP_PULSE: glsl_line(&g->w, "%s = %s > 0.5 ? 1.0 : 0.0;", x, x); break;
    default: glsl_line(&g->w, "%s = min(%s, 1.0);", x, x); break;
    }
}

static const char *func_expr(unsigned f)
{
    switch (f) {
    case PICA_FS_PROCTEX_FUNC_U: return "uu";
    case PICA_FS_PROCTEX_FUNC_U2: return "uu * uu";
    case PICA_FS_PROCTEX_FUNC_V: return "vv";
    case PICA_FS_PROCTEX_FUNC_V2: return "vv * vv";
    case PICA_FS_PROCTEX_FUNC_ADD: return "(uu + vv) * 0.5";
    case PICA_FS_PROCTEX_FUNC_ADD2: return "(uu * uu + vv * vv) * 0.5";
    case PICA_FS_PROCTEX_FUNC_SQRT2: return "min(sqrt(uu * uu + vv * vv), 1.0)";
    case PICA_FS_PROCTEX_FUNC_MIN: return "min(uu, vv)";
    case PICA_FS_PROCTEX_FUNC_MAX: return "max(uu, vv)";
    case PICA_FS_PROCTEX_FUNC_RMAX: return "min(((uu + vv) * 0.5 + sqrt(uu * uu + vv * vv)) * 0.5, 1.0)";
    default: return "0.0";
    }
}

void pica_fs_write_noise_coef(glsl_writer *w)
{
    /* Azahar ProcTexNoiseCoef; the grid is clamped to [0, 2^20] so that
     * huge or negative frequencies stay defined integers */
    glsl_line(w, "float pica_noise_coef(vec2 x) {\n"
                 "    vec2 grid = clamp(9.0 * u.proctex_noise.zw * abs(x + u.proctex_phase_bias.xy), 0.0, 1048576.0);\n"
                 "    vec2 p = floor(grid);\n"
                 "    vec2 f = grid - p;\n"
                 "    int px = int(p.x);\n"
                 "    int py = int(p.y);\n"
                 "    float g0 = pica_noise2(px, py) * (f.x + f.y);\n"
                 "    float g1 = pica_noise2(px + 1, py) * (f.x + f.y - 1.0);\n"
                 "    float g2 = pica_noise2(px, py + 1) * (f.x + f.y - 1.0);\n"
                 "    float g3 = pica_noise2(px + 1, py + 1) * (f.x + f.y - 2.0);\n"
                 "    float xn = pica_pt_lut(%d, f.x);\n"
                 "    float yn = pica_pt_lut(%d, f.y);\n"
                 "    return mix(mix(g0, g1, xn), mix(g2, g3, xn), yn);\n"
                 "}",
              PICA_FS_LUT_PROCTEX_NOISE, PICA_FS_LUT_PROCTEX_NOISE);
}

static void write_proctex(gen *g)
{
    const pica_fs_proctex_key *p = &g->k->proctex;
    glsl_writer *w = &g->w;
    text(g, proctex_lut_text);
    if (p->noise) {
        text(g, proctex_noise_text);
        pica_fs_write_noise_coef(w);
    }
    /* The colour table: level l has width >> l entries from its offset;
     * levels 4-7 sit at fixed offsets 0xF0, 0xF8, 0xFC, 0xFE (Azahar:
     * "Offsets for level 4-7 seem to be hardcoded"). coord 0 is the first
     * entry, 1 the last. Indices are clamped to the table. */
    text(g, "vec4 pica_pt_color(float x, int level) {\n"
            "    int width = clamp(u.proctex_lut.x, 0, 255) >> level;\n"
            "    int offset = level < 4 ? u.proctex_offset[level] : 256 - (16 >> (level - 4));\n"
            "    float c = x * float(width - 1);\n");
    bool linear = p->filter == PICA_FS_PROCTEX_LINEAR || p->filter == PICA_FS_PROCTEX_LINEAR_MIP_NEAREST ||
                  p->filter == PICA_FS_PROCTEX_LINEAR_MIP_LINEAR;
    if (linear) {
        glsl_line(w, "    int i = clamp(int(c) + offset, 0, 255);\n"
                     "    uint e = texelFetch(pica_luts, %d + i).r;\n"
                     "    int d = int(texelFetch(pica_luts, %d + i).r);",
                  PICA_FS_LUT_PROCTEX_COLOR, PICA_FS_LUT_PROCTEX_DIFF);
        text(g, "    vec4 col = vec4(uvec4(e, e >> 8, e >> 16, e >> 24) & 255u) / 255.0;\n"
                "    vec4 dif = vec4(bitfieldExtract(d, 0, 8), bitfieldExtract(d, 8, 8), bitfieldExtract(d, 16, 8),\n"
                "                    bitfieldExtract(d, 24, 8)) * (2.0 / 255.0);\n"
                "    return col + fract(c) * dif;\n");
    } else {
        glsl_line(w, "    int i = clamp(int(floor(c + float(offset) + 0.5)), 0, 255);\n"
                     "    uint e = texelFetch(pica_luts, %d + i).r;",
                  PICA_FS_LUT_PROCTEX_COLOR);
        text(g, "    return vec4(uvec4(e, e >> 8, e >> 16, e >> 24) & 255u) / 255.0;\n");
    }
    text(g, "}\n");

    glsl_open(w, "vec4 pica_proctex()");
    glsl_line(w, "vec2 uv = abs(pica_texcoord%u);", p->coord);
    bool mip = p->filter >= PICA_FS_PROCTEX_NEAREST_MIP_NEAREST;
    if (mip) {
        /* Azahar's LOD: log2(|width * bias| * (du + dv)) with du, dv the
         * larger screen derivative of each coordinate; 0 when the bias is 0;
         * clamped to [max(0, min), min(7, max)] */
        text(g, "    vec2 duv = max(abs(dFdx(uv)), abs(dFdy(uv)));\n"
                "    float lod = u.proctex_phase_bias.z == 0.0 ? 0.0 :\n"
                "        log2(max(abs(float(u.proctex_lut.x) * u.proctex_phase_bias.z) * (duv.x + duv.y), 1e-20));\n"
                "    lod = clamp(min(max(lod, max(0.0, float(u.proctex_lut.y))), min(7.0, float(u.proctex_lut.z))), 0.0, 7.0);\n");
    }
    char e[160];
    shift_expr(p->u_shift, p->u_clamp, "uv.y", e, sizeof e);
    glsl_line(w, "float us = %s;", e);
    shift_expr(p->v_shift, p->v_clamp, "uv.x", e, sizeof e);
    glsl_line(w, "float vs = %s;", e);
    if (p->noise)
        glsl_line(w, "uv = abs(uv + u.proctex_noise.xy * pica_noise_coef(uv));");
    glsl_line(w, "float uu = uv.x + us;");
    glsl_line(w, "float vv = uv.y + vs;");
    clamp_line(g, p->u_clamp, "uu");
    clamp_line(g, p->v_clamp, "vv");
    glsl_line(w, "float x = pica_pt_lut(%d, %s);", PICA_FS_LUT_PROCTEX_RGB_MAP, func_expr(p->rgb_func));
    switch (p->filter) {
    case PICA_FS_PROCTEX_NEAREST_MIP_NEAREST:
    case PICA_FS_PROCTEX_LINEAR_MIP_NEAREST:
        glsl_line(w, "vec4 col = pica_pt_color(x, int(floor(lod + 0.5)));");
        break;
    case PICA_FS_PROCTEX_NEAREST_MIP_LINEAR:
    case PICA_FS_PROCTEX_LINEAR_MIP_LINEAR:
        glsl_line(w, "int li = int(lod);");
        glsl_line(w, "vec4 col = mix(pica_pt_color(x, li), pica_pt_color(x, min(li + 1, 7)), lod - float(li));");
        break;
    default:
        glsl_line(w, "vec4 col = pica_pt_color(x, 0);");
        break;
    }
    /* separate alpha skips the colour table (Azahar sw_proctex.cpp) */
    if (p->separate_alpha)
        glsl_line(w, "col.a = pica_pt_lut(%d, %s);", PICA_FS_LUT_PROCTEX_ALPHA_MAP, func_expr(p->alpha_func));
    glsl_line(w, "return col;");
    glsl_close(w, "");
}

/* ---- fragment lighting (3dbrew GPU/Fragment_Lighting; Azahar's GL
 * generator and sw_lighting.cpp for the details) ---- */

static const char *input_expr(unsigned input, unsigned id, char *buf, size_t n)
{
    switch (input) {
    case PICA_FS_LUT_INPUT_NH: return "dot(n, hn)";
    case PICA_FS_LUT_INPUT_VH: return "dot(v, hn)";
    case PICA_FS_LUT_INPUT_NV: return "dot(n, v)";
    case PICA_FS_LUT_INPUT_LN: return "dot(l, n)";
    case PICA_FS_LUT_INPUT_SP: glsl_format(buf, n, "dot(l, u.light[%u].spot_dir.xyz)", id); return buf;
    /* the half vector's projection on the tangent plane, not renormalised
     * (Azahar: "confirmed not normalized before the dot product") */
    case PICA_FS_LUT_INPUT_CP: return "dot(hn - n * dot(n, hn), t)";
    default: return "0.0";
    }
}

static const char *scale_literal(unsigned scale)
{
    static const char *s[8] = {"1.0", "2.0", "4.0", "8.0", "0.0", "0.0", "0.25", "0.5"};
    return s[scale & 7];
}

/* "scale * LUT(input)" for a shared LUT, as seen by light slot `slot` */
static void lut_expr(const gen *g, unsigned lut, unsigned table, unsigned slot, char *buf, size_t n)
{
    const pica_fs_lighting_key *l = &g->k->lighting;
    const pica_fs_lut_key *lk = &l->lut[lut];
    const pica_fs_light_key *lt = &l->light[slot];
    char in[64];
    const char *x = input_expr(lk->input, lt->id, in, sizeof in);
    if (lk->abs) {
        /* abs mode: |x| for two-sided lights, max(x, 0) otherwise (Azahar) */
        if (lt->flags & PICA_FS_LIGHT_TWO_SIDED)
            glsl_format(buf, n, "%s * pica_lut_u(%u, abs(%s))", scale_literal(lk->scale), table, x);
        else
            glsl_format(buf, n, "%s * pica_lut_u(%u, max(%s, 0.0))", scale_literal(lk->scale), table, x);
    } else {
        glsl_format(buf, n, "%s * pica_lut_s(%u, %s)", scale_literal(lk->scale), table, x);
    }
}

static void write_lighting(gen *g)
{
    const pica_fs_lighting_key *l = &g->k->lighting;
    glsl_writer *w = &g->w;
    char e[256];
    glsl_line(w, "vec3 surf_n = vec3(0.0, 0.0, 1.0);");
    glsl_line(w, "vec3 surf_t = vec3(1.0, 0.0, 0.0);");
    if (l->bump_mode != PICA_FS_BUMP_NONE) {
        /* texel * 2 - 1 (Azahar: texture colour / 127.5 - 1) */
        glsl_line(w, "vec3 perturb = vec3(s_tex%u.rgb) * (2.0 / 255.0) - 1.0;", l->bump_selector);
        if (l->bump_mode == PICA_FS_BUMP_NORMAL) {
            if (l->bump_renorm)
                glsl_line(w, "perturb.z = sqrt(max(1.0 - dot(perturb.xy, perturb.xy), 0.0));");
            glsl_line(w, "surf_n = perturb;");
        } else {
            glsl_line(w, "surf_t = perturb;");
        }
    }
    text(g, lighting_frame_text);
    if (l->shadow_enable) {
        glsl_line(w, "vec4 shadow = vec4(s_tex%u) / 255.0;", l->shadow_selector);
        if (l->shadow_invert)
            glsl_line(w, "shadow = 1.0 - shadow;");
    }
    for (unsigned slot = 0; slot < l->num_lights && slot < PICA_FS_MAX_LIGHTS; slot++) {
        const pica_fs_light_key *lt = &l->light[slot];
        unsigned id = lt->id;
        glsl_open(w, "/* light slot %u: light %u */", slot, id);
        glsl_line(w, "vec3 l = u.light[%u].position.xyz%s;", id, lt->flags & PICA_FS_LIGHT_DIRECTIONAL ? "" : " + pica_view");
        if (lt->flags & PICA_FS_LIGHT_DIST_ATTEN)
            glsl_line(w, "float dist = length(l);");
        glsl_line(w, "l = normalize(l);");
        /* the half vector only where a LUT input or the geometric factor needs it */
        bool spec_used = g->src_used & (1u << PICA_FS_TEV_SRC_FRAG_SECONDARY);
        bool need_hn = false;
        for (unsigned i = 0; i < PICA_FS_LUT_COUNT; i++) {
            unsigned in = l->lut[i].input;
            bool lut_used = l->lut[i].enable && (i != PICA_FS_LUT_SP || (lt->flags & PICA_FS_LIGHT_SPOT)) &&
                            (i != PICA_FS_LUT_FR || slot + 1 == l->num_lights);
            if (lut_used && (in == PICA_FS_LUT_INPUT_NH || in == PICA_FS_LUT_INPUT_VH || in == PICA_FS_LUT_INPUT_CP))
                need_hn = true;
        }
        bool need_h = need_hn || (spec_used && (lt->flags & (PICA_FS_LIGHT_GEO0 | PICA_FS_LIGHT_GEO1)));
        if (need_h)
            glsl_line(w, "vec3 h = v + l;");
        if (need_hn)
            glsl_line(w, "vec3 hn = normalize(h);");
        glsl_line(w, "float ln = %s;", lt->flags & PICA_FS_LIGHT_TWO_SIDED ? "abs(dot(l, n))" : "max(dot(l, n), 0.0)");
        if (lt->flags & PICA_FS_LIGHT_DIST_ATTEN)
            glsl_line(w, "float da = pica_lut_u(%u, clamp(u.light[%u].atten.y * dist + u.light[%u].atten.x, 0.0, 1.0));",
                      16 + id, id, id);
        else
            glsl_line(w, "float da = 1.0;");
        if (lt->flags & PICA_FS_LIGHT_SPOT) {
            lut_expr(g, PICA_FS_LUT_SP, 8 + id, slot, e, sizeof e);
            glsl_line(w, "float sp = %s;", e);
        } else {
            glsl_line(w, "float sp = 1.0;");
        }
        if (spec_used) {
            if (l->lut[PICA_FS_LUT_D0].enable) {
                lut_expr(g, PICA_FS_LUT_D0, 0, slot, e, sizeof e);
                glsl_line(w, "vec3 s0 = %s * u.light[%u].specular0.rgb;", e, id);
            } else {
                glsl_line(w, "vec3 s0 = u.light[%u].specular0.rgb;", id);
            }
            if (l->lut[PICA_FS_LUT_RR].enable) {
                lut_expr(g, PICA_FS_LUT_RR, 6, slot, e, sizeof e);
                glsl_line(w, "vec3 refl = vec3(%s);", e);
            } else {
                glsl_line(w, "vec3 refl = vec3(1.0);");
            }
            if (l->lut[PICA_FS_LUT_RG].enable) {
                lut_expr(g, PICA_FS_LUT_RG, 5, slot, e, sizeof e);
                glsl_line(w, "refl.g = %s;", e);
            }
            if (l->lut[PICA_FS_LUT_RB].enable) {
                lut_expr(g, PICA_FS_LUT_RB, 4, slot, e, sizeof e);
                glsl_line(w, "refl.b = %s;", e);
            }
            if (l->lut[PICA_FS_LUT_D1].enable) {
                lut_expr(g, PICA_FS_LUT_D1, 1, slot, e, sizeof e);
                glsl_line(w, "vec3 s1 = %s * refl * u.light[%u].specular1.rgb;", e, id);
            } else {
                glsl_line(w, "vec3 s1 = refl * u.light[%u].specular1.rgb;", id);
            }
            if (lt->flags & (PICA_FS_LIGHT_GEO0 | PICA_FS_LIGHT_GEO1)) {
                /* geometric factor: min(L.N / |H|^2, 1), 0 when H is 0 */
                glsl_line(w, "float hh = dot(h, h);");
                glsl_line(w, "float geo = hh == 0.0 ? 0.0 : min(ln / hh, 1.0);");
                if (lt->flags & PICA_FS_LIGHT_GEO0)
                    glsl_line(w, "s0 *= geo;");
                if (lt->flags & PICA_FS_LIGHT_GEO1)
                    glsl_line(w, "s1 *= geo;");
            }
        }
        /* Fresnel comes from the last light slot only (Azahar) */
        if (slot + 1 == l->num_lights && l->lut[PICA_FS_LUT_FR].enable) {
            lut_expr(g, PICA_FS_LUT_FR, 3, slot, e, sizeof e);
            glsl_line(w, "float fr = %s;", e);
            if (l->fresnel_primary)
                glsl_line(w, "pa = fr;");
            if (l->fresnel_secondary)
                glsl_line(w, "sa = fr;");
        }
        bool sh = (lt->flags & PICA_FS_LIGHT_SHADOW) != 0;
        glsl_line(w, "diff += (u.light[%u].diffuse.rgb * ln%s + u.light[%u].ambient.rgb) * da * sp;", id,
                  sh && l->shadow_primary ? " * shadow.rgb" : "", id);
        if (spec_used) {
            /* clamp highlights: no specular where L.N is 0 */
            glsl_line(w, "spec += (s0 + s1)%s * da * sp%s;", l->clamp_highlights ? " * (ln == 0.0 ? 0.0 : 1.0)" : "",
                      sh && l->shadow_secondary ? " * shadow.rgb" : "");
        }
        glsl_close(w, "");
    }
    if (l->shadow_alpha) {
        if (l->fresnel_primary)
            glsl_line(w, "pa *= shadow.a;");
        if (l->fresnel_secondary)
            glsl_line(w, "sa *= shadow.a;");
    }
    glsl_line(w, "ivec4 s_frag0 = pica_byte4(vec4(diff + u.light_ambient.rgb, pa));");
    glsl_line(w, "ivec4 s_frag1 = pica_byte4(vec4(spec, sa));");
}

/* ---- the shader ---- */

static void write_header(gen *g)
{
    /* #extension lines come before any other statement (GLSL ES 3.20 3.4) */
    if (g->gles)
        text(g, g->dest && g->fetch ? "#version 320 es\n#extension GL_EXT_shader_framebuffer_fetch : require\n"
                                     : "#version 320 es\n");
    else
        text(g, "#version 450 core\n");
    if (g->gles)
        text(g, "precision highp float;\n"
                "precision highp int;\n"
                "precision highp sampler2D;\n"
                "precision highp samplerCube;\n"
                "precision highp usampler2D;\n"
                "precision highp usampler2DArray;\n"
                "precision highp usamplerBuffer;\n");
    else if (g->dest && g->fetch)
        text(g, "#extension GL_EXT_shader_framebuffer_fetch : require\n");
    if ((g->k->shadow_render || g->k->gas_render) && g->gles)
        text(g, "precision highp uimage2D;\n");
}

/* Shadow-map rendering (COLOR_OPERATION mode 3): the colour buffer holds
 * depth24 << 8 | intensity8 words, read and written through an R32UI image
 * of it. A fragment nearer than the stored depth either moves the depth
 * (intensity 0) or lowers the intensity to s / (constant + linear * d /
 * stored depth); compare-and-swap keeps concurrent fragments correct
 * (Azahar's GL generator, UpdateShadow; FRAGOP_SHADOW holds the two f16
 * numbers). The word layout is the one the shadow texture reads use. */
static const char shadow_render_text[] =
    "layout(binding = 0, r32ui) uniform coherent uimage2D pica_shadow_map;\n"
    "uint pica_shadow_update(uint p, uint d, uint s) {\n"
    "    uint z = p >> 8, i = p & 255u;\n"
    "    if (d < z) {\n"
    "        if (s == 0u)\n"
    "            z = d;\n"
    "        else\n"
    "            i = min(uint(float(s) / (u.shadow_render.x + u.shadow_render.y * float(d) / float(z))), i);\n"
    "    }\n"
    "    return z << 8 | i;\n"
    "}\n";

/* Gas rendering (docs/pica-gas.md), the same integer arithmetic as
 * pica_ref.c: byte products rounded, GAS_ACCMAX / GAS_ATTENUATION as fixed
 * 8.16 factors, the shading of the fog stage in gas mode (planar and view
 * terms mixed by the light direction's share, the 8-entry colour LUT). */
static const char gas_text[] =
    "int pica_gas_mul8(int a, int b) { return (a * b + 127) / 255; }\n"
    "int pica_gas_smul8(int a, int b) { return a < 0 ? -pica_gas_mul8(-a, b) : pica_gas_mul8(a, b); }\n"
    "int pica_gas_scale(int d, int fx) { return int(min((uint(d) * uint(fx) + 32768u) >> 16, 255u)); }\n"
    "int pica_gas_light(ivec4 l, int d) {\n"
    "    ivec3 c = clamp(l.xyz, 0, 255);\n"
    "    return c.x + pica_gas_smul8(c.y - c.x, 255 - pica_gas_mul8(d, c.z));\n"
    "}\n"
    "ivec4 pica_gas_shade(ivec4 c, bool depth_density, bool lut_light) {\n"
    "    int d = depth_density ? c.g : c.r;\n"
    "    int p = pica_gas_light(u.gas_light_xy, d), v = pica_gas_light(u.gas_light_z, d);\n"
    "    int l = clamp(p + pica_gas_smul8(v - p, clamp(u.gas_light_xy.w, 0, 255)), 0, 255);\n"
    "    int x = lut_light ? l : d;\n"
    "    ivec4 e = u.gas_lut[x >> 5];\n"
    "    int f = x & 31;\n"
    "    ivec3 base = (ivec3(e.x) >> ivec3(0, 8, 16)) & 255;\n"
    "    ivec3 diff = (ivec3(e.y) >> ivec3(0, 8, 16)) & 255;\n"
    "    ivec3 add = ((diff & 127) * 255 * f + 2032) / 4064;\n"
    "    ivec3 rgb = clamp(base + (1 - 2 * (diff >> 7)) * add, 0, 255);\n"
    "    return ivec4(rgb, pica_gas_scale(d, u.gas_params.y));\n"
    "}\n";

/* The density pass's declarations: the colour buffer as words (R the
 * plain, G the depth density) and the depth buffer. */
static const char gas_render_text[] =
    "layout(binding = 0, r32ui) uniform coherent uimage2D pica_gas_buffer;\n"
    "layout(binding = 14) uniform sampler2D pica_gas_depth;\n";
_Static_assert(PICA_FS_GAS_DEPTH_BINDING == 14, "the binding is spelled out in the text");

/* Density pass: the contributions of the combiner output's R, added to the
 * buffer's R and G bytes with saturation by a bounded compare-and-swap. */
static void write_gas_update(glsl_writer *w, unsigned func, bool no_read)
{
    glsl_line(w, "uint gz = min(uint(floor(depth * 16777215.0 + 0.5)), 16777215u);");
    glsl_line(w, "ivec2 gc = ivec2(gl_FragCoord.xy);");
    glsl_line(w, "uint gb = min(uint(floor(texelFetch(pica_gas_depth, gc, 0).r * 16777215.0 + 0.5)), 16777215u);");
    glsl_line(w, "int gatt = 255;");
    if (func == PICA_FS_GAS_DEPTH_GREATER || func == PICA_FS_GAS_DEPTH_LESS) {
        glsl_line(w, "if (gz %s gb)", func == PICA_FS_GAS_DEPTH_GREATER ? "<" : ">");
        glsl_line(w, "    discard;");
        glsl_line(w, "uint ghi, glo;");
        glsl_line(w, "umulExtended(gz > gb ? gz - gb : gb - gz, uint(u.gas_params.z) & 16777215u, ghi, glo);");
        glsl_open(w, "if (ghi == 0u)");
        glsl_line(w, "uint gh2, gl2;");
        glsl_line(w, "umulExtended(glo, 255u, gh2, gl2);");
        glsl_line(w, "gatt = int(gh2);");
        glsl_close(w, "");
    }
    glsl_line(w, "uint gadd = uint(pica_gas_scale(prev.r, u.gas_params.x)) | "
                 "uint(pica_gas_scale(pica_gas_mul8(prev.r, gatt), u.gas_params.x)) << 8;");
    if (no_read) { /* the buffer reads as 0: the word is the contributions */
        glsl_line(w, "imageStore(pica_gas_buffer, gc, uvec4(gadd));");
        return;
    }
    glsl_line(w, "uint gold = imageLoad(pica_gas_buffer, gc).x;");
    glsl_open(w, "for (int n = 0; n < 64; n++)");
    glsl_line(w, "uvec2 gs = min(uvec2(gold & 255u, (gold >> 8) & 255u) + uvec2(gadd & 255u, gadd >> 8), uvec2(255u));");
    glsl_line(w, "uint gnew = (gold & 0xFFFF0000u) | gs.x | gs.y << 8;");
    glsl_line(w, "uint seen = imageAtomicCompSwap(pica_gas_buffer, gc, gold, gnew);");
    glsl_line(w, "if (seen == gold)");
    glsl_line(w, "    break;");
    glsl_line(w, "gold = seen;");
    glsl_close(w, "");
}

/* One blend factor (BLEND_FUNC code, normalised: 0-14) as an integer
 * expression on 0..255 values: `s` the shader's colour, `d` the destination,
 * u.blend_color the constant; `ch` is "rgb" or "a". */
static void blend_factor_expr(unsigned f, const char *ch, char *buf, size_t n)
{
    const bool rgb = ch[0] == 'r';
    const char *vec = rgb ? "ivec3" : "int";
    switch (f) {
    case 0: snprintf(buf, n, "%s(0)", vec); break;
    case 1: snprintf(buf, n, "%s(255)", vec); break;
    case 2: snprintf(buf, n, "bs.%s", ch); break;
    case 3: snprintf(buf, n, "(255 - bs.%s)", ch); break;
    case 4: snprintf(buf, n, "bd.%s", ch); break;
    case 5: snprintf(buf, n, "(255 - bd.%s)", ch); break;
    case 6: snprintf(buf, n, "%s(bs.a)", vec); break;
    case 7: snprintf(buf, n, "%s(255 - bs.a)", vec); break;
    case 8: snprintf(buf, n, "%s(bd.a)", vec); break;
    case 9: snprintf(buf, n, "%s(255 - bd.a)", vec); break;
    case 10: snprintf(buf, n, "u.blend_color.%s", ch); break;
    case 11: snprintf(buf, n, "(255 - u.blend_color.%s)", ch); break;
    case 12: snprintf(buf, n, "%s(u.blend_color.a)", vec); break;
    case 13: snprintf(buf, n, "%s(255 - u.blend_color.a)", vec); break;
    default: /* 14, source alpha saturate: min(As, 1 - Ad) for colour, 1 for alpha */
        snprintf(buf, n, "%s", rgb ? "ivec3(min(bs.a, 255 - bd.a))" : "255");
        break;
    }
}

/* MIN/MAX blending with factors (pica_fs_key.h): on the 8-bit colour in
 * `prev`, as min(s * sf, d * df) / 255 per channel (Azahar's software
 * framebuffer). */
static void write_blend(gen *g)
{
    const pica_fs_key *k = g->k;
    glsl_writer *w = &g->w;
    glsl_line(w, "ivec4 bs = prev;");
    glsl_line(w, "ivec4 bd = ivec4(round(clamp(%s, 0.0, 1.0) * 255.0));",
              g->fetch ? "pica_frag_color" : "texelFetch(pica_dest, ivec2(gl_FragCoord.xy), 0)");
    char sf[64], df[64];
    if (k->blend_rgb_eq) {
        blend_factor_expr(k->blend_src_rgb, "rgb", sf, sizeof sf);
        blend_factor_expr(k->blend_dst_rgb, "rgb", df, sizeof df);
        glsl_line(w, "prev.rgb = %s(bs.rgb * %s, bd.rgb * %s) / 255;", k->blend_rgb_eq == PICA_FS_BLEND_MIN ? "min" : "max",
                  sf, df);
    }
    if (k->blend_alpha_eq) {
        blend_factor_expr(k->blend_src_alpha, "a", sf, sizeof sf);
        blend_factor_expr(k->blend_dst_alpha, "a", df, sizeof df);
        glsl_line(w, "prev.a = %s(bs.a * %s, bd.a * %s) / 255;", k->blend_alpha_eq == PICA_FS_BLEND_MIN ? "min" : "max",
                  sf, df);
    }
}

/* The PICA logic op `code` (GPUREG_LOGIC_OP, 0-15; 3dbrew's order, the
 * same as GL's GL_CLEAR..GL_SET list read through the rasterizer's
 * logic_gl table) on the 8-bit colour in `prev` and the destination's
 * bytes, for hosts without glLogicOp. An expression of `s` and `d` per
 * code; the bytes stay bytes (& 255). */
void pica_fs_write_logic(glsl_writer *w, unsigned code, bool fetch)
{
    static const char *const expr[16] = {
        "ivec4(0)",    "ls & ld",  "ls & ~ld",    "ls",       "ivec4(255)", "~ls",       "ld",       "~ld",
        "~(ls & ld)",  "ls | ld",  "~(ls | ld)",  "ls ^ ld",  "~(ls ^ ld)", "~ls & ld",  "ls | ~ld", "~ls | ld",
    };
    glsl_line(w, "ivec4 ls = prev;");
    glsl_line(w, "ivec4 ld = ivec4(round(clamp(%s, 0.0, 1.0) * 255.0));",
              fetch ? "pica_frag_color" : "texelFetch(pica_dest, ivec2(gl_FragCoord.xy), 0)");
    glsl_line(w, "prev = (%s) & 255;", expr[code & 15]);
}

/* Fog after the alpha test, on `prev` and `depth` (see the comment where
 * pica_fs_generate calls it). `flip` indexes the LUT with 1 - depth: NULL
 * never, "" always, else the condition under which it does. */
void pica_fs_write_fog(glsl_writer *w, const char *flip)
{
    glsl_line(w, "uint fd = min(uint(floor(depth * 16777215.0 + 0.5)), 16777215u);");
    if (flip && *flip)
        glsl_line(w, "if (%s)", flip);
    if (flip)
        glsl_line(w, "%sfd = 16777215u - fd;", *flip ? "    " : "");
    glsl_line(w, "uint fe = texelFetch(pica_luts, %d + int(fd >> 17)).r;", PICA_FS_LUT_FOG);
    glsl_line(w, "int ff = clamp(int(bitfieldExtract(fe, 13, 11)) * 4096 + bitfieldExtract(int(fe), 0, 13) * "
                 "int((fd >> 5) & 4095u), 0, 8384512);");
    glsl_line(w, "prev.rgb = ivec3((uvec3(prev.rgb) * uint(ff) + uvec3(u.fog_color.rgb) * uint(8384512 - ff) + "
                 "4192256u) / 8384512u);");
}

/* Shadow-map rendering's update of pica_shadow_map from `depth` and `prev`. */
void pica_fs_write_shadow_update(glsl_writer *w)
{
    /* the depth as 24 bits, the intensity from the combiner output's
     * green (Azahar); a bounded compare-and-swap loop */
    glsl_line(w, "uint sd = uint(depth * 16777215.0);");
    glsl_line(w, "uint ss = uint(prev.g);");
    glsl_line(w, "ivec2 sc = ivec2(gl_FragCoord.xy);");
    glsl_line(w, "uint sold = imageLoad(pica_shadow_map, sc).x;");
    glsl_open(w, "for (int n = 0; n < 64; n++)");
    glsl_line(w, "uint seen = imageAtomicCompSwap(pica_shadow_map, sc, sold, pica_shadow_update(sold, sd, ss));");
    glsl_line(w, "if (seen == sold)");
    glsl_line(w, "    break;");
    glsl_line(w, "sold = seen;");
    glsl_close(w, "");
}

void pica_fs_key_usage(const pica_fs_key *key, pica_fs_usage *out)
{
    memset(out, 0, sizeof *out);
    for (unsigned s = 0; s < 16; s++)
        if (pica_fs_tev_reads_source(key, s))
            out->src_used |= 1u << s;
    const pica_fs_lighting_key *l = &key->lighting;
    out->lighting = l->enable && (out->src_used & (3u << PICA_FS_TEV_SRC_FRAG_PRIMARY));
    out->fog = key->fog_mode == PICA_FS_FOG_ON;
    /* units read by the TEV, the bump map or the shadow term */
    unsigned units = (out->src_used >> PICA_FS_TEV_SRC_TEX0) & 15;
    if (out->lighting && l->bump_mode != PICA_FS_BUMP_NONE)
        units |= 1u << (l->bump_selector & 3);
    if (out->lighting && l->shadow_enable)
        units |= 1u << (l->shadow_selector & 3);
    out->units = units;
    out->proctex = ((units >> 3) & 1) && key->proctex.enable;
    out->shadow0 = (key->tex_enable & PICA_FS_TEX_UNIT0) && (units & 1) &&
                   (key->tex0_type == PICA_FS_TEX0_SHADOW_2D || key->tex0_type == PICA_FS_TEX0_SHADOW_CUBE);
}

const char *pica_fs_text(pica_fs_text_id id)
{
    switch (id) {
    case PICA_FS_TEXT_INTERFACE: return interface_text;
    case PICA_FS_TEXT_BYTE: return byte_helper_text;
    case PICA_FS_TEXT_DOT3: return dot3_text;
    case PICA_FS_TEXT_LIGHTING: return lighting_helpers_text;
    case PICA_FS_TEXT_PROCTEX_LUT: return proctex_lut_text;
    case PICA_FS_TEXT_PROCTEX_NOISE: return proctex_noise_text;
    case PICA_FS_TEXT_SHADOW_RENDER: return shadow_render_text;
    case PICA_FS_TEXT_VS_INTERFACE: return vs_interface_text;
    case PICA_FS_TEXT_VS_COPY: return vs_copy_text;
    case PICA_FS_TEXT_LIGHTING_FRAME: return lighting_frame_text;
    }
    return "";
}

bool pica_fs_generate(const pica_fs_key *key, const pica_fs_host *host, glhle_bytebuf *out)
{
    gen g = {.k = key,
             .gles = host && host->gles,
             .fetch = host && host->framebuffer_fetch,
             .blend = key->blend_rgb_eq || key->blend_alpha_eq,
             .logic = host && host->gles && key->logic_op != PICA_FS_LOGIC_NONE};
    g.dest = g.blend || g.logic;
    glsl_writer_init(&g.w, out);
    glsl_writer *w = &g.w;
    pica_fs_usage use;
    pica_fs_key_usage(key, &use);
    g.src_used = use.src_used;
    const bool lighting = use.lighting, fog = use.fog, proctex = use.proctex, shadow0 = use.shadow0;
    const unsigned units = use.units;

    write_header(&g);
    char hex[PICA_FS_KEY_HEX_SIZE];
    pica_fs_key_to_hex(key, hex);
    glsl_line(w, "/* glhle PICA fragment shader, key %s */", hex);
    text(&g, interface_text);
    glsl_line(w, "layout(location = 0) %s vec4 pica_frag_color;", g.dest && g.fetch ? "inout" : "out");
    if (g.dest && !g.fetch)
        text(&g, "layout(binding = 4) uniform sampler2D pica_dest;\n");
    if (lighting || fog || proctex)
        text(&g, "layout(binding = 3) uniform usamplerBuffer pica_luts;\n");
    write_samplers(&g);
    text(&g, byte_helper_text);
    for (unsigned i = 0; i < PICA_FS_TEV_STAGES; i++)
        if (key->tev[i].rgb_op == PICA_FS_TEV_OP_DOT3_RGB || key->tev[i].rgb_op == PICA_FS_TEV_OP_DOT3_RGBA) {
            text(&g, dot3_text);
            break;
        }
    if (lighting)
        text(&g, lighting_helpers_text);
    if (shadow0)
        write_shadow_helpers(&g);
    if (proctex)
        write_proctex(&g);
    if (key->shadow_render)
        text(&g, shadow_render_text);
    if (key->gas_render || key->fog_mode == PICA_FS_FOG_GAS)
        text(&g, gas_text);
    if (key->gas_render)
        text(&g, gas_render_text);

    glsl_open(w, "void main()");
    /* the interpolated colour rounds to bytes (Azahar's software rasterizer
     * rounds each channel of the interpolated colour to n/255) */
    if (g.src_used & (1u << PICA_FS_TEV_SRC_PRIMARY))
        glsl_line(w, "ivec4 s_primary = pica_byte4(pica_color);");
    /* depth: z/w from gl_FragCoord.z (see pica_fs.h for the vertex-stage
     * convention), then DEPTHMAP; in w-buffer mode times w (Azahar:
     * "z * scale + w * offset"), clamped to [0, 1] */
    glsl_line(w, "float depth = clamp(((gl_FragCoord.z - 1.0) * u.depth_map.x + u.depth_map.y)%s, 0.0, 1.0);",
              key->depth_wbuffer ? " / gl_FragCoord.w" : "");
    write_texture_reads(&g, units);
    if (lighting)
        write_lighting(&g);

    bool reads_buffer = (g.src_used >> PICA_FS_TEV_SRC_PREV_BUFFER) & 1;
    glsl_line(w, "ivec4 prev = ivec4(0);");
    if (reads_buffer) {
        /* the buffer a stage reads lags one stage behind the writes
         * (citra PR #1261, fincs's hardware finding); stage 0 reads zero */
        glsl_line(w, "ivec4 buf = ivec4(0);");
        glsl_line(w, "ivec4 next_buf = u.tev_buffer_init;");
    }
    for (unsigned i = 0; i < PICA_FS_TEV_STAGES; i++) {
        write_stage(&g, i);
        if (reads_buffer && i + 1 < PICA_FS_TEV_STAGES) {
            glsl_line(w, "buf = next_buf;");
            if (i < PICA_FS_TEV_BUFFER_STAGES) {
                if ((key->buffer_update_rgb >> i) & 1)
                    glsl_line(w, "next_buf.rgb = prev.rgb;");
                if ((key->buffer_update_a >> i) & 1)
                    glsl_line(w, "next_buf.a = prev.a;");
            }
        }
    }

    /* alpha test on the 8-bit alpha against the 8-bit reference */
    static const char *cmp[8] = {0, 0, "==", "!=", "<", "<=", ">", ">="};
    unsigned af = key->alpha_func & 7;
    if (af == PICA_FS_ALPHA_NEVER)
        glsl_line(w, "discard;");
    else if (af != PICA_FS_ALPHA_ALWAYS)
        glsl_line(w, "if (!(prev.a %s u.fog_color.w)) discard;", cmp[af]);

    if (fog) {
        /* Fog after the alpha test (Azahar's order). Fixed point: the depth
         * as 24 bits (flipped: 2^24 - 1 - d; 1.0 rounds to 2^24 in float,
         * hence the min); its top 7 bits pick one of 128
         * entries and the next 12 bits interpolate; the factor
         * (value + delta * frac) / 2047 is clamped to [0, 1] and mixes the
         * colour with the fog colour, rounded (GPUREG_FOG_LUT_DATAi
         * formats). */
        pica_fs_write_fog(w, key->fog_flip ? "" : NULL);
    } else if (key->fog_mode == PICA_FS_FOG_GAS) {
        glsl_line(w, "prev = pica_gas_shade(prev, %s, %s);", key->gas & PICA_FS_GAS_DENSITY_DEPTH ? "true" : "false",
                  key->gas & PICA_FS_GAS_LUT_LIGHT ? "true" : "false");
    }
    if (g.blend)
        write_blend(&g);
    if (g.logic)
        pica_fs_write_logic(w, key->logic_op - 1u, g.fetch);
    if (key->shadow_render)
        pica_fs_write_shadow_update(w);
    if (key->gas_render) {
        const unsigned func = (key->gas >> PICA_FS_GAS_DEPTH_FUNC_SHIFT) & 3;
        if (func == PICA_FS_GAS_DEPTH_NEVER)
            glsl_line(w, "discard;");
        else
            write_gas_update(w, func, (key->gas & PICA_FS_GAS_NO_READ) != 0);
    }
    glsl_line(w, "gl_FragDepth = depth;");
    glsl_line(w, "pica_frag_color = vec4(prev) / 255.0;");
    glsl_close(w, "");
    return glsl_writer_ok(w);
}

bool pica_fs_generate_passthrough_vs(const pica_fs_host *host, glhle_bytebuf *out)
{
    glsl_writer w;
    glsl_writer_init(&w, out);
    glsl_text(&w, host && host->gles ? "#version 320 es\nprecision highp float;\n" : "#version 450 core\n");
    glsl_text(&w, vs_interface_text);
    glsl_text(&w, "void main() {\n"
                  "    /* PICA clip z in [-w, 0] onto GL's [-w, w] (pica_fs.h) */\n"
                  "    gl_Position = vec4(a_position.xy, 2.0 * a_position.z + a_position.w, a_position.w);\n"
                  "    pica_color = min(abs(a_color), vec4(1.0));\n");
    glsl_text(&w, vs_copy_text);
    glsl_text(&w, "}\n");
    return glsl_writer_ok(&w);
}
