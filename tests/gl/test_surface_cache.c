/* backend/pica/surface/surface_cache.c on llvmpipe: the round trip (render into the
 * cache's render target with plain GL, flush, and the guest bytes equal the
 * texture codec's encoding of the image read back from GL, downscaled at
 * scale 2), invalidation and flushes over overlapping surfaces and
 * sub-rectangles, render to texture (exact, sub-rectangle, reinterpreted
 * across formats of the same size, depth read as colour, also through a
 * growing staging texture), cube maps and mip levels, eviction under the
 * budget, and bad input. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_state.h"
#include "backend/pica/pica_instance.h"
#include "backend/pica/surface/surface_cache.h"
#include "backend/pica/texture/texcodec.h"
#include "support/surface_support.h"

#define COLOR 0x18100000u
#define DEPTH 0x18200000u
#define TEX 0x18300000u

static pica_surface tiled(pica_texfmt f, uint32_t w, uint32_t h)
{
    return (pica_surface){f, PICA_LAYOUT_TILED8, w, h, 0};
}

/* The native-size image of a GL readback at `scale`: colour averaged over
 * each block with rounding, depth (uniform blocks) sampled at the block's
 * corner. GL rows stay bottom first. */
static uint8_t *downscale(const uint8_t *gl, uint32_t w, uint32_t h, uint32_t scale, bool depth)
{
    uint8_t *out = malloc((size_t)w * h * 4);
    const uint32_t n = scale * scale;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint8_t *o = out + ((size_t)y * w + x) * 4;
            if (depth) {
                memcpy(o, gl + ((size_t)(y * scale) * w * scale + x * scale) * 4, 4);
                continue;
            }
            for (int c = 0; c < 4; c++) {
                uint32_t sum = 0;
                for (uint32_t j = 0; j < scale; j++)
                    for (uint32_t i = 0; i < scale; i++)
                        sum += gl[((size_t)(y * scale + j) * w * scale + x * scale + i) * 4 + c];
                o[c] = (uint8_t)((sum + n / 2) / n);
            }
        }
    return out;
}

/* Encodes a native GL-order image as the guest surface s into a buffer. */
static uint8_t *encode(const pica_surface *s, const uint8_t *native)
{
    size_t n = pica_surface_size(s);
    uint8_t *out = calloc(1, n);
    assert_int_equal(pica_encode(s, out, n, NULL, PICA_CODEC_FLIP_Y, native, (size_t)s->width * 4, ts_logger()),
                     GLHLE_RESULT_OK);
    return out;
}

/* The guest bytes a flush must produce for the render target texture. */
static uint8_t *expected_bytes(tsf_env *e, GLuint tex, pica_texfmt f, uint32_t w, uint32_t h, uint32_t scale)
{
    const bool depth = pica_texfmt_get_info(f)->depth;
    uint8_t *gl = tsf_read_texture(e->ctx, tex, depth, (int)(w * scale), (int)(h * scale));
    uint8_t *native = scale > 1 ? downscale(gl, w, h, scale, depth) : gl;
    const pica_surface s = tiled(f, w, h);
    uint8_t *bytes = encode(&s, native);
    if (native != gl)
        free(native);
    free(gl);
    return bytes;
}

/* ---- the round trip ------------------------------------------------------------- */

static void round_trip(void **state)
{
    glhle_context *ctx = *state;
    for (uint32_t scale = 1; scale <= 3; scale += 1) {
        tsf_env e;
        tsf_env_init(&e, ctx, scale, 0);
        for (uint8_t cfmt = 0; cfmt < 5; cfmt++) {
            const pica_texfmt f = pica_texfmt_from_colorbuffer(cfmt);
            const pica_framebuffer_state fb = tsf_fb(COLOR, cfmt, 0, 0, 64, 32);
            pica_render_targets rt;
            tsf_bind(&e, &fb, &rt);
            assert_true(rt.has_color);
            assert_false(rt.has_depth);
            assert_int_equal(rt.scale, scale);
            assert_int_equal(rt.color_format, f);
            tsf_render(&e, &fb, &rt, 1, 0x1234u + cfmt);
            uint8_t *want = expected_bytes(&e, rt.color_texture, f, 64, 32, scale);
            const glhle_pica_stats before = tsf_stats(e.gpu);
            assert_int_equal(glhle_pica_flush(e.gpu, COLOR, 64 * 32 * 4), GLHLE_RESULT_OK);
            const pica_surface s = tiled(f, 64, 32);
            assert_memory_equal(tsf_g(&e, COLOR), want, pica_surface_size(&s));
            assert_int_equal(tsf_stats(e.gpu).downloads, before.downloads + 1);
            /* a second flush has nothing left to write */
            assert_int_equal(glhle_pica_flush(e.gpu, COLOR, 64 * 32 * 4), GLHLE_RESULT_OK);
            assert_int_equal(tsf_stats(e.gpu).downloads, before.downloads + 1);
            free(want);
        }
        for (uint8_t dfmt = 0; dfmt < 4; dfmt++) {
            if (dfmt == 1)
                continue;
            const pica_texfmt f = pica_texfmt_from_depthbuffer(dfmt);
            const pica_framebuffer_state fb = tsf_fb(0, 0, DEPTH, dfmt, 32, 16);
            pica_render_targets rt;
            tsf_bind(&e, &fb, &rt);
            assert_true(rt.has_depth);
            assert_int_equal(rt.has_stencil, dfmt == 3);
            tsf_render(&e, &fb, &rt, (int)scale, 0x777u + dfmt);
            uint8_t *want = expected_bytes(&e, rt.depth_texture, f, 32, 16, scale);
            assert_int_equal(glhle_pica_flush(e.gpu, DEPTH, 32 * 16 * 4), GLHLE_RESULT_OK);
            const pica_surface s = tiled(f, 32, 16);
            assert_memory_equal(tsf_g(&e, DEPTH), want, pica_surface_size(&s));
            free(want);
        }
        tsf_env_free(&e);
    }
    ts_gl_check(ctx);
}

