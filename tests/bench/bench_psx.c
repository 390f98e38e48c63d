/* PlayStation GPU throughput: 100,000 mixed primitives shaped like a game's
 * frame stream (small textured Gouraud quads and triangles, 16x16 sprites,
 * untextured polygons, lines; a few texture pages and CLUTs, some
 * semi-transparency, dithering on) drawn by the GL renderer and by the
 * software reference in the same run. Reports primitives per second, the
 * ratio between the two, and GL draw calls (how well batching works).
 *
 *   bench_psx [--quick] [--only gl|sw] [--count N] [--scale S]
 *
 * For callgrind instruction counts per primitive in glhle code, run one
 * renderer alone under valgrind (docs/performance.md has the commands). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glhle/psx.h"
#include "support/bench_support.h"
#include "support/psx_random.h"
#include "support/test_support.h"

static uint32_t xy(int32_t x, int32_t y)
{
    return ((uint32_t)x & 0xFFFF) | ((uint32_t)y << 16);
}

/* A frame-like stream: `count` primitives inside a 320x240 drawing area. */
static void game_stream(uint32_t count, psx_stream *s)
{
    ts_rng r;
    ts_rng_init(&r, 2024);
    /* textures: 4 pages of 15-bit noise-ish texels, CLUTs for 4-bit pages */
    for (uint32_t page = 0; page < 4; page++) {
        psx_stream_push(s, 0xA0000000u);
        psx_stream_push(s, xy(512 + (int32_t)page * 64, 0));
        psx_stream_push(s, xy(64, 256));
        for (uint32_t i = 0; i < 64 * 256 / 2; i++)
            psx_stream_push(s, (ts_rng_u32(&r) & 0x7FFF7FFFu) | 0x00010001u);
    }
    psx_stream_push(s, 0xE3000000u);
    psx_stream_push(s, 0xE4000000u | 319u | (239u << 10));
    psx_stream_push(s, 0xE5000000u);
    for (uint32_t i = 0; i < count; i++) {
        uint32_t kind = ts_rng_below(&r, 100);
        int32_t x = (int32_t)ts_rng_below(&r, 320), y = (int32_t)ts_rng_below(&r, 240);
        int32_t sz = 6 + (int32_t)ts_rng_below(&r, 26);
        uint32_t semi = ts_rng_below(&r, 10) == 0 ? 0x02000000u : 0;
        uint32_t page = 0x208u + ts_rng_below(&r, 4) + (ts_rng_below(&r, 3) << 7); /* dither, page 8-11, 4/8/15-bit */
        uint32_t clut = (ts_rng_below(&r, 4) | ((480 + ts_rng_below(&r, 32)) << 6)) << 16;
        if (kind < 45) { /* textured Gouraud quad */
            psx_stream_push(s, 0x3C000000u | semi | 0x808080u);
            psx_stream_push(s, xy(x, y));
            psx_stream_push(s, clut);
            psx_stream_push(s, 0x00A0A0A0u);
            psx_stream_push(s, xy(x + sz, y + 2));
            psx_stream_push(s, (page << 16) | 0x1F);
            psx_stream_push(s, 0x00606060u);
            psx_stream_push(s, xy(x - 2, y + sz));
            psx_stream_push(s, 0x1F00);
            psx_stream_push(s, 0x00808080u);
            psx_stream_push(s, xy(x + sz, y + sz + 1));
            psx_stream_push(s, 0x1F1F);
        } else if (kind < 60) { /* textured flat triangle */
            psx_stream_push(s, 0x24000000u | semi | 0x808080u);
            psx_stream_push(s, xy(x, y));
            psx_stream_push(s, clut);
            psx_stream_push(s, xy(x + sz, y + sz / 2));
            psx_stream_push(s, (page << 16) | 0x20);
            psx_stream_push(s, xy(x + sz / 3, y + sz));
            psx_stream_push(s, 0x2010);
        } else if (kind < 80) { /* 16x16 sprite */
            if (ts_rng_below(&r, 8) == 0)
                psx_stream_push(s, 0xE1000000u | page);
            psx_stream_push(s, 0x7C000000u | semi | 0x808080u);
            psx_stream_push(s, xy(x, y));
            psx_stream_push(s, clut | (ts_rng_below(&r, 16) * 16));
        } else if (kind < 92) { /* untextured Gouraud triangle */
            psx_stream_push(s, 0x30000000u | semi | (ts_rng_u32(&r) & 0xFFFFFF));
            psx_stream_push(s, xy(x, y));
            psx_stream_push(s, ts_rng_u32(&r) & 0xFFFFFF);
            psx_stream_push(s, xy(x + sz, y + 1));
            psx_stream_push(s, ts_rng_u32(&r) & 0xFFFFFF);
            psx_stream_push(s, xy(x + 3, y + sz));
        } else { /* a line */
            psx_stream_push(s, 0x40000000u | semi | (ts_rng_u32(&r) & 0xFFFFFF));
            psx_stream_push(s, xy(x, y));
            psx_stream_push(s, xy(x + sz * 2, y + sz));
        }
    }
}

