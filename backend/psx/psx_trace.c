/* PlayStation traces: the recorder (a call observer of one glhle_psx) and
 * the player (psx_trace.h has the chunk layout). */
#include "backend/psx/psx_trace.h"

#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/psx/gpu.h"
#include "backend/psx/psx_state.h"

#define PENDING_WORDS 16384u /* GP0/GP1/GPUREAD words gathered into one chunk */
#define MAX_CHUNK_WORDS ((TRACE_MAX_PAYLOAD) / 4u)

static const char *const type_names[] = {
    [PSX_TRACE_STATE] = "STATE",
    [PSX_TRACE_VRAM] = "VRAM",
    [PSX_TRACE_GP0] = "GP0",
    [PSX_TRACE_GP1] = "GP1",
    [PSX_TRACE_GPUREAD] = "GPUREAD",
    [PSX_TRACE_WRITE_VRAM] = "WRITE_VRAM",
    [PSX_TRACE_READ_VRAM] = "READ_VRAM",
    [PSX_TRACE_END_STREAM] = "END_STREAM",
    [PSX_TRACE_VSYNC] = "VSYNC",
    [PSX_TRACE_END] = "END",
    [PSX_TRACE_READBACK] = "READBACK",
};

const trace_type_names psx_trace_names = {type_names, sizeof type_names / sizeof type_names[0]};

glhle_result psx_trace_reader_open(trace_reader *r, const void *data, size_t size, const glhle_logger *lg)
{
    glhle_result res = trace_reader_open(r, data, size, lg);
    if (res != GLHLE_RESULT_OK)
        return res;
    r->names = psx_trace_names;
    if (r->system != TRACE_SYSTEM_PSX)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "trace: offset 16: a %s trace (system %u), not a PlayStation one",
                          trace_system_name(r->system), r->system);
    return GLHLE_RESULT_OK;
}

/* ---- the recorder ------------------------------------------------------------------ */

struct glhle_psx_recorder {
    trace_writer w;
    glhle_logger log;
    bool own_log;
    bool to_file;
    bool attached, finished;
    psx_call_observer_slot *slot; /* the instance's; NULL when not attached */
    uint32_t frames;
    /* calls of one kind gathered into one chunk */
    uint32_t pending_type;        /* 0: none */
    uint32_t pending_count;
    uint8_t *pending;             /* PENDING_WORDS little-endian words */
    uint8_t *rows;                /* scratch: one VRAM's worth of little-endian halfwords */
};

glhle_result glhle_psx_recorder_create(const glhle_psx_recorder_desc *desc, glhle_psx_recorder **out)
{
    if (!out)
        return GLHLE_FAIL(NULL, GLHLE_RESULT_INVALID_ARGUMENT, "psx trace: glhle_psx_recorder_create needs an out pointer");
    *out = NULL;
    glhle_psx_recorder_desc d;
    memset(&d, 0, sizeof d);
    if (desc)
        d = *desc;
    glhle_psx_recorder *rec = calloc(1, sizeof *rec);
    if (rec) {
        rec->pending = malloc((size_t)PENDING_WORDS * 4);
        rec->rows = malloc(PSX_TRACE_VRAM_SIZE);
    }
    if (!rec || !rec->pending || !rec->rows) {
        if (rec) {
            free(rec->pending);
            free(rec->rows);
        }
        free(rec);
        return GLHLE_FAIL(NULL, GLHLE_RESULT_OUT_OF_MEMORY, "psx trace: no memory for a recorder");
    }
    if (d.log) {
        rec->log = (glhle_logger){d.log, d.log_user, d.log_level};
        rec->own_log = true;
    } else {
        rec->log = (glhle_logger){NULL, NULL, GLHLE_LOG_WARN};
    }
    rec->to_file = d.path != NULL;
    glhle_result r = trace_writer_open(&rec->w, d.path, d.max_bytes, TRACE_SYSTEM_PSX, &rec->log);
    if (r == GLHLE_RESULT_OK && d.comment)
        trace_put(&rec->w, TRACE_COMMENT, d.comment, strlen(d.comment), NULL, 0);
    if (r != GLHLE_RESULT_OK) {
        glhle_psx_recorder_destroy(rec);
        return r;
    }
    *out = rec;
    return GLHLE_RESULT_OK;
}

