/* Both PlayStation renderers against VRAM captured from real hardware.
 *
 * JaCzekanski's ps1-tests (github.com/JaCzekanski/ps1-tests @ f727802,
 * MIT) ship, for several of their GPU test programs, a `vram.png` of the
 * whole 1024x512 VRAM read back from a real console after the program drew.
 * Each case below sends the GP0/GP1 words those programs send through
 * PSn00bSDK (worked out here from the programs: coordinates, colours,
 * draw-mode words, the SDK's rand(): seed * 0x41C64E6D + 12345, low 15
 * bits), and compares the VRAM with the capture through a fingerprint: the
 * FNV-1a 64-bit hash of the captured 15-bit colours (mask bit dropped, the
 * PNG's 8-bit channels shifted right by 3), little-endian words in row
 * order, computed once from the PNGs. The captures themselves are not in
 * this repository; on a mismatch the test writes the VRAM it drew as a PNG
 * (compare it with the capture of the same name).
 *
 * What the programs leave open is settled as the capture shows:
 *  - lines: the last vertex colour of the Gouraud polyline is uninitialised
 *    stack memory in the program; (210, 0, 100) reproduces every pixel of
 *    that segment, and only its red and blue (green is 0 there).
 *  - lines: the circle's end points come from PSn00bSDK's icos/isin; 4096
 *    times the exact cosine and sine, rounded, gives the same points.
 *  - transparency: only the 320x240 area the program draws is compared;
 *    the rest of the capture holds what was in VRAM before the program.
 *  - clipping: drawRect(x, y, w, h, rand(), rand(), rand()) evaluated its
 *    arguments left to right in that build.
 *  - vram-to-vram-overlap: the cells are compared, not the labels the
 *    program prints with the SDK's debug font.
 *  - rectangles (not here): it also matches every pixel, redrawn 12 times
 *    as the program's loop redraws without clearing, but its texture is a
 *    third-party photograph that this repository does not carry.
 *
 * The GL renderer is checked at 1x and at 2x (VRAM read back natively). */
#include "support/test_support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/image.h"
#include "glhle/psx.h"
#include "support/psx_testing.h"

/* ---- building the word stream ------------------------------------------------------------------------ */

typedef struct stream {
    uint32_t *w;
    size_t n, cap;
} stream;

static void put(stream *s, const uint32_t *words, size_t n)
{
    if (s->n + n > s->cap) {
        s->cap = (s->n + n) * 2;
        s->w = realloc(s->w, s->cap * sizeof *s->w);
        assert_non_null(s->w);
    }
    memcpy(s->w + s->n, words, n * sizeof *words);
    s->n += n;
}

#define PUT(s, ...)                                                   \
    do {                                                              \
        const uint32_t w_[] = {__VA_ARGS__};                          \
        put((s), w_, sizeof w_ / sizeof w_[0]);                       \
    } while (0)

static uint32_t xy(int x, int y)
{
    return (uint32_t)(y & 0xFFFF) << 16 | (uint32_t)(x & 0xFFFF);
}

static uint32_t rgb(int r, int g, int b)
{
    return (uint32_t)(r & 255) | (uint32_t)(g & 255) << 8 | (uint32_t)(b & 255) << 16;
}

/* E1 as PSn00bSDK's setDrawTPage(dfe, dtd, tpage) writes it. */
static uint32_t draw_mode(int dfe, int dtd, uint32_t tpage)
{
    return 0xE1000000u | (tpage & 0xFFFF) | (uint32_t)(dtd & 1) << 9 | (uint32_t)(dfe & 1) << 10;
}

/* getTPage(tp, abr, x, y) */
static uint32_t tpage(int tp, int abr, int x, int y)
{
    return (uint32_t)((tp & 3) << 7 | (abr & 3) << 5 | (y & 0x100) >> 4 | (x & 0x3FF) >> 6 | (y & 0x200) << 2);
}

/* ResetGraph and PutDrawEnv of SetDefDrawEnv(0, 0, 1024, 512): dithering
 * on, texture page (640, 0), drawing area all of VRAM, offset 0. */
static void init_video(stream *s)
{
    PUT(s, draw_mode(0, 1, 0x0A), 0xE2000000u, 0xE3000000u, 0xE4000000u | 511u << 10 | 1023u, 0xE5000000u);
}

