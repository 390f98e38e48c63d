/* backend/pica/frontend/cmdlist.c: command parsing, masks, padding, buffer sizes,
 * jumps, FINALIZE and the bad-input paths. Expected writes come from the
 * command layout in 3dbrew GPU/Internal_Registers, including the page's own
 * example "0xAAAAAAAA 0x802F011C 0xBBBBBBBB 0xCCCCCCCC". */
#include "support/test_support.h"

#include <string.h>

#include "backend/pica/pica_instance.h"
#include "support/pica_support.h"

#define WRITES (1u << GLHLE_PICA_EVENT_WRITE)

static void assert_write(const glhle_pica_event *e, uint32_t id, uint32_t value, uint32_t offset)
{
    assert_int_equal(e->type, GLHLE_PICA_EVENT_WRITE);
    assert_int_equal(e->reg, id);
    assert_int_equal(e->value, value);
    assert_int_equal(e->offset, offset);
    assert_true(e->host_list);
}

static void seed_example_consecutive(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_events r;
    tp_events_watch(p, &r, WRITES);
    /* 3dbrew: equivalent to 0xF011C <- A, 0xF011D <- B, 0xF011E <- C */
    const uint32_t list[4] = {0xAAAAAAAA, 0x802F011C, 0xBBBBBBBB, 0xCCCCCCCC};
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 4, &res), GLHLE_RESULT_OK);
    assert_int_equal(r.n, 3);
    assert_write(&r.ev[0], 0x11C, 0xAAAAAAAA, 0);
    assert_write(&r.ev[1], 0x11D, 0xBBBBBBBB, 8);
    assert_write(&r.ev[2], 0x11E, 0xCCCCCCCC, 12);
    assert_int_equal(r.ev[0].mask, 0xF);
    assert_int_equal(tp_reg(p, 0x11C), 0xAAAAAAAA);
    assert_int_equal(tp_reg(p, 0x11D), 0xBBBBBBBB);
    assert_int_equal(tp_reg(p, 0x11E), 0xCCCCCCCC);
    assert_int_equal(res.writes, 3);
    assert_int_equal(res.words, 4);
    assert_int_equal(res.stop_offset, 16);
    assert_false(res.finalized);
    assert_int_equal(res.problems, 0);
    glhle_pica_destroy(p);
}

static void seed_example_repeated(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_events r;
    tp_events_watch(p, &r, WRITES);
    /* consecutive mode clear: three writes to 0x11C */
    const uint32_t list[4] = {0xAAAAAAAA, 0x002F011C, 0xBBBBBBBB, 0xCCCCCCCC};
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 4, NULL), GLHLE_RESULT_OK);
    assert_int_equal(r.n, 3);
    assert_write(&r.ev[0], 0x11C, 0xAAAAAAAA, 0);
    assert_write(&r.ev[1], 0x11C, 0xBBBBBBBB, 8);
    assert_write(&r.ev[2], 0x11C, 0xCCCCCCCC, 12);
    assert_int_equal(tp_reg(p, 0x11C), 0xCCCCCCCC);
    assert_int_equal(tp_reg(p, 0x11D), 0);
    glhle_pica_destroy(p);
}

