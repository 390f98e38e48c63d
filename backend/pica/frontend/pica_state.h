/* Decoded PICA200 state: typed, plain-data views of every register group,
 * the data the FIFO registers fill (LUTs, shader code and uniforms, fixed
 * attributes) and one dirty bit per group.
 *
 * Producers and consumers:
 *  - regs.c writes the register file and the FIFO data here; a write that
 *    changes a value sets the dirty bit of its group (a write of the same
 *    value sets nothing).
 *  - decode_*.c turn register words into the typed group structs. They are
 *    pure functions of the register file; pica_get_state() (pica_instance.h)
 *    re-decodes only the groups written since their last decode, so the
 *    structs are current whenever a hook runs.
 *  - The renderer (vertex loading, shader keys, uniform uploads) reads these
 *    structs inside its draw hook and clears the dirty bits it has consumed.
 *
 * Bit positions are from 3dbrew GPU/Internal_Registers (seed reference 000
 * from line ~953, and the later page in mikage-emu/3dbrew); where Azahar
 * (src/video_core/pica/regs_*.h) settled something 3dbrew leaves open, the
 * field says so. Raw enum values are kept as the hardware encodes them; the
 * pica_* enums below name them. */
#ifndef GLHLE_PICA_STATE_H
#define GLHLE_PICA_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/pica/frontend/shader_setup.h"

#define PICA_REG_COUNT 0x300

/* ---- groups and dirty bits -------------------------------------------------
 * A group is the unit of dirty tracking. The register groups are decoded
 * into the structs below; the data groups are filled directly by FIFO
 * writes. PICA_DIRTY(NAME) is the group's bit in pica_state.dirty. */
#define PICA_GROUPS(X)                                                                            \
    X(RASTER)       /* culling, viewport, clip planes, depth map, scissor, early depth (0x040-0x06E, 0x118) */ \
    X(OUTMAP)       /* shader output map: SH_OUTMAP_TOTAL/O0-O6, OUTATTR_MODE/CLOCK */            \
    X(TEXTURE)      /* texture units 0-2 and TEXUNIT_CONFIG (0x080-0x09E) */                     \
    X(PROCTEX)      /* procedural texture configuration (0x0A8-0x0AD) */                         \
    X(TEV)          /* combiner stages 0-5 and the combiner-buffer update bits */                \
    X(TEV_COLOR)    /* combiner constant colours and TEXENV_BUFFER_COLOR (uniform data) */       \
    X(FOG)          /* fog/gas mode, fog colour, gas parameters */                               \
    X(FRAGOP)       /* blending, logic op, alpha/stencil/depth tests, masks, shadow (0x100-0x107, 0x130) */ \
    X(FRAMEBUFFER)  /* buffer formats, locations, dimensions, access (0x110-0x11E) */            \
    X(LIGHTING)     /* global fragment-lighting configuration */                                 \
    X(LIGHTS)       /* the eight lights' colours, positions, spot, attenuation (uniform data) */ \
    X(GEOMETRY)     /* attribute buffers, index buffer, counts, geometry stage, primitive */     \
    X(VS_CONFIG)    /* vertex shader unit: input count, entry point, permutation, output mask */ \
    X(GS_CONFIG)    /* geometry shader unit: the same */                                         \
    X(VS_UNIFORMS)  /* vs_setup float/bool/int uniforms */                                       \
    X(GS_UNIFORMS)  /* gs_setup float/bool/int uniforms */                                       \
    X(VS_PROGRAM)   /* vs_setup code or operand descriptors (also bumps program_generation) */   \
    X(GS_PROGRAM)   /* gs_setup code or operand descriptors */                                   \
    X(FIXED_ATTRIB) /* fixed vertex attribute values */                                          \
    X(LIGHTING_LUT) /* lighting LUT contents (which LUTs: pica_state.lighting_lut_dirty) */      \
    X(FOG_LUT)      /* fog LUT contents */                                                       \
    X(GAS_LUT)      /* gas LUT contents */                                                       \
    X(PROCTEX_LUT)  /* proctex LUT contents (which tables: pica_state.proctex_lut_dirty) */

typedef enum pica_group {
    PICA_GROUP_NONE = 0, /* no decoded state depends on the register (FIFO ports, triggers) */
#define PICA_GROUP_ENUM_(name) PICA_GROUP_##name,
    PICA_GROUPS(PICA_GROUP_ENUM_)
#undef PICA_GROUP_ENUM_
    PICA_GROUP_COUNT
} pica_group;
_Static_assert(PICA_GROUP_COUNT <= 32, "dirty bits are a uint32_t");

#define PICA_DIRTY(name) (1u << PICA_GROUP_##name)
#define PICA_DIRTY_ALL (((PICA_GROUP_COUNT == 32) ? 0u : (1u << PICA_GROUP_COUNT)) - 2u)

/* ---- rasterizer (0x040-0x07F) ---------------------------------------------- */

typedef enum pica_cull_mode {
    PICA_CULL_NONE = 0,
    PICA_CULL_CCW = 1, /* "front face (counter clockwise)": counter-clockwise triangles are dropped */
    PICA_CULL_CW = 2,  /* "back face (counter clockwise)": clockwise triangles are dropped */
} pica_cull_mode;

