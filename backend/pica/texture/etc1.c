/* ETC1 block codec. Bit layout, modifier tables and the pixel-index mapping
 * from the Khronos OES_compressed_ETC1_RGB8_texture specification (its
 * tables 3.17.2 and 3.17.3); the 4-bit alpha word of ETC1A4 as tex3ds
 * (encode.cpp, etc1_common) writes it. */
#include "backend/pica/texture/etc1.h"

#include <pthread.h>
#include <stdbool.h>
#include <string.h>

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the texture codecs pack RGBA8 texels as little-endian words"
#endif

/* Modifier by table (codeword) and pixel index (msb << 1 | lsb): index 0 is
 * +a, 1 is +b, 2 is -a, 3 is -b (specification table 3.17.3). */
static const int16_t modifier_table[8][4] = {
    {2, 8, -2, -8},     {5, 17, -5, -17},   {9, 29, -9, -29},     {13, 42, -13, -42},
    {18, 60, -18, -60}, {24, 80, -24, -80}, {33, 106, -33, -106}, {47, 183, -47, -183},
};

static inline int clamp255(int v)
{
    return v < 0 ? 0 : v > 255 ? 255 : v;
}

static inline int expand4(unsigned v)
{
    return (int)(v << 4 | v);
}

static inline int expand5(unsigned v)
{
    return (int)(v << 3 | v >> 2);
}

/* Texels of the second half have their bit set: texel (x, y) is bit x*4+y.
 * Without flip the halves are 2x4 side by side (x >= 2 is the second), with
 * flip 4x2 on top of each other (y >= 2 is the second). */
#define HALF_MASK_NOFLIP 0xFF00u
#define HALF_MASK_FLIP 0xCCCCu

/* The two base colours of a block, as RGB 8-bit triples. */
static void base_colours(uint32_t hi, int base[2][3])
{
    static const unsigned shift[3] = {24, 16, 8}; /* R, G, B fields in the high word */
    if (hi & 2) {
        /* differential: 5-bit base and 3-bit signed delta per channel. The
         * specification leaves a sum outside 0..31 undefined; a 5-bit adder
         * wraps, which is what this does. */
        for (int c = 0; c < 3; c++) {
            unsigned b = (hi >> (shift[c] + 3)) & 31;
            int d = (int)((hi >> shift[c]) & 7);
            d -= (d & 4) << 1;
            base[0][c] = expand5(b);
            base[1][c] = expand5((unsigned)((int)b + d) & 31);
        }
    } else {
        for (int c = 0; c < 3; c++) {
            base[0][c] = expand4((hi >> (shift[c] + 4)) & 15);
            base[1][c] = expand4((hi >> shift[c]) & 15);
        }
    }
}

/* clamp_table[v + CLAMP_BIAS] = v clamped to 0..255, for every base colour
 * (0..255) plus modifier (-183..183). Built once, on first use. */
#define CLAMP_BIAS 184
static uint8_t clamp_table[256 + 2 * CLAMP_BIAS];
static pthread_once_t clamp_once = PTHREAD_ONCE_INIT;

static void build_clamp_table(void)
{
    for (int i = 0; i < (int)sizeof clamp_table; i++)
        clamp_table[i] = (uint8_t)clamp255(i - CLAMP_BIAS);
}

/* The eight colours a block can produce (half * 4 + pixel index), packed as
 * little-endian RGBA words with alpha `a`. */
static void block_palette(uint64_t block, uint32_t a, uint32_t pal[8])
{
    pthread_once(&clamp_once, build_clamp_table);
    uint32_t hi = (uint32_t)(block >> 32);
    int base[2][3];
    base_colours(hi, base);
    const unsigned table[2] = {(hi >> 5) & 7, (hi >> 2) & 7};
    for (int h = 0; h < 2; h++) {
        const uint8_t *r = clamp_table + CLAMP_BIAS + base[h][0], *g = clamp_table + CLAMP_BIAS + base[h][1],
                      *b = clamp_table + CLAMP_BIAS + base[h][2];
        for (int k = 0; k < 4; k++) {
            int m = modifier_table[table[h]][k];
            pal[h * 4 + k] = (uint32_t)r[m] | (uint32_t)g[m] << 8 | (uint32_t)b[m] << 16 | a << 24;
        }
    }
}

/* Bit k of a 4-bit n to bit 0 of byte k: the four shifted copies of n
 * (by 0, 7, 14, 21) do not overlap, so the product has no carries, and
 * bit k lands at bit 8k only in the copy shifted by 7k. */
static inline uint32_t spread4(uint32_t n)
{
    return (n * 0x00204081u) & 0x01010101u;
}

