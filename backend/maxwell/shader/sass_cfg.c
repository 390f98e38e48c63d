/* Control-flow discovery (sass_cfg.h). Two passes per program:
 *  1. exploration: from each function's entry, walk instructions in order,
 *     applying each one's effect on the reconvergence stack; a branch ends
 *     the walk and queues its targets. Every instruction remembers the stack
 *     it was reached with (interned, so a stack is a small id) and whether it
 *     starts or ends a block.
 *  2. blocks and edges: maximal runs between those marks; each block's
 *     successors come from the same step function applied to its last
 *     instruction, so the two passes cannot disagree.
 * The stack rules follow yuzu's control_flow.cpp (Stack::Push/Pop/Peek);
 * the jump-table tracking for BRX follows its indirect_branch_table_track.cpp
 * (LDC from a constant buffer, indexed by a register bounded by ISETP). */
#include "backend/maxwell/shader/sass_cfg.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STACKS 1024u

typedef struct stack_rec {
    uint8_t depth;
    mw_sass_stack_entry e[MW_SASS_CFG_MAX_STACK];
} stack_rec;

enum { F_VISITED = 1, F_LEADER = 2, F_END = 4 };

typedef struct func_state {
    uint32_t entry;
    uint8_t *flags;  /* per instruction */
    uint16_t *sid;   /* stack id each instruction is reached with */
} func_state;

typedef struct work {
    uint32_t function, index;
    uint16_t stack;
} work;

typedef struct succ {
    uint32_t target; /* instruction index */
    uint16_t stack;
    uint8_t kind;    /* mw_sass_edge_kind */
} succ;

typedef struct step {
    bool ends;           /* the block ends after this instruction */
    uint8_t end;         /* mw_sass_block_end */
    bool conditional;
    uint16_t next_stack; /* when it does not end */
    int32_t callee;      /* CAL: instruction index of the callee entry */
    uint32_t nsucc;
    succ s[MW_SASS_CFG_MAX_TABLE + 1];
} step;

typedef struct ctx {
    mw_sass_program *p;
    const mw_sass_decode_desc *desc;
    uint32_t max_blocks;
    stack_rec *stacks;
    uint32_t nstacks;
    func_state funcs[MW_SASS_CFG_MAX_FUNCTIONS];
    uint32_t nfuncs;
    work *queue;
    uint32_t qhead, qtail, qcap;
    uint32_t leaders;
} ctx;

__attribute__((format(printf, 3, 4))) static glhle_result fail(ctx *c, glhle_result r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->p->error, sizeof c->p->error, fmt, ap);
    va_end(ap);
    return r;
}

static bool stack_equal(const stack_rec *a, const stack_rec *b)
{
    return a->depth == b->depth && memcmp(a->e, b->e, sizeof a->e[0] * a->depth) == 0;
}

static glhle_result intern(ctx *c, const stack_rec *s, uint16_t *id)
{
    for (uint32_t i = 0; i < c->nstacks; i++)
        if (stack_equal(&c->stacks[i], s)) {
            *id = (uint16_t)i;
            return GLHLE_RESULT_OK;
        }
    if (c->nstacks >= MAX_STACKS)
        return fail(c, GLHLE_RESULT_LIMIT_EXCEEDED, "more than %u distinct reconvergence stacks", MAX_STACKS);
    c->stacks[c->nstacks] = *s;
    memset(&c->stacks[c->nstacks].e[s->depth], 0, sizeof s->e[0] * (MW_SASS_CFG_MAX_STACK - s->depth));
    *id = (uint16_t)c->nstacks++;
    return GLHLE_RESULT_OK;
}

static bool guard_never(const mw_sass_inst *in)
{
    return in->pred == MW_SASS_PT && in->pred_neg;
}
static bool guard_conditional(const mw_sass_inst *in)
{
    return in->pred != MW_SASS_PT || in->mods.cc_test != 15;
}
static bool cc_never(const mw_sass_inst *in)
{
    return in->mods.cc_test == 0; /* condition code test F */
}

