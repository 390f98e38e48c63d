/* The display operations on the GPU path (backend/pica/pica_gpu.c and the
 * GPU half of surface_cache.c) against the CPU path of a GL-free twin
 * (display.c) over the same guest memory: display transfers for every
 * input/output format pair, every downscale mode, with and without flip,
 * at scales 1 and 2, plus linear-to-tiled, tiled-to-tiled, 32x32 blocks
 * and the flip+crop skew; memory fills of every width over colour and
 * depth buffers; texture copies of whole surfaces and of sub-rectangles
 * with gaps. After a flush the guest bytes must be identical. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/pica_instance.h"
#include "backend/pica/surface/surface_cache.h"
#include "support/surface_support.h"

#define SRC 0x18100000u
#define MID 0x18200000u
#define DST 0x18300000u

static const unsigned bpp_of_transfer[5] = {4, 3, 2, 2, 2};

/* Makes the colour buffer at addr resident on the GPU (uploaded), and when
 * `drawn`, rendered over and written back so both memories agree. */
static void resident_target(tsf_env *e, uint32_t addr, pica_texfmt f, uint16_t w, uint16_t h, bool block32,
                            bool drawn, uint32_t seed)
{
    pica_framebuffer_state fb = tsf_fb(addr, (uint8_t)f, 0, 0, w, h);
    fb.block32 = block32;
    pica_render_targets rt;
    tsf_bind(e, &fb, &rt);
    if (!drawn)
        return;
    tsf_render(e, &fb, &rt, (int)rt.scale, seed);
    const uint32_t size = (uint32_t)w * h * pica_texfmt_get_info(f)->bits_per_texel / 8;
    assert_int_equal(glhle_pica_flush(e->gpu, addr, size), GLHLE_RESULT_OK);
    tsf_sync(e, addr, size);
}

/* Runs t on both instances; the GL one must take the GPU path. */
static void both(tsf_env *e, const glhle_pica_display_transfer *t, bool expect_gpu)
{
    const glhle_pica_stats before = tsf_stats(e->gpu);
    assert_int_equal(glhle_pica_transfer(e->gpu, t), GLHLE_RESULT_OK);
    const glhle_pica_stats after = tsf_stats(e->gpu);
    const bool copy = t->flags & 8;
    const uint64_t gpu = copy ? after.copies_gpu - before.copies_gpu : after.transfers_gpu - before.transfers_gpu;
    if (gpu != (expect_gpu ? 1u : 0u))
        fail_msg("flags 0x%08x: expected the %s path", t->flags, expect_gpu ? "GPU" : "CPU");
    assert_int_equal(glhle_pica_transfer(e->cpu, t), GLHLE_RESULT_OK);
}

static void same_bytes(tsf_env *e, uint32_t addr, uint32_t size, const char *what)
{
    assert_int_equal(glhle_pica_flush(e->gpu, addr, size), GLHLE_RESULT_OK);
    const uint8_t *g = tsf_g(e, addr), *c = tsf_c(e, addr);
    for (uint32_t i = 0; i < size; i++)
        if (g[i] != c[i])
            fail_msg("%s: byte %u at 0x%08x: GPU path 0x%02x, CPU path 0x%02x", what, i, addr + i, g[i], c[i]);
}

static void transfers_every_format_pair_and_mode(void **state)
{
    glhle_context *ctx = *state;
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("transfers_every_format_pair_and_mode", 81));
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tsf_env e;
        tsf_env_init(&e, ctx, scale, 0);
        unsigned cases = 0;
        for (uint32_t in = 0; in < 5; in++)
            for (uint32_t out = 0; out < 5; out++)
                for (uint32_t mode = 0; mode < 3; mode++)
                    for (uint32_t flip = 0; flip < 2; flip++) {
                        const pica_texfmt f = pica_texfmt_from_transfer(in);
                        tsf_random(&e, &rng, SRC, 64 * 32 * 4);
                        resident_target(&e, SRC, f, 64, 32, false, (in + out + mode) & 1, ts_rng_u32(&rng));
                        const glhle_pica_display_transfer t =
                            tsf_transfer_regs(SRC, DST, 64, 32, 64, 32, flip | in << 8 | out << 12 | mode << 24);
                        both(&e, &t, true);
                        char what[96];
                        snprintf(what, sizeof what, "scale %u, format %u -> %u, downscale %u, flip %u", scale, in, out,
                                 mode, flip);
                        same_bytes(&e, DST, (64u >> (mode > 0)) * (32u >> (mode == 2)) * bpp_of_transfer[out], what);
                        cases++;
                    }
        assert_int_equal(cases, 150);
        assert_int_equal(tsf_stats(e.gpu).transfers_gpu, 150);
        tsf_env_free(&e);
    }
    ts_gl_check(ctx);
}

