/* glhle-shadercache: inspects, checks, prunes, merges and pre-builds glhle
 * disk shader caches (docs/shader-cache.md).
 *   glhle-shadercache list CACHE [--json]
 *   glhle-shadercache show CACHE ID [--json]
 *   glhle-shadercache glsl CACHE ID [--json]
 *   glhle-shadercache precompile CACHE
 *   glhle-shadercache verify CACHE [--json] [--no-gl]
 *   glhle-shadercache prune CACHE --max-bytes N
 *   glhle-shadercache stats CACHE [--json]
 *   glhle-shadercache merge OUT IN...
 *   glhle-shadercache build CACHE TRACE...
 * CACHE is one cache file (DIR/TITLE.SYSTEM.glsc); '-' reads it from
 * standard input for the read commands. ID is an entry's index as `list`
 * prints it, or a prefix of its 16-digit hex id.
 * Exit status: 0 done, 1 the cache (or a trace) is bad or could not be
 * written (verify: some record is bad; the offsets are printed), 2 usage. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "backend/common/bytebuf.h"
#include "backend/gl/gl_context.h"
#include "backend/gl/program_service.h"
#include "backend/gl/shader_cache_file.h"
#include "backend/common/trace_container.h"
#include "backend/maxwell/render/programs.h"
#include "backend/pica/draw/programs.h"
#include "backend/psx/programs.h"
#include "glhle/maxwell.h"
#include "tools/common/tool.h"
#include "glhle/trace.h"

#define FILE_LIMIT (1ull << 30)

typedef struct options {
    bool json, no_gl;
    uint64_t max_bytes;
    bool have_max_bytes;
} options;

static const gl_program_system *system_by_id(uint32_t id)
{
    if (id == GL_SHC_SYSTEM_PICA)
        return pica_program_system();
    if (id == GL_SHC_SYSTEM_PSX)
        return psx_program_system();
    if (id == GL_SHC_SYSTEM_MAXWELL)
        return mw_program_system();
    if (id == GL_SHC_SYSTEM_PICA_GPU_VS)
        return pica_gpu_program_system();
    if (id == GL_SHC_SYSTEM_MAXWELL_COMPUTE)
        return mw_compute_program_system();
    if (id == GL_SHC_SYSTEM_PICA_GPU_GS)
        return pica_gs_program_system();
    if (id == GL_SHC_SYSTEM_MAXWELL_GS)
        return mw_program_guest_gs_system();
    if (id == GL_SHC_SYSTEM_MAXWELL_TESS)
        return mw_program_tess_system();
    return NULL;
}

#define KNOWN_SYSTEMS 8
static void known_systems(const gl_shc_system_info *out[KNOWN_SYSTEMS])
{
    out[0] = &pica_program_system()->info;
    out[1] = &psx_program_system()->info;
    out[2] = &mw_program_system()->info;
    out[3] = &pica_gpu_program_system()->info;
    out[4] = &mw_compute_program_system()->info;
    out[5] = &pica_gs_program_system()->info;
    out[6] = &mw_program_guest_gs_system()->info;
    out[7] = &mw_program_tess_system()->info;
}

#define USAGE                                                                                 \
    "usage: glhle-shadercache list CACHE [--json]\n"                                          \
    "       glhle-shadercache show CACHE ID [--json]\n"                                       \
    "       glhle-shadercache glsl CACHE ID [--json]\n"                                       \
    "       glhle-shadercache precompile CACHE\n"                                             \
    "       glhle-shadercache verify CACHE [--json] [--no-gl]\n"                              \
    "       glhle-shadercache prune CACHE --max-bytes N\n"                                    \
    "       glhle-shadercache stats CACHE [--json]\n"                                         \
    "       glhle-shadercache merge OUT IN...\n"                                              \
    "       glhle-shadercache build CACHE TRACE...\n"
#define HELP                                                                                  \
    "CACHE is a cache file (DIR/TITLE.SYSTEM.glsc; '-' for standard input when only read).\n" \
    "ID is an index from 'list' or a prefix of an entry's hex id.\n"                          \
    "  --json       machine-readable output (list, show, glsl, verify, stats)\n"              \
    "  --no-gl      verify: skip loading binaries (no GL context)\n"                          \
    "  --max-bytes  prune: the size to prune to (suffixes k, M, G)\n"                         \
    "  --help, --version\n"                                                                   \
    "Exit status: 0 done, 1 the cache (or a trace) is bad or could not be written, 2 usage.\n"

/* ---- output helpers ---- */

