/* Maxwell compute launches on GL (backend/maxwell/render/compute.c): corpus
 * compute programs (deko3d-compiled) launched through a QMD that the scene
 * builder writes as deko3d does (tests/scenes/maxwell_compute_scene.c: the
 * job uploaded by the compute class's inline-to-memory methods, then
 * SEND_PCAS_A / SEND_SIGNALING_PCAS_B). Each output buffer is checked, in
 * guest memory right after the submission, against values worked out here
 * from the shader's GLSL source and its sidecar's inputs -- never from a
 * run of the code under test. Skips when the shader corpus is absent. */
#include "support/test_support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/engines/engines.h"
#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/render_targets.h"
#include "scenes/maxwell_compute_scene.h"
#include "scenes/maxwell_draw_scene.h"
#include "support/maxwell_coverage.h"
#include "support/trace_golden.h"

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
    if (!tmc_require())
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
 * the bound c0 or past the address space) is reported with its reason, writes nothing, and the next
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
    /* a descriptor whose range wraps past the 40-bit address space (and past
     * 2^64): refused as bad data, not read */
    tmk_ssbo(&j, 0, 0xFFFFFFFFFFFFFF00ull, 0x200);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    ts_log_clear();
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 1);
    assert_true(ts_log_contains("runs past the 40-bit address space"));
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

/* shared_atomic_csh with its sidecar's inputs, through a QMD whose
 * SHARED_MEMORY_SIZE is the program header's shared_mem_sz (as deko3d's
 * dispatch copies it): 4 blocks of 64, v = (g * 2654435761) >> 20. Each
 * block's tree reduction over shared memory leaves the sum of its 64 v, and
 * the shared counter the number of odd v; the stats buffer the atomics'
 * results over all 256 (cas: any count from 1, the order being free). */
static void shared_atomic_launch(void **state)
{
    env e;
    if (!env_open(&e, *state, "shared_atomic_csh"))
        skip();
    assert_true(e.cs.shared_bytes >= 64 * 4 + 4); /* tile[64] and counter */
    const uint32_t init[8] = {0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, 0, 0, 0, 0};
    memcpy(e.data + BUF1, init, sizeof init);
    tmk_job j = job(64, 1, 1, 4, 1);
    j.shared_memory = e.cs.shared_bytes;
    tmk_ssbo(&j, 0, VA + BUF0, 32);
    tmk_ssbo(&j, 1, VA + BUF1, 32);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    env_submit(&e, 1);
    uint32_t sums[8] = {0}, st[7] = {0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, 0, 0, 0xC0FFEEu};
    for (uint32_t g = 0; g < 256; g++) {
        const uint32_t v = (uint32_t)(g * 2654435761u) >> 20;
        sums[g / 64 * 2] += v;
        sums[g / 64 * 2 + 1] += v & 1;
        st[0] += v;
        st[1] = v < st[1] ? v : st[1];
        st[2] = v > st[2] ? v : st[2];
        st[3] &= v | 0xF00u;
        st[4] |= v & 0x0F0u;
        st[5] ^= v;
    }
    for (uint32_t i = 0; i < 8; i++)
        if (get32(e.data + BUF0 + 4 * i) != sums[i])
            fail_msg("sums[%u] is %u, want %u", i, get32(e.data + BUF0 + 4 * i), sums[i]);
    for (uint32_t i = 0; i < 7; i++)
        if (get32(e.data + BUF1 + 4 * i) != st[i])
            fail_msg("stats word %u is 0x%x, want 0x%x", i, get32(e.data + BUF1 + 4 * i), st[i]);
    const uint32_t cas = get32(e.data + BUF1 + 28);
    if (cas < 1 || cas > 256)
        fail_msg("cas is %u, want 1-256", cas);
    env_close(&e, *state);
}

/* Whether this context offers what the subgroup translation's GLSL needs,
 * read from the driver's extension list here (and GLHLE_CAPS_DISABLE, the
 * pass that pretends an extension is absent), not from glhle's info. */
static bool host_has(glhle_context *ctx, const char *name)
{
    const char *off = getenv("GLHLE_CAPS_DISABLE");
    if (off && strstr(off, name))
        return false;
    const GladGLContext *gl = &ctx->gl;
    GLint n = 0;
    gl->GetIntegerv(GL_NUM_EXTENSIONS, &n);
    for (GLint i = 0; i < n; i++)
        if (!strcmp((const char *)gl->GetStringi(GL_EXTENSIONS, (GLuint)i), name))
            return true;
    return false;
}

