/* The GM20B macro engine: upload methods, the decoder and the interpreter.
 *
 * Instruction word, bit by bit. Sources: envytools envydis/macro.c (E),
 * Mesa src/nouveau/mme/mme_fermi.c encode/decode (M), yuzu
 * video_core/macro/macro_interpreter.cpp and macro.h (Y), Ryujinx
 * Engine/MME/MacroInterpreter.cs (R).
 *   0-2   operation: 0 ALU, 1 add-immediate, 2 extract-insert, 3 extract-
 *         shift-left-immediate, 4 extract-shift-left-register, 5 read,
 *         6 undefined, 7 branch (E tabm masks 0x7; Y, R `& 7`; M names op 6
 *         "UNK6"). Bit 3 is not part of any field (E, Y, R ignore it).
 *   4-6   result operation (E tabdst mask 0x70; M assign_op; Y, R) for
 *         operations 0-5.
 *   4     branch: 0 branch if zero, 1 if not zero (E "braz"/"branz"; M
 *         not_zero; R).
 *   5     branch: annul, no delay slot when taken (E "annul"; M no_delay).
 *   7     exit after the next instruction (E F1(exit, 7); M end_next).
 *   8-10  destination register (E reg1_bf {8, 3}).
 *   11-13 source A (E reg2_bf {11, 3}).
 *   14-16 source B (E reg3_bf {14, 3}).
 *   17-21 ALU sub-operation: 0 add, 1 adc, 2 sub, 3 sbb, 8 xor, 9 or,
 *         10 and, 11 and-not (a & ~b), 12 nand (E tabm, mask 0x003e0000;
 *         M lists 4-7 and 13-31 as reserved).
 *   14-31 signed 18-bit immediate of add-immediate, read and branch (E
 *         mimmoff {14, 18} BF_SIGNED; R `opcode >> 14`); a branch's is
 *         relative to the branch's own address (E btargoff .pcrel; Y
 *         base_address + target; M ip + offset).
 *   17-21 bitfield source bit, 22-26 size, 27-31 destination bit
 *         (E bfsrcposoff {17, 5}, bfszoff {22, 5}, bfdstposoff {27, 5}).
 *
 * Semantics, with the choice made where the sources differ:
 *  - Carry: add/adc set it to the carry out of bit 31. sub/sbb compute
 *    a + ~b + carry-in, so carry means "no borrow" and sbb subtracts
 *    !carry (Y and R). Mesa's simulator keeps a borrow instead; the two
 *    agree on every sub/sbb and add/adc chain (64-bit arithmetic, Mesa's
 *    sbb-after-sub underflow test in nvc0's com9097.mme) and differ only
 *    when a carry from one kind feeds the other, which no driver macro we
 *    know does. Carry is 0 when a macro starts (Y, R).
 *  - Extract-insert: a with bits [dst, dst + size) replaced by bits
 *    [src, src + size) of b (E comment; Y, R, M). Extract-shift-left-
 *    immediate: ((b >> a) & mask) << dst; -register: ((b >> src) & mask)
 *    << a (E operand order; Y, R, M). A register shift count of 32 or more
 *    gives 0 (M eval_bfe_lsl; in Y and R it is C/C# shift masking).
 *  - Read: the method index is (a + imm) & 0xFFF (E: "bits 0-11 ... used
 *    as method address to read").
 *  - Method address: result bits 0-11 (method index) and bits 12-17
 *    (increment) (E; Y MethodAddress; R `& 0x3f`; M keeps 4 bits, taken as
 *    its simplification). Each send adds the increment, wrapping in 12 bits
 *    (Y's 12-bit BitField). The result operation 7 sends bits 12-17 of the
 *    result (E "maddrsend"; Y, R, M) -- deko3d uses it to send 0.
 *  - Fetch/send order within one result operation follows Y and R: the
 *    destination is written (parameter or result), then the method address
 *    set, then the send made. Operation 5 (fetch, set method address)
 *    stores the parameter, as E, Y and R say (M stores the result).
 *  - Delay slots (E: "Normal branches and exit have delay slots"; Y, R):
 *    a taken branch without annul runs the next instruction, then jumps;
 *    with annul it jumps at once; a branch that is not taken has no slot.
 *    An exit flag makes the instruction after it the last one. A branch
 *    carrying the exit flag exits only when not taken (E: "the exit
 *    happens if and only if the branch is not taken"). The exit flag of an
 *    instruction in a delay slot is ignored (Y: "will not actually cause
 *    an exit if it's executed inside a delay slot"; R _ignoreExitFlag;
 *    deko3d's FillRegisters macro relies on it). A branch in any delay
 *    slot is an error (E: "It's an error to use a branch in a delay
 *    slot"; the DOUBLE_BRANCH trap in envytools' fermi/macro.rst).
 *  - Parameters: a fetch with an empty queue and parameters left at exit
 *    are the TOO_FEW_PARAMS / TOO_MANY_PARAMS traps (envytools' macro.c
 *    and fermi/macro.rst); the run reports them. Ryujinx instead returns 0
 *    for a missing parameter; yuzu asserts. */