static void fill(stream *s, int x, int y, int w, int h, int r, int g, int b)
{
    PUT(s, 0x02000000u | rgb(r, g, b), xy(x, y), xy(w, h));
}

/* The tests' clearScreenColor: four fills, the last 0x3F1 wide. */
static void clear_screen(stream *s, int r, int g, int b)
{
    fill(s, 0, 0, 512, 256, r, g, b);
    fill(s, 512, 0, 512, 256, r, g, b);
    fill(s, 0, 256, 512, 256, r, g, b);
    fill(s, 512, 256, 0x3F1, 256, r, g, b);
}

/* PSn00bSDK libc rand() */
static int sdk_rand(uint32_t *seed)
{
    *seed = *seed * 0x41C64E6Du + 12345u;
    return (int)(*seed & 0x7FFF);
}

/* ---- the programs ------------------------------------------------------------------------------------ */

/* gpu/triangle: Gouraud triangles, dithering off and on. */
static void triangle_tri(stream *s, int cx, int cy, int a)
{
    const float h = (float)a * 0.866025f;
    const int y0 = (int)((float)cy + h / 2), y2 = (int)((float)cy - h / 2);
    PUT(s, 0x30000000u | rgb(255, 0, 0), xy(cx - a / 2, y0), rgb(0, 255, 0), xy(cx + a / 2, y0), rgb(0, 0, 255),
        xy(cx, y2));
}

static void prog_triangle(stream *s)
{
    init_video(s);
    clear_screen(s, 255, 255, 255);
    PUT(s, draw_mode(1, 0, tpage(0, 0, 0, 0)));
    triangle_tri(s, 160, 120, 240);
    triangle_tri(s, 768, 256, 500);
    PUT(s, draw_mode(1, 1, tpage(0, 0, 0, 0)));
    triangle_tri(s, 160, 360, 240);
}

/* gpu/quad: semi-transparent flat quads (B/2 + F/2) sharing edges. */
static void quad_f4(stream *s, int r, int g, int b, const int p[8])
{
    PUT(s, 0x2A000000u | rgb(r, g, b), xy(p[0], p[1]), xy(p[2], p[3]), xy(p[4], p[5]), xy(p[6], p[7]));
}

static void prog_quad(stream *s)
{
    init_video(s);
    clear_screen(s, 255, 255, 255);
    const int x[4] = {48, 176, 64, 208}, y[4] = {48, 32, 144, 160}, W = 320, H = 240;
    quad_f4(s, 0, 0, 0, (const int[8]){x[0], y[0], x[1], y[1], x[2], y[2], x[3], y[3]});
    quad_f4(s, 255, 0, 0, (const int[8]){0, 0, x[0], y[0], 0, H, x[2], y[2]});
    quad_f4(s, 0, 255, 0, (const int[8]){0, 0, W, 0, x[0], 48, x[1], y[1]});
    quad_f4(s, 0, 0, 255, (const int[8]){x[1], y[1], W, 0, x[3], y[3], W, H});
    quad_f4(s, 255, 0, 255, (const int[8]){x[2], y[2], x[3], y[3], 0, H, W, H});
    for (int row = 0; row < 2; row++)
        for (int i = 0; i < 8; i++) {
            const int S = 16, c = row == 0 ? 0xA0 : 0xFF, px = 64 + S * i, py = 192 + S * row;
            quad_f4(s, c * (i & 1), c * ((i >> 1) & 1), c * ((i >> 2) & 1),
                    (const int[8]){px, py, px + S, py, px, py + S, px + S, py + S});
        }
}

/* gpu/lines: flat and Gouraud lines and polylines, dithering off and on. */
static void line_f2(stream *s, int r, int g, int b, int x0, int y0, int x1, int y1)
{
    PUT(s, 0x40000000u | rgb(r, g, b), xy(x0, y0), xy(x1, y1));
}

