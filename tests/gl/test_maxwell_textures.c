/* Maxwell textures and samplers on GL (backend/maxwell/render/textures.c):
 * texture headers written here field by field from clb197tex.h's MW(hi:lo)
 * positions, texels placed in guest memory by this file's own model of the
 * block-linear level layout (the GOB model of tests/support/
 * maxwell_fake_mem.c, the per-level block-height clamp as Mesa's
 * nil_tiling_clamp words it, layers one level-0 block apart), and the GL
 * texture read back level by level. BC1 against a decoder written here;
 * the 16-bit packed formats (B5G6R5, A1B5G5R5, A4B4G4R4, repacked on ES)
 * against their words' fields expanded to 8 bits.
 * 1D and 1D-array textures are drawn through the draw path with
 * hand-assembled pixel programs and every pixel compared with the texels
 * (one_d_textures_drawn; on ES they are 2D stand-ins of height 1). */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/render_targets.h"
#include "scenes/maxwell_draw_scene.h"
#include "support/maxwell_fake_mem.h"
#include "support/maxwell_random.h"
#include "support/maxwell_sidecar.h"
#include "support/maxwell_support.h"
#include "support/maxwell_tex_support.h"
#include "scenes/maxwell_draw_scene.h"

#define VA 0x0500000000ull
#define MEM (8u << 20)
#define VA_PITCH 0x0600000000ull /* pitch-kind memory, 1 MiB */

typedef struct env {
    glhle_context *ctx;
    glhle_maxwell *gpu;
    uint8_t *mem, *pitch;
} env;

static uint32_t g_scale; /* of the next env_init; 0 -> 1 */

static void env_init(env *e, glhle_context *ctx)
{
    e->ctx = ctx;
    glhle_maxwell_desc d = {.log = ts_log_fn, .log_level = GLHLE_LOG_INFO, .scale = g_scale};
    assert_int_equal(glhle_maxwell_create(ctx, &d, &e->gpu), GLHLE_RESULT_OK);
    e->mem = calloc(1, MEM);
    assert_int_equal(glhle_maxwell_map(e->gpu, VA, e->mem, MEM, GLHLE_MAXWELL_KIND_GENERIC_16BX2), GLHLE_RESULT_OK);
    e->pitch = calloc(1, 1u << 20);
    assert_int_equal(glhle_maxwell_map(e->gpu, VA_PITCH, e->pitch, 1u << 20, GLHLE_MAXWELL_KIND_PITCH),
                     GLHLE_RESULT_OK);
}

static void env_free(env *e)
{
    glhle_maxwell_destroy(e->gpu);
    free(e->mem);
    free(e->pitch);
    ts_gl_check(e->ctx);
}

static uint8_t *level_image(env *e, GLuint tex, uint32_t level, GLenum format, GLenum type, size_t size)
{
    uint8_t *out = malloc(size);
    const GladGLContext *gl = &e->ctx->gl;
    gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
    gl->GetTextureImage(tex, (GLint)level, format, type, (GLsizei)size, out);
    return out;
}

static void rgba8_mips_block_linear(void **state)
{
    env e;
    env_init(&e, *state);
    const tmt_tic_desc d = {.components = 0x08 /* A8B8G8R8 */, .type = 2, .texture_type = 1, .width = 40, .height = 24,
                        .levels = 4, .bh = 2};
    tmt_model m;
    tmt_model_init(&m, d.width, d.height, d.levels, 4, 1, d.bh);
    for (uint32_t l = 0; l < d.levels; l++)
        for (uint32_t y = 0; y < m.rows[l]; y++)
            for (uint32_t x = 0; x < m.row_bytes[l] / 4; x++) {
                const uint8_t px[4] = {(uint8_t)x, (uint8_t)y, (uint8_t)(l * 50), (uint8_t)(0xA0 + l)};
                memcpy(e.mem + tmt_model_at(&m, 0, l, x * 4, y), px, 4);
            }
    uint32_t w[8];
    tmt_make_tic(&d, VA, w);
    GLuint tex;
    GLenum target;
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
    assert_int_equal(target, GL_TEXTURE_2D);
    for (uint32_t l = 0; l < d.levels; l++) {
        const uint32_t lw = d.width >> l, lh = d.height >> l;
        uint8_t *img = level_image(&e, tex, l, GL_RGBA, GL_UNSIGNED_BYTE, (size_t)lw * lh * 4);
        for (uint32_t y = 0; y < lh; y++)
            for (uint32_t x = 0; x < lw; x++) {
                const uint8_t want[4] = {(uint8_t)x, (uint8_t)y, (uint8_t)(l * 50), (uint8_t)(0xA0 + l)};
                if (memcmp(img + ((size_t)y * lw + x) * 4, want, 4))
                    fail_msg("level %u texel (%u, %u) differs", l, x, y);
            }
        free(img);
    }
    /* the same header again: no second upload */
    GLuint again;
    assert_int_equal(mw_texture_get(e.gpu->render, w, &again, &target), GLHLE_RESULT_OK);
    assert_int_equal(again, tex);
    assert_int_equal(e.gpu->render->stats.texture_loads, 1);
    env_free(&e);
}

static void r32f_array_and_cube(void **state)
{
    env e;
    env_init(&e, *state);
    /* a 16x8 R32F 2D array of 3 layers with 2 levels, 2-GOB blocks */
    const tmt_tic_desc a = {.components = 0x0f /* R32 */, .type = 7, .texture_type = 5, .width = 16, .height = 8,
                        .depth = 3, .levels = 2, .bh = 1};
    tmt_model m;
    tmt_model_init(&m, a.width, a.height, a.levels, 4, 1, a.bh);
    for (uint32_t layer = 0; layer < 3; layer++)
        for (uint32_t l = 0; l < 2; l++)
            for (uint32_t y = 0; y < m.rows[l]; y++)
                for (uint32_t x = 0; x < m.row_bytes[l] / 4; x++) {
                    const float v = (float)(layer * 1000 + l * 100 + y * 16 + x);
                    memcpy(e.mem + tmt_model_at(&m, layer, l, x * 4, y), &v, 4);
                }
    uint32_t w[8];
    tmt_make_tic(&a, VA, w);
    GLuint tex;
    GLenum target;
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
    assert_int_equal(target, GL_TEXTURE_2D_ARRAY);
    for (uint32_t l = 0; l < 2; l++) {
        const uint32_t lw = a.width >> l, lh = a.height >> l;
        float *img = (float *)(void *)level_image(&e, tex, l, GL_RED, GL_FLOAT, (size_t)lw * lh * 3 * 4);
        for (uint32_t layer = 0; layer < 3; layer++)
            for (uint32_t y = 0; y < lh; y++)
                for (uint32_t x = 0; x < lw; x++) {
                    const float want = (float)(layer * 1000 + l * 100 + y * 16 + x);
                    const float got = img[((size_t)layer * lh + y) * lw + x];
                    if (got != want)
                        fail_msg("layer %u level %u texel (%u, %u) is %g, want %g", layer, l, x, y, got, want);
                }
        free(img);
    }
    /* an 8x8 RGBA8 cube map at 1 MiB: faces are layers */
    const uint64_t cva = VA + (1u << 20);
    const tmt_tic_desc c = {.components = 0x08, .type = 2, .texture_type = 3, .width = 8, .height = 8, .levels = 1};
    tmt_model_init(&m, 8, 8, 1, 4, 1, 0);
    for (uint32_t face = 0; face < 6; face++)
        for (uint32_t y = 0; y < 8; y++)
            for (uint32_t x = 0; x < 8; x++) {
                const uint8_t px[4] = {(uint8_t)face, (uint8_t)x, (uint8_t)y, 0xFF};
                memcpy(e.mem + (1u << 20) + tmt_model_at(&m, face, 0, x * 4, y), px, 4);
            }
    tmt_make_tic(&c, cva, w);
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
    assert_int_equal(target, GL_TEXTURE_CUBE_MAP);
    uint8_t *img = level_image(&e, tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, 8 * 8 * 6 * 4);
    for (uint32_t face = 0; face < 6; face++)
        for (uint32_t i = 0; i < 64; i++) {
            const uint8_t want[4] = {(uint8_t)face, (uint8_t)(i % 8), (uint8_t)(i / 8), 0xFF};
            if (memcmp(img + (face * 64 + i) * 4, want, 4))
                fail_msg("cube face %u texel %u differs", face, i);
        }
    free(img);
    env_free(&e);
}

static void pitch_texture_and_swizzle(void **state)
{
    env e;
    env_init(&e, *state);
    const tmt_tic_desc d = {.components = 0x08, .type = 2, .texture_type = 1, .width = 30, .height = 10, .levels = 1,
                        .pitch = true, .pitch_bytes = 256, .src = {TMT_SRC_B, TMT_SRC_G, TMT_SRC_R, TMT_SRC_ONE_FLOAT}};
    for (uint32_t y = 0; y < 10; y++)
        for (uint32_t x = 0; x < 30; x++) {
            const uint8_t px[4] = {(uint8_t)(x * 3), (uint8_t)(y * 7), (uint8_t)(x ^ y), 0x55};
            memcpy(e.pitch + (size_t)y * 256 + x * 4, px, 4);
        }
    uint32_t w[8];
    tmt_make_tic(&d, VA_PITCH, w);
    GLuint tex;
    GLenum target;
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
    uint8_t *img = level_image(&e, tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, 30 * 10 * 4);
    for (uint32_t y = 0; y < 10; y++)
        for (uint32_t x = 0; x < 30; x++) {
            const uint8_t want[4] = {(uint8_t)(x * 3), (uint8_t)(y * 7), (uint8_t)(x ^ y), 0x55};
            if (memcmp(img + (y * 30 + x) * 4, want, 4))
                fail_msg("pitch texel (%u, %u) differs", x, y);
        }
    free(img);
    /* one component at a time, through a bind: ES has neither DSA nor the
     * GL_TEXTURE_SWIZZLE_RGBA query */
    GLint swz[4];
    static const GLenum swz_q[4] = {GL_TEXTURE_SWIZZLE_R, GL_TEXTURE_SWIZZLE_G, GL_TEXTURE_SWIZZLE_B,
                                    GL_TEXTURE_SWIZZLE_A};
    GLint old_tex = 0;
    e.ctx->gl.ActiveTexture(GL_TEXTURE0);
    e.ctx->gl.GetIntegerv(GL_TEXTURE_BINDING_2D, &old_tex);
    e.ctx->gl.BindTexture(GL_TEXTURE_2D, tex);
    for (int k = 0; k < 4; k++)
        e.ctx->gl.GetTexParameteriv(GL_TEXTURE_2D, swz_q[k], &swz[k]);
    e.ctx->gl.BindTexture(GL_TEXTURE_2D, (GLuint)old_tex);
    assert_int_equal(swz[0], GL_BLUE);
    assert_int_equal(swz[1], GL_GREEN);
    assert_int_equal(swz[2], GL_RED);
    assert_int_equal(swz[3], GL_ONE);
    env_free(&e);
}

/* BC1 (S3TC DXT1): c0 > c1 selects four colours, c0 and c1 as RGB565
 * expanded by bit replication, and the two thirds between them
 * (the S3TC specification); the GL may round those by one. */
