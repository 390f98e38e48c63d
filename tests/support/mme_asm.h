/* A tiny Maxwell macro (MME) encoder for tests and benchmarks, written from
 * the instruction layout envytools documents (envydis/macro.c: register
 * fields {8,3} {11,3} {14,3}, result operation bits 4-6, exit bit 7, ALU
 * sub-operation bits 17-21, signed immediate {14,18}, bitfield src {17,5}
 * size {22,5} dst {27,5}, branch bit 4 not-zero and bit 5 annul) -- kept
 * apart from backend/maxwell/frontend/mme.c's decoder on purpose, so a test
 * that assembles with this and runs the interpreter checks the decoder
 * against the document, not against itself. */
#ifndef GLHLE_TESTS_MME_ASM_H
#define GLHLE_TESTS_MME_ASM_H

#include <stdint.h>

/* operations (bits 0-2) */
enum { MA_ALU = 0, MA_ADDI = 1, MA_INS = 2, MA_EXTSHL_IMM = 3, MA_EXTSHL_REG = 4, MA_READ = 5, MA_BRANCH = 7 };
/* ALU sub-operations (bits 17-21) */
enum { MA_ADD = 0, MA_ADC = 1, MA_SUB = 2, MA_SBB = 3, MA_XOR = 8, MA_OR = 9, MA_AND = 10, MA_ANDN = 11, MA_NAND = 12 };
/* result operations (bits 4-6), envytools' tabdst in order */
enum {
    MA_FETCH = 0,      /* parm REG1 ign */
    MA_MOVE = 1,       /* mov REG1 */
    MA_MADDR = 2,      /* maddr REG1 */
    MA_FETCH_SEND = 3, /* parm REG1 send */
    MA_SEND = 4,       /* send REG1 */
    MA_FETCH_MADDR = 5,    /* parm REG1 maddr */
    MA_MADDR_SENDPARM = 6, /* parmsend maddr REG1 */
    MA_MADDR_SENDHIGH = 7, /* maddrsend REG1 */
};
#define MA_EXIT 0x80u

/* macros, not functions, so programs can be static const arrays */
#define ma_field(v, at, bits) (((uint32_t)(v) & ((1u << (bits)) - 1u)) << (at))
#define ma_alu(result, dst, alu, a, b)                                                                          \
    (MA_ALU | ma_field(result, 4, 3) | ma_field(dst, 8, 3) | ma_field(a, 11, 3) | ma_field(b, 14, 3) |        \
     ma_field(alu, 17, 5))
#define ma_addi(result, dst, a, imm)                                                                            \
    (MA_ADDI | ma_field(result, 4, 3) | ma_field(dst, 8, 3) | ma_field(a, 11, 3) | ma_field(imm, 14, 18))
#define ma_read(result, dst, a, imm)                                                                            \
    (MA_READ | ma_field(result, 4, 3) | ma_field(dst, 8, 3) | ma_field(a, 11, 3) | ma_field(imm, 14, 18))
/* op: MA_INS, MA_EXTSHL_IMM or MA_EXTSHL_REG */
#define ma_bf(op, result, dst, a, b, src_bit, size, dst_bit)                                                   \
    ((uint32_t)(op) | ma_field(result, 4, 3) | ma_field(dst, 8, 3) | ma_field(a, 11, 3) | ma_field(b, 14, 3) | \
     ma_field(src_bit, 17, 5) | ma_field(size, 22, 5) | ma_field(dst_bit, 27, 5))
/* offset is relative to the branch itself */
#define ma_branch(not_zero, annul, a, offset)                                                                   \
    (MA_BRANCH | ma_field(not_zero, 4, 1) | ma_field(annul, 5, 1) | ma_field(a, 11, 3) | ma_field(offset, 14, 18))

/* the common forms, named as envytools prints them */
#define MA_PARM(r) ma_addi(MA_FETCH, (r), 0, 0)        /* rN = next parameter */
#define MA_MOVI(r, imm) ma_addi(MA_MOVE, (r), 0, (imm)) /* rN = imm */
#define MA_MADDRI(m, inc) ma_addi(MA_MADDR, 0, 0, (m) | (uint32_t)(inc) << 12)
#define MA_SENDR(r) ma_addi(MA_SEND, 0, (r), 0)  /* send rN */
#define MA_SENDI(imm) ma_addi(MA_SEND, 0, 0, (imm))
#define MA_NOP 0x00000011u /* envytools' SC "nop": add-immediate r0 + 0 into r0 */

#endif
