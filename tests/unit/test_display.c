/* backend/pica/surface/display.c and the public display operations on a GL-free
 * instance: memory fills of every width, display transfers (tiling both
 * ways, formats, downscales, flip, the flip+crop skew, 32x32 blocks),
 * texture copies with gaps, LCD framebuffers, and bad parameters. Expected
 * bytes are computed by hand from 3dbrew's register descriptions and the
 * Morton tile order (pica-facts.md), not with the codecs under test. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/surface/display.h"
#include "backend/pica/frontend/memory.h"
#include "support/pica_support.h"
#include "support/surface_support.h"

#define BASE 0x18000000u
#define MEM_SIZE 0x40000u

static uint8_t mem_bytes[MEM_SIZE];
static pica_memory mem;

static int setup(void **state)
{
    (void)state;
    memset(&mem, 0, sizeof mem);
    memset(mem_bytes, 0xAA, sizeof mem_bytes);
    assert_int_equal(pica_memory_map(&mem, BASE, mem_bytes, sizeof mem_bytes, ts_logger()), GLHLE_RESULT_OK);
    ts_log_clear();
    return 0;
}

/* Offset of texel (x, y) in an 8x8-tiled image `width` texels wide. */
static const unsigned mx[8] = {0, 1, 4, 5, 16, 17, 20, 21}, my[8] = {0, 2, 8, 10, 32, 34, 40, 42};
static size_t tiled_index(uint32_t width, uint32_t x, uint32_t y)
{
    return (size_t)(y / 8) * width * 8 + (size_t)(x / 8) * 64 + mx[x & 7] + my[y & 7];
}

/* ---- memory fill --------------------------------------------------------------- */

static void fill_16_24_32(void **state)
{
    (void)state;
    pica_fill_params f;
    /* 16-bit: value 0x12345678 -> bytes 78 56 repeated */
    glhle_pica_memory_fill regs = {(BASE + 8) >> 3, (BASE + 40) >> 3, 0x12345678, 0x0001};
    assert_int_equal(pica_fill_decode(&regs, &mem, ts_logger(), &f), GLHLE_RESULT_OK);
    assert_int_equal(f.unit, 2);
    pica_fill_cpu(&f, &mem);
    assert_int_equal(mem_bytes[7], 0xAA);
    for (int i = 8; i < 40; i++)
        assert_int_equal(mem_bytes[i], (i & 1) ? 0x56 : 0x78);
    assert_int_equal(mem_bytes[40], 0xAA);
    /* 24-bit (control 1 and 3): CC BB AA from the start, cut at the end */
    for (uint32_t code = 1; code <= 3; code += 2) {
        memset(mem_bytes, 0xAA, 64);
        regs = (glhle_pica_memory_fill){(BASE + 16) >> 3, (BASE + 32) >> 3, 0x11AABBCC, code << 8 | 1};
        assert_int_equal(pica_fill_decode(&regs, &mem, ts_logger(), &f), GLHLE_RESULT_OK);
        assert_int_equal(f.unit, 3);
        pica_fill_cpu(&f, &mem);
        static const uint8_t pat[3] = {0xCC, 0xBB, 0xAA};
        for (int i = 16; i < 32; i++)
            assert_int_equal(mem_bytes[i], pat[(i - 16) % 3]);
        assert_int_equal(mem_bytes[32], 0xAA);
        assert_int_equal(mem_bytes[15], 0xAA);
    }
    /* 32-bit: little-endian words */
    regs = (glhle_pica_memory_fill){BASE >> 3, (BASE + 0x1000) >> 3, 0xDEADBEEF, 2 << 8};
    assert_int_equal(pica_fill_decode(&regs, &mem, ts_logger(), &f), GLHLE_RESULT_OK);
    pica_fill_cpu(&f, &mem);
    static const uint8_t word[4] = {0xEF, 0xBE, 0xAD, 0xDE};
    for (int i = 0; i < 0x1000; i++)
        assert_int_equal(mem_bytes[i], word[i & 3]);
    assert_int_equal(mem_bytes[0x1000], 0xAA);
    /* a sub-range keeps the phase of the whole fill */
    memset(mem_bytes, 0, 64);
    regs = (glhle_pica_memory_fill){BASE >> 3, (BASE + 64) >> 3, 0x00332211, 1 << 8};
    assert_int_equal(pica_fill_decode(&regs, &mem, ts_logger(), &f), GLHLE_RESULT_OK);
    pica_fill_cpu_range(&f, &mem, BASE + 7, BASE + 11);
    assert_int_equal(mem_bytes[6], 0);
    assert_int_equal(mem_bytes[7], 0x22); /* 7 % 3 = 1 */
    assert_int_equal(mem_bytes[8], 0x33);
    assert_int_equal(mem_bytes[9], 0x11);
    assert_int_equal(mem_bytes[10], 0x22);
    assert_int_equal(mem_bytes[11], 0);
}

