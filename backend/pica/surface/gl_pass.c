#include "backend/pica/surface/gl_pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_util.h"

static const char pass_vs[] = "void main()\n"
                              "{\n"
                              "    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));\n"
                              "    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);\n"
                              "}\n";

static const char prelude[] = "precision highp float;\n"
                              "precision highp int;\n"
                              "precision highp sampler2D;\n"
                              "precision highp usampler2D;\n";

glhle_result pica_pass_program(glhle_context *ctx, const char *fs_body, GLuint *out)
{
    const size_t vlen = strlen(ctx->glsl_version_line) + sizeof prelude + sizeof pass_vs + 4;
    const size_t flen = strlen(ctx->glsl_version_line) + sizeof prelude + strlen(fs_body) + 4;
    char *vs = malloc(vlen), *fs = malloc(flen);
    glhle_result r = GLHLE_RESULT_OUT_OF_MEMORY;
    if (vs && fs) {
        snprintf(vs, vlen, "%s\n%s%s", ctx->glsl_version_line, prelude, pass_vs);
        snprintf(fs, flen, "%s\n%s%s", ctx->glsl_version_line, prelude, fs_body);
        r = gl_link_program(ctx, vs, fs, out);
    }
    free(vs);
    free(fs);
    return r;
}

void pica_pass_begin(gl_state *st, GLuint vao, GLuint fbo, GLint x, GLint y, GLsizei w, GLsizei h)
{
    gl_state_framebuffer(st, fbo);
    gl_state_vertex_array(st, vao);
    gl_state_viewport(st, x, y, w, h);
    gl_state_scissor(st, false, 0, 0, 0, 0);
    gl_state_cull(st, false, GL_BACK, GL_CCW);
    gl_state_depth(st, false, GL_ALWAYS, false);
    const gl_stencil no_stencil = {.enable = 0, .func = GL_ALWAYS, .func_mask = 0xFF, .write_mask = 0xFF,
                                   .sfail = GL_KEEP, .dpfail = GL_KEEP, .dppass = GL_KEEP};
    gl_state_stencil(st, &no_stencil);
    const gl_blend no_blend = {.enable = 0, .eq_rgb = GL_FUNC_ADD, .eq_alpha = GL_FUNC_ADD, .src_rgb = GL_ONE,
                               .dst_rgb = GL_ZERO, .src_alpha = GL_ONE, .dst_alpha = GL_ZERO};
    gl_state_blend(st, &no_blend);
    gl_state_logic_op(st, false, GL_COPY);
    gl_state_color_mask(st, true, true, true, true);
    gl_state_clip_distance0(st, false);
}

void pica_pixel_store(glhle_context *ctx, GLint row_pixels, GLint alignment)
{
    gl_pixel_store(ctx, row_pixels, alignment);
}

void pica_pass_forget_texture(gl_state *st, GLuint tex)
{
    for (unsigned u = 0; u < GL_STATE_TEXTURE_UNITS; u++)
        if (st->s.textures[u] == tex)
            st->s.textures[u] = ~0u;
}

void pica_pass_forget_fbo(gl_state *st, GLuint fbo)
{
    if (st->s.draw_fbo == fbo)
        st->s.draw_fbo = ~0u;
    if (st->s.read_fbo == fbo)
        st->s.read_fbo = ~0u;
}
