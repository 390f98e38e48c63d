/* Maxwell render targets on GL (backend/maxwell/render/): CLEAR_SURFACE into
 * colour and depth-stencil targets in GPU memory, written back bit-exact,
 * and presentation of window surfaces (rendered or in memory, cropped,
 * flipped) into the frame.
 * Method numbers are clb197.h's byte offsets / 4, written out here rather
 * than taken from the library's table. Expected memory comes from models in
 * this file: the float-to-fixed rules of the GL spec (section 2.3.5: value
 * times 2^b - 1, rounded to nearest; clear values are picked away from
 * ties), half-float and packed layouts worked by hand, and the GOB model of
 * tests/support/maxwell_fake_mem.c for block-linear addresses. Every case
 * runs at internal scales 1 and 2: write-back is at the guest's size. */
#include "support/test_support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_context.h"
#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/render_targets.h"
#include "scenes/maxwell_draw_scene.h"
#include "support/maxwell_fake_mem.h"
#include "support/maxwell_support.h"
#include "support/maxwell_tex_support.h"

/* clb197.h methods (byte offset / 4) */
#define CT_A(j) ((0x0800u + (j) * 64u) / 4)
#define CT_B(j) (CT_A(j) + 1)
#define CT_WIDTH(j) (CT_A(j) + 2)
#define CT_HEIGHT(j) (CT_A(j) + 3)
#define CT_FORMAT(j) (CT_A(j) + 4)
#define CT_MEMORY(j) (CT_A(j) + 5)
#define CT_THIRD_DIMENSION(j) (CT_A(j) + 6)
#define CT_ARRAY_PITCH(j) (CT_A(j) + 7)
#define CT_LAYER(j) (CT_A(j) + 8)
#define COLOR_CLEAR_VALUE(i) ((0x0d80u + (i) * 4u) / 4)
#define Z_CLEAR_VALUE (0x0d90u / 4)
#define STENCIL_CLEAR_VALUE (0x0da0u / 4)
#define SCISSOR_ENABLE(j) ((0x0e00u + (j) * 16u) / 4)
#define SCISSOR_HORIZONTAL(j) ((0x0e04u + (j) * 16u) / 4)
#define SCISSOR_VERTICAL(j) ((0x0e08u + (j) * 16u) / 4)
#define ZT_A (0x0fe0u / 4)
#define ZT_B (0x0fe4u / 4)
#define ZT_FORMAT (0x0fe8u / 4)
#define ZT_BLOCK_SIZE (0x0fecu / 4)
#define ZT_ARRAY_PITCH (0x0ff0u / 4)
#define SURFACE_CLIP_HORIZONTAL (0x0ff4u / 4)
#define SURFACE_CLIP_VERTICAL (0x0ff8u / 4)
#define CLEAR_SURFACE_CONTROL (0x10f8u / 4)
#define CT_SELECT (0x121cu / 4)
#define ZT_SIZE_A (0x1228u / 4)
#define ZT_SIZE_B (0x122cu / 4)
#define ZT_SIZE_C (0x1230u / 4)
#define STENCIL_MASK (0x139cu / 4)
#define ZT_SELECT (0x1538u / 4)
#define SRGB_WRITE (0x15b8u / 4)
#define CLEAR_SURFACE (0x19d0u / 4)
/* CLEAR_SURFACE fields */
#define CLR_Z 1u
#define CLR_S 2u
#define CLR_R 4u
#define CLR_G 8u
#define CLR_B 16u
#define CLR_A 32u
#define CLR_RGBA 0x3Cu
/* SET_CLEAR_SURFACE_CONTROL */
#define CTL_STENCIL_MASK 1u
#define CTL_SCISSOR0 0x100u
/* DMA (clb0b5.h) */
#define DMA_OFFSET_IN_UPPER (0x400u / 4)
#define DMA_LINE_LENGTH_IN (0x418u / 4)
#define DMA_LAUNCH (0x300u / 4)

#define VA_BL 0x0500000000ull   /* block-linear memory */
#define VA_PITCH 0x0600000000ull /* pitch memory */
#define MEM_SIZE (4u << 20)

typedef struct env {
    glhle_maxwell *gpu;
    uint8_t *bl, *pitch;
    uint32_t scale;
} env;

static uint8_t pattern(size_t i)
{
    return (uint8_t)(i * 7 + 3);
}

static void env_init(env *e, glhle_context *ctx, uint32_t scale)
{
    const glhle_logger *lg = ts_logger();
    glhle_maxwell_desc d = {0};
    d.log = lg->fn;
    d.log_user = lg->user;
    d.log_level = GLHLE_LOG_DEBUG;
    d.scale = scale;
    e->scale = scale;
    assert_int_equal(glhle_maxwell_create(ctx, &d, &e->gpu), GLHLE_RESULT_OK);
    e->bl = malloc(MEM_SIZE);
    e->pitch = malloc(MEM_SIZE);
    for (size_t i = 0; i < MEM_SIZE; i++)
        e->bl[i] = e->pitch[i] = pattern(i);
    assert_int_equal(glhle_maxwell_map(e->gpu, VA_BL, e->bl, MEM_SIZE, GLHLE_MAXWELL_KIND_GENERIC_16BX2),
                     GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(e->gpu, VA_PITCH, e->pitch, MEM_SIZE, GLHLE_MAXWELL_KIND_PITCH),
                     GLHLE_RESULT_OK);
}

static void env_free(env *e, glhle_context *ctx)
{
    glhle_maxwell_destroy(e->gpu);
    free(e->bl);
    free(e->pitch);
    ts_gl_check(ctx);
}

static void set(tm_pb *pb, uint32_t method, uint32_t value)
{
    tm_set1(pb, TM_SUB_3D, method, value);
}

/* Colour target j: block-linear when bh >= 0 (log2 GOBs), else pitch with
 * `width` as the pitch in bytes. The surface clip covers w x h. */
static void color_target(tm_pb *pb, uint32_t j, uint64_t va, uint32_t width, uint32_t h, uint32_t format, int bh,
                         uint32_t clip_w)
{
    set(pb, CT_A(j), (uint32_t)(va >> 32));
    set(pb, CT_B(j), (uint32_t)va);
    set(pb, CT_WIDTH(j), width);
    set(pb, CT_HEIGHT(j), h);
    set(pb, CT_FORMAT(j), format);
    set(pb, CT_MEMORY(j), bh >= 0 ? (uint32_t)bh << 4 : 1u << 12);
    set(pb, CT_THIRD_DIMENSION(j), 1);
    set(pb, CT_ARRAY_PITCH(j), 0);
    set(pb, CT_LAYER(j), 0);
    set(pb, CT_SELECT, 1);
    set(pb, SURFACE_CLIP_HORIZONTAL, clip_w << 16);
    set(pb, SURFACE_CLIP_VERTICAL, h << 16);
}

static void clear_color_value(tm_pb *pb, const uint32_t v[4])
{
    for (uint32_t i = 0; i < 4; i++)
        set(pb, COLOR_CLEAR_VALUE(i), v[i]);
}

static void submit(env *e, tm_pb *pb, glhle_result want)
{
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(e->gpu, pb, &res), want);
    tm_pb_free(pb);
    tm_pb_init(pb);
}

static uint32_t unorm(float f, uint32_t bits)
{
    const float c = f < 0 ? 0 : f > 1 ? 1 : f;
    return (uint32_t)lrintf(c * (float)((1u << bits) - 1));
}

static uint64_t bl_byte(uint32_t width_bytes, uint32_t height, uint32_t bh, uint32_t x, uint32_t y)
{
    return mwt_bl_offset(width_bytes, height, bh, 0, x, y, 0);
}

/* A full RGBA8 clear of a block-linear target; bytes of the block past the
 * surface keep their contents. */
static void full_clear_rgba8_block_linear(void **state)
{
    for (uint32_t scale = 1; scale <= 2; scale++) {
        env e;
        env_init(&e, *state, scale);
        tm_pb pb;
        tm_pb_init(&pb);
        tm_bind_all(&pb);
        const uint32_t w = 256, h = 64, bh = 4; /* blocks of 16 GOBs: 128 rows, so rows 64-127 are padding */
        color_target(&pb, 0, VA_BL, w, h, 0xD5 /* A8B8G8R8 */, (int)bh, w);
        const float c[4] = {0.2f, 0.4f, 0.6f, 0.8f};
        const uint32_t bits[4] = {tm_u(c[0]), tm_u(c[1]), tm_u(c[2]), tm_u(c[3])};
        clear_color_value(&pb, bits);
        set(&pb, CLEAR_SURFACE_CONTROL, 0);
        set(&pb, CLEAR_SURFACE, CLR_RGBA);
        submit(&e, &pb, GLHLE_RESULT_OK);
        /* before a flush, memory still holds what it held */
        assert_int_equal(e.bl[0], pattern(0));
        assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
        const uint8_t want[4] = {(uint8_t)unorm(c[0], 8), (uint8_t)unorm(c[1], 8), (uint8_t)unorm(c[2], 8),
                                 (uint8_t)unorm(c[3], 8)};
        assert_int_equal(want[0], 51);
        assert_int_equal(want[2], 153);
        uint8_t *touched = calloc(1, (size_t)w * 4 * 128);
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w * 4; x++) {
                const uint64_t o = bl_byte(w * 4, h, bh, x, y);
                touched[o] = 1;
                if (e.bl[o] != want[x % 4])
                    fail_msg("scale %u: pixel (%u, %u) byte %u is 0x%02x, want 0x%02x", scale, x / 4, y, x % 4,
                             e.bl[o], want[x % 4]);
            }
        for (size_t o = 0; o < (size_t)w * 4 * 128; o++)
            if (!touched[o] && e.bl[o] != pattern(o))
                fail_msg("scale %u: padding byte 0x%zx was changed", scale, o);
        free(touched);
        glhle_maxwell_render_stats st;
        assert_int_equal(glhle_maxwell_get_render_stats(e.gpu, &st), GLHLE_RESULT_OK);
        assert_int_equal(st.surfaces, 1);
        assert_int_equal(st.clears, 1);
        assert_int_equal(st.writebacks, 1);
        /* a second flush has nothing to write */
        assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
        assert_int_equal(glhle_maxwell_get_render_stats(e.gpu, &st), GLHLE_RESULT_OK);
        assert_int_equal(st.writebacks, 1);
        tm_pb_free(&pb);
        env_free(&e, *state);
    }
}

/* R5G6B5 in pitch memory, scissor 0 applied, only red and blue written:
 * green keeps the old bits inside the scissor; everything outside it and
 * the bytes between rows keep theirs. */
static void scissored_masked_clear_r5g6b5_pitch(void **state)
{
    for (uint32_t scale = 1; scale <= 2; scale++) {
        env e;
        env_init(&e, *state, scale);
        tm_pb pb;
        tm_pb_init(&pb);
        tm_bind_all(&pb);
        const uint32_t w = 100, h = 40, pitch = 256;
        color_target(&pb, 0, VA_PITCH, pitch, h, 0xE8 /* R5G6B5 */, -1, w);
        const float c[4] = {0.7f, 0.1f, 0.3f, 1.0f};
        const uint32_t bits[4] = {tm_u(c[0]), tm_u(c[1]), tm_u(c[2]), tm_u(c[3])};
        clear_color_value(&pb, bits);
        set(&pb, SCISSOR_ENABLE(0), 1);
        set(&pb, SCISSOR_HORIZONTAL(0), 10u | 70u << 16); /* x 10..69 */
        set(&pb, SCISSOR_VERTICAL(0), 5u | 33u << 16);    /* y 5..32 */
        set(&pb, CLEAR_SURFACE_CONTROL, CTL_SCISSOR0);
        set(&pb, CLEAR_SURFACE, CLR_R | CLR_B);
        submit(&e, &pb, GLHLE_RESULT_OK);
        assert_int_equal(glhle_maxwell_flush(e.gpu, VA_PITCH, 1), GLHLE_RESULT_OK);
        const uint32_t r5 = unorm(c[0], 5), b5 = unorm(c[2], 5);
        assert_int_equal(r5, 22);
        assert_int_equal(b5, 9);
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < pitch / 2; x++) {
                const size_t o = (size_t)y * pitch + x * 2;
                const uint16_t old = (uint16_t)(pattern(o) | pattern(o + 1) << 8);
                uint16_t want = old;
                if (x >= 10 && x < 70 && y >= 5 && y < 33)
                    want = (uint16_t)(r5 << 11 | (old & 0x07E0) | b5);
                const uint16_t got = (uint16_t)(e.pitch[o] | e.pitch[o + 1] << 8);
                if (got != want)
                    fail_msg("scale %u: pixel (%u, %u) is 0x%04x, want 0x%04x", scale, x, y, got, want);
            }
        tm_pb_free(&pb);
        env_free(&e, *state);
    }
}

