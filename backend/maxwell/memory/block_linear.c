/* Block-linear layout: offsets, texture level/layer layout, and tiled <->
 * linear copies of any box (see block_linear.h for the layout and its
 * sources). Two copy paths give the same bytes: the reference computes
 * every byte's address with mw_bl_offset(); the fast path splits the offset
 * into independent x, y and z terms, moves whole 16-byte sectors, and copies
 * a GOB's 8 rows at once where the box covers it. */
#include "backend/maxwell/memory/block_linear.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define MAX_IMAGE_BYTES (1ull << 40) /* the GPU's 40-bit virtual address space */

static uint32_t ceil_log2(uint32_t v)
{
    uint32_t l = 0;
    while (l < 32 && (1ull << l) < v)
        l++;
    return l;
}

uint32_t mw_bl_clamp_block_height(uint32_t block_height_log2, uint32_t height)
{
    uint32_t gobs = height / MW_GOB_HEIGHT + (height % MW_GOB_HEIGHT != 0);
    uint32_t l = ceil_log2(gobs ? gobs : 1);
    return block_height_log2 < l ? block_height_log2 : l;
}

uint32_t mw_bl_clamp_block_depth(uint32_t block_depth_log2, uint32_t depth)
{
    uint32_t l = ceil_log2(depth ? depth : 1);
    return block_depth_log2 < l ? block_depth_log2 : l;
}

