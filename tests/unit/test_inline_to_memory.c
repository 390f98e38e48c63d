/* backend/maxwell/engines/inline_to_memory.c: LAUNCH_DMA + LOAD_INLINE_DATA
 * of class A140 (open-gpu-doc classes/inline-to-memory/cla140.h; the 3D
 * class has the same methods at the same offsets, clb197.h) on a fake GPU
 * memory; expected bytes computed here (block-linear through tests/support's
 * GOB model). */
#include "support/test_support.h"

#include <string.h>

#include "backend/maxwell/engines/engines.h"
#include "support/maxwell_fake_mem.h"

#define BASE 0x200000000ull
#define MEM (1u << 16)
#define DST (BASE + 0x2000)

#define LINE_LENGTH_IN 0x180
#define LINE_COUNT 0x184
#define OFFSET_OUT_UPPER 0x188
#define OFFSET_OUT 0x18C
#define PITCH_OUT 0x190
#define DST_BLOCK_SIZE 0x194
#define DST_WIDTH 0x198
#define DST_HEIGHT 0x19C
#define DST_DEPTH 0x1A0
#define DST_LAYER 0x1A4
#define DST_ORIGIN_BYTES_X 0x1A8
#define DST_ORIGIN_SAMPLES_Y 0x1AC
#define LAUNCH_DMA 0x1B0
#define L_PITCH 1u
#define L_RELEASE_SEMAPHORE (2u << 4)
#define L_ONE_WORD (1u << 12)
#define SEM_A 0x1DC
#define SEM_B 0x1E0
#define SEM_C 0x1E4

/* REDUCTION_ENABLE 1:1, REDUCTION_OP 15:13, REDUCTION_FORMAT 3:2 */
#define L_RED(op, format) (2u | (uint32_t)(op) << 13 | (uint32_t)(format) << 2)

static uint32_t regs[MW_I2M_REG_WORDS];
static mwt_mem mem;
static uint8_t before[MEM];

static void reset(void)
{
    if (mem.bytes)
        mwt_mem_free(&mem);
    mwt_mem_init(&mem, BASE, MEM, 0, ts_logger());
    for (size_t i = 0; i < MEM; i++)
        mem.bytes[i] = (uint8_t)(i * 29 + 3);
    memcpy(before, mem.bytes, MEM);
    memset(regs, 0, sizeof regs);
    regs[OFFSET_OUT_UPPER / 4] = (uint32_t)(DST >> 32);
    regs[OFFSET_OUT / 4] = (uint32_t)DST;
}

static uint8_t data_byte(uint64_t i)
{
    return (uint8_t)(0xA0 + i * 7);
}

/* sends n bytes of data_byte() as little-endian words */
static void send(mw_i2m *st, uint64_t n)
{
    for (uint64_t i = 0; i < n; i += 4) {
        uint32_t w = 0;
        for (int k = 0; k < 4; k++)
            w |= (uint32_t)data_byte(i + k) << (8 * k);
        assert_int_equal(mw_i2m_data(st, w, &mem.io), GLHLE_RESULT_OK);
    }
}

