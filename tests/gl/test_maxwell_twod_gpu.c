/* 2D engine blits on the GPU between resident render targets
 * (backend/maxwell/render/twod_gpu.c) against the CPU engine
 * (backend/maxwell/engines/twod.c): the same frame -- rectangles drawn
 * into target A, target B cleared, a 1:1 point blit of a rectangle of A
 * into B (clipped by CLIP_*) -- once with the GPU path (at scales 1 and 2)
 * and once with every blit through the CPU engine on guest memory. B's and
 * A's memory after the final write-back must be byte-identical, the GPU
 * runs must have taken the GPU path and the CPU run must not; B must show
 * the blit (the copied rectangle differs from B's clear colour, so a blit
 * that did nothing fails). A bilinear blit A -> B follows, on the GPU too.
 *
 * Then the sample pass: a source S in format Fs filled with a fixed
 * pseudo-random pattern in guest memory and drawn on (a rectangle and a
 * triangle with a slanted edge, so S's scaled pixels differ inside a
 * native pixel at scale 2), a destination D in format Fd cleared, and one
 * point blit S -> D with the case's steps, origins, origin mode and clip
 * (scaled, mirrored, past the source's edge, converting). At scales 1 and
 * 2 the same frame runs with the GPU path and with every blit on the CPU
 * engine; S's and D's memory after write-back must be byte-identical and
 * the GPU run must have taken the GPU path (or, for the cases it must
 * decline, not). A few of D's pixels are also checked against the blit's
 * formula worked out here (the texel floor(SRC_0 + (x - DST_0) * STEP +
 * STEP / 2), its components converted as floor(c * M' / 255 + 1/2)); a
 * signed destination of a signed or half source must hold negative codes.
 * The bilinear cases are the same frame with a bilinear blit (twod.c's
 * float arithmetic redone on the GPU): S's pattern is a quarter 0x81
 * bytes (snorm8 -1) and a quarter zeros, so blends meet -1/2 (the signed
 * encode's one tie), and its halves include NaNs (which encode to 0). The same on ES, every case
 * on the GPU there too (snorm targets render under EXT_render_snorm).
 *
 * Last, write-back on its own: targets in 14 formats loaded from a
 * pattern, drawn on inside a rectangle and written back must give the
 * pattern's bytes outside it (writeback_keeps_guest_bytes), and the float
 * formats' special values likewise at scales up to 4
 * (float_writeback_keeps_bits).
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

#define W TMD_RECTS_W
#define H TMD_RECTS_H
#define VA_A TMD_RECTS_RT_VA
#define B_OFF 0x40000u
#define VA_B (TMD_RECTS_RT_VA + B_OFF)
#define SPAN 0x10000u /* more than a 32x32 RGBA8 block-linear target spans */
#define M(byte_offset) ((byte_offset) / 4u)

static const float BLACK[4] = {0, 0, 0, 1}, RED[4] = {1, 0, 0, 1}, GREEN[4] = {0, 1, 0, 1},
                   BLUE[4] = {0, 0, 1, 1};

/* one side of the 2D class (cl902d.h SET_DST_* at 0x200, SET_SRC_* at 0x230):
 * A8B8G8R8 (0xD5), block-linear, block height 2 GOBs as tmd_target sets */
static void twod_side(tm_pb *pb, bool src, uint64_t va)
{
    if (src) {
        const uint32_t s[10] = {0xD5, 0, 1u << 4, 1, 0, 0, W, H, (uint32_t)(va >> 32), (uint32_t)va};
        tm_inc(pb, TM_SUB_2D, M(0x230), 10, s); /* FORMAT, LAYOUT, BLOCK_SIZE, DEPTH, -, PITCH, W, H, OFFSET */
    } else {
        const uint32_t d[10] = {0xD5, 0, 1u << 4, 1, 0, 0, W, H, (uint32_t)(va >> 32), (uint32_t)va};
        tm_inc(pb, TM_SUB_2D, M(0x200), 10, d);
    }
}

/* DST (dx, dy) w x h from SRC (sx, sy), steps 1.0; `mode` SAMPLE_MODE
 * (0: point, centre origin; 0x10 bilinear); writing SRC_Y0_INT starts it */
static void twod_blit(tm_pb *pb, uint32_t dx, uint32_t dy, uint32_t w, uint32_t h, uint32_t sx, uint32_t sy,
                      uint32_t mode)
{
    twod_side(pb, true, VA_A);
    twod_side(pb, false, VA_B);
    const uint32_t clip[5] = {0, 0, 28, H, 1}; /* CLIP_X0, Y0, WIDTH, HEIGHT, ENABLE: columns 28+ stay */
    tm_inc(pb, TM_SUB_2D, M(0x280), 5, clip);
    tm_set1(pb, TM_SUB_2D, M(0x2AC), 3); /* SET_OPERATION SRCCOPY */
    tm_set1(pb, TM_SUB_2D, M(0x88C), mode);
    const uint32_t p[12] = {dx, dy, w, h, 0, 1, 0, 1, 0, sx, 0, sy}; /* DST_X0..DV_DY_INT, SRC_X0, SRC_Y0 */
    tm_inc(pb, TM_SUB_2D, M(0x8B0), 12, p);
}

typedef struct frame {
    uint8_t a[SPAN], b[SPAN];
    uint64_t gpu_blits;
} frame;

