/* Inline-to-memory writes into resident surfaces (render_targets.h,
 * mw_render_i2m_begin/end): the front end offers every inline-to-memory
 * transfer (cla140.h LAUNCH_DMA; the 3D and compute classes' built-in
 * copies) here when it starts (mw_frontend_hooks.i2m_begin). Without
 * this, each data word's write reaches a resident surface through the
 * access hook: the surface is written back whole (when GPU-dirty) and
 * loaded again whole at its next use.
 *
 * Taken: a transfer whose destination mw_render_side_pixels puts on one
 * resident, fresh, single-sampled colour surface as whole pixels (the
 * same rules as a DMA copy's side: a block-linear destination on the
 * surface's own layout, GPU address, width in GOBs and block height, z
 * slice 0; a pitch one with the surface's pitch, its first byte a pixel's
 * first byte), and whose pixels at the internal scale fit a staging
 * buffer of MW_ENGINE_MAX_BYTES. Everything else (a destination partly
 * on a surface, a sub-pixel offset, depth and multisampled surfaces) goes
 * the CPU way: write-back, the bytes to memory, reload.
 *
 * A taken transfer's words still go to guest memory as they arrive (no
 * access hook, so no write-back or reload); when it ends (its last word,
 * or earlier: any other method, the end of the submission, a fault, a new
 * launch; the front end settles it before anything else can look at the
 * surface) the bytes written so far are read back from guest memory as
 * the cache loads a surface (pitch rows, or the block-linear layout
 * through mw_bl_tiled_to_linear), each native pixel repeated over its
 * k x k block at scale k (what loading through a native image and a
 * nearest blit gives), and uploaded with glTexSubImage in the format's GL
 * client layout, the encoding load and write-back use, so write-back then
 * gives those bytes back. A last pixel written in part takes its other
 * bytes from the surface's own pixel (read back in the same layout).
 * Memory and surface agree on the written pixels, so a fresh surface
 * stays fresh and a GPU-dirty one stays dirty; textures and fetched
 * programs over the written bytes load again. */
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_util.h"
#include "backend/maxwell/memory/block_linear.h"
#include "backend/maxwell/render/render_targets.h"

/* The transfer's destination as a DMA side (mw_render_side_pixels). */
static mw_dma_side side_of(const mw_i2m *st)
{
    mw_dma_side d = {.va = st->va, .block_linear = st->block_linear, .pitch = st->pitch};
    if (st->block_linear) {
        d.width_gobs = (uint32_t)(((uint64_t)st->bl_width + MW_GOB_WIDTH - 1) / MW_GOB_WIDTH);
        d.block_height_log2 = st->bl_bh;
        d.block_depth_log2 = st->bl_bd;
        d.layer = st->layer;
        d.x_bytes = st->origin_x;
        d.y = st->origin_y;
    }
    return d;
}

/* Guest bytes one staging holds: the span the pixels touch, them
 * linear, and them at the scale. */
static size_t buf_size(const mw_render *r, const mw_pixels *p)
{
    const size_t lin = (size_t)p->w * p->h * p->s->d.format->bytes;
    return (size_t)(p->s->hi - p->s->lo) + lin + lin * r->scale * r->scale;
}

bool mw_render_i2m_begin(mw_render *r, const mw_i2m *st)
{
    if (r->i2m_on_cpu || r->gl_lost || !r->count || !st->active)
        return false;
    const mw_dma_side d = side_of(st);
    mw_pixels p;
    if (!mw_render_side_pixels(r, &d, st->line_length, st->line_count, false, &p))
        return false;
    const size_t scaled = (size_t)p.w * p.h * p.s->d.format->bytes * r->scale * r->scale;
    if (scaled > MW_ENGINE_MAX_BYTES)
        return false;
    const size_t need = buf_size(r, &p);
    if (need > r->i2m_buf_size) {
        uint8_t *b = realloc(r->i2m_buf, need);
        if (!b)
            return false;
        r->i2m_buf = b;
        r->i2m_buf_size = need;
    }
    return true;
}

/* Pixels (x, y, w, h) of s from guest memory into lin (rows of w pixels). */
static bool gather(mw_render *r, const mw_surface *s, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                   uint8_t *span, uint8_t *lin)
{
    const mw_surface_desc *d = &s->d;
    const uint32_t p = d->format->bytes;
    const size_t row = (size_t)w * p;
    if (d->pitch) {
        const uint64_t first = (uint64_t)y * d->pitch_bytes + (uint64_t)x * p;
        const size_t n = (size_t)(h - 1) * d->pitch_bytes + row;
        if (!r->io.read(r->io.user, d->va + first, span, n))
            return false;
        for (uint32_t j = 0; j < h; j++)
            memcpy(lin + j * row, span + (size_t)j * d->pitch_bytes, row);
        return true;
    }
    mw_bl_geom g;
    if (mw_bl_geom_init(&g, d->width * p, d->height, 1, d->block_height_log2, 0, r->io.log) != GLHLE_RESULT_OK)
        return false;
    const mw_bl_box box = {x * p, y, 0, (uint32_t)row, h, 1};
    uint64_t first, end;
    mw_bl_box_range(&g, &box, &first, &end);
    if (!r->io.read(r->io.user, d->va + first, span, (size_t)(end - first)))
        return false;
    return mw_bl_tiled_to_linear_at(&g, span, first, (size_t)(end - first), &box, lin, row * h, row, 0, 0,
                                    r->io.log) == GLHLE_RESULT_OK;
}

