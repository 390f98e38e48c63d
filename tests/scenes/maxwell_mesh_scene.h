/* The Maxwell "indexed, lit mesh in sRGB" sample scene (issue 16, sample
 * scenes): a 7x7-vertex grid whose 49 vertices are shared by its 72
 * triangles through an index buffer in GPU memory, drawn twice (instances
 * 0 and 1, side by side) by the corpus' attribs_vsh, which lights the
 * vertex colour by its normal (inColor.rgb * abs(normalize(inNormal)) plus
 * terms from an ivec4 and a uvec2 attribute; alpha from gl_VertexID), and
 * color_fsh, into a 160x120 A8B8G8R8_SRGB (0xD6) target with
 * SET_SRGB_WRITE on (what GL's GL_FRAMEBUFFER_SRGB asks of a driver): the
 * linear shader output is encoded to sRGB as it is written, per the
 * target's format, and the clear colour too. One interleaved vertex stream of 32 bytes: position RG32F,
 * normal RGB32F, colour RGBA8 UNORM, indices RGBA8 SINT, flags RG16 UINT.
 * Draws go through an uploaded macro (SET_INDEX_BUFFER_F first, BEGIN,
 * DRAW_INDEX_BUFFER count, END; called once per instance, BEGIN's instance
 * FIRST then SUBSEQUENT), as maxwell_scene.c's array draws do. Two frames, the mesh rewritten by the
 * core between them:
 *   frame 0: 16-bit indices, one triangle strip per row of quads, the rows
 *     separated by primitive restart (0xFFFF);
 *   frame 1: 32-bit indices, a triangle list (each quad split along its
 *     other diagonal) from index 3 of the buffer, restart off.
 * The presented surface is the target (format 0xD6: its bytes are shown as
 * stored). tm_mesh_model gives the expected picture from the grid itself
 * (not from the index buffers), the shader's formula in double precision,
 * barycentric interpolation and the IEC 61966-2-1 encode written there. */
#ifndef GLHLE_TEST_MAXWELL_MESH_SCENE_H
#define GLHLE_TEST_MAXWELL_MESH_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#include "glhle/maxwell.h"

#define TM_MESH_FRAMES 2u
#define TM_MESH_W 160u
#define TM_MESH_H 120u
#define TM_MESH_RT_VA 0x0500000000ull   /* 1 MiB block-linear: the target */
#define TM_MESH_DATA_VA 0x0600000000ull /* 1 MiB pitch: programs, vertices, indices, pushbuffer */
#define TM_MESH_MEM (1u << 20)

typedef void (*tm_mesh_frame_fn)(void *user, glhle_maxwell *gpu, uint32_t frame);

bool tm_mesh_available(void);
/* Maps rt and data (TM_MESH_MEM each) and runs the frames, presenting each. */
void tm_mesh_run(glhle_maxwell *gpu, uint8_t *rt, uint8_t *data, tm_mesh_frame_fn on_frame, void *user);
/* Frame f's expected RGBA8 picture at `scale` (rows as presented: target
 * row 0 first), and a mask of the pixels within a target pixel of a mesh's
 * outline (coverage there is the rasteriser's choice, not checked); inside
 * a mesh the colour is continuous across its shared edges, so no interior
 * edge is skipped. *lit counts the pixels a mesh covers. */
void tm_mesh_model(uint32_t f, uint32_t scale, uint8_t *rgba, uint8_t *edge, uint32_t *lit);
/* IEC 61966-2-1's encode of a linear value in [0, 1], as an 8-bit code. */
uint8_t tm_mesh_srgb8(double linear);

#endif
