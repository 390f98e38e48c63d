/* The PICA command processor: walks command buffers and turns each command
 * into register writes.
 *
 * A command is a parameter word followed by a header (3dbrew
 * GPU/Internal_Registers "Command Header"): id bits 0-15, byte-enable mask
 * bits 16-19, extra parameter count, consecutive-mode bit 31. The extra
 * parameters follow the header; a padding word keeps the next command
 * 8-byte aligned when their count is odd. The count field is bits 20-27
 * (3dbrew's later page and Azahar's CommandHeader; the seed says 20-30,
 * with bits 28-30 now documented as unused). In consecutive mode parameter
 * k goes to id + k, otherwise every parameter goes to id. */
#include <string.h>

#include "backend/pica/frontend/frontend.h"

/* Header bits 16-19: bit n enables byte n of the register. */
static const uint32_t byte_masks[16] = {
    0x00000000, 0x000000FF, 0x0000FF00, 0x0000FFFF, 0x00FF0000, 0x00FF00FF, 0x00FFFF00, 0x00FFFFFF,
    0xFF000000, 0xFF0000FF, 0xFF00FF00, 0xFF00FFFF, 0xFFFF0000, 0xFFFF00FF, 0xFFFFFF00, 0xFFFFFFFF,
};

typedef struct cmdbuf {
    const uint32_t *words;  /* host list */
    const uint8_t *bytes;   /* guest buffer, read little-endian */
    uint32_t n;             /* executable words: whole 16-byte units */
    uint32_t tail;          /* bytes after them that are never executed */
    bool host;
    uint32_t paddr;
} cmdbuf;

static inline uint32_t load_le32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

static inline uint32_t word_at(const cmdbuf *b, uint32_t i)
{
    return b->host ? b->words[i] : load_le32(b->bytes + (size_t)i * 4);
}

/* The GPU consumes whole 16-byte units: 3dbrew says buffer sizes must be
 * 0x10-aligned and that a FINALIZE in the last 8 bytes of a buffer that is
 * not is never executed (CTR-SDK's AddDummyDataForCommandBuffer pads
 * subroutine buffers to a multiple of 16 for the same reason). */
static void set_buffer(cmdbuf *b, const void *data, uint32_t size, bool host, uint32_t paddr)
{
    b->words = host ? data : NULL;
    b->bytes = host ? NULL : data;
    b->n = (size & ~15u) / 4;
    b->tail = size & 15u;
    b->host = host;
    b->paddr = paddr;
}

static void emit_write(pica_frontend *p, uint32_t id, uint32_t param, uint32_t value)
{
    glhle_pica_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = GLHLE_PICA_EVENT_WRITE;
    ev.reg = (uint16_t)id;
    ev.param = param;
    ev.value = value;
    ev.element = pica_regs_fifo_element(&p->regs, id);
    pica_emit(p, &ev);
}

/* One register write: masked merge, dirty marking, then the side effect. */
static inline uint32_t write_reg(pica_frontend *p, uint32_t id, uint32_t param, uint32_t byte_mask)
{
    pica_regs *rf = &p->regs;
    const uint32_t old = rf->r[id];
    const uint32_t v = (old & ~byte_mask) | (param & byte_mask);
    const uint32_t info = pica_reg_info[id];
    p->run.res.writes++;
    if (v != old) {
        rf->r[id] = v;
        const uint32_t dirty = info & ~PICA_REG_SIDE_EFFECT;
        rf->state.dirty |= dirty;
        rf->stale |= dirty;
    }
    if (__builtin_expect(p->event_mask & (1u << GLHLE_PICA_EVENT_WRITE), 0))
        emit_write(p, id, param, v);
    if (info & PICA_REG_SIDE_EFFECT)
        return pica_regs_side_effect(p, id, param, old);
    if (__builtin_expect(!info, 0) && !pica_reg_doc_name(id))
        GLHLE_DEBUG(&p->log, "pica: write 0x%08x to undocumented register 0x%03x; stored", param, id);
    return PICA_CONTROL_NONE;
}

