/* backend/gl/context.c, context_egl.c: offscreen contexts */
#include "support/test_support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/gl/gl_util.h"

static glhle_context *make(glhle_context_desc *d)
{
    ts_pin_gl_driver();
    d->log = ts_log_fn;
    glhle_context *ctx = NULL;
    glhle_result r = glhle_context_create(d, &ctx);
    if (r != GLHLE_RESULT_OK)
        fail_msg("glhle_context_create: %s", glhle_result_string(r));
    return ctx;
}

static void reports_driver_and_features(void **state)
{
    (void)state;
    glhle_context_desc d = {.debug = true};
    glhle_context *ctx = make(&d);
    const glhle_context_info *in = glhle_context_get_info(ctx);
    assert_non_null(in->vendor);
    assert_non_null(in->renderer);
    assert_non_null(in->version);
    assert_non_null(in->glsl_version);
    print_message("GL: %s | %s | %s\n", in->vendor, in->renderer, in->version);
    assert_true(in->gl_major * 10 + in->gl_minor >= 45);
    assert_false(in->gles);
    /* everything GL 4.5 core guarantees */
    assert_true(in->khr_debug);
    assert_true(in->buffer_storage);
    assert_true(in->texture_barrier);
    assert_true(in->clip_control);
    assert_true(in->direct_state_access);
    assert_true(in->max_texture_size >= 16384);
    assert_true(in->max_texture_buffer_size >= 65536);
    assert_true(in->max_uniform_block_size >= 16384);
    assert_int_equal(glhle_context_get_mode(ctx), GLHLE_CONTEXT_OFFSCREEN);
    assert_int_equal(glhle_context_gl_error_count(ctx), 0);
    glhle_context_destroy(ctx);
}

