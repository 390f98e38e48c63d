/* The GL context as the backends see it: the function table (glad --mx, one
 * per context), the logger and the host capabilities. Only backend/gl/ and
 * the rasterizers include this. */
#ifndef GLHLE_GL_CONTEXT_H
#define GLHLE_GL_CONTEXT_H

#include <glad/gl.h>

#include "backend/common/log.h"
#include "glhle/glhle.h"

struct glhle_context {
    glhle_context_mode mode;
    glhle_logger log;
    GladGLContext gl;          /* this context's entry points */
    glhle_context_info info;
    uint64_t gl_errors;        /* errors seen through KHR_debug or glGetError */
    bool debug;
    void *egl_display;         /* offscreen mode */
    void *egl_context;
    void *window;              /* window mode: GLFWwindow */
    char glsl_version_line[32]; /* "#version 450 core" or "#version 320 es" */
};

/* Makes ctx current when glhle owns the GL context (offscreen, window);
 * external contexts are the caller's to keep current. */
glhle_result gl_context_enter(glhle_context *ctx);

/* Backends for the three modes (context_egl.c, context_glfw.c). Each fills
 * the handles and loads ctx->gl, or logs and returns an error. */
glhle_result gl_context_egl_create(glhle_context *ctx, const glhle_context_desc *desc);
void gl_context_egl_destroy(glhle_context *ctx);
glhle_result gl_context_egl_make_current(glhle_context *ctx);

glhle_result gl_context_glfw_create(glhle_context *ctx, const glhle_context_desc *desc);
void gl_context_glfw_destroy(glhle_context *ctx);
glhle_result gl_context_glfw_make_current(glhle_context *ctx);
glhle_result gl_context_glfw_swap(glhle_context *ctx);
bool gl_context_glfw_should_close(const glhle_context *ctx);
void gl_context_glfw_drawable_size(const glhle_context *ctx, int *w, int *h);

#endif
