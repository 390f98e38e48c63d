#include "backend/pica/shader_vm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "backend/pica/shader_isa.h"

/* GCC/clang vector extensions: one SSE register (or NEON on ARM) per vec4,
 * written portably. The interpreter also uses computed goto; both are GNU C,
 * which every compiler glhle builds with supports. */
#if !defined(__GNUC__)
#error "shader_vm.c needs GNU C (vector extensions, computed goto)"
#endif
typedef float v4f __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));

/* Handlers of the pre-decoded form. */
enum {
    OP_ADD, OP_DP3, OP_DP4, OP_DPH, OP_DST, OP_EX2, OP_LG2, OP_LITP, OP_MUL, OP_SGE, OP_SLT, OP_FLR, OP_MAX,
    OP_MIN, OP_RCP, OP_RSQ, OP_MOVA, OP_MOV, OP_CMP, OP_MAD,
    OP_ALU_COUNT_,
    OP_REL = OP_ALU_COUNT_, /* an ALU op with a relative constant source: real op in `real_op` */
    OP_NOP, OP_UNKNOWN, OP_END, OP_BREAK, OP_BREAKC, OP_CALL, OP_CALLC, OP_CALLU, OP_IFU, OP_IFC, OP_LOOP,
    OP_EMIT, OP_SETEMIT, OP_JMPC, OP_JMPU, OP_OFF_END,
    OP_COUNT_
};

/* How a result is written: all four lanes, one lane, or a blend. */
enum { ST_FULL, ST_LANE, ST_BLEND };

#define F_NEG(s) (1u << (s))
#define F_IDENT(s) (8u << (s))

typedef struct vm_insn {
    uint8_t op;
    uint8_t dst;       /* register slot */
    uint8_t mask;      /* written lanes, bit 0 = x */
    uint8_t flags;     /* F_NEG, F_IDENT per source */
    uint8_t src[3];    /* register slots (relative source: its c slot before the offset) */
    uint8_t store;     /* ST_* */
    uint8_t swz[3][4]; /* source lane feeding each lane */
    uint8_t lane;      /* ST_LANE: the lane */
    uint8_t real_op;   /* OP_REL: the ALU op */
    uint8_t rel_src;   /* OP_REL: which source is relative */
    uint8_t rel_sel;   /* OP_REL: 1 a0.x, 2 a0.y, 3 aL */
    uint16_t target;   /* flow: DST offset */
    uint16_t num;      /* flow: NUM */
    uint8_t aux[4];    /* cmp: ops x, y | cond: op, refx, refy | uniform id | setemit: id, prim, winding */
} vm_insn;
_Static_assert(sizeof(vm_insn) == 32, "vm_insn should stay 32 bytes");

#define CODE_WORDS PICA_SHADER_CODE_WORDS

struct pica_vm_program {
    uint64_t hash;
    uint32_t unknown;
    uint32_t code[CODE_WORDS];
    uint32_t opdesc[PICA_SHADER_OPDESC_WORDS];
    vm_insn insn[CODE_WORDS + 1]; /* + a sentinel that stops a program running off the end */
};
const size_t PICA_VM_PROGRAM_SIZE = sizeof(pica_vm_program);

/* ---- decoding ---- */

static uint8_t src_slot(uint32_t src)
{
    if (src < PICA_SRC_TEMP)
        return (uint8_t)(PICA_VM_SLOT_V + src);
    if (src < PICA_SRC_CONST)
        return (uint8_t)(PICA_VM_SLOT_R + src - PICA_SRC_TEMP);
    return (uint8_t)(PICA_VM_SLOT_C + src - PICA_SRC_CONST); /* 7 bits: c0-c95 */
}

static uint8_t dst_slot(uint32_t dst)
{
    return (uint8_t)(dst < PICA_DST_TEMP ? PICA_VM_SLOT_O + dst : PICA_VM_SLOT_R + dst - PICA_DST_TEMP);
}

