/* Rasterizer registers 0x040-0x07F (and EARLYDEPTH_TEST2, 0x118) and the
 * shader output map. Layouts: 3dbrew GPU/Internal_Registers, "Rasterizer
 * registers"; pica_state.h documents each field. */
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/pica/frontend/regs.h"

void pica_decode_raster(const uint32_t *r, pica_raster_state *o)
{
    memset(o, 0, sizeof *o);
    o->cull_raw = r[PICA_REG_FACECULLING_CONFIG] & 3;
    o->cull = o->cull_raw == 3 ? PICA_CULL_NONE : o->cull_raw;
    o->viewport_half_width = glhle_f24_to_float(r[PICA_REG_VIEWPORT_WIDTH]);
    o->viewport_inv_half_width = glhle_f31_to_float(r[PICA_REG_VIEWPORT_INVW] >> 1);
    o->viewport_half_height = glhle_f24_to_float(r[PICA_REG_VIEWPORT_HEIGHT]);
    o->viewport_inv_half_height = glhle_f31_to_float(r[PICA_REG_VIEWPORT_INVH] >> 1);
    o->viewport_x = (int16_t)glhle_sign_extend(r[PICA_REG_VIEWPORT_XY], 10);
    o->viewport_y = (int16_t)glhle_sign_extend(r[PICA_REG_VIEWPORT_XY] >> 16, 10);
    o->clip_enable = r[PICA_REG_FRAGOP_CLIP] & 1;
    for (int i = 0; i < 4; i++)
        o->clip_plane[i] = glhle_f24_to_float(r[PICA_REG_FRAGOP_CLIP_DATA0 + i]);
    o->depthmap_enable = r[PICA_REG_DEPTHMAP_ENABLE] & 1;
    o->depth_scale = glhle_f24_to_float(r[PICA_REG_DEPTHMAP_SCALE]);
    o->depth_offset = glhle_f24_to_float(r[PICA_REG_DEPTHMAP_OFFSET]);
    o->scissor_mode = r[PICA_REG_SCISSORTEST_MODE] & 3;
    o->scissor_x1 = r[PICA_REG_SCISSORTEST_POS] & 0x3FF;
    o->scissor_y1 = (r[PICA_REG_SCISSORTEST_POS] >> 16) & 0x3FF;
    o->scissor_x2 = r[PICA_REG_SCISSORTEST_DIM] & 0x3FF;
    o->scissor_y2 = (r[PICA_REG_SCISSORTEST_DIM] >> 16) & 0x3FF;
    o->early_depth_test1 = r[PICA_REG_EARLYDEPTH_TEST1] & 1;
    o->early_depth_test2 = r[PICA_REG_EARLYDEPTH_TEST2] & 1;
    o->early_depth_func = r[PICA_REG_EARLYDEPTH_FUNC] & 3;
    o->early_depth_clear = r[PICA_REG_EARLYDEPTH_DATA] & 0xFFFFFF;
    o->renderbuf_width = r[PICA_REG_RENDERBUF_DIM] & 0x7FF;
    o->renderbuf_height = (uint16_t)(((r[PICA_REG_RENDERBUF_DIM] >> 12) & 0x3FF) + 1);
}

void pica_decode_outmap(const uint32_t *r, pica_outmap_state *o)
{
    memset(o, 0, sizeof *o);
    o->total = r[PICA_REG_SH_OUTMAP_TOTAL] & 7;
    for (int i = 0; i < 7; i++)
        for (int c = 0; c < 4; c++)
            o->semantic[i][c] = (r[PICA_REG_SH_OUTMAP_O0 + i] >> (8 * c)) & 0x1F;
    o->use_texcoords = r[PICA_REG_SH_OUTATTR_MODE] & 1;
    o->clock = r[PICA_REG_SH_OUTATTR_CLOCK];
}

void pica_outmap_resolve(const pica_outmap_state *map, uint16_t output_mask, uint8_t semantic[16][4])
{
    memset(semantic, PICA_SEM_UNUSED, 16 * 4);
    unsigned slot = 0;
    for (unsigned reg = 0; reg < 16; reg++) {
        if (!(output_mask & (1u << reg)))
            continue;
        if (slot < map->total && slot < 7)
            memcpy(semantic[reg], map->semantic[slot], 4);
        slot++;
    }
}
