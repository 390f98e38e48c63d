/* backend/maxwell/shader/sass_decode.c against two independent references:
 *  - the corpus listings made by envytools' envydis (-m gm107): every
 *    instruction of every shader decodes to a known opcode whose name,
 *    guard predicate, registers, predicates, constant-buffer, attribute
 *    and memory operands, branch targets and modifiers (the words envydis
 *    prints for them: ftz, sat, neg, abs, comparisons, types, sizes,
 *    interpolation, texture lod and components, ...) agree with the listing;
 *  - words assembled here by hand from the field positions NVIDIA's and
 *    envytools' documentation give, with the decoded fields written out. */
#include "support/test_support.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/shader/sass_cfg.h"
#include "backend/maxwell/shader/sass_decode.h"
#include "support/maxwell_corpus.h"

/* ---- the envydis side ---- */

/* What envydis calls an opcode: its mnemonic is the hardware name in lower
 * case up to the first dot, except for the loads/stores it prints as ld/st
 * with a memory space, and S2R, which it prints as mov of a special register. */
static const char *envydis_name(mw_sass_op op, char *buf, size_t size)
{
    switch (op) {
    case MW_SASS_OP_ALD: case MW_SASS_OP_LDC: case MW_SASS_OP_LDL: case MW_SASS_OP_LDS: case MW_SASS_OP_LD:
        return "ld";
    case MW_SASS_OP_AST: case MW_SASS_OP_STL: case MW_SASS_OP_STS: case MW_SASS_OP_ST:
        return "st";
    case MW_SASS_OP_S2R:
        return "mov";
    default:
        break;
    }
    const char *n = mw_sass_op_name(op);
    size_t i = 0;
    for (; n[i] && n[i] != '.' && i + 1 < size; i++)
        buf[i] = (char)tolower((unsigned char)n[i]);
    buf[i] = 0;
    return buf;
}

typedef struct ref {
    unsigned regs[16], nregs;
    unsigned preds[8], npreds;
    unsigned cbufs[8], ncbufs;   /* bank << 16 | offset */
    unsigned attrs[8], nattrs;
    int mems[8], nmems;
} ref;

static int cmp_u(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return x < y ? -1 : x > y;
}

static void sort_ref(ref *r)
{
    qsort(r->regs, r->nregs, sizeof r->regs[0], cmp_u);
    qsort(r->preds, r->npreds, sizeof r->preds[0], cmp_u);
    qsort(r->cbufs, r->ncbufs, sizeof r->cbufs[0], cmp_u);
    qsort(r->attrs, r->nattrs, sizeof r->attrs[0], cmp_u);
    qsort(r->mems, (size_t)r->nmems, sizeof r->mems[0], cmp_u);
}

/* Offset inside "...[$rN+0xOFF]" / "[0xOFF]" / "[$rN]" / "[$rN-0xOFF]". */
static long bracket_offset(const char *open)
{
    const char *p = open + 1;
    long sign = 1, v = 0;
    if (p[0] == '$') {
        while (*p && *p != '+' && *p != '-' && *p != ']')
            p++;
        if (*p == ']')
            return 0;
        sign = *p == '-' ? -1 : 1;
        p++;
    }
    v = strtol(p, NULL, 16);
    return sign * v;
}

/* Registers, predicates and memory operands named in the operand text. */
static void parse_envydis_operands(const char *s, ref *r)
{
    memset(r, 0, sizeof *r);
    for (const char *p = s; *p; p++) {
        if (p[0] == '$' && p[1] == 'r' && isdigit((unsigned char)p[2]) && r->nregs < 16)
            r->regs[r->nregs++] = (unsigned)strtoul(p + 2, NULL, 10);
        else if (p[0] == '$' && p[1] == 'p' && isdigit((unsigned char)p[2]) && r->npreds < 8)
            r->preds[r->npreds++] = (unsigned)strtoul(p + 2, NULL, 10);
        else if (p[0] == 'c' && isdigit((unsigned char)p[1]) && (p == s || p[-1] == ' ')) {
            char *end;
            unsigned bank = (unsigned)strtoul(p + 1, &end, 10);
            if (*end == '[' && r->ncbufs < 8)
                r->cbufs[r->ncbufs++] = bank << 16 | ((unsigned)bracket_offset(end) & 0xffff);
        } else if (p[0] == '[' && p > s && r->nattrs < 8) {
            /* the space is the word before the bracket */
            const char *w = p;
            while (w > s && w[-1] != ' ')
                w--;
            size_t n = (size_t)(p - w);
            if (n == 1 && w[0] == 'a')
                r->attrs[r->nattrs++] = (unsigned)bracket_offset(p);
            else if ((n == 1 && (w[0] == 'g' || w[0] == 's' || w[0] == 'l' || w[0] == 'p')) ||
                     (n == 3 && memcmp(w, "ncg", 3) == 0) || (n == 3 && memcmp(w, "pix", 3) == 0))
                r->mems[r->nmems++] = (int)bracket_offset(p);
        }
    }
    sort_ref(r);
}

static void add_operand(ref *r, const mw_sass_operand *o)
{
    switch (o->kind) {
    case MW_SASS_OPND_REG:
        if (o->reg != MW_SASS_RZ)
            r->regs[r->nregs++] = o->reg;
        break;
    case MW_SASS_OPND_PRED:
        if (o->reg != MW_SASS_PT)
            r->preds[r->npreds++] = o->reg;
        break;
    case MW_SASS_OPND_CBUF:
        if (o->reg != MW_SASS_RZ)
            r->regs[r->nregs++] = o->reg;
        r->cbufs[r->ncbufs++] = (unsigned)o->bank << 16 | ((unsigned)o->offset & 0xffff);
        break;
    case MW_SASS_OPND_ATTR:
        if (o->reg != MW_SASS_RZ)
            r->regs[r->nregs++] = o->reg;
        r->attrs[r->nattrs++] = (unsigned)o->offset;
        break;
    case MW_SASS_OPND_MEM:
        if (o->reg != MW_SASS_RZ)
            r->regs[r->nregs++] = o->reg;
        r->mems[r->nmems++] = o->offset;
        break;
    default:
        break;
    }
}

static void decoded_ref(const mw_sass_inst *in, ref *r)
{
    memset(r, 0, sizeof *r);
    for (unsigned i = 0; i < in->ndst; i++)
        add_operand(r, &in->dst[i]);
    for (unsigned i = 0; i < in->nsrc; i++)
        add_operand(r, &in->src[i]);
    sort_ref(r);
}

static bool same_u(const unsigned *a, unsigned na, const unsigned *b, unsigned nb)
{
    return na == nb && (na == 0 || memcmp(a, b, na * sizeof *a) == 0);
}

static int mismatches;

__attribute__((format(printf, 3, 4))) static void report(const char *shader, uint32_t off, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (mismatches++ < 40)
        print_message("%s +0x%x: %s\n", shader, off, msg);
}


/* ---- modifiers: the words envydis prints for them ---- */

typedef struct words {
    char w[24][16];
    unsigned n;
} words;

static void split_words(const char *s, words *t)
{
    t->n = 0;
    while (*s && t->n < 24) {
        while (*s == ' ')
            s++;
        size_t k = 0;
        while (s[k] && s[k] != ' ')
            k++;
        if (k && k < sizeof t->w[0]) {
            memcpy(t->w[t->n], s, k);
            t->w[t->n][k] = 0;
            t->n++;
        }
        s += k;
    }
}