static void fill_bad_input(void **state)
{
    (void)state;
    pica_fill_params f;
    glhle_pica_memory_fill regs = {(BASE + 64) >> 3, (BASE + 64) >> 3, 0, 0};
    assert_int_equal(pica_fill_decode(&regs, &mem, ts_logger(), &f), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("pica: memory fill: end 0x18000040 is not above start 0x18000040; not filled"));
    regs = (glhle_pica_memory_fill){(BASE + MEM_SIZE - 8) >> 3, (BASE + MEM_SIZE + 8) >> 3, 0, 0};
    assert_int_equal(pica_fill_decode(&regs, &mem, ts_logger(), &f), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("0x1803fff8-0x18040008 is not inside one memory mapping"));
    regs = (glhle_pica_memory_fill){0x20000000, 0x20000001, 0, 0};
    assert_int_equal(pica_fill_decode(&regs, &mem, ts_logger(), &f), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("start register 0x20000000 is past the 32-bit address space"));
}

/* ---- display transfer ---------------------------------------------------------- */

static glhle_result run_transfer(const glhle_pica_display_transfer *regs)
{
    pica_transfer_params t;
    glhle_result r = pica_transfer_decode(regs, &mem, ts_logger(), &t);
    if (r != GLHLE_RESULT_OK)
        return r;
    uint8_t *scratch = NULL;
    size_t size = 0;
    r = pica_transfer_cpu(&t, &mem, &scratch, &size, ts_logger());
    free(scratch);
    return r;
}

/* RGBA8 texel (x, y): memory bytes A, B, G, R = y, x, 0x5A, x ^ y. */
static void put_rgba8(uint8_t *p, uint32_t x, uint32_t y)
{
    p[0] = (uint8_t)y, p[1] = (uint8_t)x, p[2] = 0x5A, p[3] = (uint8_t)(x ^ y);
}

static void transfer_tiled_to_linear(void **state)
{
    (void)state;
    const uint32_t W = 16, H = 8, out = BASE + 0x10000;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++)
            put_rgba8(mem_bytes + tiled_index(W, x, y) * 4, x, y);
    glhle_pica_display_transfer regs = tsf_transfer_regs(BASE, out, W, H, W, H, 0);
    assert_int_equal(run_transfer(&regs), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            uint8_t e[4];
            put_rgba8(e, x, y);
            assert_memory_equal(mem_bytes + 0x10000 + (y * W + x) * 4, e, 4);
        }
    assert_int_equal(mem_bytes[0x10000 + W * H * 4], 0xAA);
    /* flip: output row y is input row H-1-y */
    regs.flags = 1;
    assert_int_equal(run_transfer(&regs), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            uint8_t e[4];
            put_rgba8(e, x, H - 1 - y);
            assert_memory_equal(mem_bytes + 0x10000 + (y * W + x) * 4, e, 4);
        }
}

