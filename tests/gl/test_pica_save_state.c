/* PICA save states (backend/pica/pica_save_state.c) on every sample
 * trace (tests/scenes/traces/): the replay stops after half its chunks,
 * after each command list and each fill or display transfer (in the middle
 * of a frame, with render targets only on the GPU) and after each present
 * but the last, saves the state, loads it into a new instance on a second GL context with its own
 * copy of guest memory (glhle_trace_replay_desc.round_trip_*), and
 * finishes there. Every frame presented after the load must equal, to the
 * bit, the frame of an uninterrupted replay: at scales 1 -> 1 and 2 -> 2
 * everywhere (surfaces carried at their resolution). Loads at another
 * scale (1 -> 2, 2 -> 1) rebuild surfaces from guest memory: after a
 * present they must match the uninterrupted replay at the loading scale
 * (the sample scenes redraw all they show each frame); in the middle of a
 * frame, where what was drawn before the save keeps its saving
 * resolution, they must load, finish and present every frame. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/trace/trace_format.h"
#include "support/state_support.h"
#include "glhle/trace.h"
#include "scenes/scenes.h"

#define MAX_FRAMES 16
#define MAX_SPLITS 32

typedef struct split {
    uint32_t after; /* chunks */
    bool frame_boundary;
} split;

/* The split points of a trace (see the top). */
static uint32_t find_splits(const glhle_trace *t, split *out)
{
    const uint8_t *data;
    size_t size;
    glhle_trace_get_bytes(t, &data, &size);
    trace_reader rd;
    assert_int_equal(pica_trace_reader_open(&rd, data, size, ts_logger()), GLHLE_RESULT_OK);
    uint32_t n = 0, chunks = 0;
    trace_chunk c;
    out[n++] = (split){0, false}; /* the middle, filled in below */
    while (trace_reader_next(&rd, &c) == GLHLE_RESULT_OK) {
        chunks++;
        const bool present = c.type == PICA_TRACE_PRESENT, run = c.type == PICA_TRACE_RUN_GUEST ||
                                                                   c.type == PICA_TRACE_RUN_HOST,
                   transfer = c.type == PICA_TRACE_DISPLAY_TRANSFER || c.type == PICA_TRACE_MEMORY_FILL;
        if ((present || run || transfer) && n < MAX_SPLITS)
            out[n++] = (split){chunks, present};
    }
    out[0].after = chunks / 2;
    if (n > 1 && out[n - 1].frame_boundary)
        n--; /* after the last present nothing is left to compare */
    return n;
}

typedef struct frames {
    glhle_image img[MAX_FRAMES];
    uint32_t count;
    uint32_t before;   /* frames presented before the round trip (UINT32_MAX: none seen) */
    glhle_pica *first; /* the instance of the first frame */
} frames;

