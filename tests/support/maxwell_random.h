/* Random straight-line Maxwell programs and an independent CPU model of
 * what they compute, for the translator's random differential test
 * (tests/gl/test_maxwell_random.c).
 *
 * A program is a fragment shader in 32-byte bundles: MOV of the eight
 * data registers R0-R7 from c[0x0][0x0-0x1c] (random words and small
 * floats, in cbuf0: the test binds them as constant buffer 0), then random
 * arithmetic over R0-R7 and predicates P0-P3 (integer: IADD, ISCADD,
 * IADD3, XMAD, LOP3 (also .X), SHF, BFE, BFI and IMNMX writing the
 * condition code, IADD and IADD3 with carry chains, IMUL, LOP, SHL, SHR, POPC, FLO, IMNMX,
 * SEL, ISET, ISETP; CSET, CSETP, P2R and R2P over the condition code and
 * predicates, and after half the operations that write flags a P2R of every
 * flag known so far, so each flag written reaches a register; float: FADD, FMUL, FFMA, FMNMX, FSETP, FCMP, I2F, F2I with
 * every rounding mode; half pairs: HADD2, HMUL2,
 * HFMA2, HSET2, HSETP2 in register, f16x2-immediate and 32-bit-immediate
 * forms; video: VMAD, VMNMX, VSETP with byte / half / word parts of their
 * operands, register and 16-bit immediate B), some under a guard predicate,
 * then an epilogue that copies P0-P3 into R8-R11 (SEL of 1 or 0), then
 * EXIT. The words are encoded here from the field layouts the opcode
 * table names (envydis gm107.c); the model evaluates the fields it chose,
 * with semantics written from the PTX ISA and yuzu's/Ryujinx's decoders
 * (each operation cites its source), never from the translator.
 *
 * Float operations read only registers holding "nice" floats (few
 * significant bits, moderate exponent), so every result is exact or
 * correctly rounded on any IEEE host, and FFMA is only generated where the
 * fused and unfused results agree (SPIR-V lets a driver split it). */
#ifndef GLHLE_TEST_MAXWELL_RANDOM_H
#define GLHLE_TEST_MAXWELL_RANDOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "support/test_support.h"

#define TMR_MAX_OPS 64

enum { TMR_CC_Z, TMR_CC_S, TMR_CC_C, TMR_CC_O };
#define TMR_EPILOGUE 5 /* MOV32I R12, 1 and four SELs */
#define TMR_MAX_CONTROL 64 /* branchy programs: branch, stack and loop-counter instructions */
#define TMR_MAX_WORDS (4 * ((8 + TMR_MAX_OPS + TMR_MAX_CONTROL + TMR_EPILOGUE + 2 + 2) / 3 + 2))

typedef struct tmr_machine {
    uint32_t r[8];
    bool p[4];
    bool cc[4];       /* the condition code: zero, sign, carry, overflow (TMR_CC_Z...) */
    uint8_t cc_valid; /* bit i: cc[i] has been written (the hardware's first value is unknown) */
    bool nice[8]; /* r[i] holds a nice float */
    uint32_t out[12]; /* what the program leaves in R0-R11: R0-R7, then P0-P3 as 1 or 0 */
} tmr_machine;

typedef struct tmr_program {
    uint64_t code[TMR_MAX_WORDS];
    size_t words;
    uint32_t ops;          /* random operations (not counting the prologue's MOVs and EXIT) */
    uint32_t cbuf0[8];     /* c[0x0][0x0-0x1c]: the words the prologue loads into R0-R7 */
    uint32_t family[TMR_MAX_OPS]; /* mw_sass_family of each, for coverage counts */
    uint32_t after[TMR_MAX_OPS][12]; /* the model's R0-R7 and P0-P3 (as 0/1) after each operation */
    bool branchy;          /* from tmr_generate_branchy: `after` is not filled */
} tmr_program;

/* MOV Rr, c[0x0][4r] (r < 8) with v put there (p->cbuf0[r]): how the
 * programs load their data, which the GL compiler then cannot fold
 * (maxwell_random.c's prologue says why that matters). */
uint64_t tmr_load(tmr_program *p, uint32_t r, uint32_t v);

/* The word index of instruction slot `slot` (slots count instructions only). */
static inline size_t tmr_word_of_slot(uint32_t slot)
{
    return (size_t)(slot / 3) * 4 + 1 + slot % 3;
}

/* Replaces operations n+1.. with NOPs (the epilogue still runs): the
 * program whose result is p->after[n - 1]. */
void tmr_truncate(tmr_program *p, uint32_t n);

/* Builds a program of `ops` random operations (<= TMR_MAX_OPS) and the
 * machine state after it runs. */
void tmr_generate(ts_rng *rng, uint32_t ops, tmr_program *out, tmr_machine *final);

/* The same with branches: if, if/else (BRA and the SSY/SYNC form, SYNC
 * leaving early), loops of 0-4 iterations (do-while on a counter, PBK/BRK
 * with a data-dependent break, PCNT/CONT with a data-dependent continue),
 * nested up to two loops and three levels. `ops` counts the operations in
 * the code (loop bodies once); the model follows the path the program takes
 * on its data. */
void tmr_generate_branchy(ts_rng *rng, uint32_t ops, tmr_program *out, tmr_machine *final);

/* the Maxwell float compare condition `cond` (FSETP, DSETP) of a and b */
bool tmr_fcmp(uint32_t cond, double a, double b);

#endif
