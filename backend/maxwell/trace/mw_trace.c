/* Maxwell traces: the recorder and the player (mw_trace.h has the layout). */
#include "backend/maxwell/trace/mw_trace.h"

#include <stdlib.h>
#include <string.h>

#define MAX_GPFIFO_ENTRIES (TRACE_MAX_PAYLOAD / 8u)
#define MAX_WORDS (TRACE_MAX_PAYLOAD / 4u)
#define MEMORY_PIECE (TRACE_MAX_PAYLOAD - 8u) /* bytes of one MEMORY chunk */

static const char *const type_names[] = {
    [MW_TRACE_MAP] = "MAP",         [MW_TRACE_UNMAP] = "UNMAP",           [MW_TRACE_MEMORY] = "MEMORY",
    [MW_TRACE_GPFIFO] = "GPFIFO",   [MW_TRACE_WORDS] = "WORDS",           [MW_TRACE_TIMESTAMP] = "TIMESTAMP",
    [MW_TRACE_WRITE] = "WRITE",     [MW_TRACE_FLUSH] = "FLUSH",           [MW_TRACE_INVALIDATE] = "INVALIDATE",
    [MW_TRACE_PRESENT] = "PRESENT", [MW_TRACE_END] = "END",
};

const trace_type_names mw_trace_names = {type_names, sizeof type_names / sizeof type_names[0]};

/* ---- the recorder ------------------------------------------------------------ */

/* The recorder's copy of one mapping as the core last left it. */
typedef struct shadow {
    uint64_t va, size;
    const uint8_t *host;
    uint8_t *copy;
    bool seen;
} shadow;

struct glhle_maxwell_recorder {
    trace_writer w;
    glhle_logger log;
    bool to_file, attached, finished;
    mw_call_observer *slot; /* the instance's; NULL when not attached or the instance is gone */
    shadow *sh;
    uint32_t nsh, cap;
    uint64_t shadow_bytes;
    uint64_t gpu_writes;
    uint32_t presents;
    bool aliasing_noted;
};

