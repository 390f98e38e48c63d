/* Maxwell traces (backend/maxwell/trace/) and the "clear" sample scene: a
 * live run with a recorder attached gives frames that match the scene's
 * pixels worked out from its clear values; the recording equals the
 * committed trace (tests/scenes/traces/maxwell_clear.glht, rewritten with
 * GLHLE_UPDATE_GOLDEN=1) whatever the internal scale; replaying the
 * committed trace at 1x and 2x gives the live run's frames and the goldens;
 * damaged and foreign traces are refused with their offsets. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "scenes/maxwell_clear_scene.h"
#include "scenes/maxwell_triangle_scene.h"
#include "support/maxwell_coverage.h"
#include "support/trace_golden.h"

#define TRACE_PATH GLHLE_SOURCE_DIR "/tests/scenes/traces/maxwell_clear.glht"

typedef struct frames {
    uint32_t scale;
    uint8_t *rgba[TM_CLEAR_FRAMES];
    uint32_t count;
} frames;

static uint8_t *read_frame(glhle_maxwell *gpu, uint32_t scale)
{
    uint32_t w, h;
    assert_int_equal(glhle_maxwell_read_frame(gpu, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    assert_int_equal(w, TM_CLEAR_W * scale);
    assert_int_equal(h, TM_CLEAR_H * scale);
    uint8_t *f = malloc((size_t)w * h * 4);
    assert_int_equal(glhle_maxwell_read_frame(gpu, f, (size_t)w * h * 4, NULL, NULL), GLHLE_RESULT_OK);
    return f;
}

static void keep_frame(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    frames *fr = user;
    assert_int_equal(frame, fr->count);
    fr->rgba[fr->count++] = read_frame(gpu, fr->scale);
}

static void check_scene(const frames *fr)
{
    const uint32_t s = fr->scale, w = TM_CLEAR_W * s;
    for (uint32_t f = 0; f < fr->count; f++)
        for (uint32_t y = 0; y < TM_CLEAR_H * s; y++)
            for (uint32_t x = 0; x < w; x++) {
                uint8_t want[4];
                tm_clear_expected(f, x / s, y / s, want);
                const uint8_t *got = fr->rgba[f] + ((size_t)y * w + x) * 4;
                if (memcmp(got, want, 4))
                    fail_msg("scale %u frame %u pixel (%u, %u): %02x%02x%02x%02x, want %02x%02x%02x%02x", s, f, x, y,
                             got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
            }
}

static void frames_free(frames *fr)
{
    for (uint32_t i = 0; i < fr->count; i++)
        free(fr->rgba[i]);
}

static glhle_maxwell *new_gpu(glhle_context *ctx, uint32_t scale)
{
    glhle_maxwell_desc d = {.log = ts_log_fn, .log_level = GLHLE_LOG_INFO, .scale = scale};
    glhle_maxwell *gpu;
    assert_int_equal(glhle_maxwell_create(ctx, &d, &gpu), GLHLE_RESULT_OK);
    return gpu;
}

/* Records the scene at `scale`; returns the trace bytes (malloc'ed). */
static uint8_t *record(glhle_context *ctx, uint32_t scale, frames *fr, size_t *size)
{
    glhle_maxwell *gpu = new_gpu(ctx, scale);
    tm_clear_memory mem = {malloc(TM_CLEAR_MEM_SIZE), malloc(TM_CLEAR_PB_SIZE)};
    tm_clear_map(gpu, &mem);
    glhle_maxwell_recorder *rec;
    glhle_maxwell_recorder_desc rd = {.comment = "glhle sample scene: Maxwell clears (tests/scenes/maxwell_clear_scene.c)"};
    assert_int_equal(glhle_maxwell_recorder_create(&rd, &rec), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_recorder_attach(rec, gpu), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_recorder_attach(rec, gpu), GLHLE_RESULT_INVALID_ARGUMENT);
    fr->scale = scale;
    tm_clear_run(gpu, &mem, keep_frame, fr);
    assert_int_equal(glhle_maxwell_recorder_finish(rec), GLHLE_RESULT_OK);
    const uint8_t *data;
    assert_int_equal(glhle_maxwell_recorder_bytes(rec, &data, size), GLHLE_RESULT_OK);
    uint8_t *copy = malloc(*size);
    memcpy(copy, data, *size);
    glhle_maxwell_recorder_destroy(rec);
    /* a second recorder cannot start on an instance that has submitted */
    assert_int_equal(glhle_maxwell_recorder_create(NULL, &rec), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_recorder_attach(rec, gpu), GLHLE_RESULT_INVALID_ARGUMENT);
    glhle_maxwell_recorder_destroy(rec);
    glhle_maxwell_destroy(gpu);
    free(mem.targets);
    free(mem.pb);
    return copy;
}

