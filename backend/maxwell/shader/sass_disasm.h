/* The one printer of decoded Maxwell instructions: one line each,
 *   0048: @!P0 FADD.FTZ R2, R2, -R3 ;
 * predicate, mnemonic, modifiers (dotted, upper case, NVIDIA's cuobjdump
 * spelling where one exists), operands separated by commas: registers Rn /
 * RZ, predicates Pn / PT (! for a negated one), immediates in hex (f32
 * immediates also as a float), c[0xB][0xOFF] with an index register
 * c[0x3][R2+0x10], a[...], g[...] / l[...] / s[...], SRn names, and branch
 * targets as code offsets. */
#ifndef GLHLE_MAXWELL_SASS_DISASM_H
#define GLHLE_MAXWELL_SASS_DISASM_H

#include <stdbool.h>
#include <stddef.h>

#include "backend/common/bytebuf.h"
#include "backend/maxwell/shader/sass_decode.h"

/* Writes one instruction (no offset, no newline) into buf (size > 0, always
 * terminated; truncated if short). Returns the length it wanted. */
size_t mw_sass_disasm_inst(const mw_sass_inst *inst, char *buf, size_t size);

/* The whole program: one line per instruction with its offset, block
 * boundaries as comments when the program has a graph. */
bool mw_sass_disasm_program(glhle_bytebuf *out, const mw_sass_program *p);

const char *mw_sass_sreg_name(unsigned id); /* "SR_TID.X", ...; NULL if unnamed */

#endif
