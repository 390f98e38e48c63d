/* Fuzz target: the Maxwell GL draw path (backend/maxwell/render/draw.c,
 * the render-target and texture caches, the translated programs) on
 * llvmpipe. A prelude builds a working draw (a 32x32 A8B8G8R8 target, an
 * S8Z24 zeta target, the corpus' passthrough_vsh + color_fsh, two RGBA32F
 * streams), then the input reshapes it:
 *   byte 0        bits 0-3: topology (BEGIN_OP 0-15); bit 4: indexed
 *                 (16-bit indices from the input); bit 5: the zeta target;
 *                 bit 6: flush the targets afterwards; bit 7: three
 *                 instances (INSTANCE_SUBSEQUENT draws after the first)
 *   byte 1        vertex count (0-255; the streams hold 64 vertices, the
 *                 stream limit cuts what lies past them)
 *   bytes 2-1025  64 positions and 64 colours (any floats, NaN included)
 *   then          a u8 n and n (at most 64) 6-byte method writes (u16
 *                 method, u32 value) to the 3D methods of fixed-function
 *                 state, vertex attributes and streams, index buffer,
 *                 render enable, raster enable, occlusion counting and
 *                 reports (into a fixed slot), viewport, SET_ANTI_ALIAS,
 *                 SET_STATISTICS_COUNTER, SET_PIPELINE_SHADER of the
 *                 tessellation and geometry stages (the prelude points
 *                 them at the corpus' quad_tcsh, quad_tesh and
 *                 point_quad_gsh, disabled), SET_TESSELLATION_PARAMETERS,
 *                 SET_PATCH and target 0's memory layout, third dimension,
 *                 array pitch and layer (a 3D target drawn a slice at a
 *                 time, a 2D array a layer at a time), the zeta target's
 *                 array pitch, SET_ZT_SIZE_C and SET_ZT_LAYER, and the
 *                 geometry program's offset (the prelude's point_quad_gsh
 *                 at 0x18000, at 0x16000 one that writes layer 1: layered
 *                 draws), and stream output: SET_STREAM_OUTPUT, buffers
 *                 0-1's enable, address, size and write pointer (the
 *                 prelude puts the four at XFB_OFF, 4 KiB each), 2-3's
 *                 enable, the control words and the first layout words
 *                 (the prelude's: the position, stride 16) (the u16
 *                 modulo that list)
 *   then          24 bytes, when there: a compute launch before the draws
 *                 (tests/scenes/maxwell_compute_scene.h, deko3d's QMD
 *                 upload), its program (simple_csh or ssbo_layout_csh),
 *                 block and grid sizes (zero and oversized ones included),
 *                 shared memory size, its two SSBOs' places and sizes in a
 *                 scratch area (the same range twice, overlapping ones, size
 *                 0), the UBO word and a QMD release
 *   then          20 bytes, when there: a DMA copy (class B0B5) after the
 *                 draws between the target and a second one cleared in an
 *                 input-chosen format (render/dma_gpu.c takes the copies
 *                 between them it can, the CPU engine the rest): layout,
 *                 multi-line and remap bits, offsets moved off the
 *                 surfaces, remap components, line length and count,
 *                 origins, block size and width, pitches
 *   then          16 bytes, when there: an inline-to-memory transfer after
 *                 the DMA copy into and around the 32x32 target
 *                 (render/i2m_gpu.c takes the ones on whole pixels of it,
 *                 the CPU way the rest): byte 0 bit 0 the 3D class's copy
 *                 (else cla140.h), bit 1 a pitch destination, bit 2 the
 *                 DMA's second surface; offset off the surface (two s8:
 *                 pixels, bytes), origin x bytes and y, line length and
 *                 count, width/pitch and height, block height, the number
 *                 of LOAD_INLINE_DATA words (too few and too many
 *                 included) and a seed for their values
 *   then          48 bytes, when there: an image_csh launch after it
 *                 (render/compute.c's images; test_maxwell_compute's
 *                 image_launch is the good form): three 14-byte headers --
 *                 COMPONENTS (one of the image formats, B5G6R5 or any),
 *                 data type, pitch/block-linear, block height (6 and 7
 *                 included), texture type, width and height (small, or any
 *                 16 bits), pitch, the address (in the block-linear-kind
 *                 memory or the scratch area as the layout wants, in the
 *                 other one, or off both), depth and sample mode -- then
 *                 the pool's MAXIMUM_INDEX, the three handles (0-4: past
 *                 the maximum and unwritten headers included) and the grid
 *   then          16 bytes, when there: a draw whose pixel program does
 *                 TLD.MS (render/textures.c mw_texture_get_ms: the target
 *                 or memory as a multisampled texture; test_maxwell_msaa's
 *                 tld_ms_* are the good form) after the rest: its header
 *                 -- COMPONENTS (A8B8G8R8, Z16, ZF32, ZF32_X24S8, RGBA32F
 *                 or any), data type, texture type, pitch/block-linear,
 *                 block height, width and height (small, or any 16 bits),
 *                 the address (over the 32x32 target, in the
 *                 block-linear-kind memory, or off it) and
 *                 MULTI_SAMPLE_COUNT -- and the sample register's value
 * Skips (returns at once) without the shader corpus. Every input must end
 * with the instance still drawing: a plain draw afterwards succeeds, no GL
 * error (KHR_debug counts them) and no sanitizer report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenes/maxwell_compute_scene.h"
#include "scenes/maxwell_draw_scene.h"
#include "support/fuzz_support.h"
#include "support/maxwell_sidecar.h"
#include "support/maxwell_support.h"
#include "support/maxwell_tex_support.h"
#include "support/test_support.h"

#define RT_VA 0x0500000000ull
#define DATA_VA 0x0600000000ull
#define MEM (1u << 20)
#define INDEX_OFF 0x6c000u
#define REPORT_OFF 0x6e000u  /* the reports the input asks for */
#define CS_OFF 0x10000u      /* compute programs: simple_csh, then ssbo_layout_csh */
#define CS2_OFF 0x14000u
#define CS3_OFF 0x1e000u     /* image_csh (after the three below) */
#define IMG_JOB_OFF 0x71400u
#define IMG_TIC_OFF 0x72000u /* the compute engine's header pool: 5 headers */
#define UBO_OFF 0x70000u
#define JOB_OFF 0x71000u
#define SCRATCH_OFF 0x80000u /* the SSBOs: anywhere in [0x80000, 0x100000) */
#define VTG_OFF 0x18000u     /* point_quad_gsh, quad_tcsh, quad_tesh, 0x2000 apart */
#define LAYER_GS_OFF 0x16000u /* a geometry program that writes layer 1 (tmd_layer_gs) */
#define XFB_OFF 0x78000u     /* the stream-out buffers, 0x1000 apart */

