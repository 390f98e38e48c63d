/* Decoding of blend, colour masks, logic op, depth/stencil, alpha test and
 * rasterizer state (clb197.h). Enum values are kept as written: the header
 * gives both an OGL family (SET_BLEND_COLOR_OP_V_OGL_FUNC_ADD = 0x8006) and
 * a D3D family (_D3D_ADD = 1) for the same fields. */
#include "backend/maxwell/frontend/decode_util.h"

void mw_decode_blend(const uint32_t *r, mw_blend_state *out)
{
    out->per_target = r[MW_3D_SET_BLEND_STATE_PER_TARGET] & 1u;
    out->common = (mw_blend_eq){
        .separate_alpha = r[MW_3D_SET_BLEND_SEPARATE_FOR_ALPHA] & 1u,
        .color_op = r[MW_3D_SET_BLEND_COLOR_OP],
        .color_src = r[MW_3D_SET_BLEND_COLOR_SOURCE_COEFF],
        .color_dst = r[MW_3D_SET_BLEND_COLOR_DEST_COEFF],
        .alpha_op = r[MW_3D_SET_BLEND_ALPHA_OP],
        .alpha_src = r[MW_3D_SET_BLEND_ALPHA_SOURCE_COEFF],
        .alpha_dst = r[MW_3D_SET_BLEND_ALPHA_DEST_COEFF],
    };
    for (uint32_t i = 0; i < MW_RT_COUNT; i++) {
        const uint32_t b = i * 8; /* SET_BLEND_PER_TARGET_*(j) 32 bytes apart */
        out->target[i] = (mw_blend_eq){
            .separate_alpha = r[MW_3D_SET_BLEND_PER_TARGET_SEPARATE_FOR_ALPHA + b] & 1u,
            .color_op = r[MW_3D_SET_BLEND_PER_TARGET_COLOR_OP + b],
            .color_src = r[MW_3D_SET_BLEND_PER_TARGET_COLOR_SOURCE_COEFF + b],
            .color_dst = r[MW_3D_SET_BLEND_PER_TARGET_COLOR_DEST_COEFF + b],
            .alpha_op = r[MW_3D_SET_BLEND_PER_TARGET_ALPHA_OP + b],
            .alpha_src = r[MW_3D_SET_BLEND_PER_TARGET_ALPHA_SOURCE_COEFF + b],
            .alpha_dst = r[MW_3D_SET_BLEND_PER_TARGET_ALPHA_DEST_COEFF + b],
        };
        out->enable[i] = r[MW_3D_SET_BLEND + i] & 1u;
        /* SET_CT_WRITE: R_ENABLE 0:0, G 4:4, B 8:8, A 12:12 */
        const uint32_t w = r[MW_3D_SET_CT_WRITE + i];
        out->write_mask[i] = (uint8_t)(mw_bits(w, 0, 1) | mw_bits(w, 4, 1) << 1 | mw_bits(w, 8, 1) << 2 |
                                       mw_bits(w, 12, 1) << 3);
    }
    out->constant[0] = mw_f32(r[MW_3D_SET_BLEND_CONST_RED]);
    out->constant[1] = mw_f32(r[MW_3D_SET_BLEND_CONST_GREEN]);
    out->constant[2] = mw_f32(r[MW_3D_SET_BLEND_CONST_BLUE]);
    out->constant[3] = mw_f32(r[MW_3D_SET_BLEND_CONST_ALPHA]);
    out->single_ct_write = r[MW_3D_SET_SINGLE_CT_WRITE_CONTROL] & 1u;
    out->logic_op_enable = r[MW_3D_SET_LOGIC_OP] & 1u;
    out->logic_op = r[MW_3D_SET_LOGIC_OP_FUNC];
    out->alpha_to_coverage = r[MW_3D_SET_ALPHA_TO_COVERAGE_OVERRIDE] & 1u;
}

