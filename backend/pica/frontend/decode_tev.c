/* Texture combiners: TEXENV0-5 SOURCE/OPERAND/COMBINER/COLOR/SCALE, the
 * combiner-buffer bits of TEXENV_UPDATE_BUFFER and TEXENV_BUFFER_COLOR
 * (3dbrew GPU/Internal_Registers "GPUREG_TEXENVi_*"). */
#include <string.h>

#include "backend/pica/frontend/regs.h"

/* Stages 0-3 at 0x0C0 + 8i, stages 4-5 at 0x0F0 + 8(i - 4). */
static uint32_t stage_base(int i)
{
    return i < 4 ? PICA_REG_TEXENV0_SOURCE + 8u * (uint32_t)i : PICA_REG_TEXENV4_SOURCE + 8u * (uint32_t)(i - 4);
}

void pica_decode_tev(const uint32_t *r, pica_tev_state *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 0; i < 6; i++) {
        uint32_t b = stage_base(i);
        uint32_t src = r[b], opd = r[b + 1], comb = r[b + 2], scale = r[b + 4];
        pica_tev_stage *s = &o->stage[i];
        for (int k = 0; k < 3; k++) {
            s->rgb_source[k] = (src >> (4 * k)) & 0xF;
            s->alpha_source[k] = (src >> (16 + 4 * k)) & 0xF;
            s->rgb_operand[k] = (opd >> (4 * k)) & 0xF;
            s->alpha_operand[k] = (opd >> (12 + 4 * k)) & 7;
        }
        s->rgb_combine = comb & 0xF;
        s->alpha_combine = (comb >> 16) & 0xF;
        s->rgb_scale = scale & 3;
        s->alpha_scale = (scale >> 16) & 3;
    }
    uint32_t ub = r[PICA_REG_TEXENV_UPDATE_BUFFER];
    o->buffer_update_rgb = (ub >> 8) & 0xF;
    o->buffer_update_alpha = (ub >> 12) & 0xF;
}

void pica_decode_tev_colors(const uint32_t *r, pica_tev_colors *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 0; i < 6; i++) {
        uint32_t c = r[stage_base(i) + 3];
        for (int k = 0; k < 4; k++)
            o->constant[i][k] = (uint8_t)(c >> (8 * k));
    }
    for (int k = 0; k < 4; k++)
        o->buffer[k] = (uint8_t)(r[PICA_REG_TEXENV_BUFFER_COLOR] >> (8 * k));
}
