/* The host-capability layer (gl_caps.h): the choices, and the emulations
 * installed where a context lacks an entry point the backends call.
 *
 * Every emulation leaves the GL state it touches as it found it (bindings
 * are queried and put back), so the state shadows (gl_state.h) stay true:
 * glTextureSubImage2D emulated is glBindTexture, glTexSubImage2D and
 * glBindTexture back, exactly what DSA saves the caller from.
 *
 * Facts used (OpenGL ES 3.2 specification):
 * - 16.1.2 ReadPixels: a normalized fixed-point colour buffer can always be
 *   read as RGBA/UNSIGNED_BYTE, a signed / unsigned integer one as
 *   RGBA_INTEGER/INT / UNSIGNED_INT, a floating-point one as RGBA/FLOAT,
 *   (RGB10_A2: RGBA/UNSIGNED_INT_2_10_10_10_REV); anything else only where
 *   IMPLEMENTATION_COLOR_READ_FORMAT/TYPE say so. Depth and stencil are not
 *   readable at all without NV_read_depth(_stencil).
 * - 8.4.2 / table 8.2: glTexSubImage takes only the format/type pairs listed
 *   for the internal format; UNSIGNED_INT_8_8_8_8, BGRA and the _REV packed
 *   16-bit orders are not among them (RGBA8 takes RGBA/UNSIGNED_BYTE, the
 *   bytes in memory order; RGB565 RGB/5_6_5; RGB5_A1 RGBA/5_5_5_1; RGBA4
 *   RGBA/4_4_4_4; RGB10_A2 RGBA/2_10_10_10_REV).
 * - EXT_render_snorm: snorm buffers read as RGBA/BYTE (RGBA/SHORT with
 *   EXT_texture_norm16's 16-bit ones).
 * - No 1D textures, no glLogicOp, no glProvokingVertex (the last vertex
 *   always provokes, 12.5), no glGetTexImage, no DSA. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/gl/gl_caps.h"

typedef struct gl_caps {
    /* the driver's own entry points the wrappers call */
    PFNGLREADPIXELSPROC read_pixels;
    PFNGLENABLEPROC enable;
    PFNGLDISABLEPROC disable;
    PFNGLISENABLEDPROC is_enabled;
    PFNGLCLEARTEXSUBIMAGEPROC clear_tex_sub_image; /* EXT_clear_texture */
    PFNGLTEXTUREVIEWPROC texture_view;             /* EXT/OES_texture_view */
    void(GLAD_API_PTR *depth_range_indexed_f)(GLuint, GLfloat, GLfloat); /* OES_viewport_array */
    bool read_depth, read_depth_stencil; /* NV_read_depth(_stencil) */
    /* the implementation's read pair is not trusted for the packed float
     * types (GLHLE_CAPS_DISABLE=GLHLE_packed_float_read: the conversion
     * path on a driver that reads them) */
    bool no_packed_float_read;
    bool srgb_write_control;             /* ES: EXT_sRGB_write_control (GL_FRAMEBUFFER_SRGB a capability) */
    bool spirv;                          /* gl_caps_spirv */
    const char *spirv_why_not;           /* gl_caps_spirv_why_not */
    GLuint read_fbo, draw_fbo;           /* the emulations' own framebuffers, made on first use */
    /* The target each texture name was created for (glCreateTextures,
     * glTextureView), indexed by name: DSA calls name a texture alone, the
     * bind they become needs its target. 0: unknown (GL_TEXTURE_2D). */
    GLenum *targets;
    size_t target_count;
    /* Without EXT/OES_texture_view: each "view" is a texture of its own in
     * the view's format, holding a copy (gl_caps_view_sync) */
    struct copy_view {
        GLuint view, orig;
        GLenum target, orig_target;
        GLint minlevel, levels, minlayer, layers, width, height;
    } *copy_views;
    size_t copy_view_count, copy_view_cap;
    PFNGLDELETETEXTURESPROC delete_textures;
    bool warned_logic_op, warned_provoking, warned_barrier, warned_polygon_mode, warned_restart;
    /* No texture barrier: a shader that reads the target it draws into
     * (without framebuffer fetch) reads a copy of it made before the draw
     * (gl_caps_dest_copy) */
    bool dest_copy;
    /* no first-vertex convention: draws that need it rotate their indices
     * (gl_caps_first_vertex_by_indices) */
    bool first_vertex_by_indices;
    /* no 1D textures: 2D ones of height 1 stand in (gl_caps_texture_1d_as_2d) */
    bool texture_1d_as_2d;
    /* no polygon mode: the draw path's geometry shader draws the edges or
     * vertices (gl_caps_polygon_mode_by_gs) */
    bool polygon_mode_by_gs;
    char describe[1024]; /* the ES line is over 512 bytes */
} gl_caps;

static _Thread_local glhle_context *cur; /* the context whose GL is current on this thread */

void gl_caps_bind(glhle_context *ctx)
{
    cur = ctx;
}

const char *gl_caps_describe(const glhle_context *ctx)
{
    return ctx->caps ? ctx->caps->describe : "none";
}

GLHLE_API const char *glhle_context_host_choices(const glhle_context *ctx)
{
    return gl_caps_describe(ctx);
}

/* ---- bindings: query and put back -------------------------------------------------------------- */

static GLenum binding_query(GLenum target)
{
    switch (target) {
    case GL_TEXTURE_2D: return GL_TEXTURE_BINDING_2D;
    case GL_TEXTURE_2D_ARRAY: return GL_TEXTURE_BINDING_2D_ARRAY;
    case GL_TEXTURE_3D: return GL_TEXTURE_BINDING_3D;
    case GL_TEXTURE_CUBE_MAP: return GL_TEXTURE_BINDING_CUBE_MAP;
    case GL_TEXTURE_CUBE_MAP_ARRAY: return GL_TEXTURE_BINDING_CUBE_MAP_ARRAY;
    case GL_TEXTURE_BUFFER: return GL_TEXTURE_BINDING_BUFFER;
    case GL_TEXTURE_2D_MULTISAMPLE: return GL_TEXTURE_BINDING_2D_MULTISAMPLE;
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: return GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY;
    default: return GL_TEXTURE_BINDING_2D;
    }
}

static GLenum target_of(GLuint tex)
{
    const gl_caps *c = cur->caps;
    return tex < c->target_count && c->targets[tex] ? c->targets[tex] : GL_TEXTURE_2D;
}

static void remember_target(GLuint tex, GLenum target)
{
    gl_caps *c = cur->caps;
    if (tex >= c->target_count) {
        size_t n = c->target_count ? c->target_count : 256;
        while (n <= tex)
            n *= 2;
        GLenum *t = realloc(c->targets, n * sizeof *t);
        if (!t) {
            GLHLE_ERROR(&cur->log, "gl caps: no memory to remember texture %u's target", tex);
            return;
        }
        memset(t + c->target_count, 0, (n - c->target_count) * sizeof *t);
        c->targets = t;
        c->target_count = n;
    }
    c->targets[tex] = target;
}

typedef struct bound_tex {
    GLenum target;
    GLint old;
} bound_tex;

static bound_tex bind_tex(GLuint tex)
{
    GladGLContext *gl = &cur->gl;
    bound_tex b = {target_of(tex), 0};
    gl->GetIntegerv(binding_query(b.target), &b.old);
    gl->BindTexture(b.target, tex);
    return b;
}

static void unbind_tex(bound_tex b)
{
    cur->gl.BindTexture(b.target, (GLuint)b.old);
}

static GLint bind_fb(GLenum target, GLuint fb)
{
    GladGLContext *gl = &cur->gl;
    GLint old = 0;
    gl->GetIntegerv(target == GL_READ_FRAMEBUFFER ? GL_READ_FRAMEBUFFER_BINDING : GL_DRAW_FRAMEBUFFER_BINDING, &old);
    gl->BindFramebuffer(target, fb);
    return old;
}

static GLint bind_buf(GLuint buf)
{
    GladGLContext *gl = &cur->gl;
    GLint old = 0;
    gl->GetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &old);
    gl->BindBuffer(GL_COPY_WRITE_BUFFER, buf);
    return old;
}

static GLint bind_vao(GLuint vao)
{
    GladGLContext *gl = &cur->gl;
    GLint old = 0;
    gl->GetIntegerv(GL_VERTEX_ARRAY_BINDING, &old);
    gl->BindVertexArray(vao);
    return old;
}

/* ---- client pixel formats (readback conversions and upload repacks) -------------------------- */

static int format_channels(GLenum format, int order[4])
{
    switch (format) {
    case GL_RED: case GL_RED_INTEGER: order[0] = 0; return 1;
    case GL_RG: case GL_RG_INTEGER: order[0] = 0, order[1] = 1; return 2;
    case GL_RGB: case GL_RGB_INTEGER: order[0] = 0, order[1] = 1, order[2] = 2; return 3;
    case GL_BGRA: order[0] = 2, order[1] = 1, order[2] = 0, order[3] = 3; return 4;
    case GL_ALPHA: order[0] = 3; return 1;
    case GL_DEPTH_COMPONENT: case GL_STENCIL_INDEX: order[0] = 0; return 1; /* sized by read_box's layer stride */
    default: order[0] = 0, order[1] = 1, order[2] = 2, order[3] = 3; return 4;
    }
}

static bool integer_format(GLenum f)
{
    return f == GL_RED_INTEGER || f == GL_RG_INTEGER || f == GL_RGB_INTEGER || f == GL_RGBA_INTEGER;
}

/* A packed type (GL 4.6 / ES 3.2 tables 8.6-8.8): the format's i-th
 * component has bits[i] bits at bit shift[i] of a `bytes`-byte word (the
 * _REV types put the first component in the low bits). n = 0: a packed
 * type whose fields are not unsigned normalized integers (float, shared
 * exponent, depth-stencil), only sized here. */
typedef struct packed_type {
    GLenum type;
    uint8_t bytes, n, bits[4], shift[4];
} packed_type;

static const packed_type PACKED[] = {
    {GL_UNSIGNED_SHORT_5_6_5, 2, 3, {5, 6, 5, 0}, {11, 5, 0, 0}},
    {GL_UNSIGNED_SHORT_5_6_5_REV, 2, 3, {5, 6, 5, 0}, {0, 5, 11, 0}},
    {GL_UNSIGNED_SHORT_4_4_4_4, 2, 4, {4, 4, 4, 4}, {12, 8, 4, 0}},
    {GL_UNSIGNED_SHORT_4_4_4_4_REV, 2, 4, {4, 4, 4, 4}, {0, 4, 8, 12}},
    {GL_UNSIGNED_SHORT_5_5_5_1, 2, 4, {5, 5, 5, 1}, {11, 6, 1, 0}},
    {GL_UNSIGNED_SHORT_1_5_5_5_REV, 2, 4, {5, 5, 5, 1}, {0, 5, 10, 15}},
    {GL_UNSIGNED_INT_8_8_8_8, 4, 4, {8, 8, 8, 8}, {24, 16, 8, 0}},
    {GL_UNSIGNED_INT_8_8_8_8_REV, 4, 4, {8, 8, 8, 8}, {0, 8, 16, 24}},
    {GL_UNSIGNED_INT_2_10_10_10_REV, 4, 4, {10, 10, 10, 2}, {0, 10, 20, 30}},
    {GL_UNSIGNED_INT_10F_11F_11F_REV, 4, 0, {0}, {0}},
    {GL_UNSIGNED_INT_5_9_9_9_REV, 4, 0, {0}, {0}},
    {GL_UNSIGNED_INT_24_8, 4, 0, {0}, {0}},
    {GL_FLOAT_32_UNSIGNED_INT_24_8_REV, 8, 0, {0}, {0}},
};

static const packed_type *packed_of(GLenum type)
{
    for (size_t i = 0; i < sizeof PACKED / sizeof PACKED[0]; i++)
        if (PACKED[i].type == type)
            return &PACKED[i];
    return NULL;
}

static size_t type_size(GLenum type)
{
    switch (type) {
    case GL_UNSIGNED_BYTE: case GL_BYTE: return 1;
    case GL_UNSIGNED_SHORT: case GL_SHORT: case GL_HALF_FLOAT: return 2;
    default: return 4;
    }
}

/* Bytes per pixel of format/type in client memory. */
static size_t pixel_size(GLenum format, GLenum type)
{
    int order[4];
    const packed_type *p = packed_of(type);
    return p ? p->bytes : (size_t)format_channels(format, order) * type_size(type);
}

static uint32_t unorm_requantize(uint32_t v, int from_bits, int to_bits)
{
    if (from_bits == to_bits)
        return v;
    const uint64_t fmax = (1ull << from_bits) - 1, tmax = (1ull << to_bits) - 1;
    return (uint32_t)((v * tmax * 2 + fmax) / (fmax * 2)); /* round(v * tmax / fmax) */
}

