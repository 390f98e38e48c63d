/* backend/maxwell/engines/dma.c: LAUNCH_DMA of class B0B5 on a fake GPU
 * memory. Method offsets and fields are written here from open-gpu-doc
 * classes/dma-copy/clb0b5.h; every expected byte is computed in the test
 * (pitch rows by hand, block-linear through tests/support's GOB model). */
#include "support/test_support.h"

#include <stdio.h>
#include <string.h>

#include "backend/maxwell/engines/engines.h"
#include "support/maxwell_fake_mem.h"

#define BASE 0x100000000ull
#define MEM (1u << 20)
#define SRC (BASE + 0x1000)
#define DST (BASE + 0x80000)

/* clb0b5.h */
#define LAUNCH_DMA 0x300
#define L_PIPELINED 1u
#define L_SEM_ONE (1u << 3)
#define L_SEM_FOUR (2u << 3)
#define L_SRC_PITCH (1u << 7)
#define L_DST_PITCH (1u << 8)
#define L_MULTI_LINE (1u << 9)
#define L_REMAP (1u << 10)
#define OFFSET_IN_UPPER 0x400
#define OFFSET_IN_LOWER 0x404
#define OFFSET_OUT_UPPER 0x408
#define OFFSET_OUT_LOWER 0x40C
#define PITCH_IN 0x410
#define PITCH_OUT 0x414
#define LINE_LENGTH_IN 0x418
#define LINE_COUNT 0x41C
#define SEM_A 0x240
#define SEM_B 0x244
#define SEM_PAYLOAD 0x248
#define REMAP_CONST_A 0x700
#define REMAP_CONST_B 0x704
#define REMAP_COMPONENTS 0x708
#define DST_BLOCK_SIZE 0x70C
#define SRC_BLOCK_SIZE 0x728
/* remap selectors and sizes */
enum { SX = 0, SY = 1, SZ = 2, SW = 3, CA = 4, CB = 5, NW = 6 };
#define REMAP(x, y, z, w, size, nsrc, ndst)                                                                        \
    ((uint32_t)(x) | (uint32_t)(y) << 4 | (uint32_t)(z) << 8 | (uint32_t)(w) << 12 | (uint32_t)((size) - 1) << 16 | \
     (uint32_t)((nsrc) - 1) << 20 | (uint32_t)((ndst) - 1) << 24)

typedef struct fixture {
    mwt_mem m;
    uint32_t regs[MW_DMA_REG_WORDS];
} fixture;

static fixture *fx_new(void)
{
    static fixture f;
    if (f.m.bytes)
        mwt_mem_free(&f.m);
    mwt_mem_init(&f.m, BASE, MEM, 0, ts_logger());
    assert_non_null(f.m.bytes);
    for (size_t i = 0; i < MEM; i++)
        f.m.bytes[i] = (uint8_t)(i * 37 + (i >> 9));
    memset(f.regs, 0, sizeof f.regs);
    f.regs[OFFSET_IN_UPPER / 4] = (uint32_t)(SRC >> 32);
    f.regs[OFFSET_IN_LOWER / 4] = (uint32_t)SRC;
    f.regs[OFFSET_OUT_UPPER / 4] = (uint32_t)(DST >> 32);
    f.regs[OFFSET_OUT_LOWER / 4] = (uint32_t)DST;
    return &f;
}

static void set(fixture *f, uint32_t method, uint32_t v)
{
    f->regs[method / 4] = v;
}

/* SET_{SRC,DST}_BLOCK_SIZE .. ORIGIN: 6 words */
static void set_bl(fixture *f, uint32_t at, uint32_t bh, uint32_t bd, uint32_t w, uint32_t h, uint32_t d,
                   uint32_t layer, uint32_t ox, uint32_t oy)
{
    set(f, at, bh << 4 | bd << 8 | 1u << 12 /* GOB_HEIGHT_FERMI_8 */);
    set(f, at + 4, w);
    set(f, at + 8, h);
    set(f, at + 12, d);
    set(f, at + 16, layer);
    set(f, at + 20, oy << 16 | ox);
}

static glhle_result launch(fixture *f, uint32_t v)
{
    set(f, LAUNCH_DMA, v);
    return mw_dma_launch(f->regs, &f->m.io);
}

static void one_d_copy(void **state)
{
    (void)state;
    fixture *f = fx_new();
    uint8_t before[MEM];
    memcpy(before, f->m.bytes, MEM);
    set(f, LINE_LENGTH_IN, 100);
    set(f, LINE_COUNT, 77); /* ignored without MULTI_LINE_ENABLE */
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH), GLHLE_RESULT_OK);
    assert_memory_equal(mwt_at(&f->m, DST), before + 0x1000, 100);
    assert_int_equal(*mwt_at(&f->m, DST + 100), before[0x80000 + 100]);
    assert_int_equal(*mwt_at(&f->m, DST - 1), before[0x80000 - 1]);
    /* the layout bits do not matter for a 1D copy */
    fixture *g = fx_new();
    set(g, LINE_LENGTH_IN, 100);
    assert_int_equal(launch(g, L_PIPELINED), GLHLE_RESULT_OK);
    assert_memory_equal(mwt_at(&g->m, DST), before + 0x1000, 100);
    mwt_mem_free(&f->m);
}

