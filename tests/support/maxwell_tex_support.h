/* Maxwell texture headers for tests, written field by field from
 * clb197tex.h's MW(hi:lo) positions (independent of backend/maxwell/
 * texture/tic.c), and a model of where texels of a block-linear texture
 * lie: the GOB model of maxwell_fake_mem.h, the per-level block-height
 * clamp as Mesa's nil_tiling_clamp words it, layers one level-0 block
 * apart. */
#ifndef GLHLE_TEST_MAXWELL_TEX_SUPPORT_H
#define GLHLE_TEST_MAXWELL_TEX_SUPPORT_H

#include <stdbool.h>
#include <stdint.h>

enum { TMT_SRC_R = 2, TMT_SRC_G = 3, TMT_SRC_B = 4, TMT_SRC_A = 5, TMT_SRC_ONE_FLOAT = 7 };

typedef struct tmt_tic_desc {
    uint32_t components, type; /* COMPONENTS, data type for all four */
    uint32_t texture_type;     /* 0 1D, 1 2D, 3 cube, 5 2D array */
    uint32_t width, height, depth, levels, bh;
    bool pitch;
    uint32_t pitch_bytes;
    uint8_t src[4];            /* 0: R, G, B, A */
} tmt_tic_desc;

/* MW(hi:lo) of a 256-bit header */
void tmt_field(uint32_t w[8], unsigned hi, unsigned lo, uint64_t v);
void tmt_make_tic(const tmt_tic_desc *d, uint64_t va, uint32_t w[8]);

typedef struct tmt_model {
    uint32_t row_bytes[16], rows[16], bh[16];
    uint64_t level_off[16], layer_stride;
} tmt_model;

void tmt_model_init(tmt_model *m, uint32_t w, uint32_t h, uint32_t levels, uint32_t bpb, uint32_t blk, uint32_t bh);
/* Byte offset of byte x of row y of (layer, level) from the texture's start. */
uint64_t tmt_model_at(const tmt_model *m, uint32_t layer, uint32_t level, uint32_t x, uint32_t y);

#endif