/* snorm b bits: max(v / (2^(b-1) - 1), -1), rounded half away from zero */
static int32_t snorm_requantize(int32_t v, int from_bits, int to_bits)
{
    if (from_bits == to_bits)
        return v;
    const int64_t fmax = (1ll << (from_bits - 1)) - 1, tmax = (1ll << (to_bits - 1)) - 1;
    const int64_t a = v < -fmax ? fmax : v < 0 ? -v : v;
    const int64_t r = (a * tmax * 2 + fmax) / (fmax * 2);
    return (int32_t)(v < 0 ? -r : r);
}

/* What a canonical pixel holds: four channels (R, G, B, A) of bits[c]
 * unsigned normalized bits, or signed normalized (`snorm`, the values
 * sign-extended), or integers, or float bits. */
typedef struct canon_px {
    uint8_t bits[4];
    bool snorm, is_float;
    GLenum word; /* 10F_11F_11F_REV or 5_9_9_9_REV: channel 0 holds that packed word */
} canon_px;

/* The unsigned floats of R11F_G11F_B10F (GL 4.6 / ES 3.2 2.3.4.3-4: 5-bit
 * exponent, bias 15, 6 or 5 mantissa bits, no sign) through the 1.5.m
 * forms of float_formats.h with the sign bit 0; negative values and -0
 * store 0, NaN stays NaN. */
static uint32_t ufloat_encode(float v, unsigned mant)
{
    if (!(v > 0.0f) && v == v)
        return 0;
    return glhle_pica_float_encode(v, 5, mant) & ((1u << (5 + mant)) - 1);
}

static uint32_t r11g11b10_encode(const float f[3])
{
    return ufloat_encode(f[0], 6) | ufloat_encode(f[1], 6) << 11 | ufloat_encode(f[2], 5) << 22;
}

static void r11g11b10_decode(uint32_t w, float f[3])
{
    f[0] = glhle_pica_float_decode(w & 0x7FF, 5, 6);
    f[1] = glhle_pica_float_decode(w >> 11 & 0x7FF, 5, 6);
    f[2] = glhle_pica_float_decode(w >> 22 & 0x3FF, 5, 5);
}

/* RGB9_E5 (GL 4.6 / ES 3.2 8.5.2, N = 9 mantissa bits, B = 15): each
 * channel clamped to [0, sharedexp_max] (NaN to 0), the shared exponent
 * from the largest, each mantissa rounded to nearest. */
static uint32_t rgb9e5_encode(const float f[3])
{
    const double max = 511.0 / 512.0 * 65536.0;
    double c[3], m = 0;
    for (int i = 0; i < 3; i++) {
        c[i] = f[i] == f[i] && f[i] > 0 ? (f[i] < max ? f[i] : max) : 0;
        m = c[i] > m ? c[i] : m;
    }
    int e2 = -16; /* floor(log2(m)), at least -B - 1 */
    if (m > 0) {
        int e;
        frexp(m, &e);
        e2 = e - 1 > -16 ? e - 1 : -16;
    }
    int exp_s = e2 + 1 + 15;
    if (floor(m / ldexp(1.0, exp_s - 15 - 9) + 0.5) >= 512.0)
        exp_s++;
    uint32_t w = (uint32_t)exp_s << 27;
    for (int i = 0; i < 3; i++)
        w |= (uint32_t)floor(c[i] / ldexp(1.0, exp_s - 15 - 9) + 0.5) << (9 * i);
    return w;
}

static void rgb9e5_decode(uint32_t w, float f[3])
{
    for (int i = 0; i < 3; i++)
        f[i] = (float)ldexp((double)(w >> (9 * i) & 0x1FF), (int)(w >> 27) - 15 - 9);
}

/* Reads one pixel of format/type at src into canonical channels (alpha 1
 * where the format has none). Handles the unsigned normalized packed types
 * and UNSIGNED_BYTE; false for anything else. */
static bool unpack_unorm_pixel(GLenum format, GLenum type, const uint8_t *src, uint32_t ch[4], canon_px *cp)
{
    int order[4];
    const int n = format_channels(format, order);
    const packed_type *p = packed_of(type);
    if ((p && !p->n) || (!p && type != GL_UNSIGNED_BYTE) || integer_format(format))
        return false;
    *cp = (canon_px){{8, 8, 8, 8}, false, false, 0};
    ch[0] = ch[1] = ch[2] = 0, ch[3] = 255;
    if (!p) {
        for (int i = 0; i < n; i++)
            ch[order[i]] = src[i];
        return true;
    }
    uint32_t v = 0;
    if (p->bytes == 2) {
        uint16_t h;
        memcpy(&h, src, 2);
        v = h;
    } else {
        memcpy(&v, src, 4);
    }
    if (p->n == 3)
        cp->bits[3] = 1, ch[3] = 1;
    for (int i = 0; i < p->n && i < n; i++) {
        ch[order[i]] = (v >> p->shift[i]) & ((1u << p->bits[i]) - 1);
        cp->bits[order[i]] = p->bits[i];
    }
    return true;
}

/* Writes one canonical pixel in format/type at dst. */
static void pack_pixel(GLenum format, GLenum type, const canon_px *cp, const uint32_t ch[4], uint8_t *dst)
{
    int order[4];
    const int n = format_channels(format, order);
    const bool integer = integer_format(format);
    const packed_type *p = packed_of(type);
    if (type == GL_UNSIGNED_INT_10F_11F_11F_REV || type == GL_UNSIGNED_INT_5_9_9_9_REV) {
        uint32_t v = ch[0];
        if (cp->word != type) { /* from R, G, B as floats */
            float f[3];
            for (int c = 0; c < 3; c++)
                f[c] = cp->is_float ? glhle_bits_to_float(ch[c])
                       : cp->snorm  ? (float)(int32_t)ch[c] / (float)((1u << (cp->bits[c] - 1)) - 1)
                                    : (float)((double)ch[c] / (double)((1ull << cp->bits[c]) - 1));
            v = type == GL_UNSIGNED_INT_5_9_9_9_REV ? rgb9e5_encode(f) : r11g11b10_encode(f);
        }
        memcpy(dst, &v, 4);
        return;
    }
    if (p) {
        uint32_t v = 0;
        for (int i = 0; i < p->n && i < n; i++) {
            const int c = order[i];
            const uint32_t mask = (1u << p->bits[i]) - 1;
            v |= (integer ? ch[c] & mask : unorm_requantize(ch[c], cp->bits[c], p->bits[i])) << p->shift[i];
        }
        if (p->bytes == 2) {
            const uint16_t h = (uint16_t)v;
            memcpy(dst, &h, 2);
        } else {
            memcpy(dst, &v, 4);
        }
        return;
    }
    const size_t ts = type_size(type);
    const bool signed_type = type == GL_BYTE || type == GL_SHORT || type == GL_INT;
    for (int i = 0; i < n; i++) {
        const int k = order[i];
        const uint32_t c = ch[k];
        const int b = cp->bits[k];
        if (type == GL_FLOAT || type == GL_HALF_FLOAT) {
            float f;
            if (cp->is_float)
                memcpy(&f, &c, 4);
            else if (integer)
                f = (float)c;
            else if (cp->snorm)
                {
                const float sf = (float)(int32_t)c / (float)((1u << (b - 1)) - 1);
                f = sf < -1.0f ? -1.0f : sf;
            }
            else
                f = (float)((double)c / (double)((1ull << b) - 1));
            if (type == GL_FLOAT) {
                memcpy(dst + 4 * i, &f, 4);
            } else { /* IEEE binary16, rounded to nearest even */
                const uint16_t h = (uint16_t)glhle_float_to_f16(f);
                memcpy(dst + 2 * i, &h, 2);
            }
            continue;
        }
        uint32_t v = c;
        if (!integer)
            v = cp->snorm && signed_type ? (uint32_t)snorm_requantize((int32_t)c, b, (int)ts * 8)
                                         : unorm_requantize(c, b, (int)ts * 8);
        if (ts == 1) {
            dst[i] = (uint8_t)v;
        } else if (ts == 2) {
            const uint16_t h = (uint16_t)v;
            memcpy(dst + 2 * i, &h, 2);
        } else {
            memcpy(dst + 4 * i, &v, 4);
        }
    }
}

/* The pair an ES upload of format/type is repacked into (the same bytes a
 * pixel, the same bits a channel: exact), when ES 3.2's table 8.2 does not
 * list format/type for any internal format glhle keeps such data in:
 * RGB565 takes RGB/5_6_5, RGB5_A1 RGBA/5_5_5_1, RGBA4 RGBA/4_4_4_4, RGB10_A2
 * RGBA/2_10_10_10_REV and RGBA8 RGBA/UNSIGNED_BYTE (BGRA only with
 * EXT_texture_format_BGRA8888's own internal format). False: as it is. */
static bool es_upload_pair(GLenum format, GLenum type, GLenum *to_format, GLenum *to_type)
{
    const bool rgba = format == GL_RGBA, bgra = format == GL_BGRA;
    *to_format = GL_RGBA;
    if (format == GL_RGB && type == GL_UNSIGNED_SHORT_5_6_5_REV)
        *to_format = GL_RGB, *to_type = GL_UNSIGNED_SHORT_5_6_5;
    else if ((rgba || bgra) && type == GL_UNSIGNED_SHORT_1_5_5_5_REV)
        *to_type = GL_UNSIGNED_SHORT_5_5_5_1;
    else if (bgra && type == GL_UNSIGNED_SHORT_5_5_5_1)
        *to_type = GL_UNSIGNED_SHORT_5_5_5_1;
    else if ((rgba && type == GL_UNSIGNED_SHORT_4_4_4_4_REV) || (bgra && (type == GL_UNSIGNED_SHORT_4_4_4_4 ||
                                                                          type == GL_UNSIGNED_SHORT_4_4_4_4_REV)))
        *to_type = GL_UNSIGNED_SHORT_4_4_4_4;
    else if (bgra && type == GL_UNSIGNED_INT_2_10_10_10_REV)
        *to_type = GL_UNSIGNED_INT_2_10_10_10_REV;
    else if ((rgba || bgra) && (type == GL_UNSIGNED_INT_8_8_8_8 || type == GL_UNSIGNED_INT_8_8_8_8_REV ||
                                (bgra && type == GL_UNSIGNED_BYTE)))
        *to_type = GL_UNSIGNED_BYTE;
    else
        return false;
    return true;
}

/* ---- textures --------------------------------------------------------------------------------- */

static void GLAD_API_PTR emu_CreateTextures(GLenum target, GLsizei n, GLuint *ids)
{
    GladGLContext *gl = &cur->gl;
    gl->GenTextures(n, ids);
    GLint old = 0;
    gl->GetIntegerv(binding_query(target), &old);
    for (GLsizei i = 0; i < n; i++) {
        gl->BindTexture(target, ids[i]); /* a name becomes a texture when first bound */
        remember_target(ids[i], target);
    }
    gl->BindTexture(target, (GLuint)old);
}

static void GLAD_API_PTR emu_TextureStorage2D(GLuint tex, GLsizei levels, GLenum ifmt, GLsizei w, GLsizei h)
{
    bound_tex b = bind_tex(tex);
    cur->gl.TexStorage2D(b.target, levels, ifmt, w, h);
    unbind_tex(b);
}

static void GLAD_API_PTR emu_TextureStorage2DMultisample(GLuint tex, GLsizei samples, GLenum ifmt, GLsizei w,
                                                         GLsizei h, GLboolean fixed)
{
    bound_tex b = bind_tex(tex);
    cur->gl.TexStorage2DMultisample(b.target, samples, ifmt, w, h, fixed); /* ES 3.1 */
    unbind_tex(b);
}

static void GLAD_API_PTR emu_TextureStorage3DMultisample(GLuint tex, GLsizei samples, GLenum ifmt, GLsizei w,
                                                         GLsizei h, GLsizei d, GLboolean fixed)
{
    bound_tex b = bind_tex(tex);
    cur->gl.TexStorage3DMultisample(b.target, samples, ifmt, w, h, d, fixed); /* ES 3.2 */
    unbind_tex(b);
}

static void GLAD_API_PTR emu_TextureStorage3D(GLuint tex, GLsizei levels, GLenum ifmt, GLsizei w, GLsizei h,
                                              GLsizei d)
{
    bound_tex b = bind_tex(tex);
    cur->gl.TexStorage3D(b.target, levels, ifmt, w, h, d);
    unbind_tex(b);
}

/* A cube map's layer z is its face z (DSA addresses the faces as layers). */
static GLenum face_target(GLenum target, GLint z)
{
    return target == GL_TEXTURE_CUBE_MAP ? (GLenum)(GL_TEXTURE_CUBE_MAP_POSITIVE_X + z) : target;
}

