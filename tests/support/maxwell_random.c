#include "support/maxwell_random.h"

#include <fenv.h>
#include <math.h>
#include <string.h>

#include "shadergen/maxwell_isa.h"

/* ---- encoding ---- */

#define SCHED 0x001f8000fc0007e0ull /* a control word (never executes) */
#define NOP 0x50b0000000070f00ull
#define EXIT 0xe30000000007000full
#define BRA_SELF 0xe2400fffff87000full
#define PT_GUARD (7ull << 16)

static uint64_t f(uint64_t v, unsigned pos)
{
    return v << pos;
}

/* an opcode's pattern in bits 48-63 (the table's MATCH) */
static uint64_t base(uint16_t match)
{
    return (uint64_t)match << 48;
}

typedef struct gen {
    ts_rng *rng;
    tmr_program *p;
    tmr_machine *m;
    uint32_t slot; /* instruction slots written */
    /* branchy programs: code not on the path the model follows still gets
     * encoded, its operations' effects dropped (live false); a loop body is
     * generated again from the same random state for each later iteration
     * (replay: the words are compared, not written) */
    bool live, replay, mismatch, int_only;
    bool cc_written; /* the last operation wrote a flag (tmr_generate probes them) */
    bool cc_chained; /* ... from the flags before it: always probed */
    uint32_t reserve; /* words kept free for the epilogue */
} gen;

/* room kept for the epilogue (MOV32I, four SELs, EXIT, BRA, padding) */
#define EPILOGUE_WORDS 16

static void put_word(gen *g, uint64_t word, bool compare)
{
    tmr_program *p = g->p;
    if (p->words + 2 + g->reserve > TMR_MAX_WORDS) {
        g->mismatch = true; /* the caller starts again */
        return;
    }
    if (g->slot % 3 == 0)
        p->code[p->words++] = SCHED;
    if (!g->replay)
        p->code[p->words] = word;
    else if (compare && p->code[p->words] != word)
        g->mismatch = true;
    p->words++;
    g->slot++;
}

static void put(gen *g, uint64_t word)
{
    put_word(g, word, true);
}

static uint32_t rnd(gen *g, uint32_t n)
{
    return ts_rng_below(g->rng, n);
}

static bool coin(gen *g, uint32_t percent)
{
    return rnd(g, 100) < percent;
}

/* ---- values ---- */

static uint32_t fbits(float x)
{
    uint32_t u;
    memcpy(&u, &x, 4);
    return u;
}

static float bitsf(uint32_t u)
{
    float x;
    memcpy(&x, &u, 4);
    return x;
}

/* few significant bits and a moderate exponent: sums and products of two
 * stay exact or round the same way everywhere, and never reach a denormal */
static bool is_nice(float x)
{
    if (x == 0.0f)
        return !signbit(x);
    if (!isfinite(x) || fabsf(x) < 1.0f / 256 || fabsf(x) > 65536.0f)
        return false;
    float s = x * 256.0f;
    return s == truncf(s) && fabsf(s) < (float)(1 << 24);
}

static float nice_value(gen *g)
{
    static const float v[] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 2.5f, 3.0f, 0.25f, 4.0f, 8.0f, 16.0f, 0.75f, 5.5f, 100.0f};
    float x = v[rnd(g, sizeof v / sizeof v[0])];
    return coin(g, 40) ? -x : x;
}

static uint32_t random_word(gen *g)
{
    static const uint32_t special[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 31, 32, 33, 0xffff, 0x10000, 0x1f08};
    switch (rnd(g, 4)) {
    case 0: return special[rnd(g, sizeof special / sizeof special[0])];
    case 1: return rnd(g, 64);                       /* small: shift counts, field positions */
    case 2: return rnd(g, 40) | rnd(g, 40) << 8;     /* BFE/BFI fields: position, length */
    default: return ts_rng_u32(g->rng);
    }
}

static uint32_t reg(gen *g)
{
    return rnd(g, 8);
}

/* a register holding a nice float, or 8 when none does */
static uint32_t nice_reg(gen *g)
{
    uint32_t start = rnd(g, 8);
    for (uint32_t i = 0; i < 8; i++)
        if (g->m->nice[(start + i) & 7])
            return (start + i) & 7;
    return 8;
}

static void set_int(gen *g, uint32_t r, uint32_t v)
{
    g->m->r[r] = v;
    g->m->nice[r] = is_nice(bitsf(v));
}

/* a guard predicate: mostly PT, sometimes P0-P3 or their negation */
typedef struct guard {
    uint64_t bits;
    bool runs;
} guard;

static guard pick_guard(gen *g)
{
    guard gd = {PT_GUARD, true};
    if (coin(g, 20)) {
        uint32_t p = rnd(g, 4);
        bool neg = coin(g, 50);
        gd.bits = f(p, 16) | f(neg, 19);
        gd.runs = g->m->p[p] != neg;
    }
    return gd;
}

/* predicate operand at 39 with its negation at 42: P0-P3 or PT */
static uint64_t pred39(gen *g, bool *value)
{
    uint32_t p = rnd(g, 5);
    bool neg = coin(g, 30);
    bool v = p == 4 ? true : g->m->p[p];
    *value = v != neg;
    return f(p == 4 ? 7 : p, 39) | f(neg, 42);
}

static void set_p(gen *g, uint32_t p, bool v)
{
    if (p < 4)
        g->m->p[p] = v;
}

/* PTX ISA setp's boolean combination with predicate c: AND OR XOR */
static bool bop(uint32_t op, bool a, bool c)
{
    return op == 0 ? (a && c) : op == 1 ? (a || c) : (a != c);
}

/* ISETP / ISET condition (3 bits: F LT EQ LE GT NE GE T) */
static bool icmp(uint32_t cond, bool s, uint32_t a, uint32_t b)
{
    int64_t x = s ? (int64_t)(int32_t)a : (int64_t)a, y = s ? (int64_t)(int32_t)b : (int64_t)b;
    switch (cond) {
    case 0: return false;
    case 1: return x < y;
    case 2: return x == y;
    case 3: return x <= y;
    case 4: return x > y;
    case 5: return x != y;
    case 6: return x >= y;
    default: return true;
    }
}

/* FSETP/DSETP condition (4 bits: F LT EQ LE GT NE GE NUM NAN LTU EQU LEU
 * GTU NEU GEU T); floats compare the same as the doubles they widen to */
bool tmr_fcmp(uint32_t cond, double a, double b)
{
    bool un = isnan(a) || isnan(b);
    switch (cond) {
    case 0: return false;
    case 1: return !un && a < b;
    case 2: return !un && a == b;
    case 3: return !un && a <= b;
    case 4: return !un && a > b;
    case 5: return !un && a != b;
    case 6: return !un && a >= b;
    case 7: return !un;
    case 8: return un;
    case 9: return un || a < b;
    case 10: return un || a == b;
    case 11: return un || a <= b;
    case 12: return un || a > b;
    case 13: return un || a != b;
    case 14: return un || a >= b;
    default: return true;
    }
}

static uint32_t brev(uint32_t v)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i++)
        r |= ((v >> i) & 1u) << (31 - i);
    return r;
}

/* PTX ISA bfe.u32 / bfe.s32: pos = b[7:0], len = b[15:8];
 * d[i] = (i < len && pos + i <= 31) ? a[pos + i] : sbit, where sbit is 0
 * unsigned and a[min(pos + len - 1, 31)] signed (0 when len = 0) */
static uint32_t model_bfe(uint32_t a, uint32_t b, bool s)
{
    uint32_t pos = b & 0xff, len = (b >> 8) & 0xff, d = 0;
    uint32_t msb = pos + len - 1 > 31 ? 31 : pos + len - 1;
    uint32_t sbit = s && len ? (a >> msb) & 1u : 0;
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t bitv = i < len && pos + i <= 31 ? (a >> (pos + i)) & 1u : sbit;
        d |= bitv << i;
    }
    return d;
}

/* PTX ISA bfi.b32 f, a, b, pos, len: f = b with f[pos + i] = a[i] for
 * i < len and pos + i <= 31 (SASS BFI Rd, Ra = a, Rb = pos | len << 8, Rc = b) */
static uint32_t model_bfi(uint32_t a, uint32_t field, uint32_t base_v)
{
    uint32_t pos = field & 0xff, len = (field >> 8) & 0xff, r = base_v;
    for (uint32_t i = 0; i < len && pos + i <= 31; i++)
        r = (r & ~(1u << (pos + i))) | (((a >> i) & 1u) << (pos + i));
    return r;
}

/* PTX ISA bfind.u32 / .s32: the position of the most significant 1 (signed:
 * of the most significant bit that differs from the sign), 0xffffffff when
 * there is none; .shiftamt gives 31 - it */
static uint32_t model_flo(uint32_t v, bool s, bool shiftamt)
{
    if (s && (v & 0x80000000u))
        v = ~v;
    if (!v)
        return 0xffffffffu;
    uint32_t pos = 31 - (uint32_t)__builtin_clz(v);
    return shiftamt ? 31 - pos : pos;
}

/* ---- the operations ---- */

typedef void (*op_fn)(gen *g, guard gd);

/* ---- the condition code ----
 *
 * Flags as envytools documents them (docs/hw/graph/fermi/cuda/isa.rst
 * "$c", which Maxwell keeps): Z the result is 0, S its top bit, C the
 * carry out of an addition, O "the true (infinite-precision) result
 * doesn't fit" as a signed number. */
static void set_cc(gen *g, uint32_t i, bool v)
{
    g->m->cc[i] = v;
    g->m->cc_valid |= 1u << i;
    g->cc_written = true;
}

static void cc_zs(gen *g, uint32_t r)
{
    set_cc(g, TMR_CC_Z, r == 0);
    set_cc(g, TMR_CC_S, r >> 31);
}

/* r = a + b + cin with its four flags, computed in 64 bits */
static uint32_t cc_add(gen *g, uint32_t a, uint32_t b, uint32_t cin)
{
    uint64_t wide = (uint64_t)a + b + cin;
    int64_t exact = (int64_t)(int32_t)a + (int32_t)b + cin;
    uint32_t r = (uint32_t)wide;
    cc_zs(g, r);
    set_cc(g, TMR_CC_C, wide >> 32);
    set_cc(g, TMR_CC_O, exact != (int32_t)r);
    return r;
}

static bool cc_all_valid(gen *g)
{
    return g->m->cc_valid == 0xf;
}