static void decode_alu(vm_insn *in, uint32_t op, pica_isa_format fmt, uint32_t word, const uint32_t *opdesc)
{
    pica_isa_fields f;
    pica_isa_unpack(word, fmt, &f);
    uint32_t desc = opdesc[f.desc];
    in->dst = dst_slot(f.dst);
    in->mask = 0;
    for (unsigned c = 0; c < 4; c++)
        in->mask |= (uint8_t)(pica_opdesc_mask_has(desc, c) << c);
    for (unsigned s = 0; s < 3; s++) {
        in->src[s] = s < f.nsrc ? src_slot(f.src[s]) : PICA_VM_SLOT_V;
        for (unsigned c = 0; c < 4; c++)
            in->swz[s][c] = (uint8_t)pica_opdesc_comp(desc, s, c);
        if (pica_opdesc_neg(desc, s))
            in->flags |= (uint8_t)F_NEG(s);
        if (pica_opdesc_selector(desc, s) == 0x1B) /* .xyzw */
            in->flags |= (uint8_t)F_IDENT(s);
    }
    in->store = in->mask == 0xF ? ST_FULL : (in->mask & (in->mask - 1)) == 0 && in->mask ? ST_LANE : ST_BLEND;
    in->lane = (uint8_t)(in->mask == 2 ? 1 : in->mask == 4 ? 2 : in->mask == 8 ? 3 : 0);
    in->aux[0] = (uint8_t)f.cmp[0];
    in->aux[1] = (uint8_t)f.cmp[1];
    static const uint8_t alu_op[0x40] = {
        [PICA_OP_ADD] = OP_ADD,   [PICA_OP_DP3] = OP_DP3,   [PICA_OP_DP4] = OP_DP4,  [PICA_OP_DPH] = OP_DPH,
        [PICA_OP_DST] = OP_DST,   [PICA_OP_EX2] = OP_EX2,   [PICA_OP_LG2] = OP_LG2,  [PICA_OP_LITP] = OP_LITP,
        [PICA_OP_MUL] = OP_MUL,   [PICA_OP_SGE] = OP_SGE,   [PICA_OP_SLT] = OP_SLT,  [PICA_OP_FLR] = OP_FLR,
        [PICA_OP_MAX] = OP_MAX,   [PICA_OP_MIN] = OP_MIN,   [PICA_OP_RCP] = OP_RCP,  [PICA_OP_RSQ] = OP_RSQ,
        [PICA_OP_MOVA] = OP_MOVA, [PICA_OP_MOV] = OP_MOV,   [PICA_OP_DPHI] = OP_DPH, [PICA_OP_DSTI] = OP_DST,
        [PICA_OP_SGEI] = OP_SGE,  [PICA_OP_SLTI] = OP_SLT,  [PICA_OP_CMP] = OP_CMP,  [PICA_OP_MADI] = OP_MAD,
        [PICA_OP_MAD] = OP_MAD,
    };
    in->op = alu_op[op];
    /* 3dbrew: address registers apply to constant registers only; on inputs
     * and temporaries the offset is ignored */
    if (f.idx && f.src[f.idx_src] >= PICA_SRC_CONST) {
        in->real_op = in->op;
        in->op = OP_REL;
        in->rel_src = (uint8_t)f.idx_src;
        in->rel_sel = (uint8_t)f.idx;
    }
}

static void decode_one(vm_insn *in, uint32_t word, const uint32_t *opdesc, uint32_t *unknown)
{
    memset(in, 0, sizeof *in);
    uint32_t op = pica_isa_opcode(word);
    in->target = (uint16_t)pica_isa_target(word);
    in->num = (uint16_t)pica_isa_num(word);
    switch (op) {
#define PICA_VM_ALU_CASE(code, name, fmt)                                                                           \
    case code:                                                                                                     \
        if (fmt == PICA_FMT_1 || fmt == PICA_FMT_1I || fmt == PICA_FMT_1U || fmt == PICA_FMT_1C ||                \
            fmt == PICA_FMT_5 || fmt == PICA_FMT_5I) {                                                             \
            decode_alu(in, code, fmt, word, opdesc);                                                               \
            return;                                                                                                \
        }                                                                                                          \
        break;
        PICA_ISA_OPCODES(PICA_VM_ALU_CASE)
#undef PICA_VM_ALU_CASE
    default:
        in->op = OP_UNKNOWN;
        ++*unknown;
        return;
    }
    in->aux[0] = (uint8_t)pica_isa_condop(word);
    in->aux[1] = (uint8_t)pica_isa_refx(word);
    in->aux[2] = (uint8_t)pica_isa_refy(word);
    switch (op) {
    case PICA_OP_BREAK: in->op = OP_BREAK; break;
    case PICA_OP_NOP: in->op = OP_NOP; break;
    case PICA_OP_END: in->op = OP_END; break;
    case PICA_OP_BREAKC: in->op = OP_BREAKC; break;
    case PICA_OP_CALL: in->op = OP_CALL; break;
    case PICA_OP_CALLC: in->op = OP_CALLC; break;
    case PICA_OP_IFC: in->op = OP_IFC; break;
    case PICA_OP_JMPC: in->op = OP_JMPC; break;
    case PICA_OP_EMIT: in->op = OP_EMIT; break;
    case PICA_OP_CALLU:
    case PICA_OP_IFU:
    case PICA_OP_JMPU:
    case PICA_OP_LOOP:
        in->op = op == PICA_OP_CALLU ? OP_CALLU : op == PICA_OP_IFU ? OP_IFU : op == PICA_OP_JMPU ? OP_JMPU : OP_LOOP;
        in->aux[0] = (uint8_t)(pica_isa_uniform_id(word) & (op == PICA_OP_LOOP ? 3 : 15));
        break;
    case PICA_OP_SETEMIT:
        in->op = OP_SETEMIT;
        in->aux[0] = (uint8_t)pica_isa_vertex_id(word);
        in->aux[1] = (uint8_t)pica_isa_primemit(word);
        in->aux[2] = (uint8_t)pica_isa_winding(word);
        break;
    default:
        in->op = OP_UNKNOWN;
        ++*unknown;
        break;
    }
}

