/* The program cache service every system's GL draw path uses (issue 17).
 *
 * A system registers its key type once (gl_program_system: key size and
 * version, a validity check, a printer, and a generator from key + host
 * configuration bits to vertex and fragment GLSL, with a geometry stage for
 * three-stage systems). Each GL instance makes a
 * service for its system: lookups hash the key bytes with XXH3-64 and
 * confirm with memcmp (program_cache.c), a miss generates, compiles and
 * links, and the statistics (glhle_shader_stats) count hits, misses,
 * compiles (with a duration histogram), compiles a draw waited for, stored
 * binaries used and refused.
 *
 * With a cache directory the service also keeps DIR/TITLE.SYSTEM.glsc
 * (shader_cache_file.h): at creation it reads the file (skipping and
 * logging bad records, compacting the file when it had any or is over its
 * byte budget, keeping the most recently used entries), then makes every
 * entry's program ready before the first draw: from the binary stored for
 * this driver when there is one and the driver accepts it, else by
 * compiling the GLSL regenerated from the key for this host. Each program
 * made later is appended as it is made (KEY, GLSL once per text, BINARY
 * for this driver), and at destruction a USE record names the entries the
 * session used, for least-recently-used pruning. A fallback program of its
 * own text is stored and loaded the same way, as an entry of its own.
 *
 * Needs the instance's GL context current in create, get and destroy. */
#ifndef GLHLE_GL_PROGRAM_SERVICE_H
#define GLHLE_GL_PROGRAM_SERVICE_H

#include "backend/common/bytebuf.h"
#include "backend/gl/gl_context.h"
#include "backend/gl/program_cache.h"
#include "backend/gl/shader_cache_file.h"
#include "glhle/shader_cache.h"

typedef struct gl_program_system {
    gl_shc_system_info info; /* id, name, key size and version, key_valid */
    /* Appends the program's text for `key` on a host described by `host`
     * (the system's own bits: GLES, framebuffer fetch, ...); false when a
     * buffer reached its limit. Reads only its arguments. */
    bool (*generate)(const void *key, uint32_t host, glhle_bytebuf *vs, glhle_bytebuf *fs);
    /* The key field by field, for logs and glhle-shadercache show. */
    void (*describe)(const void *key, glhle_bytebuf *out);
    /* Text for the host bits ("gles fetch"), for listings. */
    void (*describe_host)(uint32_t host, glhle_bytebuf *out);
    /* NULL, or the system's fallback program of its own text (the PICA
     * ubershader), as gl_program_service_desc.fallback_generate: tools
     * regenerate a stored fallback entry (GL_SHC_HOST_FALLBACK) with it. */
    bool (*fallback_generate)(uint32_t host, glhle_bytebuf *vs, glhle_bytebuf *fs);
    /* Compute programs: the generator writes the compute shader into `vs`
     * and leaves `fs` empty; the service links that one stage. */
    bool compute;
    /* Three-stage programs (the PICA geometry path), set instead of
     * `generate`: vertex, geometry and fragment text, stored as GLSL_GS
     * records. Such a system has no fallback; with compile workers its
     * misses compile there (defer_misses: the caller draws another way
     * meanwhile) and its stored entries at creation too, else on the draw
     * that needs them. */
    bool (*generate_gs)(const void *key, uint32_t host, glhle_bytebuf *vs, glhle_bytebuf *gs, glhle_bytebuf *fs);
    /* Programs with tessellation stages (the Maxwell draw path's), set
     * instead of `generate`: vertex, tessellation control and evaluation,
     * geometry (left empty: none) and fragment text, stored as GLSL_TESS
     * records. Such a system has no fallback; with compile workers its
     * misses compile there (defer_misses) and its stored entries at
     * creation too, as a three-stage system's. */
    bool (*generate_tess)(const void *key, uint32_t host, glhle_bytebuf *vs, glhle_bytebuf *tcs, glhle_bytebuf *tes,
                          glhle_bytebuf *gs, glhle_bytebuf *fs);
} gl_program_system;

/* The text of a stored entry: the fallback's for a GL_SHC_HOST_FALLBACK
 * host, else the generator's (a three-stage system's geometry text into
 * `gs`, a tessellation system's stages into `tcs`, `tes` and `gs`, which
 * they need; the others leave them alone and take NULL); false when the
 * system has no such text or a buffer reached its limit. */
bool gl_program_system_text(const gl_program_system *sys, const void *key, uint32_t host, glhle_bytebuf *vs,
                            glhle_bytebuf *tcs, glhle_bytebuf *tes, glhle_bytebuf *gs, glhle_bytebuf *fs);

typedef struct gl_program_service gl_program_service;