static unsigned count_word(const words *t, const char *w)
{
    unsigned n = 0;
    for (unsigned i = 0; i < t->n; i++)
        n += strcmp(t->w[i], w) == 0;
    return n;
}

static const char *lower_type(uint8_t ty)
{
    static const char *const names[MW_SASS_TYPE_COUNT] = {"",    "u8",  "s8",  "u16", "s16", "u32",
                                                          "s32", "u64", "s64", "f16", "f32", "f64",
                                                          "b32", "b64", "b96", "b128", "u128"};
    return ty < MW_SASS_TYPE_COUNT ? names[ty] : "";
}

static unsigned count_flag(const mw_sass_inst *in, uint8_t flag)
{
    unsigned n = 0;
    for (unsigned i = 0; i < in->nsrc; i++)
        n += (in->src[i].flags & flag) != 0;
    return n;
}

/* One expectation: `word` is printed iff `present`. */
static void expect_word(const char *shader, const mc_line *l, const words *t, const char *word, bool present)
{
    if ((count_word(t, word) > 0) != present)
        report(shader, l->offset, "modifier `%s` %s, listing `%s`", word, present ? "decoded" : "not decoded", l->text);
}

static void check_mods(const char *shader, const mc_line *l, const char *ops, const mw_sass_inst *in)
{
    words t;
    split_words(ops, &t);
    const mw_sass_mods *m = &in->mods;
    uint32_t f = m->flags;
    uint8_t fam = in->family;
    expect_word(shader, l, &t, "ftz", f & MW_SASS_MOD_FTZ);
    expect_word(shader, l, &t, "fmz", f & MW_SASS_MOD_FMZ);
    expect_word(shader, l, &t, "sat", f & MW_SASS_MOD_SAT);
    if (fam != MW_SASS_FAM_CSET && fam != MW_SASS_FAM_CSETP)
        expect_word(shader, l, &t, "cc", f & MW_SASS_MOD_CC);
    expect_word(shader, l, &t, "x", f & MW_SASS_MOD_X);
    if (fam != MW_SASS_FAM_LEA_HI)
        expect_word(shader, l, &t, "hi", f & MW_SASS_MOD_HI);
    expect_word(shader, l, &t, "e", f & MW_SASS_MOD_E);
    expect_word(shader, l, &t, "bf", f & MW_SASS_MOD_BF);
    expect_word(shader, l, &t, "psl", f & MW_SASS_MOD_PSL);
    expect_word(shader, l, &t, "mrg", f & MW_SASS_MOD_MRG);
    expect_word(shader, l, &t, "brev", f & MW_SASS_MOD_BREV);
    expect_word(shader, l, &t, "w", f & MW_SASS_MOD_WRAP);
    expect_word(shader, l, &t, "aoffi", f & MW_SASS_MOD_AOFFI);
    expect_word(shader, l, &t, "dc", f & MW_SASS_MOD_DC);
    expect_word(shader, l, &t, "ndv", f & MW_SASS_MOD_NDV);
    expect_word(shader, l, &t, "nodep", f & MW_SASS_MOD_NODEP);
    if (count_word(&t, "neg") != count_flag(in, MW_SASS_OPF_NEG))
        report(shader, l->offset, "%u negated operands decoded, listing `%s`", count_flag(in, MW_SASS_OPF_NEG), l->text);
    if (count_word(&t, "abs") != count_flag(in, MW_SASS_OPF_ABS))
        report(shader, l->offset, "%u |operands| decoded, listing `%s`", count_flag(in, MW_SASS_OPF_ABS), l->text);
    if (count_word(&t, "h1") != count_flag(in, MW_SASS_OPF_H1))
        report(shader, l->offset, "%u .H1 operands decoded, listing `%s`", count_flag(in, MW_SASS_OPF_H1), l->text);
    unsigned inv = ((f & MW_SASS_MOD_INV_A) != 0) + ((f & MW_SASS_MOD_INV_B) != 0);
    if (count_word(&t, "inv") != inv)
        report(shader, l->offset, "%u inverted operands decoded, listing `%s`", inv, l->text);
    static const char *const cmp[16] = {"f", "lt", "eq", "le", "gt", "ne", "ge", "num", "nan", "ltu", "equ", "leu",
                                        "gtu", "neu", "geu", "t"};
    static const char *const bop[4] = {"and", "or", "xor", "pass_b"};
    switch (fam) {
    case MW_SASS_FAM_FSETP: case MW_SASS_FAM_FSET: case MW_SASS_FAM_DSETP: case MW_SASS_FAM_DSET:
    case MW_SASS_FAM_ISETP: case MW_SASS_FAM_ISET:
        expect_word(shader, l, &t, bop[m->bop & 3], true);
        /* fall through */
    case MW_SASS_FAM_FCMP: case MW_SASS_FAM_ICMP:
        expect_word(shader, l, &t, cmp[m->cmp & 15], true);
        break;
    case MW_SASS_FAM_PSET: case MW_SASS_FAM_PSETP:
        expect_word(shader, l, &t, bop[m->bop & 3], true);
        expect_word(shader, l, &t, bop[m->bop2 & 3], true);
        break;
    case MW_SASS_FAM_LOP:
        expect_word(shader, l, &t, bop[m->bop & 3], true);
        break;
    default:
        break;
    }
    switch (fam) {
    case MW_SASS_FAM_ISETP: case MW_SASS_FAM_ISET: case MW_SASS_FAM_ICMP: case MW_SASS_FAM_IMNMX:
    case MW_SASS_FAM_SHR: case MW_SASS_FAM_BFE: case MW_SASS_FAM_FLO:
        expect_word(shader, l, &t, "u32", !(f & MW_SASS_MOD_SIGNED_A));
        break;
    case MW_SASS_FAM_F2F: case MW_SASS_FAM_F2I: case MW_SASS_FAM_I2F: case MW_SASS_FAM_I2I:
        expect_word(shader, l, &t, lower_type(m->dtype), true);
        expect_word(shader, l, &t, lower_type(m->stype), true);
        if (fam == MW_SASS_FAM_F2F && m->sub)
            expect_word(shader, l, &t, (const char *const[]){"round", "floor", "ceil", "trunc"}[m->rnd & 3], true);
        if (fam == MW_SASS_FAM_F2I && m->rnd)
            expect_word(shader, l, &t, (const char *const[]){"", "floor", "ceil", "trunc"}[m->rnd & 3], true);
        if (fam == MW_SASS_FAM_I2F && m->rnd)
            expect_word(shader, l, &t, (const char *const[]){"", "rm", "rp", "rz"}[m->rnd & 3], true);
        if (fam == MW_SASS_FAM_I2F || fam == MW_SASS_FAM_I2I)
            expect_word(shader, l, &t, (const char *const[]){"", "b1", "b2", "b3"}[m->shift & 3], m->shift != 0);
        break;
    case MW_SASS_FAM_LDG: case MW_SASS_FAM_STG: case MW_SASS_FAM_LDL: case MW_SASS_FAM_STL: case MW_SASS_FAM_LDS:
    case MW_SASS_FAM_STS: case MW_SASS_FAM_LDC: case MW_SASS_FAM_ALD: case MW_SASS_FAM_AST:
        expect_word(shader, l, &t, lower_type(m->dtype), true);
        break;
    case MW_SASS_FAM_ATOM: case MW_SASS_FAM_ATOMS: case MW_SASS_FAM_RED:
        if (m->sub != 0xff)
            expect_word(shader, l, &t, (const char *const[]){"add", "min", "max", "inc", "dec", "and", "or", "xor",
                                                             "exch", "?", "safeadd", "?", "?", "?", "?", "?"}[m->sub & 15],
                        true);
        expect_word(shader, l, &t, lower_type(m->dtype), true);
        break;
    case MW_SASS_FAM_IPA:
        expect_word(shader, l, &t, "pass", m->mode == 0);
        expect_word(shader, l, &t, "constant", m->mode == 2);
        expect_word(shader, l, &t, "sc", m->mode == 3);
        expect_word(shader, l, &t, "centroid", m->sub == 1);
        expect_word(shader, l, &t, "offset", m->sub == 2);
        break;
    case MW_SASS_FAM_RRO:
        expect_word(shader, l, &t, m->sub ? "ex2" : "sincos", true);
        break;
    case MW_SASS_FAM_SHFL:
        expect_word(shader, l, &t, (const char *const[]){"idx", "up", "down", "bfly"}[m->mode & 3], true);
        break;
    case MW_SASS_FAM_VOTE:
        expect_word(shader, l, &t, (const char *const[]){"all", "any", "eq", "?"}[m->mode & 3], true);
        break;
    case MW_SASS_FAM_XMAD:
        expect_word(shader, l, &t, "clo", m->mode == 1);
        expect_word(shader, l, &t, "chi", m->mode == 2);
        expect_word(shader, l, &t, "csfu", m->mode == 3);
        expect_word(shader, l, &t, "cbcc", m->mode == 4);
        break;
    case MW_SASS_FAM_OUT:
        expect_word(shader, l, &t, (const char *const[]){"?", "emit", "cut", "emit_then_cut"}[m->mode & 3], true);
        break;
    case MW_SASS_FAM_TEX: case MW_SASS_FAM_TLD: case MW_SASS_FAM_TEXS: case MW_SASS_FAM_TLDS:
        expect_word(shader, l, &t, "lz", m->lod == MW_SASS_LOD_LZ);
        expect_word(shader, l, &t, "ll", m->lod == MW_SASS_LOD_LL);
        expect_word(shader, l, &t, "lb", m->lod == MW_SASS_LOD_LB);
        break;
    default:
        break;
    }
    if (fam == MW_SASS_FAM_TEXS || fam == MW_SASS_FAM_TLDS) {
        static const char comp[4] = {'r', 'g', 'b', 'a'};
        char name[8];
        unsigned k = 0;
        for (unsigned c = 0; c < 4; c++)
            if (m->tex_mask & (1u << c))
                name[k++] = comp[c];
        name[k] = 0;
        expect_word(shader, l, &t, name, true);
        static const char *const dims[4] = {"t1d", "t2d", "t3d", "tcube"};
        const char *d = (f & MW_SASS_MOD_ARRAY) && m->tex_dim == MW_SASS_TEX_2D ? "a2d" : dims[m->tex_dim & 3];
        expect_word(shader, l, &t, d, true);
    }
}

