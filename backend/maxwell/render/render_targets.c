/* Render targets and clears on GL (render_targets.h). A surface is a GL
 * image `scale` times the guest surface's size; guest memory is the truth
 * until the GPU renders, then the image is until it is written back.
 *
 * Clears follow clb197.h CLEAR_SURFACE and SET_CLEAR_SURFACE_CONTROL; where
 * the header is silent this follows Ryujinx (Ryujinx.Graphics.Gpu
 * Engine/Threed/ThreedClass.cs Clear): MRT_SELECT names the colour target
 * itself, not a shader output through SET_CT_SELECT; the cleared area is
 * the surface clip (SET_SURFACE_CLIP, the screen scissor) and, when
 * USE_SCISSOR0 is set and scissor 0 is enabled, scissor 0;
 * RESPECT_STENCIL_MASK applies the front stencil write mask; SET_CT_WRITE
 * does not mask a clear (yuzu's and Ryujinx's clears use CLEAR_SURFACE's
 * R-A bits alone). From the header alone: USE_CLEAR_RECT limits the area to
 * SET_CLEAR_RECT, USE_VIEWPORT_CLIP0 to viewport 0's clip rectangle.
 * Integer targets take the clear value registers' bits as integers (NVN's
 * and deko3d's integer clears write them so). sRGB targets encode the
 * clear colour when SET_SRGB_WRITE is on. */
#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_util.h"
#include "backend/maxwell/render/compute.h"
#include "backend/maxwell/render/images.h"
#include "backend/maxwell/render/render_targets.h"

#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/frontend/regs_3d.h"
#include "backend/maxwell/memory/block_linear.h"

#define CONTROL_RESPECT_STENCIL_MASK (1u << 0)
#define CONTROL_USE_CLEAR_RECT (1u << 4)
#define CONTROL_USE_SCISSOR0 (1u << 8)
#define CONTROL_USE_VIEWPORT_CLIP0 (1u << 12)

glhle_result mw_render_init(mw_render *r, glhle_context *ctx, uint32_t scale, const mw_mem_io *io)
{
    memset(r, 0, sizeof *r);
    if (scale < 1 || scale > MW_RENDER_MAX_SCALE)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_INVALID_ARGUMENT, "maxwell: internal scale %u is not 1-%u", scale,
                          MW_RENDER_MAX_SCALE);
    r->ctx = ctx;
    r->scale = scale;
    r->io = *io;
    gl_state_init(&r->st, ctx);
    return GLHLE_RESULT_OK;
}

static void surface_free(mw_render *r, mw_surface *s)
{
    const GladGLContext *gl = &r->ctx->gl;
    r->generation++;
    mw_draw_forget_texture(r, s->tex);
    gl->DeleteFramebuffers(1, &s->fbo);
    gl->DeleteTextures(1, &s->tex);
    memset(s, 0, sizeof *s);
}

void mw_render_fini(mw_render *r)
{
    if (!r->ctx)
        return;
    free(r->shader.cache_dir);
    free(r->shader.cache_title);
    r->shader.cache_dir = r->shader.cache_title = NULL;
    mw_render_lost_free(r);
    if (r->gl_lost) { /* lost and never restored: the names went with the old context */
        mw_compute_fini(r);
        mw_images_fini(r);
        mw_query_fini(r);
        mw_msaa_fini(r);
        mw_twod_fini(r);
        mw_dma_gpu_fini(r);
        mw_i2m_gpu_fini(r);
        free(r->staging);
        r->staging = NULL;
        return;
    }
    gl_context_enter(r->ctx);
    for (uint32_t i = 0; i < r->count; i++)
        surface_free(r, &r->surf[i]);
    r->count = 0;
    mw_present_fini(r);
    mw_textures_fini(r);
    mw_msaa_fini(r);
    mw_twod_fini(r);
    mw_dma_gpu_fini(r);
    mw_i2m_gpu_fini(r);
    mw_draw_fini(r);
    mw_compute_fini(r);
    mw_images_fini(r);
    mw_query_fini(r);
    free(r->staging);
    r->staging = NULL;
}

/* ---- layout ---- */

/* Memory holds a multisampled surface as a (W << sx) x (H << sy) image
 * (docs/maxwell-memory.md): its rows and height here are those. */
static uint32_t mem_width(const mw_surface_desc *d) { return d->width << d->sx; }
static uint32_t mem_height(const mw_surface_desc *d) { return d->height << d->sy; }

static glhle_result surface_geom(const mw_render *r, const mw_surface_desc *d, mw_bl_geom *g, uint64_t *size)
{
    if (d->sx | d->sy) {
        if (d->pitch) /* named before a surface is made: the GL image is never created */
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: multisampled %s target at GPU 0x%010llx "
                              "(%u samples): pitch-layout multisampled targets are not supported", d->format->name,
                              (unsigned long long)d->va, 1u << (d->sx + d->sy));
        if (d->format->cls == MW_RT_SNORM || d->format->cls == MW_RT_SRGB)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: multisampled %s target at GPU "
                              "0x%010llx: %s formats are not multisampled yet (their samples would not come back "
                              "from GL bit-exact)", d->format->name, (unsigned long long)d->va,
                              d->format->cls == MW_RT_SNORM ? "snorm" : "sRGB");
        if ((uint64_t)d->width << d->sx > 0xFFFFFFFFu || (uint64_t)d->height << d->sy > 0xFFFFFFFFu)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: multisampled target %ux%u is too large",
                              d->width, d->height);
    }
    const uint64_t row = (uint64_t)mem_width(d) * d->format->bytes;
    const uint32_t height = mem_height(d);
    if (d->pitch) {
        if (d->pitch_bytes < row)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: pitch target at GPU 0x%010llx: pitch %u "
                              "bytes is less than a %u-pixel row of %s", (unsigned long long)d->va, d->pitch_bytes,
                              d->width, d->format->name);
        *size = (uint64_t)d->pitch_bytes * (height - 1) + row;
    } else if (d->array_pitch) {
        /* g: one layer's geometry; the layers follow array_pitch apart */
        glhle_result res = mw_bl_geom_init(g, (uint32_t)row, height, 1, d->block_height_log2, 0, r->io.log);
        if (res != GLHLE_RESULT_OK)
            return res;
        if (d->array_pitch < g->size)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: %s array target at GPU 0x%010llx: layers "
                              "%llu bytes apart, closer than a layer's %llu", d->format->name,
                              (unsigned long long)d->va, (unsigned long long)d->array_pitch,
                              (unsigned long long)g->size);
        *size = d->array_pitch * (d->depth - 1) + g->size; /* pitch < 2^34, depth < 2^28 */
    } else {
        glhle_result res = mw_bl_geom_init(g, (uint32_t)row, height, d->depth ? d->depth : 1, d->block_height_log2,
                                           d->depth ? d->block_depth_log2 : 0, r->io.log);
        if (res != GLHLE_RESULT_OK)
            return res;
        *size = g->size;
    }
    if (*size > MW_ENGINE_MAX_BYTES)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: %s surface at GPU 0x%010llx spans %llu "
                          "bytes, more than %u", d->format->name, (unsigned long long)d->va,
                          (unsigned long long)*size, MW_ENGINE_MAX_BYTES);
    if (d->va + *size > (1ull << 40))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: %s surface at GPU 0x%010llx runs past the "
                          "40-bit address space", d->format->name, (unsigned long long)d->va);
    return GLHLE_RESULT_OK;
}

