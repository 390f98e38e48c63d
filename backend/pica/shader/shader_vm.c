#include "backend/pica/shader/shader_vm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "backend/pica/shader/shader_isa.h"

/* GCC/clang vector extensions: one SSE register (or NEON on ARM) per vec4,
 * written portably. The interpreter also uses computed goto; both are GNU C,
 * which every compiler glhle builds with supports. */
#if !defined(__GNUC__)
#error "shader_vm.c needs GNU C (vector extensions, computed goto)"
#endif
typedef float v4f __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* ALU operations. The frequent ones get handlers specialised by how their
 * sources are read, by arity; the rest have one handler that reads the
 * kinds at run time. */
#define HOT1_OPS(X) X(MOV)
#define HOT2_OPS(X) X(ADD) X(MUL) X(MAX) X(MIN) X(DP3) X(DP4) X(DPH)
#define HOT3_OPS(X) X(MAD)
#define COLD_OPS(X) X(EX2) X(LG2) X(LITP) X(FLR) X(RCP) X(RSQ) X(MOVA) X(DST) X(SGE) X(SLT) X(CMP)
/* dot products writing one lane (dp4 o0.x, ...) also get handlers that skip
 * the store-kind test */
#define ALUL_OPS(X) X(DP3L) X(DP4L) X(DPHL)

enum {
#define PICA_VM_SEM(op) OP_##op,
    HOT1_OPS(PICA_VM_SEM) HOT2_OPS(PICA_VM_SEM) HOT3_OPS(PICA_VM_SEM) COLD_OPS(PICA_VM_SEM)
    OP_ALU_COUNT_,
    ALUL_OPS(PICA_VM_SEM) /* handler flavours only, never decoded as `real_op` */
#undef PICA_VM_SEM
};

/* One handler per combination of the sources' read kinds (K_VEC, K_SPLAT,
 * K_GEN below), chosen at decode, so the hot path never tests how to read
 * a source. These macros spell the combinations. */
#define KA(M, op) M(op, 0) M(op, 1) M(op, 2)
#define KB(M, op, a) M(op, a, 0) M(op, a, 1) M(op, a, 2)
#define KC(M, op, a, b) M(op, a, b, 0) M(op, a, b, 1) M(op, a, b, 2)
#define H1(op, a) H_##op##_##a,
#define H2B(op, a, b) H_##op##_##a##b,
#define H2(op, a) KB(H2B, op, a)
#define H3C(op, a, b, c) H_##op##_##a##b##c,
#define H3B(op, a, b) KC(H3C, op, a, b)
#define H3(op, a) KB(H3B, op, a)
#define E1(op) KA(H1, op)
#define E2(op) KA(H2, op)
#define E3(op) KA(H3, op)
#define EC(op) H_##op,

/* Handlers of the pre-decoded form. */
enum {
    HOT1_OPS(E1) HOT2_OPS(E2) HOT3_OPS(E3) ALUL_OPS(E2) COLD_OPS(EC)
    /* single-lane forms of the component-wise operations: one float per
     * source at a decoded offset */
    H_S_ADD, H_S_MUL, H_S_MAX, H_S_MIN, H_S_SGE, H_S_SLT, H_S_FLR, H_S_MOV, H_S_MAD,
    /* operations that read only src1.x: one float */
    H_X_EX2, H_X_LG2, H_X_RCP, H_X_RSQ,
    H_REL, /* an ALU op with a relative constant source: the op in `real_op` */
    H_NOP, H_UNKNOWN, H_END, H_BREAK, H_BREAKC, H_CALL, H_CALLC, H_CALLU, H_IFU, H_IFC, H_LOOP,
    H_EMIT, H_SETEMIT, H_JMPC, H_JMPU, H_OFF_END,
    H_TRAP, /* planted by a run where a flow-control scope can close next */
    H_COUNT_
};
_Static_assert(H_COUNT_ <= 65536, "handler ids are 16 bits");

/* First handler and arity of each ALU operation (arity 0: one handler that
 * reads the kinds at run time). */
static const uint16_t alu_first[OP_ALU_COUNT_] = {
#define B1(op) [OP_##op] = H_##op##_0,
#define B2(op) [OP_##op] = H_##op##_00,
#define B3(op) [OP_##op] = H_##op##_000,
#define BC(op) [OP_##op] = H_##op,
    HOT1_OPS(B1) HOT2_OPS(B2) HOT3_OPS(B3) COLD_OPS(BC)
#undef B1
#undef B2
#undef B3
#undef BC
};
static const uint8_t alu_arity[OP_ALU_COUNT_] = {
#define A1(op) [OP_##op] = 1,
#define A2(op) [OP_##op] = 2,
#define A3(op) [OP_##op] = 3,
    HOT1_OPS(A1) HOT2_OPS(A2) HOT3_OPS(A3)
#undef A1
#undef A2
#undef A3
};

/* How a result is written: all four lanes, one lane, or a blend. */
enum { ST_FULL, ST_LANE, ST_BLEND };

/* How a source is read (2 bits per source in `flags`): .xyzw is one aligned
 * load, a broadcast (.xxxx ...) one scalar load, any other swizzle four; a
 * negated source (F_NEG) of any swizzle is gathered and negated. */