static void json_string(const char *s, size_t n)
{
    putchar('"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c == '\n')
            fputs("\\n", stdout);
        else if (c == '\t')
            fputs("\\t", stdout);
        else if (c < 0x20 || c >= 0x7F)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static void json_cstr(const char *s)
{
    json_string(s, strlen(s));
}

/* The renderer line of a driver id (vendor\nrenderer\nversion). */
static void driver_renderer(const char *id, uint32_t len, char *out, size_t size)
{
    const char *nl = memchr(id, '\n', len);
    const char *r = nl ? nl + 1 : id;
    const char *end = memchr(r, '\n', len - (size_t)(r - id));
    size_t n = end ? (size_t)(end - r) : len - (size_t)(r - id);
    snprintf(out, size, "%.*s", (int)n, r);
}

/* ---- loading ---- */

typedef struct cache {
    const char *path;
    gl_shc_file f;
    const gl_program_system *sys;
} cache;

static bool load(const char *path, cache *c, bool quiet)
{
    memset(c, 0, sizeof *c);
    c->path = path;
    glhle_bytebuf b;
    if (!tool_read_input(path, FILE_LIMIT, TOOL_PLAIN, &b)) {
        glhle_bytebuf_free(&b);
        return false;
    }
    const gl_shc_system_info *sys[KNOWN_SYSTEMS];
    known_systems(sys);
    glhle_logger lg = {NULL, NULL, GLHLE_LOG_WARN};
    glhle_result r = gl_shc_parse(b.data, b.size, sys, KNOWN_SYSTEMS, 0, quiet ? NULL : &lg, GLHLE_LOG_WARN, &c->f);
    glhle_bytebuf_free(&b);
    if (r == GLHLE_RESULT_OUT_OF_MEMORY) {
        tool_error("out of memory reading %s", path);
        return false;
    }
    c->sys = system_by_id(c->f.system);
    return true;
}

static const gl_shc_entry *find_id(const cache *c, const char *id)
{
    size_t n = strlen(id);
    bool digits = n > 0 && n < 10 && strspn(id, "0123456789") == n;
    if (digits) {
        unsigned long i = strtoul(id, NULL, 10);
        if (i < c->f.entry_count)
            return &c->f.entries[i];
    }
    const gl_shc_entry *hit = NULL;
    for (uint32_t i = 0; i < c->f.entry_count && n <= 16; i++) {
        char hex[17];
        snprintf(hex, sizeof hex, "%016llx", (unsigned long long)c->f.entries[i].id);
        if (strncmp(hex, id, n) == 0) {
            if (hit)
                return NULL; /* ambiguous */
            hit = &c->f.entries[i];
        }
    }
    return hit;
}

static void host_text(const cache *c, uint32_t host, char *out, size_t size)
{
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 256);
    if (c->sys && c->sys->describe_host)
        c->sys->describe_host(host & ~GL_SHC_HOST_FALLBACK, &b);
    else
        glhle_bytebuf_printf(&b, "0x%x", host & ~GL_SHC_HOST_FALLBACK);
    if (host & GL_SHC_HOST_FALLBACK)
        glhle_bytebuf_printf(&b, " fallback");
    snprintf(out, size, "%s", glhle_bytebuf_cstr(&b));
    glhle_bytebuf_free(&b);
}

static const char *system_name(const cache *c)
{
    return c->sys ? c->sys->info.name : "unknown";
}

/* ---- list / show / glsl / stats ---- */

static int cmd_list(const cache *c, const options *o)
{
    const gl_shc_file *f = &c->f;
    if (o->json) {
        printf("{\"file\": ");
        json_cstr(c->path);
        printf(", \"system\": \"%s\", \"entries\": [", system_name(c));
    } else {
        printf("%-5s %-16s %-7s %-7s %-11s %6s %7s  %s\n", "index", "id", "system", "version", "host", "key",
               "glsl", "binaries");
    }
    for (uint32_t i = 0; i < f->entry_count; i++) {
        const gl_shc_entry *e = &f->entries[i];
        const gl_shc_glsl *g = gl_shc_find_glsl(f, e->glsl_hash);
        char host[64];
        host_text(c, e->host, host, sizeof host);
        uint32_t nb;
        const gl_shc_binary *b = gl_shc_first_binary(f, e->glsl_hash, &nb);
        if (o->json) {
            printf("%s\n  {\"index\": %u, \"id\": \"%016llx\", \"system\": \"%s\", \"key_version\": %u, \"host\": ",
                   i ? "," : "", i, (unsigned long long)e->id, system_name(c), e->key_version);
            json_cstr(host);
            printf(", \"host_bits\": %u, \"key_bytes\": %u, \"glsl_hash\": \"%016llx\", \"glsl_bytes\": %llu, "
                   "\"last_use\": %llu, \"offset\": %llu, \"binaries\": [",
                   e->host, e->key_size, (unsigned long long)e->glsl_hash,
                   g ? (unsigned long long)g->vs_len + g->gs_len + g->fs_len : 0ull, (unsigned long long)e->last_use,
                   (unsigned long long)e->offset);
            for (uint32_t j = 0; j < nb; j++) {
                printf("%s{\"driver\": ", j ? ", " : "");
                json_string(b[j].driver, b[j].driver_len);
                printf(", \"format\": %u, \"bytes\": %u}", b[j].format, b[j].size);
            }
            printf("]}");
        } else {
            printf("%-5u %016llx %-7s %-7u %-11s %6u %7llu  ", i, (unsigned long long)e->id, system_name(c),
                   e->key_version, host, e->key_size, g ? (unsigned long long)g->vs_len + g->gs_len + g->fs_len : 0ull);
            if (!nb)
                printf("-");
            for (uint32_t j = 0; j < nb; j++) {
                char r[256];
                driver_renderer(b[j].driver, b[j].driver_len, r, sizeof r);
                printf("%s%s (%u bytes)", j ? ", " : "", r, b[j].size);
            }
            printf("\n");
        }
    }
    if (o->json)
        printf("%s], \"bad_records\": %u}\n", f->entry_count ? "\n" : "", f->bad_count);
    else if (f->bad_count)
        printf("(%u bad records skipped; see glhle-shadercache verify)\n", f->bad_count);
    return 0;
}

static int cmd_show(const cache *c, const char *id, const options *o)
{
    const gl_shc_entry *e = find_id(c, id);
    if (!e) {
        tool_error("%s: no entry %s (or the prefix names more than one)", c->path, id);
        return 1;
    }
    glhle_bytebuf d;
    glhle_bytebuf_init(&d, 1 << 20);
    if (e->host & GL_SHC_HOST_FALLBACK)
        glhle_bytebuf_printf(&d, "the %s fallback program (its own text, no key fields)\n", system_name(c));
    else if (c->sys && c->sys->describe)
        c->sys->describe(e->key, &d);
    char host[64];
    host_text(c, e->host, host, sizeof host);
    if (o->json) {
        printf("{\"id\": \"%016llx\", \"system\": \"%s\", \"key_version\": %u, \"host\": ", (unsigned long long)e->id,
               system_name(c), e->key_version);
        json_cstr(host);
        printf(", \"offset\": %llu, \"last_use\": %llu, \"key_hex\": \"", (unsigned long long)e->offset,
               (unsigned long long)e->last_use);
        for (uint32_t i = 0; i < e->key_size; i++)
            printf("%02x", e->key[i]);
        printf("\", \"fields\": ");
        json_string((const char *)d.data, d.size);
        printf("}\n");
    } else {
        printf("entry %016llx: %s key version %u, host %s, KEY record at +0x%llx, last used in session %llu\nkey ",
               (unsigned long long)e->id, system_name(c), e->key_version, host, (unsigned long long)e->offset,
               (unsigned long long)e->last_use);
        for (uint32_t i = 0; i < e->key_size; i++)
            printf("%02x", e->key[i]);
        printf("\n%s", glhle_bytebuf_cstr(&d));
    }
    glhle_bytebuf_free(&d);
    return 0;
}

static int cmd_glsl(const cache *c, const char *id, const options *o)
{
    const gl_shc_entry *e = find_id(c, id);
    if (!e) {
        tool_error("%s: no entry %s (or the prefix names more than one)", c->path, id);
        return 1;
    }
    const gl_shc_glsl *g = gl_shc_find_glsl(&c->f, e->glsl_hash);
    glhle_bytebuf vs, tcs, tes, gs, fs;
    glhle_bytebuf_init(&vs, 1 << 20);
    glhle_bytebuf_init(&tcs, 1 << 20);
    glhle_bytebuf_init(&tes, 1 << 20);
    glhle_bytebuf_init(&gs, 1 << 20);
    glhle_bytebuf_init(&fs, 1 << 20);
    if (g) {
        glhle_bytebuf_append(&vs, g->vs, g->vs_len);
        glhle_bytebuf_append(&tcs, g->tcs, g->tcs_len);
        glhle_bytebuf_append(&tes, g->tes, g->tes_len);
        glhle_bytebuf_append(&gs, g->gs, g->gs_len);
        glhle_bytebuf_append(&fs, g->fs, g->fs_len);
    } else if (c->sys) {
        tool_error("no text stored for entry %016llx; regenerated from its key",
                (unsigned long long)e->id);
        gl_program_system_text(c->sys, e->key, e->host, &vs, &tcs, &tes, &gs, &fs);
    }
    if (o->json) {
        printf("{\"id\": \"%016llx\", \"stored\": %s, \"vertex\": ", (unsigned long long)e->id, g ? "true" : "false");
        json_string((const char *)vs.data, vs.size);
        if (tcs.size) {
            printf(", \"tess_control\": ");
            json_string((const char *)tcs.data, tcs.size);
            printf(", \"tess_evaluation\": ");
            json_string((const char *)tes.data, tes.size);
        }
        if (gs.size) {
            printf(", \"geometry\": ");
            json_string((const char *)gs.data, gs.size);
        }
        printf(", \"fragment\": ");
        json_string((const char *)fs.data, fs.size);
        printf("}\n");
    } else {
        printf("// ---- vertex shader\n%s", glhle_bytebuf_cstr(&vs));
        if (tcs.size)
            printf("// ---- tessellation control shader\n%s// ---- tessellation evaluation shader\n%s",
                   glhle_bytebuf_cstr(&tcs), glhle_bytebuf_cstr(&tes));
        if (gs.size)
            printf("// ---- geometry shader\n%s", glhle_bytebuf_cstr(&gs));
        printf("// ---- fragment shader\n%s", glhle_bytebuf_cstr(&fs));
    }
    glhle_bytebuf_free(&vs);
    glhle_bytebuf_free(&tcs);
    glhle_bytebuf_free(&tes);
    glhle_bytebuf_free(&gs);
    glhle_bytebuf_free(&fs);
    return 0;
}

static int cmd_stats(const cache *c, const options *o)
{
    const gl_shc_file *f = &c->f;
    uint64_t key_bytes = 0, text_bytes = 0, bin_bytes = 0;
    for (uint32_t i = 0; i < f->entry_count; i++)
        key_bytes += f->entries[i].key_size;
    for (uint32_t i = 0; i < f->glsl_count; i++)
        text_bytes += (uint64_t)f->glsl[i].vs_len + f->glsl[i].gs_len + f->glsl[i].fs_len;
    for (uint32_t i = 0; i < f->binary_count; i++)
        bin_bytes += f->binaries[i].size;
    glhle_bytebuf comp;
    glhle_bytebuf_init(&comp, FILE_LIMIT);
    uint64_t compacted = f->header_ok && gl_shc_write_compacted(f, NULL, &comp) ? comp.size : 0;
    glhle_bytebuf_free(&comp);
    /* drivers with binaries */
    uint32_t drivers = 0;
    for (uint32_t i = 0; i < f->binary_count; i++) {
        bool seen = false;
        for (uint32_t j = 0; j < i && !seen; j++)
            seen = f->binaries[j].driver_len == f->binaries[i].driver_len &&
                   !memcmp(f->binaries[j].driver, f->binaries[i].driver, f->binaries[i].driver_len);
        drivers += !seen;
    }
    if (o->json) {
        printf("{\"file\": ");
        json_cstr(c->path);
        printf(", \"system\": \"%s\", \"bytes\": %zu, \"compacted_bytes\": %llu, \"entries\": %u, \"glsl_texts\": %u, "
               "\"binaries\": %u, \"drivers\": %u, \"key_bytes\": %llu, \"glsl_bytes\": %llu, \"binary_bytes\": %llu, "
               "\"records\": {\"key\": %llu, \"glsl\": %llu, \"binary\": %llu, \"use\": %llu}, \"superseded\": %llu, "
               "\"bad_records\": %u, \"bad_bytes\": %llu, \"sessions\": %llu}\n",
               system_name(c), f->size, (unsigned long long)compacted, f->entry_count, f->glsl_count, f->binary_count,
               drivers, (unsigned long long)key_bytes, (unsigned long long)text_bytes, (unsigned long long)bin_bytes,
               (unsigned long long)f->records[GL_SHC_KEY],
               (unsigned long long)(f->records[GL_SHC_GLSL] + f->records[GL_SHC_GLSL_GS]),
               (unsigned long long)f->records[GL_SHC_BINARY], (unsigned long long)f->records[GL_SHC_USE],
               (unsigned long long)f->superseded, f->bad_count, (unsigned long long)f->bad_bytes,
               (unsigned long long)f->max_generation);
    } else {
        printf("%s: %s cache, %zu bytes (%llu after compaction)\n", c->path, system_name(c), f->size,
               (unsigned long long)compacted);
        printf("entries      %u (%llu key bytes)\n", f->entry_count, (unsigned long long)key_bytes);
        printf("glsl texts   %u (%llu bytes)\n", f->glsl_count, (unsigned long long)text_bytes);
        printf("binaries     %u for %u drivers (%llu bytes)\n", f->binary_count, drivers,
               (unsigned long long)bin_bytes);
        printf("records      key %llu, glsl %llu, binary %llu, use %llu; %llu superseded\n",
               (unsigned long long)f->records[GL_SHC_KEY],
               (unsigned long long)(f->records[GL_SHC_GLSL] + f->records[GL_SHC_GLSL_GS]),
               (unsigned long long)f->records[GL_SHC_BINARY], (unsigned long long)f->records[GL_SHC_USE],
               (unsigned long long)f->superseded);
        printf("bad records  %u (%llu bytes)\n", f->bad_count, (unsigned long long)f->bad_bytes);
        printf("sessions     %llu\n", (unsigned long long)f->max_generation);
    }
    return 0;
}

/* ---- GL for verify, precompile and build ---- */

static glhle_context *make_context(void)
{
    glhle_context_desc cd = {.mode = GLHLE_CONTEXT_OFFSCREEN, .log_level = GLHLE_LOG_ERROR};
    glhle_context *ctx = NULL;
    if (glhle_context_create(&cd, &ctx) != GLHLE_RESULT_OK)
        return NULL;
    return ctx;
}

/* ---- verify ---- */

typedef struct problem {
    uint64_t offset;
    const char *kind;
    char why[160];
} problem;

static int cmd_verify(const cache *c, const options *o)
{
    const gl_shc_file *f = &c->f;
    size_t cap = (size_t)f->bad_count + f->entry_count + f->binary_count + 1, n = 0;
    problem *p = calloc(cap, sizeof *p);
    if (!p)
        return 1;
    for (uint32_t i = 0; i < f->bad_count && i < GL_SHC_MAX_BAD_LISTED; i++) {
        p[n].offset = f->bad[i].offset;
        p[n].kind = f->bad[i].kind ? gl_shc_kind_name(f->bad[i].kind) : "record";
        snprintf(p[n++].why, sizeof p->why, "%s", f->bad[i].why);
    }
    uint32_t regenerated = 0, texts_missing = 0;
    glhle_bytebuf vs, tcs, tes, gs, fs;
    glhle_bytebuf_init(&vs, 1 << 20);
    glhle_bytebuf_init(&tcs, 1 << 20);
    glhle_bytebuf_init(&tes, 1 << 20);
    glhle_bytebuf_init(&gs, 1 << 20);
    glhle_bytebuf_init(&fs, 1 << 20);
    for (uint32_t i = 0; c->sys && i < f->entry_count; i++) {
        const gl_shc_entry *e = &f->entries[i];
        glhle_bytebuf_clear(&vs);
        glhle_bytebuf_clear(&tcs);
        glhle_bytebuf_clear(&tes);
        glhle_bytebuf_clear(&gs);
        glhle_bytebuf_clear(&fs);
        if (!gl_program_system_text(c->sys, e->key, e->host, &vs, &tcs, &tes, &gs, &fs)) {
            p[n].offset = e->offset;
            p[n].kind = "key";
            snprintf(p[n++].why, sizeof p->why, "the key's text does not fit the generator's buffer");
            continue;
        }
        regenerated++;
        uint64_t h = gl_shc_glsl_hash_tess((const char *)vs.data, vs.size, (const char *)tcs.data, tcs.size,
                                           (const char *)tes.data, tes.size, (const char *)gs.data, gs.size,
                                           (const char *)fs.data, fs.size);
        if (h != e->glsl_hash) {
            p[n].offset = e->offset;
            p[n].kind = "key";
            snprintf(p[n++].why, sizeof p->why,
                     "this build generates other GLSL for the key (hash %016llx, recorded %016llx)",
                     (unsigned long long)h, (unsigned long long)e->glsl_hash);
        }
        if (!gl_shc_find_glsl(f, e->glsl_hash))
            texts_missing++;
    }
    glhle_bytebuf_free(&vs);
    glhle_bytebuf_free(&tcs);
    glhle_bytebuf_free(&tes);
    glhle_bytebuf_free(&gs);
    glhle_bytebuf_free(&fs);
    uint32_t loaded = 0, foreign = 0;
    bool gl_checked = false;
    if (!o->no_gl && f->binary_count) {
        glhle_context *ctx = make_context();
        if (!ctx) {
            tool_error("no offscreen GL context; binaries not loaded (--no-gl to skip)");
        } else {
            gl_checked = true;
            char driver[1024];
            size_t dl = gl_program_driver_id(ctx, driver, sizeof driver);
            GladGLContext *gl = &ctx->gl;
            for (uint32_t i = 0; i < f->binary_count; i++) {
                const gl_shc_binary *b = &f->binaries[i];
                if (b->driver_len != dl || memcmp(b->driver, driver, dl) != 0) {
                    foreign++;
                    continue;
                }
                GLuint prog = gl->CreateProgram();
                gl->ProgramBinary(prog, (GLenum)b->format, b->data, (GLsizei)b->size);
                GLint ok = 0;
                gl->GetProgramiv(prog, GL_LINK_STATUS, &ok);
                while (gl->GetError() != GL_NO_ERROR)
                    ;
                gl->DeleteProgram(prog);
                if (ok) {
                    loaded++;
                } else {
                    p[n].offset = b->offset;
                    p[n].kind = "binary";
                    snprintf(p[n++].why, sizeof p->why, "this driver refuses the binary");
                }
            }
            glhle_context_destroy(ctx);
        }
    }
    if (o->json) {
        printf("{\"file\": ");
        json_cstr(c->path);
        printf(", \"ok\": %s, \"entries\": %u, \"glsl_regenerated\": %u, \"texts_missing\": %u, \"binaries_loaded\": "
               "%u, \"binaries_other_drivers\": %u, \"binaries_checked\": %s, \"bad\": [",
               n ? "false" : "true", f->entry_count, regenerated, texts_missing, loaded, foreign,
               gl_checked ? "true" : "false");
        for (size_t i = 0; i < n; i++) {
            printf("%s{\"offset\": %llu, \"kind\": \"%s\", \"why\": ", i ? ", " : "", (unsigned long long)p[i].offset,
                   p[i].kind);
            json_cstr(p[i].why);
            printf("}");
        }
        printf("]}\n");
    } else {
        for (size_t i = 0; i < n; i++)
            printf("bad %s record at +0x%llx (%llu): %s\n", p[i].kind, (unsigned long long)p[i].offset,
                   (unsigned long long)p[i].offset, p[i].why);
        if (f->bad_count > GL_SHC_MAX_BAD_LISTED)
            printf("... and %u more bad records\n", f->bad_count - GL_SHC_MAX_BAD_LISTED);
        printf("%s: %s; %u entries, %u regenerate their GLSL, %u binaries load here, %u are other drivers'%s\n",
               c->path, n ? "BAD" : "ok", f->entry_count, regenerated, loaded, foreign,
               gl_checked || !f->binary_count ? "" : " (binaries not checked)");
    }
    free(p);
    return n ? 1 : 0;
}

/* ---- prune / merge ---- */

static bool parse_bytes(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || errno || *s == '-')
        return false;
    uint64_t mul = 1;
    if (*end == 'k' || *end == 'K')
        mul = 1ull << 10;
    else if (*end == 'M')
        mul = 1ull << 20;
    else if (*end == 'G')
        mul = 1ull << 30;
    else if (*end)
        return false;
    if (mul > 1 && end[1])
        return false;
    if (v > UINT64_MAX / mul)
        return false;
    *out = v * mul;
    return true;
}

