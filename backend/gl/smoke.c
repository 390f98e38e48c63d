/* The smoke scene: proves a context can compile, draw and read back. It is
 * what the demo renders until a GPU system draws a sample. */
#include <stdio.h>

#include "backend/gl/gl_util.h"

static const char *const smoke_vs =
    "layout(location = 0) in vec2 a_pos;\n"
    "layout(location = 1) in vec3 a_color;\n"
    "out vec3 v_color;\n"
    "void main() { v_color = a_color; gl_Position = vec4(a_pos, 0.0, 1.0); }\n";

static const char *const smoke_fs =
    "precision highp float;\n"
    "in vec3 v_color;\n"
    "layout(location = 0) out vec4 o_color;\n"
    "void main() { o_color = vec4(v_color, 1.0); }\n";

glhle_result gl_smoke_render(glhle_context *ctx, int width, int height, glhle_image *out)
{
    glhle_result r = gl_context_enter(ctx);
    if (r != GLHLE_RESULT_OK)
        return r;
    GladGLContext *gl = &ctx->gl;
    char vs[512], fs[512];
    snprintf(vs, sizeof vs, "%s\n%s", ctx->glsl_version_line, smoke_vs);
    snprintf(fs, sizeof fs, "%s\n%s", ctx->glsl_version_line, smoke_fs);
    GLuint prog;
    if ((r = gl_link_program(ctx, vs, fs, &prog)) != GLHLE_RESULT_OK)
        return r;
    gl_target target;
    if ((r = gl_target_create(ctx, width, height, false, &target)) != GLHLE_RESULT_OK) {
        gl->DeleteProgram(prog);
        return r;
    }
    /* corners at 1/8 and 7/8 of the target, y up in NDC: top-left is (-0.75, +0.75) */
    const float verts[] = {
        -0.75f, 0.75f,  1, 0, 0, /* top-left: red */
        0.75f,  0.75f,  0, 1, 0, /* top-right: green */
        -0.75f, -0.75f, 0, 0, 1, /* bottom-left: blue */
    };
    GLuint vao, vbo;
    gl->GenVertexArrays(1, &vao);
    gl->BindVertexArray(vao);
    gl->GenBuffers(1, &vbo);
    gl->BindBuffer(GL_ARRAY_BUFFER, vbo);
    gl->BufferData(GL_ARRAY_BUFFER, sizeof verts, verts, GL_STATIC_DRAW);
    gl->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 5 * sizeof(float), (void *)0);
    gl->VertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 5 * sizeof(float), (void *)(2 * sizeof(float)));
    gl->EnableVertexAttribArray(0);
    gl->EnableVertexAttribArray(1);

    gl->BindFramebuffer(GL_FRAMEBUFFER, target.fbo);
    gl->Viewport(0, 0, width, height);
    gl->Disable(GL_DEPTH_TEST);
    gl->Disable(GL_BLEND);
    gl->ClearColor(GL_SMOKE_CLEAR_R / 255.0f, GL_SMOKE_CLEAR_G / 255.0f, GL_SMOKE_CLEAR_B / 255.0f, 1.0f);
    gl->Clear(GL_COLOR_BUFFER_BIT);
    gl->UseProgram(prog);
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    gl->UseProgram(0);

    r = gl_read_rgba(ctx, target.fbo, 0, 0, width, height, out);

    gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->BindVertexArray(0);
    gl->DeleteBuffers(1, &vbo);
    gl->DeleteVertexArrays(1, &vao);
    gl->DeleteProgram(prog);
    gl_target_destroy(ctx, &target);
    glhle_result e = glhle_context_check_gl(ctx);
    return r != GLHLE_RESULT_OK ? r : e;
}