static void prog_lines(stream *s)
{
    init_video(s);
    clear_screen(s, 255, 255, 255);
    PUT(s, draw_mode(1, 0, tpage(0, 0, 0, 0)));
    for (int i = 0; i < 10; i++)
        line_f2(s, 0, 0, 0, 16, 16 + i * 8, 96, 16 + i * 8 + i);
    for (int i = 0; i < 10; i++)
        line_f2(s, 0, 0, 0, 110 + i * 8, 16, 110 + i * 8 + i, 96);
    for (int i = 0; i < 20; i++)
        line_f2(s, 0, 0, 0, 200, 16 + i * 4, 200 + i, 16 + i * 4 + 1);
    PUT(s, draw_mode(1, 0, tpage(0, 0, 0, 0)));
    for (int dither = 0; dither < 2; dither++) {
        const int x = dither ? 84 : 16;
        if (dither)
            PUT(s, draw_mode(1, 1, tpage(0, 0, 0, 0)));
        for (int i = 0; i < 64; i++)
            line_f2(s, 0xAA, 0, 0, x, 100 + i, x + i, 100 + i);
        for (int i = 0; i < 64; i++)
            PUT(s, 0x50000000u, xy(x, 166 + i), rgb(255, 0, 0), xy(x + i, 166 + i));
    }
    for (int semi = 0; semi < 2; semi++) {
        const int x = semi ? 210 : 150;
        PUT(s, (semi ? 0x4A000000u : 0x48000000u) | rgb(0xAA, 0, 0), xy(x, 100), xy(x + 32, 100), xy(x + 32, 132),
            xy(x, 100), 0x55555555u);
    }
    for (int semi = 0; semi < 2; semi++) {
        const int x = semi ? 210 : 150;
        PUT(s, (semi ? 0x5A000000u : 0x58000000u) | rgb(255, 0, 0), xy(x, 140), rgb(0, 255, 0), xy(x + 32, 140),
            rgb(0, 255, 255), xy(x + 32, 172), rgb(210, 0, 100), xy(x, 140), 0x55555555u);
    }
    /* circle(200, 200, 140, 16) */
    const double pi = 3.14159265358979323846;
    for (int seg = 0; seg < 16; seg++) {
        int pt[4];
        for (int e = 0; e < 2; e++) {
            const int a = 256 * seg + (e ? 128 : -128);
            pt[2 * e] = 200 + (int)lround(4096.0 * cos(a * 2 * pi / 4096)) / 140;
            pt[2 * e + 1] = 200 + (int)lround(4096.0 * sin(a * 2 * pi / 4096)) / 140;
        }
        line_f2(s, 0, 0, 0, pt[0], pt[1], pt[2], pt[3]);
    }
}

/* gpu/transparency: the four blend modes over four shades. */
static void prog_transparency(stream *s)
{
    init_video(s);
    clear_screen(s, 0, 0, 0);
    static const int bg[4] = {0, 64, 128, 255};
    for (int i = 0; i < 4; i++)
        fill(s, 80 * i, 0, 80, 240, bg[i], bg[i], bg[i]);
    for (int mode = 0; mode < 4; mode++) {
        PUT(s, draw_mode(1, 0, tpage(0, mode, 0, 0)));
        for (int i = 0; i < 32; i++)
            PUT(s, 0x62000000u | rgb(128 * (i & 1), 128 * ((i >> 1) & 1), 128 * ((i >> 2) & 1)),
                xy(1 + 10 * i, 64 + 24 * mode), xy(8, 8));
    }
}

/* gpu/texture-flip: E1 bits 12-13 flip textured rectangles, not polygons. */
static void prog_texture_flip(stream *s)
{
    init_video(s);
    clear_screen(s, 255, 255, 255);
    /* a 256x256 15-bit texture at (640, 0) holding its own index; the
     * program writes 65535 of the texels, the last stays white */
    PUT(s, 0xA0000000u, xy(640, 0), xy(256, 256));
    for (uint32_t i = 0; i < 0x10000; i += 2)
        PUT(s, i | (i + 1 == 0xFFFF ? 0x7FFFu : i + 1) << 16);
    uint32_t last = 0;
    const int rects[6][5] = {{0, 0, 0, 256, 256},   {1, 260, 0, 256, 256},  {2, 0, 260, 256, 256},
                             {3, 260, 260, 256, 256}, {0, 640, 260, 64, 64}, {3, 714, 260, 64, 64}};
    for (int i = 0; i < 6; i++) {
        /* flip: bit 0 x (E1 bit 12), bit 1 y (bit 13) */
        const uint32_t e1 = draw_mode(1, 0, tpage(2, 0, 640, 0)) | (uint32_t)(rects[i][0] & 1) << 12 |
                            (uint32_t)(rects[i][0] >> 1) << 13;
        PUT(s, e1, 0x64000000u | rgb(128, 128, 128), xy(rects[i][1], rects[i][2]), 0, xy(rects[i][3], rects[i][4]));
        last = e1 & 0xFFFF;
    }
    for (int i = 0; i < 2; i++) {
        const int x = i ? 714 : 640, y = 334, w = 64, h = 64;
        last = draw_mode(1, 0, tpage(2, 0, 640, 0)) | (i ? 3u << 12 : 0);
        PUT(s, last);
        last &= 0xFFFF;
        PUT(s, 0x2C000000u | rgb(128, 128, 128), xy(x, y), 0, xy(x + w, y), last << 16 | (uint32_t)w, xy(x, y + h),
            (uint32_t)h << 8, xy(x + w, y + h), (uint32_t)h << 8 | (uint32_t)w);
    }
}

