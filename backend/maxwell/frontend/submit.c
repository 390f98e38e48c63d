/* Submissions: GPFIFO entries and host words through the pusher, and the
 * semaphore acquires the pusher waits on.
 *
 * GPFIFO entries (clb06f.h NVB06F_GP_ENTRY0/1): GET 31:2 and GET_HI 7:0 a
 * 40-bit word-aligned address, LENGTH 30:10 in words, LEVEL 9 (main or
 * subroutine) and SYNC 31; LENGTH 0 is a control entry whose OPCODE 7:0 is
 * NOP, ILLEGAL, GP_CRC or PB_CRC. LEVEL only moves the hardware's
 * TopLevelGet and SYNC orders fetches against earlier work, so neither
 * changes what a sequential model executes.
 *
 * Waiting acquires. The host class's ACQUIRE / ACQ_GEQ / ACQ_AND
 * (clb06f.h SEMAPHORED_OPERATION) and the 3D class's report-semaphore
 * ACQUIRE (clb197.h SET_REPORT_SEMAPHORE_D_OPERATION_ACQUIRE, COMPARISON
 * EQ / GE) stall the channel until memory satisfies them (envytools
 * docs/hw/fifo/puller.rst, "semaphores": the acquire is retried until it
 * succeeds, or the channel is switched out with ACQUIRE_SWITCH). A
 * sequential model cannot wait inside a call, so the pusher stops after
 * the acquire's word and the rest of the work -- the entry from the next
 * word, the entries after it, the host words after it -- is held back. The
 * method state (a header's remaining words) and a macro call still
 * collecting parameters stay as they are. Every later submission (one with
 * no work is a kick) reads the semaphore again first: met, the held-back
 * work runs, then the new work; unmet, the new work is held back behind it.
 * The core writes the semaphore in its own memory, or another channel's
 * release does. A wait that outlasts wait_submits_cap submissions is given
 * up with LIMIT_EXCEEDED and the stream goes on past the acquire (as a
 * watchdog ends a hung channel's wait; here no work is lost). Held-back
 * GPFIFO entries are read again from guest memory when they run (the
 * hardware reads them then too); host words are copied, within
 * MW_MAX_PENDING_WORDS. */
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/frontend/frontend.h"

static bool acquire_met(mw_acquire_cmp cmp, uint32_t mem, uint32_t payload)
{
    switch (cmp) {
    case MW_ACQ_EQ: return mem == payload;
    case MW_ACQ_GEQ_DIFF: return (int32_t)(mem - payload) >= 0;
    case MW_ACQ_AND: return (mem & payload) != 0;
    default: return mem >= payload;
    }
}

bool mw_acquire(mw_frontend *fe, uint64_t va, uint32_t payload, mw_acquire_cmp cmp, const char *name)
{
    uint32_t mem;
    if (!mw_gpu_read(fe, va, &mem, 4, name))
        return true; /* the fault is reported; waiting on unmapped memory could never end */
    if (acquire_met(cmp, mem, payload))
        return true;
    if (fe->run.loc.in_macro) {
        mw_problem(fe, GLHLE_RESULT_OK, GLHLE_LOG_WARN,
                   "%s at GPU 0x%010llx: memory holds 0x%08x, payload 0x%08x; a macro cannot be suspended, so "
                   "this model goes on without waiting",
                   name, (unsigned long long)va, mem, payload);
        return false;
    }
    fe->wait = (mw_wait){.active = true, .cmp = (uint8_t)cmp, .name = name, .va = va, .payload = payload,
                         .at = fe->run.loc};
    fe->run.res.waiting = true;
    fe->run.res.wait_va = va;
    mw_problem(fe, GLHLE_RESULT_OK, GLHLE_LOG_DEBUG,
               "%s at GPU 0x%010llx: memory holds 0x%08x, payload 0x%08x; the pusher waits here until a later "
               "submission finds it satisfied",
               name, (unsigned long long)va, mem, payload);
    return false;
}

void mw_pending_clear(mw_frontend *fe)
{
    for (uint32_t i = 0; i < fe->pending_count; i++)
        free(fe->pending[i].words);
    free(fe->pending);
    fe->pending = NULL;
    fe->pending_count = fe->pending_alloc = 0;
    fe->pending_words = 0;
}

/* Checks the wait at the start of a submission: true when the pusher may
 * run (met, given up, or no wait). */
static bool wait_over(mw_frontend *fe)
{
    mw_wait *w = &fe->wait;
    if (!w->active)
        return true;
    fe->run.loc = w->at;
    uint32_t mem;
    if (!mw_gpu_read(fe, w->va, &mem, 4, w->name)) {
        w->active = false; /* unmapped since: reported as a fault, never met */
        return true;
    }
    if (acquire_met((mw_acquire_cmp)w->cmp, mem, w->payload)) {
        mw_problem(fe, GLHLE_RESULT_OK, GLHLE_LOG_DEBUG, "%s at GPU 0x%010llx is met (0x%08x); the pusher resumes",
                   w->name, (unsigned long long)w->va, mem);
        w->active = false;
        return true;
    }
    const uint32_t cap = fe->wait_submits_cap ? fe->wait_submits_cap : MW_DEFAULT_WAIT_SUBMITS;
    if (++w->submits >= cap) {
        mw_problem(fe, GLHLE_RESULT_LIMIT_EXCEEDED, GLHLE_LOG_ERROR,
                   "%s at GPU 0x%010llx: memory still holds 0x%08x against payload 0x%08x after %u submissions; "
                   "the wait is given up and the stream goes on past the acquire",
                   w->name, (unsigned long long)w->va, mem, w->payload, w->submits);
        w->active = false;
        return true;
    }
    fe->run.res.waiting = true;
    fe->run.res.wait_va = w->va;
    return false;
}

