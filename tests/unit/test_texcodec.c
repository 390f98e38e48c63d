/* backend/pica/texture/texcodec.c: hand-computed texels for every format, the
 * Morton and tile orders, flips, sub-rectangles, mip levels, round trips,
 * the fast paths against the scalar reference and bad input. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/texture/etc1.h"
#include "backend/pica/frontend/pica_state.h"
#include "backend/pica/texture/texcodec.h"

static uint32_t host_word(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* Decodes the whole surface (fast path unless flags say otherwise). */
static uint8_t *decode_all(const pica_surface *s, const uint8_t *src, uint32_t flags)
{
    uint8_t *out = malloc((size_t)s->width * s->height * 4);
    assert_non_null(out);
    assert_int_equal(pica_decode(s, src, pica_surface_size(s), NULL, flags, out, (size_t)s->width * 4, ts_logger()),
                     GLHLE_RESULT_OK);
    return out;
}

static uint8_t *random_bytes(ts_rng *rng, size_t n)
{
    uint8_t *p = malloc(n ? n : 1);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)ts_rng_u32(rng);
    return p;
}

/* ---- hand-computed texels -------------------------------------------------- */

typedef struct texel_case {
    pica_texfmt fmt;
    uint8_t bytes[4];  /* guest bytes at texel (3,5) of an 8x8 tile (Morton offset 39) */
    uint32_t expected; /* host word: R | G << 8 | B << 16 | A << 24, or the depth word */
} texel_case;

#define RGBA(r, g, b, a) ((uint32_t)(r) | (uint32_t)(g) << 8 | (uint32_t)(b) << 16 | (uint32_t)(a) << 24)

static void hand_computed_texels(void **state)
{
    (void)state;
    static const texel_case cases[] = {
        /* bytes A, B, G, R */
        {PICA_TEXFMT_RGBA8, {0x11, 0x22, 0x33, 0x44}, RGBA(0x44, 0x33, 0x22, 0x11)},
        /* bytes B, G, R */
        {PICA_TEXFMT_RGB8, {0x10, 0x80, 0xF0}, RGBA(0xF0, 0x80, 0x10, 255)},
        /* 0xAAB9 = r 21, g 10, b 28, a 1: 21 -> 168|5, 10 -> 80|2, 28 -> 224|7 */
        {PICA_TEXFMT_RGB5A1, {0xB9, 0xAA}, RGBA(173, 82, 231, 255)},
        /* 0x7BEF = r 15, g 31, b 15: 15 -> 120|3, 31 (6 bits) -> 124|1 */
        {PICA_TEXFMT_RGB565, {0xEF, 0x7B}, RGBA(123, 125, 123, 255)},
        /* 0x1A2F = r 1, g 10, b 2, a 15 */
        {PICA_TEXFMT_RGBA4, {0x2F, 0x1A}, RGBA(0x11, 0xAA, 0x22, 0xFF)},
        /* bytes A, I */
        {PICA_TEXFMT_IA8, {0x40, 0xC0}, RGBA(0xC0, 0xC0, 0xC0, 0x40)},
        /* bytes LO (green), HI (red) */
        {PICA_TEXFMT_HILO8, {0x12, 0xE0}, RGBA(0xE0, 0x12, 0, 255)},
        {PICA_TEXFMT_I8, {0x9C}, RGBA(0x9C, 0x9C, 0x9C, 255)},
        {PICA_TEXFMT_A8, {0x9C}, RGBA(0, 0, 0, 0x9C)},
        /* I in the high nibble, A in the low */
        {PICA_TEXFMT_IA4, {0x7D}, RGBA(0x77, 0x77, 0x77, 0xDD)},
        /* depth: D16 0x1234 -> 24 bits 0x123412; D24 0x123456; stencil 0xAB */
        {PICA_TEXFMT_D16, {0x34, 0x12}, 0x12341200u},
        {PICA_TEXFMT_D24, {0x56, 0x34, 0x12}, 0x12345600u},
        {PICA_TEXFMT_D24S8, {0x56, 0x34, 0x12, 0xAB}, 0x123456ABu},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (uint32_t ref = 0; ref < 2; ref++) {
            pica_surface s = {.format = cases[c].fmt, .width = 8, .height = 8};
            unsigned bytes = pica_texfmt_get_info(s.format)->bits_per_texel / 8;
            uint8_t tile[256] = {0};
            memcpy(tile + 39 * bytes, cases[c].bytes, bytes);
            uint8_t *img = decode_all(&s, tile, ref ? PICA_CODEC_REFERENCE : 0);
            uint32_t got = host_word(img + (5 * 8 + 3) * 4);
            if (got != cases[c].expected)
                fail_msg("%s (%s path): texel (3,5) is 0x%08X, expected 0x%08X",
                         pica_texfmt_get_info(s.format)->name, ref ? "reference" : "fast", got, cases[c].expected);
            /* and it encodes back to the same bytes */
            uint8_t back[256] = {0};
            assert_int_equal(pica_encode(&s, back, sizeof back, NULL, ref ? PICA_CODEC_REFERENCE : 0, img, 32,
                                         ts_logger()),
                             GLHLE_RESULT_OK);
            assert_memory_equal(back, tile, 64 * bytes);
            free(img);
        }
    }
}

