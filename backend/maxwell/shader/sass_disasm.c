/* The Maxwell disassembler (sass_disasm.h). Modifier spellings follow
 * NVIDIA's cuobjdump / nvdisasm conventions where they exist; special
 * register numbers are envytools envydis/gm107.c facts (sys_sr). */
#include "backend/maxwell/shader/sass_disasm.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "backend/maxwell/shader/sass_cfg.h"

typedef struct text {
    char *buf;
    size_t len, cap, want;
} text;

__attribute__((format(printf, 2, 3))) static void put(text *t, const char *fmt, ...)
{
    char tmp[96];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    size_t len = (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1;
    t->want += len;
    for (size_t i = 0; i < len && t->len + 1 < t->cap; i++)
        t->buf[t->len++] = tmp[i];
    t->buf[t->len] = 0;
}

const char *mw_sass_sreg_name(unsigned id)
{
    switch (id) {
    case 0x00: return "SR_LANEID";
    case 0x01: return "SR_CLOCK";
    case 0x02: return "SR_VIRTCFG";
    case 0x03: return "SR_VIRTID";
    case 0x10: return "SR_PRIM_TYPE";
    case 0x11: return "SR_INVOCATION_ID";
    case 0x12: return "SR_Y_DIRECTION";
    case 0x13: return "SR_THREAD_KILL";
    case 0x14: return "SR_SHADER_TYPE";
    case 0x1d: return "SR_INVOCATION_INFO";
    case 0x20: return "SR_TID";
    case 0x21: return "SR_TID.X";
    case 0x22: return "SR_TID.Y";
    case 0x23: return "SR_TID.Z";
    case 0x24: return "SR_CTA_PARAM";
    case 0x25: return "SR_CTAID.X";
    case 0x26: return "SR_CTAID.Y";
    case 0x27: return "SR_CTAID.Z";
    case 0x28: return "SR_NTID";
    case 0x38: return "SR_EQMASK";
    case 0x39: return "SR_LTMASK";
    case 0x3a: return "SR_LEMASK";
    case 0x3b: return "SR_GTMASK";
    case 0x3c: return "SR_GEMASK";
    case 0x50: return "SR_CLOCKLO";
    case 0x51: return "SR_CLOCKHI";
    case 0x52: return "SR_GLOBALTIMERLO";
    case 0x53: return "SR_GLOBALTIMERHI";
    default: return NULL;
    }
}

static const char *const cmp_names[16] = {"F", "LT", "EQ", "LE", "GT", "NE", "GE", "NUM",
                                          "NAN", "LTU", "EQU", "LEU", "GTU", "NEU", "GEU", "T"};
static const char *const bop_names[4] = {"AND", "OR", "XOR", "PASS_B"};
static const char *const rnd_names[4] = {"", "RM", "RP", "RZ"};
static const char *const type_names[MW_SASS_TYPE_COUNT] = {
    "", "U8", "S8", "U16", "S16", "U32", "S32", "U64", "S64", "F16", "F32", "F64", "32", "64", "96", "128", "U.128"};
static const char *const mufu_names[16] = {"COS",  "SIN",   "EX2", "LG2", "RCP", "RSQ", "RCP64H", "RSQ64H",
                                           "SQRT", "?9",    "?10", "?11", "?12", "?13", "?14",   "?15"};
static const char *const atom_names[16] = {"ADD", "MIN", "MAX", "INC", "DEC", "AND", "OR", "XOR",
                                           "EXCH", "?9", "SAFEADD", "?11", "?12", "?13", "?14", "?15"};
static const char *const dim_names[5] = {"1D", "2D", "3D", "CUBE", "BUFFER"};
static const char *const lod_names[8] = {"", "LZ", "LB", "LL", "?4", "?5", "LBA", "LLA"};

static void mod_s(text *t, const char *s)
{
    if (s && *s)
        put(t, ".%s", s);
}

static void put_type(text *t, uint8_t ty)
{
    if (ty && ty < MW_SASS_TYPE_COUNT)
        mod_s(t, type_names[ty]);
}

static bool is_cc_family(uint8_t fam);

static void put_mods(text *t, const mw_sass_inst *in)
{
    const mw_sass_mods *m = &in->mods;
    uint32_t f = m->flags;
    switch (in->family) {
    case MW_SASS_FAM_FSET:
    case MW_SASS_FAM_FSETP:
    case MW_SASS_FAM_DSET:
    case MW_SASS_FAM_DSETP:
    case MW_SASS_FAM_ISET:
    case MW_SASS_FAM_ISETP:
    case MW_SASS_FAM_HSET2:
    case MW_SASS_FAM_HSETP2:
    case MW_SASS_FAM_VSET:
    case MW_SASS_FAM_VSETP:
        mod_s(t, cmp_names[m->cmp & 15]);
        if ((in->family == MW_SASS_FAM_ISET || in->family == MW_SASS_FAM_ISETP) && !(f & MW_SASS_MOD_SIGNED_A))
            mod_s(t, "U32");
        mod_s(t, bop_names[m->bop & 3]);
        break;
    case MW_SASS_FAM_FCMP:
    case MW_SASS_FAM_ICMP:
        mod_s(t, cmp_names[m->cmp & 15]);
        if (in->family == MW_SASS_FAM_ICMP && !(f & MW_SASS_MOD_SIGNED_A))
            mod_s(t, "U32");
        break;
    case MW_SASS_FAM_PSET:
    case MW_SASS_FAM_PSETP:
        mod_s(t, bop_names[m->bop & 3]);
        mod_s(t, bop_names[m->bop2 & 3]);
        break;
    case MW_SASS_FAM_CSET:
    case MW_SASS_FAM_CSETP:
        put(t, ".CC%u", m->cc_test);
        mod_s(t, bop_names[m->bop & 3]);
        break;
    case MW_SASS_FAM_MUFU:
        mod_s(t, mufu_names[m->sub & 15]);
        break;
    case MW_SASS_FAM_RRO:
        mod_s(t, m->sub ? "EX2" : "SINCOS");
        break;
    case MW_SASS_FAM_LOP:
        mod_s(t, bop_names[m->bop & 3]);
        break;
    case MW_SASS_FAM_LOP3:
        put(t, ".LUT");
        break;
    case MW_SASS_FAM_SHF:
        mod_s(t, m->sub ? "R" : "L");
        if (m->dtype != MW_SASS_TYPE_U32)
            put_type(t, m->dtype);
        break;
    case MW_SASS_FAM_SHR:
    case MW_SASS_FAM_BFE:
    case MW_SASS_FAM_FLO:
    case MW_SASS_FAM_IMNMX:
        if (!(f & MW_SASS_MOD_SIGNED_A))
            mod_s(t, "U32");
        break;
    case MW_SASS_FAM_IMUL:
    case MW_SASS_FAM_IMAD:
        mod_s(t, f & MW_SASS_MOD_SIGNED_A ? "S32" : "U32");
        mod_s(t, f & MW_SASS_MOD_SIGNED_B ? "S32" : "U32");
        break;
    case MW_SASS_FAM_XMAD: {
        static const char *const xm[8] = {"", "CLO", "CHI", "CSFU", "CBCC", "?5", "?6", "?7"};
        if (f & MW_SASS_MOD_SIGNED_A)
            mod_s(t, "S16");
        if (f & MW_SASS_MOD_SIGNED_B)
            mod_s(t, "S16");
        mod_s(t, xm[m->mode & 7]);
        break;
    }
    case MW_SASS_FAM_F2F:
        put_type(t, m->dtype);
        put_type(t, m->stype);
        if (m->sub) {
            static const char *const ri[4] = {"ROUND", "FLOOR", "CEIL", "TRUNC"};
            mod_s(t, ri[m->rnd & 3]);
        } else {
            mod_s(t, rnd_names[m->rnd & 3]);
        }
        break;
    case MW_SASS_FAM_F2I: {
        static const char *const ri[4] = {"", "FLOOR", "CEIL", "TRUNC"};
        put_type(t, m->dtype);
        put_type(t, m->stype);
        mod_s(t, ri[m->rnd & 3]);
        break;
    }
    case MW_SASS_FAM_I2F:
    case MW_SASS_FAM_I2I:
        put_type(t, m->dtype);
        put_type(t, m->stype);
        if (in->family == MW_SASS_FAM_I2F)
            mod_s(t, rnd_names[m->rnd & 3]);
        break;
    case MW_SASS_FAM_FADD:
    case MW_SASS_FAM_FMUL:
    case MW_SASS_FAM_FFMA:
    case MW_SASS_FAM_DADD:
    case MW_SASS_FAM_DMUL:
    case MW_SASS_FAM_DFMA:
        mod_s(t, rnd_names[m->rnd & 3]);
        if (in->family == MW_SASS_FAM_FMUL && m->sub) {
            static const char *const sc[8] = {"", "D2", "D4", "D8", "M8", "M4", "M2", "?7"};
            mod_s(t, sc[m->sub & 7]);
        }
        break;
    case MW_SASS_FAM_IPA: {
        static const char *const im[4] = {"PASS", "", "CONSTANT", "SC"};
        static const char *const sm[4] = {"", "CENTROID", "OFFSET", "?3"};
        mod_s(t, im[m->mode & 3]);
        mod_s(t, sm[m->sub & 3]);
        break;
    }
    case MW_SASS_FAM_LDG:
    case MW_SASS_FAM_STG:
    case MW_SASS_FAM_LDL:
    case MW_SASS_FAM_STL:
    case MW_SASS_FAM_LDS:
    case MW_SASS_FAM_STS:
    case MW_SASS_FAM_LD:
    case MW_SASS_FAM_ST:
    case MW_SASS_FAM_LDC:
    case MW_SASS_FAM_ALD:
    case MW_SASS_FAM_AST:
        if (m->dtype != MW_SASS_TYPE_B32)
            put_type(t, m->dtype);
        break;
    case MW_SASS_FAM_ATOM:
    case MW_SASS_FAM_ATOMS:
    case MW_SASS_FAM_RED:
    case MW_SASS_FAM_SUATOM:
    case MW_SASS_FAM_SURED:
        if (m->sub != 0xff)
            mod_s(t, atom_names[m->sub & 15]);
        put_type(t, m->dtype);
        break;
    case MW_SASS_FAM_SULD:
    case MW_SASS_FAM_SUST:
        mod_s(t, m->sub ? "D" : "P");
        mod_s(t, dim_names[m->tex_dim < 5 ? m->tex_dim : 0]);
        if (m->sub)
            put_type(t, m->dtype);
        else
            put(t, ".M%x", m->tex_mask);
        break;
    case MW_SASS_FAM_TEX:
    case MW_SASS_FAM_TEXS:
    case MW_SASS_FAM_TLD:
    case MW_SASS_FAM_TLDS:
    case MW_SASS_FAM_TLD4:
    case MW_SASS_FAM_TLD4S:
    case MW_SASS_FAM_TMML:
    case MW_SASS_FAM_TXD:
        if (in->family == MW_SASS_FAM_TLD4 || in->family == MW_SASS_FAM_TLD4S)
            mod_s(t, (const char *const[]){"R", "G", "B", "A"}[m->component & 3]);
        mod_s(t, lod_names[m->lod & 7]);
        break;
    case MW_SASS_FAM_TXQ: {
        static const char *const q[64] = {[1] = "TEX_HEADER_DIMENSION", [2] = "TEX_HEADER_TEXTURE_TYPE",
                                          [5] = "TEX_HEADER_SAMPLER_POS", [16] = "TEX_SAMPLER_FILTER",
                                          [18] = "TEX_SAMPLER_LOD", [20] = "TEX_SAMPLER_WRAP",
                                          [22] = "TEX_SAMPLER_BORDER_COLOR"};
        if (q[m->sub & 63])
            mod_s(t, q[m->sub & 63]);
        else
            put(t, ".Q%u", m->sub);
        break;
    }
    case MW_SASS_FAM_VOTE:
        if (in->op == MW_SASS_OP_VOTE)
            mod_s(t, (const char *const[]){"ALL", "ANY", "EQ", "?3"}[m->mode & 3]);
        break;
    case MW_SASS_FAM_SHFL:
        mod_s(t, (const char *const[]){"IDX", "UP", "DOWN", "BFLY"}[m->mode & 3]);
        break;
    case MW_SASS_FAM_OUT:
        mod_s(t, (const char *const[]){"", "EMIT", "CUT", "EMIT_THEN_CUT"}[m->mode & 3]);
        break;
    case MW_SASS_FAM_MEMBAR:
        mod_s(t, (const char *const[]){"CTA", "GL", "SYS", "VC"}[m->mode & 3]);
        break;
    case MW_SASS_FAM_PRMT: {
        static const char *const pm[16] = {"", "F4E", "B4E", "RC8", "ECL", "ECR", "RC16"};
        if (pm[m->mode & 15])
            mod_s(t, pm[m->mode & 15]);
        break;
    }
    case MW_SASS_FAM_BAR:
        if (m->mode == 0x10)
            put(t, ".SYNC");
        else if (m->mode == 0x11)
            put(t, ".ARV");
        else
            put(t, ".M%x", m->mode);
        break;
    default:
        break;
    }
    /* the condition-code test of control flow, when not T */
    if (is_cc_family(in->family) && m->cc_test != 15)
        put(t, ".CC.%s", cmp_names[m->cc_test & 15]);
    static const struct {
        uint32_t flag;
        const char *name;
    } flags[] = {
        {MW_SASS_MOD_FTZ, "FTZ"},     {MW_SASS_MOD_FMZ, "FMZ"},     {MW_SASS_MOD_SAT, "SAT"},
        {MW_SASS_MOD_HI, "HI"},       {MW_SASS_MOD_X, "X"},         {MW_SASS_MOD_BF, "BF"},
        {MW_SASS_MOD_BREV, "BREV"},   {MW_SASS_MOD_WRAP, "W"},      {MW_SASS_MOD_PSL, "PSL"},
        {MW_SASS_MOD_MRG, "MRG"},     {MW_SASS_MOD_SH, "SH"},       {MW_SASS_MOD_E, "E"},
        {MW_SASS_MOD_PATCH, "P"},     {MW_SASS_MOD_OUTPUT, "O"},    {MW_SASS_MOD_ARRAY, "ARRAY"},
        {MW_SASS_MOD_DC, "DC"},       {MW_SASS_MOD_AOFFI, "AOFFI"}, {MW_SASS_MOD_PTP, "PTP"},
        {MW_SASS_MOD_MS, "MS"},       {MW_SASS_MOD_CL, "CL"},       {MW_SASS_MOD_NDV, "NDV"},
        {MW_SASS_MOD_NODEP, "NODEP"}, {MW_SASS_MOD_LMT, "LMT"},     {MW_SASS_MOD_U, "U"},
        {MW_SASS_MOD_NOINC, "NOINC"}, {MW_SASS_MOD_INV_A, "INV_A"}, {MW_SASS_MOD_INV_B, "INV"},
        {MW_SASS_MOD_CC, "CC"},
    };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (f & flags[i].flag)
            mod_s(t, flags[i].name);
}

static void put_reg(text *t, uint8_t r)
{
    if (r == MW_SASS_RZ)
        put(t, "RZ");
    else
        put(t, "R%u", r);
}

static void put_addr(text *t, uint8_t reg, int32_t off)
{
    if (reg != MW_SASS_RZ) {
        put_reg(t, reg);
        if (off > 0)
            put(t, "+0x%x", (unsigned)off);
        else if (off < 0)
            put(t, "-0x%x", (unsigned)-(int64_t)off);
    } else {
        put(t, "0x%x", (unsigned)off);
    }
}

static void put_operand(text *t, const mw_sass_operand *o)
{
    if (o->flags & MW_SASS_OPF_NOT)
        put(t, "!");
    if (o->flags & MW_SASS_OPF_NEG)
        put(t, "-");
    if (o->flags & MW_SASS_OPF_ABS)
        put(t, "|");
    switch (o->kind) {
    case MW_SASS_OPND_REG:
        put_reg(t, o->reg);
        break;
    case MW_SASS_OPND_PRED:
        if (o->reg == MW_SASS_PT)
            put(t, "PT");
        else
            put(t, "P%u", o->reg);
        break;
    case MW_SASS_OPND_CC:
        put(t, "CC");
        break;
    case MW_SASS_OPND_IMM:
        if (o->bank == MW_SASS_IMM_F32) {
            float fv;
            uint32_t u = (uint32_t)o->imm;
            memcpy(&fv, &u, sizeof fv);
            put(t, "%g", (double)fv);
        } else if (o->bank == MW_SASS_IMM_F64) {
            double dv;
            memcpy(&dv, &o->imm, sizeof dv);
            put(t, "%g", dv);
        } else {
            put(t, "0x%x", (unsigned)o->imm);
        }
        break;
    case MW_SASS_OPND_CBUF:
        put(t, "c[0x%x][", o->bank);
        put_addr(t, o->reg, o->offset);
        put(t, "]");
        break;
    case MW_SASS_OPND_ATTR:
        put(t, "a[");
        put_addr(t, o->reg, o->offset);
        put(t, "]");
        break;
    case MW_SASS_OPND_MEM: {
        static const char *const sp[6] = {"", "g", "l", "s", "pix", "p"};
        put(t, "%s[", sp[o->bank < 6 ? o->bank : 0]);
        put_addr(t, o->reg, o->offset);
        put(t, "]");
        break;
    }
    case MW_SASS_OPND_SREG: {
        const char *n = mw_sass_sreg_name(o->reg);
        if (n)
            put(t, "%s", n);
        else
            put(t, "SR%u", o->reg);
        break;
    }
    case MW_SASS_OPND_TARGET:
        put(t, "0x%x", (unsigned)o->offset);
        break;
    default:
        put(t, "?");
        break;
    }
    if (o->flags & MW_SASS_OPF_ABS)
        put(t, "|");
    if (o->flags & MW_SASS_OPF_H1)
        put(t, ".H1");
}

static bool is_cc_family(uint8_t fam)
{
    switch (fam) {
    case MW_SASS_FAM_BRA: case MW_SASS_FAM_BRX: case MW_SASS_FAM_JMP: case MW_SASS_FAM_JMX:
    case MW_SASS_FAM_SYNC: case MW_SASS_FAM_BRK: case MW_SASS_FAM_CONT: case MW_SASS_FAM_RET:
    case MW_SASS_FAM_KIL: case MW_SASS_FAM_LONGJMP: case MW_SASS_FAM_EXIT:
        return true;
    default:
        return false;
    }
}

size_t mw_sass_disasm_inst(const mw_sass_inst *in, char *buf, size_t size)
{
    text t = {buf, 0, size, 0};
    if (size)
        buf[0] = 0;
    if (in->op == MW_SASS_OP_INVALID) {
        put(&t, "??? 0x%016llx", (unsigned long long)in->raw);
        return t.want;
    }
    if (in->pred_neg && in->pred == MW_SASS_PT)
        put(&t, "@!PT ");
    else if (in->pred != MW_SASS_PT)
        put(&t, "@%sP%u ", in->pred_neg ? "!" : "", in->pred);
    put(&t, "%s", mw_sass_op_name((mw_sass_op)in->op));
    put_mods(&t, in);
    const char *sep = " ";
    for (unsigned i = 0; i < in->ndst; i++) {
        put(&t, "%s", sep);
        put_operand(&t, &in->dst[i]);
        sep = ", ";
    }
    for (unsigned i = 0; i < in->nsrc; i++) {
        put(&t, "%s", sep);
        put_operand(&t, &in->src[i]);
        sep = ", ";
    }
    const mw_sass_mods *m = &in->mods;
    switch (in->family) {
    case MW_SASS_FAM_ISCADD:
    case MW_SASS_FAM_LEA:
    case MW_SASS_FAM_LEA_HI:
        put(&t, ", 0x%x", m->shift);
        break;
    case MW_SASS_FAM_LOP3:
    case MW_SASS_FAM_FSWZADD:
        put(&t, ", 0x%x", m->lut);
        break;
    case MW_SASS_FAM_TEX:
    case MW_SASS_FAM_TEXS:
    case MW_SASS_FAM_TLD:
    case MW_SASS_FAM_TLDS:
    case MW_SASS_FAM_TLD4:
    case MW_SASS_FAM_TLD4S:
    case MW_SASS_FAM_TMML:
    case MW_SASS_FAM_TXD:
    case MW_SASS_FAM_TXQ:
    case MW_SASS_FAM_TXA:
        if (!(m->flags & MW_SASS_MOD_BINDLESS))
            put(&t, ", 0x%x", m->tex_index);
        if (in->family != MW_SASS_FAM_TXQ)
            put(&t, ", %s%s", dim_names[m->tex_dim & 3], m->flags & MW_SASS_MOD_ARRAY ? ".ARRAY" : "");
        put(&t, ", 0x%x", m->tex_mask);
        break;
    case MW_SASS_FAM_SULD:
    case MW_SASS_FAM_SUST:
    case MW_SASS_FAM_SURED:
    case MW_SASS_FAM_SUATOM:
        if (!(m->flags & MW_SASS_MOD_BINDLESS))
            put(&t, ", 0x%x", m->tex_index);
        break;
    default:
        break;
    }
    put(&t, " ;");
    return t.want;
}

bool mw_sass_disasm_program(glhle_bytebuf *out, const mw_sass_program *p)
{
    char line[256];
    const mw_sass_cfg *g = p->cfg;
    uint32_t next_block = 0;
    for (uint32_t i = 0; i < p->count; i++) {
        const mw_sass_inst *in = &p->insts[i];
        /* function-0 blocks in code order mark their starts */
        while (g && next_block < g->block_count && g->blocks[next_block].function == 0 &&
               g->blocks[next_block].first < i)
            next_block++;
        if (g && next_block < g->block_count && g->blocks[next_block].function == 0 &&
            g->blocks[next_block].first == i) {
            const mw_sass_block *b = &g->blocks[next_block];
            glhle_bytebuf_printf(out, "        /* block %u, stack depth %u, %u successor%s */\n", next_block,
                                 b->stack_depth, b->succ_count, b->succ_count == 1 ? "" : "s");
        }
        mw_sass_disasm_inst(in, line, sizeof line);
        glhle_bytebuf_printf(out, "/*%04x*/ %s\n", in->offset, line);
    }
    return !out->failed;
}
