/* The macro engine (backend/maxwell/frontend/mme.c) on random programs and
 * parameters, and the disassembler on every word. Input:
 *   byte 0      parameter count (0-31; 0 is an invalid call and must be refused)
 *   byte 1      macro index (any value: >= 0x80 must be refused)
 *   bytes 2-3   start address (little-endian, any value up to 0xFFFF)
 *   then        the parameters (4 bytes each), then code words uploaded
 *               through the LOAD_MME_* methods at the start address; a word
 *               0xFFFFFFFF ends the code and the rest are (method, value)
 *               pairs fed to mw_mme_method and mw_mme_call_method (the
 *               calls run), then a flush; then the macro runs once more
 *               with the parameters above.
 * Each run has a step cap of 4096, so a runaway macro ends quickly; the
 * engine must stay inside its RAM and tables and report, not crash. A
 * second, naive interpreter written here from the documented semantics
 * (envytools envydis/macro.c, docs/maxwell-mme.md) runs the raw words one
 * bit-field at a time; the pre-decoded engine must make the same method
 * writes, take the same steps and end the same way. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "backend/maxwell/frontend/mme.h"
#include "backend/maxwell/frontend/mme_disasm.h"
#include "support/fuzz_support.h"

#define CAP 4096u

#define LOGGED 64u

typedef struct sink {
    uint64_t sends, reads;
    uint32_t method[LOGGED], value[LOGGED];
} sink;

static void on_send(void *user, uint32_t method, uint32_t value)
{
    sink *s = user;
    if (method > 0xFFFu)
        __builtin_trap();
    if (s->sends < LOGGED) {
        s->method[s->sends] = method;
        s->value[s->sends] = value;
    }
    s->sends++;
}

static uint32_t on_read(void *user, uint32_t method)
{
    sink *s = user;
    if (method > 0xFFFu)
        __builtin_trap();
    s->reads++;
    return method * 0x9E3779B9u;
}

/* The model: raw words, fields extracted per step, no sentinel, no merged
 * pending state. Returns the glhle_result the engine should. */
