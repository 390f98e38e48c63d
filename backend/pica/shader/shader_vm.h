/* The PICA200 vertex- and geometry-shader units on the CPU: the reference the
 * GPU translation of the same programs is checked against, and the path
 * draws take when a program cannot be translated.
 *
 * A program (4096 code words + 128 operand descriptors) is decoded once into
 * a pre-decoded form (register slots, component indices, masks, flow
 * targets); running a vertex does no bit-field decoding. Decoded programs
 * live in a cache keyed by XXH3-64 of code + descriptors and confirmed with
 * memcmp; a shader setup whose program_generation has not moved since the
 * last lookup skips even the hash.
 *
 * Semantics (3dbrew GPU/Shader_Instruction_Set; hardware tests in
 * aroulin/3ds-gpu-tests fp-tests; Azahar video_core/shader/
 * shader_interpreter.cpp where hardware is silent):
 *  - arithmetic is IEEE single precision (as Azahar and Panda3DS; f24
 *    rounding and subnormal flushing are not modelled);
 *  - MUL, MAD, DP3, DP4, DPH and DST multiply with 0 * inf = 0; a NaN
 *    operand still gives NaN (hardware test 22/23: NaN * 0 = NaN);
 *  - MAX is a > b ? a : b and MIN a < b ? a : b, so max(NaN, 0) = 0 and
 *    max(0, NaN) = NaN; SGE/SLT with a NaN give 0;
 *  - RCP(±0) = +inf, RSQ(±0) = +inf (no -0 on the PICA), LG2(-1) = NaN,
 *    EX2(-inf) = 0, FLR rounds toward -inf;
 *  - MOVA truncates toward zero; a value outside the int32 range (or NaN)
 *    becomes INT32_MIN, as x86's cvttps2dq gives and Azahar's JIT does;
 *  - relative addressing (constants only): an offset outside -128..127 is
 *    ignored, the index wraps at 0x7F and c96-c127 read (1, 1, 1, 1);
 *  - flow control: CALL, IF and LOOP stacks of 4, 8 and 4 entries that drop
 *    their oldest entry on overflow; after every instruction the stacks are
 *    checked in the order CALL (up to four pops), IF, LOOP, and the last
 *    update wins over a taken JMP (3dbrew "Control Flow").
 *
 * Bounded behaviour for bad programs (reported in the status bits, never a
 * crash or hang): an entry point past code memory, running past the last
 * code word, BREAK with no loop (hangs real hardware) and more than
 * step_limit instructions in one invocation stop the invocation; undefined
 * opcodes run as NOP; SETEMIT/EMIT in a vertex shader are ignored. */
#ifndef GLHLE_PICA_SHADER_VM_H
#define GLHLE_PICA_SHADER_VM_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/pica/frontend/shader_setup.h"
#include "glhle/glhle.h"

/* Instructions one invocation may execute before it is stopped. Real
 * programs stay far below: a 4-deep nest of 256-iteration loops is not a
 * vertex shader anyone ships, and this keeps a runaway program at a few
 * milliseconds. */
#define PICA_VM_DEFAULT_STEP_LIMIT (1u << 20)

/* Status bits of an invocation (OR them over a draw and log once). */
enum {
    PICA_VM_STEP_LIMIT = 1u << 0,     /* stopped after step_limit instructions */
    PICA_VM_RAN_OFF_END = 1u << 1,    /* stopped: ran past code word 4095 without END */
    PICA_VM_BREAK_NO_LOOP = 1u << 2,  /* stopped: BREAK/BREAKC with an empty loop stack */
    PICA_VM_BAD_ENTRY = 1u << 3,      /* stopped: entry point >= 4096 */
    PICA_VM_STACK_OVERFLOW = 1u << 4, /* a push dropped the oldest stack entry (as hardware) */
    PICA_VM_UNKNOWN_OPCODE = 1u << 5, /* an undefined opcode ran as NOP */
    PICA_VM_EMIT_IN_VS = 1u << 6,     /* SETEMIT/EMIT in a vertex shader, ignored */
    PICA_VM_BAD_VERTEX_ID = 1u << 7,  /* EMIT after SETEMIT with vertex id 3, ignored */
};
#define PICA_VM_STOPPED (PICA_VM_STEP_LIMIT | PICA_VM_RAN_OFF_END | PICA_VM_BREAK_NO_LOOP | PICA_VM_BAD_ENTRY)

/* Register slots of a unit's register file (vec4 each). */
enum {
    PICA_VM_SLOT_V = 0,     /* v0-v15 */
    PICA_VM_SLOT_R = 16,    /* r0-r15 */
    PICA_VM_SLOT_C = 32,    /* c0-c95 */
    PICA_VM_SLOT_ONES = 128,/* what c96-c127 read through relative addressing */
    PICA_VM_SLOT_O = 129,   /* o0-o15 */
    PICA_VM_SLOTS = 145,
};

typedef struct pica_vm_program pica_vm_program;
typedef struct pica_vm_unit pica_vm_unit;

/* Called by a geometry shader's EMIT when its SETEMIT asked for a
 * primitive: the three vertices (all 16 output registers each, as they were
 * at their EMIT) and the winding flag (true: the primitive's order is
 * reversed). */
