/* DMA copies (class B0B5) on the GPU between resident surfaces
 * (backend/maxwell/render/dma_gpu.c) against the CPU engine
 * (backend/maxwell/engines/dma.c). Each case: a source surface S (pitch or
 * block-linear, format Fs) loaded from a fixed pseudo-random pattern in
 * guest memory and drawn on (a rectangle and a triangle with a slanted
 * edge, so at scale 2 S's scaled pixels differ inside a native pixel), a
 * destination D (format Fd) loaded from another pattern and drawn on, then
 * one LAUNCH_DMA copying a rectangle of S into D, with a semaphore release.
 * At scales 1 and 2 the same frame runs with the GPU path and with every
 * copy through the CPU engine; S's and D's memory after write-back must be
 * byte-identical, the semaphore must be written both ways, and the GPU run
 * must have taken the GPU path (or, for the cases it must decline, not).
 * Copies within one surface (D is S) are taken when source and
 * destination share no byte (rows apart, or side by side in the same rows
 * or GOBs); those the CPU engine refuses (a byte read and written) must be
 * refused the same way with the GPU path on: one
 * problem, no semaphore, memory as the CPU run leaves it. Zeta surfaces
 * (block-linear, loaded from the patterns too) are drawn on with depth
 * writes and a triangle whose depth varies across it; multisampled ones
 * (MODE_2X2) hold a 64x64 image of samples in memory, the copy's
 * rectangle in it.
 * D's rectangle is also checked against the copy worked out here from the
 * registers (pitch rows at OFFSET + y * PITCH, block-linear bytes where
 * mwt_bl_offset, the test's own layout model, puts them), so a copy to or
 * from the wrong place fails even when both engines agree. Skips when the
 * shader corpus is absent. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/render_targets.h"
#include "scenes/maxwell_draw_scene.h"
#include "support/maxwell_fake_mem.h"
#include "support/maxwell_support.h"

#define W TMD_RECTS_W
#define H TMD_RECTS_H
#define M(byte_offset) ((byte_offset) / 4u)
/* surfaces: block-linear ones in the block-linear-kind memory, pitch ones
 * in the pitch-kind memory (past the programs and vertex data) */
#define BL_S (TMD_RECTS_RT_VA + 0x80000u)
#define BL_D (TMD_RECTS_RT_VA + 0xC0000u)
#define PL_S (TMD_RECTS_DATA_VA + 0x200000u)
#define PL_D (TMD_RECTS_DATA_VA + 0x280000u)
#define SEM (TMD_RECTS_DATA_VA + 0x300000u)
#define SPAN 0x10000u /* more than a 32x32 surface of 8-byte pixels spans, and the rows a straddling copy reads */

/* clb0b5.h methods */
enum {
    LAUNCH_DMA = 0x300,
    OFFSET_IN_UPPER = 0x400,
    PITCH_IN = 0x410,
    PITCH_OUT = 0x414,
    LINE_LENGTH_IN = 0x418,
    LINE_COUNT = 0x41C,
    SET_SEMAPHORE_A = 0x240,
    SET_REMAP_COMPONENTS = 0x708,
    SET_DST_BLOCK_SIZE = 0x70C,
    SET_SRC_BLOCK_SIZE = 0x728,
};

typedef struct dma_case {
    const char *name;
    uint32_t sfmt, dfmt;     /* SET_COLOR_TARGET_FORMAT values */
    bool spitch, dpitch;
    bool same;               /* D is S: the copy goes within one surface */
    uint32_t ncomp;          /* remap: components of 1 byte (0: no remap) */
    uint32_t sel;            /* remap: DST_X..DST_W selectors (4 bits each) */
    bool one_d;              /* MULTI_LINE_ENABLE clear */
    uint32_t sx, sy, dx, dy; /* the rectangle's origins: bytes, rows */
    uint32_t bytes, lines;   /* bytes per line, lines */
    bool taken;              /* the GPU path must take it */
    /* the CPU engine refuses it (a byte the copy reads is one it writes,
     * engines/dma.c prepare): nothing is written, no
     * semaphore, one problem, whichever engine is asked */
    bool refused;
    /* 1: S is a zeta target (sfmt a SET_ZT_FORMAT value), 2: D is; drawn
     * on with depth writes (test ALWAYS); 4: S and D are multisampled,
     * SET_ANTI_ALIAS MODE_2X2 (memory: a 64x64 image of samples, each
     * pixel a 2x2 block; the rectangle's origin and size in samples) */
    uint32_t zeta;
} dma_case;

