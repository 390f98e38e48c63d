/* backend/maxwell/frontend/methods_3d.c and engines.c: the draw sequence,
 * inline indices, one-word draws, clears, constant-buffer loads and binds,
 * report semaphores, syncpoints, macro-call queueing and engine launches.
 * Expected values follow clb197.h's fields and the method sequences deko3d's
 * draw.mme sends (BEGIN, count, END), computed by hand. */
#include "support/test_support.h"

#include <stdio.h>
#include <string.h>

#include "backend/maxwell/maxwell_instance.h"
#include "support/maxwell_support.h"

static glhle_maxwell *gpu;
static tm_pb pb;
static tm_events ev;
static uint8_t mem[0x1000];
#define MEM_VA 0x0500100000ull

static int setup(void **state)
{
    (void)state;
    gpu = tm_gpu_new();
    memset(mem, 0, sizeof mem);
    assert_int_equal(glhle_maxwell_map(gpu, MEM_VA, mem, sizeof mem, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    tm_pb_init(&pb);
    tm_bind_all(&pb);
    tm_watch(gpu, &ev, ~(1u << GLHLE_MAXWELL_EVENT_METHOD));
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    tm_events_free(&ev);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
    return 0;
}

static void set(uint32_t byte_offset, uint32_t v)
{
    tm_set1(&pb, TM_SUB_3D, byte_offset / 4, v);
}

static glhle_maxwell_run_result run(glhle_result expect)
{
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), expect);
    return res;
}

static void draw_sequences(void **state)
{
    (void)state;
    set(0x0d74, 10);          /* SET_VERTEX_ARRAY_START */
    set(0x1618, 4);           /* BEGIN TRIANGLES, instance FIRST */
    set(0x0d78, 36);          /* DRAW_VERTEX_ARRAY */
    set(0x1614, 0);           /* END */
    set(0x1618, 5u | 1u << 26); /* BEGIN TRIANGLE_STRIP, instance SUBSEQUENT */
    set(0x0d78, 4);
    set(0x1614, 0);
    set(0x17d8, 2);           /* four-byte indices */
    set(0x17dc, 3);           /* first */
    set(0x1618, 1);           /* LINES */
    set(0x17e0, 8);           /* DRAW_INDEX_BUFFER */
    set(0x1614, 0);
    glhle_maxwell_run_result res = run(GLHLE_RESULT_OK);
    assert_int_equal(res.draws, 3);
    uint32_t at = 0;
    const glhle_maxwell_event *d = tm_next(&ev, GLHLE_MAXWELL_EVENT_DRAW, &at);
    assert_non_null(d);
    assert_int_equal(d->u.draw.topology, 4);
    assert_false(d->u.draw.indexed);
    assert_int_equal(d->u.draw.first, 10);
    assert_int_equal(d->u.draw.count, 36);
    assert_int_equal(d->u.draw.instance, 0);
    assert_int_equal(d->method, 0x1614 / 4);
    d = tm_next(&ev, GLHLE_MAXWELL_EVENT_DRAW, &at);
    assert_int_equal(d->u.draw.topology, 5);
    assert_int_equal(d->u.draw.count, 4);
    assert_int_equal(d->u.draw.instance, 1);
    d = tm_next(&ev, GLHLE_MAXWELL_EVENT_DRAW, &at);
    assert_true(d->u.draw.indexed);
    assert_int_equal(d->u.draw.index_size, 4);
    assert_int_equal(d->u.draw.first, 3);
    assert_int_equal(d->u.draw.count, 8);
    assert_int_equal(d->u.draw.instance, 0);
    assert_int_equal(mw_get_state(gpu)->draw.topology, 1);
}

/* Colour and zeta targets in memory whose kind does not suit their layout
 * are reported at the draw and the clear with the word offset and the GPU
 * address (the "mis-kinded surfaces"); the draw still reaches the
 * hook. Register offsets from clb197.h. */
