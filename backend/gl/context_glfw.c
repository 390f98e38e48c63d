/* Window contexts through GLFW 3.3. GLFW itself is process-wide; its
 * initialisation is reference counted here so windows can come and go. */
#include <pthread.h>

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "backend/gl/gl_context.h"

static pthread_mutex_t glfw_lock = PTHREAD_MUTEX_INITIALIZER;
static int glfw_refs;

static glhle_result glfw_acquire(const glhle_logger *log)
{
    glhle_result r = GLHLE_RESULT_OK;
    pthread_mutex_lock(&glfw_lock);
    if (glfw_refs == 0 && !glfwInit()) {
        const char *why = NULL;
        glfwGetError(&why);
        r = GLHLE_FAIL(log, GLHLE_RESULT_UNSUPPORTED, "window context: glfwInit failed: %s (no display?)",
                       why ? why : "unknown");
    } else {
        glfw_refs++;
    }
    pthread_mutex_unlock(&glfw_lock);
    return r;
}

static void glfw_release(void)
{
    pthread_mutex_lock(&glfw_lock);
    if (glfw_refs > 0 && --glfw_refs == 0)
        glfwTerminate();
    pthread_mutex_unlock(&glfw_lock);
}

static GLADapiproc glfw_load(void *user, const char *name)
{
    (void)user;
    return (GLADapiproc)glfwGetProcAddress(name);
}

glhle_result gl_context_glfw_create(glhle_context *ctx, const glhle_context_desc *desc)
{
    glhle_result r = glfw_acquire(&ctx->log);
    if (r != GLHLE_RESULT_OK)
        return r;
    glfwDefaultWindowHints();
    const bool es = desc->api == GLHLE_GL_API_GLES;
    glfwWindowHint(GLFW_CLIENT_API, es ? GLFW_OPENGL_ES_API : GLFW_OPENGL_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, desc->gl_major);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, desc->gl_minor);
    if (!es) { /* profiles and forward compatibility are desktop GL's */
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    }
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, desc->debug ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_VISIBLE, desc->window.hidden ? GLFW_FALSE : GLFW_TRUE);
    int w = desc->window.width > 0 ? desc->window.width : 800;
    int h = desc->window.height > 0 ? desc->window.height : 960;
    GLFWwindow *win = glfwCreateWindow(w, h, desc->window.title ? desc->window.title : "glhle", NULL, NULL);
    if (!win) {
        const char *why = NULL;
        glfwGetError(&why);
        glfw_release();
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_UNSUPPORTED, "window context: cannot create a GL%s %d.%d window: %s",
                          es ? " ES" : "", desc->gl_major, desc->gl_minor, why ? why : "unknown");
    }
    ctx->window = win;
    glfwMakeContextCurrent(win);
    glfwSwapInterval(desc->window.vsync ? 1 : 0);
    ctx->load = glfw_load;
    if (!(es ? gladLoadGLES2ContextUserPtr(&ctx->gl, glfw_load, NULL) : gladLoadGLContextUserPtr(&ctx->gl, glfw_load, NULL)))
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_UNSUPPORTED, "window context: cannot load GL entry points");
    return GLHLE_RESULT_OK;
}

void gl_context_glfw_destroy(glhle_context *ctx)
{
    if (!ctx->window)
        return;
    if (glfwGetCurrentContext() == ctx->window)
        glfwMakeContextCurrent(NULL);
    glfwDestroyWindow(ctx->window);
    ctx->window = NULL;
    glfw_release();
}

glhle_result gl_context_glfw_make_current(glhle_context *ctx)
{
    if (glfwGetCurrentContext() != ctx->window)
        glfwMakeContextCurrent(ctx->window);
    return GLHLE_RESULT_OK;
}

glhle_result gl_context_glfw_swap(glhle_context *ctx)
{
    glfwSwapBuffers(ctx->window);
    glfwPollEvents();
    return GLHLE_RESULT_OK;
}

bool gl_context_glfw_should_close(const glhle_context *ctx)
{
    return glfwWindowShouldClose(ctx->window) != 0;
}

void gl_context_glfw_drawable_size(const glhle_context *ctx, int *w, int *h)
{
    glfwGetFramebufferSize(ctx->window, w, h);
}