/* A code offset (branch target) as an instruction index; a control word's
 * offset means the instruction after it (the hardware skips metadata). */
static glhle_result target_index(ctx *c, const mw_sass_inst *in, int64_t target, uint32_t *out)
{
    if (target >= 0 && (target & 31) == 0)
        target += 8;
    if (target < 0 || (target & 7) || target >= (int64_t)c->p->code_words * 8)
        return fail(c, GLHLE_RESULT_OUT_OF_BOUNDS, "%s at +0x%x: target 0x%llx is outside the code (0x%x bytes)",
                    mw_sass_op_name((mw_sass_op)in->op), in->offset, (unsigned long long)target,
                    c->p->code_words * 8);
    int32_t i = mw_sass_inst_index((uint32_t)target, c->p->count);
    if (i < 0)
        return fail(c, GLHLE_RESULT_OUT_OF_BOUNDS, "%s at +0x%x: target 0x%llx is not an instruction",
                    mw_sass_op_name((mw_sass_op)in->op), in->offset, (unsigned long long)target);
    *out = (uint32_t)i;
    return GLHLE_RESULT_OK;
}

static glhle_result direct_target(ctx *c, const mw_sass_inst *in, uint32_t *out)
{
    const mw_sass_operand *t = &in->src[0];
    if (in->nsrc < 1 || t->kind != MW_SASS_OPND_TARGET)
        return fail(c, GLHLE_RESULT_BAD_DATA, "%s at +0x%x: target in constant buffer c%u[0x%x] is not supported",
                    mw_sass_op_name((mw_sass_op)in->op), in->offset, t->bank, (unsigned)t->offset);
    return target_index(c, in, t->offset, out);
}

/* The register written by in (first destination), or RZ. */
static uint8_t dst_gpr(const mw_sass_inst *in)
{
    return in->ndst && in->dst[0].kind == MW_SASS_OPND_REG ? in->dst[0].reg : MW_SASS_RZ;
}

static bool is_control(const mw_sass_inst *in)
{
    switch (in->family) {
    case MW_SASS_FAM_BRA: case MW_SASS_FAM_BRX: case MW_SASS_FAM_JMP: case MW_SASS_FAM_JMX:
    case MW_SASS_FAM_CAL: case MW_SASS_FAM_JCAL: case MW_SASS_FAM_RET: case MW_SASS_FAM_EXIT:
    case MW_SASS_FAM_KIL: case MW_SASS_FAM_SYNC: case MW_SASS_FAM_BRK: case MW_SASS_FAM_CONT:
    case MW_SASS_FAM_LONGJMP:
        return true;
    default:
        return false;
    }
}

/* Jump table of a BRX/JMX at index i: LDC Rt, c[bank][Rx + off] (32-bit),
 * Rx = Ry << 2 (SHL or ISCADD with RZ) or Rx itself, bounded by
 * ISETP.GT/GE Rbound, imm; all in the straight-line code before it. */
