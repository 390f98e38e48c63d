/* backend/pica/surface/present.c with GL: frames composed on the GPU equal the CPU
 * reference's frames (GL-free twin) for every LCD format, at scales 1 and
 * 3 (each frame pixel a scale x scale block), with stereo; a screen the GPU
 * produced with a display transfer is presented with no upload or download;
 * an external context gets the frame drawn into its framebuffer; bad
 * screens are black and reported. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include <glad/egl.h>

#include "backend/pica/pica_instance.h"
#include "backend/pica/surface/surface_cache.h"
#include "support/surface_support.h"

#define TOP_L 0x18100000u
#define TOP_R 0x18200000u
#define BOTTOM 0x18300000u
#define RT 0x18400000u

static const unsigned bpp_of[5] = {4, 3, 2, 2, 2};

static uint8_t *frame_of(glhle_pica *p, uint32_t *w, uint32_t *h)
{
    assert_int_equal(glhle_pica_read_frame(p, NULL, 0, w, h), GLHLE_RESULT_OK);
    uint8_t *f = malloc((size_t)*w * *h * 4);
    assert_int_equal(glhle_pica_read_frame(p, f, (size_t)*w * *h * 4, NULL, NULL), GLHLE_RESULT_OK);
    return f;
}

/* The GL frame (scale s) against the CPU frame: every s x s block equals
 * the CPU pixel. */
static void same_frame(glhle_pica *gpu, glhle_pica *cpu, uint32_t s)
{
    uint32_t gw, gh, cw, ch;
    uint8_t *g = frame_of(gpu, &gw, &gh), *c = frame_of(cpu, &cw, &ch);
    assert_int_equal(gw, cw * s);
    assert_int_equal(gh, ch * s);
    for (uint32_t y = 0; y < gh; y++)
        for (uint32_t x = 0; x < gw; x++) {
            const uint8_t *a = g + ((size_t)y * gw + x) * 4, *b = c + ((size_t)(y / s) * cw + x / s) * 4;
            if (memcmp(a, b, 4))
                fail_msg("frame pixel (%u, %u) at scale %u: GL %02x%02x%02x%02x, CPU %02x%02x%02x%02x", x, y, s, a[0],
                         a[1], a[2], a[3], b[0], b[1], b[2], b[3]);
        }
    free(g);
    free(c);
}

static void every_format_at_two_scales(void **state)
{
    glhle_context *ctx = *state;
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("every_format_at_two_scales", 91));
    for (uint32_t scale = 1; scale <= 3; scale += 2) {
        tsf_env e;
        tsf_env_init(&e, ctx, scale, 0);
        for (uint32_t code = 0; code < 5; code++) {
            const uint32_t stride = 240 * bpp_of[code];
            tsf_random(&e, &rng, TOP_L, 400 * stride);
            tsf_random(&e, &rng, TOP_R, 400 * (stride + 8));
            tsf_random(&e, &rng, BOTTOM, 320 * stride);
            glhle_pica_present_desc d = {.top_left = {TOP_L, code, 0},
                                         .top_right = {TOP_R, 0x80340 | code, stride + 8},
                                         .bottom = {BOTTOM, code, stride},
                                         .stereo = code & 1};
            assert_int_equal(glhle_pica_present(e.gpu, &d), GLHLE_RESULT_OK);
            assert_int_equal(glhle_pica_present(e.cpu, &d), GLHLE_RESULT_OK);
            same_frame(e.gpu, e.cpu, scale);
        }
        /* orientation, by hand: texel 0 of column 0 is the top screen's
         * bottom-left pixel; texel 239 of column 399 its top-right one */
        memset(tsf_g(&e, TOP_L), 0, 400 * 960);
        const uint8_t a[4] = {0xFF, 0x30, 0x20, 0x10}, b[4] = {0xFF, 0x03, 0x02, 0x01}; /* A, B, G, R */
        memcpy(tsf_g(&e, TOP_L), a, 4);
        memcpy(tsf_g(&e, TOP_L + 399 * 960 + 239 * 4), b, 4);
        assert_int_equal(glhle_pica_invalidate(e.gpu, TOP_L, 400 * 960), GLHLE_RESULT_OK);
        glhle_pica_present_desc d = {.top_left = {TOP_L, 0, 0}};
        assert_int_equal(glhle_pica_present(e.gpu, &d), GLHLE_RESULT_OK);
        uint32_t w, h;
        uint8_t *f = frame_of(e.gpu, &w, &h);
        const uint8_t bl[4] = {0x10, 0x20, 0x30, 0xFF}, tr[4] = {0x01, 0x02, 0x03, 0xFF};
        assert_memory_equal(f + ((size_t)(239 * scale) * w) * 4, bl, 4);
        assert_memory_equal(f + ((size_t)(w - 1)) * 4, tr, 4);
        free(f);
        tsf_env_free(&e);
    }
    ts_gl_check(ctx);
}