static void pitch_to_pitch_lines(void **state)
{
    (void)state;
    fixture *f = fx_new();
    uint8_t before[MEM];
    memcpy(before, f->m.bytes, MEM);
    set(f, LINE_LENGTH_IN, 10);
    set(f, LINE_COUNT, 3);
    set(f, PITCH_IN, 16);
    set(f, PITCH_OUT, 32);
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_MULTI_LINE), GLHLE_RESULT_OK);
    for (int y = 0; y < 3; y++) {
        assert_memory_equal(mwt_at(&f->m, DST + 32 * y), before + 0x1000 + 16 * y, 10);
        assert_memory_equal(mwt_at(&f->m, DST + 32 * y + 10), before + 0x80000 + 32 * y + 10, 22);
    }
    /* a negative destination pitch walks up from OFFSET_OUT */
    fixture *g = fx_new();
    set(g, LINE_LENGTH_IN, 8);
    set(g, LINE_COUNT, 4);
    set(g, PITCH_IN, 8);
    set(g, PITCH_OUT, (uint32_t)-64);
    assert_int_equal(launch(g, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_MULTI_LINE), GLHLE_RESULT_OK);
    for (int y = 0; y < 4; y++)
        assert_memory_equal(mwt_at(&g->m, DST - 64 * y), before + 0x1000 + 8 * y, 8);
    mwt_mem_free(&g->m);
}

static void pitch_to_block_linear(void **state)
{
    (void)state;
    fixture *f = fx_new();
    uint8_t before[MEM];
    memcpy(before, f->m.bytes, MEM);
    /* 4-byte elements through an identity remap: 40 x 9 elements from a
     * pitch source (pitch 200) to (5, 3) of a 64 x 20 element, bh = 1
     * surface, layer 0 */
    set(f, REMAP_COMPONENTS, REMAP(SX, SY, SZ, SW, 1, 4, 4));
    set(f, LINE_LENGTH_IN, 40);
    set(f, LINE_COUNT, 9);
    set(f, PITCH_IN, 200);
    set_bl(f, DST_BLOCK_SIZE, 1, 0, 64, 20, 1, 0, 5, 3);
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_MULTI_LINE | L_REMAP), GLHLE_RESULT_OK);
    uint32_t wb = 64 * 4;
    for (uint32_t y = 0; y < 20; y++)
        for (uint32_t x = 0; x < wb; x++) {
            uint64_t o = mwt_bl_offset(wb, 20, 1, 0, x, y, 0);
            bool inside = x >= 20 && x < 20 + 160 && y >= 3 && y < 12;
            uint8_t want = inside ? before[0x1000 + (y - 3) * 200 + (x - 20)] : before[0x80000 + o];
            if (*mwt_at(&f->m, DST + o) != want)
                fail_msg("byte (%u,%u) at +%llu: %u, expected %u", x, y, (unsigned long long)o, *mwt_at(&f->m, DST + o),
                         want);
        }
    mwt_mem_free(&f->m);
}

static void block_linear_to_pitch_layer(void **state)
{
    (void)state;
    fixture *f = fx_new();
    uint8_t before[MEM];
    memcpy(before, f->m.bytes, MEM);
    /* bytes (no remap): 70 x 6 from (3, 10) of layer 2 of a 100 x 40 x 4
     * surface, bh 2, bd 1, to a pitch destination of pitch 80 */
    set(f, LINE_LENGTH_IN, 70);
    set(f, LINE_COUNT, 6);
    set(f, PITCH_OUT, 80);
    set_bl(f, SRC_BLOCK_SIZE, 2, 1, 100, 40, 4, 2, 3, 10);
    assert_int_equal(launch(f, L_PIPELINED | L_DST_PITCH | L_MULTI_LINE), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < 6; y++)
        for (uint32_t x = 0; x < 80; x++) {
            uint8_t want = x < 70 ? before[0x1000 + mwt_bl_offset(100, 40, 2, 1, 3 + x, 10 + y, 2)]
                                  : before[0x80000 + y * 80 + x];
            assert_int_equal(*mwt_at(&f->m, DST + y * 80 + x), want);
        }
    mwt_mem_free(&f->m);
}