/* Guest bytes (the tiled span) followed by the linear pixels, in one
 * buffer kept between calls. */
static uint8_t *staging(mw_render *r, size_t size)
{
    if (size > r->staging_size) {
        uint8_t *p = realloc(r->staging, size);
        if (!p)
            return NULL;
        r->staging = p;
        r->staging_size = size;
    }
    return r->staging;
}

/* S8Z24 keeps stencil in bits 31:24; GL's GL_UNSIGNED_INT_24_8 in 7:0. */
static void rotate_words(uint8_t *p, size_t n, bool to_gl)
{
    for (size_t i = 0; i + 4 <= n; i += 4) {
        uint32_t w;
        memcpy(&w, p + i, 4);
        w = to_gl ? (w << 8) | (w >> 24) : (w >> 8) | (w << 24);
        memcpy(p + i, &w, 4);
    }
}

static GLbitfield blit_bits(const mw_rt_format *f)
{
    return f->cls == MW_RT_DEPTH ? GL_DEPTH_BUFFER_BIT
           : f->cls == MW_RT_DEPTH_STENCIL ? GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT
                                             : GL_COLOR_BUFFER_BIT;
}

static GLenum attachment(const mw_rt_format *f)
{
    return f->cls == MW_RT_DEPTH ? GL_DEPTH_ATTACHMENT
           : f->cls == MW_RT_DEPTH_STENCIL ? GL_DEPTH_STENCIL_ATTACHMENT
                                             : GL_COLOR_ATTACHMENT0;
}

