/* Maxwell (GM107 / GM20B) machine code -> decoded instructions.
 *
 * Code comes in 32-byte groups: one scheduling-control word, then three
 * 64-bit instructions (envytools envydis/gm107.c `schedpos 0x20`; NVIDIA's
 * maxas wiki "Control-Codes"). The control word is metadata and never runs;
 * its three 21-bit fields (stall, yield, write/read barrier, wait mask,
 * reuse) are kept per instruction.
 *
 * Instruction offsets are byte offsets from the first word of the code
 * (that is, control words count: the first instruction is at 0x08, and a
 * branch that names a control word's offset lands on the instruction after
 * it). They are the offsets envydis prints and branch targets use.
 *
 * The table of opcodes is shadergen/maxwell_sass_table.h (maxwell_isa.h). A decoded instruction carries:
 * the opcode and its family, the guard predicate, destination and source
 * operands in the hardware's order (registers, predicates, immediates,
 * constant buffers, attributes, memory addresses, special registers, code
 * targets), and the modifiers in mw_sass_mods. `raw` keeps the word, so a
 * consumer can read a field the decoder does not name.
 *
 * Untrusted input: any word decodes to something (an unknown opcode is
 * MW_SASS_OP_INVALID with the reason in the program); sizes are bounded by
 * MW_SASS_MAX_CODE_WORDS; nothing here reads outside `code`. */
#ifndef GLHLE_MAXWELL_SASS_DECODE_H
#define GLHLE_MAXWELL_SASS_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/log.h"
#include "shadergen/maxwell_isa.h"

/* 64-bit words of code accepted in one program (control words included):
 * 512 KiB, far above any real shader and the cap on what one decode allocates. */
#define MW_SASS_MAX_CODE_WORDS (1u << 16)

typedef enum mw_sass_operand_kind {
    MW_SASS_OPND_NONE = 0,
    MW_SASS_OPND_REG,    /* reg: general register 0-254, MW_SASS_RZ = zero */
    MW_SASS_OPND_PRED,   /* reg: predicate 0-6, MW_SASS_PT = true */
    MW_SASS_OPND_CC,     /* the condition-code register */
    MW_SASS_OPND_IMM,    /* imm: the value's bits (see imm_type) */
    MW_SASS_OPND_CBUF,   /* c[bank][reg + offset]; reg is RZ unless indexed (LDC) */
    MW_SASS_OPND_ATTR,   /* a[reg + offset] (ALD/AST/IPA), vertex in a separate operand */
    MW_SASS_OPND_MEM,    /* space[reg + offset] */
    MW_SASS_OPND_SREG,   /* reg: special register id (S2R/CS2R) */
    MW_SASS_OPND_TARGET, /* offset: code byte offset a branch or push names */
} mw_sass_operand_kind;

typedef enum mw_sass_imm_type {
    MW_SASS_IMM_U32 = 0, /* imm is the 32-bit value (integer immediates sign-extended to 32 bits) */
    MW_SASS_IMM_F32,     /* imm holds f32 bits */
    MW_SASS_IMM_F64,     /* imm holds f64 bits */
    MW_SASS_IMM_F16X2,   /* imm holds two f16 (low half = first) */
} mw_sass_imm_type;

typedef enum mw_sass_mem_space {
    MW_SASS_MEM_GENERIC = 0, /* LD/ST: generic address */
    MW_SASS_MEM_GLOBAL,
    MW_SASS_MEM_LOCAL,
    MW_SASS_MEM_SHARED,
    MW_SASS_MEM_PIXEL,   /* PIXLD */
    MW_SASS_MEM_PATCH,   /* ISBERD's p[] */
} mw_sass_mem_space;

/* operand flags */
#define MW_SASS_OPF_NEG 0x01u  /* arithmetic negate */
#define MW_SASS_OPF_ABS 0x02u  /* absolute value (applied before NEG) */
#define MW_SASS_OPF_NOT 0x04u  /* predicate / bitwise inverse */
#define MW_SASS_OPF_H1  0x08u  /* the upper 16-bit half (XMAD, HADD2 swizzles keep their own mods) */
#define MW_SASS_OPF_WIDE 0x10u /* a 64-bit address (LDG/STG/ATOM .E) */

