/* Stage trace/: glhle traces of the PICA -- the recorder (a call observer,
 * trace_observer.h), the player, Citra .ctf conversion and the register
 * state as a command list. May call: surface/ (display-operation decoding),
 * frontend/, backend/common; the player and Citra converter use only the
 * public API (include/glhle/pica.h), as any client does. */
/* The trace recorder: turns the public calls of one PICA instance into
 * trace chunks (trace_format.h), and keeps per-page hashes of the mapped
 * guest memory to record what the core changed between calls. */
#include <stdlib.h>
#include <string.h>

#include "backend/pica/surface/display.h"
#include "backend/pica/trace/trace_format.h"
#include "backend/pica/trace/trace_record.h"
#include "backend/pica/trace/trace_state.h"

#define PAGE 4096u

typedef struct rec_mapping {
    uint32_t paddr;
    uint32_t size;
    const uint8_t *host;
    uint64_t *page_hash; /* one per 4 KiB page; the last page may be short */
} rec_mapping;

struct glhle_trace_recorder {
    trace_writer w;
    glhle_logger log;
    bool own_log;             /* desc.log given: keep it after attaching */
    bool to_file;
    bool invalidate_only;
    char *comment;
    pica_call_observer_slot *slot; /* the instance's; NULL when not attached */
    const pica_memory *mem;        /* the instance's guest memory */
    bool attached;            /* has been attached (once) */
    bool finished;
    uint32_t frames;
    uint64_t zero_page_hash;
    rec_mapping map[GLHLE_PICA_MAX_MAPPINGS];
    uint32_t map_count;
};

static const uint8_t zero_page[PAGE];

static void drop_log(void *user, const glhle_log_record *r)
{
    (void)user;
    (void)r;
}
/* for working out a call's output range again: the call has logged already */
static const glhle_logger quiet_log = {drop_log, NULL, GLHLE_LOG_ERROR};

glhle_result glhle_trace_recorder_create(const glhle_trace_recorder_desc *desc, glhle_trace_recorder **out)
{
    if (!out)
        return GLHLE_FAIL(NULL, GLHLE_RESULT_INVALID_ARGUMENT, "trace: glhle_trace_recorder_create needs an out pointer");
    *out = NULL;
    glhle_trace_recorder_desc d;
    memset(&d, 0, sizeof d);
    if (desc)
        d = *desc;
    glhle_trace_recorder *rec = calloc(1, sizeof *rec);
    if (!rec)
        return GLHLE_FAIL(NULL, GLHLE_RESULT_OUT_OF_MEMORY, "trace: no memory for a recorder");
    if (d.log) {
        rec->log = (glhle_logger){d.log, d.log_user, d.log_level};
        rec->own_log = true;
    } else {
        rec->log = (glhle_logger){NULL, NULL, GLHLE_LOG_WARN};
    }
    rec->invalidate_only = d.invalidate_only;
    rec->to_file = d.path != NULL;
    rec->zero_page_hash = glhle_hash64(zero_page, PAGE);
    if (d.comment) {
        rec->comment = strdup(d.comment);
        if (!rec->comment) {
            free(rec);
            return GLHLE_FAIL(NULL, GLHLE_RESULT_OUT_OF_MEMORY, "trace: no memory for the recorder's comment");
        }
    }
    glhle_result r = pica_trace_writer_open(&rec->w, d.path, d.max_bytes, &rec->log);
    if (r != GLHLE_RESULT_OK) {
        trace_writer_free(&rec->w);
        free(rec->comment);
        free(rec);
        return r;
    }
    if (rec->comment)
        trace_put(&rec->w, PICA_TRACE_COMMENT, rec->comment, strlen(rec->comment), NULL, 0);
    *out = rec;
    return GLHLE_RESULT_OK;
}

/* ---- guest memory -------------------------------------------------------------- */

static uint32_t page_count(uint32_t size)
{
    return (uint32_t)(((uint64_t)size + PAGE - 1) / PAGE);
}

static uint32_t page_bytes(const rec_mapping *m, uint32_t page)
{
    uint64_t left = (uint64_t)m->size - (uint64_t)page * PAGE;
    return left < PAGE ? (uint32_t)left : PAGE;
}

static bool page_is_zero(const glhle_trace_recorder *rec, const rec_mapping *m, uint32_t page, uint64_t hash)
{
    uint32_t n = page_bytes(m, page);
    if (n == PAGE && hash != rec->zero_page_hash)
        return false;
    return memcmp(m->host + (size_t)page * PAGE, zero_page, n) == 0;
}

