/* Random GP0 command streams; see psx_random.h. */
#include "support/psx_random.h"

#include <stdlib.h>

void psx_stream_push(psx_stream *s, uint32_t w)
{
    if (s->count == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 4096;
        uint32_t *p = realloc(s->words, cap * sizeof *p);
        if (!p)
            abort();
        s->words = p;
        s->cap = cap;
    }
    s->words[s->count++] = w;
}

void psx_stream_free(psx_stream *s)
{
    free(s->words);
    s->words = NULL;
    s->count = s->cap = 0;
}

static uint32_t rnd(ts_rng *r, uint32_t n)
{
    return ts_rng_below(r, n);
}

static int32_t rrange(ts_rng *r, int32_t lo, int32_t hi)
{
    return lo + (int32_t)rnd(r, (uint32_t)(hi - lo + 1));
}

static uint32_t pack_xy(int32_t x, int32_t y)
{
    return ((uint32_t)x & 0xFFFF) | ((uint32_t)y << 16); /* sign extension in the unused bits */
}

/* Bits 11-15 and 27-31 are ignored by the GPU: sometimes fill them with noise. */
static uint32_t vertex_word(ts_rng *r, int32_t x, int32_t y, bool noise)
{
    uint32_t w = pack_xy(x, y);
    if (noise && rnd(r, 4) == 0)
        w = (w & 0x07FF07FFu) | (ts_rng_u32(r) & 0xF800F800u);
    return w;
}

static uint16_t random_pixel(ts_rng *r)
{
    switch (rnd(r, 8)) {
    case 0: return 0x0000; /* a transparent texel */
    case 1: return 0x8000; /* black with the mask / semi-transparency bit */
    default: return (uint16_t)ts_rng_u32(r);
    }
}

void psx_random_prologue(ts_rng *rng, psx_stream *s)
{
    psx_stream_push(s, 0xA0000000u); /* the whole VRAM: size 0 means 1024 x 512 */
    psx_stream_push(s, 0);
    psx_stream_push(s, 0);
    for (uint32_t i = 0; i < 1024u * 512u / 2u; i++)
        psx_stream_push(s, (uint32_t)random_pixel(rng) | ((uint32_t)random_pixel(rng) << 16));
    psx_stream_push(s, 0xE3000000u);
    psx_stream_push(s, 0xE4000000u | 1023u | (511u << 10));
    psx_stream_push(s, 0xE5000000u);
    psx_stream_push(s, 0xE6000000u);
}

static void environment(ts_rng *r, psx_stream *s)
{
    switch (rnd(r, 9)) {
    case 0:
    case 1: /* texpage, blending, dither, flips; bits 14-23 are unused */
        psx_stream_push(s, 0xE1000000u | (ts_rng_u32(r) & 0x3FFF) | (rnd(r, 8) == 0 ? ts_rng_u32(r) & 0xFFC000 : 0));
        break;
    case 2: /* texture window: usually none */
        psx_stream_push(s, 0xE2000000u | (rnd(r, 3) == 0 ? ts_rng_u32(r) & 0xFFFFF : 0));
        break;
    case 3: { /* drawing area: usually all of VRAM */
        uint32_t x0 = 0, y0 = 0, x1 = 1023, y1 = 511;
        if (rnd(r, 2)) {
            x0 = rnd(r, 700);
            y0 = rnd(r, 400);
            x1 = x0 + rnd(r, 400);
            y1 = y0 + rnd(r, 200);
        }
        psx_stream_push(s, 0xE3000000u | x0 | (y0 << 10));
        psx_stream_push(s, 0xE4000000u | (x1 & 1023) | ((y1 & 511) << 10));
        break;
    }
    case 4: { /* drawing offset: 11-bit signed, usually small */
        int32_t x = rnd(r, 4) ? rrange(r, -100, 100) : rrange(r, -1024, 1023);
        int32_t y = rnd(r, 4) ? rrange(r, -100, 100) : rrange(r, -1024, 1023);
        psx_stream_push(s, 0xE5000000u | ((uint32_t)x & 0x7FF) | (((uint32_t)y & 0x7FF) << 11));
        break;
    }
    case 5: psx_stream_push(s, 0xE6000000u | rnd(r, 4)); break;
    case 6: psx_stream_push(s, 0x01000000u); break; /* clear cache */
    case 7: { /* no-ops: 00h, 03h..1Eh, E0h, E7h..EFh */
        static const uint8_t nops[] = {0x00, 0x03, 0x04, 0x10, 0x1E, 0xE0, 0xE7, 0xEF};
        psx_stream_push(s, ((uint32_t)nops[rnd(r, sizeof nops)] << 24) | (ts_rng_u32(r) & 0xFFFFFF));
        break;
    }
    default: psx_stream_push(s, 0xE5000000u); break;
    }
}

