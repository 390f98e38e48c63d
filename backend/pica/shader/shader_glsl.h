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
 * iteration cap above that, so no invocation can run unbounded. A loop that
 * ends otherwise (that cap, or the host's: llvmpipe ends any shader loop
 * after 65535 iterations) sets PICA_VM_STEP_LIMIT: stopped all the same. No
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
 * the integer uniforms as bytes, the boolean uniforms as bits.
 *
 * Geometry shaders (pica_vsp_desc.geometry): a GLSL geometry shader whose
 * input primitive has as many vertices as one PICA invocation consumes
 * (pica_gsp_input), each vertex carrying the VS's packed output registers
 * as `pica_gs_in0..` (locations 0..per_vertex-1). b15 reads set from the
 * second invocation of a GL draw on (gl_PrimitiveIDIn > 0), as the CPU path
 * sets it after every invocation (Azahar). SETEMIT/EMIT as the interpreter
 * has them: EMIT copies o0-o15 into vertex slot 0-2 of the emit buffer,
 * emits the triangle when SETEMIT asked for one (the winding flag swapping
 * its first two vertices, as the assembler does), and swaps the two output
 * banks. The translation needs a bound on the triangles one invocation
 * emits, at most PICA_GSP_MAX_PRIMS: it refuses CALL and backward JMP/IF
 * targets in reachable code (so the pc goes back only where a LOOP
 * repeats) and counts the reachable EMITs; without a LOOP every
 * instruction runs at most once, and with LOOPs (at most
 * PICA_GSP_MAX_LOOPS) the bound depends on the integer uniforms' counts:
 * the draw form then declares PICA_GSP_MAX_PRIMS triangles, and the draw
 * path takes a draw only when pica_gsp_bound_prims with its integer
 * uniforms is within them (the code stops emitting past them, which such
 * a draw never reaches). The CPU path takes the rest. As for vertex shaders, every invocation starts
 * from zero registers, both output banks and the emit state included (the
 * CPU unit keeps them from the previous invocation). */
#ifndef GLHLE_PICA_SHADER_GLSL_H
#define GLHLE_PICA_SHADER_GLSL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/bytebuf.h"

#define PICA_VSP_UBO_BINDING 3
/* A geometry shader's uniforms: the same layout (pica_vsp_uniforms) as the
 * std140 block PicaGsUniforms at this binding, so that one program can hold
 * a vertex shader with the VS unit's uniforms and a geometry shader with the
 * GS unit's. */
#define PICA_GSP_UBO_BINDING 4
/* PICA_VSP_OUTPUT_CAPTURE's buffer */
#define PICA_VSP_SSBO_BINDING 0
/* Words per vertex in the capture buffer: o0-o15 (64 float bit patterns),
 * the status bits (PICA_VM_*), the steps run, two zero words. */
#define PICA_VSP_CAPTURE_WORDS 68u

/* PICA_VSP_OUTPUT_DRAW with pica_vsp_desc.report_status: `uint pica_status`,
 * which every invocation ends by ORing its status bits into (when any is
 * set), so the draw path can raise the problem the CPU path raises. */
#define PICA_VSP_STATUS_SSBO_BINDING 1

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
    /* A vertex shader that feeds the geometry shader (the draw path's GS
     * draws): the output registers the GS unit takes, as primitive.c
     * gs_input packs them: those of desc.feed_mask in register order, the
     * first desc.gs.per_vertex of them, as `pica_gs_in0..` at locations
     * 0..per_vertex-1 (a register past the mask's count reads zero, which no
     * translated geometry shader reads: per_vertex is at most the count). */
    PICA_VSP_OUTPUT_GS_FEED,
} pica_vsp_output;

