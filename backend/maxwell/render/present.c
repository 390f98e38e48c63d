/* Presentation of a window surface (render_targets.h, glhle/maxwell.h):
 * the cropped surface at the internal scale becomes the frame; the source
 * is the render cache's GL image, loaded from memory when the GPU did not
 * render it. Surfaces keep guest row 0 in GL row 0; the frame keeps GL's
 * bottom-up order, so the blit into it flips unless the layer asks for a
 * flip itself, and the frame then blits upright into a window or a
 * caller's framebuffer. A multisampled surface (surface.aa_mode) is
 * resolved first by a GL blit into a single-sample image of its scaled
 * size (kept between presents), whose mean the frame shows. */
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_util.h"
#include "backend/maxwell/render/render_targets.h"

static void resolve_fini(mw_render *r)
{
    const GladGLContext *gl = &r->ctx->gl;
    mw_frame *f = &r->frame;
    gl->DeleteFramebuffers(1, &f->resolve_fbo);
    gl->DeleteTextures(1, &f->resolve_tex);
    f->resolve_fbo = f->resolve_tex = 0;
    f->resolve_width = f->resolve_height = f->resolve_format = 0;
}

static void frame_fini(mw_render *r)
{
    const GladGLContext *gl = &r->ctx->gl;
    mw_frame *f = &r->frame;
    gl->DeleteFramebuffers(1, &f->fbo);
    gl->DeleteTextures(1, &f->tex);
    f->fbo = f->tex = 0;
    f->width = f->height = 0;
    f->have = false;
}

void mw_present_fini(mw_render *r)
{
    frame_fini(r);
    resolve_fini(r);
}

/* The single-sample image a multisampled surface of w x h (scaled) in GL
 * format `internal` resolves into. */
static glhle_result ensure_resolve(mw_render *r, uint32_t w, uint32_t h, uint32_t internal)
{
    mw_frame *f = &r->frame;
    if (f->resolve_tex && f->resolve_width == w && f->resolve_height == h && f->resolve_format == internal)
        return GLHLE_RESULT_OK;
    resolve_fini(r);
    const GladGLContext *gl = &r->ctx->gl;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &f->resolve_tex);
    gl->TextureStorage2D(f->resolve_tex, 1, internal, (GLsizei)w, (GLsizei)h);
    gl->CreateFramebuffers(1, &f->resolve_fbo);
    gl->NamedFramebufferTexture(f->resolve_fbo, GL_COLOR_ATTACHMENT0, f->resolve_tex, 0);
    if (gl->CheckNamedFramebufferStatus(f->resolve_fbo, GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        resolve_fini(r);
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_GL_ERROR, "maxwell: no %ux%u resolve framebuffer", w, h);
    }
    f->resolve_width = w;
    f->resolve_height = h;
    f->resolve_format = internal;
    return GLHLE_RESULT_OK;
}

static glhle_result ensure_frame(mw_render *r, uint32_t w, uint32_t h)
{
    mw_frame *f = &r->frame;
    if (f->tex && f->width == w && f->height == h)
        return GLHLE_RESULT_OK;
    frame_fini(r);
    const GladGLContext *gl = &r->ctx->gl;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &f->tex);
    gl->TextureStorage2D(f->tex, 1, GL_RGBA8, (GLsizei)w, (GLsizei)h);
    gl->CreateFramebuffers(1, &f->fbo);
    gl->NamedFramebufferTexture(f->fbo, GL_COLOR_ATTACHMENT0, f->tex, 0);
    if (gl->CheckNamedFramebufferStatus(f->fbo, GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        frame_fini(r);
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_GL_ERROR, "maxwell: no %ux%u frame framebuffer", w, h);
    }
    f->width = w;
    f->height = h;
    return GLHLE_RESULT_OK;
}

/* The frame fitted into (x, y, w, h) of fbo, centred, keeping its aspect;
 * nearest when it lands at its own size. An incomplete framebuffer (a
 * host's surfaceless default one, say) is skipped with a warning said
 * once: the frame is still composed and readable, and no GL error is left
 * for the host, as the PICA presenter does. */
