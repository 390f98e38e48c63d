/* DMA copy engine, class B0B5 (open-gpu-doc classes/dma-copy/clb0b5.h):
 * LAUNCH_DMA on the CPU.
 *
 * Units: without the remap unit an element is one byte; with it, a source
 * element is NUM_SRC_COMPONENTS x COMPONENT_SIZE bytes and a destination
 * element NUM_DST_COMPONENTS x COMPONENT_SIZE. LINE_LENGTH_IN, the origins'
 * X and the block-linear widths count elements (Ryujinx
 * Engine/Dma/DmaClass.cs: bpp = remap ? components * size : 1; Mesa nvc0
 * nve4_m2mf_transfer_rect programs x and width in elements with the remap
 * set to the element size). A block-linear operand's SET_*_LAYER is its z
 * slice (Mesa programs the z of a 3D texture there and adds the layer
 * stride to the address for arrays); its origin X/Y place the rectangle;
 * for a pitch operand the origin is ignored and row y starts at
 * OFFSET + y * PITCH (PITCH signed, as Ryujinx reads it). Without
 * MULTI_LINE_ENABLE the copy is one line of LINE_LENGTH_IN elements from
 * OFFSET_IN to OFFSET_OUT whatever the layout bits say (Ryujinx and yuzu:
 * a buffer copy), GOB-swizzled on the block-linear side when one side's
 * memory is of a pitch kind and the other's of a block-linear kind
 * (one_d_kinds). A 2D/3D operand whose memory kind does not suit its layout
 * bit is refused (mw_surface_check_kind). Remap: destination component i takes source component
 * SRC_X..SRC_W, constant A or B (its low COMPONENT_SIZE bytes), or keeps
 * its bytes (NO_WRITE); components past NUM_DST_COMPONENTS are not
 * written. A remap that reads no source component (a memset) reads no
 * source memory. The block size's GOB_HEIGHT and WIDTH fields are ignored
 * (Maxwell GOBs are 8 rows, 1 GOB wide; Ryujinx ignores them too).
 * Within one surface: a copy is refused (INVALID_ARGUMENT, no semaphore)
 * only when a byte it reads is one it writes (shared_byte: exact to the
 * byte through the GOB swizzle; a remap's elements count whole). No
 * reference gives the order over shared bytes (clb0b5.h lists the fields
 * only; yuzu and Ryujinx copy in their own loop order), so those stay
 * refused; rectangles side by side in the same rows or GOBs are copied,
 * the source read whole before the destination is written.
 * The copy's checks are one function (prepare) that the copy and
 * mw_dma_rect_of share: the GPU path (render/dma_gpu.c) takes only what
 * this engine would copy. */
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/engines/surface_io.h"

#define R(m) regs[(m) / 4]

enum {
    LAUNCH = 0x300,
    OFFSET_IN_UPPER = 0x400,
    OFFSET_IN_LOWER = 0x404,
    OFFSET_OUT_UPPER = 0x408,
    OFFSET_OUT_LOWER = 0x40C,
    PITCH_IN = 0x410,
    PITCH_OUT = 0x414,
    LINE_LENGTH_IN = 0x418,
    LINE_COUNT = 0x41C,
    SEMAPHORE_A = 0x240,
    SEMAPHORE_B = 0x244,
    SEMAPHORE_PAYLOAD = 0x248,
    REMAP_CONST_A = 0x700,
    REMAP_CONST_B = 0x704,
    REMAP_COMPONENTS = 0x708,
    DST_BLOCK_SIZE = 0x70C, /* then width, height, depth, layer, origin */
    SRC_BLOCK_SIZE = 0x728,
};

enum { SEL_CONST_A = 4, SEL_CONST_B = 5, SEL_NO_WRITE = 6 };

typedef struct operand {
    mw_surface s;
    uint32_t origin_x, origin_y; /* elements, rows (block-linear only) */
    uint32_t bpe;
    uint64_t lo, hi;
    /* a 1D operand in block-linear-kind memory whose other side is in
     * pitch-kind memory: byte i sits at its GOB-swizzled place */
    bool gob_swizzle;
    uint16_t swz[MW_GOB_SIZE];   /* in-GOB offset of linear GOB byte 64 * y + x */
} operand;