/* An ES upload in a pair ES does not take (es_upload_pair) is repacked on
 * the CPU into a copy laid out as the caller's data (the same bytes a
 * pixel, under the same unpack row length, alignment, skips and, for
 * `images`, image height and skipped images), read through a mapping of
 * the bound unpack buffer when there is one (then left unbound for the
 * upload: the caller binds it back). Returns the copy, with format and
 * type its pair, or NULL when none is needed (or it failed: *failed). */
static void *es_repack_upload(GLsizei w, GLsizei h, GLsizei d, bool images, GLenum *format, GLenum *type,
                              const void *pixels, bool *failed)
{
    *failed = false;
    GLenum to_format, to_type;
    if (!cur->info.gles || w <= 0 || h <= 0 || d <= 0 || !es_upload_pair(*format, *type, &to_format, &to_type))
        return NULL;
    GladGLContext *gl = &cur->gl;
    GLint row = 0, align = 4, skip_px = 0, skip_rows = 0, skip_img = 0, img_h = 0, unpack = 0;
    gl->GetIntegerv(GL_UNPACK_ROW_LENGTH, &row);
    gl->GetIntegerv(GL_UNPACK_ALIGNMENT, &align);
    gl->GetIntegerv(GL_UNPACK_SKIP_PIXELS, &skip_px);
    gl->GetIntegerv(GL_UNPACK_SKIP_ROWS, &skip_rows);
    if (images) {
        gl->GetIntegerv(GL_UNPACK_SKIP_IMAGES, &skip_img);
        gl->GetIntegerv(GL_UNPACK_IMAGE_HEIGHT, &img_h);
    }
    gl->GetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &unpack);
    const size_t ps = pixel_size(*format, *type);
    size_t stride = (size_t)(row ? row : w) * ps;
    stride = (stride + (size_t)align - 1) / (size_t)align * (size_t)align;
    const size_t image = (size_t)(img_h ? img_h : h) * stride;
    const size_t first = (size_t)skip_img * image + (size_t)skip_rows * stride + (size_t)skip_px * ps;
    const size_t span = first + image * (size_t)(d - 1) + stride * (size_t)(h - 1) + (size_t)w * ps;
    uint8_t *out = malloc(span);
    const uint8_t *src = pixels;
    void *map = NULL;
    if (out && unpack) {
        map = gl->MapBufferRange(GL_PIXEL_UNPACK_BUFFER, (GLintptr)(uintptr_t)pixels, (GLsizeiptr)span,
                                 GL_MAP_READ_BIT);
        src = map;
    }
    if (!out || !src) {
        cur->gl_errors++;
        GLHLE_ERROR(&cur->log, "gl caps: cannot repack a %dx%dx%d upload of format 0x%04X type 0x%04X for OpenGL "
                    "ES (%s)", w, h, d, *format, *type, out ? "the unpack buffer does not map" : "out of memory");
        free(out);
        if (map)
            gl->UnmapBuffer(GL_PIXEL_UNPACK_BUFFER);
        *failed = true;
        return NULL;
    }
    memcpy(out, src, span);
    for (GLsizei z = 0; z < d; z++)
        for (GLsizei y = 0; y < h; y++)
            for (GLsizei x = 0; x < w; x++) {
                const size_t at = first + image * (size_t)z + stride * (size_t)y + ps * (size_t)x;
                uint32_t ch[4];
                canon_px cp;
                if (unpack_unorm_pixel(*format, *type, src + at, ch, &cp))
                    pack_pixel(to_format, to_type, &cp, ch, out + at);
            }
    if (map) {
        gl->UnmapBuffer(GL_PIXEL_UNPACK_BUFFER);
        gl->BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    }
    *format = to_format;
    *type = to_type;
    return out;
}

static void GLAD_API_PTR emu_TextureSubImage2D(GLuint tex, GLint level, GLint x, GLint y, GLsizei w, GLsizei h,
                                               GLenum format, GLenum type, const void *pixels)
{
    bool failed;
    GLint unpack = 0;
    cur->gl.GetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &unpack);
    void *conv = es_repack_upload(w, h, 1, false, &format, &type, pixels, &failed);
    if (failed)
        return;
    bound_tex b = bind_tex(tex);
    cur->gl.TexSubImage2D(b.target, level, x, y, w, h, format, type, conv ? conv : pixels);
    unbind_tex(b);
    if (conv) {
        free(conv);
        cur->gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, (GLuint)unpack);
    }
}

static void GLAD_API_PTR emu_TextureSubImage3D(GLuint tex, GLint level, GLint x, GLint y, GLint z, GLsizei w,
                                               GLsizei h, GLsizei d, GLenum format, GLenum type, const void *pixels)
{
    bool failed;
    GLint unpack = 0;
    cur->gl.GetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &unpack);
    void *conv = es_repack_upload(w, h, d, true, &format, &type, pixels, &failed);
    if (failed)
        return;
    if (conv)
        pixels = conv;
    bound_tex b = bind_tex(tex);
    if (b.target == GL_TEXTURE_CUBE_MAP) {
        GLint row = 0, align = 4;
        cur->gl.GetIntegerv(GL_UNPACK_ROW_LENGTH, &row);
        cur->gl.GetIntegerv(GL_UNPACK_ALIGNMENT, &align);
        /* faces one after another (no image height: ES has GL_UNPACK_IMAGE_HEIGHT, glhle leaves it 0) */
        size_t stride = (size_t)(row ? row : w) * pixel_size(format, type);
        stride = (stride + (size_t)align - 1) / (size_t)align * (size_t)align;
        for (GLsizei i = 0; i < d; i++)
            cur->gl.TexSubImage2D(face_target(b.target, z + i), level, x, y, w, h, format, type,
                                  (const uint8_t *)pixels + stride * (size_t)h * (size_t)i);
    } else {
        cur->gl.TexSubImage3D(b.target, level, x, y, z, w, h, d, format, type, pixels);
    }
    unbind_tex(b);
    if (conv) {
        free(conv);
        cur->gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, (GLuint)unpack);
    }
}

static void GLAD_API_PTR emu_CompressedTextureSubImage2D(GLuint tex, GLint level, GLint x, GLint y, GLsizei w,
                                                         GLsizei h, GLenum format, GLsizei size, const void *data)
{
    bound_tex b = bind_tex(tex);
    cur->gl.CompressedTexSubImage2D(b.target, level, x, y, w, h, format, size, data);
    unbind_tex(b);
}

static void GLAD_API_PTR emu_CompressedTextureSubImage3D(GLuint tex, GLint level, GLint x, GLint y, GLint z,
                                                         GLsizei w, GLsizei h, GLsizei d, GLenum format,
                                                         GLsizei size, const void *data)
{
    bound_tex b = bind_tex(tex);
    if (b.target == GL_TEXTURE_CUBE_MAP) {
        const GLsizei per = d ? size / d : 0;
        for (GLsizei i = 0; i < d; i++)
            cur->gl.CompressedTexSubImage2D(face_target(b.target, z + i), level, x, y, w, h, format, per,
                                            (const uint8_t *)data + (size_t)per * (size_t)i);
    } else {
        cur->gl.CompressedTexSubImage3D(b.target, level, x, y, z, w, h, d, format, size, data);
    }
    unbind_tex(b);
}

static void GLAD_API_PTR emu_TextureParameteri(GLuint tex, GLenum pname, GLint v)
{
    bound_tex b = bind_tex(tex);
    cur->gl.TexParameteri(b.target, pname, v);
    unbind_tex(b);
}

/* ES 3.2 has glTexBuffer (and OES/EXT_texture_buffer before it) */
static void GLAD_API_PTR emu_TextureBuffer(GLuint tex, GLenum internal, GLuint buf)
{
    bound_tex b = bind_tex(tex);
    cur->gl.TexBuffer(b.target, internal, buf);
    unbind_tex(b);
}

static void GLAD_API_PTR emu_GetTextureLevelParameteriv(GLuint tex, GLint level, GLenum pname, GLint *v)
{
    bound_tex b = bind_tex(tex);
    cur->gl.GetTexLevelParameteriv(face_target(b.target, 0), level, pname, v);
    unbind_tex(b);
}

static void GLAD_API_PTR emu_TextureParameteriv(GLuint tex, GLenum pname, const GLint *v)
{
    bound_tex b = bind_tex(tex);
    cur->gl.TexParameteriv(b.target, pname, v);
    unbind_tex(b);
}

static void GLAD_API_PTR emu_TextureParameterf(GLuint tex, GLenum pname, GLfloat v)
{
    bound_tex b = bind_tex(tex);
    cur->gl.TexParameterf(b.target, pname, v);
    unbind_tex(b);
}

static void GLAD_API_PTR emu_GenerateTextureMipmap(GLuint tex)
{
    bound_tex b = bind_tex(tex);
    cur->gl.GenerateMipmap(b.target);
    unbind_tex(b);
}

static void GLAD_API_PTR emu_BindTextureUnit(GLuint unit, GLuint tex)
{
    GladGLContext *gl = &cur->gl;
    GLint active = 0;
    gl->GetIntegerv(GL_ACTIVE_TEXTURE, &active);
    gl->ActiveTexture(GL_TEXTURE0 + unit);
    gl->BindTexture(target_of(tex), tex);
    gl->ActiveTexture((GLenum)active);
}

static struct copy_view *find_copy_view(gl_caps *c, GLuint view)
{
    for (size_t i = 0; i < c->copy_view_count; i++)
        if (c->copy_views[i].view == view)
            return &c->copy_views[i];
    return NULL;
}

/* Copies every level and layer of a copy view between it and its original
 * (glCopyImageSubData: RGBA8 and R32UI are both 32-bit formats, which it
 * copies between bit for bit, GL 4.5 / ES 3.2 18.3.3). */
static void copy_view_sync(const struct copy_view *v, bool to_view)
{
    GladGLContext *gl = &cur->gl;
    for (GLint l = 0; l < v->levels; l++) {
        const GLint w = v->width >> l > 0 ? v->width >> l : 1, h = v->height >> l > 0 ? v->height >> l : 1;
        if (to_view)
            gl->CopyImageSubData(v->orig, v->orig_target, v->minlevel + l, 0, 0, v->minlayer, v->view, v->target, l,
                                 0, 0, 0, w, h, v->layers);
        else
            gl->CopyImageSubData(v->view, v->target, l, 0, 0, 0, v->orig, v->orig_target, v->minlevel + l, 0, 0,
                                 v->minlayer, w, h, v->layers);
    }
}

/* No texture views: `tex` becomes a texture of the view's format and size,
 * filled with a copy of the original's texels; the caller keeps the two in
 * step with gl_caps_view_sync (a view aliases, a copy does not). */
static void copy_view_make(GLuint tex, GLenum target, GLuint orig, GLenum ifmt, GLuint minlevel, GLuint numlevels,
                           GLuint minlayer, GLuint numlayers)
{
    gl_caps *c = cur->caps;
    GladGLContext *gl = &cur->gl;
    struct copy_view *v = find_copy_view(c, tex);
    if (!v) {
        if (c->copy_view_count == c->copy_view_cap) {
            const size_t n = c->copy_view_cap ? 2 * c->copy_view_cap : 8;
            struct copy_view *t = realloc(c->copy_views, n * sizeof *t);
            if (!t) {
                cur->gl_errors++;
                GLHLE_ERROR(&cur->log, "%s: no memory for the copy that stands in for a view of texture %u",
                            cur->call_what ? cur->call_what : "glhle", orig);
                return;
            }
            c->copy_views = t;
            c->copy_view_cap = n;
        }
        v = &c->copy_views[c->copy_view_count++];
    }
    GLint w = 0, h = 0;
    gl->GetTextureLevelParameteriv(orig, (GLint)minlevel, GL_TEXTURE_WIDTH, &w);
    gl->GetTextureLevelParameteriv(orig, (GLint)minlevel, GL_TEXTURE_HEIGHT, &h);
    *v = (struct copy_view){.view = tex, .orig = orig, .target = target, .orig_target = target_of(orig),
                            .minlevel = (GLint)minlevel, .levels = (GLint)numlevels, .minlayer = (GLint)minlayer,
                            .layers = (GLint)numlayers, .width = w, .height = h};
    remember_target(tex, target);
    bound_tex b = bind_tex(tex);
    if (target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_CUBE_MAP_ARRAY || target == GL_TEXTURE_3D)
        gl->TexStorage3D(target, (GLsizei)numlevels, ifmt, w, h, (GLsizei)numlayers);
    else
        gl->TexStorage2D(target, (GLsizei)numlevels, ifmt, w, h);
    unbind_tex(b);
    copy_view_sync(v, true);
}

