/* Maxwell report counters, conditional rendering's 64-bit comparisons,
 * SET_RASTER_ENABLE and draws that go on without a refused texture, on
 * llvmpipe (backend/maxwell/render/queries.c, draw.c). Corpus pipelines
 * (passthrough_vsh + color_fsh) draw axis-aligned rectangles whose edges
 * lie on pixel edges, so the samples each passes is known exactly: the
 * counts below are areas worked out by hand from the rectangles and the
 * depth test, at 1x and 2x (the count is in guest samples at any scale).
 * Report layouts as clb197.h and Mesa's nvc0 queries read them. Skips
 * when the shader corpus is absent. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/render_targets.h"
#include "scenes/maxwell_draw_scene.h"
#include "support/maxwell_fake_mem.h"
#include "support/maxwell_tex_support.h"

#define W TMD_RECTS_W
#define H TMD_RECTS_H
#define RT_VA TMD_RECTS_RT_VA     /* block-linear: colour, zeta at + 1 MiB */
#define DATA_VA TMD_RECTS_DATA_VA /* pitch */
#define REPORTS 0x68000u         /* 16-byte reports in the data memory */
#define COND 0x69000u            /* render-enable conditions */
#define M(byte_offset) ((byte_offset) / 4u)

static const float red[4] = {1, 0, 0, 1}; /* every target's clear colour */

/* Depth: ZF32 cleared to 1, LESS, written. */
static void depth_less(tmd_rects *e)
{
    tmd_zeta(&e->pb, RT_VA + 0x100000, W, H, 0x0A);
    tmd_set(e, 0x0d90, tm_u(1.0f)); /* SET_Z_CLEAR_VALUE */
    tmd_set(e, 0x19d0, 0x01);       /* CLEAR_SURFACE: Z */
    tmd_set(e, 0x12cc, 1);          /* SET_DEPTH_TEST */
    tmd_set(e, 0x12e8, 1);          /* SET_DEPTH_WRITE */
    tmd_set(e, 0x130c, 0x0201);     /* SET_DEPTH_FUNC OGL_LESS */
}

/* A rectangle over pixels [x0, x1) x [y0, y1) at NDC depth z (window
 * depth z / 2 + 1/2), green, drawn now. */
