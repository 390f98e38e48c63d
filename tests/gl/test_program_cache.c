/* backend/gl/program_cache.c: hits, memcmp confirmation, failures, LRU */
#include "support/test_support.h"

#include <stdio.h>
#include <string.h>

#include "backend/common/hash.h"
#include "backend/gl/gl_util.h"
#include "backend/gl/program_cache.h"

typedef struct key {
    uint32_t colour; /* the constant colour baked into the program */
    uint32_t broken; /* 1: emit a shader that does not compile */
} key;

typedef struct builder {
    glhle_context *ctx;
    int builds;
} builder;

static glhle_result build(void *user, const void *k, GLuint *program)
{
    builder *b = user;
    const key *kk = k;
    b->builds++;
    char vs[256], fs[256];
    snprintf(vs, sizeof vs, "%s\nvoid main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n",
             b->ctx->glsl_version_line);
    snprintf(fs, sizeof fs, "%s\nprecision highp float;\nout vec4 c;\nvoid main() { c = vec4(%u.0 / 255.0)%s; }\n",
             b->ctx->glsl_version_line, kk->colour, kk->broken ? " +" : "");
    return gl_link_program(b->ctx, vs, fs, program);
}

static void hits_misses_and_identity(void **state)
{
    glhle_context *ctx = *state;
    gl_program_cache c;
    assert_int_equal(gl_program_cache_init(&c, ctx, sizeof(key), 0), GLHLE_RESULT_OK);
    builder b = {ctx, 0};
    key k1 = {10, 0}, k2 = {20, 0};
    GLuint p1, p2, again;
    assert_int_equal(gl_program_cache_get(&c, &k1, glhle_hash64(&k1, sizeof k1), build, &b, &p1), GLHLE_RESULT_OK);
    assert_int_equal(gl_program_cache_get(&c, &k1, glhle_hash64(&k1, sizeof k1), build, &b, &again),
                     GLHLE_RESULT_OK);
    assert_int_equal(p1, again);
    assert_int_equal(b.builds, 1);
    /* a colliding hash with different key bytes is a different program */
    assert_int_equal(gl_program_cache_get(&c, &k2, glhle_hash64(&k1, sizeof k1), build, &b, &p2), GLHLE_RESULT_OK);
    assert_int_not_equal(p1, p2);
    assert_int_equal(b.builds, 2);
    assert_int_equal(c.hits, 1);
    assert_int_equal(c.misses, 2);
    assert_true(ctx->gl.IsProgram(p1));
    gl_program_cache_free(&c);
    assert_false(ctx->gl.IsProgram(p1)); /* freed with the cache */
}

static void failures_are_remembered(void **state)
{
    glhle_context *ctx = *state;
    gl_program_cache c;
    gl_program_cache_init(&c, ctx, sizeof(key), 0);
    builder b = {ctx, 0};
    key bad = {1, 1};
    GLuint p = 123;
    ts_log_clear();
    for (int i = 0; i < 5; i++) {
        assert_int_equal(gl_program_cache_get(&c, &bad, glhle_hash64(&bad, sizeof bad), build, &b, &p),
                         GLHLE_RESULT_SHADER_ERROR);
        assert_int_equal(p, 0);
    }
    assert_int_equal(b.builds, 1);
    assert_int_equal(c.failures, 1);
    assert_true(ts_log_contains("draws with this key are skipped"));
    gl_program_cache_free(&c);
}

static void lru_eviction_keeps_recent_programs(void **state)
{
    glhle_context *ctx = *state;
    gl_program_cache c;
    gl_program_cache_init(&c, ctx, sizeof(key), 8);
    builder b = {ctx, 0};
    GLuint p;
    /* small hashes force long probe runs, exercising the backward shift */
    for (uint32_t i = 0; i < 8; i++) {
        key k = {i, 0};
        gl_program_cache_get(&c, &k, i % 3, build, &b, &p);
    }
    key k0 = {0, 0};
    gl_program_cache_get(&c, &k0, 0, build, &b, &p); /* touch 0: key 1 is now the oldest */
    for (uint32_t i = 8; i < 12; i++) {
        key k = {i, 0};
        gl_program_cache_get(&c, &k, i % 3, build, &b, &p);
    }
    assert_int_equal(c.count, 8);
    assert_int_equal(c.evictions, 4);
    int builds = b.builds;
    gl_program_cache_get(&c, &k0, 0, build, &b, &p);
    assert_int_equal(b.builds, builds); /* still cached */
    for (uint32_t i = 8; i < 12; i++) {
        key k = {i, 0};
        gl_program_cache_get(&c, &k, i % 3, build, &b, &p);
    }
    assert_int_equal(b.builds, builds); /* the newest four too */
    key k1 = {1, 0};
    gl_program_cache_get(&c, &k1, 1, build, &b, &p);
    assert_int_equal(b.builds, builds + 1); /* the oldest was evicted */
    gl_program_cache_free(&c);
}

/* Variable-size keys (the Maxwell keys carry guest code): the size is part
 * of the identity (a key that is another's prefix is another program), and
 * LRU eviction and the backward shift move the keys' copies along. Built
 * by the first word's colour; the rest is padding of the key's length. */
