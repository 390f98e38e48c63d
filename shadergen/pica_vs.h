/* The pass-through vertex shader of the PICA200 draw path: the vertices are
 * already shaded on the CPU (backend/pica/shader/primitive.c), so the host vertex
 * stage only hands their semantic outputs to the generated fragment shader
 * (shadergen/pica_fs.h's interface) and maps the PICA's clip space onto GL's.
 *
 * Key: which semantic groups the shader output map fills. A group the map
 * leaves out reads 1.0 in every component (Azahar's output mapping, which
 * pica_out_vertex follows too), so the generated code writes the constant
 * instead of fetching an attribute; linking then drops the interpolant.
 *
 * Vertex input (one interleaved pica_out_vertex, 96 bytes): locations
 *   0 position  vec4  PICA clip space (x, y, z, w)
 *   1 colour    vec4  already min(|c|, 1)
 *   2 texcoord0 vec2, 3 texcoord1 vec2, 4 texcoord2 vec2
 *   5 texcoord0.w float
 *   6 normquat  vec4
 *   7 view      vec3
 * (PICA_VS_ATTRIB_*); only the locations the key uses are declared.
 *
 * Clip space. The PICA clips to -w <= z <= 0 (pica-facts.md; citro3d's
 * projections put near at z/w = -1 and far at 0), GL to -w <= z <= w, so
 * gl_Position.z = 2z + w: the two volumes are the same and the fragment
 * stage reads z/w = gl_FragCoord.z - 1 (shadergen/pica_fs.h). Like Azahar's
 * SanitizeVertex (video_core/shader/generator/glsl_shader_gen.cpp), a
 * vertex whose z/w lies within 1e-6 (above 0) or 1e-5 (below -1) outside
 * the volume is moved onto its boundary, so a float rounding of the
 * shader's last step does not clip geometry drawn exactly on a plane.
 *
 * The user clip plane (GPUREG_FRAGOP_CLIP, CLIP_DATA0-3) is
 * gl_ClipDistance[0] = dot(plane, position): the PICA keeps the side where
 * the dot product is >= 0 (Azahar writes the same distance). The plane
 * comes from the std140 block PicaVsUniforms at binding PICA_VS_UBO_BINDING.
 * The distance is written only when the key's `clip` is set (the draw path
 * enables GL_CLIP_DISTANCE0 with it): Mesa's llvmpipe clips by a written
 * distance even with GL_CLIP_DISTANCE0 disabled, and a shader without the
 * write costs the rasterizer nothing. GLSL ES needs GL_EXT_clip_cull_distance
 * for the plane; without it the line is compiled out (the host config says
 * nothing about extensions: the preprocessor decides). */
#ifndef GLHLE_SHADERGEN_PICA_VS_H
#define GLHLE_SHADERGEN_PICA_VS_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/common/bytebuf.h"
#include "shadergen/pica_fs.h"

/* pica_vs_key.outputs bits: the semantic groups the output map fills. */
enum {
    PICA_VS_OUT_COLOR = 1u << 0,       /* semantics 0x08-0x0B */
    PICA_VS_OUT_TEXCOORD0 = 1u << 1,   /* 0x0C-0x0D */
    PICA_VS_OUT_TEXCOORD1 = 1u << 2,   /* 0x0E-0x0F */
    PICA_VS_OUT_TEXCOORD2 = 1u << 3,   /* 0x16-0x17 */
    PICA_VS_OUT_TEXCOORD0_W = 1u << 4, /* 0x10 */
    PICA_VS_OUT_NORMQUAT = 1u << 5,    /* 0x04-0x07 */
    PICA_VS_OUT_VIEW = 1u << 6,        /* 0x12-0x14 */
    PICA_VS_OUT_ALL = 0x7f,
};

/* Attribute locations (pica_out_vertex's fields). */
enum {
    PICA_VS_ATTRIB_POSITION = 0,
    PICA_VS_ATTRIB_COLOR = 1,
    PICA_VS_ATTRIB_TEXCOORD0 = 2,
    PICA_VS_ATTRIB_TEXCOORD1 = 3,
    PICA_VS_ATTRIB_TEXCOORD2 = 4,
    PICA_VS_ATTRIB_TEXCOORD0_W = 5,
    PICA_VS_ATTRIB_NORMQUAT = 6,
    PICA_VS_ATTRIB_VIEW = 7,
    PICA_VS_ATTRIB_COUNT = 8,
};

/* Plain data: zeroed, filled, normalised, hashed with the fragment key. */
typedef struct pica_vs_key {
    uint8_t outputs; /* PICA_VS_OUT_* */
    uint8_t clip;    /* 1: write the user clip plane's distance (FRAGOP_CLIP bit 0) */
    uint8_t pad[2];
} pica_vs_key;
_Static_assert(sizeof(pica_vs_key) == 4, "pica_vs_key layout changed: bump PICA_VS_KEY_VERSION");
#define PICA_VS_KEY_VERSION 1u

/* std140 block PicaVsUniforms. */
#define PICA_VS_UBO_BINDING 1
typedef struct pica_vs_uniforms {
    float clip_plane[4]; /* FRAGOP_CLIP_DATA0-3 (f24) */
} pica_vs_uniforms;
_Static_assert(sizeof(pica_vs_uniforms) == 16, "std140 layout of PicaVsUniforms");

/* Clears bits and bytes that mean nothing; any byte pattern is valid. */
void pica_vs_key_normalize(pica_vs_key *key);
/* Appends the vertex shader for the (normalised) key. False only when `out`
 * hit its limit. */
bool pica_vs_generate(const pica_vs_key *key, const pica_fs_host *host, glhle_bytebuf *out);

#endif
