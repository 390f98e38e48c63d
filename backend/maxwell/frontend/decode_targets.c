/* Decoding of render targets, zeta, viewports and scissors (clb197.h). */
#include "backend/maxwell/frontend/decode_util.h"

static mw_block block_of(uint32_t v)
{
    /* BLOCK_WIDTH 3:0, BLOCK_HEIGHT 7:4, BLOCK_DEPTH 11:8, log2 GOBs */
    return (mw_block){(uint8_t)mw_bits(v, 0, 4), (uint8_t)mw_bits(v, 4, 4), (uint8_t)mw_bits(v, 8, 4)};
}

void mw_decode_rt(const uint32_t *r, mw_rt_state *out)
{
    for (uint32_t i = 0; i < MW_RT_COUNT; i++) {
        const uint32_t b = i * 16; /* SET_COLOR_TARGET_*(j) are 64 bytes apart */
        mw_color_target *ct = &out->ct[i];
        const uint32_t mem = r[MW_3D_SET_COLOR_TARGET_MEMORY + b];
        ct->address = mw_addr(r[MW_3D_SET_COLOR_TARGET_A + b], r[MW_3D_SET_COLOR_TARGET_B + b]);
        ct->width = mw_bits(r[MW_3D_SET_COLOR_TARGET_WIDTH + b], 0, 28);
        ct->height = mw_bits(r[MW_3D_SET_COLOR_TARGET_HEIGHT + b], 0, 17);
        ct->format = mw_bits(r[MW_3D_SET_COLOR_TARGET_FORMAT + b], 0, 8);
        ct->block = block_of(mem);
        ct->pitch = mw_bits(mem, 12, 1);
        ct->third_dim_is_depth = mw_bits(mem, 16, 1);
        ct->layers = mw_bits(r[MW_3D_SET_COLOR_TARGET_THIRD_DIMENSION + b], 0, 28);
        ct->array_pitch = (uint64_t)r[MW_3D_SET_COLOR_TARGET_ARRAY_PITCH + b] << 2;
        ct->layer_offset = mw_bits(r[MW_3D_SET_COLOR_TARGET_LAYER + b], 0, 16);
    }
    const uint32_t sel = r[MW_3D_SET_CT_SELECT];
    out->count = mw_bits(sel, 0, 4);
    for (uint32_t i = 0; i < MW_RT_COUNT; i++)
        out->map[i] = (uint8_t)mw_bits(sel, 4 + 3 * i, 3);
    out->mrt_enable = r[MW_3D_SET_CT_MRT_ENABLE] & 1u;
    out->clip_x = (uint16_t)mw_bits(r[MW_3D_SET_SURFACE_CLIP_HORIZONTAL], 0, 16);
    out->clip_width = (uint16_t)mw_bits(r[MW_3D_SET_SURFACE_CLIP_HORIZONTAL], 16, 16);
    out->clip_y = (uint16_t)mw_bits(r[MW_3D_SET_SURFACE_CLIP_VERTICAL], 0, 16);
    out->clip_height = (uint16_t)mw_bits(r[MW_3D_SET_SURFACE_CLIP_VERTICAL], 16, 16);
    out->aa_mode = (uint8_t)mw_bits(r[MW_3D_SET_ANTI_ALIAS], 0, 4);
    out->srgb_write = r[MW_3D_SET_SRGB_WRITE] & 1u;
}

void mw_decode_zeta(const uint32_t *r, mw_zeta_state *out)
{
    out->enabled = r[MW_3D_SET_ZT_SELECT] & 1u;
    out->address = mw_addr(r[MW_3D_SET_ZT_A], r[MW_3D_SET_ZT_B]);
    out->format = mw_bits(r[MW_3D_SET_ZT_FORMAT], 0, 5);
    out->block = block_of(r[MW_3D_SET_ZT_BLOCK_SIZE]);
    out->width = mw_bits(r[MW_3D_SET_ZT_SIZE_A], 0, 28);
    out->height = mw_bits(r[MW_3D_SET_ZT_SIZE_B], 0, 17);
    out->layers = mw_bits(r[MW_3D_SET_ZT_SIZE_C], 0, 16);
    out->array_size_is_one = mw_bits(r[MW_3D_SET_ZT_SIZE_C], 16, 1);
    out->array_pitch = (uint64_t)r[MW_3D_SET_ZT_ARRAY_PITCH] << 2;
    out->layer_offset = mw_bits(r[MW_3D_SET_ZT_LAYER], 0, 16);
}

