/* The software reference renderer: the PlayStation GPU's drawing rules on a
 * CPU copy of VRAM at 1x, written from the documentation (psx-spx "Graphics
 * Processing Unit (GPU)") and the rules in prim_setup.h. It decides coverage
 * with spans per scanline in exact integer arithmetic — a different method
 * from the GL renderer's per-pixel edge functions, so the differential test
 * checks one against the other. Triangles and rectangles are drawn span by
 * span by the specialised kernels of sw_span.c, stepping attributes along
 * each row; lines pixel by pixel. */
#include <stdlib.h>
#include <string.h>

#include "backend/psx/renderer.h"
#include "backend/psx/sw_span.h"

typedef struct sw_renderer {
    psx_renderer base;
    uint16_t *vram;            /* PSX_VRAM_W * PSX_VRAM_H */
    uint16_t *snapshot;        /* VRAM as a self-sampling primitive found it */
    uint16_t clut[256];        /* the CLUT cache (the AVX2 kernels read 2 bytes past it: row follows) */
    uint16_t row[PSX_VRAM_W];  /* one row of a VRAM copy */
    const psx_rows_fn *rows;    /* the row kernel set this CPU runs best */
} sw_renderer;

static const uint16_t *texture_source(sw_renderer *sw, const psx_draw_mode *m, psx_rect drawn, int umin, int umax,
                                      int vmin, int vmax)
{
    return psx_sw_texture_source(m, drawn, umin, umax, vmin, vmax, sw->vram, sw->snapshot);
}

static void sw_triangle(psx_renderer *r, const psx_draw_mode *m, const psx_triangle *t)
{
    sw_renderer *sw = (sw_renderer *)r;
    psx_rect drawn = psx_rect_intersect(t->bbox, m->clip);
    psx_rows rows;
    if (psx_rect_empty(drawn) || !psx_tri_walk_begin(&rows.w, t, drawn))
        return;
    rows.rect = false;
    int umin, umax, vmin, vmax;
    psx_triangle_uv_range(t, &umin, &umax, &vmin, &vmax);
    psx_span_ctx c;
    psx_span_ctx_init(&c, m, texture_source(sw, m, drawn, umin, umax, vmin, vmax), sw->clut, t->ddx);
    /* the accumulators of prim_setup.h's formula at (x, y) are
     * base + ddx * (x - bx) + ddy * (y - by), 32-bit wrapping: each row
     * starts from the formula, then steps by ddx per pixel (sw_span.h);
     * origin: the formula at (0, y), stepped by ddy per row */
    const psx_vertex *bv = &t->v[t->base];
    const uint8_t *vals = &bv->r;
    for (int i = 0; i < PSX_ATTR_COUNT; i++) {
        rows.ddx[i] = (uint32_t)t->ddx[i];
        rows.ddy[i] = (uint32_t)t->ddy[i];
        rows.origin[i] = ((uint32_t)vals[i] << 12) + 2048u - rows.ddx[i] * (uint32_t)bv->x +
                         rows.ddy[i] * ((uint32_t)rows.w.y - (uint32_t)bv->y);
    }
    psx_rows_select(sw->rows, m, m->gouraud, m->dither)(&c, sw->vram, &rows);
}

static void sw_line(psx_renderer *r, const psx_draw_mode *m, const psx_line *l)
{
    sw_renderer *sw = (sw_renderer *)r;
    psx_span_ctx c;
    static const int32_t no_steps[PSX_ATTR_COUNT] = {0, 0, 0, 0, 0};
    psx_span_ctx_init(&c, m, sw->vram, sw->clut, no_steps);
    /* pixel by pixel, stepping prim_setup.h's line formula (sw_span.c) */
    psx_line_select(m, m->dither)(&c, sw->vram, l, m->gouraud, m->clip);
}

