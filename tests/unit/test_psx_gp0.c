/* backend/psx/gp0.c: word counts and decoding of every GP0 command, streams
 * split anywhere, polyline termination, transfers (wrap-around, overlap,
 * masks), bad input. Expected values come from psx-spx and the seed page
 * "GP0 Drawing Commands" (../shared/seeds/002), worked out by hand. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/psx/gpu.h"
#include "support/psx_random.h"
#include "support/psx_testing.h"

/* ---- word counts ---------------------------------------------------------------- */

static uint32_t expected_words(uint32_t code)
{
    /* seed 002 "Polygon Command Codes": 20h 4, 24h 7, 28h 5, 2Ch 9, 30h 6,
     * 34h 9, 38h 8, 3Ch 12; bits 0 (raw) and 1 (semi) do not change it */
    static const uint32_t poly[8] = {4, 7, 5, 9, 6, 9, 8, 12}; /* by bits 2-4 */
    /* "Line Command Codes": 40h 3 words (colour+command, 2 vertices), 50h 4;
     * polylines 48h/58h take at least as many before their terminator */
    /* "Rectangle Command Codes": 60h 3, 64h 4, 68h 2, 6Ch 3, 70h 2, 74h 3, 78h 2, 7Ch 3 */
    static const uint32_t rect[8] = {3, 4, 2, 3, 2, 3, 2, 3}; /* by bits 2-4 */
    if (code >= 0x20 && code <= 0x3F)
        return poly[(code >> 2) & 7];
    if (code >= 0x40 && code <= 0x5F)
        return (code & 0x10) ? 4 : 3;
    if (code >= 0x60 && code <= 0x7F)
        return rect[(code >> 2) & 7];
    if (code == 0x02) /* fill: colour, corner, size (psx-spx Quick Rectangle Fill) */
        return 3;
    if (code >= 0x80 && code <= 0x9F) /* VRAM to VRAM: command, source, destination, size */
        return 4;
    if (code >= 0xA0 && code <= 0xDF) /* CPU<->VRAM: command, corner, size (then data) */
        return 3;
    return 1;
}

static void command_word_counts(void **state)
{
    (void)state;
    for (uint32_t code = 0; code < 256; code++)
        if (psx_gp0_command_words((code << 24) | 0x123456) != expected_words(code))
            fail_msg("GP0(%02Xh): %u words, expected %u", code, psx_gp0_command_words(code << 24),
                     expected_words(code));
}

/* GPUSTAT.26 ("ready to receive command word") stays clear until the last
 * parameter of a command has arrived. */
static void commands_complete_on_their_last_word(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    for (uint32_t code = 0; code < 0xA0; code++) {
        if ((code >= 0x48 && code <= 0x4F) || (code >= 0x58 && code <= 0x5F))
            continue; /* polylines end on a terminator, tested below */
        if (code > 0x80 && code < 0x9F)
            continue; /* a zero-sized copy moves all of VRAM: two of them are enough */
        uint32_t n = expected_words(code);
        glhle_psx_gp0(psx, code << 24);
        for (uint32_t i = 1; i < n; i++) {
            assert_false(glhle_psx_gpustat(psx) & (1u << 26));
            glhle_psx_gp0(psx, 0);
        }
        if (!(glhle_psx_gpustat(psx) & (1u << 26)))
            fail_msg("GP0(%02Xh) still waits after %u words", code, n);
    }
    glhle_psx_destroy(psx);
}

/* ---- drawing decode --------------------------------------------------------------- */