static bool run(glhle_context *ctx, uint32_t scale, bool on_cpu, frame *out)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, ctx, scale, "passthrough_vsh", "color_fsh", BLACK))
        return false;
    e.gpu->render->twod_on_cpu = on_cpu;
    tmd_submit(&e, 0); /* A cleared */
    const uint32_t a = tmd_rect(&e, 2, 4, 14, 20, 0, RED, false);
    const uint32_t b = tmd_rect(&e, 10, 12, 30, 30, 0, GREEN, false);
    tmd_set(&e, 0x1214, a | 6u << 16 | 4u << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST: triangles */
    tmd_set(&e, 0x1214, b | 6u << 16 | 4u << 28);
    tmd_submit(&e, 2);
    /* B: the 3D target moved there and cleared to blue, so it is resident */
    tmd_target(&e.pb, VA_B, W, H, 0xD5);
    uint32_t cv[4];
    for (int k = 0; k < 4; k++)
        cv[k] = tm_u(BLUE[k]);
    tm_inc(&e.pb, TM_SUB_3D, M(0x0d80), 4, cv); /* SET_COLOR_CLEAR_VALUE */
    tmd_set(&e, 0x19d0, 0x3C);                   /* CLEAR_SURFACE R-A */
    twod_blit(&e.pb, 5, 3, 26, 17, 4, 6, 0);    /* clipped to columns 5-27 */
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    tm_pb_free(&e.pb);
    tm_pb_init(&e.pb);
    out->gpu_blits = e.gpu->render->stats.twod_gpu;
    /* a bilinear blit A -> B: the GPU path takes it too */
    twod_blit(&e.pb, 0, 24, 4, 4, 0, 0, 0x10);
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    assert_int_equal(e.gpu->render->stats.twod_gpu, out->gpu_blits + (on_cpu ? 0 : 1));
    tm_pb_free(&e.pb);
    tm_pb_init(&e.pb);
    assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    memcpy(out->a, e.rt, SPAN);
    memcpy(out->b, e.rt + B_OFF, SPAN);
    tmd_rects_close(&e);
    return true;
}

static void gpu_blit_matches_cpu_engine(void **state)
{
    frame *cpu = calloc(1, sizeof *cpu), *gpu = calloc(1, sizeof *gpu);
    assert_non_null(cpu);
    assert_non_null(gpu);
    if (!run(*state, 1, true, cpu)) {
        free(cpu), free(gpu);
        skip();
    }
    assert_int_equal(cpu->gpu_blits, 0);
    /* the blit shows: B's pixel (10, 10) is A's (9, 13), red; (6, 4) is A's
     * (5, 7), red; (29, 10) is past the clip, blue */
    uint8_t px[4];
    memcpy(px, cpu->b + mwt_bl_offset(W * 4, H, 1, 0, 10 * 4, 10, 0), 4);
    assert_int_equal(px[0], 255), assert_int_equal(px[2], 0);
    memcpy(px, cpu->b + mwt_bl_offset(W * 4, H, 1, 0, 29 * 4, 10, 0), 4);
    assert_int_equal(px[0], 0), assert_int_equal(px[2], 255);
    for (uint32_t scale = 1; scale <= 2; scale++) {
        memset(gpu, 0, sizeof *gpu);
        assert_true(run(*state, scale, false, gpu));
        print_message("  scale %u: %llu blit(s) on the GPU\n", scale, (unsigned long long)gpu->gpu_blits);
        assert_int_equal(gpu->gpu_blits, 1);
        uint32_t bad = 0;
        for (uint32_t i = 0; i < SPAN; i++)
            bad += cpu->a[i] != gpu->a[i] || cpu->b[i] != gpu->b[i];
        if (bad)
            fail_msg("scale %u: %u bytes of A and B differ from the CPU engine's", scale, bad);
    }
    free(cpu);
    free(gpu);
}

/* ---- the sample pass: scaled and converting point blits ---- */

#define S_OFF 0x80000u
#define D_OFF 0xC0000u
#define FX(v) ((int64_t)((v) * 4294967296.0)) /* 32.32 fixed point */

typedef struct blit_case {
    const char *name;
    uint32_t sfmt, dfmt;      /* cl902d.h / clb197.h format values */
    int64_t du, dv, u0, v0;   /* DU_DX, DV_DY, SRC_X0, SRC_Y0 */
    int32_t dx, dy;
    uint32_t w, h, mode;      /* SAMPLE_MODE: bit 0 CORNER, bit 4 BILINEAR */
    bool clip;                /* CLIP_* over columns 0-27 */
    bool taken;               /* the GPU path must take it */
} blit_case;