static void flush_pending(glhle_psx_recorder *rec)
{
    if (rec->pending_type && rec->pending_count)
        trace_put(&rec->w, rec->pending_type, rec->pending, (size_t)rec->pending_count * 4, NULL, 0);
    rec->pending_type = 0;
    rec->pending_count = 0;
}

static void add_words(glhle_psx_recorder *rec, uint32_t type, const uint32_t *words, size_t count)
{
    if (rec->pending_type != type)
        flush_pending(rec);
    rec->pending_type = type;
    for (size_t i = 0; i < count; i++) {
        if (rec->pending_count == PENDING_WORDS) {
            flush_pending(rec);
            rec->pending_type = type;
        }
        trace_wr32(rec->pending + (size_t)rec->pending_count++ * 4, words[i]);
    }
}

/* w x h halfwords as little-endian bytes in rec->rows */
static size_t pack_rows(glhle_psx_recorder *rec, const uint16_t *px, uint32_t w, uint32_t h)
{
    size_t n = (size_t)w * h;
    for (size_t i = 0; i < n; i++)
        trace_wr16(rec->rows + i * 2, px[i]);
    return n * 2;
}

static void rect_head(uint8_t *p, const psx_call *c)
{
    trace_wr32(p, c->x);
    trace_wr32(p + 4, c->y);
    trace_wr32(p + 8, c->w);
    trace_wr32(p + 12, c->h);
}

static void after(void *obs, const psx_call *c, glhle_result r)
{
    glhle_psx_recorder *rec = obs;
    if (rec->w.error != GLHLE_RESULT_OK)
        return;
    switch (c->kind) {
    case PSX_CALL_GP0:
        add_words(rec, PSX_TRACE_GP0, c->words, c->count);
        return;
    case PSX_CALL_GP1:
        add_words(rec, PSX_TRACE_GP1, &c->value, 1);
        return;
    case PSX_CALL_GPUREAD:
        add_words(rec, PSX_TRACE_GPUREAD, &c->value, 1);
        return;
    default:
        break;
    }
    flush_pending(rec);
    uint8_t head[PSX_TRACE_READ_VRAM_SIZE];
    switch (c->kind) {
    case PSX_CALL_WRITE_VRAM:
        rect_head(head, c);
        trace_put(&rec->w, PSX_TRACE_WRITE_VRAM, head, PSX_TRACE_RECT_SIZE, rec->rows,
                  pack_rows(rec, c->pixels, c->w, c->h));
        return;
    case PSX_CALL_READ_VRAM:
        rect_head(head, c);
        trace_wr64(head + PSX_TRACE_RECT_SIZE, glhle_hash64(rec->rows, pack_rows(rec, c->pixels, c->w, c->h)));
        trace_put(&rec->w, PSX_TRACE_READ_VRAM, head, PSX_TRACE_READ_VRAM_SIZE, NULL, 0);
        return;
    case PSX_CALL_END_STREAM:
        trace_wr32(head, (uint32_t)r);
        trace_put(&rec->w, PSX_TRACE_END_STREAM, head, 4, NULL, 0);
        return;
    case PSX_CALL_VSYNC:
        trace_wr32(head, rec->frames++);
        trace_put(&rec->w, PSX_TRACE_VSYNC, head, 4, NULL, 0);
        return;
    default:
        return;
    }
}

static void detach(void *obs)
{
    glhle_psx_recorder *rec = obs;
    if (!rec->slot)
        return;
    flush_pending(rec);
    rec->slot->vt = NULL;
    rec->slot->obs = NULL;
    rec->slot = NULL;
}

static const psx_call_observer_vt recorder_vt = {after, detach};

