/*
 * glhle — high-level emulation of console GPUs on OpenGL.
 *
 * This header holds what every system shares: the result codes, the logger,
 * the version query and the GL context. Systems live in pica.h, psx.h, ...
 *
 * Conventions (as in sokol_gfx): objects are opaque handles created from
 * *_desc structs in which every zero field means "default"; every fallible
 * function returns glhle_result and writes its outputs through pointers; a
 * failure also logs one line saying what failed, where and what happens next.
 * There is no process-wide state a caller can observe: two contexts work side
 * by side.
 */
#ifndef GLHLE_GLHLE_H
#define GLHLE_GLHLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The library builds with hidden visibility; only GLHLE_API symbols leave it. */
#if defined(__GNUC__)
#define GLHLE_API __attribute__((visibility("default")))
#else
#define GLHLE_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define GLHLE_VERSION_MAJOR 0
#define GLHLE_VERSION_MINOR 1
#define GLHLE_VERSION_PATCH 0

/* ---- results ------------------------------------------------------------ */

typedef enum glhle_result {
    GLHLE_RESULT_OK = 0,
    GLHLE_RESULT_INVALID_ARGUMENT, /* a parameter or desc field is out of range */
    GLHLE_RESULT_OUT_OF_MEMORY,    /* an allocation or a fixed budget failed */
    GLHLE_RESULT_UNSUPPORTED,      /* the host (driver, build) lacks a feature */
    GLHLE_RESULT_GL_ERROR,         /* the GL reported an error */
    GLHLE_RESULT_SHADER_ERROR,     /* a generated shader failed to compile/link */
    GLHLE_RESULT_IO_ERROR,         /* a file could not be opened, read or written */
    GLHLE_RESULT_BAD_DATA,         /* malformed input: bad magic, field, stream */
    GLHLE_RESULT_TRUNCATED,        /* input ends before what its headers claim */
    GLHLE_RESULT_OUT_OF_BOUNDS,    /* a guest address, index or jump leaves its range */
    GLHLE_RESULT_LIMIT_EXCEEDED,   /* a processing cap was hit (jump loop, runaway program) */
    GLHLE_RESULT_NOT_FOUND,        /* the requested item does not exist */
    GLHLE_RESULT_COUNT_
} glhle_result;

/* A static, human-readable name for r ("out of bounds"); never NULL. */
GLHLE_API const char *glhle_result_string(glhle_result r);

/* ---- logging ------------------------------------------------------------ */

/* A record's level, and the least level a logger passes on: zero in a desc
 * means the default, INFO (debug records describe every command and draw,
 * far too many for a default). */
typedef enum glhle_log_level {
    GLHLE_LOG_DEFAULT = 0,
    GLHLE_LOG_DEBUG,
    GLHLE_LOG_INFO,
    GLHLE_LOG_WARN,
    GLHLE_LOG_ERROR,
} glhle_log_level;

typedef struct glhle_log_record {
    glhle_log_level level;
    const char *message; /* one line, no trailing newline */
    const char *file;    /* source location in glhle that logged it */
    int line;
    const char *func;
} glhle_log_record;

typedef void (*glhle_log_fn)(void *user, const glhle_log_record *record);

/* The default logger: "glhle: warn: message (file:line)" on stderr. */
GLHLE_API void glhle_log_stderr(void *user, const glhle_log_record *record);

/* ---- version ------------------------------------------------------------ */

typedef struct glhle_version {
    int major, minor, patch;
    const char *string; /* "0.1.0" */
} glhle_version;

GLHLE_API glhle_version glhle_get_version(void);

/* ---- GL context ----------------------------------------------------------- */

typedef struct glhle_context glhle_context;

typedef enum glhle_context_mode {
    /* EGL on EGL_PLATFORM_SURFACELESS_MESA: no display needed, rendering goes
     * to framebuffer objects. Works on Mesa llvmpipe. */
    GLHLE_CONTEXT_OFFSCREEN = 0,
    /* A GLFW 3.3 window with its own GL context. */
    GLHLE_CONTEXT_WINDOW,
    /* The caller's GL context, current on the calling thread, with its
     * get_proc_address (an emulator core or libretro frontend). */
    GLHLE_CONTEXT_EXTERNAL,
    GLHLE_CONTEXT_MODE_COUNT_
} glhle_context_mode;