/* The condition tests of CSET, CSETP and BRA (5 bits, envydis gm107.c
 * "cc" names F LT EQ LE GT NE GE NUM NAN LTU EQU LEU GTU NEU GEU T OFF LO
 * SFF LS HI SFT HS OFT ... RLE RGT). The float-style tests read the flags
 * as a compare leaves them (Z equal, S less, both for unordered: the
 * envytools "$c" NaN rule), with O flipping the sign's meaning as for
 * a signed subtraction; the formulas are the ones yuzu's GetFlowTest and
 * Ryujinx's GetCondition share. 24-29 (CSM/FCSM) are never generated. */
static bool flow(const tmr_machine *m, uint32_t test)
{
    bool z = m->cc[TMR_CC_Z], s = m->cc[TMR_CC_S], c = m->cc[TMR_CC_C], o = m->cc[TMR_CC_O];
    bool lt = s != o; /* signed less than after a - b */
    switch (test) {
    case 0: return false;
    case 1: return (s && !z) != o;
    case 2: return !s && z;
    case 3: return s != (z || o);
    case 4: return !lt && !z;
    case 5: return !z;
    case 6: return !lt;
    case 7: return !(s && z);
    case 8: return s && z;
    case 9: return lt;
    case 10: return z;
    case 11: return lt || z;
    case 12: return !s != (z || o);
    case 13: return s || !z;
    case 14: return (!s || z) != o;
    case 15: return true;
    case 16: return !o;
    case 17: return !c;
    case 18: return !s;
    case 19: return z || !c;
    case 20: return c && !z;
    case 21: return s;
    case 22: return c;
    case 23: return o;
    case 30: return s || z;
    default: return !s && !z; /* 31 RGT */
    }
}

/* a test the model can evaluate now: any once every flag is known, else F or T */
static uint32_t pick_test(gen *g)
{
    if (!cc_all_valid(g))
        return coin(g, 50) ? 0 : 15;
    uint32_t t = rnd(g, 26);
    return t < 24 ? t : t + 6;
}

static void op_iadd(gen *g, guard gd)
{
    /* IADD R (5c10): neg a 49, neg b 48 (both: .PO, a + b + 1; yuzu
     * integer_add.cpp three_for_po, Ryujinx AvgMode), X 43 adds C, CC 47
     * sets the four flags of the addition of the negated operands (yuzu and
     * Ryujinx agree); with X too Z also needs the previous Z (Ryujinx
     * SetIaddFlags extended), so a chain tests a wide zero. .PO is not
     * generated with X or CC (neither source settles it). */
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g);
    bool carry_ops = coin(g, 50);
    bool x = carry_ops && (g->m->cc_valid >> TMR_CC_C & 1) && coin(g, 60), cc = carry_ops && coin(g, 70);
    bool x_z = x && cc && (g->m->cc_valid >> TMR_CC_Z & 1);
    if (x && cc && !x_z)
        x = false;
    bool na = coin(g, 25), nb = coin(g, 25);
    if (na && nb && (x || cc))
        nb = false;
    put(g, base(0x5c10) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(na, 49) | f(nb, 48) | f(x, 43) | f(cc, 47));
    if (!gd.runs)
        return;
    bool po = na && nb;
    uint32_t a = na && !po ? 0u - g->m->r[ra] : g->m->r[ra], b = nb && !po ? 0u - g->m->r[rb] : g->m->r[rb];
    uint32_t cin = (x && g->m->cc[TMR_CC_C]) || po ? 1 : 0;
    bool zold = g->m->cc[TMR_CC_Z];
    uint32_t r = cc ? cc_add(g, a, b, cin) : a + b + cin;
    if (cc && x) {
        g->cc_chained = true;
        set_cc(g, TMR_CC_Z, zold && r == 0);
    }
    set_int(g, rd, r);
}

static void op_iscadd(gen *g, guard gd)
{
    /* ISCADD R (5c18): (a << shift 39-43) + b, neg a 49, neg b 48, both
     * .PO: (a << shift) + b + 1; CC 47 the flags of the final addition
     * (yuzu integer_scaled_add.cpp, Ryujinx EmitIscadd); .PO with CC is
     * not generated (the sources differ) */
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g), sh = rnd(g, 32);
    bool na = coin(g, 20), nb = coin(g, 20), cc = coin(g, 30) && !(na && nb);
    put(g, base(0x5c18) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(sh, 39) | f(na, 49) | f(nb, 48) | f(cc, 47));
    if (!gd.runs)
        return;
    bool po = na && nb;
    uint32_t a = na && !po ? 0u - g->m->r[ra] : g->m->r[ra], b = nb && !po ? 0u - g->m->r[rb] : g->m->r[rb];
    set_int(g, rd, cc ? cc_add(g, a << sh, b, 0) : (a << sh) + b + po);
}

static void op_iadd3(gen *g, guard gd)
{
    /* IADD3 R (5cc0): ((a' + b') shifted) + c', each operand's 16-bit half
     * (a 35-36, b 33-34, c 31-32: 1 low, 2 high, zero-extended) then negated
     * (51 50 49), the first sum shifted (37-38: 1 right 16, 2 left 16) as
     * the 33-bit number it is (envytools docs maxwell/cuda/int.rst iadd3:
     * "the intermediate addition creates a 33-bit integer"); yuzu
     * integer_add_three_input.cpp. X 48 adds C to the first sum (not with
     * the right shift); CC 47 (not with X): Z and S of the result, C the
     * second addition's carry, O its overflow or the first one's carry */
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g), rc = reg(g);
    uint32_t h[3] = {rnd(g, 3), rnd(g, 3), rnd(g, 3)}, sh = rnd(g, 3);
    bool n[3] = {coin(g, 20), coin(g, 20), coin(g, 20)};
    bool x = sh != 1 && (g->m->cc_valid >> TMR_CC_C & 1) && coin(g, 25), cc = !x && coin(g, 35);
    put(g, base(0x5cc0) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(rc, 39) | f(h[0], 35) | f(h[1], 33) |
               f(h[2], 31) | f(sh, 37) | f(n[0], 51) | f(n[1], 50) | f(n[2], 49) | f(x, 48) | f(cc, 47));
    if (!gd.runs)
        return;
    uint32_t v[3] = {g->m->r[ra], g->m->r[rb], g->m->r[rc]};
    for (int i = 0; i < 3; i++) {
        if (h[i] == 1)
            v[i] &= 0xffff;
        else if (h[i] == 2)
            v[i] >>= 16;
        if (n[i])
            v[i] = 0u - v[i];
    }
    uint64_t s = (uint64_t)v[0] + v[1] + (x && g->m->cc[TMR_CC_C]);
    bool first_carry = s >> 32;
    uint32_t s32 = sh == 1 ? (uint32_t)(s >> 16) : sh == 2 ? (uint32_t)s << 16 : (uint32_t)s;
    if (!cc) {
        set_int(g, rd, s32 + v[2]);
        return;
    }
    set_int(g, rd, cc_add(g, s32, v[2], 0));
    set_cc(g, TMR_CC_O, g->m->cc[TMR_CC_O] || first_carry);
}

static void op_lea(gen *g, guard gd)
{
    /* LEA R (5bd0): b + ((neg 45 ? -a : a) << scale 39-43); LEA.HI R (5bd8):
     * b + low word of ((c:a, 64-bit negated with neg 37) >> (32 - scale 28-32)),
     * c = R39 (yuzu load_effective_address.cpp) */
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g), rc = reg(g), sc = rnd(g, 32);
    bool hi = coin(g, 50), neg = coin(g, 30);
    if (hi)
        put(g, base(0x5bd8) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(rc, 39) | f(sc, 28) | f(neg, 37) |
                   f(7, 48));
    else
        put(g, base(0x5bd0) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(sc, 39) | f(neg, 45) | f(7, 48));
    if (!gd.runs)
        return;
    uint32_t a = g->m->r[ra], b = g->m->r[rb];
    if (!hi) {
        set_int(g, rd, b + ((neg ? 0u - a : a) << sc));
        return;
    }
    uint64_t v = (uint64_t)g->m->r[rc] << 32 | a;
    if (neg)
        v = 0 - v;
    set_int(g, rd, b + (uint32_t)(v >> (32 - sc)));
}

static void op_xmad(gen *g, guard gd)
{
    /* XMAD R (5b00): 16 x 16 multiply plus c (yuzu
     * integer_short_multiply_add.cpp): a's half (high with 53) and b's (high
     * with 35), each sign-extended when signed (48, 49); PSL 36 shifts the
     * product left 16; c by mode 50-52: 0 C, 1 CLO (c & 0xffff), 2 CHI
     * (c >> 16); MRG 37 puts b's low half into the result's high half */
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g), rc = reg(g);
    bool sa = coin(g, 30), sb = coin(g, 30), ha = coin(g, 40), hb = coin(g, 40), psl = coin(g, 25), mrg = coin(g, 25);
    uint32_t mode = rnd(g, 3);
    bool cc = coin(g, 25); /* CC 47: the flags of product + c, before the merge (Ryujinx EmitXmad) */
    put(g, base(0x5b00) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(rc, 39) | f(sa, 48) | f(sb, 49) | f(ha, 53) |
               f(hb, 35) | f(psl, 36) | f(mrg, 37) | f(mode, 50) | f(cc, 47));
    if (!gd.runs)
        return;
    uint32_t a = ha ? g->m->r[ra] >> 16 : g->m->r[ra] & 0xffff, bv = g->m->r[rb];
    uint32_t b = hb ? bv >> 16 : bv & 0xffff, c = g->m->r[rc];
    int64_t x = sa ? (int16_t)a : (int64_t)a, y = sb ? (int16_t)b : (int64_t)b;
    uint32_t prod = (uint32_t)(x * y);
    if (psl)
        prod <<= 16;
    c = mode == 1 ? c & 0xffff : mode == 2 ? c >> 16 : c;
    uint32_t r = cc ? cc_add(g, prod, c, 0) : prod + c;
    if (mrg)
        r = (r & 0xffff) | (bv << 16);
    set_int(g, rd, r);
}

static void op_imul(gen *g, guard gd)
{
    /* IMUL R (5c38): hi 39, signed a 40, signed b 41: the low or high 32
     * bits of the 64-bit product (PTX ISA mul.lo / mul.hi) */
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g);
    bool hi = coin(g, 50), s = coin(g, 50);
    put(g, base(0x5c38) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(hi, 39) | f(s, 40) | f(s, 41));
    if (!gd.runs)
        return;
    uint32_t a = g->m->r[ra], b = g->m->r[rb];
    uint64_t p = s ? (uint64_t)((int64_t)(int32_t)a * (int64_t)(int32_t)b) : (uint64_t)a * b;
    set_int(g, rd, hi ? (uint32_t)(p >> 32) : (uint32_t)p);
}

