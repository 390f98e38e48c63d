/* Compile workers in window mode (backend/gl/compile_worker.c: hidden 1x1
 * GLFW windows sharing with the instance's window): every sample trace
 * replayed cold in a window context with the ubershader policy waits for
 * no compile (the misses compile on a worker) and presents the frames of
 * the replay that waits in the same context; a disk cache of keys only is
 * compiled at creation on two workers.
 * glhle-test: needs-display (ctest runs this under xvfb-run when installed) */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/draw/programs.h"
#include "glhle/shader_cache.h"
#include "support/pica_fs_random.h"
#include "support/pica_trace_support.h"

static const char *const traces[] = {"cube", "proctex", "rtt", "screens", "tev"};

static glhle_context *window_context(void)
{
    if (!getenv("DISPLAY") && !getenv("WAYLAND_DISPLAY")) {
        print_message("SKIP: no DISPLAY or WAYLAND_DISPLAY (install xvfb to run this under xvfb-run)\n");
        return NULL;
    }
    ts_pin_gl_driver();
    glhle_context_desc d = {.mode = GLHLE_CONTEXT_WINDOW, .log = ts_log_fn};
    d.window.width = 64;
    d.window.height = 64;
    d.window.hidden = true;
    d.window.title = "glhle window workers";
    glhle_context *ctx = NULL;
    if (glhle_context_create(&d, &ctx) != GLHLE_RESULT_OK) {
        print_message("SKIP: this display offers no GL 4.5 core window\n");
        return NULL;
    }
    return ctx;
}

static void ubershader_replays_in_a_window(void **state)
{
    (void)state;
    glhle_context *ctx = window_context();
    if (!ctx)
        skip();
    for (size_t i = 0; i < sizeof traces / sizeof traces[0]; i++) {
        tt_run waited, async;
        const glhle_pica_desc plain = {0};
        tt_replay_sample(ctx, traces[i], &plain, &waited);
        const glhle_pica_desc uber = {.shader_ubershader = GLHLE_PICA_UBERSHADER_ASYNC};
        tt_replay_sample(ctx, traces[i], &uber, &async);
        const glhle_shader_stats *a = &async.st.shaders;
        print_message("%s in a window: %llu draws, %llu by the ubershader, %llu waited\n", traces[i],
                      (unsigned long long)a->draws, (unsigned long long)a->draws_by_ubershader,
                      (unsigned long long)a->draws_waited_for_compile);
        assert_true(waited.st.shaders.draws_waited_for_compile >= 1);
        assert_int_equal(a->draws_waited_for_compile, 0);
        assert_int_equal(a->programs_compiled_on_draw, 0);
        assert_true(a->draws_by_ubershader >= 1);
        char name[64];
        snprintf(name, sizeof name, "window_workers_%s", traces[i]);
        tt_same_frames(name, &waited, &async);
        tt_free_run(&waited);
        tt_free_run(&async);
    }
    assert_int_equal(glhle_context_gl_error_count(ctx), 0);
    glhle_context_destroy(ctx);
}

static void precompile_on_window_workers(void **state)
{
    (void)state;
    glhle_context *ctx = window_context();
    if (!ctx)
        skip();
    const glhle_context_info *in = glhle_context_get_info(ctx);
    const pica_fs_host host = {.gles = in->gles, .framebuffer_fetch = in->framebuffer_fetch};
    char dir[4200];
    snprintf(dir, sizeof dir, "%s", ts_output_path("window_workers_cache"));
    char cmd[8600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", dir, dir);
    assert_int_equal(system(cmd), 0);
    /* keys only: every program must be compiled, on the workers */
    char path[4300];
    snprintf(path, sizeof path, "%s/random.pica.glsc", dir);
    assert_true(pica_fs_random_cache_file(path, 6, pica_program_host_bits(&host), 23));
    glhle_pica_desc d = {.log = ts_log_fn, .shader_cache_dir = dir, .shader_cache_title = "random",
                         .shader_compile_threads = 2};
    glhle_pica *p;
    assert_int_equal(glhle_pica_create(ctx, &d, &p), GLHLE_RESULT_OK);
    glhle_shader_stats st;
    assert_int_equal(glhle_pica_get_shader_stats(p, &st), GLHLE_RESULT_OK);
    print_message("window workers: %llu of %llu stored programs compiled at creation\n",
                  (unsigned long long)st.programs_precompiled, (unsigned long long)st.disk_entries);
    assert_true(st.disk_entries >= 1);
    assert_int_equal(st.programs_precompiled, st.disk_entries);
    assert_int_equal(st.programs_compiled, st.disk_entries);
    assert_int_equal(st.program_failures, 0);
    glhle_pica_destroy(p);
    assert_int_equal(glhle_context_gl_error_count(ctx), 0);
    glhle_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ubershader_replays_in_a_window),
        cmocka_unit_test(precompile_on_window_workers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