typedef enum pica_scissor_mode {
    PICA_SCISSOR_DISABLED = 0,
    PICA_SCISSOR_EXCLUDE = 1, /* drop pixels inside the box (Azahar; 3dbrew only names 0 and 3) */
    PICA_SCISSOR_INCLUDE = 3, /* drop pixels outside the box */
} pica_scissor_mode;

typedef struct pica_raster_state {
    uint8_t cull;                  /* pica_cull_mode; raw 3 decodes as NONE (Azahar "KeepAll2") */
    uint8_t cull_raw;              /* FACECULLING_CONFIG bits 0-1 */
    float viewport_half_width;     /* VIEWPORT_WIDTH f24: width / 2 */
    float viewport_inv_half_width; /* VIEWPORT_INVW f31 in bits 1-31: 2 / width */
    float viewport_half_height;
    float viewport_inv_half_height;
    int16_t viewport_x, viewport_y; /* VIEWPORT_XY, signed 10-bit each */
    bool clip_enable;              /* FRAGOP_CLIP bit 0 */
    float clip_plane[4];           /* FRAGOP_CLIP_DATA0-3 f24 */
    /* Window depth = z/w * depth_scale + depth_offset when depthmap_enable
     * is set; when it is clear (w-buffering) that value is multiplied by w,
     * (z/w * scale + offset) * w = z * scale + w * offset (DEPTHMAP_ENABLE;
     * Azahar: 0 = WBuffering, 1 = ZBuffering, and its renderers' "z * scale
     * + w * offset"). shadergen/pica_fs.c and pica_ref.c compute this. */
    bool depthmap_enable;
    float depth_scale;             /* DEPTHMAP_SCALE f24: near - far */
    float depth_offset;            /* DEPTHMAP_OFFSET f24: near + polygon offset */
    uint8_t scissor_mode;          /* pica_scissor_mode, SCISSORTEST_MODE bits 0-1 */
    uint16_t scissor_x1, scissor_y1; /* SCISSORTEST_POS bits 0-9, 16-25 */
    uint16_t scissor_x2, scissor_y2; /* SCISSORTEST_DIM bits 0-9, 16-25 (inclusive end) */
    bool early_depth_test1;        /* EARLYDEPTH_TEST1 bit 0 */
    bool early_depth_test2;        /* EARLYDEPTH_TEST2 (0x118) bit 0 */
    uint8_t early_depth_func;      /* EARLYDEPTH_FUNC: 0 >=, 1 >, 2 <=, 3 < */
    uint32_t early_depth_clear;    /* EARLYDEPTH_DATA bits 0-23 */
    uint16_t renderbuf_width;      /* RENDERBUF_DIM bits 0-10 */
    uint16_t renderbuf_height;     /* RENDERBUF_DIM bits 12-21, + 1 */
} pica_raster_state;

/* ---- shader output map ----------------------------------------------------- */

/* Semantics of SH_OUTMAP_Oi components (3dbrew). */
typedef enum pica_semantic {
    PICA_SEM_POSITION_X = 0x00, PICA_SEM_POSITION_Y, PICA_SEM_POSITION_Z, PICA_SEM_POSITION_W,
    PICA_SEM_NORMQUAT_X = 0x04, PICA_SEM_NORMQUAT_Y, PICA_SEM_NORMQUAT_Z, PICA_SEM_NORMQUAT_W,
    PICA_SEM_COLOR_R = 0x08, PICA_SEM_COLOR_G, PICA_SEM_COLOR_B, PICA_SEM_COLOR_A,
    PICA_SEM_TEXCOORD0_U = 0x0C, PICA_SEM_TEXCOORD0_V, PICA_SEM_TEXCOORD1_U, PICA_SEM_TEXCOORD1_V,
    PICA_SEM_TEXCOORD0_W = 0x10,
    PICA_SEM_VIEW_X = 0x12, PICA_SEM_VIEW_Y, PICA_SEM_VIEW_Z,
    PICA_SEM_TEXCOORD2_U = 0x16, PICA_SEM_TEXCOORD2_V,
    PICA_SEM_UNUSED = 0x1F,
} pica_semantic;

typedef struct pica_outmap_state {
    uint8_t total;          /* SH_OUTMAP_TOTAL bits 0-2: map slots in use */
    uint8_t semantic[7][4]; /* SH_OUTMAP_O0-O6: semantic of x, y, z, w (5 bits each) */
    bool use_texcoords;     /* SH_OUTATTR_MODE bit 0 */
    uint32_t clock;         /* SH_OUTATTR_CLOCK, raw (bit 0 position.z, 1 colour, 8-10 texcoord0-2, 16 texcoord0.w, 24 normquat/view) */
} pica_outmap_state;

/* ---- texturing (0x080-0x0FF) ----------------------------------------------- */

typedef enum pica_tex_format {
    PICA_TEX_RGBA8 = 0, PICA_TEX_RGB8, PICA_TEX_RGB5A1, PICA_TEX_RGB565, PICA_TEX_RGBA4,
    PICA_TEX_IA8, PICA_TEX_HILO8, PICA_TEX_I8, PICA_TEX_A8, PICA_TEX_IA4, PICA_TEX_I4, PICA_TEX_A4,
    PICA_TEX_ETC1, PICA_TEX_ETC1A4,
} pica_tex_format;

