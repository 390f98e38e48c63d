/* The software renderer's span rasterizer: triangles are walked row by row
 * with exact integer edge stepping, and each row's pixels are drawn by an
 * inner loop specialised for the primitive's (texture mode, raw, Gouraud,
 * blend, dither, mask check) combination, chosen once per primitive.
 *
 * Attributes step along a row by adding the triangle's per-pixel increment
 * (ddx, 12 fractional bits) to a 32-bit accumulator, as the console's
 * rasterizer steps them (psx-spx "GPU Rendering Attributes"; the increments
 * are prim_setup.h's). Because prim_setup.h's formula is evaluated in 32-bit
 * wrapping arithmetic, acc(x + 1) = acc(x) + ddx holds exactly: stepping and
 * the per-pixel formula agree on every pixel, which tests/unit/
 * test_psx_span.c checks against the per-pixel model. */
#ifndef GLHLE_PSX_SW_SPAN_H
#define GLHLE_PSX_SW_SPAN_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/psx/prim_setup.h"

/* ---- triangle rows ------------------------------------------------------------ */

/* x where edge a->b crosses row y, rounded up (the first pixel at or right of
 * the edge), kept as a + floor(n / d) with remainder r, n = (y - a.y) * dx:
 * one addition per row instead of a division. */
typedef struct psx_edge {
    int32_t x, r, d;  /* floor part, remainder 0 <= r < d, d = b.y - a.y > 0 */
    int32_t qx, rx;   /* dx = qx * d + rx, 0 <= rx < d */
} psx_edge;

static inline int32_t psx_floor_div(int32_t n, int32_t d) /* d > 0 */
{
    int32_t q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}

static inline void psx_edge_init(psx_edge *e, const psx_vertex *a, const psx_vertex *b, int32_t y)
{
    int32_t d = b->y - a->y, dx = b->x - a->x;
    int32_t n = (y - a->y) * dx; /* |y - a.y| < 512, |dx| < 1024: fits */
    int32_t q = psx_floor_div(n, d);
    e->d = d;
    e->x = a->x + q;
    e->r = n - q * d;
    e->qx = psx_floor_div(dx, d);
    e->rx = dx - e->qx * d;
}

static inline int32_t psx_edge_ceil(const psx_edge *e)
{
    return e->x + (e->r != 0);
}

static inline void psx_edge_step(psx_edge *e)
{
    e->x += e->qx;
    e->r += e->rx;
    if (e->r >= e->d) {
        e->r -= e->d;
        e->x++;
    }
}

/* The rows of a triangle inside `drawn` (its bounding box clipped): rows
 * s0.y <= y < s2.y with the vertices sorted by y, each from the left edge
 * (inclusive) to the right edge (exclusive) — "pixels whose centres lie
 * inside, right and bottom edges excluded" (psx-spx; Sony's Run-Time
 * Library Overview, seed 002 Drawing Rules). */
typedef struct psx_tri_walk {
    const psx_vertex *s0, *s1, *s2;
    bool long_is_left;       /* the middle vertex is right of the long edge */
    int32_t y, yend;         /* the next row, the last row (inclusive) */
    int32_t x0, x1;          /* drawn columns, inclusive */
    psx_edge lng, shrt;
} psx_tri_walk;

/* Returns false when no row is drawn. */
static inline bool psx_tri_walk_begin(psx_tri_walk *w, const psx_triangle *t, psx_rect drawn)
{
    const psx_vertex *s0 = &t->v[0], *s1 = &t->v[1], *s2 = &t->v[2], *tmp;
    if (s1->y < s0->y) { tmp = s0; s0 = s1; s1 = tmp; }
    if (s2->y < s1->y) { tmp = s1; s1 = s2; s2 = tmp; }
    if (s1->y < s0->y) { tmp = s0; s0 = s1; s1 = tmp; }
    w->s0 = s0;
    w->s1 = s1;
    w->s2 = s2;
    int64_t cross = (int64_t)(s1->x - s0->x) * (s2->y - s0->y) - (int64_t)(s2->x - s0->x) * (s1->y - s0->y);
    w->long_is_left = cross > 0;
    w->y = s0->y > drawn.y0 ? s0->y : drawn.y0;
    w->yend = s2->y - 1 < drawn.y1 ? s2->y - 1 : drawn.y1;
    w->x0 = drawn.x0;
    w->x1 = drawn.x1;
    if (w->y > w->yend)
        return false;
    psx_edge_init(&w->lng, s0, s2, w->y);
    if (w->y < s1->y)
        psx_edge_init(&w->shrt, s0, s1, w->y);
    else
        psx_edge_init(&w->shrt, s1, s2, w->y);
    return true;
}