static int write_compacted(const gl_shc_file *f, const bool *keep, const char *path)
{
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, FILE_LIMIT);
    int rc = 0;
    glhle_logger lg = {NULL, NULL, GLHLE_LOG_WARN};
    if (!gl_shc_write_compacted(f, keep, &out) ||
        gl_shc_replace_file(path, out.data, out.size, &lg) != GLHLE_RESULT_OK) {
        tool_error("cannot write %s", path);
        rc = 1;
    }
    glhle_bytebuf_free(&out);
    return rc;
}

static int cmd_prune(const cache *c, const options *o)
{
    if (!o->have_max_bytes) {
        tool_error("prune needs --max-bytes N");
        return 2;
    }
    if (!c->f.header_ok) {
        tool_error("%s is not a cache this build reads", c->path);
        return 1;
    }
    bool *keep = calloc((size_t)c->f.entry_count + 1, 1);
    if (!keep)
        return 1;
    uint64_t kept = gl_shc_plan_prune(&c->f, o->max_bytes, keep);
    uint32_t k = 0;
    for (uint32_t i = 0; i < c->f.entry_count; i++)
        k += keep[i];
    int rc = write_compacted(&c->f, keep, c->path);
    if (!rc)
        printf("%s: kept %u of %u entries, %llu bytes (was %zu)\n", c->path, k, c->f.entry_count,
               (unsigned long long)kept, c->f.size);
    free(keep);
    return rc;
}

