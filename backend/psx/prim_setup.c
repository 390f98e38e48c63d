/* Primitive setup shared by both PlayStation renderers; see prim_setup.h. */
#include "backend/psx/prim_setup.h"

#include <stdlib.h>

/* psx-spx "24bit RGB to 15bit RGB Dithering": rows 2-3 repeat rows 0-1
 * shifted by two pixels. */
const int8_t psx_dither_matrix[4][4] = {
    {-4, +0, -3, +1},
    {+2, -2, +3, -1},
    {-3, +1, -4, +0},
    {+3, -1, +2, -2},
};

psx_rect psx_rect_intersect(psx_rect a, psx_rect b)
{
    psx_rect r = {a.x0 > b.x0 ? a.x0 : b.x0, a.y0 > b.y0 ? a.y0 : b.y0, a.x1 < b.x1 ? a.x1 : b.x1,
                  a.y1 < b.y1 ? a.y1 : b.y1};
    return r;
}

int psx_rect_wrap(uint32_t x, uint32_t y, uint32_t w, uint32_t h, psx_rect out[4])
{
    x &= PSX_VRAM_W - 1;
    y &= PSX_VRAM_H - 1;
    if (w == 0 || h == 0)
        return 0;
    if (w > PSX_VRAM_W)
        w = PSX_VRAM_W;
    if (h > PSX_VRAM_H)
        h = PSX_VRAM_H;
    uint32_t w0 = x + w > PSX_VRAM_W ? PSX_VRAM_W - x : w; /* columns before the right edge */
    uint32_t h0 = y + h > PSX_VRAM_H ? PSX_VRAM_H - y : h;
    int n = 0;
    out[n++] = (psx_rect){(int32_t)x, (int32_t)y, (int32_t)(x + w0 - 1), (int32_t)(y + h0 - 1)};
    if (w0 < w)
        out[n++] = (psx_rect){0, (int32_t)y, (int32_t)(w - w0 - 1), (int32_t)(y + h0 - 1)};
    if (h0 < h) {
        out[n++] = (psx_rect){(int32_t)x, 0, (int32_t)(x + w0 - 1), (int32_t)(h - h0 - 1)};
        if (w0 < w)
            out[n++] = (psx_rect){0, 0, (int32_t)(w - w0 - 1), (int32_t)(h - h0 - 1)};
    }
    return n;
}

static int32_t min3(int32_t a, int32_t b, int32_t c)
{
    int32_t m = a < b ? a : b;
    return m < c ? m : c;
}

static int32_t max3(int32_t a, int32_t b, int32_t c)
{
    int32_t m = a > b ? a : b;
    return m > c ? m : c;
}

bool psx_setup_triangle(const psx_vertex *a, const psx_vertex *b, const psx_vertex *c, psx_triangle *t)
{
    t->v[0] = *a;
    t->v[1] = *b;
    t->v[2] = *c;
    t->bbox = (psx_rect){min3(a->x, b->x, c->x), min3(a->y, b->y, c->y), max3(a->x, b->x, c->x),
                         max3(a->y, b->y, c->y)};
    /* "The maximum distance between two vertices is 1023 horizontally, and 511
     * vertically. Polygons ... exceeding that dimensions are NOT rendered"
     * (psx-spx GPU Rendering Attributes); measured on the bounding box as
     * DuckStation does (gpu.cpp, draw_rect_012 against MAX_PRIMITIVE_WIDTH). */
    if (t->bbox.x1 - t->bbox.x0 >= 1024 || t->bbox.y1 - t->bbox.y0 >= 512)
        return false;
    int32_t ex1 = b->x - a->x, ey1 = b->y - a->y, ex2 = c->x - a->x, ey2 = c->y - a->y;
    t->area2 = ex1 * ey2 - ex2 * ey1;
    if (t->area2 == 0) /* no pixel centre is strictly inside a degenerate triangle */
        return false;
    /* Attributes start from the leftmost vertex, ties broken as the hardware
     * does (mednafen gpu_polygon.cpp / duckstation DrawTriangle, "tl"): the
     * rounding of the steps makes the choice visible. */
    if (b->x <= a->x)
        t->base = c->x <= b->x ? 2 : 1;
    else
        t->base = c->x < a->x ? 2 : 0;
    const uint8_t *va = &a->r, *vb = &b->r, *vc = &c->r;
    for (int i = 0; i < PSX_ATTR_COUNT; i++) {
        int64_t d1 = (int64_t)vb[i] - va[i], d2 = (int64_t)vc[i] - va[i];
        int64_t nx = d1 * ey2 - d2 * ey1; /* the area formula with x replaced by the attribute */
        int64_t ny = (int64_t)ex1 * d2 - (int64_t)ex2 * d1;
        /* C division truncates toward zero, as the hardware's divider does */
        t->ddx[i] = (int32_t)(nx * 4096 / t->area2);
        t->ddy[i] = (int32_t)(ny * 4096 / t->area2);
    }
    return true;
}

