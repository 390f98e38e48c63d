/* Maxwell compute launches on GL (backend/maxwell/render/compute.c): corpus
 * compute programs (deko3d-compiled) launched through a QMD that the scene
 * builder writes as deko3d does (tests/scenes/maxwell_compute_scene.c: the
 * job uploaded by the compute class's inline-to-memory methods, then
 * SEND_PCAS_A / SEND_SIGNALING_PCAS_B). Each output buffer is checked, in
 * guest memory right after the submission, against values worked out here
 * from the shader's GLSL source and its sidecar's inputs -- never from a
 * run of the code under test. Skips when the shader corpus is absent. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/engines/engines.h"
#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/render_targets.h"
#include "scenes/maxwell_compute_scene.h"

#define VA 0x0600000000ull
#define MEM (1u << 20)
#define CS_OFF 0x1000u
#define UBO_OFF 0x8000u
#define BUF0 0x10000u
#define BUF1 0x20000u
#define JOBS 0x30000u
#define FENCE 0x38000u

typedef struct env {
    glhle_maxwell *gpu;
    uint8_t *data;
    tm_pb pb;
    tmc_shader cs;
} env;

static bool env_open(env *e, glhle_context *ctx, const char *shader)
{
    memset(e, 0, sizeof *e);
    if (!tmc_dir())
        return false;
    assert_true(tmc_load(shader, &e->cs));
    glhle_maxwell_desc d = {.log = ts_log_fn, .log_level = GLHLE_LOG_INFO};
    assert_int_equal(glhle_maxwell_create(ctx, &d, &e->gpu), GLHLE_RESULT_OK);
    e->data = calloc(1, MEM);
    assert_int_equal(glhle_maxwell_map(e->gpu, VA, e->data, MEM, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    tmk_program(e->data, CS_OFF, &e->cs);
    tm_pb_init(&e->pb);
    tm_bind_all(&e->pb);
    tmk_init(&e->pb, VA);
    return true;
}

static void env_submit(env *e, uint32_t launches)
{
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(e->gpu, &e->pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    tm_pb_free(&e->pb);
    tm_pb_init(&e->pb);
    assert_int_equal(e->gpu->render->stats.launches, launches);
}

static void env_close(env *e, glhle_context *ctx)
{
    tm_pb_free(&e->pb);
    glhle_maxwell_destroy(e->gpu);
    free(e->data);
    tmc_free(&e->cs);
    ts_gl_check(ctx);
}

static uint32_t get32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static float getf(const uint8_t *p)
{
    float v;
    memcpy(&v, p, 4);
    return v;
}

/* A job for the program at CS_OFF: blocks of bx x by x bz, gx x gy x 1 of
 * them, UBO binding 0 (c2) at UBO_OFF. */
static tmk_job job(uint32_t bx, uint32_t by, uint32_t bz, uint32_t gx, uint32_t gy)
{
    tmk_job j;
    memset(&j, 0, sizeof j);
    j.program_offset = CS_OFF;
    j.block[0] = bx, j.block[1] = by, j.block[2] = bz;
    j.grid[0] = gx, j.grid[1] = gy, j.grid[2] = 1;
    j.cbuf_va[2] = VA + UBO_OFF, j.cbuf_size[2] = 0x100;
    return j;
}

/* The builder's QMD decodes to what was asked (the decoder and the builder
 * were both written from clb1c0qmd.h; deko3d's compute_qmd.h agrees). */