glhle_result mw_bl_geom_init(mw_bl_geom *g, uint32_t width_bytes, uint32_t height, uint32_t depth,
                             uint32_t block_height_log2, uint32_t block_depth_log2, const glhle_logger *log)
{
    memset(g, 0, sizeof *g);
    if (!width_bytes || !height || !depth)
        return GLHLE_FAIL(log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: block-linear image %ux%ux%u has a zero size", width_bytes, height, depth);
    if (block_height_log2 > MW_BL_MAX_LOG2 || block_depth_log2 > MW_BL_MAX_LOG2)
        return GLHLE_FAIL(log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: block-linear block height/depth 2^%u/2^%u GOBs is past 2^5", block_height_log2,
                          block_depth_log2);
    g->width_bytes = width_bytes;
    g->height = height;
    g->depth = depth;
    g->block_height_log2 = block_height_log2;
    g->block_depth_log2 = block_depth_log2;
    g->width_gobs = width_bytes / MW_GOB_WIDTH + (width_bytes % MW_GOB_WIDTH != 0);
    uint32_t block_rows = MW_GOB_HEIGHT << block_height_log2;
    g->height_blocks = height / block_rows + (height % block_rows != 0);
    uint32_t block_slices = 1u << block_depth_log2;
    g->depth_blocks = depth / block_slices + (depth % block_slices != 0);
    g->block_size = (uint64_t)MW_GOB_SIZE << (block_height_log2 + block_depth_log2);
    /* row_size < 2^26 * 2^19; each later product is checked by division
     * before it is made, so nothing overflows */
    g->row_size = (uint64_t)g->width_gobs * g->block_size;
    if (g->row_size > MAX_IMAGE_BYTES || g->height_blocks > MAX_IMAGE_BYTES / g->row_size ||
        g->depth_blocks > MAX_IMAGE_BYTES / (g->height_blocks * g->row_size))
        return GLHLE_FAIL(log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: block-linear image %ux%ux%u is larger than the 40-bit address space",
                          width_bytes, height, depth);
    g->slice_size = (uint64_t)g->height_blocks * g->row_size;
    g->size = g->slice_size * g->depth_blocks;
    return GLHLE_RESULT_OK;
}

/* The offset is x_term(x) + y_term(y) + z_term(z), each monotonic. */
static inline uint64_t x_term(const mw_bl_geom *g, uint32_t x)
{
    return (uint64_t)(x >> 6) * g->block_size + ((x & 63u) >> 5) * 256u + ((x & 31u) >> 4) * 32u + (x & 15u);
}

static inline uint64_t y_term(const mw_bl_geom *g, uint32_t y)
{
    uint32_t gy = y >> 3;
    return (uint64_t)(gy >> g->block_height_log2) * g->row_size +
           (uint64_t)(gy & ((1u << g->block_height_log2) - 1)) * MW_GOB_SIZE + ((y & 7u) >> 1) * 64u + (y & 1u) * 16u;
}

static inline uint64_t z_term(const mw_bl_geom *g, uint32_t z)
{
    uint32_t zin = z & ((1u << g->block_depth_log2) - 1);
    return (uint64_t)(z >> g->block_depth_log2) * g->slice_size +
           ((uint64_t)zin << g->block_height_log2) * MW_GOB_SIZE;
}

uint64_t mw_bl_offset(const mw_bl_geom *g, uint32_t x, uint32_t y, uint32_t z)
{
    return x_term(g, x) + y_term(g, y) + z_term(g, z);
}

void mw_bl_box_range(const mw_bl_geom *g, const mw_bl_box *box, uint64_t *first, uint64_t *end)
{
    if (!box->width || !box->height || !box->depth) {
        *first = *end = 0;
        return;
    }
    *first = mw_bl_offset(g, box->x, box->y, box->z);
    *end = mw_bl_offset(g, box->x + box->width - 1, box->y + box->height - 1, box->z + box->depth - 1) + 1;
}

/* ---- copies ------------------------------------------------------------- */

static glhle_result check_copy(const mw_bl_geom *g, uint64_t tiled_first, size_t tiled_size, const mw_bl_box *b,
                               size_t linear_size, size_t pitch, size_t *slice_pitch, const glhle_logger *log)
{
    if ((uint64_t)b->x + b->width > g->width_bytes || (uint64_t)b->y + b->height > g->height ||
        (uint64_t)b->z + b->depth > g->depth)
        return GLHLE_FAIL(log, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "maxwell: block-linear box (%u,%u,%u)+%ux%ux%u leaves the %ux%ux%u image", b->x, b->y, b->z,
                          b->width, b->height, b->depth, g->width_bytes, g->height, g->depth);
    if (!b->width || !b->height || !b->depth)
        return GLHLE_RESULT_OK;
    uint64_t first, end;
    mw_bl_box_range(g, b, &first, &end);
    if (first < tiled_first || end - tiled_first > tiled_size)
        return GLHLE_FAIL(log, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "maxwell: block-linear box (%u,%u,%u)+%ux%ux%u needs image bytes %llu-%llu, %llu-%llu given",
                          b->x, b->y, b->z, b->width, b->height, b->depth, (unsigned long long)first,
                          (unsigned long long)end, (unsigned long long)tiled_first,
                          (unsigned long long)(tiled_first + tiled_size));
    if (pitch < b->width)
        return GLHLE_FAIL(log, GLHLE_RESULT_INVALID_ARGUMENT, "maxwell: linear pitch %zu is below the box width %u",
                          pitch, b->width);
    if (!*slice_pitch)
        *slice_pitch = pitch * b->height;
    if (b->depth > 1 && *slice_pitch < pitch * b->height)
        return GLHLE_FAIL(log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: linear slice pitch %zu is below %zu rows of %zu", *slice_pitch, (size_t)b->height,
                          pitch);
    /* the last byte the box touches, without overflowing size_t */
    size_t rows = (size_t)(b->height - 1), slices = (size_t)(b->depth - 1);
    if ((slices && *slice_pitch > (SIZE_MAX / 2) / slices) || (rows && pitch > (SIZE_MAX / 4) / rows) ||
        slices * *slice_pitch + rows * pitch + b->width > linear_size)
        return GLHLE_FAIL(log, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "maxwell: linear buffer of %zu bytes (pitch %zu, slice pitch %zu) is too small for %ux%ux%u",
                          linear_size, pitch, *slice_pitch, b->width, b->height, b->depth);
    return GLHLE_RESULT_OK;
}

/* The tiled side is addressed as integers, tbase + image offset, because
 * the buffer may start inside the image (tbase then lies before it). */
static void copy_reference(const mw_bl_geom *g, uintptr_t tbase, const mw_bl_box *b, uint8_t *linear, size_t pitch,
                           size_t slice_pitch, bool to_linear)
{
    for (uint32_t s = 0; s < b->depth; s++)
        for (uint32_t r = 0; r < b->height; r++) {
            uint8_t *row = linear + s * slice_pitch + r * pitch;
            for (uint32_t i = 0; i < b->width; i++) {
                uint8_t *t = (uint8_t *)(tbase + (uintptr_t)mw_bl_offset(g, b->x + i, b->y + r, b->z + s));
                if (to_linear)
                    row[i] = *t;
                else
                    *t = row[i];
            }
        }
}

/* n < 16 bytes with fixed-size moves (no library call per piece). */
static inline void copy_small(uint8_t *d, const uint8_t *s, uint32_t n)
{
    if (n & 8) {
        memcpy(d, s, 8);
        d += 8, s += 8;
    }
    if (n & 4) {
        memcpy(d, s, 4);
        d += 4, s += 4;
    }
    if (n & 2) {
        memcpy(d, s, 2);
        d += 2, s += 2;
    }
    if (n & 1)
        *d = *s;
}

static inline void copy_piece(uint8_t *t, uint8_t *lin, uint32_t n, bool to_linear)
{
    if (n == 16) {
        if (to_linear)
            memcpy(lin, t, 16);
        else
            memcpy(t, lin, 16);
    } else if (to_linear) {
        copy_small(lin, t, n);
    } else {
        copy_small(t, lin, n);
    }
}

/* One row's span [x0, x1) of the box, in pieces that stay inside a 16-byte
 * sector (contiguous on both sides). */
static inline void copy_span(const mw_bl_geom *g, uintptr_t tiled_row, uint32_t x0, uint32_t x1, uint8_t *lin,
                             bool to_linear)
{
    uint32_t x = x0;
    while (x < x1) {
        uint32_t n = 16u - (x & 15u);
        if (n > x1 - x)
            n = x1 - x;
        copy_piece((uint8_t *)(tiled_row + (uintptr_t)x_term(g, x)), lin, n, to_linear);
        lin += n;
        x += n;
    }
}

/* The sector pieces of a row's partial GOB columns (the box's unaligned
 * left and right edges), worked out once per copy: the same for every row. */
typedef struct edge_pieces {
    uint32_t count;
    uint32_t lin[10], len[10]; /* offset in the linear row, bytes */
    uint64_t tiled[10];        /* x_term of the piece */
} edge_pieces;

static void edge_add(edge_pieces *e, const mw_bl_geom *g, uint32_t x0, uint32_t x1, uint32_t box_x)
{
    for (uint32_t x = x0; x < x1;) {
        uint32_t n = 16u - (x & 15u);
        if (n > x1 - x)
            n = x1 - x;
        e->lin[e->count] = x - box_x;
        e->len[e->count] = n;
        e->tiled[e->count++] = x_term(g, x);
        x += n;
    }
}

/* A whole GOB: 8 rows of 4 sectors; the tiled side is read or written in
 * order, 512 contiguous bytes. Writing a tiled GOB uses streaming stores
 * where the CPU has them (SSE2): the GOB's 8 cache lines are written whole,
 * so reading them first would only double the memory traffic. */
static inline void copy_gob(uint8_t *gob, uint8_t *lin, size_t pitch, bool to_linear, bool stream)
{
#if defined(__SSE2__)
    if (stream && !to_linear && ((uintptr_t)gob & 15u) == 0) {
        for (uint32_t r = 0; r < 8; r++) {
            __m128i *t = (__m128i *)(void *)(gob + (r >> 1) * 64u + (r & 1u) * 16u);
            const uint8_t *l = lin + r * pitch;
            _mm_stream_si128(t, _mm_loadu_si128((const __m128i *)(const void *)l));
            _mm_stream_si128(t + 2, _mm_loadu_si128((const __m128i *)(const void *)(l + 16)));
            _mm_stream_si128(t + 16, _mm_loadu_si128((const __m128i *)(const void *)(l + 32)));
            _mm_stream_si128(t + 18, _mm_loadu_si128((const __m128i *)(const void *)(l + 48)));
        }
        return;
    }
#endif
    for (uint32_t r = 0; r < 8; r++) {
        uint8_t *t = gob + (r >> 1) * 64u + (r & 1u) * 16u;
        uint8_t *l = lin + r * pitch;
        if (to_linear) {
            memcpy(l, t, 16);
            memcpy(l + 16, t + 32, 16);
            memcpy(l + 32, t + 256, 16);
            memcpy(l + 48, t + 288, 16);
        } else {
            memcpy(t, l, 16);
            memcpy(t + 32, l + 16, 16);
            memcpy(t + 256, l + 32, 16);
            memcpy(t + 288, l + 48, 16);
        }
    }
}

/* Streaming stores pay off once the destination is larger than the caches
 * it would otherwise stay in (and a smaller one is likely read again soon). */
#define STREAM_BYTES (2u << 20)

/* copy_fast prefetches for writing the cache lines the next GOB's copy
 * stores to: its 8 linear row pieces (64 bytes, two lines when the row is
 * not line-aligned) when untiling, its 512 tiled bytes (8 lines) when
 * tiling.
 * Without it a cache-resident box untiled to a linear buffer whose rows are
 * not 64-byte aligned relative to the GOB columns ran at 2.0-2.4x memcpy's
 * time against 1.4x aligned: every GOB row then stores to two lines not yet
 * fetched, and stores to such lines hold up the in-order store commit
 * (docs/performance.md). Not when tiling with streaming stores, which
 * would then fetch the lines they exist to avoid. The pointers stay inside
 * the box's GOBs (the last one has no next). The prefetches are written in
 * the loop itself: GCC finds a function of nothing but prefetches free of
 * effects and deletes its calls. */
static inline void copy_fast(const mw_bl_geom *g, uintptr_t tbase, const mw_bl_box *b, uint8_t *linear, size_t pitch,
                             size_t slice_pitch, bool to_linear)
{
    bool stream = (uint64_t)b->width * b->height * b->depth >= STREAM_BYTES;
    uint32_t x0 = b->x, x1 = b->x + b->width;
    /* the whole GOB columns inside [x0, x1) */
    uint32_t gx0 = (x0 + 63u) >> 6, gx1 = x1 >> 6;
    uint32_t head_end = gx0 << 6 < x1 ? gx0 << 6 : x1;
    bool has_full = gx0 < gx1;
    edge_pieces edges = {0};
    if (has_full) { /* at most 64 bytes each side: 5 pieces */
        edge_add(&edges, g, x0, head_end, x0);
        if (gx1 << 6 < x1)
            edge_add(&edges, g, gx1 << 6, x1, x0);
    }
    for (uint32_t s = 0; s < b->depth; s++) {
        uintptr_t tz = tbase + (uintptr_t)z_term(g, b->z + s);
        uint8_t *lz = linear + s * slice_pitch;
        uint32_t y = b->y, y1 = b->y + b->height;
        while (y < y1) {
            if ((y & 7u) == 0 && y1 - y >= 8 && has_full) {
                uint8_t *band = (uint8_t *)(tz + (uintptr_t)y_term(g, y));
                uint8_t *lband = lz + (size_t)(y - b->y) * pitch;
                for (uint32_t r = 0; r < 8; r++) {
                    uintptr_t trow = tz + (uintptr_t)y_term(g, y + r);
                    uint8_t *lrow = lband + r * pitch;
                    for (uint32_t i = 0; i < edges.count; i++)
                        copy_piece((uint8_t *)(trow + (uintptr_t)edges.tiled[i]), lrow + edges.lin[i], edges.len[i],
                                   to_linear);
                }
                const bool prefetch = to_linear || !stream;
                for (uint32_t gx = gx0; gx < gx1; gx++) {
                    if (prefetch && gx + 1 < gx1 && to_linear) { /* see STREAM_BYTES */
                        const uint8_t *next = lband + (((gx + 1) << 6) - x0);
                        for (uint32_t r = 0; r < 8; r++) {
                            __builtin_prefetch(next + r * pitch, 1);
                            __builtin_prefetch(next + r * pitch + 63u, 1);
                        }
                    } else if (prefetch && gx + 1 < gx1) {
                        const uint8_t *next = band + (uint64_t)(gx + 1) * g->block_size;
                        for (uint32_t k = 0; k < 8; k++)
                            __builtin_prefetch(next + k * 64u, 1);
                    }
                    copy_gob(band + (uint64_t)gx * g->block_size, lband + ((gx << 6) - x0), pitch, to_linear, stream);
                }
                y += 8;
            } else {
                copy_span(g, tz + (uintptr_t)y_term(g, y), x0, x1, lz + (size_t)(y - b->y) * pitch, to_linear);
                y++;
            }
        }
    }
}

glhle_result mw_bl_tiled_to_linear_at(const mw_bl_geom *g, const uint8_t *tiled, uint64_t tiled_first,
                                      size_t tiled_size, const mw_bl_box *box, uint8_t *linear, size_t linear_size,
                                      size_t pitch, size_t slice_pitch, uint32_t flags, const glhle_logger *log)
{
    glhle_result r = check_copy(g, tiled_first, tiled_size, box, linear_size, pitch, &slice_pitch, log);
    if (r != GLHLE_RESULT_OK || !box->width || !box->height || !box->depth)
        return r;
    uintptr_t tbase = (uintptr_t)tiled - (uintptr_t)tiled_first;
    if (flags & MW_BL_REFERENCE)
        copy_reference(g, tbase, box, linear, pitch, slice_pitch, true);
    else
        copy_fast(g, tbase, box, linear, pitch, slice_pitch, true);
    return GLHLE_RESULT_OK;
}

glhle_result mw_bl_linear_to_tiled_at(const mw_bl_geom *g, uint8_t *tiled, uint64_t tiled_first, size_t tiled_size,
                                      const mw_bl_box *box, const uint8_t *linear, size_t linear_size, size_t pitch,
                                      size_t slice_pitch, uint32_t flags, const glhle_logger *log)
{
    glhle_result r = check_copy(g, tiled_first, tiled_size, box, linear_size, pitch, &slice_pitch, log);
    if (r != GLHLE_RESULT_OK || !box->width || !box->height || !box->depth)
        return r;
    uintptr_t tbase = (uintptr_t)tiled - (uintptr_t)tiled_first;
    /* the linear side is only read on this path */
    uint8_t *l = (uint8_t *)(uintptr_t)linear;
    if (flags & MW_BL_REFERENCE) {
        copy_reference(g, tbase, box, l, pitch, slice_pitch, false);
    } else {
        copy_fast(g, tbase, box, l, pitch, slice_pitch, false);
#if defined(__SSE2__)
        _mm_sfence(); /* the streaming stores are visible before we return */
#endif
    }
    return GLHLE_RESULT_OK;
}

glhle_result mw_bl_tiled_to_linear(const mw_bl_geom *g, const uint8_t *tiled, size_t tiled_size,
                                   const mw_bl_box *box, uint8_t *linear, size_t linear_size, size_t pitch,
                                   size_t slice_pitch, uint32_t flags, const glhle_logger *log)
{
    return mw_bl_tiled_to_linear_at(g, tiled, 0, tiled_size, box, linear, linear_size, pitch, slice_pitch, flags,
                                    log);
}

glhle_result mw_bl_linear_to_tiled(const mw_bl_geom *g, uint8_t *tiled, size_t tiled_size, const mw_bl_box *box,
                                   const uint8_t *linear, size_t linear_size, size_t pitch, size_t slice_pitch,
                                   uint32_t flags, const glhle_logger *log)
{
    return mw_bl_linear_to_tiled_at(g, tiled, 0, tiled_size, box, linear, linear_size, pitch, slice_pitch, flags,
                                    log);
}

/* ---- textures ----------------------------------------------------------- */

glhle_result mw_bl_texture_layout_init(mw_bl_texture_layout *out, const mw_bl_texture_desc *d,
                                       const glhle_logger *log)
{
    memset(out, 0, sizeof *out);
    uint32_t bw = d->block_width ? d->block_width : 1, bh = d->block_height ? d->block_height : 1;
    if (!d->width || !d->height || !d->depth || !d->levels || !d->layers)
        return GLHLE_FAIL(log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: texture %ux%ux%u with %u levels and %u layers has a zero size", d->width,
                          d->height, d->depth, d->levels, d->layers);
    if (d->bytes_per_block < 1 || d->bytes_per_block > 16 || bw > 16 || bh > 16)
        return GLHLE_FAIL(log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: texture element of %u bytes per %ux%u block is not 1-16 bytes, up to 16x16",
                          d->bytes_per_block, bw, bh);
    uint32_t side = d->width > d->height ? d->width : d->height;
    side = side > d->depth ? side : d->depth;
    uint32_t max_levels = 1;
    while (max_levels < 32 && (side >> max_levels))
        max_levels++;
    if (d->levels > MW_BL_MAX_LEVELS || d->levels > max_levels)
        return GLHLE_FAIL(log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: texture %ux%ux%u cannot have %u levels (at most %u)", d->width, d->height,
                          d->depth, d->levels, max_levels < MW_BL_MAX_LEVELS ? max_levels : MW_BL_MAX_LEVELS);
    uint64_t offset = 0;
    for (uint32_t l = 0; l < d->levels; l++) {
        uint32_t w = d->width >> l ? d->width >> l : 1;
        uint32_t h = d->height >> l ? d->height >> l : 1;
        uint32_t z = d->depth >> l ? d->depth >> l : 1;
        uint32_t wb = w / bw + (w % bw != 0), rows = h / bh + (h % bh != 0);
        uint64_t width_bytes = (uint64_t)wb * d->bytes_per_block;
        if (width_bytes > UINT32_MAX)
            return GLHLE_FAIL(log, GLHLE_RESULT_INVALID_ARGUMENT, "maxwell: texture level %u is %llu bytes wide", l,
                              (unsigned long long)width_bytes);
        glhle_result r = mw_bl_geom_init(&out->level[l], (uint32_t)width_bytes, rows, z,
                                         mw_bl_clamp_block_height(d->block_height_log2, rows),
                                         mw_bl_clamp_block_depth(d->block_depth_log2, z), log);
        if (r != GLHLE_RESULT_OK)
            return r;
        out->level_offset[l] = offset;
        offset += out->level[l].size;
    }
    out->levels = d->levels;
    out->layers = d->layers;
    out->layer_size = offset;
    uint64_t align = out->level[0].block_size;
    out->layer_stride = (offset + align - 1) / align * align;
    if (out->layer_stride > MAX_IMAGE_BYTES ||
        (d->layers - 1) > (MAX_IMAGE_BYTES - out->layer_size) / out->layer_stride)
        return GLHLE_FAIL(log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: texture of %u layers of %llu bytes is larger than the 40-bit address space",
                          d->layers, (unsigned long long)out->layer_stride);
    out->size = out->layer_stride * (d->layers - 1) + out->layer_size;
    return GLHLE_RESULT_OK;
}

uint64_t mw_bl_texture_offset(const mw_bl_texture_layout *t, uint32_t level, uint32_t layer)
{
    if (level >= t->levels || layer >= t->layers)
        return UINT64_MAX;
    return (uint64_t)layer * t->layer_stride + t->level_offset[level];
}
