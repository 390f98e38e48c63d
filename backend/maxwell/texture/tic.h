/* Texture headers (TIC entries, 32 bytes) and samplers (TSC entries, 32
 * bytes) of the GM20B 3D class, decoded field by field from NVIDIA's
 * open-gpu-doc classes/3d/clb197tex.h.
 *
 * Headers: the Maxwell layouts, the ones SET_SELECT_MAXWELL_TEXTURE_HEADERS
 * = TRUE selects (clb197.h 0x0f10) and NVN and deko3d use: a 3-bit
 * HEADER_VERSION (bits 87:85) picks one of five layouts -- one-D buffer,
 * pitch with colour key, pitch, block-linear, block-linear with colour key
 * -- that share word 0 (components, data types, swizzle) and the address
 * high bits. Field positions below are the header's MW(hi:lo) bit numbers
 * over the 256-bit entry (word = bit / 32). The Kepler-style headers of
 * the same file (TEXHEAD0-7 and its versions 2 and 3, chosen when
 * SET_SELECT_MAXWELL_TEXTURE_HEADERS is FALSE) are decoded into the same
 * struct by mw_tic_decode_kepler. */
#ifndef GLHLE_MAXWELL_TEXTURE_TIC_H
#define GLHLE_MAXWELL_TEXTURE_TIC_H

#include <stdbool.h>
#include <stdint.h>

#include "glhle/glhle.h"

/* HEADER_VERSION (MW(87:85)) */
typedef enum mw_tic_version {
    MW_TIC_ONE_D_BUFFER = 0,
    MW_TIC_PITCH_COLOR_KEY = 1,
    MW_TIC_PITCH = 2,
    MW_TIC_BLOCKLINEAR = 3,
    MW_TIC_BLOCKLINEAR_COLOR_KEY = 4,
} mw_tic_version;

/* TEXTURE_TYPE (MW(154:151)) */
typedef enum mw_tic_type {
    MW_TIC_TYPE_1D = 0,
    MW_TIC_TYPE_2D = 1,
    MW_TIC_TYPE_3D = 2,
    MW_TIC_TYPE_CUBEMAP = 3,
    MW_TIC_TYPE_1D_ARRAY = 4,
    MW_TIC_TYPE_2D_ARRAY = 5,
    MW_TIC_TYPE_1D_BUFFER = 6,
    MW_TIC_TYPE_2D_NO_MIPMAP = 7,
    MW_TIC_TYPE_CUBEMAP_ARRAY = 8,
} mw_tic_type;

/* R/G/B/A_DATA_TYPE values (NUM_*) */
typedef enum mw_tic_data_type {
    MW_TIC_SNORM = 1,
    MW_TIC_UNORM = 2,
    MW_TIC_SINT = 3,
    MW_TIC_UINT = 4,
    MW_TIC_SNORM_FORCE_FP16 = 5,
    MW_TIC_UNORM_FORCE_FP16 = 6,
    MW_TIC_FLOAT = 7,
} mw_tic_data_type;

/* X/Y/Z/W_SOURCE values (IN_*); 1 is not defined */
typedef enum mw_tic_source {
    MW_TIC_SOURCE_ZERO = 0,
    MW_TIC_SOURCE_R = 2,
    MW_TIC_SOURCE_G = 3,
    MW_TIC_SOURCE_B = 4,
    MW_TIC_SOURCE_A = 5,
    MW_TIC_SOURCE_ONE_INT = 6,
    MW_TIC_SOURCE_ONE_FLOAT = 7,
} mw_tic_source;

/* Every COMPONENTS value of the Maxwell headers (MW(6:0)), listed once:
 * X(value, name, bits per block, block width, block height). Sizes are the
 * sums of the component widths the names spell (R32_G32_B32_A32 = 128,
 * X8Z24_X20V4S8 = 64, ...); 422 formats (G8B8G8R8, B8G8R8G8) hold two
 * texels in 32 bits; DXT1/DXN1/ETC2_RGB(_PTA)/EAC are 64-bit 4x4 blocks,
 * DXT23/DXT45/DXN2/BC6H/BC7/ETC2_RGBA/EACX2 128-bit 4x4 blocks (the BCn,
 * ETC2 and EAC definitions), ASTC 128-bit blocks of the named size. */