static void transfer_linear_to_tiled_rgb8(void **state)
{
    (void)state;
    /* flags bit 1: linear RGB8 input (bytes B, G, R) to tiled RGBA8 output */
    const uint32_t W = 8, H = 16, out = BASE + 0x10000;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            uint8_t *p = mem_bytes + (y * W + x) * 3;
            p[0] = (uint8_t)(x * 16), p[1] = (uint8_t)y, p[2] = 0x77;
        }
    glhle_pica_display_transfer regs = tsf_transfer_regs(BASE, out, W, H, W, H, 1u << 1 | 1u << 8 | 0u << 12);
    assert_int_equal(run_transfer(&regs), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            const uint8_t e[4] = {0xFF, (uint8_t)(x * 16), (uint8_t)y, 0x77}; /* A, B, G, R */
            assert_memory_equal(mem_bytes + 0x10000 + tiled_index(W, x, y) * 4, e, 4);
        }
}

static void transfer_converts_formats(void **state)
{
    (void)state;
    const uint32_t out = BASE + 0x10000;
    /* every texel R 0xFF, G 0x80, B 0x10, A 0x90 */
    for (uint32_t i = 0; i < 64; i++) {
        uint8_t *p = mem_bytes + i * 4;
        p[0] = 0x90, p[1] = 0x10, p[2] = 0x80, p[3] = 0xFF;
    }
    static const struct {
        uint32_t code;
        uint8_t bytes[4];
        unsigned n;
    } cases[] = {
        {1, {0x10, 0x80, 0xFF}, 3},   /* RGB8: B, G, R */
        {2, {0x02, 0xFC}, 2},         /* RGB565: 31 << 11 | 32 << 5 | 2 = 0xFC02 */
        {3, {0x05, 0xFC}, 2},         /* RGB5A1: 31 << 11 | 16 << 6 | 2 << 1 | (0x90 >> 7) = 0xFC05 */
        {4, {0x19, 0xF8}, 2},         /* RGBA4: 15 << 12 | 8 << 8 | 1 << 4 | 9 = 0xF819 */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        glhle_pica_display_transfer regs = tsf_transfer_regs(BASE, out, 8, 8, 8, 8, cases[c].code << 12);
        assert_int_equal(run_transfer(&regs), GLHLE_RESULT_OK);
        for (uint32_t i = 0; i < 64; i++)
            assert_memory_equal(mem_bytes + 0x10000 + i * cases[c].n, cases[c].bytes, cases[c].n);
    }
}

static void transfer_downscales(void **state)
{
    (void)state;
    /* a 16x16 RGBA8 tiled input; each 2x2 block holds red 10, 11 (top
     * row) and 12, 14 (bottom row), green x / 2 and blue y / 2 */
    const uint32_t W = 16, H = 16, out = BASE + 0x10000;
    static const uint8_t reds[2][2] = {{10, 11}, {12, 14}};
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            uint8_t *p = mem_bytes + tiled_index(W, x, y) * 4;
            p[0] = 255, p[1] = (uint8_t)(x / 2), p[2] = (uint8_t)(y / 2), p[3] = reds[y & 1][x & 1];
        }
    /* 2x2: (10 + 11 + 12 + 14) / 4 = 11 (truncated); output 8x8 */
    glhle_pica_display_transfer regs = tsf_transfer_regs(BASE, out, W, H, W, H, 2u << 24);
    assert_int_equal(run_transfer(&regs), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 8; x++) {
            const uint8_t e[4] = {255, (uint8_t)x, (uint8_t)y, 11};
            assert_memory_equal(mem_bytes + 0x10000 + (y * 8 + x) * 4, e, 4);
        }
    assert_int_equal(mem_bytes[0x10000 + 64 * 4], 0xAA);
    /* 2x1: rows kept, (10 + 11) / 2 = 10 on even rows, (12 + 14) / 2 = 13 on odd ones; output 8x16 */
    regs.flags = 1u << 24;
    assert_int_equal(run_transfer(&regs), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t x = 0; x < 8; x++) {
            const uint8_t e[4] = {255, (uint8_t)x, (uint8_t)(y / 2), (y & 1) ? 13 : 10};
            assert_memory_equal(mem_bytes + 0x10000 + (y * 8 + x) * 4, e, 4);
        }
}