/* A native-size image and framebuffer for scaling on the way in and out. */
static bool native_image(mw_render *r, const mw_surface_desc *d, GLuint *tex, GLuint *fbo)
{
    const GladGLContext *gl = &r->ctx->gl;
    gl->CreateTextures(GL_TEXTURE_2D, 1, tex);
    gl->TextureStorage2D(*tex, 1, d->format->gl_internal, (GLsizei)d->width, (GLsizei)d->height);
    gl->CreateFramebuffers(1, fbo);
    gl->NamedFramebufferTexture(*fbo, attachment(d->format), *tex, 0);
    return gl->CheckNamedFramebufferStatus(*fbo, GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
}

/* Blits between the surface and a native image; nearest sampling, so going
 * down a native pixel takes the scaled pixel whose centre lies at or right
 * of and below its centre (x * scale + scale / 2). */
void mw_render_blit(mw_render *r, GLuint src, GLuint dst, uint32_t sw, uint32_t sh, uint32_t dw, uint32_t dh,
                 const mw_rt_format *f)
{
    gl_state_scissor(&r->st, false, 0, 0, 0, 0);
    gl_state_color_mask(&r->st, true, true, true, true);
    gl_state_depth(&r->st, false, GL_ALWAYS, true);
    gl_state_raster_cap(&r->st, GL_RASTER_FRAMEBUFFER_SRGB, false); /* the stored codes, not decoded */
    gl_stencil s = {.enable = 0, .func = GL_ALWAYS, .ref = 0, .func_mask = 0xFF, .write_mask = 0xFF,
                    .sfail = GL_KEEP, .dpfail = GL_KEEP, .dppass = GL_KEEP};
    gl_state_stencil(&r->st, &s);
    r->ctx->gl.BlitNamedFramebuffer(src, dst, 0, 0, (GLint)sw, (GLint)sh, 0, 0, (GLint)dw, (GLint)dh, blit_bits(f),
                                    GL_NEAREST);
}

/* Images for scaling a surface whose codes a blit would convert: GL's
 * blit of a signed normalized format converts through float, where
 * -2^(b-1) and -(2^(b-1) - 1) are both -1.0 (GL 4.6 / ES 3.2 section
 * 2.3.5, signed normalized fixed point), so 0x80 came back from a scaled
 * surface as 0x81 (llvmpipe); a float format's blit may convert too (GL
 * allows it), and llvmpipe's half-float blit quiets signalling NaNs, also
 * in pixels nothing drew. The integer format of the same texel size,
 * blitted nearest, keeps every code, and glCopyImageSubData moves the
 * bits between the two formats (one view class, table 8.22). A native and
 * a scaled integer image, with their framebuffers; all 0 for other
 * formats. */
typedef struct bits_scaler {
    GLuint native, native_fbo, scaled, scaled_fbo;
} bits_scaler;

/* The integer format bits_scaler scales f through; 0 for a format whose
 * blit keeps its codes. */
static GLenum bits_format(const mw_rt_format *f)
{
    int bits;
    if (f->cls == MW_RT_SNORM)
        return gl_caps_snorm_as_int(f->gl_internal, &bits);
    if (f->cls != MW_RT_FLOAT)
        return 0;
    switch (f->gl_internal) {
    case GL_RGBA32F: return GL_RGBA32UI;
    case GL_RG32F: return GL_RG32UI;
    case GL_R32F: return GL_R32UI;
    case GL_RGBA16F: return GL_RGBA16UI;
    case GL_RG16F: return GL_RG16UI;
    case GL_R16F: return GL_R16UI;
    case GL_R11F_G11F_B10F: return GL_R32UI;
    default: return 0;
    }
}

static void bits_scaler_free(mw_render *r, bits_scaler *q)
{
    const GladGLContext *gl = &r->ctx->gl;
    gl->DeleteFramebuffers(1, &q->native_fbo); /* 0 is ignored */
    gl->DeleteFramebuffers(1, &q->scaled_fbo);
    gl->DeleteTextures(1, &q->native);
    gl->DeleteTextures(1, &q->scaled);
}

static bool bits_scaler_init(mw_render *r, const mw_surface_desc *d, bits_scaler *q)
{
    memset(q, 0, sizeof *q);
    const GLenum f = bits_format(d->format);
    if (!f)
        return true;
    const GladGLContext *gl = &r->ctx->gl;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &q->native);
    gl->TextureStorage2D(q->native, 1, f, (GLsizei)d->width, (GLsizei)d->height);
    gl->CreateTextures(GL_TEXTURE_2D, 1, &q->scaled);
    gl->TextureStorage2D(q->scaled, 1, f, (GLsizei)(d->width * r->scale), (GLsizei)(d->height * r->scale));
    gl->CreateFramebuffers(1, &q->native_fbo);
    gl->NamedFramebufferTexture(q->native_fbo, GL_COLOR_ATTACHMENT0, q->native, 0);
    gl->CreateFramebuffers(1, &q->scaled_fbo);
    gl->NamedFramebufferTexture(q->scaled_fbo, GL_COLOR_ATTACHMENT0, q->scaled, 0);
    if (gl->CheckNamedFramebufferStatus(q->native_fbo, GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE &&
        gl->CheckNamedFramebufferStatus(q->scaled_fbo, GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE)
        return true;
    bits_scaler_free(r, q);
    return false;
}

/* Slice z of the surface from the native image `tex` (fbo) (up) or into
 * it: a blit, or for a format bits_format names the integer images' way. */
static void scale_slice(mw_render *r, mw_surface *s, const bits_scaler *q, GLuint tex, GLuint fbo, uint32_t z,
                        bool up)
{
    const mw_surface_desc *d = &s->d;
    const uint32_t sw = d->width * r->scale, sh = d->height * r->scale;
    if (!q->native) {
        if (up)
            mw_render_blit(r, fbo, d->depth ? mw_render_slice_fbo(r, s, z) : s->fbo, d->width, d->height, sw, sh,
                           d->format);
        else
            mw_render_blit(r, d->depth ? mw_render_slice_fbo(r, s, z) : s->fbo, fbo, sw, sh, d->width, d->height,
                           d->format);
        return;
    }
    const GladGLContext *gl = &r->ctx->gl;
    const GLenum target = d->depth ? GL_TEXTURE_3D : GL_TEXTURE_2D;
    const GLsizei w = (GLsizei)d->width, h = (GLsizei)d->height;
    if (up) {
        gl->CopyImageSubData(tex, GL_TEXTURE_2D, 0, 0, 0, 0, q->native, GL_TEXTURE_2D, 0, 0, 0, 0, w, h, 1);
        mw_render_blit(r, q->native_fbo, q->scaled_fbo, d->width, d->height, sw, sh, d->format);
        gl->CopyImageSubData(q->scaled, GL_TEXTURE_2D, 0, 0, 0, 0, s->tex, target, 0, 0, 0, (GLint)z, (GLsizei)sw,
                             (GLsizei)sh, 1);
    } else {
        gl->CopyImageSubData(s->tex, target, 0, 0, 0, (GLint)z, q->scaled, GL_TEXTURE_2D, 0, 0, 0, 0, (GLsizei)sw,
                             (GLsizei)sh, 1);
        mw_render_blit(r, q->scaled_fbo, q->native_fbo, sw, sh, d->width, d->height, d->format);
        gl->CopyImageSubData(q->native, GL_TEXTURE_2D, 0, 0, 0, 0, tex, GL_TEXTURE_2D, 0, 0, 0, 0, w, h, 1);
    }
}

/* Linear guest pixels into the surface (upload) or out of it; at scale > 1
 * through a native-size image and a blit (scale_slice). */
static glhle_result transfer(mw_render *r, mw_surface *s, uint8_t *lin, size_t lin_size, bool upload)
{
    const mw_surface_desc *d = &s->d;
    if (d->sx | d->sy)
        return mw_msaa_transfer(r, s, lin, lin_size, upload);
    const GladGLContext *gl = &r->ctx->gl;
    const GLsizei w = (GLsizei)d->width, h = (GLsizei)d->height;
    gl_pixel_store(r->ctx, 0, 1); /* and no pixel buffer a host left bound */
    GLuint tex = s->tex, fbo = 0;
    bits_scaler q = {0};
    if (r->scale > 1 && (!native_image(r, d, &tex, &fbo) || !bits_scaler_init(r, d, &q))) {
        gl->DeleteFramebuffers(1, &fbo);
        gl->DeleteTextures(1, &tex);
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_GL_ERROR, "maxwell: no framebuffer for a %s staging image",
                          d->format->name);
    }
    if (d->depth) {
        /* a volume: whole at scale 1, else slice by slice through the
         * native 2D image */
        const size_t slice = lin_size / d->depth;
        if (!fbo && upload)
            gl->TextureSubImage3D(tex, 0, 0, 0, 0, w, h, (GLsizei)d->depth, d->format->gl_format, d->format->gl_type,
                                  lin);
        else if (!fbo)
            gl->GetTextureImage(tex, 0, d->format->gl_format, d->format->gl_type, (GLsizei)lin_size, lin);
        for (uint32_t z = 0; fbo && z < d->depth; z++) {
            if (upload) {
                gl->TextureSubImage2D(tex, 0, 0, 0, w, h, d->format->gl_format, d->format->gl_type, lin + z * slice);
                scale_slice(r, s, &q, tex, fbo, z, true);
            } else {
                scale_slice(r, s, &q, tex, fbo, z, false);
                gl->GetTextureImage(tex, 0, d->format->gl_format, d->format->gl_type, (GLsizei)slice, lin + z * slice);
            }
        }
    } else if (upload) {
        gl->TextureSubImage2D(tex, 0, 0, 0, w, h, d->format->gl_format, d->format->gl_type, lin);
        if (fbo)
            scale_slice(r, s, &q, tex, fbo, 0, true);
    } else {
        if (fbo)
            scale_slice(r, s, &q, tex, fbo, 0, false);
        gl->GetTextureImage(tex, 0, d->format->gl_format, d->format->gl_type, (GLsizei)lin_size, lin);
    }
    if (fbo) {
        bits_scaler_free(r, &q);
        gl->DeleteFramebuffers(1, &fbo);
        gl->DeleteTextures(1, &tex);
    }
    return GLHLE_RESULT_OK;
}

/* ---- guest memory <-> GL ---- */

/* A block-linear surface's tiled span (buf) to or from its linear pixels
 * (to_tiled): a volume or 2D surface through g at once, an array a layer
 * at a time, layer l at buf + l * array_pitch. */
static glhle_result layers_tiled(mw_render *r, const mw_surface_desc *d, const mw_bl_geom *g, uint8_t *buf,
                                 size_t span, uint8_t *lin, size_t lin_size, size_t row, bool to_tiled)
{
    const uint32_t height = mem_height(d), n = d->array_pitch ? d->depth : 1;
    const uint32_t depth = d->array_pitch || !d->depth ? 1 : d->depth;
    const mw_bl_box box = {0, 0, 0, (uint32_t)row, height, depth};
    const size_t layer_lin = lin_size / n;
    for (uint32_t l = 0; l < n; l++) {
        const size_t at = (size_t)(l * d->array_pitch);
        glhle_result res = to_tiled ? mw_bl_linear_to_tiled(g, buf + at, span - at, &box, lin + l * layer_lin,
                                                             layer_lin, row, 0, 0, r->io.log)
                                    : mw_bl_tiled_to_linear(g, buf + at, span - at, &box, lin + l * layer_lin,
                                                            layer_lin, row, 0, 0, r->io.log);
        if (res != GLHLE_RESULT_OK)
            return res;
    }
    return GLHLE_RESULT_OK;
}

static glhle_result load(mw_render *r, mw_surface *s)
{
    const mw_surface_desc *d = &s->d;
    const size_t span = (size_t)(s->hi - s->lo), row = (size_t)mem_width(d) * d->format->bytes;
    const uint32_t height = mem_height(d), depth = d->depth ? d->depth : 1;
    const size_t lin_size = row * height * depth;
    uint8_t *buf = staging(r, span + lin_size);
    if (!buf)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory to load a %zu-byte surface",
                          span);
    uint8_t *lin = buf + span;
    if (!r->io.read(r->io.user, s->lo, buf, span))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: %s surface at GPU 0x%010llx (%llu bytes) "
                          "is not all mapped; not loaded", d->format->name, (unsigned long long)s->lo,
                          (unsigned long long)span);
    if (d->pitch) {
        for (uint32_t y = 0; y < height; y++)
            memcpy(lin + y * row, buf + (size_t)y * d->pitch_bytes, row);
    } else {
        mw_bl_geom g;
        uint64_t size;
        surface_geom(r, d, &g, &size);
        glhle_result res = layers_tiled(r, d, &g, buf, span, lin, lin_size, row, false);
        if (res != GLHLE_RESULT_OK)
            return res;
    }
    if (d->format->value == 0x16 && d->zeta)
        rotate_words(lin, lin_size, true);
    glhle_result res = transfer(r, s, lin, lin_size, true);
    if (res != GLHLE_RESULT_OK)
        return res;
    s->stale = false;
    s->gpu_dirty = false;
    s->version = ++r->tick;
    r->stats.loads++;
    return GLHLE_RESULT_OK;
}

