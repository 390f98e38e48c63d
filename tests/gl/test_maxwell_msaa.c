/* Multisampled render targets (backend/maxwell/render/msaa.c) on llvmpipe:
 * SET_ANTI_ALIAS MODE_2X2, a 32x32 A8B8G8R8 block-linear colour target
 * whose memory is a 64x64 image, each pixel a 2x2 block of its 4 samples.
 *
 * The expected pictures come from a CPU model written here: sample i of
 * pixel (x, y) lies at (x + X_i / 16, y + Y_i / 16) and is stored at
 * (2x + BX_i, 2y + BY_i) of the memory image, with (X, Y, BX, BY) from
 * Mesa's nvc0 driver (nvc0_context.c, nvc0_get_sample_locations: positions
 * in 1/16 pixel, the block coordinates in its comments; the sample-expanded
 * memory size is yuzu's, video_core/texture_cache/samples_helper.h
 * SamplesLog2). A sample is covered when it lies strictly inside the
 * triangle by the three edge functions, computed exactly in integers (the
 * vertices lie on the 1/256-pixel grid the rasterizer snaps to, and no
 * sample lies on an edge: asserted). Which sample goes to which block
 * position is checked by the memory image itself, so samples stored in the
 * wrong order (the block positions transposed, say) fail.
 *
 * - triangle_samples_and_resolve: a triangle over the cleared target; the
 *   written-back sample image against the model, bit-exact (at scale 1;
 *   at scale 2 the samples farther than 1/2 pixel from every edge); the
 *   target presented as a 2X2 surface (a GL resolve) against the model's
 *   4-sample means; then the 2D engine's resolve, a bilinear 902D blit of
 *   the 64x64 sample image with steps of 2 into a 32x32 target, against
 *   the means too (the colours differ by multiples of 4 in each channel,
 *   so a mean is an integer, exact in twod.c's float model and GL's).
 * - load_keeps_samples: random bytes in the sample image, loaded, a small
 *   triangle drawn, written back: every sample outside the triangle keeps
 *   its bytes (load and write-back agree at scales 1, 2 and 3).
 * - resolve_matches_cpu: the 2D engine's bilinear blits from the sample
 *   image on the GPU against the CPU engine, byte for byte.
 * - zeta_samples_round_trip, zeta_depth_test_per_sample: multisampled
 *   Z16, ZF32, ZF32_X24S8, Z24S8 and S8Z24 targets keep their samples
 *   through load and write-back, bit-exact, and the depth test runs per
 *   sample.
 * - zeta24_draws_per_sample: Z24S8 and S8Z24 2X2 targets after three
 *   draws with depth and stencil tests, each sample against a model of
 *   coverage, the plane's depth in 24-bit unorm and the stencil ops.
 * - modes_refused: 4X4 and 4X2_VC_24 (no documented sample places) are
 *   refused by name, for draws and presents; 2X2_VC_12 by the GL's
 *   sample places (desktop llvmpipe). triangle_samples_and_resolve draws
 *   every other mode, the D3D and VC ones too, where the GL has its
 *   samples at the mode's places (on llvmpipe 2X2 and 2X2_VC_4).
 * - ms_array_target_per_layer: a 3-layer 2X2 array target drawn into
 *   layer 1 and cleared at layer 2, written back: each sample's bytes at
 *   its layer's place against the model, layer 0 and the gaps kept.
 * - ms_array_layered_draw: the array target drawn whole, a geometry
 *   program writing layer 2: that layer's samples as the model says.
 * - tld_ms_of_array_layers: TLD.MS of layers 1 and 0 of a TWO_D_ARRAY
 *   header over that target, each sample against the model and memory.
 * - present_replays_from_a_trace: a recorded session replays to the live
 *   frame of a 2X2 present (the trace keeps the surface's mode).
 * - tld_ms_of_a_target: the triangle drawn into the 2X2 target, then a
 *   texture header for it with MULTI_SAMPLE_COUNT MODE_2X2 and a pixel
 *   program doing TLD.MS of sample k at each pixel's position, drawn into
 *   a single-sampled target: every pixel holds the model's sample k, at
 *   scale 1 (the target itself) and 2 (a copy of the samples in the
 *   Maxwell's order; samples near an edge not compared); never through
 *   memory; a MODE_2X1 header over it is refused by name (no such target
 *   on llvmpipe).
 * - tld_ms_from_memory: a 2X2 sample image only the CPU wrote, fetched
 *   by TLD.MS sample by sample: each equals the word the test put at that
 *   sample's place; written again, fetched again (reloaded).
 * - tld_ms_of_depth: the same for Z16, ZF32 and ZF32_X24S8 sample images,
 *   fetched as floats.
 * Skips when the shader corpus is absent. */
#include "support/test_support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/render_targets.h"
#include "scenes/maxwell_draw_scene.h"
#include "support/maxwell_fake_mem.h"
#include "support/maxwell_support.h"
#include "support/maxwell_tex_support.h"

#define W TMD_RECTS_W
#define H TMD_RECTS_H
#define VA TMD_RECTS_RT_VA
#define B_OFF 0x40000u
#define VA_B (VA + B_OFF)
#define M(byte_offset) ((byte_offset) / 4u)

/* nvc0_get_sample_locations, 2, 4 and 8 samples: x, y (1/16 px), block x, y */
static const int POS2[2][4] = {{4, 4, 0, 0}, {12, 12, 1, 0}};
static const int POS4[4][4] = {{6, 2, 0, 0}, {14, 6, 1, 0}, {2, 10, 0, 1}, {10, 14, 1, 1}};
static const int POS8[8][4] = {{1, 7, 0, 0}, {5, 3, 1, 0},   {3, 13, 0, 1}, {7, 11, 1, 1},
                               {9, 5, 2, 0}, {15, 1, 3, 0}, {11, 15, 2, 1}, {13, 9, 3, 1}};

/* The other modes' colour samples, envytools docs/hw/memory/g80-surface.rst
 * ("Multisample modes"): MS2_ALT and MS8_ALT (2X1_D3D and 4X2_D3D),
 * MS4_CS12 (2X2_VC_12), MS8_CS8 (4X2_VC_8); MS4_CS4's (2X2_VC_4) are MS4's */
static const int POS2_D3D[2][4] = {{12, 12, 1, 0}, {4, 4, 0, 0}};
static const int POS8_D3D[8][4] = {{9, 5, 2, 0}, {7, 11, 1, 1}, {13, 9, 3, 1}, {5, 3, 1, 0},
                                   {3, 13, 0, 1}, {1, 7, 0, 0}, {11, 15, 2, 1}, {15, 1, 3, 0}};
static const int POS4_VC12[4][4] = {{6, 1, 0, 0}, {15, 6, 1, 0}, {1, 10, 0, 1}, {10, 15, 1, 1}};
static const int POS8_VC8[8][4] = {{1, 3, 0, 0}, {6, 4, 1, 0}, {3, 15, 0, 1}, {4, 11, 1, 1},
                                   {12, 1, 2, 0}, {14, 7, 3, 0}, {8, 8, 2, 1}, {15, 13, 3, 1}};

/* SET_ANTI_ALIAS modes with documented sample places (clb197.h values; the
 * VC modes as their colour samples, in the colour samples' block, yuzu's
 * NumSamples and SamplesLog2) */
typedef struct mode_info {
    uint32_t value, n, sx, sy;
    const int (*pos)[4];
    const char *name;
} mode_info;
#define MODE_COUNT 8
static const mode_info MODES[MODE_COUNT] = {
    {1, 2, 1, 0, POS2, "2X1"},          {2, 4, 1, 1, POS4, "2X2"},           {3, 8, 2, 1, POS8, "4X2"},
    {4, 8, 2, 1, POS8_D3D, "4X2_D3D"},  {5, 2, 1, 0, POS2_D3D, "2X1_D3D"},   {8, 4, 1, 1, POS4, "2X2_VC_4"},
    {9, 4, 1, 1, POS4_VC12, "2X2_VC_12"}, {10, 8, 2, 1, POS8_VC8, "4X2_VC_8"}};
static const mode_info *MODE = &MODES[1]; /* the mode the helpers below model */

static const float BLACK[4] = {0, 0, 0, 1};
/* 200, 104, 40: each channel's distance from the clear colour a multiple of 8 */
static const float TRI_RGBA[4] = {200.0f / 255, 104.0f / 255, 40.0f / 255, 1};
static const uint8_t TRI_BYTES[4] = {200, 104, 40, 255}, CLEAR_BYTES[4] = {0, 0, 0, 255};

/* vertices in 1/256 pixel, guest row 0 at the top */
typedef struct tri {
    int64_t v[3][2];
} tri;

static int64_t edge(const tri *t, int i, int64_t px, int64_t py)
{
    const int64_t *a = t->v[i], *b = t->v[(i + 1) % 3];
    return (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0]);
}

/* sample i of pixel (x, y) inside t (either winding) */
static bool covered(const tri *t, uint32_t x, uint32_t y, int i)
{
    const int64_t px = (int64_t)x * 256 + MODE->pos[i][0] * 16, py = (int64_t)y * 256 + MODE->pos[i][1] * 16;
    const int64_t e0 = edge(t, 0, px, py), e1 = edge(t, 1, px, py), e2 = edge(t, 2, px, py);
    assert_true(e0 && e1 && e2); /* no sample on an edge: no tie rule needed */
    return (e0 > 0 && e1 > 0 && e2 > 0) || (e0 < 0 && e1 < 0 && e2 < 0);
}

/* At scale k the GPU draws each sample within 1/k native pixel of its
 * native place (msaa.c), so a sample that close to an edge may differ
 * there; none at scale 1. */
static bool near_edge(const tri *t, uint32_t x, uint32_t y, int i, uint32_t scale)
{
    if (scale == 1)
        return false;
    const double px = (double)x * 256 + MODE->pos[i][0] * 16, py = (double)y * 256 + MODE->pos[i][1] * 16;
    for (int k = 0; k < 3; k++) {
        const int64_t *a = t->v[k], *b = t->v[(k + 1) % 3];
        const double dx = (double)(b[0] - a[0]), dy = (double)(b[1] - a[1]);
        const double dist = fabs(dx * (py - (double)a[1]) - dy * (px - (double)a[0])) / sqrt(dx * dx + dy * dy);
        if (dist < 256.0 / scale)
            return true;
    }
    return false;
}