static void qmd_round_trip(void **state)
{
    (void)state;
    tmk_job j;
    memset(&j, 0, sizeof j);
    j.program_offset = 0x12340;
    j.block[0] = 8, j.block[1] = 4, j.block[2] = 2;
    j.grid[0] = 70000, j.grid[1] = 3, j.grid[2] = 5;
    j.shared_memory = 0x3000;
    j.cbuf_va[2] = 0x0123456700ull, j.cbuf_size[2] = 0x10000;
    j.release = true, j.release_va = 0x00ABCDEF10ull, j.release_payload = 0xC0DE;
    uint32_t q[64];
    tmk_qmd(&j, 0x0600001100ull, q);
    mw_compute_launch cl;
    assert_int_equal(mw_qmd_decode(q, &cl, NULL), GLHLE_RESULT_OK);
    assert_int_equal(cl.program_offset, 0x12340);
    assert_int_equal(cl.block[0], 8), assert_int_equal(cl.block[1], 4), assert_int_equal(cl.block[2], 2);
    assert_int_equal(cl.grid[0], 70000), assert_int_equal(cl.grid[1], 3), assert_int_equal(cl.grid[2], 5);
    assert_int_equal(cl.shared_memory_size, 0x3000);
    assert_int_equal(cl.qmd_version, 7), assert_int_equal(cl.qmd_major_version, 1);
    assert_true(cl.cbuf[0].valid && !cl.cbuf[1].valid && cl.cbuf[2].valid && !cl.cbuf[3].valid);
    assert_int_equal(cl.cbuf[0].address, 0x0600001100ull);
    assert_int_equal(cl.cbuf[0].size, TMK_C0_BYTES);
    assert_int_equal(cl.cbuf[2].address, 0x0123456700ull);
    assert_int_equal(cl.cbuf[2].size, 0x10000);
    assert_true(cl.release_enable[0] && !cl.release_enable[1] && cl.release_one_word[0]);
    assert_int_equal(cl.release_address[0], 0x00ABCDEF10ull);
    assert_int_equal(cl.release_payload[0], 0xC0DE);
}

/* simple_csh: `d.v[i] = d.v[i] * p.k.x + i` over 4 blocks of 64. Two
 * launches in one submission, the second reading what the first wrote,
 * then the second's QMD release; the CPU reads all of it right after. */
static void simple_two_launches(void **state)
{
    env e;
    if (!env_open(&e, *state, "simple_csh"))
        skip();
    for (uint32_t i = 0; i < 256; i++) {
        const uint32_t v = 3 * i;
        memcpy(e.data + BUF0 + 4 * i, &v, 4);
    }
    const uint32_t k = 5;
    memcpy(e.data + UBO_OFF, &k, 4);
    tmk_job j = job(64, 1, 1, 4, 1);
    tmk_ssbo(&j, 0, VA + BUF0, 1024);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    j.release = true, j.release_va = VA + FENCE, j.release_payload = 0xFEED;
    tmk_dispatch(&e.pb, VA + JOBS + 0x400, &j);
    env_submit(&e, 2);
    for (uint32_t i = 0; i < 256; i++) {
        const uint32_t once = 3 * i * k + i, twice = once * k + i;
        if (get32(e.data + BUF0 + 4 * i) != twice)
            fail_msg("v[%u] is %u, want (3 %u * %u + %u) * %u + %u = %u", i, get32(e.data + BUF0 + 4 * i), i, k, i,
                     k, i, twice);
    }
    assert_int_equal(get32(e.data + FENCE), 0xFEED);
    /* the bytes past the buffer stay */
    assert_int_equal(get32(e.data + BUF0 + 1024), 0);
    env_close(&e, *state);
}

/* ssbo_layout_csh with its sidecar's inputs: 100 records (count 90), limit
 * 80; invocation i = local index + 32 (group x + groups x * group y), and
 * for i < min(length, count, limit) v[i] = (pos * scale.xyz + (uv, w),
 * id + k / 2) + (local id, 0), the rest untouched. */
