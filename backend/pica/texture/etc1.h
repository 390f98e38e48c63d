/* ETC1 block codec: one 4x4 block <-> 16 RGBA8 texels.
 *
 * A block is the 64-bit integer of the Khronos specification
 * (OES_compressed_ETC1_RGB8_texture): bit 63 is the most significant bit of
 * the first base colour, bits 31..16 hold the most significant and bits 15..0
 * the least significant bit of each texel's index, texel (x, y) at bit x*4+y.
 * How the integer is stored is the container's business: standard files (KTX,
 * PKM) store it big-endian, the 3DS stores it little-endian and groups four
 * blocks into each 8x8 tile (see texcodec.h and docs/pica-textures.md).
 *
 * ETC1A4 adds a 64-bit alpha word per block: 4 bits per texel, texel (x, y) in
 * nibble x*4+y (the same column-major order as the index bits), expanded to 8
 * bits by replication (tex3ds encode.cpp writes it; Azahar etc1.cpp reads it). */
#ifndef GLHLE_PICA_ETC1_H
#define GLHLE_PICA_ETC1_H

#include <stdint.h>

/* Decodes one block into out[y*16 + x*4 + c] (RGBA, row-major 4x4). The
 * alpha of every texel is taken from `alpha` (nibble x*4+y, replicated to
 * 8 bits); pass UINT64_MAX for opaque ETC1. */
void pica_etc1_decode_block(uint64_t block, uint64_t alpha, uint8_t out[64]);

/* Same, but writes row y of the block to dst + y*pitch (4 bytes a texel), so
 * a tile decoder can write straight into an image, flipped or not. */
void pica_etc1_decode_block_to(uint64_t block, uint64_t alpha, uint8_t *dst, intptr_t pitch);

/* Encodes 16 RGBA texels (same layout as pica_etc1_decode_block's output)
 * into a block. For both flips and both modes, each half starts from its
 * mean colour and re-centres its base twice on the texels minus their
 * chosen modifiers; the two best of those four candidates then try the 26
 * neighbouring bases of each half. Every candidate takes the modifier table
 * and per-texel indices with the least squared RGB error. Good quality
 * (mean squared error 17.4 per channel on piglit's waffles picture, whose
 * exact encoding exists), not exhaustive, and slow: about 42,000
 * instructions a texel, an offline tool's encoder. Alpha is ignored; see
 * pica_etc1_encode_alpha. */
uint64_t pica_etc1_encode_block(const uint8_t rgba[64]);

/* The ETC1A4 alpha word for 16 RGBA texels: a >> 4 in nibble x*4+y. */
uint64_t pica_etc1_encode_alpha(const uint8_t rgba[64]);

#endif