static mw_pending *hold_slot(mw_frontend *fe)
{
    if (fe->pending_count == fe->pending_alloc) {
        if (fe->pending_alloc >= MW_MAX_PENDING_ITEMS)
            return NULL;
        const uint32_t n = fe->pending_alloc ? fe->pending_alloc * 2 : 16;
        mw_pending *p = realloc(fe->pending, (size_t)n * sizeof *p);
        if (!p)
            return NULL;
        fe->pending = p;
        fe->pending_alloc = n;
    }
    return &fe->pending[fe->pending_count++];
}

static void dropped(mw_frontend *fe, glhle_result r, size_t n, const char *what)
{
    mw_problem(fe, r, GLHLE_LOG_ERROR,
               "%zu %s behind the waiting %s cannot be held back (at most %u items and %u host words); dropped", n,
               what, fe->wait.name, MW_MAX_PENDING_ITEMS, MW_MAX_PENDING_WORDS);
}

/* Holds back GPFIFO entries [from, count), the first from word `offset`. */
static void hold_entries(mw_frontend *fe, const uint64_t *entries, size_t count, size_t from, uint32_t offset)
{
    for (size_t i = from; i < count; i++) {
        mw_pending *p = hold_slot(fe);
        if (!p) {
            dropped(fe, GLHLE_RESULT_LIMIT_EXCEEDED, count - i, "GPFIFO entries");
            return;
        }
        *p = (mw_pending){.entry = entries[i], .offset = i == from ? offset : 0, .index = (uint32_t)i};
    }
}

/* Holds back host words [from, count) (a copy). */
static void hold_words(mw_frontend *fe, const uint32_t *words, size_t count, size_t from)
{
    const size_t n = count - from;
    if (!n)
        return;
    if (n > MW_MAX_PENDING_WORDS - fe->pending_words) {
        dropped(fe, GLHLE_RESULT_LIMIT_EXCEEDED, n, "host words");
        return;
    }
    uint32_t *copy = malloc(n * sizeof *copy);
    mw_pending *p = copy ? hold_slot(fe) : NULL;
    if (!p) {
        free(copy);
        dropped(fe, copy ? GLHLE_RESULT_LIMIT_EXCEEDED : GLHLE_RESULT_OUT_OF_MEMORY, n, "host words");
        return;
    }
    memcpy(copy, words + from, n * sizeof *copy);
    *p = (mw_pending){.words = copy, .count = (uint32_t)n};
    fe->pending_words += n;
}

/* The pusher stopped: a wait (true) or an error that ends the submission. */
static bool stopped(const mw_frontend *fe)
{
    return fe->wait.active || fe->run.res.stopped_on_error;
}

/* GP_ENTRY1 with LENGTH 0: a control entry. False for ILLEGAL. */
static bool control_entry(mw_frontend *fe, uint32_t e1)
{
    const uint32_t op = e1 & 0xFF;
    if (op == 0)
        return true;
    if (op == 1) {
        mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_ERROR,
                   "GPFIFO control entry ILLEGAL (0x%08x); the submission stops", e1);
        fe->run.res.stopped_on_error = true;
        return false;
    }
    mw_problem(fe, GLHLE_RESULT_OK, GLHLE_LOG_DEBUG, "GPFIFO control entry %s (opcode %u): CRC checks are not "
               "modelled; skipped", op == 2 ? "GP_CRC" : op == 3 ? "PB_CRC" : "unknown", op);
    return true;
}

/* Runs one GPFIFO entry from word `from`; *next gets the word to resume at
 * when the pusher stops on a wait. */
