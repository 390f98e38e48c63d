/* Opening and checking traces, and replaying them on a new instance. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "backend/pica/trace/citrace.h"
#include "backend/gl/gl_context.h"
#include "backend/pica/trace/trace_format.h"
#include "glhle/trace.h"

#define DEFAULT_MAX_FILE (2ull << 30)
#define DEFAULT_MAX_GUEST (1ull << 30)
/* glhle_pica_desc's default (pica.c) */
#define PICA_TRACE_MAX_WORDS_PER_RUN (64ull << 20)

struct glhle_trace {
    uint8_t *data; /* the glhle trace */
    size_t size;
    glhle_trace_info info;
    glhle_logger log;
};

/* ---- opening ------------------------------------------------------------------- */

static uint32_t min_payload(uint32_t type)
{
    switch (type) {
    case PICA_TRACE_INSTANCE: return PICA_TRACE_INSTANCE_SIZE;
    case PICA_TRACE_MAP: return PICA_TRACE_MAP_SIZE;
    case PICA_TRACE_UNMAP: return PICA_TRACE_UNMAP_SIZE;
    case PICA_TRACE_MEMORY: return PICA_TRACE_MEMORY_SIZE;
    case PICA_TRACE_INVALIDATE:
    case PICA_TRACE_FLUSH: return PICA_TRACE_RANGE_SIZE;
    case PICA_TRACE_RUN_HOST: return PICA_TRACE_RUN_HOST_SIZE;
    case PICA_TRACE_RUN_GUEST: return PICA_TRACE_RUN_GUEST_SIZE;
    case PICA_TRACE_MEMORY_FILL: return PICA_TRACE_MEMORY_FILL_SIZE;
    case PICA_TRACE_DISPLAY_TRANSFER: return PICA_TRACE_DISPLAY_TRANSFER_SIZE;
    case PICA_TRACE_PRESENT: return PICA_TRACE_PRESENT_SIZE;
    case PICA_TRACE_END: return PICA_TRACE_END_SIZE;
    default: return 0;
    }
}

/* Walks every chunk: lengths, checksums, known types, payload sizes, END
 * last; fills the info. */
static glhle_result check(glhle_trace *t)
{
    trace_reader rd;
    glhle_result r = pica_trace_reader_open(&rd, t->data, t->size, &t->log);
    if (r != GLHLE_RESULT_OK)
        return r;
    glhle_trace_info *in = &t->info;
    in->version_major = rd.major;
    in->version_minor = rd.minor;
    in->bytes = t->size;
    trace_chunk c;
    char nb[24];
    while ((r = trace_reader_next(&rd, &c)) == GLHLE_RESULT_OK) {
        if (in->complete)
            return GLHLE_FAIL(&t->log, GLHLE_RESULT_BAD_DATA,
                              "trace: offset 0x%llx: %s chunk after END; the file is damaged",
                              (unsigned long long)c.offset, pica_trace_type_name(c.type, nb));
        in->chunks++;
        if (c.type & TRACE_OPTIONAL)
            continue; /* comments, and what later minor versions add */
        if (c.type == 0 || c.type > PICA_TRACE_TYPE_LAST_)
            return GLHLE_FAIL(&t->log, GLHLE_RESULT_BAD_DATA,
                              "trace: offset 0x%llx: chunk type %u is unknown to this glhle (trace version %u.%u); "
                              "a newer glhle may read it",
                              (unsigned long long)c.offset, c.type, rd.major, rd.minor);
        if (c.size < min_payload(c.type))
            return GLHLE_FAIL(&t->log, GLHLE_RESULT_BAD_DATA,
                              "trace: offset 0x%llx: %s chunk has %u payload bytes, fewer than its %u fixed ones",
                              (unsigned long long)c.offset, pica_trace_type_name(c.type, nb), c.size,
                              min_payload(c.type));
        switch (c.type) {
        case PICA_TRACE_MAP:
            in->mappings++;
            break;
        case PICA_TRACE_MEMORY:
            in->memory_bytes += c.size - PICA_TRACE_MEMORY_SIZE;
            break;
        case PICA_TRACE_RUN_HOST:
        case PICA_TRACE_RUN_GUEST:
            in->command_lists++;
            break;
        case PICA_TRACE_MEMORY_FILL:
        case PICA_TRACE_DISPLAY_TRANSFER:
            in->display_operations++;
            break;
        case PICA_TRACE_PRESENT:
            in->frames++;
            break;
        case PICA_TRACE_END: {
            /* the counts the recorder wrote: a chunk lost or added between
             * intact neighbours shows here */
            const uint32_t chunks = trace_rd32(c.payload), frames = trace_rd32(c.payload + 4);
            if (chunks != in->chunks - 1 || frames != in->frames)
                return GLHLE_FAIL(&t->log, GLHLE_RESULT_BAD_DATA,
                                  "trace: offset 0x%llx: END counts %u chunks and %u frames before it, the file has "
                                  "%u and %u: chunks were lost or added",
                                  (unsigned long long)c.offset, chunks, frames, in->chunks - 1, in->frames);
            in->complete = true;
            break;
        }
        default:
            break;
        }
    }
    return r == GLHLE_RESULT_NOT_FOUND ? GLHLE_RESULT_OK : r;
}

