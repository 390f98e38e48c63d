/* Display transfers and memory fills against values measured on a 3DS.
 *
 * citra-emu/hwtests (source/tests/gpu/displaytransfer.cpp and
 * memoryfills.cpp) run GX display transfers and memory fills on the console
 * and assert the words that come out; the cases below use the inputs,
 * register values and expected words of the tests it runs (not the ones
 * commented out there as freezing the console), through the public API on a
 * GL-free instance (the CPU path, which the GL tests hold the GPU path to).
 * Their Dimensions(a, b) puts a in the low half of the size register, the
 * width. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "glhle/pica.h"

#define BASE 0x18000000u
#define IN_OFF 0x00000u
#define OUT_OFF 0x40000u
#define MEM_SIZE 0x100000u
#define BIG_OUT_OFF 0x100000u /* the different-sizes case: 0x200 x 0x190 RGBA8 in, 0xF0 x 0x190 RGB8 out */
#define BIG_MEM_SIZE 0x200000u

enum {
    IN_RGBA8 = 0 << 8,
    IN_RGB8 = 1 << 8,
    IN_RGB5A1 = 3 << 8,
    IN_RGBA4 = 4 << 8,
    OUT_RGBA8 = 0 << 12,
    OUT_RGB8 = 1 << 12,
    OUT_RGB565 = 2 << 12,
    OUT_RGB5A1 = 3 << 12,
    OUT_RGBA4 = 4 << 12,
    LINEAR_TO_TILED = 1 << 1,
    CROP = 1 << 2,
    RAW_COPY = 1 << 3,
    NO_SWIZZLE = 1 << 5,
    BIT16 = 1 << 16,
    DOWNSCALE_2X1 = 1 << 24,
    DOWNSCALE_2X2 = 1 << 25,
};

typedef struct env {
    glhle_pica *p;
    uint8_t *mem;
} env;

static int setup(void **state)
{
    env *e = calloc(1, sizeof *e);
    assert_non_null(e);
    e->mem = calloc(1, MEM_SIZE);
    assert_non_null(e->mem);
    glhle_pica_desc d = {.log = ts_log_fn, .log_level = GLHLE_LOG_WARN};
    assert_int_equal(glhle_pica_create(NULL, &d, &e->p), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_map_memory(e->p, BASE, e->mem, MEM_SIZE), GLHLE_RESULT_OK);
    *state = e;
    return 0;
}

static int teardown(void **state)
{
    env *e = *state;
    glhle_pica_destroy(e->p);
    free(e->mem);
    free(e);
    return 0;
}

static uint32_t *in32(env *e)
{
    return (uint32_t *)(void *)(e->mem + IN_OFF);
}

static uint32_t *out32(env *e)
{
    return (uint32_t *)(void *)(e->mem + OUT_OFF);
}

/* The hwtests' DisplayTransferAndWait on 128x128 buffers; returns out[0]. */
static uint32_t transfer_wh(env *e, uint32_t in_w, uint32_t in_h, uint32_t out_w, uint32_t out_h, uint32_t flags)
{
    const glhle_pica_display_transfer t = {
        .input_address = (BASE + IN_OFF) >> 3,
        .output_address = (BASE + OUT_OFF) >> 3,
        .output_size = out_w | out_h << 16,
        .input_size = in_w | in_h << 16,
        .flags = flags,
    };
    assert_int_equal(glhle_pica_transfer(e->p, &t), GLHLE_RESULT_OK);
    return out32(e)[0];
}

static uint32_t transfer(env *e, uint32_t input0, uint32_t flags)
{
    memset(e->mem, 0, MEM_SIZE);
    in32(e)[0] = input0;
    return transfer_wh(e, 0x80, 0x80, 0x80, 0x80, flags);
}

typedef struct conv_case {
    uint32_t flags, input, output;
} conv_case;

