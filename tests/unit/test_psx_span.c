/* backend/psx/sw_span.c and the span rasterizer in swrender.c against
 * per-pixel models (issue 21):
 *  - the kernels against a model in this file that evaluates every pixel
 *    from the rules of psx-spx ("GPU Rendering Attributes", "Modulation",
 *    "Semi-transparency", "24bit RGB to 15bit RGB Dithering", "Texture
 *    Window", "Mask Bit Setting") with each attribute from the closed
 *    formula acc0 + i * step (prim_setup.h) instead of stepping:
 *    exhaustively over modulation x colour x dither phase, blend modes x
 *    channel pairs, texture windows x texcoords, and over random spans of
 *    every specialised combination with wrapping accumulators and extreme
 *    steps — each for the scalar, SSE2 and AVX2 kernel sets;
 *  - whole primitives against support/psx_ref_render.c, the per-pixel
 *    renderer the software renderer was before (edges by division, every
 *    attribute from psx_tri_attr): every triangle with vertices on a 5x5
 *    grid, large triangles with extreme gradients, and random streams of
 *    every command. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/psx/gpu.h"
#include "backend/psx/renderer.h"
#include "backend/psx/sw_span.h"
#include "glhle/psx.h"
#include "support/psx_random.h"
#include "support/psx_ref_render.h"

#define VRAM_WORDS ((size_t)PSX_VRAM_W * PSX_VRAM_H)

/* ---- the per-pixel model of one span -------------------------------------------- */

/* psx-spx "24bit RGB to 15bit RGB Dithering", row y&3, column x&3 */
static const int dither_offsets[4][4] = {{-4, 0, -3, 1}, {2, -2, 3, -1}, {-3, 1, -4, 0}, {3, -1, 2, -2}};

static uint32_t sat5(int v, int d) /* 8-bit (or a product up to 494) plus offset, clamped, to 5 bits */
{
    v += d;
    if (v < 0)
        v = 0;
    if (v > 255)
        v = 255;
    return (uint32_t)v >> 3;
}

static uint32_t blend_channel(int b, int f, int mode)
{
    int v = mode == 0 ? (b + f) / 2 : mode == 1 ? b + f : mode == 2 ? b - f : b + f / 4;
    return (uint32_t)(v < 0 ? 0 : v > 31 ? 31 : v);
}

typedef struct span_case {
    psx_draw_mode m;
    bool gouraud, dither;
    const uint16_t *src;  /* texels come from here */
    const uint16_t *clut; /* 256 entries */
} span_case;

static uint32_t model_texel(const span_case *sc, uint32_t u, uint32_t v)
{
    const psx_draw_mode *m = &sc->m;
    u = (u & m->win_and_x) | m->win_or_x;
    v = (v & m->win_and_y) | m->win_or_y;
    const uint16_t *row = sc->src + (size_t)(m->tex_y + v) * PSX_VRAM_W;
    if (m->tex_mode == 0)
        return sc->clut[(row[(m->tex_x + u / 4) % PSX_VRAM_W] >> (4 * (u % 4))) & 15];
    if (m->tex_mode == 1)
        return sc->clut[(row[(m->tex_x + u / 2) % PSX_VRAM_W] >> (8 * (u % 2))) & 255];
    return row[(m->tex_x + u) % PSX_VRAM_W];
}