static void transfer_crop_flip_skew_and_blocks(void **state)
{
    (void)state;
    /* input 16 wide, output 8x8 with flip + crop: the output moves by
     * (16 - 8) * (8 - 1) * 4 bytes (Azahar sw_blitter.cpp) */
    pica_transfer_params t;
    glhle_pica_display_transfer regs = tsf_transfer_regs(BASE, BASE + 0x10000, 16, 8, 8, 8, 1 | 4);
    assert_int_equal(pica_transfer_decode(&regs, &mem, ts_logger(), &t), GLHLE_RESULT_OK);
    assert_int_equal(t.out_addr, BASE + 0x10000 + 8 * 7 * 4);
    assert_int_equal(t.src.stride, 16 * 8 * 4);
    regs.flags = 4; /* crop alone moves nothing */
    assert_int_equal(pica_transfer_decode(&regs, &mem, ts_logger(), &t), GLHLE_RESULT_OK);
    assert_int_equal(t.out_addr, BASE + 0x10000);
    /* 32x32 blocks: a 32x32 block-tiled input is 16 8x8 tiles in Z order,
     * so texel (8, 0) (tile (1, 0)) is the second tile and (0, 8) the third */
    memset(mem_bytes, 0, 32 * 32 * 4);
    mem_bytes[64 * 4 + 3] = 0x11;     /* R of the first texel of tile 1 */
    mem_bytes[2 * 64 * 4 + 3] = 0x22; /* tile 2 */
    regs = tsf_transfer_regs(BASE, BASE + 0x10000, 32, 32, 32, 32, 1u << 16);
    assert_int_equal(run_transfer(&regs), GLHLE_RESULT_OK);
    assert_int_equal(mem_bytes[0x10000 + (0 * 32 + 8) * 4 + 3], 0x11);
    assert_int_equal(mem_bytes[0x10000 + (8 * 32 + 0) * 4 + 3], 0x22);
    /* no-conversion bit 5 with tiled input keeps the tiles: a plain copy */
    for (uint32_t i = 0; i < 64 * 4; i++)
        mem_bytes[i] = (uint8_t)i;
    regs = tsf_transfer_regs(BASE, BASE + 0x10000, 8, 8, 8, 8, 1u << 5);
    assert_int_equal(run_transfer(&regs), GLHLE_RESULT_OK);
    assert_memory_equal(mem_bytes + 0x10000, mem_bytes, 64 * 4);
}

static void transfer_bad_input(void **state)
{
    (void)state;
    pica_transfer_params t;
    glhle_pica_display_transfer regs = tsf_transfer_regs(BASE, BASE + 0x10000, 8, 8, 8, 8, 5u << 8);
    assert_int_equal(pica_transfer_decode(&regs, &mem, ts_logger(), &t), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("input format 5 (bits 8-10)"));
    regs.flags = 3u << 24;
    assert_int_equal(pica_transfer_decode(&regs, &mem, ts_logger(), &t), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("downscale mode 3 (bits 24-25) is invalid"));
    regs = tsf_transfer_regs(BASE, BASE + 0x10000, 0, 8, 8, 8, 0);
    assert_int_equal(pica_transfer_decode(&regs, &mem, ts_logger(), &t), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("is zero or above 4096"));
    regs = tsf_transfer_regs(BASE, BASE + 0x10000, 8192, 8, 8, 8, 0);
    assert_int_equal(pica_transfer_decode(&regs, &mem, ts_logger(), &t), GLHLE_RESULT_INVALID_ARGUMENT);
    regs = tsf_transfer_regs(BASE, BASE + 0x10000, 8, 8, 16, 8, 0);
    assert_int_equal(pica_transfer_decode(&regs, &mem, ts_logger(), &t), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("output width 16 (0x1EF00C08) is above the input width 8"));
    regs = tsf_transfer_regs(BASE, BASE + 0x10000, 12, 12, 12, 12, 0);
    assert_int_equal(pica_transfer_decode(&regs, &mem, ts_logger(), &t), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("not a multiple of 8"));
    regs = tsf_transfer_regs(BASE, BASE + MEM_SIZE - 64, 8, 8, 8, 8, 0);
    assert_int_equal(pica_transfer_decode(&regs, &mem, ts_logger(), &t), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("output 0x1803ffc0+0x100 (rgba8 8x8) is not inside one memory mapping"));
    regs = tsf_transfer_regs(0x10000000, BASE, 8, 8, 8, 8, 0);
    assert_int_equal(pica_transfer_decode(&regs, &mem, ts_logger(), &t), GLHLE_RESULT_OUT_OF_BOUNDS);
    regs = tsf_transfer_regs(BASE, BASE + 0x10000, 8, 8, 1, 8, 1u << 24 | 2); /* linear input, 1 wide, halved to 0 */
    assert_int_equal(pica_transfer_decode(&regs, &mem, ts_logger(), &t), GLHLE_RESULT_INVALID_ARGUMENT);
}

