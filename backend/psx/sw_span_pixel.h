/* The pixel rules of the span kernels (sw_span.c, sw_span_avx2.c), shared
 * by the scalar loop and the SIMD ones: the 5-bit saturation table, blending
 * on spread colours, the scalar inner loop, and the list of specialised
 * combinations. Internal to those files. The pixel rules are psx-spx's
 * ("GPU Rendering Attributes", "Semi-transparency", "24bit RGB to 15bit RGB
 * Dithering", "Mask Bit Setting"), in the hardware's order: mask test,
 * texel, modulation and dithering, blending, mask bit. */
#ifndef GLHLE_PSX_SW_SPAN_PIXEL_H
#define GLHLE_PSX_SW_SPAN_PIXEL_H

#include <stddef.h>

#include "backend/psx/sw_span.h"

#define SPAN_INLINE static inline __attribute__((always_inline))

/* psx_to5(v, d) for v in 0..494 (a modulation product) and d in -4..3, as a
 * table indexed by v + d + 8: clamp(v + d, 0, 255) >> 3. */
#define R8(v) v, v, v, v, v, v, v, v
#define R64(v) R8(v), R8(v), R8(v), R8(v), R8(v), R8(v), R8(v), R8(v)
static const uint8_t to5_table[512] = {
    R8(0), /* v + d < 0 */
    R8(0), R8(1), R8(2), R8(3), R8(4), R8(5), R8(6), R8(7), R8(8), R8(9), R8(10),
    R8(11), R8(12), R8(13), R8(14), R8(15), R8(16), R8(17), R8(18), R8(19), R8(20), R8(21),
    R8(22), R8(23), R8(24), R8(25), R8(26), R8(27), R8(28), R8(29), R8(30), R8(31),
    R64(31), R64(31), R64(31), R8(31), R8(31), R8(31), R8(31), R8(31), R8(31), R8(31), /* 8 + 256 + 248 */
};

SPAN_INLINE uint32_t to5(uint32_t v, int32_t d)
{
    return to5_table[(int32_t)v + d + 8];
}

/* A 15-bit colour with its channels spread apart so that sums and
 * differences of two colours cannot carry between channels: red in bits
 * 0-4, blue in 10-14, green in 21-25, each with at least five clear bits
 * above it. */
#define SPREAD_MASK 0x03E07C1Fu
#define SPREAD_TOP 0x04008020u /* bit 5 of each field: a carry out of 5 bits, or no borrow */

SPAN_INLINE uint32_t spread(uint32_t c)
{
    return (c | (c << 16)) & SPREAD_MASK;
}

SPAN_INLINE uint32_t unspread(uint32_t s)
{
    return (s | (s >> 16)) & 0x7FFFu;
}

/* psx_blend on spread colours: per channel B/2+F/2, min(B+F, 31),
 * max(B-F, 0), min(B+F/4, 31) (psx-spx "Semi-transparency"). */
SPAN_INLINE uint32_t blend_spread(uint32_t b, uint32_t f, int mode)
{
    uint32_t s, top;
    switch (mode) {
    case 0: return ((b + f) >> 1) & SPREAD_MASK;
    case 2:
        s = (b | SPREAD_TOP) - f;
        top = s & SPREAD_TOP; /* set where the channel did not borrow */
        return s & (top - (top >> 5));
    case 3:
        f = (f >> 2) & 0x00E01C07u; /* then B + F/4 as B + F */
        __attribute__((fallthrough));
    default:
        s = b + f;
        top = s & SPREAD_TOP; /* set where the channel passed 31 */
        return (s | (top - (top >> 5))) & SPREAD_MASK;
    }
}

/* The texel at window-applied texcoords (tu, tv): four 4-bit CLUT indices
 * per halfword, leftmost in the low bits, two 8-bit ones, or one 15-bit
 * colour; the page wraps at x = 1024 (psx-spx "Texture Page"). */
SPAN_INLINE uint32_t span_texel(const psx_span_ctx *c, uint32_t tu, uint32_t tv, const int T)
{
    const uint16_t *trow = c->tex + (size_t)tv * PSX_VRAM_W;
    if (T == 1)
        return c->clut[(trow[(c->tex_x + (tu >> 2)) & (PSX_VRAM_W - 1)] >> ((tu & 3) * 4)) & 0xF];
    if (T == 2)
        return c->clut[(trow[(c->tex_x + (tu >> 1)) & (PSX_VRAM_W - 1)] >> ((tu & 1) * 8)) & 0xFF];
    return trow[(c->tex_x + tu) & (PSX_VRAM_W - 1)];
}

/* T: 0 untextured, 1 4-bit, 2 8-bit, 3 15-bit. RAW: texels unmodulated. G:
 * Gouraud. B: 0 opaque, 1 + blend mode. D: dither. MC: mask check. */