/* MEMORY chunks for pages [first, end) of m, in pieces of at most
 * PICA_TRACE_MEMORY_PIECE bytes. */
static void record_pages(glhle_trace_recorder *rec, const rec_mapping *m, uint32_t first, uint32_t end)
{
    uint64_t off = (uint64_t)first * PAGE;
    uint64_t stop = (uint64_t)end * PAGE;
    if (stop > m->size)
        stop = m->size;
    while (off < stop) {
        uint64_t n = stop - off < PICA_TRACE_MEMORY_PIECE ? stop - off : PICA_TRACE_MEMORY_PIECE;
        uint8_t head[PICA_TRACE_MEMORY_SIZE];
        trace_wr32(head, m->paddr + (uint32_t)off);
        trace_put(&rec->w, PICA_TRACE_MEMORY, head, sizeof head, m->host + off, (size_t)n);
        off += n;
    }
}

/* Re-hashes pages [first, end) of m; with `record`, the pages whose hash
 * changed (or, with `nonzero`, that hold anything but zeros) are recorded. */
static void hash_pages(glhle_trace_recorder *rec, rec_mapping *m, uint32_t first, uint32_t end, bool record,
                       bool nonzero)
{
    uint32_t run = UINT32_MAX;
    for (uint32_t pg = first; pg < end; pg++) {
        uint64_t h = glhle_hash64(m->host + (size_t)pg * PAGE, page_bytes(m, pg));
        bool take = nonzero ? !page_is_zero(rec, m, pg, h) : h != m->page_hash[pg];
        m->page_hash[pg] = h;
        if (take && run == UINT32_MAX)
            run = pg;
        if (!take && run != UINT32_MAX) {
            if (record)
                record_pages(rec, m, run, pg);
            run = UINT32_MAX;
        }
    }
    if (run != UINT32_MAX && record)
        record_pages(rec, m, run, end);
}

static bool add_mapping(glhle_trace_recorder *rec, uint32_t paddr, const void *host, size_t size)
{
    if (rec->map_count == GLHLE_PICA_MAX_MAPPINGS)
        return false;
    rec_mapping *m = &rec->map[rec->map_count];
    m->page_hash = calloc(page_count((uint32_t)size), sizeof *m->page_hash);
    if (!m->page_hash) {
        rec->w.error = rec->w.error ? rec->w.error : GLHLE_RESULT_OUT_OF_MEMORY;
        GLHLE_ERROR(&rec->log, "trace: no memory for the page hashes of guest 0x%08x (%zu bytes); recording stops",
                    paddr, size);
        return false;
    }
    m->paddr = paddr;
    m->size = (uint32_t)size;
    m->host = host;
    rec->map_count++;
    uint8_t p[PICA_TRACE_MAP_SIZE];
    trace_wr32(p, paddr);
    trace_wr32(p + 4, (uint32_t)size);
    trace_put(&rec->w, PICA_TRACE_MAP, p, sizeof p, NULL, 0);
    hash_pages(rec, m, 0, page_count(m->size), true, true);
    return true;
}

static bool active(const glhle_trace_recorder *rec)
{
    return rec->slot && rec->w.error == GLHLE_RESULT_OK;
}

/* Records the pages the core changed since the last call. */
static void sync(glhle_trace_recorder *rec)
{
    if (!active(rec) || rec->invalidate_only)
        return;
    for (uint32_t i = 0; i < rec->map_count; i++)
        hash_pages(rec, &rec->map[i], 0, page_count(rec->map[i].size), true, false);
}

void pica_rec_absorb(glhle_trace_recorder *rec, uint32_t paddr, uint64_t size)
{
    if (!active(rec) || rec->invalidate_only || size == 0)
        return;
    uint64_t end = (uint64_t)paddr + size;
    for (uint32_t i = 0; i < rec->map_count; i++) {
        rec_mapping *m = &rec->map[i];
        uint64_t lo = paddr > m->paddr ? paddr : m->paddr;
        uint64_t hi = end < (uint64_t)m->paddr + m->size ? end : (uint64_t)m->paddr + m->size;
        if (lo >= hi)
            continue;
        hash_pages(rec, m, (uint32_t)((lo - m->paddr) / PAGE), (uint32_t)((hi - m->paddr + PAGE - 1) / PAGE), false,
                   false);
    }
}

