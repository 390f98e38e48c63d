/* glhle_context: mode dispatch, capability query and the KHR_debug route to
 * the logger. The mode-specific parts are in context_egl.c / context_glfw.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_context.h"

static void GLAD_API_PTR debug_message(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                                       const GLchar *message, const void *user)
{
    (void)length;
    glhle_context *ctx = (glhle_context *)user;
    glhle_log_level level = GLHLE_LOG_DEBUG;
    if (source == GL_DEBUG_SOURCE_SHADER_COMPILER) {
        /* compile failures come back as SHADER_ERROR with the source lines
         * quoted (gl_util.c); they are not API errors */
        level = GLHLE_LOG_DEBUG;
    } else if (type == GL_DEBUG_TYPE_ERROR) {
        if (ctx->mode == GLHLE_CONTEXT_EXTERNAL && ctx->call_depth == 0) {
            /* the host's own call on the shared context: not glhle's (the
             * drain on entry to the next call counts it) */
            GLHLE_DEBUG(&ctx->log, "GL debug (id %u), outside glhle's calls (the host's): %s", id, message);
            return;
        }
        ctx->gl_errors++;
        GLHLE_LOG(&ctx->log, GLHLE_LOG_ERROR, "GL debug (id %u) during %s: %s", id,
                  ctx->call_what ? ctx->call_what : "glhle's own use of the context", message);
        return;
    } else if (severity == GL_DEBUG_SEVERITY_HIGH) {
        level = GLHLE_LOG_WARN;
    } else if (severity == GL_DEBUG_SEVERITY_MEDIUM && type != GL_DEBUG_TYPE_PERFORMANCE) {
        level = GLHLE_LOG_INFO;
    }
    GLHLE_LOG(&ctx->log, level, "GL debug (id %u): %s", id, message);
}

static void query_info(glhle_context *ctx)
{
    GladGLContext *gl = &ctx->gl;
    glhle_context_info *in = &ctx->info;
    in->vendor = (const char *)gl->GetString(GL_VENDOR);
    in->renderer = (const char *)gl->GetString(GL_RENDERER);
    in->version = (const char *)gl->GetString(GL_VERSION);
    in->glsl_version = (const char *)gl->GetString(GL_SHADING_LANGUAGE_VERSION);
    gl->GetIntegerv(GL_MAJOR_VERSION, &in->gl_major);
    gl->GetIntegerv(GL_MINOR_VERSION, &in->gl_minor);
    int ver = in->gl_major * 10 + in->gl_minor;
    bool es = in->gles;
    in->khr_debug = es ? (ver >= 32 || gl->KHR_debug) : (ver >= 43 || gl->KHR_debug);
    in->buffer_storage = es ? gl->EXT_buffer_storage : (ver >= 44 || gl->ARB_buffer_storage);
    in->texture_barrier = es ? false : (ver >= 45 || gl->ARB_texture_barrier || gl->NV_texture_barrier);
    in->clip_control = es ? gl->EXT_clip_control : (ver >= 45 || gl->ARB_clip_control);
    in->direct_state_access = !es && (ver >= 45 || gl->ARB_direct_state_access);
    in->framebuffer_fetch = gl->EXT_shader_framebuffer_fetch;
    in->shader_interlock = gl->ARB_fragment_shader_interlock;
    in->anisotropic_filter = gl->ARB_texture_filter_anisotropic || gl->EXT_texture_filter_anisotropic;
    GLint formats = 0;
    gl->GetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &formats);
    in->program_binary = formats > 0;
    gl->GetIntegerv(GL_MAX_TEXTURE_SIZE, &in->max_texture_size);
    gl->GetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &in->max_texture_buffer_size);
    gl->GetIntegerv(GL_MAX_UNIFORM_BLOCK_SIZE, &in->max_uniform_block_size);
    while (gl->GetError() != GL_NO_ERROR) /* a query the driver lacks is not a failure */
        ;
    snprintf(ctx->glsl_version_line, sizeof ctx->glsl_version_line, "%s",
             es ? "#version 320 es" : "#version 450 core");
}

static GLADapiproc external_load(void *user, const char *name)
{
    const glhle_context *ctx = user;
    /* POSIX guarantees object and function pointers convert both ways */
    return (GLADapiproc)ctx->get_proc(ctx->get_proc_user, name);
}

