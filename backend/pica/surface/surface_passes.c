/* Shader passes of the surface cache (surface_passes.h). All channel maths
 * is on integers 0-255 recovered exactly from RGBA8 texels (v * 255 is
 * exact for v = n / 255 in single precision, and round() removes any
 * error); results are written as n / 255, which RGBA8 stores exactly. */
#include "backend/pica/surface/surface_passes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "backend/gl/program_cache.h"
#include "backend/pica/surface/gl_pass.h"

#define MAX_PROGRAMS 256u

/* A pass variant: the pass and the constants its shader is built with. */
typedef struct pass_key {
    uint8_t pass;
    uint8_t a, b;   /* formats (pica_texfmt); the downscale pass: a = one sample */
    uint8_t sx, sy; /* downscale shifts */
    uint8_t ss, ds; /* source and destination scales */
    uint8_t pad;
} pass_key;
_Static_assert(sizeof(pass_key) == 8, "pass_key layout changed");

struct pica_passes {
    glhle_context *ctx;
    gl_state *st;
    GLuint vao;
    /* programs, built on first use per variant (a failed one is not tried again) */
    gl_program_cache programs;
    /* depth staging */
    GLuint pbo, stage_tex;
    size_t pbo_size;
    GLsizei stage_w, stage_h;
};

/* Shared GLSL: texel fetch in guest coordinates, format codes (pica_texfmt). */
static const char common_glsl[] =
    "uvec4 fetch8(sampler2D s, int x, int y_gl)\n"
    "{\n"
    "    return uvec4(round(texelFetch(s, ivec2(x, y_gl), 0) * 255.0));\n"
    "}\n"
    "uint e4(uint v) { return v << 4u | v; }\n"
    "uint e5(uint v) { return v << 3u | v >> 2u; }\n"
    "uint e6(uint v) { return v << 2u | v >> 4u; }\n"
    /* the decoded texel of the raw little-endian texel bits (texcodec.h) */
    "uvec4 decode_raw(uint v, int f)\n"
    "{\n"
    "    if (f == 0) return uvec4(v >> 24u, (v >> 16u) & 255u, (v >> 8u) & 255u, v & 255u);\n"
    "    if (f == 1) return uvec4((v >> 16u) & 255u, (v >> 8u) & 255u, v & 255u, 255u);\n"
    "    if (f == 2) return uvec4(e5((v >> 11u) & 31u), e5((v >> 6u) & 31u), e5((v >> 1u) & 31u), (v & 1u) * 255u);\n"
    "    if (f == 3) return uvec4(e5((v >> 11u) & 31u), e6((v >> 5u) & 63u), e5(v & 31u), 255u);\n"
    "    if (f == 4) return uvec4(e4((v >> 12u) & 15u), e4((v >> 8u) & 15u), e4((v >> 4u) & 15u), e4(v & 15u));\n"
    "    if (f == 5) return uvec4((v >> 8u) & 255u, (v >> 8u) & 255u, (v >> 8u) & 255u, v & 255u);\n"
    "    if (f == 6) return uvec4((v >> 8u) & 255u, v & 255u, 0u, 255u);\n"
    "    return uvec4(0u);\n"
    "}\n"
    /* the raw bits of a decoded texel (encoding truncates, texcodec.h);
     * depth formats read a staged texel (depth 23-16, 15-8, 7-0, stencil) */
    "uint encode_raw(uvec4 c, int f)\n"
    "{\n"
    "    if (f == 0) return c.r << 24u | c.g << 16u | c.b << 8u | c.a;\n"
    "    if (f == 1) return c.r << 16u | c.g << 8u | c.b;\n"
    "    if (f == 2) return (c.r >> 3u) << 11u | (c.g >> 3u) << 6u | (c.b >> 3u) << 1u | (c.a >> 7u);\n"
    "    if (f == 3) return (c.r >> 3u) << 11u | (c.g >> 2u) << 5u | (c.b >> 3u);\n"
    "    if (f == 4) return (c.r >> 4u) << 12u | (c.g >> 4u) << 8u | (c.b >> 4u) << 4u | (c.a >> 4u);\n"
    "    if (f == 5) return c.r << 8u | c.a;\n"
    "    if (f == 6) return c.r << 8u | c.g;\n"
    "    if (f == 14) return c.r << 8u | c.g;\n"
    "    if (f == 15) return c.r << 16u | c.g << 8u | c.b;\n"
    "    if (f == 16) return c.a << 24u | c.r << 16u | c.g << 8u | c.b;\n"
    "    return 0u;\n"
    "}\n"
    "out vec4 o_color;\n";

/* Each pass is built per combination of the constants it branches on
 * (formats, downscale shifts, scales, the box size), so the
 * format code folds away and loops unroll: llvmpipe runs such shaders
 * several times faster than ones looping on uniforms. */

