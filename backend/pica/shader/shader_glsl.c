#include "backend/pica/shader/shader_glsl.h"

#include <stdio.h>
#include <string.h>

#include "backend/pica/shader/shader_disasm.h"
#include "backend/pica/shader/shader_isa.h"
#include "backend/pica/shader/shader_vm.h"
#include "shadergen/glsl_writer.h"
#include "shadergen/pica_vs.h"

#define WORDS PICA_SHADER_CODE_WORDS

/* How an instruction moves the pc. */
enum { K_SEQ, K_END, K_FLOW };

static unsigned kind_of(uint32_t word)
{
    switch (pica_isa_opcode(word)) {
    case PICA_OP_END:
        return K_END;
    case PICA_OP_BREAK:
    case PICA_OP_BREAKC:
    case PICA_OP_CALL:
    case PICA_OP_CALLC:
    case PICA_OP_CALLU:
    case PICA_OP_IFU:
    case PICA_OP_IFC:
    case PICA_OP_LOOP:
    case PICA_OP_JMPC:
    case PICA_OP_JMPU:
        return K_FLOW;
    default:
        return K_SEQ; /* ALU, NOP, EMIT, SETEMIT, undefined opcodes */
    }
}

static pica_isa_format format_of(uint32_t op)
{
    switch (op) {
#define PICA_VSP_FMT(code, name, fmt) \
    case code:                        \
        return fmt;
        PICA_ISA_OPCODES(PICA_VSP_FMT)
#undef PICA_VSP_FMT
    default:
        return PICA_FMT_UNKNOWN;
    }
}

static bool is_alu_format(pica_isa_format f)
{
    return f == PICA_FMT_1 || f == PICA_FMT_1I || f == PICA_FMT_1U || f == PICA_FMT_1C || f == PICA_FMT_5 ||
           f == PICA_FMT_5I;
}

/* Reachable code and block leaders (bitmaps over 4096 words + 1). */
typedef struct flowmap {
    uint8_t reach[WORDS + 1];
    uint8_t leader[WORDS + 1];
} flowmap;

static void mark(flowmap *m, uint32_t at, uint32_t *stack, uint32_t *n)
{
    if (at >= WORDS)
        return;
    m->leader[at] = 1;
    if (!m->reach[at]) {
        m->reach[at] = 1;
        stack[(*n)++] = at;
    }
}

/* Every pc the interpreter's resolve can produce is the entry, an
 * instruction after a flow-control one (a CALL's return, a LOOP's first),
 * or one of its targets (JMP/CALL/IF target, IF end target + num, LOOP end
 * target + 1): all static. A CALL's end (target + num) is where a scope
 * closes: a leader, so a block ends before it, but only reachable if
 * execution runs into it. Splitting a block at a leader never changes what
 * runs. */
static void analyse(flowmap *m, const uint32_t *code, uint32_t entry)
{
    static _Thread_local uint32_t stack[WORDS * 4 + 8];
    uint32_t n = 0;
    memset(m, 0, sizeof *m);
    mark(m, entry, stack, &n);
    while (n) {
        uint32_t at = stack[--n];
        for (;;) {
            uint32_t w = code[at];
            unsigned k = kind_of(w);
            if (k == K_END)
                break;
            if (k == K_FLOW) {
                uint32_t t = pica_isa_target(w), num = pica_isa_num(w), op = pica_isa_opcode(w);
                mark(m, at + 1, stack, &n);
                switch (op) {
                case PICA_OP_JMPC:
                case PICA_OP_JMPU:
                    mark(m, t, stack, &n);
                    break;
                case PICA_OP_CALL:
                case PICA_OP_CALLC:
                case PICA_OP_CALLU:
                    /* the call's end is where its scope closes, not a place
                     * execution goes: a leader only */
                    mark(m, t, stack, &n);
                    if (t + num < WORDS)
                        m->leader[t + num] = 1;
                    break;
                case PICA_OP_IFU:
                case PICA_OP_IFC:
                    mark(m, t, stack, &n);
                    mark(m, t + num, stack, &n);
                    break;
                case PICA_OP_LOOP:
                    mark(m, t + 1, stack, &n);
                    break;
                default: /* BREAK, BREAKC: to a LOOP's end, marked by the LOOP */
                    break;
                }
                break;
            }
            /* EMIT ends a block: a geometry shader's emitter then has one
             * call site, after the block (a vertex shader's EMIT only sets
             * a status bit) */
            if (pica_isa_opcode(w) == PICA_OP_EMIT && at + 1 < WORDS)
                m->leader[at + 1] = 1;
            if (at + 1 >= WORDS || m->reach[at + 1])
                break;
            m->reach[++at] = 1;
        }
    }
}

/* ---- ALU instructions ---- */

static const char comp_name[4] = {'x', 'y', 'z', 'w'};

/* "PU_C[5]", "r[3]", "v[0]" (PU_C: the uniform block's c array, or a
 * geometry shader's copy holding its fixed- or variable-mode inputs) */
static void reg_name(char *buf, size_t n, uint32_t src)
{
    if (src < PICA_SRC_TEMP)
        glsl_format(buf, n, "v[%u]", src);
    else if (src < PICA_SRC_CONST)
        glsl_format(buf, n, "r[%u]", src - PICA_SRC_TEMP);
    else
        glsl_format(buf, n, "PU_C[%u]", src - PICA_SRC_CONST);
}

static void dst_name(char *buf, size_t n, uint32_t dst)
{
    if (dst < PICA_DST_TEMP)
        glsl_format(buf, n, "o[%u]", dst);
    else
        glsl_format(buf, n, "r[%u]", dst - PICA_DST_TEMP);
}

/* s<k> = [-]source.swizzle; */
static void load_source(glsl_writer *w, const pica_isa_fields *f, uint32_t desc, unsigned s)
{
    char reg[40], swz[5];
    static const char *const addr[4] = {"", "a0x", "a0y", "aL"};
    if (f->idx && f->idx_src == s && f->src[s] >= PICA_SRC_CONST)
        glsl_format(reg, sizeof reg, "crel(%u, %s)", f->src[s] - PICA_SRC_CONST, addr[f->idx]);
    else
        reg_name(reg, sizeof reg, f->src[s]);
    for (unsigned c = 0; c < 4; c++)
        swz[c] = comp_name[pica_opdesc_comp(desc, s, c)];
    swz[4] = 0;
    glsl_line(w, "s%u = %s%s.%s;", s, pica_opdesc_neg(desc, s) ? "-" : "", reg, swz);
}

/* dst.c = fn(s<a>.c, s<b>.c, ...) for every enabled lane c, the sources
 * named by the digits of `srcs`; fn "" copies the one source. */
