/* backend/maxwell/frontend/mme.c: every instruction, result operation and
 * branch form, carry, delay slots, annul, exit in a delay slot, the
 * parameter queue's traps, the step cap and the RAM bounds; then programs
 * equivalent to macros real drivers ship (deko3d's source/maxwell .mme files,
 * Mesa nvc0 mme/com9097.mme), written here instruction by instruction.
 *
 * Programs are assembled with tests/support/mme_asm.h (written from
 * envytools' field layout, not from the decoder). Every expected method
 * sequence is worked out by hand in the comments from the semantics
 * envytools, yuzu and Ryujinx document; none comes from running the
 * interpreter. */
#include "support/test_support.h"

#include <string.h>

#include "backend/maxwell/frontend/mme.h"
#include "support/mme_asm.h"
#include "support/mme_programs.h"

typedef struct recorder {
    uint32_t n;
    uint32_t method[512], value[512];
    uint32_t reads, last_read;
} recorder;

static void rec_send(void *user, uint32_t method, uint32_t value)
{
    recorder *r = user;
    if (r->n < 512) {
        r->method[r->n] = method;
        r->value[r->n] = value;
    }
    r->n++;
}

/* the shadowed state this test pretends to have: 0x1000 + 3 * method */
static uint32_t rec_read(void *user, uint32_t method)
{
    recorder *r = user;
    r->reads++;
    r->last_read = method;
    return 0x1000u + 3u * method;
}

static mw_mme mme;

static glhle_result run_at(uint32_t index, uint32_t at, const uint32_t *code, uint32_t words, const uint32_t *params,
                           uint32_t count, recorder *rec, uint64_t cap)
{
    memset(rec, 0, sizeof *rec);
    assert_int_equal(mw_mme_upload(&mme, index, at, code, words), GLHLE_RESULT_OK);
    mw_mme_hooks hooks = {rec, rec_read, rec_send};
    return mw_mme_run(&mme, index, params, count, &hooks, cap);
}

static glhle_result run(const uint32_t *code, uint32_t words, const uint32_t *params, uint32_t count, recorder *rec)
{
    return run_at(0, 0, code, words, params, count, rec, 1000);
}

#define RUN_OK(code, ...)                                                                                          \
    do {                                                                                                           \
        static const uint32_t params_[] = {__VA_ARGS__};                                                           \
        assert_int_equal(run(code, sizeof(code) / 4, params_, sizeof params_ / 4, &rec), GLHLE_RESULT_OK);        \
    } while (0)

/* (method, value) pairs */
static void expect_sends(const recorder *rec, const uint32_t *pairs, uint32_t n)
{
    if (rec->n != n) {
        for (uint32_t i = 0; i < rec->n && i < 512; i++)
            print_message("  send %u: [0x%03x] = 0x%08x\n", i, rec->method[i], rec->value[i]);
    }
    assert_int_equal(rec->n, n);
    for (uint32_t i = 0; i < n; i++) {
        if (rec->method[i] != pairs[2 * i] || rec->value[i] != pairs[2 * i + 1])
            print_message("send %u: got [0x%03x] = 0x%08x, want [0x%03x] = 0x%08x\n", i, rec->method[i],
                          rec->value[i], pairs[2 * i], pairs[2 * i + 1]);
        assert_int_equal(rec->method[i], pairs[2 * i]);
        assert_int_equal(rec->value[i], pairs[2 * i + 1]);
    }
}
#define EXPECT(...)                                                                                                \
    do {                                                                                                           \
        static const uint32_t pairs_[] = {__VA_ARGS__};                                                            \
        expect_sends(&rec, pairs_, sizeof pairs_ / 8);                                                             \
    } while (0)

static int setup(void **state)
{
    (void)state;
    mw_mme_init(&mme, ts_logger());
    ts_log_clear();
    return 0;
}

/* One ALU operation on r1 (first parameter) and r2 (second), result sent to
 * method 0x100: maddr 0x100; r2 = param; exit send op(r1, r2); nop. */
static uint32_t alu_once(unsigned alu, uint32_t a, uint32_t b)
{
    const uint32_t code[] = {MA_MADDRI(0x100, 0), MA_PARM(2), ma_alu(MA_SEND, 0, alu, 1, 2) | MA_EXIT, MA_NOP};
    const uint32_t params[] = {a, b};
    recorder rec;
    assert_int_equal(run(code, 4, params, 2, &rec), GLHLE_RESULT_OK);
    assert_int_equal(rec.n, 1);
    assert_int_equal(rec.method[0], 0x100);
    return rec.value[0];
}

static void alu_operations(void **state)
{
    (void)state;
    assert_int_equal(alu_once(MA_ADD, 0x12345678, 0x11111111), 0x23456789);
    assert_int_equal(alu_once(MA_ADD, 0xFFFFFFFF, 2), 0x00000001); /* wraps */
    assert_int_equal(alu_once(MA_SUB, 25, 138), 0xFFFFFF8F);       /* 25 - 138 = -113 */
    assert_int_equal(alu_once(MA_XOR, 0x0c406fe0, 0x00fff0c0), 0x0cbf9f20);
    assert_int_equal(alu_once(MA_OR, 0x0c406fe0, 0x00fff0c0), 0x0cffffe0);
    assert_int_equal(alu_once(MA_AND, 0x0c406fe0, 0x00fff0c0), 0x004060c0);
    assert_int_equal(alu_once(MA_ANDN, 0x0c406fe0, 0x00fff0c0), 0x0c000f20); /* a & ~b */
    assert_int_equal(alu_once(MA_NAND, 0x0c406fe0, 0x00fff0c0), 0xffbf9f3f); /* ~(a & b) */
    /* adc and sbb right at the start see carry 0 (yuzu and Ryujinx reset it
     * per run): adc adds nothing; sbb, which subtracts !carry, subtracts 1 */
    assert_int_equal(alu_once(MA_ADC, 5, 6), 11);
    assert_int_equal(alu_once(MA_SBB, 5, 6), 0xFFFFFFFE);
}

/* 64-bit add and subtract through the carry: x = 0x00000596_80008650,
 * y = 0x00000836_8000a8f6 (the values of Mesa's mme_fermi hardware tests).
 *   lo: 0x80008650 + 0x8000a8f6 = 0x1_00012f46 -> 0x00012f46, carry 1
 *   hi: 0x596 + 0x836 + 1 = 0xdcd
 *   lo: 0x80008650 - 0x8000a8f6 = -0x22a6 = 0xffffdd5a, borrow (carry 0)
 *   hi: 0x596 - 0x836 - 1 = -0x2a1 = 0xfffffd5f */