/* Draws x0 <= x < x1 of row y of `vram` pixel by pixel. */
static void model_span(const span_case *sc, uint16_t *vram, int32_t x0, int32_t x1, int32_t y, const uint32_t acc[5],
                       const int32_t step[5])
{
    const psx_draw_mode *m = &sc->m;
    for (int32_t x = x0; x < x1; x++) {
        uint32_t i = (uint32_t)(x - x0), a[5];
        for (int k = 0; k < 5; k++) {
            bool stepped = k >= PSX_ATTR_U || sc->gouraud;
            a[k] = ((acc[k] + (stepped ? i * (uint32_t)step[k] : 0)) >> 12) & 0xFF;
        }
        uint16_t *dst = &vram[(size_t)y * PSX_VRAM_W + (size_t)x];
        if (m->mask_check && (*dst & 0x8000))
            continue;
        uint32_t color, bit15 = 0;
        bool semi = m->semi;
        if (m->textured) {
            uint32_t t = model_texel(sc, a[PSX_ATTR_U], a[PSX_ATTR_V]);
            if (t == 0)
                continue;
            bit15 = t & 0x8000;
            semi = m->semi && bit15;
            if (m->raw) {
                color = t & 0x7FFF;
            } else {
                int d = sc->dither ? dither_offsets[y & 3][x & 3] : 0;
                color = sat5((int)((t & 31) * a[0]) >> 4, d) | sat5((int)(((t >> 5) & 31) * a[1]) >> 4, d) << 5 |
                        sat5((int)(((t >> 10) & 31) * a[2]) >> 4, d) << 10;
            }
        } else {
            int d = sc->dither ? dither_offsets[y & 3][x & 3] : 0;
            color = sat5((int)a[0], d) | sat5((int)a[1], d) << 5 | sat5((int)a[2], d) << 10;
        }
        if (semi) {
            uint32_t out = 0;
            for (int s = 0; s < 15; s += 5)
                out |= blend_channel((*dst >> s) & 31, (int)(color >> s) & 31, m->blend) << s;
            color = out;
        }
        *dst = (uint16_t)(color | bit15 | (m->mask_set ? 0x8000 : 0));
    }
}

/* The kernel of each set (scalar, SSE2, AVX2) and the model on copies of
 * `vram`; fails on the first differing pixel. */
static void check_span(const span_case *sc, const uint16_t *vram, uint16_t *got, uint16_t *want, int32_t x0,
                       int32_t x1, int32_t y, const uint32_t acc[5], const int32_t step[5])
{
    static const char *const isa_names[3] = {"scalar", "SSE2", "AVX2"};
    size_t row = (size_t)y * PSX_VRAM_W;
    memcpy(want + row, vram + row, PSX_VRAM_W * sizeof *want);
    model_span(sc, want, x0, x1, y, acc, step);
    for (int isa = PSX_SPAN_SCALAR; isa <= PSX_SPAN_AVX2; isa++) {
        memcpy(got + row, vram + row, PSX_VRAM_W * sizeof *got);
        psx_span_ctx c;
        psx_span_ctx_init(&c, &sc->m, sc->src, sc->clut, step);
        psx_span_select(psx_span_kernels((psx_span_isa)isa), &sc->m, sc->gouraud, sc->dither)(&c, got + row, x0, x1, y,
                                                                                              acc);
        for (int32_t x = 0; x < PSX_VRAM_W; x++) {
            if (got[row + (size_t)x] != want[row + (size_t)x])
                fail_msg("%s span %d..%d row %d: pixel %d is %04x, the model says %04x (textured %d mode %d raw %d "
                         "gouraud %d semi %d blend %d dither %d mask %d/%d, acc %08x %08x %08x %08x %08x, step %d %d "
                         "%d %d %d)",
                         isa_names[isa], x0, x1, y, x, got[row + (size_t)x], want[row + (size_t)x], sc->m.textured,
                         sc->m.tex_mode, sc->m.raw, sc->gouraud, sc->m.semi, sc->m.blend, sc->dither, sc->m.mask_set,
                         sc->m.mask_check, acc[0], acc[1], acc[2], acc[3], acc[4], step[0], step[1], step[2], step[3],
                         step[4]);
        }
    }
}

typedef struct span_bufs {
    uint16_t *vram, *got, *want, *tex, clut[256];
    uint8_t clut_pad[PSX_SPAN_PAD]; /* the AVX2 kernels read 32 bits at the last entry */
} span_bufs;