static glhle_context *ctx;
static glhle_maxwell *gpu;
static uint8_t *rt, *data;
static tmc_shader vs, fs, cs[3], vtg[3], frag_coord, layer_gs;
static bool have_corpus;

static void cleanup(void)
{
    glhle_maxwell_destroy(gpu);
    glhle_context_destroy(ctx);
    free(rt);
    free(data);
    if (have_corpus) {
        tmc_free(&vs);
        tmc_free(&fs);
        tmc_free(&cs[0]);
        tmc_free(&cs[1]);
        tmc_free(&cs[2]);
        tmc_free(&frag_coord);
        for (int i = 0; i < 3; i++)
            tmc_free(&vtg[i]);
        tmc_free(&layer_gs);
    }
}

static bool setup(void)
{
    if (ctx)
        return true;
    ts_pin_gl_driver();
    glhle_context_desc cd = {0};
    cd.debug = true;
    cd.log = fuzz_quiet_log;
    if (glhle_context_create(&cd, &ctx) != GLHLE_RESULT_OK)
        return false;
    glhle_maxwell_desc d = {.log = fuzz_quiet_log, .max_words_per_submit = 1u << 16};
    rt = calloc(1, MEM);
    data = calloc(1, MEM);
    if (!rt || !data || glhle_maxwell_create(ctx, &d, &gpu) != GLHLE_RESULT_OK ||
        glhle_maxwell_map(gpu, RT_VA, rt, MEM, GLHLE_MAXWELL_KIND_GENERIC_16BX2) != GLHLE_RESULT_OK ||
        glhle_maxwell_map(gpu, DATA_VA, data, MEM, GLHLE_MAXWELL_KIND_PITCH) != GLHLE_RESULT_OK)
        return false;
    have_corpus = tmc_dir() && tmc_load("passthrough_vsh", &vs) && tmc_load("color_fsh", &fs) &&
                  tmc_load("simple_csh", &cs[0]) && tmc_load("ssbo_layout_csh", &cs[1]) &&
                  tmc_load("image_csh", &cs[2]) && tmc_load("point_quad_gsh", &vtg[0]) &&
                  tmc_load("quad_tcsh", &vtg[1]) && tmc_load("quad_tesh", &vtg[2]) &&
                  tmc_load("frag_coord_fsh", &frag_coord) && tmd_layer_gs(&layer_gs, 1);
    if (have_corpus) {
        tmk_program(data, CS_OFF, &cs[0]);
        tmk_program(data, CS2_OFF, &cs[1]);
        tmk_program(data, CS3_OFF, &cs[2]);
        for (uint32_t i = 0; i < 3; i++) { /* header, then code, as the program region holds them */
            memcpy(data + VTG_OFF + 0x2000 * i, vtg[i].sph, 0x50);
            memcpy(data + VTG_OFF + 0x2000 * i + 0x50, vtg[i].code, vtg[i].words * 8);
        }
        memcpy(data + LAYER_GS_OFF, layer_gs.sph, 0x50);
        memcpy(data + LAYER_GS_OFF + 0x50, layer_gs.code, layer_gs.words * 8);
    } else {
        /* Without the shaders every input returns at once: say so, or a run looks like a clean pass. */
        fprintf(stderr, "fuzz_maxwell_gl: SKIP: the Maxwell shader corpus (../shared/testdata/maxwell or "
                        "GLHLE_TESTDATA_DIR) is absent, so no input reaches the renderer\n");
    }
    atexit(cleanup);
    return true;
}

