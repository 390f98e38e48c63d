/* The software reference renderer: the PlayStation GPU's drawing rules on a
 * CPU copy of VRAM at 1x, written from the documentation (psx-spx "Graphics
 * Processing Unit (GPU)") and the rules in prim_setup.h. It decides coverage
 * with spans per scanline in exact integer arithmetic — a different method
 * from the GL renderer's per-pixel edge functions, so the differential test
 * checks one against the other. */
#include <stdlib.h>
#include <string.h>

#include "backend/psx/renderer.h"

typedef struct sw_renderer {
    psx_renderer base;
    uint16_t *vram;            /* PSX_VRAM_W * PSX_VRAM_H */
    uint16_t *snapshot;        /* VRAM as a self-sampling primitive found it */
    uint16_t clut[256];        /* the CLUT cache */
    uint16_t row[PSX_VRAM_W];  /* one row of a VRAM copy */
} sw_renderer;

static uint16_t texel(const sw_renderer *sw, const uint16_t *src, const psx_draw_mode *m, uint8_t u, uint8_t v)
{
    u = (uint8_t)((u & m->win_and_x) | m->win_or_x);
    v = (uint8_t)((v & m->win_and_y) | m->win_or_y);
    const uint16_t *row = src + (size_t)(m->tex_y + v) * PSX_VRAM_W;
    switch (m->tex_mode) {
    case 0: { /* four 4-bit indices per halfword, leftmost in the low bits */
        uint16_t hw = row[(m->tex_x + (u >> 2)) & (PSX_VRAM_W - 1)];
        return sw->clut[(hw >> ((u & 3) * 4)) & 0xF];
    }
    case 1: {
        uint16_t hw = row[(m->tex_x + (u >> 1)) & (PSX_VRAM_W - 1)];
        return sw->clut[(hw >> ((u & 1) * 8)) & 0xFF];
    }
    default: return row[(m->tex_x + u) & (PSX_VRAM_W - 1)];
    }
}

/* One pixel of any primitive: texture, modulation, dithering, blending and
 * the mask bit, in the hardware's order. */
static void plot(sw_renderer *sw, const psx_draw_mode *m, const uint16_t *src, int32_t x, int32_t y,
                 const uint8_t rgb[3], uint8_t u, uint8_t v)
{
    int32_t d = m->dither ? psx_dither_matrix[y & 3][x & 3] : 0;
    uint16_t color;
    bool blend = m->semi;
    if (m->textured) {
        uint16_t t = texel(sw, src, m, u, v);
        if (t == 0) /* texel 0000h is transparent */
            return;
        if (m->raw) {
            color = t;
        } else {
            /* (texel5 * colour8) >> 4 is the 8-bit product where 80h keeps the
             * texel; then dithered and saturated to 5 bits (psx-spx
             * "Modulation"; duckstation ShadePixel) */
            color = (uint16_t)(psx_to5(((t & 31) * rgb[0]) >> 4, d) | (psx_to5((((t >> 5) & 31) * rgb[1]) >> 4, d) << 5) |
                               (psx_to5((((t >> 10) & 31) * rgb[2]) >> 4, d) << 10) | (t & 0x8000));
        }
        blend = m->semi && (t & 0x8000); /* only texels with bit 15 are semi-transparent */
    } else {
        color = (uint16_t)(psx_to5(rgb[0], d) | (psx_to5(rgb[1], d) << 5) | (psx_to5(rgb[2], d) << 10));
    }
    uint16_t *dst = &sw->vram[(size_t)y * PSX_VRAM_W + (size_t)x];
    uint16_t back = *dst;
    if (m->mask_check && (back & 0x8000)) /* "Draw if Bit15=0" (GP0(E6h)) */
        return;
    if (blend)
        color = (uint16_t)((color & 0x8000) | psx_blend(back, color, m->blend));
    *dst = (uint16_t)(color | (m->mask_set ? 0x8000 : 0));
}

/* Where a textured primitive reads texels: VRAM itself, or a copy made before
 * it drew when it samples the area it draws to (renderer.h contract). */
static const uint16_t *texture_source(sw_renderer *sw, const psx_draw_mode *m, psx_rect drawn, int umin, int umax,
                                      int vmin, int vmax)
{
    if (!m->textured)
        return sw->vram;
    psx_rect fp[4];
    int n = psx_texture_footprint(m, umin, umax, vmin, vmax, fp);
    for (int i = 0; i < n; i++) {
        if (psx_rect_overlap(fp[i], drawn)) {
            memcpy(sw->snapshot, sw->vram, sizeof(uint16_t) * PSX_VRAM_W * PSX_VRAM_H);
            return sw->snapshot;
        }
    }
    return sw->vram;
}

static int32_t ceil_div(int32_t n, int32_t d) /* d > 0 */
{
    int32_t q = n / d;
    return (n % d != 0 && n > 0) ? q + 1 : q;
}

/* x where edge a->b (a.y < b.y) crosses row y, rounded up: the first pixel
 * at or right of the edge. */
static int32_t edge_x(const psx_vertex *a, const psx_vertex *b, int32_t y)
{
    return a->x + ceil_div((y - a->y) * (b->x - a->x), b->y - a->y);
}