glhle_result glhle_psx_recorder_attach(glhle_psx_recorder *rec, glhle_psx *psx)
{
    if (!rec || !psx)
        return GLHLE_FAIL(NULL, GLHLE_RESULT_INVALID_ARGUMENT, "psx trace: attach needs a recorder and an instance");
    if (rec->attached || rec->finished)
        return GLHLE_FAIL(&rec->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "psx trace: this recorder has already recorded an instance; create a new one");
    if (psx->calls.vt)
        return GLHLE_FAIL(&rec->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "psx trace: the instance already has a recorder attached; not attached");
    if (psx->p.state != PSX_GP0_IDLE)
        return GLHLE_FAIL(&rec->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "psx trace: GP0 word %llu: a command is half-written; attach between commands",
                          (unsigned long long)psx->gp0_index);
    if (rec->w.error != GLHLE_RESULT_OK)
        return rec->w.error;
    if (!rec->own_log)
        rec->log = psx->log;
    uint32_t f[PSX_TRACE_STATE_FIELDS];
    psx_state_get_fields(psx, f);
    uint8_t st[PSX_TRACE_STATE_SIZE];
    for (int i = 0; i < PSX_TRACE_STATE_FIELDS; i++)
        trace_wr32(st + 4 * i, f[i]);
    trace_put(&rec->w, PSX_TRACE_STATE, st, sizeof st, NULL, 0);
    /* VRAM as it is: read through the renderer, native halfwords at any scale */
    uint16_t *vram = malloc(PSX_TRACE_VRAM_SIZE);
    if (!vram) {
        rec->w.error = GLHLE_RESULT_OUT_OF_MEMORY;
        return GLHLE_FAIL(&rec->log, GLHLE_RESULT_OUT_OF_MEMORY, "psx trace: no memory to read VRAM; not attached");
    }
    psx_gl_call_begin(psx, "glhle_psx_recorder_attach");
    psx->r->ops->read(psx->r, 0, 0, PSX_VRAM_W, PSX_VRAM_H, vram);
    psx_gl_call_end(psx);
    trace_put(&rec->w, PSX_TRACE_VRAM, rec->rows, pack_rows(rec, vram, PSX_VRAM_W, PSX_VRAM_H), NULL, 0);
    free(vram);
    if (psx->rd_pos < psx->rd_total) {
        uint8_t rb[PSX_TRACE_READBACK_SIZE];
        trace_wr32(rb, psx->rd_total);
        trace_wr32(rb + 4, psx->rd_pos);
        trace_put(&rec->w, PSX_TRACE_READBACK, rb, sizeof rb, rec->rows, pack_rows(rec, psx->readback, psx->rd_total, 1));
    }
    if (rec->w.error != GLHLE_RESULT_OK)
        return rec->w.error;
    rec->attached = true;
    rec->slot = &psx->calls;
    psx->calls.vt = &recorder_vt;
    psx->calls.obs = rec;
    return GLHLE_RESULT_OK;
}

glhle_result glhle_psx_recorder_finish(glhle_psx_recorder *rec)
{
    if (!rec)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (rec->finished)
        return rec->w.error;
    detach(rec);
    flush_pending(rec);
    rec->finished = true;
    uint8_t end[PSX_TRACE_END_SIZE];
    trace_wr32(end, rec->w.chunks);
    trace_wr32(end + 4, rec->frames);
    trace_put(&rec->w, PSX_TRACE_END, end, sizeof end, NULL, 0);
    return trace_writer_close(&rec->w);
}

glhle_result glhle_psx_recorder_bytes(const glhle_psx_recorder *rec, const uint8_t **data, size_t *size)
{
    if (!rec || !data || !size)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    *data = NULL;
    *size = 0;
    if (!rec->finished)
        return GLHLE_FAIL(&rec->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "psx trace: the recorder's bytes are available after glhle_psx_recorder_finish");
    if (rec->to_file)
        return GLHLE_FAIL(&rec->log, GLHLE_RESULT_NOT_FOUND, "psx trace: this recorder wrote a file, not memory");
    *data = rec->w.mem.data;
    *size = rec->w.mem.size;
    return GLHLE_RESULT_OK;
}

void glhle_psx_recorder_destroy(glhle_psx_recorder *rec)
{
    if (!rec)
        return;
    glhle_psx_recorder_finish(rec);
    trace_writer_free(&rec->w);
    free(rec->pending);
    free(rec->rows);
    free(rec);
}

