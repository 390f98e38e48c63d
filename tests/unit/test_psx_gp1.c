/* backend/psx/gp1.c: GP1 commands, GPUSTAT bit by bit, GPUREAD latches and
 * the display area, against psx-spx "GPU Display Control Commands (GP1)" and
 * "GPU Status Register". */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "support/psx_testing.h"

#define B(n) (1u << (n))

static void gpustat_after_reset(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* "Accordingly, GPUSTAT becomes 14802000h" (GP1(00h)): field bit 13,
     * display off 23, ready for commands 26 and DMA blocks 28 */
    assert_int_equal(glhle_psx_gpustat(psx), 0x14802000u);
    PT_GP0(psx, 0xE1003FFFu, 0xE6000003u, 0x1F000000u);
    assert_int_equal(glhle_psx_gp1(psx, 0x08000077u), GLHLE_RESULT_OK);
    assert_int_not_equal(glhle_psx_gpustat(psx), 0x14802000u);
    assert_int_equal(glhle_psx_gp1(psx, 0x09000001u), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_gp1(psx, 0x00000000u), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_gpustat(psx), 0x14802000u);
    glhle_psx_destroy(psx);
}

static void gpustat_draw_mode_bits(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* GP0(E1h) bits 0-10 -> GPUSTAT 0-10, bit 11 -> 15; bits 12-13 and 14-23 do not show */
    PT_GP0(psx, 0xE1FFFFFFu);
    assert_int_equal(glhle_psx_gpustat(psx) & 0xFFFFu, 0x87FFu | B(13));
    /* GP0(E6h) bits 0-1 -> 11-12 */
    PT_GP0(psx, 0xE6FFFFFFu);
    assert_int_equal(glhle_psx_gpustat(psx) & (B(11) | B(12)), B(11) | B(12));
    PT_GP0(psx, 0xE6000001u);
    assert_int_equal(glhle_psx_gpustat(psx) & (B(11) | B(12)), B(11));
    glhle_psx_destroy(psx);
}

static void gpustat_display_mode_bits(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* GP1(08h) FFh: 0-1 -> 17-18, 2 -> 19, 3 -> 20, 4 -> 21, 5 -> 22, 6 -> 16,
     * 7 -> 14; with interlace on, bit 13 is the field (0 here) */
    glhle_psx_gp1(psx, 0x080000FFu);
    assert_int_equal(glhle_psx_gpustat(psx),
                     B(14) | B(16) | (3u << 17) | B(19) | B(20) | B(21) | B(22) | B(23) | B(26) | B(28));
    glhle_psx_gp1(psx, 0x03000000u); /* display on: bit 23 clear */
    assert_false(glhle_psx_gpustat(psx) & B(23));
    glhle_psx_gp1(psx, 0x43000001u); /* 40h..FFh mirror 00h..3Fh: display off */
    assert_true(glhle_psx_gpustat(psx) & B(23));
    glhle_psx_destroy(psx);
}

static void gpustat_dma_and_ready_bits(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    uint32_t base = 0x14802000u;
    glhle_psx_gp1(psx, 0x04000001u); /* FIFO: bit 25 = not full */
    assert_int_equal(glhle_psx_gpustat(psx), base | B(25) | (1u << 29));
    glhle_psx_gp1(psx, 0x04000002u); /* CPU to GP0: bit 25 = bit 28 */
    assert_int_equal(glhle_psx_gpustat(psx), base | B(25) | (2u << 29));
    glhle_psx_gp1(psx, 0x04000003u); /* GPUREAD to CPU: bit 25 = bit 27, clear */
    assert_int_equal(glhle_psx_gpustat(psx), base | (3u << 29));
    PT_GP0(psx, 0xC0000000u, 0, 0x00010002u); /* a read is waiting: 27 set, 26 and 28 clear */
    assert_int_equal(glhle_psx_gpustat(psx), (base & ~(B(26) | B(28))) | B(27) | B(25) | (3u << 29));
    glhle_psx_gpuread(psx);
    assert_int_equal(glhle_psx_gpustat(psx), base | (3u << 29));
    glhle_psx_gp1(psx, 0x04000000u);
    PT_GP0(psx, 0x30000000u); /* parameters pending: 26 clear, 28 set */
    assert_int_equal(glhle_psx_gpustat(psx), base & ~B(26));
    /* GP1(01h) drops the half-received command */
    glhle_psx_gp1(psx, 0x01000000u);
    assert_int_equal(glhle_psx_gpustat(psx), base);
    PT_GP0(psx, 0x680000FFu, 0x00000000u);
    assert_int_equal(pt_pixel(psx, 0, 0), 0x001F);
    glhle_psx_destroy(psx);
}