/* lin's w x h pixels into s at (x, y), each a k x k block at scale k. */
static void put(mw_render *r, const mw_surface *s, uint32_t x, uint32_t y, uint32_t w, uint32_t h, const uint8_t *lin,
                uint8_t *scaled)
{
    const mw_rt_format *f = s->d.format;
    const uint32_t k = r->scale, p = f->bytes;
    const uint8_t *src = lin;
    if (k > 1) {
        const size_t srow = (size_t)w * p, drow = srow * k;
        for (uint32_t j = 0; j < h; j++) {
            uint8_t *out = scaled + (size_t)j * k * drow;
            for (uint32_t i = 0; i < w; i++)
                for (uint32_t c = 0; c < k; c++)
                    memcpy(out + ((size_t)i * k + c) * p, lin + j * srow + (size_t)i * p, p);
            for (uint32_t c = 1; c < k; c++)
                memcpy(out + c * drow, out, drow);
        }
        src = scaled;
    }
    gl_pixel_store(r->ctx, 0, 1); /* and no pixel buffer a host left bound */
    r->ctx->gl.TextureSubImage2D(s->tex, 0, (GLint)(x * k), (GLint)(y * k), (GLsizei)(w * k), (GLsizei)(h * k),
                                 f->gl_format, f->gl_type, src);
}

void mw_render_i2m_end(mw_render *r, const mw_i2m *st)
{
    const mw_dma_side d = side_of(st);
    mw_pixels p;
    if (!st->done || r->gl_lost)
        return;
    /* the surface that was taken: nothing ran on the renderer since */
    if (!mw_render_side_pixels(r, &d, st->line_length, st->line_count, false, &p) ||
        buf_size(r, &p) > r->i2m_buf_size ||
        gl_context_enter(r->ctx) != GLHLE_RESULT_OK) {
        mw_render_flush(r, st->lo, st->hi - st->lo); /* cannot happen; the CPU way's result at worst */
        mw_render_invalidate(r, st->lo, st->hi - st->lo);
        return;
    }
    mw_surface *s = p.s;
    const uint32_t bpp = s->d.format->bytes;
    const uint32_t rows = (uint32_t)(st->done / st->line_length), rest = (uint32_t)(st->done % st->line_length);
    uint8_t *span = r->i2m_buf, *lin = span + (s->hi - s->lo);
    uint8_t *scaled = lin + (size_t)p.w * p.h * bpp;
    bool ok = true;
    if (rows) {
        ok = gather(r, s, p.x, p.y, p.w, rows, span, lin);
        if (ok)
            put(r, s, p.x, p.y, p.w, rows, lin, scaled);
    }
    const uint32_t whole = rest / bpp, part = rest % bpp;
    if (ok && whole) {
        ok = gather(r, s, p.x, p.y + rows, whole, 1, span, lin);
        if (ok)
            put(r, s, p.x, p.y + rows, whole, 1, lin, scaled);
    }
    if (ok && part) { /* the written bytes over the surface's own pixel */
        const mw_rt_format *f = s->d.format;
        uint8_t px[16];
        const GLint k = (GLint)r->scale;
        gl_pixel_store(r->ctx, 0, 1);
        r->ctx->gl.GetTextureSubImage(s->tex, 0, (GLint)(p.x + whole) * k, (GLint)(p.y + rows) * k, 0, 1, 1, 1,
                                      f->gl_format, f->gl_type, (GLsizei)sizeof px, px);
        ok = gather(r, s, p.x + whole, p.y + rows, 1, 1, span, lin);
        if (ok) {
            memcpy(px, lin, part);
            put(r, s, p.x + whole, p.y + rows, 1, 1, px, scaled);
        }
    }
    if (!ok) { /* memory unmapped under a resident surface: it loads again */
        mw_render_invalidate(r, st->lo, st->hi - st->lo);
        return;
    }
    s->last_use = s->version = ++r->tick; /* its image changed */
    /* textures and programs over the written bytes; the surface itself
     * holds them now */
    for (uint32_t i = 0; i < r->tex_count; i++)
        if (r->tex[i].lo < st->hi && st->lo < r->tex[i].hi)
            r->tex[i].stale = true;
    mw_draw_invalidate(r, st->lo, st->hi - st->lo);
    r->stats.i2m_gpu++;
}

void mw_i2m_gpu_fini(mw_render *r)
{
    free(r->i2m_buf);
    r->i2m_buf = NULL;
    r->i2m_buf_size = 0;
}