static glhle_result keep_frame(void *user, glhle_pica *pica, uint32_t frame)
{
    frames *f = user;
    assert_true(frame < MAX_FRAMES);
    if (!f->first) {
        f->first = pica;
        f->before = UINT32_MAX;
    }
    if (pica != f->first && f->before == UINT32_MAX)
        f->before = frame;
    uint32_t w, h;
    assert_int_equal(glhle_pica_read_frame(pica, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    glhle_image *img = &f->img[frame];
    assert_int_equal(glhle_image_alloc(img, w, h), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_read_frame(pica, img->rgba, (size_t)w * h * 4, &w, &h), GLHLE_RESULT_OK);
    f->count = frame + 1;
    return GLHLE_RESULT_OK;
}

static void frames_free(frames *f)
{
    for (uint32_t i = 0; i < f->count; i++)
        glhle_image_free(&f->img[i]);
    memset(f, 0, sizeof *f);
}

static void replay(glhle_context *ctx, const glhle_trace *t, uint32_t scale, uint32_t after, glhle_context *ctx2,
                   uint32_t scale2, frames *out)
{
    glhle_trace_replay_desc rd = {
        .ctx = ctx,
        .pica = {.resolution_scale = scale, .log = ts_log_fn},
        .on_frame = keep_frame,
        .user = out,
        .round_trip_after = after,
        .round_trip_ctx = ctx2,
        .round_trip_scale = scale2,
    };
    glhle_trace_replay_stats st;
    assert_int_equal(glhle_trace_replay(t, &rd, &st), GLHLE_RESULT_OK);
    assert_int_equal(st.divergences, 0);
}

static void round_trips(void **state)
{
    glhle_context *ctx = *state, *ctx2 = ts_gl_second_context();
    static const uint32_t pairs[][2] = {{1, 1}, {2, 2}, {1, 2}, {2, 1}};
    for (int i = 0; i < sb_scene_count; i++) {
        const sb_scene *s = &sb_scenes[i];
        char path[1024];
        glhle_trace_open_desc od = {.log = ts_log_fn};
        glhle_trace *t;
        assert_int_equal(glhle_trace_open_file(sb_scene_trace_path(s, path, sizeof path), &od, &t), GLHLE_RESULT_OK);
        assert_true(s->frames >= 1 && s->frames <= MAX_FRAMES);
        static frames ref[3], got;
        for (uint32_t scale = 1; scale <= 2; scale++) {
            replay(ctx, t, scale, 0, NULL, 0, &ref[scale]);
            assert_int_equal(ref[scale].count, s->frames);
        }
        split splits[MAX_SPLITS];
        const uint32_t n_splits = find_splits(t, splits);
        for (uint32_t k = 0; k < n_splits; k++) {
            for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
                const uint32_t from = pairs[p][0], to = pairs[p][1];
                const bool exact = from == to || splits[k].frame_boundary;
                print_message("%s: save after chunk %u%s at %ux, load at %ux on another context%s\n", s->name,
                              splits[k].after, splits[k].frame_boundary ? " (a present)" : "", from, to,
                              exact ? "" : " (no exact frames expected)");
                replay(ctx, t, from, splits[k].after, ctx2, to, &got);
                assert_int_equal(got.count, s->frames);
                for (uint32_t f = 0; f < s->frames && exact; f++) {
                    char name[96];
                    snprintf(name, sizeof name, "state_%s_c%u_f%u_%ux_to_%ux", s->name, splits[k].after, f, from, to);
                    ts_assert_image(name, &ref[f < got.before ? from : to].img[f], &got.img[f], 0, 0);
                }
                frames_free(&got);
            }
        }
        frames_free(&ref[1]);
        frames_free(&ref[2]);
        glhle_trace_close(t);
        ts_gl_check(ctx);
    }
    glhle_context_destroy(ctx2);
}

/* At the first present of a replay, blobs damaged in ways that pass the
 * checksums (a surface outside the mappings, a scale of 11) and that do
 * not (truncated, a flipped byte) are loaded into the running instance and
 * refused; the replay then goes on and must present the frames of an
 * uninterrupted one. */
typedef struct damage_run {
    frames *f;
    uint32_t refused;
} damage_run;

static glhle_result damage_then_keep(void *user, glhle_pica *pica, uint32_t frame)
{
    damage_run *d = user;
    if (frame == 0) {
        size_t size = 0;
        glhle_pica_save_state(pica, NULL, 0, &size);
        uint8_t *good = malloc(size), *bad = malloc(size);
        assert_non_null(good);
        assert_non_null(bad);
        assert_int_equal(glhle_pica_save_state(pica, good, size, &size), GLHLE_RESULT_OK);
        size_t surface = 0;
        for (size_t at = TRACE_HEADER_SIZE; at + TRACE_CHUNK_OVERHEAD <= size && !surface;
             at += TRACE_CHUNK_OVERHEAD + trace_rd32(good + at + 4))
            if (trace_rd32(good + at) == 6) /* SURFACE */
                surface = at;
        assert_true(surface != 0);
        for (int k = 0; k < 24; k++) {
            memcpy(bad, good, size);
            size_t n = size;
            if (k == 0) { /* the first surface at an unmapped address */
                trace_wr32(bad + surface + TRACE_CHUNK_HEAD, 0xF0000000u);
                st_fix_checksums(bad, n);
            } else if (k == 1) { /* INFO's scale */
                trace_wr32(bad + TRACE_HEADER_SIZE + TRACE_CHUNK_HEAD, 11);
                st_fix_checksums(bad, n);
            } else if (k < 12) {
                n = size * (size_t)k / 12;
            } else {
                bad[(size_t)k * 7919 % size] ^= 0x10;
            }
            const glhle_result r = glhle_pica_load_state(pica, bad, n);
            assert_true(r == GLHLE_RESULT_BAD_DATA || r == GLHLE_RESULT_TRUNCATED);
            d->refused++;
        }
        free(good);
        free(bad);
    }
    return keep_frame(d->f, pica, frame);
}

static void damaged_loads_change_nothing(void **state)
{
    glhle_context *ctx = *state;
    for (int i = 0; i < sb_scene_count; i++) {
        const sb_scene *s = &sb_scenes[i];
        char path[1024];
        glhle_trace_open_desc od = {.log = ts_log_fn};
        glhle_trace *t;
        assert_int_equal(glhle_trace_open_file(sb_scene_trace_path(s, path, sizeof path), &od, &t), GLHLE_RESULT_OK);
        static frames ref, got;
        replay(ctx, t, 2, 0, NULL, 0, &ref);
        damage_run d = {&got, 0};
        glhle_trace_replay_desc rd = {
            .ctx = ctx,
            .pica = {.resolution_scale = 2, .log = ts_log_fn},
            .on_frame = damage_then_keep,
            .user = &d,
        };
        assert_int_equal(glhle_trace_replay(t, &rd, NULL), GLHLE_RESULT_OK);
        assert_int_equal(d.refused, 24);
        assert_int_equal(got.count, ref.count);
        for (uint32_t f = 0; f < ref.count; f++) {
            char name[96];
            snprintf(name, sizeof name, "state_damaged_%s_f%u", s->name, f);
            ts_assert_image(name, &ref.img[f], &got.img[f], 0, 0);
        }
        frames_free(&ref);
        frames_free(&got);
        glhle_trace_close(t);
        ts_gl_check(ctx);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(round_trips),
        TS_GL_TEST(damaged_loads_change_nothing),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