typedef enum pica_tex_type {
    PICA_TEXTYPE_2D = 0, PICA_TEXTYPE_CUBE, PICA_TEXTYPE_SHADOW_2D, PICA_TEXTYPE_PROJECTION,
    PICA_TEXTYPE_SHADOW_CUBE, PICA_TEXTYPE_DISABLED,
} pica_tex_type;

/* 0-3 from 3dbrew; 4-7 from Azahar: 4/5 clamp to edge/border for positive
 * coordinates and repeat for negative ones, 6/7 repeat. */
typedef enum pica_tex_wrap {
    PICA_WRAP_CLAMP_TO_EDGE = 0, PICA_WRAP_CLAMP_TO_BORDER, PICA_WRAP_REPEAT, PICA_WRAP_MIRRORED_REPEAT,
    PICA_WRAP_CLAMP_TO_EDGE2, PICA_WRAP_CLAMP_TO_BORDER2, PICA_WRAP_REPEAT2, PICA_WRAP_REPEAT3,
} pica_tex_wrap;

typedef struct pica_tex_unit_state {
    bool enabled;         /* TEXUNIT_CONFIG bit 0/1/2 */
    uint8_t border[4];    /* BORDER_COLOR r, g, b, a */
    uint16_t width;       /* DIM bits 16-26 */
    uint16_t height;      /* DIM bits 0-10 */
    uint8_t mag_filter;   /* PARAM bit 1: 0 nearest, 1 linear */
    uint8_t min_filter;   /* PARAM bit 2 */
    uint8_t mip_filter;   /* PARAM bit 24 */
    uint8_t wrap_s;       /* PARAM bits 12-14, pica_tex_wrap */
    uint8_t wrap_t;       /* PARAM bits 8-10 */
    uint8_t etc1;         /* PARAM bits 4-5 (2 = ETC1; still 0 for ETC1A4) */
    bool shadow;          /* PARAM bit 20 (unit 0 only) */
    uint8_t type;         /* PARAM bits 28-30 for unit 0 (pica_tex_type); units 1-2 are 2D */
    float lod_bias;       /* LOD bits 0-12, fixed1.4.8 */
    uint8_t lod_max;      /* LOD bits 16-19 */
    uint8_t lod_min;      /* LOD bits 24-27 */
    uint32_t address;     /* ADDR(1) bits 0-27 << 3: physical address */
    uint8_t format;       /* TYPE bits 0-3, pica_tex_format */
} pica_tex_unit_state;

typedef struct pica_texturing_state {
    pica_tex_unit_state unit[3];
    /* Unit 0 cube faces +X, -X, +Y, -Y, +Z, -Z: ADDR1 is +X; ADDR2-6 give
     * bits 0-21 and reuse ADDR1's upper 6 bits (3dbrew TEXUNITi_ADDRi). */
    uint32_t cube_address[6];
    bool shadow_orthographic;  /* TEXUNIT0_SHADOW bit 0: 0 = perspective divide (3dbrew's later page, Azahar) */
    uint32_t shadow_zbias;     /* TEXUNIT0_SHADOW bits 1-23: upper 23 bits of a fixed0.0.24 */
    bool tex3_enabled;         /* TEXUNIT_CONFIG bit 10: procedural texture unit */
    uint8_t tex3_coords;       /* bits 8-9: coordinates of texture 0, 1 or 2 */
    bool tex2_uses_coord1;     /* bit 13 */
} pica_texturing_state;

/* ---- procedural texture ------------------------------------------------------ */

typedef struct pica_proctex_state {
    uint8_t u_clamp, v_clamp;    /* PROCTEX0 bits 0-2, 3-5: 0 zero, 1 edge, 2 symmetric repeat, 3 mirrored, 4 pulse */
    uint8_t rgb_func;            /* bits 6-9: 0 U, 1 U^2, 2 V, 3 V^2, 4 (U+V)/2, 5 (U^2+V^2)/2, 6 sqrt(U^2+V^2), 7 min, 8 max, 9 rmax */
    uint8_t alpha_func;          /* bits 10-13 */
    bool separate_alpha;         /* bit 14 */
    bool noise_enable;           /* bit 15 */
    uint8_t u_shift, v_shift;    /* bits 16-17, 18-19: 0 none, 1 odd, 2 even */
    uint16_t bias_f16;           /* f16: low byte PROCTEX0 bits 20-27, high byte PROCTEX4 bits 19-26 */
    float bias;
    float noise_u_amplitude;     /* PROCTEX1 bits 0-15, fixed1.3.12 */
    float noise_u_phase;         /* PROCTEX1 bits 16-31, f16 */
    float noise_v_amplitude;     /* PROCTEX2 */
    float noise_v_phase;
    float noise_u_frequency;     /* PROCTEX3 bits 0-15, f16 */
    float noise_v_frequency;     /* PROCTEX3 bits 16-31 */
    uint8_t filter;              /* PROCTEX4 bits 0-2: nearest, linear, then the four mipmap modes */
    uint8_t lod_min, lod_max;    /* PROCTEX4 bits 3-6, 7-10 (3dbrew's later page; the seed calls them a constant 0x60) */
    uint8_t width;               /* PROCTEX4 bits 11-18 */
    uint8_t level_offset[4];     /* PROCTEX5 bytes: level 0-3 offsets in the colour table */
} pica_proctex_state;

