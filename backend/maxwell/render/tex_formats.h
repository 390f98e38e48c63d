/* Texture formats: a texture header's COMPONENTS and data types (clb197tex.h)
 * as the GL format a texture is kept in. Uncompressed formats upload the
 * guest's bytes as they are with the client format and type given here
 * (names list components from the most significant bit, so A8B8G8R8 has
 * red in byte 0 and B5G6R5 red in bits 4:0); compressed ones upload the
 * blocks; S8Z24 and X8Z24 hold depth in bits 23:0 and are rotated into
 * GL's GL_UNSIGNED_INT_24_8 order. */
#ifndef GLHLE_MAXWELL_TEX_FORMATS_H
#define GLHLE_MAXWELL_TEX_FORMATS_H

#include <stdbool.h>
#include <stdint.h>

typedef enum mw_tex_need {
    MW_TEX_CORE = 0,    /* GL 4.5 core */
    MW_TEX_S3TC,        /* GL_EXT_texture_compression_s3tc */
    MW_TEX_ASTC,        /* GL_KHR_texture_compression_astc_ldr */
} mw_tex_need;

typedef struct mw_tex_format {
    uint32_t internal;   /* GL sized internal format */
    uint32_t format;     /* client format and type (uncompressed) */
    uint32_t type;
    bool compressed;
    bool rotate_24_8;    /* depth in 23:0, stencil or nothing in 31:24 */
    bool depth;          /* a depth or depth-stencil format */
    uint8_t need;        /* mw_tex_need */
} mw_tex_format;

/* The GL format for COMPONENTS `components` with data type `type` (the
 * header's R_DATA_TYPE, mw_tic_data_type) and the sRGB conversion bit;
 * false when glhle has none. */
bool mw_tex_format_of(uint32_t components, uint32_t type, bool srgb, mw_tex_format *out);

#endif