static glhle_result load_external(glhle_context *ctx, const glhle_context_desc *desc)
{
    if (!desc->external.get_proc_address)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "external context: desc.external.get_proc_address is NULL");
    ctx->get_proc = desc->external.get_proc_address;
    ctx->get_proc_user = desc->external.user;
    const bool some = desc->external.create_shared_context || desc->external.make_shared_context_current ||
                      desc->external.destroy_shared_context;
    const bool all = desc->external.create_shared_context && desc->external.make_shared_context_current &&
                     desc->external.destroy_shared_context;
    if (some && !all)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "external context: create_shared_context, make_shared_context_current and "
                          "destroy_shared_context come together (some are NULL)");
    ctx->create_shared = desc->external.create_shared_context;
    ctx->make_shared_current = desc->external.make_shared_context_current;
    ctx->destroy_shared = desc->external.destroy_shared_context;
    ctx->no_shared_contexts = desc->external.no_shared_contexts;
    void *user = ctx;
    ctx->load = external_load;
    ctx->load_user = ctx;
    int v = ctx->info.gles ? gladLoadGLES2ContextUserPtr(&ctx->gl, external_load, user)
                           : gladLoadGLContextUserPtr(&ctx->gl, external_load, user);
    if (!v)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_UNSUPPORTED,
                          "external context: cannot load GL entry points (is the context current?)");
    return GLHLE_RESULT_OK;
}

static void install_debug(glhle_context *ctx)
{
    if (ctx->debug && ctx->info.khr_debug && ctx->gl.DebugMessageCallback) {
        ctx->gl.Enable(GL_DEBUG_OUTPUT);
        ctx->gl.Enable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
        ctx->gl.DebugMessageCallback(debug_message, ctx);
        ctx->gl.DebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_NOTIFICATION, 0, NULL, GL_FALSE);
        ctx->debug_callback = true;
    }
}

glhle_result glhle_context_create(const glhle_context_desc *desc, glhle_context **out)
{
    static const glhle_context_desc zero_desc;
    if (!out)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    *out = NULL;
    if (!desc)
        desc = &zero_desc;
    glhle_logger log = {desc->log, desc->log_user, desc->log_level};
    if ((unsigned)desc->mode >= GLHLE_CONTEXT_MODE_COUNT_)
        return GLHLE_FAIL(&log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "glhle_context_desc.mode %d is not a context mode (0 offscreen, 1 window, 2 external)",
                          (int)desc->mode);
    if ((unsigned)desc->api >= GLHLE_GL_API_COUNT_)
        return GLHLE_FAIL(&log, GLHLE_RESULT_INVALID_ARGUMENT, "glhle_context_desc.api %d is not a GL API",
                          (int)desc->api);
    if (desc->gl_major < 0 || desc->gl_minor < 0 || (desc->gl_major == 0 && desc->gl_minor != 0))
        return GLHLE_FAIL(&log, GLHLE_RESULT_INVALID_ARGUMENT, "glhle_context_desc: bad GL version %d.%d",
                          desc->gl_major, desc->gl_minor);
    int want_major = desc->gl_major ? desc->gl_major : (desc->api == GLHLE_GL_API_GLES ? 3 : 4);
    int want_minor = desc->gl_major ? desc->gl_minor : (desc->api == GLHLE_GL_API_GLES ? 2 : 5);
    int floor_minor = desc->api == GLHLE_GL_API_GLES ? 2 : 5;
    int floor_major = desc->api == GLHLE_GL_API_GLES ? 3 : 4;
    if (want_major * 10 + want_minor < floor_major * 10 + floor_minor)
        return GLHLE_FAIL(&log, GLHLE_RESULT_UNSUPPORTED, "glhle needs GL%s %d.%d or newer; %d.%d was requested",
                          desc->api == GLHLE_GL_API_GLES ? " ES" : "", floor_major, floor_minor, want_major,
                          want_minor);

    glhle_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return GLHLE_FAIL(&log, GLHLE_RESULT_OUT_OF_MEMORY, "out of memory creating a context");
    ctx->mode = desc->mode;
    ctx->log = log;
    ctx->debug = desc->debug;
    ctx->info.gles = desc->api == GLHLE_GL_API_GLES;

    glhle_context_desc d = *desc;
    d.gl_major = want_major;
    d.gl_minor = want_minor;
    glhle_result r;
    switch (ctx->mode) {
    case GLHLE_CONTEXT_OFFSCREEN: r = gl_context_egl_create(ctx, &d); break;
    case GLHLE_CONTEXT_WINDOW: r = gl_context_glfw_create(ctx, &d); break;
    default: r = load_external(ctx, &d); break;
    }
    if (r != GLHLE_RESULT_OK) {
        glhle_context_destroy(ctx);
        return r;
    }
    query_info(ctx);
    if (ctx->info.gl_major * 10 + ctx->info.gl_minor < want_major * 10 + want_minor) {
        GLHLE_ERROR(&ctx->log, "the GL context is version %d.%d (%s); %d.%d was requested", ctx->info.gl_major,
                    ctx->info.gl_minor, ctx->info.version ? ctx->info.version : "?", want_major, want_minor);
        glhle_context_destroy(ctx);
        return GLHLE_RESULT_UNSUPPORTED;
    }
    install_debug(ctx);
    gl_caps_init(ctx, ctx->load, ctx->load_user);
    GLHLE_INFO(&ctx->log, "GL context: %s | %s | %s | GLSL %s", ctx->info.vendor, ctx->info.renderer,
               ctx->info.version, ctx->info.glsl_version);
    *out = ctx;
    return GLHLE_RESULT_OK;
}

