/* Decoding of primitive restart, vertex attributes and streams, the index
 * buffer and the draw parameters (clb197.h). */
#include "backend/maxwell/frontend/decode_util.h"

void mw_decode_prim_restart(const uint32_t *r, mw_prim_restart_state *out)
{
    out->enable = r[MW_3D_SET_DA_PRIMITIVE_RESTART] & 1u;
    out->index = r[MW_3D_SET_DA_PRIMITIVE_RESTART_INDEX];
    out->vertex_array = r[MW_3D_SET_DA_PRIMITIVE_RESTART_VERTEX_ARRAY] & 1u;
}

void mw_decode_vertex_attribs(const uint32_t *r, mw_vertex_attrib out[MW_VERTEX_ATTRIB_COUNT])
{
    /* SET_VERTEX_ATTRIBUTE_A(0-15) and _B(0-15) are consecutive words: one
     * array of 32. STREAM 4:0, SOURCE 6:6, OFFSET 20:7,
     * COMPONENT_BIT_WIDTHS 26:21, NUMERICAL_TYPE 29:27, SWAP_R_AND_B 31:31. */
    for (uint32_t i = 0; i < MW_VERTEX_ATTRIB_COUNT; i++) {
        const uint32_t v = r[MW_3D_SET_VERTEX_ATTRIBUTE_A + i];
        out[i] = (mw_vertex_attrib){
            .stream = (uint8_t)mw_bits(v, 0, 5),
            .constant = mw_bits(v, 6, 1),
            .offset = (uint16_t)mw_bits(v, 7, 14),
            .size = (uint8_t)mw_bits(v, 21, 6),
            .type = (uint8_t)mw_bits(v, 27, 3),
            .bgra = mw_bits(v, 31, 1),
        };
    }
}

void mw_decode_vertex_streams(const uint32_t *r, mw_vertex_stream out[MW_VERTEX_STREAM_COUNT])
{
    /* SET_VERTEX_STREAM_A_*(0-15) then _B_*(0-15), 16 bytes per stream,
     * contiguous; the limits likewise at 8 bytes per stream; the instance
     * flags one word per stream. */
    for (uint32_t i = 0; i < MW_VERTEX_STREAM_COUNT; i++) {
        const uint32_t b = i * 4, l = i * 2;
        const uint32_t fmt = r[MW_3D_SET_VERTEX_STREAM_A_FORMAT + b];
        out[i] = (mw_vertex_stream){
            .enable = mw_bits(fmt, 12, 1),
            .stride = mw_bits(fmt, 0, 12),
            .address = mw_addr(r[MW_3D_SET_VERTEX_STREAM_A_LOCATION_A + b], r[MW_3D_SET_VERTEX_STREAM_A_LOCATION_B + b]),
            .limit = mw_addr(r[MW_3D_SET_VERTEX_STREAM_LIMIT_A_A + l], r[MW_3D_SET_VERTEX_STREAM_LIMIT_A_B + l]),
            .divisor = r[MW_3D_SET_VERTEX_STREAM_A_FREQUENCY + b],
            .instanced = r[MW_3D_SET_VERTEX_STREAM_INSTANCE_A + i] & 1u,
        };
    }
}

void mw_decode_index_buffer(const uint32_t *r, mw_index_buffer_state *out)
{
    out->address = mw_addr(r[MW_3D_SET_INDEX_BUFFER_A], r[MW_3D_SET_INDEX_BUFFER_B]);
    out->limit = mw_addr(r[MW_3D_SET_INDEX_BUFFER_C], r[MW_3D_SET_INDEX_BUFFER_D]);
    /* INDEX_SIZE 1:0: ONE_BYTE 0, TWO_BYTES 1, FOUR_BYTES 2; 3 is not
     * defined and reads as four here (the draw reports it). */
    const uint32_t sz = mw_bits(r[MW_3D_SET_INDEX_BUFFER_E], 0, 2);
    out->index_size = sz == 0 ? 1u : sz == 1 ? 2u : 4u;
    out->first = r[MW_3D_SET_INDEX_BUFFER_F];
    out->count = r[MW_3D_DRAW_INDEX_BUFFER];
}

void mw_decode_draw(const uint32_t *r, mw_draw_state *out)
{
    out->vertex_array_start = r[MW_3D_SET_VERTEX_ARRAY_START];
    out->vertex_array_count = r[MW_3D_DRAW_VERTEX_ARRAY];
    out->base_vertex = r[MW_3D_SET_GLOBAL_BASE_VERTEX_INDEX];
    out->base_instance = r[MW_3D_SET_GLOBAL_BASE_INSTANCE_INDEX];
    out->vertex_id_base = r[MW_3D_SET_VERTEX_ID_BASE];
    out->topology = mw_bits(r[MW_3D_BEGIN], 0, 16);
}
