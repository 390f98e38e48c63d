/* PlayStation GPU throughput, on two streams drawn by the GL renderer and by
 * the software renderer in the same run:
 *
 *  - "frame" (the realistic one): what a game frame draws. CLUTs uploaded,
 *    4/8/15-bit textures whose texels are visible (a few transparent ones
 *    at sprite edges), a background fill per frame, textured Gouraud and
 *    flat polygons, sprites of fixed and free size, untextured polygons,
 *    lines and polylines, semi-transparency in all four blend modes, the
 *    mask bit set and checked, texture windows, small fills and VRAM copies.
 *  - "old": the first stream of this bench (issue 21 keeps it to compare
 *    with earlier figures): its CLUT rows 480-511 are never written, so
 *    every 4/8-bit texel is transparent.
 *
 * Reports commands, primitives and pixels per second per renderer (pixels:
 * those inside each primitive's coverage and the drawing area, counted once
 * by a renderer in this file that only walks coverage), the GL/software
 * ratio and GL draw calls.
 *
 *   bench_psx [--quick] [--only gl|sw|ref] [--stream frame|old] [--isa scalar|sse2|avx2] [--count N]
 *             [--scale S] [--reps N] [--export PREFIX]
 *
 * Each renderer draws the stream once to warm up (GL programs), then N
 * times (default 3); the best time counts.
 *
 * --isa picks the software renderer's span kernels (default: the best the
 * CPU runs).
 *
 * "ref" is the per-pixel model the software renderer was before issue 21
 * (support/psx_ref_render.c), so one run gives before and after; the bench
 * fails when the software renderer's VRAM differs from the model's.
 *
 * --export writes each stream's GP0 words (little-endian 32-bit, the order
 * they are sent) to PREFIX<stream>.gp0, so that another emulator's renderer
 * can be timed on the same commands (docs/performance.md, the side-by-side
 * run); nothing is drawn then.
 *
 * For callgrind instruction counts, run one renderer and one stream under
 * valgrind with --toggle-collect=timed_pass, which counts the timed passes
 * alone (no start-up, program builds or warm-up), and for GL with
 * LP_NUM_THREADS=0 so that llvmpipe rasterizes on the calling thread
 * (docs/performance.md, "Fifth round", has the commands). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/psx/gpu.h"
#include "backend/psx/sw_span.h"
#include "glhle/psx.h"
#include "support/bench_support.h"
#include "support/psx_random.h"
#include "support/psx_ref_render.h"
#include "support/test_support.h"

static uint32_t xy(int32_t x, int32_t y)
{
    return ((uint32_t)x & 0xFFFF) | ((uint32_t)y << 16);
}

/* The old stream: `count` primitives inside a 320x240 drawing area. */
static void old_stream(uint32_t count, psx_stream *s)
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


/* ---- the realistic stream ------------------------------------------------------ */

static uint32_t rgb24(ts_rng *r)
{
    return ts_rng_u32(r) & 0xFFFFFF;
}

/* A modulation colour near 80h (the texel's own brightness), as lit models
 * and sprites use. */
static uint32_t shade(ts_rng *r)
{
    uint32_t c = 0;
    for (int i = 0; i < 3; i++)
        c |= (0x50u + ts_rng_below(r, 0x60)) << (8 * i);
    return c;
}

static void upload(psx_stream *s, int32_t x, int32_t y, int32_t w, int32_t h, ts_rng *r, uint16_t (*texel)(ts_rng *))
{
    psx_stream_push(s, 0xA0000000u);
    psx_stream_push(s, xy(x, y));
    psx_stream_push(s, xy(w, h));
    for (int32_t i = 0; i < w * h / 2; i++)
        psx_stream_push(s, (uint32_t)texel(r) | ((uint32_t)texel(r) << 16));
}

/* Indexed texels: index 0 (a transparent CLUT entry) on 1 in 16 nibbles, as
 * at the edges of sprites. */
static uint16_t indices4(ts_rng *r)
{
    uint16_t hw = 0;
    for (int i = 0; i < 4; i++)
        hw |= (uint16_t)((ts_rng_below(r, 16) == 0 ? 0 : 1 + ts_rng_below(r, 15)) << (4 * i));
    return hw;
}

