/* Save states without GL (backend/pica/pica_save_state.c,
 * backend/psx/psx_state.c): a GL-free PICA put through seeded random
 * command lists that touch every FIFO port and leave queues part filled
 * is saved and loaded into a fresh instance and into a busy one; both must
 * then hold the saving instance's state field for field (the reference is
 * the saving instance itself), and keep doing so as the same commands run
 * on. The PlayStation scene on the software renderer is cut at many words,
 * saved, loaded and finished: VRAM must equal an uninterrupted run.
 * Damaged and foreign blobs -- truncated at every length up to 64, at and
 * around every chunk boundary and at random lengths, a flipped byte at
 * every header byte and random places, another major version, another
 * system, a trace -- must be refused with BAD_DATA or TRUNCATED, and leave
 * the instance exactly as it was: its own state saves to the same bytes,
 * and it runs on to the same result as a twin that never saw them. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/common/trace_container.h"
#include "glhle/pica.h"
#include "glhle/psx.h"
#include "glhle/trace.h"
#include "support/state_support.h"

static glhle_pica *pica_new(void)
{
    glhle_pica_desc d = {0};
    d.log = ts_log_fn;
    d.log_level = GLHLE_LOG_ERROR; /* the random lists' warnings are expected */
    glhle_pica *p = NULL;
    assert_int_equal(glhle_pica_create(NULL, &d, &p), GLHLE_RESULT_OK);
    return p;
}

static glhle_psx *psx_new(void)
{
    glhle_psx_desc d = {0};
    d.renderer = GLHLE_PSX_RENDERER_SOFTWARE;
    d.log = ts_log_fn;
    glhle_psx *p = NULL;
    assert_int_equal(glhle_psx_create(NULL, &d, &p), GLHLE_RESULT_OK);
    return p;
}

static uint8_t *pica_save(glhle_pica *p, size_t *size)
{
    assert_int_equal(glhle_pica_save_state(p, NULL, 0, size), GLHLE_RESULT_LIMIT_EXCEEDED);
    uint8_t *b = malloc(*size);
    assert_non_null(b);
    size_t got;
    assert_int_equal(glhle_pica_save_state(p, b, *size, &got), GLHLE_RESULT_OK);
    assert_int_equal(got, *size);
    return b;
}

static uint8_t *psx_save(glhle_psx *p, size_t *size)
{
    assert_int_equal(glhle_psx_save_state(p, NULL, 0, size), GLHLE_RESULT_LIMIT_EXCEEDED);
    uint8_t *b = malloc(*size);
    assert_non_null(b);
    size_t got;
    assert_int_equal(glhle_psx_save_state(p, b, *size, &got), GLHLE_RESULT_OK);
    assert_int_equal(got, *size);
    return b;
}

static void pica_round_trip(void **state)
{
    (void)state;
    const uint64_t seed = ts_seed("save_state_pica", 0x51A7E);
    print_message("seed %llu (GLHLE_TEST_SEED_SAVE_STATE_PICA to repeat)\n", (unsigned long long)seed);
    for (uint64_t k = 0; k < 6; k++) {
        glhle_pica *a = pica_new(), *fresh = pica_new(), *busy = pica_new();
        st_pica_busy(a, seed + k, 1 + (int)(k % 3));
        st_pica_busy(busy, seed + 100 + k, 2);
        size_t size;
        uint8_t *blob = pica_save(a, &size);
        assert_memory_equal(blob, "GLHSTATE", 8);
        assert_int_equal(glhle_pica_load_state(fresh, blob, size), GLHLE_RESULT_OK);
        assert_int_equal(glhle_pica_load_state(busy, blob, size), GLHLE_RESULT_OK);
        assert_true(st_pica_same(a, fresh));
        assert_true(st_pica_same(a, busy));
        /* the same commands on from there: queues, offsets and the
         * immediate vertex carry on alike */
        st_pica_busy(a, seed + 200 + k, 1);
        st_pica_busy(fresh, seed + 200 + k, 1);
        st_pica_busy(busy, seed + 200 + k, 1);
        assert_true(st_pica_same(a, fresh));
        assert_true(st_pica_same(a, busy));
        free(blob);
        glhle_pica_destroy(a);
        glhle_pica_destroy(fresh);
        glhle_pica_destroy(busy);
    }
}

