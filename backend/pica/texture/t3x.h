/* tex3ds texture files (.t3x), as devkitPro's tex3ds writes them and
 * citro3d's Tex3DS_TextureImport reads them:
 *
 *   0  u16  number of sub-images
 *   2  u8   bits 0-2 log2(width) - 3, bits 3-5 log2(height) - 3,
 *           bit 6 cube map (six faces)
 *   3  u8   format (GPUREG_TEXUNITi_TYPE value)
 *   4  u8   mipmap levels after level 0
 *   5  sub-images, 12 bytes each: u16 width, height, left, top, right,
 *      bottom; the last four are texture coordinates times 1024 (t = 1 is
 *      the top row). top < bottom marks an atlas entry stored turned 90
 *      degrees counter-clockwise (tex3ds atlas.cpp).
 *   then one compressed stream (backend/common/lz.h) holding every face's
 *   full mip chain, faces in the order +X -X +Y -Y +Z -Z.
 *
 * All multi-byte fields are little-endian. */
#ifndef GLHLE_PICA_T3X_H
#define GLHLE_PICA_T3X_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/image.h"
#include "backend/common/log.h"
#include "backend/pica/texture/texcodec.h"

#define PICA_T3X_HEADER_SIZE 5
#define PICA_T3X_SUBIMAGE_SIZE 12

typedef struct pica_t3x_subimage {
    uint16_t width, height;             /* the sub-image's own size, as stored */
    uint16_t left, top, right, bottom; /* texture coordinates * 1024 */
} pica_t3x_subimage;

typedef struct pica_t3x {
    pica_texfmt format;
    uint32_t width, height; /* level 0 */
    uint32_t levels;        /* 1 + mipmap levels */
    uint32_t faces;         /* 1, or 6 for a cube map */
    uint8_t compression;    /* glhle_lz_type of the payload */
    uint32_t subimage_count;
    pica_t3x_subimage *subimages;
    uint8_t *data;    /* faces * face_size bytes, decompressed guest texture data */
    size_t face_size; /* one face's mip chain */
} pica_t3x;

/* Parses and decompresses a whole file. On failure *out is zeroed and owns
 * nothing; errors name the byte offset. */
glhle_result pica_t3x_parse(const void *file, size_t size, pica_t3x *out, const glhle_logger *lg);
void pica_t3x_free(pica_t3x *t);

/* Where sub-image `index` sits in level `level`: texels of the level
 * (y = 0 the top row) and whether it is stored turned. BAD_DATA if its
 * coordinates leave the texture or enclose nothing, NOT_FOUND past the count. */
glhle_result pica_t3x_subimage_rect(const pica_t3x *t, uint32_t index, uint32_t level, pica_rect *rect,
                                    bool *rotated, const glhle_logger *lg);

/* Level `level` of face `face`, decoded upright into a new image. */
glhle_result pica_t3x_decode_level(const pica_t3x *t, uint32_t face, uint32_t level, glhle_image *out,
                                   const glhle_logger *lg);
/* Sub-image `index` of level `level` (face 0), cut out and turned back
 * upright if the atlas stored it turned. */
glhle_result pica_t3x_decode_subimage(const pica_t3x *t, uint32_t index, uint32_t level, glhle_image *out,
                                      const glhle_logger *lg);

#endif
