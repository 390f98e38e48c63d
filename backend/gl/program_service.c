/* The program cache service (program_service.h). */
#include "backend/gl/program_service.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "backend/common/dirs.h"
#include "backend/common/hash.h"
#include "backend/gl/compile_worker.h"
#include "backend/gl/gl_util.h"

#define TEXT_LIMIT (1u << 20)
#define DEFAULT_MAX_BYTES (256ull << 20)
#define DEFAULT_FILE_BYTES (256ull << 20)
#define FILE_READ_LIMIT (1ull << 30)
#define MAX_PENDING 256

/* A growable set of 64-bit ids (0 is stored as a flag), used off the draw
 * path's hit case: on misses and at destruction. */
typedef struct id_set {
    uint64_t *slots;
    uint32_t mask, count;
    bool has_zero;
} id_set;

static bool id_set_has(const id_set *s, uint64_t id)
{
    if (id == 0)
        return s->has_zero;
    if (!s->slots)
        return false;
    for (uint32_t i = (uint32_t)id & s->mask;; i = (i + 1) & s->mask) {
        if (s->slots[i] == id)
            return true;
        if (s->slots[i] == 0)
            return false;
    }
}

static bool id_set_add(id_set *s, uint64_t id)
{
    if (id == 0) {
        s->has_zero = true;
        return true;
    }
    if (id_set_has(s, id))
        return true;
    if (!s->slots || (s->count + 1) * 2 > s->mask + 1) {
        uint32_t n = s->slots ? (s->mask + 1) * 2 : 64;
        uint64_t *slots = calloc(n, sizeof *slots);
        if (!slots)
            return false;
        for (uint32_t i = 0; s->slots && i <= s->mask; i++)
            if (s->slots[i])
                for (uint32_t j = (uint32_t)s->slots[i] & (n - 1);; j = (j + 1) & (n - 1))
                    if (!slots[j]) {
                        slots[j] = s->slots[i];
                        break;
                    }
        free(s->slots);
        s->slots = slots;
        s->mask = n - 1;
    }
    for (uint32_t i = (uint32_t)id & s->mask;; i = (i + 1) & s->mask)
        if (!s->slots[i]) {
            s->slots[i] = id;
            s->count++;
            return true;
        }
}

static void id_set_free(id_set *s)
{
    free(s->slots);
    memset(s, 0, sizeof *s);
}

struct gl_program_service {
    glhle_context *ctx;
    const gl_program_system *sys;
    uint32_t host;
    gl_program_cache mem;
    glhle_bytebuf vs, gs, fs, rec, desc_text; /* gs: three-stage systems' geometry text, else empty */
    glhle_bytebuf tcs, tes;                   /* tessellation systems' (generate_tess) */
    void (*after_link)(void *user, GLuint program);
    void *user;
    bool break_builds;
    bool precompiling;
    bool adopting;          /* build() hands over adopt_program */
    GLuint adopt_program;
    glhle_result adopt_result;
    gl_compile_workers *workers;
    uint64_t pending[MAX_PENDING]; /* key hashes on the workers */
    uint32_t pending_count;
    uint8_t *fallback_key;
    GLuint fallback_program;       /* drawn with while a key's own program is on a worker */
    bool fallback_only;            /* ... and for every other key too */
    bool defer_misses;             /* no fallback: a miss goes to a worker, its draw is skipped */
    bool (*fallback_covers)(const void *key);
    uint64_t clock_after_precompile;
    glhle_shader_stats st;

    /* the disk cache */
    char *path;
    FILE *out;              /* opened for appending on the first record */
    bool file_has_header;   /* the file on disk starts with a good header */
    gl_shc_file file;       /* as read (and compacted) at creation */
    uint64_t generation;    /* this session's */
    uint64_t file_max_bytes;
    uint64_t file_bytes;    /* the file's size as this session wrote it */
    id_set written_ids, written_glsl, written_binaries, used_ids;
    char driver[1024];
    uint32_t driver_len;
};