void pica_vm_decode(pica_vm_program *p, const uint32_t code[CODE_WORDS], const uint32_t opdesc[PICA_SHADER_OPDESC_WORDS])
{
    memcpy(p->code, code, sizeof p->code);
    memcpy(p->opdesc, opdesc, sizeof p->opdesc);
    glhle_hash_state st;
    glhle_hash_begin(&st, 0);
    glhle_hash_update(&st, p->code, sizeof p->code);
    glhle_hash_update(&st, p->opdesc, sizeof p->opdesc);
    p->hash = glhle_hash_end(&st);
    p->unknown = 0;
    for (uint32_t i = 0; i < CODE_WORDS; i++)
        decode_one(&p->insn[i], code[i], opdesc, &p->unknown);
    memset(&p->insn[CODE_WORDS], 0, sizeof p->insn[CODE_WORDS]);
    p->insn[CODE_WORDS].op = OP_OFF_END;
}

uint64_t pica_vm_program_hash(const pica_vm_program *p)
{
    return p->hash;
}

uint32_t pica_vm_program_unknown_opcodes(const pica_vm_program *p)
{
    return p->unknown;
}

/* ---- arithmetic with PICA semantics ---- */

typedef float (*regfile)[4];

static const v4i lane_mask[16] = {
#define M(b) (((b) & 1) ? -1 : 0), (((b) & 2) ? -1 : 0), (((b) & 4) ? -1 : 0), (((b) & 8) ? -1 : 0)
    {M(0)},  {M(1)},  {M(2)},  {M(3)},  {M(4)},  {M(5)},  {M(6)},  {M(7)},
    {M(8)},  {M(9)},  {M(10)}, {M(11)}, {M(12)}, {M(13)}, {M(14)}, {M(15)},
#undef M
};

static inline v4f fetch(const regfile R, const vm_insn *in, unsigned s, unsigned slot)
{
    const float *p = R[slot];
    v4f v;
    if (in->flags & F_IDENT(s))
        memcpy(&v, p, sizeof v); /* aligned slot: one load */
    else
        v = (v4f){p[in->swz[s][0]], p[in->swz[s][1]], p[in->swz[s][2]], p[in->swz[s][3]]};
    if (in->flags & F_NEG(s))
        v = -v;
    return v;
}

static inline void put4(regfile R, const vm_insn *in, v4f v)
{
    v4f *d = (v4f *)R[in->dst];
    if (in->store == ST_FULL) {
        *d = v;
    } else {
        v4i m = lane_mask[in->mask];
        *d = (v4f)(((v4i)*d & ~m) | ((v4i)v & m));
    }
}

static inline void put1(regfile R, const vm_insn *in, float x)
{
    if (in->store == ST_LANE) {
        R[in->dst][in->lane] = x;
        return;
    }
    put4(R, in, (v4f){x, x, x, x});
}

/* a * b with 0 * inf = 0: a NaN product of two non-NaN operands is zeroed
 * (3dbrew "Floating-Point Behavior"; aroulin/3ds-gpu-tests fp-tests 20-24;
 * Azahar pica_types.h operator*). */
static inline v4f pmul(v4f a, v4f b)
{
    v4f p = a * b;
    v4i keep = (p == p) | (a != a) | (b != b);
    return (v4f)((v4i)p & keep);
}

static inline float pmul1(float a, float b)
{
    float p = a * b;
    return (p != p && a == a && b == b) ? 0.0f : p;
}

/* MAX/MIN exactly as the hardware orders the comparison (fp-tests 9-18). */
static inline v4f pmax(v4f a, v4f b)
{
    v4i gt = a > b;
    return (v4f)((gt & (v4i)a) | (~gt & (v4i)b));
}

static inline v4f pmin(v4f a, v4f b)
{
    v4i lt = a < b;
    return (v4f)((lt & (v4i)a) | (~lt & (v4i)b));
}

static inline float pmax1(float a, float b) { return a > b ? a : b; }
static inline float pmin1(float a, float b) { return a < b ? a : b; }

/* Dot products sum left to right from +0, as Azahar's inner_product does. */
static inline float dot4(v4f p)
{
    return (((0.0f + p[0]) + p[1]) + p[2]) + p[3];
}

static inline float dot3(v4f p)
{
    return ((0.0f + p[0]) + p[1]) + p[2];
}