/* Transfer: IN_FMT, OUT_FMT, SX, SY, SS and DS (source and destination
 * scales). u_src_geo: source rows; u_dst_geo: destination rows; u_map:
 * region origin in the source; u_flip.
 * Each source texel is first brought to what its format holds (a render
 * target the draw path wrote may hold finer values; the engine reads the
 * stored bits). */
static const char transfer_fs[] =
    "layout(binding = 0) uniform sampler2D u_src;\n"
    "layout(location = 0) uniform int u_src_rows;\n"
    "layout(location = 1) uniform int u_dst_rows;\n"
    "layout(location = 2) uniform ivec2 u_map;\n"
    "layout(location = 3) uniform int u_flip;\n"
    "void main()\n"
    "{\n"
    "    ivec2 p = ivec2(gl_FragCoord.xy);\n"
    "    const int ds = DS, ss = SS;\n"
    "    int yg = u_dst_rows * ds - 1 - p.y;\n" /* guest row, scaled, top down */
    "    int xd = p.x / ds, i = p.x - xd * ds, yd = yg / ds, j = yg - yd * ds;\n"
    "    if (u_flip != 0) { yd = u_dst_rows - 1 - yd; j = ds - 1 - j; }\n"
    "    int si = (i * ss) / ds, sj = (j * ss) / ds;\n"
    "    uvec4 sum = uvec4(0u);\n"
    "    for (int dy = 0; dy < (1 << SY); dy++)\n"
    "        for (int dx = 0; dx < (1 << SX); dx++) {\n"
    "            int x = (u_map.x + (xd << SX) + dx) * ss + si;\n"
    "            int y = (u_map.y + (yd << SY) + dy) * ss + sj;\n"
    "            uvec4 c = fetch8(u_src, x, u_src_rows * ss - 1 - y);\n"
    "#if IN_FMT != 0\n"
    "            c = decode_raw(encode_raw(c, IN_FMT), IN_FMT);\n"
    "#endif\n"
    "            sum += c;\n"
    "        }\n"
    "    uvec4 v = sum >> uint(SX + SY);\n" /* truncating division, as the engine (display.h) */
    "#if OUT_FMT != 0\n"
    "    v = decode_raw(encode_raw(v, OUT_FMT), OUT_FMT);\n"
    "#endif\n"
    "    o_color = vec4(v) / 255.0;\n"
    "}\n";

/* Reinterpret: SRC_FMT, DST_FMT, SS, DS. u_src_rows, u_dst_rows; u_map:
 * source origin minus destination origin (guest texels). */
static const char reinterpret_fs[] =
    "layout(binding = 0) uniform sampler2D u_src;\n"
    "layout(location = 0) uniform int u_src_rows;\n"
    "layout(location = 1) uniform int u_dst_rows;\n"
    "layout(location = 2) uniform ivec2 u_map;\n"
    "void main()\n"
    "{\n"
    "    ivec2 p = ivec2(gl_FragCoord.xy);\n"
    "    const int ds = DS, ss = SS;\n"
    "    int yg = u_dst_rows * ds - 1 - p.y;\n"
    "    int x = (p.x / ds + u_map.x) * ss + ((p.x % ds) * ss) / ds;\n"
    "    int y = (yg / ds + u_map.y) * ss + ((yg % ds) * ss) / ds;\n"
    "    uvec4 c = fetch8(u_src, x, u_src_rows * ss - 1 - y);\n"
    "    o_color = vec4(decode_raw(encode_raw(c, SRC_FMT), DST_FMT)) / 255.0;\n"
    "}\n";

/* Downscale: S, the box side. u_geo: source rows; u_rect: guest x, y, h of
 * the rectangle. */
static const char downscale_fs[] =
    "layout(binding = 0) uniform sampler2D u_src;\n"
    "layout(location = 0) uniform int u_rows;\n"
    "layout(location = 1) uniform ivec3 u_rect;\n"
    "void main()\n"
    "{\n"
    "    ivec2 p = ivec2(gl_FragCoord.xy);\n"
    "    int x0 = (u_rect.x + p.x) * S, y0 = (u_rows - u_rect.y - u_rect.z + p.y) * S;\n"
    "#if ONE_SAMPLE\n"
    "    o_color = vec4(fetch8(u_src, x0 + S / 2, y0 + S / 2)) / 255.0;\n"
    "    return;\n"
    "#endif\n"
    "    uvec4 sum = uvec4(0u);\n"
    "    for (int j = 0; j < S; j++)\n"
    "        for (int i = 0; i < S; i++)\n"
    "            sum += fetch8(u_src, x0 + i, y0 + j);\n"
    "    const uint n = uint(S * S);\n"
    "    o_color = vec4((sum + n / 2u) / n) / 255.0;\n"
    "}\n";