static void recording_is_the_committed_trace(void **state)
{
    glhle_context *ctx = *state;
    size_t n1, n2;
    frames f1 = {0}, f2 = {0};
    uint8_t *t1 = record(ctx, 1, &f1, &n1), *t2 = record(ctx, 2, &f2, &n2);
    assert_int_equal(f1.count, TM_CLEAR_FRAMES);
    check_scene(&f1);
    check_scene(&f2);
    assert_int_equal(n1, n2);
    assert_memory_equal(t1, t2, n1);
    const char *update = getenv("GLHLE_UPDATE_GOLDEN");
    if (update && *update == '1') {
        FILE *f = fopen(TRACE_PATH, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(t1, 1, n1, f), n1);
        fclose(f);
    }
    size_t committed_size;
    uint8_t *committed = ts_read_file(TRACE_PATH, &committed_size);
    assert_non_null(committed);
    assert_int_equal(committed_size, n1);
    assert_memory_equal(committed, t1, n1);
    free(committed);
    free(t1);
    free(t2);
    frames_free(&f1);
    frames_free(&f2);
    ts_gl_check(ctx);
}

static glhle_result golden_frame(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    frames *fr = user;
    keep_frame(user, gpu, frame);
    glhle_image img = {TM_CLEAR_W * fr->scale, TM_CLEAR_H * fr->scale, fr->rgba[frame]};
    char name[64];
    snprintf(name, sizeof name, "scene_maxwell_clear_f%u_%ux", frame, fr->scale);
    ts_assert_golden(name, &img, 0, 0);
    return GLHLE_RESULT_OK;
}

static void committed_trace_replays_to_the_goldens(void **state)
{
    glhle_context *ctx = *state;
    size_t size;
    uint8_t *data = ts_read_file(TRACE_PATH, &size);
    assert_non_null(data);
    for (uint32_t scale = 1; scale <= 2; scale++) {
        frames fr = {.scale = scale};
        glhle_maxwell_replay_desc rd = {.ctx = ctx, .maxwell = {.log = ts_log_fn, .scale = scale},
                                        .on_frame = golden_frame, .user = &fr};
        glhle_maxwell_replay_stats st;
        assert_int_equal(glhle_maxwell_trace_replay(data, size, &rd, &st), GLHLE_RESULT_OK);
        assert_true(st.ended);
        assert_int_equal(st.frames, TM_CLEAR_FRAMES);
        assert_int_equal(st.submissions, TM_CLEAR_FRAMES);
        assert_int_equal(st.problems, 0);
        check_scene(&fr);
        frames_free(&fr);
        /* --frames: stop after the first */
        frames one = {.scale = scale};
        rd.frames = 1;
        rd.on_frame = golden_frame;
        rd.user = &one;
        assert_int_equal(glhle_maxwell_trace_replay(data, size, &rd, &st), GLHLE_RESULT_OK);
        assert_int_equal(one.count, 1);
        assert_true(st.ended); /* the rest is read to check the trace is whole */
        frames_free(&one);
    }
    free(data);
    ts_gl_check(ctx);
}

/* Cut at many lengths and with bytes flipped, the trace is refused with an
 * offset or ends early, never crashes; a PICA trace is not a Maxwell one. */
static void damaged_and_foreign_traces(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = ts_read_file(TRACE_PATH, &size);
    assert_non_null(data);
    glhle_maxwell_replay_desc rd = {.maxwell = {.log = ts_log_fn}};
    glhle_maxwell_replay_stats st;
    for (size_t cut = 0; cut < size; cut += cut < 256 ? 1 : 997) {
        ts_log_clear();
        const glhle_result r = glhle_maxwell_trace_replay(data, cut, &rd, &st);
        assert_false(st.ended);
        if (r != GLHLE_RESULT_OK) {
            assert_true(r == GLHLE_RESULT_TRUNCATED || r == GLHLE_RESULT_BAD_DATA);
            assert_true(ts_log_contains("offset"));
        }
    }
    uint8_t *bad = malloc(size);
    for (size_t at = 0; at < size; at += 331) {
        memcpy(bad, data, size);
        bad[at] ^= 0x40;
        ts_log_clear();
        const glhle_result r = glhle_maxwell_trace_replay(bad, size, &rd, &st);
        if (r == GLHLE_RESULT_OK)
            fail_msg("a flipped byte at offset %zu was not noticed", at);
        assert_true(ts_log_contains("offset"));
    }
    free(bad);
    free(data);
    uint8_t *pica = ts_read_file(GLHLE_SOURCE_DIR "/tests/scenes/traces/cube.glht", &size);
    assert_non_null(pica);
    ts_log_clear();
    assert_int_equal(glhle_maxwell_trace_replay(pica, size, &rd, &st), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("not a Maxwell one"));
    free(pica);
}