static void op_lop(gen *g, guard gd)
{
    /* LOP R (5c40): op 41-42 (AND OR XOR PASS_B), NOT a 39, NOT b 40,
     * predicate 48-50 from the result by test 44-45 (F T Z NZ) */
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g), op = rnd(g, 4), pt = rnd(g, 4);
    bool ia = coin(g, 30), ib = coin(g, 30);
    uint32_t pd = coin(g, 40) ? rnd(g, 4) : 7;
    put(g, base(0x5c40) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(op, 41) | f(ia, 39) | f(ib, 40) |
               f(pd, 48) | f(pt, 44));
    if (!gd.runs)
        return;
    uint32_t a = ia ? ~g->m->r[ra] : g->m->r[ra], b = ib ? ~g->m->r[rb] : g->m->r[rb];
    uint32_t r = op == 0 ? a & b : op == 1 ? a | b : op == 2 ? a ^ b : b;
    set_int(g, rd, r);
    set_p(g, pd, pt == 0 ? false : pt == 1 ? true : pt == 2 ? r == 0 : r != 0);
}

static void op_lop3(gen *g, guard gd)
{
    /* LOP3 R (5be0): bit i of the result is bit (a_i << 2 | b_i << 1 | c_i)
     * of the table at 28-35 (PTX ISA lop3: the table is F(0xf0, 0xcc, 0xaa));
     * predicate 48-50 by test 36-37 (yuzu logic_operation_three_input.cpp) */
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g), rc = reg(g), lut = rnd(g, 256), pt = rnd(g, 4);
    uint32_t pd = coin(g, 40) ? rnd(g, 4) : 7;
    /* CC 47: Z and S of the result, C and O kept; X 38: with CC, Z only
     * where the previous Z was set too, else nothing (Ryujinx EmitLop3,
     * SetZnFlags extended); the table 0 (a zero result) is common there, so
     * that the old Z decides */
    bool cc = coin(g, 30), x = coin(g, 50);
    if (cc && x && coin(g, 50))
        lut = 0;
    put(g, base(0x5be0) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(rc, 39) | f(lut, 28) | f(pt, 36) | f(pd, 48) |
               f(cc, 47) | f(x, 38));
    if (!gd.runs)
        return;
    uint32_t a = g->m->r[ra], b = g->m->r[rb], c = g->m->r[rc], r = 0;
    for (int i = 0; i < 32; i++) {
        uint32_t idx = ((a >> i) & 1u) << 2 | ((b >> i) & 1u) << 1 | ((c >> i) & 1u);
        r |= ((lut >> idx) & 1u) << i;
    }
    set_int(g, rd, r);
    set_p(g, pd, pt == 0 ? false : pt == 1 ? true : pt == 2 ? r == 0 : r != 0);
    bool zold = g->m->cc[TMR_CC_Z], zknown = g->m->cc_valid >> TMR_CC_Z & 1;
    if (cc)
        cc_zs(g, r);
    if (cc && x) {
        g->cc_chained = true;
        set_cc(g, TMR_CC_Z, zold && r == 0);
        if (!zknown) /* Z read before anything wrote it */
            g->m->cc_valid &= ~(1u << TMR_CC_Z);
    }
}

/* BFE.CC and BFI.CC (47): Z and S of the result, C and O cleared (yuzu
 * bitfield_extract.cpp, bitfield_insert.cpp) */
static void cc_zs_clear(gen *g, uint32_t r)
{
    cc_zs(g, r);
    set_cc(g, TMR_CC_C, false);
    set_cc(g, TMR_CC_O, false);
}

static void op_shift(gen *g, guard gd)
{
    /* SHL R (5c48) / SHR R (5c28): amount b; .W (39) takes it mod 32, else
     * 32 or more shifts everything out (PTX ISA shl/shr: "shift amounts
     * greater than the register width N are clamped to N"): 0, or the sign
     * for SHR.S32 (signed 48); SHR bit-reverses a first with 40 */
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g);
    bool left = coin(g, 50), w = coin(g, 30), s = !left && coin(g, 50), br = !left && coin(g, 15);
    put(g, base(left ? 0x5c48 : 0x5c28) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(w, 39) | f(s, 48) |
               f(br, 40));
    if (!gd.runs)
        return;
    uint32_t a = br ? brev(g->m->r[ra]) : g->m->r[ra], n = g->m->r[rb];
    if (w)
        n &= 31;
    uint32_t r;
    if (left)
        r = n >= 32 ? 0 : a << n;
    else if (s)
        r = (uint32_t)((int32_t)a >> (n >= 32 ? 31 : n));
    else
        r = n >= 32 ? 0 : a >> n;
    set_int(g, rd, r);
}

static void op_shf(gen *g, guard gd)
{
    /* SHF.L R (5bf8) / SHF.R R (5cf8): the 64-bit value c:a (c = R39 high,
     * a = R8 low) shifted by b; .L keeps the high word, .R the low one. Type
     * 37-38: 0 U32 (amount clamped to 32, or mod 32 with .W 50), 2 U64 / 3 S64
     * (clamped to 63; S64 shifts in the sign). PTX ISA shf.l/shf.r .clamp/.wrap;
     * yuzu integer_funnel_shift.cpp */
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g), rc = reg(g);
    bool right = coin(g, 50);
    uint32_t type = coin(g, 60) ? 0 : 2 + rnd(g, 2);
    bool w = type == 0 && coin(g, 40), cc = coin(g, 25); /* CC 47: Z and S, C and O kept (Ryujinx EmitShf) */
    put(g, base(right ? 0x5cf8 : 0x5bf8) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(rc, 39) | f(type, 37) |
               f(w, 50) | f(cc, 47));
    if (!gd.runs)
        return;
    uint64_t v = (uint64_t)g->m->r[rc] << 32 | g->m->r[ra];
    uint32_t n = g->m->r[rb];
    n = w ? n & 31 : n > (type == 0 ? 32u : 63u) ? (type == 0 ? 32u : 63u) : n;
    uint32_t r;
    if (!right)
        r = (uint32_t)((v << n) >> 32);
    else if (type == 3)
        r = (uint32_t)(uint64_t)((int64_t)v >> n);
    else
        r = (uint32_t)(v >> n);
    set_int(g, rd, r);
    if (cc)
        cc_zs(g, r);
}

static void op_bfe(gen *g, guard gd)
{
    /* BFE R (5c00): signed 48, bit-reverse a first with 40 (yuzu bitfield_extract.cpp) */
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g);
    bool s = coin(g, 50), br = coin(g, 15), cc = coin(g, 25);
    put(g, base(0x5c00) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(s, 48) | f(br, 40) | f(cc, 47));
    if (!gd.runs)
        return;
    uint32_t a = br ? brev(g->m->r[ra]) : g->m->r[ra];
    set_int(g, rd, model_bfe(a, g->m->r[rb], s));
    if (cc)
        cc_zs_clear(g, g->m->r[rd]);
}

static void op_bfi(gen *g, guard gd)
{
    /* BFI R (5bf0): insert a into c (R39) at the field b names */
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g), rc = reg(g);
    bool cc = coin(g, 25);
    put(g, base(0x5bf0) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(rc, 39) | f(cc, 47));
    if (!gd.runs)
        return;
    set_int(g, rd, model_bfi(g->m->r[ra], g->m->r[rb], g->m->r[rc]));
    if (cc)
        cc_zs_clear(g, g->m->r[rd]);
}

static void op_popc_flo(gen *g, guard gd)
{
    /* POPC R (5c08): bits set in b (NOT b with 40); FLO R (5c30): signed 48,
     * NOT b 40, shift amount 41 */
    uint32_t rd = reg(g), rb = reg(g);
    bool flo = coin(g, 50), inv = coin(g, 25), s = flo && coin(g, 50), sh = flo && coin(g, 40);
    put(g, base(flo ? 0x5c30 : 0x5c08) | gd.bits | f(rd, 0) | f(rb, 20) | f(inv, 40) | f(s, 48) | f(sh, 41));
    if (!gd.runs)
        return;
    uint32_t b = inv ? ~g->m->r[rb] : g->m->r[rb];
    set_int(g, rd, flo ? model_flo(b, s, sh) : (uint32_t)__builtin_popcount(b));
}

static void op_minmax_sel(gen *g, guard gd)
{
    /* IMNMX R (5c20): predicate 39 true takes the minimum, else the maximum,
     * signed 48, CC 47 (Z and S of the result, C and O kept: Ryujinx
     * EmitImnmx); SEL R (5ca0): predicate 39 ? a : b */
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g);
    bool sel = coin(g, 40), s = coin(g, 50), cc = !sel && coin(g, 25), pv;
    uint64_t pbits = pred39(g, &pv);
    put(g, base(sel ? 0x5ca0 : 0x5c20) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | pbits | f(!sel && s, 48) |
               f(cc, 47));
    if (!gd.runs)
        return;
    uint32_t a = g->m->r[ra], b = g->m->r[rb];
    if (sel) {
        uint32_t r = pv ? a : b;
        g->m->nice[rd] = pv ? g->m->nice[ra] : g->m->nice[rb];
        g->m->r[rd] = r;
        return;
    }
    bool lt = s ? (int32_t)a < (int32_t)b : a < b;
    set_int(g, rd, pv ? (lt ? a : b) : (lt ? b : a));
    if (cc)
        cc_zs(g, g->m->r[rd]);
}

static void op_iset(gen *g, guard gd)
{
    /* ISETP R (5b60): P(3-5) = cmp BOP c, Q(0-2) = !cmp BOP c; ISET R (5b50):
     * cmp BOP c as 0xffffffff / 0, or 1.0f / 0 with BF 44. Condition 49-51,
     * signed 48, BOP 45-46 (AND OR XOR), c = predicate 39 (!42) */
    uint32_t ra = reg(g), rb = reg(g), cond = rnd(g, 8), op = rnd(g, 3);
    bool s = coin(g, 50), pv, setp = coin(g, 65), bf = !setp && coin(g, 50);
    uint64_t pbits = pred39(g, &pv);
    uint32_t p = rnd(g, 4), q = coin(g, 50) ? rnd(g, 4) : 7, rd = reg(g);
    uint64_t dst = setp ? f(p, 3) | f(q, 0) : f(rd, 0);
    put(g, base(setp ? 0x5b60 : 0x5b50) | gd.bits | dst | f(ra, 8) | f(rb, 20) | f(cond, 49) | f(s, 48) | f(op, 45) |
               pbits | f(bf, 44));
    if (!gd.runs)
        return;
    bool c = icmp(cond, s, g->m->r[ra], g->m->r[rb]);
    if (setp) {
        bool pr = bop(op, c, pv), qr = bop(op, !c, pv);
        set_p(g, p, pr);
        set_p(g, q, qr);
    } else {
        bool r = bop(op, c, pv);
        set_int(g, rd, r ? (bf ? 0x3f800000u : 0xffffffffu) : 0);
    }
}