/* Table ids of PROCTEX_LUT bits 8-11 (3dbrew). */
enum {
    PICA_PROCTEX_LUT_NOISE = 0,
    PICA_PROCTEX_LUT_RGB_MAP = 2,
    PICA_PROCTEX_LUT_ALPHA_MAP = 3,
    PICA_PROCTEX_LUT_COLOR = 4,
    PICA_PROCTEX_LUT_COLOR_DIFF = 5,
};

/* ---- texture combiners ------------------------------------------------------ */

typedef enum pica_tev_source {
    PICA_TEVSRC_PRIMARY_COLOR = 0x0, PICA_TEVSRC_FRAG_PRIMARY = 0x1, PICA_TEVSRC_FRAG_SECONDARY = 0x2,
    PICA_TEVSRC_TEXTURE0 = 0x3, PICA_TEVSRC_TEXTURE1 = 0x4, PICA_TEVSRC_TEXTURE2 = 0x5,
    PICA_TEVSRC_TEXTURE3 = 0x6, PICA_TEVSRC_PREVIOUS_BUFFER = 0xD, PICA_TEVSRC_CONSTANT = 0xE,
    PICA_TEVSRC_PREVIOUS = 0xF,
} pica_tev_source;

typedef enum pica_tev_combine {
    PICA_TEVOP_REPLACE = 0, PICA_TEVOP_MODULATE, PICA_TEVOP_ADD, PICA_TEVOP_ADD_SIGNED,
    PICA_TEVOP_INTERPOLATE, PICA_TEVOP_SUBTRACT, PICA_TEVOP_DOT3_RGB, PICA_TEVOP_DOT3_RGBA,
    PICA_TEVOP_MULTIPLY_ADD, PICA_TEVOP_ADD_MULTIPLY,
} pica_tev_combine;

typedef struct pica_tev_stage {
    uint8_t rgb_source[3];   /* SOURCE bits 0-3, 4-7, 8-11 (pica_tev_source) */
    uint8_t alpha_source[3]; /* SOURCE bits 16-19, 20-23, 24-27 */
    uint8_t rgb_operand[3];  /* OPERAND bits 0-3, 4-7, 8-11 */
    uint8_t alpha_operand[3];/* OPERAND bits 12-14, 16-18, 20-22 */
    uint8_t rgb_combine;     /* COMBINER bits 0-3 (pica_tev_combine) */
    uint8_t alpha_combine;   /* COMBINER bits 16-19 */
    uint8_t rgb_scale;       /* SCALE bits 0-1: 0 1x, 1 2x, 2 4x (3 acts as 1x, Azahar) */
    uint8_t alpha_scale;     /* SCALE bits 16-17 */
} pica_tev_stage;

typedef struct pica_tev_state {
    pica_tev_stage stage[6];
    /* TEXENV_UPDATE_BUFFER bits 8-11 / 12-15: bit i set = stage i's result
     * is written to the combiner buffer that stage i+1 reads as "previous
     * buffer" (only stages 0-3; 3dbrew numbers these "TexEnv 1-4 buffer
     * input", Azahar TevStageUpdatesCombinerBuffer(i)). */
    uint8_t buffer_update_rgb;
    uint8_t buffer_update_alpha;
} pica_tev_state;

typedef struct pica_tev_colors {
    uint8_t constant[6][4]; /* TEXENVi_COLOR r, g, b, a */
    uint8_t buffer[4];      /* TEXENV_BUFFER_COLOR: the combiner buffer's initial value */
} pica_tev_colors;

/* ---- fog and gas ---------------------------------------------------------- */

enum { PICA_FOG_DISABLED = 0, PICA_FOG_FOG = 5, PICA_FOG_GAS = 7 };

typedef struct pica_fog_state {
    uint8_t mode;              /* TEXENV_UPDATE_BUFFER bits 0-2 */
    bool density_from_depth;   /* bit 3: gas shading density source (0 plain, 1 depth) */
    bool z_flip;               /* bit 16: index the fog LUT with 1 - depth */
    uint8_t color[3];          /* FOG_COLOR r, g, b */
    float gas_attenuation;     /* GAS_ATTENUATION f16 */
    float gas_accmax;          /* GAS_ACCMAX f16 */
    uint8_t gas_planar_min, gas_planar_max, gas_planar_atten; /* GAS_LIGHT_XY bytes 0-2 */
    uint8_t gas_view_min, gas_view_max, gas_view_atten;       /* GAS_LIGHT_Z bytes 0-2 */
    uint8_t gas_view_color;    /* GAS_LIGHT_Z_COLOR bits 0-7 */
    uint8_t gas_lut_input;     /* GAS_LIGHT_Z_COLOR bit 8: 0 density, 1 light factor (3dbrew later page) */
    float gas_deltaz;          /* GAS_DELTAZ_DEPTH bits 0-23, fixed0.16.8 */
    uint8_t gas_depth_func;    /* GAS_DELTAZ_DEPTH bits 24-25 (3dbrew later page) */
} pica_fog_state;

/* ---- per-fragment operations and framebuffer (0x100-0x13F) ----------------- */

enum { PICA_FRAGOP_DEFAULT = 0, PICA_FRAGOP_GAS = 1, PICA_FRAGOP_SHADOW = 3 };

