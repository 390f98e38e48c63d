/* Multisampled render targets (render_targets.h, docs/maxwell-memory.md).
 *
 * Memory: SET_COLOR_TARGET_WIDTH and HEIGHT stay in pixels; the target's
 * memory holds a (W << sx) x (H << sy) single-sample image in its layout,
 * each pixel a (1 << sx) x (1 << sy) block of its samples (yuzu's texture
 * cache: the sample-expanded guest size of `SamplesLog2`, 2 samples 2x1,
 * 4 2x2, 8 4x2). Which sample sits where in its block, and where it lies
 * in the pixel, is Mesa's nvc0 table (nvc0_context.c,
 * nvc0_get_sample_locations, positions in 1/16 pixel with the block
 * coordinates beside them), reproduced in SAMPLES below.
 *
 * GL: the surface is a GL_TEXTURE_2D_MULTISAMPLE of that many samples at
 * the scaled size, with the GL's fixed sample locations (an array's a
 * GL_TEXTURE_2D_MULTISAMPLE_ARRAY, its layers moved one at a time). At creation each
 * Maxwell sample is matched by position to the GL sample at the same
 * place (glGetMultisamplefv); when the GL has not that many samples for
 * the format, or puts one where the Maxwell has none, the target is
 * refused by name rather than drawn with samples in other places.
 * llvmpipe's 4x pattern is the standard one, which is the Maxwell's.
 *
 * Load and write-back go through a single-sampled image of the memory
 * image's size: loading draws one full-screen triangle into the multisample
 * image, at sample rate (the shader reads gl_SampleID), each sample taking
 * its memory texel (every scaled pixel of a native pixel the same);
 * write-back draws into the single-sampled image, each texel fetching
 * sample i from the scaled pixel that holds sample i's position in the
 * native pixel (x * scale + floor(scale * X_i / 16), likewise y), so a
 * written-back sample was drawn less than 1 / scale native pixels from
 * where the native sample lies, and at scale 1 exactly there. Values move as GL
 * reads and writes them (float, integer): bit-exact for the unorm, float
 * and integer formats; snorm (-128 and -127 both read -1.0) and sRGB
 * (decoded and encoded) are refused by render_targets.c. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "backend/gl/gl_util.h"
#include "backend/maxwell/render/compute.h"
#include "backend/maxwell/render/render_targets.h"

/* Mesa nvc0_get_sample_locations: x, y in 1/16 pixel, then the sample's
 * block coordinates (the table's comments) for 2, 4 and 8 samples. */
static const uint8_t SAMPLES2[2][4] = {{4, 4, 0, 0}, {12, 12, 1, 0}};
static const uint8_t SAMPLES4[4][4] = {{6, 2, 0, 0}, {14, 6, 1, 0}, {2, 10, 0, 1}, {10, 14, 1, 1}};
static const uint8_t SAMPLES8[8][4] = {{1, 7, 0, 0},  {5, 3, 1, 0},  {3, 13, 0, 1}, {7, 11, 1, 1},
                                       {9, 5, 2, 0},  {15, 1, 3, 0}, {11, 15, 2, 1}, {13, 9, 3, 1}};
/* The other modes' full (colour) samples, from envytools
 * docs/hw/memory/g80-surface.rst ("Multisample modes": position in 1/16
 * pixel, then the place in the pixel's block), which agrees with the
 * tables above for MS2, MS4 and MS8: MS2_ALT and MS8_ALT (the D3D modes:
 * the same places numbered otherwise; envytools numbers them 4 and 5 with
 * a question, clb197.h 2X1_D3D 5 and 4X2_D3D 4: they are matched here by
 * their blocks, 2x1 and 4x2), MS4_CS12 (2X2_VC_12) and MS8_CS8
 * (4X2_VC_8); MS4_CS4's (2X2_VC_4) are MS4's. */
static const uint8_t D3D2[2][4] = {{12, 12, 1, 0}, {4, 4, 0, 0}};
static const uint8_t D3D8[8][4] = {{9, 5, 2, 0}, {7, 11, 1, 1}, {13, 9, 3, 1}, {5, 3, 1, 0},
                                   {3, 13, 0, 1}, {1, 7, 0, 0},  {11, 15, 2, 1}, {15, 1, 3, 0}};
static const uint8_t VC12[4][4] = {{6, 1, 0, 0}, {15, 6, 1, 0}, {1, 10, 0, 1}, {10, 15, 1, 1}};
static const uint8_t VC8[8][4] = {{1, 3, 0, 0},  {6, 4, 1, 0},  {3, 15, 0, 1}, {4, 11, 1, 1},
                                  {12, 1, 2, 0}, {14, 7, 3, 0}, {8, 8, 2, 1},  {15, 13, 3, 1}};

/* KIND_D24 and KIND_S8 write a 24-bit depth sample's bytes, and its
 * stencil's, into an RGBA8UI image (zeta_transfer) */
enum { KIND_FLOAT, KIND_UINT, KIND_SINT, KIND_DEPTH, KIND_STENCIL, KIND_D24, KIND_S8, KIND_COUNT };

struct mw_msaa {
    GLuint load[KIND_COUNT], store[2][KIND_COUNT]; /* linked on first use; store: from a 2D or an array surface */
    GLuint zload, ztop;                         /* ZLOAD_FS, ZTOP_FS, likewise */
    GLuint vao;
    int d24;                      /* d24_check: 0 undecided, 1 exact, 2 probing, -1 not exact */
    uint32_t d24_sent, d24_got;   /* where -1: the first probe sample that came back otherwise */
};

static glhle_result d24_check(mw_render *r, const mw_surface *s);

