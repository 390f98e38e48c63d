/* Compile workers in external mode (include/glhle/glhle.h, "compile workers
 * in external mode"; issue 17): glhle on the host's EGL context makes
 * worker contexts that share with it, or takes them from the host's
 * callbacks. With the PICA ubershader a cold replay then waits for no
 * compile, draws with the fallback while the workers compile, and writes
 * the frames of the replay that waited for every compile. Without either
 * (no_shared_contexts) draws wait, as before. */
#include "support/test_support.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <glad/egl.h>

#include "glhle/pica.h"
#include "support/gl_scramble.h"
#include "support/pica_trace_support.h"

static const char *const traces[] = {"cube", "tev", "screens"};
#define TRACE_COUNT (sizeof traces / sizeof traces[0])

/* The host's side of the callbacks: contexts on its display sharing with
 * its own, counted. */
typedef struct host_cb {
    EGLDisplay dpy;
    EGLContext share;
    pthread_mutex_t lock;
    int created, made_current, released, destroyed;
    bool refuse_current; /* make_shared_context_current fails */
} host_cb;

static void *cb_proc(void *user, const char *name)
{
    (void)user;
    return (void *)eglGetProcAddress(name);
}

static void *cb_create(void *user)
{
    host_cb *h = user;
    const EGLint attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext c = eglCreateContext(h->dpy, EGL_NO_CONFIG_KHR, h->share, attrs);
    pthread_mutex_lock(&h->lock);
    h->created += c != EGL_NO_CONTEXT;
    pthread_mutex_unlock(&h->lock);
    return c == EGL_NO_CONTEXT ? NULL : c;
}

static bool cb_current(void *user, void *shared)
{
    host_cb *h = user;
    pthread_mutex_lock(&h->lock);
    if (shared)
        h->made_current++;
    else
        h->released++;
    const bool refuse = h->refuse_current && shared;
    pthread_mutex_unlock(&h->lock);
    if (refuse)
        return false;
    /* the bound API is per thread and starts as OpenGL ES */
    return eglBindAPI(EGL_OPENGL_API) && eglMakeCurrent(h->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, shared) == EGL_TRUE;
}

static void cb_destroy(void *user, void *shared)
{
    host_cb *h = user;
    eglDestroyContext(h->dpy, shared);
    pthread_mutex_lock(&h->lock);
    h->destroyed++;
    pthread_mutex_unlock(&h->lock);
}

typedef enum { OWN_EGL, CALLBACKS, NONE } worker_source;

/* glhle in external mode on a fresh host context, its contexts made as
 * `src` says; the host context stays current on this thread. */
static void open_host(ts_host *h, worker_source src, host_cb *cb)
{
    ts_host_open(h, GLHLE_LOG_INFO, false);
    if (src == OWN_EGL)
        return;
    glhle_context_destroy(h->ctx);
    glhle_context_desc d = {.mode = GLHLE_CONTEXT_EXTERNAL, .log = ts_log_fn, .log_level = GLHLE_LOG_INFO};
    d.external.get_proc_address = cb_proc;
    if (src == CALLBACKS) {
        cb->dpy = h->dpy;
        cb->share = h->egl_ctx;
        d.external.user = cb;
        d.external.create_shared_context = cb_create;
        d.external.make_shared_context_current = cb_current;
        d.external.destroy_shared_context = cb_destroy;
    } else {
        d.external.no_shared_contexts = true;
    }
    assert_int_equal(glhle_context_create(&d, &h->ctx), GLHLE_RESULT_OK);
}

static void replay(ts_host *h, const char *name, uint32_t uber, tt_run *out)
{
    const glhle_pica_desc pd = {.shader_ubershader = uber};
    tt_replay_sample(h->ctx, name, &pd, out);
    /* the host's context is still the current one on this thread */
    assert_true(eglGetCurrentContext() == (EGLContext)h->egl_ctx);
    assert_int_equal(glhle_context_gl_error_count(h->ctx), 0);
}

/* Every trace cold with the async ubershader: no draw waits, at least the
 * first is drawn by the fallback, the frames are those of the replay that
 * waited. */