/* Compare functions of alpha, stencil and depth tests. */
typedef enum pica_compare {
    PICA_CMP_NEVER = 0, PICA_CMP_ALWAYS, PICA_CMP_EQUAL, PICA_CMP_NOTEQUAL,
    PICA_CMP_LESS, PICA_CMP_LEQUAL, PICA_CMP_GREATER, PICA_CMP_GEQUAL,
} pica_compare;

typedef struct pica_fragop_state {
    uint8_t mode;               /* COLOR_OPERATION bits 0-1 */
    bool blend;                 /* COLOR_OPERATION bit 8: 1 blending, 0 logic op */
    uint8_t blend_eq_rgb;       /* BLEND_FUNC bits 0-2: add, sub, reverse sub, min, max (5-7 act as add, 3dbrew) */
    uint8_t blend_eq_alpha;     /* bits 8-10 */
    uint8_t blend_src_rgb;      /* bits 16-19: zero, one, src colour, ... src alpha saturate (0-14) */
    uint8_t blend_dst_rgb;      /* bits 20-23 */
    uint8_t blend_src_alpha;    /* bits 24-27 */
    uint8_t blend_dst_alpha;    /* bits 28-31 */
    uint8_t logic_op;           /* LOGIC_OP bits 0-3 */
    uint8_t blend_color[4];     /* BLEND_COLOR r, g, b, a */
    bool alpha_test;            /* FRAGOP_ALPHA_TEST bit 0 */
    uint8_t alpha_func;         /* bits 4-6, pica_compare */
    uint8_t alpha_ref;          /* bits 8-15 */
    bool stencil_test;          /* STENCIL_TEST bit 0 */
    uint8_t stencil_func;       /* bits 4-6 */
    uint8_t stencil_write_mask; /* bits 8-15 ("buffer mask") */
    uint8_t stencil_ref;        /* bits 16-23 */
    uint8_t stencil_input_mask; /* bits 24-31 */
    uint8_t stencil_fail, stencil_zfail, stencil_zpass; /* STENCIL_OP bits 0-2, 4-6, 8-10 */
    bool depth_test;            /* DEPTH_COLOR_MASK bit 0 (off acts as ALWAYS; writes still happen) */
    uint8_t depth_func;         /* bits 4-6 */
    uint8_t color_write_mask;   /* bits 8-11: bit 0 red ... bit 3 alpha */
    bool depth_write;           /* bit 12 */
    float shadow_constant;      /* FRAGOP_SHADOW bits 0-15 f16: penumbra scale + bias */
    float shadow_linear;        /* bits 16-31 f16: penumbra scale, sign reversed */
} pica_fragop_state;

enum { PICA_DEPTH_D16 = 0, PICA_DEPTH_D24 = 2, PICA_DEPTH_D24S8 = 3 };
/* 1 = RGB8 is Azahar's; 3dbrew lists 0, 2, 3, 4. */
enum { PICA_COLOR_RGBA8 = 0, PICA_COLOR_RGB8 = 1, PICA_COLOR_RGB5A1 = 2, PICA_COLOR_RGB565 = 3, PICA_COLOR_RGBA4 = 4 };

typedef struct pica_framebuffer_state {
    uint8_t color_read;       /* COLORBUFFER_READ bits 0-3 (0 off, 0xF on) */
    uint8_t color_write;      /* COLORBUFFER_WRITE bits 0-3 */
    bool stencil_read, depth_read;   /* DEPTHBUFFER_READ bits 0, 1 */
    bool stencil_write, depth_write; /* DEPTHBUFFER_WRITE bits 0, 1 */
    uint8_t depth_format;     /* DEPTHBUFFER_FORMAT bits 0-1 */
    uint8_t color_format;     /* COLORBUFFER_FORMAT bits 16-18 */
    uint8_t color_pixel_size; /* COLORBUFFER_FORMAT bits 0-1: 0 16-bit, 2 32-bit */
    bool block32;             /* FRAMEBUFFER_BLOCK32 bit 0: 32x32 tiles instead of 8x8 */
    uint32_t depth_address;   /* DEPTHBUFFER_LOC bits 0-27 << 3 */
    uint32_t color_address;   /* COLORBUFFER_LOC bits 0-27 << 3 */
    uint16_t width;           /* FRAMEBUFFER_DIM bits 0-10 */
    uint16_t height;          /* FRAMEBUFFER_DIM bits 12-21, + 1 */
    bool dim_bit24;           /* FRAMEBUFFER_DIM bit 24 (3dbrew: always 1; clear = the picture mirrored
                                 top to bottom: Azahar IsFlipped, the draw path's pica_gl_fixed.flip_y) */
} pica_framebuffer_state;

/* ---- fragment lighting (0x140-0x1FF) --------------------------------------- */

/* The seven LUT inputs, in the order of the 4-bit fields of
 * LIGHTING_LUTINPUT_ABS/SELECT/SCALE; apart from SP, also the LUT id. */
typedef enum pica_light_lut {
    PICA_LUT_D0 = 0, PICA_LUT_D1 = 1, PICA_LUT_SP = 2, PICA_LUT_FR = 3,
    PICA_LUT_RB = 4, PICA_LUT_RG = 5, PICA_LUT_RR = 6,
} pica_light_lut;
/* LIGHTING_LUT_INDEX table ids: D0 0, D1 1, FR 3, RB 4, RG 5, RR 6, spot
 * attenuation of light n 8 + n, distance attenuation of light n 16 + n. */