/* ---- the player ------------------------------------------------------------------------ */

typedef struct player {
    const glhle_psx_replay_desc *d;
    glhle_psx_replay_stats *st;
    glhle_psx *psx;
    glhle_logger log;
    uint16_t *px; /* one VRAM's worth of halfwords */
    bool done;    /* the frames asked for are played: the rest is only checked */
    uint32_t vsyncs; /* VSYNC chunks seen, played or not */
} player;

#define AT(c) (unsigned long long)(c)->offset

static glhle_result too_short(player *pl, const trace_chunk *c, uint32_t need)
{
    char nb[24];
    return GLHLE_FAIL(&pl->log, GLHLE_RESULT_BAD_DATA,
                      "psx trace: offset 0x%llx: %s chunk of %u payload bytes, it needs %u; replay stops", AT(c),
                      trace_type_name(&psx_trace_names, c->type, nb), c->size, need);
}

static void restore_state(player *pl, const uint8_t *p)
{
    glhle_psx *psx = pl->psx;
    uint32_t f[PSX_TRACE_STATE_FIELDS];
    for (int i = 0; i < PSX_TRACE_STATE_FIELDS; i++)
        f[i] = trace_rd32(p + 4 * i);
    psx_state_set_fields(psx, f);
}

/* The CLUT cache of a fresh renderer is empty: a valid one from the STATE
 * chunk is filled from VRAM (the VRAM chunk follows STATE), as use_clut in
 * gp0.c would have loaded it. */
static void reload_clut(glhle_psx *psx)
{
    if (!psx->clut_valid)
        return;
    uint16_t reg = psx->clut_reg;
    psx->r->ops->load_clut(psx->r, (reg & 0x3Fu) * 16, (reg >> 6) & 0x1FFu, psx->clut_is8 ? 256 : 16);
}

static void unpack(uint16_t *dst, const uint8_t *src, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = trace_rd16(src + i * 2);
}

/* END: the recording finished here, and the chunks and frames it counts
 * must be the file's (a lost or added chunk that kept its checksum shows). */
static glhle_result check_end(player *pl, const trace_chunk *c)
{
    if (c->size < PSX_TRACE_END_SIZE)
        return too_short(pl, c, PSX_TRACE_END_SIZE);
    const uint32_t chunks = trace_rd32(c->payload), frames = trace_rd32(c->payload + 4);
    if (chunks != pl->st->chunks - 1 || frames != pl->vsyncs)
        return GLHLE_FAIL(&pl->log, GLHLE_RESULT_BAD_DATA,
                          "psx trace: offset 0x%llx: END counts %u chunks and %u frames before it, the file has %u and "
                          "%u: chunks were lost or added",
                          AT(c), chunks, frames, pl->st->chunks - 1, pl->vsyncs);
    pl->st->complete = true;
    return GLHLE_RESULT_OK;
}

