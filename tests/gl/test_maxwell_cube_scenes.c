/* The Maxwell cube sample scenes (tests/scenes/maxwell_cube_scene.c): a
 * UBO-driven pair of rotating cubes with depth, and the same with a BC1
 * texture that arrives by DMA from pitch memory into block-linear. A live
 * run with a recorder attached must equal the committed trace
 * (tests/scenes/traces/maxwell_cube_*.glht, rewritten with
 * GLHLE_UPDATE_GOLDEN=1); the live frames and the committed trace replayed
 * at 1x and 2x must match the scene's CPU rasterisation (every pixel not
 * within a pixel of a face edge exactly; each face's colour is a texel,
 * BC1 decoded by the scene's own decoder) and the goldens. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenes/maxwell_cube_scene.h"
#include "support/trace_golden.h"

typedef struct cube_frames {
    tm_cube_kind kind;
    uint32_t scale, count;
    uint8_t *rgba[TM_CUBE_FRAMES];
} cube_frames;

static const char *const names[2] = {"maxwell_cube_ubo", "maxwell_cube_bc1"};

static void keep(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    cube_frames *t = user;
    uint32_t w, h;
    assert_int_equal(glhle_maxwell_read_frame(gpu, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    assert_int_equal(w, TM_CUBE_W * t->scale);
    assert_int_equal(h, TM_CUBE_H * t->scale);
    assert_int_equal(frame, t->count);
    t->rgba[frame] = malloc((size_t)w * h * 4);
    assert_int_equal(glhle_maxwell_read_frame(gpu, t->rgba[frame], (size_t)w * h * 4, NULL, NULL), GLHLE_RESULT_OK);
    t->count++;
}

static glhle_result keep_and_golden(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    cube_frames *t = user;
    keep(user, gpu, frame);
    glhle_image img = {TM_CUBE_W * t->scale, TM_CUBE_H * t->scale, t->rgba[frame]};
    char name[64];
    snprintf(name, sizeof name, "scene_%s_f%u_%ux", names[t->kind], frame, t->scale);
    ts_assert_golden(name, &img, 0, 0);
    return GLHLE_RESULT_OK;
}

/* Each frame against the CPU rasterisation. */
static void check_model(const cube_frames *t)
{
    const uint32_t s = t->scale, w = TM_CUBE_W * s, h = TM_CUBE_H * s;
    uint8_t *want = malloc((size_t)w * h * 4), *edge = malloc((size_t)w * h);
    for (uint32_t f = 0; f < t->count; f++) {
        tm_cube_model(t->kind, f, s, want, edge);
        uint32_t checked = 0, bad = 0, faces = 0;
        for (size_t p = 0; p < (size_t)w * h; p++) {
            if (edge[p])
                continue;
            checked++;
            const uint8_t *g = t->rgba[f] + p * 4, *e = want + p * 4;
            faces += !(e[0] == 51 && e[1] == 51 && e[2] == 102);
            bool same = true;
            for (int c = 0; c < 4; c++)
                same = same && abs(g[c] - e[c]) <= (t->kind == TM_CUBE_BC1 ? 1 : 0);
            if (!same && bad++ < 4)
                print_message("  %s %ux frame %u pixel (%zu, %zu): %u %u %u %u, the model %u %u %u %u\n",
                              names[t->kind], s, f, p % w, p / w, g[0], g[1], g[2], g[3], e[0], e[1], e[2], e[3]);
        }
        if (bad)
            fail_msg("%s %ux frame %u: %u of %u pixels differ from the CPU rasterisation", names[t->kind], s, f, bad,
                     checked);
        /* the cubes cover a good part of the frame, and most of it is checked */
        assert_true(faces > w * h / 10);
        assert_true(checked > w * h * 3 / 4);
    }
    free(want);
    free(edge);
}

static void frames_free(cube_frames *t)
{
    for (uint32_t i = 0; i < t->count; i++)
        free(t->rgba[i]);
}

static void scene(glhle_context *ctx, tm_cube_kind kind)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/scenes/traces/%s.glht", GLHLE_SOURCE_DIR, names[kind]);
    size_t size = 0;
    uint8_t *committed = ts_trace_read(path, &size);
    if (tm_cube_available()) {
        glhle_maxwell_desc d = {.log = ts_log_fn, .log_level = GLHLE_LOG_INFO};
        glhle_maxwell *gpu;
        assert_int_equal(glhle_maxwell_create(ctx, &d, &gpu), GLHLE_RESULT_OK);
        uint8_t *rt = malloc(TM_CUBE_MEM), *data = malloc(TM_CUBE_MEM);
        glhle_maxwell_recorder *rec;
        glhle_maxwell_recorder_desc rd = {.comment = kind == TM_CUBE_UBO
                                                         ? "glhle sample scene: Maxwell cubes, UBO matrices, depth "
                                                           "(tests/scenes/maxwell_cube_scene.c)"
                                                         : "glhle sample scene: Maxwell cubes, a BC1 texture by DMA "
                                                           "(tests/scenes/maxwell_cube_scene.c)"};
        assert_int_equal(glhle_maxwell_recorder_create(&rd, &rec), GLHLE_RESULT_OK);
        assert_int_equal(glhle_maxwell_recorder_attach(rec, gpu), GLHLE_RESULT_OK);
        cube_frames live = {.kind = kind, .scale = 1};
        tm_cube_run(kind, gpu, rt, data, keep, &live);
        check_model(&live);
        ts_maxwell_recording_assert_committed(rec, path, &committed, &size);
        glhle_maxwell_destroy(gpu);
        free(rt);
        free(data);
        frames_free(&live);
    } else {
        print_message("  the shader corpus is absent: %s is replayed, not re-recorded\n", names[kind]);
    }
    assert_non_null(committed);
    for (uint32_t scale = 1; scale <= 2; scale++) {
        cube_frames t = {.kind = kind, .scale = scale};
        glhle_maxwell_replay_desc rd = {.ctx = ctx, .maxwell = {.log = ts_log_fn, .scale = scale},
                                        .on_frame = keep_and_golden, .user = &t};
        glhle_maxwell_replay_stats st;
        assert_int_equal(glhle_maxwell_trace_replay(committed, size, &rd, &st), GLHLE_RESULT_OK);
        assert_true(st.ended);
        assert_int_equal(st.problems, 0);
        assert_int_equal(t.count, TM_CUBE_FRAMES);
        check_model(&t);
        frames_free(&t);
    }
    free(committed);
    ts_gl_check(ctx);
}

static void ubo_cubes(void **state)
{
    scene(*state, TM_CUBE_UBO);
}

static void bc1_cubes_by_dma(void **state)
{
    scene(*state, TM_CUBE_BC1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ubo_cubes),
        cmocka_unit_test(bc1_cubes_by_dma),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
