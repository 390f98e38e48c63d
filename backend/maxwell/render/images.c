/* Maxwell storage images on GL (images.h).
 *
 * A slot's header is the 32 bytes at pool + 32 index, index = handle bits
 * 19:0 (yuzu TextureHandle, as texture handles are read), at most the
 * pool's MAXIMUM_INDEX (clb197.h SET_TEX_HEADER_POOL_C for draws, clb1c0.h
 * for launches: yuzu's KeplerCompute GetTICEntry and its texture cache's
 * compute descriptor table read the compute class's pool and limit). */
#include "backend/maxwell/render/images.h"

#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/maxwell/memory/address_space.h"
#include "backend/maxwell/texture/tic.h"

#define MAX_IMAGE_BYTES (64u << 20) /* guest bytes of one image */
#define STAGING_BYTES (256u << 10)  /* made at the first use; a larger image grows it once */

/* TIC COMPONENTS and data type -> the translator's image format and GL's */
struct mw_image_format {
    uint32_t components, data_type;
    uint8_t fmt;
    uint32_t bpp;
    GLenum internal, format, type;
};

static const mw_image_format formats[] = {
    {MW_TIC_R32, MW_TIC_UINT, MW_IMG_R32UI, 4, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT},
    {MW_TIC_R32, MW_TIC_SINT, MW_IMG_R32I, 4, GL_R32I, GL_RED_INTEGER, GL_INT},
    {MW_TIC_R32, MW_TIC_FLOAT, MW_IMG_R32F, 4, GL_R32F, GL_RED, GL_FLOAT},
    {MW_TIC_A8B8G8R8, MW_TIC_UNORM, MW_IMG_RGBA8, 4, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE},
    {MW_TIC_A8B8G8R8, MW_TIC_UINT, MW_IMG_RGBA8UI, 4, GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE},
    {MW_TIC_R16_G16_B16_A16, MW_TIC_FLOAT, MW_IMG_RGBA16F, 8, GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT},
    {MW_TIC_R32_G32_B32_A32, MW_TIC_FLOAT, MW_IMG_RGBA32F, 16, GL_RGBA32F, GL_RGBA, GL_FLOAT},
    {MW_TIC_R32_G32_B32_A32, MW_TIC_UINT, MW_IMG_RGBA32UI, 16, GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT},
};
/* a raw (SULD.D/SUST.D b32) slot moves 32-bit words: its texels as R32UI */
static const mw_image_format raw32 = {0, 0, MW_IMG_R32UI, 4, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT};

struct mw_images {
    struct {
        GLuint tex;           /* 0 until a slot is bound */
        GLenum internal;
        uint32_t width, height;
    } slot[MW_SPIRV_IMG_SLOTS];
    glhle_bytebuf staging; /* an upload's guest and linear copies; a write-back's linear copy and two guest ones */
};

static glhle_result images_state(mw_render *r)
{
    if (r->images)
        return GLHLE_RESULT_OK;
    mw_images *m = calloc(1, sizeof *m);
    if (m)
        glhle_bytebuf_init(&m->staging, 3 * (size_t)MAX_IMAGE_BYTES);
    if (!m || !glhle_bytebuf_reserve(&m->staging, STAGING_BYTES)) {
        free(m);
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for storage images");
    }
    r->images = m;
    return GLHLE_RESULT_OK;
}

static uint8_t *staging(mw_render *r, size_t size)
{
    glhle_bytebuf *b = &r->images->staging;
    glhle_bytebuf_clear(b);
    return glhle_bytebuf_reserve(b, size) ? b->data : NULL;
}

void mw_images_fini(mw_render *r)
{
    mw_images *m = r->images;
    if (!m)
        return;
    if (!r->gl_lost)
        for (uint32_t i = 0; i < MW_SPIRV_IMG_SLOTS; i++)
            r->ctx->gl.DeleteTextures(1, &m->slot[i].tex); /* 0 is ignored */
    glhle_bytebuf_free(&m->staging);
    free(m);
    r->images = NULL;
}