static void transfers_other_layouts(void **state)
{
    glhle_context *ctx = *state;
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("transfers_other_layouts", 82));
    tsf_env e;
    tsf_env_init(&e, ctx, 2, 0);
    /* tiled RGBA8 -> linear RGB565 on the GPU, then that linear image back
     * to a tiled RGB5A1 one (flag bit 1), flipped */
    tsf_random(&e, &rng, SRC, 64 * 32 * 4);
    resident_target(&e, SRC, PICA_TEXFMT_RGBA8, 64, 32, false, true, 3);
    glhle_pica_display_transfer t = tsf_transfer_regs(SRC, MID, 64, 32, 64, 32, 2u << 12);
    both(&e, &t, true);
    t = tsf_transfer_regs(MID, DST, 64, 32, 64, 32, 1 | 2 | 2u << 8 | 3u << 12);
    both(&e, &t, true);
    same_bytes(&e, DST, 64 * 32 * 2, "linear RGB565 -> tiled RGB5A1, flipped");
    same_bytes(&e, MID, 64 * 32 * 2, "the linear intermediate");
    /* tiled -> tiled (bit 5), RGBA4 -> RGBA8, 2x2 */
    tsf_random(&e, &rng, SRC, 64 * 32 * 2);
    resident_target(&e, SRC, PICA_TEXFMT_RGBA4, 64, 32, false, false, 0);
    t = tsf_transfer_regs(SRC, DST, 64, 32, 64, 32, 1u << 5 | 4u << 8 | 0u << 12 | 2u << 24);
    both(&e, &t, true);
    same_bytes(&e, DST, 32 * 16 * 4, "tiled RGBA4 -> tiled RGBA8, 2x2");
    /* 32x32 blocks: a block-tiled target to linear */
    tsf_random(&e, &rng, SRC, 64 * 64 * 4);
    resident_target(&e, SRC, PICA_TEXFMT_RGBA8, 64, 64, true, true, 9);
    t = tsf_transfer_regs(SRC, DST, 64, 64, 64, 64, 1u << 16 | 1u << 12);
    both(&e, &t, true);
    same_bytes(&e, DST, 64 * 64 * 3, "32x32 blocks -> linear RGB8");
    /* a wider input cropped, flipped: the skewed output address */
    tsf_random(&e, &rng, SRC, 80 * 32 * 4);
    resident_target(&e, SRC, PICA_TEXFMT_RGBA8, 80, 32, false, true, 10);
    tsf_random(&e, &rng, DST, 0x4000);
    t = tsf_transfer_regs(SRC, DST, 80, 32, 64, 32, 1 | 4);
    both(&e, &t, true);
    same_bytes(&e, DST, 0x4000, "crop + flip skew");
    /* not resident: the CPU path on both, the same bytes */
    tsf_random(&e, &rng, SRC + 0x80000, 64 * 32 * 4);
    t = tsf_transfer_regs(SRC + 0x80000, DST, 64, 32, 64, 32, 2u << 24);
    both(&e, &t, false);
    same_bytes(&e, DST, 32 * 16 * 4, "CPU path");
    tsf_env_free(&e);
}