static void bufs_init(span_bufs *b, ts_rng *r)
{
    b->vram = malloc(VRAM_WORDS * sizeof *b->vram);
    b->got = calloc(1, VRAM_WORDS * sizeof *b->got + PSX_SPAN_PAD); /* the SIMD kernels' tails (sw_span.h) */
    b->want = malloc(VRAM_WORDS * sizeof *b->want);
    b->tex = calloc(1, VRAM_WORDS * sizeof *b->tex + PSX_SPAN_PAD);
    assert_true(b->vram && b->got && b->want && b->tex);
    for (size_t i = 0; i < VRAM_WORDS; i++) { /* 1 in 8 transparent, 1 in 8 mask bit alone */
        uint32_t k = ts_rng_below(r, 8);
        b->vram[i] = (uint16_t)ts_rng_u32(r);
        b->tex[i] = k == 0 ? 0 : k == 1 ? 0x8000 : (uint16_t)ts_rng_u32(r);
    }
    for (int i = 0; i < 256; i++)
        b->clut[i] = i % 7 == 0 ? 0 : (uint16_t)ts_rng_u32(r);
    memset(b->clut_pad, 0, sizeof b->clut_pad);
}

static void bufs_free(span_bufs *b)
{
    free(b->vram);
    free(b->got);
    free(b->want);
    free(b->tex);
}

static void mode_defaults(span_case *sc, const span_bufs *b)
{
    memset(sc, 0, sizeof *sc);
    sc->m.win_and_x = sc->m.win_and_y = 0xFF;
    sc->m.clip = (psx_rect){0, 0, PSX_VRAM_W - 1, PSX_VRAM_H - 1};
    sc->src = b->tex;
    sc->clut = b->clut;
}

/* ---- exhaustive kernel cases ------------------------------------------------------ */

/* Every 5-bit texel channel x 8-bit colour x dither phase: rows y = 0..3,
 * spans starting at x0 = 0..3 over a 15-bit texture row whose texel u is
 * (u & 31) in all three channels, u = x - x0; each colour in every channel
 * once (r = c, g = 255 - c, b = c ^ 5Ah), flat and stepped by 0. */
static void modulation_exhaustive(void **state)
{
    (void)state;
    ts_rng r;
    ts_rng_init(&r, 21);
    span_bufs b;
    bufs_init(&b, &r);
    for (uint32_t u = 0; u < 256; u++)
        b.tex[u] = (uint16_t)((u & 31) * 0x421u | 0x8000u);
    for (int dither = 0; dither < 2; dither++)
        for (int gouraud = 0; gouraud < 2; gouraud++)
            for (uint32_t c = 0; c < 256; c++)
                for (int32_t y = 0; y < 4; y++)
                    for (int32_t x0 = 0; x0 < 4; x0++) {
                        span_case sc;
                        mode_defaults(&sc, &b);
                        sc.m.textured = 1;
                        sc.m.tex_mode = 2;
                        sc.gouraud = gouraud;
                        sc.dither = dither;
                        const uint32_t acc[5] = {c << 12, (255 - c) << 12, (c ^ 0x5A) << 12, 0, 0};
                        const int32_t step[5] = {0, 0, 0, 4096, 0};
                        check_span(&sc, b.vram, b.got, b.want, x0, x0 + 256, y, acc, step);
                    }
    /* untextured: every colour at every phase */
    for (int dither = 0; dither < 2; dither++)
        for (int gouraud = 0; gouraud < 2; gouraud++)
            for (uint32_t c = 0; c < 256; c++)
                for (int32_t y = 0; y < 4; y++) {
                    span_case sc;
                    mode_defaults(&sc, &b);
                    sc.gouraud = gouraud;
                    sc.dither = dither;
                    const uint32_t acc[5] = {c << 12, (255 - c) << 12, (c ^ 0x5A) << 12, 0, 0};
                    const int32_t step[5] = {0, 0, 0, 0, 0};
                    check_span(&sc, b.vram, b.got, b.want, 3, 11, y, acc, step);
                }
    bufs_free(&b);
}

/* Every blend mode x (background, foreground) 5-bit channel pair: one VRAM
 * row of 1024 backgrounds (x >> 5) * 421h, raw 15-bit texels (u & 31) * 421h
 * with bit 15 over it (all three channels alike); then the same with the
 * channels differing, and untextured fronts. */