static void masked_writes(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    uint32_t v = 0x11223344;
    tp_cmd(&b, 0x107, 0xF, false, &v, 1);
    v = 0xAABBCCDD;
    tp_cmd(&b, 0x107, 0x1, false, &v, 1); /* 0x00010107: only the low byte */
    tp_cmd_align16(&b);
    assert_int_equal(glhle_pica_run_cmdlist(p, b.w, b.n, NULL), GLHLE_RESULT_OK);
    assert_int_equal(tp_reg(p, 0x107), 0x112233DD);

    static const struct {
        uint32_t mask, expect;
    } cases[] = {
        {0x2, 0x1122CCDD}, /* 0x00020107: the second byte */
        {0x0, 0x1122CCDD}, /* nothing */
        {0xC, 0x00FFCCDD}, /* the upper half */
        {0x5, 0x00EECCCC}, /* bytes 0 and 2: 0xCC and 0xEE; byte 1 keeps 0xCC */
        {0xF, 0x12345678},
    };
    static const uint32_t params[] = {0xAABBCCDD, 0xFFFFFFFF, 0x00FF0000, 0xEEEE00CC, 0x12345678};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tp_cmdbuf c;
        tp_cmd_init(&c);
        tp_cmd(&c, 0x107, cases[i].mask, false, &params[i], 1);
        tp_cmd_align16(&c);
        assert_int_equal(glhle_pica_run_cmdlist(p, c.w, c.n, NULL), GLHLE_RESULT_OK);
        if (tp_reg(p, 0x107) != cases[i].expect)
            fail_msg("mask 0x%x: got 0x%08x want 0x%08x", cases[i].mask, tp_reg(p, 0x107), cases[i].expect);
        tp_cmd_free(&c);
    }
    /* the mask applies to every parameter of a command */
    const uint32_t list[4] = {0x000000AA, 0x80110120, 0x0000BBBB, 0};
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 4, NULL), GLHLE_RESULT_OK);
    assert_int_equal(tp_reg(p, 0x120), 0xAA);
    assert_int_equal(tp_reg(p, 0x121), 0xBB);
    tp_cmd_free(&b);
    glhle_pica_destroy(p);
}

static void padding_word_is_skipped(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_events r;
    tp_events_watch(p, &r, WRITES);
    const uint32_t list[12] = {
        0x00000001, 0x801F0120, 0x00000002, 0xDEADBEEF, /* 1 extra parameter, then padding */
        0x00000003, 0x802F0123, 0x00000004, 0x00000005, /* 2 extra parameters, no padding */
        0x00000006, 0x000F0126, 0x00000000, 0x00000000, /* plain write; a no-op write to reg 0 (mask 0) */
    };
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 12, NULL), GLHLE_RESULT_OK);
    assert_int_equal(r.n, 7);
    assert_write(&r.ev[0], 0x120, 1, 0x00);
    assert_write(&r.ev[1], 0x121, 2, 0x08);
    assert_write(&r.ev[2], 0x123, 3, 0x10);
    assert_write(&r.ev[3], 0x124, 4, 0x18);
    assert_write(&r.ev[4], 0x125, 5, 0x1C);
    assert_write(&r.ev[5], 0x126, 6, 0x20);
    assert_write(&r.ev[6], 0x000, 0, 0x28);
    assert_int_equal(r.ev[6].mask, 0);
    glhle_pica_destroy(p);
}

static void header_count_is_bits_20_to_27(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    /* bits 28-30 set: 3dbrew's later page calls them unused, so this is a
     * single write with no extra parameters */
    const uint32_t list[4] = {0x55, 0x700F0120, 0x66, 0x000F0121};
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 4, &res), GLHLE_RESULT_OK);
    assert_int_equal(tp_reg(p, 0x120), 0x55);
    assert_int_equal(tp_reg(p, 0x121), 0x66);
    assert_int_equal(res.writes, 2);
    glhle_pica_destroy(p);
}

static void truncated_command_stops(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    const uint32_t list[8] = {
        0x11, 0x000F0120, 0x22, 0x000F0121,
        0x33, 0x805F0122, 0x44, 0x55, /* announces 5 extra parameters, 2 remain */
    };
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 8, &res), GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("host list +0x10"));
    assert_true(ts_log_contains("announces 5 extra parameters but the buffer ends after 2"));
    assert_true(res.stopped_on_error);
    assert_int_equal(res.stop_offset, 0x10);
    assert_int_equal(res.problems, 1);
    assert_int_equal(tp_reg(p, 0x121), 0x22);
    assert_int_equal(tp_reg(p, 0x122), 0); /* not executed at all */
    /* the instance stays usable */
    const uint32_t ok[4] = {0x77, 0x000F0122, 0, 0};
    assert_int_equal(glhle_pica_run_cmdlist(p, ok, 4, &res), GLHLE_RESULT_OK);
    assert_int_equal(tp_reg(p, 0x122), 0x77);
    assert_int_equal(res.problems, 0);
    glhle_pica_destroy(p);
}