/* the float operations: sources are nice floats */

static void set_float(gen *g, uint32_t rd, float v)
{
    g->m->r[rd] = fbits(v);
    g->m->nice[rd] = is_nice(v);
}

static float fneg_abs(float x, bool neg, bool abs)
{
    if (abs)
        x = fabsf(x);
    return neg ? -x : x;
}

static float fsat(float x, bool sat)
{
    return sat ? (x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x) : x; /* nice values are never NaN */
}

/* A zero result of FADD, FMUL or FFMA is not generated: GLSL does not keep
 * the sign of zero (llvmpipe's LLVM folds -0 and +0 freely), and the bits of
 * a register are compared exactly. */
static void op_float(gen *g, guard gd)
{
    uint32_t ra = nice_reg(g), rb = nice_reg(g), rc = nice_reg(g), rd = reg(g);
    if (ra == 8)
        return;
    float a = bitsf(g->m->r[ra]), b = bitsf(g->m->r[rb]), c = bitsf(g->m->r[rc]);
    switch (rnd(g, 5)) {
    case 0: { /* FADD R (5c58): neg a 48, abs a 46, neg b 45, abs b 49, sat 50; correctly rounded */
        bool na = coin(g, 25), aa = coin(g, 15), nb = coin(g, 25), ab = coin(g, 15), sat = coin(g, 15);
        if (fneg_abs(a, na, aa) + fneg_abs(b, nb, ab) == 0.0f)
            return;
        put(g, base(0x5c58) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(na, 48) | f(aa, 46) | f(nb, 45) |
                   f(ab, 49) | f(sat, 50));
        if (gd.runs)
            set_float(g, rd, fsat(fneg_abs(a, na, aa) + fneg_abs(b, nb, ab), sat));
        return;
    }
    case 1: { /* FMUL R (5c68): neg b 48, sat 50, a scaled by 41-43 (1, 1/2, 1/4, 1/8, 8, 4, 2: yuzu fmul.cpp) */
        static const float scale[7] = {1.0f, 0.5f, 0.25f, 0.125f, 8.0f, 4.0f, 2.0f};
        bool nb = coin(g, 25), sat = coin(g, 15);
        uint32_t sc = coin(g, 70) ? 0 : rnd(g, 7);
        if (a == 0.0f || b == 0.0f)
            return;
        put(g, base(0x5c68) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(nb, 48) | f(sat, 50) | f(sc, 41));
        if (gd.runs)
            set_float(g, rd, fsat(a * scale[sc] * fneg_abs(b, nb, false), sat));
        return;
    }
    case 2: { /* FFMA R (5980): a * b + c, neg b 48, neg c 49, sat 50; only where fusing does not matter */
        if (rb == 8 || rc == 8)
            return;
        bool nb = coin(g, 25), nc = coin(g, 25), sat = coin(g, 15);
        float bb = fneg_abs(b, nb, false), cc = fneg_abs(c, nc, false);
        float fused = fmaf(a, bb, cc);
        volatile float prod = a * bb;
        if (fused != prod + cc || fused == 0.0f)
            return;
        put(g, base(0x5980) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(rc, 39) | f(nb, 48) | f(nc, 49) | f(sat, 50));
        if (gd.runs)
            set_float(g, rd, fsat(fused, sat));
        return;
    }
    case 3: { /* FMNMX R (5c60): predicate 39 true = min, neg a 48, abs a 46, neg b 45, abs b 49;
               * of two zeros, -0 is the minimum and +0 the maximum in either order (PTX ISA
               * min/max: "if values of both inputs are 0.0, then +0.0 > -0.0"), which C's
               * fminf/fmaxf do not promise; nice values are never NaN */
        bool na = coin(g, 25), aa = coin(g, 15), nb = coin(g, 25), ab = coin(g, 15), pv;
        float x = fneg_abs(a, na, aa), y = fneg_abs(b, nb, ab);
        uint64_t pbits = pred39(g, &pv);
        put(g, base(0x5c60) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(na, 48) | f(aa, 46) | f(nb, 45) |
                   f(ab, 49) | pbits);
        if (gd.runs) {
            if (x == 0.0f && y == 0.0f) {
                bool neg = pv ? signbit(x) || signbit(y) : signbit(x) && signbit(y);
                set_float(g, rd, neg ? -0.0f : 0.0f);
            } else {
                set_float(g, rd, pv ? fminf(x, y) : fmaxf(x, y));
            }
        }
        return;
    }
    default: { /* FSETP R (5bb0): condition 48-51, BOP 45-46, P 3-5, Q 0-2, neg a 43, abs a 7, neg b 6, abs b 44 */
        uint32_t cond = rnd(g, 16), op = rnd(g, 3), p = rnd(g, 4), q = coin(g, 50) ? rnd(g, 4) : 7;
        bool na = coin(g, 25), aa = coin(g, 15), nb = coin(g, 25), ab = coin(g, 15), pv;
        uint64_t pbits = pred39(g, &pv);
        put(g, base(0x5bb0) | gd.bits | f(q, 0) | f(p, 3) | f(ra, 8) | f(rb, 20) | f(cond, 48) | f(op, 45) |
                   f(na, 43) | f(aa, 7) | f(nb, 6) | f(ab, 44) | pbits);
        if (gd.runs) {
            bool cr = tmr_fcmp(cond, fneg_abs(a, na, aa), fneg_abs(b, nb, ab));
            bool pr = bop(op, cr, pv), qr = bop(op, !cr, pv);
            set_p(g, p, pr);
            set_p(g, q, qr);
        }
        return;
    }
    }
}

static void op_convert(gen *g, guard gd)
{
    uint32_t rd = reg(g);
    if (coin(g, 40)) {
        /* I2F R (5cb8) to F32 (8-9 = 2) from 32 bits (10-11 = 2), signed 13,
         * rounding 39-40 (RN RM RP RZ): the low two bits of Rb's number, so
         * that no draw is added and seeds replay the programs they did; C's
         * int-to-float conversion under fesetround (cvtsi2ss honours it) */
        uint32_t rb = reg(g);
        bool s = coin(g, 50);
        uint32_t rm = rb & 3;
        put(g, base(0x5cb8) | gd.bits | f(rd, 0) | f(rb, 20) | f(2, 8) | f(2, 10) | f(s, 13) | f(rm, 39));
        if (gd.runs) {
            static const int fe[4] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
            volatile uint32_t in = g->m->r[rb];
            fesetround(fe[rm]);
            volatile float out = s ? (float)(int32_t)in : (float)in;
            fesetround(FE_TONEAREST);
            set_float(g, rd, out);
        }
        return;
    }
    /* F2I R (5cb0) from F32 (10-11 = 2) to 16 or 32 bits (8-9 = 1, 2), signed
     * 12, rounding 39-40 (RN even, RM floor, RP ceil, RZ trunc): out of range
     * saturates to the destination's range, the register holds the result
     * extended to 32 bits (PTX ISA cvt.rni/rmi/rpi/rzi: float-to-integer
     * conversions saturate; Ryujinx InstEmitConversion F2I clamps 16-bit
     * results to their range) */
    uint32_t rb = nice_reg(g);
    if (rb == 8)
        return;
    bool s = coin(g, 50);
    uint32_t rm = rnd(g, 4), size = coin(g, 75) ? 2 : 1;
    put(g, base(0x5cb0) | gd.bits | f(rd, 0) | f(rb, 20) | f(size, 8) | f(2, 10) | f(s, 12) | f(rm, 39));
    if (!gd.runs)
        return;
    float x = bitsf(g->m->r[rb]);
    double v = rm == 0 ? nearbyint(x) : rm == 1 ? floor(x) : rm == 2 ? ceil(x) : trunc(x); /* nearbyint: FE_TONEAREST */
    double lo = s ? (size == 2 ? -2147483648.0 : -32768.0) : 0.0;
    double hi = s ? (size == 2 ? 2147483647.0 : 32767.0) : (size == 2 ? 4294967295.0 : 65535.0);
    v = v < lo ? lo : v > hi ? hi : v;
    set_int(g, rd, s ? (uint32_t)(int32_t)v : (uint32_t)v);
}

/* IEEE binary16 <-> float, written from the format (1 sign, 5 exponent
 * bits biased by 15, 10 fraction bits; exponent 0 denormal, 31 inf/NaN) */