static void block_linear_to_block_linear(void **state)
{
    (void)state;
    fixture *f = fx_new();
    uint8_t before[MEM];
    memcpy(before, f->m.bytes, MEM);
    /* 2-byte elements (remap 1 x 2 bytes): 33 x 17 from (1, 2) of a 64 x 32,
     * bh 0 source to (30, 5) of a 90 x 40, bh 3 destination */
    set(f, REMAP_COMPONENTS, REMAP(SX, SY, SZ, SW, 2, 1, 1));
    set(f, LINE_LENGTH_IN, 33);
    set(f, LINE_COUNT, 17);
    set_bl(f, SRC_BLOCK_SIZE, 0, 0, 64, 32, 1, 0, 1, 2);
    set_bl(f, DST_BLOCK_SIZE, 3, 0, 90, 40, 1, 0, 30, 5);
    assert_int_equal(launch(f, L_PIPELINED | L_MULTI_LINE | L_REMAP), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < 40; y++)
        for (uint32_t x = 0; x < 180; x++) {
            uint64_t o = mwt_bl_offset(180, 40, 3, 0, x, y, 0);
            bool inside = x >= 60 && x < 60 + 66 && y >= 5 && y < 22;
            uint8_t want = inside ? before[0x1000 + mwt_bl_offset(128, 32, 0, 0, 2 + (x - 60), 2 + (y - 5), 0)]
                                  : before[0x80000 + o];
            assert_int_equal(*mwt_at(&f->m, DST + o), want);
        }
    mwt_mem_free(&f->m);
}

static void remap_memset(void **state)
{
    (void)state;
    fixture *f = fx_new();
    /* the source address is unmapped: a constant-only remap reads nothing */
    set(f, OFFSET_IN_UPPER, 0x7F);
    set(f, REMAP_CONST_A, 0xDEADBEEF);
    set(f, REMAP_COMPONENTS, REMAP(CA, CA, CA, CA, 4, 1, 1));
    set(f, LINE_LENGTH_IN, 16);
    unsigned faults = f->m.faults;
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_REMAP), GLHLE_RESULT_OK);
    assert_int_equal(f->m.faults, faults);
    for (int i = 0; i < 16; i++) {
        static const uint8_t le[4] = {0xEF, 0xBE, 0xAD, 0xDE};
        assert_memory_equal(mwt_at(&f->m, DST + 4 * i), le, 4);
    }
    /* a block-linear memset: 1-byte constant B over 70 x 3 at (0, 0) */
    fixture *g = fx_new();
    uint8_t before[MEM];
    memcpy(before, g->m.bytes, MEM);
    set(g, REMAP_CONST_B, 0x5A);
    set(g, REMAP_COMPONENTS, REMAP(CB, SX, SX, SX, 1, 1, 1));
    set(g, LINE_LENGTH_IN, 70);
    set(g, LINE_COUNT, 3);
    set_bl(g, DST_BLOCK_SIZE, 0, 0, 128, 8, 1, 0, 0, 0);
    assert_int_equal(launch(g, L_PIPELINED | L_SRC_PITCH | L_MULTI_LINE | L_REMAP), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 128; x++) {
            uint64_t o = mwt_bl_offset(128, 8, 0, 0, x, y, 0);
            assert_int_equal(*mwt_at(&g->m, DST + o), x < 70 && y < 3 ? 0x5A : before[0x80000 + o]);
        }
    mwt_mem_free(&g->m);
}

static void remap_shuffles(void **state)
{
    (void)state;
    fixture *f = fx_new();
    uint8_t before[MEM];
    memcpy(before, f->m.bytes, MEM);
    /* RGBA -> BGR + constant alpha, 1-byte components, 5 x 2 pitch */
    set(f, REMAP_CONST_B, 0x11223344);
    set(f, REMAP_COMPONENTS, REMAP(SZ, SY, SX, CB, 1, 4, 4));
    set(f, LINE_LENGTH_IN, 5);
    set(f, LINE_COUNT, 2);
    set(f, PITCH_IN, 20);
    set(f, PITCH_OUT, 24);
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_MULTI_LINE | L_REMAP), GLHLE_RESULT_OK);
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 5; x++) {
            const uint8_t *s = before + 0x1000 + y * 20 + x * 4;
            const uint8_t *d = mwt_at(&f->m, DST + y * 24 + x * 4);
            assert_int_equal(d[0], s[2]);
            assert_int_equal(d[1], s[1]);
            assert_int_equal(d[2], s[0]);
            assert_int_equal(d[3], 0x44);
        }
    /* 3-byte components, 2 source -> 3 destination: (Y, X, A); NO_WRITE keeps */
    fixture *g = fx_new();
    memcpy(before, g->m.bytes, MEM);
    set(g, REMAP_CONST_A, 0xAABBCCDD);
    set(g, REMAP_COMPONENTS, REMAP(SY, NW, CA, SX, 3, 2, 3));
    set(g, LINE_LENGTH_IN, 4);
    assert_int_equal(launch(g, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_REMAP), GLHLE_RESULT_OK);
    for (int x = 0; x < 4; x++) {
        const uint8_t *s = before + 0x1000 + x * 6;
        const uint8_t *keep = before + 0x80000 + x * 9;
        const uint8_t *d = mwt_at(&g->m, DST + x * 9);
        assert_memory_equal(d, s + 3, 3);
        assert_memory_equal(d + 3, keep + 3, 3);
        static const uint8_t ca[3] = {0xDD, 0xCC, 0xBB};
        assert_memory_equal(d + 6, ca, 3);
    }
    assert_memory_equal(mwt_at(&g->m, DST + 36), before + 0x80000 + 36, 8);
    mwt_mem_free(&g->m);
}

