/* Textures and samplers (render_targets.h): texture headers (TIC) become GL
 * textures uploaded from guest memory through the block-linear or pitch
 * layout, level by level and layer by layer; sampler entries (TSC) become
 * GL sampler objects. Field meanings: open-gpu-doc clb197tex.h; the level
 * layout: backend/maxwell/memory/block_linear.h. A cube map is six layers
 * of equal squares, a cube array six a cube (yuzu and Ryujinx count cube
 * layers the same way). Where the host has no 1D textures (OpenGL ES,
 * gl_caps_texture_1d_as_2d) a 1D texture is a 2D one of height 1 and a 1D
 * array a 2D array of height-1 layers: the same texels, rows and layers in
 * the same order, so only the GL target differs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/memory/block_linear.h"
#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_util.h"
#include "backend/maxwell/render/compute.h"
#include "backend/maxwell/render/render_targets.h"
#include "backend/maxwell/render/tex_formats.h"
#include "backend/maxwell/texture/astc.h"
#include "backend/maxwell/texture/tic.h"
#include "shadergen/maxwell_spirv.h"

#ifndef GL_TEXTURE_MAX_ANISOTROPY
#define GL_TEXTURE_MAX_ANISOTROPY 0x84FE
#endif

void mw_textures_fini(mw_render *r)
{
    const GladGLContext *gl = &r->ctx->gl;
    for (uint32_t i = 0; i < r->tex_count; i++) {
        gl->DeleteTextures(1, &r->tex[i].tex);
        gl->DeleteBuffers(1, &r->tex[i].buf); /* 0 is ignored */
    }
    for (uint32_t i = 0; i < r->smp_count; i++)
        gl->DeleteSamplers(1, &r->smp[i].sampler);
    r->tex_count = r->smp_count = 0;
    for (uint32_t i = 0; i < MW_MS_COPIES; i++) {
        gl->DeleteFramebuffers(1, &r->ms_copy[i].fbo);
        gl->DeleteTextures(1, &r->ms_copy[i].tex);
    }
    memset(r->ms_copy, 0, sizeof r->ms_copy);
    for (int i = 0; i < 6; i++)
        gl->DeleteProgram(r->ms_copy_prog[i / 3][i % 3]);
    gl->DeleteVertexArrays(1, &r->ms_copy_vao);
    memset(r->ms_copy_prog, 0, sizeof r->ms_copy_prog);
    r->ms_copy_vao = 0;
}

/* What a header asks for, checked. */
typedef struct tex_plan {
    mw_tic t;
    mw_tex_format f;
    GLenum target;
    uint32_t width, height, depth, layers, levels;
    uint32_t bytes_per_block, block_w, block_h;
    mw_bl_texture_layout layout; /* block-linear */
    uint64_t size;               /* guest bytes from the address */
    bool astc_cpu;               /* ASTC blocks decoded here into RGBA8 */
} tex_plan;

/* GL_TEXTURE_BUFFER takes these sized formats only (GL 4.5 table 8.16). */
static bool buffer_format(uint32_t f)
{
    static const uint32_t ok[] = {GL_R8, GL_R16, GL_R16F, GL_R32F, GL_R8I, GL_R16I, GL_R32I, GL_R8UI, GL_R16UI,
                                  GL_R32UI, GL_RG8, GL_RG16, GL_RG16F, GL_RG32F, GL_RG8I, GL_RG16I, GL_RG32I,
                                  GL_RG8UI, GL_RG16UI, GL_RG32UI, GL_RGB32F, GL_RGB32I, GL_RGB32UI, GL_RGBA8,
                                  GL_RGBA16, GL_RGBA16F, GL_RGBA32F, GL_RGBA8I, GL_RGBA16I, GL_RGBA32I, GL_RGBA8UI,
                                  GL_RGBA16UI, GL_RGBA32UI};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (ok[i] == f)
            return true;
    return false;
}

/* A ONE_D_BUFFER header: WIDTH texels from the address in a GL buffer
 * texture (no levels, swizzles or layout). */
static glhle_result plan_buffer(mw_render *r, tex_plan *p)
{
    const glhle_logger *lg = r->io.log;
    const mw_tic *t = &p->t;
    if (p->f.compressed || p->f.depth || p->f.rotate_24_8 || p->block_w != 1 || !buffer_format(p->f.internal))
        return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED, "maxwell: buffer texture at GPU 0x%010llx: %s has no GL "
                          "buffer-texture format", (unsigned long long)t->address, t->format->name);
    const int32_t max = r->ctx->info.max_texture_buffer_size;
    if (max > 0 && t->width > (uint64_t)max)
        return GLHLE_FAIL(lg, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: buffer texture at GPU 0x%010llx: %llu texels, "
                          "over this GL's %d", (unsigned long long)t->address, (unsigned long long)t->width, max);
    p->target = GL_TEXTURE_BUFFER;
    p->width = (uint32_t)t->width;
    p->height = p->depth = p->layers = p->levels = 1;
    p->size = t->width * p->bytes_per_block;
    if (p->size > MW_TEXTURE_MAX_BYTES)
        return GLHLE_FAIL(lg, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: buffer texture at GPU 0x%010llx spans %llu "
                          "bytes, more than %u", (unsigned long long)t->address, (unsigned long long)p->size,
                          MW_TEXTURE_MAX_BYTES);
    return GLHLE_RESULT_OK;
}

