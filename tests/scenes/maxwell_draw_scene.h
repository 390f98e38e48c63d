/* Maxwell draws the way a driver issues them (clb197.h methods), shared by
 * the draw-path test and the triangle sample scene: programs (their 0x50-byte
 * header and code) placed at the program region and selected with
 * SET_PIPELINE_SHADER/PROGRAM/BINDING, constant buffers through the
 * selector and BIND_GROUP_CONSTANT_BUFFER, an RGBA32F vertex stream per
 * attribute, one colour target with its surface clip and write mask, and
 * viewport 0 mapping NDC onto the target with y going down its rows. */
#ifndef GLHLE_TEST_MAXWELL_DRAW_SCENE_H
#define GLHLE_TEST_MAXWELL_DRAW_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#include "support/maxwell_sidecar.h"
#include "support/maxwell_support.h"

/* Where a draw's data lives in its pitch memory (offsets from its start). */
#define TMD_VS_OFF 0x0000u      /* program region + 0: vertex program */
#define TMD_FS_OFF 0x8000u      /* program region + 0x8000: pixel program */
#define TMD_GS_OFF 0x10000u     /* program region + 0x10000: geometry program */
#define TMD_TCS_OFF 0x12000u    /* program region + 0x12000: tessellation control program */
#define TMD_TES_OFF 0x14000u    /* program region + 0x14000: tessellation evaluation program */
#define TMD_VA_OFF 0x16000u     /* program region + 0x16000: vertex-A program */
#define TMD_PROGRAM_MAX 0x2000u /* the room of each of those four (and the bytes of its header and code) */
#define TMD_CBUF0 0x20000u      /* driver constants: zeros (handle 0 = header 0, sampler 0) */
#define TMD_CBUF1_VS 0x30000u
#define TMD_CBUF1_FS 0x40000u
#define TMD_CBUF1_TCS 0x42000u
#define TMD_CBUF1_TES 0x44000u
#define TMD_VERTS 0x50000u      /* attribute i's stream at + i * 0x1000 */
#define TMD_TIC 0x60000u
#define TMD_TSC 0x61000u
#define TMD_CBUF_SIZE 0x1000u
#define TMD_DATA_SIZE 0x70000u

/* Copies the programs and their compiler constants into `data` (the pitch
 * memory at data_va) and appends the methods that select them. */
void tmd_programs(tm_pb *pb, uint8_t *data, uint64_t data_va, const tmc_shader *vs, const tmc_shader *fs);
/* A geometry program at TMD_GS_OFF of the program region tmd_programs set
 * (SET_PIPELINE_SHADER(4): GEOMETRY, enabled; bind group 3, its c0 the
 * driver constants). */
void tmd_geometry_program(tm_pb *pb, uint8_t *data, uint64_t data_va, const tmc_shader *gs);
/* Tessellation control and evaluation programs at TMD_TCS_OFF and
 * TMD_TES_OFF (SET_PIPELINE_SHADER(2) TESSELLATION_INIT, bind group 1, and
 * (3) TESSELLATION, group 2; c0 the driver constants, c1 each one's
 * compiler constants), SET_TESSELLATION_PARAMETERS from the evaluation
 * program's header (the .dksh union's word, which deko3d writes to method
 * 0x0c8 when it binds the stage: source/cmd_bind_common.cpp) and SET_PATCH
 * (0x0dcc, deko3d's dkCmdBufSetPatchSize) to `patch_size`. */
void tmd_tess_programs(tm_pb *pb, uint8_t *data, uint64_t data_va, const tmc_shader *tcs, const tmc_shader *tes,
                       uint32_t patch_size);
/* Constant buffer `slot` of bind group `group`: TMD_CBUF_SIZE bytes at va. */
void tmd_constant_buffer(tm_pb *pb, uint32_t group, uint32_t slot, uint64_t va);
/* Colour target 0 (format a SET_COLOR_TARGET_FORMAT value, block height
 * 2 GOBs) of w x h at va, all channels written, and viewport 0 over it. */
void tmd_target(tm_pb *pb, uint64_t va, uint32_t w, uint32_t h, uint32_t format);
/* Attribute `loc` from stream `stream`: RGBA32F, stride 16, the vertices
 * given (count x 4 floats) written at TMD_VERTS + stream * 0x1000. */
void tmd_attribute(tm_pb *pb, uint8_t *data, uint64_t data_va, uint32_t loc, uint32_t stream, const float *v,
                   uint32_t count);
/* A zeta target of w x h (SET_ZT_FORMAT `format`, block height 2 GOBs) at va. */
void tmd_zeta(tm_pb *pb, uint64_t va, uint32_t w, uint32_t h, uint32_t format);
/* A GL instance at `scale` with `mem` zeroed bytes of block-linear memory
 * (GENERIC_16BX2) at rt_va and of pitch memory at data_va (malloc'd into
 * *rt and *data). */
glhle_maxwell *tmd_instance(glhle_context *ctx, uint32_t scale, uint64_t rt_va, uint64_t data_va, size_t mem,
                            uint8_t **rt, uint8_t **data);
/* The pushbuffer copied into `data` at pb_off (data_va + pb_off on the GPU)
 * and submitted as one GPFIFO entry; it must make `draws` draws. Then the
 * w x h A8B8G8R8 block-linear (2 GOBs) surface at rt_va is presented. */
void tmd_submit_and_present(glhle_maxwell *gpu, const tm_pb *pb, uint8_t *data, uint64_t data_va, uint32_t pb_off,
                            uint32_t draws, uint64_t rt_va, uint32_t w, uint32_t h);

