/* The geometry pipeline (backend/pica/shader/primitive.c, vertex.c, shader_vm.c)
 * behind a PICA instance, the input in the form support/pica_pipeline_input.h
 * describes (a prelude that sets up a working draw, guest memory, register
 * writes, the draw), so the fuzzer reshapes formats, strides, counts, output
 * maps, shader code and the geometry-shader configuration. Output chunks must stay in range,
 * nothing may read outside the mapped memory, shaders are step-limited and
 * a run's shader work is bounded (max_shader_steps_per_run). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/pica_instance.h"
#include "backend/pica/shader/primitive.h"
#include "glhle/pica.h"
#include "support/fuzz_support.h"
#include "support/pica_pipeline_input.h"

static void check_output(void *user, const pica_draw_output *out)
{
    (void)user;
    if (out->index_count % 3)
        __builtin_trap();
    for (uint32_t i = 0; i < out->index_count; i++)
        if (out->indices[i] >= out->vertex_count)
            __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t vram[4096];
    static glhle_pica *pica;
    static pica_pipeline *pl;
    if (!pica) {
        /* 2^16 words and 2^18 shader steps a run: under the defaults a
         * draw of 2^24 vertices of the prelude's 3-step program takes a
         * second, 69 s under ASan (the corpus' pipeline_timeout_*) */
        glhle_pica_desc pd = {.max_words_per_run = 1u << 16, .max_shader_steps_per_run = 1u << 18,
                              .log = fuzz_quiet_log};
        pica_pipeline_desc d = {.vertex_capacity = 64, .step_limit = 500, .on_output = check_output};
        static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
        if (glhle_pica_create(NULL, &pd, &pica) != GLHLE_RESULT_OK ||
            glhle_pica_map_memory(pica, 0x18000000, vram, sizeof vram) != GLHLE_RESULT_OK ||
            pica_pipeline_create(&d, &lg, &pl) != GLHLE_RESULT_OK)
            abort();
        pica_pipeline_attach(pl, pica);
    }
    memset(vram, 0, sizeof vram);
    pica_pipeline_input in = pica_pipeline_input_build(data, size, vram);
    if (!in.words)
        return 0;
    glhle_pica_run_cmdlist(pica, in.words, in.word_count, NULL);
    free(in.words);
    return 0;
}
