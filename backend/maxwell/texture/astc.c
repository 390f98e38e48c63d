/* ASTC LDR decoder (astc.h). Section numbers are those of the Khronos Data
 * Format Specification 1.3, chapter 23 ("ASTC Compressed Texture Image
 * Formats"); the field order where the text leaves room (extra endpoint
 * mode bits directly below the weights, the dual-plane component selector
 * below those) is the one ARM's reference encoder reads. */
#include "backend/maxwell/texture/astc.h"

#include <string.h>

/* ---- bits ---- */

/* n bits from bit `at`; those at or past `end` read as zero. */
static uint32_t bits_below(const uint8_t b[16], uint32_t at, uint32_t n, uint32_t end)
{
    uint32_t v = 0;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t p = at + i;
        if (p < end)
            v |= (uint32_t)((b[p >> 3] >> (p & 7)) & 1) << i;
    }
    return v;
}

static uint32_t bits_at(const uint8_t b[16], uint32_t at, uint32_t n)
{
    return bits_below(b, at, n, 128);
}

/* ---- integer sequence encoding (23.12) ---- */

typedef struct ise_range {
    uint8_t trits, quints, bits;
} ise_range;

/* The 21 ranges in the order the colour endpoint search walks them: 0..1,
 * 0..2, 0..3, 0..4, 0..5, 0..7, 0..9, 0..11, 0..15, 0..19, 0..23, 0..31,
 * 0..39, 0..47, 0..63, 0..79, 0..95, 0..127, 0..159, 0..191, 0..255. */
static const ise_range k_ranges[21] = {
    {0, 0, 1}, {1, 0, 0}, {0, 0, 2}, {0, 1, 0}, {1, 0, 1}, {0, 0, 3}, {0, 1, 1}, {1, 0, 2}, {0, 0, 4}, {0, 1, 2}, {1, 0, 3},
    {0, 0, 5}, {0, 1, 3}, {1, 0, 4}, {0, 0, 6}, {0, 1, 4}, {1, 0, 5}, {0, 0, 7}, {0, 1, 5}, {1, 0, 6}, {0, 0, 8},
};

static uint32_t ise_bits(const ise_range *r, uint32_t n)
{
    return n * r->bits + (r->trits ? (8 * n + 4) / 5 : 0) + (r->quints ? (7 * n + 2) / 3 : 0);
}

/* 23.12.2: five trits from eight bits. */
static void trits_of(uint32_t t, uint8_t out[5])
{
    uint32_t c;
    if (((t >> 2) & 7) == 7) {
        c = ((t >> 5) & 7) << 2 | (t & 3);
        out[4] = out[3] = 2;
    } else {
        c = t & 0x1F;
        if (((t >> 5) & 3) == 3) {
            out[4] = 2;
            out[3] = (uint8_t)((t >> 7) & 1);
        } else {
            out[4] = (uint8_t)((t >> 7) & 1);
            out[3] = (uint8_t)((t >> 5) & 3);
        }
    }
    if ((c & 3) == 3) {
        out[2] = 2;
        out[1] = (uint8_t)((c >> 4) & 1);
        out[0] = (uint8_t)(((c >> 3) & 1) << 1 | (((c >> 2) & 1) & ~(c >> 3) & 1));
    } else if (((c >> 2) & 3) == 3) {
        out[2] = 2;
        out[1] = 2;
        out[0] = (uint8_t)(c & 3);
    } else {
        out[2] = (uint8_t)((c >> 4) & 1);
        out[1] = (uint8_t)((c >> 2) & 3);
        out[0] = (uint8_t)(((c >> 1) & 1) << 1 | ((c & 1) & ~(c >> 1) & 1));
    }
}

