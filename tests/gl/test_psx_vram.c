/* backend/psx/vram.c: fills, copies, uploads and read-back in GL at several
 * internal scales against the software reference, including wrap-around at
 * the VRAM edges, overlapping copies and the mask bits. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "glhle/psx.h"
#include "support/psx_testing.h"

static void transfers(glhle_psx *psx)
{
    /* random-ish 64x64 block at (1000, 500): wraps to the other edges */
    uint32_t block[2 + 64 * 32];
    uint32_t seed = 12345;
    for (size_t i = 0; i < 64 * 32; i++) {
        seed = seed * 1103515245u + 12345u;
        block[2 + i] = seed;
    }
    block[0] = 0x01F403E8u;
    block[1] = 0x00400040u;
    PT_GP0(psx, 0xA0000000u);
    pt_gp0(psx, block, sizeof block / sizeof block[0]);
    /* fill that wraps in X and Y */
    PT_GP0(psx, 0x02204060u, 0x01F803F0u, 0x00100030u);
    /* copy down by 3 rows and right by 2, overlapping: rows smear */
    PT_GP0(psx, 0x80000000u, 0x01F603E0u, 0x01F903E2u, 0x00200030u);
    /* copy left by 5 in the same rows, across the right edge */
    PT_GP0(psx, 0x80000000u, 0x000A0010u, 0x000A000Bu, 0x00100400u);
    /* uploads with mask set, then check */
    PT_GP0(psx, 0xE6000001u, 0xA0000000u, 0x00200020u, 0x00020003u, 0x00020001u, 0x00040003u, 0x00060005u);
    PT_GP0(psx, 0xE6000002u, 0xA0000000u, 0x00200021u, 0x00020003u, 0x11111111u, 0x22222222u, 0x33333333u);
    /* copy with check over masked pixels */
    PT_GP0(psx, 0x80000000u, 0x00000000u, 0x001F001Fu, 0x00080008u);
    uint16_t raw[6] = {0x1234, 0x8765, 0x0000, 0xFFFF, 0x4242, 0x0001};
    assert_int_equal(glhle_psx_write_vram(psx, 1022, 511, 3, 2, raw), GLHLE_RESULT_OK);
}

static void transfers_match_software(void **state)
{
    glhle_context *ctx = *state;
    glhle_psx *sw = pt_sw();
    transfers(sw);
    uint16_t *want = pt_vram(sw);
    static const uint32_t scales[] = {1, 2, 5};
    for (size_t si = 0; si < 3; si++)
        for (int no_fetch = 0; no_fetch < 2; no_fetch++) {
            glhle_psx *gl = pt_gl(ctx, scales[si], no_fetch);
            transfers(gl);
            uint16_t *got = pt_vram(gl);
            for (size_t i = 0; i < 1024u * 512u; i++)
                if (got[i] != want[i])
                    fail_msg("scale %u%s: (%zu,%zu) is %04X, expected %04X", scales[si], no_fetch ? " barriers" : "",
                             i % 1024, i / 1024, got[i], want[i]);
            /* a read that wraps: 4x3 at (1022, 510) */
            uint16_t a[12], b[12];
            assert_int_equal(glhle_psx_read_vram(gl, 1022, 510, 4, 3, a), GLHLE_RESULT_OK);
            assert_int_equal(glhle_psx_read_vram(sw, 1022, 510, 4, 3, b), GLHLE_RESULT_OK);
            assert_memory_equal(a, b, sizeof a);
            free(got);
            glhle_psx_destroy(gl);
        }
    free(want);
    glhle_psx_destroy(sw);
}

/* A copy that samples VRAM while drawing into it must see every primitive
 * and fill before it and none after it (GP0 order), however the renderer
 * orders them on the GPU. llvmpipe draws a batch tile by tile in VRAM row
 * order, so a copy from the bottom-right corner to the top-left one that
 * missed its barrier would read the corner before the rectangle reached it,
 * and one from the top-left corner would read the rectangle drawn after it. */
static void copy_order(glhle_psx *psx)
{
    PT_GP0(psx, 0xE3000000u, 0xE4000000u | 1023u | (511u << 10), 0xE5000000u);
    /* read after write: a rectangle, then copied to the top-left corner */
    PT_GP0(psx, 0x600000F8u, (448u << 16) | 960u, (64u << 16) | 64u);
    PT_GP0(psx, 0x80000000u, (448u << 16) | 960u, 0x00000000u, (64u << 16) | 64u);
    /* write after read: a fill at (0, 64) copied to (960, 384), then a
     * rectangle over the fill */
    PT_GP0(psx, 0x0200F800u, 64u << 16, (64u << 16) | 64u);
    PT_GP0(psx, 0x80000000u, 64u << 16, (384u << 16) | 960u, (64u << 16) | 64u);
    PT_GP0(psx, 0x60F80000u, 64u << 16, (64u << 16) | 64u);
    /* a copy writes 0000h too (a textured primitive leaves such texels
     * out): never-written VRAM at (512, 256) over a fill at (128, 0) */
    PT_GP0(psx, 0x02F80000u, 128u, (64u << 16) | 64u);
    PT_GP0(psx, 0x80000000u, (256u << 16) | 512u, 128u, (64u << 16) | 64u);
}