static void bc1_4x2_blocks(void **state)
{
    env e;
    env_init(&e, *state);
    if (!e.ctx->gl.EXT_texture_compression_s3tc) {
        env_free(&e);
        skip();
    }
    if (ts_gles()) {
        print_message("SKIP on OpenGL ES: a compressed texture cannot be read back there (no glGetTexImage, and "
                      "compressed formats are not colour-renderable, so no framebuffer readback)\n");
        env_free(&e);
        skip();
    }
    const uint16_t c0 = 0xF800, c1 = 0x001F; /* red, blue */
    const tmt_tic_desc d = {.components = 0x24 /* DXT1 */, .type = 2, .texture_type = 1, .width = 16, .height = 8,
                        .levels = 1};
    tmt_model m;
    tmt_model_init(&m, 16, 8, 1, 8, 4, 0);
    for (uint32_t by = 0; by < 2; by++)
        for (uint32_t bx = 0; bx < 4; bx++) {
            uint8_t b[8] = {(uint8_t)c0, (uint8_t)(c0 >> 8), (uint8_t)c1, (uint8_t)(c1 >> 8)};
            const uint32_t idx = (bx + by * 4) * 0x1B1B1B1Bu; /* rows of indices 3,2,1,0 rotated per block */
            for (int i = 0; i < 4; i++)
                b[4 + i] = (uint8_t)(idx >> (8 * i));
            memcpy(e.mem + tmt_model_at(&m, 0, 0, bx * 8, by), b, 8);
        }
    uint32_t w[8];
    tmt_make_tic(&d, VA, w);
    GLuint tex;
    GLenum target;
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
    uint8_t *img = level_image(&e, tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, 16 * 8 * 4);
    const int pal[4][3] = {{255, 0, 0}, {0, 0, 255}, {170, 0, 85}, {85, 0, 170}};
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 16; x++) {
            const uint32_t blk = (x / 4) + (y / 4) * 4;
            const uint32_t idx = blk * 0x1B1B1B1Bu;
            const uint32_t sel = (idx >> (2 * ((y % 4) * 4 + x % 4))) & 3;
            const uint8_t *px = img + (y * 16 + x) * 4;
            for (int k = 0; k < 3; k++)
                if (abs(px[k] - pal[sel][k]) > 1)
                    fail_msg("BC1 texel (%u, %u) channel %d is %u, want %d", x, y, k, px[k], pal[sel][k]);
            assert_int_equal(px[3], 255);
        }
    free(img);
    env_free(&e);
}

/* The CPU writes a texel; a render target cleared over a texture's memory:
 * the next lookup loads again and sees both. */
static void coherence_with_cpu_and_render_targets(void **state)
{
    env e;
    env_init(&e, *state);
    const tmt_tic_desc d = {.components = 0x08, .type = 2, .texture_type = 1, .width = 64, .height = 8, .levels = 1};
    tmt_model m;
    tmt_model_init(&m, 64, 8, 1, 4, 1, 0);
    uint32_t w[8];
    tmt_make_tic(&d, VA, w);
    GLuint tex;
    GLenum target;
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
    const uint8_t px[4] = {9, 8, 7, 6};
    assert_int_equal(glhle_maxwell_write(e.gpu, VA + tmt_model_at(&m, 0, 0, 5 * 4, 3), px, 4), GLHLE_RESULT_OK);
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
    assert_int_equal(e.gpu->render->stats.texture_loads, 2);
    uint8_t *img = level_image(&e, tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, 64 * 8 * 4);
    assert_memory_equal(img + (3 * 64 + 5) * 4, px, 4);
    free(img);
    /* clear a 64x8 A8B8G8R8 render target at the same address to grey */
    tm_pb pb;
    tm_pb_init(&pb);
    tm_bind_all(&pb);
    const uint32_t ct[7] = {(uint32_t)(VA >> 32), (uint32_t)VA, 64, 8, 0xD5, 0, 1};
    tm_inc(&pb, TM_SUB_3D, 0x0800 / 4, 7, ct);
    tm_set1(&pb, TM_SUB_3D, 0x121c / 4, 1);
    const uint32_t clip[2] = {64u << 16, 8u << 16};
    tm_inc(&pb, TM_SUB_3D, 0x0ff4 / 4, 2, clip);
    const uint32_t grey[4] = {tm_u(0.2f), tm_u(0.2f), tm_u(0.2f), tm_u(1.0f)};
    tm_inc(&pb, TM_SUB_3D, 0x0d80 / 4, 4, grey);
    tm_set1(&pb, TM_SUB_3D, 0x19d0 / 4, 0x3C);
    assert_int_equal(tm_submit(e.gpu, &pb, NULL), GLHLE_RESULT_OK);
    tm_pb_free(&pb);
    /* the target is sampled in place: a view of its image at scale 1, a
     * copy on the GPU scaled, not written back (memory still holds the
     * texel written above, not grey) */
    const uint64_t loads = e.gpu->render->stats.texture_loads;
    const bool scaled = g_scale > 1;
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
    assert_int_equal(e.gpu->render->stats.writebacks, 0);
    assert_int_equal(e.gpu->render->stats.texture_copies, scaled ? 1 : 0);
    assert_int_equal(e.gpu->render->stats.texture_views, scaled ? 0 : 1);
    assert_int_equal(e.gpu->render->stats.texture_loads, loads);
    assert_memory_equal(e.mem + tmt_model_at(&m, 0, 0, 5 * 4, 3), px, 4);
    img = level_image(&e, tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, 64 * 8 * 4);
    const uint8_t g[4] = {51, 51, 51, 255};
    for (uint32_t i = 0; i < 64 * 8; i++)
        assert_memory_equal(img + i * 4, g, 4);
    free(img);
    /* a texture of the same memory in another format of RGBA8's view
     * class (R32UI) reinterprets the bytes in place too: each word is
     * the grey's bytes 0x33 0x33 0x33 0xFF from the lowest address */
    tmt_tic_desc d2 = d;
    d2.components = 0x0F; /* R32 */
    d2.type = 4;          /* UINT */
    tmt_make_tic(&d2, VA, w);
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
    assert_int_equal(e.gpu->render->stats.writebacks, 0);
    assert_int_equal(e.gpu->render->stats.texture_copies + e.gpu->render->stats.texture_views, 2);
    uint32_t *words = (uint32_t *)level_image(&e, tex, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, 64 * 8 * 4);
    for (uint32_t i = 0; i < 64 * 8; i++)
        assert_int_equal(words[i], 0xFF333333u);
    free(words);
    /* a format of another size (G8R8, 16 bits) goes through memory,
     * after a write-back */
    tmt_tic_desc d3 = d;
    d3.components = 0x18; /* G8R8 */
    d3.width = 128;       /* the same 256-byte rows */
    tmt_make_tic(&d3, VA, w);
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
    assert_int_equal(e.gpu->render->stats.writebacks, 1);
    uint32_t word;
    memcpy(&word, e.mem + tmt_model_at(&m, 0, 0, 5 * 4, 3), 4);
    assert_int_equal(word, 0xFF333333u);
    env_free(&e);
}

static void target_sampled_in_place_at_scale_2(void **state)
{
    g_scale = 2;
    coherence_with_cpu_and_render_targets(state);
    g_scale = 0;
}

static void samplers_and_bad_headers(void **state)
{
    env e;
    env_init(&e, *state);
    uint32_t s[8] = {0};
    s[0] = 1u | 2u << 3 | 3u << 6 | 1u << 9 | 3u << 10; /* MIRROR, CLAMP_TO_EDGE, BORDER; compare LEQUAL */
    s[1] = 2u | 2u << 4 | 2u << 6;                       /* mag LINEAR, min LINEAR, mip POINT */
    s[2] = (2u << 8) | (5u << 8) << 12;                 /* min LOD 2.0, max LOD 5.0 (8 fraction bits) */
    const float border[4] = {0.25f, 0.5f, 0.75f, 1.0f};
    memcpy(&s[4], border, sizeof border);
    GLuint smp;
    assert_int_equal(mw_sampler_get(e.gpu->render, s, &smp), GLHLE_RESULT_OK);
    const GladGLContext *gl = &e.ctx->gl;
    GLint v;
    gl->GetSamplerParameteriv(smp, GL_TEXTURE_WRAP_S, &v);
    assert_int_equal(v, GL_MIRRORED_REPEAT);
    gl->GetSamplerParameteriv(smp, GL_TEXTURE_WRAP_T, &v);
    assert_int_equal(v, GL_CLAMP_TO_EDGE);
    gl->GetSamplerParameteriv(smp, GL_TEXTURE_WRAP_R, &v);
    assert_int_equal(v, GL_CLAMP_TO_BORDER);
    gl->GetSamplerParameteriv(smp, GL_TEXTURE_MIN_FILTER, &v);
    assert_int_equal(v, GL_LINEAR_MIPMAP_NEAREST);
    gl->GetSamplerParameteriv(smp, GL_TEXTURE_COMPARE_FUNC, &v);
    assert_int_equal(v, GL_LEQUAL);
    GLfloat f[4];
    gl->GetSamplerParameterfv(smp, GL_TEXTURE_MIN_LOD, f);
    assert_true(f[0] == 2.0f);
    gl->GetSamplerParameterfv(smp, GL_TEXTURE_MAX_LOD, f);
    assert_true(f[0] == 5.0f);
    gl->GetSamplerParameterfv(smp, GL_TEXTURE_BORDER_COLOR, f);
    assert_memory_equal(f, border, sizeof border);
    GLuint again;
    assert_int_equal(mw_sampler_get(e.gpu->render, s, &again), GLHLE_RESULT_OK);
    assert_int_equal(again, smp);
    /* bad headers: no format, memory not mapped */
    tmt_tic_desc d = {.components = 0x00, .type = 2, .texture_type = 1, .width = 8, .height = 8, .levels = 1};
    uint32_t w[8];
    tmt_make_tic(&d, VA, w);
    GLuint tex;
    GLenum target;
    assert_int_not_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
    d.components = 0x08;
    tmt_make_tic(&d, 0x0700000000ull, w);
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(e.gpu->render->tex_count, 0);
    env_free(&e);
}

/* Headers whose memory kind does not suit their layout are refused with
 * the address (and, through mw_texture_get_at, the header's pool index),
 * nothing kept, and the instance goes on: a pitch header over block-linear-
 * kind memory, a block-linear one over pitch-kind memory, one straddling
 * the end of a mapping; a texture over the limit of the GL's size. */
static void mis_kinded_and_oversized_headers(void **state)
{
    env e;
    env_init(&e, *state);
    tmt_tic_desc d = {.components = 0x08, .type = 2, .texture_type = 1, .width = 16, .height = 8, .levels = 1,
                      .pitch = true, .pitch_bytes = 64};
    uint32_t w[8];
    GLuint tex;
    GLenum target;
    tmt_make_tic(&d, VA, w);
    ts_log_clear();
    assert_int_equal(mw_texture_get_at(e.gpu->render, w, 17, &tex, &target), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("a pitch texture in block-linear-kind memory"));
    assert_true(ts_log_contains("0x0500000000"));
    assert_true(ts_log_contains("texture header 17 refused"));
    d.pitch = false;
    tmt_make_tic(&d, VA_PITCH, w);
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("a block-linear texture in pitch-kind memory"));
    /* the last 64 KiB of the pitch mapping and past it: not all mapped */
    d.pitch = true;
    d.height = 2048;
    tmt_make_tic(&d, VA_PITCH + (1u << 20) - (64u << 10), w);
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OUT_OF_BOUNDS);
    /* wider than the GL allows */
    const int32_t max = e.ctx->info.max_texture_size;
    if (max > 0 && max < 65536) {
        d.width = (uint32_t)max + 1;
        d.height = 1;
        d.pitch_bytes = (((uint32_t)max + 1) * 4 + 31) & ~31u;
        tmt_make_tic(&d, VA_PITCH, w);
        assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_LIMIT_EXCEEDED);
    }
    assert_int_equal(e.gpu->render->tex_count, 0);
    /* the instance goes on: a good header loads */
    d = (tmt_tic_desc){.components = 0x08, .type = 2, .texture_type = 1, .width = 16, .height = 8, .levels = 1,
                       .pitch = true, .pitch_bytes = 64};
    tmt_make_tic(&d, VA_PITCH, w);
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
    env_free(&e);
}

/* A ONE_D_BUFFER header (HEADER_VERSION 0; WIDTH_MINUS_ONE split over
 * 111:96 high and 143:128 low, the address in 63:32 and 79:64): 1000 R32F
 * texels in a GL buffer texture holding the guest's bytes, reloaded after a
 * CPU write; a packed format with no buffer-texture twin is refused. */
