/* The macro engine (MME) of the GM20B 3D class (MAXWELL_B, 0xB197): macro
 * instruction RAM and start-address table, uploaded through the class's
 * LOAD_MME_* methods, and an interpreter of the Fermi-style macro ISA that
 * GM20B keeps (Turing's 64-bit MME is a different machine and not modelled).
 *
 * Machine (envytools envydis/macro.c, the ISA's comment block; yuzu
 * video_core/macro/macro_interpreter.cpp; Ryujinx Engine/MME/
 * MacroInterpreter.cs; Mesa src/nouveau/mme/mme_fermi.c):
 *  - eight 32-bit registers r0-r7, r0 reads as zero and ignores writes; r1
 *    holds the macro's first parameter (the CALL_MME_MACRO data word) at
 *    start, the others are zero;
 *  - a carry flag for adc/sbb, a method address (12 bits, a method *index*,
 *    i.e. byte offset / 4) and a method increment (6 bits) for `send`;
 *  - a parameter queue holding the CALL_MME_DATA words that followed.
 * Every instruction is one 32-bit word; the field layout, the facts behind
 * each field and the behaviour chosen where the sources disagree are in
 * mme.c next to the decoder, and in docs/maxwell-mme.md.
 *
 * Words are decoded when they are uploaded (one decoded entry per RAM word),
 * so running a macro does no bit-field extraction. */
#ifndef GLHLE_MAXWELL_FRONTEND_MME_H
#define GLHLE_MAXWELL_FRONTEND_MME_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/common/log.h"
#include "glhle/glhle.h"

/* Instruction RAM, in words: envytools' macro.c ("code space is 0x800 32-bit
 * words") for the Fermi MME, which Mesa's nvc0 driver also assumes for every
 * class up to Maxwell (nvc0_graph_set_macro asserts pos + size <= 0x800). */
#define MW_MME_RAM_WORDS 0x800u
/* Start-address table entries: CALL_MME_MACRO(j) is 0x3800 + j * 8 and the
 * class ends at 0x3FFC (clb197.h), so j < 0x80. */
#define MW_MME_MACROS 0x80u
/* Steps one mw_mme_run may take when the caller passes 0: far above any
 * driver macro (an instanced draw loop runs ~7 steps an instance), and a
 * runaway macro still ends in well under a second. */
#define MW_MME_DEFAULT_STEP_CAP (1ull << 24)
/* Parameters one call may queue (CALL_MME_MACRO's word and the
 * CALL_MME_DATA words after it). The hardware streams them through a small
 * FIFO while the macro runs; glhle runs a macro once its call is complete,
 * so it holds them, up to this bound (Mesa's indirect-draw macros take
 * 2 + 5 per draw: 13,000 draws). */
#define MW_MME_CALL_WORDS 0x10000u

/* 3D class method indices (byte offset / 4) the engine consumes (clb197.h). */
enum {
    MW_MME_METHOD_INSTRUCTION_RAM_POINTER = 0x0114 / 4,
    MW_MME_METHOD_INSTRUCTION_RAM = 0x0118 / 4,
    MW_MME_METHOD_START_ADDRESS_RAM_POINTER = 0x011c / 4,
    MW_MME_METHOD_START_ADDRESS_RAM = 0x0120 / 4,
    MW_MME_METHOD_CALL_MACRO_FIRST = 0x3800 / 4, /* CALL_MME_MACRO(j) = this + 2j, DATA(j) = +1 */
};

/* The operation of a decoded word: bits 0-2, with the ALU sub-operation
 * (bits 17-21) and the branch condition (bit 4) folded in. */
typedef enum mw_mme_op {
    MW_MME_OP_ADD,   /* ALU 0:  a + b, carry out */
    MW_MME_OP_ADC,   /* ALU 1:  a + b + carry */
    MW_MME_OP_SUB,   /* ALU 2:  a - b, carry = no borrow */
    MW_MME_OP_SBB,   /* ALU 3:  a - b - !carry */
    MW_MME_OP_XOR,   /* ALU 8 */
    MW_MME_OP_OR,    /* ALU 9 */
    MW_MME_OP_AND,   /* ALU 10 */
    MW_MME_OP_ANDN,  /* ALU 11: a & ~b */
    MW_MME_OP_NAND,  /* ALU 12: ~(a & b) */
    MW_MME_OP_ADDI,  /* op 1: a + simm18 */
    MW_MME_OP_INSERT,  /* op 2: a with bits [dst, dst+size) replaced by b's [src, src+size) */
    MW_MME_OP_EXTSHL_IMM, /* op 3: ((b >> a) & mask(size)) << dst */
    MW_MME_OP_EXTSHL_REG, /* op 4: ((b >> src) & mask(size)) << a */
    MW_MME_OP_READ,  /* op 5: shadowed state at method (a + simm18) */
    MW_MME_OP_BZ,    /* op 7, bit 4 clear: branch if a == 0 */
    MW_MME_OP_BNZ,   /* op 7, bit 4 set: branch if a != 0 */
    MW_MME_OP_ILLEGAL, /* op 6, or an ALU sub-operation the hardware does not define */
    MW_MME_OP_PAST_RAM, /* never decoded: the entry after the RAM, so running off it needs no per-step test */
    MW_MME_OP_COUNT_
} mw_mme_op;