#include "backend/maxwell/frontend/mme.h"

#include <stddef.h>
#include <string.h>

_Static_assert(sizeof(mw_mme_insn) == 16, "mw_mme_insn: one 16-byte entry per RAM word");

void mw_mme_decode(uint32_t w, mw_mme_insn *out)
{
    mw_mme_insn d;
    memset(&d, 0, sizeof d);
    uint32_t op = w & 7;
    d.assign = (uint8_t)((w >> 4) & 7);
    d.flags = (uint8_t)((w >> 7) & 1 ? MW_MME_FLAG_EXIT : 0);
    d.dst = (uint8_t)((w >> 8) & 7);
    d.src_a = (uint8_t)((w >> 11) & 7);
    d.src_b = (uint8_t)((w >> 14) & 7);
    d.imm = (int32_t)((w >> 14) ^ 0x20000u) - 0x20000;
    d.bf_src = (uint8_t)((w >> 17) & 31);
    d.bf_mask = (1u << ((w >> 22) & 31)) - 1u;
    d.bf_dst = (uint8_t)((w >> 27) & 31);
    switch (op) {
    case 0:
        switch ((w >> 17) & 31) {
        case 0: d.op = MW_MME_OP_ADD; break;
        case 1: d.op = MW_MME_OP_ADC; break;
        case 2: d.op = MW_MME_OP_SUB; break;
        case 3: d.op = MW_MME_OP_SBB; break;
        case 8: d.op = MW_MME_OP_XOR; break;
        case 9: d.op = MW_MME_OP_OR; break;
        case 10: d.op = MW_MME_OP_AND; break;
        case 11: d.op = MW_MME_OP_ANDN; break;
        case 12: d.op = MW_MME_OP_NAND; break;
        default: d.op = MW_MME_OP_ILLEGAL; break;
        }
        break;
    case 1: d.op = MW_MME_OP_ADDI; break;
    case 2: d.op = MW_MME_OP_INSERT; break;
    case 3: d.op = MW_MME_OP_EXTSHL_IMM; break;
    case 4: d.op = MW_MME_OP_EXTSHL_REG; break;
    case 5: d.op = MW_MME_OP_READ; break;
    case 6: d.op = MW_MME_OP_ILLEGAL; break;
    default:
        d.op = (w >> 4) & 1 ? MW_MME_OP_BNZ : MW_MME_OP_BZ;
        d.assign = 0;
        if ((w >> 5) & 1)
            d.flags |= MW_MME_FLAG_ANNUL;
        break;
    }
    *out = d;
}