/* The span [*xl, *xr) of row w->y, clipped (empty when *xr <= *xl); then
 * moves to the next row. Call while w->y <= w->yend. */
static inline void psx_tri_walk_row(psx_tri_walk *w, int32_t *xl, int32_t *xr)
{
    int32_t xlong = psx_edge_ceil(&w->lng), xshort = psx_edge_ceil(&w->shrt);
    int32_t l = w->long_is_left ? xlong : xshort, r = w->long_is_left ? xshort : xlong;
    *xl = l < w->x0 ? w->x0 : l;
    *xr = r > w->x1 + 1 ? w->x1 + 1 : r;
    w->y++;
    psx_edge_step(&w->lng);
    if (w->y == w->s1->y && w->s2->y > w->y) /* the short edge turns at the middle vertex */
        psx_edge_init(&w->shrt, w->s1, w->s2, w->y);
    else
        psx_edge_step(&w->shrt);
}

/* ---- span kernels --------------------------------------------------------------- */

/* Per primitive: where texels come from and the per-pixel steps. The AVX2
 * kernels read texels and CLUT entries 32 bits at a time: `tex`'s buffer and
 * `clut` must be readable 2 bytes past their last halfword (PSX_SPAN_PAD). */
#define PSX_SPAN_PAD 16 /* bytes */
typedef struct psx_span_ctx {
    const uint16_t *tex;     /* row 0 of the texture page: source + tex_y * 1024 */
    const uint16_t *clut;    /* the 256-entry CLUT cache */
    uint32_t tex_x;          /* texture page x in halfwords */
    uint32_t and_x, or_x, and_y, or_y; /* texture window on 8-bit texcoords */
    uint32_t mask_or;        /* 8000h when GP0(E6h) bit 0 sets the mask bit */
    int32_t step[PSX_ATTR_COUNT]; /* r g b u v per pixel, 12 fractional bits */
} psx_span_ctx;

/* Draws pixels x0 <= x < x1 of `row` (VRAM row y); acc holds r, g, b, u, v
 * at x0 with 12 fractional bits (the attribute is (acc >> 12) & FFh).
 * Untextured kernels ignore u, v; flat ones ignore the colour steps. The
 * SIMD kernels read and write back (unchanged) up to 7 pixels past x1, so
 * the VRAM buffer must have PSX_SPAN_PAD bytes after its last row. */
typedef void (*psx_span_fn)(const psx_span_ctx *c, uint16_t *row, int32_t x0, int32_t x1, int32_t y,
                            const uint32_t acc[PSX_ATTR_COUNT]);

/* The rows of one primitive, for the row kernels below: a triangle's rows
 * (walk), or with `rect` every row w.y..w.yend from w.x0 to w.x1
 * (inclusive). Each row's accumulators at its first pixel xl are
 * origin + ddx * xl, and origin steps by ddy per row (32-bit wrapping). */
typedef struct psx_rows {
    psx_tri_walk w;
    bool rect;
    uint32_t origin[PSX_ATTR_COUNT]; /* the accumulators at (0, w.y) */
    uint32_t ddx[PSX_ATTR_COUNT], ddy[PSX_ATTR_COUNT];
} psx_rows;

/* Draws every row of `rows` into `vram` with one kernel: the row walk and
 * the kernel's per-primitive constants live in one function, so a row costs
 * no call and no setup. `c->step` must equal rows->ddx. */
typedef void (*psx_rows_fn)(const psx_span_ctx *c, uint16_t *vram, const psx_rows *rows);

/* The next row of `r` (false when none is left): its y and span [*xl, *xr)
 * (possibly empty); r->origin is not moved. */
