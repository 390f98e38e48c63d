/* The 2D engine, class 902D (open-gpu-doc classes/twod/cl902d.h): the
 * surface-to-surface blit PIXELS_FROM_MEMORY_SRC_Y0_INT triggers.
 *
 * Formats: the packed ones list their first component in the most
 * significant bits (A8R8G8B8: B in bits 7:0), the underscored ones (R16_G16)
 * in memory order, R first; a suffix N is signed normalized, F float,
 * none unsigned normalized — the naming the class headers share (clb197.h
 * lists RS and RU formats for signed/unsigned integers beside them). Y8 and Y16 are
 * the 3D class's R8 and R16 (same codes, 0xF3 and 0xEE) and read as
 * (Y, 0, 0, 1); X components read as 1 and are written as all ones.
 *
 * Sampling model (glhle's; the class header gives the fields, not the
 * arithmetic): destination pixel (x, y) of DST_X0/Y0 + DST_WIDTH x
 * DST_HEIGHT samples the source at u = SRC_X0 + (x - DST_X0 + h) * DU_DX,
 * v likewise, all 32.32 fixed point, where h = 1/2 for
 * SAMPLE_MODE_ORIGIN_CENTER and 0 for CORNER; texel i covers [i, i + 1).
 * Point filtering takes texel floor(u); bilinear blends the four texels
 * around (u - 1/2, v - 1/2). Texels outside the source clamp to its edge.
 * A point blit between equal formats copies the texel's bytes unchanged;
 * everything else goes through float RGBA (unorm/snorm rounded to
 * nearest). Writes stay inside the destination surface and, with
 * CLIP_ENABLE, inside CLIP_X0/Y0 + WIDTH x HEIGHT. */
#include <math.h>
#include <string.h>

#include "backend/maxwell/engines/surface_io.h"
#include "backend/maxwell/engines/twod_regs.h"

#define R(m) regs[(m) / 4]

#define OPERATION_SRCCOPY 3u
#define MAX_SIDE 32768u        /* blits and surfaces up to this many pixels a side */
#define MAX_STEP_INT (1 << 15) /* |DU_DX|, |DV_DY| below this many texels per pixel */
#define MAX_SRC0_INT (1 << 30)

typedef enum { T_UNORM, T_SNORM, T_FLOAT } ch_type;
typedef struct channel {
    uint8_t comp; /* 0 R, 1 G, 2 B, 3 A, 4 X (padding) */
    uint8_t offset, bits;
} channel;
typedef struct format_info {
    uint32_t code, bytes;
    ch_type type;
    uint32_t count;
    channel ch[4];
} format_info;