/* ---- invalidation and flushes ------------------------------------------------------ */

static void cpu_write_inside_a_dirty_row(void **state)
{
    glhle_context *ctx = *state;
    tsf_env e;
    tsf_env_init(&e, ctx, 1, 0);
    const pica_framebuffer_state fb = tsf_fb(COLOR, 0, 0, 0, 64, 32);
    pica_render_targets rt;
    tsf_bind(&e, &fb, &rt);
    tsf_render(&e, &fb, &rt, 1, 42);
    uint8_t *want = expected_bytes(&e, rt.color_texture, PICA_TEXFMT_RGBA8, 64, 32, 1);
    /* the CPU writes 16 bytes in the middle of the first row group (2048 bytes) */
    memset(tsf_g(&e, COLOR + 1000), 0x5C, 16);
    memset(want + 1000, 0x5C, 16);
    assert_int_equal(glhle_pica_invalidate(e.gpu, COLOR + 1000, 16), GLHLE_RESULT_OK);
    /* the rest of that row group reached memory right away */
    assert_memory_equal(tsf_g(&e, COLOR), want, 2048);
    assert_int_equal(glhle_pica_flush(e.gpu, COLOR, 64 * 32 * 4), GLHLE_RESULT_OK);
    assert_memory_equal(tsf_g(&e, COLOR), want, 64 * 32 * 4);
    /* binding again re-reads the invalidated row group from memory */
    glhle_pica_stats before = tsf_stats(e.gpu);
    pica_render_targets rt2;
    tsf_bind(&e, &fb, &rt2);
    assert_int_equal(tsf_stats(e.gpu).uploads, before.uploads + 1);
    assert_int_equal(tsf_stats(e.gpu).upload_bytes, before.upload_bytes + 2048);
    uint8_t *again = expected_bytes(&e, rt2.color_texture, PICA_TEXFMT_RGBA8, 64, 32, 1);
    assert_memory_equal(again, want, 64 * 32 * 4);
    free(again);
    free(want);
    tsf_env_free(&e);
}

static void flush_a_sub_range(void **state)
{
    glhle_context *ctx = *state;
    tsf_env e;
    tsf_env_init(&e, ctx, 2, 0);
    const pica_framebuffer_state fb = tsf_fb(COLOR, 3, 0, 0, 32, 32); /* RGB565: 512-byte row groups */
    pica_render_targets rt;
    tsf_bind(&e, &fb, &rt);
    tsf_render(&e, &fb, &rt, 1, 7);
    uint8_t *want = expected_bytes(&e, rt.color_texture, PICA_TEXFMT_RGB565, 32, 32, 2);
    /* one byte inside row group 2 writes back that whole group and nothing else */
    assert_int_equal(glhle_pica_flush(e.gpu, COLOR + 2 * 512 + 100, 1), GLHLE_RESULT_OK);
    static const uint8_t zero[512];
    assert_memory_equal(tsf_g(&e, COLOR), zero, 512);
    assert_memory_equal(tsf_g(&e, COLOR + 1024), want + 1024, 512);
    assert_memory_equal(tsf_g(&e, COLOR + 1536), zero, 512);
    assert_int_equal(tsf_stats(e.gpu).download_bytes, 512);
    free(want);
    tsf_env_free(&e);
}