static const dma_case CASES[] = {
    {"block-linear -> block-linear, whole surface", 0xD5, 0xD5, false, false, false, 0, 0, false, 0, 0, 0, 0,
     W * 4, H, true, false, 0},
    {"block-linear -> block-linear, rectangle, identity remap of 4 bytes", 0xD5, 0xD5, false, false, false, 4,
     0x3210, false, 3 * 4, 5, 17 * 4, 20, 13 * 4, 9, true, false, 0},
    {"pitch -> block-linear, rectangle", 0xD5, 0xD5, true, false, false, 0, 0, false, 2 * 4, 7, 8 * 4, 16, 20 * 4,
     11, true, false, 0},
    {"block-linear -> pitch, rectangle", 0xD5, 0xD5, false, true, false, 0, 0, false, 9 * 4, 1, 0, 22, 23 * 4, 10,
     true, false, 0},
    {"pitch -> pitch, rectangle", 0xD5, 0xD5, true, true, false, 0, 0, false, 11 * 4, 3, 5 * 4, 9, 21 * 4, 19,
     true, false, 0},
    {"A8B8G8R8 -> RF32 (bits as they are)", 0xD5, 0xE5, false, false, false, 0, 0, false, 4 * 4, 4, 6 * 4, 2,
     24 * 4, 26, true, false, 0},
    {"A8R8G8B8 -> A8B8G8R8 (re-encoded)", 0xCF, 0xD5, false, true, false, 0, 0, false, 1 * 4, 2, 3 * 4, 4, 28 * 4,
     27, true, false, 0},
    {"R5G6B5 -> R16 (re-encoded)", 0xE8, 0xEE, true, false, false, 2, 0x10, false, 1 * 2, 6, 1 * 2, 3, 30 * 2,
     25, true, false, 0},
    /* declined: the CPU engine runs them */
    {"remap swapping components (declined)", 0xD5, 0xD5, false, false, false, 4, 0x3012, false, 0, 0, 0, 0, W * 4,
     H, false, false, 0},
    {"1D copy (declined)", 0xD5, 0xD5, true, true, false, 0, 0, true, 0, 0, 0, 0, W * 4 * 3, 1, false, false, 0},
    {"4 bytes per pixel -> 2 (declined)", 0xD5, 0xE8, false, false, false, 0, 0, false, 0, 0, 0, 0, 16 * 4, 8,
     false, false, 0},
    {"half a pixel off (declined)", 0xD5, 0xD5, false, false, false, 0, 0, false, 2, 0, 0, 0, 8 * 4, 8, false, false,
     0},
    {"source rows past the surface (declined)", 0xD5, 0xD5, true, false, false, 0, 0, false, 0, 26, 0, 0, 10 * 4,
     12, false, false, 0},
    {"source lines past the end of its rows (declined)", 0xE8, 0xEE, true, false, false, 2, 0x10, false, 5 * 2, 6,
     1 * 2, 3, 30 * 2, 25, false, false, 0},
    /* within one surface (32x32, 4 bytes a pixel: pitch rows of 128 bytes;
     * block-linear blocks 2 GOBs wide and 16 rows high, so rows 0-15 and
     * 16-31 are the two halves of its memory): taken when the rows lie
     * apart */
    {"within one pitch surface, source above", 0xD5, 0xD5, true, true, true, 0, 0, false, 0, 0, 16 * 4, 20, 16 * 4,
     8, true, false, 0},
    {"within one pitch surface, source below", 0xD5, 0xD5, true, true, true, 0, 0, false, 4 * 4, 22, 10 * 4, 3,
     20 * 4, 9, true, false, 0},
    {"within one block-linear surface, source above", 0xD5, 0xD5, false, false, true, 0, 0, false, 2 * 4, 1, 9 * 4,
     17, 20 * 4, 13, true, false, 0},
    {"within one block-linear surface, source below", 0xD5, 0xD5, false, false, true, 0, 0, false, 5 * 4, 16, 0, 2,
     24 * 4, 12, true, false, 0},
    {"within one RGBA16F pitch surface, source below", 0xCA, 0xCA, true, true, true, 0, 0, false, 3 * 8, 18, 1 * 8,
     0, 12 * 8, 14, true, false, 0},
    /* side by side in the same rows (pitch) or the same GOBs (block-linear:
     * bytes 0-63 of a row are one GOB's): the byte spans interleave but no
     * byte is read and written, so the CPU engine copies them and the GPU
     * path takes them */
    {"within one pitch surface, side by side, source left", 0xD5, 0xD5, true, true, true, 0, 0, false, 0, 4, 16 * 4,
     4, 8 * 4, 8, true, false, 0},
    {"within one pitch surface, side by side, source right", 0xD5, 0xD5, true, true, true, 0, 0, false, 20 * 4, 10,
     2 * 4, 12, 10 * 4, 9, true, false, 0},
    {"within one block-linear surface, one GOB row, source left", 0xD5, 0xD5, false, false, true, 0, 0, false, 0, 2,
     8 * 4, 2, 8 * 4, 12, true, false, 0},
    {"within one block-linear surface, one GOB, source right", 0xD5, 0xD5, false, false, true, 0, 0, false, 20 * 4, 5,
     6 * 4, 5, 12 * 4, 10, true, false, 0},
    /* overlapping rectangles: the CPU engine refuses them, the GPU path
     * declines */
    {"within one surface, overlapping, source left (refused)", 0xD5, 0xD5, true, true, true, 0, 0, false, 2 * 4, 4,
     6 * 4, 4, 16 * 4, 10, false, true, 0},
    {"within one surface, overlapping, source right (refused)", 0xD5, 0xD5, true, true, true, 0, 0, false, 8 * 4,
     4, 3 * 4, 6, 16 * 4, 10, false, true, 0},
    {"within one surface, overlapping, source above (refused)", 0xD5, 0xD5, true, true, true, 0, 0, false, 4 * 4,
     2, 4 * 4, 6, 20 * 4, 12, false, true, 0},
    {"within one surface, overlapping, source below (refused)", 0xD5, 0xD5, true, true, true, 0, 0, false, 4 * 4,
     9, 5 * 4, 3, 20 * 4, 12, false, true, 0},
    {"within one block-linear surface, overlapping (refused)", 0xD5, 0xD5, false, false, true, 0, 0, false, 0, 3,
     4 * 4, 5, 16 * 4, 9, false, true, 0},
    {"within one surface, side by side, one pixel shared (refused)", 0xD5, 0xD5, true, true, true, 0, 0, false, 0,
     4, 7 * 4, 11, 8 * 4, 8, false, true, 0},
    {"within one block-linear surface, one GOB, one pixel shared (refused)", 0xD5, 0xD5, false, false, true, 0, 0,
     false, 20 * 4, 5, 9 * 4, 14, 12 * 4, 10, false, true, 0},
    /* zeta surfaces (block-linear): the same format on both sides, raw */
    {"Z24S8 -> Z24S8, rectangle", 0x14, 0x14, false, false, false, 0, 0, false, 3 * 4, 2, 9 * 4, 6, 20 * 4, 21, true,
     false, 3},
    {"S8Z24 -> S8Z24, rectangle", 0x16, 0x16, false, false, false, 0, 0, false, 0, 5, 4 * 4, 1, 26 * 4, 24, true,
     false, 3},
    {"ZF32 -> ZF32, whole surface", 0x0A, 0x0A, false, false, false, 0, 0, false, 0, 0, 0, 0, W * 4, H, true, false,
     3},
    {"Z16 -> Z16, rectangle", 0x13, 0x13, false, false, false, 0, 0, false, 5 * 2, 3, 2 * 2, 8, 25 * 2, 20, true,
     false, 3},
    {"ZF32_X24S8 -> ZF32_X24S8, rectangle", 0x19, 0x19, false, false, false, 0, 0, false, 2 * 8, 1, 6 * 8, 9, 22 * 8,
     19, true, false, 3},
    {"within one Z24S8 surface, source below", 0x14, 0x14, false, false, true, 0, 0, false, 4 * 4, 17, 1 * 4, 0,
     24 * 4, 14, true, false, 1},
    /* declined: the two layouts of a 24/8 word, and colour into zeta */
    {"Z24S8 -> S8Z24 (declined)", 0x14, 0x16, false, false, false, 0, 0, false, 3 * 4, 2, 9 * 4, 6, 20 * 4, 21,
     false, false, 3},
    {"A8B8G8R8 -> Z24S8 (declined)", 0xD5, 0x14, false, false, false, 0, 0, false, 3 * 4, 2, 9 * 4, 6, 20 * 4, 21,
     false, false, 2},
    /* multisampled (2X2): whole pixels' samples, a raw copy of each sample */
    {"2X2 -> 2X2, rectangle", 0xD5, 0xD5, false, false, false, 0, 0, false, 4 * 4, 6, 10 * 4, 20, 40 * 4, 30, true,
     false, 4},
    {"within one 2X2 surface, source below", 0xD5, 0xD5, false, false, true, 0, 0, false, 0, 34, 8 * 4, 2, 48 * 4,
     28, true, false, 4},
    {"2X2, half a pixel's samples (declined)", 0xD5, 0xD5, false, false, false, 0, 0, false, 1 * 4, 6, 10 * 4, 20,
     40 * 4, 30, false, false, 4},
};

