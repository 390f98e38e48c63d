/* backend/pica/trace/trace_record.c: what the recorder writes for each public
 * call, and record -> replay round trips on GL-free instances: the replayed
 * instance must see byte-identical guest memory and registers at every
 * event the recorded one saw. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "backend/pica/pica_instance.h"
#include "backend/pica/trace/trace_format.h"
#include "backend/pica/trace/trace_record.h"
#include "glhle/trace.h"
#include "support/pica_support.h"

/* ---- what an instance saw: one signature per FINALIZE and DRAW event ---- */

typedef struct seen {
    uint64_t sig[64];
    uint32_t n;
} seen;

static uint64_t signature(glhle_pica *p)
{
    glhle_hash_state st;
    glhle_hash_begin(&st, 0);
    /* registers, except the action and FIFO-port ones, which hold the last
     * word written rather than state (a mid-session attach restores state) */
    for (uint32_t id = 0; id < PICA_REG_COUNT; id++) {
        pica_fields f = pica_reg_fields(id);
        uint32_t v = f == PICA_FIELDS_trigger || f == PICA_FIELDS_fifo_data ? 0 : p->fe.regs.r[id];
        glhle_hash_update(&st, &v, 4);
    }
    for (uint32_t i = 0; i < p->fe.mem.count; i++) {
        glhle_hash_update(&st, &p->fe.mem.map[i].paddr, 4);
        glhle_hash_update(&st, p->fe.mem.map[i].host, p->fe.mem.map[i].size);
    }
    return glhle_hash_end(&st);
}

static void watch(void *user, glhle_pica *p, const glhle_pica_event *ev)
{
    (void)ev;
    seen *s = user;
    if (s->n < 64)
        s->sig[s->n++] = signature(p);
}

static const uint32_t watched = (1u << GLHLE_PICA_EVENT_FINALIZE) | (1u << GLHLE_PICA_EVENT_DRAW);

static glhle_trace_recorder *recorder(const char *path, bool invalidate_only, uint64_t max_bytes)
{
    glhle_trace_recorder_desc d = {.path = path,
                                   .invalidate_only = invalidate_only,
                                   .max_bytes = max_bytes,
                                   .comment = "test_trace_record",
                                   .log = ts_log_fn};
    glhle_trace_recorder *rec = NULL;
    assert_int_equal(glhle_trace_recorder_create(&d, &rec), GLHLE_RESULT_OK);
    return rec;
}

static glhle_trace *open_recorded(glhle_trace_recorder *rec)
{
    const uint8_t *data;
    size_t size;
    assert_int_equal(glhle_trace_recorder_bytes(rec, &data, &size), GLHLE_RESULT_OK);
    glhle_trace_open_desc od = {.log = ts_log_fn};
    glhle_trace *t = NULL;
    assert_int_equal(glhle_trace_open_memory(data, size, &od, &t), GLHLE_RESULT_OK);
    return t;
}

static void replay_into(const glhle_trace *t, seen *s, glhle_trace_replay_stats *stats)
{
    memset(s, 0, sizeof *s);
    glhle_trace_replay_desc rd = {.pica = {.log = ts_log_fn}, .hooks = {watch, s, watched}};
    assert_int_equal(glhle_trace_replay(t, &rd, stats), GLHLE_RESULT_OK);
}

/* A small list at FCRAM: a few register writes, a draw trigger, FINALIZE. */
static void guest_list(uint8_t *fcram, uint32_t tag)
{
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_cmd1(&b, PICA_REG_TEXENV0_COLOR, tag);
    tp_cmd1(&b, PICA_REG_NUMVERTICES, 3);
    tp_cmd1(&b, PICA_REG_DRAWARRAYS, 1);
    tp_cmd_finalize(&b);
    memcpy(fcram, b.w, b.n * 4);
    tp_cmd_free(&b);
}

typedef struct session {
    uint8_t *vram, *fcram, *extra;
    glhle_pica *pica;
    seen rec;
} session;