#define MW_TIC_COMPONENTS(X)                                                                                    \
    X(0x01, R32_G32_B32_A32, 128, 1, 1)                                                                      \
    X(0x02, R32_G32_B32, 96, 1, 1)                                                                           \
    X(0x03, R16_G16_B16_A16, 64, 1, 1)                                                                       \
    X(0x04, R32_G32, 64, 1, 1)                                                                               \
    X(0x05, R32_B24G8, 64, 1, 1)                                                                             \
    X(0x06, ETC2_RGB, 64, 4, 4)                                                                              \
    X(0x07, X8B8G8R8, 32, 1, 1)                                                                              \
    X(0x08, A8B8G8R8, 32, 1, 1)                                                                              \
    X(0x09, A2B10G10R10, 32, 1, 1)                                                                           \
    X(0x0a, ETC2_RGB_PTA, 64, 4, 4)                                                                          \
    X(0x0b, ETC2_RGBA, 128, 4, 4)                                                                            \
    X(0x0c, R16_G16, 32, 1, 1)                                                                               \
    X(0x0d, G8R24, 32, 1, 1)                                                                                 \
    X(0x0e, G24R8, 32, 1, 1)                                                                                 \
    X(0x0f, R32, 32, 1, 1)                                                                                   \
    X(0x10, BC6H_SF16, 128, 4, 4)                                                                            \
    X(0x11, BC6H_UF16, 128, 4, 4)                                                                            \
    X(0x12, A4B4G4R4, 16, 1, 1)                                                                              \
    X(0x13, A5B5G5R1, 16, 1, 1)                                                                              \
    X(0x14, A1B5G5R5, 16, 1, 1)                                                                              \
    X(0x15, B5G6R5, 16, 1, 1)                                                                                \
    X(0x16, B6G5R5, 16, 1, 1)                                                                                \
    X(0x17, BC7U, 128, 4, 4)                                                                                 \
    X(0x18, G8R8, 16, 1, 1)                                                                                  \
    X(0x19, EAC, 64, 4, 4)                                                                                   \
    X(0x1a, EACX2, 128, 4, 4)                                                                                \
    X(0x1b, R16, 16, 1, 1)                                                                                   \
    X(0x1c, Y8_VIDEO, 8, 1, 1)                                                                               \
    X(0x1d, R8, 8, 1, 1)                                                                                     \
    X(0x1e, G4R4, 8, 1, 1)                                                                                   \
    X(0x1f, R1, 1, 1, 1)                                                                                     \
    X(0x20, E5B9G9R9_SHAREDEXP, 32, 1, 1)                                                                    \
    X(0x21, BF10GF11RF11, 32, 1, 1)                                                                          \
    X(0x22, G8B8G8R8, 32, 2, 1)                                                                              \
    X(0x23, B8G8R8G8, 32, 2, 1)                                                                              \
    X(0x24, DXT1, 64, 4, 4)                                                                                  \
    X(0x25, DXT23, 128, 4, 4)                                                                                \
    X(0x26, DXT45, 128, 4, 4)                                                                                \
    X(0x27, DXN1, 64, 4, 4)                                                                                  \
    X(0x28, DXN2, 128, 4, 4)                                                                                 \
    X(0x29, Z24S8, 32, 1, 1)                                                                                 \
    X(0x2a, X8Z24, 32, 1, 1)                                                                                 \
    X(0x2b, S8Z24, 32, 1, 1)                                                                                 \
    X(0x2c, X4V4Z24__COV4R4V, 32, 1, 1)                                                                      \
    X(0x2d, X4V4Z24__COV8R8V, 32, 1, 1)                                                                      \
    X(0x2e, V8Z24__COV4R12V, 32, 1, 1)                                                                       \
    X(0x2f, ZF32, 32, 1, 1)                                                                                  \
    X(0x30, ZF32_X24S8, 64, 1, 1)                                                                            \
    X(0x31, X8Z24_X20V4S8__COV4R4V, 64, 1, 1)                                                                \
    X(0x32, X8Z24_X20V4S8__COV8R8V, 64, 1, 1)                                                                \
    X(0x33, ZF32_X20V4X8__COV4R4V, 64, 1, 1)                                                                 \
    X(0x34, ZF32_X20V4X8__COV8R8V, 64, 1, 1)                                                                 \
    X(0x35, ZF32_X20V4S8__COV4R4V, 64, 1, 1)                                                                 \
    X(0x36, ZF32_X20V4S8__COV8R8V, 64, 1, 1)                                                                 \
    X(0x37, X8Z24_X16V8S8__COV4R12V, 64, 1, 1)                                                               \
    X(0x38, ZF32_X16V8X8__COV4R12V, 64, 1, 1)                                                                \
    X(0x39, ZF32_X16V8S8__COV4R12V, 64, 1, 1)                                                                \
    X(0x3a, Z16, 16, 1, 1)                                                                                   \
    X(0x3b, V8Z24__COV8R24V, 32, 1, 1)                                                                       \
    X(0x3c, X8Z24_X16V8S8__COV8R24V, 64, 1, 1)                                                               \
    X(0x3d, ZF32_X16V8X8__COV8R24V, 64, 1, 1)                                                                \
    X(0x3e, ZF32_X16V8S8__COV8R24V, 64, 1, 1)                                                                \
    X(0x40, ASTC_2D_4X4, 128, 4, 4)                                                                          \
    X(0x50, ASTC_2D_5X4, 128, 5, 4)                                                                          \
    X(0x41, ASTC_2D_5X5, 128, 5, 5)                                                                          \
    X(0x51, ASTC_2D_6X5, 128, 6, 5)                                                                          \
    X(0x42, ASTC_2D_6X6, 128, 6, 6)                                                                          \
    X(0x55, ASTC_2D_8X5, 128, 8, 5)                                                                          \
    X(0x52, ASTC_2D_8X6, 128, 8, 6)                                                                          \
    X(0x44, ASTC_2D_8X8, 128, 8, 8)                                                                          \
    X(0x56, ASTC_2D_10X5, 128, 10, 5)                                                                        \
    X(0x57, ASTC_2D_10X6, 128, 10, 6)                                                                        \
    X(0x53, ASTC_2D_10X8, 128, 10, 8)                                                                        \
    X(0x45, ASTC_2D_10X10, 128, 10, 10)                                                                      \
    X(0x54, ASTC_2D_12X10, 128, 12, 10)                                                                      \
    X(0x46, ASTC_2D_12X12, 128, 12, 12)