__attribute__((always_inline)) static inline void exec_alu(pica_vm_unit *u, regfile R, const vm_insn *in, unsigned op, unsigned s0, unsigned s1,
                            unsigned s2)
{
    static const v4f one = {1.0f, 1.0f, 1.0f, 1.0f};
    switch (op) {
    case OP_ADD:
        put4(R, in, fetch(R, in, 0, s0) + fetch(R, in, 1, s1));
        break;
    case OP_MUL:
        put4(R, in, pmul(fetch(R, in, 0, s0), fetch(R, in, 1, s1)));
        break;
    case OP_DP3:
        put1(R, in, dot3(pmul(fetch(R, in, 0, s0), fetch(R, in, 1, s1))));
        break;
    case OP_DP4:
        put1(R, in, dot4(pmul(fetch(R, in, 0, s0), fetch(R, in, 1, s1))));
        break;
    case OP_DPH: {
        v4f a = fetch(R, in, 0, s0);
        a[3] = 1.0f; /* homogeneous: src1.w = 1 */
        put1(R, in, dot4(pmul(a, fetch(R, in, 1, s1))));
        break;
    }
    case OP_DST: {
        /* 3dbrew: {1, src1.y * src2.y, src1.z, src2.w} */
        v4f a = fetch(R, in, 0, s0), b = fetch(R, in, 1, s1);
        put4(R, in, (v4f){1.0f, pmul1(a[1], b[1]), a[2], b[3]});
        break;
    }
    case OP_EX2:
        put1(R, in, exp2f(fetch(R, in, 0, s0)[0]));
        break;
    case OP_LG2:
        put1(R, in, log2f(fetch(R, in, 0, s0)[0]));
        break;
    case OP_LITP: {
        /* 3dbrew: {max(x, 0), max(min(y, 127.9961), -127.9961), 0, max(w, 0)},
         * cmp.x = x >= 0, cmp.y = w >= 0. 127.9961 is 127 + 255/256 rounded
         * for the page; the f24 value is exactly 127.99609375. max/min with
         * the MAX/MIN instructions' NaN behaviour. */
        v4f a = fetch(R, in, 0, s0);
        u->cmp[0] = a[0] >= 0.0f;
        u->cmp[1] = a[3] >= 0.0f;
        put4(R, in,
             (v4f){pmax1(a[0], 0.0f), pmax1(pmin1(a[1], 127.99609375f), -127.99609375f), 0.0f, pmax1(a[3], 0.0f)});
        break;
    }
    case OP_SGE: {
        v4i ge = fetch(R, in, 0, s0) >= fetch(R, in, 1, s1);
        put4(R, in, (v4f)(ge & (v4i)one));
        break;
    }
    case OP_SLT: {
        v4i lt = fetch(R, in, 0, s0) < fetch(R, in, 1, s1);
        put4(R, in, (v4f)(lt & (v4i)one));
        break;
    }
    case OP_FLR: {
        v4f a = fetch(R, in, 0, s0);
        put4(R, in, (v4f){floorf(a[0]), floorf(a[1]), floorf(a[2]), floorf(a[3])});
        break;
    }
    case OP_MAX:
        put4(R, in, pmax(fetch(R, in, 0, s0), fetch(R, in, 1, s1)));
        break;
    case OP_MIN:
        put4(R, in, pmin(fetch(R, in, 0, s0), fetch(R, in, 1, s1)));
        break;
    case OP_RCP: {
        float x = fetch(R, in, 0, s0)[0];
        put1(R, in, x == 0.0f ? INFINITY : 1.0f / x); /* rcp(-0) = +inf: no -0 (3dbrew) */
        break;
    }
    case OP_RSQ: {
        float x = fetch(R, in, 0, s0)[0];
        put1(R, in, x == 0.0f ? INFINITY : 1.0f / sqrtf(x)); /* rsq(-0) = +inf (3dbrew) */
        break;
    }
    case OP_MOVA: {
        v4f a = fetch(R, in, 0, s0);
        for (unsigned c = 0; c < 2; c++) {
            if (!(in->mask & (1u << c)))
                continue;
            float x = a[c];
            /* truncation; NaN and out-of-range values become INT32_MIN, what
             * x86's cvttps2dq gives (Azahar's JIT) */
            u->a0[c] = (x > -2147483648.0f && x < 2147483648.0f) ? (int32_t)x : INT32_MIN;
        }
        break;
    }
    case OP_MOV:
        put4(R, in, fetch(R, in, 0, s0));
        break;
    case OP_CMP: {
        /* both flags, whatever the destination mask (3dbrew leaves it open;
         * Azahar and Panda3DS do the same); operators 6 and 7 are true */
        v4f a = fetch(R, in, 0, s0), b = fetch(R, in, 1, s1);
        for (unsigned c = 0; c < 2; c++) {
            float x = a[c], y = b[c];
            bool r;
            switch (in->aux[c]) {
            case PICA_CMP_EQ: r = x == y; break;
            case PICA_CMP_NE: r = x != y; break;
            case PICA_CMP_LT: r = x < y; break;
            case PICA_CMP_LE: r = x <= y; break;
            case PICA_CMP_GT: r = x > y; break;
            case PICA_CMP_GE: r = x >= y; break;
            default: r = true; break;
            }
            u->cmp[c] = r;
        }
        break;
    }
    case OP_MAD:
        put4(R, in, pmul(fetch(R, in, 0, s0), fetch(R, in, 1, s1)) + fetch(R, in, 2, s2));
        break;
    default:
        break;
    }
}

