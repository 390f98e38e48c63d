/* The pushbuffer parser: method headers to method writes.
 *
 * Header forms (open-fe-doc classes/host/clb06f.h NVB06F_DMA_*; envytools
 * docs/hw/fifo/dma-pusher.rst "GF100 commands"): SEC_OP 31:29 selects
 *   1 INC_METHOD      METHOD_ADDRESS 11:0, SUBCHANNEL 15:13, COUNT 28:16;
 *                     data word k goes to method + k
 *   3 NON_INC_METHOD  the same fields; every word to method
 *   4 IMMD_DATA_METHOD  one write of IMMD_DATA 28:16, no data words
 *   5 ONE_INC         word 0 to method, the rest to method + 1
 *   7 END_PB_SEGMENT  the rest of the segment is not read
 *   0 GRP0_USE_TERT with TERT_OP 17:16: 0 the old incrementing form
 *                     (METHOD_ADDRESS_OLD 12:2, COUNT_OLD 28:18), 1-3 the
 *                     SLI sub-device mask operations
 *   2 GRP2_USE_TERT with TERT_OP 0: the old non-incrementing form
 *   6 RESERVED6
 * The old forms run as documented and are reported (at INFO: drivers of
 * this generation do not emit them); the SLI mask operations have no
 * effect on a single GPU and are reported likewise; RESERVED6 and GRP2
 * with another TERT_OP are skipped as bad data. A zero word is the old
 * incrementing form with count 0: the documented NOP (NVB06F_DMA_NOP).
 *
 * The method state (method, subchannel, words left, mode) outlives the
 * segment: envytools' pusher pseudocode keeps dma_state across IB entries. */
#include <string.h>

#include "backend/maxwell/frontend/method_names.h"
#include "backend/maxwell/frontend/frontend.h"

static inline uint32_t load_le32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

static void start(mw_frontend *fe, uint32_t header, uint32_t method, uint32_t subc, uint32_t count,
                  mw_pb_mode mode)
{
    mw_pusher *pb = &fe->pb;
    pb->method = method;
    pb->subchannel = subc;
    pb->remaining = count;
    pb->done = 0;
    pb->mode = (uint8_t)mode;
    pb->header = header;
    pb->header_offset = fe->run.loc.offset;
    pb->header_entry = fe->run.loc.entry;
}

/* Decodes one header word; returns false at END_PB_SEGMENT. */
static bool header(mw_frontend *fe, uint32_t h)
{
    const uint32_t sec = h >> 29;
    const uint32_t subc = (h >> 13) & 7;
    const uint32_t method = h & 0xFFF;
    const uint32_t count = (h >> 16) & 0x1FFF;
    switch (sec) {
    case 1: start(fe, h, method, subc, count, MW_PB_INC); return true;
    case 3: start(fe, h, method, subc, count, MW_PB_NONINC); return true;
    case 5: start(fe, h, method, subc, count, MW_PB_ONEINC); return true;
    case 4:
        mw_method(fe, subc, method, count, true);
        return true;
    case 7:
        mw_problem(fe, GLHLE_RESULT_OK, GLHLE_LOG_DEBUG, "END_PB_SEGMENT (0x%08x): the rest of the segment is "
                   "not read", h);
        return false;
    case 0:
    case 2: {
        const uint32_t tert = (h >> 16) & 3;
        if (h == 0)
            return true; /* NVB06F_DMA_NOP */
        if (tert == 0) {
            const uint32_t m = (h >> 2) & 0x7FF, c = (h >> 18) & 0x7FF;
            mw_problem(fe, GLHLE_RESULT_OK, GLHLE_LOG_INFO,
                       "old-format %s header 0x%08x (method 0x%03x, subchannel %u, %u words): run as documented",
                       sec == 0 ? "incrementing" : "non-incrementing", h, m, subc, c);
            start(fe, h, m, subc, c, sec == 0 ? MW_PB_INC : MW_PB_NONINC);
            return true;
        }
        if (sec == 0) {
            static const char *const ops[] = {"", "SET_SUB_DEV_MASK", "STORE_SUB_DEV_MASK", "USE_SUB_DEV_MASK"};
            mw_problem(fe, GLHLE_RESULT_OK, GLHLE_LOG_INFO,
                       "%s (0x%08x): SLI sub-device masks do nothing on one GPU; ignored", ops[tert], h);
            return true;
        }
        break;
    }
    default:
        break;
    }
    mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
               "header 0x%08x has no defined form (SEC_OP %u, TERT_OP %u); skipped", h, sec, (h >> 16) & 3);
    return true;
}

