/* Context loss in external mode, as a libretro frontend does it
 * (context_destroy, then context_reset on a new context): the instances'
 * *_context_lost calls with the old context current, glhle_context_lost,
 * a new host context (the old one destroyed with every object in it),
 * glhle_context_restored and the instances' *_context_restored. Every frame
 * afterwards must equal an uninterrupted offscreen run's, at scales 1 and
 * 2: cube.glht and screens.glht with a loss after every frame (the frame
 * kept across the loss is checked too), the PlayStation scene with a loss
 * every few script lines, an upscaled PICA screen shown again after a loss
 * with nothing redrawn, and the Maxwell triangle scene with a loss after
 * every present (its render target shown again with nothing drawn). */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/psx/script.h"
#include "glhle/maxwell.h"
#include "glhle/psx.h"
#include "glhle/trace.h"
#include "scenes/maxwell_triangle_scene.h"
#include "scenes/scenes.h"
#include "support/gl_scramble.h"
#include "support/pica_draw_support.h"

#define MAX_FRAMES 16

typedef struct run {
    glhle_image img[MAX_FRAMES];
    uint32_t n;
    const struct run *expect; /* compare against, and lose the context after each frame */
    ts_host *host;
    glhle_pica *pica;
    glhle_psx *psx;
    const char *name;
    uint32_t scale, losses;
} run;