static void format_conversions(void **state)
{
    env *e = *state;
    static const conv_case cases[] = {
        /* RGBA8 -> RGBA8 */
        {IN_RGBA8 | OUT_RGBA8, 0xFF000000, 0xFF000000}, {IN_RGBA8 | OUT_RGBA8, 0x00FF0000, 0x00FF0000},
        {IN_RGBA8 | OUT_RGBA8, 0x0000FF00, 0x0000FF00}, {IN_RGBA8 | OUT_RGBA8, 0x000000FF, 0x000000FF},
        /* RGBA8 -> RGB8 */
        {IN_RGBA8 | OUT_RGB8, 0xFF000000, 0x00FF0000}, {IN_RGBA8 | OUT_RGB8, 0x00FF0000, 0x0000FF00},
        {IN_RGBA8 | OUT_RGB8, 0x0000FF00, 0x000000FF}, {IN_RGBA8 | OUT_RGB8, 0x000000FF, 0x00000000},
        /* RGBA8 -> RGB565 */
        {IN_RGBA8 | OUT_RGB565, 0xFF000000, 0xF800}, {IN_RGBA8 | OUT_RGB565, 0x00FF0000, 0x07E0},
        {IN_RGBA8 | OUT_RGB565, 0x0000FF00, 0x001F}, {IN_RGBA8 | OUT_RGB565, 0x000000FF, 0x0000},
        /* RGBA8 -> RGB5A1: alpha 128 and up sets the bit */
        {IN_RGBA8 | OUT_RGB5A1, 0xFF000000, 0xF800}, {IN_RGBA8 | OUT_RGB5A1, 0x00FF0000, 0x07C0},
        {IN_RGBA8 | OUT_RGB5A1, 0x0000FF00, 0x003E}, {IN_RGBA8 | OUT_RGB5A1, 0x000000FF, 0x0001},
        {IN_RGBA8 | OUT_RGB5A1, 0x00000064, 0x0000}, {IN_RGBA8 | OUT_RGB5A1, 0x0000007F, 0x0000},
        {IN_RGBA8 | OUT_RGB5A1, 0x00000080, 0x0001}, {IN_RGBA8 | OUT_RGB5A1, 0x000000FE, 0x0001},
        /* RGBA8 -> RGBA4: the top four bits */
        {IN_RGBA8 | OUT_RGBA4, 0xFF000000, 0xF000}, {IN_RGBA8 | OUT_RGBA4, 0x00FF0000, 0x0F00},
        {IN_RGBA8 | OUT_RGBA4, 0x0000FF00, 0x00F0}, {IN_RGBA8 | OUT_RGBA4, 0x000000FF, 0x000F},
        {IN_RGBA8 | OUT_RGBA4, 0x00000064, 0x0006}, {IN_RGBA8 | OUT_RGBA4, 0x0000007F, 0x0007},
        {IN_RGBA8 | OUT_RGBA4, 0x00000080, 0x0008}, {IN_RGBA8 | OUT_RGBA4, 0x000000FE, 0x000F},
        /* RGB8 -> RGB8 */
        {IN_RGB8 | OUT_RGB8, 0xFF0000, 0xFF0000}, {IN_RGB8 | OUT_RGB8, 0x00FF00, 0x00FF00},
        {IN_RGB8 | OUT_RGB8, 0x0000FF, 0x0000FF},
        /* RGB5A1 -> RGB565, RGB5A1, RGBA4 */
        {IN_RGB5A1 | OUT_RGB565, 0xF800, 0xF800}, {IN_RGB5A1 | OUT_RGB565, 0x07C0, 0x07E0},
        {IN_RGB5A1 | OUT_RGB565, 0x003E, 0x001F}, {IN_RGB5A1 | OUT_RGB565, 0x0001, 0x0000},
        {IN_RGB5A1 | OUT_RGB5A1, 0xF800, 0xF800}, {IN_RGB5A1 | OUT_RGB5A1, 0x07C0, 0x07C0},
        {IN_RGB5A1 | OUT_RGB5A1, 0x003E, 0x003E}, {IN_RGB5A1 | OUT_RGB5A1, 0x0001, 0x0001},
        {IN_RGB5A1 | OUT_RGBA4, 0xF800, 0xF000}, {IN_RGB5A1 | OUT_RGBA4, 0x07C0, 0x0F00},
        {IN_RGB5A1 | OUT_RGBA4, 0x003E, 0x00F0}, {IN_RGB5A1 | OUT_RGBA4, 0x0001, 0x000F},
        /* RGBA4 -> RGB5A1: alpha 8 and up sets the bit */
        {IN_RGBA4 | OUT_RGB5A1, 0xF000, 0xF800}, {IN_RGBA4 | OUT_RGB5A1, 0x0F00, 0x07C0},
        {IN_RGBA4 | OUT_RGB5A1, 0x00F0, 0x003E}, {IN_RGBA4 | OUT_RGB5A1, 0x000F, 0x0001},
        {IN_RGBA4 | OUT_RGB5A1, 0x0008, 0x0001}, {IN_RGBA4 | OUT_RGB5A1, 0x0007, 0x0000},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const uint32_t got = transfer(e, cases[i].input, cases[i].flags);
        if (got != cases[i].output)
            fail_msg("case %zu: flags 0x%05X input 0x%08X -> 0x%08X, the console gives 0x%08X", i, cases[i].flags,
                     cases[i].input, got, cases[i].output);
    }
}