static glhle_result operand_init(operand *o, const uint32_t *regs, bool src, bool multi_line, bool block_linear,
                                 uint32_t bpe, uint32_t line_length, uint32_t line_count, const mw_mem_io *io)
{
    const char *what = src ? "DMA source" : "DMA destination";
    memset(o, 0, sizeof *o);
    o->bpe = bpe;
    o->s.va = src ? ((uint64_t)(R(OFFSET_IN_UPPER) & 0xFF) << 32 | R(OFFSET_IN_LOWER))
                  : ((uint64_t)(R(OFFSET_OUT_UPPER) & 0xFF) << 32 | R(OFFSET_OUT_LOWER));
    o->s.block_linear = block_linear;
    if (block_linear) {
        const uint32_t *b = &regs[(src ? SRC_BLOCK_SIZE : DST_BLOCK_SIZE) / 4];
        uint32_t bh, bd;
        glhle_result r = mw_block_size_decode(b[0], &bh, &bd, what, io);
        if (r != GLHLE_RESULT_OK)
            return r;
        uint32_t width = b[1], height = b[2], depth = b[3], layer = b[4];
        o->origin_x = b[5] & 0xFFFF;
        o->origin_y = b[5] >> 16;
        uint64_t width_bytes = (uint64_t)width * bpe;
        if (!width || !height || !depth || width_bytes > UINT32_MAX)
            return GLHLE_FAIL(io->log, GLHLE_RESULT_BAD_DATA,
                              "maxwell: %s at 0x%010llx: block-linear surface %ux%ux%u of %u-byte elements", what,
                              (unsigned long long)o->s.va, width, height, depth, bpe);
        if ((uint64_t)o->origin_x + line_length > width || (uint64_t)o->origin_y + line_count > height ||
            layer >= depth)
            return GLHLE_FAIL(io->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                              "maxwell: %s at 0x%010llx: %ux%u at (%u,%u) layer %u leaves the %ux%ux%u surface", what,
                              (unsigned long long)o->s.va, line_length, line_count, o->origin_x, o->origin_y, layer,
                              width, height, depth);
        r = mw_bl_geom_init(&o->s.geom, (uint32_t)width_bytes, height, depth, bh, bd, io->log);
        if (r != GLHLE_RESULT_OK)
            return r;
        o->s.layer = layer;
    } else {
        o->s.pitch = (int32_t)(src ? R(PITCH_IN) : R(PITCH_OUT));
    }
    uint64_t w = (uint64_t)line_length * bpe;
    if (w > MW_ENGINE_MAX_BYTES)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_LIMIT_EXCEEDED,
                          "maxwell: %s at 0x%010llx: lines of %llu bytes are longer than the %u an operation may stage",
                          what, (unsigned long long)o->s.va, (unsigned long long)w, MW_ENGINE_MAX_BYTES);
    glhle_result r =
        mw_surface_range(&o->s, o->origin_x * bpe, o->origin_y, (uint32_t)w, line_count, what, io, &o->lo, &o->hi);
    if (r == GLHLE_RESULT_OK && multi_line)
        r = mw_surface_check_kind(block_linear, o->lo, o->hi, what, io);
    return r;
}

/* A 1D copy between pitch-kind and block-linear-kind memory: the bytes on
 * the block-linear side are GOB-swizzled, each 512-byte GOB (aligned in
 * GPU addresses) holding 64-byte rows 0-7 in the GOB's order (yuzu
 * MaxwellDMA::Launch and Ryujinx DmaClass swizzle a 1D copy when the
 * source's and destination's page kinds differ, pitch vs not). The staged
 * span grows to whole GOBs. Returns the kinds' verdict: BAD_DATA for an
 * operand whose range holds both pitch and block-linear kinds. */
