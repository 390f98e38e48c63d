/* Stage texture/: PICA texture and render-target formats -- tiled codecs,
 * ETC1, t3x and SMDH files. Owns the pixel formats and their decoders.
 * May call: frontend/ (format enums in pica_state.h) and backend/common. */
/* PICA200 texture / render-target codecs: layouts, the scalar reference and
 * the table-driven fast paths. Facts and sources: docs/pica-textures.md. */
#include "backend/pica/texture/texcodec.h"

#include <pthread.h>
#include <string.h>
#include <strings.h>

#include "backend/pica/texture/etc1.h"
#include "backend/pica/frontend/pica_state.h"
#include "backend/pica/texture/texcodec_avx2.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the texture codecs pack RGBA8 texels as little-endian words"
#endif

/* ---- formats ------------------------------------------------------------- */

static const pica_texfmt_info format_info[PICA_TEXFMT_COUNT] = {
    [PICA_TEXFMT_RGBA8] = {"rgba8", 32, false, false, true},
    [PICA_TEXFMT_RGB8] = {"rgb8", 24, false, false, true},
    [PICA_TEXFMT_RGB5A1] = {"rgb5a1", 16, false, false, true},
    [PICA_TEXFMT_RGB565] = {"rgb565", 16, false, false, true},
    [PICA_TEXFMT_RGBA4] = {"rgba4", 16, false, false, true},
    [PICA_TEXFMT_IA8] = {"ia8", 16, false, false, false},
    [PICA_TEXFMT_HILO8] = {"hilo8", 16, false, false, false},
    [PICA_TEXFMT_I8] = {"i8", 8, false, false, false},
    [PICA_TEXFMT_A8] = {"a8", 8, false, false, false},
    [PICA_TEXFMT_IA4] = {"ia4", 8, false, false, false},
    [PICA_TEXFMT_I4] = {"i4", 4, false, false, false},
    [PICA_TEXFMT_A4] = {"a4", 4, false, false, false},
    [PICA_TEXFMT_ETC1] = {"etc1", 4, true, false, false},
    [PICA_TEXFMT_ETC1A4] = {"etc1a4", 8, true, false, false},
    [PICA_TEXFMT_D16] = {"d16", 16, false, true, false},
    [PICA_TEXFMT_D24] = {"d24", 24, false, true, false},
    [PICA_TEXFMT_D24S8] = {"d24s8", 32, false, true, false},
};

/* The decoded texture state keeps TEXUNITi_TYPE as the register value
 * (pica_state.h, pica_tex_format); so do these codecs, so a unit's format
 * converts by a cast. */
_Static_assert((int)PICA_TEX_RGBA8 == (int)PICA_TEXFMT_RGBA8 && (int)PICA_TEX_RGB565 == (int)PICA_TEXFMT_RGB565 &&
                   (int)PICA_TEX_HILO8 == (int)PICA_TEXFMT_HILO8 && (int)PICA_TEX_A4 == (int)PICA_TEXFMT_A4 &&
                   (int)PICA_TEX_ETC1 == (int)PICA_TEXFMT_ETC1 && (int)PICA_TEX_ETC1A4 == (int)PICA_TEXFMT_ETC1A4,
               "pica_tex_format and pica_texfmt must keep the register numbering");

const pica_texfmt_info *pica_texfmt_get_info(pica_texfmt fmt)
{
    return (unsigned)fmt < PICA_TEXFMT_COUNT ? &format_info[fmt] : NULL;
}

pica_texfmt pica_texfmt_from_name(const char *name)
{
    /* register names first, then the spellings of 3dbrew's TEXUNITi_TYPE
     * table and of tex3ds's -f option (source/tex3ds.cpp) */
    static const struct {
        const char *name;
        pica_texfmt fmt;
    } aliases[] = {
        {"rgba8888", PICA_TEXFMT_RGBA8}, {"rgba", PICA_TEXFMT_RGBA8},    {"rgb888", PICA_TEXFMT_RGB8},
        {"rgb", PICA_TEXFMT_RGB8},       {"rgba5551", PICA_TEXFMT_RGB5A1}, {"rgba4444", PICA_TEXFMT_RGBA4},
        {"la8", PICA_TEXFMT_IA8},        {"la88", PICA_TEXFMT_IA8},      {"la", PICA_TEXFMT_IA8},
        {"hilo88", PICA_TEXFMT_HILO8},   {"hilo", PICA_TEXFMT_HILO8},    {"rg8", PICA_TEXFMT_HILO8},
        {"l8", PICA_TEXFMT_I8},          {"l", PICA_TEXFMT_I8},          {"a", PICA_TEXFMT_A8},
        {"ia44", PICA_TEXFMT_IA4},       {"la4", PICA_TEXFMT_IA4},       {"la44", PICA_TEXFMT_IA4},
        {"l4", PICA_TEXFMT_I4},          {"d24x8", PICA_TEXFMT_D24},
    };
    if (!name)
        return PICA_TEXFMT_COUNT;
    for (unsigned f = 0; f < PICA_TEXFMT_COUNT; f++)
        if (!strcasecmp(name, format_info[f].name))
            return (pica_texfmt)f;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (!strcasecmp(name, aliases[i].name))
            return aliases[i].fmt;
    return PICA_TEXFMT_COUNT;
}

pica_texfmt pica_texfmt_from_colorbuffer(uint32_t value)
{
    return value <= 4 ? (pica_texfmt)value : PICA_TEXFMT_COUNT;
}

pica_texfmt pica_texfmt_from_depthbuffer(uint32_t value)
{
    switch (value) {
    case 0: return PICA_TEXFMT_D16;
    case 2: return PICA_TEXFMT_D24;
    case 3: return PICA_TEXFMT_D24S8;
    default: return PICA_TEXFMT_COUNT;
    }
}

pica_texfmt pica_texfmt_from_transfer(uint32_t value)
{
    static const pica_texfmt map[5] = {PICA_TEXFMT_RGBA8, PICA_TEXFMT_RGB8, PICA_TEXFMT_RGB565, PICA_TEXFMT_RGB5A1,
                                       PICA_TEXFMT_RGBA4};
    return value < 5 ? map[value] : PICA_TEXFMT_COUNT;
}

/* ---- layout -------------------------------------------------------------- */

/* Offset of texel (x, y) inside an 8x8 tile, in texels: the bits of x and y
 * interleaved, x in the even bits (3dbrew GPU/Textures; Azahar
 * video_core/utils.h MortonInterleave uses the same two tables). */
static const uint8_t morton_x[8] = {0, 1, 4, 5, 16, 17, 20, 21};
static const uint8_t morton_y[8] = {0, 2, 8, 10, 32, 34, 40, 42};

static inline unsigned morton(unsigned x, unsigned y)
{
    return morton_x[x & 7] + morton_y[y & 7];
}

static inline unsigned bits_of(pica_texfmt f)
{
    return format_info[f].bits_per_texel;
}