/* 23.12.3: three quints from seven bits. */
static void quints_of(uint32_t q, uint8_t out[3])
{
    if (((q >> 1) & 3) == 3 && ((q >> 5) & 3) == 0) {
        const uint32_t q0 = q & 1;
        out[2] = (uint8_t)(q0 << 2 | (((q >> 4) & 1) & ~q0) << 1 | (((q >> 3) & 1) & ~q0));
        out[1] = out[0] = 4;
        return;
    }
    uint32_t c;
    if (((q >> 1) & 3) == 3) {
        out[2] = 4;
        c = ((q >> 3) & 3) << 3 | ((~q >> 5) & 3) << 1 | (q & 1);
    } else {
        out[2] = (uint8_t)((q >> 5) & 3);
        c = q & 0x1F;
    }
    if ((c & 7) == 5) {
        out[1] = 4;
        out[0] = (uint8_t)((c >> 3) & 3);
    } else {
        out[1] = (uint8_t)((c >> 3) & 3);
        out[0] = (uint8_t)(c & 7);
    }
}

/* n values of range r from bit `at` upward; each value's plain bits in
 * `low`, its trit or quint (0 without) in `high`. The trit and quint bits
 * of a last, partial group past the sequence's end read as zero (23.12). */
static void ise_decode(const uint8_t b[16], uint32_t at, const ise_range *r, uint32_t n, uint8_t *low, uint8_t *high)
{
    const uint32_t nb = r->bits, end = at + ise_bits(r, n);
    if (!r->trits && !r->quints) {
        for (uint32_t i = 0; i < n; i++, at += nb) {
            low[i] = (uint8_t)bits_at(b, at, nb);
            high[i] = 0;
        }
        return;
    }
    /* a group is 5 values and 8 trit bits or 3 values and 7 quint bits, the
     * packed bits spread after each value's plain bits */
    static const uint8_t tbits[5] = {2, 2, 1, 2, 1}, qbits[3] = {3, 2, 2};
    const uint8_t *gbits = r->trits ? tbits : qbits;
    const uint32_t group = r->trits ? 5 : 3;
    for (uint32_t i = 0; i < n; i += group) {
        uint32_t packed = 0, pos = 0;
        for (uint32_t j = 0; j < group; j++) {
            if (i + j < n)
                low[i + j] = (uint8_t)bits_below(b, at, nb, end);
            at += nb;
            packed |= bits_below(b, at, gbits[j], end) << pos;
            at += gbits[j];
            pos += gbits[j];
        }
        uint8_t v[5];
        if (r->trits)
            trits_of(packed, v);
        else
            quints_of(packed, v);
        for (uint32_t j = 0; j < group && i + j < n; j++)
            high[i + j] = v[j];
    }
}

/* ---- unquantisation (23.13, 23.16) ---- */

static uint32_t replicate(uint32_t v, uint32_t from, uint32_t to)
{
    uint32_t out = 0;
    int32_t shift = (int32_t)to - (int32_t)from;
    while (shift > -(int32_t)from) {
        out |= shift >= 0 ? v << shift : v >> -shift;
        shift -= (int32_t)from;
    }
    return out & ((1u << to) - 1);
}

/* A colour endpoint value in 0..255 (table 23.15's B and C columns). */
static uint32_t unquant_colour(const ise_range *r, uint32_t m, uint32_t d)
{
    if (!r->trits && !r->quints)
        return replicate(m, r->bits, 8);
    const uint32_t a = (m & 1) ? 0x1FF : 0, bb = (m >> 1) & 1, c = (m >> 2) & 1, dd = (m >> 3) & 1, e = (m >> 4) & 1,
                   f = (m >> 5) & 1;
    uint32_t B = 0, C = 0;
    if (r->trits) {
        switch (r->bits) {
        case 1: C = 204; break;
        case 2: C = 93; B = bb << 8 | bb << 4 | bb << 2 | bb << 1; break;
        case 3: C = 44; B = c << 8 | bb << 7 | c << 3 | bb << 2 | c << 1 | bb; break;
        case 4: C = 22; B = dd << 8 | c << 7 | bb << 6 | dd << 2 | c << 1 | bb; break;
        case 5: C = 11; B = e << 8 | dd << 7 | c << 6 | bb << 5 | e << 1 | dd; break;
        default: C = 5; B = f << 8 | e << 7 | dd << 6 | c << 5 | bb << 4 | f; break;
        }
    } else {
        switch (r->bits) {
        case 1: C = 113; break;
        case 2: C = 54; B = bb << 8 | bb << 3 | bb << 2; break;
        case 3: C = 26; B = c << 8 | bb << 7 | c << 2 | bb << 1 | c; break;
        case 4: C = 13; B = dd << 8 | c << 7 | bb << 6 | dd << 1 | c; break;
        default: C = 6; B = e << 8 | dd << 7 | c << 6 | bb << 5 | e; break;
        }
    }
    uint32_t t = d * C + B;
    t ^= a;
    return (a & 0x80) | (t >> 2);
}