void pica_etc1_decode_block_to(uint64_t block, uint64_t alpha, uint8_t *dst, intptr_t pitch)
{
    /* ETC1 (alpha all ones) bakes 255 into the palette; ETC1A4 adds each
     * texel's replicated nibble */
    bool opaque = alpha == UINT64_MAX;
    uint32_t pal[8];
    block_palette(block, opaque ? 255 : 0, pal);
    uint32_t lo = (uint32_t)block;
    bool flip = (block >> 32) & 1;
    /* a column x at a time: its four texels are bits 4x..4x+3 of each
     * index half; byte y of `sel` becomes the texel's palette entry */
    for (unsigned x = 0; x < 4; x++) {
        uint32_t sel = spread4((lo >> (4 * x)) & 15) | spread4((lo >> (16 + 4 * x)) & 15) << 1;
        /* second half: x >= 2 without flip, y >= 2 with flip */
        sel |= flip ? 0x04040000u : x >= 2 ? 0x04040404u : 0;
        uint32_t c[4] = {pal[sel & 7], pal[(sel >> 8) & 7], pal[(sel >> 16) & 7], pal[sel >> 24]};
        if (!opaque) {
            uint32_t a16 = (uint32_t)(alpha >> (16 * x)); /* nibble y = alpha of (x, y) */
            for (unsigned y = 0; y < 4; y++)
                c[y] |= ((a16 >> (4 * y)) & 15) * 0x11000000u;
        }
        uint8_t *col = dst + x * 4;
        memcpy(col, &c[0], 4);
        memcpy(col + pitch, &c[1], 4);
        memcpy(col + 2 * pitch, &c[2], 4);
        memcpy(col + 3 * pitch, &c[3], 4);
    }
}

void pica_etc1_decode_block(uint64_t block, uint64_t alpha, uint8_t out[64])
{
    pica_etc1_decode_block_to(block, alpha, out, 16);
}

/* ---- encoder ---- */

/* Squared RGB error of texel px against base + modifier. */
static inline uint32_t texel_error(const uint8_t *px, const int base[3], int m)
{
    const uint8_t *clamp = clamp_table + CLAMP_BIAS + m;
    int dr = clamp[base[0]] - px[0], dg = clamp[base[1]] - px[1], db = clamp[base[2]] - px[2];
    return (uint32_t)(dr * dr + dg * dg + db * db);
}

/* For the texels of one half (by texel number x*4+y) and a fixed base
 * colour, finds the table and per-texel pixel indices with the least error. */
static uint32_t fit_tables(const uint8_t rgba[64], const unsigned texels[8], const int base[3], unsigned *table_out,
                           unsigned idx_out[8])
{
    uint32_t best = UINT32_MAX;
    for (unsigned t = 0; t < 8; t++) {
        uint32_t err = 0;
        unsigned idx[8];
        for (int n = 0; n < 8; n++) {
            unsigned i = texels[n];
            const uint8_t *px = rgba + (i & 3) * 16 + (i >> 2) * 4;
            uint32_t be = UINT32_MAX;
            for (unsigned k = 0; k < 4; k++) {
                uint32_t e = texel_error(px, base, modifier_table[t][k]);
                if (e < be) {
                    be = e;
                    idx[n] = k;
                }
            }
            err += be;
        }
        if (err < best) {
            best = err;
            *table_out = t;
            memcpy(idx_out, idx, sizeof idx);
        }
    }
    return best;
}

/* Rounds an 8-bit value (times 8, a sum of eight texels) to a 4- or 5-bit base. */
static unsigned quantise(int sum8, unsigned levels)
{
    int q = (sum8 * (int)levels + 8 * 255 / 2) / (8 * 255);
    return (unsigned)(q < 0 ? 0 : q > (int)levels ? (int)levels : q);
}

typedef struct half_fit {
    unsigned q[3];    /* quantised base colour */
    unsigned table;   /* modifier table */
    unsigned idx[8];  /* pixel index per texel of the half */
    uint32_t err;
} half_fit;

static void fit_with_base(const uint8_t rgba[64], const unsigned texels[8], unsigned levels, half_fit *f)
{
    int base[3];
    for (int c = 0; c < 3; c++)
        base[c] = levels == 31 ? expand5(f->q[c]) : expand4(f->q[c]);
    f->err = fit_tables(rgba, texels, base, &f->table, f->idx);
}

/* Base colour and table for one half: start from the mean, then twice
 * re-centre the base on the texels minus their chosen modifiers (the mean
 * is a poor base when the modifiers are lopsided) and keep the best. */
