/* The Maxwell "triangle" sample scene (issue 16, sample scenes): the corpus'
 * pass-through vertex program and colour pixel program (deko3d-compiled,
 * ../shared/testdata/maxwell/shaders) draw a red/green/blue triangle into a
 * 128x128 A8B8G8R8 target, three frames, the triangle turning 40 degrees a
 * frame: each frame the core writes the vertices and the pushbuffer into
 * GPU memory, submits one GPFIFO entry (a clear and a one-word draw), and
 * presents. tm_triangle_corners gives frame f's corners in pixels, for the
 * test's coverage check. */
#ifndef GLHLE_TEST_MAXWELL_TRIANGLE_SCENE_H
#define GLHLE_TEST_MAXWELL_TRIANGLE_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#include "glhle/maxwell.h"

#define TM_TRI_FRAMES 3u
#define TM_TRI_W 128u
#define TM_TRI_H 128u
#define TM_TRI_RT_VA 0x0500000000ull  /* 1 MiB block-linear */
#define TM_TRI_DATA_VA 0x0600000000ull /* 1 MiB pitch: programs, constants, vertices, pushbuffer */
#define TM_TRI_MEM (1u << 20)
#define TM_TRI_CLEAR 0.125f

typedef void (*tm_tri_frame_fn)(void *user, glhle_maxwell *gpu, uint32_t frame);

/* Loads the corpus programs; false (with a message) when the corpus is absent. */
bool tm_triangle_available(void);
/* Maps rt and data (zeroed, TM_TRI_MEM each) and runs the frames. */
void tm_triangle_run(glhle_maxwell *gpu, uint8_t *rt, uint8_t *data, tm_tri_frame_fn on_frame, void *user);
/* Frame f's corners in target pixels (x right, y down the rows). */
void tm_triangle_corners(uint32_t f, float xy[3][2]);

#endif
