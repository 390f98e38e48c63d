/* The Maxwell "clear" sample scene (issue 16, sample scenes): what a driver
 * does for a frame whose only work is clears. The core writes each frame's
 * pushbuffer into GPU memory and submits it through one GPFIFO entry; the
 * frame clears a 320x180 A8B8G8R8 block-linear render target to a colour,
 * clears a box in a second colour through scissor 0 (the box moves each
 * frame; frame 2 writes red and green only), clears a Z24S8 depth target,
 * and presents the render target. tm_clear_expected gives every pixel of
 * every frame, worked from the clear values with the GL spec's
 * float-to-unorm rule. */
#ifndef GLHLE_TEST_MAXWELL_CLEAR_SCENE_H
#define GLHLE_TEST_MAXWELL_CLEAR_SCENE_H

#include <stdint.h>

#include "glhle/maxwell.h"

#define TM_CLEAR_FRAMES 3u
#define TM_CLEAR_W 320u
#define TM_CLEAR_H 180u
#define TM_CLEAR_VA 0x0500000000ull /* 4 MiB of block-linear memory: colour then depth */
#define TM_CLEAR_PB_VA 0x0600000000ull /* 64 KiB of pitch memory: the pushbuffer */
#define TM_CLEAR_MEM_SIZE (4u << 20)
#define TM_CLEAR_PB_SIZE (64u << 10)

/* Guest memory the scene maps; the caller owns it. */
typedef struct tm_clear_memory {
    uint8_t *targets; /* TM_CLEAR_MEM_SIZE */
    uint8_t *pb;      /* TM_CLEAR_PB_SIZE */
} tm_clear_memory;

/* Called after each present. */
typedef void (*tm_clear_frame_fn)(void *user, glhle_maxwell *gpu, uint32_t frame);

/* Maps the memory (zeroed) into gpu. */
void tm_clear_map(glhle_maxwell *gpu, tm_clear_memory *mem);
/* Runs the frames on a mapped instance. */
void tm_clear_run(glhle_maxwell *gpu, tm_clear_memory *mem, tm_clear_frame_fn on_frame, void *user);
/* The RGBA8 pixel (x, y) of frame f. */
void tm_clear_expected(uint32_t frame, uint32_t x, uint32_t y, uint8_t out[4]);

#endif
