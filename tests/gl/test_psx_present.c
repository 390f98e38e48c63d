/* glhle_psx_present (backend/psx/present.c) in external mode, from a host
 * program with its own context whose GL state is scrambled before every
 * call (tests/support/gl_scramble.c):
 *  - at 1x the picture in the host's framebuffer equals the native
 *    read-back (glhle_psx_read_display_rgba) pixel for pixel; at 2x and 3x,
 *    15-bit mode, it equals the display area cropped from the whole VRAM
 *    at the internal resolution (glhle_psx_read_vram_rgba, wrapping), and
 *    the top-left pixel of each block equals the native read-back; for
 *    display starts inside VRAM and wrapping at its edges;
 *  - 24-bit mode against the native read-back at 1x and 2x;
 *  - a host texture at an offset; the letterbox against a CPU model of the
 *    fit and of the nearest mapping; a disabled display; bad targets. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/psx/script.h"
#include "glhle/psx.h"
#include "support/gl_scramble.h"

typedef struct target {
    GLuint tex, fbo;
    int w, h;
} target;

static target make_target(ts_host *h, int w, int hgt)
{
    target t = {0, 0, w, hgt};
    GladGLContext *gl = &h->gl;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &t.tex);
    gl->TextureStorage2D(t.tex, 1, GL_RGBA8, w, hgt);
    gl->CreateFramebuffers(1, &t.fbo);
    gl->NamedFramebufferTexture(t.fbo, GL_COLOR_ATTACHMENT0, t.tex, 0);
    gl->ClearNamedFramebufferfv(t.fbo, GL_COLOR, 0, (const GLfloat[]){0.2f, 0.4f, 0.6f, 1.0f});
    return t;
}

/* The target's pixels, top row first. */
static void read_target(ts_host *h, const target *t, glhle_image *out)
{
    GladGLContext *gl = &h->gl;
    assert_int_equal(glhle_image_alloc(out, (uint32_t)t->w, (uint32_t)t->h), GLHLE_RESULT_OK);
    gl->BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    gl->PixelStorei(GL_PACK_ALIGNMENT, 4);
    gl->PixelStorei(GL_PACK_ROW_LENGTH, 0);
    gl->PixelStorei(GL_PACK_SKIP_ROWS, 0);
    gl->PixelStorei(GL_PACK_SKIP_PIXELS, 0);
    gl->GetTextureImage(t->tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, t->w * t->h * 4, out->rgba);
    glhle_image_flip_rows(out);
}

static void free_target(ts_host *h, target *t)
{
    h->gl.DeleteFramebuffers(1, &t->fbo);
    h->gl.DeleteTextures(1, &t->tex);
}

static glhle_psx *scene(ts_host *h, uint32_t scale)
{
    glhle_psx_desc d = {.resolution_scale = scale, .log = ts_log_fn};
    glhle_psx *psx;
    assert_int_equal(glhle_psx_create(h->ctx, &d, &psx), GLHLE_RESULT_OK);
    size_t size;
    uint8_t *text = ts_read_file(ts_source_path("samples/psx/scene.txt"), &size);
    assert_int_equal(psx_script_run(psx, (const char *)text, size, ts_logger()), GLHLE_RESULT_OK);
    free(text);
    return psx;
}

static void native_display(glhle_psx *psx, glhle_image *out)
{
    glhle_psx_display d;
    glhle_psx_get_display(psx, &d);
    assert_int_equal(glhle_image_alloc(out, d.width, d.height), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_read_display_rgba(psx, out->rgba, (size_t)d.width * d.height * 4), GLHLE_RESULT_OK);
}

