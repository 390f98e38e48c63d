/* backend/psx/rasterizer.c: every program builds, consecutive primitives
 * share draw calls, feedback (drawing then sampling, uploads and copies then
 * sampling, a primitive sampling its own area, the CLUT cache) reads the
 * right data, and upscaled VRAM still reads back native values. Results are
 * compared with the software reference and with hand-worked pixels. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/psx/gpu.h"
#include "glhle/psx.h"
#include "support/psx_testing.h"

/* Runs `words` on the software reference and on GL at `scale` (framebuffer
 * fetch or texture barriers) and asserts identical native VRAM. */
static void same_as_software(glhle_context *ctx, const uint32_t *words, size_t n, uint32_t scale, bool no_fetch,
                             glhle_psx_stats *gl_stats)
{
    glhle_psx *sw = pt_sw(), *gl = pt_gl(ctx, scale, no_fetch);
    glhle_psx_gp0_block(sw, words, n);
    glhle_psx_gp0_block(gl, words, n);
    uint16_t *a = pt_vram(sw), *b = pt_vram(gl);
    for (size_t i = 0; i < 1024u * 512u; i++)
        if (a[i] != b[i])
            fail_msg("scale %u%s: pixel (%zu,%zu) is %04X, the software reference has %04X", scale,
                     no_fetch ? " (barriers)" : "", i % 1024, i / 1024, b[i], a[i]);
    if (gl_stats)
        glhle_psx_get_stats(gl, gl_stats);
    free(a);
    free(b);
    glhle_psx_destroy(sw);
    glhle_psx_destroy(gl);
}

#define SAME(ctx, scale, no_fetch, stats, ...)                                                \
    do {                                                                                      \
        const uint32_t w_[] = {__VA_ARGS__};                                                  \
        same_as_software((ctx), w_, sizeof w_ / sizeof w_[0], (scale), (no_fetch), (stats)); \
    } while (0)

/* Sends a command of `code` with all its words, vertices spread over an 8x8
 * square so that nothing is degenerate. */
static void send_any(glhle_psx *psx, uint32_t code, uint32_t texpage)
{
    static const uint32_t pos[4] = {0x00000000u, 0x00000008u, 0x00080000u, 0x00080008u};
    uint32_t w[16], n = 0;
    w[n++] = (code << 24) | 0x808080u;
    if ((code >> 5) == 1) { /* polygons: [colour] position [texcoord] per vertex */
        for (int v = 0; v < ((code & 8) ? 4 : 3); v++) {
            if (v && (code & 0x10))
                w[n++] = 0x808080u;
            w[n++] = pos[v];
            if (code & 4)
                w[n++] = v == 1 ? texpage << 16 : 0;
        }
    } else if ((code >> 5) == 2) { /* lines, polylines with their terminator */
        w[n++] = pos[0];
        if (code & 0x10)
            w[n++] = 0x808080u;
        w[n++] = pos[3];
        if (code & 8)
            w[n++] = 0x55555555u;
    } else { /* rectangles */
        w[n++] = pos[1];
        if (code & 4)
            w[n++] = 0;
        if (((code >> 3) & 3) == 0)
            w[n++] = 0x00040004u;
    }
    pt_gp0(psx, w, n);
}

static void every_program_builds(void **state)
{
    glhle_context *ctx = *state;
    for (int no_fetch = 0; no_fetch < 2; no_fetch++) {
        glhle_psx *psx = pt_gl(ctx, 1, no_fetch);
        for (uint32_t blend = 0; blend < 4; blend++)
            for (uint32_t mode = 0; mode < 3; mode++) {
                uint32_t page = (blend << 5) | (mode << 7);
                PT_GP0(psx, 0xE1000000u | page);
                for (uint32_t code = 0x20; code < 0x80; code++) {
                    send_any(psx, code, page);
                    pt_pixel(psx, 0, 0); /* a draw of this primitive alone: its own program */
                }
            }
        glhle_psx_stats st;
        glhle_psx_get_stats(psx, &st);
        /* triangles: 4 texture modes x 2 shadings x 5 blends; sprites 4 x 5;
         * lines 2 x 5; the 3 transfer programs */
        assert_int_equal(st.programs, 40 + 20 + 10 + 3);
        /* a mixed run draws at once with the program that reads every mode */
        send_any(psx, 0x20, 0);
        send_any(psx, 0x60, 0);
        send_any(psx, 0x50, 0);
        pt_pixel(psx, 0, 0);
        glhle_psx_get_stats(psx, &st);
        assert_int_equal(st.programs, 40 + 20 + 10 + 3 + 1);
        glhle_psx_destroy(psx);
    }
}