static void copies_keep_gp0_order(void **state)
{
    glhle_context *ctx = *state;
    for (uint32_t scale = 1; scale <= 2; scale++)
        for (int no_fetch = 0; no_fetch < 2; no_fetch++) {
            glhle_psx *gl = pt_gl(ctx, scale, no_fetch);
            copy_order(gl);
            uint16_t *got = pt_vram(gl);
            /* the expected words by psx-spx's colour conversion (8-bit
             * channels >> 3, red low), not from a renderer */
            const uint16_t red = 31, green = 31 << 5, blue = 31 << 10;
            for (uint32_t y = 0; y < 64; y++)
                for (uint32_t x = 0; x < 64; x++) {
                    const struct {
                        uint32_t x, y;
                        uint16_t want;
                    } at[5] = {{x, y, red},           {960 + x, 384 + y, green}, {x, 64 + y, blue},
                               {960 + x, 448 + y, red}, {128 + x, y, 0}};
                    for (int k = 0; k < 5; k++)
                        if (got[at[k].y * 1024 + at[k].x] != at[k].want)
                            fail_msg("scale %u%s: (%u,%u) is %04X, expected %04X", scale, no_fetch ? " barriers" : "",
                                     at[k].x, at[k].y, got[at[k].y * 1024 + at[k].x], at[k].want);
                }
            free(got);
            glhle_psx_destroy(gl);
        }
}

static void readback_through_gpuread(void **state)
{
    glhle_context *ctx = *state;
    glhle_psx *gl = pt_gl(ctx, 3, false);
    /* a fill then GP0(C0h) at 3x returns native 16-bit words */
    PT_GP0(gl, 0x02F80800u, 0x00200000u, 0x00010010u, 0xC0000000u, 0x00200000u, 0x00010003u);
    uint16_t c = (0x00 >> 3) | ((0x08 >> 3) << 5) | ((0xF8 >> 3) << 10);
    assert_int_equal(glhle_psx_gpuread(gl), (uint32_t)c | ((uint32_t)c << 16));
    assert_int_equal(glhle_psx_gpuread(gl), c);
    glhle_psx_destroy(gl);
}

/* GL state another user of the context left behind (an external context's
 * frontend; a PICA instance on the same context uses logic ops, clip
 * distance 0, scissors and colour masks) must not reach VRAM. */
static void foreign_state(glhle_context *ctx)
{
    GladGLContext *gl = &ctx->gl;
    gl->Enable(GL_COLOR_LOGIC_OP);
    gl->LogicOp(GL_INVERT);
    gl->Enable(GL_SCISSOR_TEST);
    gl->Scissor(0, 0, 1, 1);
    gl->ColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    gl->Enable(GL_CLIP_DISTANCE0);
    gl->Enable(GL_CULL_FACE);
    gl->CullFace(GL_FRONT_AND_BACK);
    gl->Enable(GL_RASTERIZER_DISCARD);
}

static void default_state(glhle_context *ctx)
{
    GladGLContext *gl = &ctx->gl;
    gl->Disable(GL_COLOR_LOGIC_OP);
    gl->LogicOp(GL_COPY);
    gl->Disable(GL_SCISSOR_TEST);
    gl->ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    gl->Disable(GL_CLIP_DISTANCE0);
    gl->Disable(GL_CULL_FACE);
    gl->CullFace(GL_BACK);
    gl->Disable(GL_RASTERIZER_DISCARD);
}

static void foreign_gl_state_is_ignored(void **state)
{
    glhle_context *ctx = *state;
    /* each step runs after the foreign state was set again: a fill, an
     * upload with the mask bit, a copy, a 4-bit sprite with its CLUT, a
     * VRAM read (it draws the batch: the next pass starts from the foreign
     * state), a rectangle over the CLUT row (a snapshot first), the sprite
     * again, a Gouraud triangle; the read-backs at 2x go through the
     * downsampling pass */
    static const uint32_t steps[][8] = {
        {3, 0x02204060u, 0x00100010u, 0x00100020u},
        {5, 0xE6000001u, 0xA0000000u, 0x01F40000u, 0x00010002u, 0x001F1111u},
        {4, 0x80000000u, 0x00100010u, 0x00400040u, 0x00080008u},
        {1, 0xE6000000u},
        {5, 0xA0000000u, 0x00000280u, 0x00010001u, 0x00001111u, 0xE100000Au},
        {4, 0x65808080u, 0x00000000u, (500u << 6) << 16, 0x00020002u},
        {3, 0xC0000000u, 0x01000100u, 0x00010001u},
        {3, 0x6000FF00u, 0x01F40000u, 0x00010010u},
        {4, 0x65808080u, 0x00000004u, (500u << 6) << 16, 0x00020002u},
        {6, 0x300000FFu, 0x00080008u, 0x0000FF00u, 0x00080040u, 0x00FF0000u, 0x00300010u},
    };
    for (uint32_t scale = 1; scale <= 2; scale++) {
        glhle_psx *sw = pt_sw();
        foreign_state(ctx);
        glhle_psx *gl = pt_gl(ctx, scale, false);
        for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
            foreign_state(ctx);
            pt_gp0(gl, steps[i] + 1, steps[i][0]);
            pt_gp0(sw, steps[i] + 1, steps[i][0]);
        }
        pt_pixel(gl, 0, 0);
        foreign_state(ctx);
        uint16_t *want = pt_vram(sw), *got = pt_vram(gl);
        default_state(ctx);
        for (size_t i = 0; i < 1024u * 512u; i++)
            if (got[i] != want[i])
                fail_msg("scale %u: (%zu,%zu) is %04X, expected %04X", scale, i % 1024, i / 1024, got[i], want[i]);
        assert_int_equal(want[64 * 1024 + 64], 0x8000u | pt_rgb15(0x60, 0x40, 0x20)); /* the fill, copied, mask set */
        free(want);
        free(got);
        glhle_psx_destroy(gl);
        glhle_psx_destroy(sw);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(transfers_match_software),
        TS_GL_TEST(copies_keep_gp0_order),
        TS_GL_TEST(readback_through_gpuread),
        TS_GL_TEST(foreign_gl_state_is_ignored),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