static void read_frame(glhle_pica *pica, glhle_image *img)
{
    uint32_t w, h;
    assert_int_equal(glhle_pica_read_frame(pica, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    assert_int_equal(glhle_image_alloc(img, w, h), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_read_frame(pica, img->rgba, (size_t)w * h * 4, NULL, NULL), GLHLE_RESULT_OK);
}

static void lose(void *user)
{
    run *r = user;
    if (r->pica)
        assert_int_equal(glhle_pica_context_lost(r->pica), GLHLE_RESULT_OK);
    if (r->psx)
        assert_int_equal(glhle_psx_context_lost(r->psx), GLHLE_RESULT_OK);
    assert_int_equal(glhle_context_lost(r->host->ctx), GLHLE_RESULT_OK);
}

static void restore(void *user)
{
    run *r = user;
    assert_int_equal(glhle_context_restored(r->host->ctx), GLHLE_RESULT_OK);
    if (r->pica)
        assert_int_equal(glhle_pica_context_restored(r->pica), GLHLE_RESULT_OK);
    if (r->psx)
        assert_int_equal(glhle_psx_context_restored(r->psx), GLHLE_RESULT_OK);
    r->losses++;
}

static glhle_result on_frame(void *user, glhle_pica *pica, uint32_t frame)
{
    run *r = user;
    assert_true(r->n < MAX_FRAMES);
    read_frame(pica, &r->img[r->n]);
    if (r->expect) {
        char name[96];
        snprintf(name, sizeof name, "loss_%s_f%u_%ux", r->name, frame, r->scale);
        assert_true(r->n < r->expect->n);
        ts_assert_image(name, &r->expect->img[r->n], &r->img[r->n], 0, 0);
        r->pica = pica;
        ts_host_new_context(r->host, lose, restore, r);
        /* the frame survives the loss */
        glhle_image again;
        read_frame(pica, &again);
        snprintf(name, sizeof name, "loss_%s_f%u_%ux_kept", r->name, frame, r->scale);
        ts_assert_image(name, &r->expect->img[r->n], &again, 0, 0);
        glhle_image_free(&again);
    }
    r->n++;
    return GLHLE_RESULT_OK;
}

static void run_free(run *r)
{
    for (uint32_t i = 0; i < r->n; i++)
        glhle_image_free(&r->img[i]);
}

static void replay(glhle_context *ctx, const glhle_trace *t, uint32_t scale, run *r)
{
    glhle_trace_replay_desc rd = {
        .ctx = ctx,
        .pica = {.resolution_scale = scale, .log = ts_log_fn},
        .on_frame = on_frame,
        .user = r,
    };
    glhle_trace_replay_stats st;
    assert_int_equal(glhle_trace_replay(t, &rd, &st), GLHLE_RESULT_OK);
    assert_int_equal(st.divergences, 0);
}

static void trace_across_losses(const char *scene, uint32_t scale)
{
    glhle_trace *t = NULL;
    for (int i = 0; i < sb_scene_count; i++) {
        if (strcmp(sb_scenes[i].name, scene) == 0) {
            char path[1024];
            glhle_trace_open_desc od = {.log = ts_log_fn};
            assert_int_equal(glhle_trace_open_file(sb_scene_trace_path(&sb_scenes[i], path, sizeof path), &od, &t),
                             GLHLE_RESULT_OK);
        }
    }
    assert_non_null(t);
    run ref = {.scale = scale};
    glhle_context_desc cd = {.mode = GLHLE_CONTEXT_OFFSCREEN, .debug = true, .log = ts_log_fn};
    glhle_context *off;
    assert_int_equal(glhle_context_create(&cd, &off), GLHLE_RESULT_OK);
    replay(off, t, scale, &ref);
    glhle_context_destroy(off);

    ts_host h;
    ts_host_open(&h, GLHLE_LOG_INFO, true);
    run got = {.expect = &ref, .host = &h, .name = scene, .scale = scale};
    replay(h.ctx, t, scale, &got);
    assert_int_equal(got.n, ref.n);
    assert_int_equal(got.losses, ref.n);
    assert_int_equal(glhle_context_gl_error_count(h.ctx), 0);
    assert_int_equal(h.gl.GetError(), GL_NO_ERROR);
    ts_host_close(&h);
    run_free(&got);
    run_free(&ref);
    glhle_trace_close(t);
}

static void pica_traces(void **state)
{
    (void)state;
    for (uint32_t s = 1; s <= 2; s++) {
        trace_across_losses("cube", s);
        trace_across_losses("screens", s);
    }
}

/* ---- the PlayStation scene ---- */

typedef struct psx_feed {
    run *r;
    uint32_t lines;
} psx_feed;

static glhle_result to_ports(void *user, int port, const uint32_t *words, size_t count, uint32_t line)
{
    (void)line;
    psx_feed *f = user;
    if (f->r->host && ++f->lines % 7 == 0) /* often, and inside runs of related commands */
        ts_host_new_context(f->r->host, lose, restore, f->r);
    if (port == 0)
        return glhle_psx_gp0_block(f->r->psx, words, count) == GLHLE_RESULT_OK ? GLHLE_RESULT_OK
                                                                               : GLHLE_RESULT_BAD_DATA;
    for (size_t i = 0; i < count; i++)
        if (glhle_psx_gp1(f->r->psx, words[i]) != GLHLE_RESULT_OK)
            return GLHLE_RESULT_BAD_DATA;
    return GLHLE_RESULT_OK;
}

static uint8_t *psx_scene(glhle_context *ctx, run *r, uint32_t scale)
{
    glhle_psx_desc d = {.resolution_scale = scale, .log = ts_log_fn};
    assert_int_equal(glhle_psx_create(ctx, &d, &r->psx), GLHLE_RESULT_OK);
    size_t size;
    uint8_t *text = ts_read_file(ts_source_path("samples/psx/scene.txt"), &size);
    psx_feed f = {r, 0};
    assert_int_equal(psx_script_parse((const char *)text, size, ts_logger(), to_ports, &f), GLHLE_RESULT_OK);
    free(text);
    if (r->host) /* and once more before reading */
        ts_host_new_context(r->host, lose, restore, r);
    const size_t bytes = (size_t)1024 * 512 * 4 * scale * scale;
    uint8_t *vram = malloc(bytes);
    assert_non_null(vram);
    assert_int_equal(glhle_psx_read_vram_rgba(r->psx, vram, bytes), GLHLE_RESULT_OK);
    glhle_psx_destroy(r->psx);
    r->psx = NULL;
    return vram;
}

static void psx_scene_across_losses(void **state)
{
    (void)state;
    for (uint32_t s = 1; s <= 2; s++) {
        glhle_context_desc cd = {.mode = GLHLE_CONTEXT_OFFSCREEN, .debug = true, .log = ts_log_fn};
        glhle_context *off;
        assert_int_equal(glhle_context_create(&cd, &off), GLHLE_RESULT_OK);
        run ref = {.scale = s};
        uint8_t *want = psx_scene(off, &ref, s);
        glhle_context_destroy(off);
        ts_host h;
        ts_host_open(&h, GLHLE_LOG_INFO, true);
        run got = {.host = &h, .scale = s};
        uint8_t *vram = psx_scene(h.ctx, &got, s);
        assert_true(got.losses > 4);
        assert_memory_equal(want, vram, (size_t)1024 * 512 * 4 * s * s);
        assert_int_equal(glhle_context_gl_error_count(h.ctx), 0);
        ts_host_close(&h);
        free(want);
        free(vram);
    }
}

/* State written once, before the loss, and only a draw after it: the new
 * draw path must take uniforms (here the combiner's constant colour) and
 * programs from the decoded state, not from dirty bits the old one
 * consumed. */
static void pica_state_set_before_the_loss(void **state)
{
    (void)state;
    ts_host h;
    ts_host_open(&h, GLHLE_LOG_INFO, true);
    for (uint32_t s = 1; s <= 2; s++) {
        pd_env e;
        pd_env_init(&e, h.ctx, s);
        const pd_vertex v[3] = {{{-1, -1, -0.5f, 1}, {0}, {0}, {0}, {0}},
                                {{1, -1, -0.5f, 1}, {0}, {0}, {0}, {0}},
                                {{-1, 1, -0.5f, 1}, {0}, {0}, {0}, {0}}};
        pd_put_vertices(&e, v, 3);
        tp_cmdbuf b;
        tp_cmd_init(&b);
        pd_target(&b, PD_COLOR, 0, 0, 0, 64, 64);
        pd_program(&b, 3);
        pd_tev_replace(&b, 0xE, 0xFF336699u); /* constant colour: R 99h G 66h B 33h */
        assert_int_equal(pd_run(&e, &b, NULL), GLHLE_RESULT_OK);
        tp_cmd_free(&b);
        run r = {.host = &h, .pica = e.pica};
        ts_host_new_context(&h, lose, restore, &r);
        tp_cmd_init(&b);
        pd_draw(&b, 0, 3, 0);
        assert_int_equal(pd_run(&e, &b, NULL), GLHLE_RESULT_OK);
        tp_cmd_free(&b);
        glhle_image img;
        pd_read_color(&e, PD_COLOR, 0, 64, 64, &img);
        const uint8_t *p = ts_pixel(&img, 4, 60); /* inside the lower-left half */
        assert_int_equal(p[0], 0x99);
        assert_int_equal(p[1], 0x66);
        assert_int_equal(p[2], 0x33);
        glhle_image_free(&img);
        pd_env_free(&e);
    }
    assert_int_equal(glhle_context_gl_error_count(h.ctx), 0);
    ts_host_close(&h);
}

/* 2x2 pixel blocks of (0, 0, w, h) in img that hold more than one colour:
 * detail finer than a native pixel in a picture drawn at scale 2. */
static uint32_t mixed_blocks(const glhle_image *img, uint32_t w, uint32_t h)
{
    uint32_t n = 0;
    for (uint32_t y = 0; y + 1 < h; y += 2)
        for (uint32_t x = 0; x + 1 < w; x += 2) {
            const uint8_t *p = ts_pixel(img, x, y);
            if (memcmp(p, ts_pixel(img, x + 1, y), 3) != 0 || memcmp(p, ts_pixel(img, x, y + 1), 3) != 0 ||
                memcmp(p, ts_pixel(img, x + 1, y + 1), 3) != 0)
                n++;
        }
    return n;
}

/* An upscaled picture the game draws once and then only shows: a gradient
 * triangle drawn at scale 2 into a 240x400 colour buffer, display-transferred
 * to an RGB8 LCD buffer and presented; then the context is lost and
 * restored, and the same LCD buffer is presented again with no draw, the
 * colour buffer transferred again and presented, and a second triangle
 * blended over it. Each frame must equal the same sequence on an instance
 * that lost nothing. The reference frame itself must hold detail finer than
 * a native pixel (some 2x2 block of the screen not one colour), so a
 * restore that brought the surfaces back from guest memory at native
 * resolution fails the comparison instead of passing it. */
#define UP_LCD (PD_BASE + 0x300000u)
#define UP_FRAMES 4

static void up_draw(pd_env *e, bool second)
{
    const float z = -0.5f;
    const pd_vertex first_tri[3] = {{{-0.93f, -0.97f, z, 1}, {1, 0, 0, 1}, {0}, {0}, {0}},
                                    {{0.91f, -0.41f, z, 1}, {0, 1, 0, 1}, {0}, {0}, {0}},
                                    {{-0.37f, 0.95f, z, 1}, {0, 0, 1, 1}, {0}, {0}, {0}}};
    const pd_vertex second_tri[3] = {{{0.97f, 0.93f, z, 1}, {1, 1, 0, 0.5f}, {0}, {0}, {0}},
                                     {{-0.83f, 0.31f, z, 1}, {0, 1, 1, 0.5f}, {0}, {0}, {0}},
                                     {{0.29f, -0.89f, z, 1}, {1, 0, 1, 0.5f}, {0}, {0}, {0}}};
    pd_put_vertices(e, second ? second_tri : first_tri, 3);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    pd_target(&b, PD_COLOR, 0, 0, 0, 240, 400);
    pd_program(&b, 3);
    pd_tev_replace(&b, 0, 0);
    if (second) /* src alpha, one minus src alpha (BLEND_FUNC factor codes 6 and 7), add */
        pd_blend(&b, 0, 0, 6, 7, 6, 7, 0);
    pd_draw(&b, 0, 3, 0);
    assert_int_equal(pd_run(e, &b, NULL), GLHLE_RESULT_OK);
    tp_cmd_free(&b);
}

static void up_transfer(pd_env *e)
{
    const glhle_pica_display_transfer t = {.input_address = PD_COLOR >> 3,
                                           .output_address = UP_LCD >> 3,
                                           .input_size = 240u | 400u << 16,
                                           .output_size = 240u | 400u << 16,
                                           .flags = 1u << 12}; /* RGBA8 tiled in, RGB8 linear out */
    assert_int_equal(glhle_pica_transfer(e->pica, &t), GLHLE_RESULT_OK);
}

static void up_present(pd_env *e, glhle_image *img)
{
    const glhle_pica_present_desc d = {.top_left = {UP_LCD, 1, 0}};
    assert_int_equal(glhle_pica_present(e->pica, &d), GLHLE_RESULT_OK);
    read_frame(e->pica, img);
}

static void up_sequence(ts_host *h, bool lose_context, glhle_image frames[UP_FRAMES])
{
    pd_env e;
    pd_env_init(&e, h->ctx, 2);
    up_draw(&e, false);
    up_transfer(&e);
    up_present(&e, &frames[0]);
    if (lose_context) {
        run r = {.host = h, .pica = e.pica};
        ts_host_new_context(h, lose, restore, &r);
        assert_int_equal(r.losses, 1);
    }
    up_present(&e, &frames[1]); /* nothing drawn or transferred since */
    up_transfer(&e);
    up_present(&e, &frames[2]);
    up_draw(&e, true);
    up_transfer(&e);
    up_present(&e, &frames[3]);
    pd_env_free(&e);
}

static void pica_upscaled_screen_survives_loss(void **state)
{
    (void)state;
    ts_host h;
    ts_host_open(&h, GLHLE_LOG_INFO, true);
    glhle_image ref[UP_FRAMES], got[UP_FRAMES];
    up_sequence(&h, false, ref);
    /* the top screen is the frame's upper 800x480 at scale 2: some 2x2 block
     * in it holds two colours */
    assert_int_equal(ref[0].width, 800);
    assert_int_equal(ref[0].height, 960);
    const uint32_t fine = mixed_blocks(&ref[0], 800, 480);
    print_message("2x2 blocks with more than one colour in the scale-2 reference: %u\n", fine);
    assert_true(fine > 1000);
    up_sequence(&h, true, got);
    static const char *const names[UP_FRAMES] = {"loss_upscaled_before", "loss_upscaled_shown_again",
                                                 "loss_upscaled_transferred_again", "loss_upscaled_drawn_over"};
    for (int i = 0; i < UP_FRAMES; i++) {
        ts_assert_image(names[i], &ref[i], &got[i], 0, 0);
        glhle_image_free(&ref[i]);
        glhle_image_free(&got[i]);
    }
    assert_int_equal(glhle_context_gl_error_count(h.ctx), 0);
    ts_host_close(&h);
}

/* ---- Maxwell: the triangle scene with a loss after every present ----
 * Each frame is read, then (on the losing run) the context is lost and
 * restored and the kept frame read again, then the same render target is
 * presented again with nothing drawn: at scale 2 that picture holds detail
 * finer than a native pixel, so only render targets kept at their
 * resolution give the uninterrupted run's frame. The next frame then draws
 * into the restored target with programs made again. */
typedef struct mw_run {
    glhle_image img[2 * TM_TRI_FRAMES];
    uint32_t n;
    const struct mw_run *expect;
    ts_host *host;
    uint32_t scale, losses;
} mw_run;

static void mw_read(glhle_maxwell *gpu, glhle_image *img)
{
    uint32_t w, h;
    assert_int_equal(glhle_maxwell_read_frame(gpu, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    assert_int_equal(glhle_image_alloc(img, w, h), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_read_frame(gpu, img->rgba, (size_t)w * h * 4, NULL, NULL), GLHLE_RESULT_OK);
}

typedef struct mw_loss {
    ts_host *host;
    glhle_maxwell *gpu;
    uint32_t *losses;
} mw_loss;

static void mw_lose(void *user)
{
    const mw_loss *l = user;
    assert_int_equal(glhle_maxwell_context_lost(l->gpu), GLHLE_RESULT_OK);
    assert_int_equal(glhle_context_lost(l->host->ctx), GLHLE_RESULT_OK);
}

static void mw_restore(void *user)
{
    const mw_loss *l = user;
    assert_int_equal(glhle_context_restored(l->host->ctx), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_context_restored(l->gpu), GLHLE_RESULT_OK);
    (*l->losses)++;
}

static void mw_check(mw_run *r, const char *what, uint32_t frame)
{
    if (!r->expect)
        return;
    char name[96];
    snprintf(name, sizeof name, "loss_maxwell_%s_f%u_%ux", what, frame, r->scale);
    assert_true(r->n < r->expect->n);
    ts_assert_image(name, &r->expect->img[r->n], &r->img[r->n], 0, 0);
}

static void mw_on_frame(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    mw_run *r = user;
    assert_true(r->n + 2 <= 2 * TM_TRI_FRAMES);
    mw_read(gpu, &r->img[r->n]);
    mw_check(r, "drawn", frame);
    if (r->expect) {
        mw_loss l = {r->host, gpu, &r->losses};
        ts_host_new_context(r->host, mw_lose, mw_restore, &l);
        glhle_image kept;
        mw_read(gpu, &kept);
        char name[96];
        snprintf(name, sizeof name, "loss_maxwell_kept_f%u_%ux", frame, r->scale);
        ts_assert_image(name, &r->expect->img[r->n], &kept, 0, 0);
        glhle_image_free(&kept);
    }
    r->n++;
    glhle_maxwell_present_desc pd = {0};
    pd.surface = (glhle_maxwell_surface){.va = TM_TRI_RT_VA, .format = 0xD5, .width = TM_TRI_W, .height = TM_TRI_H,
                                         .block_height_log2 = 1};
    assert_int_equal(glhle_maxwell_present(gpu, &pd), GLHLE_RESULT_OK);
    mw_read(gpu, &r->img[r->n]);
    mw_check(r, "shown_again", frame);
    r->n++;
}

static void mw_triangle(glhle_context *ctx, mw_run *r)
{
    glhle_maxwell_desc d = {.scale = r->scale, .log = ts_log_fn};
    glhle_maxwell *gpu;
    assert_int_equal(glhle_maxwell_create(ctx, &d, &gpu), GLHLE_RESULT_OK);
    uint8_t *rt = malloc(TM_TRI_MEM), *data = malloc(TM_TRI_MEM);
    assert_non_null(rt);
    assert_non_null(data);
    tm_triangle_run(gpu, rt, data, mw_on_frame, r);
    glhle_maxwell_destroy(gpu);
    free(rt);
    free(data);
}

static void maxwell_across_losses(void **state)
{
    (void)state;
    if (!tm_triangle_available()) {
        print_message("skipped: the Maxwell shader corpus (../shared/testdata/maxwell/shaders) is absent\n");
        skip();
    }
    for (uint32_t scale = 1; scale <= 2; scale++) {
        mw_run ref = {.scale = scale};
        glhle_context_desc cd = {.mode = GLHLE_CONTEXT_OFFSCREEN, .debug = true, .log = ts_log_fn};
        glhle_context *off;
        assert_int_equal(glhle_context_create(&cd, &off), GLHLE_RESULT_OK);
        mw_triangle(off, &ref);
        glhle_context_destroy(off);
        assert_int_equal(ref.n, 2 * TM_TRI_FRAMES);
        if (scale == 2) { /* the picture shown again has detail finer than a native pixel */
            const uint32_t fine = mixed_blocks(&ref.img[1], ref.img[1].width, ref.img[1].height);
            print_message("Maxwell: 2x2 blocks with more than one colour at scale 2: %u\n", fine);
            assert_true(fine > 500);
        }
        ts_host h;
        ts_host_open(&h, GLHLE_LOG_INFO, true);
        mw_run got = {.expect = &ref, .host = &h, .scale = scale};
        mw_triangle(h.ctx, &got);
        assert_int_equal(got.n, ref.n);
        assert_int_equal(got.losses, TM_TRI_FRAMES);
        assert_int_equal(glhle_context_gl_error_count(h.ctx), 0);
        assert_int_equal(h.gl.GetError(), GL_NO_ERROR);
        ts_host_close(&h);
        for (uint32_t i = 0; i < ref.n; i++) {
            glhle_image_free(&ref.img[i]);
            glhle_image_free(&got.img[i]);
        }
    }
}

int main(void)
{
    setenv("EGL_PLATFORM", "surfaceless", 0);
    ts_pin_gl_driver(); /* before the first context: the offscreen references load the driver too */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pica_traces),
        cmocka_unit_test(psx_scene_across_losses),
        cmocka_unit_test(pica_state_set_before_the_loss),
        cmocka_unit_test(pica_upscaled_screen_survives_loss),
        cmocka_unit_test(maxwell_across_losses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
