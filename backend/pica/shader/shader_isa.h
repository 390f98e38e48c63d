/* The PICA200 shader instruction set: opcodes, instruction formats and
 * operand-descriptor fields, listed once for the disassembler and the
 * interpreter's decoder.
 *
 * Source: 3dbrew GPU/Shader_Instruction_Set (formats 1/1i/1u/1c/2/3/4/5/5i,
 * opcode table 0x00-0x3F, operand descriptors, relative addressing,
 * conditions). Mnemonics follow devkitPro picasso's Manual.md, except that
 * opcode 0x29 is printed `loop` (picasso's source keyword is `for`). */
#ifndef GLHLE_PICA_SHADER_ISA_H
#define GLHLE_PICA_SHADER_ISA_H

#include <stdint.h>

/* How an opcode's word is laid out. */
typedef enum pica_isa_format {
    PICA_FMT_UNKNOWN, /* opcodes 0x10, 0x11, 0x14-0x17, 0x1C-0x1F: nothing documented */
    PICA_FMT_1,       /* dst, src1 (7 bits, relative), src2 (5 bits) */
    PICA_FMT_1I,      /* dst, src1 (5 bits), src2 (7 bits, relative) */
    PICA_FMT_1U,      /* dst, src1 (7 bits, relative) */
    PICA_FMT_1C,      /* cmpx, cmpy, src1 (7 bits, relative), src2 (5 bits) */
    PICA_FMT_0,       /* no operands */
    PICA_FMT_2,       /* condition, dst offset, num */
    PICA_FMT_3,       /* bool or int uniform id, dst offset, num */
    PICA_FMT_4,       /* setemit: vertex id, primitive and winding flags */
    PICA_FMT_5,       /* mad: src1 (5), src2 (7, relative), src3 (5) */
    PICA_FMT_5I,      /* madi: src1 (5), src2 (5), src3 (7, relative) */
} pica_isa_format;

/* X(opcode, name, format). CMP owns 0x2E-0x2F, MADI 0x30-0x37 and MAD
 * 0x38-0x3F (their low opcode bits belong to operands); pica_isa_opcode()
 * folds those ranges onto their first value. */
#define PICA_ISA_OPCODES(X)          \
    X(0x00, ADD, PICA_FMT_1)         \
    X(0x01, DP3, PICA_FMT_1)         \
    X(0x02, DP4, PICA_FMT_1)         \
    X(0x03, DPH, PICA_FMT_1)         \
    X(0x04, DST, PICA_FMT_1)         \
    X(0x05, EX2, PICA_FMT_1U)        \
    X(0x06, LG2, PICA_FMT_1U)        \
    X(0x07, LITP, PICA_FMT_1U)       \
    X(0x08, MUL, PICA_FMT_1)         \
    X(0x09, SGE, PICA_FMT_1)         \
    X(0x0A, SLT, PICA_FMT_1)         \
    X(0x0B, FLR, PICA_FMT_1U)        \
    X(0x0C, MAX, PICA_FMT_1)         \
    X(0x0D, MIN, PICA_FMT_1)         \
    X(0x0E, RCP, PICA_FMT_1U)        \
    X(0x0F, RSQ, PICA_FMT_1U)        \
    X(0x12, MOVA, PICA_FMT_1U)       \
    X(0x13, MOV, PICA_FMT_1U)        \
    X(0x18, DPHI, PICA_FMT_1I)       \
    X(0x19, DSTI, PICA_FMT_1I)       \
    X(0x1A, SGEI, PICA_FMT_1I)       \
    X(0x1B, SLTI, PICA_FMT_1I)       \
    X(0x20, BREAK, PICA_FMT_0)       \
    X(0x21, NOP, PICA_FMT_0)         \
    X(0x22, END, PICA_FMT_0)         \
    X(0x23, BREAKC, PICA_FMT_2)      \
    X(0x24, CALL, PICA_FMT_2)        \
    X(0x25, CALLC, PICA_FMT_2)       \
    X(0x26, CALLU, PICA_FMT_3)       \
    X(0x27, IFU, PICA_FMT_3)         \
    X(0x28, IFC, PICA_FMT_2)         \
    X(0x29, LOOP, PICA_FMT_3)        \
    X(0x2A, EMIT, PICA_FMT_0)        \
    X(0x2B, SETEMIT, PICA_FMT_4)     \
    X(0x2C, JMPC, PICA_FMT_2)        \
    X(0x2D, JMPU, PICA_FMT_3)        \
    X(0x2E, CMP, PICA_FMT_1C)        \
    X(0x30, MADI, PICA_FMT_5I)       \
    X(0x38, MAD, PICA_FMT_5)

