/* In-memory cache of linked GL programs keyed by a plain-data key: the hash
 * (XXH3-64) finds the slot, memcmp of the key bytes confirms it. On a miss
 * the caller's build function generates and links the program. A key whose
 * program failed to build is remembered, so a broken configuration costs one
 * compile and one log line, not one per draw. Two budgets, a program count
 * and GL memory in bytes (each program's GL_PROGRAM_BINARY_LENGTH where the
 * driver has binaries, else GL_PROGRAM_COST_ESTIMATE bytes): when a new
 * program would pass either, the least recently used programs are deleted.
 * Lookups do not allocate. */
#ifndef GLHLE_GL_PROGRAM_CACHE_H
#define GLHLE_GL_PROGRAM_CACHE_H

#include "backend/gl/gl_context.h"

typedef struct gl_program_slot {
    uint64_t hash;
    uint64_t last_use;
    uint64_t bytes;
    GLuint program; /* 0 with `failed`: the build failed */
    uint8_t used, failed;
    uint32_t key_len;  /* variable-size keys: the key's bytes, in `key` (owned) */
    uint8_t *key;
} gl_program_slot;

typedef struct gl_program_cache {
    glhle_context *ctx;
    size_t key_size;    /* 0: variable-size keys (gl_program_cache_init_var) */
    size_t max_key_size;
    uint32_t mask;      /* slot count - 1 (a power of two) */
    uint32_t count, max_count;
    gl_program_slot *slots;
    uint8_t *keys;      /* key_size bytes per slot */
    uint64_t clock;
    uint64_t bytes, max_bytes; /* resident, and the budget (0: none) */
    uint64_t hits, misses, evictions, failures;
    /* moves with every change of what a slot holds or where a key is: an
     * insert, a removal (eviction, which shifts the probe run after it) and
     * a clear; a slot found while it holds still holds that key */
    uint64_t generation;
} gl_program_cache;

/* Bytes counted for a program when the driver cannot say (no program
 * binaries): about what llvmpipe keeps per PICA program (issue 17 measured
 * 4,096 programs in 1.6 GB of resident memory). */
#define GL_PROGRAM_COST_ESTIMATE (400u << 10)

/* Builds the program for `key`; returns OK with *program set, or an error. */
typedef glhle_result (*gl_program_build_fn)(void *user, const void *key, GLuint *program);

/* The largest key a fixed-size cache takes: its table holds key_size bytes
 * for each of twice max_programs slots, allocated at init (larger keys go
 * in a variable-size cache, whose slots hold their own copies). */
#define GL_PROGRAM_CACHE_MAX_FIXED_KEY 4096u

/* max_programs 0 -> 4096. */
glhle_result gl_program_cache_init(gl_program_cache *c, glhle_context *ctx, size_t key_size, uint32_t max_programs);
/* Keys of 1 to max_key_size bytes, each slot's copy allocated on the miss
 * that makes it (the Maxwell keys carry guest code); use the _n functions. */
glhle_result gl_program_cache_init_var(gl_program_cache *c, glhle_context *ctx, size_t max_key_size,
                                       uint32_t max_programs);
void gl_program_cache_free(gl_program_cache *c);
/* gl_program_cache_get / _find with the key's size (either kind of cache;
 * a fixed-size cache ignores key_len). */
glhle_result gl_program_cache_getn(gl_program_cache *c, const void *key, size_t key_len, uint64_t hash,
                                   gl_program_build_fn build, void *user, GLuint *program);
bool gl_program_cache_findn(gl_program_cache *c, const void *key, size_t key_len, uint64_t hash, GLuint *program,
                            glhle_result *result);
/* gl_program_cache_findn, and *slot the slot the key is in: while
 * c->generation is as it was after the find, gl_program_cache_hit(slot)
 * is the same find without the probe and the key compare. */
bool gl_program_cache_findn_slot(gl_program_cache *c, const void *key, size_t key_len, uint64_t hash,
                                 GLuint *program, glhle_result *result, uint32_t *slot);
/* The find of the key found in `slot`, counted as one (the hit, the use
 * the LRU sees); only while the generation has not moved since. */
void gl_program_cache_hit(gl_program_cache *c, uint32_t slot, GLuint *program, glhle_result *result);
/* The program for `key` (hash = glhle_hash64(key, key_size)), building it on
 * a miss. Returns SHADER_ERROR (and *program = 0) for keys that fail. */
glhle_result gl_program_cache_get(gl_program_cache *c, const void *key, uint64_t hash, gl_program_build_fn build,
                                  void *user, GLuint *program);
/* The program for `key` when it is resident (a hit, counted), else false
 * and nothing is built or counted. */
bool gl_program_cache_find(gl_program_cache *c, const void *key, uint64_t hash, GLuint *program, glhle_result *result);
/* Sets the byte budget (0: none); programs over it are evicted on the next miss. */
void gl_program_cache_set_max_bytes(gl_program_cache *c, uint64_t max_bytes);
/* Calls fn for every resident program: its key bytes and last use (the lookup clock). */
void gl_program_cache_each(const gl_program_cache *c, void (*fn)(void *user, const void *key, uint64_t last_use),
                           void *user);
/* Deletes every program. */
void gl_program_cache_clear(gl_program_cache *c);

#endif