static void set_log(glhle_logger *lg, const glhle_trace_open_desc *d)
{
    if (d && d->log)
        *lg = (glhle_logger){d->log, d->log_user, d->log_level};
    else
        *lg = (glhle_logger){NULL, NULL, GLHLE_LOG_WARN};
}

/* Takes ownership of data (malloc'd). */
static glhle_result open_bytes(uint8_t *data, size_t size, const glhle_trace_open_desc *desc, glhle_trace **out)
{
    glhle_trace *t = calloc(1, sizeof *t);
    if (!t) {
        free(data);
        return GLHLE_FAIL(NULL, GLHLE_RESULT_OUT_OF_MEMORY, "trace: no memory to open a trace");
    }
    set_log(&t->log, desc);
    glhle_result r = GLHLE_RESULT_OK;
    if (pica_citrace_is(data, size)) {
        trace_writer w;
        r = pica_trace_writer_open(&w, NULL, desc && desc->max_file_bytes ? desc->max_file_bytes : DEFAULT_MAX_FILE,
                                   &t->log);
        uint32_t version = 0;
        if (r == GLHLE_RESULT_OK)
            r = pica_citrace_convert(data, size, &w, &version, &t->log);
        free(data);
        if (r == GLHLE_RESULT_OK)
            r = trace_writer_close(&w);
        if (r == GLHLE_RESULT_OK) {
            t->data = glhle_bytebuf_detach(&w.mem, &t->size);
            r = check(t);
            t->info.source = GLHLE_TRACE_SOURCE_CITRACE;
            t->info.version_major = version;
            t->info.version_minor = 0;
        }
        trace_writer_free(&w);
    } else {
        t->data = data;
        t->size = size;
        r = check(t);
    }
    if (r != GLHLE_RESULT_OK) {
        glhle_trace_close(t);
        return r;
    }
    *out = t;
    return GLHLE_RESULT_OK;
}

glhle_result glhle_trace_open_memory(const void *data, size_t size, const glhle_trace_open_desc *desc,
                                     glhle_trace **out)
{
    if (!out || (!data && size))
        return GLHLE_FAIL(NULL, GLHLE_RESULT_INVALID_ARGUMENT, "trace: glhle_trace_open_memory needs data and out");
    *out = NULL;
    uint64_t limit = desc && desc->max_file_bytes ? desc->max_file_bytes : DEFAULT_MAX_FILE;
    glhle_logger lg;
    set_log(&lg, desc);
    if (size > limit)
        return GLHLE_FAIL(&lg, GLHLE_RESULT_LIMIT_EXCEEDED, "trace: %zu bytes is more than the %llu-byte limit",
                          size, (unsigned long long)limit);
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy)
        return GLHLE_FAIL(&lg, GLHLE_RESULT_OUT_OF_MEMORY, "trace: no memory for a %zu-byte trace", size);
    if (size)
        memcpy(copy, data, size);
    return open_bytes(copy, size, desc, out);
}

