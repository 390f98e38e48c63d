/* The SIMD span kernels, included once per instruction set (sw_span.c for
 * SSE2, sw_span_avx2.c for AVX2) with these defined:
 *   SPAN_SIMD           1 SSE2, 2 AVX2 (texels fetched one by one in both)
 *   SPAN_TARGET         the functions' attributes (target("avx2") or empty)
 *   SPAN_PREFIX         the kernels' name prefix
 *   SPAN_TABLE          the span kernels' table, in span_index() order
 *   ROWS_TABLE          the row kernels' table, in the same order
 *   SPAN_TABLE_STORAGE  static, or empty to export it
 * Eight pixels a step in 16-bit lanes; the last step of a span leaves the
 * lanes past its end as they were (read and written back, sw_span.h). Lane by lane
 * the arithmetic is the scalar loop's: accumulators in 32-bit wrapping
 * lanes, attribute = (acc >> 12) & FFh, modulation (t5 * c8) >> 4 plus the
 * dither offset clamped to 0..255 then >> 3, the four blend equations per
 * 5-bit channel with saturation, then the mask test and bit. No lane
 * depends on another, and all eight background pixels are read before any
 * is written, as the hardware reads each before writing it. */
#include <emmintrin.h>
#if SPAN_SIMD == 2
#include <immintrin.h>
#endif

#define SPAN_CAT2(a, b) a##b
#define SPAN_CAT(a, b) SPAN_CAT2(a, b)
#define SPAN_SIMD_INLINE SPAN_TARGET static inline __attribute__((always_inline))

/* Eight accumulators of one attribute (32-bit wrapping lanes): one AVX2
 * register, or two SSE2 ones. */
#if SPAN_SIMD == 2
typedef __m256i span_acc8;