/* Texel rows per stride unit. */
static unsigned rows_per_group(const pica_surface *s)
{
    switch (s->layout) {
    case PICA_LAYOUT_TILED8: return 8;
    case PICA_LAYOUT_TILED32: return 32;
    default: return format_info[s->format].compressed ? 4 : 1;
    }
}

static size_t packed_stride(const pica_surface *s)
{
    return (size_t)rows_per_group(s) * s->width * bits_of(s->format) / 8;
}

static size_t stride_of(const pica_surface *s)
{
    return s->stride ? s->stride : packed_stride(s);
}

glhle_result pica_surface_check(const pica_surface *s, const glhle_logger *lg)
{
    if (!s)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT, "texcodec: no surface description");
    if ((unsigned)s->format >= PICA_TEXFMT_COUNT)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT, "texcodec: unknown format %u; nothing converted",
                          (unsigned)s->format);
    if ((unsigned)s->layout >= PICA_LAYOUT_COUNT)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT, "texcodec: unknown layout %u; nothing converted",
                          (unsigned)s->layout);
    const char *name = format_info[s->format].name;
    if (s->width == 0 || s->height == 0 || s->width > PICA_MAX_SIDE || s->height > PICA_MAX_SIDE)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "texcodec: %s surface of %ux%u texels is outside 1..%u per side; nothing converted", name,
                          s->width, s->height, PICA_MAX_SIDE);
    unsigned align_x = 1, align_y = 1;
    if (s->layout == PICA_LAYOUT_TILED8)
        align_x = align_y = 8;
    else if (s->layout == PICA_LAYOUT_TILED32)
        align_x = align_y = 32;
    else if (format_info[s->format].compressed)
        align_x = align_y = 4;
    else if (bits_of(s->format) == 4)
        align_x = 2;
    if (s->width % align_x || s->height % align_y)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "texcodec: %s %s surface of %ux%u texels: width must be a multiple of %u and height of "
                          "%u; nothing converted",
                          name, s->layout == PICA_LAYOUT_LINEAR ? "linear" : "tiled", s->width, s->height, align_x,
                          align_y);
    if (s->stride && s->stride < packed_stride(s))
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "texcodec: stride %u is below the %zu bytes a row group of a %u-wide %s surface needs",
                          s->stride, packed_stride(s), s->width, name);
    return GLHLE_RESULT_OK;
}

size_t pica_surface_size(const pica_surface *s)
{
    if (pica_surface_check(s, &(glhle_logger){.min_level = GLHLE_LOG_ERROR + 1}) != GLHLE_RESULT_OK)
        return 0;
    size_t groups = s->height / rows_per_group(s);
    return stride_of(s) * (groups - 1) + packed_stride(s);
}

static size_t tile_bytes(pica_texfmt f)
{
    return 64u * bits_of(f) / 8;
}

/* Byte offset of the 8x8 tile holding texels (tx*8.., ty*8..). In the 32x32
 * block mode the 16 tiles of a block are in Z order like the texels of a tile
 * (the layout the block mode's name implies; see docs/pica-textures.md for
 * what is and is not verified). */
static size_t tile_offset(const pica_surface *s, size_t stride, unsigned tx, unsigned ty)
{
    size_t tb = tile_bytes(s->format);
    if (s->layout == PICA_LAYOUT_TILED32)
        return (size_t)(ty / 4) * stride + ((size_t)(tx / 4) * 16 + morton(tx & 3, ty & 3)) * tb;
    return (size_t)ty * stride + (size_t)tx * tb;
}

static size_t block_bytes(pica_texfmt f)
{
    return f == PICA_TEXFMT_ETC1A4 ? 16 : 8;
}

size_t pica_texel_offset(const pica_surface *s, uint32_t x, uint32_t y, unsigned *nibble)
{
    size_t stride = stride_of(s);
    unsigned bits = bits_of(s->format);
    if (nibble)
        *nibble = 0;
    if (s->layout == PICA_LAYOUT_LINEAR) {
        if (format_info[s->format].compressed)
            return (size_t)(y / 4) * stride + (size_t)(x / 4) * block_bytes(s->format);
        if (nibble && bits == 4)
            *nibble = x & 1;
        return (size_t)y * stride + (size_t)x * bits / 8;
    }
    size_t tile = tile_offset(s, stride, x / 8, y / 8);
    if (format_info[s->format].compressed) /* four 4x4 blocks per tile, row-major */
        return tile + (((y & 7) / 4) * 2 + (x & 7) / 4) * block_bytes(s->format);
    unsigned m = morton(x, y);
    if (nibble && bits == 4)
        *nibble = m & 1;
    return tile + (size_t)m * bits / 8;
}

glhle_result pica_mip_level(pica_texfmt fmt, uint32_t width, uint32_t height, uint32_t level, pica_surface *out,
                            size_t *offset, const glhle_logger *lg)
{
    pica_surface s = {.format = fmt, .layout = PICA_LAYOUT_TILED8, .width = width, .height = height};
    glhle_result r = pica_surface_check(&s, lg);
    if (r != GLHLE_RESULT_OK)
        return r;
    size_t off = 0;
    for (uint32_t l = 0; l < level; l++) {
        if (s.width / 2 < PICA_MIN_LEVEL_SIDE || s.height / 2 < PICA_MIN_LEVEL_SIDE)
            return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                              "texcodec: mip level %u of a %ux%u texture would be smaller than 8x8", level, width,
                              height);
        off += pica_surface_size(&s);
        s.width /= 2;
        s.height /= 2;
    }
    if (out)
        *out = s;
    if (offset)
        *offset = off;
    return GLHLE_RESULT_OK;
}

size_t pica_mip_chain_size(pica_texfmt fmt, uint32_t width, uint32_t height, uint32_t levels)
{
    static const glhle_logger quiet = {.min_level = GLHLE_LOG_ERROR + 1};
    pica_surface last;
    size_t off;
    if (levels == 0 || pica_mip_level(fmt, width, height, levels - 1, &last, &off, &quiet) != GLHLE_RESULT_OK)
        return 0;
    return off + pica_surface_size(&last);
}

/* ---- texel conversion (the reference definitions) -------------------------- */

static inline uint32_t expand4(uint32_t v)
{
    return v << 4 | v;
}
static inline uint32_t expand5(uint32_t v)
{
    return v << 3 | v >> 2;
}
static inline uint32_t expand6(uint32_t v)
{
    return v << 2 | v >> 4;
}
static inline uint32_t rgba(uint32_t r, uint32_t g, uint32_t b, uint32_t a)
{
    return r | g << 8 | b << 16 | a << 24;
}

/* Guest texel at p (nibble selects the half of a 4-bit byte) -> host word.
 * Byte orders: 3dbrew GPU/Internal_Registers COLORBUFFER_FORMAT ("components
 * in reverse byte order, most significant bits first"), Azahar
 * common/color.h (Decode*), tex3ds encode.cpp (writes each format). */
