/* AVX2 tile kernels. The Morton order makes 4x2 texel groups contiguous:
 * texels 0-7 of a tile are x 0-3 of rows 0 and 1, texels 16-23 are x 4-7 of
 * the same rows (3dbrew GPU/Textures; Azahar video_core/utils.h). So one
 * 32-byte load of a 32-bit format is half of two rows, and a 64-bit
 * permute plus a 128-bit lane swap assemble whole 32-byte rows; a 16-bit
 * format's 32-byte load is x 0-3 of rows 0-3. Channel expansion is done
 * on 16-bit lanes with the same bit replication as the scalar decoders. */
#include "backend/pica/texture/texcodec_avx2.h"

#if defined(__x86_64__) || defined(__i386__)

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))
/* The kernels specialise per format only when the whole chain is inlined
 * into each run function (the format switches then fold away). */
#define INLINE inline __attribute__((always_inline))

bool pica_avx2_available(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

AVX2 static inline void store_row(uint8_t *dst, intptr_t pitch, int y, __m256i v)
{
    _mm256_storeu_si256((__m256i *)(void *)(dst + (intptr_t)y * pitch), v);
}

AVX2 static inline __m256i load32(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

/* 32-bit texels: `shuf` reorders the bytes of each texel (RGBA8: A,B,G,R ->
 * R,G,B,A; D24S8: depth | stencil << 24 -> stencil | depth << 8). Rows 2g
 * and 2g + 1 of a tile: texels 0-7 (+8 for odd g, +32 for g >= 2) hold
 * x 0-3 of both rows, the texels 16 further on hold x 4-7. */
AVX2 static INLINE void rows32(const uint8_t *tile, int g, __m256i shuf, __m256i *even, __m256i *odd)
{
    int left = (g & 1) * 8 + (g >> 1) * 32;
    __m256i a = _mm256_shuffle_epi8(load32(tile + left * 4), shuf);
    __m256i b = _mm256_shuffle_epi8(load32(tile + (left + 16) * 4), shuf);
    /* texel pairs (t0 t1)(t2 t3)(t4 t5)(t6 t7) -> (t0 t1)(t4 t5) | (t2 t3)(t6 t7) */
    a = _mm256_permute4x64_epi64(a, 0xD8);
    b = _mm256_permute4x64_epi64(b, 0xD8);
    *even = _mm256_permute2x128_si256(a, b, 0x20);
    *odd = _mm256_permute2x128_si256(a, b, 0x31);
}

AVX2 static INLINE void tile32(const uint8_t *tile, uint8_t *dst, intptr_t pitch, __m256i shuf)
{
    for (int g = 0; g < 4; g++) {
        __m256i e, o;
        rows32(tile, g, shuf, &e, &o);
        store_row(dst, pitch, 2 * g, e);
        store_row(dst, pitch, 2 * g + 1, o);
    }
}

/* Two neighbouring tiles: each output row gets one whole 64-byte line,
 * written as two adjacent stores (measured faster than a tile at a time,
 * whose eight 32-byte row stores are 4 KiB apart). */
AVX2 static INLINE void tile32x2(const uint8_t *t0, const uint8_t *t1, uint8_t *dst, intptr_t pitch, __m256i shuf)
{
    for (int g = 0; g < 4; g++) {
        __m256i e0, o0, e1, o1;
        rows32(t0, g, shuf, &e0, &o0);
        rows32(t1, g, shuf, &e1, &o1);
        store_row(dst, pitch, 2 * g, e0);
        store_row(dst + 32, pitch, 2 * g, e1);
        store_row(dst, pitch, 2 * g + 1, o0);
        store_row(dst + 32, pitch, 2 * g + 1, o1);
    }
}

/* Byte orders: RGBA8 A,B,G,R -> R,G,B,A; D24S8 depth | stencil << 24 ->
 * stencil | depth << 8. */
#define SHUF_RGBA8 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12
#define SHUF_D24S8 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
#define RUN32(name, order)                                                                                        \
    AVX2 static void name(const void *ctx, const uint8_t *tiles, size_t step, size_t count, uint8_t *dst,         \
                          intptr_t pitch)                                                                         \
    {                                                                                                             \
        (void)ctx;                                                                                                \
        const __m256i shuf = _mm256_setr_epi8(order, order);                                                      \
        size_t i = 0;                                                                                             \
        for (; i + 2 <= count; i += 2)                                                                            \
            tile32x2(tiles + i * step, tiles + (i + 1) * step, dst + i * 32, pitch, shuf);                        \
        for (; i < count; i++)                                                                                    \
            tile32(tiles + i * step, dst + i * 32, pitch, shuf);                                                  \
    }
RUN32(run_rgba8, SHUF_RGBA8)
RUN32(run_d24s8, SHUF_D24S8)

/* 16-bit texels in 16-bit lanes -> the low (R | G << 8) and high
 * (B | A << 8) halves of the host word. Bit layouts as in texcodec.c's
 * texel_to_host. */
AVX2 static INLINE void expand16(pica_texfmt fmt, __m256i x, __m256i *lo, __m256i *hi)
{
#define SRL(v, n) _mm256_srli_epi16((v), (n))
#define SLL(v, n) _mm256_slli_epi16((v), (n))
#define AND(v, m) _mm256_and_si256((v), _mm256_set1_epi16((short)(m)))
#define OR(a, b) _mm256_or_si256((a), (b))
    switch (fmt) {
    case PICA_TEXFMT_RGB565: /* r5 << 11 | g6 << 5 | b5 */
        *lo = OR(OR(AND(SRL(x, 8), 0x00F8), SRL(x, 13)), OR(AND(SLL(x, 5), 0xFC00), AND(SRL(x, 1), 0x0300)));
        *hi = OR(OR(AND(SLL(x, 3), 0x00F8), AND(SRL(x, 2), 0x0007)), _mm256_set1_epi16((short)0xFF00));
        break;
    case PICA_TEXFMT_RGB5A1: /* r5 << 11 | g5 << 6 | b5 << 1 | a1 */
        *lo = OR(OR(AND(SRL(x, 8), 0x00F8), SRL(x, 13)), OR(AND(SLL(x, 5), 0xF800), AND(x, 0x0700)));
        *hi = OR(OR(AND(SLL(x, 2), 0x00F8), AND(SRL(x, 3), 0x0007)), _mm256_srai_epi16(SLL(x, 15), 7));
        break;
    case PICA_TEXFMT_RGBA4: /* r4 << 12 | g4 << 8 | b4 << 4 | a4 */
        *lo = OR(OR(AND(SRL(x, 8), 0x00F0), SRL(x, 12)), OR(AND(SLL(x, 4), 0xF000), AND(x, 0x0F00)));
        *hi = OR(OR(AND(x, 0x00F0), AND(SRL(x, 4), 0x000F)), OR(AND(SLL(x, 12), 0xF000), AND(SLL(x, 8), 0x0F00)));
        break;
    case PICA_TEXFMT_IA8: /* I << 8 | A -> I, I, I, A */
        *lo = OR(SRL(x, 8), AND(x, 0xFF00));
        *hi = OR(SRL(x, 8), SLL(x, 8));
        break;
    default: /* HILO8: HI << 8 | LO -> HI, LO, 0, 255 */
        *lo = OR(SRL(x, 8), SLL(x, 8));
        *hi = _mm256_set1_epi16((short)0xFF00);
        break;
    }
#undef SRL
#undef SLL
#undef AND
#undef OR
}

/* 16 texels (x 0-3 of four rows) -> two vectors holding those rows as 32-bit
 * host texels: rows 0 | 2 and rows 1 | 3 (four texels per 128-bit lane). */
AVX2 static INLINE void quad16(pica_texfmt fmt, const uint8_t *p, __m256i *r02, __m256i *r13)
{
    __m256i lo, hi;
    expand16(fmt, load32(p), &lo, &hi);
    /* per 128-bit lane: t0-t3 | t8-t11 and t4-t7 | t12-t15 as host words */
    __m256i u = _mm256_unpacklo_epi16(lo, hi), v = _mm256_unpackhi_epi16(lo, hi);
    *r02 = _mm256_unpacklo_epi64(u, v);
    *r13 = _mm256_unpackhi_epi64(u, v);
}

/* Rows 4h..4h + 3 of a tile: texels 32h..32h + 15 are x 0-3 of those
 * rows, the next 16 x 4-7. */
AVX2 static INLINE void rows16(pica_texfmt fmt, const uint8_t *tile, int h, __m256i *r0, __m256i *r1, __m256i *r2,
                               __m256i *r3)
{
    __m256i l02, l13, r02, r13;
    quad16(fmt, tile + h * 64, &l02, &l13);
    quad16(fmt, tile + h * 64 + 32, &r02, &r13);
    *r0 = _mm256_permute2x128_si256(l02, r02, 0x20);
    *r1 = _mm256_permute2x128_si256(l13, r13, 0x20);
    *r2 = _mm256_permute2x128_si256(l02, r02, 0x31);
    *r3 = _mm256_permute2x128_si256(l13, r13, 0x31);
}

AVX2 static INLINE void tile16(pica_texfmt fmt, const uint8_t *tile, uint8_t *dst, intptr_t pitch)
{
    for (int h = 0; h < 2; h++) {
        __m256i r0, r1, r2, r3;
        rows16(fmt, tile, h, &r0, &r1, &r2, &r3);
        store_row(dst, pitch, 4 * h + 0, r0);
        store_row(dst, pitch, 4 * h + 1, r1);
        store_row(dst, pitch, 4 * h + 2, r2);
        store_row(dst, pitch, 4 * h + 3, r3);
    }
}

/* Two neighbouring tiles: each output row gets one whole 64-byte line. */
AVX2 static INLINE void tile16x2(pica_texfmt fmt, const uint8_t *t0, const uint8_t *t1, uint8_t *dst, intptr_t pitch)
{
    for (int h = 0; h < 2; h++) {
        __m256i a0, a1, a2, a3, b0, b1, b2, b3;
        rows16(fmt, t0, h, &a0, &a1, &a2, &a3);
        rows16(fmt, t1, h, &b0, &b1, &b2, &b3);
        store_row(dst, pitch, 4 * h + 0, a0);
        store_row(dst + 32, pitch, 4 * h + 0, b0);
        store_row(dst, pitch, 4 * h + 1, a1);
        store_row(dst + 32, pitch, 4 * h + 1, b1);
        store_row(dst, pitch, 4 * h + 2, a2);
        store_row(dst + 32, pitch, 4 * h + 2, b2);
        store_row(dst, pitch, 4 * h + 3, a3);
        store_row(dst + 32, pitch, 4 * h + 3, b3);
    }
}

/* One run function per format so each expansion is specialised. */
#define RUN16(name, fmt)                                                                                          \
    AVX2 static void name(const void *ctx, const uint8_t *tiles, size_t step, size_t count, uint8_t *dst,         \
                          intptr_t pitch)                                                                         \
    {                                                                                                             \
        (void)ctx;                                                                                                \
        size_t i = 0;                                                                                             \
        for (; i + 2 <= count; i += 2)                                                                            \
            tile16x2(fmt, tiles + i * step, tiles + (i + 1) * step, dst + i * 32, pitch);                         \
        for (; i < count; i++)                                                                                    \
            tile16(fmt, tiles + i * step, dst + i * 32, pitch);                                                   \
    }
RUN16(run_rgb565, PICA_TEXFMT_RGB565)
RUN16(run_rgb5a1, PICA_TEXFMT_RGB5A1)
RUN16(run_rgba4, PICA_TEXFMT_RGBA4)
RUN16(run_ia8, PICA_TEXFMT_IA8)
RUN16(run_hilo8, PICA_TEXFMT_HILO8)

/* ---- encoders: the same permutes run backwards ---- */

AVX2 static inline __m256i load_row(const uint8_t *src, intptr_t pitch, int y)
{
    return load32(src + (intptr_t)y * pitch);
}

AVX2 static inline void store32(uint8_t *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)(void *)p, v);
}