static void overlapping_render_targets(void **state)
{
    glhle_context *ctx = *state;
    tsf_env e;
    tsf_env_init(&e, ctx, 1, 0);
    /* A: 64x32 RGBA8; B: 64x16 RGBA8 over A's rows 16-31 (row groups 2-3, 2048 bytes each) */
    const pica_framebuffer_state fa = tsf_fb(COLOR, 0, 0, 0, 64, 32), fbb = tsf_fb(COLOR + 2 * 2048, 0, 0, 0, 64, 16);
    pica_render_targets ra, rb;
    tsf_bind(&e, &fa, &ra);
    tsf_render(&e, &fa, &ra, 1, 100);
    uint8_t *a_bytes = expected_bytes(&e, ra.color_texture, PICA_TEXFMT_RGBA8, 64, 32, 1);
    glhle_pica_stats s0 = tsf_stats(e.gpu);
    tsf_bind(&e, &fbb, &rb); /* B's rows come from A on the GPU */
    glhle_pica_stats s1 = tsf_stats(e.gpu);
    assert_int_equal(s1.uploads, s0.uploads);
    assert_int_equal(s1.gpu_copies, s0.gpu_copies + 1);
    uint8_t *b_now = expected_bytes(&e, rb.color_texture, PICA_TEXFMT_RGBA8, 64, 16, 1);
    assert_memory_equal(b_now, a_bytes + 2 * 2048, 2 * 2048);
    free(b_now);
    tsf_render(&e, &fbb, &rb, 1, 200);
    uint8_t *b_bytes = expected_bytes(&e, rb.color_texture, PICA_TEXFMT_RGBA8, 64, 16, 1);
    assert_int_equal(glhle_pica_flush(e.gpu, COLOR, 64 * 32 * 4), GLHLE_RESULT_OK);
    assert_memory_equal(tsf_g(&e, COLOR), a_bytes, 2 * 2048);
    assert_memory_equal(tsf_g(&e, COLOR + 2 * 2048), b_bytes, 2 * 2048);
    /* A again: rows 16-31 come from B, not from memory */
    s0 = tsf_stats(e.gpu);
    tsf_bind(&e, &fa, &ra);
    s1 = tsf_stats(e.gpu);
    assert_int_equal(s1.uploads, s0.uploads);
    uint8_t *a_now = expected_bytes(&e, ra.color_texture, PICA_TEXFMT_RGBA8, 64, 32, 1);
    assert_memory_equal(a_now, a_bytes, 2 * 2048);
    assert_memory_equal(a_now + 2 * 2048, b_bytes, 2 * 2048);
    free(a_now);
    free(a_bytes);
    free(b_bytes);
    tsf_env_free(&e);
}

static pica_tex_unit_state tex_unit(uint32_t addr, pica_texfmt f, uint16_t w, uint16_t h)
{
    pica_tex_unit_state u;
    memset(&u, 0, sizeof u);
    u.enabled = true;
    u.address = addr;
    u.format = (uint8_t)f;
    u.width = w;
    u.height = h;
    u.type = PICA_TEXTYPE_2D;
    return u;
}

/* The texture's texels as a guest texture of format f: decode the guest
 * bytes at addr (FLIP_Y: GL order). */
static uint8_t *decode_guest(tsf_env *e, uint32_t addr, pica_texfmt f, uint32_t w, uint32_t h)
{
    const pica_surface s = tiled(f, w, h);
    uint8_t *out = malloc((size_t)w * h * 4);
    assert_int_equal(pica_decode(&s, tsf_g(e, addr), pica_surface_size(&s), NULL, PICA_CODEC_FLIP_Y, out, (size_t)w * 4,
                                 ts_logger()),
                     GLHLE_RESULT_OK);
    return out;
}