static glhle_result one_d_kinds(operand *src, operand *dst, bool reads_src, const mw_mem_io *io)
{
    if (!io->kinds)
        return GLHLE_RESULT_OK;
    operand *ops[2] = {dst, reads_src ? src : NULL};
    bool bl[2] = {false, false};
    for (int i = 0; i < 2; i++) {
        if (!ops[i])
            continue;
        const uint32_t k = io->kinds(io->user, ops[i]->lo, ops[i]->hi - ops[i]->lo);
        if ((k & MW_KIND_BIT(MW_KIND_PITCH)) && (k & MW_KINDS_BLOCK_LINEAR))
            return GLHLE_FAIL(io->log, GLHLE_RESULT_BAD_DATA,
                              "maxwell: 1D DMA %s at 0x%010llx-0x%010llx spans both pitch- and block-linear-kind "
                              "memory; nothing written",
                              i ? "source" : "destination", (unsigned long long)ops[i]->lo,
                              (unsigned long long)ops[i]->hi);
        bl[i] = k && !(k & MW_KIND_BIT(MW_KIND_PITCH));
    }
    /* a memset (no source) writes its pattern as a pitch source would */
    if (bl[0] == bl[1])
        return GLHLE_RESULT_OK;
    operand *o = bl[0] ? dst : src;
    mw_bl_geom gob;
    mw_bl_geom_init(&gob, MW_GOB_WIDTH, MW_GOB_HEIGHT, 1, 0, 0, NULL);
    for (uint32_t l = 0; l < MW_GOB_SIZE; l++)
        o->swz[l] = (uint16_t)mw_bl_offset(&gob, l % MW_GOB_WIDTH, l / MW_GOB_WIDTH, 0);
    o->gob_swizzle = true;
    o->lo &= ~(uint64_t)(MW_GOB_SIZE - 1);
    o->hi = (o->hi + MW_GOB_SIZE - 1) & ~(uint64_t)(MW_GOB_SIZE - 1);
    return GLHLE_RESULT_OK;
}

/* Offset in the staged span of byte `b` of line y. */
static inline size_t at(const operand *o, uint64_t b, uint32_t y)
{
    if (o->gob_swizzle) {
        const uint64_t a = o->s.va + b;
        return (size_t)((a & ~(uint64_t)(MW_GOB_SIZE - 1)) + o->swz[a & (MW_GOB_SIZE - 1)] - o->lo);
    }
    int64_t off = mw_surface_offset(&o->s, (uint32_t)(o->origin_x * (uint64_t)o->bpe + b), o->origin_y + y);
    return (size_t)((int64_t)o->s.va + off - (int64_t)o->lo);
}

/* The copy without remap, or with an identity remap of equal element
 * sizes: whole rows between pitch operands, the block-linear converter
 * between a pitch and a block-linear one, bytes otherwise. */
static void copy_plain(const operand *src, const mw_span *ss, const operand *dst, mw_span *ds, uint32_t width,
                       uint32_t lines)
{
    if (!src->s.block_linear && !dst->s.block_linear && !src->gob_swizzle && !dst->gob_swizzle) {
        for (uint32_t y = 0; y < lines; y++)
            memcpy(ds->buf + at(dst, 0, y), ss->buf + at(src, 0, y), width);
        return;
    }
    if (src->s.block_linear != dst->s.block_linear) {
        const operand *bl = src->s.block_linear ? src : dst, *pl = src->s.block_linear ? dst : src;
        const mw_span *bs = src->s.block_linear ? ss : ds, *ps = src->s.block_linear ? ds : ss;
        mw_bl_box box = {bl->origin_x * bl->bpe, bl->origin_y, bl->s.layer, width, lines, 1};
        if (pl->s.pitch >= (int64_t)width || lines == 1) {
            uint8_t *linear = ps->buf + at(pl, 0, 0);
            size_t pitch = lines == 1 ? width : (size_t)pl->s.pitch;
            size_t lsize = pitch * (lines - 1) + width;
            uint64_t first = bl->lo - bl->s.va; /* the span's start inside the image */
            if (src->s.block_linear)
                mw_bl_tiled_to_linear_at(&bl->s.geom, bs->buf, first, bs->size, &box, linear, lsize, pitch, 0, 0,
                                         NULL);
            else
                mw_bl_linear_to_tiled_at(&bl->s.geom, ds->buf, first, ds->size, &box, linear, lsize, pitch, 0, 0,
                                         NULL);
            return;
        }
    }
    for (uint32_t y = 0; y < lines; y++)
        for (uint32_t b = 0; b < width; b++)
            ds->buf[at(dst, b, y)] = ss->buf[at(src, b, y)];
}

