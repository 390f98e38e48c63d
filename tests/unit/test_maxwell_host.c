/* backend/maxwell/frontend/host.c: semaphores (4- and 16-byte releases,
 * acquires, reductions), SET_REFERENCE, syncpoints, WFI/NOP and the bad
 * methods. Expected memory contents follow clb06f.h's field layout and the
 * release block (payload, zero, 64-bit timestamp), computed by hand.
 *
 * Then submit.c's waiting acquires (the pusher stops after the acquire,
 * the rest is held back, a later submission or a kick resumes it once
 * memory satisfies it, a bounded wait is given up) and the 3D report
 * semaphore of methods_3d.c: REPORT_ONLY counters, reductions, ACQUIRE and
 * TRAP. Their expected memory is worked by hand from clb197.h
 * SET_REPORT_SEMAPHORE_D (OPERATION 1:0, REDUCTION_ENABLE 3, REDUCTION_OP
 * 11:9, COMPARISON 16, REDUCTION_FORMAT 18:17, REPORT_DWORD_NUMBER 21,
 * REPORT 27:23, STRUCTURE_SIZE 28, SUB_REPORT 7:5) and Mesa nvc0's query
 * layouts ("u32 sequence, u32 count, u64 time" for ZPASS_PIXEL_CNT, "u64
 * count, u64 time" for the 64-bit counters, payload/0/time for a
 * REPORT_NONE timestamp). */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/maxwell_instance.h"
#include "support/maxwell_support.h"
#include "support/mme_asm.h"

#define SEM_VA 0x00FF001000ull
#define SUB 2 /* host methods work on any subchannel, bound or not */
#define PB_VA 0x0412345000ull

static uint8_t mem[256];

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
    /* unmet acquires make the pusher wait: test_maxwell_semaphore_wait.c */
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

/* ---- waiting acquires (submit.c) and the 3D report semaphore (methods_3d.c) ---- */

static void wr32(int off, uint32_t v)
{
    memcpy(mem + off, &v, 4);
}

static glhle_maxwell_run_result submit(glhle_maxwell *gpu, tm_pb *pb, glhle_result expect)
{
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, pb, &res), expect);
    tm_pb_free(pb);
    tm_pb_init(pb);
    return res;
}

static glhle_maxwell_run_result kick(glhle_maxwell *gpu, glhle_result expect)
{
    glhle_maxwell_run_result res;
    assert_int_equal(glhle_maxwell_submit_words(gpu, NULL, 0, &res), expect);
    return res;
}

#define REL4 (2u | 1u << 24) /* SEMAPHORED RELEASE, 4 bytes */