/* Integer targets take the clear registers' bits; half-float targets the
 * floats, converted exactly (values exact in binary16). Target 1 through
 * MRT_SELECT. */
static void integer_and_half_float_targets(void **state)
{
    for (uint32_t scale = 1; scale <= 2; scale++) {
        env e;
        env_init(&e, *state, scale);
        tm_pb pb;
        tm_pb_init(&pb);
        tm_bind_all(&pb);
        const uint32_t w = 32, h = 16;
        color_target(&pb, 0, VA_BL, w, h, 0xC2 /* RU32_GU32_BU32_AU32 */, 1, w);
        color_target(&pb, 1, VA_BL + 0x100000, w, h, 0xCA /* RF16_GF16_BF16_AF16 */, 0, w);
        const uint32_t ints[4] = {0xDEADBEEF, 7, 0x80000000u, 0xFFFFFFFF};
        clear_color_value(&pb, ints);
        set(&pb, CLEAR_SURFACE, CLR_RGBA); /* target 0 */
        const uint32_t halves[4] = {tm_u(0.5f), tm_u(-2.0f), tm_u(1.0f), tm_u(0.25f)};
        clear_color_value(&pb, halves);
        set(&pb, CLEAR_SURFACE, CLR_RGBA | 1u << 6); /* MRT_SELECT 1 */
        submit(&e, &pb, GLHLE_RESULT_OK);
        assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
        const uint16_t half_bits[4] = {0x3800, 0xC000, 0x3C00, 0x3400};
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                for (uint32_t k = 0; k < 4; k++) {
                    uint32_t u;
                    memcpy(&u, e.bl + bl_byte(w * 16, h, 1, x * 16 + k * 4, y), 4);
                    if (u != ints[k])
                        fail_msg("scale %u: RU32 pixel (%u, %u) component %u is 0x%08x", scale, x, y, k, u);
                    uint16_t f;
                    memcpy(&f, e.bl + 0x100000 + bl_byte(w * 8, h, 0, x * 8 + k * 2, y), 2);
                    if (f != half_bits[k])
                        fail_msg("scale %u: RF16 pixel (%u, %u) component %u is 0x%04x", scale, x, y, k, f);
                }
        tm_pb_free(&pb);
        env_free(&e, *state);
    }
}

static void zeta_target(tm_pb *pb, uint64_t va, uint32_t w, uint32_t h, uint32_t format, uint32_t bh)
{
    set(pb, ZT_A, (uint32_t)(va >> 32));
    set(pb, ZT_B, (uint32_t)va);
    set(pb, ZT_FORMAT, format);
    set(pb, ZT_BLOCK_SIZE, bh << 4);
    set(pb, ZT_ARRAY_PITCH, 0);
    set(pb, ZT_SIZE_A, w);
    set(pb, ZT_SIZE_B, h);
    set(pb, ZT_SIZE_C, 1u | 1u << 16);
    set(pb, ZT_SELECT, 1);
    set(pb, SURFACE_CLIP_HORIZONTAL, w << 16);
    set(pb, SURFACE_CLIP_VERTICAL, h << 16);
}

/* Depth and stencil: S8Z24 (stencil in bits 31:24) with the stencil write
 * mask respected, Z16 and ZF32 depth only. */
static void depth_stencil_targets(void **state)
{
    for (uint32_t scale = 1; scale <= 2; scale++) {
        env e;
        env_init(&e, *state, scale);
        tm_pb pb;
        tm_pb_init(&pb);
        tm_bind_all(&pb);
        const uint32_t w = 48, h = 24;
        zeta_target(&pb, VA_BL, w, h, 0x16 /* S8Z24 */, 2);
        set(&pb, Z_CLEAR_VALUE, tm_u(0.25f));
        set(&pb, STENCIL_CLEAR_VALUE, 0x5A);
        set(&pb, STENCIL_MASK, 0x0F);
        set(&pb, CLEAR_SURFACE_CONTROL, CTL_STENCIL_MASK);
        set(&pb, CLEAR_SURFACE, CLR_Z | CLR_S);
        submit(&e, &pb, GLHLE_RESULT_OK);
        assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
        const uint32_t z24 = unorm(0.25f, 24);
        assert_int_equal(z24, 0x400000);
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                const uint64_t o = bl_byte(w * 4, h, 2, x * 4, y);
                uint32_t got, old = 0;
                memcpy(&got, e.bl + o, 4);
                for (int b = 0; b < 4; b++)
                    old |= (uint32_t)pattern(o + (uint64_t)b) << (8 * b);
                const uint32_t s = ((old >> 24) & 0xF0u) | 0x0Au;
                const uint32_t want = s << 24 | z24;
                if (got != want)
                    fail_msg("scale %u: S8Z24 pixel (%u, %u) is 0x%08x, want 0x%08x", scale, x, y, got, want);
            }
        /* Z16 then ZF32, each its own surface elsewhere in memory */
        zeta_target(&pb, VA_BL + 0x100000, w, h, 0x13 /* Z16 */, 1);
        set(&pb, Z_CLEAR_VALUE, tm_u(0.75f));
        set(&pb, CLEAR_SURFACE_CONTROL, 0);
        set(&pb, CLEAR_SURFACE, CLR_Z | CLR_S); /* no stencil in Z16: the S bit does nothing */
        zeta_target(&pb, VA_BL + 0x200000, w, h, 0x0A /* ZF32 */, 1);
        set(&pb, Z_CLEAR_VALUE, tm_u(0.375f));
        set(&pb, CLEAR_SURFACE, CLR_Z);
        submit(&e, &pb, GLHLE_RESULT_OK);
        assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                uint16_t z16;
                memcpy(&z16, e.bl + 0x100000 + bl_byte(w * 2, h, 1, x * 2, y), 2);
                if (z16 != unorm(0.75f, 16))
                    fail_msg("scale %u: Z16 pixel (%u, %u) is 0x%04x", scale, x, y, z16);
                uint32_t zf;
                memcpy(&zf, e.bl + 0x200000 + bl_byte(w * 4, h, 1, x * 4, y), 4);
                if (zf != tm_u(0.375f))
                    fail_msg("scale %u: ZF32 pixel (%u, %u) is 0x%08x", scale, x, y, zf);
            }
        tm_pb_free(&pb);
        env_free(&e, *state);
    }
}

/* sRGB: with SET_SRGB_WRITE on, the linear clear colour is encoded
 * (IEC 61966-2-1: 1.055 c^(1/2.4) - 0.055 above 0.0031308); the GL allows a
 * conversion error, so one step of tolerance. Alpha is linear. */