static void draw_tri(tmd_rects *e, const tri *t)
{
    uint32_t first = e->verts;
    for (int k = 0; k < 3; k++)
        tmd_vertex(e, (float)t->v[k][0] / 256 / (W / 2) - 1, (float)t->v[k][1] / 256 / (H / 2) - 1, 0, TRI_RGBA);
    tmd_set(e, 0x1214, first | 3u << 16 | 4u << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST: triangles */
}

/* byte offset of memory-image texel (sx, sy): (W << sx) x (H << sy)
 * RGBA8, 2 GOBs a block */
static uint64_t sample_at(uint32_t sx, uint32_t sy)
{
    return mwt_bl_offset((W << MODE->sx) * 4, H << MODE->sy, 1, 0, sx * 4, sy, 0);
}

/* where sample i of pixel (x, y) is in memory */
static uint64_t sample_of(uint32_t x, uint32_t y, int i)
{
    return sample_at((x << MODE->sx) + (uint32_t)MODE->pos[i][2], (y << MODE->sy) + (uint32_t)MODE->pos[i][3]);
}

static const tri BIG = {{{845, 537}, {7347, 2406}, {2867, 7578}}};

/* the 2D engine: the sample image at VA into the 32x32 target at VA_B,
 * bilinear, centre origin, steps of the block's size (cl902d.h); a
 * bilinear tap averages two texels a side, so blocks up to 2x2 */
static void resolve_blit(tm_pb *pb)
{
    const uint32_t s[10] = {0xD5, 0, 1u << 4, 1, 0, 0, W << MODE->sx, H << MODE->sy, (uint32_t)(VA >> 32),
                            (uint32_t)VA};
    tm_inc(pb, TM_SUB_2D, M(0x230), 10, s); /* SRC FORMAT, LAYOUT, BLOCK_SIZE, DEPTH, -, PITCH, W, H, OFFSET */
    const uint32_t d[10] = {0xD5, 0, 1u << 4, 1, 0, 0, W, H, (uint32_t)(VA_B >> 32), (uint32_t)VA_B};
    tm_inc(pb, TM_SUB_2D, M(0x200), 10, d);
    tm_set1(pb, TM_SUB_2D, M(0x290), 0);  /* CLIP_ENABLE off */
    tm_set1(pb, TM_SUB_2D, M(0x2AC), 3);  /* SET_OPERATION SRCCOPY */
    tm_set1(pb, TM_SUB_2D, M(0x88C), 0x10); /* SAMPLE_MODE: BILINEAR, ORIGIN_CENTER */
    const uint32_t p[12] = {0, 0, W, H, 0, 1u << MODE->sx, 0, 1u << MODE->sy, 0, 0, 0, 0}; /* DST_X0..DV_DY_INT, SRC_X0, SRC_Y0 */
    tm_inc(pb, TM_SUB_2D, M(0x8B0), 12, p);
}

/* The model's mean of pixel (x, y)'s samples, or -1 where a sample lies
 * too near an edge to compare at this scale. */
static int mean_of(const tri *t, uint32_t x, uint32_t y, int c, uint32_t scale)
{
    int n = 0;
    const int all = (int)MODE->n;
    for (int i = 0; i < all; i++) {
        if (near_edge(t, x, y, i, scale))
            return -1;
        n += covered(t, x, y, i);
    }
    return (n * TRI_BYTES[c] + (all - n) * CLEAR_BYTES[c]) / all;
}

/* The target presented as a 2X2 surface: the frame (top row first, scale
 * times the size) shows each pixel's mean (a GL resolve). */
static void check_present(tmd_rects *e, uint32_t scale)
{
    glhle_maxwell_present_desc pd = {.surface = {.va = VA, .format = 0xD5, .width = W, .height = H,
                                                 .block_height_log2 = 1, .aa_mode = MODE->value}};
    assert_int_equal(glhle_maxwell_present(e->gpu, &pd), GLHLE_RESULT_OK);
    const uint32_t fw = W * scale, fh = H * scale;
    uint8_t *frame = malloc((size_t)fw * fh * 4);
    assert_non_null(frame);
    uint32_t w = 0, h = 0, bad = 0, compared = 0;
    assert_int_equal(glhle_maxwell_read_frame(e->gpu, frame, (size_t)fw * fh * 4, &w, &h), GLHLE_RESULT_OK);
    assert_int_equal(w, fw);
    assert_int_equal(h, fh);
    for (uint32_t y = 0; y < fh; y++)
        for (uint32_t x = 0; x < fw; x++)
            for (int c = 0; c < 4; c++) {
                const int want = mean_of(&BIG, x / scale, y / scale, c, scale);
                if (want < 0)
                    continue;
                compared++;
                const uint8_t g = frame[((size_t)y * fw + x) * 4 + c];
                if (g != want) {
                    if (bad < 4)
                        print_message("  scale %u: presented (%u, %u) channel %d is %u, want %d\n", scale, x, y, c,
                                      g, want);
                    bad++;
                }
            }
    free(frame);
    if (bad)
        fail_msg("scale %u: %u presented channels differ from the model's means", scale, bad);
    assert_true(compared > fw * fh * 2);
}

/* a new pushbuffer, and everything written back to guest memory */
static void restart_and_flush(tmd_rects *e)
{
    tm_pb_free(&e->pb);
    tm_pb_init(&e->pb);
    assert_int_equal(glhle_maxwell_flush(e->gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
}

/* pixel (x, y) of the single-sampled 32x32 target at VA_B */
static const uint8_t *pixel_b(const tmd_rects *e, uint32_t x, uint32_t y)
{
    return e->rt + B_OFF + mwt_bl_offset(W * 4, H, 1, 0, x * 4, y, 0);
}

static void triangle_samples_and_resolve(void **state)
{
    uint32_t drawn_modes = 0, drawn = 0;
    for (int m = 0; m < MODE_COUNT; m++)
        for (uint32_t scale = 1; scale <= 2; scale++) {
            MODE = &MODES[m];
            tmd_rects e;
            if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", BLACK))
                skip();
            tmd_submit(&e, 0);
            tmd_set(&e, 0x15d0, MODE->value); /* SET_ANTI_ALIAS SAMPLES */
            tmd_set(&e, 0x19d0, 0x3C);        /* CLEAR_SURFACE R-A, now of the multisampled target */
            draw_tri(&e, &BIG);
            glhle_maxwell_run_result res;
            ts_log_clear();
            const glhle_result r = tm_submit(e.gpu, &e.pb, &res);
            if (r == GLHLE_RESULT_UNSUPPORTED && ts_log_contains("target: the GL")) {
                /* refused by name: the GL has not these samples at these places */
                print_message("  MODE_%s refused on this GL (its log says why)\n", MODE->name);
                tmd_rects_close(&e);
                break;
            }
            assert_int_equal(r, GLHLE_RESULT_OK);
            assert_int_equal(res.draws, 1);
            tm_pb_free(&e.pb);
            tm_pb_init(&e.pb);
            assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
            uint32_t bad = 0, partial = 0, near = 0;
            for (uint32_t y = 0; y < H; y++)
                for (uint32_t x = 0; x < W; x++) {
                    uint32_t n = 0;
                    for (int i = 0; i < (int)MODE->n; i++) {
                        const bool in = covered(&BIG, x, y, i);
                        n += in;
                        if (near_edge(&BIG, x, y, i, scale)) {
                            near++;
                            continue;
                        }
                        const uint8_t *g = e.rt + sample_of(x, y, i);
                        if (memcmp(g, in ? TRI_BYTES : CLEAR_BYTES, 4)) {
                            if (bad < 4)
                                print_message("  MODE_%s scale %u: pixel (%u, %u) sample %d is %u %u %u %u, want "
                                              "%s\n", MODE->name, scale, x, y, i, g[0], g[1], g[2], g[3],
                                              in ? "the triangle" : "the clear colour");
                            bad++;
                        }
                    }
                    partial += n > 0 && n < MODE->n;
                }
            if (bad)
                fail_msg("MODE_%s scale %u: %u samples differ from the model", MODE->name, scale, bad);
            check_present(&e, scale);
            print_message("  MODE_%s scale %u: %u partly covered pixels; %u samples near an edge not compared\n",
                          MODE->name, scale, partial, near);
            assert_true(partial > 40); /* the edges do cut pixels */
            drawn_modes += scale == 1;
            drawn |= 1u << MODE->value;
            if (MODE->sx > 1 || MODE->sy > 1) {
                tmd_rects_close(&e);
                continue;
            }
            /* the resolve through the 2D engine */
            resolve_blit(&e.pb);
            assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_OK);
            assert_int_equal(res.problems, 0);
            restart_and_flush(&e);
            for (uint32_t y = 0; y < H; y++)
                for (uint32_t x = 0; x < W; x++) {
                    const uint8_t *g = pixel_b(&e, x, y);
                    for (int c = 0; c < 4; c++) {
                        const int want = mean_of(&BIG, x, y, c, scale);
                        if (want >= 0 && g[c] != want) {
                            if (bad < 4)
                                print_message("  MODE_%s scale %u: resolved (%u, %u) channel %d is %u, want %d\n",
                                              MODE->name, scale, x, y, c, g[c], want);
                            bad++;
                        }
                    }
                }
            if (bad)
                fail_msg("MODE_%s scale %u: %u resolved channels differ from the model", MODE->name, scale, bad);
            assert_true(e.gpu->render->stats.draws == 1);
            tmd_rects_close(&e);
        }
    MODE = &MODES[1];
    if (!drawn_modes && ts_gles()) {
        print_message("SKIP on OpenGL ES: the driver has none of the modes with its samples at the Maxwell's places\n");
        skip();
    }
    /* llvmpipe (the suite's desktop driver) has the standard 4x pattern:
     * 2X2's places, which 2X2_VC_4's colour samples have too */
    assert_true(drawn_modes >= 1);
    if (!ts_gles() && (drawn & (1u << 2 | 1u << 8)) != (1u << 2 | 1u << 8))
        fail_msg("MODE_2X2 and MODE_2X2_VC_4 were not both drawn (modes drawn: 0x%x)", drawn);
}

static void load_keeps_samples(void **state)
{
    static const tri SMALL = {{{2100, 1900}, {4500, 2300}, {2900, 4700}}};
    for (uint32_t scale = 1; scale <= 3; scale++) {
        tmd_rects e;
        if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", BLACK))
            skip();
        tmd_submit(&e, 0);
        /* the CPU writes random samples over the (flushed) 1x target */
        const size_t span = 2 * W * 4 * 2 * H;
        uint8_t *before = malloc(span);
        assert_non_null(before);
        uint32_t seed = 0x9E3779B9u * scale;
        for (size_t i = 0; i < span; i++) {
            seed = seed * 1664525u + 1013904223u;
            before[i] = (uint8_t)(seed >> 24);
        }
        memcpy(e.rt, before, span);
        assert_int_equal(glhle_maxwell_invalidate(e.gpu, VA, span), GLHLE_RESULT_OK);
        tmd_set(&e, 0x15d0, 2); /* MODE_2X2 */
        draw_tri(&e, &SMALL);
        glhle_maxwell_run_result res;
        const glhle_result r = tm_submit(e.gpu, &e.pb, &res);
        if (r == GLHLE_RESULT_UNSUPPORTED && e.ctx->info.gles) {
            print_message("SKIP on OpenGL ES: the driver has no MODE_2X2 target with the Maxwell's sample places\n");
            free(before);
            tmd_rects_close(&e);
            skip();
        }
        assert_int_equal(r, GLHLE_RESULT_OK);
        tm_pb_free(&e.pb);
        tm_pb_init(&e.pb);
        assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
        uint32_t bad = 0, drawn = 0;
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++)
                for (int i = 0; i < 4; i++) {
                    const bool in = covered(&SMALL, x, y, i);
                    const uint64_t off = sample_of(x, y, i);
                    drawn += in;
                    if (near_edge(&SMALL, x, y, i, scale))
                        continue;
                    if (memcmp(e.rt + off, in ? TRI_BYTES : before + off, 4)) {
                        if (bad < 4)
                            print_message("  scale %u: pixel (%u, %u) sample %d changed wrongly\n", scale, x, y, i);
                        bad++;
                    }
                }
        if (bad)
            fail_msg("scale %u: %u samples differ", scale, bad);
        assert_true(drawn > 20);
        free(before);
        tmd_rects_close(&e);
    }
}

/* One run of resolve_matches_cpu: random samples and destination bytes,
 * a triangle drawn into the 2X2 target (so it is resident), two bilinear
 * blits from its sample image: the resolve, then fractional steps and
 * origins, CORNER, a source origin left of and above the image (clamped
 * texels) and a clip rectangle; the destination's flushed bytes out. */
static uint64_t resolve_run(void *ctx, uint32_t scale, bool on_cpu, uint8_t *out, size_t out_size)
{
    static const tri SMALL = {{{2100, 1900}, {4500, 2300}, {2900, 4700}}};
    tmd_rects e;
    if (!tmd_rects_open(&e, ctx, scale, "passthrough_vsh", "color_fsh", BLACK))
        return UINT64_MAX;
    tmd_submit(&e, 0);
    const size_t span = 2 * W * 4 * 2 * H;
    uint32_t seed = 0x2545F491u * scale;
    for (size_t i = 0; i < span + out_size; i++) {
        seed = seed * 1664525u + 1013904223u;
        e.rt[i < span ? i : B_OFF + i - span] = (uint8_t)(seed >> 24);
    }
    assert_int_equal(glhle_maxwell_invalidate(e.gpu, VA, B_OFF + out_size), GLHLE_RESULT_OK);
    tmd_set(&e, 0x15d0, 2); /* MODE_2X2 */
    draw_tri(&e, &SMALL);
    glhle_maxwell_run_result res;
    const glhle_result r = tm_submit(e.gpu, &e.pb, &res);
    if (r == GLHLE_RESULT_UNSUPPORTED && e.ctx->info.gles) {
        tmd_rects_close(&e);
        return UINT64_MAX;
    }
    assert_int_equal(r, GLHLE_RESULT_OK);
    tm_pb_free(&e.pb);
    tm_pb_init(&e.pb);
    e.gpu->render->twod_on_cpu = on_cpu;
    resolve_blit(&e.pb);
    tm_set1(&e.pb, TM_SUB_2D, M(0x88C), 0x11); /* BILINEAR, ORIGIN_CORNER */
    const uint32_t clip[5] = {2, 4, 27, 26, 1}; /* CLIP_X0, Y0, WIDTH, HEIGHT, ENABLE */
    tm_inc(&e.pb, TM_SUB_2D, M(0x280), 5, clip);
    /* DST 3, 5, 26 x 25; DU 1.37, DV 0.81; SRC_X0 -1.3, SRC_Y0 -2.6 (32.32, the INT word signed) */
    const uint32_t p[12] = {3, 5, 26, 25, 0x5EB851ECu, 1, 0xCF5C28F6u, 0, 0xB3333333u, 0xFFFFFFFEu, 0x66666666u,
                            0xFFFFFFFDu};
    tm_inc(&e.pb, TM_SUB_2D, M(0x8B0), 12, p);
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    memcpy(out, e.rt + B_OFF, out_size);
    const uint64_t resolves = e.gpu->render->stats.twod_resolves;
    tmd_rects_close(&e);
    return resolves;
}

/* The 2D engine's bilinear blits from a multisampled target run on the GPU
 * (twod_gpu.c's resolve pass) and leave, flushed, the bytes the CPU
 * engine (twod.c) leaves from the written-back samples, at scales 1-3:
 * random samples put every rounding case (a mean's x.5 included) and
 * every fraction's float rounding in front of both. */
static void resolve_matches_cpu(void **state)
{
    const size_t size = W * 4 * H; /* 32x32 RGBA8, 2 GOBs a block: whole blocks */
    uint8_t *gpu = malloc(size), *cpu = malloc(size);
    assert_non_null(gpu);
    assert_non_null(cpu);
    for (uint32_t scale = 1; scale <= 3; scale++) {
        const uint64_t on_gpu = resolve_run(*state, scale, false, gpu, size);
        if (on_gpu == UINT64_MAX) {
            free(gpu);
            free(cpu);
            if (ts_gles())
                print_message("SKIP on OpenGL ES: the driver has no MODE_2X2 target with the Maxwell's sample "
                              "places\n");
            skip();
        }
        assert_int_equal(resolve_run(*state, scale, true, cpu, size), 0);
        assert_int_equal(on_gpu, 2); /* both blits took the GPU path */
        uint32_t bad = 0;
        for (size_t i = 0; i < size; i++)
            if (gpu[i] != cpu[i]) {
                if (bad < 4)
                    print_message("  scale %u: byte %zu is %u on the GPU, %u from the CPU engine\n", scale, i,
                                  gpu[i], cpu[i]);
                bad++;
            }
        if (bad)
            fail_msg("scale %u: %u resolved bytes differ from the CPU engine's", scale, bad);
    }
    free(gpu);
    free(cpu);
}

/* ---- multisampled depth-stencil targets ---- */

#define VA_Z (VA + 0x100000u)

/* A zeta format's texel: its bytes, which of them hold stencil (the rest
 * depth, or unused X bits: x_mask), as in memory (clb197.h's names list
 * the most significant component first: ZF32_X24S8 is a float, then
 * the stencil byte and 24 unused bits; the 24-bit depth formats are
 * refused, modes_refused) */
typedef struct zeta_info {
    uint32_t value, bytes;
    uint8_t stencil_mask, x_mask; /* bit i: byte i */
    bool f32;                     /* bytes 0-3 a float depth */
    const char *name;
} zeta_info;
static const zeta_info ZETAS[5] = {{0x13, 2, 0, 0, false, "Z16"},
                                   {0x0A, 4, 0, 0, true, "ZF32"},
                                   {0x19, 8, 0x10, 0xE0, true, "ZF32_X24S8"},
                                   {0x14, 4, 0x01, 0, false, "Z24S8"},
                                   {0x16, 4, 0x08, 0, false, "S8Z24"}};

/* Runs e's words (`draws` draws into a 2X2 target) and flushes; false,
 * with e closed and the reason printed, where an ES driver has no such
 * target. */
static bool submit_2x2(tmd_rects *e, uint32_t draws)
{
    glhle_maxwell_run_result res;
    const glhle_result r = tm_submit(e->gpu, &e->pb, &res);
    if (r == GLHLE_RESULT_UNSUPPORTED && e->ctx->info.gles) {
        print_message("SKIP on OpenGL ES: the driver has no MODE_2X2 target with the Maxwell's sample places\n");
        tmd_rects_close(e);
        return false;
    }
    assert_int_equal(r, GLHLE_RESULT_OK);
    assert_int_equal(res.draws, draws);
    tm_pb_free(&e->pb);
    tm_pb_init(&e->pb);
    assert_int_equal(glhle_maxwell_flush(e->gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    return true;
}

static uint64_t zeta_sample_of(const zeta_info *z, uint32_t x, uint32_t y, int i)
{
    return mwt_bl_offset((W << 1) * z->bytes, H << 1, 1, 0, ((x << 1) + (uint32_t)POS4[i][2]) * z->bytes,
                         (y << 1) + (uint32_t)POS4[i][3], 0);
}

/* A 2X2 colour target with a 2X2 depth target of each format, random
 * samples in it (floats in [0, 1) for the float formats, X bits 0), a
 * small triangle drawn with the depth test ALWAYS and depth writes on,
 * written back at scales 1 and 2: every sample outside the triangle keeps
 * its bytes, stencil included; those inside keep their stencil and all
 * hold one depth, different from what the sample held (so samples were
 * loaded, written and written back each to its own place). */
static void zeta_samples_round_trip(void **state)
{
    static const tri SMALL = {{{2100, 1900}, {4500, 2300}, {2900, 4700}}};
    for (int f = 0; f < 5; f++)
        for (uint32_t scale = 1; scale <= 2; scale++) {
            const zeta_info *z = &ZETAS[f];
            tmd_rects e;
            if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", BLACK))
                skip();
            tmd_submit(&e, 0);
            const size_t span = (size_t)(W << 1) * (H << 1) * z->bytes;
            uint8_t *before = malloc(span);
            assert_non_null(before);
            uint32_t seed = 0x6C078965u * (uint32_t)(f + 1) + scale;
            for (size_t t = 0; t < span; t += z->bytes)
                for (uint32_t b = 0; b < z->bytes; b++) {
                    seed = seed * 1664525u + 1013904223u;
                    before[t + b] = z->x_mask >> b & 1 ? 0 : (uint8_t)(seed >> 24);
                    if (z->f32 && b == 3) { /* (24 random bits) / 2^24 */
                        const float v = (float)((uint32_t)before[t] | (uint32_t)before[t + 1] << 8 |
                                                (uint32_t)before[t + 2] << 16) / 16777216.0f;
                        memcpy(before + t, &v, 4);
                    }
                }
            /* 24-bit depth: every 7th sample 2^24 - 2 and every 11th 2^24 - 1,
             * the two values whose float fetch on llvmpipe agrees (msaa.c),
             * every 13th 0 */
            for (size_t t = 0; z->stencil_mask && !z->f32 && t < span; t += 4) {
                const size_t k = t / 4;
                const uint32_t dz = k % 7 == 0 ? 0xFFFFFEu : k % 11 == 0 ? 0xFFFFFFu : k % 13 == 0 ? 0 : UINT32_MAX;
                for (uint32_t b = 0; dz != UINT32_MAX && b < 3; b++)
                    before[t + b + (z->stencil_mask == 1)] = (uint8_t)(dz >> 8 * b);
            }
            memcpy(e.rt + 0x100000u, before, span);
            assert_int_equal(glhle_maxwell_invalidate(e.gpu, VA_Z, span), GLHLE_RESULT_OK);
            tmd_zeta(&e.pb, VA_Z, W, H, z->value);
            tmd_set(&e, 0x15d0, 2);      /* MODE_2X2 */
            tmd_set(&e, 0x12cc, 1);      /* SET_DEPTH_TEST */
            tmd_set(&e, 0x12e8, 1);      /* SET_DEPTH_WRITE */
            tmd_set(&e, 0x130c, 0x0207); /* SET_DEPTH_FUNC OGL_ALWAYS */
            draw_tri(&e, &SMALL);
            if (!submit_2x2(&e, 1)) {
                free(before);
                skip();
            }
            const uint8_t *zm = e.rt + 0x100000u;
            uint32_t bad = 0, inside = 0, moved = 0;
            uint8_t depth[8];
            bool have = false;
            for (uint32_t y = 0; y < H; y++)
                for (uint32_t x = 0; x < W; x++)
                    for (int i = 0; i < 4; i++) {
                        MODE = &MODES[1];
                        const bool in = covered(&SMALL, x, y, i);
                        const uint64_t off = zeta_sample_of(z, x, y, i);
                        if (near_edge(&SMALL, x, y, i, scale))
                            continue;
                        bool ok = true;
                        for (uint32_t b = 0; b < z->bytes; b++) {
                            const bool keep = !in || (z->stencil_mask >> b & 1) || (z->x_mask >> b & 1);
                            if (keep) {
                                ok &= zm[off + b] == before[off + b];
                            } else if (!have) {
                                depth[b] = zm[off + b];
                            } else {
                                ok &= zm[off + b] == depth[b];
                                moved += zm[off + b] != before[off + b];
                            }
                        }
                        if (in) {
                            inside++;
                            have = true;
                        }
                        if (!ok) {
                            if (bad < 4)
                                print_message("  %s scale %u: pixel (%u, %u) sample %d is wrong (%s the "
                                              "triangle): %02x %02x %02x %02x, was %02x %02x %02x %02x\n",
                                              z->name, scale, x, y, i, in ? "inside" : "outside", zm[off],
                                              zm[off + 1], zm[off + 2 % z->bytes], zm[off + 3 % z->bytes],
                                              before[off], before[off + 1], before[off + 2 % z->bytes],
                                              before[off + 3 % z->bytes]);
                            bad++;
                        }
                    }
            if (bad)
                fail_msg("%s scale %u: %u depth samples differ", z->name, scale, bad);
            assert_true(inside > 20);
            assert_true(moved > 0);
            free(before);
            tmd_rects_close(&e);
        }
}

/* The depth test runs per sample: BIG drawn near over a cleared far
 * depth, then a nearer-than-clear, farther-than-BIG full-target rectangle
 * in green with OGL_LESS; every colour sample is the triangle's where the
 * sample is inside BIG and green elsewhere, partly covered pixels
 * included (one depth per pixel would make their samples agree). */
static void zeta_depth_test_per_sample(void **state)
{
    static const float GREEN[4] = {0, 1, 0, 1};
    static const uint8_t GREEN_BYTES[4] = {0, 255, 0, 255};
    MODE = &MODES[1];
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tmd_rects e;
        if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", BLACK))
            skip();
        tmd_submit(&e, 0);
        tmd_set(&e, 0x15d0, 2); /* MODE_2X2 */
        tmd_zeta(&e.pb, VA_Z, W, H, 0x19 /* ZF32_X24S8 */);
        tmd_set(&e, 0x0d90, tm_u(1.0f)); /* SET_Z_CLEAR_VALUE */
        tmd_set(&e, 0x19d0, 0x3D);       /* CLEAR_SURFACE: Z, R-A */
        tmd_set(&e, 0x12cc, 1);          /* SET_DEPTH_TEST */
        tmd_set(&e, 0x12e8, 1);          /* SET_DEPTH_WRITE */
        tmd_set(&e, 0x130c, 0x0201);     /* SET_DEPTH_FUNC OGL_LESS */
        const uint32_t first = e.verts;
        for (int k = 0; k < 3; k++)
            tmd_vertex(&e, (float)BIG.v[k][0] / 256 / (W / 2) - 1, (float)BIG.v[k][1] / 256 / (H / 2) - 1, 0.25f,
                       TRI_RGBA);
        tmd_set(&e, 0x1214, first | 3u << 16 | 4u << 28);
        const uint32_t rect = tmd_rect(&e, 0, 0, W, H, 0.5f, GREEN, false);
        tmd_set(&e, 0x1214, rect | 6u << 16 | 4u << 28);
        if (!submit_2x2(&e, 2))
            skip();
        uint32_t bad = 0, partial = 0;
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++) {
                uint32_t n = 0;
                for (int i = 0; i < 4; i++) {
                    const bool in = covered(&BIG, x, y, i);
                    n += in;
                    if (near_edge(&BIG, x, y, i, scale))
                        continue;
                    const uint8_t *g = e.rt + sample_of(x, y, i);
                    if (memcmp(g, in ? TRI_BYTES : GREEN_BYTES, 4)) {
                        if (bad < 4)
                            print_message("  scale %u: pixel (%u, %u) sample %d is %u %u %u %u, want %s\n", scale, x,
                                          y, i, g[0], g[1], g[2], g[3], in ? "the triangle" : "green");
                        bad++;
                    }
                }
                partial += n > 0 && n < 4;
            }
        if (bad)
            fail_msg("scale %u: %u colour samples differ from the per-sample depth model", scale, bad);
        assert_true(partial > 40);
        tmd_rects_close(&e);
    }
}

/* 24-bit depth per sample: a Z24S8 or S8Z24 2X2 target cleared to depth
 * 1.0 and stencil 0x33; BIG drawn with a sloped depth (window z 0.2, 0.6,
 * 0.45 at its vertices), depth LESS, stencil ALWAYS REPLACE 0x5A; a
 * rectangle over the left half at window z 0.25, stencil EQUAL 0x33 with
 * fail INVERT and pass INCR; then the whole target at window z 0.53125,
 * depth LESS without depth writes, stencil ALWAYS with zfail DECR. Each
 * written-back sample against the model: coverage by BIG's edge functions
 * at the sample's place, BIG's depth from its plane at the place the
 * sample is drawn (msaa.c: at scale k the scaled pixel holding the native
 * position, so floor(k X / 16) / k + X / 16k into the pixel), as round(z x
 * (2^24 - 1)) within 1 (llvmpipe interpolates in float), the rectangle's
 * 0.25 exactly (4194304), and the stencil ops in order; samples within 2
 * of the last draw's depth are not compared. Fails with the depth and
 * stencil bytes in the other format's order or the stencil dropped. */
typedef struct zs24 {
    uint32_t depth, stencil;
    bool loose; /* depth within 1 */
} zs24;

static zs24 zs24_model(uint32_t x, uint32_t y, int i, uint32_t scale, bool *skip_it)
{
    static const double ZW[3] = {0.2, 0.6, 0.45};
    const double M24 = 16777215.0;
    const double px = x + (floor((double)scale * POS4[i][0] / 16) + POS4[i][0] / 16.0) / scale;
    const double py = y + (floor((double)scale * POS4[i][1] / 16) + POS4[i][1] / 16.0) / scale;
    zs24 z = {0xFFFFFFu, 0x33, false};
    *skip_it = near_edge(&BIG, x, y, i, scale);
    if (covered(&BIG, x, y, i)) { /* the plane by barycentric weights */
        const double ax = BIG.v[0][0] / 256.0, ay = BIG.v[0][1] / 256.0, bx = BIG.v[1][0] / 256.0,
                     by = BIG.v[1][1] / 256.0, cx = BIG.v[2][0] / 256.0, cy = BIG.v[2][1] / 256.0;
        const double area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
        const double wb = ((px - ax) * (cy - ay) - (py - ay) * (cx - ax)) / area;
        const double wc = ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / area;
        z.depth = (uint32_t)floor(((1 - wb - wc) * ZW[0] + wb * ZW[1] + wc * ZW[2]) * M24 + 0.5);
        z.stencil = 0x5A;
        z.loose = true;
    }
    if (x < W / 2) { /* stencil EQUAL 0x33: fail INVERT, pass (depth 0.25 < 1) INCR */
        if (z.stencil == 0x33) {
            z.depth = 4194304; /* round(0.25 x (2^24 - 1)) */
            z.loose = false;
            z.stencil = 0x34;
        } else {
            z.stencil ^= 0xFF;
        }
    }
    const uint32_t c = 8912895; /* round(0.53125 x (2^24 - 1)) */
    if (z.loose && z.depth + 2 >= c && z.depth <= c + 2)
        *skip_it = true;
    if (c >= z.depth && z.stencil) /* LESS fails: DECR, clamped at 0 */
        z.stencil--;
    return z;
}

static void zeta24_draw(void **state, const zeta_info *z, uint32_t scale)
{
    static const float GREEN[4] = {0, 1, 0, 1};
    static const float ZV[3] = {-0.6f, 0.2f, -0.1f}; /* window z 0.2, 0.6, 0.45 */
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    tmd_submit(&e, 0);
    tmd_set(&e, 0x15d0, 2); /* MODE_2X2 */
    tmd_zeta(&e.pb, VA_Z, W, H, z->value);
    tmd_set(&e, 0x139c, 0xFF);       /* SET_STENCIL_MASK */
    tmd_set(&e, 0x0d90, tm_u(1.0f)); /* SET_Z_CLEAR_VALUE */
    tmd_set(&e, 0x0da0, 0x33);       /* SET_STENCIL_CLEAR_VALUE */
    tmd_set(&e, 0x19d0, 0x3F);       /* CLEAR_SURFACE: Z, STENCIL, R-A */
    tmd_set(&e, 0x12cc, 1);          /* SET_DEPTH_TEST */
    tmd_set(&e, 0x12e8, 1);          /* SET_DEPTH_WRITE */
    tmd_set(&e, 0x130c, 0x0201);     /* SET_DEPTH_FUNC OGL_LESS */
    tmd_set(&e, 0x1380, 1);          /* SET_STENCIL_TEST */
    tmd_set(&e, 0x1384, 0x1E00);     /* OP_FAIL OGL_KEEP */
    tmd_set(&e, 0x1388, 0x1E00);     /* OP_ZFAIL OGL_KEEP */
    tmd_set(&e, 0x138c, 0x1E01);     /* OP_ZPASS OGL_REPLACE */
    tmd_set(&e, 0x1390, 0x0207);     /* FUNC OGL_ALWAYS */
    tmd_set(&e, 0x1394, 0x5A);       /* FUNC_REF */
    tmd_set(&e, 0x1398, 0xFF);       /* FUNC_MASK */
    const uint32_t first = e.verts;
    for (int k = 0; k < 3; k++)
        tmd_vertex(&e, (float)BIG.v[k][0] / 256 / (W / 2) - 1, (float)BIG.v[k][1] / 256 / (H / 2) - 1, ZV[k],
                   TRI_RGBA);
    tmd_set(&e, 0x1214, first | 3u << 16 | 4u << 28);
    tmd_set(&e, 0x1384, 0x150A);     /* OP_FAIL OGL_INVERT */
    tmd_set(&e, 0x138c, 0x1E02);     /* OP_ZPASS OGL_INCR */
    tmd_set(&e, 0x1390, 0x0202);     /* FUNC OGL_EQUAL */
    tmd_set(&e, 0x1394, 0x33);
    const uint32_t left = tmd_rect(&e, 0, 0, W / 2, H, -0.5f, GREEN, false);
    tmd_set(&e, 0x1214, left | 6u << 16 | 4u << 28);
    tmd_set(&e, 0x12e8, 0);          /* SET_DEPTH_WRITE off */
    tmd_set(&e, 0x1384, 0x1E00);     /* OP_FAIL OGL_KEEP */
    tmd_set(&e, 0x1388, 0x1E03);     /* OP_ZFAIL OGL_DECR */
    tmd_set(&e, 0x138c, 0x1E00);     /* OP_ZPASS OGL_KEEP */
    tmd_set(&e, 0x1390, 0x0207);     /* FUNC OGL_ALWAYS */
    const uint32_t all = tmd_rect(&e, 0, 0, W, H, 0.0625f, GREEN, false);
    tmd_set(&e, 0x1214, all | 6u << 16 | 4u << 28);
    if (!submit_2x2(&e, 3))
        skip();
    uint32_t bad = 0, compared = 0, sloped = 0, exact = 0, partial = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            uint32_t n = 0;
            for (int i = 0; i < 4; i++) {
                bool skip_it;
                const zs24 want = zs24_model(x, y, i, scale, &skip_it);
                n += covered(&BIG, x, y, i);
                if (skip_it)
                    continue;
                uint32_t w;
                memcpy(&w, e.rt + 0x100000u + zeta_sample_of(z, x, y, i), 4);
                const uint32_t depth = z->stencil_mask == 1 ? w >> 8 : w & 0xFFFFFFu;
                const uint32_t st = z->stencil_mask == 1 ? w & 0xFF : w >> 24;
                const uint32_t dd = depth > want.depth ? depth - want.depth : want.depth - depth;
                compared++;
                sloped += want.loose;
                exact += want.loose && dd == 0;
                if (st != want.stencil || dd > (want.loose ? 1u : 0u)) {
                    if (bad < 4)
                        print_message("  %s scale %u: pixel (%u, %u) sample %d holds depth 0x%06x stencil "
                                      "0x%02x, want 0x%06x%s 0x%02x\n", z->name, scale, x, y, i, depth, st,
                                      want.depth, want.loose ? " (within 1)" : "", want.stencil);
                    bad++;
                }
            }
            partial += n > 0 && n < 4;
        }
    if (bad)
        fail_msg("%s scale %u: %u of %u samples differ from the depth-stencil model", z->name, scale, bad,
                 compared);
    assert_true(sloped > 1000);
    assert_true(partial > 40);
    print_message("  %s scale %u: %u samples (%u on BIG's plane, %u of them exactly) equal the model\n", z->name,
                  scale, compared, sloped, exact);
    tmd_rects_close(&e);
}

