/* Decoded Maxwell 3D state: typed structs per method group, each with a
 * dirty bit, derived from the register file by the decode_*.c functions.
 *
 * Field layouts are NVIDIA's open-gpu-doc classes/3d/clb197.h; where the
 * header is silent on units, yuzu's and Ryujinx's Maxwell 3D register
 * structs are the source (cited at the field). A group is re-decoded only
 * when one of its methods changed (regs_3d.c marks it stale); the renderer
 * clears the dirty bits it consumed. */
#ifndef GLHLE_MAXWELL_STATE_H
#define GLHLE_MAXWELL_STATE_H

#include <stdbool.h>
#include <stdint.h>

typedef enum mw_group {
    MW_GROUP_NONE = 0,
    MW_GROUP_RT,            /* 8 colour targets, CT_SELECT, surface clip */
    MW_GROUP_ZETA,          /* depth/stencil target */
    MW_GROUP_VIEWPORT,      /* 16 viewports: transform, swizzle, depth range, clip rectangle */
    MW_GROUP_SCISSOR,       /* 16 scissors */
    MW_GROUP_BLEND,         /* blend (common, per target), constant, colour masks, logic op */
    MW_GROUP_DEPTH_STENCIL, /* depth, depth bounds, stencil front/back, alpha test */
    MW_GROUP_RASTER,        /* cull, front face, polygon mode, offset, lines, points */
    MW_GROUP_PRIM_RESTART,
    MW_GROUP_VERTEX_ATTRIB, /* 32 vertex attributes */
    MW_GROUP_VERTEX_STREAM, /* 32 vertex streams */
    MW_GROUP_INDEX_BUFFER,
    MW_GROUP_DRAW,          /* vertex array start, base vertex/instance, topology */
    MW_GROUP_CLEAR,         /* clear values */
    MW_GROUP_CONST_BUFFER,  /* the selector and the per-stage bindings */
    MW_GROUP_TEXTURE_POOLS, /* texture header and sampler pools, bindless slot */
    MW_GROUP_PROGRAM,       /* program region, the 6 pipeline stages */
    MW_GROUP_RENDER_ENABLE, /* conditional rendering */
    MW_GROUP_REPORT,        /* report semaphore address and payload */
    MW_GROUP_STREAM_OUT,    /* stream output (transform feedback): enable, 4 buffers, their layouts */
    MW_GROUP_COUNT_
} mw_group;
#define MW_DIRTY(g) (1u << MW_GROUP_##g)
#define MW_DIRTY_ALL (((1u << MW_GROUP_COUNT_) - 1u) & ~1u)

#define MW_RT_COUNT 8
#define MW_VIEWPORT_COUNT 16
#define MW_VERTEX_ATTRIB_COUNT 32
#define MW_VERTEX_STREAM_COUNT 32
#define MW_STAGE_COUNT 5      /* bind groups: vertex, tess control, tess eval, geometry, fragment */
#define MW_PIPELINE_COUNT 6   /* SET_PIPELINE_*: vertex A, vertex B, tess control, tess eval, geometry, fragment */
#define MW_CBUF_SLOTS 18      /* constant buffers per stage (yuzu Maxwell3D::Regs::MaxConstBuffers) */

/* Block-linear block size in log2 GOBs (SET_COLOR_TARGET_MEMORY,
 * SET_ZT_BLOCK_SIZE: WIDTH 3:0, HEIGHT 7:4, DEPTH 11:8). */
typedef struct mw_block {
    uint8_t width, height, depth;
} mw_block;

typedef struct mw_color_target {
    uint64_t address;        /* SET_COLOR_TARGET_A (bits 32-39) / _B */
    uint32_t width;          /* pixels; for a pitch target the pitch in bytes (yuzu RenderTargetConfig) */
    uint32_t height;
    uint32_t format;         /* SET_COLOR_TARGET_FORMAT_V (0 = disabled) */
    bool pitch;              /* MEMORY_LAYOUT: 1 pitch, 0 block-linear */
    mw_block block;
    bool third_dim_is_depth; /* MEMORY_THIRD_DIMENSION_CONTROL: 1 depth (3D), 0 layers */
    uint32_t layers;         /* THIRD_DIMENSION: layer count or depth */
    uint64_t array_pitch;    /* bytes between layers: ARRAY_PITCH << 2 (yuzu LayerStride) */
    uint32_t layer_offset;   /* SET_COLOR_TARGET_LAYER_OFFSET */
} mw_color_target;