static void blend_exhaustive(void **state)
{
    (void)state;
    ts_rng r;
    ts_rng_init(&r, 22);
    span_bufs b;
    bufs_init(&b, &r);
    for (uint32_t u = 0; u < 256; u++) {
        b.tex[u] = (uint16_t)((u & 31) * 0x421u | 0x8000u);
        b.tex[PSX_VRAM_W + u] = (uint16_t)((u & 31) | ((31 - (u & 31)) << 5) | (((u * 7) & 31) << 10) | 0x8000u);
    }
    for (int32_t x = 0; x < PSX_VRAM_W; x++) {
        b.vram[x] = (uint16_t)((uint32_t)(x >> 5) * 0x421u);
        b.vram[PSX_VRAM_W + x] = (uint16_t)((uint32_t)(x >> 5) | ((uint32_t)((x >> 5) ^ 21) << 5) |
                                            ((uint32_t)((x * 3) & 31) << 10) | (x & 1 ? 0x8000u : 0));
    }
    for (int mode = 0; mode < 4; mode++)
        for (int32_t y = 0; y < 2; y++)
            for (int mask = 0; mask < 4; mask++) {
                span_case sc;
                mode_defaults(&sc, &b);
                sc.m.textured = 1;
                sc.m.tex_mode = 2;
                sc.m.raw = 1;
                sc.m.semi = 1;
                sc.m.blend = (uint8_t)mode;
                sc.m.mask_set = mask & 1;
                sc.m.mask_check = mask >> 1;
                const uint32_t acc[5] = {0, 0, 0, 0, (uint32_t)y << 12};
                const int32_t step[5] = {0, 0, 0, 4096, 0};
                check_span(&sc, b.vram, b.got, b.want, 0, PSX_VRAM_W, y, acc, step);
                /* untextured: each front channel value over all 32 backgrounds */
                sc.m.textured = 0;
                for (uint32_t f = 0; f < 32; f++) {
                    const uint32_t facc[5] = {(f << 3) << 12, ((31 - f) << 3) << 12, (((f * 5) & 31) << 3) << 12, 0, 0};
                    check_span(&sc, b.vram, b.got, b.want, 0, PSX_VRAM_W, y, facc, step);
                }
            }
    bufs_free(&b);
}

/* Every texture window (GP0(E2h): mask and offset 0..31 in 8-texel units)
 * x every texcoord, in u and in v, for 4-, 8- and 15-bit texels, on pages
 * where the 15-bit ones wrap at x = 1024. */
static void texture_windows_exhaustive(void **state)
{
    (void)state;
    ts_rng r;
    ts_rng_init(&r, 23);
    span_bufs b;
    bufs_init(&b, &r);
    for (int mode = 0; mode < 3; mode++)
        for (uint32_t mask = 0; mask < 32; mask++)
            for (uint32_t off = 0; off < 32; off++) {
                span_case sc;
                mode_defaults(&sc, &b);
                sc.m.textured = 1;
                sc.m.raw = 1;
                sc.m.tex_mode = (uint8_t)mode;
                sc.m.tex_x = (uint16_t)(((mask + off) % 16) * 64);
                sc.m.tex_y = (uint16_t)((off & 1) * 256);
                uint8_t and_m = (uint8_t)~(mask * 8), or_m = (uint8_t)((off & mask) * 8);
                /* u across a row */
                sc.m.win_and_x = and_m;
                sc.m.win_or_x = or_m;
                const uint32_t acc[5] = {0, 0, 0, 0, (mask * 8 + off) << 12};
                const int32_t step[5] = {0, 0, 0, 4096, 0};
                check_span(&sc, b.vram, b.got, b.want, 0, 256, (int32_t)(off * 3), acc, step);
                /* v down the rows (one pixel per row, so each v is a span) */
                sc.m.win_and_x = 0xFF;
                sc.m.win_or_x = 0;
                sc.m.win_and_y = and_m;
                sc.m.win_or_y = or_m;
                for (uint32_t v = 0; v < 256; v++) {
                    const uint32_t vacc[5] = {0, 0, 0, (off * 5) << 12, v << 12};
                    check_span(&sc, b.vram, b.got, b.want, (int32_t)v, (int32_t)v + 2, (int32_t)v, vacc, step);
                }
            }
    bufs_free(&b);
}