void glhle_context_destroy(glhle_context *ctx)
{
    if (!ctx)
        return;
    if (ctx->debug && !ctx->lost && ctx->gl.DebugMessageCallback && gl_context_enter(ctx) == GLHLE_RESULT_OK)
        ctx->gl.DebugMessageCallback(NULL, NULL);
    gl_caps_destroy(ctx);
    switch (ctx->mode) {
    case GLHLE_CONTEXT_OFFSCREEN: gl_context_egl_destroy(ctx); break;
    case GLHLE_CONTEXT_WINDOW: gl_context_glfw_destroy(ctx); break;
    default: break;
    }
    free(ctx);
}

/* Errors pending when a call first touches an external context were left by
 * the host (or a driver before it): they are not glhle's. */
static void drain_foreign_errors(glhle_context *ctx)
{
    for (int i = 0; i < 16; i++) { /* one flag per error kind; a bound in case a driver keeps reporting */
        GLenum e = ctx->gl.GetError();
        if (e == GL_NO_ERROR)
            break;
        ctx->foreign_errors++;
        GLHLE_DEBUG(&ctx->log, "%s: %s (0x%04X) was pending in the host's context before the call; drained, "
                    "not glhle's", ctx->call_what, gl_error_name(e), e);
    }
}

glhle_result gl_context_enter(glhle_context *ctx)
{
    if (ctx->lost)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_UNSUPPORTED,
                          "%s: the GL context is lost (glhle_context_lost); nothing is drawn until "
                          "glhle_context_restored",
                          ctx->call_what ? ctx->call_what : "glhle");
    glhle_result r = GLHLE_RESULT_OK;
    if (ctx->call_depth && ctx->call_current) {
        gl_caps_bind(ctx);
        return r;
    }
    switch (ctx->mode) {
    case GLHLE_CONTEXT_OFFSCREEN: r = gl_context_egl_make_current(ctx); break;
    case GLHLE_CONTEXT_WINDOW: r = gl_context_glfw_make_current(ctx); break;
    default: break;
    }
    gl_caps_bind(ctx);
    if (r == GLHLE_RESULT_OK && ctx->call_depth && ctx->mode != GLHLE_CONTEXT_EXTERNAL)
        ctx->call_current = true;
    if (r == GLHLE_RESULT_OK && ctx->call_depth && !ctx->call_entered) {
        ctx->call_entered = true;
        if (ctx->mode == GLHLE_CONTEXT_EXTERNAL) {
            drain_foreign_errors(ctx);
            ctx->state_epoch++;
        }
    }
    return r;
}

void gl_call_begin(glhle_context *ctx, const char *what)
{
    if (ctx->call_depth++ == 0) {
        ctx->call_what = what;
        ctx->call_entered = false;
        ctx->call_current = false;
    }
}