/* A weight in 0..64 (table 23.22). */
static uint32_t unquant_weight(const ise_range *r, uint32_t m, uint32_t d)
{
    uint32_t t;
    if (!r->trits && !r->quints) {
        t = replicate(m, r->bits, 6);
    } else if (!r->bits) {
        static const uint8_t t3[3] = {0, 32, 63}, q5[5] = {0, 16, 32, 47, 63};
        t = r->trits ? t3[d] : q5[d];
    } else {
        const uint32_t a = (m & 1) ? 0x7F : 0, bb = (m >> 1) & 1, c = (m >> 2) & 1;
        uint32_t B = 0, C = 0;
        if (r->trits) {
            switch (r->bits) {
            case 1: C = 50; break;
            case 2: C = 23; B = bb << 6 | bb << 2 | bb; break;
            default: C = 11; B = c << 6 | bb << 5 | c << 1 | bb; break;
            }
        } else {
            switch (r->bits) {
            case 1: C = 28; break;
            default: C = 13; B = bb << 6 | bb << 1; break;
            }
        }
        t = d * C + B;
        t ^= a;
        t = (a & 0x20) | (t >> 2);
    }
    return t > 32 ? t + 1 : t;
}

/* ---- block mode (23.10) ---- */

typedef struct block_mode {
    uint32_t gw, gh;  /* weight grid */
    bool dual;
    ise_range range;  /* of the weights */
} block_mode;

static bool block_mode_of(uint32_t m, block_mode *out)
{
    uint32_t r, a = (m >> 5) & 3, bq = (m >> 7) & 3, h = (m >> 9) & 1, d = (m >> 10) & 1;
    if (m & 3) {
        r = ((m >> 4) & 1) | (m & 3) << 1;
        switch ((m >> 2) & 3) {
        case 0: out->gw = bq + 4; out->gh = a + 2; break;
        case 1: out->gw = bq + 8; out->gh = a + 2; break;
        case 2: out->gw = a + 2; out->gh = bq + 8; break;
        default:
            if (m & 0x100) {
                out->gw = (bq & 1) + 2;
                out->gh = a + 2;
            } else {
                out->gw = a + 2;
                out->gh = (bq & 1) + 6;
            }
            break;
        }
    } else {
        r = ((m >> 4) & 1) | ((m >> 2) & 3) << 1;
        if (!((m >> 2) & 3))
            return false; /* reserved */
        switch ((m >> 7) & 3) {
        case 0: out->gw = 12; out->gh = a + 2; break;
        case 1: out->gw = a + 2; out->gh = 12; break;
        case 2:
            out->gw = a + 6;
            out->gh = ((m >> 9) & 3) + 6;
            d = h = 0;
            break;
        default:
            if (m & 0x40)
                return false; /* reserved */
            if (m & 0x20) {
                out->gw = 10;
                out->gh = 6;
            } else {
                out->gw = 6;
                out->gh = 10;
            }
            break;
        }
    }
    /* table 23.9: R 2-7 without and with the high-precision bit */
    static const uint8_t index[2][8] = {{0, 0, 0, 1, 2, 3, 4, 5}, {0, 0, 6, 7, 8, 9, 10, 11}};
    out->range = k_ranges[index[h][r]];
    out->dual = d;
    return true;
}

