/* The shader-step budget per run (glhle_pica_desc.max_shader_steps_per_run,
 * frontend.c pica_charge_steps, primitive.c): a draw that would pass it is
 * cut off, the problem is reported at the draw's command offset, processing
 * stops there and the next run has a whole budget again. The draws are the
 * pipeline fuzzer's input form (support/pica_pipeline_input.h), whose
 * prelude's vertex program is `mov o0, v0; mov o1, v1; end`: three
 * instructions run per vertex, END included, on a DRAWARRAYS (no post-vertex
 * cache: every vertex is shaded), so a draw of n vertices costs 3n steps by
 * construction. The prelude draws a triangle strip: n vertices make n - 2
 * triangles. The fuzzer's two timeouts (../shared/testdata/fuzz/pipeline/)
 * are replayed under the fuzzer's configuration. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend/pica/pica_instance.h"
#include "backend/pica/shader/primitive.h"
#include "glhle/pica.h"
#include "support/pica_pipeline_input.h"

#define STEPS_PER_VERTEX 3u /* mov, mov, end: the prelude's program */

static uint8_t vram[4096];

typedef struct counts {
    uint32_t triangles, vertices;
} counts;

static void on_output(void *user, const pica_draw_output *out)
{
    counts *c = user;
    c->triangles += out->index_count / 3;
    c->vertices += out->vertex_count;
}

typedef struct rig {
    glhle_pica *pica;
    pica_pipeline *pl;
    counts got;
} rig;

/* An instance and a pipeline as the pipeline fuzzer makes them (its step
 * limit of 500 included), with the given budget (0: the default). */
static void rig_open(rig *r, uint64_t budget)
{
    memset(r, 0, sizeof *r);
    glhle_pica_desc pd = {.max_shader_steps_per_run = budget, .log = ts_log_fn, .log_level = GLHLE_LOG_DEBUG};
    pica_pipeline_desc d = {.vertex_capacity = 64, .step_limit = 500, .on_output = on_output, .user = &r->got};
    assert_int_equal(glhle_pica_create(NULL, &pd, &r->pica), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_map_memory(r->pica, PICA_PIPELINE_INPUT_PADDR, vram, sizeof vram), GLHLE_RESULT_OK);
    assert_int_equal(pica_pipeline_create(&d, ts_logger(), &r->pl), GLHLE_RESULT_OK);
    pica_pipeline_attach(r->pl, r->pica);
}

static void rig_close(rig *r)
{
    glhle_pica_destroy(r->pica);
    pica_pipeline_destroy(r->pl);
}

/* Runs one input; its draw's offset into *draw_offset. */
static glhle_result rig_run(rig *r, const uint8_t *data, size_t size, glhle_pica_run_result *res,
                            uint32_t *draw_offset)
{
    memset(vram, 0, sizeof vram);
    pica_pipeline_input in = pica_pipeline_input_build(data, size, vram);
    assert_non_null(in.words);
    memset(&r->got, 0, sizeof r->got);
    glhle_result rc = glhle_pica_run_cmdlist(r->pica, in.words, in.word_count, res);
    *draw_offset = in.draw_offset;
    free(in.words);
    return rc;
}

/* An input in the fuzzer's form: zero memory (vertices at 16-byte strides:
 * 256 fit), RESTART_PRIMITIVE, NUMVERTICES = n, and a last byte 0
 * (DRAWARRAYS). */
#define DRAW_INPUT (PICA_PIPELINE_INPUT_MEMORY + 13)
static size_t draw_of(uint8_t *buf, uint32_t n)
{
    memset(buf, 0, DRAW_INPUT);
    uint8_t *w = buf + PICA_PIPELINE_INPUT_MEMORY;
    const uint32_t one = 1;
    w[0] = 0x5F; /* register 0x25F RESTART_PRIMITIVE: a new strip, whatever a run before left */
    w[1] = 0x02;
    memcpy(w + 2, &one, 4);
    w[6] = 0x28; /* register 0x228 NUMVERTICES */
    w[7] = 0x02;
    memcpy(w + 8, &n, 4);
    return DRAW_INPUT;
}

/* A budget of exactly the draw's work passes; one step less stops the draw
 * at its last vertex, at the draw's offset, and the next run is whole. */