/* The top-left pixel of each scale x scale block of `img` (at (x0, y0)). */
static void subsample(const glhle_image *img, uint32_t x0, uint32_t y0, uint32_t w, uint32_t h, uint32_t s,
                      glhle_image *out)
{
    assert_int_equal(glhle_image_alloc(out, w, h), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            memcpy(out->rgba + ((size_t)y * w + x) * 4, ts_pixel(img, x0 + x * s, y0 + y * s), 4);
}

/* The display area at the internal resolution from the whole VRAM's RGBA,
 * wrapping at its edges: what a 15-bit present of the exact size shows. */
static void internal_display(glhle_psx *psx, glhle_image *out)
{
    const uint32_t s = glhle_psx_get_scale(psx), vw = 1024 * s, vh = 512 * s;
    glhle_psx_display d;
    glhle_psx_get_display(psx, &d);
    uint8_t *vram = malloc((size_t)vw * vh * 4);
    assert_non_null(vram);
    assert_int_equal(glhle_psx_read_vram_rgba(psx, vram, (size_t)vw * vh * 4), GLHLE_RESULT_OK);
    assert_int_equal(glhle_image_alloc(out, d.width * s, d.height * s), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < d.height * s; y++)
        for (uint32_t x = 0; x < d.width * s; x++)
            memcpy(out->rgba + ((size_t)y * d.width * s + x) * 4,
                   vram + ((size_t)((d.y * s + y) % vh) * vw + (d.x * s + x) % vw) * 4, 4);
    free(vram);
}

static void present_exact(ts_host *h, ts_rng *rng, glhle_psx *psx, glhle_image *got)
{
    const uint32_t s = glhle_psx_get_scale(psx);
    glhle_psx_display d;
    glhle_psx_get_display(psx, &d);
    target t = make_target(h, (int)(d.width * s), (int)(d.height * s));
    ts_gl_scramble(h, rng);
    const glhle_psx_present_desc pd = {.fbo = t.fbo};
    assert_int_equal(glhle_psx_present(psx, &pd), GLHLE_RESULT_OK);
    read_target(h, &t, got);
    free_target(h, &t);
}

static void check_display(ts_host *h, ts_rng *rng, glhle_psx *psx, const char *what)
{
    const uint32_t s = glhle_psx_get_scale(psx);
    glhle_psx_display d;
    glhle_psx_get_display(psx, &d);
    glhle_image got, native, tl;
    present_exact(h, rng, psx, &got);
    native_display(psx, &native);
    subsample(&got, 0, 0, d.width, d.height, s, &tl);
    char name[96];
    snprintf(name, sizeof name, "psx_present_%s_%ux_native", what, s);
    ts_assert_image(name, &native, &tl, 0, 0);
    if (!d.depth24) {
        glhle_image want;
        internal_display(psx, &want);
        snprintf(name, sizeof name, "psx_present_%s_%ux", what, s);
        ts_assert_image(name, &want, &got, 0, 0);
        glhle_image_free(&want);
    }
    glhle_image_free(&got);
    glhle_image_free(&native);
    glhle_image_free(&tl);
}

static void against_read_back(void **state)
{
    (void)state;
    ts_host h;
    ts_host_open(&h, GLHLE_LOG_INFO, true);
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("psx present", 5));
    for (uint32_t s = 1; s <= 3; s++) {
        glhle_psx *psx = scene(&h, s);
        check_display(&h, &rng, psx, "scene");
        /* a start near the corner: rows and columns wrap */
        assert_int_equal(glhle_psx_gp1(psx, 0x05000000u | 1000u | (500u << 10)), GLHLE_RESULT_OK);
        check_display(&h, &rng, psx, "wrapped");
        /* 24-bit: the same VRAM read three bytes a pixel, from an odd start */
        assert_int_equal(glhle_psx_gp1(psx, 0x05000000u | 3u | (7u << 10)), GLHLE_RESULT_OK);
        assert_int_equal(glhle_psx_gp1(psx, 0x08000011u), GLHLE_RESULT_OK);
        glhle_psx_display d;
        glhle_psx_get_display(psx, &d);
        assert_true(d.depth24);
        if (s <= 2)
            check_display(&h, &rng, psx, "24bit");
        glhle_psx_destroy(psx);
    }
    assert_int_equal(glhle_context_gl_error_count(h.ctx), 0);
    assert_int_equal(h.gl.GetError(), GL_NO_ERROR);
    ts_host_close(&h);
}

/* Into a host texture at (x, y) = (7, 5), letterboxed: the CPU model of the
 * fit (a 4:3 picture, centred) and of the nearest mapping from the
 * internal-resolution display. */