static void seed_flat_triangle(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* seed 002 / psx-spx example: 200000FFh 00100020h 00300040h 00500060h.
     * The vertices (32,16), (64,48), (96,80) lie on one line (y = x - 16):
     * zero area, so the hardware draws no pixel. */
    PT_GP0(psx, 0x200000FFu, 0x00100020u, 0x00300040u, 0x00500060u);
    uint16_t *v = pt_vram(psx);
    for (size_t i = 0; i < 1024u * 512u; i++)
        if (v[i])
            fail_msg("pixel (%zu,%zu) is %04X; the degenerate triangle must draw nothing", i % 1024, i / 1024, v[i]);
    free(v);
    glhle_psx_stats st;
    glhle_psx_get_stats(psx, &st);
    assert_int_equal(st.culled, 1);
    assert_int_equal(st.primitives, 0);

    /* The same command with the third vertex at (96,16): rows 16..47, each
     * from x = 32+(y-16) (drawn) to 96-(y-16) (not drawn); red FFh -> 1Fh. */
    PT_GP0(psx, 0x200000FFu, 0x00100020u, 0x00300040u, 0x00100060u);
    assert_int_equal(pt_pixel(psx, 32, 16), 0x001F);
    assert_int_equal(pt_pixel(psx, 95, 16), 0x001F);
    assert_int_equal(pt_pixel(psx, 96, 16), 0);
    assert_int_equal(pt_pixel(psx, 31, 16), 0);
    assert_int_equal(pt_pixel(psx, 63, 47), 0x001F);
    assert_int_equal(pt_pixel(psx, 64, 47), 0x001F);
    assert_int_equal(pt_pixel(psx, 65, 47), 0);
    assert_int_equal(pt_pixel(psx, 62, 47), 0);
    assert_int_equal(pt_pixel(psx, 64, 48), 0); /* the bottom vertex row is excluded */
    assert_int_equal(pt_pixel(psx, 40, 15), 0);
    glhle_psx_destroy(psx);
}

static void vertex_offset_and_unused_bits(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* offset (100, 50); vertex X/Y are 11-bit signed, bits 11-15 and 27-31
     * are ignored: F800F80Ah is (10, 0) with noise -> (110, 50) */
    PT_GP0(psx, 0xE5000000u | 100u | (50u << 11));
    PT_GP0(psx, 0x68FFFFFFu, 0xF800F80Au); /* 1x1 rectangle, white */
    assert_int_equal(pt_pixel(psx, 110, 50), 0x7FFF);
    /* negative offset (-1, -2) = 7FFh, 7FEh */
    PT_GP0(psx, 0xE5000000u | 0x7FFu | (0x7FEu << 11));
    PT_GP0(psx, 0x680000FFu, 0x00140014u); /* (20,20) -> (19,18) */
    assert_int_equal(pt_pixel(psx, 19, 18), 0x001F);
    glhle_psx_destroy(psx);
}

static void texpage_attribute_changes_e1(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* E1: dither (bit 9), draw to display (10), flip bits 12-13 set */
    PT_GP0(psx, 0xE1003600u);
    assert_int_equal(glhle_psx_gpustat(psx) & 0x87FF, 0x0600);
    /* a textured triangle's texpage FFFFh: bits 0-8 and 11 are taken, 9-10
     * and 12-15 are not (psx-spx "Texpage Attribute") */
    PT_GP0(psx, 0x24808080u, 0x00000000u, 0x00000000u, 0x00000001u, 0xFFFF0000u, 0x00010000u, 0x00000000u);
    assert_int_equal(glhle_psx_gpustat(psx) & 0x87FF, 0x1FF | 0x0600 | 0x8000);
    glhle_psx_destroy(psx);
}

/* ---- streams split anywhere ------------------------------------------------------ */

static uint16_t *run_split(const psx_stream *s, uint32_t mode, uint32_t *gpustat)
{
    glhle_psx *psx = pt_sw();
    ts_rng rng;
    ts_rng_init(&rng, 99);
    for (size_t i = 0; i < s->count;) {
        size_t n = mode == 0 ? s->count : mode == 1 ? 1 : 1 + ts_rng_below(&rng, 13);
        if (n > s->count - i)
            n = s->count - i;
        glhle_psx_gp0_block(psx, s->words + i, n);
        i += n;
    }
    *gpustat = glhle_psx_gpustat(psx);
    uint16_t *v = pt_vram(psx);
    glhle_psx_destroy(psx);
    return v;
}

static void split_commands_across_calls(void **state)
{
    (void)state;
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("psx_gp0_split", 7));
    psx_stream s = {0};
    psx_random_commands(&rng, PSX_RAND_ALL, 120, &s);
    uint32_t st_block, st_word, st_random;
    uint16_t *block = run_split(&s, 0, &st_block);
    uint16_t *word = run_split(&s, 1, &st_word);
    uint16_t *random = run_split(&s, 2, &st_random);
    assert_memory_equal(block, word, 1024 * 512 * 2);
    assert_memory_equal(block, random, 1024 * 512 * 2);
    assert_int_equal(st_block, st_word);
    assert_int_equal(st_block, st_random);
    free(block);
    free(word);
    free(random);
    psx_stream_free(&s);
}

