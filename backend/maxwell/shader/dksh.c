/* DKSH module parsing (dksh.h). Field layout: deko3d source/dksh.h, as
 * the corpus README restates it. */
#include "backend/maxwell/shader/dksh.h"

#include <string.h>

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#define DKSH_HEADER_SIZE 24u
#define DKSH_PROGRAM_SIZE 64u
#define DKSH_GRAPHICS_CODE_OFFSET 0x50u /* instructions follow the SPH */

const char *mw_dksh_stage_name(uint32_t type)
{
    static const char *const names[] = {"vert", "frag", "geom", "tess_ctrl", "tess_eval", "comp"};
    return type < 6 ? names[type] : "?";
}

unsigned mw_dksh_stage_sph_type(uint32_t type)
{
    static const unsigned map[] = {MW_SPH_SHADER_VERTEX, MW_SPH_SHADER_PIXEL, MW_SPH_SHADER_GEOMETRY,
                                   MW_SPH_SHADER_TESS_CONTROL, MW_SPH_SHADER_TESS_EVAL, 0};
    return type < 6 ? map[type] : 0;
}

glhle_result mw_dksh_parse(const uint8_t *data, size_t size, const glhle_logger *log, mw_dksh *out)
{
    memset(out, 0, sizeof *out);
    if (!data || size < DKSH_HEADER_SIZE)
        return GLHLE_FAIL(log, GLHLE_RESULT_TRUNCATED, "dksh: %zu bytes, shorter than the %u-byte header", size,
                          DKSH_HEADER_SIZE);
    if (size > MW_DKSH_MAX_SIZE)
        return GLHLE_FAIL(log, GLHLE_RESULT_LIMIT_EXCEEDED, "dksh: %zu bytes, more than the %u accepted", size,
                          MW_DKSH_MAX_SIZE);
    uint32_t magic = rd32(data), header_sz = rd32(data + 4), control_sz = rd32(data + 8), code_sz = rd32(data + 12),
             programs_off = rd32(data + 16), num_programs = rd32(data + 20);
    if (magic != MW_DKSH_MAGIC)
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "dksh +0x0: magic 0x%08x, not \"DKSH\"", magic);
    if (header_sz != DKSH_HEADER_SIZE)
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "dksh +0x4: header size %u, not %u", header_sz,
                          DKSH_HEADER_SIZE);
    if (control_sz % 256 || code_sz % 256)
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "dksh +0x8: sections of 0x%x and 0x%x bytes are not 256-byte multiples",
                          control_sz, code_sz);
    if ((uint64_t)control_sz + code_sz > size)
        return GLHLE_FAIL(log, GLHLE_RESULT_TRUNCATED, "dksh +0x8: sections of 0x%x + 0x%x bytes, file has 0x%zx",
                          control_sz, code_sz, size);
    if (num_programs == 0 || num_programs > MW_DKSH_MAX_PROGRAMS)
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "dksh +0x14: %u programs (1-%u accepted)", num_programs,
                          MW_DKSH_MAX_PROGRAMS);
    if (programs_off < DKSH_HEADER_SIZE || (uint64_t)programs_off + (uint64_t)num_programs * DKSH_PROGRAM_SIZE > control_sz)
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "dksh +0x10: program headers at 0x%x (%u of them) leave the 0x%x-byte control section",
                          programs_off, num_programs, control_sz);
    out->control_sz = control_sz;
    out->code_sz = code_sz;
    out->num_programs = num_programs;
    const uint8_t *code = data + control_sz;
    for (uint32_t n = 0; n < num_programs; n++) {
        uint32_t at = programs_off + n * DKSH_PROGRAM_SIZE;
        const uint8_t *ph = data + at;
        mw_dksh_program *pr = &out->programs[n];
        pr->type = rd32(ph);
        pr->entrypoint = rd32(ph + 4);
        pr->num_gprs = rd32(ph + 8);
        pr->constbuf1_off = rd32(ph + 12);
        pr->constbuf1_sz = rd32(ph + 16);
        pr->per_warp_scratch_sz = rd32(ph + 20);
        for (unsigned i = 0; i < 8; i++)
            pr->stage_words[i] = rd32(ph + 24 + 4 * i);
        if (pr->type > MW_DKSH_STAGE_COMPUTE)
            return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "dksh +0x%x: program type %u (0-5 expected)", at, pr->type);
        if (pr->num_gprs > 255)
            return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "dksh +0x%x: %u registers", at + 8, pr->num_gprs);
        if (pr->entrypoint >= code_sz)
            return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "dksh +0x%x: entry point 0x%x outside the 0x%x-byte code",
                              at + 4, pr->entrypoint, code_sz);
        if (pr->constbuf1_sz) {
            if ((uint64_t)pr->constbuf1_off + pr->constbuf1_sz > code_sz)
                return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "dksh +0x%x: constant buffer 0x%x+0x%x outside the code",
                                  at + 12, pr->constbuf1_off, pr->constbuf1_sz);
            pr->constbuf1 = code + pr->constbuf1_off;
        }
        uint32_t first = pr->entrypoint;
        if (pr->type == MW_DKSH_STAGE_COMPUTE) {
            pr->block_dims[0] = pr->stage_words[0];
            pr->block_dims[1] = pr->stage_words[1];
            pr->block_dims[2] = pr->stage_words[2];
            pr->shared_mem_sz = pr->stage_words[3];
            pr->local_pos_mem_sz = pr->stage_words[4];
            pr->local_neg_mem_sz = pr->stage_words[5];
            pr->crs_sz = pr->stage_words[6];
            pr->num_barriers = pr->stage_words[7];
        } else {
            if ((uint64_t)pr->entrypoint + DKSH_GRAPHICS_CODE_OFFSET > code_sz)
                return GLHLE_FAIL(log, GLHLE_RESULT_TRUNCATED, "dksh +0x%x: SPH at code+0x%x runs past the code",
                                  at + 4, pr->entrypoint);
            glhle_result r = mw_sph_parse(code + pr->entrypoint, MW_SPH_SIZE, log, &pr->sph);
            if (r != GLHLE_RESULT_OK)
                return GLHLE_FAIL(log, r, "dksh: program %u's SPH at file +0x%x is bad", n, control_sz + pr->entrypoint);
            if (pr->sph.shader_type != mw_dksh_stage_sph_type(pr->type))
                return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "dksh +0x%x: a %s program whose SPH says %s", at,
                                  mw_dksh_stage_name(pr->type), mw_sph_shader_type_name(pr->sph.shader_type));
            pr->has_sph = true;
            first += DKSH_GRAPHICS_CODE_OFFSET;
            if (pr->type == MW_DKSH_STAGE_FRAGMENT) {
                const uint8_t *u = ph + 24; /* has_table_3d1, early_fragment_tests, post_depth_coverage, per_sample_invocation */
                pr->early_fragment_tests = u[1] != 0;
                pr->post_depth_coverage = u[2] != 0;
                pr->per_sample_invocation = u[3] != 0;
            }
        }
        /* the code runs to the compiler constants, or to the section's end */
        uint32_t end = code_sz;
        if (pr->constbuf1_sz && pr->constbuf1_off > first)
            end = pr->constbuf1_off;
        pr->code = code + first;
        pr->code_size = end - first;
    }
    return GLHLE_RESULT_OK;
}
