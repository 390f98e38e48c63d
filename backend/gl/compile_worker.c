/* Compile workers (compile_worker.h). */
#include "backend/gl/compile_worker.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend/gl/gl_util.h"

#include <glad/egl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#define MAX_THREADS 8

typedef struct worker {
    struct gl_compile_workers *owner;
    pthread_t thread;
    bool started;
    int bind_state;      /* 0 starting, 1 its context is current on its thread, -1 it could not be */
    EGLContext egl;      /* offscreen, and external mode on the host's EGL display */
    EGLDisplay egl_display;
    EGLSurface egl_surface; /* EGL_NO_SURFACE, or a 1x1 pbuffer where the display is not surfaceless */
    EGLenum egl_api;
    GLFWwindow *window;  /* window mode */
    void *shared;        /* external mode: the host's create_shared_context result */
} worker;

struct gl_compile_workers {
    glhle_context *ctx;
    pthread_mutex_t lock;
    pthread_cond_t work, done_cv;
    gl_compile_job *queue, *queue_tail;
    gl_compile_job *done, *done_tail;
    uint32_t outstanding; /* submitted, not yet handed back */
    bool stop;
    uint32_t count;
    worker w[MAX_THREADS];
};

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static GLuint compile_stage(GladGLContext *gl, GLenum stage, const char *src)
{
    GLuint sh = gl->CreateShader(stage);
    if (!sh)
        return 0;
    GLint ok = 0;
    if (gl_shader_text(gl, sh, src))
        gl->GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        gl->DeleteShader(sh);
        return 0;
    }
    return sh;
}