/* Writes OUT from the good records of every input (a later input's record
 * replaces an earlier one's; last uses take the latest). */
static int merge_files(const char *out_path, char *const *in, int n)
{
    glhle_bytebuf all;
    glhle_bytebuf_init(&all, FILE_LIMIT);
    uint32_t system = 0;
    int rc = 0;
    for (int i = 0; i < n && !rc; i++) {
        cache c;
        if (!load(in[i], &c, false)) {
            rc = 1;
            break;
        }
        if (!c.f.header_ok) {
            tool_error("%s is not a cache this build reads", in[i]);
            rc = 1;
        } else if (system && c.f.system != system) {
            tool_error("%s holds %s programs, the others another system's", in[i],
                    system_name(&c));
            rc = 1;
        } else {
            system = c.f.system;
            glhle_bytebuf one;
            glhle_bytebuf_init(&one, FILE_LIMIT);
            if (!gl_shc_write_compacted(&c.f, NULL, &one)) {
                rc = 1;
            } else {
                if (all.size == 0)
                    glhle_bytebuf_append(&all, one.data, GL_SHC_HEADER_BYTES);
                glhle_bytebuf_append(&all, one.data + GL_SHC_HEADER_BYTES, one.size - GL_SHC_HEADER_BYTES);
            }
            glhle_bytebuf_free(&one);
        }
        gl_shc_free(&c.f);
    }
    if (!rc) {
        const gl_shc_system_info *sys[KNOWN_SYSTEMS];
        known_systems(sys);
        gl_shc_file m;
        if (gl_shc_parse(all.data, all.size, sys, KNOWN_SYSTEMS, system, NULL, GLHLE_LOG_WARN, &m) != GLHLE_RESULT_OK) {
            rc = 1;
        } else {
            rc = write_compacted(&m, NULL, out_path);
            if (!rc)
                printf("%s: %u entries, %u texts, %u binaries from %d files\n", out_path, m.entry_count, m.glsl_count,
                       m.binary_count, n);
        }
        gl_shc_free(&m);
    }
    glhle_bytebuf_free(&all);
    return rc;
}