static glhle_result play_chunk(player *pl, const trace_chunk *c)
{
    glhle_psx *psx = pl->psx;
    const uint8_t *p = c->payload;
    char nb[24];
    switch (c->type) {
    case PSX_TRACE_STATE:
        if (c->size < PSX_TRACE_STATE_SIZE)
            return too_short(pl, c, PSX_TRACE_STATE_SIZE);
        restore_state(pl, p);
        return GLHLE_RESULT_OK;
    case PSX_TRACE_VRAM:
        if (c->size < PSX_TRACE_VRAM_SIZE)
            return too_short(pl, c, PSX_TRACE_VRAM_SIZE);
        unpack(pl->px, p, (size_t)PSX_VRAM_W * PSX_VRAM_H);
        psx_gl_call_begin(psx, "glhle_psx_trace_replay");
        psx->r->ops->upload(psx->r, 0, 0, PSX_VRAM_W, PSX_VRAM_H, pl->px, false, false);
        reload_clut(psx);
        psx_gl_call_end(psx);
        return GLHLE_RESULT_OK;
    case PSX_TRACE_READBACK: {
        if (c->size < PSX_TRACE_READBACK_SIZE)
            return too_short(pl, c, PSX_TRACE_READBACK_SIZE);
        const uint32_t total = trace_rd32(p), taken = trace_rd32(p + 4);
        if (total > (uint32_t)PSX_VRAM_W * PSX_VRAM_H || taken > total)
            return GLHLE_FAIL(&pl->log, GLHLE_RESULT_BAD_DATA,
                              "psx trace: offset 0x%llx: READBACK of %u pixels, %u taken; replay stops", AT(c), total,
                              taken);
        if (c->size < PSX_TRACE_READBACK_SIZE + (size_t)total * 2)
            return too_short(pl, c, PSX_TRACE_READBACK_SIZE + total * 2);
        unpack(psx->readback, p + PSX_TRACE_READBACK_SIZE, total);
        psx->rd_total = total;
        psx->rd_pos = taken;
        return GLHLE_RESULT_OK;
    }
    case PSX_TRACE_GP0:
    case PSX_TRACE_GP1:
    case PSX_TRACE_GPUREAD:
        if (c->size % 4)
            return GLHLE_FAIL(&pl->log, GLHLE_RESULT_BAD_DATA,
                              "psx trace: offset 0x%llx: %s chunk of %u bytes is not whole words; replay stops", AT(c),
                              trace_type_name(&psx_trace_names, c->type, nb), c->size);
        for (uint32_t i = 0; i < c->size / 4;) {
            if (c->type == PSX_TRACE_GP1) {
                glhle_psx_gp1(psx, trace_rd32(p + 4 * i++));
            } else if (c->type == PSX_TRACE_GPUREAD) {
                const uint32_t want = trace_rd32(p + 4 * i++);
                if (glhle_psx_gpuread(psx) != want)
                    pl->st->divergences++;
            } else { /* in pieces of the player's buffer: words are not aligned in the file */
                uint32_t n = 0;
                uint32_t *w = (uint32_t *)(void *)pl->px;
                for (; n < PSX_TRACE_VRAM_SIZE / 4 && i < c->size / 4; n++, i++)
                    w[n] = trace_rd32(p + 4 * i);
                glhle_psx_gp0_block(psx, w, n);
            }
        }
        return GLHLE_RESULT_OK;
    case PSX_TRACE_WRITE_VRAM:
    case PSX_TRACE_READ_VRAM: {
        const bool write = c->type == PSX_TRACE_WRITE_VRAM;
        if (c->size < (write ? PSX_TRACE_RECT_SIZE : PSX_TRACE_READ_VRAM_SIZE))
            return too_short(pl, c, write ? PSX_TRACE_RECT_SIZE : PSX_TRACE_READ_VRAM_SIZE);
        const uint32_t x = trace_rd32(p), y = trace_rd32(p + 4), w = trace_rd32(p + 8), h = trace_rd32(p + 12);
        if (w == 0 || h == 0 || w > PSX_VRAM_W || h > PSX_VRAM_H)
            return GLHLE_FAIL(&pl->log, GLHLE_RESULT_BAD_DATA,
                              "psx trace: offset 0x%llx: %s of %ux%u pixels; VRAM is 1024x512; replay stops", AT(c),
                              trace_type_name(&psx_trace_names, c->type, nb), w, h);
        const size_t n = (size_t)w * h;
        if (write) {
            if (c->size < PSX_TRACE_RECT_SIZE + n * 2)
                return too_short(pl, c, (uint32_t)(PSX_TRACE_RECT_SIZE + n * 2));
            unpack(pl->px, p + PSX_TRACE_RECT_SIZE, n);
            glhle_psx_write_vram(psx, x, y, w, h, pl->px);
            return GLHLE_RESULT_OK;
        }
        glhle_psx_read_vram(psx, x, y, w, h, pl->px);
        uint8_t *le = (uint8_t *)malloc(n * 2);
        if (!le)
            return GLHLE_FAIL(&pl->log, GLHLE_RESULT_OUT_OF_MEMORY, "psx trace: no memory to compare a VRAM read");
        for (size_t i = 0; i < n; i++)
            trace_wr16(le + i * 2, pl->px[i]);
        if (glhle_hash64(le, n * 2) != trace_rd64(p + PSX_TRACE_RECT_SIZE)) {
            pl->st->divergences++;
            GLHLE_WARN(&pl->log, "psx trace: offset 0x%llx: the VRAM read of %ux%u at (%u,%u) differs from the recording",
                       AT(c), w, h, x, y);
        }
        free(le);
        return GLHLE_RESULT_OK;
    }
    case PSX_TRACE_END_STREAM:
        glhle_psx_end_stream(psx);
        return GLHLE_RESULT_OK;
    case PSX_TRACE_VSYNC: {
        pl->vsyncs++;
        const uint32_t frame = pl->st->frames;
        glhle_psx_vsync(psx);
        if (pl->d->on_frame) {
            glhle_result r = pl->d->on_frame(pl->d->user, psx, frame);
            if (r != GLHLE_RESULT_OK)
                return r;
        }
        pl->st->frames++;
        if (pl->d->frames && pl->st->frames >= pl->d->frames)
            pl->done = true;
        return GLHLE_RESULT_OK;
    }
    case PSX_TRACE_END:
        return check_end(pl, c);
    default:
        if (c->type & TRACE_OPTIONAL)
            return GLHLE_RESULT_OK;
        return GLHLE_FAIL(&pl->log, GLHLE_RESULT_BAD_DATA,
                          "psx trace: offset 0x%llx: chunk type %s cannot be replayed; replay stops", AT(c),
                          trace_type_name(&psx_trace_names, c->type, nb));
    }
}