typedef struct mw_rt_state {
    mw_color_target ct[MW_RT_COUNT];
    uint32_t count;                 /* SET_CT_SELECT_TARGET_COUNT */
    uint8_t map[MW_RT_COUNT];       /* SET_CT_SELECT_TARGETn: shader output n -> target */
    bool mrt_enable;                /* SET_CT_MRT_ENABLE */
    uint16_t clip_x, clip_width;    /* SET_SURFACE_CLIP_HORIZONTAL: X 15:0, WIDTH 31:16 */
    uint16_t clip_y, clip_height;
    uint8_t aa_mode;                /* SET_ANTI_ALIAS SAMPLES 3:0 (0 MODE_1X1: one sample) */
    bool srgb_write;                /* SET_SRGB_WRITE: sRGB-format targets encode what is written */
} mw_rt_state;

typedef struct mw_zeta_state {
    bool enabled;            /* SET_ZT_SELECT_TARGET_COUNT */
    uint64_t address;        /* SET_ZT_A / _B */
    uint32_t format;         /* SET_ZT_FORMAT */
    mw_block block;          /* SET_ZT_BLOCK_SIZE */
    uint32_t width, height;  /* SET_ZT_SIZE_A (27:0), _B (16:0) */
    uint32_t layers;         /* SET_ZT_SIZE_C THIRD_DIMENSION 15:0 */
    bool array_size_is_one;  /* SET_ZT_SIZE_C CONTROL 16:16 */
    uint64_t array_pitch;    /* SET_ZT_ARRAY_PITCH << 2 */
    uint32_t layer_offset;   /* SET_ZT_LAYER */
} mw_zeta_state;

typedef struct mw_viewport {
    float scale[3], offset[3];  /* SET_VIEWPORT_SCALE_X/Y/Z, OFFSET_X/Y/Z */
    uint8_t swizzle[4];         /* COORDINATE_SWIZZLE X 2:0 .. W 14:12: POS_X=0, NEG_X=1, ... NEG_W=7 */
    float depth_min, depth_max; /* SET_VIEWPORT_CLIP_MIN_Z / MAX_Z */
    uint16_t x, width;          /* SET_VIEWPORT_CLIP_HORIZONTAL: X0 15:0, WIDTH 31:16 */
    uint16_t y, height;         /* SET_VIEWPORT_CLIP_VERTICAL: Y0 15:0, HEIGHT 31:16 */
} mw_viewport;

typedef struct mw_viewport_state {
    mw_viewport vp[MW_VIEWPORT_COUNT];
    bool depth_zero_to_one;     /* SET_VIEWPORT_CLIP_CONTROL bit 0 MIN_Z_ZERO_MAX_Z_ONE */
    uint32_t clip_control;      /* SET_VIEWPORT_CLIP_CONTROL as written */
    bool z_clip_range;          /* SET_VIEWPORT_Z_CLIP RANGE */
    bool scale_offset_enable;   /* SET_VIEWPORT_SCALE_OFFSET */
    uint32_t window_offset_x, window_offset_y; /* SET_WINDOW_OFFSET_X/Y */
} mw_viewport_state;

typedef struct mw_scissor {
    bool enable;                /* SET_SCISSOR_ENABLE */
    uint16_t xmin, xmax, ymin, ymax;
} mw_scissor;

typedef struct mw_scissor_state {
    mw_scissor s[MW_VIEWPORT_COUNT];
} mw_scissor_state;

