/* The disk shader cache reader (backend/gl/shader_cache_file.c), which
 * glhle instances and glhle-shadercache run on untrusted files: any bytes
 * parse without a crash, a hang or an unbounded allocation. Each input is
 * read twice: as it is (checksums, resynchronisation) and with the header's
 * and each record's checksum recomputed where its length fits, so that the
 * fields behind the checksums are fuzzed too (libFuzzer cannot forge
 * XXH3). Every record
 * the reader accepts is inside the input; compacting what it accepted and
 * reading that back rejects nothing and gives the same entries; pruning to
 * any budget keeps within it. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "backend/gl/shader_cache_file.h"
#include "backend/maxwell/render/programs.h"
#include "backend/pica/draw/programs.h"
#include "backend/psx/programs.h"
#include "support/fuzz_support.h"

static void inside(const gl_shc_file *f, const void *p, size_t n)
{
    const uint8_t *b = p;
    if (b < f->data || b + n > f->data + f->size)
        __builtin_trap();
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* Recomputes the header's checksum and every record's whose length fits. */
static void fix_checksums(uint8_t *d, size_t size)
{
    if (size < GL_SHC_HEADER_BYTES)
        return;
    wr64(d + 24, glhle_hash64(d, 24));
    size_t off = GL_SHC_HEADER_BYTES;
    uint8_t *tmp = malloc(size + 16);
    if (!tmp)
        return;
    while (off + GL_SHC_RECORD_HEADER_BYTES <= size) {
        uint32_t len = rd32(d + off + 8);
        if (len > size - off - GL_SHC_RECORD_HEADER_BYTES)
            break;
        memcpy(tmp, d + off, 16);
        memcpy(tmp + 16, d + off + GL_SHC_RECORD_HEADER_BYTES, len);
        wr64(d + off + 16, glhle_hash64(tmp, 16 + (size_t)len));
        off += GL_SHC_RECORD_HEADER_BYTES + (((size_t)len + 7) & ~(size_t)7);
    }
    free(tmp);
}

static void one(const uint8_t *data, size_t size, uint32_t want);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the last byte picks which system the caller asks for (0: any known) */
    const uint32_t want = size ? data[size - 1] % 9 : 0;
    one(data, size, want);
    uint8_t *copy = malloc(size + 1);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    fix_checksums(copy, size);
    one(copy, size, want);
    free(copy);
    return 0;
}

static void one(const uint8_t *data, size_t size, uint32_t want)
{
    static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    const gl_shc_system_info *systems[8] = {&pica_program_system()->info, &psx_program_system()->info,
                                            &mw_program_system()->info, &pica_gpu_program_system()->info,
                                            &mw_compute_program_system()->info, &pica_gs_program_system()->info,
                                            &mw_program_guest_gs_system()->info, &mw_program_tess_system()->info};
    gl_shc_file f;
    if (gl_shc_parse(data, size, systems, 8, want, &lg, GLHLE_LOG_DEBUG, &f) == GLHLE_RESULT_OUT_OF_MEMORY)
        return;
    for (uint32_t i = 0; i < f.entry_count; i++) {
        inside(&f, f.entries[i].key, f.entries[i].key_size);
        if (f.entries[i].system != f.system)
            __builtin_trap();
    }
    for (uint32_t i = 0; i < f.glsl_count; i++) {
        inside(&f, f.glsl[i].vs, f.glsl[i].vs_len);
        inside(&f, f.glsl[i].fs, f.glsl[i].fs_len);
        if (f.glsl[i].gs_len)
            inside(&f, f.glsl[i].gs, f.glsl[i].gs_len);
        if (f.glsl[i].tcs_len)
            inside(&f, f.glsl[i].tcs, f.glsl[i].tcs_len);
        if (f.glsl[i].tes_len)
            inside(&f, f.glsl[i].tes, f.glsl[i].tes_len);
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
            if (gl_shc_parse(out.data, out.size, systems, 8, f.system, &lg, GLHLE_LOG_DEBUG, &g) == GLHLE_RESULT_OK) {
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
}
