/* The external-context contract of include/glhle/glhle.h, from a host
 * program's side (tests/support/gl_scramble.c: the host's own EGL context):
 *
 *  - scrambled_*: between frames (PICA traces) or between commands (the
 *    PlayStation scene) the host sets every piece of GL state glhle ever
 *    sets to something else and draws with it; every frame must equal the
 *    offscreen replay's to the bit, with no GL error counted. The
 *    scrambler's coverage of the library's GL calls is checked by
 *    layout/gl_scramble_coverage.
 *    Maxwell's sample traces are scrambled between presents.
 *  - a second replay on the same context works (nothing left pending);
 *  - errors pending before a call are the host's: drained, not counted,
 *    not blamed; errors glhle makes are counted and named with the call.
 * Seeds are printed (GLHLE_TEST_SEED replays). */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/psx/script.h"
#include "glhle/maxwell.h"
#include "glhle/psx.h"
#include "glhle/trace.h"
#include "scenes/scenes.h"
#include "support/gl_scramble.h"

#define MAX_FRAMES 16

typedef struct frames {
    glhle_image img[MAX_FRAMES];
    uint32_t n;
    /* comparing run: the reference, the host scrambling between frames */
    const struct frames *expect;
    ts_host *host;
    ts_rng rng;
    const char *name;
    uint32_t scale;
} frames;

/* The frame just read into f->img[f->n]: compared with the reference, then
 * the frontend's turn (its own drawing, with all of glhle's state changed). */
static glhle_result frame_taken(frames *f, uint32_t frame)
{
    if (f->expect) {
        char name[96];
        snprintf(name, sizeof name, "external_%s_f%u_%ux", f->name, frame, f->scale);
        assert_true(f->n < f->expect->n);
        ts_assert_image(name, &f->expect->img[f->n], &f->img[f->n], 0, 0);
    }
    f->n++;
    if (f->host) {
        ts_gl_scramble(f->host, &f->rng);
        ts_host_draw(f->host);
    }
    return GLHLE_RESULT_OK;
}

