/* The disk shader cache reader (backend/gl/shader_cache_file.c), which
 * glhle instances and glhle-shadercache run on untrusted files: any bytes
 * parse without a crash, a hang or an unbounded allocation; every record
 * the reader accepts is inside the input; compacting what it accepted and
 * reading that back rejects nothing and gives the same entries; pruning to
 * any budget keeps within it. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/shader_cache_file.h"
#include "backend/pica/draw/programs.h"
#include "backend/psx/programs.h"
#include "support/fuzz_support.h"

static void inside(const gl_shc_file *f, const void *p, size_t n)
{
    const uint8_t *b = p;
    if (b < f->data || b + n > f->data + f->size)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    const gl_shc_system_info *systems[2] = {&pica_program_system()->info, &psx_program_system()->info};
    gl_shc_file f;
    /* the first byte picks which system the caller asks for (0: any known) */
    uint32_t want = size ? data[0] % 3 : 0;
    if (gl_shc_parse(data, size, systems, 2, want, &lg, GLHLE_LOG_DEBUG, &f) == GLHLE_RESULT_OUT_OF_MEMORY)
        return 0;
    for (uint32_t i = 0; i < f.entry_count; i++) {
        inside(&f, f.entries[i].key, f.entries[i].key_size);
        if (f.entries[i].system != f.system)
            __builtin_trap();
    }
    for (uint32_t i = 0; i < f.glsl_count; i++) {
        inside(&f, f.glsl[i].vs, f.glsl[i].vs_len);
        inside(&f, f.glsl[i].fs, f.glsl[i].fs_len);
    }
    for (uint32_t i = 0; i < f.binary_count; i++) {
        inside(&f, f.binaries[i].driver, f.binaries[i].driver_len);
        inside(&f, f.binaries[i].data, f.binaries[i].size);
    }
    if (f.header_ok) {
        glhle_bytebuf out;
        glhle_bytebuf_init(&out, 0);
        if (gl_shc_write_compacted(&f, NULL, &out)) {
            gl_shc_file g;
            if (gl_shc_parse(out.data, out.size, systems, 2, f.system, &lg, GLHLE_LOG_DEBUG, &g) == GLHLE_RESULT_OK) {
                if (g.bad_count || g.entry_count != f.entry_count)
                    __builtin_trap();
                for (uint32_t i = 0; i < g.entry_count; i++)
                    if (g.entries[i].id != f.entries[i].id || g.entries[i].last_use != f.entries[i].last_use)
                        __builtin_trap();
                gl_shc_free(&g);
            }
        }
        bool *keep = calloc((size_t)f.entry_count + 1, 1);
        uint64_t budget = size ? (uint64_t)data[size - 1] * 64 : 0;
        if (keep && gl_shc_plan_prune(&f, budget, keep) > (budget > GL_SHC_HEADER_BYTES ? budget : GL_SHC_HEADER_BYTES))
            __builtin_trap();
        free(keep);
        glhle_bytebuf_free(&out);
    }
    gl_shc_free(&f);
    return 0;
}