static void psx_round_trip(void **state)
{
    (void)state;
    const size_t n = st_psx_scene_words();
    glhle_psx *ref = psx_new();
    st_psx_scene(ref, 0, n);
    glhle_psx_end_stream(ref);
    uint16_t *want = malloc(1024 * 512 * 2), *got = malloc(1024 * 512 * 2);
    assert_non_null(want);
    assert_non_null(got);
    assert_int_equal(glhle_psx_read_vram(ref, 0, 0, 1024, 512, want), GLHLE_RESULT_OK);
    const uint32_t want_stat = glhle_psx_gpustat(ref);
    for (size_t k = 0; k <= n; k += 1 + k % 13) {
        glhle_psx *a = psx_new(), *b = psx_new();
        st_psx_scene(b, 0, n / 3); /* b has a past of its own */
        st_psx_scene(a, 0, k);
        size_t size;
        uint8_t *blob = psx_save(a, &size);
        assert_int_equal(glhle_psx_load_state(b, blob, size), GLHLE_RESULT_OK);
        assert_int_equal(glhle_psx_gpustat(b), glhle_psx_gpustat(a));
        st_psx_scene(b, k, n);
        glhle_psx_end_stream(b);
        assert_int_equal(glhle_psx_read_vram(b, 0, 0, 1024, 512, got), GLHLE_RESULT_OK);
        if (memcmp(got, want, 1024 * 512 * 2))
            fail_msg("split after word %zu: VRAM differs from the uninterrupted run", k);
        assert_int_equal(glhle_psx_gpustat(b), want_stat);
        free(blob);
        glhle_psx_destroy(a);
        glhle_psx_destroy(b);
    }
    free(want);
    free(got);
    glhle_psx_destroy(ref);
}

/* ---- damaged and foreign blobs ---------------------------------------------------------------- */

typedef glhle_result (*load_fn)(void *gpu, const void *blob, size_t size);

static glhle_result load_pica(void *gpu, const void *blob, size_t size)
{
    return glhle_pica_load_state(gpu, blob, size);
}

static glhle_result load_psx(void *gpu, const void *blob, size_t size)
{
    return glhle_psx_load_state(gpu, blob, size);
}

static void refused(load_fn load, void *gpu, const uint8_t *blob, size_t size, const char *what, size_t at)
{
    ts_log_clear();
    const glhle_result r = load(gpu, blob, size);
    if (r != GLHLE_RESULT_BAD_DATA && r != GLHLE_RESULT_TRUNCATED)
        fail_msg("%s %zu: load gave %s, not BAD_DATA or TRUNCATED", what, at, glhle_result_string(r));
    if (!ts_log_contains("offset"))
        fail_msg("%s %zu: the error does not name an offset", what, at);
}

/* Every way of damaging `blob` the top of the file lists, each loaded
 * into gpu and refused. */