void mw_mme_init(mw_mme *mme, const glhle_logger *log)
{
    /* the call buffer is read only up to call_count: no need to clear 256 KiB */
    memset(mme, 0, offsetof(mw_mme, call_params));
    mme->log = log;
    mw_mme_insn zero;
    mw_mme_decode(0, &zero);
    for (uint32_t i = 0; i < MW_MME_RAM_WORDS; i++)
        mme->insn[i] = zero;
    mme->insn[MW_MME_RAM_WORDS].op = MW_MME_OP_PAST_RAM;
}

glhle_result mw_mme_set_code_pointer(mw_mme *mme, uint32_t value)
{
    mme->code_pointer = value;
    return GLHLE_RESULT_OK;
}

glhle_result mw_mme_load_code(mw_mme *mme, uint32_t word)
{
    uint32_t at = mme->code_pointer;
    if (mme->code_pointer != UINT32_MAX)
        mme->code_pointer++;
    if (at >= MW_MME_RAM_WORDS)
        return GLHLE_FAIL(mme->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "mme: instruction word 0x%08x at RAM word 0x%x is past the %u-word RAM; dropped", word,
                          at, MW_MME_RAM_WORDS);
    mme->code[at] = word;
    mw_mme_decode(word, &mme->insn[at]);
    return GLHLE_RESULT_OK;
}

glhle_result mw_mme_set_start_pointer(mw_mme *mme, uint32_t value)
{
    mme->start_pointer = value;
    return GLHLE_RESULT_OK;
}

glhle_result mw_mme_load_start(mw_mme *mme, uint32_t value)
{
    uint32_t at = mme->start_pointer;
    if (mme->start_pointer != UINT32_MAX)
        mme->start_pointer++;
    if (at >= MW_MME_MACROS)
        return GLHLE_FAIL(mme->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "mme: start address 0x%x for macro %u: only %u macros exist; dropped", value, at,
                          MW_MME_MACROS);
    /* kept as written; a start past the RAM is reported when the macro runs */
    mme->start[at] = value;
    return GLHLE_RESULT_OK;
}

bool mw_mme_method(mw_mme *mme, uint32_t method, uint32_t value, glhle_result *result)
{
    glhle_result r;
    switch (method) {
    case MW_MME_METHOD_INSTRUCTION_RAM_POINTER: r = mw_mme_set_code_pointer(mme, value); break;
    case MW_MME_METHOD_INSTRUCTION_RAM: r = mw_mme_load_code(mme, value); break;
    case MW_MME_METHOD_START_ADDRESS_RAM_POINTER: r = mw_mme_set_start_pointer(mme, value); break;
    case MW_MME_METHOD_START_ADDRESS_RAM: r = mw_mme_load_start(mme, value); break;
    default: return false;
    }
    if (result)
        *result = r;
    return true;
}

glhle_result mw_mme_upload(mw_mme *mme, uint32_t index, uint32_t at, const uint32_t *words, uint32_t count)
{
    glhle_result r = GLHLE_RESULT_OK;
    mw_mme_set_start_pointer(mme, index);
    glhle_result e = mw_mme_load_start(mme, at);
    if (e != GLHLE_RESULT_OK)
        r = e;
    mw_mme_set_code_pointer(mme, at);
    for (uint32_t i = 0; i < count; i++) {
        e = mw_mme_load_code(mme, words[i]);
        if (e != GLHLE_RESULT_OK && r == GLHLE_RESULT_OK)
            r = e;
    }
    return r;
}

static void no_send(void *user, uint32_t method, uint32_t value)
{
    (void)user;
    (void)method;
    (void)value;
}

/* pending work after the current instruction */
enum { PENDING_EXIT = 1u, PENDING_BRANCH = 2u };