typedef enum mw_tic_components {
#define MW_TIC_ENUM_(v, name, bits, bw, bh) MW_TIC_##name = v,
    MW_TIC_COMPONENTS(MW_TIC_ENUM_)
#undef MW_TIC_ENUM_
} mw_tic_components;

typedef struct mw_tic_format {
    uint32_t components; /* the COMPONENTS value */
    const char *name;    /* as clb197tex.h spells it, e.g. "A8B8G8R8" */
    uint32_t bits_per_block;
    uint32_t block_width, block_height; /* texels per block */
} mw_tic_format;

/* The format of a COMPONENTS value, or NULL when the header defines none. */
const mw_tic_format *mw_tic_format_info(uint32_t components);

/* A decoded header: every field clb197tex.h gives the five Maxwell
 * layouts. Fields a layout does not have are 0 (e.g. pitch in a block-
 * linear header). Sizes are stored as the counts (the *_MINUS_ONE fields
 * plus one). */
typedef struct mw_tic {
    uint32_t version;          /* mw_tic_version, HEADER_VERSION MW(87:85) */
    const mw_tic_format *format; /* from components; NULL when undefined */
    /* word 0, every layout */
    uint32_t components;  /* MW(6:0) */
    uint8_t data_type[4]; /* R, G, B, A: MW(9:7), MW(12:10), MW(15:13), MW(18:16) */
    uint8_t source[4];    /* X, Y, Z, W swizzle: MW(21:19), MW(24:22), MW(27:25), MW(30:28) */
    bool pack_components; /* MW(31:31) */
    /* address: 48 bits; block-linear keeps bits 31-9 (MW(63:41)), pitch
     * bits 31-5 (MW(63:37)), 1D buffer bits 31-0 (MW(63:32)); all keep
     * bits 47-32 in MW(79:64) */
    uint64_t address;
    uint32_t reserved_address;             /* MW(84:80) */
    uint32_t reserved_header_version;      /* MW(88:88) */
    uint32_t resource_view_coherency_hash; /* MW(92:89) */
    /* block-linear (and colour key) */
    uint32_t gob_depth_offset;       /* MW(38:37) */
    uint32_t gobs_per_block_width;   /* log2, MW(98:96) (only ONE_GOB = 0 defined) */
    uint32_t gobs_per_block_height;  /* log2, MW(101:99), 0-5 */
    uint32_t gobs_per_block_depth;   /* log2, MW(104:102), 0-5 */
    uint32_t tile_width_in_gobs;     /* log2, MW(108:106), 0-5 */
    bool gob3d;                      /* MW(109:109) */
    /* pitch (and colour key): bytes per row, bits 20-5 in MW(111:96) */
    uint32_t pitch;
    /* texture sampling controls, every layout but 1D buffer */
    bool lod_aniso_quality2;             /* MW(112:112) */
    bool lod_aniso_quality;              /* MW(113:113): 0 LOW, 1 HIGH */
    bool lod_iso_quality;                /* MW(114:114) */
    uint32_t aniso_coarse_spread_modifier; /* MW(116:115) */
    uint32_t aniso_spread_scale;         /* MW(121:117) */
    bool use_header_opt_control;         /* MW(122:122) */
    bool depth_texture;                  /* MW(123:123) */
    uint32_t max_mip_level;              /* MW(127:124) */
    uint64_t width;  /* WIDTH_MINUS_ONE + 1: MW(143:128); 1D buffer: bits 31-16 MW(111:96), 15-0 MW(143:128) */
    uint32_t aniso_spread_max_log2;      /* MW(149:147) */
    bool srgb_conversion;                /* S_R_G_B_CONVERSION MW(150:150), every layout */
    uint32_t texture_type;               /* mw_tic_type, MW(154:151), every layout */
    uint32_t sector_promotion;           /* MW(156:155), every layout */
    uint32_t border_size;                /* MW(159:157): 0-3 = 1,2,4,8 texels, 7 = sampler colour */
    uint32_t height;                     /* HEIGHT_MINUS_ONE + 1, MW(175:160) */
    uint32_t depth;                      /* DEPTH_MINUS_ONE + 1, MW(189:176): depth or array size */
    bool normalized_coords;              /* MW(191:191) */
    bool color_key_op;                   /* colour-key layouts: MW(192:192) */
    uint32_t trilin_opt;                 /* MW(197:193) */
    uint32_t mip_lod_bias;               /* MW(210:198), 13 bits as stored */
    uint32_t aniso_bias;                 /* MW(214:211) */
    uint32_t aniso_fine_spread_func;     /* MW(216:215) */
    uint32_t aniso_coarse_spread_func;   /* MW(218:217) */
    uint32_t max_anisotropy;             /* MW(221:219): 1, 2, 4, 6, 8, 10, 12, 16 to 1 */
    uint32_t aniso_fine_spread_modifier; /* MW(223:222) */
    /* layouts without a colour key */
    uint32_t res_view_min_mip_level;     /* MW(227:224) */
    uint32_t res_view_max_mip_level;     /* MW(231:228) */
    uint32_t multi_sample_count;         /* MW(235:232): MODE_1X1 0 ... MODE_4X2_VC_24 0xb */
    uint32_t min_lod_clamp;              /* MW(247:236), 12 bits as stored */
    /* colour-key layouts */
    uint32_t color_key_value;            /* MW(255:224) */
    /* Kepler-style headers only (mw_tic_decode_kepler) */
    uint32_t kepler_version;   /* 1, or 2 when TEXHEAD4 USE_TEXTURE_HEADER_VERSION2 (31:31); 0: a Maxwell header */
    bool pitch_layout;         /* TEXHEAD2 MEMORY_LAYOUT (18:18): 0 BLOCKLINEAR, 1 PITCH */
    bool border_color_source;  /* TEXHEAD2 BORDER_SOURCE (30:30): 0 BORDER_TEXTURE, 1 BORDER_COLOR */
    const char *problem; /* why decoding returned BAD_DATA; NULL when OK */
} mw_tic;