glhle_result mw_image_plan(mw_render *r, const glhle_logger *lg, const char *who, uint32_t slot, uint32_t handle,
                           uint32_t cbuf, uint32_t offset, uint64_t pool, uint32_t max_index, mw_image *im)
{
    memset(im, 0, sizeof *im);
    im->shares = -1;
    im->index = handle & 0xFFFFF;
    if (im->index > max_index)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: %s: image %u's handle 0x%08x (c%u[0x%x]) names "
                          "header %u, past the pool's maximum index %u", who, slot, handle, cbuf, offset, im->index,
                          max_index);
    if (!r->io.read(r->io.user, pool + 32ull * im->index, im->tic, 32))
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: %s: image %u's header %u at GPU 0x%010llx "
                          "(pool 0x%010llx) is not mapped", who, slot, im->index,
                          (unsigned long long)(pool + 32ull * im->index), (unsigned long long)pool);
    mw_tic t;
    if (mw_tic_decode(im->tic, &t) != GLHLE_RESULT_OK)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: %s: image %u's header %u at GPU 0x%010llx: %s", who,
                          slot, im->index, (unsigned long long)(pool + 32ull * im->index), t.problem);
    const bool bl = t.version == MW_TIC_BLOCKLINEAR, pitch = t.version == MW_TIC_PITCH;
    const bool four = t.components != MW_TIC_R32;
    const mw_image_format *f = NULL;
    for (size_t i = 0; i < sizeof formats / sizeof formats[0] && !f; i++)
        if (formats[i].components == t.components && formats[i].data_type == t.data_type[0] &&
            (!four || (t.data_type[1] == t.data_type[0] && t.data_type[2] == t.data_type[0] &&
                       t.data_type[3] == t.data_type[0])))
            f = &formats[i];
    /* not yet: 1D, 1D array, 2D array (a layered binding), 3D and buffer
     * images, levels past 0 (each would need its own upload, layout and
     * write-back, and its own test) */
    const char *why = !bl && !pitch ? "is neither pitch nor block-linear"
                      : t.texture_type != MW_TIC_TYPE_2D && t.texture_type != MW_TIC_TYPE_2D_NO_MIPMAP
                          ? "is not a 2D texture (1D, array, 3D and buffer images are not supported yet)"
                      : t.depth != 1 || t.multi_sample_count ? "is layered or multisampled"
                      : t.res_view_min_mip_level ? "views a level other than 0 (not supported yet)"
                      : !f || t.srgb_conversion ? "has a format GL has no image format for"
                                                : NULL;
    if (why)
        return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED, "maxwell: %s: image %u's header %u (%s, type %s, GPU "
                          "0x%010llx) %s", who, slot, im->index, t.format ? t.format->name : "?",
                          mw_tic_type_name(t.texture_type), (unsigned long long)t.address, why);
    const int32_t max = r->ctx->info.max_texture_size;
    im->width = (uint32_t)t.width;
    im->height = t.height;
    if (max > 0 && (im->width > (uint32_t)max || im->height > (uint32_t)max))
        return GLHLE_FAIL(lg, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: %s: image %u (header %u) is %ux%u, over this "
                          "GL's %d", who, slot, im->index, im->width, im->height, max);
    const uint64_t row = (uint64_t)im->width * f->bpp;
    im->va = t.address;
    if (pitch) {
        if (t.pitch < row)
            return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: %s: image %u (header %u) has pitch %u, less than "
                              "its %llu-byte rows", who, slot, im->index, t.pitch, (unsigned long long)row);
        im->pitch = t.pitch;
        im->size = (uint64_t)t.pitch * (im->height - 1) + row;
    } else {
        glhle_result res = mw_bl_geom_init(&im->g, (uint32_t)row, im->height, 1, t.gobs_per_block_height, 0, lg);
        if (res != GLHLE_RESULT_OK)
            return res;
        im->size = im->g.size;
    }
    if (im->va >= 1ull << MW_VA_BITS || im->size > (1ull << MW_VA_BITS) - im->va || im->size > MAX_IMAGE_BYTES)
        return GLHLE_FAIL(lg, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: %s: image %u (header %u) at GPU 0x%010llx "
                          "spans %llu bytes: past the address space or over %u", who, slot, im->index,
                          (unsigned long long)im->va, (unsigned long long)im->size, MAX_IMAGE_BYTES);
    /* the pages' kind must suit the layout, as a texture's (textures.c;
     * PTE kinds: engines.h); unmapped pages are the read's to report */
    const uint32_t kinds = r->io.kinds ? r->io.kinds(r->io.user, im->va, im->size) : 0;
    const uint32_t wanted = bl ? MW_KINDS_BLOCK_LINEAR : MW_KIND_BIT(MW_KIND_PITCH);
    if (kinds & ~wanted)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: %s: image %u (header %u) at GPU 0x%010llx-0x%010llx: "
                          "a %s image in %s memory", who, slot, im->index, (unsigned long long)im->va,
                          (unsigned long long)(im->va + im->size), bl ? "block-linear" : "pitch",
                          (kinds & wanted) ? "partly other-kind" : bl ? "pitch-kind" : "block-linear-kind");
    im->f = f;
    im->key_format = f->fmt;
    return GLHLE_RESULT_OK;
}

