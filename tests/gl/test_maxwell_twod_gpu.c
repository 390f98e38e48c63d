/* 2D engine blits on the GPU between resident render targets
 * (backend/maxwell/render/twod_gpu.c) against the CPU engine
 * (backend/maxwell/engines/twod.c): the same frame -- rectangles drawn
 * into target A, target B cleared, a 1:1 point blit of a rectangle of A
 * into B (clipped by CLIP_*) -- once with the GPU path (at scales 1 and 2)
 * and once with every blit through the CPU engine on guest memory. B's and
 * A's memory after the final write-back must be byte-identical, the GPU
 * runs must have taken the GPU path and the CPU run must not; B must show
 * the blit (the copied rectangle differs from B's clear colour, so a blit
 * that did nothing fails). Blits the GPU path declines (a bilinear one)
 * still run on the CPU. Skips when the shader corpus is absent. */
#include "support/test_support.h"

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
    /* a bilinear blit the GPU path declines: the CPU engine still runs it */
    twod_blit(&e.pb, 0, 24, 4, 4, 0, 0, 0x10);
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    assert_int_equal(e.gpu->render->stats.twod_gpu, out->gpu_blits);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gpu_blit_matches_cpu_engine),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