static glhle_result track_table(ctx *c, uint32_t i, step *st, uint16_t stack)
{
    const mw_sass_inst *in = &c->p->insts[i];
    const char *name = mw_sass_op_name((mw_sass_op)in->op);
    if (!c->desc->read_cbuf)
        return fail(c, GLHLE_RESULT_BAD_DATA, "%s at +0x%x: indirect branch and no constant buffer to read its table",
                    name, in->offset);
    if (guard_conditional(in))
        return fail(c, GLHLE_RESULT_BAD_DATA, "%s at +0x%x: conditional indirect branch is not supported", name,
                    in->offset);
    uint8_t rt = in->src[0].reg;
    int32_t ldc = -1, idx_reg = -1, bound = -1;
    uint32_t lo = i > 64 ? i - 64 : 0;
    uint8_t index_reg = MW_SASS_RZ;
    int32_t cb_off = 0;
    uint8_t bank = 0;
    for (uint32_t k = i; k-- > lo;) {
        const mw_sass_inst *q = &c->p->insts[k];
        if (is_control(q) && !guard_conditional(q))
            break; /* only a conditional exit or branch (the bound check's) can fall through to here */
        if (ldc < 0) {
            if (dst_gpr(q) == rt && q->family == MW_SASS_FAM_LDC && q->mods.dtype == MW_SASS_TYPE_B32 &&
                q->src[0].kind == MW_SASS_OPND_CBUF) {
                ldc = (int32_t)k;
                index_reg = q->src[0].reg;
                cb_off = q->src[0].offset;
                bank = q->src[0].bank;
                idx_reg = index_reg;
            } else if (dst_gpr(q) == rt) {
                break;
            }
            continue;
        }
        /* Rx = Ry << 2 */
        if (idx_reg == index_reg && dst_gpr(q) == index_reg) {
            if ((q->family == MW_SASS_FAM_SHL && q->nsrc == 2 && q->src[1].kind == MW_SASS_OPND_IMM &&
                 q->src[1].imm == 2) ||
                (q->family == MW_SASS_FAM_ISCADD && q->mods.shift == 2 && q->nsrc == 2 &&
                 q->src[1].kind == MW_SASS_OPND_REG && q->src[1].reg == MW_SASS_RZ)) {
                idx_reg = q->src[0].reg;
                continue;
            }
            break;
        }
        if (q->family == MW_SASS_FAM_ISETP && q->nsrc >= 2 && q->src[0].kind == MW_SASS_OPND_REG &&
            q->src[0].reg == idx_reg && q->src[1].kind == MW_SASS_OPND_IMM) {
            uint32_t imm = (uint32_t)q->src[1].imm;
            if (q->mods.cmp == MW_SASS_CMP_GT)
                bound = (int32_t)(imm + 1);
            else if (q->mods.cmp == MW_SASS_CMP_GE)
                bound = (int32_t)imm;
            if (idx_reg == index_reg && bound > 0)
                bound = (bound + 3) / 4; /* a bound on the byte offset */
            break;
        }
    }
    if (ldc < 0 || bound <= 0)
        return fail(c, GLHLE_RESULT_BAD_DATA, "%s at +0x%x: jump table not recognised (%s)", name, in->offset,
                    ldc < 0 ? "no LDC of the target register" : "no ISETP bound on its index");
    if ((uint32_t)bound > MW_SASS_CFG_MAX_TABLE)
        return fail(c, GLHLE_RESULT_LIMIT_EXCEEDED, "%s at +0x%x: jump table of %d entries, more than %u", name,
                    in->offset, bound, MW_SASS_CFG_MAX_TABLE);
    bool absolute = in->family == MW_SASS_FAM_JMX;
    int64_t base = (absolute ? 0 : (int64_t)in->offset + 8) + (int32_t)(uint32_t)in->src[1].imm;
    st->ends = true;
    st->end = MW_SASS_END_INDIRECT;
    for (int32_t k = 0; k < bound; k++) {
        uint32_t v;
        uint32_t off = (uint32_t)(cb_off + 4 * k);
        if (!c->desc->read_cbuf(c->desc->user, bank, off, &v))
            return fail(c, GLHLE_RESULT_BAD_DATA, "%s at +0x%x: jump table entry c%u[0x%x] cannot be read", name,
                        in->offset, bank, off);
        uint32_t t;
        glhle_result r = target_index(c, in, base + (int64_t)(int32_t)v, &t);
        if (r != GLHLE_RESULT_OK)
            return r;
        bool dup = false;
        for (uint32_t s = 0; s < st->nsucc; s++)
            dup |= st->s[s].target == t;
        if (!dup)
            st->s[st->nsucc++] = (succ){t, stack, MW_SASS_EDGE_INDIRECT};
    }
    return GLHLE_RESULT_OK;
}