static void semaphores(void **state)
{
    (void)state;
    fixture *f = fx_new();
    set(f, SEM_A, (uint32_t)(BASE >> 32));
    set(f, SEM_B, 0x40000);
    set(f, SEM_PAYLOAD, 0x12345678);
    f->m.time = 0x0102030405060708ull;
    /* no transfer, one-word release */
    assert_int_equal(launch(f, L_SEM_ONE), GLHLE_RESULT_OK);
    static const uint8_t one[4] = {0x78, 0x56, 0x34, 0x12};
    assert_memory_equal(mwt_at(&f->m, BASE + 0x40000), one, 4);
    /* a copy, then a four-word release: payload, 0, timestamp */
    set(f, SEM_B, 0x40100);
    set(f, LINE_LENGTH_IN, 4);
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_SEM_FOUR), GLHLE_RESULT_OK);
    static const uint8_t four[16] = {0x78, 0x56, 0x34, 0x12, 0, 0, 0, 0, 8, 7, 6, 5, 4, 3, 2, 1};
    assert_memory_equal(mwt_at(&f->m, BASE + 0x40100), four, 16);
    mwt_mem_free(&f->m);
}

/* LAUNCH_DMA SEMAPHORE_REDUCTION 17:14, SIGN 18 (SIGNED 0), ENABLE 19; each
 * row's result worked by hand from the operation's name in clb0b5.h (INC
 * and DEC as CUDA's atomicInc/atomicDec, FADD as binary32 addition). */
#define L_RED(op, is_unsigned) ((uint32_t)(op) << 14 | (uint32_t)(is_unsigned) << 18 | 1u << 19)

static void semaphore_reductions(void **state)
{
    (void)state;
    static const struct {
        uint32_t op, is_unsigned, old, payload, want;
    } rows[] = {
        {0, 0, 0xFFFFFFFEu, 5, 0xFFFFFFFEu}, /* IMIN signed: -2 < 5 */
        {0, 1, 0xFFFFFFFEu, 5, 5},           /* IMIN unsigned: 5 < 4294967294 */
        {1, 0, 0xFFFFFFFEu, 5, 5},           /* IMAX signed */
        {1, 1, 0xFFFFFFFEu, 5, 0xFFFFFFFEu}, /* IMAX unsigned */
        {1, 0, 0x80000000u, 0x7FFFFFFFu, 0x7FFFFFFFu}, /* INT_MIN vs INT_MAX */
        {2, 0, 0xF0F0F0F0u, 0x0FF00FF0u, 0xFF00FF00u}, /* IXOR */
        {3, 1, 0xF0F0F0F0u, 0x0FF00FF0u, 0x00F000F0u}, /* IAND */
        {4, 1, 0xF0F0F0F0u, 0x0FF00FF0u, 0xFFF0FFF0u}, /* IOR */
        {5, 1, 0xFFFFFFFFu, 2, 1},                     /* IADD wraps */
        {5, 0, 100, 0xFFFFFFF6u, 90},                  /* IADD of -10 */
        {6, 1, 3, 5, 4},                               /* INC below the limit */
        {6, 1, 5, 5, 0},                               /* INC at the limit wraps to 0 */
        {6, 1, 7, 5, 0},                               /* INC above the limit */
        {7, 1, 3, 5, 2},                               /* DEC */
        {7, 1, 0, 5, 5},                               /* DEC from 0 wraps to the limit */
        {7, 1, 9, 5, 5},                               /* DEC above the limit */
        {10, 0, 0x3FC00000u, 0x40100000u, 0x40700000u}, /* FADD 1.5 + 2.25 = 3.75 */
        {10, 0, 0x3F800000u, 0xBF800000u, 0x00000000u}, /* FADD 1 + -1 = +0 */
    };
    fixture *f = fx_new();
    set(f, SEM_A, (uint32_t)(BASE >> 32));
    set(f, SEM_B, 0x40000);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        memcpy(mwt_at(&f->m, BASE + 0x40000), &rows[i].old, 4);
        set(f, SEM_PAYLOAD, rows[i].payload);
        assert_int_equal(launch(f, L_SEM_ONE | L_RED(rows[i].op, rows[i].is_unsigned)), GLHLE_RESULT_OK);
        uint32_t got;
        memcpy(&got, mwt_at(&f->m, BASE + 0x40000), 4);
        if (got != rows[i].want)
            fail_msg("row %zu: op %u old 0x%08x payload 0x%08x: got 0x%08x, want 0x%08x", i, rows[i].op,
                     rows[i].old, rows[i].payload, got, rows[i].want);
    }
    /* four words: the reduced value, 0, the timestamp */
    f->m.time = 0x1112131415161718ull;
    const uint32_t three = 3;
    memcpy(mwt_at(&f->m, BASE + 0x40000), &three, 4);
    set(f, SEM_PAYLOAD, 0x10);
    assert_int_equal(launch(f, L_SEM_FOUR | L_RED(5, 1)), GLHLE_RESULT_OK);
    static const uint8_t four[16] = {0x13, 0, 0, 0, 0, 0, 0, 0, 0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11};
    assert_memory_equal(mwt_at(&f->m, BASE + 0x40000), four, 16);
    /* an undefined reduction (8, 9 and 11-15 name none) writes nothing */
    uint8_t before[16];
    memcpy(before, mwt_at(&f->m, BASE + 0x40000), 16);
    ts_log_clear();
    assert_int_equal(launch(f, L_SEM_ONE | L_RED(9, 0)), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("reduction 9"));
    assert_memory_equal(mwt_at(&f->m, BASE + 0x40000), before, 16);
    /* a semaphore outside memory faults with its address */
    set(f, SEM_B, 0x40000000);
    ts_log_clear();
    assert_int_equal(launch(f, L_SEM_ONE | L_RED(5, 1)), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("0x0140000000"));
    mwt_mem_free(&f->m);
}