static void rect(tmd_rects *e, float x0, float y0, float x1, float y1, float z)
{
    static const float green[4] = {0, 1, 0, 1};
    const uint32_t first = tmd_rect(e, x0, y0, x1, y1, z, green, false);
    tmd_set(e, 0x1214, first | 6u << 16 | 4u << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST, TRIANGLES */
}

/* SET_REPORT_SEMAPHORE_A-D: REPORT_ONLY (2) of `report` (27:23), four
 * words, into the 16 bytes at REPORTS + 16 slot, payload `payload`. */
static void report(tmd_rects *e, uint32_t slot, uint32_t rep, uint32_t payload)
{
    const uint64_t va = DATA_VA + REPORTS + 16u * slot;
    const uint32_t d[4] = {(uint32_t)(va >> 32), (uint32_t)va, payload, 2u | rep << 23};
    tm_inc(&e->pb, TM_SUB_3D, M(0x1b00), 4, d);
}

static uint32_t u32_at(const tmd_rects *e, uint32_t off)
{
    uint32_t v;
    memcpy(&v, e->data + off, 4);
    return v;
}

static uint64_t u64_at(const tmd_rects *e, uint32_t off)
{
    return u32_at(e, off) | (uint64_t)u32_at(e, off + 4) << 32;
}

enum { ZPASS_PIXEL_CNT = 0x02, ZPASS_PIXEL_CNT64 = 0x15 };

/* The occlusion count (deko3d's sequence: SET_ZPASS_PIXEL_COUNT 0x1514 on,
 * CLEAR_REPORT_VALUE 0x1530 ZPASS_PIXEL_CNT, draws, REPORT_ONLY):
 *   A [0,20)x[0,32) at depth 0.5 passes all 640 pixels     -> 640
 *   B [10,30)x[0,16) at depth 0.75: [10,20) fails LESS 0.5,
 *     [20,30) passes against the cleared 1.0: 160           -> 800
 *   counting off, C [0,32)^2 at depth 0 (passes 1024)       -> 800
 *   on again, D [24,32)x[16,32) at depth 0.25: behind C     -> 800
 *   CLEAR_REPORT_VALUE                                       -> 0
 * On ES, counted draws with a sample passing: A, B -> 1, 2, 2, 2, 0. */
/* OpenGL ES has no GL_SAMPLES_PASSED, only the boolean ANY_SAMPLES_PASSED:
 * there a counted draw adds 1 when any of its samples passed (queries.c),
 * so the count is the number of such draws, at any scale. `samples` is
 * the desktop count worked out above, `draws` the ES one. */
static uint64_t want_count(uint64_t samples, uint64_t draws)
{
    return ts_gles() ? draws : samples;
}

static void occlusion_count(glhle_context *ctx, uint32_t scale)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, ctx, scale, "passthrough_vsh", "color_fsh", red))
        skip();
    depth_less(&e);
    tmd_set(&e, 0x1514, 1);    /* SET_ZPASS_PIXEL_COUNT ENABLE */
    tmd_set(&e, 0x1530, 0x01); /* CLEAR_REPORT_VALUE ZPASS_PIXEL_CNT */
    rect(&e, 0, 0, 20, 32, 0.0f);
    report(&e, 0, ZPASS_PIXEL_CNT64, 0);
    rect(&e, 10, 0, 30, 16, 0.5f);
    report(&e, 1, ZPASS_PIXEL_CNT, 0xABCD);
    tmd_set(&e, 0x1514, 0);
    rect(&e, 0, 0, 32, 32, -1.0f);
    report(&e, 2, ZPASS_PIXEL_CNT64, 0);
    tmd_set(&e, 0x1514, 1);
    rect(&e, 24, 16, 32, 32, -0.5f);
    report(&e, 3, ZPASS_PIXEL_CNT64, 0);
    tmd_set(&e, 0x1530, 0x01);
    report(&e, 4, ZPASS_PIXEL_CNT64, 0);
    tmd_submit(&e, 4);
    /* ZPASS_PIXEL_CNT64: u64 count, u64 timestamp */
    assert_int_equal(u64_at(&e, REPORTS + 0), want_count(640, 1));
    /* ZPASS_PIXEL_CNT: u32 payload, u32 count, u64 timestamp (Mesa's "u32 sequence, u32 count") */
    assert_int_equal(u32_at(&e, REPORTS + 16), 0xABCD);
    assert_int_equal(u32_at(&e, REPORTS + 20), want_count(800, 2));
    assert_int_equal(u64_at(&e, REPORTS + 32), want_count(800, 2));
    assert_int_equal(u64_at(&e, REPORTS + 48), want_count(800, 2));
    assert_int_equal(u64_at(&e, REPORTS + 64), 0);
    tmd_rects_close(&e);
}

static void occlusion_count_1x(void **state)
{
    occlusion_count(*state, 1);
}

static void occlusion_count_2x(void **state)
{
    occlusion_count(*state, 2);
}

/* The pipeline counters (queries.c): SET_STATISTICS_COUNTER (0xd68)
 * enables DA_VERTICES_GENERATED (bit 0), DA_PRIMITIVES_GENERATED (1),
 * CLIPPER_INVOCATIONS (7) and VTG_PRIMITIVES_OUT (10); each rectangle is 6
 * vertices, 2 triangles, all on screen. Worked out by hand:
 *   A, B counted                                   -> 12, 4, 4, 4
 *   counting off, C                                -> unchanged
 *   on again, MODE_2X2 (the multisampled target is
 *   made and loaded inside the draw: glhle's load
 *   pass must not count), D                        -> 18, 6, 6, 6
 * GL_PRIMITIVES_GENERATED (VTG_PRIMITIVES_OUT) exists on every GL glhle
 * runs on; the others need GL 4.6's pipeline statistics (or
 * ARB_pipeline_statistics_query) and read 0 without them (OpenGL ES),
 * which is checked then. */