/* What happens to an operation's result (bits 4-6; envytools' tabdst). */
typedef enum mw_mme_assign {
    MW_MME_ASSIGN_FETCH,            /* dst = parameter; result dropped */
    MW_MME_ASSIGN_MOVE,             /* dst = result */
    MW_MME_ASSIGN_MOVE_MADDR,       /* dst = result; method address = result */
    MW_MME_ASSIGN_FETCH_SEND,       /* dst = parameter; send result */
    MW_MME_ASSIGN_MOVE_SEND,        /* dst = result; send result */
    MW_MME_ASSIGN_FETCH_MADDR,      /* dst = parameter; method address = result */
    MW_MME_ASSIGN_MOVE_MADDR_SEND_FETCH, /* dst = result; method address = result; send parameter */
    MW_MME_ASSIGN_MOVE_MADDR_SEND_HIGH,  /* dst = result; method address = result; send bits 12-17 */
} mw_mme_assign;

enum {
    MW_MME_FLAG_EXIT = 1u << 0,  /* bit 7: exit after the next instruction */
    MW_MME_FLAG_ANNUL = 1u << 1, /* bit 5 of a branch: no delay slot when taken */
};

/* One decoded word: 16 bytes, everything the interpreter needs. */
typedef struct mw_mme_insn {
    uint8_t op;     /* mw_mme_op */
    uint8_t assign; /* mw_mme_assign (0 for branches) */
    uint8_t dst, src_a, src_b; /* register numbers 0-7 */
    uint8_t flags;  /* MW_MME_FLAG_* */
    uint8_t bf_src, bf_dst; /* bitfield positions 0-31 */
    uint32_t bf_mask;       /* (1 << size) - 1, size 0-31 */
    int32_t imm;            /* sign-extended 18-bit immediate (addi, read, branch offset) */
} mw_mme_insn;

/* Hooks the instance gives a run. */
typedef struct mw_mme_hooks {
    void *user;
    uint32_t (*read)(void *user, uint32_t method);             /* READ: shadowed 3D state  */
    void (*send)(void *user, uint32_t method, uint32_t value); /* a method write the macro makes */
} mw_mme_hooks;

/* How the last mw_mme_run ended (valid after it returns, whatever it returned). */
typedef struct mw_mme_run_info {
    uint64_t steps;       /* instructions executed */
    uint32_t pc;          /* word address of the last instruction executed or attempted */
    uint32_t params_used; /* parameters consumed, the one in r1 included */
    uint32_t sends;       /* method writes made */
} mw_mme_run_info;

typedef struct mw_mme {
    uint32_t code[MW_MME_RAM_WORDS];
    mw_mme_insn insn[MW_MME_RAM_WORDS + 1]; /* + the MW_MME_OP_PAST_RAM sentinel */
    uint32_t start[MW_MME_MACROS];
    uint32_t code_pointer;  /* LOAD_MME_INSTRUCTION_RAM_POINTER, advanced by each word */
    uint32_t start_pointer; /* LOAD_MME_START_ADDRESS_RAM_POINTER, likewise */
    const glhle_logger *log;
    mw_mme_run_info last;
    /* the call being collected */
    bool call_pending;
    bool call_overflow;     /* words past MW_MME_CALL_WORDS were dropped */
    uint32_t call_index, call_count;
    uint32_t running;       /* runs in progress (a hook that calls back in is refused) */
    uint32_t call_params[MW_MME_CALL_WORDS];
} mw_mme;

/* Zeroed RAM and tables (a zero word decodes as `r0 = param`: uploading is
 * the driver's job); log may be NULL (stderr). */