/* Builds "#define NAME value" lines + the common code + body. */
static glhle_result build(pica_passes *ps, const char *defines, const char *body, GLuint *out)
{
    const size_t n = strlen(defines) + sizeof common_glsl + strlen(body) + 1;
    char *src = malloc(n);
    if (!src)
        return GLHLE_RESULT_OUT_OF_MEMORY;
    snprintf(src, n, "%s%s%s", defines, common_glsl, body);
    glhle_result r = pica_pass_program(ps->ctx, src, out);
    free(src);
    if (r != GLHLE_RESULT_OK)
        GLHLE_ERROR(&ps->ctx->log, "pica: a surface pass (%s) did not build", defines);
    return r;
}

enum { PASS_TRANSFER, PASS_REINTERPRET, PASS_DOWNSCALE };

static glhle_result build_variant(void *user, const void *key, GLuint *out)
{
    const pass_key *k = key;
    char defs[192];
    const char *body;
    if (k->pass == PASS_TRANSFER) {
        snprintf(defs, sizeof defs,
                 "#define IN_FMT %u\n#define OUT_FMT %u\n#define SX %u\n#define SY %u\n#define SS %u\n#define DS %u\n",
                 k->a, k->b, k->sx, k->sy, k->ss, k->ds);
        body = transfer_fs;
    } else if (k->pass == PASS_REINTERPRET) {
        snprintf(defs, sizeof defs, "#define SRC_FMT %u\n#define DST_FMT %u\n#define SS %u\n#define DS %u\n", k->a,
                 k->b, k->ss, k->ds);
        body = reinterpret_fs;
    } else {
        snprintf(defs, sizeof defs, "#define S %u\n#define ONE_SAMPLE %u\n", k->ss, k->a);
        body = downscale_fs;
    }
    return build(user, defs, body, out);
}

/* The program of a variant, or 0 when it does not build. */
static GLuint program(pica_passes *ps, int pass, uint32_t a, uint32_t b, uint32_t sx, uint32_t sy, uint32_t ss,
                      uint32_t ds)
{
    pass_key k;
    memset(&k, 0, sizeof k);
    k.pass = (uint8_t)pass;
    k.a = (uint8_t)a;
    k.b = (uint8_t)b;
    k.sx = (uint8_t)sx;
    k.sy = (uint8_t)sy;
    k.ss = (uint8_t)ss;
    k.ds = (uint8_t)ds;
    GLuint prog = 0;
    gl_program_cache_get(&ps->programs, &k, glhle_hash64(&k, sizeof k), build_variant, ps, &prog);
    return prog;
}

glhle_result pica_passes_create(glhle_context *ctx, gl_state *st, pica_passes **out)
{
    *out = NULL;
    pica_passes *ps = calloc(1, sizeof *ps);
    if (!ps)
        return GLHLE_RESULT_OUT_OF_MEMORY;
    ps->ctx = ctx;
    ps->st = st;
    glhle_result r = gl_program_cache_init(&ps->programs, ctx, sizeof(pass_key), MAX_PROGRAMS);
    if (r != GLHLE_RESULT_OK) {
        free(ps);
        return r;
    }
    /* build the commonest transfer now: a shader error shows at creation */
    if (!program(ps, PASS_TRANSFER, PICA_TEXFMT_RGBA8, PICA_TEXFMT_RGB8, 0, 0, 1, 1)) {
        pica_passes_destroy(ps);
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_SHADER_ERROR, "pica: the surface cache's shader passes did not build");
    }
    ctx->gl.CreateVertexArrays(1, &ps->vao);
    *out = ps;
    return GLHLE_RESULT_OK;
}

void pica_passes_destroy(pica_passes *ps)
{
    if (!ps)
        return;
    GladGLContext *gl = &ps->ctx->gl;
    gl_program_cache_free(&ps->programs);
    if (ps->vao)
        gl->DeleteVertexArrays(1, &ps->vao);
    if (ps->pbo)
        gl->DeleteBuffers(1, &ps->pbo);
    if (ps->stage_tex)
        gl->DeleteTextures(1, &ps->stage_tex);
    free(ps);
}

static void bind_source(pica_passes *ps, GLuint program, GLuint tex)
{
    gl_state_program(ps->st, program);
    gl_state_texture(ps->st, 0, GL_TEXTURE_2D, tex);
    gl_state_sampler(ps->st, 0, 0);
}

