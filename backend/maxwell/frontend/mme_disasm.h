/* The one printer of Maxwell macro (MME) code: `glhle-pushbuf mme`, dumps
 * and log lines print instructions through it.
 *
 * glhle's own syntax: each word is what it does, as C-like statements.
 * Registers are r0-r7; method addresses are method indices (byte offset /
 * 4), as the macro sees them; branch targets are absolute word addresses.
 *   r6 = param                      fetch a parameter
 *   r2 = 0x1                        add-immediate from r0
 *   r7 = r7 - 0x1                   add-immediate
 *   r3 = r1 + r2 + carry            adc (sbb prints `- borrow`)
 *   maddr 0x287 inc 8               method address 0x287, increment 8
 *   maddr r1 + 0x1; r1 = param      method address from the result, then fetch
 *                                   (effects of the old registers print first)
 *   send (r1 >> 4 & 0xf) << 0       extract-shift-left-immediate
 *   r1 = r1 & ~(0x1 << 26) | (r4 >> 0 & 0x1) << 26      extract-insert
 *   r2 = read(r2 + 0x50d)           READ of shadowed state
 *   maddr 0x585; send 0x585 >> 12 & 0x3f   result operation 7
 *   exit bnz r7, 0x006              branch (taken: delay slot, then 0x006)
 *   bz.annul r2, 0x010              branch without delay slot
 *   exit nop                        the exit flag: one more instruction
 * Results written to r0 are not printed, except a fetched parameter
 * (`r0 = param` drops one); an add/sub whose result is unused prints as
 * `r0 = ...` (or `carry of ...` beside a fetch) because it still sets the
 * carry. */
#ifndef GLHLE_MAXWELL_FRONTEND_MME_DISASM_H
#define GLHLE_MAXWELL_FRONTEND_MME_DISASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/bytebuf.h"

/* Longest text mw_mme_disasm_insn writes, NUL included. */
#define MW_MME_DISASM_MAX 160

/* One instruction at word address pc (for branch targets), no newline.
 * Returns the length. */
size_t mw_mme_disasm_insn(uint32_t word, uint32_t pc, char *buf);

/* One line per word: `0x000: 00000011  text`; addresses from `base`. */
bool mw_mme_disasm_program(glhle_bytebuf *out, const uint32_t *words, uint32_t count, uint32_t base);

#endif