static void blit_fitted(mw_render *r, GLuint fbo, GLint x, GLint y, GLint w, GLint h)
{
    const mw_frame *f = &r->frame;
    if (w <= 0 || h <= 0)
        return;
    const GLenum status = r->ctx->gl.CheckNamedFramebufferStatus(fbo, GL_DRAW_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
        if (!r->warned_incomplete)
            GLHLE_WARN(r->io.log, "maxwell: present: framebuffer %u is not complete (status 0x%04X); the frame is "
                       "composed and readable but not drawn into it (said once)", fbo, status);
        r->warned_incomplete = true;
        return;
    }
    int64_t fw = w, fh = (int64_t)w * f->height / f->width;
    if (fh > h) {
        fh = h;
        fw = (int64_t)h * f->width / f->height;
    }
    const GLint ox = x + (GLint)((w - fw) / 2), oy = y + (GLint)((h - fh) / 2);
    const bool exact = fw == (int64_t)f->width && fh == (int64_t)f->height;
    r->ctx->gl.BlitNamedFramebuffer(f->fbo, fbo, 0, 0, (GLint)f->width, (GLint)f->height, ox, oy, ox + (GLint)fw,
                                    oy + (GLint)fh, GL_COLOR_BUFFER_BIT, exact ? GL_NEAREST : GL_LINEAR);
}

glhle_result mw_present(mw_render *r, const glhle_maxwell_present_desc *desc)
{
    const glhle_maxwell_surface *sf = &desc->surface;
    const mw_rt_format *f = mw_rt_color_format(sf->format);
    if (!f || (f->cls != MW_RT_UNORM && f->cls != MW_RT_SRGB && f->cls != MW_RT_FLOAT))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: present of GPU 0x%010llx: format 0x%02x is "
                          "not a displayable colour format", (unsigned long long)sf->va, sf->format);
    if (!sf->width || !sf->height)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_INVALID_ARGUMENT, "maxwell: present of a %ux%u surface",
                          sf->width, sf->height);
    const uint32_t cw = desc->crop_width && desc->crop_height ? desc->crop_width : sf->width;
    const uint32_t ch = desc->crop_width && desc->crop_height ? desc->crop_height : sf->height;
    const uint32_t cx = desc->crop_width && desc->crop_height ? desc->crop_x : 0;
    const uint32_t cy = desc->crop_width && desc->crop_height ? desc->crop_y : 0;
    if ((uint64_t)cx + cw > sf->width || (uint64_t)cy + ch > sf->height)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_INVALID_ARGUMENT, "maxwell: present crop %ux%u at (%u, %u) leaves "
                          "the %ux%u surface", cw, ch, cx, cy, sf->width, sf->height);
    mw_surface_desc d = {.va = sf->va, .format = f, .width = sf->width, .height = sf->height,
                         .pitch = sf->pitch, .pitch_bytes = sf->pitch_bytes,
                         .block_height_log2 = sf->block_height_log2};
    glhle_result res = mw_render_aa_block(r, sf->aa_mode, "presented", &d.sx, &d.sy, &d.places);
    if (res != GLHLE_RESULT_OK)
        return res;
    res = gl_context_enter(r->ctx);
    mw_surface *s = NULL;
    if (res == GLHLE_RESULT_OK)
        res = mw_render_get_surface(r, &d, &s);
    const uint32_t k = r->scale;
    if (res == GLHLE_RESULT_OK)
        res = ensure_frame(r, cw * k, ch * k);
    if (res != GLHLE_RESULT_OK)
        return res;
    const GladGLContext *gl = &r->ctx->gl;
    gl_state_scissor(&r->st, false, 0, 0, 0, 0);
    gl_state_color_mask(&r->st, true, true, true, true);
    /* the display shows the stored codes: an sRGB surface is not decoded */
    gl_state_raster_cap(&r->st, GL_RASTER_FRAMEBUFFER_SRGB, false);
    GLuint from = s->fbo;
    if (d.sx | d.sy) {
        /* a multisample source resolves only into a rectangle of its own
         * size and place: the whole surface, then cropped as usual */
        const uint32_t w = d.width * k, h = d.height * k;
        res = ensure_resolve(r, w, h, f->gl_internal);
        if (res != GLHLE_RESULT_OK)
            return res;
        gl->BlitNamedFramebuffer(s->fbo, r->frame.resolve_fbo, 0, 0, (GLint)w, (GLint)h, 0, 0, (GLint)w, (GLint)h,
                                 GL_COLOR_BUFFER_BIT, GL_NEAREST);
        from = r->frame.resolve_fbo;
    }
    const GLint fh = (GLint)(ch * k);
    gl->BlitNamedFramebuffer(from, r->frame.fbo, (GLint)(cx * k), (GLint)(cy * k), (GLint)((cx + cw) * k),
                             (GLint)((cy + ch) * k), 0, desc->flip_y ? 0 : fh, (GLint)(cw * k), desc->flip_y ? fh : 0,
                             GL_COLOR_BUFFER_BIT, GL_NEAREST);
    r->frame.have = true;
    if (r->ctx->mode == GLHLE_CONTEXT_WINDOW) {
        int w = 0, h = 0;
        glhle_context_drawable_size(r->ctx, &w, &h);
        const GLfloat black[4] = {0, 0, 0, 1};
        gl->ClearNamedFramebufferfv(0, GL_COLOR, 0, black);
        blit_fitted(r, 0, 0, 0, w, h);
    } else if (r->ctx->mode == GLHLE_CONTEXT_EXTERNAL) {
        const GLint w = desc->external.width ? desc->external.width : (GLint)r->frame.width;
        const GLint h = desc->external.height ? desc->external.height : (GLint)r->frame.height;
        blit_fitted(r, desc->external.fbo, desc->external.x, desc->external.y, w, h);
    }
    return GLHLE_RESULT_OK;
}

