/* The Maxwell CPU engines (backend/maxwell/engines/) on random method
 * arrays over a small fake GPU memory (tests/support/maxwell_fake_mem):
 * byte 0 picks DMA LAUNCH_DMA, inline-to-memory (begin + data words), a 2D
 * blit, a QMD decode / compute launch, or the block-linear converter; the
 * rest fills the engine's methods, each value shaped by its low two bits
 * into a raw word, a small count, an address inside the memory, or a
 * block-size / layout field, so the deep paths are reached as well as the
 * checks; with the first byte's high bit the memory has kinds. No crash, no out-of-bounds access (ASan), no unbounded
 * allocation; the block-linear fast path must equal the reference. */
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/engines/engines.h"
#include "backend/maxwell/memory/block_linear.h"
#include "support/fuzz_support.h"
#include "support/maxwell_fake_mem.h"

#define MEM_BASE 0x10000u
#define MEM_SIZE 0x10000u

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static uint32_t word(reader *r)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        v |= (uint32_t)(r->n ? *r->p : 0) << (8 * i);
        if (r->n)
            r->p++, r->n--;
    }
    return v;
}

static uint32_t shaped(reader *r)
{
    uint32_t w = word(r);
    switch (w & 3) {
    case 0:
        return w >> 2;
    case 1:
        return (w >> 2) % 130;
    case 2:
        return MEM_BASE - 64 + (w >> 2) % (MEM_SIZE + 128);
    default:
        return (w >> 2) & 0x00FF0F7F; /* block sizes, small layer/origin fields */
    }
}

/* the methods each engine reads (offsets from the class headers) */
static const uint16_t dma_methods[] = {0x240, 0x244, 0x248, 0x300, 0x400, 0x404, 0x408, 0x40C, 0x410, 0x414,
                                       0x418, 0x41C, 0x700, 0x704, 0x708, 0x70C, 0x710, 0x714, 0x718, 0x71C,
                                       0x720, 0x728, 0x72C, 0x730, 0x734, 0x738, 0x73C};
static const uint16_t i2m_methods[] = {0x180, 0x184, 0x188, 0x18C, 0x190, 0x194, 0x198, 0x19C,
                                       0x1A0, 0x1A4, 0x1A8, 0x1AC, 0x1B0, 0x1DC, 0x1E0, 0x1E4};
static const uint16_t twod_methods[] = {0x200, 0x204, 0x208, 0x20C, 0x210, 0x214, 0x218, 0x21C, 0x220, 0x224,
                                        0x230, 0x234, 0x238, 0x23C, 0x244, 0x248, 0x24C, 0x250, 0x254, 0x280,
                                        0x284, 0x288, 0x28C, 0x290, 0x2AC, 0x88C, 0x8B0, 0x8B4, 0x8B8, 0x8BC,
                                        0x8C0, 0x8C4, 0x8C8, 0x8CC, 0x8D0, 0x8D4, 0x8D8, 0x8DC};

static void fill(uint32_t *regs, const uint16_t *methods, size_t count, reader *r)
{
    for (size_t i = 0; i < count; i++)
        regs[methods[i] / 4] = shaped(r);
}

static void block_linear(reader *r, const glhle_logger *lg)
{
    uint32_t a = word(r), b = word(r), c = word(r);
    mw_bl_geom g;
    if (mw_bl_geom_init(&g, 1 + (a & 511), 1 + ((a >> 9) & 127), 1 + ((a >> 16) & 3), (a >> 18) & 7, (a >> 21) & 7,
                        lg) != GLHLE_RESULT_OK || g.size > (1u << 22))
        return;
    mw_bl_box box = {b & 511, (b >> 9) & 127, (b >> 16) & 3, 1 + (c & 511), 1 + ((c >> 9) & 127), 1 + ((c >> 16) & 3)};
    size_t pitch = box.width + ((c >> 18) & 31);
    size_t lsize = pitch * box.height * box.depth;
    uint8_t *t = malloc(g.size), *l1 = calloc(1, lsize), *l2 = calloc(1, lsize), *t2 = malloc(g.size);
    if (t && l1 && l2 && t2) {
        for (size_t i = 0; i < g.size; i++)
            t[i] = (uint8_t)(i * 7 + (i >> 8));
        glhle_result r1 = mw_bl_tiled_to_linear(&g, t, g.size, &box, l1, lsize, pitch, 0, 0, lg);
        glhle_result r2 = mw_bl_tiled_to_linear(&g, t, g.size, &box, l2, lsize, pitch, 0, MW_BL_REFERENCE, lg);
        if (r1 != r2 || memcmp(l1, l2, lsize))
            __builtin_trap();
        memcpy(t2, t, g.size);
        r1 = mw_bl_linear_to_tiled(&g, t, g.size, &box, l1, lsize, pitch, 0, 0, lg);
        r2 = mw_bl_linear_to_tiled(&g, t2, g.size, &box, l1, lsize, pitch, 0, MW_BL_REFERENCE, lg);
        if (r1 != r2 || memcmp(t, t2, g.size))
            __builtin_trap();
    }
    free(t);
    free(t2);
    free(l1);
    free(l2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    static uint32_t regs[0x1700 / 4];
    if (size < 1)
        return 0;
    reader r = {data + 1, size - 1};
    mwt_mem m;
    mwt_mem_init(&m, MEM_BASE, MEM_SIZE, 0, &lg);
    if (!m.bytes)
        return 0;
    static uint8_t pattern[MEM_SIZE];
    if (!pattern[1])
        for (size_t i = 0; i < MEM_SIZE; i++)
            pattern[i] = (uint8_t)(i * 131 + 7);
    memcpy(m.bytes, pattern, MEM_SIZE);
    memset(regs, 0, sizeof regs);
    /* the high bit gives the memory kinds: a block-linear-kind stretch
     * inside pitch memory, so kind checks and 1D GOB swizzles run too */
    if (data[0] & 0x80)
        mwt_mem_kinds(&m, MEM_BASE + ((data[0] >> 3) & 7) * 0x1000u, MEM_BASE + MEM_SIZE - ((data[0] >> 5) & 3) * 0x1800u);
    switch (data[0] % 5) {
    case 0:
        fill(regs, dma_methods, sizeof dma_methods / sizeof dma_methods[0], &r);
        mw_dma_launch(regs, &m.io);
        break;
    case 1: {
        fill(regs, i2m_methods, sizeof i2m_methods / sizeof i2m_methods[0], &r);
        mw_i2m st;
        mw_i2m_begin(&st, regs, &m.io);
        while (r.n)
            mw_i2m_data(&st, word(&r), &m.io);
        break;
    }
    case 2:
        fill(regs, twod_methods, sizeof twod_methods / sizeof twod_methods[0], &r);
        mw_2d_blit(regs, &m.io);
        break;
    case 3: {
        uint32_t qmd[64];
        for (int i = 0; i < 64; i++)
            qmd[i] = word(&r);
        mw_compute_launch l;
        mw_qmd_decode(qmd, &l, &lg);
        memcpy(m.bytes + 0x100, qmd, sizeof qmd);
        regs[0x2B4 / 4] = (MEM_BASE + 0x100) >> 8;
        regs[0x1608 / 4] = word(&r);
        regs[0x160C / 4] = word(&r);
        mw_compute_launch_decode(regs, &m.io, &l);
        break;
    }
    default:
        block_linear(&r, &lg);
        break;
    }
    mwt_mem_free(&m);
    return 0;
}