void mw_msaa_fini(mw_render *r)
{
    mw_msaa *m = r->msaa;
    if (!m)
        return;
    if (!r->gl_lost) {
        const GladGLContext *gl = &r->ctx->gl;
        for (int i = 0; i < KIND_COUNT; i++) {
            gl->DeleteProgram(m->load[i]);
            gl->DeleteProgram(m->store[0][i]);
            gl->DeleteProgram(m->store[1][i]);
        }
        gl->DeleteProgram(m->zload);
        gl->DeleteProgram(m->ztop);
        gl->DeleteVertexArrays(1, &m->vao);
    }
    free(m);
    r->msaa = NULL;
}

static const uint8_t (*samples_of(uint32_t n, uint8_t places))[4]
{
    switch (places) {
    case MW_AA_PLACES_STD: return n == 2 ? SAMPLES2 : n == 4 ? SAMPLES4 : n == 8 ? SAMPLES8 : NULL;
    case MW_AA_PLACES_D3D: return n == 2 ? D3D2 : n == 8 ? D3D8 : NULL;
    case MW_AA_PLACES_VC_12: return n == 4 ? VC12 : NULL;
    case MW_AA_PLACES_VC_8: return n == 8 ? VC8 : NULL;
    default: return NULL;
    }
}

/* A surface's multisample texture target: an array's holds its layers */
static GLenum ms_target(const mw_surface *s)
{
    return s->d.depth ? GL_TEXTURE_2D_MULTISAMPLE_ARRAY : GL_TEXTURE_2D_MULTISAMPLE;
}

glhle_result mw_msaa_create(mw_render *r, mw_surface *s)
{
    const mw_surface_desc *d = &s->d;
    const uint32_t n = 1u << (d->sx + d->sy);
    const uint8_t (*tab)[4] = samples_of(n, d->places);
    const GladGLContext *gl = &r->ctx->gl;
    if (!tab)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: %u-sample targets are not supported", n);
    GLint have = 0;
    gl->GetInternalformativ(ms_target(s), d->format->gl_internal, GL_SAMPLES, 1, &have);
    /* GL_SAMPLES lists the counts from the largest down; any count between
     * 1 and the largest need not exist, so the texture's own is read below */
    if (have < (GLint)n)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: multisampled %s target: the GL has at "
                          "most %d samples for the format, the target %u", d->format->name, have, n);
    gl->CreateTextures(ms_target(s), 1, &s->tex);
    if (d->depth)
        gl->TextureStorage3DMultisample(s->tex, (GLsizei)n, d->format->gl_internal, (GLsizei)(d->width * r->scale),
                                        (GLsizei)(d->height * r->scale), (GLsizei)d->depth, GL_TRUE);
    else
        gl->TextureStorage2DMultisample(s->tex, (GLsizei)n, d->format->gl_internal, (GLsizei)(d->width * r->scale),
                                        (GLsizei)(d->height * r->scale), GL_TRUE);
    GLint got = 0;
    gl->GetTextureLevelParameteriv(s->tex, 0, GL_TEXTURE_SAMPLES, &got);
    glhle_result res = GLHLE_RESULT_OK;
    if (got != (GLint)n)
        res = GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: multisampled %s target: the GL made %d "
                         "samples for %u (its sample counts do not include the target's)", d->format->name, got, n);
    /* the positions belong to the framebuffer: a scratch one with the image */
    GLuint fbo = 0;
    if (res == GLHLE_RESULT_OK) {
        gl->CreateFramebuffers(1, &fbo);
        const GLenum point = d->format->cls == MW_RT_DEPTH           ? GL_DEPTH_ATTACHMENT
                             : d->format->cls == MW_RT_DEPTH_STENCIL ? GL_DEPTH_STENCIL_ATTACHMENT
                                                                     : GL_COLOR_ATTACHMENT0;
        if (d->depth) /* every layer has the texture's samples */
            gl->NamedFramebufferTextureLayer(fbo, point, s->tex, 0, 0);
        else
            gl->NamedFramebufferTexture(fbo, point, s->tex, 0);
        gl_state_framebuffer(&r->st, fbo);
        bool used[8] = {false};
        for (uint32_t i = 0; i < n && res == GLHLE_RESULT_OK; i++) {
            GLfloat p[2] = {-1, -1};
            gl->GetMultisamplefv(GL_SAMPLE_POSITION, i, p);
            uint32_t k = 0;
            while (k < n && (used[k] || p[0] * 16.0f - tab[k][0] > 0.25f || tab[k][0] - p[0] * 16.0f > 0.25f ||
                             p[1] * 16.0f - tab[k][1] > 0.25f || tab[k][1] - p[1] * 16.0f > 0.25f))
                k++;
            if (k == n) {
                res = GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: multisampled %s target: the GL's "
                                 "sample %u of %u lies at (%.4f, %.4f), where the Maxwell has none",
                                 d->format->name, i, n, (double)p[0], (double)p[1]);
                break;
            }
            used[k] = true;
            s->gl_sample[tab[k][3] << d->sx | tab[k][2]] = (uint8_t)i;
        }
        gl_state_framebuffer(&r->st, 0);
        gl->DeleteFramebuffers(1, &fbo);
    }
    if (res == GLHLE_RESULT_OK && d->zeta && d->format->gl_type == GL_UNSIGNED_INT_24_8)
        res = d24_check(r, s);
    if (res != GLHLE_RESULT_OK) {
        gl->DeleteTextures(1, &s->tex);
        s->tex = 0;
    }
    return res;
}

/* ---- the passes ---- */

/* one triangle over the whole target: (-1,-1), (3,-1), (-1,3) */
static const char *const VS =
    "void main() {\n"
    "    vec2 p = vec2(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID & 2) * 2 - 1));\n"
    "    gl_Position = vec4(p, 0.0, 1.0);\n"
    "}\n";

static int kind_of(const mw_rt_format *f)
{
    return f->cls == MW_RT_UINT ? KIND_UINT : f->cls == MW_RT_SINT ? KIND_SINT : KIND_FLOAT;
}