static glhle_result write_back(mw_render *r, mw_surface *s)
{
    const mw_surface_desc *d = &s->d;
    const size_t span = (size_t)(s->hi - s->lo), row = (size_t)mem_width(d) * d->format->bytes;
    const uint32_t height = mem_height(d), depth = d->depth ? d->depth : 1;
    const size_t lin_size = row * height * depth;
    uint8_t *buf = staging(r, span + lin_size);
    if (!buf)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory to write back a %zu-byte "
                          "surface", span);
    uint8_t *lin = buf + span;
    glhle_result res = transfer(r, s, lin, lin_size, false);
    if (res != GLHLE_RESULT_OK)
        return res;
    if (d->format->value == 0x16 && d->zeta)
        rotate_words(lin, lin_size, false);
    /* bytes of the span outside the surface (GOB padding, the gap after a
     * pitch row) keep what memory holds */
    if (!r->io.read(r->io.user, s->lo, buf, span))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: %s surface at GPU 0x%010llx is no longer "
                          "all mapped; not written back", d->format->name, (unsigned long long)s->lo);
    if (d->pitch) {
        for (uint32_t y = 0; y < height; y++)
            memcpy(buf + (size_t)y * d->pitch_bytes, lin + y * row, row);
    } else {
        mw_bl_geom g;
        uint64_t size;
        surface_geom(r, d, &g, &size);
        res = layers_tiled(r, d, &g, buf, span, lin, lin_size, row, true);
        if (res != GLHLE_RESULT_OK)
            return res;
    }
    if (!r->io.write(r->io.user, s->lo, buf, span))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: %s surface at GPU 0x%010llx: write-back "
                          "faulted", d->format->name, (unsigned long long)s->lo);
    s->gpu_dirty = false;
    r->stats.writebacks++;
    return GLHLE_RESULT_OK;
}

/* ---- the cache ---- */

static bool same_desc(const mw_surface_desc *a, const mw_surface_desc *b)
{
    return a->va == b->va && a->format == b->format && a->zeta == b->zeta && a->width == b->width &&
           a->height == b->height && a->sx == b->sx && a->sy == b->sy && a->places == b->places &&
           a->pitch == b->pitch && (!a->pitch || a->pitch_bytes == b->pitch_bytes) &&
           (a->pitch || a->block_height_log2 == b->block_height_log2) && a->depth == b->depth &&
           (!a->depth || a->block_depth_log2 == b->block_depth_log2) && a->array_pitch == b->array_pitch;
}

