/* The render-target format table (rt_formats.h). Byte orders: a name lists
 * components from the most significant bit, so A8B8G8R8 holds red in byte
 * 0 (GL_RGBA, GL_UNSIGNED_BYTE), A8R8G8B8 blue in byte 0 (GL_BGRA),
 * B8G8R8A8 alpha in byte 0 (GL_BGRA with GL_UNSIGNED_INT_8_8_8_8: blue in
 * the most significant byte), R5G6B5 red in bits 15:11
 * (GL_UNSIGNED_SHORT_5_6_5), A1R5G5B5 blue in bits 4:0
 * (GL_UNSIGNED_SHORT_1_5_5_5_REV with GL_BGRA), A2B10G10R10 red in bits
 * 9:0 (GL_UNSIGNED_INT_2_10_10_10_REV), BF10GF11RF11 red in bits 10:0
 * (GL_UNSIGNED_INT_10F_11F_11F_REV). Depth: Z24S8 holds depth in bits
 * 31:8 and stencil in 7:0, GL's GL_UNSIGNED_INT_24_8; S8Z24 the other way
 * round (the render stage rotates it on upload and readback); ZF32_X24S8 a
 * float word then a word with stencil in bits 7:0, GL's
 * GL_FLOAT_32_UNSIGNED_INT_24_8_REV. */
#include "backend/maxwell/render/rt_formats.h"

#include <glad/gl.h>
#include <stddef.h>

/* X(value, name, bytes, class, components, internal, format, type) */
#define MW_RT_COLOR_FORMATS(X)                                                                                  \
    X(0xC0, RF32_GF32_BF32_AF32, 16, FLOAT, 4, GL_RGBA32F, GL_RGBA, GL_FLOAT)                                \
    X(0xC1, RS32_GS32_BS32_AS32, 16, SINT, 4, GL_RGBA32I, GL_RGBA_INTEGER, GL_INT)                            \
    X(0xC2, RU32_GU32_BU32_AU32, 16, UINT, 4, GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT)                  \
    X(0xC6, R16_G16_B16_A16, 8, UNORM, 4, GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT)                               \
    X(0xC7, RN16_GN16_BN16_AN16, 8, SNORM, 4, GL_RGBA16_SNORM, GL_RGBA, GL_SHORT)                             \
    X(0xC8, RS16_GS16_BS16_AS16, 8, SINT, 4, GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT)                           \
    X(0xC9, RU16_GU16_BU16_AU16, 8, UINT, 4, GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT)                 \
    X(0xCA, RF16_GF16_BF16_AF16, 8, FLOAT, 4, GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT)                             \
    X(0xCB, RF32_GF32, 8, FLOAT, 2, GL_RG32F, GL_RG, GL_FLOAT)                                                \
    X(0xCC, RS32_GS32, 8, SINT, 2, GL_RG32I, GL_RG_INTEGER, GL_INT)                                           \
    X(0xCD, RU32_GU32, 8, UINT, 2, GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT)                                 \
    X(0xCF, A8R8G8B8, 4, UNORM, 4, GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE)                                        \
    X(0xD0, A8RL8GL8BL8, 4, SRGB, 4, GL_SRGB8_ALPHA8, GL_BGRA, GL_UNSIGNED_BYTE)                              \
    X(0xD1, A2B10G10R10, 4, UNORM, 4, GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV)                   \
    X(0xD2, AU2BU10GU10RU10, 4, UINT, 4, GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV)      \
    X(0xD5, A8B8G8R8, 4, UNORM, 4, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE)                                        \
    X(0xD6, A8BL8GL8RL8, 4, SRGB, 4, GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE)                              \
    X(0xD7, AN8BN8GN8RN8, 4, SNORM, 4, GL_RGBA8_SNORM, GL_RGBA, GL_BYTE)                                       \
    X(0xD8, AS8BS8GS8RS8, 4, SINT, 4, GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE)                                     \
    X(0xD9, AU8BU8GU8RU8, 4, UINT, 4, GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE)                           \
    X(0xDA, R16_G16, 4, UNORM, 2, GL_RG16, GL_RG, GL_UNSIGNED_SHORT)                                          \
    X(0xDB, RN16_GN16, 4, SNORM, 2, GL_RG16_SNORM, GL_RG, GL_SHORT)                                           \
    X(0xDC, RS16_GS16, 4, SINT, 2, GL_RG16I, GL_RG_INTEGER, GL_SHORT)                                         \
    X(0xDD, RU16_GU16, 4, UINT, 2, GL_RG16UI, GL_RG_INTEGER, GL_UNSIGNED_SHORT)                               \
    X(0xDE, RF16_GF16, 4, FLOAT, 2, GL_RG16F, GL_RG, GL_HALF_FLOAT)                                           \
    X(0xDF, A2R10G10B10, 4, UNORM, 4, GL_RGB10_A2, GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV)                   \
    X(0xE0, BF10GF11RF11, 4, FLOAT, 3, GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV)            \
    X(0xE3, RS32, 4, SINT, 1, GL_R32I, GL_RED_INTEGER, GL_INT)                                                \
    X(0xE4, RU32, 4, UINT, 1, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT)                                      \
    X(0xE5, RF32, 4, FLOAT, 1, GL_R32F, GL_RED, GL_FLOAT)                                                     \
    X(0xE8, R5G6B5, 2, UNORM, 3, GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5)                                   \
    X(0xE9, A1R5G5B5, 2, UNORM, 4, GL_RGB5_A1, GL_BGRA, GL_UNSIGNED_SHORT_1_5_5_5_REV)                        \
    X(0xEA, G8R8, 2, UNORM, 2, GL_RG8, GL_RG, GL_UNSIGNED_BYTE)                                               \
    X(0xEB, GN8RN8, 2, SNORM, 2, GL_RG8_SNORM, GL_RG, GL_BYTE)                                                \
    X(0xEC, GS8RS8, 2, SINT, 2, GL_RG8I, GL_RG_INTEGER, GL_BYTE)                                              \
    X(0xED, GU8RU8, 2, UINT, 2, GL_RG8UI, GL_RG_INTEGER, GL_UNSIGNED_BYTE)                                    \
    X(0xEE, R16, 2, UNORM, 1, GL_R16, GL_RED, GL_UNSIGNED_SHORT)                                              \
    X(0xEF, RN16, 2, SNORM, 1, GL_R16_SNORM, GL_RED, GL_SHORT)                                                \
    X(0xF0, RS16, 2, SINT, 1, GL_R16I, GL_RED_INTEGER, GL_SHORT)                                              \
    X(0xF1, RU16, 2, UINT, 1, GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT)                                    \
    X(0xF2, RF16, 2, FLOAT, 1, GL_R16F, GL_RED, GL_HALF_FLOAT)                                                \
    X(0xF3, R8, 1, UNORM, 1, GL_R8, GL_RED, GL_UNSIGNED_BYTE)                                                 \
    X(0xF4, RN8, 1, SNORM, 1, GL_R8_SNORM, GL_RED, GL_BYTE)                                                   \
    X(0xF5, RS8, 1, SINT, 1, GL_R8I, GL_RED_INTEGER, GL_BYTE)                                                 \
    X(0xF6, RU8, 1, UINT, 1, GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE)                                       \
    X(0x47, B8G8R8A8, 4, UNORM, 4, GL_RGBA8, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8)

