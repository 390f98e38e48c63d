/* backend/psx/vram.c: fills, copies, uploads and read-back in GL at several
 * internal scales against the software reference, including wrap-around at
 * the VRAM edges, overlapping copies and the mask bits. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

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
            glhle_psx_desc d = {0};
            d.resolution_scale = scales[si];
            d.no_framebuffer_fetch = no_fetch;
            d.log = ts_log_fn;
            glhle_psx *gl;
            assert_int_equal(glhle_psx_create(ctx, &d, &gl), GLHLE_RESULT_OK);
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

static void readback_through_gpuread(void **state)
{
    glhle_context *ctx = *state;
    glhle_psx *gl = pt_gl(ctx, 3);
    /* a fill then GP0(C0h) at 3x returns native 16-bit words */
    PT_GP0(gl, 0x02F80800u, 0x00200000u, 0x00010010u, 0xC0000000u, 0x00200000u, 0x00010003u);
    uint16_t c = (0x00 >> 3) | ((0x08 >> 3) << 5) | ((0xF8 >> 3) << 10);
    assert_int_equal(glhle_psx_gpuread(gl), (uint32_t)c | ((uint32_t)c << 16));
    assert_int_equal(glhle_psx_gpuread(gl), c);
    glhle_psx_destroy(gl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(transfers_match_software),
        TS_GL_TEST(readback_through_gpuread),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