static void fills_every_width(void **state)
{
    glhle_context *ctx = *state;
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("fills_every_width", 83));
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tsf_env e;
        tsf_env_init(&e, ctx, scale, 0);
        /* colour buffers: the unit matching the texel size, and a narrower
         * unit whose pattern repeats within the texel */
        static const struct {
            uint8_t cfmt;
            uint32_t width_code; /* control bits 8-9 */
            uint32_t value;
        } cases[] = {{0, 2, 0x11223344}, {0, 0, 0x5A5A}, {1, 1, 0xABCDEF}, {2, 0, 0xF00F},
                     {3, 0, 0x1234},     {4, 0, 0xBEEF}, {3, 2, 0x77777777}};
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            const pica_texfmt f = (pica_texfmt)cases[i].cfmt;
            const uint32_t size = 32 * 32 * pica_texfmt_get_info(f)->bits_per_texel / 8;
            tsf_random(&e, &rng, DST, size);
            resident_target(&e, DST, f, 32, 32, false, i & 1, (uint32_t)i);
            const glhle_pica_memory_fill fill = {DST >> 3, (DST + size) >> 3, cases[i].value,
                                                 cases[i].width_code << 8 | 1};
            const glhle_pica_stats before = tsf_stats(e.gpu);
            assert_int_equal(glhle_pica_fill_memory(e.gpu, &fill), GLHLE_RESULT_OK);
            assert_int_equal(tsf_stats(e.gpu).fills_gpu, before.fills_gpu + 1);
            assert_int_equal(glhle_pica_fill_memory(e.cpu, &fill), GLHLE_RESULT_OK);
            same_bytes(&e, DST, size, "colour fill");
        }
        /* depth buffers: D16 with 16 bits, D24 with 24, D24S8 with 32 */
        static const uint8_t dfmts[3] = {0, 2, 3};
        static const uint32_t widths[3] = {0, 1, 2}, values[3] = {0xC0DE, 0x00ABCDEF, 0x80FFEE11};
        for (int i = 0; i < 3; i++) {
            const pica_texfmt f = pica_texfmt_from_depthbuffer(dfmts[i]);
            const uint32_t size = 32 * 32 * pica_texfmt_get_info(f)->bits_per_texel / 8;
            tsf_random(&e, &rng, DST, size);
            const pica_framebuffer_state fb = tsf_fb(0, 0, DST, dfmts[i], 32, 32);
            pica_render_targets rt;
            tsf_bind(&e, &fb, &rt);
            const glhle_pica_memory_fill fill = {DST >> 3, (DST + size) >> 3, values[i], widths[i] << 8 | 1};
            const glhle_pica_stats before = tsf_stats(e.gpu);
            assert_int_equal(glhle_pica_fill_memory(e.gpu, &fill), GLHLE_RESULT_OK);
            assert_int_equal(tsf_stats(e.gpu).fills_gpu, before.fills_gpu + 1);
            assert_int_equal(glhle_pica_fill_memory(e.cpu, &fill), GLHLE_RESULT_OK);
            same_bytes(&e, DST, size, "depth fill");
        }
        /* half a buffer: the CPU path, and the resident surface sees it */
        resident_target(&e, DST, PICA_TEXFMT_RGBA8, 32, 32, false, true, 77);
        const glhle_pica_memory_fill half = {(DST + 1000) >> 3, (DST + 3000) >> 3, 0x01020304, 2 << 8};
        const glhle_pica_stats before = tsf_stats(e.gpu);
        assert_int_equal(glhle_pica_fill_memory(e.gpu, &half), GLHLE_RESULT_OK);
        assert_int_equal(tsf_stats(e.gpu).fills_cpu, before.fills_cpu + 1);
        assert_int_equal(glhle_pica_fill_memory(e.cpu, &half), GLHLE_RESULT_OK);
        same_bytes(&e, DST, 32 * 32 * 4, "partial fill");
        tsf_env_free(&e);
    }
}

static glhle_pica_display_transfer copy_regs(uint32_t in, uint32_t out, uint32_t size, uint32_t in_w, uint32_t in_gap,
                                             uint32_t out_w, uint32_t out_gap)
{
    return (glhle_pica_display_transfer){.input_address = in >> 3,
                                         .output_address = out >> 3,
                                         .flags = 8,
                                         .texture_copy_size = size,
                                         .texture_copy_input = (in_w / 16) | (in_gap / 16) << 16,
                                         .texture_copy_output = (out_w / 16) | (out_gap / 16) << 16};
}