static const blit_case CASES[] = {
    {"2:1 down, centre", 0xD5, 0xD5, FX(2), FX(2), 0, 0, 0, 0, 16, 16, 0, false, true},
    {"2/3 up, corner, fractional origin, y mirrored past the edge, clipped", 0xD5, 0xD5, 0xAAAAAAABll, -FX(1.25),
     FX(1.3), FX(30.7), 2, 1, 29, 30, 1, true, true},
    {"A8B8G8R8 -> A8R8G8B8, 1:1", 0xD5, 0xCF, FX(1), FX(1), FX(3), FX(2), 0, 0, 28, 29, 0, false, true},
    {"A8B8G8R8 -> R5G6B5, 3/4", 0xD5, 0xE8, FX(0.75), FX(0.75), FX(0.5), FX(0.25), 1, 2, 30, 28, 0, false, true},
    {"R5G6B5 -> A8B8G8R8, 5/4 by 1", 0xE8, 0xD5, FX(1.25), FX(1), FX(-2), 0, 0, 3, 32, 26, 1, false, true},
    {"A2B10G10R10 -> R16_G16_B16_A16, 1/2 by 3/2", 0xD1, 0xC6, FX(0.5), FX(1.5), FX(7), FX(0.6), 0, 0, 32, 32, 0,
     false, true},
    {"AN8BN8GN8RN8 -> A8B8G8R8, half-texel origin", 0xD7, 0xD5, FX(1), FX(1), FX(0.5), FX(0.5), 0, 0, 32, 32, 0,
     true, true},
    {"R16_G16_B16_A16 -> RN16_GN16_BN16_AN16, 3/2", 0xC6, 0xC7, FX(1.5), FX(1.5), 0, 0, 0, 0, 21, 21, 0, false,
     true},
    {"RN16_GN16_BN16_AN16 -> AN8BN8GN8RN8, x mirrored", 0xC7, 0xD7, -FX(1), FX(1), FX(31.5), 0, 0, 0, 32, 32, 1,
     false, true},
    {"R16_G16 -> A8R8G8B8, 0.6", 0xDA, 0xCF, FX(0.6), FX(0.6), FX(0.2), FX(4.4), 0, 0, 32, 32, 0, true, true},
    {"RF16_GF16_BF16_AF16 -> A8B8G8R8, 2:1", 0xCA, 0xD5, FX(2), FX(2), FX(0.5), 0, 0, 0, 16, 16, 1, false, true},
    {"RF16_GF16 -> R16_G16, 3/4", 0xDE, 0xDA, FX(0.75), FX(0.75), 0, FX(3), 0, 0, 32, 32, 0, false, true},
    {"RF16 -> RN8, 1:1", 0xF2, 0xF4, FX(1), FX(1), 0, 0, 0, 0, 32, 32, 0, false, true},
    {"G8R8 -> R8, 1:2", 0xEA, 0xF3, FX(1), FX(2), 0, FX(0.9), 4, 4, 24, 14, 0, false, true},
    {"AN8BN8GN8RN8 to itself, 1:1 (the plain copy)", 0xD7, 0xD7, FX(1), FX(1), FX(2), FX(3), 1, 0, 28, 29, 0, false,
     true},
    {"RN16_GN16 to itself, 1:1 (the plain copy)", 0xDB, 0xDB, FX(1), FX(1), 0, FX(1), 0, 2, 32, 28, 1, false, true},
    /* declined: the CPU engine runs them */
    {"RN16_GN16_BN16_AN16 -> R16_G16_B16_A16 (declined)", 0xC7, 0xC6, FX(1), FX(1), FX(0.5), 0, 0, 0, 32, 32, 0,
     false, false},
    {"AN8BN8GN8RN8 to itself, 2:1 (declined)", 0xD7, 0xD7, FX(2), FX(2), 0, 0, 0, 0, 16, 16, 0, false, false},
    {"RF32_GF32_BF32_AF32 -> A8B8G8R8 (declined)", 0xC0, 0xD5, FX(1), FX(1), 0, 0, 0, 0, 32, 32, 0, false, false},
    {"RF16_GF16_BF16_AF16 to itself, 2:1 (declined)", 0xCA, 0xCA, FX(2), FX(2), 0, 0, 0, 0, 16, 16, 0, false, false},
    /* bilinear from a single-sampled source: twod.c's float arithmetic */
    {"bilinear 1:2", 0xD5, 0xD5, FX(0.5), FX(0.5), 0, 0, 0, 0, 32, 32, 0x10, false, true},
    {"bilinear 3/7 by 5/3, corner, fractional origin past the edge, clipped", 0xD5, 0xD5, 0x6DB6DB6Ell,
     0x1AAAAAAABll, -FX(1.3), FX(0.45), 1, 2, 31, 30, 0x11, true, true},
    {"bilinear x mirrored, 0.9 by 1.1", 0xD5, 0xD5, -FX(0.9), FX(1.1), FX(31.2), FX(-0.7), 0, 0, 32, 32, 0x10,
     false, true},
    {"bilinear A8B8G8R8 -> R5G6B5, 0.7", 0xD5, 0xE8, FX(0.7), FX(0.7), FX(0.35), FX(1.9), 0, 0, 32, 32, 0x10,
     false, true},
    {"bilinear A2B10G10R10 -> R16_G16_B16_A16, 0.37", 0xD1, 0xC6, 0x5EB851ECll, 0x5EB851ECll, FX(2.5), FX(3.25),
     0, 0, 32, 32, 0x10, false, true},
    {"bilinear R16_G16 -> A8R8G8B8, 1.37 by 0.81", 0xDA, 0xCF, 0x15EB851ECll, 0xCF5C28F6ll, FX(-0.6), FX(0.2), 3,
     1, 29, 31, 0x10, false, true},
    {"bilinear G8R8 -> R8, 2:1", 0xEA, 0xF3, FX(2), FX(2), 0, FX(0.5), 0, 0, 16, 16, 0x10, false, true},
    {"bilinear AN8BN8GN8RN8 -> A8B8G8R8, 1:2", 0xD7, 0xD5, FX(0.5), FX(0.5), 0, 0, 0, 0, 32, 32, 0x10, false, true},
    {"bilinear AN8BN8GN8RN8 to itself, 0.37, corner", 0xD7, 0xD7, 0x5EB851ECll, 0x5EB851ECll, FX(1.1), FX(-0.4), 0,
     0, 32, 32, 0x11, false, true},
    {"bilinear AN8BN8GN8RN8 to itself, 2:1 (means: ties)", 0xD7, 0xD7, FX(2), FX(2), 0, 0, 0, 0, 16, 16, 0x10, false,
     true},
    {"bilinear RN16_GN16_BN16_AN16 -> AN8BN8GN8RN8, 0.7 by 1.3", 0xC7, 0xD7, FX(0.7), FX(1.3), FX(0.2), FX(0.6), 0,
     0, 32, 24, 0x10, false, true},
    {"bilinear R16_G16_B16_A16 -> RN16_GN16_BN16_AN16, 1/2", 0xC6, 0xC7, FX(0.5), FX(0.5), 0, 0, 0, 0, 32, 32, 0x10,
     false, true},
    {"bilinear RF16_GF16 -> R16_G16, 1/2", 0xDE, 0xDA, FX(0.5), FX(0.5), 0, 0, 0, 0, 32, 32, 0x10, false, true},
    {"bilinear RF16_GF16_BF16_AF16 -> AN8BN8GN8RN8, 0.37 by 1.37", 0xCA, 0xD7, 0x5EB851ECll, 0x15EB851ECll, FX(0.3),
     FX(-0.45), 0, 0, 32, 32, 0x10, false, true},
    {"bilinear RF16 -> RN16, 2:1", 0xF2, 0xEF, FX(2), FX(2), FX(0.25), 0, 0, 0, 16, 16, 0x11, false, true},
    {"bilinear RF16_GF16_BF16_AF16 to itself (declined)", 0xCA, 0xCA, FX(0.5), FX(0.5), 0, 0, 0, 0, 32, 32, 0x10,
     false, false},
    /* float32 bilinear stays on the CPU (twod_gpu.c says why): S's bytes
     * make NaNs, infinities and denormals among its floats */
    {"bilinear RF32_GF32_BF32_AF32 to itself, 0.7 (declined)", 0xC0, 0xC0, FX(0.7), FX(0.7), FX(0.3), 0, 0, 0, 32,
     32, 0x10, false, false},
    {"bilinear RF32 to itself, 1:2 (declined)", 0xE5, 0xE5, FX(0.5), FX(0.5), 0, FX(0.25), 0, 0, 32, 32, 0x11, false,
     false},
    {"bilinear RF32_GF32_BF32_AF32 -> A8B8G8R8, 1:2 (declined)", 0xC0, 0xD5, FX(0.5), FX(0.5), 0, 0, 0, 0, 32, 32,
     0x10, false, false},
};

