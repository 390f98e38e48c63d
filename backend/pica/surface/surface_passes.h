/* The surface cache's shader passes: exact integer arithmetic on RGBA8
 * texels in GLSL, so that the GPU paths produce the bytes the CPU reference
 * does.
 *  - transfer: the display-transfer engine (display.h) from a source
 *    surface texture into a destination surface FBO: box filter with
 *    truncating division, output format quantisation, vertical flip;
 *  - reinterpret: texels of one format read as another of the same bits
 *    per texel (the raw little-endian texel bits carry over); with equal
 *    formats it quantises texels to what the format holds (canonical
 *    texels, as a decode produces them);
 *  - downscale: a box average (rounded) of each scale x scale block, for
 *    write-backs of scaled surfaces.
 * Every rectangle is in guest texels with the top-left guest convention;
 * the passes convert to the flipped GL rows (surface_cache.h) and map each
 * GL pixel to the same sub-texel position at any pair of scales. */
#ifndef GLHLE_PICA_SURFACE_PASSES_H
#define GLHLE_PICA_SURFACE_PASSES_H

#include "backend/gl/gl_context.h"
#include "backend/gl/gl_state.h"
#include "backend/pica/texture/texcodec.h"

typedef struct pica_passes pica_passes;

#define PICA_PASS_MAX_SCALE 10

glhle_result pica_passes_create(glhle_context *ctx, gl_state *st, pica_passes **out);
void pica_passes_destroy(pica_passes *ps);

/* A surface texture as a pass reads or writes it. */
typedef struct pica_pass_image {
    GLuint tex;            /* for reading */
    GLuint fbo;            /* for writing (colour attachment 0) */
    uint32_t height;       /* guest rows of the whole texture (for the GL row flip) */
    uint32_t scale;
} pica_pass_image;

typedef struct pica_pass_transfer {
    uint32_t src_x, src_y;      /* the region's origin in the source, guest texels */
    uint32_t dst_width, dst_height;
    uint8_t sx, sy;             /* downscale shifts */
    bool flip;
    pica_texfmt in_format;      /* RGBA8..RGBA4 */
    pica_texfmt out_format;
} pica_pass_transfer;

/* Writes the whole destination (dst_width x dst_height at dst->scale). */
glhle_result pica_pass_run_transfer(pica_passes *ps, const pica_pass_image *src, const pica_pass_image *dst,
                                    const pica_pass_transfer *t);

typedef struct pica_pass_reinterpret {
    pica_texfmt src_format;     /* colour formats; depth formats read a staged raw texture (below) */
    pica_texfmt dst_format;     /* RGBA8, RGB8, RGB5A1, RGB565, RGBA4, IA8, HILO8 */
    uint32_t src_x, src_y;      /* source rectangle origin, guest texels */
    uint32_t dst_x, dst_y, width, height; /* destination rectangle, guest texels */
} pica_pass_reinterpret;

/* For a depth source, src->tex must be the staged raw texture of
 * pica_passes_stage_depth (its origin at the source rectangle's origin:
 * pass src_x = src_y = 0 and src->height = the rectangle's height). */
glhle_result pica_pass_run_reinterpret(pica_passes *ps, const pica_pass_image *src, const pica_pass_image *dst,
                                       const pica_pass_reinterpret *r);

/* The raw bits of a rectangle of a depth-stencil texture as an RGBA8
 * texture without leaving the GPU: glGetTextureSubImage into a pixel buffer
 * (GL_UNSIGNED_INT_24_8 words, depth24 << 8 | stencil) and back into an
 * RGBA8 texture as GL_UNSIGNED_INT_8_8_8_8, so texel = (depth bits 16-23,
 * 8-15, 0-7, stencil). x, y, w, h are GL pixels of `depth_tex`. Returns the
 * staging texture (owned by the passes, valid until the next call). */
glhle_result pica_passes_stage_depth(pica_passes *ps, GLuint depth_tex, GLint x, GLint y, GLsizei w, GLsizei h,
                                     GLuint *out_tex);

/* Box-averages the guest rectangle (x, y, w, h) of `src` (at src->scale)
 * into GL pixels (0, 0)-(w, h) of `dst_fbo` (native size, GL rows of the
 * rectangle bottom-up, as a readback wants them). `one_sample`: take the
 * sample at (scale / 2, scale / 2) of each block instead (GL rows, the one
 * the depth resampling takes), for texels that are words, not colours. */
glhle_result pica_pass_run_downscale(pica_passes *ps, const pica_pass_image *src, uint32_t x, uint32_t y, uint32_t w,
                                     uint32_t h, bool one_sample, GLuint dst_fbo);

#endif