static void gpu_rendered_screen_has_no_round_trip(void **state)
{
    glhle_context *ctx = *state;
    for (uint32_t scale = 1; scale <= 2; scale++) {
        tsf_env e;
        tsf_env_init(&e, ctx, scale, 0);
        /* a 240x400 RGBA8 render target (the top screen rotated, as games
         * render it) drawn on the GPU, transferred to an RGB8 LCD buffer */
        const pica_framebuffer_state fb = tsf_fb(RT, 0, 0, 0, 240, 400);
        pica_render_targets rt;
        tsf_bind(&e, &fb, &rt);
        tsf_render(&e, &fb, &rt, (int)scale, 77);
        const glhle_pica_display_transfer t = tsf_transfer_regs(RT, TOP_L, 240, 400, 240, 400, 1u << 12);
        assert_int_equal(glhle_pica_transfer(e.gpu, &t), GLHLE_RESULT_OK);
        const glhle_pica_stats before = tsf_stats(e.gpu);
        assert_int_equal(before.transfers_gpu, 1);
        const glhle_pica_present_desc d = {.top_left = {TOP_L, 1, 720}};
        assert_int_equal(glhle_pica_present(e.gpu, &d), GLHLE_RESULT_OK);
        const glhle_pica_stats after = tsf_stats(e.gpu);
        assert_int_equal(after.uploads, before.uploads);
        assert_int_equal(after.downloads, before.downloads);
        assert_int_equal(after.surface_hits, before.surface_hits + 1);
        /* the CPU reference sees the same picture once the memory is written back */
        assert_int_equal(glhle_pica_flush(e.gpu, TOP_L, 400 * 720), GLHLE_RESULT_OK);
        tsf_sync(&e, TOP_L, 400 * 720);
        assert_int_equal(glhle_pica_present(e.cpu, &d), GLHLE_RESULT_OK);
        same_frame(e.gpu, e.cpu, scale);
        tsf_env_free(&e);
    }
}

static void bad_screens_and_png(void **state)
{
    glhle_context *ctx = *state;
    tsf_env e;
    tsf_env_init(&e, ctx, 2, 0);
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("bad_screens_and_png", 92));
    tsf_random(&e, &rng, BOTTOM, 320 * 480);
    uint32_t w, h;
    assert_int_equal(glhle_pica_read_frame(e.gpu, NULL, 0, &w, &h), GLHLE_RESULT_NOT_FOUND);
    glhle_pica_present_desc d = {.top_left = {0x40000000, 0, 0}, .bottom = {BOTTOM, 4, 0}};
    ts_log_clear();
    assert_int_equal(glhle_pica_present(e.gpu, &d), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("top-left screen framebuffer 0x40000000+0x5dc00 is not inside one memory mapping"));
    assert_int_equal(glhle_pica_present(e.cpu, &d), GLHLE_RESULT_OUT_OF_BOUNDS);
    same_frame(e.gpu, e.cpu, 2);
    d.top_left = (glhle_pica_lcd_framebuffer){TOP_L, 7, 0};
    assert_int_equal(glhle_pica_present(e.gpu, &d), GLHLE_RESULT_INVALID_ARGUMENT);
    /* still working */
    d.top_left.format = 0;
    assert_int_equal(glhle_pica_present(e.gpu, &d), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_write_frame_png(e.gpu, ts_output_path("present_gl.png")), GLHLE_RESULT_OK);
    glhle_image img;
    assert_int_equal(glhle_png_read_file(ts_output_path("present_gl.png"), &img, ts_logger()), GLHLE_RESULT_OK);
    uint8_t *f = frame_of(e.gpu, &w, &h);
    assert_int_equal(img.width, 800);
    assert_int_equal(img.height, 960);
    assert_memory_equal(img.rgba, f, (size_t)w * h * 4);
    free(f);
    glhle_image_free(&img);
    assert_int_equal(tsf_stats(e.gpu).presents, 3); /* frames composed, black screens included */
    tsf_env_free(&e);
    ts_gl_check(ctx);
}

static void *egl_proc(void *user, const char *name)
{
    (void)user;
    return (void *)eglGetProcAddress(name);
}