/* ---- polylines ---------------------------------------------------------------------- */

static void polyline_termination(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* flat white polyline (0,0)-(4,0)-(4,3), ended by 55555555h */
    PT_GP0(psx, 0x48FFFFFFu, 0x00000000u, 0x00000004u, 0x00030004u, 0x55555555u);
    for (uint32_t x = 0; x <= 4; x++)
        assert_int_equal(pt_pixel(psx, x, 0), 0x7FFF);
    for (uint32_t y = 0; y <= 3; y++)
        assert_int_equal(pt_pixel(psx, 4, y), 0x7FFF);
    assert_int_equal(pt_pixel(psx, 5, 0), 0);
    assert_true(glhle_psx_gpustat(psx) & (1u << 26)); /* idle again */

    /* the first two vertices are never terminators: 50005000h is (0,0) */
    PT_GP0(psx, 0x480000FFu, 0x00100010u, 0x50005000u, 0x50005000u);
    assert_int_equal(pt_pixel(psx, 8, 8), 0x001F); /* (16,16)-(0,0) was drawn */
    assert_true(glhle_psx_gpustat(psx) & (1u << 26));

    /* Gouraud: the terminator replaces the colour word; a position word
     * matching the pattern is a vertex. */
    PT_GP0(psx, 0x58FF0000u, 0x00200000u, 0x00FF0000u, 0x00200008u, 0x00FF0000u, 0x50005000u);
    assert_false(glhle_psx_gpustat(psx) & (1u << 26)); /* 50005000h was the vertex (0,0) */
    PT_GP0(psx, 0x5FFF5FFFu);                         /* in the colour slot: the end */
    assert_true(glhle_psx_gpustat(psx) & (1u << 26));
    uint16_t blue = pt_rgb15(0, 0, 0xFF);
    assert_int_equal(pt_pixel(psx, 0, 32), blue);
    assert_int_equal(pt_pixel(psx, 8, 32), blue);
    /* (8,32)-(0,0) is drawn from (0,0): at y = 16, x = floor((2*16*8 + 32-1) / 64) = 4 */
    assert_int_equal(pt_pixel(psx, 4, 16), blue);
    assert_int_equal(pt_pixel(psx, 3, 16), 0);
    glhle_psx_destroy(psx);
}

/* ---- transfers ------------------------------------------------------------------------ */

static void upload_and_readback_wrap(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* 3x2 at (1022,511) wraps to column 0 and row 0 (psx-spx "Wrapping") */
    PT_GP0(psx, 0xA0000000u, 0x01FF03FEu, 0x00020003u, 0x00020001u, 0x00040003u, 0x00060005u);
    assert_int_equal(pt_pixel(psx, 1022, 511), 1);
    assert_int_equal(pt_pixel(psx, 1023, 511), 2);
    assert_int_equal(pt_pixel(psx, 0, 511), 3);
    assert_int_equal(pt_pixel(psx, 1022, 0), 4);
    assert_int_equal(pt_pixel(psx, 1023, 0), 5);
    assert_int_equal(pt_pixel(psx, 0, 0), 6);
    /* read it back through GPUREAD: two pixels per word, first in the low half */
    PT_GP0(psx, 0xC0000000u, 0x01FF03FEu, 0x00020003u);
    assert_true(glhle_psx_gpustat(psx) & (1u << 27));
    assert_int_equal(glhle_psx_gpuread(psx), 0x00020001u);
    assert_int_equal(glhle_psx_gpuread(psx), 0x00040003u);
    assert_int_equal(glhle_psx_gpuread(psx), 0x00060005u);
    assert_false(glhle_psx_gpustat(psx) & (1u << 27));
    assert_int_equal(glhle_psx_gpuread(psx), 0x00060005u); /* the latch keeps the last word */
    /* an odd count is padded with 0 */
    PT_GP0(psx, 0xC0000000u, 0x01FF03FEu, 0x00010003u);
    assert_int_equal(glhle_psx_gpuread(psx), 0x00020001u);
    assert_int_equal(glhle_psx_gpuread(psx), 0x00000003u);
    glhle_psx_destroy(psx);
}

