/* 2D engine blits on the GPU between resident render targets
 * (render_targets.h, mw_render_twod): the front end offers every 902D blit
 * here first (mw_frontend_hooks.twod_blit) and runs the CPU engine
 * (engines/twod.c) on guest memory when this declines.
 *
 * Taken here: SRCCOPY point blits of one format to the same format, steps
 * DU_DX = DV_DY = 1.0 and an integer source origin (then the CENTER and
 * CORNER origins read the same texel, floor(SRC_X0 + x - DST_X0), and
 * twod.c copies the texel's bytes unchanged), the source rectangle inside
 * the source surface (no edge clamping), the destination rectangle clipped
 * to its surface and CLIP_* as twod.c clips it, source and destination not
 * sharing memory, and both surfaces resident, fresh, colour, single-sampled
 * and described by the 2D registers exactly as the render cache holds them
 * (address, format, size, pitch or block height; depth 1, layer 0). The copy
 * is a nearest GL blit of the scaled rectangles, so it is exact at every
 * internal scale and byte-identical to the CPU engine after write-back
 * (test_maxwell_twod_gpu). Everything else declines (false). */
#include "backend/maxwell/engines/twod_regs.h"
#include "backend/maxwell/render/render_targets.h"

#define R(m) regs[(m) / 4]

/* One side's surface as the render cache would describe it; false when it
 * is not a plain 2D colour surface the cache can hold. */
static bool side_desc(const uint32_t *regs, bool src, mw_surface_desc *d)
{
    const uint32_t code = (src ? R(SRC_FORMAT) : R(DST_FORMAT)) & 0xFF;
    const uint32_t layout = src ? R(SRC_MEMORY_LAYOUT) : R(DST_FORMAT + 4);
    const uint32_t block = src ? R(SRC_BLOCK_SIZE) : R(DST_FORMAT + 8);
    const uint32_t depth = src ? R(SRC_DEPTH) : R(DST_FORMAT + 0xC);
    const uint32_t layer = src ? 0 : R(DST_FORMAT + 0x10);
    const int32_t pitch = (int32_t)(src ? R(SRC_PITCH) : R(DST_FORMAT + 0x14));
    const uint32_t up = src ? R(SRC_OFFSET_UPPER) : R(DST_FORMAT + 0x20);
    const uint32_t low = src ? R(SRC_OFFSET_LOWER) : R(DST_FORMAT + 0x24);
    const mw_rt_format *f = mw_rt_color_format(code);
    if (!f)
        return false;
    *d = (mw_surface_desc){.va = (uint64_t)(up & 0xFF) << 32 | low, .format = f,
                           .width = src ? R(SRC_WIDTH) : R(DST_FORMAT + 0x18),
                           .height = src ? R(SRC_HEIGHT) : R(DST_FORMAT + 0x1C)};
    if (layout & 1) { /* PITCH */
        if (pitch <= 0)
            return false;
        d->pitch = true;
        d->pitch_bytes = (uint32_t)pitch;
        return true;
    }
    /* BLOCKLINEAR: one GOB wide, one deep, the first layer */
    if ((block & 0xF) || (block >> 8 & 0xF) || depth > 1 || layer)
        return false;
    d->block_height_log2 = block >> 4 & 0xF;
    return d->block_height_log2 <= 5;
}

/* The resident, fresh, single-sampled colour surface for d, or NULL. */
static mw_surface *resident(mw_render *r, const mw_surface_desc *d)
{
    for (uint32_t i = 0; i < r->count; i++) {
        mw_surface *s = &r->surf[i];
        const mw_surface_desc *h = &s->d;
        if (s->stale || h->zeta || h->sx || h->sy || h->va != d->va || h->format != d->format || h->width != d->width ||
            h->height != d->height || h->pitch != d->pitch)
            continue;
        if (d->pitch ? h->pitch_bytes == d->pitch_bytes : h->block_height_log2 == d->block_height_log2)
            return s;
    }
    return NULL;
}