static void case_side(tm_pb *pb, bool src, uint64_t va, uint32_t fmt)
{
    const uint32_t v[10] = {fmt, 0, 1u << 4, 1, 0, 0, W, H, (uint32_t)(va >> 32), (uint32_t)va};
    tm_inc(pb, TM_SUB_2D, M(src ? 0x230 : 0x200), 10, v);
}

static void case_blit(tm_pb *pb, const blit_case *c)
{
    case_side(pb, true, TMD_RECTS_RT_VA + S_OFF, c->sfmt);
    case_side(pb, false, TMD_RECTS_RT_VA + D_OFF, c->dfmt);
    const uint32_t clip[5] = {0, 0, 28, H, c->clip};
    tm_inc(pb, TM_SUB_2D, M(0x280), 5, clip);
    tm_set1(pb, TM_SUB_2D, M(0x2AC), 3);
    tm_set1(pb, TM_SUB_2D, M(0x88C), c->mode);
    const uint32_t p[12] = {(uint32_t)c->dx, (uint32_t)c->dy, c->w, c->h,
                            (uint32_t)c->du, (uint32_t)((uint64_t)c->du >> 32),
                            (uint32_t)c->dv, (uint32_t)((uint64_t)c->dv >> 32),
                            (uint32_t)c->u0, (uint32_t)((uint64_t)c->u0 >> 32),
                            (uint32_t)c->v0, (uint32_t)((uint64_t)c->v0 >> 32)};
    tm_inc(pb, TM_SUB_2D, M(0x8B0), 12, p);
}

typedef struct case_frame {
    uint8_t s[SPAN], d[SPAN];
    uint64_t gpu_blits;
} case_frame;

/* the source texel of destination offset d on one axis, by the blit's
 * formula: floor(SRC_0 + d * STEP (+ STEP / 2 for CENTER)), clamped */
static uint32_t texel_of(int64_t p0, int64_t step, int64_t d, bool center, uint32_t size)
{
    const int64_t u = p0 + d * step + (center ? step / 2 : 0); /* step > 0 here: / 2 is the shift */
    const int64_t t = u >= 0 ? u / ((int64_t)1 << 32) : -((-u + ((int64_t)1 << 32) - 1) / ((int64_t)1 << 32));
    return t < 0 ? 0 : t >= (int64_t)size ? size - 1 : (uint32_t)t;
}

/* The scaled images themselves (before write-back, which reads one pixel
 * of each scale x scale block): the destination's scaled pixel (k x + a,
 * k y + b) inside the clipped rectangle must be the source's (k u + a,
 * k v + b), u and v the blit's texel for (x, y). A8B8G8R8 on both sides. */
static void check_scaled(tmd_rects *e, uint32_t k, const blit_case *c)
{
    const mw_render *r = e->gpu->render;
    GLuint st = 0, dt = 0;
    for (uint32_t i = 0; i < r->count; i++) {
        if (r->surf[i].d.va == TMD_RECTS_RT_VA + S_OFF)
            st = r->surf[i].tex;
        if (r->surf[i].d.va == TMD_RECTS_RT_VA + D_OFF)
            dt = r->surf[i].tex;
    }
    assert_true(st && dt);
    const size_t n = (size_t)W * H * k * k * 4;
    uint8_t *s = malloc(n), *d = malloc(n);
    assert_non_null(s);
    assert_non_null(d);
    e->ctx->gl.GetTextureImage(st, 0, GL_RGBA, GL_UNSIGNED_BYTE, (GLsizei)n, s);
    e->ctx->gl.GetTextureImage(dt, 0, GL_RGBA, GL_UNSIGNED_BYTE, (GLsizei)n, d);
    const int64_t x1 = c->dx + (int64_t)c->w < (c->clip ? 28 : W) ? c->dx + (int64_t)c->w : (c->clip ? 28 : W);
    const int64_t y1 = c->dy + (int64_t)c->h < H ? c->dy + (int64_t)c->h : H;
    uint32_t bad = 0, inner = 0;
    for (uint32_t y = (uint32_t)c->dy * k; y < y1 * k; y++)
        for (uint32_t x = (uint32_t)c->dx * k; x < x1 * k; x++) {
            const uint32_t tx = texel_of(c->u0, c->du, x / k - c->dx, !(c->mode & 1), W);
            const uint32_t ty = texel_of(c->v0, c->dv, y / k - c->dy, !(c->mode & 1), H);
            const size_t sp = ((size_t)(ty * k + y % k) * W * k + tx * k + x % k) * 4;
            const size_t dp = ((size_t)y * W * k + x) * 4;
            bad += memcmp(s + sp, d + dp, 4) != 0;
            /* a block of S whose pixels differ: the slanted edge crosses it */
            const size_t b0 = ((size_t)(ty * k) * W * k + tx * k) * 4;
            inner += memcmp(s + sp, s + b0, 4) != 0;
        }
    free(s);
    free(d);
    if (bad)
        fail_msg("%s, scale %u: %u scaled pixels are not their source texel's", c->name, k, bad);
    if (k > 1)
        assert_true(inner > 0); /* the check saw detail inside native pixels */
}