/* Samples a memory row and column of a side's surface hold. */
static uint32_t mem_w(const dma_case *c) { return c->zeta & 4 ? 2 * W : W; }
static uint32_t mem_h(const dma_case *c) { return c->zeta & 4 ? 2 * H : H; }

static uint32_t bytes_of(uint32_t fmt)
{
    /* colour (0xCA RGBA16F; 0xE8, 0xEE 16-bit) or zeta (0x19 ZF32_X24S8, 0x13 Z16) values */
    return fmt == 0xCA || fmt == 0x19 ? 8 : fmt == 0xE8 || fmt == 0xEE || fmt == 0x13 ? 2 : 4;
}

static uint64_t va_of(const dma_case *c, bool src)
{
    const bool pitch = src ? c->spitch : c->dpitch;
    if (c->same && !src)
        return va_of(c, true);
    return pitch ? (src ? PL_S : PL_D) : (src ? BL_S : BL_D);
}

static uint8_t *mem_of(tmd_rects *e, uint64_t va)
{
    return va >= TMD_RECTS_DATA_VA ? e->data + (va - TMD_RECTS_DATA_VA) : e->rt + (va - TMD_RECTS_RT_VA);
}

/* Colour target 0 over the surface: tmd_target's block-linear one, or
 * pitch (SET_COLOR_TARGET_MEMORY LAYOUT bit 12, WIDTH the pitch in bytes). */
