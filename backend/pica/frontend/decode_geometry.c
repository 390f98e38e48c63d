/* Geometry pipeline registers 0x200-0x25E and the shader unit
 * configuration (0x289-0x28D, 0x2B9-0x2BD) (3dbrew GPU/Internal_Registers
 * "Geometry pipeline registers", "Shader registers"; GPU/Pitfalls for the
 * vertex layout; Azahar regs_pipeline.h for GSH_MISC0 and the base
 * address scale). */
#include <string.h>

#include "backend/pica/frontend/regs.h"

static const uint8_t elem_sizes[4] = {1, 1, 2, 4}; /* byte, ubyte, short, float */

static uint32_t align_up(uint32_t v, uint32_t a)
{
    return (v + a - 1) & ~(a - 1);
}

void pica_decode_geometry(const uint32_t *r, pica_geometry_state *o)
{
    memset(o, 0, sizeof *o);
    o->attrib_base = ((r[PICA_REG_ATTRIBBUFFERS_LOC] >> 1) & 0x0FFFFFFF) << 4;
    uint64_t formats = r[PICA_REG_ATTRIBBUFFERS_FORMAT_LOW] | ((uint64_t)r[PICA_REG_ATTRIBBUFFERS_FORMAT_HIGH] << 32);
    for (int i = 0; i < 12; i++) {
        pica_attrib_format *a = &o->attrib[i];
        a->type = (formats >> (4 * i)) & 3;
        a->components = ((formats >> (4 * i + 2)) & 3) + 1;
        a->elem_size = elem_sizes[a->type];
        a->size = (uint8_t)(a->components * a->elem_size);
    }
    uint32_t high = r[PICA_REG_ATTRIBBUFFERS_FORMAT_HIGH];
    o->fixed_attrib_mask = (high >> 16) & 0xFFF;
    o->attrib_count = (uint8_t)((high >> 28) + 1);
    memset(o->attrib_buffer, PICA_NO_BUFFER, sizeof o->attrib_buffer);
    for (int b = 0; b < 12; b++) {
        const uint32_t *reg = &r[PICA_REG_ATTRIBBUFFER0_OFFSET + 3 * b];
        pica_attrib_buffer *buf = &o->buffer[b];
        buf->offset = reg[0] & 0x0FFFFFFF;
        buf->address = o->attrib_base + buf->offset;
        uint64_t comps = reg[1] | ((uint64_t)(reg[2] & 0xFFFF) << 32);
        buf->stride = (uint8_t)(reg[2] >> 16);
        buf->component_count = (uint8_t)(reg[2] >> 28);
        uint32_t offset = 0;
        for (int c = 0; c < 12; c++) {
            uint8_t id = (comps >> (4 * c)) & 0xF;
            buf->component[c] = id;
            if (c >= buf->component_count)
                continue;
            if (id < PICA_LOADER_PADDING_FIRST) {
                offset = align_up(offset, o->attrib[id].elem_size);
                buf->component_offset[c] = (uint8_t)offset;
                o->attrib_buffer[id] = (uint8_t)b;
                o->attrib_offset[id] = (uint8_t)offset;
                offset += o->attrib[id].size;
            } else {
                offset = align_up(offset, 4);
                buf->component_offset[c] = (uint8_t)offset;
                offset += 4u * (id - PICA_LOADER_PADDING_FIRST + 1);
            }
        }
    }
    uint32_t ib = r[PICA_REG_INDEXBUFFER_CONFIG];
    o->index_offset = ib & 0x0FFFFFFF;
    o->index_address = o->attrib_base + o->index_offset;
    o->index_u16 = ib >> 31;
    o->vertex_count = r[PICA_REG_NUMVERTICES];
    o->vertex_offset = r[PICA_REG_VERTEX_OFFSET];
    uint32_t gc = r[PICA_REG_GEOSTAGE_CONFIG];
    o->geostage_mode = gc & 3;
    o->gs_enabled = o->geostage_mode == 2;
    o->triangle_elements = (gc >> 8) & 1;
    o->gs_subdivision = gc >> 31;
    o->post_vertex_cache = (uint8_t)r[PICA_REG_POST_VERTEX_CACHE_NUM];
    o->vs_attrib_count = (r[PICA_REG_VSH_NUM_ATTR] & 0xF) + 1;
    o->gs_exclusive_config = r[PICA_REG_VSH_COM_MODE] & 1;
    o->vs_outmap_total1 = (r[PICA_REG_VSH_OUTMAP_TOTAL1] & 0xF) + 1;
    o->vs_outmap_total2 = (r[PICA_REG_VSH_OUTMAP_TOTAL2] & 0xF) + 1;
    uint32_t m0 = r[PICA_REG_GSH_MISC0];
    o->gsh_misc0 = m0;
    o->gs_mode = (uint8_t)m0;
    o->gs_fixed_vertex_count = ((m0 >> 8) & 0xF) + 1;
    o->gs_stride = ((m0 >> 12) & 0xF) + 1;
    o->gs_start_index = (uint8_t)(m0 >> 16);
    o->gsh_misc1 = r[PICA_REG_GSH_MISC1];
    o->geostage2_function = r[PICA_REG_GEOSTAGE_CONFIG2] & 1;
    o->geostage2_triangle_elements = (r[PICA_REG_GEOSTAGE_CONFIG2] >> 8) & 1;
    o->primitive_mode = (r[PICA_REG_PRIMITIVE_CONFIG] >> 8) & 3;
    o->primitive_outmap_total = (r[PICA_REG_PRIMITIVE_CONFIG] & 0xF) + 1;
}

void pica_decode_shader_unit(const uint32_t *r, int unit, pica_shader_unit_state *o)
{
    memset(o, 0, sizeof *o);
    const uint32_t *s = &r[unit == 0 ? PICA_REG_VSH_BOOLUNIFORM : PICA_REG_GSH_BOOLUNIFORM];
    uint32_t cfg = s[0x09];
    o->input_count = (cfg & 0xF) + 1;
    o->subdivision = (uint8_t)(cfg >> 8);
    o->mode = (uint8_t)(cfg >> 24);
    o->entry_point = (uint16_t)s[0x0A];
    uint64_t perm = s[0x0B] | ((uint64_t)s[0x0C] << 32);
    for (int i = 0; i < 16; i++)
        o->input_register[i] = (perm >> (4 * i)) & 0xF;
    o->output_mask = (uint16_t)s[0x0D];
    o->output_count = (uint8_t)__builtin_popcount(o->output_mask);
}
