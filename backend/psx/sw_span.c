/* Span kernels of the software renderer; see sw_span.h. One inline body
 * (sw_span_pixel.h), instantiated by an X-macro for every (texture mode,
 * raw, Gouraud, blend, dither, mask check) combination, so that each inner
 * loop carries only the work its primitive needs and no per-pixel mode
 * tests: scalar here, SSE2 (sw_span_body.h, here) and AVX2
 * (sw_span_avx2.c, chosen at run time). */
#include "backend/psx/sw_span_pixel.h"

#include <string.h>

#define SPAN_NAME(T, RAW, G, B, D, MC) span_##T##_##RAW##_##G##_##B##_##D##_##MC
#define SPAN_DEFINE(T, RAW, G, B, D, MC)                                                                          \
    static void SPAN_NAME(T, RAW, G, B, D, MC)(const psx_span_ctx *c, uint16_t *row, int32_t x0, int32_t x1,      \
                                               int32_t y, const uint32_t acc[PSX_ATTR_COUNT])                     \
    {                                                                                                              \
        span_scalar(c, row, x0, x1, y, acc, T, RAW, G, B, D, MC);                                                  \
    }
#define SPAN_ENTRY(T, RAW, G, B, D, MC) SPAN_NAME(T, RAW, G, B, D, MC),
#define ROWS_NAME(T, RAW, G, B, D, MC) rows_##T##_##RAW##_##G##_##B##_##D##_##MC
#define ROWS_DEFINE(T, RAW, G, B, D, MC)                                                                          \
    static void ROWS_NAME(T, RAW, G, B, D, MC)(const psx_span_ctx *c, uint16_t *vram, const psx_rows *rows)       \
    {                                                                                                              \
        psx_rows r = *rows;                                                                                        \
        int32_t y, xl, xr;                                                                                         \
        uint32_t acc[PSX_ATTR_COUNT];                                                                              \
        while (psx_rows_next(&r, &y, &xl, &xr, acc))                                                               \
            span_scalar(c, vram + (size_t)y * PSX_VRAM_W, xl, xr, y, acc, T, RAW, G, B, D, MC);                    \
    }
#define ROWS_ENTRY(T, RAW, G, B, D, MC) ROWS_NAME(T, RAW, G, B, D, MC),

SPAN_ALL(SPAN_DEFINE)
SPAN_ALL(ROWS_DEFINE)

/* One coordinate of a line's pixel i, start + floor((2 * i * delta + n0) / (2k))
 * (prim_setup.c, psx_line_pixel), stepped by quotient and remainder: |delta| <= k,
 * so it moves by at most one per pixel. */
typedef struct line_axis {
    int32_t q, r, d, sq, sr;
} line_axis;

static inline __attribute__((always_inline)) void line_axis_init(line_axis *a, int32_t delta, int32_t n0, int32_t k)
{
    a->d = 2 * k;
    a->q = psx_floor_div(n0, a->d);
    a->r = n0 - a->q * a->d;
    a->sq = psx_floor_div(2 * delta, a->d);
    a->sr = 2 * delta - a->sq * a->d;
}

static inline __attribute__((always_inline)) void line_axis_step(line_axis *a)
{
    a->q += a->sq;
    a->r += a->sr;
    if (a->r >= a->d) {
        a->r -= a->d;
        a->q++;
    }
}

SPAN_INLINE void line_scalar(const psx_span_ctx *c, uint16_t *vram, const psx_line *l, bool gouraud, psx_rect clip,
                             const int B, const int D, const int MC)
{
    line_axis ax = {0, 0, 1, 0, 0}, ay = {0, 0, 1, 0, 0};
    if (l->k > 0) {
        line_axis_init(&ax, l->dx, l->k - 1, l->k);
        line_axis_init(&ay, l->dy, l->k - (l->dy < 0), l->k);
    }
    /* colour channel c of pixel i: ((c0 << 12) + 2048 + i * dc) >> 12, low 8 bits */
    uint32_t acc[PSX_ATTR_COUNT] = {((uint32_t)l->c0[0] << 12) + 2048u, ((uint32_t)l->c0[1] << 12) + 2048u,
                                    ((uint32_t)l->c0[2] << 12) + 2048u, 0, 0};
    const uint32_t dc[3] = {gouraud ? (uint32_t)l->dc[0] : 0, gouraud ? (uint32_t)l->dc[1] : 0,
                            gouraud ? (uint32_t)l->dc[2] : 0};
    for (int32_t i = 0; i <= l->k; i++) {
        int32_t x = l->x0 + ax.q, y = l->y0 + ay.q;
        if (x >= clip.x0 && x <= clip.x1 && y >= clip.y0 && y <= clip.y1)
            span_scalar(c, vram + (size_t)y * PSX_VRAM_W, x, x + 1, y, acc, 0, 0, 1, B, D, MC);
        line_axis_step(&ax);
        line_axis_step(&ay);
        for (int a = 0; a < 3; a++)
            acc[a] += dc[a];
    }
}

