/* Fragment lighting: the eight lights (0x140-0x1BB) and the global
 * configuration (LIGHTING_ENABLE0 0x08F, 0x1C0-0x1D9) (3dbrew
 * GPU/Internal_Registers "Fragment lighting registers"). */
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/pica/frontend/regs.h"

static void color10(uint32_t v, uint16_t rgb[3])
{
    rgb[0] = (v >> 20) & 0x3FF;
    rgb[1] = (v >> 10) & 0x3FF;
    rgb[2] = v & 0x3FF;
}

void pica_decode_lighting(const uint32_t *r, pica_lighting_state *o)
{
    memset(o, 0, sizeof *o);
    o->enable0 = r[PICA_REG_LIGHTING_ENABLE0] & 1;
    o->disable1 = r[PICA_REG_LIGHTING_ENABLE1] & 1;
    o->num_lights = (r[PICA_REG_LIGHTING_NUM_LIGHTS] & 7) + 1;
    for (int i = 0; i < 8; i++)
        o->light_id[i] = (r[PICA_REG_LIGHTING_LIGHT_PERMUTATION] >> (4 * i)) & 7;
    color10(r[PICA_REG_LIGHTING_AMBIENT], o->ambient);
    uint32_t c0 = r[PICA_REG_LIGHTING_CONFIG0], c1 = r[PICA_REG_LIGHTING_CONFIG1];
    o->shadow_enable = c0 & 1;
    o->fresnel = (c0 >> 2) & 3;
    o->config = (c0 >> 4) & 0xF;
    o->shadow_primary = (c0 >> 16) & 1;
    o->shadow_secondary = (c0 >> 17) & 1;
    o->shadow_invert = (c0 >> 18) & 1;
    o->shadow_alpha = (c0 >> 19) & 1;
    o->bump_unit = (c0 >> 22) & 3;
    o->shadow_unit = (c0 >> 24) & 3;
    o->clamp_highlights = (c0 >> 27) & 1;
    o->bump_mode = (c0 >> 28) & 3;
    o->bump_renorm_disabled = (c0 >> 30) & 1;
    o->shadow_disable = (uint8_t)c1;
    o->spot_disable = (uint8_t)(c1 >> 8);
    o->lut_disable = (uint8_t)(c1 >> 16);
    o->dist_atten_disable = (uint8_t)(c1 >> 24);
    for (int k = 0; k < 7; k++) {
        o->lut_abs[k] = !((r[PICA_REG_LIGHTING_LUTINPUT_ABS] >> (4 * k + 1)) & 1);
        o->lut_input[k] = (r[PICA_REG_LIGHTING_LUTINPUT_SELECT] >> (4 * k)) & 7;
        o->lut_scale_code[k] = (r[PICA_REG_LIGHTING_LUTINPUT_SCALE] >> (4 * k)) & 7;
    }
    for (int i = 0; i < 8; i++) {
        const uint32_t *l = &r[PICA_REG_LIGHT0_SPECULAR0 + 0x10 * i];
        pica_light_state *L = &o->light[i];
        color10(l[0], L->specular0);
        color10(l[1], L->specular1);
        color10(l[2], L->diffuse);
        color10(l[3], L->ambient);
        L->position[0] = glhle_f16_to_float(l[4] & 0xFFFF);
        L->position[1] = glhle_f16_to_float(l[4] >> 16);
        L->position[2] = glhle_f16_to_float(l[5] & 0xFFFF);
        L->spot_direction[0] = glhle_fixed_to_float(l[6] & 0x1FFF, 1, 11, true);
        L->spot_direction[1] = glhle_fixed_to_float((l[6] >> 16) & 0x1FFF, 1, 11, true);
        L->spot_direction[2] = glhle_fixed_to_float(l[7] & 0x1FFF, 1, 11, true);
        L->directional = l[9] & 1;
        L->two_sided_diffuse = (l[9] >> 1) & 1;
        L->geometric_factor0 = (l[9] >> 2) & 1;
        L->geometric_factor1 = (l[9] >> 3) & 1;
        L->atten_bias = glhle_f20_to_float(l[10] & 0xFFFFF);
        L->atten_scale = glhle_f20_to_float(l[11] & 0xFFFFF);
    }
}