#define PICA_LIGHTING_LUT_COUNT 24
#define PICA_LIGHTING_LUT_SP(n) (8 + (n))
#define PICA_LIGHTING_LUT_DA(n) (16 + (n))

typedef struct pica_light_state {
    /* r, g, b from bits 20-29, 10-19, 0-9. 3dbrew documents 8-bit fields at
     * 20-27/10-17/0-7; Azahar reads the 10-bit spans with 255 = 1.0. The
     * full span is kept; 255 means 1.0. */
    uint16_t specular0[3], specular1[3], diffuse[3], ambient[3];
    float position[3];        /* LIGHTi_XY (x bits 0-15, y 16-31), LIGHTi_Z: f16 */
    float spot_direction[3];  /* SPOTDIR_XY/Z, fixed1.1.11, as stored (3dbrew: negated direction) */
    bool directional;         /* CONFIG bit 0: 1 directional, 0 positional */
    bool two_sided_diffuse;   /* bit 1 */
    bool geometric_factor0;   /* bit 2 */
    bool geometric_factor1;   /* bit 3 */
    float atten_bias;         /* ATTENUATION_BIAS f20 */
    float atten_scale;        /* ATTENUATION_SCALE f20 */
} pica_light_state;

typedef struct pica_lighting_state {
    bool enable0;             /* LIGHTING_ENABLE0 (0x08F) bit 0: 1 = lighting on */
    bool disable1;            /* LIGHTING_ENABLE1 (0x1C6) bit 0: 1 = lighting off (written together with enable0) */
    uint8_t num_lights;       /* LIGHTING_NUM_LIGHTS bits 0-2, + 1 */
    uint8_t light_id[8];      /* LIGHT_PERMUTATION: slot i uses light light_id[i] */
    uint16_t ambient[3];      /* LIGHTING_AMBIENT r, g, b (10-bit spans as for the lights) */
    /* CONFIG0 */
    bool shadow_enable;       /* bit 0 */
    uint8_t fresnel;          /* bits 2-3: 0 none, 1 primary alpha, 2 secondary alpha, 3 both */
    uint8_t config;           /* bits 4-7: LUT set 0-6 or 8 ("configuration 7") */
    bool shadow_primary, shadow_secondary, shadow_invert, shadow_alpha; /* bits 16, 17, 18, 19 */
    uint8_t bump_unit;        /* bits 22-23 */
    uint8_t shadow_unit;      /* bits 24-25 */
    bool clamp_highlights;    /* bit 27 */
    uint8_t bump_mode;        /* bits 28-29: 0 none, 1 bump map, 2 tangent map */
    bool bump_renorm_disabled;/* bit 30 */
    /* CONFIG1: disable bits (1 = disabled) */
    uint8_t shadow_disable;   /* bits 0-7, per light */
    uint8_t spot_disable;     /* bits 8-15, per light */
    uint8_t lut_disable;      /* bits 16-23 as bit (16 + LUT id): D0 16, D1 17, FR 19, RB 20, RG 21, RR 22
                                 (3dbrew; libctru GPU_LC1_LUTBIT(id) = BIT(id + 16); Azahar swaps RR and RB) */
    uint8_t dist_atten_disable; /* bits 24-31, per light */
    /* per LUT input, indexed by pica_light_lut */
    bool lut_abs[7];          /* LUTINPUT_ABS: the bit is 1 to DISABLE abs(); stored here as "abs on" */
    uint8_t lut_input[7];     /* LUTINPUT_SELECT: 0 N.H, 1 V.H, 2 N.V, 3 L.N, 4 -L.P, 5 cos phi */
    uint8_t lut_scale_code[7];/* LUTINPUT_SCALE: 0 1x, 1 2x, 2 4x, 3 8x, 6 0.25x, 7 0.5x (4 and 5 scale by 0, Azahar) */
    pica_light_state light[8];
} pica_lighting_state;

/* ---- geometry pipeline (0x200-0x27F) --------------------------------------- */

typedef enum pica_attrib_type {
    PICA_ATTRIB_BYTE = 0, PICA_ATTRIB_UBYTE = 1, PICA_ATTRIB_SHORT = 2, PICA_ATTRIB_FLOAT = 3,
} pica_attrib_type;

typedef struct pica_attrib_format {
    uint8_t type;       /* pica_attrib_type */
    uint8_t components; /* 1-4 (the "size" field + 1; Azahar: number of elements minus 1) */
    uint8_t elem_size;  /* bytes per component: 1, 1, 2, 4 */
    uint8_t size;       /* components * elem_size */
} pica_attrib_format;

/* Loader component codes 12-15 are 4/8/12/16 bytes of padding. */
#define PICA_LOADER_PADDING_FIRST 12

typedef struct pica_attrib_buffer {
    uint32_t offset;           /* ATTRIBBUFFERi_OFFSET bits 0-27, from attrib_base */
    uint32_t address;          /* attrib_base + offset (mod 2^32; the reader bounds-checks) */
    uint8_t stride;            /* CONFIG2 bits 16-23: bytes per vertex */
    uint8_t component_count;   /* CONFIG2 bits 28-31 */
    uint8_t component[12];     /* CONFIG1 bits 0-31, CONFIG2 bits 0-15: attribute 0-11 or padding 12-15 */
    /* Byte offset of each component in the vertex: attributes aligned to
     * their element size, padding to 4 (3dbrew GPU/Pitfalls; Azahar's
     * vertex_loader.cpp does the same). Components past 12 are ignored. */
    uint8_t component_offset[12];
} pica_attrib_buffer;