static int32_t random_step(ts_rng *r)
{
    switch (ts_rng_below(r, 10)) {
    case 0: return 0;
    case 1: return 4096;
    case 2: return -4096;
    case 3: return (int32_t)ts_rng_below(r, 3) - 1;
    case 4: return INT32_MIN;
    case 5: return INT32_MAX;
    case 6: return (int32_t)ts_rng_u32(r); /* wraps the accumulator within a few pixels */
    default: return (int32_t)ts_rng_below(r, 1u << 21) - (1 << 20); /* -256..256 per pixel */
    }
}

/* Every specialised combination (texture mode incl. the reserved 3, raw,
 * Gouraud, semi-transparency x blend mode, dither, mask set and check),
 * random windows and pages, spans anywhere in VRAM with accumulators that
 * start anywhere and wrap. */
static void random_spans_every_combination(void **state)
{
    (void)state;
    ts_rng r;
    ts_rng_init(&r, 24);
    span_bufs b;
    bufs_init(&b, &r);
    uint32_t spans = 0;
    for (int tex = 0; tex < 5; tex++)
        for (int raw = 0; raw < 2; raw++)
            for (int g = 0; g < 2; g++)
                for (int blend = 0; blend < 5; blend++)
                    for (int d = 0; d < 2; d++)
                        for (int mask = 0; mask < 4; mask++)
                            for (int k = 0; k < 6; k++) {
                                span_case sc;
                                mode_defaults(&sc, &b);
                                sc.m.textured = tex > 0;
                                sc.m.tex_mode = (uint8_t)(tex > 0 ? tex - 1 : 0);
                                sc.m.raw = (uint8_t)raw;
                                sc.gouraud = g;
                                sc.dither = d;
                                sc.m.semi = blend > 0;
                                sc.m.blend = (uint8_t)(blend > 0 ? (uint32_t)blend - 1 : ts_rng_below(&r, 4));
                                sc.m.mask_set = mask & 1;
                                sc.m.mask_check = mask >> 1;
                                sc.m.tex_x = (uint16_t)(ts_rng_below(&r, 16) * 64);
                                sc.m.tex_y = (uint16_t)(ts_rng_below(&r, 2) * 256);
                                if (ts_rng_below(&r, 3) == 0) {
                                    sc.m.win_and_x = (uint8_t)ts_rng_u32(&r);
                                    sc.m.win_or_x = (uint8_t)ts_rng_u32(&r);
                                    sc.m.win_and_y = (uint8_t)ts_rng_u32(&r);
                                    sc.m.win_or_y = (uint8_t)ts_rng_u32(&r);
                                }
                                int32_t y = (int32_t)ts_rng_below(&r, PSX_VRAM_H);
                                int32_t x0 = (int32_t)ts_rng_below(&r, PSX_VRAM_W);
                                int32_t n = (int32_t)ts_rng_below(&r, k < 3 ? 64 : (uint32_t)(PSX_VRAM_W - x0 + 1));
                                if (x0 + n > PSX_VRAM_W)
                                    n = PSX_VRAM_W - x0;
                                uint32_t acc[5];
                                int32_t step[5];
                                for (int a = 0; a < 5; a++) {
                                    acc[a] = ts_rng_u32(&r);
                                    step[a] = random_step(&r);
                                }
                                check_span(&sc, b.vram, b.got, b.want, x0, x0 + n, y, acc, step);
                                spans++;
                            }
    print_message("%u random spans over every combination identical to the per-pixel model\n", spans);
    bufs_free(&b);
}

/* ---- whole primitives against the per-pixel renderer -------------------------------- */

static psx_span_isa stream_isa;

static psx_renderer *sw_make(const void *arg, const glhle_logger *log, glhle_psx_stats *stats, glhle_result *result)
{
    (void)arg;
    psx_renderer *r = psx_swrender_create(log, stats);
    *result = r ? GLHLE_RESULT_OK : GLHLE_RESULT_OUT_OF_MEMORY;
    if (r)
        psx_swrender_use_kernels(r, stream_isa);
    return r;
}