/* The in-GOB place of linear GOB byte l (row l / 64, byte l % 64), from
 * tests/support's GOB model. */
static uint64_t gob_place(uint64_t l)
{
    return mwt_bl_offset(64, 8, 0, 0, (uint32_t)(l % 64), (uint32_t)(l / 64), 0);
}

/* A 1D copy between memory of a pitch kind and of a block-linear kind: the
 * block-linear side's bytes are GOB-swizzled (yuzu MaxwellDMA, Ryujinx
 * DmaClass: when the page kinds differ); between two of the same kind it
 * is a plain copy. The layout bits play no part. */
static void one_d_copy_page_kinds(void **state)
{
    (void)state;
    uint8_t before[MEM];
    /* pitch -> block-linear kind: 700 bytes to DST + 100 (GOB-aligned DST) */
    fixture *f = fx_new();
    memcpy(before, f->m.bytes, MEM);
    mwt_mem_kinds(&f->m, DST, DST + 0x10000);
    set(f, OFFSET_OUT_LOWER, (uint32_t)(DST + 100));
    set(f, LINE_LENGTH_IN, 700);
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH), GLHLE_RESULT_OK);
    for (uint64_t off = 0; off < 1024; off++) { /* the two GOBs the copy touches */
        const uint64_t at = (off & ~511ull) + gob_place(off & 511); /* byte `off` of the linear view */
        const bool inside = off >= 100 && off < 800;
        const uint8_t want = inside ? before[0x1000 + off - 100] : before[0x80000 + at];
        if (*mwt_at(&f->m, DST + at) != want)
            fail_msg("linear byte %llu (at +%llu): got 0x%02x, want 0x%02x", (unsigned long long)off,
                     (unsigned long long)at, *mwt_at(&f->m, DST + at), want);
    }
    /* the layout bits say block-linear: still the same (a 1D copy) */
    fixture *g = fx_new();
    mwt_mem_kinds(&g->m, DST, DST + 0x10000);
    set(g, OFFSET_OUT_LOWER, (uint32_t)(DST + 100));
    set(g, LINE_LENGTH_IN, 700);
    assert_int_equal(launch(g, L_PIPELINED), GLHLE_RESULT_OK);
    for (uint64_t off = 100; off < 800; off++)
        assert_int_equal(*mwt_at(&g->m, DST + (off & ~511ull) + gob_place(off & 511)), before[0x1000 + off - 100]);
    /* block-linear kind -> pitch: the source GOB read in linear order */
    fixture *h = fx_new();
    mwt_mem_kinds(&h->m, SRC & ~511ull, (SRC & ~511ull) + 0x1000);
    set(h, OFFSET_IN_LOWER, (uint32_t)(SRC + 37));
    set(h, LINE_LENGTH_IN, 300);
    assert_int_equal(launch(h, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH), GLHLE_RESULT_OK);
    for (uint64_t i = 0; i < 300; i++) {
        const uint64_t l = 37 + i; /* SRC is GOB-aligned */
        assert_int_equal(*mwt_at(&h->m, DST + i), before[0x1000 + (l & ~511ull) + gob_place(l & 511)]);
    }
    assert_int_equal(*mwt_at(&h->m, DST + 300), before[0x80000 + 300]);
    /* both block-linear kinds: a plain copy */
    fixture *k = fx_new();
    mwt_mem_kinds(&k->m, BASE, BASE + MEM);
    set(k, LINE_LENGTH_IN, 600);
    assert_int_equal(launch(k, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH), GLHLE_RESULT_OK);
    assert_memory_equal(mwt_at(&k->m, DST), before + 0x1000, 600);
    /* a source that spans both kinds is refused, nothing written */
    fixture *m = fx_new();
    mwt_mem_kinds(&m->m, SRC + 0x100, SRC + 0x1000);
    set(m, LINE_LENGTH_IN, 0x200);
    ts_log_clear();
    assert_int_equal(launch(m, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("0x0100001000-0x0100001200 spans both"));
    assert_memory_equal(m->m.bytes, before, MEM);
    mwt_mem_free(&m->m);
}

