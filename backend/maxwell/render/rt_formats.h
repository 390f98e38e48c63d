/* Render-target formats of the 3D class: SET_COLOR_TARGET_FORMAT_V and
 * SET_ZT_FORMAT_V values (open-gpu-doc classes/3d/clb197.h) with the GL
 * internal format a target is kept in and the client format and type
 * whose bytes are the guest's bytes, so that reading a GL image back with
 * them gives what the GPU writes to memory.
 *
 * Names spell components from the most significant bit down (A8R8G8B8:
 * blue in the lowest byte); a name's N is signed normalised, S signed
 * integer, U unsigned integer, F float, L an sRGB-encoded component, no
 * letter unsigned normalised. The formats with X, O or Z components
 * (X8R8G8B8, O1R5G5B5, ...: the padding bits' contents on a write are not
 * documented) and R32/A8/A16-style single-purpose ones are not listed:
 * a target in one of them is refused with its value. */
#ifndef GLHLE_MAXWELL_RT_FORMATS_H
#define GLHLE_MAXWELL_RT_FORMATS_H

#include <stdbool.h>
#include <stdint.h>

typedef enum mw_rt_class {
    MW_RT_UNORM = 0,
    MW_RT_SNORM,
    MW_RT_UINT,
    MW_RT_SINT,
    MW_RT_FLOAT,
    MW_RT_SRGB,
    MW_RT_DEPTH,         /* depth only */
    MW_RT_DEPTH_STENCIL, /* depth and stencil */
} mw_rt_class;

typedef struct mw_rt_format {
    uint32_t value;        /* the method's value */
    const char *name;      /* as clb197.h spells it */
    uint32_t bytes;        /* per pixel in memory */
    uint8_t cls;           /* mw_rt_class */
    uint8_t components;    /* colour components the format stores (1-4) */
    uint32_t gl_internal;  /* GL sized internal format */
    uint32_t gl_format;    /* client format and type for upload and readback */
    uint32_t gl_type;
} mw_rt_format;

/* The colour format of a SET_COLOR_TARGET_FORMAT value; NULL for DISABLED
 * (0) and for values not listed. */
const mw_rt_format *mw_rt_color_format(uint32_t value);
/* The depth-stencil format of a SET_ZT_FORMAT value; NULL when not listed. */
const mw_rt_format *mw_rt_zeta_format(uint32_t value);

/* SET_ANTI_ALIAS SAMPLES (clb197.h): the mode's name ("2X2") and its sample
 * count (yuzu's NumSamples agrees: 2X1 2, 2X2 4, 4X2 8, 4X4 16, the D3D and
 * VC variants as their grid); NULL and 0 for values the header does not
 * list. render_targets.c draws 2X1, 2X2 and 4X2 and refuses the others by
 * this name. */
const char *mw_rt_aa_mode(uint32_t mode, uint32_t *samples);

#endif