/* zero means default for every field */
typedef struct gl_program_service_desc {
    const gl_program_system *system; /* required */
    uint32_t host;                   /* this instance's host bits */
    uint32_t max_programs;           /* 0 -> 4096 */
    uint64_t max_bytes;              /* GL memory of the resident programs; 0 -> 256 MiB */
    const char *cache_dir;           /* NULL: no disk cache */
    const char *cache_title;         /* NULL or "" -> "default"; '/' and other odd characters become '_' */
    const char *cache_path;          /* the file itself, instead of cache_dir + cache_title (tools) */
    uint64_t cache_max_bytes;        /* the file's budget; 0 -> 256 MiB */
    /* called after each stored entry the creation made ready (or failed) */
    void (*on_precompile)(void *user, uint32_t done, uint32_t total);
    /* called after each program is made (linked or loaded), to set the
     * uniforms that never change (texture units, the scale) */
    void (*after_link)(void *user, GLuint program);
    void *user;
    /* Worker threads with shared contexts (compile_worker.h) for the
     * programs made at creation and, with a fallback, for misses; 0: none
     * (everything compiles on the calling thread). */
    uint32_t compile_threads;
    /* A key whose program can draw whatever any other key draws (the
     * PlayStation's all-dynamic key): made at creation; with workers, a
     * draw whose program is not ready uses it (draws_by_ubershader) while
     * its own compiles. NULL: misses wait for their compile. */
    const void *fallback_key;
    /* Or a fallback program of its own text, one for every key, that the
     * caller configures per draw (the PICA ubershader): made at creation,
     * used like fallback_key's (gl_program_service_is_fallback tells).
     * With a disk cache it is stored as an entry of its own (host bits |
     * GL_SHC_HOST_FALLBACK, key all zero) with its binary, and a later
     * instance on the same driver loads it instead of compiling it. */
    bool (*fallback_generate)(uint32_t host, glhle_bytebuf *vs, glhle_bytebuf *fs);
    /* Every lookup gets the fallback and no other program is made (for
     * measurements and tests of the fallback itself). */
    bool fallback_only;
    /* NULL, or false for keys the fallback does not draw exactly: those
     * wait for their own programs (and get them even with fallback_only). */
    bool (*fallback_covers)(const void *key);
    /* Without a fallback, with workers: a miss is compiled on a worker and
     * get returns OK with *program 0 until it is ready, so the caller skips
     * the draw (draws_deferred), as yuzu's asynchronous shaders do; a stored
     * binary of this driver is still loaded at once. false: misses wait. */
    bool defer_misses;
} gl_program_service_desc;

glhle_result gl_program_service_create(glhle_context *ctx, const gl_program_service_desc *desc,
                                       gl_program_service **out);
/* Appends the session's USE record and frees everything; NULL is ignored. */
void gl_program_service_destroy(gl_program_service *s);
/* The program for `key` (system.info.key_size bytes), made on a miss:
 * the draw calling this waits for that compile and is counted so (with
 * defer_misses: OK and *program 0 while it compiles on a worker). Returns
 * SHADER_ERROR (and *program = 0) for a key whose program cannot be built
 * (logged once, with the key described). */
glhle_result gl_program_service_get(gl_program_service *s, const void *key, GLuint *program);
/* The program for `key` when it is resident (a hit, counted as one): true
 * with *program and *result set; false when a get would have to make it
 * (nothing made or counted). For draw paths that check a miss's input
 * themselves (the Maxwell translator's refusals) before the get. The
 * fallback is never drawn with here: fallback_only services use get. */
bool gl_program_service_find(gl_program_service *s, const void *key, GLuint *program, glhle_result *result);
/* Where a find found a key: kept by a caller that finds the same key
 * again (gl_program_service_find_hashed), valid while the service's
 * programs have not changed since (the cache's generation: no program
 * made, adopted from a worker, evicted or cleared). */
typedef struct gl_program_found {
    bool valid;
    bool fallback;       /* the fallback key's program */
    uint32_t slot;       /* the in-memory cache's slot */
    uint64_t generation; /* the cache's generation after the find */
} gl_program_found;

/* The size and the hash the lookups take of `key`, and a find with them:
 * for a draw path that keeps its last key with that key's size and hash,
 * so that an unchanged key is neither built, measured nor hashed again
 * (and its program, which the service may have evicted since, is still
 * confirmed here: by the probe and the key compare, or, with `found`
 * from the last find of the same key bytes and the service's programs
 * unchanged since, by that alone; the hit is counted either way). key_size
 * 0: the service measures the key. found NULL: none kept; else set by
 * each find (valid on a hit). */
size_t gl_program_service_key_size(const gl_program_service *s, const void *key);
uint64_t gl_program_service_key_hash(const gl_program_service *s, const void *key);
bool gl_program_service_find_hashed(gl_program_service *s, const void *key, size_t key_size, uint64_t hash,
                                    gl_program_found *found, GLuint *program, glhle_result *result);
/* Whether `program` (from gl_program_service_get) is the fallback, drawn
 * while the key's own program compiles; ask again at the next draw. */
bool gl_program_service_is_fallback(const gl_program_service *s, GLuint program);
/* The service's figures; `draws` is the caller's to fill. */
void gl_program_service_get_stats(const gl_program_service *s, glhle_shader_stats *out);
/* The disk cache file this service uses, or NULL. */
const char *gl_program_service_cache_path(const gl_program_service *s);
/* Test hook: every later build fails as a driver error would. */
void gl_program_service_test_break_builds(gl_program_service *s, bool broken);

/* The driver id binaries are stored under: "vendor\nrenderer\nversion". */
size_t gl_program_driver_id(const glhle_context *ctx, char *out, size_t size);

/* DIR/TITLE.NAME.glsc, with TITLE's characters outside [A-Za-z0-9._-]
 * replaced by '_'; false when it does not fit. */
bool gl_program_cache_file_path(const char *dir, const char *title, const char *system_name, char *out,
                                size_t size);

#endif