static void variable_size_keys(void **state)
{
    glhle_context *ctx = *state;
    gl_program_cache c;
    assert_int_equal(gl_program_cache_init_var(&c, ctx, 4096, 8), GLHLE_RESULT_OK);
    builder b = {ctx, 0};
    GLuint p, q;
    uint32_t k[1024];
    memset(k, 0, sizeof k);
    k[0] = 7;
    assert_int_equal(gl_program_cache_getn(&c, k, 8, 1, build, &b, &p), GLHLE_RESULT_OK);
    assert_int_equal(gl_program_cache_getn(&c, k, 16, 1, build, &b, &q), GLHLE_RESULT_OK); /* same prefix, longer */
    assert_int_not_equal(p, q);
    assert_int_equal(b.builds, 2);
    assert_true(gl_program_cache_findn(&c, k, 8, 1, &q, &(glhle_result){0}));
    assert_int_equal(p, q);
    assert_false(gl_program_cache_findn(&c, k, 12, 1, &q, &(glhle_result){0}));
    /* ten keys of ten lengths in eight slots, small hashes for long probe runs */
    for (uint32_t i = 0; i < 10; i++) {
        k[0] = 100 + i;
        assert_int_equal(gl_program_cache_getn(&c, k, 8 + 400 * i, i % 3, build, &b, &p), GLHLE_RESULT_OK);
    }
    assert_int_equal(c.count, 8);
    assert_int_equal(c.evictions, 4); /* the two first keys and the two oldest of the ten */
    const int builds = b.builds;
    for (uint32_t i = 2; i < 10; i++) {
        k[0] = 100 + i;
        assert_true(gl_program_cache_findn(&c, k, 8 + 400 * i, i % 3, &p, &(glhle_result){0}));
    }
    for (uint32_t i = 0; i < 2; i++) {
        k[0] = 100 + i;
        assert_false(gl_program_cache_findn(&c, k, 8 + 400 * i, i % 3, &p, &(glhle_result){0}));
    }
    assert_int_equal(b.builds, builds);
    assert_int_equal(gl_program_cache_getn(&c, k, 0, 0, build, &b, &p), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(gl_program_cache_getn(&c, k, 4097, 0, build, &b, &p), GLHLE_RESULT_INVALID_ARGUMENT);
    gl_program_cache_free(&c);
}

/* A slot found is trusted while the generation holds (the Maxwell draw's
 * kept key, gl_program_service_find_hashed): every insert, eviction
 * (whose backward shift moves the keys after it) and clear moves it, and
 * a hit through the slot counts as the find's use, so the LRU keeps it. */
static void kept_slots_and_the_generation(void **state)
{
    glhle_context *ctx = *state;
    gl_program_cache c;
    assert_int_equal(gl_program_cache_init_var(&c, ctx, 64, 3), GLHLE_RESULT_OK);
    builder b = {ctx, 0};
    uint32_t k[4] = {0};
    GLuint p[6], q;
    glhle_result r;
    /* one hash for all: a probe run A B C from the home slot */
    for (uint32_t i = 0; i < 3; i++) {
        k[0] = 10 * (i + 1);
        assert_int_equal(gl_program_cache_getn(&c, k, sizeof k, 5, build, &b, &p[i]), GLHLE_RESULT_OK);
    }
    k[0] = 30;
    uint32_t slot = UINT32_MAX;
    assert_true(gl_program_cache_findn_slot(&c, k, sizeof k, 5, &q, &r, &slot));
    assert_int_equal(q, p[2]);
    assert_int_equal(slot, (5 & c.mask) + 2); /* third in the run */
    const uint64_t gen = c.generation, hits = c.hits;
    /* A and B found after C, then C hit through the kept slot: unless the
     * hit counts as a use, C is the oldest */
    for (uint32_t i = 0; i < 2; i++) {
        k[0] = 10 * (i + 1);
        assert_true(gl_program_cache_findn(&c, k, sizeof k, 5, &q, &r));
    }
    gl_program_cache_hit(&c, slot, &q, &r);
    assert_int_equal(q, p[2]);
    assert_int_equal(r, GLHLE_RESULT_OK);
    assert_int_equal(c.hits, hits + 3);
    assert_int_equal(c.generation, gen); /* finds and hits change nothing */
    /* D evicts A, the oldest, which shifts B and C back by one: the kept
     * slot no longer holds C */
    k[0] = 40;
    assert_int_equal(gl_program_cache_getn(&c, k, sizeof k, 5, build, &b, &p[3]), GLHLE_RESULT_OK);
    assert_int_equal(c.evictions, 1);
    assert_int_not_equal(c.generation, gen);
    k[0] = 30;
    uint32_t now;
    assert_true(gl_program_cache_findn_slot(&c, k, sizeof k, 5, &q, &r, &now));
    assert_int_equal(q, p[2]); /* C was kept */
    assert_int_equal(now, slot - 1);
    k[0] = 10;
    assert_false(gl_program_cache_findn(&c, k, sizeof k, 5, &q, &r));
    /* a clear moves it too */
    const uint64_t before_clear = c.generation;
    gl_program_cache_clear(&c);
    assert_int_not_equal(c.generation, before_clear);
    gl_program_cache_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(hits_misses_and_identity),
        TS_GL_TEST(failures_are_remembered),
        TS_GL_TEST(lru_eviction_keeps_recent_programs),
        TS_GL_TEST(variable_size_keys),
        TS_GL_TEST(kept_slots_and_the_generation),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