static uint16_t indices8(ts_rng *r)
{
    uint16_t hw = 0;
    for (int i = 0; i < 2; i++)
        hw |= (uint16_t)((ts_rng_below(r, 16) == 0 ? 0 : 1 + ts_rng_below(r, 255)) << (8 * i));
    return hw;
}

/* Direct 15-bit texels: 1 in 32 transparent, 1 in 4 with bit 15 (drawn
 * semi-transparent by semi-transparent primitives). */
static uint16_t direct15(ts_rng *r)
{
    if (ts_rng_below(r, 32) == 0)
        return 0;
    uint16_t c = (uint16_t)((ts_rng_u32(r) & 0x7FFF) | 1);
    return (uint16_t)(ts_rng_below(r, 4) == 0 ? c | 0x8000 : c);
}

/* CLUT rows: entry 0 of every 16 transparent, the rest visible, 1 in 4 with
 * bit 15. */
static void upload_cluts(psx_stream *s, ts_rng *r)
{
    psx_stream_push(s, 0xA0000000u);
    psx_stream_push(s, xy(0, 480));
    psx_stream_push(s, xy(256, 16));
    for (uint32_t i = 0; i < 256 * 16 / 2; i++) {
        uint32_t w = 0;
        for (uint32_t h = 0; h < 2; h++) {
            uint32_t idx = (i * 2 + h) % 16;
            uint16_t c = idx == 0 ? 0 : direct15(r);
            w |= (uint32_t)(c ? c : 0x0421) << (16 * h);
        }
        psx_stream_push(s, w);
    }
}

/* Texture pages 8 (4-bit), 9 (8-bit), 10 and 11 (15-bit) at y 0-255,
 * outside the 320x240 frame buffer at (0, 0) and its back buffer at
 * (0, 256). */
static uint32_t frame_texpage(ts_rng *r, uint32_t blend)
{
    static const uint32_t pages[4] = {8, 9, 10, 11}, depth[4] = {0, 1, 2, 2};
    uint32_t i = ts_rng_below(r, 4);
    return pages[i] | (blend << 5) | (depth[i] << 7) | 0x200u; /* dithering on, as games leave it */
}

static uint32_t frame_clut(ts_rng *r)
{
    return (ts_rng_below(r, 16) | ((480 + ts_rng_below(r, 16)) << 6)) << 16;
}

/* One texcoord inside a page, leaving room for `sz` texels. */
static uint32_t uv_at(ts_rng *r, int32_t sz, int32_t du, int32_t dv)
{
    int32_t u = (int32_t)ts_rng_below(r, (uint32_t)(256 - sz)), v = (int32_t)ts_rng_below(r, (uint32_t)(256 - sz));
    return (uint32_t)(u + du) | ((uint32_t)(v + dv) << 8);
}

static uint32_t pick_blend(ts_rng *r)
{
    uint32_t k = ts_rng_below(r, 10); /* B/2+F/2 and B+F most, B-F least */
    return k < 4 ? 0 : k < 7 ? 1 : k < 8 ? 2 : 3;
}

/* `count` commands in frames of 2,000: a background fill, then sections of
 * 200 commands each with its own mask mode (mostly off; set; checked; both)
 * and texture window (mostly none). */