typedef enum glhle_gl_api {
    GLHLE_GL_API_CORE = 0, /* desktop GL core profile (default) */
    GLHLE_GL_API_GLES,     /* OpenGL ES 3.2, in every mode (docs/architecture.md, "OpenGL ES") */
    GLHLE_GL_API_COUNT_
} glhle_gl_api;

/* Returns the address of a GL entry point; user is passed back unchanged. */
typedef void *(*glhle_get_proc_fn)(void *user, const char *name);

typedef struct glhle_context_desc {
    glhle_context_mode mode;
    glhle_gl_api api;
    int gl_major, gl_minor;   /* minimum GL version; 0 -> 4.5 (core), 3.2 (ES) */
    bool debug;               /* request a KHR_debug context; messages go to the log */
    struct {
        int width, height;    /* 0 -> 800x960 (two 3DS screens at 2x) */
        const char *title;    /* NULL -> "glhle" */
        bool vsync;
        bool hidden;          /* create the window invisible */
    } window;
    struct {
        glhle_get_proc_fn get_proc_address; /* required in external mode */
        void *user;
        /* Compile workers (shader_compile_threads, the PICA ubershader):
         * contexts sharing objects with the host's, one per worker thread.
         * See "Compile workers in external mode" below. All NULL: glhle
         * makes them itself from the host's EGL context, when it is one. */
        void *(*create_shared_context)(void *user);
        bool (*make_shared_context_current)(void *user, void *shared);
        void (*destroy_shared_context)(void *user, void *shared);
        bool no_shared_contexts; /* no workers at all: every compile on the calling thread */
    } external;
    glhle_log_fn log;         /* NULL -> glhle_log_stderr */
    void *log_user;
    glhle_log_level log_level; /* messages below this are dropped; 0 -> GLHLE_LOG_INFO */
} glhle_context_desc;

/* Which host features the backends use, and whether this context has them. */
typedef struct glhle_context_info {
    const char *vendor, *renderer, *version, *glsl_version; /* from glGetString */
    int gl_major, gl_minor;
    bool gles;
    bool khr_debug;           /* KHR_debug (core in 4.3 / ES 3.2) */
    bool buffer_storage;      /* persistent mapped buffers (4.4, EXT on ES) */
    bool texture_barrier;     /* reading the texture being rendered (4.5, NV/ARB) */
    bool clip_control;        /* glClipControl (4.5) */
    bool direct_state_access; /* ARB_direct_state_access (4.5) */
    bool program_binary;      /* glGetProgramBinary with at least one format */
    bool framebuffer_fetch;   /* EXT_shader_framebuffer_fetch */
    bool shader_interlock;    /* ARB_fragment_shader_interlock */
    bool anisotropic_filter;  /* ARB/EXT_texture_filter_anisotropic */
    bool subgroups;           /* desktop GL with ARB_shader_ballot, ARB_gpu_shader_int64 and
                               * ARB_shader_group_vote: what the Maxwell translation's subgroup
                               * operations (VOTE, SHFL, lane registers) need in GLSL */
    bool viewport_layer_array; /* desktop GL with ARB_shader_viewport_layer_array: the layer and
                                * viewport index written by a vertex or tessellation evaluation
                                * stage (the Maxwell translation refuses those stores without it) */
    int max_texture_size;
    int max_texture_buffer_size;
    int max_uniform_block_size;
} glhle_context_info;

GLHLE_API glhle_result glhle_context_create(const glhle_context_desc *desc, glhle_context **out);
/* Destroys the context; NULL is ignored. Destroy the instances made on it
 * (glhle_pica, glhle_psx) first: they make it current to free their GL
 * objects. */
GLHLE_API void glhle_context_destroy(glhle_context *ctx);
/* Offscreen and window modes: makes this context current on the calling
 * thread (glhle also does so on entry to its own calls). External mode: no-op. */
GLHLE_API glhle_result glhle_context_make_current(glhle_context *ctx);
GLHLE_API const glhle_context_info *glhle_context_get_info(const glhle_context *ctx);
GLHLE_API glhle_context_mode glhle_context_get_mode(const glhle_context *ctx);
/* What glhle uses where the host lacks a feature, decided once at creation
 * and logged then: one line of name=choice pairs, e.g. on OpenGL ES
 * "profile=es dsa=emulated readback=fbo+readpixels(...) clear_texture=
 * EXT_clear_texture ... logic_op=refused(drawn-as-copy)" (docs/architecture.md,
 * "OpenGL ES"). Valid while ctx lives. */