static void batching(void **state)
{
    glhle_context *ctx = *state;
    glhle_psx *psx = pt_gl(ctx, 1, false);
    /* 200 overlapping opaque triangles: one draw */
    for (uint32_t i = 0; i < 200; i++)
        PT_GP0(psx, 0x20000000u | i, (i % 50) | ((i / 50) << 16), 40u + (i % 50), (40u + i / 50) << 16);
    glhle_psx_stats st;
    uint16_t px;
    glhle_psx_read_vram(psx, 0, 0, 1, 1, &px);
    glhle_psx_get_stats(psx, &st);
    assert_int_equal(st.primitives, 200);
    assert_int_equal(st.draw_calls, 1);
    glhle_psx_destroy(psx);
    /* the same through both paths matches the software reference */
    for (int no_fetch = 0; no_fetch < 2; no_fetch++)
        SAME(ctx, 1, no_fetch, &st, 0x60FF00FFu, 0x00000000u, 0x00100010u, /* magenta 16x16 at 0,0 */
             0xE1000100u, 0x65000000u, 0x00000020u, 0x00000000u, 0x00100010u, /* sprite copy to (32,0) */
             0x65000000u, 0x00000040u, 0x00000020u, 0x00100010u); /* same program, reads what that wrote */
    assert_true(st.batches_broken >= 1);
    /* 50 overlapping semi-transparent triangles: framebuffer fetch blends in
     * primitive order within one draw; with texture barriers each one reads
     * pixels the previous wrote, so each is its own draw */
    uint32_t words[50 * 4];
    for (uint32_t i = 0; i < 50; i++) {
        words[4 * i] = 0x22000000u | (i * 5);
        words[4 * i + 1] = i;
        words[4 * i + 2] = 60u + i;
        words[4 * i + 3] = (60u + i) << 16;
    }
    same_as_software(ctx, words, 200, 1, false, &st);
    assert_int_equal(st.draw_calls, 1);
    same_as_software(ctx, words, 200, 1, true, &st);
    assert_int_equal(st.draw_calls, 50);
}

static void uploads_and_copies_then_sampling(void **state)
{
    glhle_context *ctx = *state;
    for (uint32_t scale = 1; scale <= 2; scale++)
        SAME(ctx, scale, false, NULL,
             /* a 15-bit texel row at (512, 0), sampled at once */
             0xA0000000u, 0x00000200u, 0x00010004u, 0x7C1F03E0u, 0x80010421u, 0xE1000108u, 0x65000000u,
             0x00100000u, 0x00000000u, 0x00010004u,
             /* copied to (512, 1) and sampled from there */
             0x80000000u, 0x00000200u, 0x00010200u, 0x00010004u, 0x65000000u, 0x00110000u, 0x00000100u, 0x00010004u,
             /* overwritten by a new upload, sampled again */
             0xA0000000u, 0x00000200u, 0x00010002u, 0x12345678u, 0x65000000u, 0x00120000u, 0x00000000u, 0x00010004u);
}

static void self_sampling(void **state)
{
    glhle_context *ctx = *state;
    for (int no_fetch = 0; no_fetch < 2; no_fetch++) {
        /* the row 1..8 at (100,200) copied one pixel right by a sprite that
         * reads where it writes: the copy sees the row as it was */
        glhle_psx *gl = pt_gl(ctx, 1, no_fetch);
        PT_GP0(gl, 0xA0000000u, 0x00C80064u, 0x00010008u, 0x00020001u, 0x00040003u, 0x00060005u, 0x00080007u);
        PT_GP0(gl, 0xE1000101u, 0x65000000u, 0x00C80065u, 0x0000C824u, 0x00010008u);
        for (uint32_t i = 0; i < 8; i++)
            assert_int_equal(pt_pixel(gl, 101 + i, 200), i + 1);
        glhle_psx_destroy(gl);
        /* a textured triangle over its own texels, semi-transparent */
        SAME(ctx, 1, no_fetch, NULL, 0xA0000000u, 0x00000000u, 0x00020002u, 0x7FFF001Fu, 0x83E07C00u, 0xE1000120u,
             0x36808080u, 0x00000000u, 0x00000000u, 0x00FF00FFu, 0x00000010u, 0x01000001u, 0x0000FF00u, 0x00100000u,
             0x00000100u);
    }
}

