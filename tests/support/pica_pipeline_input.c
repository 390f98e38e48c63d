/* The pipeline fuzzer's input form (pica_pipeline_input.h). */
#include "support/pica_pipeline_input.h"

#include <stdlib.h>
#include <string.h>

static void put(uint32_t **w, uint32_t reg, uint32_t value)
{
    *(*w)++ = value;
    *(*w)++ = 0x000F0000u | reg; /* one parameter, all bytes (3dbrew command header) */
}

pica_pipeline_input pica_pipeline_input_build(const uint8_t *data, size_t size, uint8_t *memory)
{
    pica_pipeline_input in = {0};
    memset(memory, 0, PICA_PIPELINE_INPUT_MEMORY);
    memcpy(memory, data, size < PICA_PIPELINE_INPUT_MEMORY ? size : PICA_PIPELINE_INPUT_MEMORY);
    size_t at = size < PICA_PIPELINE_INPUT_MEMORY ? size : PICA_PIPELINE_INPUT_MEMORY;
    size_t writes = (size - at) / 6;
    uint8_t last = size ? data[size - 1] : 0;

    uint32_t *list = malloc((64 + 2 * writes + 16) * 2 * sizeof *list), *w = list;
    if (!list)
        return in;
    /* prelude: mov o0, v0 ; mov o1, v1 ; end -- float3 positions at +0, ubyte4 colours */
    static const uint32_t code[3] = {0x4C000000u | 0x00 << 21 | 0x00 << 12, 0x4C000000u | 0x01 << 21 | 0x01 << 12,
                                     0x88000000u};
    put(&w, 0x2CB, 0);
    for (int i = 0; i < 3; i++)
        put(&w, 0x2CC, code[i]);
    put(&w, 0x2D5, 0);
    put(&w, 0x2D6, 0xFu | 0x1Bu << 5 | 0x1Bu << 14); /* descriptor 0: mask xyzw, .xyzw */
    put(&w, 0x2B9, 0xA0000001u);
    put(&w, 0x242, 1);
    put(&w, 0x2BB, 0x10);
    put(&w, 0x2BD, 0x3);
    put(&w, 0x04F, 2);
    put(&w, 0x050, 0x03020100);
    put(&w, 0x051, 0x0B0A0908);
    put(&w, 0x200, PICA_PIPELINE_INPUT_PADDR >> 3);
    put(&w, 0x201, (3u | 2u << 2) | (1u | 3u << 2) << 4);
    put(&w, 0x202, 1u << 28);
    put(&w, 0x204, 0x10);
    put(&w, 0x205, 16u << 16 | 2u << 28);
    put(&w, 0x227, 0x200);
    put(&w, 0x228, 12);
    put(&w, 0x25E, 1u << 8);
    for (size_t i = 0; i < writes; i++, at += 6) {
        uint32_t reg = (uint32_t)(data[at] | data[at + 1] << 8) % 0x300, v;
        memcpy(&v, data + at + 2, 4);
        if (reg == 0x010 || (reg >= 0x238 && reg <= 0x23D))
            continue; /* FINALIZE and command-buffer jumps are the parser's business */
        put(&w, reg, v);
    }
    in.draw_offset = (uint32_t)((w - list) * 4);
    put(&w, (last & 1) ? 0x22F : 0x22E, 1);
    if (last & 2) {
        put(&w, 0x232, 0xF);
        for (int i = 0; i < 6; i++)
            put(&w, 0x233 + (uint32_t)(i % 3), 0x3F0000u);
    }
    if ((w - list) % 4) { /* whole 16-byte units: pad with a write that enables no byte */
        *w++ = 0;
        *w++ = 0;
    }
    in.words = list;
    in.word_count = (size_t)(w - list);
    return in;
}