static void session_begin(session *s)
{
    memset(s, 0, sizeof *s);
    s->vram = calloc(1, 1 << 20);
    s->fcram = calloc(1, 256 << 10);
    s->extra = calloc(1, 3000); /* not a whole page */
    for (int i = 0; i < 5000; i++)
        s->vram[0x40000 + i] = (uint8_t)(i * 7);
    s->pica = tp_pica_new(0, 0);
    assert_int_equal(glhle_pica_map_memory(s->pica, 0x18000000, s->vram, 1 << 20), GLHLE_RESULT_OK);
    glhle_pica_hooks h = {watch, &s->rec, watched};
    glhle_pica_set_hooks(s->pica, &h);
}

/* Guest lists, host lists, memory the core changes between calls without
 * telling glhle, a mapping made and removed mid-session. */
static void session_run(session *s)
{
    glhle_pica *p = s->pica;
    assert_int_equal(glhle_pica_map_memory(p, 0x20000000, s->fcram, 256 << 10), GLHLE_RESULT_OK);
    guest_list(s->fcram + 0x100, 0x11223344);
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_guest(p, 0x20000100, 0x40, &res), GLHLE_RESULT_OK);
    assert_true(res.finalized);
    /* the core rewrites vertex data and the list, then runs it again */
    s->vram[0x40010] ^= 0xFF;
    s->vram[0xFFFFF] = 9;
    guest_list(s->fcram + 0x100, 0x55667788);
    assert_int_equal(glhle_pica_run_guest(p, 0x20000100, 0x40, &res), GLHLE_RESULT_OK);
    /* a host list */
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_build_lit_fog_draw(&b);
    tp_cmd_finalize(&b);
    glhle_pica_run_cmdlist(p, b.w, b.n, &res);
    tp_cmd_free(&b);
    /* a short mapping comes and goes */
    memset(s->extra, 0x5A, 3000);
    assert_int_equal(glhle_pica_map_memory(p, 0x1FF80000, s->extra, 3000), GLHLE_RESULT_OK);
    s->extra[2999] = 1;
    guest_list(s->fcram + 0x200, 0x01020304);
    assert_int_equal(glhle_pica_run_guest(p, 0x20000200, 0x40, &res), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_unmap_memory(p, 0x1FF80000), GLHLE_RESULT_OK);
    /* a failing run is recorded with its result too */
    assert_int_equal(glhle_pica_run_guest(p, 0x30000000, 0x40, &res), GLHLE_RESULT_OUT_OF_BOUNDS);
    guest_list(s->fcram + 0x300, 0x0A0B0C0D);
    assert_int_equal(glhle_pica_run_guest(p, 0x20000300, 0x40, &res), GLHLE_RESULT_OK);
}

static void session_end(session *s)
{
    glhle_pica_destroy(s->pica);
    free(s->vram);
    free(s->fcram);
    free(s->extra);
}

static void round_trip(void **state)
{
    (void)state;
    session s;
    session_begin(&s);
    glhle_trace_recorder *rec = recorder(NULL, false, 0);
    assert_int_equal(glhle_trace_recorder_attach(rec, s.pica), GLHLE_RESULT_OK);
    session_run(&s);
    assert_int_equal(glhle_trace_recorder_finish(rec), GLHLE_RESULT_OK);
    assert_int_equal(s.rec.n, 10); /* 4 guest lists and the host list: a draw and FINALIZE each */

    glhle_trace *t = open_recorded(rec);
    glhle_trace_info info;
    glhle_trace_get_info(t, &info);
    assert_true(info.complete);
    assert_int_equal(info.source, GLHLE_TRACE_SOURCE_GLHLE);
    assert_int_equal(info.command_lists, 6);
    assert_int_equal(info.mappings, 3);
    seen rep;
    glhle_trace_replay_stats st;
    replay_into(t, &rep, &st);
    assert_int_equal(st.command_lists, 6);
    assert_int_equal(st.divergences, 0);
    assert_int_equal(st.draws, 5);
    assert_int_equal(rep.n, s.rec.n);
    for (uint32_t i = 0; i < rep.n; i++)
        if (rep.sig[i] != s.rec.sig[i])
            fail_msg("event %u: the replay's registers or guest memory differ from the recording", i);
    glhle_trace_close(t);
    glhle_trace_recorder_destroy(rec);
    session_end(&s);
}

/* Without the scan only invalidated ranges are recorded: the core's silent
 * writes are missing from the trace, and the replay shows it. */
