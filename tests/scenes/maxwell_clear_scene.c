/* The Maxwell "clear" sample scene (maxwell_clear_scene.h). Methods are
 * clb197.h byte offsets / 4. */
#include "scenes/maxwell_clear_scene.h"

#include <math.h>
#include <string.h>

#include "support/maxwell_support.h"
#include "support/test_support.h"

#define CT_A0 (0x0800u / 4)
#define COLOR_CLEAR_VALUE0 (0x0d80u / 4)
#define Z_CLEAR_VALUE (0x0d90u / 4)
#define STENCIL_CLEAR_VALUE (0x0da0u / 4)
#define SCISSOR_ENABLE0 (0x0e00u / 4)
#define SCISSOR_HORIZONTAL0 (0x0e04u / 4)
#define SCISSOR_VERTICAL0 (0x0e08u / 4)
#define ZT_A (0x0fe0u / 4)
#define SURFACE_CLIP_HORIZONTAL (0x0ff4u / 4)
#define CLEAR_SURFACE_CONTROL (0x10f8u / 4)
#define CT_SELECT (0x121cu / 4)
#define ZT_SIZE_A (0x1228u / 4)
#define ZT_SELECT (0x1538u / 4)
#define CLEAR_SURFACE (0x19d0u / 4)

#define DEPTH_VA (TM_CLEAR_VA + 0x200000)

static const float background[TM_CLEAR_FRAMES][4] = {
    {0.1f, 0.2f, 0.4f, 1.0f}, {0.9f, 0.55f, 0.1f, 1.0f}, {0.25f, 0.3f, 0.35f, 1.0f}};
static const float box[4] = {0.2f, 0.8f, 0.3f, 1.0f};

static void box_of(uint32_t f, uint32_t *x0, uint32_t *y0, uint32_t *x1, uint32_t *y1)
{
    *x0 = 20 + 60 * f;
    *y0 = 30 + 20 * f;
    *x1 = *x0 + 100;
    *y1 = *y0 + 70;
}

static uint8_t unorm8(float c)
{
    return (uint8_t)lrintf(c * 255.0f);
}

void tm_clear_expected(uint32_t f, uint32_t x, uint32_t y, uint8_t out[4])
{
    uint32_t x0, y0, x1, y1;
    box_of(f, &x0, &y0, &x1, &y1);
    const bool in = x >= x0 && x < x1 && y >= y0 && y < y1;
    for (int k = 0; k < 4; k++) {
        const bool written = in && (f != 2 || k < 2); /* frame 2's box writes red and green */
        out[k] = unorm8(written ? box[k] : background[f][k]);
    }
}

void tm_clear_map(glhle_maxwell *gpu, tm_clear_memory *mem)
{
    memset(mem->targets, 0, TM_CLEAR_MEM_SIZE);
    memset(mem->pb, 0, TM_CLEAR_PB_SIZE);
    assert_int_equal(glhle_maxwell_map(gpu, TM_CLEAR_VA, mem->targets, TM_CLEAR_MEM_SIZE,
                                       GLHLE_MAXWELL_KIND_GENERIC_16BX2), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, TM_CLEAR_PB_VA, mem->pb, TM_CLEAR_PB_SIZE, GLHLE_MAXWELL_KIND_PITCH),
                     GLHLE_RESULT_OK);
}

static void set(tm_pb *pb, uint32_t method, uint32_t value)
{
    tm_set1(pb, TM_SUB_3D, method, value);
}

static void colors(tm_pb *pb, const float c[4])
{
    const uint32_t v[4] = {tm_u(c[0]), tm_u(c[1]), tm_u(c[2]), tm_u(c[3])};
    tm_inc(pb, TM_SUB_3D, COLOR_CLEAR_VALUE0, 4, v);
}