/* ---- endpoints (23.13) ---- */

static int32_t clamp255(int32_t v)
{
    return v < 0 ? 0 : v > 255 ? 255 : v;
}

static void bit_transfer_signed(int32_t *a, int32_t *b)
{
    *b = (*b >> 1) | (*a & 0x80);
    *a = (*a >> 1) & 0x3F;
    if (*a & 0x20)
        *a -= 0x40;
}

static void blue_contract(int32_t e[4])
{
    e[0] = (e[0] + e[2]) >> 1;
    e[1] = (e[1] + e[2]) >> 1;
}

static void set4(int32_t e[4], int32_t r, int32_t g, int32_t b, int32_t a)
{
    e[0] = r;
    e[1] = g;
    e[2] = b;
    e[3] = a;
}

/* Endpoints of LDR mode `cem` from its values v (0..255); false for the
 * HDR modes. */
static bool endpoints_of(uint32_t cem, const uint32_t *vu, int32_t e0[4], int32_t e1[4])
{
    int32_t v[8];
    for (uint32_t i = 0; i < 8; i++)
        v[i] = (int32_t)vu[i];
    switch (cem) {
    case 0:
        set4(e0, v[0], v[0], v[0], 255);
        set4(e1, v[1], v[1], v[1], 255);
        return true;
    case 1: {
        const int32_t l0 = (v[0] >> 2) | (v[1] & 0xC0), l1 = l0 + (v[1] & 0x3F) > 255 ? 255 : l0 + (v[1] & 0x3F);
        set4(e0, l0, l0, l0, 255);
        set4(e1, l1, l1, l1, 255);
        return true;
    }
    case 4:
        set4(e0, v[0], v[0], v[0], v[2]);
        set4(e1, v[1], v[1], v[1], v[3]);
        return true;
    case 5:
        bit_transfer_signed(&v[1], &v[0]);
        bit_transfer_signed(&v[3], &v[2]);
        set4(e0, v[0], v[0], v[0], v[2]);
        set4(e1, clamp255(v[0] + v[1]), clamp255(v[0] + v[1]), clamp255(v[0] + v[1]), clamp255(v[2] + v[3]));
        return true;
    case 6:
        set4(e0, (v[0] * v[3]) >> 8, (v[1] * v[3]) >> 8, (v[2] * v[3]) >> 8, 255);
        set4(e1, v[0], v[1], v[2], 255);
        return true;
    case 8:
    case 12: {
        const int32_t a0 = cem == 12 ? v[6] : 255, a1 = cem == 12 ? v[7] : 255;
        if (v[1] + v[3] + v[5] >= v[0] + v[2] + v[4]) {
            set4(e0, v[0], v[2], v[4], a0);
            set4(e1, v[1], v[3], v[5], a1);
        } else {
            set4(e0, v[1], v[3], v[5], a1);
            set4(e1, v[0], v[2], v[4], a0);
            blue_contract(e0);
            blue_contract(e1);
        }
        return true;
    }
    case 9:
    case 13: {
        bit_transfer_signed(&v[1], &v[0]);
        bit_transfer_signed(&v[3], &v[2]);
        bit_transfer_signed(&v[5], &v[4]);
        int32_t a0 = 255, a1 = 255;
        if (cem == 13) {
            bit_transfer_signed(&v[7], &v[6]);
            a0 = v[6];
            a1 = v[6] + v[7];
        }
        if (v[1] + v[3] + v[5] >= 0) {
            set4(e0, v[0], v[2], v[4], a0);
            set4(e1, v[0] + v[1], v[2] + v[3], v[4] + v[5], a1);
        } else {
            set4(e0, v[0] + v[1], v[2] + v[3], v[4] + v[5], a1);
            set4(e1, v[0], v[2], v[4], a0);
            blue_contract(e0);
            blue_contract(e1);
        }
        for (uint32_t i = 0; i < 4; i++) {
            e0[i] = clamp255(e0[i]);
            e1[i] = clamp255(e1[i]);
        }
        return true;
    }
    case 10:
        set4(e0, (v[0] * v[3]) >> 8, (v[1] * v[3]) >> 8, (v[2] * v[3]) >> 8, v[4]);
        set4(e1, v[0], v[1], v[2], v[5]);
        return true;
    default: return false; /* 2, 3, 7, 11, 14, 15: HDR */
    }
}