static half_fit fit_half(const uint8_t rgba[64], const unsigned texels[8], unsigned levels, bool neighbours)
{
    int sum[3] = {0, 0, 0};
    for (int n = 0; n < 8; n++) {
        unsigned i = texels[n];
        for (int c = 0; c < 3; c++)
            sum[c] += rgba[(i & 3) * 16 + (i >> 2) * 4 + c];
    }
    half_fit best, cur;
    for (int c = 0; c < 3; c++)
        cur.q[c] = quantise(sum[c], levels);
    fit_with_base(rgba, texels, levels, &cur);
    best = cur;
    for (int iter = 0; iter < 2; iter++) {
        int s2[3] = {0, 0, 0};
        for (int n = 0; n < 8; n++) {
            unsigned i = texels[n];
            int m = modifier_table[cur.table][cur.idx[n]];
            for (int c = 0; c < 3; c++)
                s2[c] += rgba[(i & 3) * 16 + (i >> 2) * 4 + c] - m;
        }
        for (int c = 0; c < 3; c++)
            cur.q[c] = quantise(s2[c], levels);
        fit_with_base(rgba, texels, levels, &cur);
        if (cur.err < best.err)
            best = cur;
    }
    if (!neighbours || best.err == 0)
        return best;
    /* then the 26 neighbours of the best base, one step per channel */
    half_fit centre = best;
    for (int d = 0; d < 27; d++) {
        int step[3] = {d % 3 - 1, d / 3 % 3 - 1, d / 9 - 1};
        if (!step[0] && !step[1] && !step[2])
            continue;
        bool inside = true;
        for (int c = 0; c < 3; c++) {
            int q = (int)centre.q[c] + step[c];
            inside &= q >= 0 && q <= (int)levels;
            cur.q[c] = (unsigned)q;
        }
        if (!inside)
            continue;
        fit_with_base(rgba, texels, levels, &cur);
        if (cur.err < best.err)
            best = cur;
    }
    return best;
}

/* One candidate: a flip and a mode, both halves fitted. Returns the error. */
static uint64_t fit_candidate(const uint8_t rgba[64], unsigned flip, unsigned diff, bool neighbours,
                              unsigned texels[2][8], half_fit f[2])
{
    uint32_t mask = flip ? HALF_MASK_FLIP : HALF_MASK_NOFLIP;
    unsigned n[2] = {0, 0};
    for (unsigned i = 0; i < 16; i++) {
        unsigned h = (mask >> i) & 1;
        texels[h][n[h]++] = i;
    }
    unsigned levels = diff ? 31 : 15;
    f[0] = fit_half(rgba, texels[0], levels, neighbours);
    f[1] = fit_half(rgba, texels[1], levels, neighbours);
    if (diff) {
        /* the second base is the first plus a delta in -4..3: if the halves
         * want more, move the second and refit its tables */
        bool moved = false;
        for (int c = 0; c < 3; c++) {
            int d = (int)f[1].q[c] - (int)f[0].q[c];
            if (d < -4 || d > 3) {
                f[1].q[c] = (unsigned)((int)f[0].q[c] + (d < -4 ? -4 : 3));
                moved = true;
            }
        }
        if (moved)
            fit_with_base(rgba, texels[1], levels, &f[1]);
    }
    return (uint64_t)f[0].err + f[1].err;
}

static uint64_t assemble(unsigned flip, unsigned diff, unsigned texels[2][8], const half_fit f[2])
{
    uint32_t hi = 0;
    for (int c = 0; c < 3; c++) {
        unsigned shift = 24 - 8 * (unsigned)c;
        if (diff)
            hi |= f[0].q[c] << (shift + 3) | (((f[1].q[c] - f[0].q[c]) & 7) << shift);
        else
            hi |= f[0].q[c] << (shift + 4) | f[1].q[c] << shift;
    }
    hi |= f[0].table << 5 | f[1].table << 2 | diff << 1 | flip;
    uint32_t lo = 0;
    for (int h = 0; h < 2; h++)
        for (int k = 0; k < 8; k++) {
            unsigned i = texels[h][k];
            lo |= (f[h].idx[k] & 1) << i | (f[h].idx[k] >> 1) << (16 + i);
        }
    return (uint64_t)hi << 32 | lo;
}

uint64_t pica_etc1_encode_block(const uint8_t rgba[64])
{
    pthread_once(&clamp_once, build_clamp_table);
    /* all four flip/mode candidates with re-centred bases, then the
     * neighbour search (26 refits a half) on the two best */
    uint64_t err[4], best_err = UINT64_MAX, best_block = 0;
    for (unsigned c = 0; c < 4; c++) {
        unsigned texels[2][8];
        half_fit f[2];
        err[c] = fit_candidate(rgba, c >> 1, c & 1, false, texels, f);
        if (err[c] < best_err) {
            best_err = err[c];
            best_block = assemble(c >> 1, c & 1, texels, f);
        }
    }
    for (int round = 0; round < 2 && best_err; round++) {
        unsigned c = 0;
        for (unsigned k = 1; k < 4; k++)
            if (err[k] < err[c])
                c = k;
        err[c] = UINT64_MAX; /* not again */
        unsigned texels[2][8];
        half_fit f[2];
        uint64_t e = fit_candidate(rgba, c >> 1, c & 1, true, texels, f);
        if (e < best_err) {
            best_err = e;
            best_block = assemble(c >> 1, c & 1, texels, f);
        }
    }
    return best_block;
}

uint64_t pica_etc1_encode_alpha(const uint8_t rgba[64])
{
    uint64_t a = 0;
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++)
            a |= (uint64_t)(rgba[y * 16 + x * 4 + 3] >> 4) << (4 * (x * 4 + y));
    return a;
}