static void buffer_texture(void **state)
{
    env e;
    env_init(&e, *state);
    const uint32_t n = 1000;
    for (uint32_t i = 0; i < n; i++) {
        const float f = (float)i * 0.5f;
        memcpy(e.pitch + 4 * i, &f, 4);
    }
    uint32_t w[8] = {0};
    tmt_field(w, 6, 0, 0x0F);     /* R32 */
    for (unsigned c = 0; c < 4; c++) {
        tmt_field(w, 9 + 3 * c, 7 + 3 * c, 7); /* FLOAT */
        tmt_field(w, 21 + 3 * c, 19 + 3 * c, TMT_SRC_R + c);
    }
    tmt_field(w, 63, 32, VA_PITCH & 0xFFFFFFFF);
    tmt_field(w, 79, 64, VA_PITCH >> 32);
    tmt_field(w, 87, 85, 0);      /* ONE_D_BUFFER */
    tmt_field(w, 111, 96, (n - 1) >> 16);
    tmt_field(w, 143, 128, (n - 1) & 0xFFFF);
    tmt_field(w, 154, 151, 6);    /* ONE_D_BUFFER type */
    GLuint tex;
    GLenum target;
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
    assert_int_equal(target, GL_TEXTURE_BUFFER);
    const GladGLContext *gl = &e.ctx->gl;
    GLint buf = 0, format = 0, size = 0;
    gl->GetTextureLevelParameteriv(tex, 0, GL_TEXTURE_BUFFER_DATA_STORE_BINDING, &buf);
    gl->GetTextureLevelParameteriv(tex, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
    gl->GetTextureLevelParameteriv(tex, 0, GL_TEXTURE_BUFFER_SIZE, &size);
    assert_int_not_equal(buf, 0);
    assert_int_equal(format, GL_R32F);
    assert_int_equal(size, 4 * n);
    float *got = malloc(4 * n);
    gl->GetNamedBufferSubData((GLuint)buf, 0, 4 * n, got);
    for (uint32_t i = 0; i < n; i++)
        if (got[i] != (float)i * 0.5f)
            fail_msg("buffer texel %u is %g", i, (double)got[i]);
    const float f = -3.0f;
    assert_int_equal(glhle_maxwell_write(e.gpu, VA_PITCH + 4 * 777, &f, 4), GLHLE_RESULT_OK);
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
    gl->GetNamedBufferSubData((GLuint)buf, 4 * 777, 4, got);
    assert_true(got[0] == -3.0f);
    free(got);
    tmt_field(w, 6, 0, 0x21); /* B10G11R11F: no buffer-texture format */
    assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_UNSUPPORTED);
    env_free(&e);
}

/* ---- draws that sample (the corpus' passthrough_vsh + texture_fsh and
 * tex_int_fsh through the draw path; skip without the corpus) ---- */

#define RW TMD_RECTS_W
#define RH TMD_RECTS_H

/* Header `index` and sampler 0 of the pools at data + TMD_TIC / TMD_TSC,
 * named by SET_TEX_HEADER_POOL / SET_TEX_SAMPLER_POOL. */
static void pools(tmd_rects *e, const uint32_t *tics, uint32_t n, const uint32_t tsc[8])
{
    memcpy(e->data + TMD_TIC, tics, 32 * (size_t)n);
    memcpy(e->data + TMD_TSC, tsc, 32);
    const uint64_t tic_va = TMD_RECTS_DATA_VA + TMD_TIC, tsc_va = TMD_RECTS_DATA_VA + TMD_TSC;
    tmd_set(e, 0x1574, (uint32_t)(tic_va >> 32));
    tmd_set(e, 0x1578, (uint32_t)tic_va);
    tmd_set(e, 0x157c, 15);
    tmd_set(e, 0x155c, (uint32_t)(tsc_va >> 32));
    tmd_set(e, 0x1560, (uint32_t)tsc_va);
    tmd_set(e, 0x1564, 15);
}

/* the test texture's texel (i, j), RGBA8 */
static void rect_texel(uint32_t i, uint32_t j, uint8_t out[4])
{
    out[0] = (uint8_t)(i * 12 + 3);
    out[1] = (uint8_t)(j * 20 + 5);
    out[2] = (uint8_t)((i * 7 + j * 13) & 0xFF);
    out[3] = (uint8_t)(255 - i);
}

/* Texel coordinates: a 20x12 texture whose header clears NORMALIZED_COORDS
 * (or whose sampler forces FORCE_UNNORMALIZED_COORDS) sampled, nearest and
 * clamped to the edge, at uv = pixel centre / 2 over the 32x32 target:
 * pixel (x, y) shows texel (min(x / 2, 19), min(y / 2, 11)). Treated as
 * normalised, every uv past 1 would clamp to the last column and row. */
static void unnormalized_coordinates(void **state)
{
    enum { TW = 20, TH = 12 };
    const uint64_t tex_va = TMD_RECTS_RT_VA + 0x200000;
    for (int by_sampler = 0; by_sampler < 2; by_sampler++) {
        tmd_rects e;
        const float black[4] = {0, 0, 0, 0};
        if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "texture_fsh", black))
            skip();
        const tmt_tic_desc td = {.components = 0x08, .type = 2, .texture_type = 1, .width = TW, .height = TH,
                                 .levels = 1, .bh = 1};
        tmt_model m;
        tmt_model_init(&m, TW, TH, 1, 4, 1, td.bh);
        for (uint32_t j = 0; j < TH; j++)
            for (uint32_t i = 0; i < TW; i++) {
                uint8_t t[4];
                rect_texel(i, j, t);
                memcpy(e.rt + (tex_va - TMD_RECTS_RT_VA) + tmt_model_at(&m, 0, 0, i * 4, j), t, 4);
            }
        uint32_t tic[8];
        tmt_make_tic(&td, tex_va, tic);
        uint32_t tsc[8] = {2u | 2u << 3 | 2u << 6, 1u | 1u << 4 | 1u << 6, 0, 0, 0, 0, 0, 0};
        if (by_sampler)
            tsc[1] |= 1u << 25;          /* FLOAT_COORD_NORMALIZATION: FORCE_UNNORMALIZED_COORDS */
        else
            tmt_field(tic, 191, 191, 0); /* NORMALIZED_COORDS clear */
        pools(&e, tic, 1, tsc);
        /* one triangle over the target: NDC (-1, -1), (3, -1), (-1, 3) are
         * pixels (0, 0), (64, 0), (0, 64); uv (the colour's xy) pixel / 2 */
        const float uv[3][4] = {{0, 0, 0, 1}, {32, 0, 0, 1}, {0, 32, 0, 1}};
        tmd_vertex(&e, -1, -1, 0, uv[0]);
        tmd_vertex(&e, 3, -1, 0, uv[1]);
        tmd_vertex(&e, -1, 3, 0, uv[2]);
        tmd_set(&e, 0x1214, 0u | 3u << 16 | 4u << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END: 3, TRIANGLES */
        tmd_submit(&e, 1);
        uint32_t bad = 0;
        for (uint32_t y = 0; y < RH; y++)
            for (uint32_t x = 0; x < RW; x++) {
                uint8_t want[4];
                rect_texel(x / 2 < TW ? x / 2 : TW - 1, y / 2 < TH ? y / 2 : TH - 1, want);
                const uint8_t *got = e.rt + mwt_bl_offset(RW * 4, RH, 1, 0, x * 4, y, 0);
                if (memcmp(got, want, 4)) {
                    if (bad < 4)
                        print_message("  %s: pixel (%u, %u) is %u %u %u %u, want %u %u %u %u\n",
                                      by_sampler ? "sampler" : "header", x, y, got[0], got[1], got[2], got[3],
                                      want[0], want[1], want[2], want[3]);
                    bad++;
                }
            }
        if (bad)
            fail_msg("unnormalised coordinates (%s): %u pixels differ", by_sampler ? "sampler" : "header", bad);
        tmd_rects_close(&e);
    }
}

/* The draw reads the texture handles of the slots a program samples and
 * no others (draw.c read_textures). texture_fsh samples pixel slot 0 (its
 * handle at c0[0x690], the deko3d layout) over a whole 32x32 target; the
 * pool holds header 0 (an 8x8 2D texture of colour A), header 1 (B) and
 * header 2 (a 3D texture). Draw 1 shows A. Before draw 2 the CPU points
 * slot 0 at header 1 and the unused slot 5 at the 3D header: draw 2 shows
 * B, and no new program is made (slot 5's kind is not in the key once its
 * handle is not read: read, the 3D kind makes a second program of the same
 * code). Before draw 3 the CPU rewrites header 1 to name A's memory: the
 * used slot's header is read again, draw 3 shows A. */