static uint8_t pop_token(uint8_t family)
{
    switch (family) {
    case MW_SASS_FAM_SYNC: return MW_SASS_TOKEN_SSY;
    case MW_SASS_FAM_BRK: return MW_SASS_TOKEN_PBK;
    case MW_SASS_FAM_CONT: return MW_SASS_TOKEN_PCNT;
    case MW_SASS_FAM_RET: return MW_SASS_TOKEN_PRET;
    case MW_SASS_FAM_EXIT: return MW_SASS_TOKEN_PEXIT;
    default: return MW_SASS_TOKEN_PLONGJMP;
    }
}

static const char *const token_names[] = {"SSY", "PBK", "PCNT", "PRET", "PEXIT", "PLONGJMP"};

/* The effect of instruction i reached with stack `sid`. */
static glhle_result step_inst(ctx *c, uint32_t i, uint16_t sid, step *st)
{
    const mw_sass_inst *in = &c->p->insts[i];
    memset(st, 0, offsetof(step, s));
    st->next_stack = sid;
    st->callee = -1;
    if (in->op == MW_SASS_OP_INVALID)
        return fail(c, GLHLE_RESULT_BAD_DATA, "unknown instruction at +0x%x (0x%016llx) is reachable", in->offset,
                    (unsigned long long)in->raw);
    if (guard_never(in))
        return GLHLE_RESULT_OK; /* never runs: a NOP */
    bool cond = guard_conditional(in);
    const stack_rec *cur = &c->stacks[sid];
    glhle_result r;
    uint32_t t;
    switch (in->family) {
    case MW_SASS_FAM_SSY:
    case MW_SASS_FAM_PBK:
    case MW_SASS_FAM_PCNT:
    case MW_SASS_FAM_PRET:
    case MW_SASS_FAM_PEXIT:
    case MW_SASS_FAM_PLONGJMP: {
        if ((r = direct_target(c, in, &t)) != GLHLE_RESULT_OK)
            return r;
        if (cur->depth >= MW_SASS_CFG_MAX_STACK)
            return fail(c, GLHLE_RESULT_LIMIT_EXCEEDED, "%s at +0x%x: reconvergence stack deeper than %u",
                        mw_sass_op_name((mw_sass_op)in->op), in->offset, MW_SASS_CFG_MAX_STACK);
        stack_rec ns = *cur;
        uint8_t tok = in->family == MW_SASS_FAM_SSY    ? MW_SASS_TOKEN_SSY
                      : in->family == MW_SASS_FAM_PBK  ? MW_SASS_TOKEN_PBK
                      : in->family == MW_SASS_FAM_PCNT ? MW_SASS_TOKEN_PCNT
                      : in->family == MW_SASS_FAM_PRET ? MW_SASS_TOKEN_PRET
                      : in->family == MW_SASS_FAM_PEXIT ? MW_SASS_TOKEN_PEXIT
                                                        : MW_SASS_TOKEN_PLONGJMP;
        ns.e[ns.depth++] = (mw_sass_stack_entry){tok, t};
        return intern(c, &ns, &st->next_stack);
    }
    case MW_SASS_FAM_BRA:
    case MW_SASS_FAM_JMP:
        if (cc_never(in))
            return GLHLE_RESULT_OK;
        if ((r = direct_target(c, in, &t)) != GLHLE_RESULT_OK)
            return r;
        st->ends = true;
        st->end = MW_SASS_END_BRANCH;
        st->conditional = cond;
        st->s[st->nsucc++] = (succ){t, sid, MW_SASS_EDGE_TAKEN};
        break;
    case MW_SASS_FAM_BRX:
    case MW_SASS_FAM_JMX:
        if (cc_never(in))
            return GLHLE_RESULT_OK;
        return track_table(c, i, st, sid);
    case MW_SASS_FAM_CAL:
    case MW_SASS_FAM_JCAL:
        if ((r = direct_target(c, in, &t)) != GLHLE_RESULT_OK)
            return r;
        st->ends = true;
        st->end = MW_SASS_END_CALL;
        st->conditional = cond;
        st->callee = (int32_t)t;
        break;
    case MW_SASS_FAM_SYNC:
    case MW_SASS_FAM_BRK:
    case MW_SASS_FAM_CONT:
    case MW_SASS_FAM_LONGJMP:
    case MW_SASS_FAM_RET:
    case MW_SASS_FAM_EXIT: {
        if (cc_never(in))
            return GLHLE_RESULT_OK;
        uint8_t tok = pop_token(in->family);
        int32_t at = -1;
        for (int32_t k = cur->depth; k-- > 0;)
            if (cur->e[k].token == tok) {
                at = k;
                break;
            }
        st->ends = true;
        st->conditional = cond;
        if (at < 0) {
            if (in->family == MW_SASS_FAM_RET)
                st->end = MW_SASS_END_RETURN;
            else if (in->family == MW_SASS_FAM_EXIT)
                st->end = MW_SASS_END_EXIT;
            else
                return fail(c, GLHLE_RESULT_BAD_DATA, "%s at +0x%x with no %s on the reconvergence stack",
                            mw_sass_op_name((mw_sass_op)in->op), in->offset, token_names[tok]);
        } else {
            stack_rec ns = *cur;
            ns.depth = (uint8_t)at;
            uint16_t nid;
            if ((r = intern(c, &ns, &nid)) != GLHLE_RESULT_OK)
                return r;
            st->end = MW_SASS_END_BRANCH;
            st->s[st->nsucc++] = (succ){cur->e[at].target, nid, MW_SASS_EDGE_TAKEN};
        }
        break;
    }
    case MW_SASS_FAM_KIL:
        if (cc_never(in))
            return GLHLE_RESULT_OK;
        st->ends = true;
        st->end = MW_SASS_END_KILL;
        st->conditional = cond;
        break;
    default:
        return GLHLE_RESULT_OK;
    }
    if (st->conditional || st->end == MW_SASS_END_CALL) {
        if (i + 1 >= c->p->count)
            return fail(c, GLHLE_RESULT_OUT_OF_BOUNDS, "%s at +0x%x: execution can run past the end of the code",
                        mw_sass_op_name((mw_sass_op)in->op), in->offset);
        st->s[st->nsucc++] = (succ){i + 1, sid, MW_SASS_EDGE_FALLTHROUGH};
    }
    return GLHLE_RESULT_OK;
}