/* the driver's glDeleteTextures, for a call after the caps are gone (an
 * object freed after gl_caps_destroy) */
static PFNGLDELETETEXTURESPROC driver_delete_textures;

static void GLAD_API_PTR es_DeleteTextures(GLsizei n, const GLuint *names)
{
    gl_caps *c = cur ? cur->caps : NULL;
    if (!c) {
        driver_delete_textures(n, names);
        return;
    }
    for (GLsizei i = 0; i < n; i++) {
        struct copy_view *v = find_copy_view(c, names[i]);
        if (v)
            *v = c->copy_views[--c->copy_view_count];
    }
    c->delete_textures(n, names);
}

static void GLAD_API_PTR emu_TextureView(GLuint tex, GLenum target, GLuint orig, GLenum ifmt, GLuint minlevel,
                                         GLuint numlevels, GLuint minlayer, GLuint numlayers)
{
    gl_caps *c = cur->caps;
    if (!c->texture_view) {
        copy_view_make(tex, target, orig, ifmt, minlevel, numlevels, minlayer, numlayers);
        return;
    }
    c->texture_view(tex, target, orig, ifmt, minlevel, numlevels, minlayer, numlayers);
    remember_target(tex, target);
}

void gl_caps_view_sync(glhle_context *ctx, GLuint view, bool to_view)
{
    gl_caps *c = ctx->caps;
    if (!c || c->texture_view || !c->copy_view_count)
        return;
    const struct copy_view *v = find_copy_view(c, view);
    if (v)
        copy_view_sync(v, to_view);
}

/* ---- framebuffers ----------------------------------------------------------------------------- */

static void GLAD_API_PTR emu_CreateFramebuffers(GLsizei n, GLuint *ids)
{
    cur->gl.GenFramebuffers(n, ids);
    for (GLsizei i = 0; i < n; i++)
        cur->gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)bind_fb(GL_DRAW_FRAMEBUFFER, ids[i]));
}

/* Attaches level `level` (and layer `layer` when >= 0) of tex to `target`'s bound framebuffer. */
static void attach(GLenum target, GLenum attachment, GLuint tex, GLint level, GLint layer)
{
    GladGLContext *gl = &cur->gl;
    const GLenum t = tex ? target_of(tex) : GL_TEXTURE_2D;
    if (layer < 0 && (t == GL_TEXTURE_2D || t == GL_TEXTURE_2D_MULTISAMPLE || !tex))
        gl->FramebufferTexture2D(target, attachment, t, tex, level);
    else if (layer < 0)
        gl->FramebufferTexture(target, attachment, tex, level);
    else if (t == GL_TEXTURE_CUBE_MAP)
        gl->FramebufferTexture2D(target, attachment, face_target(t, layer), tex, level);
    else
        gl->FramebufferTextureLayer(target, attachment, tex, level, layer);
}

static void GLAD_API_PTR emu_NamedFramebufferTexture(GLuint fb, GLenum attachment, GLuint tex, GLint level)
{
    GLint old = bind_fb(GL_DRAW_FRAMEBUFFER, fb);
    attach(GL_DRAW_FRAMEBUFFER, attachment, tex, level, -1);
    cur->gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)old);
}

static void GLAD_API_PTR emu_NamedFramebufferTextureLayer(GLuint fb, GLenum attachment, GLuint tex, GLint level,
                                                          GLint layer)
{
    GLint old = bind_fb(GL_DRAW_FRAMEBUFFER, fb);
    attach(GL_DRAW_FRAMEBUFFER, attachment, tex, level, layer);
    cur->gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)old);
}

static void GLAD_API_PTR emu_NamedFramebufferRenderbuffer(GLuint fb, GLenum attachment, GLenum rbtarget, GLuint rb)
{
    GLint old = bind_fb(GL_DRAW_FRAMEBUFFER, fb);
    cur->gl.FramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, attachment, rbtarget, rb);
    cur->gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)old);
}

static void GLAD_API_PTR emu_NamedFramebufferDrawBuffers(GLuint fb, GLsizei n, const GLenum *bufs)
{
    GLint old = bind_fb(GL_DRAW_FRAMEBUFFER, fb);
    cur->gl.DrawBuffers(n, bufs);
    cur->gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)old);
}

static void GLAD_API_PTR emu_NamedFramebufferReadBuffer(GLuint fb, GLenum buf)
{
    GLint old = bind_fb(GL_READ_FRAMEBUFFER, fb);
    cur->gl.ReadBuffer(buf);
    cur->gl.BindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)old);
}

static GLenum GLAD_API_PTR emu_CheckNamedFramebufferStatus(GLuint fb, GLenum target)
{
    const GLenum t = target == GL_READ_FRAMEBUFFER ? GL_READ_FRAMEBUFFER : GL_DRAW_FRAMEBUFFER;
    GLint old = bind_fb(t, fb);
    GLenum s = cur->gl.CheckFramebufferStatus(t);
    cur->gl.BindFramebuffer(t, (GLuint)old);
    return s;
}

static void GLAD_API_PTR emu_BlitNamedFramebuffer(GLuint rfb, GLuint dfb, GLint sx0, GLint sy0, GLint sx1, GLint sy1,
                                                  GLint dx0, GLint dy0, GLint dx1, GLint dy1, GLbitfield mask,
                                                  GLenum filter)
{
    GLint old_r = bind_fb(GL_READ_FRAMEBUFFER, rfb), old_d = bind_fb(GL_DRAW_FRAMEBUFFER, dfb);
    cur->gl.BlitFramebuffer(sx0, sy0, sx1, sy1, dx0, dy0, dx1, dy1, mask, filter);
    cur->gl.BindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)old_r);
    cur->gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)old_d);
}

static void GLAD_API_PTR emu_ClearNamedFramebufferfv(GLuint fb, GLenum buffer, GLint drawbuffer, const GLfloat *v)
{
    GLint old = bind_fb(GL_DRAW_FRAMEBUFFER, fb);
    cur->gl.ClearBufferfv(buffer, drawbuffer, v);
    cur->gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)old);
}

static void GLAD_API_PTR emu_ClearNamedFramebufferiv(GLuint fb, GLenum buffer, GLint drawbuffer, const GLint *v)
{
    GLint old = bind_fb(GL_DRAW_FRAMEBUFFER, fb);
    cur->gl.ClearBufferiv(buffer, drawbuffer, v);
    cur->gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)old);
}

static void GLAD_API_PTR emu_ClearNamedFramebufferuiv(GLuint fb, GLenum buffer, GLint drawbuffer, const GLuint *v)
{
    GLint old = bind_fb(GL_DRAW_FRAMEBUFFER, fb);
    cur->gl.ClearBufferuiv(buffer, drawbuffer, v);
    cur->gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)old);
}

static void GLAD_API_PTR emu_ClearNamedFramebufferfi(GLuint fb, GLenum buffer, GLint drawbuffer, GLfloat depth,
                                                     GLint stencil)
{
    GLint old = bind_fb(GL_DRAW_FRAMEBUFFER, fb);
    cur->gl.ClearBufferfi(buffer, drawbuffer, depth, stencil);
    cur->gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)old);
}

/* ---- buffers and vertex arrays ---------------------------------------------------------------- */

/* glCreate*: a name becomes an object when first bound; bound and put back. */
static void GLAD_API_PTR emu_CreateBuffers(GLsizei n, GLuint *ids)
{
    cur->gl.GenBuffers(n, ids);
    for (GLsizei i = 0; i < n; i++)
        cur->gl.BindBuffer(GL_COPY_WRITE_BUFFER, (GLuint)bind_buf(ids[i]));
}

static void GLAD_API_PTR emu_NamedBufferData(GLuint buf, GLsizeiptr size, const void *data, GLenum usage)
{
    GLint old = bind_buf(buf);
    cur->gl.BufferData(GL_COPY_WRITE_BUFFER, size, data, usage);
    cur->gl.BindBuffer(GL_COPY_WRITE_BUFFER, (GLuint)old);
}

static void GLAD_API_PTR emu_NamedBufferSubData(GLuint buf, GLintptr off, GLsizeiptr size, const void *data)
{
    GLint old = bind_buf(buf);
    cur->gl.BufferSubData(GL_COPY_WRITE_BUFFER, off, size, data);
    cur->gl.BindBuffer(GL_COPY_WRITE_BUFFER, (GLuint)old);
}

static void GLAD_API_PTR emu_NamedBufferStorage(GLuint buf, GLsizeiptr size, const void *data, GLbitfield flags)
{
    GLint old = bind_buf(buf);
    if (cur->gl.BufferStorage)
        cur->gl.BufferStorage(GL_COPY_WRITE_BUFFER, size, data, flags);
    else
        cur->gl.BufferData(GL_COPY_WRITE_BUFFER, size, data, GL_DYNAMIC_DRAW);
    cur->gl.BindBuffer(GL_COPY_WRITE_BUFFER, (GLuint)old);
}

/* No buffer storage at all: a mutable store of the same size (nothing maps
 * it persistently: stream_buffer.c checks info.buffer_storage). */
static void GLAD_API_PTR emu_BufferStorage(GLenum target, GLsizeiptr size, const void *data, GLbitfield flags)
{
    (void)flags;
    cur->gl.BufferData(target, size, data, GL_DYNAMIC_DRAW);
}

/* glGetBufferSubData (not in ES): a read mapping of the range. */
static void GLAD_API_PTR emu_GetBufferSubData(GLenum target, GLintptr off, GLsizeiptr size, void *data)
{
    const void *p = cur->gl.MapBufferRange(target, off, size, GL_MAP_READ_BIT);
    if (!p) {
        cur->gl_errors++;
        GLHLE_ERROR(&cur->log, "gl caps: glGetBufferSubData: the buffer range does not map for reading");
        return;
    }
    memcpy(data, p, (size_t)size);
    cur->gl.UnmapBuffer(target);
}

static void GLAD_API_PTR emu_GetNamedBufferSubData(GLuint buf, GLintptr off, GLsizeiptr size, void *data)
{
    GLint old = bind_buf(buf);
    emu_GetBufferSubData(GL_COPY_WRITE_BUFFER, off, size, data);
    cur->gl.BindBuffer(GL_COPY_WRITE_BUFFER, (GLuint)old);
}

static void GLAD_API_PTR emu_CreateVertexArrays(GLsizei n, GLuint *ids)
{
    cur->gl.GenVertexArrays(n, ids);
    for (GLsizei i = 0; i < n; i++)
        cur->gl.BindVertexArray((GLuint)bind_vao(ids[i]));
}

static void GLAD_API_PTR emu_VertexArrayVertexBuffer(GLuint vao, GLuint bi, GLuint buf, GLintptr off, GLsizei stride)
{
    GLint old = bind_vao(vao);
    cur->gl.BindVertexBuffer(bi, buf, off, stride);
    cur->gl.BindVertexArray((GLuint)old);
}

static void GLAD_API_PTR emu_VertexArrayElementBuffer(GLuint vao, GLuint buf)
{
    GLint old = bind_vao(vao);
    cur->gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf); /* vertex-array state: the rebind below restores the old one's */
    cur->gl.BindVertexArray((GLuint)old);
}

static void GLAD_API_PTR emu_VertexArrayAttribFormat(GLuint vao, GLuint a, GLint size, GLenum type, GLboolean norm,
                                                     GLuint off)
{
    GLint old = bind_vao(vao);
    cur->gl.VertexAttribFormat(a, size, type, norm, off);
    cur->gl.BindVertexArray((GLuint)old);
}

static void GLAD_API_PTR emu_VertexArrayAttribIFormat(GLuint vao, GLuint a, GLint size, GLenum type, GLuint off)
{
    GLint old = bind_vao(vao);
    cur->gl.VertexAttribIFormat(a, size, type, off);
    cur->gl.BindVertexArray((GLuint)old);
}

static void GLAD_API_PTR emu_VertexArrayAttribBinding(GLuint vao, GLuint a, GLuint bi)
{
    GLint old = bind_vao(vao);
    cur->gl.VertexAttribBinding(a, bi);
    cur->gl.BindVertexArray((GLuint)old);
}

static void GLAD_API_PTR emu_VertexArrayBindingDivisor(GLuint vao, GLuint bi, GLuint div)
{
    GLint old = bind_vao(vao);
    cur->gl.VertexBindingDivisor(bi, div);
    cur->gl.BindVertexArray((GLuint)old);
}

static void GLAD_API_PTR emu_EnableVertexArrayAttrib(GLuint vao, GLuint a)
{
    GLint old = bind_vao(vao);
    cur->gl.EnableVertexAttribArray(a);
    cur->gl.BindVertexArray((GLuint)old);
}