static void sw_sprite(psx_renderer *r, const psx_draw_mode *m, const psx_sprite *s)
{
    sw_renderer *sw = (sw_renderer *)r;
    psx_rect drawn = psx_rect_intersect(s->bbox, m->clip);
    if (psx_rect_empty(drawn))
        return;
    int umin, umax, vmin, vmax;
    psx_sprite_uv_range(s, m, &umin, &umax, &vmin, &vmax);
    /* texcoords step by one texel per pixel and row, down under a flip;
     * the accumulators' low 12 bits stay 0, so (acc >> 12) & FFh is the
     * 8-bit texcoord (psx_sprite_u/v) */
    const int32_t du = m->flip_x ? -4096 : 4096, dv = m->flip_y ? -4096 : 4096;
    const int32_t steps[PSX_ATTR_COUNT] = {0, 0, 0, du, 0};
    psx_span_ctx c;
    psx_span_ctx_init(&c, m, texture_source(sw, m, drawn, umin, umax, vmin, vmax), sw->clut, steps);
    psx_rows rows = {.rect = true};
    rows.w.y = drawn.y0;
    rows.w.yend = drawn.y1;
    rows.w.x0 = drawn.x0;
    rows.w.x1 = drawn.x1;
    const uint32_t at_x0[PSX_ATTR_COUNT] = {(uint32_t)s->r << 12, (uint32_t)s->g << 12, (uint32_t)s->b << 12,
                                            (uint32_t)psx_sprite_u(s, m, drawn.x0) << 12,
                                            (uint32_t)psx_sprite_v(s, m, drawn.y0) << 12};
    for (int i = 0; i < PSX_ATTR_COUNT; i++) {
        rows.ddx[i] = (uint32_t)steps[i];
        rows.ddy[i] = i == PSX_ATTR_V ? (uint32_t)dv : 0;
        rows.origin[i] = at_x0[i] - rows.ddx[i] * (uint32_t)drawn.x0;
    }
    psx_rows_select(sw->rows, m, false, false)(&c, sw->vram, &rows);
}

/* w halfwords of a VRAM row from column x, wrapping at 1024, and back. */
static void row_get(uint16_t *dst, const uint16_t *row, uint32_t x, uint32_t w)
{
    uint32_t first = x + w <= PSX_VRAM_W ? w : PSX_VRAM_W - x;
    memcpy(dst, row + x, first * sizeof *dst);
    memcpy(dst + first, row, (w - first) * sizeof *dst);
}

static void row_put(uint16_t *row, uint32_t x, const uint16_t *src, uint32_t w)
{
    uint32_t first = x + w <= PSX_VRAM_W ? w : PSX_VRAM_W - x;
    memcpy(row + x, src, first * sizeof *src);
    memcpy(row, src + first, (w - first) * sizeof *src);
}

/* The mask rules of transfers (GP0(E6h)), pixel by pixel. */
static void row_put_masked(uint16_t *row, uint32_t x, const uint16_t *src, uint32_t w, bool mask_set,
                           bool mask_check)
{
    uint16_t set = mask_set ? 0x8000 : 0;
    if (!mask_set && !mask_check) {
        row_put(row, x, src, w);
        return;
    }
    for (uint32_t c = 0; c < w; c++) {
        uint16_t *p = &row[(x + c) & (PSX_VRAM_W - 1)];
        if (!(mask_check && (*p & 0x8000)))
            *p = (uint16_t)(src[c] | set);
    }
}

static void sw_fill(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, uint16_t color)
{
    sw_renderer *sw = (sw_renderer *)r;
    psx_rect parts[4];
    int n = psx_rect_wrap(x, y, w, h, parts);
    for (int i = 0; i < n; i++) {
        size_t cols = (size_t)(parts[i].x1 - parts[i].x0 + 1);
        uint16_t *first = sw->vram + (size_t)parts[i].y0 * PSX_VRAM_W + (size_t)parts[i].x0;
        for (size_t xx = 0; xx < cols; xx++)
            first[xx] = color;
        for (int32_t yy = parts[i].y0 + 1; yy <= parts[i].y1; yy++)
            memcpy(sw->vram + (size_t)yy * PSX_VRAM_W + (size_t)parts[i].x0, first, cols * sizeof *first);
    }
}

static void sw_copy(psx_renderer *r, uint32_t sx, uint32_t sy, uint32_t dx, uint32_t dy, uint32_t w, uint32_t h,
                    bool mask_set, bool mask_check)
{
    sw_renderer *sw = (sw_renderer *)r;
    for (uint32_t row = 0; row < h; row++) {
        row_get(sw->row, sw->vram + (size_t)((sy + row) & (PSX_VRAM_H - 1)) * PSX_VRAM_W, sx, w);
        row_put_masked(sw->vram + (size_t)((dy + row) & (PSX_VRAM_H - 1)) * PSX_VRAM_W, dx, sw->row, w, mask_set,
                       mask_check);
    }
}