/* gpu/uv-interpolation: textured and Gouraud quads of every width 0-255. */
static void uv_g4(stream *s, int x0, int y0)
{
    for (int i = 0; i < 256; i++)
        PUT(s, 0x38000000u | rgb(255, 0, 0), xy(x0, y0 + i), rgb(0, 255, 0), xy(x0 + i, y0 + i), rgb(255, 0, 0),
            xy(x0, y0 + i + 1), rgb(0, 255, 0), xy(x0 + i, y0 + i + 1));
}

static void prog_uv_interpolation(stream *s)
{
    init_video(s);
    clear_screen(s, 0, 0, 0);
    PUT(s, draw_mode(1, 0, tpage(0, 0, 0, 0)));
    PUT(s, 0xA0000000u, xy(512, 0), xy(1, 1), 0x001F);
    PUT(s, 0xA0000000u, xy(513, 0), xy(1, 1), 0x03E0);
    const uint32_t tp = tpage(2, 0, 512, 0);
    for (int i = 0; i < 256; i++)
        PUT(s, 0x2C000000u | rgb(0x80, 0x80, 0x80), xy(0, i), 0, xy(i, i), tp << 16 | 1, xy(0, i + 1), 0,
            xy(i, i + 1), 1);
    uv_g4(s, 0, 256);
    PUT(s, draw_mode(1, 1, tpage(0, 0, 0, 0)));
    uv_g4(s, 256, 256);
}

/* gpu/clipping: the drawing area cuts rectangles and polygons alike. */
static void clip_area(stream *s, int l, int t, int r, int b)
{
    PUT(s, 0xE3000000u | ((uint32_t)(t << 10) & 0xFFC00u) | (uint32_t)(l & 0x3FF),
        0xE4000000u | ((uint32_t)((b - 1) << 10) & 0xFFC00u) | (uint32_t)((r - 1) & 0x3FF));
}

static void prog_clipping(stream *s)
{
    init_video(s);
    clear_screen(s, 0, 0, 0);
    fill(s, 0, 0, 320, 240, 255, 255, 255);
    /* per case: polygon or rectangle, its position relative to the area
     * (x - dx, y - dy) and size; a negative x offset means x = 0 */
    static const struct {
        bool polygon;
        int dx, dy, w, h;
    } draws[6] = {{true, 4, 4, 84, 28}, {true, 0, 0, 84, 28}, {false, 4, 4, 84, 28},
                  {false, 0, 0, 84, 28}, {true, -1, 0, 320, 24}, {false, -1, 0, 320, 24}};
    uint32_t seed = 1;
    const int W = 80, H = 24, x = 120;
    for (int i = 0, y = 24; i < 6; i++, y += H + 8) {
        /* setClippingDebug: a red outline drawn unclipped, then the area */
        clip_area(s, 0, 0, 1023, 511);
        PUT(s, 0x60000000u | rgb(255, 0, 0), xy(x, y), xy(W, H));
        clip_area(s, x, y, x + W, y + H);
        const int r = sdk_rand(&seed) % 255, g = sdk_rand(&seed) % 255, b = sdk_rand(&seed) % 255;
        const int bx = draws[i].dx < 0 ? 0 : x - draws[i].dx, by = y - draws[i].dy, bw = draws[i].w, bh = draws[i].h;
        if (draws[i].polygon)
            PUT(s, 0x28000000u | rgb(r, g, b), xy(bx, by), xy(bx + bw, by), xy(bx, by + bh), xy(bx + bw, by + bh));
        else
            PUT(s, 0x60000000u | rgb(r, g, b), xy(bx, by), xy(bw, bh));
    }
}

