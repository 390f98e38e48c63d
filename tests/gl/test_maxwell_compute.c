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
#include "support/maxwell_tex_support.h"
#include "support/trace_golden.h"

#define VA 0x0600000000ull
#define MEM (1u << 20)
#define CS_OFF 0x1000u
#define UBO_OFF 0x8000u
#define BUF0 0x10000u
#define BUF1 0x20000u
#define JOBS 0x30000u
#define FENCE 0x38000u
#define IMG1 0x50000u        /* pitch: in the pitch-kind mapping */
#define VA_BL (VA + MEM)     /* 64 KiB of block-linear-kind memory */
#define BL_MEM 0x10000u
#define IMG0 0x0000u         /* block-linear: in that mapping */
#define IMG2 0x8000u
#define TIC_POOL 0x70000u

typedef struct env {
    glhle_maxwell *gpu;
    uint8_t *data, *bl;
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
    free(e->bl);
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
    j.sampler_via_header = true;
    uint32_t q[64];
    tmk_qmd(&j, 0x0600001100ull, q);
    mw_compute_launch cl;
    assert_int_equal(mw_qmd_decode(q, &cl, NULL), GLHLE_RESULT_OK);
    assert_int_equal(cl.program_offset, 0x12340);
    assert_int_equal(cl.block[0], 8), assert_int_equal(cl.block[1], 4), assert_int_equal(cl.block[2], 2);
    assert_int_equal(cl.grid[0], 70000), assert_int_equal(cl.grid[1], 3), assert_int_equal(cl.grid[2], 5);
    assert_int_equal(cl.shared_memory_size, 0x3000);
    assert_true(cl.sampler_via_header); /* SAMPLER_INDEX MW(382:382) VIA_HEADER_INDEX */
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

/* ---- images ----
 * image_csh's three 32x32 images, as its sidecar gives them: src rgba8
 * (x*8, y*8, 128, 255) block-linear with 2-GOB blocks, dst rgba8 in a
 * 160-byte pitch layout, ids r32ui block-linear with 4-GOB blocks (the
 * block-linear ones in memory of a block-linear kind); headers
 * 0, 1 and 2 of the compute engine's pool (clb1c0.h SET_TEX_HEADER_POOL_*),
 * their handles in c0 where deko3d's compute image table is (0xA0 + 0x80,
 * testdata/maxwell/README). Addresses of texels come from the layout model
 * in tests/support (maxwell_tex_support.c), not the library's. */
#define IMG_W 32u
#define DST_PITCH 160u

typedef struct img_env {
    tmt_model src, ids;
    uint32_t tic[3][8];
} img_env;

static uint64_t src_at(const img_env *m, uint32_t x, uint32_t y)
{
    return IMG0 + tmt_model_at(&m->src, 0, 0, 4 * x, y);
}

static uint64_t dst_at(uint32_t x, uint32_t y)
{
    return IMG1 + (uint64_t)y * DST_PITCH + 4 * x;
}

static uint64_t ids_at(const img_env *m, uint32_t x, uint32_t y)
{
    return IMG2 + tmt_model_at(&m->ids, 0, 0, 4 * x, y);
}

static bool image_open(env *e, glhle_context *ctx, img_env *m, tmk_job *j)
{
    if (!env_open(e, ctx, "image_csh"))
        return false;
    e->bl = calloc(1, BL_MEM);
    assert_int_equal(glhle_maxwell_map(e->gpu, VA_BL, e->bl, BL_MEM, GLHLE_MAXWELL_KIND_GENERIC_16BX2),
                     GLHLE_RESULT_OK);
    tmt_model_init(&m->src, IMG_W, IMG_W, 1, 4, 1, 1);
    tmt_model_init(&m->ids, IMG_W, IMG_W, 1, 4, 1, 2);
    for (uint32_t y = 0; y < IMG_W; y++)
        for (uint32_t x = 0; x < IMG_W; x++) {
            const uint8_t t[4] = {(uint8_t)(x * 8), (uint8_t)(y * 8), 128, 255};
            memcpy(e->bl + src_at(m, x, y), t, 4);
        }
    /* A8B8G8R8 unorm, A8B8G8R8 unorm pitch, R32 uint; 2D */
    const tmt_tic_desc d[3] = {
        {.components = 0x08, .type = 2, .texture_type = 1, .width = IMG_W, .height = IMG_W, .levels = 1, .bh = 1},
        {.components = 0x08, .type = 2, .texture_type = 1, .width = IMG_W, .height = IMG_W, .levels = 1,
         .pitch = true, .pitch_bytes = DST_PITCH},
        {.components = 0x0f, .type = 4, .texture_type = 1, .width = IMG_W, .height = IMG_W, .levels = 1, .bh = 2},
    };
    const uint64_t at[3] = {VA_BL + IMG0, VA + IMG1, VA_BL + IMG2};
    for (uint32_t i = 0; i < 3; i++) {
        tmt_make_tic(&d[i], at[i], m->tic[i]);
        memcpy(e->data + TIC_POOL + 32 * i, m->tic[i], 32);
    }
    const uint32_t pool[3] = {(uint32_t)((VA + TIC_POOL) >> 32), (uint32_t)(VA + TIC_POOL), 2};
    tm_inc(&e->pb, TM_SUB_COMPUTE, 0x55D, 3, pool); /* SET_TEX_HEADER_POOL_A/B/C */
    *j = job(8, 8, 1, 4, 4);
    for (uint32_t i = 0; i < 3; i++)
        memcpy(j->c0 + 0x120 + 4 * i, &i, 4); /* handle: header index 19:0 */
    return true;
}

/* The images after image_csh, from its GLSL: dst(x, y) is src's texel at
 * (31 - x, y) with red and blue swapped and alpha 1.0 -- (128, y*8,
 * (31-x)*8, 255); ids(x, y) = work group x + 16 * work group y + (local
 * index << 8), the local index (y & 7) * 8 + (x & 7). */
static void image_check(const env *e, const img_env *m)
{
    for (uint32_t y = 0; y < IMG_W; y++)
        for (uint32_t x = 0; x < IMG_W; x++) {
            const uint8_t want[4] = {128, (uint8_t)(y * 8), (uint8_t)((31 - x) * 8), 255};
            const uint8_t *got = e->data + dst_at(x, y);
            if (memcmp(got, want, 4))
                fail_msg("dst(%u,%u) is (%u,%u,%u,%u), want (%u,%u,%u,%u)", x, y, got[0], got[1], got[2], got[3],
                         want[0], want[1], want[2], want[3]);
            const uint32_t id = (x >> 3) + (y >> 3) * 16 + (((y & 7) * 8 + (x & 7)) << 8);
            if (get32(e->bl + ids_at(m, x, y)) != id)
                fail_msg("ids(%u,%u) is 0x%x, want 0x%x", x, y, get32(e->bl + ids_at(m, x, y)), id);
        }
    /* the pitch padding between dst's rows, and src, stay as they were */
    for (uint32_t y = 0; y + 1 < IMG_W; y++)
        for (uint32_t b = 4 * IMG_W; b < DST_PITCH; b++)
            if (e->data[IMG1 + y * DST_PITCH + b])
                fail_msg("dst's row %u padding byte %u was written", y, b);
    for (uint32_t y = 0; y < IMG_W; y++)
        for (uint32_t x = 0; x < IMG_W; x++)
            assert_int_equal(e->bl[src_at(m, x, y)], (uint8_t)(x * 8));
}

/* image_csh through a QMD: SULD.D of src, SUST.P into dst and ids, TXQ of
 * src's size; the results in guest memory right after the submission, and
 * the texture cache's copy of dst (loaded before the launch, when it was
 * zero) reloaded with them. */
static void image_launch(void **state)
{
    env e;
    img_env m;
    tmk_job j;
    if (!image_open(&e, *state, &m, &j))
        skip();
    mw_render *r = e.gpu->render;
    GLuint tex = 0;
    GLenum target = 0;
    assert_int_equal(gl_context_enter(r->ctx), GLHLE_RESULT_OK);
    assert_int_equal(mw_texture_get(r, m.tic[1], &tex, &target), GLHLE_RESULT_OK);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    env_submit(&e, 1);
    image_check(&e, &m);
    /* dst through the texture cache, as a later draw samples it */
    assert_int_equal(gl_context_enter(r->ctx), GLHLE_RESULT_OK);
    assert_int_equal(mw_texture_get(r, m.tic[1], &tex, &target), GLHLE_RESULT_OK);
    uint8_t *px = malloc(4 * IMG_W * IMG_W);
    (*(glhle_context **)state)->gl.GetTextureImage(tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, 4 * IMG_W * IMG_W, px);
    for (uint32_t y = 0; y < IMG_W; y++)
        for (uint32_t x = 0; x < IMG_W; x++)
            if (memcmp(px + 4 * (y * IMG_W + x), e.data + dst_at(x, y), 4))
                fail_msg("the texture cache's dst(%u,%u) is 0x%08x, not what the launch wrote", x, y,
                         get32(px + 4 * (y * IMG_W + x)));
    free(px);
    env_close(&e, *state);
}

/* One refused image launch: its result and the message, nothing written. */
static void image_refused(env *e, const tmk_job *j, glhle_result want, const char *msg)
{
    tmk_dispatch(&e->pb, VA + JOBS, j);
    glhle_maxwell_run_result res;
    ts_log_clear();
    assert_int_equal(tm_submit(e->gpu, &e->pb, &res), want);
    assert_int_equal(res.problems, 1);
    if (!ts_log_contains(msg))
        fail_msg("no log line with \"%s\"", msg);
    tm_pb_free(&e->pb);
    tm_pb_init(&e->pb);
    assert_int_equal(e->gpu->render->stats.launches, 0);
    for (uint32_t b = 0; b < 4 * IMG_W; b++)
        assert_int_equal(e->data[IMG1 + b], 0);
}

/* Wild image handles, headers, sizes and pools, overlapping images and a
 * raw access to wide texels: each launch is refused with its reason and
 * the place (handle, header index, address), writes nothing, and the good
 * launch after them runs. */
static void bad_images_are_reported(void **state)
{
    env e;
    img_env m;
    tmk_job j;
    if (!image_open(&e, *state, &m, &j))
        skip();
    /* a handle past the pool's MAXIMUM_INDEX (2) */
    const uint32_t far = 0x000FFFFFu;
    memcpy(j.c0 + 0x124, &far, 4);
    image_refused(&e, &j, GLHLE_RESULT_BAD_DATA, "names header 1048575, past the pool's maximum index 2");
    const uint32_t one = 1;
    memcpy(j.c0 + 0x124, &one, 4);
    /* the pool in unmapped memory */
    const uint32_t wild_pool[3] = {0x07, 0, 2};
    tm_inc(&e.pb, TM_SUB_COMPUTE, 0x55D, 3, wild_pool);
    image_refused(&e, &j, GLHLE_RESULT_OUT_OF_BOUNDS, "(pool 0x0700000000) is not mapped");
    const uint32_t pool[3] = {(uint32_t)((VA + TIC_POOL) >> 32), (uint32_t)(VA + TIC_POOL), 2};
    tm_inc(&e.pb, TM_SUB_COMPUTE, 0x55D, 3, pool);
    /* a header that is not one: undefined HEADER_VERSION 7 */
    uint32_t bad[8];
    memcpy(bad, m.tic[1], 32);
    tmt_field(bad, 87, 85, 7);
    memcpy(e.data + TIC_POOL + 32, bad, 32);
    image_refused(&e, &j, GLHLE_RESULT_BAD_DATA, "image 1's header 1 at GPU 0x0600070020");
    /* 65536 x 65536 texels: past GL's texture size */
    memcpy(bad, m.tic[1], 32);
    tmt_field(bad, 143, 128, 0xFFFF);
    tmt_field(bad, 175, 160, 0xFFFF);
    memcpy(e.data + TIC_POOL + 32, bad, 32);
    image_refused(&e, &j, GLHLE_RESULT_LIMIT_EXCEEDED, "image 1 (header 1) is 65536x65536");
    /* the texels in unmapped memory */
    memcpy(bad, m.tic[1], 32);
    tmt_field(bad, 79, 64, 0x07);
    memcpy(e.data + TIC_POOL + 32, bad, 32);
    image_refused(&e, &j, GLHLE_RESULT_OUT_OF_BOUNDS, "image 1 (header 1) at GPU 0x0700050000 (5088 bytes) is not all "
                                                      "mapped");
    /* a format GL has no image format for (B5G6R5) */
    memcpy(bad, m.tic[1], 32);
    tmt_field(bad, 6, 0, 0x15);
    memcpy(e.data + TIC_POOL + 32, bad, 32);
    image_refused(&e, &j, GLHLE_RESULT_UNSUPPORTED, "has a format GL has no image format for");
    /* dst's header as block-linear over its pitch-kind memory */
    memcpy(bad, m.tic[1], 32);
    tmt_field(bad, 87, 85, 3);
    tmt_field(bad, 111, 96, 0); /* the pitch's bits: one-GOB blocks */
    memcpy(e.data + TIC_POOL + 32, bad, 32);
    image_refused(&e, &j, GLHLE_RESULT_BAD_DATA, "a block-linear image in pitch-kind memory");
    memcpy(e.data + TIC_POOL + 32, m.tic[1], 32);
    /* ids over dst's memory (pitch R32 uint): two images on the same bytes */
    memcpy(bad, m.tic[2], 32);
    const tmt_tic_desc over = {.components = 0x0f, .type = 4, .texture_type = 1, .width = IMG_W, .height = IMG_W,
                               .levels = 1, .pitch = true, .pitch_bytes = DST_PITCH};
    tmt_make_tic(&over, VA + IMG1, bad);
    memcpy(e.data + TIC_POOL + 64, bad, 32);
    image_refused(&e, &j, GLHLE_RESULT_UNSUPPORTED, "images 1 and 2 overlap without being the same image");
    memcpy(e.data + TIC_POOL + 64, m.tic[2], 32);
    /* src (read raw, SULD.D b32) as 8-byte R16G16B16A16 float texels */
    memcpy(bad, m.tic[0], 32);
    tmt_field(bad, 6, 0, 0x03);
    for (unsigned c = 0; c < 4; c++)
        tmt_field(bad, 9 + 3 * c, 7 + 3 * c, 7);
    memcpy(e.data + TIC_POOL, bad, 32);
    image_refused(&e, &j, GLHLE_RESULT_UNSUPPORTED, "image 0 (header 0) is accessed as raw 32-bit words but holds "
                                                    "8-byte texels");
    memcpy(e.data + TIC_POOL, m.tic[0], 32);
    /* and the good one runs */
    memcpy(e.data + TIC_POOL + 32, m.tic[1], 32);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    env_submit(&e, 1);
    image_check(&e, &m);
    env_close(&e, *state);
}

/* image_atomic_csh through a QMD: hist (16x1 R32 uint), peak (1x1 R32
 * uint) and minmax (2x1 R32 sint) as pitch images in guest memory, grid
 * 2 x 2 of 16 x 16. Its GLSL, invocation by invocation: hist[(x*7 +
 * y*13) & 15] += 1, peak = max(peak, x*y) unsigned, minmax[0] =
 * min(minmax[0], x - y) signed (from 0x7FFFFFFF), minmax[1] = 42. Handle
 * word 0x4b (SUATOM.MIN's field, binding 2's 0x4a | S32) names slot 3,
 * which this job points past the pool: the launch binds slots 0-2 only.
 * With slot 3 a valid R32 uint image the field has two readings, and the
 * launch is refused. */
#define ATOM_IMG 0x50000u
#define ATOM_PITCH 64u
static void image_atomic_launch(void **state)
{
    env e;
    if (!env_open(&e, *state, "image_atomic_csh"))
        skip();
    const tmt_tic_desc d[3] = {
        {.components = 0x0f, .type = 4, .texture_type = 1, .width = 16, .height = 1, .levels = 1, .pitch = true,
         .pitch_bytes = ATOM_PITCH},
        {.components = 0x0f, .type = 4, .texture_type = 1, .width = 1, .height = 1, .levels = 1, .pitch = true,
         .pitch_bytes = ATOM_PITCH},
        {.components = 0x0f, .type = 3, .texture_type = 1, .width = 2, .height = 1, .levels = 1, .pitch = true,
         .pitch_bytes = ATOM_PITCH},
    };
    uint32_t tic[8];
    for (uint32_t i = 0; i < 3; i++) {
        tmt_make_tic(&d[i], VA + ATOM_IMG + 0x100 * i, tic);
        memcpy(e.data + TIC_POOL + 32 * i, tic, 32);
    }
    const int32_t start = 0x7FFFFFFF;
    memcpy(e.data + ATOM_IMG + 0x200, &start, 4);
    const uint32_t pool[3] = {(uint32_t)((VA + TIC_POOL) >> 32), (uint32_t)(VA + TIC_POOL), 2};
    tm_inc(&e.pb, TM_SUB_COMPUTE, 0x55D, 3, pool);
    tmk_job j = job(16, 16, 1, 2, 2);
    for (uint32_t i = 0; i < 4; i++) {
        const uint32_t h = i < 3 ? i : 0xFFFFFu;
        memcpy(j.c0 + 0x120 + 4 * i, &h, 4);
    }
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    env_submit(&e, 1);
    uint32_t hist[16] = {0}, peak = 0;
    int32_t lo = start;
    for (uint32_t g = 0; g < 32 * 32; g++) {
        const uint32_t x = g % 32, y = g / 32;
        hist[(x * 7u + y * 13u) & 15u] += 1;
        peak = x * y > peak ? x * y : peak;
        lo = (int32_t)x - (int32_t)y < lo ? (int32_t)x - (int32_t)y : lo;
    }
    for (uint32_t i = 0; i < 16; i++)
        if (get32(e.data + ATOM_IMG + 4 * i) != hist[i])
            fail_msg("hist[%u] is %u, want %u", i, get32(e.data + ATOM_IMG + 4 * i), hist[i]);
    assert_int_equal(get32(e.data + ATOM_IMG + 0x100), peak);
    assert_int_equal((int32_t)get32(e.data + ATOM_IMG + 0x200), lo);
    assert_int_equal(get32(e.data + ATOM_IMG + 0x204), 42);
    /* slot 3 as a valid image too: 0x4b reads as MIN.U32 of slot 3 or MIN.S32 of slot 2 */
    const uint32_t zero = 0;
    memcpy(j.c0 + 0x12c, &zero, 4);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    glhle_maxwell_run_result res;
    ts_log_clear();
    assert_int_not_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 1);
    if (!ts_log_contains("(or more than one)"))
        fail_msg("no log line naming the SUATOM handle's two readings");
    tm_pb_free(&e.pb);
    tm_pb_init(&e.pb);
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

/* ---- textures ----
 * A hand-assembled compute program (the corpus has no compute shader that
 * samples), block 8x8, one group: thread (x, y) takes record x + 8 y of
 * global buffer 0 (deko3d's descriptor c0[0x140], as simple_csh reads it:
 * S2R, ISCADD, SHL, IADD.CC / IADD.X c0[0x140] / c0[0x144]), loads its
 * first two words (LDG.E.64 R6), samples texture slot 0 with them (TLD
 * R8, R6 integer texel coordinates at level 0, or TEX R8, R6 normalised
 * ones) and stores the four results over the record (STG.E.128). The
 * handle is word 0x28 of c0 (c0[0xA0], deko3d's compute handle table,
 * testdata/maxwell/README). Encodings: envydis gm107.c and simple_csh's
 * listing (S2R f0c8 with the register at 20, SR_TID.X 0x21 / .Y 0x22;
 * ISCADD 5c18 shift 39; SHL 3848 immediate 20; IADD 4c10 with c[] word 20,
 * CC 47, X 43; LDG eed0 / STG eed8 size 48-50 (b32 4, b64 5, b128 6), E 45);
 * TLD dc38 and TEX c038 as tests/unit/test_maxwell_spirv.c writes them
 * (type 28, mask 31, handle word 36, Ra 8, Rb 20, Rd 0). */
#define TEX_OFF 0x40000u     /* pitch texture: in the pitch mapping */
#define TEXB_OFF 0x4000u     /* block-linear texture: in the block-linear mapping */
#define TEXMS_OFF 0x8000u    /* multisampled texture: likewise */
#define TSC_POOL 0x71000u
#define CS2_OFF 0x2000u      /* simple_csh, for the stale test */
#define TEX_W 8u

static const uint64_t tex_sched = 0x001f8000fc0007e0ull, tex_nop = 0x50b0000000070f00ull;

/* op 0 TEX, 1 TLD; 2 TLD.MS (MS bit 50, Mesa emitTLD; the sample from
 * the register after Rb's coordinates' list, maxwell_spirv.c emit_tld):
 * LDG.E.128 R8 (x, y, sample), TLD.MS R12, R8, R10, STG.E.128 [R4], R12;
 * 3 TLD.MS of an ARRAY_2D (type 3; the layer first, in Ra's low 16 bits):
 * LDG.E.128 R8 (layer, x, y, sample), TLD.MS R12, R8, R11 */
static void tex_program(uint8_t *data, int op, uint32_t handle_word)
{
    const uint64_t g = 7ull << 16;
    const uint64_t sample = (op ? 0xdc38000000000000ull : 0xc038000000000000ull) | 0xfull << 31 | g | 2ull << 28 |
                            (uint64_t)handle_word << 36 | 0xffull << 20 | 6u << 8 | 8u;
    const uint64_t ms = 0xdc38000000000000ull | 1ull << 50 | 0xfull << 31 | g | (op == 3 ? 3ull : 2ull) << 28 |
                        (uint64_t)handle_word << 36 | (op == 3 ? 11ull : 10ull) << 20 | 8u << 8 | 12u;
    const uint64_t insn[] = {
        0xf0c8000000000000ull | 0x21ull << 20 | g | 0,          /* S2R R0, SR_TID.X */
        0xf0c8000000000000ull | 0x22ull << 20 | g | 1,          /* S2R R1, SR_TID.Y */
        0x5c18000000000000ull | 3ull << 39 | g | 1u << 8 | 0ull << 20 | 2, /* ISCADD R2, R1, R0, 3 */
        0x3848000000000000ull | 4ull << 20 | g | 2u << 8 | 3,   /* SHL R3, R2, 4 */
        0x4c10800000000000ull | 0x50ull << 20 | g | 3u << 8 | 4, /* IADD.CC R4, R3, c0[0x140] */
        0x4c10080000000000ull | 0x51ull << 20 | g | 0xffu << 8 | 5, /* IADD.X R5, RZ, c0[0x144] */
        op >= 2 ? 0xeed6200000000000ull | g | 4u << 8 | 8 : 0xeed5200000000000ull | g | 4u << 8 | 6, /* LDG.E.64 R6 */
        op >= 2 ? ms : sample,                                  /* TLD / TEX R8, R6, 2D, RGBA */
        0xeede200000000000ull | g | 4u << 8 | (op >= 2 ? 12 : 8), /* STG.E.128 [R4], R8 */
        0xe300000000000000ull | g | 0xf,                        /* EXIT */
    };
    const size_t n = sizeof insn / sizeof insn[0];
    for (size_t i = 0; i < (n + 2) / 3 * 4; i++) {
        const uint64_t w = i % 4 == 0 ? tex_sched : i / 4 * 3 + i % 4 - 1 < n ? insn[i / 4 * 3 + i % 4 - 1] : tex_nop;
        memcpy(data + CS_OFF + 8 * i, &w, 8);
    }
}

/* sample i's texel of pixel (x, y) in header 2's 2X2 image, and the
 * sample's place in its pixel's 2x2 block (Mesa nvc0_get_sample_locations;
 * each pixel a block of samples: yuzu's samples_helper.h) */
static const uint32_t MS4[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
static void ms_texel(uint32_t x, uint32_t y, uint32_t i, uint8_t t[4])
{
    t[0] = (uint8_t)(x * 32 + 5), t[1] = (uint8_t)(y * 32 + 7), t[2] = (uint8_t)(i * 64 + 9);
    t[3] = (uint8_t)(200 - x - 3 * y - 11 * i);
}

/* texel (x, y) of the 8x8 A8B8G8R8 textures */
static void texel(uint32_t x, uint32_t y, uint8_t t[4])
{
    t[0] = (uint8_t)(x * 32 + 1), t[1] = (uint8_t)(y * 32 + 2), t[2] = (uint8_t)((x ^ y) * 16 + 3);
    t[3] = (uint8_t)(255 - x - 7 * y);
}

typedef struct tex_env {
    env e;
    tmk_job j;
    tmc_shader simple;
    uint32_t tic[3][8];
    tmt_model bl;
} tex_env;

/* headers 0 (pitch, 32-byte rows at TEX_OFF), 1 (block-linear, one-GOB
 * blocks at TEXB_OFF), 2 (2X2 multisampled 2D at TEXMS_OFF, ms_texel) in the compute pool; samplers
 * 0 (nearest) and 1 (linear), clamp to edge; the texels of texel() */
static bool tex_open(tex_env *t, glhle_context *ctx, int op)
{
    memset(t, 0, sizeof *t);
    env *e = &t->e;
    if (!env_open(e, ctx, "simple_csh"))
        return false;
    assert_true(tmc_load("simple_csh", &t->simple));
    tmk_program(e->data, CS2_OFF, &t->simple);
    tex_program(e->data, op, 0x28);
    e->bl = calloc(1, BL_MEM);
    assert_int_equal(glhle_maxwell_map(e->gpu, VA_BL, e->bl, BL_MEM, GLHLE_MAXWELL_KIND_GENERIC_16BX2),
                     GLHLE_RESULT_OK);
    tmt_model_init(&t->bl, TEX_W, TEX_W, 1, 4, 1, 1);
    for (uint32_t y = 0; y < TEX_W; y++)
        for (uint32_t x = 0; x < TEX_W; x++) {
            uint8_t c[4];
            texel(x, y, c);
            memcpy(e->data + TEX_OFF + 32 * y + 4 * x, c, 4);
            memcpy(e->bl + TEXB_OFF + tmt_model_at(&t->bl, 0, 0, 4 * x, y), c, 4);
        }
    /* header 2's 2X2 sample image: 16x16 texels, one-GOB blocks */
    tmt_model ms;
    tmt_model_init(&ms, 2 * TEX_W, 2 * TEX_W, 1, 4, 1, 1);
    for (uint32_t y = 0; y < TEX_W; y++)
        for (uint32_t x = 0; x < TEX_W; x++)
            for (uint32_t i = 0; i < 4; i++) {
                uint8_t c[4];
                ms_texel(x, y, i, c);
                memcpy(e->bl + TEXMS_OFF + tmt_model_at(&ms, 0, 0, 4 * (2 * x + MS4[i][0]), 2 * y + MS4[i][1]), c,
                       4);
            }
    const tmt_tic_desc d[3] = {
        {.components = 0x08, .type = 2, .texture_type = 1, .width = TEX_W, .height = TEX_W, .levels = 1,
         .pitch = true, .pitch_bytes = 32},
        {.components = 0x08, .type = 2, .texture_type = 1, .width = TEX_W, .height = TEX_W, .levels = 1, .bh = 0},
        {.components = 0x08, .type = 2, .texture_type = 1, .width = TEX_W, .height = TEX_W, .levels = 1, .bh = 0},
    };
    const uint64_t at[3] = {VA + TEX_OFF, VA_BL + TEXB_OFF, VA_BL + TEXMS_OFF};
    for (uint32_t i = 0; i < 3; i++) {
        tmt_make_tic(&d[i], at[i], t->tic[i]);
        if (i == 2)
            tmt_field(t->tic[i], 235, 232, 2); /* MULTI_SAMPLE_COUNT MODE_2X2 */
        memcpy(e->data + TIC_POOL + 32 * i, t->tic[i], 32);
    }
    /* TEXSAMP0 ADDRESS_U/V/P 2 (CLAMP_TO_EDGE) at 0/3/6; TEXSAMP1 MAG 0-1,
     * MIN 4-5 (1 POINT, 2 LINEAR), MIP 6-7 (1 NONE) (clb197tex.h) */
    const uint32_t smp[2][8] = {{2u | 2u << 3 | 2u << 6, 1u | 1u << 4 | 1u << 6},
                                {2u | 2u << 3 | 2u << 6, 2u | 2u << 4 | 1u << 6}};
    memcpy(e->data + TSC_POOL, smp, sizeof smp);
    const uint32_t tic_pool[3] = {(uint32_t)((VA + TIC_POOL) >> 32), (uint32_t)(VA + TIC_POOL), 2};
    const uint32_t tsc_pool[3] = {(uint32_t)((VA + TSC_POOL) >> 32), (uint32_t)(VA + TSC_POOL), 1};
    tm_inc(&e->pb, TM_SUB_COMPUTE, 0x55D, 3, tic_pool); /* SET_TEX_HEADER_POOL_A/B/C */
    tm_inc(&e->pb, TM_SUB_COMPUTE, 0x557, 3, tsc_pool); /* SET_TEX_SAMPLER_POOL_A/B/C */
    t->j = job(8, 8, 1, 1, 1);
    tmk_ssbo(&t->j, 0, VA + BUF0, 64 * 16);
    return true;
}

static void tex_close(tex_env *t, glhle_context *ctx)
{
    tmc_free(&t->simple);
    env_close(&t->e, ctx);
}

/* handle word of slot 0 in c0: header index 19:0, sampler index 31:20 */
static void tex_handle(tex_env *t, uint32_t header, uint32_t sampler)
{
    const uint32_t h = header | sampler << 20;
    memcpy(t->j.c0 + 0xA0, &h, 4);
}

/* record i's input words */
static void tex_input(tex_env *t, uint32_t i, uint32_t a, uint32_t b)
{
    memset(t->e.data + BUF0 + 16 * i, 0, 16);
    memcpy(t->e.data + BUF0 + 16 * i, &a, 4);
    memcpy(t->e.data + BUF0 + 16 * i + 4, &b, 4);
}

static void tex_expect(const tex_env *t, uint32_t i, const float want[4], float tol, const char *what)
{
    for (uint32_t c = 0; c < 4; c++) {
        const float got = getf(t->e.data + BUF0 + 16 * i + 4 * c);
        if (!(fabsf(got - want[c]) <= tol))
            fail_msg("%s: record %u component %u is %.7f, want %.7f", what, i, c, got, want[c]);
    }
}

/* texel (x, y) as unorm floats */
static void texel_f(uint32_t x, uint32_t y, float out[4])
{
    uint8_t c[4];
    texel(x, y, c);
    for (int k = 0; k < 4; k++)
        out[k] = c[k] / 255.0f;
}

/* TLD (texelFetch) of the pitch and the block-linear header: each thread
 * fetches texel (7 - x, y + x mod 8) and gets its four unorm values. */
static void texture_fetch_launch(void **state)
{
    tex_env t;
    if (!tex_open(&t, *state, true))
        skip();
    for (uint32_t header = 0; header < 2; header++) {
        tex_handle(&t, header, 0);
        for (uint32_t i = 0; i < 64; i++)
            tex_input(&t, i, 7 - i % 8, (i / 8 + i % 8) % 8);
        tmk_dispatch(&t.e.pb, VA + JOBS, &t.j);
        env_submit(&t.e, header + 1);
        for (uint32_t i = 0; i < 64; i++) {
            float want[4];
            texel_f(7 - i % 8, (i / 8 + i % 8) % 8, want);
            tex_expect(&t, i, want, 1e-6f, header ? "TLD block-linear" : "TLD pitch");
        }
    }
    tex_close(&t, *state);
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* TEX with sampler 0 (nearest) at texel centres, then sampler 1 (linear)
 * halfway between texels x and x + 1 on a row's centre: the model is the
 * mean of the two texels (GL 4.5 8.14.2, weights 1/2; llvmpipe filters
 * unorm8 in 8-bit fixed point, so within 1/255). Then the QMD's
 * SAMPLER_INDEX VIA_HEADER_INDEX with header 1 and the handle's sampler
 * field 0: the sampler is entry 1, linear. */
static void texture_sample_launch(void **state)
{
    tex_env t;
    if (!tex_open(&t, *state, false))
        skip();
    for (uint32_t c = 0; c < 3; c++) {
        const bool linear = c > 0;
        tex_handle(&t, c == 2 ? 1 : 0, c == 1 ? 1 : 0);
        t.j.sampler_via_header = c == 2;
        for (uint32_t i = 0; i < 64; i++) {
            const uint32_t x = linear ? i % 7 : 7 - i % 8, y = i / 8;
            const float u = linear ? (x + 1.0f) / TEX_W : (x + 0.5f) / TEX_W, v = (y + 0.5f) / TEX_W;
            tex_input(&t, i, fbits(u), fbits(v));
        }
        tmk_dispatch(&t.e.pb, VA + JOBS, &t.j);
        env_submit(&t.e, c + 1);
        for (uint32_t i = 0; i < 64; i++) {
            const uint32_t x = linear ? i % 7 : 7 - i % 8, y = i / 8;
            float want[4], b[4];
            texel_f(x, y, want);
            if (linear) {
                texel_f(x + 1, y, b);
                for (int k = 0; k < 4; k++)
                    want[k] = (want[k] + b[k]) / 2;
            }
            tex_expect(&t, i, want, linear ? 1.0f / 255 + 1e-6f : 1e-6f,
                       c == 0 ? "TEX nearest" : c == 1 ? "TEX linear" : "TEX linear via the header index");
        }
    }
    tex_close(&t, *state);
}

/* simple_csh (d.v[i] = d.v[i] * k.x + i) run over the pitch texture's 256
 * bytes with k.x = 1 adds i to word i, texel (i % 8, i / 8); the next
 * fetch sees the new texels, not the cached ones. */
static void texture_stale_after_compute_write(void **state)
{
    tex_env t;
    if (!tex_open(&t, *state, true))
        skip();
    tex_handle(&t, 0, 0);
    for (uint32_t i = 0; i < 64; i++)
        tex_input(&t, i, i % 8, i / 8);
    tmk_dispatch(&t.e.pb, VA + JOBS, &t.j);
    env_submit(&t.e, 1);
    tmk_job s = job(64, 1, 1, 1, 1);
    s.program_offset = CS2_OFF;
    tmk_ssbo(&s, 0, VA + TEX_OFF, 256);
    const uint32_t k = 1;
    memcpy(t.e.data + UBO_OFF, &k, 4);
    tmk_dispatch(&t.e.pb, VA + JOBS + 0x400, &s);
    env_submit(&t.e, 2);
    for (uint32_t i = 0; i < 64; i++)
        tex_input(&t, i, i % 8, i / 8);
    tmk_dispatch(&t.e.pb, VA + JOBS, &t.j);
    env_submit(&t.e, 3);
    for (uint32_t i = 0; i < 64; i++) {
        uint8_t c[4];
        texel(i % 8, i / 8, c);
        uint32_t w;
        memcpy(&w, c, 4);
        w += i;
        memcpy(c, &w, 4);
        const float want[4] = {c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f};
        tex_expect(&t, i, want, 1e-6f, "TLD after simple_csh wrote the texels");
    }
    tex_close(&t, *state);
}

/* One refused texture launch: its result and the message, the buffer
 * untouched. */
static void tex_refused(tex_env *t, glhle_result want, const char *msg)
{
    memset(t->e.data + BUF0, 0xA5, 64 * 16);
    tmk_dispatch(&t->e.pb, VA + JOBS, &t->j);
    glhle_maxwell_run_result res;
    ts_log_clear();
    assert_int_equal(tm_submit(t->e.gpu, &t->e.pb, &res), want);
    assert_int_equal(res.problems, 1);
    if (!ts_log_contains(msg))
        fail_msg("no log line with \"%s\"", msg);
    tm_pb_free(&t->e.pb);
    tm_pb_init(&t->e.pb);
    assert_int_equal(t->e.gpu->render->stats.launches, 0);
    for (uint32_t b = 0; b < 64 * 16; b++)
        assert_int_equal(t->e.data[BUF0 + b], 0xA5);
}

/* TLD.MS of header 2, an image only in memory (after the same header as
 * MODE_4X4 is refused by name): thread i fetches sample
 * (x + y) mod 4 of pixel (7 - x, y + x mod 8) and gets its four unorm
 * values (ms_texel's bytes at the sample's place in memory). */
/* The launch of a TLD.MS program, run and flushed; skips (closing t)
 * where the GL has not MODE_2X2's samples at the Maxwell's places */
static void ms_launch(tex_env *t, glhle_context *ctx)
{
    tmk_dispatch(&t->e.pb, VA + JOBS, &t->j);
    glhle_maxwell_run_result res;
    ts_log_clear();
    const glhle_result r = tm_submit(t->e.gpu, &t->e.pb, &res);
    if (r != GLHLE_RESULT_OK && ts_log_contains("target: the GL")) {
        print_message("SKIP on OpenGL ES: the GL has not MODE_2X2's samples at the Maxwell's places\n");
        tex_close(t, ctx);
        skip();
    }
    tm_pb_free(&t->e.pb);
    tm_pb_init(&t->e.pb);
    assert_int_equal(r, GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    assert_int_equal(t->e.gpu->render->stats.launches, 1);
    assert_int_equal(glhle_maxwell_flush(t->e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
}

static void ms_texture_fetch_launch(void **state)
{
    tex_env t;
    if (!tex_open(&t, *state, 2))
        skip();
    tex_handle(&t, 2, 0);
    /* first as MODE_4X4, which has no documented sample places: refused */
    uint32_t bad[8];
    memcpy(bad, t.tic[2], 32);
    tmt_field(bad, 235, 232, 6);
    memcpy(t.e.data + TIC_POOL + 64, bad, 32);
    tex_refused(&t, GLHLE_RESULT_UNSUPPORTED, "texture 0 (header 2) refused");
    assert_true(ts_log_contains("MODE_4X4, 16 samples) are not supported"));
    memcpy(t.e.data + TIC_POOL + 64, t.tic[2], 32);
    for (uint32_t i = 0; i < 64; i++) {
        const uint32_t k = (i % 8 + i / 8) % 4;
        tex_input(&t, i, 7 - i % 8, (i / 8 + i % 8) % 8);
        memcpy(t.e.data + BUF0 + 16 * i + 8, &k, 4);
    }
    ms_launch(&t, *state);
    for (uint32_t i = 0; i < 64; i++) {
        uint8_t c[4];
        ms_texel(7 - i % 8, (i / 8 + i % 8) % 8, (i % 8 + i / 8) % 4, c);
        const float want[4] = {c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f};
        tex_expect(&t, i, want, 1e-6f, "TLD.MS of a 2X2 image in memory");
    }
    print_message("  TLD.MS in compute: 64 samples of a 2X2 image only in memory equal its bytes\n");
    tex_close(&t, *state);
}

/* TLD.MS of a multisampled 2D array in compute: header 2 made a
 * TWO_D_ARRAY of 2 layers (DEPTH 2, MULTI_SAMPLE_COUNT MODE_2X2) over
 * sample images the CPU wrote at TEXMSA_OFF, layer l at l * 1024 (a
 * layer: 16 rows of 64 bytes, two one-GOB blocks, a whole number of
 * blocks already: the layer stride of block_linear.h's rule); each
 * invocation fetches (layer, x, y, sample) from its record: every result
 * is the texel ms_texel gives that sample, its red plus 3 * layer. */
#define TEXMSA_OFF 0xC000u
static void ms_array_fetch_launch(void **state)
{
    tex_env t;
    if (!tex_open(&t, *state, 3))
        skip();
    tmt_model ms;
    tmt_model_init(&ms, 2 * TEX_W, 2 * TEX_W, 1, 4, 1, 1);
    for (uint32_t l = 0; l < 2; l++)
        for (uint32_t y = 0; y < TEX_W; y++)
            for (uint32_t x = 0; x < TEX_W; x++)
                for (uint32_t i = 0; i < 4; i++) {
                    uint8_t c[4];
                    ms_texel(x, y, i, c);
                    c[0] = (uint8_t)(c[0] + 3 * l);
                    memcpy(t.e.bl + TEXMSA_OFF + 1024 * l +
                               tmt_model_at(&ms, 0, 0, 4 * (2 * x + MS4[i][0]), 2 * y + MS4[i][1]), c, 4);
                }
    const tmt_tic_desc d = {.components = 0x08, .type = 2, .texture_type = 5, .width = TEX_W, .height = TEX_W,
                            .depth = 2, .levels = 1, .bh = 0};
    uint32_t tic[8];
    tmt_make_tic(&d, VA_BL + TEXMSA_OFF, tic);
    tmt_field(tic, 235, 232, 2); /* MULTI_SAMPLE_COUNT MODE_2X2 */
    memcpy(t.e.data + TIC_POOL + 64, tic, 32);
    tex_handle(&t, 2, 0);
    for (uint32_t i = 0; i < 64; i++) {
        const uint32_t w[4] = {i & 1, 7 - i % 8, (i / 8 + i % 8) % 8, (i % 8 + i / 8) % 4};
        memcpy(t.e.data + BUF0 + 16 * i, w, 16);
    }
    ms_launch(&t, *state);
    for (uint32_t i = 0; i < 64; i++) {
        uint8_t c[4];
        ms_texel(7 - i % 8, (i / 8 + i % 8) % 8, (i % 8 + i / 8) % 4, c);
        c[0] = (uint8_t)(c[0] + 3 * (i & 1));
        const float want[4] = {c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f};
        tex_expect(&t, i, want, 1e-6f, "TLD.MS of a 2X2 array in memory");
    }
    print_message("  TLD.MS in compute: 64 samples of layers 0 and 1 of a 2X2 array only in memory equal its bytes\n");
    tex_close(&t, *state);
}

/* A header past the pool's MAXIMUM_INDEX (2), a sampler past its (1), a
 * multisampled header read by a plain TLD, a handle outside c0, and a texture whose memory is
 * unmapped: each refused with the slot and the reason; a good launch after
 * them runs. */
static void bad_textures_are_reported(void **state)
{
    tex_env t;
    if (!tex_open(&t, *state, true))
        skip();
    tex_handle(&t, 3, 0);
    tex_refused(&t, GLHLE_RESULT_BAD_DATA, "texture 0's handle 0x00000003 (c0[0xa0]) names no valid header");
    tex_handle(&t, 0, 2);
    tex_refused(&t, GLHLE_RESULT_BAD_DATA, "sampler pool 0x0600071000, maximum 1");
    uint32_t bad[8];
    tex_handle(&t, 2, 0); /* multisampled: only TLD.MS reads it */
    tex_refused(&t, GLHLE_RESULT_UNSUPPORTED, "TLD whose target (or MS) differs from the bound texture's kind");
    tex_handle(&t, 0, 0);
    memcpy(bad, t.tic[0], 32);
    tmt_field(bad, 63, 37, 0); /* address 0x06_00000000 -> the top 32 bits only: unmapped low part */
    tmt_field(bad, 79, 64, 0x09);
    memcpy(t.e.data + TIC_POOL, bad, 32);
    tex_refused(&t, GLHLE_RESULT_OUT_OF_BOUNDS, "texture 0 (header 0) refused");
    memcpy(t.e.data + TIC_POOL, t.tic[0], 32);
    for (uint32_t i = 0; i < 64; i++)
        tex_input(&t, i, i % 8, i / 8);
    tmk_dispatch(&t.e.pb, VA + JOBS, &t.j);
    env_submit(&t.e, 1);
    float want[4];
    texel_f(3, 5, want);
    tex_expect(&t, 3 + 8 * 5, want, 1e-6f, "TLD after the refusals");
    tex_close(&t, *state);
}

/* SURED (bound image reductions) in a hand-assembled program, one
 * invocation per (x, y) of a 16 x 8 block. Encodings: envydis gm107.c
 * (S2R f0c8, SHL 3848, ISCADD 5c18 shift 39, MOV32I 0100 with the
 * immediate at 20 and mask 12-15; SURED eb40: value R0, coordinates R8,
 * operation 24-26 in tabeb40_2's order, dimension 33-35 (3 = 2D), bound
 * with bit 51 and the handle word at 36) and Ryujinx InstSured (type
 * 20-22: 0 U32, 1 S32; byte address bit 23). v = (x << 3) + (y << 29), so
 * its top bits make half the values negative as S32; INC and DEC take the
 * bound 0x1000 (R7) and start far enough from it and from 0 that no order
 * of the eight invocations per texel wraps. Slot 0 (handle word 0x48,
 * c0[0x120]) is a 16x8 R32 uint image: row r gets operation r as U32.
 * Slot 1 (0x49) is an R32 sint image: rows 0-5 get ADD MIN MAX AND OR XOR
 * as S32, row 6 ADD.U32 with a byte x (coordinates R8 = x << 2, R9 = 6)
 * and a bindless handle (R39 = R10, loaded by MOV R10, c0[0x124]: envydis
 * 4c98, the word at 20, cbuf at 34, mask 39-42), row 7 nothing. */
#define SURED_IMG 0x60000u
#define SURED_ROWS 8u

static uint32_t sured_v(uint32_t x, uint32_t y)
{
    return (x << 3) + (y << 29);
}

static uint32_t sured_init(uint32_t slot, uint32_t row, uint32_t x)
{
    if (slot == 0 && (row == 3 || row == 4)) /* INC, DEC */
        return 16 + 5 * x;
    return 0x9E3779B9u * (slot * 0x100 + row * 16 + x + 1);
}

/* PTX ISA red/atom semantics for .u32/.s32 (inc: old >= b ? 0 : old + 1;
 * dec: old == 0 || old > b ? b : old - 1) */
static uint32_t sured_model(uint32_t op, bool sgn, uint32_t old, uint32_t v)
{
    const int32_t so = (int32_t)old, sv = (int32_t)v;
    switch (op) {
    case 0: return old + v;
    case 1: return sgn ? (uint32_t)(so < sv ? so : sv) : old < v ? old : v;
    case 2: return sgn ? (uint32_t)(so > sv ? so : sv) : old > v ? old : v;
    case 3: return old >= v ? 0 : old + 1;
    case 4: return old == 0 || old > v ? v : old - 1;
    case 5: return old & v;
    case 6: return old | v;
    default: return old ^ v;
    }
}

static uint64_t sured_insn(uint32_t op, uint32_t type, bool byte, uint32_t handle, uint32_t ra, uint32_t rv)
{
    return 0xeb40000000000000ull | 1ull << 51 | (uint64_t)handle << 36 | 3ull << 33 | (uint64_t)op << 24 |
           (uint64_t)byte << 23 | (uint64_t)type << 20 | 7ull << 16 | ra << 8 | rv;
}

static void sured_program(uint8_t *data)
{
    const uint64_t g = 7ull << 16;
    uint64_t insn[64];
    size_t n = 0;
    insn[n++] = 0xf0c8000000000000ull | 0x21ull << 20 | g | 2;              /* S2R R2, SR_TID.X */
    insn[n++] = 0xf0c8000000000000ull | 0x22ull << 20 | g | 5;              /* S2R R5, SR_TID.Y */
    insn[n++] = 0x3848000000000000ull | 29ull << 20 | g | 5u << 8 | 6;      /* SHL R6, R5, 29 */
    insn[n++] = 0x5c18000000000000ull | 3ull << 39 | g | 2u << 8 | 6ull << 20 | 4; /* ISCADD R4, R2, R6, 3 */
    insn[n++] = 0x0100000000000000ull | 0x1000ull << 20 | 0xfull << 12 | g | 7;   /* MOV32I R7, 0x1000 */
    insn[n++] = 0x3848000000000000ull | 2ull << 20 | g | 2u << 8 | 8;       /* SHL R8, R2, 2 */
    for (uint32_t r = 0; r < SURED_ROWS; r++) {
        insn[n++] = 0x0100000000000000ull | (uint64_t)r << 20 | 0xfull << 12 | g | 3; /* MOV32I R3, r */
        insn[n++] = sured_insn(r, 0, false, 0x48, 2, r == 3 || r == 4 ? 7 : 4);
    }
    static const uint8_t sops[6] = {0, 1, 2, 5, 6, 7};
    for (uint32_t r = 0; r < 7; r++) {
        insn[n++] = 0x0100000000000000ull | (uint64_t)r << 20 | 0xfull << 12 | g | (r < 6 ? 3 : 9); /* y: R3 or R9 */
        insn[n++] = r < 6 ? sured_insn(sops[r], 1, false, 0x49, 2, 4)
                          : (sured_insn(0, 0, true, 0, 8, 4) & ~(1ull << 51)) | 10ull << 39; /* bindless: R10 */
        if (r == 5) /* MOV R10, c0[0x124]: slot 1's handle, traced by the translator */
            insn[n++] = 0x4c98000000000000ull | 0xfull << 39 | 0x49ull << 20 | g | 10;
    }
    insn[n++] = 0xe300000000000000ull | g | 0xf;                             /* EXIT */
    for (size_t i = 0; i < (n + 2) / 3 * 4; i++) {
        const uint64_t w = i % 4 == 0 ? tex_sched : i / 4 * 3 + i % 4 - 1 < n ? insn[i / 4 * 3 + i % 4 - 1] : tex_nop;
        memcpy(data + CS_OFF + 8 * i, &w, 8);
    }
}

static void sured_launch(void **state)
{
    env e;
    if (!env_open(&e, *state, "simple_csh"))
        skip();
    sured_program(e.data);
    for (uint32_t i = 0; i < 2; i++) {
        const tmt_tic_desc d = {.components = 0x0f, .type = i ? 3 : 4, .texture_type = 1, .width = 16,
                                .height = SURED_ROWS, .levels = 1, .pitch = true, .pitch_bytes = 64};
        uint32_t tic[8];
        tmt_make_tic(&d, VA + SURED_IMG + 0x200 * i, tic);
        memcpy(e.data + TIC_POOL + 32 * i, tic, 32);
        for (uint32_t r = 0; r < SURED_ROWS; r++)
            for (uint32_t x = 0; x < 16; x++) {
                const uint32_t v = sured_init(i, r, x);
                memcpy(e.data + SURED_IMG + 0x200 * i + 64 * r + 4 * x, &v, 4);
            }
    }
    const uint32_t pool[3] = {(uint32_t)((VA + TIC_POOL) >> 32), (uint32_t)(VA + TIC_POOL), 1};
    tm_inc(&e.pb, TM_SUB_COMPUTE, 0x55D, 3, pool);
    tmk_job j = job(16, SURED_ROWS, 1, 1, 1);
    for (uint32_t i = 0; i < 2; i++)
        memcpy(j.c0 + 0x120 + 4 * i, &i, 4);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    env_submit(&e, 1);
    static const uint8_t sops[7] = {0, 1, 2, 5, 6, 7, 0};
    for (uint32_t i = 0; i < 2; i++)
        for (uint32_t r = 0; r < SURED_ROWS; r++)
            for (uint32_t x = 0; x < 16; x++) {
                uint32_t want = sured_init(i, r, x);
                if (i == 0 || r < 7)
                    for (uint32_t y = 0; y < SURED_ROWS; y++) {
                        const uint32_t op = i ? sops[r] : r;
                        want = sured_model(op, i == 1 && r < 6, want, i == 0 && (r == 3 || r == 4) ? 0x1000 : sured_v(x, y));
                    }
                const uint32_t got = get32(e.data + SURED_IMG + 0x200 * i + 64 * r + 4 * x);
                if (got != want)
                    fail_msg("slot %u row %u x %u is 0x%08x, want 0x%08x", i, r, x, got, want);
            }
    env_close(&e, *state);
}

/* LD / ST, the generic-address forms, on a pointer from the SSBO table
 * (c0[0x140], deko3d's compute binding 0), which the translator traces as
 * LDG's. Encodings: envydis gm107.c 0x8000 "ld" / 0xa000 "st" (register
 * 0-7, address R8 + signed 32-bit offset at 20, E 52, size 53-55: b32 4,
 * b64 5, b128 6, predicate operand 58-60, PT here); IADD 5c10 R20, 4c10
 * c[] with CC 47 and X 43 as in tex_program. Each of 64 threads reads its
 * 16-byte record {a, b, c, d} with LD.E.128, then b again with LD.E at
 * +4, and stores {a + b, d} over {c, d} with ST.E.64 at +8. */
static void generic_memory_launch(void **state)
{
    env e;
    if (!env_open(&e, *state, "simple_csh"))
        skip();
    const uint64_t g = 7ull << 16, pt = 7ull << 58, ld = 0x8000000000000000ull | 1ull << 52 | pt | g,
                   st = 0xa000000000000000ull | 1ull << 52 | pt | g;
    const uint64_t insn[] = {
        0xf0c8000000000000ull | 0x21ull << 20 | g | 0,             /* S2R R0, SR_TID.X */
        0x3848000000000000ull | 4ull << 20 | g | 0u << 8 | 3,      /* SHL R3, R0, 4 */
        0x4c10800000000000ull | 0x50ull << 20 | g | 3u << 8 | 4,   /* IADD.CC R4, R3, c0[0x140] */
        0x4c10080000000000ull | 0x51ull << 20 | g | 0xffu << 8 | 5, /* IADD.X R5, RZ, c0[0x144] */
        ld | 6ull << 53 | 4u << 8 | 8,                             /* LD.E.128 R8, [R4] */
        ld | 4ull << 53 | 4ull << 20 | 4u << 8 | 12,               /* LD.E R12, [R4 + 4] */
        0x5c10000000000000ull | 12ull << 20 | g | 8u << 8 | 10,    /* IADD R10, R8, R12 */
        st | 5ull << 53 | 8ull << 20 | 4u << 8 | 10,               /* ST.E.64 [R4 + 8], R10 */
        0xe300000000000000ull | g | 0xf,                           /* EXIT */
    };
    const size_t n = sizeof insn / sizeof insn[0];
    for (size_t i = 0; i < (n + 2) / 3 * 4; i++) {
        const uint64_t w = i % 4 == 0 ? tex_sched : i / 4 * 3 + i % 4 - 1 < n ? insn[i / 4 * 3 + i % 4 - 1] : tex_nop;
        memcpy(e.data + CS_OFF + 8 * i, &w, 8);
    }
    for (uint32_t i = 0; i < 64; i++) {
        const uint32_t rec[4] = {0x9E3779B9u * (i + 1), 0x85EBCA6Bu * (i + 7), 0xdead0000u | i, 0xbeef0000u | i};
        memcpy(e.data + BUF0 + 16 * i, rec, 16);
    }
    tmk_job j = job(64, 1, 1, 1, 1);
    tmk_ssbo(&j, 0, VA + BUF0, 64 * 16);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    env_submit(&e, 1);
    for (uint32_t i = 0; i < 64; i++) {
        const uint32_t a = 0x9E3779B9u * (i + 1), b = 0x85EBCA6Bu * (i + 7), want[4] = {a, b, a + b, 0xbeef0000u | i};
        for (uint32_t c = 0; c < 4; c++)
            if (get32(e.data + BUF0 + 16 * i + 4 * c) != want[c])
                fail_msg("record %u word %u is 0x%08x, want 0x%08x", i, c, get32(e.data + BUF0 + 16 * i + 4 * c),
                         want[c]);
    }
    env_close(&e, *state);
}

/* CS2R and AL2P's arithmetic through a launch: CS2R R1, SR_TID.X (envydis
 * 0x50c8, S2R's fields) and AL2P R2, R1, 0x123 (0xefa0: Ra 8, offset 20,
 * predicate destination 44 = PT), stored with STG.E.64 into each thread's
 * 16-byte record: {x, x + 0x123}. */
static void cs2r_al2p_launch(void **state)
{
    env e;
    if (!env_open(&e, *state, "simple_csh"))
        skip();
    const uint64_t g = 7ull << 16;
    const uint64_t insn[] = {
        0xf0c8000000000000ull | 0x21ull << 20 | g | 0,             /* S2R R0, SR_TID.X */
        0x50c8000000000000ull | 0x21ull << 20 | g | 1,             /* CS2R R1, SR_TID.X */
        0xefa0000000000000ull | 7ull << 44 | 0x123ull << 20 | g | 1u << 8 | 2, /* AL2P R2, R1, 0x123 */
        0x3848000000000000ull | 4ull << 20 | g | 0u << 8 | 3,      /* SHL R3, R0, 4 */
        0x4c10800000000000ull | 0x50ull << 20 | g | 3u << 8 | 4,   /* IADD.CC R4, R3, c0[0x140] */
        0x4c10080000000000ull | 0x51ull << 20 | g | 0xffu << 8 | 5, /* IADD.X R5, RZ, c0[0x144] */
        0xeed8000000000000ull | 5ull << 48 | 1ull << 45 | g | 4u << 8 | 1, /* STG.E.64 [R4], R1 */
        0xe300000000000000ull | g | 0xf,                           /* EXIT */
    };
    const size_t n = sizeof insn / sizeof insn[0];
    for (size_t i = 0; i < (n + 2) / 3 * 4; i++) {
        const uint64_t w = i % 4 == 0 ? tex_sched : i / 4 * 3 + i % 4 - 1 < n ? insn[i / 4 * 3 + i % 4 - 1] : tex_nop;
        memcpy(e.data + CS_OFF + 8 * i, &w, 8);
    }
    memset(e.data + BUF0, 0xcd, 32 * 16);
    tmk_job j = job(32, 1, 1, 1, 1);
    tmk_ssbo(&j, 0, VA + BUF0, 32 * 16);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    env_submit(&e, 1);
    for (uint32_t i = 0; i < 32; i++) {
        assert_int_equal(get32(e.data + BUF0 + 16 * i), i);
        assert_int_equal(get32(e.data + BUF0 + 16 * i + 4), i + 0x123);
    }
    env_close(&e, *state);
}

/* n instructions at CS_OFF, three to a group after tex_sched's control word */
static void write_program(uint8_t *data, const uint64_t *insn, size_t n)
{
    for (size_t i = 0; i < (n + 2) / 3 * 4; i++) {
        const uint64_t w = i % 4 == 0 ? tex_sched : i / 4 * 3 + i % 4 - 1 < n ? insn[i / 4 * 3 + i % 4 - 1] : tex_nop;
        memcpy(data + CS_OFF + 8 * i, &w, 8);
    }
}

/* PTX ISA atom/red .add.f32: round to nearest even, subnormal inputs and
 * results flushed to the zero of their sign */
static uint32_t ftz(uint32_t x)
{
    return (x & 0x7f800000u) ? x : x & 0x80000000u;
}

static uint32_t fadd_ftz(uint32_t a, uint32_t b)
{
    return ftz(tm_u(tm_f(ftz(a)) + tm_f(ftz(b))));
}

/* ATOM.E.ADD.F32 / RED.E.ADD.F32 (envydis gm107.c ed00: op 52-55, size
 * 49-51 with F32 = 3 "ftz rn f32", E 48, Ra 8 + s20 at 28, Rb 20, Rd 0;
 * ebf8: op 23-25, size 20-22, E 48, Ra 8 + s20 at 28, value R0; the loads
 * go to R20 and R24, clear of the address registers: a load may write up
 * to four, which the address tracing counts with). An 8 x 8
 * block: thread (x, y), i = 8 y + x, adds w[i] into shared word x with
 * ATOM (eight threads per word, values whose sums are exact, so every
 * order gives one result), v[i] into its own word with RED and into
 * another with ATOM, whose old value it stores. The (initial, v) pairs
 * (i % 8) are the FTZ.RN cases: plain, a denormal in memory, a denormal
 * operand, sums that are denormal of either sign, x + -x, and two ties
 * of round-to-nearest-even. Expected values: fadd_ftz above. */
#define FA_SHARED 0x000u
#define FA_RED 0x100u
#define FA_ATOM 0x200u
#define FA_OLD 0x300u
#define FA_V 0x400u
#define FA_W 0x500u

static const uint32_t fa_case[8][2] = {
    {0x3f800000u, 0x40200000u}, /* 1 + 2.5 */
    {0x00200000u, 0x03800000u}, /* 2^-130 (denormal) + 2^-120: 2^-120 */
    {0x01000000u, 0x00200000u}, /* 2^-125 + 2^-130 (denormal): 2^-125 */
    {0x00c00000u, 0x80800000u}, /* 1.5 * 2^-126 - 2^-126: a denormal, +0 */
    {0x80c00000u, 0x00800000u}, /* -1.5 * 2^-126 + 2^-126: -0 */
    {0x40400000u, 0xc0400000u}, /* 3 - 3: +0 */
    {0x3f800000u, 0x33800000u}, /* 1 + 2^-24: a tie, to even 1 */
    {0x3f800000u, 0x34400000u}, /* 1 + 3 * 2^-24: a tie, to even 1 + 2^-22 */
};

static void float_atomic_launch(void **state)
{
    env e;
    if (!env_open(&e, *state, "simple_csh"))
        skip();
    const uint64_t g = 7ull << 16, atom = 0xed00000000000000ull | 3ull << 49 | 1ull << 48 | g,
                   red = 0xebf8000000000000ull | 1ull << 48 | 3ull << 20 | g,
                   ldg = 0xeed0000000000000ull | 4ull << 48 | 1ull << 45 | g,
                   stg = 0xeed8000000000000ull | 4ull << 48 | 1ull << 45 | g;
    const uint64_t insn[] = {
        0xf0c8000000000000ull | 0x21ull << 20 | g | 2,                /* S2R R2, SR_TID.X */
        0xf0c8000000000000ull | 0x22ull << 20 | g | 10,               /* S2R R10, SR_TID.Y */
        0x5c18000000000000ull | 3ull << 39 | g | 10u << 8 | 2ull << 20 | 1, /* ISCADD R1, R10, R2, 3 */
        0x3848000000000000ull | 2ull << 20 | g | 1u << 8 | 3,         /* SHL R3, R1, 2 */
        0x3848000000000000ull | 2ull << 20 | g | 2u << 8 | 7,         /* SHL R7, R2, 2 */
        0x4c10800000000000ull | 0x50ull << 20 | g | 3u << 8 | 4,      /* IADD.CC R4, R3, c0[0x140] */
        0x4c10080000000000ull | 0x51ull << 20 | g | 0xffu << 8 | 5,   /* IADD.X R5, RZ, c0[0x144] */
        0x4c10800000000000ull | 0x50ull << 20 | g | 7u << 8 | 8,      /* IADD.CC R8, R7, c0[0x140] */
        0x4c10080000000000ull | 0x51ull << 20 | g | 0xffu << 8 | 9,   /* IADD.X R9, RZ, c0[0x144] */
        ldg | (uint64_t)FA_V << 20 | 4u << 8 | 20,                    /* LDG.E R20, [R4 + FA_V] */
        ldg | (uint64_t)FA_W << 20 | 4u << 8 | 24,                    /* LDG.E R24, [R4 + FA_W] */
        atom | 24ull << 20 | 8u << 8 | 12,                            /* ATOM.E.ADD.F32 R12, [R8], R24 */
        red | (uint64_t)FA_RED << 28 | 4u << 8 | 20,                  /* RED.E.ADD.F32 [R4 + FA_RED], R20 */
        atom | (uint64_t)FA_ATOM << 28 | 20ull << 20 | 4u << 8 | 13,  /* ATOM.E.ADD.F32 R13, [R4 + FA_ATOM], R20 */
        stg | (uint64_t)FA_OLD << 20 | 4u << 8 | 13,                  /* STG.E [R4 + FA_OLD], R13 */
        0xe300000000000000ull | g | 0xf,                              /* EXIT */
    };
    write_program(e.data, insn, sizeof insn / sizeof insn[0]);
    uint8_t *buf = e.data + BUF0;
    uint32_t want_shared[8];
    for (uint32_t x = 0; x < 8; x++) {
        want_shared[x] = x == 0 ? 0x00000010u : tm_u((float)x); /* word 0 starts denormal */
        memcpy(buf + FA_SHARED + 4 * x, &want_shared[x], 4);
        want_shared[x] = ftz(want_shared[x]);
    }
    for (uint32_t i = 0; i < 64; i++) {
        const uint32_t w = tm_u(0.25f * (float)(i + 1)), *c = fa_case[i % 8];
        memcpy(buf + FA_W + 4 * i, &w, 4);
        memcpy(buf + FA_V + 4 * i, &c[1], 4);
        memcpy(buf + FA_RED + 4 * i, &c[0], 4);
        memcpy(buf + FA_ATOM + 4 * i, &c[0], 4);
        memset(buf + FA_OLD + 4 * i, 0xcd, 4);
        want_shared[i % 8] = tm_u(tm_f(want_shared[i % 8]) + tm_f(w)); /* exact: multiples of 0.25 */
    }
    tmk_job j = job(8, 8, 1, 1, 1);
    tmk_ssbo(&j, 0, VA + BUF0, 0x600);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    env_submit(&e, 1);
    for (uint32_t x = 0; x < 8; x++)
        if (get32(buf + FA_SHARED + 4 * x) != want_shared[x])
            fail_msg("shared word %u is 0x%08x, want 0x%08x", x, get32(buf + FA_SHARED + 4 * x), want_shared[x]);
    for (uint32_t i = 0; i < 64; i++) {
        const uint32_t *c = fa_case[i % 8], want = fadd_ftz(c[0], c[1]);
        if (get32(buf + FA_RED + 4 * i) != want || get32(buf + FA_ATOM + 4 * i) != want ||
            get32(buf + FA_OLD + 4 * i) != c[0])
            fail_msg("thread %u (case %u): RED gave 0x%08x, ATOM 0x%08x returning 0x%08x; want 0x%08x, 0x%08x", i, i % 8,
                     get32(buf + FA_RED + 4 * i), get32(buf + FA_ATOM + 4 * i), get32(buf + FA_OLD + 4 * i), want, c[0]);
    }
    env_close(&e, *state);
}

/* Bindless SUATOM (envydis gm107.c 0xea60/0xffe0 "suatom" and 0xeac0
 * its CAS, bit 51 clear: the handle in the register at 39-46 (tabeb40_4),
 * type at 36-38 (tabea80_1: 0 U32, 1 S32), operation 29-32 (tabea00_0),
 * dimension 33-35 (3 = 2D), coordinates R8, value Rb at 20 (CAS: compare
 * Rb, new value Rb + 1), Rd 0; written with bit 52 set, the form Ryujinx
 * decodes as SuatomB / SuatomCasB). The handles come from MOV R10,
 * c0[0x120] and MOV R11, c0[0x124] (envydis 4c98), which the translator
 * traces to slots 0 and 1 of the image table. 16 threads, thread x on
 * column x of each row r of two 16 x 8 images: slot 0 (R32 uint) gets
 * operation r as U32 (ADD MIN MAX INC DEC AND OR XOR), slot 1 (R32 sint)
 * MIN MAX EXCH ADD AND OR XOR as S32 and, row 7, CAS. One thread per texel,
 * so each returned old value is the texel's initial one; they are stored
 * with STG.E at (8 slot + r) * 64 + 4 x of the SSBO. v = (x << 3) + (x << 28)
 * (negative as S32 from x = 8), INC/DEC bound 0x1000 (R7), CAS compares v
 * and writes x << 28. */
#define SUB_IMG 0x60000u

static uint64_t suatom_b(uint32_t op, uint32_t type, uint32_t handle_reg, uint32_t rb, uint32_t rd)
{
    return 0xea70000000000000ull | (uint64_t)handle_reg << 39 | (uint64_t)type << 36 | 3ull << 33 |
           (uint64_t)op << 29 | (uint64_t)rb << 20 | 7ull << 16 | 8u << 8 | rd;
}

static uint32_t sub_v(uint32_t x)
{
    return (x << 3) + (x << 28);
}

static uint32_t sub_init(uint32_t slot, uint32_t row, uint32_t x)
{
    if (slot == 0 && (row == 3 || row == 4)) /* INC, DEC: far from 0 and from the bound */
        return 16 + 5 * x;
    if (slot == 1 && row == 7) /* CAS: equal to the comparand on even columns */
        return x % 2 ? sub_v(x) ^ 0x100u : sub_v(x);
    return 0x9E3779B9u * (slot * 0x100 + row * 16 + x + 1);
}

static uint32_t sub_model(uint32_t slot, uint32_t row, uint32_t old, uint32_t x)
{
    static const uint8_t sops[7] = {1, 2, 8, 0, 5, 6, 7}; /* slot 1's S32 rows */
    if (slot == 1 && row == 7)
        return old == sub_v(x) ? x << 28 : old;
    const uint32_t op = slot ? sops[row] : row;
    if (op == 8)
        return sub_v(x);
    return sured_model(op, slot == 1, old, op == 3 || op == 4 ? 0x1000 : sub_v(x));
}

static void bindless_suatom_launch(void **state)
{
    env e;
    if (!env_open(&e, *state, "simple_csh"))
        skip();
    const uint64_t g = 7ull << 16, stg = 0xeed8000000000000ull | 4ull << 48 | 1ull << 45 | g;
    static const uint8_t sops[7] = {1, 2, 8, 0, 5, 6, 7};
    uint64_t insn[64];
    size_t n = 0;
    insn[n++] = 0xf0c8000000000000ull | 0x21ull << 20 | g | 2;                     /* S2R R2, SR_TID.X */
    insn[n++] = 0x3848000000000000ull | 2ull << 20 | g | 2u << 8 | 3;              /* SHL R3, R2, 2 */
    insn[n++] = 0x4c10800000000000ull | 0x50ull << 20 | g | 3u << 8 | 12;          /* IADD.CC R12, R3, c0[0x140] */
    insn[n++] = 0x4c10080000000000ull | 0x51ull << 20 | g | 0xffu << 8 | 13;       /* IADD.X R13, RZ, c0[0x144] */
    insn[n++] = 0x3848000000000000ull | 28ull << 20 | g | 2u << 8 | 5;             /* SHL R5, R2, 28 */
    insn[n++] = 0x5c18000000000000ull | 3ull << 39 | g | 2u << 8 | 5ull << 20 | 4; /* ISCADD R4, R2, R5, 3 */
    insn[n++] = 0x0100000000000000ull | 0x1000ull << 20 | 0xfull << 12 | g | 7;    /* MOV32I R7, 0x1000 */
    insn[n++] = 0x3848000000000000ull | g | 2u << 8 | 8;                           /* SHL R8, R2, 0 */
    insn[n++] = 0x4c98000000000000ull | 0xfull << 39 | 0x48ull << 20 | g | 10;     /* MOV R10, c0[0x120] */
    insn[n++] = 0x4c98000000000000ull | 0xfull << 39 | 0x49ull << 20 | g | 11;     /* MOV R11, c0[0x124] */
    for (uint32_t s = 0; s < 2; s++)
        for (uint32_t r = 0; r < 8; r++) {
            insn[n++] = 0x0100000000000000ull | (uint64_t)r << 20 | 0xfull << 12 | g | 9; /* MOV32I R9, r */
            if (s == 0)
                insn[n++] = suatom_b(r, 0, 10, r == 3 || r == 4 ? 7 : 4, 20);
            else if (r < 7)
                insn[n++] = suatom_b(sops[r], 1, 11, 4, 20);
            else /* SUATOM.CAS (0xead0: 0xeac0 with bit 52) S32, compare R4, new R5 */
                insn[n++] = (suatom_b(0, 1, 11, 4, 20) & ~0xffe0000000000000ull) | 0xead0000000000000ull;
            insn[n++] = stg | (uint64_t)(8 * s + r) * 64 << 20 | 12u << 8 | 20; /* STG.E [R12 + ...], R20 */
        }
    insn[n++] = 0xe300000000000000ull | g | 0xf; /* EXIT */
    write_program(e.data, insn, n);
    for (uint32_t i = 0; i < 2; i++) {
        const tmt_tic_desc d = {.components = 0x0f, .type = i ? 3 : 4, .texture_type = 1, .width = 16, .height = 8,
                                .levels = 1, .pitch = true, .pitch_bytes = 64};
        uint32_t tic[8];
        tmt_make_tic(&d, VA + SUB_IMG + 0x200 * i, tic);
        memcpy(e.data + TIC_POOL + 32 * i, tic, 32);
        for (uint32_t r = 0; r < 8; r++)
            for (uint32_t x = 0; x < 16; x++) {
                const uint32_t v = sub_init(i, r, x);
                memcpy(e.data + SUB_IMG + 0x200 * i + 64 * r + 4 * x, &v, 4);
            }
    }
    memset(e.data + BUF0, 0xcd, 16 * 64);
    const uint32_t pool[3] = {(uint32_t)((VA + TIC_POOL) >> 32), (uint32_t)(VA + TIC_POOL), 1};
    tm_inc(&e.pb, TM_SUB_COMPUTE, 0x55D, 3, pool);
    tmk_job j = job(16, 1, 1, 1, 1);
    for (uint32_t i = 0; i < 2; i++)
        memcpy(j.c0 + 0x120 + 4 * i, &i, 4);
    tmk_ssbo(&j, 0, VA + BUF0, 16 * 64);
    tmk_dispatch(&e.pb, VA + JOBS, &j);
    env_submit(&e, 1);
    for (uint32_t i = 0; i < 2; i++)
        for (uint32_t r = 0; r < 8; r++)
            for (uint32_t x = 0; x < 16; x++) {
                const uint32_t init = sub_init(i, r, x), want = sub_model(i, r, init, x);
                const uint32_t got = get32(e.data + SUB_IMG + 0x200 * i + 64 * r + 4 * x);
                const uint32_t old = get32(e.data + BUF0 + (8 * i + r) * 64 + 4 * x);
                if (got != want || old != init)
                    fail_msg("slot %u row %u x %u is 0x%08x returning 0x%08x, want 0x%08x returning 0x%08x", i, r, x,
                             got, old, want, init);
            }
    env_close(&e, *state);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(qmd_round_trip),
        cmocka_unit_test(simple_two_launches),
        cmocka_unit_test(ssbo_layout_records),
        cmocka_unit_test(bad_launches_are_reported),
        cmocka_unit_test(shared_atomic_launch),
        cmocka_unit_test(image_launch),
        cmocka_unit_test(image_atomic_launch),
        cmocka_unit_test(sured_launch),
        cmocka_unit_test(generic_memory_launch),
        cmocka_unit_test(cs2r_al2p_launch),
        cmocka_unit_test(float_atomic_launch),
        cmocka_unit_test(bindless_suatom_launch),
        cmocka_unit_test(bad_images_are_reported),
        cmocka_unit_test(texture_fetch_launch),
        cmocka_unit_test(ms_texture_fetch_launch),
        cmocka_unit_test(ms_array_fetch_launch),
        cmocka_unit_test(texture_sample_launch),
        cmocka_unit_test(texture_stale_after_compute_write),
        cmocka_unit_test(bad_textures_are_reported),
        cmocka_unit_test(subgroup_launch),
        cmocka_unit_test(compute_geometry_scene),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