/* i * step in lane i, and 8 * step */
SPAN_SIMD_INLINE span_acc8 acc8_lanes(uint32_t step)
{
    return _mm256_mullo_epi32(_mm256_set1_epi32((int)step), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

SPAN_SIMD_INLINE span_acc8 acc8_step8(uint32_t step)
{
    return _mm256_set1_epi32((int)(8 * step));
}

SPAN_SIMD_INLINE span_acc8 acc8_start(span_acc8 lanes, uint32_t acc)
{
    return _mm256_add_epi32(_mm256_set1_epi32((int)acc), lanes);
}

SPAN_SIMD_INLINE span_acc8 acc8_flat(uint32_t acc)
{
    return _mm256_set1_epi32((int)acc);
}

SPAN_SIMD_INLINE span_acc8 acc8_step(span_acc8 v, span_acc8 step8)
{
    return _mm256_add_epi32(v, step8);
}

/* (acc >> 12) & FFh in 16-bit lanes */
SPAN_SIMD_INLINE __m128i acc8_attr(span_acc8 v)
{
    __m256i t = _mm256_and_si256(_mm256_srli_epi32(v, 12), _mm256_set1_epi32(0xFF));
    return _mm_packs_epi32(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1));
}
#else
typedef struct span_acc8 {
    __m128i lo, hi;
} span_acc8;

SPAN_SIMD_INLINE span_acc8 acc8_lanes(uint32_t step)
{
    __m128i lo = _mm_setr_epi32(0, (int)step, (int)(2 * step), (int)(3 * step));
    span_acc8 v = {lo, _mm_add_epi32(lo, _mm_set1_epi32((int)(4 * step)))};
    return v;
}

SPAN_SIMD_INLINE span_acc8 acc8_step8(uint32_t step)
{
    span_acc8 v = {_mm_set1_epi32((int)(8 * step)), _mm_set1_epi32((int)(8 * step))};
    return v;
}

SPAN_SIMD_INLINE span_acc8 acc8_start(span_acc8 lanes, uint32_t acc)
{
    __m128i base = _mm_set1_epi32((int)acc);
    span_acc8 v = {_mm_add_epi32(base, lanes.lo), _mm_add_epi32(base, lanes.hi)};
    return v;
}

SPAN_SIMD_INLINE span_acc8 acc8_flat(uint32_t acc)
{
    span_acc8 v = {_mm_set1_epi32((int)acc), _mm_set1_epi32((int)acc)};
    return v;
}

SPAN_SIMD_INLINE span_acc8 acc8_step(span_acc8 v, span_acc8 step8)
{
    v.lo = _mm_add_epi32(v.lo, step8.lo);
    v.hi = _mm_add_epi32(v.hi, step8.hi);
    return v;
}

SPAN_SIMD_INLINE __m128i acc8_attr(span_acc8 v)
{
    const __m128i ff = _mm_set1_epi32(0xFF);
    return _mm_packs_epi32(_mm_and_si128(_mm_srli_epi32(v.lo, 12), ff), _mm_and_si128(_mm_srli_epi32(v.hi, 12), ff));
}
#endif

/* A primitive's constants in vector form, made once per primitive (row
 * kernels) or per span (span kernels); held in locals, so that the VRAM
 * stores (which may alias anything) do not make the compiler reload them. */
typedef struct SPAN_CAT(SPAN_PREFIX, _k) {
    const uint16_t *tex, *clut;
    uint32_t tex_x;
    __m128i and_x, or_x, and_y, or_y, mask_or;
    span_acc8 lanes[PSX_ATTR_COUNT], step8[PSX_ATTR_COUNT];
    __m128i clut4_lo, clut4_hi; /* 4-bit textures, AVX2: the 16 CLUT entries' low and high bytes (pshufb) */
} SPAN_CAT(SPAN_PREFIX, _k);
#define span_k SPAN_CAT(SPAN_PREFIX, _k)

SPAN_SIMD_INLINE void span_k_init(span_k *k, const psx_span_ctx *c, const int T, const int G)
{
    k->tex = c->tex;
    k->clut = c->clut;
    k->tex_x = c->tex_x;
    k->and_x = _mm_set1_epi16((short)c->and_x);
    k->or_x = _mm_set1_epi16((short)c->or_x);
    k->and_y = _mm_set1_epi16((short)c->and_y);
    k->or_y = _mm_set1_epi16((short)c->or_y);
    k->mask_or = _mm_set1_epi16((short)c->mask_or);
    #pragma GCC unroll 5
    for (int a = 0; a < PSX_ATTR_COUNT; a++) {
        if (a >= PSX_ATTR_U ? T != 0 : G != 0) {
            k->lanes[a] = acc8_lanes((uint32_t)c->step[a]);
            k->step8[a] = acc8_step8((uint32_t)c->step[a]);
        } else {
            k->lanes[a] = acc8_flat(0);
            k->step8[a] = acc8_flat(0);
        }
    }
    k->clut4_lo = k->clut4_hi = _mm_setzero_si128();
#if SPAN_SIMD == 2
    if (T == 1) {
        const __m128i ff = _mm_set1_epi16(0xFF);
        __m128i e0 = _mm_loadu_si128((const __m128i *)(const void *)c->clut);
        __m128i e1 = _mm_loadu_si128((const __m128i *)(const void *)(c->clut + 8));
        k->clut4_lo = _mm_packus_epi16(_mm_and_si128(e0, ff), _mm_and_si128(e1, ff));
        k->clut4_hi = _mm_packus_epi16(_mm_srli_epi16(e0, 8), _mm_srli_epi16(e1, 8));
    }
#endif
}

/* Eight texels at window-applied texcoords (16-bit lanes). */
SPAN_SIMD_INLINE __m128i simd_texels(const span_k *c, __m128i tu, __m128i tv, const int T)
{
    /* no gathers (slower than loads one by one on the CPUs measured,
     * docs/performance.md): halfword addresses and index shifts in SIMD,
     * then the texel loads one by one */
    const int shift = T == 1 ? 2 : T == 2 ? 1 : 0;
    const __m128i zero = _mm_setzero_si128();
    __m128i col = _mm_and_si128(_mm_add_epi16(_mm_set1_epi16((short)c->tex_x), _mm_srli_epi16(tu, shift)),
                                _mm_set1_epi16(PSX_VRAM_W - 1));
    uint32_t addr[8] __attribute__((aligned(16)));
    uint16_t sh[8] __attribute__((aligned(16)));
    _mm_store_si128((__m128i *)(void *)addr,
                    _mm_or_si128(_mm_slli_epi32(_mm_unpacklo_epi16(tv, zero), 10), _mm_unpacklo_epi16(col, zero)));
    _mm_store_si128((__m128i *)(void *)(addr + 4),
                    _mm_or_si128(_mm_slli_epi32(_mm_unpackhi_epi16(tv, zero), 10), _mm_unpackhi_epi16(col, zero)));
#if SPAN_SIMD == 2
    if (T == 1) {
        /* 4-bit: the eight halfwords, then the nibbles shifted out in SIMD
         * and looked up in the 16-entry CLUT by pshufb (low and high bytes
         * apart; each lane's index in both its bytes) */
        __m128i hw = zero;
#define SPAN_HW(i) hw = _mm_insert_epi16(hw, c->tex[addr[i]], i)
        SPAN_HW(0);
        SPAN_HW(1);
        SPAN_HW(2);
        SPAN_HW(3);
        SPAN_HW(4);
        SPAN_HW(5);
        SPAN_HW(6);
        SPAN_HW(7);
#undef SPAN_HW
        __m256i sh32 = _mm256_cvtepu16_epi32(_mm_slli_epi16(_mm_and_si128(tu, _mm_set1_epi16(3)), 2));
        __m256i idx32 = _mm256_and_si256(_mm256_srlv_epi32(_mm256_cvtepu16_epi32(hw), sh32), _mm256_set1_epi32(0xF));
        __m128i idx = _mm_packus_epi32(_mm256_castsi256_si128(idx32), _mm256_extracti128_si256(idx32, 1));
        idx = _mm_or_si128(idx, _mm_slli_epi16(idx, 8));
        __m128i lo = _mm_shuffle_epi8(c->clut4_lo, idx);
        __m128i hi = _mm_shuffle_epi8(c->clut4_hi, idx);
        return _mm_or_si128(_mm_and_si128(lo, _mm_set1_epi16(0xFF)), _mm_slli_epi16(hi, 8));
    }
#endif
    if (T == 1)
        _mm_store_si128((__m128i *)(void *)sh, _mm_slli_epi16(_mm_and_si128(tu, _mm_set1_epi16(3)), 2));
    else if (T == 2)
        _mm_store_si128((__m128i *)(void *)sh, _mm_slli_epi16(_mm_and_si128(tu, _mm_set1_epi16(1)), 3));
    /* inserted lane by lane (pinsrw): eight halfword stores read back as one
     * vector would stall on store forwarding */
    __m128i t = zero;
#define SPAN_TEXEL(i)                                                                                              \
    do {                                                                                                           \
        uint32_t hw = c->tex[addr[i]];                                                                             \
        t = _mm_insert_epi16(t, (int)(T == 3 ? hw : c->clut[(hw >> sh[i]) & (T == 1 ? 0xFu : 0xFFu)]), i);         \
    } while (0)
    SPAN_TEXEL(0);
    SPAN_TEXEL(1);
    SPAN_TEXEL(2);
    SPAN_TEXEL(3);
    SPAN_TEXEL(4);
    SPAN_TEXEL(5);
    SPAN_TEXEL(6);
    SPAN_TEXEL(7);
#undef SPAN_TEXEL
    return t;
}

/* 8-bit channel (or modulation product up to 494) plus dither to 5 bits. */
SPAN_SIMD_INLINE __m128i simd_to5(__m128i v, __m128i dither, const int D)
{
    if (D)
        v = _mm_max_epi16(_mm_add_epi16(v, dither), _mm_setzero_si128());
    return _mm_srli_epi16(_mm_min_epi16(v, _mm_set1_epi16(255)), 3);
}

SPAN_SIMD_INLINE __m128i simd_blend_channel(__m128i b, __m128i f, const int mode)
{
    const __m128i max5 = _mm_set1_epi16(31);
    switch (mode) {
    case 0: return _mm_srli_epi16(_mm_add_epi16(b, f), 1);
    case 1: return _mm_min_epi16(_mm_add_epi16(b, f), max5);
    case 2: return _mm_max_epi16(_mm_sub_epi16(b, f), _mm_setzero_si128());
    default: return _mm_min_epi16(_mm_add_epi16(b, _mm_srli_epi16(f, 2)), max5);
    }
}

#ifndef SPAN_DITHER_LANES
#define SPAN_DITHER_LANES
/* psx_dither_matrix[y & 3][(x0 + i) & 3] for lanes i = 0..7 (psx-spx "24bit
 * RGB to 15bit RGB Dithering"): lane i of every step of a span starting at
 * x0 keeps its phase. */
static const int16_t span_dither_lanes[4][4][8] __attribute__((aligned(16))) = {
    {{-4, 0, -3, 1, -4, 0, -3, 1}, {0, -3, 1, -4, 0, -3, 1, -4}, {-3, 1, -4, 0, -3, 1, -4, 0}, {1, -4, 0, -3, 1, -4, 0, -3}},
    {{2, -2, 3, -1, 2, -2, 3, -1}, {-2, 3, -1, 2, -2, 3, -1, 2}, {3, -1, 2, -2, 3, -1, 2, -2}, {-1, 2, -2, 3, -1, 2, -2, 3}},
    {{-3, 1, -4, 0, -3, 1, -4, 0}, {1, -4, 0, -3, 1, -4, 0, -3}, {-4, 0, -3, 1, -4, 0, -3, 1}, {0, -3, 1, -4, 0, -3, 1, -4}},
    {{3, -1, 2, -2, 3, -1, 2, -2}, {-1, 2, -2, 3, -1, 2, -2, 3}, {2, -2, 3, -1, 2, -2, 3, -1}, {-2, 3, -1, 2, -2, 3, -1, 2}},
};
#endif

/* Draws x0 <= x < x1 (x0 < x1) in steps of 8, v holding each attribute's
 * accumulators at x0 + lane. */
SPAN_SIMD_INLINE void span_simd_v(const span_k *c, uint16_t *row, int32_t x0, int32_t x1, int32_t y,
                                  span_acc8 v[PSX_ATTR_COUNT], const int T, const int RAW, const int G, const int B,
                                  const int D, const int MC)
{
    int32_t n = x1 - x0;
    const __m128i dither =
        D ? _mm_load_si128((const __m128i *)(const void *)span_dither_lanes[y & 3][x0 & 3]) : _mm_setzero_si128();
    const __m128i m31 = _mm_set1_epi16(31), zero = _mm_setzero_si128(), bit15 = _mm_set1_epi16((short)0x8000);
    const __m128i mask_or = c->mask_or, and_x = c->and_x, or_x = c->or_x, and_y = c->and_y, or_y = c->or_y;
    const __m128i lane_index = _mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7);
    /* flat colour channels (flat untextured: the whole colour) once */
    const __m128i fr = acc8_attr(v[0]), fg = acc8_attr(v[1]), fb = acc8_attr(v[2]);
    __m128i flat = zero;
    if (!G && !T)
        flat = _mm_or_si128(_mm_or_si128(simd_to5(fr, dither, D), _mm_slli_epi16(simd_to5(fg, dither, D), 5)),
                            _mm_slli_epi16(simd_to5(fb, dither, D), 10));
    uint16_t *p = row + x0;
    for (int32_t left = n; left > 0; left -= 8, p += 8) {
        __m128i back = _mm_loadu_si128((const __m128i *)(const void *)p);
        /* lanes left as they are: past the span's end, masked */
        __m128i keep = left >= 8 ? zero : _mm_cmpgt_epi16(_mm_add_epi16(lane_index, _mm_set1_epi16(1)),
                                                          _mm_set1_epi16((short)left));
        if (MC)
            keep = _mm_or_si128(keep, _mm_srai_epi16(back, 15));
        /* the colour's channels are taken from their accumulators only once
         * a step has something to draw (after the skip below) */
#define SPAN_COLOUR8()                                                                                             \
    __m128i r8 = G ? acc8_attr(v[0]) : fr, g8 = G ? acc8_attr(v[1]) : fg, b8 = G ? acc8_attr(v[2]) : fb
        __m128i r5, g5, b5, top = zero, semi = _mm_set1_epi16(-1);
        if (T) {
            __m128i tu = _mm_or_si128(_mm_and_si128(acc8_attr(v[3]), and_x), or_x);
            __m128i tv = _mm_or_si128(_mm_and_si128(acc8_attr(v[4]), and_y), or_y);
            __m128i t = simd_texels(c, tu, tv, T);
            keep = _mm_or_si128(keep, _mm_cmpeq_epi16(t, zero)); /* texel 0000h is transparent */
            if (_mm_movemask_epi8(keep) == 0xFFFF) /* nothing to draw in these eight (transparent, masked) */
                goto step;
            top = _mm_and_si128(t, bit15);
            semi = _mm_srai_epi16(t, 15); /* only texels with bit 15 are semi-transparent */
            __m128i tr = _mm_and_si128(t, m31), tg = _mm_and_si128(_mm_srli_epi16(t, 5), m31),
                    tb = _mm_and_si128(_mm_srli_epi16(t, 10), m31);
            if (RAW) {
                r5 = tr;
                g5 = tg;
                b5 = tb;
            } else { /* (texel5 * colour8) >> 4 <= 494: 16 bits hold it */
                SPAN_COLOUR8();
                r5 = simd_to5(_mm_srli_epi16(_mm_mullo_epi16(tr, r8), 4), dither, D);
                g5 = simd_to5(_mm_srli_epi16(_mm_mullo_epi16(tg, g8), 4), dither, D);
                b5 = simd_to5(_mm_srli_epi16(_mm_mullo_epi16(tb, b8), 4), dither, D);
            }
        } else if (G) {
            SPAN_COLOUR8();
            r5 = simd_to5(r8, dither, D);
            g5 = simd_to5(g8, dither, D);
            b5 = simd_to5(b8, dither, D);
        } else { /* the flat colour's channels */
            r5 = _mm_and_si128(flat, m31);
            g5 = _mm_and_si128(_mm_srli_epi16(flat, 5), m31);
            b5 = _mm_srli_epi16(flat, 10);
        }
        __m128i color = G || T ? _mm_or_si128(_mm_or_si128(r5, _mm_slli_epi16(g5, 5)), _mm_slli_epi16(b5, 10)) : flat;
        if (B) {
            __m128i br = _mm_and_si128(back, m31), bg = _mm_and_si128(_mm_srli_epi16(back, 5), m31),
                    bb = _mm_and_si128(_mm_srli_epi16(back, 10), m31);
            __m128i blended = _mm_or_si128(
                _mm_or_si128(simd_blend_channel(br, r5, B - 1), _mm_slli_epi16(simd_blend_channel(bg, g5, B - 1), 5)),
                _mm_slli_epi16(simd_blend_channel(bb, b5, B - 1), 10));
            color = _mm_or_si128(_mm_and_si128(semi, blended), _mm_andnot_si128(semi, color));
        }
#undef SPAN_COLOUR8
        __m128i out = _mm_or_si128(_mm_or_si128(color, top), mask_or);
        _mm_storeu_si128((__m128i *)(void *)p, _mm_or_si128(_mm_and_si128(keep, back), _mm_andnot_si128(keep, out)));
    step:
        if (G)
            #pragma GCC unroll 5
            for (int a = 0; a < 3; a++)
                v[a] = acc8_step(v[a], c->step8[a]);
        if (T)
            #pragma GCC unroll 5
            for (int a = 3; a < PSX_ATTR_COUNT; a++)
                v[a] = acc8_step(v[a], c->step8[a]);
    }
}