static void target(tm_pb *pb, uint64_t va, uint32_t fmt, bool pitch)
{
    tmd_target(pb, va, W, H, fmt);
    if (pitch) {
        tm_set1(pb, TM_SUB_3D, M(0x0808), W * bytes_of(fmt));
        tm_set1(pb, TM_SUB_3D, M(0x0814), 1u << 12);
    }
}

/* One side's registers: the offset (pitch: the rectangle's first byte) and
 * for block-linear the surface and the origin in elements. */
static void dma_side(tm_pb *pb, const dma_case *c, bool src, uint32_t bpe)
{
    const bool pitch = src ? c->spitch : c->dpitch;
    const uint32_t fmt = src ? c->sfmt : c->dfmt, x = src ? c->sx : c->dx, y = src ? c->sy : c->dy;
    const uint32_t pb_ = mem_w(c) * bytes_of(fmt);
    uint64_t va = va_of(c, src);
    if (pitch) {
        va += (uint64_t)y * pb_ + x;
        tm_set1(pb, TM_SUB_DMA, M(src ? PITCH_IN : PITCH_OUT), pb_);
    } else {
        /* BLOCK_SIZE (height 2 GOBs, as tmd_target), WIDTH, HEIGHT, DEPTH, LAYER, ORIGIN */
        const uint32_t b[6] = {1u << 4, pb_ / bpe, mem_h(c), 1, 0, (x / bpe) | y << 16};
        tm_inc(pb, TM_SUB_DMA, M(src ? SET_SRC_BLOCK_SIZE : SET_DST_BLOCK_SIZE), 6, b);
    }
    const uint32_t off[2] = {(uint32_t)(va >> 32), (uint32_t)va};
    tm_inc(pb, TM_SUB_DMA, M(OFFSET_IN_UPPER + (src ? 0 : 8)), 2, off);
}