glhle_result glhle_maxwell_recorder_create(const glhle_maxwell_recorder_desc *desc, glhle_maxwell_recorder **out)
{
    if (!out)
        return GLHLE_FAIL(NULL, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell trace: glhle_maxwell_recorder_create needs an out pointer");
    *out = NULL;
    glhle_maxwell_recorder_desc d = {0};
    if (desc)
        d = *desc;
    glhle_maxwell_recorder *rec = calloc(1, sizeof *rec);
    if (!rec)
        return GLHLE_FAIL(NULL, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell trace: no memory for a recorder");
    rec->log = (glhle_logger){NULL, NULL, GLHLE_LOG_WARN};
    rec->to_file = d.path != NULL;
    glhle_result r = trace_writer_open(&rec->w, d.path, d.max_bytes, TRACE_SYSTEM_MAXWELL, &rec->log);
    if (r == GLHLE_RESULT_OK && d.comment)
        trace_put(&rec->w, TRACE_COMMENT, d.comment, strlen(d.comment), NULL, 0);
    if (r != GLHLE_RESULT_OK) {
        trace_writer_free(&rec->w);
        free(rec);
        return r;
    }
    *out = rec;
    return GLHLE_RESULT_OK;
}

static void put_range(glhle_maxwell_recorder *rec, uint32_t type, uint64_t va, uint64_t size)
{
    uint8_t p[16];
    trace_wr64(p, va);
    trace_wr64(p + 8, size);
    trace_put(&rec->w, type, p, sizeof p, NULL, 0);
}

static void put_memory(glhle_maxwell_recorder *rec, uint32_t type, uint64_t va, const uint8_t *bytes, uint64_t n)
{
    while (n) {
        const uint32_t piece = n > MEMORY_PIECE ? MEMORY_PIECE : (uint32_t)n;
        uint8_t head[8];
        trace_wr64(head, va);
        trace_put(&rec->w, type, head, sizeof head, bytes, piece);
        va += piece;
        bytes += piece;
        n -= piece;
    }
}

static shadow *find_shadow(glhle_maxwell_recorder *rec, const mw_mapping *m)
{
    for (uint32_t i = 0; i < rec->nsh; i++)
        if (rec->sh[i].va == m->va && rec->sh[i].size == m->size && rec->sh[i].host == m->host)
            return &rec->sh[i];
    return NULL;
}

static void note_aliases(glhle_maxwell_recorder *rec, const mw_address_space *as)
{
    if (rec->aliasing_noted)
        return;
    for (uint32_t i = 0; i < as->count; i++)
        for (uint32_t j = i + 1; j < as->count; j++) {
            const mw_mapping *a = &as->maps[i], *b = &as->maps[j];
            if (a->host < b->host + b->size && b->host < a->host + a->size) {
                GLHLE_WARN(&rec->log, "maxwell trace: GPU 0x%010llx and 0x%010llx map the same host bytes; a replay "
                           "gives each mapping memory of its own", (unsigned long long)a->va,
                           (unsigned long long)b->va);
                rec->aliasing_noted = true;
                return;
            }
        }
}

/* Records the pages of every mapping the core changed since the last
 * call; a mapping seen for the first time is recorded whole. */
static void sync_memory(glhle_maxwell_recorder *rec, const mw_address_space *as)
{
    for (uint32_t i = 0; i < rec->nsh; i++)
        rec->sh[i].seen = false;
    for (uint32_t i = 0; i < as->count && rec->w.error == GLHLE_RESULT_OK; i++) {
        const mw_mapping *m = &as->maps[i];
        shadow *s = find_shadow(rec, m);
        if (!s) {
            if (rec->shadow_bytes + m->size > MW_TRACE_MAX_MAPPED) {
                rec->w.error = GLHLE_FAIL(&rec->log, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell trace: more than %llu "
                                          "bytes mapped; recording stops", (unsigned long long)MW_TRACE_MAX_MAPPED);
                return;
            }
            if (rec->nsh == rec->cap) {
                const uint32_t cap = rec->cap ? rec->cap * 2 : 16;
                shadow *n = realloc(rec->sh, cap * sizeof *n);
                if (!n) {
                    rec->w.error = GLHLE_FAIL(&rec->log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell trace: no memory");
                    return;
                }
                rec->sh = n;
                rec->cap = cap;
            }
            /* a replay's new mapping starts zeroed: only the pages that are
             * not are recorded, by the comparison below */
            s = &rec->sh[rec->nsh];
            *s = (shadow){m->va, m->size, m->host, calloc(1, m->size), true};
            if (!s->copy) {
                rec->w.error = GLHLE_FAIL(&rec->log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell trace: no memory to copy "
                                          "a %llu-byte mapping", (unsigned long long)m->size);
                return;
            }
            rec->nsh++;
            rec->shadow_bytes += m->size;
        }
        s->seen = true;
        uint64_t run = UINT64_MAX;
        for (uint64_t p = 0; p <= m->size; p += MW_TRACE_PAGE) {
            const uint64_t n = p < m->size ? (m->size - p < MW_TRACE_PAGE ? m->size - p : MW_TRACE_PAGE) : 0;
            const bool changed = n && memcmp(m->host + p, s->copy + p, n) != 0;
            if (changed && run == UINT64_MAX)
                run = p;
            if (!changed && run != UINT64_MAX) {
                memcpy(s->copy + run, m->host + run, p - run);
                put_memory(rec, MW_TRACE_MEMORY, m->va + run, m->host + run, p - run);
                run = UINT64_MAX;
            }
            if (!n)
                break;
        }
        if (run != UINT64_MAX) {
            memcpy(s->copy + run, m->host + run, m->size - run);
            put_memory(rec, MW_TRACE_MEMORY, m->va + run, m->host + run, m->size - run);
        }
    }
    /* mappings gone since */
    for (uint32_t i = 0; i < rec->nsh;) {
        if (rec->sh[i].seen) {
            i++;
            continue;
        }
        rec->shadow_bytes -= rec->sh[i].size;
        free(rec->sh[i].copy);
        rec->sh[i] = rec->sh[--rec->nsh];
    }
}

static void on_call(void *user, const mw_address_space *as, const mw_call *c)
{
    glhle_maxwell_recorder *rec = user;
    if (rec->w.error != GLHLE_RESULT_OK)
        return;
    uint8_t p[MW_TRACE_PRESENT_SIZE];
    switch (c->kind) {
    case MW_CALL_MAP:
        trace_wr64(p, c->va);
        trace_wr64(p + 8, c->size);
        trace_wr32(p + 16, c->mem_kind);
        trace_put(&rec->w, MW_TRACE_MAP, p, 20, NULL, 0);
        return;
    case MW_CALL_UNMAP:
        put_range(rec, MW_TRACE_UNMAP, c->va, c->size);
        return;
    case MW_CALL_TIMESTAMP:
        trace_wr64(p, c->va);
        trace_put(&rec->w, MW_TRACE_TIMESTAMP, p, 8, NULL, 0);
        return;
    default:
        break;
    }
    note_aliases(rec, as);
    sync_memory(rec, as);
    switch (c->kind) {
    case MW_CALL_WRITE:
        if (c->size > MEMORY_PIECE) {
            rec->w.error = GLHLE_FAIL(&rec->log, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell trace: a %llu-byte write is "
                                      "more than one chunk holds; recording stops", (unsigned long long)c->size);
            return;
        }
        put_memory(rec, MW_TRACE_WRITE, c->va, c->data, c->size);
        return;
    case MW_CALL_GPFIFO:
    case MW_CALL_WORDS: {
        const bool gp = c->kind == MW_CALL_GPFIFO;
        if (c->count > (gp ? MAX_GPFIFO_ENTRIES : MAX_WORDS)) {
            rec->w.error = GLHLE_FAIL(&rec->log, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell trace: a submission of %zu "
                                      "%s is more than one chunk holds; recording stops", c->count,
                                      gp ? "GPFIFO entries" : "words");
            return;
        }
        const size_t unit = gp ? 8 : 4;
        if (!trace_begin(&rec->w, gp ? MW_TRACE_GPFIFO : MW_TRACE_WORDS, (uint32_t)(c->count * unit)))
            return;
        for (size_t i = 0; i < c->count; i++) {
            uint8_t le[8];
            if (gp)
                trace_wr64(le, ((const uint64_t *)c->data)[i]);
            else
                trace_wr32(le, ((const uint32_t *)c->data)[i]);
            trace_write(&rec->w, le, unit);
        }
        trace_end(&rec->w);
        return;
    }
    case MW_CALL_FLUSH:
    case MW_CALL_INVALIDATE:
        put_range(rec, c->kind == MW_CALL_FLUSH ? MW_TRACE_FLUSH : MW_TRACE_INVALIDATE, c->va, c->size);
        return;
    case MW_CALL_PRESENT: {
        const glhle_maxwell_present_desc *d = c->present;
        memset(p, 0, sizeof p);
        trace_wr64(p, d->surface.va);
        trace_wr32(p + 8, d->surface.format);
        trace_wr32(p + 12, d->surface.width);
        trace_wr32(p + 16, d->surface.height);
        trace_wr32(p + 20, (d->surface.pitch ? 1u : 0u) | (d->flip_y ? 2u : 0u) | d->surface.aa_mode << 4);
        trace_wr32(p + 24, d->surface.pitch_bytes);
        trace_wr32(p + 28, d->surface.block_height_log2);
        trace_wr32(p + 32, d->crop_x);
        trace_wr32(p + 36, d->crop_y);
        trace_wr32(p + 40, d->crop_width);
        trace_wr32(p + 44, d->crop_height);
        trace_put(&rec->w, MW_TRACE_PRESENT, p, sizeof p, NULL, 0);
        rec->presents++;
        return;
    }
    default:
        return;
    }
}

/* What the GPU wrote is not the core's: take it into the copies. */
static void on_after(void *user, const mw_address_space *as, uint64_t gpu_writes)
{
    glhle_maxwell_recorder *rec = user;
    if (gpu_writes == rec->gpu_writes)
        return;
    rec->gpu_writes = gpu_writes;
    for (uint32_t i = 0; i < as->count; i++) {
        shadow *s = find_shadow(rec, &as->maps[i]);
        if (s)
            memcpy(s->copy, s->host, s->size);
    }
}

static void on_detach(void *user)
{
    glhle_maxwell_recorder *rec = user;
    rec->slot = NULL;
}

glhle_result mw_trace_recorder_attach(glhle_maxwell_recorder *rec, const mw_trace_attach *at)
{
    if (rec->attached || rec->finished)
        return GLHLE_FAIL(at->log, GLHLE_RESULT_INVALID_ARGUMENT, "maxwell trace: this recorder was attached before");
    if (at->slot->call)
        return GLHLE_FAIL(at->log, GLHLE_RESULT_INVALID_ARGUMENT, "maxwell trace: the instance has a recorder");
    if (at->submitted)
        return GLHLE_FAIL(at->log, GLHLE_RESULT_INVALID_ARGUMENT, "maxwell trace: the instance has submitted work; "
                          "its register and macro state are not recorded, so attach before the first submission");
    rec->log = *at->log;
    rec->attached = true;
    rec->gpu_writes = at->gpu_writes;
    rec->slot = at->slot;
    *at->slot = (mw_call_observer){on_call, on_after, on_detach, rec};
    for (uint32_t i = 0; i < at->as->count; i++) {
        const mw_mapping *m = &at->as->maps[i];
        const mw_call c = {.kind = MW_CALL_MAP, .va = m->va, .size = m->size, .mem_kind = m->kind};
        on_call(rec, at->as, &c);
    }
    return rec->w.error;
}

glhle_result glhle_maxwell_recorder_finish(glhle_maxwell_recorder *rec)
{
    if (!rec)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (rec->finished)
        return rec->w.error;
    rec->finished = true;
    if (rec->slot)
        memset(rec->slot, 0, sizeof *rec->slot);
    rec->slot = NULL;
    uint8_t end[4];
    trace_wr32(end, rec->presents);
    if (rec->w.error == GLHLE_RESULT_OK)
        trace_put(&rec->w, MW_TRACE_END, end, sizeof end, NULL, 0);
    for (uint32_t i = 0; i < rec->nsh; i++)
        free(rec->sh[i].copy);
    free(rec->sh);
    rec->sh = NULL;
    rec->nsh = rec->cap = 0;
    return trace_writer_close(&rec->w);
}

glhle_result glhle_maxwell_recorder_bytes(const glhle_maxwell_recorder *rec, const uint8_t **data, size_t *size)
{
    if (!rec || !data || !size)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!rec->finished)
        return GLHLE_FAIL(&rec->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell trace: the recorder's bytes are available after glhle_maxwell_recorder_finish");
    if (rec->to_file)
        return GLHLE_FAIL(&rec->log, GLHLE_RESULT_NOT_FOUND, "maxwell trace: this recorder wrote a file, not memory");
    *data = rec->w.mem.data;
    *size = rec->w.mem.size;
    return GLHLE_RESULT_OK;
}

void glhle_maxwell_recorder_destroy(glhle_maxwell_recorder *rec)
{
    if (!rec)
        return;
    glhle_maxwell_recorder_finish(rec);
    trace_writer_free(&rec->w);
    free(rec);
}

/* ---- the player ------------------------------------------------------------------- */

typedef struct region {
    uint64_t va, size;
    uint8_t *host;
} region;

typedef struct player {
    const glhle_maxwell_replay_desc *d;
    glhle_maxwell_replay_stats *st;
    glhle_maxwell *gpu;
    glhle_logger log;
    region *reg;
    uint32_t nreg, cap;
    uint64_t mapped;
    bool done;
} player;

#define AT(c) (unsigned long long)(c)->offset

static glhle_result bad(player *pl, const trace_chunk *c, const char *what)
{
    char nb[24];
    return GLHLE_FAIL(&pl->log, GLHLE_RESULT_BAD_DATA, "maxwell trace: offset 0x%llx: %s chunk (%u payload bytes): %s; "
                      "replay stops", AT(c), trace_type_name(&mw_trace_names, c->type, nb), c->size, what);
}

/* The memory the player mapped at [va, va + n): the newest region holding
 * all of it. */
static uint8_t *host_of(player *pl, uint64_t va, uint64_t n)
{
    for (uint32_t i = pl->nreg; i-- > 0;) {
        const region *r = &pl->reg[i];
        if (va >= r->va && n <= r->size && va - r->va <= r->size - n)
            return r->host + (va - r->va);
    }
    return NULL;
}

static glhle_result play_map(player *pl, const trace_chunk *c)
{
    if (c->size < 20)
        return bad(pl, c, "shorter than 20 bytes");
    const uint64_t va = trace_rd64(c->payload), size = trace_rd64(c->payload + 8);
    const uint32_t kind = trace_rd32(c->payload + 16);
    const uint64_t limit = pl->d->max_mapped_bytes ? pl->d->max_mapped_bytes : MW_TRACE_MAX_MAPPED;
    if (!size || pl->mapped > limit || size > limit - pl->mapped)
        return bad(pl, c, "a mapping of 0 bytes, or past what the replay may map");
    if (pl->nreg == pl->cap) {
        const uint32_t cap = pl->cap ? pl->cap * 2 : 16;
        region *n = realloc(pl->reg, cap * sizeof *n);
        if (!n)
            return GLHLE_FAIL(&pl->log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell trace: no memory");
        pl->reg = n;
        pl->cap = cap;
    }
    uint8_t *host = calloc(1, size);
    if (!host)
        return GLHLE_FAIL(&pl->log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell trace: no memory for a %llu-byte mapping",
                          (unsigned long long)size);
    if (glhle_maxwell_map(pl->gpu, va, host, size, (glhle_maxwell_kind)kind) != GLHLE_RESULT_OK) {
        free(host);
        return bad(pl, c, "the mapping was refused");
    }
    pl->reg[pl->nreg++] = (region){va, size, host};
    pl->mapped += size;
    return GLHLE_RESULT_OK;
}

static void count_problem(player *pl, glhle_result r)
{
    if (r != GLHLE_RESULT_OK)
        pl->st->problems++;
}

static glhle_result play_submit(player *pl, const trace_chunk *c)
{
    const bool gp = c->type == MW_TRACE_GPFIFO;
    const size_t unit = gp ? 8 : 4, n = c->size / unit;
    if (c->size % unit)
        return bad(pl, c, gp ? "not whole GPFIFO entries" : "not whole words");
    void *buf = malloc(n ? n * unit : 1);
    if (!buf)
        return GLHLE_FAIL(&pl->log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell trace: no memory for a submission");
    for (size_t i = 0; i < n; i++) {
        if (gp)
            ((uint64_t *)buf)[i] = trace_rd64(c->payload + i * 8);
        else
            ((uint32_t *)buf)[i] = trace_rd32(c->payload + i * 4);
    }
    count_problem(pl, gp ? glhle_maxwell_submit_gpfifo(pl->gpu, buf, n, NULL)
                         : glhle_maxwell_submit_words(pl->gpu, buf, n, NULL));
    free(buf);
    pl->st->submissions++;
    return GLHLE_RESULT_OK;
}

static glhle_result play_present(player *pl, const trace_chunk *c)
{
    if (c->size < MW_TRACE_PRESENT_SIZE)
        return bad(pl, c, "shorter than a present");
    const uint8_t *p = c->payload;
    glhle_maxwell_present_desc d = {0};
    d.surface.va = trace_rd64(p);
    d.surface.format = trace_rd32(p + 8);
    d.surface.width = trace_rd32(p + 12);
    d.surface.height = trace_rd32(p + 16);
    d.surface.pitch = trace_rd32(p + 20) & 1;
    d.flip_y = (trace_rd32(p + 20) >> 1) & 1;
    d.surface.aa_mode = trace_rd32(p + 20) >> 4;
    d.surface.pitch_bytes = trace_rd32(p + 24);
    d.surface.block_height_log2 = trace_rd32(p + 28);
    d.crop_x = trace_rd32(p + 32);
    d.crop_y = trace_rd32(p + 36);
    d.crop_width = trace_rd32(p + 40);
    d.crop_height = trace_rd32(p + 44);
    const uint32_t frame = pl->st->frames;
    if (pl->d->ctx)
        count_problem(pl, glhle_maxwell_present(pl->gpu, &d));
    pl->st->frames++;
    if (pl->d->on_frame) {
        glhle_result r = pl->d->on_frame(pl->d->user, pl->gpu, frame);
        if (r != GLHLE_RESULT_OK)
            return r;
    }
    if (pl->d->frames && pl->st->frames >= pl->d->frames)
        pl->done = true;
    return GLHLE_RESULT_OK;
}

static glhle_result play_chunk(player *pl, const trace_chunk *c)
{
    const uint8_t *p = c->payload;
    switch (c->type) {
    case MW_TRACE_MAP:
        return play_map(pl, c);
    case MW_TRACE_UNMAP:
    case MW_TRACE_FLUSH:
    case MW_TRACE_INVALIDATE: {
        if (c->size < 16)
            return bad(pl, c, "shorter than 16 bytes");
        const uint64_t va = trace_rd64(p), size = trace_rd64(p + 8);
        if (c->type == MW_TRACE_UNMAP)
            glhle_maxwell_unmap(pl->gpu, va, size);
        else if (c->type == MW_TRACE_FLUSH)
            count_problem(pl, glhle_maxwell_flush(pl->gpu, va, size));
        else
            glhle_maxwell_invalidate(pl->gpu, va, size);
        return GLHLE_RESULT_OK;
    }
    case MW_TRACE_MEMORY:
    case MW_TRACE_WRITE: {
        if (c->size < 8)
            return bad(pl, c, "shorter than its address");
        const uint64_t va = trace_rd64(p), n = c->size - 8u;
        if (c->type == MW_TRACE_WRITE) {
            count_problem(pl, glhle_maxwell_write(pl->gpu, va, p + 8, n));
            return GLHLE_RESULT_OK;
        }
        uint8_t *host = host_of(pl, va, n);
        if (!host)
            return bad(pl, c, "its bytes are not inside one mapping");
        memcpy(host, p + 8, n);
        return GLHLE_RESULT_OK;
    }
    case MW_TRACE_GPFIFO:
    case MW_TRACE_WORDS:
        return play_submit(pl, c);
    case MW_TRACE_TIMESTAMP:
        if (c->size < 8)
            return bad(pl, c, "shorter than 8 bytes");
        glhle_maxwell_set_timestamp(pl->gpu, trace_rd64(p));
        return GLHLE_RESULT_OK;
    case MW_TRACE_PRESENT:
        return play_present(pl, c);
    case MW_TRACE_END:
        pl->done = true;
        pl->st->ended = true; /* the loop stops here */
        return GLHLE_RESULT_OK;
    default:
        if (c->type & TRACE_OPTIONAL)
            return GLHLE_RESULT_OK;
        return bad(pl, c, "a chunk type Maxwell traces do not have");
    }
}

glhle_result glhle_maxwell_trace_replay(const void *data, size_t size, const glhle_maxwell_replay_desc *desc,
                                        glhle_maxwell_replay_stats *stats)
{
    static const glhle_maxwell_replay_desc zero_desc;
    glhle_maxwell_replay_stats own;
    if (!stats)
        stats = &own;
    memset(stats, 0, sizeof *stats);
    if (!desc)
        desc = &zero_desc;
    player pl = {.d = desc, .st = stats};
    pl.log = (glhle_logger){desc->maxwell.log, desc->maxwell.log_user, desc->maxwell.log_level};
    if (!desc->maxwell.log)
        pl.log = (glhle_logger){NULL, NULL, GLHLE_LOG_WARN};
    if (!data && size)
        return GLHLE_FAIL(&pl.log, GLHLE_RESULT_INVALID_ARGUMENT, "maxwell trace: %zu bytes from NULL", size);
    trace_reader rd;
    glhle_result r = trace_reader_open(&rd, data, size, &pl.log);
    if (r != GLHLE_RESULT_OK)
        return r;
    rd.names = mw_trace_names;
    if (rd.system != TRACE_SYSTEM_MAXWELL)
        return GLHLE_FAIL(&pl.log, GLHLE_RESULT_BAD_DATA, "maxwell trace: offset 16: a %s trace (system %u), not a "
                          "Maxwell one", trace_system_name(rd.system) ? trace_system_name(rd.system) : "unknown",
                          rd.system);
    r = glhle_maxwell_create(desc->ctx, &desc->maxwell, &pl.gpu);
    while (r == GLHLE_RESULT_OK && !stats->ended) {
        trace_chunk c;
        r = trace_reader_next(&rd, &c);
        if (r == GLHLE_RESULT_NOT_FOUND) {
            r = GLHLE_RESULT_OK;
            break;
        }
        if (r != GLHLE_RESULT_OK)
            break;
        stats->chunks++;
        if (!pl.done)
            r = play_chunk(&pl, &c);
        else if (c.type == MW_TRACE_END) /* past the frames asked for: only checked, to find its end */
            stats->ended = true;
    }
    if (pl.gpu) {
        glhle_maxwell_get_shader_stats(pl.gpu, &stats->shaders);
        glhle_maxwell_get_render_stats(pl.gpu, &stats->render);
    }
    glhle_maxwell_destroy(pl.gpu);
    for (uint32_t i = 0; i < pl.nreg; i++)
        free(pl.reg[i].host);
    free(pl.reg);
    return r;
}