static void check_async(ts_host *h, const char *what)
{
    for (size_t i = 0; i < TRACE_COUNT; i++) {
        tt_run waited, async;
        replay(h, traces[i], GLHLE_PICA_UBERSHADER_OFF, &waited);
        assert_true(waited.st.shaders.draws_waited_for_compile >= 1);
        replay(h, traces[i], GLHLE_PICA_UBERSHADER_ASYNC, &async);
        const glhle_shader_stats *a = &async.st.shaders;
        print_message("%s %s: %llu draws, %llu by the ubershader, %llu waited, %llu compiled\n", what, traces[i],
                      (unsigned long long)a->draws, (unsigned long long)a->draws_by_ubershader,
                      (unsigned long long)a->draws_waited_for_compile, (unsigned long long)a->programs_compiled);
        assert_int_equal(a->draws_waited_for_compile, 0);
        assert_int_equal(a->programs_compiled_on_draw, 0);
        assert_true(a->draws_by_ubershader >= 1);
        assert_int_equal(a->draws, waited.st.shaders.draws);
        char name[96];
        snprintf(name, sizeof name, "external_workers_%s_%s", what, traces[i]);
        tt_same_frames(name, &waited, &async);
        tt_free_run(&waited);
        tt_free_run(&async);
    }
}

static void own_egl_contexts(void **state)
{
    (void)state;
    ts_host h;
    open_host(&h, OWN_EGL, NULL);
    check_async(&h, "egl");
    ts_host_close(&h);
}

static void host_callbacks(void **state)
{
    (void)state;
    host_cb cb = {0};
    pthread_mutex_init(&cb.lock, NULL);
    ts_host h;
    open_host(&h, CALLBACKS, &cb);
    check_async(&h, "callbacks");
    ts_host_close(&h);
    print_message("callbacks: %d created, %d made current, %d released, %d destroyed\n", cb.created,
                  cb.made_current, cb.released, cb.destroyed);
    /* one worker per instance (the ubershader's default), each used and given back */
    assert_true(cb.created >= (int)TRACE_COUNT);
    assert_int_equal(cb.made_current, cb.created);
    assert_int_equal(cb.released, cb.created);
    assert_int_equal(cb.destroyed, cb.created);
    pthread_mutex_destroy(&cb.lock);
}

/* A worker whose context the host cannot make current is dropped: the
 * draws then wait for their compiles, and nothing breaks. */
static void refused_current_means_no_workers(void **state)
{
    (void)state;
    host_cb cb = {.refuse_current = true};
    pthread_mutex_init(&cb.lock, NULL);
    ts_host h;
    open_host(&h, CALLBACKS, &cb);
    tt_run waited, async;
    replay(&h, "tev", GLHLE_PICA_UBERSHADER_OFF, &waited);
    replay(&h, "tev", GLHLE_PICA_UBERSHADER_ASYNC, &async);
    assert_int_equal(async.st.shaders.draws_by_ubershader, 0);
    assert_true(async.st.shaders.draws_waited_for_compile >= 1);
    tt_same_frames("external_workers_refused", &waited, &async);
    tt_free_run(&waited);
    tt_free_run(&async);
    ts_host_close(&h);
    assert_true(cb.created >= 1);
    assert_int_equal(cb.destroyed, cb.created);
    assert_int_equal(cb.released, 0);
    pthread_mutex_destroy(&cb.lock);
}

static void no_shared_contexts_means_no_workers(void **state)
{
    (void)state;
    ts_host h;
    open_host(&h, NONE, NULL);
    tt_run async;
    replay(&h, "tev", GLHLE_PICA_UBERSHADER_ASYNC, &async);
    assert_int_equal(async.st.shaders.draws_by_ubershader, 0);
    assert_true(async.st.shaders.draws_waited_for_compile >= 1);
    tt_free_run(&async);
    ts_host_close(&h);
}

/* Half the callbacks is a usage error. */
static void callbacks_come_together(void **state)
{
    (void)state;
    ts_host h;
    ts_host_open(&h, GLHLE_LOG_INFO, false);
    glhle_context_desc d = {.mode = GLHLE_CONTEXT_EXTERNAL, .log = ts_log_fn};
    d.external.get_proc_address = cb_proc;
    d.external.create_shared_context = cb_create;
    glhle_context *c = NULL;
    assert_int_equal(glhle_context_create(&d, &c), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_null(c);
    ts_host_close(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(own_egl_contexts),
        cmocka_unit_test(host_callbacks),
        cmocka_unit_test(refused_current_means_no_workers),
        cmocka_unit_test(no_shared_contexts_means_no_workers),
        cmocka_unit_test(callbacks_come_together),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