/* ---- precompile / build ---- */

typedef struct progress {
    bool tty;
    double last;
} progress;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void on_precompile(void *user, uint32_t done, uint32_t total)
{
    progress *pr = user;
    if (!pr->tty)
        return;
    double t = now_s();
    if (done != total && t - pr->last < 0.1)
        return;
    pr->last = t;
    const int width = 40;
    int filled = total ? (int)((uint64_t)done * width / total) : width;
    char cells[64];
    for (int i = 0; i < width; i++)
        cells[i] = i < filled ? '#' : '.';
    cells[width] = 0;
    fprintf(stderr, "\r[%s] %u/%u programs", cells, done, total);
    if (done == total)
        fputc('\n', stderr);
}

static int cmd_precompile(const char *path)
{
    cache c;
    if (!load(path, &c, false))
        return 1;
    if (!c.f.header_ok || !c.sys) {
        tool_error("%s is not a cache this build reads", path);
        gl_shc_free(&c.f);
        return 1;
    }
    const gl_program_system *sys = c.sys;
    uint32_t entries = c.f.entry_count;
    bool has_fallback = false; /* its binary is made by the service's make_fallback */
    for (uint32_t i = 0; i < c.f.entry_count; i++)
        if (c.f.entries[i].host & GL_SHC_HOST_FALLBACK) {
            has_fallback = true;
            entries--;
        }
    gl_shc_free(&c.f);
    glhle_context *ctx = make_context();
    if (!ctx) {
        tool_error("no offscreen GL context to compile on");
        return 1;
    }
    const glhle_context_info *in = glhle_context_get_info(ctx);
    /* the host bits an instance on this context uses by default */
    uint32_t host = 0;
    if (sys->info.id == GL_SHC_SYSTEM_PICA || sys->info.id == GL_SHC_SYSTEM_PICA_GPU_VS ||
        sys->info.id == GL_SHC_SYSTEM_PICA_GPU_GS) {
        const pica_fs_host h = {.gles = in->gles, .framebuffer_fetch = in->framebuffer_fetch};
        host = pica_program_host_bits(&h);
    } else if (sys->info.id == GL_SHC_SYSTEM_MAXWELL || sys->info.id == GL_SHC_SYSTEM_MAXWELL_COMPUTE ||
               sys->info.id == GL_SHC_SYSTEM_MAXWELL_GS || sys->info.id == GL_SHC_SYSTEM_MAXWELL_TESS) {
        host = mw_program_host_bits(in, sys->info.id == GL_SHC_SYSTEM_MAXWELL_COMPUTE, false);
    } else {
        /* a default instance's, with what its coverage probe found */
        host = psx_gl_default_host_bits(ctx);
    }
    progress pr = {.tty = isatty(STDERR_FILENO) != 0};
    const gl_program_service_desc sd = {
        .system = sys,
        .host = host,
        .max_programs = entries + 16,
        .max_bytes = UINT64_MAX / 2,
        .cache_path = path,
        .cache_max_bytes = UINT64_MAX / 2,
        .on_precompile = on_precompile,
        .user = &pr,
        .fallback_generate = has_fallback ? sys->fallback_generate : NULL,
    };
    gl_program_service *s = NULL;
    int rc = 0;
    if (gl_context_enter(ctx) != GLHLE_RESULT_OK || gl_program_service_create(ctx, &sd, &s) != GLHLE_RESULT_OK) {
        rc = 1;
    } else {
        glhle_shader_stats st;
        gl_program_service_get_stats(s, &st);
        printf("%s: %llu of %u programs%s ready on %s: %llu from binaries, %llu compiled, %llu binaries written, "
               "%llu failed\n",
               path, (unsigned long long)st.programs_precompiled, entries,
               has_fallback ? " and the fallback program" : "", in->renderer ? in->renderer : "?",
               (unsigned long long)st.binaries_loaded, (unsigned long long)st.programs_compiled,
               (unsigned long long)st.binaries_written, (unsigned long long)st.program_failures);
        rc = st.program_failures ? 1 : 0;
        gl_program_service_destroy(s);
    }
    glhle_context_destroy(ctx);
    return rc;
}

