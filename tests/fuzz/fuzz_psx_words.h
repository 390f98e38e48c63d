/* How the PlayStation renderer fuzz targets turn bytes into port writes:
 * little-endian words go to GP0, except those with top byte F0h..FFh (unknown
 * GP0 codes), which become GP1(00h..0Fh) with the same low 24 bits followed
 * by a GPUREAD; the stream is then ended. So that one input stays cheap to
 * draw (llvmpipe, ASan), at most FUZZ_PSX_MAX_BYTES are used and drawing
 * areas (GP0(E3h/E4h)) are kept within 256 x 256 pixels; FUZZ_PSX_START
 * clears VRAM with two fills and opens that area. */
#ifndef GLHLE_FUZZ_PSX_WORDS_H
#define GLHLE_FUZZ_PSX_WORDS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "glhle/psx.h"

#define FUZZ_PSX_MAX_BYTES 512

static const uint32_t fuzz_psx_start[8] = {0x02000000u, 0x00000000u, 0x010003FFu, 0x02000000u,
                                           0x01000000u, 0x010003FFu, 0xE3000000u, 0xE4000000u | 255u | (255u << 10)};

/* `clear`: VRAM may hold an earlier input's pixels. */
static inline void fuzz_psx_feed(glhle_psx *psx, const uint8_t *data, size_t size, bool clear)
{
    uint32_t block[256];
    size_t n = 0;
    if (size > FUZZ_PSX_MAX_BYTES)
        size = FUZZ_PSX_MAX_BYTES;
    glhle_psx_gp0_block(psx, fuzz_psx_start + (clear ? 0 : 6), clear ? 8 : 2);
    for (size_t i = 0; i + 4 <= size; i += 4) {
        uint32_t w;
        memcpy(&w, data + i, 4);
        if ((w >> 24) == 0xE3 || (w >> 24) == 0xE4) /* corners within 256 x 256 */
            w &= 0xFF0000FFu | (0xFFu << 10);
        if ((w >> 24) >= 0xF0) {
            glhle_psx_gp0_block(psx, block, n);
            n = 0;
            glhle_psx_gp1(psx, ((w >> 24 & 0x0F) << 24) | (w & 0xFFFFFF));
            (void)glhle_psx_gpuread(psx);
            continue;
        }
        block[n++] = w;
        if (n == 256) {
            glhle_psx_gp0_block(psx, block, n);
            n = 0;
        }
    }
    glhle_psx_gp0_block(psx, block, n);
    glhle_psx_end_stream(psx);
}

#endif