/* The 3D methods the input may write, as byte-offset ranges of clb197.h. */
static uint32_t pick_method(uint16_t v)
{
    static const struct {
        uint16_t first, last;
    } ranges[] = {
        {0x0a00, 0x0a1c}, /* viewport 0 scale, offset, swizzle */
        {0x037c, 0x037c}, /* SET_RASTER_ENABLE */
        {0x1530, 0x1530}, /* CLEAR_REPORT_VALUE */
        {0x1b08, 0x1b0c}, /* SET_REPORT_SEMAPHORE_C/D (A/B: the prelude's slot) */
        {0x0d7c, 0x0d7c}, /* SET_VIEWPORT_Z_CLIP */
        {0x0dac, 0x0dc8}, /* polygon modes, polygon offset enables */
        {0x0e00, 0x0e0c}, /* scissor 0 */
        {0x0f54, 0x0f5c}, /* back stencil ref and masks */
        {0x0fe8, 0x0fe8}, /* SET_ZT_FORMAT */
        {0x1160, 0x117c}, /* vertex attributes 0-7 */
        {0x12cc, 0x130c}, /* depth test, write, function */
        {0x133c, 0x1360}, /* blend */
        {0x1380, 0x13b4}, /* stencil, line widths */
        {0x1434, 0x1438}, /* base vertex, base instance */
        {0x1510, 0x1518}, /* user clip enable, zpass count, point size */
        {0x1550, 0x1558}, /* render enable */
        {0x156c, 0x1570}, /* slope scale bias, anti-aliased lines */
        {0x1594, 0x15bc}, /* two-sided stencil, back ops, depth bias */
        {0x1644, 0x1648}, /* primitive restart */
        {0x17d8, 0x17d8}, /* SET_INDEX_BUFFER_E */
        {0x187c, 0x1888}, /* bias clamp, stream 0-1 instancing */
        {0x1910, 0x1944}, /* point size attribute, cull, clip control, override */
        {0x19c4, 0x19c8}, /* logic op */
        {0x1a00, 0x1a00}, /* SET_CT_WRITE(0) */
        {0x1c00, 0x1c1c}, /* vertex streams 0-1 format and frequency */
        {0x15d0, 0x15d0}, /* SET_ANTI_ALIAS: multisampled targets (msaa.c) */
        {0x0d68, 0x0d68}, /* SET_STATISTICS_COUNTER: the pipeline counters */
        {0x2080, 0x2080}, /* SET_PIPELINE_SHADER(2): TESSELLATION_INIT */
        {0x20c0, 0x20c0}, /* SET_PIPELINE_SHADER(3): TESSELLATION */
        {0x2100, 0x2100}, /* SET_PIPELINE_SHADER(4): GEOMETRY */
        {0x0320, 0x0320}, /* SET_TESSELLATION_PARAMETERS */
        {0x0dcc, 0x0dcc}, /* SET_PATCH */
        {0x0814, 0x0820}, /* SET_COLOR_TARGET_MEMORY(0) .. LAYER(0): 3D targets and their slices */
        {0x0ff0, 0x0ff0}, /* SET_ZT_ARRAY_PITCH */
        {0x1230, 0x1230}, /* SET_ZT_SIZE_C: depth arrays */
        {0x179c, 0x179c}, /* SET_ZT_LAYER */
        {0x2104, 0x2104}, /* SET_PIPELINE_SHADER(4) offset: the layer-writing geometry program */
        {0x0744, 0x0744}, /* SET_STREAM_OUTPUT (draw.c transform feedback) */
        {0x0380, 0x0390}, /* stream-out buffer 0: enable, address, size, write pointer */
        {0x03a0, 0x03b0}, /* buffer 1 */
        {0x03c0, 0x03c0}, /* buffers 2 and 3: enable */
        {0x03e0, 0x03e0},
        {0x0700, 0x0708}, /* SET_STREAM_OUT_CONTROL_*(0): stream, components, stride */
        {0x0710, 0x0718}, /* (1) */
        {0x0724, 0x0728}, /* (2), (3): components, stride */
        {0x0734, 0x0738},
        {0x2800, 0x280c}, /* SET_STREAM_OUT_LAYOUT_SELECT(0, 0-3) */
        {0x2880, 0x2884}, /* (1, 0-1) */
    };
    uint32_t total = 0;
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
        total += (ranges[i].last - ranges[i].first) / 4u + 1;
    uint32_t k = v % total;
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
        const uint32_t n = (ranges[i].last - ranges[i].first) / 4u + 1;
        if (k < n)
            return ranges[i].first / 4u + k;
        k -= n;
    }
    return 0x1380 / 4u;
}

