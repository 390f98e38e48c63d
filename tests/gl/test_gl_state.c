/* backend/gl/gl_state.c: redundant calls are skipped, real state matches */
#include "support/test_support.h"

#include "backend/gl/gl_state.h"
#include "backend/gl/gl_util.h"

static GLint get_int(glhle_context *ctx, GLenum e)
{
    GLint v = 0;
    ctx->gl.GetIntegerv(e, &v);
    return v;
}

static void skips_redundant_calls(void **state)
{
    glhle_context *ctx = *state;
    gl_state st;
    gl_state_init(&st, ctx);
    gl_state_viewport(&st, 1, 2, 30, 40);
    gl_state_depth(&st, true, GL_GEQUAL, false);
    gl_blend b = {1, GL_FUNC_ADD, GL_MAX, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ZERO};
    gl_state_blend(&st, &b);
    uint64_t issued = st.issued;
    assert_int_equal(issued, 1 + 3 + 3);
    /* the same values again: nothing reaches the GL */
    gl_state_viewport(&st, 1, 2, 30, 40);
    gl_state_depth(&st, true, GL_GEQUAL, false);
    gl_state_blend(&st, &b);
    assert_int_equal(st.issued, issued);
    assert_int_equal(st.skipped, 7);
    /* the GL really holds what the shadow says */
    GLint vp[4];
    ctx->gl.GetIntegerv(GL_VIEWPORT, vp);
    assert_int_equal(vp[0], 1);
    assert_int_equal(vp[3], 40);
    assert_int_equal(get_int(ctx, GL_DEPTH_FUNC), GL_GEQUAL);
    assert_int_equal(get_int(ctx, GL_BLEND_EQUATION_ALPHA), GL_MAX);
    assert_int_equal(get_int(ctx, GL_BLEND_DST_RGB), GL_ONE_MINUS_SRC_ALPHA);
    GLboolean dm = 1;
    ctx->gl.GetBooleanv(GL_DEPTH_WRITEMASK, &dm);
    assert_false(dm);
    /* one changed field issues exactly the calls it needs */
    b.dst_alpha = GL_ONE;
    gl_state_blend(&st, &b);
    assert_int_equal(st.issued, issued + 1);
    assert_int_equal(get_int(ctx, GL_BLEND_DST_ALPHA), GL_ONE);
}

static void invalidate_reissues_after_foreign_changes(void **state)
{
    glhle_context *ctx = *state;
    gl_state st;
    gl_state_init(&st, ctx);
    gl_target t; /* stencil queries clamp the reference to the bound buffer's stencil bits */
    assert_int_equal(gl_target_create(ctx, 8, 8, true, &t), GLHLE_RESULT_OK);
    gl_state_framebuffer(&st, t.fbo);
    gl_stencil s = {1, GL_EQUAL, 3, 0xFF, 0x0F, GL_KEEP, GL_INCR, GL_REPLACE};
    gl_state_stencil(&st, &s);
    gl_state_color_mask(&st, true, false, true, false);
    gl_state_logic_op(&st, true, GL_XOR);
    /* foreign code changes the GL behind the tracker's back */
    ctx->gl.StencilFunc(GL_ALWAYS, 0, 0);
    ctx->gl.ColorMask(1, 1, 1, 1);
    ctx->gl.Disable(GL_COLOR_LOGIC_OP);
    gl_state_invalidate(&st);
    uint64_t before = st.issued;
    gl_state_stencil(&st, &s);
    gl_state_color_mask(&st, true, false, true, false);
    gl_state_logic_op(&st, true, GL_XOR);
    assert_int_equal(st.issued - before, 4 + 1 + 2);
    assert_int_equal(get_int(ctx, GL_STENCIL_FUNC), GL_EQUAL);
    assert_int_equal(get_int(ctx, GL_STENCIL_REF), 3);
    assert_int_equal(get_int(ctx, GL_STENCIL_WRITEMASK), 0x0F);
    assert_int_equal(get_int(ctx, GL_STENCIL_PASS_DEPTH_FAIL), GL_INCR);
    GLboolean cm[4];
    ctx->gl.GetBooleanv(GL_COLOR_WRITEMASK, cm);
    assert_true(cm[0] && !cm[1] && cm[2] && !cm[3]);
    if (!ts_gles()) {
        assert_true(ctx->gl.IsEnabled(GL_COLOR_LOGIC_OP));
        assert_int_equal(get_int(ctx, GL_LOGIC_OP_MODE), GL_XOR);
    } else { /* gl_caps drops the enable: the systems apply logic ops in their shaders */
        print_message("  on OpenGL ES: GL_COLOR_LOGIC_OP and GL_LOGIC_OP_MODE not checked (ES has no glLogicOp)\n");
    }
    gl_state_logic_op(&st, false, GL_XOR);
    gl_state_color_mask(&st, true, true, true, true);
    s.enable = 0;
    s.write_mask = 0xFF;
    gl_state_stencil(&st, &s);
    gl_state_framebuffer(&st, 0);
    gl_target_destroy(ctx, &t);
}