/* What a LAUNCH_DMA copies, checked as the copy needs it: both operands
 * (the source only when the remap reads one), their spans, and whether
 * the copy is a plain one (copy_plain). */
typedef struct prepared {
    bool copies;                 /* false: no copy (DATA_TRANSFER_TYPE NONE, nothing to move) */
    bool multi, remap, reads_src, identity;
    uint32_t cs, nsrc, ndst, src_bpe, dst_bpe, len, lines;
    uint32_t sel[4];
    operand src, dst;
} prepared;

/* Which bytes of the window [lo, hi) (the two spans' common part) a copy
 * touches, one bit a byte: at most MW_ENGINE_MAX_BYTES / 8 bytes, as the
 * spans are bounded by it (mw_surface_range). */
typedef struct byte_map {
    uint64_t lo, hi;
    uint64_t *bits;
} byte_map;

/* Marks [a, b) (mark) or looks for a marked byte in it (!mark: true and
 * *hit when there is one), clipped to the window; word-wise. */
static bool map_run(byte_map *m, uint64_t a, uint64_t b, bool mark, uint64_t *hit)
{
    if (a < m->lo)
        a = m->lo;
    if (b > m->hi)
        b = m->hi;
    for (uint64_t i = a - m->lo, e = b > a ? b - m->lo : i; i < e;) {
        const uint64_t n = e - i < 64 - (i & 63) ? e - i : 64 - (i & 63);
        const uint64_t bits = (n == 64 ? ~0ull : ((1ull << n) - 1)) << (i & 63);
        if (mark) {
            m->bits[i >> 6] |= bits;
        } else if (m->bits[i >> 6] & bits) {
            const uint64_t first = m->bits[i >> 6] & bits;
            int k = 0;
            while (!((first >> k) & 1))
                k++;
            *hit = m->lo + (i & ~63ull) + (uint64_t)k;
            return true;
        }
        i += n;
    }
    return false;
}

/* Walks the bytes the operand's `lines` lines of `w` bytes touch as runs
 * of consecutive addresses, marking them or looking for a marked one
 * (map_run). The runs: a pitch operand's lines, one run for all when its
 * lines touch or fold onto each other (|PITCH| <= w: the span itself); a
 * GOB-swizzled 1D operand's whole GOBs and, in the GOBs it covers in
 * part, its 16-byte pieces (the GOB swizzle keeps each aligned 16 bytes of
 * a GOB row together); a block-linear operand's whole GOBs and, in the
 * GOBs the rectangle covers in part, each row's 16-byte pieces. So the
 * work is O(lines + GOBs), lines * w and the spans being bounded by
 * MW_ENGINE_MAX_BYTES. Element bytes count whole: a remap's NO_WRITE and
 * unselected components count as written and read (conservative). */