/* 32-bit texels; `shuf` is the inverse byte order of the decoder's. */
AVX2 static inline void tile32_encode(const uint8_t *src, intptr_t pitch, uint8_t *tile, __m256i shuf)
{
    for (int g = 0; g < 4; g++) {
        int left = (g & 1) * 8 + (g >> 1) * 32;
        __m256i r0 = load_row(src, pitch, 2 * g), r1 = load_row(src, pitch, 2 * g + 1);
        /* x 0-3 of both rows, then x 4-7; permute 0xD8 is its own inverse */
        __m256i a = _mm256_permute4x64_epi64(_mm256_permute2x128_si256(r0, r1, 0x20), 0xD8);
        __m256i b = _mm256_permute4x64_epi64(_mm256_permute2x128_si256(r0, r1, 0x31), 0xD8);
        store32(tile + left * 4, _mm256_shuffle_epi8(a, shuf));
        store32(tile + (left + 16) * 4, _mm256_shuffle_epi8(b, shuf));
    }
}

/* host words in 32-bit lanes -> the 16-bit texel in each lane's low half,
 * truncating as texcodec.c's texel_from_host does */
AVX2 static inline __m256i pack16(pica_texfmt fmt, __m256i h)
{
#define SRL(v, n) _mm256_srli_epi32((v), (n))
#define SLL(v, n) _mm256_slli_epi32((v), (n))
#define AND(v, m) _mm256_and_si256((v), _mm256_set1_epi32((int)(m)))
#define OR(a, b) _mm256_or_si256((a), (b))
    switch (fmt) {
    case PICA_TEXFMT_RGB565: /* r >> 3 << 11 | g >> 2 << 5 | b >> 3 */
        return OR(OR(AND(SLL(h, 8), 0xF800), AND(SRL(h, 5), 0x07E0)), AND(SRL(h, 19), 0x001F));
    case PICA_TEXFMT_RGB5A1: /* r >> 3 << 11 | g >> 3 << 6 | b >> 3 << 1 | a >> 7 */
        return OR(OR(AND(SLL(h, 8), 0xF800), AND(SRL(h, 5), 0x07C0)), OR(AND(SRL(h, 18), 0x003E), SRL(h, 31)));
    default: /* RGBA4: r >> 4 << 12 | g >> 4 << 8 | b >> 4 << 4 | a >> 4 */
        return OR(OR(AND(SLL(h, 8), 0xF000), AND(SRL(h, 4), 0x0F00)), OR(AND(SRL(h, 16), 0x00F0), SRL(h, 28)));
    }
#undef SRL
#undef SLL
#undef AND
#undef OR
}