static void pipeline_counters(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", red))
        skip();
    const glhle_context_info *in = &e.ctx->info;
    bool stats = !in->gles && (in->gl_major > 4 || (in->gl_major == 4 && in->gl_minor >= 6));
    GLint n = 0;
    if (!in->gles)
        e.ctx->gl.GetIntegerv(GL_NUM_EXTENSIONS, &n);
    for (GLint i = 0; i < n; i++)
        stats |= !strcmp((const char *)e.ctx->gl.GetStringi(GL_EXTENSIONS, (GLuint)i),
                         "GL_ARB_pipeline_statistics_query");
    print_message("  GL %d.%d%s: pipeline statistics %s\n", in->gl_major, in->gl_minor, in->gles ? " ES" : "",
                  stats ? "counted" : "absent (those reports must read 0)");
    static const uint32_t reps[4] = {0x01, 0x03, 0x0F, 0x12};
    tmd_set(&e, 0x0d68, 1u << 0 | 1u << 1 | 1u << 7 | 1u << 10); /* SET_STATISTICS_COUNTER */
    rect(&e, 0, 0, 10, 10, 0);
    rect(&e, 10, 10, 20, 20, 0);
    for (uint32_t k = 0; k < 4; k++)
        report(&e, k, reps[k], 0);
    tmd_set(&e, 0x0d68, 0);
    rect(&e, 0, 0, 32, 32, 0);
    for (uint32_t k = 0; k < 4; k++)
        report(&e, 4 + k, reps[k], 0);
    tmd_set(&e, 0x0d68, 1u << 0 | 1u << 1 | 1u << 7 | 1u << 10);
    tmd_set(&e, 0x15d0, 2); /* SET_ANTI_ALIAS MODE_2X2 */
    rect(&e, 4, 4, 8, 8, 0);
    for (uint32_t k = 0; k < 4; k++)
        report(&e, 8 + k, reps[k], 0);
    glhle_maxwell_run_result res;
    const glhle_result r = tm_submit(e.gpu, &e.pb, &res);
    tm_pb_free(&e.pb);
    tm_pb_init(&e.pb);
    const bool msaa = r == GLHLE_RESULT_OK; /* an ES driver may have no 4 samples at the standard places */
    assert_true(msaa || (r == GLHLE_RESULT_UNSUPPORTED && in->gles));
    const uint64_t want[3][4] = {{12, 4, 4, 4}, {12, 4, 4, 4}, {18, 6, 6, 6}};
    for (uint32_t t = 0; t < (msaa ? 3u : 2u); t++)
        for (uint32_t k = 0; k < 4; k++) {
            const uint64_t got = u64_at(&e, REPORTS + 16 * (4 * t + k));
            const uint64_t w = stats || reps[k] == 0x12 ? want[t][k] : 0;
            if (got != w)
                fail_msg("report 0x%02x after step %u: %llu, want %llu", reps[k], t, (unsigned long long)got,
                         (unsigned long long)w);
        }
    tmd_rects_close(&e);
}

/* SET_RENDER_ENABLE_C MODE (clb197.h): RENDER_IF_EQUAL 3 and
 * RENDER_IF_NOT_EQUAL 4 compare the 64-bit values at A/B + 0 and + 8.
 * Values whose low words agree but high words differ are unequal; an
 * occlusion count at + 0 against a zero at + 8 is "some samples passed". */