static void frame_stream(uint32_t count, psx_stream *s)
{
    ts_rng r;
    ts_rng_init(&r, 2025);
    upload(s, 512, 0, 64, 256, &r, indices4);
    upload(s, 576, 0, 64, 256, &r, indices8);
    upload(s, 640, 0, 64, 256, &r, direct15);
    upload(s, 704, 0, 64, 256, &r, direct15);
    upload_cluts(s, &r);
    psx_stream_push(s, 0xE3000000u);
    psx_stream_push(s, 0xE4000000u | 319u | (239u << 10));
    psx_stream_push(s, 0xE5000000u);
    uint32_t e1 = 0x208u;
    for (uint32_t i = 0; i < count; i++) {
        if (i % 2000 == 0) { /* a new frame: clear it */
            psx_stream_push(s, 0xE6000000u);
            psx_stream_push(s, 0x02000000u | (rgb24(&r) & 0x3F3F3F));
            psx_stream_push(s, 0);
            psx_stream_push(s, xy(320, 240));
            continue;
        }
        if (i % 200 == 0) {
            uint32_t k = ts_rng_below(&r, 10);
            psx_stream_push(s, 0xE6000000u | (k < 6 ? 0 : k < 8 ? 1 : k < 9 ? 2 : 3));
            if (ts_rng_below(&r, 5) == 0) /* a window of 8..64 texels repeating inside the page */
                psx_stream_push(s, 0xE2000000u | (ts_rng_below(&r, 8) * 0x21u) | ((ts_rng_below(&r, 4) * 0x21u) << 10) |
                                       (ts_rng_below(&r, 2) << 5) | (ts_rng_below(&r, 2) << 15));
            else
                psx_stream_push(s, 0xE2000000u);
            continue;
        }
        uint32_t kind = ts_rng_below(&r, 200);
        int32_t x = (int32_t)ts_rng_below(&r, 320) - 8, y = (int32_t)ts_rng_below(&r, 240) - 8;
        int32_t sz = 4 + (int32_t)ts_rng_below(&r, 28);
        bool semi = ts_rng_below(&r, 4) == 0;
        uint32_t blend = pick_blend(&r);
        uint32_t abe = semi ? 0x02000000u : 0;
        if (kind < 70) { /* textured Gouraud quad, slightly skewed */
            int32_t k = (int32_t)ts_rng_below(&r, 5) - 2;
            uint32_t uv = uv_at(&r, sz, 0, 0);
            psx_stream_push(s, 0x3C000000u | abe | shade(&r));
            psx_stream_push(s, xy(x, y));
            psx_stream_push(s, frame_clut(&r) | uv);
            psx_stream_push(s, shade(&r));
            psx_stream_push(s, xy(x + sz, y + k));
            psx_stream_push(s, (frame_texpage(&r, blend) << 16) | (uv + (uint32_t)sz - 1));
            psx_stream_push(s, shade(&r));
            psx_stream_push(s, xy(x - k, y + sz));
            psx_stream_push(s, uv + (((uint32_t)sz - 1) << 8));
            psx_stream_push(s, shade(&r));
            psx_stream_push(s, xy(x + sz - k, y + sz + k));
            psx_stream_push(s, uv + (uint32_t)sz - 1 + (((uint32_t)sz - 1) << 8));
        } else if (kind < 90) { /* textured flat triangle */
            uint32_t uv = uv_at(&r, sz, 0, 0);
            psx_stream_push(s, 0x24000000u | abe | shade(&r));
            psx_stream_push(s, xy(x, y));
            psx_stream_push(s, frame_clut(&r) | uv);
            psx_stream_push(s, xy(x + sz, y + sz / 3));
            psx_stream_push(s, (frame_texpage(&r, blend) << 16) | (uv + (uint32_t)sz - 1));
            psx_stream_push(s, xy(x + sz / 4, y + sz));
            psx_stream_push(s, uv + (((uint32_t)sz - 1) << 8));
        } else if (kind < 130) { /* sprites: 16x16, 8x8 or free-size, some raw */
            uint32_t page = frame_texpage(&r, blend);
            if (page != (e1 & 0x1FF) || ts_rng_below(&r, 16) == 0) {
                e1 = page | (ts_rng_below(&r, 8) == 0 ? 0x1000u : 0); /* now and then X-flipped */
                psx_stream_push(s, 0xE1000000u | e1);
            }
            uint32_t raw = ts_rng_below(&r, 3) == 0 ? 0x01000000u : 0, size = ts_rng_below(&r, 3);
            int32_t w = size == 0 ? 16 : size == 1 ? 8 : sz, h = size == 0 ? 16 : size == 1 ? 8 : sz / 2 + 4;
            psx_stream_push(s, (size == 0 ? 0x7C000000u : size == 1 ? 0x74000000u : 0x64000000u) | raw | abe |
                                   shade(&r));
            psx_stream_push(s, xy(x, y));
            psx_stream_push(s, frame_clut(&r) | uv_at(&r, w > h ? w : h, (e1 & 0x1000u) ? w - 1 : 0, 0));
            if (size == 2)
                psx_stream_push(s, xy(w, h));
        } else if (kind < 160) { /* untextured Gouraud triangle (or a quad of two) */
            bool quad = ts_rng_below(&r, 2);
            psx_stream_push(s, (quad ? 0x38000000u : 0x30000000u) | abe | rgb24(&r));
            psx_stream_push(s, xy(x, y));
            psx_stream_push(s, rgb24(&r));
            psx_stream_push(s, xy(x + sz, y + 1));
            psx_stream_push(s, rgb24(&r));
            psx_stream_push(s, xy(x + 3, y + sz));
            if (quad) {
                psx_stream_push(s, rgb24(&r));
                psx_stream_push(s, xy(x + sz + 2, y + sz + 3));
            }
            if (semi)
                psx_stream_push(s, 0xE1000000u | (e1 = (e1 & ~0x60u) | (blend << 5)));
        } else if (kind < 175) { /* flat untextured quad (shadows, menus) */
            psx_stream_push(s, 0x28000000u | abe | rgb24(&r));
            psx_stream_push(s, xy(x, y));
            psx_stream_push(s, xy(x + sz * 2, y));
            psx_stream_push(s, xy(x, y + sz));
            psx_stream_push(s, xy(x + sz * 2, y + sz));
        } else if (kind < 183) { /* a single line, flat or shaded */
            bool g = ts_rng_below(&r, 2);
            psx_stream_push(s, (g ? 0x50000000u : 0x40000000u) | abe | rgb24(&r));
            psx_stream_push(s, xy(x, y));
            if (g)
                psx_stream_push(s, rgb24(&r));
            psx_stream_push(s, xy(x + sz * 2 - 40, y + sz - 20));
        } else if (kind < 191) { /* a polyline of 3..8 vertices and its terminator */
            bool g = ts_rng_below(&r, 2);
            uint32_t n = 3 + ts_rng_below(&r, 6);
            psx_stream_push(s, (g ? 0x58000000u : 0x48000000u) | abe | rgb24(&r));
            for (uint32_t k = 0; k < n; k++) {
                if (g && k > 0)
                    psx_stream_push(s, rgb24(&r));
                psx_stream_push(s, xy(x + (int32_t)ts_rng_below(&r, 64) - 32, y + (int32_t)ts_rng_below(&r, 64) - 32));
            }
            psx_stream_push(s, 0x55555555u);
        } else if (kind < 195) { /* a small fill (a HUD panel), 16-pixel aligned */
            psx_stream_push(s, 0x02000000u | rgb24(&r));
            psx_stream_push(s, xy(x & 0x3F0, y & 0x1FF));
            psx_stream_push(s, xy(16 + (sz & ~15), sz));
        } else if (kind < 198) { /* a VRAM copy: a texture block into the frame */
            psx_stream_push(s, 0x80000000u);
            psx_stream_push(s, xy(512 + (int32_t)ts_rng_below(&r, 256), (int32_t)ts_rng_below(&r, 200)));
            psx_stream_push(s, xy(x & 0x3FF, y & 0x1FF));
            psx_stream_push(s, xy(sz, sz));
        } else { /* a block of the frame to the back buffer (a motion blur, a menu background) */
            psx_stream_push(s, 0x80000000u);
            psx_stream_push(s, xy(x & 0x3FF, y & 0x1FF));
            psx_stream_push(s, xy(x & 0x3FF, 256 + (y & 0xFF)));
            psx_stream_push(s, xy(sz * 2, sz));
        }
    }
}

