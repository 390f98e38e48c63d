/* The Maxwell cube sample scenes (issue 16, sample scenes): two cubes, each
 * face a solid texel region of a 12x8 texture, drawn with depth (ZF32,
 * LESS) by the corpus' ubo_matrix_vsh (its mat4 from UBO binding 0, c2)
 * and texture_fsh, into a 128x128 A8B8G8R8 target; three frames, the cubes
 * turning. Each frame's two model-view-projection matrices reach c2 through
 * LOAD_CONSTANT_BUFFER in the pushbuffer, the second between the two draws,
 * so the draws must see the loads in stream order.
 *   TM_CUBE_UBO: the texture is A8B8G8R8, written by the core into
 *     block-linear memory.
 *   TM_CUBE_BC1: the texture is BC1 (DXT1), one 4x4 block per face, written
 *     by the core into a pitch staging buffer and copied into block-linear
 *     memory by the DMA engine (LAUNCH_DMA, pitch to block-linear) in the
 *     frame's pushbuffer before the draws.
 *   TM_CUBE_MSAA: TM_CUBE_UBO's cubes drawn into a MODE_2X2 target with a
 *     2X2 ZF32 depth target (memory: 256x256 sample images), each frame
 *     resolved by the 2D engine (a bilinear 902D blit of the sample image
 *     with steps of 2, as a driver's resolve) into a single-sampled 128x128
 *     target, which is presented.
 * tm_cube_model gives the expected picture from a CPU rasteriser here
 * (the same vertices and matrices, in double precision); tm_cube_samples
 * the expected samples of the MSAA scene's resolve. */
#ifndef GLHLE_TEST_MAXWELL_CUBE_SCENE_H
#define GLHLE_TEST_MAXWELL_CUBE_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#include "glhle/maxwell.h"

#define TM_CUBE_FRAMES 3u
#define TM_CUBE_W 128u
#define TM_CUBE_H 128u
#define TM_CUBE_RT_VA 0x0500000000ull   /* 1 MiB block-linear: target, zeta, texture */
#define TM_CUBE_DATA_VA 0x0600000000ull /* 1 MiB pitch: programs, constants, vertices, staging, pushbuffer */
#define TM_CUBE_MEM (1u << 20)

typedef enum tm_cube_kind { TM_CUBE_UBO, TM_CUBE_BC1, TM_CUBE_MSAA } tm_cube_kind;

typedef void (*tm_cube_frame_fn)(void *user, glhle_maxwell *gpu, uint32_t frame);

bool tm_cube_available(void);
/* Maps rt and data (TM_CUBE_MEM each) and runs the frames, presenting each. */
void tm_cube_run(tm_cube_kind kind, glhle_maxwell *gpu, uint8_t *rt, uint8_t *data, tm_cube_frame_fn on_frame,
                 void *user);
/* Frame f's expected RGBA8 picture at `scale` (rows as presented: target
 * row 0 first), and a mask of the pixels within a pixel of a face's edge
 * (coverage there is the rasteriser's choice, not checked). */
void tm_cube_model(tm_cube_kind kind, uint32_t f, uint32_t scale, uint8_t *rgba, uint8_t *edge);
/* TM_CUBE_MSAA frame f at `scale`: for each presented pixel (rows as
 * presented) the colours of the four samples its resolve averages
 * (rgba, 16 bytes a pixel), and whether one lies too near a face's edge
 * to say which side it is on (near). At scale k the pixel the
 * destination's write-back reads (k x + k / 2, likewise y) averages the
 * native pixel's samples, drawn within 1 / k pixel of their places; the
 * others their own scaled pixel's (twod_gpu.c). Sample places: Mesa's
 * nvc0_get_sample_locations for 4 samples. */
void tm_cube_samples(uint32_t f, uint32_t scale, uint8_t *rgba, uint8_t *near);
/* A face's colour as the texture holds it: BC1 decoded by this file's own
 * decoder for TM_CUBE_BC1. */
void tm_cube_face_color(tm_cube_kind kind, uint32_t face, uint8_t out[4]);

#endif