/* A 24-bit depth sample's n from the float the GL fetches for it. Mesa's
 * gallivm (llvmpipe) fetches float(n) * float(1 / (2^24 - 1)), one
 * rounded multiply by 0x33800001 (lp_build_unsigned_norm_to_float, for
 * widths up to the 24 bits of a float's significand); a GL that converts
 * exactly fetches the float nearest n / (2^24 - 1). Both increase with
 * n and lie within two steps of round(f x (2^24 - 1)) (every n checked
 * while this was written): the candidates there are tried, Mesa's form
 * first (`precise`: no fused or reordered multiply), the largest first.
 * Mesa's form gives 1.0 for both 2^24 - 2 and 2^24 - 1 (the one place it
 * is not one to one): 1.0 reads as 2^24 - 1, and the samples holding
 * 2^24 - 2 are found by the depth test instead (d24_store). Writing f
 * back as gl_FragDepth is not exact (llvmpipe's round(f x (2^24 - 1)) in
 * float moves about a third of random samples by one). d24_check makes
 * sure, once per GL, that its samples come back. */
static const char *const D24_OF =
    "uint d24_of(float f) {\n"
    "    int n0 = int(clamp(f, 0.0, 1.0) * 16777215.0 + 0.5);\n"
    "    for (int k = 2; k >= -2; k--) {\n"
    "        int n = clamp(n0 + k, 0, 0xFFFFFF);\n"
    "        precise float g = float(n) * uintBitsToFloat(0x33800001u);\n"
    "        if (g == f)\n"
    "            return uint(n);\n"
    "    }\n"
    "    for (int k = -2; k <= 2; k++) {\n"
    "        int n = clamp(n0 + k, 0, 0xFFFFFF);\n"
    "        if (nearest(uint(n), 0xFFFFFFu) == f)\n"
    "            return uint(n);\n"
    "    }\n"
    "    return uint(clamp(n0, 0, 0xFFFFFF));\n"
    "}\n";

/* uniforms: location 0 ivec2 (sx, sy), 1 int scale, 2-9 the sample map
 * (load: each GL sample's block position; store: each block position's
 * GL sample and the scaled pixel in the native one that holds its
 * position); a store from an array surface (`array`) reads layer 12 */
static glhle_result program(mw_render *r, int kind, bool load, bool array, GLuint *out)
{
    mw_msaa *m = r->msaa;
    array = array && !load;
    GLuint *p = load ? &m->load[kind] : &m->store[array][kind];
    if (*p) {
        *out = *p;
        return GLHLE_RESULT_OK;
    }
    const bool es = r->ctx->info.gles;
    const char *prefix = kind == KIND_UINT || kind == KIND_STENCIL || kind == KIND_S8 ? "u"
                         : kind == KIND_SINT                                         ? "i"
                                                                                     : "";
    /* zeta: the sample's depth as the fragment's, or its stencil's bit
     * `bit` (location 10) as whether the fragment survives; 24-bit depth:
     * the sample's bytes as GL_UNSIGNED_INT_24_8 lays them out (stencil
     * in byte 0, depth in bytes 1-3 from the least significant) */
    const char *out_decl = kind == KIND_DEPTH ? "" : kind == KIND_STENCIL ? "layout(location = 10) uniform int bit;\n"
                           : kind == KIND_D24 ? "layout(location = 0) out uvec4 o;\n"
                                                "layout(binding = 1) uniform highp sampler2DMS top;\n"
                           : kind == KIND_UINT || kind == KIND_S8 ? "layout(location = 0) out uvec4 o;\n"
                           : kind == KIND_SINT ? "layout(location = 0) out ivec4 o;\n"
                                               : "layout(location = 0) out vec4 o;\n";
    const char *assign = kind == KIND_DEPTH     ? "gl_FragDepth = v.r;\n"
                         : kind == KIND_STENCIL ? "if (((v.r >> uint(bit)) & 1u) == 0u)\n        discard;\n"
                         : kind == KIND_D24     ? "uint n = d24_of(v.r);\n"
                                                  "    if (n == 0xFFFFFFu && texelFetch(top, p * scale + at.yz, at.x).r > 0.5)\n"
                                                  "        n = 0xFFFFFEu;\n"
                                                  "    o = uvec4(0u, n & 0xFFu, (n >> 8) & 0xFFu, n >> 16);\n"
                         : kind == KIND_S8      ? "o = uvec4(v.r & 0xFFu, 0u, 0u, 0u);\n"
                                                : "o = v;\n";
    char vs[512], fs[4096];
    snprintf(vs, sizeof vs, "%s\n%s", r->ctx->glsl_version_line, VS);
    const char *prec = es ? "precision highp float;\nprecision highp int;\nprecision highp sampler2D;\n"
                            "precision highp isampler2D;\nprecision highp usampler2D;\n"
                            "precision highp sampler2DMS;\nprecision highp isampler2DMS;\n"
                            "precision highp usampler2DMS;\nprecision highp sampler2DMSArray;\n"
                            "precision highp isampler2DMSArray;\nprecision highp usampler2DMSArray;\n"
                          : "";
    if (load)
        snprintf(fs, sizeof fs,
                 "%s\n%s"
                 "layout(binding = 0) uniform %ssampler2D src;\n"
                 "layout(location = 0) uniform ivec2 shift;\n"
                 "layout(location = 1) uniform int scale;\n"
                 "layout(location = 2) uniform ivec2 block[8];\n"
                 "%s"
                 "void main() {\n"
                 "    ivec2 p = ivec2(gl_FragCoord.xy) / scale;\n"
                 "    %svec4 v = texelFetch(src, ivec2(p.x << shift.x, p.y << shift.y) + block[gl_SampleID], 0);\n"
                 "    %s"
                 "}\n",
                 r->ctx->glsl_version_line, prec, prefix, out_decl, prefix, assign);
    else
        snprintf(fs, sizeof fs,
                 "%s\n%s"
                 "layout(binding = 0) uniform %ssampler2DMS%s src;\n"
                 "layout(location = 0) uniform ivec2 shift;\n"
                 "layout(location = 1) uniform int scale;\n"
                 "layout(location = 2) uniform ivec4 sample_at[8];\n"
                 "%s%s%s%s"
                 "void main() {\n"
                 "    ivec2 q = ivec2(gl_FragCoord.xy);\n"
                 "    ivec2 p = ivec2(q.x >> shift.x, q.y >> shift.y);\n"
                 "    ivec2 b = q - ivec2(p.x << shift.x, p.y << shift.y);\n"
                 "    ivec4 at = sample_at[(b.y << shift.x) + b.x];\n"
                 "    %svec4 v = texelFetch(src, %s, at.x);\n"
                 "    %s"
                 "}\n",
                 r->ctx->glsl_version_line, prec, prefix, array ? "Array" : "",
                 array ? "layout(location = 12) uniform int layer;\n" : "", out_decl,
                 kind == KIND_D24 ? MW_GLSL_NEAREST : "", kind == KIND_D24 ? D24_OF : "", prefix,
                 array ? "ivec3(p * scale + at.yz, layer)" : "p * scale + at.yz", assign);
    glhle_result res = gl_link_program(r->ctx, vs, fs, p);
    if (res != GLHLE_RESULT_OK) {
        *p = 0;
        return res;
    }
    *out = *p;
    return GLHLE_RESULT_OK;
}

