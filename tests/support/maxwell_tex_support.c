/* Maxwell texture headers and layout model for tests (maxwell_tex_support.h). */
#include "support/maxwell_tex_support.h"

#include <string.h>

#include "support/maxwell_fake_mem.h"

void tmt_field(uint32_t w[8], unsigned hi, unsigned lo, uint64_t v)
{
    for (unsigned b = lo; b <= hi; b++, v >>= 1)
        w[b / 32] = (w[b / 32] & ~(1u << (b % 32))) | ((uint32_t)(v & 1) << (b % 32));
}

void tmt_make_tic(const tmt_tic_desc *d, uint64_t va, uint32_t w[8])
{
    memset(w, 0, 32);
    tmt_field(w, 6, 0, d->components);
    for (unsigned c = 0; c < 4; c++) {
        tmt_field(w, 9 + 3 * c, 7 + 3 * c, d->type);
        tmt_field(w, 21 + 3 * c, 19 + 3 * c, d->src[c] ? d->src[c] : (uint8_t)(TMT_SRC_R + c));
    }
    if (d->pitch) {
        tmt_field(w, 63, 37, (va & 0xFFFFFFFF) >> 5);
        tmt_field(w, 87, 85, 2); /* PITCH */
        tmt_field(w, 111, 96, d->pitch_bytes >> 5);
    } else {
        tmt_field(w, 63, 41, (va & 0xFFFFFFFF) >> 9);
        tmt_field(w, 87, 85, 3); /* BLOCKLINEAR */
        tmt_field(w, 101, 99, d->bh);
    }
    tmt_field(w, 79, 64, va >> 32);
    tmt_field(w, 127, 124, d->levels - 1);
    tmt_field(w, 143, 128, d->width - 1);
    tmt_field(w, 154, 151, d->texture_type);
    tmt_field(w, 175, 160, d->height - 1);
    tmt_field(w, 189, 176, (d->depth ? d->depth : 1) - 1);
    tmt_field(w, 191, 191, 1);
    tmt_field(w, 231, 228, d->levels - 1); /* RES_VIEW_MAX_MIP_LEVEL */
}

void tmt_model_init(tmt_model *m, uint32_t w, uint32_t h, uint32_t levels, uint32_t bpb, uint32_t blk, uint32_t bh)
{
    uint64_t off = 0;
    for (uint32_t l = 0; l < levels; l++) {
        const uint32_t lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1;
        m->row_bytes[l] = (lw + blk - 1) / blk * bpb;
        m->rows[l] = (lh + blk - 1) / blk;
        uint32_t b = bh;
        while (b > 0 && (8u << (b - 1)) >= m->rows[l])
            b--;
        m->bh[l] = b;
        m->level_off[l] = off;
        const uint64_t gobs_x = (m->row_bytes[l] + 63) / 64, blocks_y = (m->rows[l] + (8u << b) - 1) / (8u << b);
        off += gobs_x * blocks_y * (512u << b);
    }
    const uint64_t block0 = 512u << m->bh[0];
    m->layer_stride = (off + block0 - 1) / block0 * block0;
}

uint64_t tmt_model_at(const tmt_model *m, uint32_t layer, uint32_t level, uint32_t x, uint32_t y)
{
    return layer * m->layer_stride + m->level_off[level] +
           mwt_bl_offset(m->row_bytes[level], m->rows[level], m->bh[level], 0, x, y, 0);
}
