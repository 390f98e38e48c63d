/* CPU reference model of the PICA200 fragment pipeline: one fragment from a
 * normalised pica_fs_key, the uniform data and explicit per-fragment inputs.
 *
 * Written from the register documentation (3dbrew GPU/Internal_Registers,
 * GPU/Fragment_Lighting, GPU/Procedural_Texture_Generation) and the rules
 * the emulators settled on (cited per function in pica_ref.c), separately
 * from the GLSL generator: the differential test
 * (tests/gl/test_pica_fs_diff.c) holds the generated shaders to it.
 *
 * Arithmetic: the texture combiners, alpha test and fog blend on bytes and
 * fixed point as the hardware does; the lighting and procedural-texture
 * vector math in single-precision float (the hardware's internal formats
 * there are undocumented), with LUT entries decoded from their fixed-point
 * register form and results rounded to bytes where a byte is handed on. */
#ifndef GLHLE_SHADERGEN_PICA_REF_H
#define GLHLE_SHADERGEN_PICA_REF_H

#include <stdbool.h>
#include <stdint.h>

#include "shadergen/pica_fs_key.h"
#include "shadergen/pica_fs_uniforms.h"

typedef struct pica_ref_input {
    float color[4];          /* interpolated vertex colour, [0, 1] (rounded to bytes here) */
    uint8_t texel[3][4];     /* what texture units 0-2 returned, RGBA8 (for shadow types the
                                filtered comparison: pica_ref_shadow_2d/_cube) */
    float texcoord[3][2];    /* texture coordinates 0-2 (proctex reads the selected one) */
    float texcoord0_w;
    float proctex_duv[2];    /* proctex LOD input: max(|d/dx|, |d/dy|) of |u| and |v| on screen */
    float normquat[4];       /* interpolated quaternion, not normalised */
    float view[3];           /* interpolated view vector, not normalised */
    float z_over_w;          /* PICA window z/w, [-1, 0] inside the clip volume */
    float w;                 /* clip-space w */
    uint32_t gas_zbuf;       /* gas density pass: the depth buffer's 24-bit value at the pixel */
} pica_ref_input;

typedef struct pica_ref_output {
    uint8_t color[4];        /* after TEV, alpha test and fog (meaningless when discarded) */
    bool discarded;          /* the alpha test failed */
    float depth;             /* window depth after DEPTHMAP, clamped to [0, 1] */
    /* intermediate results, for tests and tools */
    uint8_t frag_primary[4];
    uint8_t frag_secondary[4];
    uint8_t proctex[4];
    uint8_t tev[4];          /* combiner output before the alpha test and fog */
    /* gas density pass (key->gas_render): what the fragment adds to the
     * colour buffer's R (plain density) and G (depth density) bytes, 0 when
     * the alpha test or the gas depth function dropped it */
    uint8_t gas[2];
    bool gas_write;          /* the density pass writes the pixel's word (not dropped) */
} pica_ref_output;

void pica_ref_fragment(const pica_fs_key *key, const pica_fs_uniforms *u, const pica_fs_luts *luts,
                       const pica_ref_input *in, pica_ref_output *out);

/* One combiner stage on bytes, for unit tests of the byte arithmetic:
 * `src` holds the stage's inputs indexed by PICA_FS_TEV_SRC_* (0..15). */
void pica_ref_tev_stage(const pica_fs_tev_stage *st, const uint8_t src[16][4], uint8_t out[4]);

/* The shadow texture unit (texture 0 of type shadow 2D / cube): texels are
 * depth24 << 8 | stencil8 words, row 0 at t = 0. Returns the RGBA8 texel the
 * unit hands the combiners. */
void pica_ref_shadow_2d(const uint32_t *map, int width, int height, const pica_fs_key *key,
                        const pica_fs_uniforms *u, float s, float t, float w, uint8_t out[4]);
/* faces: +X -X +Y -Y +Z -Z, each size x size. */
void pica_ref_shadow_cube(const uint32_t *const faces[6], int size, const pica_fs_uniforms *u, float s, float t,
                          float r, uint8_t out[4]);

/* The gas density pass's framebuffer update: the colour buffer's R and G
 * bytes plus the fragment's contributions, each saturating at 255 (the
 * other two bytes are left alone; docs/pica-gas.md). With the colour
 * buffer's read off (key->gas PICA_FS_GAS_NO_READ) the buffer reads as 0:
 * the word becomes the contributions alone. */
void pica_ref_gas_accumulate(const pica_fs_key *key, const pica_ref_output *frag, uint8_t rgba[4]);

/* The gas shading of the fog stage in gas mode on a combiner output `c`
 * (R plain density, G depth density): c becomes the gas colour and
 * opacity. Exposed for unit tests of the arithmetic. */
void pica_ref_gas_shade(const pica_fs_key *key, const pica_fs_uniforms *u, uint8_t c[4]);

/* Byte of a [0, 1] value: clamp, * 255, round half up. */
uint8_t pica_ref_byte(float v);

#endif