static void render_to_texture(void **state)
{
    glhle_context *ctx = *state;
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tsf_env e;
        tsf_env_init(&e, ctx, scale, 0);
        const pica_framebuffer_state fb = tsf_fb(COLOR, 0, 0, 0, 64, 32);
        pica_render_targets rt;
        tsf_bind(&e, &fb, &rt);
        tsf_render(&e, &fb, &rt, (int)scale, 9);
        /* exact: the render target's own texture, no copy */
        glhle_pica_stats s0 = tsf_stats(e.gpu);
        pica_tex_unit_state u = tex_unit(COLOR, PICA_TEXFMT_RGBA8, 64, 32);
        pica_texture t;
        assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 0, NULL, &t), GLHLE_RESULT_OK);
        assert_int_equal(t.texture, rt.color_texture);
        assert_int_equal(t.scale, scale);
        /* sub-rectangle: rows 8-23 */
        u = tex_unit(COLOR + 2048, PICA_TEXFMT_RGBA8, 64, 16);
        assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 1, NULL, &t), GLHLE_RESULT_OK);
        assert_int_equal(t.scale, scale); /* keeps the render target's resolution */
        glhle_pica_stats s1 = tsf_stats(e.gpu);
        assert_int_equal(s1.uploads, s0.uploads);
        assert_int_equal(s1.downloads, s0.downloads);
        assert_int_equal(s1.gpu_copies, s0.gpu_copies + 1);
        uint8_t *sub = tsf_read_texture(ctx, t.texture, false, (int)(64 * scale), (int)(16 * scale));
        uint8_t *all = tsf_read_texture(ctx, rt.color_texture, false, (int)(64 * scale), (int)(32 * scale));
        /* guest rows 8-23 are GL rows 8-23 of 32 (bottom first): the middle */
        assert_memory_equal(sub, all + (size_t)8 * scale * 64 * scale * 4, (size_t)16 * scale * 64 * scale * 4);
        free(sub);
        free(all);
        /* reinterpreted: the RGBA8 render target read as HILO8... needs 16 bits:
         * use a RGB565 target read as RGBA4, IA8 and HILO8 */
        const pica_framebuffer_state f16 = tsf_fb(COLOR + 0x40000, 3, 0, 0, 32, 32);
        tsf_bind(&e, &f16, &rt);
        tsf_render(&e, &f16, &rt, (int)scale, 11);
        const pica_texfmt others[3] = {PICA_TEXFMT_RGBA4, PICA_TEXFMT_IA8, PICA_TEXFMT_HILO8};
        for (int i = 0; i < 3; i++) {
            s0 = tsf_stats(e.gpu);
            u = tex_unit(COLOR + 0x40000, others[i], 32, 32);
            assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 0, NULL, &t), GLHLE_RESULT_OK);
            s1 = tsf_stats(e.gpu);
            assert_int_equal(s1.reinterpretations, s0.reinterpretations + 1);
            assert_int_equal(s1.uploads, s0.uploads);
            uint8_t *got = tsf_read_texture(ctx, t.texture, false, (int)(32 * t.scale), (int)(32 * t.scale));
            /* reference: write the target back, decode its bytes as the other format */
            assert_int_equal(glhle_pica_flush(e.gpu, COLOR + 0x40000, 2048), GLHLE_RESULT_OK);
            uint8_t *ref = decode_guest(&e, COLOR + 0x40000, others[i], 32, 32);
            uint8_t *got_native = t.scale > 1 ? downscale(got, 32, 32, t.scale, false) : got;
            assert_memory_equal(got_native, ref, 32 * 32 * 4);
            if (got_native != got)
                free(got_native);
            free(got);
            free(ref);
        }
        tsf_env_free(&e);
    }
    ts_gl_check(ctx);
}

static void sampled_targets_hold_what_their_format_holds(void **state)
{
    glhle_context *ctx = *state;
    tsf_env e;
    tsf_env_init(&e, ctx, 2, 0);
    /* the draw path writes full 8-bit values into RGB565 / RGB5A1 / RGBA4 /
     * RGB8 targets; sampled as textures they read as the stored bits */
    for (uint8_t cfmt = 1; cfmt < 5; cfmt++) {
        const pica_texfmt f = (pica_texfmt)cfmt;
        const uint32_t addr = COLOR + cfmt * 0x10000u;
        const pica_framebuffer_state fb = tsf_fb(addr, cfmt, 0, 0, 32, 32);
        pica_render_targets rt;
        tsf_bind(&e, &fb, &rt);
        tsf_render(&e, &fb, &rt, 2, 1000u + cfmt);
        pica_tex_unit_state u = tex_unit(addr, f, 32, 32);
        pica_texture t;
        assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 0, NULL, &t), GLHLE_RESULT_OK);
        assert_int_equal(t.texture, rt.color_texture);
        uint8_t *got = tsf_read_texture(ctx, t.texture, false, 64, 64);
        uint8_t *native = downscale(got, 32, 32, 2, false);
        assert_int_equal(glhle_pica_flush(e.gpu, addr, 32 * 32 * 4), GLHLE_RESULT_OK);
        uint8_t *ref = decode_guest(&e, addr, f, 32, 32);
        assert_memory_equal(native, ref, 32 * 32 * 4);
        free(got);
        free(native);
        free(ref);
    }
    tsf_env_free(&e);
}