static void transfer_sizes(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* size 0 means 1024 x 512 ("Size=0 is handled as Size=max"): the read
     * holds 262144 words */
    PT_GP0(psx, 0xC0000000u, 0, 0);
    for (uint32_t i = 0; i < 262143; i++)
        glhle_psx_gpuread(psx);
    assert_true(glhle_psx_gpustat(psx) & (1u << 27));
    glhle_psx_gpuread(psx);
    assert_false(glhle_psx_gpustat(psx) & (1u << 27));
    /* raw height 513 is 1 row, 520 is 8 (psx-spx example); width 1025 is 1 */
    PT_GP0(psx, 0xC0000000u, 0, (513u << 16) | 1025u);
    glhle_psx_gpuread(psx);
    assert_false(glhle_psx_gpustat(psx) & (1u << 27));
    PT_GP0(psx, 0xC0000000u, 0, (520u << 16) | 2u);
    for (int i = 0; i < 8; i++) {
        assert_true(glhle_psx_gpustat(psx) & (1u << 27));
        glhle_psx_gpuread(psx);
    }
    assert_false(glhle_psx_gpustat(psx) & (1u << 27));
    glhle_psx_destroy(psx);
}

static void copy_overlap(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* column 0 rows 0-3 hold 1, 2, 3, 4; row 10 holds 1..4 across */
    PT_GP0(psx, 0xA0000000u, 0, 0x00040001u, 0x00020001u, 0x00040003u);
    PT_GP0(psx, 0xA0000000u, 0x000A0000u, 0x00010004u, 0x00020001u, 0x00040003u);
    /* 1x4 from (0,0) to (0,1): rows go top to bottom, so each reads the row
     * the previous one wrote: rows 1-4 all become 1 */
    PT_GP0(psx, 0x80000000u, 0, 0x00010000u, 0x00040001u);
    for (uint32_t y = 0; y <= 4; y++)
        assert_int_equal(pt_pixel(psx, 0, y), 1);
    /* 4x1 from (0,10) to (1,10): a row is read before it is written */
    PT_GP0(psx, 0x80000000u, 0x000A0000u, 0x000A0001u, 0x00010004u);
    for (uint32_t x = 0; x < 5; x++)
        assert_int_equal(pt_pixel(psx, x, 10), x == 0 ? 1 : x);
    /* copying upwards reads rows before they are overwritten */
    PT_GP0(psx, 0xA0000000u, 0x00140000u, 0x00040001u, 0x00060005u, 0x00080007u);
    PT_GP0(psx, 0x80000000u, 0x00150000u, 0x00140000u, 0x00030001u);
    assert_int_equal(pt_pixel(psx, 0, 20), 6);
    assert_int_equal(pt_pixel(psx, 0, 21), 7);
    assert_int_equal(pt_pixel(psx, 0, 22), 8);
    assert_int_equal(pt_pixel(psx, 0, 23), 8);
    glhle_psx_destroy(psx);
}

static void transfer_masks(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    PT_GP0(psx, 0xA0000000u, 0, 0x00010002u, 0x80011234u); /* (0,0)=1234h, (1,0)=8001h (masked) */
    PT_GP0(psx, 0xE6000003u);                             /* set and check */
    PT_GP0(psx, 0xA0000000u, 0, 0x00010002u, 0x00220011u);
    assert_int_equal(pt_pixel(psx, 0, 0), 0x8011); /* written with bit 15 set */
    assert_int_equal(pt_pixel(psx, 1, 0), 0x8001); /* protected */
    PT_GP0(psx, 0x80000000u, 0, 0x00000005u, 0x00010002u); /* copy obeys the mask too */
    assert_int_equal(pt_pixel(psx, 5, 0), 0x8011);
    /* fill ignores the mask and the drawing area; it writes bit 15 as 0 */
    PT_GP0(psx, 0xE3000000u | 100u, 0xE4000000u | 100u);
    PT_GP0(psx, 0x02FFFFFFu, 0, 0x00010001u);
    assert_int_equal(pt_pixel(psx, 1, 0), 0x7FFF);
    assert_int_equal(pt_pixel(psx, 15, 0), 0x7FFF); /* 1 wide rounds up to 16 */
    assert_int_equal(pt_pixel(psx, 16, 0), 0);
    glhle_psx_destroy(psx);
}