static void store_lanes(glsl_writer *w, uint32_t dst, uint32_t desc, const char *fn, const char *srcs)
{
    char d[16];
    dst_name(d, sizeof d, dst);
    for (unsigned c = 0; c < 4; c++) {
        if (!pica_opdesc_mask_has(desc, c))
            continue;
        char args[40];
        size_t n = 0;
        for (const char *k = srcs; *k && n + 8 < sizeof args; k++) {
            if (k != srcs) {
                args[n++] = ',';
                args[n++] = ' ';
            }
            args[n++] = 's';
            args[n++] = *k;
            args[n++] = '.';
            args[n++] = comp_name[c];
        }
        args[n] = 0;
        if (fn[0])
            glsl_line(w, "%s.%c = %s(%s);", d, comp_name[c], fn, args);
        else
            glsl_line(w, "%s.%c = %s;", d, comp_name[c], args);
    }
}

/* A scalar result `t` to every enabled lane. */
static void store_scalar(glsl_writer *w, uint32_t dst, uint32_t desc)
{
    char d[16], mask[5];
    unsigned n = 0;
    dst_name(d, sizeof d, dst);
    for (unsigned c = 0; c < 4; c++)
        if (pica_opdesc_mask_has(desc, c))
            mask[n++] = comp_name[c];
    mask[n] = 0;
    if (n == 1)
        glsl_line(w, "%s.%s = t;", d, mask);
    else if (n)
        glsl_line(w, "%s.%s = vec%u(t);", d, mask, n);
}

static const char *cmp_op(uint32_t c)
{
    static const char *const ops[6] = {"==", "!=", "<", "<=", ">", ">="};
    return c < 6 ? ops[c] : NULL;
}

static void emit_alu(glsl_writer *w, uint32_t op, pica_isa_format fmt, uint32_t word, const uint32_t *opdesc)
{
    pica_isa_fields f;
    pica_isa_unpack(word, fmt, &f);
    uint32_t desc = opdesc[f.desc];
    unsigned nsrc = f.nsrc;
    for (unsigned s = 0; s < nsrc; s++)
        load_source(w, &f, desc, s);
    switch (op) {
    case PICA_OP_ADD:
        store_lanes(w, f.dst, desc, "padd", "01");
        break;
    case PICA_OP_MUL:
        store_lanes(w, f.dst, desc, "pm", "01");
        break;
    case PICA_OP_MAD:
    case PICA_OP_MADI:
        store_lanes(w, f.dst, desc, "pmad", "012");
        break;
    case PICA_OP_DP3:
        glsl_line(w, "t = pdot3(s0, s1);");
        store_scalar(w, f.dst, desc);
        break;
    case PICA_OP_DP4:
        glsl_line(w, "t = pdot4(s0, s1);");
        store_scalar(w, f.dst, desc);
        break;
    case PICA_OP_DPH:
    case PICA_OP_DPHI:
        glsl_line(w, "s0.w = 1.0;");
        glsl_line(w, "t = pdot4(s0, s1);");
        store_scalar(w, f.dst, desc);
        break;
    case PICA_OP_DST:
    case PICA_OP_DSTI:
        /* 3dbrew: {1, src1.y * src2.y, src1.z, src2.w} */
        glsl_line(w, "s2 = vec4(1.0, pm(s0.y, s1.y), s0.z, s1.w);");
        store_lanes(w, f.dst, desc, "", "2");
        break;
    case PICA_OP_EX2:
        glsl_line(w, "t = exp2(s0.x);");
        store_scalar(w, f.dst, desc);
        break;
    case PICA_OP_LG2:
        glsl_line(w, "t = log2(s0.x);");
        store_scalar(w, f.dst, desc);
        break;
    case PICA_OP_LITP:
        glsl_line(w, "cx = s0.x >= 0.0;");
        glsl_line(w, "cy = s0.w >= 0.0;");
        glsl_line(w, "s2 = vec4(pmax(s0.x, pz), pmax(pmin(s0.y, 127.99609375), -127.99609375), pz, "
                     "pmax(s0.w, pz));");
        store_lanes(w, f.dst, desc, "", "2");
        break;
    case PICA_OP_SGE:
    case PICA_OP_SGEI:
        store_lanes(w, f.dst, desc, "psge", "01");
        break;
    case PICA_OP_SLT:
    case PICA_OP_SLTI:
        store_lanes(w, f.dst, desc, "pslt", "01");
        break;
    case PICA_OP_FLR:
        store_lanes(w, f.dst, desc, "floor", "0");
        break;
    case PICA_OP_MAX:
        store_lanes(w, f.dst, desc, "pmax", "01");
        break;
    case PICA_OP_MIN:
        store_lanes(w, f.dst, desc, "pmin", "01");
        break;
    case PICA_OP_RCP:
        glsl_line(w, "t = prcp(s0.x);");
        store_scalar(w, f.dst, desc);
        break;
    case PICA_OP_RSQ:
        glsl_line(w, "t = prsq(s0.x);");
        store_scalar(w, f.dst, desc);
        break;
    case PICA_OP_MOVA:
        if (pica_opdesc_mask_has(desc, 0))
            glsl_line(w, "a0x = pmova(s0.x);");
        if (pica_opdesc_mask_has(desc, 1))
            glsl_line(w, "a0y = pmova(s0.y);");
        break;
    case PICA_OP_MOV:
        store_lanes(w, f.dst, desc, "", "0");
        break;
    case PICA_OP_CMP:
        /* both flags whatever the mask; operators 6 and 7 are true */
        for (unsigned c = 0; c < 2; c++) {
            const char *o = cmp_op(f.cmp[c]);
            if (o)
                glsl_line(w, "c%c = s0.%c %s s1.%c;", comp_name[c], comp_name[c], o, comp_name[c]);
            else
                glsl_line(w, "c%c = true;", comp_name[c]);
        }
        break;
    default:
        break;
    }
}

/* ---- flow control ---- */

/* "(cx == true || cy == false)" for a format-2 condition */
static void condition(char *buf, size_t n, uint32_t word)
{
    const char *x = pica_isa_refx(word) ? "cx" : "!cx", *y = pica_isa_refy(word) ? "cy" : "!cy";
    switch (pica_isa_condop(word)) {
    case PICA_COND_OR: glsl_format(buf, n, "(%s || %s)", x, y); break;
    case PICA_COND_AND: glsl_format(buf, n, "(%s && %s)", x, y); break;
    case PICA_COND_X: glsl_format(buf, n, "%s", x); break;
    default: glsl_format(buf, n, "%s", y); break;
    }
}

/* The flow instruction closing a block at `at`; `steps` instructions ran
 * since the block began. Sets `jump`/`brk`, or leaves the loop (END,
 * BREAK without a loop). */