bool mw_render_twod(mw_render *r, const uint32_t *regs)
{
    if (r->twod_on_cpu || r->gl_lost)
        return false;
    if (R(OPERATION) != 3 /* SRCCOPY */ || (R(SAMPLE_MODE) >> 4 & 1) /* BILINEAR */)
        return false;
    if (R(DU_DX_INT) != 1 || R(DU_DX_FRAC) || R(DV_DY_INT) != 1 || R(DV_DY_FRAC) || R(SRC_X0_FRAC) ||
        R(SRC_Y0_FRAC))
        return false;
    mw_surface_desc sd, dd;
    if (!side_desc(regs, true, &sd) || !side_desc(regs, false, &dd) || sd.format != dd.format)
        return false;
    mw_surface *src = resident(r, &sd), *dst = resident(r, &dd);
    if (!src || !dst || src == dst || (src->lo < dst->hi && dst->lo < src->hi))
        return false;
    /* the destination rectangle clipped as twod.c clips it */
    const int64_t w = R(DST_WIDTH), h = R(DST_HEIGHT);
    const int64_t x0 = (int32_t)R(DST_X0), y0 = (int32_t)R(DST_Y0);
    int64_t cx0 = x0 > 0 ? x0 : 0, cy0 = y0 > 0 ? y0 : 0;
    int64_t cx1 = x0 + w < dd.width ? x0 + w : dd.width, cy1 = y0 + h < dd.height ? y0 + h : dd.height;
    if (R(CLIP_ENABLE) & 1) {
        const int64_t kx0 = R(CLIP_X0), ky0 = R(CLIP_Y0), kx1 = kx0 + R(CLIP_WIDTH), ky1 = ky0 + R(CLIP_HEIGHT);
        cx0 = cx0 > kx0 ? cx0 : kx0;
        cy0 = cy0 > ky0 ? cy0 : ky0;
        cx1 = cx1 < kx1 ? cx1 : kx1;
        cy1 = cy1 < ky1 ? cy1 : ky1;
    }
    if (cx0 >= cx1 || cy0 >= cy1)
        return false; /* nothing to write: the CPU engine still checks the registers */
    /* the source texels those pixels read: floor(SRC_0 + x - DST_0), inside the source */
    const int64_t u0 = (int32_t)R(SRC_X0_INT), v0 = (int32_t)R(SRC_Y0_INT);
    const int64_t sx0 = u0 + (cx0 - x0), sy0 = v0 + (cy0 - y0), sx1 = sx0 + (cx1 - cx0), sy1 = sy0 + (cy1 - cy0);
    if (sx0 < 0 || sy0 < 0 || sx1 > sd.width || sy1 > sd.height)
        return false;
    if (gl_context_enter(r->ctx) != GLHLE_RESULT_OK)
        return false;
    /* a blit honours the scissor only (and the colour mask in some drivers) */
    gl_state_scissor(&r->st, false, 0, 0, 0, 0);
    gl_state_color_mask(&r->st, true, true, true, true);
    gl_state_clip_distance0(&r->st, false);
    gl_state_raster_cap(&r->st, GL_RASTER_FRAMEBUFFER_SRGB, false); /* texels copied as stored */
    const GLint k = (GLint)r->scale;
    r->ctx->gl.BlitNamedFramebuffer(src->fbo, dst->fbo, (GLint)sx0 * k, (GLint)sy0 * k, (GLint)sx1 * k,
                                    (GLint)sy1 * k, (GLint)cx0 * k, (GLint)cy0 * k, (GLint)cx1 * k, (GLint)cy1 * k,
                                    GL_COLOR_BUFFER_BIT, GL_NEAREST);
    src->last_use = dst->last_use = ++r->tick;
    mw_render_rendered(r, dst);
    mw_draw_invalidate(r, dst->lo, dst->hi - dst->lo);
    r->stats.twod_gpu++;
    return true;
}