static float half_to_float(uint32_t h)
{
    uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff;
    float v = e == 0 ? ldexpf((float)m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexpf((float)(m | 0x400), (int)e - 25);
    return h & 0x8000 ? -v : v;
}

/* round to nearest even; overflow to infinity (x is not NaN) */
static uint32_t float_to_half(float x)
{
    uint32_t sign = signbit(x) ? 0x8000 : 0;
    double a = fabs((double)x);
    if (a >= 65520.0) /* 65504 + half an ulp (16) rounds up to infinity */
        return sign | 0x7c00;
    if (a == 0.0) /* frexp gives exponent 0 for a zero, which would read as 0.5 */
        return sign;
    int e;
    frexp(a, &e); /* a = f * 2^e, f in [0.5, 1) */
    int exp = e - 1 < -14 ? -14 : e - 1; /* the binade, denormals share -14 */
    double q = a / ldexp(1.0, exp - 10);  /* in units of the result's ulp */
    double r = nearbyint(q);             /* FE_TONEAREST: ties to even */
    uint32_t mant = (uint32_t)r;
    if (exp == -14 && mant < 0x400)
        return sign | mant; /* denormal (or zero) */
    if (mant == 0x800) { /* rounded up into the next binade */
        mant = 0x400;
        exp++;
    }
    if (exp > 15)
        return sign | 0x7c00;
    return sign | (uint32_t)(exp + 15) << 10 | (mant & 0x3ff);
}

/* lane k (0 low, 1 high) of an f16x2 operand under swizzle swz (0 H1_H0,
 * 1 F32: the word as one f32 for both lanes, 2 H0_H0, 3 H1_H1) */
static float half_lane(uint32_t v, uint32_t swz, int k)
{
    if (swz == 1)
        return bitsf(v);
    return half_to_float(((swz == 3 || (swz == 0 && k)) ? v >> 16 : v) & 0xffff);
}

/* exact a * b + c in double, or false when it is not exact (TwoSum on the
 * product, which is exact for an f32 times an f32 or f16) */
static bool exact_fma(double a, double b, double c, double *out)
{
    double p = a * b, s = p + c, bp = s - p;
    *out = s;
    return (p - (s - bp)) + (c - bp) == 0.0 && (float)a * (float)b == (float)p;
}

/* The half-float pairs, register (R), f16x2 immediate (I) and 32-bit
 * immediate (32I) forms; the constant-buffer forms are not generated (the
 * test binds no constant buffer). Field positions as yuzu's
 * half_floating_point_add.cpp, _multiply.cpp, _fused_multiply_add.cpp,
 * _set.cpp and _set_predicate.cpp name them:
 *   HADD2 / HMUL2 R (5d10 / 5d08): swizzle A 47-48, B 28-29, neg A 43
 *     (HADD2 only), abs A 44, neg B 31, abs B 30, SAT 32, merge 49-50;
 *   I (7a00 / 7800): B = immediate, SAT 52, neg A 43, abs A 44, merge 49;
 *   32I (2c00 / 2a00): imm32 20-51, SAT 52, swizzle A 53-54, HADD2 neg A 56;
 *   HFMA2 R (5d00): a * b + c, C = R39, swizzle C 35-36, neg B 31, neg C 30,
 *     SAT 32; I (7000): C = R39, neg C 51, SAT 52, swizzle C 53-54;
 *     32I (2800): Rd = Ra * imm32 + Rd, neg C 52, swizzle A 53-54;
 *   HSET2 R (5d18) / HSETP2 R (5d20): compare 35-38, neg/abs A 43/44,
 *     neg/abs B 31/30, predicate 39 (!42), BOP 45-46; HSET2 BF 49,
 *     HSETP2 H_AND 49, P 3, Q 0; I (7c00 / 7e00): compare 49-52, BF / H_AND 53.
 * The immediate: bits 20-28 are bits 6-14 of the low f16, 29 its sign,
 * 30-38 bits 6-14 of the high f16, 56 its sign.
 * Semantics: per lane, each operand's lane through its swizzle, neg/abs,
 * the operation, SAT clamps to [0, 1], the lane rounded to f16 (IEEE
 * binary16, nearest even) and merged: 0 both halves, 1 the low lane as an
 * f32, 2 the low half into Rd (Rd's high half kept), 3 the high half.
 * HSET2 writes 0xffff (BF: 0x3c00, f16 1.0) or 0 per lane; HSETP2 sets P
 * and Q to the lanes' results, with H_AND to their AND and its negation.
 * Not generated: NaN operands or results, results that round to a zero
 * f16 (GLSL keeps neither the NaN payload nor the sign of zero), f32
 * denormal operands or results (the host may flush them) and results that
 * are not exact in f32 (then the f16 rounding is the only one). */
static void op_half(gen *g, guard gd)
{
    enum { HADD, HMUL, HFMA, HSET, HSETP } kind = (int)rnd(g, 5);
    uint32_t form = rnd(g, 4); /* 0, 1 R; 2 I; 3 32I (HSET2/HSETP2: R) */
    if (form == 1 || (form == 3 && kind >= HSET))
        form = 0;
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g), rc = reg(g), merge = rnd(g, 4);
    uint32_t sa = rnd(g, 4), sb = rnd(g, 4), sc = rnd(g, 4);
    bool na = coin(g, 25), aa = coin(g, 15), nb = coin(g, 25), ab = coin(g, 15), nc = coin(g, 25), sat = coin(g, 15);
    uint32_t cmp = rnd(g, 16), bopv = rnd(g, 3), pd = rnd(g, 4), qd = coin(g, 50) ? rnd(g, 4) : 7;
    bool flag = coin(g, 50), pv; /* BF / H_AND */
    uint64_t pbits = kind >= HSET ? pred39(g, &pv) : 0;
    uint32_t bval;
    uint64_t w;
    if (form == 2) {
        uint32_t lo9 = rnd(g, 512), hi9 = rnd(g, 512);
        bool sl = coin(g, 40), sh = coin(g, 40);
        bval = lo9 << 6 | (uint32_t)sl << 15 | hi9 << 22 | (uint32_t)sh << 31;
        w = f(lo9, 20) | f(sl, 29) | f(hi9, 30) | f(sh, 56);
        sb = 0;
        nb = ab = false;
    } else if (form == 3) {
        bval = coin(g, 50) ? float_to_half(nice_value(g)) | float_to_half(nice_value(g)) << 16 : ts_rng_u32(g->rng);
        w = f(bval, 20);
        sb = 0;
        nb = ab = false;
    } else {
        bval = g->m->r[rb];
        w = f(rb, 20) | f(sb, 28);
    }
    /* which modifiers each form has */
    if (kind == HMUL && form == 0)
        na = false;
    if (kind == HFMA) {
        na = aa = ab = false;
        if (form == 2)
            nb = false;
    }
    if (form == 3) {
        aa = false;
        merge = 0;
        if (kind != HADD)
            na = false;
        if (kind == HFMA)
            sat = false;
    }
    if (kind != HFMA)
        nc = false;
    uint32_t cval = kind == HFMA ? g->m->r[form == 3 ? rd : rc] : 0;
    if (kind == HFMA && form == 3)
        sc = 0;
    /* the model */
    bool res[2] = {false, false};
    float r[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        float x = fneg_abs(half_lane(g->m->r[ra], sa, k), na, aa), y = fneg_abs(half_lane(bval, sb, k), nb, ab);
        if (isnan(x) || isnan(y) || fpclassify(x) == FP_SUBNORMAL || fpclassify(y) == FP_SUBNORMAL)
            return; /* f32 denormals (an F32 swizzle) may be flushed by the host */
        if (kind >= HSET) {
            res[k] = bop(bopv, tmr_fcmp(cmp, x, y), pv);
            continue;
        }
        double exact;
        if (kind == HFMA) {
            float z = fneg_abs(half_lane(cval, sc, k), nc, false);
            if (isnan(z) || fpclassify(z) == FP_SUBNORMAL || isinf(x) || isinf(y) || isinf(z) || !exact_fma(x, y, z, &exact))
                return;
        } else {
            exact = kind == HMUL ? (double)x * y : (double)x + y;
        }
        if (isnan(exact) || exact == 0.0 || fabs(exact) > 1e30)
            return;
        r[k] = (float)exact;
        if ((double)r[k] != exact)
            return;
        r[k] = fsat(r[k], sat);
        if (fpclassify(r[k]) == FP_SUBNORMAL || (float_to_half(r[k]) & 0x7fff) == 0)
            return; /* a zero f16 (its sign) or an f32 denormal */
    }
    static const uint16_t op_r[] = {0x5d10, 0x5d08, 0x5d00, 0x5d18, 0x5d20};
    static const uint16_t op_i[] = {0x7a00, 0x7800, 0x7000, 0x7c00, 0x7e00};
    static const uint16_t op_32i[] = {0x2c00, 0x2a00, 0x2800};
    w |= gd.bits | f(ra, 8);
    if (form == 3) {
        w |= base(op_32i[kind]) | f(rd, 0) | f(sa, 53) | f(kind == HFMA ? nc : sat, 52) | f(kind == HADD && na, 56);
    } else if (form == 2) {
        w |= base(op_i[kind]) | f(sa, 47) | f(na, 43) | f(aa, 44);
        if (kind < HSET)
            w |= f(rd, 0) | f(merge, 49) | f(sat, 52);
        if (kind == HFMA)
            w |= f(rc, 39) | f(nc, 51) | f(sc, 53);
        if (kind >= HSET)
            w |= f(cmp, 49) | f(flag, 53) | pbits | f(bopv, 45) | (kind == HSET ? f(rd, 0) : f(pd, 3) | f(qd, 0));
    } else {
        w |= base(op_r[kind]) | f(sa, 47) | f(na, 43) | f(aa, 44) | f(nb, 31) | f(ab, 30);
        if (kind < HSET)
            w |= f(rd, 0) | f(merge, 49) | f(sat, 32);
        if (kind == HFMA)
            w |= f(rc, 39) | f(nc, 30) | f(sc, 35);
        if (kind >= HSET)
            w |= f(cmp, 35) | f(flag, 49) | pbits | f(bopv, 45) | (kind == HSET ? f(rd, 0) : f(pd, 3) | f(qd, 0));
    }
    put(g, w);
    if (!gd.runs)
        return;
    if (kind == HSETP) {
        bool pr = flag ? res[0] && res[1] : res[0], qr = flag ? !(res[0] && res[1]) : res[1];
        set_p(g, pd, pr);
        set_p(g, qd, qr);
        return;
    }
    if (kind == HSET) {
        uint32_t one = flag ? 0x3c00u : 0xffffu;
        set_int(g, rd, (res[0] ? one : 0) | (res[1] ? one << 16 : 0));
        return;
    }
    uint32_t lo = float_to_half(r[0]), hi = float_to_half(r[1]), old = g->m->r[rd], v;
    v = merge == 0 ? lo | hi << 16 : merge == 1 ? fbits(half_to_float(lo)) : merge == 2 ? (old & 0xffff0000u) | lo
                                                                                       : (old & 0xffffu) | hi << 16;
    set_int(g, rd, v);
}

static void op_prmt(gen *g, guard gd)
{
    /* PRMT R (5bc0) Rd, Ra, Rb = selector, Rc (R39), default mode (48-51 = 0):
     * PTX ISA prmt: byte i of the result is byte (sel >> 4i) & 7 of {c, a}
     * (a bytes 0-3, c bytes 4-7), replaced by its sign replicated when bit 3
     * of that nibble is set. The selector is mostly a random nibble pattern. */
    uint32_t rd = reg(g), ra = reg(g), rb = reg(g), rc = reg(g);
    put(g, base(0x5bc0) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(rc, 39));
    if (!gd.runs)
        return;
    uint64_t v = (uint64_t)g->m->r[rc] << 32 | g->m->r[ra];
    uint32_t sel = g->m->r[rb], r = 0;
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t n = (sel >> (4 * i)) & 0xf, byte = (uint32_t)(v >> (8 * (n & 7))) & 0xff;
        if (n & 8)
            byte = byte & 0x80 ? 0xff : 0;
        r |= byte << (8 * i);
    }
    set_int(g, rd, r);
}

