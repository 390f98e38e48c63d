/* The disk shader cache's reader and writer (shader_cache_file.h; byte
 * layout in docs/shader-cache.md). */
#include "backend/gl/shader_cache_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend/common/hash.h"

#define LOGGED_BAD 32u

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static uint64_t rd64(const uint8_t *p)
{
    return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

static void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void wr64(uint8_t *p, uint64_t v)
{
    wr32(p, (uint32_t)v);
    wr32(p + 4, (uint32_t)(v >> 32));
}

const char *gl_shc_kind_name(uint32_t kind)
{
    static const char *const names[GL_SHC_KIND_COUNT_] = {"?", "key", "glsl", "binary", "use", "glsl+gs", "glsl+tess"};
    return kind < GL_SHC_KIND_COUNT_ ? names[kind] : "?";
}

uint32_t gl_shc_key_size(const gl_shc_system_info *info, const void *key)
{
    return info->key_max_size && info->key_size_of ? info->key_size_of(key) : info->key_size;
}

uint64_t gl_shc_entry_id(uint32_t system, uint32_t key_version, uint32_t key_size, uint32_t host, const void *key)
{
    uint8_t head[16];
    wr32(head, system);
    wr32(head + 4, key_version);
    wr32(head + 8, key_size);
    wr32(head + 12, host);
    glhle_hash_state st;
    glhle_hash_begin(&st, 0);
    glhle_hash_update(&st, head, sizeof head);
    glhle_hash_update(&st, key, key_size);
    return glhle_hash_end(&st);
}

uint64_t gl_shc_glsl_hash(const char *vs, size_t vs_len, const char *fs, size_t fs_len)
{
    uint8_t lens[8];
    wr32(lens, (uint32_t)vs_len);
    wr32(lens + 4, (uint32_t)fs_len);
    glhle_hash_state st;
    glhle_hash_begin(&st, 0);
    glhle_hash_update(&st, lens, sizeof lens);
    glhle_hash_update(&st, vs, vs_len);
    glhle_hash_update(&st, fs, fs_len);
    return glhle_hash_end(&st);
}

uint64_t gl_shc_glsl_hash_gs(const char *vs, size_t vs_len, const char *gs, size_t gs_len, const char *fs,
                             size_t fs_len)
{
    if (!gs_len)
        return gl_shc_glsl_hash(vs, vs_len, fs, fs_len);
    uint8_t lens[12];
    wr32(lens, (uint32_t)vs_len);
    wr32(lens + 4, (uint32_t)fs_len);
    wr32(lens + 8, (uint32_t)gs_len);
    glhle_hash_state st;
    glhle_hash_begin(&st, 0);
    glhle_hash_update(&st, lens, sizeof lens);
    glhle_hash_update(&st, vs, vs_len);
    glhle_hash_update(&st, gs, gs_len);
    glhle_hash_update(&st, fs, fs_len);
    return glhle_hash_end(&st);
}

uint64_t gl_shc_glsl_hash_tess(const char *vs, size_t vs_len, const char *tcs, size_t tcs_len, const char *tes,
                               size_t tes_len, const char *gs, size_t gs_len, const char *fs, size_t fs_len)
{
    if (!tcs_len && !tes_len)
        return gl_shc_glsl_hash_gs(vs, vs_len, gs, gs_len, fs, fs_len);
    uint8_t lens[20];
    wr32(lens, (uint32_t)vs_len);
    wr32(lens + 4, (uint32_t)fs_len);
    wr32(lens + 8, (uint32_t)gs_len);
    wr32(lens + 12, (uint32_t)tcs_len);
    wr32(lens + 16, (uint32_t)tes_len);
    glhle_hash_state st;
    glhle_hash_begin(&st, 0);
    glhle_hash_update(&st, lens, sizeof lens);
    glhle_hash_update(&st, vs, vs_len);
    glhle_hash_update(&st, tcs, tcs_len);
    glhle_hash_update(&st, tes, tes_len);
    glhle_hash_update(&st, gs, gs_len);
    glhle_hash_update(&st, fs, fs_len);
    return glhle_hash_end(&st);
}

/* ---- reading ---------------------------------------------------------------------------------------- */

typedef struct parser {
    gl_shc_file *f;
    const gl_shc_system_info *const *systems;
    uint32_t system_count;
    const glhle_logger *log;
    glhle_log_level level;
    size_t entry_cap, glsl_cap, binary_cap;
    bool oom;
} parser;

static void bad(parser *ps, uint64_t offset, uint32_t kind, uint64_t bytes, const char *why)
{
    gl_shc_file *f = ps->f;
    if (f->bad_count < GL_SHC_MAX_BAD_LISTED)
        f->bad[f->bad_count] = (gl_shc_bad){offset, kind, why};
    if (f->bad_count < LOGGED_BAD && ps->log)
        GLHLE_LOG(ps->log, ps->level, "shader cache +0x%llx: %s record skipped: %s; its program is rebuilt when needed",
                  (unsigned long long)offset, kind ? gl_shc_kind_name(kind) : "unreadable", why);
    else if (f->bad_count == LOGGED_BAD && ps->log)
        GLHLE_LOG(ps->log, ps->level, "shader cache: more bad records; the rest are only counted");
    f->bad_count++;
    f->bad_bytes += bytes;
}

static bool grow(parser *ps, void **arr, size_t *cap, size_t count, size_t elem)
{
    if (count < *cap)
        return true;
    size_t n = *cap ? *cap * 2 : 16;
    void *p = realloc(*arr, n * elem);
    if (!p) {
        ps->oom = true;
        return false;
    }
    *arr = p;
    *cap = n;
    return true;
}

static const gl_shc_system_info *find_system(const parser *ps, uint32_t id)
{
    for (uint32_t i = 0; i < ps->system_count; i++)
        if (ps->systems[i] && ps->systems[i]->id == id)
            return ps->systems[i];
    return NULL;
}

/* One good record's payload; returns NULL or why it is rejected. */
static const char *take_record(parser *ps, uint32_t kind, uint64_t offset, const uint8_t *p, uint32_t n)
{
    gl_shc_file *f = ps->f;
    switch (kind) {
    case GL_SHC_KEY: {
        if (n < 32)
            return "key record shorter than its fixed fields";
        gl_shc_entry e;
        memset(&e, 0, sizeof e);
        e.system = rd32(p);
        e.key_version = rd32(p + 4);
        e.key_size = rd32(p + 8);
        e.host = rd32(p + 12);
        e.last_use = rd64(p + 16);
        e.glsl_hash = rd64(p + 24);
        e.key = p + 32;
        e.offset = offset;
        if (e.key_size > GL_SHC_MAX_VAR_KEY_BYTES || e.key_size != n - 32)
            return "key size does not match the record";
        if (e.system != f->system)
            return "foreign record: another system's key";
        if (f->info) {
            if (e.key_version > f->info->key_version)
                return "key from a newer key version than this build knows";
            if (e.key_version != f->info->key_version)
                return "key from an older key version";
            if (!f->info->key_max_size && e.key_size != f->info->key_size)
                return "key size differs from this build's key";
            if (f->info->key_max_size &&
                (e.key_size < f->info->key_size || e.key_size > f->info->key_max_size ||
                 (!(e.host & GL_SHC_HOST_FALLBACK) && f->info->key_size_of(e.key) != e.key_size)))
                return "key size differs from the size its fixed fields give";
            if (e.host & GL_SHC_HOST_FALLBACK) {
                for (uint32_t i = 0; i < e.key_size; i++)
                    if (e.key[i])
                        return "fallback program's key is not all zero";
            } else if (f->info->key_valid && !f->info->key_valid(e.key)) {
                return "key is not one this build generates (not normalised)";
            }
        }
        e.id = gl_shc_entry_id(e.system, e.key_version, e.key_size, e.host, e.key);
        if (!grow(ps, (void **)&f->entries, &ps->entry_cap, f->entry_count, sizeof e))
            return "out of memory";
        f->entries[f->entry_count++] = e;
        if (e.last_use > f->max_generation)
            f->max_generation = e.last_use;
        return NULL;
    }
    case GL_SHC_GLSL: {
        if (n < 16)
            return "glsl record shorter than its fixed fields";
        gl_shc_glsl g;
        memset(&g, 0, sizeof g);
        g.hash = rd64(p);
        g.vs_len = rd32(p + 8);
        g.fs_len = rd32(p + 12);
        if ((uint64_t)g.vs_len + g.fs_len != n - 16)
            return "text lengths do not match the record";
        g.vs = (const char *)p + 16;
        g.fs = g.vs + g.vs_len;
        g.gs = NULL;
        g.gs_len = 0;
        g.offset = offset;
        if (gl_shc_glsl_hash(g.vs, g.vs_len, g.fs, g.fs_len) != g.hash)
            return "text does not match its hash";
        if (!grow(ps, (void **)&f->glsl, &ps->glsl_cap, f->glsl_count, sizeof g))
            return "out of memory";
        f->glsl[f->glsl_count++] = g;
        return NULL;
    }
    case GL_SHC_GLSL_GS: {
        if (n < 24)
            return "glsl+gs record shorter than its fixed fields";
        gl_shc_glsl g;
        memset(&g, 0, sizeof g);
        g.hash = rd64(p);
        g.vs_len = rd32(p + 8);
        g.gs_len = rd32(p + 12);
        g.fs_len = rd32(p + 16);
        if (rd32(p + 20) != 0)
            return "glsl+gs record's reserved field is not zero";
        if (g.gs_len == 0)
            return "glsl+gs record without geometry text";
        if ((uint64_t)g.vs_len + g.gs_len + g.fs_len != n - 24)
            return "text lengths do not match the record";
        g.vs = (const char *)p + 24;
        g.gs = g.vs + g.vs_len;
        g.fs = g.gs + g.gs_len;
        g.offset = offset;
        if (gl_shc_glsl_hash_gs(g.vs, g.vs_len, g.gs, g.gs_len, g.fs, g.fs_len) != g.hash)
            return "text does not match its hash";
        if (!grow(ps, (void **)&f->glsl, &ps->glsl_cap, f->glsl_count, sizeof g))
            return "out of memory";
        f->glsl[f->glsl_count++] = g;
        return NULL;
    }
    case GL_SHC_GLSL_TESS: {
        if (n < 32)
            return "glsl+tess record shorter than its fixed fields";
        gl_shc_glsl g;
        memset(&g, 0, sizeof g);
        g.hash = rd64(p);
        g.vs_len = rd32(p + 8);
        g.tcs_len = rd32(p + 12);
        g.tes_len = rd32(p + 16);
        g.gs_len = rd32(p + 20);
        g.fs_len = rd32(p + 24);
        if (rd32(p + 28) != 0)
            return "glsl+tess record's reserved field is not zero";
        if (g.tcs_len == 0 || g.tes_len == 0)
            return "glsl+tess record without both tessellation texts";
        if ((uint64_t)g.vs_len + g.tcs_len + g.tes_len + g.gs_len + g.fs_len != n - 32)
            return "text lengths do not match the record";
        g.vs = (const char *)p + 32;
        g.tcs = g.vs + g.vs_len;
        g.tes = g.tcs + g.tcs_len;
        g.gs = g.tes + g.tes_len;
        g.fs = g.gs + g.gs_len;
        g.offset = offset;
        if (gl_shc_glsl_hash_tess(g.vs, g.vs_len, g.tcs, g.tcs_len, g.tes, g.tes_len, g.gs, g.gs_len, g.fs,
                                  g.fs_len) != g.hash)
            return "text does not match its hash";
        if (!grow(ps, (void **)&f->glsl, &ps->glsl_cap, f->glsl_count, sizeof g))
            return "out of memory";
        f->glsl[f->glsl_count++] = g;
        return NULL;
    }
    case GL_SHC_BINARY: {
        if (n < 24)
            return "binary record shorter than its fixed fields";
        gl_shc_binary b;
        b.glsl_hash = rd64(p);
        b.format = rd32(p + 8);
        b.driver_len = rd32(p + 12);
        b.size = rd32(p + 16);
        if (b.driver_len > GL_SHC_MAX_DRIVER_BYTES || (uint64_t)b.driver_len + b.size != n - 24)
            return "driver id and binary lengths do not match the record";
        if (b.size == 0)
            return "empty binary";
        b.driver = (const char *)p + 24;
        b.data = p + 24 + b.driver_len;
        b.offset = offset;
        if (!grow(ps, (void **)&f->binaries, &ps->binary_cap, f->binary_count, sizeof b))
            return "out of memory";
        f->binaries[f->binary_count++] = b;
        return NULL;
    }
    case GL_SHC_USE: {
        if (n < 16)
            return "use record shorter than its fixed fields";
        uint64_t gen = rd64(p);
        uint32_t count = rd32(p + 8);
        if ((uint64_t)count * 8 != n - 16)
            return "entry count does not match the record";
        if (gen > f->max_generation)
            f->max_generation = gen;
        /* applied after all KEY records are in (parse_uses) */
        return NULL;
    }
    default:
        return "unknown record kind";
    }
}

static int cmp_entry(const void *a, const void *b)
{
    const gl_shc_entry *x = a, *y = b;
    if (x->id != y->id)
        return x->id < y->id ? -1 : 1;
    return x->offset < y->offset ? -1 : x->offset > y->offset; /* later record last */
}

static int cmp_glsl(const void *a, const void *b)
{
    const gl_shc_glsl *x = a, *y = b;
    if (x->hash != y->hash)
        return x->hash < y->hash ? -1 : 1;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static int cmp_binary_identity(const gl_shc_binary *x, const gl_shc_binary *y)
{
    if (x->glsl_hash != y->glsl_hash)
        return x->glsl_hash < y->glsl_hash ? -1 : 1;
    if (x->format != y->format)
        return x->format < y->format ? -1 : 1;
    if (x->driver_len != y->driver_len)
        return x->driver_len < y->driver_len ? -1 : 1;
    return memcmp(x->driver, y->driver, x->driver_len);
}

static int cmp_binary(const void *a, const void *b)
{
    const gl_shc_binary *x = a, *y = b;
    int c = cmp_binary_identity(x, y);
    if (c)
        return c;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Sorted runs of equal identity keep one element: entries and binaries the
 * last written (a later record replaces), texts the first (all equal). */
static void dedupe(gl_shc_file *f)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < f->entry_count; i++) {
        if (n && f->entries[n - 1].id == f->entries[i].id) {
            /* the newer record wins, but the last use is the latest of both */
            uint64_t use = f->entries[n - 1].last_use;
            f->entries[n - 1] = f->entries[i];
            if (use > f->entries[n - 1].last_use)
                f->entries[n - 1].last_use = use;
            f->superseded++;
        } else {
            f->entries[n++] = f->entries[i];
        }
    }
    f->entry_count = n;
    n = 0;
    for (uint32_t i = 0; i < f->glsl_count; i++) {
        if (n && f->glsl[n - 1].hash == f->glsl[i].hash)
            f->superseded++;
        else
            f->glsl[n++] = f->glsl[i];
    }
    f->glsl_count = n;
    n = 0;
    for (uint32_t i = 0; i < f->binary_count; i++) {
        if (n && cmp_binary_identity(&f->binaries[n - 1], &f->binaries[i]) == 0) {
            f->binaries[n - 1] = f->binaries[i];
            f->superseded++;
        } else {
            f->binaries[n++] = f->binaries[i];
        }
    }
    f->binary_count = n;
}

const gl_shc_entry *gl_shc_find_entry(const gl_shc_file *f, uint64_t id)
{
    uint32_t lo = 0, hi = f->entry_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (f->entries[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < f->entry_count && f->entries[lo].id == id ? &f->entries[lo] : NULL;
}

const gl_shc_glsl *gl_shc_find_glsl(const gl_shc_file *f, uint64_t hash)
{
    uint32_t lo = 0, hi = f->glsl_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (f->glsl[mid].hash < hash)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < f->glsl_count && f->glsl[lo].hash == hash ? &f->glsl[lo] : NULL;
}

const gl_shc_binary *gl_shc_first_binary(const gl_shc_file *f, uint64_t glsl_hash, uint32_t *count)
{
    uint32_t lo = 0, hi = f->binary_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (f->binaries[mid].glsl_hash < glsl_hash)
            lo = mid + 1;
        else
            hi = mid;
    }
    uint32_t end = lo;
    while (end < f->binary_count && f->binaries[end].glsl_hash == glsl_hash)
        end++;
    *count = end - lo;
    return end > lo ? &f->binaries[lo] : NULL;
}

/* USE records move the last use of the entries they name forward. */
static void apply_uses(gl_shc_file *f, const uint64_t *use_offsets, size_t use_count)
{
    for (size_t u = 0; u < use_count; u++) {
        const uint8_t *p = f->data + use_offsets[u] + GL_SHC_RECORD_HEADER_BYTES;
        uint64_t gen = rd64(p);
        uint32_t count = rd32(p + 8);
        for (uint32_t i = 0; i < count; i++) {
            gl_shc_entry *e = (gl_shc_entry *)gl_shc_find_entry(f, rd64(p + 16 + 8 * (size_t)i));
            if (e && e->last_use < gen)
                e->last_use = gen;
        }
    }
}

static bool header_at(const gl_shc_file *f, size_t off, uint32_t *kind, uint32_t *len)
{
    if (f->size - off < GL_SHC_RECORD_HEADER_BYTES)
        return false;
    const uint8_t *h = f->data + off;
    if (rd32(h) != GL_SHC_RECORD_MAGIC)
        return false;
    *kind = rd16(h + 4);
    *len = rd32(h + 8);
    return true;
}

static uint64_t record_checksum(const uint8_t *rec, uint32_t len)
{
    glhle_hash_state st;
    glhle_hash_begin(&st, 0);
    glhle_hash_update(&st, rec, 16);
    glhle_hash_update(&st, rec + GL_SHC_RECORD_HEADER_BYTES, len);
    return glhle_hash_end(&st);
}

static size_t padded(size_t len)
{
    return (len + 7) & ~(size_t)7;
}

glhle_result gl_shc_parse(const uint8_t *data, size_t size, const gl_shc_system_info *const *systems,
                          uint32_t system_count, uint32_t want_system, const glhle_logger *log,
                          glhle_log_level log_level, gl_shc_file *out)
{
    memset(out, 0, sizeof *out);
    parser ps = {.f = out, .systems = systems, .system_count = system_count, .log = log, .level = log_level};
    if (size == 0)
        return GLHLE_RESULT_OK;
    out->data = malloc(size);
    if (!out->data)
        return GLHLE_RESULT_OUT_OF_MEMORY;
    memcpy(out->data, data, size);
    out->size = size;
    const uint8_t *d = out->data;
    if (size < GL_SHC_HEADER_BYTES || memcmp(d, GL_SHC_MAGIC, 8) != 0 ||
        rd64(d + 24) != glhle_hash64(d, 24)) {
        bad(&ps, 0, 0, size, "not a glhle shader cache (bad header or header checksum)");
        return GLHLE_RESULT_BAD_DATA;
    }
    if (rd32(d + 8) != GL_SHC_FORMAT_VERSION) {
        bad(&ps, 0, 0, size, rd32(d + 8) > GL_SHC_FORMAT_VERSION ? "file format newer than this build"
                                                                 : "unknown file format version");
        return GLHLE_RESULT_BAD_DATA;
    }
    out->system = rd32(d + 12);
    out->info = find_system(&ps, out->system);
    if ((want_system && out->system != want_system) || (!want_system && !out->info)) {
        bad(&ps, 0, 0, size, "foreign file: another system's cache");
        out->system = 0;
        return GLHLE_RESULT_BAD_DATA;
    }
    out->header_ok = true;

    uint64_t *uses = NULL;
    size_t use_count = 0, use_cap = 0;
    uint64_t scan_budget = 4 * (uint64_t)size + 4096; /* bytes the resynchronising search may hash */
    size_t off = GL_SHC_HEADER_BYTES;
    while (off < size && !ps.oom) {
        uint32_t kind = 0, len = 0;
        const char *why = NULL;
        if (!header_at(out, off, &kind, &len))
            why = size - off < GL_SHC_RECORD_HEADER_BYTES ? "truncated record header" : "bad record magic";
        else if (len > GL_SHC_MAX_PAYLOAD)
            why = "payload length over the 64 MiB limit";
        else if (len > size - off - GL_SHC_RECORD_HEADER_BYTES)
            why = "truncated record (the file ends inside it)";
        else if (record_checksum(d + off, len) != rd64(d + off + 16))
            why = "checksum mismatch";
        if (!why) {
            if (padded(len) > size - off - GL_SHC_RECORD_HEADER_BYTES)
                len = (uint32_t)(size - off - GL_SHC_RECORD_HEADER_BYTES); /* tolerate a missing pad at the end */
            why = take_record(&ps, kind, off, d + off + GL_SHC_RECORD_HEADER_BYTES, len);
            if (!why && kind == GL_SHC_USE) {
                if (!grow(&ps, (void **)&uses, &use_cap, use_count, sizeof *uses))
                    break;
                uses[use_count++] = off;
            }
            size_t next = off + GL_SHC_RECORD_HEADER_BYTES + padded(len);
            if (why)
                bad(&ps, off, kind, next - off, why);
            else
                out->records[kind]++;
            off = next < size ? next : size;
            continue;
        }
        /* resynchronise: the next 8-byte boundary whose record checks out */
        size_t from = off;
        size_t next = (off + 8) & ~(size_t)7;
        for (; next < size; next += 8) {
            uint32_t k, n;
            if (!header_at(out, next, &k, &n) || n > GL_SHC_MAX_PAYLOAD ||
                n > size - next - GL_SHC_RECORD_HEADER_BYTES)
                continue;
            if (scan_budget < (uint64_t)n + 16) {
                next = size;
                break;
            }
            scan_budget -= (uint64_t)n + 16;
            if (record_checksum(d + next, n) == rd64(d + next + 16))
                break;
        }
        if (next > size)
            next = size;
        bad(&ps, from, kind, next - from, why);
        off = next;
    }
    if (!ps.oom) {
        /* qsort wants a real array even for no elements */
        if (out->entry_count)
            qsort(out->entries, out->entry_count, sizeof *out->entries, cmp_entry);
        if (out->glsl_count)
            qsort(out->glsl, out->glsl_count, sizeof *out->glsl, cmp_glsl);
        if (out->binary_count)
            qsort(out->binaries, out->binary_count, sizeof *out->binaries, cmp_binary);
        dedupe(out);
        apply_uses(out, uses, use_count);
    }
    free(uses);
    if (ps.oom) {
        gl_shc_free(out);
        return GLHLE_RESULT_OUT_OF_MEMORY;
    }
    return GLHLE_RESULT_OK;
}

void gl_shc_free(gl_shc_file *f)
{
    free(f->data);
    free(f->entries);
    free(f->glsl);
    free(f->binaries);
    memset(f, 0, sizeof *f);
}

/* ---- writing ---------------------------------------------------------------------------------------- */

bool gl_shc_write_header(glhle_bytebuf *out, uint32_t system)
{
    uint8_t *h = glhle_bytebuf_extend(out, GL_SHC_HEADER_BYTES);
    if (!h)
        return false;
    memcpy(h, GL_SHC_MAGIC, 8);
    wr32(h + 8, GL_SHC_FORMAT_VERSION);
    wr32(h + 12, system);
    wr32(h + 16, GL_SHC_HEADER_BYTES);
    wr32(h + 20, 0);
    wr64(h + 24, glhle_hash64(h, 24));
    return true;
}

/* A record of `kind` whose payload is the concatenation of the parts. */
static bool write_record(glhle_bytebuf *out, uint32_t kind, const void *const *parts, const size_t *sizes, int n)
{
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += sizes[i];
    if (len > GL_SHC_MAX_PAYLOAD)
        return false;
    const size_t start = out->size;
    uint8_t *r = glhle_bytebuf_extend(out, GL_SHC_RECORD_HEADER_BYTES + padded(len));
    if (!r)
        return false;
    wr32(r, GL_SHC_RECORD_MAGIC);
    r[4] = (uint8_t)kind;
    r[5] = (uint8_t)(kind >> 8);
    wr32(r + 8, (uint32_t)len);
    size_t at = GL_SHC_RECORD_HEADER_BYTES;
    for (int i = 0; i < n; i++) {
        if (sizes[i])
            memcpy(r + at, parts[i], sizes[i]);
        at += sizes[i];
    }
    wr64(r + 16, record_checksum(out->data + start, (uint32_t)len));
    return true;
}

bool gl_shc_write_key(glhle_bytebuf *out, uint32_t system, uint32_t key_version, uint32_t key_size, uint32_t host,
                      uint64_t generation, uint64_t glsl_hash, const void *key)
{
    uint8_t f[32];
    wr32(f, system);
    wr32(f + 4, key_version);
    wr32(f + 8, key_size);
    wr32(f + 12, host);
    wr64(f + 16, generation);
    wr64(f + 24, glsl_hash);
    const void *parts[2] = {f, key};
    const size_t sizes[2] = {sizeof f, key_size};
    return write_record(out, GL_SHC_KEY, parts, sizes, 2);
}

bool gl_shc_write_glsl(glhle_bytebuf *out, const char *vs, uint32_t vs_len, const char *fs, uint32_t fs_len)
{
    uint8_t f[16];
    wr64(f, gl_shc_glsl_hash(vs, vs_len, fs, fs_len));
    wr32(f + 8, vs_len);
    wr32(f + 12, fs_len);
    const void *parts[3] = {f, vs, fs};
    const size_t sizes[3] = {sizeof f, vs_len, fs_len};
    return write_record(out, GL_SHC_GLSL, parts, sizes, 3);
}

bool gl_shc_write_glsl_gs(glhle_bytebuf *out, const char *vs, uint32_t vs_len, const char *gs, uint32_t gs_len,
                          const char *fs, uint32_t fs_len)
{
    if (!gs_len)
        return gl_shc_write_glsl(out, vs, vs_len, fs, fs_len);
    uint8_t f[24];
    wr64(f, gl_shc_glsl_hash_gs(vs, vs_len, gs, gs_len, fs, fs_len));
    wr32(f + 8, vs_len);
    wr32(f + 12, gs_len);
    wr32(f + 16, fs_len);
    wr32(f + 20, 0);
    const void *parts[4] = {f, vs, gs, fs};
    const size_t sizes[4] = {sizeof f, vs_len, gs_len, fs_len};
    return write_record(out, GL_SHC_GLSL_GS, parts, sizes, 4);
}

bool gl_shc_write_glsl_tess(glhle_bytebuf *out, const char *vs, uint32_t vs_len, const char *tcs, uint32_t tcs_len,
                            const char *tes, uint32_t tes_len, const char *gs, uint32_t gs_len, const char *fs,
                            uint32_t fs_len)
{
    if (!tcs_len && !tes_len)
        return gl_shc_write_glsl_gs(out, vs, vs_len, gs, gs_len, fs, fs_len);
    if (!tcs_len || !tes_len)
        return false;
    uint8_t f[32];
    wr64(f, gl_shc_glsl_hash_tess(vs, vs_len, tcs, tcs_len, tes, tes_len, gs, gs_len, fs, fs_len));
    wr32(f + 8, vs_len);
    wr32(f + 12, tcs_len);
    wr32(f + 16, tes_len);
    wr32(f + 20, gs_len);
    wr32(f + 24, fs_len);
    wr32(f + 28, 0);
    const void *parts[6] = {f, vs, tcs, tes, gs, fs};
    const size_t sizes[6] = {sizeof f, vs_len, tcs_len, tes_len, gs_len, fs_len};
    return write_record(out, GL_SHC_GLSL_TESS, parts, sizes, 6);
}

bool gl_shc_write_binary(glhle_bytebuf *out, uint64_t glsl_hash, uint32_t format, const char *driver,
                         uint32_t driver_len, const void *data, uint32_t size)
{
    if (driver_len > GL_SHC_MAX_DRIVER_BYTES || size == 0)
        return false;
    uint8_t f[24];
    memset(f, 0, sizeof f);
    wr64(f, glsl_hash);
    wr32(f + 8, format);
    wr32(f + 12, driver_len);
    wr32(f + 16, size);
    const void *parts[3] = {f, driver, data};
    const size_t sizes[3] = {sizeof f, driver_len, size};
    return write_record(out, GL_SHC_BINARY, parts, sizes, 3);
}

bool gl_shc_write_use(glhle_bytebuf *out, uint64_t generation, const uint64_t *ids, uint32_t count)
{
    if ((uint64_t)count * 8 + 16 > GL_SHC_MAX_PAYLOAD)
        return false;
    uint8_t f[16];
    memset(f, 0, sizeof f);
    wr64(f, generation);
    wr32(f + 8, count);
    uint8_t *list = malloc((size_t)count * 8 + 1);
    if (!list)
        return false;
    for (uint32_t i = 0; i < count; i++)
        wr64(list + 8 * (size_t)i, ids[i]);
    const void *parts[2] = {f, list};
    const size_t sizes[2] = {sizeof f, (size_t)count * 8};
    bool ok = write_record(out, GL_SHC_USE, parts, sizes, 2);
    free(list);
    return ok;
}

uint64_t gl_shc_entry_bytes(const gl_shc_file *f, const gl_shc_entry *e)
{
    uint64_t n = GL_SHC_RECORD_HEADER_BYTES + padded(32 + (size_t)e->key_size);
    const gl_shc_glsl *g = gl_shc_find_glsl(f, e->glsl_hash);
    if (g)
        n += GL_SHC_RECORD_HEADER_BYTES + padded((g->tcs_len ? 32 : g->gs_len ? 24 : 16) + (size_t)g->vs_len +
                                                 g->tcs_len + g->tes_len + g->gs_len + g->fs_len);
    uint32_t count;
    const gl_shc_binary *b = gl_shc_first_binary(f, e->glsl_hash, &count);
    for (uint32_t i = 0; i < count; i++)
        n += GL_SHC_RECORD_HEADER_BYTES + padded(24 + (size_t)b[i].driver_len + b[i].size);
    return n;
}

bool gl_shc_write_compacted(const gl_shc_file *f, const bool *keep, glhle_bytebuf *out)
{
    bool ok = gl_shc_write_header(out, f->system);
    /* texts (and their binaries) go out once, with the first entry naming them */
    bool *text_done = calloc((size_t)f->glsl_count + 1, 1);
    bool *bin_done = calloc((size_t)f->binary_count + 1, 1);
    if (!text_done || !bin_done)
        ok = false;
    for (uint32_t i = 0; ok && i < f->entry_count; i++) {
        if (keep && !keep[i])
            continue;
        const gl_shc_entry *e = &f->entries[i];
        ok = gl_shc_write_key(out, e->system, e->key_version, e->key_size, e->host, e->last_use, e->glsl_hash,
                              e->key);
        const gl_shc_glsl *g = gl_shc_find_glsl(f, e->glsl_hash);
        if (ok && g && !text_done[g - f->glsl]) {
            text_done[g - f->glsl] = true;
            ok = gl_shc_write_glsl_tess(out, g->vs, g->vs_len, g->tcs, g->tcs_len, g->tes, g->tes_len, g->gs,
                                        g->gs_len, g->fs, g->fs_len);
        }
        uint32_t count;
        const gl_shc_binary *b = gl_shc_first_binary(f, e->glsl_hash, &count);
        for (uint32_t j = 0; ok && j < count; j++) {
            if (bin_done[&b[j] - f->binaries])
                continue;
            bin_done[&b[j] - f->binaries] = true;
            ok = gl_shc_write_binary(out, b[j].glsl_hash, b[j].format, b[j].driver, b[j].driver_len, b[j].data,
                                     b[j].size);
        }
    }
    free(text_done);
    free(bin_done);
    return ok && !out->failed;
}

typedef struct prune_item {
    uint64_t last_use, offset;
    uint32_t index;
} prune_item;

static int cmp_prune(const void *a, const void *b)
{
    const prune_item *x = a, *y = b;
    if (x->last_use != y->last_use)
        return x->last_use > y->last_use ? -1 : 1;
    return x->offset > y->offset ? -1 : x->offset < y->offset;
}

uint64_t gl_shc_plan_prune(const gl_shc_file *f, uint64_t max_bytes, bool *keep)
{
    prune_item *items = malloc(((size_t)f->entry_count + 1) * sizeof *items);
    uint64_t total = GL_SHC_HEADER_BYTES;
    for (uint32_t i = 0; i < f->entry_count; i++)
        keep[i] = false;
    if (!items)
        return total;
    for (uint32_t i = 0; i < f->entry_count; i++)
        items[i] = (prune_item){f->entries[i].last_use, f->entries[i].offset, i};
    qsort(items, f->entry_count, sizeof *items, cmp_prune);
    for (uint32_t i = 0; i < f->entry_count; i++) {
        uint64_t n = gl_shc_entry_bytes(f, &f->entries[items[i].index]);
        if (total + n > max_bytes)
            continue; /* a smaller, older entry may still fit */
        total += n;
        keep[items[i].index] = true;
    }
    free(items);
    return total;
}

glhle_result gl_shc_replace_file(const char *path, const void *data, size_t size, const glhle_logger *log)
{
    char tmp[4200];
    if (snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid()) >= (int)sizeof tmp)
        return GLHLE_FAIL(log, GLHLE_RESULT_INVALID_ARGUMENT, "shader cache: path too long: %s", path);
    FILE *fp = fopen(tmp, "wb");
    if (!fp)
        return GLHLE_FAIL(log, GLHLE_RESULT_IO_ERROR, "shader cache: cannot write %s: %s", tmp, strerror(errno));
    bool ok = fwrite(data, 1, size, fp) == size;
    ok = fflush(fp) == 0 && ok;
    ok = fsync(fileno(fp)) == 0 && ok;
    ok = fclose(fp) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        int err = errno;
        remove(tmp);
        return GLHLE_FAIL(log, GLHLE_RESULT_IO_ERROR, "shader cache: cannot replace %s: %s", path, strerror(err));
    }
    return GLHLE_RESULT_OK;
}
