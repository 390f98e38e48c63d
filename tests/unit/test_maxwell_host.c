/* backend/maxwell/frontend/host.c: semaphores (4- and 16-byte releases,
 * acquires, reductions), SET_REFERENCE, syncpoints, WFI/NOP and the bad
 * methods. Expected memory contents follow clb06f.h's field layout and the
 * release block (payload, zero, 64-bit timestamp), computed by hand. */
#include "support/test_support.h"

#include <string.h>

#include "backend/maxwell/maxwell_instance.h"
#include "support/maxwell_support.h"

#define SEM_VA 0x00FF001000ull
#define SUB 2 /* host methods work on any subchannel, bound or not */

static uint8_t mem[64];

static glhle_maxwell *setup(void)
{
    glhle_maxwell *gpu = tm_gpu_new();
    memset(mem, 0xEE, sizeof mem);
    assert_int_equal(glhle_maxwell_map(gpu, SEM_VA, mem, sizeof mem, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    return gpu;
}

/* SEMAPHOREA OFFSET_UPPER 7:0, B OFFSET_LOWER 31:2, C PAYLOAD, D operation */
static void semaphore(tm_pb *pb, uint64_t va, uint32_t payload, uint32_t d)
{
    const uint32_t w[4] = {(uint32_t)(va >> 32), (uint32_t)va, payload, d};
    tm_inc(pb, SUB, 0x04, 4, w);
}

static uint32_t rd32(int off)
{
    uint32_t v;
    memcpy(&v, mem + off, 4);
    return v;
}

static void releases(void **state)
{
    (void)state;
    glhle_maxwell *gpu = setup();
    glhle_maxwell_set_timestamp(gpu, 0x1122334455667788ull);
    tm_events ev;
    tm_watch(gpu, &ev, 1u << GLHLE_MAXWELL_EVENT_SEMAPHORE);
    tm_pb pb;
    tm_pb_init(&pb);
    semaphore(&pb, SEM_VA, 0xABCD0001, 2u | (1u << 24));   /* RELEASE, 4 bytes */
    semaphore(&pb, SEM_VA + 16, 0xABCD0002, 2u);           /* RELEASE, 16 bytes */
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(rd32(0), 0xABCD0001);
    assert_int_equal(rd32(4), 0xEEEEEEEE); /* a 4-byte release writes 4 bytes */
    assert_int_equal(rd32(16), 0xABCD0002);
    assert_int_equal(rd32(20), 0);
    assert_int_equal(rd32(24), 0x55667788);
    assert_int_equal(rd32(28), 0x11223344);
    assert_int_equal(rd32(32), 0xEEEEEEEE);
    assert_int_equal(res.semaphores, 2);
    assert_int_equal(ev.n, 2);
    assert_int_equal(ev.e[1].ev.u.semaphore.va, SEM_VA + 16);
    assert_true(ev.e[1].ev.u.semaphore.four_words);
    assert_int_equal(ev.e[1].ev.method, 0x07);
    tm_events_free(&ev);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static uint64_t clock_value;
static uint64_t test_clock(void *user)
{
    (void)user;
    return clock_value;
}

static void clock_hook_sets_the_timestamp(void **state)
{
    (void)state;
    glhle_maxwell *gpu = setup();
    glhle_maxwell_hooks h = {.clock = test_clock};
    glhle_maxwell_set_hooks(gpu, &h);
    glhle_maxwell_set_timestamp(gpu, 5);
    clock_value = 0x0000000900000007ull;
    tm_pb pb;
    tm_pb_init(&pb);
    semaphore(&pb, SEM_VA, 1, 2u);
    assert_int_equal(tm_submit(gpu, &pb, NULL), GLHLE_RESULT_OK);
    assert_int_equal(rd32(8), 7);
    assert_int_equal(rd32(12), 9);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static void acquires(void **state)
{
    (void)state;
    glhle_maxwell *gpu = setup();
    const uint32_t v = 10;
    memcpy(mem, &v, 4);
    tm_pb pb;
    tm_pb_init(&pb);
    semaphore(&pb, SEM_VA, 10, 1);          /* ACQUIRE equal: met */
    semaphore(&pb, SEM_VA, 9, 4);           /* ACQ_GEQ 10 >= 9: met */
    semaphore(&pb, SEM_VA, 2, 8);           /* ACQ_AND 10 & 2: met */
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    tm_pb_free(&pb);
    tm_pb_init(&pb);
    semaphore(&pb, SEM_VA, 11, 1);          /* not equal */
    semaphore(&pb, SEM_VA, 11, 4);          /* 10 < 11 */
    semaphore(&pb, SEM_VA, 5, 8);           /* 10 & 5 == 0 */
    /* ACQ_GEQ compares the signed difference: 10 - 0x80000010 wraps positive */
    semaphore(&pb, SEM_VA, 0x80000010u, 4);
    ts_log_clear();
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 3);
    assert_true(ts_log_contains("memory holds 0x0000000a, payload 0x0000000b"));
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static uint32_t reduce(glhle_maxwell *gpu, uint32_t old, uint32_t payload, uint32_t op, bool is_unsigned)
{
    memcpy(mem, &old, 4);
    tm_pb pb;
    tm_pb_init(&pb);
    semaphore(&pb, SEM_VA, payload, 16u | (op << 27) | ((uint32_t)is_unsigned << 31));
    assert_int_equal(tm_submit(gpu, &pb, NULL), GLHLE_RESULT_OK);
    tm_pb_free(&pb);
    return rd32(0);
}

static void reductions(void **state)
{
    (void)state;
    glhle_maxwell *gpu = setup();
    assert_int_equal(reduce(gpu, 0xFFFFFFFF, 1, 0, false), 0xFFFFFFFF); /* MIN signed: -1 < 1 */
    assert_int_equal(reduce(gpu, 0xFFFFFFFF, 1, 0, true), 1);           /* MIN unsigned */
    assert_int_equal(reduce(gpu, 0xFFFFFFFF, 1, 1, false), 1);          /* MAX signed */
    assert_int_equal(reduce(gpu, 0xF0F0, 0xFF00, 2, true), 0x0FF0);     /* XOR */
    assert_int_equal(reduce(gpu, 0xF0F0, 0xFF00, 3, true), 0xF000);     /* AND */
    assert_int_equal(reduce(gpu, 0xF0F0, 0xFF00, 4, true), 0xFFF0);     /* OR */
    assert_int_equal(reduce(gpu, 0xFFFFFFFF, 3, 5, true), 2);           /* ADD wraps */
    assert_int_equal(reduce(gpu, 4, 5, 6, true), 5);                    /* INC below the limit */
    assert_int_equal(reduce(gpu, 5, 5, 6, true), 0);                    /* INC at the limit wraps to 0 */
    assert_int_equal(reduce(gpu, 3, 5, 7, true), 2);                    /* DEC */
    assert_int_equal(reduce(gpu, 0, 5, 7, true), 5);                    /* DEC at 0 -> payload */
    assert_int_equal(reduce(gpu, 9, 5, 7, true), 5);                    /* DEC above payload -> payload */
    glhle_maxwell_run_result res;
    tm_pb pb;
    tm_pb_init(&pb);
    semaphore(&pb, SEM_VA, 1, 16u | (9u << 27)); /* no reduction 9 */
    semaphore(&pb, SEM_VA, 1, 3u);               /* no operation 3 */
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 2);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static void faults_name_address_and_method(void **state)
{
    (void)state;
    glhle_maxwell *gpu = setup();
    tm_pb pb;
    tm_pb_init(&pb);
    semaphore(&pb, 0x00DEAD0000ull, 1, 2u);
    ts_log_clear();
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(res.faults, 1);
    assert_int_equal(res.last_fault_va, 0x00DEAD0000ull);
    assert_int_equal(res.last_fault_class, GLHLE_MAXWELL_CLASS_HOST);
    assert_int_equal(res.last_fault_method, 0x07);
    assert_true(ts_log_contains("0x00dead0000"));
    assert_true(ts_log_contains("HOST.SEMAPHORED"));
    assert_true(ts_log_contains("words +0x4:"));
    assert_false(res.stopped_on_error);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static void reference_syncpoints_and_no_ops(void **state)
{
    (void)state;
    glhle_maxwell *gpu = setup();
    tm_events ev;
    tm_watch(gpu, &ev, 0);
    tm_pb pb;
    tm_pb_init(&pb);
    tm_set1(&pb, SUB, 0x14, 0x1234);               /* SET_REFERENCE */
    tm_set1(&pb, SUB, 0x1C, 7);                    /* SYNCPOINT_PAYLOAD */
    tm_set1(&pb, SUB, 0x1D, (0x2Au << 8) | 1u);    /* SYNCPOINT incr, index 42 */
    tm_set1(&pb, SUB, 0x1D, (0x2Bu << 8) | 0u);    /* wait: not a call */
    tm_set1(&pb, SUB, 0x02, 0);                    /* NOP */
    tm_set1(&pb, SUB, 0x1E, 1);                    /* WFI scope all */
    tm_set1(&pb, SUB, 0x0D, 5u << 27);             /* MEM_OP_D membar */
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(gpu->fe.host.reference, 0x1234);
    assert_int_equal(ev.syncpoint_calls, 1);
    assert_int_equal(ev.syncpoints[0], 42);
    assert_int_equal(res.syncpoint_increments, 1);
    assert_int_equal(tm_count(&ev, GLHLE_MAXWELL_EVENT_METHOD), 7);
    assert_int_equal(ev.e[0].ev.class_id, GLHLE_MAXWELL_CLASS_HOST);
    tm_pb_free(&pb);
    tm_pb_init(&pb);
    tm_set1(&pb, SUB, 0x01, 0x99); /* ILLEGAL */
    tm_set1(&pb, SUB, 0x30, 1);    /* not a host method */
    ts_log_clear();
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 2);
    assert_true(ts_log_contains("0x030"));
    tm_events_free(&ev);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(releases),
        cmocka_unit_test(clock_hook_sets_the_timestamp),
        cmocka_unit_test(acquires),
        cmocka_unit_test(reductions),
        cmocka_unit_test(faults_name_address_and_method),
        cmocka_unit_test(reference_syncpoints_and_no_ops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
