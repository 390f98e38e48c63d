/* Per-fragment operations (0x100-0x107, FRAGOP_SHADOW 0x130) and the
 * framebuffer configuration (0x110-0x11E) (3dbrew GPU/Internal_Registers
 * "Framebuffer registers"). */
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/pica/frontend/regs.h"

void pica_decode_fragop(const uint32_t *r, pica_fragop_state *o)
{
    memset(o, 0, sizeof *o);
    uint32_t op = r[PICA_REG_COLOR_OPERATION], bf = r[PICA_REG_BLEND_FUNC];
    o->mode = op & 3;
    o->blend = (op >> 8) & 1;
    o->blend_eq_rgb = bf & 7;
    o->blend_eq_alpha = (bf >> 8) & 7;
    o->blend_src_rgb = (bf >> 16) & 0xF;
    o->blend_dst_rgb = (bf >> 20) & 0xF;
    o->blend_src_alpha = (bf >> 24) & 0xF;
    o->blend_dst_alpha = (bf >> 28) & 0xF;
    o->logic_op = r[PICA_REG_LOGIC_OP] & 0xF;
    for (int c = 0; c < 4; c++)
        o->blend_color[c] = (uint8_t)(r[PICA_REG_BLEND_COLOR] >> (8 * c));
    uint32_t at = r[PICA_REG_FRAGOP_ALPHA_TEST];
    o->alpha_test = at & 1;
    o->alpha_func = (at >> 4) & 7;
    o->alpha_ref = (uint8_t)(at >> 8);
    uint32_t st = r[PICA_REG_STENCIL_TEST], so = r[PICA_REG_STENCIL_OP];
    o->stencil_test = st & 1;
    o->stencil_func = (st >> 4) & 7;
    o->stencil_write_mask = (uint8_t)(st >> 8);
    o->stencil_ref = (uint8_t)(st >> 16);
    o->stencil_input_mask = (uint8_t)(st >> 24);
    o->stencil_fail = so & 7;
    o->stencil_zfail = (so >> 4) & 7;
    o->stencil_zpass = (so >> 8) & 7;
    uint32_t dm = r[PICA_REG_DEPTH_COLOR_MASK];
    o->depth_test = dm & 1;
    o->depth_func = (dm >> 4) & 7;
    o->color_write_mask = (dm >> 8) & 0xF;
    o->depth_write = (dm >> 12) & 1;
    o->shadow_constant = glhle_f16_to_float(r[PICA_REG_FRAGOP_SHADOW] & 0xFFFF);
    o->shadow_linear = glhle_f16_to_float(r[PICA_REG_FRAGOP_SHADOW] >> 16);
}

void pica_decode_framebuffer(const uint32_t *r, pica_framebuffer_state *o)
{
    memset(o, 0, sizeof *o);
    o->color_read = r[PICA_REG_COLORBUFFER_READ] & 0xF;
    o->color_write = r[PICA_REG_COLORBUFFER_WRITE] & 0xF;
    o->stencil_read = r[PICA_REG_DEPTHBUFFER_READ] & 1;
    o->depth_read = (r[PICA_REG_DEPTHBUFFER_READ] >> 1) & 1;
    o->stencil_write = r[PICA_REG_DEPTHBUFFER_WRITE] & 1;
    o->depth_write = (r[PICA_REG_DEPTHBUFFER_WRITE] >> 1) & 1;
    o->depth_format = r[PICA_REG_DEPTHBUFFER_FORMAT] & 3;
    o->color_pixel_size = r[PICA_REG_COLORBUFFER_FORMAT] & 3;
    o->color_format = (r[PICA_REG_COLORBUFFER_FORMAT] >> 16) & 7;
    o->block32 = r[PICA_REG_FRAMEBUFFER_BLOCK32] & 1;
    o->depth_address = (r[PICA_REG_DEPTHBUFFER_LOC] & 0x0FFFFFFF) << 3;
    o->color_address = (r[PICA_REG_COLORBUFFER_LOC] & 0x0FFFFFFF) << 3;
    uint32_t dim = r[PICA_REG_FRAMEBUFFER_DIM];
    o->width = dim & 0x7FF;
    o->height = (uint16_t)(((dim >> 12) & 0x3FF) + 1);
    o->dim_bit24 = (dim >> 24) & 1;
}
