/* glhle trace container: header, chunk writer, bounded chunk reader
 * (trace_container.h). */
#include "backend/common/trace_container.h"

#include <errno.h>
#include <stdlib.h>

#define DEFAULT_LIMIT (4ull << 30)

const trace_kind trace_kind_trace = {TRACE_MAGIC, TRACE_VERSION_MAJOR, TRACE_VERSION_MINOR, "trace"};
const trace_kind trace_kind_state = {STATE_MAGIC, STATE_VERSION_MAJOR, STATE_VERSION_MINOR, "save state"};

static const char *const system_names[TRACE_SYSTEM_LAST_ + 1] = {
    [TRACE_SYSTEM_PICA200] = "PICA200",
    [TRACE_SYSTEM_PSX] = "PlayStation",
    [TRACE_SYSTEM_MAXWELL] = "Maxwell",
};

const char *trace_system_name(uint32_t system)
{
    return system <= TRACE_SYSTEM_LAST_ ? system_names[system] : NULL;
}

const char *trace_type_name(const trace_type_names *names, uint32_t type, char buf[24])
{
    if (names && type < names->count && names->names[type])
        return names->names[type];
    if (type == TRACE_COMMENT)
        return "COMMENT";
    snprintf(buf, 24, "%s0x%08x", (type & TRACE_OPTIONAL) ? "optional " : "", type);
    return buf;
}

uint32_t trace_peek_system(const void *data, size_t size)
{
    return trace_is_glhle(data, size) && size >= 20 ? trace_rd32((const uint8_t *)data + 16) : 0;
}

bool trace_is_glhle(const void *data, size_t size)
{
    return size >= TRACE_MAGIC_SIZE && memcmp(data, TRACE_MAGIC, TRACE_MAGIC_SIZE) == 0;
}

/* ---- writing ------------------------------------------------------------------ */

static bool fail(trace_writer *w, glhle_result r, const char *what)
{
    if (w->error == GLHLE_RESULT_OK) {
        w->error = r;
        GLHLE_ERROR(w->log, "trace: %s at byte %llu; the recording stops here and the trace is incomplete", what,
                    (unsigned long long)w->offset);
    }
    return false;
}

static bool put(trace_writer *w, const void *data, size_t size)
{
    if (w->error != GLHLE_RESULT_OK)
        return false;
    if (size > w->limit - w->offset)
        return fail(w, GLHLE_RESULT_LIMIT_EXCEEDED, "the trace reached its size limit");
    if (w->file) {
        if (size && fwrite(data, 1, size, w->file) != size)
            return fail(w, GLHLE_RESULT_IO_ERROR, strerror(errno));
    } else if (!glhle_bytebuf_append(&w->mem, data, size)) {
        return fail(w, GLHLE_RESULT_OUT_OF_MEMORY, "no memory for the in-memory trace");
    }
    w->offset += size;
    return true;
}

glhle_result trace_writer_open(trace_writer *w, const char *path, uint64_t limit, uint32_t system,
                               const glhle_logger *lg)
{
    return trace_writer_open_kind(w, &trace_kind_trace, path, limit, system, lg);
}

glhle_result trace_writer_open_kind(trace_writer *w, const trace_kind *kind, const char *path, uint64_t limit,
                                    uint32_t system, const glhle_logger *lg)
{
    memset(w, 0, sizeof *w);
    w->log = lg;
    w->limit = limit ? limit : DEFAULT_LIMIT;
    glhle_bytebuf_init(&w->mem, (size_t)(w->limit < SIZE_MAX ? w->limit : SIZE_MAX));
    if (path) {
        w->file = fopen(path, "wb");
        if (!w->file)
            return GLHLE_FAIL(lg, GLHLE_RESULT_IO_ERROR, "trace: cannot create %s: %s; nothing recorded", path,
                              strerror(errno));
    }
    uint8_t h[TRACE_HEADER_SIZE];
    memset(h, 0, sizeof h);
    memcpy(h, kind->magic, TRACE_MAGIC_SIZE);
    trace_wr16(h + 8, kind->major);
    trace_wr16(h + 10, kind->minor);
    trace_wr32(h + 12, TRACE_HEADER_SIZE);
    trace_wr32(h + 16, system);
    trace_wr32(h + 20, 0);
    trace_wr64(h + 24, glhle_hash64(h, 24));
    put(w, h, sizeof h);
    return w->error;
}

glhle_result trace_writer_close(trace_writer *w)
{
    if (w->open)
        fail(w, GLHLE_RESULT_INVALID_ARGUMENT, "a chunk was left unfinished");
    if (w->file) {
        if (fclose(w->file) != 0)
            fail(w, GLHLE_RESULT_IO_ERROR, strerror(errno));
        w->file = NULL;
    }
    return w->error;
}

void trace_writer_free(trace_writer *w)
{
    if (w->file)
        fclose(w->file);
    w->file = NULL;
    glhle_bytebuf_free(&w->mem);
}