void mw_decode_depth_stencil(const uint32_t *r, mw_depth_stencil_state *out)
{
    out->depth_test = r[MW_3D_SET_DEPTH_TEST] & 1u;
    out->depth_write = r[MW_3D_SET_DEPTH_WRITE] & 1u;
    out->depth_func = r[MW_3D_SET_DEPTH_FUNC];
    out->depth_bounds_test = r[MW_3D_SET_DEPTH_BOUNDS_TEST] & 1u;
    out->depth_bounds_min = mw_f32(r[MW_3D_SET_DEPTH_BOUNDS_MIN]);
    out->depth_bounds_max = mw_f32(r[MW_3D_SET_DEPTH_BOUNDS_MAX]);
    out->stencil_test = r[MW_3D_SET_STENCIL_TEST] & 1u;
    out->two_sided = r[MW_3D_SET_TWO_SIDED_STENCIL_TEST] & 1u;
    out->front = (mw_stencil_face){
        r[MW_3D_SET_STENCIL_OP_FAIL], r[MW_3D_SET_STENCIL_OP_ZFAIL], r[MW_3D_SET_STENCIL_OP_ZPASS],
        r[MW_3D_SET_STENCIL_FUNC],    r[MW_3D_SET_STENCIL_FUNC_REF], r[MW_3D_SET_STENCIL_FUNC_MASK],
        r[MW_3D_SET_STENCIL_MASK],
    };
    /* One-sided stencil applies the front state to both faces (GL's
     * glStencilFunc; the back registers only count with TWO_SIDED). */
    if (out->two_sided)
        out->back = (mw_stencil_face){
            r[MW_3D_SET_BACK_STENCIL_OP_FAIL], r[MW_3D_SET_BACK_STENCIL_OP_ZFAIL],
            r[MW_3D_SET_BACK_STENCIL_OP_ZPASS], r[MW_3D_SET_BACK_STENCIL_FUNC],
            r[MW_3D_SET_BACK_STENCIL_FUNC_REF], r[MW_3D_SET_BACK_STENCIL_FUNC_MASK],
            r[MW_3D_SET_BACK_STENCIL_MASK],
        };
    else
        out->back = out->front;
    out->alpha_test = r[MW_3D_SET_ALPHA_TEST] & 1u;
    out->alpha_func = r[MW_3D_SET_ALPHA_FUNC];
    out->alpha_ref = mw_f32(r[MW_3D_SET_ALPHA_REF]);
}

void mw_decode_raster(const uint32_t *r, mw_raster_state *out)
{
    out->cull_enable = r[MW_3D_OGL_SET_CULL] & 1u;
    out->cull_face = r[MW_3D_OGL_SET_CULL_FACE];
    out->front_face = r[MW_3D_OGL_SET_FRONT_FACE];
    out->polygon_mode_front = r[MW_3D_SET_FRONT_POLYGON_MODE];
    out->polygon_mode_back = r[MW_3D_SET_BACK_POLYGON_MODE];
    out->offset_point = r[MW_3D_SET_POLY_OFFSET_POINT] & 1u;
    out->offset_line = r[MW_3D_SET_POLY_OFFSET_LINE] & 1u;
    out->offset_fill = r[MW_3D_SET_POLY_OFFSET_FILL] & 1u;
    out->depth_bias = mw_f32(r[MW_3D_SET_DEPTH_BIAS]);
    out->slope_scale_depth_bias = mw_f32(r[MW_3D_SET_SLOPE_SCALE_DEPTH_BIAS]);
    out->depth_bias_clamp = mw_f32(r[MW_3D_SET_DEPTH_BIAS_CLAMP]);
    out->line_width = mw_f32(r[MW_3D_SET_LINE_WIDTH_FLOAT]);
    out->line_width_aliased = mw_f32(r[MW_3D_SET_ALIASED_LINE_WIDTH_FLOAT]);
    out->line_smooth = r[MW_3D_SET_ANTI_ALIASED_LINE] & 1u;
    out->line_stipple = r[MW_3D_SET_LINE_STIPPLE] & 1u;
    out->point_size = mw_f32(r[MW_3D_SET_POINT_SIZE]);
    out->point_sprite = r[MW_3D_SET_POINT_SPRITE] & 1u;
    out->point_size_attribute = r[MW_3D_SET_ATTRIBUTE_POINT_SIZE] & 1u;
    out->point_smooth = r[MW_3D_SET_ANTI_ALIASED_POINT] & 1u;
    out->provoking_vertex = r[MW_3D_SET_PROVOKING_VERTEX] & 1u;
    out->rasterize_enable = r[MW_3D_SET_RASTER_ENABLE] & 1u;
    out->lower_left_origin = mw_bits(r[MW_3D_SET_WINDOW_ORIGIN], 0, 1);
    out->flip_y = mw_bits(r[MW_3D_SET_WINDOW_ORIGIN], 4, 1);
    out->user_clip_enable = (uint8_t)mw_bits(r[MW_3D_SET_USER_CLIP_ENABLE], 0, 8);
}