/* ---- partitions (23.19) ---- */

static uint32_t hash52(uint32_t p)
{
    p ^= p >> 15;
    p -= p << 17;
    p += p << 7;
    p += p << 4;
    p ^= p >> 5;
    p += p << 16;
    p ^= p >> 7;
    p ^= p >> 3;
    p ^= p << 6;
    p ^= p >> 17;
    return p;
}

static uint32_t select_partition(uint32_t seed, uint32_t x, uint32_t y, uint32_t count, bool small)
{
    if (small) {
        x <<= 1;
        y <<= 1;
    }
    seed += (count - 1) * 1024;
    const uint32_t rnum = hash52(seed);
    uint32_t s[8];
    for (uint32_t i = 0; i < 8; i++) {
        s[i] = (rnum >> (4 * i)) & 0xF;
        s[i] *= s[i];
    }
    uint32_t sh1, sh2;
    if (seed & 1) {
        sh1 = (seed & 2) ? 4 : 5;
        sh2 = count == 3 ? 6 : 5;
    } else {
        sh1 = count == 3 ? 6 : 5;
        sh2 = (seed & 2) ? 4 : 5;
    }
    /* z is 0 in 2D, so seeds 9-12 and the third shift drop out */
    const uint32_t a = ((s[0] >> sh1) * x + (s[1] >> sh2) * y + (rnum >> 14)) & 0x3F;
    const uint32_t b = ((s[2] >> sh1) * x + (s[3] >> sh2) * y + (rnum >> 10)) & 0x3F;
    const uint32_t c = count < 3 ? 0 : ((s[4] >> sh1) * x + (s[5] >> sh2) * y + (rnum >> 6)) & 0x3F;
    const uint32_t d = count < 4 ? 0 : ((s[6] >> sh1) * x + (s[7] >> sh2) * y + (rnum >> 2)) & 0x3F;
    if (a >= b && a >= c && a >= d)
        return 0;
    if (b >= c && b >= d)
        return 1;
    return c >= d ? 2 : 3;
}

/* ---- blocks ---- */

static void fill(uint16_t out[MW_ASTC_MAX_TEXELS][4], uint32_t n, uint16_t r, uint16_t g, uint16_t b, uint16_t a)
{
    for (uint32_t i = 0; i < n; i++) {
        out[i][0] = r;
        out[i][1] = g;
        out[i][2] = b;
        out[i][3] = a;
    }
}

static mw_astc_status error_block(uint16_t out[MW_ASTC_MAX_TEXELS][4], uint32_t n)
{
    fill(out, n, 0xFFFF, 0, 0xFFFF, 0xFFFF);
    return MW_ASTC_ERROR;
}

static mw_astc_status hdr_block(uint16_t out[MW_ASTC_MAX_TEXELS][4], uint32_t n)
{
    error_block(out, n);
    return MW_ASTC_HDR;
}

/* 23.23: the void-extent block, one constant colour. */
static mw_astc_status void_extent(const uint8_t b[16], uint32_t n, uint16_t out[MW_ASTC_MAX_TEXELS][4])
{
    if (bits_at(b, 10, 2) != 3)
        return error_block(out, n); /* reserved bits not set */
    if (bits_at(b, 9, 1))
        return hdr_block(out, n);
    const uint32_t s0 = bits_at(b, 12, 13), s1 = bits_at(b, 25, 13), t0 = bits_at(b, 38, 13), t1 = bits_at(b, 51, 13);
    const bool all_ones = s0 == 0x1FFF && s1 == 0x1FFF && t0 == 0x1FFF && t1 == 0x1FFF;
    if (!all_ones && (s0 >= s1 || t0 >= t1))
        return error_block(out, n);
    fill(out, n, (uint16_t)bits_at(b, 64, 16), (uint16_t)bits_at(b, 80, 16), (uint16_t)bits_at(b, 96, 16),
         (uint16_t)bits_at(b, 112, 16));
    return MW_ASTC_VALID;
}