bool mw_pushbuf_run(mw_frontend *fe, const uint8_t *bytes, uint32_t count, uint32_t first_offset)
{
    mw_pusher *pb = &fe->pb;
    mw_run_state *run = &fe->run;
    uint32_t i = 0;
    bool go_on = true;
    while (i < count && go_on) {
        if (run->res.words >= fe->max_words) {
            run->loc.offset = first_offset + i;
            mw_problem(fe, GLHLE_RESULT_LIMIT_EXCEEDED, GLHLE_LOG_ERROR,
                       "the cap of %llu pushbuffer words per submission is reached; the submission stops",
                       (unsigned long long)fe->max_words);
            run->res.stopped_on_error = true;
            go_on = false;
            break;
        }
        if (pb->remaining) {
            uint64_t left = fe->max_words - run->res.words;
            uint32_t n = count - i < pb->remaining ? count - i : pb->remaining;
            if (n > left)
                n = (uint32_t)left;
            for (uint32_t k = 0; k < n && go_on; k++) {
                run->loc.offset = first_offset + i;
                run->res.words++;
                const uint32_t d = pb->done++;
                const uint32_t m = pb->mode == MW_PB_INC ? pb->method + d
                                   : pb->mode == MW_PB_ONEINC ? pb->method + (d ? 1u : 0u)
                                                              : pb->method;
                pb->remaining--;
                const uint32_t v = load_le32(bytes + (size_t)i * 4);
                i++;
                mw_method(fe, pb->subchannel, m & 0xFFF, v, pb->remaining == 0);
                go_on = !run->res.stopped_on_error && !fe->wait.active;
            }
            continue;
        }
        run->loc.offset = first_offset + i;
        run->res.words++;
        const uint32_t h = load_le32(bytes + (size_t)i * 4);
        i++;
        go_on = header(fe, h) && !run->res.stopped_on_error && !fe->wait.active;
    }
    run->next_offset = first_offset + i;
    return go_on;
}

void mw_pushbuf_finish(mw_frontend *fe)
{
    mw_pusher *pb = &fe->pb;
    if (fe->wait.active)
        return; /* the method and the macro call go on when the work resumes */
    if (pb->remaining) {
        mw_location *loc = &fe->run.loc;
        loc->entry = pb->header_entry;
        loc->offset = pb->header_offset;
        loc->in_macro = false;
        mw_problem(fe, GLHLE_RESULT_TRUNCATED, GLHLE_LOG_ERROR,
                   "header 0x%08x announced %u data words but the submission ended after %u; the missing words "
                   "are dropped",
                   pb->header, pb->done + pb->remaining, pb->done);
        pb->remaining = 0;
    }
    mw_macro_flush(fe);
}

void mw_method(mw_frontend *fe, uint32_t subc, uint32_t method, uint32_t value, bool last)
{
    mw_location *loc = &fe->run.loc;
    fe->run.res.methods++;
    loc->subchannel = subc;
    loc->method = method;
    mw_i2m_before(fe, method < MW_HOST_METHODS ? GLHLE_MAXWELL_CLASS_HOST : fe->bound_class[subc], method);
    if (method < MW_HOST_METHODS) {
        loc->class_id = GLHLE_MAXWELL_CLASS_HOST;
        if (method == 0) {
            /* SET_OBJECT: NVCLASS 15:0, ENGINE 20:16 (clb06f.h) */
            const uint32_t cls = value & 0xFFFF;
            if (mw_engine_of_class(cls) < 0)
                mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                           "SET_OBJECT 0x%08x on subchannel %u: class 0x%04x is not one this GPU has (3D B197, "
                           "compute B1C0, I2M A140, 2D 902D, DMA B0B5); skipped, the binding stays 0x%04x",
                           value, subc, cls, fe->bound_class[subc]);
            else
                fe->bound_class[subc] = cls;
        }
        if (mw_wants(fe, GLHLE_MAXWELL_EVENT_METHOD)) {
            glhle_maxwell_event ev = {.type = GLHLE_MAXWELL_EVENT_METHOD, .method = method, .value = value};
            mw_emit(fe, &ev);
        }
        if (method != 0)
            mw_host_method(fe, method, value);
        return;
    }
    const uint32_t cls = fe->bound_class[subc];
    loc->class_id = cls;
    if (!cls) {
        mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                   "method 0x%03x = 0x%08x on subchannel %u, which no SET_OBJECT has bound; skipped", method, value,
                   subc);
        return;
    }
    if (cls == GLHLE_MAXWELL_CLASS_3D) {
        mw_3d_method(fe, method, value, last);
        return;
    }
    const int e = mw_engine_of_class(cls);
    fe->engine_regs[e][method] = value;
    if (mw_wants(fe, GLHLE_MAXWELL_EVENT_METHOD)) {
        glhle_maxwell_event ev = {.type = GLHLE_MAXWELL_EVENT_METHOD, .method = method, .value = value};
        mw_emit(fe, &ev);
    }
    mw_engine_method(fe, (mw_engine)e, method, value);
}
