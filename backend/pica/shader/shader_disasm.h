/* The one PICA200 shader printer: glhle-shbin, log lines and the shader-cache
 * tool all print instructions through it, so a program reads the same
 * everywhere.
 *
 * Syntax (picasso's, devkitPro Manual.md): `mnemonic dst.mask, [-]src.swizzle`
 * with registers v0-v15 o0-o15 r0-r15 c0-c95 i0-i3 b0-b15 a0.x a0.y aL;
 * swizzles always have four letters, masks list the written components;
 * relative addressing prints as `c8[a0.x].xyzw`. Flow control prints its
 * targets as word offsets: `call 0x010, 4`, `ifc cmp.x && !cmp.y, 0x012, 2`
 * (else block at 0x012, 2 words), `loop i0, 0x015` (last word of the body),
 * `jmpu !b2, 0x020`, `setemit 1, prim inv`. */
#ifndef GLHLE_PICA_SHADER_DISASM_H
#define GLHLE_PICA_SHADER_DISASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/bytebuf.h"
#include "backend/pica/shader/shbin.h"

/* Longest text pica_disasm_insn writes, NUL included. */
#define PICA_DISASM_MAX 96

/* Prints one instruction (no offset, no newline) into buf[PICA_DISASM_MAX].
 * An operand-descriptor index at or past opdesc_count reads as descriptor 0
 * and the text ends with a `; opdesc N missing` note. Returns the length. */
size_t pica_disasm_insn(uint32_t word, const uint32_t *opdesc, uint32_t opdesc_count, char *buf);

/* One line per word: `0x000: text`. */
bool pica_disasm_program(glhle_bytebuf *out, const uint32_t *code, uint32_t words, const uint32_t *opdesc,
                         uint32_t opdesc_count);

/* The whole file: the program, then for each DVLE its type, entry points
 * (main, end, labels), geometry-shader mode, constants, uniforms and
 * outputs. */
bool pica_disasm_shbin(glhle_bytebuf *out, const pica_shbin *s);

#endif