static void run_job(glhle_context *ctx, gl_compile_job *j)
{
    GladGLContext *gl = &ctx->gl;
    const double t0 = now_ns();
    j->ok = false;
    j->program = 0;
    /* vertex (or compute), fragment, geometry, tessellation control and evaluation */
    const GLenum kind[5] = {j->compute ? GL_COMPUTE_SHADER : GL_VERTEX_SHADER, GL_FRAGMENT_SHADER, GL_GEOMETRY_SHADER,
                            GL_TESS_CONTROL_SHADER, GL_TESS_EVALUATION_SHADER};
    const char *src[5] = {j->vs, j->compute ? NULL : j->fs, j->gs, j->tcs, j->tes};
    GLuint sh[5] = {0};
    bool ok = true;
    for (int i = 0; i < 5 && ok; i++)
        if (src[i])
            ok = (sh[i] = compile_stage(gl, kind[i], src[i])) != 0;
    if (ok) {
        GLuint p = gl->CreateProgram();
        for (int i = 0; i < 5; i++)
            if (sh[i])
                gl->AttachShader(p, sh[i]);
        if (j->retrievable && ctx->info.program_binary)
            gl->ProgramParameteri(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
        gl->LinkProgram(p);
        for (int i = 0; i < 5; i++)
            if (sh[i])
                gl->DetachShader(p, sh[i]);
        GLint linked = 0;
        gl->GetProgramiv(p, GL_LINK_STATUS, &linked);
        if (linked) {
            j->program = p;
            j->ok = true;
        } else {
            gl->DeleteProgram(p);
        }
    }
    for (int i = 0; i < 5; i++)
        if (sh[i])
            gl->DeleteShader(sh[i]);
    /* everything about the program is done before the instance's context sees its name */
    gl->Finish();
    j->ns = now_ns() - t0;
}

static bool bind_worker(worker *w)
{
    glhle_context *ctx = w->owner->ctx;
    if (w->shared)
        return ctx->make_shared_current(ctx->get_proc_user, w->shared);
    if (w->egl) /* the bound API is per thread and starts as OpenGL ES */
        return eglBindAPI(w->egl_api) &&
               eglMakeCurrent(w->egl_display, w->egl_surface, w->egl_surface, w->egl) == EGL_TRUE;
    glfwMakeContextCurrent(w->window);
    return true;
}

static void unbind_worker(worker *w)
{
    glhle_context *ctx = w->owner->ctx;
    if (w->shared) {
        ctx->make_shared_current(ctx->get_proc_user, NULL);
    } else if (w->egl) {
        eglMakeCurrent(w->egl_display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglReleaseThread();
    } else {
        glfwMakeContextCurrent(NULL);
    }
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    gl_compile_workers *ws = w->owner;
    const bool bound = bind_worker(w);
    pthread_mutex_lock(&ws->lock);
    w->bind_state = bound ? 1 : -1;
    pthread_cond_broadcast(&ws->done_cv);
    if (!bound) { /* the creator takes this worker out */
        pthread_mutex_unlock(&ws->lock);
        return NULL;
    }
    for (;;) {
        while (!ws->queue && !ws->stop)
            pthread_cond_wait(&ws->work, &ws->lock);
        if (ws->stop)
            break;
        gl_compile_job *j = ws->queue;
        ws->queue = j->next;
        if (!ws->queue)
            ws->queue_tail = NULL;
        pthread_mutex_unlock(&ws->lock);
        run_job(ws->ctx, j);
        pthread_mutex_lock(&ws->lock);
        j->next = NULL;
        if (ws->done_tail)
            ws->done_tail->next = j;
        else
            ws->done = j;
        ws->done_tail = j;
        pthread_cond_broadcast(&ws->done_cv);
    }
    pthread_mutex_unlock(&ws->lock);
    unbind_worker(w);
    return NULL;
}

/* External mode on an EGL host: a context on the display, config and
 * client API of the one current on this thread, sharing with it (glhle.h,
 * "compile workers in external mode"). This thread's current context and
 * bound API stay as they were. */
static bool make_external_egl(glhle_context *ctx, worker *w)
{
    if (!gladLoaderLoadEGL(EGL_NO_DISPLAY))
        return false;
    const EGLDisplay dpy = eglGetCurrentDisplay();
    const EGLContext host = eglGetCurrentContext();
    if (dpy == EGL_NO_DISPLAY || host == EGL_NO_CONTEXT || !gladLoaderLoadEGL(dpy))
        return false;
    EGLint type = 0, config_id = 0;
    if (!eglQueryContext(dpy, host, EGL_CONTEXT_CLIENT_TYPE, &type) ||
        !eglQueryContext(dpy, host, EGL_CONFIG_ID, &config_id))
        return false;
    EGLConfig config = EGL_NO_CONFIG_KHR; /* a context made without one reports config id 0 */
    if (config_id > 0) {
        const EGLint want[] = {EGL_CONFIG_ID, config_id, EGL_NONE};
        EGLint n = 0;
        if (!eglChooseConfig(dpy, want, &config, 1, &n) || n != 1)
            return false;
    }
    const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
    const bool surfaceless = ext && strstr(ext, "EGL_KHR_surfaceless_context");
    if (!surfaceless && config == EGL_NO_CONFIG_KHR)
        return false;
    const EGLenum api = type == EGL_OPENGL_ES_API ? EGL_OPENGL_ES_API : EGL_OPENGL_API;
    const EGLint gl_attrs[] = {
        EGL_CONTEXT_MAJOR_VERSION,       ctx->info.gl_major,
        EGL_CONTEXT_MINOR_VERSION,       ctx->info.gl_minor,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
        EGL_NONE,
    };
    const EGLint es_attrs[] = {EGL_CONTEXT_MAJOR_VERSION, ctx->info.gl_major, EGL_CONTEXT_MINOR_VERSION,
                               ctx->info.gl_minor, EGL_NONE};
    const EGLenum old_api = eglQueryAPI();
    if (!eglBindAPI(api))
        return false;
    w->egl = eglCreateContext(dpy, config, host, api == EGL_OPENGL_API ? gl_attrs : es_attrs);
    eglBindAPI(old_api);
    if (w->egl == EGL_NO_CONTEXT) {
        w->egl = NULL;
        return false;
    }
    w->egl_display = dpy;
    w->egl_api = api;
    w->egl_surface = EGL_NO_SURFACE;
    if (!surfaceless) {
        const EGLint size[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
        w->egl_surface = eglCreatePbufferSurface(dpy, config, size);
        if (w->egl_surface == EGL_NO_SURFACE) {
            eglDestroyContext(dpy, w->egl);
            w->egl = NULL;
            return false;
        }
    }
    return true;
}


static bool make_worker_context(gl_compile_workers *ws, worker *w)
{
    glhle_context *ctx = ws->ctx;
    if (ctx->mode == GLHLE_CONTEXT_OFFSCREEN && ctx->egl_context) {
        EGLint attrs[] = {
            EGL_CONTEXT_MAJOR_VERSION,       ctx->info.gl_major,
            EGL_CONTEXT_MINOR_VERSION,       ctx->info.gl_minor,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
            EGL_NONE,
        };
        if (ctx->info.gles) /* no profiles on ES */
            attrs[4] = EGL_NONE;
        /* the bound API is per thread: this (the owner's) thread keeps its context's API */
        if (!eglBindAPI(ctx->info.gles ? EGL_OPENGL_ES_API : EGL_OPENGL_API))
            return false;
        w->egl = eglCreateContext(ctx->egl_display, EGL_NO_CONFIG_KHR, ctx->egl_context, attrs);
        w->egl_display = ctx->egl_display;
        w->egl_surface = EGL_NO_SURFACE;
        w->egl_api = ctx->info.gles ? EGL_OPENGL_ES_API : EGL_OPENGL_API;
        return w->egl != EGL_NO_CONTEXT;
    }
    if (ctx->mode == GLHLE_CONTEXT_EXTERNAL && !ctx->no_shared_contexts) {
        if (ctx->create_shared) {
            w->shared = ctx->create_shared(ctx->get_proc_user);
            return w->shared != NULL;
        }
        return make_external_egl(ctx, w);
    }
    if (ctx->mode == GLHLE_CONTEXT_WINDOW && ctx->window) {
        glfwWindowHint(GLFW_CLIENT_API, ctx->info.gles ? GLFW_OPENGL_ES_API : GLFW_OPENGL_API);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, ctx->info.gl_major);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, ctx->info.gl_minor);
        glfwWindowHint(GLFW_OPENGL_PROFILE, ctx->info.gles ? GLFW_OPENGL_ANY_PROFILE : GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, ctx->info.gles ? GLFW_FALSE : GLFW_TRUE);
        glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, GLFW_FALSE);
        glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
        w->window = glfwCreateWindow(1, 1, "glhle compile worker", NULL, (GLFWwindow *)ctx->window);
        /* glfwCreateWindow leaves the caller's context as it was; the instance's must stay current */
        return w->window != NULL;
    }
    return false;
}

