#include "backend/gl/program_cache.h"

#include <stdlib.h>
#include <string.h>

glhle_result gl_program_cache_init(gl_program_cache *c, glhle_context *ctx, size_t key_size, uint32_t max_programs)
{
    memset(c, 0, sizeof *c);
    if (key_size == 0 || key_size > GL_PROGRAM_CACHE_MAX_FIXED_KEY)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_INVALID_ARGUMENT, "program cache key size %zu", key_size);
    c->ctx = ctx;
    c->key_size = key_size;
    c->max_count = max_programs ? max_programs : 4096;
    if (c->max_count > (1u << 20))
        c->max_count = 1u << 20;
    uint32_t slots = 16;
    while (slots < c->max_count * 2) /* load factor at most 1/2 keeps probes short */
        slots *= 2;
    c->mask = slots - 1;
    c->slots = calloc(slots, sizeof *c->slots);
    c->keys = calloc(slots, key_size);
    if (!c->slots || !c->keys) {
        gl_program_cache_free(c);
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_OUT_OF_MEMORY, "program cache of %u slots", slots);
    }
    return GLHLE_RESULT_OK;
}

glhle_result gl_program_cache_init_var(gl_program_cache *c, glhle_context *ctx, size_t max_key_size,
                                       uint32_t max_programs)
{
    glhle_result r = gl_program_cache_init(c, ctx, 1, max_programs);
    if (r != GLHLE_RESULT_OK)
        return r;
    free(c->keys);
    c->keys = NULL;
    c->key_size = 0;
    c->max_key_size = max_key_size;
    return GLHLE_RESULT_OK;
}

void gl_program_cache_clear(gl_program_cache *c)
{
    if (!c->slots)
        return;
    for (uint32_t i = 0; i <= c->mask; i++) {
        if (c->slots[i].used && c->slots[i].program)
            c->ctx->gl.DeleteProgram(c->slots[i].program);
        c->slots[i].used = 0;
        free(c->slots[i].key);
        c->slots[i].key = NULL;
    }
    c->count = 0;
    c->bytes = 0;
    c->generation++;
}

void gl_program_cache_set_max_bytes(gl_program_cache *c, uint64_t max_bytes)
{
    c->max_bytes = max_bytes;
}

void gl_program_cache_each(const gl_program_cache *c, void (*fn)(void *user, const void *key, uint64_t last_use),
                           void *user)
{
    for (uint32_t i = 0; c->slots && i <= c->mask; i++)
        if (c->slots[i].used)
            fn(user, c->key_size ? c->keys + (size_t)i * c->key_size : c->slots[i].key, c->slots[i].last_use);
}

void gl_program_cache_free(gl_program_cache *c)
{
    gl_program_cache_clear(c);
    free(c->slots);
    free(c->keys);
    memset(c, 0, sizeof *c);
}

static uint8_t *key_at(gl_program_cache *c, uint32_t i)
{
    return c->keys + (size_t)i * c->key_size;
}

static bool same_key(gl_program_cache *c, uint32_t i, const void *key, size_t key_len)
{
    if (c->key_size)
        return memcmp(key_at(c, i), key, c->key_size) == 0;
    return c->slots[i].key_len == key_len && memcmp(c->slots[i].key, key, key_len) == 0;
}

/* Removes slot i and shifts later members of its probe run back, so linear
 * probing needs no tombstones. */
static void remove_slot(gl_program_cache *c, uint32_t i)
{
    if (c->slots[i].program)
        c->ctx->gl.DeleteProgram(c->slots[i].program);
    c->slots[i].used = 0;
    free(c->slots[i].key);
    c->slots[i].key = NULL;
    c->count--;
    c->bytes -= c->slots[i].bytes;
    c->generation++;
    uint32_t hole = i;
    for (uint32_t j = (i + 1) & c->mask; c->slots[j].used; j = (j + 1) & c->mask) {
        uint32_t home = (uint32_t)c->slots[j].hash & c->mask;
        /* j may move into the hole unless its home lies cyclically in (hole, j] */
        bool stays = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
        if (stays)
            continue;
        c->slots[hole] = c->slots[j];
        if (c->key_size)
            memcpy(key_at(c, hole), key_at(c, j), c->key_size);
        c->slots[j].used = 0;
        c->slots[j].key = NULL; /* moved to the hole */
        hole = j;
    }
}

static void evict_lru(gl_program_cache *c)
{
    uint32_t victim = 0;
    uint64_t oldest = UINT64_MAX;
    for (uint32_t i = 0; i <= c->mask; i++)
        if (c->slots[i].used && c->slots[i].last_use < oldest) {
            oldest = c->slots[i].last_use;
            victim = i;
        }
    remove_slot(c, victim);
    c->evictions++;
}

