/* Compiles off the draw path: worker threads, each with a GL context that
 * shares objects with the instance's (offscreen: an EGL context made with
 * the instance's as share_context; window: a hidden 1x1 GLFW window sharing
 * with the instance's), compile and link programs from GLSL text and hand
 * back the program names. Program and shader objects belong to the share
 * group, so a name linked on a worker is usable on the instance's context
 * once the worker has finished it (glFinish before the hand-back; the
 * caller binds it afterwards, GL 4.6 section 5.3).
 *
 * KHR_parallel_shader_compile is not used yet: Mesa's llvmpipe, the driver
 * this project is measured on, lists it but compiles inside glLinkProgram
 * all the same, so only threads of glhle's own take the work off the draw
 * path there.
 *
 * External mode (glhle.h, "compile workers in external mode"): the host's
 * create_shared_context / make_shared_context_current callbacks, else an
 * EGL context on the host's EGL display sharing with the host's current
 * one (surfaceless, or a 1x1 pbuffer); otherwise (a GLX host without the
 * callbacks, no_shared_contexts) create returns NULL and callers compile
 * in place. A worker whose context cannot be made current on its thread
 * is dropped at creation.
 *
 * The workers never log (the caller's logger may not be thread-safe): a
 * failed job comes back with ok = false and the caller reports it. */
#ifndef GLHLE_GL_COMPILE_WORKER_H
#define GLHLE_GL_COMPILE_WORKER_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/gl/gl_context.h"

typedef struct gl_compile_job {
    struct gl_compile_job *next;
    uint64_t tag;           /* the caller's */
    void *key;              /* the caller's copy of the key (freed with the job) */
    char *vs, *fs;          /* GLSL, NUL-terminated (freed with the job) */
    char *gs;               /* NULL, or a geometry stage linked between them (freed with the job) */
    char *tcs, *tes;        /* NULL, or the tessellation stages (both), linked after the vertex stage (freed with the job) */
    size_t vs_len, fs_len, gs_len, tcs_len, tes_len;
    bool retrievable;       /* ask for a retrievable binary */
    bool precompile;        /* the caller's: made at creation, not for a draw */
    bool compute;           /* vs is a compute shader, fs is unused */
    /* results */
    GLuint program;         /* 0 when !ok */
    bool ok;
    double ns;              /* compile + link time on the worker */
} gl_compile_job;

typedef struct gl_compile_workers gl_compile_workers;

/* `threads` workers (1..8); NULL when the context's mode cannot share (or
 * a worker context cannot be made), logged at info level. Call with ctx
 * current on the calling thread. */
gl_compile_workers *gl_compile_workers_create(glhle_context *ctx, uint32_t threads);
/* Hands the job to a worker (the workers own it until it comes back). */
void gl_compile_workers_submit(gl_compile_workers *w, gl_compile_job *job);
/* A finished job, or NULL: never blocks. */
gl_compile_job *gl_compile_workers_poll(gl_compile_workers *w);
/* A finished job, waiting for one; NULL when nothing is queued or running. */
gl_compile_job *gl_compile_workers_wait(gl_compile_workers *w);
/* Jobs submitted and not yet handed back by poll/wait. */
uint32_t gl_compile_workers_outstanding(const gl_compile_workers *w);
void gl_compile_job_free(gl_compile_job *job);
/* Stops the workers after their current job; jobs not handed back are
 * freed with their programs deleted. Call with ctx current. NULL is ignored. */
void gl_compile_workers_destroy(gl_compile_workers *w);

#endif