static void destroy_worker_context(gl_compile_workers *ws, worker *w)
{
    if (w->shared)
        ws->ctx->destroy_shared(ws->ctx->get_proc_user, w->shared);
    if (w->egl_surface != EGL_NO_SURFACE)
        eglDestroySurface(w->egl_display, w->egl_surface);
    if (w->egl)
        eglDestroyContext(w->egl_display, w->egl);
    if (w->window)
        glfwDestroyWindow(w->window);
    w->shared = NULL;
    w->egl_surface = EGL_NO_SURFACE;
    w->egl = NULL;
    w->window = NULL;
}

gl_compile_workers *gl_compile_workers_create(glhle_context *ctx, uint32_t threads)
{
    if (threads == 0)
        return NULL;
    if (threads > MAX_THREADS)
        threads = MAX_THREADS;
    gl_compile_workers *ws = calloc(1, sizeof *ws);
    if (!ws)
        return NULL;
    ws->ctx = ctx;
    pthread_mutex_init(&ws->lock, NULL);
    pthread_cond_init(&ws->work, NULL);
    pthread_cond_init(&ws->done_cv, NULL);
    for (uint32_t i = 0; i < threads; i++) {
        worker *w = &ws->w[i];
        w->owner = ws;
        if (!make_worker_context(ws, w))
            break;
        if (pthread_create(&w->thread, NULL, worker_main, w) != 0) {
            destroy_worker_context(ws, w);
            break;
        }
        /* a worker whose context cannot be made current there is not used */
        pthread_mutex_lock(&ws->lock);
        while (w->bind_state == 0)
            pthread_cond_wait(&ws->done_cv, &ws->lock);
        const bool bound = w->bind_state > 0;
        pthread_mutex_unlock(&ws->lock);
        if (!bound) {
            pthread_join(w->thread, NULL);
            destroy_worker_context(ws, w);
            GLHLE_INFO(&ctx->log, "compile worker %u: its context cannot be made current on its thread", i);
            break;
        }
        w->started = true;
        ws->count++;
    }
    gl_context_enter(ctx);
    if (ws->count == 0) {
        GLHLE_INFO(&ctx->log, "no compile workers for this context (mode %d): programs compile where they are needed",
                   (int)ctx->mode);
        gl_compile_workers_destroy(ws);
        return NULL;
    }
    return ws;
}