void gl_call_end(glhle_context *ctx)
{
    if (!ctx->call_depth || --ctx->call_depth)
        return;
    if (ctx->call_entered && gl_context_enter(ctx) == GLHLE_RESULT_OK) {
        for (int i = 0; i < 16; i++) {
            GLenum e = ctx->gl.GetError();
            if (e == GL_NO_ERROR)
                break;
            if (ctx->debug_callback) /* counted and logged by debug_message already */
                continue;
            ctx->gl_errors++;
            GLHLE_ERROR(&ctx->log, "%s raised %s (0x%04X)", ctx->call_what, gl_error_name(e), e);
        }
    }
    ctx->call_entered = false;
    ctx->call_what = NULL;
}

void gl_context_state_changed(glhle_context *ctx)
{
    ctx->state_epoch++;
}

glhle_result glhle_context_lost(glhle_context *ctx)
{
    if (!ctx)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (ctx->mode != GLHLE_CONTEXT_EXTERNAL)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_UNSUPPORTED,
                          "glhle_context_lost: only an external context can be lost (glhle owns this one)");
    ctx->lost = true;
    ctx->debug_callback = false;
    return GLHLE_RESULT_OK;
}

glhle_result glhle_context_restored(glhle_context *ctx)
{
    if (!ctx)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (ctx->mode != GLHLE_CONTEXT_EXTERNAL)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_UNSUPPORTED,
                          "glhle_context_restored: only an external context can be lost and restored");
    int v = ctx->info.gles ? gladLoadGLES2ContextUserPtr(&ctx->gl, external_load, ctx)
                           : gladLoadGLContextUserPtr(&ctx->gl, external_load, ctx);
    if (!v)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_UNSUPPORTED,
                          "glhle_context_restored: cannot load GL entry points (is the new context current?)");
    ctx->lost = false;
    query_info(ctx);
    install_debug(ctx);
    gl_caps_init(ctx, ctx->load, ctx->load_user);
    ctx->state_epoch++;
    GLHLE_INFO(&ctx->log, "GL context restored: %s | %s | %s", ctx->info.vendor, ctx->info.renderer,
               ctx->info.version);
    return GLHLE_RESULT_OK;
}

void glhle_context_invalidate_state(glhle_context *ctx)
{
    if (ctx)
        ctx->state_epoch++;
}

uint64_t glhle_context_host_error_count(const glhle_context *ctx)
{
    return ctx->foreign_errors;
}

glhle_result glhle_context_make_current(glhle_context *ctx)
{
    if (!ctx)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    return gl_context_enter(ctx);
}

const glhle_context_info *glhle_context_get_info(const glhle_context *ctx)
{
    return &ctx->info;
}

glhle_context_mode glhle_context_get_mode(const glhle_context *ctx)
{
    return ctx->mode;
}

uint64_t glhle_context_gl_error_count(const glhle_context *ctx)
{
    return ctx->gl_errors;
}

const char *gl_error_name(GLenum e)
{
    switch (e) {
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
    case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
    default: return "unknown GL error";
    }
}

glhle_result glhle_context_check_gl(glhle_context *ctx)
{
    glhle_result r = gl_context_enter(ctx);
    if (r != GLHLE_RESULT_OK)
        return r;
    for (int i = 0; i < 16; i++) {
        GLenum e = ctx->gl.GetError();
        if (e == GL_NO_ERROR)
            break;
        ctx->gl_errors++;
        GLHLE_ERROR(&ctx->log, "glGetError: %s (0x%04X)", gl_error_name(e), e);
        r = GLHLE_RESULT_GL_ERROR;
    }
    return r;
}

glhle_result glhle_context_swap(glhle_context *ctx)
{
    if (ctx->mode != GLHLE_CONTEXT_WINDOW)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_INVALID_ARGUMENT, "glhle_context_swap: not a window context");
    return gl_context_glfw_swap(ctx);
}

bool glhle_context_should_close(const glhle_context *ctx)
{
    return ctx->mode == GLHLE_CONTEXT_WINDOW && gl_context_glfw_should_close(ctx);
}

void glhle_context_drawable_size(const glhle_context *ctx, int *width, int *height)
{
    *width = *height = 0;
    if (ctx->mode == GLHLE_CONTEXT_WINDOW)
        gl_context_glfw_drawable_size(ctx, width, height);
}