static const char *mufu_envydis[16] = {"cos", "sin", "ex2", "lg2", "rcp", "rsq", "rcp64h", "rsq64h", "???"};

static void check_line(const char *shader, const mc_line *l, const mw_sass_inst *in, unsigned *seen)
{
    uint64_t word = (uint64_t)l->hi << 32 | l->lo;
    if (in->raw != word) {
        report(shader, l->offset, "word 0x%016llx, listing says 0x%016llx", (unsigned long long)in->raw,
               (unsigned long long)word);
        return;
    }
    if (in->op == MW_SASS_OP_INVALID) {
        report(shader, l->offset, "unknown opcode for `%s`", l->text);
        return;
    }
    seen[in->op]++;
    /* guard: "$pN" / "not $pN" / "never" before the mnemonic */
    char text[160];
    snprintf(text, sizeof text, "%s", l->text);
    char *p = text;
    unsigned gpred = MW_SASS_PT;
    bool gneg = false;
    if (strncmp(p, "not ", 4) == 0) {
        gneg = true;
        p += 4;
    }
    if (p[0] == '$' && p[1] == 'p') {
        gpred = (unsigned)strtoul(p + 2, &p, 10);
        while (*p == ' ')
            p++;
    } else if (strncmp(p, "never ", 6) == 0) {
        gneg = true;
        p += 6;
    }
    if (in->pred != gpred || (gpred != MW_SASS_PT && in->pred_neg != gneg))
        report(shader, l->offset, "guard %s$p%u, listing `%s`", in->pred_neg ? "not " : "", in->pred, l->text);
    char mnem[32];
    size_t k = 0;
    while (p[k] && p[k] != ' ' && k + 1 < sizeof mnem) {
        mnem[k] = p[k];
        k++;
    }
    mnem[k] = 0;
    const char *ops = p + k;
    char nbuf[32];
    const char *want = envydis_name((mw_sass_op)in->op, nbuf, sizeof nbuf);
    if (strcmp(mnem, want) != 0)
        report(shader, l->offset, "decoded %s (envydis name %s), listing `%s`", mw_sass_op_name((mw_sass_op)in->op),
               want, l->text);
    if (in->op == MW_SASS_OP_MUFU) {
        char fn[16] = "";
        sscanf(ops, " %15s", fn);
        if (in->mods.sub > 8 || strcmp(fn, mufu_envydis[in->mods.sub]) != 0)
            report(shader, l->offset, "MUFU function %u, listing `%s`", in->mods.sub, l->text);
    }
    check_mods(shader, l, ops, in);
    ref a, b;
    parse_envydis_operands(ops, &a);
    decoded_ref(in, &b);
    /* envydis writes a surface's coordinate register as g[$rN]; it is no memory address */
    if (in->family == MW_SASS_FAM_SULD || in->family == MW_SASS_FAM_SUST || in->family == MW_SASS_FAM_SURED ||
        in->family == MW_SASS_FAM_SUATOM)
        a.nmems = 0;
    if (!same_u(a.regs, a.nregs, b.regs, b.nregs))
        report(shader, l->offset, "registers differ (%u decoded, %u listed): `%s`", b.nregs, a.nregs, l->text);
    if (!same_u(a.preds, a.npreds, b.preds, b.npreds))
        report(shader, l->offset, "predicates differ (%u decoded, %u listed): `%s`", b.npreds, a.npreds, l->text);
    if (!same_u(a.cbufs, a.ncbufs, b.cbufs, b.ncbufs))
        report(shader, l->offset, "constant operands differ: `%s`", l->text);
    if (!same_u(a.attrs, a.nattrs, b.attrs, b.nattrs))
        report(shader, l->offset, "attribute operands differ: `%s`", l->text);
    if (!same_u((const unsigned *)a.mems, (unsigned)a.nmems, (const unsigned *)b.mems, (unsigned)b.nmems))
        report(shader, l->offset, "memory operands differ: `%s`", l->text);
    /* branch and push targets: the listing's last number */
    switch (in->family) {
    case MW_SASS_FAM_BRA: case MW_SASS_FAM_SSY: case MW_SASS_FAM_PBK: case MW_SASS_FAM_PCNT:
    case MW_SASS_FAM_PRET: case MW_SASS_FAM_CAL: case MW_SASS_FAM_PLONGJMP: {
        const char *last = strrchr(l->text, ' ');
        unsigned long t = strtoul(last ? last + 1 : l->text, NULL, 16);
        if (in->nsrc < 1 || in->src[0].kind != MW_SASS_OPND_TARGET || (unsigned long)in->src[0].offset != t)
            report(shader, l->offset, "target 0x%x, listing `%s`", (unsigned)in->src[0].offset, l->text);
        break;
    }
    default:
        break;
    }
}