static void depth_read_as_colour(void **state)
{
    glhle_context *ctx = *state;
    tsf_env e;
    tsf_env_init(&e, ctx, 1, 0);
    const pica_framebuffer_state fb = tsf_fb(0, 0, DEPTH, 3, 32, 32);
    pica_render_targets rt;
    tsf_bind(&e, &fb, &rt);
    tsf_render(&e, &fb, &rt, 1, 31337);
    /* D24S8 read as RGBA8 (Azahar's D24S8 -> RGBA8 reinterpreter) and D16 as RGB565 */
    pica_tex_unit_state u = tex_unit(DEPTH, PICA_TEXFMT_RGBA8, 32, 32);
    pica_texture t;
    const glhle_pica_stats s0 = tsf_stats(e.gpu);
    assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 0, NULL, &t), GLHLE_RESULT_OK);
    assert_int_equal(tsf_stats(e.gpu).reinterpretations, s0.reinterpretations + 1);
    uint8_t *got = tsf_read_texture(ctx, t.texture, false, 32, 32);
    assert_int_equal(glhle_pica_flush(e.gpu, DEPTH, 32 * 32 * 4), GLHLE_RESULT_OK);
    uint8_t *ref = decode_guest(&e, DEPTH, PICA_TEXFMT_RGBA8, 32, 32);
    assert_memory_equal(got, ref, 32 * 32 * 4);
    free(got);
    free(ref);
    const pica_framebuffer_state f16 = tsf_fb(0, 0, DEPTH + 0x10000, 0, 32, 32);
    tsf_bind(&e, &f16, &rt);
    tsf_render(&e, &f16, &rt, 1, 4242);
    u = tex_unit(DEPTH + 0x10000, PICA_TEXFMT_RGB565, 32, 32);
    assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 0, NULL, &t), GLHLE_RESULT_OK);
    got = tsf_read_texture(ctx, t.texture, false, 32, 32);
    assert_int_equal(glhle_pica_flush(e.gpu, DEPTH + 0x10000, 32 * 32 * 2), GLHLE_RESULT_OK);
    ref = decode_guest(&e, DEPTH + 0x10000, PICA_TEXFMT_RGB565, 32, 32);
    assert_memory_equal(got, ref, 32 * 32 * 4);
    free(got);
    free(ref);
    tsf_env_free(&e);
}

/* Reading depth as colour stages the depth bits in a texture that grows
 * with the rectangle: a larger read after a smaller one samples the new
 * staging texture, also when the GL gives it the old one's name (the GL
 * state shadow must not think it still bound). */
static void depth_staging_grows(void **state)
{
    glhle_context *ctx = *state;
    tsf_env e;
    tsf_env_init(&e, ctx, 1, 0);
    const uint32_t small = DEPTH, large = DEPTH + 0x10000;
    const pica_framebuffer_state fs = tsf_fb(0, 0, small, 0, 32, 32), fl = tsf_fb(0, 0, large, 3, 64, 64);
    pica_render_targets rt;
    tsf_bind(&e, &fs, &rt);
    tsf_render(&e, &fs, &rt, 1, 515);
    tsf_bind(&e, &fl, &rt);
    tsf_render(&e, &fl, &rt, 1, 616);
    const struct {
        uint32_t addr, side;
        pica_texfmt f;
    } reads[2] = {{small, 32, PICA_TEXFMT_RGB565}, {large, 64, PICA_TEXFMT_RGBA8}};
    for (int i = 0; i < 2; i++) {
        const uint32_t n = reads[i].side;
        pica_tex_unit_state u = tex_unit(reads[i].addr, reads[i].f, (uint16_t)n, (uint16_t)n);
        pica_texture t;
        assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 0, NULL, &t), GLHLE_RESULT_OK);
        uint8_t *got = tsf_read_texture(ctx, t.texture, false, (int)n, (int)n);
        const uint32_t bytes = n * n * pica_texfmt_get_info(reads[i].f)->bits_per_texel / 8;
        assert_int_equal(glhle_pica_flush(e.gpu, reads[i].addr, bytes), GLHLE_RESULT_OK);
        uint8_t *ref = decode_guest(&e, reads[i].addr, reads[i].f, n, n);
        assert_memory_equal(got, ref, (size_t)n * n * 4);
        free(got);
        free(ref);
    }
    assert_int_equal(tsf_stats(e.gpu).reinterpretations, 2);
    tsf_env_free(&e);
}