static void downscales(void **state)
{
    env *e = *state;
    assert_int_equal(transfer(e, 0xFF000000, IN_RGBA8 | OUT_RGBA8 | DOWNSCALE_2X1), 0x7F000000);
    assert_int_equal(transfer(e, 0xFF000000, IN_RGBA8 | OUT_RGBA8), 0xFF000000);
    assert_int_equal(transfer(e, 0xFFFF0000, IN_RGBA8 | OUT_RGBA8 | DOWNSCALE_2X1), 0x7F7F0000);
    static const struct {
        uint32_t in[3], flags, out0;
    } cases[] = {
        {{0xFFFF0000, 0xFF000000, 0}, DOWNSCALE_2X1, 0xFF7F0000},
        {{0xFFFF0000, 0xFF0000FF, 0}, DOWNSCALE_2X1, 0xFF7F007F},
        {{0xFFFF0000, 0xFF0000FF, 0}, DOWNSCALE_2X2, 0x7F3F003F}, /* four texels */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(e->mem, 0, MEM_SIZE);
        memcpy(in32(e), cases[i].in, sizeof cases[i].in);
        assert_int_equal(transfer_wh(e, 0x80, 0x80, 0x80, 0x80, IN_RGBA8 | OUT_RGBA8 | cases[i].flags), cases[i].out0);
    }
    /* texel 2 is (0, 1): with 2x1 its row is the next output row, 64 wide */
    memset(e->mem, 0, MEM_SIZE);
    in32(e)[0] = 0xFFFF0000;
    in32(e)[1] = 0x00FF0000;
    in32(e)[2] = 0xFF000000;
    assert_int_equal(transfer_wh(e, 0x80, 0x80, 0x80, 0x80, IN_RGBA8 | OUT_RGBA8 | DOWNSCALE_2X1), 0x7FFF0000);
    assert_int_equal(out32(e)[0x40], 0x7F000000);
}