glhle_result glhle_psx_trace_replay(const void *data, size_t size, const glhle_psx_replay_desc *desc,
                                   glhle_psx_replay_stats *stats)
{
    static const glhle_psx_replay_desc zero_desc;
    glhle_psx_replay_stats own;
    if (!stats)
        stats = &own;
    memset(stats, 0, sizeof *stats);
    if (!desc)
        desc = &zero_desc;
    player pl = {.d = desc, .st = stats};
    pl.log = (glhle_logger){desc->psx.log, desc->psx.log_user, desc->psx.log_level};
    if (!desc->psx.log)
        pl.log = desc->ctx ? desc->ctx->log : (glhle_logger){NULL, NULL, GLHLE_LOG_WARN};
    if (!data && size)
        return GLHLE_FAIL(&pl.log, GLHLE_RESULT_INVALID_ARGUMENT, "psx trace: %zu bytes from NULL", size);
    trace_reader rd;
    glhle_result r = psx_trace_reader_open(&rd, data, size, &pl.log);
    if (r != GLHLE_RESULT_OK)
        return r;
    pl.px = malloc(PSX_TRACE_VRAM_SIZE);
    if (!pl.px)
        return GLHLE_FAIL(&pl.log, GLHLE_RESULT_OUT_OF_MEMORY, "psx trace: no memory for the player");
    r = glhle_psx_create(desc->ctx, &desc->psx, &pl.psx);
    /* after the frames asked for, the rest is walked unplayed: a damaged
     * chunk or a missing END is reported whatever was played */
    while (r == GLHLE_RESULT_OK) {
        trace_chunk c;
        r = trace_reader_next(&rd, &c);
        if (r == GLHLE_RESULT_NOT_FOUND) {
            r = GLHLE_RESULT_OK;
            break;
        }
        if (r != GLHLE_RESULT_OK)
            break;
        stats->chunks++;
        char nb[24];
        if (stats->complete)
            r = GLHLE_FAIL(&pl.log, GLHLE_RESULT_BAD_DATA, "psx trace: offset 0x%llx: %s chunk after END; the file is damaged",
                           AT(&c), trace_type_name(&psx_trace_names, c.type, nb));
        else if (!pl.done)
            r = play_chunk(&pl, &c);
        else if (c.type == PSX_TRACE_END)
            r = check_end(&pl, &c);
        else
            pl.vsyncs += c.type == PSX_TRACE_VSYNC;
    }
    glhle_psx_destroy(pl.psx);
    free(pl.px);
    return r;
}