void mw_plain_pass_state(mw_render *r, GLuint fbo, GLint x, GLint y, GLint w, GLint h, GLuint prog, GLuint vao,
                         bool srgb_off)
{
    gl_state *st = &r->st;
    gl_state_raster_defaults(st);
    gl_state_framebuffer(st, fbo);
    gl_state_viewport(st, x, y, w, h);
    gl_state_scissor(st, false, 0, 0, 0, 0);
    gl_state_cull(st, false, GL_BACK, GL_CCW);
    gl_state_depth(st, false, GL_ALWAYS, false);
    gl_stencil sm = {.enable = 0, .func = GL_ALWAYS, .ref = 0, .func_mask = 0xFF, .write_mask = 0,
                     .sfail = GL_KEEP, .dpfail = GL_KEEP, .dppass = GL_KEEP};
    gl_state_stencil(st, &sm);
    gl_blend b = {0};
    gl_state_blend(st, &b);
    gl_state_logic_op(st, false, GL_COPY);
    gl_state_color_mask(st, true, true, true, true);
    gl_state_clip_distance0(st, false);
    if (srgb_off)
        gl_state_raster_cap(st, GL_RASTER_FRAMEBUFFER_SRGB, false);
    gl_state_program(st, prog);
    gl_state_vertex_array(st, vao);
}

void mw_msaa_sample_map(const mw_render *r, const mw_surface *s, GLint map[32])
{
    const mw_surface_desc *d = &s->d;
    const uint32_t n = 1u << (d->sx + d->sy);
    const uint8_t (*tab)[4] = samples_of(n, d->places);
    for (uint32_t b = 0; b < n; b++) { /* block position b takes GL sample i, at the Maxwell sample's place */
        const uint32_t bx = b & ((1u << d->sx) - 1), by = b >> d->sx;
        uint32_t k = 0;
        while (tab[k][2] != bx || tab[k][3] != by)
            k++;
        map[4 * b] = (GLint)s->gl_sample[b];
        map[4 * b + 1] = (GLint)(r->scale * tab[k][0] / 16);
        map[4 * b + 2] = (GLint)(r->scale * tab[k][1] / 16);
        map[4 * b + 3] = 0;
    }
}

void mw_msaa_fetch_map(const mw_render *r, const mw_surface *s, GLint map[32])
{
    const uint32_t n = 1u << (s->d.sx + s->d.sy);
    const uint8_t (*tab)[4] = samples_of(n, s->d.places);
    GLint by_block[32];
    mw_msaa_sample_map(r, s, by_block);
    for (uint32_t k = 0; k < n; k++)
        memcpy(map + 4 * k, by_block + 4 * ((tab[k][3] << s->d.sx) | tab[k][2]), 4 * sizeof *map);
}

/* The passes' uniforms: the block's shift, the scale, the sample map
 * (load: each GL sample's block position; store: mw_msaa_sample_map). */
static void map_uniforms(mw_render *r, const mw_surface *s, GLuint prog, bool upload, uint32_t layer)
{
    const mw_surface_desc *d = &s->d;
    const uint32_t n = 1u << (d->sx + d->sy);
    const GladGLContext *gl = &r->ctx->gl;
    GLint map[32];
    gl->ProgramUniform2i(prog, 0, d->sx, d->sy);
    gl->ProgramUniform1i(prog, 1, (GLint)r->scale);
    if (upload) {
        for (uint32_t b = 0; b < n; b++) { /* GL sample i reads block position b */
            const uint32_t i = s->gl_sample[b];
            map[2 * i] = (GLint)(b & ((1u << d->sx) - 1));
            map[2 * i + 1] = (GLint)(b >> d->sx);
        }
        gl->ProgramUniform2iv(prog, 2, (GLsizei)n, map);
    } else {
        mw_msaa_sample_map(r, s, map);
        gl->ProgramUniform4iv(prog, 2, (GLsizei)n, map);
        if (d->depth) /* the array store programs' layer */
            gl->ProgramUniform1i(prog, 12, (GLint)layer);
    }
}