/* ---- counting pixels ----------------------------------------------------------- */

/* A renderer that only walks coverage (the software renderer's triangle
 * rows, sprite and line rules, clipped to the drawing area) and counts the
 * pixels; what each renderer does per pixel is not counted. */
typedef struct pixel_counter {
    psx_renderer base;
    uint64_t pixels;
} pixel_counter;

static void pc_destroy(psx_renderer *r)
{
    free(r);
}

static void pc_triangle(psx_renderer *r, const psx_draw_mode *m, const psx_triangle *t)
{
    psx_tri_walk w;
    if (!psx_tri_walk_begin(&w, t, psx_rect_intersect(t->bbox, m->clip)))
        return;
    while (w.y <= w.yend) {
        int32_t xl, xr;
        psx_tri_walk_row(&w, &xl, &xr);
        if (xr > xl)
            ((pixel_counter *)r)->pixels += (uint64_t)(xr - xl);
    }
}

static void pc_line(psx_renderer *r, const psx_draw_mode *m, const psx_line *l)
{
    for (int32_t i = 0; i <= l->k; i++) {
        int32_t x, y;
        uint8_t rgb[3];
        psx_line_pixel(l, i, &x, &y, rgb);
        if (x >= m->clip.x0 && x <= m->clip.x1 && y >= m->clip.y0 && y <= m->clip.y1)
            ((pixel_counter *)r)->pixels++;
    }
}

