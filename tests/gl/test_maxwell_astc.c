/* The ASTC LDR CPU decoder (backend/maxwell/texture/astc.c) against the
 * driver's own decoder: random blocks of every footprint the texture
 * header names, linear and sRGB, uploaded as GL_COMPRESSED_*_ASTC_*_KHR
 * and read back as RGBA8, texel for texel (the seed is printed; rerun one
 * with GLHLE_TEST_SEED). Skipped where the driver lacks
 * GL_KHR_texture_compression_astc_ldr (llvmpipe has it). Then the texture
 * cache with the decoder forced: an ASTC texture header through
 * mw_texture_get comes out as the same RGBA8 texels. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/render_targets.h"
#include "backend/maxwell/texture/astc.h"
#include "support/maxwell_support.h"
#include "support/maxwell_tex_support.h"

#define VA 0x0500000000ull
#define MEM (1u << 20)

static const struct {
    uint8_t w, h;
    GLenum linear, srgb;
    uint32_t components; /* the texture header's COMPONENTS value */
} k_sizes[14] = {
    {4, 4, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR, 0x40},
    {5, 4, GL_COMPRESSED_RGBA_ASTC_5x4_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_5x4_KHR, 0x50},
    {5, 5, GL_COMPRESSED_RGBA_ASTC_5x5_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_5x5_KHR, 0x41},
    {6, 5, GL_COMPRESSED_RGBA_ASTC_6x5_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x5_KHR, 0x51},
    {6, 6, GL_COMPRESSED_RGBA_ASTC_6x6_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR, 0x42},
    {8, 5, GL_COMPRESSED_RGBA_ASTC_8x5_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x5_KHR, 0x55},
    {8, 6, GL_COMPRESSED_RGBA_ASTC_8x6_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x6_KHR, 0x52},
    {8, 8, GL_COMPRESSED_RGBA_ASTC_8x8_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x8_KHR, 0x44},
    {10, 5, GL_COMPRESSED_RGBA_ASTC_10x5_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x5_KHR, 0x56},
    {10, 6, GL_COMPRESSED_RGBA_ASTC_10x6_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x6_KHR, 0x57},
    {10, 8, GL_COMPRESSED_RGBA_ASTC_10x8_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x8_KHR, 0x53},
    {10, 10, GL_COMPRESSED_RGBA_ASTC_10x10_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x10_KHR, 0x45},
    {12, 10, GL_COMPRESSED_RGBA_ASTC_12x10_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x10_KHR, 0x54},
    {12, 12, GL_COMPRESSED_RGBA_ASTC_12x12_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR, 0x46},
};

#define BLOCKS_X 16
#define BLOCKS_Y 16
#define NBLOCKS (BLOCKS_X * BLOCKS_Y)

/* A random block the decoder accepts (random bits are mostly reserved or
 * malformed; roughly one in eight error blocks is kept so the error colour
 * is compared too). The block modes are drawn from the valid ones'
 * low bits so that dual planes and partitions come up often. */
static void random_block(ts_rng *rng, uint32_t bw, uint32_t bh, bool srgb, uint8_t out[16], mw_astc_status *st)
{
    uint16_t texels[MW_ASTC_MAX_TEXELS][4];
    for (uint32_t tries = 0;; tries++) {
        for (uint32_t i = 0; i < 16; i++)
            out[i] = (uint8_t)ts_rng_u32(rng);
        const uint32_t kind = ts_rng_below(rng, 16);
        if (kind == 0) { /* void extent, extents all ones or in order */
            out[0] = 0xFC;
            out[1] = (uint8_t)((out[1] & 0xF0) | 0x0D);
            if (ts_rng_below(rng, 2))
                memset(out + 1, 0xFF, 7), out[1] = 0xFD;
        } else if (kind < 4) { /* few weights: many endpoint bits, wide ranges */
            out[1] &= 0xE7;
        }
        *st = mw_astc_decode_block(out, bw, bh, srgb, texels);
        if (*st == MW_ASTC_VALID || ts_rng_below(rng, 8) == 0 || tries > 1000)
            return;
    }
}

/* Blocks whose decoding Mesa's decoder (at least in 22.3) does not share
 * with the specification, which the comparison counts but does not hold
 * against the decoder: void-extent blocks whose reserved bits 10-11 are not
 * both set (23.23 makes them error blocks; Mesa decodes the colour) and,
 * told apart by the decoder's status, HDR endpoint modes (the LDR profile's
 * error colour; Mesa decodes some). */