/* One trace's line of `build`: its replay's result and what it compiled. */
static bool report_build(const char *trace, glhle_result r, uint32_t frames, const glhle_shader_stats *s)
{
    if (r != GLHLE_RESULT_OK) {
        tool_error("%s: replay stopped: %s", trace, glhle_result_string(r));
        return false;
    }
    printf("%s: %u frames, %llu draws, %llu programs compiled, %llu already cached\n", trace, frames,
           (unsigned long long)s->draws, (unsigned long long)s->programs_compiled,
           (unsigned long long)s->programs_precompiled);
    return true;
}

/* `build`'s last step: the file OUT (what it held, then what the traces
 * added) merged with the replay's file BUILT. */
static int merge_built(const char *out, char *built)
{
    char *in[2];
    int k = 0;
    if (access(out, F_OK) == 0)
        in[k++] = (char *)out;
    in[k++] = built;
    return merge_files(out, in, k);
}

static int cmd_build(const char *cache_path, char *const *traces, int n)
{
    char tmpl[] = "/tmp/glhle-shadercache-XXXXXX";
    char *dir = mkdtemp(tmpl);
    if (!dir) {
        tool_error("no temporary folder: %s", strerror(errno));
        return 1;
    }
    /* the traces' system (header offset 16, trace_container.h): PICA traces
     * through glhle_trace_replay, Maxwell ones through glhle_maxwell_trace_replay */
    uint32_t system = 0;
    for (int i = 0; i < n; i++) {
        FILE *tf = fopen(traces[i], "rb");
        uint8_t head[20] = {0};
        const bool got = tf && fread(head, 1, sizeof head, tf) == sizeof head;
        if (tf)
            fclose(tf);
        const uint32_t sys = got ? (uint32_t)head[16] | (uint32_t)head[17] << 8 | (uint32_t)head[18] << 16 |
                                       (uint32_t)head[19] << 24
                                 : 0;
        const uint32_t kind = sys == TRACE_SYSTEM_MAXWELL ? TRACE_SYSTEM_MAXWELL : 0;
        if (i > 0 && kind != system) {
            tool_error("%s: a %s trace after %s ones; one cache holds one system's programs", traces[i],
                       kind ? "Maxwell" : "non-Maxwell", system ? "Maxwell" : "non-Maxwell");
            rmdir(dir);
            return 1;
        }
        system = kind;
    }
    char built[4200];
    gl_program_cache_file_path(dir, "build", system == TRACE_SYSTEM_MAXWELL ? "maxwell" : "pica", built,
                               sizeof built);
    glhle_context *ctx = make_context();
    if (!ctx) {
        tool_error("no offscreen GL context to replay on");
        rmdir(dir);
        return 1;
    }
    int rc = 0;
    for (int i = 0; i < n && !rc && system == TRACE_SYSTEM_MAXWELL; i++) {
        glhle_bytebuf b;
        if (!tool_read_input(traces[i], FILE_LIMIT, TOOL_PLAIN, &b)) {
            glhle_bytebuf_free(&b);
            rc = 1;
            break;
        }
        const glhle_maxwell_replay_desc rd = {
            .ctx = ctx,
            .maxwell = {.log_level = GLHLE_LOG_WARN, .shader_cache_dir = dir, .shader_cache_title = "build"},
        };
        glhle_maxwell_replay_stats st;
        const glhle_result r = glhle_maxwell_trace_replay(b.data, b.size, &rd, &st);
        glhle_bytebuf_free(&b);
        if (!report_build(traces[i], r, st.frames, &st.shaders))
            rc = 1;
    }
    for (int i = 0; i < n && !rc && system != TRACE_SYSTEM_MAXWELL; i++) {
        glhle_trace_open_desc od = {.log_level = GLHLE_LOG_WARN};
        glhle_trace *t = NULL;
        if (glhle_trace_open_file(traces[i], &od, &t) != GLHLE_RESULT_OK) {
            tool_error("%s: not a trace this build replays (see the message above)", traces[i]);
            rc = 1;
            break;
        }
        glhle_trace_replay_desc rd = {
            .ctx = ctx,
            .pica = {.log_level = GLHLE_LOG_WARN, .shader_cache_dir = dir, .shader_cache_title = "build"},
        };
        glhle_trace_replay_stats st;
        glhle_result r = glhle_trace_replay(t, &rd, &st);
        glhle_trace_close(t);
        if (!report_build(traces[i], r, st.frames, &st.shaders))
            rc = 1;
    }
    glhle_context_destroy(ctx);
    /* the key types kept beside the system's own (docs/shader-cache.md):
     * PICA's GPU vertex and geometry programs (a PICA draw on the GPU
     * vertex path makes only such a key), Maxwell's compute programs and
     * its programs with geometry or tessellation stages; written, when the
     * traces made any, to CACHE's siblings of those names */
    const char *main_name = system == TRACE_SYSTEM_MAXWELL ? "maxwell" : "pica";
    const char *side_names[3] = {system == TRACE_SYSTEM_MAXWELL ? "maxwell-cs" : "pica-vs",
                                 system == TRACE_SYSTEM_MAXWELL ? "maxwell-gs" : "pica-gs",
                                 system == TRACE_SYSTEM_MAXWELL ? "maxwell-tess" : NULL};
    char side_built[3][4200], side_path[4300];
    bool got_side[3] = {false, false, false};
    for (int k = 0; k < 3; k++)
        if (side_names[k]) {
            gl_program_cache_file_path(dir, "build", side_names[k], side_built[k], sizeof side_built[k]);
            got_side[k] = access(side_built[k], F_OK) == 0;
        }
    const bool got_main = access(built, F_OK) == 0;
    if (!rc && !got_main && !got_side[0] && !got_side[1] && !got_side[2]) {
        tool_error("the traces drew nothing; %s not written", cache_path);
        rc = 1;
    }
    if (!rc && got_main)
        rc = merge_built(cache_path, built);
    for (int k = 0; k < 3; k++) {
        if (!rc && got_side[k]) {
            size_t stem = strlen(cache_path);
            if (stem > 5 && !strcmp(cache_path + stem - 5, ".glsc"))
                stem -= 5;
            const size_t ml = strlen(main_name);
            if (stem > ml + 1 && cache_path[stem - ml - 1] == '.' && !strncmp(cache_path + stem - ml, main_name, ml))
                stem -= ml + 1;
            snprintf(side_path, sizeof side_path, "%.*s.%s.glsc", (int)stem, cache_path, side_names[k]);
            printf("%s programs: %s\n", side_names[k], side_path);
            rc = merge_built(side_path, side_built[k]);
        }
        if (side_names[k])
            remove(side_built[k]);
    }
    remove(built);
    rmdir(dir);
    return rc;
}