const char *const MW_GLSL_NEAREST =
    "float nearest(uint n, uint M) {\n"
    "    if (n == 0u)\n"
    "        return 0.0;\n"
    "    if (n >= M)\n"
    "        return 1.0;\n"
    "    uint r = n, q = 0u;\n"
    "    int k = 0;\n"
    "    for (int i = 0; i < 64 && q < 0x1000000u; i++) {\n"
    "        r <<= 1;\n"
    "        uint b = r >= M ? 1u : 0u;\n"
    "        r -= b * M;\n"
    "        q = q * 2u + b;\n"
    "        k++;\n"
    "    }\n"
    "    uint m = q >> 1;\n"
    "    if ((q & 1u) != 0u && (r != 0u || (m & 1u) != 0u))\n"
    "        m++;\n"
    "    return ldexp(float(m), 1 - k);\n"
    "}\n";

/* Loading zeta samples: the memory texels as integers (an R16UI, R32UI or
 * RG32UI image of the client layout's bytes), each sample's depth made
 * exactly from them (uniform 11: 0 Z16 n / 65535, 1 24_8 (w >> 8) /
 * (2^24 - 1) and the stencil w & 0xFF, 2 a float's bits, with the stencil
 * in the second word's low byte for 3) and written as gl_FragDepth, or
 * (uniform 10 `bit` >= 0) the fragment kept only where that stencil bit
 * is set. n / M goes to the float nearest it by long division, so a
 * conversion to fixed point by round(f x M) gives n back (|f x M - n| <
 * 1/2 for M below 2^24; for M = 2^24 - 1 the float nearest n / M gives
 * n back through llvmpipe's round(f x M) in float: every n checked against
 * a C model of that conversion while this was written). */
static const char *const ZLOAD_FS =
    "layout(binding = 0) uniform highp usampler2D src;\n"
    "layout(location = 0) uniform ivec2 shift;\n"
    "layout(location = 1) uniform int scale;\n"
    "layout(location = 2) uniform ivec2 block[8];\n"
    "layout(location = 10) uniform int bit;\n"
    "layout(location = 11) uniform int fmt;\n"
    "void main() {\n"
    "    ivec2 p = ivec2(gl_FragCoord.xy) / scale;\n"
    "    uvec4 w = texelFetch(src, ivec2(p.x << shift.x, p.y << shift.y) + block[gl_SampleID], 0);\n"
    "    if (bit >= 0) {\n"
    "        uint st = fmt == 1 ? w.r & 0xFFu : w.g & 0xFFu;\n"
    "        if (((st >> uint(bit)) & 1u) == 0u)\n"
    "            discard;\n"
    "        return;\n"
    "    }\n"
    "    gl_FragDepth = fmt == 0 ? nearest(w.r, 0xFFFFu) : fmt == 1 ? nearest(w.r >> 8, 0xFFFFFFu)\n"
    "                                                       : uintBitsToFloat(w.r);\n"
    "}\n";

/* A sample image's framebuffers were incomplete: they and the image go. */
static glhle_result no_framebuffer(mw_render *r, const mw_surface_desc *d, GLuint *fbo, GLsizei n, GLuint tex)
{
    r->ctx->gl.DeleteFramebuffers(n, fbo);
    r->ctx->gl.DeleteTextures(1, &tex);
    return GLHLE_FAIL(r->io.log, GLHLE_RESULT_GL_ERROR, "maxwell: no framebuffer for a %s sample image",
                      d->format->name);
}

/* Every sample of the bound depth buffer equal to 2^24 - 2 (the float
 * nearest (2^24 - 2) / (2^24 - 1), 1 - 2^-24, converts to it) */
static const char *const ZTOP_FS =
    "layout(location = 0) out vec4 o;\n"
    "void main() {\n"
    "    gl_FragDepth = uintBitsToFloat(0x3F7FFFFFu);\n"
    "    o = vec4(1.0);\n"
    "}\n";

/* Write-back of 24-bit depth samples: the depth and stencil of each sample
 * as the bytes of a GL_UNSIGNED_INT_24_8 word, written into an RGBA8UI
 * image of the memory image's size (the depth's three bytes from the
 * fetched float by d24_of under a colour mask, then the stencil's from
 * the texture's STENCIL_INDEX mode) and read back as bytes; first a
 * depth-EQUAL pass marks, in a multisampled R8 image of the target's
 * samples, those holding 2^24 - 2, which the fetch cannot tell from
 * 2^24 - 1. */
