/* PICA200 shader bytecode to GLSL, beside the interpreter it is checked
 * against (text goes through shadergen/glsl_writer.h; shadergen itself may
 * not include this stage). A vertex shader program (the 4096-word code
 * memory, the 128 operand descriptors, the entry point) becomes a GLSL
 * 4.50 or ES 3.20 vertex shader that computes the same output registers as
 * the CPU interpreter (backend/pica/shader/shader_vm.c, the reference).
 *
 * Semantics, instruction by instruction as the interpreter has them (its
 * header lists the sources): IEEE single precision; MUL/MAD/DP3/DP4/DPH/DST
 * multiply with 0 * inf = 0 (a NaN operand still gives NaN); dot products sum
 * left to right; MAD is a product then a sum, never fused; MAX/MIN are
 * a > b ? a : b and a < b ? a : b; RCP/RSQ are 1 / x and 1 / sqrt(x) with
 * +inf for either zero; FLR floor; SGE/SLT 0 with a NaN; MOVA truncates,
 * INT32_MIN outside the int32 range; relative addressing on constants only,
 * offsets outside -128..127 ignored, the index wrapped at 0x7F, c96-c127
 * reading (1, 1, 1, 1). Every arithmetic result is `precise`, so the host
 * compiler neither fuses nor reorders it.
 *
 * Control flow: a dispatcher, `switch (pc)` over the program's basic
 * blocks inside a loop, with the CALL (4), IF (8) and LOOP (4) stacks as
 * rings that drop their oldest entry on overflow and the interpreter's
 * resolve order after every block (CALL pops, IF, LOOP; a taken JMP lands
 * only when no scope closed). Only code reachable from the entry point is
 * emitted. Steps are counted as the interpreter counts them and checked
 * where it checks them (after flow-control instructions and where a scope
 * closes), so a program stopped by the step limit stops on the same
 * instruction, with its outputs as they stand; the loop also has a hard
 * iteration cap above that, so no invocation can run unbounded. No
 * structured (if/loop) translation yet: every program takes the dispatcher.
 *
 * Differences from the interpreter, by design:
 *  - registers start at zero in every invocation; the interpreter's unit
 *    keeps temporaries, outputs, a0/aL and the condition flags from the
 *    previous vertex (undefined on hardware; no real program reads them
 *    before writing);
 *  - EX2/LG2 use the host's exp2/log2 (llvmpipe: within a few ulp of glibc's
 *    exp2f/log2f; the differential test states the bound);
 *  - a host that flushes denormals (llvmpipe does) flushes them here too;
 *    the PICA's f24 has none.
 *
 * Uniforms: the std140 block PicaShaderUniforms (pica_vsp_uniforms) at
 * binding PICA_VSP_UBO_BINDING: c0-c95 as the shader setup stores them,
 * the integer uniforms as bytes, the boolean uniforms as bits. */
#ifndef GLHLE_PICA_SHADER_GLSL_H
#define GLHLE_PICA_SHADER_GLSL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/bytebuf.h"

#define PICA_VSP_UBO_BINDING 3
/* PICA_VSP_OUTPUT_CAPTURE's buffer */
#define PICA_VSP_SSBO_BINDING 0
/* Words per vertex in the capture buffer: o0-o15 (64 float bit patterns),
 * the status bits (PICA_VM_*), the steps run, two zero words. */
#define PICA_VSP_CAPTURE_WORDS 68u

/* Status bit the generated code sets when the dispatcher reached a pc it
 * has no block for (a translator bug; never set by a correct translation). */
#define PICA_VSP_STATUS_NO_BLOCK (1u << 16)

/* std140 layout of PicaShaderUniforms. */
typedef struct pica_vsp_uniforms {
    float c[96][4];
    uint32_t i[4][4]; /* i0-i3: x count, y start, z step (bytes), w unused */
    uint32_t b[4];    /* b[0] bit n = bn; b[1] must be 0 (the generated code's zero) */
} pica_vsp_uniforms;
_Static_assert(sizeof(pica_vsp_uniforms) == 1616, "std140 layout of PicaShaderUniforms");

typedef enum pica_vsp_output {
    /* Writes o0-o15, the status and the step count of vertex gl_VertexID
     * to `uint pica_capture[]` at PICA_VSP_SSBO_BINDING (tests, tools). */
    PICA_VSP_OUTPUT_CAPTURE,
    /* The draw path's form: the output map (desc.outmap) onto the
     * fragment stage's varyings and gl_Position exactly as the CPU path's
     * pass-through shader (shadergen/pica_vs.c) makes them from a
     * pica_out_vertex: unmapped semantics 1.0, colour min(|c|, 1), the z
     * planes' snapping, PICA z onto GL's, and with desc.clip the user clip
     * plane's distance from PicaVsUniforms (binding PICA_VS_UBO_BINDING). */
    PICA_VSP_OUTPUT_DRAW,
} pica_vsp_output;

/* Everything the generated shader depends on. code/opdesc are read, not kept. */
typedef struct pica_vsp_desc {
    const uint32_t *code;   /* 4096 words */
    const uint32_t *opdesc; /* 128 words */
    uint32_t entry;         /* GPUREG_VSH_ENTRYPOINT */
    uint32_t step_limit;    /* 0 -> PICA_VM_DEFAULT_STEP_LIMIT */
    uint32_t input_count;   /* attributes 0..n-1 (1-16) feed v registers */
    uint8_t input_register[16];
    pica_vsp_output output;
    bool gles; /* ES 3.20 instead of GLSL 4.50 */
    /* PICA_VSP_OUTPUT_DRAW: semantic k (pica_out_vertex's float k) comes
     * from output register outmap[k] / 4, component outmap[k] % 4; 64 or
     * more reads 1.0 (primitive.h pica_output_map) */
    uint8_t outmap[24];
    bool clip;
} pica_vsp_desc;

/* What a translation found. */
typedef struct pica_vsp_info {
    uint32_t instructions; /* reachable instructions emitted */
    uint32_t blocks;       /* switch cases */
    uint32_t unknown;      /* undefined opcodes among them (run as NOP) */
} pica_vsp_info;

/* Appends the vertex shader. False with a reason in `why` when the program
 * cannot be translated (an entry point past code memory) or `out` hit its
 * limit. `info` may be NULL. */
/* The words of code memory a program can run from `entry`: [*lo, *hi)
 * (empty when entry is past code memory). The translation of any program
 * depends on these words only. */
void pica_vsp_used_range(const uint32_t *code, uint32_t entry, uint32_t *lo, uint32_t *hi);

bool pica_vsp_generate(const pica_vsp_desc *d, glhle_bytebuf *out, pica_vsp_info *info, char *why, size_t why_size);

#endif