static bool run_case(glhle_context *ctx, uint32_t scale, bool on_cpu, const blit_case *c, case_frame *out)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, ctx, scale, "passthrough_vsh", "color_fsh", BLACK))
        return false;
    e.gpu->render->twod_on_cpu = on_cpu;
    /* xorshift32: S's memory before it is first used; a quarter of the
     * bytes 0x81 (snorm8 -1), a quarter 0: a bilinear blend of them can be
     * exactly -1/2, the one value whose signed encode is a tie; an eighth
     * 0x80 (snorm8 -128, and snorm16 -32768 after a 0), which a plain copy
     * keeps at every scale */
    uint32_t x = 0x9E3779B9u;
    for (uint32_t i = 0; i < SPAN; i++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        e.rt[S_OFF + i] = (x & 3) == 0 ? 0x81 : (x & 3) == 1 ? 0 : (x & 7) == 2 ? 0x80 : (uint8_t)(x >> 24);
    }
    tmd_submit(&e, 0);
    tmd_target(&e.pb, TMD_RECTS_RT_VA + S_OFF, W, H, c->sfmt); /* loaded from the pattern, then drawn on */
    const float YELLOW[4] = {1, 0.75f, 0, 0.5f}, GREY[4] = {0.3f, 0.6f, 0.9f, 0.2f};
    const uint32_t a = tmd_rect(&e, 3, 5, 13, 19, 0, YELLOW, false);
    const uint32_t t = e.verts;
    tmd_vertex(&e, -0.9f, -0.3f, 0, GREY); /* a slanted edge across native pixels */
    tmd_vertex(&e, 0.8f, -0.95f, 0, GREY);
    tmd_vertex(&e, 0.2f, 0.85f, 0, GREY);
    tmd_set(&e, 0x1214, a | 6u << 16 | 4u << 28);
    tmd_set(&e, 0x1214, t | 3u << 16 | 4u << 28);
    tmd_target(&e.pb, TMD_RECTS_RT_VA + D_OFF, W, H, c->dfmt); /* D cleared, so resident */
    const float CLEAR[4] = {0.25f, 0.5f, 0.75f, 1};
    uint32_t cv[4];
    for (int k = 0; k < 4; k++)
        cv[k] = tm_u(CLEAR[k]);
    tm_inc(&e.pb, TM_SUB_3D, M(0x0d80), 4, cv);
    tmd_set(&e, 0x19d0, 0x3C);
    case_blit(&e.pb, c);
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    tm_pb_free(&e.pb);
    tm_pb_init(&e.pb);
    out->gpu_blits = e.gpu->render->stats.twod_gpu;
    if (!on_cpu && out->gpu_blits && c->sfmt == 0xD5 && c->dfmt == 0xD5 && !(c->mode & 0x10))
        check_scaled(&e, scale, c);
    assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    memcpy(out->s, e.rt + S_OFF, SPAN);
    memcpy(out->d, e.rt + D_OFF, SPAN);
    tmd_rects_close(&e);
    return true;
}

static bool is_snorm(uint32_t fmt)
{
    return fmt == 0xD7 || fmt == 0xC7 || fmt == 0xEB || fmt == 0xF4 || fmt == 0xEF || fmt == 0xDB;
}

static uint32_t to_bits(uint32_t v8, uint32_t bits)
{
    return (uint32_t)floor((double)v8 * (double)((1u << bits) - 1) / 255.0 + 0.5);
}

static void sampled_blits_match_cpu_engine(void **state)
{
    case_frame *cpu = calloc(1, sizeof *cpu), *gpu = calloc(1, sizeof *gpu);
    assert_non_null(cpu);
    assert_non_null(gpu);
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        const blit_case *c = &CASES[i];
        for (uint32_t scale = 1; scale <= 2; scale++) {
            memset(cpu, 0, sizeof *cpu);
            if (!run_case(*state, scale, true, c, cpu)) {
                free(cpu), free(gpu);
                skip();
            }
            assert_int_equal(cpu->gpu_blits, 0);
            memset(gpu, 0, sizeof *gpu);
            assert_true(run_case(*state, scale, false, c, gpu));
            const bool taken = c->taken; /* on ES too: snorm targets render there (EXT_render_snorm) */
            if (gpu->gpu_blits != (taken ? 1u : 0u))
                fail_msg("%s, scale %u: %llu blit(s) on the GPU, want %u", c->name, scale,
                         (unsigned long long)gpu->gpu_blits, taken ? 1u : 0u);
            uint32_t changed = 0;
            for (uint32_t j = 0; j < SPAN; j++)
                changed += cpu->d[j] != 0;
            const uint32_t bad = tm_diff_sd(cpu->s, gpu->s, cpu->d, gpu->d, SPAN);
            if (bad)
                fail_msg("%s, scale %u: %u bytes of S and D differ from the CPU engine's", c->name, scale, bad);
            assert_true(changed > 0);
            const bool signed_src = is_snorm(c->sfmt) || c->sfmt == 0xCA || c->sfmt == 0xDE || c->sfmt == 0xF2;
            if (is_snorm(c->dfmt) && signed_src) {
                /* negative results reach memory from a signed or half source
                 * (a pass, or a read-back, that clamped signed values to
                 * [0, 1] would differ above) */
                const uint32_t cb = c->dfmt == 0xD7 || c->dfmt == 0xEB || c->dfmt == 0xF4 ? 1 : 2;
                uint32_t negative = 0;
                for (uint32_t j = cb - 1; j < SPAN; j += cb)
                    negative += cpu->d[j] >= 0x80;
                assert_true(negative > 0);
            }
            print_message("  %s, scale %u: %s\n", c->name, scale, gpu->gpu_blits ? "on the GPU" : "declined");
            if (c->dfmt != 0xE8 || c->sfmt != 0xD5 || (c->mode & 0x10))
                continue;
            /* by hand: D (R5G6B5, red in bits 15:11) from S (A8B8G8R8, red in byte 0) */
            static const uint32_t at[4][2] = {{1, 2}, {10, 7}, {20, 15}, {30, 29}};
            for (int p = 0; p < 4; p++) {
                const uint32_t px = at[p][0], py = at[p][1];
                const uint32_t tx = texel_of(c->u0, c->du, px - c->dx, !(c->mode & 1), W);
                const uint32_t ty = texel_of(c->v0, c->dv, py - c->dy, !(c->mode & 1), H);
                const uint8_t *s = gpu->s + mwt_bl_offset(W * 4, H, 1, 0, tx * 4, ty, 0);
                const uint8_t *d = gpu->d + mwt_bl_offset(W * 2, H, 1, 0, px * 2, py, 0);
                const uint32_t want = to_bits(s[0], 5) << 11 | to_bits(s[1], 6) << 5 | to_bits(s[2], 5);
                assert_int_equal(d[0] | d[1] << 8, want);
            }
        }
    }
    free(cpu);
    free(gpu);
}

/* ---- float copies keep every bit ----
 * A point blit S -> D of one float format to itself, steps 1.0, integer
 * origin (the plain copy): S loaded from words that are denormals, NaNs
 * with payloads (quiet and signalling), -0 and infinities among
 * pseudo-random ones, made resident by a draw into a corner the blit does
 * not read. After write-back every copied pixel of D must hold the bytes
 * the pattern put at its source texel (and S its own, outside the corner):
 * a copy through float arithmetic (llvmpipe flushes denormals and quiets
 * signalling NaNs) or a wrong texel fails. */