static bool operand_runs(const operand *o, uint32_t w, uint32_t lines, byte_map *m, bool mark, uint64_t *hit)
{
    if (o->gob_swizzle) { /* 1D: one line from va */
        for (uint64_t a = o->s.va, e = o->s.va + w; a < e;) {
            const uint64_t g = a & ~(uint64_t)(MW_GOB_SIZE - 1), i = a - g;
            uint64_t n;
            if (i == 0 && e - a >= MW_GOB_SIZE) {
                n = MW_GOB_SIZE;
                if (map_run(m, g, g + n, mark, hit))
                    return true;
            } else {
                n = 16 - (i & 15);
                if (n > e - a)
                    n = e - a;
                if (map_run(m, g + o->swz[i], g + o->swz[i] + n, mark, hit))
                    return true;
            }
            a += n;
        }
        return false;
    }
    if (!o->s.block_linear) {
        const uint64_t step = o->s.pitch < 0 ? (uint64_t)-(int64_t)o->s.pitch : (uint64_t)o->s.pitch;
        if (lines == 1 || step <= w)
            return map_run(m, o->lo, o->hi, mark, hit);
        for (uint32_t y = 0; y < lines; y++) {
            const uint64_t a = (uint64_t)((int64_t)o->s.va + (int64_t)y * o->s.pitch);
            if (map_run(m, a, a + w, mark, hit))
                return true;
        }
        return false;
    }
    const uint32_t x0 = o->origin_x * o->bpe, x1 = x0 + w, y0 = o->origin_y, y1 = y0 + lines;
    for (uint32_t gy = y0 / MW_GOB_HEIGHT; gy <= (y1 - 1) / MW_GOB_HEIGHT; gy++) {
        const uint32_t ra = gy * MW_GOB_HEIGHT > y0 ? gy * MW_GOB_HEIGHT : y0;
        const uint32_t rb = (gy + 1) * MW_GOB_HEIGHT < y1 ? (gy + 1) * MW_GOB_HEIGHT : y1;
        for (uint32_t gx = x0 / MW_GOB_WIDTH; gx <= (x1 - 1) / MW_GOB_WIDTH; gx++) {
            const uint32_t xa = gx * MW_GOB_WIDTH > x0 ? gx * MW_GOB_WIDTH : x0;
            const uint32_t xb = (gx + 1) * MW_GOB_WIDTH < x1 ? (gx + 1) * MW_GOB_WIDTH : x1;
            if (xb - xa == MW_GOB_WIDTH && rb - ra == MW_GOB_HEIGHT) {
                const uint64_t g = o->s.va + mw_bl_offset(&o->s.geom, xa, ra, o->s.layer);
                if (map_run(m, g, g + MW_GOB_SIZE, mark, hit))
                    return true;
                continue;
            }
            for (uint32_t y = ra; y < rb; y++)
                for (uint32_t x = xa; x < xb;) {
                    const uint32_t n = 16 - (x & 15) < xb - x ? 16 - (x & 15) : xb - x;
                    const uint64_t a = o->s.va + mw_bl_offset(&o->s.geom, x, y, o->s.layer);
                    if (map_run(m, a, a + n, mark, hit))
                        return true;
                    x += n;
                }
        }
    }
    return false;
}

/* Whether a byte the copy reads is one it writes (INVALID_ARGUMENT, the
 * first such byte in *shared; not logged) or not (OK): the destination's
 * bytes are marked in a map of the spans' common part, then the source's
 * looked for. Two rectangles of one surface side by side in the same rows
 * (pitch) or the same GOBs (block-linear) share no byte and are copied:
 * all the source is read before the destination is written (mw_dma_copy),
 * so the result is the plain copy's. */
static glhle_result shared_byte(const prepared *p, const mw_mem_io *io, uint64_t *shared)
{
    byte_map m;
    m.lo = p->src.lo > p->dst.lo ? p->src.lo : p->dst.lo;
    m.hi = p->src.hi < p->dst.hi ? p->src.hi : p->dst.hi;
    m.bits = calloc((size_t)((m.hi - m.lo + 63) / 64), sizeof *m.bits);
    if (!m.bits)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_OUT_OF_MEMORY,
                          "maxwell: DMA to 0x%010llx: no memory to compare source and destination bytes",
                          (unsigned long long)p->dst.s.va);
    operand_runs(&p->dst, p->len * p->dst_bpe, p->lines, &m, true, NULL);
    const bool hit = operand_runs(&p->src, p->len * p->src_bpe, p->lines, &m, false, shared);
    free(m.bits);
    return hit ? GLHLE_RESULT_INVALID_ARGUMENT : GLHLE_RESULT_OK;
}

