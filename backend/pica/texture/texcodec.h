/* PICA200 texture, colour-buffer and depth-buffer codecs (GL-free).
 *
 * Guest layout. Every PICA image in memory is cut into 8x8 tiles whose
 * texels are in Morton (Z) order; tiles run left to right, and the first
 * tile row in memory is the top of the image as viewed. Texture coordinate
 * t = 0 is the *bottom* row, and so is GL's row 0, which is why an upload
 * flips rows (PICA_CODEC_FLIP_Y does it while decoding, no extra pass).
 * Render targets in the 32x32 block mode (GPUREG_FRAMEBUFFER_BLOCK32) group
 * 4x4 tiles into a block, tiles in Z order inside it, blocks left to right.
 * The linear layout is plain rows, top row first, as the display transfer
 * and texture copy engines read and write it. Details and sources:
 * docs/pica-textures.md.
 *
 * Host side. Colour texels are RGBA8: bytes R, G, B, A. Depth texels are one
 * native-endian uint32 each, `depth24 << 8 | stencil` — GL's
 * GL_UNSIGNED_INT_24_8 packing, so a decoded buffer uploads straight into a
 * GL_DEPTH24_STENCIL8 texture with GL_DEPTH_STENCIL:
 *   D24S8: depth24 and stencil as stored;
 *   D24:   depth24 as stored, stencil decodes as 0 and is ignored on encode;
 *   D16:   depth16 widened by bit replication, depth24 = d16 << 8 | d16 >> 8
 *          (so 0xFFFF stays the far plane), encoded back as depth24 >> 8.
 * Every format round-trips bit-exactly: encode(decode(x)) == x for any guest
 * data whose texels are all representable, and decode(encode(y)) == y for any
 * host texel that a decode can produce.
 *
 * Paths. Each call runs a tile-at-a-time fast path: AVX2 kernels for
 * RGBA8, D24S8 and the 16-bit formats where the CPU has them, table-driven
 * portable C for the rest (PICA_CODEC_NO_SIMD forces it everywhere). The
 * flag PICA_CODEC_REFERENCE selects the per-texel scalar reference written
 * straight from the documented layouts, which the tests compare both
 * against. */
#ifndef GLHLE_PICA_TEXCODEC_H
#define GLHLE_PICA_TEXCODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/log.h"

/* Values 0-13 are GPUREG_TEXUNITi_TYPE; colour buffers use the first five
 * (pica_texfmt_from_colorbuffer maps GPUREG_COLORBUFFER_FORMAT). The depth
 * formats are glhle's own numbers (pica_texfmt_from_depthbuffer). */
typedef enum pica_texfmt {
    PICA_TEXFMT_RGBA8 = 0,
    PICA_TEXFMT_RGB8 = 1,
    PICA_TEXFMT_RGB5A1 = 2,
    PICA_TEXFMT_RGB565 = 3,
    PICA_TEXFMT_RGBA4 = 4,
    PICA_TEXFMT_IA8 = 5,
    PICA_TEXFMT_HILO8 = 6,
    PICA_TEXFMT_I8 = 7,
    PICA_TEXFMT_A8 = 8,
    PICA_TEXFMT_IA4 = 9,
    PICA_TEXFMT_I4 = 10,
    PICA_TEXFMT_A4 = 11,
    PICA_TEXFMT_ETC1 = 12,
    PICA_TEXFMT_ETC1A4 = 13,
    PICA_TEXFMT_D16 = 14,
    PICA_TEXFMT_D24 = 15,
    PICA_TEXFMT_D24S8 = 16,
    PICA_TEXFMT_COUNT
} pica_texfmt;

typedef enum pica_layout {
    PICA_LAYOUT_TILED8 = 0, /* 8x8 Morton tiles (textures, the default render target mode) */
    PICA_LAYOUT_TILED32,    /* 32x32 blocks of 8x8 tiles (GPUREG_FRAMEBUFFER_BLOCK32 = 1) */
    PICA_LAYOUT_LINEAR,     /* rows, top first; ETC1 formats: 4x4 blocks in raster order */
    PICA_LAYOUT_COUNT
} pica_layout;

/* A guest image: one mip level, one cube face, one buffer. */
typedef struct pica_surface {
    pica_texfmt format;
    pica_layout layout;
    uint32_t width, height; /* texels; multiples of 8 (TILED8), 32 (TILED32), 4 (linear ETC1), 2 (linear 4-bit) */
    /* Bytes from one row group to the next (8 rows for TILED8, 32 for
     * TILED32, 4 for linear ETC1, else 1); 0 -> packed. A larger stride
     * skips bytes, as the display transfer's input width does. */
    uint32_t stride;
} pica_surface;

/* Texels x..x+w-1, y..y+h-1 in guest coordinates (y = 0 is the first row in
 * memory, the top of the image as viewed). */
typedef struct pica_rect {
    uint32_t x, y, w, h;
} pica_rect;