GLHLE_API const char *glhle_context_host_choices(const glhle_context *ctx);

/* Number of GL errors seen so far (KHR_debug error messages and glGetError
 * results picked up by glhle_context_check_gl); tests assert it stays 0. */
GLHLE_API uint64_t glhle_context_gl_error_count(const glhle_context *ctx);
/* Drains glGetError, logs each error and returns GLHLE_RESULT_GL_ERROR if any. */
GLHLE_API glhle_result glhle_context_check_gl(glhle_context *ctx);

/* ---- external contexts: the contract with the host -----------------------
 *
 * In external mode glhle shares the host's GL context (a libretro core's
 * hw_render context, a Qt/SDL frontend's). The host may change any GL state
 * between glhle calls; glhle keeps to these rules:
 *
 * State on entry: INVALIDATE ON ENTRY. The PICA200 instance keeps a shadow
 * of the state it set so that a draw issues only changed calls; in external
 * mode every public call forgets that shadow the first time it touches GL,
 * so each call's first draw or pass sets everything it relies on again
 * (the cost is in docs/performance.md, "External contexts"); Maxwell
 * instances do the same. The PlayStation renderer keeps no shadow: every pass sets its state in full
 * (re-establish per pass). Neither trusts anything it set in an earlier
 * call. A host that changes GL state *inside* a glhle call (from a PICA
 * event hook) calls glhle_context_invalidate_state() before returning.
 *
 * Errors: errors pending in the context when a call first touches GL are
 * the host's: they are drained, logged at debug level and counted by
 * glhle_context_host_error_count(), never in glhle_context_gl_error_count()
 * and never blamed on glhle. Errors glhle raises are drained before the
 * call returns, counted in glhle_context_gl_error_count() and logged at
 * error level with the call that raised them ("glhle_pica_present raised
 * GL_INVALID_OPERATION (0x0502)"). A call leaves no error pending. With
 * desc.debug glhle installs its KHR_debug callback on the context (replacing
 * the host's); errors the host raises between glhle calls are logged at
 * debug level then.
 *
 * State a call may leave changed (the host sets what it needs afterwards;
 * glhle restores none of it, and sets each before relying on it):
 *  - bindings: GL_DRAW_FRAMEBUFFER, GL_READ_FRAMEBUFFER, the program, the
 *    vertex array, the active texture unit, textures of units 0..16 (2D,
 *    2D array, cube map, buffer targets), samplers of units 0..16,
 *    GL_UNIFORM_BUFFER indexed bindings 0..7 and the generic one, image
 *    unit 0;
 *  - viewport; scissor test and box; GL_CULL_FACE, glCullFace, glFrontFace;
 *    depth test, function and write mask; stencil test, function,
 *    reference, masks and operations; blending, its equations, factors and
 *    colour; GL_COLOR_LOGIC_OP and glLogicOp; glColorMask;
 *    GL_CLIP_DISTANCE0..3 (Maxwell draws: 0..7, left disabled);
 *    GL_RASTERIZER_DISCARD (left disabled); glProvokingVertex, glClipControl
 *    and the indexed viewport, depth range, colour masks and blending
 *    (Maxwell draws);
 *  - pixel storage: GL_{UN,}PACK_ALIGNMENT, _ROW_LENGTH, _SKIP_ROWS,
 *    _SKIP_PIXELS.
 * The GL_PIXEL_PACK_BUFFER, GL_PIXEL_UNPACK_BUFFER, GL_ARRAY_BUFFER,
 * GL_COPY_WRITE_BUFFER and GL_TEXTURE_BUFFER generic bindings: glhle binds
 * them only for the moment it needs them and leaves them 0 (a call that
 * needs none leaves the host's binding as it was). Never touched: which context is
 * current (in external mode glhle makes none current and never swaps).
 * glhle relies on the rest of the state being GL's default
 * and leaves it so (Maxwell draws set depth clamp, polygon mode and
 * offset, point size, line width and primitive restart as draws need them
 * and put GL's defaults back before the call returns; GL_FRAMEBUFFER_SRGB
 * too, which they set for sRGB targets and their presents and blits turn
 * off, its default off on desktop GL and on on OpenGL ES with
 * EXT_sRGB_write_control): polygon mode FILL, no primitive restart, no
 * GL_FRAMEBUFFER_SRGB conversion into its own RGBA8 targets, no active
 * transform feedback or conditional render, GL_SAMPLE_MASK off.
 *
 * Presentation into a host framebuffer (glhle_pica_present's and
 * glhle_psx_present's `fbo`): blits and draws honour the host's pixel
 * ownership only; glhle sets the scissor test as it needs it (off, or its
 * own box for letterbox bars). A framebuffer that is not complete
 * (framebuffer 0 of a surfaceless context) is not drawn into, and nothing
 * is left pending in the GL: the PICA and Maxwell frames are still
 * composed and readable and the first such call logs a warning;
 * glhle_psx_present returns INVALID_ARGUMENT.
 */