static void prelude(tm_pb *pb, bool zeta)
{
    tm_bind_all(pb);
    tmd_target(pb, RT_VA, 32, 32, 0xD5);
    /* target 0's array pitch and layer and SET_ZT_LAYER, which tmd_target
     * and tmd_zeta leave as an earlier input set them */
    tm_set1(pb, TM_SUB_3D, 0x081c / 4, 0);
    tm_set1(pb, TM_SUB_3D, 0x0820 / 4, 0);
    tm_set1(pb, TM_SUB_3D, 0x179c / 4, 0);
    tmd_programs(pb, data, DATA_VA, &vs, &fs);
    if (zeta)
        tmd_zeta(pb, RT_VA + 0x10000, 32, 32, 0x16);
    else
        tm_set1(pb, TM_SUB_3D, 0x1538 / 4, 0); /* SET_ZT_SELECT none */
    const float none[4] = {0, 0, 0, 1};
    tmd_attribute(pb, data, DATA_VA, 0, 0, none, 1);
    tmd_attribute(pb, data, DATA_VA, 1, 1, none, 1);
    tm_set1(pb, TM_SUB_3D, 0x1b00 / 4, (uint32_t)((DATA_VA + REPORT_OFF) >> 32)); /* SET_REPORT_SEMAPHORE_A/B */
    tm_set1(pb, TM_SUB_3D, 0x1b04 / 4, (uint32_t)(DATA_VA + REPORT_OFF));
    tmk_init(pb, DATA_VA);
    /* the stream-out buffers in the data memory (the input enables them and
     * may move them), 16-byte records of the position's 4 components */
    for (uint32_t b = 0; b < 4; b++) {
        const uint64_t va = DATA_VA + XFB_OFF + 0x1000u * b;
        tm_set1(pb, TM_SUB_3D, (0x0384 + 32 * b) / 4, (uint32_t)(va >> 32));
        tm_set1(pb, TM_SUB_3D, (0x0388 + 32 * b) / 4, (uint32_t)va);
        tm_set1(pb, TM_SUB_3D, (0x038c + 32 * b) / 4, 0x1000);
        tm_set1(pb, TM_SUB_3D, (0x0390 + 32 * b) / 4, 0);
        tm_set1(pb, TM_SUB_3D, (0x0704 + 16 * b) / 4, 4);
        tm_set1(pb, TM_SUB_3D, (0x0708 + 16 * b) / 4, 16);
        tm_set1(pb, TM_SUB_3D, (0x2800 + 128 * b) / 4, 28u | 29u << 8 | 30u << 16 | 31u << 24);
    }
    /* the geometry and tessellation programs, their stages off (the input
     * turns them on): stage 4 point_quad_gsh, 2 quad_tcsh, 3 quad_tesh,
     * bind groups 3, 1, 2 with c0 */
    static const uint32_t stage[3] = {4, 2, 3}, group[3] = {3, 1, 2};
    for (uint32_t i = 0; i < 3; i++) {
        tm_set1(pb, TM_SUB_3D, (0x2000 + stage[i] * 64) / 4, stage[i] << 4); /* SET_PIPELINE_SHADER: TYPE, off */
        tm_set1(pb, TM_SUB_3D, (0x2004 + stage[i] * 64) / 4, VTG_OFF + 0x2000 * i);
        tm_set1(pb, TM_SUB_3D, (0x2010 + stage[i] * 64) / 4, group[i]);
        tmd_constant_buffer(pb, group[i], 0, DATA_VA + TMD_CBUF0);
    }
}

/* A compute launch from 24 input bytes (the layout above). */
static void compute_launch(tm_pb *pb, const uint8_t *in)
{
    tmk_job j;
    memset(&j, 0, sizeof j);
    j.program_offset = in[0] & 1 ? CS2_OFF : CS_OFF;
    j.block[0] = in[1] % 129u, j.block[1] = in[2] % 9u, j.block[2] = in[3] % 3u;
    j.grid[0] = in[4] % 5u, j.grid[1] = in[5] % 3u, j.grid[2] = in[6] % 2u + (in[6] >> 7);
    j.shared_memory = (uint32_t)(in[7] | in[8] << 8) << 1;
    j.cbuf_va[2] = DATA_VA + UBO_OFF, j.cbuf_size[2] = in[0] & 8 ? 0x100 : 0; /* size 0: c2 reads nothing */
    for (uint32_t b = 0; b < 2; b++) {
        const uint8_t *s = in + 9 + 4 * b;
        const uint32_t off = (uint32_t)(s[0] | s[1] << 8) * 8u % 0x80000u, size = (uint32_t)(s[2] | s[3] << 8);
        const uint32_t fit = size < 0x80000u - off ? size : 0x80000u - off;
        tmk_ssbo(&j, b, DATA_VA + SCRATCH_OFF + off, in[0] & 4 ? fit : size); /* unclipped: past the mapping */
    }
    if (in[0] & 2) { /* the second SSBO the same range as the first */
        memcpy(j.c0 + TMK_C0_SSBO(1), j.c0 + TMK_C0_SSBO(0), 16);
    }
    memcpy(data + UBO_OFF, in + 17, 4);
    j.release = in[0] & 16;
    j.release_va = DATA_VA + REPORT_OFF + 0x100;
    j.release_payload = (uint32_t)in[21] | (uint32_t)in[22] << 8;
    tmk_dispatch(pb, DATA_VA + JOB_OFF, &j);
}