static glhle_result plan_texture(mw_render *r, const uint32_t w[8], tex_plan *p)
{
    const glhle_logger *lg = r->io.log;
    memset(p, 0, sizeof *p);
    mw_tic *t = &p->t;
    if (mw_tic_decode(w, t) != GLHLE_RESULT_OK)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: texture header at GPU 0x%010llx: %s",
                          (unsigned long long)t->address, t->problem);
    if (t->version != MW_TIC_ONE_D_BUFFER && t->texture_type == MW_TIC_TYPE_1D_BUFFER)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: texture at GPU 0x%010llx: type ONE_D_BUFFER in a %s "
                          "header", (unsigned long long)t->address, mw_tic_version_name(t->version));
    if (t->version == MW_TIC_PITCH_COLOR_KEY || t->version == MW_TIC_BLOCKLINEAR_COLOR_KEY)
        return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED, "maxwell: colour-keyed textures are not supported");
    if (t->version == MW_TIC_BLOCKLINEAR && (t->gobs_per_block_width || t->tile_width_in_gobs))
        return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED, "maxwell: texture at GPU 0x%010llx: blocks wider than one GOB",
                          (unsigned long long)t->address);
    if (!t->format || !mw_tex_format_of(t->components, t->data_type[0], t->srgb_conversion, &p->f))
        return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED, "maxwell: texture at GPU 0x%010llx: components 0x%02x (%s) of "
                          "type %s have no GL format here", (unsigned long long)t->address, t->components,
                          t->format ? t->format->name : "?", mw_tic_data_type_name(t->data_type[0]));
    const GladGLContext *gl = &r->ctx->gl;
    if (p->f.need == MW_TEX_S3TC && !gl->EXT_texture_compression_s3tc)
        return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED, "maxwell: texture at GPU 0x%010llx: %s needs "
                          "GL_EXT_texture_compression_s3tc, which this GL lacks", (unsigned long long)t->address,
                          t->format->name);
    if (p->f.need == MW_TEX_ASTC && (!gl->KHR_texture_compression_astc_ldr || r->astc_on_cpu)) {
        /* the CPU decoder (texture/astc.h) in place of the driver's */
        p->astc_cpu = true;
        p->f = (mw_tex_format){t->srgb_conversion ? GL_SRGB8_ALPHA8 : GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, false,
                               false, false, MW_TEX_CORE};
    }
    p->bytes_per_block = t->format->bits_per_block / 8;
    p->block_w = t->format->block_width;
    p->block_h = t->format->block_height;
    if (t->version == MW_TIC_ONE_D_BUFFER)
        return plan_buffer(r, p);
    if (!p->bytes_per_block)
        return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED, "maxwell: texture components %s are not whole bytes",
                          t->format->name);
    p->width = (uint32_t)t->width;
    p->height = t->height;
    p->depth = 1;
    p->layers = 1;
    const bool flat_1d = gl_caps_texture_1d_as_2d(r->ctx);
    switch (t->texture_type) {
    case MW_TIC_TYPE_1D: p->target = flat_1d ? GL_TEXTURE_2D : GL_TEXTURE_1D; p->height = 1; break;
    case MW_TIC_TYPE_2D:
    case MW_TIC_TYPE_2D_NO_MIPMAP: p->target = GL_TEXTURE_2D; break;
    case MW_TIC_TYPE_3D: p->target = GL_TEXTURE_3D; p->depth = t->depth; break;
    case MW_TIC_TYPE_CUBEMAP: p->target = GL_TEXTURE_CUBE_MAP; p->layers = 6; break;
    case MW_TIC_TYPE_1D_ARRAY:
        p->target = flat_1d ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_1D_ARRAY;
        p->height = 1;
        p->layers = t->depth;
        break;
    case MW_TIC_TYPE_2D_ARRAY: p->target = GL_TEXTURE_2D_ARRAY; p->layers = t->depth; break;
    case MW_TIC_TYPE_CUBEMAP_ARRAY: p->target = GL_TEXTURE_CUBE_MAP_ARRAY; p->layers = t->depth * 6; break;
    default:
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: texture type %u", t->texture_type);
    }
    if ((p->target == GL_TEXTURE_CUBE_MAP || p->target == GL_TEXTURE_CUBE_MAP_ARRAY) && p->width != p->height)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: a cube map of %ux%u faces", p->width, p->height);
    p->levels = t->texture_type == MW_TIC_TYPE_2D_NO_MIPMAP ? 1 : t->max_mip_level + 1;
    if (t->version == MW_TIC_PITCH) {
        if (p->target != GL_TEXTURE_2D || p->levels != 1)
            return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED, "maxwell: pitch textures are 2D with one level here");
        const uint64_t row = (uint64_t)(p->width + p->block_w - 1) / p->block_w * p->bytes_per_block;
        const uint64_t rows = (p->height + p->block_h - 1) / p->block_h;
        if (t->pitch < row)
            return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: pitch texture: pitch %u under a %llu-byte row",
                              t->pitch, (unsigned long long)row);
        p->size = (uint64_t)t->pitch * (rows - 1) + row;
    } else {
        const mw_bl_texture_desc bd = {p->width, p->height, p->depth, p->levels, p->layers, p->bytes_per_block,
                                       p->block_w, p->block_h, t->gobs_per_block_height, t->gobs_per_block_depth};
        glhle_result res = mw_bl_texture_layout_init(&p->layout, &bd, lg);
        if (res != GLHLE_RESULT_OK)
            return res;
        p->size = p->layout.size;
    }
    if (p->size > MW_TEXTURE_MAX_BYTES)
        return GLHLE_FAIL(lg, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: texture at GPU 0x%010llx spans %llu bytes, more "
                          "than %u", (unsigned long long)t->address, (unsigned long long)p->size, MW_TEXTURE_MAX_BYTES);
    if (t->address + p->size > (1ull << 40))
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: texture at GPU 0x%010llx runs past the 40-bit "
                          "address space", (unsigned long long)t->address);
    const int32_t max = r->ctx->info.max_texture_size;
    if (max > 0 && (p->width > (uint32_t)max || p->height > (uint32_t)max))
        return GLHLE_FAIL(lg, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: texture at GPU 0x%010llx is %ux%u, over this "
                          "GL's %d", (unsigned long long)t->address, p->width, p->height, max);
    /* the memory kind must suit the layout (PTE kinds: engines.h) */
    if (r->io.kinds) {
        const uint32_t kinds = r->io.kinds(r->io.user, t->address, p->size);
        const bool bl = t->version == MW_TIC_BLOCKLINEAR || t->version == MW_TIC_BLOCKLINEAR_COLOR_KEY;
        const uint32_t wanted = bl ? MW_KINDS_BLOCK_LINEAR : MW_KIND_BIT(MW_KIND_PITCH);
        if (kinds & ~wanted)
            return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: texture at GPU 0x%010llx-0x%010llx: a %s texture "
                              "in %s memory", (unsigned long long)t->address,
                              (unsigned long long)(t->address + p->size), bl ? "block-linear" : "pitch",
                              (kinds & wanted) ? "partly other-kind" : bl ? "pitch-kind" : "block-linear-kind");
    }
    return GLHLE_RESULT_OK;
}

static void rotate_24_8(uint8_t *p, size_t n)
{
    for (size_t i = 0; i + 4 <= n; i += 4) {
        uint32_t w;
        memcpy(&w, p + i, 4);
        w = (w << 8) | (w >> 24);
        memcpy(p + i, &w, 4);
    }
}

/* One level (all its layers or slices) into GL from linear blocks. */
static void upload_level(mw_render *r, const tex_plan *p, GLuint tex, uint32_t level, const uint8_t *lin,
                         size_t size)
{
    const GladGLContext *gl = &r->ctx->gl;
    const GLsizei w = (GLsizei)(p->width >> level ? p->width >> level : 1);
    const GLsizei h = (GLsizei)(p->height >> level ? p->height >> level : 1);
    const GLsizei d = (GLsizei)(p->depth >> level ? p->depth >> level : 1);
    const GLsizei z = p->target == GL_TEXTURE_3D ? d : (GLsizei)p->layers;
    const GLenum f = p->f.internal;
    switch (p->target) {
    case GL_TEXTURE_1D:
        if (p->f.compressed)
            gl->CompressedTextureSubImage1D(tex, (GLint)level, 0, w, f, (GLsizei)size, lin);
        else
            gl->TextureSubImage1D(tex, (GLint)level, 0, w, p->f.format, p->f.type, lin);
        return;
    case GL_TEXTURE_2D:
    case GL_TEXTURE_1D_ARRAY: {
        const GLsizei hh = p->target == GL_TEXTURE_1D_ARRAY ? z : h;
        if (p->f.compressed)
            gl->CompressedTextureSubImage2D(tex, (GLint)level, 0, 0, w, hh, f, (GLsizei)size, lin);
        else
            gl->TextureSubImage2D(tex, (GLint)level, 0, 0, w, hh, p->f.format, p->f.type, lin);
        return;
    }
    default: /* 3D, 2D arrays, cube maps and cube arrays: faces are layers */
        if (p->f.compressed)
            gl->CompressedTextureSubImage3D(tex, (GLint)level, 0, 0, 0, w, h, z, f, (GLsizei)size, lin);
        else
            gl->TextureSubImage3D(tex, (GLint)level, 0, 0, 0, w, h, z, p->f.format, p->f.type, lin);
        return;
    }
}