mw_astc_status mw_astc_decode_block(const uint8_t b[16], uint32_t bw, uint32_t bh, bool srgb,
                                    uint16_t out[MW_ASTC_MAX_TEXELS][4])
{
    if (bw < 4 || bw > 12 || bh < 4 || bh > 12)
        return error_block(out, 0);
    const uint32_t n = bw * bh;
    const uint32_t mode = bits_at(b, 0, 11);
    if ((mode & 0x1FF) == 0x1FC)
        return void_extent(b, n, out);
    block_mode bm;
    if (!block_mode_of(mode, &bm))
        return error_block(out, n);
    const uint32_t planes = bm.dual ? 2 : 1, nweights = bm.gw * bm.gh * planes;
    const uint32_t weight_bits = ise_bits(&bm.range, nweights);
    if (bm.gw > bw || bm.gh > bh || nweights > 64 || weight_bits < 24 || weight_bits > 96)
        return error_block(out, n);
    const uint32_t parts = bits_at(b, 11, 2) + 1;
    if (parts == 4 && bm.dual)
        return error_block(out, n);

    /* endpoint modes (23.11) */
    uint32_t cem[4], below = 128 - weight_bits, config_at;
    if (parts == 1) {
        cem[0] = bits_at(b, 13, 4);
        config_at = 17;
    } else {
        config_at = 29;
        uint32_t enc = bits_at(b, 23, 6);
        if (!(enc & 3)) {
            for (uint32_t i = 0; i < parts; i++)
                cem[i] = enc >> 2;
        } else {
            const uint32_t extra = 3 * parts - 4;
            below -= extra;
            enc |= bits_at(b, below, extra) << 6;
            const uint32_t base = (enc & 3) - 1;
            for (uint32_t i = 0; i < parts; i++) {
                const uint32_t c = (enc >> (2 + i)) & 1, m = (enc >> (2 + parts + 2 * i)) & 3;
                cem[i] = (base + c) * 4 + m;
            }
        }
    }
    uint32_t plane2_component = 4;
    if (bm.dual) {
        below -= 2;
        plane2_component = bits_at(b, below, 2);
    }
    uint32_t nvalues = 0;
    for (uint32_t i = 0; i < parts; i++)
        nvalues += ((cem[i] >> 2) + 1) * 2;
    if (nvalues > 18 || below < config_at)
        return error_block(out, n);
    const uint32_t colour_bits = below - config_at;
    int32_t q = -1;
    for (int32_t i = 20; i >= 0; i--)
        if (ise_bits(&k_ranges[i], nvalues) <= colour_bits) {
            q = i;
            break;
        }
    if (q < 4) /* under 0..5 */
        return error_block(out, n);

    uint8_t low[64], high[64];
    uint32_t values[18 + 8];
    memset(values, 0, sizeof values);
    ise_decode(b, config_at, &k_ranges[q], nvalues, low, high);
    for (uint32_t i = 0; i < nvalues; i++)
        values[i] = unquant_colour(&k_ranges[q], low[i], high[i]);
    int32_t e0[4][4], e1[4][4];
    for (uint32_t i = 0, at = 0; i < parts; i++) {
        if (!endpoints_of(cem[i], values + at, e0[i], e1[i]))
            return hdr_block(out, n);
        at += ((cem[i] >> 2) + 1) * 2;
    }

    /* weights: read from bit 127 down (23.17) */
    uint8_t rev[16];
    for (uint32_t i = 0; i < 16; i++) {
        uint8_t v = b[15 - i], r = 0;
        for (uint32_t k = 0; k < 8; k++)
            r |= (uint8_t)(((v >> k) & 1) << (7 - k));
        rev[i] = r;
    }
    uint32_t w[64 + 16];
    memset(w, 0, sizeof w);
    ise_decode(rev, 0, &bm.range, nweights, low, high);
    for (uint32_t i = 0; i < nweights; i++)
        w[i] = unquant_weight(&bm.range, low[i], high[i]);

    /* infill (23.18) and interpolation (23.20) */
    const uint32_t ds = (1024 + bw / 2) / (bw - 1), dt = (1024 + bh / 2) / (bh - 1);
    const uint32_t seed = bits_at(b, 13, 10);
    const bool small = n < 31;
    for (uint32_t y = 0; y < bh; y++)
        for (uint32_t x = 0; x < bw; x++) {
            const uint32_t gs = (ds * x * (bm.gw - 1) + 32) >> 6, gt = (dt * y * (bm.gh - 1) + 32) >> 6;
            const uint32_t js = gs >> 4, fs = gs & 0xF, jt = gt >> 4, ft = gt & 0xF;
            const uint32_t w11 = (fs * ft + 8) >> 4, w10 = ft - w11, w01 = fs - w11, w00 = 16 - fs - ft + w11;
            const uint32_t v0 = js + jt * bm.gw;
            uint32_t pw[2];
            for (uint32_t p = 0; p < planes; p++) {
                const uint32_t i00 = v0 * planes + p, i01 = (v0 + 1) * planes + p;
                const uint32_t i10 = (v0 + bm.gw) * planes + p, i11 = (v0 + bm.gw + 1) * planes + p;
                uint32_t sum = w[i00] * w00;
                if (w01)
                    sum += w[i01] * w01;
                if (w10)
                    sum += w[i10] * w10;
                if (w11)
                    sum += w[i11] * w11;
                pw[p] = (sum + 8) >> 4;
            }
            const uint32_t part = parts == 1 ? 0 : select_partition(seed, x, y, parts, small);
            uint16_t *o = out[y * bw + x];
            for (uint32_t c = 0; c < 4; c++) {
                const uint32_t wt = c == plane2_component ? pw[1] : pw[0];
                const uint32_t a = (uint32_t)e0[part][c], z = (uint32_t)e1[part][c];
                const uint32_t c0 = srgb ? (a << 8 | 0x80) : a * 257, c1 = srgb ? (z << 8 | 0x80) : z * 257;
                o[c] = (uint16_t)((c0 * (64 - wt) + c1 * wt + 32) >> 6);
            }
        }
    return MW_ASTC_VALID;
}