static void condition_equal_not_equal(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", red))
        skip();
    const uint64_t ne[2] = {0x100000005ull, 0x200000005ull}, eq[2] = {0x300000007ull, 0x300000007ull};
    memcpy(e.data + COND, ne, 16);
    memcpy(e.data + COND + 16, eq, 16);
    const uint64_t c0 = DATA_VA + COND, c1 = c0 + 16, c2 = c0 + 32;
    /* four columns of 4 pixels: EQUAL/NOT_EQUAL on the unequal pair, then on the equal pair */
    static const struct {
        uint64_t va;
        uint32_t mode;
        bool drawn;
    } cases[4] = {{0, 3, false}, {0, 4, true}, {16, 3, true}, {16, 4, false}};
    for (uint32_t i = 0; i < 4; i++) {
        const uint64_t va = c0 + cases[i].va;
        tmd_set(&e, 0x1550, (uint32_t)(va >> 32)); /* SET_RENDER_ENABLE_A/B/C */
        tmd_set(&e, 0x1554, (uint32_t)va);
        tmd_set(&e, 0x1558, cases[i].mode);
        rect(&e, 4.0f * i, 0, 4.0f * i + 4, 16, 0);
    }
    /* the occlusion count of a drawn rectangle (32 samples) lands at c2,
     * a four-word release of 0 at c2 + 8 clears the word after: NOT_EQUAL
     * draws, EQUAL does not */
    tmd_set(&e, 0x1558, 1); /* TRUE while the counted draw is made */
    tmd_set(&e, 0x1514, 1);
    tmd_set(&e, 0x1530, 0x01);
    rect(&e, 16, 0, 20, 8, 0);
    tmd_set(&e, 0x1514, 0);
    const uint32_t rq[4] = {(uint32_t)(c2 >> 32), (uint32_t)c2, 0, 2u | ZPASS_PIXEL_CNT64 << 23};
    tm_inc(&e.pb, TM_SUB_3D, M(0x1b00), 4, rq);
    const uint32_t rel[4] = {(uint32_t)((c2 + 8) >> 32), (uint32_t)(c2 + 8), 0, 1u << 28}; /* RELEASE, ONE_WORD */
    tm_inc(&e.pb, TM_SUB_3D, M(0x1b00), 4, rel);
    const uint32_t rel2[4] = {(uint32_t)((c2 + 12) >> 32), (uint32_t)(c2 + 12), 0, 1u << 28};
    tm_inc(&e.pb, TM_SUB_3D, M(0x1b00), 4, rel2);
    tmd_set(&e, 0x1550, (uint32_t)(c2 >> 32));
    tmd_set(&e, 0x1554, (uint32_t)c2);
    tmd_set(&e, 0x1558, 4);
    rect(&e, 20, 0, 24, 16, 0); /* drawn */
    tmd_set(&e, 0x1558, 3);
    rect(&e, 24, 0, 28, 16, 0); /* not */
    (void)c1;
    tmd_submit(&e, 7);
    assert_int_equal(u64_at(&e, COND + 32), want_count(32, 1));
    assert_int_equal(u64_at(&e, COND + 40), 0);
    assert_int_equal(e.gpu->render->stats.draws_skipped, 3);
    const bool want[7] = {false, true, true, false, true, true, false};
    for (uint32_t col = 0; col < 7; col++) {
        uint8_t px[4];
        memcpy(px, e.rt + mwt_bl_offset(W * 4, H, 1, 0, (4 * col + 1) * 4, 2, 0), 4);
        if ((px[1] == 255) != want[col] || (px[0] == 255) == want[col])
            fail_msg("column %u: pixel %u %u %u %u, want %s", col, px[0], px[1], px[2], px[3],
                     want[col] ? "green (drawn)" : "red (skipped)");
    }
    tmd_rects_close(&e);
}

/* SET_RASTER_ENABLE boots TRUE (NVN relies on it; deko3d writes it with
 * every rasterizer state); FALSE skips the draw's pixels and its samples. */