static void sw_triangle(psx_renderer *r, const psx_draw_mode *m, const psx_triangle *t)
{
    sw_renderer *sw = (sw_renderer *)r;
    psx_rect drawn = psx_rect_intersect(t->bbox, m->clip);
    if (psx_rect_empty(drawn))
        return;
    int umin, umax, vmin, vmax;
    psx_triangle_uv_range(t, &umin, &umax, &vmin, &vmax);
    const uint16_t *src = texture_source(sw, m, drawn, umin, umax, vmin, vmax);
    /* sort by y: rows y0 <= y < y2 are drawn, each from the left edge
     * (inclusive) to the right edge (exclusive), which is the "pixels whose
     * centres lie inside, right and bottom edges excluded" rule of psx-spx and
     * Sony's Run-Time Library Overview (seed 002, Drawing Rules) */
    const psx_vertex *s0 = &t->v[0], *s1 = &t->v[1], *s2 = &t->v[2], *tmp;
    if (s1->y < s0->y) { tmp = s0; s0 = s1; s1 = tmp; }
    if (s2->y < s1->y) { tmp = s1; s1 = s2; s2 = tmp; }
    if (s1->y < s0->y) { tmp = s0; s0 = s1; s1 = tmp; }
    int64_t cross = (int64_t)(s1->x - s0->x) * (s2->y - s0->y) - (int64_t)(s2->x - s0->x) * (s1->y - s0->y);
    bool long_is_left = cross > 0; /* the middle vertex is right of the long edge */
    uint8_t rgb[3] = {t->v[0].r, t->v[0].g, t->v[0].b};
    uint8_t u = 0, v = 0;
    int32_t ystart = s0->y > drawn.y0 ? s0->y : drawn.y0;
    int32_t yend = s2->y - 1 < drawn.y1 ? s2->y - 1 : drawn.y1;
    for (int32_t y = ystart; y <= yend; y++) {
        int32_t xlong = edge_x(s0, s2, y);
        int32_t xshort = y < s1->y ? edge_x(s0, s1, y) : edge_x(s1, s2, y);
        int32_t xl = long_is_left ? xlong : xshort, xr = long_is_left ? xshort : xlong;
        if (xl < drawn.x0)
            xl = drawn.x0;
        if (xr > drawn.x1 + 1)
            xr = drawn.x1 + 1;
        for (int32_t x = xl; x < xr; x++) {
            if (m->gouraud) {
                rgb[0] = psx_tri_attr(t, PSX_ATTR_R, x, y);
                rgb[1] = psx_tri_attr(t, PSX_ATTR_G, x, y);
                rgb[2] = psx_tri_attr(t, PSX_ATTR_B, x, y);
            }
            if (m->textured) {
                u = psx_tri_attr(t, PSX_ATTR_U, x, y);
                v = psx_tri_attr(t, PSX_ATTR_V, x, y);
            }
            plot(sw, m, src, x, y, rgb, u, v);
        }
    }
}

static void sw_line(psx_renderer *r, const psx_draw_mode *m, const psx_line *l)
{
    sw_renderer *sw = (sw_renderer *)r;
    for (int32_t i = 0; i <= l->k; i++) {
        int32_t x, y;
        uint8_t rgb[3];
        psx_line_pixel(l, i, &x, &y, rgb);
        if (!m->gouraud)
            memcpy(rgb, l->c0, 3);
        if (x < m->clip.x0 || x > m->clip.x1 || y < m->clip.y0 || y > m->clip.y1)
            continue;
        plot(sw, m, sw->vram, x, y, rgb, 0, 0);
    }
}

static void sw_sprite(psx_renderer *r, const psx_draw_mode *m, const psx_sprite *s)
{
    sw_renderer *sw = (sw_renderer *)r;
    psx_rect drawn = psx_rect_intersect(s->bbox, m->clip);
    if (psx_rect_empty(drawn))
        return;
    int umin, umax, vmin, vmax;
    psx_sprite_uv_range(s, m, &umin, &umax, &vmin, &vmax);
    const uint16_t *src = texture_source(sw, m, drawn, umin, umax, vmin, vmax);
    const uint8_t rgb[3] = {s->r, s->g, s->b};
    for (int32_t y = drawn.y0; y <= drawn.y1; y++) {
        uint8_t v = psx_sprite_v(s, m, y);
        for (int32_t x = drawn.x0; x <= drawn.x1; x++)
            plot(sw, m, src, x, y, rgb, psx_sprite_u(s, m, x), v);
    }
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
    const uint16_t *row = sw->vram + (size_t)y * PSX_VRAM_W;
    for (uint32_t i = 0; i < count; i++)
        sw->clut[i] = row[(x + i) & (PSX_VRAM_W - 1)];
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

static const psx_renderer_ops sw_ops = {
    sw_destroy, sw_triangle, sw_line, sw_sprite, sw_fill, sw_copy, sw_upload, sw_read, sw_load_clut, sw_read_rgba,
};

psx_renderer *psx_swrender_create(const glhle_logger *log, glhle_psx_stats *stats)
{
    sw_renderer *sw = calloc(1, sizeof *sw);
    if (sw) {
        sw->vram = calloc((size_t)PSX_VRAM_W * PSX_VRAM_H, sizeof(uint16_t));
        sw->snapshot = malloc(sizeof(uint16_t) * PSX_VRAM_W * PSX_VRAM_H);
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
    sw->base.ops = &sw_ops;
    sw->base.log = log;
    sw->base.stats = stats;
    sw->base.scale = 1;
    return &sw->base;
}