/* An image_csh launch from 48 input bytes (the layout above). */
static void image_launch(tm_pb *pb, const uint8_t *in)
{
    static const uint8_t comps[6] = {0x08, 0x0f, 0x03, 0x01, 0x15, 0x08};
    uint32_t pool[5][8];
    memset(pool, 0, sizeof pool);
    for (uint32_t i = 0; i < 3; i++) {
        const uint8_t *h = in + 14 * i;
        const uint32_t w16 = (uint32_t)(h[3] | h[4] << 8), h16 = (uint32_t)(h[5] | h[6] << 8);
        tmt_tic_desc d = {.components = h[0] % 8u < 6 ? comps[h[0] % 8u] : h[0] & 0x7fu, .type = h[1] % 8u,
                          .texture_type = h[2] >> 4, .levels = 1, .bh = h[2] >> 1 & 7u, .pitch = h[2] & 1,
                          .pitch_bytes = (uint32_t)(h[7] | h[8] << 8)};
        d.width = h[12] & 0x80 ? w16 + 1 : w16 % 64u + 1;
        d.height = h[12] & 0x40 ? h16 + 1 : h16 % 64u + 1;
        d.depth = (h[13] & 3u) + 1;
        const uint32_t off = (uint32_t)(h[9] | h[10] << 8 | h[11] << 16) * 32u % 0x80000u;
        /* block-linear headers in the block-linear-kind mapping's upper
         * half, pitch ones in the scratch area; bit 1 swaps them (a kind
         * the layout does not suit), bit 0 moves them off the mappings */
        const bool bl_mem = (h[2] & 1) == ((h[12] >> 1) & 1);
        const uint64_t va = (bl_mem ? RT_VA + 0x80000u : DATA_VA + SCRATCH_OFF) + off + (h[12] & 1 ? 1ull << 32 : 0);
        tmt_make_tic(&d, va, pool[i]);
        tmt_field(pool[i], 235, 232, h[13] >> 4); /* MULTI_SAMPLE_COUNT */
    }
    memcpy(data + IMG_TIC_OFF, pool, sizeof pool);
    const uint32_t regs[3] = {(uint32_t)((DATA_VA + IMG_TIC_OFF) >> 32), (uint32_t)(DATA_VA + IMG_TIC_OFF),
                              in[42] % 4u};
    tm_inc(pb, TM_SUB_COMPUTE, 0x55D, 3, regs); /* SET_TEX_HEADER_POOL_A/B/C */
    tmk_job j;
    memset(&j, 0, sizeof j);
    j.program_offset = CS3_OFF;
    j.block[0] = j.block[1] = 8, j.block[2] = 1;
    j.grid[0] = in[46] % 5u, j.grid[1] = in[47] % 5u, j.grid[2] = 1;
    for (uint32_t i = 0; i < 3; i++) {
        const uint32_t handle = in[43 + i] % 5u;
        memcpy(j.c0 + 0x120 + 4 * i, &handle, 4);
    }
    tmk_dispatch(pb, DATA_VA + IMG_JOB_OFF, &j);
}

/* A TLD.MS draw from 16 input bytes (the layout above), submitted alone:
 * the pixel program of test_maxwell_msaa's tld_ms_program (frag_coord_fsh's
 * header; IPA, F2I the pixel's x and y, MOV32I R6 the sample, TLD.MS R0,
 * R4, R6 of handle word 0x1a4 -- header 0, sampler 0 -- EXIT). */