static void invalidate_only_misses_silent_writes(void **state)
{
    (void)state;
    session s;
    session_begin(&s);
    glhle_trace_recorder *rec = recorder(NULL, true, 0);
    assert_int_equal(glhle_trace_recorder_attach(rec, s.pica), GLHLE_RESULT_OK);
    session_run(&s);
    assert_int_equal(glhle_trace_recorder_finish(rec), GLHLE_RESULT_OK);
    glhle_trace *t = open_recorded(rec);
    seen rep;
    glhle_trace_replay_stats st;
    replay_into(t, &rep, &st);
    /* the mapping contents at attach are there, the guest lists written
     * later are not: the guest runs find no FINALIZE and draw nothing */
    assert_true(st.divergences > 0);
    assert_int_equal(st.draws, 1);
    glhle_trace_close(t);
    glhle_trace_recorder_destroy(rec);
    session_end(&s);
}

/* Attaching after command lists have run: the state list restores what
 * they left, so the first event after attaching matches. */
static void attach_mid_session(void **state)
{
    (void)state;
    session s;
    session_begin(&s);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_build_lit_fog_draw(&b);
    tp_cmd1(&b, PICA_REG_LIGHTING_LUT_INDEX, 0x0312); /* a FIFO left mid-way */
    tp_cmd_finalize(&b);
    glhle_pica_run_result res;
    glhle_pica_run_cmdlist(s.pica, b.w, b.n, &res);
    tp_cmd_free(&b);
    s.rec.n = 0;
    glhle_trace_recorder *rec = recorder(NULL, false, 0);
    assert_int_equal(glhle_trace_recorder_attach(rec, s.pica), GLHLE_RESULT_OK);
    session_run(&s);
    assert_int_equal(glhle_trace_recorder_finish(rec), GLHLE_RESULT_OK);
    glhle_trace *t = open_recorded(rec);
    glhle_trace_info info;
    glhle_trace_get_info(t, &info);
    assert_int_equal(info.command_lists, 7); /* the state list first */
    seen rep;
    glhle_trace_replay_stats st;
    replay_into(t, &rep, &st);
    assert_int_equal(st.divergences, 0);
    assert_int_equal(rep.n, s.rec.n);
    for (uint32_t i = 0; i < rep.n; i++)
        if (rep.sig[i] != s.rec.sig[i])
            fail_msg("event %u differs after a mid-session attach", i);
    glhle_trace_close(t);
    glhle_trace_recorder_destroy(rec);
    session_end(&s);
}