static void corpus_matches_envydis(void **state)
{
    (void)state;
    mc_corpus c;
    if (!mc_open(&c))
        skip();
    static unsigned seen[MW_SASS_OP_COUNT];
    memset(seen, 0, sizeof seen);
    size_t total = 0;
    mismatches = 0;
    for (unsigned s = 0; s < c.count; s++) {
        size_t nwords, nlines;
        uint64_t *code = mc_load_code(&c, c.names[s], &nwords);
        mc_line *lines = mc_load_listing(&c, c.names[s], &nlines);
        mw_sass_program p;
        mw_sass_decode_desc desc = {.log = ts_logger()};
        glhle_result r = mw_sass_decode(code, nwords, &desc, &p);
        if (r != GLHLE_RESULT_OK)
            report(c.names[s], 0, "decode failed: %s", p.error);
        if (p.unknown_count)
            report(c.names[s], p.first_unknown, "%u unknown instructions", p.unknown_count);
        size_t listed = 0;
        for (size_t i = 0; i < nlines; i++) {
            if (lines[i].is_sched)
                continue;
            int32_t idx = mw_sass_inst_index(lines[i].offset, p.count);
            if (idx < 0) {
                report(c.names[s], lines[i].offset, "listing names no instruction slot");
                continue;
            }
            check_line(c.names[s], &lines[i], &p.insts[idx], seen);
            listed++;
        }
        /* the listing covers the whole file */
        if (listed != p.count)
            report(c.names[s], 0, "%zu listed instructions, %u decoded", listed, p.count);
        total += listed;
        mw_sass_program_free(&p);
        free(code);
        free(lines);
    }
    unsigned distinct = 0;
    for (unsigned op = 1; op < MW_SASS_OP_COUNT; op++)
        distinct += seen[op] != 0;
    print_message("corpus: %u shaders, %zu instructions, %u distinct opcodes, %d mismatches\n", c.count, total,
                  distinct, mismatches);
    assert_int_equal(mismatches, 0);
    assert_true(total > 2000);
    assert_true(distinct >= 70);
}

/* ---- the table itself ---- */

static void table_is_consistent(void **state)
{
    (void)state;
    /* every value of the top 16 bits maps to a row whose pattern it
     * matches, and every row owns at least one value */
    static unsigned owned[MW_SASS_OP_COUNT];
    memset(owned, 0, sizeof owned);
    for (uint32_t v = 0; v < 0x10000; v++) {
        mw_sass_op op = mw_sass_lookup((uint64_t)v << 48);
        owned[op]++;
    }
    for (unsigned op = 1; op < MW_SASS_OP_COUNT; op++) {
        if (!owned[op])
            print_message("row %s (%u) is shadowed by more specific rows\n", mw_sass_op_name((mw_sass_op)op), op);
        assert_true(owned[op] > 0);
        assert_true(mw_sass_op_family((mw_sass_op)op) != MW_SASS_FAM_INVALID);
    }
    /* 0x0000 (zero fill) is no instruction */
    assert_int_equal(mw_sass_lookup(0), MW_SASS_OP_INVALID);
    assert_string_equal(mw_sass_op_name(MW_SASS_OP_INVALID), "???");
    assert_string_equal(mw_sass_family_name(MW_SASS_FAM_XMAD), "XMAD");
}

/* ---- hand-assembled words ---- */

#define F(v, pos) ((uint64_t)(v) << (pos))
#define OPC(top16) F(top16, 48)
#define PT_GUARD F(7, 16)

static mw_sass_inst dec(uint64_t w, uint32_t off)
{
    mw_sass_inst in;
    mw_sass_decode_inst(w, off, 0, &in);
    return in;
}

/* SUATOM's fields on the corpus' four words (image_atomic_csh.envydis.txt
 * at 0x90, 0xd0, 0xf8, 0x128: suatom d u32/s32/f32/u64 t2d add/max/min/exch
 * ign g[R0] R4/R4/R2/R2 0x48/0x49/0x4b/0x4a) and the 0xea00 form: form
 * 0xea60/0xffe0 with bit 51, operation 29-32, dimension 33-35, clamp
 * 49-50, type 36-38 and handle 36-48 overlapping (envydis tabea80_1,
 * tabeb40_4; Mesa emitSUREDx + emitSUHandle write both there); the 0xea00
 * form keeps its type at 51-53 (tabea80_2) and its handle alone at 36. */
static void suatom_fields(void **state)
{
    (void)state;
    static const struct {
        uint64_t w;
        uint8_t sub, dtype, rb;
        uint16_t handle;
    } c[4] = {
        {0xea780486004700ffull, 0, MW_SASS_TYPE_U32, 4, 0x48},
        {0xea780496404700ffull, 2, MW_SASS_TYPE_S32, 4, 0x49},
        {0xea7804b6202700ffull, 1, MW_SASS_TYPE_F32, 2, 0x4b},
        {0xea7804a7002700ffull, 8, MW_SASS_TYPE_U64, 2, 0x4a},
    };
    for (int i = 0; i < 4; i++) {
        mw_sass_inst in = dec(c[i].w, 0x90);
        assert_int_equal(in.op, MW_SASS_OP_SUATOM);
        assert_int_equal(in.family, MW_SASS_FAM_SUATOM);
        assert_int_equal(in.mods.sub, c[i].sub);
        assert_int_equal(in.mods.dtype, c[i].dtype);
        assert_int_equal(in.mods.tex_index, c[i].handle);
        assert_int_equal(in.mods.tex_dim, MW_SASS_TEX_2D);
        assert_int_equal(in.mods.mode, 0); /* IGN */
        assert_false(in.mods.flags & MW_SASS_MOD_BINDLESS);
        assert_int_equal(in.dst[0].reg, 0xff);
        assert_int_equal(in.src[0].reg, 0);
        assert_int_equal(in.src[1].reg, c[i].rb);
    }
    /* SUATOM.D.S32.2D.MAX R1, [R2], R3, 0x4a in the 0xea00 form */
    mw_sass_inst in = dec(OPC(0xea00) | PT_GUARD | F(1, 0) | F(2, 8) | F(3, 20) | F(2, 29) | F(3, 33) | F(0x4a, 36) |
                              F(1, 51), 8);
    assert_int_equal(in.op, MW_SASS_OP_SUATOM_D);
    assert_int_equal(in.mods.sub, 2);
    assert_int_equal(in.mods.dtype, MW_SASS_TYPE_S32);
    assert_int_equal(in.mods.tex_index, 0x4a);
}