void mw_decode_viewport(const uint32_t *r, mw_viewport_state *out)
{
    for (uint32_t i = 0; i < MW_VIEWPORT_COUNT; i++) {
        mw_viewport *v = &out->vp[i];
        const uint32_t t = i * 8; /* SET_VIEWPORT_SCALE_X(j) .. are 32 bytes apart */
        const uint32_t c = i * 4; /* SET_VIEWPORT_CLIP_*(j) 16 bytes apart */
        v->scale[0] = mw_f32(r[MW_3D_SET_VIEWPORT_SCALE_X + t]);
        v->scale[1] = mw_f32(r[MW_3D_SET_VIEWPORT_SCALE_Y + t]);
        v->scale[2] = mw_f32(r[MW_3D_SET_VIEWPORT_SCALE_Z + t]);
        v->offset[0] = mw_f32(r[MW_3D_SET_VIEWPORT_OFFSET_X + t]);
        v->offset[1] = mw_f32(r[MW_3D_SET_VIEWPORT_OFFSET_Y + t]);
        v->offset[2] = mw_f32(r[MW_3D_SET_VIEWPORT_OFFSET_Z + t]);
        const uint32_t sw = r[MW_3D_SET_VIEWPORT_COORDINATE_SWIZZLE + t];
        for (uint32_t k = 0; k < 4; k++)
            v->swizzle[k] = (uint8_t)mw_bits(sw, 4 * k, 3);
        v->depth_min = mw_f32(r[MW_3D_SET_VIEWPORT_CLIP_MIN_Z + c]);
        v->depth_max = mw_f32(r[MW_3D_SET_VIEWPORT_CLIP_MAX_Z + c]);
        v->x = (uint16_t)mw_bits(r[MW_3D_SET_VIEWPORT_CLIP_HORIZONTAL + c], 0, 16);
        v->width = (uint16_t)mw_bits(r[MW_3D_SET_VIEWPORT_CLIP_HORIZONTAL + c], 16, 16);
        v->y = (uint16_t)mw_bits(r[MW_3D_SET_VIEWPORT_CLIP_VERTICAL + c], 0, 16);
        v->height = (uint16_t)mw_bits(r[MW_3D_SET_VIEWPORT_CLIP_VERTICAL + c], 16, 16);
    }
    out->clip_control = r[MW_3D_SET_VIEWPORT_CLIP_CONTROL];
    out->depth_zero_to_one = out->clip_control & 1u;
    out->z_clip_range = r[MW_3D_SET_VIEWPORT_Z_CLIP] & 1u;
    out->scale_offset_enable = r[MW_3D_SET_VIEWPORT_SCALE_OFFSET] & 1u;
    out->window_offset_x = r[MW_3D_SET_WINDOW_OFFSET_X];
    out->window_offset_y = r[MW_3D_SET_WINDOW_OFFSET_Y];
}

void mw_decode_scissor(const uint32_t *r, mw_scissor_state *out)
{
    for (uint32_t i = 0; i < MW_VIEWPORT_COUNT; i++) {
        const uint32_t b = i * 4; /* 16 bytes apart */
        mw_scissor *s = &out->s[i];
        s->enable = r[MW_3D_SET_SCISSOR_ENABLE + b] & 1u;
        s->xmin = (uint16_t)mw_bits(r[MW_3D_SET_SCISSOR_HORIZONTAL + b], 0, 16);
        s->xmax = (uint16_t)mw_bits(r[MW_3D_SET_SCISSOR_HORIZONTAL + b], 16, 16);
        s->ymin = (uint16_t)mw_bits(r[MW_3D_SET_SCISSOR_VERTICAL + b], 0, 16);
        s->ymax = (uint16_t)mw_bits(r[MW_3D_SET_SCISSOR_VERTICAL + b], 16, 16);
    }
}
