/* The Maxwell indexed, lit mesh in sRGB (tests/scenes/maxwell_mesh_scene.c):
 * a grid of shared vertices drawn through 16-bit indices with primitive
 * restart and through 32-bit indices from a first index, two instances,
 * into an A8B8G8R8_SRGB target with SET_SRGB_WRITE on. A live run with a
 * recorder attached must equal the committed trace
 * (tests/scenes/traces/maxwell_mesh_srgb.glht, rewritten with
 * GLHLE_UPDATE_GOLDEN=1); the live frames and the committed trace replayed
 * at 1x and 2x must match the scene's CPU model (attribs_vsh's formula at
 * each pixel by barycentric interpolation, then the IEC 61966-2-1 encode;
 * one code of tolerance for the GL's sRGB conversion, pixels within a
 * target pixel of a mesh's outline skipped) and the goldens. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "scenes/maxwell_mesh_scene.h"
#include "support/trace_golden.h"

#define NAME "maxwell_mesh_srgb"

typedef struct mesh_frames {
    uint32_t scale, count;
    uint8_t *rgba[TM_MESH_FRAMES];
} mesh_frames;

static void keep(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    mesh_frames *t = user;
    uint32_t w, h;
    assert_int_equal(glhle_maxwell_read_frame(gpu, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    assert_int_equal(w, TM_MESH_W * t->scale);
    assert_int_equal(h, TM_MESH_H * t->scale);
    assert_int_equal(frame, t->count);
    t->rgba[frame] = malloc((size_t)w * h * 4);
    assert_non_null(t->rgba[frame]);
    assert_int_equal(glhle_maxwell_read_frame(gpu, t->rgba[frame], (size_t)w * h * 4, NULL, NULL), GLHLE_RESULT_OK);
    t->count++;
}

static glhle_result keep_and_golden(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    mesh_frames *t = user;
    keep(user, gpu, frame);
    glhle_image img = {TM_MESH_W * t->scale, TM_MESH_H * t->scale, t->rgba[frame]};
    char name[64];
    snprintf(name, sizeof name, "scene_%s_f%u_%ux", NAME, frame, t->scale);
    ts_assert_golden(name, &img, 0, 0);
    return GLHLE_RESULT_OK;
}

static void check_model(const mesh_frames *t)
{
    const uint32_t s = t->scale, w = TM_MESH_W * s, h = TM_MESH_H * s;
    uint8_t *want = malloc((size_t)w * h * 4), *edge = malloc((size_t)w * h);
    assert_non_null(want);
    assert_non_null(edge);
    for (uint32_t f = 0; f < t->count; f++) {
        uint32_t lit = 0;
        tm_mesh_model(f, s, want, edge, &lit);
        uint32_t checked = 0, bad = 0;
        for (size_t p = 0; p < (size_t)w * h; p++) {
            if (edge[p])
                continue;
            checked++;
            const uint8_t *g = t->rgba[f] + p * 4, *e = want + p * 4;
            bool same = true;
            for (int c = 0; c < 4; c++)
                same = same && abs(g[c] - e[c]) <= 1;
            if (!same && bad++ < 4)
                print_message("  %ux frame %u pixel (%zu, %zu): %u %u %u %u, the model %u %u %u %u\n", s, f, p % w,
                              p / w, g[0], g[1], g[2], g[3], e[0], e[1], e[2], e[3]);
        }
        if (bad)
            fail_msg("%ux frame %u: %u of %u pixels differ from the CPU model", s, f, bad, checked);
        /* the meshes cover most of the frame, and nearly all of it is checked */
        assert_true(lit > w * h * 7 / 10);
        assert_true(checked > w * h * 9 / 10);
    }
    free(want);
    free(edge);
}

static void frames_free(mesh_frames *t)
{
    for (uint32_t i = 0; i < t->count; i++)
        free(t->rgba[i]);
}

/* The model's sRGB encode against IEC 61966-2-1's own points: the linear
 * segment below 0.0031308 (12.92 c) and the curve above (0.5 encodes to
 * 0.7354, code 188; 0.2 to 0.4845, code 124). */
static void srgb_encode(void **state)
{
    (void)state;
    assert_int_equal(tm_mesh_srgb8(0.0), 0);
    assert_int_equal(tm_mesh_srgb8(0.002), 7); /* 12.92 * 0.002 * 255 = 6.59 */
    assert_int_equal(tm_mesh_srgb8(0.2), 124);
    assert_int_equal(tm_mesh_srgb8(0.5), 188);
    assert_int_equal(tm_mesh_srgb8(1.0), 255);
}

static void mesh_srgb(void **state)
{
    glhle_context *ctx = *state;
    char path[512];
    snprintf(path, sizeof path, "%s/tests/scenes/traces/%s.glht", GLHLE_SOURCE_DIR, NAME);
    size_t size = 0;
    uint8_t *committed = ts_trace_read(path, &size);
    if (tm_mesh_available()) {
        glhle_maxwell_desc d = {.log = ts_log_fn, .log_level = GLHLE_LOG_INFO};
        glhle_maxwell *gpu;
        assert_int_equal(glhle_maxwell_create(ctx, &d, &gpu), GLHLE_RESULT_OK);
        uint8_t *rt = malloc(TM_MESH_MEM), *data = malloc(TM_MESH_MEM);
        assert_non_null(rt);
        assert_non_null(data);
        glhle_maxwell_recorder *rec;
        glhle_maxwell_recorder_desc rd = {.comment = "glhle sample scene: Maxwell indexed, lit mesh in an sRGB "
                                                     "target (tests/scenes/maxwell_mesh_scene.c)"};
        assert_int_equal(glhle_maxwell_recorder_create(&rd, &rec), GLHLE_RESULT_OK);
        assert_int_equal(glhle_maxwell_recorder_attach(rec, gpu), GLHLE_RESULT_OK);
        mesh_frames live = {.scale = 1};
        tm_mesh_run(gpu, rt, data, keep, &live);
        check_model(&live);
        ts_maxwell_recording_assert_committed(rec, path, &committed, &size);
        glhle_maxwell_destroy(gpu);
        free(rt);
        free(data);
        frames_free(&live);
    } else {
        print_message("  the shader corpus is absent: %s is replayed, not re-recorded\n", NAME);
    }
    assert_non_null(committed);
    for (uint32_t scale = 1; scale <= 2; scale++) {
        mesh_frames t = {.scale = scale};
        glhle_maxwell_replay_desc rd = {.ctx = ctx, .maxwell = {.log = ts_log_fn, .scale = scale},
                                        .on_frame = keep_and_golden, .user = &t};
        glhle_maxwell_replay_stats st;
        assert_int_equal(glhle_maxwell_trace_replay(committed, size, &rd, &st), GLHLE_RESULT_OK);
        assert_true(st.ended);
        assert_int_equal(st.problems, 0);
        assert_int_equal(t.count, TM_MESH_FRAMES);
        check_model(&t);
        frames_free(&t);
    }
    free(committed);
    /* GL_FRAMEBUFFER_SRGB, switched on for the draws and clears, is back at
     * GL's default after each call (glhle.h): off on desktop GL, on on ES
     * (where it is a capability with EXT_sRGB_write_control only) */
    const char *choices = glhle_context_host_choices(ctx);
    if (!ts_gles() || strstr(choices, "srgb_write=EXT_sRGB_write_control"))
        assert_int_equal(ctx->gl.IsEnabled(GL_FRAMEBUFFER_SRGB), ts_gles() ? GL_TRUE : GL_FALSE);
    ts_gl_check(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(srgb_encode),
        cmocka_unit_test(mesh_srgb),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