/* A key's bytes: the system's key size, or what its fixed part says (Maxwell). */
static size_t klen(const gl_program_service *s, const void *key)
{
    return gl_shc_key_size(&s->sys->info, key);
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

size_t gl_program_driver_id(const glhle_context *ctx, char *out, size_t size)
{
    const glhle_context_info *in = &ctx->info;
    int n = snprintf(out, size, "%s\n%s\n%s", in->vendor ? in->vendor : "?", in->renderer ? in->renderer : "?",
                     in->version ? in->version : "?");
    if (n < 0)
        return 0;
    return (size_t)n < size ? (size_t)n : size - 1;
}

bool gl_program_cache_file_path(const char *dir, const char *title, const char *system_name, char *out, size_t size)
{
    char t[256];
    if (!title || !*title)
        title = "default";
    size_t n = 0;
    for (; title[n] && n < sizeof t - 1; n++) {
        char c = title[n];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                  c == '_' || c == '-';
        t[n] = ok && !(n == 0 && c == '.') ? c : '_';
    }
    t[n] = 0;
    int w = snprintf(out, size, "%s/%s.%s.glsc", dir, t, system_name);
    return w > 0 && (size_t)w < size;
}

/* ---- writing records ----------------------------------------------------------------------------------- */

static void enforce_budget(gl_program_service *s);

/* Appends what s->rec holds to the file (with a header first for a new file). */
static void flush_records(gl_program_service *s)
{
    if (!s->path || s->rec.size == 0)
        return;
    if (!s->out) {
        s->out = fopen(s->path, "ab");
        if (!s->out) {
            GLHLE_WARN(&s->ctx->log, "shader cache: cannot append to %s: %s; programs are not stored", s->path,
                       strerror(errno));
            free(s->path);
            s->path = NULL;
            glhle_bytebuf_clear(&s->rec);
            return;
        }
        if (!s->file_has_header) {
            glhle_bytebuf h;
            glhle_bytebuf_init(&h, 64);
            gl_shc_write_header(&h, s->sys->info.id);
            fwrite(h.data, 1, h.size, s->out);
            s->file_bytes += h.size;
            glhle_bytebuf_free(&h);
            s->file_has_header = true;
        }
    }
    /* one write per batch of records: a crash leaves at most one partial record, which the reader skips */
    if (fwrite(s->rec.data, 1, s->rec.size, s->out) != s->rec.size || fflush(s->out) != 0)
        GLHLE_WARN(&s->ctx->log, "shader cache: writing %s failed: %s", s->path, strerror(errno));
    s->file_bytes += s->rec.size;
    glhle_bytebuf_clear(&s->rec);
    enforce_budget(s);
}

/* A program's texts: vertex, tessellation control and evaluation,
 * geometry, fragment (NULL or empty: no such stage). */
typedef struct program_texts {
    const char *t[5];
    size_t n[5];
} program_texts;
enum { T_VS, T_TCS, T_TES, T_GS, T_FS };

/* make_text's texts */
static program_texts made_texts(const gl_program_service *s)
{
    const glhle_bytebuf *b[5] = {&s->vs, &s->tcs, &s->tes, &s->gs, &s->fs};
    program_texts t;
    for (int i = 0; i < 5; i++) {
        t.t[i] = (const char *)b[i]->data;
        t.n[i] = b[i]->size;
    }
    return t;
}

static void store_program(gl_program_service *s, const void *key, uint32_t host, uint64_t id, uint64_t glsl_hash,
                          GLuint program, bool from_binary, const program_texts *t)
{
    if (!s->path)
        return;
    const gl_shc_system_info *in = &s->sys->info;
    const gl_shc_entry *old = gl_shc_find_entry(&s->file, id);
    if ((!old || old->glsl_hash != glsl_hash) && !id_set_has(&s->written_ids, id)) {
        if (gl_shc_write_key(&s->rec, in->id, in->key_version,
                             host & GL_SHC_HOST_FALLBACK ? in->key_size : (uint32_t)klen(s, key), host, s->generation, glsl_hash, key))
            s->st.records_written++;
        id_set_add(&s->written_ids, id);
    }
    if (!gl_shc_find_glsl(&s->file, glsl_hash) && !id_set_has(&s->written_glsl, glsl_hash)) {
        if (gl_shc_write_glsl_tess(&s->rec, t->t[T_VS], (uint32_t)t->n[T_VS], t->t[T_TCS], (uint32_t)t->n[T_TCS],
                                   t->t[T_TES], (uint32_t)t->n[T_TES], t->t[T_GS], (uint32_t)t->n[T_GS], t->t[T_FS],
                                   (uint32_t)t->n[T_FS]))
            s->st.records_written++;
        id_set_add(&s->written_glsl, glsl_hash);
    }
    if (s->ctx->info.program_binary && !from_binary && !id_set_has(&s->written_binaries, glsl_hash)) {
        GladGLContext *gl = &s->ctx->gl;
        GLint len = 0;
        gl->GetProgramiv(program, GL_PROGRAM_BINARY_LENGTH, &len);
        if (len > 0 && (uint64_t)len < GL_SHC_MAX_PAYLOAD / 2) {
            void *bin = malloc((size_t)len);
            GLenum format = 0;
            GLsizei got = 0;
            if (bin) {
                gl->GetProgramBinary(program, len, &got, &format, bin);
                if (got > 0 && gl_shc_write_binary(&s->rec, glsl_hash, (uint32_t)format, s->driver, s->driver_len,
                                                   bin, (uint32_t)got)) {
                    s->st.binaries_written++;
                    s->st.records_written++;
                }
            }
            free(bin);
        }
        id_set_add(&s->written_binaries, glsl_hash);
    }
    flush_records(s);
}

/* ---- building ------------------------------------------------------------------------------------------ */

/* A stored binary of this driver for the text, loaded; 0 when there is none or the driver refuses each. */
static GLuint load_binary(gl_program_service *s, uint64_t glsl_hash)
{
    if (!s->ctx->info.program_binary || !s->file.binary_count)
        return 0;
    uint32_t count;
    const gl_shc_binary *b = gl_shc_first_binary(&s->file, glsl_hash, &count);
    GladGLContext *gl = &s->ctx->gl;
    for (uint32_t i = 0; i < count; i++) {
        if (b[i].driver_len != s->driver_len || memcmp(b[i].driver, s->driver, s->driver_len) != 0)
            continue; /* another driver's: never handed to this one */
        GLuint p = gl->CreateProgram();
        gl->ProgramBinary(p, (GLenum)b[i].format, b[i].data, (GLsizei)b[i].size);
        GLint ok = 0;
        gl->GetProgramiv(p, GL_LINK_STATUS, &ok);
        /* a refused binary may leave GL_INVALID_ENUM / GL_INVALID_VALUE behind: it is expected here */
        while (gl->GetError() != GL_NO_ERROR)
            ;
        if (ok) {
            s->st.binaries_loaded++;
            return p;
        }
        gl->DeleteProgram(p);
        s->st.binaries_rejected++;
        GLHLE_WARN(&s->ctx->log, "shader cache %s +0x%llx: the driver refused the stored binary; compiling from the key",
                   s->path ? s->path : "", (unsigned long long)b[i].offset);
    }
    return 0;
}

static unsigned histogram_bucket(double ns)
{
    double ms = ns / 1e6;
    unsigned b = 0;
    for (double limit = 1.0; b < GLHLE_SHADER_COMPILE_BUCKETS - 1 && ms >= limit; limit *= 2)
        b++;
    return b;
}

static void count_compile(gl_program_service *s, double ns)
{
    s->st.programs_compiled++;
    s->st.compile_ns += (uint64_t)ns;
    s->st.compile_histogram[histogram_bucket(ns)]++;
}

static void report_failure(gl_program_service *s, const void *key, uint64_t id)
{
    s->st.program_failures++;
    if (!s->sys->describe)
        return;
    glhle_bytebuf_clear(&s->desc_text);
    s->sys->describe(key, &s->desc_text);
    GLHLE_ERROR(&s->ctx->log, "%s program %016llx did not build; draws that need it are skipped; its key:\n%s",
                s->sys->info.name, (unsigned long long)id, glhle_bytebuf_cstr(&s->desc_text));
}

/* The key's text for this host into s->vs / s->fs; false (logged) when it does not fit. */
/* UNSUPPORTED where the generator refuses the key or a text passes the
 * limit (logged), OUT_OF_MEMORY where the texts' storage cannot grow */
static glhle_result make_text(gl_program_service *s, const void *key, uint64_t *glsl_hash)
{
    glhle_bytebuf_clear(&s->vs);
    glhle_bytebuf_clear(&s->gs);
    glhle_bytebuf_clear(&s->fs);
    glhle_bytebuf_clear(&s->tcs);
    glhle_bytebuf_clear(&s->tes);
    if (!gl_program_system_text(s->sys, key, s->host, &s->vs, &s->tcs, &s->tes, &s->gs, &s->fs)) {
        GLHLE_ERROR(&s->ctx->log, "%s program: no text generated (the generator refused the key, or a text "
                    "passed the %u-byte limit)", s->sys->info.name,
                    TEXT_LIMIT);
        return GLHLE_RESULT_UNSUPPORTED;
    }
    if (s->break_builds)
        glhle_bytebuf_printf(s->sys->compute ? &s->vs : &s->fs, "#error glhle test: program build broken on purpose\n");
    /* storage for both texts, also an empty one (compute programs have no
     * fragment text), so every copy below has a NUL to copy */
    if (!glhle_bytebuf_reserve(&s->vs, 1) || !glhle_bytebuf_reserve(&s->gs, 1) || !glhle_bytebuf_reserve(&s->fs, 1))
        return GLHLE_RESULT_OUT_OF_MEMORY;
    if (!s->fs.size)
        s->fs.data[0] = 0;
    if (!s->gs.size)
        s->gs.data[0] = 0;
    if (!s->vs.size)
        s->vs.data[0] = 0;
    glhle_bytebuf_cstr(&s->vs);
    glhle_bytebuf_cstr(&s->gs);
    glhle_bytebuf_cstr(&s->fs);
    *glsl_hash = gl_shc_glsl_hash_tess((const char *)s->vs.data, s->vs.size, (const char *)s->tcs.data, s->tcs.size,
                                       (const char *)s->tes.data, s->tes.size, (const char *)s->gs.data, s->gs.size,
                                       (const char *)s->fs.data, s->fs.size);
    return GLHLE_RESULT_OK;
}

static uint64_t entry_id(const gl_program_service *s, const void *key)
{
    const gl_shc_system_info *in = &s->sys->info;
    return gl_shc_entry_id(in->id, in->key_version, (uint32_t)klen(s, key), s->host, key);
}

/* A program just made (linked here, on a worker, or loaded): fixed uniforms, the disk cache. */
static void adopt(gl_program_service *s, const void *key, uint64_t id, uint64_t glsl_hash, GLuint p, bool from_binary,
                  const program_texts *t)
{
    if (!from_binary && gl_text_is_spirv(t->t[T_VS]))
        s->st.programs_spirv++;
    if (s->after_link)
        s->after_link(s->user, p);
    store_program(s, key, s->host, id, glsl_hash, p, from_binary, t);
}

/* A tessellation system's program from make_text's texts: vertex,
 * control, evaluation, the geometry stage where there is one, fragment. */
static glhle_result link_tess(gl_program_service *s, GLuint *p)
{
    GLenum stages[5] = {GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER, GL_TESS_EVALUATION_SHADER, GL_GEOMETRY_SHADER,
                        GL_FRAGMENT_SHADER};
    const char *src[5] = {glhle_bytebuf_cstr(&s->vs), glhle_bytebuf_cstr(&s->tcs), glhle_bytebuf_cstr(&s->tes),
                          glhle_bytebuf_cstr(&s->gs), glhle_bytebuf_cstr(&s->fs)};
    int n = 5;
    if (!s->gs.size) {
        stages[3] = stages[4];
        src[3] = src[4];
        n = 4;
    }
    return gl_link_program_stages(s->ctx, stages, src, n, s->path != NULL, p);
}

/* gl_program_cache build function: makes the program here and now (the
 * caller waits for it); a stored binary of this driver is tried first. */
static glhle_result build(void *user, const void *key, GLuint *program)
{
    gl_program_service *s = user;
    if (s->adopting) { /* a program made elsewhere enters the cache */
        *program = s->adopt_program;
        return s->adopt_result;
    }
    const double t0 = now_ns();
    const uint64_t id = entry_id(s, key);
    uint64_t glsl_hash;
    const glhle_result made = make_text(s, key, &glsl_hash);
    if (made != GLHLE_RESULT_OK)
        return made;
    if (!s->precompiling && gl_shc_find_entry(&s->file, id))
        s->st.disk_hits++;
    GLuint p = s->break_builds ? 0 : load_binary(s, glsl_hash);
    const bool from_binary = p != 0;
    glhle_result r = GLHLE_RESULT_OK;
    if (!p) {
        if (s->sys->compute)
            r = gl_link_compute_ex(s->ctx, glhle_bytebuf_cstr(&s->vs), s->path != NULL, &p);
        else if (s->sys->generate_tess)
            r = link_tess(s, &p);
        else if (s->sys->generate_gs)
            r = gl_link_program_vgf_ex(s->ctx, glhle_bytebuf_cstr(&s->vs), glhle_bytebuf_cstr(&s->gs),
                                       glhle_bytebuf_cstr(&s->fs), s->path != NULL, &p);
        else
            r = gl_link_program_ex(s->ctx, glhle_bytebuf_cstr(&s->vs), glhle_bytebuf_cstr(&s->fs), s->path != NULL,
                                   &p);
        count_compile(s, now_ns() - t0);
        if (!s->precompiling) {
            s->st.programs_compiled_on_draw++;
            s->st.draws_waited_for_compile++;
        }
    }
    if (r != GLHLE_RESULT_OK) {
        report_failure(s, key, id);
        return r;
    }
    if (!s->precompiling)
        id_set_add(&s->used_ids, id);
    const program_texts t = made_texts(s);
    adopt(s, key, id, glsl_hash, p, from_binary, &t);
    *program = p;
    return GLHLE_RESULT_OK;
}

/* Puts a program made elsewhere (or a failure) into the in-memory cache. */
static void insert(gl_program_service *s, const void *key, GLuint p, glhle_result r)
{
    GLuint have;
    glhle_result had;
    const size_t n = klen(s, key);
    if (gl_program_cache_findn(&s->mem, key, n, glhle_hash64(key, n), &have, &had)) {
        if (p && p != have) /* made twice: keep the resident one */
            s->ctx->gl.DeleteProgram(p);
        return;
    }
    s->adopting = true;
    s->adopt_program = p;
    s->adopt_result = r;
    GLuint got;
    gl_program_cache_getn(&s->mem, key, n, glhle_hash64(key, n), build, s, &got);
    s->adopting = false;
}

/* ---- compiles on the workers ---------------------------------------------------------------------------- */

static bool pending_has(const gl_program_service *s, uint64_t hash)
{
    for (uint32_t i = 0; i < s->pending_count; i++)
        if (s->pending[i] == hash)
            return true;
    return false;
}

static void pending_remove(gl_program_service *s, uint64_t hash)
{
    for (uint32_t i = 0; i < s->pending_count; i++)
        if (s->pending[i] == hash) {
            s->pending[i] = s->pending[--s->pending_count];
            return;
        }
}

/* Hands the key's compile to a worker; false when it cannot (the caller compiles it here). */
static bool submit(gl_program_service *s, const void *key, uint64_t glsl_hash, bool precompile)
{
    if (!s->workers || s->pending_count == MAX_PENDING)
        return false;
    gl_compile_job *j = calloc(1, sizeof *j);
    if (!j)
        return false;
    const size_t n = klen(s, key);
    j->key = malloc(n);
    j->vs = malloc(s->vs.size + 1);
    j->fs = malloc(s->fs.size + 1);
    if (!j->key || !j->vs || !j->fs) {
        gl_compile_job_free(j);
        return false;
    }
    /* make_text's further stages: a three-stage system's geometry text, a
     * tessellation system's two tessellation texts and its geometry text
     * where there is one */
    const glhle_bytebuf *more[3] = {&s->gs, &s->tcs, &s->tes};
    char **to[3] = {&j->gs, &j->tcs, &j->tes};
    size_t *len[3] = {&j->gs_len, &j->tcs_len, &j->tes_len};
    for (int i = 0; i < 3; i++) {
        if (!(i == 0 ? s->sys->generate_gs || (s->sys->generate_tess && s->gs.size) : s->sys->generate_tess != NULL))
            continue;
        *to[i] = malloc(more[i]->size + 1);
        if (!*to[i]) {
            gl_compile_job_free(j);
            return false;
        }
        memcpy(*to[i], more[i]->size ? (const char *)more[i]->data : "", more[i]->size);
        (*to[i])[more[i]->size] = 0;
        *len[i] = more[i]->size;
    }
    memcpy(j->key, key, n);
    memcpy(j->vs, s->vs.data, s->vs.size + 1);
    memcpy(j->fs, s->fs.data, s->fs.size + 1);
    j->vs_len = s->vs.size;
    j->fs_len = s->fs.size;
    j->retrievable = s->path != NULL;
    j->tag = glsl_hash;
    j->precompile = precompile;
    j->compute = s->sys->compute;
    s->pending[s->pending_count++] = glhle_hash64(key, n);
    gl_compile_workers_submit(s->workers, j);
    return true;
}

static void finish_job(gl_program_service *s, gl_compile_job *j)
{
    const uint64_t id = entry_id(s, j->key);
    pending_remove(s, glhle_hash64(j->key, klen(s, j->key)));
    count_compile(s, j->ns);
    if (j->ok) {
        const program_texts t = {{j->vs, j->tcs, j->tes, j->gs, j->fs},
                                 {j->vs_len, j->tcs_len, j->tes_len, j->gs_len, j->fs_len}};
        adopt(s, j->key, id, j->tag, j->program, false, &t);
        insert(s, j->key, j->program, GLHLE_RESULT_OK);
        if (j->precompile)
            s->st.programs_precompiled++;
        else
            id_set_add(&s->used_ids, id);
    } else {
        report_failure(s, j->key, id);
        insert(s, j->key, 0, GLHLE_RESULT_SHADER_ERROR);
    }
    gl_compile_job_free(j);
}

static void poll_workers(gl_program_service *s)
{
    gl_compile_job *j;
    while (s->workers && (j = gl_compile_workers_poll(s->workers)) != NULL)
        finish_job(s, j);
}

static void drain_workers(gl_program_service *s)
{
    gl_compile_job *j;
    while (s->workers && (j = gl_compile_workers_wait(s->workers)) != NULL)
        finish_job(s, j);
}

size_t gl_program_service_key_size(const gl_program_service *s, const void *key)
{
    return klen(s, key);
}

uint64_t gl_program_service_key_hash(const gl_program_service *s, const void *key)
{
    return glhle_hash64(key, klen(s, key));
}

bool gl_program_service_find(gl_program_service *s, const void *key, GLuint *program, glhle_result *result)
{
    return gl_program_service_find_hashed(s, key, 0, gl_program_service_key_hash(s, key), NULL, program, result);
}

bool gl_program_service_find_hashed(gl_program_service *s, const void *key, size_t key_size, uint64_t hash,
                                    gl_program_found *found, GLuint *program, glhle_result *result)
{
    poll_workers(s); /* a finished compile it adopts moves the generation */
    if (found && found->valid && found->generation == s->mem.generation) {
        /* the fallback is made once, at creation; a slot holds its key
         * while the generation does */
        s->st.cache_hits++;
        if (found->fallback) {
            *program = s->fallback_program;
            *result = GLHLE_RESULT_OK;
        } else {
            gl_program_cache_hit(&s->mem, found->slot, program, result);
        }
        return true;
    }
    if (found)
        found->valid = false;
    const size_t n = key_size ? key_size : klen(s, key);
    if (s->fallback_key && s->fallback_program && memcmp(key, s->fallback_key, n) == 0) {
        s->st.cache_hits++;
        *program = s->fallback_program;
        *result = GLHLE_RESULT_OK;
        if (found)
            *found = (gl_program_found){.valid = true, .fallback = true, .generation = s->mem.generation};
        return true;
    }
    uint32_t slot;
    if (gl_program_cache_findn_slot(&s->mem, key, n, hash, program, result, &slot)) {
        s->st.cache_hits++;
        if (found)
            *found = (gl_program_found){.valid = true, .slot = slot, .generation = s->mem.generation};
        return true;
    }
    return false;
}

glhle_result gl_program_service_get(gl_program_service *s, const void *key, GLuint *program)
{
    const size_t n = klen(s, key);
    const uint64_t hash = glhle_hash64(key, n);
    poll_workers(s);
    const bool covered = !s->fallback_covers || s->fallback_covers(key);
    if (s->fallback_only && s->fallback_program && covered) {
        s->st.draws_by_ubershader++;
        *program = s->fallback_program;
        return GLHLE_RESULT_OK;
    }
    if (s->fallback_key && s->fallback_program && memcmp(key, s->fallback_key, n) == 0) {
        s->st.cache_hits++;
        *program = s->fallback_program;
        return GLHLE_RESULT_OK;
    }
    glhle_result r;
    if (gl_program_cache_findn(&s->mem, key, n, hash, program, &r)) {
        s->st.cache_hits++;
        return r;
    }
    if ((s->fallback_program || s->defer_misses) && s->workers && !s->break_builds && covered) {
        /* the key's own program is made on a worker; this draw uses the
         * fallback, or without one is skipped (a lookup of a key already on
         * a worker is no new miss) */
        bool queued = pending_has(s, hash);
        if (!queued) {
            s->st.cache_misses++;
            uint64_t glsl_hash;
            const uint64_t id = entry_id(s, key);
            if (gl_shc_find_entry(&s->file, id))
                s->st.disk_hits++;
            if (make_text(s, key, &glsl_hash) == GLHLE_RESULT_OK) {
                GLuint p = load_binary(s, glsl_hash); /* a stored binary loads in well under a compile */
                if (p) {
                    id_set_add(&s->used_ids, id);
                    const program_texts t = made_texts(s);
                    adopt(s, key, id, glsl_hash, p, true, &t);
                    insert(s, key, p, GLHLE_RESULT_OK);
                    *program = p;
                    return GLHLE_RESULT_OK;
                }
                queued = submit(s, key, glsl_hash, false);
            }
        }
        if (queued && s->fallback_program) {
            s->st.draws_by_ubershader++;
            *program = s->fallback_program;
            return GLHLE_RESULT_OK;
        }
        if (queued) {
            s->st.draws_deferred++;
            *program = 0;
            return GLHLE_RESULT_OK;
        }
    } else {
        s->st.cache_misses++;
    }
    return gl_program_cache_getn(&s->mem, key, n, hash, build, s, program);
}

/* ---- the disk cache at creation -------------------------------------------------------------------------- */

static int cmp_recent(const void *a, const void *b)
{
    const gl_shc_entry *x = *(const gl_shc_entry *const *)a, *y = *(const gl_shc_entry *const *)b;
    if (x->last_use != y->last_use)
        return x->last_use > y->last_use ? -1 : 1;
    return x->offset > y->offset ? -1 : x->offset < y->offset;
}

/* Makes every stored entry's program ready, most recently used first,
 * until the in-memory budgets are nearly full: binaries of this driver
 * here, compiles on the workers when there are any (all of them finished
 * before this returns). */
static void precompile(gl_program_service *s, void (*progress)(void *user, uint32_t done, uint32_t total),
                       void *user)
{
    gl_shc_file *f = &s->file;
    if (!f->entry_count)
        return;
    const size_t room = s->sys->info.key_max_size ? s->sys->info.key_max_size : s->sys->info.key_size;
    const gl_shc_entry **order = malloc(f->entry_count * sizeof *order);
    uint8_t *key = malloc(room);
    if (!order || !key) {
        free(order);
        free(key);
        return;
    }
    for (uint32_t i = 0; i < f->entry_count; i++)
        order[i] = &f->entries[i];
    qsort(order, f->entry_count, sizeof *order, cmp_recent);
    s->precompiling = true;
    uint32_t done = 0, queued = 0;
    for (uint32_t i = 0; i < f->entry_count; i++, done++) {
        if (s->mem.count + queued + 1 >= s->mem.max_count ||
            (s->mem.max_bytes && s->mem.bytes + s->mem.max_bytes / 16 > s->mem.max_bytes))
            break; /* the rest stay on disk and are made when a draw needs them */
        if (order[i]->host & GL_SHC_HOST_FALLBACK)
            continue; /* the fallback's own entry: make_fallback loads it */
        const size_t n = order[i]->key_size; /* the reader checked it is the key's size */
        memcpy(key, order[i]->key, n);
        GLuint p;
        glhle_result r;
        const uint64_t hash = glhle_hash64(key, n);
        if ((s->fallback_key && s->fallback_program && memcmp(key, s->fallback_key, n) == 0) ||
            gl_program_cache_findn(&s->mem, key, n, hash, &p, &r) || pending_has(s, hash))
            continue; /* another host's entry for the same key */
        uint64_t glsl_hash;
        if (s->workers && make_text(s, key, &glsl_hash) == GLHLE_RESULT_OK) {
            p = s->break_builds ? 0 : load_binary(s, glsl_hash);
            if (p) {
                const program_texts t = made_texts(s);
                adopt(s, key, entry_id(s, key), glsl_hash, p, true, &t);
                insert(s, key, p, GLHLE_RESULT_OK);
                s->st.programs_precompiled++;
                continue;
            }
            if (submit(s, key, glsl_hash, true)) {
                queued++;
                continue;
            }
        }
        if (gl_program_cache_getn(&s->mem, key, n, hash, build, s, &p) == GLHLE_RESULT_OK)
            s->st.programs_precompiled++;
        if (progress)
            progress(user, done + 1, f->entry_count);
    }
    gl_compile_job *j;
    while (s->workers && (j = gl_compile_workers_wait(s->workers)) != NULL) {
        finish_job(s, j);
        if (progress)
            progress(user, done - --queued, f->entry_count);
    }
    if (progress && done < f->entry_count)
        progress(user, f->entry_count, f->entry_count);
    s->precompiling = false;
    s->clock_after_precompile = s->mem.clock;
    free(order);
    free(key);
}

/* Rewrites the file from s->file without bad or superseded records and,
 * when `prune`, with the most recently used entries only (down to 3/4 of
 * the budget); s->file is then the rewritten file. Entries this session
 * used count as the most recent. */
static void compact(gl_program_service *s, bool prune)
{
    const gl_shc_system_info *sys[1] = {&s->sys->info};
    bool *keep = calloc((size_t)s->file.entry_count + 1, 1);
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, FILE_READ_LIMIT);
    for (uint32_t i = 0; i < s->file.entry_count; i++)
        if (id_set_has(&s->used_ids, s->file.entries[i].id))
            s->file.entries[i].last_use = s->generation;
    if (keep) {
        if (prune)
            gl_shc_plan_prune(&s->file, s->file_max_bytes / 4 * 3, keep);
        else
            memset(keep, 1, s->file.entry_count);
    }
    if (s->file.header_ok || s->file.system == 0)
        s->file.system = s->sys->info.id; /* a file with a bad header is rewritten as ours */
    if (keep && gl_shc_write_compacted(&s->file, keep, &out) &&
        gl_shc_replace_file(s->path, out.data, out.size, &s->ctx->log) == GLHLE_RESULT_OK) {
        GLHLE_INFO(&s->ctx->log, "shader cache %s: compacted (%u bad records dropped%s), %zu bytes", s->path,
                   s->file.bad_count, prune ? ", least recently used entries pruned" : "", out.size);
        gl_shc_free(&s->file);
        gl_shc_parse(out.data, out.size, sys, 1, s->sys->info.id, &s->ctx->log, GLHLE_LOG_WARN, &s->file);
        s->file_has_header = s->file.header_ok;
        s->st.cache_compactions++;
    }
    free(keep);
    glhle_bytebuf_free(&out);
}