static void emit_flow(glsl_writer *w, uint32_t at, uint32_t word, uint32_t steps)
{
    uint32_t op = pica_isa_opcode(word), t = pica_isa_target(word), num = pica_isa_num(word);
    uint32_t id = pica_isa_uniform_id(word);
    char cond[48];
    condition(cond, sizeof cond, word);
    glsl_line(w, "old = %u; steps += %uu; flow = true;", at, steps);
    switch (op) {
    case PICA_OP_BREAKC:
        glsl_open(w, "if (%s)", cond);
        /* fallthrough */
    case PICA_OP_BREAK:
        glsl_line(w, "if (nloop == 0) { status |= %uu; stop = true; } else brk = true;", PICA_VM_BREAK_NO_LOOP);
        if (op == PICA_OP_BREAKC)
            glsl_close(w, "");
        break;
    case PICA_OP_CALL:
        glsl_line(w, "push_call(%u, %u); jump = %u;", t + num, at + 1, t);
        break;
    case PICA_OP_CALLC:
        glsl_line(w, "if (%s) { push_call(%u, %u); jump = %u; }", cond, t + num, at + 1, t);
        break;
    case PICA_OP_CALLU:
        glsl_line(w, "if (((pbx >> %uu) & 1u) != 0u) { push_call(%u, %u); jump = %u; }", id, t + num, at + 1, t);
        break;
    case PICA_OP_IFU:
        glsl_line(w, "if (((pbx >> %uu) & 1u) != 0u) push_if(%u, %u); else jump = %u;", id, t, t + num, t);
        break;
    case PICA_OP_IFC:
        glsl_line(w, "if (%s) push_if(%u, %u); else jump = %u;", cond, t, t + num, t);
        break;
    case PICA_OP_JMPC:
        glsl_line(w, "if (%s) jump = %u;", cond, t);
        break;
    case PICA_OP_JMPU:
        /* NUM bit 0 inverts the test (3dbrew JMPU) */
        glsl_line(w, "if (((pbx >> %uu) & 1u) == %uu) jump = %u;", id, (num & 1) ? 0u : 1u, t);
        break;
    case PICA_OP_LOOP:
        /* 3dbrew LOOP: INT.x + 1 iterations, aL = INT.y, += INT.z each */
        glsl_line(w, "push_loop(%u, %u, int(pu.i[%u].x), int(pu.i[%u].z)); aL = int(pu.i[%u].y);", at + 1, t + 1,
                  id & 3, id & 3, id & 3);
        break;
    default:
        break;
    }
}

/* One basic block from `at` to a flow-control instruction, END, or the
 * instruction before the next leader. */
static void emit_block(glsl_writer *w, const pica_vsp_desc *d, const flowmap *m, uint32_t at, pica_vsp_info *info)
{
    uint32_t i = at, n = 0;
    for (;;) {
        uint32_t word = d->code[i];
        uint32_t op = pica_isa_opcode(word);
        pica_isa_format fmt = format_of(op);
        unsigned k = kind_of(word);
        char text[PICA_DISASM_MAX];
        pica_disasm_insn(word, d->opdesc, PICA_SHADER_OPDESC_WORDS, text);
        glsl_line(w, "// 0x%03X: %s", i, text);
        n++;
        info->instructions++;
        if (k == K_END) {
            glsl_line(w, "steps += %uu; stop = true;", n);
            return;
        }
        if (k == K_FLOW) {
            emit_flow(w, i, word, n);
            return;
        }
        /* a run of one ALU word (code memory past a program is zeros,
         * and a subroutine's fall-through reaches them): one loop, so the
         * text stays small; no step check falls inside a block */
        uint32_t run = 1;
        if (is_alu_format(fmt))
            while (i + run < WORDS && !m->leader[i + run] && d->code[i + run] == word)
                run++;
        if (run >= 8) {
            glsl_line(w, "// and %u more", run - 1);
            glsl_open(w, "for (uint rep = pu.b.y; rep < %uu; rep++)", run);
            emit_alu(w, op, fmt, word, d->opdesc);
            glsl_close(w, "");
            n += run - 1;
            info->instructions += run - 1;
            i += run - 1;
        } else if (is_alu_format(fmt))
            emit_alu(w, op, fmt, word, d->opdesc);
        else if ((op == PICA_OP_EMIT || op == PICA_OP_SETEMIT) && !d->geometry)
            glsl_line(w, "status |= %uu;", PICA_VM_EMIT_IN_VS);
        else if (op == PICA_OP_SETEMIT)
            glsl_line(w, "eid = %uu; eprim = %s; ewind = %s;", pica_isa_vertex_id(word),
                      pica_isa_primemit(word) ? "true" : "false", pica_isa_winding(word) ? "true" : "false");
        else if (op == PICA_OP_EMIT)
            glsl_line(w, "emitnow = true;");
        else if (op != PICA_OP_NOP) {
            glsl_line(w, "status |= %uu;", PICA_VM_UNKNOWN_OPCODE);
            info->unknown++;
        }
        if (i + 1 >= WORDS || m->leader[i + 1]) {
            glsl_line(w, "old = %u; steps += %uu;", i, n);
            return;
        }
        i++;
    }
}

/* The dispatcher as a binary tree of pc comparisons over the sorted
 * leaders [lo, hi): Mesa 22's GLSL compiler mis-lowers a large `switch`
 * inside a loop (a case it should take is skipped, found by the
 * differential test), and the tree costs log2(blocks) compares. */
static void emit_tree(glsl_writer *w, const pica_vsp_desc *d, const flowmap *m, const uint16_t *leaders, uint32_t lo,
                      uint32_t hi, pica_vsp_info *info)
{
    if (hi - lo == 1) {
        glsl_open(w, "if (pc == %u)", leaders[lo]);
        emit_block(w, d, m, leaders[lo], info);
        glsl_close(w, "");
        glsl_line(w, "else { status |= %uu; stop = true; }", PICA_VSP_STATUS_NO_BLOCK);
        return;
    }
    uint32_t mid = lo + (hi - lo) / 2;
    glsl_open(w, "if (pc < %u)", leaders[mid]);
    emit_tree(w, d, m, leaders, lo, mid, info);
    glsl_close(w, "");
    glsl_open(w, "else");
    emit_tree(w, d, m, leaders, mid, hi, info);
    glsl_close(w, "");
}

/* The helpers every program uses: PICA arithmetic and the flow stacks,
 * written as the interpreter's C. */