static glhle_result run_macro(mw_mme *mme, uint32_t index, const uint32_t *params, uint32_t count,
                              const mw_mme_hooks *hooks, uint64_t step_cap)
{
    mw_mme_run_info info = {0, 0, 0, 0};
    if (index >= MW_MME_MACROS || count == 0 || !params) {
        mme->last = info;
        return GLHLE_FAIL(mme->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "mme: macro %u called with %u parameters; not run", index, count);
    }
    if (step_cap == 0)
        step_cap = MW_MME_DEFAULT_STEP_CAP;
    void *user = hooks ? hooks->user : NULL;
    uint32_t (*read)(void *, uint32_t) = hooks ? hooks->read : NULL;
    void (*send)(void *, uint32_t, uint32_t) = hooks && hooks->send ? hooks->send : no_send;

    uint32_t r[8] = {0, params[0], 0, 0, 0, 0, 0, 0};
    uint32_t next_param = 1, carry = 0, maddr = 0, minc = 0, sends = 0;
    /* A pc past the RAM (from the start table or a branch) is parked on the
     * sentinel entry after it, and the real value kept for the report. */
    uint32_t pc = mme->start[index], wild_pc = pc, target = 0, pending = 0;
    if (pc > MW_MME_RAM_WORDS)
        pc = MW_MME_RAM_WORDS;
    uint64_t steps = 0;
    glhle_result res = GLHLE_RESULT_OK;
    const mw_mme_insn *code = mme->insn;

/* The queue words after params[0]; an empty queue is the TOO_FEW_PARAMS trap. */
#define FETCH(into)                                                                                                \
    do {                                                                                                           \
        if (next_param >= count)                                                                                   \
            goto underflow;                                                                                        \
        (into) = params[next_param++];                                                                             \
    } while (0)
#define SEND(value)                                                                                                \
    do {                                                                                                           \
        send(user, maddr, (value));                                                                                \
        sends++;                                                                                                   \
        maddr = (maddr + minc) & 0xFFFu;                                                                           \
    } while (0)
#define SET_MADDR(value) (maddr = (value) & 0xFFFu, minc = ((value) >> 12) & 0x3Fu)
/* a branch target, parked on the sentinel when it leaves the RAM */
#define TARGET(t) ((t) < MW_MME_RAM_WORDS ? (t) : (wild_pc = (t), MW_MME_RAM_WORDS))

    for (;;) {
        const mw_mme_insn *in = &code[pc];
        if (steps >= step_cap) {
            res = GLHLE_FAIL(mme->log, GLHLE_RESULT_LIMIT_EXCEEDED,
                             "mme: macro %u: no exit after %llu steps, at pc 0x%x; stopped", index,
                             (unsigned long long)steps, pc);
            break;
        }
        steps++;
        uint32_t a = r[in->src_a], b = r[in->src_b], v;
        switch ((mw_mme_op)in->op) {
        case MW_MME_OP_ADD: {
            uint64_t s = (uint64_t)a + b;
            v = (uint32_t)s;
            carry = (uint32_t)(s >> 32);
            break;
        }
        case MW_MME_OP_ADC: {
            uint64_t s = (uint64_t)a + b + carry;
            v = (uint32_t)s;
            carry = (uint32_t)(s >> 32);
            break;
        }
        case MW_MME_OP_SUB: {
            uint64_t s = (uint64_t)a + (uint32_t)~b + 1u;
            v = (uint32_t)s;
            carry = (uint32_t)(s >> 32);
            break;
        }
        case MW_MME_OP_SBB: {
            uint64_t s = (uint64_t)a + (uint32_t)~b + carry;
            v = (uint32_t)s;
            carry = (uint32_t)(s >> 32);
            break;
        }
        case MW_MME_OP_XOR: v = a ^ b; break;
        case MW_MME_OP_OR: v = a | b; break;
        case MW_MME_OP_AND: v = a & b; break;
        case MW_MME_OP_ANDN: v = a & ~b; break;
        case MW_MME_OP_NAND: v = ~(a & b); break;
        case MW_MME_OP_ADDI: v = a + (uint32_t)in->imm; break;
        case MW_MME_OP_INSERT:
            v = (a & ~(in->bf_mask << in->bf_dst)) | (((b >> in->bf_src) & in->bf_mask) << in->bf_dst);
            break;
        case MW_MME_OP_EXTSHL_IMM: v = a < 32 ? ((b >> a) & in->bf_mask) << in->bf_dst : 0; break;
        case MW_MME_OP_EXTSHL_REG: v = a < 32 ? ((b >> in->bf_src) & in->bf_mask) << a : 0; break;
        case MW_MME_OP_READ: v = read ? read(user, (a + (uint32_t)in->imm) & 0xFFFu) : 0; break;
        case MW_MME_OP_BZ:
        case MW_MME_OP_BNZ: {
            if (pending) {
                res = GLHLE_FAIL(mme->log, GLHLE_RESULT_BAD_DATA,
                                 "mme: macro %u: branch at pc 0x%x is in a delay slot; stopped", index, pc);
                goto out;
            }
            bool taken = (in->op == MW_MME_OP_BNZ) == (a != 0);
            if (!taken) {
                if (in->flags & MW_MME_FLAG_EXIT)
                    pending = PENDING_EXIT;
                pc++;
            } else if (in->flags & MW_MME_FLAG_ANNUL) {
                pc = TARGET(pc + (uint32_t)in->imm);
            } else {
                target = TARGET(pc + (uint32_t)in->imm);
                pending = PENDING_BRANCH;
                pc++;
            }
            continue;
        }
        case MW_MME_OP_PAST_RAM:
            steps--; /* nothing ran */
            pc = wild_pc >= MW_MME_RAM_WORDS ? wild_pc : MW_MME_RAM_WORDS;
            res = GLHLE_FAIL(mme->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                             "mme: macro %u: pc 0x%x is past the %u-word RAM; stopped", index, pc, MW_MME_RAM_WORDS);
            goto out;
        default: /* MW_MME_OP_ILLEGAL */
            res = GLHLE_FAIL(mme->log, GLHLE_RESULT_BAD_DATA,
                             "mme: macro %u: illegal instruction 0x%08x at pc 0x%x; stopped", index, mme->code[pc],
                             pc);
            goto out;
        }
        switch ((mw_mme_assign)in->assign) {
        case MW_MME_ASSIGN_FETCH: FETCH(r[in->dst]); break;
        case MW_MME_ASSIGN_MOVE: r[in->dst] = v; break;
        case MW_MME_ASSIGN_MOVE_MADDR:
            r[in->dst] = v;
            SET_MADDR(v);
            break;
        case MW_MME_ASSIGN_FETCH_SEND:
            FETCH(r[in->dst]);
            SEND(v);
            break;
        case MW_MME_ASSIGN_MOVE_SEND:
            r[in->dst] = v;
            SEND(v);
            break;
        case MW_MME_ASSIGN_FETCH_MADDR:
            FETCH(r[in->dst]);
            SET_MADDR(v);
            break;
        case MW_MME_ASSIGN_MOVE_MADDR_SEND_FETCH: {
            r[in->dst] = v;
            SET_MADDR(v);
            uint32_t p;
            FETCH(p);
            SEND(p);
            break;
        }
        default: /* MW_MME_ASSIGN_MOVE_MADDR_SEND_HIGH */
            r[in->dst] = v;
            SET_MADDR(v);
            SEND((v >> 12) & 0x3Fu);
            break;
        }
        r[0] = 0; /* cheaper than testing dst on every write */
        if (__builtin_expect((pending | (in->flags & MW_MME_FLAG_EXIT)) == 0, 1)) {
            pc++;
            continue;
        }
        if (pending == PENDING_EXIT)
            break; /* that was the exit's delay slot */
        if (pending == PENDING_BRANCH) {
            pc = target; /* that was a taken branch's delay slot; its exit flag does not count */
            pending = 0;
            continue;
        }
        pending = PENDING_EXIT; /* this instruction's exit flag: one more to go */
        pc++;
    }
    if (res == GLHLE_RESULT_OK && next_param < count)
        res = GLHLE_FAIL(mme->log, GLHLE_RESULT_BAD_DATA,
                         "mme: macro %u exited at pc 0x%x with %u of its %u parameters unused", index, pc,
                         count - next_param, count);
    goto out;
underflow:
    res = GLHLE_FAIL(mme->log, GLHLE_RESULT_TRUNCATED,
                     "mme: macro %u: fetch at pc 0x%x needs parameter %u but the call gave %u; stopped", index, pc,
                     next_param, count);
out:
    info.steps = steps;
    info.pc = pc;
    info.params_used = next_param;
    info.sends = sends;
    mme->last = info;
    return res;
#undef FETCH
#undef SEND
#undef SET_MADDR
#undef TARGET
}