/* The budget while running: once the appended file passes it, the file is
 * read again (with this session's records) and pruned like at creation. */
static void enforce_budget(gl_program_service *s)
{
    if (s->file_bytes <= s->file_max_bytes)
        return;
    if (s->out) { /* the rename below replaces the file this handle appends to */
        fclose(s->out);
        s->out = NULL;
    }
    const gl_shc_system_info *sys[1] = {&s->sys->info};
    glhle_bytebuf raw;
    glhle_bytebuf_init(&raw, FILE_READ_LIMIT);
    if (!glhle_bytebuf_read_file(&raw, s->path, FILE_READ_LIMIT)) {
        glhle_bytebuf_free(&raw);
        return;
    }
    gl_shc_file f;
    if (gl_shc_parse(raw.data, raw.size, sys, 1, s->sys->info.id, &s->ctx->log, GLHLE_LOG_WARN, &f) ==
        GLHLE_RESULT_OK) {
        gl_shc_free(&s->file);
        s->file = f;
        compact(s, true);
        /* what was written this session is in s->file now, or pruned */
        id_set_free(&s->written_ids);
        id_set_free(&s->written_glsl);
        id_set_free(&s->written_binaries);
    }
    glhle_bytebuf_free(&raw);
    s->file_bytes = s->file.size;
}