static void srgb_clear_encodes(void **state)
{
    env e;
    env_init(&e, *state, 1);
    tm_pb pb;
    tm_pb_init(&pb);
    tm_bind_all(&pb);
    const uint32_t w = 16, h = 8;
    color_target(&pb, 0, VA_BL, w, h, 0xD6 /* A8BL8GL8RL8 */, 0, w);
    const float c[4] = {0.5f, 0.2f, 0.9f, 0.6f};
    const uint32_t bits[4] = {tm_u(c[0]), tm_u(c[1]), tm_u(c[2]), tm_u(c[3])};
    clear_color_value(&pb, bits);
    set(&pb, SRGB_WRITE, 1);
    set(&pb, CLEAR_SURFACE, CLR_RGBA);
    submit(&e, &pb, GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    for (uint32_t k = 0; k < 4; k++) {
        const double lin = c[k];
        const double enc = k == 3 ? lin : 1.055 * pow(lin, 1 / 2.4) - 0.055;
        const long want = lround(enc * 255);
        const uint8_t got = e.bl[bl_byte(w * 4, h, 0, 5 * 4 + k, 3)];
        if (labs((long)got - want) > 1)
            fail_msg("component %u is %u, want %ld", k, got, want);
    }
    tm_pb_free(&pb);
    env_free(&e, *state);
}

/* Coherence: a DMA copy out of a cleared target sees the clear; a CPU write
 * through glhle_maxwell_write into a target is kept by a later partial
 * clear. */
static void engines_and_cpu_see_the_targets(void **state)
{
    for (uint32_t scale = 1; scale <= 2; scale++) {
        env e;
        env_init(&e, *state, scale);
        tm_pb pb;
        tm_pb_init(&pb);
        tm_bind_all(&pb);
        const uint32_t w = 64, h = 8; /* one GOB row: bh 0, 4 GOBs wide */
        color_target(&pb, 0, VA_BL, w, h, 0xD5, 0, w);
        const uint32_t bits[4] = {tm_u(1.0f), tm_u(0.0f), tm_u(0.0f), tm_u(1.0f)};
        clear_color_value(&pb, bits);
        set(&pb, CLEAR_SURFACE, CLR_RGBA);
        /* DMA 1D copy of the whole target (w * h * 4 bytes) into pitch memory:
         * OFFSET_IN/OUT upper and lower, LINE_LENGTH_IN, LAUNCH_DMA with
         * DATA_TRANSFER_TYPE NON_PIPELINED (2), pitch in and out (bits 7, 8),
         * no semaphore, 1D */
        const uint32_t dma[4] = {0x05, 0x00000000, 0x06, 0x00100000};
        tm_inc(&pb, TM_SUB_DMA, DMA_OFFSET_IN_UPPER, 4, dma);
        tm_set1(&pb, TM_SUB_DMA, DMA_LINE_LENGTH_IN, w * h * 4);
        tm_set1(&pb, TM_SUB_DMA, DMA_LAUNCH, 2u | 1u << 7 | 1u << 8);
        submit(&e, &pb, GLHLE_RESULT_OK);
        for (uint32_t i = 0; i < w * h * 4; i++)
            if (e.pitch[0x100000 + i] != ((i % 4 == 0 || i % 4 == 3) ? 0xFF : 0x00))
                fail_msg("scale %u: DMA copy byte %u is 0x%02x", scale, i, e.pitch[0x100000 + i]);
        /* the CPU writes pixel (3, 2); a clear of the left half keeps it */
        const uint8_t px[4] = {1, 2, 3, 4};
        const uint64_t o = bl_byte(w * 4, h, 0, 3 * 4, 2);
        assert_int_equal(glhle_maxwell_write(e.gpu, VA_BL + o, px, 4), GLHLE_RESULT_OK);
        set(&pb, SCISSOR_ENABLE(0), 1);
        set(&pb, SCISSOR_HORIZONTAL(0), 32u << 16 | 0u);
        set(&pb, SCISSOR_VERTICAL(0), 8u << 16);
        set(&pb, CLEAR_SURFACE_CONTROL, CTL_SCISSOR0);
        const uint32_t green[4] = {tm_u(0.0f), tm_u(1.0f), tm_u(0.0f), tm_u(1.0f)};
        clear_color_value(&pb, green);
        set(&pb, SCISSOR_HORIZONTAL(0), 64u << 16 | 32u); /* right half only */
        set(&pb, CLEAR_SURFACE, CLR_RGBA);
        submit(&e, &pb, GLHLE_RESULT_OK);
        assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
        assert_memory_equal(e.bl + o, px, 4);
        const uint8_t red[4] = {0xFF, 0, 0, 0xFF}, grn[4] = {0, 0xFF, 0, 0xFF};
        assert_memory_equal(e.bl + bl_byte(w * 4, h, 0, 4 * 4, 2), red, 4);
        assert_memory_equal(e.bl + bl_byte(w * 4, h, 0, 40 * 4, 2), grn, 4);
        tm_pb_free(&pb);
        env_free(&e, *state);
    }
}

/* A format glhle does not keep, a target outside mapped memory: reported,
 * nothing written, and the instance clears a good target afterwards. */
static void bad_targets_are_reported(void **state)
{
    env e;
    env_init(&e, *state, 1);
    tm_pb pb;
    tm_pb_init(&pb);
    tm_bind_all(&pb);
    color_target(&pb, 0, VA_BL, 16, 8, 0xFB /* Z1R5G5B5 */, 0, 16);
    set(&pb, CLEAR_SURFACE, CLR_RGBA);
    ts_log_clear();
    submit(&e, &pb, GLHLE_RESULT_UNSUPPORTED);
    assert_true(ts_log_contains("0xfb"));
    color_target(&pb, 0, 0x0700000000ull, 16, 8, 0xD5, 0, 16);
    set(&pb, CLEAR_SURFACE, CLR_RGBA);
    submit(&e, &pb, GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("0x0700000000"));
    for (size_t i = 0; i < 4096; i++)
        assert_int_equal(e.bl[i], pattern(i));
    color_target(&pb, 0, VA_BL, 16, 8, 0xD5, 0, 16);
    const uint32_t bits[4] = {0, 0, 0, 0};
    clear_color_value(&pb, bits);
    set(&pb, CLEAR_SURFACE, CLR_RGBA);
    submit(&e, &pb, GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    assert_int_equal(e.bl[0], 0);
    tm_pb_free(&pb);
    env_free(&e, *state);
}

/* The frame (top row first) against want(x, y) in surface pixels, each a
 * scale x scale block. */
typedef void (*frame_pixel_fn)(uint32_t x, uint32_t y, uint8_t out[4]);

static void check_frame(env *e, uint32_t w, uint32_t h, frame_pixel_fn want)
{
    uint32_t fw, fh;
    assert_int_equal(glhle_maxwell_read_frame(e->gpu, NULL, 0, &fw, &fh), GLHLE_RESULT_OK);
    assert_int_equal(fw, w * e->scale);
    assert_int_equal(fh, h * e->scale);
    uint8_t *f = malloc((size_t)fw * fh * 4);
    assert_int_equal(glhle_maxwell_read_frame(e->gpu, f, (size_t)fw * fh * 4 - 1, NULL, NULL),
                     GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(glhle_maxwell_read_frame(e->gpu, f, (size_t)fw * fh * 4, NULL, NULL), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < fh; y++)
        for (uint32_t x = 0; x < fw; x++) {
            uint8_t px[4];
            want(x / e->scale, y / e->scale, px);
            const uint8_t *got = f + ((size_t)y * fw + x) * 4;
            if (memcmp(got, px, 4))
                fail_msg("scale %u: frame pixel (%u, %u) is %02x%02x%02x%02x, want %02x%02x%02x%02x", e->scale, x, y,
                         got[0], got[1], got[2], got[3], px[0], px[1], px[2], px[3]);
        }
    free(f);
}

static void red_with_green_box(uint32_t x, uint32_t y, uint8_t out[4])
{
    const bool in = x >= 8 && x < 24 && y >= 4 && y < 12;
    out[0] = in ? 0 : 0xFF;
    out[1] = in ? 0xFF : 0;
    out[2] = 0;
    out[3] = 0xFF;
}

/* A target the GPU cleared is shown from its GL image: no write-back, and
 * the picture is the clears'. */
static void present_a_rendered_target(void **state)
{
    for (uint32_t scale = 1; scale <= 2; scale++) {
        env e;
        env_init(&e, *state, scale);
        tm_pb pb;
        tm_pb_init(&pb);
        tm_bind_all(&pb);
        const uint32_t w = 64, h = 32;
        color_target(&pb, 0, VA_BL, w, h, 0xD5, 2, w);
        const uint32_t red[4] = {tm_u(1.0f), 0, 0, tm_u(1.0f)}, green[4] = {0, tm_u(1.0f), 0, tm_u(1.0f)};
        clear_color_value(&pb, red);
        set(&pb, CLEAR_SURFACE, CLR_RGBA);
        set(&pb, SCISSOR_ENABLE(0), 1);
        set(&pb, SCISSOR_HORIZONTAL(0), 8u | 24u << 16);
        set(&pb, SCISSOR_VERTICAL(0), 4u | 12u << 16);
        set(&pb, CLEAR_SURFACE_CONTROL, CTL_SCISSOR0);
        clear_color_value(&pb, green);
        set(&pb, CLEAR_SURFACE, CLR_RGBA);
        submit(&e, &pb, GLHLE_RESULT_OK);
        assert_int_equal(glhle_maxwell_read_frame(e.gpu, NULL, 0, NULL, NULL), GLHLE_RESULT_NOT_FOUND);
        glhle_maxwell_present_desc pd = {0};
        pd.surface = (glhle_maxwell_surface){.va = VA_BL, .format = 0xD5, .width = w, .height = h,
                                             .block_height_log2 = 2};
        assert_int_equal(glhle_maxwell_present(e.gpu, &pd), GLHLE_RESULT_OK);
        check_frame(&e, w, h, red_with_green_box);
        glhle_maxwell_render_stats st;
        assert_int_equal(glhle_maxwell_get_render_stats(e.gpu, &st), GLHLE_RESULT_OK);
        assert_int_equal(st.loads, 1);
        assert_int_equal(st.writebacks, 0);
        assert_int_equal(e.bl[0], pattern(0)); /* memory untouched */
        tm_pb_free(&pb);
        env_free(&e, *state);
    }
}

/* A8R8G8B8 pixel (x, y) of the pitch surface in memory: blue x, green y,
 * red x ^ y, alpha 0xFF (byte order B, G, R, A). */
#define CROP_X 5u
#define CROP_Y 3u
#define CROP_W 20u
#define CROP_H 10u

static void cropped_flipped(uint32_t x, uint32_t y, uint8_t out[4])
{
    const uint32_t sx = CROP_X + x, sy = CROP_Y + (CROP_H - 1 - y);
    out[0] = (uint8_t)(sx ^ sy);
    out[1] = (uint8_t)sy;
    out[2] = (uint8_t)sx;
    out[3] = 0xFF;
}

static void present_from_memory_cropped_and_flipped(void **state)
{
    for (uint32_t scale = 1; scale <= 2; scale++) {
        env e;
        env_init(&e, *state, scale);
        const uint32_t w = 40, h = 20, pitch = 256;
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                uint8_t *p = e.pitch + (size_t)y * pitch + x * 4;
                p[0] = (uint8_t)x;
                p[1] = (uint8_t)y;
                p[2] = (uint8_t)(x ^ y);
                p[3] = 0xFF;
            }
        glhle_maxwell_present_desc pd = {0};
        pd.surface = (glhle_maxwell_surface){.va = VA_PITCH, .format = 0xCF /* A8R8G8B8 */, .width = w, .height = h,
                                             .pitch = true, .pitch_bytes = pitch};
        pd.crop_x = CROP_X;
        pd.crop_y = CROP_Y;
        pd.crop_width = CROP_W;
        pd.crop_height = CROP_H;
        pd.flip_y = true;
        assert_int_equal(glhle_maxwell_present(e.gpu, &pd), GLHLE_RESULT_OK);
        check_frame(&e, CROP_W, CROP_H, cropped_flipped);
        env_free(&e, *state);
    }
}

static void bad_presents_are_refused(void **state)
{
    env e;
    env_init(&e, *state, 1);
    glhle_maxwell_present_desc pd = {0};
    pd.surface = (glhle_maxwell_surface){.va = VA_BL, .format = 0xD9 /* AU8BU8GU8RU8 */, .width = 16, .height = 16};
    assert_int_equal(glhle_maxwell_present(e.gpu, &pd), GLHLE_RESULT_UNSUPPORTED);
    pd.surface.format = 0xD5;
    pd.crop_x = 10;
    pd.crop_width = 7;
    pd.crop_height = 1;
    assert_int_equal(glhle_maxwell_present(e.gpu, &pd), GLHLE_RESULT_INVALID_ARGUMENT);
    pd.crop_x = pd.crop_width = pd.crop_height = 0;
    pd.surface.va = 0x0700000000ull;
    assert_int_equal(glhle_maxwell_present(e.gpu, &pd), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(glhle_maxwell_read_frame(e.gpu, NULL, 0, NULL, NULL), GLHLE_RESULT_NOT_FOUND);
    glhle_maxwell *cpu = tm_gpu_new();
    assert_int_equal(glhle_maxwell_present(cpu, &pd), GLHLE_RESULT_INVALID_ARGUMENT);
    glhle_maxwell_destroy(cpu);
    env_free(&e, *state);
}


/* ---- 3D targets ---- */

/* Byte offset of byte x of row y of slice z in a block-linear volume of
 * width_bytes x height x any depth, blocks of 2^bh GOBs tall and 2^bd
 * deep, written here from the Tegra X1 TRM's block-linear description
 * (as docs/maxwell-memory.md retells it): a GOB is 64 bytes by 8 rows, 512
 * bytes, its 16-byte by 2-row sectors at (x/32)*256 + (y/2 % 4)*64 +
 * (x/16 % 2)*32 + (y%2)*16; a block stacks its GOBs down first, then
 * through its 2^bd slices; blocks go across, then down, then deeper. */
static uint64_t vol_byte(uint32_t width_bytes, uint32_t height, uint32_t bh, uint32_t bd, uint32_t x, uint32_t y,
                         uint32_t z)
{
    const uint64_t gobs_x = (width_bytes + 63) / 64, rows_of_blocks = ((height + 7) / 8 + (1u << bh) - 1) >> bh;
    const uint64_t block = (((uint64_t)(z >> bd) * rows_of_blocks + ((y / 8) >> bh)) * gobs_x + x / 64);
    const uint64_t gob = ((uint64_t)(z & ((1u << bd) - 1)) << bh) + ((y / 8) & ((1u << bh) - 1));
    const uint32_t gx = x % 64, gy = y % 8;
    const uint64_t in_gob = (gx / 32) * 256 + (gy / 2) * 64 + ((gx / 16) % 2) * 32 + (gy % 2) * 16 + gx % 16;
    return ((block << (bh + bd)) + gob) * 512 + in_gob;
}

/* Volume bytes: whole blocks in every direction. */
static uint64_t vol_size(uint32_t width_bytes, uint32_t height, uint32_t depth, uint32_t bh, uint32_t bd)
{
    const uint64_t gobs_x = (width_bytes + 63) / 64, rows_of_blocks = ((height + 7) / 8 + (1u << bh) - 1) >> bh;
    return (((uint64_t)depth + (1u << bd) - 1) >> bd) * rows_of_blocks * gobs_x * (512u << (bh + bd));
}

#define V3_W 40u /* 160-byte rows: 3 GOBs across, the last in part */
#define V3_H 24u /* blocks of 2 GOBs (16 rows): the second row of blocks in part */
#define V3_BH 1u
#define V3_D 5u  /* slices: the last block deep in part */

/* The A8B8G8R8 bytes each slice z should hold at (x, y): colours k / 255,
 * so unorm conversion gives k exactly (GL 4.6 2.3.5). */
static void v3_color(uint32_t z, uint8_t out[4])
{
    out[0] = (uint8_t)(20 + 40 * z);
    out[1] = (uint8_t)(200 - 30 * z);
    out[2] = (uint8_t)(7 * z + 1);
    out[3] = (uint8_t)(255 - z);
}

static void v3_clear_value(tm_pb *pb, const uint8_t c[4])
{
    uint32_t v[4];
    for (int k = 0; k < 4; k++)
        v[k] = tm_u((float)c[k] / 255.0f);
    clear_color_value(pb, v);
}

/* Colour target 0 as a 3D volume (THIRD_DIMENSION_CONTROL DEFINES_DEPTH,
 * bit 16 of SET_COLOR_TARGET_MEMORY) at slice `layer`. */
static void v3_target(tm_pb *pb, uint64_t va, uint32_t bd, uint32_t depth, uint32_t layer)
{
    color_target(pb, 0, va, V3_W, V3_H, 0xD5, (int)V3_BH, V3_W);
    set(pb, CT_MEMORY(0), V3_BH << 4 | bd << 8 | 1u << 16);
    set(pb, CT_THIRD_DIMENSION(0), depth);
    set(pb, CT_LAYER(0), layer);
}

/* Every texel of the volume in memory against want(x, y, z); bytes of the
 * span outside it keep pattern(). */
typedef void (*v3_want_fn)(uint32_t x, uint32_t y, uint32_t z, uint8_t out[4]);

static void v3_check_memory_at(const uint8_t *mem, uint32_t w, uint32_t h, uint32_t depth, uint32_t bd,
                               v3_want_fn want, const char *what)
{
    const uint64_t size = vol_size(w * 4, h, depth, V3_BH, bd);
    uint8_t *touched = calloc(1, (size_t)size);
    for (uint32_t z = 0; z < depth; z++)
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                uint8_t px[4];
                want(x, y, z, px);
                const uint64_t o = vol_byte(w * 4, h, V3_BH, bd, x * 4, y, z);
                assert_true(o + 4 <= size);
                memset(touched + o, 1, 4);
                if (memcmp(mem + o, px, 4))
                    fail_msg("%s, block depth %u: texel (%u, %u, %u) is %02x%02x%02x%02x, want %02x%02x%02x%02x",
                             what, 1u << bd, x, y, z, mem[o], mem[o + 1], mem[o + 2], mem[o + 3], px[0], px[1], px[2],
                             px[3]);
            }
    for (uint64_t o = 0; o < size; o++)
        if (!touched[o] && mem[o] != pattern(o))
            fail_msg("%s, block depth %u: padding byte 0x%llx was changed", what, 1u << bd, (unsigned long long)o);
    free(touched);
}

static void v3_check_memory(const uint8_t *mem, uint32_t bd, v3_want_fn want, const char *what)
{
    v3_check_memory_at(mem, V3_W, V3_H, V3_D, bd, want, what);
}

/* The scissored clear: slice 3, x 8..19, y 4..11. */
static const uint8_t v3_box[4] = {9, 99, 199, 77};

static void v3_cleared(uint32_t x, uint32_t y, uint32_t z, uint8_t out[4])
{
    if (z == 3 && x >= 8 && x < 20 && y >= 4 && y < 12)
        memcpy(out, v3_box, 4);
    else
        v3_color(z, out);
}

static uint8_t v3_late[4] = {1, 2, 3, 4}; /* slice 2 cleared again after the flush */

static void v3_cleared_late(uint32_t x, uint32_t y, uint32_t z, uint8_t out[4])
{
    if (z == 2)
        memcpy(out, v3_late, 4);
    else
        v3_cleared(x, y, z, out);
}

/* The GL 3D texture the texture cache holds for an A8B8G8R8 header over
 * the w x h x depth volume at va against want (its texels in the GL's
 * order: slice, row, pixel). */
/* The GL texture of an A8B8G8R8 header over va (TEXTURE_TYPE 2 3D, with
 * blocks 2^bd slices deep, or 5 2D array) of w x h by depth slices or
 * layers, its texels against want. */
static void check_texture_texels(glhle_maxwell *gpu, glhle_context *ctx, uint64_t va, uint32_t texture_type,
                                 uint32_t w, uint32_t h, uint32_t depth, uint32_t bd, v3_want_fn want)
{
    tmt_tic_desc td = {.components = 0x08 /* A8B8G8R8 */, .type = 2 /* UNORM */, .texture_type = texture_type,
                       .width = w, .height = h, .depth = depth, .levels = 1, .bh = V3_BH};
    uint32_t tic[8];
    tmt_make_tic(&td, va, tic);
    tmt_field(tic, 104, 102, bd); /* GOBS_PER_BLOCK_DEPTH (clb197tex.h, BLOCKLINEAR) */
    GLuint tex;
    GLenum target;
    assert_int_equal(mw_texture_get(gpu->render, tic, &tex, &target), GLHLE_RESULT_OK);
    assert_int_equal(target, texture_type == 2 ? GL_TEXTURE_3D : GL_TEXTURE_2D_ARRAY);
    const size_t n = (size_t)w * h * depth * 4;
    uint8_t *img = malloc(n);
    ctx->gl.PixelStorei(GL_PACK_ALIGNMENT, 1);
    ctx->gl.GetTextureImage(tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, (GLsizei)n, img);
    for (uint32_t z = 0; z < depth; z++)
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                uint8_t px[4];
                want(x, y, z, px);
                const uint8_t *got = img + (((size_t)z * h + y) * w + x) * 4;
                if (memcmp(got, px, 4))
                    fail_msg("texture type %u, block depth %u: texel (%u, %u, %u) is %02x%02x%02x%02x, want "
                             "%02x%02x%02x%02x", texture_type, 1u << bd, x, y, z, got[0], got[1], got[2], got[3],
                             px[0], px[1], px[2], px[3]);
            }
    free(img);
}

static void v3_check_texture(env *e, glhle_context *ctx, uint32_t bd, v3_want_fn want)
{
    check_texture_texels(e->gpu, ctx, VA_BL, 2, V3_W, V3_H, V3_D, bd, want);
}

/* A 3D block-linear A8B8G8R8 target in blocks 2 and 4 slices deep (GOBs
 * of consecutive slices interleaved in each block), each slice cleared to
 * its own colour -- by SET_COLOR_TARGET_LAYER alone, or by the layer
 * offset plus CLEAR_SURFACE's RT_ARRAY_INDEX -- and one slice scissored:
 * written back, every texel lies where this file's model of the volume
 * puts it and the padding keeps its bytes. Then a slice cleared again
 * without a flush: a 3D texture header over the volume sees it (the cache
 * writes the target back before loading), and a later clear makes the
 * texture load again. At scales 1 and 2. */
static void three_d_target_slices_cleared(void **state)
{
    for (uint32_t bd = 1; bd <= 2; bd++)
        for (uint32_t scale = 1; scale <= 2; scale++) {
            env e;
            env_init(&e, *state, scale);
            tm_pb pb;
            tm_pb_init(&pb);
            tm_bind_all(&pb);
            set(&pb, CLEAR_SURFACE_CONTROL, 0);
            for (uint32_t z = 0; z < V3_D; z++) {
                uint8_t c[4];
                v3_color(z, c);
                v3_clear_value(&pb, c);
                if (z % 2 == 0) {
                    v3_target(&pb, VA_BL, bd, V3_D, z);
                    set(&pb, CLEAR_SURFACE, CLR_RGBA);
                } else {
                    v3_target(&pb, VA_BL, bd, V3_D, 1);
                    set(&pb, CLEAR_SURFACE, CLR_RGBA | (z - 1) << 10);
                }
            }
            v3_target(&pb, VA_BL, bd, V3_D, 3);
            v3_clear_value(&pb, v3_box);
            set(&pb, SCISSOR_ENABLE(0), 1);
            set(&pb, SCISSOR_HORIZONTAL(0), 8u | 20u << 16);
            set(&pb, SCISSOR_VERTICAL(0), 4u | 12u << 16);
            set(&pb, CLEAR_SURFACE_CONTROL, CTL_SCISSOR0);
            set(&pb, CLEAR_SURFACE, CLR_RGBA);
            submit(&e, &pb, GLHLE_RESULT_OK);
            assert_int_equal(e.bl[0], pattern(0)); /* nothing written back yet */
            assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
            v3_check_memory(e.bl, bd, v3_cleared, scale == 1 ? "scale 1" : "scale 2");
            glhle_maxwell_render_stats st;
            assert_int_equal(glhle_maxwell_get_render_stats(e.gpu, &st), GLHLE_RESULT_OK);
            assert_int_equal(st.surfaces, 1); /* one volume, not a surface a slice */
            assert_int_equal(st.clears, V3_D + 1);
            assert_int_equal(st.writebacks, 1);
            /* slice 2 again, not flushed: the texture cache sees it */
            set(&pb, CLEAR_SURFACE_CONTROL, 0);
            v3_target(&pb, VA_BL, bd, V3_D, 2);
            v3_clear_value(&pb, v3_late);
            set(&pb, CLEAR_SURFACE, CLR_RGBA);
            submit(&e, &pb, GLHLE_RESULT_OK);
            v3_check_texture(&e, *state, bd, v3_cleared_late);
            v3_check_memory(e.bl, bd, v3_cleared_late, "after the texture load");
            /* and slice 2 once more: the texture is loaded again */
            v3_late[0] = 250;
            v3_clear_value(&pb, v3_late);
            set(&pb, CLEAR_SURFACE, CLR_RGBA);
            submit(&e, &pb, GLHLE_RESULT_OK);
            v3_check_texture(&e, *state, bd, v3_cleared_late);
            v3_late[0] = 1;
            tm_pb_free(&pb);
            env_free(&e, *state);
        }
}

/* An instance and a pushbuffer for the bad-target tests: the
 * subchannels bound, CLEAR_SURFACE_CONTROL 0. */
static void bad_bench_open(env *e, tm_pb *pb, void **state)
{
    env_init(e, *state, 1);
    tm_pb_init(pb);
    tm_bind_all(pb);
    set(pb, CLEAR_SURFACE_CONTROL, 0);
}

/* A clear of every colour component submitted: `want`, with `text` in the log. */
static void clear_refused(env *e, tm_pb *pb, uint32_t layer, glhle_result want, const char *text)
{
    set(pb, CLEAR_SURFACE, CLR_RGBA | layer << 10);
    ts_log_clear();
    submit(e, pb, want);
    assert_true(ts_log_contains(text));
}

/* Bad 3D targets: a slice past THIRD_DIMENSION and a depth of 0 are
 * BAD_DATA, slice 1 of a pitch-layout 3D target UNSUPPORTED, a volume
 * deeper than the GL's 3D textures LIMIT_EXCEEDED, each naming its
 * values; nothing is written and a good slice clears afterwards. */
static void bad_3d_targets_are_reported(void **state)
{
    env e;
    tm_pb pb;
    bad_bench_open(&e, &pb, state);
    v3_target(&pb, VA_BL, 1, V3_D, V3_D);
    clear_refused(&e, &pb, 0, GLHLE_RESULT_BAD_DATA, "slice 5 of a 3D target of depth 5");
    v3_target(&pb, VA_BL, 1, V3_D, 2);
    clear_refused(&e, &pb, 3, GLHLE_RESULT_BAD_DATA, "slice 5 of a 3D target of depth 5");
    v3_target(&pb, VA_BL, 1, 0, 0);
    clear_refused(&e, &pb, 0, GLHLE_RESULT_BAD_DATA, "depth 0");
    color_target(&pb, 0, VA_PITCH, 256, 8, 0xD5, -1, 64);
    set(&pb, CT_MEMORY(0), 1u << 12 | 1u << 16);
    set(&pb, CT_THIRD_DIMENSION(0), 4);
    set(&pb, CT_LAYER(0), 1);
    clear_refused(&e, &pb, 0, GLHLE_RESULT_UNSUPPORTED, "slice 1 of a pitch-layout 3D target");
    GLint max = 0;
    ((glhle_context *)*state)->gl.GetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max);
    v3_target(&pb, VA_BL, 0, (uint32_t)max + 1, 0);
    set(&pb, CLEAR_SURFACE, CLR_RGBA);
    ts_log_clear();
    submit(&e, &pb, GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_true(ts_log_contains("3D texture size") || ts_log_contains("spans")); /* the GL's limit or glhle's */
    for (size_t i = 0; i < 65536; i++)
        assert_int_equal(e.bl[i], pattern(i));
    v3_target(&pb, VA_BL, 1, V3_D, 4);
    uint8_t c[4];
    v3_color(4, c);
    v3_clear_value(&pb, c);
    set(&pb, CLEAR_SURFACE, CLR_RGBA);
    submit(&e, &pb, GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    assert_memory_equal(e.bl + vol_byte(V3_W * 4, V3_H, V3_BH, 1, 0, 0, 4), c, 4);
    tm_pb_free(&pb);
    env_free(&e, *state);
}

/* Colour target 0 of the draw bench as a 32x32xD volume (blocks of 2
 * GOBs by 2^bd slices) at slice `layer`. */
static void d3_target(tmd_rects *e, uint64_t va, uint32_t bd, uint32_t depth, uint32_t layer)
{
    const uint32_t ct[9] = {(uint32_t)(va >> 32), (uint32_t)va, TMD_RECTS_W, TMD_RECTS_H, 0xD5,
                            V3_BH << 4 | bd << 8 | 1u << 16, depth, 0, layer};
    for (uint32_t i = 0; i < 9; i++)
        tmd_set(e, 0x0800 + 4 * i, ct[i]);
}

#define D3_D 4u
static const uint8_t d3_rect[4] = {255, 128, 3, 255}; /* drawn into slice 2 over x 4..19, y 6..25 */

static void d3_want(uint32_t x, uint32_t y, uint32_t z, uint8_t out[4])
{
    if (z == 2 && x >= 4 && x < 20 && y >= 6 && y < 26)
        memcpy(out, d3_rect, 4);
    else
        v3_color(z, out);
}

/* The bench's volume (no padding: 2 GOBs across, 2 blocks down, one deep
 * or two) against d3_want. */
static void d3_check_memory(const uint8_t *mem, uint32_t scale, uint32_t bd, const char *what)
{
    char label[64];
    snprintf(label, sizeof label, "%s, scale %u", what, scale);
    v3_check_memory_at(mem, TMD_RECTS_W, TMD_RECTS_H, D3_D, bd, d3_want, label);
}

/* The draw bench at `scale` (skipped where it cannot open) with colour
 * target 0 a D3_D-slice volume in blocks 2^bd slices deep, each slice z
 * cleared to v3_color(z); the volume's address. */
static uint64_t d3_open(tmd_rects *e, void **state, uint32_t scale, uint32_t bd)
{
    static const float black[4] = {0, 0, 0, 1};
    if (!tmd_rects_open(e, *state, scale, "passthrough_vsh", "color_fsh", black))
        skip();
    const uint64_t va = TMD_RECTS_RT_VA + 0x200000;
    for (uint32_t z = 0; z < D3_D; z++) {
        d3_target(e, va, bd, D3_D, z);
        uint8_t c[4];
        v3_color(z, c);
        for (uint32_t k = 0; k < 4; k++)
            tmd_set(e, 0x0d80 + 4 * k, tm_u((float)c[k] / 255.0f));
        tmd_set(e, 0x19d0, CLR_RGBA);
    }
    return va;
}

/* A draw into one slice of a 3D target (SET_COLOR_TARGET_LAYER 2, blocks
 * 2 and 4 slices deep), its slices cleared to their colours first: in
 * memory after the flush only that slice's rectangle changed, where the
 * model puts it; a 3D texture header over the volume reads every slice
 * back. At scales 1 and 2. */
static void three_d_target_slice_drawn(void **state)
{
    for (uint32_t bd = 1; bd <= 2; bd++)
        for (uint32_t scale = 1; scale <= 2; scale++) {
            tmd_rects e;
            const uint64_t va = d3_open(&e, state, scale, bd);
            d3_target(&e, va, bd, D3_D, 2);
            float rgba[4];
            for (uint32_t k = 0; k < 4; k++)
                rgba[k] = (float)d3_rect[k] / 255.0f;
            const uint32_t first = tmd_rect(&e, 4, 6, 20, 26, 0, rgba, false);
            tmd_set(&e, 0x1214, first | 6u << 16 | 4u << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST */
            tmd_submit(&e, 1);
            d3_check_memory(e.rt + 0x200000, scale, bd, "drawn");
            check_texture_texels(e.gpu, e.ctx, va, 2, TMD_RECTS_W, TMD_RECTS_H, D3_D, bd, d3_want);
            /* a context loss keeps the volume's scaled texels (context_loss.c):
             * with memory zeroed behind its back in between, a clear of slice 3
             * after the restore writes the whole volume back from them */
            assert_int_equal(glhle_maxwell_context_lost(e.gpu), GLHLE_RESULT_OK);
            memset(e.rt + 0x200000, 0, 1u << 16);
            assert_int_equal(glhle_maxwell_context_restored(e.gpu), GLHLE_RESULT_OK);
            d3_target(&e, va, bd, D3_D, 3);
            uint8_t c3[4];
            v3_color(3, c3);
            for (uint32_t k = 0; k < 4; k++)
                tmd_set(&e, 0x0d80 + 4 * k, tm_u((float)c3[k] / 255.0f));
            tmd_set(&e, 0x19d0, CLR_RGBA);
            tmd_submit(&e, 0);
            d3_check_memory(e.rt + 0x200000, scale, bd, "after a context loss");
            tmd_rects_close(&e);
        }
}

/* ---- 2D array targets and layered draws ---- */

#define AR_L 4u
#define AR_LAYER 0x1000u /* a 32x32 A8B8G8R8 layer in blocks of 2 GOBs: 2 GOBs across, 2 blocks down */
#define AR_VA (TMD_RECTS_RT_VA + 0x200000)
#define AR_GAP 0xA5u     /* what the bytes between layers hold before and after */

/* Colour target 0 of the draw bench as a 32x32 2D array of `layers`
 * layers `pitch` bytes apart (MEMORY THIRD_DIMENSION_CONTROL 0: layers),
 * drawn at SET_COLOR_TARGET_LAYER `layer`. */
static void ar_target(tmd_rects *e, uint32_t layers, uint32_t pitch, uint32_t layer)
{
    const uint32_t ct[9] = {(uint32_t)(AR_VA >> 32), (uint32_t)AR_VA, TMD_RECTS_W, TMD_RECTS_H, 0xD5, V3_BH << 4,
                            layers, pitch >> 2, layer};
    for (uint32_t i = 0; i < 9; i++)
        tmd_set(e, 0x0800 + 4 * i, ct[i]);
}

static void ar_clear_layers(tmd_rects *e, uint32_t pitch)
{
    for (uint32_t l = 0; l < AR_L; l++) {
        ar_target(e, AR_L, pitch, l);
        uint8_t c[4];
        v3_color(l, c);
        for (uint32_t k = 0; k < 4; k++)
            tmd_set(e, 0x0d80 + 4 * k, tm_u((float)c[k] / 255.0f));
        tmd_set(e, 0x19d0, CLR_RGBA);
    }
}

static void ar_draw_rect(tmd_rects *e, float x0, float y0, float x1, float y1, const uint8_t c[4])
{
    float rgba[4];
    for (uint32_t k = 0; k < 4; k++)
        rgba[k] = (float)c[k] / 255.0f;
    const uint32_t first = tmd_rect(e, x0, y0, x1, y1, 0, rgba, false);
    tmd_set(e, 0x1214, first | 6u << 16 | 4u << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST */
}

/* A 32x32 A8B8G8R8 block-linear layer at mem (vol_byte at depth 0)
 * against want(x, y, l). */
static void check_layer(const uint8_t *mem, uint32_t l, v3_want_fn want, const char *what)
{
    for (uint32_t y = 0; y < TMD_RECTS_H; y++)
        for (uint32_t x = 0; x < TMD_RECTS_W; x++) {
            uint8_t px[4];
            want(x, y, l, px);
            const uint8_t *got = mem + vol_byte(TMD_RECTS_W * 4, TMD_RECTS_H, V3_BH, 0, x * 4, y, 0);
            if (memcmp(got, px, 4))
                fail_msg("%s: layer %u texel (%u, %u) is %02x%02x%02x%02x, want %02x%02x%02x%02x", what, l, x, y,
                         got[0], got[1], got[2], got[3], px[0], px[1], px[2], px[3]);
        }
}

/* Every layer's texels (layer l at l * pitch) against want(x, y, l); the
 * bytes between layers keep AR_GAP. */
static void ar_check_memory(const uint8_t *mem, uint32_t pitch, v3_want_fn want, const char *what)
{
    for (uint32_t l = 0; l < AR_L; l++) {
        check_layer(mem + (size_t)l * pitch, l, want, what);
        for (uint32_t o = AR_LAYER; l + 1 < AR_L && o < pitch; o++)
            if (mem[(size_t)l * pitch + o] != AR_GAP)
                fail_msg("%s: byte 0x%x after layer %u was changed", what, o, l);
    }
}

/* drawn into layer 2 over x 4..19, y 6..25 (d3_rect), the rest each layer's colour */
static void ar_want(uint32_t x, uint32_t y, uint32_t l, uint8_t out[4])
{
    d3_want(x, y, l, out);
}

/* A draw into layer 2 of a 4-layer 2D array colour target
 * (SET_COLOR_TARGET_LAYER 2), its layers cleared to their colours first,
 * with layers a layer apart and with a gap between them: in memory after
 * the flush only layer 2's rectangle changed and the gaps kept their
 * bytes; a 2D array texture header over the array reads every layer back.
 * At scales 1 and 2. */
static void array_target_layer_drawn(void **state)
{
    static const float black[4] = {0, 0, 0, 1};
    static const uint32_t pitches[2] = {AR_LAYER, AR_LAYER + 0x800};
    for (uint32_t p = 0; p < 2; p++)
        for (uint32_t scale = 1; scale <= 2; scale++) {
            tmd_rects e;
            if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", black))
                skip();
            memset(e.rt + 0x200000, AR_GAP, (size_t)AR_L * pitches[p]);
            ar_clear_layers(&e, pitches[p]);
            ar_target(&e, AR_L, pitches[p], 2);
            ar_draw_rect(&e, 4, 6, 20, 26, d3_rect);
            tmd_submit(&e, 1);
            char what[64];
            snprintf(what, sizeof what, "pitch 0x%x, scale %u", pitches[p], scale);
            ar_check_memory(e.rt + 0x200000, pitches[p], ar_want, what);
            if (pitches[p] == AR_LAYER) /* the header's layer stride is a layer's size */
                check_texture_texels(e.gpu, e.ctx, AR_VA, 5, TMD_RECTS_W, TMD_RECTS_H, AR_L, 0, ar_want);
            tmd_rects_close(&e);
        }
}

/* A 3-layer ZF32 depth array (SET_ZT_SIZE_C THIRD_DIMENSION 3, CONTROL 0:
 * the third dimension is the array size), layers cleared through
 * SET_ZT_LAYER to 1, 0 and 1: a depth-tested (LESS) rectangle with
 * SET_ZT_LAYER 1 is hidden, one with SET_ZT_LAYER 2 drawn; each layer's
 * depth in memory is its clear value. At scales 1 and 2. */
static const uint8_t zar_color[4] = {10, 240, 60, 255};
static const float zar_depth[3] = {1.0f, 0.0f, 1.0f};

static void zar_want(uint32_t x, uint32_t y, uint32_t l, uint8_t out[4])
{
    (void)l;
    const bool b = x >= 18 && x < 30 && y >= 2 && y < 30;
    out[0] = b ? zar_color[0] : 0;
    out[1] = b ? zar_color[1] : 0;
    out[2] = b ? zar_color[2] : 0;
    out[3] = 255;
}

/* The bench's depth target as an n-layer ZF32 array at RT + 0x100000,
 * layer l cleared to depth[l], depth-tested (LESS). */
static void zar_setup(tmd_rects *e, uint32_t n, const float *depth)
{
    tmd_zeta(&e->pb, TMD_RECTS_RT_VA + 0x100000, TMD_RECTS_W, TMD_RECTS_H, 0x0A /* ZF32 */);
    tmd_set(e, 0x0ff0, AR_LAYER >> 2); /* SET_ZT_ARRAY_PITCH */
    tmd_set(e, 0x1230, n);             /* SET_ZT_SIZE_C: n, THIRD_DIMENSION_DEFINES_ARRAY_SIZE */
    for (uint32_t l = 0; l < n; l++) {
        tmd_set(e, 0x179c, l); /* SET_ZT_LAYER */
        tmd_set(e, 0x0d90, tm_u(depth[l]));
        tmd_set(e, 0x19d0, CLR_Z);
    }
    tmd_set(e, 0x12cc, 1);      /* SET_DEPTH_TEST */
    tmd_set(e, 0x130c, 0x0201); /* SET_DEPTH_FUNC OGL_LESS */
}

/* Each of zar_setup's layers in memory still depth[l] everywhere. */
static void zar_check(const tmd_rects *e, uint32_t n, const float *depth, const char *what)
{
    for (uint32_t y = 0; y < TMD_RECTS_H; y++)
        for (uint32_t x = 0; x < TMD_RECTS_W; x++)
            for (uint32_t l = 0; l < n; l++) {
                float z;
                memcpy(&z, e->rt + 0x100000 + l * AR_LAYER +
                               vol_byte(TMD_RECTS_W * 4, TMD_RECTS_H, V3_BH, 0, x * 4, y, 0), 4);
                if (z != depth[l])
                    fail_msg("%s: depth layer %u at (%u, %u) is %g, want %g", what, l, x, y, (double)z,
                             (double)depth[l]);
            }
}

static void zeta_array_layer_tested(void **state)
{
    static const float black[4] = {0, 0, 0, 1};
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tmd_rects e;
        if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", black))
            skip();
        zar_setup(&e, 3, zar_depth);
        tmd_set(&e, 0x179c, 1);
        ar_draw_rect(&e, 2, 2, 14, 30, zar_color);
        tmd_set(&e, 0x179c, 2);
        ar_draw_rect(&e, 18, 2, 30, 30, zar_color);
        tmd_submit(&e, 2);
        char what[32];
        snprintf(what, sizeof what, "colour target, scale %u", scale);
        check_layer(e.rt, 0, zar_want, what);
        snprintf(what, sizeof what, "scale %u", scale);
        zar_check(&e, 3, zar_depth, what);
        tmd_rects_close(&e);
    }
}

static const uint8_t lay_a[4] = {250, 20, 120, 255}, lay_b[4] = {30, 70, 230, 255};

/* rectangle A in layer 1, B and C in layer 3, every other texel its layer's colour */
static void lay_want(uint32_t x, uint32_t y, uint32_t l, uint8_t out[4])
{
    if (l == 1 && x >= 2 && x < 14 && y >= 4 && y < 28)
        memcpy(out, lay_a, 4);
    else if (l == 3 && ((x >= 10 && x < 30 && y >= 8 && y < 20) || (x >= 20 && x < 30 && y >= 22 && y < 30)))
        memcpy(out, lay_b, 4);
    else
        v3_color(l, out);
}

/* A program's header and code at `off` of the program region (0x1000
 * bytes of room), made SET_PIPELINE_SHADER(stage)'s. */
static void stage_at(tmd_rects *e, uint32_t stage, uint32_t off, const tmc_shader *sh)
{
    assert_true(0x50 + sh->words * 8 <= 0x1000);
    memcpy(e->data + off, sh->sph, 0x50);
    memcpy(e->data + off + 0x50, sh->code, sh->words * 8);
    tmd_set(e, 0x2004 + 64 * stage, off);
}

/* The methods so far submitted where the host cannot draw them: refused
 * as UNSUPPORTED with `why` in the log. */
static void submit_refused(tmd_rects *e, const char *why)
{
    glhle_maxwell_run_result res;
    ts_log_clear();
    assert_int_equal(tm_submit(e->gpu, &e->pb, &res), GLHLE_RESULT_UNSUPPORTED);
    if (!ts_log_contains(why))
        fail_msg("the refusal does not say \"%s\"", why);
    tm_pb_free(&e->pb);
    tm_pb_init(&e->pb);
}

/* A case whose draws the host refused (each refusal checked): skipped,
 * saying why. */
static void skip_refused(const char *why)
{
    print_message("SKIP%s: %s (the draw is refused with that reason, checked)\n", ts_gles() ? " on OpenGL ES" : "",
                  why);
    skip();
}

#define VL_VS_OFF 0x16000u /* past the bench's programs (maxwell_draw_scene.h): two vertex programs */
#define VL_NO_EXT "the host has no ARB_shader_viewport_layer_array"

/* Layered draws: a program of pipeline stage `stage` (1 vertex, 4
 * geometry) that writes the layer (1 for one draw, 3 for the next two)
 * into a 4-layer 2D array target drawn from layer 0, attached whole: each
 * rectangle is in its layer, in memory and through a 2D array texture
 * header, at scales 1 and 2. A vertex stage's layer needs
 * ARB_shader_viewport_layer_array: without it (OpenGL ES, or
 * GLHLE_CAPS_DISABLE naming it) the draw is refused, saying so. */
static void stage_picks_the_layer(void **state, uint32_t stage)
{
    static const float black[4] = {0, 0, 0, 1};
    const bool can = stage == 4 || glhle_context_get_info(*state)->viewport_layer_array;
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tmd_rects e;
        if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", black))
            skip();
        tmc_shader sh[2];
        for (uint32_t i = 0; i < 2; i++)
            assert_true(stage == 4 ? tmd_layer_gs(&sh[i], i ? 3 : 1) : tmd_layer_vs(&sh[i], i ? 3 : 1));
        ar_clear_layers(&e, AR_LAYER);
        ar_target(&e, AR_L, AR_LAYER, 0);
        const uint32_t off = stage == 4 ? TMD_GS_OFF : VL_VS_OFF;
        if (stage == 4)
            tmd_geometry_program(&e.pb, e.data, TMD_RECTS_DATA_VA, &sh[0]);
        else
            stage_at(&e, stage, off, &sh[0]);
        ar_draw_rect(&e, 2, 4, 14, 28, lay_a);
        if (!can) {
            submit_refused(&e, VL_NO_EXT);
        } else {
            stage_at(&e, stage, off + 0x1000, &sh[1]); /* the second program, after the first */
            ar_draw_rect(&e, 10, 8, 30, 20, lay_b);
            ar_draw_rect(&e, 20, 22, 30, 30, lay_b); /* the same program again: the draw path's kept key */
            tmd_submit(&e, 3);
            char what[64];
            snprintf(what, sizeof what, "layered by stage %u, scale %u", stage, scale);
            ar_check_memory(e.rt + 0x200000, AR_LAYER, lay_want, what);
            check_texture_texels(e.gpu, e.ctx, AR_VA, 5, TMD_RECTS_W, TMD_RECTS_H, AR_L, 0, lay_want);
        }
        for (uint32_t i = 0; i < 2; i++)
            tmc_free(&sh[i]);
        tmd_rects_close(&e);
    }
    if (!can)
        skip_refused("no ARB_shader_viewport_layer_array, so no layer from a vertex stage");
}

static void geometry_stage_picks_the_layer(void **state)
{
    stage_picks_the_layer(state, 4);
}

/* (ARB_shader_viewport_layer_array) */
static void vertex_stage_picks_the_layer(void **state)
{
    stage_picks_the_layer(state, 1);
}

/* Viewport arrays: viewport n (1, then 5) at vpa_vp[d] for draw d (the
 * second draw moves it, with nothing else changed: the state tracker's
 * indexed shadow must issue the change), scissor n at vpa_sc and scissor
 * 0 at [0, 4) x [0, 4): a rectangle over the whole of NDC drawn by a
 * program writing viewport index n covers viewport n's
 * rectangle within scissor n; through viewport and scissor 0 it would
 * cover [0, 4) x [0, 4). Rectangles as x0, y0, x1, y1 in guest pixels. */
static const uint32_t vpa_vp[2][4] = {{16, 0, 32, 16}, {0, 16, 16, 32}};
static const uint32_t vpa_sc[4] = {2, 4, 30, 30};
static const uint8_t vpa_color[2][4] = {{200, 40, 10, 255}, {20, 180, 240, 255}};

static bool vpa_in(const uint32_t r[4], uint32_t x, uint32_t y)
{
    return x >= r[0] && x < r[2] && y >= r[1] && y < r[3];
}

static void vpa_want(uint32_t x, uint32_t y, uint32_t l, uint8_t out[4])
{
    (void)l;
    static const uint8_t black[4] = {0, 0, 0, 255};
    const uint8_t *c = black;
    for (uint32_t d = 0; d < 2; d++)
        if (vpa_in(vpa_vp[d], x, y) && vpa_in(vpa_sc, x, y))
            c = vpa_color[d];
    memcpy(out, c, 4);
}

/* The bench at `scale` with pixel program `fs` and a program of pipeline
 * stage `stage` (1 vertex, 4 geometry) writing viewport index n in *sh
 * (tmc_free it); false without the corpus. */
static bool viewport_bench(tmd_rects *e, void **state, uint32_t scale, const char *fs, uint32_t stage, uint32_t n,
                           tmc_shader *sh)
{
    static const float black[4] = {0, 0, 0, 1};
    if (!tmd_rects_open(e, *state, scale, "passthrough_vsh", fs, black))
        return false;
    assert_true(stage == 4 ? tmd_viewport_gs(sh, n) : tmd_viewport_vs(sh, n));
    if (stage == 4)
        tmd_geometry_program(&e->pb, e->data, TMD_RECTS_DATA_VA, sh);
    else
        stage_at(e, stage, VL_VS_OFF, sh);
    return true;
}

/* The viewport index written by a program of pipeline stage `stage` (1
 * vertex, 4 geometry), at scales 1 and 2. Refused with the reason on
 * OpenGL ES (no viewport arrays), and for a vertex stage on a desktop GL
 * without ARB_shader_viewport_layer_array. */
static void stage_picks_the_viewport(void **state, uint32_t stage)
{
    const bool can = !ts_gles() && (stage == 4 || glhle_context_get_info(*state)->viewport_layer_array);
    for (uint32_t n = 1; n <= (can ? 5u : 1u); n += 4)
        for (uint32_t scale = 1; scale <= 2; scale++) {
            tmd_rects e;
            tmc_shader sh;
            if (!viewport_bench(&e, state, scale, "color_fsh", stage, n, &sh))
                skip();
            tmd_set(&e, 0x0e00, 1);                /* SET_SCISSOR_ENABLE(0) */
            tmd_set(&e, 0x0e04, 4u << 16);         /* SET_SCISSOR_HORIZONTAL(0): 0 to 4 */
            tmd_set(&e, 0x0e08, 4u << 16);         /* SET_SCISSOR_VERTICAL(0) */
            tmd_set(&e, 0x0e00 + 0x10 * n, 1);     /* SET_SCISSOR_ENABLE(n): 16 bytes a scissor */
            tmd_set(&e, 0x0e04 + 0x10 * n, vpa_sc[0] | vpa_sc[2] << 16);
            tmd_set(&e, 0x0e08 + 0x10 * n, vpa_sc[1] | vpa_sc[3] << 16);
            for (uint32_t d = 0; d < (can ? 2u : 1u); d++) {
                /* clb197.h: x_w = scale_x * x_ndc + offset_x, viewport n's registers 0x20 n bytes on */
                const uint32_t *v = vpa_vp[d], o = 0x20 * n;
                tmd_set(&e, 0x0a00 + o, tm_u((float)(v[2] - v[0]) / 2)); /* SET_VIEWPORT_SCALE_X(n) */
                tmd_set(&e, 0x0a04 + o, tm_u((float)(v[3] - v[1]) / 2));
                tmd_set(&e, 0x0a08 + o, tm_u(0.5f));
                tmd_set(&e, 0x0a0c + o, tm_u((float)(v[0] + v[2]) / 2)); /* SET_VIEWPORT_OFFSET_X(n) */
                tmd_set(&e, 0x0a10 + o, tm_u((float)(v[1] + v[3]) / 2));
                tmd_set(&e, 0x0a14 + o, tm_u(0.5f));
                ar_draw_rect(&e, 0, 0, TMD_RECTS_W, TMD_RECTS_H, vpa_color[d]);
            }
            if (!can) {
                submit_refused(&e, ts_gles() ? "OpenGL ES has no viewport arrays" : VL_NO_EXT);
            } else {
                tmd_submit(&e, 2);
                char what[48];
                snprintf(what, sizeof what, "viewport %u by stage %u, scale %u", n, stage, scale);
                check_layer(e.rt, 0, vpa_want, what);
            }
            tmc_free(&sh);
            tmd_rects_close(&e);
        }
    if (!can)
        skip_refused(ts_gles() ? "no viewport arrays" : "no ARB_shader_viewport_layer_array");
}

static void geometry_stage_picks_the_viewport(void **state)
{
    stage_picks_the_viewport(state, 4);
}

/* (ARB_shader_viewport_layer_array) */
static void vertex_stage_picks_the_viewport(void **state)
{
    stage_picks_the_viewport(state, 1);
}

/* Viewports whose y scale flips unlike viewport 0's: viewport 1 over
 * [16, 32) x [0, 16) (scale (8, +-8), offset (24, 8)) with viewport 0's y
 * scale +16 (the bench's) and viewport 1's -8, then viewport 0's -16 and
 * 1's +8, then both negative; a rectangle over NDC y [-1, 0] drawn by a
 * program (pipeline stage `stage`) writing viewport index 1 covers rows
 * 8 * y + 8 of the viewport's own sign: [8, 16) for a negative scale,
 * [0, 8) for a positive one (clb197.h: y_w = scale_y * y_ndc +
 * offset_y), at scales 1 and 2. GL has one origin (viewport 0's): the
 * program flips viewport 1 (programs.h MW_VIEWPORT_FLIP_LOCATION). */
static const uint8_t vf_color[4] = {240, 200, 20, 255};
static uint32_t vf_rows[2];

static void vf_want(uint32_t x, uint32_t y, uint32_t l, uint8_t out[4])
{
    (void)l;
    static const uint8_t black[4] = {0, 0, 0, 255};
    memcpy(out, x >= 16 && y >= vf_rows[0] && y < vf_rows[1] ? vf_color : black, 4);
}

static void stage_flips_a_viewport(void **state, uint32_t stage)
{
    if (ts_gles() || (stage != 4 && !glhle_context_get_info(*state)->viewport_layer_array)) {
        print_message("SKIP%s: %s\n", ts_gles() ? " on OpenGL ES" : "",
                      ts_gles() ? "no viewport arrays" : "no ARB_shader_viewport_layer_array");
        skip();
    }
    static const float sy[3][2] = {{16, -8}, {-16, 8}, {-16, -8}}; /* viewport 0's and 1's y scale */
    for (uint32_t c = 0; c < 3; c++)
        for (uint32_t scale = 1; scale <= 2; scale++) {
            tmd_rects e;
            tmc_shader sh;
            if (!viewport_bench(&e, state, scale, "color_fsh", stage, 1, &sh))
                skip();
            tmd_set(&e, 0x0a04, tm_u(sy[c][0])); /* SET_VIEWPORT_SCALE_Y(0): the offset stays 16 */
            tmd_set(&e, 0x0a20, tm_u(8));        /* SET_VIEWPORT_SCALE_X(1) */
            tmd_set(&e, 0x0a24, tm_u(sy[c][1]));
            tmd_set(&e, 0x0a28, tm_u(0.5f));
            tmd_set(&e, 0x0a2c, tm_u(24));       /* SET_VIEWPORT_OFFSET_X(1) */
            tmd_set(&e, 0x0a30, tm_u(8));
            tmd_set(&e, 0x0a34, tm_u(0.5f));
            /* NDC y -1 to 0: guest pixel rows 0 to 16 of tmd_rect's viewport-0 mapping */
            ar_draw_rect(&e, 0, 0, TMD_RECTS_W, TMD_RECTS_H / 2, vf_color);
            tmd_submit(&e, 1);
            vf_rows[0] = sy[c][1] < 0 ? 8 : 0;
            vf_rows[1] = vf_rows[0] + 8;
            char what[64];
            snprintf(what, sizeof what, "y scales %g, %g by stage %u, scale %u", (double)sy[c][0], (double)sy[c][1],
                     stage, scale);
            check_layer(e.rt, 0, vf_want, what);
            tmc_free(&sh);
            tmd_rects_close(&e);
        }
    /* The flip reverses the winding GL faces by, not the guest's: drawn by
     * frag_coord_fsh (blue = gl_FrontFacing ? checker : 1 - checker, the
     * checker ((x >> 3) ^ (y >> 3)) & 1 of the pixel), the counter-clockwise
     * rectangle (SET_FRONT_FACE CCW) through the flipped viewport 1 is
     * front-facing; culling back faces there is refused, saying why. */
    for (uint32_t cull = 0; cull < 2; cull++) {
        tmd_rects e;
        tmc_shader sh;
        if (!viewport_bench(&e, state, 1, "frag_coord_fsh", stage, 1, &sh))
            skip();
        const uint32_t vp1[6] = {tm_u(8), tm_u(-8), tm_u(0.5f), tm_u(24), tm_u(8), tm_u(0.5f)};
        for (uint32_t i = 0; i < 6; i++)
            tmd_set(&e, 0x0a20 + 4 * i, vp1[i]); /* viewport 1: scale, offset */
        tmd_set(&e, 0x191c, 0x901);               /* SET_FRONT_FACE CCW */
        if (cull) {
            tmd_set(&e, 0x1918, 1);               /* SET_CULL_ENABLE */
            tmd_set(&e, 0x1920, 0x405);           /* SET_CULL_FACE BACK */
        }
        ar_draw_rect(&e, 0, 0, TMD_RECTS_W, TMD_RECTS_H / 2, vf_color);
        if (cull) {
            submit_refused(&e, "face their primitives the other way round for culling");
        } else {
            tmd_submit(&e, 1);
            for (uint32_t y = 8; y < 16; y++)
                for (uint32_t x = 16; x < 32; x++) {
                    const uint8_t *got = e.rt + vol_byte(TMD_RECTS_W * 4, TMD_RECTS_H, V3_BH, 0, x * 4, y, 0);
                    const uint8_t want = ((x >> 3) ^ (y >> 3)) & 1 ? 255 : 0;
                    if (got[2] != want)
                        fail_msg("stage %u: pixel (%u, %u) blue %u, want %u (front-facing)", stage, x, y, got[2],
                                 want);
                }
        }
        tmc_free(&sh);
        tmd_rects_close(&e);
    }
}

static void geometry_stage_flips_a_viewport(void **state)
{
    stage_flips_a_viewport(state, 4);
}

static void vertex_stage_flips_a_viewport(void **state)
{
    stage_flips_a_viewport(state, 1);
}

/* The layer from the tessellation evaluation stage: quad_tcsh (levels 1
 * from its block: one quad) and quad_tesh writing layer 3 draw one patch,
 * the rectangle B of stage_picks_the_layer at x 10..30, y 8..20 with the
 * control program's tint (0.5, 0.5, 1, 1) applied, into layer 3 of the
 * 4-layer array drawn from layer 0, at scales 1 and 2. Refused, saying
 * why, without ARB_shader_viewport_layer_array; not run without subgroup
 * operations (OpenGL ES), which quad_tesh's lane read needs. */
static const uint8_t tes_b[4] = {15, 35, 230, 255}; /* lay_b times the tint */

static void tes_want(uint32_t x, uint32_t y, uint32_t l, uint8_t out[4])
{
    if (l == 3 && x >= 10 && x < 30 && y >= 8 && y < 20)
        memcpy(out, tes_b, 4);
    else
        v3_color(l, out);
}

static void tessellation_stage_picks_the_layer(void **state)
{
    static const float black[4] = {0, 0, 0, 1};
    const bool can = glhle_context_get_info(*state)->viewport_layer_array;
    if (!glhle_context_get_info(*state)->subgroups) { /* OpenGL ES has none */
        print_message("SKIP%s: quad_tesh reads the warp lane, and this host has no subgroup operations\n",
                      ts_gles() ? " on OpenGL ES" : "");
        skip();
    }
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tmd_rects e;
        if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", black))
            skip();
        tmc_shader tcs, tes;
        assert_true(tmc_load("quad_tcsh", &tcs));
        assert_true(tmd_layer_tes(&tes, 3));
        ar_clear_layers(&e, AR_LAYER);
        ar_target(&e, AR_L, AR_LAYER, 0);
        tmd_tess_programs(&e.pb, e.data, TMD_RECTS_DATA_VA, &tcs, &tes, 4);
        /* the control program's block (GLSL binding 0, deko3d's c2): outer
         * and inner levels 1 */
        const float levels[8] = {1, 1, 1, 1, 1, 1, 0, 0};
        const uint32_t ubo = TMD_CBUF1_TES + TMD_CBUF_SIZE;
        memcpy(e.data + ubo, levels, sizeof levels);
        tmd_constant_buffer(&e.pb, 1, 2, TMD_RECTS_DATA_VA + ubo);
        /* the patch's corners as quad_tesh mixes them: 0 and 1 along u at
         * v 0, 2 and 3 at v 1 (guest rows 8 and 20) */
        float rgba[4];
        for (uint32_t k = 0; k < 4; k++)
            rgba[k] = (float)lay_b[k] / 255.0f;
        const uint32_t first = e.verts;
        static const float cx[4] = {10, 30, 10, 30}, cy[4] = {8, 8, 20, 20};
        for (uint32_t v = 0; v < 4; v++)
            tmd_vertex(&e, cx[v] / (TMD_RECTS_W / 2) - 1, cy[v] / (TMD_RECTS_H / 2) - 1, 0, rgba);
        tmd_set(&e, 0x1214, first | 4u << 16 | 14u << 28); /* one PATCH of 4 */
        if (!can) {
            submit_refused(&e, VL_NO_EXT);
        } else {
            tmd_submit(&e, 1);
            char what[64];
            snprintf(what, sizeof what, "evaluation layer, scale %u", scale);
            ar_check_memory(e.rt + 0x200000, AR_LAYER, tes_want, what);
        }
        tmc_free(&tcs);
        tmc_free(&tes);
        tmd_rects_close(&e);
    }
    if (!can)
        skip_refused("no ARB_shader_viewport_layer_array, so no layer from a tessellation evaluation stage");
}

/* layered_draws' rectangles A (x 2..13, y 4..27), B (x 10..29, y 8..19)
 * and C (x 20..29, y 22..29), in the layers lay3_at names; every other
 * texel its layer's colour */
static const uint8_t lfl_c[4] = {90, 250, 40, 255};
static uint32_t lay3_at[3];

static void lay3_want(uint32_t x, uint32_t y, uint32_t l, uint8_t out[4])
{
    if (l == lay3_at[0] && x >= 2 && x < 14 && y >= 4 && y < 28)
        memcpy(out, lay_a, 4);
    else if (l == lay3_at[1] && x >= 10 && x < 30 && y >= 8 && y < 20)
        memcpy(out, lay_b, 4);
    else if (l == lay3_at[2] && x >= 20 && x < 30 && y >= 22 && y < 30)
        memcpy(out, lfl_c, 4);
    else
        v3_color(l, out);
}

/* Three layered draws into colour target 0 as set up (its
 * SET_COLOR_TARGET_LAYER rewritten): A by a geometry program writing
 * layer `a_layer` and B by one writing 0, both at SET_COLOR_TARGET_LAYER
 * first0, then C by the second again at first1. */
static void layered_draws(tmd_rects *e, uint32_t a_layer, uint32_t first0, uint32_t first1)
{
    tmc_shader gs[2];
    for (uint32_t i = 0; i < 2; i++)
        assert_true(tmd_layer_gs(&gs[i], i ? 0 : a_layer));
    tmd_set(e, 0x0820, first0); /* SET_COLOR_TARGET_LAYER(0) */
    tmd_geometry_program(&e->pb, e->data, TMD_RECTS_DATA_VA, &gs[0]);
    ar_draw_rect(e, 2, 4, 14, 28, lay_a);
    stage_at(e, 4, TMD_GS_OFF + 0x1000, &gs[1]);
    ar_draw_rect(e, 10, 8, 30, 20, lay_b);
    tmd_set(e, 0x0820, first1); /* another first layer: the same attachment, another base */
    ar_draw_rect(e, 20, 22, 30, 30, lfl_c);
    tmd_submit(e, 3);
    for (uint32_t i = 0; i < 2; i++)
        tmc_free(&gs[i]);
}

/* Layered draws from a first layer past 0 (the array's layer is
 * SET_COLOR_TARGET_LAYER plus the program's, as nouveau and NVK program
 * it: THIRD_DIMENSION the array's layers, the address layer 0's): a
 * geometry program writing layer 1, then 0, with SET_COLOR_TARGET_LAYER
 * 2, then 0 with 1, into a 4-layer 2D array; each rectangle in its layer
 * (3, 2, 1), layer 0 untouched, in memory and through a 2D array texture
 * header, at scales 1 and 2. The whole array is attached and the program
 * adds the first layer (mw_layer_base), so a GL without texture views
 * draws it too. */
static void layered_draw_from_first_layer_2(void **state)
{
    static const float black[4] = {0, 0, 0, 1};
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tmd_rects e;
        if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", black))
            skip();
        ar_clear_layers(&e, AR_LAYER);
        ar_target(&e, AR_L, AR_LAYER, 2);
        layered_draws(&e, 1, 2, 1);
        lay3_at[0] = 3, lay3_at[1] = 2, lay3_at[2] = 1;
        char what[64];
        snprintf(what, sizeof what, "layered from layer 2, scale %u", scale);
        ar_check_memory(e.rt + 0x200000, AR_LAYER, lay3_want, what);
        check_texture_texels(e.gpu, e.ctx, AR_VA, 5, TMD_RECTS_W, TMD_RECTS_H, AR_L, 0, lay3_want);
        tmd_rects_close(&e);
    }
}