/* ---- compile workers in external mode ------------------------------------
 *
 * An instance with compile workers (glhle_pica_desc.shader_compile_threads,
 * shader_ubershader; glhle_psx_desc.shader_compile_threads) compiles
 * programs on threads of its own, each with a GL context in the host
 * context's share group; programs are handed to the host's context only
 * after the worker's glFinish. In external mode those contexts come from:
 *
 *  - the host's callbacks, when desc.external.create_shared_context is set
 *    (all three then): create_shared_context(user) is called on the thread
 *    creating the instance (or restoring it after a context loss), with the
 *    host's context current there, once per worker; it returns a new
 *    context that shares objects with the host's, or NULL (no more
 *    workers). make_shared_context_current(user, shared) is called on the
 *    worker's own thread to make it current there (false: the worker is
 *    not used), and make_shared_context_current(user, NULL) on that thread
 *    before it ends. destroy_shared_context(user, shared) is called on the
 *    thread destroying the instance (or losing the context) after the
 *    worker thread ended. The callbacks may run on several threads at
 *    once. A GLX host, for example, makes a context with glXCreateContext-
 *    AttribsARB(dpy, config, host_context, ...) and makes it current with
 *    glXMakeContextCurrent on a 1x1 pbuffer;
 *  - else glhle itself, when the context current on the creating thread is
 *    an EGL context (eglGetCurrentContext): a context on the same display,
 *    with the same config (none for a context made without one) and client
 *    API and version, sharing with the host's, made current without a
 *    surface (EGL_KHR_surfaceless_context) or on a 1x1 pbuffer. The thread's
 *    bound EGL API is left as it was;
 *  - nowhere with desc.external.no_shared_contexts, or when neither applies
 *    (a GLX host without the callbacks): programs compile on the calling
 *    thread and a miss waits for its compile, as before.
 * glhle never makes a worker's context current on a host thread, and the
 * host's context stays current on the creating thread throughout. */

/* Context loss, as libretro frontends do it (context_destroy, then
 * context_reset on a new context). While the OLD context is still current:
 * call glhle_pica_context_lost / glhle_psx_context_lost /
 * glhle_maxwell_context_lost for every instance (each reads back what
 * exists only on the GPU -- PICA surfaces and Maxwell render targets are
 * written to guest memory and kept at their resolution, PlayStation VRAM is
 * read at the internal resolution -- and deletes its GL objects), then
 * glhle_context_lost(ctx).
 * With the NEW context current: glhle_context_restored(ctx) (entry points
 * loaded again through desc.external.get_proc_address, capabilities read
 * again), then each instance's *_context_restored, which make their GL
 * objects again from guest state and what was read back. In between, only
 * destroy calls are allowed (GL calls fail with UNSUPPORTED). External
 * mode only. */
GLHLE_API glhle_result glhle_context_lost(glhle_context *ctx);
GLHLE_API glhle_result glhle_context_restored(glhle_context *ctx);

/* Forget the GL state glhle believes it set (every instance on ctx): the
 * next draw or pass sets everything again. For hosts that change state
 * inside a glhle call, or in offscreen/window mode behind glhle's back. */
GLHLE_API void glhle_context_invalidate_state(glhle_context *ctx);
/* GL errors found pending on entry to glhle calls (external mode): the
 * host's, drained and logged at debug level. */
GLHLE_API uint64_t glhle_context_host_error_count(const glhle_context *ctx);

/* Window mode: presents the back buffer and polls events. */
GLHLE_API glhle_result glhle_context_swap(glhle_context *ctx);
/* Window mode: true once the user asked to close the window. */
GLHLE_API bool glhle_context_should_close(const glhle_context *ctx);
/* Window mode: drawable size in pixels (others: 0x0). */
GLHLE_API void glhle_context_drawable_size(const glhle_context *ctx, int *width, int *height);

#ifdef __cplusplus
}
#endif

#endif