/* The chunks one silent write produces: its 4 KiB page, nothing else. */
static void records_changed_pages(void **state)
{
    (void)state;
    uint8_t *mem = calloc(1, 64 << 10);
    mem[0x3000] = 1; /* one non-zero page at attach */
    glhle_pica *p = tp_pica_new(0, 0);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000000, mem, 64 << 10), GLHLE_RESULT_OK);
    glhle_trace_recorder *rec = recorder(NULL, false, 0);
    assert_int_equal(glhle_trace_recorder_attach(rec, p), GLHLE_RESULT_OK);
    mem[0x5123] = 2;
    mem[0x6FFF] = 3; /* pages 5 and 6: one run */
    mem[0xF000] = 4;
    const uint32_t list[4] = {0x12345678, 0x000F0010, 0, 0}; /* FINALIZE */
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 4, NULL), GLHLE_RESULT_OK);
    /* glhle wrote page 8 itself (a display operation, say): absorbed, not recorded */
    mem[0x8000] = 5;
    pica_rec_absorb(p->calls.obs, 0x18008000, 16);
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 4, NULL), GLHLE_RESULT_OK);
    assert_int_equal(glhle_trace_recorder_finish(rec), GLHLE_RESULT_OK);

    const uint8_t *d;
    size_t n;
    assert_int_equal(glhle_trace_recorder_bytes(rec, &d, &n), GLHLE_RESULT_OK);
    trace_reader r;
    assert_int_equal(pica_trace_reader_open(&r, d, n, ts_logger()), GLHLE_RESULT_OK);
    const uint32_t want_type[] = {PICA_TRACE_COMMENT, PICA_TRACE_INSTANCE, PICA_TRACE_MAP, PICA_TRACE_MEMORY,
                                  PICA_TRACE_MEMORY, PICA_TRACE_MEMORY, PICA_TRACE_RUN_HOST, PICA_TRACE_RUN_HOST,
                                  PICA_TRACE_END};
    const uint32_t want_mem[3][2] = {{0x18003000, 4096}, {0x18005000, 8192}, {0x1800F000, 4096}};
    trace_chunk c;
    int mem_i = 0;
    for (size_t i = 0; i < sizeof want_type / sizeof want_type[0]; i++) {
        assert_int_equal(trace_reader_next(&r, &c), GLHLE_RESULT_OK);
        assert_int_equal(c.type, want_type[i]);
        if (c.type == PICA_TRACE_MEMORY) {
            assert_int_equal(trace_rd32(c.payload), want_mem[mem_i][0]);
            assert_int_equal(c.size - 4, want_mem[mem_i][1]);
            assert_memory_equal(c.payload + 4, mem + (want_mem[mem_i][0] - 0x18000000), want_mem[mem_i][1]);
            mem_i++;
        }
        if (c.type == PICA_TRACE_COMMENT)
            assert_memory_equal(c.payload, "test_trace_record", c.size);
        if (c.type == PICA_TRACE_RUN_HOST) {
            assert_int_equal(trace_rd32(c.payload), GLHLE_RESULT_OK);
            assert_int_equal(trace_rd32(c.payload + 4), PICA_TRACE_OUTCOME_FINALIZED);
            assert_int_equal(c.size, PICA_TRACE_RUN_HOST_SIZE + 16);
            assert_int_equal(trace_rd32(c.payload + PICA_TRACE_RUN_HOST_SIZE + 4), 0x000F0010);
        }
        if (c.type == PICA_TRACE_END) {
            assert_int_equal(trace_rd32(c.payload), 8);
            assert_int_equal(trace_rd32(c.payload + 4), 0);
        }
    }
    assert_int_equal(trace_reader_next(&r, &c), GLHLE_RESULT_NOT_FOUND);
    glhle_trace_recorder_destroy(rec);
    glhle_pica_destroy(p);
    free(mem);
}

static void file_and_memory_agree(void **state)
{
    (void)state;
    const char *path = ts_output_path("trace_record.glht");
    const uint8_t *mem_bytes;
    size_t mem_n;
    glhle_trace_recorder *recs[2] = {recorder(NULL, false, 0), recorder(path, false, 0)};
    for (int k = 0; k < 2; k++) {
        session s;
        session_begin(&s);
        assert_int_equal(glhle_trace_recorder_attach(recs[k], s.pica), GLHLE_RESULT_OK);
        session_run(&s);
        session_end(&s); /* destroying the instance detaches it */
        assert_int_equal(glhle_trace_recorder_finish(recs[k]), GLHLE_RESULT_OK);
    }
    assert_int_equal(glhle_trace_recorder_bytes(recs[0], &mem_bytes, &mem_n), GLHLE_RESULT_OK);
    const uint8_t *d;
    size_t n;
    assert_int_equal(glhle_trace_recorder_bytes(recs[1], &d, &n), GLHLE_RESULT_NOT_FOUND);
    uint8_t *f = ts_read_file(path, &n);
    assert_int_equal(n, mem_n);
    assert_memory_equal(f, mem_bytes, n);
    free(f);
    glhle_trace *t = NULL;
    assert_int_equal(glhle_trace_open_file(path, NULL, &t), GLHLE_RESULT_OK);
    glhle_trace_close(t);
    glhle_trace_recorder_destroy(recs[0]);
    glhle_trace_recorder_destroy(recs[1]);
}