/* Layered draws into a 3D target from a first slice past 0 (GL has no 3D
 * view from a slice past 0, so the whole volume is attached and the
 * program adds SET_COLOR_TARGET_LAYER to its layer): a geometry program
 * writing layer 2 and one writing 0 with first slice 1, the second again
 * with first slice 2, into a 4-slice volume in blocks 2 and 4 slices
 * deep, its slices cleared to their colours first; each rectangle in its
 * slice (3, 1, 2), slice 0 and the volume's padding untouched, in memory
 * and through a 3D texture header, at scales 1 and 2, with and without
 * texture views. */
static void layered_draw_into_3d_from_slice_1(void **state)
{
    for (uint32_t bd = 1; bd <= 2; bd++)
        for (uint32_t scale = 1; scale <= 2; scale++) {
            tmd_rects e;
            const uint64_t va = d3_open(&e, state, scale, bd);
            d3_target(&e, va, bd, D3_D, 1);
            layered_draws(&e, 2, 1, 2);
            lay3_at[0] = 3, lay3_at[1] = 1, lay3_at[2] = 2;
            char what[64];
            snprintf(what, sizeof what, "3D layered from slice 1, scale %u", scale);
            v3_check_memory_at(e.rt + 0x200000, TMD_RECTS_W, TMD_RECTS_H, D3_D, bd, lay3_want, what);
            check_texture_texels(e.gpu, e.ctx, va, 2, TMD_RECTS_W, TMD_RECTS_H, D3_D, bd, lay3_want);
            tmd_rects_close(&e);
        }
}