static void zeta24_draws_per_sample(void **state)
{
    MODE = &MODES[1];
    for (uint32_t scale = 1; scale <= 2; scale++) {
        zeta24_draw(state, &ZETAS[3], scale);
        zeta24_draw(state, &ZETAS[4], scale);
    }
}

typedef struct replay_check {
    const uint8_t *live;
    uint32_t frames, bad;
} replay_check;

static glhle_result replayed_frame(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    (void)frame;
    replay_check *c = user;
    uint8_t got[W * H * 4];
    uint32_t w = 0, h = 0;
    assert_int_equal(glhle_maxwell_read_frame(gpu, got, sizeof got, &w, &h), GLHLE_RESULT_OK);
    c->bad += w != W || h != H || memcmp(got, c->live, sizeof got) != 0;
    c->frames++;
    return GLHLE_RESULT_OK;
}

/* A recorded session keeps the present's sample mode: the replayed frame
 * is the live one (a replay presenting one sample would show the top left
 * of the sample image instead). */
static void present_replays_from_a_trace(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    glhle_maxwell_recorder *rec;
    assert_int_equal(glhle_maxwell_recorder_create(NULL, &rec), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_recorder_attach(rec, e.gpu), GLHLE_RESULT_OK);
    tmd_submit(&e, 0);
    tmd_set(&e, 0x15d0, 2);
    tmd_set(&e, 0x19d0, 0x3C);
    draw_tri(&e, &BIG);
    glhle_maxwell_run_result res;
    const glhle_result r = tm_submit(e.gpu, &e.pb, &res);
    if (r == GLHLE_RESULT_UNSUPPORTED && e.ctx->info.gles) {
        print_message("SKIP on OpenGL ES: the driver has no MODE_2X2 target with the Maxwell's sample places\n");
        glhle_maxwell_recorder_destroy(rec);
        tmd_rects_close(&e);
        skip();
    }
    assert_int_equal(r, GLHLE_RESULT_OK);
    tm_pb_free(&e.pb);
    tm_pb_init(&e.pb);
    glhle_maxwell_present_desc pd = {.surface = {.va = VA, .format = 0xD5, .width = W, .height = H,
                                                 .block_height_log2 = 1, .aa_mode = 2}};
    assert_int_equal(glhle_maxwell_present(e.gpu, &pd), GLHLE_RESULT_OK);
    static uint8_t live[W * H * 4];
    assert_int_equal(glhle_maxwell_read_frame(e.gpu, live, sizeof live, NULL, NULL), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_recorder_finish(rec), GLHLE_RESULT_OK);
    const uint8_t *data;
    size_t size;
    assert_int_equal(glhle_maxwell_recorder_bytes(rec, &data, &size), GLHLE_RESULT_OK);
    replay_check c = {.live = live};
    glhle_maxwell_replay_desc rd = {.ctx = e.ctx, .maxwell = {.log = ts_log_fn, .scale = 1},
                                    .on_frame = replayed_frame, .user = &c};
    glhle_maxwell_replay_stats st;
    assert_int_equal(glhle_maxwell_trace_replay(data, size, &rd, &st), GLHLE_RESULT_OK);
    assert_int_equal(st.problems, 0);
    assert_int_equal(c.frames, 1);
    assert_int_equal(c.bad, 0);
    glhle_maxwell_recorder_destroy(rec);
    tmd_rects_close(&e);
}