static void clut_cache_and_snapshots(void **state)
{
    glhle_context *ctx = *state;
    /* 4-bit texel 1 at (640,0); CLUT at (0,500) with red at entry 1 */
    static const uint32_t setup[] = {0xA0000000u, 0x00000280u, 0x00010001u, 0x00001111u, 0xA0000000u,
                                     0x01F40000u, 0x00010002u, 0x001F0000u, 0xE100000Au};
    for (int no_fetch = 0; no_fetch < 2; no_fetch++) {
        glhle_psx *gl = pt_gl(ctx, 1, no_fetch);
        pt_gp0(gl, setup, sizeof setup / sizeof setup[0]);
        /* draw with the CLUT, then a rectangle over the CLUT row, then draw
         * again with the same attribute: the cache still holds red */
        PT_GP0(gl, 0x65000000u, 0x00000000u, (500u << 6) << 16, 0x00010001u);
        PT_GP0(gl, 0x6000FF00u, 0x01F40000u, 0x00010010u);
        PT_GP0(gl, 0x65000000u, 0x00000001u, (500u << 6) << 16, 0x00010001u);
        assert_int_equal(pt_pixel(gl, 0, 0), 0x001F);
        assert_int_equal(pt_pixel(gl, 1, 0), 0x001F);
        assert_int_equal(pt_pixel(gl, 1, 500), 0x03E0);
        /* GP0(01h): now green */
        PT_GP0(gl, 0x01000000u, 0x65000000u, 0x00000002u, (500u << 6) << 16, 0x00010001u);
        assert_int_equal(pt_pixel(gl, 2, 0), 0x03E0);
        glhle_psx_destroy(gl);
    }
    /* the same with a primitive that draws over its own CLUT, all batched */
    SAME(ctx, 1, false, NULL, 0xA0000000u, 0x00000280u, 0x00010001u, 0x00001111u, 0xA0000000u, 0x01F40000u,
         0x00010002u, 0x001F0000u, 0xE100000Au, 0x65000000u, 0x01F40000u, (500u << 6) << 16, 0x00010004u,
         0x65000000u, 0x01F50000u, (500u << 6) << 16, 0x00010004u, 0x6000FF00u, 0x01F40001u, 0x00010001u,
         0x65000000u, 0x01F60000u, (500u << 6) << 16, 0x00010004u);
}

static void seed_triangle(void **state)
{
    glhle_context *ctx = *state;
    glhle_psx *gl = pt_gl(ctx, 1, false);
    /* seed 002: the example's vertices are collinear, nothing is drawn */
    PT_GP0(gl, 0x200000FFu, 0x00100020u, 0x00300040u, 0x00500060u);
    uint16_t *v = pt_vram(gl);
    for (size_t i = 0; i < 1024u * 512u; i++)
        assert_int_equal(v[i], 0);
    free(v);
    /* with the third vertex at (96,16): row 16 from 32 to 95, row 47 63-64 */
    PT_GP0(gl, 0x200000FFu, 0x00100020u, 0x00300040u, 0x00100060u);
    assert_int_equal(pt_pixel(gl, 32, 16), 0x001F);
    assert_int_equal(pt_pixel(gl, 95, 16), 0x001F);
    assert_int_equal(pt_pixel(gl, 96, 16), 0);
    assert_int_equal(pt_pixel(gl, 64, 47), 0x001F);
    assert_int_equal(pt_pixel(gl, 65, 47), 0);
    assert_int_equal(pt_pixel(gl, 64, 48), 0);
    glhle_psx_destroy(gl);
}