/* A 32x32 corpus-program bench shared by the draw-state and query tests:
 * an instance at `scale` with block-linear memory at TMD_RECTS_RT_VA
 * (colour target A8B8G8R8, a zeta target may go at + 1 MiB) and pitch
 * memory at TMD_RECTS_DATA_VA, programs vs + fs, attribute 0 (position)
 * from stream 0 and 1 (colour) from stream 1, and the target cleared to
 * `clear` by the first submission. */
#define TMD_RECTS_W 32u
#define TMD_RECTS_H 32u
#define TMD_RECTS_RT_VA 0x0500000000ull
#define TMD_RECTS_DATA_VA 0x0600000000ull
#define TMD_RECTS_MEM (4u << 20)
typedef struct tmd_rects {
    glhle_context *ctx;
    glhle_maxwell *gpu;
    uint8_t *rt, *data;
    tm_pb pb;
    tmc_shader vs, fs;
    uint32_t verts; /* vertices written so far (stream 0 positions, stream 1 colours) */
} tmd_rects;
/* False (the test skips) without the shader corpus. */
bool tmd_rects_open(tmd_rects *e, glhle_context *ctx, uint32_t scale, const char *vs, const char *fs,
                    const float clear[4]);
/* One 3D method at its byte offset. */
void tmd_set(tmd_rects *e, uint32_t byte_offset, uint32_t v);
/* Vertex e->verts: position (x, y, z, 1) and colour rgba. */
void tmd_vertex(tmd_rects *e, float x, float y, float z, const float rgba[4]);
/* Two triangles over pixels [x0, x1) x [y0, y1) (guest row 0 at NDC y -1),
 * counter-clockwise in NDC or clockwise; returns the first vertex's index. */
uint32_t tmd_rect(tmd_rects *e, float x0, float y0, float x1, float y1, float z, const float rgba[4], bool cw);
/* Submits the methods so far (they must make `draws` draws), starts a new
 * pushbuffer and flushes everything to guest memory. */
void tmd_submit(tmd_rects *e, uint32_t draws);
void tmd_rects_close(tmd_rects *e);

/* A geometry program in *gs (tmc_free it): each triangle passed through
 * (position a[0x70], generic 0 a[0x80], from vertices 0-2) with the layer
 * a[0x64] = `layer` on every vertex, SASS built from the encodings envydis
 * prints for the corpus' point_quad_gsh (whose SPH it takes: a triangle
 * strip of 3 out, generic 0 in and out whole, RT_ARRAY_INDEX in the
 * output map). False without the corpus. */
bool tmd_layer_gs(tmc_shader *gs, uint32_t layer);
/* A geometry program in *gs (tmc_free it) of two streams, from the
 * encodings above and point_quad_gsh's SPH (made POINTLIST, 6 vertices
 * out): for each vertex v of the triangle in, a point on stream 0 with
 * its position (x, y, z, w) and generic 0 (r, g, b, a), then a point on
 * stream `stream` (OUT.EMIT's immediate) with position (y, x, z, w) and
 * generic 0 (a, b, g, r). False without the corpus. */
bool tmd_streams_gs(tmc_shader *gs, uint32_t stream);
/* The same with the viewport index a[0x68] = `index` (VIEWPORT_INDEX in
 * the output map) instead of the layer. */
bool tmd_viewport_gs(tmc_shader *gs, uint32_t index);
/* A vertex-A program in *a (tmc_free it), SASS built here: generic 0 =
 * (0.5 x + 0.25, y - 0.125, z, w) of attribute 0 (x, y, z, w) and generic
 * 1 = (1 - r, g / 2, b + 0.25, 0) of attribute 1 (r, g, b, a), with
 * passthrough_vsh's SPH whose output map (OmapGenericVector) is generic 0
 * xyzw and generic 1 xyz: the 0 it stores in generic 1's w is not handed
 * on. Before passthrough_vsh as vertex B (which writes the position from
 * its a[0x80] and generic 0 from its a[0x90]) it draws attribute 0's
 * vertices moved and attribute 1's colour changed so, the alpha
 * attribute 1's. False without the corpus. */
bool tmd_vertex_a_scale(tmc_shader *a);
/* `a` at TMD_VA_OFF of the program region tmd_programs set, selected as
 * SET_PIPELINE_SHADER(0) (vertex A, enabled; bind group 0). */
void tmd_vertex_a_program(tm_pb *pb, uint8_t *data, const tmc_shader *a);
/* A vertex program in *vs (tmc_free it): passthrough_vsh's (position from
 * attribute 0, generic 0 from attribute 1) that also writes the layer
 * a[0x64] = `layer` (RT_ARRAY_INDEX in its SPH's output map), or the
 * viewport index a[0x68] = `index` (VIEWPORT_INDEX). False without the
 * corpus. */
bool tmd_layer_vs(tmc_shader *vs, uint32_t layer);
bool tmd_viewport_vs(tmc_shader *vs, uint32_t index);
/* The corpus' quad_tesh (a quads-domain evaluation program: the bilinear
 * position of a 4-vertex patch, generic 0 its colours' times the control
 * program's per-patch tint) with a[0x64] = `layer` stored before its EXIT
 * (RT_ARRAY_INDEX in its output map). False without the corpus or when
 * its code is not the one this patches. */
bool tmd_layer_tes(tmc_shader *tes, uint32_t layer);

#endif