/* An external context: the frame goes into the caller's framebuffer. */
static void external_context_gets_the_frame(void **state)
{
    glhle_context *fixture = *state;
    ts_pin_gl_driver();
    assert_true(gladLoaderLoadEGL(EGL_NO_DISPLAY));
    EGLDisplay dpy = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    assert_true(eglInitialize(dpy, NULL, NULL));
    assert_true(gladLoaderLoadEGL(dpy));
    assert_true(eglBindAPI(EGL_OPENGL_API));
    const EGLint attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext ec = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
    assert_true(ec != EGL_NO_CONTEXT);
    assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ec));
    glhle_context_desc cd = {.mode = GLHLE_CONTEXT_EXTERNAL, .debug = true, .log = ts_log_fn};
    cd.external.get_proc_address = egl_proc;
    glhle_context *ctx = NULL;
    assert_int_equal(glhle_context_create(&cd, &ctx), GLHLE_RESULT_OK);
    tsf_env e;
    tsf_env_init(&e, ctx, 1, 0);
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("external_context_gets_the_frame", 93));
    tsf_random(&e, &rng, TOP_L, 400 * 480);
    /* the caller's framebuffer, larger than the frame: drawn at (10, 20) */
    GladGLContext *gl = &ctx->gl;
    GLuint tex, fbo;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &tex);
    gl->TextureStorage2D(tex, 1, GL_RGBA8, 420, 500);
    gl->CreateFramebuffers(1, &fbo);
    gl->NamedFramebufferTexture(fbo, GL_COLOR_ATTACHMENT0, tex, 0);
    glhle_pica_present_desc d = {.top_left = {TOP_L, 2, 0}};
    d.external.fbo = fbo;
    d.external.x = 10;
    d.external.y = 20;
    assert_int_equal(glhle_pica_present(e.gpu, &d), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_present(e.cpu, &d), GLHLE_RESULT_OK);
    uint8_t *pix = malloc(420 * 520 * 4);
    gl->BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    gl->PixelStorei(GL_PACK_ROW_LENGTH, 0);
    gl->GetTextureImage(tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, 420 * 500 * 4, pix);
    uint32_t w, h;
    uint8_t *ref = frame_of(e.cpu, &w, &h);
    for (uint32_t y = 0; y < h; y++) /* GL rows bottom first */
        assert_memory_equal(pix + ((size_t)(20 + h - 1 - y) * 420 + 10) * 4, ref + (size_t)y * w * 4, (size_t)w * 4);
    /* into a texture of the caller's at (5, 7), in a rectangle 20 rows taller
     * than the frame: the frame fitted at its own size, 10 rows of black
     * bars above and below, the rest of the texture untouched */
    GLuint tex2;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &tex2);
    gl->TextureStorage2D(tex2, 1, GL_RGBA8, 420, 520);
    gl->ClearTexImage(tex2, 0, GL_RGBA, GL_UNSIGNED_BYTE, (const uint8_t[4]){9, 8, 7, 6});
    glhle_pica_present_desc d2 = {.top_left = {TOP_L, 2, 0}};
    d2.external.texture = tex2;
    d2.external.x = 5;
    d2.external.y = 7;
    d2.external.width = (int32_t)w;
    d2.external.height = (int32_t)h + 20;
    d2.external.clear_bars = true;
    assert_int_equal(glhle_pica_present(e.gpu, &d2), GLHLE_RESULT_OK);
    gl->GetTextureImage(tex2, 0, GL_RGBA, GL_UNSIGNED_BYTE, 420 * 520 * 4, pix);
    for (uint32_t gy = 0; gy < 520; gy++) { /* GL rows from the bottom */
        for (uint32_t x = 0; x < 420; x++) {
            const uint8_t *q = pix + ((size_t)gy * 420 + x) * 4;
            const bool in_rect = x >= 5 && x < 5 + w && gy >= 7 && gy < 7 + h + 20;
            const bool in_pic = in_rect && gy >= 17 && gy < 17 + h;
            if (in_pic)
                assert_memory_equal(q, ref + ((size_t)(h - 1 - (gy - 17)) * w + (x - 5)) * 4, 4);
            else if (in_rect)
                assert_memory_equal(q, ((const uint8_t[4]){0, 0, 0, 255}), 4);
            else
                assert_memory_equal(q, ((const uint8_t[4]){9, 8, 7, 6}), 4);
        }
    }
    gl->DeleteTextures(1, &tex2);
    d2.external.texture = 0xBAD; /* not a texture: composed, not drawn, no GL error */
    assert_int_equal(glhle_pica_present(e.gpu, &d2), GLHLE_RESULT_INVALID_ARGUMENT);
    free(pix);
    free(ref);
    gl->DeleteFramebuffers(1, &fbo);
    gl->DeleteTextures(1, &tex);
    tsf_env_free(&e);
    assert_int_equal(glhle_context_gl_error_count(ctx), 0);
    glhle_context_destroy(ctx);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ec);
    /* the display is shared with the fixture's context: keep it */
    assert_int_equal(glhle_context_make_current(fixture), GLHLE_RESULT_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(every_format_at_two_scales),
        TS_GL_TEST(gpu_rendered_screen_has_no_round_trip),
        TS_GL_TEST(bad_screens_and_png),
        TS_GL_TEST(external_context_gets_the_frame),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