static void z_curve_and_no_swizzle(void **state)
{
    env *e = *state;
    for (int mode = 0; mode < 3; mode++) { /* tiled to linear, the same with bit 16, linear to tiled */
        memset(e->mem, 0, MEM_SIZE);
        const bool to_tiled = mode == 2;
        uint32_t *in = in32(e), *out = out32(e);
        in[1] = 0xABCDE;
        in[to_tiled ? 0x80 : 2] = 0xDEF00;
        in[to_tiled ? 2 * 0x80 + 3 : 13] = 0xAAAAAA;
        transfer_wh(e, 0x80, 0x80, 0x80, 0x80,
                    IN_RGBA8 | OUT_RGBA8 | (to_tiled ? LINEAR_TO_TILED : 0) | (mode == 1 ? BIT16 : 0));
        assert_int_equal(out[1], 0xABCDE);
        assert_int_equal(out[to_tiled ? 2 : 0x80], 0xDEF00);
        assert_int_equal(out[to_tiled ? 13 : 2 * 0x80 + 3], 0xAAAAAA);
    }
    for (int to_tiled = 0; to_tiled < 2; to_tiled++) { /* bit 5: words stay where they are */
        memset(e->mem, 0, MEM_SIZE);
        in32(e)[1] = 0xABCDE;
        in32(e)[2] = 0xDEF00;
        in32(e)[13] = 0xAAAAAA;
        transfer_wh(e, 0x80, 0x80, 0x80, 0x80, IN_RGBA8 | OUT_RGBA8 | NO_SWIZZLE | (to_tiled ? LINEAR_TO_TILED : 0));
        assert_int_equal(out32(e)[1], 0xABCDE);
        assert_int_equal(out32(e)[2], 0xDEF00);
        assert_int_equal(out32(e)[13], 0xAAAAAA);
    }
}

/* RGBA8_To_RGB8_Different_Sizes: a 512x400 tiled input, a 240x400 linear
 * output, no crop bit. The console writes 0x00FF0000 into output word
 * 0x1193F (the last word: the last pixel's G), where the input holds
 * G = 0xFF in word 0xF0 * 0x190 - 1, the last texel of a 240-wide tiled
 * image; nothing is written past the output. With bit 2 the input lines
 * are cropped instead: the last output pixel then comes from the texel at
 * (239, 399) of the 512-wide image, tiled offset 392*512 + 29*64 + 63. */
static void different_sizes(void **state)
{
    (void)state;
    uint8_t *mem = calloc(1, BIG_MEM_SIZE);
    assert_non_null(mem);
    glhle_pica *p;
    glhle_pica_desc d = {.log = ts_log_fn, .log_level = GLHLE_LOG_WARN};
    assert_int_equal(glhle_pica_create(NULL, &d, &p), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_map_memory(p, BASE, mem, BIG_MEM_SIZE), GLHLE_RESULT_OK);
    uint32_t *in = (uint32_t *)(void *)mem, *out = (uint32_t *)(void *)(mem + BIG_OUT_OFF);
    static const uint32_t colours[4][2] = {
        {0xFF000000, 0x00FF0000}, {0x00FF0000, 0x0000FF00}, {0x0000FF00, 0x000000FF}, {0x000000FF, 0}};
    for (int crop = 0; crop < 2; crop++)
        for (int c = 0; c < 4; c++) {
            memset(mem, 0, BIG_MEM_SIZE);
            in[0] = colours[c][0];
            in[0x200 * 0x190 - 1] = 0x0000FF00;
            in[0xF0 * 0x190 - 1] = 0x00FF0000;
            in[392 * 512 + 29 * 64 + 63] = 0xFF000000;
            const glhle_pica_display_transfer t = {
                .input_address = BASE >> 3,
                .output_address = (BASE + BIG_OUT_OFF) >> 3,
                .output_size = 0xF0 | 0x190 << 16,
                .input_size = 0x200 | 0x190 << 16,
                .flags = IN_RGBA8 | OUT_RGB8 | (crop ? CROP : 0),
            };
            assert_int_equal(glhle_pica_transfer(p, &t), GLHLE_RESULT_OK);
            assert_int_equal(out[0], colours[c][1]);
            /* bytes B, G, R of the last pixel are the word's bytes 1-3 */
            assert_int_equal(out[0x1193F], crop ? 0xFF000000u : 0x00FF0000u);
            assert_int_equal(out[0x1193F + 1], 0);
            assert_int_equal(out[0xF0 * 0x190 - 1], 0);
        }
    glhle_pica_destroy(p);
    free(mem);
}

