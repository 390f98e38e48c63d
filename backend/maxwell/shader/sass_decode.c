/* Maxwell instruction decoding: table lookup, operand fields by form,
 * modifiers by family. Field positions are envytools envydis/gm107.c facts
 * (tabroot and its sub-tables), cross-checked against yuzu's decoder
 * (src/shader_recompiler/frontend/maxwell/translate/impl/) and Mesa's GM107
 * emitter; each family's block below names the fields it reads. */
#include "backend/maxwell/shader/sass_decode.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/shader/sass_cfg.h"

typedef enum form {
    FORM_NONE, FORM_AB, FORM_ABC, FORM_ABP, FORM_SETP, FORM_PAB, FORM_A, FORM_B, FORM_D, FORM_NOD_A,
    FORM_NOD_AB, FORM_A_I32, FORM_A_I32_D, FORM_I32, FORM_PSET, FORM_PSETP, FORM_CSET, FORM_CSETP,
    FORM_SREG, FORM_B2R, FORM_R2B, FORM_VOTE, FORM_VOTE_VTG, FORM_SHFL, FORM_LD, FORM_ST, FORM_LDM,
    FORM_STM, FORM_LDC, FORM_ALD, FORM_AST, FORM_IPA, FORM_AL2P, FORM_PIXLD, FORM_ATOM, FORM_ATOMS,
    FORM_RED, FORM_CCTL, FORM_SULD, FORM_SUST, FORM_SUATOM, FORM_TEX, FORM_TEXS, FORM_TXQ,
    FORM_TARGET, FORM_BRX, FORM_JUMP, FORM_JMX, FORM_BAR, FORM_VIDEO, FORM_VSETP,
} form;

/* The decoder's column of the opcode table: which fields hold which operands. */
typedef struct op_form {
    uint8_t form, bkind;
} op_form;

static const op_form ops[MW_SASS_OP_COUNT] = {
    [MW_SASS_OP_INVALID] = {FORM_NONE, MW_SASS_BKIND_N},
#define MW_SASS_X(id, nm, m, k, fam, fo, bk) [MW_SASS_OP_##id] = {FORM_##fo, MW_SASS_BKIND_##bk},
    MW_SASS_OPCODES(MW_SASS_X)
#undef MW_SASS_X
};

/* ---- fields ---- */

static inline uint32_t bits(uint64_t w, unsigned pos, unsigned len)
{
    return mw_sass_bits(w, pos, len);
}
static inline bool bit(uint64_t w, unsigned pos)
{
    return (w >> pos) & 1u;
}
static inline int32_t sext(uint32_t v, unsigned len)
{
    uint32_t m = 1u << (len - 1);
    v &= (len >= 32) ? 0xffffffffu : ((1u << len) - 1);
    return (int32_t)((v ^ m) - m);
}

static mw_sass_operand *add_dst(mw_sass_inst *in)
{
    mw_sass_operand *o = &in->dst[in->ndst < MW_SASS_MAX_DST ? in->ndst++ : MW_SASS_MAX_DST - 1];
    memset(o, 0, sizeof *o);
    return o;
}
static mw_sass_operand *add_src(mw_sass_inst *in)
{
    mw_sass_operand *o = &in->src[in->nsrc < MW_SASS_MAX_SRC ? in->nsrc++ : MW_SASS_MAX_SRC - 1];
    memset(o, 0, sizeof *o);
    return o;
}

static void set_reg(mw_sass_operand *o, uint32_t r)
{
    o->kind = MW_SASS_OPND_REG;
    o->reg = (uint8_t)r;
}
static void dst_reg(mw_sass_inst *in, unsigned pos)
{
    set_reg(add_dst(in), bits(in->raw, pos, 8));
}
static void src_reg(mw_sass_inst *in, unsigned pos)
{
    set_reg(add_src(in), bits(in->raw, pos, 8));
}
static void set_pred(mw_sass_operand *o, uint32_t p, bool neg)
{
    o->kind = MW_SASS_OPND_PRED;
    o->reg = (uint8_t)p;
    o->flags = neg ? MW_SASS_OPF_NOT : 0;
}
static void dst_pred(mw_sass_inst *in, unsigned pos)
{
    set_pred(add_dst(in), bits(in->raw, pos, 3), false);
}
/* a predicate source at pos, its negation at negpos */
static void src_pred(mw_sass_inst *in, unsigned pos, unsigned negpos)
{
    set_pred(add_src(in), bits(in->raw, pos, 3), bit(in->raw, negpos));
}
static void src_imm(mw_sass_inst *in, uint64_t v, uint8_t type)
{
    mw_sass_operand *o = add_src(in);
    o->kind = MW_SASS_OPND_IMM;
    o->bank = type;
    o->imm = v;
}
/* c[bits 34-38][bits 20-33 * 4]: the ALU constant operand */
static void set_cbuf_alu(mw_sass_operand *o, uint64_t w)
{
    o->kind = MW_SASS_OPND_CBUF;
    o->bank = (uint8_t)bits(w, 34, 5);
    o->reg = MW_SASS_RZ;
    o->offset = (int32_t)(bits(w, 20, 14) << 2);
}
/* c[bits 36-40][reg + s16 at 20]: branch targets and LDC */
static void set_cbuf_36(mw_sass_operand *o, uint64_t w, uint32_t reg)
{
    o->kind = MW_SASS_OPND_CBUF;
    o->bank = (uint8_t)bits(w, 36, 5);
    o->reg = (uint8_t)reg;
    o->offset = sext(bits(w, 20, 16), 16);
}
static void set_mem(mw_sass_operand *o, uint8_t space, uint32_t reg, int32_t offset)
{
    o->kind = MW_SASS_OPND_MEM;
    o->bank = space;
    o->reg = (uint8_t)reg;
    o->offset = offset;
}
static void set_target(mw_sass_operand *o, int64_t target)
{
    o->kind = MW_SASS_OPND_TARGET;
    o->offset = (int32_t)target;
}

/* 20-bit immediate: bits 20-38 and the sign (or top) bit at 56 */
static uint32_t imm20(uint64_t w)
{
    return bits(w, 20, 19) | (bits(w, 56, 1) << 19);
}

/* Operand B by BKIND (and C for the RC form). */
static void src_b(mw_sass_inst *in, uint8_t bkind)
{
    uint64_t w = in->raw;
    switch (bkind) {
    case MW_SASS_BKIND_R:
        src_reg(in, 20);
        break;
    case MW_SASS_BKIND_C:
        set_cbuf_alu(add_src(in), w);
        break;
    case MW_SASS_BKIND_I:
        src_imm(in, (uint32_t)sext(imm20(w), 20), MW_SASS_IMM_U32);
        break;
    case MW_SASS_BKIND_F:
        src_imm(in, (uint64_t)imm20(w) << 12, MW_SASS_IMM_F32);
        break;
    case MW_SASS_BKIND_D:
        src_imm(in, (uint64_t)imm20(w) << 44, MW_SASS_IMM_F64);
        break;
    case MW_SASS_BKIND_RC:
        src_reg(in, 39);
        break;
    case MW_SASS_BKIND_H: {
        /* two f16 immediates: the top 9 bits (of 15) of each, signs at 29 and 56
         * (envydis U09_20 / U09_30 with their neg bits) */
        uint32_t lo = (bits(w, 20, 9) << 6) | (bits(w, 29, 1) << 15);
        uint32_t hi = (bits(w, 30, 9) << 6) | (bits(w, 56, 1) << 15);
        src_imm(in, lo | (hi << 16), MW_SASS_IMM_F16X2);
        break;
    }
    default:
        break;
    }
}

/* Operand C of a three-source form: register 39, or the constant for RC. */
static void src_c(mw_sass_inst *in, uint8_t bkind)
{
    if (bkind == MW_SASS_BKIND_RC)
        set_cbuf_alu(add_src(in), in->raw);
    else
        src_reg(in, 39);
}

/* What the 32-bit immediate of a *32I form holds. */
static uint8_t imm32_type(uint8_t fam)
{
    switch (fam) {
    case MW_SASS_FAM_FADD:
    case MW_SASS_FAM_FMUL:
    case MW_SASS_FAM_FFMA:
        return MW_SASS_IMM_F32;
    case MW_SASS_FAM_HADD2:
    case MW_SASS_FAM_HMUL2:
    case MW_SASS_FAM_HFMA2:
        return MW_SASS_IMM_F16X2;
    default:
        return MW_SASS_IMM_U32;
    }
}

/* Branch-family targets: relative (pc + 8 + s24 at 20) unless bit 5 says a
 * constant buffer holds it (envydis BTARG / C36_RZ_S16_20). */
static void src_target(mw_sass_inst *in)
{
    mw_sass_operand *o = add_src(in);
    if (bit(in->raw, 5))
        set_cbuf_36(o, in->raw, MW_SASS_RZ);
    else
        set_target(o, (int64_t)in->offset + 8 + sext(bits(in->raw, 20, 24), 24));
}

/* ---- operand forms ---- */

