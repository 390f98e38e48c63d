/* A host program's side of an external context, for the tests of the
 * contract in include/glhle/glhle.h ("External contexts"):
 *
 *  - ts_host: the caller's own EGL surfaceless GL 4.5 core context, made
 *    current, and a glhle context in external mode on it;
 *  - ts_gl_scramble: sets every piece of GL context state glhle ever sets
 *    to a random value a host could leave behind, binding host objects
 *    (framebuffer, program, vertex array, textures of every target on every
 *    unit glhle uses, samplers, buffers on every binding point, an image).
 *
 * The lists below are checked against the library's source by
 * tests/gl/gl_scramble_coverage.py (ctest layout/gl_scramble_coverage): a GL
 * entry point, capability or pixel-store parameter the library uses that is
 * neither scrambled here nor listed there as not context state fails it. */
#ifndef GLHLE_TEST_GL_SCRAMBLE_H
#define GLHLE_TEST_GL_SCRAMBLE_H

#include <glad/gl.h>

#include "glhle/glhle.h"
#include "support/test_support.h"

/* Every GL entry point that sets context state and that glhle calls, one
 * X() per name (the coverage script reads these lines). */
#define TS_SCRAMBLED_CALLS(X)                                                                                     \
    X(ActiveTexture) X(BindBuffer) X(BindBufferBase) X(BindBufferRange) X(BindFramebuffer) X(BindImageTexture)    \
    X(BindSampler) X(BindTexture) X(BindVertexArray) X(BlendColor) X(BlendEquationSeparate) X(BlendFuncSeparate) \
    X(ClearColor) X(ColorMask) X(CullFace) X(DepthFunc) X(DepthMask) X(Disable) X(Enable) X(FrontFace)           \
    X(LogicOp) X(PixelStorei) X(Scissor) X(StencilFunc) X(StencilMask) X(StencilOp) X(UseProgram) X(VertexAttrib4fv) \
    X(Viewport)

/* Every capability of glEnable/glDisable glhle switches. */
#define TS_SCRAMBLED_CAPS(X)                                                                                    \
    X(GL_BLEND) X(GL_CLIP_DISTANCE0) X(GL_CLIP_DISTANCE1) X(GL_CLIP_DISTANCE2) X(GL_CLIP_DISTANCE3)             \
    X(GL_COLOR_LOGIC_OP) X(GL_CULL_FACE) X(GL_DEPTH_TEST) X(GL_RASTERIZER_DISCARD) X(GL_SCISSOR_TEST)          \
    X(GL_STENCIL_TEST)

/* Every glPixelStorei parameter glhle sets. */
#define TS_SCRAMBLED_PIXEL_STORE(X)                                                                             \
    X(GL_UNPACK_ALIGNMENT) X(GL_UNPACK_ROW_LENGTH) X(GL_UNPACK_SKIP_ROWS) X(GL_UNPACK_SKIP_PIXELS)             \
    X(GL_PACK_ALIGNMENT) X(GL_PACK_ROW_LENGTH) X(GL_PACK_SKIP_ROWS) X(GL_PACK_SKIP_PIXELS)                     \
    X(GL_UNPACK_IMAGE_HEIGHT) X(GL_UNPACK_SKIP_IMAGES)

/* Buffer binding points glhle binds (generic bindings). */
#define TS_SCRAMBLED_BUFFER_TARGETS(X)                                                                          \
    X(GL_ARRAY_BUFFER) X(GL_COPY_WRITE_BUFFER) X(GL_PIXEL_PACK_BUFFER) X(GL_PIXEL_UNPACK_BUFFER)               \
    X(GL_TEXTURE_BUFFER) X(GL_UNIFORM_BUFFER)

/* Texture targets glhle binds on units 0..15. */
#define TS_SCRAMBLED_TEXTURE_TARGETS(X)                                                                         \
    X(GL_TEXTURE_2D) X(GL_TEXTURE_2D_ARRAY) X(GL_TEXTURE_CUBE_MAP) X(GL_TEXTURE_BUFFER) X(GL_TEXTURE_2D_MULTISAMPLE) \
    X(GL_TEXTURE_2D_MULTISAMPLE_ARRAY)

typedef struct ts_host {
    void *dpy, *egl_ctx;         /* EGLDisplay, EGLContext */
    GladGLContext gl;            /* the host's own table */
    glhle_context *ctx;          /* glhle in external mode on it */
    /* objects a host would have bound */
    GLuint fbo, fbo_tex, program, vao, buffer, sampler;
    GLuint tex[6];               /* one per TS_SCRAMBLED_TEXTURE_TARGETS entry */
    uint64_t scrambles;
} ts_host;

/* Makes and makes current the host's context, then the glhle context on
 * it (KHR_debug when `debug`, logging to ts_logger at `level`); fails the test if it
 * cannot. */
void ts_host_open(ts_host *h, glhle_log_level level, bool debug);
/* What a libretro frontend does at context_destroy/context_reset: a new
 * GL context made current, the old one destroyed (with every object the
 * host and glhle had in it), the host's objects made again. glhle's part
 * (the *_context_lost / _restored calls) is the caller's. `before_destroy`
 * runs while the old context is still current (may be NULL). */
void ts_host_new_context(ts_host *h, void (*before_destroy)(void *user), void (*after_current)(void *user),
                         void *user);
/* Destroys the glhle context, then the host's. */
void ts_host_close(ts_host *h);
/* Scrambles every state listed above (ts_rng decides the values). */
void ts_gl_scramble(ts_host *h, ts_rng *rng);
/* Renders something of the host's own through the scrambled state (a
 * clear of its framebuffer and a draw with its program), as a frontend
 * would between frames. */
void ts_host_draw(ts_host *h);

#endif