enum { K_VEC, K_SPLAT, K_GEN };
#define F_KIND(s, k) ((uint16_t)((k) << (2 * (s))))
#define F_NEG(s) ((uint16_t)(0x100u << (s)))
#define KIND(flags, s) (((unsigned)(flags) >> (2 * (s))) & 3u)

/* Register offsets are byte offsets into the register file, so a source is
 * one load from base + offset. */
#define SLOT_BYTES 16u

typedef struct vm_insn {
    uint16_t op;       /* handler */
    uint8_t mask;      /* written lanes, bit 0 = x */
    uint8_t store;     /* ST_* */
    uint16_t flags;    /* F_KIND and F_NEG per source */
    uint16_t dst;      /* destination slot offset */
    uint16_t src[3];   /* source slot offset; K_SPLAT: offset of the broadcast float */
    uint16_t dst_lane; /* ST_LANE: offset of the one written float */
    uint8_t real_op;   /* the ALU operation (H_REL runs it) */
    uint8_t rel;       /* H_REL: relative source << 2 | register (1 a0.x, 2 a0.y, 3 aL) */
    uint8_t cmp[2];    /* CMP: operators for x and y */
    union {
        uint8_t swz[3][4]; /* K_GEN: source lane feeding each lane */
        struct {
            uint16_t target; /* DST offset */
            uint16_t num;    /* NUM */
            uint8_t aux[4];  /* cond: op, refx, refy | uniform id | setemit: id, prim, winding */
        } f;
    } u;
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

static uint16_t src_slot(uint32_t src)
{
    uint32_t slot = src < PICA_SRC_TEMP    ? PICA_VM_SLOT_V + src
                    : src < PICA_SRC_CONST ? PICA_VM_SLOT_R + src - PICA_SRC_TEMP
                                           : PICA_VM_SLOT_C + src - PICA_SRC_CONST; /* 7 bits: c0-c95 */
    return (uint16_t)(slot * SLOT_BYTES);
}

static uint16_t dst_slot(uint32_t dst)
{
    return (uint16_t)((dst < PICA_DST_TEMP ? PICA_VM_SLOT_O + dst : PICA_VM_SLOT_R + dst - PICA_DST_TEMP) *
                      SLOT_BYTES);
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
        in->src[s] = s < f.nsrc ? src_slot(f.src[s]) : (uint16_t)(PICA_VM_SLOT_V * SLOT_BYTES);
        for (unsigned c = 0; c < 4; c++)
            in->u.swz[s][c] = (uint8_t)pica_opdesc_comp(desc, s, c);
        const uint8_t *w = in->u.swz[s];
        if (pica_opdesc_neg(desc, s)) {
            in->flags |= F_KIND(s, K_GEN) | F_NEG(s);
        } else if (w[0] == 0 && w[1] == 1 && w[2] == 2 && w[3] == 3) {
            in->flags |= F_KIND(s, K_VEC);
        } else if (w[0] == w[1] && w[0] == w[2] && w[0] == w[3]) {
            in->flags |= F_KIND(s, K_SPLAT);
            in->src[s] = (uint16_t)(in->src[s] + 4 * w[0]);
        } else {
            in->flags |= F_KIND(s, K_GEN);
        }
    }
    in->store = in->mask == 0xF ? ST_FULL : (in->mask & (in->mask - 1)) == 0 && in->mask ? ST_LANE : ST_BLEND;
    in->dst_lane = (uint16_t)(in->dst + 4 * (in->mask == 2 ? 1 : in->mask == 4 ? 2 : in->mask == 8 ? 3 : 0));
    in->cmp[0] = (uint8_t)f.cmp[0];
    in->cmp[1] = (uint8_t)f.cmp[1];
    static const uint8_t alu_op[0x40] = { /* opcode -> OP_*; I forms share the operation */
        [PICA_OP_ADD] = OP_ADD,   [PICA_OP_DP3] = OP_DP3,   [PICA_OP_DP4] = OP_DP4,  [PICA_OP_DPH] = OP_DPH,
        [PICA_OP_DST] = OP_DST,   [PICA_OP_EX2] = OP_EX2,   [PICA_OP_LG2] = OP_LG2,  [PICA_OP_LITP] = OP_LITP,
        [PICA_OP_MUL] = OP_MUL,   [PICA_OP_SGE] = OP_SGE,   [PICA_OP_SLT] = OP_SLT,  [PICA_OP_FLR] = OP_FLR,
        [PICA_OP_MAX] = OP_MAX,   [PICA_OP_MIN] = OP_MIN,   [PICA_OP_RCP] = OP_RCP,  [PICA_OP_RSQ] = OP_RSQ,
        [PICA_OP_MOVA] = OP_MOVA, [PICA_OP_MOV] = OP_MOV,   [PICA_OP_DPHI] = OP_DPH, [PICA_OP_DSTI] = OP_DST,
        [PICA_OP_SGEI] = OP_SGE,  [PICA_OP_SLTI] = OP_SLT,  [PICA_OP_CMP] = OP_CMP,  [PICA_OP_MADI] = OP_MAD,
        [PICA_OP_MAD] = OP_MAD,
    };
    unsigned sem = alu_op[op], k[3];
    for (unsigned i = 0; i < 3; i++)
        k[i] = i < alu_arity[sem] ? KIND(in->flags, i) : 0;
    in->op = (uint16_t)(alu_first[sem] + (alu_arity[sem] == 0   ? 0
                                          : alu_arity[sem] == 1 ? k[0]
                                          : alu_arity[sem] == 2 ? k[0] * 3 + k[1]
                                                                : k[0] * 9 + k[1] * 3 + k[2]));
    if (in->store == ST_LANE && (sem == OP_DP3 || sem == OP_DP4 || sem == OP_DPH)) {
        static const uint16_t lane_first[3] = {H_DP3L_00, H_DP4L_00, H_DPHL_00};
        in->op = (uint16_t)(lane_first[sem == OP_DP3 ? 0 : sem == OP_DP4 ? 1 : 2] + k[0] * 3 + k[1]);
    }
    in->real_op = (uint8_t)sem;
    /* 3dbrew: address registers apply to constant registers only; on inputs
     * and temporaries the offset is ignored */
    bool relative = f.idx && f.src[f.idx_src] >= PICA_SRC_CONST;
    static const uint16_t scalar_op[OP_ALU_COUNT_] = {
        [OP_ADD] = H_S_ADD, [OP_MUL] = H_S_MUL, [OP_MAX] = H_S_MAX, [OP_MIN] = H_S_MIN, [OP_SGE] = H_S_SGE,
        [OP_SLT] = H_S_SLT, [OP_FLR] = H_S_FLR, [OP_MOV] = H_S_MOV, [OP_MAD] = H_S_MAD,
    };
    static const uint16_t x_op[OP_ALU_COUNT_] = {
        [OP_EX2] = H_X_EX2, [OP_LG2] = H_X_LG2, [OP_RCP] = H_X_RCP, [OP_RSQ] = H_X_RSQ,
    };
    bool single = in->store == ST_LANE && scalar_op[sem];
    if ((single || x_op[sem]) && !relative) {
        /* one lane of a component-wise operation, or an operation on src1.x,
         * reads one float per source */
        unsigned lane = single ? (in->dst_lane - in->dst) / 4u : 0u;
        for (unsigned i = 0; i < 3; i++) {
            unsigned kind = KIND(in->flags, i);
            unsigned slot = in->src[i] - (kind == K_SPLAT ? 4u * in->u.swz[i][0] : 0u);
            in->src[i] = (uint16_t)(slot + 4u * in->u.swz[i][lane]);
        }
        in->op = single ? scalar_op[sem] : x_op[sem];
    }
    if (relative) {
        in->op = H_REL;
        in->rel = (uint8_t)(f.idx_src << 2 | f.idx);
    }
}