static void dma_launch(tm_pb *pb, const dma_case *c)
{
    const uint32_t bpe = c->ncomp ? c->ncomp : 1;
    dma_side(pb, c, true, bpe);
    dma_side(pb, c, false, bpe);
    tm_set1(pb, TM_SUB_DMA, M(LINE_LENGTH_IN), c->bytes / bpe);
    tm_set1(pb, TM_SUB_DMA, M(LINE_COUNT), c->lines);
    if (c->ncomp) /* COMPONENT_SIZE 17:16 (1 byte: 0), NUM_SRC 21:20, NUM_DST 25:24 (n - 1) */
        tm_set1(pb, TM_SUB_DMA, M(SET_REMAP_COMPONENTS), c->sel | (c->ncomp - 1) << 20 | (c->ncomp - 1) << 24);
    const uint32_t sem[3] = {(uint32_t)(SEM >> 32), (uint32_t)SEM, 0x5EA1F00Du}; /* SET_SEMAPHORE_A, B, PAYLOAD */
    tm_inc(pb, TM_SUB_DMA, M(SET_SEMAPHORE_A), 3, sem);
    /* DATA_TRANSFER_TYPE NON_PIPELINED (2), SEMAPHORE_TYPE RELEASE_ONE_WORD (1 at 4:3), SRC/DST_MEMORY_LAYOUT
     * PITCH (bits 7, 8), MULTI_LINE_ENABLE (9), REMAP_ENABLE (10) */
    tm_set1(pb, TM_SUB_DMA, M(LAUNCH_DMA),
            2u | 1u << 3 | (uint32_t)c->spitch << 7 | (uint32_t)c->dpitch << 8 | (uint32_t)!c->one_d << 9 |
                (uint32_t)(c->ncomp != 0) << 10);
}

/* One side's surface as the target drawn on: a colour target, or the
 * zeta target (depth test ALWAYS, depth writes on) over the bench's
 * colour target. */
static void bind(tmd_rects *e, const dma_case *c, bool src, uint64_t va)
{
    if (!(c->zeta & (src ? 1u : 2u))) {
        target(&e->pb, va, src ? c->sfmt : c->dfmt, src ? c->spitch : c->dpitch);
        return;
    }
    tmd_zeta(&e->pb, va, W, H, src ? c->sfmt : c->dfmt);
    tmd_set(e, 0x12cc, 1);      /* SET_DEPTH_TEST */
    tmd_set(e, 0x12e8, 1);      /* SET_DEPTH_WRITE */
    tmd_set(e, 0x130c, 0x0207); /* SET_DEPTH_FUNC OGL_ALWAYS */
}

typedef struct frame {
    uint8_t s[SPAN], d[SPAN];
    uint32_t sem;
    uint64_t gpu_copies;
} frame;

static void pattern(uint8_t *p, uint32_t seed)
{
    uint32_t x = seed; /* xorshift32 */
    for (uint32_t i = 0; i < SPAN; i++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        p[i] = (uint8_t)(x >> 24);
    }
}

static bool run(glhle_context *ctx, uint32_t scale, bool on_cpu, const dma_case *c, frame *out)
{
    tmd_rects e;
    const float BLACK[4] = {0, 0, 0, 1};
    if (!tmd_rects_open(&e, ctx, scale, "passthrough_vsh", "color_fsh", BLACK))
        return false;
    e.gpu->render->dma_on_cpu = on_cpu;
    const uint64_t sva = va_of(c, true), dva = va_of(c, false);
    pattern(mem_of(&e, sva), 0x9E3779B9u);
    if (dva != sva)
        pattern(mem_of(&e, dva), 0x2545F491u);
    tmd_submit(&e, 0);
    if (c->zeta & 4)
        tmd_set(&e, 0x15d0, 2); /* SET_ANTI_ALIAS SAMPLES MODE_2X2 */
    /* S: loaded from its pattern, then drawn on */
    bind(&e, c, true, sva);
    const float YELLOW[4] = {1, 0.75f, 0, 0.5f}, GREY[4] = {0.3f, 0.6f, 0.9f, 0.2f}, TEAL[4] = {0, 0.5f, 0.5f, 1};
    const uint32_t a = tmd_rect(&e, 3, 5, 13, 19, 0, YELLOW, false);
    const uint32_t t = e.verts;
    tmd_vertex(&e, -0.9f, -0.3f, 0.1f, GREY); /* a slanted edge across native pixels, depth varying */
    tmd_vertex(&e, 0.8f, -0.95f, 0.7f, GREY);
    tmd_vertex(&e, 0.2f, 0.85f, -0.4f, GREY);
    tmd_set(&e, 0x1214, a | 6u << 16 | 4u << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST: triangles */
    tmd_set(&e, 0x1214, t | 3u << 16 | 4u << 28);
    uint32_t draws = 2;
    if (dva != sva) { /* D: loaded from its pattern, drawn on */
        bind(&e, c, false, dva);
        const uint32_t b = tmd_rect(&e, 20, 1, 31, 12, 0, TEAL, false);
        tmd_set(&e, 0x1214, b | 6u << 16 | 4u << 28);
        draws++;
    }
    dma_launch(&e.pb, c);
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), c->refused ? GLHLE_RESULT_INVALID_ARGUMENT : GLHLE_RESULT_OK);
    assert_int_equal(res.problems, c->refused ? 1 : 0);
    assert_int_equal(res.draws, draws);
    tm_pb_free(&e.pb);
    tm_pb_init(&e.pb);
    out->gpu_copies = e.gpu->render->stats.dma_gpu;
    assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    memcpy(out->s, mem_of(&e, sva), SPAN);
    memcpy(out->d, mem_of(&e, dva), SPAN);
    memcpy(&out->sem, mem_of(&e, SEM), 4);
    tmd_rects_close(&e);
    return true;
}