typedef void (*pica_vm_prim_fn)(void *user, const float (*v0)[4], const float (*v1)[4], const float (*v2)[4],
                                bool winding);

struct pica_vm_unit {
    _Alignas(16) float reg[PICA_VM_SLOTS][4];
    int32_t a0[2];            /* a0.x, a0.y */
    int32_t aL;
    uint8_t cmp[2];           /* cmp.x, cmp.y */
    uint16_t bools;           /* b0-b15 */
    uint8_t ints[4][4];       /* i0-i3: x count, y start, z step */
    bool geometry;            /* runs a geometry shader (SETEMIT/EMIT allowed) */
    uint32_t step_limit;      /* 0 -> PICA_VM_DEFAULT_STEP_LIMIT */
    uint64_t steps;           /* instructions executed, summed over runs */
    /* geometry shader emitter (3dbrew SETEMIT/EMIT; Azahar shader_unit.cpp) */
    uint8_t emit_vertex_id;
    bool emit_prim, emit_winding;
    _Alignas(16) float out_bank[16][4]; /* the other output bank: EMIT switches banks (Azahar, verified on hardware) */
    _Alignas(16) float emit_buf[3][16][4];
    pica_vm_prim_fn on_prim;
    void *on_prim_user;
};

/* A fresh unit: registers zero, uniforms unset. */
void pica_vm_unit_init(pica_vm_unit *u, bool geometry);
/* Copies the float, int and bool uniforms of a setup into the unit. */
void pica_vm_unit_load_uniforms(pica_vm_unit *u, const pica_shader_setup *s);
static inline float *pica_vm_input(pica_vm_unit *u, unsigned n) { return u->reg[PICA_VM_SLOT_V + (n & 15)]; }
static inline float *pica_vm_output(pica_vm_unit *u, unsigned n) { return u->reg[PICA_VM_SLOT_O + (n & 15)]; }
static inline float *pica_vm_uniform(pica_vm_unit *u, unsigned n) { return u->reg[PICA_VM_SLOT_C + (n % 96)]; }

/* Runs one invocation from `entry` and returns its status bits. The inputs
 * (v registers, or uniforms for the geometry shader's array modes) must be
 * loaded; outputs are left in the o registers. Temporaries, address and
 * condition registers keep their values between invocations, as in a
 * hardware unit. While it runs, the program's decoded form carries a
 * flow-control trap (restored before returning), so one program must not be
 * run by two threads at once. */
uint32_t pica_vm_run(pica_vm_unit *u, pica_vm_program *p, uint32_t entry);

/* Many invocations of one program, as a vertex batch: invocation i copies
 * in[i * in_regs .. + in_regs) to v0.., runs, and appends the o registers
 * set in out_mask (in register order, the way GPUREG_SH_OUTMAP_MASK packs
 * them) to out. The status bits of all invocations are ORed; a stopped
 * invocation does not stop the batch. in_regs above 16 is refused
 * (PICA_VM_BAD_ENTRY, nothing runs). */
typedef struct pica_vm_batch {
    const float (*in)[4];
    uint32_t in_regs;   /* 0-16 */
    float (*out)[4];    /* count * popcount(out_mask) registers, or NULL */
    uint16_t out_mask;
    uint32_t count;
} pica_vm_batch;
uint32_t pica_vm_run_batch(pica_vm_unit *u, pica_vm_program *p, uint32_t entry, const pica_vm_batch *b);

/* ---- decoded programs ---- */

/* Decodes code + descriptors into `p` (PICA_VM_PROGRAM_SIZE bytes). */
void pica_vm_decode(pica_vm_program *p, const uint32_t code[PICA_SHADER_CODE_WORDS],
                    const uint32_t opdesc[PICA_SHADER_OPDESC_WORDS]);
extern const size_t PICA_VM_PROGRAM_SIZE;
uint64_t pica_vm_program_hash(const pica_vm_program *p);
/* Undefined opcodes in the program (counted at decode). */
uint32_t pica_vm_program_unknown_opcodes(const pica_vm_program *p);

typedef struct pica_vm_cache pica_vm_cache;

/* Remembers which program a shader setup had at its last lookup. Zero it. */
typedef struct pica_vm_binding {
    const pica_shader_setup *setup;
    uint32_t generation;
    uint32_t slot;
    uint64_t slot_serial;
} pica_vm_binding;

typedef struct pica_vm_cache_stats {
    uint64_t lookups;  /* calls */
    uint64_t fast;     /* answered from the binding (generation unchanged) */
    uint64_t hits;     /* found by hash + memcmp */
    uint64_t decodes;  /* misses: decoded into a slot (evicting the least recent) */
} pica_vm_cache_stats;

/* `entries` decoded programs (0 -> 16), allocated up front (about 150 KiB
 * each), so lookups never allocate. */
glhle_result pica_vm_cache_create(uint32_t entries, pica_vm_cache **out);
void pica_vm_cache_destroy(pica_vm_cache *c);
/* The decoded program for the setup's code and descriptors. */
pica_vm_program *pica_vm_cache_get(pica_vm_cache *c, pica_vm_binding *b, const pica_shader_setup *s);
pica_vm_cache_stats pica_vm_cache_get_stats(const pica_vm_cache *c);

#endif
