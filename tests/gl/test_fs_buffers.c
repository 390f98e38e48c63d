/* backend/pica/fragment/fs_buffers.c: what reaches GL (read back with
 * glGetBufferSubData) and that only changed bytes of dirty groups are sent. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/fragment/fs_buffers.h"

static void read_back(glhle_context *ctx, const pica_fs_buffers *b, pica_fs_uniforms *u, pica_fs_luts *l)
{
    GladGLContext *gl = &ctx->gl;
    gl->BindBuffer(GL_UNIFORM_BUFFER, b->ubo);
    gl->GetBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof *u, u);
    gl->BindBuffer(GL_TEXTURE_BUFFER, b->lut_buffer);
    gl->GetBufferSubData(GL_TEXTURE_BUFFER, 0, sizeof *l, l);
    gl->BindBuffer(GL_TEXTURE_BUFFER, 0);
    gl->BindBuffer(GL_UNIFORM_BUFFER, 0);
}

static void uploads_only_what_changed(void **state)
{
    glhle_context *ctx = *state;
    pica_fs_buffers *b = calloc(1, sizeof *b);
    pica_fs_uniforms *u = calloc(1, sizeof *u), *ru = calloc(1, sizeof *ru);
    pica_fs_luts *l = calloc(1, sizeof *l), *rl = calloc(1, sizeof *rl);
    assert_int_equal(pica_fs_buffers_create(ctx, b), GLHLE_RESULT_OK);

    /* everything zero, as created: nothing to send */
    pica_fs_buffers_update(ctx, b, u, l, PICA_FS_DIRTY_ALL);
    assert_int_equal(b->upload_calls, 0);

    /* one constant colour channel and one fog entry */
    u->tev_const[2][1] = 77;
    l->e[PICA_FS_LUT_FOG + 5] = 0x123456;
    l->e[PICA_FS_LUT_LIGHTING + 3 * 256 + 9] = 0xABCDEF; /* not marked dirty: stays */
    pica_fs_buffers_update(ctx, b, u, l, PICA_FS_DIRTY_UNIFORMS | PICA_FS_DIRTY_FOG_LUT);
    assert_int_equal(b->upload_calls, 2);
    assert_int_equal(b->upload_bytes, 1 + 3); /* the changed bytes: 77 and 0x56 0x34 0x12 */
    read_back(ctx, b, ru, rl);
    assert_int_equal(ru->tev_const[2][1], 77);
    assert_int_equal(rl->e[PICA_FS_LUT_FOG + 5], 0x123456);
    assert_int_equal(rl->e[PICA_FS_LUT_LIGHTING + 3 * 256 + 9], 0);

    /* the lighting table marked dirty goes; rewriting equal data sends nothing */
    pica_fs_buffers_update(ctx, b, u, l, PICA_FS_DIRTY_LIGHTING_LUT(3));
    assert_int_equal(b->upload_calls, 3);
    pica_fs_buffers_update(ctx, b, u, l, PICA_FS_DIRTY_ALL);
    assert_int_equal(b->upload_calls, 3);
    read_back(ctx, b, ru, rl);
    assert_memory_equal(ru, u, sizeof *u);
    assert_memory_equal(rl, l, sizeof *l);

    /* a whole proctex colour table: one call spanning first to last change */
    for (int i = 0; i < 256; i++)
        l->e[PICA_FS_LUT_PROCTEX_COLOR + i] = 0xFFFFFFFFu - (uint32_t)i; /* first and last byte change */
    pica_fs_buffers_update(ctx, b, u, l, PICA_FS_DIRTY_PROCTEX_COLOR);
    assert_int_equal(b->upload_calls, 4);
    assert_int_equal(b->upload_bytes, 4 + 3 + 1024); /* 3: the lighting entry sent above */
    read_back(ctx, b, ru, rl);
    assert_memory_equal(rl, l, sizeof *l);

    pica_fs_buffers_bind(ctx, b);
    GLint bound = 0;
    ctx->gl.GetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, PICA_FS_UBO_BINDING, &bound);
    assert_int_equal((GLuint)bound, b->ubo);
    ctx->gl.ActiveTexture(GL_TEXTURE0);
    pica_fs_buffers_destroy(ctx, b);
    assert_int_equal(b->ubo, 0);
    free(b);
    free(u);
    free(ru);
    free(l);
    free(rl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(uploads_only_what_changed),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