#define PICA_NO_BUFFER 0xFF

typedef struct pica_geometry_state {
    /* ATTRIBBUFFERS_LOC bits 1-28, in 16-byte units (Azahar: base_address * 16). */
    uint32_t attrib_base;
    pica_attrib_format attrib[12]; /* ATTRIBBUFFERS_FORMAT_LOW/HIGH per attribute */
    uint16_t fixed_attrib_mask;    /* FORMAT_HIGH bits 16-27: bit i = attribute i uses its fixed value */
    uint8_t attrib_count;          /* FORMAT_HIGH bits 28-31, + 1: attributes per vertex (1-16;
                                      12-15 always take fixed values, Azahar IsDefaultAttribute) */
    pica_attrib_buffer buffer[12];
    /* Where each attribute 0-11 is loaded from: buffer index (PICA_NO_BUFFER
     * for none) and byte offset in that buffer's vertex. When two buffers
     * name one attribute the later buffer wins (Azahar's loader order). */
    uint8_t attrib_buffer[12];
    uint8_t attrib_offset[12];
    uint32_t index_offset;         /* INDEXBUFFER_CONFIG bits 0-27 */
    uint32_t index_address;        /* attrib_base + index_offset */
    bool index_u16;                /* INDEXBUFFER_CONFIG bit 31: 1 = u16, 0 = u8 */
    uint32_t vertex_count;         /* NUMVERTICES */
    uint32_t vertex_offset;        /* VERTEX_OFFSET: first vertex of DRAWARRAYS (not used by DRAWELEMENTS) */
    uint8_t geostage_mode;         /* GEOSTAGE_CONFIG bits 0-1: 0 no geometry shader, 2 geometry shader */
    bool gs_enabled;               /* geostage_mode == 2 */
    bool triangle_elements;        /* GEOSTAGE_CONFIG bit 8 */
    bool gs_subdivision;           /* GEOSTAGE_CONFIG bit 31 */
    uint8_t post_vertex_cache;     /* POST_VERTEX_CACHE_NUM bits 0-7 */
    uint8_t vs_attrib_count;       /* VSH_NUM_ATTR bits 0-3, + 1: also the immediate-mode attribute count */
    bool gs_exclusive_config;      /* VSH_COM_MODE bit 0: 0 = VS writes also configure the GS unit */
    uint8_t vs_outmap_total1;      /* VSH_OUTMAP_TOTAL1 bits 0-3, + 1 */
    uint8_t vs_outmap_total2;      /* VSH_OUTMAP_TOTAL2 bits 0-3, + 1 */
    uint32_t gsh_misc0;            /* GSH_MISC0, raw (3dbrew: 1 subdivision, 0x01004302 particle system) */
    uint8_t gs_mode;               /* GSH_MISC0 bits 0-7 (Azahar: 0 point, 1 variable, 2 fixed primitive) */
    uint8_t gs_fixed_vertex_count; /* bits 8-11, + 1 */
    uint8_t gs_stride;             /* bits 12-15, + 1 */
    uint8_t gs_start_index;        /* bits 16-23 */
    uint32_t gsh_misc1;            /* GSH_MISC1 raw (3dbrew: subdivision type; Azahar: variable-primitive main vertex count - 1) */
    bool geostage2_function;       /* GEOSTAGE_CONFIG2 bit 0 */
    bool geostage2_triangle_elements; /* GEOSTAGE_CONFIG2 bit 8 */
    uint8_t primitive_mode;        /* PRIMITIVE_CONFIG bits 8-9, pica_primitive_mode */
    uint8_t primitive_outmap_total;/* PRIMITIVE_CONFIG bits 0-3, + 1 */
} pica_geometry_state;

typedef enum pica_primitive_mode {
    PICA_PRIM_TRIANGLES = 0, PICA_PRIM_TRIANGLE_STRIP = 1, PICA_PRIM_TRIANGLE_FAN = 2,
    PICA_PRIM_GEOMETRY = 3, /* primitives come from the geometry shader */
} pica_primitive_mode;

/* ---- shader units (0x280-0x2DF) ---------------------------------------------- */

typedef struct pica_shader_unit_state {
    uint8_t input_count;       /* INPUTBUFFER_CONFIG bits 0-3, + 1 */
    uint8_t subdivision;       /* bits 8-15 */
    uint8_t mode;              /* bits 24-31: 0x08 geometry shader, 0xA0 vertex shader */
    uint16_t entry_point;      /* ENTRYPOINT bits 0-15 (also in the unit's pica_shader_setup) */
    uint8_t input_register[16];/* ATTRIBUTES_PERMUTATION: input attribute i goes to v[input_register[i]] */
    uint16_t output_mask;      /* OUTMAP_MASK bits 0-15: o0-o15 enabled */
    uint8_t output_count;      /* bits set in output_mask */
} pica_shader_unit_state;

/* ---- everything ---------------------------------------------------------------- */

