/* Macro disassembler: decodes through mw_mme_decode, so the field layout is
 * stated once (mme.c). */
#include "backend/maxwell/frontend/mme_disasm.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "backend/maxwell/frontend/mme.h"

typedef struct text {
    char *buf;
    size_t len;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(text *t, const char *fmt, ...)
{
    if (t->len >= MW_MME_DISASM_MAX - 1)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, MW_MME_DISASM_MAX - t->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len += (size_t)n < MW_MME_DISASM_MAX - t->len ? (size_t)n : MW_MME_DISASM_MAX - 1 - t->len;
}

/* `r1 + 0x10`, `r1 - 0x1`, `r1`, or the bare immediate when the register is r0 */
static void put_reg_imm(text *t, uint8_t reg, int32_t imm)
{
    if (reg != 0 && imm == 0) {
        put(t, "r%u", reg);
    } else if (reg == 0) {
        if (imm < 0)
            put(t, "-0x%x", (unsigned)-imm);
        else
            put(t, "0x%x", (unsigned)imm);
    } else if (imm < 0) {
        put(t, "r%u - 0x%x", reg, (unsigned)-imm);
    } else {
        put(t, "r%u + 0x%x", reg, (unsigned)imm);
    }
}

static void put_value(text *t, const mw_mme_insn *in)
{
    unsigned a = in->src_a, b = in->src_b;
    switch ((mw_mme_op)in->op) {
    case MW_MME_OP_ADD: put(t, "r%u + r%u", a, b); break;
    case MW_MME_OP_ADC: put(t, "r%u + r%u + carry", a, b); break;
    case MW_MME_OP_SUB: put(t, "r%u - r%u", a, b); break;
    case MW_MME_OP_SBB: put(t, "r%u - r%u - borrow", a, b); break;
    case MW_MME_OP_XOR: put(t, "r%u ^ r%u", a, b); break;
    case MW_MME_OP_OR: put(t, "r%u | r%u", a, b); break;
    case MW_MME_OP_AND: put(t, "r%u & r%u", a, b); break;
    case MW_MME_OP_ANDN: put(t, "r%u & ~r%u", a, b); break;
    case MW_MME_OP_NAND: put(t, "~(r%u & r%u)", a, b); break;
    case MW_MME_OP_ADDI: put_reg_imm(t, in->src_a, in->imm); break;
    case MW_MME_OP_INSERT:
        if (a != 0)
            put(t, "r%u & ~(0x%x << %u) | ", a, in->bf_mask, in->bf_dst);
        put(t, "(r%u >> %u & 0x%x) << %u", b, in->bf_src, in->bf_mask, in->bf_dst);
        break;
    case MW_MME_OP_EXTSHL_IMM: put(t, "(r%u >> r%u & 0x%x) << %u", b, a, in->bf_mask, in->bf_dst); break;
    case MW_MME_OP_EXTSHL_REG: put(t, "(r%u >> %u & 0x%x) << r%u", b, in->bf_src, in->bf_mask, a); break;
    case MW_MME_OP_READ:
        put(t, "read(");
        put_reg_imm(t, in->src_a, in->imm);
        put(t, ")");
        break;
    default: break;
    }
}

/* an immediate or a lone register: needs no parentheses */
static bool simple(const mw_mme_insn *in)
{
    return in->op == MW_MME_OP_ADDI && (in->src_a == 0 || in->imm == 0);
}

static bool sets_carry(const mw_mme_insn *in)
{
    return in->op == MW_MME_OP_ADD || in->op == MW_MME_OP_ADC || in->op == MW_MME_OP_SUB ||
           in->op == MW_MME_OP_SBB;
}

/* what `maddr`/`send` name the result as: the register it went to, or the
 * expression itself when it went to r0 */
static void put_result(text *t, const mw_mme_insn *in)
{
    if (in->dst != 0)
        put(t, "r%u", in->dst);
    else
        put_value(t, in);
}

static void put_maddr(text *t, const mw_mme_insn *in)
{
    /* an immediate method address reads best split into its two fields */
    if (in->op == MW_MME_OP_ADDI && in->src_a == 0) {
        uint32_t v = (uint32_t)in->imm;
        put(t, "maddr 0x%x", v & 0xFFFu);
        if ((v >> 12) & 0x3Fu)
            put(t, " inc %u", (v >> 12) & 0x3Fu);
        return;
    }
    put(t, "maddr ");
    put_result(t, in);
}

/* `rN = value; ` for results kept in a register */
static void put_move(text *t, const mw_mme_insn *in)
{
    if (in->dst != 0 || sets_carry(in)) {
        put(t, "r%u = ", in->dst);
        put_value(t, in);
        put(t, "; ");
    }
}

size_t mw_mme_disasm_insn(uint32_t word, uint32_t pc, char *buf)
{
    text t = {buf, 0};
    buf[0] = '\0';
    mw_mme_insn in;
    mw_mme_decode(word, &in);
    if (in.flags & MW_MME_FLAG_EXIT)
        put(&t, "exit ");
    if (in.op == MW_MME_OP_BZ || in.op == MW_MME_OP_BNZ) {
        uint32_t target = (pc + (uint32_t)in.imm) & 0xFFFFFFFFu;
        const char *annul = in.flags & MW_MME_FLAG_ANNUL ? ".annul" : "";
        if (in.op == MW_MME_OP_BZ && in.src_a == 0)
            put(&t, "bra%s 0x%03x", annul, target);
        else
            put(&t, "%s%s r%u, 0x%03x", in.op == MW_MME_OP_BZ ? "bz" : "bnz", annul, in.src_a, target);
        return t.len;
    }
    if (in.op == MW_MME_OP_ILLEGAL) {
        if ((word & 7) == 6)
            put(&t, "illegal (operation 6)");
        else
            put(&t, "illegal (ALU operation %u)", (word >> 17) & 31);
        return t.len;
    }
    switch ((mw_mme_assign)in.assign) {
    case MW_MME_ASSIGN_FETCH:
        /* effects on the old registers first, so the line reads in order */
        if (sets_carry(&in)) {
            put(&t, "carry of ");
            put_value(&t, &in);
            put(&t, "; ");
        }
        put(&t, "r%u = param", in.dst);
        break;
    case MW_MME_ASSIGN_MOVE:
        if (in.dst == 0 && !sets_carry(&in)) {
            put(&t, "nop");
        } else {
            put(&t, "r%u = ", in.dst);
            put_value(&t, &in);
        }
        break;
    case MW_MME_ASSIGN_MOVE_MADDR:
        put_move(&t, &in);
        put_maddr(&t, &in);
        break;
    case MW_MME_ASSIGN_FETCH_SEND:
        put(&t, "send ");
        put_value(&t, &in);
        put(&t, "; r%u = param", in.dst);
        break;
    case MW_MME_ASSIGN_MOVE_SEND:
        put_move(&t, &in);
        put(&t, "send ");
        put_result(&t, &in);
        break;
    case MW_MME_ASSIGN_FETCH_MADDR: {
        mw_mme_insn shown = in;
        shown.dst = 0; /* the register receives the parameter, so name the expression */
        put_maddr(&t, &shown);
        put(&t, "; r%u = param", in.dst);
        break;
    }
    case MW_MME_ASSIGN_MOVE_MADDR_SEND_FETCH:
        put_move(&t, &in);
        put_maddr(&t, &in);
        put(&t, "; send param");
        break;
    default: /* MW_MME_ASSIGN_MOVE_MADDR_SEND_HIGH */
        put_move(&t, &in);
        put_maddr(&t, &in);
        put(&t, "; send ");
        if (in.dst == 0 && !simple(&in)) {
            put(&t, "(");
            put_value(&t, &in);
            put(&t, ")");
        } else {
            put_result(&t, &in);
        }
        put(&t, " >> 12 & 0x3f");
        break;
    }
    return t.len;
}

bool mw_mme_disasm_program(glhle_bytebuf *out, const uint32_t *words, uint32_t count, uint32_t base)
{
    char line[MW_MME_DISASM_MAX];
    for (uint32_t i = 0; i < count; i++) {
        mw_mme_disasm_insn(words[i], base + i, line);
        if (!glhle_bytebuf_printf(out, "0x%03x: %08x  %s\n", base + i, words[i], line))
            return false;
    }
    return !out->failed;
}