/* MEMORY chunks for [paddr, paddr + size) as it is now, where mapped. */
static void record_range(glhle_trace_recorder *rec, uint32_t paddr, uint32_t size)
{
    uint64_t end = (uint64_t)paddr + size;
    for (uint32_t i = 0; i < rec->map_count; i++) {
        rec_mapping *m = &rec->map[i];
        uint64_t lo = paddr > m->paddr ? paddr : m->paddr;
        uint64_t hi = end < (uint64_t)m->paddr + m->size ? end : (uint64_t)m->paddr + m->size;
        for (uint64_t at = lo; at < hi;) {
            uint64_t n = hi - at < PICA_TRACE_MEMORY_PIECE ? hi - at : PICA_TRACE_MEMORY_PIECE;
            uint8_t head[PICA_TRACE_MEMORY_SIZE];
            trace_wr32(head, (uint32_t)at);
            trace_put(&rec->w, PICA_TRACE_MEMORY, head, sizeof head, m->host + (at - m->paddr), (size_t)n);
            at += n;
        }
    }
}

static void range_chunk(glhle_trace_recorder *rec, uint32_t type, uint32_t paddr, uint32_t size)
{
    uint8_t p[PICA_TRACE_RANGE_SIZE];
    trace_wr32(p, paddr);
    trace_wr32(p + 4, size);
    trace_put(&rec->w, type, p, sizeof p, NULL, 0);
}

/* ---- the wrapped calls ------------------------------------------------------------ */

static void outcome(uint8_t out[PICA_TRACE_OUTCOME_SIZE], glhle_result r, const glhle_pica_run_result *res)
{
    trace_wr32(out, (uint32_t)r);
    trace_wr32(out + 4, (res->finalized ? PICA_TRACE_OUTCOME_FINALIZED : 0u) |
                                 (res->stopped_on_error ? PICA_TRACE_OUTCOME_STOPPED : 0u));
    trace_wr32(out + 8, res->draws);
    trace_wr32(out + 12, res->problems);
}

static void host_list(glhle_trace_recorder *rec, const uint32_t *words, size_t count, uint32_t flags,
                      const uint8_t out[PICA_TRACE_OUTCOME_SIZE])
{
    if (count > (TRACE_MAX_PAYLOAD - PICA_TRACE_RUN_HOST_SIZE) / 4) {
        rec->w.error = GLHLE_RESULT_LIMIT_EXCEEDED;
        GLHLE_ERROR(&rec->log, "trace: a %zu-word host command list does not fit in a trace chunk (64 MiB); the "
                               "recording stops here and the trace is incomplete",
                    count);
        return;
    }
    uint8_t head[PICA_TRACE_RUN_HOST_SIZE];
    memcpy(head, out, PICA_TRACE_OUTCOME_SIZE);
    trace_wr32(head + PICA_TRACE_OUTCOME_SIZE, flags);
    if (!trace_begin(&rec->w, PICA_TRACE_RUN_HOST, (uint32_t)(sizeof head + count * 4)) ||
        !trace_write(&rec->w, head, sizeof head))
        return;
    uint8_t le[4096];
    for (size_t i = 0; i < count;) {
        size_t n = 0;
        for (; n < sizeof le / 4 && i < count; n++, i++)
            trace_wr32(le + n * 4, words[i]);
        if (!trace_write(&rec->w, le, n * 4))
            return;
    }
    trace_end(&rec->w);
}

/* The observer's two sides of each call (trace_observer.h). */
static void before(void *obs, const pica_call *c)
{
    glhle_trace_recorder *rec = obs;
    if (!active(rec))
        return;
    /* the range as the core left it: with the scan, every changed page
     * (the range's included); without it, the range itself */
    if (c->kind == PICA_CALL_INVALIDATE && rec->invalidate_only)
        record_range(rec, c->paddr, c->size);
    else if (c->kind != PICA_CALL_MAP_MEMORY)
        sync(rec); /* unmap: the core may have written the range just before unmapping it */
}

static void remove_mapping(glhle_trace_recorder *rec, uint32_t paddr)
{
    for (uint32_t i = 0; i < rec->map_count; i++) {
        if (rec->map[i].paddr != paddr)
            continue;
        free(rec->map[i].page_hash);
        memmove(&rec->map[i], &rec->map[i + 1], (rec->map_count - i - 1) * sizeof rec->map[0]);
        rec->map_count--;
        break;
    }
}

/* The output range of a display operation, as the call itself works it out
 * (display.h), taken in as glhle's writing. */