static void frame(tm_pb *pb, uint32_t f)
{
    if (f == 0) {
        tm_bind_all(pb);
        /* colour target 0: A, B, WIDTH, HEIGHT, FORMAT A8B8G8R8, MEMORY
         * block height 16 GOBs, THIRD_DIMENSION 1 */
        const uint32_t ct[7] = {(uint32_t)(TM_CLEAR_VA >> 32), (uint32_t)TM_CLEAR_VA, TM_CLEAR_W, TM_CLEAR_H, 0xD5,
                                4u << 4, 1};
        tm_inc(pb, TM_SUB_3D, CT_A0, 7, ct);
        set(pb, CT_SELECT, 1);
        /* depth: ZT_A, B, FORMAT Z24S8, BLOCK_SIZE 16 GOBs, ARRAY_PITCH 0 */
        const uint32_t zt[5] = {(uint32_t)(DEPTH_VA >> 32), (uint32_t)DEPTH_VA, 0x14, 4u << 4, 0};
        tm_inc(pb, TM_SUB_3D, ZT_A, 5, zt);
        const uint32_t zsize[3] = {TM_CLEAR_W, TM_CLEAR_H, 1u | 1u << 16};
        tm_inc(pb, TM_SUB_3D, ZT_SIZE_A, 3, zsize);
        set(pb, ZT_SELECT, 1);
        const uint32_t clip[2] = {TM_CLEAR_W << 16, TM_CLEAR_H << 16};
        tm_inc(pb, TM_SUB_3D, SURFACE_CLIP_HORIZONTAL, 2, clip);
    }
    set(pb, CLEAR_SURFACE_CONTROL, 0);
    colors(pb, background[f]);
    set(pb, Z_CLEAR_VALUE, tm_u(1.0f));
    set(pb, STENCIL_CLEAR_VALUE, 0);
    tm_immd(pb, TM_SUB_3D, CLEAR_SURFACE, 0x3F); /* colour, depth and stencil */
    uint32_t x0, y0, x1, y1;
    box_of(f, &x0, &y0, &x1, &y1);
    set(pb, SCISSOR_ENABLE0, 1);
    const uint32_t sc[2] = {x0 | x1 << 16, y0 | y1 << 16};
    tm_inc(pb, TM_SUB_3D, SCISSOR_HORIZONTAL0, 2, sc);
    set(pb, CLEAR_SURFACE_CONTROL, 0x100); /* USE_SCISSOR0 */
    colors(pb, box);
    set(pb, CLEAR_SURFACE, f == 2 ? 0x0Cu : 0x3Cu);
    set(pb, SCISSOR_ENABLE0, 0);
}

void tm_clear_run(glhle_maxwell *gpu, tm_clear_memory *mem, tm_clear_frame_fn on_frame, void *user)
{
    for (uint32_t f = 0; f < TM_CLEAR_FRAMES; f++) {
        tm_pb pb;
        tm_pb_init(&pb);
        frame(&pb, f);
        assert_true(pb.n * 4u <= TM_CLEAR_PB_SIZE);
        /* the core writes the pushbuffer into GPU memory and submits it:
         * GP_ENTRY0 address bits 31:2, GP_ENTRY1 address bits 39:32 and
         * LENGTH in words at 30:10 (clb06f.h) */
        for (uint32_t i = 0; i < pb.n; i++) {
            const uint32_t w = pb.w[i];
            mem->pb[i * 4] = (uint8_t)w;
            mem->pb[i * 4 + 1] = (uint8_t)(w >> 8);
            mem->pb[i * 4 + 2] = (uint8_t)(w >> 16);
            mem->pb[i * 4 + 3] = (uint8_t)(w >> 24);
        }
        const uint64_t entry = (uint64_t)(uint32_t)TM_CLEAR_PB_VA |
                               ((uint64_t)((uint32_t)(TM_CLEAR_PB_VA >> 32) | pb.n << 10) << 32);
        glhle_maxwell_run_result res;
        assert_int_equal(glhle_maxwell_submit_gpfifo(gpu, &entry, 1, &res), GLHLE_RESULT_OK);
        assert_int_equal(res.clears, 2);
        tm_pb_free(&pb);
        glhle_maxwell_present_desc pd = {0};
        pd.surface = (glhle_maxwell_surface){.va = TM_CLEAR_VA, .format = 0xD5, .width = TM_CLEAR_W,
                                             .height = TM_CLEAR_H, .block_height_log2 = 4};
        assert_int_equal(glhle_maxwell_present(gpu, &pd), GLHLE_RESULT_OK);
        if (on_frame)
            on_frame(user, gpu, f);
    }
}