static void budget_exact_and_one_less(void **state)
{
    (void)state;
    const uint32_t n = 40;
    const uint64_t need = (uint64_t)n * STEPS_PER_VERTEX;
    uint8_t in[DRAW_INPUT];
    const size_t size = draw_of(in, n);
    glhle_pica_run_result res;
    uint32_t draw_at;
    rig r;

    rig_open(&r, need);
    assert_int_equal(rig_run(&r, in, size, &res, &draw_at), GLHLE_RESULT_OK);
    assert_false(res.stopped_on_error);
    assert_int_equal(res.shader_steps, need);
    assert_int_equal(r.got.triangles, n - 2);
    rig_close(&r);

    rig_open(&r, need - 1);
    ts_log_clear();
    assert_int_equal(rig_run(&r, in, size, &res, &draw_at), GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_true(res.stopped_on_error);
    assert_true(res.stop_in_host_list);
    assert_int_equal(res.stop_offset, draw_at);
    assert_int_equal(res.draws, 1);
    /* the last vertex's invocation passed the budget: it is dropped, so the
     * strip's last triangle is missing */
    assert_int_equal(r.got.triangles, n - 3);
    assert_int_equal(res.shader_steps, need);
    char where[64];
    snprintf(where, sizeof where, "host list +0x%x: draw: the budget of %llu shader steps", draw_at,
             (unsigned long long)(need - 1));
    assert_true(ts_log_contains(where));
    /* the instance is usable: a smaller draw in the next run fits */
    const size_t small = draw_of(in, 10);
    assert_int_equal(rig_run(&r, in, small, &res, &draw_at), GLHLE_RESULT_OK);
    assert_int_equal(r.got.triangles, 8);
    assert_int_equal(res.shader_steps, 10 * STEPS_PER_VERTEX);
    rig_close(&r);
}

/* Two draws in one run share the budget: it stops the second at its
 * offset, and nothing after it runs. */
static void budget_is_per_run(void **state)
{
    (void)state;
    const uint32_t n1 = 12, n2 = 9;
    uint8_t in[DRAW_INPUT];
    const size_t size = draw_of(in, n1);
    memset(vram, 0, sizeof vram);
    pica_pipeline_input a = pica_pipeline_input_build(in, size, vram);
    assert_non_null(a.words);
    /* then NUMVERTICES = n2, a new strip (RESTART_PRIMITIVE) and the draw again */
    const uint32_t tail[8] = {n2, 0x000F0228u, 1, 0x000F025Fu, 1, 0x000F022Eu, 0, 0};
    uint32_t *words = malloc((a.word_count + 8) * 4);
    assert_non_null(words);
    memcpy(words, a.words, a.word_count * 4);
    memcpy(words + a.word_count, tail, sizeof tail);
    const uint32_t second_draw = (uint32_t)(a.word_count + 4) * 4;
    const size_t count = a.word_count + 8;
    for (uint64_t extra = 0; extra < 2; extra++) {
        rig r;
        const uint64_t need = (uint64_t)(n1 + n2) * STEPS_PER_VERTEX;
        rig_open(&r, need - 1 + extra);
        glhle_pica_run_result res;
        glhle_result rc = glhle_pica_run_cmdlist(r.pica, words, count, &res);
        if (extra) {
            assert_int_equal(rc, GLHLE_RESULT_OK);
            assert_int_equal(res.shader_steps, need);
            assert_int_equal(r.got.triangles, (n1 - 2) + (n2 - 2));
        } else {
            assert_int_equal(rc, GLHLE_RESULT_LIMIT_EXCEEDED);
            assert_int_equal(res.stop_offset, second_draw);
            assert_int_equal(res.draws, 2);
            assert_int_equal(r.got.triangles, (n1 - 2) + (n2 - 3));
        }
        rig_close(&r);
    }
    free(words);
    free(a.words);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The fuzzer's findings: DRAWARRAYS of 2^24 - 1 vertices (attribute stride
 * 0, or every attribute fixed), each shaded up to the step limit. Under the
 * fuzzer's budget they stop at the draw, in well under a second even under
 * ASan; then a normal draw renders. */
static void fuzz_timeouts_stop(void **state)
{
    (void)state;
    static const char *const names[] = {"fuzz/pipeline/pipeline_timeout_16M_vertices_stride0.bin",
                                        "fuzz/pipeline/pipeline_timeout_16M_vertices_fixed_attribs.bin"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *path;
        TS_REQUIRE_TESTDATA(names[i], path);
        size_t size;
        uint8_t *data = ts_read_file(path, &size);
        rig r;
        const uint64_t budget = 1u << 18; /* fuzz_pipeline.c's */
        rig_open(&r, budget);
        glhle_pica_run_result res;
        uint32_t draw_at;
        ts_log_clear();
        const double t0 = now_s();
        const glhle_result rc = rig_run(&r, data, size, &res, &draw_at);
        const double took = now_s() - t0;
        print_message("%s: %.3f s, %llu shader steps, %u triangles\n", names[i], took,
                      (unsigned long long)res.shader_steps, r.got.triangles);
        assert_int_equal(rc, GLHLE_RESULT_LIMIT_EXCEEDED);
        assert_true(res.stopped_on_error);
        assert_int_equal(res.stop_offset, draw_at);
        assert_true(res.shader_steps > budget && res.shader_steps <= budget + 500);
        char where[96];
        snprintf(where, sizeof where, "host list +0x%x: draw: the budget of %llu shader steps", draw_at,
                 (unsigned long long)budget);
        assert_true(ts_log_contains(where));
        assert_true(took < 5.0);
        uint8_t in[DRAW_INPUT];
        const size_t n = draw_of(in, 7);
        assert_int_equal(rig_run(&r, in, n, &res, &draw_at), GLHLE_RESULT_OK);
        assert_int_equal(r.got.triangles, 5);
        rig_close(&r);
        free(data);
    }
}

/* 0 means the default budget, 2^28 steps. */
static void default_budget(void **state)
{
    (void)state;
    rig r;
    rig_open(&r, 0);
    uint8_t in[DRAW_INPUT];
    const size_t size = draw_of(in, 200);
    glhle_pica_run_result res;
    uint32_t draw_at;
    assert_int_equal(rig_run(&r, in, size, &res, &draw_at), GLHLE_RESULT_OK);
    assert_int_equal(res.shader_steps, 200 * STEPS_PER_VERTEX);
    assert_int_equal(r.pica->fe.max_steps, GLHLE_PICA_DEFAULT_SHADER_STEPS);
    assert_true(GLHLE_PICA_DEFAULT_SHADER_STEPS == 1ull << 28);
    rig_close(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(budget_exact_and_one_less),
        cmocka_unit_test(budget_is_per_run),
        cmocka_unit_test(fuzz_timeouts_stop),
        cmocka_unit_test(default_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
