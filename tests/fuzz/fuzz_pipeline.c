/* The geometry pipeline (backend/pica/shader/primitive.c, vertex.c, shader_vm.c)
 * behind a PICA instance: a fixed prelude sets up a working draw (a vertex
 * shader, attribute buffers, output map), then the input is
 *   bytes 0-1023    guest memory at 0x18000000 (vertices, indices)
 *   then            6-byte register writes: u16 register id, u32 value
 *   last byte       bit 0: DRAWELEMENTS (else DRAWARRAYS), bit 1: also an
 *                   immediate-mode vertex
 * so the fuzzer reshapes formats, strides, counts, output maps, shader code
 * and the geometry-shader configuration. Output chunks must stay in range,
 * nothing may read outside the mapped memory, shaders are step-limited. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/pica_instance.h"
#include "backend/pica/shader/primitive.h"
#include "glhle/pica.h"
#include "support/fuzz_support.h"

static void check_output(void *user, const pica_draw_output *out)
{
    (void)user;
    if (out->index_count % 3)
        __builtin_trap();
    for (uint32_t i = 0; i < out->index_count; i++)
        if (out->indices[i] >= out->vertex_count)
            __builtin_trap();
}

static void put(uint32_t **w, uint32_t reg, uint32_t value)
{
    *(*w)++ = value;
    *(*w)++ = 0x000F0000u | reg; /* one parameter, all bytes (3dbrew command header) */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t vram[4096];
    static glhle_pica *pica;
    static pica_pipeline *pl;
    if (!pica) {
        glhle_pica_desc pd = {.max_words_per_run = 1u << 16, .log = fuzz_quiet_log};
        pica_pipeline_desc d = {.vertex_capacity = 64, .step_limit = 500, .on_output = check_output};
        static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
        if (glhle_pica_create(NULL, &pd, &pica) != GLHLE_RESULT_OK ||
            glhle_pica_map_memory(pica, 0x18000000, vram, sizeof vram) != GLHLE_RESULT_OK ||
            pica_pipeline_create(&d, &lg, &pl) != GLHLE_RESULT_OK)
            abort();
        pica_pipeline_attach(pl, pica);
    }
    memset(vram, 0, sizeof vram);
    memcpy(vram, data, size < 1024 ? size : 1024);
    size_t at = size < 1024 ? size : 1024;
    size_t writes = (size - at) / 6;
    uint8_t last = size ? data[size - 1] : 0;

    uint32_t *list = malloc((64 + 2 * writes + 16) * 2 * sizeof *list), *w = list;
    if (!list)
        return 0;
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
    put(&w, 0x200, 0x18000000u >> 3);
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
    glhle_pica_run_cmdlist(pica, list, (size_t)(w - list), NULL);
    free(list);
    return 0;
}