/* The levels' texels from guest memory (`guest`: the texture's bytes from
 * its address) into the GL texture. */
static glhle_result upload(mw_render *r, const tex_plan *p, GLuint tex, const uint8_t *guest)
{
    const glhle_logger *lg = r->io.log;
    gl_pixel_store(r->ctx, 0, 1); /* and no pixel buffer a host left bound */
    for (uint32_t level = 0; level < p->levels; level++) {
        const uint32_t lw = p->width >> level ? p->width >> level : 1, lh = p->height >> level ? p->height >> level : 1;
        const uint32_t ld = p->depth >> level ? p->depth >> level : 1;
        const uint32_t bw = (lw + p->block_w - 1) / p->block_w, bh = (lh + p->block_h - 1) / p->block_h;
        const size_t row = (size_t)bw * p->bytes_per_block, slice = row * bh;
        const uint32_t slices = p->target == GL_TEXTURE_3D ? ld : p->layers;
        size_t size = slice * slices;
        uint8_t *lin = malloc(size ? size : 1);
        if (!lin)
            return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for a %zu-byte texture level", size);
        glhle_result res = GLHLE_RESULT_OK;
        if (p->t.version == MW_TIC_PITCH) {
            for (uint32_t y = 0; y < bh; y++)
                memcpy(lin + y * row, guest + (size_t)y * p->t.pitch, row);
        } else {
            const mw_bl_geom *g = &p->layout.level[level];
            const mw_bl_box box = {0, 0, 0, (uint32_t)row, bh, p->target == GL_TEXTURE_3D ? ld : 1};
            for (uint32_t layer = 0; layer < p->layers && res == GLHLE_RESULT_OK; layer++) {
                const uint64_t at = mw_bl_texture_offset(&p->layout, level, layer);
                res = mw_bl_tiled_to_linear(g, guest + at, (size_t)(p->size - at), &box, lin + layer * slice,
                                            size - layer * slice, row, slice, 0, lg);
            }
        }
        if (res == GLHLE_RESULT_OK && p->astc_cpu) {
            /* blocks to RGBA8 texels, slice by slice */
            const size_t texel_slice = (size_t)lw * lh * 4;
            uint8_t *rgba = malloc(texel_slice * slices + 1);
            if (!rgba) {
                free(lin);
                return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for a decoded ASTC level");
            }
            for (uint32_t z = 0; z < slices; z++)
                mw_astc_decode_image(lin + z * slice, slice, lw, lh, p->block_w, p->block_h, p->t.srgb_conversion,
                                     rgba + z * texel_slice, (size_t)lw * 4);
            free(lin);
            lin = rgba;
            size = texel_slice * slices;
        }
        if (res == GLHLE_RESULT_OK) {
            if (p->f.rotate_24_8)
                rotate_24_8(lin, size);
            upload_level(r, p, tex, level, lin, size);
        }
        free(lin);
        if (res != GLHLE_RESULT_OK)
            return res;
    }
    return GLHLE_RESULT_OK;
}

static GLenum swizzle_of(uint32_t source)
{
    switch (source) {
    case MW_TIC_SOURCE_R: return GL_RED;
    case MW_TIC_SOURCE_G: return GL_GREEN;
    case MW_TIC_SOURCE_B: return GL_BLUE;
    case MW_TIC_SOURCE_A: return GL_ALPHA;
    case MW_TIC_SOURCE_ONE_INT:
    case MW_TIC_SOURCE_ONE_FLOAT: return GL_ONE;
    default: return GL_ZERO;
    }
}

/* ---- render targets sampled in place ---- */

/* The sized formats GL can view as one another (GL 4.6 table 8.22, "view
 * classes" by texel size; OES/EXT_texture_view give ES 3.2 the same table,
 * and glCopyImageSubData copies between the members of a class bit for
 * bit, 18.3.3), each with the client format and type that lay its texels
 * out in memory component by component from the lowest address (or, for
 * the packed ones, as the packed word): when a render target's and a
 * texture's formats both take their "natural" client pair, a target's
 * texels reinterpreted in the texture's format are what write-back and an
 * upload through guest memory would give. */
typedef struct view_row {
    uint32_t internal, format, type;
    uint8_t bits; /* the view class */
} view_row;

static const view_row view_rows[] = {
    {GL_RGBA32F, GL_RGBA, GL_FLOAT, 128}, {GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, 128},
    {GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, 128},
    {GL_RGB32F, GL_RGB, GL_FLOAT, 96}, {GL_RGB32UI, GL_RGB_INTEGER, GL_UNSIGNED_INT, 96},
    {GL_RGB32I, GL_RGB_INTEGER, GL_INT, 96},
    {GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, 64}, {GL_RG32F, GL_RG, GL_FLOAT, 64},
    {GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, 64}, {GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT, 64},
    {GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT, 64}, {GL_RG32I, GL_RG_INTEGER, GL_INT, 64},
    {GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT, 64}, {GL_RGBA16_SNORM, GL_RGBA, GL_SHORT, 64},
    {GL_RG16F, GL_RG, GL_HALF_FLOAT, 32}, {GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, 32},
    {GL_R32F, GL_RED, GL_FLOAT, 32}, {GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, 32},
    {GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, 32}, {GL_RG16UI, GL_RG_INTEGER, GL_UNSIGNED_SHORT, 32},
    {GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, 32}, {GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE, 32},
    {GL_RG16I, GL_RG_INTEGER, GL_SHORT, 32}, {GL_R32I, GL_RED_INTEGER, GL_INT, 32},
    {GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 32}, {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 32},
    {GL_RG16, GL_RG, GL_UNSIGNED_SHORT, 32}, {GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, 32},
    {GL_RG16_SNORM, GL_RG, GL_SHORT, 32}, {GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, 32},
    {GL_RGB9_E5, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, 32},
    {GL_R16F, GL_RED, GL_HALF_FLOAT, 16}, {GL_RG8UI, GL_RG_INTEGER, GL_UNSIGNED_BYTE, 16},
    {GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT, 16}, {GL_RG8I, GL_RG_INTEGER, GL_BYTE, 16},
    {GL_R16I, GL_RED_INTEGER, GL_SHORT, 16}, {GL_RG8, GL_RG, GL_UNSIGNED_BYTE, 16},
    {GL_R16, GL_RED, GL_UNSIGNED_SHORT, 16}, {GL_RG8_SNORM, GL_RG, GL_BYTE, 16},
    {GL_R16_SNORM, GL_RED, GL_SHORT, 16},
    {GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE, 8}, {GL_R8I, GL_RED_INTEGER, GL_BYTE, 8},
    {GL_R8, GL_RED, GL_UNSIGNED_BYTE, 8}, {GL_R8_SNORM, GL_RED, GL_BYTE, 8},
};