int main(int argc, char **argv)
{
    tool_init("glhle-shadercache", USAGE);
    static const struct option longopts[] = {
        {"json", no_argument, NULL, 'j'},         {"no-gl", no_argument, NULL, 'n'},
        {"max-bytes", required_argument, NULL, 'm'}, {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},      {NULL, 0, NULL, 0},
    };
    options o;
    memset(&o, 0, sizeof o);
    int ch;
    /* GNU getopt moves the operands after the options, so options may come anywhere */
    opterr = 0;
    while ((ch = getopt_long(argc, argv, TOOL_OPTSTRING, longopts, NULL)) != -1) {
        switch (ch) {
        case 'j':
            o.json = true;
            break;
        case 'n':
            o.no_gl = true;
            break;
        case 'm':
            if (!parse_bytes(optarg, &o.max_bytes)) {
                tool_error("--max-bytes wants a byte count (suffix k, M or G), got '%s'",
                        optarg);
                return 2;
            }
            o.have_max_bytes = true;
            break;
        case 'h':
            return tool_help(HELP);
        case 'V':
            printf("glhle-shadercache %s (file format %u)\n", glhle_get_version().string, GL_SHC_FORMAT_VERSION);
            return 0;
        default:
            return tool_bad_option(ch, argv);
        }
    }
    char **pos = argv + optind;
    const int np = argc - optind;
    int rc = 2;
    const char *cmd = np ? pos[0] : "";
    const bool reads = !strcmp(cmd, "list") || !strcmp(cmd, "show") || !strcmp(cmd, "glsl") ||
                       !strcmp(cmd, "verify") || !strcmp(cmd, "stats") || !strcmp(cmd, "prune");
    const int want = !strcmp(cmd, "show") || !strcmp(cmd, "glsl") ? 3 : 2;
    if (reads && np == want) {
        cache c;
        /* verify lists the bad records itself */
        if (!load(pos[1], &c, !strcmp(cmd, "verify"))) {
            rc = 1;
        } else {
            if (!strcmp(cmd, "list"))
                rc = cmd_list(&c, &o);
            else if (!strcmp(cmd, "show"))
                rc = cmd_show(&c, pos[2], &o);
            else if (!strcmp(cmd, "glsl"))
                rc = cmd_glsl(&c, pos[2], &o);
            else if (!strcmp(cmd, "verify"))
                rc = cmd_verify(&c, &o);
            else if (!strcmp(cmd, "stats"))
                rc = cmd_stats(&c, &o);
            else
                rc = !strcmp(pos[1], "-") ? 2 : cmd_prune(&c, &o);
            gl_shc_free(&c.f);
        }
    } else if (!strcmp(cmd, "precompile") && np == 2 && strcmp(pos[1], "-")) {
        rc = cmd_precompile(pos[1]);
    } else if (!strcmp(cmd, "merge") && np >= 3) {
        rc = merge_files(pos[1], pos + 2, np - 2);
    } else if (!strcmp(cmd, "build") && np >= 3) {
        rc = cmd_build(pos[1], pos + 2, np - 2);
    } else {
        if (np && !reads && strcmp(cmd, "precompile") && strcmp(cmd, "merge") && strcmp(cmd, "build"))
            tool_error("unknown command '%s'", cmd);
        tool_usage();
    }
    return rc;
}
