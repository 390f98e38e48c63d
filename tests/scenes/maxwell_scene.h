/* A Maxwell scene builder: emits pushbuffers the way a Switch driver (NVN,
 * deko3d) sequences methods for a frame: the five classes bound to their
 * usual subchannels, macros uploaded through LOAD_MME_START_ADDRESS_RAM /
 * LOAD_MME_INSTRUCTION_RAM, render targets and fixed-function state,
 * programs, vertex input, constant-buffer selection, loads and binds, a
 * clear, draws issued through a macro, and the end-of-frame report
 * semaphore and syncpoint increment a fence waits on. */
#ifndef GLHLE_TEST_MAXWELL_SCENE_H
#define GLHLE_TEST_MAXWELL_SCENE_H

#include <stdint.h>

#include "support/maxwell_support.h"

/* GPU addresses the scene uses; tm_scene_memory covers all of them. */
#define TM_SCENE_VA 0x0400000000ull        /* 1 MiB: 512 KiB of pitch memory, then block-linear */
#define TM_SCENE_SIZE (1u << 20)
/* From this offset the scene's memory holds the render and zeta targets and
 * is mapped with a block-linear kind (GENERIC_16BX2), as a driver maps
 * image memory: the front end reports targets in memory of the wrong kind. */
#define TM_SCENE_BL_OFFSET 0x80000u
#define TM_SCENE_CBUF (TM_SCENE_VA + 0x10000)   /* 256-byte constant buffer */
#define TM_SCENE_VERTS (TM_SCENE_VA + 0x20000)  /* vertex stream 0 */
#define TM_SCENE_FENCE (TM_SCENE_VA + 0x30000)  /* report semaphore */
#define TM_SCENE_PROGRAMS (TM_SCENE_VA + 0x40000)
#define TM_SCENE_RT (TM_SCENE_VA + 0x80000)     /* 256x128 RGBA8, block-linear */
#define TM_SCENE_ZT (TM_SCENE_VA + 0xC0000)

/* The two macros the scene uploads, as MME instruction words (encoded from
 * the field layout in envytools envydis/macro.c: op 2:0, assignment 6:4,
 * exit 7, dst 10:8, src A 13:11, imm18 31:14 for ADDI):
 *   macro 0 "draw arrays": params topology, count, first ->
 *     SET_VERTEX_ARRAY_START = first, BEGIN = topology,
 *     DRAW_VERTEX_ARRAY = count, END = 0
 *   macro 1 "viewport scale": params x, y, z -> SET_VIEWPORT_SCALE_X/Y/Z(0) */
#define TM_MACRO_DRAW 0
#define TM_MACRO_VIEWPORT_SCALE 1
extern const uint32_t tm_macro_draw[9];
extern const uint32_t tm_macro_viewport[6];

/* Appends one frame: setup when `first`, then state, a clear, two draws
 * with a constant-buffer update between, and the fence. */
void tm_scene_frame(tm_pb *pb, bool first, uint32_t frame);

#endif