static bool spec_and_mesa_differ(const uint8_t b[16])
{
    const uint32_t low = b[0] | (uint32_t)b[1] << 8;
    return (low & 0x1FF) == 0x1FC && ((low >> 10) & 3) != 3;
}

/* The driver's decode is the reference: on ES (the gles label), where a
 * compressed texture cannot be read back, it is made on the desktop
 * context beside the ES one (ts_gl_reference_context). */
static void compare_with_driver(void **state)
{
    glhle_context *ctx = ts_gl_reference_context(*state);
    assert_int_equal(gl_context_enter(ctx), GLHLE_RESULT_OK);
    const GladGLContext *gl = &ctx->gl;
    if (!gl->KHR_texture_compression_astc_ldr) {
        fprintf(stderr, "astc: the driver lacks GL_KHR_texture_compression_astc_ldr; comparison skipped\n");
        assert_int_equal(gl_context_enter(*state), GLHLE_RESULT_OK);
        skip();
    }
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("astc_vs_driver", 0xA57C));
    static uint8_t blocks[NBLOCKS * 16];
    static mw_astc_status status[NBLOCKS];
    uint32_t compared = 0, mismatched_blocks = 0, not_held = 0, count[3] = {0}, differ[3] = {0};
    for (uint32_t s = 0; s < 14; s++)
        for (uint32_t srgb = 0; srgb < 2; srgb++) {
            const uint32_t bw = k_sizes[s].w, bh = k_sizes[s].h;
            const uint32_t w = BLOCKS_X * bw, h = BLOCKS_Y * bh;
            for (uint32_t i = 0; i < NBLOCKS; i++) {
                random_block(&rng, bw, bh, srgb, blocks + i * 16, &status[i]);
                count[status[i]]++;
            }
            GLuint tex;
            gl->CreateTextures(GL_TEXTURE_2D, 1, &tex);
            const GLenum f = srgb ? k_sizes[s].srgb : k_sizes[s].linear;
            gl->TextureStorage2D(tex, 1, f, (GLsizei)w, (GLsizei)h);
            gl->CompressedTextureSubImage2D(tex, 0, 0, 0, (GLsizei)w, (GLsizei)h, f, (GLsizei)sizeof blocks, blocks);
            uint8_t *want = malloc((size_t)w * h * 4), *got = malloc((size_t)w * h * 4);
            gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
            gl->GetTextureImage(tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, (GLsizei)(w * h * 4), want);
            gl->DeleteTextures(1, &tex);
            ts_gl_check(ctx);
            mw_astc_decode_image(blocks, sizeof blocks, w, h, bw, bh, srgb, got, (size_t)w * 4);
            for (uint32_t i = 0; i < NBLOCKS; i++) {
                const uint32_t bx = i % BLOCKS_X, by = i / BLOCKS_X;
                bool bad = false;
                for (uint32_t y = 0; y < bh && !bad; y++)
                    for (uint32_t x = 0; x < bw && !bad; x++) {
                        const size_t at = ((size_t)(by * bh + y) * w + bx * bw + x) * 4;
                        if (memcmp(want + at, got + at, 4)) {
                            bad = true;
                            if (status[i] != MW_ASTC_HDR && !spec_and_mesa_differ(blocks + i * 16) &&
                                mismatched_blocks < 8) {
                                fprintf(stderr, "astc %ux%u %s block %u (%s) texel %u,%u: driver %u %u %u %u, "
                                        "decoder %u %u %u %u; block", bw, bh, srgb ? "sRGB" : "linear", i,
                                        status[i] == MW_ASTC_VALID ? "valid" : status[i] == MW_ASTC_HDR ? "HDR" : "error", x, y, want[at], want[at + 1], want[at + 2],
                                        want[at + 3], got[at], got[at + 1], got[at + 2], got[at + 3]);
                                for (uint32_t k = 0; k < 16; k++)
                                    fprintf(stderr, " %02x", blocks[i * 16 + k]);
                                fprintf(stderr, "\n");
                            }
                        }
                    }
                const bool lenient = status[i] == MW_ASTC_HDR || spec_and_mesa_differ(blocks + i * 16);
                differ[status[i]] += bad;
                not_held += bad && lenient;
                mismatched_blocks += bad && !lenient;
                compared++;
            }
            free(want);
            free(got);
        }
    fprintf(stderr, "astc: %u blocks compared: %u valid (%u differ), %u HDR (%u differ), %u error (%u differ); "
            "%u of those where Mesa and the specification part\n",
            compared, count[0], differ[0], count[1], differ[1], count[2], differ[2], not_held);
    assert_int_equal(gl_context_enter(*state), GLHLE_RESULT_OK);
    assert_int_equal(mismatched_blocks, 0);
}