glhle_result pica_pass_run_transfer(pica_passes *ps, const pica_pass_image *src, const pica_pass_image *dst,
                                    const pica_pass_transfer *t)
{
    GladGLContext *gl = &ps->ctx->gl;
    const GLuint prog = program(ps, PASS_TRANSFER, t->in_format, t->out_format, t->sx, t->sy, src->scale, dst->scale);
    if (!prog)
        return GLHLE_RESULT_SHADER_ERROR;
    pica_pass_begin(ps->st, ps->vao, dst->fbo, 0, 0, (GLsizei)(t->dst_width * dst->scale),
                    (GLsizei)(t->dst_height * dst->scale));
    bind_source(ps, prog, src->tex);
    gl->Uniform1i(0, (GLint)src->height);
    gl->Uniform1i(1, (GLint)t->dst_height);
    gl->Uniform2i(2, (GLint)t->src_x, (GLint)t->src_y);
    gl->Uniform1i(3, t->flip);
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    return GLHLE_RESULT_OK;
}

glhle_result pica_pass_run_reinterpret(pica_passes *ps, const pica_pass_image *src, const pica_pass_image *dst,
                                       const pica_pass_reinterpret *r)
{
    GladGLContext *gl = &ps->ctx->gl;
    if (r->src_format >= PICA_TEXFMT_COUNT || r->dst_format > PICA_TEXFMT_HILO8)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    const GLuint prog = program(ps, PASS_REINTERPRET, r->src_format, r->dst_format, 0, 0, src->scale, dst->scale);
    if (!prog)
        return GLHLE_RESULT_SHADER_ERROR;
    const uint32_t s = dst->scale;
    pica_pass_begin(ps->st, ps->vao, dst->fbo, (GLint)(r->dst_x * s), (GLint)((dst->height - r->dst_y - r->height) * s),
                    (GLsizei)(r->width * s), (GLsizei)(r->height * s));
    bind_source(ps, prog, src->tex);
    gl->Uniform1i(0, (GLint)src->height);
    gl->Uniform1i(1, (GLint)dst->height);
    gl->Uniform2i(2, (GLint)r->src_x - (GLint)r->dst_x, (GLint)r->src_y - (GLint)r->dst_y);
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    return GLHLE_RESULT_OK;
}

glhle_result pica_passes_stage_depth(pica_passes *ps, GLuint depth_tex, GLint x, GLint y, GLsizei w, GLsizei h,
                                     GLuint *out_tex)
{
    GladGLContext *gl = &ps->ctx->gl;
    const size_t bytes = (size_t)w * h * 4;
    if (!ps->pbo)
        gl->CreateBuffers(1, &ps->pbo);
    if (ps->pbo_size < bytes) {
        gl->NamedBufferData(ps->pbo, (GLsizeiptr)bytes, NULL, GL_STREAM_COPY);
        ps->pbo_size = bytes;
    }
    if (ps->stage_w < w || ps->stage_h < h) {
        if (ps->stage_tex) {
            pica_pass_forget_texture(ps->st, ps->stage_tex); /* the new one may get its name */
            gl->DeleteTextures(1, &ps->stage_tex);
        }
        ps->stage_w = w > ps->stage_w ? w : ps->stage_w;
        ps->stage_h = h > ps->stage_h ? h : ps->stage_h;
        gl->CreateTextures(GL_TEXTURE_2D, 1, &ps->stage_tex);
        gl->TextureStorage2D(ps->stage_tex, 1, GL_RGBA8, ps->stage_w, ps->stage_h);
    }
    pica_pixel_store(ps->ctx, 0, 4);
    gl->BindBuffer(GL_PIXEL_PACK_BUFFER, ps->pbo);
    gl->GetTextureSubImage(depth_tex, 0, x, y, 0, w, h, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, (GLsizei)bytes,
                           NULL);
    gl->BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    gl->BindBuffer(GL_PIXEL_UNPACK_BUFFER, ps->pbo);
    gl->TextureSubImage2D(ps->stage_tex, 0, 0, 0, w, h, GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, NULL);
    gl->BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    *out_tex = ps->stage_tex;
    return GLHLE_RESULT_OK;
}

glhle_result pica_pass_run_downscale(pica_passes *ps, const pica_pass_image *src, uint32_t x, uint32_t y, uint32_t w,
                                     uint32_t h, bool one_sample, GLuint dst_fbo)
{
    GladGLContext *gl = &ps->ctx->gl;
    if (src->scale < 2 || src->scale > PICA_PASS_MAX_SCALE)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    const GLuint prog = program(ps, PASS_DOWNSCALE, one_sample, 0, 0, 0, src->scale, 0);
    if (!prog)
        return GLHLE_RESULT_SHADER_ERROR;
    pica_pass_begin(ps->st, ps->vao, dst_fbo, 0, 0, (GLsizei)w, (GLsizei)h);
    bind_source(ps, prog, src->tex);
    gl->Uniform1i(0, (GLint)src->height);
    gl->Uniform3i(1, (GLint)x, (GLint)y, (GLint)h);
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    return GLHLE_RESULT_OK;
}