/* The view class of a format kept with its natural client pair; 0 when
 * it has none or the pair differs (a swapped B and R, a 24/8 rotation). */
static uint8_t view_class(uint32_t internal, uint32_t format, uint32_t type)
{
    for (size_t i = 0; i < sizeof view_rows / sizeof view_rows[0]; i++)
        if (view_rows[i].internal == internal)
            return view_rows[i].format == format && view_rows[i].type == type ? view_rows[i].bits : 0;
    return 0;
}

/* True when the draw binding textures now writes the colour target at va
 * (the rule mark_rendered in draw.c applies after the draw). */
static bool drawn_now(const mw_render *r, uint64_t va)
{
    const mw_state *st = r->drawing;
    if (!st)
        return false;
    const uint32_t count = st->rt.count < MW_RT_COUNT ? st->rt.count : MW_RT_COUNT;
    for (uint32_t k = 0; k < count; k++)
        if (st->rt.ct[st->rt.map[k] & 7].address == va)
            return true;
    return false;
}

/* A resident render target holding this texture's memory: the same bytes
 * in the same layout (address, size, pitch or block height), one 2D
 * level, and a GL format that maps guest bytes to texels the same way --
 * the texture's own (internal format and client format and type equal;
 * *exact), or one of its view class when both take their natural client
 * pair (view_class). Colour textures only; zeta targets, mips, arrays and
 * other reinterpretations take the path through guest memory. */
static mw_surface *in_place_source(mw_render *r, const tex_plan *p, bool *exact)
{
    if (p->target != GL_TEXTURE_2D || p->t.texture_type == MW_TIC_TYPE_1D || p->levels != 1 || p->f.compressed ||
        p->f.depth || p->astc_cpu || p->f.rotate_24_8)
        return NULL; /* (a 1D texture's 2D stand-in on ES takes the path it takes on desktop GL) */
    const bool pitch = p->t.version == MW_TIC_PITCH;
    const uint8_t cls = view_class(p->f.internal, p->f.format, p->f.type);
    for (uint32_t i = 0; i < r->count; i++) {
        mw_surface *s = &r->surf[i];
        const mw_surface_desc *d = &s->d;
        if (s->stale || d->zeta || d->sx || d->sy || d->depth || d->va != p->t.address || s->hi - s->lo != p->size ||
            d->width != p->width || d->height != p->height || d->pitch != pitch)
            continue;
        if (pitch ? d->pitch_bytes != p->t.pitch : d->block_height_log2 != p->layout.level[0].block_height_log2)
            continue;
        const mw_rt_format *f = d->format;
        if (f->bytes != p->bytes_per_block)
            continue;
        *exact = f->gl_internal == p->f.internal && f->gl_format == p->f.format && f->gl_type == p->f.type;
        if (*exact || (cls && view_class(f->gl_internal, f->gl_format, f->gl_type) == cls))
            return s;
    }
    return NULL;
}

/* The texture parameters a header sets: swizzles, depth-stencil mode,
 * level range. */
static void set_params(mw_render *r, const tex_plan *p, GLuint tex)
{
    const GladGLContext *gl = &r->ctx->gl;
    const GLint swz[4] = {(GLint)swizzle_of(p->t.source[0]), (GLint)swizzle_of(p->t.source[1]),
                          (GLint)swizzle_of(p->t.source[2]), (GLint)swizzle_of(p->t.source[3])};
    gl->TextureParameteriv(tex, GL_TEXTURE_SWIZZLE_RGBA, swz);
    if (p->f.depth && p->f.format == GL_DEPTH_STENCIL)
        gl->TextureParameteri(tex, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
    if (p->t.res_view_max_mip_level >= p->t.res_view_min_mip_level && p->t.res_view_min_mip_level < p->levels) {
        const uint32_t top = p->t.res_view_max_mip_level < p->levels ? p->t.res_view_max_mip_level : p->levels - 1;
        gl->TextureParameteri(tex, GL_TEXTURE_BASE_LEVEL, (GLint)p->t.res_view_min_mip_level);
        gl->TextureParameteri(tex, GL_TEXTURE_MAX_LEVEL, (GLint)top);
    }
}

/* A GL texture with storage of its own for the plan (not a buffer
 * texture), its parameters set. */
static GLuint create_storage(mw_render *r, const tex_plan *p)
{
    const GladGLContext *gl = &r->ctx->gl;
    GLuint tex;
    gl->CreateTextures(p->target, 1, &tex);
    const GLsizei lv = (GLsizei)p->levels, w = (GLsizei)p->width, h = (GLsizei)p->height;
    switch (p->target) {
    case GL_TEXTURE_1D: gl->TextureStorage1D(tex, lv, p->f.internal, w); break;
    case GL_TEXTURE_1D_ARRAY: gl->TextureStorage2D(tex, lv, p->f.internal, w, (GLsizei)p->layers); break;
    case GL_TEXTURE_2D:
    case GL_TEXTURE_CUBE_MAP: gl->TextureStorage2D(tex, lv, p->f.internal, w, h); break;
    case GL_TEXTURE_3D: gl->TextureStorage3D(tex, lv, p->f.internal, w, h, (GLsizei)p->depth); break;
    default: gl->TextureStorage3D(tex, lv, p->f.internal, w, h, (GLsizei)p->layers); break;
    }
    set_params(r, p, tex);
    return tex;
}

/* An entry that was a view gets storage of its own again (before an
 * upload or a copy would write through the view into the target). */
static void own_storage(mw_render *r, const tex_plan *p, mw_texture *e)
{
    if (!e->view)
        return;
    r->ctx->gl.DeleteTextures(1, &e->tex);
    e->tex = create_storage(r, p);
    e->view = false;
}

/* The entry's texture becomes a view of the target's image in the
 * texture's format (glTextureView wants a name never bound, so a fresh
 * one; the view's own parameters carry the header's swizzle). Where the
 * host has no views, gl_caps makes it a copy (gl_caps_view_sync's kind),
 * made fresh here at each load. Scale 1 only: a view has the target's
 * (scaled) size. */
static void make_view(mw_render *r, const tex_plan *p, const mw_surface *s, mw_texture *e)
{
    const GladGLContext *gl = &r->ctx->gl;
    gl->DeleteTextures(1, &e->tex);
    gl->GenTextures(1, &e->tex);
    gl->TextureView(e->tex, GL_TEXTURE_2D, s->tex, p->f.internal, 0, 1, 0, 1);
    set_params(r, p, e->tex);
    e->view = true;
}

/* The target's pixels into the entry's own storage on the GPU, at the
 * native size: at scale 1 a glCopyImageSubData (bit for bit within a view
 * class); scaled, a nearest blit down (as write-back takes them), through
 * a scratch image of the target's format when the texture's format is
 * another of its class. False when the image cannot be a framebuffer. */
static bool copy_from_surface(mw_render *r, const mw_surface *s, mw_texture *e, bool exact)
{
    const GladGLContext *gl = &r->ctx->gl;
    const GLsizei w = (GLsizei)s->d.width, h = (GLsizei)s->d.height;
    if (r->scale == 1) {
        gl->CopyImageSubData(s->tex, GL_TEXTURE_2D, 0, 0, 0, 0, e->tex, GL_TEXTURE_2D, 0, 0, 0, 0, w, h, 1);
        return true;
    }
    GLuint dst = e->tex, scratch = 0, fbo;
    if (!exact) {
        gl->CreateTextures(GL_TEXTURE_2D, 1, &scratch);
        gl->TextureStorage2D(scratch, 1, s->d.format->gl_internal, w, h);
        dst = scratch;
    }
    gl->CreateFramebuffers(1, &fbo);
    gl->NamedFramebufferTexture(fbo, GL_COLOR_ATTACHMENT0, dst, 0);
    const bool ok = gl->CheckNamedFramebufferStatus(fbo, GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    if (ok)
        mw_render_blit(r, s->fbo, fbo, s->d.width * r->scale, s->d.height * r->scale, s->d.width, s->d.height,
                       s->d.format);
    gl->DeleteFramebuffers(1, &fbo);
    if (ok && scratch)
        gl->CopyImageSubData(scratch, GL_TEXTURE_2D, 0, 0, 0, 0, e->tex, GL_TEXTURE_2D, 0, 0, 0, 0, w, h, 1);
    gl->DeleteTextures(1, &scratch); /* 0 is ignored */
    return ok;
}

static glhle_result load(mw_render *r, const tex_plan *p, mw_texture *e)
{
    /* a render target sampled as a texture: no round trip through memory
     * -- a view at scale 1 (a copy when this draw writes that target), a
     * copy on the GPU otherwise */
    bool exact = false;
    const mw_surface *src = in_place_source(r, p, &exact);
    if (src && gl_context_enter(r->ctx) == GLHLE_RESULT_OK) {
        if (r->scale == 1 && !drawn_now(r, src->d.va)) {
            make_view(r, p, src, e);
            e->stale = false;
            r->stats.texture_views++;
            return GLHLE_RESULT_OK;
        }
        own_storage(r, p, e);
        if (copy_from_surface(r, src, e, exact)) {
            e->stale = false;
            r->stats.texture_copies++;
            return GLHLE_RESULT_OK;
        }
    }
    if (e->view && gl_context_enter(r->ctx) == GLHLE_RESULT_OK)
        own_storage(r, p, e);
    /* pixels the GPU rendered there go to memory first */
    glhle_result res = mw_render_flush(r, p->t.address, p->size);
    if (res != GLHLE_RESULT_OK)
        return res;
    uint8_t *guest = malloc((size_t)p->size);
    if (!guest)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory to load a %llu-byte texture",
                          (unsigned long long)p->size);
    if (!r->io.read(r->io.user, p->t.address, guest, (size_t)p->size)) {
        free(guest);
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: texture at GPU 0x%010llx (%llu bytes) is "
                          "not all mapped; not loaded", (unsigned long long)p->t.address, (unsigned long long)p->size);
    }
    if (p->target == GL_TEXTURE_BUFFER)
        r->ctx->gl.NamedBufferSubData(e->buf, 0, (GLsizeiptr)p->size, guest);
    else
        res = upload(r, p, e->tex, guest);
    free(guest);
    if (res == GLHLE_RESULT_OK) {
        e->stale = false;
        r->stats.texture_loads++;
    }
    return res;
}