static void run_entry(mw_frontend *fe, uint64_t entry, uint32_t index, uint32_t from, uint32_t *next)
{
    const uint32_t e0 = (uint32_t)entry, e1 = (uint32_t)(entry >> 32);
    const uint64_t va = ((uint64_t)(e1 & 0xFF) << 32) | (e0 & ~3u);
    const uint32_t len = (e1 >> 10) & 0x1FFFFF;
    mw_location *loc = &fe->run.loc;
    memset(loc, 0, sizeof *loc);
    loc->entry = index;
    loc->segment_va = va;
    if (from == 0)
        fe->run.res.entries++;
    if (!len) {
        control_entry(fe, e1);
        return;
    }
    if (!mw_as_mapped(fe->as, va, (uint64_t)len * 4)) {
        fe->run.res.faults++;
        fe->run.res.last_fault_va = va;
        fe->run.res.last_fault_class = GLHLE_MAXWELL_CLASS_HOST;
        mw_problem(fe, GLHLE_RESULT_OUT_OF_BOUNDS, GLHLE_LOG_ERROR,
                   "pushbuffer at GPU 0x%010llx, %u words, is not all mapped; the submission stops",
                   (unsigned long long)va, len);
        fe->run.res.stopped_on_error = true;
        return;
    }
    /* Walk the segment mapping by mapping: a pushbuffer may span adjacent
     * mappings. */
    uint32_t done = from;
    while (done < len) {
        uint64_t avail;
        const uint8_t *p = mw_as_span(fe->as, va + (uint64_t)done * 4, &avail);
        uint64_t n = avail / 4;
        uint8_t w[4];
        if (n == 0) { /* a word straddles two mappings: copy it */
            mw_as_read(fe->as, va + (uint64_t)done * 4, w, 4);
            p = w;
            n = 1;
        }
        if (n > len - done)
            n = len - done;
        const bool go_on = mw_pushbuf_run(fe, p, (uint32_t)n, done);
        done = fe->run.next_offset;
        if (!go_on)
            break;
    }
    *next = done;
}

/* Runs host words from `from`; *next as run_entry's. */
static void run_words(mw_frontend *fe, const uint32_t *words, size_t count, size_t from, uint32_t *next)
{
    mw_location *loc = &fe->run.loc;
    memset(loc, 0, sizeof *loc);
    loc->host_words = true;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    /* the parser reads little-endian bytes; host words are native */
    size_t i = from;
    for (; i < count; i++) {
        uint8_t b[4] = {(uint8_t)words[i], (uint8_t)(words[i] >> 8), (uint8_t)(words[i] >> 16),
                        (uint8_t)(words[i] >> 24)};
        if (!mw_pushbuf_run(fe, b, 1, (uint32_t)i)) {
            i++;
            break;
        }
    }
    *next = (uint32_t)i;
#else
    mw_pushbuf_run(fe, (const uint8_t *)(words + from), (uint32_t)(count - from), (uint32_t)from);
    *next = fe->run.next_offset;
#endif
}

/* Runs the held-back work; false when it stops again (what is left stays
 * held, in order). */
static bool run_pending(mw_frontend *fe)
{
    uint32_t i = 0;
    for (; i < fe->pending_count; i++) {
        mw_pending *p = &fe->pending[i];
        uint32_t next = 0;
        if (p->words)
            run_words(fe, p->words, p->count, p->offset, &next);
        else
            run_entry(fe, p->entry, p->index, p->offset, &next);
        if (fe->wait.active) {
            const bool rest = p->words ? next < p->count : next < ((uint32_t)(p->entry >> 42) & 0x1FFFFF);
            if (rest) {
                p->offset = next;
            } else { /* the acquire was the item's last word */
                fe->pending_words -= p->words ? p->count : 0;
                free(p->words);
                i++;
            }
            break;
        }
        fe->pending_words -= p->words ? p->count : 0;
        free(p->words);
        p->words = NULL;
        if (fe->run.res.stopped_on_error) {
            i++;
            break;
        }
    }
    if (i) {
        memmove(fe->pending, fe->pending + i, (size_t)(fe->pending_count - i) * sizeof *fe->pending);
        fe->pending_count -= i;
    }
    if (fe->run.res.stopped_on_error && fe->pending_count) {
        mw_problem(fe, GLHLE_RESULT_OK, GLHLE_LOG_WARN, "%u held-back items of the stopped stream are dropped",
                   fe->pending_count);
        mw_pending_clear(fe);
    }
    return !stopped(fe);
}

static void submit(mw_frontend *fe, const uint64_t *entries, const uint32_t *words, size_t count)
{
    if ((!wait_over(fe) || !run_pending(fe)) && !fe->run.res.stopped_on_error) {
        /* still waiting: all of this submission's work is held back */
        if (entries)
            hold_entries(fe, entries, count, 0, 0);
        else if (words)
            hold_words(fe, words, count, 0);
        return;
    }
    if (fe->run.res.stopped_on_error)
        return;
    if (words) {
        uint32_t next = 0;
        run_words(fe, words, count, 0, &next);
        if (fe->wait.active)
            hold_words(fe, words, count, next);
        return;
    }
    for (size_t i = 0; i < count && entries; i++) {
        uint32_t next = 0;
        run_entry(fe, entries[i], (uint32_t)i, 0, &next);
        if (fe->wait.active) {
            const uint32_t len = (uint32_t)(entries[i] >> 42) & 0x1FFFFF;
            if (next < len)
                hold_entries(fe, entries, count, i, next);
            else
                hold_entries(fe, entries, count, i + 1, 0);
            return;
        }
        if (fe->run.res.stopped_on_error)
            return;
    }
}

void mw_frontend_submit(mw_frontend *fe, const uint64_t *entries, const uint32_t *words, size_t count)
{
    submit(fe, entries, words, count);
    /* the core may read or map memory before the next submission: a
     * transfer the renderer took is in its surface by then */
    mw_i2m_settle(fe, -1);
}