static void carry_chains(void **state)
{
    (void)state;
    recorder rec;
    const uint32_t code[] = {
        MA_PARM(2), MA_PARM(3), MA_PARM(4), MA_MADDRI(0x200, 1),
        ma_alu(MA_SEND, 5, MA_ADD, 1, 3),   /* lo sum */
        ma_alu(MA_SEND, 6, MA_ADC, 2, 4),   /* hi sum */
        ma_alu(MA_SEND, 5, MA_SUB, 1, 3),   /* lo difference */
        ma_alu(MA_SEND, 6, MA_SBB, 2, 4) | MA_EXIT, /* hi difference */
        MA_NOP,
    };
    RUN_OK(code, 0x80008650, 0x596, 0x8000a8f6, 0x836);
    EXPECT(0x200, 0x00012f46, 0x201, 0xdcd, 0x202, 0xffffdd5a, 0x203, 0xfffffd5f);

    /* no carry / no borrow cases: 1 + 2 (carry 0), then adc adds nothing;
     * 5 - 3 (no borrow, carry 1), then sbb subtracts nothing */
    const uint32_t code2[] = {
        MA_PARM(2), MA_MADDRI(0x10, 1), MA_MOVI(3, 1), MA_MOVI(4, 2),
        ma_alu(MA_MOVE, 0, MA_ADD, 3, 4), ma_alu(MA_SEND, 0, MA_ADC, 1, 2),
        MA_MOVI(3, 5), MA_MOVI(4, 3),
        ma_alu(MA_MOVE, 0, MA_SUB, 3, 4), ma_alu(MA_SEND, 0, MA_SBB, 1, 2) | MA_EXIT, MA_NOP,
    };
    RUN_OK(code2, 100, 7);
    EXPECT(0x10, 107, 0x11, 93);

    /* com9097.mme's query_buffer_write: `sub r6, r7, r6; sbb r6, 0, 0` is
     * 0xffffffff when r7 < r6 (underflow) and 0 otherwise */
    const uint32_t code3[] = {
        MA_PARM(2), MA_MADDRI(0x20, 1),
        ma_alu(MA_MOVE, 6, MA_SUB, 1, 2), ma_alu(MA_SEND, 6, MA_SBB, 0, 0),
        ma_alu(MA_MOVE, 6, MA_SUB, 2, 1), ma_alu(MA_SEND, 6, MA_SBB, 0, 0) | MA_EXIT, MA_NOP,
    };
    RUN_OK(code3, 3, 9); /* 3 - 9 underflows; 9 - 3 does not */
    EXPECT(0x20, 0xffffffff, 0x21, 0);
}

static void add_immediate(void **state)
{
    (void)state;
    recorder rec;
    const uint32_t code[] = {
        MA_MADDRI(0x30, 1),
        ma_addi(MA_SEND, 0, 1, 0x1FFFF),   /* largest immediate */
        ma_addi(MA_SEND, 0, 1, -0x20000),  /* smallest */
        ma_addi(MA_SEND, 0, 1, -7),
        ma_addi(MA_SEND, 0, 0, -1) | MA_EXIT, /* r0 + -1 */
        MA_NOP,
    };
    RUN_OK(code, 5);
    EXPECT(0x30, 0x20004, 0x31, 0xfffe0005, 0x32, 0xfffffffe, 0x33, 0xffffffff);
}

static void bitfields(void **state)
{
    (void)state;
    recorder rec;
    /* r1 = 0xffffffff, r2 = 5 (101b), r3 = 0xabcd1234, r4 = 8, r5 = 12, r6 = 32 */
    const uint32_t code[] = {
        MA_PARM(2), MA_PARM(3), MA_PARM(4), MA_PARM(5), MA_PARM(6), MA_MADDRI(0x40, 1),
        /* insert: r1 with bits 4-6 replaced by r2 bits 0-2: ~0x70 | 0x50 = 0xffffffdf */
        ma_bf(MA_INS, MA_SEND, 0, 1, 2, 0, 3, 4),
        /* insert into r0 from bit 16 of r3, 8 bits, at 24: 0xcd << 24 */
        ma_bf(MA_INS, MA_SEND, 0, 0, 3, 16, 8, 24),
        /* extract-shift-left-immediate: (r3 >> r4 & 0xff) << 4 = 0x12 << 4 */
        ma_bf(MA_EXTSHL_IMM, MA_SEND, 0, 4, 3, 0, 8, 4),
        /* extract-shift-left-register: (r3 >> 16 & 0xf) << r5 = 0xd << 12 */
        ma_bf(MA_EXTSHL_REG, MA_SEND, 0, 5, 3, 16, 4, 0),
        /* shift counts of 32 from a register give 0 (Mesa eval_bfe_lsl) */
        ma_bf(MA_EXTSHL_IMM, MA_SEND, 0, 6, 3, 0, 8, 0),
        ma_bf(MA_EXTSHL_REG, MA_SEND, 0, 6, 3, 0, 8, 0),
        /* size 0 extracts nothing; size 31 keeps bits 0-30 */
        ma_bf(MA_EXTSHL_REG, MA_SEND, 0, 0, 1, 0, 0, 0),
        ma_bf(MA_EXTSHL_IMM, MA_SEND, 0, 0, 1, 0, 31, 0) | MA_EXIT,
        MA_NOP,
    };
    RUN_OK(code, 0xffffffff, 5, 0xabcd1234, 8, 12, 32);
    EXPECT(0x40, 0xffffffdf, 0x41, 0xcd000000, 0x42, 0x120, 0x43, 0xd000, 0x44, 0, 0x45, 0, 0x46, 0, 0x47,
           0x7fffffff);
}

static void read_state(void **state)
{
    (void)state;
    recorder rec;
    /* read(r1 + 0x10) with r1 = 0xff5: (0x1005) & 0xfff = 0x005 -> 0x1000 + 15;
     * read(r2 - 1) with r2 = 0x20: 0x1f -> 0x1000 + 0x5d; read(0x50d) */
    const uint32_t code[] = {
        MA_PARM(2), MA_MADDRI(0x50, 1),
        ma_read(MA_SEND, 3, 1, 0x10),
        ma_read(MA_SEND, 0, 2, -1),
        ma_read(MA_MOVE, 4, 0, 0x50d),
        MA_SENDR(4),
        MA_SENDR(3) | MA_EXIT, /* the register kept the first read */
        MA_NOP,
    };
    RUN_OK(code, 0xff5, 0x20);
    EXPECT(0x50, 0x100f, 0x51, 0x105d, 0x52, 0x1000 + 3 * 0x50d, 0x53, 0x100f);
    assert_int_equal(rec.reads, 3);
    assert_int_equal(rec.last_read, 0x50d);
}

/* Each of the eight result operations on add-immediate `r1 + 0x100`
 * (r1 = 0x2000, so the result 0x2100 is method 0x100, increment 2). */
