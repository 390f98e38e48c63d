/* Primitive setup shared by the GL and the software renderer: what a drawing
 * command leaves for the rasterizer once it is decoded — vertex positions with
 * the drawing offset applied, the size culling, the integer attribute
 * gradients, the per-pixel rules both renderers evaluate, and the VRAM area a
 * primitive reads and writes. Pure C, no GL.
 *
 * The rules are the PlayStation's (psx-spx "GPU Render Polygon/Line/
 * Rectangle Commands", "GPU Rendering Attributes", "GPU (MISC)"); where
 * psx-spx is silent (which vertex attributes are interpolated from, how
 * lines step, rounding) they are the ones Mednafen and DuckStation settled on
 * after hardware tests (mednafen/psx/gpu_polygon.cpp, gpu_line.cpp,
 * gpu_sprite.cpp; duckstation src/core/gpu_sw_rasterizer.inl), restated here
 * as closed formulas. docs/architecture.md ("PlayStation GPU") lists them. */
#ifndef GLHLE_PSX_PRIM_SETUP_H
#define GLHLE_PSX_PRIM_SETUP_H

#include <stdbool.h>
#include <stdint.h>

#define PSX_VRAM_W 1024
#define PSX_VRAM_H 512

/* An inclusive rectangle of VRAM pixels; empty when x1 < x0 or y1 < y0. */
typedef struct psx_rect {
    int32_t x0, y0, x1, y1;
} psx_rect;

static inline bool psx_rect_empty(psx_rect r)
{
    return r.x1 < r.x0 || r.y1 < r.y0;
}
static inline bool psx_rect_overlap(psx_rect a, psx_rect b)
{
    return !psx_rect_empty(a) && !psx_rect_empty(b) && a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 &&
           b.y0 <= a.y1;
}
psx_rect psx_rect_intersect(psx_rect a, psx_rect b);
/* Splits the w x h rectangle at (x, y) that wraps at the VRAM edges into up
 * to four rectangles inside VRAM; returns how many. */
int psx_rect_wrap(uint32_t x, uint32_t y, uint32_t w, uint32_t h, psx_rect out[4]);

/* The drawing state of one primitive, resolved from GP0(E1h..E6h), the
 * texpage/CLUT attributes and the command bits. */
typedef struct psx_draw_mode {
    uint16_t tex_x, tex_y;    /* texture page base: halfwords (N*64), lines (0 or 256) */
    uint8_t tex_mode;         /* 0 4-bit, 1 8-bit, 2 15-bit (the reserved 3 reads as 2) */
    uint8_t textured;         /* command bit 26 (polygons, rectangles) */
    uint8_t raw;              /* command bit 24 with texturing: texels are not modulated */
    uint8_t gouraud;          /* command bit 28 (polygons, lines) */
    uint8_t semi;             /* command bit 25 */
    uint8_t blend;            /* GP0(E1h) bits 5-6: 0 B/2+F/2, 1 B+F, 2 B-F, 3 B+F/4 */
    uint8_t dither;           /* resolved: E1 bit 9 and the primitive kind allows it */
    uint8_t mask_set;         /* GP0(E6h) bit 0 */
    uint8_t mask_check;       /* GP0(E6h) bit 1 */
    uint8_t flip_x, flip_y;   /* GP0(E1h) bits 12-13, rectangles only */
    uint8_t win_and_x, win_or_x, win_and_y, win_or_y; /* GP0(E2h) as masks on 8-bit texcoords */
    uint8_t pad;
    psx_rect clip;            /* drawing area (GP0(E3h/E4h)), inclusive, inside VRAM */
} psx_draw_mode;

typedef struct psx_vertex {
    int32_t x, y;          /* drawing offset applied */
    uint8_t r, g, b, u, v; /* colour (00BBGGRR) and texcoord */
} psx_vertex;

/* ---- triangles --------------------------------------------------------------- */

/* Attributes are interpolated from one vertex with fixed steps per pixel in
 * x and y, 12 fractional bits, computed once per triangle:
 *   value(x, y) = ((base << 12) + 2048 + ddx*(x - bx) + ddy*(y - by)) >> 12, low 8 bits
 * in 32-bit wrapping arithmetic, where ddx = trunc(4096 * Nx / D) and
 * ddy = trunc(4096 * Ny / D) with D twice the signed area. */
enum { PSX_ATTR_R, PSX_ATTR_G, PSX_ATTR_B, PSX_ATTR_U, PSX_ATTR_V, PSX_ATTR_COUNT };

typedef struct psx_triangle {
    psx_vertex v[3];       /* in command order (a quad's second half is 3, 2, 4) */
    int32_t area2;         /* (x1-x0)*(y2-y0) - (x2-x0)*(y1-y0); never 0 after setup */
    psx_rect bbox;         /* vertex bounding box (unclipped) */
    int base;              /* vertex the attributes start from */
    int32_t ddx[PSX_ATTR_COUNT], ddy[PSX_ATTR_COUNT];
} psx_triangle;

