/* backend/pica/trace/trace_replay.c: opening checks every chunk before anything
 * runs (a trace cut at a chunk boundary opens as incomplete, anything
 * else damaged fails with the offset), and replay stops at the first chunk
 * it cannot apply, names its offset, and leaves nothing behind: the next
 * replay in the same process works. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/pica_instance.h"
#include "backend/pica/trace/trace_format.h"
#include "glhle/trace.h"
#include "support/pica_trace_support.h"
#include "support/pica_support.h"

/* A small recorded session: a mapping, memory, a guest list, a fill, a
 * present, twice. */
static uint8_t *session(size_t *size)
{
    static uint8_t vram[1 << 20];
    memset(vram, 0, sizeof vram);
    glhle_pica *p = tp_pica_new(0, 0);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000000, vram, sizeof vram), GLHLE_RESULT_OK);
    glhle_trace_recorder_desc d = {.log = ts_log_fn, .comment = "test_trace_replay"};
    glhle_trace_recorder *rec;
    assert_int_equal(glhle_trace_recorder_create(&d, &rec), GLHLE_RESULT_OK);
    assert_int_equal(glhle_trace_recorder_attach(rec, p), GLHLE_RESULT_OK);
    for (uint32_t f = 0; f < 2; f++) {
        const uint32_t list[4] = {f, 0x000F00C3, 0x12345678, 0x000F0010}; /* TEXENV0_COLOR, FINALIZE */
        memcpy(vram + 0x80000, list, sizeof list);
        assert_int_equal(glhle_pica_run_guest(p, 0x18080000, 16, NULL), GLHLE_RESULT_OK);
        const glhle_pica_memory_fill fill = {0x18000000 >> 3, (0x18000000 + 240 * 400 * 3) >> 3, 0x123456 + f,
                                             1u << 8};
        assert_int_equal(glhle_pica_fill_memory(p, &fill), GLHLE_RESULT_OK);
        glhle_pica_present_desc pd;
        memset(&pd, 0, sizeof pd);
        pd.top_left = (glhle_pica_lcd_framebuffer){0x18000000, 1, 720};
        assert_int_equal(glhle_pica_present(p, &pd), GLHLE_RESULT_OK);
    }
    assert_int_equal(glhle_trace_recorder_finish(rec), GLHLE_RESULT_OK);
    uint8_t *copy = tt_recorded_copy(rec, size);
    glhle_trace_recorder_destroy(rec);
    glhle_pica_destroy(p);
    return copy;
}

static glhle_trace *open_ok(const uint8_t *d, size_t n)
{
    glhle_trace_open_desc od = {.log = ts_log_fn};
    glhle_trace *t = NULL;
    assert_int_equal(glhle_trace_open_memory(d, n, &od, &t), GLHLE_RESULT_OK);
    return t;
}

static glhle_result open_result(const uint8_t *d, size_t n)
{
    glhle_trace_open_desc od = {.log = ts_log_fn};
    glhle_trace *t = NULL;
    glhle_result r = glhle_trace_open_memory(d, n, &od, &t);
    if (r == GLHLE_RESULT_OK)
        assert_non_null(t);
    else
        assert_null(t);
    glhle_trace_close(t);
    return r;
}

typedef struct frames {
    uint32_t n;
    uint32_t last;
    glhle_result answer;
} frames;

static glhle_result count_frame(void *user, glhle_pica *p, uint32_t frame)
{
    (void)p;
    frames *f = user;
    f->n++;
    f->last = frame;
    return f->answer;
}

static glhle_result replay(const glhle_trace *t, frames *f, glhle_trace_replay_stats *st, uint64_t budget)
{
    memset(f, 0, sizeof *f);
    glhle_trace_replay_desc rd = {.pica = {.log = ts_log_fn}, .max_guest_bytes = budget, .on_frame = count_frame,
                                  .user = f};
    return glhle_trace_replay(t, &rd, st);
}

/* Chunk offsets of a trace, and the offset past the last. */
static uint32_t chunk_offsets(const uint8_t *d, size_t n, size_t *at, uint32_t cap)
{
    trace_reader r;
    assert_int_equal(pica_trace_reader_open(&r, d, n, ts_logger()), GLHLE_RESULT_OK);
    trace_chunk c;
    uint32_t k = 0;
    while (trace_reader_next(&r, &c) == GLHLE_RESULT_OK && k < cap)
        at[k++] = (size_t)c.offset;
    at[k] = n;
    return k;
}