/* ---- flow control ---- */

/* 3dbrew "Control Flow": independent CALL (4), IF (8) and LOOP (4) stacks;
 * an overflowing push drops the oldest entry, so each is a ring. */
typedef struct call_entry { uint16_t end, ret; } call_entry;
typedef struct if_entry { uint16_t else_at, end; } if_entry;
typedef struct loop_entry {
    uint16_t entry, end;
    uint8_t count, inc;
    int32_t prev_aL;
} loop_entry;

typedef struct flow_state {
    call_entry call[4];
    if_entry ifs[8];
    loop_entry loop[4];
    uint8_t ncall, tcall, nif, tif, nloop, tloop; /* counts and top indices */
} flow_state;

#define RING_PUSH(st, arr, n, t, depth, value, status)  \
    do {                                                \
        (st)->t = (uint8_t)(((st)->t + 1) % (depth));   \
        (st)->arr[(st)->t] = (value);                   \
        if ((st)->n == (depth))                         \
            *(status) |= PICA_VM_STACK_OVERFLOW;        \
        else                                            \
            (st)->n++;                                  \
    } while (0)
#define RING_POP(st, n, t, depth)                                  \
    do {                                                           \
        (st)->t = (uint8_t)(((st)->t + (depth) - 1) % (depth));    \
        (st)->n--;                                                 \
    } while (0)

#define NO_JUMP 0xFFFFFFFFu

/* Where execution continues after the instruction at `old` (Azahar
 * shader_interpreter.cpp, after 3dbrew): CALL scopes close first, up to four
 * in a row, the fourth not updating the PC (a hardware bug); then one IF
 * scope and one LOOP iteration, each checked against old + 1 and each
 * overriding earlier updates; a JMP only lands if no scope closed. */
static uint32_t resolve(flow_state *fs, pica_vm_unit *u, uint32_t old, uint32_t jump, bool brk)
{
    uint32_t pc = jump != NO_JUMP ? jump : old + 1;
    uint32_t next = old + 1;
    for (unsigned i = 0; i < 4 && fs->ncall && fs->call[fs->tcall].end == next; i++) {
        if (i < 3) {
            pc = fs->call[fs->tcall].ret;
            next = pc;
        }
        RING_POP(fs, ncall, tcall, 4);
    }
    if (fs->nif && fs->ifs[fs->tif].else_at == old + 1) {
        pc = fs->ifs[fs->tif].end;
        RING_POP(fs, nif, tif, 8);
    }
    if (fs->nloop && (fs->loop[fs->tloop].end == old + 1 || brk)) {
        loop_entry *l = &fs->loop[fs->tloop];
        u->aL += l->inc;
        if (!brk && l->count) {
            l->count--;
            pc = l->entry;
        } else {
            pc = l->end;
            /* Azahar restores aL only when an outer loop remains; after the
             * outermost loop aL keeps its last value (3dbrew: aL stays valid
             * after the LOOP block). */
            if (fs->nloop > 1)
                u->aL = l->prev_aL;
            RING_POP(fs, nloop, tloop, 4);
        }
    }
    return pc;
}

/* The first stack target after `pc`: sequential execution cannot close a
 * scope before reaching it, so the hot path compares one pointer. */
static uint32_t next_watch(const flow_state *fs, uint32_t pc)
{
    uint32_t w = CODE_WORDS;
    if (fs->ncall) {
        uint32_t t = fs->call[fs->tcall].end;
        if (t > pc && t < w)
            w = t;
    }
    if (fs->nif) {
        uint32_t t = fs->ifs[fs->tif].else_at;
        if (t > pc && t < w)
            w = t;
    }
    if (fs->nloop) {
        uint32_t t = fs->loop[fs->tloop].end;
        if (t > pc && t < w)
            w = t;
    }
    return w;
}

static inline bool condition(const pica_vm_unit *u, const vm_insn *in)
{
    bool x = u->cmp[0] == in->aux[1], y = u->cmp[1] == in->aux[2];
    switch (in->aux[0]) {
    case PICA_COND_OR: return x || y;
    case PICA_COND_AND: return x && y;
    case PICA_COND_X: return x;
    default: return y;
    }
}

