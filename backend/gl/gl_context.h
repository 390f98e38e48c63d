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
    bool debug_callback;       /* glhle's KHR_debug callback is installed (it counts errors) */
    /* The public glhle call in progress (gl_call_begin/end): its depth, its
     * name for error reports, and whether it has touched GL yet. */
    uint32_t call_depth;
    const char *call_what;
    bool call_entered;
    /* glhle made this context current during the call in progress: later
     * enters in the same call skip eglBindAPI/eglGetCurrentContext (through
     * glvnd each costs a getpid system call, and the PlayStation renderer
     * enters once per primitive). Nothing glhle runs inside a call makes
     * another context current on the calling thread. */
    bool call_current;
    /* Moves whenever GL state glhle set may have changed behind its shadows
     * (gl_state.h): on a call's first GL use in external mode,
     * glhle_context_invalidate_state, and code that sets state without a
     * shadow (the PlayStation renderer). */
    uint32_t state_epoch;
    /* The gl_state whose shadow last set state here (compared, never
     * dereferenced): another one taking over forgets its shadow. */
    const void *state_owner;
    uint64_t foreign_errors;   /* errors found pending on entry: the host's, not counted in gl_errors */
    /* external mode: the host's loader, kept for glhle_context_restored */
    glhle_get_proc_fn get_proc;
    void *get_proc_user;
    /* external mode: the host's shared-context callbacks (glhle.h, "compile
     * workers in external mode"), NULL when it gave none */
    void *(*create_shared)(void *user);
    bool (*make_shared_current)(void *user, void *shared);
    void (*destroy_shared)(void *user, void *shared);
    bool no_shared_contexts;
    bool lost;                 /* between glhle_context_lost and _restored: no GL at all */
    /* the loader ctx->gl was filled with, for the capability layer's extensions */
    GLADuserptrloadfunc load;
    void *load_user;
    struct gl_caps *caps;      /* gl_caps.c: the host's alternatives, decided at creation */
};

/* Makes ctx current when glhle owns the GL context (offscreen, window);
 * external contexts are the caller's to keep current. Every GL use goes
 * through it first. The first time inside a public call (gl_call_begin) in
 * external mode it also drains the errors the host left pending (logged at
 * debug level, counted in foreign_errors, not in gl_errors) and moves
 * state_epoch, so every state shadow re-issues what it sets: glhle trusts
 * nothing it set before the call (the contract in glhle.h). */
glhle_result gl_context_enter(glhle_context *ctx);

/* Brackets one public glhle call (nesting counts; only the outermost one
 * acts). `what` names it ("glhle_pica_present") in error reports. The end
 * drains glGetError when the call touched GL: each error is counted in
 * gl_errors and logged with `what` (with the KHR_debug callback installed
 * the callback has counted and logged it already). Cheap when the call
 * does not reach GL: no context switch, no GL call. */
void gl_call_begin(glhle_context *ctx, const char *what);
void gl_call_end(glhle_context *ctx);
/* GL state was set without a shadow (or by someone else): every shadow on
 * ctx re-issues its next calls. */
void gl_context_state_changed(glhle_context *ctx);
/* "GL_INVALID_OPERATION", ... */
const char *gl_error_name(GLenum e);

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