#define MW_RT_ZETA_FORMATS(X)                                                                                   \
    X(0x0A, ZF32, 4, DEPTH, 0, GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT)                          \
    X(0x13, Z16, 2, DEPTH, 0, GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT)                   \
    X(0x14, Z24S8, 4, DEPTH_STENCIL, 0, GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8)         \
    X(0x16, S8Z24, 4, DEPTH_STENCIL, 0, GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8)         \
    X(0x19, ZF32_X24S8, 8, DEPTH_STENCIL, 0, GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL,                         \
      GL_FLOAT_32_UNSIGNED_INT_24_8_REV)

#define MW_RT_ROW_(v, n, bytes, cls, comps, internal, format, type) \
    {v, #n, bytes, MW_RT_##cls, comps, internal, format, type},
static const mw_rt_format color_formats[] = {MW_RT_COLOR_FORMATS(MW_RT_ROW_)};
static const mw_rt_format zeta_formats[] = {MW_RT_ZETA_FORMATS(MW_RT_ROW_)};
#undef MW_RT_ROW_

static const mw_rt_format *find(const mw_rt_format *t, size_t n, uint32_t value)
{
    for (size_t i = 0; i < n; i++)
        if (t[i].value == value)
            return &t[i];
    return NULL;
}

const mw_rt_format *mw_rt_color_format(uint32_t value)
{
    return value ? find(color_formats, sizeof color_formats / sizeof *color_formats, value) : NULL;
}

const mw_rt_format *mw_rt_zeta_format(uint32_t value)
{
    return find(zeta_formats, sizeof zeta_formats / sizeof *zeta_formats, value);
}

const char *mw_rt_aa_mode(uint32_t mode, uint32_t *samples)
{
    static const struct {
        const char *name;
        uint32_t samples;
    } modes[12] = {{"1X1", 1},     {"2X1", 2},     {"2X2", 4},       {"4X2", 8},
                   {"4X2_D3D", 8}, {"2X1_D3D", 2}, {"4X4", 16},      {NULL, 0},
                   {"2X2_VC_4", 4}, {"2X2_VC_12", 4}, {"4X2_VC_8", 8}, {"4X2_VC_24", 8}};
    const bool known = mode < 12 && modes[mode].name;
    if (samples)
        *samples = known ? modes[mode].samples : 0;
    return known ? modes[mode].name : NULL;
}