static bool spans_overlap(uint64_t a, uint64_t an, uint64_t b, uint64_t bn)
{
    return an && bn && a < b + bn && b < a + an;
}

/* The GL format slot i is bound in: the raw slots' words as R32UI (the
 * translator declares them so), else the header's. */
static const mw_image_format *bound_format(uint32_t raw_mask, const mw_image *im, uint32_t i)
{
    return raw_mask >> i & 1 ? &raw32 : im->f;
}

void mw_images_unbind(mw_render *r, uint32_t mask)
{
    for (uint32_t i = 0; i < MW_SPIRV_IMG_SLOTS; i++)
        if (mask >> i & 1)
            r->ctx->gl.BindImageTexture(i, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
}

/* Image i's level 0 from guest memory into slot i's texture (made again
 * when its format or size changed). */
static glhle_result upload(mw_render *r, const char *who, const mw_image *im, const mw_image_format *f, uint32_t i)
{
    mw_images *m = r->images;
    const GladGLContext *gl = &r->ctx->gl;
    const glhle_logger *lg = r->io.log;
    glhle_result res = mw_render_flush(r, im->va, im->size);
    if (res != GLHLE_RESULT_OK)
        return res;
    const size_t row = (size_t)im->width * f->bpp, lin_size = row * im->height;
    uint8_t *guest = staging(r, (size_t)im->size + lin_size);
    if (!guest)
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for %s image %u", who, i);
    uint8_t *lin = guest + im->size;
    if (!r->io.read(r->io.user, im->va, guest, (size_t)im->size))
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: %s: image %u (header %u) at GPU 0x%010llx "
                          "(%llu bytes) is not all mapped", who, i, im->index, (unsigned long long)im->va,
                          (unsigned long long)im->size);
    if (im->pitch) {
        for (uint32_t y = 0; y < im->height; y++)
            memcpy(lin + y * row, guest + (size_t)y * im->pitch, row);
    } else {
        const mw_bl_box box = {0, 0, 0, (uint32_t)row, im->height, 1};
        res = mw_bl_tiled_to_linear(&im->g, guest, (size_t)im->size, &box, lin, lin_size, row, 0, 0, lg);
        if (res != GLHLE_RESULT_OK)
            return res;
    }
    if (!m->slot[i].tex || m->slot[i].internal != f->internal || m->slot[i].width != im->width ||
        m->slot[i].height != im->height) {
        gl->DeleteTextures(1, &m->slot[i].tex);
        gl->CreateTextures(GL_TEXTURE_2D, 1, &m->slot[i].tex);
        gl->TextureStorage2D(m->slot[i].tex, 1, f->internal, (GLsizei)im->width, (GLsizei)im->height);
        m->slot[i].internal = f->internal;
        m->slot[i].width = im->width;
        m->slot[i].height = im->height;
    }
    gl->TextureSubImage2D(m->slot[i].tex, 0, 0, 0, (GLsizei)im->width, (GLsizei)im->height, f->format, f->type,
                          lin);
    return GLHLE_RESULT_OK;
}

static glhle_result bind_one(mw_render *r, const char *who, mw_image *img, uint32_t mask, uint32_t raw_mask,
                             const mw_image_span *avoid, uint32_t avoid_count, uint32_t i)
{
    const glhle_logger *lg = r->io.log;
    mw_image *im = &img[i];
    if (!im->f) /* the key named a format for every slot the walk found */
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: %s: image %u has no header", who, i);
    const mw_image_format *f = bound_format(raw_mask, im, i);
    if (f != im->f && im->f->bpp != 4)
        return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED, "maxwell: %s: image %u (header %u) is accessed as raw "
                          "32-bit words but holds %u-byte texels", who, i, im->index, im->f->bpp);
    im->shares = -1;
    for (uint32_t k = 0; k < i && im->shares < 0; k++) {
        if (!(mask >> k & 1) || !spans_overlap(im->va, im->size, img[k].va, img[k].size))
            continue;
        if (memcmp(im->tic, img[k].tic, sizeof im->tic) || bound_format(raw_mask, &img[k], k) != f)
            return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED, "maxwell: %s: images %u and %u overlap without being "
                              "the same image: not supported", who, k, i);
        im->shares = img[k].shares >= 0 ? img[k].shares : (int32_t)k;
    }
    for (uint32_t k = 0; k < avoid_count; k++)
        if (spans_overlap(im->va, im->size, avoid[k].va, avoid[k].size))
            return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED, "maxwell: %s: image %u and %s %u overlap: not supported",
                              who, i, avoid[k].what, avoid[k].index);
    if (im->shares < 0) {
        glhle_result res = upload(r, who, im, f, i);
        if (res != GLHLE_RESULT_OK)
            return res;
    }
    const uint32_t unit = im->shares >= 0 ? (uint32_t)im->shares : i;
    r->ctx->gl.BindImageTexture(i, r->images->slot[unit].tex, 0, GL_FALSE, 0, GL_READ_WRITE, f->internal);
    return GLHLE_RESULT_OK;
}