/* Offset from a side's surface of byte x of row y, by the registers. */
static size_t model_offset(const dma_case *c, bool src, uint32_t x, uint32_t y)
{
    const bool pitch = src ? c->spitch : c->dpitch;
    const uint32_t row = mem_w(c) * bytes_of(src ? c->sfmt : c->dfmt);
    const uint32_t ox = src ? c->sx : c->dx, oy = src ? c->sy : c->dy;
    if (pitch)
        return (size_t)(oy + y) * row + ox + x;
    return (size_t)mwt_bl_offset(row, mem_h(c), 1, 0, ox + x, oy + y, 0);
}

/* D's rectangle holds S's bytes, for a copy that moves bytes unchanged. */
static void check_model(const dma_case *c, const frame *f, uint32_t scale)
{
    const uint8_t *s = f->s, *d = c->same ? f->s : f->d;
    uint32_t bad = 0;
    for (uint32_t y = 0; y < c->lines; y++)
        for (uint32_t x = 0; x < c->bytes; x++)
            bad += d[model_offset(c, false, x, y)] != s[model_offset(c, true, x, y)];
    if (bad)
        fail_msg("%s, scale %u: %u bytes of the rectangle are not the source's", c->name, scale, bad);
}

static void dma_copies_match_cpu_engine(void **state)
{
    frame *cpu = calloc(1, sizeof *cpu), *gpu = calloc(1, sizeof *gpu);
    assert_non_null(cpu);
    assert_non_null(gpu);
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        const dma_case *c = &CASES[i];
        for (uint32_t scale = 1; scale <= 2; scale++) {
            memset(cpu, 0, sizeof *cpu);
            if (!run(*state, scale, true, c, cpu)) {
                free(cpu), free(gpu);
                skip();
            }
            assert_int_equal(cpu->gpu_copies, 0);
            memset(gpu, 0, sizeof *gpu);
            assert_true(run(*state, scale, false, c, gpu));
            if (gpu->gpu_copies != (c->taken ? 1u : 0u))
                fail_msg("%s, scale %u: %llu copies on the GPU, want %u", c->name, scale,
                         (unsigned long long)gpu->gpu_copies, c->taken ? 1u : 0u);
            assert_int_equal(cpu->sem, c->refused ? 0 : 0x5EA1F00Du);
            assert_int_equal(gpu->sem, c->refused ? 0 : 0x5EA1F00Du);
            const uint32_t bad = tm_diff_sd(cpu->s, gpu->s, cpu->d, gpu->d, SPAN);
            if (bad)
                fail_msg("%s, scale %u: %u bytes of S and D differ from the CPU engine's", c->name, scale, bad);
            if (!c->refused && (!c->ncomp || c->sel == 0x3210 || c->sel == 0x10))
                check_model(c, gpu, scale);
            print_message("  %s, scale %u: %s\n", c->name, scale, gpu->gpu_copies ? "on the GPU" : "declined");
        }
    }
    free(cpu);
    free(gpu);
}

/* ---- inline-to-memory into a resident surface (i2m_gpu.c) ----
 * A target T (pitch or block-linear) loaded from a pattern and drawn on
 * (GPU-dirty; or flushed first: fresh), then, in a submission of its own,
 * one inline-to-memory transfer (the A140 class or the 3D class's copy)
 * of a rectangle of T, then a later draw on T beside the rectangle, then a
 * flush. Against the same frame with every transfer the CPU way: T's
 * memory byte-identical; the rectangle holds the transfer's bytes where
 * the test's layout model puts them; the taken transfers wrote nothing
 * back and loaded nothing (the surface was updated in place). */