static void textures_samplers_buffers(void **state)
{
    glhle_context *ctx = *state;
    GladGLContext *gl = &ctx->gl;
    gl_state st;
    gl_state_init(&st, ctx);
    GLuint tex[2], smp, ubo;
    gl->GenTextures(2, tex);
    gl->BindTexture(GL_TEXTURE_2D, tex[0]);
    gl->TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
    gl->BindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
    gl->TexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 4, 4);
    gl->BindTexture(GL_TEXTURE_CUBE_MAP, 0);
    gl->BindTexture(GL_TEXTURE_2D, 0);
    gl->GenSamplers(1, &smp);
    gl->GenBuffers(1, &ubo);
    gl->BindBuffer(GL_UNIFORM_BUFFER, ubo);
    gl->BufferData(GL_UNIFORM_BUFFER, 1024, NULL, GL_DYNAMIC_DRAW);
    gl->BindBuffer(GL_UNIFORM_BUFFER, 0);

    gl_state_texture(&st, 3, GL_TEXTURE_2D, tex[0]);
    gl_state_sampler(&st, 3, smp);
    gl_state_uniform_buffer(&st, 1, ubo, 256, 512);
    uint64_t issued = st.issued;
    gl_state_texture(&st, 3, GL_TEXTURE_2D, tex[0]);
    gl_state_sampler(&st, 3, smp);
    gl_state_uniform_buffer(&st, 1, ubo, 256, 512);
    assert_int_equal(st.issued, issued);
    gl->ActiveTexture(GL_TEXTURE3);
    assert_int_equal(get_int(ctx, GL_TEXTURE_BINDING_2D), (GLint)tex[0]);
    assert_int_equal(get_int(ctx, GL_SAMPLER_BINDING), (GLint)smp);
    /* switching the unit to a cube map leaves no 2D texture behind on it */
    gl_state_texture(&st, 3, GL_TEXTURE_CUBE_MAP, tex[1]);
    gl->ActiveTexture(GL_TEXTURE3);
    assert_int_equal(get_int(ctx, GL_TEXTURE_BINDING_2D), 0);
    assert_int_equal(get_int(ctx, GL_TEXTURE_BINDING_CUBE_MAP), (GLint)tex[1]);
    GLint64 off = 0;
    gl->GetInteger64i_v(GL_UNIFORM_BUFFER_START, 1, &off);
    assert_int_equal(off, 256);
    /* someone binds unit 3 with GL calls of its own and says so: the next
     * bind of what the shadow had there is issued, not skipped */
    gl->ActiveTexture(GL_TEXTURE3);
    gl->BindTexture(GL_TEXTURE_CUBE_MAP, 0);
    gl->BindTexture(GL_TEXTURE_2D, tex[0]);
    gl->BindSampler(3, 0);
    gl_state_forget_texture_unit(&st, 3);
    gl_state_forget_texture_unit(&st, 99); /* out of range: ignored */
    issued = st.issued;
    gl_state_texture(&st, 3, GL_TEXTURE_CUBE_MAP, tex[1]);
    gl_state_sampler(&st, 3, smp);
    assert_int_equal(st.issued, issued + 2);
    gl->ActiveTexture(GL_TEXTURE3);
    assert_int_equal(get_int(ctx, GL_TEXTURE_BINDING_CUBE_MAP), (GLint)tex[1]);
    assert_int_equal(get_int(ctx, GL_SAMPLER_BINDING), (GLint)smp);
    gl->BindTexture(GL_TEXTURE_2D, 0);
    gl_state_texture(&st, 99, GL_TEXTURE_2D, tex[0]); /* out of range: ignored */
    gl_state_texture(&st, 3, 0, 0);
    gl_state_sampler(&st, 3, 0);
    gl->DeleteTextures(2, tex);
    gl->DeleteSamplers(1, &smp);
    gl->DeleteBuffers(1, &ubo);
    gl->ActiveTexture(GL_TEXTURE0);
}