glhle_result glhle_trace_open_file(const char *path, const glhle_trace_open_desc *desc, glhle_trace **out)
{
    if (!out || !path)
        return GLHLE_FAIL(NULL, GLHLE_RESULT_INVALID_ARGUMENT, "trace: glhle_trace_open_file needs a path and out");
    *out = NULL;
    uint64_t limit = desc && desc->max_file_bytes ? desc->max_file_bytes : DEFAULT_MAX_FILE;
    glhle_logger lg;
    set_log(&lg, desc);
    struct stat st;
    if (stat(path, &st) != 0)
        return GLHLE_FAIL(&lg, GLHLE_RESULT_IO_ERROR, "trace: cannot read %s: %s", path, strerror(errno));
    if ((uint64_t)st.st_size > limit)
        return GLHLE_FAIL(&lg, GLHLE_RESULT_LIMIT_EXCEEDED, "trace: %s (%llu bytes) is larger than the %llu-byte limit",
                          path, (unsigned long long)st.st_size, (unsigned long long)limit);
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, (size_t)limit);
    if (!glhle_bytebuf_read_file(&b, path, (size_t)limit)) {
        glhle_bytebuf_free(&b);
        return GLHLE_FAIL(&lg, GLHLE_RESULT_IO_ERROR, "trace: cannot read %s", path);
    }
    size_t size;
    uint8_t *data = glhle_bytebuf_detach(&b, &size);
    if (!data) {
        data = malloc(1);
        size = 0;
        if (!data)
            return GLHLE_FAIL(&lg, GLHLE_RESULT_OUT_OF_MEMORY, "trace: no memory to read %s", path);
    }
    return open_bytes(data, size, desc, out);
}

void glhle_trace_get_info(const glhle_trace *trace, glhle_trace_info *info)
{
    if (!info)
        return;
    memset(info, 0, sizeof *info);
    if (trace)
        *info = trace->info;
}

void glhle_trace_get_bytes(const glhle_trace *trace, const uint8_t **data, size_t *size)
{
    if (data)
        *data = trace ? trace->data : NULL;
    if (size)
        *size = trace ? trace->size : 0;
}

void glhle_trace_close(glhle_trace *trace)
{
    if (!trace)
        return;
    free(trace->data);
    free(trace);
}

/* ---- replay ------------------------------------------------------------------------ */

typedef struct replay_map {
    uint32_t paddr, size;
    uint8_t *host;
} replay_map;

typedef struct replay {
    const glhle_trace *t;
    const glhle_trace_replay_desc *d;
    glhle_trace_replay_stats *st;
    glhle_pica *pica;
    glhle_pica_desc pd;    /* what it was made with */
    const glhle_logger *log;
    glhle_logger pica_log; /* the instance's, as glhle_pica_create chooses it */
    replay_map map[GLHLE_PICA_MAX_MAPPINGS];
    uint32_t map_count;
    uint64_t mapped;
    uint32_t *words; /* aligned copy of a host list */
    size_t words_cap;
    bool stop;
} replay;

#define AT(c) (unsigned long long)(c)->offset