static void acquire_waits_until_memory_satisfies_it(void **state)
{
    (void)state;
    glhle_maxwell *gpu = setup();
    wr32(0, 10);
    tm_pb pb;
    tm_pb_init(&pb);
    semaphore(&pb, SEM_VA, 11, 1);          /* ACQUIRE 11: memory holds 10 */
    semaphore(&pb, SEM_VA + 16, 0x1, REL4); /* held back */
    glhle_maxwell_run_result res = submit(gpu, &pb, GLHLE_RESULT_OK);
    assert_true(res.waiting);
    assert_int_equal(res.wait_va, SEM_VA);
    assert_int_equal(res.problems, 0); /* a wait is not a problem */
    assert_int_equal(res.words, 5);    /* header and four words: the pusher stopped after SEMAPHORED */
    assert_int_equal(rd32(16), 0xEEEEEEEE);
    /* a later submission while unmet: held back behind the first */
    semaphore(&pb, SEM_VA + 16, 0x2, REL4);
    semaphore(&pb, SEM_VA + 20, 0x3, REL4);
    res = submit(gpu, &pb, GLHLE_RESULT_OK);
    assert_true(res.waiting);
    assert_int_equal(res.words, 0);
    assert_int_equal(rd32(16), 0xEEEEEEEE);
    res = kick(gpu, GLHLE_RESULT_OK);
    assert_true(res.waiting);
    /* the core writes the semaphore; the kick resumes, in order */
    wr32(0, 11);
    res = kick(gpu, GLHLE_RESULT_OK);
    assert_false(res.waiting);
    assert_int_equal(res.semaphores, 3);
    assert_int_equal(rd32(16), 0x2); /* 0x1 first, then 0x2 */
    assert_int_equal(rd32(20), 0x3);
    /* nothing is held any more */
    res = kick(gpu, GLHLE_RESULT_OK);
    assert_int_equal(res.words, 0);
    assert_int_equal(gpu->fe.pending_count, 0);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

/* ACQ_GEQ compares the signed difference, ACQ_AND needs a common bit. */
static void geq_and_and_wait_by_their_rules(void **state)
{
    (void)state;
    glhle_maxwell *gpu = setup();
    tm_pb pb;
    tm_pb_init(&pb);
    wr32(0, 0xFFFFFFFFu);
    semaphore(&pb, SEM_VA, 11, 4); /* 0xFFFFFFFF - 11 = 0xFFFFFFF4: negative, unmet (unsigned it would pass) */
    semaphore(&pb, SEM_VA + 16, 0x44, REL4);
    glhle_maxwell_run_result res = submit(gpu, &pb, GLHLE_RESULT_OK);
    assert_true(res.waiting);
    wr32(0, 11);                   /* 11 - 11 = 0 >= 0 */
    res = kick(gpu, GLHLE_RESULT_OK);
    assert_false(res.waiting);
    assert_int_equal(rd32(16), 0x44);
    wr32(0, 10);
    semaphore(&pb, SEM_VA, 5, 8);  /* 10 & 5 = 0: unmet */
    semaphore(&pb, SEM_VA + 16, 0x55, REL4);
    res = submit(gpu, &pb, GLHLE_RESULT_OK);
    assert_true(res.waiting);
    wr32(0, 2);                    /* 2 & 5 = 0: still unmet */
    assert_true(kick(gpu, GLHLE_RESULT_OK).waiting);
    wr32(0, 4);                    /* 4 & 5 = 4 */
    assert_false(kick(gpu, GLHLE_RESULT_OK).waiting);
    assert_int_equal(rd32(16), 0x55);
    /* met at once: no wait */
    wr32(0, 10);
    semaphore(&pb, SEM_VA, 10, 1);
    semaphore(&pb, SEM_VA, 9, 4);
    semaphore(&pb, SEM_VA, 2, 8);
    semaphore(&pb, SEM_VA, 0x80000010u, 4); /* 10 - 0x80000010 = 0x7FFFFFFA: positive, met */
    res = submit(gpu, &pb, GLHLE_RESULT_OK);
    assert_false(res.waiting);
    assert_int_equal(res.problems, 0);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static void a_wait_that_never_ends_is_given_up(void **state)
{
    (void)state;
    glhle_maxwell *gpu = setup();
    gpu->fe.wait_submits_cap = 3; /* glhle_maxwell_desc.acquire_wait_submits */
    wr32(0, 0);
    tm_pb pb;
    tm_pb_init(&pb);
    semaphore(&pb, SEM_VA, 1, 1);
    semaphore(&pb, SEM_VA + 16, 0x66, REL4);
    assert_true(submit(gpu, &pb, GLHLE_RESULT_OK).waiting);
    assert_true(kick(gpu, GLHLE_RESULT_OK).waiting);
    assert_true(kick(gpu, GLHLE_RESULT_OK).waiting);
    ts_log_clear();
    glhle_maxwell_run_result res = kick(gpu, GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_false(res.waiting);
    assert_true(ts_log_contains("after 3 submissions; the wait is given up"));
    assert_int_equal(rd32(16), 0x66); /* the stream went on past the acquire */
    /* the instance goes on normally */
    semaphore(&pb, SEM_VA + 20, 0x77, REL4);
    res = submit(gpu, &pb, GLHLE_RESULT_OK);
    assert_int_equal(rd32(20), 0x77);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static uint64_t entry(uint64_t va, uint32_t len)
{
    /* GP_ENTRY0 GET 31:2; GP_ENTRY1 GET_HI 7:0, LENGTH 30:10 */
    return (uint64_t)(uint32_t)va | ((uint64_t)((uint32_t)(va >> 32) | (len << 10)) << 32);
}

/* A wait inside a GPFIFO entry: the rest of the entry and the entries
 * after it run from guest memory once met; a method's remaining words (a
 * header whose data continue past the acquire) keep going to their
 * methods. */
static void gpfifo_entries_resume_mid_entry(void **state)
{
    (void)state;
    glhle_maxwell *gpu = setup();
    uint32_t *a = calloc(64, 4);
    assert_int_equal(glhle_maxwell_map(gpu, PB_VA, a, 256, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    wr32(0, 0);
    uint32_t n = 0;
    a[n++] = tm_header(TM_INC, SUB, 0x04, 3); /* SEMAPHOREA-C: SEM_VA, payload 7 */
    a[n++] = (uint32_t)(SEM_VA >> 32);
    a[n++] = (uint32_t)SEM_VA;
    a[n++] = 7;
    /* NON_INC to SEMAPHORED, two words: ACQUIRE 7, then REDUCTION ADD
     * (REDUCTION 30:27 = 5) of 7 -- the second word comes after the wait */
    a[n++] = tm_header(TM_NONINC, SUB, 0x07, 2);
    a[n++] = 1;
    const uint32_t stop = n;
    a[n++] = 16u | 5u << 27;
    a[n++] = tm_header(TM_INC, SUB, 0x04, 4);
    a[n++] = (uint32_t)(SEM_VA >> 32);
    a[n++] = (uint32_t)SEM_VA + 32;
    a[n++] = 0x88;
    a[n++] = REL4;
    const uint32_t len0 = n;
    a[n++] = tm_header(TM_IMMD, SUB, 0x06, 0x99); /* SEMAPHOREC = 0x99 */
    a[n++] = tm_header(TM_IMMD, SUB, 0x07, REL4);  /* release 0x99 at SEM_VA + 32 */
    const uint64_t entries[2] = {entry(PB_VA, len0), entry(PB_VA + 4ull * len0, n - len0)};
    glhle_maxwell_run_result res;
    assert_int_equal(glhle_maxwell_submit_gpfifo(gpu, entries, 2, &res), GLHLE_RESULT_OK);
    assert_true(res.waiting);
    assert_int_equal(res.entries, 1);
    assert_int_equal(res.words, stop);
    assert_int_equal(rd32(32), 0xEEEEEEEE);
    wr32(0, 7);
    assert_int_equal(glhle_maxwell_submit_gpfifo(gpu, NULL, 0, &res), GLHLE_RESULT_OK);
    assert_false(res.waiting);
    assert_int_equal(res.words, n - stop);
    assert_int_equal(res.entries, 1); /* the second; the first was counted when it began */
    assert_int_equal(res.semaphores, 3);
    assert_int_equal(rd32(0), 14);    /* 7 + 7: the NON_INC header's second word reached SEMAPHORED */
    assert_int_equal(rd32(32), 0x99); /* 0x88, then 0x99 from the second entry */
    assert_int_equal(res.problems, 0);
    glhle_maxwell_destroy(gpu);
    free(a);
}

/* ---- the 3D report semaphore ---- */

#define MEM_VA SEM_VA

static void report(tm_pb *pb, uint64_t va, uint32_t payload, uint32_t d)
{
    const uint32_t w[4] = {(uint32_t)(va >> 32), (uint32_t)va, payload, d};
    tm_inc(pb, TM_SUB_3D, 0x1b00 / 4, 4, w); /* SET_REPORT_SEMAPHORE_A-D */
}

static uint32_t counter_calls, last_report, last_sub;
static uint64_t counter(void *user, uint32_t rep, uint32_t sub)
{
    (void)user;
    counter_calls++;
    last_report = rep;
    last_sub = sub;
    /* a value per counter, so the test sees which one was asked */
    return 0x0000000100000000ull * (rep + 1) + 0x1000u * rep + sub;
}

#define RO 2u                        /* OPERATION REPORT_ONLY */
#define ONE (1u << 28)               /* STRUCTURE_SIZE ONE_WORD */
#define REP(r) ((uint32_t)(r) << 23) /* REPORT */

static void report_only_counters_and_timestamps(void **state)
{
    (void)state;
    glhle_maxwell *gpu = setup();
    glhle_maxwell_set_timestamp(gpu, 0x0123456789ABCDEFull);
    tm_pb pb;
    tm_pb_init(&pb);
    tm_bind_all(&pb);
    /* no renderer: every counter reads 0 */
    report(&pb, MEM_VA + 0x00, 0x5555, RO | REP(0x02));     /* ZPASS_PIXEL_CNT: payload, count, time */
    report(&pb, MEM_VA + 0x10, 0x6666, RO | REP(0x00));     /* REPORT_NONE: payload, 0, time (a timestamp) */
    report(&pb, MEM_VA + 0x20, 0x7777, RO | REP(0x12));     /* VTG_PRIMITIVES_OUT: u64 count, time */
    glhle_maxwell_run_result res = submit(gpu, &pb, GLHLE_RESULT_OK);
    assert_int_equal(res.semaphores, 3);
    const uint32_t no_renderer[12] = {0x5555, 0, 0x89ABCDEF, 0x01234567, 0x6666, 0, 0x89ABCDEF, 0x01234567,
                                      0,      0, 0x89ABCDEF, 0x01234567};
    for (int i = 0; i < 12; i++)
        assert_int_equal(rd32(4 * i), no_renderer[i]);

    /* a renderer that counts: the hook gets REPORT and SUB_REPORT */
    gpu->fe.hooks.report_counter = counter;
    memset(mem, 0xEE, sizeof mem);
    report(&pb, MEM_VA + 0x00, 0x5555, RO | REP(0x02));                 /* count 0x3_00002000 */
    /* SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER(3) (0x0390 + 3 * 32): what
     * STREAMING_BYTE_COUNT of SUB_REPORT 3 reads, without the hook */
    const uint32_t ptr = 0x1A2B;
    tm_inc(&pb, TM_SUB_3D, (0x0390 + 3 * 32) / 4, 1, &ptr);
    report(&pb, MEM_VA + 0x10, 0x6666, RO | REP(0x1A) | 3u << 5);       /* STREAMING_BYTE_COUNT, buffer 3 */
    report(&pb, MEM_VA + 0x20, 0x7777, RO | REP(0x0B) | 1u << 5);       /* STREAMING_PRIMITIVES_SUCCEEDED, stream 1 */
    report(&pb, MEM_VA + 0x30, 0x8888, RO | REP(0x13) | ONE);           /* PS_INVOCATIONS, low word */
    report(&pb, MEM_VA + 0x34, 0x8888, RO | REP(0x13) | ONE | 1u << 21); /* REPORT_DWORD_NUMBER 1: high word */
    report(&pb, MEM_VA + 0x38, 0x9999, RO | REP(0x00) | ONE);           /* NONE, one word: the payload */
    counter_calls = 0;
    res = submit(gpu, &pb, GLHLE_RESULT_OK);
    assert_int_equal(res.semaphores, 6);
    assert_int_equal(counter_calls, 4); /* not for REPORT_NONE or the byte count */
    assert_int_equal(last_report, 0x13);
    assert_int_equal(last_sub, 0);
    /* counter(r, s) = (r + 1) << 32 | 0x1000 r + s */
    const uint32_t counted[15] = {
        0x5555, 0x2000, 0x89ABCDEF, 0x01234567,     /* ZPASS: payload, low word of 0x3_00002000 */
        0x6666, 0x1A2B, 0x89ABCDEF, 0x01234567,     /* byte count: payload, buffer 3's write pointer */
        0xB001, 0xC, 0x89ABCDEF, 0x01234567,        /* 0xC_0000B001 as u64, then time */
        0x13000, 0x14, 0x9999,                      /* 0x14_00013000 low, high; payload */
    };
    for (int i = 0; i < 15; i++)
        assert_int_equal(rd32(4 * i), counted[i]);
    assert_int_equal(rd32(0x3C), 0xEEEEEEEE); /* one word writes one word */
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static void report_release_reductions(void **state)
{
    (void)state;
    glhle_maxwell *gpu = setup();
    glhle_maxwell_set_timestamp(gpu, 0x1111222233334444ull);
    tm_pb pb;
    tm_pb_init(&pb);
    tm_bind_all(&pb);
    wr32(0x00, 5);
    wr32(0x10, 0xFFFFFFFEu);
    wr32(0x20, 0xFFFFFFFEu);
    wr32(0x30, 7);
    wr32(0x40, 3);
    wr32(0x50, 0);
    /* REDUCTION_ENABLE 3, REDUCTION_OP 11:9, REDUCTION_FORMAT 18:17 */
    report(&pb, MEM_VA + 0x00, 10, 1u << 3 | 0u << 9 | ONE);             /* ADD: 15 */
    report(&pb, MEM_VA + 0x10, 3, 1u << 3 | 1u << 9 | ONE);              /* MIN unsigned: 3 */
    report(&pb, MEM_VA + 0x20, 3, 1u << 3 | 1u << 9 | 1u << 17 | ONE);   /* MIN signed: -2 */
    report(&pb, MEM_VA + 0x30, 7, 1u << 3 | 3u << 9 | ONE);              /* INC: 7 >= 7 -> 0 */
    report(&pb, MEM_VA + 0x40, 0xF0, 1u << 3 | 7u << 9);                 /* XOR, four words: 0xF3, 0, time */
    report(&pb, MEM_VA + 0x50, 9, 1u << 3 | 4u << 9 | ONE);              /* DEC: 0 -> payload 9 */
    report(&pb, MEM_VA + 0x60, 9, 1u << 3 | 2u << 17 | ONE);             /* FORMAT 2: undefined */
    ts_log_clear();
    glhle_maxwell_run_result res = submit(gpu, &pb, GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.semaphores, 6);
    assert_int_equal(rd32(0x00), 15);
    assert_int_equal(rd32(0x04), 0xEEEEEEEE);
    assert_int_equal(rd32(0x10), 3);
    assert_int_equal(rd32(0x20), 0xFFFFFFFEu);
    assert_int_equal(rd32(0x30), 0);
    assert_int_equal(rd32(0x40), 0xF3);
    assert_int_equal(rd32(0x44), 0);
    assert_int_equal(rd32(0x48), 0x33334444);
    assert_int_equal(rd32(0x4C), 0x11112222);
    assert_int_equal(rd32(0x50), 9);
    assert_int_equal(rd32(0x60), 0xEEEEEEEE);
    assert_true(ts_log_contains("REDUCTION_FORMAT 2 is neither"));
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static void report_acquire_waits_and_trap_is_refused(void **state)
{
    (void)state;
    glhle_maxwell *gpu = setup();
    tm_pb pb;
    tm_pb_init(&pb);
    tm_bind_all(&pb);
    wr32(0, 4);
    report(&pb, MEM_VA, 5, 1u | 1u << 16);            /* ACQUIRE GE 5: 4 < 5 */
    tm_set1(&pb, TM_SUB_3D, 0x1b08 / 4, 0xAB);        /* payload */
    tm_set1(&pb, TM_SUB_3D, 0x1b04 / 4, (uint32_t)MEM_VA + 0x10);
    tm_set1(&pb, TM_SUB_3D, 0x1b0c / 4, ONE);         /* RELEASE one word */
    glhle_maxwell_run_result res = submit(gpu, &pb, GLHLE_RESULT_OK);
    assert_true(res.waiting);
    assert_int_equal(rd32(0x10), 0xEEEEEEEE);
    wr32(0, 0xFFFFFFF0u); /* GE is unsigned: met */
    res = kick(gpu, GLHLE_RESULT_OK);
    assert_false(res.waiting);
    assert_int_equal(rd32(0x10), 0xAB);
    /* EQ */
    report(&pb, MEM_VA, 6, 1u);
    tm_set1(&pb, TM_SUB_3D, 0x1b0c / 4, ONE);
    assert_true(submit(gpu, &pb, GLHLE_RESULT_OK).waiting);
    wr32(0, 6);
    assert_false(kick(gpu, GLHLE_RESULT_OK).waiting);
    /* TRAP: refused with its name, nothing written */
    report(&pb, MEM_VA + 0x20, 1, 3u);
    ts_log_clear();
    res = submit(gpu, &pb, GLHLE_RESULT_UNSUPPORTED);
    assert_true(ts_log_contains("OPERATION_TRAP"));
    assert_int_equal(rd32(0x20), 0xEEEEEEEE);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

/* A report ACQUIRE a macro sends cannot suspend the macro: reported, not
 * waited, and the stream goes on in the same submission. */
static void an_acquire_from_a_macro_does_not_wait(void **state)
{
    (void)state;
    glhle_maxwell *gpu = setup();
    wr32(0, 4);
    tm_pb pb;
    tm_pb_init(&pb);
    tm_bind_all(&pb);
    const uint32_t rep[3] = {(uint32_t)(MEM_VA >> 32), (uint32_t)MEM_VA, 5}; /* SET_REPORT_SEMAPHORE_A-C */
    tm_inc(&pb, TM_SUB_3D, 0x1b00 / 4, 3, rep);
    /* macro 0 at 0: maddr SET_REPORT_SEMAPHORE_D; send 1 (ACQUIRE EQ); exit */
    const uint32_t code[3] = {MA_MADDRI(0x1b0c / 4, 0), MA_SENDI(1) | MA_EXIT, MA_NOP};
    tm_set1(&pb, TM_SUB_3D, 0x011c / 4, 0); /* LOAD_MME_START_ADDRESS_RAM_POINTER */
    tm_set1(&pb, TM_SUB_3D, 0x0120 / 4, 0); /* LOAD_MME_START_ADDRESS_RAM */
    tm_set1(&pb, TM_SUB_3D, 0x0114 / 4, 0); /* LOAD_MME_INSTRUCTION_RAM_POINTER */
    tm_noninc(&pb, TM_SUB_3D, 0x0118 / 4, 3, code);
    tm_set1(&pb, TM_SUB_3D, 0xE00, 0);      /* CALL_MME_MACRO(0) */
    semaphore(&pb, SEM_VA + 16, 0x5A, REL4);
    ts_log_clear();
    glhle_maxwell_run_result res = submit(gpu, &pb, GLHLE_RESULT_OK);
    assert_false(res.waiting);
    assert_int_equal(res.macro_calls, 1);
    assert_true(ts_log_contains("a macro cannot be suspended"));
    assert_int_equal(rd32(16), 0x5A);
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
        cmocka_unit_test(acquire_waits_until_memory_satisfies_it),
        cmocka_unit_test(geq_and_and_wait_by_their_rules),
        cmocka_unit_test(a_wait_that_never_ends_is_given_up),
        cmocka_unit_test(gpfifo_entries_resume_mid_entry),
        cmocka_unit_test(report_only_counters_and_timestamps),
        cmocka_unit_test(report_release_reductions),
        cmocka_unit_test(report_acquire_waits_and_trap_is_refused),
        cmocka_unit_test(an_acquire_from_a_macro_does_not_wait),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