/* Decodes a header. Returns OK, or BAD_DATA (with `problem` set and every
 * field still decoded) for an undefined header version, texture type,
 * component layout, swizzle source, block size, border size or sample
 * mode. */
glhle_result mw_tic_decode(const uint32_t w[8], mw_tic *out);

/* Decodes a Kepler-style header (TEXHEAD0-7; version 2 when TEXHEAD4 bit 31
 * is set, whose word 7 holds the resource view, sample count, LOD clamp and
 * the HEIGHT_MSB / DEPTH_MSB bits instead of the colour key; version 3 is
 * version 2 with USE_COMPONENT_SIZES_EXTENDED, which selects the ASTC
 * component sizes). The layout goes to `version` (ONE_D_BUFFER for that
 * texture type, else PITCH or BLOCKLINEAR from MEMORY_LAYOUT, the
 * COLOR_KEY forms for version 1, whose word 7 is the key), COMPONENT_SIZES
 * | EXTENDED << 6 to `components` (the same table as the Maxwell headers:
 * version 3's ASTC values are the Maxwell ones less 0x40), the 40-bit
 * address (OFFSET_LOWER, OFFSET_UPPER) to `address`; WIDTH, HEIGHT and
 * DEPTH are counts as stored (no minus one), PITCH is in bytes. */
