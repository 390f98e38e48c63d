/* Host (channel) methods, MAXWELL_CHANNEL_GPFIFO_A: method words 0x00-0x3F
 * of every subchannel (open-fe-doc classes/host/clb06f.h), plus Tegra's
 * syncpoint methods 0x1C/0x1D (deko3d source/maxwell/engine_gpfifo.def:
 * SyncpointPayload, Syncpoint with Operation 0 (wait) / 1 (incr), bit 0,
 * WaitSwitch bit 4, SyncptIndex bits 8-15).
 *
 * Semaphores (clb06f.h NVB06F_SEMAPHORE{A,B,C,D}): A holds address bits
 * 32-39, B bits 2-31, C the payload; writing D runs the operation in
 * OPERATION 4:0. A release writes the payload, and for RELEASE_SIZE_16BYTE
 * (bit 24 clear) a 16-byte report: payload, a zero word, the 64-bit
 * timestamp (yuzu Puller::ProcessSemaphoreTriggerMethod writes the same
 * block). Acquires compare memory with the payload (ACQUIRE equal, ACQ_GEQ
 * signed difference >= 0, ACQ_AND non-zero AND); one memory does not
 * satisfy stops the pusher until a later submission finds it met
 * (submit.c). ACQUIRE_SWITCH 12 (let the scheduler run another channel
 * meanwhile) and RELEASE_WFI 20 (wait for idle before a release) change
 * nothing in a sequential model with one channel. REDUCTION applies
 * REDUCTION 30:27 to memory and payload, signed or unsigned by FORMAT 31; INC and DEC wrap as CUDA's atomicInc/atomicDec
 * do (((old >= payload) ? 0 : old + 1); ((old == 0 || old > payload) ?
 * payload : old - 1)), the semantics the header's names follow. */
#include "backend/maxwell/frontend/frontend.h"

enum {
    HOST_ILLEGAL = 0x01,
    HOST_NOP = 0x02,
    HOST_SEMAPHOREA = 0x04,
    HOST_SEMAPHOREB = 0x05,
    HOST_SEMAPHOREC = 0x06,
    HOST_SEMAPHORED = 0x07,
    HOST_NON_STALL_INTERRUPT = 0x08,
    HOST_FB_FLUSH = 0x09,
    HOST_MEM_OP_C = 0x0C,
    HOST_MEM_OP_D = 0x0D,
    HOST_SET_REFERENCE = 0x14,
    HOST_SYNCPOINT_PAYLOAD = 0x1C,
    HOST_SYNCPOINT = 0x1D,
    HOST_WFI = 0x1E,
    HOST_CRC_CHECK = 0x1F,
    HOST_YIELD = 0x20,
};

void mw_release_semaphore_report(mw_frontend *fe, uint64_t va, uint32_t payload, bool four_words)
{
    uint8_t block[16] = {0};
    const uint64_t ts = mw_timestamp(fe);
    for (int i = 0; i < 4; i++)
        block[i] = (uint8_t)(payload >> (8 * i));
    for (int i = 0; i < 8; i++)
        block[8 + i] = (uint8_t)(ts >> (8 * i));
    if (!mw_gpu_write(fe, va, block, four_words ? 16 : 4, "semaphore release"))
        return;
    fe->run.res.semaphores++;
    if (mw_wants(fe, GLHLE_MAXWELL_EVENT_SEMAPHORE)) {
        glhle_maxwell_event ev = {.type = GLHLE_MAXWELL_EVENT_SEMAPHORE};
        ev.u.semaphore.va = va;
        ev.u.semaphore.payload = payload;
        ev.u.semaphore.four_words = four_words;
        mw_emit(fe, &ev);
    }
}