/* A vertex near (cx, cy), now and then anywhere in the 11-bit range. */
static void near(ts_rng *r, int32_t cx, int32_t cy, int32_t spread, int32_t *x, int32_t *y)
{
    if (rnd(r, 24) == 0) {
        *x = rrange(r, -1024, 1023);
        *y = rrange(r, -1024, 1023);
        return;
    }
    *x = cx + rrange(r, -spread, spread);
    *y = cy + rrange(r, -spread, spread);
    *x = *x < -1024 ? -1024 : *x > 1023 ? 1023 : *x;
    *y = *y < -1024 ? -1024 : *y > 1023 ? 1023 : *y;
}

static uint32_t color_word(ts_rng *r)
{
    uint32_t c = ts_rng_u32(r) & 0xFFFFFF;
    if (rnd(r, 4) == 0) /* modulation by 80h leaves texels as they are */
        c = 0x808080;
    return c;
}

static void polygon(ts_rng *r, psx_stream *s)
{
    uint32_t bits = rnd(r, 32); /* IIP, VTX, TME, ABE, TGE */
    uint32_t code = 0x20 | bits;
    bool gouraud = bits & 0x10, quad = bits & 0x08, tex = bits & 0x04;
    int n = quad ? 4 : 3;
    int32_t cx = rrange(r, -40, 1060), cy = rrange(r, -40, 550), spread = rnd(r, 4) ? 60 : 300;
    int32_t px = 0, py = 0;
    for (int i = 0; i < n; i++) {
        if (i == 0)
            psx_stream_push(s, (code << 24) | color_word(r));
        else if (gouraud)
            psx_stream_push(s, color_word(r) | (ts_rng_u32(r) & 0xFF000000u)); /* the top byte is ignored */
        int32_t x, y;
        near(r, cx, cy, spread, &x, &y);
        switch (i > 0 ? rnd(r, 6) : 5) { /* horizontal, vertical and 45-degree edges: the fill rule shows */
        case 0: y = py; break;
        case 1: x = px; break;
        case 2: y = py + (x - px); break;
        default: break;
        }
        px = x;
        py = y;
        psx_stream_push(s, vertex_word(r, x, y, true));
        if (tex) {
            uint32_t uv = ts_rng_u32(r) & 0xFFFF;
            uint32_t hi = 0;
            if (i == 0)
                hi = rnd(r, 0x8000); /* CLUT: X/16 and Y */
            else if (i == 1)
                hi = ts_rng_u32(r) & 0xFFFF; /* texpage: bits 9-10, 12-15 must not matter */
            else if (rnd(r, 4) == 0)
                hi = ts_rng_u32(r) & 0xFFFF;
            psx_stream_push(s, uv | (hi << 16));
        }
    }
}

static void line(ts_rng *r, psx_stream *s)
{
    uint32_t bits = rnd(r, 32) & ~0x0Du; /* IIP, PLL, ABE; bits 24 and 26 are unused */
    bits |= rnd(r, 2) ? 0x08 : 0;
    if (rnd(r, 4) == 0)
        bits |= 0x05;
    bool gouraud = bits & 0x10, poly = bits & 0x08;
    int n = poly ? 2 + (int)rnd(r, 5) : 2;
    int32_t cx = rrange(r, -40, 1060), cy = rrange(r, -40, 550), spread = rnd(r, 3) ? 80 : 400;
    int32_t px = 0, py = 0;
    for (int i = 0; i < n; i++) {
        if (i == 0)
            psx_stream_push(s, ((0x40u | bits) << 24) | color_word(r));
        else if (gouraud)
            psx_stream_push(s, color_word(r));
        int32_t x, y;
        near(r, cx, cy, spread, &x, &y);
        switch (i > 0 ? rnd(r, 8) : 7) { /* horizontal, vertical, 45-degree and zero-length lines */
        case 0: y = py; break;
        case 1: x = px; break;
        case 2: y = py + (x - px); break;
        case 3: y = py - (x - px); break;
        case 4: x = px; y = py; break;
        default: break;
        }
        px = x;
        py = y;
        psx_stream_push(s, vertex_word(r, x, y, !poly)); /* noise could end a polyline early */
    }
    if (poly) /* any word with (w & F000F000h) == 50005000h ends it */
        psx_stream_push(s, 0x50005000u | (ts_rng_u32(r) & 0x0FFF0FFFu));
}