static glhle_result texture_get(mw_render *r, const uint32_t tic[8], GLuint *tex, GLenum *target);

/* A new entry's first load; on failure nothing is kept. */
static glhle_result finish_new(mw_render *r, const tex_plan *p, mw_texture *e, GLuint *tex, GLenum *target)
{
    glhle_result res = load(r, p, e);
    if (res != GLHLE_RESULT_OK) {
        r->ctx->gl.DeleteTextures(1, &e->tex);
        r->ctx->gl.DeleteBuffers(1, &e->buf);
        return res;
    }
    e->last_use = ++r->tick;
    r->tex_count++;
    *tex = e->tex;
    *target = e->target;
    return GLHLE_RESULT_OK;
}

glhle_result mw_texture_get(mw_render *r, const uint32_t tic[8], GLuint *tex, GLenum *target)
{
    return texture_get(r, tic, tex, target);
}

glhle_result mw_texture_get_at(mw_render *r, const uint32_t tic[8], uint32_t index, GLuint *tex, GLenum *target)
{
    glhle_result res = texture_get(r, tic, tex, target);
    if (res != GLHLE_RESULT_OK)
        GLHLE_ERROR(r->io.log, "maxwell: texture header %u refused (%s)", index, glhle_result_string(res));
    return res;
}

static glhle_result texture_get(mw_render *r, const uint32_t tic[8], GLuint *tex, GLenum *target)
{
    for (uint32_t i = 0; i < r->tex_count; i++) {
        mw_texture *e = &r->tex[i];
        if (memcmp(e->tic, tic, sizeof e->tic))
            continue;
        e->last_use = ++r->tick;
        glhle_result res = GLHLE_RESULT_OK;
        /* a view of a target this draw writes would be a feedback loop:
         * loaded again, as a copy */
        if (e->stale || (e->view && drawn_now(r, e->lo))) {
            tex_plan p;
            res = plan_texture(r, tic, &p);
            if (res == GLHLE_RESULT_OK)
                res = load(r, &p, e);
        }
        *tex = e->tex;
        *target = e->target;
        return res;
    }
    tex_plan p;
    glhle_result res = plan_texture(r, tic, &p);
    if (res != GLHLE_RESULT_OK)
        return res;
    const GladGLContext *gl = &r->ctx->gl;
    if (r->tex_count == MW_RENDER_MAX_TEXTURES) {
        uint32_t lru = 0;
        for (uint32_t i = 1; i < r->tex_count; i++)
            if (r->tex[i].last_use < r->tex[lru].last_use)
                lru = i;
        gl->DeleteTextures(1, &r->tex[lru].tex);
        gl->DeleteBuffers(1, &r->tex[lru].buf);
        r->tex[lru] = r->tex[--r->tex_count];
    }
    mw_texture *e = &r->tex[r->tex_count];
    memset(e, 0, sizeof *e);
    memcpy(e->tic, tic, sizeof e->tic);
    e->lo = p.t.address;
    e->hi = p.t.address + p.size;
    e->target = p.target;
    if (p.target == GL_TEXTURE_BUFFER) {
        gl->CreateTextures(p.target, 1, &e->tex);
        gl->CreateBuffers(1, &e->buf);
        gl->NamedBufferData(e->buf, (GLsizeiptr)p.size, NULL, GL_DYNAMIC_DRAW);
        gl->TextureBuffer(e->tex, p.f.internal, e->buf);
        return finish_new(r, &p, e, tex, target);
    }
    e->tex = create_storage(r, &p);
    return finish_new(r, &p, e, tex, target);
}