void gl_compile_workers_submit(gl_compile_workers *ws, gl_compile_job *j)
{
    pthread_mutex_lock(&ws->lock);
    j->next = NULL;
    if (ws->queue_tail)
        ws->queue_tail->next = j;
    else
        ws->queue = j;
    ws->queue_tail = j;
    ws->outstanding++;
    pthread_cond_signal(&ws->work);
    pthread_mutex_unlock(&ws->lock);
}

static gl_compile_job *take_done(gl_compile_workers *ws)
{
    gl_compile_job *j = ws->done;
    if (j) {
        ws->done = j->next;
        if (!ws->done)
            ws->done_tail = NULL;
        j->next = NULL;
        ws->outstanding--;
    }
    return j;
}

gl_compile_job *gl_compile_workers_poll(gl_compile_workers *ws)
{
    pthread_mutex_lock(&ws->lock);
    gl_compile_job *j = take_done(ws);
    pthread_mutex_unlock(&ws->lock);
    return j;
}

gl_compile_job *gl_compile_workers_wait(gl_compile_workers *ws)
{
    pthread_mutex_lock(&ws->lock);
    while (!ws->done && ws->outstanding > 0)
        pthread_cond_wait(&ws->done_cv, &ws->lock);
    gl_compile_job *j = take_done(ws);
    pthread_mutex_unlock(&ws->lock);
    return j;
}

uint32_t gl_compile_workers_outstanding(const gl_compile_workers *ws)
{
    return ws->outstanding;
}

void gl_compile_job_free(gl_compile_job *j)
{
    if (!j)
        return;
    free(j->key);
    free(j->vs);
    free(j->fs);
    free(j->gs);
    free(j->tcs);
    free(j->tes);
    free(j);
}

void gl_compile_workers_destroy(gl_compile_workers *ws)
{
    if (!ws)
        return;
    pthread_mutex_lock(&ws->lock);
    ws->stop = true;
    pthread_cond_broadcast(&ws->work);
    pthread_mutex_unlock(&ws->lock);
    for (uint32_t i = 0; i < MAX_THREADS; i++) {
        if (ws->w[i].started)
            pthread_join(ws->w[i].thread, NULL);
        destroy_worker_context(ws, &ws->w[i]);
    }
    gl_context_enter(ws->ctx);
    for (gl_compile_job *lists[2] = {ws->queue, ws->done}, **l = lists; l < lists + 2; l++)
        for (gl_compile_job *j = *l, *next; j; j = next) {
            next = j->next;
            if (j->program)
                ws->ctx->gl.DeleteProgram(j->program);
            gl_compile_job_free(j);
        }
    pthread_cond_destroy(&ws->work);
    pthread_cond_destroy(&ws->done_cv);
    pthread_mutex_destroy(&ws->lock);
    free(ws);
}