static const uint32_t F32_SPECIAL[] = {
    0x00000001u, 0x807FFFFFu, 0x00400000u, 0x80000003u, /* denormals */
    0x7FC12345u, 0xFFC00001u, 0x7F800001u, 0xFFBFFFFFu, /* NaNs: quiet and signalling, payloads */
    0x80000000u, 0x7F800000u, 0xFF800000u,              /* -0, +-infinity */
};
static const uint16_t F16_SPECIAL[] = {
    0x0001u, 0x83FFu, 0x0200u,          /* denormals */
    0x7E55u, 0xFE01u, 0x7C01u, 0xFDFFu, /* NaNs: quiet and signalling, payloads */
    0x8000u, 0x7C00u, 0xFC00u,          /* -0, +-infinity */
};

/* SPAN bytes of xorshift32 words from `seed`, comp bytes a component,
 * every third component a special value */
static void special_pattern(uint8_t *pattern, uint32_t seed, uint32_t comp)
{
    uint32_t x = seed;
    for (uint32_t i = 0; i < SPAN / comp; i++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        uint32_t v = x;
        if (i % 3 == 0)
            v = comp == 4 ? F32_SPECIAL[i / 3 % (sizeof F32_SPECIAL / 4)]
                          : F16_SPECIAL[i / 3 % (sizeof F16_SPECIAL / 2)];
        for (uint32_t b = 0; b < comp; b++)
            pattern[i * comp + b] = (uint8_t)(v >> 8 * b);
    }
}

static bool f32_denormal(uint32_t v)
{
    return (v & 0x7F800000u) == 0 && (v & 0x7FFFFFu) != 0;
}

static bool f32_nan_payload(uint32_t v)
{
    return (v & 0x7F800000u) == 0x7F800000u && (v & 0x3FFFFFu) != 0; /* a NaN with bits below the quiet bit */
}

static void float_copies_keep_bits(void **state)
{
    /* halves at scale 2 too: a scaled surface is loaded and written back
     * through integer images (render_targets.c bits_scaler), not the
     * float blit that on llvmpipe quieted signalling NaNs in S's pixels
     * the copy never touched */
    static const struct {
        uint32_t fmt, bytes, comp, scales; /* comp: bytes a component */
        const char *name;
    } F[] = {{0xE5, 4, 4, 2, "RF32"},
             {0xCB, 8, 4, 2, "RF32_GF32"},
             {0xC0, 16, 4, 2, "RF32_GF32_BF32_AF32"},
             {0xCA, 8, 2, 2, "RF16_GF16_BF16_AF16"},
             {0xF2, 2, 2, 2, "RF16"}};
    /* D (1, 0) 28 x 28 from S (2, 4): texels [2, 30) x [4, 32) */
    const blit_case c = {"copy", 0, 0, FX(1), FX(1), FX(2), FX(4), 1, 0, 28, 28, 0, false, true};
    const float GREY[4] = {0.3f, 0.6f, 0.9f, 0.2f};
    for (size_t f = 0; f < sizeof F / sizeof F[0]; f++)
        for (uint32_t scale = 1; scale <= F[f].scales; scale++) {
            tmd_rects e;
            if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", BLACK))
                skip();
            uint8_t *pattern = malloc(SPAN);
            assert_non_null(pattern);
            special_pattern(pattern, 0x6A09E667u ^ F[f].fmt, F[f].comp);
            tmd_submit(&e, 0);
            memcpy(e.rt + S_OFF, pattern, SPAN);
            tmd_target(&e.pb, TMD_RECTS_RT_VA + S_OFF, W, H, F[f].fmt); /* loaded from the pattern */
            const uint32_t a = tmd_rect(&e, 0, 0, 2, 2, 0, GREY, false); /* a corner the blit does not read */
            tmd_set(&e, 0x1214, a | 6u << 16 | 4u << 28);
            tmd_target(&e.pb, TMD_RECTS_RT_VA + D_OFF, W, H, F[f].fmt); /* D cleared, so resident */
            uint32_t cv[4];
            for (int k = 0; k < 4; k++)
                cv[k] = tm_u(GREY[k]);
            tm_inc(&e.pb, TM_SUB_3D, M(0x0d80), 4, cv);
            tmd_set(&e, 0x19d0, 0x3C);
            blit_case cf = c;
            cf.sfmt = cf.dfmt = F[f].fmt;
            case_blit(&e.pb, &cf);
            tmd_submit(&e, 1);
            const uint64_t on_gpu = e.gpu->render->stats.twod_gpu;
            uint32_t bad = 0, kept = 0, denormal = 0, nan = 0, neg0 = 0;
            for (uint32_t py = 0; py < H; py++)
                for (uint32_t px = 0; px < W; px++) {
                    const uint32_t bpp = F[f].bytes;
                    const uint64_t o = mwt_bl_offset(W * bpp, H, 1, 0, px * bpp, py, 0);
                    /* not the drawn corner's 4 x 4 block: llvmpipe writes a
                     * quad's uncovered pixels of a half-float target back
                     * through float, quieting signalling NaNs (seen while
                     * this was written) */
                    if (!(px < 4 && py < 4) && memcmp(e.rt + S_OFF + o, pattern + o, bpp) != 0 && kept++ < 4) {
                        print_message("    %s, scale %u: S (%u, %u):", F[f].name, scale, px, py);
                        for (uint32_t k = 0; k < bpp; k++)
                            print_message(" %02x/%02x", e.rt[S_OFF + o + k], pattern[o + k]);
                        print_message(" (got/want)\n");
                    }
                    if (px < 1 || px >= 29 || py >= 28)
                        continue;
                    const uint64_t so = mwt_bl_offset(W * bpp, H, 1, 0, (px + 1) * bpp, py + 4, 0);
                    if (memcmp(e.rt + D_OFF + o, pattern + so, bpp) != 0 && bad++ < 4) {
                        print_message("    %s, scale %u: D (%u, %u):", F[f].name, scale, px, py);
                        for (uint32_t k = 0; k < bpp; k++)
                            print_message(" %02x/%02x", e.rt[D_OFF + o + k], pattern[so + k]);
                        print_message(" (got/want)\n");
                    }
                    for (uint32_t k = 0; k < bpp; k += F[f].comp) {
                        uint32_t v = 0;
                        for (uint32_t b = 0; b < F[f].comp; b++)
                            v |= (uint32_t)pattern[so + k + b] << 8 * b;
                        if (F[f].comp == 2) /* a half's bits where a float's would be */
                            v = (v & 0x8000u) << 16 | ((v & 0x7C00u) == 0x7C00u ? 0x7F800000u : 0) |
                                ((v & 0x7C00u) && (v & 0x7C00u) != 0x7C00u ? 0x38000000u : 0) | (v & 0x3FFu) << 13;
                        denormal += f32_denormal(v);
                        nan += f32_nan_payload(v);
                        neg0 += v == 0x80000000u;
                    }
                }
            free(pattern);
            tmd_rects_close(&e);
            if (on_gpu != 1)
                fail_msg("%s, scale %u: %llu blit(s) on the GPU, want 1", F[f].name, scale,
                         (unsigned long long)on_gpu);
            if (bad)
                fail_msg("%s, scale %u: %u copied pixels are not their source texel's bytes", F[f].name, scale, bad);
            if (kept)
                fail_msg("%s, scale %u: %u pixels of S lost their bytes", F[f].name, scale, kept);
            /* the copied rectangle held each kind of value a float pass could change */
            assert_true(denormal > 0 && nan > 0 && neg0 > 0);
            print_message("  %s, scale %u: copied on the GPU, bits kept (%u denormals, %u NaNs with payload, "
                          "%u -0)\n",
                          F[f].name, scale, denormal, nan, neg0);
        }
}