typedef enum pica_isa_op {
#define PICA_ISA_ENUM(code, name, fmt) PICA_OP_##name = code,
    PICA_ISA_OPCODES(PICA_ISA_ENUM)
#undef PICA_ISA_ENUM
} pica_isa_op;

/* The 6-bit opcode with CMP/MADI/MAD ranges folded (0x2F -> 0x2E, 0x31-0x37
 * -> 0x30, 0x39-0x3F -> 0x38). */
static inline uint32_t pica_isa_opcode(uint32_t word)
{
    uint32_t op = word >> 26;
    if (op >= 0x38)
        return 0x38;
    if (op >= 0x30)
        return 0x30;
    if (op == 0x2F)
        return 0x2E;
    return op;
}

/* Register numbering in instruction fields (3dbrew, "DST mapping" and "SRC
 * mapping"): sources 0x00-0x0F v0-v15, 0x10-0x1F r0-r15, 0x20-0x7F c0-c95;
 * destinations 0x00-0x0F o0-o15, 0x10-0x1F r0-r15. */
#define PICA_SRC_TEMP 0x10u
#define PICA_SRC_CONST 0x20u
#define PICA_DST_TEMP 0x10u

/* A decoded arithmetic word: which fields exist depends on the format. */
typedef struct pica_isa_fields {
    uint32_t desc;      /* operand descriptor index (7 bits; 5 for mad/madi) */
    uint32_t dst;       /* 5-bit destination */
    uint32_t src[3];    /* source register numbers (see above) */
    uint32_t idx;       /* address register selector 0 none, 1 a0.x, 2 a0.y, 3 aL */
    uint32_t idx_src;   /* which source (0-2) the selector applies to */
    uint32_t cmp[2];    /* cmp: operator for x and y */
    uint32_t nsrc;      /* sources used */
} pica_isa_fields;

static inline uint32_t pica_isa_bits(uint32_t word, unsigned at, unsigned n)
{
    return (word >> at) & ((1u << n) - 1u);
}