static void stop_on_error(pica_frontend *p, const cmdbuf *b, uint32_t pos)
{
    p->run.res.stopped_on_error = true;
    p->run.res.stop_offset = pos * 4;
    p->run.res.stop_in_host_list = b->host;
    p->run.res.stop_paddr = b->paddr;
}

/* Where the processor stands right after a jump: the buffer and word it
 * jumps from and the four CMDBUF address and size registers. Guest memory
 * does not change during a run, and only the buffers' words and these
 * registers decide where processing goes next, so a run that comes back to
 * a jump in the same state repeats itself forever: the hardware never
 * reaches a FINALIZE. */
typedef struct jump_state {
    uint32_t host, paddr, pos;
    uint32_t cmdbuf[4]; /* SIZE0, SIZE1, ADDR0, ADDR1 */
} jump_state;

/* Brent's cycle detection over the jump states: one saved state, moved on
 * at powers of two, finds any loop within about twice its entry point plus
 * its length, in constant memory (R. P. Brent, "An improved Monte Carlo
 * factorization algorithm", BIT 20, 1980). */
typedef struct loop_finder {
    jump_state saved;
    uint64_t power, lam;
    bool have;
} loop_finder;

static bool loop_seen(loop_finder *f, const jump_state *s)
{
    if (f->have && !memcmp(&f->saved, s, sizeof *s))
        return true;
    if (!f->have || f->power == f->lam) {
        f->saved = *s;
        f->have = true;
        f->power = f->power ? f->power * 2 : 1;
        f->lam = 0;
    }
    f->lam++;
    return false;
}