/* ---- write-back keeps the guest's bytes ----
 * A target loaded from a pattern in guest memory, drawn on inside one
 * rectangle and written back: every pixel outside the rectangle must come
 * back as the pattern's bytes, in each format whose client pair the host
 * may not read or write as it is (ES: packed orders, BGRA, RGB10_A2,
 * snorm, whose negative codes llvmpipe's ES glReadPixels clamps to 0). The
 * CPU-engine comparison above cannot see a wrong write-back where both
 * runs take the same path (S is written back by both). */
/* S in format fmt loaded from `pattern`, drawn on inside [4, 12) x
 * [y0, y1) in rgba and written back */
static void load_and_draw(tmd_rects *e, const uint8_t *pattern, uint32_t fmt, float y0, float y1,
                          const float rgba[4])
{
    tmd_submit(e, 0);
    memcpy(e->rt + S_OFF, pattern, SPAN);
    tmd_target(&e->pb, TMD_RECTS_RT_VA + S_OFF, W, H, fmt); /* loaded from the pattern */
    const uint32_t a = tmd_rect(e, 4, y0, 12, y1, 0, rgba, false);
    tmd_set(e, 0x1214, a | 6u << 16 | 4u << 28);
    tmd_submit(e, 1);
}

static void writeback_keeps_guest_bytes(void **state)
{
    static const struct {
        uint32_t fmt, bytes, snorm; /* snorm: bytes a signed component, 0 for the others */
        const char *name;
    } F[] = {{0xD5, 4, 0, "A8B8G8R8"},    {0xCF, 4, 0, "A8R8G8B8"},        {0x47, 4, 0, "B8G8R8A8"},
             {0xD1, 4, 0, "A2B10G10R10"}, {0xDF, 4, 0, "A2R10G10B10"},     {0xE8, 2, 0, "R5G6B5"},
             {0xE9, 2, 0, "A1R5G5B5"},    {0xC6, 8, 0, "R16_G16_B16_A16"}, {0xC7, 8, 2, "RN16_GN16_BN16_AN16"},
             {0xDB, 4, 2, "RN16_GN16"},   {0xEF, 2, 2, "RN16"},            {0xD7, 4, 1, "AN8BN8GN8RN8"},
             {0xEB, 2, 1, "GN8RN8"},      {0xF4, 1, 1, "RN8"}};
    const float GREY[4] = {0.3f, 0.6f, 0.9f, 0.2f};
    for (size_t f = 0; f < sizeof F / sizeof F[0]; f++)
        for (uint32_t scale = 1; scale <= 2; scale++) {
            tmd_rects e;
            if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", BLACK))
                skip();
            uint8_t *pattern = malloc(SPAN);
            assert_non_null(pattern);
            uint32_t x = 0x2545F491u ^ F[f].fmt; /* xorshift32 */
            for (uint32_t i = 0; i < SPAN; i++) {
                x ^= x << 13, x ^= x >> 17, x ^= x << 5;
                pattern[i] = (uint8_t)(x >> 24);
            }
            /* every fifth signed component -2^(b-1) (0x80, 0x8000), which a
             * float conversion would make -(2^(b-1) - 1) */
            for (uint32_t i = 0; F[f].snorm && i + F[f].snorm <= SPAN; i += 5 * F[f].snorm)
                pattern[i + F[f].snorm - 1] = 0x80, pattern[i] = F[f].snorm == 2 ? 0 : 0x80;
            load_and_draw(&e, pattern, F[f].fmt, 6, 10, GREY);
            uint32_t bad = 0, inside = 0, most_negative = 0;
            for (uint32_t py = 0; py < H; py++)
                for (uint32_t px = 0; px < W; px++) {
                    const uint64_t o = mwt_bl_offset(W * F[f].bytes, H, 1, 0, px * F[f].bytes, py, 0);
                    const bool drawn = px >= 4 && px < 12 && py >= 6 && py < 10;
                    /* scaled too, the code -2^(b-1) comes back as it was (not
                     * as -(2^(b-1) - 1), which GL's float conversion makes of
                     * it: render_targets.c bits_scaler); counted below */
                    const bool same = memcmp(e.rt + S_OFF + o, pattern + o, F[f].bytes) == 0;
                    for (uint32_t k = 0; F[f].snorm && !drawn && k < F[f].bytes; k += F[f].snorm)
                        most_negative += F[f].snorm == 1 ? pattern[o + k] == 0x80
                                                         : pattern[o + k] == 0 && pattern[o + k + 1] == 0x80;
                    if (drawn) {
                        inside += !same;
                    } else if (!same) {
                        if (bad++ < 4) {
                            print_message("    %s, scale %u: pixel (%u, %u) at 0x%llx:", F[f].name, scale, px, py,
                                          (unsigned long long)o);
                            for (uint32_t k = 0; k < F[f].bytes; k++)
                                print_message(" %02x/%02x", e.rt[S_OFF + o + k], pattern[o + k]);
                            print_message(" (got/want)\n");
                        }
                    }
                }
            free(pattern);
            tmd_rects_close(&e);
            if (bad)
                fail_msg("%s, scale %u: %u pixels outside the drawn rectangle lost their bytes", F[f].name, scale,
                         bad);
            assert_true(inside > 0); /* the draw reached memory */
            assert_true(!F[f].snorm || most_negative > 0); /* the pattern holds -2^(b-1) outside the rectangle */
            print_message("  %s, scale %u: written back (%u components -2^(b-1) kept)\n", F[f].name, scale,
                          most_negative);
        }
}