static void upscaled(void **state)
{
    glhle_context *ctx = *state;
    /* a Gouraud triangle with a diagonal edge, a line and a sprite at 4x:
     * native read-back equals 1x; the upscaled image has edges inside native
     * pixels */
    static const uint32_t words[] = {0x300000FFu, 0x00000000u, 0x0000FF00u, 0x00000040u, 0x00FF0000u, 0x00300010u,
                                     0x40FFFFFFu, 0x00400000u, 0x00500030u};
    same_as_software(ctx, words, sizeof words / sizeof words[0], 4, false, NULL);
    glhle_psx *gl = pt_gl(ctx, 4, false);
    pt_gp0(gl, words, sizeof words / sizeof words[0]);
    assert_int_equal(glhle_psx_get_scale(gl), 4);
    size_t size = 4096u * 2048u * 4u;
    uint8_t *rgba = malloc(size);
    assert_int_equal(glhle_psx_read_vram_rgba(gl, rgba, size), GLHLE_RESULT_OK);
    /* the left edge runs from (0,0) to (16,48): within native pixel (2,8)
     * (subpixels 8..11 x 32..35) some subpixels are in and some out */
    int in = 0;
    for (int y = 32; y < 36; y++)
        for (int x = 8; x < 12; x++)
            in += rgba[((size_t)y * 4096 + (size_t)x) * 4] != 0 || rgba[((size_t)y * 4096 + (size_t)x) * 4 + 1] != 0;
    assert_true(in > 0 && in < 16);
    free(rgba);
    glhle_psx_destroy(gl);
}

/* The start-up probe of GL's own triangle coverage (backend/psx/
 * coverage_probe.c): on llvmpipe (these tests' driver) it finds the
 * driver's coverage equal to the edge rule at 1x and 4x and drops the
 * per-pixel edge test; GLHLE_CAPS_DISABLE=GLHLE_psx_gl_coverage (the
 * edge_test ctest variants) keeps it without drawing the probe. Either way
 * triangles with edges through pixel centres, in both windings and sharing
 * edges, and ones reaching left of and above VRAM (the guard band), write
 * the software reference's VRAM. */
static void coverage_probe(void **state)
{
    glhle_context *ctx = *state;
    const char *caps = getenv("GLHLE_CAPS_DISABLE");
    const bool forced_off = caps && strstr(caps, "GLHLE_psx_gl_coverage");
    const uint32_t scales[] = {1, 4};
    for (size_t i = 0; i < sizeof scales / sizeof scales[0]; i++) {
        glhle_psx_desc d = {0};
        d.resolution_scale = scales[i];
        d.log = ts_log_fn;
        d.log_level = GLHLE_LOG_DEBUG;
        glhle_psx *psx = NULL;
        ts_log_clear();
        assert_int_equal(glhle_psx_create(ctx, &d, &psx), GLHLE_RESULT_OK);
        if (forced_off) {
            assert_false(ts_log_contains("coverage probe"));
        } else {
            assert_true(ts_log_contains("GL's coverage matches"));
            assert_false(ts_log_contains("the per-pixel edge test stays"));
        }
        glhle_psx_destroy(psx);
        /* flat triangles (opcode 20h, colour, three vertices YyyyXxxx):
         * a right triangle with its hypotenuse through pixel corners, the
         * same in the other winding, a quad's two halves sharing a diagonal,
         * a horizontal edge shared by two triangles, and triangles reaching
         * to x = -40 and y = -30 (drawing offset 0, area the whole VRAM) */
        SAME(ctx, scales[i], false, NULL, 0x200000F0u, 0x00020002u, 0x0002000Cu, 0x000C0002u, 0x2000F000u,
             0x00020010u, 0x000C0010u, 0x0002001Au, 0x20F00000u, 0x001E0002u, 0x001E0014u, 0x00300002u,
             0x20808080u, 0x001E0014u, 0x00300002u, 0x00300014u, 0x2000F0F0u, 0x0028003Cu, 0x00280050u,
             0x00320046u, 0x20F000F0u, 0x0028003Cu, 0x00280050u, 0x001E0046u, 0x2000A0F0u, 0x0028FFD8u,
             0x0023000Au, 0x003CFFFBu, 0x20F0A000u, 0xFFE2001Eu, 0x000A0032u, 0xFFFB003Cu);
    }
}

static void bad_scale(void **state)
{
    glhle_context *ctx = *state;
    glhle_psx_desc d = {0};
    d.resolution_scale = 9;
    d.log = ts_log_fn;
    glhle_psx *psx = NULL;
    ts_log_clear();
    assert_int_equal(glhle_psx_create(ctx, &d, &psx), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("outside 1..8"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(every_program_builds),
        TS_GL_TEST(batching),
        TS_GL_TEST(uploads_and_copies_then_sampling),
        TS_GL_TEST(self_sampling),
        TS_GL_TEST(clut_cache_and_snapshots),
        TS_GL_TEST(seed_triangle),
        TS_GL_TEST(upscaled),
        TS_GL_TEST(bad_scale),
        TS_GL_TEST(coverage_probe),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