SPAN_SIMD_INLINE void span_simd(const span_k *c, uint16_t *row, int32_t x0, int32_t x1, int32_t y,
                                const uint32_t acc[PSX_ATTR_COUNT], const int T, const int RAW, const int G, const int B,
                                const int D, const int MC)
{
    if (x1 <= x0)
        return;
    span_acc8 v[PSX_ATTR_COUNT];
#pragma GCC unroll 5
    for (int a = 0; a < PSX_ATTR_COUNT; a++)
        v[a] = (a >= PSX_ATTR_U ? T != 0 : G != 0) ? acc8_start(c->lanes[a], acc[a]) : acc8_flat(acc[a]);
    span_simd_v(c, row, x0, x1, y, v, T, RAW, G, B, D, MC);
}

#if SPAN_SIMD == 2
/* The rows of a primitive: the five accumulators of a row's first pixel are
 * one vector, origin + ddx * xl, moved by ddy per row (32-bit lanes wrap as
 * psx_rows_next's scalars do), each then spread to its eight lanes. */
SPAN_SIMD_INLINE void rows_simd(const span_k *k, uint16_t *vram, const psx_rows *rows, const int T, const int RAW,
                                const int G, const int B, const int D, const int MC)
{
    psx_rows r = *rows;
    uint32_t o8[8] = {0}, dx8[8] = {0}, dy8[8] = {0};
    for (int a = 0; a < PSX_ATTR_COUNT; a++) {
        o8[a] = r.origin[a];
        dx8[a] = r.ddx[a];
        dy8[a] = r.ddy[a];
    }
    __m256i origin = _mm256_loadu_si256((const __m256i *)(const void *)o8);
    const __m256i ddx = _mm256_loadu_si256((const __m256i *)(const void *)dx8);
    const __m256i ddy = _mm256_loadu_si256((const __m256i *)(const void *)dy8);
    int32_t y, xl, xr;
    while (psx_rows_span(&r, &y, &xl, &xr)) {
        __m256i acc = _mm256_add_epi32(origin, _mm256_mullo_epi32(ddx, _mm256_set1_epi32(xl)));
        origin = _mm256_add_epi32(origin, ddy);
        if (xr <= xl)
            continue;
        span_acc8 v[PSX_ATTR_COUNT];
#pragma GCC unroll 5
        for (int a = 0; a < PSX_ATTR_COUNT; a++) {
            __m256i all = _mm256_permutevar8x32_epi32(acc, _mm256_set1_epi32(a));
            v[a] = (a >= PSX_ATTR_U ? T != 0 : G != 0) ? _mm256_add_epi32(all, k->lanes[a]) : all;
        }
        span_simd_v(k, vram + (size_t)y * PSX_VRAM_W, xl, xr, y, v, T, RAW, G, B, D, MC);
    }
}
#else
SPAN_SIMD_INLINE void rows_simd(const span_k *k, uint16_t *vram, const psx_rows *rows, const int T, const int RAW,
                                const int G, const int B, const int D, const int MC)
{
    psx_rows r = *rows;
    int32_t y, xl, xr;
    uint32_t acc[PSX_ATTR_COUNT];
    while (psx_rows_next(&r, &y, &xl, &xr, acc))
        span_simd(k, vram + (size_t)y * PSX_VRAM_W, xl, xr, y, acc, T, RAW, G, B, D, MC);
}
#endif

