/* Offscreen contexts: EGL on Mesa's surfaceless platform, no display needed.
 *
 * EGL has one display per platform per process, shared by every context made
 * on it; the only process-wide state here is that display's reference count
 * (eglTerminate would pull it from under other contexts) and the EGL entry
 * point table, which is the same for every caller once loaded. */
#include <pthread.h>
#include <string.h>

#include <glad/egl.h>

#include "backend/gl/gl_context.h"

static pthread_mutex_t display_lock = PTHREAD_MUTEX_INITIALIZER;
static EGLDisplay shared_display = EGL_NO_DISPLAY;
static int display_refs;

static const char *egl_error_name(EGLint e)
{
    switch (e) {
    case EGL_SUCCESS: return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH (version or profile not available)";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    default: return "EGL error";
    }
}

static glhle_result acquire_display(const glhle_logger *log, EGLDisplay *out)
{
    glhle_result r = GLHLE_RESULT_OK;
    pthread_mutex_lock(&display_lock);
    if (display_refs == 0) {
        if (!gladLoaderLoadEGL(EGL_NO_DISPLAY)) {
            r = GLHLE_FAIL(log, GLHLE_RESULT_UNSUPPORTED, "offscreen context: cannot load libEGL");
            goto done;
        }
        const char *client_ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
        if (!client_ext || !strstr(client_ext, "EGL_MESA_platform_surfaceless") || !eglGetPlatformDisplayEXT) {
            r = GLHLE_FAIL(log, GLHLE_RESULT_UNSUPPORTED,
                           "offscreen context: EGL lacks EGL_MESA_platform_surfaceless (client extensions: %s)",
                           client_ext ? client_ext : "none");
            goto done;
        }
        /* the EXT entry point: eglGetPlatformDisplay (1.5) is only loaded once a display says 1.5 */
        EGLDisplay dpy = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
        EGLint major = 0, minor = 0;
        if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor)) {
            r = GLHLE_FAIL(log, GLHLE_RESULT_UNSUPPORTED, "offscreen context: surfaceless EGL display: %s",
                           egl_error_name(eglGetError()));
            goto done;
        }
        if (!gladLoaderLoadEGL(dpy)) {
            eglTerminate(dpy);
            r = GLHLE_FAIL(log, GLHLE_RESULT_UNSUPPORTED, "offscreen context: cannot load EGL %d.%d entry points",
                           major, minor);
            goto done;
        }
        shared_display = dpy;
    }
    display_refs++;
    *out = shared_display;
done:
    pthread_mutex_unlock(&display_lock);
    return r;
}

static void release_display(void)
{
    pthread_mutex_lock(&display_lock);
    if (display_refs > 0 && --display_refs == 0) {
        eglTerminate(shared_display);
        eglReleaseThread();
        shared_display = EGL_NO_DISPLAY;
    }
    pthread_mutex_unlock(&display_lock);
}

static GLADapiproc egl_load(void *user, const char *name)
{
    (void)user;
    return (GLADapiproc)eglGetProcAddress(name);
}

glhle_result gl_context_egl_create(glhle_context *ctx, const glhle_context_desc *desc)
{
    EGLDisplay dpy;
    glhle_result r = acquire_display(&ctx->log, &dpy);
    if (r != GLHLE_RESULT_OK)
        return r;
    ctx->egl_display = dpy;

    const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
    if (!ext || !strstr(ext, "EGL_KHR_surfaceless_context") || !strstr(ext, "EGL_KHR_no_config_context"))
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_UNSUPPORTED,
                          "offscreen context: EGL display lacks surfaceless/no-config contexts");
    const bool es = desc->api == GLHLE_GL_API_GLES;
    if (!eglBindAPI(es ? EGL_OPENGL_ES_API : EGL_OPENGL_API))
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_UNSUPPORTED, "offscreen context: EGL cannot bind %s",
                          es ? "OpenGL ES" : "desktop GL");

    /* ES has no profiles: the mask attribute is desktop-only (EGL 1.5 3.7.1.2) */
    EGLint attrs[] = {
        EGL_CONTEXT_MAJOR_VERSION, desc->gl_major,
        EGL_CONTEXT_MINOR_VERSION, desc->gl_minor,
        EGL_CONTEXT_OPENGL_DEBUG,  desc->debug ? EGL_TRUE : EGL_FALSE,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
        EGL_NONE,
    };
    if (es)
        attrs[6] = EGL_NONE;
    EGLContext egl_ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
    if (egl_ctx == EGL_NO_CONTEXT)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_UNSUPPORTED,
                          "offscreen context: the driver cannot create a GL%s %d.%d%s context: %s", es ? " ES" : "",
                          desc->gl_major, desc->gl_minor, es ? "" : " core", egl_error_name(eglGetError()));
    ctx->egl_context = egl_ctx;
    if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, egl_ctx))
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_UNSUPPORTED, "offscreen context: eglMakeCurrent failed: %s",
                          egl_error_name(eglGetError()));
    ctx->load = egl_load;
    if (!(es ? gladLoadGLES2ContextUserPtr(&ctx->gl, egl_load, NULL) : gladLoadGLContextUserPtr(&ctx->gl, egl_load, NULL)))
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_UNSUPPORTED, "offscreen context: cannot load GL entry points");
    return GLHLE_RESULT_OK;
}

void gl_context_egl_destroy(glhle_context *ctx)
{
    if (!ctx->egl_display)
        return;
    EGLDisplay dpy = ctx->egl_display;
    if (ctx->egl_context) {
        eglBindAPI(ctx->info.gles ? EGL_OPENGL_ES_API : EGL_OPENGL_API);
        if (eglGetCurrentContext() == ctx->egl_context)
            eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(dpy, ctx->egl_context);
    }
    ctx->egl_context = NULL;
    ctx->egl_display = NULL;
    release_display();
}

glhle_result gl_context_egl_make_current(glhle_context *ctx)
{
    /* the bound API is per thread, and eglGetCurrentContext answers for the bound one */
    eglBindAPI(ctx->info.gles ? EGL_OPENGL_ES_API : EGL_OPENGL_API);
    if (eglGetCurrentContext() == ctx->egl_context)
        return GLHLE_RESULT_OK;
    if (!eglMakeCurrent(ctx->egl_display, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx->egl_context))
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_GL_ERROR, "eglMakeCurrent failed: %s",
                          egl_error_name(eglGetError()));
    return GLHLE_RESULT_OK;
}