static void unaligned_tail_is_not_executed(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    /* 24 bytes: the FINALIZE sits in the last 8 bytes of a buffer whose
     * size is not a multiple of 16 -- 3dbrew's pitfall */
    const uint32_t list[6] = {0x11, 0x000F0120, 0x22, 0x000F0121, 0x12345678, 0x000F0010};
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 6, &res), GLHLE_RESULT_TRUNCATED);
    assert_false(res.finalized);
    assert_false(res.stopped_on_error);
    assert_int_equal(tp_reg(p, 0x121), 0x22);
    assert_int_equal(tp_reg(p, 0x010), 0);
    assert_true(ts_log_contains("host list +0x10: the last 8 bytes of this 24-byte buffer are not executed"));
    assert_int_equal(res.words, 4);
    glhle_pica_destroy(p);
}

static void registers_past_0x2ff_are_skipped(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    const uint32_t list[12] = {
        0x11, 0x000F0300, 0x22, 0x000F0121,                 /* id 0x300: skipped, next write runs */
        0x33, 0x802F02FE, 0x44, 0x55,                       /* 0x2FE, 0x2FF, then 0x300 skipped */
        0x66, 0x000FFFFF, 0x77, 0x000F0122,
    };
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 12, &res), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 3);
    assert_false(res.stopped_on_error);
    assert_true(ts_log_contains("host list +0x0: write to register 0x300"));
    assert_true(ts_log_contains("host list +0x1c: write to register 0x300"));
    assert_true(ts_log_contains("host list +0x20: write to register 0xffff"));
    assert_int_equal(tp_reg(p, 0x121), 0x22);
    assert_int_equal(tp_reg(p, 0x2FE), 0x33);
    assert_int_equal(tp_reg(p, 0x2FF), 0x44);
    assert_int_equal(tp_reg(p, 0x122), 0x77);
    assert_int_equal(res.writes, 4);
    uint32_t v;
    assert_int_equal(glhle_pica_get_reg(p, 0x300, &v), GLHLE_RESULT_INVALID_ARGUMENT);
    glhle_pica_destroy(p);
}

static void finalize_ends_the_run(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_events r;
    tp_events_watch(p, &r, 1u << GLHLE_PICA_EVENT_FINALIZE);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_cmd1(&b, 0x120, 1);
    /* a consecutive command whose second parameter reaches 0x010: the
     * third parameter is not executed */
    const uint32_t params[3] = {0xAA, 0x12345678, 0xBB};
    tp_cmd(&b, 0x00F, 0xF, true, params, 3);
    tp_cmd1(&b, 0x121, 2);
    tp_cmd_align16(&b);
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_cmdlist(p, b.w, b.n, &res), GLHLE_RESULT_OK);
    assert_true(res.finalized);
    assert_int_equal(tp_reg(p, 0x00F), 0xAA);
    assert_int_equal(tp_reg(p, 0x010), 0x12345678);
    assert_int_equal(tp_reg(p, 0x011), 0);
    assert_int_equal(tp_reg(p, 0x121), 0);
    assert_int_equal(res.stop_offset, 8 + 16); /* just past the FINALIZE command */
    assert_int_equal(r.n, 1);
    assert_int_equal(r.ev[0].type, GLHLE_PICA_EVENT_FINALIZE);
    assert_int_equal(r.ev[0].offset, 8 + 8);
    tp_cmd_free(&b);
    glhle_pica_destroy(p);
}

static uint8_t guest[0x400];

static void put_words(uint32_t at, const uint32_t *w, size_t n)
{
    memcpy(guest + at, w, n * 4); /* little-endian host */
}