/* Test_Raw_Copy: flags 0x1008 and 0x100A (bit 3) copy the input unconverted,
 * untiled and unswizzled: bit 3 is the texture-copy mode (3dbrew
 * GPU/External_Registers), which reads its size and line registers
 * 0x1EF00C20-28. The test program never writes those (GSP's display-transfer
 * command sets 0x1EF00C00-10 only), so the console used what an earlier
 * copy left there; glhle takes them from the caller. Given a size that
 * covers the 128x128 RGBA8 input and no gaps, words 1, 2 and 13 arrive as
 * they were, as on the console. A zero size stays refused: the console
 * freezes on one (Citra's sw_blitter.cpp). */
static void raw_copy(void **state)
{
    env *e = *state;
    for (int to_tiled = 0; to_tiled < 2; to_tiled++) {
        memset(e->mem, 0, MEM_SIZE);
        in32(e)[1] = 0xABCDE;
        in32(e)[2] = 0xDEF00;
        in32(e)[13] = 0xAAAAAA;
        glhle_pica_display_transfer t = {
            .input_address = (BASE + IN_OFF) >> 3,
            .output_address = (BASE + OUT_OFF) >> 3,
            .output_size = 0x80 | 0x80 << 16,
            .input_size = 0x80 | 0x80 << 16,
            .flags = IN_RGBA8 | OUT_RGB8 | RAW_COPY | (to_tiled ? LINEAR_TO_TILED : 0),
        };
        assert_int_equal(t.flags, to_tiled ? 0x100Au : 0x1008u);
        ts_log_clear();
        assert_int_not_equal(glhle_pica_transfer(e->p, &t), GLHLE_RESULT_OK);
        assert_true(ts_log_contains("texture copy"));
        assert_int_equal(out32(e)[1], 0);
        t.texture_copy_size = 0x80 * 0x80 * 4;
        assert_int_equal(glhle_pica_transfer(e->p, &t), GLHLE_RESULT_OK);
        assert_int_equal(out32(e)[1], 0xABCDE);
        assert_int_equal(out32(e)[2], 0xDEF00);
        assert_int_equal(out32(e)[13], 0xAAAAAA);
    }
}

/* memoryfills.cpp: the second fill unit, 48 bytes, then the first */
static void memory_fills(void **state)
{
    env *e = *state;
    static const struct {
        uint32_t value, control;
        uint8_t bytes[8];
    } cases[] = {
        {0x00FFFFFF, 0x201, {0xFF, 0xFF, 0xFF, 0x00, 0xFF, 0xFF, 0xFF, 0x00}},
        {0x0000FFFF, 0x201, {0xFF, 0xFF, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00}},
        {0x00FFFFFF, 0x101, {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}},
        {0xFFFFFFFF, 0x101, {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}},
        {0x00FFFF00, 0x101, {0x00, 0xFF, 0xFF, 0x00, 0xFF, 0xFF, 0x00, 0xFF}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(e->mem, 0, 64);
        const glhle_pica_memory_fill f = {BASE >> 3, (BASE + 48) >> 3, cases[i].value, cases[i].control};
        assert_int_equal(glhle_pica_fill_memory(e->p, &f), GLHLE_RESULT_OK);
        assert_memory_equal(e->mem, cases[i].bytes, 8);
        assert_int_equal(e->mem[48], 0);
        assert_int_equal(e->mem[49], 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(format_conversions, setup, teardown),
        cmocka_unit_test_setup_teardown(downscales, setup, teardown),
        cmocka_unit_test_setup_teardown(z_curve_and_no_swizzle, setup, teardown),
        cmocka_unit_test_setup_teardown(memory_fills, setup, teardown),
        cmocka_unit_test_setup_teardown(raw_copy, setup, teardown),
        cmocka_unit_test(different_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