/* A recording that hits its size limit reports it; the instance goes on. */
static void size_limit(void **state)
{
    (void)state;
    session s;
    session_begin(&s);
    glhle_trace_recorder *rec = recorder(NULL, false, 8192); /* less than VRAM's first non-zero page run */
    ts_log_clear();
    assert_int_equal(glhle_trace_recorder_attach(rec, s.pica), GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_true(ts_log_contains("size limit"));
    session_run(&s); /* the instance keeps working */
    assert_int_equal(s.rec.n, 10);
    assert_int_equal(glhle_trace_recorder_finish(rec), GLHLE_RESULT_LIMIT_EXCEEDED);
    glhle_trace_recorder_destroy(rec);
    session_end(&s);
}

/* ---- frames: display operations and presents ---- */

typedef struct frames {
    uint64_t image[8];   /* XXH3 of each frame read back */
    uint64_t memory[8];  /* signature of registers and guest memory at each present */
    uint32_t w, h, n;
} frames;

/* Frame `frame`'s image and state into slot `frame`. */
static void grab(glhle_pica *p, frames *f, uint32_t frame)
{
    uint32_t w = 0, h = 0;
    assert_int_equal(glhle_pica_read_frame(p, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    uint8_t *rgba = malloc((size_t)w * h * 4);
    assert_int_equal(glhle_pica_read_frame(p, rgba, (size_t)w * h * 4, &w, &h), GLHLE_RESULT_OK);
    if (frame < 8) {
        f->image[frame] = glhle_hash64(rgba, (size_t)w * h * 4);
        f->memory[frame] = signature(p);
    }
    f->n++;
    f->w = w;
    f->h = h;
    free(rgba);
}

static glhle_result on_frame(void *user, glhle_pica *p, uint32_t frame)
{
    grab(p, user, frame);
    return GLHLE_RESULT_OK;
}

#define RT 0x18000000u      /* a 240x400 RGBA8 render target, tiled */
#define TOP_FB 0x20000000u  /* the top screen's LCD framebuffer, RGB8 */
#define BOT_FB 0x20100000u  /* the bottom screen's, RGB565 */

static void present_both(glhle_pica *p)
{
    glhle_pica_present_desc d;
    memset(&d, 0, sizeof d);
    d.top_left = (glhle_pica_lcd_framebuffer){TOP_FB, 1, 720};
    d.bottom = (glhle_pica_lcd_framebuffer){BOT_FB, 2, 480};
    assert_int_equal(glhle_pica_present(p, &d), GLHLE_RESULT_OK);
}

/* Three frames the way a homebrew main loop makes them: clear the target
 * with a fill, draw (here: the CPU scribbles on it), transfer it to the LCD
 * framebuffer, present; the bottom screen is filled directly. */
static void display_session(glhle_pica *p, uint8_t *vram, uint8_t *fcram, frames *f)
{
    const glhle_pica_display_transfer xfer = {.input_address = RT >> 3,
                                              .output_address = TOP_FB >> 3,
                                              .output_size = (400u << 16) | 240,
                                              .input_size = (400u << 16) | 240,
                                              .flags = 1u << 12 /* RGBA8 -> RGB8, tiled -> linear */};
    for (uint32_t frame = 0; frame < 3; frame++) {
        const glhle_pica_memory_fill clear = {RT >> 3, (RT + 240 * 400 * 4) >> 3, 0x204060FFu + frame, 2u << 8};
        assert_int_equal(glhle_pica_fill_memory(p, &clear), GLHLE_RESULT_OK);
        for (uint32_t i = 0; i < 5000; i++)
            vram[(i * 97 + frame * 13) % (240 * 400 * 4)] = (uint8_t)(i + frame);
        if (frame == 1)
            assert_int_equal(glhle_pica_invalidate(p, RT, 240 * 400 * 4), GLHLE_RESULT_OK);
        assert_int_equal(glhle_pica_transfer(p, &xfer), GLHLE_RESULT_OK);
        const glhle_pica_memory_fill bottom = {BOT_FB >> 3, (BOT_FB + 320 * 240 * 2) >> 3, 0xF800u >> frame, 0};
        assert_int_equal(glhle_pica_fill_memory(p, &bottom), GLHLE_RESULT_OK);
        fcram[0x100000 + frame * 4000] = 0xFF; /* a silent write into the bottom screen */
        assert_int_equal(glhle_pica_flush(p, TOP_FB, 240 * 400 * 3), GLHLE_RESULT_OK);
        present_both(p);
        grab(p, f, frame);
    }
    /* a failing operation is recorded and fails the same way on replay */
    const glhle_pica_display_transfer bad = {.input_address = 0x40000000u >> 3,
                                             .output_address = TOP_FB >> 3,
                                             .output_size = (400u << 16) | 240,
                                             .input_size = (400u << 16) | 240};
    assert_int_equal(glhle_pica_transfer(p, &bad), GLHLE_RESULT_OUT_OF_BOUNDS);
}

static void frames_round_trip(void **state)
{
    (void)state;
    uint8_t *vram = calloc(1, 1 << 20), *fcram = calloc(1, 2 << 20);
    glhle_pica *p = tp_pica_new(0, 0);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000000, vram, 1 << 20), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_map_memory(p, 0x20000000, fcram, 2 << 20), GLHLE_RESULT_OK);
    glhle_trace_recorder *rec = recorder(NULL, false, 0);
    assert_int_equal(glhle_trace_recorder_attach(rec, p), GLHLE_RESULT_OK);
    frames rf;
    memset(&rf, 0, sizeof rf);
    display_session(p, vram, fcram, &rf);
    assert_int_equal(glhle_trace_recorder_finish(rec), GLHLE_RESULT_OK);
    assert_int_equal(rf.w, 400);
    assert_int_equal(rf.h, 480);
    /* the frames differ from each other: the test can see a wrong one */
    assert_true(rf.image[0] != rf.image[1] && rf.image[1] != rf.image[2]);

    glhle_trace *t = open_recorded(rec);
    glhle_trace_info info;
    glhle_trace_get_info(t, &info);
    assert_int_equal(info.frames, 3);
    assert_int_equal(info.display_operations, 10);
    frames pf;
    memset(&pf, 0, sizeof pf);
    glhle_trace_replay_desc rd = {.pica = {.log = ts_log_fn}, .on_frame = on_frame, .user = &pf};
    glhle_trace_replay_stats st;
    ts_log_clear();
    assert_int_equal(glhle_trace_replay(t, &rd, &st), GLHLE_RESULT_OK);
    assert_int_equal(st.frames, 3);
    assert_int_equal(st.frames_reported, 3);
    assert_int_equal(pf.n, 3);
    for (int i = 0; i < 3; i++) {
        assert_true(pf.image[i] == rf.image[i]);
        assert_true(pf.memory[i] == rf.memory[i]);
    }
    assert_true(ts_log_contains("the call failed (out of bounds); replay goes on"));

    /* frames 1-1 only: the same image, and the replay stops there */
    memset(&pf, 0, sizeof pf);
    rd.first_frame = 1;
    rd.frame_count = 1;
    assert_int_equal(glhle_trace_replay(t, &rd, &st), GLHLE_RESULT_OK);
    assert_int_equal(st.frames, 2);
    assert_int_equal(st.frames_reported, 1);
    assert_true(pf.image[1] == rf.image[1]);
    glhle_trace_close(t);
    glhle_trace_recorder_destroy(rec);
    glhle_pica_destroy(p);
    free(vram);
    free(fcram);
}

static void attach_rules(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0), *q = tp_pica_new(0, 0);
    glhle_trace_recorder *a = recorder(NULL, false, 0), *b = recorder(NULL, false, 0);
    assert_int_equal(glhle_trace_recorder_attach(a, p), GLHLE_RESULT_OK);
    ts_log_clear();
    assert_int_equal(glhle_trace_recorder_attach(b, p), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("already has a recorder"));
    assert_int_equal(glhle_trace_recorder_attach(a, q), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_trace_recorder_attach(NULL, q), GLHLE_RESULT_INVALID_ARGUMENT);
    const uint8_t *d;
    size_t n;
    assert_int_equal(glhle_trace_recorder_bytes(a, &d, &n), GLHLE_RESULT_INVALID_ARGUMENT); /* not finished */
    assert_int_equal(glhle_trace_recorder_finish(a), GLHLE_RESULT_OK);
    assert_null(p->calls.vt);
    assert_int_equal(glhle_trace_recorder_attach(b, p), GLHLE_RESULT_OK); /* free again */
    glhle_trace_recorder_destroy(b);                                     /* finishes and detaches */
    assert_null(p->calls.vt);
    glhle_trace_recorder_destroy(a);
    glhle_trace_recorder_destroy(NULL);
    glhle_pica_destroy(p);
    glhle_pica_destroy(q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),
        cmocka_unit_test(invalidate_only_misses_silent_writes),
        cmocka_unit_test(attach_mid_session),
        cmocka_unit_test(records_changed_pages),
        cmocka_unit_test(file_and_memory_agree),
        cmocka_unit_test(size_limit),
        cmocka_unit_test(attach_rules),
        cmocka_unit_test(frames_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