/* gpu/vram-to-vram-overlap: GP0(80h) copies of 2-16 pixel squares moved
 * by -3..3, -1..1 pixels, overlapping their source, with a white grid. */
static void prog_vram_copy_overlap(stream *s)
{
    static const int sizes[7] = {2, 8, 15, 16, 16, 16, 16};
    const int CELL = 42, MARGIN = 4, COLS = 21;
    init_video(s);
    PUT(s, 0xE6000000u); /* mask bit neither set nor checked */
    clear_screen(s, 0, 0, 0);
    for (int i = 0; i <= 7; i++)
        PUT(s, 0x40000000u | rgb(255, 255, 255), xy(0, i * CELL), xy(CELL * (COLS + 1), i * CELL));
    for (int i = 0; i <= COLS + 1; i++)
        PUT(s, 0x40000000u | rgb(255, 255, 255), xy(i * CELL, 0), xy(i * CELL, 7 * CELL));
    for (int t = 0; t < 7; t++)
        for (int i = 0; i < COLS; i++) {
            for (int y = 0; y < sizes[t]; y++)
                for (int x = 0; x < sizes[t]; x++) /* one vramPut per pixel */
                    PUT(s, 0xA0000000u, xy((i + 1) * CELL + MARGIN + x, t * CELL + MARGIN + y), xy(1, 1),
                        (uint32_t)(y * 64 + x * 2));
            PUT(s, 0x01000000u);
        }
    for (int t = 0; t < 7; t++) {
        const int xo = t == 4 || t == 6, yo = t == 5 || t == 6;
        for (int dy = -1, i = 1; dy <= 1; dy++)
            for (int dx = -3; dx <= 3; dx++, i++) {
                const int sx = xo + i * CELL + MARGIN, sy = yo + t * CELL + MARGIN;
                PUT(s, 0x80000000u, xy(sx, sy), xy(sx + dx, sy + dy), xy(sizes[t], sizes[t]), 0x01000000u);
            }
    }
}

/* gpu/clut-cache: when the GPU reloads its CLUT cache (8-bit textured
 * one-line sprites drawn over, and after overwriting, their own CLUT). */
static void cc_rect(stream *s, int x, int y, int u, int v, int cx, int cy)
{
    const uint32_t clut = (uint32_t)(cy << 6 | ((cx >> 4) & 0x3F)) & 0xFFFF;
    PUT(s, 0x64000000u | rgb(0x80, 0x80, 0x80), xy(x, y), clut << 16 | (uint32_t)v << 8 | (uint32_t)u, xy(256, 1));
}

static void cc_upload(stream *s, const uint16_t *buf, int x, int y, int count)
{
    PUT(s, 0xA0000000u, xy(x, y), xy(count, 1));
    for (int n = 0; n < count; n += 2)
        PUT(s, (uint32_t)buf[n] | (uint32_t)buf[n + 1] << 16);
}

static void cc_clut(stream *s, int x, int y)
{
    uint16_t b[256];
    for (int i = 0; i < 256; i++)
        b[i] = (uint16_t)i;
    cc_upload(s, b, x, y, 256);
}

/* 8-bit texels i, i + 1 (linear), 255 - i (reversed), or i * 8i truncated */
static void cc_texture(stream *s, int kind, int row)
{
    uint16_t b[128];
    for (int i = 0, n = 0; i < 256; i += 2) {
        const uint16_t p1 = (uint16_t)(kind == 0 ? i : kind == 1 ? 255 - i : i * (i << 3));
        const uint16_t p2 = (uint16_t)(kind == 0 ? i + 1 : kind == 1 ? 255 - (i + 1) : (i + 1) * ((i + 1) << 3));
        b[n++] = (uint16_t)(p1 | p2 << 8);
    }
    cc_upload(s, b, 0, row, 128);
}

static void cc_mode(stream *s, int mode)
{
    PUT(s, draw_mode(1, 0, tpage(mode, 0, 0, 0)));
}

