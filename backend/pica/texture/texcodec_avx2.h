/* AVX2 kernels for the hottest tile decodes (RGBA8, D24S8 and the 16-bit
 * formats) and for the render-target encodes: one 8x8 tile in, eight host
 * rows of 32 bytes out (or back), rows at dst + y*pitch (pitch may be
 * negative for bottom-up output). They produce
 * exactly what texcodec.c's table-driven tile decoders produce; texcodec.c
 * calls them only when pica_avx2_available() says the CPU has AVX2 and the
 * caller did not ask for PICA_CODEC_NO_SIMD. */
#ifndef GLHLE_PICA_TEXCODEC_AVX2_H
#define GLHLE_PICA_TEXCODEC_AVX2_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/pica/texture/texcodec.h"

/* Decodes `count` tiles: tile i at tiles + i*step, its eight host rows at
 * dst + i*32 + y*pitch. ctx carries a decoder's tables (NULL for kernels
 * that need none). texcodec.c's portable decoders share this shape. */
typedef void (*pica_tile_run_fn)(const void *ctx, const uint8_t *tiles, size_t step, size_t count, uint8_t *dst,
                                 intptr_t pitch);

bool pica_avx2_available(void);

/* The kernel for fmt (RGBA8, D24S8, RGB5A1, RGB565, RGBA4, IA8, HILO8), or
 * NULL for the other formats and on non-x86 builds. */
pica_tile_run_fn pica_avx2_tile_kernel(pica_texfmt fmt);

/* The reverse: encodes `count` tiles, tile i at tiles + i*step, from host
 * rows at src + i*32 + y*pitch, exactly as texcodec.c's portable encoder
 * does (truncating quantisation). */
typedef void (*pica_tile_encode_fn)(const uint8_t *src, intptr_t pitch, uint8_t *tiles, size_t step, size_t count);

/* For the render-target formats RGBA8, D24S8, RGB5A1, RGB565 and RGBA4;
 * NULL for the others and on non-x86 builds. */
pica_tile_encode_fn pica_avx2_tile_encoder(pica_texfmt fmt);

#endif