static inline unsigned relative_slot(const pica_vm_unit *u, const vm_insn *in)
{
    /* 3dbrew "Relative addressing": an offset outside -128..127 is not
     * applied; the index is masked with 0x7F; past c95 reads (1, 1, 1, 1) */
    int32_t off = in->rel_sel == 3 ? u->aL : u->a0[in->rel_sel - 1];
    if (off < -128 || off > 127)
        off = 0;
    uint32_t idx = (uint32_t)((int32_t)(in->src[in->rel_src] - PICA_VM_SLOT_C) + off) & 0x7F;
    return idx < 96 ? PICA_VM_SLOT_C + idx : PICA_VM_SLOT_ONES;
}

static void emit_vertex(pica_vm_unit *u)
{
    if (u->emit_vertex_id < 3) {
        memcpy(u->emit_buf[u->emit_vertex_id], u->reg[PICA_VM_SLOT_O], sizeof u->emit_buf[0]);
        if (u->emit_prim && u->on_prim)
            u->on_prim(u->on_prim_user, u->emit_buf[0], u->emit_buf[1], u->emit_buf[2], u->emit_winding);
    }
    /* the output registers switch banks at every EMIT: registers not written
     * before the next EMIT hold what they had two EMITs ago (Azahar
     * shader_unit.h, verified on hardware) */
    float tmp[16][4];
    memcpy(tmp, u->reg[PICA_VM_SLOT_O], sizeof tmp);
    memcpy(u->reg[PICA_VM_SLOT_O], u->out_bank, sizeof tmp);
    memcpy(u->out_bank, tmp, sizeof tmp);
}