static void alu_forms(void **state)
{
    (void)state;
    /* FFMA R1, R2, R5, c[0x3][0x10] (RC form: B = R39, C = constant):
     * Rd 0-7, Ra 8-15, offset/4 at 20, bank at 34, Rc at 39 */
    mw_sass_inst in = dec(OPC(0x5180) | PT_GUARD | F(1, 0) | F(2, 8) | F(0x10 / 4, 20) | F(3, 34) | F(5, 39), 8);
    assert_int_equal(in.op, MW_SASS_OP_FFMA_RC);
    assert_int_equal(in.family, MW_SASS_FAM_FFMA);
    assert_int_equal(in.ndst, 1);
    assert_int_equal(in.dst[0].reg, 1);
    assert_int_equal(in.nsrc, 3);
    assert_int_equal(in.src[0].reg, 2);
    assert_int_equal(in.src[1].kind, MW_SASS_OPND_REG);
    assert_int_equal(in.src[1].reg, 5);
    assert_int_equal(in.src[2].kind, MW_SASS_OPND_CBUF);
    assert_int_equal(in.src[2].bank, 3);
    assert_int_equal(in.src[2].offset, 0x10);
    assert_int_equal(in.pred, MW_SASS_PT);

    /* @!P2 FADD.FTZ.SAT R3, -|R4|, -2.5: f32 immediate 0xC0200000 = sign 1
     * (bit 56), bits 12-30 at 20-38: 0x40200000 >> 12 = 0x40200 */
    in = dec(OPC(0x3858) | F(2, 16) | F(1, 19) | F(3, 0) | F(4, 8) | F(0x40200, 20) | F(1, 56) | F(1, 44) | F(1, 50) |
                 F(1, 48) | F(1, 46),
             16);
    assert_int_equal(in.op, MW_SASS_OP_FADD_I);
    assert_int_equal(in.pred, 2);
    assert_true(in.pred_neg);
    assert_int_equal(in.src[1].kind, MW_SASS_OPND_IMM);
    assert_int_equal(in.src[1].bank, MW_SASS_IMM_F32);
    assert_int_equal(in.src[1].imm, 0xC0200000u);
    assert_true(in.src[0].flags & MW_SASS_OPF_NEG);
    assert_true(in.src[0].flags & MW_SASS_OPF_ABS);
    assert_true(in.mods.flags & MW_SASS_MOD_FTZ);
    assert_true(in.mods.flags & MW_SASS_MOD_SAT);

    /* IADD R0, R1, -1: the 20-bit immediate 0xFFFFF (bits 20-38 all ones, sign 56) */
    in = dec(OPC(0x3810) | PT_GUARD | F(0, 0) | F(1, 8) | F(0x7FFFF, 20) | F(1, 56), 24);
    assert_int_equal(in.op, MW_SASS_OP_IADD_I);
    assert_int_equal(in.src[1].imm, 0xFFFFFFFFu);
    /* ... and +0x7FFFF without the sign */
    in = dec(OPC(0x3810) | PT_GUARD | F(0x7FFFF, 20), 24);
    assert_int_equal(in.src[1].imm, 0x7FFFFu);

    /* DADD R0, R2, 1.0: f64 immediate 0x3FF0000000000000, its top 20 bits 0x3FF00 */
    in = dec(OPC(0x3870) | PT_GUARD | F(2, 8) | F(0x3FF00, 20), 8);
    assert_int_equal(in.op, MW_SASS_OP_DADD_I);
    assert_int_equal(in.src[1].bank, MW_SASS_IMM_F64);
    assert_int_equal(in.src[1].imm, 0x3FF0000000000000ull);

    /* MOV32I R7, 0xDEADBEEF with lane mask 0xF at 12 */
    in = dec(OPC(0x0100) | PT_GUARD | F(7, 0) | F(0xDEADBEEFu, 20) | F(0xF, 12), 8);
    assert_int_equal(in.op, MW_SASS_OP_MOV32I);
    assert_int_equal(in.src[0].imm, 0xDEADBEEFu);
    assert_int_equal(in.mods.tex_mask, 0xF);

    /* ISETP.GT.U32.OR P1, P2, R3, R4, !P5: cmp 49-51 = 4, bop 45-46 = 1 */
    in = dec(OPC(0x5b60) | PT_GUARD | F(1, 3) | F(2, 0) | F(3, 8) | F(4, 20) | F(5, 39) | F(1, 42) | F(4, 49) |
                 F(1, 45),
             8);
    assert_int_equal(in.op, MW_SASS_OP_ISETP_R);
    assert_int_equal(in.ndst, 2);
    assert_int_equal(in.dst[0].reg, 1);
    assert_int_equal(in.dst[1].reg, 2);
    assert_int_equal(in.src[2].kind, MW_SASS_OPND_PRED);
    assert_int_equal(in.src[2].reg, 5);
    assert_true(in.src[2].flags & MW_SASS_OPF_NOT);
    assert_int_equal(in.mods.cmp, MW_SASS_CMP_GT);
    assert_int_equal(in.mods.bop, MW_SASS_BOP_OR);
    assert_false(in.mods.flags & MW_SASS_MOD_SIGNED_A);

    /* LOP3.LUT R1, R2, R3, R4, 0x96 (register form: LUT at 28-35, pred dst at 48) */
    in = dec(OPC(0x5be0) | PT_GUARD | F(1, 0) | F(2, 8) | F(3, 20) | F(4, 39) | F(0x96, 28) | F(7, 48), 8);
    assert_int_equal(in.op, MW_SASS_OP_LOP3_R);
    assert_int_equal(in.mods.lut, 0x96);
    assert_int_equal(in.nsrc, 3);
    /* the immediate form keeps its LUT at 48-55 */
    in = dec(OPC(0x3c00) | F(0x3c, 48) | PT_GUARD | F(1, 0) | F(2, 8) | F(0x123, 20), 8);
    assert_int_equal(in.op, MW_SASS_OP_LOP3_I);
    assert_int_equal(in.mods.lut, 0x3c);

    /* XMAD.PSL.CBCC R2, R2.H1, R2.H1, R4 (register form) */
    in = dec(OPC(0x5b00) | PT_GUARD | F(2, 0) | F(2, 8) | F(2, 20) | F(4, 39) | F(1, 36) | F(4, 50) | F(1, 53) |
                 F(1, 35),
             8);
    assert_int_equal(in.op, MW_SASS_OP_XMAD_R);
    assert_true(in.mods.flags & MW_SASS_MOD_PSL);
    assert_int_equal(in.mods.mode, 4);
    assert_true(in.src[0].flags & MW_SASS_OPF_H1);
    assert_true(in.src[1].flags & MW_SASS_OPF_H1);

    /* HADD2 R0, R1, (1.0, -2.0): f16 1.0 = 0x3C00 -> top 9 bits 0x0F0 at 20, sign at 29;
     * -2.0 = 0xC000 -> 0x100 at 30, sign at 56 */
    in = dec(OPC(0x7a00) | PT_GUARD | F(1, 8) | F(0x3C00 >> 6, 20) | F(0x4000 >> 6, 30) | F(1, 56), 8);
    assert_int_equal(in.op, MW_SASS_OP_HADD2_I);
    assert_int_equal(in.src[1].bank, MW_SASS_IMM_F16X2);
    assert_int_equal(in.src[1].imm, 0xC0003C00u);

    /* MUFU.RSQ R4, |R4|: function 5 at 20, abs 46 */
    in = dec(OPC(0x5080) | PT_GUARD | F(4, 0) | F(4, 8) | F(5, 20) | F(1, 46), 8);
    assert_int_equal(in.op, MW_SASS_OP_MUFU);
    assert_int_equal(in.mods.sub, MW_SASS_MUFU_RSQ);
    assert_true(in.src[0].flags & MW_SASS_OPF_ABS);

    /* F2I.S32.F32.TRUNC R0, R1: dst 8-9 = 2 (32 bits), sign 12, src 10-11 = 2, rnd 39-40 = 3 */
    in = dec(OPC(0x5cb0) | PT_GUARD | F(0, 0) | F(1, 20) | F(2, 8) | F(1, 12) | F(2, 10) | F(3, 39), 8);
    assert_int_equal(in.op, MW_SASS_OP_F2I_R);
    assert_int_equal(in.mods.dtype, MW_SASS_TYPE_S32);
    assert_int_equal(in.mods.stype, MW_SASS_TYPE_F32);
    assert_int_equal(in.mods.rnd, MW_SASS_RND_RZ);

    /* the 64-bit conversions the translator takes (envydis gm107.c f2f/i2f
     * format fields): F2F.F32.F64.RM R4, R2 (dst 8-9 = 2, src 10-11 = 3,
     * rnd 1) and I2F.F64.S64.RP R6, R2 (dst 3, src 3, sign 13, rnd 2) */
    in = dec(OPC(0x5ca8) | PT_GUARD | F(4, 0) | F(2, 20) | F(2, 8) | F(3, 10) | F(1, 39), 8);
    assert_int_equal(in.op, MW_SASS_OP_F2F_R);
    assert_int_equal(in.mods.dtype, MW_SASS_TYPE_F32);
    assert_int_equal(in.mods.stype, MW_SASS_TYPE_F64);
    assert_int_equal(in.mods.rnd, MW_SASS_RND_RM);
    in = dec(OPC(0x5cb8) | PT_GUARD | F(6, 0) | F(2, 20) | F(3, 8) | F(3, 10) | F(1, 13) | F(2, 39), 8);
    assert_int_equal(in.op, MW_SASS_OP_I2F_R);
    assert_int_equal(in.mods.dtype, MW_SASS_TYPE_F64);
    assert_int_equal(in.mods.stype, MW_SASS_TYPE_S64);
    assert_int_equal(in.mods.rnd, MW_SASS_RND_RP);
}