static void decode_one(vm_insn *in, uint32_t word, const uint32_t *opdesc, uint32_t *unknown)
{
    memset(in, 0, sizeof *in);
    uint32_t op = pica_isa_opcode(word);
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
        in->op = H_UNKNOWN;
        ++*unknown;
        return;
    }
    in->u.f.target = (uint16_t)pica_isa_target(word);
    in->u.f.num = (uint16_t)pica_isa_num(word);
    in->u.f.aux[0] = (uint8_t)pica_isa_condop(word);
    in->u.f.aux[1] = (uint8_t)pica_isa_refx(word);
    in->u.f.aux[2] = (uint8_t)pica_isa_refy(word);
    switch (op) {
    case PICA_OP_BREAK: in->op = H_BREAK; break;
    case PICA_OP_NOP: in->op = H_NOP; break;
    case PICA_OP_END: in->op = H_END; break;
    case PICA_OP_BREAKC: in->op = H_BREAKC; break;
    case PICA_OP_CALL: in->op = H_CALL; break;
    case PICA_OP_CALLC: in->op = H_CALLC; break;
    case PICA_OP_IFC: in->op = H_IFC; break;
    case PICA_OP_JMPC: in->op = H_JMPC; break;
    case PICA_OP_EMIT: in->op = H_EMIT; break;
    case PICA_OP_CALLU:
    case PICA_OP_IFU:
    case PICA_OP_JMPU:
    case PICA_OP_LOOP:
        in->op = op == PICA_OP_CALLU ? H_CALLU : op == PICA_OP_IFU ? H_IFU : op == PICA_OP_JMPU ? H_JMPU : H_LOOP;
        in->u.f.aux[0] = (uint8_t)(pica_isa_uniform_id(word) & (op == PICA_OP_LOOP ? 3 : 15));
        break;
    case PICA_OP_SETEMIT:
        in->op = H_SETEMIT;
        in->u.f.aux[0] = (uint8_t)pica_isa_vertex_id(word);
        in->u.f.aux[1] = (uint8_t)pica_isa_primemit(word);
        in->u.f.aux[2] = (uint8_t)pica_isa_winding(word);
        break;
    default:
        in->op = H_UNKNOWN;
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
    p->insn[CODE_WORDS].op = H_OFF_END;
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

/* The register file as bytes: decoded offsets index it directly. */
typedef unsigned char *regfile;

static const v4i lane_mask[16] = {
#define M(b) (((b) & 1) ? -1 : 0), (((b) & 2) ? -1 : 0), (((b) & 4) ? -1 : 0), (((b) & 8) ? -1 : 0)
    {M(0)},  {M(1)},  {M(2)},  {M(3)},  {M(4)},  {M(5)},  {M(6)},  {M(7)},
    {M(8)},  {M(9)},  {M(10)}, {M(11)}, {M(12)}, {M(13)}, {M(14)}, {M(15)},
#undef M
};

__attribute__((always_inline)) static inline v4f fetch(const regfile R, const vm_insn *in, unsigned s,
                                                       unsigned off, unsigned kind)
{
    v4f v;
    if (kind == K_VEC) {
        memcpy(&v, R + off, sizeof v); /* an aligned slot */
    } else if (kind == K_SPLAT) {
        float x;
        memcpy(&x, R + off, sizeof x);
        v = (v4f){x, x, x, x};
    } else {
        const float *p = (const float *)(const void *)(R + off);
        v = (v4f){p[in->u.swz[s][0]], p[in->u.swz[s][1]], p[in->u.swz[s][2]], p[in->u.swz[s][3]]};
        if (in->flags & F_NEG(s))
            v = -v;
    }
    return v;
}

static inline void put4(regfile R, const vm_insn *in, v4f v)
{
    v4f *d = (v4f *)(void *)(R + in->dst);
    if (in->store == ST_FULL) {
        *d = v;
    } else {
        v4i m = lane_mask[in->mask];
        *d = (v4f)(((v4i)*d & ~m) | ((v4i)v & m));
    }
}

/* a store to the one lane of a single-lane mask */
static inline void putl(regfile R, const vm_insn *in, float x)
{
    memcpy(R + in->dst_lane, &x, sizeof x);
}

static inline void put1(regfile R, const vm_insn *in, float x)
{
    if (in->store == ST_LANE) {
        memcpy(R + in->dst_lane, &x, sizeof x);
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
#if defined(__SSE2__)
    return _mm_and_ps(p, _mm_or_ps(_mm_cmpord_ps(p, p), _mm_cmpunord_ps(a, b)));
#else
    v4i keep = (p == p) | (a != a) | (b != b);
    return (v4f)((v4i)p & keep);
#endif
}

static inline float pmul1(float a, float b)
{
    float p = a * b;
    return (p != p && a == a && b == b) ? 0.0f : p;
}

/* MAX/MIN exactly as the hardware orders the comparison (fp-tests 9-18);
 * SSE's maxps/minps are defined the same way (a > b ? a : b). */
static inline v4f pmax(v4f a, v4f b)
{
#if defined(__SSE2__)
    return _mm_max_ps(a, b);
#else
    v4i gt = a > b;
    return (v4f)((gt & (v4i)a) | (~gt & (v4i)b));
#endif
}

static inline v4f pmin(v4f a, v4f b)
{
#if defined(__SSE2__)
    return _mm_min_ps(a, b);
#else
    v4i lt = a < b;
    return (v4f)((lt & (v4i)a) | (~lt & (v4i)b));
#endif
}

static inline float pmax1(float a, float b) { return a > b ? a : b; }
static inline float pmin1(float a, float b) { return a < b ? a : b; }

/* Dot products sum left to right, as Azahar's inner_product does. (Azahar
 * starts from +0, which only turns a -0 result into +0; no PICA operation
 * tells the two apart: rcp/rsq of either give +inf, compares treat them
 * equal.) */
static inline float dot4(v4f p)
{
#if defined(__SSE2__)
    __m128 t = _mm_add_ss(p, _mm_shuffle_ps(p, p, 0x55));
    t = _mm_add_ss(t, _mm_movehl_ps(p, p));
    return _mm_cvtss_f32(_mm_add_ss(t, _mm_shuffle_ps(p, p, 0xFF)));
#else
    return ((p[0] + p[1]) + p[2]) + p[3];
#endif
}

static inline float dot3(v4f p)
{
#if defined(__SSE2__)
    __m128 t = _mm_add_ss(p, _mm_shuffle_ps(p, p, 0x55));
    return _mm_cvtss_f32(_mm_add_ss(t, _mm_movehl_ps(p, p)));
#else
    return (p[0] + p[1]) + p[2];
#endif
}

/* Dot products with the 0 * inf rule, cheaply: the plain sum is NaN
 * whenever any plain product is, so only a NaN sum needs the sanitised
 * products (the two agree on every product that is not NaN). */
static inline float pdot4(v4f a, v4f b)
{
    float s = dot4(a * b);
    if (__builtin_expect(s != s, 0))
        s = dot4(pmul(a, b));
    return s;
}

static inline float pdot3(v4f a, v4f b)
{
    float s = dot3(a * b);
    if (__builtin_expect(s != s, 0))
        s = dot3(pmul(a, b));
    return s;
}

static inline float sfetch(const regfile R, const vm_insn *in, unsigned s)
{
    float x;
    memcpy(&x, R + in->src[s], sizeof x);
    return (in->flags & F_NEG(s)) ? -x : x;
}

/* A single-lane component-wise instruction (the H_S_* handlers). */
__attribute__((always_inline)) static inline void exec_scalar(regfile R, const vm_insn *in, unsigned op)
{
    float a = sfetch(R, in, 0), r;
    switch (op) {
    case OP_ADD: r = a + sfetch(R, in, 1); break;
    case OP_MUL: r = pmul1(a, sfetch(R, in, 1)); break;
    case OP_MAX: r = pmax1(a, sfetch(R, in, 1)); break;
    case OP_MIN: r = pmin1(a, sfetch(R, in, 1)); break;
    case OP_SGE: r = a >= sfetch(R, in, 1) ? 1.0f : 0.0f; break;
    case OP_SLT: r = a < sfetch(R, in, 1) ? 1.0f : 0.0f; break;
    case OP_FLR: r = floorf(a); break;
    case OP_MAD: r = pmul1(a, sfetch(R, in, 1)) + sfetch(R, in, 2); break;
    default: r = a; break;
    }
    memcpy(R + in->dst_lane, &r, sizeof r);
}

/* EX2, LG2, RCP, RSQ: a function of src1.x written to every enabled lane. */
__attribute__((always_inline)) static inline void exec_x(regfile R, const vm_insn *in, unsigned op)
{
    float x = sfetch(R, in, 0);
    switch (op) {
    case OP_EX2: x = exp2f(x); break;
    case OP_LG2: x = log2f(x); break;
    case OP_RCP: x = x == 0.0f ? INFINITY : 1.0f / x; break;
    default: x = x == 0.0f ? INFINITY : 1.0f / sqrtf(x); break;
    }
    put1(R, in, x);
}

/* One ALU instruction; op and the kinds k0-k2 are constants in the
 * specialised handlers, so the switch and the kind tests fold away. */
__attribute__((always_inline)) static inline void exec_alu(pica_vm_unit *u, regfile R, const vm_insn *in, unsigned op,
                                                           unsigned s0, unsigned s1, unsigned s2, unsigned k0,
                                                           unsigned k1, unsigned k2)
{
    static const v4f one = {1.0f, 1.0f, 1.0f, 1.0f};
    switch (op) {
    case OP_ADD:
        put4(R, in, fetch(R, in, 0, s0, k0) + fetch(R, in, 1, s1, k1));
        break;
    case OP_MUL:
        put4(R, in, pmul(fetch(R, in, 0, s0, k0), fetch(R, in, 1, s1, k1)));
        break;
    case OP_DP3:
        put1(R, in, pdot3(fetch(R, in, 0, s0, k0), fetch(R, in, 1, s1, k1)));
        break;
    case OP_DP4:
        put1(R, in, pdot4(fetch(R, in, 0, s0, k0), fetch(R, in, 1, s1, k1)));
        break;
    case OP_DPH: {
        v4f a = fetch(R, in, 0, s0, k0);
        a[3] = 1.0f; /* homogeneous: src1.w = 1 */
        put1(R, in, pdot4(a, fetch(R, in, 1, s1, k1)));
        break;
    }
    case OP_DP3L:
        putl(R, in, pdot3(fetch(R, in, 0, s0, k0), fetch(R, in, 1, s1, k1)));
        break;
    case OP_DP4L:
        putl(R, in, pdot4(fetch(R, in, 0, s0, k0), fetch(R, in, 1, s1, k1)));
        break;
    case OP_DPHL: {
        v4f a = fetch(R, in, 0, s0, k0);
        a[3] = 1.0f;
        putl(R, in, pdot4(a, fetch(R, in, 1, s1, k1)));
        break;
    }
    case OP_DST: {
        /* 3dbrew: {1, src1.y * src2.y, src1.z, src2.w} */
        v4f a = fetch(R, in, 0, s0, k0), b = fetch(R, in, 1, s1, k1);
        put4(R, in, (v4f){1.0f, pmul1(a[1], b[1]), a[2], b[3]});
        break;
    }
    case OP_EX2:
        put1(R, in, exp2f(fetch(R, in, 0, s0, k0)[0]));
        break;
    case OP_LG2:
        put1(R, in, log2f(fetch(R, in, 0, s0, k0)[0]));
        break;
    case OP_LITP: {
        /* 3dbrew: {max(x, 0), max(min(y, 127.9961), -127.9961), 0, max(w, 0)},
         * cmp.x = x >= 0, cmp.y = w >= 0. 127.9961 is 127 + 255/256 rounded
         * for the page; the f24 value is exactly 127.99609375. max/min with
         * the MAX/MIN instructions' NaN behaviour. */
        v4f a = fetch(R, in, 0, s0, k0);
        u->cmp[0] = a[0] >= 0.0f;
        u->cmp[1] = a[3] >= 0.0f;
        put4(R, in,
             (v4f){pmax1(a[0], 0.0f), pmax1(pmin1(a[1], 127.99609375f), -127.99609375f), 0.0f, pmax1(a[3], 0.0f)});
        break;
    }
    case OP_SGE: {
        v4i ge = fetch(R, in, 0, s0, k0) >= fetch(R, in, 1, s1, k1);
        put4(R, in, (v4f)(ge & (v4i)one));
        break;
    }
    case OP_SLT: {
        v4i lt = fetch(R, in, 0, s0, k0) < fetch(R, in, 1, s1, k1);
        put4(R, in, (v4f)(lt & (v4i)one));
        break;
    }
    case OP_FLR: {
        v4f a = fetch(R, in, 0, s0, k0);
        put4(R, in, (v4f){floorf(a[0]), floorf(a[1]), floorf(a[2]), floorf(a[3])});
        break;
    }
    case OP_MAX:
        put4(R, in, pmax(fetch(R, in, 0, s0, k0), fetch(R, in, 1, s1, k1)));
        break;
    case OP_MIN:
        put4(R, in, pmin(fetch(R, in, 0, s0, k0), fetch(R, in, 1, s1, k1)));
        break;
    case OP_RCP: {
        float x = fetch(R, in, 0, s0, k0)[0];
        put1(R, in, x == 0.0f ? INFINITY : 1.0f / x); /* rcp(-0) = +inf: no -0 (3dbrew) */
        break;
    }
    case OP_RSQ: {
        float x = fetch(R, in, 0, s0, k0)[0];
        put1(R, in, x == 0.0f ? INFINITY : 1.0f / sqrtf(x)); /* rsq(-0) = +inf (3dbrew) */
        break;
    }
    case OP_MOVA: {
        v4f a = fetch(R, in, 0, s0, k0);
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
        put4(R, in, fetch(R, in, 0, s0, k0));
        break;
    case OP_CMP: {
        /* both flags, whatever the destination mask (3dbrew leaves it open;
         * Azahar and Panda3DS do the same); operators 6 and 7 are true */
        v4f a = fetch(R, in, 0, s0, k0), b = fetch(R, in, 1, s1, k1);
        for (unsigned c = 0; c < 2; c++) {
            float x = a[c], y = b[c];
            bool r;
            switch (in->cmp[c]) {
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
        put4(R, in, pmul(fetch(R, in, 0, s0, k0), fetch(R, in, 1, s1, k1)) + fetch(R, in, 2, s2, k2));
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
    union {
        struct {
            uint8_t ncall, tcall, nif, tif, nloop, tloop; /* counts and top indices */
        };
        uint64_t all; /* clears them in one store */
    };
    call_entry call[4];
    if_entry ifs[8];
    loop_entry loop[4];
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
    bool x = u->cmp[0] == in->u.f.aux[1], y = u->cmp[1] == in->u.f.aux[2];
    switch (in->u.f.aux[0]) {
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
    unsigned sel = in->rel & 3, src = in->rel >> 2;
    int32_t off = sel == 3 ? u->aL : u->a0[sel - 1];
    if (off < -128 || off > 127)
        off = 0;
    unsigned base = in->src[src], lane = base % SLOT_BYTES;
    uint32_t idx = (uint32_t)((int32_t)(base / SLOT_BYTES - PICA_VM_SLOT_C) + off) & 0x7F;
    return (idx < 96 ? PICA_VM_SLOT_C + idx : PICA_VM_SLOT_ONES) * SLOT_BYTES + lane;
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

/* One invocation (b == NULL) or a batch: the loop over the batch lives
 * inside the interpreter so entry and exit are paid once. */
static uint32_t run(pica_vm_unit *u, pica_vm_program *p, uint32_t entry, const pica_vm_batch *batch)
{
    if (entry >= CODE_WORDS)
        return PICA_VM_BAD_ENTRY;
#define L1(op, a) [H_##op##_##a] = &&h_##op##_##a,
#define L2B(op, a, b) [H_##op##_##a##b] = &&h_##op##_##a##b,
#define L2(op, a) KB(L2B, op, a)
#define L3C(op, a, b, c) [H_##op##_##a##b##c] = &&h_##op##_##a##b##c,
#define L3B(op, a, b) KC(L3C, op, a, b)
#define L3(op, a) KB(L3B, op, a)
#define T1(op) KA(L1, op)
#define T2(op) KA(L2, op)
#define T3(op) KA(L3, op)
#define TC(op) [H_##op] = &&h_##op,
    static const void *const handler[H_COUNT_] = {
        HOT1_OPS(T1) HOT2_OPS(T2) HOT3_OPS(T3) ALUL_OPS(T2) COLD_OPS(TC)
        [H_S_ADD] = &&s_add, [H_S_MUL] = &&s_mul, [H_S_MAX] = &&s_max, [H_S_MIN] = &&s_min, [H_S_SGE] = &&s_sge,
        [H_S_SLT] = &&s_slt, [H_S_FLR] = &&s_flr, [H_S_MOV] = &&s_mov, [H_S_MAD] = &&s_mad,
        [H_X_EX2] = &&x_ex2, [H_X_LG2] = &&x_lg2, [H_X_RCP] = &&x_rcp, [H_X_RSQ] = &&x_rsq,
        [H_REL] = &&alu_rel,      [H_NOP] = &&op_nop,       [H_UNKNOWN] = &&op_unknown,
        [H_END] = &&op_end,       [H_BREAK] = &&op_break,   [H_BREAKC] = &&op_breakc,
        [H_CALL] = &&op_call,     [H_CALLC] = &&op_callc,   [H_CALLU] = &&op_callu,
        [H_IFU] = &&op_ifu,       [H_IFC] = &&op_ifc,       [H_LOOP] = &&op_loop,   [H_EMIT] = &&op_emit,
        [H_SETEMIT] = &&op_setemit, [H_JMPC] = &&op_jmpc,   [H_JMPU] = &&op_jmpu,   [H_OFF_END] = &&op_off_end,
        [H_TRAP] = &&op_trap,
    };
    const uint32_t limit = u->step_limit ? u->step_limit : PICA_VM_DEFAULT_STEP_LIMIT;
    regfile R = (regfile)u->reg;
    vm_insn *const base = p->insn;
    const vm_insn *ins = base + entry;
    /* The scope stacks are checked only where one can close: the first
     * stack target after the PC (next_watch) gets the H_TRAP handler for as
     * long as it is the next target, so straight-line code pays nothing.
     * The instruction's own handler is kept in `trapped_op` and restored
     * before the run returns. */
    uint32_t trap = CODE_WORDS;
    uint16_t trapped_op = 0;
    flow_state fs;
    uint32_t status = 0, old, jump;
    const vm_insn *block; /* where the current straight run of instructions began */
    uint64_t steps = 0;
    bool brk;
    uint32_t vertex = 0, count = batch ? batch->count : 1;
    const float (*in)[4] = batch ? batch->in : NULL;
    float (*out)[4] = batch ? batch->out : NULL;
    uint32_t nin = batch ? batch->in_regs : 0, nout = 0;
    uint16_t out_at[16];
    for (uint32_t m = batch ? batch->out_mask : 0; m; m &= m - 1)
        out_at[nout++] = (uint16_t)((PICA_VM_SLOT_O + (unsigned)__builtin_ctz(m)) * SLOT_BYTES);
    if (count == 0)
        return 0;

#define DISPATCH() goto *handler[ins->op]
#define NEXT()     \
    do {           \
        ++ins;     \
        DISPATCH(); \
    } while (0)
next_invocation:
    if (nin) {
        /* unrolled: a switch into a run of fixed copies costs less than a loop */
        switch (nin) {
#define CASE_IN(r)                                                          \
    case (r) + 1:                                                           \
        memcpy(R + (PICA_VM_SLOT_V + (r)) * SLOT_BYTES, in[r], SLOT_BYTES); \
        __attribute__((fallthrough));
            CASE_IN(15) CASE_IN(14) CASE_IN(13) CASE_IN(12) CASE_IN(11) CASE_IN(10) CASE_IN(9) CASE_IN(8)
            CASE_IN(7) CASE_IN(6) CASE_IN(5) CASE_IN(4) CASE_IN(3) CASE_IN(2) CASE_IN(1) CASE_IN(0)
#undef CASE_IN
        default:
            break;
        }
        in += nin;
    }
    fs.all = 0;
    ins = block = base + entry;
    /* the specialised ALU handlers */
#define ALU(op, a, b, c) exec_alu(u, R, ins, OP_##op, ins->src[0], ins->src[1], ins->src[2], a, b, c); NEXT();
#define D1(op, a) h_##op##_##a: ALU(op, a, 0, 0)
#define D2B(op, a, b) h_##op##_##a##b: ALU(op, a, b, 0)
#define D2(op, a) KB(D2B, op, a)
#define D3C(op, a, b, c) h_##op##_##a##b##c: ALU(op, a, b, c)
#define D3B(op, a, b) KC(D3C, op, a, b)
#define D3(op, a) KB(D3B, op, a)
#define G1(op) KA(D1, op)
#define G2(op) KA(D2, op)
#define G3(op) KA(D3, op)
#define GC(op)                                                                                       \
    h_##op:                                                                                          \
    exec_alu(u, R, ins, OP_##op, ins->src[0], ins->src[1], ins->src[2], KIND(ins->flags, 0),          \
             KIND(ins->flags, 1), KIND(ins->flags, 2));                                               \
    NEXT();
    DISPATCH();
    HOT1_OPS(G1)
    HOT2_OPS(G2)
    HOT3_OPS(G3)
    ALUL_OPS(G2)
    COLD_OPS(GC)

#define SCALAR(label, op) \
    label:                \
    exec_scalar(R, ins, op); \
    NEXT();
    SCALAR(s_add, OP_ADD)
    SCALAR(s_mul, OP_MUL)
    SCALAR(s_max, OP_MAX)
    SCALAR(s_min, OP_MIN)
    SCALAR(s_sge, OP_SGE)
    SCALAR(s_slt, OP_SLT)
    SCALAR(s_flr, OP_FLR)
    SCALAR(s_mov, OP_MOV)
    SCALAR(s_mad, OP_MAD)
#undef SCALAR
#define XOP(label, op)     \
    label:                 \
    exec_x(R, ins, op);    \
    NEXT();
    XOP(x_ex2, OP_EX2)
    XOP(x_lg2, OP_LG2)
    XOP(x_rcp, OP_RCP)
    XOP(x_rsq, OP_RSQ)
#undef XOP

alu_rel: {
    unsigned s[3] = {ins->src[0], ins->src[1], ins->src[2]};
    s[ins->rel >> 2] = relative_slot(u, ins);
    unsigned f = ins->flags;
    exec_alu(u, R, ins, ins->real_op, s[0], s[1], s[2], KIND(f, 0), KIND(f, 1), KIND(f, 2));
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
        u->emit_vertex_id = ins->u.f.aux[0];
        u->emit_prim = ins->u.f.aux[1] != 0;
        u->emit_winding = ins->u.f.aux[2] != 0;
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
op_trap:
op_off_end:
    /* reached in sequence: the instruction before closes a scope (or was
     * the last code word) */
    old = (uint32_t)(ins - base) - 1;
    jump = NO_JUMP;
    brk = false;
    goto flow;
op_jmpc:
    old = (uint32_t)(ins - base);
    jump = condition(u, ins) ? ins->u.f.target : NO_JUMP;
    brk = false;
    goto flow;
op_jmpu:
    old = (uint32_t)(ins - base);
    /* NUM bit 0 inverts the test (3dbrew JMPU) */
    jump = (((u->bools >> ins->u.f.aux[0]) & 1) == !(ins->u.f.num & 1)) ? ins->u.f.target : NO_JUMP;
    brk = false;
    goto flow;
op_callu:
    if (!((u->bools >> ins->u.f.aux[0]) & 1))
        goto op_flow_none;
    goto op_call;
op_callc:
    if (!condition(u, ins))
        goto op_flow_none;
    /* fallthrough */
op_call:
    old = (uint32_t)(ins - base);
    RING_PUSH(&fs, call, ncall, tcall, 4, ((call_entry){(uint16_t)(ins->u.f.target + ins->u.f.num), (uint16_t)(old + 1)}),
              &status);
    jump = ins->u.f.target;
    brk = false;
    goto flow;
op_ifu:
    old = (uint32_t)(ins - base);
    if ((u->bools >> ins->u.f.aux[0]) & 1)
        goto if_taken;
    jump = ins->u.f.target;
    brk = false;
    goto flow;
op_ifc:
    old = (uint32_t)(ins - base);
    if (condition(u, ins))
        goto if_taken;
    jump = ins->u.f.target;
    brk = false;
    goto flow;
if_taken:
    RING_PUSH(&fs, ifs, nif, tif, 8, ((if_entry){ins->u.f.target, (uint16_t)(ins->u.f.target + ins->u.f.num)}), &status);
    jump = NO_JUMP;
    brk = false;
    goto flow;
op_loop: {
    /* 3dbrew LOOP: INT.x + 1 iterations, aL = INT.y, then += INT.z after
     * each. The aL of the enclosing loop is saved here and restored when
     * this loop ends (Azahar's LoopStackElement.previous_aL; its interpreter
     * captures the value after assigning INT.y, which makes the restore a
     * no-op -- an ordering slip, so the intent is followed here). */
    old = (uint32_t)(ins - base);
    const uint8_t *iu = u->ints[ins->u.f.aux[0]];
    loop_entry l = {(uint16_t)(old + 1), (uint16_t)(ins->u.f.target + 1), iu[0], iu[2], u->aL};
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
        steps += (uint64_t)(base + old + 1 - block);
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
    steps += (uint64_t)(base + old + 1 - block);
    if (steps > limit) {
        status |= PICA_VM_STEP_LIMIT;
        goto done;
    }
    if (pc >= CODE_WORDS) {
        status |= PICA_VM_RAN_OFF_END;
        goto done;
    }
    ins = block = base + pc;
    uint32_t w = next_watch(&fs, pc);
    if (w != trap) {
        if (trap < CODE_WORDS)
            base[trap].op = trapped_op;
        if (w < CODE_WORDS) {
            trapped_op = base[w].op;
            base[w].op = H_TRAP;
        }
        trap = w;
    }
    DISPATCH();
}
op_end:
    steps += (uint64_t)(ins + 1 - block);
done:
    if (trap < CODE_WORDS) {
        base[trap].op = trapped_op;
        trap = CODE_WORDS;
    }
    if (nout) {
        switch (nout) {
#define CASE_OUT(r)                                    \
    case (r) + 1:                                      \
        memcpy(out[r], R + out_at[r], SLOT_BYTES);     \
        __attribute__((fallthrough));
            CASE_OUT(15) CASE_OUT(14) CASE_OUT(13) CASE_OUT(12) CASE_OUT(11) CASE_OUT(10) CASE_OUT(9) CASE_OUT(8)
            CASE_OUT(7) CASE_OUT(6) CASE_OUT(5) CASE_OUT(4) CASE_OUT(3) CASE_OUT(2) CASE_OUT(1) CASE_OUT(0)
#undef CASE_OUT
        default:
            break;
        }
        out += nout;
    }
    if (++vertex < count)
        goto next_invocation;
    u->steps += steps;
    return status;
#undef DISPATCH
#undef NEXT
}

uint32_t pica_vm_run(pica_vm_unit *u, pica_vm_program *p, uint32_t entry)
{
    return run(u, p, entry, NULL);
}

uint32_t pica_vm_run_batch(pica_vm_unit *u, pica_vm_program *p, uint32_t entry, const pica_vm_batch *b)
{
    if (b->in_regs > 16)
        return PICA_VM_BAD_ENTRY;
    return run(u, p, entry, b);
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

pica_vm_program *pica_vm_cache_get(pica_vm_cache *c, pica_vm_binding *b, const pica_shader_setup *s)
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
