/* Maxwell draws the way a driver issues them (clb197.h methods), shared by
 * the draw-path test and the triangle sample scene: programs (their 0x50-byte
 * header and code) placed at the program region and selected with
 * SET_PIPELINE_SHADER/PROGRAM/BINDING, constant buffers through the
 * selector and BIND_GROUP_CONSTANT_BUFFER, an RGBA32F vertex stream per
 * attribute, one colour target with its surface clip and write mask, and
 * viewport 0 mapping NDC onto the target with y going down its rows. */
#ifndef GLHLE_TEST_MAXWELL_DRAW_SCENE_H
#define GLHLE_TEST_MAXWELL_DRAW_SCENE_H

#include <stdint.h>

#include "support/maxwell_sidecar.h"
#include "support/maxwell_support.h"

/* Where a draw's data lives in its pitch memory (offsets from its start). */
#define TMD_VS_OFF 0x0000u      /* program region + 0: vertex program */
#define TMD_FS_OFF 0x8000u      /* program region + 0x8000: pixel program */
#define TMD_CBUF0 0x20000u      /* driver constants: zeros (handle 0 = header 0, sampler 0) */
#define TMD_CBUF1_VS 0x30000u
#define TMD_CBUF1_FS 0x40000u
#define TMD_VERTS 0x50000u      /* attribute i's stream at + i * 0x1000 */
#define TMD_TIC 0x60000u
#define TMD_TSC 0x61000u
#define TMD_CBUF_SIZE 0x1000u
#define TMD_DATA_SIZE 0x70000u

/* Copies the programs and their compiler constants into `data` (the pitch
 * memory at data_va) and appends the methods that select them. */
void tmd_programs(tm_pb *pb, uint8_t *data, uint64_t data_va, const tmc_shader *vs, const tmc_shader *fs);
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

#endif