/* 2D/3D operands in memory whose kind does not suit their layout bit are
 * refused with their range, nothing written. */
static void mis_kinded_operands(void **state)
{
    (void)state;
    uint8_t before[MEM];
    /* a block-linear destination (64 x 8, one GOB) in pitch-kind memory */
    fixture *f = fx_new();
    memcpy(before, f->m.bytes, MEM);
    mwt_mem_kinds(&f->m, BASE + 0xF0000, BASE + MEM);
    set_bl(f, DST_BLOCK_SIZE, 0, 0, 64, 8, 1, 0, 0, 0);
    set(f, LINE_LENGTH_IN, 64);
    set(f, LINE_COUNT, 8);
    set(f, PITCH_IN, 64);
    ts_log_clear();
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_MULTI_LINE), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("DMA destination at 0x0100080000-0x0100080200: a block-linear surface in pitch-kind"));
    assert_memory_equal(f->m.bytes, before, MEM);
    /* the same in block-linear-kind memory is copied */
    mwt_mem_kinds(&f->m, DST, DST + 0x1000);
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_MULTI_LINE), GLHLE_RESULT_OK);
    assert_int_equal(*mwt_at(&f->m, DST + mwt_bl_offset(64, 8, 0, 0, 5, 3, 0)), before[0x1000 + 3 * 64 + 5]);
    /* a pitch source in block-linear-kind memory */
    fixture *g = fx_new();
    mwt_mem_kinds(&g->m, SRC, SRC + 0x1000);
    set(g, LINE_LENGTH_IN, 16);
    set(g, LINE_COUNT, 2);
    set(g, PITCH_IN, 32);
    set(g, PITCH_OUT, 16);
    ts_log_clear();
    assert_int_equal(launch(g, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_MULTI_LINE), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("DMA source at 0x0100001000-0x0100001030: a pitch surface in block-linear-kind"));
    assert_memory_equal(g->m.bytes, before, MEM);
    mwt_mem_free(&g->m);
}

/* ---- copies within one surface: refused only where a byte is both read
 * and written ----
 * One side of a copy in the test's own model: a pitch surface (row y at
 * va + y * pitch, the rectangle's first byte at va) or a block-linear one
 * (mwt_bl_offset, blocks of 2^bh GOBs), the rectangle at (x, y) bytes,
 * rows. */
typedef struct side {
    bool bl;
    uint64_t va;
    int32_t pitch;
    uint32_t wb, h, bh, x, y;
} side;

/* Offset from BASE of byte x of line y of the side's rectangle. */
static uint64_t side_at(const side *s, uint32_t x, uint32_t y)
{
    if (s->bl)
        return s->va - BASE + mwt_bl_offset(s->wb, s->h, s->bh, 0, s->x + x, s->y + y, 0);
    return (uint64_t)((int64_t)(s->va - BASE) + (int64_t)y * s->pitch + x);
}

static void side_regs(fixture *f, const side *s, bool src)
{
    set(f, src ? OFFSET_IN_LOWER : OFFSET_OUT_LOWER, (uint32_t)s->va);
    if (s->bl)
        set_bl(f, src ? SRC_BLOCK_SIZE : DST_BLOCK_SIZE, s->bh, 0, s->wb, s->h, 1, 0, s->x, s->y);
    else
        set(f, src ? PITCH_IN : PITCH_OUT, (uint32_t)s->pitch);
}

#define SEM_AT (BASE + 0xF0000)

/* Launches the w x lines copy from s to d (one byte an element) with a
 * semaphore; ok: memory must be `before` with each byte of d's rectangle
 * the byte of s's the per-byte model gives and the semaphore written;
 * else refused as an overlap naming byte `shared`, nothing written. */
static void within(const side *s, const side *d, uint32_t w, uint32_t lines, bool ok, uint64_t shared)
{
    static uint8_t before[MEM], want[MEM];
    fixture *f = fx_new();
    memcpy(before, f->m.bytes, MEM);
    memcpy(want, before, MEM);
    side_regs(f, s, true);
    side_regs(f, d, false);
    set(f, LINE_LENGTH_IN, w);
    set(f, LINE_COUNT, lines);
    set(f, SEM_A, (uint32_t)(SEM_AT >> 32));
    set(f, SEM_B, (uint32_t)SEM_AT);
    set(f, SEM_PAYLOAD, 0xC0FFEE11);
    ts_log_clear();
    const glhle_result r = launch(f, L_PIPELINED | L_SEM_ONE | L_MULTI_LINE | (s->bl ? 0 : L_SRC_PITCH) |
                                         (d->bl ? 0 : L_DST_PITCH));
    if (ok) {
        for (uint32_t y = 0; y < lines; y++)
            for (uint32_t x = 0; x < w; x++)
                want[side_at(d, x, y)] = before[side_at(s, x, y)];
        const uint32_t payload = 0xC0FFEE11;
        memcpy(want + (SEM_AT - BASE), &payload, 4);
        assert_int_equal(r, GLHLE_RESULT_OK);
    } else {
        char msg[64];
        snprintf(msg, sizeof msg, "overlap (byte 0x%010llx is read and written)", (unsigned long long)shared);
        assert_int_equal(r, GLHLE_RESULT_INVALID_ARGUMENT);
        if (!ts_log_contains(msg))
            fail_msg("no \"%s\" in the log", msg);
    }
    for (size_t i = 0; i < MEM; i++)
        if (f->m.bytes[i] != want[i])
            fail_msg("byte +0x%zx: got 0x%02x, want 0x%02x", i, f->m.bytes[i], want[i]);
}