static void unused_slots_not_read(void **state)
{
    tmd_rects e;
    const float black[4] = {0, 0, 0, 0};
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "texture_fsh", black))
        skip();
    const uint64_t tex_va[2] = {TMD_RECTS_RT_VA + 0x200000, TMD_RECTS_RT_VA + 0x210000};
    const uint8_t colour[2][4] = {{200, 40, 10, 255}, {20, 90, 250, 128}};
    for (uint32_t t = 0; t < 2; t++)
        for (uint32_t i = 0; i < 8 * 8; i++) /* one colour: every texel whatever the layout */
            memcpy(e.rt + (tex_va[t] - TMD_RECTS_RT_VA) + 4 * i, colour[t], 4);
    const tmt_tic_desc td = {.components = 0x08, .type = 2, .texture_type = 1, .width = 8, .height = 8,
                             .levels = 1, .bh = 1};
    tmt_tic_desc td3 = td;
    td3.texture_type = 2; /* 3D */
    td3.depth = 1;
    uint32_t tic[3][8];
    tmt_make_tic(&td, tex_va[0], tic[0]);
    tmt_make_tic(&td, tex_va[1], tic[1]);
    tmt_make_tic(&td3, tex_va[0], tic[2]);
    const uint32_t tsc[8] = {2u | 2u << 3 | 2u << 6, 1u | 1u << 4 | 1u << 6, 0, 0, 0, 0, 0, 0};
    pools(&e, &tic[0][0], 3, tsc);
    const float uv[4] = {0.5f, 0.5f, 0, 1};
    tmd_vertex(&e, -1, -1, 0, uv);
    tmd_vertex(&e, 3, -1, 0, uv);
    tmd_vertex(&e, -1, 3, 0, uv);
    const uint64_t handles = TMD_RECTS_DATA_VA + TMD_CBUF0 + 0x690;
    for (uint32_t draw = 0; draw < 3; draw++) {
        if (draw == 1) {
            const uint32_t h0 = 1, h5 = 2;
            assert_int_equal(glhle_maxwell_write(e.gpu, handles, &h0, 4), GLHLE_RESULT_OK);
            assert_int_equal(glhle_maxwell_write(e.gpu, handles + 5 * 4, &h5, 4), GLHLE_RESULT_OK);
        } else if (draw == 2) {
            uint32_t t1[8];
            tmt_make_tic(&td, tex_va[0], t1);
            assert_int_equal(glhle_maxwell_write(e.gpu, TMD_RECTS_DATA_VA + TMD_TIC + 32, t1, 32), GLHLE_RESULT_OK);
        }
        tmd_set(&e, 0x1214, 0u | 3u << 16 | 4u << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END: 3, TRIANGLES */
        tmd_submit(&e, 1);
        const uint8_t *want = colour[draw == 1];
        uint32_t bad = 0;
        for (uint32_t y = 0; y < RH; y++)
            for (uint32_t x = 0; x < RW; x++) {
                const uint8_t *got = e.rt + mwt_bl_offset(RW * 4, RH, 1, 0, x * 4, y, 0);
                if (memcmp(got, want, 4) && bad++ < 2)
                    print_message("  draw %u: pixel (%u, %u) is %u %u %u %u, want %u %u %u %u\n", draw + 1, x, y,
                                  got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
            }
        if (bad)
            fail_msg("draw %u: %u pixels are not texture %c's colour", draw + 1, bad, draw == 1 ? 'B' : 'A');
        if (draw == 0)
            assert_int_equal(e.gpu->render->stats.programs, 1);
    }
    assert_int_equal(e.gpu->render->stats.programs, 1);
    tmd_rects_close(&e);
}

/* The draw path reuses its last program key, and the texture handles,
 * headers and samplers it read, while nothing they came from changed
 * (draw.c key_cache); these changes, each between two draws of one
 * submission (no public call between, so only the engines' writes and the
 * state's dirty bits can tell the draw path), must each show in the next
 * draw. texture_fsh samples pixel slot 0 (its handle at c0[0x690]) in four
 * strips of rows 8 k .. 8 k + 7: strip 0 with handle 0 (header 0:
 * colour A); LOAD_CONSTANT_BUFFER sets the handle to 1 (header 1: B) for
 * strip 1; an inline-to-memory copy rewrites header 1 to name C's memory
 * for strip 2; SET_PIPELINE_PROGRAM(5) moves the pixel stage to a copy of
 * color_fsh for strip 3, which shows the vertex colour (1, 0, 1, 1). */
static void key_reuse_sees_changes(void **state)
{
    tmd_rects e;
    const float black[4] = {0, 0, 0, 0};
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "texture_fsh", black))
        skip();
    tmc_shader color;
    assert_true(tmc_load("color_fsh", &color));
    memcpy(e.data + TMD_GS_OFF, color.sph, 0x50); /* the geometry stage's room: unused here */
    memcpy(e.data + TMD_GS_OFF + 0x50, color.code, color.words * 8);
    const uint64_t tex_va[3] = {TMD_RECTS_RT_VA + 0x200000, TMD_RECTS_RT_VA + 0x210000, TMD_RECTS_RT_VA + 0x220000};
    const uint8_t colour[4][4] = {{200, 40, 10, 255}, {20, 90, 250, 128}, {60, 160, 30, 200}, {255, 0, 255, 255}};
    for (uint32_t t = 0; t < 3; t++)
        for (uint32_t i = 0; i < 8 * 8; i++) /* one colour: every texel whatever the layout */
            memcpy(e.rt + (tex_va[t] - TMD_RECTS_RT_VA) + 4 * i, colour[t], 4);
    const tmt_tic_desc td = {.components = 0x08, .type = 2, .texture_type = 1, .width = 8, .height = 8,
                             .levels = 1, .bh = 1};
    uint32_t tic[2][8], tic_c[8];
    tmt_make_tic(&td, tex_va[0], tic[0]);
    tmt_make_tic(&td, tex_va[1], tic[1]);
    tmt_make_tic(&td, tex_va[2], tic_c);
    const uint32_t tsc[8] = {2u | 2u << 3 | 2u << 6, 1u | 1u << 4 | 1u << 6, 0, 0, 0, 0, 0, 0};
    pools(&e, &tic[0][0], 2, tsc);
    const float magenta[4] = {1, 0, 1, 1}; /* texture_fsh's uv: (1, 0), clamped, one colour anyway */
    for (uint32_t k = 0; k < 4; k++) {
        const uint32_t first = tmd_rect(&e, 0, 8.0f * k, RW, 8.0f * (k + 1), 0, magenta, false);
        if (k == 1) {
            const uint64_t c0 = TMD_RECTS_DATA_VA + TMD_CBUF0;
            tmd_set(&e, 0x2380, TMD_CBUF_SIZE); /* SET_CONSTANT_BUFFER_SELECTOR_A/B/C: c0 */
            tmd_set(&e, 0x2384, (uint32_t)(c0 >> 32));
            tmd_set(&e, 0x2388, (uint32_t)c0);
            tmd_set(&e, 0x238c, 0x690); /* LOAD_CONSTANT_BUFFER_OFFSET: pixel slot 0's handle */
            tmd_set(&e, 0x2390, 1);     /* LOAD_CONSTANT_BUFFER(0): header 1, sampler 0 */
        } else if (k == 2) {
            const uint64_t dst = TMD_RECTS_DATA_VA + TMD_TIC + 32;
            /* LINE_LENGTH_IN, LINE_COUNT, OFFSET_OUT_UPPER, OFFSET_OUT (clb197.h 0x0180-0x018c) */
            const uint32_t i2m[4] = {32, 1, (uint32_t)(dst >> 32), (uint32_t)dst};
            tm_inc(&e.pb, TM_SUB_3D, 0x0180 / 4, 4, i2m);
            tm_immd(&e.pb, TM_SUB_3D, 0x01b0 / 4, 1u | 1u << 4); /* LAUNCH_DMA: PITCH, FLUSH_ONLY */
            tm_noninc(&e.pb, TM_SUB_3D, 0x01b4 / 4, 8, tic_c);  /* LOAD_INLINE_DATA: header 1 names C */
        } else if (k == 3) {
            tmd_set(&e, 0x2004 + 5 * 64, TMD_GS_OFF); /* SET_PIPELINE_PROGRAM(5): color_fsh */
        }
        tmd_set(&e, 0x1214, first | 6u << 16 | 4u << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END: 6, TRIANGLES */
    }
    tmd_submit(&e, 4);
    uint32_t bad = 0;
    for (uint32_t y = 0; y < RH; y++)
        for (uint32_t x = 0; x < RW; x++) {
            const uint8_t *want = colour[y / 8], *got = e.rt + mwt_bl_offset(RW * 4, RH, 1, 0, x * 4, y, 0);
            if (memcmp(got, want, 4) && bad++ < 4)
                print_message("  strip %u: pixel (%u, %u) is %u %u %u %u, want %u %u %u %u\n", y / 8, x, y, got[0],
                              got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
        }
    if (bad)
        fail_msg("%u pixels are not their strip's colour: a draw reused a key its state or memory changed", bad);
    assert_int_equal(e.gpu->render->stats.programs, 2); /* texture_fsh's, color_fsh's */
    tmc_free(&color);
    tmd_rects_close(&e);
}

/* The fixed-function state and the vertex array the draw before set are
 * kept while their registers do not change (draw.c raster_cache,
 * vertex_cache); these changes, each between two draws of one submission,
 * must each show. passthrough_vsh + color_fsh draw four strips of rows
 * 8 k .. 8 k + 7 over the cleared (0, 0, 0, 0) target: strip 0 red; strip
 * 1 green with scissor 0 on over x < 16; strip 2 white with the scissor
 * off and SET_CT_WRITE(0) writing R and G only; strip 3 with all four
 * written again and attribute 1 (the colour) moved to stream 2, which
 * holds blue where stream 1 holds magenta. */
static void state_reuse_sees_changes(void **state)
{
    tmd_rects e;
    const float black[4] = {0, 0, 0, 0};
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", black))
        skip();
    const float rgba[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {1, 1, 1, 1}, {1, 0, 1, 1}};
    /* stream 2 enabled from the start (attribute 2, which the program
     * does not read, takes it): only attribute 1's register changes */
    float blue[24][4];
    for (uint32_t i = 0; i < 24; i++)
        memcpy(blue[i], (const float[4]){0, 0, 1, 1}, sizeof blue[i]);
    tmd_attribute(&e.pb, e.data, TMD_RECTS_DATA_VA, 2, 2, &blue[0][0], 24);
    for (uint32_t k = 0; k < 4; k++) {
        const uint32_t first = tmd_rect(&e, 0, 8.0f * k, RW, 8.0f * (k + 1), 0, rgba[k], false);
        if (k == 1) {
            tmd_set(&e, 0x0e00, 1);             /* SET_SCISSOR_ENABLE(0) */
            tmd_set(&e, 0x0e04, 0u | 16u << 16); /* SET_SCISSOR_HORIZONTAL(0): x 0 .. 15 */
            tmd_set(&e, 0x0e08, 0u | RH << 16);  /* SET_SCISSOR_VERTICAL(0): every row */
        } else if (k == 2) {
            tmd_set(&e, 0x0e00, 0);
            tmd_set(&e, 0x1a00, 0x0011); /* SET_CT_WRITE(0): R, G */
        } else if (k == 3) {
            tmd_set(&e, 0x1a00, 0x1111);
            tmd_set(&e, 0x1160 + 1 * 4, 2u | 1u << 21 | 7u << 27); /* ATTRIBUTE_A(1): stream 2, RGBA32F */
        }
        tmd_set(&e, 0x1214, first | 6u << 16 | 4u << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END: 6, TRIANGLES */
    }
    tmd_submit(&e, 4);
    uint32_t bad = 0;
    for (uint32_t y = 0; y < RH; y++)
        for (uint32_t x = 0; x < RW; x++) {
            static const uint8_t want_of[4][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}, {255, 255, 0, 0},
                                                  {0, 0, 255, 255}};
            const uint8_t none[4] = {0, 0, 0, 0};
            const uint8_t *want = y / 8 == 1 && x >= 16 ? none : want_of[y / 8];
            const uint8_t *got = e.rt + mwt_bl_offset(RW * 4, RH, 1, 0, x * 4, y, 0);
            if (memcmp(got, want, 4) && bad++ < 4)
                print_message("  strip %u: pixel (%u, %u) is %u %u %u %u, want %u %u %u %u\n", y / 8, x, y, got[0],
                              got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
        }
    if (bad)
        fail_msg("%u pixels are not their strip's colour: a draw kept state its registers changed", bad);
    tmd_rects_close(&e);
}

/* The constant buffers' UBOs and bindings are kept while nothing they
 * come from changes (draw.c cbuf_cache); these changes, each between two
 * draws, must each show. passthrough_vsh + ubo_dynamic_fsh (corpus: binding
 * 0 = c2, binding 3 = c5; with c5 all zeros its lights add nothing and the
 * colour is (ambient.rgb * 0.5, 0.5)) draw five strips of rows 6 k .. 6 k
 * + 5 with ambient a[k]: strip 1's through LOAD_CONSTANT_BUFFER into the
 * bound c2 (the selector already on it, no binding changed), strip 2's
 * through an inline-to-memory write over it, strip 3's by binding c2 to
 * another buffer, strip 4's by the CPU (glhle_maxwell_write) into that one
 * between two submissions with no register changed. */
static void cbuf_reuse_sees_changes(void **state)
{
    tmd_rects e;
    const float black[4] = {0, 0, 0, 0};
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "ubo_dynamic_fsh", black))
        skip();
    /* ambient channel 2 n / 255 is written as n / 255 */
    static const uint8_t n[5][3] = {{100, 40, 10}, {20, 90, 120}, {60, 100, 30}, {127, 0, 127}, {10, 120, 60}};
    float a[5][4];
    uint32_t w[5][4];
    for (uint32_t k = 0; k < 5; k++) {
        for (uint32_t c = 0; c < 3; c++)
            a[k][c] = 2.0f * n[k][c] / 255.0f;
        a[k][3] = 1;
        memcpy(w[k], a[k], sizeof w[k]);
    }
    const uint32_t c2a = 0x24000, c2b = 0x26000, c5 = 0x22000; /* free room of the data region; c5 zeros */
    memcpy(e.data + c2a, a[0], sizeof a[0]);
    memcpy(e.data + c2b, a[3], sizeof a[3]);
    tmd_constant_buffer(&e.pb, 4, 5, TMD_RECTS_DATA_VA + c5);
    tmd_constant_buffer(&e.pb, 4, 2, TMD_RECTS_DATA_VA + c2a); /* last: the selector stays on c2a */
    const float grey[4] = {0.5f, 0.5f, 0.5f, 1};
    for (uint32_t k = 0; k < 4; k++) {
        const uint32_t first = tmd_rect(&e, 0, 6.0f * k, RW, 6.0f * (k + 1), 0, grey, false);
        if (k == 1) {
            tmd_set(&e, 0x238c, 0); /* LOAD_CONSTANT_BUFFER_OFFSET */
            for (uint32_t i = 0; i < 4; i++)
                tmd_set(&e, 0x2390 + 4 * i, w[1][i]); /* LOAD_CONSTANT_BUFFER(i) */
        } else if (k == 2) {
            const uint64_t dst = TMD_RECTS_DATA_VA + c2a;
            /* LINE_LENGTH_IN, LINE_COUNT, OFFSET_OUT_UPPER, OFFSET_OUT (clb197.h 0x0180-0x018c) */
            const uint32_t i2m[4] = {16, 1, (uint32_t)(dst >> 32), (uint32_t)dst};
            tm_inc(&e.pb, TM_SUB_3D, 0x0180 / 4, 4, i2m);
            tm_immd(&e.pb, TM_SUB_3D, 0x01b0 / 4, 1u | 1u << 4); /* LAUNCH_DMA: PITCH, FLUSH_ONLY */
            tm_noninc(&e.pb, TM_SUB_3D, 0x01b4 / 4, 4, w[2]);   /* LOAD_INLINE_DATA */
        } else if (k == 3) {
            tmd_constant_buffer(&e.pb, 4, 2, TMD_RECTS_DATA_VA + c2b);
        }
        tmd_set(&e, 0x1214, first | 6u << 16 | 4u << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END: 6, TRIANGLES */
    }
    tmd_submit(&e, 4);
    assert_int_equal(glhle_maxwell_write(e.gpu, TMD_RECTS_DATA_VA + c2b, a[4], sizeof a[4]), GLHLE_RESULT_OK);
    const uint32_t first = tmd_rect(&e, 0, 24, RW, 30, 0, grey, false);
    tmd_set(&e, 0x1214, first | 6u << 16 | 4u << 28);
    tmd_submit(&e, 1);
    uint32_t bad = 0;
    for (uint32_t y = 0; y < RH; y++)
        for (uint32_t x = 0; x < RW; x++) {
            const uint32_t k = y / 6;
            /* 0.5 of unorm8 is 127 or 128 (GL 4.6 2.3.5.2 leaves the rounding to the GL) */
            const uint8_t *got = e.rt + mwt_bl_offset(RW * 4, RH, 1, 0, x * 4, y, 0);
            bool ok = k < 5 ? got[3] == 127 || got[3] == 128 : got[3] == 0;
            for (uint32_t c = 0; c < 3; c++)
                ok = ok && (k < 5 ? abs((int)got[c] - n[k][c]) <= 1 : got[c] == 0);
            if (!ok && bad++ < 4)
                print_message("  strip %u: pixel (%u, %u) is %u %u %u %u, want %u %u %u 128\n", k, x, y, got[0],
                              got[1], got[2], got[3], k < 5 ? n[k][0] : 0, k < 5 ? n[k][1] : 0, k < 5 ? n[k][2] : 0);
        }
    if (bad)
        fail_msg("%u pixels are not their strip's colour: a draw kept a constant buffer that changed", bad);
    tmd_rects_close(&e);
}

/* A flush of one range writes back only the GPU-dirty surfaces there and
 * narrows the render cache's range of GPU-dirty memory (render_targets.c
 * mw_render_flush_walk, dirty_lo/dirty_hi) to the ones still dirty; a later
 * flush of another must still find those. passthrough_vsh + color_fsh fill
 * target A red and target B (1 MiB further) green in one submission, with
 * no flush; then A is flushed, then B: both memories must hold their
 * colour. */
static void flush_sees_each_dirty_surface(void **state)
{
    tmd_rects e;
    const float black[4] = {0, 0, 0, 0};
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", black))
        skip();
    const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
    const uint64_t b_off = 0x100000;
    uint32_t first = tmd_rect(&e, 0, 0, RW, RH, 0, red, false);
    tmd_set(&e, 0x1214, first | 6u << 16 | 4u << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END: 6, TRIANGLES */
    tmd_target(&e.pb, TMD_RECTS_RT_VA + b_off, RW, RH, 0xD5);
    first = tmd_rect(&e, 0, 0, RW, RH, 0, green, false);
    tmd_set(&e, 0x1214, first | 6u << 16 | 4u << 28);
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.draws, 2);
    assert_int_equal(glhle_maxwell_flush(e.gpu, TMD_RECTS_RT_VA, b_off), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_flush(e.gpu, TMD_RECTS_RT_VA + b_off, b_off), GLHLE_RESULT_OK);
    const uint8_t want[2][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}};
    uint32_t bad = 0;
    for (uint32_t t = 0; t < 2; t++)
        for (uint32_t y = 0; y < RH; y++)
            for (uint32_t x = 0; x < RW; x++) {
                const uint8_t *got = e.rt + t * b_off + mwt_bl_offset(RW * 4, RH, 1, 0, x * 4, y, 0);
                if (memcmp(got, want[t], 4) && bad++ < 4)
                    print_message("  target %c: pixel (%u, %u) is %u %u %u %u\n", "AB"[t], x, y, got[0], got[1],
                                  got[2], got[3]);
            }
    if (bad)
        fail_msg("%u pixels are not their target's colour in memory: a flush missed a GPU-dirty surface", bad);
    tmd_rects_close(&e);
}