static void decode_form(mw_sass_inst *in, const op_form *o)
{
    uint64_t w = in->raw;
    switch ((form)o->form) {
    case FORM_NONE:
        break;
    case FORM_AB:
        dst_reg(in, 0);
        src_reg(in, 8);
        src_b(in, o->bkind);
        break;
    case FORM_ABC:
        dst_reg(in, 0);
        src_reg(in, 8);
        src_b(in, o->bkind);
        src_c(in, o->bkind);
        break;
    case FORM_ABP:
        dst_reg(in, 0);
        src_reg(in, 8);
        src_b(in, o->bkind);
        src_pred(in, 39, 42);
        break;
    case FORM_SETP:
        dst_pred(in, 3);
        dst_pred(in, 0);
        src_reg(in, 8);
        src_b(in, o->bkind);
        src_pred(in, 39, 42);
        break;
    case FORM_PAB:
        dst_pred(in, 3);
        src_reg(in, 8);
        src_b(in, o->bkind);
        break;
    case FORM_A:
        dst_reg(in, 0);
        src_reg(in, 8);
        break;
    case FORM_B:
        dst_reg(in, 0);
        src_b(in, o->bkind);
        break;
    case FORM_D:
        dst_reg(in, 0);
        break;
    case FORM_NOD_A:
        src_reg(in, 8);
        break;
    case FORM_NOD_AB:
        src_reg(in, 8);
        src_b(in, o->bkind);
        break;
    case FORM_A_I32:
    case FORM_A_I32_D:
        dst_reg(in, 0);
        src_reg(in, 8);
        src_imm(in, bits(w, 20, 32), imm32_type(in->family));
        if (o->form == FORM_A_I32_D)
            src_reg(in, 0); /* the addend is the destination register (envydis ffma32i) */
        break;
    case FORM_I32:
        dst_reg(in, 0);
        src_imm(in, bits(w, 20, 32), MW_SASS_IMM_U32);
        break;
    case FORM_PSET:
        dst_reg(in, 0);
        src_pred(in, 12, 15);
        src_pred(in, 29, 32);
        src_pred(in, 39, 42);
        break;
    case FORM_PSETP:
        dst_pred(in, 3);
        dst_pred(in, 0);
        src_pred(in, 12, 15);
        src_pred(in, 29, 32);
        src_pred(in, 39, 42);
        break;
    case FORM_CSET:
        dst_reg(in, 0);
        add_src(in)->kind = MW_SASS_OPND_CC;
        src_pred(in, 39, 42);
        break;
    case FORM_CSETP:
        dst_pred(in, 3);
        dst_pred(in, 0);
        add_src(in)->kind = MW_SASS_OPND_CC;
        src_pred(in, 39, 42);
        break;
    case FORM_SREG: {
        dst_reg(in, 0);
        mw_sass_operand *s = add_src(in);
        s->kind = MW_SASS_OPND_SREG;
        s->reg = (uint8_t)bits(w, 20, 8);
        break;
    }
    case FORM_B2R:
        dst_reg(in, 0);
        src_imm(in, bits(w, 8, 8), MW_SASS_IMM_U32);
        break;
    case FORM_R2B:
        src_imm(in, bits(w, 28, 4), MW_SASS_IMM_U32);
        src_reg(in, 20);
        break;
    case FORM_VOTE:
        dst_reg(in, 0);
        dst_pred(in, 45);
        src_pred(in, 39, 42);
        break;
    case FORM_VOTE_VTG:
        src_imm(in, bits(w, 20, 24), MW_SASS_IMM_U32);
        break;
    case FORM_SHFL:
        /* envydis tabef10_1: bit 28 -> lane is u5 at 20, bit 29 -> mask is u13 at 34 */
        dst_reg(in, 0);
        dst_pred(in, 48);
        src_reg(in, 8);
        if (bit(w, 28))
            src_imm(in, bits(w, 20, 5), MW_SASS_IMM_U32);
        else
            src_reg(in, 20);
        if (bit(w, 29))
            src_imm(in, bits(w, 34, 13), MW_SASS_IMM_U32);
        else
            src_reg(in, 39);
        break;
    case FORM_LD:
        dst_reg(in, 0);
        set_mem(add_src(in), MW_SASS_MEM_GENERIC, bits(w, 8, 8), (int32_t)bits(w, 20, 32));
        break;
    case FORM_ST:
        set_mem(add_src(in), MW_SASS_MEM_GENERIC, bits(w, 8, 8), (int32_t)bits(w, 20, 32));
        src_reg(in, 0);
        break;
    case FORM_LDM:
    case FORM_STM: {
        uint8_t space = in->family == MW_SASS_FAM_LDG || in->family == MW_SASS_FAM_STG   ? MW_SASS_MEM_GLOBAL
                        : in->family == MW_SASS_FAM_LDL || in->family == MW_SASS_FAM_STL ? MW_SASS_MEM_LOCAL
                                                                                      : MW_SASS_MEM_SHARED;
        if (o->form == FORM_LDM)
            dst_reg(in, 0);
        mw_sass_operand *m = add_src(in);
        set_mem(m, space, bits(w, 8, 8), sext(bits(w, 20, 24), 24));
        if (space == MW_SASS_MEM_GLOBAL && bit(w, 45))
            m->flags |= MW_SASS_OPF_WIDE;
        if (o->form == FORM_STM)
            src_reg(in, 0);
        break;
    }
    case FORM_LDC:
        dst_reg(in, 0);
        set_cbuf_36(add_src(in), w, bits(w, 8, 8));
        break;
    case FORM_ALD:
    case FORM_AST: {
        if (o->form == FORM_ALD)
            dst_reg(in, 0);
        mw_sass_operand *a = add_src(in);
        a->kind = MW_SASS_OPND_ATTR;
        a->reg = (uint8_t)bits(w, 8, 8);
        a->offset = (int32_t)bits(w, 20, 10);
        if (o->form == FORM_AST)
            src_reg(in, 0);
        src_reg(in, 39); /* vertex / invocation index */
        break;
    }
    case FORM_IPA: {
        dst_reg(in, 0);
        mw_sass_operand *a = add_src(in);
        a->kind = MW_SASS_OPND_ATTR;
        /* bit 38: the address is in Ra alone (envydis `ipa idx`); else a[u10 at 28] */
        if (bit(w, 38)) {
            a->reg = (uint8_t)bits(w, 8, 8);
            a->offset = 0;
        } else {
            a->reg = MW_SASS_RZ;
            a->offset = (int32_t)bits(w, 28, 10);
        }
        src_reg(in, 20);
        src_reg(in, 39);
        src_pred(in, 47, 50);
        break;
    }
    case FORM_AL2P:
        dst_reg(in, 0);
        dst_pred(in, 44);
        src_reg(in, 8);
        src_imm(in, (uint32_t)sext(bits(w, 20, 11), 11), MW_SASS_IMM_U32);
        break;
    case FORM_PIXLD:
        dst_reg(in, 0);
        dst_pred(in, 45);
        set_mem(add_src(in), MW_SASS_MEM_PIXEL, bits(w, 8, 8), sext(bits(w, 20, 8), 8));
        break;
    case FORM_ATOM:
        dst_reg(in, 0);
        set_mem(add_src(in), MW_SASS_MEM_GLOBAL, bits(w, 8, 8), sext(bits(w, 28, 20), 20));
        src_reg(in, 20);
        break;
    case FORM_ATOMS:
        dst_reg(in, 0);
        set_mem(add_src(in), MW_SASS_MEM_SHARED, bits(w, 8, 8), sext(bits(w, 30, 22), 22) * 4);
        src_reg(in, 20);
        break;
    case FORM_RED:
        set_mem(add_src(in), MW_SASS_MEM_GLOBAL, bits(w, 8, 8), sext(bits(w, 28, 20), 20));
        src_reg(in, 0);
        break;
    case FORM_CCTL:
        if (in->family == MW_SASS_FAM_CCTLL)
            set_mem(add_src(in), MW_SASS_MEM_LOCAL, bits(w, 8, 8), sext(bits(w, 22, 22), 22) * 4);
        else
            set_mem(add_src(in), MW_SASS_MEM_GLOBAL, bits(w, 8, 8), sext(bits(w, 22, 30), 30) * 4);
        break;
    case FORM_SULD:
        dst_reg(in, 0);
        src_reg(in, 8);
        if (!bit(w, 51))
            src_reg(in, 39); /* bindless: the handle register */
        break;
    case FORM_SUST:
        src_reg(in, 8);
        src_reg(in, 0);
        if (!bit(w, 51))
            src_reg(in, 39);
        break;
    case FORM_SUATOM:
        dst_reg(in, 0);
        src_reg(in, 8);
        src_reg(in, 20);
        /* the .D forms (bit 54 clear) always name the surface by index */
        if (bit(w, 54) && !bit(w, 51))
            src_reg(in, 39);
        break;
    case FORM_TEX:
        dst_reg(in, 0);
        src_reg(in, 8);
        if (in->family != MW_SASS_FAM_TMML || in->op == MW_SASS_OP_TMML_B)
            src_reg(in, 20);
        break;
    case FORM_TEXS:
        dst_reg(in, 0);
        dst_reg(in, 28);
        src_reg(in, 8);
        src_reg(in, 20);
        break;
    case FORM_TXQ:
        dst_reg(in, 0);
        src_reg(in, 8);
        break;
    case FORM_TARGET:
        src_target(in);
        break;
    case FORM_BRX:
        src_reg(in, 8);
        src_imm(in, (uint32_t)sext(bits(w, 20, 24), 24), MW_SASS_IMM_U32);
        break;
    case FORM_JUMP: {
        mw_sass_operand *t = add_src(in);
        if (bit(w, 5))
            set_cbuf_36(t, w, MW_SASS_RZ);
        else
            set_target(t, bits(w, 20, 32));
        break;
    }
    case FORM_JMX:
        src_reg(in, 8);
        if (bit(w, 5))
            set_cbuf_36(add_src(in), w, bits(w, 8, 8));
        else
            src_imm(in, bits(w, 20, 32), MW_SASS_IMM_U32);
        break;
    case FORM_BAR:
        /* envydis tabf0a8_1: bit 44 -> barrier is u8 at 8, bit 43 -> count is u12 at 20 */
        if (bit(w, 44))
            src_imm(in, bits(w, 8, 8), MW_SASS_IMM_U32);
        else
            src_reg(in, 8);
        if (bit(w, 43))
            src_imm(in, bits(w, 20, 12), MW_SASS_IMM_U32);
        else
            src_reg(in, 20);
        src_pred(in, 39, 42);
        break;
    case FORM_VIDEO:
    case FORM_VSETP:
        if (o->form == FORM_VSETP) {
            dst_pred(in, 3);
            dst_pred(in, 0);
        } else {
            dst_reg(in, 0);
        }
        src_reg(in, 8);
        /* envydis tab50f0_1: bit 50 -> B is a register, else a 16-bit immediate */
        if (bit(w, 50))
            src_reg(in, 20);
        else
            src_imm(in, bit(w, 49) ? (uint32_t)sext(bits(w, 20, 16), 16) : bits(w, 20, 16), MW_SASS_IMM_U32);
        if (o->form == FORM_VSETP)
            src_pred(in, 39, 42);
        else
            src_reg(in, 39);
        break;
    }
}

/* ---- modifiers ---- */

static void opf(mw_sass_inst *in, unsigned src, uint8_t flag, bool on)
{
    if (on && src < in->nsrc)
        in->src[src].flags |= flag;
}
static void mod(mw_sass_inst *in, uint32_t flag, bool on)
{
    if (on)
        in->mods.flags |= flag;
}