/* ---- scaled float write-back keeps every bit ----
 * Targets in the float formats loaded from words among which every third
 * component is a special value (denormals, NaNs with payloads, quiet and
 * signalling, -0, infinities: F32_SPECIAL, F16_SPECIAL), drawn on inside
 * [4, 12) x [8, 12) in a colour every format holds exactly and written
 * back, at scales 1, 2 and 4. Outside the rectangle every byte must be
 * the pattern's: the load and write-back of a scaled surface move bits
 * (render_targets.c bits_scaler); a blit through float quiets
 * signalling NaNs of halves on llvmpipe, drawn or not. The rectangle
 * covers whole 4 x 4 blocks: llvmpipe writes the uncovered pixels of a
 * block it draws in back through float, quieting a half's signalling NaN
 * at scale 1 too (seen while this was written). Inside, each
 * pixel must hold the colour encoded here: binary32 and binary16 bits
 * (IEEE 754-2008 3.4), and for BF10GF11RF11 the 11- and 10-bit floats of
 * GL 4.6 section 8.5.2 (5 exponent bits, bias 15, no sign), red in bits
 * 0-10, green 11-21, blue 22-31 (UNSIGNED_INT_10F_11F_11F_REV). */
static void float_writeback_keeps_bits(void **state)
{
    static const struct {
        uint32_t fmt, bytes, comp; /* comp: bytes a component (4 for the packed word) */
        const char *name;
    } F[] = {{0xE5, 4, 4, "RF32"},          {0xCB, 8, 4, "RF32_GF32"}, {0xC0, 16, 4, "RF32_GF32_BF32_AF32"},
             {0xCA, 8, 2, "RF16_GF16_BF16_AF16"}, {0xDE, 4, 2, "RF16_GF16"},  {0xF2, 2, 2, "RF16"},
             {0xE0, 4, 4, "BF10GF11RF11"}};
    static const float COLOUR[4] = {0.25f, 0.5f, 0.75f, 1.0f};
    /* 2^-2, 2^-1, 1.5 * 2^-1, 2^0: exponent e + 15 at bit 10, the 1.5's
     * mantissa bit 9 */
    static const uint16_t HALF[4] = {13u << 10, 14u << 10, 14u << 10 | 1u << 9, 15u << 10};
    /* the same exponents at bit 6 (11-bit) and bit 5 (10-bit, mantissa 1 << 4) */
    const uint32_t packed = 13u << 6 | (14u << 6) << 11 | (14u << 5 | 1u << 4) << 22;
    static const uint32_t SCALES[] = {1, 2, 4};
    for (size_t f = 0; f < sizeof F / sizeof F[0]; f++)
        for (size_t si = 0; si < sizeof SCALES / sizeof SCALES[0]; si++) {
            const uint32_t scale = SCALES[si], bpp = F[f].bytes, comp = F[f].comp;
            tmd_rects e;
            if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", BLACK))
                skip();
            uint8_t *pattern = malloc(SPAN);
            assert_non_null(pattern);
            special_pattern(pattern, 0xBB67AE85u ^ F[f].fmt, comp);
            uint8_t want[16];
            for (uint32_t k = 0; k < bpp / comp; k++) {
                uint32_t v;
                if (F[f].fmt == 0xE0)
                    v = packed;
                else if (comp == 2)
                    v = HALF[k];
                else
                    memcpy(&v, &COLOUR[k], 4);
                for (uint32_t b = 0; b < comp; b++)
                    want[k * comp + b] = (uint8_t)(v >> 8 * b);
            }
            load_and_draw(&e, pattern, F[f].fmt, 8, 12, COLOUR);
            uint32_t bad = 0, inside = 0, signalling = 0;
            for (uint32_t py = 0; py < H; py++)
                for (uint32_t px = 0; px < W; px++) {
                    const uint64_t o = mwt_bl_offset(W * bpp, H, 1, 0, px * bpp, py, 0);
                    const bool drawn = px >= 4 && px < 12 && py >= 8 && py < 12;
                    const uint8_t *w = drawn ? want : pattern + o;
                    for (uint32_t k = 0; !drawn && comp == 2 && k < bpp; k += 2) {
                        const uint32_t h = pattern[o + k] | (uint32_t)pattern[o + k + 1] << 8;
                        signalling += (h & 0x7E00u) == 0x7C00u && (h & 0x1FFu) != 0;
                    }
                    for (uint32_t k = 0; !drawn && comp == 4 && F[f].fmt != 0xE0 && k < bpp; k += 4) {
                        uint32_t v;
                        memcpy(&v, pattern + o + k, 4);
                        signalling += (v & 0x7FC00000u) == 0x7F800000u && (v & 0x3FFFFFu) != 0;
                    }
                    if (memcmp(e.rt + S_OFF + o, w, bpp) == 0)
                        continue;
                    inside += drawn;
                    if (bad++ < 4) {
                        print_message("    %s, scale %u: %s pixel (%u, %u):", F[f].name, scale,
                                      drawn ? "drawn" : "untouched", px, py);
                        for (uint32_t k = 0; k < bpp; k++)
                            print_message(" %02x/%02x", e.rt[S_OFF + o + k], w[k]);
                        print_message(" (got/want)\n");
                    }
                }
            free(pattern);
            tmd_rects_close(&e);
            if (bad)
                fail_msg("%s, scale %u: %u pixels differ (%u of them drawn)", F[f].name, scale, bad, inside);
            /* the pattern holds signalling NaNs outside the rectangle */
            assert_true(F[f].fmt == 0xE0 || signalling > 0);
            print_message("  %s, scale %u: written back (%u signalling NaNs kept)\n", F[f].name, scale, signalling);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gpu_blit_matches_cpu_engine),
        cmocka_unit_test(sampled_blits_match_cpu_engine),
        cmocka_unit_test(float_copies_keep_bits),
        cmocka_unit_test(writeback_keeps_guest_bytes),
        cmocka_unit_test(float_writeback_keeps_bits),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