static void four_bit_nibbles(void **state)
{
    (void)state;
    /* texel (3,5) is Morton 39: byte 19, high nibble; (2,5) is 38: low nibble */
    static const struct {
        pica_texfmt fmt;
        uint32_t t35, t25;
    } cases[] = {
        {PICA_TEXFMT_I4, RGBA(0xBB, 0xBB, 0xBB, 255), RGBA(0x33, 0x33, 0x33, 255)},
        {PICA_TEXFMT_A4, RGBA(0, 0, 0, 0xBB), RGBA(0, 0, 0, 0x33)},
    };
    for (size_t c = 0; c < 2; c++)
        for (uint32_t ref = 0; ref < 2; ref++) {
            pica_surface s = {.format = cases[c].fmt, .width = 8, .height = 8};
            uint8_t tile[32] = {0};
            tile[19] = 0xB3;
            uint8_t *img = decode_all(&s, tile, ref ? PICA_CODEC_REFERENCE : 0);
            assert_int_equal(host_word(img + (5 * 8 + 3) * 4), cases[c].t35);
            assert_int_equal(host_word(img + (5 * 8 + 2) * 4), cases[c].t25);
            /* (4,5) is Morton 48, byte 24, zero */
            assert_int_equal(host_word(img + (5 * 8 + 4) * 4), c == 0 ? RGBA(0, 0, 0, 255) : RGBA(0, 0, 0, 0));
            free(img);
        }
}

static void etc1_tile_block_order(void **state)
{
    (void)state;
    /* four solid blocks, grey (17k + 2) for block k, in the 3DS order:
     * top-left, top-right, bottom-left, bottom-right, each a little-endian
     * u64; ETC1A4 puts an alpha word (nibble 0xk everywhere) first */
    for (int withalpha = 0; withalpha < 2; withalpha++) {
        pica_surface s = {.format = withalpha ? PICA_TEXFMT_ETC1A4 : PICA_TEXFMT_ETC1, .width = 8, .height = 8};
        uint8_t tile[64];
        size_t bb = withalpha ? 16 : 8;
        for (unsigned k = 0; k < 4; k++) {
            /* individual mode, all six 4-bit bases k, tables 0, indices 0 (+2) */
            uint64_t blk = (uint64_t)(k << 28 | k << 24 | k << 20 | k << 16 | k << 12 | k << 8) << 32;
            uint64_t alpha = 0x1111111111111111ull * (k + 5);
            uint8_t *p = tile + k * bb;
            if (withalpha) {
                memcpy(p, &alpha, 8);
                p += 8;
            }
            memcpy(p, &blk, 8);
        }
        for (uint32_t ref = 0; ref < 2; ref++) {
            uint8_t *img = decode_all(&s, tile, ref ? PICA_CODEC_REFERENCE : 0);
            static const unsigned probe[4][2] = {{1, 2}, {5, 1}, {2, 6}, {7, 7}};
            for (unsigned k = 0; k < 4; k++) {
                uint32_t g = k * 17 + 2, a = withalpha ? (k + 5) * 17 : 255;
                assert_int_equal(host_word(img + (probe[k][1] * 8 + probe[k][0]) * 4), RGBA(g, g, g, a));
            }
            free(img);
        }
    }
}

/* ---- layout ------------------------------------------------------------------ */

static void morton_order_in_tile(void **state)
{
    (void)state;
    pica_surface s = {.format = PICA_TEXFMT_I8, .width = 8, .height = 8};
    uint8_t tile[64];
    for (int i = 0; i < 64; i++)
        tile[i] = (uint8_t)i;
    /* (x, y) -> expected Morton offset: x bits at 0, 2, 4 and y bits at 1, 3, 5 */
    static const uint8_t probes[][3] = {{1, 0, 1},  {0, 1, 2},  {1, 1, 3},  {2, 0, 4},  {0, 2, 8},
                                        {4, 0, 16}, {0, 4, 32}, {7, 7, 63}, {3, 5, 39}, {6, 1, 22}};
    for (uint32_t ref = 0; ref < 2; ref++) {
        uint8_t *img = decode_all(&s, tile, ref ? PICA_CODEC_REFERENCE : 0);
        for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
            uint8_t v = probes[i][2];
            assert_int_equal(host_word(img + (probes[i][1] * 8 + probes[i][0]) * 4), RGBA(v, v, v, 255));
        }
        free(img);
    }
}