bool mw_render_holds(const mw_render *r, GLuint tex, const mw_surface_desc *d)
{
    for (uint32_t i = 0; i < r->count; i++)
        if (r->surf[i].tex == tex && same_desc(&r->surf[i].d, d))
            return true;
    return false;
}

static void drop(mw_render *r, uint32_t i)
{
    r->drops++;
    if (r->surf[i].gpu_dirty)
        write_back(r, &r->surf[i]);
    surface_free(r, &r->surf[i]);
    r->surf[i] = r->surf[--r->count];
    memset(&r->surf[r->count], 0, sizeof r->surf[r->count]);
}

glhle_result mw_render_get_surface(mw_render *r, const mw_surface_desc *d, mw_surface **out)
{
    mw_bl_geom g;
    uint64_t size;
    glhle_result res = surface_geom(r, d, &g, &size);
    if (res != GLHLE_RESULT_OK)
        return res;
    const uint64_t lo = d->va, hi = d->va + size;
    for (uint32_t i = 0; i < r->count;) {
        mw_surface *s = &r->surf[i];
        if (same_desc(&s->d, d)) {
            s->last_use = ++r->tick;
            *out = s;
            return s->stale ? load(r, s) : GLHLE_RESULT_OK;
        }
        if (s->lo < hi && lo < s->hi) { /* the memory is now seen as another surface */
            drop(r, i);
            continue;
        }
        i++;
    }
    if (d->array_pitch) { /* the GL's limits, read only when an array is made */
        GLint max = 0, max_layers = 0;
        r->ctx->gl.GetIntegerv(GL_MAX_TEXTURE_SIZE, &max);
        r->ctx->gl.GetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &max_layers);
        if ((uint64_t)d->width * r->scale > (uint64_t)max || (uint64_t)d->height * r->scale > (uint64_t)max ||
            d->depth > (uint64_t)max_layers)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: %s array target at GPU 0x%010llx: "
                              "%ux%u by %u layers at scale %u is over this GL's size %d or %d layers",
                              d->format->name, (unsigned long long)d->va, d->width, d->height, d->depth, r->scale,
                              max, max_layers);
    } else if (d->depth) { /* the GL's limit, read only when a volume is made */
        GLint max = 0;
        r->ctx->gl.GetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max);
        if ((uint64_t)d->width * r->scale > (uint64_t)max || (uint64_t)d->height * r->scale > (uint64_t)max ||
            d->depth > (uint64_t)max)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: %s 3D target at GPU 0x%010llx: "
                              "%ux%ux%u at scale %u is over this GL's 3D texture size %d", d->format->name,
                              (unsigned long long)d->va, d->width, d->height, d->depth, r->scale, max);
    } else if ((uint64_t)d->width * r->scale > (uint64_t)r->ctx->info.max_texture_size ||
               (uint64_t)d->height * r->scale > (uint64_t)r->ctx->info.max_texture_size) {
        /* a 2D surface, multisampled ones included: a texture header names
         * widths up to 2^16 (a multisampled one came here unchecked and
         * raised GL_INVALID_VALUE; fuzz corpus regress_ms_texture_too_wide) */
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: %s target at GPU 0x%010llx: %ux%u at "
                          "scale %u is over this GL's texture size %d", d->format->name, (unsigned long long)d->va,
                          d->width, d->height, r->scale, (int)r->ctx->info.max_texture_size);
    }
    if (r->count == MW_RENDER_MAX_SURFACES) {
        uint32_t lru = 0;
        for (uint32_t i = 1; i < r->count; i++)
            if (r->surf[i].last_use < r->surf[lru].last_use)
                lru = i;
        drop(r, lru);
        r->stats.evictions++;
    }
    mw_surface *s = &r->surf[r->count];
    memset(s, 0, sizeof *s);
    s->d = *d;
    s->lo = lo;
    s->hi = hi;
    const GladGLContext *gl = &r->ctx->gl;
    if (d->sx | d->sy) {
        res = mw_msaa_create(r, s);
        if (res != GLHLE_RESULT_OK) {
            memset(s, 0, sizeof *s);
            return res;
        }
    } else if (d->depth) {
        gl->CreateTextures(d->array_pitch ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_3D, 1, &s->tex);
        gl->TextureStorage3D(s->tex, 1, d->format->gl_internal, (GLsizei)(d->width * r->scale),
                             (GLsizei)(d->height * r->scale), (GLsizei)d->depth);
    } else {
        gl->CreateTextures(GL_TEXTURE_2D, 1, &s->tex);
        gl->TextureStorage2D(s->tex, 1, d->format->gl_internal, (GLsizei)(d->width * r->scale),
                             (GLsizei)(d->height * r->scale));
    }
    gl->CreateFramebuffers(1, &s->fbo);
    if (d->depth) /* one slice, not the layered whole */
        gl->NamedFramebufferTextureLayer(s->fbo, attachment(d->format), s->tex, 0, 0);
    else
        gl->NamedFramebufferTexture(s->fbo, attachment(d->format), s->tex, 0);
    if (gl->CheckNamedFramebufferStatus(s->fbo, GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        surface_free(r, s);
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_GL_ERROR, "maxwell: the GL cannot render to %s (%ux%u at scale %u)",
                          d->format->name, d->width, d->height, r->scale);
    }
    r->count++;
    r->generation++;
    s->last_use = ++r->tick;
    res = load(r, s);
    if (res != GLHLE_RESULT_OK) {
        surface_free(r, s);
        r->count--;
        return res;
    }
    *out = s;
    return GLHLE_RESULT_OK;
}

GLuint mw_render_slice_fbo(mw_render *r, mw_surface *s, uint32_t layer)
{
    if (s->d.depth && s->fbo_slice != layer) {
        r->ctx->gl.NamedFramebufferTextureLayer(s->fbo, attachment(s->d.format), s->tex, 0, (GLint)layer);
        s->fbo_slice = layer;
    }
    return s->fbo;
}