static void prog_clut_cache(stream *s)
{
    init_video(s);
    clear_screen(s, 0, 0, 0);
    cc_mode(s, 1);
    int y = 20;
    cc_clut(s, 0, y); /* testDummy */
    PUT(s, 0x01000000u);
    y += 16;
    for (int kind = 0; kind < 3; kind++, y += 16) { /* the sprite drawn over its own CLUT */
        cc_texture(s, kind, 1 + kind);
        cc_clut(s, 0, y);
        PUT(s, 0x01000000u);
        cc_rect(s, 0, y, 0, 1 + kind, 0, y);
    }
    /* overwritten CLUT: by a fill; by a line then GP0(01h); a different CLUT x */
    for (int t = 0; t < 3; t++, y += 16) {
        cc_clut(s, 0, y);
        cc_rect(s, 0, y + 2, 0, 1, 0, y);
        if (t == 1)
            PUT(s, 0x40000000u | rgb(255, 255, 255), xy(0, y), xy(256, y), 0x01000000u);
        else
            fill(s, 0, y, 256, 1, 255, 255, 255);
        cc_rect(s, 0, y + 4, 0, 1, t == 2 ? 16 : 0, y);
    }
    /* texture mode changes between the draws: 4->8, 8->4, 15->4, reserved->8, and 8, 4 with no draw between */
    static const int modes[5][3] = {{0, 1, -1}, {1, 0, -1}, {2, 0, -1}, {3, 1, -1}, {0, 1, 0}};
    for (int t = 0; t < 5; t++, y += 16) {
        cc_clut(s, 0, y);
        cc_mode(s, modes[t][0]);
        cc_rect(s, 0, y + 2, 0, 1, 0, y);
        fill(s, 0, y, 256, 1, 255, 255, 255);
        cc_mode(s, modes[t][1]);
        if (modes[t][2] >= 0)
            cc_mode(s, modes[t][2]);
        cc_rect(s, 0, y + 4, 0, 1, 0, y);
    }
    /* an 8-bit CLUT at x 960 wraps around VRAM's right edge */
    y += 32;
    cc_clut(s, 960, y);
    cc_mode(s, 1);
    cc_rect(s, 0, y + 2, 0, 1, 960, y);
}

/* ---- running and comparing --------------------------------------------------------------------------- */

typedef struct hw_case {
    const char *name;
    void (*build)(stream *s);
    uint32_t x0, y0, x1, y1; /* the region compared */
    uint32_t row_period;     /* non-zero: only rows with y % row_period < row_keep */
    uint32_t row_keep;
    uint64_t fingerprint;    /* of the capture's region */
} hw_case;

static const hw_case cases[] = {
    {"triangle", prog_triangle, 0, 0, 1024, 512, 0, 0, 0xD8867D7D262AE5BFull},
    {"quad", prog_quad, 0, 0, 1024, 512, 0, 0, 0xD8985865C18BF465ull},
    {"lines", prog_lines, 0, 0, 1024, 512, 0, 0, 0xD099DC6A450D5E8Cull},
    {"transparency", prog_transparency, 0, 0, 320, 240, 0, 0, 0x49477F8DD5124525ull},
    {"texture-flip", prog_texture_flip, 0, 0, 1024, 512, 0, 0, 0xD124A48576752545ull},
    {"uv-interpolation", prog_uv_interpolation, 0, 0, 1024, 512, 0, 0, 0xC8124B3A9EC213E6ull},
    {"clipping", prog_clipping, 0, 0, 1024, 512, 0, 0, 0x034734DF5A1E4625ull},
    {"clut-cache", prog_clut_cache, 0, 0, 1024, 512, 0, 0, 0x934B708718098A18ull},
    /* the cells, not the labels the program prints with the SDK's font */
    {"vram-to-vram-overlap", prog_vram_copy_overlap, 42, 0, 925, 294, 42, 29, 0x83D861682979B4F1ull},
};

static uint64_t fingerprint(const uint16_t *vram, const hw_case *c)
{
    uint64_t h = 0xCBF29CE484222325ull;
    for (uint32_t y = c->y0; y < c->y1; y++) {
        if (c->row_period && y % c->row_period >= c->row_keep)
            continue;
        for (uint32_t x = c->x0; x < c->x1; x++) {
            const uint16_t v = vram[y * 1024 + x] & 0x7FFF;
            h = (h ^ (v & 0xFF)) * 0x100000001B3ull;
            h = (h ^ (v >> 8)) * 0x100000001B3ull;
        }
    }
    return h;
}