static inline __attribute__((always_inline)) bool psx_rows_span(psx_rows *r, int32_t *y, int32_t *xl, int32_t *xr)
{
    if (r->w.y > r->w.yend)
        return false;
    *y = r->w.y;
    if (r->rect) {
        *xl = r->w.x0;
        *xr = r->w.x1 + 1;
        r->w.y++;
    } else {
        psx_tri_walk_row(&r->w, xl, xr);
    }
    return true;
}

/* psx_rows_span, and the accumulators at *xl; moves r->origin to the next row. */
static inline __attribute__((always_inline)) bool psx_rows_next(psx_rows *r, int32_t *y, int32_t *xl, int32_t *xr,
                                                                uint32_t acc[PSX_ATTR_COUNT])
{
    if (!psx_rows_span(r, y, xl, xr))
        return false;
#pragma GCC unroll 5 /* origin stays in registers */
    for (int i = 0; i < PSX_ATTR_COUNT; i++) {
        acc[i] = r->origin[i] + r->ddx[i] * (uint32_t)*xl;
        r->origin[i] += r->ddy[i];
    }
    return true;
}

/* Draws line `l` (prim_setup.h's pixels and colours, in its order) pixel
 * by pixel inside `clip`, by a scalar loop specialised for the mode
 * (psx_line_select); flat lines (`gouraud` false) in l->c0. */
typedef void (*psx_line_fn)(const psx_span_ctx *c, uint16_t *vram, const psx_line *l, bool gouraud, psx_rect clip);
psx_line_fn psx_line_select(const psx_draw_mode *m, bool dither);

/* Kernel sets: the scalar loops, SSE2 (8 pixels a step, texels fetched one
 * by one), AVX2 (the same with 256-bit accumulators), or the best this CPU runs
 * (AVX2 when __builtin_cpu_supports says so, as backend/pica/texcodec.c
 * chooses its kernels). An unavailable set falls back to the next below. */
typedef enum psx_span_isa { PSX_SPAN_SCALAR, PSX_SPAN_SSE2, PSX_SPAN_AVX2, PSX_SPAN_BEST } psx_span_isa;

#if defined(__x86_64__) || (defined(__i386__) && defined(__SSE2__))
#define PSX_SPAN_HAVE_SSE2 1
#else
#define PSX_SPAN_HAVE_SSE2 0
#endif

const psx_span_fn *psx_span_kernels(psx_span_isa isa);
/* The row kernels of a set, in the same order (psx_span_select's index). */
const psx_rows_fn *psx_rows_kernels(psx_span_isa isa);

/* The kernel of a set for a mode; `gouraud` and `dither` as the primitive
 * resolved them (rectangles: both false). */
psx_span_fn psx_span_select(const psx_span_fn *kernels, const psx_draw_mode *m, bool gouraud, bool dither);
psx_rows_fn psx_rows_select(const psx_rows_fn *kernels, const psx_draw_mode *m, bool gouraud, bool dither);

/* Fills ctx from the mode, the per-pixel steps (r g b u v) and `src`, the
 * VRAM texels are read from. */
void psx_span_ctx_init(psx_span_ctx *c, const psx_draw_mode *m, const uint16_t *src, const uint16_t *clut,
                       const int32_t step[PSX_ATTR_COUNT]);

/* Where a textured primitive reads texels: VRAM itself, or `snapshot` (a
 * copy made here, before it draws) when its texels can come from the area
 * it draws to (renderer.h contract). */
const uint16_t *psx_sw_texture_source(const psx_draw_mode *m, psx_rect drawn, int umin, int umax, int vmin, int vmax,
                                      const uint16_t *vram, uint16_t *snapshot);

/* ---- the software renderer's state, for the tests' per-pixel model ---------------- */

struct psx_renderer;
/* VRAM (PSX_VRAM_W * PSX_VRAM_H) and the CLUT cache (256) of a renderer
 * made by psx_swrender_create. */
uint16_t *psx_swrender_vram(struct psx_renderer *r);
const uint16_t *psx_swrender_clut(const struct psx_renderer *r);
/* Makes the renderer use another kernel set (tests, benchmarks). */
void psx_swrender_use_kernels(struct psx_renderer *r, psx_span_isa isa);

#endif