static void gpu_info_latch(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    PT_GP0(psx, 0xE2FFFFFFu, 0xE3FFFFFFu, 0xE4ABCDEFu, 0xE5FFFFFFu);
    glhle_psx_gp1(psx, 0x10000002u);
    assert_int_equal(glhle_psx_gpuread(psx), 0x000FFFFFu); /* texture window, 20 bits */
    glhle_psx_gp1(psx, 0x10000003u);
    assert_int_equal(glhle_psx_gpuread(psx), 0x000FFFFFu); /* area top left, 20 bits on v2 */
    glhle_psx_gp1(psx, 0x10000004u);
    assert_int_equal(glhle_psx_gpuread(psx), 0x000BCDEFu);
    glhle_psx_gp1(psx, 0x10000005u);
    assert_int_equal(glhle_psx_gpuread(psx), 0x003FFFFFu); /* offset, 22 bits */
    glhle_psx_gp1(psx, 0x10000007u);
    assert_int_equal(glhle_psx_gpuread(psx), 2u); /* GPU version */
    glhle_psx_gp1(psx, 0x10000000u);             /* 0, 1, 6, 9-Fh leave it */
    glhle_psx_gp1(psx, 0x10000006u);
    glhle_psx_gp1(psx, 0x1000000Fu);
    assert_int_equal(glhle_psx_gpuread(psx), 2u);
    glhle_psx_gp1(psx, 0x10000008u);
    assert_int_equal(glhle_psx_gpuread(psx), 0u);
    glhle_psx_gp1(psx, 0x1F000012u); /* 11h..1Fh mirror 10h; index 12h mirrors 2 */
    assert_int_equal(glhle_psx_gpuread(psx), 0x000FFFFFu);
    glhle_psx_destroy(psx);
}