static void damage_all(load_fn load, void *gpu, const uint8_t *blob, size_t size, const uint8_t *foreign,
                       size_t foreign_size)
{
    ts_rng rng;
    const uint64_t seed = ts_seed("save_state_damage", 0xDA3A6E);
    print_message("seed %llu (GLHLE_TEST_SEED_SAVE_STATE_DAMAGE to repeat)\n", (unsigned long long)seed);
    ts_rng_init(&rng, seed);
    uint8_t *copy = malloc(size);
    assert_non_null(copy);
    /* truncated: every length up to 64, around every chunk boundary, random */
    for (size_t n = 0; n <= 64; n++)
        refused(load, gpu, blob, n, "truncated to", n);
    for (size_t at = TRACE_HEADER_SIZE; at < size;) {
        for (size_t d = 0; d < 5; d++)
            if (at + d >= 2 && at + d - 2 < size)
                refused(load, gpu, blob, at + d - 2, "truncated to", at + d - 2);
        at += TRACE_CHUNK_OVERHEAD + trace_rd32(blob + at + 4);
    }
    for (int i = 0; i < 200; i++) {
        const size_t n = ts_rng_below(&rng, (uint32_t)size);
        refused(load, gpu, blob, n, "truncated to", n);
    }
    /* a flipped byte: every header byte, then random places */
    for (int i = 0; i < TRACE_HEADER_SIZE + 300; i++) {
        const size_t at = i < TRACE_HEADER_SIZE ? (size_t)i : ts_rng_below(&rng, (uint32_t)size);
        memcpy(copy, blob, size);
        copy[at] ^= (uint8_t)(1u << ts_rng_below(&rng, 8));
        refused(load, gpu, copy, size, "flipped byte at", at);
    }
    /* another major version and an unknown system, checksums correct */
    memcpy(copy, blob, size);
    trace_wr16(copy + 8, STATE_VERSION_MAJOR + 1);
    st_fix_checksums(copy, size);
    refused(load, gpu, copy, size, "version", STATE_VERSION_MAJOR + 1);
    assert_true(ts_log_contains("version 2.0"));
    memcpy(copy, blob, size);
    trace_wr32(copy + 16, TRACE_SYSTEM_MAXWELL);
    st_fix_checksums(copy, size);
    refused(load, gpu, copy, size, "system", TRACE_SYSTEM_MAXWELL);
    assert_true(ts_log_contains("offset 16"));
    /* another system's state, and a trace */
    refused(load, gpu, foreign, foreign_size, "foreign", foreign_size);
    assert_true(ts_log_contains("offset 16"));
    memcpy(copy, blob, size);
    memcpy(copy, "GLHTRACE", 8);
    st_fix_checksums(copy, size);
    refused(load, gpu, copy, size, "trace magic", 0);
    /* the END chunk gone */
    size_t last = TRACE_HEADER_SIZE;
    for (size_t at = last; at < size; at += TRACE_CHUNK_OVERHEAD + trace_rd32(blob + at + 4))
        last = at;
    refused(load, gpu, blob, last, "no END at", last);
    assert_true(ts_log_contains("without an END chunk"));
    free(copy);
}

static void damaged_blobs_change_nothing(void **state)
{
    (void)state;
    const size_t n = st_psx_scene_words();
    /* good blobs of each system */
    glhle_pica *pa = pica_new();
    st_pica_busy(pa, 21, 2);
    size_t pica_size, psx_size;
    uint8_t *pica_blob = pica_save(pa, &pica_size);
    glhle_psx *xa = psx_new();
    st_psx_scene(xa, 0, n / 2);
    uint8_t *psx_blob = psx_save(xa, &psx_size);

    /* victims with a state of their own, and twins that see no load */
    glhle_pica *pv = pica_new(), *pt = pica_new();
    st_pica_busy(pv, 33, 1);
    st_pica_busy(pt, 33, 1);
    glhle_psx *xv = psx_new(), *xt = psx_new();
    st_psx_scene(xv, 0, n / 3 + 1);
    st_psx_scene(xt, 0, n / 3 + 1);
    size_t before_size, after_size;
    uint8_t *before = pica_save(pv, &before_size);
    damage_all(load_pica, pv, pica_blob, pica_size, psx_blob, psx_size);
    uint8_t *after = pica_save(pv, &after_size);
    assert_int_equal(after_size, before_size);
    assert_memory_equal(after, before, before_size);
    free(before);
    free(after);
    before = psx_save(xv, &before_size);
    damage_all(load_psx, xv, psx_blob, psx_size, pica_blob, pica_size);
    after = psx_save(xv, &after_size);
    assert_int_equal(after_size, before_size);
    assert_memory_equal(after, before, before_size);
    free(before);
    free(after);

    /* and they run on as their twins do */
    st_pica_busy(pv, 34, 1);
    st_pica_busy(pt, 34, 1);
    assert_true(st_pica_same(pv, pt));
    st_psx_scene(xv, n / 3 + 1, n);
    st_psx_scene(xt, n / 3 + 1, n);
    uint16_t *v = malloc(1024 * 512 * 2), *t = malloc(1024 * 512 * 2);
    assert_non_null(v);
    assert_non_null(t);
    glhle_psx_read_vram(xv, 0, 0, 1024, 512, v);
    glhle_psx_read_vram(xt, 0, 0, 1024, 512, t);
    assert_memory_equal(v, t, 1024 * 512 * 2);
    free(v);
    free(t);

    free(pica_blob);
    free(psx_blob);
    glhle_pica_destroy(pa);
    glhle_pica_destroy(pv);
    glhle_pica_destroy(pt);
    glhle_psx_destroy(xa);
    glhle_psx_destroy(xv);
    glhle_psx_destroy(xt);
}