/* Reads the file, compacting it when it holds bad or superseded records or
 * is over its budget. Problems only cost the cache, never the instance. */
static void open_disk_cache(gl_program_service *s, const char *dir, const char *title, const char *file)
{
    char path[4200];
    if (file) {
        snprintf(path, sizeof path, "%s", file);
    } else if (!gl_program_cache_file_path(dir, title, s->sys->info.name, path, sizeof path) ||
               !glhle_make_dirs(dir)) {
        GLHLE_WARN(&s->ctx->log, "shader cache: cannot use the folder %s; running without a disk cache", dir);
        return;
    }
    s->path = strdup(path);
    if (!s->path)
        return;
    s->driver_len = (uint32_t)gl_program_driver_id(s->ctx, s->driver, sizeof s->driver);
    glhle_bytebuf raw;
    glhle_bytebuf_init(&raw, FILE_READ_LIMIT);
    struct stat sb;
    const bool exists = stat(path, &sb) == 0;
    if (exists && !glhle_bytebuf_read_file(&raw, path, FILE_READ_LIMIT))
        GLHLE_WARN(&s->ctx->log, "shader cache: cannot read %s (or it is over 1 GiB); it is rebuilt", path);
    const gl_shc_system_info *sys[1] = {&s->sys->info};
    glhle_result r = gl_shc_parse(raw.data, raw.size, sys, 1, s->sys->info.id, &s->ctx->log, GLHLE_LOG_WARN,
                                  &s->file);
    glhle_bytebuf_free(&raw);
    if (r == GLHLE_RESULT_OUT_OF_MEMORY) {
        GLHLE_WARN(&s->ctx->log, "shader cache: no memory to read %s; it is not used", path);
        free(s->path);
        s->path = NULL;
        return;
    }
    s->st.cache_records_rejected = s->file.bad_count;
    s->generation = s->file.max_generation + 1;
    s->file_has_header = s->file.header_ok;
    const bool over = s->file.size > s->file_max_bytes;
    const bool dirty = s->file.bad_count > 0 || (exists && !s->file.header_ok) ||
                       s->file.superseded > s->file.entry_count + 16;
    if (exists && (over || dirty))
        compact(s, over);
    s->st.disk_entries = s->file.entry_count;
    s->file_bytes = s->file.size;
}

