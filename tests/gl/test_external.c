/* backend/gl/context.c external mode: the caller owns the GL context */
#include "support/test_support.h"

#include <stdlib.h>

#include <glad/egl.h>

#include "backend/gl/gl_util.h"

typedef struct own_egl {
    EGLDisplay dpy;
    EGLContext ctx;
    int lookups;
} own_egl;

static void *get_proc(void *user, const char *name)
{
    own_egl *e = user;
    e->lookups++;
    return (void *)eglGetProcAddress(name);
}

static void renders_into_a_callers_context(void **state)
{
    (void)state;
    own_egl e = {0};
    ts_pin_gl_driver();
    assert_true(gladLoaderLoadEGL(EGL_NO_DISPLAY));
    e.dpy = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    assert_true(e.dpy != EGL_NO_DISPLAY);
    assert_true(eglInitialize(e.dpy, NULL, NULL));
    assert_true(gladLoaderLoadEGL(e.dpy));
    assert_true(eglBindAPI(EGL_OPENGL_API));
    const EGLint attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    e.ctx = eglCreateContext(e.dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
    assert_true(e.ctx != EGL_NO_CONTEXT);
    assert_true(eglMakeCurrent(e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, e.ctx));

    glhle_context_desc d = {.mode = GLHLE_CONTEXT_EXTERNAL, .debug = true, .log = ts_log_fn};
    d.external.get_proc_address = get_proc;
    d.external.user = &e;
    glhle_context *ctx = NULL;
    assert_int_equal(glhle_context_create(&d, &ctx), GLHLE_RESULT_OK);
    assert_true(e.lookups > 100); /* the table came through the caller's loader */
    assert_int_equal(glhle_context_get_mode(ctx), GLHLE_CONTEXT_EXTERNAL);
    assert_true(glhle_context_get_info(ctx)->gl_major >= 4);

    glhle_image img;
    assert_int_equal(gl_smoke_render(ctx, 64, 64, &img), GLHLE_RESULT_OK);
    assert_int_equal(ts_pixel(&img, 0, 0)[2], GL_SMOKE_CLEAR_B);
    const uint8_t *red = ts_pixel(&img, 8, 8);
    assert_true(red[0] >= 250 && red[1] <= 5 && red[2] <= 5);
    /* glhle left the caller's context current */
    assert_ptr_equal(eglGetCurrentContext(), e.ctx);
    assert_int_equal(glhle_context_make_current(ctx), GLHLE_RESULT_OK);
    assert_int_equal(glhle_context_gl_error_count(ctx), 0);
    glhle_image_free(&img);
    glhle_context_destroy(ctx);

    /* destroying the glhle context does not destroy the caller's */
    assert_ptr_equal(eglGetCurrentContext(), e.ctx);
    eglMakeCurrent(e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(e.dpy, e.ctx);
    eglTerminate(e.dpy);
    eglReleaseThread();
}

int main(void)
{
    setenv("EGL_PLATFORM", "surfaceless", 0);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(renders_into_a_callers_context),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