/* Rows 0 | 2 and rows 1 | 3 of one 4-texel-wide half (16-bit values in
 * 32-bit lanes) -> the Morton order of its 16 texels: pairs of rows 0,1,
 * then of rows 2,3. */
AVX2 static inline void quad16_encode(__m256i r02, __m256i r13, uint8_t *out)
{
    __m256i lo = _mm256_unpacklo_epi64(r02, r13), hi = _mm256_unpackhi_epi64(r02, r13);
    store32(out, _mm256_packus_epi32(lo, hi));
}

AVX2 static inline void tile16_encode(pica_texfmt fmt, const uint8_t *src, intptr_t pitch, uint8_t *tile)
{
    for (int h = 0; h < 2; h++) {
        __m256i r0 = pack16(fmt, load_row(src, pitch, 4 * h)), r1 = pack16(fmt, load_row(src, pitch, 4 * h + 1));
        __m256i r2 = pack16(fmt, load_row(src, pitch, 4 * h + 2)), r3 = pack16(fmt, load_row(src, pitch, 4 * h + 3));
        /* x 0-3, then x 4-7 (the permute's selector must be a constant) */
        quad16_encode(_mm256_permute2x128_si256(r0, r2, 0x20), _mm256_permute2x128_si256(r1, r3, 0x20),
                      tile + h * 64);
        quad16_encode(_mm256_permute2x128_si256(r0, r2, 0x31), _mm256_permute2x128_si256(r1, r3, 0x31),
                      tile + h * 64 + 32);
    }
}