/* The raw OGL or D3D enum values of clb197.h (SET_BLEND_COLOR_OP_V_OGL_FUNC_ADD
 * = 0x8006, _D3D_ADD = 1, ...); the renderer maps both families. */
typedef struct mw_blend_eq {
    bool separate_alpha;
    uint32_t color_op, color_src, color_dst;
    uint32_t alpha_op, alpha_src, alpha_dst;
} mw_blend_eq;

typedef struct mw_blend_state {
    bool per_target;             /* SET_BLEND_STATE_PER_TARGET */
    mw_blend_eq common;          /* SET_BLEND_SEPARATE_FOR_ALPHA .. ALPHA_DEST_COEFF */
    mw_blend_eq target[MW_RT_COUNT]; /* SET_BLEND_PER_TARGET_*; used when per_target */
    bool enable[MW_RT_COUNT];    /* SET_BLEND(i) */
    float constant[4];           /* SET_BLEND_CONST_RED..ALPHA */
    uint8_t write_mask[MW_RT_COUNT]; /* SET_CT_WRITE: bit 0 R, 1 G, 2 B, 3 A */
    bool single_ct_write;        /* SET_SINGLE_CT_WRITE_CONTROL: target 0's mask for all */
    bool logic_op_enable;        /* SET_LOGIC_OP */
    uint32_t logic_op;           /* SET_LOGIC_OP_FUNC (OGL enum, 0x1500 CLEAR .. 0x150F SET) */
    bool alpha_to_coverage;      /* SET_ALPHA_TO_COVERAGE_OVERRIDE bit 0 */
} mw_blend_state;

typedef struct mw_stencil_face {
    uint32_t fail, zfail, zpass, func; /* OGL or D3D enums as written */
    uint32_t ref, func_mask, mask;     /* FUNC_REF, FUNC_MASK (compare mask), MASK (write mask) */
} mw_stencil_face;

typedef struct mw_depth_stencil_state {
    bool depth_test, depth_write;
    uint32_t depth_func;           /* SET_DEPTH_FUNC */
    bool depth_bounds_test;
    float depth_bounds_min, depth_bounds_max;
    bool stencil_test, two_sided;
    mw_stencil_face front, back;   /* back = front unless two_sided */
    bool alpha_test;
    uint32_t alpha_func;
    float alpha_ref;
} mw_depth_stencil_state;

typedef struct mw_raster_state {
    bool cull_enable;             /* OGL_SET_CULL */
    uint32_t cull_face;           /* OGL_SET_CULL_FACE: 0x404 FRONT, 0x405 BACK, 0x408 FRONT_AND_BACK */
    uint32_t front_face;          /* OGL_SET_FRONT_FACE: 0x900 CW, 0x901 CCW */
    uint32_t polygon_mode_front;  /* SET_FRONT_POLYGON_MODE: 0x1B00 POINT, 0x1B01 LINE, 0x1B02 FILL */
    uint32_t polygon_mode_back;
    bool offset_point, offset_line, offset_fill; /* SET_POLY_OFFSET_* */
    float depth_bias, slope_scale_depth_bias, depth_bias_clamp;
    float line_width, line_width_aliased;        /* SET_LINE_WIDTH_FLOAT, SET_ALIASED_LINE_WIDTH_FLOAT */
    bool line_smooth;                            /* SET_ANTI_ALIASED_LINE */
    bool line_stipple;
    float point_size;                            /* SET_POINT_SIZE */
    bool point_sprite, point_size_attribute;     /* SET_POINT_SPRITE, SET_ATTRIBUTE_POINT_SIZE */
    bool point_smooth;
    uint32_t provoking_vertex;                   /* SET_PROVOKING_VERTEX: 0 first, 1 last */
    bool rasterize_enable;                       /* SET_RASTER_ENABLE */
    bool flip_y;                                 /* SET_WINDOW_ORIGIN FLIP_Y 4:4 */
    bool lower_left_origin;                      /* SET_WINDOW_ORIGIN MODE 0:0 */
    uint8_t user_clip_enable;                    /* SET_USER_CLIP_ENABLE: planes 0-7 */
} mw_raster_state;