static void pitch_destination(void **state)
{
    (void)state;
    reset();
    /* 10 bytes x 3 lines, pitch 16, then a four-word release */
    regs[LINE_LENGTH_IN / 4] = 10;
    regs[LINE_COUNT / 4] = 3;
    regs[PITCH_OUT / 4] = 16;
    regs[SEM_A / 4] = (uint32_t)(BASE >> 32);
    regs[SEM_B / 4] = (uint32_t)BASE + 0x100;
    regs[SEM_C / 4] = 0xCAFE;
    mem.time = 99;
    regs[LAUNCH_DMA / 4] = L_PITCH | L_RELEASE_SEMAPHORE;
    mw_i2m st;
    assert_int_equal(mw_i2m_begin(&st, regs, &mem.io), GLHLE_RESULT_OK);
    assert_true(st.active);
    send(&st, 28);
    assert_true(st.active);
    assert_int_equal(mem.bytes[0x100], before[0x100]); /* not released yet */
    uint32_t last = (uint32_t)data_byte(28) | (uint32_t)data_byte(29) << 8 | 0xEEEE0000u; /* 2 bytes used */
    assert_int_equal(mw_i2m_data(&st, last, &mem.io), GLHLE_RESULT_OK);
    assert_false(st.active);
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 16; x++)
            assert_int_equal(*mwt_at(&mem, DST + y * 16 + x), x < 10 ? data_byte(y * 10 + x)
                                                                      : before[0x2000 + y * 16 + x]);
    static const uint8_t sem[16] = {0xFE, 0xCA, 0, 0, 0, 0, 0, 0, 99, 0, 0, 0, 0, 0, 0, 0};
    assert_memory_equal(mem.bytes + 0x100, sem, 16);
    /* one more word: nothing in progress */
    ts_log_clear();
    assert_int_equal(mw_i2m_data(&st, 1, &mem.io), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("no inline-to-memory transfer"));
}

static void block_linear_destination(void **state)
{
    (void)state;
    reset();
    /* 70 bytes x 5 lines at byte (3, 2) of a 128 x 16 x 2 surface, bh 1,
     * layer 1, bd 1; a one-word release */
    regs[LINE_LENGTH_IN / 4] = 70;
    regs[LINE_COUNT / 4] = 5;
    regs[DST_BLOCK_SIZE / 4] = 1u << 4 | 1u << 8;
    regs[DST_WIDTH / 4] = 128;
    regs[DST_HEIGHT / 4] = 16;
    regs[DST_DEPTH / 4] = 2;
    regs[DST_LAYER / 4] = 1;
    regs[DST_ORIGIN_BYTES_X / 4] = 3;
    regs[DST_ORIGIN_SAMPLES_Y / 4] = 2;
    regs[SEM_A / 4] = (uint32_t)(BASE >> 32);
    regs[SEM_B / 4] = (uint32_t)BASE;
    regs[SEM_C / 4] = 0x01020304;
    regs[LAUNCH_DMA / 4] = L_RELEASE_SEMAPHORE | L_ONE_WORD;
    mw_i2m st;
    assert_int_equal(mw_i2m_begin(&st, regs, &mem.io), GLHLE_RESULT_OK);
    send(&st, 350);
    assert_false(st.active);
    for (uint32_t z = 0; z < 2; z++)
        for (uint32_t y = 0; y < 16; y++)
            for (uint32_t x = 0; x < 128; x++) {
                uint64_t o = mwt_bl_offset(128, 16, 1, 1, x, y, z);
                bool inside = z == 1 && x >= 3 && x < 73 && y >= 2 && y < 7;
                uint8_t want = inside ? data_byte((y - 2) * 70 + (x - 3)) : before[0x2000 + o];
                assert_int_equal(*mwt_at(&mem, DST + o), want);
            }
    static const uint8_t sem[4] = {4, 3, 2, 1};
    assert_memory_equal(mem.bytes, sem, 4);
    assert_int_equal(mem.bytes[4], before[4]);
}

/* cla140.h's REDUCTION_OP numbers (RED_ADD 0, MIN 1, MAX 2, INC 3, DEC 4,
 * AND 5, OR 6, XOR 7) and FORMAT (UNSIGNED_32 0, SIGNED_32 1); results
 * worked by hand. The reduction replaces the release once the last byte
 * has arrived; without RELEASE_SEMAPHORE it does nothing. */