/* subgroup_csh (VOTE.ANY/ALL/EQ, SHFL.IDX, LANEID) through a QMD launch.
 * Where the host has ARB_shader_ballot, ARB_gpu_shader_int64 and
 * ARB_shader_group_vote (desktop llvmpipe), the 2 x 64 invocations write
 * what its GLSL gives for inputs constant over each aligned 32: for blk =
 * g >> 5, x = (blk & 1) | (blk < 3) << 1 | 1 << 2 (the vote on blk & 2 is
 * uniform), y = 100 blk + 5, z = blk + 1000, w = 1. Where it has not (ES,
 * and desktop GL with GLHLE_CAPS_DISABLE=GL_ARB_shader_ballot: the
 * gl/test_maxwell_compute_no_subgroups pass), the launch is refused with
 * the translator's reason -- not GLSL that fails to compile -- nothing is
 * written, and the next launch runs. */
static void subgroup_launch(void **state)
{
    glhle_context *ctx = *state;
    env e;
    if (!env_open(&e, ctx, "subgroup_csh"))
        skip();
    const glhle_context_info *in = glhle_context_get_info(ctx);
    const bool want = !in->gles && host_has(ctx, "GL_ARB_shader_ballot") &&
                      host_has(ctx, "GL_ARB_gpu_shader_int64") && host_has(ctx, "GL_ARB_shader_group_vote");
    assert_int_equal(in->subgroups, want);
    assert_non_null(strstr(glhle_context_host_choices(ctx), in->gles ? "profile=es" : want ? " subgroups=native"
                                                                                            : " subgroups=refused"));
    memset(e.data + BUF0, 0xee, 2048);
    tmk_job j = job(64, 1, 1, 2, 1);
    tmk_ssbo(&j, 0, VA + BUF0, 2048);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    if (want) {
        env_submit(&e, 1);
        for (uint32_t g = 0; g < 128; g++) {
            const uint32_t blk = g >> 5;
            const uint32_t w[4] = {(blk & 1) | (uint32_t)(blk < 3) << 1 | 4u, 100 * blk + 5, blk + 1000, 1};
            for (uint32_t c = 0; c < 4; c++)
                if (get32(e.data + BUF0 + 16 * g + 4 * c) != w[c])
                    fail_msg("r[%u].%c is %u, want %u", g, "xyzw"[c], get32(e.data + BUF0 + 16 * g + 4 * c), w[c]);
        }
        print_message("  subgroups: the launch ran, 128 uvec4 as the GLSL says\n");
    } else {
        glhle_maxwell_run_result res;
        ts_log_clear();
        assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_UNSUPPORTED);
        assert_int_equal(res.problems, 1);
        assert_true(ts_log_contains("needs subgroup operations"));
        assert_false(ts_log_contains("compile")); /* refused before any GLSL reached the driver */
        assert_int_equal(e.gpu->render->stats.launches, 0);
        for (uint32_t b = 0; b < 2048; b++)
            assert_int_equal(e.data[BUF0 + b], 0xee);
        tm_pb_free(&e.pb);
        tm_pb_init(&e.pb);
        print_message("  no subgroups on this host: the launch was refused with the translator's reason\n");
    }
    env_close(&e, ctx);
    /* the instance is usable after the refusal: simple_csh runs, v[i] = 0 * 0 + i */
    if (!env_open(&e, ctx, "simple_csh"))
        skip();
    j = job(64, 1, 1, 1, 1);
    tmk_ssbo(&j, 0, VA + BUF0, 256);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    env_submit(&e, 1);
    for (uint32_t i = 0; i < 64; i++)
        assert_int_equal(get32(e.data + BUF0 + 4 * i), i);
    env_close(&e, ctx);
}

/* ---- the compute-geometry sample scene ----
 * Live, with a recorder: after each frame the vertex buffer holds the
 * three vec4s the shader's meaning gives (maxwell_compute_scene.h, bit for
 * bit) and the frame shows the triangle through them (edge functions);
 * the recording is the committed trace (tests/scenes/traces/
 * maxwell_compute_geo.glht, GLHLE_UPDATE_GOLDEN=1 rewrites it), which
 * replays at 1x and 2x to the goldens and the same coverage. */

#define CGEO_TRACE GLHLE_SOURCE_DIR "/tests/scenes/traces/maxwell_compute_geo.glht"

typedef struct cgeo_frames {
    uint32_t scale, count;
    const uint8_t *data;  /* live: the scene's pitch memory, to read the vertices */
    uint8_t *rgba[TM_CGEO_FRAMES];
} cgeo_frames;