static void cpu_writes_reach_textures(void **state)
{
    glhle_context *ctx = *state;
    tsf_env e;
    tsf_env_init(&e, ctx, 1, 0);
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("cpu_writes_reach_textures", 5));
    tsf_random(&e, &rng, TEX, 32 * 32 * 2);
    pica_tex_unit_state u = tex_unit(TEX, PICA_TEXFMT_RGB5A1, 32, 32);
    pica_texture t;
    assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 0, NULL, &t), GLHLE_RESULT_OK);
    glhle_pica_stats s0 = tsf_stats(e.gpu);
    assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 0, NULL, &t), GLHLE_RESULT_OK);
    assert_int_equal(tsf_stats(e.gpu).uploads, s0.uploads); /* a hit */
    assert_int_equal(tsf_stats(e.gpu).surface_hits, s0.surface_hits + 1);
    /* the CPU rewrites the last row group (512 bytes) */
    tsf_random(&e, &rng, TEX + 3 * 512, 512);
    assert_int_equal(glhle_pica_invalidate(e.gpu, TEX + 3 * 512, 512), GLHLE_RESULT_OK);
    assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 0, NULL, &t), GLHLE_RESULT_OK);
    assert_int_equal(tsf_stats(e.gpu).upload_bytes, s0.upload_bytes + 512);
    uint8_t *got = tsf_read_texture(ctx, t.texture, false, 32, 32);
    uint8_t *ref = decode_guest(&e, TEX, PICA_TEXFMT_RGB5A1, 32, 32);
    assert_memory_equal(got, ref, 32 * 32 * 4);
    free(got);
    free(ref);
    tsf_env_free(&e);
}

static void cube_maps_and_mip_levels(void **state)
{
    glhle_context *ctx = *state;
    tsf_env e;
    tsf_env_init(&e, ctx, 2, 0);
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("cube_maps_and_mip_levels", 6));
    /* six 16x16 RGBA8 faces, each with levels 16 and 8 (1280 bytes apart... 1024 + 256) */
    uint32_t faces[6];
    for (int f = 0; f < 6; f++) {
        faces[f] = TEX + (uint32_t)f * 0x1000;
        tsf_random(&e, &rng, faces[f], 16 * 16 * 4 + 8 * 8 * 4);
    }
    pica_tex_unit_state u = tex_unit(faces[0], PICA_TEXFMT_RGBA8, 16, 16);
    u.type = PICA_TEXTYPE_CUBE;
    u.lod_max = 5; /* clamped to the levels of at least 8x8 */
    pica_texture t;
    assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 0, faces, &t), GLHLE_RESULT_OK);
    assert_int_equal(t.target, GL_TEXTURE_CUBE_MAP);
    assert_int_equal(t.levels, 2);
    GladGLContext *gl = &ctx->gl;
    for (int f = 0; f < 6; f++)
        for (uint32_t l = 0; l < 2; l++) {
            pica_surface lv;
            size_t off;
            assert_int_equal(pica_mip_level(PICA_TEXFMT_RGBA8, 16, 16, l, &lv, &off, ts_logger()), GLHLE_RESULT_OK);
            uint8_t got[16 * 16 * 4], ref[16 * 16 * 4];
            gl->GetTextureSubImage(t.texture, (GLint)l, 0, 0, f, (GLsizei)lv.width, (GLsizei)lv.height, 1, GL_RGBA,
                                   GL_UNSIGNED_BYTE, sizeof got, got);
            assert_int_equal(pica_decode(&lv, tsf_g(&e, faces[f]) + off, 0x1000 - off, NULL, PICA_CODEC_FLIP_Y, ref,
                                         lv.width * 4, ts_logger()),
                             GLHLE_RESULT_OK);
            assert_memory_equal(got, ref, lv.width * lv.height * 4);
        }
    /* a CPU write to one face reaches the cube map */
    tsf_random(&e, &rng, faces[3], 64);
    assert_int_equal(glhle_pica_invalidate(e.gpu, faces[3], 64), GLHLE_RESULT_OK);
    assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 0, faces, &t), GLHLE_RESULT_OK);
    uint8_t got[16 * 16 * 4], ref[16 * 16 * 4];
    gl->GetTextureSubImage(t.texture, 0, 0, 0, 3, 16, 16, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof got, got);
    const pica_surface s = tiled(PICA_TEXFMT_RGBA8, 16, 16);
    assert_int_equal(pica_decode(&s, tsf_g(&e, faces[3]), 1024, NULL, PICA_CODEC_FLIP_Y, ref, 64, ts_logger()),
                     GLHLE_RESULT_OK);
    assert_memory_equal(got, ref, sizeof got);
    /* a 2D ETC1 texture with three levels (32x32, 16x16, 8x8: 512 + 128 + 32 bytes) */
    tsf_random(&e, &rng, TEX + 0x10000, 512 + 128 + 32);
    u = tex_unit(TEX + 0x10000, PICA_TEXFMT_ETC1, 32, 32);
    u.lod_max = 2;
    assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 1, NULL, &t), GLHLE_RESULT_OK);
    assert_int_equal(t.levels, 3);
    assert_int_equal(t.scale, 1);
    pica_surface lv;
    size_t off;
    assert_int_equal(pica_mip_level(PICA_TEXFMT_ETC1, 32, 32, 2, &lv, &off, ts_logger()), GLHLE_RESULT_OK);
    gl->GetTextureSubImage(t.texture, 2, 0, 0, 0, 8, 8, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof got, got);
    assert_int_equal(pica_decode(&lv, tsf_g(&e, TEX + 0x10000) + off, 32, NULL, PICA_CODEC_FLIP_Y, ref, 32, ts_logger()),
                     GLHLE_RESULT_OK);
    assert_memory_equal(got, ref, 8 * 8 * 4);
    tsf_env_free(&e);
    ts_gl_check(ctx);
}