#define ENC32(name, order)                                                                                        \
    AVX2 static void name(const uint8_t *src, intptr_t pitch, uint8_t *tiles, size_t step, size_t count)          \
    {                                                                                                             \
        const __m256i shuf = _mm256_setr_epi8(order, order);                                                      \
        for (size_t i = 0; i < count; i++)                                                                        \
            tile32_encode(src + i * 32, pitch, tiles + i * step, shuf);                                           \
    }
/* host R,G,B,A -> A,B,G,R; host stencil | depth << 8 -> depth | stencil << 24 */
#define UNSHUF_D24S8 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12
ENC32(enc_rgba8, SHUF_RGBA8)
ENC32(enc_d24s8, UNSHUF_D24S8)

#define ENC16(name, fmt)                                                                                          \
    AVX2 static void name(const uint8_t *src, intptr_t pitch, uint8_t *tiles, size_t step, size_t count)          \
    {                                                                                                             \
        for (size_t i = 0; i < count; i++)                                                                        \
            tile16_encode(fmt, src + i * 32, pitch, tiles + i * step);                                            \
    }
ENC16(enc_rgb565, PICA_TEXFMT_RGB565)
ENC16(enc_rgb5a1, PICA_TEXFMT_RGB5A1)
ENC16(enc_rgba4, PICA_TEXFMT_RGBA4)

pica_tile_encode_fn pica_avx2_tile_encoder(pica_texfmt fmt)
{
    switch (fmt) {
    case PICA_TEXFMT_RGBA8: return enc_rgba8;
    case PICA_TEXFMT_D24S8: return enc_d24s8;
    case PICA_TEXFMT_RGB565: return enc_rgb565;
    case PICA_TEXFMT_RGB5A1: return enc_rgb5a1;
    case PICA_TEXFMT_RGBA4: return enc_rgba4;
    default: return NULL;
    }
}

pica_tile_run_fn pica_avx2_tile_kernel(pica_texfmt fmt)
{
    switch (fmt) {
    case PICA_TEXFMT_RGBA8: return run_rgba8;
    case PICA_TEXFMT_D24S8: return run_d24s8;
    case PICA_TEXFMT_RGB565: return run_rgb565;
    case PICA_TEXFMT_RGB5A1: return run_rgb5a1;
    case PICA_TEXFMT_RGBA4: return run_rgba4;
    case PICA_TEXFMT_IA8: return run_ia8;
    case PICA_TEXFMT_HILO8: return run_hilo8;
    default: return NULL;
    }
}

#else /* not x86: no kernels */

bool pica_avx2_available(void)
{
    return false;
}

pica_tile_run_fn pica_avx2_tile_kernel(pica_texfmt fmt)
{
    (void)fmt;
    return NULL;
}

pica_tile_encode_fn pica_avx2_tile_encoder(pica_texfmt fmt)
{
    (void)fmt;
    return NULL;
}

#endif