enum { CR, CG, CB, CA, CX };
static const format_info formats[] = {
    {0xCF, 4, T_UNORM, 4, {{CB, 0, 8}, {CG, 8, 8}, {CR, 16, 8}, {CA, 24, 8}}},   /* A8R8G8B8 */
    {0xD5, 4, T_UNORM, 4, {{CR, 0, 8}, {CG, 8, 8}, {CB, 16, 8}, {CA, 24, 8}}},   /* A8B8G8R8 */
    {0xE6, 4, T_UNORM, 4, {{CB, 0, 8}, {CG, 8, 8}, {CR, 16, 8}, {CX, 24, 8}}},   /* X8R8G8B8 */
    {0xF9, 4, T_UNORM, 4, {{CR, 0, 8}, {CG, 8, 8}, {CB, 16, 8}, {CX, 24, 8}}},   /* X8B8G8R8 */
    {0xD7, 4, T_SNORM, 4, {{CR, 0, 8}, {CG, 8, 8}, {CB, 16, 8}, {CA, 24, 8}}},   /* AN8BN8GN8RN8 */
    {0xD1, 4, T_UNORM, 4, {{CR, 0, 10}, {CG, 10, 10}, {CB, 20, 10}, {CA, 30, 2}}}, /* A2B10G10R10 */
    {0xDF, 4, T_UNORM, 4, {{CB, 0, 10}, {CG, 10, 10}, {CR, 20, 10}, {CA, 30, 2}}}, /* A2R10G10B10 */
    {0xE8, 2, T_UNORM, 3, {{CB, 0, 5}, {CG, 5, 6}, {CR, 11, 5}}},                /* R5G6B5 */
    {0xE9, 2, T_UNORM, 4, {{CB, 0, 5}, {CG, 5, 5}, {CR, 10, 5}, {CA, 15, 1}}},   /* A1R5G5B5 */
    {0xF8, 2, T_UNORM, 4, {{CB, 0, 5}, {CG, 5, 5}, {CR, 10, 5}, {CX, 15, 1}}},   /* X1R5G5B5 */
    {0xEA, 2, T_UNORM, 2, {{CR, 0, 8}, {CG, 8, 8}}},                             /* G8R8 */
    {0xEB, 2, T_SNORM, 2, {{CR, 0, 8}, {CG, 8, 8}}},                             /* GN8RN8 */
    {0xF3, 1, T_UNORM, 1, {{CR, 0, 8}}},                                         /* Y8 */
    {0xF4, 1, T_SNORM, 1, {{CR, 0, 8}}},                                         /* RN8 */
    {0xF7, 1, T_UNORM, 1, {{CA, 0, 8}}},                                         /* A8 */
    {0xEE, 2, T_UNORM, 1, {{CR, 0, 16}}},                                        /* Y16 */
    {0xEF, 2, T_SNORM, 1, {{CR, 0, 16}}},                                        /* RN16 */
    {0xDA, 4, T_UNORM, 2, {{CR, 0, 16}, {CG, 16, 16}}},                          /* R16_G16 */
    {0xDB, 4, T_SNORM, 2, {{CR, 0, 16}, {CG, 16, 16}}},                          /* RN16_GN16 */
    {0xC6, 8, T_UNORM, 4, {{CR, 0, 16}, {CG, 16, 16}, {CB, 32, 16}, {CA, 48, 16}}}, /* R16_G16_B16_A16 */
    {0xC7, 8, T_SNORM, 4, {{CR, 0, 16}, {CG, 16, 16}, {CB, 32, 16}, {CA, 48, 16}}}, /* RN16_GN16_BN16_AN16 */
    {0xCA, 8, T_FLOAT, 4, {{CR, 0, 16}, {CG, 16, 16}, {CB, 32, 16}, {CA, 48, 16}}}, /* RF16_GF16_BF16_AF16 */
    {0xCE, 8, T_FLOAT, 4, {{CR, 0, 16}, {CG, 16, 16}, {CB, 32, 16}, {CX, 48, 16}}}, /* RF16_GF16_BF16_X16 */
    {0xDE, 4, T_FLOAT, 2, {{CR, 0, 16}, {CG, 16, 16}}},                          /* RF16_GF16 */
    {0xF2, 2, T_FLOAT, 1, {{CR, 0, 16}}},                                        /* RF16 */
    {0xC0, 16, T_FLOAT, 4, {{CR, 0, 32}, {CG, 32, 32}, {CB, 64, 32}, {CA, 96, 32}}}, /* RF32_GF32_BF32_AF32 */
    {0xC3, 16, T_FLOAT, 4, {{CR, 0, 32}, {CG, 32, 32}, {CB, 64, 32}, {CX, 96, 32}}}, /* RF32_GF32_BF32_X32 */
    {0xCB, 8, T_FLOAT, 2, {{CR, 0, 32}, {CG, 32, 32}}},                          /* RF32_GF32 */
    {0xE5, 4, T_FLOAT, 1, {{CR, 0, 32}}},                                        /* RF32 */
};

static const format_info *find_format(uint32_t code)
{
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (formats[i].code == code)
            return &formats[i];
    return NULL;
}

bool mw_2d_format_supported(uint32_t format)
{
    return find_format(format) != NULL;
}

uint32_t mw_2d_format_bytes(uint32_t format)
{
    const format_info *f = find_format(format);
    return f ? f->bytes : 0;
}

bool mw_2d_format_channels(uint32_t format, uint8_t bits[4], uint32_t *type)
{
    const format_info *f = find_format(format);
    if (!f)
        return false;
    memset(bits, 0, 4);
    for (uint32_t i = 0; i < f->count; i++)
        if (f->ch[i].comp != CX)
            bits[f->ch[i].comp] = f->ch[i].bits;
    *type = f->type == T_UNORM ? 0 : f->type == T_SNORM ? 1 : 2;
    return true;
}

/* ---- conversions ---- */