static void tile_order_8x8_and_32x32(void **state)
{
    (void)state;
    /* 16x16, 8x8 tiles: tiles left to right, then the next tile row */
    pica_surface s8 = {.format = PICA_TEXFMT_I8, .width = 16, .height = 16};
    uint8_t buf[64 * 32];
    for (int i = 0; i < 256; i++)
        buf[i] = (uint8_t)i; /* tile k holds 64k + Morton offset */
    uint8_t *img = decode_all(&s8, buf, 0);
    assert_int_equal(img[(0 * 16 + 8) * 4], 64);
    assert_int_equal(img[(8 * 16 + 0) * 4], 128);
    assert_int_equal(img[(8 * 16 + 9) * 4], 193);
    free(img);

    /* 64x32 in 32x32 blocks: tile k of memory holds the value k; inside a
     * block the 16 tiles are in Z order, blocks left to right */
    pica_surface s32 = {.format = PICA_TEXFMT_I8, .layout = PICA_LAYOUT_TILED32, .width = 64, .height = 32};
    assert_int_equal(pica_surface_size(&s32), 64 * 32);
    for (int k = 0; k < 32; k++)
        memset(buf + k * 64, k, 64);
    static const uint8_t probes[][3] = {{0, 0, 0}, {1, 0, 1},  {0, 1, 2},  {1, 1, 3},  {2, 0, 4},
                                        {3, 3, 15}, {0, 3, 10}, {4, 0, 16}, {5, 1, 19}, {7, 3, 31}};
    for (uint32_t ref = 0; ref < 2; ref++) {
        img = decode_all(&s32, buf, ref ? PICA_CODEC_REFERENCE : 0);
        for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++)
            assert_int_equal(img[((probes[i][1] * 8 + 3) * 64 + probes[i][0] * 8 + 5) * 4], probes[i][2]);
        free(img);
    }
}

static void flip_and_subrect(void **state)
{
    (void)state;
    uint64_t seed = ts_seed("flip_and_subrect", 4);
    ts_rng rng;
    ts_rng_init(&rng, seed);
    for (unsigned f = 0; f < PICA_TEXFMT_COUNT; f++)
        for (unsigned layout = 0; layout < PICA_LAYOUT_COUNT; layout++) {
            pica_surface s = {.format = (pica_texfmt)f, .layout = (pica_layout)layout, .width = 64, .height = 32};
            if (layout == PICA_LAYOUT_LINEAR)
                s.width = 20, s.height = 12;
            uint8_t *src = random_bytes(&rng, pica_surface_size(&s));
            uint8_t *full = decode_all(&s, src, 0);
            uint8_t *flipped = decode_all(&s, src, PICA_CODEC_FLIP_Y);
            for (uint32_t y = 0; y < s.height; y++)
                assert_memory_equal(flipped + (size_t)y * s.width * 4, full + (size_t)(s.height - 1 - y) * s.width * 4,
                                    s.width * 4);
            for (int n = 0; n < 20; n++) {
                pica_rect r;
                r.x = ts_rng_below(&rng, s.width);
                r.y = ts_rng_below(&rng, s.height);
                r.w = 1 + ts_rng_below(&rng, s.width - r.x);
                r.h = 1 + ts_rng_below(&rng, s.height - r.y);
                uint32_t flags = (n & 1) ? PICA_CODEC_FLIP_Y : 0;
                size_t stride = r.w * 4 + 8;
                uint8_t *part = calloc(r.h, stride);
                assert_int_equal(pica_decode(&s, src, pica_surface_size(&s), &r, flags, part, stride, ts_logger()),
                                 GLHLE_RESULT_OK);
                for (uint32_t y = 0; y < r.h; y++) {
                    uint32_t gy = flags ? r.y + r.h - 1 - y : r.y + y;
                    if (memcmp(part + y * stride, full + ((size_t)gy * s.width + r.x) * 4, r.w * 4))
                        fail_msg("%s layout %u: rect %ux%u at (%u,%u) flags %u, host row %u differs (seed %llu)",
                                 pica_texfmt_get_info(s.format)->name, layout, r.w, r.h, r.x, r.y, flags, y,
                                 (unsigned long long)seed);
                    for (int b = 0; b < 8; b++)
                        assert_int_equal(part[y * stride + r.w * 4 + b], 0); /* nothing past the row */
                }
                free(part);
            }
            free(src);
            free(full);
            free(flipped);
        }
}