glhle_result mw_present_put(mw_render *r, const glhle_image *frame)
{
    glhle_result res = ensure_frame(r, frame->width, frame->height);
    if (res != GLHLE_RESULT_OK)
        return res;
    glhle_image up = {0};
    res = glhle_image_alloc(&up, frame->width, frame->height);
    if (res != GLHLE_RESULT_OK)
        return res;
    memcpy(up.rgba, frame->rgba, (size_t)frame->width * frame->height * 4);
    glhle_image_flip_rows(&up); /* GL's bottom-up rows */
    gl_pixel_store(r->ctx, 0, 4);
    r->ctx->gl.TextureSubImage2D(r->frame.tex, 0, 0, 0, (GLsizei)up.width, (GLsizei)up.height, GL_RGBA,
                                 GL_UNSIGNED_BYTE, up.rgba);
    glhle_image_free(&up);
    r->frame.have = true;
    return GLHLE_RESULT_OK;
}

glhle_result mw_present_read(mw_render *r, void *rgba, size_t rgba_size, uint32_t *width, uint32_t *height)
{
    if (!r->frame.have)
        return GLHLE_RESULT_NOT_FOUND;
    if (width)
        *width = r->frame.width;
    if (height)
        *height = r->frame.height;
    const size_t need = (size_t)r->frame.width * r->frame.height * 4;
    if (!rgba)
        return GLHLE_RESULT_OK;
    if (rgba_size < need)
        return GLHLE_RESULT_OUT_OF_BOUNDS;
    glhle_result res = gl_context_enter(r->ctx);
    glhle_image img = {0};
    if (res == GLHLE_RESULT_OK)
        res = gl_read_rgba(r->ctx, r->frame.fbo, 0, 0, (int)r->frame.width, (int)r->frame.height, &img);
    if (res == GLHLE_RESULT_OK)
        memcpy(rgba, img.rgba, need);
    glhle_image_free(&img);
    return res;
}