/* In a block-linear volume whose blocks are 2^d > 1 slices deep, the GOBs
 * of consecutive slices alternate inside each block (block_linear.h; the
 * Tegra X1 TRM's block-linear chapter, yuzu texture_cache and Ryujinx
 * BlockLinearLayout agree), so slice z is no 2D surface of its own: the
 * volume is one GL_TEXTURE_3D, drawn and cleared a slice at a time, or
 * attached whole to a draw whose program writes the layer, which adds
 * the first slice to it (draw.c targets, programs.h
 * MW_LAYER_BASE_LOCATION; yuzu's ImageInfo for a render target keeps a
 * 3D target whole as well), and written back and loaded whole through
 * the 3D layout. The texture cache's 3D headers over it then see the
 * rendered slices through that write-back (textures.c flushes what a
 * texture overlaps). A volume of one slice in one-slice blocks is the 2D
 * surface it always was. */
glhle_result mw_render_get_3d_target(mw_render *r, const mw_color_target *ct, uint32_t index, uint32_t slice,
                                     mw_surface_desc *d, mw_surface **out, uint32_t *layer)
{
    *layer = 0;
    if (!ct->layers)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: colour target %u at GPU 0x%010llx: a 3D target "
                          "of depth 0 (THIRD_DIMENSION 0)", index, (unsigned long long)ct->address);
    if (slice >= ct->layers)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: colour target %u at GPU 0x%010llx: slice %u of a "
                          "3D target of depth %u", index, (unsigned long long)ct->address, slice, ct->layers);
    if (ct->pitch || d->sx || d->sy) {
        if (slice)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: colour target %u: slice %u of a %s 3D "
                              "target is not supported", index, slice, ct->pitch ? "pitch-layout" : "multisampled");
        return mw_render_get_surface(r, d, out);
    }
    if (ct->layers == 1 && !ct->block.depth)
        return mw_render_get_surface(r, d, out);
    if (ct->block.depth > MW_BL_MAX_LOG2)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: colour target %u: block depth 2^%u GOBs is past "
                          "2^%u", index, ct->block.depth, MW_BL_MAX_LOG2);
    d->depth = ct->layers;
    d->block_depth_log2 = ct->block.depth;
    glhle_result res = mw_render_get_surface(r, d, out);
    *layer = slice;
    return res;
}

/* A 2D array's layers are each a 2D surface (block_linear.h: layers
 * ARRAY_PITCH apart; nouveau nvc0_validate_fb gives the address of layer
 * 0, THIRD_DIMENSION = first layer + layers and SET_COLOR_TARGET_LAYER =
 * the first layer), kept together as one GL_TEXTURE_2D_ARRAY so that a
 * draw can pick its layer in the program (gl_Layer, plus the first layer
 * through the program's mw_layer_base with the whole array attached:
 * draw.c targets, no texture view needed) and a texture array
 * over it is one image (multisampled: a GL_TEXTURE_2D_MULTISAMPLE_ARRAY,
 * each layer's memory its sample image, msaa.c); a pitch-layout array's
 * layer, and a target of one layer, stays the 2D surface it was. */
glhle_result mw_render_get_array_target(mw_render *r, uint32_t layers, uint64_t array_pitch, uint32_t layer,
                                        uint32_t index, mw_surface_desc *d, mw_surface **out, uint32_t *gl_layer)
{
    *gl_layer = 0;
    if (layers <= 1 || d->pitch) {
        d->va += (uint64_t)layer * array_pitch;
        return mw_render_get_surface(r, d, out);
    }
    if (layer >= layers)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: %s target %u at GPU 0x%010llx: layer %u of an "
                          "array of %u", d->zeta ? "depth" : "colour", d->zeta ? 0 : index,
                          (unsigned long long)d->va, layer, layers);
    /* ARRAY_PITCH 0 puts every layer on layer 0's memory (and an
     * array_pitch of 0 would make the surface a 3D one, which GL has not
     * for depth formats): as surface_geom's layers closer than a layer's */
    if (!array_pitch)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: %s array target %u at GPU 0x%010llx: %u layers "
                          "0 bytes apart", d->zeta ? "depth" : "colour", d->zeta ? 0 : index,
                          (unsigned long long)d->va, layers);
    d->depth = layers;
    d->array_pitch = array_pitch;
    glhle_result res = mw_render_get_surface(r, d, out);
    *gl_layer = layer;
    return res;
}

glhle_result mw_render_flush_walk(mw_render *r, uint64_t va, uint64_t size)
{
    glhle_result first = GLHLE_RESULT_OK;
    const uint64_t end = size > UINT64_MAX - va ? UINT64_MAX : va + size;
    bool entered = false;
    uint64_t lo = UINT64_MAX, hi = 0; /* the surfaces still GPU-dirty after this */
    for (uint32_t i = 0; i < r->count; i++) {
        mw_surface *s = &r->surf[i];
        if (s->gpu_dirty && s->lo < end && va < s->hi) {
            if (!entered) {
                gl_context_enter(r->ctx);
                entered = true;
            }
            glhle_result res = write_back(r, s);
            if (first == GLHLE_RESULT_OK)
                first = res;
        }
        if (s->gpu_dirty) {
            lo = s->lo < lo ? s->lo : lo;
            hi = s->hi > hi ? s->hi : hi;
        }
    }
    r->dirty_lo = lo;
    r->dirty_hi = hi;
    return first;
}

void mw_render_invalidate(mw_render *r, uint64_t va, uint64_t size)
{
    const uint64_t end = size > UINT64_MAX - va ? UINT64_MAX : va + size;
    for (uint32_t i = 0; i < r->count; i++)
        if (r->surf[i].lo < end && va < r->surf[i].hi) {
            r->surf[i].stale = true;
            r->generation++;
        }
    for (uint32_t i = 0; i < r->tex_count; i++)
        if (r->tex[i].lo < end && va < r->tex[i].hi)
            r->tex[i].stale = true;
    mw_draw_invalidate(r, va, size);
}

bool mw_render_overlaps(const mw_render *r, uint64_t va, uint64_t size)
{
    const uint64_t end = size > UINT64_MAX - va ? UINT64_MAX : va + size;
    for (uint32_t i = 0; i < r->count; i++)
        if (r->surf[i].lo < end && va < r->surf[i].hi)
            return true;
    for (uint32_t i = 0; i < r->tex_count; i++)
        if (r->tex[i].lo < end && va < r->tex[i].hi)
            return true;
    return mw_draw_overlaps(r, va, size);
}

/* The GPU is about to change a surface: textures over its memory load
 * again (through a write-back) before their next use. */