static glhle_result on_frame(void *user, glhle_pica *pica, uint32_t frame)
{
    frames *f = user;
    uint32_t w, h;
    assert_int_equal(glhle_pica_read_frame(pica, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    assert_true(f->n < MAX_FRAMES);
    glhle_image *img = &f->img[f->n];
    assert_int_equal(glhle_image_alloc(img, w, h), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_read_frame(pica, img->rgba, (size_t)w * h * 4, NULL, NULL), GLHLE_RESULT_OK);
    return frame_taken(f, frame);
}

static void frames_free(frames *f)
{
    for (uint32_t i = 0; i < f->n; i++)
        glhle_image_free(&f->img[i]);
    f->n = 0;
}

static glhle_trace *open_scene(const char *name)
{
    for (int i = 0; i < sb_scene_count; i++) {
        if (strcmp(sb_scenes[i].name, name) != 0)
            continue;
        char path[1024];
        glhle_trace_open_desc od = {.log = ts_log_fn};
        glhle_trace *t;
        assert_int_equal(glhle_trace_open_file(sb_scene_trace_path(&sb_scenes[i], path, sizeof path), &od, &t),
                         GLHLE_RESULT_OK);
        return t;
    }
    fail_msg("no sample scene named %s", name);
    return NULL;
}

static void replay(glhle_context *ctx, const glhle_trace *t, uint32_t scale, frames *f)
{
    glhle_trace_replay_desc rd = {
        .ctx = ctx,
        .pica = {.resolution_scale = scale, .log = ts_log_fn},
        .on_frame = on_frame,
        .user = f,
    };
    glhle_trace_replay_stats st;
    assert_int_equal(glhle_trace_replay(t, &rd, &st), GLHLE_RESULT_OK);
    assert_int_equal(st.divergences, 0);
}

/* The offscreen frames of a trace. */
static void reference(const glhle_trace *t, uint32_t scale, frames *out)
{
    glhle_context_desc cd = {.mode = GLHLE_CONTEXT_OFFSCREEN, .debug = true, .log = ts_log_fn};
    glhle_context *ctx;
    assert_int_equal(glhle_context_create(&cd, &ctx), GLHLE_RESULT_OK);
    replay(ctx, t, scale, out);
    assert_int_equal(glhle_context_gl_error_count(ctx), 0);
    glhle_context_destroy(ctx);
    assert_true(out->n > 0);
}

typedef void (*replay_fn)(glhle_context *ctx, const void *what, uint32_t scale, frames *f);

/* Replays `what` twice on one host context with the host's state scrambled
 * before each run (before the instance exists, too) and between frames;
 * each run's frames must equal `ref`. Twice: the first replay must leave
 * nothing behind that breaks the second (issue 12: a pending error from
 * presenting into framebuffer 0 did). */
static void scrambled_runs(const frames *ref, const char *name, uint32_t scale, const char *seed_name,
                           uint64_t seed0, replay_fn run, const void *what)
{
    ts_host h;
    ts_host_open(&h, GLHLE_LOG_INFO, true);
    for (int pass = 0; pass < 2; pass++) {
        frames got = {.expect = ref, .host = &h, .name = name, .scale = scale};
        ts_rng_init(&got.rng, ts_seed(seed_name, seed0 + (uint64_t)pass));
        ts_gl_scramble(&h, &got.rng);
        run(h.ctx, what, scale, &got);
        assert_int_equal(got.n, ref->n);
        frames_free(&got);
        assert_int_equal(h.gl.GetError(), GL_NO_ERROR);
        assert_int_equal(glhle_context_gl_error_count(h.ctx), 0);
    }
    assert_int_equal(glhle_context_host_error_count(h.ctx), 0);
    ts_host_close(&h);
}

static void pica_run(glhle_context *ctx, const void *what, uint32_t scale, frames *f)
{
    replay(ctx, what, scale, f);
}

static void scrambled_trace(const char *scene, uint32_t scale)
{
    glhle_trace *t = open_scene(scene);
    frames ref = {0};
    reference(t, scale, &ref);
    scrambled_runs(&ref, scene, scale, "external scramble", 12, pica_run, t);
    frames_free(&ref);
    glhle_trace_close(t);
}

static void scrambled_cube(void **state)
{
    (void)state;
    scrambled_trace("cube", 1);
    scrambled_trace("cube", 2);
}

static void scrambled_screens(void **state)
{
    (void)state;
    scrambled_trace("screens", 1);
}

/* ---- the PlayStation scene, scrambled between every line of the script ---- */

typedef struct psx_run {
    glhle_psx *psx;
    ts_host *host;
    ts_rng rng;
    uint32_t lines;
} psx_run;

static glhle_result to_ports(void *user, int port, const uint32_t *words, size_t count, uint32_t line)
{
    (void)line;
    psx_run *p = user;
    if (p->host) {
        ts_gl_scramble(p->host, &p->rng);
        ts_host_draw(p->host);
    }
    p->lines++;
    if (port == 0)
        return glhle_psx_gp0_block(p->psx, words, count) == GLHLE_RESULT_OK ? GLHLE_RESULT_OK : GLHLE_RESULT_BAD_DATA;
    for (size_t i = 0; i < count; i++)
        if (glhle_psx_gp1(p->psx, words[i]) != GLHLE_RESULT_OK)
            return GLHLE_RESULT_BAD_DATA;
    return GLHLE_RESULT_OK;
}

/* Runs samples/psx/scene.txt; returns the VRAM at the internal resolution
 * as RGBA (malloc'd) and the native display. */
static uint8_t *run_psx_scene(glhle_context *ctx, ts_host *host, uint32_t scale, glhle_image *display)
{
    glhle_psx_desc d = {.resolution_scale = scale, .log = ts_log_fn};
    psx_run p = {.host = host};
    ts_rng_init(&p.rng, ts_seed("external psx scramble", 21));
    assert_int_equal(glhle_psx_create(ctx, &d, &p.psx), GLHLE_RESULT_OK);
    size_t size;
    uint8_t *text = ts_read_file(ts_source_path("samples/psx/scene.txt"), &size);
    assert_int_equal(psx_script_parse((const char *)text, size, ts_logger(), to_ports, &p), GLHLE_RESULT_OK);
    free(text);
    assert_true(p.lines > 30);
    if (host)
        ts_gl_scramble(host, &p.rng);
    glhle_psx_display disp;
    glhle_psx_get_display(p.psx, &disp);
    assert_int_equal(glhle_image_alloc(display, disp.width, disp.height), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_read_display_rgba(p.psx, display->rgba, (size_t)disp.width * disp.height * 4),
                     GLHLE_RESULT_OK);
    if (host)
        ts_gl_scramble(host, &p.rng);
    const size_t bytes = (size_t)1024 * 512 * 4 * scale * scale;
    uint8_t *vram = malloc(bytes);
    assert_non_null(vram);
    assert_int_equal(glhle_psx_read_vram_rgba(p.psx, vram, bytes), GLHLE_RESULT_OK);
    glhle_psx_destroy(p.psx);
    return vram;
}

static void scrambled_psx_scene(void **state)
{
    (void)state;
    for (uint32_t scale = 1; scale <= 2; scale++) {
        glhle_context_desc cd = {.mode = GLHLE_CONTEXT_OFFSCREEN, .debug = true, .log = ts_log_fn};
        glhle_context *off;
        assert_int_equal(glhle_context_create(&cd, &off), GLHLE_RESULT_OK);
        glhle_image want, got;
        uint8_t *vram_want = run_psx_scene(off, NULL, scale, &want);
        assert_int_equal(glhle_context_gl_error_count(off), 0);
        glhle_context_destroy(off);

        ts_host h;
        ts_host_open(&h, GLHLE_LOG_INFO, true);
        uint8_t *vram_got = run_psx_scene(h.ctx, &h, scale, &got);
        char name[64];
        snprintf(name, sizeof name, "external_psx_scene_%ux", scale);
        ts_assert_image(name, &want, &got, 0, 0);
        assert_memory_equal(vram_want, vram_got, (size_t)1024 * 512 * 4 * scale * scale);
        assert_int_equal(h.gl.GetError(), GL_NO_ERROR);
        assert_int_equal(glhle_context_gl_error_count(h.ctx), 0);
        ts_host_close(&h);
        free(vram_want);
        free(vram_got);
        glhle_image_free(&want);
        glhle_image_free(&got);
    }
}

/* ---- errors ---- */

/* ---- Maxwell traces, scrambled between presents ---- */

static glhle_result on_mw_frame(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    frames *f = user;
    uint32_t w, h;
    assert_int_equal(glhle_maxwell_read_frame(gpu, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    assert_true(f->n < MAX_FRAMES);
    glhle_image *img = &f->img[f->n];
    assert_int_equal(glhle_image_alloc(img, w, h), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_read_frame(gpu, img->rgba, (size_t)w * h * 4, NULL, NULL), GLHLE_RESULT_OK);
    return frame_taken(f, frame);
}

static void mw_replay(glhle_context *ctx, const uint8_t *data, size_t size, uint32_t scale, frames *f)
{
    glhle_maxwell_replay_desc rd = {
        .ctx = ctx,
        .maxwell = {.scale = scale, .log = ts_log_fn},
        .on_frame = on_mw_frame,
        .user = f,
    };
    glhle_maxwell_replay_stats st;
    assert_int_equal(glhle_maxwell_trace_replay(data, size, &rd, &st), GLHLE_RESULT_OK);
    assert_true(st.ended);
    assert_int_equal(st.problems, 0);
}

typedef struct mw_bytes {
    const uint8_t *data;
    size_t size;
} mw_bytes;

static void mw_run(glhle_context *ctx, const void *what, uint32_t scale, frames *f)
{
    const mw_bytes *b = what;
    mw_replay(ctx, b->data, b->size, scale, f);
}

/* Maxwell's public calls are bracketed as the other systems' are: its
 * sample traces scrambled between presents (and before the instance
 * exists) equal the offscreen replay's frames. */
static void scrambled_maxwell_trace(const char *file, uint32_t scale)
{
    char path[512];
    snprintf(path, sizeof path, "tests/scenes/traces/%s", file);
    size_t size;
    uint8_t *data = ts_read_file(ts_source_path(path), &size);
    frames ref = {0};
    glhle_context_desc cd = {.mode = GLHLE_CONTEXT_OFFSCREEN, .debug = true, .log = ts_log_fn};
    glhle_context *off;
    assert_int_equal(glhle_context_create(&cd, &off), GLHLE_RESULT_OK);
    mw_replay(off, data, size, scale, &ref);
    assert_int_equal(glhle_context_gl_error_count(off), 0);
    glhle_context_destroy(off);
    assert_true(ref.n > 0);
    const mw_bytes b = {data, size};
    scrambled_runs(&ref, file, scale, "external maxwell scramble", 31, mw_run, &b);
    frames_free(&ref);
    free(data);
}

static void scrambled_maxwell(void **state)
{
    (void)state;
    scrambled_maxwell_trace("maxwell_clear.glht", 1);
    scrambled_maxwell_trace("maxwell_triangle.glht", 1);
    scrambled_maxwell_trace("maxwell_triangle.glht", 2);
    scrambled_maxwell_trace("maxwell_compute_geo.glht", 1); /* compute: UBOs and SSBOs bound per launch */
    scrambled_maxwell_trace("maxwell_mesh_srgb.glht", 1); /* indexed draws and an sRGB target (SET_SRGB_WRITE) */
}

static void pending_host_error_is_not_glhles(void **state)
{
    (void)state;
    ts_host h;
    ts_host_open(&h, GLHLE_LOG_DEBUG, true);
    ts_log_clear();
    h.gl.Enable(0x7FFF); /* GL_INVALID_ENUM, left pending by the host */
    glhle_pica *pica;
    glhle_pica_desc pd = {.log = ts_log_fn};
    assert_int_equal(glhle_pica_create(h.ctx, &pd, &pica), GLHLE_RESULT_OK);
    h.gl.Enable(0x7FFF);
    glhle_psx *psx;
    glhle_psx_desc xd = {.log = ts_log_fn};
    assert_int_equal(glhle_psx_create(h.ctx, &xd, &psx), GLHLE_RESULT_OK);
    /* also in the middle of a session */
    h.gl.BindFramebuffer(0x7FFF, 0);
    const uint32_t fill[] = {0x020000FF, 0x00000000, 0x00100010}; /* GP0(02h): red, 16x16 at (0,0) */
    assert_int_equal(glhle_psx_gp0_block(psx, fill, 3), GLHLE_RESULT_OK);
    uint16_t px = 0;
    assert_int_equal(glhle_psx_read_vram(psx, 5, 5, 1, 1, &px), GLHLE_RESULT_OK);
    assert_int_equal(px, 0x1F); /* the fill happened: 0xFF red is 31 in 5 bits */
    assert_int_equal(glhle_context_gl_error_count(h.ctx), 0);
    assert_int_equal(glhle_context_host_error_count(h.ctx), 3);
    assert_int_equal(ts_log_count(GLHLE_LOG_WARN), 0);
    assert_true(ts_log_contains("glhle_pica_create: GL_INVALID_ENUM (0x0500) was pending in the host's context"));
    assert_true(ts_log_contains("glhle_psx_create: GL_INVALID_ENUM"));
    assert_true(ts_log_contains("glhle_psx_gp0_block: GL_INVALID_ENUM"));
    assert_int_equal(h.gl.GetError(), GL_NO_ERROR);
    glhle_psx_destroy(psx);
    glhle_pica_destroy(pica);
    ts_host_close(&h);
}

static void glhles_own_errors_are_counted_and_named(void **state)
{
    (void)state;
    for (int debug = 1; debug >= 0; debug--) { /* through the KHR_debug callback, and the drain at the end */
        ts_host h;
        ts_host_open(&h, GLHLE_LOG_INFO, debug);
        ts_log_clear();
        /* what a faulty pass inside a call would do */
        gl_call_begin(h.ctx, "glhle_test_call");
        assert_int_equal(gl_context_enter(h.ctx), GLHLE_RESULT_OK);
        h.ctx->gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0xBAD);
        gl_call_end(h.ctx);
        assert_int_equal(glhle_context_gl_error_count(h.ctx), 1);
        assert_int_equal(ts_log_count(GLHLE_LOG_ERROR), 1);
        assert_true(ts_log_contains("glhle_test_call"));
        assert_int_equal(h.gl.GetError(), GL_NO_ERROR); /* nothing left pending for the host */
        assert_int_equal(glhle_context_host_error_count(h.ctx), 0);
        ts_host_close(&h);
    }
}

int main(void)
{
    setenv("EGL_PLATFORM", "surfaceless", 0);
    ts_pin_gl_driver(); /* before the first context: the offscreen references load the driver too */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scrambled_cube),
        cmocka_unit_test(scrambled_screens),
        cmocka_unit_test(scrambled_psx_scene),
        cmocka_unit_test(scrambled_maxwell),
        cmocka_unit_test(pending_host_error_is_not_glhles),
        cmocka_unit_test(glhles_own_errors_are_counted_and_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