typedef struct mw_sass_operand {
    uint8_t kind;     /* mw_sass_operand_kind */
    uint8_t reg;      /* register / predicate / special register / base register */
    uint8_t flags;    /* MW_SASS_OPF_* */
    uint8_t bank;     /* CBUF: bank 0-17; MEM: mw_sass_mem_space; IMM: mw_sass_imm_type */
    int32_t offset;   /* CBUF / ATTR / MEM byte offset, TARGET code offset */
    uint64_t imm;     /* IMM bits */
} mw_sass_operand;

/* mods.flags */
#define MW_SASS_MOD_FTZ   (1u << 0)  /* flush denormals to zero */
#define MW_SASS_MOD_FMZ   (1u << 1)  /* 0 * anything = 0 (D3D rule) */
#define MW_SASS_MOD_SAT   (1u << 2)  /* clamp (float [0,1]; integer: saturate) */
#define MW_SASS_MOD_CC    (1u << 3)  /* writes the condition code */
#define MW_SASS_MOD_X     (1u << 4)  /* extended: uses the carry / the CC */
#define MW_SASS_MOD_HI    (1u << 5)  /* upper 32 bits of a product / high half */
#define MW_SASS_MOD_BF    (1u << 6)  /* SET result is 1.0f instead of 0xffffffff */
#define MW_SASS_MOD_SIGNED_A (1u << 7)  /* operand A (or the source) is signed */
#define MW_SASS_MOD_SIGNED_B (1u << 8)  /* operand B (or the destination) is signed */
#define MW_SASS_MOD_BREV  (1u << 9)  /* bit-reverse the source */
#define MW_SASS_MOD_WRAP  (1u << 10) /* shift amounts wrap (SHL/SHR/SHF .W) */
#define MW_SASS_MOD_PSL   (1u << 11) /* XMAD: shift the product left 16 */
#define MW_SASS_MOD_MRG   (1u << 12) /* XMAD: merge: the result's high half is B's low half */
#define MW_SASS_MOD_NDV   (1u << 13) /* texture: no derivatives */
#define MW_SASS_MOD_NODEP (1u << 14) /* texture: no dependency barrier */
#define MW_SASS_MOD_ARRAY (1u << 15) /* texture: array */
#define MW_SASS_MOD_DC    (1u << 16) /* texture: depth compare */
#define MW_SASS_MOD_AOFFI (1u << 17) /* texture: immediate offsets in a register */
#define MW_SASS_MOD_PTP   (1u << 18) /* TLD4: per-texel offsets */
#define MW_SASS_MOD_MS    (1u << 19) /* TLD: multisample index */
#define MW_SASS_MOD_CL    (1u << 20) /* TLD: LOD clamp */
#define MW_SASS_MOD_BINDLESS (1u << 21) /* texture / surface handle from a register */
#define MW_SASS_MOD_PATCH (1u << 22) /* ALD/AST: per-patch attribute */
#define MW_SASS_MOD_OUTPUT (1u << 23) /* ALD/ISBERD/AL2P: read an output */
#define MW_SASS_MOD_SH    (1u << 24) /* FLO: shift amount instead of bit position */
#define MW_SASS_MOD_INV_A (1u << 25) /* bitwise NOT of A (LOP, FLO, POPC) */
#define MW_SASS_MOD_INV_B (1u << 26) /* bitwise NOT of B */
#define MW_SASS_MOD_LMT   (1u << 27) /* branch .LMT */
#define MW_SASS_MOD_U     (1u << 28) /* branch .U (uniform) */
#define MW_SASS_MOD_NOINC (1u << 29) /* CAL/PRET .NOINC */
#define MW_SASS_MOD_E     (1u << 30) /* 64-bit address (.E) */
#define MW_SASS_MOD_F16   (1u << 31) /* TEXS/TLDS/TLD4S: f16 results (SM 6.0; never on GM20B) */

/* Rounding (F2F/F2I/I2F/FADD/FMUL/FFMA/DADD...): hardware field values. */
enum { MW_SASS_RND_RN = 0, MW_SASS_RND_RM = 1, MW_SASS_RND_RP = 2, MW_SASS_RND_RZ = 3 };

/* Integer / float comparison (FSETP, FSET, FCMP, DSETP; ISETP uses the
 * first 8: F LT EQ LE GT NE GE T with its own 3-bit field). 4-bit field. */