static void semaphore(mw_frontend *fe, uint32_t d)
{
    mw_host_state *h = &fe->host;
    const uint64_t va = ((uint64_t)(h->sem_upper & 0xFF) << 32) | (h->sem_lower & ~3u);
    const uint32_t op = d & 0x1F;
    const uint32_t payload = h->sem_payload;
    switch (op) {
    case 2: /* RELEASE; RELEASE_SIZE 24:24: 0 = 16 bytes, 1 = 4 bytes */
        mw_release_semaphore_report(fe, va, payload, !((d >> 24) & 1));
        return;
    case 1: /* ACQUIRE, ACQ_GEQ, ACQ_AND: the pusher waits while unmet (submit.c) */
        mw_acquire(fe, va, payload, MW_ACQ_EQ, "semaphore ACQUIRE");
        return;
    case 4:
        mw_acquire(fe, va, payload, MW_ACQ_GEQ_DIFF, "semaphore ACQ_GEQ");
        return;
    case 8:
        mw_acquire(fe, va, payload, MW_ACQ_AND, "semaphore ACQ_AND");
        return;
    case 16: { /* REDUCTION */
        uint32_t mem;
        if (!mw_gpu_read(fe, va, &mem, 4, "semaphore reduction"))
            return;
        const uint32_t red = (d >> 27) & 0xF;
        uint32_t v;
        if (red > MW_RED_DEC || !mw_reduce32(red, !((d >> 31) & 1), mem, payload, &v)) {
            mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                       "SEMAPHORED 0x%08x: reduction %u is not defined (MIN..DEC are 0-7); skipped", d,
                       (d >> 27) & 0xF);
            return;
        }
        if (mw_gpu_write(fe, va, &v, 4, "semaphore reduction"))
            fe->run.res.semaphores++;
        return;
    }
    default:
        mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                   "SEMAPHORED 0x%08x: OPERATION 0x%02x is none of ACQUIRE (1), RELEASE (2), ACQ_GEQ (4), ACQ_AND "
                   "(8), REDUCTION (16) (clb06f.h: one bit each); refused, nothing read or written", d, op);
        return;
    }
}

void mw_host_method(mw_frontend *fe, uint32_t method, uint32_t value)
{
    mw_host_state *h = &fe->host;
    switch (method) {
    case HOST_SEMAPHOREA: h->sem_upper = value; return;
    case HOST_SEMAPHOREB: h->sem_lower = value; return;
    case HOST_SEMAPHOREC: h->sem_payload = value; return;
    case HOST_SEMAPHORED: semaphore(fe, value); return;
    case HOST_SET_REFERENCE: h->reference = value; return;
    case HOST_SYNCPOINT_PAYLOAD: h->syncpoint_payload = value; return;
    case HOST_SYNCPOINT:
        if (value & 1) {
            fe->run.res.syncpoint_increments++;
            if (fe->hooks.syncpoint_increment)
                fe->hooks.syncpoint_increment(fe->hooks.user, (value >> 8) & 0xFF);
        } else {
            mw_problem(fe, GLHLE_RESULT_OK, GLHLE_LOG_DEBUG,
                       "syncpoint %u wait for %u: the core orders submissions by its fences; not waited",
                       (value >> 8) & 0xFF, h->syncpoint_payload);
        }
        return;
    case HOST_MEM_OP_C: h->mem_op_c = value; return;
    case HOST_WFI: h->last_wfi = value; return; /* execution is in order: idle already */
    case HOST_NOP:
    case HOST_NON_STALL_INTERRUPT:
    case HOST_FB_FLUSH:
    case HOST_MEM_OP_D: /* membars, TLB and L2 maintenance: no cache is modelled */
    case HOST_CRC_CHECK:
    case HOST_YIELD:
        return;
    case HOST_ILLEGAL:
        mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN, "host method ILLEGAL (handle 0x%08x); skipped", value);
        return;
    default:
        mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                   "host method 0x%03x (= 0x%08x) is not a MAXWELL_CHANNEL_GPFIFO_A method; skipped", method, value);
        return;
    }
}