/* The driver's decode of one level's blocks (lw x lh texels) into want,
 * on the reference context (desktop GL; see compare_with_driver). */
static void driver_decode(glhle_context *test_ctx, const uint8_t *blocks, uint32_t n, uint32_t lw, uint32_t lh,
                          uint8_t *want)
{
    glhle_context *ctx = ts_gl_reference_context(test_ctx);
    assert_int_equal(gl_context_enter(ctx), GLHLE_RESULT_OK);
    const GladGLContext *gl = &ctx->gl;
    GLuint ref;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &ref);
    gl->TextureStorage2D(ref, 1, GL_COMPRESSED_RGBA_ASTC_8x8_KHR, (GLsizei)lw, (GLsizei)lh);
    gl->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
    gl->CompressedTextureSubImage2D(ref, 0, 0, 0, (GLsizei)lw, (GLsizei)lh, GL_COMPRESSED_RGBA_ASTC_8x8_KHR,
                                    (GLsizei)n, blocks);
    gl->GetTextureImage(ref, 0, GL_RGBA, GL_UNSIGNED_BYTE, (GLsizei)(lw * lh * 4), want);
    gl->DeleteTextures(1, &ref);
    ts_gl_check(ctx);
    assert_int_equal(gl_context_enter(test_ctx), GLHLE_RESULT_OK);
}

/* An instance with the decoder forced and MEM bytes at VA of `kind`. */
static glhle_maxwell *forced_instance(glhle_context *ctx, uint8_t **mem, glhle_maxwell_kind kind)
{
    glhle_maxwell *gpu;
    glhle_maxwell_desc d = {.log = ts_log_fn, .log_level = GLHLE_LOG_INFO, .astc_on_cpu = true};
    assert_int_equal(glhle_maxwell_create(ctx, &d, &gpu), GLHLE_RESULT_OK);
    *mem = calloc(1, MEM);
    assert_int_equal(glhle_maxwell_map(gpu, VA, *mem, MEM, kind), GLHLE_RESULT_OK);
    return gpu;
}

/* The texture cache with the decoder forced: a pitch 2D ASTC 6x5 texture
 * header (sRGB on, partial blocks on both edges) comes out as the
 * decoder's RGBA8 texels, in an uncompressed format, with no GL error. */
static void texture_cache_decodes_on_cpu(void **state)
{
    glhle_context *ctx = *state;
    uint8_t *mem;
    glhle_maxwell *gpu = forced_instance(ctx, &mem, GLHLE_MAXWELL_KIND_PITCH);
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("astc_texture_cache", 0x6A5));
    const uint32_t s = 3; /* 6x5 */
    const uint32_t bw = k_sizes[s].w, bh = k_sizes[s].h, w = 30, h = 17; /* partial blocks on both edges */
    const uint32_t bx = 5, by = 4;
    uint8_t blocks[5 * 4 * 16];
    for (uint32_t i = 0; i < bx * by; i++) {
        mw_astc_status st;
        random_block(&rng, bw, bh, true, blocks + i * 16, &st);
    }
    const uint32_t pitch = 128;
    for (uint32_t y = 0; y < by; y++)
        memcpy(mem + y * pitch, blocks + y * bx * 16, bx * 16);
    const tmt_tic_desc td = {.components = k_sizes[s].components, .type = 2, .texture_type = 1, .width = w,
                             .height = h, .levels = 1, .pitch = true, .pitch_bytes = pitch};
    uint32_t tic[8];
    tmt_make_tic(&td, VA, tic);
    tmt_field(tic, 150, 150, 1); /* SRGB_CONVERSION */
    GLuint tex;
    GLenum target;
    assert_int_equal(mw_texture_get(gpu->render, tic, &tex, &target), GLHLE_RESULT_OK);
    GLint internal = 0;
    ctx->gl.GetTextureLevelParameteriv(tex, 0, GL_TEXTURE_INTERNAL_FORMAT, &internal);
    assert_int_equal(internal, GL_SRGB8_ALPHA8);
    uint8_t *got = malloc((size_t)w * h * 4), *want = malloc((size_t)w * h * 4);
    ctx->gl.PixelStorei(GL_PACK_ALIGNMENT, 1);
    ctx->gl.GetTextureImage(tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, (GLsizei)(w * h * 4), got);
    mw_astc_decode_image(blocks, sizeof blocks, w, h, bw, bh, true, want, (size_t)w * 4);
    assert_memory_equal(got, want, (size_t)w * h * 4);
    free(got);
    free(want);
    glhle_maxwell_destroy(gpu);
    free(mem);
    ts_gl_check(ctx);
}