/* A render target sampled by a later draw with no write-back between: in
 * one submission draw 1 (passthrough_vsh + color_fsh) clears the 32x32
 * A8B8G8R8 target A to C0 and fills pixels [0, 6) x [0, 20) with C1; draw
 * 2 (tex_int_fsh) renders into an RGBA32UI target B sampling A through
 * two headers of A's memory in other formats of its view class -- header
 * 0 A8B8G8R8 SINT (isampler2D, texture() at the pixel's own texel),
 * header 1 A8B8G8R8 UINT (usampler2D, texelFetch at pixel / 4). B must
 * hold outValue = uvec4(i.xy + 1000, u.zw) + uvec4(0, 0, uint(i.z) * 3,
 * u.x) of A's bytes as the test computes them, while A's memory is still
 * zero (nothing was written back) -- a view of A's image at scale 1, a
 * copy on the GPU at scale 2 (through a scratch image of A's format).
 * At scale 2 texelFetch at gl_FragCoord / 4 must name the same texels:
 * the translated shader sees the guest's pixel grid (mw_spirv_key
 * frag_coord_scale; with gl_FragCoord at the internal resolution z and w
 * differ in 3/4 of the pixels).
 * Through guest memory (before textures.c took other formats of the
 * class in place) it costs a write-back. */
static void target_sampled_by_a_later_draw(void **state, uint32_t scale)
{
    const float c0[4] = {0.2f, 0.4f, 0.6f, 0.8f};
    const uint8_t b0[4] = {51, 102, 153, 204};
    const float c1[4] = {200 / 255.0f, 10 / 255.0f, 250 / 255.0f, 1.0f};
    const uint8_t b1[4] = {200, 10, 250, 255};
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, scale, "passthrough_vsh", "color_fsh", c0))
        skip();
    const uint32_t first = tmd_rect(&e, 0, 0, 6, 20, 0, c1, false);
    tmd_set(&e, 0x1214, first | 6u << 16 | 4u << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END: 6, TRIANGLES */
    /* draw 2: programs, constants and vertices in a second copy of the
     * data layout, past the first (TMD_DATA_SIZE on) */
    const uint64_t b_va = TMD_RECTS_RT_VA + 0x100000;
    const uint32_t off2 = TMD_DATA_SIZE;
    tmc_shader fs2;
    assert_true(tmc_load("tex_int_fsh", &fs2));
    tmd_target(&e.pb, b_va, RW, RH, 0xC2); /* RU32_GU32_BU32_AU32 */
    tmd_programs(&e.pb, e.data + off2, TMD_RECTS_DATA_VA + off2, &e.vs, &fs2);
    const uint32_t handle1 = 1; /* header 1, sampler 0 */
    memcpy(e.data + off2 + TMD_CBUF0 + tmc_tex_handle_offset(MW_SPIRV_FRAGMENT) + 4, &handle1, 4);
    const tmt_tic_desc ts = {.components = 0x08, .type = 3, .texture_type = 1, .width = RW, .height = RH,
                             .levels = 1, .bh = 1};
    tmt_tic_desc tu = ts;
    tu.type = 4;
    uint32_t tics[16];
    tmt_make_tic(&ts, TMD_RECTS_RT_VA, tics);
    tmt_make_tic(&tu, TMD_RECTS_RT_VA, tics + 8);
    const uint32_t tsc[8] = {2u | 2u << 3 | 2u << 6, 1u | 1u << 4 | 1u << 6, 0, 0, 0, 0, 0, 0};
    pools(&e, tics, 2, tsc);
    const float pos[3][4] = {{-1, -1, 0, 1}, {3, -1, 0, 1}, {-1, 3, 0, 1}};
    const float uv[3][4] = {{0, 0, 0, 1}, {2, 0, 0, 1}, {0, 2, 0, 1}};
    tmd_attribute(&e.pb, e.data + off2, TMD_RECTS_DATA_VA + off2, 0, 0, &pos[0][0], 3);
    tmd_attribute(&e.pb, e.data + off2, TMD_RECTS_DATA_VA + off2, 1, 1, &uv[0][0], 3);
    tmd_set(&e, 0x1214, 0u | 3u << 16 | 4u << 28);
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.draws, 2);
    const mw_render_stats *st = &e.gpu->render->stats;
    assert_int_equal(st->writebacks, 0);
    assert_int_equal(st->texture_loads, 0);
    assert_int_equal(scale == 1 ? st->texture_views : st->texture_copies, 2);
    for (uint32_t i = 0; i < RW * RH * 4; i++)
        assert_int_equal(e.rt[i], 0); /* A's memory: never written */
    assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    uint32_t bad = 0;
    for (uint32_t y = 0; y < RH; y++)
        for (uint32_t x = 0; x < RW; x++) {
            const uint8_t *a = x < 6 && y < 20 ? b1 : b0;                       /* A at (x, y) */
            const uint8_t *u = x / 4 < 6 && y / 4 < 20 ? b1 : b0;               /* A at (x, y) / 4 */
            const int32_t i[3] = {(int8_t)a[0], (int8_t)a[1], (int8_t)a[2]};    /* the SINT view */
            const uint32_t want[4] = {(uint32_t)(i[0] + 1000), (uint32_t)(i[1] + 1000),
                                      u[2] + (uint32_t)i[2] * 3u, (uint32_t)u[3] + u[0]};
            uint32_t got[4];
            memcpy(got, e.rt + (b_va - TMD_RECTS_RT_VA) + mwt_bl_offset(RW * 16, RH, 1, 0, x * 16, y, 0), 16);
            if (memcmp(got, want, 16)) {
                if (bad < 4)
                    print_message("  scale %u: pixel (%u, %u) is %u %u %u %u, want %u %u %u %u\n", scale, x, y,
                                  got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
                bad++;
            }
        }
    if (bad)
        fail_msg("scale %u: %u pixels of the second draw differ", scale, bad);
    tmc_free(&fs2);
    tmd_rects_close(&e);
}

static void target_sampled_by_a_later_draw_1x(void **state)
{
    target_sampled_by_a_later_draw(state, 1);
}

static void target_sampled_by_a_later_draw_2x(void **state)
{
    target_sampled_by_a_later_draw(state, 2);
}

/* A view never samples the target its draw writes: draw 1 fills target A
 * (C0, C1 over [0, 6) x [0, 20)); draw 2 samples A (texture_fsh, its own
 * A8B8G8R8 format) into target B -- a view; draw 3 samples A mirrored in
 * x into A itself -- the same header, so the entry is made a copy of A
 * before the draw (through a view it would read pixels the draw is
 * writing). B must equal A after draw 1 and A the mirror of it. */
