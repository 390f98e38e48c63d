/* Texturing registers 0x080-0x0AD: texture units 0-2, TEXUNIT_CONFIG and the
 * procedural texture unit (3dbrew GPU/Internal_Registers "Texturing
 * registers", with the later page's PROCTEX4/5 and LUT entry layouts). */
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/pica/frontend/regs.h"

static void decode_unit(const uint32_t *r, uint32_t base, uint32_t addr_reg, uint32_t type_reg, bool unit0,
                        pica_tex_unit_state *u)
{
    uint32_t border = r[base], dim = r[base + 1], param = r[base + 2], lod = r[base + 3];
    for (int c = 0; c < 4; c++)
        u->border[c] = (uint8_t)(border >> (8 * c));
    u->height = dim & 0x7FF;
    u->width = (dim >> 16) & 0x7FF;
    u->mag_filter = (param >> 1) & 1;
    u->min_filter = (param >> 2) & 1;
    u->etc1 = (param >> 4) & 3;
    u->wrap_t = (param >> 8) & 7;
    u->wrap_s = (param >> 12) & 7;
    u->shadow = unit0 && ((param >> 20) & 1);
    u->mip_filter = (param >> 24) & 1;
    u->type = unit0 ? (param >> 28) & 7 : PICA_TEXTYPE_2D;
    u->lod_bias = glhle_fixed_to_float(lod & 0x1FFF, 4, 8, true);
    u->lod_max = (lod >> 16) & 0xF;
    u->lod_min = (lod >> 24) & 0xF;
    u->address = (r[addr_reg] & 0x0FFFFFFF) << 3;
    u->format = r[type_reg] & 0xF;
}

void pica_decode_texturing(const uint32_t *r, pica_texturing_state *o)
{
    memset(o, 0, sizeof *o);
    uint32_t cfg = r[PICA_REG_TEXUNIT_CONFIG];
    decode_unit(r, PICA_REG_TEXUNIT0_BORDER_COLOR, PICA_REG_TEXUNIT0_ADDR1, PICA_REG_TEXUNIT0_TYPE, true,
                &o->unit[0]);
    decode_unit(r, PICA_REG_TEXUNIT1_BORDER_COLOR, PICA_REG_TEXUNIT1_ADDR, PICA_REG_TEXUNIT1_TYPE, false,
                &o->unit[1]);
    decode_unit(r, PICA_REG_TEXUNIT2_BORDER_COLOR, PICA_REG_TEXUNIT2_ADDR, PICA_REG_TEXUNIT2_TYPE, false,
                &o->unit[2]);
    for (int i = 0; i < 3; i++)
        o->unit[i].enabled = (cfg >> i) & 1;
    o->tex3_coords = (cfg >> 8) & 3;
    o->tex3_enabled = (cfg >> 10) & 1;
    o->tex2_uses_coord1 = (cfg >> 13) & 1;
    /* ADDR2-6 give bits 0-21 of address >> 3 and take the upper 6 bits from
     * ADDR1 (3dbrew; Azahar GetCubePhysicalAddress masks the same way) */
    uint32_t addr1 = r[PICA_REG_TEXUNIT0_ADDR1] & 0x0FFFFFFF;
    o->cube_address[0] = addr1 << 3;
    for (int f = 1; f < 6; f++)
        o->cube_address[f] = ((addr1 & 0x0FC00000) | (r[PICA_REG_TEXUNIT0_ADDR2 + f - 1] & 0x003FFFFF)) << 3;
    uint32_t shadow = r[PICA_REG_TEXUNIT0_SHADOW];
    o->shadow_orthographic = shadow & 1;
    o->shadow_zbias = (shadow >> 1) & 0x7FFFFF;
}

void pica_decode_proctex(const uint32_t *r, pica_proctex_state *o)
{
    memset(o, 0, sizeof *o);
    uint32_t t0 = r[PICA_REG_TEXUNIT3_PROCTEX0], t1 = r[PICA_REG_TEXUNIT3_PROCTEX1];
    uint32_t t2 = r[PICA_REG_TEXUNIT3_PROCTEX2], t3 = r[PICA_REG_TEXUNIT3_PROCTEX3];
    uint32_t t4 = r[PICA_REG_TEXUNIT3_PROCTEX4], t5 = r[PICA_REG_TEXUNIT3_PROCTEX5];
    o->u_clamp = t0 & 7;
    o->v_clamp = (t0 >> 3) & 7;
    o->rgb_func = (t0 >> 6) & 0xF;
    o->alpha_func = (t0 >> 10) & 0xF;
    o->separate_alpha = (t0 >> 14) & 1;
    o->noise_enable = (t0 >> 15) & 1;
    o->u_shift = (t0 >> 16) & 3;
    o->v_shift = (t0 >> 18) & 3;
    o->bias_f16 = (uint16_t)(((t0 >> 20) & 0xFF) | (((t4 >> 19) & 0xFF) << 8));
    o->bias = glhle_f16_to_float(o->bias_f16);
    o->noise_u_amplitude = glhle_fixed_to_float(t1 & 0xFFFF, 3, 12, true);
    o->noise_u_phase = glhle_f16_to_float(t1 >> 16);
    o->noise_v_amplitude = glhle_fixed_to_float(t2 & 0xFFFF, 3, 12, true);
    o->noise_v_phase = glhle_f16_to_float(t2 >> 16);
    o->noise_u_frequency = glhle_f16_to_float(t3 & 0xFFFF);
    o->noise_v_frequency = glhle_f16_to_float(t3 >> 16);
    o->filter = t4 & 7;
    o->lod_min = (t4 >> 3) & 0xF;
    o->lod_max = (t4 >> 7) & 0xF;
    o->width = (t4 >> 11) & 0xFF;
    for (int i = 0; i < 4; i++)
        o->level_offset[i] = (uint8_t)(t5 >> (8 * i));
}