uint32_t pica_vm_run(pica_vm_unit *u, const pica_vm_program *p, uint32_t entry)
{
    if (entry >= CODE_WORDS)
        return PICA_VM_BAD_ENTRY;
    static const void *const handler[OP_COUNT_] = {
        [OP_ADD] = &&alu_add,     [OP_DP3] = &&alu_dp3,     [OP_DP4] = &&alu_dp4,   [OP_DPH] = &&alu_dph,
        [OP_DST] = &&alu_dst,     [OP_EX2] = &&alu_ex2,     [OP_LG2] = &&alu_lg2,   [OP_LITP] = &&alu_litp,
        [OP_MUL] = &&alu_mul,     [OP_SGE] = &&alu_sge,     [OP_SLT] = &&alu_slt,   [OP_FLR] = &&alu_flr,
        [OP_MAX] = &&alu_max,     [OP_MIN] = &&alu_min,     [OP_RCP] = &&alu_rcp,   [OP_RSQ] = &&alu_rsq,
        [OP_MOVA] = &&alu_mova,   [OP_MOV] = &&alu_mov,     [OP_CMP] = &&alu_cmp,   [OP_MAD] = &&alu_mad,
        [OP_REL] = &&alu_rel,     [OP_NOP] = &&op_nop,      [OP_UNKNOWN] = &&op_unknown,
        [OP_END] = &&op_end,      [OP_BREAK] = &&op_break,  [OP_BREAKC] = &&op_breakc,
        [OP_CALL] = &&op_call,    [OP_CALLC] = &&op_callc,  [OP_CALLU] = &&op_callu,
        [OP_IFU] = &&op_ifu,      [OP_IFC] = &&op_ifc,      [OP_LOOP] = &&op_loop,  [OP_EMIT] = &&op_emit,
        [OP_SETEMIT] = &&op_setemit, [OP_JMPC] = &&op_jmpc, [OP_JMPU] = &&op_jmpu,  [OP_OFF_END] = &&op_off_end,
    };
    const uint32_t limit = u->step_limit ? u->step_limit : PICA_VM_DEFAULT_STEP_LIMIT;
    regfile R = u->reg;
    const vm_insn *const base = p->insn;
    const vm_insn *ins = base + entry;
    const vm_insn *watch = base + CODE_WORDS;
    flow_state fs;
    fs.ncall = fs.nif = fs.nloop = 0;
    fs.tcall = fs.tif = fs.tloop = 0;
    uint32_t status = 0, block_start = entry, old, jump;
    uint64_t steps = 0;
    bool brk;

#define DISPATCH() goto *handler[ins->op]
#define NEXT()                    \
    do {                          \
        if (++ins == watch)       \
            goto sequential;      \
        DISPATCH();               \
    } while (0)
#define ALU(label, OPC)                                                   \
    label:                                                                \
    exec_alu(u, R, ins, OPC, ins->src[0], ins->src[1], ins->src[2]);      \
    NEXT();

    DISPATCH();

    ALU(alu_add, OP_ADD)
    ALU(alu_dp3, OP_DP3)
    ALU(alu_dp4, OP_DP4)
    ALU(alu_dph, OP_DPH)
    ALU(alu_dst, OP_DST)
    ALU(alu_ex2, OP_EX2)
    ALU(alu_lg2, OP_LG2)
    ALU(alu_litp, OP_LITP)
    ALU(alu_mul, OP_MUL)
    ALU(alu_sge, OP_SGE)
    ALU(alu_slt, OP_SLT)
    ALU(alu_flr, OP_FLR)
    ALU(alu_max, OP_MAX)
    ALU(alu_min, OP_MIN)
    ALU(alu_rcp, OP_RCP)
    ALU(alu_rsq, OP_RSQ)
    ALU(alu_mova, OP_MOVA)
    ALU(alu_mov, OP_MOV)
    ALU(alu_cmp, OP_CMP)
    ALU(alu_mad, OP_MAD)
#undef ALU

alu_rel: {
    unsigned s[3] = {ins->src[0], ins->src[1], ins->src[2]};
    s[ins->rel_src] = relative_slot(u, ins);
    exec_alu(u, R, ins, ins->real_op, s[0], s[1], s[2]);
    NEXT();
}
op_unknown:
    status |= PICA_VM_UNKNOWN_OPCODE;
    NEXT();
op_nop:
    NEXT();
op_setemit:
    if (!u->geometry) {
        status |= PICA_VM_EMIT_IN_VS;
    } else {
        u->emit_vertex_id = ins->aux[0];
        u->emit_prim = ins->aux[1] != 0;
        u->emit_winding = ins->aux[2] != 0;
    }
    NEXT();
op_emit:
    if (!u->geometry) {
        status |= PICA_VM_EMIT_IN_VS;
    } else {
        if (u->emit_vertex_id >= 3)
            status |= PICA_VM_BAD_VERTEX_ID;
        emit_vertex(u);
    }
    NEXT();

    /* flow control: every handler sets old/jump/brk and joins `flow` */
sequential:
    old = (uint32_t)(ins - base) - 1;
    jump = NO_JUMP;
    brk = false;
    goto flow;
op_jmpc:
    old = (uint32_t)(ins - base);
    jump = condition(u, ins) ? ins->target : NO_JUMP;
    brk = false;
    goto flow;
op_jmpu:
    old = (uint32_t)(ins - base);
    /* NUM bit 0 inverts the test (3dbrew JMPU) */
    jump = (((u->bools >> ins->aux[0]) & 1) == !(ins->num & 1)) ? ins->target : NO_JUMP;
    brk = false;
    goto flow;
op_callu:
    if (!((u->bools >> ins->aux[0]) & 1))
        goto op_flow_none;
    goto op_call;
op_callc:
    if (!condition(u, ins))
        goto op_flow_none;
    /* fallthrough */
op_call:
    old = (uint32_t)(ins - base);
    RING_PUSH(&fs, call, ncall, tcall, 4, ((call_entry){(uint16_t)(ins->target + ins->num), (uint16_t)(old + 1)}),
              &status);
    jump = ins->target;
    brk = false;
    goto flow;
op_ifu:
    old = (uint32_t)(ins - base);
    if ((u->bools >> ins->aux[0]) & 1)
        goto if_taken;
    jump = ins->target;
    brk = false;
    goto flow;
op_ifc:
    old = (uint32_t)(ins - base);
    if (condition(u, ins))
        goto if_taken;
    jump = ins->target;
    brk = false;
    goto flow;
if_taken:
    RING_PUSH(&fs, ifs, nif, tif, 8, ((if_entry){ins->target, (uint16_t)(ins->target + ins->num)}), &status);
    jump = NO_JUMP;
    brk = false;
    goto flow;
op_loop: {
    old = (uint32_t)(ins - base);
    const uint8_t *iu = u->ints[ins->aux[0]];
    loop_entry l = {(uint16_t)(old + 1), (uint16_t)(ins->target + 1), iu[0], iu[2], u->aL};
    RING_PUSH(&fs, loop, nloop, tloop, 4, l, &status);
    u->aL = iu[1];
    jump = NO_JUMP;
    brk = false;
    goto flow;
}
op_breakc:
    if (!condition(u, ins))
        goto op_flow_none;
    /* fallthrough */
op_break:
    old = (uint32_t)(ins - base);
    if (!fs.nloop) {
        /* hangs real hardware (3dbrew); stop this invocation instead */
        steps += old + 1 - block_start;
        status |= PICA_VM_BREAK_NO_LOOP;
        goto done;
    }
    jump = NO_JUMP;
    brk = true;
    goto flow;
op_flow_none:
    old = (uint32_t)(ins - base);
    jump = NO_JUMP;
    brk = false;
    goto flow;

flow: {
    uint32_t pc = resolve(&fs, u, old, jump, brk);
    steps += old + 1 - block_start;
    if (steps > limit) {
        status |= PICA_VM_STEP_LIMIT;
        goto done;
    }
    if (pc >= CODE_WORDS) {
        status |= PICA_VM_RAN_OFF_END;
        goto done;
    }
    block_start = pc;
    ins = base + pc;
    watch = base + next_watch(&fs, pc);
    DISPATCH();
}
op_end:
    steps += (uint32_t)(ins - base) + 1 - block_start;
    goto done;
op_off_end:
    steps += CODE_WORDS - block_start;
    status |= PICA_VM_RAN_OFF_END;
done:
    u->steps += steps;
    return status;
#undef DISPATCH
#undef NEXT
}