static void ms_fetch_draw(const uint8_t *in)
{
    static const uint8_t comps[6] = {0x08, 0x3a, 0x2f, 0x30, 0x01, 0x08};
    const uint32_t w16 = (uint32_t)(in[3] | in[4] << 8), h16 = (uint32_t)(in[5] | in[6] << 8);
    tmt_tic_desc d = {.components = in[0] % 8u < 6 ? comps[in[0] % 8u] : in[0] & 0x7fu, .type = in[1] % 8u,
                      .texture_type = in[2] & 0x80 ? in[2] >> 4 & 7u : 1, .levels = 1, .bh = in[2] >> 1 & 7u,
                      .pitch = in[2] & 1, .pitch_bytes = 256};
    d.width = in[12] & 0x80 ? w16 + 1 : w16 % 64u + 1;
    d.height = in[12] & 0x40 ? h16 + 1 : h16 % 64u + 1;
    const uint32_t off = (uint32_t)(in[9] | in[10] << 8 | in[11] << 16) * 32u % 0x80000u;
    const uint64_t va = in[12] & 0x20 ? RT_VA : RT_VA + 0x80000u + off + (in[12] & 1 ? 1ull << 32 : 0);
    uint32_t tic[8];
    tmt_make_tic(&d, va, tic);
    tmt_field(tic, 235, 232, in[13] & 15u); /* MULTI_SAMPLE_COUNT */
    memcpy(data + TMD_TIC, tic, 32);
    memset(data + TMD_TSC, 0, 32);
    data[TMD_TSC + 4] = 1 | 1 << 4 | 1 << 6; /* MAG_POINT, MIN_POINT, MIP_NONE */
    const uint64_t sched = 0x003fc001e1e0070full, exit_ = 0xe30000000007000full, guard = 7ull << 16;
    const uint64_t mov = 0x0100000000000000ull | 0xfull << 12 | guard;
    const uint64_t tld = 0xdc38000000000000ull | 1ull << 50 | 2ull << 28 | guard;
    static uint64_t code[12];
    const uint64_t words[12] = {sched, 0xe003ff870ff7ff00ull, 0x5cb0118000071a04ull, 0xe003ff874ff7ff01ull,
                                sched, 0x5cb0118000171a05ull, mov | (uint64_t)in[14] << 20 | 6,
                                tld | 0x1a4ull << 36 | 0xfull << 31 | 6ull << 20 | 4ull << 8 | 0,
                                sched, exit_, exit_, exit_};
    memcpy(code, words, sizeof words);
    tmc_shader ms_fs = frag_coord;
    ms_fs.code = code;
    ms_fs.words = 12;
    ms_fs.cbuf1 = NULL;
    ms_fs.cbuf1_size = 0;
    tm_pb pb;
    tm_pb_init(&pb);
    tm_bind_all(&pb);
    tmd_target(&pb, in[15] & 1 ? RT_VA + 0x40000u : RT_VA, 32, 32, 0xD5);
    tmd_programs(&pb, data, DATA_VA, &vs, &ms_fs);
    const uint64_t tic_pool = DATA_VA + TMD_TIC, tsc_pool = DATA_VA + TMD_TSC;
    tm_set1(&pb, TM_SUB_3D, 0x1574 / 4, (uint32_t)(tic_pool >> 32)); /* SET_TEX_HEADER_POOL_A/B/C */
    tm_set1(&pb, TM_SUB_3D, 0x1578 / 4, (uint32_t)tic_pool);
    tm_set1(&pb, TM_SUB_3D, 0x157c / 4, 15);
    tm_set1(&pb, TM_SUB_3D, 0x155c / 4, (uint32_t)(tsc_pool >> 32)); /* SET_TEX_SAMPLER_POOL_A/B/C */
    tm_set1(&pb, TM_SUB_3D, 0x1560 / 4, (uint32_t)tsc_pool);
    tm_set1(&pb, TM_SUB_3D, 0x1564 / 4, 15);
    tm_set1(&pb, TM_SUB_3D, 0x15d0 / 4, in[15] >> 1 & 3u); /* SET_ANTI_ALIAS of the draw's target */
    glhle_maxwell_invalidate(gpu, DATA_VA, TMD_DATA_SIZE);
    tm_set1(&pb, TM_SUB_3D, 0x1214 / 4, 3u << 16 | 4u << 28);
    glhle_maxwell_run_result res;
    tm_submit(gpu, &pb, &res);
    tm_pb_free(&pb);
}

/* A DMA copy from 20 input bytes (the layout above). */
static void dma_copy(tm_pb *pb, const uint8_t *in)
{
    static const uint32_t fmts[] = {0xD5, 0xE5, 0xCF, 0xE8, 0xEE, 0xCA}; /* 4, 4, 4, 2, 2, 8 bytes */
    const uint32_t fmt = fmts[in[0] % 6u];
    const uint64_t second = RT_VA + 0x20000;
    tmd_target(pb, second, 32, 32, fmt); /* resident, cleared */
    tm_set1(pb, TM_SUB_3D, 0x19d0 / 4, 0x3C);
    tmd_target(pb, RT_VA, 32, 32, 0xD5);
    const bool swap = in[1] & 1;
    uint64_t src = swap ? second : RT_VA, dst = swap ? RT_VA : second;
    if (in[1] & 2) { /* off the surfaces' starts: a pixel, a byte, past the end */
        src += (uint32_t)(int8_t)in[2] * 4;
        dst += (uint32_t)(int8_t)in[3];
    }
    /* SRC/DST_MEMORY_LAYOUT PITCH (bits 7, 8), MULTI_LINE_ENABLE (9) unless
     * bit 6, REMAP_ENABLE (10), DATA_TRANSFER_TYPE from bits 2-3 */
    const uint32_t launch = (uint32_t)(in[1] >> 2 & 3) | (in[1] & 0x10 ? 1u << 7 : 0) |
                            (in[1] & 0x20 ? 1u << 8 : 0) | (in[1] & 0x40 ? 0 : 1u << 9) | (in[1] & 0x80 ? 1u << 10 : 0);
    const uint32_t off[4] = {(uint32_t)(src >> 32), (uint32_t)src, (uint32_t)(dst >> 32), (uint32_t)dst};
    tm_inc(pb, TM_SUB_DMA, 0x400 / 4, 4, off);
    tm_set1(pb, TM_SUB_DMA, 0x410 / 4, (uint32_t)in[4] * 4); /* PITCH_IN, PITCH_OUT */
    tm_set1(pb, TM_SUB_DMA, 0x414 / 4, (uint32_t)in[5] * 4);
    tm_set1(pb, TM_SUB_DMA, 0x418 / 4, (uint32_t)(in[6] | in[7] << 8) % 520u); /* LINE_LENGTH_IN */
    tm_set1(pb, TM_SUB_DMA, 0x41c / 4, in[8] % 40u);                           /* LINE_COUNT */
    uint32_t comps;
    memcpy(&comps, in + 9, 4);
    tm_set1(pb, TM_SUB_DMA, 0x708 / 4, comps); /* SET_REMAP_COMPONENTS */
    for (int side = 0; side < 2; side++) {     /* SET_DST_*, then SET_SRC_*: BLOCK_SIZE .. ORIGIN */
        const uint8_t *b = in + 13 + 3 * side;
        const uint32_t bs[6] = {b[0] & 0x80 ? b[0] : 1u << 4, b[1] & 1 ? 128u : (uint32_t)b[1] * 2, 32, 1,
                                b[2] >> 7, (uint32_t)(b[2] & 0x3F) | (uint32_t)(b[0] & 0x3F) << 16};
        tm_inc(pb, TM_SUB_DMA, (0x70c + 0x1c * (uint32_t)side) / 4, 6, bs);
    }
    tm_set1(pb, TM_SUB_DMA, 0x300 / 4, launch | (in[19] & 1u) << 3); /* LAUNCH_DMA, a one-word release */
}