/* A texture header for the multisampled surface at va: 2D, 32x32 pixels,
 * 2 GOBs a block, MULTI_SAMPLE_COUNT MW(235:232) = mode (clb197tex.h;
 * deko3d's tic_generate.cpp keeps the type TWO_D and the size in pixels
 * for a 2DMS image), COMPONENTS and data type as given (0x08 A8B8G8R8,
 * 0x3a Z16, 0x2f ZF32, 0x30 ZF32_X24S8; 2 unorm, 7 float). */
static void ms_header(uint8_t *data, uint64_t va, uint32_t components, uint32_t type, uint32_t mode)
{
    const tmt_tic_desc td = {.components = components, .type = type, .texture_type = 1, .width = W, .height = H,
                             .levels = 1, .bh = 1};
    uint32_t tic[8];
    tmt_make_tic(&td, va, tic);
    tmt_field(tic, 235, 232, mode);
    memcpy(data + TMD_TIC, tic, 32);
    memset(data + TMD_TSC, 0, 32);
    data[TMD_TSC + 4] = 1 | 1 << 4 | 1 << 6; /* MAG_POINT, MIN_POINT, MIP_NONE */
}

/* A pixel program (frag_coord_fsh's header: position in, colour 0 from
 * R0-R3 out): IPA.PASS R0, a[0x70]; F2I.S32.TRUNC R4, R0; IPA.PASS R1,
 * a[0x74]; F2I.S32.TRUNC R5, R1 (the pixel's x, y); MOV32I R6, k;
 * TLD.MS R0, R4, R6 (2D, rgba, handle word 0x1a4: c0[0x690], the pixel
 * stage's first handle in the deko3d layout, 0 there: header 0); EXIT. The IPA and F2I
 * words are the corpus compiler's (frag_coord_fsh.envydis.txt) with other
 * registers; TLD.MS is test_maxwell_random's test_tld_ms encoding (Mesa
 * emitTLD, MS at bit 50, the sample register after the coordinates'
 * Rb). */