static void cut_at_every_chunk(void **state)
{
    (void)state;
    size_t n;
    uint8_t *d = session(&n);
    size_t at[64];
    const uint32_t chunks = chunk_offsets(d, n, at, 63);
    assert_true(chunks > 10);
    for (uint32_t k = 0; k <= chunks; k++) {
        /* cut right at a boundary: opens, incomplete unless it is the whole file */
        glhle_trace *t = open_ok(d, at[k]);
        glhle_trace_info info;
        glhle_trace_get_info(t, &info);
        assert_int_equal(info.chunks, k);
        assert_int_equal(info.complete, k == chunks);
        frames f;
        glhle_trace_replay_stats st;
        assert_int_equal(replay(t, &f, &st, 0), GLHLE_RESULT_OK);
        glhle_trace_close(t);
        /* cut one byte into the next chunk, and in its middle */
        if (k < chunks) {
            size_t cuts[2] = {at[k] + 1, at[k] + (at[k + 1] - at[k]) / 2};
            for (int c = 0; c < 2; c++) {
                ts_log_clear();
                assert_int_equal(open_result(d, cuts[c]), GLHLE_RESULT_TRUNCATED);
                char where[48];
                snprintf(where, sizeof where, "offset 0x%zx", at[k]);
                assert_true(ts_log_contains(where));
            }
        }
    }
    free(d);
}

static void damage_is_refused(void **state)
{
    (void)state;
    size_t n;
    uint8_t *d = session(&n);
    size_t at[64];
    const uint32_t chunks = chunk_offsets(d, n, at, 63);
    /* a flipped payload byte in every chunk: a checksum error at its offset */
    for (uint32_t k = 0; k < chunks; k++) {
        d[at[k] + 8] ^= 0x10;
        ts_log_clear();
        assert_int_equal(open_result(d, n), GLHLE_RESULT_BAD_DATA);
        char where[48];
        snprintf(where, sizeof where, "offset 0x%zx", at[k]);
        assert_true(ts_log_contains(where));
        assert_true(ts_log_contains("checksum"));
        d[at[k] + 8] ^= 0x10;
    }
    free(d);
}

/* Chunk lists written with valid checksums, to reach the checks behind them. */
static uint8_t *build(size_t *n, const uint32_t *types, const uint32_t *sizes, const uint8_t *payloads, int count)
{
    trace_writer w;
    assert_int_equal(pica_trace_writer_open(&w, NULL, 0, ts_logger()), GLHLE_RESULT_OK);
    size_t off = 0;
    for (int i = 0; i < count; i++) {
        assert_true(trace_put(&w, types[i], payloads + off, sizes[i], NULL, 0));
        off += sizes[i];
    }
    assert_int_equal(trace_writer_close(&w), GLHLE_RESULT_OK);
    uint8_t *d = glhle_bytebuf_detach(&w.mem, n);
    trace_writer_free(&w);
    return d;
}