enum {
    /* Host rows run bottom-up: host row 0 is the rect's last guest row.
     * That is GL's upload order for a texture whose t = 0 is the bottom. */
    PICA_CODEC_FLIP_Y = 1u << 0,
    /* Run the per-texel scalar reference instead of the fast path. */
    PICA_CODEC_REFERENCE = 1u << 1,
    /* Keep the fast path portable: table-driven tiles without the AVX2
     * kernels (texcodec_avx2.h). Same results; for tests and benchmarks. */
    PICA_CODEC_NO_SIMD = 1u << 2,
};

/* Largest width or height accepted: above anything the PICA addresses
 * (GPUREG_TEXUNITi_DIM has 11-bit fields, textures go to 1024), and small
 * enough that every size fits 32 bits. */
#define PICA_MAX_SIDE 4096u
/* Smallest mip level side: levels live in 8x8 tiles. */
#define PICA_MIN_LEVEL_SIDE 8u

typedef struct pica_texfmt_info {
    const char *name;       /* register name in lower case: "rgba8", "etc1a4", "d24s8" */
    uint8_t bits_per_texel; /* 4, 8, 16, 24 or 32 */
    bool compressed;        /* ETC1, ETC1A4 */
    bool depth;             /* D16, D24, D24S8 */
    bool color_buffer;      /* usable as a colour render target */
} pica_texfmt_info;

/* NULL for a format outside the enum. */
const pica_texfmt_info *pica_texfmt_get_info(pica_texfmt fmt);
/* Accepts the register names ("rgb5a1", "ia4") and tex3ds's spellings
 * ("rgba5551", "la44", "l8", "hilo88"...). Returns PICA_TEXFMT_COUNT if unknown. */
pica_texfmt pica_texfmt_from_name(const char *name);
/* GPUREG_COLORBUFFER_FORMAT bits 16-18: 0 RGBA8, 1 RGB8, 2 RGB5A1, 3 RGB565,
 * 4 RGBA4 (3dbrew GPU/Internal_Registers; 1 from Azahar regs_framebuffer.h). */
pica_texfmt pica_texfmt_from_colorbuffer(uint32_t value);
/* GPUREG_DEPTHBUFFER_FORMAT bits 0-1: 0 D16, 2 D24, 3 D24S8; 1 is invalid. */
pica_texfmt pica_texfmt_from_depthbuffer(uint32_t value);
/* Display transfer / LCD framebuffer formats: 0 RGBA8, 1 RGB8, 2 RGB565,
 * 3 RGB5A1, 4 RGBA4 (3dbrew GPU/External_Registers) — note 2 and 3 swap
 * relative to the colour buffer register. */
pica_texfmt pica_texfmt_from_transfer(uint32_t value);

/* Checks a surface description; logs what is wrong. */
glhle_result pica_surface_check(const pica_surface *s, const glhle_logger *lg);
/* Bytes from the first to one past the last byte of the surface (0 if it is invalid). */
size_t pica_surface_size(const pica_surface *s);
/* Byte offset of texel (x, y); for 4-bit formats *nibble receives 0 (low)
 * or 1 (high), for ETC1 formats the offset of the texel's 8- or 16-byte
 * block. x, y must be inside the surface. */
size_t pica_texel_offset(const pica_surface *s, uint32_t x, uint32_t y, unsigned *nibble);

/* Mip level `level` of a texture whose level 0 is width x height: the
 * level's surface (TILED8, packed) and its byte offset from level 0's start
 * (levels follow each other, 3dbrew GPU/Internal_Registers TEXUNITi_ADDR).
 * INVALID_ARGUMENT if the level would be smaller than 8 texels. */
glhle_result pica_mip_level(pica_texfmt fmt, uint32_t width, uint32_t height, uint32_t level, pica_surface *out,
                            size_t *offset, const glhle_logger *lg);
/* Bytes of levels 0..levels-1 together. 0 if any level is invalid. */
size_t pica_mip_chain_size(pica_texfmt fmt, uint32_t width, uint32_t height, uint32_t levels);

/* Decodes `rect` (NULL: the whole surface) of the guest surface at src
 * (src_size bytes, at least pica_surface_size) into dst: host row r of the
 * rect at dst + r*dst_stride, 4 bytes a texel (RGBA8, or the depth word).
 * Flags: PICA_CODEC_FLIP_Y, PICA_CODEC_REFERENCE. */
glhle_result pica_decode(const pica_surface *s, const void *src, size_t src_size, const pica_rect *rect,
                         uint32_t flags, void *dst, size_t dst_stride, const glhle_logger *lg);

/* The reverse: writes `rect` of the guest surface at dst from host texels at
 * src (same layout as pica_decode's output). Texels outside the rect are
 * left as they were, including the other nibble of a 4-bit pair. ETC1 and
 * ETC1A4 need a rect of whole 4x4 blocks and run pica_etc1_encode_block,
 * which is lossy; every other format quantises by truncation (5-bit
 * r = r8 >> 3), the exact inverse of the decoder's bit replication.
 * Intensity formats store (r + g + b) / 3. */
glhle_result pica_encode(const pica_surface *s, void *dst, size_t dst_size, const pica_rect *rect, uint32_t flags,
                         const void *src, size_t src_stride, const glhle_logger *lg);

#endif