static void jumps_between_buffers(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    memset(guest, 0, sizeof guest);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000000, guest, sizeof guest), GLHLE_RESULT_OK);
    tp_cmdbuf b1, b2, host;
    tp_cmd_init(&b1);
    tp_cmd_init(&b2);
    tp_cmd_init(&host);
    /* guest buffer 2 at +0x200: a write and FINALIZE, 16 bytes */
    tp_cmd1(&b2, 0x123, 0xB2);
    tp_cmd_finalize(&b2);
    assert_int_equal(b2.n, 4);
    put_words(0x200, b2.w, b2.n);
    /* guest buffer 1 at +0x100: a write, then jump on channel 1 to buffer 2 */
    tp_cmd1(&b1, 0x121, 0xB1);
    tp_cmd1(&b1, 0x239, (uint32_t)(b2.n * 4) >> 3); /* CMDBUF_SIZE1 */
    tp_cmd1(&b1, 0x23B, 0x18000200u >> 3);          /* CMDBUF_ADDR1 */
    tp_cmd1(&b1, 0x23D, 1);                         /* CMDBUF_JUMP1 */
    tp_cmd1(&b1, 0x122, 0xBAD);                     /* never runs */
    tp_cmd_align16(&b1);
    put_words(0x100, b1.w, b1.n);
    /* the host list jumps on channel 0 to buffer 1 */
    tp_cmd1(&host, 0x120, 0x40);
    tp_cmd1(&host, 0x238, (uint32_t)(b1.n * 4) >> 3);
    tp_cmd1(&host, 0x23A, 0x18000100u >> 3);
    const uint32_t kick[2] = {1, 0x000F023C};
    tp_cmd_raw(&host, kick, 2);
    tp_cmd1(&host, 0x124, 0xBAD);
    tp_cmd_align16(&host);

    tp_events r;
    tp_events_watch(p, &r, 1u << GLHLE_PICA_EVENT_JUMP);
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_cmdlist(p, host.w, host.n, &res), GLHLE_RESULT_OK);
    assert_true(res.finalized);
    assert_int_equal(res.jumps, 2);
    assert_int_equal(tp_reg(p, 0x120), 0x40);
    assert_int_equal(tp_reg(p, 0x121), 0xB1);
    assert_int_equal(tp_reg(p, 0x123), 0xB2);
    assert_int_equal(tp_reg(p, 0x122), 0);
    assert_int_equal(tp_reg(p, 0x124), 0);
    assert_false(res.stop_in_host_list);
    assert_int_equal(res.stop_paddr, 0x18000200);
    assert_int_equal(res.stop_offset, 16);
    assert_int_equal(r.n, 2);
    assert_int_equal(r.ev[0].u.jump.channel, 0);
    assert_int_equal(r.ev[0].u.jump.paddr, 0x18000100);
    assert_int_equal(r.ev[0].u.jump.size, b1.n * 4);
    assert_true(r.ev[0].host_list);
    assert_int_equal(r.ev[0].offset, 24);
    assert_int_equal(r.ev[1].u.jump.channel, 1);
    assert_int_equal(r.ev[1].u.jump.paddr, 0x18000200);
    assert_int_equal(r.ev[1].u.jump.size, 16);
    assert_false(r.ev[1].host_list);
    assert_int_equal(r.ev[1].buffer_paddr, 0x18000100);
    assert_int_equal(r.ev[1].offset, 24);

    /* the same list run straight from guest memory */
    glhle_pica_set_hooks(p, NULL);
    assert_int_equal(glhle_pica_run_guest(p, 0x18000100, (uint32_t)(b1.n * 4), &res), GLHLE_RESULT_OK);
    assert_true(res.finalized);
    assert_int_equal(res.jumps, 1);
    tp_cmd_free(&b1);
    tp_cmd_free(&b2);
    tp_cmd_free(&host);
    glhle_pica_destroy(p);
}

static void jump_outside_memory_stops(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000000, guest, sizeof guest), GLHLE_RESULT_OK);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_cmd1(&b, 0x238, 0x100 >> 3);
    tp_cmd1(&b, 0x23A, 0x18000380u >> 3); /* 0x80 bytes left in the mapping, 0x100 asked */
    tp_cmd1(&b, 0x23C, 1);
    tp_cmd1(&b, 0x120, 0xBAD);
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_cmdlist(p, b.w, b.n, &res), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(res.stopped_on_error);
    assert_int_equal(res.stop_offset, 16);
    assert_true(ts_log_contains("host list +0x10: CMDBUF_JUMP0 to guest 0x18000380, 256 bytes"));
    assert_int_equal(tp_reg(p, 0x120), 0);
    tp_cmd_free(&b);
    glhle_pica_destroy(p);
}

/* A buffer that jumps to itself comes back to its jump with the same CMDBUF
 * registers: found at the second jump, with the jump's offset, long before
 * any word cap (it once ran 64 Mi words and wrote 1 GiB of dump). */
