/* DMA copies on the GPU between resident surfaces (render_targets.h,
 * mw_render_dma): the front end offers every B0B5 LAUNCH_DMA's copy here
 * first (mw_frontend_hooks.dma_copy) and runs the CPU engine
 * (engines/dma.c) on guest memory when this declines; the semaphore
 * release runs either way.
 *
 * Taken: a copy mw_dma_rect_of describes (multi-line, bytes unchanged: no
 * remap or an identity one; every check of the CPU engine passes, so it
 * would copy rather than refuse) whose source and destination are each a
 * rectangle of whole pixels inside one resident, fresh colour or zeta
 * surface, the two of equal bytes per pixel P (one surface for both
 * sides, when the two rectangles share no pixel; a zeta or multisampled
 * surface only with one of the same format, below):
 *
 * - a block-linear side must lie on its surface's layout: the same GPU
 *   address, rows as many GOBs wide, the same block height, block depth 1
 *   and z slice 0 (then byte x of row y is at the same address for both;
 *   the rectangle's origin X in bytes and its line length a multiple of P,
 *   inside the surface's pixels);
 * - a pitch side must have the surface's pitch, and its OFFSET must be
 *   pixel (x, y) of it: OFFSET - address = y * pitch + x * P, the lines
 *   inside the pixels of each row (not in the gap after them).
 *
 * Then, at scale k, the scaled rectangles (k x0, k y0, k w, k h) are
 * copied, so each native pixel's k x k block takes its source pixel's
 * block, and write-back (which reads one pixel of each block) gives the
 * bytes the source's write-back gives, which are what the CPU engine
 * copies:
 *
 * - glCopyImageSubData (raw texel bits) when the formats are the same, or
 *   both hold their components in guest memory as the GL texel holds them
 *   (one whole byte, short, int, half or float per component in R, G, B,
 *   A order: the client layout is RED/RG/RGBA(_INTEGER) of an unpacked
 *   type) and are of one view class (GL 4.6 table 8.22: texel size), so
 *   the copied bits are the guest's bytes. A texture barrier first (a
 *   flush without one): llvmpipe copies on the CPU without waiting for
 *   rasterisation still under way (psx vram.c found it).
 * - Otherwise (a packed or BGRA layout on one side: A8R8G8B8, R5G6B5,
 *   A2B10G10R10 ...) a re-encoding copy through a GL pixel buffer: the
 *   source rectangle read into it in the source's client layout (the
 *   guest bytes its write-back would produce), then uploaded from it into
 *   the destination in the destination's (the load the cache would do
 *   from those bytes). No guest memory is touched.
 *
 * The destination becomes GPU-dirty (written back when flushed) and
 * textures and fetched programs over it load again. Declined (false):
 * remaps that move or make components, 1D copies, a source or destination
 * that is not all of one resident surface (straddling two, partly outside,
 * a sub-byte or sub-pixel offset), differing P, stale surfaces (guest
 * memory changed since they were loaded), a zeta surface with a colour
 * one or with another zeta format, a multisampled surface with another
 * format, sample block or GL sample order, or a rectangle that splits a
 * pixel's block of samples.
 *
 * Multisampled: memory holds the (W << sx) x (H << sy) image of samples,
 * pixel (x, y)'s sample at block position b = by * (1 << sx) + bx at
 * ((x << sx) + bx, (y << sy) + by) (msaa.c). A side is taken when its
 * rectangle in that image is whole blocks: origin and size multiples of
 * 1 << sx columns and 1 << sy rows, so it is the pixels (x >> sx, y >>
 * sy, w >> sx, h >> sy) with all their samples. With both sides of one
 * format, sample block and gl_sample order, glCopyImageSubData between
 * the two GL_TEXTURE_2D_MULTISAMPLE images (equal sample counts) moves
 * each GL sample of each scaled pixel to the same sample of the same
 * place, so write-back (which reads block position b from gl_sample[b] at
 * the scaled pixel mw_msaa_sample_map picks from the Maxwell sample's
 * place, the same for both) gives the destination the source's
 * write-back bytes.
 *
 * Zeta: both sides of one format, a raw copy. The cache keeps a zeta
 * surface as the GL depth(-stencil) texels its guest words load to
 * (render_targets.c: Z16, ZF32, ZF32_X24S8 as GL's own layouts, Z24S8 as
 * GL_UNSIGNED_INT_24_8, S8Z24 rotated into it on load and back on
 * write-back), so copying texels of one format copies the guest words
 * write-back gives. Z24S8 and S8Z24 share the GL format but not the
 * bytes (depth in bits 31:8 against 23:0), so the same bytes stand for
 * other texels on the two: declined, as is colour to zeta (no GL copy
 * between them keeps bytes).
 *
 * Within one surface: the CPU engine refuses a copy when a byte it reads
 * is one it writes (engines/dma.c prepare: the hardware's order over
 * shared bytes is not documented), so mw_dma_rect_of declines it here
 * too. What remains (source rows above or below the destination's, or
 * side by side with them in the same rows or GOBs, their spans
 * interleaved) share no byte, so no pixel at any scale (a pixel is whole
 * bytes of one surface), so glCopyImageSubData within the one texture is
 * defined (the GL 4.6 and ES 3.2 specifications of CopyImageSubData
 * leave only overlapping regions of one image undefined) and the formats
 * are the same: a raw
 * copy, no temporary. The pixel test below is a guard should the
 * engine's rule widen; an overlapping copy would then need one. On ES the pixel buffer is read and written
 * through gl_caps' readback and upload (es_ReadPixels converts the layouts
 * ES cannot read directly, as it does for write-back). */