glhle_result mw_images_bind(mw_render *r, const char *who, mw_image img[MW_SPIRV_IMG_SLOTS], uint32_t mask,
                            uint32_t raw_mask, const mw_image_span *avoid, uint32_t avoid_count)
{
    if (!mask)
        return GLHLE_RESULT_OK;
    glhle_result res = images_state(r);
    for (uint32_t i = 0; i < MW_SPIRV_IMG_SLOTS && res == GLHLE_RESULT_OK; i++)
        if (mask >> i & 1)
            res = bind_one(r, who, img, mask, raw_mask, avoid, avoid_count, i);
    if (res != GLHLE_RESULT_OK && r->images)
        mw_images_unbind(r, mask);
    return res;
}

/* Image i's texels back into its guest layout; the bytes that changed to
 * guest memory and the caches over them stale. */
static glhle_result write_back(mw_render *r, const char *who, const mw_image *im, const mw_image_format *f,
                               uint32_t i, uint64_t *written)
{
    const glhle_logger *lg = r->io.log;
    const size_t row = (size_t)im->width * f->bpp, lin_size = row * im->height, size = (size_t)im->size;
    uint8_t *lin = staging(r, lin_size + 2 * size);
    if (!lin)
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory to read back %s image %u", who, i);
    uint8_t *before = lin + lin_size, *after = before + size;
    if (!r->io.read(r->io.user, im->va, before, size))
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: %s: image %u vanished", who, i);
    /* glGetTextureImage (an FBO and glReadPixels on ES, gl_caps.h) */
    r->ctx->gl.GetTextureImage(r->images->slot[i].tex, 0, f->format, f->type, (GLsizei)lin_size, lin);
    memcpy(after, before, size);
    if (im->pitch) {
        for (uint32_t y = 0; y < im->height; y++)
            memcpy(after + (size_t)y * im->pitch, lin + y * row, row);
    } else {
        const mw_bl_box box = {0, 0, 0, (uint32_t)row, im->height, 1};
        glhle_result res = mw_bl_linear_to_tiled(&im->g, after, size, &box, lin, lin_size, row, 0, 0, lg);
        if (res != GLHLE_RESULT_OK)
            return res;
    }
    if (!mw_render_write_changed(r, im->va, before, after, size, written))
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: %s: image %u could not be written back", who, i);
    return GLHLE_RESULT_OK;
}

bool mw_render_write_changed(mw_render *r, uint64_t va, const uint8_t *before, const uint8_t *after, size_t size,
                             uint64_t *written)
{
    size_t lo = 0, hi = size;
    while (lo < hi && before[lo] == after[lo])
        lo++;
    while (hi > lo && before[hi - 1] == after[hi - 1])
        hi--;
    if (lo == hi)
        return true;
    if (!r->io.write(r->io.user, va + lo, after + lo, hi - lo))
        return false;
    mw_render_invalidate(r, va + lo, hi - lo);
    *written += hi - lo;
    return true;
}

glhle_result mw_images_write_back(mw_render *r, const char *who, const mw_image img[MW_SPIRV_IMG_SLOTS],
                                  uint32_t mask, uint32_t raw_mask, uint64_t *written)
{
    if (!mask || !r->images)
        return GLHLE_RESULT_OK;
    glhle_result res = GLHLE_RESULT_OK;
    for (uint32_t i = 0; i < MW_SPIRV_IMG_SLOTS && res == GLHLE_RESULT_OK; i++)
        if ((mask >> i & 1) && img[i].shares < 0)
            res = write_back(r, who, &img[i], bound_format(raw_mask, &img[i], i), i, written);
    mw_images_unbind(r, mask);
    return res;
}