typedef struct i2m_case {
    const char *name;
    uint32_t fmt;
    bool pitch;
    uint32_t subc;         /* TM_SUB_I2M or TM_SUB_3D */
    bool fresh;            /* T flushed before the transfer */
    uint32_t split;        /* data words in the transfer's submission (0: all); the rest in the next */
    uint32_t xb, y;        /* the rectangle's origin: bytes, rows */
    uint32_t bytes, lines;
    bool taken;
} i2m_case;

static const i2m_case I2M_CASES[] = {
    {"block-linear target, I2M class", 0xD5, false, TM_SUB_I2M, false, 0, 4 * 4, 20, 16 * 4, 7, true},
    {"pitch target, 3D class's copy", 0xD5, true, TM_SUB_3D, false, 0, 3 * 4, 18, 17 * 4, 9, true},
    {"fresh block-linear target", 0xD5, false, TM_SUB_3D, true, 0, 0, 16, 20 * 4, 16, true},
    {"RGBA16F, data split mid-pixel between submissions", 0xCA, false, TM_SUB_I2M, false, 37, 2 * 8, 19,
     12 * 8, 6, true},
    {"pitch, RGBA16F, whole rows", 0xCA, true, TM_SUB_I2M, false, 0, 0, 13, W * 8, H - 13, true},
    {"half a pixel off (declined)", 0xD5, true, TM_SUB_I2M, false, 0, 4 * 4 + 2, 20, 16 * 4, 7, false},
};

/* Transfer byte i: finite as a half float, any code as unorm. */
static uint8_t i2m_byte(uint32_t i)
{
    return (uint8_t)((i * 151u + 7u) % 61u);
}

typedef struct i2m_frame {
    uint8_t t[SPAN];
    uint64_t taken, writebacks, loads; /* writebacks and loads: during the transfer and the later draw */
} i2m_frame;

static void i2m_launch(tm_pb *pb, const i2m_case *c, uint64_t va)
{
    const uint32_t row = W * bytes_of(c->fmt);
    if (c->pitch) {
        va += (uint64_t)c->y * row + c->xb;
        tm_set1(pb, c->subc, M(0x190), row); /* PITCH_OUT */
    } else {
        /* DST_BLOCK_SIZE (height 2 GOBs, as tmd_target), WIDTH (bytes), HEIGHT, DEPTH, LAYER, ORIGIN_BYTES_X,
         * ORIGIN_SAMPLES_Y */
        const uint32_t b[7] = {1u << 4, row, H, 1, 0, c->xb, c->y};
        tm_inc(pb, c->subc, M(0x194), 7, b);
    }
    /* LINE_LENGTH_IN, LINE_COUNT, OFFSET_OUT_UPPER, OFFSET_OUT */
    const uint32_t l[4] = {c->bytes, c->lines, (uint32_t)(va >> 32), (uint32_t)va};
    tm_inc(pb, c->subc, M(0x180), 4, l);
    tm_set1(pb, c->subc, M(0x1B0), c->pitch ? 1u : 0u); /* LAUNCH_DMA: DST_MEMORY_LAYOUT PITCH 0:0 */
}

static void i2m_data(tm_pb *pb, const i2m_case *c, uint32_t from, uint32_t to)
{
    for (uint32_t w = from; w < to; w++) {
        uint32_t v = 0;
        for (uint32_t b = 0; b < 4; b++)
            v |= (uint32_t)i2m_byte(w * 4 + b) << (8 * b);
        tm_noninc(pb, c->subc, M(0x1B4), 1, &v); /* LOAD_INLINE_DATA */
    }
}

