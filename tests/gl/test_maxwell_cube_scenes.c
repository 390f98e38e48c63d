/* The Maxwell cube sample scenes (tests/scenes/maxwell_cube_scene.c): a
 * UBO-driven pair of rotating cubes with depth, and the same with a BC1
 * texture that arrives by DMA from pitch memory into block-linear. A live
 * run with a recorder attached must equal the committed trace
 * (tests/scenes/traces/maxwell_cube_*.glht, rewritten with
 * GLHLE_UPDATE_GOLDEN=1); the live frames and the committed trace replayed
 * at 1x and 2x must match the scene's CPU rasterisation (every pixel not
 * within a pixel of a face edge exactly; each face's colour is a texel,
 * BC1 decoded by the scene's own decoder) and the goldens. The MSAA cubes
 * (a 2X2 target and depth target, resolved each frame by a 902D blit) are
 * checked against the samples of the same rasterisation (check_msaa). */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/render_targets.h"
#include "scenes/maxwell_cube_scene.h"
#include "support/trace_golden.h"

typedef struct cube_frames {
    tm_cube_kind kind;
    uint32_t scale, count;
    uint8_t *rgba[TM_CUBE_FRAMES];
} cube_frames;

static const char *const names[3] = {"maxwell_cube_ubo", "maxwell_cube_bc1", "maxwell_cube_msaa"};

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

/* The MSAA scene's frames against its samples (tm_cube_samples): a pixel
 * whose four samples are all one colour (the clear colour, a face's) is
 * exactly that colour; one whose samples differ is, in each channel, within
 * half a unit of their mean (the resolve's rounding), so strictly between
 * the colours it mixes; and the pixels showing none of the seven colours
 * number at least the pixels whose samples surely differ and at most those
 * plus the ones with a sample too near an edge to say. */
static void check_msaa(const cube_frames *t)
{
    const uint32_t s = t->scale, w = TM_CUBE_W * s, h = TM_CUBE_H * s;
    uint8_t *want = malloc((size_t)w * h * 16), *near = malloc((size_t)w * h);
    uint8_t pure[7][4];
    for (int c = 0; c < 6; c++)
        tm_cube_face_color(TM_CUBE_MSAA, (uint32_t)c, pure[c]);
    memcpy(pure[6], (const uint8_t[4]){51, 51, 102, 255}, 4);
    for (uint32_t f = 0; f < t->count; f++) {
        tm_cube_samples(f, s, want, near);
        uint32_t checked = 0, bad = 0, mixed = 0, unsure = 0, shown = 0, inside = 0;
        for (size_t p = 0; p < (size_t)w * h; p++) {
            const uint8_t *g = t->rgba[f] + p * 4, *e = want + p * 16;
            bool is_pure = false;
            for (int c = 0; c < 7; c++)
                is_pure |= !memcmp(g, pure[c], 4);
            shown += !is_pure;
            if (near[p]) {
                unsure++;
                continue;
            }
            checked++;
            const bool same = !memcmp(e, e + 4, 4) && !memcmp(e, e + 8, 4) && !memcmp(e, e + 12, 4);
            bool ok = true;
            if (same) {
                ok = !memcmp(g, e, 4);
                inside += memcmp(e, pure[6], 4) != 0;
            } else {
                mixed++;
                for (int c = 0; c < 4; c++) {
                    const int sum = e[c] + e[4 + c] + e[8 + c] + e[12 + c];
                    ok &= abs(4 * g[c] - sum) <= 2;
                }
            }
            if (!ok && bad++ < 4)
                print_message("  msaa %ux frame %u pixel (%zu, %zu): %u %u %u %u; samples %u %u %u, %u %u %u, %u %u %u, "
                              "%u %u %u\n", s, f, p % w, p / w, g[0], g[1], g[2], g[3], e[0], e[1], e[2], e[4], e[5],
                              e[6], e[8], e[9], e[10], e[12], e[13], e[14]);
        }
        if (bad)
            fail_msg("msaa %ux frame %u: %u of %u pixels differ from the sample model", s, f, bad, checked);
        print_message("  msaa %ux frame %u: %u pixels checked, %u of them mixed; %u shown mixed (%u-%u)\n", s, f,
                      checked, mixed, shown, mixed, mixed + unsure);
        if (shown < mixed || shown > mixed + unsure)
            fail_msg("msaa %ux frame %u: %u pixels show mixed colours, the model says %u to %u", s, f, shown, mixed,
                     mixed + unsure);
        assert_true(inside > w * h / 10);         /* the cubes cover a good part of the frame */
        assert_true(mixed > 100 * s);             /* and their edges are resolved */
        assert_true(checked > w * h * 3 / 4);
    }
    free(want);
    free(near);
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
        static const char *const comments[3] = {
            "glhle sample scene: Maxwell cubes, UBO matrices, depth (tests/scenes/maxwell_cube_scene.c)",
            "glhle sample scene: Maxwell cubes, a BC1 texture by DMA (tests/scenes/maxwell_cube_scene.c)",
            "glhle sample scene: Maxwell cubes in a 2X2 multisampled target resolved by the 2D engine "
            "(tests/scenes/maxwell_cube_scene.c)"};
        glhle_maxwell_recorder_desc rd = {.comment = comments[kind]};
        assert_int_equal(glhle_maxwell_recorder_create(&rd, &rec), GLHLE_RESULT_OK);
        assert_int_equal(glhle_maxwell_recorder_attach(rec, gpu), GLHLE_RESULT_OK);
        cube_frames live = {.kind = kind, .scale = 1};
        tm_cube_run(kind, gpu, rt, data, keep, &live);
        (kind == TM_CUBE_MSAA ? check_msaa : check_model)(&live);
        if (kind == TM_CUBE_MSAA) /* each frame's resolve ran on the GPU (twod_gpu.c) */
            assert_int_equal(gpu->render->stats.twod_resolves, TM_CUBE_FRAMES);
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
        (kind == TM_CUBE_MSAA ? check_msaa : check_model)(&t);
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

static void msaa_cubes_resolved_by_2d(void **state)
{
    glhle_context *ctx = *state;
    GLint n = 0;
    ctx->gl.GetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_SAMPLES, 1, &n);
    if (n < 4) {
        print_message("%sthe GL has %d samples for RGBA8, the scene's MODE_2X2 target 4\n",
                      ts_gles() ? "SKIP on OpenGL ES: " : "  ", n);
        skip();
    }
    scene(ctx, TM_CUBE_MSAA);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ubo_cubes),
        cmocka_unit_test(bc1_cubes_by_dma),
        cmocka_unit_test(msaa_cubes_resolved_by_2d),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