static void result_operations(void **state)
{
    (void)state;
    recorder rec;
    const uint32_t code[] = {
        MA_MADDRI(0x700, 1),
        ma_addi(MA_FETCH, 2, 1, 0x100), /* r2 = param (11) */
        MA_SENDR(2),                    /* [0x700] = 11 */
        ma_addi(MA_MOVE, 3, 1, 0x100),  /* r3 = 0x2100 */
        MA_SENDR(3),                    /* [0x701] = 0x2100 */
        ma_addi(MA_MADDR, 4, 1, 0x100), /* r4 = 0x2100; maddr 0x100 inc 2 */
        MA_SENDR(4),                    /* [0x100] = 0x2100, then 0x102 */
        ma_addi(MA_FETCH_SEND, 5, 1, 0x101), /* r5 = param (22); [0x102] = 0x2101 */
        MA_SENDR(5),                         /* [0x104] = 22 */
        ma_addi(MA_SEND, 6, 1, 0x102),       /* r6 = 0x2102; [0x106] = 0x2102 */
        MA_SENDR(6),                         /* [0x108] = 0x2102 */
        ma_addi(MA_FETCH_MADDR, 7, 1, 0x200), /* r7 = param (33); maddr 0x200 inc 2 */
        MA_SENDR(7),                          /* [0x200] = 33 (the parameter, not the result) */
        ma_addi(MA_MADDR_SENDPARM, 2, 1, 0x300), /* r2 = 0x2300; maddr 0x300 inc 2; [0x300] = 44 */
        MA_SENDR(2),                             /* [0x302] = 0x2300 */
        ma_addi(MA_MADDR_SENDHIGH, 3, 0, 0x3400), /* r3 = 0x3400; maddr 0x400 inc 3; [0x400] = 3 */
        MA_SENDR(3) | MA_EXIT,                    /* [0x403] = 0x3400 */
        MA_NOP,
    };
    RUN_OK(code, 0x2000, 11, 22, 33, 44);
    EXPECT(0x700, 11, 0x701, 0x2100, 0x100, 0x2100, 0x102, 0x2101, 0x104, 22, 0x106, 0x2102, 0x108, 0x2102, 0x200,
           33, 0x300, 44, 0x302, 0x2300, 0x400, 3, 0x403, 0x3400);
    assert_int_equal(mme.last.params_used, 5);
    assert_int_equal(mme.last.sends, 12);
}

static void r0_is_zero(void **state)
{
    (void)state;
    recorder rec;
    /* writes to r0 (a move and a fetch) are dropped; r0 reads 0 */
    const uint32_t code[] = {MA_MADDRI(0x60, 1), MA_MOVI(0, 0x1234), MA_PARM(0), MA_SENDR(0),
                             ma_alu(MA_SEND, 0, MA_OR, 0, 1) | MA_EXIT, MA_NOP};
    RUN_OK(code, 0x77, 0x88);
    EXPECT(0x60, 0, 0x61, 0x77);
}

static void method_increment(void **state)
{
    (void)state;
    recorder rec;
    /* com9097's `maddr 0x8287`: method 0x287, increment 8; then method
     * 0xfff increment 3 wraps to 0x002 (12-bit method address) */
    const uint32_t code[] = {MA_MADDRI(0x287, 8), MA_SENDI(1), MA_SENDI(2), MA_SENDI(3),
                             MA_MADDRI(0xfff, 3), MA_SENDI(4), MA_SENDI(5) | MA_EXIT, MA_NOP};
    RUN_OK(code, 0);
    EXPECT(0x287, 1, 0x28f, 2, 0x297, 3, 0xfff, 4, 0x002, 5);
    /* a send before any maddr goes to method 0 (the address starts at 0) */
    const uint32_t code2[] = {MA_SENDI(9) | MA_EXIT, MA_NOP};
    RUN_OK(code2, 0);
    EXPECT(0, 9);
}

/* Branches: taken/not taken, zero/not zero, with and without the delay
 * slot, forward and back. Each marks its path by sends to method 0x80+. */
static void branches(void **state)
{
    (void)state;
    recorder rec;
    /* 0 maddr 0x80 inc 1
     * 1 bz r1, 4          (r1 = 0: taken; slot 2 runs; 3 is skipped)
     * 2 send 0xa          slot
     * 3 send 0xb          skipped
     * 4 bnz r1, 7         (not taken, no slot: 5 runs as the next instruction)
     * 5 send 0xc
     * 6 send 0xd
     * 7 exit send 0xe; 8 nop */
    const uint32_t bz[] = {MA_MADDRI(0x80, 1), ma_branch(0, 0, 1, 3), MA_SENDI(0xa), MA_SENDI(0xb),
                           ma_branch(1, 0, 1, 3), MA_SENDI(0xc), MA_SENDI(0xd), MA_SENDI(0xe) | MA_EXIT, MA_NOP};
    RUN_OK(bz, 0);
    EXPECT(0x80, 0xa, 0x81, 0xc, 0x82, 0xd, 0x83, 0xe);
    /* r1 = 1: bz not taken (2, 3 run), bnz taken (slot 5 runs, 6 skipped) */
    RUN_OK(bz, 1);
    EXPECT(0x80, 0xa, 0x81, 0xb, 0x82, 0xc, 0x83, 0xe);

    /* annul: a taken branch skips its slot; not taken, the next runs */
    const uint32_t annul[] = {MA_MADDRI(0x80, 1), ma_branch(1, 1, 1, 3), MA_SENDI(0xa), MA_SENDI(0xb),
                              MA_SENDI(0xc) | MA_EXIT, MA_NOP};
    RUN_OK(annul, 1);
    EXPECT(0x80, 0xc);
    RUN_OK(annul, 0);
    EXPECT(0x80, 0xa, 0x81, 0xb, 0x82, 0xc);

    /* `bra` = bz r0 (always taken), backward loop counting r1 down:
     * 0 maddr 0x90 inc 1; 1 r1 = r1 - 1; 2 send r1; 3 bnz r1, 1; 4 nop (slot);
     * 5 bra.annul 7; 6 send 0xbad; 7 exit send 0x600d; 8 nop */
    const uint32_t loop[] = {MA_MADDRI(0x90, 1), ma_addi(MA_MOVE, 1, 1, -1), MA_SENDR(1), ma_branch(1, 0, 1, -2),
                             MA_NOP, ma_branch(0, 1, 0, 2), MA_SENDI(0xbad), MA_SENDI(0x600d) | MA_EXIT, MA_NOP};
    RUN_OK(loop, 3);
    EXPECT(0x90, 2, 0x91, 1, 0x92, 0, 0x93, 0x600d);
    /* steps: 1 + 3 iterations of (1, 2, 3, 4) + 5 + 7 + 8 = 16 */
    assert_int_equal(mme.last.steps, 16);
}

/* The exit flag and its delay slot (envytools: exit takes effect after the
 * next instruction; on a branch, only when the branch is not taken). */
static void exits(void **state)
{
    (void)state;
    recorder rec;
    /* the slot after an exit runs; what follows does not */
    const uint32_t plain[] = {MA_MADDRI(0xa0, 1), MA_SENDI(1) | MA_EXIT, MA_SENDI(2), MA_SENDI(3)};
    RUN_OK(plain, 0);
    EXPECT(0xa0, 1, 0xa1, 2);
    assert_int_equal(mme.last.steps, 3);
    assert_int_equal(mme.last.pc, 2);

    /* an exit flag in the exit's own slot changes nothing */
    const uint32_t twice[] = {MA_MADDRI(0xa0, 1), MA_SENDI(1) | MA_EXIT, MA_SENDI(2) | MA_EXIT, MA_SENDI(3)};
    RUN_OK(twice, 0);
    EXPECT(0xa0, 1, 0xa1, 2);

    /* exit on a branch: taken -> no exit (slot, then target);
     * not taken -> exit after the next instruction.
     * 0 maddr 0xa0 inc 1; 1 exit bnz r1, 4; 2 send 1; 3 send 2;
     * 4 send 3; 5 exit send 4; 6 nop */
    const uint32_t br[] = {MA_MADDRI(0xa0, 1), ma_branch(1, 0, 1, 3) | MA_EXIT, MA_SENDI(1), MA_SENDI(2),
                           MA_SENDI(3), MA_SENDI(4) | MA_EXIT, MA_NOP};
    RUN_OK(br, 1);
    EXPECT(0xa0, 1, 0xa1, 3, 0xa2, 4);
    RUN_OK(br, 0);
    EXPECT(0xa0, 1);
    /* the same with annul: taken -> straight to 4, no exit */
    const uint32_t bra[] = {MA_MADDRI(0xa0, 1), ma_branch(1, 1, 1, 3) | MA_EXIT, MA_SENDI(1), MA_SENDI(2),
                            MA_SENDI(3), MA_SENDI(4) | MA_EXIT, MA_NOP};
    RUN_OK(bra, 1);
    EXPECT(0xa0, 3, 0xa1, 4);
    RUN_OK(bra, 0);
    EXPECT(0xa0, 1);

    /* an exit flag in a taken branch's delay slot is ignored (yuzu, Ryujinx;
     * deko3d's FillRegisters loop relies on it) */
    const uint32_t slot[] = {MA_MADDRI(0xa0, 1), ma_branch(0, 0, 0, 3), MA_SENDI(1) | MA_EXIT, MA_SENDI(2),
                             MA_SENDI(3) | MA_EXIT, MA_NOP};
    RUN_OK(slot, 0);
    EXPECT(0xa0, 1, 0xa1, 3);
}