uint32_t mw_astc_decode_image(const uint8_t *blocks, size_t blocks_size, uint32_t w, uint32_t h, uint32_t bw,
                              uint32_t bh, bool srgb, uint8_t *rgba8, size_t stride)
{
    if (bw < 4 || bw > 12 || bh < 4 || bh > 12)
        return 0;
    const uint32_t bx = (w + bw - 1) / bw, by = (h + bh - 1) / bh;
    uint32_t errors = 0;
    static const uint8_t zero[16];
    uint16_t texels[MW_ASTC_MAX_TEXELS][4];
    for (uint32_t j = 0; j < by; j++)
        for (uint32_t i = 0; i < bx; i++) {
            const size_t at = ((size_t)j * bx + i) * 16;
            const uint8_t *blk = at + 16 <= blocks_size ? blocks + at : zero; /* all-zero: a reserved mode */
            if (mw_astc_decode_block(blk, bw, bh, srgb, texels) != MW_ASTC_VALID)
                errors++;
            for (uint32_t y = 0; y < bh && j * bh + y < h; y++)
                for (uint32_t x = 0; x < bw && i * bw + x < w; x++) {
                    uint8_t *o = rgba8 + (size_t)(j * bh + y) * stride + (size_t)(i * bw + x) * 4;
                    for (uint32_t c = 0; c < 4; c++)
                        o[c] = mw_astc_to_unorm8(texels[y * bw + x][c]);
                }
        }
    return errors;
}