static void pc_sprite(psx_renderer *r, const psx_draw_mode *m, const psx_sprite *s)
{
    psx_rect d = psx_rect_intersect(s->bbox, m->clip);
    if (!psx_rect_empty(d))
        ((pixel_counter *)r)->pixels += (uint64_t)(d.x1 - d.x0 + 1) * (uint64_t)(d.y1 - d.y0 + 1);
}

static void pc_fill(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, uint16_t color)
{
    (void)r, (void)x, (void)y, (void)w, (void)h, (void)color;
}

static void pc_copy(psx_renderer *r, uint32_t sx, uint32_t sy, uint32_t dx, uint32_t dy, uint32_t w, uint32_t h,
                    bool mask_set, bool mask_check)
{
    (void)r, (void)sx, (void)sy, (void)dx, (void)dy, (void)w, (void)h, (void)mask_set, (void)mask_check;
}

static void pc_upload(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, const uint16_t *pixels,
                      bool mask_set, bool mask_check)
{
    (void)r, (void)x, (void)y, (void)w, (void)h, (void)pixels, (void)mask_set, (void)mask_check;
}

static void pc_read(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, uint16_t *out)
{
    (void)r, (void)x, (void)y;
    memset(out, 0, sizeof(uint16_t) * w * h);
}

static void pc_load_clut(psx_renderer *r, uint32_t x, uint32_t y, uint32_t count)
{
    (void)r, (void)x, (void)y, (void)count;
}

static glhle_result pc_read_rgba(psx_renderer *r, uint8_t *rgba)
{
    (void)r, (void)rgba;
    return GLHLE_RESULT_OK;
}

static const psx_renderer_ops pc_ops = {
    pc_destroy, pc_triangle, pc_line, pc_sprite, pc_fill, pc_copy, pc_upload, pc_read, pc_load_clut, pc_read_rgba,
    NULL,       NULL,        NULL,    NULL,
};

static psx_renderer *pc_make(const void *arg, const glhle_logger *log, glhle_psx_stats *stats, glhle_result *result)
{
    (void)arg;
    pixel_counter *pc = calloc(1, sizeof *pc);
    *result = pc ? GLHLE_RESULT_OK : GLHLE_RESULT_OUT_OF_MEMORY;
    if (pc) {
        pc->base.ops = &pc_ops;
        pc->base.log = log;
        pc->base.stats = stats;
        pc->base.scale = 1;
    }
    return pc ? &pc->base : NULL;
}

static bool export_stream(const char *prefix, const char *name, const psx_stream *s)
{
    char path[512];
    snprintf(path, sizeof path, "%s%s.gp0", prefix, name);
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(s->words, sizeof(uint32_t), s->count, f) == s->count;
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok)
        fprintf(stderr, "bench_psx: cannot write %s\n", path);
    else
        printf("bench_psx %s: %zu GP0 words to %s\n", name, s->count, path);
    return ok;
}

static uint64_t count_pixels(const psx_stream *s)
{
    glhle_logger log = {0};
    glhle_psx *psx;
    if (psx_create_with(&log, pc_make, NULL, &psx) != GLHLE_RESULT_OK)
        return 0;
    psx_gp0_write(psx, s->words, s->count); /* not glhle_psx_gp0_block: callgrind collects only the runs */
    uint64_t n = ((pixel_counter *)psx->r)->pixels;
    glhle_psx_destroy(psx);
    return n;
}

typedef struct run_result {
    double seconds;
    glhle_psx_stats stats;
    uint16_t *vram; /* VRAM after the timed pass (malloc'd) */
} run_result;

/* Which renderer a run uses: GL, the software renderer, or the per-pixel
 * model the software renderer was before issue 21 (support/psx_ref_render.c). */
typedef enum run_kind { RUN_GL, RUN_SW, RUN_REF } run_kind;

/* The software renderer with the kernel set --isa asks for; timed passes
 * per renderer (--reps). */
static psx_span_isa bench_isa = PSX_SPAN_BEST;
static int bench_reps = 3;