static void chunk_checks(void **state)
{
    (void)state;
    uint8_t pay[64];
    memset(pay, 0, sizeof pay);
    size_t n;
    /* a type this glhle does not know, without the optional bit */
    {
        const uint32_t types[1] = {99}, sizes[1] = {4};
        uint8_t *d = build(&n, types, sizes, pay, 1);
        ts_log_clear();
        assert_int_equal(open_result(d, n), GLHLE_RESULT_BAD_DATA);
        assert_true(ts_log_contains("offset 0x20: chunk type 99 is unknown to this glhle"));
        free(d);
    }
    /* with it: skipped */
    {
        const uint32_t types[2] = {0x80000063u, PICA_TRACE_END}, sizes[2] = {4, 8};
        pay[4] = 1; /* END: one chunk and no frame before it */
        uint8_t *d = build(&n, types, sizes, pay, 2);
        glhle_trace *t = open_ok(d, n);
        glhle_trace_info info;
        glhle_trace_get_info(t, &info);
        assert_true(info.complete);
        glhle_trace_close(t);
        free(d);
        /* an END that counts other chunks or frames than the file holds:
         * a chunk was lost or added (each with its own good checksum) */
        pay[4] = 2;
        d = build(&n, types, sizes, pay, 2);
        ts_log_clear();
        assert_int_equal(open_result(d, n), GLHLE_RESULT_BAD_DATA);
        assert_true(ts_log_contains("offset 0x34: END counts 2 chunks and 0 frames before it, the file has 1 and 0"));
        free(d);
        pay[4] = 1, pay[8] = 1;
        d = build(&n, types, sizes, pay, 2);
        ts_log_clear();
        assert_int_equal(open_result(d, n), GLHLE_RESULT_BAD_DATA);
        assert_true(ts_log_contains("END counts 1 chunks and 1 frames before it, the file has 1 and 0"));
        free(d);
        memset(pay, 0, sizeof pay);
    }
    /* fewer payload bytes than the fixed fields */
    {
        const uint32_t types[1] = {PICA_TRACE_RUN_GUEST}, sizes[1] = {20};
        uint8_t *d = build(&n, types, sizes, pay, 1);
        ts_log_clear();
        assert_int_equal(open_result(d, n), GLHLE_RESULT_BAD_DATA);
        assert_true(ts_log_contains("RUN_GUEST chunk has 20 payload bytes, fewer than its 24 fixed ones"));
        free(d);
    }
    /* anything after END */
    {
        const uint32_t types[2] = {PICA_TRACE_END, PICA_TRACE_UNMAP}, sizes[2] = {8, 4};
        uint8_t *d = build(&n, types, sizes, pay, 2);
        ts_log_clear();
        assert_int_equal(open_result(d, n), GLHLE_RESULT_BAD_DATA);
        assert_true(ts_log_contains("UNMAP chunk after END"));
        free(d);
    }
}

static void put32(uint8_t *p, uint32_t v)
{
    trace_wr32(p, v);
}

static void replay_stops_with_offset(void **state)
{
    (void)state;
    uint8_t pay[64];
    size_t n;
    frames f;
    glhle_trace_replay_stats st;
    /* memory outside every mapping */
    {
        memset(pay, 0, sizeof pay);
        put32(pay, 0x18000000), put32(pay + 4, 0x1000);     /* MAP */
        put32(pay + 8, 0x18000FFE);                         /* MEMORY: 4 bytes, 2 past the end */
        const uint32_t types[2] = {PICA_TRACE_MAP, PICA_TRACE_MEMORY}, sizes[2] = {8, 8};
        uint8_t *d = build(&n, types, sizes, pay, 2);
        glhle_trace *t = open_ok(d, n);
        ts_log_clear();
        assert_int_equal(replay(t, &f, &st, 0), GLHLE_RESULT_OUT_OF_BOUNDS);
        assert_true(ts_log_contains("offset 0x38: 4 bytes of memory at guest 0x18000ffe lie outside every mapping"));
        glhle_trace_close(t);
        free(d);
    }
    /* a mapping over the replay's budget, and an overlapping one */
    {
        memset(pay, 0, sizeof pay);
        put32(pay, 0x18000000), put32(pay + 4, 0x100000);
        put32(pay + 8, 0x18080000), put32(pay + 12, 0x1000);
        const uint32_t types[2] = {PICA_TRACE_MAP, PICA_TRACE_MAP}, sizes[2] = {8, 8};
        uint8_t *d = build(&n, types, sizes, pay, 2);
        glhle_trace *t = open_ok(d, n);
        ts_log_clear();
        assert_int_equal(replay(t, &f, &st, 0x80000), GLHLE_RESULT_LIMIT_EXCEEDED);
        assert_true(ts_log_contains("offset 0x20: mapping guest 0x18000000 size 0x100000 would pass"));
        ts_log_clear();
        assert_int_equal(replay(t, &f, &st, 0), GLHLE_RESULT_BAD_DATA);
        assert_true(ts_log_contains("offset 0x38: the recorded mapping of guest 0x18080000"));
        glhle_trace_close(t);
        free(d);
    }
    /* unmapping what was never mapped */
    {
        memset(pay, 0, sizeof pay);
        put32(pay, 0x30000000);
        const uint32_t types[1] = {PICA_TRACE_UNMAP}, sizes[1] = {4};
        uint8_t *d = build(&n, types, sizes, pay, 1);
        glhle_trace *t = open_ok(d, n);
        ts_log_clear();
        assert_int_equal(replay(t, &f, &st, 0), GLHLE_RESULT_BAD_DATA);
        assert_true(ts_log_contains("offset 0x20: UNMAP of guest 0x30000000"));
        glhle_trace_close(t);
        free(d);
    }
    /* the instance and process are fine afterwards: a good trace replays */
    uint8_t *good = session(&n);
    glhle_trace *t = open_ok(good, n);
    assert_int_equal(replay(t, &f, &st, 0), GLHLE_RESULT_OK);
    assert_int_equal(f.n, 2);
    assert_int_equal(st.divergences, 0);
    glhle_trace_close(t);
    free(good);
}