glhle_result mw_tic_decode_kepler(const uint32_t w[8], mw_tic *out);

/* TSC, clb197tex.h "Texture Sampler State" (TEXSAMP0-7, bits per word). */
typedef struct mw_tsc {
    uint32_t address_u, address_v, address_p; /* TEXSAMP0 2:0, 5:3, 8:6: WRAP 0 ... MIRROR_ONCE_CLAMP_OGL 7 */
    bool depth_compare;                       /* 9:9 */
    uint32_t depth_compare_func;              /* 12:10: ZC_NEVER 0 ... ZC_ALWAYS 7 */
    bool srgb_conversion;                     /* 13:13 */
    uint32_t reserved0a, reserved0b; /* 16:14, 19:17 (deko3d's TSC names them font filter width/height) */
    uint32_t max_anisotropy;         /* 22:20 */
    uint32_t mag_filter;             /* TEXSAMP1 2:0: MAG_POINT 1, MAG_LINEAR 2, VCAA_4_TAP 3, VCAA_8_TAP 4 */
    bool min_lod_clamp_integer_only; /* 3:3 MIN_LOD_CLAMP_BEHAVIOR_FOR_NEAREST_MIP */
    uint32_t min_filter;             /* 5:4: MIN_POINT 1, MIN_LINEAR 2, MIN_ANISO 3 */
    uint32_t mip_filter;             /* 7:6: MIP_NONE 1, MIP_POINT 2, MIP_LINEAR 3 */
    uint32_t cubemap_interface_filtering; /* 9:8 */
    uint32_t reduction_filter;       /* 11:10: RED_NONE 0, RED_MINIMUM 1, RED_MAXIMUM 2 */
    uint32_t mip_lod_bias;           /* 24:12, 13 bits as stored */
    bool force_unnormalized_coords;  /* 25:25 FLOAT_COORD_NORMALIZATION */
    uint32_t trilin_opt;             /* 30:26 */
    uint32_t min_lod_clamp;          /* TEXSAMP2 11:0, 12 bits as stored */
    uint32_t max_lod_clamp;          /* TEXSAMP2 23:12 */
    uint8_t srgb_border_color[3];    /* R TEXSAMP2 31:24, G TEXSAMP3 19:12, B TEXSAMP3 27:20 */
    uint32_t reserved12;             /* TEXSAMP3 11:0 */
    uint32_t border_color[4];        /* TEXSAMP4-7, the raw 32-bit words */
    const char *problem;
} mw_tsc;

/* Decodes a sampler. BAD_DATA (with `problem`, fields still decoded) for
 * an undefined filter or reduction value. */
glhle_result mw_tsc_decode(const uint32_t w[8], mw_tsc *out);

/* The fixed-point LOD fields as numbers (deko3d tsc_generate.cpp and yuzu
 * texture.h: 8 fractional bits; the bias is a signed 13-bit value). */
float mw_tex_lod_bias(uint32_t raw13);
float mw_tex_lod_clamp(uint32_t raw12);
/* MAX_ANISOTROPY as a ratio: 1, 2, 4, 6, 8, 10, 12, 16 */
uint32_t mw_tex_anisotropy(uint32_t max_anisotropy);
/* Names for printers: "BLOCKLINEAR", "TWO_D", "UNORM", "IN_R", ... (the
 * header's spelling); "?" for undefined values. */
const char *mw_tic_version_name(uint32_t version);
const char *mw_tic_type_name(uint32_t type);
const char *mw_tic_data_type_name(uint32_t data_type);
const char *mw_tic_source_name(uint32_t source);

#endif
