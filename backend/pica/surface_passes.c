/* Shader passes of the surface cache (surface_passes.h). All channel maths
 * is on integers 0-255 recovered exactly from RGBA8 texels (v * 255 is
 * exact for v = n / 255 in single precision, and round() removes any
 * error); results are written as n / 255, which RGBA8 stores exactly. */
#include "backend/pica/surface_passes.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/gl_pass.h"

struct pica_passes {
    glhle_context *ctx;
    gl_state *st;
    GLuint vao;
    GLuint transfer, reinterpret, downscale;
    GLint t_src_geo, t_dst_geo, t_map, t_mode;
    GLint r_src_geo, r_dst_geo, r_map;
    GLint d_geo, d_rect;
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

/* u_src_geo: source rows, source scale, input format; u_dst_geo:
 * destination rows, destination scale, output format; u_map: region origin
 * x, y in the source; u_mode: x shift, y shift, flip. Each source texel is
 * first brought to what its format can hold (a render target the draw path
 * wrote may hold finer values; the engine reads the stored bits). */
static const char transfer_fs[] =
    "uniform sampler2D u_src;\n"
    "uniform ivec3 u_src_geo;\n"
    "uniform ivec3 u_dst_geo;\n"
    "uniform ivec2 u_map;\n"
    "uniform ivec3 u_mode;\n"
    "void main()\n"
    "{\n"
    "    ivec2 p = ivec2(gl_FragCoord.xy);\n"
    "    int ds = u_dst_geo.y, ss = u_src_geo.y;\n"
    "    int yg = u_dst_geo.x * ds - 1 - p.y;\n" /* guest row, scaled, top down */
    "    int xd = p.x / ds, i = p.x % ds, yd = yg / ds, j = yg % ds;\n"
    "    if (u_mode.z != 0) { yd = u_dst_geo.x - 1 - yd; j = ds - 1 - j; }\n"
    "    int si = (i * ss) / ds, sj = (j * ss) / ds;\n"
    "    int nx = 1 << u_mode.x, ny = 1 << u_mode.y;\n"
    "    uvec4 sum = uvec4(0u);\n"
    "    for (int dy = 0; dy < ny; dy++)\n"
    "        for (int dx = 0; dx < nx; dx++) {\n"
    "            int x = (u_map.x + (xd << u_mode.x) + dx) * ss + si;\n"
    "            int y = (u_map.y + (yd << u_mode.y) + dy) * ss + sj;\n"
    "            uvec4 c = fetch8(u_src, x, u_src_geo.x * ss - 1 - y);\n"
    "            sum += u_src_geo.z == 0 ? c : decode_raw(encode_raw(c, u_src_geo.z), u_src_geo.z);\n"
    "        }\n"
    "    uvec4 v = sum / uint(nx * ny);\n" /* truncating, as the engine (display.h) */
    "    int f = u_dst_geo.z;\n"
    "    if (f != 0) v = decode_raw(encode_raw(v, f), f);\n"
    "    o_color = vec4(v) / 255.0;\n"
    "}\n";

/* u_src_geo: source rows, scale, format; u_dst_geo: destination rows,
 * scale, format; u_map: source origin minus destination origin (guest). */
static const char reinterpret_fs[] =
    "uniform sampler2D u_src;\n"
    "uniform ivec3 u_src_geo;\n"
    "uniform ivec3 u_dst_geo;\n"
    "uniform ivec2 u_map;\n"
    "void main()\n"
    "{\n"
    "    ivec2 p = ivec2(gl_FragCoord.xy);\n"
    "    int ds = u_dst_geo.y, ss = u_src_geo.y;\n"
    "    int yg = u_dst_geo.x * ds - 1 - p.y;\n"
    "    int x = (p.x / ds + u_map.x) * ss + ((p.x % ds) * ss) / ds;\n"
    "    int y = (yg / ds + u_map.y) * ss + ((yg % ds) * ss) / ds;\n"
    "    uvec4 c = fetch8(u_src, x, u_src_geo.x * ss - 1 - y);\n"
    "    o_color = vec4(decode_raw(encode_raw(c, u_src_geo.z), u_dst_geo.z)) / 255.0;\n"
    "}\n";

/* u_geo: source rows, scale; u_rect: guest x, y, h of the rectangle. */
static const char downscale_fs[] =
    "uniform sampler2D u_src;\n"
    "uniform ivec2 u_geo;\n"
    "uniform ivec3 u_rect;\n"
    "void main()\n"
    "{\n"
    "    ivec2 p = ivec2(gl_FragCoord.xy);\n"
    "    int s = u_geo.y;\n"
    "    int x0 = (u_rect.x + p.x) * s, y0 = (u_geo.x - u_rect.y - u_rect.z + p.y) * s;\n"
    "    uvec4 sum = uvec4(0u);\n"
    "    for (int j = 0; j < s; j++)\n"
    "        for (int i = 0; i < s; i++)\n"
    "            sum += fetch8(u_src, x0 + i, y0 + j);\n"
    "    uint n = uint(s * s);\n"
    "    o_color = vec4((sum + n / 2u) / n) / 255.0;\n"
    "}\n";

static glhle_result build(pica_passes *ps, const char *body, GLuint *out)
{
    const size_t n = sizeof common_glsl + strlen(body);
    char *src = malloc(n);
    if (!src)
        return GLHLE_RESULT_OUT_OF_MEMORY;
    memcpy(src, common_glsl, sizeof common_glsl - 1);
    memcpy(src + sizeof common_glsl - 1, body, strlen(body) + 1);
    glhle_result r = pica_pass_program(ps->ctx, src, out);
    free(src);
    if (r == GLHLE_RESULT_OK)
        ps->ctx->gl.ProgramUniform1i(*out, ps->ctx->gl.GetUniformLocation(*out, "u_src"), 0);
    return r;
}

glhle_result pica_passes_create(glhle_context *ctx, gl_state *st, pica_passes **out)
{
    *out = NULL;
    pica_passes *ps = calloc(1, sizeof *ps);
    if (!ps)
        return GLHLE_RESULT_OUT_OF_MEMORY;
    ps->ctx = ctx;
    ps->st = st;
    GladGLContext *gl = &ctx->gl;
    glhle_result r = build(ps, transfer_fs, &ps->transfer);
    if (r == GLHLE_RESULT_OK)
        r = build(ps, reinterpret_fs, &ps->reinterpret);
    if (r == GLHLE_RESULT_OK)
        r = build(ps, downscale_fs, &ps->downscale);
    if (r != GLHLE_RESULT_OK) {
        pica_passes_destroy(ps);
        return GLHLE_FAIL(&ctx->log, r, "pica: the surface cache's shader passes did not build");
    }
    ps->t_src_geo = gl->GetUniformLocation(ps->transfer, "u_src_geo");
    ps->t_dst_geo = gl->GetUniformLocation(ps->transfer, "u_dst_geo");
    ps->t_map = gl->GetUniformLocation(ps->transfer, "u_map");
    ps->t_mode = gl->GetUniformLocation(ps->transfer, "u_mode");
    ps->r_src_geo = gl->GetUniformLocation(ps->reinterpret, "u_src_geo");
    ps->r_dst_geo = gl->GetUniformLocation(ps->reinterpret, "u_dst_geo");
    ps->r_map = gl->GetUniformLocation(ps->reinterpret, "u_map");
    ps->d_geo = gl->GetUniformLocation(ps->downscale, "u_geo");
    ps->d_rect = gl->GetUniformLocation(ps->downscale, "u_rect");
    gl->CreateVertexArrays(1, &ps->vao);
    *out = ps;
    return GLHLE_RESULT_OK;
}

void pica_passes_destroy(pica_passes *ps)
{
    if (!ps)
        return;
    GladGLContext *gl = &ps->ctx->gl;
    const GLuint progs[3] = {ps->transfer, ps->reinterpret, ps->downscale};
    for (int i = 0; i < 3; i++)
        if (progs[i])
            gl->DeleteProgram(progs[i]);
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
    pica_pass_begin(ps->st, ps->vao, dst->fbo, 0, 0, (GLsizei)(t->dst_width * dst->scale),
                    (GLsizei)(t->dst_height * dst->scale));
    bind_source(ps, ps->transfer, src->tex);
    gl->Uniform3i(ps->t_src_geo, (GLint)src->height, (GLint)src->scale, (GLint)t->in_format);
    gl->Uniform3i(ps->t_dst_geo, (GLint)t->dst_height, (GLint)dst->scale, (GLint)t->out_format);
    gl->Uniform2i(ps->t_map, (GLint)t->src_x, (GLint)t->src_y);
    gl->Uniform3i(ps->t_mode, t->sx, t->sy, t->flip);
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    return GLHLE_RESULT_OK;
}

glhle_result pica_pass_run_reinterpret(pica_passes *ps, const pica_pass_image *src, const pica_pass_image *dst,
                                       const pica_pass_reinterpret *r)
{
    GladGLContext *gl = &ps->ctx->gl;
    const uint32_t s = dst->scale;
    pica_pass_begin(ps->st, ps->vao, dst->fbo, (GLint)(r->dst_x * s), (GLint)((dst->height - r->dst_y - r->height) * s),
                    (GLsizei)(r->width * s), (GLsizei)(r->height * s));
    bind_source(ps, ps->reinterpret, src->tex);
    gl->Uniform3i(ps->r_src_geo, (GLint)src->height, (GLint)src->scale, (GLint)r->src_format);
    gl->Uniform3i(ps->r_dst_geo, (GLint)dst->height, (GLint)s, (GLint)r->dst_format);
    gl->Uniform2i(ps->r_map, (GLint)r->src_x - (GLint)r->dst_x, (GLint)r->src_y - (GLint)r->dst_y);
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
        if (ps->stage_tex)
            gl->DeleteTextures(1, &ps->stage_tex);
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
                                     uint32_t h, GLuint dst_fbo)
{
    GladGLContext *gl = &ps->ctx->gl;
    pica_pass_begin(ps->st, ps->vao, dst_fbo, 0, 0, (GLsizei)w, (GLsizei)h);
    bind_source(ps, ps->downscale, src->tex);
    gl->Uniform2i(ps->d_geo, (GLint)src->height, (GLint)src->scale);
    gl->Uniform3i(ps->d_rect, (GLint)x, (GLint)y, (GLint)h);
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    return GLHLE_RESULT_OK;
}