static void tld_ms_program(uint64_t code[12], uint32_t k)
{
    const uint64_t sched = 0x003fc001e1e0070full, exit_ = 0xe30000000007000full, guard = 7ull << 16;
    const uint64_t mov = 0x0100000000000000ull | 0xfull << 12 | guard;
    const uint64_t tld = 0xdc38000000000000ull | 1ull << 50 | 2ull << 28 | guard;
    const uint64_t words[12] = {sched, 0xe003ff870ff7ff00ull, 0x5cb0118000071a04ull, 0xe003ff874ff7ff01ull,
                                sched, 0x5cb0118000171a05ull, mov | (uint64_t)k << 20 | 6,
                                tld | 0x1a4ull << 36 | 0xfull << 31 | 6ull << 20 | 4ull << 8 | 0,
                                sched, exit_, exit_, exit_};
    memcpy(code, words, sizeof words);
}

/* The header and sampler pools at the scene's data (entry 0 each) */
static void tld_ms_pools(tmd_rects *e)
{
    const uint64_t tic_pool = TMD_RECTS_DATA_VA + TMD_TIC, tsc_pool = TMD_RECTS_DATA_VA + TMD_TSC;
    tmd_set(e, 0x1574, (uint32_t)(tic_pool >> 32)); /* SET_TEX_HEADER_POOL_A/B/C */
    tmd_set(e, 0x1578, (uint32_t)tic_pool);
    tmd_set(e, 0x157c, 15);
    tmd_set(e, 0x155c, (uint32_t)(tsc_pool >> 32)); /* SET_TEX_SAMPLER_POOL_A/B/C */
    tmd_set(e, 0x1560, (uint32_t)tsc_pool);
    tmd_set(e, 0x1564, 15);
}

/* Sample k of every pixel of the header's surface fetched by TLD.MS into
 * the single-sampled A8B8G8R8 target at VA_B, and everything flushed;
 * false when the GL has not the mode's samples at the Maxwell's places
 * (the surface refused by name) */
static bool tld_ms_fetch_code(tmd_rects *e, const tmc_shader *fc, uint64_t code[12], uint32_t k)
{
    tmc_shader fs = *fc;
    fs.code = code;
    fs.words = 12;
    fs.cbuf1 = NULL;
    fs.cbuf1_size = 0;
    tmd_set(e, 0x15d0, 0);
    tmd_target(&e->pb, VA_B, W, H, 0xD5);
    tmd_programs(&e->pb, e->data, TMD_RECTS_DATA_VA, &e->vs, &fs);
    /* the core wrote a new pixel program and the pools (not the surface) */
    assert_int_equal(glhle_maxwell_invalidate(e->gpu, TMD_RECTS_DATA_VA, TMD_DATA_SIZE), GLHLE_RESULT_OK);
    const uint32_t first = tmd_rect(e, 0, 0, W, H, 0, TRI_RGBA, false);
    tmd_set(e, 0x1214, first | 6u << 16 | 4u << 28);
    glhle_maxwell_run_result res;
    ts_log_clear();
    const glhle_result r = tm_submit(e->gpu, &e->pb, &res);
    if ((r != GLHLE_RESULT_OK || res.problems) && ts_log_contains("target: the GL"))
        return false;
    if (r != GLHLE_RESULT_OK || res.problems)
        fail_msg("sample %u: the TLD.MS draw gave %s with %u problems", k, glhle_result_string(r), res.problems);
    assert_int_equal(res.draws, 1);
    restart_and_flush(e);
    return true;
}