static void jump_loop_is_found_at_the_jump(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(1000000, 0);
    memset(guest, 0, sizeof guest);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000000, guest, sizeof guest), GLHLE_RESULT_OK);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_cmd1(&b, 0x120, 7);
    tp_cmd1(&b, 0x238, 0x20 >> 3);
    tp_cmd1(&b, 0x23A, 0x18000000u >> 3);
    tp_cmd1(&b, 0x23C, 1); /* words 6-7: the jump's parameter at byte 0x18 */
    put_words(0, b.w, b.n);
    ts_log_clear();
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_guest(p, 0x18000000, 0x20, &res), GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_true(res.stopped_on_error);
    assert_int_equal(res.jumps, 1);
    assert_int_equal(res.words, 16); /* two passes of 8 */
    assert_int_equal(res.stop_offset, 0x18);
    assert_true(ts_log_contains("guest 0x18000000+0x18: CMDBUF_JUMP0 to guest 0x18000000, 32 bytes, comes back to a "
                                "jump it already took"));
    /* the instance goes on: a clean list runs */
    tp_cmdbuf ok;
    tp_cmd_init(&ok);
    tp_cmd1(&ok, 0x120, 9);
    tp_cmd1(&ok, 0x121, 9);
    assert_int_equal(glhle_pica_run_cmdlist(p, ok.w, ok.n, &res), GLHLE_RESULT_OK);
    assert_int_equal(tp_reg(p, 0x120), 9);
    tp_cmd_free(&ok);
    tp_cmd_free(&b);
    glhle_pica_destroy(p);
}

/* The same subroutine called twice with different return addresses (the
 * caller sets CMDBUF_ADDR1, the subroutine ends with CMDBUF_JUMP1) is no
 * loop: the run reaches its FINALIZE. */
static void subroutine_called_twice_is_no_loop(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(1000000, 0);
    memset(guest, 0, sizeof guest);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000000, guest, sizeof guest), GLHLE_RESULT_OK);
    /* 0x000: main part 1, 0x100: main part 2, 0x200: main part 3, 0x300: subroutine */
    tp_cmdbuf m1, m2, m3, sub;
    const uint32_t parts[3] = {0x18000000, 0x18000100, 0x18000200};
    tp_cmdbuf *main_parts[3] = {&m1, &m2, &m3};
    for (int i = 0; i < 2; i++) {
        tp_cmdbuf *m = main_parts[i];
        tp_cmd_init(m);
        tp_cmd1(m, 0x239, 0x100 >> 3);
        tp_cmd1(m, 0x23B, parts[i + 1] >> 3); /* return to the next part */
        tp_cmd1(m, 0x238, 0x20 >> 3);
        tp_cmd1(m, 0x23A, 0x18000300u >> 3);
        tp_cmd1(m, 0x23C, 1);
        tp_cmd_align16(m);
        put_words(parts[i] - 0x18000000u, m->w, m->n);
    }
    tp_cmd_init(&m3);
    tp_cmd1(&m3, 0x120, 5);
    tp_cmd_finalize(&m3);
    put_words(0x200, m3.w, m3.n);
    tp_cmd_init(&sub);
    tp_cmd1(&sub, 0x121, 1);
    tp_cmd1(&sub, 0x23D, 1); /* return */
    tp_cmd_align16(&sub);
    put_words(0x300, sub.w, sub.n);
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_guest(p, 0x18000000, 0x100, &res), GLHLE_RESULT_OK);
    assert_true(res.finalized);
    assert_int_equal(res.jumps, 4);
    assert_int_equal(tp_reg(p, 0x120), 5);
    tp_cmd_free(&m1);
    tp_cmd_free(&m2);
    tp_cmd_free(&m3);
    tp_cmd_free(&sub);
    glhle_pica_destroy(p);
}