static glhle_result add_function(ctx *c, uint32_t entry, uint32_t *out)
{
    for (uint32_t f = 0; f < c->nfuncs; f++)
        if (c->funcs[f].entry == entry) {
            *out = f;
            return GLHLE_RESULT_OK;
        }
    if (c->nfuncs >= MW_SASS_CFG_MAX_FUNCTIONS)
        return fail(c, GLHLE_RESULT_LIMIT_EXCEEDED, "more than %u called functions", MW_SASS_CFG_MAX_FUNCTIONS);
    func_state *fs = &c->funcs[c->nfuncs];
    fs->entry = entry;
    fs->flags = calloc(c->p->count, 1);
    fs->sid = calloc(c->p->count, sizeof *fs->sid);
    if (!fs->flags || !fs->sid) {
        free(fs->flags);
        free(fs->sid);
        return fail(c, GLHLE_RESULT_OUT_OF_MEMORY, "no memory for function %u", c->nfuncs);
    }
    *out = c->nfuncs++;
    return GLHLE_RESULT_OK;
}

/* Arriving at instruction i retires the stack entries on top that name i:
 * the region they opened has reconverged. A compiler falls through into a
 * PRET/SSY target as often as it pops to it (uam: `pret` ... `ret` on one
 * path, fall-through into the target on the other), and the two arrivals
 * must agree on the stack. */
