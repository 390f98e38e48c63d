/* In-memory cache of linked GL programs keyed by a plain-data key: the hash
 * (XXH3-64) finds the slot, memcmp of the key bytes confirms it. On a miss
 * the caller's build function generates and links the program. A key whose
 * program failed to build is remembered, so a broken configuration costs one
 * compile and one log line, not one per draw. Fixed capacity: past it the
 * least recently used program is deleted. Lookups do not allocate. */
#ifndef GLHLE_GL_PROGRAM_CACHE_H
#define GLHLE_GL_PROGRAM_CACHE_H

#include "backend/gl/gl_context.h"

typedef struct gl_program_slot {
    uint64_t hash;
    uint64_t last_use;
    GLuint program; /* 0 with `failed`: the build failed */
    uint8_t used, failed;
} gl_program_slot;

typedef struct gl_program_cache {
    glhle_context *ctx;
    size_t key_size;
    uint32_t mask;      /* slot count - 1 (a power of two) */
    uint32_t count, max_count;
    gl_program_slot *slots;
    uint8_t *keys;      /* key_size bytes per slot */
    uint64_t clock;
    uint64_t hits, misses, evictions, failures;
} gl_program_cache;

/* Builds the program for `key`; returns OK with *program set, or an error. */
typedef glhle_result (*gl_program_build_fn)(void *user, const void *key, GLuint *program);

/* max_programs 0 -> 4096. */
glhle_result gl_program_cache_init(gl_program_cache *c, glhle_context *ctx, size_t key_size, uint32_t max_programs);
void gl_program_cache_free(gl_program_cache *c);
/* The program for `key` (hash = glhle_hash64(key, key_size)), building it on
 * a miss. Returns SHADER_ERROR (and *program = 0) for keys that fail. */
glhle_result gl_program_cache_get(gl_program_cache *c, const void *key, uint64_t hash, gl_program_build_fn build,
                                  void *user, GLuint *program);
/* Deletes every program. */
void gl_program_cache_clear(gl_program_cache *c);

#endif