static void raster_enable(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", red))
        skip();
    assert_int_equal(tm_reg(e.gpu, M(0x037c)), 1);
    tmd_set(&e, 0x1514, 1);
    tmd_set(&e, 0x1530, 0x01);
    rect(&e, 0, 0, 8, 8, 0);         /* drawn: 64 samples */
    tmd_set(&e, 0x037c, 0);              /* SET_RASTER_ENABLE FALSE */
    rect(&e, 8, 0, 16, 8, 0);        /* nothing */
    tmd_set(&e, 0x037c, 1);
    rect(&e, 16, 0, 24, 8, 0);       /* drawn: 64 more */
    report(&e, 0, ZPASS_PIXEL_CNT64, 0);
    tmd_submit(&e, 3);
    assert_int_equal(u64_at(&e, REPORTS), want_count(128, 2));
    assert_int_equal(e.gpu->render->stats.draws_skipped, 1);
    for (uint32_t col = 0; col < 3; col++) {
        uint8_t px[4];
        memcpy(px, e.rt + mwt_bl_offset(W * 4, H, 1, 0, (8 * col + 3) * 4, 3, 0), 4);
        assert_int_equal(px[1], col == 1 ? 0 : 255);
        assert_int_equal(px[0], col == 1 ? 255 : 0);
    }
    tmd_rects_close(&e);
}

/* A texture the cache refuses (its header names unmapped memory) leaves the
 * draw going on without it: fullscreen_vsh + texture_fsh sample GL's
 * incomplete texture, (0, 0, 0, 1), over the red clear; the refusal is
 * reported with the header's index. */
static void draw_without_refused_texture(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "fullscreen_vsh", "texture_fsh", red))
        skip();
    const tmt_tic_desc td = {.components = 0x08, .type = 2, .texture_type = 1, .width = 16, .height = 16,
                             .levels = 1, .bh = 1};
    uint32_t tic[8], tsc[8] = {2u | 2u << 3 | 2u << 6, 1u | 1u << 4 | 1u << 6, 0, 0, 0, 0, 0, 0};
    tmt_make_tic(&td, 0x0900000000ull, tic); /* nothing is mapped there */
    memcpy(e.data + TMD_TIC, tic, 32);
    memcpy(e.data + TMD_TSC, tsc, 32);
    const uint64_t tic_va = DATA_VA + TMD_TIC, tsc_va = DATA_VA + TMD_TSC;
    tmd_set(&e, 0x1574, (uint32_t)(tic_va >> 32)); /* SET_TEX_HEADER_POOL_A/B/C */
    tmd_set(&e, 0x1578, (uint32_t)tic_va);
    tmd_set(&e, 0x157c, 15);
    tmd_set(&e, 0x155c, (uint32_t)(tsc_va >> 32)); /* SET_TEX_SAMPLER_POOL_A/B/C */
    tmd_set(&e, 0x1560, (uint32_t)tsc_va);
    tmd_set(&e, 0x1564, 15);
    tmd_set(&e, 0x1214, 0 | 3u << 16 | 4u << 28);
    glhle_maxwell_run_result res;
    ts_log_clear();
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(res.draws, 1);
    assert_true(ts_log_contains("texture header 0 refused"));
    assert_true(ts_log_contains("drawn without it"));
    assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    assert_int_equal(e.gpu->render->stats.draws, 1);
    assert_int_equal(e.gpu->render->stats.textures_skipped, 1);
    for (uint32_t y = 0; y < H; y += 7)
        for (uint32_t x = 0; x < W; x += 5) {
            uint8_t px[4];
            memcpy(px, e.rt + mwt_bl_offset(W * 4, H, 1, 0, x * 4, y, 0), 4);
            if (px[0] || px[1] || px[2] || px[3] != 255)
                fail_msg("(%u, %u) is %u %u %u %u, want the incomplete texture's 0 0 0 255", x, y, px[0], px[1],
                         px[2], px[3]);
        }
    tmd_rects_close(&e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(occlusion_count_1x),
        cmocka_unit_test(occlusion_count_2x),
        cmocka_unit_test(pipeline_counters),
        cmocka_unit_test(condition_equal_not_equal),
        cmocka_unit_test(raster_enable),
        cmocka_unit_test(draw_without_refused_texture),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
