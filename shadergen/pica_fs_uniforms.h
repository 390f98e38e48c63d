/* The data side of the PICA fragment pipeline, shared by the generator
 * (which declares it in GLSL), the CPU model (which reads it directly) and
 * the upload code (which copies it into GL buffers when dirty):
 *
 *  - pica_fs_uniforms: one std140 uniform block (binding
 *    PICA_FS_UBO_BINDING, block name PicaFsUniforms). Every member is a
 *    16-byte vec4/ivec4 or an array or struct of them, so the C layout below
 *    is the std140 layout byte for byte (checked by the asserts).
 *  - pica_fs_luts: one texture buffer of R32UI texels (binding
 *    PICA_FS_LUT_BINDING, usamplerBuffer pica_luts) holding every lookup
 *    table as the raw register words the guest wrote, at the fixed offsets
 *    below. Decoding happens where the value is used (shader or model), so an
 *    upload is a plain copy of the dirty table.
 *
 * Values are stored decoded where the arithmetic wants floats (light vectors
 * from f16, attenuation from f20, DEPTHMAP from f24) and as 0..255 integers
 * where the hardware works on bytes (TEV constants, the fog colour, the
 * alpha reference). backend/pica/fragment/fs_key.c fills both from decoded state. */
#ifndef GLHLE_SHADERGEN_PICA_FS_UNIFORMS_H
#define GLHLE_SHADERGEN_PICA_FS_UNIFORMS_H

#include <stddef.h>
#include <stdint.h>

#include "backend/common/float_formats.h"

/* ---- LUT texture buffer: offsets in 32-bit entries ---- */

/* Lighting: 24 tables of 256 entries, table n (GPUREG_LIGHTING_LUT_INDEX
 * numbering: D0 0, D1 1, FR 3, RB 4, RG 5, RR 6, SP i 8 + i, DA i 16 + i) at
 * n * 256. Entry: bits 0-11 value (unsigned, /4095), bits 12-22 |delta|
 * (/2047), bit 23 delta sign (3dbrew GPU/Internal_Registers,
 * GPUREG_LIGHTING_LUT_DATAi; Azahar pica_core.h Lighting::LutEntry). */
#define PICA_FS_LUT_LIGHTING 0
#define PICA_FS_LUT_LIGHTING_TABLES 24
/* Fog: 128 entries, bits 0-12 delta (signed, /2047), bits 13-23 value
 * (/2047) (GPUREG_FOG_LUT_DATAi). */
#define PICA_FS_LUT_FOG 6144
/* Proctex noise, RGB-map and alpha-map tables: 128 entries each, bits 0-11
 * value (/4095), bits 12-23 delta (signed 12-bit, /4095; Azahar
 * ProcTex::ValueEntry). */
#define PICA_FS_LUT_PROCTEX_NOISE 6272
#define PICA_FS_LUT_PROCTEX_RGB_MAP 6400
#define PICA_FS_LUT_PROCTEX_ALPHA_MAP 6528
/* Proctex colour table: 256 RGBA8 entries (R in bits 0-7). */
#define PICA_FS_LUT_PROCTEX_COLOR 6656
/* Proctex colour differences: 256 entries of four signed bytes, each half of
 * the difference to the next colour (Azahar ProcTex::ColorDifferenceEntry
 * doubles them; 3dbrew calls the field fixed1.0.7). */
#define PICA_FS_LUT_PROCTEX_DIFF 6912
#define PICA_FS_LUT_ENTRIES 7168

typedef struct pica_fs_luts {
    uint32_t e[PICA_FS_LUT_ENTRIES];
} pica_fs_luts;

/* One LUT entry as fractions: the value, and the difference to the next
 * entry per unit of the fractional index (value + delta * frac
 * interpolates). The one CPU decoding of the formats above, for the model
 * (pica_ref.c) and the dump tool; the generated GLSL decodes the same bits
 * itself. */
typedef struct pica_fs_lut_entry {
    float value;
    float delta;
} pica_fs_lut_entry;