/* Two rectangles of one pitch surface side by side in the same rows (their
 * byte spans interleave) are copied, either way round, touching or not;
 * one shared byte is refused with it. */
static void within_one_pitch_surface(void **state)
{
    (void)state;
    const uint64_t P = SRC; /* rows of 256 bytes */
    side a = {false, P + 2 * 256 + 0, 256, 0, 0, 0, 0, 0}, b = {false, P + 2 * 256 + 120, 256, 0, 0, 0, 0, 0};
    within(&a, &b, 100, 10, true, 0); /* source left */
    a.va = P + 3 * 256 + 120, b.va = P + 1 * 256 + 10;
    within(&a, &b, 100, 10, true, 0); /* source right, rows apart by two */
    a.va = P, b.va = P + 100;
    within(&a, &b, 100, 4, true, 0); /* touching: bytes 99 and 100 of each row */
    within(&b, &a, 100, 4, true, 0);
    a.va = P, b.va = P + 3 * 256 + 99;
    within(&a, &b, 100, 4, false, P + 3 * 256 + 99); /* one byte shared: row 3's byte 99 */
    within(&b, &a, 100, 4, false, P + 3 * 256 + 99);
    /* rows interleaved: even rows to odd ones of a 256-byte pitch */
    side e = {false, P, 512, 0, 0, 0, 0, 0}, o = {false, P + 256, 512, 0, 0, 0, 0, 0};
    within(&e, &o, 256, 8, true, 0);
    within(&o, &e, 256, 8, true, 0);
    o.va = P + 255;
    within(&e, &o, 256, 8, false, P + 255);
    /* a negative pitch walking up over the other's rows */
    side up = {false, P + 7 * 256 + 128, -256, 0, 0, 0, 0, 0}, down = {false, P, 256, 0, 0, 0, 0, 0};
    within(&down, &up, 128, 8, true, 0);
    down.va = P + 1;
    within(&down, &up, 128, 8, false, P + 128); /* row 0 of each */
    /* lines folded onto one (pitch 0) beside the other's */
    side z = {false, P + 64, 0, 0, 0, 0, 0, 0}, r = {false, P + 128, 256, 0, 0, 0, 0, 0};
    within(&z, &r, 64, 6, true, 0);
    within(&r, &z, 64, 6, true, 0);
    r.va = P + 127;
    within(&r, &z, 64, 6, false, P + 127);
}

/* Block-linear neighbours in one row of GOBs (the same GOBs, other bytes
 * of them) are copied, either way round; a shared byte is refused; a
 * pitch operand's bytes in the gaps the GOB swizzle leaves are copied. */
static void within_one_block_linear_surface(void **state)
{
    (void)state;
    const uint64_t B = SRC; /* 256 x 32 bytes, blocks of 2 GOBs */
    side a = {true, B, 0, 256, 32, 1, 0, 3}, b = {true, B, 0, 256, 32, 1, 40, 3};
    within(&a, &b, 40, 12, true, 0); /* touching at x 39 / 40, rows 3-14 */
    within(&b, &a, 40, 12, true, 0);
    side c = {true, B, 0, 256, 32, 1, 100, 2}, d = {true, B, 0, 256, 32, 1, 70, 6};
    within(&c, &d, 28, 9, true, 0); /* both in the second GOB column */
    within(&d, &c, 28, 9, true, 0);
    d.x = 99;
    within(&c, &d, 28, 9, false, B + mwt_bl_offset(256, 32, 1, 0, 100, 6, 0));
    /* 16 x 4 at the GOB's corner writes GOB bytes 0-31 and 64-95; a pitch
     * source (pitch 0) at GOB bytes 32-47 or 48-63 reads none of them, one
     * at 60-75 does */
    side g = {true, B, 0, 256, 32, 1, 0, 0}, p = {false, B + 32, 0, 0, 0, 0, 0, 0};
    within(&p, &g, 16, 4, true, 0);
    p.va = B + 48;
    within(&p, &g, 16, 4, true, 0);
    p.va = B + 60;
    within(&p, &g, 16, 4, false, B + 64);
}

