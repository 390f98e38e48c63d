/* Fog and gas: TEXENV_UPDATE_BUFFER's fog bits, FOG_COLOR, the GAS_*
 * registers (3dbrew GPU/Internal_Registers; bit 8 of GAS_LIGHT_Z_COLOR and
 * bits 24-25 of GAS_DELTAZ_DEPTH from the later page). */
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/pica/frontend/regs.h"

void pica_decode_fog(const uint32_t *r, pica_fog_state *o)
{
    memset(o, 0, sizeof *o);
    uint32_t ub = r[PICA_REG_TEXENV_UPDATE_BUFFER];
    o->mode = ub & 7;
    o->density_from_depth = (ub >> 3) & 1;
    o->z_flip = (ub >> 16) & 1;
    for (int c = 0; c < 3; c++)
        o->color[c] = (uint8_t)(r[PICA_REG_FOG_COLOR] >> (8 * c));
    o->gas_attenuation = glhle_f16_to_float(r[PICA_REG_GAS_ATTENUATION] & 0xFFFF);
    o->gas_accmax = glhle_f16_to_float(r[PICA_REG_GAS_ACCMAX] & 0xFFFF);
    uint32_t xy = r[PICA_REG_GAS_LIGHT_XY], z = r[PICA_REG_GAS_LIGHT_Z];
    o->gas_planar_min = (uint8_t)xy;
    o->gas_planar_max = (uint8_t)(xy >> 8);
    o->gas_planar_atten = (uint8_t)(xy >> 16);
    o->gas_view_min = (uint8_t)z;
    o->gas_view_max = (uint8_t)(z >> 8);
    o->gas_view_atten = (uint8_t)(z >> 16);
    o->gas_view_color = (uint8_t)r[PICA_REG_GAS_LIGHT_Z_COLOR];
    o->gas_lut_input = (r[PICA_REG_GAS_LIGHT_Z_COLOR] >> 8) & 1;
    o->gas_deltaz = glhle_fixed_to_float(r[PICA_REG_GAS_DELTAZ_DEPTH] & 0xFFFFFF, 16, 8, false);
    o->gas_depth_func = (r[PICA_REG_GAS_DELTAZ_DEPTH] >> 24) & 3;
}