/* The fallback program from its own text (the PICA ubershader), made on
 * this thread before any draw: from this driver's binary in the disk cache
 * when there is one, else compiled (and then stored with its binary, under
 * the entry of host bits | GL_SHC_HOST_FALLBACK and an all-zero key). A
 * failure leaves misses waiting for their compiles, as without a fallback. */
static void make_fallback(gl_program_service *s, bool (*generate)(uint32_t host, glhle_bytebuf *vs, glhle_bytebuf *fs))
{
    glhle_bytebuf_clear(&s->vs);
    glhle_bytebuf_clear(&s->fs);
    if (!generate(s->host, &s->vs, &s->fs)) {
        GLHLE_ERROR(&s->ctx->log, "%s fallback program: generated text passed the %u-byte limit", s->sys->info.name,
                    TEXT_LIMIT);
        return;
    }
    const char *vs = glhle_bytebuf_cstr(&s->vs), *fs = glhle_bytebuf_cstr(&s->fs);
    const uint64_t glsl_hash = gl_shc_glsl_hash(vs, s->vs.size, fs, s->fs.size);
    const gl_shc_system_info *in = &s->sys->info;
    const uint32_t host = s->host | GL_SHC_HOST_FALLBACK;
    uint8_t *zero = calloc(1, in->key_size);
    if (!zero)
        return;
    const uint64_t id = gl_shc_entry_id(in->id, in->key_version, in->key_size, host, zero);
    const double t0 = now_ns();
    GLuint p = s->path ? load_binary(s, glsl_hash) : 0;
    const bool from_binary = p != 0;
    if (!p) {
        if (gl_link_program_ex(s->ctx, vs, fs, s->path != NULL, &p) != GLHLE_RESULT_OK) {
            s->st.program_failures++;
            GLHLE_ERROR(&s->ctx->log, "%s fallback program did not build; draws wait for their own programs",
                        in->name);
            free(zero);
            return;
        }
        count_compile(s, now_ns() - t0);
    }
    if (s->after_link)
        s->after_link(s->user, p);
    if (s->path) {
        id_set_add(&s->used_ids, id); /* kept by pruning like any entry this session used */
        const program_texts t = {{vs, NULL, NULL, NULL, fs}, {s->vs.size, 0, 0, 0, s->fs.size}};
        store_program(s, zero, host, id, glsl_hash, p, from_binary, &t);
    }
    free(zero);
    s->fallback_program = p;
}