void mw_render_rendered(mw_render *r, mw_surface *s)
{
    s->gpu_dirty = true;
    if (r->dirty_lo >= r->dirty_hi) {
        r->dirty_lo = s->lo;
        r->dirty_hi = s->hi;
    } else {
        r->dirty_lo = s->lo < r->dirty_lo ? s->lo : r->dirty_lo;
        r->dirty_hi = s->hi > r->dirty_hi ? s->hi : r->dirty_hi;
    }
    s->version = ++r->tick;
    for (uint32_t i = 0; i < r->tex_count; i++)
        if (r->tex[i].lo < s->hi && s->lo < r->tex[i].hi)
            r->tex[i].stale = true;
}

/* ---- multisampling ---- */

glhle_result mw_render_aa_block(mw_render *r, uint32_t mode, const char *what, uint8_t *sx, uint8_t *sy,
                                uint8_t *places)
{
    /* The modes whose colour samples' places are documented, by clb197.h
     * value: the block (yuzu's SamplesLog2 of the mode's NumSamples,
     * video_core/texture_cache/samples_helper.h; clb197.h names the block
     * in the mode) and the places (msaa.c: Mesa nvc0's table for 2X1, 2X2
     * and 4X2; envytools docs/hw/memory/g80-surface.rst for the D3D ("ALT")
     * and VC ("CS") modes). The virtual-coverage modes are drawn as their
     * colour samples alone, as yuzu keeps them (NumSamples: 2X2_VC_4 and
     * _12 four samples, 4X2_VC_8 and _24 eight): their coverage samples
     * store no colour (envytools: only a per-pixel C component of the
     * zeta surface, which weights the full samples in a resolve, and no
     * zeta format glhle keeps has one), so the colour memory is the colour
     * samples' image, as for 2X2 and 4X2. 2X2_VC_4's colour samples are
     * 2X2's own. */
    static const struct {
        uint8_t sx, sy, places;
    } taken[12] = {
        [0] = {0, 0, MW_AA_PLACES_STD}, [1] = {1, 0, MW_AA_PLACES_STD}, [2] = {1, 1, MW_AA_PLACES_STD},
        [3] = {2, 1, MW_AA_PLACES_STD}, [4] = {2, 1, MW_AA_PLACES_D3D}, [5] = {1, 0, MW_AA_PLACES_D3D},
        [8] = {1, 1, MW_AA_PLACES_STD}, [9] = {1, 1, MW_AA_PLACES_VC_12}, [10] = {2, 1, MW_AA_PLACES_VC_8},
    };
    *sx = *sy = *places = 0;
    if (mode < 12 && (mode == 0 || taken[mode].sx)) {
        *sx = taken[mode].sx;
        *sy = taken[mode].sy;
        *places = taken[mode].places;
        return GLHLE_RESULT_OK;
    }
    uint32_t n = 0;
    const char *name = mw_rt_aa_mode(mode, &n);
    if (!name)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: SET_ANTI_ALIAS SAMPLES %u is no mode clb197.h "
                          "lists; not %s", mode, what);
    /* 4X4 (envytools' mode 6, "???") and 4X2_VC_24 ("nail down MS8_CS24
     * sample positions"): no documented places */
    return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: multisampled render targets (SET_ANTI_ALIAS "
                      "SAMPLES MODE_%s, %u samples) are not supported (no documented sample positions); not %s",
                      name, n, what);
}

/* ---- clears ---- */

typedef struct rect {
    int64_t x0, y0, x1, y1;
} rect;

static void clip(rect *a, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    a->x0 = a->x0 > x0 ? a->x0 : x0;
    a->y0 = a->y0 > y0 ? a->y0 : y0;
    a->x1 = a->x1 < x1 ? a->x1 : x1;
    a->y1 = a->y1 < y1 ? a->y1 : y1;
}

static rect clear_area(const mw_state *st, const uint32_t *regs, uint32_t w, uint32_t h)
{
    const uint32_t control = st->clear.surface_control;
    rect a = {0, 0, w, h};
    clip(&a, st->rt.clip_x, st->rt.clip_y, (int64_t)st->rt.clip_x + st->rt.clip_width,
         (int64_t)st->rt.clip_y + st->rt.clip_height);
    if (control & CONTROL_USE_SCISSOR0 && st->scissor.s[0].enable) {
        const mw_scissor *s = &st->scissor.s[0];
        clip(&a, s->xmin, s->ymin, s->xmax, s->ymax);
    }
    if (control & CONTROL_USE_CLEAR_RECT) {
        const uint32_t hz = regs[MW_3D_SET_CLEAR_RECT_HORIZONTAL], vt = regs[MW_3D_SET_CLEAR_RECT_VERTICAL];
        clip(&a, hz & 0xFFFF, vt & 0xFFFF, hz >> 16, vt >> 16);
    }
    if (control & CONTROL_USE_VIEWPORT_CLIP0) {
        const mw_viewport *v = &st->viewport.vp[0];
        clip(&a, v->x, v->y, (int64_t)v->x + v->width, (int64_t)v->y + v->height);
    }
    return a;
}

/* The clear's area as the scissor; clears are also dropped by
 * GL_RASTERIZER_DISCARD, which a host may have left on (kept off with the
 * clip distances glhle does not use). */
static void set_scissor(mw_render *r, const rect *a)
{
    const int64_t s = r->scale;
    gl_state_clip_distance0(&r->st, false);
    gl_state_scissor(&r->st, true, (GLint)(a->x0 * s), (GLint)(a->y0 * s), (GLint)((a->x1 - a->x0) * s),
                     (GLint)((a->y1 - a->y0) * s));
}

