/* ASTC LDR decoding on the CPU, for GL drivers without
 * GL_KHR_texture_compression_astc_ldr (and, forced, for the tests that
 * check it against a driver that has it). 2D blocks of every footprint the
 * texture header names (4x4 to 12x12), 128 bits each; the decoding follows
 * the Khronos Data Format Specification 1.3, chapter 23 (ASTC): block
 * modes, integer sequence encoding, endpoint modes, partition hash, weight
 * infill, dual planes, void-extent blocks. HDR endpoint modes and HDR
 * void-extent blocks decode as the error colour, as the LDR profile
 * requires; so does every reserved or malformed block. No GL. */
#ifndef GLHLE_MAXWELL_ASTC_H
#define GLHLE_MAXWELL_ASTC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MW_ASTC_MAX_TEXELS 144 /* 12x12 */

typedef enum mw_astc_status {
    MW_ASTC_VALID = 0,
    MW_ASTC_HDR,   /* an HDR endpoint mode or HDR void extent: the error colour in LDR */
    MW_ASTC_ERROR, /* reserved or malformed */
} mw_astc_status;

/* One block of footprint bw x bh (each 4-12) into `out`, row by row, RGBA
 * with 16 bits a channel: the specification's UNORM16 result (in sRGB mode
 * the top 8 bits of each channel are the sRGB-encoded 8-bit value). For
 * anything but MW_ASTC_VALID `out` holds the error colour (opaque
 * magenta). */
mw_astc_status mw_astc_decode_block(const uint8_t block[16], uint32_t bw, uint32_t bh, bool srgb,
                                    uint16_t out[MW_ASTC_MAX_TEXELS][4]);

/* The 8-bit value an RGBA8 (or SRGB8_ALPHA8) texel holds for a 16-bit
 * result: its top 8 bits. In sRGB mode that is the specification's own
 * 8-bit value; for linear results it is what Mesa's decoder stores (the
 * comparison in tests/gl/test_maxwell_astc.c), which truncates where
 * rounding would move a value by one in about half the cases. */
static inline uint8_t mw_astc_to_unorm8(uint16_t v)
{
    return (uint8_t)(v >> 8);
}

/* A w x h image of blocks (rows of ceil(w / bw) blocks, ceil(h / bh) rows,
 * `blocks_size` bytes) as RGBA8 texels, `stride` bytes a row. Returns the
 * number of blocks not MW_ASTC_VALID; a short `blocks_size` decodes the
 * missing blocks as error blocks. */
uint32_t mw_astc_decode_image(const uint8_t *blocks, size_t blocks_size, uint32_t w, uint32_t h, uint32_t bw,
                              uint32_t bh, bool srgb, uint8_t *rgba8, size_t stride);

#endif
