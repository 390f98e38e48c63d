#include "backend/pica/fragment/fs_buffers.h"

#include <string.h>

glhle_result pica_fs_buffers_create(glhle_context *ctx, pica_fs_buffers *b)
{
    GladGLContext *gl = &ctx->gl;
    memset(b, 0, sizeof *b);
    gl->GenBuffers(1, &b->ubo);
    gl->BindBuffer(GL_UNIFORM_BUFFER, b->ubo);
    gl->BufferData(GL_UNIFORM_BUFFER, sizeof b->uniforms, &b->uniforms, GL_DYNAMIC_DRAW);
    gl->GenBuffers(1, &b->lut_buffer);
    gl->BindBuffer(GL_TEXTURE_BUFFER, b->lut_buffer);
    gl->BufferData(GL_TEXTURE_BUFFER, sizeof b->luts, &b->luts, GL_DYNAMIC_DRAW);
    gl->GenTextures(1, &b->lut_texture);
    gl->BindTexture(GL_TEXTURE_BUFFER, b->lut_texture);
    gl->TexBuffer(GL_TEXTURE_BUFFER, GL_R32UI, b->lut_buffer);
    gl->BindTexture(GL_TEXTURE_BUFFER, 0);
    gl->BindBuffer(GL_TEXTURE_BUFFER, 0);
    gl->BindBuffer(GL_UNIFORM_BUFFER, 0);
    if (gl->GetError() != GL_NO_ERROR) {
        pica_fs_buffers_destroy(ctx, b);
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_GL_ERROR,
                          "PICA fragment buffers: cannot create the uniform or LUT buffer; drawing is not possible");
    }
    return GLHLE_RESULT_OK;
}

void pica_fs_buffers_destroy(glhle_context *ctx, pica_fs_buffers *b)
{
    GladGLContext *gl = &ctx->gl;
    if (b->lut_texture)
        gl->DeleteTextures(1, &b->lut_texture);
    if (b->lut_buffer)
        gl->DeleteBuffers(1, &b->lut_buffer);
    if (b->ubo)
        gl->DeleteBuffers(1, &b->ubo);
    b->ubo = b->lut_buffer = b->lut_texture = 0;
}

static inline uint64_t word_at(const uint8_t *p, size_t i)
{
    uint64_t w;
    memcpy(&w, p + i, sizeof w);
    return w;
}

/* Uploads the span of [offset, offset + size) where `src` differs from the
 * shadow copy `dst`, and updates the copy. */
static void upload_changes(glhle_context *ctx, pica_fs_buffers *b, GLenum target, void *dst, const void *src,
                           size_t offset, size_t size)
{
    const uint8_t *s = (const uint8_t *)src + offset;
    uint8_t *d = (uint8_t *)dst + offset;
    /* eight bytes at a time, then bytes at the edges of the changed span:
     * a changed constant colour must not cost a byte loop over the block */
    size_t lo = 0, hi = size;
    while (lo + 8 <= size && word_at(s, lo) == word_at(d, lo))
        lo += 8;
    while (lo < size && s[lo] == d[lo])
        lo++;
    if (lo == size)
        return;
    while (hi >= lo + 8 && word_at(s, hi - 8) == word_at(d, hi - 8))
        hi -= 8;
    while (hi > lo && s[hi - 1] == d[hi - 1])
        hi--;
    memcpy(d + lo, s + lo, hi - lo);
    ctx->gl.BufferSubData(target, (GLintptr)(offset + lo), (GLsizeiptr)(hi - lo), d + lo);
    b->upload_calls++;
    b->upload_bytes += hi - lo;
}

void pica_fs_buffers_update(glhle_context *ctx, pica_fs_buffers *b, const pica_fs_uniforms *u,
                            const pica_fs_luts *luts, uint64_t dirty)
{
    GladGLContext *gl = &ctx->gl;
    if ((dirty & PICA_FS_DIRTY_UNIFORMS) && u) {
        gl->BindBuffer(GL_UNIFORM_BUFFER, b->ubo);
        upload_changes(ctx, b, GL_UNIFORM_BUFFER, &b->uniforms, u, 0, sizeof *u);
        gl->BindBuffer(GL_UNIFORM_BUFFER, 0);
    }
    if (!(dirty & (PICA_FS_DIRTY_ALL & ~PICA_FS_DIRTY_UNIFORMS)) || !luts)
        return;
    gl->BindBuffer(GL_TEXTURE_BUFFER, b->lut_buffer);
    for (unsigned n = 0; n < PICA_FS_LUT_LIGHTING_TABLES; n++)
        if (dirty & PICA_FS_DIRTY_LIGHTING_LUT(n))
            upload_changes(ctx, b, GL_TEXTURE_BUFFER, &b->luts, luts, (PICA_FS_LUT_LIGHTING + n * 256) * 4, 256 * 4);
    static const struct {
        uint64_t bit;
        unsigned offset, entries;
    } tables[] = {
        {PICA_FS_DIRTY_FOG_LUT, PICA_FS_LUT_FOG, 128},
        {PICA_FS_DIRTY_PROCTEX_NOISE, PICA_FS_LUT_PROCTEX_NOISE, 128},
        {PICA_FS_DIRTY_PROCTEX_RGB_MAP, PICA_FS_LUT_PROCTEX_RGB_MAP, 128},
        {PICA_FS_DIRTY_PROCTEX_ALPHA_MAP, PICA_FS_LUT_PROCTEX_ALPHA_MAP, 128},
        {PICA_FS_DIRTY_PROCTEX_COLOR, PICA_FS_LUT_PROCTEX_COLOR, 256},
        {PICA_FS_DIRTY_PROCTEX_DIFF, PICA_FS_LUT_PROCTEX_DIFF, 256},
    };
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
        if (dirty & tables[i].bit)
            upload_changes(ctx, b, GL_TEXTURE_BUFFER, &b->luts, luts, tables[i].offset * 4u, tables[i].entries * 4u);
    gl->BindBuffer(GL_TEXTURE_BUFFER, 0);
}

void pica_fs_buffers_bind(glhle_context *ctx, const pica_fs_buffers *b)
{
    GladGLContext *gl = &ctx->gl;
    gl->BindBufferBase(GL_UNIFORM_BUFFER, PICA_FS_UBO_BINDING, b->ubo);
    gl->ActiveTexture(GL_TEXTURE0 + PICA_FS_LUT_BINDING);
    gl->BindTexture(GL_TEXTURE_BUFFER, b->lut_texture);
}