enum {
    MW_SASS_CMP_F = 0, MW_SASS_CMP_LT, MW_SASS_CMP_EQ, MW_SASS_CMP_LE, MW_SASS_CMP_GT, MW_SASS_CMP_NE,
    MW_SASS_CMP_GE, MW_SASS_CMP_NUM, MW_SASS_CMP_NAN, MW_SASS_CMP_LTU, MW_SASS_CMP_EQU, MW_SASS_CMP_LEU,
    MW_SASS_CMP_GTU, MW_SASS_CMP_NEU, MW_SASS_CMP_GEU, MW_SASS_CMP_T,
};
/* ISETP/ISET/ICMP's 3-bit comparison, mapped onto the names above. */

/* Boolean combination of a SET/SETP result with predicate C, LOP's operation. */
enum { MW_SASS_BOP_AND = 0, MW_SASS_BOP_OR = 1, MW_SASS_BOP_XOR = 2, MW_SASS_BOP_PASS_B = 3 };

/* Data types (conversions, memory sizes). */
enum {
    MW_SASS_TYPE_NONE = 0,
    MW_SASS_TYPE_U8, MW_SASS_TYPE_S8, MW_SASS_TYPE_U16, MW_SASS_TYPE_S16, MW_SASS_TYPE_U32,
    MW_SASS_TYPE_S32, MW_SASS_TYPE_U64, MW_SASS_TYPE_S64, MW_SASS_TYPE_F16, MW_SASS_TYPE_F32,
    MW_SASS_TYPE_F64, MW_SASS_TYPE_B32, MW_SASS_TYPE_B64, MW_SASS_TYPE_B96, MW_SASS_TYPE_B128,
    MW_SASS_TYPE_U128, MW_SASS_TYPE_COUNT
};

/* MUFU functions (mods.sub): envydis tab5080_0; 8 = SQRT is GM20x (SM 5.2). */
enum {
    MW_SASS_MUFU_COS = 0, MW_SASS_MUFU_SIN, MW_SASS_MUFU_EX2, MW_SASS_MUFU_LG2, MW_SASS_MUFU_RCP,
    MW_SASS_MUFU_RSQ, MW_SASS_MUFU_RCP64H, MW_SASS_MUFU_RSQ64H, MW_SASS_MUFU_SQRT,
};

/* Texture dimension (mods.tex_dim), the full forms' 2-bit field plus array. */
enum {
    MW_SASS_TEX_1D = 0, MW_SASS_TEX_2D, MW_SASS_TEX_3D, MW_SASS_TEX_CUBE,
    MW_SASS_TEX_1D_BUFFER, /* surfaces only */
};

/* Texture LOD mode (mods.lod): TEX's field. */
enum {
    MW_SASS_LOD_NONE = 0, MW_SASS_LOD_LZ, MW_SASS_LOD_LB, MW_SASS_LOD_LL, MW_SASS_LOD_LBA = 6,
    MW_SASS_LOD_LLA = 7,
};

typedef struct mw_sass_mods {
    uint32_t flags;   /* MW_SASS_MOD_* */
    uint8_t rnd;      /* MW_SASS_RND_*; F2F/F2I: with `round_int` */
    uint8_t cmp;      /* MW_SASS_CMP_* */
    uint8_t bop;      /* MW_SASS_BOP_* (SET/SETP combine, LOP op) */
    uint8_t bop2;     /* PSETP/PSET: the second combination */
    uint8_t sub;      /* family-specific sub-operation (see mw_sass_sub_name) */
    uint8_t dtype;    /* MW_SASS_TYPE_*: destination / memory size */
    uint8_t stype;    /* MW_SASS_TYPE_*: source */
    uint8_t cache;    /* cache operation field, raw */
    uint8_t shift;    /* ISCADD/LEA/IADD3/SHF shift amount, TEXS lod form, ... */
    uint8_t lut;      /* LOP3 truth table */
    uint8_t cc_test;  /* branches, SYNC/BRK/CONT/EXIT/KIL/RET: condition-code test, 15 = T */
    uint8_t tex_dim;  /* MW_SASS_TEX_* */
    uint8_t tex_mask; /* component write mask (bit 0 = r), TEXS/TLDS: decoded */
    uint8_t lod;      /* MW_SASS_LOD_* */
    uint8_t component; /* TLD4: gathered component 0-3 */
    uint8_t mode;     /* IPA interpolation / sample mode, OUT emit/cut, BAR, XMAD CSFU, SHFL ... */
    uint16_t tex_index; /* bound texture / surface handle index (word offset in the handle buffer) */
} mw_sass_mods;