static void op_pset(gen *g, guard gd)
{
    /* PSETP (5090) Pd 3, Qd 0 / PSET (5088) Rd: t = Pa (12, !15) BOP 24-25 Pb
     * (29, !32); Pd = t BOP2 45-46 Pc (39, !42), Qd = !t BOP2 Pc; PSET writes
     * all ones or 1.0f (BF 44) for true (yuzu predicate_set_*.cpp) */
    uint32_t pa = rnd(g, 5), pb = rnd(g, 5), op = rnd(g, 3), op2 = rnd(g, 3);
    bool na = coin(g, 30), nb = coin(g, 30), pv, setp = coin(g, 60), bf = coin(g, 50);
    uint64_t pbits = pred39(g, &pv);
    bool a = (pa == 4 ? true : g->m->p[pa]) != na, b = (pb == 4 ? true : g->m->p[pb]) != nb;
    uint32_t p = rnd(g, 4), q = coin(g, 50) ? rnd(g, 4) : 7, rd = reg(g);
    uint64_t srcs = f(pa == 4 ? 7 : pa, 12) | f(na, 15) | f(pb == 4 ? 7 : pb, 29) | f(nb, 32) | f(op, 24) | f(op2, 45) | pbits;
    if (setp)
        put(g, base(0x5090) | gd.bits | f(p, 3) | f(q, 0) | srcs);
    else
        put(g, base(0x5088) | gd.bits | f(rd, 0) | srcs | f(bf, 44));
    if (!gd.runs)
        return;
    bool t = bop(op, a, b);
    if (setp) {
        bool pr = bop(op2, t, pv), qr = bop(op2, !t, pv);
        set_p(g, p, pr);
        set_p(g, q, qr);
    } else {
        set_int(g, rd, bop(op2, t, pv) ? (bf ? 0x3f800000u : 0xffffffffu) : 0);
    }
}


/* ---- video instructions (VMAD, VMNMX, VSETP) ----
 *
 * PTX ISA "video instructions" (vmad, vmin/vmax, vset): each operand is a
 * part of its register, a byte b0-b3, a half h0-h1 or the word, sign- or
 * zero-extended to a wider signed value, then the scalar operation runs on
 * those exact values, then the optional secondary operation or merge with
 * c. Fields from envydis gm107.c (tab5f00 / tab50f0 / tab5700) and yuzu's /
 * Ryujinx's decoders (video_*.cpp, InstDecoders.cs InstVmad / InstVmnmx /
 * InstVsetp): A's part 36-38 (0-3 bytes, 4-5 halves, 6-7 word), signed 48;
 * B with bit 50 a register at 20, its part at 28-30, else a 16-bit
 * immediate at 20; B signed 49. Only the modes the translator takes are
 * generated (same signedness for VMNMX / VSETP, no .SAT, .CC or scale). */

static int64_t video_part(uint32_t v, uint32_t sel, bool s)
{
    if (sel >= 6)
        return s ? (int64_t)(int32_t)v : (int64_t)v;
    if (sel < 4) {
        uint32_t x = (v >> (8 * sel)) & 0xff;
        return s ? (int64_t)(int8_t)x : (int64_t)x;
    }
    uint32_t x = (v >> (16 * (sel - 4))) & 0xffff;
    return s ? (int64_t)(int16_t)x : (int64_t)x;
}

/* the operand fields: A's part and B (register part or immediate); the
 * encoding bits in *bits, the extended values in *a, *b */
static void video_operands(gen *g, bool sa, bool sb, bool imm_low_only, uint64_t *bits, int64_t *a, int64_t *b)
{
    uint32_t ra = reg(g), asel = rnd(g, 8);
    *bits = f(ra, 8) | f(asel, 36) | f(sa, 48) | f(sb, 49);
    *a = video_part(g->m->r[ra], asel, sa);
    if (coin(g, 70)) {
        uint32_t rb = reg(g), bsel = rnd(g, 8);
        *bits |= f(rb, 20) | f(bsel, 28) | f(1, 50);
        *b = video_part(g->m->r[rb], bsel, sb);
    } else {
        uint32_t imm = coin(g, 30) ? 0xff00u | rnd(g, 256) : rnd(g, 0x10000);
        if (imm_low_only)
            imm &= ~0x300u;
        *bits |= f(imm, 20);
        *b = sb ? (int64_t)(int16_t)imm : (int64_t)imm;
    }
}

static void op_vmad(gen *g, guard gd)
{
    /* VMAD (5f00) Rd = A * B + c, c = R39, the low 32 bits; 53-54: 1 negates
     * c, 2 negates the product, 3 adds one (PTX vmad's "-" operands and .po) */
    uint32_t rd = reg(g), rc = reg(g), avg = rnd(g, 4);
    bool sa = coin(g, 50), sb = coin(g, 50);
    uint64_t bits;
    int64_t a, b;
    video_operands(g, sa, sb, false, &bits, &a, &b);
    put(g, base(0x5f00) | gd.bits | f(rd, 0) | bits | f(rc, 39) | f(avg, 53));
    if (!gd.runs)
        return;
    uint64_t prod = (uint64_t)a * (uint64_t)b, c = g->m->r[rc];
    if (avg == 1)
        c = 0 - c;
    if (avg == 2)
        prod = 0 - prod;
    set_int(g, rd, (uint32_t)(prod + c + (avg == 3)));
}

static void op_vmnmx(gen *g, guard gd)
{
    /* VMNMX (3a00) Rd = min (max with 56) of A and B, then by 51-53 with c =
     * R39: 0 MRG_16H (the result's low half into c's high half), 1 MRG_16L,
     * 2 MRG_8B0 (its low byte into c's byte 0), 3 MRG_8B2 (into byte 2),
     * 4 ACC (+ c), 5 MIN, 6 MAX (with c, signed by 54), 7 nothing */
    uint32_t rd = reg(g), rc = reg(g), op = rnd(g, 8);
    bool s = coin(g, 50), mx = coin(g, 50), sd = coin(g, 50);
    uint64_t bits;
    int64_t a, b;
    video_operands(g, s, s, false, &bits, &a, &b);
    put(g, base(0x3a00) | gd.bits | f(rd, 0) | bits | f(rc, 39) | f(op, 51) | f(sd, 54) | f(mx, 56));
    if (!gd.runs)
        return;
    uint32_t r = (uint32_t)(mx ? (a > b ? a : b) : (a < b ? a : b)), c = g->m->r[rc];
    int64_t rv = sd ? (int64_t)(int32_t)r : (int64_t)r, cv = sd ? (int64_t)(int32_t)c : (int64_t)c;
    switch (op) {
    case 0: r = (c & 0xffffu) | r << 16; break;
    case 1: r = (c & 0xffff0000u) | (r & 0xffffu); break;
    case 2: r = (c & 0xffffff00u) | (r & 0xffu); break;
    case 3: r = (c & 0xff00ffffu) | (r & 0xffu) << 16; break;
    case 4: r += c; break;
    case 5: r = rv < cv ? r : c; break;
    case 6: r = rv > cv ? r : c; break;
    default: break;
    }
    set_int(g, rd, r);
}

static void op_vsetp(gen *g, guard gd)
{
    /* VSETP (50f0) P(3-5) = cmp(A, B) BOP c, Q(0-2) = !cmp BOP c; the
     * comparison 43-44 with 47 (F LT EQ LE, GT NE GE T: envydis tab50f0_0),
     * BOP 45-46 (AND OR XOR), c = predicate 39 (!42). The immediate's bits
     * 8-9 stay clear (the translator refuses them: the references differ) */
    uint32_t cond = rnd(g, 8), op = rnd(g, 3), p = rnd(g, 4), q = coin(g, 50) ? rnd(g, 4) : 7;
    bool s = coin(g, 50), pv;
    uint64_t bits, pbits = pred39(g, &pv);
    int64_t a, b;
    video_operands(g, s, s, true, &bits, &a, &b);
    put(g, base(0x50f0) | gd.bits | f(p, 3) | f(q, 0) | bits | pbits | f(cond & 3, 43) | f(cond >> 2, 47) | f(op, 45));
    if (!gd.runs)
        return;
    bool c;
    switch (cond) {
    case 0: c = false; break;
    case 1: c = a < b; break;
    case 2: c = a == b; break;
    case 3: c = a <= b; break;
    case 4: c = a > b; break;
    case 5: c = a != b; break;
    case 6: c = a >= b; break;
    default: c = true; break;
    }
    bool pr = bop(op, c, pv), qr = bop(op, !c, pv);
    set_p(g, p, pr);
    set_p(g, q, qr);
}
static void op_cset(gen *g, guard gd)
{
    /* CSETP (50a0) Pd 3, Qd 0 / CSET (5098) Rd: t = condition test 8-12 of
     * the flags; Pd = t BOP 45-46 Pc (39, !42), Qd = !t BOP Pc; CSET writes
     * all ones or 1.0f (BF 44) for true, and with CC 47 sets Z (result 0),
     * S (all ones), clears C and O (yuzu condition_code_set.cpp) */
    uint32_t test = pick_test(g), op = rnd(g, 3), p = rnd(g, 4), q = coin(g, 50) ? rnd(g, 4) : 7, rd = reg(g);
    bool pv, setp = coin(g, 50), bf = coin(g, 50), cc = !setp && coin(g, 50);
    uint64_t pbits = pred39(g, &pv);
    if (setp)
        put(g, base(0x50a0) | gd.bits | f(p, 3) | f(q, 0) | f(test, 8) | f(op, 45) | pbits);
    else
        put(g, base(0x5098) | gd.bits | f(rd, 0) | f(test, 8) | f(op, 45) | pbits | f(bf, 44) | f(cc, 47));
    if (!gd.runs)
        return;
    bool t = flow(g->m, test);
    if (setp) {
        set_p(g, p, bop(op, t, pv));
        set_p(g, q, bop(op, !t, pv));
        return;
    }
    bool r = bop(op, t, pv);
    set_int(g, rd, r ? (bf ? 0x3f800000u : 0xffffffffu) : 0);
    if (cc) {
        set_cc(g, TMR_CC_Z, !r);
        set_cc(g, TMR_CC_S, r && !bf);
        set_cc(g, TMR_CC_C, false);
        set_cc(g, TMR_CC_O, false);
    }
}