/* An inline-to-memory transfer from 16 input bytes (the layout above). */
static void i2m_transfer(tm_pb *pb, const uint8_t *in)
{
    const uint32_t subc = in[0] & 1 ? TM_SUB_3D : TM_SUB_I2M;
    const bool pitch = in[0] & 2;
    const uint64_t va = (in[0] & 4 ? RT_VA + 0x20000 : RT_VA) + (uint64_t)(int64_t)((int8_t)in[1] * 4 + (int8_t)in[2]);
    const uint32_t width = in[9] & 1 ? 32u * 4 : (uint32_t)(in[9] | in[10] << 8) % 600u; /* bytes */
    if (pitch) {
        tm_set1(pb, subc, 0x190 / 4, width); /* PITCH_OUT */
    } else {
        /* DST_BLOCK_SIZE, WIDTH, HEIGHT, DEPTH, LAYER, ORIGIN_BYTES_X, ORIGIN_SAMPLES_Y */
        const uint32_t b[7] = {in[11] & 0x80 ? (uint32_t)(in[11] & 7) << 4 : 1u << 4, width,
                               in[11] & 0x40 ? (uint32_t)(in[11] & 0x3F) : 32u, 1, (uint32_t)in[12] >> 6,
                               (uint32_t)in[3] % 160u, in[4] % 40u};
        tm_inc(pb, subc, 0x194 / 4, 7, b);
    }
    /* LINE_LENGTH_IN, LINE_COUNT, OFFSET_OUT_UPPER, OFFSET_OUT */
    const uint32_t l[4] = {(uint32_t)(in[5] | in[6] << 8) % 260u, in[7] % 40u, (uint32_t)(va >> 32), (uint32_t)va};
    tm_inc(pb, subc, 0x180 / 4, 4, l);
    tm_set1(pb, subc, 0x1b0 / 4, pitch ? 1u : 0u); /* LAUNCH_DMA: DST_MEMORY_LAYOUT PITCH */
    const uint32_t words = in[8] & 0x80 ? (l[0] * l[1] + 3) / 4 + (in[8] & 3) : in[8];
    uint32_t x = (uint32_t)in[13] | (uint32_t)in[14] << 8 | (uint32_t)in[15] << 16;
    for (uint32_t w = 0; w < words && w < 4096; w++) {
        x = x * 1664525u + 1013904223u;
        tm_noninc(pb, subc, 0x1b4 / 4, 1, &x); /* LOAD_INLINE_DATA */
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *in, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *in, size_t size)
{
    if (!setup())
        abort();
    if (!have_corpus || size < 2)
        return 0;
    const uint8_t cfg = in[0], count = in[1];
    size_t at = 2;
    const size_t vbytes = size - at < 2048 ? size - at : 2048;
    float v[2][64][4];
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < 64; i++) {
            const float def[4] = {(float)(i % 3) - 1, (float)(i % 2) * 2 - 1, 0, 1};
            memcpy(v[s][i], def, 16);
        }
    memcpy(v, in + at, vbytes);
    at += vbytes;
    memcpy(data + TMD_VERTS, v[0], sizeof v[0]);
    memcpy(data + TMD_VERTS + 0x1000, v[1], sizeof v[1]);
    glhle_maxwell_invalidate(gpu, DATA_VA + TMD_VERTS, 0x2000);
    tm_pb pb;
    tm_pb_init(&pb);
    prelude(&pb, cfg & 0x20);
    const uint32_t writes = at < size ? in[at++] % 65u : 0;
    for (uint32_t n = 0; at + 6 <= size && n < writes; n++, at += 6) {
        uint32_t value;
        memcpy(&value, in + at + 2, 4);
        const uint32_t method = pick_method((uint16_t)(in[at] | in[at + 1] << 8));
        /* a report's OPERATION is RELEASE or REPORT_ONLY: an ACQUIRE would
         * hold the plain draw back (the pusher waits, as it must) */
        if (method == 0x1b0c / 4)
            value = (value & ~3u) | (value & 2u);
        tm_set1(&pb, TM_SUB_3D, method, value);
    }
    if (at + 24 <= size)
        compute_launch(&pb, in + at);
    const uint32_t topology = cfg & 15, draws = cfg & 0x80 ? 3 : 1;
    if (cfg & 0x10) {
        uint16_t idx[256];
        for (uint32_t i = 0; i < 256; i++)
            idx[i] = (uint16_t)(i % 64);
        memcpy(idx, v[1], count * 2u < sizeof v[1] ? count * 2u : sizeof v[1]); /* input bytes as indices */
        memcpy(data + INDEX_OFF, idx, sizeof idx);
        glhle_maxwell_invalidate(gpu, DATA_VA + INDEX_OFF, sizeof idx);
        const uint64_t iva = DATA_VA + INDEX_OFF;
        tm_set1(&pb, TM_SUB_3D, 0x17c8 / 4, (uint32_t)(iva >> 32));
        tm_set1(&pb, TM_SUB_3D, 0x17cc / 4, (uint32_t)iva);
        tm_set1(&pb, TM_SUB_3D, 0x17d0 / 4, (uint32_t)((iva + sizeof idx - 1) >> 32));
        tm_set1(&pb, TM_SUB_3D, 0x17d4 / 4, (uint32_t)(iva + sizeof idx - 1));
        for (uint32_t k = 0; k < draws; k++) /* DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_FIRST / _SUBSEQUENT */
            tm_set1(&pb, TM_SUB_3D, (k ? 0x17f4 : 0x17e8) / 4, (uint32_t)count << 16 | topology << 28);
    } else {
        for (uint32_t k = 0; k < draws; k++)
            tm_set1(&pb, TM_SUB_3D, (k ? 0x1218 : 0x1214) / 4, (uint32_t)count << 16 | topology << 28);
    }
    if (at + 24 <= size)
        at += 24;
    if (at + 20 <= size) {
        tm_set1(&pb, TM_SUB_DMA, 0x240 / 4, (uint32_t)((DATA_VA + REPORT_OFF + 0x200) >> 32)); /* SET_SEMAPHORE_A, B */
        tm_set1(&pb, TM_SUB_DMA, 0x244 / 4, (uint32_t)(DATA_VA + REPORT_OFF + 0x200));
        dma_copy(&pb, in + at);
        at += 20;
        if (at + 16 <= size) {
            i2m_transfer(&pb, in + at);
            at += 16;
            if (at + 48 <= size)
                image_launch(&pb, in + at);
            at += 48;
        }
    }
    glhle_maxwell_run_result res;
    tm_submit(gpu, &pb, &res);
    tm_pb_free(&pb);
    if (at + 16 <= size) {
        ms_fetch_draw(in + at);
        glhle_maxwell_invalidate(gpu, DATA_VA, TMD_DATA_SIZE); /* the plain draw's programs again */
    }
    if (cfg & 0x40)
        glhle_maxwell_flush(gpu, 0, UINT64_MAX);
    /* the instance keeps drawing: the prelude's state again (what the input
     * touched set back by a fresh instance's values) and a triangle */
    tm_pb_init(&pb);
    prelude(&pb, false);
    static const uint32_t defaults[][2] = {
        {0x1380, 0}, {0x19c4, 0}, {0x1918, 0}, {0x12cc, 0}, {0x12e8, 0}, {0x1360, 0}, {0x1510, 0}, {0x1644, 0},
        {0x1550, 0}, {0x1554, 0}, {0x1558, 0}, {0x1944, 0}, {0x0dac, 0x1B02}, {0x0db0, 0x1B02}, {0x0dc0, 0},
        {0x0dc4, 0}, {0x0dc8, 0}, {0x193c, 0}, {0x1880, 0}, {0x1884, 0}, {0x1434, 0}, {0x1438, 0}, {0x1a00, 0x1111},
        {0x0e00, 0}, {0x037c, 1}, {0x1514, 0}, {0x1168, 0}, {0x116c, 0}, {0x1170, 0}, {0x1174, 0}, {0x1178, 0},
        {0x117c, 0}, /* attributes 2-7: the prelude's draw reads 0 and 1 */
        {0x15d0, 0}, {0x0d68, 0}, {0x0320, 0}, {0x0dcc, 0}, {0x0744, 0},
    };
    for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
        tm_set1(&pb, TM_SUB_3D, defaults[i][0] / 4, defaults[i][1]);
    const float tri[3][4] = {{-1, -1, 0, 1}, {1, -1, 0, 1}, {-1, 1, 0, 1}};
    tmd_attribute(&pb, data, DATA_VA, 0, 0, &tri[0][0], 3);
    tmd_attribute(&pb, data, DATA_VA, 1, 1, &tri[0][0], 3);
    glhle_maxwell_invalidate(gpu, DATA_VA + TMD_VERTS, 0x2000);
    tm_set1(&pb, TM_SUB_3D, 0x1214 / 4, 3u << 16 | 4u << 28);
    const glhle_result r = tm_submit(gpu, &pb, &res);
    tm_pb_free(&pb);
    if (r != GLHLE_RESULT_OK || res.draws != 1) {
        fprintf(stderr, "fuzz_maxwell_gl: the plain draw after the input failed (%s, %u draws)\n",
                glhle_result_string(r), res.draws);
        abort();
    }
    if (glhle_context_gl_error_count(ctx)) {
        fprintf(stderr, "fuzz_maxwell_gl: %llu GL errors\n", (unsigned long long)glhle_context_gl_error_count(ctx));
        abort();
    }
    return 0;
}