#include "backend/gl/gl_util.h"
#include "backend/maxwell/memory/block_linear.h"
#include "backend/maxwell/render/render_targets.h"

#include <string.h>

typedef mw_pixels pixels;

bool mw_render_side_pixels(mw_render *r, const mw_dma_side *d, uint32_t line_bytes, uint32_t lines, bool any,
                           mw_pixels *out)
{
    for (uint32_t i = 0; i < r->count; i++) {
        mw_surface *s = &r->surf[i];
        const mw_surface_desc *h = &s->d;
        if (s->stale || ((h->zeta || h->sx || h->sy) && !any) || h->pitch == d->block_linear || h->depth)
            continue;
        /* memory holds a multisampled surface as its (W << sx) x (H << sy)
         * sample image (render_targets.c mem_width) */
        const uint32_t p = h->format->bytes, mw = h->width << h->sx, mh = h->height << h->sy;
        uint64_t xb, y;
        if (d->block_linear) {
            if (d->va != h->va || d->width_gobs != ((uint64_t)mw * p + MW_GOB_WIDTH - 1) / MW_GOB_WIDTH ||
                d->block_height_log2 != h->block_height_log2 || d->block_depth_log2 || d->layer)
                continue;
            xb = d->x_bytes, y = d->y;
        } else {
            if (d->pitch != (int64_t)h->pitch_bytes || d->va < h->va || d->va - h->va >= s->hi - s->lo)
                continue;
            xb = (d->va - h->va) % h->pitch_bytes, y = (d->va - h->va) / h->pitch_bytes;
        }
        const uint32_t bw = 1u << h->sx, bh = 1u << h->sy; /* a pixel's block of samples */
        if (xb % ((uint64_t)p * bw) || line_bytes % (p * bw) || y % bh || lines % bh ||
            xb + line_bytes > (uint64_t)mw * p || y + lines > mh)
            return false; /* on this surface's memory but not whole pixels of it */
        *out = (pixels){s, (uint32_t)(xb / p) >> h->sx, (uint32_t)y >> h->sy, (line_bytes / p) >> h->sx,
                        lines >> h->sy};
        return true;
    }
    return false;
}

/* The client layout holds the components as the GL texel holds them. */
static bool natural(const mw_rt_format *f)
{
    const GLenum c = f->gl_format, t = f->gl_type;
    const bool order = c == GL_RED || c == GL_RG || c == GL_RGBA || c == GL_RED_INTEGER || c == GL_RG_INTEGER ||
                       c == GL_RGBA_INTEGER;
    const bool whole = t == GL_UNSIGNED_BYTE || t == GL_BYTE || t == GL_UNSIGNED_SHORT || t == GL_SHORT ||
                       t == GL_UNSIGNED_INT || t == GL_INT || t == GL_HALF_FLOAT || t == GL_FLOAT;
    return order && whole;
}

void mw_dma_gpu_fini(mw_render *r)
{
    if (!r->gl_lost && r->ctx && r->dma_buf)
        r->ctx->gl.DeleteBuffers(1, &r->dma_buf);
    r->dma_buf = 0;
    r->dma_buf_size = 0;
}

