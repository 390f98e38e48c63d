/* glhle_psx_present on the GL renderer: the displayed area drawn from the
 * VRAM texture at the internal resolution into the caller's framebuffer or
 * texture (include/glhle/psx.h). One full-screen pass; the mapping from
 * target pixel to VRAM subpixel is integer arithmetic so a target of the
 * picture's exact size gets every subpixel once, and the 24-bit mode reads
 * bytes from native words as glhle_psx_read_display_rgba does (psx-spx "GPU
 * Video Memory (VRAM)", 24-bit framebuffer: three bytes a pixel across
 * halfwords). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_util.h"
#include "backend/psx/gl_renderer.h"

#define MAX_SIDE 16384

static const char present_vs[] = "void main()\n"
                                 "{\n"
                                 "    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));\n"
                                 "    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);\n"
                                 "}\n";

static const char present_fs[] =
    "uniform highp usampler2D u_vram;\n"
    "uniform ivec4 u_rect;  /* picture origin in the target (x, y) and size (w, h) */\n"
    "uniform ivec4 u_disp;  /* display start in VRAM (x, y) and size (w, h), native */\n"
    "uniform ivec3 u_mode;  /* scale, 24-bit, halfwords a 24-bit row spans */\n"
    "out vec4 o_color;\n"
    "vec3 widen(uvec3 c) { return vec3((c << 3u) | (c >> 2u)) / 255.0; }\n"
    "uint vram_byte(int row, int b)\n"
    "{\n"
    "    int hw = b >> 1;\n"
    "    if (hw >= u_mode.z) return 0u;\n"
    "    int s = u_mode.x;\n"
    "    uint w = texelFetch(u_vram, ivec2(((u_disp.x + hw) & 1023) * s, row * s), 0).r;\n"
    "    return (w >> uint((b & 1) * 8)) & 255u;\n"
    "}\n"
    "void main()\n"
    "{\n"
    "    ivec2 p = ivec2(gl_FragCoord.xy) - u_rect.xy;\n"
    "    p.y = u_rect.w - 1 - p.y; /* top row first, as the display scans */\n"
    "    int s = u_mode.x;\n"
    "    ivec2 src = (p * (u_disp.zw * s)) / u_rect.zw; /* internal-resolution display pixel */\n"
    "    if (u_mode.y == 0) {\n"
    "        ivec2 t = (u_disp.xy * s + src) % (ivec2(1024, 512) * s);\n"
    "        uint c = texelFetch(u_vram, t, 0).r;\n"
    "        o_color = vec4(widen(uvec3(c, c >> 5u, c >> 10u) & 31u), 1.0);\n"
    "    } else {\n"
    "        ivec2 n = src / s;\n"
    "        int row = (u_disp.y + n.y) & 511;\n"
    "        o_color = vec4(float(vram_byte(row, n.x * 3)), float(vram_byte(row, n.x * 3 + 1)),\n"
    "                       float(vram_byte(row, n.x * 3 + 2)), 255.0) / 255.0;\n"
    "    }\n"
    "}\n";

static const char prelude[] = "precision highp float;\nprecision highp int;\n";

static glhle_result build(psx_gl *g)
{
    if (g->present.prog)
        return GLHLE_RESULT_OK;
    if (g->present.failed)
        return GLHLE_RESULT_SHADER_ERROR;
    char *vs = malloc(sizeof present_vs + sizeof prelude + 64), *fs = malloc(sizeof present_fs + sizeof prelude + 64);
    glhle_result r = GLHLE_RESULT_OUT_OF_MEMORY;
    if (vs && fs) {
        snprintf(vs, sizeof present_vs + sizeof prelude + 64, "%s\n%s%s", g->ctx->glsl_version_line, prelude,
                 present_vs);
        snprintf(fs, sizeof present_fs + sizeof prelude + 64, "%s\n%s%s", g->ctx->glsl_version_line, prelude,
                 present_fs);
        r = gl_link_program(g->ctx, vs, fs, &g->present.prog);
    }
    free(vs);
    free(fs);
    if (r != GLHLE_RESULT_OK) {
        g->present.failed = true;
        return GLHLE_FAIL(g->base.log, r, "glhle_psx_present: the presentation program did not build");
    }
    GladGLContext *gl = g->gl;
    g->present.u_rect = gl->GetUniformLocation(g->present.prog, "u_rect");
    g->present.u_disp = gl->GetUniformLocation(g->present.prog, "u_disp");
    g->present.u_mode = gl->GetUniformLocation(g->present.prog, "u_mode");
    gl->ProgramUniform1i(g->present.prog, gl->GetUniformLocation(g->present.prog, "u_vram"), 0);
    g->base.stats->programs++;
    return GLHLE_RESULT_OK;
}

void psx_gl_present_destroy(psx_gl *g)
{
    GladGLContext *gl = g->gl;
    if (g->present.prog)
        gl->DeleteProgram(g->present.prog);
    if (g->present.fbo)
        gl->DeleteFramebuffers(1, &g->present.fbo);
    memset(&g->present, 0, sizeof g->present);
}