/* ---- texture copy --------------------------------------------------------------- */

static void texture_copy_with_gaps(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < 256; i++)
        mem_bytes[i] = (uint8_t)i;
    /* input lines of 32 bytes with 16-byte gaps, output lines of 16 bytes
     * with 32-byte gaps, 64 bytes in all */
    glhle_pica_display_transfer regs = {.input_address = BASE >> 3,
                                        .output_address = (BASE + 0x1000) >> 3,
                                        .flags = 8,
                                        .texture_copy_size = 64 + 15, /* low 4 bits ignored */
                                        .texture_copy_input = 2 | 1 << 16,
                                        .texture_copy_output = 1 | 2 << 16};
    pica_copy_params c;
    assert_int_equal(pica_copy_decode(&regs, &mem, ts_logger(), &c), GLHLE_RESULT_OK);
    assert_int_equal(c.size, 64);
    assert_int_equal(c.in_span, 32 + 16 + 32);
    assert_int_equal(c.out_span, 4 * 16 + 3 * 32);
    pica_copy_cpu(&c, &mem);
    /* input bytes 0-31 and 48-79 land in output lines at 0, 48, 96, 144 */
    static const uint32_t in_at[4] = {0, 16, 48, 64}, out_at[4] = {0, 48, 96, 144};
    for (int l = 0; l < 4; l++)
        for (int b = 0; b < 16; b++)
            assert_int_equal(mem_bytes[0x1000 + out_at[l] + b], in_at[l] + b);
    assert_int_equal(mem_bytes[0x1000 + 16], 0xAA); /* a gap keeps its bytes */
    /* gap 0 is contiguous whatever the width */
    regs.texture_copy_input = 0;
    regs.texture_copy_output = 0;
    regs.texture_copy_size = 48;
    assert_int_equal(pica_copy_decode(&regs, &mem, ts_logger(), &c), GLHLE_RESULT_OK);
    pica_copy_cpu(&c, &mem);
    for (int b = 0; b < 48; b++)
        assert_int_equal(mem_bytes[0x1000 + b], b);
}

static void texture_copy_bad_input(void **state)
{
    (void)state;
    pica_copy_params c;
    glhle_pica_display_transfer regs = {.input_address = BASE >> 3, .output_address = BASE >> 3, .flags = 8,
                                        .texture_copy_size = 15};
    assert_int_equal(pica_copy_decode(&regs, &mem, ts_logger(), &c), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("size register 0x0000000f (0x1EF00C20) is below 16 bytes"));
    regs.texture_copy_size = 64;
    regs.texture_copy_input = 0 | 1 << 16;
    assert_int_equal(pica_copy_decode(&regs, &mem, ts_logger(), &c), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("input line width 0 with gap 1 (0x00010000, 0x1EF00C24)"));
    regs.texture_copy_input = 0;
    regs.texture_copy_size = MEM_SIZE;
    regs.output_address = (BASE + 16) >> 3;
    assert_int_equal(pica_copy_decode(&regs, &mem, ts_logger(), &c), GLHLE_RESULT_OUT_OF_BOUNDS);
}