bool trace_begin(trace_writer *w, uint32_t type, uint32_t payload_size)
{
    if (w->open)
        return fail(w, GLHLE_RESULT_INVALID_ARGUMENT, "a chunk was begun inside another");
    if (payload_size > TRACE_MAX_PAYLOAD)
        return fail(w, GLHLE_RESULT_LIMIT_EXCEEDED, "a chunk is larger than the format's 64 MiB payload limit");
    uint8_t head[TRACE_CHUNK_HEAD];
    trace_wr32(head, type);
    trace_wr32(head + 4, payload_size);
    if (!put(w, head, sizeof head))
        return false;
    glhle_hash_begin(&w->hash, 0);
    glhle_hash_update(&w->hash, head, sizeof head);
    w->open = true;
    w->open_type = type;
    w->open_size = payload_size;
    w->open_written = 0;
    return true;
}

bool trace_write(trace_writer *w, const void *data, size_t size)
{
    if (!w->open || size > w->open_size - w->open_written)
        return fail(w, GLHLE_RESULT_INVALID_ARGUMENT, "a chunk's payload overran its declared size");
    if (!put(w, data, size))
        return false;
    glhle_hash_update(&w->hash, data, size);
    w->open_written += (uint32_t)size;
    return true;
}

bool trace_end(trace_writer *w)
{
    if (!w->open || w->open_written != w->open_size)
        return fail(w, GLHLE_RESULT_INVALID_ARGUMENT, "a chunk's payload is shorter than its declared size");
    w->open = false;
    uint8_t tail[TRACE_CHUNK_TAIL];
    trace_wr64(tail, glhle_hash_end(&w->hash));
    if (!put(w, tail, sizeof tail))
        return false;
    w->chunks++;
    return true;
}

bool trace_put(trace_writer *w, uint32_t type, const void *fixed, size_t fixed_size, const void *tail,
                      size_t tail_size)
{
    if (fixed_size + tail_size > TRACE_MAX_PAYLOAD)
        return fail(w, GLHLE_RESULT_LIMIT_EXCEEDED, "a chunk is larger than the format's 64 MiB payload limit");
    return trace_begin(w, type, (uint32_t)(fixed_size + tail_size)) && trace_write(w, fixed, fixed_size) &&
           trace_write(w, tail, tail_size) && trace_end(w);
}

/* ---- reading ------------------------------------------------------------------ */

glhle_result trace_reader_open(trace_reader *r, const void *data, size_t size, const glhle_logger *lg)
{
    return trace_reader_open_kind(r, &trace_kind_trace, data, size, lg);
}

glhle_result trace_reader_open_kind(trace_reader *r, const trace_kind *kind, const void *data, size_t size,
                                    const glhle_logger *lg)
{
    const char *noun = kind->noun;
    memset(r, 0, sizeof *r);
    r->data = data;
    r->size = size;
    r->log = lg;
    const uint8_t *h = data;
    if (size < TRACE_MAGIC_SIZE || memcmp(h, kind->magic, TRACE_MAGIC_SIZE) != 0)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "%s: offset 0: no \"%s\" magic; not a glhle %s", noun,
                          kind->magic, noun);
    if (size < TRACE_HEADER_SIZE)
        return GLHLE_FAIL(lg, GLHLE_RESULT_TRUNCATED,
                          "%s: offset 0: the data ends after %zu bytes, inside the %d-byte header", noun, size,
                          TRACE_HEADER_SIZE);
    r->major = trace_rd16(h + 8);
    r->minor = trace_rd16(h + 10);
    r->header_size = trace_rd32(h + 12);
    r->system = trace_rd32(h + 16);
    r->flags = trace_rd32(h + 20);
    if (r->major != kind->major)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "%s: offset 8: version %u.%u; this glhle reads version %u.x only",
                          noun, r->major, r->minor, kind->major);
    if (r->header_size < TRACE_HEADER_SIZE || r->header_size > TRACE_MAX_HEADER_SIZE)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "%s: offset 12: header size %u is outside %d-%d", noun,
                          r->header_size, TRACE_HEADER_SIZE, TRACE_MAX_HEADER_SIZE);
    if (r->header_size > size)
        return GLHLE_FAIL(lg, GLHLE_RESULT_TRUNCATED,
                          "%s: offset 12: the %u-byte header does not fit in the %zu bytes", noun, r->header_size,
                          size);
    glhle_hash_state st;
    glhle_hash_begin(&st, 0);
    glhle_hash_update(&st, h, 24);
    glhle_hash_update(&st, h + TRACE_HEADER_SIZE, r->header_size - TRACE_HEADER_SIZE);
    const uint64_t want = trace_rd64(h + 24), got = glhle_hash_end(&st);
    if (want != got)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA,
                          "%s: offset 24: header checksum 0x%016llx, but the header hashes to 0x%016llx; the "
                          "data is damaged",
                          noun, (unsigned long long)want, (unsigned long long)got);
    if (!trace_system_name(r->system))
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA,
                          "%s: offset 16: system %u is none this glhle knows (1 PICA200, 2 PlayStation, 3 Maxwell)",
                          noun, r->system);
    r->pos = r->header_size;
    r->noun = noun;
    return GLHLE_RESULT_OK;
}