static glhle_result model_run(const mw_mme *mme, uint32_t index, const uint32_t *params, uint32_t count, sink *out,
                              uint64_t *steps_out, uint32_t *used_out)
{
    uint32_t r[8] = {0};
    r[1] = params[0];
    uint32_t q = 1, carry = 0, maddr = 0, inc = 0, pc = mme->start[index];
    int64_t delayed = -1;
    int exit_after = 0;
    uint64_t steps = 0;
    glhle_result res = GLHLE_RESULT_OK;
    for (;;) {
        if (steps == CAP) {
            res = GLHLE_RESULT_LIMIT_EXCEEDED;
            break;
        }
        if (pc >= MW_MME_RAM_WORDS) {
            res = GLHLE_RESULT_OUT_OF_BOUNDS;
            break;
        }
        uint32_t w = mme->code[pc];
        steps++;
        uint32_t op = w & 7, a = r[(w >> 11) & 7], b = r[(w >> 14) & 7], dst = (w >> 8) & 7;
        uint32_t imm = (uint32_t)((int32_t)(w & 0xFFFFC000u) / (1 << 14)); /* arithmetic: bits 14-31 signed */
        uint32_t src = (w >> 17) & 31, size = (w >> 22) & 31, dbit = (w >> 27) & 31;
        uint32_t mask = size ? 0xFFFFFFFFu >> (32 - size) : 0;
        int in_slot = delayed >= 0 || exit_after;
        if (op == 7) {
            if (in_slot) {
                res = GLHLE_RESULT_BAD_DATA;
                break;
            }
            int taken = (w >> 4) & 1 ? a != 0 : a == 0;
            if (taken) {
                uint32_t t = pc + imm;
                if ((w >> 5) & 1) {
                    pc = t;
                } else {
                    delayed = t;
                    pc++;
                }
            } else {
                if (w & 0x80)
                    exit_after = 1;
                pc++;
            }
            continue;
        }
        uint32_t v = 0;
        if (op == 0) {
            uint32_t alu = (w >> 17) & 31;
            if (alu == 0 || alu == 1) {
                uint32_t c = alu == 1 ? carry : 0;
                v = a + b + c;
                carry = (v < a || (c && v == a)) ? 1 : 0;
            } else if (alu == 2 || alu == 3) {
                uint32_t borrow = alu == 3 ? !carry : 0; /* carry = no borrow */
                v = a - b - borrow;
                carry = ((uint64_t)b + borrow > a) ? 0 : 1;
            } else if (alu == 8) v = a ^ b;
            else if (alu == 9) v = a | b;
            else if (alu == 10) v = a & b;
            else if (alu == 11) v = a & ~b;
            else if (alu == 12) v = ~(a & b);
            else {
                res = GLHLE_RESULT_BAD_DATA;
                break;
            }
        } else if (op == 1) {
            v = a + imm;
        } else if (op == 2) {
            v = (a & ~(mask << dbit)) | (((b >> src) & mask) << dbit);
        } else if (op == 3) {
            v = a >= 32 ? 0 : ((b >> a) & mask) << dbit;
        } else if (op == 4) {
            v = a >= 32 ? 0 : ((b >> src) & mask) << a;
        } else if (op == 5) {
            v = on_read(out, (a + imm) & 0xFFF);
        } else {
            res = GLHLE_RESULT_BAD_DATA;
            break;
        }
        uint32_t assign = (w >> 4) & 7, send_value = 0;
        int do_send = 0;
        if (assign == 0 || assign == 3 || assign == 5) {
            if (q >= count) {
                res = GLHLE_RESULT_TRUNCATED;
                break;
            }
            if (dst)
                r[dst] = params[q];
            q++;
        } else if (dst) {
            r[dst] = v;
        }
        if (assign == 2 || assign == 5 || assign == 6 || assign == 7) {
            maddr = v & 0xFFF;
            inc = (v >> 12) & 0x3F;
        }
        if (assign == 3 || assign == 4) {
            do_send = 1;
            send_value = v;
        } else if (assign == 6) {
            if (q >= count) {
                res = GLHLE_RESULT_TRUNCATED;
                break;
            }
            do_send = 1;
            send_value = params[q++];
        } else if (assign == 7) {
            do_send = 1;
            send_value = (v >> 12) & 0x3F;
        }
        if (do_send) {
            on_send(out, maddr, send_value);
            maddr = (maddr + inc) & 0xFFF;
        }
        if (exit_after)
            break;
        if (delayed >= 0) {
            pc = (uint32_t)delayed;
            delayed = -1;
            continue;
        }
        if (w & 0x80)
            exit_after = 1;
        pc++;
    }
    if (res == GLHLE_RESULT_OK && q < count)
        res = GLHLE_RESULT_BAD_DATA;
    *steps_out = steps;
    *used_out = q;
    return res;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static mw_mme mme;
    static const glhle_logger quiet = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    if (size < 4)
        return 0;
    mw_mme_init(&mme, &quiet);
    uint32_t count = data[0] & 31u, index = data[1], start = (uint32_t)data[2] | (uint32_t)data[3] << 8;
    size_t at = 4;
    uint32_t params[32] = {0};
    for (uint32_t i = 0; i < count && at + 4 <= size; i++, at += 4)
        memcpy(&params[i], data + at, 4);
    mw_mme_set_start_pointer(&mme, index);
    mw_mme_load_start(&mme, start);
    mw_mme_set_code_pointer(&mme, start);
    char line[MW_MME_DISASM_MAX];
    uint32_t pc = start;
    while (at + 4 <= size) {
        uint32_t w;
        memcpy(&w, data + at, 4);
        at += 4;
        if (w == 0xFFFFFFFFu)
            break;
        mw_mme_load_code(&mme, w);
        if (mw_mme_disasm_insn(w, pc++, line) >= MW_MME_DISASM_MAX || strlen(line) >= MW_MME_DISASM_MAX)
            __builtin_trap();
    }
    static sink s;
    memset(&s, 0, sizeof s);
    mw_mme_hooks hooks = {&s, on_read, on_send};
    /* upload methods and macro calls, as an instance forwards them */
    for (; at + 8 <= size; at += 8) {
        uint32_t m, v;
        memcpy(&m, data + at, 4);
        memcpy(&v, data + at + 4, 4);
        glhle_result r;
        if (!mw_mme_method(&mme, m & 0xFFFu, v, &r))
            mw_mme_call_method(&mme, m & 0xFFFu, v, &hooks, CAP, &r);
    }
    mw_mme_flush(&mme, &hooks, CAP);
    if (mme.running || mme.call_pending)
        __builtin_trap();
    memset(&s, 0, sizeof s);
    glhle_result r = mw_mme_run(&mme, index, params, count, &hooks, CAP);
    if ((count == 0 || index >= MW_MME_MACROS) != (r == GLHLE_RESULT_INVALID_ARGUMENT))
        __builtin_trap();
    if (mme.last.steps > CAP || mme.last.sends != s.sends || s.sends > mme.last.steps ||
        s.reads > mme.last.steps || mme.last.params_used > (count ? count : 1))
        __builtin_trap();
    if (r == GLHLE_RESULT_OK && mme.last.params_used != count)
        __builtin_trap();
    if (r == GLHLE_RESULT_INVALID_ARGUMENT)
        return 0;
    static sink m;
    memset(&m, 0, sizeof m);
    uint64_t steps;
    uint32_t used;
    glhle_result mr = model_run(&mme, index, params, count, &m, &steps, &used);
    if (mr != r || steps != mme.last.steps || m.sends != s.sends || m.reads != s.reads || used != mme.last.params_used)
        __builtin_trap();
    for (uint32_t i = 0; i < LOGGED && i < s.sends; i++)
        if (m.method[i] != s.method[i] || m.value[i] != s.value[i])
            __builtin_trap();
    return 0;
}