static void letterbox_into_a_texture(void **state)
{
    (void)state;
    ts_host h;
    ts_host_open(&h, GLHLE_LOG_INFO, true);
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("psx present letterbox", 6));
    for (uint32_t s = 1; s <= 2; s++) {
        glhle_psx *psx = scene(&h, s);
        glhle_image src;
        internal_display(psx, &src);
        const int tw = 420, th = 320, rx = 7, ry = 5, rw = 400, rh = 300 + 3 * 2 + 1; /* taller than 4:3 */
        target t = make_target(&h, tw, th);
        ts_gl_scramble(&h, &rng);
        glhle_psx_present_desc pd = {.texture = t.tex, .x = rx, .y = ry, .width = rw, .height = rh,
                                     .letterbox = true};
        assert_int_equal(glhle_psx_present(psx, &pd), GLHLE_RESULT_OK);
        glhle_image got, want;
        read_target(&h, &t, &got);
        /* the model: 400 wide -> 300 high, centred in 307 rows: 3 rows of
         * bars below (integer halving), 4 above */
        const int pw = 400, ph = 300, px = rx + (rw - pw) / 2, py = ry + (rh - ph) / 2;
        assert_int_equal(glhle_image_alloc(&want, tw, th), GLHLE_RESULT_OK);
        for (int y = 0; y < th; y++) {
            for (int x = 0; x < tw; x++) {
                const int gy = th - 1 - y; /* GL row, from the bottom */
                uint8_t *o = want.rgba + ((size_t)y * tw + x) * 4;
                const bool in_rect = x >= rx && x < rx + rw && gy >= ry && gy < ry + rh;
                const bool in_pic = x >= px && x < px + pw && gy >= py && gy < py + ph;
                if (in_pic) {
                    const int u = x - px, v = ph - 1 - (gy - py);
                    memcpy(o, ts_pixel(&src, (uint32_t)(u * (int)src.width / pw), (uint32_t)(v * (int)src.height / ph)),
                           4);
                } else if (in_rect) {
                    memcpy(o, (const uint8_t[4]){0, 0, 0, 255}, 4);
                } else { /* outside the rectangle: the host's clear colour, untouched */
                    memcpy(o, (const uint8_t[4]){51, 102, 153, 255}, 4);
                }
            }
        }
        char name[64];
        snprintf(name, sizeof name, "psx_present_letterbox_%ux", s);
        ts_assert_image(name, &want, &got, 0, 0);
        glhle_image_free(&got);
        glhle_image_free(&want);
        glhle_image_free(&src);
        free_target(&h, &t);
        glhle_psx_destroy(psx);
    }
    assert_int_equal(glhle_context_gl_error_count(h.ctx), 0);
    ts_host_close(&h);
}

static void disabled_and_bad_targets(void **state)
{
    (void)state;
    ts_host h;
    ts_host_open(&h, GLHLE_LOG_INFO, true);
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("psx present bad", 7));
    glhle_psx *psx = scene(&h, 2);
    assert_int_equal(glhle_psx_gp1(psx, 0x03000001u), GLHLE_RESULT_OK); /* display off: black */
    glhle_image got;
    present_exact(&h, &rng, psx, &got);
    for (size_t i = 0; i < (size_t)got.width * got.height; i++)
        assert_memory_equal(got.rgba + i * 4, ((const uint8_t[4]){0, 0, 0, 255}), 4);
    glhle_image_free(&got);
    ts_log_clear();
    /* framebuffer 0 of a surfaceless context is incomplete: refused, nothing pending */
    glhle_psx_present_desc pd = {0};
    assert_int_equal(glhle_psx_present(psx, &pd), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("is not complete"));
    pd.texture = 0xBAD;
    assert_int_equal(glhle_psx_present(psx, &pd), GLHLE_RESULT_INVALID_ARGUMENT);
    pd = (glhle_psx_present_desc){.fbo = h.fbo, .width = -3, .height = 4};
    assert_int_equal(glhle_psx_present(psx, &pd), GLHLE_RESULT_INVALID_ARGUMENT);
    pd = (glhle_psx_present_desc){.fbo = h.fbo, .width = 20000, .height = 4};
    assert_int_equal(glhle_psx_present(psx, &pd), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(h.gl.GetError(), GL_NO_ERROR);
    assert_int_equal(glhle_context_gl_error_count(h.ctx), 0);
    /* still usable */
    pd = (glhle_psx_present_desc){.fbo = h.fbo, .width = 64, .height = 64};
    assert_int_equal(glhle_psx_present(psx, &pd), GLHLE_RESULT_OK);
    glhle_psx_destroy(psx);
    /* the software renderer has no GL picture */
    glhle_psx_desc sd = {.renderer = GLHLE_PSX_RENDERER_SOFTWARE, .log = ts_log_fn};
    assert_int_equal(glhle_psx_create(NULL, &sd, &psx), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_present(psx, &pd), GLHLE_RESULT_UNSUPPORTED);
    glhle_psx_destroy(psx);
    assert_int_equal(glhle_context_gl_error_count(h.ctx), 0);
    ts_host_close(&h);
}

int main(void)
{
    setenv("EGL_PLATFORM", "surfaceless", 0);
    ts_pin_gl_driver(); /* before the first context: the offscreen references load the driver too */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(against_read_back),
        cmocka_unit_test(letterbox_into_a_texture),
        cmocka_unit_test(disabled_and_bad_targets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