static void unknown_gp1(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    ts_log_clear();
    assert_int_equal(glhle_psx_gp1(psx, 0x0A123456u), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(glhle_psx_gp1(psx, 0x20000504u), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("GP1 word 1: command 20h"));
    assert_int_equal(glhle_psx_gpustat(psx), 0x14802000u);
    glhle_psx_destroy(psx);
}

static void display_area(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    glhle_psx_display d;
    glhle_psx_get_display(psx, &d);
    /* after reset: X1/X2 200h/200h+2560 in 256 mode (/10), Y 10h..100h */
    assert_int_equal(d.width, 256);
    assert_int_equal(d.height, 240);
    assert_false(d.enabled);
    /* 320 x 480 interlaced NTSC from (100, 200): (2560/8 + 2) & ~3 = 320 */
    glhle_psx_gp1(psx, 0x05000000u | 100u | (200u << 10));
    glhle_psx_gp1(psx, 0x06000000u | 0x260u | ((0x260u + 2560u) << 12));
    glhle_psx_gp1(psx, 0x07000000u | 0x10u | (0x100u << 10));
    glhle_psx_gp1(psx, 0x08000025u);
    glhle_psx_gp1(psx, 0x03000000u);
    glhle_psx_get_display(psx, &d);
    assert_int_equal(d.x, 100);
    assert_int_equal(d.y, 200);
    assert_int_equal(d.width, 320);
    assert_int_equal(d.height, 480);
    assert_true(d.enabled && d.interlaced && !d.pal && !d.depth24);
    /* 368 mode divides by 7: (2576/7 + 2) & ~3 = 370 & ~3 = 368 */
    glhle_psx_gp1(psx, 0x06000000u | 0x260u | ((0x260u + 2576u) << 12));
    glhle_psx_gp1(psx, 0x08000040u);
    glhle_psx_get_display(psx, &d);
    assert_int_equal(d.width, 368);
    assert_int_equal(d.height, 240);
    /* X2 <= X1 shows nothing */
    glhle_psx_gp1(psx, 0x06000000u | 0x500u | (0x400u << 12));
    glhle_psx_get_display(psx, &d);
    assert_int_equal(d.width, 0);
    uint8_t px[4];
    assert_int_equal(glhle_psx_read_display_rgba(psx, px, sizeof px), GLHLE_RESULT_INVALID_ARGUMENT);
    glhle_psx_destroy(psx);
}

static void display_pixels(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* a 4x1 display at (1022, 0): 15-bit pixels wrap to column 0 */
    glhle_psx_gp1(psx, 0x05000000u | 1022u);
    glhle_psx_gp1(psx, 0x06000000u | 0x200u | ((0x200u + 4u * 10u) << 12)); /* (40/10 + 2) & ~3 = 4 */
    glhle_psx_gp1(psx, 0x07000000u | 0x10u | (0x11u << 10));
    glhle_psx_gp1(psx, 0x03000000u);
    PT_GP0(psx, 0xA0000000u, 0x000003FEu, 0x00010004u, 0x03E0001Fu, 0x80017C00u);
    uint8_t rgba[16];
    assert_int_equal(glhle_psx_read_display_rgba(psx, rgba, sizeof rgba), GLHLE_RESULT_OK);
    const uint8_t want15[16] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 8, 0, 0, 255};
    assert_memory_equal(rgba, want15, 16); /* 1Fh -> FFh, 01h -> (1<<3)|(1>>2) = 08h */
    /* 24-bit: bytes 11 22 33 44 55 66 make two pixels */
    glhle_psx_gp1(psx, 0x05000000u | 8u);
    glhle_psx_gp1(psx, 0x08000010u);
    PT_GP0(psx, 0xA0000000u, 0x00000008u, 0x00010004u, 0x44332211u, 0x00006655u);
    assert_int_equal(glhle_psx_read_display_rgba(psx, rgba, sizeof rgba), GLHLE_RESULT_OK);
    const uint8_t want24[8] = {0x11, 0x22, 0x33, 255, 0x44, 0x55, 0x66, 255};
    assert_memory_equal(rgba, want24, 8);
    /* display off: black */
    glhle_psx_gp1(psx, 0x03000001u);
    assert_int_equal(glhle_psx_read_display_rgba(psx, rgba, sizeof rgba), GLHLE_RESULT_OK);
    for (int i = 0; i < 16; i++)
        assert_int_equal(rgba[i], (i & 3) == 3 ? 255 : 0);
    glhle_psx_destroy(psx);
}

static void bad_descs(void **state)
{
    (void)state;
    glhle_psx *psx = NULL;
    glhle_psx_desc d = {0};
    d.renderer = GLHLE_PSX_RENDERER_SOFTWARE;
    d.log = ts_log_fn;
    d.resolution_scale = 2;
    ts_log_clear();
    assert_int_equal(glhle_psx_create(NULL, &d, &psx), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("1x only"));
    d.resolution_scale = 9;
    assert_int_equal(glhle_psx_create(NULL, &d, &psx), GLHLE_RESULT_INVALID_ARGUMENT);
    d.renderer = GLHLE_PSX_RENDERER_GL;
    d.resolution_scale = 1;
    assert_int_equal(glhle_psx_create(NULL, &d, &psx), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("needs a glhle_context"));
    assert_null(psx);
    glhle_psx_destroy(NULL);
    /* API rectangles are checked */
    psx = pt_sw();
    uint16_t v[4];
    assert_int_equal(glhle_psx_read_vram(psx, 0, 0, 0, 1, v), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_psx_read_vram(psx, 0, 0, 1025, 1, v), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_psx_write_vram(psx, 1023, 511, 2, 2, (const uint16_t[]){1, 2, 3, 4}), GLHLE_RESULT_OK);
    assert_int_equal(pt_pixel(psx, 0, 0), 4); /* wraps */
    uint8_t small[4];
    assert_int_equal(glhle_psx_read_vram_rgba(psx, small, sizeof small), GLHLE_RESULT_INVALID_ARGUMENT);
    glhle_psx_destroy(psx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gpustat_after_reset),
        cmocka_unit_test(gpustat_draw_mode_bits),
        cmocka_unit_test(gpustat_display_mode_bits),
        cmocka_unit_test(gpustat_dma_and_ready_bits),
        cmocka_unit_test(gpu_info_latch),
        cmocka_unit_test(unknown_gp1),
        cmocka_unit_test(display_area),
        cmocka_unit_test(display_pixels),
        cmocka_unit_test(bad_descs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