static void i2m_submit(tmd_rects *e, uint32_t draws)
{
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(e->gpu, &e->pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    assert_int_equal(res.draws, draws);
    tm_pb_free(&e->pb);
    tm_pb_init(&e->pb);
}

static bool i2m_run(glhle_context *ctx, uint32_t scale, bool on_cpu, const i2m_case *c, i2m_frame *out)
{
    tmd_rects e;
    const float BLACK[4] = {0, 0, 0, 1};
    if (!tmd_rects_open(&e, ctx, scale, "passthrough_vsh", "color_fsh", BLACK))
        return false;
    e.gpu->render->i2m_on_cpu = on_cpu;
    const uint64_t va = c->pitch ? PL_S : BL_S;
    pattern(mem_of(&e, va), 0x9E3779B9u);
    tmd_submit(&e, 0);
    target(&e.pb, va, c->fmt, c->pitch);
    const float YELLOW[4] = {1, 0.75f, 0, 0.5f}, GREY[4] = {0.3f, 0.6f, 0.9f, 0.2f}, TEAL[4] = {0, 0.5f, 0.5f, 1};
    const uint32_t a = tmd_rect(&e, 3, 5, 13, 19, 0, YELLOW, false);
    const uint32_t t = e.verts;
    tmd_vertex(&e, -0.9f, -0.3f, 0, GREY);
    tmd_vertex(&e, 0.8f, -0.95f, 0, GREY);
    tmd_vertex(&e, 0.2f, 0.85f, 0, GREY);
    tmd_set(&e, 0x1214, a | 6u << 16 | 4u << 28);
    tmd_set(&e, 0x1214, t | 3u << 16 | 4u << 28);
    i2m_submit(&e, 2);
    if (c->fresh)
        assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    const mw_render_stats before = e.gpu->render->stats;
    const uint32_t words = (c->bytes * c->lines + 3) / 4, split = c->split ? c->split : words;
    i2m_launch(&e.pb, c, va);
    i2m_data(&e.pb, c, 0, split);
    i2m_submit(&e, 0);
    if (split < words) {
        i2m_data(&e.pb, c, split, words);
        i2m_submit(&e, 0);
    }
    /* a later draw on T beside the rectangle */
    const uint32_t b = tmd_rect(&e, 22, 1, 31, 12, 0, TEAL, false);
    tmd_set(&e, 0x1214, b | 6u << 16 | 4u << 28);
    i2m_submit(&e, 1);
    out->taken = e.gpu->render->stats.i2m_gpu;
    out->writebacks = e.gpu->render->stats.writebacks - before.writebacks;
    out->loads = e.gpu->render->stats.loads - before.loads;
    assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    memcpy(out->t, mem_of(&e, va), SPAN);
    tmd_rects_close(&e);
    return true;
}

static void i2m_check_model(const i2m_case *c, const i2m_frame *f, uint32_t scale)
{
    const uint32_t row = W * bytes_of(c->fmt);
    uint32_t bad = 0;
    for (uint32_t y = 0; y < c->lines; y++)
        for (uint32_t x = 0; x < c->bytes; x++) {
            const size_t o = c->pitch ? (size_t)(c->y + y) * row + c->xb + x
                                      : (size_t)mwt_bl_offset(row, H, 1, 0, c->xb + x, c->y + y, 0);
            bad += f->t[o] != i2m_byte(y * c->bytes + x);
        }
    if (bad)
        fail_msg("%s, scale %u: %u bytes of the rectangle are not the transfer's", c->name, scale, bad);
}

static void i2m_writes_update_resident_surfaces(void **state)
{
    i2m_frame *cpu = calloc(1, sizeof *cpu), *gpu = calloc(1, sizeof *gpu);
    assert_non_null(cpu);
    assert_non_null(gpu);
    for (size_t i = 0; i < sizeof I2M_CASES / sizeof I2M_CASES[0]; i++) {
        const i2m_case *c = &I2M_CASES[i];
        for (uint32_t scale = 1; scale <= 2; scale++) {
            memset(cpu, 0, sizeof *cpu);
            if (!i2m_run(*state, scale, true, c, cpu)) {
                free(cpu), free(gpu);
                skip();
            }
            assert_int_equal(cpu->taken, 0);
            memset(gpu, 0, sizeof *gpu);
            assert_true(i2m_run(*state, scale, false, c, gpu));
            if (gpu->taken != (c->taken ? 1u : 0u))
                fail_msg("%s, scale %u: %llu transfers into the surface, want %u", c->name, scale,
                         (unsigned long long)gpu->taken, c->taken ? 1u : 0u);
            /* taken whole in one submission: no write-back, no reload */
            if (c->taken && !c->split && (gpu->writebacks || gpu->loads))
                fail_msg("%s, scale %u: %llu write-backs and %llu loads for a transfer into the surface", c->name,
                         scale, (unsigned long long)gpu->writebacks, (unsigned long long)gpu->loads);
            uint32_t bad = 0;
            for (uint32_t k = 0; k < SPAN; k++)
                bad += cpu->t[k] != gpu->t[k];
            if (bad)
                fail_msg("%s, scale %u: %u bytes of the target differ from the CPU way's", c->name, scale, bad);
            i2m_check_model(c, gpu, scale);
            print_message("  %s, scale %u: %s\n", c->name, scale, gpu->taken ? "into the surface" : "declined");
        }
    }
    free(cpu);
    free(gpu);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dma_copies_match_cpu_engine),
        cmocka_unit_test(i2m_writes_update_resident_surfaces),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