bool gl_program_system_text(const gl_program_system *sys, const void *key, uint32_t host, glhle_bytebuf *vs,
                            glhle_bytebuf *tcs, glhle_bytebuf *tes, glhle_bytebuf *gs, glhle_bytebuf *fs)
{
    if (host & GL_SHC_HOST_FALLBACK)
        return sys->fallback_generate && sys->fallback_generate(host & ~GL_SHC_HOST_FALLBACK, vs, fs);
    if (sys->generate_tess)
        return tcs && tes && gs && sys->generate_tess(key, host, vs, tcs, tes, gs, fs);
    if (sys->generate_gs)
        return gs && sys->generate_gs(key, host, vs, gs, fs);
    return sys->generate && sys->generate(key, host, vs, fs);
}

glhle_result gl_program_service_create(glhle_context *ctx, const gl_program_service_desc *desc,
                                       gl_program_service **out)
{
    *out = NULL;
    const gl_shc_system_info *si = desc->system ? &desc->system->info : NULL;
    const bool var = si && si->key_max_size;
    const bool three = si && desc->system->generate_gs;
    const bool tess = si && desc->system->generate_tess;
    if (tess && (desc->system->generate || three || desc->system->compute || desc->fallback_key ||
                 desc->fallback_generate))
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_INVALID_ARGUMENT, "program service: a tessellation system has no "
                          "fallback");
    if (!si || (!desc->system->generate && !three && !tess) || si->key_size == 0 || si->key_size > GL_SHC_MAX_KEY_BYTES ||
        (var && (!si->key_size_of || si->key_max_size < si->key_size || si->key_max_size > GL_SHC_MAX_VAR_KEY_BYTES ||
                 desc->fallback_key)) ||
        (three && (desc->system->compute || desc->fallback_key || desc->fallback_generate)))
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_INVALID_ARGUMENT, "program service: no usable system descriptor");
    gl_program_service *s = calloc(1, sizeof *s);
    if (!s)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_OUT_OF_MEMORY, "program service: out of memory");
    s->ctx = ctx;
    s->sys = desc->system;
    s->host = desc->host;
    s->after_link = desc->after_link;
    s->user = desc->user;
    s->file_max_bytes = desc->cache_max_bytes ? desc->cache_max_bytes : DEFAULT_FILE_BYTES;
    glhle_bytebuf_init(&s->vs, TEXT_LIMIT);
    glhle_bytebuf_init(&s->gs, TEXT_LIMIT);
    glhle_bytebuf_init(&s->fs, TEXT_LIMIT);
    glhle_bytebuf_init(&s->tcs, TEXT_LIMIT);
    glhle_bytebuf_init(&s->tes, TEXT_LIMIT);
    glhle_bytebuf_init(&s->rec, GL_SHC_MAX_PAYLOAD * 2);
    glhle_bytebuf_init(&s->desc_text, TEXT_LIMIT);
    /* keys over the fixed-size table's bound (the PICA geometry path's) are
     * kept per slot, like variable-size ones */
    const bool per_slot = var || si->key_size > GL_PROGRAM_CACHE_MAX_FIXED_KEY;
    glhle_result r = per_slot ? gl_program_cache_init_var(&s->mem, ctx, var ? si->key_max_size : si->key_size,
                                                          desc->max_programs)
                              : gl_program_cache_init(&s->mem, ctx, si->key_size, desc->max_programs);
    if (r != GLHLE_RESULT_OK) {
        free(s);
        return r;
    }
    gl_program_cache_set_max_bytes(&s->mem, desc->max_bytes ? desc->max_bytes : DEFAULT_MAX_BYTES);
    if (desc->compile_threads)
        s->workers = gl_compile_workers_create(ctx, desc->compile_threads);
    if ((desc->cache_dir && *desc->cache_dir) || desc->cache_path)
        open_disk_cache(s, desc->cache_dir, desc->cache_title, desc->cache_path);
    if (desc->fallback_key) {
        /* made now, before any draw: every miss can be drawn with it */
        s->fallback_key = malloc(s->sys->info.key_size);
        if (s->fallback_key) {
            memcpy(s->fallback_key, desc->fallback_key, s->sys->info.key_size);
            s->precompiling = true;
            GLuint p = 0;
            if (build(s, s->fallback_key, &p) == GLHLE_RESULT_OK)
                s->fallback_program = p;
            s->precompiling = false;
        }
    }
    if (desc->fallback_generate && !s->fallback_program)
        make_fallback(s, desc->fallback_generate);
    s->fallback_only = desc->fallback_only;
    s->defer_misses = desc->defer_misses;
    s->fallback_covers = desc->fallback_covers;
    if (s->path)
        precompile(s, desc->on_precompile, desc->user);
    *out = s;
    return GLHLE_RESULT_OK;
}