static void cgeo_keep(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    cgeo_frames *t = user;
    uint32_t w, h;
    assert_int_equal(glhle_maxwell_read_frame(gpu, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    assert_int_equal(w, TM_CGEO_W * t->scale);
    assert_int_equal(frame, t->count);
    t->rgba[frame] = malloc((size_t)w * h * 4);
    assert_int_equal(glhle_maxwell_read_frame(gpu, t->rgba[frame], (size_t)w * h * 4, NULL, NULL), GLHLE_RESULT_OK);
    t->count++;
    if (!t->data)
        return;
    float want[3][4];
    tm_compute_geo_vertices(frame, want);
    for (uint32_t i = 0; i < 3; i++)
        for (uint32_t c = 0; c < 4; c++) {
            const float got = getf(t->data + TMD_VERTS + 16 * i + 4 * c);
            if (memcmp(&got, &want[i][c], 4))
                fail_msg("frame %u: vertex %u.%c the grid wrote is %.9g, want %.9g", frame, i, "xyzw"[c],
                         (double)got, (double)want[i][c]);
        }
}

static glhle_result cgeo_golden(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    cgeo_frames *t = user;
    cgeo_keep(user, gpu, frame);
    glhle_image img = {TM_CGEO_W * t->scale, TM_CGEO_H * t->scale, t->rgba[frame]};
    char name[64];
    snprintf(name, sizeof name, "scene_maxwell_compute_geo_f%u_%ux", frame, t->scale);
    ts_assert_golden(name, &img, 0, 0);
    return GLHLE_RESULT_OK;
}

static void cgeo_check(cgeo_frames *t)
{
    const uint8_t clear = (uint8_t)lrintf(TM_CGEO_CLEAR * 255);
    for (uint32_t f = 0; f < t->count; f++) {
        float c[3][2];
        tm_compute_geo_corners(f, c);
        char what[64];
        snprintf(what, sizeof what, "compute geometry %ux frame %u", t->scale, f);
        tm_check_triangle(t->rgba[f], TM_CGEO_W, TM_CGEO_H, t->scale, c, clear, what);
        free(t->rgba[f]);
    }
}

static void compute_geometry_scene(void **state)
{
    glhle_context *ctx = *state;
    size_t size = 0;
    uint8_t *committed = ts_trace_read(CGEO_TRACE, &size);
    if (tm_compute_geo_available()) {
        glhle_maxwell_desc d = {.log = ts_log_fn, .log_level = GLHLE_LOG_INFO};
        glhle_maxwell *gpu;
        assert_int_equal(glhle_maxwell_create(ctx, &d, &gpu), GLHLE_RESULT_OK);
        uint8_t *rt = malloc(TM_CGEO_MEM), *data = malloc(TM_CGEO_MEM);
        glhle_maxwell_recorder *rec;
        glhle_maxwell_recorder_desc rd = {.comment = "glhle sample scene: Maxwell geometry written by a compute "
                                                     "shader, then drawn (tests/scenes/maxwell_compute_scene.c)"};
        assert_int_equal(glhle_maxwell_recorder_create(&rd, &rec), GLHLE_RESULT_OK);
        assert_int_equal(glhle_maxwell_recorder_attach(rec, gpu), GLHLE_RESULT_OK);
        cgeo_frames live = {.scale = 1, .data = data};
        tm_compute_geo_run(gpu, rt, data, cgeo_keep, &live);
        assert_int_equal(gpu->render->stats.launches, TM_CGEO_FRAMES);
        cgeo_check(&live);
        ts_maxwell_recording_assert_committed(rec, CGEO_TRACE, &committed, &size);
        glhle_maxwell_destroy(gpu);
        free(rt);
        free(data);
    } else {
        print_message("  the shader corpus is absent: the compute-geometry trace is replayed, not re-recorded\n");
    }
    assert_non_null(committed);
    for (uint32_t scale = 1; scale <= 2; scale++) {
        cgeo_frames t = {.scale = scale};
        glhle_maxwell_replay_desc rd = {.ctx = ctx, .maxwell = {.log = ts_log_fn, .scale = scale},
                                        .on_frame = cgeo_golden, .user = &t};
        glhle_maxwell_replay_stats st;
        assert_int_equal(glhle_maxwell_trace_replay(committed, size, &rd, &st), GLHLE_RESULT_OK);
        assert_true(st.ended);
        assert_int_equal(st.problems, 0);
        assert_int_equal(t.count, TM_CGEO_FRAMES);
        cgeo_check(&t);
    }
    free(committed);
    ts_gl_check(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(qmd_round_trip),
        cmocka_unit_test(simple_two_launches),
        cmocka_unit_test(ssbo_layout_records),
        cmocka_unit_test(bad_launches_are_reported),
        cmocka_unit_test(shared_atomic_launch),
        cmocka_unit_test(subgroup_launch),
        cmocka_unit_test(compute_geometry_scene),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