glhle_result pica_cmdlist_run(pica_frontend *p, const void *data, uint32_t size_bytes, bool host, uint32_t paddr)
{
    pica_run_state *run = &p->run;
    cmdbuf b;
    set_buffer(&b, data, size_bytes, host, paddr);
    uint32_t pos = 0;
    loop_finder loops = {0};
    for (;;) {
        run->loc.host = b.host;
        run->loc.paddr = b.paddr;
        if (pos + 2 > b.n) {
            if (b.tail && pos <= b.n) {
                run->loc.offset = b.n * 4;
                run->loc.mask = 0;
                pica_problem(p, GLHLE_RESULT_TRUNCATED, GLHLE_LOG_WARN,
                             "the last %u bytes of this %u-byte buffer are not executed: the GPU reads whole "
                             "16-byte units (a FINALIZE there never runs and the hardware hangs)",
                             b.tail, b.n * 4 + b.tail);
            }
            run->res.stop_offset = (pos < b.n ? pos : b.n) * 4;
            run->res.stop_in_host_list = b.host;
            run->res.stop_paddr = b.paddr;
            return run->first_problem;
        }
        const uint32_t param = word_at(&b, pos);
        const uint32_t header = word_at(&b, pos + 1);
        const uint32_t id = header & 0xFFFF;
        const uint32_t mask = (header >> 16) & 0xF;
        const uint32_t extra = (header >> 20) & 0xFF;
        const bool consecutive = (header >> 31) != 0;
        run->loc.offset = pos * 4;
        run->loc.mask = (uint8_t)mask;
        if (pos + 2 + extra > b.n) {
            pica_problem(p, GLHLE_RESULT_TRUNCATED, GLHLE_LOG_ERROR,
                         "command header 0x%08x (register 0x%03x) announces %u extra parameters but the buffer "
                         "ends after %u; command not executed, processing stops",
                         header, id, extra, b.n - pos - 2);
            stop_on_error(p, &b, pos);
            return run->first_problem;
        }
        if (run->res.words + 2 + extra > p->max_words) {
            pica_problem(p, GLHLE_RESULT_LIMIT_EXCEEDED, GLHLE_LOG_ERROR,
                         "the cap of %llu command words per run is reached (a loop of CMDBUF jumps?); processing "
                         "stops",
                         (unsigned long long)p->max_words);
            stop_on_error(p, &b, pos);
            return run->first_problem;
        }
        const uint32_t padded = 2 + extra + (extra & 1);
        run->res.words += pos + padded <= b.n ? padded : b.n - pos;
        const uint32_t byte_mask = byte_masks[mask];

        uint32_t control = PICA_CONTROL_NONE;
        bool past_end_reported = false;
        for (uint32_t k = 0; k <= extra && control == PICA_CONTROL_NONE && !run->out_of_steps; k++) {
            const uint32_t reg = consecutive ? id + k : id;
            const uint32_t word = k == 0 ? pos : pos + 1 + k;
            run->loc.offset = word * 4;
            if (reg >= PICA_REG_COUNT) {
                if (!past_end_reported)
                    pica_problem(p, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                                 "write to register 0x%x, past the last register 0x2FF (header 0x%08x); skipped",
                                 reg, header);
                past_end_reported = true;
                continue;
            }
            control = write_reg(p, reg, k == 0 ? param : word_at(&b, word), byte_mask);
        }
        pos += padded;

        if (__builtin_expect(run->out_of_steps, 0)) {
            stop_on_error(p, &b, pos - padded); /* at the draw that used the shader-step budget up */
            return run->first_problem;
        }
        if (control == PICA_CONTROL_FINALIZE) {
            run->res.finalized = true;
            run->res.stop_offset = (pos < b.n ? pos : b.n) * 4;
            run->res.stop_in_host_list = b.host;
            run->res.stop_paddr = b.paddr;
            return run->first_problem;
        }
        if (control == PICA_CONTROL_JUMP0 || control == PICA_CONTROL_JUMP1) {
            const uint32_t ch = control - PICA_CONTROL_JUMP0;
            /* CMDBUF_ADDRn bits 0-28 and CMDBUF_SIZEn bits 0-20, both in
             * 8-byte units (3dbrew); the jump abandons the rest of this
             * buffer, including any parameters left in the command. */
            const uint32_t target = (p->regs.r[PICA_REG_CMDBUF_ADDR0 + ch] & 0x1FFFFFFFu) << 3;
            const uint32_t size = (p->regs.r[PICA_REG_CMDBUF_SIZE0 + ch] & 0x1FFFFFu) << 3;
            const uint8_t *dst = pica_memory_ptr(&p->mem, target, size);
            if (!dst) {
                pica_problem(p, GLHLE_RESULT_OUT_OF_BOUNDS, GLHLE_LOG_ERROR,
                             "CMDBUF_JUMP%u to guest 0x%08x, %u bytes: not inside one memory mapping; processing "
                             "stops",
                             ch, target, size);
                stop_on_error(p, &b, pos - padded);
                return run->first_problem;
            }
            if (pica_wants(p, GLHLE_PICA_EVENT_JUMP)) {
                glhle_pica_event ev;
                memset(&ev, 0, sizeof ev);
                ev.type = GLHLE_PICA_EVENT_JUMP;
                ev.reg = (uint16_t)(PICA_REG_CMDBUF_JUMP0 + ch);
                ev.value = p->regs.r[ev.reg];
                ev.param = ev.value;
                ev.element = -1;
                ev.u.jump.channel = (uint8_t)ch;
                ev.u.jump.paddr = target;
                ev.u.jump.size = size;
                pica_emit(p, &ev);
            }
            jump_state js;
            memset(&js, 0, sizeof js);
            js.host = b.host;
            js.paddr = b.paddr;
            js.pos = pos;
            for (unsigned i = 0; i < 4; i++)
                js.cmdbuf[i] = p->regs.r[PICA_REG_CMDBUF_SIZE0 + i];
            if (loop_seen(&loops, &js)) {
                pica_problem(p, GLHLE_RESULT_LIMIT_EXCEEDED, GLHLE_LOG_ERROR,
                             "CMDBUF_JUMP%u to guest 0x%08x, %u bytes, comes back to a jump it already took with "
                             "the same CMDBUF registers: the list loops forever without FINALIZE; processing stops",
                             ch, target, size);
                stop_on_error(p, &b, pos - padded);
                return run->first_problem;
            }
            run->res.jumps++;
            set_buffer(&b, dst, size, false, target);
            pos = 0;
        }
    }
}