static void semaphore_reductions(void **state)
{
    (void)state;
    static const struct {
        uint32_t op, format, old, payload, want;
    } rows[] = {
        {0, 0, 0xFFFFFFFFu, 3, 2},           /* ADD wraps */
        {1, 1, 0xFFFFFFF0u, 7, 0xFFFFFFF0u}, /* MIN signed: -16 */
        {1, 0, 0xFFFFFFF0u, 7, 7},           /* MIN unsigned */
        {2, 1, 0xFFFFFFF0u, 7, 7},           /* MAX signed */
        {2, 0, 0xFFFFFFF0u, 7, 0xFFFFFFF0u}, /* MAX unsigned */
        {3, 0, 6, 9, 7},                     /* INC */
        {3, 0, 9, 9, 0},                     /* INC wraps at the payload */
        {4, 0, 6, 9, 5},                     /* DEC */
        {4, 0, 0, 9, 9},                     /* DEC wraps from 0 */
        {5, 0, 0x0000FFFFu, 0x00FF00FFu, 0x000000FFu}, /* AND */
        {6, 0, 0x0000FFFFu, 0x00FF00FFu, 0x00FFFFFFu}, /* OR */
        {7, 0, 0x0000FFFFu, 0x00FF00FFu, 0x00FFFF00u}, /* XOR */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        reset();
        memcpy(mem.bytes + 0x100, &rows[i].old, 4);
        regs[LINE_LENGTH_IN / 4] = 4;
        regs[LINE_COUNT / 4] = 1;
        regs[SEM_A / 4] = (uint32_t)(BASE >> 32);
        regs[SEM_B / 4] = (uint32_t)BASE + 0x100;
        regs[SEM_C / 4] = rows[i].payload;
        regs[LAUNCH_DMA / 4] = L_PITCH | L_RELEASE_SEMAPHORE | L_ONE_WORD | L_RED(rows[i].op, rows[i].format);
        mw_i2m st;
        assert_int_equal(mw_i2m_begin(&st, regs, &mem.io), GLHLE_RESULT_OK);
        uint32_t got;
        memcpy(&got, mem.bytes + 0x100, 4);
        assert_int_equal(got, rows[i].old); /* nothing before the data */
        send(&st, 4);
        assert_false(st.active);
        memcpy(&got, mem.bytes + 0x100, 4);
        if (got != rows[i].want)
            fail_msg("row %zu: op %u old 0x%08x payload 0x%08x: got 0x%08x, want 0x%08x", i, rows[i].op,
                     rows[i].old, rows[i].payload, got, rows[i].want);
    }
    /* REDUCTION_ENABLE without RELEASE_SEMAPHORE: no semaphore at all */
    reset();
    regs[SEM_A / 4] = (uint32_t)(BASE >> 32);
    regs[SEM_B / 4] = (uint32_t)BASE + 0x100;
    regs[LAUNCH_DMA / 4] = L_PITCH | L_RED(0, 0);
    mw_i2m st;
    assert_int_equal(mw_i2m_begin(&st, regs, &mem.io), GLHLE_RESULT_OK);
    assert_memory_equal(mem.bytes, before, MEM);
    mwt_mem_free(&mem);
}

