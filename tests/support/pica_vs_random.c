#include "support/pica_vs_random.h"

#include <string.h>

#include "backend/pica/shader/shader_isa.h"

/* ---- random values ---- */

static float pvr_special(ts_rng *r)
{
    /* no denormals, nor the values whose reciprocal or product with a
     * small number is one (see gl/test_pica_vs_program_diff.c's header) */
    static const uint32_t bits[] = {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                    0xFFC00001u, 0x3F800000u, 0xBF800000u, 0x7E000000u, 0x0C800000u};
    uint32_t b = bits[ts_rng_below(r, sizeof bits / sizeof bits[0])];
    float f;
    memcpy(&f, &b, 4);
    return f;
}

float pvr_value(ts_rng *r)
{
    uint32_t k = ts_rng_below(r, 16);
    if (k == 0)
        return pvr_special(r);
    if (k < 4)
        return (float)((int)ts_rng_below(r, 9) - 4); /* small integers: exact compares, loops, mova */
    float m = (float)(ts_rng_u32(r) >> 8) / 16777216.0f * 8.0f - 4.0f;
    if (k == 4)
        m *= 1e30f;
    if (k == 5)
        m *= 1e-30f;
    return m;
}

/* ---- random programs ---- */

static uint32_t pvr_src(ts_rng *r, unsigned bits)
{
    if (bits == 5)
        return ts_rng_below(r, 32); /* v0-v15, r0-r15 */
    uint32_t k = ts_rng_below(r, 3);
    return k == 0 ? ts_rng_below(r, 16) : k == 1 ? 0x10 + ts_rng_below(r, 16) : 0x20 + ts_rng_below(r, 96);
}

/* An ALU word. ex2/lg2 only when `transcendental`. */
uint32_t pvr_alu(ts_rng *r, bool transcendental)
{
    static const uint32_t ops[] = {PICA_OP_ADD,  PICA_OP_DP3,  PICA_OP_DP4,  PICA_OP_DPH,  PICA_OP_DST,  PICA_OP_LITP,
                                   PICA_OP_MUL,  PICA_OP_SGE,  PICA_OP_SLT,  PICA_OP_FLR,  PICA_OP_MAX,  PICA_OP_MIN,
                                   PICA_OP_RCP,  PICA_OP_RSQ,  PICA_OP_MOVA, PICA_OP_MOV,  PICA_OP_DPHI, PICA_OP_DSTI,
                                   PICA_OP_SGEI, PICA_OP_SLTI, PICA_OP_CMP,  PICA_OP_MADI, PICA_OP_MAD,  PICA_OP_MOV,
                                   PICA_OP_MAD,  PICA_OP_MUL,  PICA_OP_ADD,  PICA_OP_DP4,  PICA_OP_EX2,  PICA_OP_LG2};
    uint32_t n = sizeof ops / sizeof ops[0] - (transcendental ? 0 : 2);
    uint32_t op = ops[ts_rng_below(r, n)];
    uint32_t dst = ts_rng_below(r, 32), idx = ts_rng_below(r, 6) < 4 ? 0 : 1 + ts_rng_below(r, 3);
    switch (op) {
    case PICA_OP_MAD:
    case PICA_OP_MADI: {
        bool i = op == PICA_OP_MADI;
        uint32_t desc = ts_rng_below(r, 32);
        uint32_t s1 = pvr_src(r, 5), s2 = pvr_src(r, i ? 5 : 7), s3 = pvr_src(r, i ? 7 : 5);
        return (i ? 0x30u : 0x38u) << 26 | (dst & 31) << 24 | idx << 22 | s1 << 17 |
               (i ? (s2 << 12 | s3 << 5) : (s2 << 10 | s3 << 5)) | desc;
    }
    case PICA_OP_DPHI:
    case PICA_OP_DSTI:
    case PICA_OP_SGEI:
    case PICA_OP_SLTI:
        return op << 26 | dst << 21 | idx << 19 | pvr_src(r, 5) << 14 | pvr_src(r, 7) << 7 | ts_rng_below(r, 128);
    case PICA_OP_CMP:
        return (0x2Eu | ts_rng_below(r, 2)) << 26 | ts_rng_below(r, 8) << 21 | idx << 19 | pvr_src(r, 7) << 12 |
               pvr_src(r, 5) << 7 | ts_rng_below(r, 128);
    default:
        return op << 26 | dst << 21 | idx << 19 | pvr_src(r, 7) << 12 | pvr_src(r, 5) << 7 | ts_rng_below(r, 128);
    }
}

