/* The ASTC LDR decoder (backend/maxwell/texture/astc.c) on arbitrary
 * blocks: byte 0 picks the footprint (its low nibble, one of the 14 the
 * texture header names) and sRGB (bit 4); byte 1 the image's width and
 * height in texels past whole blocks; the rest are blocks, as many as the
 * input holds (an image short of them decodes the rest as error blocks).
 * Every block must decode without a sanitizer report; a block that is not
 * valid must come out as the error colour; the image decoder must agree
 * with the block decoder texel for texel and count the same errors. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "backend/maxwell/texture/astc.h"

static const uint8_t k_foot[14][2] = {{4, 4}, {5, 4},  {5, 5},  {6, 5},  {6, 6},   {8, 5},   {8, 6},
                                      {8, 8}, {10, 5}, {10, 6}, {10, 8}, {10, 10}, {12, 10}, {12, 12}};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const uint32_t bw = k_foot[(data[0] & 15) % 14][0], bh = k_foot[(data[0] & 15) % 14][1];
    const bool srgb = data[0] & 16;
    const uint8_t *blocks = data + 2;
    const size_t nbytes = size - 2;
    /* up to 4x4 blocks, the last row and column partial by byte 1 */
    const uint32_t bx = 1 + (data[1] & 3), by = 1 + ((data[1] >> 2) & 3);
    const uint32_t w = (bx - 1) * bw + 1 + (data[1] >> 4) % bw, h = (by - 1) * bh + 1 + (data[1] >> 4) % bh;
    static uint8_t rgba[4 * 12 * 4 * 12 * 4];
    const uint32_t errors = mw_astc_decode_image(blocks, nbytes, w, h, bw, bh, srgb, rgba, (size_t)w * 4);
    uint32_t counted = 0;
    for (uint32_t j = 0; j < by; j++)
        for (uint32_t i = 0; i < bx; i++) {
            const size_t at = ((size_t)j * bx + i) * 16;
            uint8_t blk[16] = {0};
            if (at + 16 <= nbytes)
                memcpy(blk, blocks + at, 16);
            uint16_t t[MW_ASTC_MAX_TEXELS][4];
            const mw_astc_status st = mw_astc_decode_block(blk, bw, bh, srgb, t);
            if (st != MW_ASTC_VALID && st != MW_ASTC_HDR && st != MW_ASTC_ERROR)
                __builtin_trap();
            counted += st != MW_ASTC_VALID;
            for (uint32_t y = 0; y < bh; y++)
                for (uint32_t x = 0; x < bw; x++) {
                    const uint16_t *p = t[y * bw + x];
                    if (st != MW_ASTC_VALID && (p[0] != 0xFFFF || p[1] || p[2] != 0xFFFF || p[3] != 0xFFFF))
                        __builtin_trap();
                    if (j * bh + y >= h || i * bw + x >= w)
                        continue;
                    const uint8_t *o = rgba + ((size_t)(j * bh + y) * w + i * bw + x) * 4;
                    for (uint32_t c = 0; c < 4; c++)
                        if (o[c] != mw_astc_to_unorm8(p[c]))
                            __builtin_trap();
                }
        }
    if (counted != errors)
        __builtin_trap();
    return 0;
}