static float half_to_float(uint32_t h)
{
    uint32_t s = h >> 15 & 1, e = h >> 10 & 31, m = h & 1023;
    float v;
    if (e == 0)
        v = ldexpf((float)m, -24);
    else if (e == 31)
        v = m ? NAN : INFINITY;
    else
        v = ldexpf((float)(m | 1024), (int)e - 25);
    return s ? -v : v;
}

/* IEEE binary16, round to nearest even */
static uint32_t float_to_half(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t s = (x >> 16) & 0x8000;
    uint32_t e = (x >> 23) & 0xFF, m = x & 0x7FFFFF;
    if (e == 0xFF)
        return s | 0x7C00 | (m ? 0x200 : 0);
    int32_t he = (int32_t)e - 127 + 15;
    if (he >= 31)
        return s | 0x7C00;
    if (he <= 0) {
        if (he < -10)
            return s;
        m |= 0x800000;
        uint32_t shift = (uint32_t)(14 - he);
        uint32_t hm = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
        if (rem > half || (rem == half && (hm & 1)))
            hm++;
        return s | hm;
    }
    uint32_t hm = m >> 13, rem = m & 0x1FFF;
    uint32_t out = s | (uint32_t)he << 10 | hm;
    if (rem > 0x1000 || (rem == 0x1000 && (hm & 1)))
        out++; /* a carry into the exponent is still right (up to infinity) */
    return out;
}

static uint32_t get_bits(const uint8_t *px, uint32_t off, uint32_t bits)
{
    uint64_t w = 0;
    uint32_t first = off / 8, n = (off % 8 + bits + 7) / 8;
    for (uint32_t i = 0; i < n; i++)
        w |= (uint64_t)px[first + i] << (8 * i);
    w >>= off % 8;
    return bits == 32 ? (uint32_t)w : (uint32_t)(w & ((1ull << bits) - 1));
}

static void put_bits(uint8_t *px, uint32_t off, uint32_t bits, uint32_t v)
{
    for (uint32_t b = 0; b < bits; b++) {
        uint32_t bit = off + b;
        if (v >> b & 1)
            px[bit / 8] |= (uint8_t)(1u << (bit % 8));
        else
            px[bit / 8] &= (uint8_t)~(1u << (bit % 8));
    }
}

static void decode(const format_info *f, const uint8_t *px, float out[4])
{
    out[0] = out[1] = out[2] = 0.0f;
    out[3] = 1.0f;
    for (uint32_t i = 0; i < f->count; i++) {
        const channel *c = &f->ch[i];
        if (c->comp == CX)
            continue;
        uint32_t raw = get_bits(px, c->offset, c->bits);
        float v;
        if (f->type == T_FLOAT) {
            if (c->bits == 32)
                memcpy(&v, &raw, 4);
            else
                v = half_to_float(raw);
        } else if (f->type == T_UNORM) {
            v = (float)((double)raw / (double)((1ull << c->bits) - 1));
        } else {
            int64_t sv = raw & (1u << (c->bits - 1)) ? (int64_t)raw - (int64_t)(1ull << c->bits) : (int64_t)raw;
            double d = (double)sv / (double)((1ull << (c->bits - 1)) - 1);
            v = (float)(d < -1.0 ? -1.0 : d);
        }
        out[c->comp] = v;
    }
}

static void encode(const format_info *f, const float in[4], uint8_t *px)
{
    for (uint32_t i = 0; i < f->count; i++) {
        const channel *c = &f->ch[i];
        uint32_t raw;
        if (c->comp == CX) {
            raw = c->bits == 32 ? 0xFFFFFFFFu : (1u << c->bits) - 1;
        } else if (f->type == T_FLOAT) {
            float v = in[c->comp];
            if (c->bits == 32)
                memcpy(&raw, &v, 4);
            else
                raw = float_to_half(v);
        } else {
            float v = in[c->comp];
            if (v != v)
                v = 0.0f; /* NaN -> 0 */
            if (f->type == T_UNORM) {
                double max = (double)((1ull << c->bits) - 1);
                double d = v < 0.0f ? 0.0 : v > 1.0f ? 1.0 : (double)v;
                raw = (uint32_t)floor(d * max + 0.5);
            } else {
                double max = (double)((1ull << (c->bits - 1)) - 1);
                double d = v < -1.0f ? -1.0 : v > 1.0f ? 1.0 : (double)v;
                int64_t sv = (int64_t)floor(d * max + 0.5);
                raw = (uint32_t)((uint64_t)sv & ((1ull << c->bits) - 1));
            }
        }
        put_bits(px, c->offset, c->bits, raw);
    }
}