glhle_result trace_reader_next(trace_reader *r, trace_chunk *c)
{
    memset(c, 0, sizeof *c);
    const size_t at = r->pos;
    if (at == r->size)
        return GLHLE_RESULT_NOT_FOUND;
    const size_t left = r->size - at;
    c->offset = at;
    if (left < TRACE_CHUNK_HEAD)
        return GLHLE_FAIL(r->log, GLHLE_RESULT_TRUNCATED,
                          "%s: offset 0x%zx: the data ends %zu bytes into a chunk header", r->noun, at, left);
    const uint8_t *p = r->data + at;
    c->type = trace_rd32(p);
    c->size = trace_rd32(p + 4);
    char nb[24];
    if (c->size > TRACE_MAX_PAYLOAD)
        return GLHLE_FAIL(r->log, GLHLE_RESULT_BAD_DATA,
                          "%s: offset 0x%zx: %s chunk claims %u payload bytes, more than the format's %u", r->noun, at,
                          trace_type_name(&r->names, c->type, nb), c->size, TRACE_MAX_PAYLOAD);
    if ((size_t)c->size + TRACE_CHUNK_OVERHEAD > left)
        return GLHLE_FAIL(r->log, GLHLE_RESULT_TRUNCATED,
                          "%s: offset 0x%zx: %s chunk of %u payload bytes, but only %zu bytes are left", r->noun, at,
                          trace_type_name(&r->names, c->type, nb), c->size, left - TRACE_CHUNK_HEAD);
    const uint64_t want = trace_rd64(p + TRACE_CHUNK_HEAD + c->size);
    const uint64_t got = glhle_hash64(p, TRACE_CHUNK_HEAD + (size_t)c->size);
    if (want != got)
        return GLHLE_FAIL(r->log, GLHLE_RESULT_BAD_DATA,
                          "%s: offset 0x%zx: %s chunk checksum 0x%016llx, but its bytes hash to 0x%016llx; the "
                          "data is damaged",
                          r->noun, at, trace_type_name(&r->names, c->type, nb), (unsigned long long)want, (unsigned long long)got);
    c->payload = p + TRACE_CHUNK_HEAD;
    r->pos = at + TRACE_CHUNK_OVERHEAD + c->size;
    return GLHLE_RESULT_OK;
}

/* ---- save states -------------------------------------------------------------- */

glhle_result state_reader_open(trace_reader *r, const void *data, size_t size, uint32_t system,
                               const trace_type_names *names, const glhle_logger *lg)
{
    glhle_result res = trace_reader_open_kind(r, &trace_kind_state, data, size, lg);
    if (res != GLHLE_RESULT_OK)
        return res;
    if (r->system != system)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "save state: offset 16: a %s save state, not a %s one; not loaded",
                          trace_system_name(r->system), trace_system_name(system));
    r->names = *names;
    return GLHLE_RESULT_OK;
}

glhle_result state_reader_next(trace_reader *r, trace_chunk *c, uint32_t *chunks)
{
    for (;;) {
        glhle_result res = trace_reader_next(r, c);
        if (res == GLHLE_RESULT_NOT_FOUND)
            return GLHLE_FAIL(r->log, GLHLE_RESULT_TRUNCATED,
                              "save state: offset 0x%zx: the data ends without an END chunk; not loaded", r->pos);
        if (res != GLHLE_RESULT_OK)
            return res;
        ++*chunks;
        if (!(c->type & TRACE_OPTIONAL))
            return GLHLE_RESULT_OK;
    }
}

glhle_result state_chunk_error(const trace_reader *r, const trace_chunk *c, const char *what)
{
    char nb[24];
    return GLHLE_FAIL(r->log, GLHLE_RESULT_BAD_DATA, "save state: offset 0x%llx: %s chunk: %s; not loaded",
                      (unsigned long long)c->offset, trace_type_name(&r->names, c->type, nb), what);
}

glhle_result state_reader_end(trace_reader *r, const trace_chunk *c, uint32_t chunks_before)
{
    if (c->size != 4 || trace_rd32(c->payload) != chunks_before)
        return GLHLE_FAIL(r->log, GLHLE_RESULT_BAD_DATA,
                          "save state: offset 0x%llx: END chunk: its count is not the %u chunks before it; not loaded",
                          (unsigned long long)c->offset, chunks_before);
    if (r->pos != r->size)
        return GLHLE_FAIL(r->log, GLHLE_RESULT_BAD_DATA,
                          "save state: offset 0x%zx: %zu bytes after the END chunk; not loaded", r->pos, r->size - r->pos);
    return GLHLE_RESULT_OK;
}