uint32_t pvr_flow2(uint32_t op, uint32_t condop, uint32_t rx, uint32_t ry, uint32_t target, uint32_t num)
{
    return op << 26 | rx << 25 | ry << 24 | condop << 22 | (target & 0xFFF) << 10 | (num & 0xFF);
}

uint32_t pvr_flow3(uint32_t op, uint32_t id, uint32_t target, uint32_t num)
{
    return op << 26 | id << 22 | (target & 0xFFF) << 10 | (num & 0xFF);
}

/* A structured body at code[at...]: straight code with IF/ELSE, LOOPs,
 * BREAKC, forward JMPs and CALLs into subroutines placed at `sub`. */
uint32_t pvr_body(ts_rng *r, uint32_t *code, uint32_t at, unsigned depth, uint32_t *sub, bool tr)
{
    uint32_t n = 2 + ts_rng_below(r, 6);
    for (uint32_t k = 0; k < n && at < 3000; k++) {
        uint32_t c = ts_rng_below(r, 12);
        if (depth < 3 && c == 0) { /* if/else */
            uint32_t head = at++;
            at = pvr_body(r, code, at, depth + 1, sub, tr);
            uint32_t else_at = at;
            uint32_t e = ts_rng_below(r, 2) ? pvr_body(r, code, at, depth + 1, sub, tr) : at;
            at = e;
            code[head] = ts_rng_below(r, 2) ? pvr_flow2(PICA_OP_IFC, ts_rng_below(r, 4), ts_rng_below(r, 2),
                                                    ts_rng_below(r, 2), else_at, e - else_at)
                                            : pvr_flow3(PICA_OP_IFU, ts_rng_below(r, 16), else_at, e - else_at);
        } else if (depth < 3 && c == 1) { /* loop */
            uint32_t head = at++;
            at = pvr_body(r, code, at, depth + 1, sub, tr);
            if (ts_rng_below(r, 2))
                code[at++] = pvr_flow2(PICA_OP_BREAKC, ts_rng_below(r, 4), ts_rng_below(r, 2), ts_rng_below(r, 2), 0, 0);
            code[at++] = pvr_alu(r, tr);
            code[head] = pvr_flow3(PICA_OP_LOOP, ts_rng_below(r, 4), at - 1, 0);
        } else if (depth < 3 && c == 2 && *sub < 3900) { /* call a new subroutine */
            uint32_t s = *sub, len = 1 + ts_rng_below(r, 5);
            *sub += len + 1;
            for (uint32_t i = 0; i < len; i++)
                code[s + i] = pvr_alu(r, tr);
            uint32_t kind = ts_rng_below(r, 3);
            code[at++] = kind == 0   ? pvr_flow2(PICA_OP_CALL, 0, 0, 0, s, len)
                         : kind == 1 ? pvr_flow2(PICA_OP_CALLC, ts_rng_below(r, 4), ts_rng_below(r, 2), ts_rng_below(r, 2),
                                             s, len)
                                     : pvr_flow3(PICA_OP_CALLU, ts_rng_below(r, 16), s, len);
        } else if (c == 3) { /* forward jump over a few instructions */
            uint32_t head = at++, skip = ts_rng_below(r, 3);
            for (uint32_t i = 0; i < skip; i++)
                code[at++] = pvr_alu(r, tr);
            code[head] = ts_rng_below(r, 2) ? pvr_flow2(PICA_OP_JMPC, ts_rng_below(r, 4), ts_rng_below(r, 2),
                                                    ts_rng_below(r, 2), at, 0)
                                            : pvr_flow3(PICA_OP_JMPU, ts_rng_below(r, 16), at, ts_rng_below(r, 2));
        } else {
            code[at++] = pvr_alu(r, tr);
        }
    }
    return at;
}