/* layered draws into the colour array and a depth array, both from layer
 * 2 (X hidden by layer 2's depth 0, Y in layer 3 over depth 1), then,
 * where the GL has texture views, the depth array from layer 0 (Z in
 * colour layer 2 over depth layer 0's 1) */
static const float lz_depth[AR_L] = {1.0f, 0.0f, 0.0f, 1.0f};
static const uint8_t lz_x[4] = {200, 200, 10, 255}, lz_y[4] = {15, 160, 210, 255}, lz_z[4] = {240, 90, 30, 255};
static bool lz_views;

static void lz_want(uint32_t x, uint32_t y, uint32_t l, uint8_t out[4])
{
    if (l == 3 && x >= 18 && x < 30 && y >= 2 && y < 14)
        memcpy(out, lz_y, 4);
    else if (l == 2 && lz_views && x >= 18 && x < 30 && y >= 18 && y < 30)
        memcpy(out, lz_z, 4);
    else
        v3_color(l, out);
}

/* Layered draws with a depth target: a 4-layer colour array and a
 * 4-layer ZF32 array, both from first layer 2 (one base for both, no
 * view), depth-tested (LESS) against layers cleared to 1, 0, 0, 1: the
 * program's layer 0 is hidden by depth layer 2, its layer 1 drawn into
 * colour layer 3. Then the depth array from layer 0 while the colour
 * array stays at 2: first layers that differ are drawn through views of
 * each array from its first layer (program layer 0: colour layer 2 over
 * depth layer 0), and refused, saying why, on a GL without texture
 * views. Each colour layer in memory against the test's values, each
 * depth layer still its clear value, at scales 1 and 2. */
