/* The PICA's key type in the program cache service (backend/gl/
 * program_service.h): one program per (fragment key, vertex key) pair. The
 * key's bytes are its portable form: every field of pica_fs_key and
 * pica_vs_key is a byte (the _Static_asserts in shadergen pin the sizes),
 * so a file written on any host reads the same on any other. */
#ifndef GLHLE_PICA_PROGRAMS_H
#define GLHLE_PICA_PROGRAMS_H

#include "backend/gl/program_service.h"
#include "backend/pica/shader/shader_glsl.h"
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
#define PICA_GPU_PROGRAM_KEY_VERSION (PICA_FS_KEY_VERSION * 256u + 2u)

const gl_program_system *pica_gpu_program_system(void);
/* Fills the vertex half of `key` (zeroed first by the caller) from a shader
 * unit's program and configuration; false with the reason in `why` when the
 * program does not fit the key (it then takes the CPU path). */
bool pica_gpu_program_key_vs(pica_gpu_program_key *key, const uint32_t *code, const uint32_t *opdesc, uint32_t entry,
                             const uint8_t *input_register, uint32_t input_count, const uint8_t *outmap, bool clip,
                             uint32_t step_limit, char *why, size_t why_size);

/* ---- the GPU geometry-shader path (issue 18) ----
 * Draws with the geometry stage on, when the vertex path is the GPU's: a
 * program of three stages, the vertex shader in PICA_VSP_OUTPUT_GS_FEED form
 * (its packed outputs as the GS unit takes them), the geometry shader in
 * PICA_VSP_OUTPUT_DRAW form (the output map of the GS unit's output mask onto
 * the fragment stage's varyings) and the fragment shader of `vs.fs`. Its key
 * is the vertex path's (vs; its outmap then unused and all 64) with the
 * geometry half, both units' reachable code words and operand descriptors
 * held in full, so the cache's XXH3 of the key is the code and descriptor
 * hash of both and its memcmp confirms both used ranges. 7.7 KiB, a
 * fixed-size key of its own program system (pica_gs_program_system, the
 * file TITLE.pica-gs.glsc) whose GLSL records carry the third stage
 * (GL_SHC_GLSL_GS). */
typedef struct pica_gs_program_key {
    pica_gpu_program_key vs;
    uint8_t mode;               /* GSH_MISC0 bits 0-7: 0 point, 1 variable, 2 fixed */
    uint8_t vertices;           /* VS vertices per invocation (pica_gsp_input.vertices; variable mode: the
                                 * index stream's vertex count of one run of invocations) */
    uint8_t per_vertex;         /* VS output registers per vertex (VSH_OUTMAP_TOTAL1 + 1, at most the mask's count) */
    uint8_t start_index;        /* fixed mode: first c register (GSH_MISC0 bits 16-23) */
    uint8_t input_register[16]; /* GSH_ATTRIBUTES_PERMUTATION, the first input_count used (point mode) */
    uint8_t input_count;        /* GSH_INPUTBUFFER_CONFIG + 1 */
    uint8_t main_vertices;      /* variable mode: GSH_MISC1 + 1, at most vertices; 0 otherwise */
    uint16_t vs_output_mask;    /* VSH_OUTMAP_MASK: which VS registers are packed for the GS */
    uint8_t outmap[24];         /* pica_output_map.src of the GS output mask */
    uint16_t entry;             /* GSH_ENTRYPOINT, relative to code_lo */
    uint16_t code_lo, code_count, pad1;
    uint32_t opdesc[128];
    uint32_t code[PICA_GPU_VS_CODE_WORDS];
} pica_gs_program_key;
_Static_assert(sizeof(pica_gs_program_key) ==
                   sizeof(pica_gpu_program_key) + 56 + 4 * (128 + PICA_GPU_VS_CODE_WORDS),
               "no padding in the geometry path's key");

/* Stored with every key; bump when the geometry half or either unit's
 * translation changes meaning (the vertex half's version is in it). */
#define PICA_GS_PROGRAM_KEY_VERSION (PICA_GPU_PROGRAM_KEY_VERSION * 16u + 1u)

/* The geometry path's program system: no fallback, no compile workers
 * (program_service.h, generate_gs). */
const gl_program_system *pica_gs_program_system(void);

/* Fills the geometry half of `key` (zeroed first by the caller, the vertex
 * half made by pica_gpu_program_key_vs); false with the reason when the
 * program does not fit the key or the translator refuses it
 * (pica_vsp_translatable): the draw then takes the CPU path. */
bool pica_gs_program_key_gs(pica_gs_program_key *key, const uint32_t *code, const uint32_t *opdesc, uint32_t entry,
                            const pica_gsp_input *in, const uint8_t *input_register, uint32_t input_count,
                            uint16_t vs_output_mask, const uint8_t *outmap, char *why, size_t why_size);
/* The three stages' GLSL for `key` on a host of `host_bits` (the
 * PICA_PROGRAM_HOST_* bits; PICA_PROGRAM_HOST_VS_STATUS: both shader
 * stages OR their status into the status buffer); false when a buffer
 * reached its limit or the translator refused. */
bool pica_gs_program_generate(const pica_gs_program_key *key, uint32_t host_bits, glhle_bytebuf *vs, glhle_bytebuf *gs,
                              glhle_bytebuf *fs);

#endif