/* ---- multisampled textures ---- */

/* The render-target format whose GL format and client pair are the
 * texture's own, so that the guest's sample bytes load to the texels the
 * header names (colour, or zeta for a depth format; a 24/8-rotated depth
 * format has none) */
static const mw_rt_format *ms_target_format(const mw_tex_format *f)
{
    if (f->compressed || f->rotate_24_8)
        return NULL;
    for (uint32_t v = 1; v < 256; v++) {
        const mw_rt_format *c = f->depth ? mw_rt_zeta_format(v) : mw_rt_color_format(v);
        if (c && c->gl_internal == f->internal && c->gl_format == f->format && c->gl_type == f->type)
            return c;
    }
    return NULL;
}

/* The fetch pass's copy of a multisampled surface (mw_texture_get_ms);
 * from an array surface, of its layer `layer` */
static const char *const MS_COPY_FS =
    "layout(location = 0) uniform int scale;\n"
    "layout(location = 1) uniform ivec4 at[8];\n"
    "layout(location = 10) uniform int layer;\n"
    "void main() {\n"
    "    ivec4 a = at[gl_SampleID];\n"
    "    ivec2 p = ivec2(gl_FragCoord.xy) * scale + a.yz;\n"
    "    o = texelFetch(src, SRC_AT, a.x);\n"
    "}\n";

static glhle_result ms_copy_program(mw_render *r, bool array, int kind, GLuint *out)
{
    GLuint *prog = &r->ms_copy_prog[array][kind];
    if (*prog) {
        *out = *prog;
        return GLHLE_RESULT_OK;
    }
    static const char *const prefix[3] = {"", "u", "i"};
    const char *prec = r->ctx->info.gles ? "precision highp float;\nprecision highp int;\n"
                                           "precision highp sampler2DMS;\nprecision highp isampler2DMS;\n"
                                           "precision highp usampler2DMS;\nprecision highp sampler2DMSArray;\n"
                                           "precision highp isampler2DMSArray;\n"
                                           "precision highp usampler2DMSArray;\n" : "";
    char vs[512], fs[2048];
    snprintf(vs, sizeof vs, "%s\n%s", r->ctx->glsl_version_line,
             "void main() {\n"
             "    vec2 p = vec2(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID & 2) * 2 - 1));\n"
             "    gl_Position = vec4(p, 0.0, 1.0);\n"
             "}\n");
    snprintf(fs, sizeof fs, "%s\n%s#define SRC_AT %s\nlayout(binding = 0) uniform %ssampler2DMS%s src;\n"
             "layout(location = 0) out %svec4 o;\n%s",
             r->ctx->glsl_version_line, prec, array ? "ivec3(p, layer)" : "p", prefix[kind], array ? "Array" : "",
             prefix[kind], MS_COPY_FS);
    glhle_result res = gl_link_program(r->ctx, vs, fs, prog);
    if (res != GLHLE_RESULT_OK) {
        *prog = 0;
        return res;
    }
    *out = *prog;
    return GLHLE_RESULT_OK;
}

/* TLD.MS reads sample k of a native texel by the Maxwell's numbering.
 * The resident surface holds sample k in GL sample gl_sample[block of k]
 * of each scaled pixel, so it is bound itself only at scale 1 where the
 * GL numbers the samples as the Maxwell does (llvmpipe's 4x pattern) and
 * it is of the header's kind (2D, or an array: `layers` > 0);
 * else a native-size multisample copy whose GL sample k is Maxwell sample
 * k, taken where write-back reads it (mw_msaa_fetch_map; an array's
 * layer by layer; an array header of one layer over the 2D surface that
 * layer is, an array of one), kept while the surface's image is the one
 * it was taken from (mw_surface.version: not rendered, loaded again or
 * written by inline-to-memory since) and made again at the first bind
 * after. Depth samples are copied as R32F (a depth texel fetch returns
 * (d, 0, 0, 1), as an R32F one does). */