static glhle_result note_budget(void *user, glhle_pica *p, uint32_t frame)
{
    (void)frame;
    *(uint64_t *)user = p->fe.max_steps;
    return GLHLE_RESULT_OK;
}

static uint64_t replayed_budget(const uint8_t *d, size_t n)
{
    glhle_trace *t = open_ok(d, n);
    uint64_t got = 0;
    glhle_trace_replay_desc rd = {.pica = {.log = ts_log_fn}, .on_frame = note_budget, .user = &got};
    assert_int_equal(glhle_trace_replay(t, &rd, NULL), GLHLE_RESULT_OK);
    glhle_trace_close(t);
    return got;
}

/* The shader-step budget per run goes into INSTANCE after the 16 bytes of
 * version 1.0, and the replay takes it; a 16-byte INSTANCE (an older
 * trace) and a recorded budget above the default replay with the default. */
static void instance_records_step_budget(void **state)
{
    (void)state;
    static uint8_t vram[240 * 400 * 3];
    glhle_pica_desc pd = {.max_shader_steps_per_run = 12345, .log = ts_log_fn};
    glhle_pica *p;
    assert_int_equal(glhle_pica_create(NULL, &pd, &p), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000000, vram, sizeof vram), GLHLE_RESULT_OK);
    glhle_trace_recorder_desc d = {.log = ts_log_fn};
    glhle_trace_recorder *rec;
    assert_int_equal(glhle_trace_recorder_create(&d, &rec), GLHLE_RESULT_OK);
    assert_int_equal(glhle_trace_recorder_attach(rec, p), GLHLE_RESULT_OK);
    glhle_pica_present_desc present;
    memset(&present, 0, sizeof present);
    present.top_left = (glhle_pica_lcd_framebuffer){0x18000000, 1, 720};
    assert_int_equal(glhle_pica_present(p, &present), GLHLE_RESULT_OK);
    assert_int_equal(glhle_trace_recorder_finish(rec), GLHLE_RESULT_OK);
    size_t n;
    uint8_t *rd = tt_recorded_copy(rec, &n);
    glhle_trace_recorder_destroy(rec);
    glhle_pica_destroy(p);
    trace_reader r;
    assert_int_equal(pica_trace_reader_open(&r, rd, n, ts_logger()), GLHLE_RESULT_OK);
    trace_chunk c;
    assert_int_equal(trace_reader_next(&r, &c), GLHLE_RESULT_OK);
    assert_int_equal(c.type, PICA_TRACE_INSTANCE);
    assert_int_equal(c.size, 24);
    assert_int_equal(trace_rd64(c.payload + 16), 12345);
    assert_int_equal(replayed_budget(rd, n), 12345);
    free(rd);

    /* INSTANCE of 16 or 24 bytes, a MAP and a PRESENT by hand */
    for (int form = 0; form < 2; form++) {
        uint8_t pay[24 + 8 + PICA_TRACE_PRESENT_SIZE];
        memset(pay, 0, sizeof pay);
        const uint32_t isize = form ? 24u : 16u;
        if (form)
            trace_wr64(pay + 16, GLHLE_PICA_DEFAULT_SHADER_STEPS + 1); /* above the default: not taken */
        put32(pay + isize, 0x18000000);
        put32(pay + isize + 4, sizeof vram);
        pica_trace_encode_present(0, &present, pay + isize + 8);
        const uint32_t types[3] = {PICA_TRACE_INSTANCE, PICA_TRACE_MAP, PICA_TRACE_PRESENT};
        const uint32_t sizes[3] = {isize, 8, PICA_TRACE_PRESENT_SIZE};
        uint8_t *old = build(&n, types, sizes, pay, 3);
        assert_int_equal(replayed_budget(old, n), GLHLE_PICA_DEFAULT_SHADER_STEPS);
        free(old);
    }
}