static void eviction_under_the_budget(void **state)
{
    glhle_context *ctx = *state;
    tsf_env e;
    tsf_env_init(&e, ctx, 1, 64 * 1024); /* room for 16 surfaces of 32x32 RGBA8 */
    /* a dirty render target first: clean surfaces go before it */
    const pica_framebuffer_state fb = tsf_fb(COLOR, 0, 0, 0, 32, 32);
    pica_render_targets rt;
    tsf_bind(&e, &fb, &rt);
    tsf_render(&e, &fb, &rt, 1, 5);
    uint8_t *want = expected_bytes(&e, rt.color_texture, PICA_TEXFMT_RGBA8, 32, 32, 1);
    const pica_framebuffer_state none = tsf_fb(0, 0, 0, 0, 32, 32);
    for (uint32_t i = 0; i < 40; i++) {
        pica_render_targets r2;
        assert_int_equal(pica_surface_cache_bind_framebuffer(e.gpu->surfaces, &none, &r2), GLHLE_RESULT_OK);
        assert_int_equal(r2.fbo, 0);
        pica_tex_unit_state u = tex_unit(TEX + i * 4096, PICA_TEXFMT_RGBA8, 32, 32);
        pica_texture t;
        assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 0, NULL, &t), GLHLE_RESULT_OK);
    }
    glhle_pica_stats st = tsf_stats(e.gpu);
    assert_int_equal(st.evictions, 41 - 16);
    assert_int_equal(st.bytes_resident, 64 * 1024);
    assert_int_equal(st.surfaces_resident, 16);
    assert_int_equal(st.downloads, 0); /* the dirty target is still there */
    GLuint tex;
    const pica_surface_key k = {COLOR, 32, 32, 32 * 8 * 4, PICA_TEXFMT_RGBA8, PICA_LAYOUT_TILED8, 1, 1};
    assert_true(pica_surface_cache_lookup(e.gpu->surfaces, &k, &tex));
    tsf_env_free(&e);
    /* with room for one surface, the dirty target must go, written back first */
    tsf_env_init(&e, ctx, 1, 4096);
    tsf_bind(&e, &fb, &rt);
    tsf_render(&e, &fb, &rt, 1, 5);
    pica_render_targets r2;
    assert_int_equal(pica_surface_cache_bind_framebuffer(e.gpu->surfaces, &none, &r2), GLHLE_RESULT_OK);
    pica_tex_unit_state u = tex_unit(TEX, PICA_TEXFMT_RGBA8, 32, 32);
    pica_texture t;
    assert_int_equal(pica_surface_cache_get_texture(e.gpu->surfaces, &u, 0, NULL, &t), GLHLE_RESULT_OK);
    st = tsf_stats(e.gpu);
    assert_int_equal(st.evictions, 1);
    assert_int_equal(st.downloads, 1);
    assert_false(pica_surface_cache_lookup(e.gpu->surfaces, &k, &tex));
    assert_memory_equal(tsf_g(&e, COLOR), want, 32 * 32 * 4);
    free(want);
    tsf_env_free(&e);
}