static glhle_result prepare(const uint32_t *regs, const mw_mem_io *io, prepared *p)
{
    memset(p, 0, sizeof *p);
    const uint32_t launch = R(LAUNCH);
    const bool src_bl = !(launch & (1u << 7)), dst_bl = !(launch & (1u << 8));
    p->multi = launch & (1u << 9);
    p->remap = launch & (1u << 10);
    if ((launch & 3) == 0 || R(LINE_LENGTH_IN) == 0 || (p->multi && R(LINE_COUNT) == 0))
        return GLHLE_RESULT_OK;
    p->copies = true;
    const uint32_t comps = R(REMAP_COMPONENTS);
    p->cs = ((comps >> 16) & 3) + 1, p->nsrc = ((comps >> 20) & 3) + 1, p->ndst = ((comps >> 24) & 3) + 1;
    for (int i = 0; i < 4; i++)
        p->sel[i] = (comps >> (4 * i)) & 7;
    p->src_bpe = p->remap ? p->cs * p->nsrc : 1, p->dst_bpe = p->remap ? p->cs * p->ndst : 1;
    p->reads_src = !p->remap, p->identity = !p->remap;
    if (p->remap) {
        p->identity = p->nsrc == p->ndst;
        for (uint32_t i = 0; i < p->ndst; i++) {
            if (p->sel[i] > SEL_NO_WRITE || (p->sel[i] < SEL_CONST_A && p->sel[i] >= p->nsrc))
                return GLHLE_FAIL(io->log, GLHLE_RESULT_BAD_DATA,
                                  "maxwell: DMA to 0x%02x%08x: remap component %u selects %u with %u source "
                                  "components (SET_REMAP_COMPONENTS 0x%08x)",
                                  R(OFFSET_OUT_UPPER) & 0xFF, R(OFFSET_OUT_LOWER), i, p->sel[i], p->nsrc, comps);
            p->reads_src |= p->sel[i] < SEL_CONST_A;
            p->identity &= p->sel[i] == i;
        }
    }
    const uint32_t len = R(LINE_LENGTH_IN), lines = p->multi ? R(LINE_COUNT) : 1;
    p->len = len, p->lines = lines;
    /* pitches of 0 fold every line onto one span, so bound the work
     * itself, not only the spans */
    if ((uint64_t)len * (p->dst_bpe > p->src_bpe ? p->dst_bpe : p->src_bpe) * lines > MW_ENGINE_MAX_BYTES)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_LIMIT_EXCEEDED,
                          "maxwell: DMA to 0x%02x%08x of %u lines of %u elements moves more than the %u bytes an "
                          "operation may",
                          R(OFFSET_OUT_UPPER) & 0xFF, R(OFFSET_OUT_LOWER), lines, len, MW_ENGINE_MAX_BYTES);
    glhle_result r = operand_init(&p->dst, regs, false, p->multi, p->multi && dst_bl, p->dst_bpe, len, lines, io);
    if (r == GLHLE_RESULT_OK && p->reads_src)
        r = operand_init(&p->src, regs, true, p->multi, p->multi && src_bl, p->src_bpe, len, lines, io);
    if (r == GLHLE_RESULT_OK && !p->multi)
        r = one_d_kinds(&p->src, &p->dst, p->reads_src, io);
    if (r != GLHLE_RESULT_OK)
        return r;
    if (!p->reads_src || !mw_ranges_overlap(p->src.lo, p->src.hi, p->dst.lo, p->dst.hi))
        return GLHLE_RESULT_OK;
    uint64_t shared;
    r = shared_byte(p, io, &shared);
    if (r == GLHLE_RESULT_INVALID_ARGUMENT)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: DMA source 0x%010llx-0x%010llx and destination 0x%010llx-0x%010llx overlap "
                          "(byte 0x%010llx is read and written)",
                          (unsigned long long)p->src.lo, (unsigned long long)p->src.hi,
                          (unsigned long long)p->dst.lo, (unsigned long long)p->dst.hi, (unsigned long long)shared);
    return r;
}

static void side_of(const operand *o, mw_dma_side *s)
{
    memset(s, 0, sizeof *s);
    s->va = o->s.va;
    s->block_linear = o->s.block_linear;
    s->lo = o->lo, s->hi = o->hi;
    if (o->s.block_linear) {
        s->width_gobs = o->s.geom.width_gobs;
        s->block_height_log2 = o->s.geom.block_height_log2;
        s->block_depth_log2 = o->s.geom.block_depth_log2;
        s->layer = o->s.layer;
        s->x_bytes = o->origin_x * o->bpe;
        s->y = o->origin_y;
    } else {
        s->pitch = o->s.pitch;
    }
}

