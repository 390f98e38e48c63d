/* Maxwell compute launches the way deko3d issues them (its
 * source/maxwell/gpu_compute.cpp: ComputeQueue::initComputeEngine, bindShader,
 * dispatch), and the compute-geometry sample scene.
 *
 * A dispatch: the job -- a QMD (open-gpu-doc clb1c0qmd.h, version 01.07,
 * as deko3d's compute_qmd.h lays it out) followed by the driver constant
 * buffer c0 (block size at 0x00, grid size at 0x0C, the compute stage's
 * SSBO descriptors from 0x140, testdata/maxwell/README "The c0 layout") --
 * is written into a 256-byte-aligned job slot by the compute class's own
 * inline-to-memory methods (LINE_LENGTH_IN, LINE_COUNT, OFFSET_OUT,
 * LAUNCH_DMA pitch, LOAD_INLINE_DATA non-incrementing), then SEND_PCAS_A =
 * slot >> 8 and SEND_SIGNALING_PCAS_B INVALIDATE | SCHEDULE launch it. The
 * QMD binds c0 at the slot's constant buffer, c1 at the compiler
 * constants and the UBOs at c2 + binding.
 *
 * The scene (TM_COMPUTE_GEO): each of three frames, corpus ssbo_layout_csh
 * turns three input records into three vec4 positions in a buffer (its
 * documented meaning: v[i] = (pos * scale.xyz + (uv, w), id + k / 2) +
 * (local id, 0), for i < min(count, limit)), then the 3D engine waits for
 * idle and draws a triangle from that buffer as vertex stream 0 with
 * passthrough_vsh and color_fsh into a 128x128 A8B8G8R8 target, and the
 * frame is presented. tm_compute_geo_corners gives the corners the
 * compute's output holds, computed here from that meaning. */
#ifndef GLHLE_TEST_MAXWELL_COMPUTE_SCENE_H
#define GLHLE_TEST_MAXWELL_COMPUTE_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#include "glhle/maxwell.h"
#include "support/maxwell_sidecar.h"
#include "support/maxwell_support.h"

#define TMK_JOB_BYTES 0x340u      /* QMD 0x100 + driver constants 0x240 */
#define TMK_C0_BYTES 0x240u
#define TMK_C0_SSBO(b) (0x140u + 16u * (b)) /* deko3d's compute SSBO descriptor b: u64 address, u32 size */

typedef struct tmk_job {
    uint32_t program_offset;   /* from the compute program region */
    uint32_t block[3], grid[3];
    uint32_t shared_memory;    /* bytes */
    uint64_t cbuf_va[8];       /* c1..c7 (c0 is the job's own driver constants); 0: not bound */
    uint32_t cbuf_size[8];
    bool release;              /* RELEASE0: one word `release_payload` at release_va */
    uint64_t release_va;
    uint32_t release_payload;
    bool sampler_via_header;   /* the QMD's SAMPLER_INDEX: samplers at the handles' header index */
    uint8_t c0[TMK_C0_BYTES];  /* SSBO descriptors and the rest; sizes are filled in by tmk_dispatch */
} tmk_job;

/* The compute engine's setup (deko3d initComputeEngine): shader exceptions
 * off, the bindless texture buffer c0, the memory windows, the program
 * region, SPA version 5.3. */
void tmk_init(tm_pb *pb, uint64_t program_region);
/* Places compute program `s` (no SPH: code from its first bundle) at
 * data + off. */
void tmk_program(uint8_t *data, uint32_t off, const tmc_shader *s);
/* SSBO descriptor b in the job's driver constants. */
void tmk_ssbo(tmk_job *j, uint32_t b, uint64_t va, uint32_t size);
/* The QMD words for j with c0 at c0_va (tests check them independently). */
void tmk_qmd(const tmk_job *j, uint64_t c0_va, uint32_t qmd[64]);
/* Appends the job's upload into the slot at job_va and its launch. */
void tmk_dispatch(tm_pb *pb, uint64_t job_va, const tmk_job *j);

/* ---- the compute-geometry scene ---- */
#define TM_CGEO_FRAMES 3u
#define TM_CGEO_W 128u
#define TM_CGEO_H 128u
#define TM_CGEO_RT_VA 0x0500000000ull   /* 1 MiB block-linear */
#define TM_CGEO_DATA_VA 0x0600000000ull /* 1 MiB pitch: programs, constants, buffers, jobs, pushbuffer */
#define TM_CGEO_MEM (1u << 20)
#define TM_CGEO_CLEAR 0.125f
#define TM_CGEO_OUT 0x60000u            /* the compute's output: the draw's vertex stream 0 */

typedef void (*tm_cgeo_frame_fn)(void *user, glhle_maxwell *gpu, uint32_t frame);

bool tm_compute_geo_available(void);
void tm_compute_geo_run(glhle_maxwell *gpu, uint8_t *rt, uint8_t *data, tm_cgeo_frame_fn on_frame, void *user);
/* Frame f's three output vec4s (NDC x, y, z, w) as the shader's meaning
 * computes them in float arithmetic, and the corners in target pixels. */
void tm_compute_geo_vertices(uint32_t f, float v[3][4]);
void tm_compute_geo_corners(uint32_t f, float xy[3][2]);

#endif