/* 3-bit integer comparison F LT EQ LE GT NE GE T (envydis tab5b60_0 / Mesa emitCond3) */
static uint8_t cmp3(uint32_t v)
{
    static const uint8_t map[8] = {MW_SASS_CMP_F,  MW_SASS_CMP_LT, MW_SASS_CMP_EQ, MW_SASS_CMP_LE,
                                   MW_SASS_CMP_GT, MW_SASS_CMP_NE, MW_SASS_CMP_GE, MW_SASS_CMP_T};
    return map[v & 7];
}

/* memory size field shared by LDG/STG/LDL/STL/LDS/STS (envydis tabef58sz) */
static uint8_t size3(uint32_t v)
{
    static const uint8_t map[8] = {MW_SASS_TYPE_U8,  MW_SASS_TYPE_S8,  MW_SASS_TYPE_U16,  MW_SASS_TYPE_S16,
                                   MW_SASS_TYPE_B32, MW_SASS_TYPE_B64, MW_SASS_TYPE_B128, MW_SASS_TYPE_U128};
    return map[v & 7];
}

/* F2F/F2I/I2F/I2I integer format fields: 2 bits of size and a sign bit */
static uint8_t int_type(uint32_t size, bool sign)
{
    static const uint8_t u[4] = {MW_SASS_TYPE_U8, MW_SASS_TYPE_U16, MW_SASS_TYPE_U32, MW_SASS_TYPE_U64};
    static const uint8_t s[4] = {MW_SASS_TYPE_S8, MW_SASS_TYPE_S16, MW_SASS_TYPE_S32, MW_SASS_TYPE_S64};
    return sign ? s[size & 3] : u[size & 3];
}
static uint8_t float_type(uint32_t size)
{
    static const uint8_t f[4] = {MW_SASS_TYPE_NONE, MW_SASS_TYPE_F16, MW_SASS_TYPE_F32, MW_SASS_TYPE_F64};
    return f[size & 3];
}

/* TEXS/TLDS component masks (envydis tabd200_2): which of r g b a land in
 * Rd0 / Rd1; with Rd1 = RZ bits 50-52 pick one of 8 one- or two-component
 * masks, otherwise one of 5 three- or four-component ones. */
static uint8_t texs_mask(uint64_t w)
{
    static const uint8_t single[8] = {0x1, 0x2, 0x4, 0x8, 0x3, 0x9, 0xa, 0xc};
    static const uint8_t pair[8] = {0x7, 0xb, 0xd, 0xe, 0xf, 0, 0, 0};
    uint32_t sel = bits(w, 50, 3);
    return bits(w, 28, 8) == MW_SASS_RZ ? single[sel] : pair[sel];
}