/* The renderer with each kernel set (scalar, SSE2, AVX2: their row
 * kernels, lines and transfers) against the per-pixel renderer. */
static void compare_streams(const psx_stream *s, const char *what)
{
    static const char *const isa_names[3] = {"scalar", "SSE2", "AVX2"};
    glhle_logger log = {ts_log_fn, NULL, (glhle_log_level)(GLHLE_LOG_ERROR + 1)}; /* random streams hold bad words on purpose */
    glhle_psx *ref = NULL;
    assert_int_equal(psx_ref_create(&ref), GLHLE_RESULT_OK);
    glhle_psx_gp0_block(ref, s->words, s->count);
    uint16_t *a = malloc(VRAM_WORDS * sizeof *a), *b = malloc(VRAM_WORDS * sizeof *b);
    assert_true(a && b);
    assert_int_equal(glhle_psx_read_vram(ref, 0, 0, PSX_VRAM_W, PSX_VRAM_H, b), GLHLE_RESULT_OK);
    for (int isa = PSX_SPAN_SCALAR; isa <= PSX_SPAN_AVX2; isa++) {
        glhle_psx *sw = NULL;
        stream_isa = (psx_span_isa)isa;
        assert_int_equal(psx_create_with(&log, sw_make, NULL, &sw), GLHLE_RESULT_OK);
        glhle_psx_gp0_block(sw, s->words, s->count);
        assert_int_equal(glhle_psx_read_vram(sw, 0, 0, PSX_VRAM_W, PSX_VRAM_H, a), GLHLE_RESULT_OK);
        for (size_t i = 0; i < VRAM_WORDS; i++)
            if (a[i] != b[i])
                fail_msg("%s (%s): pixel (%zu, %zu) is %04x, the per-pixel renderer drew %04x", what, isa_names[isa],
                         i % PSX_VRAM_W, i / PSX_VRAM_W, a[i], b[i]);
        glhle_psx_destroy(sw);
    }
    free(a);
    free(b);
    glhle_psx_destroy(ref);
}

static uint32_t xy(int32_t x, int32_t y)
{
    return ((uint32_t)x & 0xFFFF) | ((uint32_t)y << 16);
}

/* A random mode for the next polygon: E1 (through the texpage attribute),
 * E2 and E6, and the command bits. Returns the command code's top byte. */
static uint32_t random_polygon_code(ts_rng *r, psx_stream *s)
{
    if (ts_rng_below(r, 8) == 0)
        psx_stream_push(s, 0xE2000000u | (ts_rng_below(r, 3) == 0 ? ts_rng_u32(r) & 0xFFFFF : 0));
    if (ts_rng_below(r, 8) == 0)
        psx_stream_push(s, 0xE6000000u | ts_rng_below(r, 4));
    return 0x20u | (ts_rng_u32(r) & 0x17u); /* IIP, TME, ABE, TGE; three vertices */
}

static void push_triangle(ts_rng *r, psx_stream *s, const int32_t p[6])
{
    uint32_t code = random_polygon_code(r, s);
    bool gouraud = code & 0x10, tex = code & 0x04;
    for (int i = 0; i < 3; i++) {
        uint32_t c = ts_rng_below(r, 4) == 0 ? 0x808080u : ts_rng_u32(r) & 0xFFFFFF;
        if (i == 0)
            psx_stream_push(s, (code << 24) | c);
        else if (gouraud)
            psx_stream_push(s, c);
        psx_stream_push(s, xy(p[2 * i], p[2 * i + 1]));
        if (tex) {
            uint32_t hi = i == 0 ? ts_rng_below(r, 0x8000) : i == 1 ? ts_rng_u32(r) & 0x9FF : 0;
            uint32_t uv = ts_rng_below(r, 2) ? ts_rng_u32(r) & 0xFFFF : (i == 1 ? 0xFF : i == 2 ? 0xFF00 : 0);
            psx_stream_push(s, uv | (hi << 16));
        }
    }
}