static void absorb_output(glhle_trace_recorder *rec, const pica_call *c)
{
    if (c->kind == PICA_CALL_FILL_MEMORY) {
        pica_fill_params fp;
        if (pica_fill_decode(c->fill, rec->mem, &quiet_log, &fp) == GLHLE_RESULT_OK)
            pica_rec_absorb(rec, fp.start, fp.end - fp.start);
        return;
    }
    pica_copy_params cp;
    pica_transfer_params tp;
    if (c->transfer->flags & 8) {
        if (pica_copy_decode(c->transfer, rec->mem, &quiet_log, &cp) == GLHLE_RESULT_OK)
            pica_rec_absorb(rec, cp.out_addr, cp.out_span);
    } else if (pica_transfer_decode(c->transfer, rec->mem, &quiet_log, &tp) == GLHLE_RESULT_OK) {
        pica_rec_absorb(rec, tp.out_addr, tp.dst_bytes);
    }
}

static void after(void *obs, const pica_call *c, glhle_result r)
{
    glhle_trace_recorder *rec = obs;
    if (!active(rec))
        return;
    switch (c->kind) {
    case PICA_CALL_MAP_MEMORY:
        if (r == GLHLE_RESULT_OK)
            add_mapping(rec, c->paddr, c->host, c->host_size);
        return;
    case PICA_CALL_UNMAP_MEMORY:
        if (r == GLHLE_RESULT_OK) {
            remove_mapping(rec, c->paddr);
            uint8_t u[PICA_TRACE_UNMAP_SIZE];
            trace_wr32(u, c->paddr);
            trace_put(&rec->w, PICA_TRACE_UNMAP, u, sizeof u, NULL, 0);
        }
        return;
    case PICA_CALL_RUN_CMDLIST:
        if (c->words || !c->word_count) { /* an argument error runs nothing: nothing to replay */
            uint8_t o[PICA_TRACE_OUTCOME_SIZE];
            outcome(o, r, c->res);
            host_list(rec, c->words, c->word_count, 0, o);
        }
        return;
    case PICA_CALL_RUN_GUEST: {
        uint8_t g[PICA_TRACE_RUN_GUEST_SIZE];
        outcome(g, r, c->res);
        trace_wr32(g + PICA_TRACE_OUTCOME_SIZE, c->paddr);
        trace_wr32(g + PICA_TRACE_OUTCOME_SIZE + 4, c->size);
        trace_put(&rec->w, PICA_TRACE_RUN_GUEST, g, sizeof g, NULL, 0);
        return;
    }
    case PICA_CALL_INVALIDATE:
        range_chunk(rec, PICA_TRACE_INVALIDATE, c->paddr, c->size);
        return;
    case PICA_CALL_FLUSH:
        range_chunk(rec, PICA_TRACE_FLUSH, c->paddr, c->size);
        pica_rec_absorb(rec, c->paddr, c->size); /* the surfaces written back */
        return;
    case PICA_CALL_FILL_MEMORY: {
        uint8_t f[PICA_TRACE_MEMORY_FILL_SIZE];
        pica_trace_encode_fill(c->fill, f);
        trace_put(&rec->w, PICA_TRACE_MEMORY_FILL, f, sizeof f, NULL, 0);
        if (r == GLHLE_RESULT_OK)
            absorb_output(rec, c);
        return;
    }
    case PICA_CALL_TRANSFER: {
        uint8_t t[PICA_TRACE_DISPLAY_TRANSFER_SIZE];
        pica_trace_encode_transfer(c->transfer, t);
        trace_put(&rec->w, PICA_TRACE_DISPLAY_TRANSFER, t, sizeof t, NULL, 0);
        if (r == GLHLE_RESULT_OK)
            absorb_output(rec, c);
        return;
    }
    case PICA_CALL_PRESENT: {
        uint8_t f[PICA_TRACE_PRESENT_SIZE];
        pica_trace_encode_present(rec->frames++, c->present, f);
        trace_put(&rec->w, PICA_TRACE_PRESENT, f, sizeof f, NULL, 0);
        return;
    }
    }
}

static void detach(void *obs);

static const pica_call_observer_vt recorder_vt = {before, after, detach};

/* ---- attach, finish --------------------------------------------------------------- */

static void free_mappings(glhle_trace_recorder *rec)
{
    for (uint32_t i = 0; i < rec->map_count; i++)
        free(rec->map[i].page_hash);
    rec->map_count = 0;
}