/* The indexed viewports, depth ranges and scissors (gl_raster viewports,
 * depth_ranges, scissors): a repeat is skipped, one changed index issues
 * one call, glViewport and glScissor through the shadow count for every
 * index, scissor 0 and glScissor's shadow are one, and the GL holds what
 * the shadow says (glGet*i_v). */
static void indexed_viewports_issue_changes(void **state)
{
    glhle_context *ctx = *state;
    if (ctx->info.gles) {
        print_message("SKIP on OpenGL ES: no viewport arrays (the draw path uses index 0 only there)\n");
        skip();
    }
    const GladGLContext *gl = &ctx->gl;
    gl_state st;
    gl_state_init(&st, ctx);
    const float v5[4] = {3, 4, 50, 60};
    const GLint s5[4] = {5, 6, 7, 8};
    gl_state_viewport_indexed(&st, 5, v5);
    gl_state_depth_range_indexed(&st, 5, 0.25, 0.75);
    gl_state_scissor_indexed(&st, 5, s5);
    uint64_t issued = st.issued;
    assert_int_equal(issued, 3);
    gl_state_viewport_indexed(&st, 5, v5);
    gl_state_depth_range_indexed(&st, 5, 0.25, 0.75);
    gl_state_scissor_indexed(&st, 5, s5);
    gl_state_viewport_indexed(&st, GL_STATE_VIEWPORTS, v5); /* past the shadow: ignored */
    assert_int_equal(st.issued, issued);
    assert_int_equal(st.skipped, 3);
    GLfloat f[4];
    GLdouble d[2];
    GLint i4[4];
    gl->GetFloati_v(GL_VIEWPORT, 5, f);
    assert_memory_equal(f, v5, sizeof f);
    gl->GetDoublei_v(GL_DEPTH_RANGE, 5, d);
    assert_true(d[0] == 0.25 && d[1] == 0.75);
    gl->GetIntegeri_v(GL_SCISSOR_BOX, 5, i4);
    assert_memory_equal(i4, s5, sizeof i4);
    /* one changed index, one call */
    const float v5b[4] = {3, 4, 51, 60};
    gl_state_viewport_indexed(&st, 5, v5b);
    assert_int_equal(st.issued, issued + 1);
    gl->GetFloati_v(GL_VIEWPORT, 5, f);
    assert_true(f[2] == 51);
    /* glViewport and glScissor set every index: the indexed shadows know */
    gl_state_viewport(&st, 1, 2, 30, 40);
    gl_state_scissor(&st, true, 9, 10, 11, 12);
    issued = st.issued;
    const float all[4] = {1, 2, 30, 40};
    const GLint sall[4] = {9, 10, 11, 12};
    gl_state_viewport_indexed(&st, 5, all);
    gl_state_scissor_indexed(&st, 9, sall);
    assert_int_equal(st.issued, issued);
    gl->GetFloati_v(GL_VIEWPORT, 5, f);
    assert_memory_equal(f, all, sizeof f);
    gl->GetIntegeri_v(GL_SCISSOR_BOX, 9, i4);
    assert_memory_equal(i4, sall, sizeof i4);
    /* scissor 0 is glScissor's: set by index, glScissor of it is skipped */
    const GLint s0[4] = {13, 14, 15, 16};
    gl_state_scissor_indexed(&st, 0, s0);
    assert_int_equal(st.issued, issued + 1);
    gl_state_scissor(&st, true, 13, 14, 15, 16);
    assert_int_equal(st.issued, issued + 1);
    /* viewport 0 by index: glViewport's shadow no longer holds, so it is issued */
    const float v0[4] = {0, 0, 8, 8};
    gl_state_viewport_indexed(&st, 0, v0);
    gl_state_viewport(&st, 1, 2, 30, 40);
    assert_int_equal(st.issued, issued + 3);
    gl->GetFloati_v(GL_VIEWPORT, 0, f);
    assert_memory_equal(f, all, sizeof f);
    /* forgotten: issued again */
    gl_state_invalidate(&st);
    gl_state_viewport_indexed(&st, 5, all);
    gl_state_depth_range_indexed(&st, 5, 0.25, 0.75);
    assert_int_equal(st.issued, issued + 5);
    gl_state_viewport(&st, 0, 0, 1, 1);
    gl_state_scissor(&st, false, 0, 0, 0, 0);
    gl_state_depth_range_indexed(&st, 5, 0, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(skips_redundant_calls),
        TS_GL_TEST(invalidate_reissues_after_foreign_changes),
        TS_GL_TEST(textures_samplers_buffers),
        TS_GL_TEST(indexed_viewports_issue_changes),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