/* ---- fast path == reference ---------------------------------------------------- */

static void fast_matches_reference(void **state)
{
    (void)state;
    uint64_t seed = ts_seed("fast_matches_reference", 5);
    ts_rng rng;
    ts_rng_init(&rng, seed);
    for (int iter = 0; iter < 400; iter++) {
        pica_surface s;
        s.format = (pica_texfmt)ts_rng_below(&rng, PICA_TEXFMT_COUNT);
        s.layout = (pica_layout)ts_rng_below(&rng, PICA_LAYOUT_COUNT);
        unsigned unit = s.layout == PICA_LAYOUT_TILED32 ? 32 : s.layout == PICA_LAYOUT_TILED8 ? 8 : 4;
        s.width = unit * (1 + ts_rng_below(&rng, 64 / unit + 2));
        s.height = unit * (1 + ts_rng_below(&rng, 64 / unit + 2));
        s.stride = 0;
        if (ts_rng_below(&rng, 4) == 0) {
            /* a padded stride: packed size / row groups, plus 16 */
            bool etc = pica_texfmt_get_info(s.format)->compressed;
            uint32_t rows = s.layout == PICA_LAYOUT_LINEAR ? (etc ? 4 : 1) : unit;
            s.stride = (uint32_t)(pica_surface_size(&s) / (s.height / rows)) + 16;
        }
        size_t size = pica_surface_size(&s);
        assert_true(size > 0);
        uint8_t *src = random_bytes(&rng, size);
        pica_rect r = {ts_rng_below(&rng, s.width), ts_rng_below(&rng, s.height), 0, 0};
        r.w = 1 + ts_rng_below(&rng, s.width - r.x);
        r.h = 1 + ts_rng_below(&rng, s.height - r.y);
        uint32_t flags = ts_rng_below(&rng, 2) ? PICA_CODEC_FLIP_Y : 0;
        size_t hs = (size_t)r.w * 4;
        uint8_t *a = calloc(r.h, hs), *b = calloc(r.h, hs), *c = calloc(r.h, hs);
        /* SIMD kernels where the CPU has them, the portable tiles, the reference */
        assert_int_equal(pica_decode(&s, src, size, &r, flags, a, hs, ts_logger()), GLHLE_RESULT_OK);
        assert_int_equal(pica_decode(&s, src, size, &r, flags | PICA_CODEC_NO_SIMD, c, hs, ts_logger()),
                         GLHLE_RESULT_OK);
        assert_int_equal(pica_decode(&s, src, size, &r, flags | PICA_CODEC_REFERENCE, b, hs, ts_logger()),
                         GLHLE_RESULT_OK);
        if (memcmp(a, b, r.h * hs) || memcmp(c, b, r.h * hs))
            fail_msg("decode %s layout %u %ux%u stride %u rect %ux%u at (%u,%u) flags %u: %s path != reference "
                     "(seed %llu, iteration %d)",
                     pica_texfmt_get_info(s.format)->name, s.layout, s.width, s.height, s.stride, r.w, r.h, r.x, r.y,
                     flags, memcmp(a, b, r.h * hs) ? "fast" : "portable", (unsigned long long)seed, iter);
        free(c);
        /* encode arbitrary host texels (not necessarily representable) */
        if (pica_texfmt_get_info(s.format)->compressed) {
            r.x &= ~3u, r.y &= ~3u;
            r.w = (r.w + 3) & ~3u, r.h = (r.h + 3) & ~3u;
            if (r.x + r.w > s.width)
                r.w = s.width - r.x;
            if (r.y + r.h > s.height)
                r.h = s.height - r.y;
            free(a);
            a = calloc(r.h, hs = (size_t)r.w * 4);
        }
        for (size_t i = 0; i < r.h * hs; i++)
            a[i] = (uint8_t)ts_rng_u32(&rng);
        uint8_t *g1 = malloc(size), *g2 = malloc(size);
        memcpy(g1, src, size);
        memcpy(g2, src, size);
        /* partial tiles are decoded on the way: exercise both tile paths */
        uint32_t simd = iter % 2 ? PICA_CODEC_NO_SIMD : 0;
        assert_int_equal(pica_encode(&s, g1, size, &r, flags | simd, a, hs, ts_logger()), GLHLE_RESULT_OK);
        assert_int_equal(pica_encode(&s, g2, size, &r, flags | PICA_CODEC_REFERENCE, a, hs, ts_logger()),
                         GLHLE_RESULT_OK);
        if (memcmp(g1, g2, size))
            fail_msg("encode %s layout %u %ux%u rect %ux%u at (%u,%u) flags %u: fast != reference (seed %llu, "
                     "iteration %d)",
                     pica_texfmt_get_info(s.format)->name, s.layout, s.width, s.height, r.w, r.h, r.x, r.y, flags,
                     (unsigned long long)seed, iter);
        free(g1);
        free(g2);
        free(a);
        free(b);
        free(src);
    }
}