bool mw_dma_rect_of(const uint32_t *regs, const mw_mem_io *io, mw_dma_rect *out)
{
    prepared p;
    /* a refused launch is the CPU engine's to report: records above ERROR only */
    static const glhle_logger silent = {NULL, NULL, (glhle_log_level)(GLHLE_LOG_ERROR + 1)};
    mw_mem_io quiet = *io;
    quiet.log = &silent;
    if (prepare(regs, &quiet, &p) != GLHLE_RESULT_OK || !p.copies || !p.multi || !p.identity || !p.reads_src)
        return false;
    memset(out, 0, sizeof *out);
    out->line_bytes = p.len * p.dst_bpe;
    out->lines = p.lines;
    side_of(&p.src, &out->src);
    side_of(&p.dst, &out->dst);
    return true;
}

glhle_result mw_dma_copy(const uint32_t *regs, const mw_mem_io *io)
{
    prepared p;
    glhle_result r = prepare(regs, io, &p);
    if (r != GLHLE_RESULT_OK || !p.copies)
        return r;
    const operand *src = &p.src, *dst = &p.dst;
    mw_span ss = {0}, ds = {0};
    /* the destination is read first: bytes inside its span but outside
     * the rectangle (and NO_WRITE components) keep their values */
    r = mw_span_read(&ds, dst->lo, dst->hi, "DMA destination", io);
    if (r == GLHLE_RESULT_OK && p.reads_src)
        r = mw_span_read(&ss, src->lo, src->hi, "DMA source", io);
    if (r == GLHLE_RESULT_OK) {
        if (p.identity) {
            copy_plain(src, &ss, dst, &ds, p.len * p.dst_bpe, p.lines);
        } else {
            const uint32_t consts[2] = {R(REMAP_CONST_A), R(REMAP_CONST_B)};
            for (uint32_t y = 0; y < p.lines; y++)
                for (uint32_t x = 0; x < p.len; x++)
                    for (uint32_t i = 0; i < p.ndst; i++) {
                        if (p.sel[i] == SEL_NO_WRITE)
                            continue;
                        for (uint32_t k = 0; k < p.cs; k++) {
                            uint8_t v = p.sel[i] < SEL_CONST_A
                                            ? ss.buf[at(src, (uint64_t)x * p.src_bpe + p.sel[i] * p.cs + k, y)]
                                            : (uint8_t)(consts[p.sel[i] - SEL_CONST_A] >> (8 * k));
                            ds.buf[at(dst, (uint64_t)x * p.dst_bpe + i * p.cs + k, y)] = v;
                        }
                    }
        }
        r = mw_span_write(&ds, "DMA destination", io);
    }
    mw_span_free(&ss);
    mw_span_free(&ds);
    return r;
}

glhle_result mw_dma_release(const uint32_t *regs, const mw_mem_io *io)
{
    const uint32_t launch = R(LAUNCH);
    const uint32_t sem = (launch >> 3) & 3;
    if (sem == 1 || sem == 2) {
        uint64_t va = (uint64_t)(R(SEMAPHORE_A) & 0xFF) << 32 | R(SEMAPHORE_B);
        /* SEMAPHORE_REDUCTION_ENABLE 19, SEMAPHORE_REDUCTION 17:14 (IMIN .. DEC 0-7, FADD 0xA: mw_reduction's
         * numbers), SEMAPHORE_REDUCTION_SIGN 18 (SIGNED 0, UNSIGNED 1) */
        if (launch & (1u << 19))
            return mw_semaphore_reduce(va, (launch >> 14) & 0xF, !((launch >> 18) & 1), R(SEMAPHORE_PAYLOAD),
                                       sem == 1, "DMA", io);
        return mw_semaphore_release(va, R(SEMAPHORE_PAYLOAD), sem == 1, "DMA", io);
    }
    if (sem == 3)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_BAD_DATA, "maxwell: LAUNCH_DMA 0x%08x has semaphore type 3", launch);
    return GLHLE_RESULT_OK;
}

glhle_result mw_dma_launch(const uint32_t *regs, const mw_mem_io *io)
{
    const glhle_result r = mw_dma_copy(regs, io);
    return r != GLHLE_RESULT_OK ? r : mw_dma_release(regs, io);
}
