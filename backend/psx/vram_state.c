/* The GL renderer's part of a save state (renderer.h, psx_state.c): VRAM at
 * the internal resolution and the CLUT cache, read back and written. The
 * pending batch is drawn first, and writes take the same barrier and
 * hazard bookkeeping as a 1x upload (vram.c). */
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/psx/gl_renderer.h"

void psx_gl_read_scaled(psx_renderer *r, uint16_t *out)
{
    psx_gl *g = (psx_gl *)r;
    if (gl_context_enter(g->ctx) != GLHLE_RESULT_OK) {
        memset(out, 0, sizeof(uint16_t) * (size_t)g->width * (size_t)g->height);
        return;
    }
    g->batch_hooks.flush(g);
    psx_gl_read_part(g, g->vram_fbo, (psx_rect){0, 0, g->width - 1, g->height - 1}, out, (uint32_t)g->width);
}

void psx_gl_write_scaled(psx_renderer *r, const uint16_t *in)
{
    psx_gl *g = (psx_gl *)r;
    if (gl_context_enter(g->ctx) != GLHLE_RESULT_OK)
        return;
    GladGLContext *gl = g->gl;
    const psx_rect all = {0, 0, PSX_VRAM_W - 1, PSX_VRAM_H - 1};
    g->batch_hooks.before_write(g, all);
    g->batch_hooks.flush(g);
    g->batch_hooks.barrier(g);
    g->batch_hooks.transfer_writes(g, &all, 1, false, NULL, 0);
    gl->BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    gl->PixelStorei(GL_UNPACK_ALIGNMENT, 2);
    gl->PixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    gl->BindTexture(GL_TEXTURE_2D, g->vram);
    gl->TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, g->width, g->height, GL_RED_INTEGER, GL_UNSIGNED_SHORT, in);
}

void psx_gl_read_clut(psx_renderer *r, uint16_t out[256])
{
    psx_gl *g = (psx_gl *)r;
    memset(out, 0, 256 * sizeof(uint16_t));
    if (g->clut_live) { /* the cache is still VRAM's row */
        psx_gl_read(r, g->clut_x, g->clut_y, g->clut_count, 1, out);
        return;
    }
    if (gl_context_enter(g->ctx) != GLHLE_RESULT_OK)
        return;
    g->batch_hooks.flush(g);
    psx_gl_read_part(g, g->clut_fbo, (psx_rect){0, 0, 255, 0}, out, 256);
}

void psx_gl_write_clut(psx_renderer *r, uint32_t x, uint32_t y, uint32_t count, const uint16_t in[256])
{
    psx_gl *g = (psx_gl *)r;
    if (gl_context_enter(g->ctx) != GLHLE_RESULT_OK)
        return;
    GladGLContext *gl = g->gl;
    g->batch_hooks.barrier(g); /* batched primitives read the old snapshot */
    gl->BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    gl->PixelStorei(GL_UNPACK_ALIGNMENT, 2);
    gl->PixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    gl->BindTexture(GL_TEXTURE_2D, g->clut);
    gl->TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 256, 1, GL_RED_INTEGER, GL_UNSIGNED_SHORT, in);
    g->clut_live = false; /* primitives read the snapshot, whatever VRAM holds */
    g->clut_x = x;
    g->clut_y = y;
    g->clut_count = count;
}