static glhle_result normalize(ctx *c, uint32_t i, uint16_t *sid)
{
    const stack_rec *s = &c->stacks[*sid];
    if (!s->depth || s->e[s->depth - 1].target != i)
        return GLHLE_RESULT_OK;
    stack_rec ns = *s;
    while (ns.depth && ns.e[ns.depth - 1].target == i)
        ns.depth--;
    return intern(c, &ns, sid);
}

/* Marks (f, i) as a block start reached with stack sid, queueing it the
 * first time; a second arrival must bring the same stack. */
static glhle_result add_label(ctx *c, uint32_t f, uint32_t i, uint16_t sid, uint32_t from)
{
    func_state *fs = &c->funcs[f];
    glhle_result r = normalize(c, i, &sid);
    if (r != GLHLE_RESULT_OK)
        return r;
    if (fs->flags[i] & F_VISITED) {
        if (fs->sid[i] != sid)
            return fail(c, GLHLE_RESULT_BAD_DATA,
                        "+0x%x is reached from +0x%x with a different reconvergence stack (depth %u, was %u)",
                        mw_sass_inst_offset(i), mw_sass_inst_offset(from), c->stacks[sid].depth,
                        c->stacks[fs->sid[i]].depth);
        if (!(fs->flags[i] & F_LEADER)) {
            fs->flags[i] |= F_LEADER;
            if (++c->leaders > c->max_blocks)
                return fail(c, GLHLE_RESULT_LIMIT_EXCEEDED, "more than %u basic blocks", c->max_blocks);
        }
        return GLHLE_RESULT_OK;
    }
    fs->flags[i] |= F_VISITED | F_LEADER;
    fs->sid[i] = sid;
    if (++c->leaders > c->max_blocks)
        return fail(c, GLHLE_RESULT_LIMIT_EXCEEDED, "more than %u basic blocks", c->max_blocks);
    if (c->qtail >= c->qcap)
        return fail(c, GLHLE_RESULT_LIMIT_EXCEEDED, "exploration queue full");
    c->queue[c->qtail++] = (work){f, i, sid};
    return GLHLE_RESULT_OK;
}

static glhle_result explore(ctx *c, step *st)
{
    while (c->qhead < c->qtail) {
        work wk = c->queue[c->qhead++];
        func_state *fs = &c->funcs[wk.function];
        uint32_t i = wk.index;
        uint16_t sid = wk.stack;
        for (;;) {
            glhle_result r = step_inst(c, i, sid, st);
            if (r != GLHLE_RESULT_OK)
                return r;
            if (st->ends) {
                fs->flags[i] |= F_END;
                for (uint32_t k = 0; k < st->nsucc; k++)
                    if ((r = add_label(c, wk.function, st->s[k].target, st->s[k].stack, i)) != GLHLE_RESULT_OK)
                        return r;
                if (st->callee >= 0) {
                    uint32_t nf;
                    if ((r = add_function(c, (uint32_t)st->callee, &nf)) != GLHLE_RESULT_OK)
                        return r;
                    /* a callee starts with an empty stack (stack id 0) */
                    if (!(c->funcs[nf].flags[st->callee] & F_VISITED) &&
                        (r = add_label(c, nf, (uint32_t)st->callee, 0, i)) != GLHLE_RESULT_OK)
                        return r;
                    fs = &c->funcs[wk.function];
                }
                break;
            }
            if (i + 1 >= c->p->count)
                return fail(c, GLHLE_RESULT_OUT_OF_BOUNDS, "execution runs past the end of the code after +0x%x",
                            mw_sass_inst_offset(i));
            i++;
            sid = st->next_stack;
            if ((r = normalize(c, i, &sid)) != GLHLE_RESULT_OK)
                return r;
            if (fs->flags[i] & F_VISITED) { /* joins code already walked */
                if ((r = add_label(c, wk.function, i, sid, i - 1)) != GLHLE_RESULT_OK)
                    return r;
                break;
            }
            fs->flags[i] |= F_VISITED;
            fs->sid[i] = sid;
        }
    }
    return GLHLE_RESULT_OK;
}