typedef struct progress {
    uint64_t last, total;
    uint32_t calls;
    bool monotonic;
} progress;

static void on_progress(void *user, uint64_t done, uint64_t total, uint32_t frame)
{
    (void)frame;
    progress *p = user;
    if (done < p->last)
        p->monotonic = false;
    p->last = done;
    p->total = total;
    p->calls++;
}

static void callbacks(void **state)
{
    (void)state;
    size_t n;
    uint8_t *d = session(&n);
    glhle_trace *t = open_ok(d, n);
    /* progress: rising to the trace's size */
    progress pr = {0, 0, 0, true};
    glhle_trace_replay_desc rd = {.pica = {.log = ts_log_fn}, .on_progress = on_progress, .user = &pr};
    assert_int_equal(glhle_trace_replay(t, &rd, NULL), GLHLE_RESULT_OK);
    assert_true(pr.monotonic);
    assert_int_equal(pr.last, n);
    assert_int_equal(pr.total, n);
    /* a frame callback's error stops the replay with it */
    frames f;
    glhle_trace_replay_stats st;
    memset(&f, 0, sizeof f);
    f.answer = GLHLE_RESULT_IO_ERROR;
    glhle_trace_replay_desc rf = {.pica = {.log = ts_log_fn}, .on_frame = count_frame, .user = &f};
    assert_int_equal(glhle_trace_replay(t, &rf, &st), GLHLE_RESULT_IO_ERROR);
    assert_int_equal(f.n, 1);
    /* frames from 1 on */
    memset(&f, 0, sizeof f);
    rf.first_frame = 1;
    assert_int_equal(glhle_trace_replay(t, &rf, &st), GLHLE_RESULT_OK);
    assert_int_equal(f.n, 1);
    assert_int_equal(f.last, 1);
    assert_int_equal(st.frames, 2);
    /* bad arguments */
    assert_int_equal(glhle_trace_replay(NULL, &rf, &st), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_trace_replay(t, NULL, &st), GLHLE_RESULT_INVALID_ARGUMENT);
    glhle_trace_close(t);
    free(d);
}

static void opening_files(void **state)
{
    (void)state;
    glhle_trace_open_desc od = {.log = ts_log_fn};
    glhle_trace *t = (glhle_trace *)1;
    ts_log_clear();
    assert_int_equal(glhle_trace_open_file("/nonexistent/x.glht", &od, &t), GLHLE_RESULT_IO_ERROR);
    assert_null(t);
    assert_true(ts_log_contains("cannot read /nonexistent/x.glht"));
    size_t n;
    uint8_t *d = session(&n);
    const char *path = ts_output_path("trace_replay.glht");
    FILE *f = fopen(path, "wb");
    fwrite(d, 1, n, f);
    fclose(f);
    assert_int_equal(glhle_trace_open_file(path, &od, &t), GLHLE_RESULT_OK);
    glhle_trace_info info;
    glhle_trace_get_info(t, &info);
    assert_int_equal(info.bytes, n);
    assert_int_equal(info.frames, 2);
    assert_int_equal(info.command_lists, 2);
    assert_int_equal(info.display_operations, 2);
    assert_int_equal(info.mappings, 1);
    const uint8_t *bytes;
    size_t size;
    glhle_trace_get_bytes(t, &bytes, &size);
    assert_int_equal(size, n);
    assert_memory_equal(bytes, d, n);
    glhle_trace_close(t);
    /* over the size limit */
    od.max_file_bytes = n - 1;
    ts_log_clear();
    assert_int_equal(glhle_trace_open_file(path, &od, &t), GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_int_equal(glhle_trace_open_memory(d, n, &od, &t), GLHLE_RESULT_LIMIT_EXCEEDED);
    /* neither magic */
    assert_int_equal(open_result((const uint8_t *)"NOTATRACE", 9), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(open_result((const uint8_t *)"", 0), GLHLE_RESULT_BAD_DATA);
    free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cut_at_every_chunk),       cmocka_unit_test(damage_is_refused),
        cmocka_unit_test(chunk_checks),             cmocka_unit_test(replay_stops_with_offset),
        cmocka_unit_test(callbacks),                cmocka_unit_test(opening_files),
        cmocka_unit_test(instance_records_step_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