static void rect(ts_rng *r, psx_stream *s)
{
    uint32_t bits = rnd(r, 32); /* size, TME, ABE, TGE */
    uint32_t code = 0x60 | bits;
    psx_stream_push(s, (code << 24) | color_word(r));
    int32_t x = rrange(r, -80, 1060), y = rrange(r, -80, 540);
    psx_stream_push(s, vertex_word(r, x, y, true));
    if (bits & 0x04)
        psx_stream_push(s, (ts_rng_u32(r) & 0xFFFF) | (rnd(r, 0x8000) << 16));
    if (((bits >> 3) & 3) == 0) {
        uint32_t w = rnd(r, 6) ? rnd(r, 120) : rnd(r, 1024);
        uint32_t h = rnd(r, 6) ? rnd(r, 120) : rnd(r, 512);
        psx_stream_push(s, w | (h << 16) | (rnd(r, 8) == 0 ? ts_rng_u32(r) & 0xFC00FC00u : 0));
    }
}

static uint32_t random_size(ts_rng *r, uint32_t small, uint32_t max)
{
    switch (rnd(r, 10)) {
    case 0: return 0; /* copies: the maximum; fills: nothing */
    case 1: return rnd(r, max + 1);
    default: return 1 + rnd(r, small);
    }
}

static void fill(ts_rng *r, psx_stream *s)
{
    psx_stream_push(s, 0x02000000u | (ts_rng_u32(r) & 0xFFFFFF));
    psx_stream_push(s, pack_xy((int32_t)rnd(r, 1024), (int32_t)rnd(r, 1024))); /* low X bits and Y bit 9 are masked */
    psx_stream_push(s, random_size(r, 200, 1023) | (random_size(r, 150, 1023) << 16));
}

static void copy(ts_rng *r, psx_stream *s)
{
    uint32_t sx = rnd(r, 1024), sy = rnd(r, 512), dx, dy;
    if (rnd(r, 2)) { /* overlapping source and destination */
        dx = (sx + (uint32_t)rrange(r, -8, 8)) & 1023;
        dy = (sy + (uint32_t)rrange(r, -8, 8)) & 511;
    } else {
        dx = rnd(r, 1024);
        dy = rnd(r, 512);
    }
    psx_stream_push(s, 0x80000000u | (ts_rng_u32(r) & 0x1FFFFFFF)); /* bits 0-28 are ignored */
    psx_stream_push(s, sx | (sy << 16));
    psx_stream_push(s, dx | (dy << 16));
    psx_stream_push(s, random_size(r, 96, 1023) | (random_size(r, 64, 600) << 16));
}

static void upload(ts_rng *r, psx_stream *s)
{
    uint32_t w = 1 + rnd(r, rnd(r, 8) ? 48 : 300), h = 1 + rnd(r, rnd(r, 8) ? 48 : 100);
    psx_stream_push(s, 0xA0000000u | (ts_rng_u32(r) & 0x1FFFFFFF));
    psx_stream_push(s, rnd(r, 1024) | (rnd(r, 512) << 16)); /* near an edge it wraps */
    psx_stream_push(s, w | (h << 16));
    for (uint32_t i = 0; i < (w * h + 1) / 2; i++)
        psx_stream_push(s, (uint32_t)random_pixel(r) | ((uint32_t)random_pixel(r) << 16));
}

void psx_random_commands(ts_rng *rng, uint32_t kinds, uint32_t count, psx_stream *s)
{
    static void (*const makers[6])(ts_rng *, psx_stream *) = {polygon, line, rect, fill, copy, upload};
    int chosen[6], n = 0;
    for (int k = 0; k < 6; k++)
        if (kinds & (1u << k))
            chosen[n++] = k;
    for (uint32_t i = 0; i < count; i++) {
        if ((kinds & PSX_RAND_ENV) && rnd(rng, 3) == 0)
            environment(rng, s);
        if (n)
            makers[chosen[rnd(rng, (uint32_t)n)]](rng, s);
    }
}