/* A remapped copy (4 one-byte components reversed) side by side in the
 * same rows: copied; elements count whole. */
static void within_one_surface_remapped(void **state)
{
    (void)state;
    static uint8_t before[MEM];
    fixture *f = fx_new();
    memcpy(before, f->m.bytes, MEM);
    const side s = {false, SRC + 128, 128, 0, 0, 0, 0, 0}, d = {false, SRC + 128 + 40, 128, 0, 0, 0, 0, 0};
    side_regs(f, &s, true);
    side_regs(f, &d, false);
    set(f, REMAP_COMPONENTS, REMAP(SW, SZ, SY, SX, 1, 4, 4));
    set(f, LINE_LENGTH_IN, 10);
    set(f, LINE_COUNT, 4);
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_MULTI_LINE | L_REMAP), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t i = 0; i < 40; i++)
            assert_int_equal(f->m.bytes[0x1000 + 128 + 128 * y + 40 + i],
                             before[0x1000 + 128 + 128 * y + (i & ~3u) + 3 - (i & 3)]);
    assert_memory_equal(f->m.bytes + 0x1000 + 128 + 80, before + 0x1000 + 128 + 80, 48);
    /* one element closer: the destination's first element is the source's
     * last (bytes 36-39 of each row) */
    set(f, OFFSET_OUT_LOWER, (uint32_t)(SRC + 128 + 36));
    ts_log_clear();
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_MULTI_LINE | L_REMAP),
                     GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("(byte 0x01000010a4 is read and written)"));
    mwt_mem_free(&f->m);
}

static void bad_launches(void **state)
{
    (void)state;
    fixture *f = fx_new();
    uint8_t before[MEM];
    memcpy(before, f->m.bytes, MEM);
    /* a source that runs off the mapping: nothing is written */
    set(f, OFFSET_IN_LOWER, (uint32_t)(BASE + MEM - 10));
    set(f, LINE_LENGTH_IN, 20);
    ts_log_clear();
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("0x01000ffff6"));
    assert_memory_equal(f->m.bytes, before, MEM);
    /* overlapping source and destination */
    set(f, OFFSET_IN_LOWER, (uint32_t)(DST + 8));
    ts_log_clear();
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("overlap"));
    set(f, OFFSET_IN_LOWER, (uint32_t)SRC);
    /* block size past 32 GOBs */
    set_bl(f, DST_BLOCK_SIZE, 6, 0, 64, 8, 1, 0, 0, 0);
    set(f, LINE_COUNT, 1);
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_MULTI_LINE), GLHLE_RESULT_BAD_DATA);
    /* a rectangle outside its surface */
    set_bl(f, DST_BLOCK_SIZE, 0, 0, 64, 8, 1, 0, 50, 0);
    ts_log_clear();
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_MULTI_LINE), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("leaves the 64x8x1 surface"));
    set_bl(f, DST_BLOCK_SIZE, 0, 0, 64, 8, 1, 1, 0, 0);
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_MULTI_LINE), GLHLE_RESULT_OUT_OF_BOUNDS);
    /* absurd sizes */
    set(f, LINE_LENGTH_IN, 0xFFFFFFFF);
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH), GLHLE_RESULT_LIMIT_EXCEEDED);
    set(f, LINE_LENGTH_IN, 16);
    set(f, LINE_COUNT, 0x10000000);
    set(f, PITCH_IN, 0x1000);
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_MULTI_LINE), GLHLE_RESULT_LIMIT_EXCEEDED);
    /* a remap reading a component the source does not have */
    set(f, LINE_COUNT, 1);
    set(f, REMAP_COMPONENTS, REMAP(SW, SX, SX, SX, 1, 2, 1));
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_REMAP), GLHLE_RESULT_BAD_DATA);
    assert_memory_equal(f->m.bytes, before, MEM);
    /* zero lengths do nothing */
    set(f, LINE_LENGTH_IN, 0);
    assert_int_equal(launch(f, L_PIPELINED | L_SRC_PITCH | L_DST_PITCH), GLHLE_RESULT_OK);
    assert_memory_equal(f->m.bytes, before, MEM);
    mwt_mem_free(&f->m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_d_copy),
        cmocka_unit_test(pitch_to_pitch_lines),
        cmocka_unit_test(pitch_to_block_linear),
        cmocka_unit_test(block_linear_to_pitch_layer),
        cmocka_unit_test(block_linear_to_block_linear),
        cmocka_unit_test(remap_memset),
        cmocka_unit_test(remap_shuffles),
        cmocka_unit_test(semaphores),
        cmocka_unit_test(semaphore_reductions),
        cmocka_unit_test(one_d_copy_page_kinds),
        cmocka_unit_test(mis_kinded_operands),
        cmocka_unit_test(within_one_pitch_surface),
        cmocka_unit_test(within_one_block_linear_surface),
        cmocka_unit_test(within_one_surface_remapped),
        cmocka_unit_test(bad_launches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