static void decode_mods(mw_sass_inst *in)
{
    uint64_t w = in->raw;
    mw_sass_mods *m = &in->mods;
    const op_form *o = &ops[in->op];
    bool imm32 = o->form == FORM_A_I32 || o->form == FORM_A_I32_D;
    switch (in->family) {
    case MW_SASS_FAM_FADD:
        if (imm32) { /* fadd32i: ftz 55, cc 52, neg/abs a 56/54, b 53/57 */
            mod(in, MW_SASS_MOD_FTZ, bit(w, 55));
            mod(in, MW_SASS_MOD_CC, bit(w, 52));
            opf(in, 0, MW_SASS_OPF_NEG, bit(w, 56));
            opf(in, 0, MW_SASS_OPF_ABS, bit(w, 54));
            opf(in, 1, MW_SASS_OPF_NEG, bit(w, 53));
            opf(in, 1, MW_SASS_OPF_ABS, bit(w, 57));
        } else { /* ftz 44, sat 50, rnd 39-40, cc 47, a neg 48 abs 46, b neg 45 abs 49 */
            mod(in, MW_SASS_MOD_FTZ, bit(w, 44));
            mod(in, MW_SASS_MOD_SAT, bit(w, 50));
            mod(in, MW_SASS_MOD_CC, bit(w, 47));
            m->rnd = (uint8_t)bits(w, 39, 2);
            opf(in, 0, MW_SASS_OPF_NEG, bit(w, 48));
            opf(in, 0, MW_SASS_OPF_ABS, bit(w, 46));
            opf(in, 1, MW_SASS_OPF_NEG, bit(w, 45)); /* negates an immediate too (its own sign is bit 56) */
            opf(in, 1, MW_SASS_OPF_ABS, bit(w, 49));
        }
        break;
    case MW_SASS_FAM_FMUL:
        if (imm32) { /* fmul32i: ftz/fmz 53-54, sat 55, cc 52 */
            mod(in, MW_SASS_MOD_FTZ, bits(w, 53, 2) == 1);
            mod(in, MW_SASS_MOD_FMZ, bits(w, 53, 2) == 2);
            mod(in, MW_SASS_MOD_SAT, bit(w, 55));
            mod(in, MW_SASS_MOD_CC, bit(w, 52));
        } else { /* ftz/fmz 44-45, scale 41-43 (sub), rnd 39-40, sat 50, cc 47, neg b 48 */
            mod(in, MW_SASS_MOD_FTZ, bits(w, 44, 2) == 1);
            mod(in, MW_SASS_MOD_FMZ, bits(w, 44, 2) == 2);
            m->sub = (uint8_t)bits(w, 41, 3); /* D2 D4 D8 M8 M4 M2 */
            m->rnd = (uint8_t)bits(w, 39, 2);
            mod(in, MW_SASS_MOD_SAT, bit(w, 50));
            mod(in, MW_SASS_MOD_CC, bit(w, 47));
            opf(in, 1, MW_SASS_OPF_NEG, bit(w, 48));
        }
        break;
    case MW_SASS_FAM_FFMA:
        if (imm32) { /* ffma32i: ftz/fmz 53-54, sat 55, cc 52, neg b 56, neg c 57 */
            mod(in, MW_SASS_MOD_FTZ, bits(w, 53, 2) == 1);
            mod(in, MW_SASS_MOD_FMZ, bits(w, 53, 2) == 2);
            mod(in, MW_SASS_MOD_SAT, bit(w, 55));
            mod(in, MW_SASS_MOD_CC, bit(w, 52));
            opf(in, 1, MW_SASS_OPF_NEG, bit(w, 56));
            opf(in, 2, MW_SASS_OPF_NEG, bit(w, 57));
        } else { /* ftz/fmz 53-54, rnd 51-52, sat 50, cc 47, neg b 48, neg c 49 */
            mod(in, MW_SASS_MOD_FTZ, bits(w, 53, 2) == 1);
            mod(in, MW_SASS_MOD_FMZ, bits(w, 53, 2) == 2);
            m->rnd = (uint8_t)bits(w, 51, 2);
            mod(in, MW_SASS_MOD_SAT, bit(w, 50));
            mod(in, MW_SASS_MOD_CC, bit(w, 47));
            opf(in, 1, MW_SASS_OPF_NEG, bit(w, 48));
            opf(in, 2, MW_SASS_OPF_NEG, bit(w, 49));
        }
        break;
    case MW_SASS_FAM_FMNMX: /* ftz 44, cc 47, a neg 48 abs 46, b neg 45 abs 49 */
    case MW_SASS_FAM_DMNMX:
        mod(in, MW_SASS_MOD_FTZ, in->family == MW_SASS_FAM_FMNMX && bit(w, 44));
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        opf(in, 0, MW_SASS_OPF_NEG, bit(w, 48));
        opf(in, 0, MW_SASS_OPF_ABS, bit(w, 46));
        opf(in, 1, MW_SASS_OPF_NEG, bit(w, 45));
        opf(in, 1, MW_SASS_OPF_ABS, bit(w, 49));
        break;
    case MW_SASS_FAM_FSET: /* bf 52, cmp 48-51, bop 45-46, ftz 55, cc 47, a neg 43 abs 54, b neg 53 abs 44 */
    case MW_SASS_FAM_DSET:
        mod(in, MW_SASS_MOD_BF, bit(w, 52));
        m->cmp = (uint8_t)bits(w, 48, 4);
        m->bop = (uint8_t)bits(w, 45, 2);
        mod(in, MW_SASS_MOD_FTZ, in->family == MW_SASS_FAM_FSET && bit(w, 55));
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        opf(in, 0, MW_SASS_OPF_NEG, bit(w, 43));
        opf(in, 0, MW_SASS_OPF_ABS, bit(w, 54));
        opf(in, 1, MW_SASS_OPF_NEG, bit(w, 53));
        opf(in, 1, MW_SASS_OPF_ABS, bit(w, 44));
        break;
    case MW_SASS_FAM_FSETP: /* cmp 48-51, ftz 47, bop 45-46, a neg 43 abs 7, b neg 6 abs 44 */
    case MW_SASS_FAM_DSETP:
        m->cmp = (uint8_t)bits(w, 48, 4);
        mod(in, MW_SASS_MOD_FTZ, in->family == MW_SASS_FAM_FSETP && bit(w, 47));
        m->bop = (uint8_t)bits(w, 45, 2);
        opf(in, 0, MW_SASS_OPF_NEG, bit(w, 43));
        opf(in, 0, MW_SASS_OPF_ABS, bit(w, 7));
        opf(in, 1, MW_SASS_OPF_NEG, bit(w, 6));
        opf(in, 1, MW_SASS_OPF_ABS, bit(w, 44));
        break;
    case MW_SASS_FAM_FCMP: /* cmp 48-51, ftz 47 */
        m->cmp = (uint8_t)bits(w, 48, 4);
        mod(in, MW_SASS_MOD_FTZ, bit(w, 47));
        break;
    case MW_SASS_FAM_FCHK: /* mode 39-44 (DIVIDE = 0), a neg 48 abs 46, b neg 45 abs 49 */
        m->sub = (uint8_t)bits(w, 39, 6);
        opf(in, 0, MW_SASS_OPF_NEG, bit(w, 48));
        opf(in, 0, MW_SASS_OPF_ABS, bit(w, 46));
        opf(in, 1, MW_SASS_OPF_NEG, bit(w, 45));
        opf(in, 1, MW_SASS_OPF_ABS, bit(w, 49));
        break;
    case MW_SASS_FAM_FSWZADD: /* ftz 44, rnd 39-40, ndv 38, cc 47, swizzle u8 at 28 */
        mod(in, MW_SASS_MOD_FTZ, bit(w, 44));
        m->rnd = (uint8_t)bits(w, 39, 2);
        mod(in, MW_SASS_MOD_NDV, bit(w, 38));
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        m->lut = (uint8_t)bits(w, 28, 8);
        break;
    case MW_SASS_FAM_MUFU: /* function 20-23, sat 50, neg 48, abs 46 */
        m->sub = (uint8_t)bits(w, 20, 4);
        mod(in, MW_SASS_MOD_SAT, bit(w, 50));
        opf(in, 0, MW_SASS_OPF_NEG, bit(w, 48));
        opf(in, 0, MW_SASS_OPF_ABS, bit(w, 46));
        break;
    case MW_SASS_FAM_RRO: /* 39: EX2 (else SINCOS), neg 45, abs 49 */
        m->sub = (uint8_t)bits(w, 39, 1);
        opf(in, 0, MW_SASS_OPF_NEG, bit(w, 45));
        opf(in, 0, MW_SASS_OPF_ABS, bit(w, 49));
        break;
    case MW_SASS_FAM_DADD: /* rnd 39-40, cc 47, a neg 48 abs 46, b neg 45 abs 49 */
        m->rnd = (uint8_t)bits(w, 39, 2);
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        opf(in, 0, MW_SASS_OPF_NEG, bit(w, 48));
        opf(in, 0, MW_SASS_OPF_ABS, bit(w, 46));
        opf(in, 1, MW_SASS_OPF_NEG, bit(w, 45));
        opf(in, 1, MW_SASS_OPF_ABS, bit(w, 49));
        break;
    case MW_SASS_FAM_DMUL: /* rnd 39-40, cc 47, neg b 48 */
        m->rnd = (uint8_t)bits(w, 39, 2);
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        opf(in, 1, MW_SASS_OPF_NEG, bit(w, 48));
        break;
    case MW_SASS_FAM_DFMA: /* rnd 50-51, cc 47, neg b 48, neg c 49 */
        m->rnd = (uint8_t)bits(w, 50, 2);
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        opf(in, 1, MW_SASS_OPF_NEG, bit(w, 48));
        opf(in, 2, MW_SASS_OPF_NEG, bit(w, 49));
        break;
    case MW_SASS_FAM_HADD2:
    case MW_SASS_FAM_HMUL2:
    case MW_SASS_FAM_HFMA2:
    case MW_SASS_FAM_HSET2:
    case MW_SASS_FAM_HSETP2:
        /* f16x2: the register form's fields (envydis 0x5d00-0x5d20); the
         * constant / immediate forms move sat to 52 and B's neg to 56 */
        if (o->form == FORM_A_I32 || o->form == FORM_A_I32_D) {
            mod(in, MW_SASS_MOD_FTZ, bit(w, 55));
            mod(in, MW_SASS_MOD_SAT, bit(w, 52));
            m->mode = (uint8_t)bits(w, 53, 2); /* A swizzle */
        } else if (o->bkind == MW_SASS_BKIND_R) {
            mod(in, MW_SASS_MOD_FTZ, in->family == MW_SASS_FAM_HADD2 && bit(w, 39));
            mod(in, MW_SASS_MOD_SAT, bit(w, 32));
            m->mode = (uint8_t)bits(w, 47, 2); /* A swizzle */
            m->sub = (uint8_t)bits(w, 49, 2);  /* output merge / B swizzle (family dependent) */
            opf(in, 0, MW_SASS_OPF_NEG, bit(w, 43));
            opf(in, 0, MW_SASS_OPF_ABS, bit(w, 44));
            opf(in, 1, MW_SASS_OPF_NEG, bit(w, 31));
            opf(in, 1, MW_SASS_OPF_ABS, bit(w, 30));
        } else {
            mod(in, MW_SASS_MOD_SAT, bit(w, 52));
            m->mode = (uint8_t)bits(w, 47, 2);
            m->sub = (uint8_t)bits(w, 49, 2);
            opf(in, 0, MW_SASS_OPF_NEG, bit(w, 43));
            opf(in, 0, MW_SASS_OPF_ABS, bit(w, 44));
            if (o->bkind == MW_SASS_BKIND_C)
                opf(in, 1, MW_SASS_OPF_NEG, bit(w, 56));
        }
        if (in->family == MW_SASS_FAM_HSET2 || in->family == MW_SASS_FAM_HSETP2) {
            m->cmp = (uint8_t)(o->bkind == MW_SASS_BKIND_R ? bits(w, 35, 4) : bits(w, 49, 4));
            m->bop = (uint8_t)bits(w, 45, 2);
        }
        break;
    case MW_SASS_FAM_IADD:
        if (imm32) { /* iadd32i: sat 54, x 53, cc 52, neg a 56 */
            mod(in, MW_SASS_MOD_SAT, bit(w, 54));
            mod(in, MW_SASS_MOD_X, bit(w, 53));
            mod(in, MW_SASS_MOD_CC, bit(w, 52));
            opf(in, 0, MW_SASS_OPF_NEG, bit(w, 56));
        } else { /* sat 50, x 43, cc 47, neg a 49, neg b 48 */
            mod(in, MW_SASS_MOD_SAT, bit(w, 50));
            mod(in, MW_SASS_MOD_X, bit(w, 43));
            mod(in, MW_SASS_MOD_CC, bit(w, 47));
            opf(in, 0, MW_SASS_OPF_NEG, bit(w, 49));
            opf(in, 1, MW_SASS_OPF_NEG, bit(w, 48));
        }
        break;
    case MW_SASS_FAM_IADD3: /* x 48, cc 47, neg a 51 b 50 c 49; reg form: shift 37-38, halves 35-36/33-34/31-32 */
        mod(in, MW_SASS_MOD_X, bit(w, 48));
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        opf(in, 0, MW_SASS_OPF_NEG, bit(w, 51));
        opf(in, 1, MW_SASS_OPF_NEG, bit(w, 50));
        opf(in, 2, MW_SASS_OPF_NEG, bit(w, 49));
        if (o->bkind == MW_SASS_BKIND_R) {
            m->shift = (uint8_t)bits(w, 37, 2); /* 1 = right 16, 2 = left 16 */
            m->mode = (uint8_t)(bits(w, 35, 2) | (bits(w, 33, 2) << 2) | (bits(w, 31, 2) << 4));
        }
        break;
    case MW_SASS_FAM_ISCADD:
        if (imm32) { /* iscadd32i: shift u5 at 53, cc 52 */
            m->shift = (uint8_t)bits(w, 53, 5);
            mod(in, MW_SASS_MOD_CC, bit(w, 52));
        } else { /* shift u5 at 39, cc 47, neg a 49, neg b 48 */
            m->shift = (uint8_t)bits(w, 39, 5);
            mod(in, MW_SASS_MOD_CC, bit(w, 47));
            opf(in, 0, MW_SASS_OPF_NEG, bit(w, 49));
            opf(in, 1, MW_SASS_OPF_NEG, bit(w, 48));
        }
        break;
    case MW_SASS_FAM_IMUL:
        if (imm32) { /* imul32i: signed a 54, signed b 55, hi 53, cc 52 */
            mod(in, MW_SASS_MOD_SIGNED_A, bit(w, 54));
            mod(in, MW_SASS_MOD_SIGNED_B, bit(w, 55));
            mod(in, MW_SASS_MOD_HI, bit(w, 53));
            mod(in, MW_SASS_MOD_CC, bit(w, 52));
        } else { /* signed a 40, signed b 41, hi 39, cc 47 */
            mod(in, MW_SASS_MOD_SIGNED_A, bit(w, 40));
            mod(in, MW_SASS_MOD_SIGNED_B, bit(w, 41));
            mod(in, MW_SASS_MOD_HI, bit(w, 39));
            mod(in, MW_SASS_MOD_CC, bit(w, 47));
        }
        break;
    case MW_SASS_FAM_IMAD:
        if (imm32) { /* imad32i: signed a 54, signed b 55 (envydis tab1f00 / tab1000), hi 53, cc 52, neg 56/55 */
            mod(in, MW_SASS_MOD_SIGNED_A, bit(w, 54));
            mod(in, MW_SASS_MOD_SIGNED_B, bit(w, 57));
            mod(in, MW_SASS_MOD_HI, bit(w, 53));
            mod(in, MW_SASS_MOD_CC, bit(w, 52));
        } else { /* signed a 48, signed b 53, hi 54, sat 50, x 49, cc 47, neg 51/52 (a*b, c) */
            mod(in, MW_SASS_MOD_SIGNED_A, bit(w, 48));
            mod(in, MW_SASS_MOD_SIGNED_B, bit(w, 53));
            mod(in, MW_SASS_MOD_HI, bit(w, 54));
            mod(in, MW_SASS_MOD_SAT, bit(w, 50));
            mod(in, MW_SASS_MOD_X, bit(w, 49));
            mod(in, MW_SASS_MOD_CC, bit(w, 47));
            opf(in, 0, MW_SASS_OPF_NEG, bit(w, 51));
            opf(in, 2, MW_SASS_OPF_NEG, bit(w, 52));
        }
        break;
    case MW_SASS_FAM_IMADSP: /* a type 48-50, b type 53-54, c type 49-52 (envydis tab5a80) */
        m->stype = (uint8_t)bits(w, 48, 3);
        m->dtype = (uint8_t)bits(w, 53, 2);
        m->mode = (uint8_t)bits(w, 51, 2);
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        break;
    case MW_SASS_FAM_XMAD:
        /* signed a 48, signed b 49, mode (CLO CHI CSFU CBCC) in `mode`;
         * register form: psl 36, mrg 37, x 38, mode 50-52, h1 a 53, h1 b 35;
         * immediate form: like register, B is a 16-bit unsigned immediate;
         * constant form: psl 55, mrg 56, x 54, mode 50-51, h1 a 53, h1 b 52;
         * RC form: x 54, mode 50-51, h1 a 53, h1 b 52 (envydis tab5b00/5100) */
        mod(in, MW_SASS_MOD_SIGNED_A, bit(w, 48));
        mod(in, MW_SASS_MOD_SIGNED_B, bit(w, 49));
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        opf(in, 0, MW_SASS_OPF_H1, bit(w, 53));
        if (o->bkind == MW_SASS_BKIND_R || o->bkind == MW_SASS_BKIND_I) {
            mod(in, MW_SASS_MOD_PSL, bit(w, 36));
            mod(in, MW_SASS_MOD_MRG, bit(w, 37));
            mod(in, MW_SASS_MOD_X, bit(w, 38));
            m->mode = (uint8_t)bits(w, 50, 3);
            if (o->bkind == MW_SASS_BKIND_R)
                opf(in, 1, MW_SASS_OPF_H1, bit(w, 35));
            else if (in->nsrc > 1)
                in->src[1].imm = bits(w, 20, 16); /* unsigned 16-bit (envydis U16_20) */
        } else {
            if (o->bkind == MW_SASS_BKIND_C) {
                mod(in, MW_SASS_MOD_PSL, bit(w, 55));
                mod(in, MW_SASS_MOD_MRG, bit(w, 56));
            }
            mod(in, MW_SASS_MOD_X, bit(w, 54));
            m->mode = (uint8_t)bits(w, 50, 2);
            opf(in, 1, MW_SASS_OPF_H1, bit(w, 52));
        }
        break;
    case MW_SASS_FAM_IMNMX: /* signed 48, xmode 43-44, cc 47 */
        mod(in, MW_SASS_MOD_SIGNED_A, bit(w, 48));
        m->mode = (uint8_t)bits(w, 43, 2);
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        break;
    case MW_SASS_FAM_ISET: /* bf 44, cmp 49-51, signed 48, x 43, bop 45-46, cc 47 */
    case MW_SASS_FAM_ISETP: /* cmp 49-51, signed 48, x 43, bop 45-46 */
    case MW_SASS_FAM_ICMP:  /* cmp 49-51, signed 48 */
        mod(in, MW_SASS_MOD_BF, in->family == MW_SASS_FAM_ISET && bit(w, 44));
        m->cmp = cmp3(bits(w, 49, 3));
        mod(in, MW_SASS_MOD_SIGNED_A, bit(w, 48));
        if (in->family != MW_SASS_FAM_ICMP) {
            mod(in, MW_SASS_MOD_X, bit(w, 43));
            m->bop = (uint8_t)bits(w, 45, 2);
        }
        mod(in, MW_SASS_MOD_CC, in->family == MW_SASS_FAM_ISET && bit(w, 47));
        break;
    case MW_SASS_FAM_LOP:
        if (imm32) { /* lop32i: op 53-54, x 57, cc 52, inv a 55, inv b 56 */
            m->bop = (uint8_t)bits(w, 53, 2);
            mod(in, MW_SASS_MOD_X, bit(w, 57));
            mod(in, MW_SASS_MOD_CC, bit(w, 52));
            mod(in, MW_SASS_MOD_INV_A, bit(w, 55));
            mod(in, MW_SASS_MOD_INV_B, bit(w, 56));
        } else { /* op 41-42, x 43, predicate test 44-45 (T Z NZ), pred dst 48, cc 47, inv a 39 b 40 */
            m->bop = (uint8_t)bits(w, 41, 2);
            mod(in, MW_SASS_MOD_X, bit(w, 43));
            m->mode = (uint8_t)bits(w, 44, 2);
            mod(in, MW_SASS_MOD_CC, bit(w, 47));
            mod(in, MW_SASS_MOD_INV_A, bit(w, 39));
            mod(in, MW_SASS_MOD_INV_B, bit(w, 40));
            set_pred(add_dst(in), bits(w, 48, 3), false);
        }
        break;
    case MW_SASS_FAM_LOP3:
        /* register: lut 28-35, x 38, predicate test 36-37, pred dst 48, cc 47;
         * constant / immediate: lut 48-55, x 56 (constant), cc 47 */
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        if (o->bkind == MW_SASS_BKIND_R) {
            m->lut = (uint8_t)bits(w, 28, 8);
            mod(in, MW_SASS_MOD_X, bit(w, 38));
            m->mode = (uint8_t)bits(w, 36, 2);
            set_pred(add_dst(in), bits(w, 48, 3), false);
        } else {
            m->lut = (uint8_t)bits(w, 48, 8);
            mod(in, MW_SASS_MOD_X, o->bkind == MW_SASS_BKIND_C && bit(w, 56));
        }
        break;
    case MW_SASS_FAM_SHL: /* wrap 39, x 43, cc 47 */
        mod(in, MW_SASS_MOD_WRAP, bit(w, 39));
        mod(in, MW_SASS_MOD_X, bit(w, 43));
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        break;
    case MW_SASS_FAM_SHR: /* signed 48, wrap 39, x 44, brev 40, cc 47 */
        mod(in, MW_SASS_MOD_SIGNED_A, bit(w, 48));
        mod(in, MW_SASS_MOD_WRAP, bit(w, 39));
        mod(in, MW_SASS_MOD_X, bit(w, 44));
        mod(in, MW_SASS_MOD_BREV, bit(w, 40));
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        break;
    case MW_SASS_FAM_SHF: /* wrap 50, type 37-38 (u64/s64), x mode 48-49, cc 47; sub: 0 left, 1 right */
        m->sub = (uint8_t)(in->op == MW_SASS_OP_SHF_R_R || in->op == MW_SASS_OP_SHF_R_I);
        mod(in, MW_SASS_MOD_WRAP, bit(w, 50));
        m->dtype = bits(w, 37, 2) == 2 ? MW_SASS_TYPE_U64 : bits(w, 37, 2) == 3 ? MW_SASS_TYPE_S64 : MW_SASS_TYPE_U32;
        m->mode = (uint8_t)bits(w, 48, 2);
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        if (o->bkind == MW_SASS_BKIND_I && in->nsrc > 1)
            in->src[1].imm = bits(w, 20, 6); /* shift count, u6 */
        break;
    case MW_SASS_FAM_BFE: /* signed 48, brev 40, cc 47 */
        mod(in, MW_SASS_MOD_SIGNED_A, bit(w, 48));
        mod(in, MW_SASS_MOD_BREV, bit(w, 40));
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        break;
    case MW_SASS_FAM_BFI:
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        break;
    case MW_SASS_FAM_POPC: /* inv 40 */
        mod(in, MW_SASS_MOD_INV_B, bit(w, 40));
        break;
    case MW_SASS_FAM_FLO: /* signed 48, sh 41, inv 40, cc 47 */
        mod(in, MW_SASS_MOD_SIGNED_A, bit(w, 48));
        mod(in, MW_SASS_MOD_SH, bit(w, 41));
        mod(in, MW_SASS_MOD_INV_B, bit(w, 40));
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        break;
    case MW_SASS_FAM_PRMT: /* mode 48-51 (F4E B4E RC8 ECL ECR RC16) */
        m->mode = (uint8_t)bits(w, 48, 4);
        break;
    case MW_SASS_FAM_LEA: /* shift u5 39, x 46, neg a 45, pred dst 48, cc 47 */
        m->shift = (uint8_t)bits(w, 39, 5);
        mod(in, MW_SASS_MOD_X, bit(w, 46));
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        opf(in, 0, MW_SASS_OPF_NEG, bit(w, 45));
        set_pred(add_dst(in), bits(w, 48, 3), false);
        break;
    case MW_SASS_FAM_LEA_HI: /* register: shift 28-32, x 38, neg 37; constant: shift 51-55, x 57, neg 56 */
        if (o->bkind == MW_SASS_BKIND_R) {
            m->shift = (uint8_t)bits(w, 28, 5);
            mod(in, MW_SASS_MOD_X, bit(w, 38));
            opf(in, 0, MW_SASS_OPF_NEG, bit(w, 37));
        } else {
            m->shift = (uint8_t)bits(w, 51, 5);
            mod(in, MW_SASS_MOD_X, bit(w, 57));
            opf(in, 0, MW_SASS_OPF_NEG, bit(w, 56));
        }
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        set_pred(add_dst(in), bits(w, 48, 3), false);
        break;
    case MW_SASS_FAM_IDP:
        m->mode = (uint8_t)bits(w, 48, 3);
        mod(in, MW_SASS_MOD_SIGNED_B, bit(w, 47));
        break;
    case MW_SASS_FAM_VADD:
    case MW_SASS_FAM_VMAD:
    case MW_SASS_FAM_VSET:
    case MW_SASS_FAM_VSETP:
    case MW_SASS_FAM_VMNMX:
    case MW_SASS_FAM_VABSDIFF:
    case MW_SASS_FAM_VSHL:
    case MW_SASS_FAM_VSHR:
        /* video ops: selectors for A (36-37 byte, 48-49 size/sign) and B
         * (28-29, 49) kept raw in mode/sub; sat 55, cc 47; VSET/VSETP's
         * comparison 43-44 and 47 (envydis tab50f0_0), so VSETP has no .CC
         * and its boolean operation is 45-46 (envydis tab5bb0_1; yuzu
         * video_set_predicate.cpp, Ryujinx InstVsetp) */
        if (in->family == MW_SASS_FAM_VSETP)
            m->bop = (uint8_t)bits(w, 45, 2);
        else
            mod(in, MW_SASS_MOD_CC, bit(w, 47));
        mod(in, MW_SASS_MOD_SAT, bit(w, 55));
        m->mode = (uint8_t)bits(w, 36, 2);
        m->sub = (uint8_t)bits(w, 28, 2);
        if (in->family == MW_SASS_FAM_VSET || in->family == MW_SASS_FAM_VSETP)
            m->cmp = cmp3((uint32_t)(bits(w, 43, 2) | (bits(w, 47, 1) << 2)));
        break;
    case MW_SASS_FAM_VABSDIFF4:
        mod(in, MW_SASS_MOD_SAT, bit(w, 50));
        m->mode = (uint8_t)bits(w, 53, 2);
        break;
    case MW_SASS_FAM_F2F:
        /* ftz 44, dst type 8-9, src type 10-11, rounding 39-40 with 42 = to
         * integer (floor/ceil/trunc/round), sat 50, cc 47, neg 45, abs 49
         * (envydis tab5ca8_0 / tab5cb0_0 / tab5cb8_0) */
        mod(in, MW_SASS_MOD_FTZ, bit(w, 44));
        m->dtype = float_type(bits(w, 8, 2));
        m->stype = float_type(bits(w, 10, 2));
        m->rnd = (uint8_t)bits(w, 39, 2);
        m->sub = (uint8_t)bit(w, 42); /* 1: round to an integral value */
        mod(in, MW_SASS_MOD_SAT, bit(w, 50));
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        opf(in, 0, MW_SASS_OPF_NEG, bit(w, 45));
        opf(in, 0, MW_SASS_OPF_ABS, bit(w, 49));
        break;
    case MW_SASS_FAM_F2I: /* ftz 44, dst int 8-9 sign 12, src float 10-11, rnd 39-40, cc 47, neg 45, abs 49 */
        mod(in, MW_SASS_MOD_FTZ, bit(w, 44));
        m->dtype = int_type(bits(w, 8, 2), bit(w, 12));
        m->stype = float_type(bits(w, 10, 2));
        m->rnd = (uint8_t)bits(w, 39, 2);
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        opf(in, 0, MW_SASS_OPF_NEG, bit(w, 45));
        opf(in, 0, MW_SASS_OPF_ABS, bit(w, 49));
        break;
    case MW_SASS_FAM_I2F: /* dst float 8-9, src int 10-11 sign 13, rnd 39-40, byte select 41-42, cc 47, neg 45, abs 49 */
        m->dtype = float_type(bits(w, 8, 2));
        m->stype = int_type(bits(w, 10, 2), bit(w, 13));
        m->rnd = (uint8_t)bits(w, 39, 2);
        m->shift = (uint8_t)bits(w, 41, 2);
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        opf(in, 0, MW_SASS_OPF_NEG, bit(w, 45));
        opf(in, 0, MW_SASS_OPF_ABS, bit(w, 49));
        break;
    case MW_SASS_FAM_I2I: /* dst 8-9 sign 12, src 10-11 sign 13, byte select 41-42, sat 50, cc 47, neg 45, abs 49 */
        m->dtype = int_type(bits(w, 8, 2), bit(w, 12));
        m->stype = int_type(bits(w, 10, 2), bit(w, 13));
        m->shift = (uint8_t)bits(w, 41, 2);
        mod(in, MW_SASS_MOD_SAT, bit(w, 50));
        mod(in, MW_SASS_MOD_CC, bit(w, 47));
        opf(in, 0, MW_SASS_OPF_NEG, bit(w, 45));
        opf(in, 0, MW_SASS_OPF_ABS, bit(w, 49));
        break;
    case MW_SASS_FAM_MOV: /* lane mask: 39-42 (register forms), 12-15 (MOV32I) */
        m->tex_mask = (uint8_t)(o->form == FORM_I32 ? bits(w, 12, 4) : bits(w, 39, 4));
        break;
    case MW_SASS_FAM_P2R:
    case MW_SASS_FAM_R2P: /* 40: CC instead of predicates, byte 41-42 */
        m->sub = (uint8_t)bit(w, 40);
        m->shift = (uint8_t)bits(w, 41, 2);
        break;
    case MW_SASS_FAM_PSET: /* bf 44, bop 24-25 (a . b), bop2 45-46 (. c), cc 47 */
    case MW_SASS_FAM_PSETP:
        mod(in, MW_SASS_MOD_BF, in->family == MW_SASS_FAM_PSET && bit(w, 44));
        m->bop = (uint8_t)bits(w, 24, 2);
        m->bop2 = (uint8_t)bits(w, 45, 2);
        mod(in, MW_SASS_MOD_CC, in->family == MW_SASS_FAM_PSET && bit(w, 47));
        break;
    case MW_SASS_FAM_CSET: /* bf 44, cc test 8-12, bop 45-46 */
    case MW_SASS_FAM_CSETP:
        mod(in, MW_SASS_MOD_BF, in->family == MW_SASS_FAM_CSET && bit(w, 44));
        m->cc_test = (uint8_t)bits(w, 8, 5);
        m->bop = (uint8_t)bits(w, 45, 2);
        break;
    case MW_SASS_FAM_VOTE: /* mode 48-49: ALL ANY EQ */
        m->mode = (uint8_t)bits(w, 48, 2);
        break;
    case MW_SASS_FAM_SHFL: /* mode 30-31: IDX UP DOWN BFLY */
        m->mode = (uint8_t)bits(w, 30, 2);
        break;
    case MW_SASS_FAM_LD:
    case MW_SASS_FAM_ST: /* e 52, cache 56-57, size 53-55 (envydis taba000) */
        mod(in, MW_SASS_MOD_E, bit(w, 52));
        m->cache = (uint8_t)bits(w, 56, 2);
        m->dtype = size3(bits(w, 53, 3));
        break;
    case MW_SASS_FAM_LDG:
    case MW_SASS_FAM_STG: /* e 45, cache 46-47, size 48-50 */
        mod(in, MW_SASS_MOD_E, bit(w, 45));
        m->cache = (uint8_t)bits(w, 46, 2);
        m->dtype = size3(bits(w, 48, 3));
        break;
    case MW_SASS_FAM_LDL:
    case MW_SASS_FAM_STL:
    case MW_SASS_FAM_LDS:
    case MW_SASS_FAM_STS: /* cache 44-45 (LDS: 44 = U), size 48-50 */
        m->cache = (uint8_t)bits(w, 44, 2);
        m->dtype = size3(bits(w, 48, 3));
        break;
    case MW_SASS_FAM_LDC: /* mode 44-45 (IL IS ISL), size 48-50 */
        m->mode = (uint8_t)bits(w, 44, 2);
        m->dtype = size3(bits(w, 48, 3));
        break;
    case MW_SASS_FAM_ALD:
    case MW_SASS_FAM_AST: /* size 47-48 (b32..b128), p 31, o 32 (ALD) */
    case MW_SASS_FAM_AL2P: {
        static const uint8_t asize[4] = {MW_SASS_TYPE_B32, MW_SASS_TYPE_B64, MW_SASS_TYPE_B96, MW_SASS_TYPE_B128};
        m->dtype = asize[bits(w, 47, 2)];
        mod(in, MW_SASS_MOD_PATCH, in->family != MW_SASS_FAM_AL2P && bit(w, 31));
        mod(in, MW_SASS_MOD_OUTPUT, in->family != MW_SASS_FAM_AST && bit(w, 32));
        break;
    }
    case MW_SASS_FAM_ISBERD: /* o 32, mode 33-34, skew 31, size 47-48 */
        mod(in, MW_SASS_MOD_OUTPUT, bit(w, 32));
        m->mode = (uint8_t)bits(w, 33, 2);
        m->sub = (uint8_t)bit(w, 31);
        m->dtype = bits(w, 47, 2) == 1 ? MW_SASS_TYPE_U16 : bits(w, 47, 2) == 2 ? MW_SASS_TYPE_B32 : MW_SASS_TYPE_U8;
        if (in->nsrc == 1) { /* p[Ra] (envydis ISBERDMEM) */
            uint8_t r = in->src[0].reg;
            set_mem(&in->src[0], MW_SASS_MEM_PATCH, r, 0);
        }
        break;
    case MW_SASS_FAM_IPA:
        /* interpolation 54-55 (PASS MULTIPLY CONSTANT SC), sample 52-53
         * (DEFAULT CENTROID OFFSET), sat 51 (envydis tabe000_0/1) */
        m->mode = (uint8_t)bits(w, 54, 2);
        m->sub = (uint8_t)bits(w, 52, 2);
        mod(in, MW_SASS_MOD_SAT, bit(w, 51));
        break;
    case MW_SASS_FAM_PIXLD: /* mode 31-33 */
        m->mode = (uint8_t)bits(w, 31, 3);
        break;
    case MW_SASS_FAM_OUT: /* 39-40: EMIT CUT EMIT_THEN_CUT */
        m->mode = (uint8_t)bits(w, 39, 2);
        break;
    case MW_SASS_FAM_ATOM:
        /* op 52-55, e 48, size 49-51 (cas: 49 = b64) */
        mod(in, MW_SASS_MOD_E, bit(w, 48));
        if (in->op == MW_SASS_OP_ATOM_CAS) {
            m->sub = 0xff;
            m->dtype = bit(w, 49) ? MW_SASS_TYPE_B64 : MW_SASS_TYPE_B32;
        } else {
            static const uint8_t t[8] = {MW_SASS_TYPE_U32, MW_SASS_TYPE_S32,  MW_SASS_TYPE_U64, MW_SASS_TYPE_F32,
                                         MW_SASS_TYPE_U128, MW_SASS_TYPE_S64, MW_SASS_TYPE_NONE, MW_SASS_TYPE_NONE};
            m->sub = (uint8_t)bits(w, 52, 4);
            m->dtype = t[bits(w, 49, 3)];
        }
        if (in->nsrc > 0 && bit(w, 48))
            in->src[0].flags |= MW_SASS_OPF_WIDE;
        break;
    case MW_SASS_FAM_ATOMS: /* op 52-55, size 28-29 (cas: 52-53 op, 52 = b64) */
        if (in->op == MW_SASS_OP_ATOMS_CAS) {
            m->sub = 0xff;
            m->dtype = bit(w, 52) ? MW_SASS_TYPE_B64 : MW_SASS_TYPE_B32;
        } else {
            static const uint8_t t[4] = {MW_SASS_TYPE_U32, MW_SASS_TYPE_S32, MW_SASS_TYPE_U64, MW_SASS_TYPE_S64};
            m->sub = (uint8_t)bits(w, 52, 4);
            m->dtype = t[bits(w, 28, 2)];
        }
        break;
    case MW_SASS_FAM_RED: { /* op 23-25, size 20-22, e 48 */
        static const uint8_t t[8] = {MW_SASS_TYPE_U32, MW_SASS_TYPE_S32,  MW_SASS_TYPE_U64, MW_SASS_TYPE_F32,
                                     MW_SASS_TYPE_U128, MW_SASS_TYPE_S64, MW_SASS_TYPE_NONE, MW_SASS_TYPE_NONE};
        m->sub = (uint8_t)bits(w, 23, 3);
        m->dtype = t[bits(w, 20, 3)];
        mod(in, MW_SASS_MOD_E, bit(w, 48));
        if (in->nsrc > 0 && bit(w, 48))
            in->src[0].flags |= MW_SASS_OPF_WIDE;
        break;
    }
    case MW_SASS_FAM_CCTL:
    case MW_SASS_FAM_CCTLL: /* op 0-3, cache 4-6, e 52 */
        m->sub = (uint8_t)bits(w, 0, 4);
        m->cache = (uint8_t)bits(w, 4, 3);
        mod(in, MW_SASS_MOD_E, in->family == MW_SASS_FAM_CCTL && bit(w, 52));
        break;
    case MW_SASS_FAM_MEMBAR: /* level 8-9 (CTA GL SYS VC), ivall 0-1 */
        m->mode = (uint8_t)bits(w, 8, 2);
        m->sub = (uint8_t)bits(w, 0, 2);
        break;
    case MW_SASS_FAM_SULD:
    case MW_SASS_FAM_SUST:
    case MW_SASS_FAM_SURED:
    case MW_SASS_FAM_SUATOM: {
        /* d/p 52, dimension 33-35 (1D BUFFER_1D ARRAY_1D 2D ARRAY_2D 3D),
         * component mask / size 20-23 with 52, cache 24-25, clamp 49-50,
         * surface index u13 at 36 when bit 51 (envydis tabeb40_* / tabeb20_*) */
        static const uint8_t dims[8] = {MW_SASS_TEX_1D, MW_SASS_TEX_1D_BUFFER, MW_SASS_TEX_1D, MW_SASS_TEX_2D,
                                        MW_SASS_TEX_2D, MW_SASS_TEX_3D, MW_SASS_TEX_3D, MW_SASS_TEX_3D};
        uint32_t d = bits(w, 33, 3);
        m->tex_dim = dims[d];
        mod(in, MW_SASS_MOD_ARRAY, d == 2 || d == 4);
        m->mode = (uint8_t)bits(w, 49, 2);
        bool suatom_d = in->op == MW_SASS_OP_SUATOM_D || in->op == MW_SASS_OP_SUATOM_CAS_D;
        bool bound = suatom_d || bit(w, 51);
        mod(in, MW_SASS_MOD_BINDLESS, !bound);
        if (bound)
            m->tex_index = (uint16_t)bits(w, 36, 13);
        if (in->family == MW_SASS_FAM_SULD || in->family == MW_SASS_FAM_SUST) {
            m->sub = (uint8_t)bit(w, 52); /* 0 = P (formatted components), 1 = D (raw size) */
            if (bit(w, 52))
                m->dtype = size3(bits(w, 20, 3));
            else
                m->tex_mask = (uint8_t)bits(w, 20, 4);
            m->cache = (uint8_t)bits(w, 24, 2);
        } else if (in->family == MW_SASS_FAM_SURED) {
            m->sub = (uint8_t)bits(w, 24, 3);
        } else if (suatom_d) {
            static const uint8_t t[8] = {MW_SASS_TYPE_U32, MW_SASS_TYPE_S32, MW_SASS_TYPE_U64, MW_SASS_TYPE_F32,
                                         MW_SASS_TYPE_NONE, MW_SASS_TYPE_S64, MW_SASS_TYPE_NONE, MW_SASS_TYPE_NONE};
            m->sub = in->op == MW_SASS_OP_SUATOM_CAS_D ? 0xff : (uint8_t)bits(w, 29, 4);
            m->dtype = t[bits(w, 51, 3)];
        } else {
            static const uint8_t t[8] = {MW_SASS_TYPE_U32, MW_SASS_TYPE_S32, MW_SASS_TYPE_U64, MW_SASS_TYPE_F32,
                                         MW_SASS_TYPE_NONE, MW_SASS_TYPE_S64, MW_SASS_TYPE_NONE, MW_SASS_TYPE_NONE};
            m->sub = in->op == MW_SASS_OP_SUATOM_CAS ? 0xff : (uint8_t)bits(w, 29, 4);
            m->dtype = t[bits(w, 36, 3)];
        }
        break;
    }
    case MW_SASS_FAM_TEX:
    case MW_SASS_FAM_TLD:
    case MW_SASS_FAM_TLD4:
    case MW_SASS_FAM_TMML:
    case MW_SASS_FAM_TXD:
    case MW_SASS_FAM_TXQ:
    case MW_SASS_FAM_TXA: {
        /* shared: handle u13 at 36 (bound forms), array 28, dimension
         * 29-30, write mask 31-34, nodep 49 (envydis TEX rows) */
        bool bindless = in->op == MW_SASS_OP_TEX_B || in->op == MW_SASS_OP_TLD_B || in->op == MW_SASS_OP_TLD4_B ||
                        in->op == MW_SASS_OP_TMML_B || in->op == MW_SASS_OP_TXD_B || in->op == MW_SASS_OP_TXQ_B;
        mod(in, MW_SASS_MOD_BINDLESS, bindless);
        if (!bindless)
            m->tex_index = (uint16_t)bits(w, 36, 13);
        mod(in, MW_SASS_MOD_NODEP, bit(w, 49));
        m->tex_mask = (uint8_t)bits(w, 31, 4);
        if (in->family != MW_SASS_FAM_TXQ) {
            mod(in, MW_SASS_MOD_ARRAY, bit(w, 28));
            m->tex_dim = (uint8_t)bits(w, 29, 2);
        }
        switch (in->op) {
        case MW_SASS_OP_TEX: /* lod 55-57, aoffi 54, dc 50 */
            m->lod = (uint8_t)bits(w, 55, 3);
            mod(in, MW_SASS_MOD_AOFFI, bit(w, 54));
            mod(in, MW_SASS_MOD_DC, bit(w, 50));
            break;
        case MW_SASS_OP_TEX_B: /* lod 37-39, aoffi 36, dc 50, ndv 35 */
            m->lod = (uint8_t)bits(w, 37, 3);
            mod(in, MW_SASS_MOD_AOFFI, bit(w, 36));
            mod(in, MW_SASS_MOD_DC, bit(w, 50));
            mod(in, MW_SASS_MOD_NDV, bit(w, 35));
            break;
        case MW_SASS_OP_TLD:
        case MW_SASS_OP_TLD_B: /* 55: LL (else LZ), aoffi 35, ms 50, cl 54 */
            m->lod = bit(w, 55) ? MW_SASS_LOD_LL : MW_SASS_LOD_LZ;
            mod(in, MW_SASS_MOD_AOFFI, bit(w, 35));
            mod(in, MW_SASS_MOD_MS, bit(w, 50));
            mod(in, MW_SASS_MOD_CL, bit(w, 54));
            break;
        case MW_SASS_OP_TLD4: /* component 56-57, offsets 54-55 (AOFFI PTP), dc 50, ndv 35 */
            m->component = (uint8_t)bits(w, 56, 2);
            mod(in, MW_SASS_MOD_AOFFI, bits(w, 54, 2) == 1);
            mod(in, MW_SASS_MOD_PTP, bits(w, 54, 2) == 2);
            mod(in, MW_SASS_MOD_DC, bit(w, 50));
            mod(in, MW_SASS_MOD_NDV, bit(w, 35));
            break;
        case MW_SASS_OP_TLD4_B: /* component 38-39, offsets 36-37 */
            m->component = (uint8_t)bits(w, 38, 2);
            mod(in, MW_SASS_MOD_AOFFI, bits(w, 36, 2) == 1);
            mod(in, MW_SASS_MOD_PTP, bits(w, 36, 2) == 2);
            mod(in, MW_SASS_MOD_DC, bit(w, 50));
            mod(in, MW_SASS_MOD_NDV, bit(w, 35));
            break;
        case MW_SASS_OP_TXD:
        case MW_SASS_OP_TXD_B: /* aoffi 35 */
            mod(in, MW_SASS_MOD_AOFFI, bit(w, 35));
            break;
        case MW_SASS_OP_TMML:
        case MW_SASS_OP_TMML_B:
            mod(in, MW_SASS_MOD_NDV, bit(w, 35));
            break;
        case MW_SASS_OP_TXQ:
        case MW_SASS_OP_TXQ_B: /* query 22-27 (envydis tabdf50_0) */
            m->sub = (uint8_t)bits(w, 22, 6);
            break;
        default:
            break;
        }
        break;
    }
    case MW_SASS_FAM_TEXS:
    case MW_SASS_FAM_TLDS: {
        /* handle u13 at 36, type+lod 53-56 (envydis tabd000 / tabd200),
         * component selection 50-52 with Rd1, nodep 49, f16 59 */
        static const uint8_t texs_dim[16] = {MW_SASS_TEX_1D, MW_SASS_TEX_2D, MW_SASS_TEX_2D, MW_SASS_TEX_2D,
                                             MW_SASS_TEX_2D, MW_SASS_TEX_2D, MW_SASS_TEX_2D, MW_SASS_TEX_2D,
                                             MW_SASS_TEX_2D, MW_SASS_TEX_2D, MW_SASS_TEX_3D, MW_SASS_TEX_3D,
                                             MW_SASS_TEX_CUBE, MW_SASS_TEX_CUBE, MW_SASS_TEX_2D, MW_SASS_TEX_2D};
        static const uint8_t texs_lod[16] = {MW_SASS_LOD_LZ, MW_SASS_LOD_NONE, MW_SASS_LOD_LZ, MW_SASS_LOD_LL,
                                             MW_SASS_LOD_NONE, MW_SASS_LOD_LL, MW_SASS_LOD_LZ, MW_SASS_LOD_NONE,
                                             MW_SASS_LOD_LZ, MW_SASS_LOD_LZ, MW_SASS_LOD_NONE, MW_SASS_LOD_LZ,
                                             MW_SASS_LOD_NONE, MW_SASS_LOD_LL, MW_SASS_LOD_NONE, MW_SASS_LOD_NONE};
        static const uint8_t tlds_dim[16] = {MW_SASS_TEX_1D, MW_SASS_TEX_1D, MW_SASS_TEX_2D, MW_SASS_TEX_2D,
                                             MW_SASS_TEX_2D, MW_SASS_TEX_2D, MW_SASS_TEX_2D, MW_SASS_TEX_3D,
                                             MW_SASS_TEX_2D, MW_SASS_TEX_2D, MW_SASS_TEX_2D, MW_SASS_TEX_2D,
                                             MW_SASS_TEX_2D, MW_SASS_TEX_2D, MW_SASS_TEX_2D, MW_SASS_TEX_2D};
        static const uint8_t tlds_lod[16] = {MW_SASS_LOD_LZ, MW_SASS_LOD_LL, MW_SASS_LOD_LZ, MW_SASS_LOD_NONE,
                                             MW_SASS_LOD_LZ, MW_SASS_LOD_LL, MW_SASS_LOD_LZ, MW_SASS_LOD_LZ,
                                             MW_SASS_LOD_LZ, MW_SASS_LOD_NONE, MW_SASS_LOD_NONE, MW_SASS_LOD_NONE,
                                             MW_SASS_LOD_LL, MW_SASS_LOD_NONE, MW_SASS_LOD_NONE, MW_SASS_LOD_NONE};
        uint32_t sel = bits(w, 53, 4);
        m->tex_index = (uint16_t)bits(w, 36, 13);
        mod(in, MW_SASS_MOD_NODEP, bit(w, 49));
        mod(in, MW_SASS_MOD_F16, !bit(w, 59)); /* envydis ZNV(59, f16): f16 when the bit is clear */
        m->shift = (uint8_t)sel;
        m->tex_mask = texs_mask(w);
        if (in->family == MW_SASS_FAM_TEXS) {
            m->tex_dim = texs_dim[sel];
            m->lod = texs_lod[sel];
            mod(in, MW_SASS_MOD_DC, sel == 4 || sel == 5 || sel == 6 || sel == 9);
            mod(in, MW_SASS_MOD_ARRAY, sel == 7 || sel == 8 || sel == 9);
        } else {
            m->tex_dim = tlds_dim[sel];
            m->lod = tlds_lod[sel];
            mod(in, MW_SASS_MOD_AOFFI, sel == 4 || sel == 12);
            mod(in, MW_SASS_MOD_MS, sel == 6);
            mod(in, MW_SASS_MOD_ARRAY, sel == 8);
        }
        break;
    }
    case MW_SASS_FAM_TLD4S: /* component 52-53, aoffi 51, dc 50, nodep 49, handle u13 at 36 */
        m->component = (uint8_t)bits(w, 52, 2);
        mod(in, MW_SASS_MOD_AOFFI, bit(w, 51));
        mod(in, MW_SASS_MOD_DC, bit(w, 50));
        mod(in, MW_SASS_MOD_NODEP, bit(w, 49));
        m->tex_index = (uint16_t)bits(w, 36, 13);
        m->tex_dim = MW_SASS_TEX_2D;
        m->tex_mask = 0xf;
        break;
    case MW_SASS_FAM_BRA:
    case MW_SASS_FAM_BRX:
    case MW_SASS_FAM_JMP:
    case MW_SASS_FAM_JMX: /* cc test 0-4, lmt 6, u 7 */
        m->cc_test = (uint8_t)bits(w, 0, 5);
        mod(in, MW_SASS_MOD_LMT, bit(w, 6));
        mod(in, MW_SASS_MOD_U, (in->family == MW_SASS_FAM_BRA || in->family == MW_SASS_FAM_JMP) && bit(w, 7));
        break;
    case MW_SASS_FAM_CAL:
    case MW_SASS_FAM_JCAL:
    case MW_SASS_FAM_PRET: /* noinc 6 */
        mod(in, MW_SASS_MOD_NOINC, bit(w, 6));
        m->cc_test = 15;
        break;
    case MW_SASS_FAM_SYNC:
    case MW_SASS_FAM_BRK:
    case MW_SASS_FAM_CONT:
    case MW_SASS_FAM_RET:
    case MW_SASS_FAM_KIL:
    case MW_SASS_FAM_LONGJMP:
    case MW_SASS_FAM_EXIT: /* cc test 0-4; EXIT keeprefcount 5 */
        m->cc_test = (uint8_t)bits(w, 0, 5);
        m->sub = (uint8_t)(in->family == MW_SASS_FAM_EXIT && bit(w, 5));
        break;
    case MW_SASS_FAM_SSY:
    case MW_SASS_FAM_PBK:
    case MW_SASS_FAM_PCNT:
    case MW_SASS_FAM_PEXIT:
    case MW_SASS_FAM_PLONGJMP:
        m->cc_test = 15;
        break;
    case MW_SASS_FAM_BAR: /* mode 32-34 + 39 (envydis tabf0a8_0): sync 0x10, arrive 0x11, red.* ... */
        m->mode = (uint8_t)(bits(w, 32, 3) | (bits(w, 39, 1) << 4));
        m->sub = (uint8_t)bits(w, 35, 2); /* reduction: popc and or */
        break;
    case MW_SASS_FAM_DEPBAR: /* le 29, scoreboard 26-28, count 20-25, mask 0-5 */
        m->mode = (uint8_t)bits(w, 26, 3);
        m->shift = (uint8_t)bits(w, 20, 6);
        m->lut = (uint8_t)bits(w, 0, 6);
        break;
    case MW_SASS_FAM_NOP: /* cc test 8-12, trig 13, immediate 20-35 */
        m->cc_test = (uint8_t)bits(w, 8, 5);
        break;
    case MW_SASS_FAM_S2R:
    case MW_SASS_FAM_CS2R:
    default:
        break;
    }
}

