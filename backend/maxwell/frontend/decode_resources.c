/* Decoding of clear values, constant-buffer selection, texture pools,
 * programs, conditional rendering and report semaphores (clb197.h). */
#include "backend/maxwell/frontend/decode_util.h"

void mw_decode_clear(const uint32_t *r, mw_clear_state *out)
{
    for (uint32_t i = 0; i < 4; i++)
        out->color[i] = mw_f32(r[MW_3D_SET_COLOR_CLEAR_VALUE + i]);
    out->depth = mw_f32(r[MW_3D_SET_Z_CLEAR_VALUE]);
    out->stencil = r[MW_3D_SET_STENCIL_CLEAR_VALUE];
    out->surface_control = r[MW_3D_SET_CLEAR_SURFACE_CONTROL];
}

void mw_decode_cbuf_selector(const uint32_t *r, mw_cbuf_state *out)
{
    out->size = mw_bits(r[MW_3D_SET_CONSTANT_BUFFER_SELECTOR_A], 0, 17);
    out->address = mw_addr(r[MW_3D_SET_CONSTANT_BUFFER_SELECTOR_B], r[MW_3D_SET_CONSTANT_BUFFER_SELECTOR_C]);
    out->load_offset = mw_bits(r[MW_3D_LOAD_CONSTANT_BUFFER_OFFSET], 0, 16);
}

void mw_decode_texture_pools(const uint32_t *r, mw_texture_pool_state *out)
{
    out->tic_address = mw_addr(r[MW_3D_SET_TEX_HEADER_POOL_A], r[MW_3D_SET_TEX_HEADER_POOL_B]);
    out->tic_max_index = mw_bits(r[MW_3D_SET_TEX_HEADER_POOL_C], 0, 22);
    out->tsc_address = mw_addr(r[MW_3D_SET_TEX_SAMPLER_POOL_A], r[MW_3D_SET_TEX_SAMPLER_POOL_B]);
    out->tsc_max_index = mw_bits(r[MW_3D_SET_TEX_SAMPLER_POOL_C], 0, 20);
    out->bindless_cbuf_slot = mw_bits(r[MW_3D_SET_BINDLESS_TEXTURE], 0, 5);
    out->sampler_binding = r[MW_3D_SET_SAMPLER_BINDING] & 1u;
}

void mw_decode_program(const uint32_t *r, mw_program_state *out)
{
    out->region = mw_addr(r[MW_3D_SET_PROGRAM_REGION_A], r[MW_3D_SET_PROGRAM_REGION_B]);
    for (uint32_t i = 0; i < MW_PIPELINE_COUNT; i++) {
        const uint32_t b = i * 16; /* SET_PIPELINE_*(j) 64 bytes apart */
        const uint32_t sh = r[MW_3D_SET_PIPELINE_SHADER + b];
        out->stage[i] = (mw_pipeline_stage){
            .enable = mw_bits(sh, 0, 1),
            .type = (uint8_t)mw_bits(sh, 4, 4),
            .offset = r[MW_3D_SET_PIPELINE_PROGRAM + b],
            .register_count = mw_bits(r[MW_3D_SET_PIPELINE_REGISTER_COUNT + b], 0, 8),
            .binding = mw_bits(r[MW_3D_SET_PIPELINE_BINDING + b], 0, 3),
        };
    }
    out->tess_parameters = mw_bits(r[MW_3D_SET_TESSELLATION_PARAMETERS], 0, 10);
    out->patch_size = mw_bits(r[MW_3D_SET_PATCH], 0, 8);
}

void mw_decode_render_enable(const uint32_t *r, mw_render_enable_state *out)
{
    out->address = mw_addr(r[MW_3D_SET_RENDER_ENABLE_A], r[MW_3D_SET_RENDER_ENABLE_B]);
    out->mode = mw_bits(r[MW_3D_SET_RENDER_ENABLE_C], 0, 3);
    out->override = mw_bits(r[MW_3D_SET_RENDER_ENABLE_OVERRIDE], 0, 2);
    out->global_address = mw_addr(r[MW_3D_SET_GLOBAL_RENDER_ENABLE_A], r[MW_3D_SET_GLOBAL_RENDER_ENABLE_B]);
    out->global_mode = mw_bits(r[MW_3D_SET_GLOBAL_RENDER_ENABLE_C], 0, 3);
}

void mw_decode_report(const uint32_t *r, mw_report_state *out)
{
    out->address = mw_addr(r[MW_3D_SET_REPORT_SEMAPHORE_A], r[MW_3D_SET_REPORT_SEMAPHORE_B]);
    out->payload = r[MW_3D_SET_REPORT_SEMAPHORE_C];
}

void mw_decode_stream_out(const uint32_t *r, mw_stream_out_state *out)
{
    out->enable = r[MW_3D_SET_STREAM_OUTPUT] & 1;
    out->raster_stream = r[MW_3D_SET_RASTER_INPUT] & 3;
    for (uint32_t b = 0; b < MW_XFB_BUFFERS; b++) {
        mw_stream_out_buffer *o = &out->buffer[b];
        o->enable = r[MW_3D_SET_STREAM_OUT_BUFFER_ENABLE + 8 * b] & 1;
        o->address = mw_addr(r[MW_3D_SET_STREAM_OUT_BUFFER_ADDRESS_A + 8 * b],
                             r[MW_3D_SET_STREAM_OUT_BUFFER_ADDRESS_B + 8 * b]);
        o->size = r[MW_3D_SET_STREAM_OUT_BUFFER_SIZE + 8 * b];
        o->stream = r[MW_3D_SET_STREAM_OUT_CONTROL_STREAM + 4 * b] & 3;
        o->components = r[MW_3D_SET_STREAM_OUT_CONTROL_COMPONENT_COUNT + 4 * b] & 0xFF;
        o->stride = r[MW_3D_SET_STREAM_OUT_CONTROL_STRIDE + 4 * b];
        for (uint32_t j = 0; j < 128; j++)
            out->layout[b][j] = (uint8_t)(r[MW_3D_SET_STREAM_OUT_LAYOUT_SELECT + 32 * b + j / 4] >> (8 * (j % 4)));
    }
}