/* ---- the blit ---- */

typedef struct side {
    const format_info *fmt;
    mw_surface s;
    uint32_t width, height;
    mw_span span;
    uint64_t lo;
} side;

static glhle_result side_init(side *sd, const uint32_t *regs, bool src, const mw_mem_io *io)
{
    const char *what = src ? "2D source" : "2D destination";
    memset(sd, 0, sizeof *sd);
    uint32_t base = src ? SRC_FORMAT : DST_FORMAT;
    uint32_t code = R(base) & 0xFF;
    sd->fmt = find_format(code);
    uint32_t layout = src ? R(SRC_MEMORY_LAYOUT) : R(DST_FORMAT + 4);
    uint32_t block = src ? R(SRC_BLOCK_SIZE) : R(DST_FORMAT + 8);
    uint32_t depth = src ? R(SRC_DEPTH) : R(DST_FORMAT + 0xC);
    uint32_t layer = src ? 0 : R(DST_FORMAT + 0x10);
    int32_t pitch = (int32_t)(src ? R(SRC_PITCH) : R(DST_FORMAT + 0x14));
    sd->width = src ? R(SRC_WIDTH) : R(DST_FORMAT + 0x18);
    sd->height = src ? R(SRC_HEIGHT) : R(DST_FORMAT + 0x1C);
    uint32_t up = src ? R(SRC_OFFSET_UPPER) : R(DST_FORMAT + 0x20);
    uint32_t low = src ? R(SRC_OFFSET_LOWER) : R(DST_FORMAT + 0x24);
    sd->s.va = (uint64_t)(up & 0xFF) << 32 | low;
    if (!sd->fmt)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_UNSUPPORTED, "maxwell: %s at 0x%010llx: format 0x%02x is not one this engine converts",
                          what, (unsigned long long)sd->s.va, code);
    if (!sd->width || !sd->height || sd->width > MAX_SIDE || sd->height > MAX_SIDE)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_BAD_DATA, "maxwell: %s at 0x%010llx is %ux%u (1-%u a side)", what,
                          (unsigned long long)sd->s.va, sd->width, sd->height, MAX_SIDE);
    sd->s.block_linear = !(layout & 1);
    if (sd->s.block_linear) {
        uint32_t bh, bd;
        glhle_result r = mw_block_size_decode(block & 0x770, &bh, &bd, what, io);
        if (r != GLHLE_RESULT_OK)
            return r;
        if (!depth)
            depth = 1; /* cl902d.h default; yuzu notes drivers leave it unset too */
        if (layer >= depth)
            return GLHLE_FAIL(io->log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: %s at 0x%010llx: layer %u of depth %u",
                              what, (unsigned long long)sd->s.va, layer, depth);
        r = mw_bl_geom_init(&sd->s.geom, sd->width * sd->fmt->bytes, sd->height, depth, bh, bd, io->log);
        if (r != GLHLE_RESULT_OK)
            return r;
        sd->s.layer = layer;
    } else {
        sd->s.pitch = pitch;
        if ((int64_t)sd->width * sd->fmt->bytes > (pitch < 0 ? -(int64_t)pitch : pitch))
            return GLHLE_FAIL(io->log, GLHLE_RESULT_BAD_DATA,
                              "maxwell: %s at 0x%010llx: pitch %d is below %u pixels of %u bytes", what,
                              (unsigned long long)sd->s.va, pitch, sd->width, sd->fmt->bytes);
    }
    return GLHLE_RESULT_OK;
}

static inline uint8_t *pixel(const side *sd, uint32_t x, uint32_t y)
{
    int64_t off = mw_surface_offset(&sd->s, x * sd->fmt->bytes, y);
    return sd->span.buf + (size_t)((int64_t)sd->s.va + off - (int64_t)sd->lo);
}

static int64_t fixed(uint32_t i, uint32_t frac)
{
    return (int64_t)((uint64_t)(int64_t)(int32_t)i << 32 | frac);
}

static uint32_t clamp_texel(int64_t t, uint32_t size)
{
    return t < 0 ? 0 : t >= (int64_t)size ? size - 1 : (uint32_t)t;
}