static void target_sampled_by_its_own_draw(void **state)
{
    const float c0[4] = {0.2f, 0.4f, 0.6f, 0.8f};
    const uint8_t b0[4] = {51, 102, 153, 204};
    const float c1[4] = {200 / 255.0f, 10 / 255.0f, 250 / 255.0f, 1.0f};
    const uint8_t b1[4] = {200, 10, 250, 255};
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", c0))
        skip();
    const uint32_t first = tmd_rect(&e, 0, 0, 6, 20, 0, c1, false);
    tmd_set(&e, 0x1214, first | 6u << 16 | 4u << 28);
    const uint64_t b_va = TMD_RECTS_RT_VA + 0x100000;
    const uint32_t off2 = TMD_DATA_SIZE;
    tmc_shader fs2;
    assert_true(tmc_load("texture_fsh", &fs2));
    tmd_target(&e.pb, b_va, RW, RH, 0xD5);
    tmd_programs(&e.pb, e.data + off2, TMD_RECTS_DATA_VA + off2, &e.vs, &fs2);
    const tmt_tic_desc td = {.components = 0x08, .type = 2, .texture_type = 1, .width = RW, .height = RH,
                             .levels = 1, .bh = 1};
    uint32_t tic[8];
    tmt_make_tic(&td, TMD_RECTS_RT_VA, tic);
    const uint32_t tsc[8] = {2u | 2u << 3 | 2u << 6, 1u | 1u << 4 | 1u << 6, 0, 0, 0, 0, 0, 0};
    pools(&e, tic, 1, tsc);
    /* vertices 0-2: uv = pixel centre / 32; 3-5: u mirrored, 1 - that */
    const float pos[6][4] = {{-1, -1, 0, 1}, {3, -1, 0, 1}, {-1, 3, 0, 1}, {-1, -1, 0, 1}, {3, -1, 0, 1}, {-1, 3, 0, 1}};
    const float uv[6][4] = {{0, 0, 0, 1}, {2, 0, 0, 1}, {0, 2, 0, 1}, {1, 0, 0, 1}, {-1, 0, 0, 1}, {1, 2, 0, 1}};
    tmd_attribute(&e.pb, e.data + off2, TMD_RECTS_DATA_VA + off2, 0, 0, &pos[0][0], 6);
    tmd_attribute(&e.pb, e.data + off2, TMD_RECTS_DATA_VA + off2, 1, 1, &uv[0][0], 6);
    tmd_set(&e, 0x1214, 0u | 3u << 16 | 4u << 28);
    tmd_target(&e.pb, TMD_RECTS_RT_VA, RW, RH, 0xD5);
    tmd_set(&e, 0x1214, 3u | 3u << 16 | 4u << 28);
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.draws, 3);
    const mw_render_stats *st = &e.gpu->render->stats;
    assert_int_equal(st->writebacks, 0);
    assert_int_equal(st->texture_views, 1);
    assert_int_equal(st->texture_copies, 1);
    assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    uint32_t bad = 0;
    for (uint32_t y = 0; y < RH; y++)
        for (uint32_t x = 0; x < RW; x++) {
            const uint8_t *wb = x < 6 && y < 20 ? b1 : b0, *wa = RW - 1 - x < 6 && y < 20 ? b1 : b0;
            const uint8_t *gb = e.rt + (b_va - TMD_RECTS_RT_VA) + mwt_bl_offset(RW * 4, RH, 1, 0, x * 4, y, 0);
            const uint8_t *ga = e.rt + mwt_bl_offset(RW * 4, RH, 1, 0, x * 4, y, 0);
            if (memcmp(gb, wb, 4) || memcmp(ga, wa, 4)) {
                if (bad < 4)
                    print_message("  pixel (%u, %u): B %u %u %u %u (want %u %u %u %u), A %u %u %u %u (want %u %u %u "
                                  "%u)\n", x, y, gb[0], gb[1], gb[2], gb[3], wb[0], wb[1], wb[2], wb[3], ga[0], ga[1],
                                  ga[2], ga[3], wa[0], wa[1], wa[2], wa[3]);
                bad++;
            }
        }
    if (bad)
        fail_msg("%u pixels differ", bad);
    tmc_free(&fs2);
    tmd_rects_close(&e);
}

/* ---- 1D and 1D-array textures sampled by a translated pixel program ---- */

#define T1_W 64u /* target pixels across; one row of results per case */
#define T1_H 4u
#define T1_RT_VA 0x0500000000ull   /* block-linear: targets, then textures at + 2 MiB */
#define T1_DATA_VA 0x0600000000ull /* pitch: programs, constant buffers, pools */
#define T1_MEM (4u << 20)
#define T1_TEX (T1_RT_VA + 0x200000)
#define T1_G (7ull << 16) /* guard predicate PT */
#define T1_RZ 255u

/* Encodings (envydis gm107.c field positions, the ones the corpus listings
 * show: ipa pass a[0x70], fmul32i, f2i ftz s32 f32 trunc, shr, mov32i,
 * tex lb / aoffi, tld, txq dimension, i2f f32 s32); checked here against
 * glhle-maxwell-shader's disassembly when written. TEX/TLD/TXD: Rd 0, Ra 8,
 * Rb 20, type 28-30 (0 1D, 1 1D array), mask 31-34, handle word 36-48,
 * AOFFI 54, LOD mode 55-57 (TEX; 3 LL) or LL 55 (TLD). */
static uint64_t t1_mov32i(uint32_t rd, uint32_t imm) { return 0x0100000000000000ull | 0xfull << 12 | T1_G | (uint64_t)imm << 20 | rd; }
static uint64_t t1_fmul32i(uint32_t rd, uint32_t ra, float f)
{
    uint32_t imm;
    memcpy(&imm, &f, 4);
    return 0x1e00000000000000ull | (uint64_t)imm << 20 | T1_G | ra << 8 | rd;
}
static uint64_t t1_tex(uint32_t ra, uint32_t rb, uint32_t type, uint32_t slot, uint32_t lodm, uint32_t aoffi)
{
    return 0xc038000000000000ull | (uint64_t)lodm << 55 | (uint64_t)aoffi << 54 | (uint64_t)(0x1a4 + slot) << 36 |
           0xfull << 31 | (uint64_t)type << 28 | (uint64_t)rb << 20 | T1_G | ra << 8;
}
static uint64_t t1_tld_ll(uint32_t ra, uint32_t rb, uint32_t type, uint32_t slot)
{
    return 0xdc38000000000000ull | 1ull << 55 | (uint64_t)(0x1a4 + slot) << 36 | 0xfull << 31 | (uint64_t)type << 28 |
           (uint64_t)rb << 20 | T1_G | ra << 8;
}
static uint64_t t1_txd(uint32_t ra, uint32_t rb, uint32_t type, uint32_t slot)
{
    return 0xde38000000000000ull | (uint64_t)(0x1a4 + slot) << 36 | 0xfull << 31 | (uint64_t)type << 28 |
           (uint64_t)rb << 20 | T1_G | ra << 8;
}
static uint64_t t1_txq(uint32_t rd, uint32_t ra, uint32_t slot, uint32_t mask)
{
    return 0xdf48000000000000ull | (uint64_t)(0x1a4 + slot) << 36 | (uint64_t)mask << 31 | 1ull << 22 | T1_G |
           ra << 8 | rd;
}
static uint64_t t1_i2f(uint32_t rd, uint32_t rb) { return 0x5cb8000000072a00ull | (uint64_t)rb << 20 | rd; }
/* Bindless forms and the loads of their handles (envydis gm107.c, yuzu
 * maxwell.inc): LDC ef90, 32 bits (4 at 48-50), Ra RZ, bank 36-40, s16
 * offset 20; MOV c[] 4c98, lane mask 39-42, bank 34-38, word 20-33; TEX.B
 * deb8 (LOD mode 37-39), TLD.B dd38 (LL 55), TXQ.B df50; the handle is
 * TEX.B's and TLD.B's Rb and TXQ.B's Ra, what follows it moves up one
 * register (yuzu texture_fetch.cpp, texture_load.cpp, texture_query.cpp) */
static uint64_t t1_ldc(uint32_t rd, uint32_t off)
{
    return 0xef94000000000000ull | (uint64_t)off << 20 | T1_G | T1_RZ << 8 | rd;
}
static uint64_t t1_ldc3(uint32_t rd, uint32_t off) { return t1_ldc(rd, off) | 3ull << 36; } /* from c3 */
static uint64_t t1_mov_c(uint32_t rd, uint32_t off)
{
    return 0x4c98000000000000ull | 0xfull << 39 | (uint64_t)(off / 4) << 20 | T1_G | rd;
}
static uint64_t t1_tex_b(uint32_t ra, uint32_t rb, uint32_t type, uint32_t lodm)
{
    return 0xdeb8000000000000ull | (uint64_t)lodm << 37 | 0xfull << 31 | (uint64_t)type << 28 | (uint64_t)rb << 20 |
           T1_G | ra << 8;
}
static uint64_t t1_tld_b_ll(uint32_t ra, uint32_t rb, uint32_t type)
{
    return 0xdd38000000000000ull | 1ull << 55 | 0xfull << 31 | (uint64_t)type << 28 | (uint64_t)rb << 20 | T1_G |
           ra << 8;
}
/* TXD.B de78: the handle in Ra, the coordinates from Ra + 1 (yuzu texture_gradient.cpp) */
static uint64_t t1_txd_b(uint32_t ra, uint32_t rb, uint32_t type)
{
    return (t1_txd(ra, rb, type, 0) & ~(0xffffull << 48 | 0x1fffull << 36)) | 0xde78ull << 48;
}
static uint64_t t1_txq_b(uint32_t rd, uint32_t ra, uint32_t mask)
{
    return 0xdf50000000000000ull | (uint64_t)mask << 31 | 1ull << 22 | T1_G | ra << 8 | rd;
}
/* TEXS / TLDS (f32 59, encoding 53-56: 0 1D.LZ, TLDS 1 1D.LL; mask 50-52 =
 * 4 with Rd2 = R2: RGBA into R0, R1, R2, R3) */
static uint64_t t1_texs(uint32_t tlds, uint32_t ra, uint32_t rb, uint32_t enc)
{
    return (tlds ? 0xd200000000000000ull : 0xd000000000000000ull) | 1ull << 59 | (uint64_t)enc << 53 | 4ull << 50 |
           (uint64_t)0x1a4 << 36 | 2ull << 28 | (uint64_t)rb << 20 | T1_G | ra << 8;
}

/* The textures' texels, from this test's data alone: slot 0 a 16-texel 1D
 * texture of 3 levels, slot 1 a 16-texel 1D array of 3 layers and 2 levels,
 * slot 2 an 8-texel 1D texture of one colour (sampled linear, its sampler's
 * V wrap CLAMP_TO_BORDER with a zero border). A8B8G8R8: bytes R G B A. */
static void t1_texel_1d(uint32_t level, uint32_t x, uint8_t out[4])
{
    const uint8_t v[4] = {(uint8_t)(x * 15 + 1), (uint8_t)(60 * level + 20), 0x33, 255};
    memcpy(out, v, 4);
}
static void t1_texel_array(uint32_t layer, uint32_t level, uint32_t x, uint8_t out[4])
{
    const uint8_t v[4] = {(uint8_t)(x * 15 + 2), (uint8_t)(60 * level + 50), (uint8_t)(80 * layer + 30),
                          (uint8_t)(200 + 10 * layer)};
    memcpy(out, v, 4);
}
static const uint8_t t1_flat[4] = {200, 100, 50, 255};

/* One pixel program per case: R4 = gl_FragCoord.x (px + 0.5), R7 = R4 / 64
 * (u, exact), R5 = px, R9 = px >> shift, R6 = R8 = layer, R10 = integer
 * LOD, R11 = float LOD, R12 = offset, R13 / R14 = d/dx, d/dy, R15 = 1, then
 * the case's instructions (results in R0-R3: target 0's RGBA) and EXIT. */
typedef struct t1_case {
    const char *what;
    uint32_t shift, layer, lod_i;
    float lod_f, dx;
    uint32_t offset;
    uint64_t insn[12];
    uint32_t n;
} t1_case;

static void t1_want(uint32_t c, uint32_t px, uint8_t out[4])
{
    switch (c) {
    case 0: t1_texel_1d(0, px / 4, out); break;                  /* texture(): level 0 (magnified) */
    case 1: t1_texel_1d(1, px / 8, out); break;                  /* textureLod 1 */
    case 2: t1_texel_1d(2, px / 16, out); break;                 /* textureLod 2 */
    case 3: t1_texel_array(2, 1, px / 8, out); break;            /* array layer 2, textureLod 1 */
    case 4: t1_texel_array(1, 0, px / 4, out); break;            /* array layer 1, texture() */
    case 5: t1_texel_1d(0, px / 4, out); break;                  /* texelFetch level 0 */
    case 6: t1_texel_1d(2, px / 16, out); break;                 /* texelFetch level 2 */
    case 7: t1_texel_array(1, 1, px / 8, out); break;            /* texelFetch array layer 1 level 1 */
    case 8: memcpy(out, t1_flat, 4); break;                      /* linear; the border never reached */
    case 9: t1_texel_1d(0, px / 4 + 3 < 16 ? px / 4 + 3 : 15, out); break; /* textureOffset +3, clamped */
    case 10: t1_texel_1d(2, px / 16, out); break;                /* textureGrad: 0.25 * 16 texels, level 2 */
    case 12: t1_texel_1d(0, px / 4, out); break;                 /* TEXS 1D.LZ */
    case 13: t1_texel_1d(1, px / 8, out); break;                 /* TLDS 1D.LL level 1 */
    case 14: t1_texel_1d(0, px / 4, out); break;                 /* TLDS 1D.LZ */
    case 15: t1_texel_1d(0, px / 4, out); break;                 /* TEX.B, the handle of slot 0 */
    case 16: memcpy(out, t1_flat, 4); break;                     /* TEX.B, c0[0x69c]: header 2 */
    case 17: t1_texel_1d(1, px / 8, out); break;                 /* TEX.B.LL 1 */
    case 18: t1_texel_1d(2, px / 16, out); break;                /* TLD.B.LL 2 */
    case 20: memcpy(out, t1_flat, 4); break;                     /* TEX.B, c3[0x40]: header 2 */
    case 21: t1_texel_1d(2, px / 16, out); break;                /* TXD.B: as case 10 */
    case 22:                                                     /* case 16 once c0[0x69c] names header 0 */
    case 23: t1_texel_1d(0, px / 4, out); break;                 /* case 20 once c3[0x40] does */
    default: {                                                   /* 11, textureSize: array (16, 3), level 1 of 1D: 8 */
        const uint8_t v[4] = {16, 3, 8, 255};
        memcpy(out, v, 4);
    }
    }
}