static uint32_t texel_to_host(pica_texfmt f, const uint8_t *p, unsigned nibble)
{
    /* read only the texel's own bytes: 8- and 4-bit texels may end the buffer */
#define v16 ((uint32_t)p[0] | (uint32_t)p[1] << 8)
    switch (f) {
    case PICA_TEXFMT_RGBA8: return rgba(p[3], p[2], p[1], p[0]);
    case PICA_TEXFMT_RGB8: return rgba(p[2], p[1], p[0], 255);
    case PICA_TEXFMT_RGB5A1:
        return rgba(expand5(v16 >> 11), expand5((v16 >> 6) & 31), expand5((v16 >> 1) & 31), (v16 & 1) * 255);
    case PICA_TEXFMT_RGB565: return rgba(expand5(v16 >> 11), expand6((v16 >> 5) & 63), expand5(v16 & 31), 255);
    case PICA_TEXFMT_RGBA4:
        return rgba(expand4(v16 >> 12), expand4((v16 >> 8) & 15), expand4((v16 >> 4) & 15), expand4(v16 & 15));
    case PICA_TEXFMT_IA8: return rgba(p[1], p[1], p[1], p[0]);
    case PICA_TEXFMT_HILO8: return rgba(p[1], p[0], 0, 255);
    case PICA_TEXFMT_I8: return rgba(p[0], p[0], p[0], 255);
    case PICA_TEXFMT_A8: return rgba(0, 0, 0, p[0]);
    case PICA_TEXFMT_IA4: {
        uint32_t i = expand4(p[0] >> 4);
        return rgba(i, i, i, expand4(p[0] & 15));
    }
    case PICA_TEXFMT_I4: {
        uint32_t i = expand4(nibble ? p[0] >> 4 : p[0] & 15u);
        return rgba(i, i, i, 255);
    }
    case PICA_TEXFMT_A4: return rgba(0, 0, 0, expand4(nibble ? p[0] >> 4 : p[0] & 15u));
    case PICA_TEXFMT_D16: return (v16 << 8 | v16 >> 8) << 8;
    case PICA_TEXFMT_D24: return (v16 | (uint32_t)p[2] << 16) << 8;
    case PICA_TEXFMT_D24S8: return (v16 | (uint32_t)p[2] << 16) << 8 | p[3];
    default: return 0; /* ETC1 formats go through blocks */
    }
#undef v16
}

static inline uint32_t intensity(uint32_t h)
{
    return ((h & 0xFF) + (h >> 8 & 0xFF) + (h >> 16 & 0xFF)) / 3;
}

/* Host word -> guest texel at p. 4-bit formats replace only their nibble. */
static inline void texel_from_host(pica_texfmt f, uint32_t h, uint8_t *p, unsigned nibble)
{
    uint32_t r = h & 0xFF, g = h >> 8 & 0xFF, b = h >> 16 & 0xFF, a = h >> 24;
    uint32_t v;
    switch (f) {
    case PICA_TEXFMT_RGBA8:
        p[0] = (uint8_t)a, p[1] = (uint8_t)b, p[2] = (uint8_t)g, p[3] = (uint8_t)r;
        return;
    case PICA_TEXFMT_RGB8:
        p[0] = (uint8_t)b, p[1] = (uint8_t)g, p[2] = (uint8_t)r;
        return;
    case PICA_TEXFMT_RGB5A1: v = (r >> 3) << 11 | (g >> 3) << 6 | (b >> 3) << 1 | a >> 7; break;
    case PICA_TEXFMT_RGB565: v = (r >> 3) << 11 | (g >> 2) << 5 | b >> 3; break;
    case PICA_TEXFMT_RGBA4: v = (r >> 4) << 12 | (g >> 4) << 8 | (b >> 4) << 4 | a >> 4; break;
    case PICA_TEXFMT_IA8: v = intensity(h) << 8 | a; break;
    case PICA_TEXFMT_HILO8: v = r << 8 | g; break;
    case PICA_TEXFMT_I8: p[0] = (uint8_t)intensity(h); return;
    case PICA_TEXFMT_A8: p[0] = (uint8_t)a; return;
    case PICA_TEXFMT_IA4: p[0] = (uint8_t)((intensity(h) >> 4) << 4 | a >> 4); return;
    case PICA_TEXFMT_I4:
    case PICA_TEXFMT_A4: {
        uint32_t n = (f == PICA_TEXFMT_I4 ? intensity(h) : a) >> 4;
        p[0] = (uint8_t)(nibble ? (p[0] & 0x0F) | n << 4 : (p[0] & 0xF0) | n);
        return;
    }
    case PICA_TEXFMT_D16: v = h >> 16; break;
    case PICA_TEXFMT_D24: {
        uint32_t d = h >> 8;
        p[0] = (uint8_t)d, p[1] = (uint8_t)(d >> 8), p[2] = (uint8_t)(d >> 16);
        return;
    }
    case PICA_TEXFMT_D24S8: {
        uint32_t d = h >> 8;
        p[0] = (uint8_t)d, p[1] = (uint8_t)(d >> 8), p[2] = (uint8_t)(d >> 16), p[3] = (uint8_t)h;
        return;
    }
    default: return;
    }
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static inline uint64_t load_le64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static inline void store_le64(uint8_t *p, uint64_t v)
{
    memcpy(p, &v, 8);
}

/* One ETC1 texel straight from the per-texel description of the Khronos
 * OES_compressed_ETC1_RGB8_texture specification: the independent
 * reference for the palette decoder in etc1.c. */
static uint32_t etc1_texel_reference(uint64_t block, uint64_t alpha, unsigned x, unsigned y)
{
    static const int mods[8][2] = {{2, 8}, {5, 17}, {9, 29}, {13, 42}, {18, 60}, {24, 80}, {33, 106}, {47, 183}};
    bool diff = (block >> 33) & 1, flip = (block >> 32) & 1;
    unsigned second = flip ? y >= 2 : x >= 2;
    unsigned table = (unsigned)(block >> (second ? 34 : 37)) & 7;
    unsigned i = x * 4 + y;
    unsigned lsb = (unsigned)(block >> i) & 1, msb = (unsigned)(block >> (16 + i)) & 1;
    int m = mods[table][lsb];
    if (msb)
        m = -m;
    uint32_t out = 0;
    for (unsigned c = 0; c < 3; c++) {
        unsigned top = 63 - 8 * c; /* R at 63.., G at 55.., B at 47.. */
        int base;
        if (diff) {
            int b5 = (int)((block >> (top - 4)) & 31);
            int d = (int)((block >> (top - 7)) & 7);
            if (d >= 4)
                d -= 8;
            base = (int)expand5((uint32_t)(second ? (b5 + d) & 31 : b5));
        } else {
            base = (int)expand4((uint32_t)(block >> (second ? top - 7 : top - 3)) & 15);
        }
        int v = base + m;
        v = v < 0 ? 0 : v > 255 ? 255 : v;
        out |= (uint32_t)v << (8 * c);
    }
    return out | expand4((uint32_t)(alpha >> (4 * i)) & 15) << 24;
}

/* ---- argument checks shared by decode and encode ---------------------------- */

static glhle_result check_call(const char *what, const pica_surface *s, size_t buf_size, const pica_rect *rect,
                               pica_rect *r_out, const void *host, size_t host_stride, const glhle_logger *lg)
{
    glhle_result res = pica_surface_check(s, lg);
    if (res != GLHLE_RESULT_OK)
        return res;
    size_t need = pica_surface_size(s);
    if (buf_size < need)
        return GLHLE_FAIL(lg, GLHLE_RESULT_TRUNCATED,
                          "texcodec: %s of a %ux%u %s surface needs %zu guest bytes, got %zu; nothing converted", what,
                          s->width, s->height, format_info[s->format].name, need, buf_size);
    pica_rect r = rect ? *rect : (pica_rect){0, 0, s->width, s->height};
    if (r.w == 0 || r.h == 0 || r.x > s->width || r.w > s->width - r.x || r.y > s->height || r.h > s->height - r.y)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "texcodec: %s rect %ux%u at (%u,%u) is empty or leaves the %ux%u surface", what, r.w, r.h,
                          r.x, r.y, s->width, s->height);
    if (!host || host_stride < (size_t)r.w * 4)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "texcodec: %s host buffer %s (stride %zu, a row of the rect needs %u bytes)", what,
                          host ? "too narrow" : "missing", host_stride, r.w * 4);
    *r_out = r;
    return GLHLE_RESULT_OK;
}