static glhle_result ms_fetchable(mw_render *r, mw_surface *s, uint32_t index, uint32_t layers, GLuint *tex)
{
    const mw_surface_desc *d = &s->d;
    const uint32_t n = 1u << (d->sx + d->sy);
    GLint at[32];
    mw_msaa_fetch_map(r, s, at);
    bool identity = r->scale == 1 && (d->depth != 0) == (layers != 0);
    for (uint32_t k = 0; k < n; k++)
        identity = identity && at[4 * k] == (GLint)k;
    if (identity) {
        *tex = s->tex;
        return GLHLE_RESULT_OK;
    }
    const GladGLContext *gl = &r->ctx->gl;
    const int kind = d->format->cls == MW_RT_UINT ? 1 : d->format->cls == MW_RT_SINT ? 2 : 0;
    const GLenum internal = d->zeta ? GL_R32F : d->format->gl_internal;
    GLuint prog;
    glhle_result res = ms_copy_program(r, d->depth != 0, kind, &prog);
    if (res != GLHLE_RESULT_OK)
        return res;
    /* the slot of this surface's copy, else the least recently used */
    uint32_t c = 0;
    for (uint32_t i = 0; i < MW_MS_COPIES; i++) {
        if (r->ms_copy[i].src == s->tex && r->ms_copy[i].tex) {
            c = i;
            break;
        }
        if (r->ms_copy[i].last_use < r->ms_copy[c].last_use)
            c = i;
    }
    mw_ms_copy *e = &r->ms_copy[c];
    if (e->src != s->tex || e->width != d->width || e->height != d->height || e->samples != n ||
        e->internal != internal || e->layers != layers) {
        gl->DeleteFramebuffers(1, &e->fbo);
        gl->DeleteTextures(1, &e->tex);
        memset(e, 0, sizeof *e);
        gl->CreateTextures(layers ? GL_TEXTURE_2D_MULTISAMPLE_ARRAY : GL_TEXTURE_2D_MULTISAMPLE, 1, &e->tex);
        if (layers)
            gl->TextureStorage3DMultisample(e->tex, (GLsizei)n, internal, (GLsizei)d->width, (GLsizei)d->height,
                                            (GLsizei)layers, GL_TRUE);
        else
            gl->TextureStorage2DMultisample(e->tex, (GLsizei)n, internal, (GLsizei)d->width, (GLsizei)d->height,
                                            GL_TRUE);
        GLint got = 0;
        gl->GetTextureLevelParameteriv(e->tex, 0, GL_TEXTURE_SAMPLES, &got);
        gl->CreateFramebuffers(1, &e->fbo);
        if (layers)
            gl->NamedFramebufferTextureLayer(e->fbo, GL_COLOR_ATTACHMENT0, e->tex, 0, 0);
        else
            gl->NamedFramebufferTexture(e->fbo, GL_COLOR_ATTACHMENT0, e->tex, 0);
        if (got != (GLint)n || gl->CheckNamedFramebufferStatus(e->fbo, GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
            gl->DeleteFramebuffers(1, &e->fbo);
            gl->DeleteTextures(1, &e->tex);
            memset(e, 0, sizeof *e);
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: multisampled texture header %u (%s, "
                              "%u samples): the GL makes no %u-sample copy to fetch its samples from (it has %d)",
                              index, d->format->name, n, n, got);
        }
        e->src = s->tex;
        e->width = d->width;
        e->height = d->height;
        e->samples = n;
        e->internal = internal;
        e->layers = layers;
        if (!r->ms_copy_vao)
            gl->CreateVertexArrays(1, &r->ms_copy_vao);
    }
    e->last_use = ++r->tick;
    *tex = e->tex;
    if (e->version && e->version == s->version)
        return GLHLE_RESULT_OK; /* it holds the surface's samples as they are */
    uint32_t counting; /* the pass is no part of a counted draw */
    mw_query_suspend(r, &counting);
    gl->ProgramUniform1i(prog, 0, (GLint)r->scale);
    gl->ProgramUniform4iv(prog, 1, (GLsizei)n, at);
    mw_plain_pass_state(r, e->fbo, 0, 0, (GLint)d->width, (GLint)d->height, prog, r->ms_copy_vao, true);
    if (d->format->cls == MW_RT_DEPTH_STENCIL)
        gl->TextureParameteri(s->tex, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
    const GLenum from = d->depth ? GL_TEXTURE_2D_MULTISAMPLE_ARRAY : GL_TEXTURE_2D_MULTISAMPLE;
    gl_state_texture(&r->st, 0, from, s->tex);
    gl_state_sampler(&r->st, 0, 0);
    for (uint32_t z = 0; z < (layers ? layers : 1); z++) {
        if (layers)
            gl->NamedFramebufferTextureLayer(e->fbo, GL_COLOR_ATTACHMENT0, e->tex, 0, (GLint)z);
        gl->ProgramUniform1i(prog, 10, (GLint)z);
        gl->DrawArrays(GL_TRIANGLES, 0, 3);
    }
    gl_state_texture(&r->st, 0, from, 0);
    mw_query_resume(r, counting);
    e->version = s->version;
    r->stats.texture_copies++;
    return GLHLE_RESULT_OK;
}

glhle_result mw_texture_get_ms(mw_render *r, const uint32_t tic[8], uint32_t index, GLuint *tex)
{
    const glhle_logger *lg = r->io.log;
    mw_tic t;
    if (mw_tic_decode(tic, &t) != GLHLE_RESULT_OK)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: texture header %u: %s", index, t.problem);
    /* MULTI_SAMPLE_COUNT numbers the modes as SET_ANTI_ALIAS does
     * (clb197tex.h MODE_1X1 0, 2X1 1, 2X2 2, 4X2 3, ...); deko3d's
     * tic_generate.cpp writes it for a 2D MS image with WIDTH and HEIGHT in
     * pixels, the sample block apart, as a render target's are */
    uint8_t sx, sy, places;
    glhle_result res = mw_render_aa_block(r, t.multi_sample_count, "sampled", &sx, &sy, &places);
    if (res != GLHLE_RESULT_OK)
        return res;
    /* TWO_D_ARRAY: DEPTH_MINUS_ONE + 1 layers (mw_texture_handle_read made
     * it MW_TEX_2D_MS_ARRAY) */
    const uint32_t layers = t.texture_type == MW_TIC_TYPE_2D_ARRAY ? t.depth : 0;
    mw_tex_format f;
    const mw_rt_format *rf = NULL;
    if (t.format && mw_tex_format_of(t.components, t.data_type[0], t.srgb_conversion, &f))
        rf = ms_target_format(&f);
    if (!rf)
        return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED, "maxwell: multisampled texture header %u: components 0x%02x "
                          "of type %s are no render-target format here", index, t.components,
                          mw_tic_data_type_name(t.data_type[0]));
    if (t.version != MW_TIC_BLOCKLINEAR)
        return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED, "maxwell: multisampled texture header %u at GPU 0x%010llx: "
                          "not block-linear (multisampled surfaces are)", index, (unsigned long long)t.address);
    const mw_state *st = r->drawing;
    const bool zeta = rf->cls == MW_RT_DEPTH || rf->cls == MW_RT_DEPTH_STENCIL;
    if (zeta ? st && st->zeta.enabled && st->zeta.address == t.address : drawn_now(r, t.address))
        return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED, "maxwell: multisampled texture header %u at GPU "
                          "0x%010llx is a %s target of this draw", index, (unsigned long long)t.address,
                          zeta ? "depth" : "colour");
    /* the resident target at its address in this shape, or one made and
     * loaded from the guest's sample image (render_targets.c: each pixel a
     * block of samples; reloaded when the memory changed) */
    mw_surface_desc d = {.va = t.address, .format = rf, .zeta = zeta, .width = (uint32_t)t.width,
                         .height = t.height, .block_height_log2 = t.gobs_per_block_height, .sx = sx, .sy = sy,
                         .places = places};
    if (layers > 1) {
        /* the array surface render_targets.c keeps for a multisampled
         * array target: each layer the sample image of the sample-expanded
         * size (yuzu's ImageInfo for a multisampled image: the guest size
         * in samples, samples_helper.h), layer l at l times the header's
         * layer stride (block_linear.h: a layer rounded up to a level-0
         * block; one level) */
        mw_bl_texture_layout lay;
        const mw_bl_texture_desc bd = {d.width << sx, d.height << sy, 1, 1, layers, rf->bytes, 1, 1,
                                       t.gobs_per_block_height, t.gobs_per_block_depth};
        res = mw_bl_texture_layout_init(&lay, &bd, lg);
        if (res != GLHLE_RESULT_OK)
            return GLHLE_FAIL(lg, res, "maxwell: multisampled texture header %u at GPU 0x%010llx: no layout for %u "
                              "layers", index, (unsigned long long)t.address, layers);
        d.depth = layers;
        d.array_pitch = lay.layer_stride;
    }
    mw_surface *s;
    res = mw_render_get_surface(r, &d, &s);
    char shape[48];
    if (layers)
        snprintf(shape, sizeof shape, "%llux%u, %u layers", (unsigned long long)t.width, t.height, layers);
    else
        snprintf(shape, sizeof shape, "%llux%u", (unsigned long long)t.width, t.height);
    if (res != GLHLE_RESULT_OK)
        return GLHLE_FAIL(lg, res, "maxwell: multisampled texture header %u at GPU 0x%010llx (%s, %u samples, %s): "
                          "no multisampled surface for it", index, (unsigned long long)t.address, shape,
                          1u << (sx + sy), rf->name);
    return ms_fetchable(r, s, index, layers, tex);
}

/* ---- texture handles ---- */