/* ---- the triangle scene: the draw path through a trace ---- */

typedef struct tri_frames tri_frames;
static void keep_tri(void *user, glhle_maxwell *gpu, uint32_t frame);

#define TRI_TRACE GLHLE_SOURCE_DIR "/tests/scenes/traces/maxwell_triangle.glht"

typedef struct tri_frames {
    uint32_t scale, count;
    uint8_t *rgba[TM_TRI_FRAMES];
} tri_frames;

static void keep_tri(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    tri_frames *t = user;
    uint32_t w, h;
    assert_int_equal(glhle_maxwell_read_frame(gpu, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    assert_int_equal(w, TM_TRI_W * t->scale);
    t->rgba[frame] = malloc((size_t)w * h * 4);
    assert_int_equal(glhle_maxwell_read_frame(gpu, t->rgba[frame], (size_t)w * h * 4, NULL, NULL), GLHLE_RESULT_OK);
    t->count++;
}

static glhle_result tri_golden(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    tri_frames *t = user;
    keep_tri(user, gpu, frame);
    glhle_image img = {TM_TRI_W * t->scale, TM_TRI_H * t->scale, t->rgba[frame]};
    char name[64];
    snprintf(name, sizeof name, "scene_maxwell_triangle_f%u_%ux", frame, t->scale);
    ts_assert_golden(name, &img, 0, 0);
    return GLHLE_RESULT_OK;
}

/* Coverage against the triangle's edge functions (maxwell_coverage.h). */
static void check_triangle(const tri_frames *t)
{
    const uint8_t clear = (uint8_t)lrintf(TM_TRI_CLEAR * 255);
    for (uint32_t f = 0; f < t->count; f++) {
        float c[3][2];
        tm_triangle_corners(f, c);
        char what[64];
        snprintf(what, sizeof what, "scale %u frame %u", t->scale, f);
        tm_check_triangle(t->rgba[f], TM_TRI_W, TM_TRI_H, t->scale, c, clear, what);
    }
}

static void triangle_scene(void **state)
{
    glhle_context *ctx = *state;
    size_t size = 0;
    uint8_t *committed = ts_trace_read(TRI_TRACE, &size);
    if (tm_triangle_available()) {
        /* record it; the recording is the committed trace */
        glhle_maxwell *gpu = new_gpu(ctx, 1);
        uint8_t *rt = malloc(TM_TRI_MEM), *data = malloc(TM_TRI_MEM);
        glhle_maxwell_recorder *rec;
        glhle_maxwell_recorder_desc rd = {.comment = "glhle sample scene: a Maxwell triangle "
                                                     "(tests/scenes/maxwell_triangle_scene.c)"};
        assert_int_equal(glhle_maxwell_recorder_create(&rd, &rec), GLHLE_RESULT_OK);
        assert_int_equal(glhle_maxwell_recorder_attach(rec, gpu), GLHLE_RESULT_OK);
        tri_frames live = {.scale = 1};
        tm_triangle_run(gpu, rt, data, keep_tri, &live);
        check_triangle(&live);
        ts_maxwell_recording_assert_committed(rec, TRI_TRACE, &committed, &size);
        glhle_maxwell_destroy(gpu);
        free(rt);
        free(data);
        for (uint32_t i = 0; i < live.count; i++)
            free(live.rgba[i]);
    } else {
        print_message("  the shader corpus is absent: the triangle trace is replayed, not re-recorded\n");
    }
    assert_non_null(committed);
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tri_frames t = {.scale = scale};
        glhle_maxwell_replay_desc rd = {.ctx = ctx, .maxwell = {.log = ts_log_fn, .scale = scale},
                                        .on_frame = tri_golden, .user = &t};
        glhle_maxwell_replay_stats st;
        assert_int_equal(glhle_maxwell_trace_replay(committed, size, &rd, &st), GLHLE_RESULT_OK);
        assert_true(st.ended);
        assert_int_equal(st.problems, 0);
        assert_int_equal(t.count, TM_TRI_FRAMES);
        check_triangle(&t);
        for (uint32_t i = 0; i < t.count; i++)
            free(t.rgba[i]);
    }
    free(committed);
    ts_gl_check(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(recording_is_the_committed_trace),
        cmocka_unit_test(committed_trace_replays_to_the_goldens),
        cmocka_unit_test(damaged_and_foreign_traces),
        cmocka_unit_test(triangle_scene),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