/* ---- round trips ------------------------------------------------------------------ */

static void exhaustive_guest_round_trip(void **state)
{
    (void)state;
    /* every 16-bit, 8-bit and 4-bit guest value: encode(decode(g)) == g, so
     * also decode(encode(h)) == h for every host texel h = decode(g) */
    uint8_t *buf = malloc(65536 * 2), *back = malloc(65536 * 2), *host = malloc(65536 * 4);
    for (unsigned f = 0; f < PICA_TEXFMT_COUNT; f++) {
        const pica_texfmt_info *in = pica_texfmt_get_info((pica_texfmt)f);
        if (in->compressed || in->bits_per_texel > 16)
            continue;
        uint32_t values = 1u << in->bits_per_texel;
        size_t bytes = (size_t)values * in->bits_per_texel / 8;
        for (uint32_t v = 0; v < values; v++) {
            if (in->bits_per_texel == 16)
                buf[v * 2] = (uint8_t)v, buf[v * 2 + 1] = (uint8_t)(v >> 8);
            else if (in->bits_per_texel == 8)
                buf[v] = (uint8_t)v;
            else
                buf[v / 2] = (uint8_t)(v % 2 ? (buf[v / 2] & 15) | v << 4 : v);
        }
        for (unsigned layout = 0; layout < PICA_LAYOUT_COUNT; layout++) {
            pica_surface s = {.format = (pica_texfmt)f, .layout = (pica_layout)layout, .width = 256,
                              .height = values / 256 ? values / 256 : 1};
            if (values == 16) /* 4-bit: a 16x1 linear row or one tile (64 texels, the values 4 times) */
                s = (pica_surface){.format = (pica_texfmt)f, .layout = (pica_layout)layout,
                                   .width = layout == PICA_LAYOUT_LINEAR ? 16 : 8,
                                   .height = layout == PICA_LAYOUT_LINEAR ? 1 : 8};
            if (layout == PICA_LAYOUT_TILED32 && s.height < 32)
                continue;
            if (layout != PICA_LAYOUT_LINEAR && s.height % 8)
                continue;
            size_t size = pica_surface_size(&s);
            if (values == 16)
                for (size_t i = 8; i < size; i++)
                    buf[i] = buf[i % 8];
            assert_true(size <= 65536 * 2 && size >= bytes / (values == 16 ? 2 : 1));
            for (uint32_t ref = 0; ref < 2; ref++) {
                uint32_t fl = ref ? PICA_CODEC_REFERENCE : 0;
                memset(back, 0x5A, size);
                assert_int_equal(pica_decode(&s, buf, size, NULL, fl, host, (size_t)s.width * 4, ts_logger()),
                                 GLHLE_RESULT_OK);
                assert_int_equal(pica_encode(&s, back, size, NULL, fl, host, (size_t)s.width * 4, ts_logger()),
                                 GLHLE_RESULT_OK);
                if (memcmp(back, buf, size))
                    fail_msg("%s layout %u (%s): encode(decode(g)) != g", in->name, layout,
                             ref ? "reference" : "fast");
            }
        }
    }
    free(buf);
    free(back);
    free(host);
}

static void random_wide_round_trip(void **state)
{
    (void)state;
    uint64_t seed = ts_seed("random_wide_round_trip", 6);
    ts_rng rng;
    ts_rng_init(&rng, seed);
    static const pica_texfmt wide[] = {PICA_TEXFMT_RGBA8, PICA_TEXFMT_RGB8, PICA_TEXFMT_D24, PICA_TEXFMT_D24S8};
    for (size_t f = 0; f < 4; f++)
        for (unsigned layout = 0; layout < PICA_LAYOUT_COUNT; layout++) {
            pica_surface s = {.format = wide[f], .layout = (pica_layout)layout, .width = 128, .height = 64};
            size_t size = pica_surface_size(&s);
            uint8_t *g = random_bytes(&rng, size), *back = calloc(1, size);
            uint8_t *h = decode_all(&s, g, 0);
            assert_int_equal(pica_encode(&s, back, size, NULL, 0, h, 128 * 4, ts_logger()), GLHLE_RESULT_OK);
            assert_memory_equal(back, g, size);
            /* host words a decode produces survive encode + decode */
            uint8_t *h2 = decode_all(&s, back, 0);
            assert_memory_equal(h2, h, 128 * 64 * 4);
            free(g);
            free(back);
            free(h);
            free(h2);
        }
}