static void op_p2r(gen *g, guard gd)
{
    /* P2R I (38e8) Rd, Ra, mask: Ra with the mask's bits at byte 41-42
     * replaced by P0-P6 (mode 40 clear) or Z S C O (set), bit i of the
     * mask for predicate / flag i; R2P I (38f0) Ra, mask: each predicate or
     * flag i with mask bit i set takes bit (i + 8 * byte) of Ra (yuzu
     * move_predicate_to_register.cpp / move_register_to_predicate.cpp,
     * Ryujinx EmitP2r / EmitR2p). Only P0-P3 are modelled: P2R's PR masks
     * leave P4-P6 out, R2P may write them (never read). */
    bool r2p = coin(g, 50), ccm = coin(g, 50);
    uint32_t rd = reg(g), ra = reg(g), byte = rnd(g, 4), mask = rnd(g, 256);
    if (!r2p && !ccm)
        mask &= 0x8f; /* P4-P6 unknown; bit 7 only clears */
    if (!r2p && ccm && !cc_all_valid(g))
        mask &= 0xf0; /* bits 4-7 only clear */
    put(g, base(r2p ? 0x38f0 : 0x38e8) | gd.bits | f(rd, 0) | f(ra, 8) | f(mask, 20) | f(ccm, 40) | f(byte, 41));
    if (!gd.runs)
        return;
    uint32_t a = g->m->r[ra], n = ccm ? 4 : 7;
    if (r2p) {
        for (uint32_t i = 0; i < n; i++) {
            if (!(mask >> i & 1))
                continue;
            bool v = a >> (i + 8 * byte) & 1;
            if (ccm)
                set_cc(g, i, v);
            else
                set_p(g, i, v);
        }
        return;
    }
    uint32_t r = a & ~(mask << (8 * byte));
    for (uint32_t i = 0; i < n; i++)
        if (mask >> i & 1 && (ccm ? g->m->cc[i] : i < 4 && g->m->p[i]))
            r |= 1u << (i + 8 * byte);
    set_int(g, rd, r);
}

/* After an operation that wrote flags, often: P2R I (38e8) Rd, Rd, mask
 * in CC mode (40) with the mask the flags known so far, so every flag a
 * writer sets reaches a register (a flag read only by a later CSET test
 * or branch is often overwritten first: a broken S of CSET.CC went
 * unseen). The model is op_p2r's. */
static void op_cc_probe(gen *g)
{
    uint32_t rd = reg(g), byte = rnd(g, 4), mask = g->m->cc_valid & 0xfu;
    put(g, base(0x38e8) | PT_GUARD | f(rd, 0) | f(rd, 8) | f(mask, 20) | f(1, 40) | f(byte, 41));
    uint32_t r = g->m->r[rd] & ~(mask << (8 * byte));
    for (uint32_t i = 0; i < 4; i++)
        if (mask >> i & 1 && g->m->cc[i])
            r |= 1u << (i + 8 * byte);
    set_int(g, rd, r);
}

static void op_fcmp(gen *g, guard gd)
{
    /* FCMP R (5ba0) Rd, Ra, Rb, Rc: Rd = (Rc compared with 0.0 by cond
     * 48-51) ? Ra : Rb (yuzu floating_point_compare.cpp, Ryujinx
     * EmitFcmp); Rc holds a nice float (no denormal the host may flush) */
    uint32_t rc = nice_reg(g), rd = reg(g), ra = reg(g), rb = reg(g), cond = rnd(g, 16);
    if (rc == 8)
        return;
    put(g, base(0x5ba0) | gd.bits | f(rd, 0) | f(ra, 8) | f(rb, 20) | f(rc, 39) | f(cond, 48));
    if (!gd.runs)
        return;
    bool t = tmr_fcmp(cond, bitsf(g->m->r[rc]), 0.0);
    set_int(g, rd, t ? g->m->r[ra] : g->m->r[rb]);
}

static void op_s2r(gen *g, guard gd)
{
    /* S2R (f0c8) Rd, SR_Y_DIRECTION (0x12 at 20): +1.0f, GL's window
     * orientation with glhle's numbering of rows from the bottom (the
     * translation's fixed value; envydis sys_sr names the register) */
    uint32_t rd = reg(g);
    put(g, base(0xf0c8) | gd.bits | f(rd, 0) | f(0x12, 20));
    if (gd.runs)
        set_int(g, rd, 0x3f800000u);
}

/* integer: the encoding does not depend on the register values (float
 * operations pick registers holding nice floats; CSET and P2R pick tests
 * and masks by which flags are known), so a loop body encodes the same on
 * every iteration */
static const struct {
    op_fn fn;
    uint32_t family, weight;
    bool integer;
} ops[] = {
    {op_iadd, MW_SASS_FAM_IADD, 8, true},     {op_iscadd, MW_SASS_FAM_ISCADD, 4, true},
    {op_iadd3, MW_SASS_FAM_IADD3, 5, true},   {op_xmad, MW_SASS_FAM_XMAD, 6, true},
    {op_lea, MW_SASS_FAM_LEA, 4, true},       {op_imul, MW_SASS_FAM_IMUL, 4, true},
    {op_lop, MW_SASS_FAM_LOP, 5, true},       {op_lop3, MW_SASS_FAM_LOP3, 5, true},
    {op_shift, MW_SASS_FAM_SHL, 6, true},     {op_shf, MW_SASS_FAM_SHF, 5, true},
    {op_bfe, MW_SASS_FAM_BFE, 5, true},       {op_bfi, MW_SASS_FAM_BFI, 4, true},
    {op_popc_flo, MW_SASS_FAM_POPC, 4, true}, {op_minmax_sel, MW_SASS_FAM_IMNMX, 5, true},
    {op_iset, MW_SASS_FAM_ISETP, 7, true},    {op_float, MW_SASS_FAM_FADD, 14, false},
    {op_convert, MW_SASS_FAM_F2I, 6, false},   {op_prmt, MW_SASS_FAM_PRMT, 4, true},
    {op_pset, MW_SASS_FAM_PSETP, 4, true},      {op_s2r, MW_SASS_FAM_S2R, 1, true},
    {op_half, MW_SASS_FAM_HADD2, 10, false},
    {op_vmad, MW_SASS_FAM_VMAD, 3, true},      {op_vmnmx, MW_SASS_FAM_VMNMX, 3, true},
    {op_vsetp, MW_SASS_FAM_VSETP, 3, true},
    {op_half, MW_SASS_FAM_HADD2, 10, false},  {op_cset, MW_SASS_FAM_CSETP, 6, false},
    {op_p2r, MW_SASS_FAM_P2R, 4, false},       {op_fcmp, MW_SASS_FAM_FCMP, 3, false},
};

/* MOV C (4c98): Rr = c[0x0][4r] (offset 20-33 in words, buffer 34-38,
 * lane mask 39-42), v put in p->cbuf0[r] for the test to bind. The data
 * were MOV32I immediates, which made every program a compile-time constant
 * that the GL compiler folded, and Mesa 22.3's NIR (the llvmpipe here)
 * folds one pattern wrongly: its rules bcsel@32(a, -1.0, -0.0) ->
 * fneg(b2f(a)) and bcsel@32(a, -0.0, -1.0) -> fneg(b2f(inot(a)))
 * (nir_opt_algebraic.py) also match a +0.0 arm, since nir_search.c's
 * match_value compares float constants with `!=` on doubles, so a select
 * between the words 0x00000000 and 0xbf800000 (-1.0f) under a condition it
 * cannot fold gives 0x80000000 where it picks 0, for integers as well as
 * floats. Seed 12's FMNMX (max of +0 and -1 under a predicate) read -0 that
 * way and seed 2's guarded ISCADD writing 0 over 0xbf800000 (a dispatcher
 * loop's predicate) left 0x80000000; the translation and the model were
 * both right. Loaded from a constant buffer, as real shaders' data are, the
 * words reach the draw unchanged; the words drawn are the same as before. */
uint64_t tmr_load(tmr_program *p, uint32_t r, uint32_t v)
{
    p->cbuf0[r & 7] = v;
    return base(0x4c98) | f(r & 7, 20) | f(0xf, 39) | PT_GUARD | f(r & 7, 0);
}

static void prologue(gen *g)
{
    for (uint32_t r = 0; r < 8; r++) {
        uint32_t v = coin(g, 45) ? fbits(nice_value(g)) : random_word(g);
        put(g, tmr_load(g->p, r, v));
        set_int(g, r, v);
    }
}

/* the predicates into R8-R11: SEL R (5ca0) Rd, R12 (= 1), RZ, Pi */
static void epilogue(gen *g)
{
    g->reserve = 0;
    put(g, base(0x0100) | f(1, 20) | f(0xf, 12) | PT_GUARD | f(12, 0));
    for (uint32_t i = 0; i < 4; i++)
        put(g, base(0x5ca0) | PT_GUARD | f(8 + i, 0) | f(12, 8) | f(255, 20) | f(i, 39));
    memcpy(g->m->out, g->m->r, sizeof g->m->r);
    for (int i = 0; i < 4; i++)
        g->m->out[8 + i] = g->m->p[i];
    put(g, EXIT);
    put(g, BRA_SELF);
    while (g->slot % 3)
        put(g, NOP);
}

/* one more operation done: its family and the machine after it */
static void record_op(tmr_program *out, const tmr_machine *m, uint32_t family)
{
    memcpy(out->after[out->ops], m->r, sizeof m->r);
    for (int i = 0; i < 4; i++)
        out->after[out->ops][8 + i] = m->p[i];
    out->family[out->ops++] = family;
}

void tmr_generate(ts_rng *rng, uint32_t nops, tmr_program *out, tmr_machine *final)
{
    memset(out, 0, sizeof *out);
    memset(final, 0, sizeof *final);
    gen g = {.rng = rng, .p = out, .m = final, .live = true};
    if (nops > TMR_MAX_OPS)
        nops = TMR_MAX_OPS;
    prologue(&g);
    uint32_t total = 0;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        total += ops[i].weight;
    while (out->ops < nops) {
        uint32_t pick = rnd(&g, total), k = 0;
        while (pick >= ops[k].weight)
            pick -= ops[k++].weight;
        uint32_t before = g.slot;
        guard gd = pick_guard(&g);
        g.cc_written = g.cc_chained = false;
        ops[k].fn(&g, gd);
        if (g.slot != before) /* an operation may decline (no nice float to read) */
            record_op(out, final, ops[k].family);
        if (g.cc_written && out->ops < nops && (g.cc_chained || coin(&g, 50))) {
            op_cc_probe(&g);
            record_op(out, final, MW_SASS_FAM_P2R);
        }
    }
    epilogue(&g);
}

/* ---- branchy programs ----
 *
 * Shapes as Mesa's nouveau codegen (uam) lays them out (the corpus'
 * control_flow_fsh and loop_branch_fsh listings show the same):
 *   if        @P BRA skip; then; skip:
 *   if/else   @P BRA else; then; BRA join; else: ...; join:
 *   SSY       SSY join; @P BRA else; then; SYNC; else: ...; SYNC; join:
 *   SSY out   SSY join; part; @P SYNC; part; SYNC; join:
 *   do-while  MOV32I Rc, n; head: body; IADD32I Rc, Rc, -1; ISETP.NE P, Rc, RZ; @P BRA head
 *   PBK       MOV32I Rc, n; PBK exit; head: ISETP.EQ P, Rc, RZ; @P BRK; body; [@Pi BRK]; body;
 *             IADD32I Rc, Rc, -1; BRA head; exit:
 *   PCNT      ... PBK exit; head: ISETP.EQ; @P BRK; IADD32I; PCNT next; body; @Pi CONT; body; CONT;
 *             next: BRA head; exit:
 * The loop counters are R13 and R14 and their predicates P5 and P6,
 * outside what the random operations touch. Encodings: envydis gm107.c
 * (BRA e240 with the CC test 0xf in 0-4, a 24-bit offset at 20 from the
 * next instruction; SSY e290, PBK e2a0, PCNT e2b0 take the same offset;
 * SYNC f0f8, BRK e340, CONT e350 with CC 0xf). */