static void memory_forms(void **state)
{
    (void)state;
    /* LDC.64 R2, c[0x5][R1+0x100]: bank 36-40, s16 at 20, size 48-50 = 5 */
    mw_sass_inst in = dec(OPC(0xef90) | F(5, 48) | PT_GUARD | F(2, 0) | F(1, 8) | F(0x100, 20) | F(5, 36), 8);
    assert_int_equal(in.op, MW_SASS_OP_LDC);
    assert_int_equal(in.src[0].kind, MW_SASS_OPND_CBUF);
    assert_int_equal(in.src[0].bank, 5);
    assert_int_equal(in.src[0].reg, 1);
    assert_int_equal(in.src[0].offset, 0x100);
    assert_int_equal(in.mods.dtype, MW_SASS_TYPE_B64);
    /* negative offset: s16 0xFFFC = -4 */
    in = dec(OPC(0xef90) | PT_GUARD | F(0xFFFC, 20), 8);
    assert_int_equal(in.src[0].offset, -4);

    /* STG.E.64 [R4+0x10], R6: e 45, size 48-50 = 5, s24 at 20 */
    in = dec(OPC(0xeed8) | F(5, 48) | F(1, 45) | PT_GUARD | F(6, 0) | F(4, 8) | F(0x10, 20), 8);
    assert_int_equal(in.op, MW_SASS_OP_STG);
    assert_int_equal(in.nsrc, 2);
    assert_int_equal(in.src[0].kind, MW_SASS_OPND_MEM);
    assert_int_equal(in.src[0].bank, MW_SASS_MEM_GLOBAL);
    assert_int_equal(in.src[0].reg, 4);
    assert_int_equal(in.src[0].offset, 0x10);
    assert_true(in.src[0].flags & MW_SASS_OPF_WIDE);
    assert_int_equal(in.src[1].reg, 6);
    assert_int_equal(in.mods.dtype, MW_SASS_TYPE_B64);

    /* ALD.128 R4, a[0xb0], R2 (vertex): size 47-48 = 3, u10 at 20, vertex at 39 */
    in = dec(OPC(0xefd8) | F(3, 47) | PT_GUARD | F(4, 0) | F(0xff, 8) | F(0xb0, 20) | F(2, 39), 8);
    assert_int_equal(in.op, MW_SASS_OP_ALD);
    assert_int_equal(in.src[0].kind, MW_SASS_OPND_ATTR);
    assert_int_equal(in.src[0].offset, 0xb0);
    assert_int_equal(in.src[1].reg, 2);
    assert_int_equal(in.mods.dtype, MW_SASS_TYPE_B128);

    /* IPA.CONSTANT R3, a[0x94]: attribute at 28 (10 bits), mode 54-55 = 2 */
    in = dec(OPC(0xe000) | F(2, 54) | PT_GUARD | F(3, 0) | F(0xff, 8) | F(0x94, 28) | F(0xff, 20) | F(0xff, 39) |
                 F(7, 47),
             8);
    assert_int_equal(in.op, MW_SASS_OP_IPA);
    assert_int_equal(in.src[0].offset, 0x94);
    assert_int_equal(in.mods.mode, 2);

    /* ATOMS.ADD R0, [R1+0x8], R2: s22 at 30 counts words */
    in = dec(OPC(0xec00) | PT_GUARD | F(0, 0) | F(1, 8) | F(2, 20) | F(2, 30), 8);
    assert_int_equal(in.op, MW_SASS_OP_ATOMS);
    assert_int_equal(in.src[0].offset, 8);
    assert_int_equal(in.src[0].bank, MW_SASS_MEM_SHARED);

    /* TEXS.LL R2, R3, R0, R1, 0x1a4, 2D with Rd1 = R3: type 3 at 53, mask selector 4 (rgba) */
    in = dec(OPC(0xd800) | F(3, 53) | F(4, 50) | PT_GUARD | F(2, 0) | F(3, 28) | F(0, 8) | F(1, 20) | F(0x1a4, 36), 8);
    assert_int_equal(in.op, MW_SASS_OP_TEXS);
    assert_int_equal(in.ndst, 2);
    assert_int_equal(in.dst[1].reg, 3);
    assert_int_equal(in.mods.tex_index, 0x1a4);
    assert_int_equal(in.mods.lod, MW_SASS_LOD_LL);
    assert_int_equal(in.mods.tex_dim, MW_SASS_TEX_2D);
    assert_int_equal(in.mods.tex_mask, 0xf);
    /* with Rd1 = RZ, selector 5 is r+a */
    in = dec(OPC(0xd800) | F(1, 53) | F(5, 50) | PT_GUARD | F(0xff, 28), 8);
    assert_int_equal(in.mods.tex_mask, 0x9);
}

static void control_forms(void **state)
{
    (void)state;
    /* BRA at 0x108 to 0x58: s24 at 20 = 0x58 - (0x108 + 8) = -0xb8 */
    mw_sass_inst in = dec(OPC(0xe240) | PT_GUARD | F(0xf, 0) | F((uint32_t)-0xb8 & 0xffffff, 20), 0x108);
    assert_int_equal(in.op, MW_SASS_OP_BRA);
    assert_int_equal(in.src[0].kind, MW_SASS_OPND_TARGET);
    assert_int_equal(in.src[0].offset, 0x58);
    assert_int_equal(in.mods.cc_test, 15);
    /* bit 5: the target lives in c[bank 36][s16 at 20] */
    in = dec(OPC(0xe240) | PT_GUARD | F(0xf, 0) | F(1, 5) | F(0x20, 20) | F(2, 36), 0x108);
    assert_int_equal(in.src[0].kind, MW_SASS_OPND_CBUF);
    assert_int_equal(in.src[0].bank, 2);
    assert_int_equal(in.src[0].offset, 0x20);
    /* SSY has no guard field: its bits 16-19 are zero and it always runs */
    in = dec(OPC(0xe290) | F(0x40, 20), 0x10);
    assert_int_equal(in.op, MW_SASS_OP_SSY);
    assert_int_equal(in.pred, MW_SASS_PT);
    assert_false(in.pred_neg);
    assert_int_equal(in.src[0].offset, 0x10 + 8 + 0x40);
    /* predicated SYNC with a CC test */
    in = dec(OPC(0xf0f8) | F(3, 16) | F(5, 0), 0x10);
    assert_int_equal(in.op, MW_SASS_OP_SYNC);
    assert_int_equal(in.pred, 3);
    assert_int_equal(in.mods.cc_test, 5);
    /* S2R R4, SR_TID.X (0x21) */
    in = dec(OPC(0xf0c8) | PT_GUARD | F(4, 0) | F(0x21, 20), 8);
    assert_int_equal(in.op, MW_SASS_OP_S2R);
    assert_int_equal(in.src[0].kind, MW_SASS_OPND_SREG);
    assert_int_equal(in.src[0].reg, 0x21);
    /* an unknown top half */
    in = dec(0x0000123456789abcull, 8);
    assert_int_equal(in.op, MW_SASS_OP_INVALID);
    assert_int_equal(in.ndst + in.nsrc, 0);
}