int32_t mw_sass_cfg_block_of(const mw_sass_cfg *cfg, uint32_t function, uint32_t inst)
{
    if (!cfg)
        return -1;
    uint32_t lo = 0, hi = cfg->block_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        const mw_sass_block *b = &cfg->blocks[mid];
        if (b->function < function || (b->function == function && b->last < inst))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < cfg->block_count && cfg->blocks[lo].function == function && cfg->blocks[lo].first <= inst &&
        inst <= cfg->blocks[lo].last)
        return (int32_t)lo;
    return -1;
}

static glhle_result build_blocks(ctx *c, step *st, mw_sass_cfg *g)
{
    uint32_t n = c->p->count;
    /* count blocks */
    uint32_t nb = 0;
    for (uint32_t f = 0; f < c->nfuncs; f++) {
        const uint8_t *fl = c->funcs[f].flags;
        for (uint32_t i = 0; i < n; i++)
            if ((fl[i] & F_VISITED) && ((fl[i] & F_LEADER) || i == 0 || !(fl[i - 1] & F_VISITED) || (fl[i - 1] & F_END)))
                nb++;
    }
    g->blocks = calloc(nb ? nb : 1, sizeof *g->blocks);
    if (!g->blocks)
        return fail(c, GLHLE_RESULT_OUT_OF_MEMORY, "no memory for %u blocks", nb);
    for (uint32_t f = 0; f < c->nfuncs; f++) {
        const uint8_t *fl = c->funcs[f].flags;
        for (uint32_t i = 0; i < n; i++) {
            if (!(fl[i] & F_VISITED))
                continue;
            mw_sass_block *b = &g->blocks[g->block_count++];
            b->first = i;
            b->function = f;
            const stack_rec *s = &c->stacks[c->funcs[f].sid[i]];
            b->stack_depth = s->depth;
            memcpy(b->stack, s->e, sizeof s->e[0] * s->depth);
            while (!(fl[i] & F_END) && i + 1 < n && (fl[i + 1] & F_VISITED) && !(fl[i + 1] & F_LEADER))
                i++;
            b->last = i;
        }
    }
    g->function_count = c->nfuncs;
    for (uint32_t f = 0; f < c->nfuncs; f++)
        g->function_entry[f] = (uint32_t)mw_sass_cfg_block_of(g, f, c->funcs[f].entry);
    /* edges: at most nsucc per block, counted first */
    size_t cap = 0;
    for (uint32_t b = 0; b < g->block_count; b++) {
        const mw_sass_block *bl = &g->blocks[b];
        glhle_result r = step_inst(c, bl->last, c->funcs[bl->function].sid[bl->last], st);
        if (r != GLHLE_RESULT_OK)
            return r;
        cap += st->ends ? st->nsucc + (st->callee >= 0) : 1;
    }
    g->edges = calloc(cap ? cap : 1, sizeof *g->edges);
    if (!g->edges)
        return fail(c, GLHLE_RESULT_OUT_OF_MEMORY, "no memory for %zu edges", cap);
    for (uint32_t b = 0; b < g->block_count; b++) {
        mw_sass_block *bl = &g->blocks[b];
        glhle_result r = step_inst(c, bl->last, c->funcs[bl->function].sid[bl->last], st);
        if (r != GLHLE_RESULT_OK)
            return r;
        bl->succ_first = g->edge_count;
        if (!st->ends) {
            bl->end = MW_SASS_END_FALLTHROUGH;
            st->nsucc = 1;
            st->s[0] = (succ){bl->last + 1, st->next_stack, MW_SASS_EDGE_FALLTHROUGH};
        } else {
            bl->end = st->end;
            bl->conditional = st->conditional;
        }
        if (st->callee >= 0) {
            uint32_t f;
            if ((r = add_function(c, (uint32_t)st->callee, &f)) != GLHLE_RESULT_OK)
                return r;
            g->edges[g->edge_count++] = (mw_sass_edge){b, g->function_entry[f], MW_SASS_EDGE_CALL};
        }
        for (uint32_t k = 0; k < st->nsucc; k++) {
            int32_t to = mw_sass_cfg_block_of(g, bl->function, st->s[k].target);
            if (to < 0 || g->blocks[to].first != st->s[k].target)
                return fail(c, GLHLE_RESULT_BAD_DATA, "internal: edge from +0x%x to +0x%x has no block",
                            mw_sass_inst_offset(bl->last), mw_sass_inst_offset(st->s[k].target));
            g->edges[g->edge_count++] = (mw_sass_edge){b, (uint32_t)to, st->s[k].kind};
        }
        bl->succ_count = g->edge_count - bl->succ_first;
    }
    return GLHLE_RESULT_OK;
}