/* How a geometry shader invocation gets its inputs (GPUREG_GSH_MISC0/1,
 * GPUREG_VSH_OUTMAP_TOTAL1; primitive.c gs_input, after Azahar
 * geometry_pipeline.cpp). Each VS vertex gives `per_vertex` registers, its
 * first packed output registers (the VS output mask's, in register order).
 *  - point mode (0): attribute a of the invocation is register a %
 *    per_vertex of its vertex a / per_vertex; attribute a goes to v register
 *    input_register[a], a < input_count; so an invocation takes
 *    ceil(input_count / per_vertex) vertices;
 *  - fixed mode (2): `vertices` vertices (GSH_MISC0's fixed count, at least
 *    one) fill c[start_index...] in order, per_vertex registers each; the
 *    v registers are not written;
 *  - variable mode (1) takes each invocation's vertex count from the index
 *    stream (the index before its vertices; Azahar SubmitIndex): c0 holds
 *    the count in all four components, then from c1 the first
 *    `main_vertices` vertices (GSH_MISC1 + 1, at most `vertices`) give
 *    per_vertex registers each and the rest only their first. A GL
 *    primitive has one vertex count, so a translation is made for one count
 *    (`vertices`): the draw path draws each run of invocations of one
 *    count with that count's translation. main_vertices 0 (no count known, as for a shader binary
 *    alone) is refused. */
typedef struct pica_gsp_input {
    uint8_t mode;          /* 0 point, 1 variable, 2 fixed */
    uint8_t vertices;      /* VS vertices per invocation: 1, 2, 3, 4 or 6 (points, lines, triangles, and the
                            * two adjacency primitives of GL); point mode: must be ceil(input_count / per_vertex);
                            * variable mode: the index stream's vertex count */
    uint8_t per_vertex;    /* 1-16 */
    uint8_t start_index;   /* fixed mode: the first c register */
    uint8_t main_vertices; /* variable mode: vertices that give all per_vertex registers (1..vertices) */
} pica_gsp_input;

/* c registers variable mode's inputs occupy (c0, the count, included). */
static inline uint32_t pica_gsp_variable_registers(const pica_gsp_input *g)
{
    return 1u + (uint32_t)g->main_vertices * g->per_vertex + (uint32_t)(g->vertices - g->main_vertices);
}

/* Triangles one geometry-shader invocation may emit on the GPU: 14 x 3
 * vertices of the draw form's 24 output components stay inside the 1024
 * components GL 4.5 and ES 3.2 guarantee (MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS). */
#define PICA_GSP_MAX_PRIMS 14u
/* Reachable LOOPs a translated geometry shader may have. */
#define PICA_GSP_MAX_LOOPS 16u

/* What bounds a geometry shader's triangles: its reachable EMITs and
 * LOOPs (word, last word of the body, integer register), in address order. */
typedef struct pica_gsp_bound {
    uint8_t emits, loops;
    uint16_t emit_at[PICA_GSP_MAX_PRIMS];
    uint16_t loop_at[PICA_GSP_MAX_LOOPS], loop_end[PICA_GSP_MAX_LOOPS];
    uint8_t loop_reg[PICA_GSP_MAX_LOOPS];
} pica_gsp_bound;

/* The bound of the program from `entry`; false with the reason where the
 * translator refuses it (a CALL, a backward target, more than
 * PICA_GSP_MAX_PRIMS EMITs or PICA_GSP_MAX_LOOPS LOOPs). */
bool pica_gsp_bound_find(const uint32_t *code, uint32_t entry, pica_gsp_bound *b, char *why, size_t why_size);

/* Triangles one invocation emits at most with integer uniforms `ints`
 * (i0-i3: x the count, a LOOP running x + 1 times): each EMIT runs once,
 * plus once for each repeat of a LOOP whose body holds it, a LOOP word
 * itself running as often as that; PICA_GSP_MAX_PRIMS + 1 means more. */
uint32_t pica_gsp_bound_prims(const pica_gsp_bound *b, const uint8_t (*ints)[4]);