static glhle_result clear_color(mw_render *r, const mw_state *st, const uint32_t *regs, uint32_t value, uint8_t sx,
                                uint8_t sy, uint8_t places)
{
    const uint32_t index = (value >> 6) & 0xF, layer = (value >> 10) & 0xFFFF;
    if (index >= MW_RT_COUNT)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: CLEAR_SURFACE names colour target %u of %u",
                          index, MW_RT_COUNT);
    const mw_color_target *ct = &st->rt.ct[index];
    if (!ct->format)
        return GLHLE_RESULT_OK; /* a disabled target: nothing to clear */
    const mw_rt_format *f = mw_rt_color_format(ct->format);
    if (!f)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: colour target %u format 0x%02x is not "
                          "supported; not cleared", index, ct->format);
    const uint32_t slice = layer + ct->layer_offset;
    mw_surface_desc d = {.format = f, .pitch = ct->pitch, .height = ct->height,
                         .block_height_log2 = ct->block.height, .sx = sx, .sy = sy, .places = places};
    d.va = ct->address;
    if (ct->pitch) {
        d.pitch_bytes = ct->width;
        d.width = ct->width / f->bytes;
    } else {
        d.width = ct->width;
    }
    if (!d.width || !d.height)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: colour target %u is %ux%u; not cleared", index,
                          d.width, d.height);
    rect a = clear_area(st, regs, d.width, d.height);
    if (a.x0 >= a.x1 || a.y0 >= a.y1)
        return GLHLE_RESULT_OK;
    mw_surface *s;
    uint32_t gl_layer = 0;
    glhle_result res = ct->third_dim_is_depth
                           ? mw_render_get_3d_target(r, ct, index, slice, &d, &s, &gl_layer)
                           : mw_render_get_array_target(r, ct->layers, ct->array_pitch, slice, index, &d, &s, &gl_layer);
    if (res != GLHLE_RESULT_OK)
        return res;
    const GLuint fbo = mw_render_slice_fbo(r, s, gl_layer);
    const GladGLContext *gl = &r->ctx->gl;
    set_scissor(r, &a);
    gl_state_color_mask(&r->st, value >> 2 & 1, value >> 3 & 1, value >> 4 & 1, value >> 5 & 1);
    /* SET_SRGB_WRITE encodes the colour into sRGB targets (GL_FRAMEBUFFER_SRGB;
     * put back to GL's default at the end of the call) */
    gl_state_raster_cap(&r->st, GL_RASTER_FRAMEBUFFER_SRGB,
                        f->cls == MW_RT_SRGB && (regs[MW_3D_SET_SRGB_WRITE] & 1));
    if (f->cls == MW_RT_UINT) {
        GLuint v[4];
        memcpy(v, st->clear.color, sizeof v);
        gl->ClearNamedFramebufferuiv(fbo, GL_COLOR, 0, v);
    } else if (f->cls == MW_RT_SINT) {
        GLint v[4];
        memcpy(v, st->clear.color, sizeof v);
        gl->ClearNamedFramebufferiv(fbo, GL_COLOR, 0, v);
    } else {
        gl->ClearNamedFramebufferfv(fbo, GL_COLOR, 0, st->clear.color);
    }
    mw_render_rendered(r, s);
    r->stats.clears++;
    return GLHLE_RESULT_OK;
}

static glhle_result clear_zeta(mw_render *r, const mw_state *st, const uint32_t *regs, uint32_t value, uint8_t sx,
                               uint8_t sy, uint8_t places)
{
    const mw_zeta_state *z = &st->zeta;
    if (!z->enabled)
        return GLHLE_RESULT_OK;
    const mw_rt_format *f = mw_rt_zeta_format(z->format);
    if (!f)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: depth target format 0x%02x is not "
                          "supported; not cleared", z->format);
    const uint32_t layer = (value >> 10) & 0xFFFF;
    mw_surface_desc d = {.format = f, .zeta = true, .width = z->width, .height = z->height,
                         .block_height_log2 = z->block.height, .sx = sx, .sy = sy, .places = places};
    d.va = z->address;
    if (!d.width || !d.height)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: depth target is %ux%u; not cleared", d.width,
                          d.height);
    const bool depth = value & 1, stencil = (value & 2) && f->cls == MW_RT_DEPTH_STENCIL;
    if (!depth && !stencil)
        return GLHLE_RESULT_OK;
    rect a = clear_area(st, regs, d.width, d.height);
    if (a.x0 >= a.x1 || a.y0 >= a.y1)
        return GLHLE_RESULT_OK;
    mw_surface *s;
    uint32_t gl_layer;
    glhle_result res = mw_render_get_array_target(r, mw_zeta_layers(z), z->array_pitch, layer + z->layer_offset, 0,
                                                  &d, &s, &gl_layer);
    if (res != GLHLE_RESULT_OK)
        return res;
    const GLuint fbo = mw_render_slice_fbo(r, s, gl_layer);
    set_scissor(r, &a);
    gl_state_depth(&r->st, false, GL_ALWAYS, depth);
    const uint32_t wmask = st->clear.surface_control & CONTROL_RESPECT_STENCIL_MASK ? st->ds.front.mask & 0xFF : 0xFF;
    gl_stencil sm = {.enable = 0, .func = GL_ALWAYS, .ref = 0, .func_mask = 0xFF, .write_mask = stencil ? wmask : 0,
                     .sfail = GL_KEEP, .dpfail = GL_KEEP, .dppass = GL_KEEP};
    gl_state_stencil(&r->st, &sm);
    const GladGLContext *gl = &r->ctx->gl;
    const GLint sv = (GLint)(st->clear.stencil & 0xFF);
    if (depth && stencil)
        gl->ClearNamedFramebufferfi(fbo, GL_DEPTH_STENCIL, 0, st->clear.depth, sv);
    else if (depth)
        gl->ClearNamedFramebufferfv(fbo, GL_DEPTH, 0, &st->clear.depth);
    else
        gl->ClearNamedFramebufferiv(fbo, GL_STENCIL, 0, &sv);
    mw_render_rendered(r, s);
    r->stats.clears++;
    return GLHLE_RESULT_OK;
}

glhle_result mw_render_clear(mw_render *r, const mw_state *st, const uint32_t *regs, uint32_t value)
{
    uint8_t sx, sy, places;
    glhle_result res = mw_render_aa_block(r, st->rt.aa_mode, "cleared", &sx, &sy, &places);
    if (res != GLHLE_RESULT_OK)
        return res;
    gl_context_enter(r->ctx);
    if (value & 0x3C)
        res = clear_color(r, st, regs, value, sx, sy, places);
    if (value & 0x3) {
        glhle_result z = clear_zeta(r, st, regs, value, sx, sy, places);
        if (res == GLHLE_RESULT_OK)
            res = z;
    }
    r->stats.surfaces = r->count;
    return res;
}