static void buffer_too_small(void **state)
{
    (void)state;
    glhle_pica *p = pica_new();
    size_t need = 0;
    assert_int_equal(glhle_pica_save_state(p, NULL, 0, &need), GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_true(need > 4 * 768);
    uint8_t *b = malloc(need);
    assert_non_null(b);
    memset(b, 0x5C, need);
    size_t got = 0;
    ts_log_clear();
    assert_int_equal(glhle_pica_save_state(p, b, need - 1, &got), GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_int_equal(got, need);
    assert_true(ts_log_contains("the state needs"));
    for (size_t i = 0; i < need; i++)
        assert_int_equal(b[i], 0x5C);
    assert_int_equal(glhle_pica_save_state(p, NULL, 0, NULL), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_pica_load_state(p, NULL, 10), GLHLE_RESULT_INVALID_ARGUMENT);
    free(b);
    glhle_pica_destroy(p);
}

/* A recorder could not follow a load: refused while one is attached. */
static void not_under_a_recorder(void **state)
{
    (void)state;
    glhle_pica *p = pica_new();
    size_t size;
    uint8_t *blob = pica_save(p, &size);
    glhle_trace_recorder *rec;
    const glhle_trace_recorder_desc rd = {.log = ts_log_fn};
    assert_int_equal(glhle_trace_recorder_create(&rd, &rec), GLHLE_RESULT_OK);
    assert_int_equal(glhle_trace_recorder_attach(rec, p), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_load_state(p, blob, size), GLHLE_RESULT_INVALID_ARGUMENT);
    glhle_trace_recorder_destroy(rec);
    assert_int_equal(glhle_pica_load_state(p, blob, size), GLHLE_RESULT_OK);
    free(blob);
    glhle_pica_destroy(p);

    glhle_psx *x = psx_new();
    blob = psx_save(x, &size);
    glhle_psx_recorder *xr;
    const glhle_psx_recorder_desc xd = {.log = ts_log_fn};
    assert_int_equal(glhle_psx_recorder_create(&xd, &xr), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_recorder_attach(xr, x), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_load_state(x, blob, size), GLHLE_RESULT_INVALID_ARGUMENT);
    glhle_psx_recorder_destroy(xr);
    assert_int_equal(glhle_psx_load_state(x, blob, size), GLHLE_RESULT_OK);
    free(blob);
    glhle_psx_destroy(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pica_round_trip),
        cmocka_unit_test(psx_round_trip),
        cmocka_unit_test(damaged_blobs_change_nothing),
        cmocka_unit_test(buffer_too_small),
        cmocka_unit_test(not_under_a_recorder),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