static void bad_input(void **state)
{
    glhle_context *ctx = *state;
    tsf_env e;
    tsf_env_init(&e, ctx, 1, 0);
    assert_int_equal(gl_context_enter(ctx), GLHLE_RESULT_OK);
    pica_surface_cache *c = e.gpu->surfaces;
    pica_render_targets rt;
    /* colour unmapped, depth fine: the depth buffer is still attached */
    pica_framebuffer_state fb = tsf_fb(0x30000000, 0, DEPTH, 3, 64, 32);
    ts_log_clear();
    assert_int_equal(pica_surface_cache_bind_framebuffer(c, &fb, &rt), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("pica: colour buffer (COLORBUFFER_LOC) at 0x30000000+0x2000 (64x32 rgba8) is not "
                                "inside one memory mapping; skipped"));
    assert_false(rt.has_color);
    assert_true(rt.has_depth);
    assert_int_not_equal(rt.fbo, 0);
    fb = tsf_fb(COLOR, 5, 0, 0, 64, 32);
    assert_int_equal(pica_surface_cache_bind_framebuffer(c, &fb, &rt), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("colour buffer format 5 (COLORBUFFER_FORMAT bits 16-18)"));
    fb = tsf_fb(COLOR, 0, DEPTH, 1, 64, 32);
    assert_int_equal(pica_surface_cache_bind_framebuffer(c, &fb, &rt), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(rt.has_color);
    assert_false(rt.has_depth);
    fb = tsf_fb(COLOR, 0, 0, 0, 0, 32);
    assert_int_equal(pica_surface_cache_bind_framebuffer(c, &fb, &rt), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(rt.fbo, 0);
    fb = tsf_fb(COLOR, 0, 0, 0, 12, 32);
    assert_int_equal(pica_surface_cache_bind_framebuffer(c, &fb, &rt), GLHLE_RESULT_INVALID_ARGUMENT);
    /* textures: a stand-in, and one log line however often it is asked for */
    pica_tex_unit_state u = tex_unit(0x30000000, PICA_TEXFMT_RGBA8, 32, 32);
    pica_texture t;
    ts_log_clear();
    for (int i = 0; i < 3; i++) {
        assert_int_equal(pica_surface_cache_get_texture(c, &u, 2, NULL, &t), GLHLE_RESULT_OUT_OF_BOUNDS);
        assert_int_not_equal(t.texture, 0);
        assert_int_equal(t.width, 1);
    }
    assert_int_equal(ts_log_count(GLHLE_LOG_ERROR), 1);
    assert_true(ts_log_contains("texture unit 2 (TEXUNIT2_ADDR1) at 0x30000000"));
    u = tex_unit(TEX, (pica_texfmt)14, 32, 32);
    assert_int_equal(pica_surface_cache_get_texture(c, &u, 0, NULL, &t), GLHLE_RESULT_INVALID_ARGUMENT);
    u = tex_unit(TEX, PICA_TEXFMT_RGBA8, 0, 32);
    assert_int_equal(pica_surface_cache_get_texture(c, &u, 0, NULL, &t), GLHLE_RESULT_INVALID_ARGUMENT);
    u = tex_unit(TEX, PICA_TEXFMT_RGBA8, 32, 16);
    u.type = PICA_TEXTYPE_CUBE;
    const uint32_t faces[6] = {TEX, TEX, TEX, TEX, TEX, TEX};
    assert_int_equal(pica_surface_cache_get_texture(c, &u, 0, faces, &t), GLHLE_RESULT_INVALID_ARGUMENT);
    u.enabled = false;
    assert_int_equal(pica_surface_cache_get_texture(c, &u, 0, faces, &t), GLHLE_RESULT_OK);
    /* still working */
    u = tex_unit(TEX, PICA_TEXFMT_RGBA8, 32, 32);
    assert_int_equal(pica_surface_cache_get_texture(c, &u, 0, NULL, &t), GLHLE_RESULT_OK);
    assert_int_equal(t.width, 32);
    fb = tsf_fb(COLOR, 0, DEPTH, 3, 64, 32);
    assert_int_equal(pica_surface_cache_bind_framebuffer(c, &fb, &rt), GLHLE_RESULT_OK);
    /* a target too large for the GL at this scale */
    tsf_env big;
    tsf_env_init(&big, ctx, 10, 0);
    const int max = ctx->info.max_texture_size;
    if (max / 10 < 2040) {
        const pica_framebuffer_state huge = tsf_fb(COLOR, 3, 0, 0, 2040, 8);
        pica_render_targets none;
        assert_int_equal(pica_surface_cache_bind_framebuffer(big.gpu->surfaces, &huge, &none),
                         GLHLE_RESULT_UNSUPPORTED);
        assert_true(ts_log_contains("2040x8 at scale 10 exceeds the GL's"));
        assert_int_equal(none.fbo, 0);
    }
    tsf_env_free(&big);
    assert_int_equal(gl_context_enter(ctx), GLHLE_RESULT_OK);
    /* memory unmapped under a dirty surface: the flush reports it */
    tsf_render(&e, &fb, &rt, 1, 1);
    assert_int_equal(glhle_pica_unmap_memory(e.gpu, TSF_BASE), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_flush(e.gpu, COLOR, 64), GLHLE_RESULT_OUT_OF_BOUNDS);
    tsf_env_free(&e);
    ts_gl_check(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(round_trip),
        TS_GL_TEST(cpu_write_inside_a_dirty_row),
        TS_GL_TEST(flush_a_sub_range),
        TS_GL_TEST(overlapping_render_targets),
        TS_GL_TEST(render_to_texture),
        TS_GL_TEST(sampled_targets_hold_what_their_format_holds),
        TS_GL_TEST(depth_read_as_colour),
        TS_GL_TEST(depth_staging_grows),
        TS_GL_TEST(cpu_writes_reach_textures),
        TS_GL_TEST(cube_maps_and_mip_levels),
        TS_GL_TEST(eviction_under_the_budget),
        TS_GL_TEST(bad_input),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