static void collect_used(void *user, const void *key, uint64_t last_use)
{
    gl_program_service *s = user;
    if (last_use <= s->clock_after_precompile)
        return;
    const gl_shc_system_info *in = &s->sys->info;
    id_set_add(&s->used_ids, gl_shc_entry_id(in->id, in->key_version, (uint32_t)klen(s, key), s->host, key));
}

void gl_program_service_destroy(gl_program_service *s)
{
    if (!s)
        return;
    drain_workers(s); /* what the workers made is stored before the file is closed */
    gl_compile_workers_destroy(s->workers);
    if (s->fallback_program)
        s->ctx->gl.DeleteProgram(s->fallback_program);
    free(s->fallback_key);
    if (s->path) {
        gl_program_cache_each(&s->mem, collect_used, s);
        uint64_t *ids = malloc(((size_t)s->used_ids.count + 1) * sizeof *ids);
        uint32_t n = 0;
        for (uint32_t i = 0; ids && s->used_ids.slots && i <= s->used_ids.mask; i++)
            if (s->used_ids.slots[i])
                ids[n++] = s->used_ids.slots[i];
        if (ids && n && gl_shc_write_use(&s->rec, s->generation, ids, n))
            s->st.records_written++;
        free(ids);
        flush_records(s);
    }
    if (s->out)
        fclose(s->out);
    gl_program_cache_free(&s->mem);
    gl_shc_free(&s->file);
    id_set_free(&s->written_ids);
    id_set_free(&s->written_glsl);
    id_set_free(&s->written_binaries);
    id_set_free(&s->used_ids);
    glhle_bytebuf_free(&s->vs);
    glhle_bytebuf_free(&s->gs);
    glhle_bytebuf_free(&s->fs);
    glhle_bytebuf_free(&s->tcs);
    glhle_bytebuf_free(&s->tes);
    glhle_bytebuf_free(&s->rec);
    glhle_bytebuf_free(&s->desc_text);
    free(s->path);
    free(s);
}

void gl_program_service_get_stats(const gl_program_service *s, glhle_shader_stats *out)
{
    *out = s->st;
    out->evictions = s->mem.evictions;
    out->programs_resident = s->mem.count;
    out->bytes_resident = s->mem.bytes;
}

const char *gl_program_service_cache_path(const gl_program_service *s)
{
    return s->path;
}

bool gl_program_service_is_fallback(const gl_program_service *s, GLuint program)
{
    return program && program == s->fallback_program;
}

void gl_program_service_test_break_builds(gl_program_service *s, bool broken)
{
    s->break_builds = broken;
}
