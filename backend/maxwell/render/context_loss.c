/* Context loss for the Maxwell renderer (glhle.h, glhle_context_lost): as
 * the PICA does it, every render target is written back to guest memory and
 * read back at its internal resolution before the old context goes, so an
 * upscaled picture the game does not draw again survives; the last frame
 * is kept for glhle_maxwell_read_frame. Textures, samplers and the draw
 * path's programs and buffers are only deleted: they come back from guest
 * memory and the translation caches as they are next used. */
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_util.h"
#include "backend/maxwell/render/compute.h"
#include "backend/maxwell/render/images.h"
#include "backend/maxwell/render/render_targets.h"

/* Bytes of one surface's GL image at the internal scale, as the
 * transfers' gl_format/gl_type lay it out (format->bytes a pixel). */
static size_t scaled_bytes(const mw_render *r, const mw_surface *s)
{
    return (size_t)s->d.width * r->scale * s->d.height * r->scale * s->d.format->bytes * (s->d.depth ? s->d.depth : 1);
}

static void free_kept(mw_render *r)
{
    for (uint32_t i = 0; i < r->lost.count; i++)
        free(r->lost.pixels[i]);
    free(r->lost.frame.rgba);
    memset(&r->lost, 0, sizeof r->lost);
}

glhle_result mw_render_lose(mw_render *r)
{
    free_kept(r);
    glhle_result res = gl_context_enter(r->ctx);
    if (res != GLHLE_RESULT_OK)
        return res;
    /* the guest sees what was rendered, whatever happens to the copies */
    res = mw_render_flush(r, 0, UINT64_MAX);
    gl_pixel_store(r->ctx, 0, 1);
    const GladGLContext *gl = &r->ctx->gl;
    bool kept_all = true;
    for (uint32_t i = 0; i < r->count; i++) {
        const mw_surface *s = &r->surf[i];
        if (s->d.sx | s->d.sy)
            continue; /* a multisample image has no readback: it comes back from guest memory (flushed above) */
        const size_t n = scaled_bytes(r, s);
        uint8_t *p = malloc(n);
        if (!p) {
            kept_all = false;
            continue;
        }
        gl->GetTextureImage(s->tex, 0, s->d.format->gl_format, s->d.format->gl_type, (GLsizei)n, p);
        r->lost.desc[r->lost.count] = s->d;
        r->lost.pixels[r->lost.count++] = p;
    }
    if (!kept_all)
        GLHLE_WARN(r->io.log, "maxwell: context loss: no memory to keep every render target; those not kept come "
                   "back from guest memory at native resolution");
    if (r->frame.have && mw_present_read(r, NULL, 0, &r->lost.frame.width, &r->lost.frame.height) ==
                             GLHLE_RESULT_OK) {
        glhle_image *f = &r->lost.frame;
        if (glhle_image_alloc(f, f->width, f->height) != GLHLE_RESULT_OK ||
            mw_present_read(r, f->rgba, (size_t)f->width * f->height * 4, NULL, NULL) != GLHLE_RESULT_OK) {
            glhle_image_free(f);
            GLHLE_WARN(r->io.log, "maxwell: context loss: the last frame could not be kept");
        }
    }
    for (uint32_t i = 0; i < r->count; i++) {
        gl->DeleteFramebuffers(1, &r->surf[i].fbo);
        gl->DeleteTextures(1, &r->surf[i].tex);
    }
    r->count = 0;
    r->generation++;
    mw_present_fini(r);
    mw_textures_fini(r);
    mw_msaa_fini(r);
    mw_twod_fini(r);
    mw_dma_gpu_fini(r);
    mw_draw_fini(r);
    mw_compute_fini(r);
    mw_images_fini(r);
    mw_query_lose(r);
    r->gl_lost = true;
    return res;
}

glhle_result mw_render_restore(mw_render *r)
{
    glhle_result res = gl_context_enter(r->ctx);
    if (res != GLHLE_RESULT_OK) {
        free_kept(r);
        return res;
    }
    gl_state_init(&r->st, r->ctx);
    r->gl_lost = false;
    const GladGLContext *gl = &r->ctx->gl;
    gl_pixel_store(r->ctx, 0, 1);
    for (uint32_t i = 0; i < r->lost.count && res == GLHLE_RESULT_OK; i++) {
        /* made and loaded from guest memory (written back at the loss, so
         * the native picture), then given the kept scaled pixels */
        mw_surface *s;
        res = mw_render_get_surface(r, &r->lost.desc[i], &s);
        if (res == GLHLE_RESULT_OK && s->d.depth)
            gl->TextureSubImage3D(s->tex, 0, 0, 0, 0, (GLsizei)(s->d.width * r->scale),
                                  (GLsizei)(s->d.height * r->scale), (GLsizei)s->d.depth, s->d.format->gl_format,
                                  s->d.format->gl_type, r->lost.pixels[i]);
        else if (res == GLHLE_RESULT_OK)
            gl->TextureSubImage2D(s->tex, 0, 0, 0, (GLsizei)(s->d.width * r->scale),
                                  (GLsizei)(s->d.height * r->scale), s->d.format->gl_format, s->d.format->gl_type,
                                  r->lost.pixels[i]);
    }
    if (res == GLHLE_RESULT_OK && r->lost.frame.rgba)
        res = mw_present_put(r, &r->lost.frame);
    free_kept(r);
    return res;
}

void mw_render_lost_free(mw_render *r)
{
    free_kept(r);
}