static glhle_result make_instance(replay *rp, const trace_chunk *c)
{
    glhle_pica_desc pd = rp->d->pica;
    if (c) {
        /* the recorded cap on words per run, but never above the instance's
         * default: a trace is untrusted, and a huge cap would let a jump
         * loop in it run for hours */
        const uint64_t words = trace_rd64(c->payload);
        if (!pd.max_words_per_run && words <= PICA_TRACE_MAX_WORDS_PER_RUN)
            pd.max_words_per_run = words;
        if (!pd.max_logged_problems)
            pd.max_logged_problems = trace_rd32(c->payload + 8);
        /* the recorded shader-step budget (traces since it came), likewise
         * never above the default */
        if (c->size >= PICA_TRACE_INSTANCE_STEPS_SIZE && !pd.max_shader_steps_per_run &&
            trace_rd64(c->payload + 16) <= GLHLE_PICA_DEFAULT_SHADER_STEPS)
            pd.max_shader_steps_per_run = trace_rd64(c->payload + 16);
        /* a recorded scale above 10 is not one the instance takes: the default */
        if (!pd.resolution_scale && trace_rd32(c->payload + 12) <= 10)
            pd.resolution_scale = trace_rd32(c->payload + 12);
    }
    glhle_result r = glhle_pica_create(rp->d->ctx, &pd, &rp->pica);
    if (r != GLHLE_RESULT_OK)
        return r;
    rp->pd = pd;
    /* the logger glhle_pica_create gives the instance (pica.c) */
    if (pd.log)
        rp->pica_log = (glhle_logger){pd.log, pd.log_user, pd.log_level};
    else if (rp->d->ctx)
        rp->pica_log = rp->d->ctx->log;
    else
        rp->pica_log = (glhle_logger){NULL, NULL, GLHLE_LOG_WARN};
    rp->log = &rp->pica_log;
    if (rp->d->hooks.fn)
        glhle_pica_set_hooks(rp->pica, &rp->d->hooks);
    return GLHLE_RESULT_OK;
}

static replay_map *find_map(replay *rp, uint32_t paddr, uint64_t size)
{
    for (uint32_t i = 0; i < rp->map_count; i++) {
        replay_map *m = &rp->map[i];
        if (paddr >= m->paddr && (uint64_t)paddr - m->paddr + size <= m->size)
            return m;
    }
    return NULL;
}

static glhle_result do_map(replay *rp, const trace_chunk *c)
{
    uint32_t paddr = trace_rd32(c->payload), size = trace_rd32(c->payload + 4);
    uint64_t budget = rp->d->max_guest_bytes ? rp->d->max_guest_bytes : DEFAULT_MAX_GUEST;
    if (size > budget - rp->mapped || rp->map_count == GLHLE_PICA_MAX_MAPPINGS)
        return GLHLE_FAIL(rp->log, GLHLE_RESULT_LIMIT_EXCEEDED,
                          "trace: offset 0x%llx: mapping guest 0x%08x size 0x%x would pass the replay's %llu-byte "
                          "guest memory budget or %d mappings; replay stops",
                          AT(c), paddr, size, (unsigned long long)budget, GLHLE_PICA_MAX_MAPPINGS);
    uint8_t *host = size ? calloc(size, 1) : NULL;
    if (size && !host)
        return GLHLE_FAIL(rp->log, GLHLE_RESULT_OUT_OF_MEMORY,
                          "trace: offset 0x%llx: no memory for guest 0x%08x size 0x%x; replay stops", AT(c), paddr,
                          size);
    glhle_result r = glhle_pica_map_memory(rp->pica, paddr, host, size);
    if (r != GLHLE_RESULT_OK) {
        free(host);
        return GLHLE_FAIL(rp->log, GLHLE_RESULT_BAD_DATA,
                          "trace: offset 0x%llx: the recorded mapping of guest 0x%08x size 0x%x is refused (%s); the "
                          "trace is inconsistent; replay stops",
                          AT(c), paddr, size, glhle_result_string(r));
    }
    rp->map[rp->map_count++] = (replay_map){paddr, size, host};
    rp->mapped += size;
    return GLHLE_RESULT_OK;
}