static void branch_in_delay_slot(void **state)
{
    (void)state;
    recorder rec;
    const uint32_t p1[] = {MA_MADDRI(0xb0, 1), ma_branch(0, 0, 0, 2), ma_branch(0, 0, 0, 2), MA_SENDI(1),
                           MA_SENDI(2) | MA_EXIT, MA_NOP};
    const uint32_t one[] = {0};
    ts_log_clear();
    assert_int_equal(run(p1, 6, one, 1, &rec), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(rec.n, 0);
    assert_int_equal(mme.last.pc, 2);
    assert_true(ts_log_contains("delay slot"));
    /* a branch in an exit's slot is the same error */
    const uint32_t p2[] = {MA_SENDI(1) | MA_EXIT, ma_branch(0, 1, 0, 2), MA_NOP};
    assert_int_equal(run(p2, 3, one, 1, &rec), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(rec.n, 1);
    /* a branch right after a branch that was not taken is fine (no slot;
     * com9097 draw_*_indirect_count end in `branz annul; bra annul`) */
    const uint32_t p3[] = {MA_MADDRI(0xb0, 0), ma_branch(1, 1, 0, 5), ma_branch(0, 1, 0, 2), MA_SENDI(1),
                           MA_SENDI(2) | MA_EXIT, MA_NOP};
    assert_int_equal(run(p3, 6, one, 1, &rec), GLHLE_RESULT_OK);
    EXPECT(0xb0, 2);
}

static void illegal_instructions(void **state)
{
    (void)state;
    recorder rec;
    const uint32_t one[] = {0};
    const uint32_t op6[] = {MA_SENDI(1), 0x00000016u, MA_NOP | MA_EXIT, MA_NOP};
    assert_int_equal(run(op6, 4, one, 1, &rec), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(rec.n, 1);
    assert_int_equal(mme.last.pc, 1);
    for (unsigned alu = 4; alu < 32; alu++) {
        if (alu >= 8 && alu <= 12)
            continue;
        const uint32_t p[] = {ma_alu(MA_MOVE, 1, alu, 1, 1) | MA_EXIT, MA_NOP};
        assert_int_equal(run(p, 2, one, 1, &rec), GLHLE_RESULT_BAD_DATA);
    }
    assert_true(ts_log_contains("illegal instruction"));
}

/* Parameter queue: fetching past the last CALL_MME_DATA word is the
 * TOO_FEW_PARAMS trap, parameters left at exit the TOO_MANY_PARAMS trap
 * (envytools fermi/macro.rst TRAP bits, macro.c). */
static void parameter_queue(void **state)
{
    (void)state;
    recorder rec;
    const uint32_t code[] = {MA_MADDRI(0xc0, 1), MA_SENDR(1), MA_PARM(2), MA_SENDR(2), MA_PARM(3),
                             MA_SENDR(3) | MA_EXIT, MA_NOP};
    const uint32_t three[] = {1, 2, 3};
    assert_int_equal(run(code, 7, three, 3, &rec), GLHLE_RESULT_OK);
    EXPECT(0xc0, 1, 0xc1, 2, 0xc2, 3);
    assert_int_equal(mme.last.params_used, 3);

    ts_log_clear();
    assert_int_equal(run(code, 7, three, 2, &rec), GLHLE_RESULT_TRUNCATED);
    EXPECT(0xc0, 1, 0xc1, 2); /* the writes before the trap stand */
    assert_int_equal(mme.last.pc, 4);
    assert_true(ts_log_contains("pc 0x4"));

    const uint32_t four[] = {1, 2, 3, 4};
    ts_log_clear();
    assert_int_equal(run(code, 7, four, 4, &rec), GLHLE_RESULT_BAD_DATA);
    EXPECT(0xc0, 1, 0xc1, 2, 0xc2, 3); /* the macro itself completed */
    assert_true(ts_log_contains("unused"));

    /* the fetch inside result operation 6 traps the same way, before sending */
    const uint32_t code6[] = {ma_addi(MA_MADDR_SENDPARM, 0, 0, 0xc0) | MA_EXIT, MA_NOP};
    assert_int_equal(run(code6, 2, three, 1, &rec), GLHLE_RESULT_TRUNCATED);
    assert_int_equal(rec.n, 0);

    mw_mme_hooks hooks = {&rec, rec_read, rec_send};
    assert_int_equal(mw_mme_run(&mme, 0, three, 0, &hooks, 0), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(mw_mme_run(&mme, MW_MME_MACROS, three, 1, &hooks, 0), GLHLE_RESULT_INVALID_ARGUMENT);
    /* NULL hooks: reads give 0, sends go nowhere, and the run completes */
    assert_int_equal(mw_mme_upload(&mme, 0, 0, code, 7), GLHLE_RESULT_OK);
    assert_int_equal(mw_mme_run(&mme, 0, three, 3, NULL, 0), GLHLE_RESULT_OK);
    assert_int_equal(mme.last.sends, 3);
}

static void step_cap(void **state)
{
    (void)state;
    recorder rec;
    const uint32_t one[] = {0};
    /* 0 maddr 0xd0; 1 send 1; 2 bra.annul 1 -- never exits */
    const uint32_t spin[] = {MA_MADDRI(0xd0, 0), MA_SENDI(1), ma_branch(0, 1, 0, -1)};
    ts_log_clear();
    assert_int_equal(run_at(0, 0x10, spin, 3, one, 1, &rec, 101), GLHLE_RESULT_LIMIT_EXCEEDED);
    /* 101 steps: maddr, then 50 times (send, bra) */
    assert_int_equal(mme.last.steps, 101);
    assert_int_equal(rec.n, 50);
    assert_int_equal(mme.last.pc, 0x11); /* the instruction it would have run next */
    assert_true(ts_log_contains("no exit after 101 steps"));
    /* the instance stays usable */
    const uint32_t ok[] = {MA_SENDI(7) | MA_EXIT, MA_NOP};
    assert_int_equal(run_at(1, 0x20, ok, 2, one, 1, &rec, 0), GLHLE_RESULT_OK);
    assert_int_equal(rec.n, 1);
    /* deko3d's FillRegisters with a count of 0 runs 2^32 times: the default
     * cap stops it (checked with a small cap here) */
}

static void ram_bounds(void **state)
{
    (void)state;
    recorder rec;
    const uint32_t one[] = {0};
    /* a macro at the last RAM word that never exits runs off the end */
    const uint32_t last[] = {MA_SENDI(1)};
    ts_log_clear();
    assert_int_equal(run_at(2, MW_MME_RAM_WORDS - 1, last, 1, one, 1, &rec, 0), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(rec.n, 1);
    assert_int_equal(mme.last.pc, MW_MME_RAM_WORDS);
    /* a branch to a negative address */
    const uint32_t back[] = {ma_branch(0, 1, 0, -5)};
    assert_int_equal(run_at(2, 2, back, 1, one, 1, &rec, 0), GLHLE_RESULT_OUT_OF_BOUNDS);
    /* code and start addresses past their RAMs are dropped and reported */
    mw_mme_set_code_pointer(&mme, MW_MME_RAM_WORDS - 1);
    assert_int_equal(mw_mme_load_code(&mme, MA_NOP), GLHLE_RESULT_OK);
    assert_int_equal(mw_mme_load_code(&mme, MA_NOP), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(mme.code[MW_MME_RAM_WORDS - 1], MA_NOP);
    mw_mme_set_code_pointer(&mme, UINT32_MAX);
    assert_int_equal(mw_mme_load_code(&mme, 1), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(mw_mme_load_code(&mme, 1), GLHLE_RESULT_OUT_OF_BOUNDS);
    mw_mme_set_start_pointer(&mme, MW_MME_MACROS - 1);
    assert_int_equal(mw_mme_load_start(&mme, 5), GLHLE_RESULT_OK);
    assert_int_equal(mw_mme_load_start(&mme, 6), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(mme.start[MW_MME_MACROS - 1], 5);
    /* a start address past the RAM is kept, and reported when run */
    mw_mme_set_start_pointer(&mme, 3);
    assert_int_equal(mw_mme_load_start(&mme, 0x900), GLHLE_RESULT_OK);
    mw_mme_hooks hooks = {&rec, rec_read, rec_send};
    assert_int_equal(mw_mme_run(&mme, 3, one, 1, &hooks, 0), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(mme.last.steps, 0);
}

/* The upload methods as the instance forwards them, and that each pointer
 * advances per word (Mesa nvc0_graph_set_macro: one MACRO_ID pair, then
 * UPLOAD_POS followed by all code words with increment-once). */
static void upload_methods(void **state)
{
    (void)state;
    glhle_result r = GLHLE_RESULT_NOT_FOUND;
    assert_true(mw_mme_method(&mme, 0x011c / 4, 5, &r));
    assert_int_equal(r, GLHLE_RESULT_OK);
    assert_true(mw_mme_method(&mme, 0x0120 / 4, 0x40, &r)); /* macro 5 at 0x40 */
    assert_true(mw_mme_method(&mme, 0x0120 / 4, 0x44, &r)); /* macro 6 at 0x44 */
    assert_true(mw_mme_method(&mme, 0x0114 / 4, 0x40, &r));
    assert_true(mw_mme_method(&mme, 0x0118 / 4, MA_SENDI(5) | MA_EXIT, &r));
    assert_true(mw_mme_method(&mme, 0x0118 / 4, MA_NOP, &r));
    assert_true(mw_mme_method(&mme, 0x0118 / 4, MA_NOP, &r));
    assert_true(mw_mme_method(&mme, 0x0118 / 4, MA_NOP, &r));
    assert_true(mw_mme_method(&mme, 0x0118 / 4, MA_SENDI(6) | MA_EXIT, &r));
    assert_true(mw_mme_method(&mme, 0x0118 / 4, MA_NOP, &r));
    assert_false(mw_mme_method(&mme, 0x0124 / 4, 0, &r)); /* SET_MME_SHADOW_RAM_CONTROL is not ours */
    assert_int_equal(mme.start[5], 0x40);
    assert_int_equal(mme.start[6], 0x44);
    assert_int_equal(mme.code_pointer, 0x46);
    recorder rec = {0};
    mw_mme_hooks hooks = {&rec, rec_read, rec_send};
    const uint32_t one[] = {0};
    assert_int_equal(mw_mme_run(&mme, 6, one, 1, &hooks, 0), GLHLE_RESULT_OK);
    assert_int_equal(mw_mme_run(&mme, 5, one, 1, &hooks, 0), GLHLE_RESULT_OK);
    EXPECT(0, 6, 0, 5);
}

/* CALL_MME_MACRO(j) / CALL_MME_DATA(j) as they arrive: 0xE00 + 2j and
 * 0xE01 + 2j (clb197.h 0x3800 + 8j, 0x3804 + 8j). */
static mw_mme *reentry;

static void send_calls_back(void *user, uint32_t method, uint32_t value)
{
    glhle_result r = GLHLE_RESULT_OK;
    rec_send(user, method, value);
    assert_true(mw_mme_call_method(reentry, 0xE00, 1, NULL, 0, &r));
    assert_int_equal(r, GLHLE_RESULT_BAD_DATA);
    assert_int_equal(mw_mme_flush(reentry, NULL, 0), GLHLE_RESULT_BAD_DATA);
}

static void call_methods(void **state)
{
    (void)state;
    recorder rec;
    memset(&rec, 0, sizeof rec);
    /* macro 2: send r1, then two fetched parameters, to 0x10.. */
    const uint32_t code[] = {MA_MADDRI(0x10, 1), MA_SENDR(1), MA_PARM(2), MA_SENDR(2), MA_PARM(3),
                             MA_SENDR(3) | MA_EXIT, MA_NOP};
    assert_int_equal(mw_mme_upload(&mme, 2, 0x20, code, 7), GLHLE_RESULT_OK);
    mw_mme_hooks hooks = {&rec, rec_read, rec_send};
    glhle_result r = GLHLE_RESULT_NOT_FOUND;
    assert_false(mw_mme_call_method(&mme, 0xDFF, 1, &hooks, 0, &r)); /* not a call method */
    assert_false(mw_mme_call_method(&mme, 0x1000, 1, &hooks, 0, &r));
    assert_int_equal(r, GLHLE_RESULT_NOT_FOUND);
    assert_int_equal(mw_mme_flush(&mme, &hooks, 0), GLHLE_RESULT_OK); /* nothing pending */
    assert_true(mw_mme_call_method(&mme, 0xE04, 7, &hooks, 0, &r)); /* CALL_MME_MACRO(2) */
    assert_int_equal(r, GLHLE_RESULT_OK);
    assert_true(mw_mme_call_method(&mme, 0xE05, 8, &hooks, 0, &r)); /* CALL_MME_DATA(2) */
    assert_true(mw_mme_call_method(&mme, 0xE07, 9, &hooks, 0, &r)); /* DATA of another index feeds the same FIFO */
    assert_int_equal(rec.n, 0);                                      /* nothing runs before the call is complete */
    /* the next call runs the collected one first */
    assert_true(mw_mme_call_method(&mme, 0xE04, 1, &hooks, 0, &r));
    assert_int_equal(r, GLHLE_RESULT_OK);
    EXPECT(0x10, 7, 0x11, 8, 0x12, 9);
    assert_true(mw_mme_call_method(&mme, 0xE05, 2, &hooks, 0, &r));
    assert_int_equal(mw_mme_flush(&mme, &hooks, 0), GLHLE_RESULT_TRUNCATED); /* this call gave 2 of 3 */
    assert_int_equal(rec.n, 3 + 2);
    assert_int_equal(mw_mme_flush(&mme, &hooks, 0), GLHLE_RESULT_OK);       /* gone */
    /* data with no call: dropped and reported */
    ts_log_clear();
    assert_true(mw_mme_call_method(&mme, 0xE05, 3, &hooks, 0, &r));
    assert_int_equal(r, GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("no macro call"));
    /* more words than the buffer holds */
    assert_true(mw_mme_call_method(&mme, 0xE04, 0, &hooks, 0, &r));
    for (uint32_t i = 1; i < MW_MME_CALL_WORDS; i++) {
        mw_mme_call_method(&mme, 0xE05, i, &hooks, 0, &r);
        assert_int_equal(r, GLHLE_RESULT_OK);
    }
    assert_true(mw_mme_call_method(&mme, 0xE05, 0, &hooks, 0, &r));
    assert_int_equal(r, GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_int_not_equal(mw_mme_flush(&mme, &hooks, 0), GLHLE_RESULT_OK);
    /* a send hook cannot start or flush calls */
    reentry = &mme;
    mw_mme_hooks back = {&rec, rec_read, send_calls_back};
    assert_true(mw_mme_call_method(&mme, 0xE04, 4, &back, 0, &r));
    mw_mme_call_method(&mme, 0xE05, 5, &back, 0, &r);
    mw_mme_call_method(&mme, 0xE05, 6, &back, 0, &r);
    assert_int_equal(mw_mme_flush(&mme, &back, 0), GLHLE_RESULT_OK);
    assert_int_equal(mme.running, 0);
}

/* The test encoder against envyas, envytools' own assembler: each pair is
 * a statement of Mesa's nvc0 com9097.mme and the word envyas made of it in
 * the generated com9097.mme.h (facts about the encoding, one per line). */
static void encoder_matches_envyas(void **state)
{
    (void)state;
    assert_int_equal(MA_PARM(3), 0x00000301);                                /* parm $r3 */
    assert_int_equal(MA_MOVI(2, 0), 0x00000211);                             /* mov $r2 0x0 */
    assert_int_equal(MA_MADDRI(0x620, 1), 0x05880021);                       /* maddr 0x1620 */
    assert_int_equal(ma_addi(MA_MOVE, 1, 1, -1), 0xffffc911);                /* mov $r1 (add $r1 -1) */
    assert_int_equal(ma_bf(MA_EXTSHL_IMM, MA_SEND, 0, 2, 3, 0, 1, 0), 0x0040d043); /* send (extrshl $r3 $r2 0x1 0x0) */
    assert_int_equal(ma_branch(1, 0, 1, -2) | MA_EXIT, 0xffff8897);          /* exit branz $r1 #loop (2 back) */
    assert_int_equal(ma_bf(MA_INS, MA_SEND, 0, 0, 1, 1, 1, 0), 0x00424042);  /* send (extrinsrt 0x0 $r1 0x1 0x1 0x0) */
    assert_int_equal(ma_bf(MA_INS, MA_MOVE, 6, 0, 1, 0, 4, 2), 0x11004612);  /* mov $r6 (extrinsrt 0x0 $r1 0x0 0x4 0x2) */
    assert_int_equal(ma_bf(MA_INS, MA_MOVE, 1, 1, 0, 0, 1, 26), 0xd0400912); /* mov $r1 (extrinsrt $r1 0x0 0 1 26) */
    assert_int_equal(ma_alu(MA_MOVE, 6, MA_SUB, 7, 6), 0x0005be10);          /* mov $r6 (sub $r7 $r6) */
    assert_int_equal(ma_alu(MA_MOVE, 6, MA_SBB, 0, 0), 0x00060610);          /* mov $r6 (sbb 0x0 0x0) */
    assert_int_equal(ma_branch(0, 0, 6, 2) | MA_EXIT, 0x0000b087);           /* exit braz $r6 #qbw_ready */
    assert_int_equal(ma_addi(MA_FETCH_MADDR, 5, 0, 0x16c0), 0x05b00551);     /* parm $r5 maddr 0x16c0 */
    assert_int_equal(ma_addi(MA_MADDR_SENDHIGH, 0, 0, 0x585), 0x01614071);   /* maddrsend 0x585 */
    assert_int_equal(MA_MADDRI(0x287, 8), 0x20a1c021);                       /* maddr 0x8287 */
}

/* ---- macros real drivers ship, rewritten here ---- */

static void deko3d_fill_registers(void **state)
{
    (void)state;
    recorder rec;
    /* method 0x800 increment 1, 3 writes of 0xcafe: two from the delay slot
     * (r2 = 2, 1 after the decrement), one on the way out (r2 = 0) */
    RUN_OK(mme_fill_registers, 0x1800, 3, 0xcafe);
    EXPECT(0x800, 0xcafe, 0x801, 0xcafe, 0x802, 0xcafe);
    /* steps: 0, 1, (2, 3, 4) x 2, 2, 3, 4, 5 = 12 */
    assert_int_equal(mme.last.steps, 12);
    /* increment 0: every write to the same method */
    RUN_OK(mme_fill_registers, 0x0123, 2, 7);
    EXPECT(0x123, 7, 0x123, 7);
}

static void deko3d_draw(void **state)
{
    (void)state;
    recorder rec;
    /* triangles (4), 3 vertices, 2 instances, first vertex 7, first instance 5:
     * the first vertex, the base instance (method and driver constbuf word
     * 1), two BEGIN/COUNT/END triples (the second with INSTANCE_ID set:
     * 4 | 1 << 26), then the constbuf word reset to 0 */
    RUN_OK(mme_deko_draw, 4, 3, 2, 7, 5);
    EXPECT(0x35d, 7, 0x50e, 5, 0x8e3, 4, 0x8e4, 5,
           0x586, 4, 0x35e, 3, 0x585, 0,
           0x586, 0x04000004, 0x35e, 3, 0x585, 0,
           0x8e3, 4, 0x8e4, 0);
    /* instance count 0: exit right after fetching the last parameter */
    RUN_OK(mme_deko_draw, 4, 3, 0, 7, 5);
    EXPECT(0x35d, 7);
    /* first instance 0: its method is still written; no constbuf update */
    RUN_OK(mme_deko_draw, 1, 9, 1, 0, 0);
    EXPECT(0x35d, 0, 0x50e, 0, 0x586, 1, 0x35e, 9, 0x585, 0);
}

/* deko3d source/maxwell/clear_buffers.mme ClearColor and the loop it shares
 * with ClearDepthStencil through a start address into another macro's
 * code. CLEAR_SURFACE 0x19d0 (0x674) has MRT_SELECT in bits 6-9 and
 * RT_ARRAY_INDEX from bit 10 (clb197.h); SET_COLOR_TARGET_THIRD_DIMENSION(j)
 * is 0x818 + 0x40 j (0x206 + 0x10 j).
 *   ClearColor (at 0):
 *   0 r2 = (r1 >> 6 & 0xf) << 4       target id * 16 (method stride)
 *   1 r2 = read(r2 + 0x206)           layers of that target
 *   2 exit bnz r2, 8                  3 maddr 0x674
 *   ClearDepthStencil (at 4), unused here: 4 r2 = read(0x48c) (SET_ZT_SIZE_C 0x1230); 5 exit bnz r2, 8; 6 maddr 0x674; 7 nop
 *   CommonClearLoop (at 8):
 *   8 r2 = r2 - 1                     9 send r1
 *  10 exit bnz r2, 8                 11 r1 = r1 + 0x400 (next layer) */
static const uint32_t deko_clear[] = {
    ma_bf(MA_INS, MA_MOVE, 2, 0, 1, 6, 4, 4), ma_read(MA_MOVE, 2, 2, 0x206),
    ma_branch(1, 0, 2, 6) | MA_EXIT, MA_MADDRI(0x674, 0),
    ma_read(MA_MOVE, 2, 0, 0x48c), ma_branch(1, 0, 2, 3) | MA_EXIT, MA_MADDRI(0x674, 0), MA_NOP,
    ma_addi(MA_MOVE, 2, 2, -1), MA_SENDR(1), ma_branch(1, 0, 2, -2) | MA_EXIT, ma_addi(MA_MOVE, 1, 1, 0x400),
};

static void deko3d_clear_color(void **state)
{
    (void)state;
    recorder r2;
    memset(&r2, 0, sizeof r2);
    assert_int_equal(mw_mme_upload(&mme, 10, 0, deko_clear, 12), GLHLE_RESULT_OK);
    mw_mme_hooks hooks = {&r2, NULL, rec_send};
    /* with no read hook every layer count reads 0: not taken, so exit with
     * the delay slot setting the method address and nothing cleared */
    const uint32_t p[] = {0x7c};
    assert_int_equal(mw_mme_run(&mme, 10, p, 1, &hooks, 0), GLHLE_RESULT_OK);
    assert_int_equal(r2.n, 0);
    assert_int_equal(mme.last.steps, 4);
}

static uint32_t three_layers(void *user, uint32_t method)
{
    recorder *r = user;
    r->last_read = method;
    return method == 0x216 ? 3 : 0;
}

static void deko3d_clear_layers(void **state)
{
    (void)state;
    recorder rec;
    memset(&rec, 0, sizeof rec);
    assert_int_equal(mw_mme_upload(&mme, 10, 0, deko_clear, 12), GLHLE_RESULT_OK);
    mw_mme_hooks hooks = {&rec, three_layers, rec_send};
    /* target 1, RGBA: 0x7c = 0x40 | 0x3c. Three layers: CLEAR_SURFACE with
     * RT_ARRAY_INDEX 0, 1, 2 (+0x400 each) */
    const uint32_t p[] = {0x7c};
    assert_int_equal(mw_mme_run(&mme, 10, p, 1, &hooks, 0), GLHLE_RESULT_OK);
    assert_int_equal(rec.last_read, 0x216);
    EXPECT(0x674, 0x7c, 0x674, 0x47c, 0x674, 0x87c);
}

/* Mesa nvc0 com9097.mme mme9097_per_instance_bf(count; bitfield): one
 * VERTEX_ARRAY_PER_INSTANCE bit per vertex array (`maddr 0x1620`: method
 * 0x620, increment 1), the counter update in the branch's delay slot.
 *   0 r3 = param   1 r2 = 0x0   2 maddr 0x620 inc 1
 *   3 r1 = r1 - 1  4 send (r3 >> r2 & 0x1) << 0
 *   5 exit bnz r1, 3            6 r2 = r2 + 0x1 */
static void nvc0_per_instance_bf(void **state)
{
    (void)state;
    recorder rec;
    static const uint32_t code[] = {
        MA_PARM(3), MA_MOVI(2, 0), MA_MADDRI(0x620, 1), ma_addi(MA_MOVE, 1, 1, -1),
        ma_bf(MA_EXTSHL_IMM, MA_SEND, 0, 2, 3, 0, 1, 0), ma_branch(1, 0, 1, -2) | MA_EXIT, ma_addi(MA_MOVE, 2, 2, 1),
    };
    /* 3 arrays, bits 101b: taken twice (r1 = 2, 1), the exit on r1 = 0 */
    RUN_OK(code, 3, 0x5);
    EXPECT(0x620, 1, 0x621, 0, 0x622, 1);
    /* steps: 3 + 3 passes of (3, 4, 5, 6) = 15 */
    assert_int_equal(mme.last.steps, 15);
}

/* Mesa nvc0 com9097.mme mme9097_blend_enables: eight SET_BLEND(i) writes
 * (0x1360 = method 0x4d8, `maddr 0x14d8` = increment 1), the last one in
 * the exit's delay slot.
 *   0 maddr 0x4d8 inc 1; 1-6 send (r1 >> i & 1) << 0 via extract-insert
 *   into r0; 7 exit send bit 6; 8 send bit 7 */
static void nvc0_blend_enables(void **state)
{
    (void)state;
    recorder rec;
    uint32_t code[10];
    code[0] = MA_MADDRI(0x4d8, 1);
    for (unsigned i = 0; i < 8; i++)
        code[1 + i] = ma_bf(MA_INS, MA_SEND, 0, 0, 1, i, 1, 0) | (i == 6 ? MA_EXIT : 0);
    code[9] = MA_SENDI(0xbad); /* never reached */
    RUN_OK(code, 0xa5); /* 1010 0101 */
    EXPECT(0x4d8, 1, 0x4d9, 0, 0x4da, 1, 0x4db, 0, 0x4dc, 0, 0x4dd, 1, 0x4de, 0, 0x4df, 1);
}

/* Mesa nvc0 com9097.mme mme9097_vertex_array_select(arg; start hi, lo,
 * limit hi, lo) -- the method pairs at 0x1c04 + 16 arg (0x701 + 4 arg) and
 * 0x1f00 + 8 arg (0x7c0 + 2 arg):
 *   0-3 r2..r5 = param
 *   4 r6 = (r1 >> 0 & 0xf) << 2        5 r7 = (r1 >> 0 & 0xf) << 1
 *   6 r6 = r6 + 0x1701; maddr r6       7 send r4      8 send r5
 *   9 r7 = r7 + 0x17c0; maddr r7      10 exit send r2 11 send r3 */
static void nvc0_vertex_array_select(void **state)
{
    (void)state;
    recorder rec;
    static const uint32_t code[] = {
        MA_PARM(2), MA_PARM(3), MA_PARM(4), MA_PARM(5),
        ma_bf(MA_INS, MA_MOVE, 6, 0, 1, 0, 4, 2), ma_bf(MA_INS, MA_MOVE, 7, 0, 1, 0, 4, 1),
        ma_addi(MA_MADDR, 6, 6, 0x1701), MA_SENDR(4), MA_SENDR(5),
        ma_addi(MA_MADDR, 7, 7, 0x17c0), MA_SENDR(2) | MA_EXIT, MA_SENDR(3),
    };
    /* arg 0x13: only its low 4 bits (3) count: 0x701 + 12 = 0x70d, 0x7c0 + 6 = 0x7c6 */
    RUN_OK(code, 0x13, 0xa, 0xb, 0xc, 0xd);
    EXPECT(0x70d, 0xc, 0x70e, 0xd, 0x7c6, 0xa, 0x7c7, 0xb);
}

/* Mesa nvc0 com9097.mme mme9097_query_buffer_write, unclamped (arg 0) and
 * ready (actual sequence >= desired): writes QUERY_ADDRESS_HIGH/LOW
 * (`maddr 0x16c0`: method 0x6c0, SET_REPORT_SEMAPHORE_A at 0x1b00, increment 1), the 32-bit end - start, then a
 * 64-bit write with address + 4 and the high word via adc, and finally
 * `maddrsend 0x44` (method 0x44 gets result bits 12-17 = 0).
 *  0 r2 = param (end lo)   1 r3 = param (end hi)   2 r4 = param (start lo)
 *  3 r5 = param; maddr 0x6c0 inc 1                  4 r6 = param (desired)
 *  5 r7 = param (actual)   6 r6 = r7 - r6           7 r6 = 0 - 0 - borrow
 *  8 r7 = param (query hi) 9 exit bz r6, 11        10 r6 = param (query lo)
 * 11 r2 = r2 - r4         12 bz r1, 19             13 r3 = r3 - r5 - borrow
 * 14 bnz.annul r3, 18     15 r4 = r1 - r2          16 r4 = 0 - 0 - borrow
 * 17 bz.annul r4, 19      18 r2 = r1 + 0 (mov)
 * 19 send r7              20 send r6              21 send r2
 * 22 bnz r1, 32           23 r4 = 0x1000
 * 24 send (r4 >> 0 & 0xffff) << 16               25 maddr 0x6c0 inc 1
 * 26 r5 = 0x4             27 r6 = r6 + r5         28 r7 = r7 + 0 + carry
 * 29 send r7              30 send r6              31 send r3
 * 32 exit send (r4 >> 0 & 0xffff) << 16          33 maddr 0x44; send 0
 * (Lines 12-18 are the clamp, skipped when arg is 0 -- line 13 is the delay slot
 * of 12 and still runs.) */
static void nvc0_query_buffer_write(void **state)
{
    (void)state;
    recorder rec;
    static const uint32_t code[] = {
        MA_PARM(2), MA_PARM(3), MA_PARM(4), ma_addi(MA_FETCH_MADDR, 5, 0, 0x16c0),
        MA_PARM(6), MA_PARM(7), ma_alu(MA_MOVE, 6, MA_SUB, 7, 6), ma_alu(MA_MOVE, 6, MA_SBB, 0, 0),
        MA_PARM(7), ma_branch(0, 0, 6, 2) | MA_EXIT, MA_PARM(6),
        ma_alu(MA_MOVE, 2, MA_SUB, 2, 4), ma_branch(0, 0, 1, 7), ma_alu(MA_MOVE, 3, MA_SBB, 3, 5),
        ma_branch(1, 1, 3, 4), ma_alu(MA_MOVE, 4, MA_SUB, 1, 2), ma_alu(MA_MOVE, 4, MA_SBB, 0, 0),
        ma_branch(0, 1, 4, 2), ma_addi(MA_MOVE, 2, 1, 0),
        MA_SENDR(7), MA_SENDR(6), MA_SENDR(2),
        ma_branch(1, 0, 1, 10), MA_MOVI(4, 0x1000),
        ma_bf(MA_INS, MA_SEND, 0, 0, 4, 0, 16, 16), MA_MADDRI(0x6c0, 1),
        MA_MOVI(5, 4), ma_alu(MA_MOVE, 6, MA_ADD, 6, 5), ma_alu(MA_MOVE, 7, MA_ADC, 7, 0),
        MA_SENDR(7), MA_SENDR(6), MA_SENDR(3),
        ma_bf(MA_INS, MA_SEND, 0, 0, 4, 0, 16, 16) | MA_EXIT, ma_addi(MA_MADDR_SENDHIGH, 0, 0, 0x44),
    };
    /* end = 0x00000002_00000010, start = 0x00000001_00000030: end - start =
     * 0x00000000_ffffffe0 (lo borrows: 0x10 - 0x30 = 0xffffffe0; hi: 2 - 1 - 1
     * = 0). Query address 0x00000001_fffffffe: + 4 carries into the high word
     * -> 0x00000002_00000002. Sequence desired 5, actual 7: ready.
     * Sends: [0x6c0] = 1 (hi), [0x6c1] = 0xfffffffe (lo), [0x6c2] = 0xffffffe0,
     * [0x6c3] = 0x10000000 (0x1000 << 16), then [0x6c0] = 2, [0x6c1] = 2,
     * [0x6c2] = 0 (r3, the high difference), [0x6c3] = 0x10000000, [0x44] = 0 */
    RUN_OK(code, 0, 0x10, 2, 0x30, 1, 5, 7, 1, 0xfffffffe);
    EXPECT(0x6c0, 1, 0x6c1, 0xfffffffe, 0x6c2, 0xffffffe0, 0x6c3, 0x10000000,
           0x6c0, 2, 0x6c1, 2, 0x6c2, 0, 0x6c3, 0x10000000, 0x044, 0);
    /* not ready (actual 4 < desired 5): 0 - 0 - borrow = 0xffffffff, the
     * exit branch is not taken and the macro ends after fetching the last
     * parameter, writing nothing */
    RUN_OK(code, 0, 0x10, 2, 0x30, 1, 5, 4, 1, 0xfffffffe);
    assert_int_equal(rec.n, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(alu_operations, setup),
        cmocka_unit_test_setup(carry_chains, setup),
        cmocka_unit_test_setup(add_immediate, setup),
        cmocka_unit_test_setup(bitfields, setup),
        cmocka_unit_test_setup(read_state, setup),
        cmocka_unit_test_setup(result_operations, setup),
        cmocka_unit_test_setup(r0_is_zero, setup),
        cmocka_unit_test_setup(method_increment, setup),
        cmocka_unit_test_setup(branches, setup),
        cmocka_unit_test_setup(exits, setup),
        cmocka_unit_test_setup(branch_in_delay_slot, setup),
        cmocka_unit_test_setup(illegal_instructions, setup),
        cmocka_unit_test_setup(parameter_queue, setup),
        cmocka_unit_test_setup(step_cap, setup),
        cmocka_unit_test_setup(ram_bounds, setup),
        cmocka_unit_test_setup(upload_methods, setup),
        cmocka_unit_test_setup(call_methods, setup),
        cmocka_unit_test(encoder_matches_envyas),
        cmocka_unit_test_setup(deko3d_fill_registers, setup),
        cmocka_unit_test_setup(deko3d_draw, setup),
        cmocka_unit_test_setup(deko3d_clear_color, setup),
        cmocka_unit_test_setup(deko3d_clear_layers, setup),
        cmocka_unit_test_setup(nvc0_per_instance_bf, setup),
        cmocka_unit_test_setup(nvc0_blend_enables, setup),
        cmocka_unit_test_setup(nvc0_vertex_array_select, setup),
        cmocka_unit_test_setup(nvc0_query_buffer_write, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