bool psx_setup_line(const psx_vertex *a, const psx_vertex *b, psx_line *l)
{
    int32_t adx = abs(b->x - a->x), ady = abs(b->y - a->y);
    /* psx-spx "Size Restriction": a line 1024+ wide or 512+ high is not drawn
     * (the example: Y -300..+300 is skipped, -100..+400 drawn). */
    if (adx >= 1024 || ady >= 512)
        return false;
    int32_t k = adx > ady ? adx : ady;
    if (k > 0 && a->x >= b->x) { /* the hardware steps from the left end (mednafen gpu_line.cpp) */
        const psx_vertex *t = a;
        a = b;
        b = t;
    }
    l->x0 = a->x;
    l->y0 = a->y;
    l->dx = b->x - a->x;
    l->dy = b->y - a->y;
    l->k = k;
    const uint8_t *ca = &a->r, *cb = &b->r;
    for (int i = 0; i < 3; i++) {
        l->c0[i] = ca[i];
        l->dc[i] = k ? (int32_t)(((int32_t)cb[i] - ca[i]) * 4096) / k : 0;
    }
    l->bbox = (psx_rect){a->x < b->x ? a->x : b->x, a->y < b->y ? a->y : b->y, a->x > b->x ? a->x : b->x,
                         a->y > b->y ? a->y : b->y};
    return true;
}

static int32_t floor_div(int32_t n, int32_t d) /* d > 0 */
{
    int32_t q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}

void psx_line_pixel(const psx_line *l, int32_t i, int32_t *x, int32_t *y, uint8_t rgb[3])
{
    if (l->k == 0) {
        *x = l->x0;
        *y = l->y0;
    } else {
        int32_t k2 = 2 * l->k;
        /* Mednafen steps 32.32 fixed point from the pixel centre with a tiny
         * bias; worked out exactly, halves round down in x, and away from the
         * start in y (docs/architecture.md, "Lines"). */
        *x = l->x0 + floor_div(2 * i * l->dx + l->k - 1, k2);
        *y = l->y0 + floor_div(2 * i * l->dy + l->k - (l->dy < 0), k2);
    }
    for (int c = 0; c < 3; c++)
        rgb[c] = (uint8_t)((((int32_t)l->c0[c] << 12) + 2048 + i * l->dc[c]) >> 12);
}

uint16_t psx_blend(uint16_t back, uint16_t front, int mode)
{
    uint16_t out = 0;
    for (int s = 0; s < 15; s += 5) {
        int32_t bc = (back >> s) & 31, fc = (front >> s) & 31, v;
        switch (mode) {
        case 0: v = (bc + fc) >> 1; break;
        case 1: v = bc + fc; break;
        case 2: v = bc - fc; break;
        default: v = bc + (fc >> 2); break;
        }
        v = v < 0 ? 0 : v > 31 ? 31 : v;
        out |= (uint16_t)(v << s);
    }
    return out;
}

static void window_range(int lo, int hi, uint8_t and_mask, uint8_t or_mask, int *out_lo, int *out_hi)
{
    if (lo < 0)
        lo = 0;
    if (hi > 255)
        hi = 255;
    if (and_mask == 0xFF && or_mask == 0) {
        *out_lo = lo;
        *out_hi = hi;
    } else { /* (t & and) | or stays within [or, and | or]: the window bits are disjoint */
        *out_lo = or_mask;
        *out_hi = and_mask | or_mask;
    }
}

int psx_texture_footprint(const psx_draw_mode *m, int umin, int umax, int vmin, int vmax, psx_rect out[4])
{
    int u0, u1, v0, v1;
    window_range(umin, umax, m->win_and_x, m->win_or_x, &u0, &u1);
    window_range(vmin, vmax, m->win_and_y, m->win_or_y, &v0, &v1);
    int shift = m->tex_mode == 0 ? 2 : m->tex_mode == 1 ? 1 : 0;
    uint32_t x = m->tex_x + (uint32_t)(u0 >> shift);
    uint32_t w = (uint32_t)((u1 >> shift) - (u0 >> shift) + 1);
    return psx_rect_wrap(x, m->tex_y + (uint32_t)v0, w, (uint32_t)(v1 - v0 + 1), out);
}

void psx_triangle_uv_range(const psx_triangle *t, int *umin, int *umax, int *vmin, int *vmax)
{
    /* Interpolated texcoords stay within the vertices' range: the 0.5 bias
     * and the truncated steps move them by less than one texel inside the
     * triangle. */
    *umin = min3(t->v[0].u, t->v[1].u, t->v[2].u);
    *umax = max3(t->v[0].u, t->v[1].u, t->v[2].u);
    *vmin = min3(t->v[0].v, t->v[1].v, t->v[2].v);
    *vmax = max3(t->v[0].v, t->v[1].v, t->v[2].v);
}

static void sprite_axis(int start, int count, bool flip, int *lo, int *hi)
{
    if (count >= 256) {
        *lo = 0;
        *hi = 255;
    } else if (!flip) {
        *lo = start;
        *hi = start + count - 1;
    } else {
        *lo = start - (count - 1);
        *hi = start;
    }
    if (*lo < 0 || *hi > 255) { /* wraps around the 8-bit texcoord */
        *lo = 0;
        *hi = 255;
    }
}

void psx_sprite_uv_range(const psx_sprite *s, const psx_draw_mode *m, int *umin, int *umax, int *vmin, int *vmax)
{
    sprite_axis(s->u, s->w, m->flip_x, umin, umax);
    sprite_axis(s->v, s->h, m->flip_y, vmin, vmax);
}