SPAN_INLINE void span_scalar(const psx_span_ctx *c, uint16_t *row, int32_t x0, int32_t x1, int32_t y,
                           const uint32_t acc[PSX_ATTR_COUNT], const int T, const int RAW, const int G, const int B,
                           const int D, const int MC)
{
    uint32_t r = acc[PSX_ATTR_R], g = acc[PSX_ATTR_G], b = acc[PSX_ATTR_B], u = acc[PSX_ATTR_U], v = acc[PSX_ATTR_V];
    const uint32_t dr = G ? (uint32_t)c->step[PSX_ATTR_R] : 0, dg = G ? (uint32_t)c->step[PSX_ATTR_G] : 0,
                   db = G ? (uint32_t)c->step[PSX_ATTR_B] : 0, du = T ? (uint32_t)c->step[PSX_ATTR_U] : 0,
                   dv = T ? (uint32_t)c->step[PSX_ATTR_V] : 0;
    int32_t dither[4] = {0, 0, 0, 0};
    if (D)
        for (int i = 0; i < 4; i++)
            dither[i] = psx_dither_matrix[y & 3][i];
    const uint32_t mask_or = c->mask_or;
    /* untextured flat: the four colours of the row's dither phases, once */
    uint32_t flat[4] = {0, 0, 0, 0};
    if (!T && !G)
        for (int i = 0; i < 4; i++) {
            int32_t d = dither[i];
            flat[i] = to5((r >> 12) & 0xFF, d) | (to5((g >> 12) & 0xFF, d) << 5) |
                      (to5((b >> 12) & 0xFF, d) << 10);
        }
    for (int32_t x = x0; x < x1; x++, r += dr, g += dg, b += db, u += du, v += dv) {
        uint16_t *p = &row[x];
        uint32_t back = *p;
        if (MC && (back & 0x8000))
            continue;
        uint32_t color, bit15 = 0;
        bool semi = B != 0;
        if (T) {
            uint32_t tu = ((u >> 12) & c->and_x) | c->or_x, tv = ((v >> 12) & c->and_y) | c->or_y;
            uint32_t t = span_texel(c, tu, tv, T);
            if (t == 0) /* texel 0000h is transparent */
                continue;
            bit15 = t & 0x8000;
            semi = B != 0 && bit15; /* only texels with bit 15 are semi-transparent */
            if (RAW) {
                color = t & 0x7FFF;
            } else {
                /* (texel5 * colour8) >> 4, dithered, saturated to 5 bits
                 * (psx-spx "Modulation") */
                int32_t d = D ? dither[x & 3] : 0;
                color = to5(((t & 31) * ((r >> 12) & 0xFF)) >> 4, d) |
                        (to5((((t >> 5) & 31) * ((g >> 12) & 0xFF)) >> 4, d) << 5) |
                        (to5((((t >> 10) & 31) * ((b >> 12) & 0xFF)) >> 4, d) << 10);
            }
        } else if (G) {
            int32_t d = D ? dither[x & 3] : 0;
            color = to5((r >> 12) & 0xFF, d) | (to5((g >> 12) & 0xFF, d) << 5) |
                    (to5((b >> 12) & 0xFF, d) << 10);
        } else {
            color = flat[x & 3];
        }
        if (B && semi)
            color = unspread(blend_spread(spread(back), spread(color), B - 1));
        *p = (uint16_t)(color | bit15 | mask_or);
    }
}

/* Only combinations that can occur: raw texels take no colour (G = D = 0),
 * untextured primitives are never raw. The table is indexed by
 * span_index(). */
#define SPAN_MC(X, T, RAW, G, B, D) X(T, RAW, G, B, D, 0) X(T, RAW, G, B, D, 1)
#define SPAN_B(X, T, RAW, G, D) \
    SPAN_MC(X, T, RAW, G, 0, D) SPAN_MC(X, T, RAW, G, 1, D) SPAN_MC(X, T, RAW, G, 2, D) \
    SPAN_MC(X, T, RAW, G, 3, D) SPAN_MC(X, T, RAW, G, 4, D)
#define SPAN_SHADED(X, T) SPAN_B(X, T, 0, 0, 0) SPAN_B(X, T, 0, 0, 1) SPAN_B(X, T, 0, 1, 0) SPAN_B(X, T, 0, 1, 1)
#define SPAN_ALL(X)                                                                                        \
    SPAN_SHADED(X, 0) SPAN_SHADED(X, 1) SPAN_SHADED(X, 2) SPAN_SHADED(X, 3) SPAN_B(X, 1, 1, 0, 0) \
    SPAN_B(X, 2, 1, 0, 0) SPAN_B(X, 3, 1, 0, 0)

/* The position of a combination in SPAN_ALL's order: 10 entries (blend x
 * mask check) per (T, RAW, G, D); shaded groups (G, D) of T first, then the
 * raw groups of T = 1..3. */
static inline int span_index(int t, int raw, int g, int b, int d, int mc)
{
    int group = raw ? 16 + (t - 1) : t * 4 + g * 2 + d;
    return group * 10 + b * 2 + mc;
}

#if PSX_SPAN_HAVE_SSE2
/* sw_span_avx2.c */
bool psx_span_avx2_available(void);
extern const psx_span_fn psx_span_table_avx2[];
extern const psx_rows_fn psx_rows_table_avx2[];
#endif

#endif
