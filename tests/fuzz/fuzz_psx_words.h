/* How the PlayStation renderer fuzz targets turn bytes into port writes:
 * little-endian words go to GP0, except those with top byte F0h..FFh (unknown
 * GP0 codes), which become GP1(00h..0Fh) with the same low 24 bits followed
 * by a GPUREAD; the stream is then ended. */
#ifndef GLHLE_FUZZ_PSX_WORDS_H
#define GLHLE_FUZZ_PSX_WORDS_H

#include <stdint.h>
#include <string.h>

#include "glhle/psx.h"

static inline void fuzz_psx_feed(glhle_psx *psx, const uint8_t *data, size_t size)
{
    uint32_t block[256];
    size_t n = 0;
    for (size_t i = 0; i + 4 <= size; i += 4) {
        uint32_t w;
        memcpy(&w, data + i, 4);
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
