/* Shader Program Header decoding (sph.h). Bit positions: NVIDIA
 * open-gpu-doc Shader-Program-Header (SPH type 1 and 2 tables), as yuzu's
 * program_header.h and uam's nv_shader_header.h name them. */
#include "backend/maxwell/shader/sph.h"

#include <string.h>

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint32_t rd24(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
}
static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}
static uint32_t field(uint32_t w, unsigned pos, unsigned len)
{
    return (w >> pos) & ((1u << len) - 1);
}

glhle_result mw_sph_parse(const uint8_t *b, size_t size, const glhle_logger *log, mw_sph *out)
{
    memset(out, 0, sizeof *out);
    if (!b || size < MW_SPH_SIZE)
        return GLHLE_FAIL(log, GLHLE_RESULT_TRUNCATED, "sph: %zu bytes, a header needs %u", size, MW_SPH_SIZE);
    for (unsigned i = 0; i < MW_SPH_SIZE / 4; i++)
        out->words[i] = rd32(b + 4 * i);
    uint32_t c0 = out->words[0], c1 = out->words[1], c2 = out->words[2], c3 = out->words[3], c4 = out->words[4];
    out->sph_type = (uint8_t)field(c0, 0, 5);
    out->version = (uint8_t)field(c0, 5, 5);
    out->shader_type = (uint8_t)field(c0, 10, 4);
    out->mrt_enable = field(c0, 14, 1);
    out->kills_pixels = field(c0, 15, 1);
    out->does_global_store = field(c0, 16, 1);
    out->sass_version = (uint8_t)field(c0, 17, 4);
    out->geometry_passthrough = field(c0, 24, 1);
    out->does_load_or_store = field(c0, 26, 1);
    out->does_fp64 = field(c0, 27, 1);
    out->stream_out_mask = (uint8_t)field(c0, 28, 4);
    out->local_memory_low_size = field(c1, 0, 24);
    out->per_patch_attribute_count = (uint8_t)field(c1, 24, 8);
    out->local_memory_high_size = field(c2, 0, 24);
    out->threads_per_input_primitive = (uint8_t)field(c2, 24, 8);
    out->local_memory_crs_size = field(c3, 0, 24);
    out->output_topology = (uint8_t)field(c3, 24, 4);
    out->max_output_vertex_count = (uint16_t)field(c4, 0, 12);
    out->store_req_start = (uint8_t)field(c4, 12, 8);
    out->store_req_end = (uint8_t)field(c4, 24, 8);

    if (out->sph_type != MW_SPH_TYPE_VTG && out->sph_type != MW_SPH_TYPE_PS)
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "sph +0x0: SPH type %u (1 = VTG, 2 = PS expected)",
                          out->sph_type);
    if (out->shader_type < MW_SPH_SHADER_VERTEX || out->shader_type > MW_SPH_SHADER_PIXEL)
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "sph +0x1: shader type %u (1-5 expected)", out->shader_type);
    if ((out->sph_type == MW_SPH_TYPE_PS) != (out->shader_type == MW_SPH_SHADER_PIXEL))
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "sph +0x0: SPH type %u does not fit shader type %u (%s)",
                          out->sph_type, out->shader_type, mw_sph_shader_type_name(out->shader_type));

    out->imap_system_a = rd24(b + 0x14);
    out->imap_system_b = b[0x17];
    if (out->sph_type == MW_SPH_TYPE_VTG) {
        /* type 1: 4 bits per vector (x = bit 0) */
        for (unsigned i = 0; i < 32; i++)
            out->imap_generic[i] = (uint8_t)((b[0x18 + i / 2] >> ((i & 1) * 4)) & 0xf);
        out->imap_color = rd16(b + 0x28);
        out->imap_system_c = rd16(b + 0x2a);
        memcpy(out->imap_fixed_texture, b + 0x2c, 5);
        out->omap_system_a = rd24(b + 0x32);
        out->omap_system_b = b[0x35];
        for (unsigned i = 0; i < 32; i++)
            out->omap_generic[i] = (uint8_t)((b[0x36 + i / 2] >> ((i & 1) * 4)) & 0xf);
        out->omap_color = rd16(b + 0x46);
        out->omap_system_c = rd16(b + 0x48);
        memcpy(out->omap_fixed_texture, b + 0x4a, 5);
    } else {
        /* type 2: a byte per generic vector, 2 bits per component */
        memcpy(out->imap_generic, b + 0x18, 32);
        out->imap_color = rd16(b + 0x38);
        out->imap_system_c = rd16(b + 0x3a);
        memcpy(out->imap_fixed_texture, b + 0x3c, 10);
        out->omap_target = rd32(b + 0x48);
        out->omap_sample_mask = b[0x4c] & 1;
        out->omap_depth = (b[0x4c] >> 1) & 1;
    }
    return GLHLE_RESULT_OK;
}

uint8_t mw_sph_input_mask(const mw_sph *s, unsigned index)
{
    if (index >= 32)
        return 0;
    if (s->sph_type == MW_SPH_TYPE_VTG)
        return s->imap_generic[index];
    uint8_t m = 0;
    for (unsigned c = 0; c < 4; c++)
        if ((s->imap_generic[index] >> (2 * c)) & 3)
            m |= (uint8_t)(1u << c);
    return m;
}

uint8_t mw_sph_output_mask(const mw_sph *s, unsigned index)
{
    return index < 32 && s->sph_type == MW_SPH_TYPE_VTG ? s->omap_generic[index] : 0;
}

uint8_t mw_sph_ps_input_mode(const mw_sph *s, unsigned index, unsigned comp)
{
    if (index >= 32 || comp >= 4 || s->sph_type != MW_SPH_TYPE_PS)
        return MW_SPH_IMAP_UNUSED;
    return (uint8_t)((s->imap_generic[index] >> (2 * comp)) & 3);
}

uint8_t mw_sph_ps_target_mask(const mw_sph *s, unsigned rt)
{
    return rt < 8 && s->sph_type == MW_SPH_TYPE_PS ? (uint8_t)((s->omap_target >> (4 * rt)) & 0xf) : 0;
}

uint64_t mw_sph_local_memory_size(const mw_sph *s)
{
    return (uint64_t)s->local_memory_low_size + s->local_memory_high_size;
}

const char *mw_sph_shader_type_name(unsigned type)
{
    static const char *const names[] = {"?", "vertex", "tess_control", "tess_eval", "geometry", "pixel"};
    return type < sizeof names / sizeof names[0] ? names[type] : "?";
}