/* A block-linear ASTC 8x8 texture of two levels (40x24 and 20x12 texels:
 * partial blocks on the right and bottom), its blocks placed by the test
 * support's model of the level layout, decoded on the CPU by the texture
 * cache; each level must equal the driver's own decode of the same blocks
 * (valid blocks only, so Mesa and the specification agree). */
static void block_linear_levels_against_driver(void **state)
{
    glhle_context *ctx = *state;
    const GladGLContext *gl = &ctx->gl;
    if (!gl->KHR_texture_compression_astc_ldr)
        skip();
    uint8_t *mem;
    glhle_maxwell *gpu = forced_instance(ctx, &mem, GLHLE_MAXWELL_KIND_GENERIC_16BX2);
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("astc_block_linear", 0x88));
    const uint32_t w = 40, h = 24, levels = 2;
    tmt_model m;
    tmt_model_init(&m, w, h, levels, 16, 8, 1);
    uint8_t blocks[2][5 * 3 * 16];
    for (uint32_t l = 0; l < levels; l++) {
        const uint32_t bx = ((w >> l) + 7) / 8, by = ((h >> l) + 7) / 8;
        for (uint32_t j = 0; j < by; j++)
            for (uint32_t i = 0; i < bx; i++) {
                uint8_t *b = blocks[l] + (j * bx + i) * 16;
                mw_astc_status st;
                do
                    random_block(&rng, 8, 8, false, b, &st);
                while (st != MW_ASTC_VALID);
                memcpy(mem + tmt_model_at(&m, 0, l, i * 16, j), b, 16);
            }
    }
    const tmt_tic_desc td = {.components = 0x44 /* ASTC_2D_8X8 */, .type = 2, .texture_type = 1, .width = w,
                             .height = h, .levels = levels, .bh = 1};
    uint32_t tic[8];
    tmt_make_tic(&td, VA, tic);
    GLuint tex;
    GLenum target;
    assert_int_equal(mw_texture_get(gpu->render, tic, &tex, &target), GLHLE_RESULT_OK);
    GLint internal = 0;
    gl->GetTextureLevelParameteriv(tex, 0, GL_TEXTURE_INTERNAL_FORMAT, &internal);
    assert_int_equal(internal, GL_RGBA8); /* decoded here, not by the driver */
    for (uint32_t l = 0; l < levels; l++) {
        const uint32_t lw = w >> l, lh = h >> l, n = ((lw + 7) / 8) * ((lh + 7) / 8) * 16;
        uint8_t *want = malloc((size_t)lw * lh * 4), *got = malloc((size_t)lw * lh * 4);
        driver_decode(ctx, blocks[l], n, lw, lh, want);
        gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
        gl->GetTextureImage(tex, (GLint)l, GL_RGBA, GL_UNSIGNED_BYTE, (GLsizei)(lw * lh * 4), got);
        for (uint32_t i = 0; i < lw * lh; i++)
            if (memcmp(want + 4 * i, got + 4 * i, 4))
                fail_msg("level %u texel (%u, %u): driver %u %u %u %u, texture cache %u %u %u %u", l, i % lw,
                         i / lw, want[4 * i], want[4 * i + 1], want[4 * i + 2], want[4 * i + 3], got[4 * i],
                         got[4 * i + 1], got[4 * i + 2], got[4 * i + 3]);
        free(want);
        free(got);
    }
    glhle_maxwell_destroy(gpu);
    free(mem);
    ts_gl_check(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(compare_with_driver),
        cmocka_unit_test(texture_cache_decodes_on_cpu),
        cmocka_unit_test(block_linear_levels_against_driver),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