static void ssbo_layout_records(void **state)
{
    env e;
    if (!env_open(&e, *state, "ssbo_layout_csh"))
        skip();
    const float scale[4] = {2.0f, 0.5f, 1.0f, 0.0f};
    memcpy(e.data + UBO_OFF, scale, 16);
    const uint32_t limit = 80, count = 90, items = 100;
    memcpy(e.data + UBO_OFF + 16, &limit, 4);
    memcpy(e.data + BUF0, &count, 4);
    for (uint32_t i = 0; i < items; i++) {
        uint8_t *it = e.data + BUF0 + 16 + 32 * i;
        const float pos[3] = {(float)i, -0.5f * i, 1}, uv[2] = {0.25f * i, 1}, w = 0.125f;
        const uint32_t id = 3 * i;
        const int32_t kk = -(int32_t)i;
        memcpy(it, pos, 12), memcpy(it + 12, &id, 4), memcpy(it + 16, uv, 8), memcpy(it + 24, &kk, 4);
        memcpy(it + 28, &w, 4);
    }
    tmk_job j = job(4, 4, 2, 2, 2);
    tmk_ssbo(&j, 0, VA + BUF0, 16 + 32 * items);
    tmk_ssbo(&j, 1, VA + BUF1, 128 * 16);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    env_submit(&e, 1);
    const uint32_t n = items < count ? (items < limit ? items : limit) : (count < limit ? count : limit);
    for (uint32_t gy = 0; gy < 2; gy++)
        for (uint32_t gx = 0; gx < 2; gx++)
            for (uint32_t l = 0; l < 32; l++) {
                const uint32_t i = l + 32 * (gx + 2 * gy);
                const uint32_t lid[3] = {l % 4, l / 4 % 4, l / 16};
                float want[4] = {0, 0, 0, 0};
                if (i < n) {
                    const float pos[3] = {(float)i, -0.5f * i, 1}, uv[2] = {0.25f * i, 1};
                    want[0] = pos[0] * scale[0] + uv[0] + (float)lid[0];
                    want[1] = pos[1] * scale[1] + uv[1] + (float)lid[1];
                    want[2] = pos[2] * scale[2] + 0.125f + (float)lid[2];
                    want[3] = (float)(3 * i) + (float)-(int32_t)i * 0.5f;
                }
                for (int c = 0; c < 4; c++)
                    if (getf(e.data + BUF1 + 16 * i + 4 * (uint32_t)c) != want[c])
                        fail_msg("v[%u].%c is %g, want %g", i, "xyzw"[c],
                                 (double)getf(e.data + BUF1 + 16 * i + 4 * (uint32_t)c), (double)want[c]);
            }
    env_close(&e, *state);
}

/* A launch the renderer refuses (a zero grid; an SSBO descriptor outside
 * the bound c0) is reported with its reason, writes nothing, and the next
 * launch runs. */
static void bad_launches_are_reported(void **state)
{
    env e;
    if (!env_open(&e, *state, "simple_csh"))
        skip();
    tmk_job j = job(64, 1, 1, 0, 1);
    tmk_ssbo(&j, 0, VA + BUF0, 256);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    glhle_maxwell_run_result res;
    ts_log_clear();
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 1);
    assert_true(ts_log_contains("0x1x1 grid"));
    tm_pb_free(&e.pb);
    tm_pb_init(&e.pb);
    /* the SSBO in unmapped memory */
    j.grid[0] = 1;
    tmk_ssbo(&j, 0, 0x0700000000ull, 256);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    ts_log_clear();
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(res.problems, 1);
    assert_true(ts_log_contains("global buffer 0 at GPU 0x0700000000"));
    tm_pb_free(&e.pb);
    tm_pb_init(&e.pb);
    assert_int_equal(e.gpu->render->stats.launches, 0);
    /* and a good one still runs: v[i] = 0 * 0 + i */
    tmk_ssbo(&j, 0, VA + BUF0, 256);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    env_submit(&e, 1);
    for (uint32_t i = 0; i < 64; i++)
        assert_int_equal(get32(e.data + BUF0 + 4 * i), i);
    env_close(&e, *state);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(qmd_round_trip),
        cmocka_unit_test(simple_two_launches),
        cmocka_unit_test(ssbo_layout_records),
        cmocka_unit_test(bad_launches_are_reported),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