static void GLAD_API_PTR emu_DisableVertexArrayAttrib(GLuint vao, GLuint a)
{
    GLint old = bind_vao(vao);
    cur->gl.DisableVertexAttribArray(a);
    cur->gl.BindVertexArray((GLuint)old);
}

static void GLAD_API_PTR emu_CreateSamplers(GLsizei n, GLuint *ids)
{
    cur->gl.GenSamplers(n, ids); /* sampler names are objects from the start (ES 3.2 8.2) */
}

/* ---- readback ----------------------------------------------------------------------------------- */

/* Whether ES reads format/type from the bound read framebuffer as asked. */
static bool es_reads_directly(GLenum format, GLenum type)
{
    const gl_caps *c = cur->caps;
    if (format == GL_DEPTH_COMPONENT) /* FLOAT: converted (fixed-point buffers read as UNSIGNED_INT) */
        return c->read_depth && type != GL_FLOAT;
    if (format == GL_DEPTH_STENCIL || format == GL_STENCIL_INDEX)
        return c->read_depth_stencil;
    if (c->no_packed_float_read && (type == GL_UNSIGNED_INT_10F_11F_11F_REV || type == GL_UNSIGNED_INT_5_9_9_9_REV))
        return false;
    if ((format == GL_RGBA && (type == GL_UNSIGNED_BYTE || type == GL_FLOAT)) ||
        (format == GL_RGBA_INTEGER && (type == GL_UNSIGNED_INT || type == GL_INT)))
        return true;
    /* the implementation's own pair for this buffer (RGB565 as RGB/5_6_5,
     * RGBA16_SNORM as RGBA/SHORT under EXT_render_snorm, ...), asked only of
     * a complete framebuffer (else the query itself is an error) */
    GladGLContext *gl = &cur->gl;
    if (gl->CheckFramebufferStatus(GL_READ_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        return false;
    GLint f = 0, t = 0;
    gl->GetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &f);
    gl->GetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &t);
    return (GLenum)f == format && (GLenum)t == type;
}

/* Reads w x h pixels of the bound read buffer as cformat/ctype, which ES
 * reads from it, into format/type as glReadPixels would (under the
 * caller's pack state, into client memory or the bound pack buffer); cp0
 * says what the read pair's channels hold. */
static void read_through(GLint x, GLint y, GLsizei w, GLsizei h, GLenum format, GLenum type, void *pixels,
                         GLenum cformat, GLenum ctype, const canon_px *cp0)
{
    gl_caps *c = cur->caps;
    GladGLContext *gl = &cur->gl;
    const size_t ps = pixel_size(format, type), cps = pixel_size(cformat, ctype);
    canon_px cp = *cp0;
    GLint row = 0, align = 4, skip_px = 0, skip_rows = 0, pack = 0;
    gl->GetIntegerv(GL_PACK_ROW_LENGTH, &row);
    gl->GetIntegerv(GL_PACK_ALIGNMENT, &align);
    gl->GetIntegerv(GL_PACK_SKIP_PIXELS, &skip_px);
    gl->GetIntegerv(GL_PACK_SKIP_ROWS, &skip_rows);
    gl->GetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &pack);
    uint8_t *canon = malloc((size_t)w * (size_t)h * cps);
    if (!canon) {
        cur->gl_errors++;
        GLHLE_ERROR(&cur->log, "gl caps: no memory to read back %dx%d pixels", w, h);
        return;
    }
    gl->PixelStorei(GL_PACK_ROW_LENGTH, 0);
    gl->PixelStorei(GL_PACK_ALIGNMENT, 4);
    gl->PixelStorei(GL_PACK_SKIP_PIXELS, 0);
    gl->PixelStorei(GL_PACK_SKIP_ROWS, 0);
    if (pack)
        gl->BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    c->read_pixels(x, y, w, h, cformat, ctype, canon);
    gl->PixelStorei(GL_PACK_ROW_LENGTH, row);
    gl->PixelStorei(GL_PACK_ALIGNMENT, align);
    gl->PixelStorei(GL_PACK_SKIP_PIXELS, skip_px);
    gl->PixelStorei(GL_PACK_SKIP_ROWS, skip_rows);
    size_t stride = (size_t)(row ? row : w) * ps;
    stride = (stride + (size_t)align - 1) / (size_t)align * (size_t)align;
    const size_t first = (size_t)skip_rows * stride + (size_t)skip_px * ps;
    const size_t span = first + stride * (size_t)(h - 1) + (size_t)w * ps;
    uint8_t *dst = pixels;
    if (pack) {
        gl->BindBuffer(GL_PIXEL_PACK_BUFFER, (GLuint)pack);
        dst = gl->MapBufferRange(GL_PIXEL_PACK_BUFFER, (GLintptr)(uintptr_t)pixels, (GLsizeiptr)span,
                                 GL_MAP_WRITE_BIT);
    }
    if (dst) {
        for (GLsizei j = 0; j < h; j++)
            for (GLsizei i = 0; i < w; i++) {
                const uint8_t *s = canon + ((size_t)j * (size_t)w + (size_t)i) * cps;
                uint32_t ch[4];
                if (ctype == GL_UNSIGNED_INT_2_10_10_10_REV) {
                    unpack_unorm_pixel(GL_RGBA, ctype, s, ch, &cp);
                } else if (cp.word && cp.word != type) { /* the packed word as R, G, B floats, alpha 1 */
                    uint32_t word;
                    memcpy(&word, s, 4);
                    float f[3];
                    if (cp.word == GL_UNSIGNED_INT_5_9_9_9_REV)
                        rgb9e5_decode(word, f);
                    else
                        r11g11b10_decode(word, f);
                    for (int k = 0; k < 3; k++)
                        ch[k] = glhle_float_to_bits(f[k]);
                    ch[3] = glhle_float_to_bits(1.0f);
                    cp.is_float = true, memset(cp.bits, 32, 4);
                } else {
                    for (int k = 0; k < 4; k++) {
                        if (ctype == GL_UNSIGNED_BYTE) {
                            ch[k] = s[k];
                        } else if (ctype == GL_BYTE) {
                            ch[k] = (uint32_t)(int32_t)(int8_t)s[k];
                        } else if (ctype == GL_UNSIGNED_SHORT || ctype == GL_SHORT) {
                            uint16_t v;
                            memcpy(&v, s + 2 * k, 2);
                            ch[k] = ctype == GL_SHORT ? (uint32_t)(int32_t)(int16_t)v : v;
                        } else {
                            memcpy(&ch[k], s + 4 * k, 4);
                        }
                    }
                }
                pack_pixel(format, type, &cp, ch, dst + first + (size_t)j * stride + (size_t)i * ps);
            }
    } else {
        cur->gl_errors++;
        GLHLE_ERROR(&cur->log, "gl caps: the pack buffer does not map for a converted readback");
    }
    if (pack && dst)
        gl->UnmapBuffer(GL_PIXEL_PACK_BUFFER);
    free(canon);
}

/* glReadPixels with ES's rules: a pair ES cannot read (and that is not the
 * implementation's read pair) is read as the pair ES reads for that class
 * of buffer and converted here, under the caller's pack row length,
 * alignment and skips, into client memory or the bound pack buffer:
 * RGBA/UNSIGNED_BYTE (normalized buffers of up to 8 bits a channel, and
 * the packed 16-bit orders), RGBA/UNSIGNED_INT_2_10_10_10_REV (RGB10_A2:
 * 16.1.2), RGBA/UNSIGNED_SHORT (EXT_texture_norm16's 16-bit buffers),
 * RGBA/BYTE and RGBA/SHORT (signed normalized buffers: EXT_render_snorm,
 * with EXT_texture_norm16 for 16 bits), RGBA_INTEGER/UNSIGNED_INT or INT,
 * RGBA/FLOAT. Every conversion is exact where the asked pair has the
 * buffer's bits (the requantizations round to nearest). */
static void GLAD_API_PTR es_ReadPixels(GLint x, GLint y, GLsizei w, GLsizei h, GLenum format, GLenum type,
                                       void *pixels)
{
    gl_caps *c = cur->caps;
    GladGLContext *gl = &cur->gl;
    if (w <= 0 || h <= 0 || es_reads_directly(format, type)) {
        c->read_pixels(x, y, w, h, format, type, pixels);
        return;
    }
    if (format == GL_DEPTH_COMPONENT && type == GL_FLOAT && c->read_depth) {
        /* NV_read_depth reads a floating-point depth buffer as FLOAT only
         * and a fixed-point one as UNSIGNED_INT only (Mesa's ES checks):
         * the first directly, the second so, then scaled */
        GLint kind = GL_NONE;
        gl->GetFramebufferAttachmentParameteriv(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                                GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &kind);
        if (kind == GL_FLOAT) {
            c->read_pixels(x, y, w, h, format, type, pixels);
            return;
        }
        GLint row = 0, pack = 0;
        gl->GetIntegerv(GL_PACK_ROW_LENGTH, &row);
        gl->GetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &pack);
        uint32_t *tmp = pack ? NULL : malloc((size_t)w * (size_t)h * 4);
        if (tmp) {
            gl->PixelStorei(GL_PACK_ROW_LENGTH, 0);
            c->read_pixels(x, y, w, h, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, tmp);
            gl->PixelStorei(GL_PACK_ROW_LENGTH, row);
            const size_t stride = (size_t)(row ? row : w);
            for (GLsizei j = 0; j < h; j++)
                for (GLsizei i = 0; i < w; i++)
                    ((float *)pixels)[(size_t)j * stride + (size_t)i] =
                        (float)((double)tmp[(size_t)j * (size_t)w + (size_t)i] / 4294967295.0);
            free(tmp);
            return;
        }
    }
    if (type == GL_UNSIGNED_INT_10F_11F_11F_REV || type == GL_UNSIGNED_INT_5_9_9_9_REV) {
        /* a floating-point buffer (R11F_G11F_B10F under EXT_color_buffer_float)
         * reads as RGBA/FLOAT (16.1.2), exactly: every value of the packed
         * formats is a float; encoded here */
        const canon_px fp = {{32, 32, 32, 32}, false, true, 0};
        read_through(x, y, w, h, format, type, pixels, GL_RGBA, GL_FLOAT, &fp);
        return;
    }
    const packed_type *pt = packed_of(type);
    if ((pt && !pt->n) || format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL || format == GL_STENCIL_INDEX) {
        cur->gl_errors++;
        GLHLE_ERROR(&cur->log, "%s: OpenGL ES cannot read format 0x%04X type 0x%04X here (%s)",
                    cur->call_what ? cur->call_what : "glhle", format, type,
                    pt && !pt->n ? "a packed type glhle does not convert" : "no NV_read_depth(_stencil)");
        return;
    }
    const bool integer = integer_format(format);
    const bool is_signed = type == GL_BYTE || type == GL_SHORT || type == GL_INT;
    GLenum cformat = integer ? GL_RGBA_INTEGER : GL_RGBA, ctype;
    canon_px cp = {{8, 8, 8, 8}, false, false, 0};
    if (integer)
        ctype = is_signed ? GL_INT : GL_UNSIGNED_INT, memset(cp.bits, 32, 4);
    else if (type == GL_FLOAT || type == GL_HALF_FLOAT)
        ctype = GL_FLOAT, cp.is_float = true, memset(cp.bits, 32, 4);
    else if (type == GL_UNSIGNED_SHORT || type == GL_UNSIGNED_INT)
        ctype = GL_UNSIGNED_SHORT, memset(cp.bits, 16, 4); /* EXT_texture_norm16's 16-bit targets */
    else if (type == GL_BYTE || type == GL_SHORT)
        ctype = type, cp.snorm = true, memset(cp.bits, type == GL_BYTE ? 8 : 16, 4); /* EXT_render_snorm */
    else if (type == GL_UNSIGNED_INT_2_10_10_10_REV)
        ctype = type; /* RGB10_A2 (BGRA order asked): its bits come with the word */
    else
        ctype = GL_UNSIGNED_BYTE;
    read_through(x, y, w, h, format, type, pixels, cformat, ctype, &cp);
}

static GLuint own_fbo(GLuint *fbo)
{
    if (!*fbo)
        cur->gl.GenFramebuffers(1, fbo);
    return *fbo;
}

static GLenum attachment_for(GLenum format)
{
    switch (format) {
    case GL_DEPTH_COMPONENT: return GL_DEPTH_ATTACHMENT;
    case GL_DEPTH_STENCIL: return GL_DEPTH_STENCIL_ATTACHMENT;
    case GL_STENCIL_INDEX: return GL_STENCIL_ATTACHMENT;
    default: return GL_COLOR_ATTACHMENT0;
    }
}