/* The re-encoding copy: source pixels in its client layout into the
 * buffer, then from it in the destination's. */
static void reencode(mw_render *r, const pixels *src, const pixels *dst, GLint k, size_t size)
{
    const GladGLContext *gl = &r->ctx->gl;
    const mw_rt_format *sf = src->s->d.format, *df = dst->s->d.format;
    if (size > r->dma_buf_size) {
        if (!r->dma_buf)
            gl->CreateBuffers(1, &r->dma_buf);
        gl->NamedBufferData(r->dma_buf, (GLsizeiptr)size, NULL, GL_STREAM_COPY);
        r->dma_buf_size = size;
    }
    gl_pixel_store(r->ctx, 0, 1);
    gl->BindBuffer(GL_PIXEL_PACK_BUFFER, r->dma_buf);
    gl->GetTextureSubImage(src->s->tex, 0, (GLint)src->x * k, (GLint)src->y * k, 0, (GLsizei)src->w * k,
                           (GLsizei)src->h * k, 1, sf->gl_format, sf->gl_type, (GLsizei)size, NULL);
    gl->BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    gl->BindBuffer(GL_PIXEL_UNPACK_BUFFER, r->dma_buf);
    gl->TextureSubImage2D(dst->s->tex, 0, (GLint)dst->x * k, (GLint)dst->y * k, (GLsizei)dst->w * k,
                          (GLsizei)dst->h * k, df->gl_format, df->gl_type, NULL);
    gl->BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
}

/* The two rectangles share a pixel (then at every scale their scaled
 * rectangles do too, and only then). */
static bool overlap(const pixels *a, const pixels *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

bool mw_render_dma(mw_render *r, const uint32_t *regs)
{
    if (r->dma_on_cpu || r->gl_lost || !r->count)
        return false;
    mw_dma_rect c;
    if (!mw_dma_rect_of(regs, &r->io, &c))
        return false;
    pixels src, dst;
    if (!mw_render_side_pixels(r, &c.src, c.line_bytes, c.lines, true, &src) ||
        !mw_render_side_pixels(r, &c.dst, c.line_bytes, c.lines, true, &dst))
        return false;
    const mw_rt_format *sf = src.s->d.format, *df = dst.s->d.format;
    const mw_surface_desc *sd = &src.s->d, *dd = &dst.s->d;
    const bool ms = sd->sx || sd->sy || dd->sx || dd->sy;
    if (sf->bytes != df->bytes || (src.s == dst.s && overlap(&src, &dst)) || ((sd->zeta || dd->zeta) && sf != df))
        return false;
    if (ms && (sf != df || sd->sx != dd->sx || sd->sy != dd->sy ||
               memcmp(src.s->gl_sample, dst.s->gl_sample, sizeof src.s->gl_sample)))
        return false;
    const bool raw = sf == df || (natural(sf) && natural(df));
    /* the re-encoding copy's buffer: the scaled rectangle, at most what the
     * CPU engine may stage (MW_ENGINE_MAX_BYTES) */
    const size_t size = (size_t)src.w * r->scale * src.h * r->scale * sf->bytes;
    if (raw ? !r->ctx->gl.CopyImageSubData : size > MW_ENGINE_MAX_BYTES)
        return false;
    if (gl_context_enter(r->ctx) != GLHLE_RESULT_OK)
        return false;
    const GLint k = (GLint)r->scale;
    if (raw) {
        if (r->ctx->info.texture_barrier)
            r->ctx->gl.TextureBarrier();
        else
            r->ctx->gl.Flush();
        const GLenum t = ms ? GL_TEXTURE_2D_MULTISAMPLE : GL_TEXTURE_2D;
        r->ctx->gl.CopyImageSubData(src.s->tex, t, 0, (GLint)src.x * k, (GLint)src.y * k, 0, dst.s->tex, t, 0,
                                    (GLint)dst.x * k, (GLint)dst.y * k, 0, (GLsizei)src.w * k, (GLsizei)src.h * k, 1);
    } else {
        reencode(r, &src, &dst, k, size);
    }
    src.s->last_use = dst.s->last_use = ++r->tick;
    mw_render_rendered(r, dst.s);
    mw_draw_invalidate(r, c.dst.lo, c.dst.hi - c.dst.lo);
    r->stats.dma_gpu++;
    return true;
}