static void layered_draw_with_depth_from_first_layer(void **state)
{
    static const float black[4] = {0, 0, 0, 1};
    lz_views = gl_caps_texture_views(*state);
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tmd_rects e;
        if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", black))
            skip();
        tmc_shader gs[2];
        for (uint32_t i = 0; i < 2; i++)
            assert_true(tmd_layer_gs(&gs[i], i));
        ar_clear_layers(&e, AR_LAYER);
        zar_setup(&e, AR_L, lz_depth);
        tmd_set(&e, 0x179c, 2);
        ar_target(&e, AR_L, AR_LAYER, 2);
        tmd_geometry_program(&e.pb, e.data, TMD_RECTS_DATA_VA, &gs[0]);
        ar_draw_rect(&e, 2, 2, 14, 30, lz_x);
        stage_at(&e, 4, TMD_GS_OFF + 0x1000, &gs[1]);
        ar_draw_rect(&e, 18, 2, 30, 14, lz_y);
        tmd_submit(&e, 2);
        tmd_set(&e, 0x179c, 0);
        stage_at(&e, 4, TMD_GS_OFF, &gs[0]);
        ar_draw_rect(&e, 18, 18, 30, 30, lz_z);
        if (lz_views)
            tmd_submit(&e, 1);
        else
            submit_refused(&e, "while another target's first layer differs, on a GL without texture views");
        char what[64];
        snprintf(what, sizeof what, "layered with depth, scale %u", scale);
        ar_check_memory(e.rt + 0x200000, AR_LAYER, lz_want, what);
        zar_check(&e, AR_L, lz_depth, what);
        for (uint32_t i = 0; i < 2; i++)
            tmc_free(&gs[i]);
        tmd_rects_close(&e);
    }
    if (!lz_views)
        skip_refused("no texture views, through which targets of different first layers are drawn layered");
}