/* Unpacks format 1/1i/1u/1c/5/5i fields (3dbrew's tables, bit for bit). */
static inline void pica_isa_unpack(uint32_t word, pica_isa_format fmt, pica_isa_fields *f)
{
    *f = (pica_isa_fields){0};
    switch (fmt) {
    case PICA_FMT_1:
    case PICA_FMT_1U:
    case PICA_FMT_1C:
        f->desc = pica_isa_bits(word, 0, 7);
        f->src[1] = pica_isa_bits(word, 7, 5);
        f->src[0] = pica_isa_bits(word, 12, 7);
        f->idx = pica_isa_bits(word, 19, 2);
        f->idx_src = 0;
        f->dst = pica_isa_bits(word, 21, 5);
        f->nsrc = fmt == PICA_FMT_1U ? 1 : 2;
        if (fmt == PICA_FMT_1C) {
            f->cmp[1] = pica_isa_bits(word, 21, 3);
            f->cmp[0] = pica_isa_bits(word, 24, 3);
            f->dst = 0;
        }
        break;
    case PICA_FMT_1I:
        f->desc = pica_isa_bits(word, 0, 7);
        f->src[1] = pica_isa_bits(word, 7, 7);
        f->src[0] = pica_isa_bits(word, 14, 5);
        f->idx = pica_isa_bits(word, 19, 2);
        f->idx_src = 1;
        f->dst = pica_isa_bits(word, 21, 5);
        f->nsrc = 2;
        break;
    case PICA_FMT_5:
        f->desc = pica_isa_bits(word, 0, 5);
        f->src[2] = pica_isa_bits(word, 5, 5);
        f->src[1] = pica_isa_bits(word, 10, 7);
        f->src[0] = pica_isa_bits(word, 17, 5);
        f->idx = pica_isa_bits(word, 22, 2);
        f->idx_src = 1;
        f->dst = pica_isa_bits(word, 24, 5);
        f->nsrc = 3;
        break;
    case PICA_FMT_5I:
        f->desc = pica_isa_bits(word, 0, 5);
        f->src[2] = pica_isa_bits(word, 5, 7);
        f->src[1] = pica_isa_bits(word, 12, 5);
        f->src[0] = pica_isa_bits(word, 17, 5);
        f->idx = pica_isa_bits(word, 22, 2);
        f->idx_src = 2;
        f->dst = pica_isa_bits(word, 24, 5);
        f->nsrc = 3;
        break;
    default:
        break;
    }
}

/* Flow-control fields (formats 2 and 3). */
static inline uint32_t pica_isa_num(uint32_t word) { return pica_isa_bits(word, 0, 8); }
static inline uint32_t pica_isa_target(uint32_t word) { return pica_isa_bits(word, 10, 12); }
static inline uint32_t pica_isa_condop(uint32_t word) { return pica_isa_bits(word, 22, 2); }
static inline uint32_t pica_isa_refy(uint32_t word) { return pica_isa_bits(word, 24, 1); }
static inline uint32_t pica_isa_refx(uint32_t word) { return pica_isa_bits(word, 25, 1); }
static inline uint32_t pica_isa_uniform_id(uint32_t word) { return pica_isa_bits(word, 22, 4); }
/* Format 4 (setemit). */
static inline uint32_t pica_isa_winding(uint32_t word) { return pica_isa_bits(word, 22, 1); }
static inline uint32_t pica_isa_primemit(uint32_t word) { return pica_isa_bits(word, 23, 1); }
static inline uint32_t pica_isa_vertex_id(uint32_t word) { return pica_isa_bits(word, 24, 2); }

/* Condition operators (3dbrew "Conditions"): 0 OR, 1 AND, 2 x only, 3 y only. */
enum { PICA_COND_OR, PICA_COND_AND, PICA_COND_X, PICA_COND_Y };
/* CMP operators (3dbrew "Comparison operator"); 6 and 7 are always true. */
enum { PICA_CMP_EQ, PICA_CMP_NE, PICA_CMP_LT, PICA_CMP_LE, PICA_CMP_GT, PICA_CMP_GE };

/* Operand descriptor fields (3dbrew "Operand descriptors"): destination mask
 * bits 0-3 with bit 3 = x ... bit 0 = w; source n (0-2) negation at bit
 * 4 + 9n and an 8-bit selector at 5 + 9n whose bits 6-7 pick the source
 * component for x, 4-5 for y, 2-3 for z, 0-1 for w. */
static inline uint32_t pica_opdesc_mask(uint32_t d) { return d & 0xF; }
static inline uint32_t pica_opdesc_mask_has(uint32_t d, unsigned comp) { return (d >> (3 - comp)) & 1; }
static inline uint32_t pica_opdesc_neg(uint32_t d, unsigned src) { return (d >> (4 + 9 * src)) & 1; }
static inline uint32_t pica_opdesc_selector(uint32_t d, unsigned src) { return (d >> (5 + 9 * src)) & 0xFF; }
static inline uint32_t pica_opdesc_comp(uint32_t d, unsigned src, unsigned comp)
{
    return (pica_opdesc_selector(d, src) >> (6 - 2 * comp)) & 3;
}

#endif