uint8_t mw_texture_handle_read(mw_render *r, const mw_tex_pools *p, uint32_t handle, uint32_t tic[8],
                               uint32_t tsc[8], uint32_t *tic_index)
{
    /* handle: header index 19:0, sampler index 31:20 (yuzu TextureHandle);
     * SET_SAMPLER_BINDING VIA_HEADER_BINDING (compute: the QMD's SAMPLER_INDEX)
     * takes the header's index */
    const uint32_t ti = handle & 0xFFFFF, si = p->sampler_via_header ? ti : handle >> 20;
    if (ti > p->tic_max_index || si > p->tsc_max_index ||
        !r->io.read(r->io.user, p->tic_address + (uint64_t)ti * 32, tic, 32) ||
        !r->io.read(r->io.user, p->tsc_address + (uint64_t)si * 32, tsc, 32))
        return 0;
    *tic_index = ti;
    mw_tic d;
    mw_tsc smp;
    if (mw_tic_decode(tic, &d) != GLHLE_RESULT_OK || mw_tsc_decode(tsc, &smp) != GLHLE_RESULT_OK)
        return 0;
    static const uint8_t kinds[9] = {MW_TEX_1D, MW_TEX_2D, MW_TEX_3D, MW_TEX_CUBE, MW_TEX_1D_ARRAY,
                                     MW_TEX_2D_ARRAY, 0, MW_TEX_2D, MW_TEX_CUBE_ARRAY};
    uint8_t k = d.texture_type < 9 ? kinds[d.texture_type] : 0;
    if (!k)
        return 0;
    /* a multisampled header: MULTI_SAMPLE_COUNT MW(235:232) not
     * MODE_1X1 (clb197tex.h; yuzu's TICEntry msaa_mode; deko3d's
     * tic_generate.cpp keeps TWO_D / TWO_D_ARRAY as the type and sets
     * only the mode for a 2DMS image), which only TLD.MS reads */
    if (d.multi_sample_count && (k == MW_TEX_2D || k == MW_TEX_2D_ARRAY))
        k = k == MW_TEX_2D ? MW_TEX_2D_MS : MW_TEX_2D_MS_ARRAY;
    if (d.data_type[0] == MW_TIC_UINT)
        k |= MW_TEX_UINT;
    else if (d.data_type[0] == MW_TIC_SINT)
        k |= MW_TEX_SINT;
    if (smp.depth_compare)
        k |= MW_TEX_SHADOW;
    /* texel coordinates: the header's NORMALIZED_COORDS clear or the
     * sampler's FORCE_UNNORMALIZED_COORDS (clb197tex.h); the translator
     * divides them by the size (cubes take a direction either way; only
     * TLD.MS, with texel coordinates, reads multisample kinds) */
    const uint8_t dim = k & MW_TEX_KIND_MASK;
    if ((!d.normalized_coords || smp.force_unnormalized_coords) && dim != MW_TEX_CUBE && dim != MW_TEX_CUBE_ARRAY &&
        dim != MW_TEX_2D_MS && dim != MW_TEX_2D_MS_ARRAY)
        k |= MW_TEX_UNNORM;
    return k;
}

/* ---- samplers ---- */

static GLenum wrap_of(uint32_t v)
{
    /* TEXSAMP0_ADDRESS_*: CLAMP_OGL (GL's old GL_CLAMP, half border and
     * half edge) and the MIRROR_ONCE_BORDER / _CLAMP_OGL forms have no
     * core GL twin: the nearest core mode stands in */
    static const GLenum modes[8] = {GL_REPEAT,          GL_MIRRORED_REPEAT,        GL_CLAMP_TO_EDGE,
                                    GL_CLAMP_TO_BORDER, GL_CLAMP_TO_BORDER,        GL_MIRROR_CLAMP_TO_EDGE,
                                    GL_MIRROR_CLAMP_TO_EDGE, GL_MIRROR_CLAMP_TO_EDGE};
    return modes[v & 7];
}

static GLenum min_filter_of(uint32_t min, uint32_t mip)
{
    const bool linear = min != 1; /* MIN_LINEAR and MIN_ANISO */
    switch (mip) {
    case 2: return linear ? GL_LINEAR_MIPMAP_NEAREST : GL_NEAREST_MIPMAP_NEAREST;
    case 3: return linear ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST_MIPMAP_LINEAR;
    default: return linear ? GL_LINEAR : GL_NEAREST;
    }
}

glhle_result mw_sampler_get(mw_render *r, const uint32_t tsc[8], GLuint *sampler)
{
    for (uint32_t i = 0; i < r->smp_count; i++)
        if (!memcmp(r->smp[i].tsc, tsc, sizeof r->smp[i].tsc)) {
            r->smp[i].last_use = ++r->tick;
            *sampler = r->smp[i].sampler;
            return GLHLE_RESULT_OK;
        }
    mw_tsc s;
    if (mw_tsc_decode(tsc, &s) != GLHLE_RESULT_OK)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: sampler: %s", s.problem);
    const GladGLContext *gl = &r->ctx->gl;
    if (r->smp_count == MW_RENDER_MAX_SAMPLERS) {
        uint32_t lru = 0;
        for (uint32_t i = 1; i < r->smp_count; i++)
            if (r->smp[i].last_use < r->smp[lru].last_use)
                lru = i;
        gl->DeleteSamplers(1, &r->smp[lru].sampler);
        r->smp[lru] = r->smp[--r->smp_count];
    }
    mw_sampler *e = &r->smp[r->smp_count++];
    memcpy(e->tsc, tsc, sizeof e->tsc);
    e->last_use = ++r->tick;
    gl->CreateSamplers(1, &e->sampler);
    const GLuint o = e->sampler;
    gl->SamplerParameteri(o, GL_TEXTURE_WRAP_S, (GLint)wrap_of(s.address_u));
    gl->SamplerParameteri(o, GL_TEXTURE_WRAP_T, (GLint)wrap_of(s.address_v));
    gl->SamplerParameteri(o, GL_TEXTURE_WRAP_R, (GLint)wrap_of(s.address_p));
    gl->SamplerParameteri(o, GL_TEXTURE_MAG_FILTER, s.mag_filter == 1 ? GL_NEAREST : GL_LINEAR);
    gl->SamplerParameteri(o, GL_TEXTURE_MIN_FILTER, (GLint)min_filter_of(s.min_filter, s.mip_filter));
    gl->SamplerParameterf(o, GL_TEXTURE_LOD_BIAS, mw_tex_lod_bias(s.mip_lod_bias));
    gl->SamplerParameterf(o, GL_TEXTURE_MIN_LOD, mw_tex_lod_clamp(s.min_lod_clamp));
    gl->SamplerParameterf(o, GL_TEXTURE_MAX_LOD, mw_tex_lod_clamp(s.max_lod_clamp));
    if (r->ctx->info.anisotropic_filter && s.min_filter == 3)
        gl->SamplerParameterf(o, GL_TEXTURE_MAX_ANISOTROPY, (float)mw_tex_anisotropy(s.max_anisotropy));
    if (s.depth_compare) {
        gl->SamplerParameteri(o, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
        gl->SamplerParameteri(o, GL_TEXTURE_COMPARE_FUNC, (GLint)(GL_NEVER + (s.depth_compare_func & 7)));
    }
    float border[4];
    memcpy(border, s.border_color, sizeof border);
    gl->SamplerParameterfv(o, GL_TEXTURE_BORDER_COLOR, border);
    *sampler = o;
    return GLHLE_RESULT_OK;
}