static void write_vram_png(glhle_psx *psx, const char *name)
{
    glhle_image img;
    assert_int_equal(glhle_image_alloc(&img, 1024, 512), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_read_vram_rgba(psx, img.rgba, 1024 * 512 * 4), GLHLE_RESULT_OK);
    const char *path = ts_output_path(name);
    glhle_png_write_file(path, &img, ts_logger());
    print_message("wrote %s\n", path);
    glhle_image_free(&img);
}

static void run_case(glhle_psx *psx, const char *renderer, const hw_case *c)
{
    stream s = {0};
    c->build(&s);
    assert_int_equal(glhle_psx_gp1(psx, 0), GLHLE_RESULT_OK); /* reset, as ResetGraph */
    pt_gp0(psx, s.w, s.n);
    free(s.w);
    assert_int_equal(glhle_psx_end_stream(psx), GLHLE_RESULT_OK);
    glhle_psx_stats st;
    glhle_psx_get_stats(psx, &st);
    assert_int_equal(st.bad_words, 0);
    uint16_t *vram = pt_vram(psx);
    const uint64_t got = fingerprint(vram, c);
    free(vram);
    if (got != c->fingerprint) {
        char name[96];
        snprintf(name, sizeof name, "psx_hw_%s_%s.png", c->name, renderer);
        write_vram_png(psx, name);
        fail_msg("gpu/%s on the %s renderer: VRAM fingerprint %016llx, the hardware capture's is %016llx", c->name,
                 renderer, (unsigned long long)got, (unsigned long long)c->fingerprint);
    }
}

static void software_matches_hardware(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        glhle_psx *psx = pt_sw();
        run_case(psx, "sw", &cases[i]);
        glhle_psx_destroy(psx);
    }
}

static void gl_matches_hardware(void **state)
{
    for (uint32_t scale = 1; scale <= 2; scale++)
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            glhle_psx *psx = pt_gl(*state, scale, false);
            run_case(psx, scale == 1 ? "gl1x" : "gl2x", &cases[i]);
            glhle_psx_destroy(psx);
        }
}

/* gpu/mask-bit (no capture: the program asserts values and its log from
 * the console says every assertion passed): CPU-to-VRAM writes under
 * GP0(E6h), read back. */
static void mask_bits(glhle_psx *psx)
{
    assert_int_equal(glhle_psx_gp1(psx, 0), GLHLE_RESULT_OK);
    PT_GP0(psx, 0xE3000000u, 0xE4000000u | 511u << 10 | 1023u, 0xE5000000u,
           /* testWriteAndRead */ 0xE6000000u, 0xA0000000u, xy(32, 32), xy(1, 1), 0x1234u,
           /* testSetBit */ 0xE6000001u, 0xA0000000u, xy(33, 32), xy(1, 1), 0x0000u,
           /* testCheckMaskBit */ 0xE6000000u, 0xA0000000u, xy(34, 32), xy(1, 1), 0x8000u, 0xE6000002u,
           0xA0000000u, xy(34, 32), xy(1, 1), 0x1234u,
           /* testCheckIsMaskBitStickyManually */ 0xE6000000u, 0xA0000000u, xy(35, 32), xy(1, 1), 0x8123u,
           0xA0000000u, xy(35, 32), xy(1, 1), 0x0456u,
           /* testCheckIsMaskBitStickySetBit */ 0xE6000001u, 0xA0000000u, xy(36, 32), xy(1, 1), 0x0000u,
           0xE6000000u, 0xA0000000u, xy(36, 32), xy(1, 1), 0x0456u);
    static const uint16_t want[5] = {0x1234, 0x8000, 0x8000, 0x0456, 0x0456};
    for (uint32_t i = 0; i < 5; i++)
        assert_int_equal(pt_pixel(psx, 32 + i, 32), want[i]);
}

static void mask_bit_writes(void **state)
{
    glhle_psx *psx = pt_sw();
    mask_bits(psx);
    glhle_psx_destroy(psx);
    for (uint32_t scale = 1; scale <= 2; scale++) {
        psx = pt_gl(*state, scale, false);
        mask_bits(psx);
        glhle_psx_destroy(psx);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(software_matches_hardware),
        TS_GL_TEST(gl_matches_hardware),
        TS_GL_TEST(mask_bit_writes),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