GLenum gl_caps_snorm_as_int(GLenum internal, int *bits)
{
    *bits = 8;
    switch (internal) {
    case GL_R8_SNORM: return GL_R8I;
    case GL_RG8_SNORM: return GL_RG8I;
    case GL_RGBA8_SNORM: return GL_RGBA8I;
    }
    *bits = 16;
    switch (internal) {
    case GL_R16_SNORM: return GL_R16I;
    case GL_RG16_SNORM: return GL_RG16I;
    case GL_RGBA16_SNORM: return GL_RGBA16I;
    }
    return 0;
}

/* Reads a w x h x d box of a texture level through the caps' read
 * framebuffer. A signed normalized level is not read with glReadPixels:
 * Mesa's ES ReadPixels (22.3, llvmpipe) clamps such a buffer to [0, 1]
 * (-1.0 reads as 0 through RGBA/BYTE and RGBA/SHORT alike), and no pair
 * would tell -2^(b-1) from -(2^(b-1) - 1) apart. Each layer is copied bit
 * for bit (glCopyImageSubData, ES 3.2 18.3.3: formats of one size class)
 * into a scratch image of the signed integer format of its size and read
 * as RGBA_INTEGER/INT, which ES reads from every signed integer buffer:
 * the stored codes. */
static void read_box(GLuint tex, GLint level, GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d,
                     GLenum format, GLenum type, void *pixels)
{
    GladGLContext *gl = &cur->gl;
    gl_caps *c = cur->caps;
    const GLenum target = target_of(tex);
    const bool layered = target != GL_TEXTURE_2D;
    const GLenum att = attachment_for(format);
    GLenum as_int = 0;
    canon_px cp = {{0}, true, false, 0};
    GLuint scratch = 0;
    if (att == GL_COLOR_ATTACHMENT0 && !integer_format(format) && w > 0 && h > 0) {
        GLint internal = 0, bits = 8;
        bound_tex b = bind_tex(tex);
        gl->GetTexLevelParameteriv(face_target(b.target, 0), level, GL_TEXTURE_INTERNAL_FORMAT, &internal);
        unbind_tex(b);
        as_int = gl_caps_snorm_as_int((GLenum)internal, &bits);
        memset(cp.bits, bits, 4);
        if (internal == GL_RGB9_E5) {
            /* never colour-renderable (no framebuffer reads it): its words
             * copied bit for bit into R32UI (one view class, table 8.22) */
            as_int = GL_R32UI;
            cp = (canon_px){{32, 32, 32, 32}, false, false, GL_UNSIGNED_INT_5_9_9_9_REV};
        }
    }
    if (as_int) {
        gl->GenTextures(1, &scratch);
        remember_target(scratch, GL_TEXTURE_2D);
        bound_tex b = bind_tex(scratch);
        gl->TexStorage2D(GL_TEXTURE_2D, 1, as_int, w, h);
        unbind_tex(b);
    }
    GLint old = bind_fb(GL_READ_FRAMEBUFFER, own_fbo(&c->read_fbo));
    GLint row = 0, align = 4;
    gl->GetIntegerv(GL_PACK_ROW_LENGTH, &row);
    gl->GetIntegerv(GL_PACK_ALIGNMENT, &align);
    size_t stride = (size_t)(row ? row : w) * pixel_size(format, type);
    stride = (stride + (size_t)align - 1) / (size_t)align * (size_t)align;
    gl->ReadBuffer(att == GL_COLOR_ATTACHMENT0 ? GL_COLOR_ATTACHMENT0 : GL_NONE);
    for (GLsizei i = 0; i < d; i++) {
        uint8_t *out = (uint8_t *)pixels + (size_t)i * stride * (size_t)h;
        if (as_int) {
            gl->CopyImageSubData(tex, target, level, x, y, layered ? z + i : 0, scratch, GL_TEXTURE_2D, 0, 0, 0, 0,
                                 w, h, 1);
            attach(GL_READ_FRAMEBUFFER, att, scratch, 0, -1);
            read_through(0, 0, w, h, format, type, out, GL_RGBA_INTEGER, cp.word ? GL_UNSIGNED_INT : GL_INT, &cp);
        } else {
            attach(GL_READ_FRAMEBUFFER, att, tex, level, layered ? z + i : -1);
            cur->gl.ReadPixels(x, y, w, h, format, type, out);
        }
    }
    attach(GL_READ_FRAMEBUFFER, att, 0, 0, -1);
    gl->BindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)old);
    if (scratch)
        gl->DeleteTextures(1, &scratch);
}

/* Width, height and layers (cube faces, array layers, depth) of a level. */
static void level_size(GLuint tex, GLint level, GLint *w, GLint *h, GLint *d)
{
    bound_tex b = bind_tex(tex);
    *w = *h = 0, *d = 1;
    const GLenum q = face_target(b.target, 0);
    cur->gl.GetTexLevelParameteriv(q, level, GL_TEXTURE_WIDTH, w);
    cur->gl.GetTexLevelParameteriv(q, level, GL_TEXTURE_HEIGHT, h);
    if (b.target == GL_TEXTURE_CUBE_MAP)
        *d = 6;
    else if (b.target != GL_TEXTURE_2D)
        cur->gl.GetTexLevelParameteriv(q, level, GL_TEXTURE_DEPTH, d);
    unbind_tex(b);
}

static void GLAD_API_PTR emu_GetTextureSubImage(GLuint tex, GLint level, GLint x, GLint y, GLint z, GLsizei w,
                                                GLsizei h, GLsizei d, GLenum format, GLenum type, GLsizei size,
                                                void *pixels)
{
    (void)size;
    read_box(tex, level, x, y, z, w, h, d, format, type, pixels);
}

static void GLAD_API_PTR emu_GetTextureImage(GLuint tex, GLint level, GLenum format, GLenum type, GLsizei size,
                                             void *pixels)
{
    (void)size;
    GLint w, h, d;
    level_size(tex, level, &w, &h, &d);
    read_box(tex, level, 0, 0, 0, w, h, d, format, type, pixels);
}

/* ---- clears ----------------------------------------------------------------------------------- */

/* An FBO clear of one level's rectangle (no EXT_clear_texture): colour
 * from RGBA/UNSIGNED_BYTE data, depth-stencil from a DEPTH_STENCIL /
 * UNSIGNED_INT_24_8 word; other formats are refused by name. */
static void GLAD_API_PTR emu_ClearTexSubImage(GLuint tex, GLint level, GLint x, GLint y, GLint z, GLsizei w,
                                              GLsizei h, GLsizei d, GLenum format, GLenum type, const void *data)
{
    gl_caps *c = cur->caps;
    if (c->clear_tex_sub_image) {
        c->clear_tex_sub_image(tex, level, x, y, z, w, h, d, format, type, data);
        return;
    }
    GladGLContext *gl = &cur->gl;
    const bool color = format == GL_RGBA && type == GL_UNSIGNED_BYTE;
    const bool ds = format == GL_DEPTH_STENCIL && type == GL_UNSIGNED_INT_24_8;
    if (!color && !ds) {
        cur->gl_errors++;
        GLHLE_ERROR(&cur->log, "%s: texture clear of format 0x%04X type 0x%04X without EXT_clear_texture",
                    cur->call_what ? cur->call_what : "glhle", format, type);
        return;
    }
    GLint old = bind_fb(GL_DRAW_FRAMEBUFFER, own_fbo(&c->draw_fbo));
    GLboolean scissor = gl->IsEnabled(GL_SCISSOR_TEST);
    GLint box[4], color_mask[4], depth_mask = 1, stencil_mask = 0;
    gl->GetIntegerv(GL_SCISSOR_BOX, box);
    gl->GetIntegerv(GL_COLOR_WRITEMASK, color_mask);
    gl->GetIntegerv(GL_DEPTH_WRITEMASK, &depth_mask);
    gl->GetIntegerv(GL_STENCIL_WRITEMASK, &stencil_mask);
    c->enable(GL_SCISSOR_TEST);
    gl->Scissor(x, y, w, h);
    gl->ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    gl->DepthMask(GL_TRUE);
    gl->StencilMask(0xFF);
    const GLenum att = color ? GL_COLOR_ATTACHMENT0 : GL_DEPTH_STENCIL_ATTACHMENT;
    const GLenum target = target_of(tex);
    for (GLsizei i = 0; i < d; i++) {
        attach(GL_DRAW_FRAMEBUFFER, att, tex, level, target == GL_TEXTURE_2D ? -1 : z + i);
        if (color) {
            const uint8_t *b = data;
            uint8_t zero[4] = {0};
            if (!b)
                b = zero;
            const GLfloat v[4] = {b[0] / 255.0f, b[1] / 255.0f, b[2] / 255.0f, b[3] / 255.0f};
            gl->ClearBufferfv(GL_COLOR, 0, v);
        } else {
            uint32_t word = 0;
            if (data)
                memcpy(&word, data, 4);
            gl->ClearBufferfi(GL_DEPTH_STENCIL, 0, (GLfloat)((double)(word >> 8) / 16777215.0), (GLint)(word & 0xFF));
        }
    }
    attach(GL_DRAW_FRAMEBUFFER, att, 0, 0, -1);
    if (!scissor)
        c->disable(GL_SCISSOR_TEST);
    gl->Scissor(box[0], box[1], box[2], box[3]);
    gl->ColorMask((GLboolean)color_mask[0], (GLboolean)color_mask[1], (GLboolean)color_mask[2],
                  (GLboolean)color_mask[3]);
    gl->DepthMask((GLboolean)depth_mask);
    gl->StencilMask((GLuint)stencil_mask);
    gl->BindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)old);
}

static void GLAD_API_PTR emu_ClearTexImage(GLuint tex, GLint level, GLenum format, GLenum type, const void *data)
{
    GLint w, h, d;
    level_size(tex, level, &w, &h, &d);
    emu_ClearTexSubImage(tex, level, 0, 0, 0, w, h, d, format, type, data);
}

/* ---- fixed function ES lacks ------------------------------------------------------------------ */

/* ES has no logic ops: GL_COLOR_LOGIC_OP is not a capability there. Every
 * op but COPY is reported once; the colour is written as COPY would. */
/* Capabilities desktop GL has and ES does not (Maxwell draws): the
 * program always sets the point size on ES, which has no line or point
 * polygon offset, and restarts only at the fixed index (enabled in its
 * place; es_PrimitiveRestartIndex reports other indices). GL_FRAMEBUFFER_SRGB
 * is one only with EXT_sRGB_write_control (without it writes to sRGB
 * attachments are always encoded, and blits from them decoded). */
static bool es_cap_absent(GLenum cap)
{
    return cap == GL_COLOR_LOGIC_OP || cap == GL_PROGRAM_POINT_SIZE || cap == GL_POLYGON_OFFSET_LINE ||
           cap == GL_POLYGON_OFFSET_POINT || (cap == GL_FRAMEBUFFER_SRGB && !cur->caps->srgb_write_control);
}

static void GLAD_API_PTR es_Enable(GLenum cap)
{
    if (es_cap_absent(cap))
        return;
    cur->caps->enable(cap == GL_PRIMITIVE_RESTART ? GL_PRIMITIVE_RESTART_FIXED_INDEX : cap);
}

static void GLAD_API_PTR es_Disable(GLenum cap)
{
    if (es_cap_absent(cap))
        return;
    cur->caps->disable(cap == GL_PRIMITIVE_RESTART ? GL_PRIMITIVE_RESTART_FIXED_INDEX : cap);
}

/* ES restarts at the type's largest index only. */
static void GLAD_API_PTR es_PrimitiveRestartIndex(GLuint index)
{
    gl_caps *c = cur->caps;
    if (index != 0xFFFFFFFFu && index != 0xFFFFu && index != 0xFFu && !c->warned_restart) {
        c->warned_restart = true;
        GLHLE_WARN(&cur->log, "%s: primitive restart index 0x%X asked for; OpenGL ES restarts only at the index "
                   "type's largest value (reported once per context)", cur->call_what ? cur->call_what : "glhle",
                   index);
    }
}

/* ES 3.2 has no polygon mode (NV_polygon_mode aside): FILL only. The
 * Maxwell draw path draws LINE and POINT with a geometry shader instead
 * (gl_caps_polygon_mode_by_gs) and asks for FILL here; another caller's
 * LINE or POINT is filled, said once. */
static void GLAD_API_PTR es_PolygonMode(GLenum face, GLenum mode)
{
    (void)face;
    gl_caps *c = cur->caps;
    if (mode != GL_FILL && !c->warned_polygon_mode) {
        c->warned_polygon_mode = true;
        GLHLE_WARN(&cur->log, "%s: polygon mode 0x%04X asked for; OpenGL ES fills every polygon (reported once per "
                   "context)", cur->call_what ? cur->call_what : "glhle", mode);
    }
}