/* Host row (from the buffer start) that holds guest row gy of rect r. */
static inline size_t host_row(const pica_rect *r, uint32_t flags, uint32_t gy)
{
    return (flags & PICA_CODEC_FLIP_Y) ? (size_t)(r->y + r->h - 1 - gy) : (size_t)(gy - r->y);
}

/* ---- reference path ------------------------------------------------------------ */

static void decode_reference(const pica_surface *s, const uint8_t *src, const pica_rect *r, uint32_t flags,
                             uint8_t *dst, size_t dst_stride)
{
    for (uint32_t gy = r->y; gy < r->y + r->h; gy++) {
        uint8_t *row = dst + host_row(r, flags, gy) * dst_stride;
        for (uint32_t gx = r->x; gx < r->x + r->w; gx++) {
            unsigned nib;
            size_t off = pica_texel_offset(s, gx, gy, &nib);
            uint32_t h;
            if (s->format == PICA_TEXFMT_ETC1 || s->format == PICA_TEXFMT_ETC1A4) {
                bool has_alpha = s->format == PICA_TEXFMT_ETC1A4;
                uint64_t alpha = has_alpha ? load_le64(src + off) : UINT64_MAX;
                h = etc1_texel_reference(load_le64(src + off + (has_alpha ? 8 : 0)), alpha, gx & 3, gy & 3);
            } else {
                h = texel_to_host(s->format, src + off, nib);
            }
            memcpy(row + (size_t)(gx - r->x) * 4, &h, 4);
        }
    }
}

static void encode_etc1_block(pica_texfmt f, uint8_t *dst, const uint8_t texels[64])
{
    if (f == PICA_TEXFMT_ETC1A4) {
        store_le64(dst, pica_etc1_encode_alpha(texels));
        dst += 8;
    }
    store_le64(dst, pica_etc1_encode_block(texels));
}

/* Gathers the 4x4 host block whose top-left guest texel is (gx, gy). */
static void gather_block(const pica_rect *r, uint32_t flags, const uint8_t *src, size_t src_stride, uint32_t gx,
                         uint32_t gy, uint8_t out[64])
{
    for (unsigned y = 0; y < 4; y++)
        memcpy(out + y * 16, src + host_row(r, flags, gy + y) * src_stride + (size_t)(gx - r->x) * 4, 16);
}

static void encode_reference(const pica_surface *s, uint8_t *dst, const pica_rect *r, uint32_t flags,
                             const uint8_t *src, size_t src_stride)
{
    if (format_info[s->format].compressed) {
        for (uint32_t gy = r->y; gy < r->y + r->h; gy += 4)
            for (uint32_t gx = r->x; gx < r->x + r->w; gx += 4) {
                uint8_t texels[64];
                gather_block(r, flags, src, src_stride, gx, gy, texels);
                encode_etc1_block(s->format, dst + pica_texel_offset(s, gx, gy, NULL), texels);
            }
        return;
    }
    for (uint32_t gy = r->y; gy < r->y + r->h; gy++) {
        const uint8_t *row = src + host_row(r, flags, gy) * src_stride;
        for (uint32_t gx = r->x; gx < r->x + r->w; gx++) {
            unsigned nib;
            size_t off = pica_texel_offset(s, gx, gy, &nib);
            uint32_t h;
            memcpy(&h, row + (size_t)(gx - r->x) * 4, 4);
            texel_from_host(s->format, h, dst + off, nib);
        }
    }
}

/* ---- fast path: tables --------------------------------------------------------- */

/* 16-bit formats split into two independent byte lookups: every host channel
 * is a bit field of one byte or, for the 5/6-bit green fields that straddle
 * the bytes, an OR of pieces each of which depends on one byte only
 * (expand5(g) = g << 3 | g >> 2, and g >> 2 is the high byte's part). So a
 * texel is lo[b0] | hi[b1]: two 256-entry tables per format, 2 KiB, L1 resident. */
enum { T16_RGB5A1, T16_RGB565, T16_RGBA4, T16_IA8, T16_HILO8, T16_COUNT };
/* 8-bit formats: one table. 4-bit formats: one byte -> two texels. */
enum { T8_I8, T8_A8, T8_IA4, T8_COUNT };
enum { T4_I4, T4_A4, T4_COUNT };

typedef struct codec_tables {
    uint32_t t16[T16_COUNT][2][256];
    uint32_t t8[T8_COUNT][256];
    uint64_t t4[T4_COUNT][256];
    bool avx2; /* the CPU runs the AVX2 tile kernels */
} codec_tables;

static codec_tables tables;

static int t16_index(pica_texfmt f)
{
    switch (f) {
    case PICA_TEXFMT_RGB5A1: return T16_RGB5A1;
    case PICA_TEXFMT_RGB565: return T16_RGB565;
    case PICA_TEXFMT_RGBA4: return T16_RGBA4;
    case PICA_TEXFMT_IA8: return T16_IA8;
    case PICA_TEXFMT_HILO8: return T16_HILO8;
    default: return -1;
    }
}