static void bad_transfers(void **state)
{
    (void)state;
    reset();
    mw_i2m st;
    /* zero bytes: complete at once, the semaphore is released */
    regs[SEM_A / 4] = (uint32_t)(BASE >> 32);
    regs[SEM_B / 4] = (uint32_t)BASE;
    regs[SEM_C / 4] = 7;
    regs[LAUNCH_DMA / 4] = L_PITCH | L_RELEASE_SEMAPHORE | L_ONE_WORD;
    assert_int_equal(mw_i2m_begin(&st, regs, &mem.io), GLHLE_RESULT_OK);
    assert_false(st.active);
    assert_int_equal(mem.bytes[0], 7);
    /* a block-linear rectangle outside its surface fails at LAUNCH_DMA */
    regs[LAUNCH_DMA / 4] = 0;
    regs[LINE_LENGTH_IN / 4] = 65;
    regs[LINE_COUNT / 4] = 1;
    regs[DST_WIDTH / 4] = 64;
    regs[DST_HEIGHT / 4] = 8;
    regs[DST_DEPTH / 4] = 1;
    ts_log_clear();
    assert_int_equal(mw_i2m_begin(&st, regs, &mem.io), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("leaves the 64x8x1 block-linear surface"));
    assert_false(st.active);
    regs[DST_BLOCK_SIZE / 4] = 7u << 4;
    regs[LINE_LENGTH_IN / 4] = 8;
    assert_int_equal(mw_i2m_begin(&st, regs, &mem.io), GLHLE_RESULT_BAD_DATA);
    /* a pitch transfer that runs off the mapping: the words before the
     * fault land, the faulting one ends the transfer */
    regs[LAUNCH_DMA / 4] = L_PITCH;
    regs[OFFSET_OUT / 4] = (uint32_t)BASE + MEM - 6;
    regs[LINE_LENGTH_IN / 4] = 12;
    assert_int_equal(mw_i2m_begin(&st, regs, &mem.io), GLHLE_RESULT_OK);
    assert_int_equal(mw_i2m_data(&st, 0x44332211, &mem.io), GLHLE_RESULT_OK);
    ts_log_clear();
    assert_int_equal(mw_i2m_data(&st, 0x88776655, &mem.io), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("0x020000fffe"));
    assert_false(st.active);
    assert_int_equal(mem.bytes[MEM - 6], 0x11);
    assert_int_equal(mw_i2m_data(&st, 0, &mem.io), GLHLE_RESULT_BAD_DATA);
    /* an address past 40 bits, a reduction, a too-large span */
    regs[OFFSET_OUT_UPPER / 4] = 0x100;
    assert_int_equal(mw_i2m_begin(&st, regs, &mem.io), GLHLE_RESULT_OUT_OF_BOUNDS);
    regs[OFFSET_OUT_UPPER / 4] = (uint32_t)(DST >> 32);
    /* a pitch destination in block-linear-kind memory, and a block-linear
     * one in pitch-kind memory, are refused at LAUNCH_DMA */
    regs[LAUNCH_DMA / 4] = L_PITCH;
    regs[OFFSET_OUT / 4] = (uint32_t)DST;
    regs[LINE_COUNT / 4] = 1;
    mwt_mem_kinds(&mem, DST, DST + 0x200);
    ts_log_clear();
    assert_int_equal(mw_i2m_begin(&st, regs, &mem.io), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("inline-to-memory destination at 0x0200002000-0x020000200c: a pitch surface in "
                                "block-linear-kind memory"));
    assert_false(st.active);
    regs[LAUNCH_DMA / 4] = 0;
    regs[DST_BLOCK_SIZE / 4] = 0;
    regs[DST_WIDTH / 4] = 64;
    regs[DST_HEIGHT / 4] = 8;
    regs[DST_DEPTH / 4] = 1;
    regs[DST_LAYER / 4] = 0;
    regs[DST_ORIGIN_BYTES_X / 4] = 0;
    regs[DST_ORIGIN_SAMPLES_Y / 4] = 0;
    assert_int_equal(mw_i2m_begin(&st, regs, &mem.io), GLHLE_RESULT_OK); /* block-linear in block-linear kind */
    mwt_mem_kinds(&mem, DST + 0x1000, DST + 0x2000);
    assert_int_equal(mw_i2m_begin(&st, regs, &mem.io), GLHLE_RESULT_BAD_DATA);
    mem.io.kinds = NULL;
    /* REDUCTION_FORMAT 2 and 3 are not defined */
    regs[LAUNCH_DMA / 4] = L_PITCH | L_RELEASE_SEMAPHORE | L_RED(0, 2);
    assert_int_equal(mw_i2m_begin(&st, regs, &mem.io), GLHLE_RESULT_BAD_DATA);
    regs[LAUNCH_DMA / 4] = L_PITCH;
    regs[LINE_COUNT / 4] = 0x100000;
    regs[PITCH_OUT / 4] = 0x1000;
    assert_int_equal(mw_i2m_begin(&st, regs, &mem.io), GLHLE_RESULT_LIMIT_EXCEEDED);
    mwt_mem_free(&mem);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pitch_destination),
        cmocka_unit_test(block_linear_destination),
        cmocka_unit_test(semaphore_reductions),
        cmocka_unit_test(bad_transfers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