/* Bad 2D arrays: a clear of a layer past THIRD_DIMENSION and layers closer
 * than a layer's bytes (ARRAY_PITCH 0 too) are BAD_DATA with the values logged, memory stays
 * as it was, and a good clear of the last layer works after them. */
static void bad_array_targets_are_reported(void **state)
{
    env e;
    tm_pb pb;
    bad_bench_open(&e, &pb, state);
    /* 40x24 A8B8G8R8 in blocks of 2 GOBs: 3 GOBs across, 2 blocks down, 0x1800 bytes a layer */
    color_target(&pb, 0, VA_BL, V3_W, V3_H, 0xD5, (int)V3_BH, V3_W);
    set(&pb, CT_THIRD_DIMENSION(0), 3);
    set(&pb, CT_ARRAY_PITCH(0), 0x1800 >> 2);
    clear_refused(&e, &pb, 3, GLHLE_RESULT_BAD_DATA, "layer 3 of an array of 3");
    set(&pb, CT_ARRAY_PITCH(0), 0x1000 >> 2);
    clear_refused(&e, &pb, 0, GLHLE_RESULT_BAD_DATA, "closer than a layer's 6144");
    set(&pb, CT_ARRAY_PITCH(0), 0); /* every layer on layer 0's bytes (for a depth format GL has no 3D image) */
    clear_refused(&e, &pb, 1, GLHLE_RESULT_BAD_DATA, "3 layers 0 bytes apart");
    for (size_t i = 0; i < 65536; i++)
        assert_int_equal(e.bl[i], pattern(i));
    set(&pb, CT_ARRAY_PITCH(0), 0x1800 >> 2);
    uint8_t c[4];
    v3_color(2, c);
    v3_clear_value(&pb, c);
    set(&pb, CLEAR_SURFACE, CLR_RGBA | 2u << 10);
    submit(&e, &pb, GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < V3_H; y++)
        for (uint32_t x = 0; x < V3_W; x++)
            assert_memory_equal(e.bl + 2 * 0x1800 + vol_byte(V3_W * 4, V3_H, V3_BH, 0, x * 4, y, 0), c, 4);
    assert_int_equal(e.bl[0], pattern(0)); /* layers 0 and 1 as memory had them */
    assert_int_equal(e.bl[0x1800 + 5], pattern(0x1800 + 5));
    tm_pb_free(&pb);
    env_free(&e, *state);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(full_clear_rgba8_block_linear),
        cmocka_unit_test(scissored_masked_clear_r5g6b5_pitch),
        cmocka_unit_test(integer_and_half_float_targets),
        cmocka_unit_test(depth_stencil_targets),
        cmocka_unit_test(srgb_clear_encodes),
        cmocka_unit_test(engines_and_cpu_see_the_targets),
        cmocka_unit_test(bad_targets_are_reported),
        cmocka_unit_test(present_a_rendered_target),
        cmocka_unit_test(present_from_memory_cropped_and_flipped),
        cmocka_unit_test(bad_presents_are_refused),
        cmocka_unit_test(three_d_target_slices_cleared),
        cmocka_unit_test(bad_3d_targets_are_reported),
        cmocka_unit_test(three_d_target_slice_drawn),
        cmocka_unit_test(array_target_layer_drawn),
        cmocka_unit_test(bad_array_targets_are_reported),
        cmocka_unit_test(zeta_array_layer_tested),
        cmocka_unit_test(geometry_stage_picks_the_layer),
        cmocka_unit_test(geometry_stage_picks_the_viewport),
        cmocka_unit_test(vertex_stage_picks_the_layer),
        cmocka_unit_test(tessellation_stage_picks_the_layer),
        cmocka_unit_test(vertex_stage_picks_the_viewport),
        cmocka_unit_test(geometry_stage_flips_a_viewport),
        cmocka_unit_test(vertex_stage_flips_a_viewport),
        cmocka_unit_test(layered_draw_from_first_layer_2),
        cmocka_unit_test(layered_draw_into_3d_from_slice_1),
        cmocka_unit_test(layered_draw_with_depth_from_first_layer),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