bool gl_program_cache_find(gl_program_cache *c, const void *key, uint64_t hash, GLuint *program, glhle_result *result)
{
    return gl_program_cache_findn(c, key, c->key_size, hash, program, result);
}

bool gl_program_cache_findn(gl_program_cache *c, const void *key, size_t key_len, uint64_t hash, GLuint *program,
                            glhle_result *result)
{
    uint32_t slot;
    return gl_program_cache_findn_slot(c, key, key_len, hash, program, result, &slot);
}

bool gl_program_cache_findn_slot(gl_program_cache *c, const void *key, size_t key_len, uint64_t hash,
                                 GLuint *program, glhle_result *result, uint32_t *slot)
{
    for (uint32_t i = (uint32_t)hash & c->mask; c->slots[i].used; i = (i + 1) & c->mask) {
        if (c->slots[i].hash == hash && same_key(c, i, key, key_len)) {
            gl_program_cache_hit(c, i, program, result);
            *slot = i;
            return true;
        }
    }
    return false;
}

void gl_program_cache_hit(gl_program_cache *c, uint32_t slot, GLuint *program, glhle_result *result)
{
    gl_program_slot *s = &c->slots[slot];
    s->last_use = ++c->clock;
    c->hits++;
    *program = s->program;
    *result = s->failed ? GLHLE_RESULT_SHADER_ERROR : GLHLE_RESULT_OK;
}

glhle_result gl_program_cache_get(gl_program_cache *c, const void *key, uint64_t hash, gl_program_build_fn build,
                                  void *user, GLuint *program)
{
    return gl_program_cache_getn(c, key, c->key_size, hash, build, user, program);
}

glhle_result gl_program_cache_getn(gl_program_cache *c, const void *key, size_t key_len, uint64_t hash,
                                   gl_program_build_fn build, void *user, GLuint *program)
{
    uint8_t *copy = NULL;
    if (!c->key_size) {
        if (key_len == 0 || key_len > c->max_key_size)
            return GLHLE_FAIL(&c->ctx->log, GLHLE_RESULT_INVALID_ARGUMENT, "program cache key of %zu bytes", key_len);
    }
    c->clock++;
    uint32_t i = (uint32_t)hash & c->mask;
    for (; c->slots[i].used; i = (i + 1) & c->mask) {
        gl_program_slot *s = &c->slots[i];
        if (s->hash == hash && same_key(c, i, key, key_len)) {
            s->last_use = c->clock;
            c->hits++;
            *program = s->program;
            return s->failed ? GLHLE_RESULT_SHADER_ERROR : GLHLE_RESULT_OK;
        }
    }
    c->misses++;
    if (!c->key_size) { /* the copy is made before the build, whose failure is remembered too */
        copy = malloc(key_len);
        if (!copy)
            return GLHLE_FAIL(&c->ctx->log, GLHLE_RESULT_OUT_OF_MEMORY, "program cache: no memory for a key");
        memcpy(copy, key, key_len);
    }
    GLuint p = 0;
    glhle_result r = build(user, key, &p);
    if (r != GLHLE_RESULT_OK) {
        c->failures++;
        p = 0;
        GLHLE_ERROR(&c->ctx->log, "program for key %016llx failed to build (%s); draws with this key are skipped",
                    (unsigned long long)hash, glhle_result_string(r));
    }
    uint64_t bytes = 0;
    if (p) {
        GLint len = 0;
        if (c->ctx->info.program_binary)
            c->ctx->gl.GetProgramiv(p, GL_PROGRAM_BINARY_LENGTH, &len);
        bytes = len > 0 ? (uint64_t)len : GL_PROGRAM_COST_ESTIMATE;
    }
    bool evicted = false;
    while (c->count > 0 && (c->count >= c->max_count || (c->max_bytes && c->bytes + bytes > c->max_bytes))) {
        evict_lru(c);
        evicted = true;
    }
    if (evicted) /* the evictions may have shifted the run: find the free slot again */
        for (i = (uint32_t)hash & c->mask; c->slots[i].used; i = (i + 1) & c->mask)
            ;
    gl_program_slot *s = &c->slots[i];
    s->hash = hash;
    s->last_use = c->clock;
    s->program = p;
    s->bytes = bytes;
    c->bytes += bytes;
    s->used = 1;
    s->failed = r != GLHLE_RESULT_OK;
    if (c->key_size)
        memcpy(key_at(c, i), key, c->key_size);
    s->key = copy;
    s->key_len = (uint32_t)key_len;
    c->count++;
    c->generation++;
    *program = p;
    return r == GLHLE_RESULT_OK ? GLHLE_RESULT_OK : GLHLE_RESULT_SHADER_ERROR;
}