typedef struct mw_prim_restart_state {
    bool enable;                 /* SET_DA_PRIMITIVE_RESTART */
    uint32_t index;              /* SET_DA_PRIMITIVE_RESTART_INDEX */
    bool vertex_array;           /* SET_DA_PRIMITIVE_RESTART_VERTEX_ARRAY */
} mw_prim_restart_state;

typedef struct mw_vertex_attrib {
    uint8_t stream;              /* STREAM 4:0 */
    bool constant;               /* SOURCE 6:6 INACTIVE: the attribute is not fetched */
    uint16_t offset;             /* OFFSET 20:7, bytes into the stream's element */
    uint8_t size;                /* COMPONENT_BIT_WIDTHS 26:21 (R32_G32_B32_A32 = 1, ...) */
    uint8_t type;                /* NUMERICAL_TYPE 29:27: 1 SNORM .. 7 FLOAT */
    bool bgra;                   /* SWAP_R_AND_B 31:31 */
} mw_vertex_attrib;

typedef struct mw_vertex_stream {
    bool enable;                 /* FORMAT ENABLE 12:12 */
    uint32_t stride;             /* FORMAT STRIDE 11:0 */
    uint64_t address;            /* LOCATION_A / LOCATION_B */
    uint64_t limit;              /* SET_VERTEX_STREAM_LIMIT_A_A/B: the last valid byte address */
    uint32_t divisor;            /* FREQUENCY */
    bool instanced;              /* SET_VERTEX_STREAM_INSTANCE_A/B IS_INSTANCED */
} mw_vertex_stream;

typedef struct mw_index_buffer_state {
    uint64_t address;            /* SET_INDEX_BUFFER_A / B */
    uint64_t limit;              /* SET_INDEX_BUFFER_C / D: the last valid byte address */
    uint32_t index_size;         /* bytes: E INDEX_SIZE 0 -> 1, 1 -> 2, 2 -> 4 */
    uint32_t first;              /* SET_INDEX_BUFFER_F */
    uint32_t count;              /* DRAW_INDEX_BUFFER (the last count written) */
} mw_index_buffer_state;

typedef struct mw_draw_state {
    uint32_t vertex_array_start; /* SET_VERTEX_ARRAY_START */
    uint32_t vertex_array_count; /* DRAW_VERTEX_ARRAY (the last count written) */
    uint32_t base_vertex;        /* SET_GLOBAL_BASE_VERTEX_INDEX */
    uint32_t base_instance;      /* SET_GLOBAL_BASE_INSTANCE_INDEX */
    uint32_t vertex_id_base;     /* SET_VERTEX_ID_BASE */
    uint32_t topology;           /* BEGIN_OP of the current or last draw */
} mw_draw_state;

typedef struct mw_clear_state {
    float color[4];              /* SET_COLOR_CLEAR_VALUE(0-3) */
    float depth;                 /* SET_Z_CLEAR_VALUE */
    uint32_t stencil;            /* SET_STENCIL_CLEAR_VALUE */
    uint32_t surface_control;    /* SET_CLEAR_SURFACE_CONTROL */
} mw_clear_state;

typedef struct mw_cbuf_binding {
    bool valid;
    uint64_t address;
    uint32_t size;
} mw_cbuf_binding;

typedef struct mw_cbuf_state {
    uint32_t size;               /* SET_CONSTANT_BUFFER_SELECTOR_A SIZE 16:0 (bytes) */
    uint64_t address;            /* SELECTOR_B ADDRESS_UPPER / SELECTOR_C */
    uint32_t load_offset;        /* LOAD_CONSTANT_BUFFER_OFFSET (bytes), advanced by each word */
    /* BIND_GROUP_CONSTANT_BUFFER(stage): VALID 0:0, SHADER_SLOT 8:4 binds
     * the selector's buffer at the time of the write (not re-derived). */
    mw_cbuf_binding bind[MW_STAGE_COUNT][MW_CBUF_SLOTS];
} mw_cbuf_state;

