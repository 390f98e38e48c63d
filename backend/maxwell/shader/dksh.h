/* deko3d's DKSH shader module (what uam writes; deko3d source/dksh.h names
 * the fields): a control section (24-byte header, one 64-byte program
 * header per program) followed by a code section. Both sections are
 * multiples of 256 bytes. For graphics stages the code section starts with
 * 0x30 filler bytes, then the 0x50-byte SPH at `entrypoint`, then the
 * instructions (entrypoint + 0x50); for compute the instructions start at
 * `entrypoint` and there is no SPH. The compiler-constant buffer (c1) lies
 * in the code section at constbuf1_off. Layout as in the test corpus README
 * (../shared/testdata/maxwell/README.md). */
#ifndef GLHLE_MAXWELL_DKSH_H
#define GLHLE_MAXWELL_DKSH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/log.h"
#include "backend/maxwell/shader/sph.h"

#define MW_DKSH_MAGIC 0x48534B44u /* "DKSH" */
#define MW_DKSH_MAX_SIZE (16u << 20)
#define MW_DKSH_MAX_PROGRAMS 16u

enum {
    MW_DKSH_STAGE_VERTEX = 0,
    MW_DKSH_STAGE_FRAGMENT = 1,
    MW_DKSH_STAGE_GEOMETRY = 2,
    MW_DKSH_STAGE_TESS_CONTROL = 3,
    MW_DKSH_STAGE_TESS_EVAL = 4,
    MW_DKSH_STAGE_COMPUTE = 5,
};

typedef struct mw_dksh_program {
    uint32_t type;               /* MW_DKSH_STAGE_* */
    uint32_t entrypoint;         /* code-section offset: the SPH (graphics) or first instruction (compute) */
    uint32_t num_gprs;
    uint32_t constbuf1_off, constbuf1_sz;
    uint32_t per_warp_scratch_sz;
    uint32_t stage_words[8];     /* the 32-byte per-stage union, raw */
    /* compute (from the union) */
    uint32_t block_dims[3];
    uint32_t shared_mem_sz, local_pos_mem_sz, local_neg_mem_sz, crs_sz, num_barriers;
    /* fragment (from the union) */
    bool early_fragment_tests, post_depth_coverage, per_sample_invocation;
    /* where things are, as views into the file */
    bool has_sph;
    mw_sph sph;                  /* graphics stages */
    const uint8_t *code;         /* first instruction */
    size_t code_size;            /* bytes to the end of the code section (or the constant buffer) */
    const uint8_t *constbuf1;    /* NULL when constbuf1_sz is 0 */
} mw_dksh_program;

typedef struct mw_dksh {
    uint32_t control_sz, code_sz;
    uint32_t num_programs;
    mw_dksh_program programs[MW_DKSH_MAX_PROGRAMS];
} mw_dksh;

/* Parses a DKSH file held in `data` (which must outlive *out: the program
 * views point into it). Every size and offset is range checked; a bad file
 * gives BAD_DATA or TRUNCATED with a log line naming the byte offset. */
glhle_result mw_dksh_parse(const uint8_t *data, size_t size, const glhle_logger *log, mw_dksh *out);

const char *mw_dksh_stage_name(uint32_t type); /* "vert" "frag" "geom" "tess_ctrl" "tess_eval" "comp" */
/* The SPH shader type a DKSH stage implies (MW_SPH_SHADER_*), 0 for compute. */
unsigned mw_dksh_stage_sph_type(uint32_t type);

#endif