static psx_renderer *sw_make(const void *arg, const glhle_logger *log, glhle_psx_stats *stats, glhle_result *result)
{
    (void)arg;
    psx_renderer *r = psx_swrender_create(log, stats);
    *result = r ? GLHLE_RESULT_OK : GLHLE_RESULT_OUT_OF_MEMORY;
    if (r)
        psx_swrender_use_kernels(r, bench_isa);
    return r;
}

/* One timed pass, its own function so that callgrind can count it alone
 * (--toggle-collect=timed_pass; docs/performance.md, the fifth round). */
__attribute__((noinline)) double timed_pass(glhle_psx *psx, const psx_stream *s);
__attribute__((noinline)) double timed_pass(glhle_psx *psx, const psx_stream *s)
{
    uint16_t px;
    uint64_t t0 = bench_now_ns();
    glhle_psx_gp0_block(psx, s->words, s->count);
    glhle_psx_read_vram(psx, 0, 0, 1, 1, &px); /* waits for the GL to finish */
    return (double)(bench_now_ns() - t0) / 1e9;
}

static bool run(glhle_context *ctx, run_kind kind, uint32_t scale, const psx_stream *s, run_result *out)
{
    glhle_psx_desc d = {0};
    d.renderer = kind == RUN_GL ? GLHLE_PSX_RENDERER_GL : GLHLE_PSX_RENDERER_SOFTWARE;
    d.resolution_scale = kind == RUN_GL ? scale : 1;
    glhle_psx *psx;
    glhle_logger log = {0};
    glhle_result made = kind == RUN_REF  ? psx_ref_create(&psx)
                        : kind == RUN_SW ? psx_create_with(&log, sw_make, NULL, &psx)
                                         : glhle_psx_create(ctx, &d, &psx);
    if (made != GLHLE_RESULT_OK)
        return false;
    uint16_t px;
    /* a first pass builds the programs the stream needs; the second is timed */
    glhle_psx_gp0_block(psx, s->words, s->count);
    glhle_psx_read_vram(psx, 0, 0, 1, 1, &px);
    glhle_psx_stats before;
    out->seconds = 0;
    for (int rep = 0; rep < bench_reps; rep++) { /* the best of the timed passes: the least disturbed */
        glhle_psx_gp1(psx, 0);
        glhle_psx_get_stats(psx, &before);
        double t = timed_pass(psx, s);
        if (rep == 0 || t < out->seconds)
            out->seconds = t;
    }
    glhle_psx_get_stats(psx, &out->stats);
    out->stats.primitives -= before.primitives;
    out->stats.culled -= before.culled;
    out->stats.draw_calls -= before.draw_calls;
    out->stats.batches_broken -= before.batches_broken;
    out->vram = malloc(sizeof(uint16_t) * PSX_VRAM_W * PSX_VRAM_H);
    if (!out->vram || glhle_psx_read_vram(psx, 0, 0, PSX_VRAM_W, PSX_VRAM_H, out->vram) != GLHLE_RESULT_OK)
        return false;
    glhle_psx_destroy(psx);
    return true;
}

static bool same_vram(const run_result *a, const run_result *b)
{
    return !memcmp(a->vram, b->vram, sizeof(uint16_t) * PSX_VRAM_W * PSX_VRAM_H);
}

static void print_run(const char *label, uint32_t count, uint64_t pixels, const run_result *r)
{
    printf("  %-26s %10.0f commands/s %10.0f primitives/s %12.0f pixels/s", label, count / r->seconds,
           (double)r->stats.primitives / r->seconds, (double)pixels / r->seconds);
}