/* ES sizes points in the vertex program only. */
static void GLAD_API_PTR es_PointSize(GLfloat size)
{
    (void)size;
}

/* Without EXT_base_instance: the instance's number reaches a Maxwell
 * program through SPIRV-Cross's base-instance uniform and per-instance
 * streams are bound at their element, so the draw itself starts at
 * instance 0. */
static void GLAD_API_PTR es_DrawArraysInstancedBaseInstance(GLenum mode, GLint first, GLsizei count,
                                                            GLsizei instances, GLuint base)
{
    (void)base;
    cur->gl.DrawArraysInstanced(mode, first, count, instances);
}

static void GLAD_API_PTR es_DrawElementsInstancedBaseVertexBaseInstance(GLenum mode, GLsizei count, GLenum type,
                                                                        const void *indices, GLsizei instances,
                                                                        GLint basevertex, GLuint base)
{
    (void)base;
    cur->gl.DrawElementsInstancedBaseVertex(mode, count, type, indices, instances, basevertex);
}

static GLboolean GLAD_API_PTR es_IsEnabled(GLenum cap)
{
    return cap == GL_COLOR_LOGIC_OP ? GL_FALSE : cur->caps->is_enabled(cap);
}

static void GLAD_API_PTR es_LogicOp(GLenum op)
{
    gl_caps *c = cur->caps;
    if (op != GL_COPY && !c->warned_logic_op) {
        c->warned_logic_op = true;
        GLHLE_WARN(&cur->log, "%s: logic op 0x%04X asked for, but OpenGL ES has no logic ops (PICA and Maxwell "
                   "draws apply them in their fragment programs): drawn as COPY (reported once per context)",
                   cur->call_what ? cur->call_what : "glhle", op);
    }
}

static void GLAD_API_PTR es_ProvokingVertex(GLenum mode)
{
    gl_caps *c = cur->caps;
    if (mode != GL_LAST_VERTEX_CONVENTION && !c->warned_provoking) {
        c->warned_provoking = true;
        GLHLE_WARN(&cur->log, "%s: the first vertex provoking flat values asked for through glProvokingVertex; "
                   "OpenGL ES always uses the last (draws that need the first rotate their indices instead: "
                   "gl_caps_first_vertex_by_indices; reported once per context)",
                   cur->call_what ? cur->call_what : "glhle");
    }
}

static void GLAD_API_PTR es_DepthRangeIndexed(GLuint index, GLdouble n, GLdouble f)
{
    if (cur->caps->depth_range_indexed_f)
        cur->caps->depth_range_indexed_f(index, (GLfloat)n, (GLfloat)f);
    else if (index == 0)
        cur->gl.DepthRangef((GLfloat)n, (GLfloat)f);
}

static void GLAD_API_PTR es_ClearDepth(GLdouble d)
{
    cur->gl.ClearDepthf((GLfloat)d);
}

static void GLAD_API_PTR es_DepthRange(GLdouble n, GLdouble f)
{
    cur->gl.DepthRangef((GLfloat)n, (GLfloat)f);
}

static void GLAD_API_PTR es_ViewportIndexedf(GLuint index, GLfloat x, GLfloat y, GLfloat w, GLfloat h)
{
    if (index == 0) /* no OES_viewport_array: whole pixels */
        cur->gl.Viewport((GLint)x, (GLint)y, (GLsizei)w, (GLsizei)h);
}

/* No barrier on this host. The systems' draws that read their target do
 * not call this (gl_caps_dest_copy: they read a copy); a caller that still
 * does gets a flush, which keeps llvmpipe-like drivers ordered, but the spec
 * leaves such reads undefined; reported once. */
static void GLAD_API_PTR es_TextureBarrier(void)
{
    gl_caps *c = cur->caps;
    if (!c->warned_barrier) {
        c->warned_barrier = true;
        GLHLE_WARN(&cur->log, "%s: a texture barrier was needed, but this context has none (NV/ARB_texture_barrier); "
                   "reads of what was just drawn are undefined (reported once per context)",
                   cur->call_what ? cur->call_what : "glhle");
    }
    cur->gl.Flush();
}

/* ---- deciding --------------------------------------------------------------------------------- */

static bool has_ext(GladGLContext *gl, const char *name)
{
    GLint n = 0;
    gl->GetIntegerv(GL_NUM_EXTENSIONS, &n);
    for (GLint i = 0; i < n; i++) {
        const char *e = (const char *)gl->GetStringi(GL_EXTENSIONS, (GLuint)i);
        if (e && strcmp(e, name) == 0)
            return true;
    }
    return false;
}

/* GLHLE_CAPS_DISABLE=name,name: pretend the extensions named are absent
 * (tests reach the emulations on drivers that have the extension). */
static bool disabled(const char *name)
{
    const char *env = getenv("GLHLE_CAPS_DISABLE");
    if (!env)
        return false;
    const size_t n = strlen(name);
    for (const char *p = env; (p = strstr(p, name)) != NULL; p += n)
        if ((p == env || p[-1] == ',') && (p[n] == ',' || p[n] == 0))
            return true;
    return false;
}

bool gl_caps_switched_off(const char *name)
{
    return disabled(name);
}

/* An environment boolean as Mesa reads one (util/debug.c env_var_as_boolean:
 * 1, y, yes, true, case-insensitive). */
static bool env_true(const char *name)
{
    const char *v = getenv(name);
    char low[8] = {0};
    for (size_t i = 0; v && v[i] && i < sizeof low - 1; i++)
        low[i] = (char)(v[i] >= 'A' && v[i] <= 'Z' ? v[i] - 'A' + 'a' : v[i]);
    return v && strlen(v) < sizeof low &&
           (!strcmp(low, "1") || !strcmp(low, "y") || !strcmp(low, "yes") || !strcmp(low, "true"));
}

static bool ext(GladGLContext *gl, const char *name)
{
    return !disabled(name) && has_ext(gl, name);
}

/* Appends "name=choice" to the description. */
static void say(gl_caps *c, const char *name, const char *choice)
{
    const size_t used = strlen(c->describe);
    snprintf(c->describe + used, sizeof c->describe - used, "%s%s=%s", used ? " " : "", name, choice);
}

#define INSTALL(field, fn)                                                                                      \
    do {                                                                                                        \
        if (!gl->field)                                                                                         \
            gl->field = fn;                                                                                     \
    } while (0)

static void install_dsa(GladGLContext *gl)
{
    INSTALL(CreateTextures, emu_CreateTextures);
    INSTALL(TextureStorage2D, emu_TextureStorage2D);
    INSTALL(TextureStorage2DMultisample, emu_TextureStorage2DMultisample);
    INSTALL(TextureStorage3DMultisample, emu_TextureStorage3DMultisample);
    INSTALL(TextureStorage3D, emu_TextureStorage3D);
    INSTALL(TextureSubImage2D, emu_TextureSubImage2D);
    INSTALL(TextureSubImage3D, emu_TextureSubImage3D);
    INSTALL(CompressedTextureSubImage2D, emu_CompressedTextureSubImage2D);
    INSTALL(CompressedTextureSubImage3D, emu_CompressedTextureSubImage3D);
    INSTALL(TextureParameteri, emu_TextureParameteri);
    INSTALL(TextureParameteriv, emu_TextureParameteriv);
    INSTALL(TextureParameterf, emu_TextureParameterf);
    INSTALL(TextureBuffer, emu_TextureBuffer);
    INSTALL(GetTextureLevelParameteriv, emu_GetTextureLevelParameteriv);
    INSTALL(GenerateTextureMipmap, emu_GenerateTextureMipmap);
    INSTALL(BindTextureUnit, emu_BindTextureUnit);
    INSTALL(CreateFramebuffers, emu_CreateFramebuffers);
    INSTALL(NamedFramebufferTexture, emu_NamedFramebufferTexture);
    INSTALL(NamedFramebufferTextureLayer, emu_NamedFramebufferTextureLayer);
    INSTALL(NamedFramebufferRenderbuffer, emu_NamedFramebufferRenderbuffer);
    INSTALL(NamedFramebufferDrawBuffers, emu_NamedFramebufferDrawBuffers);
    INSTALL(NamedFramebufferReadBuffer, emu_NamedFramebufferReadBuffer);
    INSTALL(CheckNamedFramebufferStatus, emu_CheckNamedFramebufferStatus);
    INSTALL(BlitNamedFramebuffer, emu_BlitNamedFramebuffer);
    INSTALL(ClearNamedFramebufferfv, emu_ClearNamedFramebufferfv);
    INSTALL(ClearNamedFramebufferiv, emu_ClearNamedFramebufferiv);
    INSTALL(ClearNamedFramebufferuiv, emu_ClearNamedFramebufferuiv);
    INSTALL(ClearNamedFramebufferfi, emu_ClearNamedFramebufferfi);
    INSTALL(CreateBuffers, emu_CreateBuffers);
    INSTALL(NamedBufferData, emu_NamedBufferData);
    INSTALL(NamedBufferSubData, emu_NamedBufferSubData);
    INSTALL(NamedBufferStorage, emu_NamedBufferStorage);
    INSTALL(CreateVertexArrays, emu_CreateVertexArrays);
    INSTALL(VertexArrayVertexBuffer, emu_VertexArrayVertexBuffer);
    INSTALL(VertexArrayElementBuffer, emu_VertexArrayElementBuffer);
    INSTALL(VertexArrayAttribFormat, emu_VertexArrayAttribFormat);
    INSTALL(VertexArrayAttribIFormat, emu_VertexArrayAttribIFormat);
    INSTALL(VertexArrayAttribBinding, emu_VertexArrayAttribBinding);
    INSTALL(VertexArrayBindingDivisor, emu_VertexArrayBindingDivisor);
    INSTALL(EnableVertexArrayAttrib, emu_EnableVertexArrayAttrib);
    INSTALL(DisableVertexArrayAttrib, emu_DisableVertexArrayAttrib);
    INSTALL(CreateSamplers, emu_CreateSamplers);
    INSTALL(GetBufferSubData, emu_GetBufferSubData);
    INSTALL(GetNamedBufferSubData, emu_GetNamedBufferSubData);
}