static const char prelude[] =
    "vec4 v[16], r[16], o[16];\n"
    "uint pbx; /* b0-b15 as this invocation reads them */\n"
    "/* zero, read from the uniform block: Mesa's GLSL IR folds x * 0 to +0\n"
    " * (wrong for -0, inf and NaN) and x + 0 to x (wrong for -0) even in\n"
    " * precise code, so no zero the generated code produces is a literal */\n"
    "float pz;\n"
    "int a0x, a0y, aL;\n"
    "bool cx, cy;\n"
    "uint status;\n"
    "int pc;\n"
    "int ncall, tcall, nif, tif, nloop, tloop;\n"
    "int call_end[4], call_ret[4];\n"
    "int if_else[8], if_end[8];\n"
    "int loop_entry[4], loop_end[4], loop_count[4], loop_inc[4], loop_prev[4];\n"
    "/* a * b with 0 * inf = 0; a NaN operand still gives NaN */\n"
    "float pm(float a, float b) {\n"
    "    precise float p = a * b;\n"
    "    return (isnan(p) && !isnan(a) && !isnan(b)) ? pz : p;\n"
    "}\n"
    "float padd(float a, float b) { precise float s = a + b; return s; }\n"
    "float pmad(float a, float b, float c) {\n"
    "    precise float s = pm(a, b) + c;\n"
    "    return s;\n"
    "}\n"
    "float pdot3(vec4 a, vec4 b) {\n"
    "    precise float s = (pm(a.x, b.x) + pm(a.y, b.y)) + pm(a.z, b.z);\n"
    "    return s;\n"
    "}\n"
    "float pdot4(vec4 a, vec4 b) {\n"
    "    precise float s = ((pm(a.x, b.x) + pm(a.y, b.y)) + pm(a.z, b.z)) + pm(a.w, b.w);\n"
    "    return s;\n"
    "}\n"
    "float psge(float a, float b) { return a >= b ? 1.0 : pz; }\n"
    "float pslt(float a, float b) { return a < b ? 1.0 : pz; }\n"
    "float pmax(float a, float b) { precise float m = a > b ? a : b; return m; }\n"
    "float pmin(float a, float b) { precise float m = a < b ? a : b; return m; }\n"
    "float prcp(float x) { precise float q = 1.0 / x; return x == 0.0 ? uintBitsToFloat(0x7F800000u) : q; }\n"
    "float prsq(float x) { precise float s = sqrt(x); precise float q = 1.0 / s;\n"
    "    return x == 0.0 ? uintBitsToFloat(0x7F800000u) : q;\n"
    "}\n"
    "int pmova(float x) { return (x > -2147483648.0 && x < 2147483648.0) ? int(x) : (-2147483647 - 1); }\n"
    "/* relative addressing (3dbrew): offsets outside -128..127 are not\n"
    " * applied, the index wraps at 0x7F, past c95 reads (1, 1, 1, 1) */\n"
    "vec4 crel(int base, int off) {\n"
    "    if (off < -128 || off > 127)\n"
    "        off = 0;\n"
    "    int i = (base + off) & 127;\n"
    "    return i < 96 ? PU_C[i] : vec4(1.0);\n"
    "}\n"
    "/* the stacks drop their oldest entry on overflow */\n"
    "void push_call(int end, int ret) {\n"
    "    tcall = (tcall + 1) % 4; call_end[tcall] = end; call_ret[tcall] = ret;\n"
    "    if (ncall == 4) status |= 16u; else ncall++;\n"
    "}\n"
    "void push_if(int else_at, int end) {\n"
    "    tif = (tif + 1) % 8; if_else[tif] = else_at; if_end[tif] = end;\n"
    "    if (nif == 8) status |= 16u; else nif++;\n"
    "}\n"
    "void push_loop(int entry, int end, int count, int inc) {\n"
    "    tloop = (tloop + 1) % 4; loop_entry[tloop] = entry; loop_end[tloop] = end;\n"
    "    loop_count[tloop] = count; loop_inc[tloop] = inc; loop_prev[tloop] = aL;\n"
    "    if (nloop == 4) status |= 16u; else nloop++;\n"
    "}\n"
    "/* where execution goes after instruction `old` (shader_vm.c resolve):\n"
    " * CALL scopes close first, up to four, the fourth not moving the pc;\n"
    " * then one IF scope and one LOOP iteration. True when a scope closed. */\n"
    "bool resolve(int old, int jump, bool brk) {\n"
    "    bool closed = false;\n"
    "    pc = jump >= 0 ? jump : old + 1;\n"
    "    int next = old + 1;\n"
    "    for (int i = 0; i < 4 && ncall > 0 && call_end[tcall] == next; i++) {\n"
    "        if (i < 3) {\n"
    "            pc = call_ret[tcall];\n"
    "            next = pc;\n"
    "        }\n"
    "        tcall = (tcall + 3) % 4; ncall--; closed = true;\n"
    "    }\n"
    "    if (nif > 0 && if_else[tif] == old + 1) {\n"
    "        pc = if_end[tif];\n"
    "        tif = (tif + 7) % 8; nif--; closed = true;\n"
    "    }\n"
    "    if (nloop > 0 && (loop_end[tloop] == old + 1 || brk)) {\n"
    "        closed = true;\n"
    "        aL += loop_inc[tloop];\n"
    "        if (!brk && loop_count[tloop] > 0) {\n"
    "            loop_count[tloop]--;\n"
    "            pc = loop_entry[tloop];\n"
    "        } else {\n"
    "            pc = loop_end[tloop];\n"
    "            if (nloop > 1)\n"
    "                aL = loop_prev[tloop];\n"
    "            tloop = (tloop + 3) % 4; nloop--;\n"
    "        }\n"
    "    }\n"
    "    return closed;\n"
    "}\n";

void pica_vsp_used_range(const uint32_t *code, uint32_t entry, uint32_t *lo, uint32_t *hi)
{
    *lo = *hi = 0;
    if (entry >= WORDS)
        return;
    static _Thread_local flowmap m;
    analyse(&m, code, entry);
    uint32_t a = WORDS, b = 0;
    for (uint32_t at = 0; at < WORDS; at++)
        if (m.reach[at]) {
            if (at < a)
                a = at;
            b = at + 1;
        }
    *lo = a < b ? a : 0;
    *hi = b;
}

/* One varying of the fragment stage (shadergen/pica_fs.c's inputs) from
 * semantics first..first+n-1. */
static void emit_varying(glsl_writer *w, const uint8_t *map, const char *arr, const char *name, unsigned first,
                         unsigned n, bool color)
{
    char parts[4][24];
    for (unsigned k = 0; k < n; k++) {
        uint8_t s = map[first + k];
        if (s >= 64)
            glsl_format(parts[k], sizeof parts[k], "1.0");
        else if (color)
            glsl_format(parts[k], sizeof parts[k], "pclamp(%s[%u].%c)", arr, s / 4u, comp_name[s % 4u]);
        else
            glsl_format(parts[k], sizeof parts[k], "%s[%u].%c", arr, s / 4u, comp_name[s % 4u]);
    }
    if (n == 1)
        glsl_line(w, "pica_%s = %s;", name, parts[0]);
    else if (n == 2)
        glsl_line(w, "pica_%s = vec2(%s, %s);", name, parts[0], parts[1]);
    else if (n == 3)
        glsl_line(w, "pica_%s = vec3(%s, %s, %s);", name, parts[0], parts[1], parts[2]);
    else
        glsl_line(w, "pica_%s = vec4(%s, %s, %s, %s);", name, parts[0], parts[1], parts[2], parts[3]);
}

/* The draw path's epilogue: the same arithmetic as shadergen/pica_vs.c
 * applies to a pica_out_vertex, so both paths rasterise the same values;
 * the output registers are `arr` (o, or an emitted geometry vertex). */