typedef struct run_result {
    double seconds;
    glhle_psx_stats stats;
} run_result;

static bool run(glhle_context *ctx, glhle_psx_renderer renderer, uint32_t scale, const psx_stream *s, run_result *out)
{
    glhle_psx_desc d = {0};
    d.renderer = renderer;
    d.resolution_scale = renderer == GLHLE_PSX_RENDERER_GL ? scale : 1;
    glhle_psx *psx;
    if (glhle_psx_create(ctx, &d, &psx) != GLHLE_RESULT_OK)
        return false;
    uint16_t px;
    /* a first pass builds the programs the stream needs; the second is timed */
    glhle_psx_gp0_block(psx, s->words, s->count);
    glhle_psx_read_vram(psx, 0, 0, 1, 1, &px);
    glhle_psx_gp1(psx, 0);
    glhle_psx_stats before;
    glhle_psx_get_stats(psx, &before);
    uint64_t t0 = bench_now_ns();
    glhle_psx_gp0_block(psx, s->words, s->count);
    glhle_psx_read_vram(psx, 0, 0, 1, 1, &px); /* waits for the GL to finish */
    out->seconds = (double)(bench_now_ns() - t0) / 1e9;
    glhle_psx_get_stats(psx, &out->stats);
    out->stats.primitives -= before.primitives;
    out->stats.culled -= before.culled;
    out->stats.draw_calls -= before.draw_calls;
    out->stats.batches_broken -= before.batches_broken;
    bench_consume(&px, sizeof px);
    glhle_psx_destroy(psx);
    return true;
}

int main(int argc, char **argv)
{
    bool quick = bench_quick(argc, argv);
    uint32_t count = quick ? 2000 : 100000, scale = 1;
    const char *only = NULL;
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--only"))
            only = argv[i + 1];
        else if (!strcmp(argv[i], "--count"))
            count = (uint32_t)strtoul(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--scale"))
            scale = (uint32_t)strtoul(argv[i + 1], NULL, 10);
    }
    psx_stream s = {0};
    game_stream(count, &s);
    bool do_gl = !only || !strcmp(only, "gl"), do_sw = !only || !strcmp(only, "sw");
    glhle_context *ctx = NULL;
    if (do_gl) {
        glhle_context_desc cd = {0};
        cd.log_level = GLHLE_LOG_WARN;
        if (glhle_context_create(&cd, &ctx) != GLHLE_RESULT_OK) {
            fprintf(stderr, "bench_psx: no GL context\n");
            return 1;
        }
    }
    run_result gl = {0}, sw = {0};
    if (do_gl && !run(ctx, GLHLE_PSX_RENDERER_GL, scale, &s, &gl))
        return 1;
    if (do_sw && !run(NULL, GLHLE_PSX_RENDERER_SOFTWARE, 1, &s, &sw))
        return 1;
    printf("bench_psx: %u mixed drawing commands (%llu primitives: quads are two triangles), %zu GP0 words\n", count,
           (unsigned long long)(do_gl ? gl.stats.primitives : sw.stats.primitives), s.count);
    if (do_gl)
        printf("  GL %ux        %10.0f commands/s %10.0f primitives/s  %llu draw calls (%.1f primitives/draw, "
               "%llu batches ended by feedback)\n",
               scale, count / gl.seconds, (double)gl.stats.primitives / gl.seconds, (unsigned long long)gl.stats.draw_calls,
               (double)gl.stats.primitives / (double)(gl.stats.draw_calls ? gl.stats.draw_calls : 1),
               (unsigned long long)gl.stats.batches_broken);
    if (do_sw)
        printf("  software      %10.0f commands/s %10.0f primitives/s  0 draw calls\n", count / sw.seconds,
               (double)sw.stats.primitives / sw.seconds);
    if (do_gl && do_sw)
        printf("  GL / software %10.2fx\n", sw.seconds / gl.seconds);
    psx_stream_free(&s);
    glhle_context_destroy(ctx);
    return 0;
}