/* Without a loop, the word cap still bounds a run: 600 writes, 1000 words. */
static void long_list_hits_the_word_cap(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(1000, 0);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    for (int i = 0; i < 600; i++)
        tp_cmd1(&b, 0x120, (uint32_t)i);
    glhle_pica_run_result res;
    ts_log_clear();
    assert_int_equal(glhle_pica_run_cmdlist(p, b.w, b.n, &res), GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_true(res.stopped_on_error);
    assert_int_equal(res.words, 1000);
    assert_int_equal(tp_reg(p, 0x120), 499);
    assert_true(ts_log_contains("host list +0xfa0: the cap of 1000 command words per run is reached"));
    tp_cmd_free(&b);
    glhle_pica_destroy(p);
}

static void guest_runs_check_their_arguments(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    memset(guest, 0, sizeof guest);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000000, guest, sizeof guest), GLHLE_RESULT_OK);
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_guest(p, 0x18000004, 16, &res), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_pica_run_guest(p, 0x1F000000, 16, &res), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("guest 0x1f000000+0x0: command list of 16 bytes is not inside one memory mapping"));
    assert_true(res.stopped_on_error);
    /* the low 3 bits of the size are cleared: 0x17 -> 0x10 runs the first
     * 16 bytes only, and the rest is no tail */
    const uint32_t w[6] = {0x11, 0x000F0120, 0x22, 0x000F0121, 0x33, 0x000F0122};
    put_words(0x40, w, 6);
    assert_int_equal(glhle_pica_run_guest(p, 0x18000040, 0x17, &res), GLHLE_RESULT_OK);
    assert_int_equal(tp_reg(p, 0x121), 0x22);
    assert_int_equal(tp_reg(p, 0x122), 0);
    assert_int_equal(res.stop_offset, 16);
    assert_int_equal(glhle_pica_run_cmdlist(NULL, w, 6, &res), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_pica_run_cmdlist(p, NULL, 2, &res), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_pica_run_cmdlist(p, NULL, 0, &res), GLHLE_RESULT_OK);
    glhle_pica_destroy(p);
}

static glhle_result nested_result;

static void run_from_hook(void *user, glhle_pica *pica, const glhle_pica_event *ev)
{
    (void)user;
    (void)ev;
    const uint32_t w[4] = {1, 0x000F0120, 2, 0x000F0121};
    nested_result = glhle_pica_run_cmdlist(pica, w, 4, NULL);
}

static void hooks_cannot_reenter(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    glhle_pica_hooks h = {run_from_hook, NULL, 1u << GLHLE_PICA_EVENT_DRAW};
    glhle_pica_set_hooks(p, &h);
    const uint32_t w[4] = {1, 0x000F022E, 0, 0};
    nested_result = GLHLE_RESULT_OK;
    assert_int_equal(glhle_pica_run_cmdlist(p, w, 4, NULL), GLHLE_RESULT_OK);
    assert_int_equal(nested_result, GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("run from inside a hook"));
    assert_int_equal(tp_reg(p, 0x120), 0);
    glhle_pica_destroy(p);
}

static void problem_logging_is_capped(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 2);
    uint32_t w[10];
    for (int i = 0; i < 5; i++) {
        w[2 * i] = (uint32_t)i;
        w[2 * i + 1] = 0x000F0400; /* register 0x400 */
    }
    /* 5 commands = 40 bytes; pad to 48 with a no-op */
    uint32_t list[12];
    memcpy(list, w, sizeof w);
    list[10] = 0;
    list[11] = 0;
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 12, &res), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 5);
    assert_int_equal(ts_log_count(GLHLE_LOG_WARN), 3);
    assert_true(ts_log_contains("2 problems logged in this run; further ones are only counted"));
    glhle_pica_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_example_consecutive),
        cmocka_unit_test(seed_example_repeated),
        cmocka_unit_test(masked_writes),
        cmocka_unit_test(padding_word_is_skipped),
        cmocka_unit_test(header_count_is_bits_20_to_27),
        cmocka_unit_test(truncated_command_stops),
        cmocka_unit_test(unaligned_tail_is_not_executed),
        cmocka_unit_test(registers_past_0x2ff_are_skipped),
        cmocka_unit_test(finalize_ends_the_run),
        cmocka_unit_test(jumps_between_buffers),
        cmocka_unit_test(jump_outside_memory_stops),
        cmocka_unit_test(jump_loop_is_found_at_the_jump),
        cmocka_unit_test(subroutine_called_twice_is_no_loop),
        cmocka_unit_test(long_list_hits_the_word_cap),
        cmocka_unit_test(guest_runs_check_their_arguments),
        cmocka_unit_test(hooks_cannot_reenter),
        cmocka_unit_test(problem_logging_is_capped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