static void bad_descs_fail_cleanly(void **state)
{
    (void)state;
    glhle_context *ctx = (glhle_context *)0x1;
    glhle_context_desc d = {.mode = (glhle_context_mode)7, .log = ts_log_fn};
    ts_log_clear();
    assert_int_equal(glhle_context_create(&d, &ctx), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_null(ctx);
    assert_true(ts_log_contains("is not a context mode"));

    glhle_context_desc v = {.gl_major = 9, .gl_minor = 9, .log = ts_log_fn};
    ts_log_clear();
    assert_int_equal(glhle_context_create(&v, &ctx), GLHLE_RESULT_UNSUPPORTED);
    assert_null(ctx);
    assert_true(ts_log_contains("cannot create a GL 9.9 core context"));

    glhle_context_desc old = {.gl_major = 3, .gl_minor = 3, .log = ts_log_fn};
    ts_log_clear();
    assert_int_equal(glhle_context_create(&old, &ctx), GLHLE_RESULT_UNSUPPORTED);
    assert_true(ts_log_contains("needs GL 4.5 or newer"));

    glhle_context_desc ext = {.mode = GLHLE_CONTEXT_EXTERNAL, .log = ts_log_fn};
    assert_int_equal(glhle_context_create(&ext, &ctx), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("get_proc_address is NULL"));

    glhle_context_desc es_old = {.api = GLHLE_GL_API_GLES, .gl_major = 3, .gl_minor = 1, .log = ts_log_fn};
    assert_int_equal(glhle_context_create(&es_old, &ctx), GLHLE_RESULT_UNSUPPORTED);
    assert_true(ts_log_contains("needs GL ES 3.2 or newer"));
    assert_int_equal(glhle_context_create(&d, NULL), GLHLE_RESULT_INVALID_ARGUMENT);

    /* a failure leaves nothing behind: a good context still works afterwards */
    glhle_context_desc good = {0};
    glhle_context *ok = make(&good);
    glhle_image img;
    assert_int_equal(gl_smoke_render(ok, 16, 16, &img), GLHLE_RESULT_OK);
    glhle_image_free(&img);
    glhle_context_destroy(ok);
    glhle_context_destroy(NULL);
}

/* An offscreen OpenGL ES 3.2 context (EGL_OPENGL_ES_API on the surfaceless
 * display): it says ES, reports the capability layer's choices, and draws
 * the smoke scene exactly as a desktop context does (same rasteriser). */
static void es_offscreen_context(void **state)
{
    (void)state;
    glhle_context_desc dd = {0}, ed = {.api = GLHLE_GL_API_GLES};
    glhle_context *desk = make(&dd), *es = make(&ed);
    const glhle_context_info *in = glhle_context_get_info(es);
    assert_true(in->gles);
    assert_true(in->gl_major * 10 + in->gl_minor >= 32);
    assert_false(in->direct_state_access);
    const char *choices = glhle_context_host_choices(es);
    print_message("ES host choices: %s\n", choices);
    assert_non_null(strstr(choices, "profile=es"));
    assert_non_null(strstr(choices, "dsa=emulated"));
    assert_non_null(strstr(choices, " polygon_mode=geometry-shader"));
    /* the last choice said, whole: the line is not cut short */
    assert_non_null(strstr(choices, " texture_1d=2d(height 1)"));
    assert_non_null(strstr(glhle_context_host_choices(desk), " texture_1d=native"));
    assert_non_null(strstr(glhle_context_host_choices(desk), "profile=core"));
    glhle_image a, b;
    assert_int_equal(gl_smoke_render(desk, 64, 48, &a), GLHLE_RESULT_OK);
    assert_int_equal(gl_smoke_render(es, 64, 48, &b), GLHLE_RESULT_OK);
    assert_int_equal(a.width, b.width);
    assert_int_equal(a.height, b.height);
    assert_memory_equal(a.rgba, b.rgba, (size_t)a.width * (size_t)a.height * 4);
    glhle_image_free(&a);
    glhle_image_free(&b);
    ts_gl_check(es);
    glhle_context_destroy(es);
    glhle_context_destroy(desk);
}

static void two_contexts_side_by_side(void **state)
{
    (void)state;
    glhle_context_desc d = {.debug = true};
    glhle_context *a = make(&d);
    glhle_context *b = make(&d);
    assert_ptr_not_equal(a->egl_context, b->egl_context);
    /* objects made in one are not names in the other: interleave work */
    glhle_image ia, ib;
    assert_int_equal(gl_smoke_render(a, 32, 32, &ia), GLHLE_RESULT_OK);
    assert_int_equal(gl_smoke_render(b, 64, 64, &ib), GLHLE_RESULT_OK);
    glhle_image_free(&ia);
    assert_int_equal(gl_smoke_render(a, 32, 32, &ia), GLHLE_RESULT_OK);
    assert_int_equal(ts_pixel(&ia, 0, 0)[2], GL_SMOKE_CLEAR_B);
    assert_int_equal(ts_pixel(&ib, 63, 63)[2], GL_SMOKE_CLEAR_B);
    glhle_context_destroy(a); /* the shared EGL display must survive this */
    glhle_image_free(&ib);
    assert_int_equal(gl_smoke_render(b, 64, 64, &ib), GLHLE_RESULT_OK);
    assert_true(ts_pixel(&ib, 8, 8)[0] >= 245); /* the red corner */
    assert_true(ts_pixel(&ib, 8, 8)[2] <= 10);
    assert_int_equal(glhle_context_gl_error_count(b), 0);
    glhle_image_free(&ia);
    glhle_image_free(&ib);
    glhle_context_destroy(b);
}

static void gl_errors_reach_the_log_and_the_counter(void **state)
{
    (void)state;
    glhle_context_desc d = {.debug = true};
    glhle_context *ctx = make(&d);
    ts_log_clear();
    ctx->gl.Enable(0xDEAD); /* GL_INVALID_ENUM on purpose */
    assert_int_equal(glhle_context_gl_error_count(ctx), 1); /* via KHR_debug, synchronous */
    assert_true(ts_log_count(GLHLE_LOG_ERROR) >= 1);
    /* without debug output the error is still caught by glGetError */
    glhle_context_desc nd = {0};
    glhle_context *quiet = make(&nd);
    quiet->gl.Enable(0xDEAD);
    assert_int_equal(glhle_context_check_gl(quiet), GLHLE_RESULT_GL_ERROR);
    assert_int_equal(glhle_context_gl_error_count(quiet), 1);
    assert_true(ts_log_contains("GL_INVALID_ENUM"));
    glhle_context_destroy(quiet);
    glhle_context_destroy(ctx);
}

/* ---- packed float read-back (gl_caps on ES: 10F_11F_11F_REV through
 * RGBA/FLOAT where the driver does not read the pair, RGB9_E5 through a
 * bit copy into R32UI; GLHLE_CAPS_DISABLE=GLHLE_packed_float_read forces the
 * first on llvmpipe, gles/test_context_packed_float). The expected floats
 * come from the formats' definitions written out here (GL 4.6 2.3.4.3-4
 * and 8.5.2), not from backend/common/float_formats.c. ---- */

/* an unsigned 5.m float: 2^(e - 15) (1 + m / 2^mb), denormal below e = 1 */
static double ufloat_model(uint32_t e, uint32_t m, uint32_t mb)
{
    if (e == 31)
        return INFINITY;
    return e ? ldexp(1.0 + (double)m / (double)(1u << mb), (int)e - 15) : ldexp((double)m / (double)(1u << mb), -14);
}

#define PF_W 8
#define PF_H 4

static void packed_float_readback(void **state)
{
    (void)state;
    glhle_context_desc d = {.debug = true, .api = ts_gles() ? GLHLE_GL_API_GLES : GLHLE_GL_API_CORE};
    glhle_context *ctx = make(&d);
    const bool forced = strstr(glhle_context_host_choices(ctx), "packed_float_read=converted") != NULL;
    print_message("  %s%s\n", ts_gles() ? "OpenGL ES" : "desktop GL",
                  forced ? ", the packed float read pairs converted (GLHLE_packed_float_read)" : "");
    GladGLContext *gl = &ctx->gl;
    uint32_t w11[PF_W * PF_H], w9[PF_W * PF_H], got[PF_W * PF_H];
    float f[PF_W * PF_H * 4];
    uint32_t x = 0x1234567u; /* xorshift32 */
    for (int i = 0; i < PF_W * PF_H; i++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        /* R11F_G11F_B10F: random exponents 0..30 (finite; denormals at 0) */
        const uint32_t r = (x % 31) << 6 | (x >> 5 & 63), g = (x >> 11) % 31 << 6 | (x >> 16 & 63);
        const uint32_t b = (x >> 22) % 31 << 5 | (x >> 27 & 31);
        w11[i] = i == 0 ? 0x7C0u | 0x1Fu << 22 /* R +inf, G 0, B 30/32 * 2^-14 */ : r | g << 11 | b << 22;
        /* RGB9_E5 as encoders write it: the largest mantissa has bit 8 set */
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        w9[i] = (x & 0x1FF) | 0x100u | (x >> 9 & 0x1FF) << 9 | (x >> 18 & 0xFF) << 18 | (x >> 27) << 27;
    }
    GLuint tex[2], fbo;
    gl->GenTextures(2, tex);
    gl_pixel_store(ctx, 0, 4);
    gl->BindTexture(GL_TEXTURE_2D, tex[0]);
    gl->TexStorage2D(GL_TEXTURE_2D, 1, GL_R11F_G11F_B10F, PF_W, PF_H);
    gl->TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, PF_W, PF_H, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, w11);
    gl->BindTexture(GL_TEXTURE_2D, tex[1]);
    gl->TexStorage2D(GL_TEXTURE_2D, 1, GL_RGB9_E5, PF_W, PF_H);
    gl->TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, PF_W, PF_H, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, w9);
    gl->BindTexture(GL_TEXTURE_2D, 0);
    /* the words back as they were uploaded */
    memset(got, 0xAB, sizeof got);
    gl->GetTextureImage(tex[0], 0, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, sizeof got, got);
    for (int i = 0; i < PF_W * PF_H; i++)
        if (got[i] != w11[i])
            fail_msg("R11F_G11F_B10F texel %d read 0x%08x, uploaded 0x%08x", i, got[i], w11[i]);
    memset(got, 0xAB, sizeof got);
    gl->GetTextureImage(tex[1], 0, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, sizeof got, got);
    for (int i = 0; i < PF_W * PF_H; i++)
        if (got[i] != w9[i])
            fail_msg("RGB9_E5 texel %d read 0x%08x, uploaded 0x%08x", i, got[i], w9[i]);
    /* as floats: the formats' definitions */
    gl->GetTextureImage(tex[0], 0, GL_RGBA, GL_FLOAT, sizeof f, f);
    for (int i = 0; i < PF_W * PF_H; i++) {
        const uint32_t w = w11[i];
        const double want[4] = {ufloat_model(w >> 6 & 31, w & 63, 6), ufloat_model(w >> 17 & 31, w >> 11 & 63, 6),
                                ufloat_model(w >> 27 & 31, w >> 22 & 31, 5), 1.0};
        for (int c = 0; c < 4; c++)
            if ((double)f[4 * i + c] != want[c])
                fail_msg("R11F_G11F_B10F texel %d channel %d read %.9g, the format says %.9g", i, c, f[4 * i + c],
                         want[c]);
    }
    gl->GetTextureImage(tex[1], 0, GL_RGBA, GL_FLOAT, sizeof f, f);
    for (int i = 0; i < PF_W * PF_H; i++)
        for (int c = 0; c < 4; c++) {
            const double want = c == 3 ? 1.0 : ldexp((double)(w9[i] >> (9 * c) & 0x1FF), (int)(w9[i] >> 27) - 24);
            if ((double)f[4 * i + c] != want)
                fail_msg("RGB9_E5 texel %d channel %d read %.9g, the format says %.9g", i, c, f[4 * i + c], want);
        }
    /* glReadPixels of an R11F_G11F_B10F framebuffer (ES: EXT_color_buffer_float) */
    gl->GenFramebuffers(1, &fbo);
    gl->BindFramebuffer(GL_FRAMEBUFFER, fbo);
    gl->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
    if (gl->CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE) {
        memset(got, 0xAB, sizeof got);
        gl->ReadPixels(0, 0, PF_W, PF_H, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, got);
        for (int i = 0; i < PF_W * PF_H; i++)
            if (got[i] != w11[i])
                fail_msg("R11F_G11F_B10F framebuffer pixel %d read 0x%08x, uploaded 0x%08x", i, got[i], w11[i]);
    } else {
        print_message("  the driver does not render to R11F_G11F_B10F: its glReadPixels not checked\n");
    }
    gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->DeleteFramebuffers(1, &fbo);
    gl->DeleteTextures(2, tex);
    assert_int_equal(glhle_context_gl_error_count(ctx), 0);
    glhle_context_destroy(ctx);
}

static void shader_errors_are_readable(void **state)
{
    (void)state;
    glhle_context_desc d = {0};
    glhle_context *ctx = make(&d);
    ts_log_clear();
    GLuint sh;
    const char *src = "#version 450 core\nvoid main() {\n  undefined_thing = 1;\n}\n";
    assert_int_equal(gl_compile_shader(ctx, GL_FRAGMENT_SHADER, src, &sh), GLHLE_RESULT_SHADER_ERROR);
    assert_int_equal(sh, 0);
    assert_true(ts_log_contains("undefined_thing = 1;")); /* the offending line is quoted */
    glhle_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reports_driver_and_features),
        cmocka_unit_test(bad_descs_fail_cleanly),
        cmocka_unit_test(es_offscreen_context),
        cmocka_unit_test(two_contexts_side_by_side),
        cmocka_unit_test(gl_errors_reach_the_log_and_the_counter),
        cmocka_unit_test(shader_errors_are_readable),
        cmocka_unit_test(packed_float_readback),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