typedef struct pica_state {
    /* Set by writes that change a value (PICA_DIRTY bits); the renderer
     * clears what it has consumed. All set after creation. */
    uint32_t dirty;
    uint32_t lighting_lut_dirty; /* bit n: lighting LUT n changed */
    uint32_t proctex_lut_dirty;  /* bit n: proctex table n (PICA_PROCTEX_LUT_*) changed */

    pica_raster_state raster;
    pica_outmap_state outmap;
    pica_texturing_state texturing;
    pica_proctex_state proctex;
    pica_tev_state tev;
    pica_tev_colors tev_colors;
    pica_fog_state fog;
    pica_fragop_state fragop;
    pica_framebuffer_state framebuffer;
    pica_lighting_state lighting;
    pica_geometry_state geometry;
    pica_shader_unit_state vs, gs;

    /* FIFO-filled data, always current. */
    pica_shader_setup vs_setup, gs_setup;
    float fixed_attrib[16][4];      /* FIXEDATTRIB_DATA for index 0-14, f24 widened */
    uint32_t lighting_lut[PICA_LIGHTING_LUT_COUNT][256]; /* raw entries (pica_fs_lighting_lut_entry) */
    uint32_t fog_lut[128];          /* raw entries (pica_fs_fog_lut_entry) */
    uint32_t gas_lut[16];           /* raw: 0-7 signed deltas, 8-15 unsigned values, r/g/b bytes */
    uint32_t proctex_noise[128];    /* raw value/delta entries (pica_fs_proctex_lut_entry) */
    uint32_t proctex_rgb_map[128];
    uint32_t proctex_alpha_map[128];
    uint32_t proctex_color[256];    /* RGBA8, r in bits 0-7 */
    uint32_t proctex_color_diff[256]; /* four signed bytes, each half the difference to the next colour */
} pica_state;

/* The tables the LUT ports fill besides the lighting LUTs, listed once for
 * everything that carries them (the trace's state list, save states):
 * pica_state field, entries, then the index register, its value selecting
 * the table and the data port, as PICA_REG_ suffixes (3dbrew
 * GPU/Internal_Registers). */
#define PICA_STATE_TABLES(X)                                                                    \
    X(fog_lut, 128, FOG_LUT_INDEX, 0, FOG_LUT_DATA0)                                            \
    X(gas_lut, 16, GAS_LUT_INDEX, 0, GAS_LUT_DATA)                                              \
    X(proctex_noise, 128, PROCTEX_LUT, PICA_PROCTEX_LUT_NOISE << 8, PROCTEX_LUT_DATA0)           \
    X(proctex_rgb_map, 128, PROCTEX_LUT, PICA_PROCTEX_LUT_RGB_MAP << 8, PROCTEX_LUT_DATA0)       \
    X(proctex_alpha_map, 128, PROCTEX_LUT, PICA_PROCTEX_LUT_ALPHA_MAP << 8, PROCTEX_LUT_DATA0)   \
    X(proctex_color, 256, PROCTEX_LUT, PICA_PROCTEX_LUT_COLOR << 8, PROCTEX_LUT_DATA0)           \
    X(proctex_color_diff, 256, PROCTEX_LUT, PICA_PROCTEX_LUT_COLOR_DIFF << 8, PROCTEX_LUT_DATA0)

/* ---- decoders (decode_*.c): pure functions of the register file ------------ */

void pica_decode_raster(const uint32_t *regs, pica_raster_state *out);
void pica_decode_outmap(const uint32_t *regs, pica_outmap_state *out);
void pica_decode_texturing(const uint32_t *regs, pica_texturing_state *out);
void pica_decode_proctex(const uint32_t *regs, pica_proctex_state *out);
void pica_decode_tev(const uint32_t *regs, pica_tev_state *out);
void pica_decode_tev_colors(const uint32_t *regs, pica_tev_colors *out);
void pica_decode_fog(const uint32_t *regs, pica_fog_state *out);
void pica_decode_fragop(const uint32_t *regs, pica_fragop_state *out);
void pica_decode_framebuffer(const uint32_t *regs, pica_framebuffer_state *out);
void pica_decode_lighting(const uint32_t *regs, pica_lighting_state *out); /* global config and the lights */
void pica_decode_geometry(const uint32_t *regs, pica_geometry_state *out);
/* unit 0 = vertex shader (0x2B0-0x2BD), 1 = geometry shader (0x280-0x28D) */
void pica_decode_shader_unit(const uint32_t *regs, int unit, pica_shader_unit_state *out);

/* For each output register o0-o15: the semantics of x, y, z, w.
 * Output registers enabled in output_mask take the SH_OUTMAP_O slots in
 * order, the first `total` of them (3dbrew GPU/Pitfalls "Output mapping");
 * disabled or unmapped registers read PICA_SEM_UNUSED. */
void pica_outmap_resolve(const pica_outmap_state *map, uint16_t output_mask, uint8_t semantic[16][4]);

/* The LUT words above are decoded where they are used: the lighting, fog
 * and proctex value/delta entries by pica_fs_lighting_lut_entry,
 * pica_fs_fog_lut_entry and pica_fs_proctex_lut_entry
 * (shadergen/pica_fs_uniforms.h, whose LUT buffer holds these same words),
 * the proctex colour differences by the fragment model and shader. */

#endif