static void mis_kinded_targets(void **state)
{
    (void)state;
    static uint8_t bl[0x1000];
    const uint64_t bl_va = MEM_VA + 0x100000;
    assert_int_equal(glhle_maxwell_map(gpu, bl_va, bl, sizeof bl, GLHLE_MAXWELL_KIND_GENERIC_16BX2), GLHLE_RESULT_OK);
    /* target 0 block-linear (MEMORY LAYOUT 12 = 0) in pitch memory, target
     * 1 pitch in block-linear memory, target 2 right; SET_CT_SELECT 3
     * targets mapped 0, 1, 2 */
    const uint64_t at[3] = {MEM_VA, bl_va, bl_va + 0x800};
    const uint32_t mem_word[3] = {0, 1u << 12, 0};
    for (uint32_t t = 0; t < 3; t++) {
        set(0x0800 + t * 64, (uint32_t)(at[t] >> 32));  /* SET_COLOR_TARGET_A */
        set(0x0804 + t * 64, (uint32_t)at[t]);          /* _B */
        set(0x0810 + t * 64, 0xD5);                     /* FORMAT A8B8G8R8 */
        set(0x0814 + t * 64, mem_word[t]);              /* MEMORY */
    }
    set(0x121c, 3u | 0u << 4 | 1u << 7 | 2u << 10);
    set(0x0fe0, (uint32_t)(MEM_VA >> 32)); /* SET_ZT_A/B: zeta in pitch memory */
    set(0x0fe4, (uint32_t)MEM_VA + 0x800);
    set(0x1538, 1);                       /* SET_ZT_SELECT */
    set(0x1618, 4);                       /* BEGIN */
    set(0x0d78, 3);                       /* DRAW_VERTEX_ARRAY */
    const uint32_t end_at = pb.n + 1;     /* the END's data word */
    set(0x1614, 0);                       /* END */
    ts_log_clear();
    glhle_maxwell_run_result res = run(GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.draws, 1);
    assert_int_equal(res.problems, 3);
    char want[160];
    snprintf(want, sizeof want, "+0x%x: colour target 0 at GPU 0x%010llx is block-linear but its memory is of a pitch "
             "kind", end_at, (unsigned long long)MEM_VA);
    assert_true(ts_log_contains(want));
    snprintf(want, sizeof want, "colour target 1 at GPU 0x%010llx is pitch but its memory is of a block-linear kind",
             (unsigned long long)bl_va);
    assert_true(ts_log_contains(want));
    snprintf(want, sizeof want, "zeta target 0 at GPU 0x%010llx is block-linear", (unsigned long long)MEM_VA + 0x800);
    assert_true(ts_log_contains(want));
    uint32_t i = 0;
    assert_non_null(tm_next(&ev, GLHLE_MAXWELL_EVENT_DRAW, &i));
    /* put right: no problem at the clear */
    tm_pb_free(&pb);
    tm_pb_init(&pb);
    set(0x0814, 0);
    set(0x0800, (uint32_t)(bl_va >> 32));
    set(0x0804, (uint32_t)bl_va + 0x400);
    set(0x0814 + 64, 0);
    set(0x0fe4, (uint32_t)bl_va + 0xC00);
    set(0x19d0, 0x3F);                    /* CLEAR_SURFACE */
    res = run(GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    assert_int_equal(res.clears, 1);
    /* the same registers once the block-linear memory is mapped again as
     * pitch: the check (kept while nothing it reads changes) sees the new
     * kind: the three colour targets and zeta are block-linear in it now */
    tm_pb_free(&pb);
    tm_pb_init(&pb);
    set(0x19d0, 0x3F);
    res = run(GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    assert_int_equal(glhle_maxwell_unmap(gpu, bl_va, sizeof bl), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, bl_va, bl, sizeof bl, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    ts_log_clear();
    res = run(GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 4);
    snprintf(want, sizeof want, "colour target 0 at GPU 0x%010llx is block-linear but its memory is of a pitch kind",
             (unsigned long long)bl_va + 0x400);
    assert_true(ts_log_contains(want));
    /* and a register change with the memory as it is: target 1 pitch again (right in pitch memory) */
    assert_int_equal(glhle_maxwell_unmap(gpu, bl_va, sizeof bl), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, bl_va, bl, sizeof bl, GLHLE_MAXWELL_KIND_GENERIC_16BX2), GLHLE_RESULT_OK);
    res = run(GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    tm_pb_free(&pb);
    tm_pb_init(&pb);
    set(0x0814 + 64, 1u << 12);
    set(0x19d0, 0x3F);
    res = run(GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 1); /* colour target 1: pitch in block-linear memory */
    /* a target whose format is DISABLED is not checked */
    tm_pb_free(&pb);
    tm_pb_init(&pb);
    set(0x0814 + 64, 0);
    set(0x0804, (uint32_t)MEM_VA);
    set(0x0810, 0);
    set(0x19d0, 0x3F);
    res = run(GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    /* the check is skipped while no target register (RT, ZETA groups)
     * stored a new value: a zeta register alone must end the skip */
    tm_pb_free(&pb);
    tm_pb_init(&pb);
    set(0x19d0, 0x3F);
    res = run(GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    tm_pb_free(&pb);
    tm_pb_init(&pb);
    set(0x0fe4, (uint32_t)MEM_VA + 0x800); /* SET_ZT_B: zeta back in pitch memory */
    set(0x19d0, 0x3F);
    ts_log_clear();
    res = run(GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 1);
    snprintf(want, sizeof want, "zeta target 0 at GPU 0x%010llx is block-linear", (unsigned long long)MEM_VA + 0x800);
    assert_true(ts_log_contains(want));
}

/* A DMA copy onto a mis-kinded block-linear destination, through the
 * pushbuffer: refused, reported with the LAUNCH_DMA word's offset, the
 * address in the log, nothing written. */
static void mis_kinded_dma_through_the_pushbuffer(void **state)
{
    (void)state;
    for (int i = 0; i < 0x200; i++)
        mem[i] = (uint8_t)i;
    tm_set1(&pb, TM_SUB_DMA, 0x400 / 4, (uint32_t)(MEM_VA >> 32)); /* OFFSET_IN */
    tm_set1(&pb, TM_SUB_DMA, 0x404 / 4, (uint32_t)MEM_VA);
    tm_set1(&pb, TM_SUB_DMA, 0x408 / 4, (uint32_t)(MEM_VA >> 32)); /* OFFSET_OUT */
    tm_set1(&pb, TM_SUB_DMA, 0x40C / 4, (uint32_t)MEM_VA + 0x800);
    tm_set1(&pb, TM_SUB_DMA, 0x410 / 4, 64);                        /* PITCH_IN */
    tm_set1(&pb, TM_SUB_DMA, 0x418 / 4, 64);                        /* LINE_LENGTH_IN */
    tm_set1(&pb, TM_SUB_DMA, 0x41C / 4, 8);                         /* LINE_COUNT */
    tm_set1(&pb, TM_SUB_DMA, 0x70C / 4, 1u << 12);                  /* SET_DST_BLOCK_SIZE: one GOB */
    tm_set1(&pb, TM_SUB_DMA, 0x710 / 4, 64);                        /* WIDTH, HEIGHT, DEPTH */
    tm_set1(&pb, TM_SUB_DMA, 0x714 / 4, 8);
    tm_set1(&pb, TM_SUB_DMA, 0x718 / 4, 1);
    const uint32_t launch_at = pb.n + 1;
    tm_set1(&pb, TM_SUB_DMA, 0x300 / 4, 2u | 1u << 7 | 1u << 9);   /* NON_PIPELINED, src pitch, dst BL, multi-line */
    uint8_t before[sizeof mem];
    memcpy(before, mem, sizeof mem);
    ts_log_clear();
    glhle_maxwell_run_result res = run(GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 1);
    char want[96];
    snprintf(want, sizeof want, "+0x%x: DMA LAUNCH_DMA failed", launch_at);
    assert_true(ts_log_contains(want));
    snprintf(want, sizeof want, "DMA destination at 0x%010llx-", (unsigned long long)MEM_VA + 0x800);
    assert_true(ts_log_contains(want));
    assert_memory_equal(mem, before, sizeof mem);
}

/* DRAW_AUTO between BEGIN and END: (bytes - SET_DRAW_AUTO_START) /
 * SET_DRAW_AUTO_STRIDE vertices from 0 (NVK's vkCmdDrawIndirectByteCountEXT
 * sequence); worked by hand. */
static void draw_auto(void **state)
{
    (void)state;
    set(0x13a4, 16);       /* SET_DRAW_AUTO_START: counter offset */
    set(0x1318, 12);       /* SET_DRAW_AUTO_STRIDE */
    set(0x1618, 4);        /* BEGIN TRIANGLES */
    set(0x123c, 105);      /* DRAW_AUTO: (105 - 16) / 12 = 7 */
    set(0x1614, 0);        /* END */
    set(0x1618, 1);        /* BEGIN LINES */
    set(0x123c, 10);       /* fewer bytes than the offset: 0 vertices */
    set(0x1614, 0);
    glhle_maxwell_run_result res = run(GLHLE_RESULT_OK);
    assert_int_equal(res.draws, 2);
    uint32_t at = 0;
    const glhle_maxwell_event *d = tm_next(&ev, GLHLE_MAXWELL_EVENT_DRAW, &at);
    assert_non_null(d);
    assert_int_equal(d->u.draw.topology, 4);
    assert_false(d->u.draw.indexed);
    assert_int_equal(d->u.draw.first, 0);
    assert_int_equal(d->u.draw.count, 7);
    d = tm_next(&ev, GLHLE_MAXWELL_EVENT_DRAW, &at);
    assert_int_equal(d->u.draw.count, 0);
    /* a zero stride, and DRAW_AUTO outside BEGIN/END, draw nothing */
    tm_pb_free(&pb);
    tm_pb_init(&pb);
    set(0x1318, 0);
    set(0x1618, 4);
    set(0x123c, 105);
    set(0x1614, 0);
    set(0x123c, 105);
    ts_log_clear();
    res = run(GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.draws, 0);
    assert_int_equal(res.problems, 2);
    assert_true(ts_log_contains("SET_DRAW_AUTO_STRIDE 0"));
    assert_true(ts_log_contains("DRAW_AUTO 0x00000069 outside a BEGIN/END"));
}

static const uint32_t *inline_seen;
static uint32_t inline_copy[8];
static void grab_inline(void *user, glhle_maxwell *g, const glhle_maxwell_event *e)
{
    (void)user;
    (void)g;
    if (e->type == GLHLE_MAXWELL_EVENT_DRAW && e->u.draw.inline_indices) {
        inline_seen = e->u.draw.inline_indices;
        memcpy(inline_copy, inline_seen, sizeof inline_copy);
    }
}

static void inline_indices_and_one_word_draws(void **state)
{
    (void)state;
    glhle_maxwell_hooks h = {.event = grab_inline, .event_mask = 1u << GLHLE_MAXWELL_EVENT_DRAW};
    glhle_maxwell_set_hooks(gpu, &h);
    set(0x1618, 4);
    set(0x15e8, 70000);            /* DRAW_INLINE_INDEX: 32 bits */
    set(0x15f0, 0x00050004);       /* 2X16: even 4, odd 5 */
    set(0x1304, 0x09080706);       /* 4X8: 6 7 8 9 */
    set(0x1614, 0);
    glhle_maxwell_run_result res = run(GLHLE_RESULT_OK);
    assert_int_equal(res.draws, 1);
    assert_non_null(inline_seen);
    const uint32_t want[7] = {70000, 4, 5, 6, 7, 8, 9};
    assert_memory_equal(inline_copy, want, sizeof want);
    tm_pb_free(&pb);
    tm_pb_init(&pb);
    tm_watch(gpu, &ev, 1u << GLHLE_MAXWELL_EVENT_DRAW);
    /* START_INDEX 15:0, COUNT 27:16, TOPOLOGY 31:28 */
    set(0x1214, 7u << 28 | 12u << 16 | 2);        /* arrays, QUADS, first instance */
    set(0x1218, 7u << 28 | 12u << 16 | 2);        /* next instance */
    set(0x17e8, 6u << 28 | 3u << 16 | 1);         /* 16-bit indices, FAN */
    res = run(GLHLE_RESULT_OK);
    assert_int_equal(res.draws, 3);
    assert_int_equal(ev.e[0].ev.u.draw.topology, 7);
    assert_int_equal(ev.e[0].ev.u.draw.first, 2);
    assert_int_equal(ev.e[0].ev.u.draw.count, 12);
    assert_int_equal(ev.e[0].ev.u.draw.instance, 0);
    assert_int_equal(ev.e[1].ev.u.draw.instance, 1);
    assert_true(ev.e[2].ev.u.draw.indexed);
    assert_int_equal(ev.e[2].ev.u.draw.index_size, 2);
    assert_int_equal(ev.e[2].ev.u.draw.topology, 6);
}

static void bad_draw_sequences(void **state)
{
    (void)state;
    set(0x1614, 0);      /* END without BEGIN */
    set(0x15e8, 1);      /* inline index outside a sequence */
    set(0x1618, 4);
    set(0x1618, 4);      /* BEGIN twice */
    set(0x1614, 0);      /* no count: nothing drawn */
    set(0x17d8, 3);      /* index size 3 */
    set(0x1618, 4);
    set(0x17e0, 3);
    set(0x1614, 0);
    set(0x123c, 1);      /* DRAW_AUTO outside a sequence */
    ts_log_clear();
    glhle_maxwell_run_result res = run(GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.draws, 0);
    /* END without BEGIN, inline index outside, BEGIN twice, index size 3,
     * DRAW_AUTO outside one; the empty sequence is a debug note, not a problem */
    assert_int_equal(res.problems, 5);
    assert_true(ts_log_contains("END without a BEGIN"));
    assert_true(ts_log_contains("nothing drawn"));
    assert_true(ts_log_contains("DRAW_AUTO"));
}

static void constant_buffers(void **state)
{
    (void)state;
    const uint32_t sel[3] = {0x100, (uint32_t)(MEM_VA >> 32), (uint32_t)MEM_VA + 0x200};
    tm_inc(&pb, TM_SUB_3D, 0x2380 / 4, 3, sel);   /* selector: 256 bytes at MEM_VA + 0x200 */
    set(0x238c, 0x10);                            /* LOAD_CONSTANT_BUFFER_OFFSET */
    const uint32_t data[3] = {0x11111111, 0x22222222, 0x33333333};
    tm_noninc(&pb, TM_SUB_3D, 0x2390 / 4, 3, data);
    set(0x2410 + 4 * 32, 1u | 3u << 4);           /* fragment stage, slot 3, valid */
    set(0x2410 + 0 * 32, 1u | 17u << 4);
    set(0x2410 + 0 * 32, 0u | 17u << 4);          /* unbind */
    set(0x238c, 0xFC);
    tm_noninc(&pb, TM_SUB_3D, 0x2390 / 4, 2, data); /* the second word passes the size */
    set(0x2410 + 1 * 32, 1u | 18u << 4);          /* no slot 18 */
    ts_log_clear();
    glhle_maxwell_run_result res = run(GLHLE_RESULT_OUT_OF_BOUNDS);
    uint32_t v;
    memcpy(&v, mem + 0x210, 4);
    assert_int_equal(v, 0x11111111);
    memcpy(&v, mem + 0x218, 4);
    assert_int_equal(v, 0x33333333);
    memcpy(&v, mem + 0x2FC, 4);
    assert_int_equal(v, 0x11111111);
    memcpy(&v, mem + 0x300, 4);
    assert_int_equal(v, 0);
    const mw_state *s = mw_get_state(gpu);
    assert_int_equal(s->cbuf.load_offset, 0x104);
    assert_true(s->cbuf.bind[4][3].valid);
    assert_int_equal(s->cbuf.bind[4][3].address, MEM_VA + 0x200);
    assert_int_equal(s->cbuf.bind[4][3].size, 0x100);
    assert_false(s->cbuf.bind[0][17].valid);
    assert_int_equal(res.problems, 2);
    assert_true(ts_log_contains("passes the selected buffer's 256 bytes"));
}

static void clears_reports_and_syncpoints(void **state)
{
    (void)state;
    glhle_maxwell_set_timestamp(gpu, 0xAABBCCDD00112233ull);
    set(0x19d0, 0x3Cu | 2u << 6);               /* CLEAR_SURFACE RGBA of target 2 */
    const uint32_t rep[4] = {(uint32_t)(MEM_VA >> 32), (uint32_t)MEM_VA + 0x40, 0x5555, 0u};
    tm_inc(&pb, TM_SUB_3D, 0x1b00 / 4, 4, rep);  /* RELEASE, four words */
    set(0x1b04, (uint32_t)MEM_VA + 0x60);
    set(0x1b0c, 0u | 1u << 28);                  /* RELEASE, one word */
    set(0x1b04, (uint32_t)MEM_VA + 0x80);
    set(0x1b0c, 2u | 2u << 23);                  /* REPORT_ONLY ZPASS_PIXEL_CNT, four words */
    set(0x02c8, 0x00000005u | 1u << 20);         /* INCREMENT_SYNC_POINT 5 */
    set(0x02c8, 0x00000006u);                    /* the header's CONDITION bit clear still increments */
    glhle_maxwell_run_result res = run(GLHLE_RESULT_OK);
    assert_int_equal(res.clears, 1);
    uint32_t at = 0;
    const glhle_maxwell_event *c = tm_next(&ev, GLHLE_MAXWELL_EVENT_CLEAR, &at);
    assert_non_null(c);
    assert_int_equal(c->u.clear.value, 0x3Cu | 2u << 6);
    uint32_t w[4];
    memcpy(w, mem + 0x40, 16);
    assert_int_equal(w[0], 0x5555);
    assert_int_equal(w[1], 0);
    assert_int_equal(w[2], 0x00112233);
    assert_int_equal(w[3], 0xAABBCCDD);
    memcpy(w, mem + 0x60, 8);
    assert_int_equal(w[0], 0x5555);
    assert_int_equal(w[1], 0);
    memcpy(w, mem + 0x80, 16);
    assert_int_equal(w[0], 0x5555);     /* ZPASS_PIXEL_CNT: the payload (Mesa's "u32 sequence") */
    assert_int_equal(w[1], 0);          /* the count: 0 without a renderer */
    assert_int_equal(w[2], 0x00112233); /* timestamp */
    assert_int_equal(res.semaphores, 3);
    assert_int_equal(ev.syncpoint_calls, 2);
    assert_int_equal(ev.syncpoints[0], 5);
    assert_int_equal(ev.syncpoints[1], 6);
}

static void macro_calls_queue_parameters(void **state)
{
    (void)state;
    /* deko3d's CallMacro form: one increase-once header, the first word to
     * CALL_MME_MACRO(j), the rest to CALL_MME_DATA(j) */
    const uint32_t params[4] = {0x4, 36, 1, 0};
    tm_oneinc(&pb, TM_SUB_3D, 0xE00 + 2 * 3, 4, params);
    /* two headers: the call goes on until a method that is not a call
     * word arrives (mme.h), so DATA(5) in the second header is its second
     * parameter; after NO_OPERATION a DATA word has no call */
    tm_set1(&pb, TM_SUB_3D, 0xE00 + 2 * 5, 0xA);
    tm_set1(&pb, TM_SUB_3D, 0xE01 + 2 * 5, 0xB);
    tm_set1(&pb, TM_SUB_3D, 0x0100 / 4, 0);        /* NO_OPERATION */
    tm_set1(&pb, TM_SUB_3D, 0xE01 + 2 * 5, 0xC);  /* DATA with no call */
    /* incrementing through MACRO(7), DATA(7), MACRO(8): two calls */
    const uint32_t p2[3] = {1, 2, 3};
    tm_inc(&pb, TM_SUB_3D, 0xE00 + 2 * 7, 3, p2);
    ts_log_clear();
    glhle_maxwell_run_result res;
    const glhle_result r = tm_submit(gpu, &pb, &res);
    /* the macro RAM is empty (each word decodes as a fetch into r0): every
     * call stops in the interpreter, the first with TRUNCATED (mme.h) */
    assert_int_equal(r, GLHLE_RESULT_TRUNCATED);
    assert_int_equal(res.macro_calls, 4);
    assert_int_equal(tm_count(&ev, GLHLE_MAXWELL_EVENT_MACRO_CALL), 4);
    const tm_event *m = &ev.e[0];
    uint32_t at = 0;
    for (uint32_t i = 0; i < ev.n; i++)
        if (ev.e[i].ev.type == GLHLE_MAXWELL_EVENT_MACRO_CALL) {
            m = &ev.e[i];
            at = i;
            break;
        }
    assert_int_equal(m->ev.u.macro.index, 3);
    assert_int_equal(m->ev.u.macro.count, 4);
    assert_memory_equal(m->params, params, sizeof params);
    assert_int_equal(m->ev.offset, 11); /* tm_bind_all: words 0-9; the header: 10; CALL_MME_MACRO: 11 */
    (void)at;
    uint32_t from = 0;
    tm_next(&ev, GLHLE_MAXWELL_EVENT_MACRO_CALL, &from);
    const glhle_maxwell_event *e2 = tm_next(&ev, GLHLE_MAXWELL_EVENT_MACRO_CALL, &from);
    assert_int_equal(e2->u.macro.index, 5);
    assert_int_equal(e2->u.macro.count, 2);
    const glhle_maxwell_event *e3 = tm_next(&ev, GLHLE_MAXWELL_EVENT_MACRO_CALL, &from);
    assert_int_equal(e3->u.macro.index, 7);
    assert_int_equal(e3->u.macro.count, 2);
    const glhle_maxwell_event *e4 = tm_next(&ev, GLHLE_MAXWELL_EVENT_MACRO_CALL, &from);
    assert_int_equal(e4->u.macro.index, 8);
    assert_int_equal(e4->u.macro.count, 1);
    assert_true(ts_log_contains("CALL_MME_DATA(5) = 0x0000000c"));
}

static void macro_parameters_are_bounded(void **state)
{
    (void)state;
    /* MW_MME_CALL_WORDS parameters are kept; two more are dropped and the
     * run reports LIMIT_EXCEEDED (mme.h) */
    tm_pb p;
    tm_pb_init(&p);
    tm_set1(&p, 0, 0, GLHLE_MAXWELL_CLASS_3D);
    const uint32_t n = MW_MME_CALL_WORDS + 2;
    tm_word(&p, tm_header(TM_ONEINC, 0, 0xE00, 0)); /* count 0: a header per 8191 words below */
    p.n--;
    uint32_t left = n;
    bool first = true;
    while (left) {
        const uint32_t c = left < 0x1FFF ? left : 0x1FFF;
        tm_word(&p, tm_header(first ? TM_ONEINC : TM_NONINC, 0, first ? 0xE00 : 0xE01, c));
        for (uint32_t i = 0; i < c; i++)
            tm_word(&p, i);
        left -= c;
        first = false;
    }
    glhle_maxwell *g = tm_gpu_new();
    tm_events e;
    tm_watch(g, &e, 1u << GLHLE_MAXWELL_EVENT_MACRO_CALL);
    glhle_maxwell_run_result res;
    const glhle_result r = glhle_maxwell_submit_words(g, p.w, p.n, &res);
    assert_int_not_equal(r, GLHLE_RESULT_OK);
    assert_int_equal(res.macro_calls, 1);
    assert_int_equal(e.n, 1);
    assert_int_equal(e.e[0].ev.u.macro.count, MW_MME_CALL_WORDS);
    assert_true(ts_log_contains("limit exceeded") || ts_log_contains("dropped"));
    tm_events_free(&e);
    tm_pb_free(&p);
    glhle_maxwell_destroy(g);
}

static void engine_launches(void **state)
{
    (void)state;
    /* inline-to-memory (A140): 6 bytes x 2 lines = 3 words, pitch layout
     * (LAUNCH_DMA bit 0), PITCH_OUT 6: the lines land back to back */
    const uint32_t i2m[5] = {6, 2, (uint32_t)(MEM_VA >> 32), (uint32_t)MEM_VA + 0x40, 6};
    tm_inc(&pb, TM_SUB_I2M, 0x060, 5, i2m);
    tm_set1(&pb, TM_SUB_I2M, 0x06C, 1u << 0);   /* LAUNCH_DMA */
    const uint32_t data[3] = {0x44332211, 0x88776655, 0xCCBBAA99};
    tm_noninc(&pb, TM_SUB_I2M, 0x06D, 3, data);
    tm_set1(&pb, TM_SUB_I2M, 0x06D, 4);         /* one too many */
    /* the 3D class's built-in copy: 4 bytes x 1 line */
    const uint32_t b3d[5] = {4, 1, (uint32_t)(MEM_VA >> 32), (uint32_t)MEM_VA + 0x80, 4};
    tm_inc(&pb, TM_SUB_3D, 0x060, 5, b3d);
    tm_set1(&pb, TM_SUB_3D, 0x06C, 1);
    tm_set1(&pb, TM_SUB_3D, 0x06D, 0xDEADBEEF);
    /* DMA: a 1D copy of 8 bytes (LINE_LENGTH_IN), OFFSET_IN -> OFFSET_OUT;
     * LAUNCH_DMA 0x182: NON_PIPELINED, both pitch, single line */
    const uint32_t dma[8] = {(uint32_t)(MEM_VA >> 32), (uint32_t)MEM_VA + 0x40, (uint32_t)(MEM_VA >> 32),
                             (uint32_t)MEM_VA + 0x100, 0, 0, 8, 1};
    tm_inc(&pb, TM_SUB_DMA, 0x100, 8, dma);
    tm_set1(&pb, TM_SUB_DMA, 0x0C0, 0x182);
    /* 2D: the blit starts at PIXELS_FROM_MEMORY_SRC_Y0_INT */
    const uint32_t dst[2] = {0x08, 0x2000};
    tm_inc(&pb, TM_SUB_2D, 0x088, 2, dst);
    tm_set1(&pb, TM_SUB_2D, 0x237, 0);
    /* compute: SEND_PCAS_A = QMD >> 8, then SEND_SIGNALING_PCAS_B with SCHEDULE */
    tm_set1(&pb, TM_SUB_COMPUTE, 0x0AD, (uint32_t)((MEM_VA + 0x200) >> 8));
    tm_set1(&pb, TM_SUB_COMPUTE, 0x0AF, 1);      /* INVALIDATE only: no launch */
    tm_set1(&pb, TM_SUB_COMPUTE, 0x0AF, 3);
    glhle_maxwell_run_result res = run(GLHLE_RESULT_BAD_DATA); /* the fourth inline word comes first */
    assert_int_equal(res.launches, 5);
    uint32_t at = 0;
    const glhle_maxwell_event *l = tm_next(&ev, GLHLE_MAXWELL_EVENT_LAUNCH, &at);
    assert_int_equal(l->class_id, GLHLE_MAXWELL_CLASS_I2M);
    assert_int_equal(l->u.launch.address, MEM_VA + 0x40);
    assert_int_equal(l->method, 0x06D);
    assert_int_equal(ev.e[at - 1].regs[0x060], 6);
    l = tm_next(&ev, GLHLE_MAXWELL_EVENT_LAUNCH, &at);
    assert_int_equal(l->class_id, GLHLE_MAXWELL_CLASS_3D);
    assert_int_equal(l->u.launch.address, MEM_VA + 0x80);
    l = tm_next(&ev, GLHLE_MAXWELL_EVENT_LAUNCH, &at);
    assert_int_equal(l->class_id, GLHLE_MAXWELL_CLASS_DMA);
    assert_int_equal(l->u.launch.address, MEM_VA + 0x100);
    assert_int_equal(ev.e[at - 1].regs[0x0C0], 0x182);
    l = tm_next(&ev, GLHLE_MAXWELL_EVENT_LAUNCH, &at);
    assert_int_equal(l->class_id, GLHLE_MAXWELL_CLASS_2D);
    assert_int_equal(l->u.launch.address, 0x0800002000ull);
    l = tm_next(&ev, GLHLE_MAXWELL_EVENT_LAUNCH, &at);
    assert_int_equal(l->class_id, GLHLE_MAXWELL_CLASS_COMPUTE);
    assert_int_equal(l->u.launch.address, MEM_VA + 0x200);
    /* the engines ran: the inline bytes, the 3D copy, the DMA copy of the
     * first 8 inline bytes; the empty 2D setup (format 0) and the all-zero
     * QMD (a zero grid) are refused */
    const uint8_t want[12] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC};
    assert_memory_equal(mem + 0x40, want, 12);
    const uint8_t beef[4] = {0xEF, 0xBE, 0xAD, 0xDE};
    assert_memory_equal(mem + 0x80, beef, 4);
    assert_memory_equal(mem + 0x100, want, 8);
    assert_int_equal(res.problems, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(draw_sequences, setup, teardown),
        cmocka_unit_test_setup_teardown(mis_kinded_targets, setup, teardown),
        cmocka_unit_test_setup_teardown(draw_auto, setup, teardown),
        cmocka_unit_test_setup_teardown(mis_kinded_dma_through_the_pushbuffer, setup, teardown),
        cmocka_unit_test_setup_teardown(inline_indices_and_one_word_draws, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_draw_sequences, setup, teardown),
        cmocka_unit_test_setup_teardown(constant_buffers, setup, teardown),
        cmocka_unit_test_setup_teardown(clears_reports_and_syncpoints, setup, teardown),
        cmocka_unit_test_setup_teardown(macro_calls_queue_parameters, setup, teardown),
        cmocka_unit_test_setup_teardown(macro_parameters_are_bounded, setup, teardown),
        cmocka_unit_test_setup_teardown(engine_launches, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