static glhle_result do_unmap(replay *rp, const trace_chunk *c)
{
    uint32_t paddr = trace_rd32(c->payload);
    for (uint32_t i = 0; i < rp->map_count; i++) {
        if (rp->map[i].paddr != paddr)
            continue;
        glhle_pica_unmap_memory(rp->pica, paddr);
        rp->mapped -= rp->map[i].size;
        free(rp->map[i].host);
        memmove(&rp->map[i], &rp->map[i + 1], (rp->map_count - i - 1) * sizeof rp->map[0]);
        rp->map_count--;
        return GLHLE_RESULT_OK;
    }
    return GLHLE_FAIL(rp->log, GLHLE_RESULT_BAD_DATA,
                      "trace: offset 0x%llx: UNMAP of guest 0x%08x, which the trace never mapped; replay stops",
                      AT(c), paddr);
}

static glhle_result do_memory(replay *rp, const trace_chunk *c)
{
    uint32_t paddr = trace_rd32(c->payload), n = c->size - PICA_TRACE_MEMORY_SIZE;
    replay_map *m = find_map(rp, paddr, n);
    if (!m)
        return GLHLE_FAIL(rp->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "trace: offset 0x%llx: %u bytes of memory at guest 0x%08x lie outside every mapping; "
                          "replay stops",
                          AT(c), n, paddr);
    memcpy(m->host + (paddr - m->paddr), c->payload + PICA_TRACE_MEMORY_SIZE, n);
    return GLHLE_RESULT_OK;
}

/* Compares a run's outcome with the recorded one. */
static void check_outcome(replay *rp, const trace_chunk *c, glhle_result r, const glhle_pica_run_result *res)
{
    rp->st->command_lists++;
    rp->st->draws += res->draws;
    if (res->shader_steps > rp->st->max_shader_steps)
        rp->st->max_shader_steps = res->shader_steps;
    const uint8_t *o = c->payload;
    if (trace_rd32(o + 4) & PICA_TRACE_OUTCOME_UNKNOWN)
        return;
    uint32_t flags = (res->finalized ? PICA_TRACE_OUTCOME_FINALIZED : 0u) |
                     (res->stopped_on_error ? PICA_TRACE_OUTCOME_STOPPED : 0u);
    if (trace_rd32(o) != (uint32_t)r || trace_rd32(o + 4) != flags || trace_rd32(o + 8) != res->draws ||
        trace_rd32(o + 12) != res->problems) {
        rp->st->divergences++;
        GLHLE_WARN(rp->log,
                   "trace: offset 0x%llx: the command list ran differently from the recording (result %u/%u, flags "
                   "%u/%u, draws %u/%u, problems %u/%u: replayed/recorded); replay goes on",
                   AT(c), (unsigned)r, trace_rd32(o), flags, trace_rd32(o + 4), res->draws,
                   trace_rd32(o + 8), res->problems, trace_rd32(o + 12));
    }
}

static glhle_result do_run_host(replay *rp, const trace_chunk *c)
{
    size_t bytes = c->size - PICA_TRACE_RUN_HOST_SIZE;
    size_t n = bytes / 4;
    if (bytes % 4)
        return GLHLE_FAIL(rp->log, GLHLE_RESULT_BAD_DATA,
                          "trace: offset 0x%llx: host command list of %zu bytes is not whole words; replay stops",
                          AT(c), bytes);
    if (n > rp->words_cap) {
        uint32_t *w = realloc(rp->words, n * sizeof *w);
        if (!w)
            return GLHLE_FAIL(rp->log, GLHLE_RESULT_OUT_OF_MEMORY,
                              "trace: offset 0x%llx: no memory for a %zu-word command list; replay stops", AT(c), n);
        rp->words = w;
        rp->words_cap = n;
    }
    const uint8_t *src = c->payload + PICA_TRACE_RUN_HOST_SIZE;
    for (size_t i = 0; i < n; i++)
        rp->words[i] = trace_rd32(src + i * 4);
    glhle_pica_run_result res;
    glhle_result r = glhle_pica_run_cmdlist(rp->pica, rp->words, n, &res);
    check_outcome(rp, c, r, &res);
    return GLHLE_RESULT_OK;
}

