/* The sample scenes' committed traces (tests/scenes/traces/) replayed on an
 * offscreen GL context at resolution scales 1 and 2: every presented frame
 * must match its golden PNG (tests/golden/scene_NAME_fN_Sx.png, written with
 * GLHLE_UPDATE_GOLDEN=1 and looked at by a person before committing), and
 * the replay must reproduce the recording's runs (no divergence, no GL
 * error). This is what CI runs on llvmpipe. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glhle/trace.h"
#include "scenes/scenes.h"

typedef struct golden_run {
    const sb_scene *scene;
    uint32_t scale;
    uint32_t frames;
    uint64_t gpu_draws, cpu_draws; /* by the last frame */
} golden_run;

static glhle_result compare_frame(void *user, glhle_pica *pica, uint32_t frame)
{
    golden_run *g = user;
    glhle_shader_stats ss;
    assert_int_equal(glhle_pica_get_shader_stats(pica, &ss), GLHLE_RESULT_OK);
    g->gpu_draws = ss.draws_gpu_vertex_shader;
    g->cpu_draws = ss.draws_cpu_vertex_shader;
    uint32_t w, h;
    assert_int_equal(glhle_pica_read_frame(pica, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    assert_int_equal(w, 400 * g->scale);
    assert_int_equal(h, 480 * g->scale);
    glhle_image img;
    assert_int_equal(glhle_image_alloc(&img, w, h), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_read_frame(pica, img.rgba, (size_t)w * h * 4, &w, &h), GLHLE_RESULT_OK);
    char name[96];
    snprintf(name, sizeof name, "scene_%s_f%u_%ux", g->scene->name, frame, g->scale);
    /* llvmpipe is deterministic: the frames must be the same to the bit */
    ts_assert_golden(name, &img, 0, 0);
    glhle_image_free(&img);
    g->frames++;
    return GLHLE_RESULT_OK;
}

static void replay_scenes(void **state, uint32_t scale)
{
    glhle_context *ctx = *state;
    const long vs = ts_env_long("GLHLE_TEST_PICA_VERTEX_SHADERS", 0);
    /* AUTO keeps the CPU path with the ubershader (glhle/pica.h) */
    const bool gpu_vs = vs == GLHLE_PICA_VERTEX_SHADERS_GPU ||
                        (vs == GLHLE_PICA_VERTEX_SHADERS_AUTO && ts_env_long("GLHLE_TEST_PICA_UBERSHADER", 0) == 0);
    uint64_t gpu_draws = 0, cpu_draws = 0;
    for (int i = 0; i < sb_scene_count; i++) {
        const sb_scene *s = &sb_scenes[i];
        char path[1024];
        glhle_trace_open_desc od = {.log = ts_log_fn};
        glhle_trace *t;
        assert_int_equal(glhle_trace_open_file(sb_scene_trace_path(s, path, sizeof path), &od, &t), GLHLE_RESULT_OK);
        golden_run g = {s, scale, 0, 0, 0};
        glhle_trace_replay_desc rd = {
            .ctx = ctx,
            /* gl/test_scene_goldens_ubershader: every draw by the ubershader */
            .pica = {.resolution_scale = scale,
                     .log = ts_log_fn,
                     .shader_ubershader = (uint32_t)ts_env_long("GLHLE_TEST_PICA_UBERSHADER", 0),
                     /* gl/test_scene_goldens_cpu_vs: every vertex shaded by the interpreter */
                     .vertex_shaders = (uint32_t)ts_env_long("GLHLE_TEST_PICA_VERTEX_SHADERS", 0)},
            .on_frame = compare_frame,
            .user = &g,
        };
        glhle_trace_replay_stats st;
        assert_int_equal(glhle_trace_replay(t, &rd, &st), GLHLE_RESULT_OK);
        assert_int_equal(st.divergences, 0);
        assert_int_equal(g.frames, s->frames);
        print_message("scene %s at %ux: %llu draws with GPU vertex shaders, %llu with CPU ones\n", s->name, scale,
                      (unsigned long long)g.gpu_draws, (unsigned long long)g.cpu_draws);
        gpu_draws += g.gpu_draws;
        cpu_draws += g.cpu_draws;
        glhle_trace_close(t);
        ts_gl_check(ctx);
    }
    /* the variant must have drawn through the path it is for */
    if (gpu_vs)
        assert_true(gpu_draws > 0);
    else
        assert_int_equal(gpu_draws, 0);
    assert_true(cpu_draws + gpu_draws > 0);
}

static void scale1(void **state)
{
    replay_scenes(state, 1);
}

static void scale2(void **state)
{
    replay_scenes(state, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(scale1),
        TS_GL_TEST(scale2),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