/* Lighting: value bits 0-11 / 4095, |delta| bits 12-22 / 2047, sign bit 23
 * (3dbrew: fixed0.0.12 value, fixed1.0.11 difference; Azahar's LutEntry
 * divides by 4095 and 2047, as pica-facts.md notes). */
static inline pica_fs_lut_entry pica_fs_lighting_lut_entry(uint32_t e)
{
    float d = (float)((e >> 12) & 0x7FF) / 2047.0f;
    pica_fs_lut_entry r = {(float)(e & 0xFFF) / 4095.0f, (e & 0x800000) ? -d : d};
    return r;
}

/* Fog: value bits 13-23 / 2047, delta bits 0-12 signed / 2047 (3dbrew
 * fixed0.0.11 value, fixed1.1.11 difference; Azahar Fog::LutEntry). */
static inline pica_fs_lut_entry pica_fs_fog_lut_entry(uint32_t e)
{
    pica_fs_lut_entry r = {(float)((e >> 13) & 0x7FF) / 2047.0f, (float)glhle_sign_extend(e, 13) / 2047.0f};
    return r;
}

/* Proctex noise / RGB map / alpha map: value bits 0-11 / 4095, delta bits
 * 12-23 two's complement / 4095 (3dbrew's later page; Azahar
 * ProcTex::ValueEntry). */
static inline pica_fs_lut_entry pica_fs_proctex_lut_entry(uint32_t e)
{
    pica_fs_lut_entry r = {(float)(e & 0xFFF) / 4095.0f, (float)glhle_sign_extend(e >> 12, 12) / 4095.0f};
    return r;
}

/* ---- uniform block ---- */

typedef struct pica_fs_light_uniforms {
    float specular0[4]; /* rgb, 8-bit register value / 255 (w unused) */
    float specular1[4];
    float diffuse[4];
    float ambient[4];
    float position[4];  /* xyz from f16: position (positional) or direction */
    float spot_dir[4];  /* xyz: GPUREG_LIGHTi_SPOTDIR as stored (the negated direction), s1.1.11 / 2048 */
    float atten[4];     /* x distance-attenuation bias, y scale (f20) */
} pica_fs_light_uniforms;
_Static_assert(sizeof(pica_fs_light_uniforms) == 112, "std140 light struct is 7 vec4");

typedef struct pica_fs_uniforms {
    int32_t tev_const[6][4];      /* GPUREG_TEXENVi_COLOR, 0..255 */
    int32_t tev_buffer_init[4];   /* GPUREG_TEXENV_BUFFER_COLOR, 0..255 */
    int32_t fog_color[4];         /* rgb GPUREG_FOG_COLOR, w alpha-test reference (0..255) */
    float depth_map[4];           /* x DEPTHMAP_SCALE, y DEPTHMAP_OFFSET (f24) */
    float tex_lod_bias[4];        /* xyz texture units 0-2 (GPUREG_TEXUNITi_LOD, s4.8 / 256) */
    int32_t shadow_bias[4];       /* x: GPUREG_TEXUNIT0_SHADOW z bias in 24-bit depth units */
    float light_ambient[4];       /* GPUREG_LIGHTING_AMBIENT rgb / 255 */
    pica_fs_light_uniforms light[8]; /* indexed by light id, not slot */
    float proctex_noise[4];       /* x,y amplitude u,v (fixed1.3.12, / 4096); z,w frequency u,v (f16) */
    float proctex_phase_bias[4];  /* x,y phase u,v (f16); z LOD bias (f16) */
    int32_t proctex_lut[4];       /* x width, y LOD min, z LOD max */
    int32_t proctex_offset[4];    /* colour-table offsets of LOD levels 0-3 */
    int32_t blend_color[4];       /* GPUREG_BLEND_COLOR, 0..255 (for blending in the shader) */
    float shadow_render[4];       /* x, y: GPUREG_FRAGOP_SHADOW constant and linear (f16), shadow-map rendering */
    /* gas rendering (docs/pica-gas.md): bytes of GAS_LIGHT_XY (x min, y max,
     * z attenuation) and w GAS_LIGHT_Z_COLOR bits 0-7 (the light direction's
     * share); GAS_LIGHT_Z likewise (w unused); x GAS_ACCMAX, y
     * GAS_ATTENUATION as unsigned fixed 8.16 (pica_fs_gas_fixed), z
     * GAS_DELTAZ_DEPTH bits 0-23 (fixed 16.8 as written); the gas LUT:
     * x colour (GAS_LUT entry 8 + i), y difference (entry i) */
    int32_t gas_light_xy[4];
    int32_t gas_light_z[4];
    int32_t gas_params[4];
    int32_t gas_lut[8][4];
} pica_fs_uniforms;

