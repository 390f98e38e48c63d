/* The per-pixel model of the PlayStation software renderer; see
 * psx_ref_render.h. This is backend/psx/swrender.c as it was before issue
 * 21 made it step attributes along spans: every pixel's colour and texcoord
 * come from prim_setup.h's formula (psx_tri_attr, psx_sprite_u/v), each
 * row's edges from a division, and one plot() runs the whole pixel pipeline
 * with run-time tests of every mode. */
#include "support/psx_ref_render.h"

#include "backend/psx/sw_span.h"

#include <stdlib.h>
#include <string.h>

/* Transfers, the CLUT cache and VRAM itself are the software renderer's
 * (they have no per-pixel attributes): the model draws primitives into its
 * VRAM and forwards everything else. */
typedef struct ref_renderer {
    psx_renderer base;
    psx_renderer *sw;
    uint16_t *vram;            /* sw's */
    const uint16_t *clut;      /* sw's CLUT cache */
    uint16_t *snapshot;        /* VRAM as a self-sampling primitive found it */
} ref_renderer;

static uint16_t texel(const ref_renderer *sw, const uint16_t *src, const psx_draw_mode *m, uint8_t u, uint8_t v)
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
static void plot(ref_renderer *sw, const psx_draw_mode *m, const uint16_t *src, int32_t x, int32_t y,
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

static const uint16_t *texture_source(ref_renderer *sw, const psx_draw_mode *m, psx_rect drawn, int umin, int umax,
                                      int vmin, int vmax)
{
    return psx_sw_texture_source(m, drawn, umin, umax, vmin, vmax, sw->vram, sw->snapshot);
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

static void ref_triangle(psx_renderer *r, const psx_draw_mode *m, const psx_triangle *t)
{
    ref_renderer *sw = (ref_renderer *)r;
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

static void ref_line(psx_renderer *r, const psx_draw_mode *m, const psx_line *l)
{
    ref_renderer *sw = (ref_renderer *)r;
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

static void ref_sprite(psx_renderer *r, const psx_draw_mode *m, const psx_sprite *s)
{
    ref_renderer *sw = (ref_renderer *)r;
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

static void ref_fill(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, uint16_t color)
{
    psx_renderer *sw = ((ref_renderer *)r)->sw;
    sw->ops->fill(sw, x, y, w, h, color);
}

static void ref_copy(psx_renderer *r, uint32_t sx, uint32_t sy, uint32_t dx, uint32_t dy, uint32_t w, uint32_t h,
                     bool mask_set, bool mask_check)
{
    psx_renderer *sw = ((ref_renderer *)r)->sw;
    sw->ops->copy(sw, sx, sy, dx, dy, w, h, mask_set, mask_check);
}

static void ref_upload(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, const uint16_t *pixels,
                       bool mask_set, bool mask_check)
{
    psx_renderer *sw = ((ref_renderer *)r)->sw;
    sw->ops->upload(sw, x, y, w, h, pixels, mask_set, mask_check);
}

static void ref_read(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, uint16_t *out)
{
    psx_renderer *sw = ((ref_renderer *)r)->sw;
    sw->ops->read(sw, x, y, w, h, out);
}

static void ref_load_clut(psx_renderer *r, uint32_t x, uint32_t y, uint32_t count)
{
    psx_renderer *sw = ((ref_renderer *)r)->sw;
    sw->ops->load_clut(sw, x, y, count);
}

static glhle_result ref_read_rgba(psx_renderer *r, uint8_t *rgba)
{
    psx_renderer *sw = ((ref_renderer *)r)->sw;
    return sw->ops->read_rgba(sw, rgba);
}

static void ref_destroy(psx_renderer *r)
{
    ref_renderer *ref = (ref_renderer *)r;
    if (ref->sw)
        ref->sw->ops->destroy(ref->sw);
    free(ref->snapshot);
    free(ref);
}

static const psx_renderer_ops ref_ops = {
    ref_destroy, ref_triangle, ref_line,      ref_sprite,    ref_fill,
    ref_copy,    ref_upload,   ref_read,      ref_load_clut, ref_read_rgba,
    NULL,        NULL,         NULL,          NULL, /* the model is not saved */
};

psx_renderer *psx_ref_render_create(const void *arg, const glhle_logger *log, glhle_psx_stats *stats,
                                    glhle_result *result)
{
    (void)arg;
    ref_renderer *ref = calloc(1, sizeof *ref);
    if (ref) {
        ref->sw = psx_swrender_create(log, stats);
        ref->snapshot = malloc(sizeof(uint16_t) * PSX_VRAM_W * PSX_VRAM_H);
    }
    if (!ref || !ref->sw || !ref->snapshot) {
        if (ref)
            ref_destroy(&ref->base);
        else
            free(ref);
        *result = GLHLE_FAIL(log, GLHLE_RESULT_OUT_OF_MEMORY, "out of memory for the reference renderer");
        return NULL;
    }
    ref->vram = psx_swrender_vram(ref->sw);
    ref->clut = psx_swrender_clut(ref->sw);
    ref->base.ops = &ref_ops;
    ref->base.log = log;
    ref->base.stats = stats;
    ref->base.scale = 1;
    *result = GLHLE_RESULT_OK;
    return &ref->base;
}

glhle_result psx_ref_create(glhle_psx **out)
{
    glhle_logger log = {0};
    log.min_level = (glhle_log_level)(GLHLE_LOG_ERROR + 1); /* random streams hold bad words on purpose */
    return psx_create_with(&log, psx_ref_render_create, NULL, out);
}