/* ---- public API on a GL-free instance -------------------------------------------- */

static void public_api_runs_on_the_cpu(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    static uint8_t vram[0x8000];
    memset(vram, 0, sizeof vram);
    assert_int_equal(glhle_pica_map_memory(p, BASE, vram, sizeof vram), GLHLE_RESULT_OK);
    const glhle_pica_memory_fill fill = {BASE >> 3, (BASE + 0x100) >> 3, 0x01020304, 2 << 8 | 1};
    assert_int_equal(glhle_pica_fill_memory(p, &fill), GLHLE_RESULT_OK);
    assert_int_equal(vram[0], 4);
    assert_int_equal(vram[0xFF], 1);
    glhle_pica_display_transfer t = tsf_transfer_regs(BASE, BASE + 0x1000, 8, 8, 8, 8, 0);
    assert_int_equal(glhle_pica_transfer(p, &t), GLHLE_RESULT_OK);
    assert_memory_equal(vram + 0x1000, vram, 0x100); /* a solid colour is the same tiled or linear */
    t.flags = 8;
    t.texture_copy_size = 32;
    t.output_address = (BASE + 0x2000) >> 3;
    assert_int_equal(glhle_pica_transfer(p, &t), GLHLE_RESULT_OK);
    assert_memory_equal(vram + 0x2000, vram, 32);
    /* bad input: an error, and the instance keeps working */
    t = tsf_transfer_regs(BASE, BASE + 0x7F80, 8, 8, 8, 8, 0);
    assert_int_equal(glhle_pica_transfer(p, &t), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(glhle_pica_fill_memory(p, &fill), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_invalidate(p, BASE, 16), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_flush(p, 0xFFFFFFF0u, 0x100), GLHLE_RESULT_OK);
    glhle_pica_stats st;
    assert_int_equal(glhle_pica_get_stats(p, &st), GLHLE_RESULT_OK);
    assert_int_equal(st.fills_cpu, 2);
    assert_int_equal(st.transfers_cpu, 1);
    assert_int_equal(st.copies_cpu, 1);
    assert_int_equal(st.fills_gpu + st.transfers_gpu + st.copies_gpu, 0);
    assert_int_equal(glhle_pica_fill_memory(p, NULL), GLHLE_RESULT_INVALID_ARGUMENT);
    glhle_pica_destroy(p);
}

static void resolution_scale_is_checked(void **state)
{
    (void)state;
    glhle_pica *p = NULL;
    glhle_pica_desc d = {.resolution_scale = 11, .log = ts_log_fn};
    ts_log_clear();
    assert_int_equal(glhle_pica_create(NULL, &d, &p), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_null(p);
    assert_true(ts_log_contains("resolution_scale 11 is outside 1..10"));
    d.resolution_scale = 10;
    assert_int_equal(glhle_pica_create(NULL, &d, &p), GLHLE_RESULT_OK);
    glhle_pica_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(fill_16_24_32, setup),
        cmocka_unit_test_setup(fill_bad_input, setup),
        cmocka_unit_test_setup(transfer_tiled_to_linear, setup),
        cmocka_unit_test_setup(transfer_linear_to_tiled_rgb8, setup),
        cmocka_unit_test_setup(transfer_converts_formats, setup),
        cmocka_unit_test_setup(transfer_downscales, setup),
        cmocka_unit_test_setup(transfer_crop_flip_skew_and_blocks, setup),
        cmocka_unit_test_setup(transfer_bad_input, setup),
        cmocka_unit_test_setup(texture_copy_with_gaps, setup),
        cmocka_unit_test_setup(texture_copy_bad_input, setup),
        cmocka_unit_test(public_api_runs_on_the_cpu),
        cmocka_unit_test(resolution_scale_is_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