static void depth_host_representation(void **state)
{
    (void)state;
    /* D16 0xFFFF is the far plane: 24-bit 0xFFFFFF; encode takes the top 16 bits */
    pica_surface s = {.format = PICA_TEXFMT_D16, .width = 8, .height = 8};
    uint8_t tile[128];
    memset(tile, 0xFF, sizeof tile);
    uint8_t *h = decode_all(&s, tile, 0);
    assert_int_equal(host_word(h), 0xFFFFFF00u);
    uint32_t w = 0x80FF7F55u; /* depth 0x80FF7F -> D16 0x80FF, stencil ignored */
    memcpy(h, &w, 4);
    assert_int_equal(pica_encode(&s, tile, sizeof tile, NULL, 0, h, 32, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(tile[0], 0xFF);
    assert_int_equal(tile[1], 0x80);
    free(h);
    /* D24 keeps guest bytes beyond the 3 of a texel untouched and ignores stencil */
    pica_surface s24 = {.format = PICA_TEXFMT_D24, .width = 8, .height = 8};
    uint8_t t24[192];
    memset(t24, 0, sizeof t24);
    uint8_t host[256];
    for (int i = 0; i < 64; i++) {
        uint32_t v = (uint32_t)i << 8 | 0xCC;
        memcpy(host + i * 4, &v, 4);
    }
    assert_int_equal(pica_encode(&s24, t24, sizeof t24, NULL, 0, host, 32, ts_logger()), GLHLE_RESULT_OK);
    h = decode_all(&s24, t24, 0);
    for (int i = 0; i < 64; i++)
        assert_int_equal(host_word(h + i * 4), (uint32_t)i << 8);
    free(h);
}

static void partial_encode_keeps_neighbours(void **state)
{
    (void)state;
    /* one I4 texel written: its byte's other nibble and every other byte stay */
    pica_surface s = {.format = PICA_TEXFMT_I4, .width = 8, .height = 8};
    uint8_t tile[32];
    for (int i = 0; i < 32; i++)
        tile[i] = (uint8_t)(0x91 + i * 7);
    uint8_t before[32];
    memcpy(before, tile, 32);
    uint32_t white = RGBA(255, 255, 255, 255);
    pica_rect r = {3, 5, 1, 1}; /* Morton 39: byte 19, high nibble */
    for (uint32_t ref = 0; ref < 2; ref++) {
        memcpy(tile, before, 32);
        assert_int_equal(pica_encode(&s, tile, 32, &r, ref ? PICA_CODEC_REFERENCE : 0, &white, 4, ts_logger()),
                         GLHLE_RESULT_OK);
        for (int i = 0; i < 32; i++)
            assert_int_equal(tile[i], i == 19 ? (before[19] & 0x0F) | 0xF0 : before[i]);
    }
}

static void etc1_encode_through_codec(void **state)
{
    (void)state;
    /* a 16x8 ETC1A4 texture from a picture each of whose 4x4 blocks is solid
     * and exactly representable: decode(encode(x)) == x */
    pica_surface s = {.format = PICA_TEXFMT_ETC1A4, .width = 16, .height = 8};
    uint8_t host[16 * 8 * 4];
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 16; x++) {
            uint32_t k = (x / 4) + (y / 4) * 4; /* block number 0..7 */
            uint32_t v = RGBA(17 * k + 2, 17 * (14 - k) + 2, 17 * (k / 2) + 2, (k * 2) * 17);
            memcpy(host + (y * 16 + x) * 4, &v, 4);
        }
    uint8_t guest[128];
    assert_int_equal(pica_encode(&s, guest, sizeof guest, NULL, PICA_CODEC_FLIP_Y, host, 64, ts_logger()),
                     GLHLE_RESULT_OK);
    uint8_t *back = decode_all(&s, guest, PICA_CODEC_FLIP_Y);
    assert_memory_equal(back, host, sizeof host);
    free(back);
    /* the rect must be whole blocks */
    pica_rect r = {2, 0, 4, 4};
    ts_log_clear();
    assert_int_equal(pica_encode(&s, guest, sizeof guest, &r, 0, host, 64, ts_logger()),
                     GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("whole 4x4 blocks"));
}

/* ---- mip levels -------------------------------------------------------------------- */

static void mip_levels(void **state)
{
    (void)state;
    pica_surface s;
    size_t off;
    assert_int_equal(pica_mip_level(PICA_TEXFMT_RGBA8, 64, 32, 0, &s, &off, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(off, 0);
    assert_int_equal(s.width, 64);
    assert_int_equal(pica_mip_level(PICA_TEXFMT_RGBA8, 64, 32, 1, &s, &off, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(off, 64 * 32 * 4);
    assert_int_equal(s.width, 32);
    assert_int_equal(s.height, 16);
    assert_int_equal(pica_mip_level(PICA_TEXFMT_RGBA8, 64, 32, 2, &s, &off, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(off, 8192 + 2048);
    assert_int_equal(pica_mip_chain_size(PICA_TEXFMT_RGBA8, 64, 32, 3), 8192 + 2048 + 512);
    assert_int_equal(pica_mip_chain_size(PICA_TEXFMT_ETC1, 128, 128, 2), 128 * 128 / 2 + 64 * 64 / 2);
    assert_int_equal(pica_mip_chain_size(PICA_TEXFMT_I4, 8, 8, 1), 32);
    ts_log_clear();
    assert_int_equal(pica_mip_level(PICA_TEXFMT_RGBA8, 64, 32, 3, &s, &off, ts_logger()),
                     GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("smaller than 8x8"));
    assert_int_equal(pica_mip_chain_size(PICA_TEXFMT_RGBA8, 64, 32, 4), 0);
    assert_int_equal(pica_mip_chain_size(PICA_TEXFMT_RGBA8, 64, 32, 0), 0);
}

/* ---- names, registers, errors --------------------------------------------------------- */

static void names_and_registers(void **state)
{
    (void)state;
    assert_int_equal(pica_texfmt_from_name("rgb5a1"), PICA_TEXFMT_RGB5A1);
    assert_int_equal(pica_texfmt_from_name("RGBA5551"), PICA_TEXFMT_RGB5A1);
    assert_int_equal(pica_texfmt_from_name("etc1a4"), PICA_TEXFMT_ETC1A4);
    assert_int_equal(pica_texfmt_from_name("la44"), PICA_TEXFMT_IA4);
    assert_int_equal(pica_texfmt_from_name("hilo8"), PICA_TEXFMT_HILO8);
    assert_int_equal(pica_texfmt_from_name("d24s8"), PICA_TEXFMT_D24S8);
    assert_int_equal(pica_texfmt_from_name("bogus"), PICA_TEXFMT_COUNT);
    assert_int_equal(pica_texfmt_from_name(NULL), PICA_TEXFMT_COUNT);
    for (unsigned f = 0; f < PICA_TEXFMT_COUNT; f++)
        assert_int_equal(pica_texfmt_from_name(pica_texfmt_get_info((pica_texfmt)f)->name), f);
    assert_null(pica_texfmt_get_info(PICA_TEXFMT_COUNT));
    assert_int_equal(pica_texfmt_from_colorbuffer(0), PICA_TEXFMT_RGBA8);
    assert_int_equal(pica_texfmt_from_colorbuffer(2), PICA_TEXFMT_RGB5A1);
    assert_int_equal(pica_texfmt_from_colorbuffer(3), PICA_TEXFMT_RGB565);
    assert_int_equal(pica_texfmt_from_colorbuffer(5), PICA_TEXFMT_COUNT);
    assert_int_equal(pica_texfmt_from_depthbuffer(0), PICA_TEXFMT_D16);
    assert_int_equal(pica_texfmt_from_depthbuffer(1), PICA_TEXFMT_COUNT);
    assert_int_equal(pica_texfmt_from_depthbuffer(3), PICA_TEXFMT_D24S8);
    /* the decoded framebuffer state's register values (pica_state.h) map too */
    assert_int_equal(pica_texfmt_from_colorbuffer(PICA_COLOR_RGB8), PICA_TEXFMT_RGB8);
    assert_int_equal(pica_texfmt_from_colorbuffer(PICA_COLOR_RGBA4), PICA_TEXFMT_RGBA4);
    assert_int_equal(pica_texfmt_from_depthbuffer(PICA_DEPTH_D24), PICA_TEXFMT_D24);
    assert_int_equal(pica_texfmt_from_transfer(2), PICA_TEXFMT_RGB565);
    assert_int_equal(pica_texfmt_from_transfer(3), PICA_TEXFMT_RGB5A1);
    assert_int_equal(pica_texfmt_from_transfer(7), PICA_TEXFMT_COUNT);
}

static void bad_arguments(void **state)
{
    (void)state;
    uint8_t buf[4096] = {0}, out[4096];
    pica_surface s = {.format = PICA_TEXFMT_RGBA8, .width = 12, .height = 8};
    ts_log_clear();
    assert_int_equal(pica_decode(&s, buf, sizeof buf, NULL, 0, out, 48, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("12x8 texels: width must be a multiple of 8"));
    assert_int_equal(pica_surface_size(&s), 0);
    s.width = 0;
    assert_int_equal(pica_decode(&s, buf, sizeof buf, NULL, 0, out, 48, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    s.width = 8192;
    ts_log_clear();
    assert_int_equal(pica_decode(&s, buf, sizeof buf, NULL, 0, out, 48, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("outside 1..4096"));
    s = (pica_surface){.format = (pica_texfmt)99, .width = 8, .height = 8};
    ts_log_clear();
    assert_int_equal(pica_decode(&s, buf, sizeof buf, NULL, 0, out, 32, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("unknown format 99"));
    s = (pica_surface){.format = PICA_TEXFMT_RGBA8, .layout = PICA_LAYOUT_TILED32, .width = 16, .height = 32};
    assert_int_equal(pica_surface_check(&s, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    s = (pica_surface){.format = PICA_TEXFMT_I4, .layout = PICA_LAYOUT_LINEAR, .width = 3, .height = 1};
    assert_int_equal(pica_surface_check(&s, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    s = (pica_surface){.format = PICA_TEXFMT_RGBA8, .width = 8, .height = 8, .stride = 100};
    ts_log_clear();
    assert_int_equal(pica_surface_check(&s, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("stride 100"));
    /* the buffer is a byte short */
    s = (pica_surface){.format = PICA_TEXFMT_RGBA8, .width = 8, .height = 16};
    ts_log_clear();
    assert_int_equal(pica_decode(&s, buf, 511, NULL, 0, out, 32, ts_logger()), GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("needs 512 guest bytes, got 511"));
    assert_int_equal(pica_decode(&s, NULL, 512, NULL, 0, out, 32, ts_logger()), GLHLE_RESULT_TRUNCATED);
    /* rects */
    pica_rect r = {4, 4, 5, 1};
    ts_log_clear();
    assert_int_equal(pica_decode(&s, buf, 512, &r, 0, out, 32, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("leaves the 8x16 surface"));
    r = (pica_rect){0, 0, 0, 1};
    assert_int_equal(pica_decode(&s, buf, 512, &r, 0, out, 32, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    r = (pica_rect){UINT32_MAX, 0, 2, 1};
    assert_int_equal(pica_decode(&s, buf, 512, &r, 0, out, 32, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    /* host buffer */
    ts_log_clear();
    assert_int_equal(pica_decode(&s, buf, 512, NULL, 0, out, 31, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("too narrow"));
    assert_int_equal(pica_decode(&s, buf, 512, NULL, 0, NULL, 32, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(pica_encode(&s, NULL, 512, NULL, 0, out, 32, ts_logger()), GLHLE_RESULT_TRUNCATED);
    assert_int_equal(pica_decode(NULL, buf, 512, NULL, 0, out, 32, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
}

static void texel_offsets(void **state)
{
    (void)state;
    unsigned nib;
    pica_surface s = {.format = PICA_TEXFMT_RGB565, .width = 16, .height = 16};
    /* tile 3 (bytes 384..511), Morton 39 */
    assert_int_equal(pica_texel_offset(&s, 11, 13, &nib), 3 * 128 + 39 * 2);
    s.format = PICA_TEXFMT_A4;
    assert_int_equal(pica_texel_offset(&s, 3, 5, &nib), 19);
    assert_int_equal(nib, 1);
    s.format = PICA_TEXFMT_ETC1A4; /* block 3 of tile 1 */
    assert_int_equal(pica_texel_offset(&s, 13, 6, NULL), 64 + 3 * 16);
    s = (pica_surface){.format = PICA_TEXFMT_RGB8, .layout = PICA_LAYOUT_LINEAR, .width = 10, .height = 4,
                       .stride = 40};
    assert_int_equal(pica_texel_offset(&s, 3, 2, NULL), 2 * 40 + 9);
    assert_int_equal(pica_surface_size(&s), 3 * 40 + 30);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hand_computed_texels),
        cmocka_unit_test(four_bit_nibbles),
        cmocka_unit_test(etc1_tile_block_order),
        cmocka_unit_test(morton_order_in_tile),
        cmocka_unit_test(tile_order_8x8_and_32x32),
        cmocka_unit_test(flip_and_subrect),
        cmocka_unit_test(fast_matches_reference),
        cmocka_unit_test(exhaustive_guest_round_trip),
        cmocka_unit_test(random_wide_round_trip),
        cmocka_unit_test(depth_host_representation),
        cmocka_unit_test(partial_encode_keeps_neighbours),
        cmocka_unit_test(etc1_encode_through_codec),
        cmocka_unit_test(mip_levels),
        cmocka_unit_test(names_and_registers),
        cmocka_unit_test(bad_arguments),
        cmocka_unit_test(texel_offsets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