static glhle_result do_run_guest(replay *rp, const trace_chunk *c)
{
    const uint8_t *p = c->payload + PICA_TRACE_OUTCOME_SIZE;
    glhle_pica_run_result res;
    glhle_result r = glhle_pica_run_guest(rp->pica, trace_rd32(p), trace_rd32(p + 4), &res);
    check_outcome(rp, c, r, &res);
    return GLHLE_RESULT_OK;
}

/* glhle_trace_replay_desc.round_trip_after: the replay moves to a new
 * instance through a save state, with its own copy of guest memory. */
static glhle_result round_trip(replay *rp)
{
    size_t size = 0;
    glhle_pica_save_state(rp->pica, NULL, 0, &size);
    uint8_t *blob = size ? malloc(size) : NULL;
    glhle_result r = blob ? glhle_pica_save_state(rp->pica, blob, size, &size) : GLHLE_RESULT_OUT_OF_MEMORY;
    glhle_pica_desc pd = rp->pd;
    if (rp->d->round_trip_scale)
        pd.resolution_scale = rp->d->round_trip_scale;
    glhle_pica *next = NULL;
    if (r == GLHLE_RESULT_OK)
        r = glhle_pica_create(rp->d->round_trip_ctx ? rp->d->round_trip_ctx : rp->d->ctx, &pd, &next);
    replay_map copy[GLHLE_PICA_MAX_MAPPINGS];
    uint32_t n = 0;
    for (; r == GLHLE_RESULT_OK && n < rp->map_count; n++) {
        copy[n] = rp->map[n];
        copy[n].host = copy[n].size ? malloc(copy[n].size) : NULL;
        if (copy[n].size && !copy[n].host) {
            r = GLHLE_RESULT_OUT_OF_MEMORY;
            break;
        }
        memcpy(copy[n].host, rp->map[n].host, copy[n].size);
        r = glhle_pica_map_memory(next, copy[n].paddr, copy[n].host, copy[n].size);
    }
    if (r == GLHLE_RESULT_OK)
        r = glhle_pica_load_state(next, blob, size);
    free(blob);
    if (r != GLHLE_RESULT_OK) {
        glhle_pica_destroy(next);
        for (uint32_t i = 0; i < n && i < rp->map_count; i++)
            free(copy[i].host);
        return GLHLE_FAIL(rp->log, r, "trace: the save-state round trip after chunk %u failed (%s); replay stops",
                          rp->d->round_trip_after, glhle_result_string(r));
    }
    if (rp->d->hooks.fn)
        glhle_pica_set_hooks(next, &rp->d->hooks);
    glhle_pica_destroy(rp->pica);
    for (uint32_t i = 0; i < rp->map_count; i++) {
        free(rp->map[i].host);
        rp->map[i] = copy[i];
    }
    rp->pica = next;
    rp->pd = pd;
    return GLHLE_RESULT_OK;
}

static glhle_result do_present(replay *rp, const trace_chunk *c)
{
    glhle_result r = pica_trace_replay_present(rp->pica, c->payload, c->size);
    if (r != GLHLE_RESULT_OK)
        GLHLE_WARN(rp->log, "trace: offset 0x%llx: present failed (%s); the frame is reported as it stands", AT(c),
                   glhle_result_string(r));
    const uint32_t frame = rp->st->frames++;
    const glhle_trace_replay_desc *d = rp->d;
    if (frame >= d->first_frame) {
        if (d->on_frame) {
            r = d->on_frame(d->user, rp->pica, frame);
            if (r != GLHLE_RESULT_OK)
                return r;
        }
        rp->st->frames_reported++;
        if (d->frame_count && rp->st->frames_reported >= d->frame_count)
            rp->stop = true;
    }
    return GLHLE_RESULT_OK;
}