static bool tld_ms_fetch(tmd_rects *e, const tmc_shader *fc, uint32_t k)
{
    uint64_t code[12];
    tld_ms_program(code, k);
    return tld_ms_fetch_code(e, fc, code, k);
}

/* The scene at `scale` (skips without the corpus) and the pixel program
 * whose header tld_ms_fetch's programs take */
static void tld_ms_open(tmd_rects *e, tmc_shader *fc, void *ctx, uint32_t scale)
{
    if (!tmd_rects_open(e, ctx, scale, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    assert_true(tmc_load("frag_coord_fsh", fc));
    tmd_submit(e, 0);
}

static void tld_ms_of_a_target(void **state)
{
    MODE = &MODES[1];
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tmd_rects e;
        tmc_shader fc;
        tld_ms_open(&e, &fc, *state, scale);
        tmd_set(&e, 0x15d0, MODE->value); /* SET_ANTI_ALIAS SAMPLES MODE_2X2 */
        tmd_set(&e, 0x19d0, 0x3C);
        draw_tri(&e, &BIG);
        glhle_maxwell_run_result res;
        ts_log_clear();
        glhle_result r = tm_submit(e.gpu, &e.pb, &res);
        if (r == GLHLE_RESULT_UNSUPPORTED && ts_log_contains("target: the GL")) {
            tmc_free(&fc);
            tmd_rects_close(&e);
            print_message("SKIP on OpenGL ES: the GL has not MODE_2X2's samples at the Maxwell's places\n");
            skip();
        }
        assert_int_equal(r, GLHLE_RESULT_OK);
        tm_pb_free(&e.pb);
        tm_pb_init(&e.pb);
        ms_header(e.data, VA, 0x08, 2, MODE->value);
        tld_ms_pools(&e);
        const uint64_t writebacks = e.gpu->render->stats.writebacks;
        uint32_t bad = 0, inside = 0, near = 0;
        for (uint32_t k = 0; k < MODE->n; k++) {
            assert_true(tld_ms_fetch(&e, &fc, k));
            for (uint32_t y = 0; y < H; y++)
                for (uint32_t x = 0; x < W; x++) {
                    /* scaled, each sample is drawn within 1/scale pixel of its place */
                    if (near_edge(&BIG, x, y, (int)k, scale)) {
                        near++;
                        continue;
                    }
                    const bool in = covered(&BIG, x, y, (int)k);
                    inside += in;
                    const uint8_t *g = pixel_b(&e, x, y);
                    if (memcmp(g, in ? TRI_BYTES : CLEAR_BYTES, 4)) {
                        if (bad < 4)
                            print_message("  scale %u: sample %u of (%u, %u) fetched as %u %u %u %u, want %s\n",
                                          scale, k, x, y, g[0], g[1], g[2], g[3],
                                          in ? "the triangle" : "the clear colour");
                        bad++;
                    }
                }
        }
        if (bad)
            fail_msg("scale %u: %u fetched samples differ from the model", scale, bad);
        assert_true(inside > 100 && inside < MODE->n * W * H - 100);
        assert_int_equal(e.gpu->render->stats.textures_skipped, 0);
        /* the target itself at 1x (llvmpipe numbers its 4 samples as the
         * Maxwell does), a copy of its samples scaled, made once for the
         * four draws that sample it (the target is not rendered between
         * them: textures.c keeps the copy); never memory: the
         * write-backs are the test's flushes, of the B target after each
         * fetch and of the 2X2 target once, after the first (it was
         * fetched from before it ever was written back) */
        assert_int_equal(e.gpu->render->stats.texture_copies, scale == 1 ? 0 : 1);
        assert_int_equal(e.gpu->render->stats.writebacks - writebacks, MODE->n + 1);
        assert_int_equal(e.gpu->render->stats.texture_loads, 0);
        print_message("  TLD.MS of the MODE_2X2 target at scale %u: %u samples (%u inside the triangle, %u near an "
                      "edge not compared) equal the model\n", scale, MODE->n * W * H, inside, near);
        /* a draw into the 2X2 target between: the next fetch sees it
         * (scaled: through a second copy) */
        tmd_programs(&e.pb, e.data, TMD_RECTS_DATA_VA, &e.vs, &e.fs);
        assert_int_equal(glhle_maxwell_invalidate(e.gpu, TMD_RECTS_DATA_VA, TMD_DATA_SIZE), GLHLE_RESULT_OK);
        tmd_target(&e.pb, VA, W, H, 0xD5);
        tmd_set(&e, 0x15d0, MODE->value);
        static const float GREEN[4] = {0, 1, 0, 1};
        static const uint8_t GREEN_BYTES[4] = {0, 255, 0, 255};
        const uint32_t over = tmd_rect(&e, 0, 0, W, H, 0, GREEN, false);
        tmd_set(&e, 0x1214, over | 6u << 16 | 4u << 28);
        assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_OK);
        assert_int_equal(res.draws, 1);
        restart_and_flush(&e);
        ms_header(e.data, VA, 0x08, 2, MODE->value);
        assert_true(tld_ms_fetch(&e, &fc, MODE->n - 1));
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++)
                if (memcmp(pixel_b(&e, x, y), GREEN_BYTES, 4))
                    fail_msg("scale %u: after the target was drawn over, sample %u of (%u, %u) is %u %u %u %u, "
                             "want the new green", scale, MODE->n - 1, x, y, pixel_b(&e, x, y)[0],
                             pixel_b(&e, x, y)[1], pixel_b(&e, x, y)[2], pixel_b(&e, x, y)[3]);
        assert_int_equal(e.gpu->render->stats.texture_copies, scale == 1 ? 0 : 2);
        if (scale == 1) {
            /* a header naming MODE_2X1 over the 2X2 target: a 2X1 surface
             * there, which llvmpipe cannot make (it has 4 samples only): the
             * slot is refused by name and the draw goes on */
            ms_header(e.data, VA, 0x08, 2, 1);
            assert_int_equal(glhle_maxwell_invalidate(e.gpu, TMD_RECTS_DATA_VA, TMD_DATA_SIZE), GLHLE_RESULT_OK);
            const uint32_t first = tmd_rect(&e, 0, 0, W, H, 0, TRI_RGBA, false);
            tmd_set(&e, 0x1214, first | 6u << 16 | 4u << 28);
            ts_log_clear();
            (void)tm_submit(e.gpu, &e.pb, &res);
            assert_int_equal(res.draws, 1);
            if (!ts_log_contains("(32x32, 2 samples, A8B8G8R8): no multisampled surface for it"))
                fail_msg("no log line names the 2X1 header");
            assert_int_equal(e.gpu->render->stats.textures_skipped, 1);
        }
        tmc_free(&fc);
        tmd_rects_close(&e);
    }
}

/* An independent 32-bit generator for the samples the CPU writes */
static uint32_t next_word(uint32_t *seed)
{
    *seed = *seed * 1664525u + 1013904223u;
    return *seed;
}

/* tld_ms_from_memory: no target was ever drawn there: the CPU writes a
 * 2X2 A8B8G8R8 sample image (random words, sample i of pixel (x, y) at
 * (2x + BX_i, 2y + BY_i) of the 64x64 block-linear image, sample_of) and
 * TLD.MS of each sample reads its word; the CPU writes the image again
 * and the next fetches read the new words (the surface reloaded). */
static void tld_ms_from_memory(void **state)
{
    MODE = &MODES[1];
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tmd_rects e;
        tmc_shader fc;
        tld_ms_open(&e, &fc, *state, scale);
        ms_header(e.data, VA, 0x08, 2, MODE->value);
        tld_ms_pools(&e);
        const size_t span = 2 * W * 4 * 2 * H;
        uint32_t seed = 0x51ED270Bu + scale, bad = 0;
        for (int round = 0; round < 2; round++) {
            for (size_t i = 0; i < span; i += 4) {
                const uint32_t v = next_word(&seed);
                memcpy(e.rt + i, &v, 4);
            }
            assert_int_equal(glhle_maxwell_invalidate(e.gpu, VA, span), GLHLE_RESULT_OK);
            for (uint32_t k = 0; k < MODE->n; k++) {
                if (!tld_ms_fetch(&e, &fc, k)) {
                    print_message("SKIP on OpenGL ES: the GL has not MODE_2X2's samples at the Maxwell's places\n");
                    tmc_free(&fc);
                    tmd_rects_close(&e);
                    skip();
                }
                for (uint32_t y = 0; y < H; y++)
                    for (uint32_t x = 0; x < W; x++) {
                        const uint8_t *g = pixel_b(&e, x, y), *want = e.rt + sample_of(x, y, (int)k);
                        if (memcmp(g, want, 4)) {
                            if (bad < 4)
                                print_message("  scale %u round %d: sample %u of (%u, %u) fetched as %02x%02x%02x%02x, "
                                              "memory holds %02x%02x%02x%02x\n", scale, round, k, x, y, g[0], g[1],
                                              g[2], g[3], want[0], want[1], want[2], want[3]);
                            bad++;
                        }
                    }
            }
        }
        if (bad)
            fail_msg("scale %u: %u fetched samples differ from the guest's sample image", scale, bad);
        assert_int_equal(e.gpu->render->stats.textures_skipped, 0);
        print_message("  TLD.MS of a 2X2 image only in memory, scale %u: %u samples twice equal memory\n", scale,
                      MODE->n * W * H);
        tmc_free(&fc);
        tmd_rects_close(&e);
    }
}

/* tld_ms_of_depth: 2X2 Z16, ZF32 and ZF32_X24S8 sample images the CPU
 * writes (depth n / 255 for a random n of 0-255 at each sample: Z16 code
 * 257 n, a float's bits; the stencil byte random), fetched by TLD.MS as
 * floats, (d, 0, 0, 1), into the A8B8G8R8 target: each pixel's red byte is
 * round(255 d) = n, green and blue 0, alpha 255. */