static void emit_draw_outputs(glsl_writer *w, const pica_vsp_desc *d, const char *arr)
{
    emit_varying(w, d->outmap, arr, "color", 8, 4, true);
    emit_varying(w, d->outmap, arr, "texcoord0", 12, 2, false);
    emit_varying(w, d->outmap, arr, "texcoord1", 14, 2, false);
    emit_varying(w, d->outmap, arr, "texcoord2", 22, 2, false);
    emit_varying(w, d->outmap, arr, "texcoord0_w", 16, 1, false);
    emit_varying(w, d->outmap, arr, "normquat", 4, 4, false);
    emit_varying(w, d->outmap, arr, "view", 18, 3, false);
    char p[4][24];
    for (unsigned k = 0; k < 4; k++) {
        uint8_t s = d->outmap[k];
        if (s >= 64)
            glsl_format(p[k], sizeof p[k], "1.0");
        else
            glsl_format(p[k], sizeof p[k], "%s[%u].%c", arr, s / 4u, comp_name[s % 4u]);
    }
    glsl_line(w, "vec4 p = vec4(%s, %s, %s, %s);", p[0], p[1], p[2], p[3]);
    glsl_text(w, "    float zw = p.z / p.w;\n"
                 "    if (zw > 0.0 && zw < 0.000001)\n"
                 "        p.z = 0.0;\n"
                 "    if (zw < -1.0 && zw > -1.00001)\n"
                 "        p.z = -p.w;\n"
                 "    gl_Position = vec4(p.xy, 2.0 * p.z + p.w, p.w);\n");
    if (d->clip && d->gles)
        glsl_text(w, "#ifdef GL_EXT_clip_cull_distance\n"
                     "    gl_ClipDistance[0] = dot(vu.clip_plane, p);\n"
                     "#endif\n");
    else if (d->clip)
        glsl_text(w, "    gl_ClipDistance[0] = dot(vu.clip_plane, p);\n");
}

/* A geometry shader's bound on emitted triangles (see the header): with
 * no CALL and no JMP/IF to itself or backwards in reachable code the pc
 * goes back only where a LOOP repeats, so with no LOOP each reachable EMIT
 * runs at most once; the LOOPs and EMITs are kept for pica_gsp_bound_prims. */
static bool gs_emit_bound(const flowmap *m, const uint32_t *code, pica_gsp_bound *b, uint32_t *prims, char *why,
                          size_t why_size)
{
    uint32_t emits = 0;
    memset(b, 0, sizeof *b);
    for (uint32_t at = 0; at < WORDS; at++) {
        if (!m->reach[at])
            continue;
        uint32_t word = code[at], op = pica_isa_opcode(word);
        switch (op) {
        case PICA_OP_LOOP:
            if (b->loops == PICA_GSP_MAX_LOOPS) {
                snprintf(why, why_size, "geometry shader: more than %u LOOPs can run (emitted triangles not bounded)",
                         PICA_GSP_MAX_LOOPS);
                return false;
            }
            b->loop_at[b->loops] = (uint16_t)at;
            b->loop_end[b->loops] = (uint16_t)pica_isa_target(word);
            b->loop_reg[b->loops] = (uint8_t)(pica_isa_uniform_id(word) & 3u);
            b->loops++;
            break;
        case PICA_OP_CALL:
        case PICA_OP_CALLC:
        case PICA_OP_CALLU:
            snprintf(why, why_size, "geometry shader: CALL at 0x%03X (emitted triangles not bounded statically)", at);
            return false;
        case PICA_OP_JMPC:
        case PICA_OP_JMPU:
        case PICA_OP_IFU:
        case PICA_OP_IFC:
            if (pica_isa_target(word) <= at) {
                snprintf(why, why_size,
                         "geometry shader: backward target 0x%03X at 0x%03X (emitted triangles not bounded "
                         "statically)",
                         pica_isa_target(word), at);
                return false;
            }
            break;
        case PICA_OP_EMIT:
            if (emits < PICA_GSP_MAX_PRIMS)
                b->emit_at[emits] = (uint16_t)at;
            emits++;
            break;
        default:
            break;
        }
    }
    if (emits > PICA_GSP_MAX_PRIMS) {
        snprintf(why, why_size, "geometry shader: %u EMITs can run, more than the %u triangles the GPU path allows",
                 emits, PICA_GSP_MAX_PRIMS);
        return false;
    }
    b->emits = (uint8_t)emits;
    /* with LOOPs the triangles depend on the integer uniforms: the most the
     * GPU path allows, checked per draw */
    *prims = b->loops ? PICA_GSP_MAX_PRIMS : emits;
    return true;
}

/* Runs of instruction `at` at most: one pass, and each repeat of a LOOP
 * whose body [its word + 1, its end] holds `at` starts one more pass
 * through it (the pc goes back only there: gs_emit_bound), i0-i3.x of them
 * a run of the LOOP word. `runs` holds the LOOP words' bounds, for the
 * LOOPs before `at` (their word is before their body). Saturates at
 * `cap` + 1. */
static uint32_t gs_runs(const pica_gsp_bound *b, const uint32_t *runs, const uint8_t (*ints)[4], uint32_t at,
                        uint32_t cap)
{
    uint64_t n = 1;
    for (uint32_t l = 0; l < b->loops; l++)
        if (b->loop_at[l] < at && at <= b->loop_end[l])
            n += (uint64_t)ints[b->loop_reg[l]][0] * runs[l];
    return n > cap ? cap + 1 : (uint32_t)n;
}

uint32_t pica_gsp_bound_prims(const pica_gsp_bound *b, const uint8_t (*ints)[4])
{
    if (!b->loops)
        return b->emits;
    uint32_t runs[PICA_GSP_MAX_LOOPS];
    for (uint32_t l = 0; l < b->loops; l++) /* loop_at ascending: the LOOPs before come first */
        runs[l] = gs_runs(b, runs, ints, b->loop_at[l], PICA_GSP_MAX_PRIMS);
    uint32_t prims = 0;
    for (uint32_t e = 0; e < b->emits && prims <= PICA_GSP_MAX_PRIMS; e++)
        prims += gs_runs(b, runs, ints, b->emit_at[e], PICA_GSP_MAX_PRIMS);
    return prims > PICA_GSP_MAX_PRIMS ? PICA_GSP_MAX_PRIMS + 1 : prims;
}

bool pica_gsp_bound_find(const uint32_t *code, uint32_t entry, pica_gsp_bound *b, char *why, size_t why_size)
{
    if (why_size)
        why[0] = 0;
    memset(b, 0, sizeof *b);
    if (entry >= WORDS) {
        snprintf(why, why_size, "entry point 0x%X is past the 4096-word code memory", entry);
        return false;
    }
    static _Thread_local flowmap m;
    analyse(&m, code, entry);
    uint32_t prims;
    return gs_emit_bound(&m, code, b, &prims, why, why_size);
}

