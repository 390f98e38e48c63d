/* The PICA200 fragment-shader generator: a normalised pica_fs_key plus a
 * host config in, GLSL 4.50 core or GLSL ES 3.20 text out. It reads nothing
 * but its arguments (no registers, globals or GL), so a key can be printed,
 * stored and compiled anywhere.
 *
 * The generated interface (what the vertex stage and the draw code provide)
 * -------------------------------------------------------------------------
 * Inputs from the vertex stage, always declared, default (perspective-
 * correct) interpolation, matched by name:
 *     in vec4  pica_color;       primary colour, already min(|c|, 1) per the
 *                                PICA's output clamp (pica-facts.md)
 *     in vec2  pica_texcoord0, pica_texcoord1, pica_texcoord2;
 *     in float pica_texcoord0_w; cube-map/projection/shadow third coordinate
 *     in vec4  pica_normquat;    normal/tangent quaternion (unnormalised)
 *     in vec3  pica_view;        view vector (fragment to eye, unnormalised)
 * Position and depth: the vertex stage writes gl_Position = (x, y, 2z + w, w)
 * from the PICA clip position (x, y, z, w), which maps the PICA's clip range
 * -w <= z <= 0 onto GL's -w..w, and the depth range stays the default [0, 1].
 * The fragment stage then reads z/w = gl_FragCoord.z - 1 and
 * w = 1 / gl_FragCoord.w, applies DEPTHMAP and writes gl_FragDepth.
 * Output: layout(location = 0) out vec4 pica_frag_color, every channel an
 * exact n/255, so an RGBA8 target stores the PICA's 8-bit result (inout
 * when the key blends in the shader, or the ES host applies its logic op,
 * with framebuffer fetch; otherwise such keys read sampler2D pica_dest at
 * unit PICA_FS_DEST_BINDING). Keys with
 * shadow_render update layout(binding = 0, r32ui) uimage2D pica_shadow_map,
 * the colour target's words, instead (the draw masks the colour output).
 * Uniforms: the std140 block PicaFsUniforms at binding PICA_FS_UBO_BINDING
 * and the R32UI texture buffer pica_luts at texture unit PICA_FS_LUT_BINDING,
 * both laid out as in pica_fs_uniforms.h.
 * Samplers (declared only when the key samples the unit), at texture units
 * 0, 1, 2:
 *     pica_tex0: sampler2D (2D, projection), samplerCube (cube; coordinate
 *                (s, t, texcoord0.w)), usampler2D (shadow 2D) or
 *                usampler2DArray with 6 layers +X -X +Y -Y +Z -Z (shadow
 *                cube). Shadow texels are R32UI: depth24 << 8 | stencil8
 *                (the PICA shadow-map word; Azahar keeps the same encoding).
 *     pica_tex1, pica_tex2: sampler2D.
 *   Texture coordinate t = 0 is the bottom row (GL's convention and the
 *   PICA's). Filtering, wrapping and border colours are sampler state; the
 *   generated code adds the unit's LOD bias from the uniform block.
 *
 * The pipeline the text implements, stage by stage, is described in
 * docs/architecture.md ("PICA fragment pipeline"); shadergen/pica_ref.c is
 * the independent CPU model the tests hold it to. */
#ifndef GLHLE_SHADERGEN_PICA_FS_H
#define GLHLE_SHADERGEN_PICA_FS_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/common/bytebuf.h"
#include "shadergen/pica_fs_key.h"
#include "shadergen/pica_fs_uniforms.h"

/* Host capabilities: not part of the guest key. */
typedef struct pica_fs_host {
    /* 0: "#version 450 core"; 1: "#version 320 es", and the key's logic
     * op (pica_fs_key.logic_op) is applied in the shader, ES having no
     * glLogicOp: on the destination read as for blending below */
    uint8_t gles;
    /* 1: keys that blend in the shader read the destination through
     * GL_EXT_shader_framebuffer_fetch; 0: through pica_dest
     * (PICA_FS_DEST_BINDING), which the caller binds to the colour
     * attachment after a texture barrier. */
    uint8_t framebuffer_fetch;
} pica_fs_host;

/* Appends the fragment shader for `key` (which must be normalised:
 * pica_fs_key_normalize) to `out`. False only when `out` hit its limit. */
bool pica_fs_generate(const pica_fs_key *key, const pica_fs_host *host, glhle_bytebuf *out);

/* A pass-through vertex shader for this interface, for tests, benchmarks
 * and tools that draw with generated fragment shaders: attributes at
 * locations 0-7 are position (vec4: x, y, z, w in PICA clip space), colour,
 * texcoord0, texcoord1, texcoord2, texcoord0.w, normquat and view. */
bool pica_fs_generate_passthrough_vs(const pica_fs_host *host, glhle_bytebuf *out);

#endif
