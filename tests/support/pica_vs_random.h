/* Random PICA200 vertex-shader programs for the differential tests of the
 * GLSL translation (gl/test_pica_vs_program_diff, gl/test_pica_vs_draw_diff):
 * values with the special cases, ALU words of every opcode, and structured
 * bodies with IF/ELSE, LOOP, BREAKC, forward JMPs and CALLs. Encodings from
 * 3dbrew GPU/Shader_Instruction_Set (backend/pica/shader/shader_isa.h). */
#ifndef GLHLE_TEST_PICA_VS_RANDOM_H
#define GLHLE_TEST_PICA_VS_RANDOM_H

#include <stdbool.h>
#include <stdint.h>

#include "support/test_support.h"

/* A float: a special value (+-0, +-inf, NaNs, +-1, huge, tiny), a small
 * integer (exact compares, loop counts, MOVA) or a value in -4..4, maybe
 * scaled by 1e30 or 1e-30. */
float pvr_value(ts_rng *r);
/* An ALU word; EX2/LG2 only when `transcendental`. */
uint32_t pvr_alu(ts_rng *r, bool transcendental);
/* Flow-control words: format 2 (condition) and format 3 (uniform id). */
uint32_t pvr_flow2(uint32_t op, uint32_t condop, uint32_t rx, uint32_t ry, uint32_t target, uint32_t num);
uint32_t pvr_flow3(uint32_t op, uint32_t id, uint32_t target, uint32_t num);
/* A structured body at code[at...] (subroutines placed from *sub on);
 * returns the next free word. */
uint32_t pvr_body(ts_rng *r, uint32_t *code, uint32_t at, unsigned depth, uint32_t *sub, bool transcendental);

#endif