static void sw_upload(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, const uint16_t *pixels,
                      bool mask_set, bool mask_check)
{
    sw_renderer *sw = (sw_renderer *)r;
    for (uint32_t row = 0; row < h; row++)
        row_put_masked(sw->vram + (size_t)((y + row) & (PSX_VRAM_H - 1)) * PSX_VRAM_W, x, pixels + (size_t)row * w, w,
                       mask_set, mask_check);
}

static void sw_read(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, uint16_t *out)
{
    sw_renderer *sw = (sw_renderer *)r;
    for (uint32_t row = 0; row < h; row++)
        row_get(out + (size_t)row * w, sw->vram + (size_t)((y + row) & (PSX_VRAM_H - 1)) * PSX_VRAM_W, x, w);
}

static void sw_load_clut(psx_renderer *r, uint32_t x, uint32_t y, uint32_t count)
{
    sw_renderer *sw = (sw_renderer *)r;
    row_get(sw->clut, sw->vram + (size_t)y * PSX_VRAM_W, x, count); /* games reload it per primitive */
}

static glhle_result sw_read_rgba(psx_renderer *r, uint8_t *rgba)
{
    sw_renderer *sw = (sw_renderer *)r;
    for (size_t i = 0; i < (size_t)PSX_VRAM_W * PSX_VRAM_H; i++)
        psx_rgba_from_555(sw->vram[i], rgba + i * 4);
    return GLHLE_RESULT_OK;
}

static void sw_destroy(psx_renderer *r)
{
    sw_renderer *sw = (sw_renderer *)r;
    free(sw->vram);
    free(sw->snapshot);
    free(sw);
}

uint16_t *psx_swrender_vram(psx_renderer *r)
{
    return ((sw_renderer *)r)->vram;
}

void psx_swrender_use_kernels(psx_renderer *r, psx_span_isa isa)
{
    ((sw_renderer *)r)->rows = psx_rows_kernels(isa);
}

const uint16_t *psx_swrender_clut(const psx_renderer *r)
{
    return ((const sw_renderer *)r)->clut;
}

static void sw_read_clut(psx_renderer *r, uint16_t out[256])
{
    memcpy(out, ((sw_renderer *)r)->clut, 256 * sizeof(uint16_t));
}

static void sw_write_clut(psx_renderer *r, uint32_t x, uint32_t y, uint32_t count, const uint16_t in[256])
{
    (void)x, (void)y, (void)count;
    memcpy(((sw_renderer *)r)->clut, in, 256 * sizeof(uint16_t));
}

static const psx_renderer_ops sw_ops = {
    sw_destroy, sw_triangle, sw_line, sw_sprite, sw_fill, sw_copy, sw_upload, sw_read, sw_load_clut, sw_read_rgba,
    sw_read_clut, sw_write_clut, NULL, NULL, /* VRAM is native: no scaled copy */
};

psx_renderer *psx_swrender_create(const glhle_logger *log, glhle_psx_stats *stats)
{
    sw_renderer *sw = calloc(1, sizeof *sw);
    if (sw) {
        /* padded for the AVX2 kernels' 32-bit texel reads (PSX_SPAN_PAD) */
        sw->vram = calloc(1, sizeof(uint16_t) * PSX_VRAM_W * PSX_VRAM_H + PSX_SPAN_PAD);
        sw->snapshot = calloc(1, sizeof(uint16_t) * PSX_VRAM_W * PSX_VRAM_H + PSX_SPAN_PAD);
    }
    if (!sw || !sw->vram || !sw->snapshot) {
        if (sw) {
            free(sw->vram);
            free(sw->snapshot);
        }
        free(sw);
        GLHLE_ERROR(log, "out of memory for the software renderer's VRAM");
        return NULL;
    }
    sw->rows = psx_rows_kernels(PSX_SPAN_BEST);
    sw->base.ops = &sw_ops;
    sw->base.log = log;
    sw->base.stats = stats;
    sw->base.scale = 1;
    return &sw->base;
}