/* floor of a 32.32 value, as an integer */
static int64_t ffloor(int64_t v)
{
    return v >> 32; /* arithmetic shift: floor for negatives too on every compiler glhle supports */
}

glhle_result mw_2d_blit(const uint32_t *regs, const mw_mem_io *io)
{
    if (R(OPERATION) != OPERATION_SRCCOPY)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_UNSUPPORTED, "maxwell: 2D blit with OPERATION %u; only SRCCOPY (3) is implemented",
                          R(OPERATION));
    side src, dst;
    glhle_result r = side_init(&src, regs, true, io);
    if (r == GLHLE_RESULT_OK)
        r = side_init(&dst, regs, false, io);
    if (r != GLHLE_RESULT_OK)
        return r;
    uint32_t w = R(DST_WIDTH), h = R(DST_HEIGHT);
    int64_t du = fixed(R(DU_DX_INT), R(DU_DX_FRAC)), dv = fixed(R(DV_DY_INT), R(DV_DY_FRAC));
    int64_t u0 = fixed(R(SRC_X0_INT), R(SRC_X0_FRAC)), v0 = fixed(R(SRC_Y0_INT), R(SRC_Y0_FRAC));
    if (w > MAX_SIDE || h > MAX_SIDE || du <= -((int64_t)MAX_STEP_INT << 32) || du >= (int64_t)MAX_STEP_INT << 32 ||
        dv <= -((int64_t)MAX_STEP_INT << 32) || dv >= (int64_t)MAX_STEP_INT << 32 ||
        u0 <= -((int64_t)MAX_SRC0_INT << 32) || u0 >= (int64_t)MAX_SRC0_INT << 32 ||
        v0 <= -((int64_t)MAX_SRC0_INT << 32) || v0 >= (int64_t)MAX_SRC0_INT << 32)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_BAD_DATA,
                          "maxwell: 2D blit to 0x%010llx: %ux%u pixels, steps 0x%llx/0x%llx, source origin "
                          "0x%llx/0x%llx are out of range",
                          (unsigned long long)dst.s.va, w, h, (unsigned long long)du, (unsigned long long)dv,
                          (unsigned long long)u0, (unsigned long long)v0);
    /* the destination rectangle, clipped to the surface and the clip rectangle */
    int64_t x0 = (int32_t)R(DST_X0), y0 = (int32_t)R(DST_Y0);
    int64_t cx0 = x0 > 0 ? x0 : 0, cy0 = y0 > 0 ? y0 : 0;
    int64_t cx1 = x0 + w < dst.width ? x0 + w : dst.width, cy1 = y0 + h < dst.height ? y0 + h : dst.height;
    if (R(CLIP_ENABLE) & 1) {
        int64_t kx0 = R(CLIP_X0), ky0 = R(CLIP_Y0);
        int64_t kx1 = kx0 + R(CLIP_WIDTH), ky1 = ky0 + R(CLIP_HEIGHT);
        cx0 = cx0 > kx0 ? cx0 : kx0;
        cy0 = cy0 > ky0 ? cy0 : ky0;
        cx1 = cx1 < kx1 ? cx1 : kx1;
        cy1 = cy1 < ky1 ? cy1 : ky1;
    }
    if (cx0 >= cx1 || cy0 >= cy1)
        return GLHLE_RESULT_OK;
    bool bilinear = R(SAMPLE_MODE) >> 4 & 1, center = !(R(SAMPLE_MODE) & 1);
    /* the sample point of pixel offset d: o + (d + h) * step, each term
     * below 2^62 by the limits above */