static glhle_result apply(replay *rp, const trace_chunk *c)
{
    if (c->type & TRACE_OPTIONAL)
        return GLHLE_RESULT_OK;
    if (!rp->pica && c->type != PICA_TRACE_END) {
        glhle_result r = make_instance(rp, c->type == PICA_TRACE_INSTANCE ? c : NULL);
        if (r != GLHLE_RESULT_OK)
            return r;
        if (c->type == PICA_TRACE_INSTANCE)
            return GLHLE_RESULT_OK;
    }
    switch (c->type) {
    case PICA_TRACE_INSTANCE:
        GLHLE_WARN(rp->log, "trace: offset 0x%llx: a second INSTANCE chunk; its settings are ignored", AT(c));
        return GLHLE_RESULT_OK;
    case PICA_TRACE_MAP: return do_map(rp, c);
    case PICA_TRACE_UNMAP: return do_unmap(rp, c);
    case PICA_TRACE_MEMORY: return do_memory(rp, c);
    case PICA_TRACE_RUN_HOST: return do_run_host(rp, c);
    case PICA_TRACE_RUN_GUEST: return do_run_guest(rp, c);
    case PICA_TRACE_INVALIDATE:
    case PICA_TRACE_FLUSH:
    case PICA_TRACE_MEMORY_FILL:
    case PICA_TRACE_DISPLAY_TRANSFER: {
        glhle_result r = pica_trace_replay_call(rp->pica, c->type, c->payload, c->size);
        if (r != GLHLE_RESULT_OK)
            GLHLE_WARN(rp->log, "trace: offset 0x%llx: the call failed (%s); replay goes on", AT(c),
                       glhle_result_string(r));
        return GLHLE_RESULT_OK;
    }
    case PICA_TRACE_PRESENT: return do_present(rp, c);
    case PICA_TRACE_END:
        rp->stop = true;
        return GLHLE_RESULT_OK;
    default:
        return GLHLE_FAIL(rp->log, GLHLE_RESULT_BAD_DATA, "trace: offset 0x%llx: chunk type %u cannot be replayed",
                          AT(c), c->type);
    }
}

glhle_result glhle_trace_replay(const glhle_trace *trace, const glhle_trace_replay_desc *desc,
                                glhle_trace_replay_stats *stats)
{
    glhle_trace_replay_stats st_local;
    glhle_trace_replay_stats *st = stats ? stats : &st_local;
    memset(st, 0, sizeof *st);
    if (!trace || !desc)
        return GLHLE_FAIL(NULL, GLHLE_RESULT_INVALID_ARGUMENT, "trace: glhle_trace_replay needs a trace and a desc");
    replay rp;
    memset(&rp, 0, sizeof rp);
    rp.t = trace;
    rp.d = desc;
    rp.st = st;
    rp.log = &trace->log;
    trace_reader rd;
    glhle_result r = pica_trace_reader_open(&rd, trace->data, trace->size, &trace->log);
    trace_chunk c;
    uint32_t applied = 0;
    while (r == GLHLE_RESULT_OK && !rp.stop) {
        r = trace_reader_next(&rd, &c);
        if (r == GLHLE_RESULT_NOT_FOUND) {
            r = GLHLE_RESULT_OK;
            break;
        }
        if (r == GLHLE_RESULT_OK)
            r = apply(&rp, &c);
        if (r == GLHLE_RESULT_OK && ++applied == desc->round_trip_after && !rp.stop)
            r = rp.pica ? round_trip(&rp)
                        : GLHLE_FAIL(rp.log, GLHLE_RESULT_INVALID_ARGUMENT,
                                     "trace: round_trip_after %u comes before the instance exists", desc->round_trip_after);
        if (desc->on_progress)
            desc->on_progress(desc->user, rd.pos, trace->size, st->frames);
    }
    if (rp.pica)
        glhle_pica_get_shader_stats(rp.pica, &st->shaders);
    glhle_pica_destroy(rp.pica);
    for (uint32_t i = 0; i < rp.map_count; i++)
        free(rp.map[i].host);
    free(rp.words);
    return r;
}