glhle_result mw_sass_cfg_build(mw_sass_program *p, uint32_t entry, const mw_sass_decode_desc *desc,
                               mw_sass_cfg **out)
{
    static const mw_sass_decode_desc zero_desc;
    *out = NULL;
    ctx c;
    memset(&c, 0, sizeof c);
    c.p = p;
    c.desc = desc ? desc : &zero_desc;
    c.max_blocks = c.desc->max_blocks ? c.desc->max_blocks : MW_SASS_CFG_DEFAULT_MAX_BLOCKS;
    glhle_result r = GLHLE_RESULT_OK;
    mw_sass_cfg *g = calloc(1, sizeof *g);
    step *st = malloc(sizeof *st);
    c.stacks = malloc(sizeof *c.stacks * MAX_STACKS);
    c.qcap = c.max_blocks + MW_SASS_CFG_MAX_FUNCTIONS + 1;
    c.queue = malloc(sizeof *c.queue * c.qcap);
    if (!g || !st || !c.stacks || !c.queue) {
        r = fail(&c, GLHLE_RESULT_OUT_OF_MEMORY, "no memory for the control-flow graph");
        goto done;
    }
    if (entry >= p->count) {
        r = fail(&c, GLHLE_RESULT_OUT_OF_BOUNDS, "entry instruction %u of %u", entry, p->count);
        goto done;
    }
    stack_rec empty;
    memset(&empty, 0, sizeof empty);
    uint16_t empty_id;
    uint32_t fidx;
    if ((r = intern(&c, &empty, &empty_id)) != GLHLE_RESULT_OK || (r = add_function(&c, entry, &fidx)) != GLHLE_RESULT_OK)
        goto done;
    if ((r = add_label(&c, 0, entry, empty_id, entry)) != GLHLE_RESULT_OK)
        goto done;
    /* functions found later queue their own entries (explore adds them) */
    for (;;) {
        uint32_t before = c.nfuncs;
        if ((r = explore(&c, st)) != GLHLE_RESULT_OK)
            goto done;
        for (uint32_t f = 1; f < c.nfuncs; f++)
            if (!(c.funcs[f].flags[c.funcs[f].entry] & F_VISITED) &&
                (r = add_label(&c, f, c.funcs[f].entry, empty_id, c.funcs[f].entry)) != GLHLE_RESULT_OK)
                goto done;
        if (c.nfuncs == before && c.qhead == c.qtail)
            break;
    }
    if ((r = build_blocks(&c, st, g)) != GLHLE_RESULT_OK)
        goto done;
    *out = g;
    g = NULL;
done:
    for (uint32_t f = 0; f < c.nfuncs; f++) {
        free(c.funcs[f].flags);
        free(c.funcs[f].sid);
    }
    mw_sass_cfg_free(g);
    free(st);
    free(c.stacks);
    free(c.queue);
    return r;
}

void mw_sass_cfg_free(mw_sass_cfg *cfg)
{
    if (!cfg)
        return;
    free(cfg->blocks);
    free(cfg->edges);
    free(cfg);
}