void mw_sass_decode_inst(uint64_t word, uint32_t offset, uint32_t sched, mw_sass_inst *out)
{
    memset(out, 0, sizeof *out);
    out->raw = word;
    out->offset = offset;
    out->sched = sched;
    mw_sass_op op = mw_sass_lookup(word);
    out->op = (uint16_t)op;
    out->family = (uint8_t)mw_sass_op_family(op);
    /* guard predicate: bits 16-18, negation 19 (the same in every form) */
    out->pred = (uint8_t)bits(word, 16, 3);
    out->pred_neg = bit(word, 19);
    if (op == MW_SASS_OP_INVALID)
        return;
    switch (out->family) {
    case MW_SASS_FAM_SSY: case MW_SASS_FAM_PBK: case MW_SASS_FAM_PCNT: case MW_SASS_FAM_PRET:
    case MW_SASS_FAM_PLONGJMP: case MW_SASS_FAM_CAL: case MW_SASS_FAM_BPT: case MW_SASS_FAM_IDE:
    case MW_SASS_FAM_RAM: case MW_SASS_FAM_SAM: case MW_SASS_FAM_RTT: case MW_SASS_FAM_GETCRSPTR:
    case MW_SASS_FAM_SETCRSPTR: case MW_SASS_FAM_GETLMEMBASE: case MW_SASS_FAM_SETLMEMBASE:
        /* no guard field: bits 16-19 are zero and the instruction always
         * runs (envydis lists these without T(pred)) */
        out->pred = MW_SASS_PT;
        out->pred_neg = false;
        break;
    default:
        break;
    }
    decode_form(out, &ops[op]);
    decode_mods(out);
}