/* 1D and 1D-array textures (TIC types ONE_D and ONE_D_ARRAY) drawn through
 * the draw path with translated pixel programs: TEX (implicit LOD and LL),
 * TLD.LL, TEX.AOFFI, TXD and TXQ on both, TEXS and TLDS on 1D, and the
 * bindless TEX.B, TLD.B, TXD.B and TXQ.B with handles loaded from c0 and
 * c3 (LDC, MOV c[]); every pixel of every case against the texels above. Case 16
 * samples the handle at c0[0x69c], a slot no bound instruction names,
 * case 20 the one at c3[0x40], outside the handle buffer (a slot of its
 * own: 0, whose table word names header 0); both name header 2. After the
 * draws the CPU points both at header 0 and draws cases 16 and 20 again
 * (22, 23): the pictures follow the words, so the draw read the handles
 * from those constant buffers. On OpenGL ES (no 1D textures)
 * the same pictures come from 2D stand-ins of height 1
 * (gl_caps_texture_1d_as_2d); case 8 fails there if the program samples
 * the stand-in's row edge instead of its centre. */
static void one_d_textures_drawn(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    tmc_shader vs, hdr;
    assert_true(tmc_load("fullscreen_vsh", &vs));
    assert_true(tmc_load("texel_fetch_fsh", &hdr)); /* its header: reads gl_FragCoord, writes target 0's RGBA */
    uint8_t *rt, *data;
    glhle_maxwell *gpu = tmd_instance(ctx, 1, T1_RT_VA, T1_DATA_VA, T1_MEM, &rt, &data);
    /* the textures, block-linear with one-GOB blocks */
    tmt_model m1, ma, mf;
    tmt_model_init(&m1, 16, 1, 3, 4, 1, 0);
    tmt_model_init(&ma, 16, 1, 2, 4, 1, 0);
    tmt_model_init(&mf, 8, 1, 1, 4, 1, 0);
    const uint64_t at_1d = T1_TEX, at_array = T1_TEX + 0x10000, at_flat = T1_TEX + 0x20000;
    for (uint32_t l = 0; l < 3; l++)
        for (uint32_t x = 0; x < (16u >> l); x++)
            t1_texel_1d(l, x, rt + (at_1d - T1_RT_VA) + tmt_model_at(&m1, 0, l, x * 4, 0));
    for (uint32_t z = 0; z < 3; z++)
        for (uint32_t l = 0; l < 2; l++)
            for (uint32_t x = 0; x < (16u >> l); x++)
                t1_texel_array(z, l, x, rt + (at_array - T1_RT_VA) + tmt_model_at(&ma, z, l, x * 4, 0));
    for (uint32_t x = 0; x < 8; x++)
        memcpy(rt + (at_flat - T1_RT_VA) + tmt_model_at(&mf, 0, 0, x * 4, 0), t1_flat, 4);
    const tmt_tic_desc d1 = {.components = 0x08, .type = 2, .texture_type = 0, .width = 16, .height = 1, .levels = 3};
    const tmt_tic_desc da = {.components = 0x08, .type = 2, .texture_type = 4, .width = 16, .height = 1, .depth = 3,
                             .levels = 2};
    const tmt_tic_desc df = {.components = 0x08, .type = 2, .texture_type = 0, .width = 8, .height = 1, .levels = 1};
    uint32_t tic[3][8];
    tmt_make_tic(&d1, at_1d, tic[0]);
    tmt_make_tic(&da, at_array, tic[1]);
    tmt_make_tic(&df, at_flat, tic[2]);
    memcpy(data + TMD_TIC, tic, sizeof tic);
    /* sampler 0: nearest, nearest mip, clamp to edge, LOD 0-15; sampler 1:
     * linear, no mip, U clamp to edge, V clamp to border (colour 0) */
    const uint32_t tsc[2][8] = {{2u | 2u << 3 | 2u << 6, 1u | 1u << 4 | 2u << 6, (15u << 8) << 12, 0, 0, 0, 0, 0},
                                {2u | 3u << 3 | 2u << 6, 2u | 2u << 4 | 1u << 6, (15u << 8) << 12, 0, 0, 0, 0, 0}};
    memcpy(data + TMD_TSC, tsc, sizeof tsc);
    /* handles in c0 at the pixel stage's table (0x690): slot s = header s,
     * sampler 0; slot 2 sampler 1 (header 19:0, sampler 31:20); slot 3
     * (bindless only) header 2 */
    const uint32_t handles[4] = {0, 1, 2u | 1u << 20, 2u | 1u << 20};
    memcpy(data + TMD_CBUF0 + 0x690, handles, sizeof handles);
    memcpy(data + TMD_CBUF1_FS + 0x40, &handles[2], 4); /* c3[0x40], for case 20 */
    const t1_case cases[] = {
        {"TEX 1D", 0, 0, 0, 0, 0, 0, {t1_tex(7, T1_RZ, 0, 0, 0, 0)}, 1},
        {"TEX.LL 1D (1)", 0, 0, 0, 1.0f, 0, 0, {t1_tex(7, 11, 0, 0, 3, 0)}, 1},
        {"TEX.LL 1D (2)", 0, 0, 0, 2.0f, 0, 0, {t1_tex(7, 11, 0, 0, 3, 0)}, 1},
        {"TEX.LL 1D array", 0, 2, 0, 1.0f, 0, 0, {t1_tex(6, 11, 1, 1, 3, 0)}, 1},
        {"TEX 1D array", 0, 1, 0, 0, 0, 0, {t1_tex(6, T1_RZ, 1, 1, 0, 0)}, 1},
        {"TLD.LL 1D (0)", 2, 0, 0, 0, 0, 0, {t1_tld_ll(9, 10, 0, 0)}, 1},
        {"TLD.LL 1D (2)", 4, 0, 2, 0, 0, 0, {t1_tld_ll(9, 10, 0, 0)}, 1},
        {"TLD.LL 1D array", 3, 1, 1, 0, 0, 0, {t1_tld_ll(8, 10, 1, 1)}, 1},
        {"TEX 1D linear, V border", 0, 0, 0, 0, 0, 0, {t1_tex(7, T1_RZ, 0, 2, 0, 0)}, 1},
        {"TEX.AOFFI 1D", 0, 0, 0, 0, 0, 3, {t1_tex(7, 12, 0, 0, 0, 1)}, 1},
        {"TXD 1D", 0, 0, 0, 0, 0.25f, 0, {t1_txd(7, 13, 0, 0)}, 1},
        {"TXQ 1D array and 1D",
         0,
         0,
         0,
         0,
         0,
         0,
         {t1_txq(0, 10, 1, 3), t1_txq(2, 15, 0, 1), t1_i2f(0, 0), t1_i2f(1, 1), t1_i2f(2, 2),
          t1_fmul32i(0, 0, 1.0f / 255), t1_fmul32i(1, 1, 1.0f / 255), t1_fmul32i(2, 2, 1.0f / 255)},
         8},
        {"TEXS 1D.LZ", 0, 0, 0, 0, 0, 0, {t1_texs(0, 7, T1_RZ, 0)}, 1},
        {"TLDS 1D.LL", 3, 0, 1, 0, 0, 0, {t1_texs(1, 9, 10, 1)}, 1},
        {"TLDS 1D.LZ", 2, 0, 0, 0, 0, 0, {t1_texs(1, 9, T1_RZ, 0)}, 1},
        {"TEX.B 1D (LDC)", 0, 0, 0, 0, 0, 0, {t1_ldc(16, 0x690), t1_tex_b(7, 16, 0, 0)}, 2},
        {"TEX.B 1D (MOV c[], slot 3)", 0, 0, 0, 0, 0, 0, {t1_mov_c(16, 0x69c), t1_tex_b(7, 16, 0, 0)}, 2},
        {"TEX.B.LL 1D (1)", 0, 0, 0, 1.0f, 0, 0, {t1_ldc(16, 0x690), t1_mov32i(17, 0x3f800000u), t1_tex_b(7, 16, 0, 3)}, 3},
        {"TLD.B.LL 1D (2)", 4, 0, 2, 0, 0, 0, {t1_ldc(16, 0x690), t1_mov32i(17, 2), t1_tld_b_ll(9, 16, 0)}, 3},
        {"TXQ.B 1D array and 1D",
         0,
         0,
         0,
         0,
         0,
         0,
         {t1_ldc(16, 0x694), t1_mov32i(17, 0), t1_txq_b(0, 16, 3), t1_mov_c(18, 0x690), t1_mov32i(19, 1),
          t1_txq_b(2, 18, 1), t1_i2f(0, 0), t1_i2f(1, 1), t1_i2f(2, 2), t1_fmul32i(0, 0, 1.0f / 255),
          t1_fmul32i(1, 1, 1.0f / 255), t1_fmul32i(2, 2, 1.0f / 255)},
         12},
        {"TEX.B 1D (LDC c3[0x40])", 0, 0, 0, 0, 0, 0, {t1_ldc3(16, 0x40), t1_tex_b(7, 16, 0, 0)}, 2},
        {"TXD.B 1D", 0, 0, 0, 0, 0.25f, 0, {t1_ldc(20, 0x690), t1_fmul32i(21, 4, 1.0f / 64), t1_txd_b(20, 13, 0)}, 3},
    };
    const uint32_t ncases = sizeof cases / sizeof cases[0];
    tm_pb pb;
    tm_pb_init(&pb);
    tm_bind_all(&pb);
    tmc_shader fs = hdr;
    fs.cbuf1 = NULL;
    tmd_programs(&pb, data, T1_DATA_VA, &vs, &fs);
    tm_set1(&pb, TM_SUB_3D, 0x1574 / 4, (uint32_t)((T1_DATA_VA + TMD_TIC) >> 32)); /* SET_TEX_HEADER_POOL */
    tm_set1(&pb, TM_SUB_3D, 0x1578 / 4, (uint32_t)(T1_DATA_VA + TMD_TIC));
    tm_set1(&pb, TM_SUB_3D, 0x157c / 4, 15);
    tm_set1(&pb, TM_SUB_3D, 0x155c / 4, (uint32_t)((T1_DATA_VA + TMD_TSC) >> 32)); /* SET_TEX_SAMPLER_POOL */
    tm_set1(&pb, TM_SUB_3D, 0x1560 / 4, (uint32_t)(T1_DATA_VA + TMD_TSC));
    tm_set1(&pb, TM_SUB_3D, 0x1564 / 4, 15);
    const uint64_t c3_va = T1_DATA_VA + TMD_CBUF1_FS; /* c3 of the pixel stage (bind group 4) */
    tm_set1(&pb, TM_SUB_3D, 0x2380 / 4, TMD_CBUF_SIZE); /* SET_CONSTANT_BUFFER_SELECTOR_A/B/C */
    tm_set1(&pb, TM_SUB_3D, 0x2384 / 4, (uint32_t)(c3_va >> 32));
    tm_set1(&pb, TM_SUB_3D, 0x2388 / 4, (uint32_t)c3_va);
    tm_set1(&pb, TM_SUB_3D, (0x2410 + 4 * 32) / 4, 1u | 3u << 4); /* BIND_GROUP_CONSTANT_BUFFER(4): valid, slot 3 */
    for (uint32_t c = 0; c < ncases; c++) {
        const t1_case *k = &cases[c];
        uint32_t lod_f, dx, one = 0x3f800000u;
        memcpy(&lod_f, &k->lod_f, 4);
        memcpy(&dx, &k->dx, 4);
        uint64_t slot[32];
        uint32_t n = 0;
        slot[n++] = 0xe003ff870ff7ff04ull;                                      /* IPA.PASS R4, a[0x70] */
        slot[n++] = t1_fmul32i(7, 4, 1.0f / 64);                                /* FMUL32I R7, R4, 1/64 */
        slot[n++] = 0x5cb0118000071a05ull | 4ull << 20;                         /* F2I.S32.TRUNC R5, R4 */
        slot[n++] = 0x3829000000070000ull | (uint64_t)k->shift << 20 | 5u << 8 | 9u; /* SHR R9, R5, shift */
        slot[n++] = t1_mov32i(6, k->layer);
        slot[n++] = t1_mov32i(8, k->layer);
        slot[n++] = t1_mov32i(10, k->lod_i);
        slot[n++] = t1_mov32i(11, lod_f);
        slot[n++] = t1_mov32i(12, k->offset);
        slot[n++] = t1_mov32i(13, dx);
        slot[n++] = t1_mov32i(14, 0);
        slot[n++] = t1_mov32i(15, 1);
        for (uint32_t i = 0; i < k->n; i++)
            slot[n++] = k->insn[i];
        if (c == 11 || c == 19)
            slot[n++] = t1_mov32i(3, one); /* alpha 1.0 */
        slot[n++] = 0xe30000000007000full;                                      /* EXIT */
        while (n % 3)
            slot[n++] = 0x50b0000000070f00ull;                                  /* NOP */
        const uint32_t off = TMD_FS_OFF + c * 0x400;
        memcpy(data + off, hdr.sph, 0x50);
        memset(data + off + 0x50, 0, 0x400 - 0x50); /* scheduling words zero */
        for (uint32_t i = 0; i < n; i++) {
            const uint64_t w = slot[i];
            memcpy(data + off + 0x50 + (tmr_word_of_slot(i) * 8), &w, 8);
        }
        tmd_target(&pb, T1_RT_VA + c * 0x10000ull, T1_W, T1_H, 0xD5); /* A8B8G8R8 */
        tm_set1(&pb, TM_SUB_3D, (0x2004 + 5 * 64) / 4, off);          /* SET_PIPELINE_PROGRAM(5) */
        tm_set1(&pb, TM_SUB_3D, 0x1214 / 4, 0u | 3u << 16 | 4u << 28); /* 3 vertices, TRIANGLES */
    }
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    tm_pb_free(&pb);
    if (res.draws != ncases)
        fail_msg("%u of %u cases drawn (see the log)", (unsigned)res.draws, ncases);
    assert_int_equal(glhle_maxwell_flush(gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    uint32_t bad = 0;
    for (uint32_t c = 0; c < ncases; c++) {
        const uint8_t *t = rt + c * 0x10000u;
        for (uint32_t y = 0; y < T1_H; y++)
            for (uint32_t x = 0; x < T1_W; x++) {
                uint8_t want[4];
                t1_want(c, x, want);
                const uint8_t *got = t + mwt_bl_offset(T1_W * 4, T1_H, 1, 0, x * 4, y, 0);
                if (memcmp(got, want, 4) && bad++ < 8)
                    print_message("  %s: pixel (%u, %u) is %u %u %u %u, the texel %u %u %u %u\n", cases[c].what, x, y,
                                  got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
            }
    }
    if (bad)
        fail_msg("%u pixels differ from the texels", bad);
    /* cases 16 and 20 again after the CPU points c0[0x69c] and c3[0x40] at header 0 (cases 21, 22) */
    const uint32_t h0 = 0;
    assert_int_equal(glhle_maxwell_write(gpu, T1_DATA_VA + TMD_CBUF0 + 0x69c, &h0, 4), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_write(gpu, c3_va + 0x40, &h0, 4), GLHLE_RESULT_OK);
    tm_pb_init(&pb);
    for (uint32_t i = 0; i < 2; i++) {
        tmd_target(&pb, T1_RT_VA + (ncases + i) * 0x10000ull, T1_W, T1_H, 0xD5);
        tm_set1(&pb, TM_SUB_3D, (0x2004 + 5 * 64) / 4, TMD_FS_OFF + (i ? 20 : 16) * 0x400);
        tm_set1(&pb, TM_SUB_3D, 0x1214 / 4, 0u | 3u << 16 | 4u << 28);
    }
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    tm_pb_free(&pb);
    assert_int_equal(res.draws, 2);
    assert_int_equal(glhle_maxwell_flush(gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    for (uint32_t c = ncases; c < ncases + 2; c++)
        for (uint32_t y = 0; y < T1_H; y++)
            for (uint32_t x = 0; x < T1_W; x++) {
                uint8_t want[4];
                t1_want(c, x, want);
                const uint8_t *got = rt + c * 0x10000u + mwt_bl_offset(T1_W * 4, T1_H, 1, 0, x * 4, y, 0);
                if (memcmp(got, want, 4) && bad++ < 8)
                    print_message("  %s after its handle changed: pixel (%u, %u) is %u %u %u %u, the texel %u %u %u "
                                  "%u\n", cases[c == ncases ? 16 : 20].what, x, y, got[0], got[1], got[2], got[3],
                                  want[0], want[1], want[2], want[3]);
            }
    if (bad)
        fail_msg("%u pixels differ from header 0's texels once the handle words name it", bad);
    print_message("  1D textures: %u cases x %u pixels equal the texels%s\n", ncases + 2, T1_W * T1_H,
                  ts_gles() ? " (ES: 2D stand-ins of height 1)" : "");
    glhle_maxwell_destroy(gpu);
    free(rt);
    free(data);
    tmc_free(&vs);
    tmc_free(&hdr);
    ts_gl_check(ctx);
}

/* 8 bits from a b-bit unsigned normalized field: the GL's conversion to
 * float, c / (2^b - 1), then to 8 bits, round(f * 255) (GL 4.6 2.3.5.1 and
 * 8.4.4.4); Mesa replicates the bits instead (c << 3 | c >> 2 for 5
 * bits), which differs from the rounding by one for some codes: either. */
static bool expands_to(uint32_t c, uint32_t bits, uint8_t got)
{
    const uint32_t rounded = (c * 255u * 2u + ((1u << bits) - 1u)) / (((1u << bits) - 1u) * 2u);
    uint32_t replicated = 0;
    for (int shift = 8 - (int)bits; shift > -(int)bits; shift -= (int)bits)
        replicated |= shift >= 0 ? c << shift : c >> -shift;
    return got == rounded || got == (replicated & 0xFF);
}

/* The 16-bit packed texture formats, whose GL client pairs
 * (UNSIGNED_SHORT_5_6_5_REV, _1_5_5_5_REV, _4_4_4_4_REV) ES 3.2 does not
 * take: on ES gl_caps repacks them into RGB/5_6_5, RGBA/5_5_5_1 and
 * RGBA/4_4_4_4 first. Each texel is checked, as RGBA/UNSIGNED_BYTE,
 * against its guest word's fields (names list components from the most
 * significant bit: B5G6R5 has red in bits 4:0, A1B5G5R5 alpha in bit 15,
 * A4B4G4R4 red in bits 3:0) expanded to 8 bits, and read back in the
 * format's own pair it must give the guest's words again. A 2D texture
 * and a 2D array of 3 layers (the 2D and 3D uploads). */
static void packed_16bit_textures(void **state)
{
    static const struct {
        uint32_t components;
        const char *name;
        uint8_t bits[4], shift[4]; /* R, G, B, A fields of the word; bits 0: none (reads 1.0) */
        GLenum format, type;
    } F[] = {
        {0x15, "B5G6R5", {5, 6, 5, 0}, {0, 5, 11, 0}, GL_RGB, GL_UNSIGNED_SHORT_5_6_5_REV},
        {0x14, "A1B5G5R5", {5, 5, 5, 1}, {0, 5, 10, 15}, GL_RGBA, GL_UNSIGNED_SHORT_1_5_5_5_REV},
        {0x12, "A4B4G4R4", {4, 4, 4, 4}, {0, 4, 8, 12}, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4_REV},
    };
    env e;
    env_init(&e, *state);
    const uint32_t tw = 16, th = 8;
    for (size_t f = 0; f < sizeof F / sizeof F[0]; f++)
        for (uint32_t layers = 1; layers <= 3; layers += 2) {
            const uint64_t off = (uint64_t)(f * 2 + layers / 2) << 16;
            const tmt_tic_desc d = {.components = F[f].components, .type = 2, .texture_type = layers > 1 ? 5 : 1,
                                    .width = tw, .height = th, .depth = layers, .levels = 1, .bh = 0};
            tmt_model m;
            tmt_model_init(&m, tw, th, 1, 2, 1, 0);
            for (uint32_t z = 0; z < layers; z++)
                for (uint32_t y = 0; y < th; y++)
                    for (uint32_t x = 0; x < tw; x++) {
                        const uint32_t i = (z * th + y) * tw + x;
                        const uint16_t v = (uint16_t)((i * 0x9E37u) ^ (i << 11) ^ (F[f].components * 0x0F0Fu));
                        memcpy(e.mem + off + tmt_model_at(&m, z, 0, x * 2, y), &v, 2);
                    }
            uint32_t w[8];
            tmt_make_tic(&d, VA + off, w);
            GLuint tex;
            GLenum target;
            assert_int_equal(mw_texture_get(e.gpu->render, w, &tex, &target), GLHLE_RESULT_OK);
            const size_t n = (size_t)tw * th * layers;
            uint8_t *rgba = level_image(&e, tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, n * 4);
            uint16_t *words = (uint16_t *)(void *)level_image(&e, tex, 0, F[f].format, F[f].type, n * 2);
            uint32_t bad = 0, bad_words = 0;
            for (uint32_t z = 0; z < layers; z++)
                for (uint32_t y = 0; y < th; y++)
                    for (uint32_t x = 0; x < tw; x++) {
                        const size_t i = ((size_t)z * th + y) * tw + x;
                        uint16_t v;
                        memcpy(&v, e.mem + off + tmt_model_at(&m, z, 0, x * 2, y), 2);
                        const uint8_t *px = rgba + i * 4;
                        bool ok = true;
                        for (int c = 0; c < 4; c++) {
                            const uint32_t b = F[f].bits[c];
                            const uint32_t code = b ? (v >> F[f].shift[c]) & ((1u << b) - 1u) : 1u;
                            ok &= expands_to(code, b ? b : 1, px[c]);
                        }
                        if (!ok && bad++ < 4)
                            print_message("    %s layer %u (%u, %u): word %04x read %02x %02x %02x %02x\n",
                                          F[f].name, z, x, y, v, px[0], px[1], px[2], px[3]);
                        bad_words += words[i] != v;
                    }
            free(rgba);
            free(words);
            if (bad || bad_words)
                fail_msg("%s (%u layer(s)): %u texels are not their word's fields, %u words do not read back",
                         F[f].name, layers, bad, bad_words);
            print_message("  %s, %u layer(s): %zu texels as their words%s\n", F[f].name, layers, n,
                          ts_gles() ? " (ES: repacked on upload)" : "");
        }
    env_free(&e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rgba8_mips_block_linear),
        cmocka_unit_test(r32f_array_and_cube),
        cmocka_unit_test(pitch_texture_and_swizzle),
        cmocka_unit_test(bc1_4x2_blocks),
        cmocka_unit_test(packed_16bit_textures),
        cmocka_unit_test(coherence_with_cpu_and_render_targets),
        cmocka_unit_test(target_sampled_in_place_at_scale_2),
        cmocka_unit_test(samplers_and_bad_headers),
        cmocka_unit_test(mis_kinded_and_oversized_headers),
        cmocka_unit_test(buffer_texture),
        cmocka_unit_test(unnormalized_coordinates),
        cmocka_unit_test(unused_slots_not_read),
        cmocka_unit_test(key_reuse_sees_changes),
        cmocka_unit_test(state_reuse_sees_changes),
        cmocka_unit_test(cbuf_reuse_sees_changes),
        cmocka_unit_test(flush_sees_each_dirty_surface),
        cmocka_unit_test(target_sampled_by_a_later_draw_1x),
        cmocka_unit_test(target_sampled_by_a_later_draw_2x),
        cmocka_unit_test(target_sampled_by_its_own_draw),
        cmocka_unit_test(one_d_textures_drawn),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