typedef struct mw_texture_pool_state {
    uint64_t tic_address;        /* SET_TEX_HEADER_POOL_A / B */
    uint32_t tic_max_index;      /* SET_TEX_HEADER_POOL_C MAXIMUM_INDEX 21:0 */
    uint64_t tsc_address;        /* SET_TEX_SAMPLER_POOL_A / B */
    uint32_t tsc_max_index;      /* SET_TEX_SAMPLER_POOL_C MAXIMUM_INDEX 19:0 */
    uint32_t bindless_cbuf_slot; /* SET_BINDLESS_TEXTURE CONSTANT_BUFFER_SLOT_SELECT 4:0: the texture-handle buffer */
    uint32_t sampler_binding;    /* SET_SAMPLER_BINDING: 0 independently, 1 via the texture header index */
} mw_texture_pool_state;

typedef struct mw_pipeline_stage {
    bool enable;                 /* SET_PIPELINE_SHADER ENABLE 0:0 */
    uint8_t type;                /* TYPE 7:4: 0 VERTEX_CULL_BEFORE_FETCH, 1 VERTEX, 2 TESSELLATION_INIT, 3 TESSELLATION, 4 GEOMETRY, 5 PIXEL */
    uint32_t offset;             /* SET_PIPELINE_PROGRAM: byte offset into the program region */
    uint32_t register_count;     /* SET_PIPELINE_REGISTER_COUNT */
    uint32_t binding;            /* SET_PIPELINE_BINDING: the bind group */
} mw_pipeline_stage;

typedef struct mw_program_state {
    uint64_t region;             /* SET_PROGRAM_REGION_A / B */
    mw_pipeline_stage stage[MW_PIPELINE_COUNT];
    /* SET_TESSELLATION_PARAMETERS (clb197.h 0x0320): DOMAIN_TYPE 1:0, SPACING
     * 5:4, OUTPUT_PRIMITIVES 9:8 (POINTS, LINES, TRIANGLES_CW, TRIANGLES_CCW);
     * the word as written (the translator's MW_TESS_MODE packs it) */
    uint32_t tess_parameters;
    uint32_t patch_size;         /* SET_PATCH SIZE 7:0 (clb197.h 0x0dcc): vertices per PATCH primitive */
} mw_program_state;

typedef struct mw_render_enable_state {
    uint64_t address;            /* SET_RENDER_ENABLE_A / B */
    uint32_t mode;               /* SET_RENDER_ENABLE_C MODE: 0 FALSE, 1 TRUE, 2 CONDITIONAL, 3 IF_EQUAL, 4 IF_NOT_EQUAL */
    uint32_t override;           /* SET_RENDER_ENABLE_OVERRIDE MODE: 0 USE_RENDER_ENABLE, 1 ALWAYS_RENDER, 2 NEVER_RENDER */
    uint64_t global_address;     /* SET_GLOBAL_RENDER_ENABLE_A / B */
    uint32_t global_mode;        /* SET_GLOBAL_RENDER_ENABLE_C */
} mw_render_enable_state;

typedef struct mw_report_state {
    uint64_t address;            /* SET_REPORT_SEMAPHORE_A / B */
    uint32_t payload;            /* SET_REPORT_SEMAPHORE_C */
} mw_report_state;

/* Stream output (transform feedback), clb197.h: SET_STREAM_OUTPUT ENABLE;
 * per buffer b (4, 8 words apart) SET_STREAM_OUT_BUFFER_ENABLE, ADDRESS_A
 * (UPPER 7:0) / B, SIZE (bytes); per buffer (4 words apart)
 * SET_STREAM_OUT_CONTROL_STREAM (the geometry stream feeding it),
 * COMPONENT_COUNT (32-bit components per vertex) and STRIDE (bytes per
 * vertex); SET_STREAM_OUT_LAYOUT_SELECT(b, j) 32 words per buffer, each four
 * ATTRIBUTE_NUMBER bytes (7:0 first): the output attribute (byte address / 4,
 * yuzu transform_feedback.cpp: 28 position, 32 + 4 i generic i) written as
 * component 4 j + k of the vertex record. SET_RASTER_INPUT STREAM_SELECT
 * (1:0, 0x0740) is the geometry stream rasterized (Mesa's nvk writes its
 * rasterization stream there, nvk_cmd_draw.c). */