static void build_tables(void)
{
    static const pica_texfmt f16[T16_COUNT] = {PICA_TEXFMT_RGB5A1, PICA_TEXFMT_RGB565, PICA_TEXFMT_RGBA4,
                                               PICA_TEXFMT_IA8, PICA_TEXFMT_HILO8};
    static const pica_texfmt f8[T8_COUNT] = {PICA_TEXFMT_I8, PICA_TEXFMT_A8, PICA_TEXFMT_IA4};
    static const pica_texfmt f4[T4_COUNT] = {PICA_TEXFMT_I4, PICA_TEXFMT_A4};
    for (unsigned b = 0; b < 256; b++) {
        for (int t = 0; t < T16_COUNT; t++) {
            /* the contribution of one byte is the decode of that byte with the
             * other byte zero, minus what a zero texel decodes to (its fixed
             * bits, e.g. RGB565's alpha 255, go in the low table only) */
            uint8_t lo[2] = {(uint8_t)b, 0}, hi[2] = {0, (uint8_t)b}, zero[2] = {0, 0};
            uint32_t z = texel_to_host(f16[t], zero, 0);
            tables.t16[t][0][b] = texel_to_host(f16[t], lo, 0);
            tables.t16[t][1][b] = texel_to_host(f16[t], hi, 0) & ~z;
        }
        uint8_t byte = (uint8_t)b;
        for (int t = 0; t < T8_COUNT; t++)
            tables.t8[t][b] = texel_to_host(f8[t], &byte, 0);
        for (int t = 0; t < T4_COUNT; t++)
            tables.t4[t][b] = texel_to_host(f4[t], &byte, 0) | (uint64_t)texel_to_host(f4[t], &byte, 1) << 32;
    }
    tables.avx2 = pica_avx2_available();
}

static const codec_tables *get_tables(void)
{
    /* built once, on first use, from the reference conversions above */
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_tables);
    return &tables;
}

/* ---- fast path: 8x8 tile decoders --------------------------------------------- */

/* Texel pairs (x = 2k, 2k+1) are adjacent in Morton order: pair k of a row
 * starts at texel morton_y[y] + pair_x[k]. */
static const uint8_t pair_x[4] = {0, 4, 16, 20};

/* 32-bit texels, a pair at a time. RGBA8: guest bytes A,B,G,R per texel;
 * byte-swapping the pair reverses the components and swaps the texels,
 * rotating by 32 swaps the texels back. D24S8: guest word depth |
 * stencil << 24 becomes depth << 8 | stencil, each half rotated left by 8. */
static inline uint64_t pair32_to_host(uint64_t v, bool depth)
{
    if (depth)
        return (v << 8 & 0xFFFFFF00FFFFFF00ull) | (v >> 24 & 0x000000FF000000FFull);
    v = __builtin_bswap64(v);
    return v >> 32 | v << 32;
}

static inline uint64_t pair32_from_host(uint64_t v, bool depth)
{
    if (depth)
        return (v >> 8 & 0x00FFFFFF00FFFFFFull) | (v << 24 & 0xFF000000FF000000ull);
    v = __builtin_bswap64(v);
    return v >> 32 | v << 32;
}

/* One tile each: row y of the tile at dst + y*pitch. ctx is the format's
 * lookup table where it has one. */
static inline void tile_32(const uint8_t *tile, uint8_t *dst, intptr_t pitch, bool depth)
{
    for (unsigned y = 0; y < 8; y++) {
        uint8_t *row = dst + (intptr_t)y * pitch;
        const uint8_t *src = tile + (size_t)morton_y[y] * 4;
        for (unsigned k = 0; k < 4; k++)
            store_le64(row + k * 8, pair32_to_host(load_le64(src + pair_x[k] * 4), depth));
    }
}

static void tile_rgba8(const void *ctx, const uint8_t *tile, uint8_t *dst, intptr_t pitch)
{
    (void)ctx;
    tile_32(tile, dst, pitch, false);
}

static void tile_d24s8(const void *ctx, const uint8_t *tile, uint8_t *dst, intptr_t pitch)
{
    (void)ctx;
    tile_32(tile, dst, pitch, true);
}

static void tile_rgb8(const void *ctx, const uint8_t *tile, uint8_t *dst, intptr_t pitch)
{
    (void)ctx;
    for (unsigned y = 0; y < 8; y++) {
        uint8_t *row = dst + (intptr_t)y * pitch;
        for (unsigned k = 0; k < 4; k++) {
            const uint8_t *p = tile + ((size_t)morton_y[y] + pair_x[k]) * 3;
            uint64_t v = 0; /* six bytes: B0 G0 R0 B1 G1 R1 */
            memcpy(&v, p, 6);
            uint32_t t0 = __builtin_bswap32((uint32_t)v << 8) | 0xFF000000u;
            uint32_t t1 = __builtin_bswap32((uint32_t)(v >> 16) & 0xFFFFFF00u) | 0xFF000000u;
            store_le64(row + k * 8, t0 | (uint64_t)t1 << 32);
        }
    }
}

static void tile_16(const void *ctx, const uint8_t *tile, uint8_t *dst, intptr_t pitch)
{
    const uint32_t(*t)[256] = ctx; /* [0]: low byte, [1]: high byte */
    const uint32_t *lo = t[0], *hi = t[1];
    for (unsigned y = 0; y < 8; y++) {
        uint8_t *row = dst + (intptr_t)y * pitch;
        const uint8_t *src = tile + (size_t)morton_y[y] * 2;
        for (unsigned k = 0; k < 4; k++) {
            const uint8_t *p = src + pair_x[k] * 2;
            uint64_t v = (lo[p[0]] | hi[p[1]]) | (uint64_t)(lo[p[2]] | hi[p[3]]) << 32;
            store_le64(row + k * 8, v);
        }
    }
}

static void tile_8(const void *ctx, const uint8_t *tile, uint8_t *dst, intptr_t pitch)
{
    const uint32_t *tab = ctx;
    for (unsigned y = 0; y < 8; y++) {
        uint8_t *row = dst + (intptr_t)y * pitch;
        const uint8_t *src = tile + morton_y[y];
        for (unsigned k = 0; k < 4; k++) {
            const uint8_t *p = src + pair_x[k];
            store_le64(row + k * 8, tab[p[0]] | (uint64_t)tab[p[1]] << 32);
        }
    }
}

static void tile_4(const void *ctx, const uint8_t *tile, uint8_t *dst, intptr_t pitch)
{
    const uint64_t *tab = ctx;
    for (unsigned y = 0; y < 8; y++) {
        uint8_t *row = dst + (intptr_t)y * pitch;
        const uint8_t *src = tile + morton_y[y] / 2;
        for (unsigned k = 0; k < 4; k++)
            store_le64(row + k * 8, tab[src[pair_x[k] / 2]]);
    }
}

/* four blocks in row-major order; ETC1A4 puts the alpha word first */
static inline void tile_etc(const uint8_t *tile, uint8_t *dst, intptr_t pitch, bool with_alpha)
{
    size_t bb = with_alpha ? 16 : 8;
    for (unsigned b = 0; b < 4; b++) {
        const uint8_t *p = tile + b * bb;
        uint64_t alpha = with_alpha ? load_le64(p) : UINT64_MAX;
        uint64_t block = load_le64(p + (with_alpha ? 8 : 0));
        pica_etc1_decode_block_to(block, alpha, dst + (intptr_t)(b / 2) * 4 * pitch + (b % 2) * 16, pitch);
    }
}