/* The picture's rectangle inside the target's: all of it, or the largest of
 * the given aspect, centred. */
static void fit(const glhle_psx_present_desc *d, int32_t w, int32_t h, int32_t out[4])
{
    out[0] = d->x;
    out[1] = d->y;
    out[2] = w;
    out[3] = h;
    if (!d->letterbox)
        return;
    const double a = d->aspect > 0.0f ? (double)d->aspect : 4.0 / 3.0;
    int64_t pw = w, ph = llround((double)w / a);
    if (ph > h) {
        ph = h;
        pw = llround((double)h * a);
        if (pw > w)
            pw = w;
    }
    if (pw < 1)
        pw = 1;
    if (ph < 1)
        ph = 1;
    out[0] = d->x + (int32_t)((w - pw) / 2);
    out[1] = d->y + (int32_t)((h - ph) / 2);
    out[2] = (int32_t)pw;
    out[3] = (int32_t)ph;
}

glhle_result psx_gl_present(psx_gl *g, const glhle_psx_display *disp, const glhle_psx_present_desc *d)
{
    const uint32_t s = g->base.scale;
    const int64_t w = d->width && d->height ? d->width : (int64_t)disp->width * s;
    const int64_t h = d->width && d->height ? d->height : (int64_t)disp->height * s;
    if (!disp->width || !disp->height)
        return GLHLE_FAIL(g->base.log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "glhle_psx_present: the display area is empty (%ux%u); nothing drawn", disp->width,
                          disp->height);
    if (w <= 0 || h <= 0 || w > MAX_SIDE || h > MAX_SIDE)
        return GLHLE_FAIL(g->base.log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "glhle_psx_present: a %lldx%lld rectangle is outside 1..%d a side; nothing drawn",
                          (long long)w, (long long)h, MAX_SIDE);
    glhle_result r = gl_context_enter(g->ctx);
    if (r != GLHLE_RESULT_OK)
        return r;
    r = build(g);
    if (r != GLHLE_RESULT_OK)
        return r;
    GladGLContext *gl = g->gl;
    GLuint fbo = d->fbo;
    if (d->texture) {
        if (!gl->IsTexture(d->texture))
            return GLHLE_FAIL(g->base.log, GLHLE_RESULT_INVALID_ARGUMENT,
                              "glhle_psx_present: %u is not a texture of this context; nothing drawn", d->texture);
        if (!g->present.fbo)
            gl->CreateFramebuffers(1, &g->present.fbo);
        fbo = g->present.fbo;
        gl->NamedFramebufferTexture(fbo, GL_COLOR_ATTACHMENT0, d->texture, 0);
    }
    const GLenum status = gl->CheckNamedFramebufferStatus(fbo, GL_DRAW_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
        if (d->texture)
            gl->NamedFramebufferTexture(fbo, GL_COLOR_ATTACHMENT0, 0, 0);
        return GLHLE_FAIL(g->base.log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "glhle_psx_present: %s %u is not complete (status 0x%04X); nothing drawn",
                          d->texture ? "a framebuffer with texture" : "framebuffer", d->texture ? d->texture : fbo,
                          status);
    }
    /* what was drawn is visible to the pass's texel fetches */
    g->batch_hooks.barrier(g);
    int32_t pic[4];
    fit(d, (int32_t)w, (int32_t)h, pic);
    psx_gl_bind_target(g, fbo, pic[0] + pic[2], pic[1] + pic[3], false);
    static const GLfloat black[4] = {0, 0, 0, 1};
    if (d->letterbox || !disp->enabled) { /* the bars, or a display switched off */
        gl->Enable(GL_SCISSOR_TEST);
        gl->Scissor(d->x, d->y, (GLsizei)w, (GLsizei)h);
        gl->ClearBufferfv(GL_COLOR, 0, black);
        gl->Disable(GL_SCISSOR_TEST);
    }
    if (disp->enabled) {
        gl->Viewport(pic[0], pic[1], pic[2], pic[3]);
        gl->UseProgram(g->present.prog);
        gl->Uniform4i(g->present.u_rect, pic[0], pic[1], pic[2], pic[3]);
        gl->Uniform4i(g->present.u_disp, (GLint)disp->x, (GLint)disp->y, (GLint)disp->width, (GLint)disp->height);
        uint32_t row_hw = disp->depth24 ? (disp->width * 3 + 1) / 2 : disp->width;
        if (row_hw > PSX_VRAM_W)
            row_hw = PSX_VRAM_W;
        gl->Uniform3i(g->present.u_mode, (GLint)s, disp->depth24 ? 1 : 0, (GLint)row_hw);
        gl->ActiveTexture(GL_TEXTURE0);
        gl->BindTexture(GL_TEXTURE_2D, g->vram);
        gl->BindVertexArray(g->blit_vao);
        gl->DrawArrays(GL_TRIANGLES, 0, 3);
        g->base.stats->draw_calls++;
    }
    if (d->texture)
        gl->NamedFramebufferTexture(fbo, GL_COLOR_ATTACHMENT0, 0, 0);
    return GLHLE_RESULT_OK;
}