/* Families the corpus compiler never emits (f64, f16x2, funnel shifts, LEA,
 * PRMT, IADD3, CC reads, surfaces, shuffles with immediates, barriers),
 * assembled from envydis/gm107.c's field positions. */
static void families_outside_corpus(void **state)
{
    (void)state;
    /* DFMA.RP R2, R4, -R6, -R8: rnd 50-51 = 2, neg b 48, neg c 49 */
    mw_sass_inst in = dec(OPC(0x5b70) | PT_GUARD | F(2, 0) | F(4, 8) | F(6, 20) | F(8, 39) | F(2, 50) | F(1, 48) |
                              F(1, 49),
                          8);
    assert_int_equal(in.op, MW_SASS_OP_DFMA_R);
    assert_int_equal(in.mods.rnd, MW_SASS_RND_RP);
    assert_true(in.src[1].flags & MW_SASS_OPF_NEG);
    assert_true(in.src[2].flags & MW_SASS_OPF_NEG);
    assert_false(in.src[0].flags & MW_SASS_OPF_NEG);
    /* DSETP.GTU.XOR P1, PT, R2, c[0x1][0x8], PT: cmp 48-51 = 12, bop 45-46 = 2 */
    in = dec(OPC(0x4b80) | F(12, 48) | PT_GUARD | F(1, 3) | F(7, 0) | F(2, 8) | F(2, 20) | F(1, 34) | F(7, 39) |
                 F(2, 45),
             8);
    assert_int_equal(in.op, MW_SASS_OP_DSETP_C);
    assert_int_equal(in.mods.cmp, MW_SASS_CMP_GTU);
    assert_int_equal(in.mods.bop, MW_SASS_BOP_XOR);
    assert_int_equal(in.src[1].bank, 1);
    assert_int_equal(in.src[1].offset, 8);
    /* HFMA2 R1, R2, R3, R4 */
    in = dec(OPC(0x5d00) | PT_GUARD | F(1, 0) | F(2, 8) | F(3, 20) | F(4, 39), 8);
    assert_int_equal(in.op, MW_SASS_OP_HFMA2_R);
    assert_int_equal(in.nsrc, 3);
    assert_int_equal(in.src[2].reg, 4);
    /* SHF.R.W.S64 R1, R2, 33, R3: u6 at 20, wrap 50, type 37-38 = 3 */
    in = dec(OPC(0x38f8) | PT_GUARD | F(1, 0) | F(2, 8) | F(33, 20) | F(3, 39) | F(1, 50) | F(3, 37), 8);
    assert_int_equal(in.op, MW_SASS_OP_SHF_R_I);
    assert_int_equal(in.mods.sub, 1);
    assert_int_equal(in.src[1].imm, 33);
    assert_true(in.mods.flags & MW_SASS_MOD_WRAP);
    assert_int_equal(in.mods.dtype, MW_SASS_TYPE_S64);
    /* LEA P2, R1, R2, R3, 0x5: shift 39-43, predicate destination 48 */
    in = dec(OPC(0x5bd0) | PT_GUARD | F(1, 0) | F(2, 8) | F(3, 20) | F(5, 39) | F(2, 48), 8);
    assert_int_equal(in.op, MW_SASS_OP_LEA_R);
    assert_int_equal(in.mods.shift, 5);
    assert_int_equal(in.ndst, 2);
    assert_int_equal(in.dst[1].kind, MW_SASS_OPND_PRED);
    assert_int_equal(in.dst[1].reg, 2);
    /* PRMT.ECL R1, R2, R3, R4: mode 48-51 = 4 */
    in = dec(OPC(0x5bc0) | F(4, 48) | PT_GUARD | F(1, 0) | F(2, 8) | F(3, 20) | F(4, 39), 8);
    assert_int_equal(in.op, MW_SASS_OP_PRMT_R);
    assert_int_equal(in.mods.mode, 4);
    /* IADD3.X R1, -R2, R3, -R4: neg a 51, neg c 49, x 48 */
    in = dec(OPC(0x5cc0) | F(1, 51) | F(1, 49) | F(1, 48) | PT_GUARD | F(1, 0) | F(2, 8) | F(3, 20) | F(4, 39), 8);
    assert_int_equal(in.op, MW_SASS_OP_IADD3_R);
    assert_true(in.mods.flags & MW_SASS_MOD_X);
    assert_true(in.src[0].flags & MW_SASS_OPF_NEG);
    assert_false(in.src[1].flags & MW_SASS_OPF_NEG);
    assert_true(in.src[2].flags & MW_SASS_OPF_NEG);
    /* CSETP.NE.OR P0, P1, CC.NE, P2: cc test 8-12 = 5 */
    in = dec(OPC(0x50a0) | PT_GUARD | F(0, 3) | F(1, 0) | F(5, 8) | F(2, 39) | F(1, 45), 8);
    assert_int_equal(in.op, MW_SASS_OP_CSETP);
    assert_int_equal(in.mods.cc_test, 5);
    assert_int_equal(in.src[0].kind, MW_SASS_OPND_CC);
    assert_int_equal(in.src[1].reg, 2);
    /* TLD.LL.MS R0, R2, R4, 0x10: ll 55, ms 50, handle at 36 */
    in = dec(OPC(0xdc38) | F(1, 55) | F(1, 50) | PT_GUARD | F(0, 0) | F(2, 8) | F(4, 20) | F(0x10, 36) | F(1, 29), 8);
    assert_int_equal(in.op, MW_SASS_OP_TLD);
    assert_int_equal(in.mods.lod, MW_SASS_LOD_LL);
    assert_true(in.mods.flags & MW_SASS_MOD_MS);
    assert_int_equal(in.mods.tex_index, 0x10);
    assert_int_equal(in.mods.tex_dim, MW_SASS_TEX_2D);
    assert_false(in.mods.flags & MW_SASS_MOD_BINDLESS);
    /* SUST.P.2D.RGBA [R2], R4, 0x49 (bound: bit 51, 2D: 33-35 = 3, mask 20-23) */
    in = dec(OPC(0xeb20) | F(1, 51) | PT_GUARD | F(4, 0) | F(2, 8) | F(0xf, 20) | F(3, 33) | F(0x49, 36), 8);
    assert_int_equal(in.op, MW_SASS_OP_SUST);
    assert_int_equal(in.nsrc, 2);
    assert_int_equal(in.mods.tex_index, 0x49);
    assert_int_equal(in.mods.tex_dim, MW_SASS_TEX_2D);
    assert_int_equal(in.mods.tex_mask, 0xf);
    /* ... bindless: the handle is R39 */
    in = dec(OPC(0xeb20) | PT_GUARD | F(4, 0) | F(2, 8) | F(0xf, 20) | F(3, 33) | F(9, 39), 8);
    assert_int_equal(in.nsrc, 3);
    assert_int_equal(in.src[2].reg, 9);
    assert_true(in.mods.flags & MW_SASS_MOD_BINDLESS);
    /* SHFL.IDX P1, R0, R2, 0x3, 0x1c1f: lane u5 at 20 (bit 28), mask u13 at 34 (bit 29) */
    in = dec(OPC(0xef10) | PT_GUARD | F(0, 0) | F(2, 8) | F(3, 20) | F(1, 28) | F(1, 29) | F(0x1c1f, 34) | F(1, 48), 8);
    assert_int_equal(in.op, MW_SASS_OP_SHFL);
    assert_int_equal(in.mods.mode, 0);
    assert_int_equal(in.src[1].kind, MW_SASS_OPND_IMM);
    assert_int_equal(in.src[1].imm, 3);
    assert_int_equal(in.src[2].imm, 0x1c1f);
    assert_int_equal(in.dst[1].reg, 1);
    /* BAR.SYNC 0x3, 0x40: barrier u8 at 8 (bit 44), count u12 at 20 (bit 43) */
    in = dec(OPC(0xf0a8) | PT_GUARD | F(3, 8) | F(0x40, 20) | F(1, 43) | F(1, 44) | F(7, 39), 8);
    assert_int_equal(in.op, MW_SASS_OP_BAR);
    assert_int_equal(in.src[0].kind, MW_SASS_OPND_IMM);
    assert_int_equal(in.src[0].imm, 3);
    assert_int_equal(in.src[1].imm, 0x40);
    /* JMP 0x1234 (absolute, u32 at 20) */
    in = dec(OPC(0xe210) | PT_GUARD | F(0xf, 0) | F(0x1234, 20), 0x100);
    assert_int_equal(in.op, MW_SASS_OP_JMP);
    assert_int_equal(in.src[0].kind, MW_SASS_OPND_TARGET);
    assert_int_equal(in.src[0].offset, 0x1234);
    /* ATOM.CAS.E.64 R0, [R2+0x10], R4: s20 at 28, e 48, 64-bit at 49 */
    in = dec(OPC(0xeef0) | F(1, 48) | F(1, 49) | PT_GUARD | F(0, 0) | F(2, 8) | F(4, 20) | F(0x10, 28), 8);
    assert_int_equal(in.op, MW_SASS_OP_ATOM_CAS);
    assert_int_equal(in.mods.dtype, MW_SASS_TYPE_B64);
    assert_int_equal(in.src[0].offset, 0x10);
    assert_true(in.src[0].flags & MW_SASS_OPF_WIDE);
    /* VMNMX R1, R2, 0x1234, R3: B is an immediate unless bit 50 */
    in = dec(OPC(0x3a00) | PT_GUARD | F(1, 0) | F(2, 8) | F(0x1234, 20) | F(3, 39), 8);
    assert_int_equal(in.op, MW_SASS_OP_VMNMX);
    assert_int_equal(in.src[1].kind, MW_SASS_OPND_IMM);
    assert_int_equal(in.src[1].imm, 0x1234);
    in = dec(OPC(0x3a00) | F(1, 50) | PT_GUARD | F(1, 0) | F(2, 8) | F(5, 20) | F(3, 39), 8);
    assert_int_equal(in.src[1].kind, MW_SASS_OPND_REG);
    assert_int_equal(in.src[1].reg, 5);
    /* VSETP.GT.OR P1, P2, R2, R5, P3: bit 47 is part of the comparison
     * (envydis tab50f0_0: 43-44 and 47), not .CC; the boolean op is 45-46 */
    in = dec(OPC(0x50f0) | F(1, 50) | PT_GUARD | F(1, 3) | F(2, 0) | F(2, 8) | F(5, 20) | F(3, 39) | F(1, 47) | F(1, 45), 8);
    assert_int_equal(in.op, MW_SASS_OP_VSETP);
    assert_int_equal(in.mods.cmp, MW_SASS_CMP_GT);
    assert_int_equal(in.mods.bop, MW_SASS_BOP_OR);
    assert_false(in.mods.flags & MW_SASS_MOD_CC);
}

