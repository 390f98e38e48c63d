/* backend/maxwell/frontend/pushbuf.c and the GPFIFO walk in maxwell.c: every
 * header form, subchannel binding, methods spanning entries, and the bad
 * input paths. Headers are built by tests/support/maxwell_support.c from
 * the clb06f.h field layout; expected writes follow the documented
 * semantics (envytools dma-pusher.rst "GF100 commands"). */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "support/maxwell_support.h"

#define METHODS (1u << GLHLE_MAXWELL_EVENT_METHOD)
#define CT_A 0x200u /* SET_COLOR_TARGET_A(0), clb197.h 0x0800 */

static void assert_write(const tm_events *ev, uint32_t i, uint32_t subc, uint32_t method, uint32_t value,
                         uint32_t offset)
{
    assert_true(i < ev->n);
    const glhle_maxwell_event *e = &ev->e[i].ev;
    assert_int_equal(e->type, GLHLE_MAXWELL_EVENT_METHOD);
    assert_int_equal(e->subchannel, subc);
    assert_int_equal(e->method, method);
    assert_int_equal(e->value, value);
    assert_int_equal(e->offset, offset);
}

static void incrementing(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    tm_pb pb;
    tm_pb_init(&pb);
    tm_set1(&pb, 0, 0, GLHLE_MAXWELL_CLASS_3D);
    const uint32_t d[3] = {0x11, 0x22, 0x33};
    tm_inc(&pb, 0, CT_A, 3, d);
    tm_events ev;
    tm_watch(gpu, &ev, METHODS);
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(ev.n, 4);
    assert_write(&ev, 0, 0, 0, GLHLE_MAXWELL_CLASS_3D, 1);
    assert_int_equal(ev.e[0].ev.class_id, GLHLE_MAXWELL_CLASS_HOST);
    assert_write(&ev, 1, 0, CT_A, 0x11, 3);
    assert_write(&ev, 2, 0, CT_A + 1, 0x22, 4);
    assert_write(&ev, 3, 0, CT_A + 2, 0x33, 5);
    assert_int_equal(ev.e[1].ev.class_id, GLHLE_MAXWELL_CLASS_3D);
    assert_int_equal(tm_reg(gpu, CT_A + 2), 0x33);
    assert_int_equal(res.words, 6);
    assert_int_equal(res.methods, 4);
    assert_int_equal(res.problems, 0);
    assert_int_equal(glhle_maxwell_bound_class(gpu, 0), GLHLE_MAXWELL_CLASS_3D);
    tm_events_free(&ev);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static void non_incrementing_immediate_and_increment_once(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    tm_pb pb;
    tm_pb_init(&pb);
    tm_set1(&pb, 3, 0, GLHLE_MAXWELL_CLASS_3D);
    const uint32_t d[3] = {1, 2, 3};
    tm_noninc(&pb, 3, CT_A, 3, d); /* words 2-5 */
    tm_immd(&pb, 3, CT_A + 8, 0x1ABC); /* word 6: IMMD_DATA 28:16 */
    tm_oneinc(&pb, 3, CT_A + 4, 3, d); /* words 7-10 */
    tm_events ev;
    tm_watch(gpu, &ev, METHODS);
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(ev.n, 8);
    assert_write(&ev, 1, 3, CT_A, 1, 3);
    assert_write(&ev, 2, 3, CT_A, 2, 4);
    assert_write(&ev, 3, 3, CT_A, 3, 5);
    assert_write(&ev, 4, 3, CT_A + 8, 0x1ABC, 6);
    assert_write(&ev, 5, 3, CT_A + 4, 1, 8);
    assert_write(&ev, 6, 3, CT_A + 5, 2, 9);
    assert_write(&ev, 7, 3, CT_A + 5, 3, 10);
    assert_int_equal(res.words, 11);
    tm_events_free(&ev);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static void end_of_segment_and_nop(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    tm_pb pb;
    tm_pb_init(&pb);
    tm_set1(&pb, 0, 0, GLHLE_MAXWELL_CLASS_3D);
    tm_word(&pb, 0); /* NVB06F_DMA_NOP */
    tm_set1(&pb, 0, CT_A, 5);
    tm_word(&pb, tm_header(TM_ENDSEG, 0, 0, 0));
    tm_set1(&pb, 0, CT_A, 6); /* not read */
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(tm_reg(gpu, CT_A), 5);
    assert_int_equal(res.words, 6);
    assert_int_equal(res.methods, 2);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static void old_forms_run_and_are_reported(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    tm_pb pb;
    tm_pb_init(&pb);
    tm_set1(&pb, 1, 0, GLHLE_MAXWELL_CLASS_3D);
    /* old incrementing: 000CCCCCCCCCCC00SSSMMMMMMMMMMMXX, method in 12:2 */
    tm_word(&pb, (2u << 18) | (1u << 13) | (CT_A << 2));
    tm_word(&pb, 0xA);
    tm_word(&pb, 0xB);
    /* old non-incrementing: 010CCCCCCCCCCC00SSS... */
    tm_word(&pb, (2u << 29) | (2u << 18) | (1u << 13) | ((CT_A + 4) << 2));
    tm_word(&pb, 0xC);
    tm_word(&pb, 0xD);
    /* SLI: SET_SUB_DEV_MASK (TERT_OP 1) */
    tm_word(&pb, (1u << 16) | 0x30);
    ts_log_clear();
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(tm_reg(gpu, CT_A), 0xA);
    assert_int_equal(tm_reg(gpu, CT_A + 1), 0xB);
    assert_int_equal(tm_reg(gpu, CT_A + 4), 0xD);
    assert_int_equal(tm_reg(gpu, CT_A + 5), 0);
    assert_int_equal(res.problems, 3);
    assert_true(ts_log_contains("old-format incrementing"));
    assert_true(ts_log_contains("SET_SUB_DEV_MASK"));
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static void undefined_forms_are_skipped(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    tm_pb pb;
    tm_pb_init(&pb);
    tm_set1(&pb, 0, 0, GLHLE_MAXWELL_CLASS_3D);
    tm_word(&pb, tm_header(6, 0, CT_A, 1)); /* RESERVED6 */
    tm_word(&pb, (2u << 29) | (1u << 16)); /* GRP2 with TERT_OP 1 */
    tm_set1(&pb, 0, CT_A, 9);
    ts_log_clear();
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 2);
    assert_int_equal(tm_reg(gpu, CT_A), 9);
    assert_true(ts_log_contains("words +0x2:"));
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static void subchannel_binding(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    tm_pb pb;
    tm_pb_init(&pb);
    tm_set1(&pb, 5, CT_A, 1);                    /* unbound: skipped */
    tm_set1(&pb, 5, 0, 0x1234);                  /* unknown class: skipped */
    tm_set1(&pb, 5, 0, GLHLE_MAXWELL_CLASS_DMA | (3u << 16)); /* ENGINE 20:16 is ignored */
    tm_set1(&pb, 5, 0x0C1, 0x77);                /* a DMA method word */
    tm_set1(&pb, 6, 0, 0x1234);
    ts_log_clear();
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 3);
    assert_true(ts_log_contains("no SET_OBJECT has bound"));
    assert_true(ts_log_contains("class 0x1234"));
    assert_int_equal(glhle_maxwell_bound_class(gpu, 5), GLHLE_MAXWELL_CLASS_DMA);
    assert_int_equal(glhle_maxwell_bound_class(gpu, 6), 0);
    uint32_t v = 0;
    assert_int_equal(glhle_maxwell_get_method(gpu, GLHLE_MAXWELL_CLASS_DMA, 0x0C1, &v), GLHLE_RESULT_OK);
    assert_int_equal(v, 0x77);
    assert_int_equal(tm_reg(gpu, CT_A), 0);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

#define PB_VA 0x0412345000ull

static void gpfifo_entries_and_spanning_methods(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    /* two separate mappings: entry 0 in the first, entry 1 in the second */
    uint32_t *a = calloc(64, 4), *b = calloc(64, 4);
    assert_int_equal(glhle_maxwell_map(gpu, PB_VA, a, 256, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, PB_VA + 0x10000, b, 256, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    a[0] = tm_header(TM_INC, 0, 0, 1);
    a[1] = GLHLE_MAXWELL_CLASS_3D;
    a[2] = tm_header(TM_INC, 0, CT_A, 3);
    a[3] = 0x100;
    a[4] = 0x101; /* the third data word is in the next entry */
    b[0] = 0x102;
    b[1] = tm_header(TM_IMMD, 0, CT_A + 3, 7);
    const uint64_t va0 = PB_VA, va1 = PB_VA + 0x10000;
    /* GP_ENTRY0: GET 31:2; GP_ENTRY1: GET_HI 7:0, LEVEL 9, LENGTH 30:10, SYNC 31 */
    const uint64_t entries[3] = {
        (uint64_t)(uint32_t)va0 | ((uint64_t)((va0 >> 32) | (5u << 10)) << 32),
        0, /* control entry, opcode NOP */
        (uint64_t)(uint32_t)va1 | ((uint64_t)((va1 >> 32) | (1u << 9) | (2u << 10) | (1u << 31)) << 32),
    };
    tm_events ev;
    tm_watch(gpu, &ev, METHODS);
    glhle_maxwell_run_result res;
    assert_int_equal(glhle_maxwell_submit_gpfifo(gpu, entries, 3, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.entries, 3);
    assert_int_equal(res.words, 7);
    assert_int_equal(tm_reg(gpu, CT_A + 2), 0x102);
    assert_int_equal(tm_reg(gpu, CT_A + 3), 7);
    assert_int_equal(ev.n, 5);
    assert_int_equal(ev.e[3].ev.entry, 2);
    assert_int_equal(ev.e[3].ev.segment_va, va1);
    assert_int_equal(ev.e[3].ev.offset, 0);
    assert_int_equal(ev.e[2].ev.entry, 0);
    assert_int_equal(ev.e[2].ev.offset, 4);
    tm_events_free(&ev);
    glhle_maxwell_destroy(gpu);
    free(a);
    free(b);
}

static void pushbuffer_across_adjacent_mappings(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    uint32_t *a = calloc(4, 4), *b = calloc(4, 4);
    assert_int_equal(glhle_maxwell_map(gpu, PB_VA, a, 8, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, PB_VA + 8, b, 8, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    a[0] = tm_header(TM_INC, 0, 0, 1);
    a[1] = GLHLE_MAXWELL_CLASS_3D;
    b[0] = tm_header(TM_INC, 0, CT_A, 1);
    b[1] = 0xBEEF;
    const uint64_t e = (uint64_t)(uint32_t)PB_VA | ((uint64_t)((PB_VA >> 32) | (4u << 10)) << 32);
    glhle_maxwell_run_result res;
    assert_int_equal(glhle_maxwell_submit_gpfifo(gpu, &e, 1, &res), GLHLE_RESULT_OK);
    assert_int_equal(tm_reg(gpu, CT_A), 0xBEEF);
    glhle_maxwell_destroy(gpu);
    free(a);
    free(b);
}

static void bad_entries_stop_the_submission(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    uint32_t *a = calloc(4, 4);
    assert_int_equal(glhle_maxwell_map(gpu, PB_VA, a, 16, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    a[0] = tm_header(TM_INC, 0, 0, 1);
    a[1] = GLHLE_MAXWELL_CLASS_3D;
    /* 5 words from a 4-word mapping: not all mapped */
    const uint64_t past = (uint64_t)(uint32_t)PB_VA | ((uint64_t)((PB_VA >> 32) | (5u << 10)) << 32);
    const uint64_t ok = (uint64_t)(uint32_t)PB_VA | ((uint64_t)((PB_VA >> 32) | (2u << 10)) << 32);
    const uint64_t entries[2] = {past, ok};
    ts_log_clear();
    glhle_maxwell_run_result res;
    assert_int_equal(glhle_maxwell_submit_gpfifo(gpu, entries, 2, &res), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(res.stopped_on_error);
    assert_int_equal(res.entries, 1);
    assert_int_equal(res.words, 0);
    assert_true(ts_log_contains("0x0412345000"));
    /* ILLEGAL control entry (OPCODE 1) stops too; the instance stays usable */
    const uint64_t illegal[2] = {(uint64_t)1 << 32, ok};
    assert_int_equal(glhle_maxwell_submit_gpfifo(gpu, illegal, 2, &res), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.words, 0);
    assert_int_equal(glhle_maxwell_submit_gpfifo(gpu, &ok, 1, &res), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_bound_class(gpu, 0), GLHLE_MAXWELL_CLASS_3D);
    glhle_maxwell_destroy(gpu);
    free(a);
}

static void count_past_the_end_is_truncated(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    tm_pb pb;
    tm_pb_init(&pb);
    tm_set1(&pb, 0, 0, GLHLE_MAXWELL_CLASS_3D);
    tm_word(&pb, tm_header(TM_INC, 0, CT_A, 4));
    tm_word(&pb, 1);
    tm_word(&pb, 2);
    ts_log_clear();
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_TRUNCATED);
    assert_int_equal(tm_reg(gpu, CT_A + 1), 2);
    assert_true(ts_log_contains("announced 4 data words but the submission ended after 2"));
    assert_true(ts_log_contains("words +0x2:"));
    /* the next submission starts with a fresh header */
    tm_pb_free(&pb);
    tm_pb_init(&pb);
    tm_set1(&pb, 0, CT_A + 3, 9);
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(tm_reg(gpu, CT_A + 3), 9);
    assert_int_equal(tm_reg(gpu, CT_A + 2), 0);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static void word_cap_stops(void **state)
{
    (void)state;
    const glhle_logger *lg = ts_logger();
    glhle_maxwell_desc d = {.max_words_per_submit = 5, .log = lg->fn, .log_user = lg->user};
    glhle_maxwell *gpu = NULL;
    assert_int_equal(glhle_maxwell_create(NULL, &d, &gpu), GLHLE_RESULT_OK);
    tm_pb pb;
    tm_pb_init(&pb);
    tm_set1(&pb, 0, 0, GLHLE_MAXWELL_CLASS_3D);
    const uint32_t data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    tm_inc(&pb, 0, CT_A, 8, data);
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_int_equal(res.words, 5);
    assert_true(res.stopped_on_error);
    assert_int_equal(tm_reg(gpu, CT_A + 1), 2);
    assert_int_equal(tm_reg(gpu, CT_A + 2), 0);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static glhle_result reentry_result;
static void reenter(void *user, glhle_maxwell *gpu, const glhle_maxwell_event *e)
{
    (void)user;
    (void)e;
    const uint32_t w = 0;
    reentry_result = glhle_maxwell_submit_words(gpu, &w, 1, NULL);
}

static void hooks_cannot_reenter(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    glhle_maxwell_hooks h = {.event = reenter};
    glhle_maxwell_set_hooks(gpu, &h);
    tm_pb pb;
    tm_pb_init(&pb);
    tm_set1(&pb, 0, 0, GLHLE_MAXWELL_CLASS_3D);
    reentry_result = GLHLE_RESULT_OK;
    assert_int_equal(tm_submit(gpu, &pb, NULL), GLHLE_RESULT_OK);
    assert_int_equal(reentry_result, GLHLE_RESULT_INVALID_ARGUMENT);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static void problem_logging_is_capped(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    tm_pb pb;
    tm_pb_init(&pb);
    for (int i = 0; i < 100; i++)
        tm_set1(&pb, 7, CT_A, (uint32_t)i); /* unbound subchannel */
    ts_log_clear();
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 100);
    assert_true(ts_log_count(GLHLE_LOG_WARN) <= 34);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(incrementing),
        cmocka_unit_test(non_incrementing_immediate_and_increment_once),
        cmocka_unit_test(end_of_segment_and_nop),
        cmocka_unit_test(old_forms_run_and_are_reported),
        cmocka_unit_test(undefined_forms_are_skipped),
        cmocka_unit_test(subchannel_binding),
        cmocka_unit_test(gpfifo_entries_and_spanning_methods),
        cmocka_unit_test(pushbuffer_across_adjacent_mappings),
        cmocka_unit_test(bad_entries_stop_the_submission),
        cmocka_unit_test(count_past_the_end_is_truncated),
        cmocka_unit_test(word_cap_stops),
        cmocka_unit_test(hooks_cannot_reenter),
        cmocka_unit_test(problem_logging_is_capped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