static void tld_ms_of_depth(void **state)
{
    static const struct {
        uint32_t components, type, bytes;
        const char *name;
    } ZF[3] = {{0x3a, 2, 2, "Z16"}, {0x2f, 7, 4, "ZF32"}, {0x30, 7, 8, "ZF32_X24S8"}};
    MODE = &MODES[1];
    for (uint32_t scale = 1; scale <= 2; scale++)
        for (int z = 0; z < 3; z++) {
            tmd_rects e;
            tmc_shader fc;
            tld_ms_open(&e, &fc, *state, scale);
            ms_header(e.data, VA_Z, ZF[z].components, ZF[z].type, MODE->value);
            tld_ms_pools(&e);
            const uint32_t row = (W << MODE->sx) * ZF[z].bytes, rows = H << MODE->sy;
            const size_t span = (size_t)row * rows;
            uint8_t *n = malloc((size_t)W * H * MODE->n);
            assert_non_null(n);
            uint32_t seed = 0xC0FFEEu * (uint32_t)(z + 1) + scale;
            for (uint32_t y = 0; y < H; y++)
                for (uint32_t x = 0; x < W; x++)
                    for (uint32_t i = 0; i < MODE->n; i++) {
                        const uint8_t v = (uint8_t)(next_word(&seed) >> 24);
                        n[(y * W + x) * MODE->n + i] = v;
                        const uint32_t mx = (x << MODE->sx) + (uint32_t)MODE->pos[i][2];
                        const uint32_t my = (y << MODE->sy) + (uint32_t)MODE->pos[i][3];
                        uint8_t *p = e.rt + (VA_Z - VA) + mwt_bl_offset(row, rows, 1, 0, mx * ZF[z].bytes, my, 0);
                        if (ZF[z].bytes == 2) {
                            const uint16_t c = (uint16_t)(257u * v);
                            memcpy(p, &c, 2);
                        } else {
                            const float d = (float)v / 255.0f;
                            memcpy(p, &d, 4);
                            if (ZF[z].bytes == 8) {
                                const uint32_t st = next_word(&seed) >> 24;
                                memcpy(p + 4, &st, 4);
                            }
                        }
                    }
            assert_int_equal(glhle_maxwell_invalidate(e.gpu, VA_Z, span), GLHLE_RESULT_OK);
            uint32_t bad = 0;
            for (uint32_t k = 0; k < MODE->n; k++) {
                if (!tld_ms_fetch(&e, &fc, k)) {
                    print_message("SKIP on OpenGL ES: the GL has not MODE_2X2's %s samples at the Maxwell's "
                                  "places\n", ZF[z].name);
                    free(n);
                    tmc_free(&fc);
                    tmd_rects_close(&e);
                    skip();
                }
                for (uint32_t y = 0; y < H; y++)
                    for (uint32_t x = 0; x < W; x++) {
                        const uint8_t *g = pixel_b(&e, x, y);
                        const uint8_t want[4] = {n[(y * W + x) * MODE->n + k], 0, 0, 255};
                        if (memcmp(g, want, 4)) {
                            if (bad < 4)
                                print_message("  %s scale %u: sample %u of (%u, %u) fetched as %u %u %u %u, want "
                                              "%u 0 0 255\n", ZF[z].name, scale, k, x, y, g[0], g[1], g[2], g[3],
                                              want[0]);
                            bad++;
                        }
                    }
            }
            if (bad)
                fail_msg("%s scale %u: %u fetched depth samples differ from memory", ZF[z].name, scale, bad);
            assert_int_equal(e.gpu->render->stats.textures_skipped, 0);
            print_message("  TLD.MS of a 2X2 %s image in memory, scale %u: %u samples equal memory\n", ZF[z].name,
                          scale, MODE->n * W * H);
            free(n);
            tmc_free(&fc);
            tmd_rects_close(&e);
        }
}

/* ---- multisampled 2D arrays ---- */

#define AR_LAYERS 3u
#define AR_LAYER_BYTES (2u * W * 4 * 2 * H) /* a layer's 64x64 RGBA8 sample image, 2-GOB blocks */

/* Colour target 0 at VA: the 2X2 A8B8G8R8 array of AR_LAYERS layers
 * `pitch` bytes apart (SET_COLOR_TARGET_THIRD_DIMENSION, ARRAY_PITCH in
 * 4-byte units; clb197.h), drawn and cleared at `layer`
 * (SET_COLOR_TARGET_LAYER; nouveau's convention: the address is layer 0's) */
static void ms_array_target(tmd_rects *e, uint32_t pitch, uint32_t layer)
{
    tmd_set(e, 0x0818, AR_LAYERS);
    tmd_set(e, 0x081c, pitch >> 2);
    tmd_set(e, 0x0820, layer);
}

/* Random bytes over the layers and the gaps between them, the CPU's;
 * the copy in `before` */
static void ms_array_fill(tmd_rects *e, uint32_t pitch, uint8_t *before, uint32_t seed)
{
    const size_t span = (size_t)pitch * (AR_LAYERS - 1) + AR_LAYER_BYTES;
    for (size_t i = 0; i < span; i += 4) {
        const uint32_t v = next_word(&seed);
        memcpy(e->rt + i, &v, 4);
    }
    memcpy(before, e->rt, span);
    assert_int_equal(glhle_maxwell_invalidate(e->gpu, VA, span), GLHLE_RESULT_OK);
}

/* The resident array surface: one multisampled surface of AR_LAYERS layers */
static bool array_resident(const tmd_rects *e)
{
    const mw_render *r = e->gpu->render;
    for (uint32_t i = 0; i < r->count; i++)
        if (r->surf[i].d.va == VA && r->surf[i].d.depth == AR_LAYERS && r->surf[i].d.sx == 1 &&
            r->surf[i].d.sy == 1)
            return true;
    return false;
}

/* e's words (one draw into the array target) run and flushed, the array
 * resident; false, the reason printed, where an ES driver has not
 * MODE_2X2's samples at the Maxwell's places */
static bool array_submit(tmd_rects *e)
{
    glhle_maxwell_run_result res;
    ts_log_clear();
    const glhle_result r = tm_submit(e->gpu, &e->pb, &res);
    if (r == GLHLE_RESULT_UNSUPPORTED && ts_log_contains("target: the GL") && ts_gles()) {
        print_message("SKIP on OpenGL ES: the GL has not MODE_2X2's samples at the Maxwell's places\n");
        return false;
    }
    assert_int_equal(r, GLHLE_RESULT_OK);
    assert_int_equal(res.draws, 1);
    assert_int_equal(res.problems, 0);
    assert_true(array_resident(e));
    restart_and_flush(e);
    return true;
}

/* ms_array_target_per_layer: a 3-layer 2X2 A8B8G8R8 array target over
 * random bytes, its layers `pitch` apart (a layer's size, and with a
 * gap): BIG drawn into layer 1, layer 2 cleared; after the flush every
 * sample of layer 1 is the triangle's where the model covers it and its
 * old bytes elsewhere, every sample of layer 2 the clear colour, layer 0
 * and the gaps unchanged, each at the layer's place in memory (l * pitch).
 * At scales 1 and 2; one multisampled array surface holds the layers. */
static void ms_array_target_per_layer(void **state)
{
    static const uint32_t pitches[2] = {AR_LAYER_BYTES, AR_LAYER_BYTES + 0x800};
    MODE = &MODES[1];
    for (uint32_t p = 0; p < 2; p++)
        for (uint32_t scale = 1; scale <= 2; scale++) {
            const uint32_t pitch = pitches[p];
            tmd_rects e;
            if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", BLACK))
                skip();
            tmd_submit(&e, 0);
            uint8_t *before = malloc((size_t)pitch * AR_LAYERS);
            assert_non_null(before);
            ms_array_fill(&e, pitch, before, 0x1234567u * (p + 1) + scale);
            tmd_set(&e, 0x15d0, MODE->value); /* SET_ANTI_ALIAS SAMPLES MODE_2X2 */
            ms_array_target(&e, pitch, 1);
            draw_tri(&e, &BIG);
            ms_array_target(&e, pitch, 2);
            tmd_set(&e, 0x19d0, 0x3C); /* CLEAR_SURFACE R-A of layer 2 */
            if (!array_submit(&e)) {
                free(before);
                tmd_rects_close(&e);
                skip();
            }
            uint32_t bad = 0, near = 0, inside = 0;
            for (uint32_t l = 0; l < AR_LAYERS; l++) {
                const size_t at = (size_t)l * pitch;
                for (uint32_t y = 0; y < H; y++)
                    for (uint32_t x = 0; x < W; x++)
                        for (int i = 0; i < (int)MODE->n; i++) {
                            const size_t off = at + sample_of(x, y, i);
                            const uint8_t *want = before + off;
                            if (l == 1) {
                                if (near_edge(&BIG, x, y, i, scale)) {
                                    near++;
                                    continue;
                                }
                                if (covered(&BIG, x, y, i)) {
                                    want = TRI_BYTES;
                                    inside++;
                                }
                            } else if (l == 2) {
                                want = CLEAR_BYTES;
                            }
                            if (memcmp(e.rt + off, want, 4)) {
                                if (bad < 4)
                                    print_message("  pitch 0x%x scale %u: layer %u pixel (%u, %u) sample %d is "
                                                  "%02x%02x%02x%02x, want %02x%02x%02x%02x\n", pitch, scale, l, x,
                                                  y, i, e.rt[off], e.rt[off + 1], e.rt[off + 2], e.rt[off + 3],
                                                  want[0], want[1], want[2], want[3]);
                                bad++;
                            }
                        }
                for (size_t o = at + AR_LAYER_BYTES; l + 1 < AR_LAYERS && o < at + pitch; o++)
                    if (e.rt[o] != before[o]) {
                        if (bad < 4)
                            print_message("  pitch 0x%x scale %u: gap byte 0x%zx after layer %u changed\n", pitch,
                                          scale, o, l);
                        bad++;
                    }
            }
            if (bad)
                fail_msg("pitch 0x%x scale %u: %u samples or gap bytes differ from the model", pitch, scale, bad);
            assert_true(inside > 1000);
            print_message("  2X2 array, layers 0x%x apart, scale %u: layer 1 drawn (%u samples inside, %u near an "
                          "edge not compared), layer 2 cleared, layer 0 and the gaps kept\n", pitch, scale, inside,
                          near);
            free(before);
            tmd_rects_close(&e);
        }
}

/* ms_array_layered_draw: BIG drawn into the 3-layer 2X2 array target
 * (SET_COLOR_TARGET_LAYER 0) by a geometry program that writes layer 2
 * (tmd_layer_gs: a[0x64], RT_ARRAY_INDEX in its SPH's output map), so the
 * draw attaches the multisample array whole and gl_Layer picks the layer:
 * after the flush layer 2's samples are the model's, layers 0 and 1 keep
 * the CPU's bytes. At scales 1 and 2. */