/* Fills t from three vertices; returns false when the hardware draws nothing:
 * zero area, or a bounding box of 1024 or more pixels wide or 512 or more
 * high (psx-spx "Size Restriction"). */
bool psx_setup_triangle(const psx_vertex *a, const psx_vertex *b, const psx_vertex *c, psx_triangle *t);

/* The attribute at pixel (x, y) per the formula above. */
static inline uint8_t psx_tri_attr(const psx_triangle *t, int attr, int32_t x, int32_t y)
{
    const psx_vertex *bv = &t->v[t->base];
    static const int off[PSX_ATTR_COUNT] = {0, 1, 2, 3, 4};
    const uint8_t *vals = &bv->r;
    uint32_t acc = ((uint32_t)vals[off[attr]] << 12) + 2048u + (uint32_t)t->ddx[attr] * (uint32_t)(x - bv->x) +
                   (uint32_t)t->ddy[attr] * (uint32_t)(y - bv->y);
    return (uint8_t)(acc >> 12);
}

/* ---- lines --------------------------------------------------------------------- */

/* A line covers k+1 pixels, k = max(|dx|, |dy|), stepping from the left end
 * (the vertices are swapped so that dx >= 0; a vertical line is drawn from its
 * second vertex). Pixel i in 0..k is
 *   x_i = x0 + floor((2*i*dx + k - 1) / (2k))
 *   y_i = y0 + floor((2*i*dy + k - (dy < 0)) / (2k))
 * and its colour channel is ((c0 << 12) + 2048 + i*trunc(4096*(c1-c0)/k)) >> 12.
 * A line of two equal vertices is one pixel in the first vertex's colour. */
typedef struct psx_line {
    int32_t x0, y0, dx, dy, k;
    uint8_t c0[3];         /* r, g, b at pixel 0 */
    int32_t dc[3];         /* per-step colour delta, 12 fractional bits */
    psx_rect bbox;
} psx_line;

/* Returns false when the line is 1024 or more pixels wide or 512 or more
 * high: the hardware skips it. */
bool psx_setup_line(const psx_vertex *a, const psx_vertex *b, psx_line *l);
void psx_line_pixel(const psx_line *l, int32_t i, int32_t *x, int32_t *y, uint8_t rgb[3]);

/* ---- rectangles ---------------------------------------------------------------- */

typedef struct psx_sprite {
    int32_t x, y;          /* top-left, drawing offset applied, sign-extended to 11 bits */
    int32_t w, h;          /* 1..1023 x 1..511 */
    uint8_t r, g, b;
    uint8_t u, v;          /* texcoord of the top-left pixel (bit 0 of u set under X-flip) */
    psx_rect bbox;
} psx_sprite;

/* Texcoords step +1 per pixel, or -1 with the flip bits (mednafen gpu_sprite.cpp). */
static inline uint8_t psx_sprite_u(const psx_sprite *s, const psx_draw_mode *m, int32_t x)
{
    return (uint8_t)(m->flip_x ? s->u - (x - s->x) : s->u + (x - s->x));
}
static inline uint8_t psx_sprite_v(const psx_sprite *s, const psx_draw_mode *m, int32_t y)
{
    return (uint8_t)(m->flip_y ? s->v - (y - s->y) : s->v + (y - s->y));
}

/* ---- pixel rules both renderers share ------------------------------------------- */

/* The 4x4 dither offsets added to 8-bit channels (psx-spx "24bit RGB to 15bit
 * RGB Dithering"), row y&3, column x&3. */
extern const int8_t psx_dither_matrix[4][4];

/* Channel (8-bit, or a modulation product up to 494) to 5 bits with an
 * optional dither offset: clamp(v + d, 0, 255) >> 3. */
static inline uint32_t psx_to5(int32_t v, int32_t d)
{
    v += d;
    return (uint32_t)(v < 0 ? 0 : v > 255 ? 255 : v) >> 3;
}

/* The four semi-transparency equations on one 15-bit colour pair, per 5-bit
 * channel with saturation (psx-spx "Semi-transparency"); bit 15 is not touched. */
uint16_t psx_blend(uint16_t back, uint16_t front, int mode);

/* ---- VRAM footprints ----------------------------------------------------------- */

/* The VRAM rectangles texels can come from, given the texcoord ranges the
 * primitive can produce (inclusive, before the texture window). Returns the
 * count (<= 4). The CLUT row of 4/8-bit modes is not included: where it is
 * read from depends on the renderer's CLUT cache. */
int psx_texture_footprint(const psx_draw_mode *m, int umin, int umax, int vmin, int vmax, psx_rect out[4]);
/* Texcoord ranges of a primitive (the window is applied by the footprint). */
void psx_triangle_uv_range(const psx_triangle *t, int *umin, int *umax, int *vmin, int *vmax);
void psx_sprite_uv_range(const psx_sprite *s, const psx_draw_mode *m, int *umin, int *umax, int *vmin, int *vmax);

#endif
