/* SHBIN parsing (backend/pica/shader/shbin.c) and everything a parsed file feeds:
 * the disassembler listing, loading each DVLE into a shader setup, the
 * output map. Any input must give a clean result, bounded memory and no
 * out-of-bounds access. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/shader/shader_disasm.h"
#include "backend/pica/shader/shbin.h"
#include "support/fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    pica_shbin s;
    if (pica_shbin_parse(data, size, &lg, &s) != GLHLE_RESULT_OK) {
        if (s.dvles || s.dvle_count)
            __builtin_trap(); /* a failed parse leaves nothing behind */
        return 0;
    }
    if (s.code_words > PICA_SHADER_CODE_WORDS || s.opdesc_count > PICA_SHADER_OPDESC_WORDS || !s.dvle_count)
        __builtin_trap();
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 1u << 24);
    pica_disasm_shbin(&out, &s);
    glhle_bytebuf_free(&out);
    pica_shader_setup *setup = calloc(1, sizeof *setup);
    for (uint32_t i = 0; setup && i < s.dvle_count; i++) {
        const pica_shbin_dvle *d = &s.dvles[i];
        if (d->main_offset >= s.code_words || d->end_offset > s.code_words)
            __builtin_trap();
        if (pica_shbin_load_setup(&s, i, setup, &lg) != GLHLE_RESULT_OK)
            __builtin_trap();
        uint32_t map[7], total, mask;
        pica_shbin_outmap(d, map, &total, &mask);
        if (total > 7)
            __builtin_trap();
        for (uint32_t k = 0; k < d->uniform_count; k++)
            if (!d->uniforms[k].name || pica_shbin_find_uniform(d, d->uniforms[k].name) == NULL)
                __builtin_trap();
    }
    free(setup);
    pica_shbin_free(&s);
    return 0;
}