static void ms_array_layered_draw(void **state)
{
    MODE = &MODES[1];
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tmd_rects e;
        tmc_shader gs;
        if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", BLACK))
            skip();
        assert_true(tmd_layer_gs(&gs, 2));
        tmd_submit(&e, 0);
        uint8_t *before = malloc((size_t)AR_LAYER_BYTES * AR_LAYERS);
        assert_non_null(before);
        ms_array_fill(&e, AR_LAYER_BYTES, before, 0x7777u + scale);
        tmd_set(&e, 0x15d0, MODE->value);
        ms_array_target(&e, AR_LAYER_BYTES, 0);
        tmd_geometry_program(&e.pb, e.data, TMD_RECTS_DATA_VA, &gs);
        assert_int_equal(glhle_maxwell_invalidate(e.gpu, TMD_RECTS_DATA_VA, TMD_DATA_SIZE), GLHLE_RESULT_OK);
        draw_tri(&e, &BIG);
        if (!array_submit(&e)) {
            free(before);
            tmc_free(&gs);
            tmd_rects_close(&e);
            skip();
        }
        uint32_t bad = 0, inside = 0;
        for (uint32_t l = 0; l < AR_LAYERS; l++)
            for (uint32_t y = 0; y < H; y++)
                for (uint32_t x = 0; x < W; x++)
                    for (int i = 0; i < (int)MODE->n; i++) {
                        const size_t off = (size_t)l * AR_LAYER_BYTES + sample_of(x, y, i);
                        const uint8_t *want = before + off;
                        if (l == 2) {
                            if (near_edge(&BIG, x, y, i, scale))
                                continue;
                            if (covered(&BIG, x, y, i)) {
                                want = TRI_BYTES;
                                inside++;
                            }
                        }
                        if (memcmp(e.rt + off, want, 4)) {
                            if (bad < 4)
                                print_message("  scale %u: layer %u pixel (%u, %u) sample %d differs\n", scale, l,
                                              x, y, i);
                            bad++;
                        }
                    }
        if (bad)
            fail_msg("scale %u: %u samples differ from the model", scale, bad);
        assert_true(inside > 1000);
        print_message("  2X2 array drawn layered into layer 2 at scale %u: %u samples inside, layers 0 and 1 kept\n",
                      scale, inside);
        free(before);
        tmc_free(&gs);
        tmd_rects_close(&e);
    }
}

/* A pixel program like tld_ms_program's for a 2D-array slot: IPA and F2I
 * the pixel's x, y into R5, R6; MOV32I R4, layer (Ra's low 16 bits: an
 * array's layer comes first, Mesa emitTLD / yuzu texture_load.cpp);
 * MOV32I R7, k; TLD.MS R0, R4, R7 of type ARRAY_2D (3 at bit 28); EXIT. */
static void tld_ms_array_program(uint64_t code[12], uint32_t layer, uint32_t k)
{
    const uint64_t sched = 0x003fc001e1e0070full, exit_ = 0xe30000000007000full, guard = 7ull << 16;
    const uint64_t mov = 0x0100000000000000ull | 0xfull << 12 | guard;
    const uint64_t tld = 0xdc38000000000000ull | 1ull << 50 | 3ull << 28 | guard;
    const uint64_t words[12] = {sched, 0xe003ff870ff7ff00ull, 0x5cb0118000071a05ull, 0xe003ff874ff7ff01ull,
                                sched, 0x5cb0118000171a06ull, mov | (uint64_t)layer << 20 | 4,
                                mov | (uint64_t)k << 20 | 7, sched,
                                tld | 0x1a4ull << 36 | 0xfull << 31 | 7ull << 20 | 4ull << 8 | 0, exit_, exit_};
    memcpy(code, words, sizeof words);
}

/* tld_ms_of_array_layers: BIG drawn into layer 1 of the 3-layer 2X2 array
 * target (layers a layer's size apart, over random bytes), then a
 * TWO_D_ARRAY header over it (DEPTH 3, MULTI_SAMPLE_COUNT MODE_2X2) and
 * TLD.MS of layer 1 and of layer 0, sample by sample, into the
 * single-sampled target at VA_B: layer 1's samples are the model's,
 * layer 0's the bytes the CPU wrote there. Scale 1 binds the array target
 * itself (no copy, no write-back: the 32 fetches' flushes write back only
 * the B target and the array once), scale 2 a copy of it per fetch. */
static void tld_ms_of_array_layers(void **state)
{
    MODE = &MODES[1];
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tmd_rects e;
        tmc_shader fc;
        tld_ms_open(&e, &fc, *state, scale);
        uint8_t *before = malloc((size_t)AR_LAYER_BYTES * AR_LAYERS);
        assert_non_null(before);
        ms_array_fill(&e, AR_LAYER_BYTES, before, 0xABCDEFu + scale);
        tmd_set(&e, 0x15d0, MODE->value);
        ms_array_target(&e, AR_LAYER_BYTES, 1);
        draw_tri(&e, &BIG);
        glhle_maxwell_run_result res;
        ts_log_clear();
        glhle_result r = tm_submit(e.gpu, &e.pb, &res);
        if (r == GLHLE_RESULT_UNSUPPORTED && ts_log_contains("target: the GL") && ts_gles()) {
            print_message("SKIP on OpenGL ES: the GL has not MODE_2X2's samples at the Maxwell's places\n");
            free(before);
            tmc_free(&fc);
            tmd_rects_close(&e);
            skip();
        }
        assert_int_equal(r, GLHLE_RESULT_OK);
        tm_pb_free(&e.pb);
        tm_pb_init(&e.pb);
        /* the fetches draw into the 2D target at VA_B: one layer again */
        tmd_set(&e, 0x0818, 1);
        tmd_set(&e, 0x0820, 0);
        const tmt_tic_desc td = {.components = 0x08, .type = 2, .texture_type = 5, .width = W, .height = H,
                                 .depth = AR_LAYERS, .levels = 1, .bh = 1};
        uint32_t tic[8];
        tmt_make_tic(&td, VA, tic);
        tmt_field(tic, 235, 232, MODE->value);
        memcpy(e.data + TMD_TIC, tic, 32);
        memset(e.data + TMD_TSC, 0, 32);
        e.data[TMD_TSC + 4] = 1 | 1 << 4 | 1 << 6;
        tld_ms_pools(&e);
        const uint64_t writebacks = e.gpu->render->stats.writebacks;
        uint32_t bad = 0, inside = 0, near = 0;
        for (uint32_t layer = 1; layer <= 1; layer--) /* 1, then 0 */
            for (uint32_t k = 0; k < MODE->n; k++) {
                uint64_t code[12];
                tld_ms_array_program(code, layer, k);
                assert_true(tld_ms_fetch_code(&e, &fc, code, k));
                for (uint32_t y = 0; y < H; y++)
                    for (uint32_t x = 0; x < W; x++) {
                        const uint8_t *want = before + layer * AR_LAYER_BYTES + sample_of(x, y, (int)k);
                        if (layer == 1) {
                            if (near_edge(&BIG, x, y, (int)k, scale)) {
                                near++;
                                continue;
                            }
                            if (covered(&BIG, x, y, (int)k)) {
                                want = TRI_BYTES;
                                inside++;
                            }
                        }
                        const uint8_t *g = pixel_b(&e, x, y);
                        if (memcmp(g, want, 4)) {
                            if (bad < 4)
                                print_message("  scale %u: layer %u sample %u of (%u, %u) fetched as "
                                              "%02x%02x%02x%02x, want %02x%02x%02x%02x\n", scale, layer, k, x, y,
                                              g[0], g[1], g[2], g[3], want[0], want[1], want[2], want[3]);
                            bad++;
                        }
                    }
            }
        if (bad)
            fail_msg("scale %u: %u fetched samples differ", scale, bad);
        assert_true(inside > 1000);
        assert_int_equal(e.gpu->render->stats.textures_skipped, 0);
        assert_int_equal(e.gpu->render->stats.texture_loads, 0);
        /* one copy at scale 2, kept for every fetching draw: nothing renders the target between them */
        assert_int_equal(e.gpu->render->stats.texture_copies, scale == 1 ? 0 : 1);
        assert_int_equal(e.gpu->render->stats.writebacks - writebacks, 2 * MODE->n + 1);
        assert_true(array_resident(&e));
        print_message("  TLD.MS of layers 1 and 0 of a 2X2 array target at scale %u: %u samples (%u inside the "
                      "triangle, %u near an edge not compared) as the model and memory say\n", scale,
                      2 * MODE->n * W * H, inside, near);
        free(before);
        tmc_free(&fc);
        tmd_rects_close(&e);
    }
}

/* `mode` refused by its name, nothing drawn */
static void refused(tmd_rects *e, uint32_t mode, const char *text)
{
    tmd_set(e, 0x15d0, mode);
    draw_tri(e, &BIG);
    glhle_maxwell_run_result res;
    ts_log_clear();
    assert_int_equal(tm_submit(e->gpu, &e->pb, &res), GLHLE_RESULT_UNSUPPORTED);
    if (!ts_log_contains(text))
        fail_msg("no log line says \"%s\"", text);
    tm_pb_free(&e->pb);
    tm_pb_init(&e->pb);
}

static void modes_refused(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    tmd_submit(&e, 0);
    {
        /* what the GL offers, for the log: its counts and 4x places */
        const GladGLContext *gl = &e.ctx->gl;
        GLint max_samples = 0, max_color = 0, max_depth = 0;
        gl->GetIntegerv(GL_MAX_SAMPLES, &max_samples);
        gl->GetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &max_color);
        gl->GetIntegerv(GL_MAX_DEPTH_TEXTURE_SAMPLES, &max_depth);
        print_message("  GL_MAX_SAMPLES %d, GL_MAX_COLOR_TEXTURE_SAMPLES %d, GL_MAX_DEPTH_TEXTURE_SAMPLES %d\n",
                      max_samples, max_color, max_depth);
    }
    refused(&e, 6, "SAMPLES MODE_4X4, 16 samples) are not supported (no documented sample positions); not drawn");
    refused(&e, 11, "SAMPLES MODE_4X2_VC_24, 8 samples) are not supported (no documented sample positions)");
    /* taken, but refused by the GL's samples: llvmpipe has 4 at the
     * standard places, 2X2_VC_12's lie elsewhere (its sample 0 at (6, 1)
     * sixteenths, the GL's at (6, 2)) */
    if (!ts_gles())
        refused(&e, 9, "the GL's sample 0 of 4 lies at (0.3750, 0.1250), where the Maxwell has none");
    assert_int_equal(e.gpu->render->stats.draws, 0);
    glhle_maxwell_present_desc pd = {.surface = {.va = VA, .format = 0xD5, .width = W, .height = H,
                                                 .block_height_log2 = 1, .aa_mode = 6}};
    ts_log_clear();
    assert_int_equal(glhle_maxwell_present(e.gpu, &pd), GLHLE_RESULT_UNSUPPORTED);
    assert_true(ts_log_contains("SAMPLES MODE_4X4, 16 samples) are not supported (no documented sample positions); "
                                "not presented"));
    pd.surface.aa_mode = 12;
    assert_int_equal(glhle_maxwell_present(e.gpu, &pd), GLHLE_RESULT_BAD_DATA);
    tmd_rects_close(&e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(triangle_samples_and_resolve),
        cmocka_unit_test(load_keeps_samples),
        cmocka_unit_test(resolve_matches_cpu),
        cmocka_unit_test(zeta_samples_round_trip),
        cmocka_unit_test(zeta_depth_test_per_sample),
        cmocka_unit_test(zeta24_draws_per_sample),
        cmocka_unit_test(modes_refused),
        cmocka_unit_test(present_replays_from_a_trace),
        cmocka_unit_test(tld_ms_of_a_target),
        cmocka_unit_test(tld_ms_from_memory),
        cmocka_unit_test(tld_ms_of_depth),
        cmocka_unit_test(ms_array_target_per_layer),
        cmocka_unit_test(tld_ms_of_array_layers),
        cmocka_unit_test(ms_array_layered_draw),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