#define BRA_OP 0xe24000000000000full
#define SSY_OP 0xe290000000000000ull
#define PBK_OP 0xe2a0000000000000ull
#define PCNT_OP 0xe2b0000000000000ull
#define SYNC_OP 0xf0f800000000000full
#define BRK_OP 0xe34000000000000full
#define CONT_OP 0xe35000000000000full

/* byte offset of instruction slot k (the scheduling word of each bundle first) */
static uint32_t slot_offset(uint32_t k)
{
    return (k / 3) * 32 + 8 + (k % 3) * 8;
}

/* the word at slot `at` jumping to slot `to` */
static uint64_t with_target(uint64_t op, uint32_t at, uint32_t to)
{
    uint32_t rel = (slot_offset(to) - (slot_offset(at) + 8)) & 0xffffff;
    return op | f(rel, 20);
}

/* a jump whose target is patched in later: its slot */
static uint32_t put_jump(gen *g, uint64_t op)
{
    uint32_t at = g->slot;
    put_word(g, op, false);
    return at;
}

static void patch(gen *g, uint32_t at, uint32_t to)
{
    if (tmr_word_of_slot(at) >= g->p->words)
        return; /* not written: out of room */
    uint64_t *w = &g->p->code[tmr_word_of_slot(at)];
    uint64_t v = with_target(*w & ~f(0xffffff, 20), at, to);
    if (g->replay && *w != v)
        g->mismatch = true;
    *w = v;
}

static uint64_t guard_bits(uint32_t p, bool neg)
{
    return f(p, 16) | f(neg, 19);
}

/* a guard predicate P0-P3 for a branch, and whether the branch is taken */
static uint64_t branch_guard(gen *g, bool *taken)
{
    uint32_t p = rnd(g, 4);
    bool neg = coin(g, 50);
    *taken = g->m->p[p] != neg;
    return guard_bits(p, neg);
}

/* BRA's guard and condition-code test (0-4, envydis T(f0f8_0)): the jump
 * is taken when both hold; sometimes PT with a test, sometimes a predicate
 * with T (the word's 0xf) */
static uint64_t bra_guard(gen *g, bool *taken)
{
    if (g->int_only || !cc_all_valid(g) || coin(g, 50)) /* in a loop body: the same word each pass */
        return BRA_OP | branch_guard(g, taken);
    uint32_t test = pick_test(g);
    bool pt = coin(g, 50), pred = true;
    uint64_t gb = pt ? guard_bits(7, false) : branch_guard(g, &pred);
    *taken = pred && flow(g->m, test);
    return (BRA_OP & ~0x1full) | test | gb;
}

static void gen_block(gen *g, uint32_t count, uint32_t depth);

/* one random operation under the live flag */
static void one_op(gen *g)
{
    uint32_t total = 0;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!g->int_only || ops[i].integer)
            total += ops[i].weight;
    uint32_t pick = rnd(g, total), k = 0;
    for (;; k++) {
        if (g->int_only && !ops[k].integer)
            continue;
        if (pick < ops[k].weight)
            break;
        pick -= ops[k].weight;
    }
    uint32_t before = g->slot;
    guard gd = pick_guard(g);
    gd.runs = gd.runs && g->live;
    ops[k].fn(g, gd);
    if (g->slot != before && !g->replay && g->p->ops < TMR_MAX_OPS)
        g->p->family[g->p->ops++] = ops[k].family;
}

static void gen_if(gen *g, uint32_t count, uint32_t depth)
{
    bool live = g->live, taken;
    uint32_t shape = rnd(g, 4), a = count / 2, b = count - a;
    uint32_t ssy = shape >= 2 ? put_jump(g, SSY_OP) : 0;
    if (shape == 3) { /* SSY out: the first part always runs, @P SYNC leaves early */
        gen_block(g, a, depth + 1);
        put(g, SYNC_OP | branch_guard(g, &taken));
        g->live = live && !taken;
        gen_block(g, b, depth + 1);
        put(g, SYNC_OP | guard_bits(7, false));
        patch(g, ssy, g->slot);
        g->live = live;
        return;
    }
    uint32_t bra = put_jump(g, bra_guard(g, &taken));
    g->live = live && !taken;
    gen_block(g, a, depth + 1);
    if (shape == 0) {
        patch(g, bra, g->slot);
        g->live = live;
        return;
    }
    uint32_t out = shape == 1 ? put_jump(g, BRA_OP | guard_bits(7, false)) : g->slot;
    if (shape == 2)
        put(g, SYNC_OP | guard_bits(7, false));
    patch(g, bra, g->slot);
    g->live = live && taken;
    gen_block(g, b, depth + 1);
    if (shape == 2) {
        put(g, SYNC_OP | guard_bits(7, false));
        patch(g, ssy, g->slot);
    } else {
        patch(g, out, g->slot);
    }
    g->live = live;
}

/* MOV32I (0100), IADD32I (1c00: imm 20-51), ISETP R (5b60: cond 49-51, P 3-5, Q 0-2, c = PT at 39) */
static void put_counter(gen *g, uint32_t rc, uint32_t n)
{
    put(g, base(0x0100) | f(n, 20) | f(0xf, 12) | PT_GUARD | f(rc, 0));
}

static void put_count_down(gen *g, uint32_t rc)
{
    put(g, base(0x1c00) | PT_GUARD | f(rc, 0) | f(rc, 8) | f(0xffffffffu, 20));
}

static void put_test(gen *g, uint32_t rc, uint32_t pc, uint32_t cond)
{
    put(g, base(0x5b60) | PT_GUARD | f(pc, 3) | f(7, 0) | f(rc, 8) | f(255, 20) | f(cond, 49) | f(7, 39));
}

static void gen_loop(gen *g, uint32_t count, uint32_t depth)
{
    uint32_t level = g->int_only ? 1 : 0; /* counters: the outer loop R13 / P5, an inner one R14 / P6 */
    uint32_t rc = 13 + level, pc = 5 + level, shape = rnd(g, 3);
    uint32_t n = shape == 0 ? 1 + rnd(g, 4) : rnd(g, 5);
    bool live = g->live, int_only = g->int_only, replay = g->replay;
    g->int_only = true; /* operations whose encoding does not depend on the state: the same each iteration */
    put_counter(g, rc, n);
    uint32_t pbk = shape ? put_jump(g, PBK_OP) : 0, head = g->slot, a = count / 2, b = count - a;
    ts_rng start = *g->rng;
    uint32_t words = (uint32_t)g->p->words, slot = g->slot;
    uint32_t iterations = live ? (shape == 0 ? n : n + 1) : 1; /* the passes through the code */
    for (uint32_t it = 0; it < iterations && !g->mismatch; it++) {
        /* the last pass of a PBK / PCNT loop only finds the counter at zero */
        bool last = shape != 0 && it == n;
        if (it) {
            *g->rng = start;
            g->p->words = words;
            g->slot = slot;
            g->replay = true;
        }
        g->live = live;
        if (shape == 0) {
            gen_block(g, a, depth + 1);
            gen_block(g, b, depth + 1);
            put_count_down(g, rc);
            put_test(g, rc, pc, 5); /* NE */
            put(g, with_target(BRA_OP | guard_bits(pc, false), g->slot, head));
            continue;
        }
        put_test(g, rc, pc, 2); /* EQ */
        put(g, BRK_OP | guard_bits(pc, false));
        g->live = live && !last;
        uint32_t pcnt = 0;
        if (shape == 2) {
            put_count_down(g, rc);
            pcnt = put_jump(g, PCNT_OP);
        }
        gen_block(g, a, depth + 1);
        bool exit_now;
        put(g, (shape == 1 ? BRK_OP : CONT_OP) | branch_guard(g, &exit_now));
        bool was = g->live, taken = was && exit_now;
        g->live = was && !exit_now;
        gen_block(g, b, depth + 1);
        if (shape == 1) {
            put_count_down(g, rc);
        } else {
            put(g, CONT_OP | guard_bits(7, false));
            patch(g, pcnt, g->slot);
        }
        put(g, with_target(BRA_OP | guard_bits(7, false), g->slot, head));
        if (shape == 1 && taken)
            break; /* broke out: the code is all there, the model stops */
    }
    if (shape)
        patch(g, pbk, g->slot);
    g->live = live;
    g->int_only = int_only;
    g->replay = replay;
}

static void gen_block(gen *g, uint32_t count, uint32_t depth)
{
    while (count && !g->mismatch) {
        uint32_t pick = rnd(g, 10);
        if (depth < 3 && count >= 2 && pick < 2) {
            uint32_t part = 1 + rnd(g, count);
            gen_if(g, part, depth);
            count -= part;
        } else if (depth < 2 && count >= 2 && pick == 2 && (!g->int_only || depth == 1)) {
            uint32_t part = 1 + rnd(g, count);
            gen_loop(g, part, depth);
            count -= part;
        } else {
            one_op(g);
            count--;
        }
    }
}

void tmr_generate_branchy(ts_rng *rng, uint32_t nops, tmr_program *out, tmr_machine *final)
{
    if (nops > TMR_MAX_OPS)
        nops = TMR_MAX_OPS;
    for (uint32_t attempt = 0;; attempt++) {
        memset(out, 0, sizeof *out);
        memset(final, 0, sizeof *final);
        gen g = {.rng = rng, .p = out, .m = final, .live = true};
        g.reserve = EPILOGUE_WORDS;
        out->branchy = true;
        prologue(&g);
        /* a loop body that encodes differently on a later iteration (or no
         * room left): draw again; after 32 tries, straight-line code */
        gen_block(&g, nops, attempt < 32 ? 0 : 3);
        if (g.mismatch)
            continue;
        epilogue(&g);
        return;
    }
}

void tmr_truncate(tmr_program *p, uint32_t n)
{
    for (uint32_t k = n; k < p->ops; k++) {
        /* the k-th operation is instruction slot 8 + k */
        p->code[tmr_word_of_slot(8 + k)] = NOP;
    }
}