#define SPAN_SIMD_NAME(T, RAW, G, B, D, MC) SPAN_CAT(SPAN_PREFIX, _##T##_##RAW##_##G##_##B##_##D##_##MC)
#define SPAN_SIMD_DEFINE(T, RAW, G, B, D, MC)                                                                      \
    SPAN_TARGET static void SPAN_SIMD_NAME(T, RAW, G, B, D, MC)(const psx_span_ctx *c, uint16_t *row, int32_t x0, \
                                                                int32_t x1, int32_t y,                            \
                                                                const uint32_t acc[PSX_ATTR_COUNT])               \
    {                                                                                                              \
        span_k k;                                                                                                  \
        span_k_init(&k, c, T, G);                                                                                  \
        span_simd(&k, row, x0, x1, y, acc, T, RAW, G, B, D, MC);                                                   \
    }
#define SPAN_SIMD_ENTRY(T, RAW, G, B, D, MC) SPAN_SIMD_NAME(T, RAW, G, B, D, MC),
/* the row kernels: the constants once, then every row */
#define ROWS_SIMD_NAME(T, RAW, G, B, D, MC) SPAN_CAT(SPAN_PREFIX, _rows_##T##_##RAW##_##G##_##B##_##D##_##MC)
#define ROWS_SIMD_DEFINE(T, RAW, G, B, D, MC)                                                                      \
    SPAN_TARGET static void ROWS_SIMD_NAME(T, RAW, G, B, D, MC)(const psx_span_ctx *c, uint16_t *vram,            \
                                                                const psx_rows *rows)                             \
    {                                                                                                              \
        span_k k;                                                                                                  \
        span_k_init(&k, c, T, G);                                                                                  \
        rows_simd(&k, vram, rows, T, RAW, G, B, D, MC);                                                            \
    }
#define ROWS_SIMD_ENTRY(T, RAW, G, B, D, MC) ROWS_SIMD_NAME(T, RAW, G, B, D, MC),

SPAN_ALL(SPAN_SIMD_DEFINE)
SPAN_ALL(ROWS_SIMD_DEFINE)

SPAN_TABLE_STORAGE const psx_span_fn SPAN_TABLE[] = {SPAN_ALL(SPAN_SIMD_ENTRY)};
SPAN_TABLE_STORAGE const psx_rows_fn ROWS_TABLE[] = {SPAN_ALL(ROWS_SIMD_ENTRY)};
#undef span_k