static void detach(void *obs)
{
    glhle_trace_recorder *rec = obs;
    if (!rec->slot)
        return;
    rec->slot->vt = NULL;
    rec->slot->obs = NULL;
    rec->slot = NULL;
    rec->mem = NULL;
    free_mappings(rec);
}

glhle_result pica_rec_attach(glhle_trace_recorder *rec, const pica_rec_instance *inst, pica_call_observer_slot *slot)
{
    if (rec->attached || rec->finished)
        return GLHLE_FAIL(&rec->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "trace: this recorder has already recorded an instance; create a new one");
    if (slot->vt)
        return GLHLE_FAIL(&rec->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "trace: the instance already has a recorder attached; not attached");
    if (inst->running)
        return GLHLE_FAIL(&rec->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "trace: cannot attach from inside a command-list run; not attached");
    if (rec->w.error != GLHLE_RESULT_OK)
        return rec->w.error;
    if (!rec->own_log)
        rec->log = inst->log;
    rec->attached = true;
    rec->slot = slot;
    rec->mem = inst->mem;
    slot->vt = &recorder_vt;
    slot->obs = rec;

    uint8_t head[PICA_TRACE_INSTANCE_STEPS_SIZE];
    trace_wr64(head, inst->max_words);
    trace_wr32(head + 8, inst->max_logged);
    trace_wr32(head + 12, inst->resolution_scale);
    trace_wr64(head + 16, inst->max_steps);
    /* the default budget needs no field (a 16-byte INSTANCE replays with
     * it), so traces recorded with the defaults stay those of before */
    trace_put(&rec->w, PICA_TRACE_INSTANCE, head,
              inst->max_steps == GLHLE_PICA_DEFAULT_SHADER_STEPS ? PICA_TRACE_INSTANCE_SIZE : sizeof head, NULL, 0);

    for (uint32_t i = 0; i < inst->mem->count; i++) {
        const pica_mapping *m = &inst->mem->map[i];
        if (!add_mapping(rec, m->paddr, m->host, m->size))
            break;
    }

    /* state left by earlier command lists, as a list that restores it */
    glhle_bytebuf list;
    glhle_bytebuf_init(&list, (size_t)(TRACE_MAX_PAYLOAD - PICA_TRACE_RUN_HOST_SIZE));
    long words = pica_state_cmdlist(inst->regs->r, &inst->regs->state, &list);
    if (words < 0) {
        rec->w.error = GLHLE_RESULT_OUT_OF_MEMORY;
        GLHLE_ERROR(&rec->log, "trace: no memory for the instance's state; recording stops");
    } else if (words > 0) {
        uint8_t out[PICA_TRACE_OUTCOME_SIZE];
        memset(out, 0, sizeof out);
        host_list(rec, (const uint32_t *)list.data, (size_t)words, PICA_TRACE_RUN_STATE, out);
    }
    glhle_bytebuf_free(&list);
    return rec->w.error;
}

glhle_result glhle_trace_recorder_finish(glhle_trace_recorder *rec)
{
    if (!rec)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (rec->finished)
        return rec->w.error;
    sync(rec); /* what the core wrote after the last call */
    detach(rec);
    rec->finished = true;
    uint8_t end[PICA_TRACE_END_SIZE];
    trace_wr32(end, rec->w.chunks);
    trace_wr32(end + 4, rec->frames);
    trace_put(&rec->w, PICA_TRACE_END, end, sizeof end, NULL, 0);
    return trace_writer_close(&rec->w);
}

glhle_result glhle_trace_recorder_bytes(const glhle_trace_recorder *rec, const uint8_t **data, size_t *size)
{
    if (!rec || !data || !size)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    *data = NULL;
    *size = 0;
    if (!rec->finished)
        return GLHLE_FAIL(&rec->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "trace: the recorder's bytes are available after glhle_trace_recorder_finish");
    if (rec->to_file)
        return GLHLE_FAIL(&rec->log, GLHLE_RESULT_NOT_FOUND, "trace: this recorder wrote a file, not memory");
    *data = rec->w.mem.data;
    *size = rec->w.mem.size;
    return GLHLE_RESULT_OK;
}

void glhle_trace_recorder_destroy(glhle_trace_recorder *rec)
{
    if (!rec)
        return;
    glhle_trace_recorder_finish(rec);
    trace_writer_free(&rec->w);
    free(rec->comment);
    free(rec);
}