/* PICA_VSP_OUTPUT_CAPTURE of a geometry shader: words per invocation
 * (gl_PrimitiveIDIn): the status bits, the steps run, the triangles
 * emitted, a zero word, then per triangle its three vertices' o0-o15 (64
 * float bit patterns each) in the order the assembler takes them (SETEMIT's
 * winding flag swaps the first two). */
#define PICA_GSP_CAPTURE_WORDS (4u + PICA_GSP_MAX_PRIMS * 3u * 64u)

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
    /* PICA_VSP_OUTPUT_DRAW: OR the status bits into pica_status
     * (PICA_VSP_STATUS_SSBO_BINDING); needs storage buffers in the stage */
    bool report_status;
    /* A geometry shader instead of a vertex shader (see "Geometry shaders"
     * above): the GS unit's code, descriptors, entry point and (point
     * mode) input_count / input_register, and how the VS vertices feed it. */
    bool geometry;
    pica_gsp_input gs;
    /* PICA_VSP_OUTPUT_GS_FEED: the VS output mask (GPUREG_VSH_OUTMAP_MASK);
     * gs.per_vertex says how many of its registers go on */
    uint16_t feed_mask;
} pica_vsp_desc;

/* What a translation found. */
typedef struct pica_vsp_info {
    uint32_t instructions; /* reachable instructions emitted */
    uint32_t blocks;       /* switch cases */
    uint32_t unknown;      /* undefined opcodes among them (run as NOP) */
    uint32_t max_prims;    /* geometry shader: triangles one invocation can emit at most */
} pica_vsp_info;

/* The words of code memory a program can run from `entry`: [*lo, *hi)
 * (empty when entry is past code memory). The translation of any program
 * depends on these words only. */
void pica_vsp_used_range(const uint32_t *code, uint32_t entry, uint32_t *lo, uint32_t *hi);

/* Appends the vertex (or geometry) shader. False with a reason in `why`
 * when the program cannot be translated (an entry point past code memory;
 * for a geometry shader also variable mode without a vertex count, an input
 * layout no GL primitive has, or a program gs_emit_bound refuses, see
 * pica_gsp_bound_find) or `out` hit its limit. `info` may be NULL. */
/* Whether an invocation of the program from `entry` can end with a status
 * the CPU path reports (primitive.c): false only when the reachable code has
 * no LOOP, CALL, BREAK/BREAKC, JMP or IF to itself or backwards, no
 * undefined opcode, no SETEMIT/EMIT (a vertex shader; a geometry shader: no
 * SETEMIT of vertex slot 3, which its EMIT reports), does not reach word
 * 4095, and has at most step_limit (0: the default) instructions: then the
 * pc only grows, every instruction runs at most once, and no invocation
 * stops or sets a reported bit. A cheap CPU pre-check, per program. */
bool pica_vsp_may_report(const uint32_t *code, uint32_t entry, uint32_t step_limit, bool geometry);
/* The most steps an invocation of the vertex program from `entry` counts
 * (as the interpreter counts them: every instruction run, END included):
 * the reachable instructions when its flow only goes forward (each runs at
 * most once), else the step limit (0: the default) plus one block of 4096,
 * where the translated dispatcher stops it. At least 1; `reachable` (may
 * be NULL) gets the reachable instructions, what one pass runs at most.
 * The GPU vertex path charges the run's shader-step budget and splits
 * draws with them. */
uint32_t pica_vsp_step_bound(const uint32_t *code, uint32_t entry, uint32_t step_limit, uint32_t *reachable);

bool pica_vsp_generate(const pica_vsp_desc *d, glhle_bytebuf *out, pica_vsp_info *info, char *why, size_t why_size);

/* What pica_vsp_generate would refuse, without making the text: false with
 * the reason in `why` (the draw path asks once per program and
 * configuration, so a refused program costs no generation per draw). */
bool pica_vsp_translatable(const pica_vsp_desc *d, char *why, size_t why_size);

#endif