#define MW_XFB_BUFFERS 4
typedef struct mw_stream_out_buffer {
    bool enable;
    uint64_t address;
    uint32_t size;
    uint32_t stream, components, stride;
} mw_stream_out_buffer;

typedef struct mw_stream_out_state {
    bool enable;
    uint32_t raster_stream;
    mw_stream_out_buffer buffer[MW_XFB_BUFFERS];
    uint8_t layout[MW_XFB_BUFFERS][128];
    /* Not decoded: the buffers' write pointers (bytes past the address).
     * Each SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER write loads one, equal
     * value or not (methods_3d.c), and each captured draw advances it by
     * the bytes it wrote (draw.c), so draws append until the next load;
     * the STREAMING_BYTE_COUNT report reads it (Mesa's nvk saves it that
     * way at the end of transform feedback and loads it back to resume). */
    uint32_t pointer[MW_XFB_BUFFERS];
} mw_stream_out_state;

typedef struct mw_state {
    uint32_t dirty;              /* MW_DIRTY bits: groups changed since the draw path last took them (draw.c) */
    mw_rt_state rt;
    mw_zeta_state zeta;
    mw_viewport_state viewport;
    mw_scissor_state scissor;
    mw_blend_state blend;
    mw_depth_stencil_state ds;
    mw_raster_state raster;
    mw_prim_restart_state restart;
    mw_vertex_attrib attrib[MW_VERTEX_ATTRIB_COUNT];
    mw_vertex_stream stream[MW_VERTEX_STREAM_COUNT];
    mw_index_buffer_state index;
    mw_draw_state draw;
    mw_clear_state clear;
    mw_cbuf_state cbuf;
    mw_texture_pool_state tex;
    mw_program_state program;
    mw_render_enable_state render_enable;
    mw_report_state report;
    mw_stream_out_state stream_out;
} mw_state;

/* Decoders: pure functions of the register file r[0xE00] (decode_*.c). */
void mw_decode_rt(const uint32_t *r, mw_rt_state *out);
void mw_decode_zeta(const uint32_t *r, mw_zeta_state *out);
void mw_decode_viewport(const uint32_t *r, mw_viewport_state *out);
void mw_decode_scissor(const uint32_t *r, mw_scissor_state *out);
void mw_decode_blend(const uint32_t *r, mw_blend_state *out);
void mw_decode_depth_stencil(const uint32_t *r, mw_depth_stencil_state *out);
void mw_decode_raster(const uint32_t *r, mw_raster_state *out);
void mw_decode_prim_restart(const uint32_t *r, mw_prim_restart_state *out);
void mw_decode_vertex_attribs(const uint32_t *r, mw_vertex_attrib out[MW_VERTEX_ATTRIB_COUNT]);
void mw_decode_vertex_streams(const uint32_t *r, mw_vertex_stream out[MW_VERTEX_STREAM_COUNT]);
void mw_decode_index_buffer(const uint32_t *r, mw_index_buffer_state *out);
void mw_decode_draw(const uint32_t *r, mw_draw_state *out);
void mw_decode_clear(const uint32_t *r, mw_clear_state *out);
/* Selector fields only; the bindings are made by BIND_GROUP writes. */
void mw_decode_cbuf_selector(const uint32_t *r, mw_cbuf_state *out);
void mw_decode_texture_pools(const uint32_t *r, mw_texture_pool_state *out);
void mw_decode_program(const uint32_t *r, mw_program_state *out);
void mw_decode_render_enable(const uint32_t *r, mw_render_enable_state *out);
void mw_decode_report(const uint32_t *r, mw_report_state *out);
void mw_decode_stream_out(const uint32_t *r, mw_stream_out_state *out);

#endif