static void fill_rounding_and_wrap(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* X 3F7h -> 3F0h, width 3F1h -> 400h: the whole row from 3F0h, wrapping
     * (psx-spx "Masking and Rounding for FILL"); Y 205h -> 5; colour 08 10 18 -> 1,2,3 */
    PT_GP0(psx, 0x02181008u, 0x020503F7u, 0x000103F1u);
    uint16_t c = 1 | (2 << 5) | (3 << 10);
    assert_int_equal(pt_pixel(psx, 0x3F0, 5), c);
    assert_int_equal(pt_pixel(psx, 0x3EF, 5), c); /* wrapped all the way round */
    assert_int_equal(pt_pixel(psx, 0, 5), c);
    assert_int_equal(pt_pixel(psx, 0, 6), 0);
    /* width 400h is taken as 0: nothing */
    PT_GP0(psx, 0x02FFFFFFu, 0x00070000u, 0x00010400u);
    assert_int_equal(pt_pixel(psx, 0, 7), 0);
    /* height wraps at 512 */
    PT_GP0(psx, 0x02FFFFFFu, 0x01FF0000u, 0x00020010u);
    assert_int_equal(pt_pixel(psx, 0, 511), 0x7FFF);
    assert_int_equal(pt_pixel(psx, 0, 0), 0x7FFF);
    glhle_psx_destroy(psx);
}

/* ---- bad input ------------------------------------------------------------------------ */

static void unknown_and_truncated(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    ts_log_clear();
    /* F0h..FFh are not documented: one-word no-ops, BAD_DATA with the offset */
    const uint32_t words[] = {0xF0123456u, 0x68FFFFFFu, 0x00000003u};
    assert_int_equal(glhle_psx_gp0_block(psx, words, 3), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("GP0 word 2: unknown command F0h"));
    assert_int_equal(pt_pixel(psx, 3, 0), 0x7FFF); /* the rest ran */
    /* a quad cut short at the end of the stream */
    PT_GP0(psx, 0x28FFFFFFu, 0x00000000u);
    assert_int_equal(glhle_psx_end_stream(psx), GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("has 2 of its 5 words"));
    assert_int_equal(glhle_psx_end_stream(psx), GLHLE_RESULT_OK);
    /* an upload cut short keeps what arrived */
    PT_GP0(psx, 0xA0000000u, 0x00400000u, 0x00020002u, 0x00BB00AAu);
    assert_int_equal(glhle_psx_end_stream(psx), GLHLE_RESULT_TRUNCATED);
    assert_int_equal(pt_pixel(psx, 0, 64), 0xAA);
    assert_int_equal(pt_pixel(psx, 1, 64), 0xBB);
    assert_int_equal(pt_pixel(psx, 0, 65), 0);
    /* and the instance goes on */
    PT_GP0(psx, 0x680000FFu, 0x00000009u);
    assert_int_equal(pt_pixel(psx, 9, 0), 0x001F);
    glhle_psx_stats st;
    glhle_psx_get_stats(psx, &st);
    assert_int_equal(st.bad_words, 1);
    glhle_psx_destroy(psx);
}

static void interrupt_request(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    assert_false(glhle_psx_gpustat(psx) & (1u << 24));
    PT_GP0(psx, 0x1F000000u);
    assert_true(glhle_psx_gpustat(psx) & (1u << 24));
    assert_int_equal(glhle_psx_gp1(psx, 0x02000000u), GLHLE_RESULT_OK);
    assert_false(glhle_psx_gpustat(psx) & (1u << 24));
    glhle_psx_destroy(psx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(command_word_counts),
        cmocka_unit_test(commands_complete_on_their_last_word),
        cmocka_unit_test(seed_flat_triangle),
        cmocka_unit_test(vertex_offset_and_unused_bits),
        cmocka_unit_test(texpage_attribute_changes_e1),
        cmocka_unit_test(split_commands_across_calls),
        cmocka_unit_test(polyline_termination),
        cmocka_unit_test(upload_and_readback_wrap),
        cmocka_unit_test(transfer_sizes),
        cmocka_unit_test(copy_overlap),
        cmocka_unit_test(transfer_masks),
        cmocka_unit_test(fill_rounding_and_wrap),
        cmocka_unit_test(unknown_and_truncated),
        cmocka_unit_test(interrupt_request),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
