/* The PICA's key type in the program cache service (backend/gl/
 * program_service.h): one program per (fragment key, vertex key) pair. The
 * key's bytes are its portable form: every field of pica_fs_key and
 * pica_vs_key is a byte (the _Static_asserts in shadergen pin the sizes),
 * so a file written on any host reads the same on any other. */
#ifndef GLHLE_PICA_PROGRAMS_H
#define GLHLE_PICA_PROGRAMS_H

#include "backend/gl/program_service.h"
#include "shadergen/pica_fs.h"
#include "shadergen/pica_fs_key.h"
#include "shadergen/pica_vs.h"

/* The program cache's key: both generators' keys, nothing else. */
typedef struct pica_program_key {
    pica_fs_key fs;
    pica_vs_key vs;
} pica_program_key;
_Static_assert(sizeof(pica_program_key) == sizeof(pica_fs_key) + sizeof(pica_vs_key), "no padding in the key");

/* Stored with every key; bump when either generator's key changes meaning. */
#define PICA_PROGRAM_KEY_VERSION (PICA_FS_KEY_VERSION * 256u + PICA_VS_KEY_VERSION)

/* Host bits (gl_program_service_desc.host). */
enum {
    PICA_PROGRAM_HOST_GLES = 1u << 0,
    PICA_PROGRAM_HOST_FETCH = 1u << 1,
    /* the GPU vertex path's programs OR their shader status into a storage
     * buffer (pica_vsp_desc.report_status): the host has vertex-stage
     * storage buffers */
    PICA_PROGRAM_HOST_VS_STATUS = 1u << 2,
};

const gl_program_system *pica_program_system(void);
uint32_t pica_program_host_bits(const pica_fs_host *host);
void pica_program_host_from_bits(uint32_t bits, pica_fs_host *host);
/* The ubershader program (shadergen/pica_fs_uber.h), the service's fallback
 * (gl_program_service_desc.fallback_generate). */
bool pica_program_generate_uber(uint32_t host_bits, glhle_bytebuf *vs, glhle_bytebuf *fs);

/* Whether the ubershader draws `key` (a pica_program_key) exactly: not
 * gas rendering, which it has no code for (those draws wait for their own
 * programs). */
bool pica_program_uber_covers(const void *key);

/* ---- the GPU vertex path's programs (issue 18) ----
 * A second key type: the fragment key with the vertex shader itself,
 * translated by backend/pica/shader/shader_glsl.h (PICA_VSP_OUTPUT_DRAW).
 * The key carries the words of code memory the program can reach
 * (pica_vsp_used_range, less the zero words at its ends, which the
 * generator puts back), so the program cache's XXH3 hash of the key is the
 * code and operand-descriptor hash and its memcmp confirms the used range
 * word for word; the disk cache regenerates the GLSL from the key alone.
 * A program whose reachable range is longer than PICA_GPU_VS_CODE_WORDS
 * (none of the committed samples' or 3ds-examples' shaders comes near)
 * takes the CPU vertex path. The words are in host order: every host glhle
 * builds on is little-endian, as the stored f32 uniforms already assume. */
#define PICA_GPU_VS_CODE_WORDS 800u

typedef struct pica_gpu_program_key {
    pica_fs_key fs;
    uint8_t outmap[24];         /* pica_output_map.src: register * 4 + component, 64 = 1.0 */
    uint8_t input_register[16]; /* VSH_ATTRIBUTES_PERMUTATION, the first input_count used */
    uint8_t input_count;        /* attributes fed to v registers (1-16) */
    uint8_t clip;               /* the user clip plane is on */
    uint8_t pad0[2];
    uint16_t entry;             /* VSH_ENTRYPOINT, relative to code_lo */
    uint16_t code_lo;           /* first word of the used range in code memory */
    uint16_t code_count;        /* words in code[] (the rest zero) */
    uint16_t pad1;
    uint32_t step_limit;        /* the interpreter's (0: its default) */
    uint32_t opdesc[128];
    uint32_t code[PICA_GPU_VS_CODE_WORDS];
} pica_gpu_program_key;
_Static_assert(sizeof(pica_gpu_program_key) ==
                   sizeof(pica_fs_key) + 56 + 4 * (128 + PICA_GPU_VS_CODE_WORDS),
               "no padding in the GPU vertex path's key");
_Static_assert(sizeof(pica_gpu_program_key) <= 4096, "the program cache takes keys up to 4096 bytes");
#define PICA_GPU_PROGRAM_KEY_VERSION (PICA_FS_KEY_VERSION * 256u + 1u)

const gl_program_system *pica_gpu_program_system(void);
/* Fills the vertex half of `key` (zeroed first by the caller) from a shader
 * unit's program and configuration; false with the reason in `why` when the
 * program does not fit the key (it then takes the CPU path). */
bool pica_gpu_program_key_vs(pica_gpu_program_key *key, const uint32_t *code, const uint32_t *opdesc, uint32_t entry,
                             const uint8_t *input_register, uint32_t input_count, const uint8_t *outmap, bool clip,
                             uint32_t step_limit, char *why, size_t why_size);

#endif
