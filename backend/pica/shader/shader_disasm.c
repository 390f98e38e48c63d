#include "backend/pica/shader/shader_disasm.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/pica/shader/shader_isa.h"

typedef struct opinfo {
    const char *name;
    pica_isa_format fmt;
} opinfo;

/* indexed by the folded opcode (pica_isa_opcode); unnamed rows are unknown */
static const opinfo op_table[64] = {
#define PICA_DISASM_ROW(code, nm, f) [code] = {#nm, f},
    PICA_ISA_OPCODES(PICA_DISASM_ROW)
#undef PICA_DISASM_ROW
};

/* a small bounded appender over a caller's buffer */
typedef struct text {
    char *buf;
    size_t len, cap;
} text;

__attribute__((format(printf, 2, 3))) static void put(text *t, const char *fmt, ...)
{
    if (t->len + 1 >= t->cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len = (size_t)n < t->cap - t->len ? t->len + (size_t)n : t->cap - 1;
}

static void put_lower(text *t, const char *s)
{
    while (*s && t->len + 1 < t->cap) {
        char c = *s++;
        t->buf[t->len++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    t->buf[t->len] = 0;
}

static const char comp_name[4] = {'x', 'y', 'z', 'w'};

static void put_src(text *t, uint32_t reg, uint32_t desc, unsigned which, uint32_t idx)
{
    if (pica_opdesc_neg(desc, which))
        put(t, "-");
    if (reg < PICA_SRC_TEMP)
        put(t, "v%u", reg);
    else if (reg < PICA_SRC_CONST)
        put(t, "r%u", reg - PICA_SRC_TEMP);
    else
        put(t, "c%u", reg - PICA_SRC_CONST);
    /* 3dbrew: the address register only applies to constant registers */
    static const char *const idx_name[4] = {"", "a0.x", "a0.y", "aL"};
    if (idx && reg >= PICA_SRC_CONST)
        put(t, "[%s]", idx_name[idx]);
    put(t, ".%c%c%c%c", comp_name[pica_opdesc_comp(desc, which, 0)], comp_name[pica_opdesc_comp(desc, which, 1)],
        comp_name[pica_opdesc_comp(desc, which, 2)], comp_name[pica_opdesc_comp(desc, which, 3)]);
}

static void put_mask(text *t, uint32_t desc, unsigned ncomp)
{
    put(t, ".");
    int any = 0;
    for (unsigned c = 0; c < ncomp; c++)
        if (pica_opdesc_mask_has(desc, c)) {
            put(t, "%c", comp_name[c]);
            any = 1;
        }
    if (!any)
        put(t, "none");
}

static void put_dst(text *t, uint32_t dst, uint32_t desc)
{
    if (dst < PICA_DST_TEMP)
        put(t, "o%u", dst);
    else
        put(t, "r%u", dst - PICA_DST_TEMP);
    put_mask(t, desc, 4);
}

static void put_cond(text *t, uint32_t word)
{
    const char *nx = pica_isa_refx(word) ? "" : "!";
    const char *ny = pica_isa_refy(word) ? "" : "!";
    switch (pica_isa_condop(word)) {
    case PICA_COND_OR: put(t, "%scmp.x || %scmp.y", nx, ny); break;
    case PICA_COND_AND: put(t, "%scmp.x && %scmp.y", nx, ny); break;
    case PICA_COND_X: put(t, "%scmp.x", nx); break;
    default: put(t, "%scmp.y", ny); break;
    }
}

size_t pica_disasm_insn(uint32_t word, const uint32_t *opdesc, uint32_t opdesc_count, char *buf)
{
    text t = {buf, 0, PICA_DISASM_MAX};
    buf[0] = 0;
    uint32_t op = pica_isa_opcode(word);
    const opinfo *info = &op_table[op];
    if (!info->name) {
        put(&t, ".word 0x%08X ; unknown opcode 0x%02X", word, word >> 26);
        return t.len;
    }
    put_lower(&t, info->name);
    pica_isa_fields f;
    uint32_t desc = 0;
    int missing = 0;
    switch (info->fmt) {
    case PICA_FMT_1:
    case PICA_FMT_1I:
    case PICA_FMT_1U:
    case PICA_FMT_1C:
    case PICA_FMT_5:
    case PICA_FMT_5I:
        pica_isa_unpack(word, info->fmt, &f);
        if (f.desc < opdesc_count)
            desc = opdesc[f.desc];
        else
            missing = 1;
        put(&t, " ");
        if (op == PICA_OP_MOVA) {
            put(&t, "a0");
            put_mask(&t, desc, 2);
        } else if (info->fmt == PICA_FMT_1C) {
            static const char *const cmp_name[8] = {"eq", "ne", "lt", "le", "gt", "ge", "true6", "true7"};
            put_src(&t, f.src[0], desc, 0, f.idx);
            put(&t, ", %s, %s, ", cmp_name[f.cmp[0]], cmp_name[f.cmp[1]]);
            put_src(&t, f.src[1], desc, 1, 0);
            break;
        } else {
            put_dst(&t, f.dst, desc);
        }
        for (uint32_t s = 0; s < f.nsrc; s++) {
            put(&t, ", ");
            put_src(&t, f.src[s], desc, s, f.idx_src == s ? f.idx : 0);
        }
        break;
    case PICA_FMT_0:
        break;
    case PICA_FMT_2:
        if (op != PICA_OP_CALL) {
            put(&t, " ");
            put_cond(&t, word);
        }
        if (op == PICA_OP_BREAKC)
            break;
        put(&t, "%s0x%03X", op == PICA_OP_CALL ? " " : ", ", pica_isa_target(word));
        if (op == PICA_OP_CALL || op == PICA_OP_CALLC || op == PICA_OP_IFC)
            put(&t, ", %u", pica_isa_num(word));
        break;
    case PICA_FMT_3:
        if (op == PICA_OP_LOOP) {
            put(&t, " i%u, 0x%03X", pica_isa_uniform_id(word) & 3, pica_isa_target(word));
        } else if (op == PICA_OP_JMPU) {
            put(&t, " %sb%u, 0x%03X", (pica_isa_num(word) & 1) ? "!" : "", pica_isa_uniform_id(word),
                pica_isa_target(word));
        } else {
            put(&t, " b%u, 0x%03X, %u", pica_isa_uniform_id(word), pica_isa_target(word), pica_isa_num(word));
        }
        break;
    case PICA_FMT_4:
        put(&t, " %u", pica_isa_vertex_id(word));
        if (pica_isa_primemit(word) || pica_isa_winding(word))
            put(&t, ",%s%s", pica_isa_primemit(word) ? " prim" : "", pica_isa_winding(word) ? " inv" : "");
        break;
    default:
        break;
    }
    if (missing)
        put(&t, " ; opdesc %u missing", f.desc);
    return t.len;
}

bool pica_disasm_program(glhle_bytebuf *out, const uint32_t *code, uint32_t words, const uint32_t *opdesc,
                         uint32_t opdesc_count)
{
    char line[PICA_DISASM_MAX];
    for (uint32_t i = 0; i < words; i++) {
        pica_disasm_insn(code[i], opdesc, opdesc_count, line);
        glhle_bytebuf_printf(out, "0x%03X: %s\n", i, line);
    }
    return !out->failed;
}

static void put_uniform_reg(glhle_bytebuf *out, uint32_t r)
{
    if (r < 0x10)
        glhle_bytebuf_printf(out, "v%u", r);
    else if (r < 0x70)
        glhle_bytebuf_printf(out, "c%u", r - 0x10);
    else if (r >= 0x70 && r < 0x74)
        glhle_bytebuf_printf(out, "i%u", r - 0x70);
    else if (r >= 0x78 && r < 0x88)
        glhle_bytebuf_printf(out, "b%u", r - 0x78);
    else
        glhle_bytebuf_printf(out, "reg0x%02X", r);
}

static const char *output_name(uint32_t type)
{
    static const char *const names[10] = {"position", "normalquat", "color", "texcoord0", "texcoord0w",
                                          "texcoord1", "texcoord2",  "type7", "view",      "dummy"};
    return type < 10 ? names[type] : "unknown";
}

bool pica_disasm_shbin(glhle_bytebuf *out, const pica_shbin *s)
{
    glhle_bytebuf_printf(out, "; program: %u words, %u operand descriptors, %u DVLE(s)\n", s->code_words,
                         s->opdesc_count, s->dvle_count);
    pica_disasm_program(out, s->code, s->code_words, s->opdesc, s->opdesc_count);
    static const char *const gs_modes[3] = {"point", "variable", "fixed"};
    for (uint32_t i = 0; i < s->dvle_count; i++) {
        const pica_shbin_dvle *d = &s->dvles[i];
        glhle_bytebuf_printf(out, "\nDVLE %u: %s shader, main 0x%03X, end 0x%03X\n", i,
                             d->is_geometry ? "geometry" : "vertex", d->main_offset, d->end_offset);
        if (d->is_geometry) {
            glhle_bytebuf_printf(out, "  gsh %s", gs_modes[d->gs_mode < 3 ? d->gs_mode : 0]);
            if (d->gs_mode == 1)
                glhle_bytebuf_printf(out, ", %u full vertices", d->gs_variable_num);
            if (d->gs_mode == 2)
                glhle_bytebuf_printf(out, ", vertex array at c%u, %u vertices", d->gs_fixed_start, d->gs_fixed_num);
            glhle_bytebuf_printf(out, "%s\n", d->merge_outmaps ? ", merged output maps" : "");
        }
        for (uint32_t k = 0; k < d->label_count; k++)
            glhle_bytebuf_printf(out, "  label 0x%03X %s\n", d->labels[k].offset, d->labels[k].name);
        for (uint32_t k = 0; k < d->const_count; k++) {
            const pica_shbin_const *c = &d->consts[k];
            if (c->type == PICA_SHBIN_CONST_BOOL)
                glhle_bytebuf_printf(out, "  const b%u = %s\n", c->reg, c->b ? "true" : "false");
            else if (c->type == PICA_SHBIN_CONST_INT)
                glhle_bytebuf_printf(out, "  const i%u = (%u, %u, %u, %u)\n", c->reg, c->i[0], c->i[1], c->i[2],
                                     c->i[3]);
            else
                glhle_bytebuf_printf(out, "  const c%u = (%g, %g, %g, %g)\n", c->reg, (double)glhle_f24_to_float(c->f24[0]),
                                     (double)glhle_f24_to_float(c->f24[1]), (double)glhle_f24_to_float(c->f24[2]),
                                     (double)glhle_f24_to_float(c->f24[3]));
        }
        for (uint32_t k = 0; k < d->uniform_count; k++) {
            const pica_shbin_uniform *u = &d->uniforms[k];
            glhle_bytebuf_printf(out, "  uniform ");
            put_uniform_reg(out, u->first);
            if (u->last != u->first) {
                glhle_bytebuf_printf(out, "-");
                put_uniform_reg(out, u->last);
            }
            glhle_bytebuf_printf(out, " %s\n", u->name);
        }
        for (uint32_t k = 0; k < d->output_count; k++) {
            const pica_shbin_output *o = &d->outputs[k];
            glhle_bytebuf_printf(out, "  out o%u.", o->reg);
            for (unsigned c = 0; c < 4; c++)
                if (o->mask & (1u << c))
                    glhle_bytebuf_printf(out, "%c", comp_name[c]);
            glhle_bytebuf_printf(out, " %s\n", output_name(o->type));
        }
    }
    return !out->failed;
}