#define SAMPLE(o, d, step) ((o) + (d) * (step) + (center ? (step) >> 1 : 0))
    /* source texels the clipped rectangle reads: the extremes are at its
     * corners (the sample point is linear in the pixel) */
    int64_t us[2] = {SAMPLE(u0, cx0 - x0, du), SAMPLE(u0, cx1 - 1 - x0, du)};
    int64_t vs[2] = {SAMPLE(v0, cy0 - y0, dv), SAMPLE(v0, cy1 - 1 - y0, dv)};
    int64_t umin = us[0] < us[1] ? us[0] : us[1], umax = us[0] < us[1] ? us[1] : us[0];
    int64_t vmin = vs[0] < vs[1] ? vs[0] : vs[1], vmax = vs[0] < vs[1] ? vs[1] : vs[0];
    int64_t hb = bilinear ? (int64_t)1 << 31 : 0;
    uint32_t tx0 = clamp_texel(ffloor(umin - hb), src.width), tx1 = clamp_texel(ffloor(umax - hb) + (bilinear ? 1 : 0), src.width);
    uint32_t ty0 = clamp_texel(ffloor(vmin - hb), src.height), ty1 = clamp_texel(ffloor(vmax - hb) + (bilinear ? 1 : 0), src.height);
    uint64_t slo, shi, dlo, dhi;
    r = mw_surface_range(&src.s, tx0 * src.fmt->bytes, ty0, (tx1 - tx0 + 1) * src.fmt->bytes, ty1 - ty0 + 1,
                         "2D source", io, &slo, &shi);
    if (r == GLHLE_RESULT_OK)
        r = mw_surface_range(&dst.s, (uint32_t)cx0 * dst.fmt->bytes, (uint32_t)cy0,
                             (uint32_t)(cx1 - cx0) * dst.fmt->bytes, (uint32_t)(cy1 - cy0), "2D destination", io, &dlo,
                             &dhi);
    if (r == GLHLE_RESULT_OK)
        r = mw_surface_check_kind(src.s.block_linear, slo, shi, "2D source", io);
    if (r == GLHLE_RESULT_OK)
        r = mw_surface_check_kind(dst.s.block_linear, dlo, dhi, "2D destination", io);
    if (r != GLHLE_RESULT_OK)
        return r;
    if (mw_ranges_overlap(slo, shi, dlo, dhi))
        return GLHLE_FAIL(io->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: 2D blit source 0x%010llx-0x%010llx and destination 0x%010llx-0x%010llx overlap",
                          (unsigned long long)slo, (unsigned long long)shi, (unsigned long long)dlo,
                          (unsigned long long)dhi);
    src.lo = slo;
    dst.lo = dlo;
    r = mw_span_read(&dst.span, dlo, dhi, "2D destination", io);
    if (r == GLHLE_RESULT_OK)
        r = mw_span_read(&src.span, slo, shi, "2D source", io);
    if (r == GLHLE_RESULT_OK) {
        bool raw = !bilinear && src.fmt == dst.fmt;
        for (int64_t y = cy0; y < cy1; y++) {
            int64_t v = SAMPLE(v0, y - y0, dv);
            for (int64_t x = cx0; x < cx1; x++) {
                int64_t u = SAMPLE(u0, x - x0, du);
                uint8_t *out = pixel(&dst, (uint32_t)x, (uint32_t)y);
                if (!bilinear) {
                    const uint8_t *in = pixel(&src, clamp_texel(ffloor(u), src.width), clamp_texel(ffloor(v), src.height));
                    if (raw) {
                        memcpy(out, in, src.fmt->bytes);
                    } else {
                        float c[4];
                        decode(src.fmt, in, c);
                        encode(dst.fmt, c, out);
                    }
                    continue;
                }
                int64_t tu = u - hb, tv = v - hb;
                int64_t iu = ffloor(tu), iv = ffloor(tv);
                float fu = (float)((double)(uint32_t)tu / 4294967296.0), fv = (float)((double)(uint32_t)tv / 4294967296.0);
                float t[4][4];
                decode(src.fmt, pixel(&src, clamp_texel(iu, src.width), clamp_texel(iv, src.height)), t[0]);
                decode(src.fmt, pixel(&src, clamp_texel(iu + 1, src.width), clamp_texel(iv, src.height)), t[1]);
                decode(src.fmt, pixel(&src, clamp_texel(iu, src.width), clamp_texel(iv + 1, src.height)), t[2]);
                decode(src.fmt, pixel(&src, clamp_texel(iu + 1, src.width), clamp_texel(iv + 1, src.height)), t[3]);
                float c[4];
                for (int k = 0; k < 4; k++) {
                    float top = t[0][k] + (t[1][k] - t[0][k]) * fu, bottom = t[2][k] + (t[3][k] - t[2][k]) * fu;
                    c[k] = top + (bottom - top) * fv;
                }
                encode(dst.fmt, c, out);
            }
        }
#undef SAMPLE
        r = mw_span_write(&dst.span, "2D destination", io);
    }
    mw_span_free(&src.span);
    mw_span_free(&dst.span);
    return r;
}