_Static_assert(offsetof(pica_fs_uniforms, tev_buffer_init) == 96, "std140 layout");
_Static_assert(offsetof(pica_fs_uniforms, light) == 192, "std140 layout");
_Static_assert(offsetof(pica_fs_uniforms, proctex_noise) == 1088, "std140 layout");
_Static_assert(offsetof(pica_fs_uniforms, blend_color) == 1152, "std140 layout");
_Static_assert(offsetof(pica_fs_uniforms, gas_light_xy) == 1184, "std140 layout");
_Static_assert(sizeof(pica_fs_uniforms) == 1360, "std140 layout changed: update pica_fs.c's block text");

/* A non-negative GAS_ACCMAX / GAS_ATTENUATION value (decoded f16) as the
 * unsigned fixed 8.16 number the gas arithmetic multiplies bytes by:
 * clamped to [0, 256] (a byte times 256 already saturates), rounded to
 * 2^-16 (docs/pica-gas.md: the hardware's width is not documented). */
static inline int32_t pica_fs_gas_fixed(float v)
{
    if (!(v > 0.0f))
        return 0;
    if (v > 256.0f)
        v = 256.0f;
    return (int32_t)(v * 65536.0f + 0.5f);
}

/* Parts of the data that change independently, for uploads of what is
 * dirty: lighting LUT n (GPUREG_LIGHTING_LUT_INDEX numbering) is bit n; the
 * other tables and the uniform block follow. */
#define PICA_FS_DIRTY_LIGHTING_LUT(n) (1ull << (n))
#define PICA_FS_DIRTY_LIGHTING_LUTS 0xFFFFFFull
#define PICA_FS_DIRTY_FOG_LUT (1ull << 24)
#define PICA_FS_DIRTY_PROCTEX_NOISE (1ull << 25)
#define PICA_FS_DIRTY_PROCTEX_RGB_MAP (1ull << 26)
#define PICA_FS_DIRTY_PROCTEX_ALPHA_MAP (1ull << 27)
#define PICA_FS_DIRTY_PROCTEX_COLOR (1ull << 28)
#define PICA_FS_DIRTY_PROCTEX_DIFF (1ull << 29)
#define PICA_FS_DIRTY_UNIFORMS (1ull << 30)
#define PICA_FS_DIRTY_ALL ((1ull << 31) - 1)

/* GL binding points the generated code declares. */
#define PICA_FS_UBO_BINDING 0
#define PICA_FS_LUT_BINDING 3 /* texture unit of the LUT buffer */
/* Texture unit of the colour attachment (sampler2D pica_dest), read with
 * texelFetch at gl_FragCoord by shaders that blend themselves when the host
 * has no framebuffer fetch (pica_fs_host.framebuffer_fetch 0). */
#define PICA_FS_DEST_BINDING 4
/* Texture unit of the depth buffer (sampler2D pica_gas_depth), read with
 * texelFetch at gl_FragCoord by the gas density pass (pica_fs_key.gas_render);
 * after the wrap-variant units 5-13. */
#define PICA_FS_GAS_DEPTH_BINDING 14
/* Texture units 0-2 use texture image units 0-2. */

#endif