void mw_mme_init(mw_mme *mme, const glhle_logger *log);

/* Decodes one instruction word (pure; the disassembler uses it too). */
void mw_mme_decode(uint32_t word, mw_mme_insn *out);

/* The four upload methods, as the instance forwards them. A word or start
 * address that lands past its RAM is dropped and reported (OUT_OF_BOUNDS);
 * the pointer still moves on, as it does for each accepted word. */
glhle_result mw_mme_set_code_pointer(mw_mme *mme, uint32_t value);
glhle_result mw_mme_load_code(mw_mme *mme, uint32_t word);
glhle_result mw_mme_set_start_pointer(mw_mme *mme, uint32_t value);
glhle_result mw_mme_load_start(mw_mme *mme, uint32_t value);
/* Dispatches a 3D method index: returns true (and *result) when it is one of
 * the four above, false for any other method. */
bool mw_mme_method(mw_mme *mme, uint32_t method, uint32_t value, glhle_result *result);

/* Uploads `count` words at `at` and points macro `index` at them (tests,
 * tools). */
glhle_result mw_mme_upload(mw_mme *mme, uint32_t index, uint32_t at, const uint32_t *words, uint32_t count);

/* Runs macro `index` with its parameters (params[0] in r1, the rest through
 * the parameter queue; count >= 1), bounded by step_cap instructions (0 ->
 * MW_MME_DEFAULT_STEP_CAP). Every method write goes to hooks->send as it is
 * made, so the writes before an error stand. Errors, each logged with the
 * macro and pc, mirror the hardware's macro traps (envytools docs/hw/graph/
 * fermi/macro.rst, TRAP bits):
 *   INVALID_ARGUMENT  index >= 0x80 or count == 0;
 *   OUT_OF_BOUNDS     the start address or the pc leaves the RAM;
 *   TRUNCATED         a fetch found the queue empty (TOO_FEW_PARAMS);
 *   BAD_DATA          an illegal opcode (ILLEGAL_OPCODE), a branch in a delay
 *                     slot (DOUBLE_BRANCH), or parameters left over at exit
 *                     (TOO_MANY_PARAMS; the macro itself completed);
 *   LIMIT_EXCEEDED    step_cap instructions ran without an exit (TIMEOUT).
 * The machine state lives in the call, so the run itself is reentrant
 * (mme->last then describes the inner run until the outer returns). */
glhle_result mw_mme_run(mw_mme *mme, uint32_t index, const uint32_t *params, uint32_t count,
                        const mw_mme_hooks *hooks, uint64_t step_cap);

/* Calls as they arrive in a pushbuffer. The instance forwards the 3D
 * methods 0xE00-0xFFF (CALL_MME_MACRO(j) at 0xE00 + 2j, CALL_MME_DATA(j)
 * at 0xE01 + 2j, clb197.h) to mw_mme_call_method, and calls mw_mme_flush
 * before it handles any other 3D method and at the end of a submission:
 * the hardware starts the macro at CALL_MME_MACRO and feeds it the data
 * words as they come, and a method that is not data while the macro still
 * wants parameters is its TOO_FEW_PARAMS trap (envytools macro.c), so a
 * call is complete when the next other method arrives.
 *  - CALL_MME_MACRO(j) runs a call still being collected, then starts j's
 *    with the method's word as its first parameter;
 *  - CALL_MME_DATA(j) appends to the call being collected, whatever j (the
 *    hardware has one parameter FIFO); with no call it is the
 *    TOO_MANY_PARAMS trap: reported (BAD_DATA) and dropped;
 *  - more than MW_MME_CALL_WORDS words: the rest are dropped and the run
 *    reports LIMIT_EXCEEDED (the macro itself runs with what was kept).
 * Method writes a macro makes do not come back here: the MME sits before
 * the method dispatcher (envytools: "The MACRO unit sits between PFIFO and
 * PGRAPH_DISPATCH"), so a macro cannot call a macro; mw_mme_call_method
 * and mw_mme_flush refuse (BAD_DATA) while a run is in progress.
 * mw_mme_call_method returns false, touching nothing, for other methods. */
bool mw_mme_call_method(mw_mme *mme, uint32_t method, uint32_t value, const mw_mme_hooks *hooks, uint64_t step_cap,
                        glhle_result *result);
/* Runs the call being collected, if any (OK when there is none). */
glhle_result mw_mme_flush(mw_mme *mme, const mw_mme_hooks *hooks, uint64_t step_cap);

#endif