static void program_layout(void **state)
{
    (void)state;
    /* two groups: control word, three instructions each */
    uint64_t code[8] = {0};
    uint64_t nop = OPC(0x50b0) | PT_GUARD | F(0xf, 8);
    uint64_t exit_ = OPC(0xe300) | PT_GUARD | F(0xf, 0);
    code[0] = 0x001fc400fe2007f6ull; /* any control word */
    code[1] = nop;
    code[2] = nop;
    code[3] = nop;
    code[4] = 0x001f8000fc0007e0ull;
    code[5] = exit_;
    code[6] = nop;
    code[7] = nop;
    mw_sass_program p;
    mw_sass_decode_desc desc = {.log = ts_logger()};
    assert_int_equal(mw_sass_decode(code, 8, &desc, &p), GLHLE_RESULT_OK);
    assert_int_equal(p.count, 6);
    assert_int_equal(p.insts[0].offset, 0x08);
    assert_int_equal(p.insts[2].offset, 0x18);
    assert_int_equal(p.insts[3].offset, 0x28);
    assert_int_equal(p.insts[3].op, MW_SASS_OP_EXIT);
    /* the control word's fields, 21 bits each */
    assert_int_equal(p.insts[0].sched, (uint32_t)(code[0] & 0x1fffff));
    assert_int_equal(p.insts[1].sched, (uint32_t)((code[0] >> 21) & 0x1fffff));
    assert_int_equal(p.insts[2].sched, (uint32_t)((code[0] >> 42) & 0x1fffff));
    assert_int_equal(mw_sass_inst_index(0x28, p.count), 3);
    assert_int_equal(mw_sass_inst_index(0x20, p.count), -1);
    assert_int_equal(mw_sass_inst_index(0x0c, p.count), -1);
    assert_int_equal(mw_sass_inst_index(0x48, p.count), -1);
    mw_sass_program_free(&p);
    /* a partial group, no code, too much code */
    ts_log_clear();
    assert_int_equal(mw_sass_decode(code, 7, &desc, &p), GLHLE_RESULT_TRUNCATED);
    assert_non_null(strstr(p.error, "+0x20"));
    assert_true(ts_log_contains("inside a group"));
    mw_sass_program_free(&p);
    assert_int_equal(mw_sass_decode(code, 0, &desc, &p), GLHLE_RESULT_INVALID_ARGUMENT);
    mw_sass_program_free(&p);
    assert_int_equal(mw_sass_decode(code, (size_t)MW_SASS_MAX_CODE_WORDS + 4, &desc, &p), GLHLE_RESULT_LIMIT_EXCEEDED);
    mw_sass_program_free(&p);
    /* entry outside the code or on a control word's group past the end */
    desc.entry = 0x48;
    assert_int_equal(mw_sass_decode(code, 8, &desc, &p), GLHLE_RESULT_OUT_OF_BOUNDS);
    mw_sass_program_free(&p);
    /* an entry given as a control word's offset starts at its first instruction */
    desc.entry = 0x20;
    assert_int_equal(mw_sass_decode(code, 8, &desc, &p), GLHLE_RESULT_OK);
    assert_int_equal(p.cfg->blocks[p.cfg->function_entry[0]].first, 3);
    mw_sass_program_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_matches_envydis), cmocka_unit_test(table_is_consistent),
        cmocka_unit_test(alu_forms),              cmocka_unit_test(memory_forms),
        cmocka_unit_test(control_forms),          cmocka_unit_test(families_outside_corpus),
        cmocka_unit_test(program_layout),         cmocka_unit_test(suatom_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