static void tile_etc1(const void *ctx, const uint8_t *tile, uint8_t *dst, intptr_t pitch)
{
    (void)ctx;
    tile_etc(tile, dst, pitch, false);
}

static void tile_etc1a4(const void *ctx, const uint8_t *tile, uint8_t *dst, intptr_t pitch)
{
    (void)ctx;
    tile_etc(tile, dst, pitch, true);
}

static void tile_d16(const void *ctx, const uint8_t *tile, uint8_t *dst, intptr_t pitch)
{
    (void)ctx;
    for (unsigned y = 0; y < 8; y++) {
        uint8_t *row = dst + (intptr_t)y * pitch;
        for (unsigned k = 0; k < 4; k++) {
            uint32_t v;
            memcpy(&v, tile + ((size_t)morton_y[y] + pair_x[k]) * 2, 4);
            uint32_t d0 = v & 0xFFFF, d1 = v >> 16;
            uint64_t o = (d0 << 16 | (d0 & 0xFF00)) | (uint64_t)(d1 << 16 | (d1 & 0xFF00)) << 32;
            store_le64(row + k * 8, o);
        }
    }
}

static void tile_d24(const void *ctx, const uint8_t *tile, uint8_t *dst, intptr_t pitch)
{
    (void)ctx;
    for (unsigned y = 0; y < 8; y++) {
        uint8_t *row = dst + (intptr_t)y * pitch;
        for (unsigned k = 0; k < 4; k++) {
            uint64_t v = 0;
            memcpy(&v, tile + ((size_t)morton_y[y] + pair_x[k]) * 3, 6);
            uint64_t o = (v << 8 & 0xFFFFFF00u) | (v >> 24 << 40);
            store_le64(row + k * 8, o);
        }
    }
}

/* The run forms (pica_tile_run_fn) of the portable decoders. */
#define TILE_RUN(name, tile_fn)                                                                                   \
    static void name(const void *ctx, const uint8_t *tiles, size_t step, size_t count, uint8_t *dst,              \
                     intptr_t pitch)                                                                              \
    {                                                                                                             \
        for (size_t i = 0; i < count; i++)                                                                        \
            tile_fn(ctx, tiles + i * step, dst + i * 32, pitch);                                                  \
    }
TILE_RUN(run_rgba8, tile_rgba8)
TILE_RUN(run_rgb8, tile_rgb8)
TILE_RUN(run_16, tile_16)
TILE_RUN(run_8, tile_8)
TILE_RUN(run_4, tile_4)
TILE_RUN(run_etc1, tile_etc1)
TILE_RUN(run_etc1a4, tile_etc1a4)
TILE_RUN(run_d16, tile_d16)
TILE_RUN(run_d24, tile_d24)
TILE_RUN(run_d24s8, tile_d24s8)

/* The decoder for f and its table: the AVX2 kernel where there is one and
 * the caller allows it, else the portable one. */
static pica_tile_run_fn tile_decoder(const codec_tables *t, pica_texfmt f, uint32_t flags, const void **ctx)
{
    *ctx = NULL;
    if (t->avx2 && !(flags & PICA_CODEC_NO_SIMD)) {
        pica_tile_run_fn k = pica_avx2_tile_kernel(f);
        if (k)
            return k;
    }
    int sub = t16_index(f);
    if (sub >= 0) {
        *ctx = t->t16[sub];
        return run_16;
    }
    switch (f) {
    case PICA_TEXFMT_RGBA8: return run_rgba8;
    case PICA_TEXFMT_RGB8: return run_rgb8;
    case PICA_TEXFMT_I8: *ctx = t->t8[T8_I8]; return run_8;
    case PICA_TEXFMT_A8: *ctx = t->t8[T8_A8]; return run_8;
    case PICA_TEXFMT_IA4: *ctx = t->t8[T8_IA4]; return run_8;
    case PICA_TEXFMT_I4: *ctx = t->t4[T4_I4]; return run_4;
    case PICA_TEXFMT_A4: *ctx = t->t4[T4_A4]; return run_4;
    case PICA_TEXFMT_ETC1: return run_etc1;
    case PICA_TEXFMT_ETC1A4: return run_etc1a4;
    case PICA_TEXFMT_D16: return run_d16;
    case PICA_TEXFMT_D24: return run_d24;
    case PICA_TEXFMT_D24S8: return run_d24s8;
    default: return NULL;
    }
}

/* Host pointer for guest texel (gx, gy) of rect r. */
static inline uint8_t *host_at(uint8_t *base, size_t stride, const pica_rect *r, uint32_t flags, uint32_t gx,
                               uint32_t gy)
{
    return base + host_row(r, flags, gy) * stride + (size_t)(gx - r->x) * 4;
}

/* Walks the tiles that overlap r, a tile row at a time. For each row the
 * tiles wholly inside r form one run [full0, full1); the cut tiles at the
 * edges, and every tile of a row the rect cuts vertically, are partial. */
typedef struct tile_walk {
    uint32_t tx0, tx1, ty0, ty1; /* tiles touched, inclusive */
    uint32_t full0, full1;       /* tile columns wholly inside r horizontally, half-open */
} tile_walk;

static tile_walk walk_of(const pica_rect *r)
{
    tile_walk w = {r->x / 8, (r->x + r->w - 1) / 8, r->y / 8, (r->y + r->h - 1) / 8, (r->x + 7) / 8,
                   (r->x + r->w) / 8};
    if (w.full1 < w.full0)
        w.full1 = w.full0;
    return w;
}

/* Texels of tile (tx, ty) inside r, tile-relative, end exclusive. */
static void tile_part(const pica_rect *r, uint32_t tx, uint32_t ty, unsigned *x0, unsigned *y0, unsigned *x1,
                      unsigned *y1)
{
    uint32_t bx = tx * 8, by = ty * 8;
    *x0 = r->x > bx ? r->x - bx : 0;
    *y0 = r->y > by ? r->y - by : 0;
    *x1 = r->x + r->w < bx + 8 ? r->x + r->w - bx : 8;
    *y1 = r->y + r->h < by + 8 ? r->y + r->h - by : 8;
}