/* Every triangle whose vertices lie on the grid {0, 1, 2, 4, 7}^2 (all
 * 15,625 ordered triples: every orientation, degenerate ones, every edge
 * slope the grid allows), each in its own 8x8 cell of VRAM with a random
 * mode and attributes. */
static void triangles_on_a_grid(void **state)
{
    (void)state;
    static const int32_t g[5] = {0, 1, 2, 4, 7};
    ts_rng r;
    ts_rng_init(&r, 25);
    psx_stream s = {0};
    psx_random_prologue(&r, &s);
    uint32_t cell = 0;
    for (int a = 0; a < 25; a++)
        for (int b = 0; b < 25; b++)
            for (int c = 0; c < 25; c++) {
                int32_t cx = (int32_t)(cell % 128) * 8, cy = (int32_t)(cell / 128 % 64) * 8;
                int32_t p[6] = {cx + g[a % 5], cy + g[a / 5], cx + g[b % 5], cy + g[b / 5], cx + g[c % 5], cy + g[c / 5]};
                push_triangle(&r, &s, p);
                if (++cell == 128 * 64) {
                    compare_streams(&s, "grid triangles");
                    psx_stream_free(&s);
                    psx_random_prologue(&r, &s);
                    cell = 0;
                }
            }
    compare_streams(&s, "grid triangles");
    psx_stream_free(&s);
}

/* Large triangles (up to 1023 x 511), extreme gradients (00h and FFh
 * attributes across few pixels), vertices off VRAM, drawing areas and
 * offsets anywhere. */
static void large_triangles(void **state)
{
    (void)state;
    ts_rng r;
    ts_rng_init(&r, 26);
    for (int round = 0; round < 8; round++) {
        psx_stream s = {0};
        psx_random_prologue(&r, &s);
        for (int i = 0; i < 60; i++) {
            if (ts_rng_below(&r, 4) == 0) {
                uint32_t x0 = ts_rng_below(&r, 1024), y0 = ts_rng_below(&r, 512);
                psx_stream_push(&s, 0xE3000000u | x0 | (y0 << 10));
                psx_stream_push(&s, 0xE4000000u | (x0 + ts_rng_below(&r, 1024 - x0)) |
                                        ((y0 + ts_rng_below(&r, 512 - y0)) << 10));
                psx_stream_push(&s, 0xE5000000u | (ts_rng_u32(&r) & 0x3FFFFF));
            }
            int32_t p[6];
            int32_t w = ts_rng_below(&r, 2) ? 1023 : 3, h = ts_rng_below(&r, 2) ? 511 : 2;
            for (int k = 0; k < 3; k++) {
                p[2 * k] = (int32_t)ts_rng_below(&r, (uint32_t)w + 1) - 200;
                p[2 * k + 1] = (int32_t)ts_rng_below(&r, (uint32_t)h + 1) - 100;
            }
            push_triangle(&r, &s, p);
        }
        compare_streams(&s, "large triangles");
        psx_stream_free(&s);
    }
}

/* Random streams of every command kind and environment change
 * (support/psx_random.c): sprites, lines, polylines and transfers too. */
static void random_streams(void **state)
{
    (void)state;
    uint64_t seed = ts_seed("test_psx_span", 27);
    for (int round = 0; round < 6; round++) {
        ts_rng r;
        ts_rng_init(&r, seed + (uint64_t)round);
        psx_stream s = {0};
        psx_random_prologue(&r, &s);
        psx_random_commands(&r, round < 2 ? PSX_RAND_ALL : round < 4 ? PSX_RAND_RECTS | PSX_RAND_ENV
                                                                     : PSX_RAND_LINES | PSX_RAND_ENV,
                            1500, &s);
        compare_streams(&s, "random stream");
        psx_stream_free(&s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(modulation_exhaustive),
        cmocka_unit_test(blend_exhaustive),
        cmocka_unit_test(texture_windows_exhaustive),
        cmocka_unit_test(random_spans_every_combination),
        cmocka_unit_test(triangles_on_a_grid),
        cmocka_unit_test(large_triangles),
        cmocka_unit_test(random_streams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