/* ---- units ---- */

void pica_vm_unit_init(pica_vm_unit *u, bool geometry)
{
    memset(u, 0, sizeof *u);
    u->geometry = geometry;
    for (int c = 0; c < 4; c++)
        u->reg[PICA_VM_SLOT_ONES][c] = 1.0f;
}

void pica_vm_unit_load_uniforms(pica_vm_unit *u, const pica_shader_setup *s)
{
    memcpy(u->reg[PICA_VM_SLOT_C], s->float_uniforms, sizeof s->float_uniforms);
    memcpy(u->ints, s->int_uniforms, sizeof u->ints);
    u->bools = s->bool_uniforms;
}

/* ---- the program cache ---- */

struct pica_vm_cache {
    uint32_t count;
    pica_vm_program **prog;
    uint64_t *serial;   /* bumped when a slot is (re)filled */
    uint64_t *last_use;
    bool *filled;
    uint64_t clock;
    pica_vm_cache_stats stats;
};

glhle_result pica_vm_cache_create(uint32_t entries, pica_vm_cache **out)
{
    *out = NULL;
    if (entries == 0)
        entries = 16;
    if (entries > 1024)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    pica_vm_cache *c = calloc(1, sizeof *c);
    if (!c)
        return GLHLE_RESULT_OUT_OF_MEMORY;
    c->count = entries;
    c->prog = calloc(entries, sizeof *c->prog);
    c->serial = calloc(entries, sizeof *c->serial);
    c->last_use = calloc(entries, sizeof *c->last_use);
    c->filled = calloc(entries, sizeof *c->filled);
    bool ok = c->prog && c->serial && c->last_use && c->filled;
    for (uint32_t i = 0; ok && i < entries; i++)
        ok = (c->prog[i] = aligned_alloc(64, (sizeof(pica_vm_program) + 63) & ~(size_t)63)) != NULL;
    if (!ok) {
        pica_vm_cache_destroy(c);
        return GLHLE_RESULT_OUT_OF_MEMORY;
    }
    *out = c;
    return GLHLE_RESULT_OK;
}

void pica_vm_cache_destroy(pica_vm_cache *c)
{
    if (!c)
        return;
    for (uint32_t i = 0; c->prog && i < c->count; i++)
        free(c->prog[i]);
    free(c->prog);
    free(c->serial);
    free(c->last_use);
    free(c->filled);
    free(c);
}

const pica_vm_program *pica_vm_cache_get(pica_vm_cache *c, pica_vm_binding *b, const pica_shader_setup *s)
{
    c->stats.lookups++;
    c->clock++;
    if (b->setup == s && b->generation == s->program_generation && b->slot < c->count &&
        c->serial[b->slot] == b->slot_serial && c->filled[b->slot]) {
        c->stats.fast++;
        c->last_use[b->slot] = c->clock;
        return c->prog[b->slot];
    }
    glhle_hash_state st;
    glhle_hash_begin(&st, 0);
    glhle_hash_update(&st, s->code, sizeof s->code);
    glhle_hash_update(&st, s->opdesc, sizeof s->opdesc);
    uint64_t h = glhle_hash_end(&st);
    uint32_t slot = c->count, victim = 0;
    for (uint32_t i = 0; i < c->count; i++) {
        if (c->filled[i] && c->prog[i]->hash == h && memcmp(c->prog[i]->code, s->code, sizeof s->code) == 0 &&
            memcmp(c->prog[i]->opdesc, s->opdesc, sizeof s->opdesc) == 0) {
            slot = i;
            break;
        }
        if (!c->filled[i] || (c->filled[victim] && c->last_use[i] < c->last_use[victim]))
            victim = i;
    }
    if (slot < c->count) {
        c->stats.hits++;
    } else {
        slot = victim;
        pica_vm_decode(c->prog[slot], s->code, s->opdesc);
        c->filled[slot] = true;
        c->serial[slot]++;
        c->stats.decodes++;
    }
    c->last_use[slot] = c->clock;
    b->setup = s;
    b->generation = s->program_generation;
    b->slot = slot;
    b->slot_serial = c->serial[slot];
    return c->prog[slot];
}

pica_vm_cache_stats pica_vm_cache_get_stats(const pica_vm_cache *c)
{
    return c->stats;
}