static void decode_tiled(const pica_surface *s, const uint8_t *src, const pica_rect *r, uint32_t flags,
                         uint8_t *dst, size_t dst_stride)
{
    const void *ctx;
    pica_tile_run_fn fn = tile_decoder(get_tables(), s->format, flags, &ctx);
    size_t stride = stride_of(s), tb = tile_bytes(s->format);
    intptr_t pitch = (flags & PICA_CODEC_FLIP_Y) ? -(intptr_t)dst_stride : (intptr_t)dst_stride;
    tile_walk w = walk_of(r);
    for (uint32_t ty = w.ty0; ty <= w.ty1; ty++) {
        uint32_t gy = ty * 8;
        bool rows_whole = gy >= r->y && gy + 8 <= r->y + r->h;
        for (uint32_t tx = w.tx0; tx <= w.tx1; tx++) {
            if (rows_whole && tx == w.full0 && w.full1 > w.full0) {
                /* the run of whole tiles: consecutive in memory in the 8x8
                 * layout, one at a time in the 32x32 block layout */
                uint8_t *out = host_at(dst, dst_stride, r, flags, tx * 8, gy);
                if (s->layout == PICA_LAYOUT_TILED8)
                    fn(ctx, src + tile_offset(s, stride, tx, ty), tb, w.full1 - tx, out, pitch);
                else
                    for (uint32_t t = tx; t < w.full1; t++)
                        fn(ctx, src + tile_offset(s, stride, t, ty), 0, 1, out + (t - tx) * 32, pitch);
                tx = w.full1 - 1;
                continue;
            }
            unsigned x0, y0, x1, y1;
            tile_part(r, tx, ty, &x0, &y0, &x1, &y1);
            uint8_t tmp[8 * 8 * 4];
            fn(ctx, src + tile_offset(s, stride, tx, ty), 0, 1, tmp, 32);
            for (unsigned y = y0; y < y1; y++)
                memcpy(host_at(dst, dst_stride, r, flags, tx * 8 + x0, gy + y), tmp + y * 32 + x0 * 4,
                       (x1 - x0) * 4);
        }
    }
}

/* ---- fast path: linear rows ------------------------------------------------------ */

/* count texels of a linear row starting at texel x -> host words. */
static void row_decode(const codec_tables *t, pica_texfmt f, const uint8_t *row, uint32_t x, uint32_t count,
                       uint8_t *out)
{
    int sub = t16_index(f);
    if (sub >= 0) {
        const uint32_t *lo = t->t16[sub][0], *hi = t->t16[sub][1];
        const uint8_t *p = row + (size_t)x * 2;
        for (uint32_t i = 0; i < count; i++, p += 2) {
            uint32_t h = lo[p[0]] | hi[p[1]];
            memcpy(out + i * 4, &h, 4);
        }
        return;
    }
    switch (f) {
    case PICA_TEXFMT_RGBA8:
        for (uint32_t i = 0; i < count; i++) {
            uint32_t v;
            memcpy(&v, row + ((size_t)x + i) * 4, 4);
            v = __builtin_bswap32(v);
            memcpy(out + i * 4, &v, 4);
        }
        return;
    case PICA_TEXFMT_I8:
    case PICA_TEXFMT_A8:
    case PICA_TEXFMT_IA4: {
        const uint32_t *tab = t->t8[f == PICA_TEXFMT_I8 ? T8_I8 : f == PICA_TEXFMT_A8 ? T8_A8 : T8_IA4];
        for (uint32_t i = 0; i < count; i++)
            memcpy(out + i * 4, &tab[row[x + i]], 4);
        return;
    }
    default: {
        unsigned bits = bits_of(f);
        for (uint32_t i = 0; i < count; i++) {
            uint32_t xi = x + i;
            uint32_t h = texel_to_host(f, row + (size_t)xi * bits / 8, bits == 4 ? xi & 1 : 0);
            memcpy(out + i * 4, &h, 4);
        }
        return;
    }
    }
}

static void decode_linear(const pica_surface *s, const uint8_t *src, const pica_rect *r, uint32_t flags,
                          uint8_t *dst, size_t dst_stride)
{
    size_t stride = stride_of(s);
    if (format_info[s->format].compressed) {
        bool has_alpha = s->format == PICA_TEXFMT_ETC1A4;
        size_t bb = block_bytes(s->format);
        for (uint32_t by = r->y / 4; by <= (r->y + r->h - 1) / 4; by++)
            for (uint32_t bx = r->x / 4; bx <= (r->x + r->w - 1) / 4; bx++) {
                const uint8_t *p = src + by * stride + bx * bb;
                uint8_t tmp[64];
                pica_etc1_decode_block(load_le64(p + (has_alpha ? 8 : 0)), has_alpha ? load_le64(p) : UINT64_MAX,
                                       tmp);
                for (uint32_t y = 0; y < 4; y++) {
                    uint32_t gy = by * 4 + y;
                    if (gy < r->y || gy >= r->y + r->h)
                        continue;
                    uint32_t x0 = bx * 4 < r->x ? r->x - bx * 4 : 0;
                    uint32_t x1 = bx * 4 + 4 > r->x + r->w ? r->x + r->w - bx * 4 : 4;
                    memcpy(host_at(dst, dst_stride, r, flags, bx * 4 + x0, gy), tmp + y * 16 + x0 * 4,
                           (x1 - x0) * 4);
                }
            }
        return;
    }
    const codec_tables *t = get_tables();
    for (uint32_t gy = r->y; gy < r->y + r->h; gy++)
        row_decode(t, s->format, src + gy * stride, r->x, r->w, dst + host_row(r, flags, gy) * dst_stride);
}

/* ---- fast path: encoders ------------------------------------------------------------ */

static inline void tile_encode_texels(pica_texfmt f, uint8_t *tile, const uint8_t *src, intptr_t pitch)
{
    unsigned bits = bits_of(f);
    for (unsigned y = 0; y < 8; y++) {
        const uint8_t *row = src + (intptr_t)y * pitch;
        for (unsigned x = 0; x < 8; x++) {
            unsigned m = morton(x, y);
            uint32_t h;
            memcpy(&h, row + x * 4, 4);
            texel_from_host(f, h, tile + (size_t)m * bits / 8, bits == 4 ? m & 1 : 0);
        }
    }
}

/* Encodes a whole 8x8 tile from host texels at src (row y at src + y*pitch). */
static void tile_encode(pica_texfmt f, uint8_t *tile, const uint8_t *src, intptr_t pitch)
{
    switch (f) {
    case PICA_TEXFMT_RGBA8:
    case PICA_TEXFMT_D24S8:
        for (unsigned y = 0; y < 8; y++) {
            const uint8_t *row = src + (intptr_t)y * pitch;
            uint8_t *dst = tile + (size_t)morton_y[y] * 4;
            for (unsigned k = 0; k < 4; k++)
                store_le64(dst + pair_x[k] * 4, pair32_from_host(load_le64(row + k * 8), f == PICA_TEXFMT_D24S8));
        }
        return;
    case PICA_TEXFMT_RGB565:
        for (unsigned y = 0; y < 8; y++) {
            const uint8_t *row = src + (intptr_t)y * pitch;
            uint8_t *dst = tile + (size_t)morton_y[y] * 2;
            for (unsigned k = 0; k < 4; k++) {
                uint64_t v = load_le64(row + k * 8);
                uint32_t o = 0;
                for (unsigned n = 0; n < 2; n++) {
                    uint32_t h = (uint32_t)(v >> (32 * n));
                    o |= ((h & 0xF8) << 8 | (h >> 5 & 0x7E0) | (h >> 19 & 0x1F)) << (16 * n);
                }
                memcpy(dst + pair_x[k] * 2, &o, 4);
            }
        }
        return;
    default: break;
    }
    /* the rest texel by texel, the loop specialised per format so the
     * conversion's switch folds away */
    switch (f) {
#define ENCODE_CASE(fmt)                                                                                          \
    case fmt: tile_encode_texels(fmt, tile, src, pitch); return;
        ENCODE_CASE(PICA_TEXFMT_RGB8)
        ENCODE_CASE(PICA_TEXFMT_RGB5A1)
        ENCODE_CASE(PICA_TEXFMT_RGBA4)
        ENCODE_CASE(PICA_TEXFMT_IA8)
        ENCODE_CASE(PICA_TEXFMT_HILO8)
        ENCODE_CASE(PICA_TEXFMT_I8)
        ENCODE_CASE(PICA_TEXFMT_A8)
        ENCODE_CASE(PICA_TEXFMT_IA4)
        ENCODE_CASE(PICA_TEXFMT_I4)
        ENCODE_CASE(PICA_TEXFMT_A4)
        ENCODE_CASE(PICA_TEXFMT_D16)
        ENCODE_CASE(PICA_TEXFMT_D24)
#undef ENCODE_CASE
    default: return;
    }
}