#define LINE_NAME(T, RAW, G, B, D, MC) line_##T##_##RAW##_##G##_##B##_##D##_##MC
#define LINE_DEFINE(T, RAW, G, B, D, MC)                                                                          \
    static void LINE_NAME(T, RAW, G, B, D, MC)(const psx_span_ctx *c, uint16_t *vram, const psx_line *l,          \
                                               bool gouraud, psx_rect clip)                                       \
    {                                                                                                              \
        line_scalar(c, vram, l, gouraud, clip, B, D, MC);                                                          \
    }
#define LINE_ENTRY(T, RAW, G, B, D, MC) LINE_NAME(T, RAW, G, B, D, MC),
/* the untextured groups of SPAN_ALL (indices 0..39); lines use the Gouraud ones */
SPAN_SHADED(LINE_DEFINE, 0)
static const psx_line_fn line_table[] = {SPAN_SHADED(LINE_ENTRY, 0)};

psx_line_fn psx_line_select(const psx_draw_mode *m, bool dither)
{
    return line_table[span_index(0, 0, 1, m->semi ? m->blend + 1 : 0, dither, m->mask_check != 0)];
}

static const psx_span_fn span_table_scalar[] = {SPAN_ALL(SPAN_ENTRY)};
static const psx_rows_fn rows_table_scalar[] = {SPAN_ALL(ROWS_ENTRY)};

#if PSX_SPAN_HAVE_SSE2
#define SPAN_PREFIX span_sse2
#define SPAN_TARGET
#define SPAN_TABLE span_table_sse2
#define ROWS_TABLE rows_table_sse2
#define SPAN_TABLE_STORAGE static
#define SPAN_SIMD 1
#include "backend/psx/sw_span_body.h"
#endif

const psx_span_fn *psx_span_kernels(psx_span_isa isa)
{
#if PSX_SPAN_HAVE_SSE2
    if (isa == PSX_SPAN_BEST)
        isa = psx_span_avx2_available() ? PSX_SPAN_AVX2 : PSX_SPAN_SSE2;
    if (isa == PSX_SPAN_AVX2 && psx_span_avx2_available())
        return psx_span_table_avx2;
    if (isa == PSX_SPAN_SSE2 || isa == PSX_SPAN_AVX2)
        return span_table_sse2;
#endif
    (void)isa;
    return span_table_scalar;
}

const psx_rows_fn *psx_rows_kernels(psx_span_isa isa)
{
#if PSX_SPAN_HAVE_SSE2
    if (isa == PSX_SPAN_BEST)
        isa = psx_span_avx2_available() ? PSX_SPAN_AVX2 : PSX_SPAN_SSE2;
    if (isa == PSX_SPAN_AVX2 && psx_span_avx2_available())
        return psx_rows_table_avx2;
    if (isa == PSX_SPAN_SSE2 || isa == PSX_SPAN_AVX2)
        return rows_table_sse2;
#endif
    (void)isa;
    return rows_table_scalar;
}

static int span_select_index(const psx_draw_mode *m, bool gouraud, bool dither)
{
    int t = m->textured ? (m->tex_mode >= 2 ? 3 : m->tex_mode + 1) : 0;
    int raw = t && m->raw;
    int g = !raw && gouraud, d = !raw && dither;
    int b = m->semi ? m->blend + 1 : 0;
    return span_index(t, raw, g, b, d, m->mask_check != 0);
}

psx_rows_fn psx_rows_select(const psx_rows_fn *kernels, const psx_draw_mode *m, bool gouraud, bool dither)
{
    return kernels[span_select_index(m, gouraud, dither)];
}

psx_span_fn psx_span_select(const psx_span_fn *kernels, const psx_draw_mode *m, bool gouraud, bool dither)
{
    return kernels[span_select_index(m, gouraud, dither)];
}

void psx_span_ctx_init(psx_span_ctx *c, const psx_draw_mode *m, const uint16_t *src, const uint16_t *clut,
                       const int32_t step[PSX_ATTR_COUNT])
{
    c->tex = src + (size_t)m->tex_y * PSX_VRAM_W;
    c->clut = clut;
    c->tex_x = m->tex_x;
    c->and_x = m->win_and_x;
    c->or_x = m->win_or_x;
    c->and_y = m->win_and_y;
    c->or_y = m->win_or_y;
    c->mask_or = m->mask_set ? 0x8000u : 0;
    for (int a = 0; a < PSX_ATTR_COUNT; a++)
        c->step[a] = step[a];
}

const uint16_t *psx_sw_texture_source(const psx_draw_mode *m, psx_rect drawn, int umin, int umax, int vmin, int vmax,
                                      const uint16_t *vram, uint16_t *snapshot)
{
    if (!m->textured)
        return vram;
    psx_rect fp[4];
    int n = psx_texture_footprint(m, umin, umax, vmin, vmax, fp);
    for (int i = 0; i < n; i++) {
        if (psx_rect_overlap(fp[i], drawn)) {
            memcpy(snapshot, vram, sizeof(uint16_t) * PSX_VRAM_W * PSX_VRAM_H);
            return snapshot;
        }
    }
    return vram;
}