/* Returns false when the software renderer and its per-pixel model disagree. */
static bool report(const char *name, uint32_t count, const psx_stream *s, uint64_t pixels, const bool on[3],
                   uint32_t scale, const run_result r[3])
{
    const run_result *any = on[RUN_SW] ? &r[RUN_SW] : on[RUN_REF] ? &r[RUN_REF] : &r[RUN_GL];
    uint64_t prims = any->stats.primitives;
    printf("bench_psx %s: %u commands, %llu primitives (quads are two triangles), %llu pixels (%.1f per primitive), "
           "%zu GP0 words\n",
           name, count, (unsigned long long)prims, (unsigned long long)pixels,
           (double)pixels / (double)(prims ? prims : 1), s->count);
    if (on[RUN_GL]) {
        char label[32];
        snprintf(label, sizeof label, "GL %ux", scale);
        print_run(label, count, pixels, &r[RUN_GL]);
        printf("  %llu draw calls (%.1f primitives/draw, %llu batches ended by feedback)\n",
               (unsigned long long)r[RUN_GL].stats.draw_calls,
               (double)r[RUN_GL].stats.primitives /
                   (double)(r[RUN_GL].stats.draw_calls ? r[RUN_GL].stats.draw_calls : 1),
               (unsigned long long)r[RUN_GL].stats.batches_broken);
    }
    if (on[RUN_SW]) {
        print_run("software (spans)", count, pixels, &r[RUN_SW]);
        printf("\n");
    }
    if (on[RUN_REF]) {
        print_run("per-pixel model (before)", count, pixels, &r[RUN_REF]);
        printf("\n");
    }
    if (on[RUN_GL] && on[RUN_SW])
        printf("  GL / software %.2fx%s\n", r[RUN_SW].seconds / r[RUN_GL].seconds,
               scale == 1 ? (same_vram(&r[RUN_GL], &r[RUN_SW]) ? ", identical VRAM" : ", VRAM DIFFERS") : "");
    bool ok = true;
    if (on[RUN_SW] && on[RUN_REF]) {
        ok = same_vram(&r[RUN_SW], &r[RUN_REF]);
        printf("  software / per-pixel model %.2fx, %s\n", r[RUN_REF].seconds / r[RUN_SW].seconds,
               ok ? "identical VRAM" : "VRAM DIFFERS");
    }
    return ok;
}

int main(int argc, char **argv)
{
    bool quick = bench_quick(argc, argv);
    if (quick)
        bench_reps = 1;
    uint32_t count = quick ? 2000 : 100000, scale = 1;
    const char *only = NULL, *stream = NULL, *export_prefix = NULL;
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--only"))
            only = argv[i + 1];
        else if (!strcmp(argv[i], "--reps"))
            bench_reps = atoi(argv[i + 1]) > 0 ? atoi(argv[i + 1]) : 1;
        else if (!strcmp(argv[i], "--isa"))
            bench_isa = !strcmp(argv[i + 1], "scalar") ? PSX_SPAN_SCALAR
                        : !strcmp(argv[i + 1], "sse2") ? PSX_SPAN_SSE2
                                                       : PSX_SPAN_AVX2;
        else if (!strcmp(argv[i], "--stream"))
            stream = argv[i + 1];
        else if (!strcmp(argv[i], "--count"))
            count = (uint32_t)strtoul(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--export"))
            export_prefix = argv[i + 1];
        else if (!strcmp(argv[i], "--scale"))
            scale = (uint32_t)strtoul(argv[i + 1], NULL, 10);
    }
    const bool on[3] = {!only || !strcmp(only, "gl"), !only || !strcmp(only, "sw"), !only || !strcmp(only, "ref")};
    glhle_context *ctx = NULL;
    if (on[RUN_GL] && !export_prefix) {
        glhle_context_desc cd = {0};
        cd.log_level = GLHLE_LOG_WARN;
        if (glhle_context_create(&cd, &ctx) != GLHLE_RESULT_OK) {
            fprintf(stderr, "bench_psx: no GL context\n");
            return 1;
        }
    }
    static const struct {
        const char *name;
        void (*make)(uint32_t count, psx_stream *s);
    } streams[2] = {{"frame", frame_stream}, {"old", old_stream}};
    int status = 0;
    for (int k = 0; k < 2; k++) {
        if (stream && strcmp(stream, streams[k].name))
            continue;
        psx_stream s = {0};
        streams[k].make(count, &s);
        if (export_prefix) {
            if (!export_stream(export_prefix, streams[k].name, &s))
                status = 1;
            psx_stream_free(&s);
            continue;
        }
        uint64_t pixels = count_pixels(&s);
        run_result r[3] = {{0}};
        for (int i = 0; i < 3; i++)
            if (on[i] && !run(ctx, (run_kind)i, scale, &s, &r[i]))
                return 1;
        if (!report(streams[k].name, count, &s, pixels, on, scale, r))
            status = 1;
        for (int i = 0; i < 3; i++)
            free(r[i].vram);
        psx_stream_free(&s);
    }
    glhle_context_destroy(ctx);
    return status;
}