/* The reachable code from `entry` (in m): how many instructions it has,
 * whether its flow can go back (LOOP, CALL, BREAK/BREAKC, a JMP or IF to
 * itself or backwards) and whether it holds something else an invocation
 * reports (pica_vsp_may_report). */
static void scan_reachable(const flowmap *m, const uint32_t *code, bool geometry, uint32_t *count, bool *back,
                           bool *reports)
{
    *count = 0;
    *back = *reports = false;
    for (uint32_t at = 0; at < WORDS; at++) {
        if (!m->reach[at])
            continue;
        ++*count;
        uint32_t word = code[at], op = pica_isa_opcode(word);
        switch (op) {
        case PICA_OP_LOOP:
        case PICA_OP_CALL:
        case PICA_OP_CALLC:
        case PICA_OP_CALLU:
        case PICA_OP_BREAK:
        case PICA_OP_BREAKC:
            *back = true;
            break;
        case PICA_OP_JMPC:
        case PICA_OP_JMPU:
        case PICA_OP_IFU:
        case PICA_OP_IFC:
            *back |= pica_isa_target(word) <= at;
            break;
        case PICA_OP_EMIT:
        case PICA_OP_SETEMIT:
            /* an EMIT after SETEMIT of slot 3 reports PICA_VM_BAD_VERTEX_ID */
            *reports |= !geometry || (op == PICA_OP_SETEMIT && pica_isa_vertex_id(word) == 3);
            break;
        default:
            *reports |= format_of(op) == PICA_FMT_UNKNOWN;
            break;
        }
    }
}

bool pica_vsp_may_report(const uint32_t *code, uint32_t entry, uint32_t step_limit, bool geometry)
{
    if (entry >= WORDS)
        return true;
    static _Thread_local flowmap m;
    analyse(&m, code, entry);
    uint32_t limit = step_limit ? step_limit : PICA_VM_DEFAULT_STEP_LIMIT, count;
    if (m.reach[WORDS - 1])
        return true;
    bool back, reports;
    scan_reachable(&m, code, geometry, &count, &back, &reports);
    return back || reports || count > limit;
}

uint32_t pica_vsp_step_bound(const uint32_t *code, uint32_t entry, uint32_t step_limit, uint32_t *reachable)
{
    const uint32_t limit = step_limit ? step_limit : PICA_VM_DEFAULT_STEP_LIMIT;
    /* the dispatcher checks the count after a block (pica_vsp_generate):
     * at most a block, WORDS instructions, past the limit */
    const uint32_t capped = limit > UINT32_MAX - WORDS ? UINT32_MAX : limit + WORDS;
    if (reachable)
        *reachable = 1;
    if (entry >= WORDS)
        return 1;
    static _Thread_local flowmap m;
    analyse(&m, code, entry);
    uint32_t count;
    bool back, reports;
    scan_reachable(&m, code, false, &count, &back, &reports);
    count = count ? count : 1;
    if (reachable)
        *reachable = count;
    return back ? capped : count < capped ? count : capped;
}

static bool gs_input_ok(const pica_vsp_desc *d, char *why, size_t why_size)
{
    const pica_gsp_input *g = &d->gs;
    unsigned v = g->vertices;
    if (g->mode == 1 && (g->main_vertices < 1 || g->main_vertices > v)) {
        snprintf(why, why_size,
                 "geometry shader in variable-size input mode (vertex counts in the index stream) with %u of %u "
                 "main vertices",
                 g->main_vertices, v);
        return false;
    }
    if (g->mode > 2 || g->per_vertex < 1 || g->per_vertex > 16 || !(v == 1 || v == 2 || v == 3 || v == 4 || v == 6)) {
        snprintf(why, why_size, "geometry shader input mode %u, %u vertices of %u registers: no GL primitive",
                 g->mode, v, g->per_vertex);
        return false;
    }
    if (g->mode == 0 && (d->input_count < 1 || (d->input_count + g->per_vertex - 1) / g->per_vertex != v)) {
        snprintf(why, why_size, "geometry shader point mode: %u inputs of %u registers a vertex are not %u vertices",
                 d->input_count, g->per_vertex, v);
        return false;
    }
    return true;
}

/* The geometry shader's helpers: the emitter (shader_vm.c emit_vertex) and
 * what an emitted triangle becomes. */
static void emit_gs_helpers(glsl_writer *w, const pica_vsp_desc *d, bool draw, bool loops)
{
    glsl_text(w, "vec4 ob[16];  /* the other output bank */\n"
                 "vec4 e0[16], e1[16], e2[16];  /* emit buffer: vertex slots 0-2 */\n"
                 "uint eid, nprim;\n"
                 "bool eprim, ewind;\n");
    if (draw) {
        glsl_open(w, "void pput(vec4 q[16])");
        emit_draw_outputs(w, d, "q");
        glsl_line(w, "EmitVertex();");
        glsl_close(w, "");
        /* the assembler's geometry mode: the winding flag swaps the first two */
        glsl_open(w, "void pemit()");
        if (loops) /* never past max_vertices: the draw path checks the bound per draw (pica_gsp_bound_prims) */
            glsl_line(w, "if (nprim >= %uu) return;", PICA_GSP_MAX_PRIMS);
        glsl_line(w, "if (ewind) { pput(e1); pput(e0); } else { pput(e0); pput(e1); }");
        glsl_line(w, "pput(e2);");
        glsl_line(w, "EndPrimitive();");
        glsl_line(w, "nprim++;");
        glsl_close(w, "");
    } else {
        glsl_open(w, "void pput(vec4 q[16], uint at)");
        glsl_line(w, "for (int k = 0; k < 16; k++)");
        glsl_line(w, "    for (int c = 0; c < 4; c++) pica_capture[at + uint(4 * k + c)] = floatBitsToUint(q[k][c]);");
        glsl_close(w, "");
        glsl_open(w, "void pemit()");
        glsl_open(w, "if (nprim < %uu)", PICA_GSP_MAX_PRIMS);
        glsl_line(w, "uint at = uint(gl_PrimitiveIDIn) * %uu + 4u + nprim * 192u;", PICA_GSP_CAPTURE_WORDS);
        glsl_line(w, "if (ewind) { pput(e1, at); pput(e0, at + 64u); } else { pput(e0, at); pput(e1, at + 64u); }");
        glsl_line(w, "pput(e2, at + 128u);");
        glsl_close(w, "");
        glsl_line(w, "nprim++;");
        glsl_close(w, "");
    }
    glsl_line(w, "/* EMIT: vertex slot eid (3: none, reported), the triangle, then the banks swap */");
    glsl_open(w, "void pemitv()");
    glsl_line(w, "if (eid >= 3u) status |= %uu;", PICA_VM_BAD_VERTEX_ID);
    glsl_text(w, "    else {\n"
                 "        if (eid == 0u) e0 = o; else if (eid == 1u) e1 = o; else e2 = o;\n"
                 "        if (eprim) pemit();\n"
                 "    }\n"
                 "    vec4 t[16] = o;\n"
                 "    o = ob;\n"
                 "    ob = t;\n");
    glsl_close(w, "");
}

