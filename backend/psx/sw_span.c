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

SPAN_ALL(SPAN_DEFINE)

static const psx_span_fn span_table_scalar[] = {SPAN_ALL(SPAN_ENTRY)};

#if PSX_SPAN_HAVE_SSE2
#define SPAN_PREFIX span_sse2
#define SPAN_TARGET
#define SPAN_TABLE span_table_sse2
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

psx_span_fn psx_span_select(const psx_span_fn *kernels, const psx_draw_mode *m, bool gouraud, bool dither)
{
    int t = m->textured ? (m->tex_mode >= 2 ? 3 : m->tex_mode + 1) : 0;
    int raw = t && m->raw;
    int g = !raw && gouraud, d = !raw && dither;
    int b = m->semi ? m->blend + 1 : 0;
    return kernels[span_index(t, raw, g, b, d, m->mask_check != 0)];
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
    if (m->textured && m->tex_mode == 0) {
        for (int i = 0; i < 16; i++) {
            c->clut4_lo[i] = (uint8_t)clut[i];
            c->clut4_hi[i] = (uint8_t)(clut[i] >> 8);
        }
    }
    for (int a = 0; a < PSX_ATTR_COUNT; a++) {
        uint32_t s = (uint32_t)step[a], l = 0;
        c->step[a] = step[a];
        c->step8[a] = 8 * s;
        for (int i = 0; i < 8; i++, l += s)
            c->lane[a][i] = l;
    }
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