/* ---- programs ---- */

__attribute__((format(printf, 3, 4))) static glhle_result fail(mw_sass_program *p, glhle_result r, const char *fmt,
                                                               ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->error, sizeof p->error, fmt, ap);
    va_end(ap);
    return r;
}

glhle_result mw_sass_decode(const uint64_t *code, size_t count, const mw_sass_decode_desc *desc,
                            mw_sass_program *out)
{
    static const mw_sass_decode_desc zero_desc;
    memset(out, 0, sizeof *out);
    if (!desc)
        desc = &zero_desc;
    glhle_result r = GLHLE_RESULT_OK;
    if (!code || count == 0)
        r = fail(out, GLHLE_RESULT_INVALID_ARGUMENT, "no code");
    else if (count > MW_SASS_MAX_CODE_WORDS)
        r = fail(out, GLHLE_RESULT_LIMIT_EXCEEDED, "%zu code words, more than the %u accepted", count,
                 MW_SASS_MAX_CODE_WORDS);
    else if (count % 4)
        r = fail(out, GLHLE_RESULT_TRUNCATED, "code ends inside a group at +0x%zx (%zu words, not whole 32-byte groups)",
                 (count & ~(size_t)3) * 8, count);
    if (r != GLHLE_RESULT_OK) {
        GLHLE_ERROR(desc->log, "sass: %s", out->error);
        return r;
    }
    uint32_t n = (uint32_t)(count / 4 * 3);
    out->insts = malloc(sizeof *out->insts * n);
    if (!out->insts) {
        r = fail(out, GLHLE_RESULT_OUT_OF_MEMORY, "no memory for %u instructions", n);
        GLHLE_ERROR(desc->log, "sass: %s", out->error);
        return r;
    }
    out->count = n;
    out->code_words = (uint32_t)count;
    for (uint32_t g = 0; g < count / 4; g++) {
        uint64_t sched = code[g * 4];
        for (uint32_t k = 0; k < 3; k++) {
            uint32_t i = g * 3 + k;
            mw_sass_inst *in = &out->insts[i];
            mw_sass_decode_inst(code[g * 4 + 1 + k], mw_sass_inst_offset(i), (uint32_t)((sched >> (21 * k)) & 0x1fffff),
                                in);
            if (in->op == MW_SASS_OP_INVALID) {
                if (!out->unknown_count)
                    out->first_unknown = in->offset;
                out->unknown_count++;
            }
        }
    }
    uint32_t entry_off = desc->entry ? desc->entry : 8;
    if ((entry_off & 31u) == 0)
        entry_off += 8; /* a control word's offset names the group's first instruction */
    int32_t entry = mw_sass_inst_index(entry_off, n);
    if (entry < 0) {
        r = fail(out, GLHLE_RESULT_OUT_OF_BOUNDS, "entry +0x%x is not an instruction of the %u-byte code", desc->entry,
                 (unsigned)count * 8);
        GLHLE_ERROR(desc->log, "sass: %s", out->error);
        return r;
    }
    mw_sass_cfg *cfg = NULL;
    r = mw_sass_cfg_build(out, (uint32_t)entry, desc, &cfg);
    if (r != GLHLE_RESULT_OK) {
        GLHLE_ERROR(desc->log, "sass: %s", out->error);
        return r;
    }
    out->cfg = cfg;
    return GLHLE_RESULT_OK;
}

void mw_sass_program_free(mw_sass_program *p)
{
    if (!p)
        return;
    free(p->insts);
    mw_sass_cfg_free(p->cfg);
    p->insts = NULL;
    p->cfg = NULL;
    p->count = 0;
}
