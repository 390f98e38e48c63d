/* The contract between the register file (regs.c, which fills it from the
 * code/operand-descriptor transfer and uniform FIFO registers) and the shader
 * interpreter (shader_vm.c, which runs it). One per shader unit: the vertex
 * shader and the geometry shader unit each have one; in the shared-uniform
 * mode the register file keeps them in step.
 *
 * Sizes: flow-control targets are 12-bit instruction offsets (4096 words of
 * code); format-1 instructions index operand descriptors with 7 bits (128).
 * (3dbrew GPU/Shader_Instruction_Set) */
#ifndef GLHLE_PICA_SHADER_SETUP_H
#define GLHLE_PICA_SHADER_SETUP_H

#include <stdint.h>

#define PICA_SHADER_CODE_WORDS 4096
#define PICA_SHADER_OPDESC_WORDS 128
#define PICA_SHADER_FLOAT_UNIFORMS 96
#define PICA_SHADER_INT_UNIFORMS 4

typedef struct pica_shader_setup {
    uint32_t code[PICA_SHADER_CODE_WORDS];
    uint32_t opdesc[PICA_SHADER_OPDESC_WORDS];
    /* c0-c95 as IEEE singles: f24 uploads are widened exactly (every f24 is
     * an f32), f32 uploads are stored as given. */
    float float_uniforms[PICA_SHADER_FLOAT_UNIFORMS][4];
    uint16_t bool_uniforms;                           /* bit n = bn */
    uint8_t int_uniforms[PICA_SHADER_INT_UNIFORMS][4]; /* x count, y start, z step, w unused */
    uint16_t entry_point;                             /* GPUREG_{VSH,GSH}_ENTRYPOINT */
    /* Bumped by every write that changes code[] or opdesc[], so the
     * interpreter re-decodes (and re-hashes) a program only when it changed. */
    uint32_t program_generation;
} pica_shader_setup;

#endif