void gl_caps_init(glhle_context *ctx, GLADuserptrloadfunc load, void *load_user)
{
    gl_caps_destroy(ctx);
    gl_caps *c = calloc(1, sizeof *c);
    if (!c) {
        GLHLE_ERROR(&ctx->log, "gl caps: out of memory; the host's choices are not installed");
        return;
    }
    ctx->caps = c;
    gl_caps_bind(ctx);
    GladGLContext *gl = &ctx->gl;
    glhle_context_info *in = &ctx->info;
    /* the driver's own (the table was just loaded: none of them is a wrapper yet) */
    c->read_pixels = gl->ReadPixels != es_ReadPixels ? gl->ReadPixels : NULL;
    c->enable = gl->Enable != es_Enable ? gl->Enable : NULL;
    c->disable = gl->Disable != es_Disable ? gl->Disable : NULL;
    c->is_enabled = gl->IsEnabled != es_IsEnabled ? gl->IsEnabled : NULL;
    if (!c->read_pixels || !c->enable || !c->disable || !c->is_enabled) {
        GLHLE_ERROR(&ctx->log, "gl caps: the GL table was not reloaded before gl_caps_init");
        return;
    }
    /* GLHLE_CAPS_DISABLE reaches framebuffer fetch too (tests of the paths
     * without it on a driver that has it) */
    if (disabled("GL_EXT_shader_framebuffer_fetch"))
        in->framebuffer_fetch = false;
    /* The GLSL SPIRV-Cross writes for the Maxwell translation's subgroup
     * operations requires GL_ARB_shader_ballot (ballotARB, readInvocationARB,
     * gl_SubGroupInvocationARB) and GL_ARB_shader_group_vote (anyInvocationARB
     * ...) outright, and ballotARB's uint64_t and its unpackUint2x32 are
     * GL_ARB_gpu_shader_int64's; GL_KHR_shader_subgroup alone does not stand
     * in for them there. GLSL ES has none of the three. */
    in->subgroups = !in->gles && ext(gl, "GL_ARB_shader_ballot") && ext(gl, "GL_ARB_gpu_shader_int64") &&
                    ext(gl, "GL_ARB_shader_group_vote");
    /* gl_Layer and gl_ViewportIndex in vertex and tessellation evaluation
     * shaders (GL 4.6 core has them only in geometry shaders; GLSL ES has
     * no such extension) */
    in->viewport_layer_array = !in->gles && ext(gl, "GL_ARB_shader_viewport_layer_array");
    /* SPIR-V shaders: core in GL 4.6 (glSpecializeShader), or
     * GL_ARB_gl_spirv on an older context, where glad loads the entry point
     * only for 4.6, so it is fetched under the extension's name
     * (glSpecializeShaderARB, ARB_gl_spirv "New Procedures and Functions").
     * GLHLE_CAPS_DISABLE=GL_ARB_gl_spirv turns it off on either. ES has no
     * SPIR-V shaders. */
    c->spirv_why_not = in->gles ? "OpenGL ES has no SPIR-V shaders" : "GLHLE_CAPS_DISABLE=GL_ARB_gl_spirv";
    if (!in->gles && !disabled("GL_ARB_gl_spirv")) {
        const bool core46 = in->gl_major > 4 || (in->gl_major == 4 && in->gl_minor >= 6);
        if (!core46 && has_ext(gl, "GL_ARB_gl_spirv") && load)
            gl->SpecializeShader = (PFNGLSPECIALIZESHADERPROC)load(load_user, "glSpecializeShaderARB");
        c->spirv = (core46 || has_ext(gl, "GL_ARB_gl_spirv")) && gl->ShaderBinary && gl->SpecializeShader;
        c->spirv_why_not = c->spirv ? NULL : "no GL 4.6 or GL_ARB_gl_spirv";
        /* Mesa (seen on 22.3, llvmpipe): a SPIR-V program's uniform and
         * storage blocks have no names (src/compiler/glsl/
         * gl_nir_link_uniform_blocks.c _fill_block: "ARB_gl_spirv: allowed
         * to ignore names"), and the GLSL shader cache's program metadata
         * writes each block's name with blob_write_string
         * (src/compiler/glsl/serialize.cpp write_buffer_block): strlen of
         * NULL, so glLinkProgram crashes for such a program while that
         * cache is on, which is Mesa's default. Only with the cache off
         * (MESA_SHADER_CACHE_DISABLE, or the older MESA_GLSL_CACHE_DISABLE,
         * true) are SPIR-V shaders used there. */
        const char *v = (const char *)gl->GetString(GL_VERSION);
        if (c->spirv && v && strstr(v, "Mesa") && !env_true("MESA_SHADER_CACHE_DISABLE") &&
            !env_true("MESA_GLSL_CACHE_DISABLE")) {
            c->spirv = false;
            c->spirv_why_not = "Mesa with its shader cache on crashes linking SPIR-V programs with uniform blocks "
                               "(set MESA_SHADER_CACHE_DISABLE=true to use them)";
        }
    }
    if (!in->gles) {
        c->dest_copy = !in->texture_barrier;
        snprintf(c->describe, sizeof c->describe,
                 "profile=core dsa=%s readback=native clear_texture=native texture_view=%s buffer_storage=%s "
                 "texture_barrier=%s clip_control=%s logic_op=native depth_clamp=native texture_1d=native subgroups=%s "
                 "viewport_layer_array=%s gl_spirv=%s",
                 in->direct_state_access ? "native" : "missing", gl->TextureView ? "native" : "missing",
                 in->buffer_storage ? "native" : "missing", in->texture_barrier ? "native" : "missing",
                 in->clip_control ? "native" : "missing", in->subgroups ? "native" : "refused",
                 in->viewport_layer_array ? "native" : "refused", c->spirv ? "native" : "refused");
        GLHLE_INFO(&ctx->log, "GL host choices: %s", c->describe);
        return;
    }
    say(c, "profile", "es");
    /* direct state access: bind-edit-restore */
    install_dsa(gl);
    say(c, "dsa", "emulated");
    /* readback: an FBO and glReadPixels under ES's format rules */
    c->read_depth = ext(gl, "GL_NV_read_depth");
    c->read_depth_stencil = ext(gl, "GL_NV_read_depth_stencil");
    c->no_packed_float_read = disabled("GLHLE_packed_float_read");
    gl->ReadPixels = es_ReadPixels;
    INSTALL(GetTextureImage, emu_GetTextureImage);
    INSTALL(GetTextureSubImage, emu_GetTextureSubImage);
    say(c, "readback", c->read_depth_stencil ? "fbo+readpixels(depth:NV_read_depth_stencil)"
                                                : "fbo+readpixels(no depth)");
    if (c->no_packed_float_read)
        say(c, "packed_float_read", "converted");
    /* texture clears */
    if (ext(gl, "GL_EXT_clear_texture"))
        c->clear_tex_sub_image = (PFNGLCLEARTEXSUBIMAGEPROC)load(load_user, "glClearTexSubImageEXT");
    gl->ClearTexImage = emu_ClearTexImage;
    gl->ClearTexSubImage = emu_ClearTexSubImage;
    say(c, "clear_texture", c->clear_tex_sub_image ? "EXT_clear_texture" : "fbo-clear");
    /* texture views */
    if (ext(gl, "GL_EXT_texture_view"))
        c->texture_view = (PFNGLTEXTUREVIEWPROC)load(load_user, "glTextureViewEXT");
    else if (ext(gl, "GL_OES_texture_view"))
        c->texture_view = (PFNGLTEXTUREVIEWPROC)load(load_user, "glTextureViewOES");
    gl->TextureView = emu_TextureView;
    if (!c->texture_view) { /* copies stand in; deleting one forgets it */
        c->delete_textures = gl->DeleteTextures;
        driver_delete_textures = gl->DeleteTextures;
        gl->DeleteTextures = es_DeleteTextures;
    }
    say(c, "texture_view", c->texture_view ? "EXT/OES_texture_view" : "copy(view format)");
    /* buffer storage */
    if (!gl->BufferStorage && gl->BufferStorageEXT && !disabled("GL_EXT_buffer_storage"))
        gl->BufferStorage = gl->BufferStorageEXT;
    if (!gl->BufferStorage) {
        gl->BufferStorage = emu_BufferStorage;
        in->buffer_storage = false;
    }
    say(c, "buffer_storage", in->buffer_storage ? "EXT_buffer_storage" : "buffer-data");
    /* texture barrier */
    if (!gl->TextureBarrier && gl->TextureBarrierNV && !disabled("GL_NV_texture_barrier"))
        gl->TextureBarrier = gl->TextureBarrierNV;
    in->texture_barrier = gl->TextureBarrier != NULL;
    if (!gl->TextureBarrier)
        gl->TextureBarrier = es_TextureBarrier;
    /* without one, a draw that reads its target reads a copy of the region
     * made before it (ES 3.2 9.3.1: sampling an attached level is a feedback
     * loop, undefined; a copy is a different texture) */
    c->dest_copy = !in->texture_barrier;
    say(c, "texture_barrier",
        in->texture_barrier ? "NV_texture_barrier"
                            : (in->framebuffer_fetch ? "copy(destination, where framebuffer fetch is not used)"
                                                     : "copy(destination)"));
    /* clip control */
    if (!gl->ClipControl && gl->ClipControlEXT && !disabled("GL_EXT_clip_control"))
        gl->ClipControl = gl->ClipControlEXT;
    in->clip_control = gl->ClipControl != NULL;
    say(c, "clip_control", in->clip_control ? "EXT_clip_control" : "none(flipped or [0,1]-depth draws refused)");
    /* logic ops: none on ES */
    gl->Enable = es_Enable;
    gl->Disable = es_Disable;
    gl->IsEnabled = es_IsEnabled;
    gl->LogicOp = es_LogicOp;
    /* PICA (pica_fs_key.logic_op) and Maxwell (programs.c es_logic_op, target
     * 0): in their fragment programs, on the destination read by framebuffer
     * fetch or else from a texture (PICA: the target after a barrier, or its
     * copy where there is none; Maxwell: a copy); any other caller of
     * glLogicOp draws COPY, reported once */
    say(c, "logic_op", in->framebuffer_fetch ? "shader(framebuffer-fetch)" : "shader(destination-texture)");
    /* sRGB write control (Maxwell's SET_SRGB_WRITE): the desktop enum, on by default on ES */
    c->srgb_write_control = ext(gl, "GL_EXT_sRGB_write_control");
    say(c, "srgb_write", c->srgb_write_control ? "EXT_sRGB_write_control" : "always");
    /* depth clamp: same enum as desktop (0x864F) */
    say(c, "depth_clamp", ext(gl, "GL_EXT_depth_clamp") ? "EXT_depth_clamp" : "none");
    say(c, "polygon_offset_clamp", ext(gl, "GL_EXT_polygon_offset_clamp") ? "EXT_polygon_offset_clamp" : "none");
    /* indexed viewports (Maxwell): OES_viewport_array or index 0 only */
    if (ext(gl, "GL_OES_viewport_array")) {
        c->depth_range_indexed_f = (void(GLAD_API_PTR *)(GLuint, GLfloat, GLfloat))load(load_user,
                                                                                       "glDepthRangeIndexedfOES");
        gl->ViewportIndexedf = (PFNGLVIEWPORTINDEXEDFPROC)load(load_user, "glViewportIndexedfOES");
    }
    if (!gl->ViewportIndexedf)
        gl->ViewportIndexedf = es_ViewportIndexedf;
    gl->DepthRangeIndexed = es_DepthRangeIndexed;
    say(c, "viewport_array", c->depth_range_indexed_f ? "OES_viewport_array" : "index0");
    INSTALL(ClearDepth, es_ClearDepth); /* the double forms: ES has only the float ones */
    INSTALL(DepthRange, es_DepthRange);
    gl->ProvokingVertex = es_ProvokingVertex;
    /* the first vertex's convention by rewriting the draw as a list whose
     * primitives name that vertex last (provoking.h) */
    c->first_vertex_by_indices = true;
    say(c, "provoking_vertex", "last-only(first-by-index-rotation)");
    INSTALL(PolygonMode, es_PolygonMode);
    /* LINE and POINT: a geometry shader that draws the triangle's edges or
     * corners (and culls it itself), for the draw paths that make one */
    c->polygon_mode_by_gs = true;
    say(c, "polygon_mode", "geometry-shader");
    INSTALL(PointSize, es_PointSize);
    gl->PrimitiveRestartIndex = es_PrimitiveRestartIndex;
    say(c, "primitive_restart", "fixed-index");
    say(c, "base_instance", gl->DrawArraysInstancedBaseInstance ? "native" : "uniform");
    INSTALL(DrawArraysInstancedBaseInstance, es_DrawArraysInstancedBaseInstance);
    INSTALL(DrawElementsInstancedBaseVertexBaseInstance, es_DrawElementsInstancedBaseVertexBaseInstance);
    /* ES 3.2 has no TEXTURE_1D(_ARRAY) targets and GLSL ES 3.20 no 1D
     * samplers: 2D (array) textures of height 1, sampled in the row's centre */
    c->texture_1d_as_2d = true;
    say(c, "texture_1d", "2d(height 1)");
    while (gl->GetError() != GL_NO_ERROR) /* has_ext on a driver without GL_NUM_EXTENSIONS */
        ;
    GLHLE_INFO(&ctx->log, "GL host choices: %s", c->describe);
}

bool gl_caps_first_vertex_by_indices(const glhle_context *ctx)
{
    return ctx->caps && ((const gl_caps *)ctx->caps)->first_vertex_by_indices;
}

bool gl_caps_polygon_mode_by_gs(const glhle_context *ctx)
{
    return ctx->caps && ((const gl_caps *)ctx->caps)->polygon_mode_by_gs;
}

bool gl_caps_texture_1d_as_2d(const glhle_context *ctx)
{
    return ctx->caps && ((const gl_caps *)ctx->caps)->texture_1d_as_2d;
}

bool gl_caps_texture_views(const glhle_context *ctx)
{
    if (!ctx->info.gles)
        return ctx->gl.TextureView != NULL;
    return ctx->caps && ((const gl_caps *)ctx->caps)->texture_view;
}

bool gl_caps_spirv(const glhle_context *ctx)
{
    return ctx->caps && ((const gl_caps *)ctx->caps)->spirv;
}

const char *gl_caps_spirv_why_not(const glhle_context *ctx)
{
    const gl_caps *c = ctx->caps;
    return !c ? "no GL host choices were made" : c->spirv ? "" : c->spirv_why_not ? c->spirv_why_not : "not asked";
}

bool gl_caps_dest_copy(const glhle_context *ctx)
{
    return ctx->caps && ((const gl_caps *)ctx->caps)->dest_copy;
}

void gl_caps_destroy(glhle_context *ctx)
{
    gl_caps *c = ctx->caps;
    if (!c)
        return;
    if ((c->read_fbo || c->draw_fbo) && !ctx->lost && ctx->gl.DeleteFramebuffers &&
        gl_context_enter(ctx) == GLHLE_RESULT_OK) {
        ctx->gl.DeleteFramebuffers(1, &c->read_fbo);
        ctx->gl.DeleteFramebuffers(1, &c->draw_fbo);
    }
    free(c->targets);
    free(c->copy_views);
    free(c);
    ctx->caps = NULL;
    if (cur == ctx)
        cur = NULL;
}