static glhle_result d24_store(mw_render *r, mw_surface *s, uint32_t z, uint8_t *lin, size_t lin_size)
{
    const mw_surface_desc *d = &s->d;
    const GladGLContext *gl = &r->ctx->gl;
    mw_msaa *m = r->msaa;
    const GLenum target = ms_target(s);
    GLuint dprog, sprog;
    glhle_result res = program(r, KIND_D24, false, d->depth, &dprog);
    if (res == GLHLE_RESULT_OK)
        res = program(r, KIND_S8, false, d->depth, &sprog);
    if (res == GLHLE_RESULT_OK && !m->ztop) {
        char vs[512], fs[1024];
        snprintf(vs, sizeof vs, "%s\n%s", r->ctx->glsl_version_line, VS);
        snprintf(fs, sizeof fs, "%s\n%s%s", r->ctx->glsl_version_line,
                 r->ctx->info.gles ? "precision highp float;\n" : "", ZTOP_FS);
        res = gl_link_program(r->ctx, vs, fs, &m->ztop);
        if (res != GLHLE_RESULT_OK)
            m->ztop = 0;
    }
    if (res != GLHLE_RESULT_OK)
        return res;
    const GLsizei mw = (GLsizei)(d->width << d->sx), mh = (GLsizei)(d->height << d->sy);
    const GLsizei sw = (GLsizei)(d->width * r->scale), sh = (GLsizei)(d->height * r->scale);
    GLuint tex = 0, top = 0, fbo[2] = {0, 0};
    gl->CreateTextures(GL_TEXTURE_2D, 1, &tex);
    gl->TextureStorage2D(tex, 1, GL_RGBA8UI, mw, mh);
    gl->CreateTextures(GL_TEXTURE_2D_MULTISAMPLE, 1, &top);
    gl->TextureStorage2DMultisample(top, 1 << (d->sx + d->sy), GL_R8, sw, sh, GL_TRUE);
    gl->CreateFramebuffers(2, fbo);
    gl->NamedFramebufferTexture(fbo[0], GL_COLOR_ATTACHMENT0, tex, 0);
    gl->NamedFramebufferTexture(fbo[1], GL_COLOR_ATTACHMENT0, top, 0);
    if (d->depth)
        gl->NamedFramebufferTextureLayer(fbo[1], GL_DEPTH_STENCIL_ATTACHMENT, s->tex, 0, (GLint)z);
    else
        gl->NamedFramebufferTexture(fbo[1], GL_DEPTH_STENCIL_ATTACHMENT, s->tex, 0);
    if (gl->CheckNamedFramebufferStatus(fbo[0], GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE ||
        gl->CheckNamedFramebufferStatus(fbo[1], GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        gl->DeleteTextures(1, &top);
        return no_framebuffer(r, d, fbo, 2, tex);
    }
    uint32_t counting; /* the passes are no part of a counted draw */
    mw_query_suspend(r, &counting);
    const GLfloat clear[4] = {0, 0, 0, 0};
    mw_plain_pass_state(r, fbo[1], 0, 0, sw, sh, m->ztop, m->vao, false);
    gl->ClearNamedFramebufferfv(fbo[1], GL_COLOR, 0, clear);
    gl_state_depth(&r->st, true, GL_EQUAL, false);
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    gl_state_depth(&r->st, false, GL_ALWAYS, false);
    map_uniforms(r, s, dprog, false, z);
    map_uniforms(r, s, sprog, false, z);
    mw_plain_pass_state(r, fbo[0], 0, 0, mw, mh, dprog, m->vao, false);
    gl->TextureParameteri(s->tex, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
    gl_state_texture(&r->st, 0, target, s->tex);
    gl_state_sampler(&r->st, 0, 0);
    gl_state_texture(&r->st, 1, GL_TEXTURE_2D_MULTISAMPLE, top);
    gl_state_sampler(&r->st, 1, 0);
    gl_state_color_mask(&r->st, false, true, true, true);
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    gl->TextureParameteri(s->tex, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
    gl_state_program(&r->st, sprog);
    gl_state_color_mask(&r->st, true, false, false, false);
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    gl->TextureParameteri(s->tex, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
    gl_state_color_mask(&r->st, true, true, true, true);
    gl_state_texture(&r->st, 1, GL_TEXTURE_2D_MULTISAMPLE, 0);
    gl_state_texture(&r->st, 0, target, 0);
    gl_pixel_store(r->ctx, 0, 1);
    gl->GetTextureImage(tex, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, (GLsizei)lin_size, lin);
    gl_state_framebuffer(&r->st, 0);
    gl->DeleteFramebuffers(2, fbo);
    gl->DeleteTextures(1, &tex);
    gl->DeleteTextures(1, &top);
    mw_query_resume(r, counting);
    return GLHLE_RESULT_OK;
}

/* Depth and stencil samples. Loading (ZLOAD_FS) draws at sample rate
 * into the multisampled image; write-back draws each memory texel into a
 * single-sampled depth(-stencil) image of the memory image's size, its
 * depth the sample's as the GL fetches it (as gl_FragDepth), and reads it
 * in the format's client layout. The stencil moves one bit a pass (8
 * passes after clearing it to 0: a sample whose bit is clear is
 * discarded, the rest REPLACE that bit of 0xFF under a one-bit write
 * mask), read back through the multisample texture's STENCIL_INDEX mode,
 * so no stencil export is needed (ES has none). gl_FragDepth is clamped to
 * [0, 1]: ZF32 samples outside that (or NaN) do not come back as they
 * were. */
static glhle_result zeta_transfer(mw_render *r, mw_surface *s, uint32_t z, uint8_t *lin, size_t lin_size,
                                  bool upload)
{
    const mw_surface_desc *d = &s->d;
    const GladGLContext *gl = &r->ctx->gl;
    const bool stencil = d->format->cls == MW_RT_DEPTH_STENCIL;
    mw_msaa *m = r->msaa;
    GLuint dprog, sprog = 0;
    glhle_result res = GLHLE_RESULT_OK;
    if (!upload && d->format->gl_type == GL_UNSIGNED_INT_24_8)
        return d24_store(r, s, z, lin, lin_size);
    if (upload) {
        if (!m->zload) {
            char vs[512], fs[4096];
            const char *prec = r->ctx->info.gles ? "precision highp float;\nprecision highp int;\n"
                                                   "precision highp usampler2D;\n" : "";
            snprintf(vs, sizeof vs, "%s\n%s", r->ctx->glsl_version_line, VS);
            snprintf(fs, sizeof fs, "%s\n%s%s%s", r->ctx->glsl_version_line, prec, MW_GLSL_NEAREST, ZLOAD_FS);
            res = gl_link_program(r->ctx, vs, fs, &m->zload);
            if (res != GLHLE_RESULT_OK)
                m->zload = 0;
        }
        dprog = sprog = m->zload;
    } else {
        res = program(r, KIND_DEPTH, false, d->depth, &dprog);
        if (res == GLHLE_RESULT_OK && stencil)
            res = program(r, KIND_STENCIL, false, d->depth, &sprog);
    }
    if (res != GLHLE_RESULT_OK)
        return res;
    const GLsizei mw = (GLsizei)(d->width << d->sx), mh = (GLsizei)(d->height << d->sy);
    GLuint tex = 0, fbo = 0;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &tex);
    /* integer and stencil textures filtered otherwise are incomplete (GL 4.5 8.17) */
    gl->TextureParameteri(tex, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gl->TextureParameteri(tex, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gl_pixel_store(r->ctx, 0, 1);
    const GLint fmt = d->format->bytes == 2 ? 0 : d->format->gl_type == GL_UNSIGNED_INT_24_8 ? 1
                      : d->format->bytes == 4 ? 2 : 3;
    if (upload) { /* the texels' bytes as integers */
        const GLenum in = fmt == 0 ? GL_R16UI : fmt == 3 ? GL_RG32UI : GL_R32UI;
        gl->TextureStorage2D(tex, 1, in, mw, mh);
        gl->TextureSubImage2D(tex, 0, 0, 0, mw, mh, fmt == 3 ? GL_RG_INTEGER : GL_RED_INTEGER,
                              fmt == 0 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT, lin);
        gl->ProgramUniform1i(m->zload, 11, fmt);
        gl->ProgramUniform1i(m->zload, 10, -1);
    } else {
        gl->TextureStorage2D(tex, 1, d->format->gl_internal, mw, mh);
        gl->CreateFramebuffers(1, &fbo);
        gl->NamedFramebufferTexture(fbo, stencil ? GL_DEPTH_STENCIL_ATTACHMENT : GL_DEPTH_ATTACHMENT, tex, 0);
        if (gl->CheckNamedFramebufferStatus(fbo, GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
            return no_framebuffer(r, d, &fbo, 1, tex);
    }
    uint32_t counting; /* the passes are no part of a counted draw */
    mw_query_suspend(r, &counting);
    /* from the single-sampled image into the multisampled one, or back */
    const GLuint from = upload ? tex : s->tex, to_fbo = upload ? mw_render_slice_fbo(r, s, z) : fbo;
    const GLenum target = upload ? GL_TEXTURE_2D : ms_target(s);
    const GLint w = upload ? (GLint)(d->width * r->scale) : mw, h = upload ? (GLint)(d->height * r->scale) : mh;
    map_uniforms(r, s, dprog, upload, z);
    mw_plain_pass_state(r, to_fbo, 0, 0, w, h, dprog, r->msaa->vao, false);
    gl_state_depth(&r->st, true, GL_ALWAYS, true);
    if (stencil && !upload)
        gl->TextureParameteri(from, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
    gl_state_texture(&r->st, 0, target, from);
    gl_state_sampler(&r->st, 0, 0);
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    if (stencil) {
        gl_stencil sm = {.enable = 0, .func = GL_ALWAYS, .ref = 0xFF, .func_mask = 0xFF, .write_mask = 0xFF,
                         .sfail = GL_REPLACE, .dpfail = GL_REPLACE, .dppass = GL_REPLACE};
        gl_state_depth(&r->st, false, GL_ALWAYS, false);
        gl_state_stencil(&r->st, &sm);
        const GLint zero = 0;
        gl->ClearNamedFramebufferiv(to_fbo, GL_STENCIL, 0, &zero);
        if (!upload) {
            gl->TextureParameteri(from, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
            map_uniforms(r, s, sprog, upload, z);
            gl_state_program(&r->st, sprog);
        }
        sm.enable = 1;
        for (int bit = 0; bit < 8; bit++) {
            sm.write_mask = 1u << bit;
            gl_state_stencil(&r->st, &sm);
            gl->ProgramUniform1i(sprog, 10, bit);
            gl->DrawArrays(GL_TRIANGLES, 0, 3);
        }
        if (!upload)
            gl->TextureParameteri(from, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
        sm.enable = 0;
        sm.write_mask = 0;
        sm.sfail = sm.dpfail = sm.dppass = GL_KEEP;
        gl_state_stencil(&r->st, &sm);
    }
    gl_state_texture(&r->st, 0, target, 0);
    if (!upload)
        gl->GetTextureImage(tex, 0, d->format->gl_format, d->format->gl_type, (GLsizei)lin_size, lin);
    gl_state_framebuffer(&r->st, 0);
    gl->DeleteFramebuffers(1, &fbo);
    gl->DeleteTextures(1, &tex);
    mw_query_resume(r, counting);
    return res;
}

static glhle_result msaa_state(mw_render *r)
{
    if (!r->msaa) {
        r->msaa = calloc(1, sizeof *r->msaa);
        if (!r->msaa)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for multisampling");
        r->ctx->gl.CreateVertexArrays(1, &r->msaa->vao);
    }
    return GLHLE_RESULT_OK;
}

/* d24_of assumes one of two fetches and the load assumes a conversion to
 * fixed point by rounding, so before the first 24-bit target of a GL is
 * drawn a 16x16 one of its sample block goes through load and write-back
 * with depths at the edges of the float ranges (0, 1, 2, 2^23 - 1, 2^23,
 * 2^23 + 1, 2^24 - 3 to 2^24 - 1) and pseudo-random ones, stencil bytes
 * beside them; if any comes back otherwise, 24-bit multisampled targets
 * are refused on this GL (rather than written back with wrong depths). */
static void d24_probe(mw_render *r, const mw_surface *like)
{
    static const uint32_t EDGES[9] = {0, 1, 2, 0x7FFFFF, 0x800000, 0x800001, 0xFFFFFD, 0xFFFFFE, 0xFFFFFF};
    mw_msaa *m = r->msaa;
    const GladGLContext *gl = &r->ctx->gl;
    mw_surface p;
    memset(&p, 0, sizeof p);
    p.d = like->d;
    p.d.width = p.d.height = 16;
    const size_t n = (size_t)(16u << p.d.sx) * (16u << p.d.sy);
    uint32_t *sent = malloc(2 * n * sizeof *sent);
    if (!sent || mw_msaa_create(r, &p) != GLHLE_RESULT_OK) {
        m->d24 = 0; /* undecided: no probe could be made */
        free(sent);
        return;
    }
    m->d24 = 0;
    uint32_t *got = sent + n, seed = 0x2545F491u;
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1664525u + 1013904223u;
        sent[i] = (i < 9 ? EDGES[i] : seed >> 8) << 8 | (uint32_t)(i * 37 & 0xFF);
    }
    gl->CreateFramebuffers(1, &p.fbo);
    gl->NamedFramebufferTexture(p.fbo, GL_DEPTH_STENCIL_ATTACHMENT, p.tex, 0);
    if (gl->CheckNamedFramebufferStatus(p.fbo, GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE &&
        zeta_transfer(r, &p, 0, (uint8_t *)sent, n * 4, true) == GLHLE_RESULT_OK &&
        d24_store(r, &p, 0, (uint8_t *)got, n * 4) == GLHLE_RESULT_OK) {
        m->d24 = 1;
        m->d24_sent = m->d24_got = 0;
        for (size_t i = 0; i < n && m->d24 == 1; i++)
            if (got[i] != sent[i]) {
                m->d24 = -1;
                m->d24_sent = sent[i];
                m->d24_got = got[i];
            }
    }
    gl->DeleteFramebuffers(1, &p.fbo);
    gl->DeleteTextures(1, &p.tex);
    free(sent);
}

static glhle_result d24_check(mw_render *r, const mw_surface *s)
{
    glhle_result res = msaa_state(r);
    if (res != GLHLE_RESULT_OK)
        return res;
    if (r->msaa->d24 == 0) {
        r->msaa->d24 = 2; /* the probe's own target passes here */
        d24_probe(r, s);
    }
    if (r->msaa->d24 > 0)
        return GLHLE_RESULT_OK;
    if (r->msaa->d24 == 0)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: multisampled %s target at GPU 0x%010llx: "
                          "no probe of this GL's 24-bit depth samples could be made", s->d.format->name,
                          (unsigned long long)s->d.va);
    return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: multisampled %s target at GPU 0x%010llx: this "
                      "GL's 24-bit depth samples do not come back from it exact (a probe's 24_8 word 0x%08x came "
                      "back 0x%08x)", s->d.format->name, (unsigned long long)s->d.va, r->msaa->d24_sent,
                      r->msaa->d24_got);
}

/* Layer z of a colour surface (0 of a 2D one): its sample image, lin. */
static glhle_result color_transfer(mw_render *r, mw_surface *s, uint32_t z, uint8_t *lin, size_t lin_size,
                                   bool upload)
{
    const mw_surface_desc *d = &s->d;
    const GladGLContext *gl = &r->ctx->gl;
    GLuint prog;
    glhle_result res = program(r, kind_of(d->format), upload, d->depth, &prog);
    if (res != GLHLE_RESULT_OK)
        return res;
    uint32_t counting; /* the pass is no part of a counted draw */
    mw_query_suspend(r, &counting);
    const GLsizei mw = (GLsizei)(d->width << d->sx), mh = (GLsizei)(d->height << d->sy);
    GLuint tex = 0, fbo = 0;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &tex);
    gl->TextureStorage2D(tex, 1, d->format->gl_internal, mw, mh);
    /* an integer texture filtered otherwise is incomplete (GL 4.5 8.17) */
    gl->TextureParameteri(tex, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gl->TextureParameteri(tex, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gl_pixel_store(r->ctx, 0, 1);
    map_uniforms(r, s, prog, upload, z);
    if (upload) {
        gl->TextureSubImage2D(tex, 0, 0, 0, mw, mh, d->format->gl_format, d->format->gl_type, lin);
        mw_plain_pass_state(r, mw_render_slice_fbo(r, s, z), 0, 0, (GLint)(d->width * r->scale), (GLint)(d->height * r->scale), prog,
                            r->msaa->vao, false);
        gl_state_texture(&r->st, 0, GL_TEXTURE_2D, tex);
        gl_state_sampler(&r->st, 0, 0);
        gl->DrawArrays(GL_TRIANGLES, 0, 3);
        gl_state_texture(&r->st, 0, GL_TEXTURE_2D, 0);
    } else {
        gl->CreateFramebuffers(1, &fbo);
        gl->NamedFramebufferTexture(fbo, GL_COLOR_ATTACHMENT0, tex, 0);
        if (gl->CheckNamedFramebufferStatus(fbo, GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
            gl->DeleteFramebuffers(1, &fbo);
            gl->DeleteTextures(1, &tex);
            mw_query_resume(r, counting);
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_GL_ERROR, "maxwell: no framebuffer for a %s sample image",
                              d->format->name);
        }
        mw_plain_pass_state(r, fbo, 0, 0, mw, mh, prog, r->msaa->vao, false);
        gl_state_texture(&r->st, 0, ms_target(s), s->tex);
        gl_state_sampler(&r->st, 0, 0);
        gl->DrawArrays(GL_TRIANGLES, 0, 3);
        gl_state_texture(&r->st, 0, ms_target(s), 0);
        gl->GetTextureImage(tex, 0, d->format->gl_format, d->format->gl_type, (GLsizei)lin_size, lin);
        gl_state_framebuffer(&r->st, 0);
        gl->DeleteFramebuffers(1, &fbo);
    }
    gl->DeleteTextures(1, &tex);
    mw_query_resume(r, counting);
    return GLHLE_RESULT_OK;
}

/* An array's layers one after another: each its sample image, lin_size / layers bytes */
glhle_result mw_msaa_transfer(mw_render *r, mw_surface *s, uint8_t *lin, size_t lin_size, bool upload)
{
    glhle_result res = msaa_state(r);
    const uint32_t layers = s->d.depth ? s->d.depth : 1;
    const size_t layer = lin_size / layers;
    for (uint32_t z = 0; z < layers && res == GLHLE_RESULT_OK; z++)
        res = s->d.zeta ? zeta_transfer(r, s, z, lin + z * layer, layer, upload)
                        : color_transfer(r, s, z, lin + z * layer, layer, upload);
    return res;
}