static void texture_copies(void **state)
{
    glhle_context *ctx = *state;
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("texture_copies", 84));
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tsf_env e;
        tsf_env_init(&e, ctx, scale, 0);
        /* a whole 64x32 RGBA8 target (8 KiB) to a new place */
        tsf_random(&e, &rng, SRC, 64 * 32 * 4);
        resident_target(&e, SRC, PICA_TEXFMT_RGBA8, 64, 32, false, true, 21);
        glhle_pica_display_transfer t = copy_regs(SRC, MID, 64 * 32 * 4, 0, 0, 0, 0);
        both(&e, &t, true);
        same_bytes(&e, MID, 64 * 32 * 4, "whole copy");
        /* tiles 2-5 of tile rows 1-2 (row groups of 2048 bytes, tiles of 256)
         * into tiles 0-3 of tile rows 2-3 of another resident target */
        tsf_random(&e, &rng, DST, 64 * 32 * 4);
        resident_target(&e, DST, PICA_TEXFMT_RGBA8, 64, 32, false, false, 0);
        t = copy_regs(SRC + 2048 + 2 * 256, DST + 2 * 2048, 2 * 1024, 1024, 1024, 1024, 1024);
        both(&e, &t, true);
        same_bytes(&e, DST, 64 * 32 * 4, "sub-rectangle copy with gaps");
        /* the same bytes into an RGB565 target of the same bits: no, RGBA8
         * is 32 bits; use a D24S8 -> RGBA8 raw copy instead */
        tsf_random(&e, &rng, MID, 32 * 32 * 4);
        const pica_framebuffer_state fb = tsf_fb(0, 0, MID, 3, 32, 32);
        pica_render_targets rt;
        tsf_bind(&e, &fb, &rt);
        tsf_render(&e, &fb, &rt, (int)scale, 55);
        assert_int_equal(glhle_pica_flush(e.gpu, MID, 32 * 32 * 4), GLHLE_RESULT_OK);
        tsf_sync(&e, MID, 32 * 32 * 4);
        tsf_random(&e, &rng, DST, 32 * 32 * 4);
        resident_target(&e, DST, PICA_TEXFMT_RGBA8, 32, 32, false, false, 0);
        t = copy_regs(MID, DST, 32 * 32 * 4, 0, 0, 0, 0);
        both(&e, &t, true);
        same_bytes(&e, DST, 32 * 32 * 4, "depth bits copied into a colour target");
        /* lines that are no rectangle of anything: the CPU path */
        t = copy_regs(SRC + 16, DST + 48, 256, 32, 96, 48, 16);
        both(&e, &t, false);
        same_bytes(&e, DST, 64 * 32 * 4, "odd lines");
        /* the CPU path into a target whose newest bytes exist only on the
         * GPU (a GPU fill, not flushed): the gaps between the copied lines
         * must keep the fill */
        resident_target(&e, DST, PICA_TEXFMT_RGBA8, 32, 32, false, false, 0);
        const glhle_pica_memory_fill fill = {DST >> 3, (DST + 32 * 32 * 4) >> 3, 0x5566AA77, 2 << 8 | 1};
        const glhle_pica_stats before = tsf_stats(e.gpu);
        assert_int_equal(glhle_pica_fill_memory(e.gpu, &fill), GLHLE_RESULT_OK);
        assert_int_equal(tsf_stats(e.gpu).fills_gpu, before.fills_gpu + 1);
        assert_int_equal(glhle_pica_fill_memory(e.cpu, &fill), GLHLE_RESULT_OK);
        t = copy_regs(SRC + 16, DST + 48, 256, 16, 48, 16, 48);
        both(&e, &t, false);
        same_bytes(&e, DST, 32 * 32 * 4, "CPU copy with gaps over GPU-only bytes");
        tsf_env_free(&e);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(transfers_every_format_pair_and_mode),
        TS_GL_TEST(transfers_other_layouts),
        TS_GL_TEST(fills_every_width),
        TS_GL_TEST(texture_copies),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