glhle_result mw_mme_run(mw_mme *mme, uint32_t index, const uint32_t *params, uint32_t count,
                        const mw_mme_hooks *hooks, uint64_t step_cap)
{
    mme->running++;
    glhle_result r = run_macro(mme, index, params, count, hooks, step_cap);
    mme->running--;
    return r;
}

glhle_result mw_mme_flush(mw_mme *mme, const mw_mme_hooks *hooks, uint64_t step_cap)
{
    if (mme->running)
        return GLHLE_FAIL(mme->log, GLHLE_RESULT_BAD_DATA,
                          "mme: a macro call was flushed from inside a macro run; ignored");
    if (!mme->call_pending)
        return GLHLE_RESULT_OK;
    mme->call_pending = false;
    bool overflow = mme->call_overflow;
    mme->call_overflow = false;
    glhle_result r = mw_mme_run(mme, mme->call_index, mme->call_params, mme->call_count, hooks, step_cap);
    if (overflow && r == GLHLE_RESULT_OK)
        r = GLHLE_RESULT_LIMIT_EXCEEDED;
    return r;
}

bool mw_mme_call_method(mw_mme *mme, uint32_t method, uint32_t value, const mw_mme_hooks *hooks, uint64_t step_cap,
                        glhle_result *result)
{
    if (method < MW_MME_METHOD_CALL_MACRO_FIRST || method >= MW_MME_METHOD_CALL_MACRO_FIRST + 2 * MW_MME_MACROS)
        return false;
    glhle_result r = GLHLE_RESULT_OK;
    uint32_t j = (method - MW_MME_METHOD_CALL_MACRO_FIRST) / 2;
    if (mme->running) {
        r = GLHLE_FAIL(mme->log, GLHLE_RESULT_BAD_DATA,
                       "mme: CALL_MME_%s(%u) from inside a macro run; ignored", method & 1 ? "DATA" : "MACRO", j);
    } else if ((method & 1) == 0) {
        r = mw_mme_flush(mme, hooks, step_cap);
        mme->call_pending = true;
        mme->call_overflow = false;
        mme->call_index = j;
        mme->call_count = 1;
        mme->call_params[0] = value;
    } else if (!mme->call_pending) {
        r = GLHLE_FAIL(mme->log, GLHLE_RESULT_BAD_DATA,
                       "mme: CALL_MME_DATA(%u) = 0x%08x with no macro call to take it; dropped", j, value);
    } else if (mme->call_count >= MW_MME_CALL_WORDS) {
        if (!mme->call_overflow)
            GLHLE_ERROR(mme->log, "mme: macro %u call has more than %u parameters; the rest are dropped",
                        mme->call_index, MW_MME_CALL_WORDS);
        mme->call_overflow = true;
        r = GLHLE_RESULT_LIMIT_EXCEEDED;
    } else {
        mme->call_params[mme->call_count++] = value;
    }
    if (result)
        *result = r;
    return true;
}