#define MW_SASS_MAX_DST 3
#define MW_SASS_MAX_SRC 5

typedef struct mw_sass_inst {
    uint64_t raw;
    uint32_t offset;   /* byte offset of the instruction in the code */
    uint32_t sched;    /* its 21-bit scheduling-control field */
    uint16_t op;       /* mw_sass_op */
    uint8_t family;    /* mw_sass_family */
    uint8_t pred;      /* guard predicate 0-7 (PT = always) */
    bool pred_neg;     /* !PT = never */
    uint8_t ndst, nsrc;
    mw_sass_operand dst[MW_SASS_MAX_DST];
    mw_sass_operand src[MW_SASS_MAX_SRC];
    mw_sass_mods mods;
} mw_sass_inst;

/* Table lookups: shadergen/maxwell_isa.h. */

/* Decodes one instruction. Never fails: an unknown opcode gives op INVALID
 * and no operands. `offset` is the instruction's byte offset (for targets). */
void mw_sass_decode_inst(uint64_t word, uint32_t offset, uint32_t sched, mw_sass_inst *out);

/* Reads a 32-bit value of constant buffer `bank` at byte `offset` (BRX/JMX
 * tables); false when it is not known. */
typedef bool (*mw_sass_cbuf_read_fn)(void *user, uint32_t bank, uint32_t offset, uint32_t *value);

typedef struct mw_sass_decode_desc {
    uint32_t entry;              /* byte offset of the first instruction to run; 0 -> 0x08 */
    uint32_t max_blocks;         /* 0 -> MW_SASS_CFG_DEFAULT_MAX_BLOCKS */
    mw_sass_cbuf_read_fn read_cbuf; /* NULL: indirect branches are rejected */
    void *user;
    const glhle_logger *log;     /* NULL -> stderr */
} mw_sass_decode_desc;

struct mw_sass_cfg;

typedef struct mw_sass_program {
    mw_sass_inst *insts;         /* one per instruction slot, in code order */
    uint32_t count;
    uint32_t code_words;         /* 64-bit words decoded (control words included) */
    uint32_t unknown_count;      /* instructions with op INVALID (anywhere in the code) */
    uint32_t first_unknown;      /* offset of the first, if any */
    struct mw_sass_cfg *cfg;     /* control-flow graph from the entry (sass_cfg.h) */
    char error[160];             /* why decoding was rejected, "" when it was not */
} mw_sass_program;

/* Index of the instruction at code byte `offset` (an instruction slot, not a
 * control word); -1 if there is none. */
static inline int32_t mw_sass_inst_index(uint32_t offset, uint32_t count)
{
    if (offset & 7u || (offset & 31u) == 0)
        return -1;
    uint32_t i = (offset >> 5) * 3 + ((offset & 31u) >> 3) - 1;
    return i < count ? (int32_t)i : -1;
}
static inline uint32_t mw_sass_inst_offset(uint32_t index)
{
    return (index / 3) * 32 + (index % 3) * 8 + 8;
}

/* Decodes `count` 64-bit words of code (a multiple of 4: whole groups) and
 * discovers the control-flow graph from desc->entry. GLHLE_RESULT_OK, or an
 * error (BAD_DATA: unknown opcode reached, bad target, inconsistent
 * SSY/PBK stack, unresolvable indirect branch; LIMIT_EXCEEDED: too many
 * blocks; TRUNCATED: a partial group; OUT_OF_BOUNDS: a target outside the
 * code) with the reason in out->error and one log line naming the offset.
 * Either way `out` must be freed with mw_sass_program_free. */
glhle_result mw_sass_decode(const uint64_t *code, size_t count, const mw_sass_decode_desc *desc,
                            mw_sass_program *out);
void mw_sass_program_free(mw_sass_program *p);

/* Bits [pos, pos+len) of an instruction word. */
static inline uint32_t mw_sass_bits(uint64_t w, unsigned pos, unsigned len)
{
    return (uint32_t)((w >> pos) & ((len >= 32 ? 0xffffffffull : ((1ull << len) - 1))));
}

#endif