static const char *const gs_prim_in[7] = {NULL, "points", "lines", "triangles", "lines_adjacency", NULL,
                                          "triangles_adjacency"};

bool pica_vsp_generate(const pica_vsp_desc *d, glhle_bytebuf *out, pica_vsp_info *info, char *why, size_t why_size)
{
    if (why_size)
        why[0] = 0;
    pica_vsp_info dummy;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    if (d->entry >= WORDS) {
        snprintf(why, why_size, "entry point 0x%X is past the 4096-word code memory", d->entry);
        return false;
    }
    if (d->input_count > 16) {
        snprintf(why, why_size, "%u input attributes (at most 16)", d->input_count);
        return false;
    }
    const bool gs = d->geometry;
    if (gs && !gs_input_ok(d, why, why_size))
        return false;
    if (d->output == PICA_VSP_OUTPUT_GS_FEED && (gs || d->gs.per_vertex < 1 || d->gs.per_vertex > 16)) {
        snprintf(why, why_size, "a vertex shader feeding %u registers a vertex to the geometry shader",
                 d->gs.per_vertex);
        return false;
    }
    static _Thread_local flowmap m;
    analyse(&m, d->code, d->entry);
    pica_gsp_bound bound;
    if (gs && !gs_emit_bound(&m, d->code, &bound, &info->max_prims, why, why_size))
        return false;
    uint32_t limit = d->step_limit ? d->step_limit : PICA_VM_DEFAULT_STEP_LIMIT;
    if (limit > UINT32_MAX - 4u * WORDS)
        limit = UINT32_MAX - 4u * WORDS;

    glsl_writer w;
    glsl_writer_init(&w, out);
    const bool draw = d->output == PICA_VSP_OUTPUT_DRAW;
    const bool feed = d->output == PICA_VSP_OUTPUT_GS_FEED;
    /* the forms the draw path uses, which may report their status */
    const bool status = (draw || feed) && d->report_status;
    /* fixed and variable mode: the vertices come in c registers */
    const bool arrays = gs && d->gs.mode != 0;
    glsl_text(&w, d->gles ? "#version 320 es\n" : "#version 450 core\n");
    if (d->gles && draw && d->clip)
        glsl_text(&w, "#extension GL_EXT_clip_cull_distance : enable\n");
    if (d->gles)
        glsl_text(&w, "precision highp float;\nprecision highp int;\n");
    if (gs) {
        glsl_line(&w, "layout(%s) in;", gs_prim_in[d->gs.vertices]);
        glsl_line(&w, "layout(triangle_strip, max_vertices = %u) out;",
                  draw && info->max_prims ? 3u * info->max_prims : 1u);
    }
    /* a geometry shader's block has its own name and binding, so a program
     * can link it with a vertex shader reading the VS unit's uniforms */
    if (gs)
        glsl_line(&w, "layout(std140, binding = %d) uniform PicaGsUniforms {", PICA_GSP_UBO_BINDING);
    else
        glsl_line(&w, "layout(std140, binding = %d) uniform PicaShaderUniforms {", PICA_VSP_UBO_BINDING);
    glsl_text(&w, "    vec4 c[96];\n"
                  "    uvec4 i[4];\n"
                  "    uvec4 b;\n"
                  "} pu;\n");
    if (arrays)
        glsl_text(&w, "vec4 pcc[96]; /* c0-c95 with the fixed- or variable-mode inputs over them */\n"
                      "#define PU_C pcc\n");
    else
        glsl_text(&w, "#define PU_C pu.c\n");
    if (gs)
        for (uint32_t k = 0; k < d->gs.per_vertex; k++)
            glsl_line(&w, "layout(location = %u) in vec4 pica_gs_in%u[];", k, k);
    else
        for (uint32_t a = 0; a < d->input_count; a++)
            glsl_line(&w, "layout(location = %u) in vec4 pica_in%u;", a, a);
    /* the draw form and the geometry shader's feed of a program that may
     * loop also sum their invocations' steps (the run's budget, primitive.h
     * pica_charge_steps; the rasterizer reads it back) */
    if (status)
        glsl_line(&w, "layout(std430, binding = %d) buffer PicaStatus { uint pica_status; uint pica_steps; };",
                  PICA_VSP_STATUS_SSBO_BINDING);
    if (feed)
        for (uint32_t k = 0; k < d->gs.per_vertex; k++)
            glsl_line(&w, "layout(location = %u) out vec4 pica_gs_in%u;", k, k);
    if (feed) {
        /* no fragment-stage varyings: the geometry shader writes them */
    } else if (draw) {
        glsl_line(&w, "layout(std140, binding = %d) uniform PicaVsUniforms { vec4 clip_plane; } vu;",
                  PICA_VS_UBO_BINDING);
        glsl_text(&w, "out vec4 pica_color;\n"
                      "out vec2 pica_texcoord0;\n"
                      "out vec2 pica_texcoord1;\n"
                      "out vec2 pica_texcoord2;\n"
                      "out float pica_texcoord0_w;\n"
                      "out vec4 pica_normquat;\n"
                      "out vec3 pica_view;\n"
                      "/* the rasteriser's colour: min(|c|, 1), a NaN giving 1 (primitive.c) */\n"
                      "float pclamp(float c) { float a = abs(c); return a < 1.0 ? a : 1.0; }\n");
    } else {
        glsl_line(&w, "layout(std430, binding = %d) buffer PicaCapture { uint pica_capture[]; };",
                  PICA_VSP_SSBO_BINDING);
    }
    glsl_text(&w, prelude);
    if (gs)
        emit_gs_helpers(&w, d, draw, bound.loops != 0);

    glsl_open(&w, "void main()");
    glsl_text(&w, "    pz = uintBitsToFloat(pu.b.y);\n"
                  "    for (int k = 0; k < 16; k++) {\n"
                  "        v[k] = vec4(pz);\n"
                  "        r[k] = vec4(pz);\n"
                  "        o[k] = vec4(pz);\n"
                  "    }\n"
                  "    a0x = 0; a0y = 0; aL = 0; cx = false; cy = false; status = 0u;\n"
                  "    ncall = 0; tcall = 0; nif = 0; tif = 0; nloop = 0; tloop = 0;\n");
    if (gs) {
        /* b15 is set after every invocation (primitive.c run_gs) */
        glsl_text(&w, "    pbx = pu.b.x | (gl_PrimitiveIDIn > 0 ? 0x8000u : 0u);\n"
                      "    for (int k = 0; k < 16; k++) ob[k] = vec4(pz);\n"
                      "    for (int k = 0; k < 16; k++) { e0[k] = vec4(pz); e1[k] = vec4(pz); e2[k] = vec4(pz); }\n"
                      "    eid = 0u; nprim = 0u; eprim = false; ewind = false;\n");
        if (arrays) {
            glsl_text(&w, "    for (int k = 0; k < 96; k++) pcc[k] = pu.c[k];\n");
            const bool variable = d->gs.mode == 1;
            uint32_t c = d->gs.start_index;
            if (variable) { /* c0: the vertex count; the vertices from c1 (primitive.c gs_count) */
                glsl_line(&w, "pcc[0] = vec4(%u.0);", d->gs.vertices);
                c = 1;
            }
            /* registers past c95 are dropped, as the CPU path drops them */
            for (uint32_t j = 0; j < d->gs.vertices; j++) {
                const uint32_t regs = variable && j >= d->gs.main_vertices ? 1u : d->gs.per_vertex;
                for (uint32_t k = 0; k < regs; k++, c++)
                    if (c < 96)
                        glsl_line(&w, "pcc[%u] = pica_gs_in%u[%u];", c, k, j);
            }
        } else {
            for (uint32_t a = 0; a < d->input_count; a++)
                glsl_line(&w, "v[%u] = pica_gs_in%u[%u];", d->input_register[a] & 15u, a % d->gs.per_vertex,
                          a / d->gs.per_vertex);
        }
    } else {
        glsl_text(&w, "    pbx = pu.b.x;\n");
        for (uint32_t a = 0; a < d->input_count; a++)
            glsl_line(&w, "v[%u] = pica_in%u;", d->input_register[a] & 15u, a);
    }
    glsl_text(&w, "    precise vec4 s0, s1, s2;\n"
                  "    precise float t;\n"
                  "    uint steps = 0u;\n");
    glsl_line(&w, "pc = %u;", d->entry);
    glsl_line(&w, "bool ended = false;");
    /* every iteration runs at least one instruction, and at most 4096 run
     * between two step checks, so the cap never cuts a run the interpreter
     * would finish */
    /* (it starts from the uniform block's zero: a trip count the compiler
     * could see makes Mesa try to unroll the loop, for minutes) */
    glsl_open(&w, "for (uint it = pu.b.y; it < %uu; it++)", limit + 2u * WORDS);
    glsl_text(&w, "        int old = 0, jump = -1;\n"
                  "        bool brk = false, flow = false, stop = false;\n");
    if (gs)
        glsl_text(&w, "        bool emitnow = false;\n");
    static _Thread_local uint16_t leaders[WORDS];
    uint32_t nleaders = 0;
    for (uint32_t at = 0; at < WORDS; at++)
        if (m.reach[at] && m.leader[at])
            leaders[nleaders++] = (uint16_t)at;
    info->blocks = nleaders;
    emit_tree(&w, d, &m, leaders, 0, nleaders, info);
    if (gs)
        glsl_text(&w, "        if (emitnow)\n"
                      "            pemitv();\n");
    glsl_text(&w, "        if (stop) {\n"
                  "            ended = true;\n"
                  "            break;\n"
                  "        }\n"
                  "        bool closed = resolve(old, jump, brk);\n");
    glsl_open(&w, "if (flow || closed || old == %u)", WORDS - 1);
    glsl_line(&w, "if (steps > %uu) { status |= %uu; ended = true; break; }", limit, PICA_VM_STEP_LIMIT);
    glsl_line(&w, "if (pc >= %u) { status |= %uu; ended = true; break; }", WORDS, PICA_VM_RAN_OFF_END);
    glsl_close(&w, "");
    glsl_close(&w, "");
    /* the loop ended by neither: cut by the iteration cap or by the host
     * (llvmpipe ends any loop after 65535 iterations, which a program the
     * interpreter stops at the step limit reaches first): a stopped
     * invocation all the same */
    glsl_line(&w, "if (!ended) status |= %uu;", PICA_VM_STEP_LIMIT);
    if (status)
        glsl_text(&w, "    if (status != 0u)\n"
                      "        atomicOr(pica_status, status);\n");
    /* only a program that may loop sums its steps: the rasterizer reads
     * them back only then (a forward-only program is charged its bound),
     * and a sum nobody reads would come back with a later draw's */
    if (status && pica_vsp_may_report(d->code, d->entry, d->step_limit, gs))
        glsl_text(&w, "    atomicAdd(pica_steps, steps);\n");
    if (feed) {
        /* primitive.c gs_input: the mask's registers packed in order */
        uint32_t k = 0;
        for (uint32_t reg = 0; reg < 16 && k < d->gs.per_vertex; reg++)
            if (d->feed_mask & (1u << reg)) {
                glsl_line(&w, "pica_gs_in%u = o[%u];", k, reg);
                k++;
            }
        for (; k < d->gs.per_vertex; k++)
            glsl_line(&w, "pica_gs_in%u = vec4(pz);", k);
        glsl_text(&w, "    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n");
    } else if (gs && !draw) {
        glsl_line(&w, "uint at = uint(gl_PrimitiveIDIn) * %uu;", PICA_GSP_CAPTURE_WORDS);
        glsl_text(&w, "    pica_capture[at] = status;\n"
                      "    pica_capture[at + 1u] = steps;\n"
                      "    pica_capture[at + 2u] = nprim;\n"
                      "    pica_capture[at + 3u] = 0u;\n");
    } else if (draw && !gs) {
        emit_draw_outputs(&w, d, "o");
    } else if (!draw) {
        glsl_line(&w, "uint at = uint(gl_VertexID) * %uu;", PICA_VSP_CAPTURE_WORDS);
        glsl_text(&w, "    for (int k = 0; k < 16; k++)\n"
                      "        for (int c = 0; c < 4; c++)\n"
                      "            pica_capture[at + uint(4 * k + c)] = floatBitsToUint(o[k][c]);\n"
                      "    pica_capture[at + 64u] = status;\n"
                      "    pica_capture[at + 65u] = steps;\n"
                      "    pica_capture[at + 66u] = 0u;\n"
                      "    pica_capture[at + 67u] = 0u;\n"
                      "    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n");
    }
    glsl_close(&w, "");
    if (!glsl_writer_ok(&w)) {
        snprintf(why, why_size, "the generated shader is larger than the output buffer allows");
        return false;
    }
    return true;
}

bool pica_vsp_translatable(const pica_vsp_desc *d, char *why, size_t why_size)
{
    if (why_size)
        why[0] = 0;
    if (d->entry >= WORDS) {
        snprintf(why, why_size, "entry point 0x%X is past the 4096-word code memory", d->entry);
        return false;
    }
    if (d->input_count > 16) {
        snprintf(why, why_size, "%u input attributes (at most 16)", d->input_count);
        return false;
    }
    if (!d->geometry)
        return true; /* a vertex shader: every program translates */
    if (!gs_input_ok(d, why, why_size))
        return false;
    static _Thread_local flowmap m;
    analyse(&m, d->code, d->entry);
    uint32_t prims;
    pica_gsp_bound bound;
    return gs_emit_bound(&m, d->code, &bound, &prims, why, why_size);
}