/* The portable tile encoder as a run (pica_tile_encode_fn); the format
 * comes from the surface, so this takes it as an extra argument. */
static void encode_run(pica_texfmt f, const uint8_t *src, intptr_t pitch, uint8_t *tiles, size_t step,
                       size_t count)
{
    for (size_t i = 0; i < count; i++)
        tile_encode(f, tiles + i * step, src + i * 32, pitch);
}

static void encode_tiled(const pica_surface *s, uint8_t *dst, const pica_rect *r, uint32_t flags,
                         const uint8_t *src, size_t src_stride)
{
    const codec_tables *t = get_tables();
    const void *ctx;
    pica_tile_run_fn dec = tile_decoder(t, s->format, flags, &ctx);
    pica_tile_encode_fn simd = t->avx2 && !(flags & PICA_CODEC_NO_SIMD) ? pica_avx2_tile_encoder(s->format) : NULL;
    size_t stride = stride_of(s), tb = tile_bytes(s->format);
    intptr_t pitch = (flags & PICA_CODEC_FLIP_Y) ? -(intptr_t)src_stride : (intptr_t)src_stride;
    bool etc = format_info[s->format].compressed;
    uint8_t *host = (uint8_t *)src; /* host_at's pointer type; only read here */
    tile_walk w = walk_of(r);
    for (uint32_t ty = w.ty0; ty <= w.ty1; ty++) {
        uint32_t gy = ty * 8;
        bool rows_whole = gy >= r->y && gy + 8 <= r->y + r->h;
        for (uint32_t tx = w.tx0; tx <= w.tx1; tx++) {
            uint8_t *tile = dst + tile_offset(s, stride, tx, ty);
            uint32_t gx = tx * 8;
            if (!etc && rows_whole && tx == w.full0 && w.full1 > w.full0) {
                /* the run of whole tiles, as in decode_tiled */
                const uint8_t *in = host_at(host, src_stride, r, flags, gx, gy);
                size_t n = s->layout == PICA_LAYOUT_TILED8 ? w.full1 - tx : 1;
                for (uint32_t u = tx; u < w.full1; u += (uint32_t)n) {
                    uint8_t *out = dst + tile_offset(s, stride, u, ty);
                    if (simd)
                        simd(in + (u - tx) * 32, pitch, out, tb, n);
                    else
                        encode_run(s->format, in + (u - tx) * 32, pitch, out, tb, n);
                }
                tx = w.full1 - 1;
                continue;
            }
            unsigned x0, y0, x1, y1;
            tile_part(r, tx, ty, &x0, &y0, &x1, &y1);
            if (etc) {
                /* per 4x4 block, so blocks outside the rect are not re-encoded */
                for (unsigned b = 0; b < 4; b++) {
                    unsigned bx = (b % 2) * 4, by = (b / 2) * 4;
                    if (bx < x0 || bx + 4 > x1 || by < y0 || by + 4 > y1)
                        continue;
                    uint8_t texels[64];
                    gather_block(r, flags, src, src_stride, gx + bx, gy + by, texels);
                    encode_etc1_block(s->format, tile + b * block_bytes(s->format), texels);
                }
                continue;
            }
            /* partial tile: decode it, patch the rect's texels, encode it back
             * (exact, since every guest texel of these formats round-trips) */
            uint8_t tmp[8 * 8 * 4];
            dec(ctx, tile, 0, 1, tmp, 32);
            for (unsigned y = y0; y < y1; y++)
                memcpy(tmp + y * 32 + x0 * 4, host_at(host, src_stride, r, flags, gx + x0, gy + y), (x1 - x0) * 4);
            tile_encode(s->format, tile, tmp, 32);
        }
    }
}

static void encode_linear(const pica_surface *s, uint8_t *dst, const pica_rect *r, uint32_t flags,
                          const uint8_t *src, size_t src_stride)
{
    /* texel by texel: linear surfaces are transfer targets, not the hot path */
    encode_reference(s, dst, r, flags, src, src_stride);
}

/* ---- entry points ------------------------------------------------------------------ */

glhle_result pica_decode(const pica_surface *s, const void *src, size_t src_size, const pica_rect *rect,
                         uint32_t flags, void *dst, size_t dst_stride, const glhle_logger *lg)
{
    pica_rect r;
    glhle_result res = check_call("decode", s, src ? src_size : 0, rect, &r, dst, dst_stride, lg);
    if (res != GLHLE_RESULT_OK)
        return res;
    if (flags & PICA_CODEC_REFERENCE)
        decode_reference(s, src, &r, flags, dst, dst_stride);
    else if (s->layout == PICA_LAYOUT_LINEAR)
        decode_linear(s, src, &r, flags, dst, dst_stride);
    else
        decode_tiled(s, src, &r, flags, dst, dst_stride);
    return GLHLE_RESULT_OK;
}

glhle_result pica_encode(const pica_surface *s, void *dst, size_t dst_size, const pica_rect *rect, uint32_t flags,
                         const void *src, size_t src_stride, const glhle_logger *lg)
{
    pica_rect r;
    glhle_result res = check_call("encode", s, dst ? dst_size : 0, rect, &r, src, src_stride, lg);
    if (res != GLHLE_RESULT_OK)
        return res;
    if (format_info[s->format].compressed && (r.x % 4 || r.y % 4 || r.w % 4 || r.h % 4))
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "texcodec: %s encode needs whole 4x4 blocks, rect %ux%u at (%u,%u) is not; nothing written",
                          format_info[s->format].name, r.w, r.h, r.x, r.y);
    if (flags & PICA_CODEC_REFERENCE)
        encode_reference(s, dst, &r, flags, src, src_stride);
    else if (s->layout == PICA_LAYOUT_LINEAR)
        encode_linear(s, dst, &r, flags, src, src_stride);
    else
        encode_tiled(s, dst, &r, flags, src, src_stride);
    return GLHLE_RESULT_OK;
}
