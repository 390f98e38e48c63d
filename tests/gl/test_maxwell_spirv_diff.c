/* Differential test of the Maxwell shader translator against the real
 * compiler (issue 15, "Checks"): for every vertex or fragment shader of the
 * corpus (../shared/testdata/maxwell/shaders), the draw its sidecar
 * describes is rendered twice on llvmpipe: once from the original GLSL
 * (compiled by Mesa), once with that stage replaced by glhle's translation
 * of uam's binary (SASS -> SPIR-V -> GLSL through SPIRV-Cross). The other
 * stages are the original GLSL both times. The targets the sidecar names
 * are compared with its tolerance (8-bit steps for rgba8, absolute for
 * floats, exact for integers); a failing comparison writes both images and
 * a diff. Shaders the translator refuses are listed with its reason.
 *
 * The constant-buffer ABI is deko3d's (corpus README): UBO binding N is
 * c(2+N), the compiler constants c1, texture handles in c0.
 *
 * With GLHLE_MAXWELL_SHADER_PATH=spirv (the gl/test_maxwell_spirv_diff_spirv
 * pass) the translation goes to GL as its SPIR-V module (bindings remapped
 * by spv_remap_bindings, glShaderBinary + glSpecializeShader: the draw
 * path's MW_PROGRAM_HOST_SPIRV) instead of SPIRV-Cross's GLSL; the stages
 * drawn from the corpus' GLSL beside it are made SPIR-V by
 * glslangValidator -G (ARB_gl_spirv forbids linking the two kinds), and
 * the reference is Mesa's compile of the original GLSL as before. */
#include "support/test_support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_util.h"
#include "shadergen/maxwell_spirv.h"
#include "shadergen/spirv_glsl.h"
#include "support/glsl_validator.h"
#include "support/maxwell_sidecar.h"
#include "support/spirv_validator.h"

#define W 64
#define H 64
#define UBO_BYTES 65536 /* the translation declares every constant buffer 64 KiB */
#define MAX_TARGETS 4

typedef enum { FMT_RGBA8, FMT_RGBA32F, FMT_RGBA32UI, FMT_RGBA32I } target_fmt;

typedef struct frame {
    target_fmt fmt[MAX_TARGETS];
    uint32_t location[MAX_TARGETS];
    uint32_t count;
    bool depth;
    void *pixels[MAX_TARGETS]; /* W*H*4 of u8, float or u32 */
    float *depth_pixels;
} frame;

static void frame_free(frame *f)
{
    for (uint32_t i = 0; i < f->count; i++)
        free(f->pixels[i]);
    free(f->depth_pixels);
}

/* ---- GLSL sources ---- */

/* the corpus' GLSL says 4.60; llvmpipe (Mesa 22) has 4.50, which has everything the corpus uses */
static char *as_450(const char *src)
{
    char *s = strdup(src);
    char *v = strstr(s, "#version 460");
    if (v)
        memcpy(v, "#version 450", 12);
    return s;
}

/* GLHLE_MAXWELL_SHADER_PATH=spirv: the translations as SPIR-V modules */
static bool spirv_mode;
/* programs this run linked from SPIR-V texts (the pass fails without any) */
static unsigned spirv_programs;

/* Whether the SPIR-V pass is asked for; skips the test when the host has no
 * SPIR-V shaders (an ES context, no GL_ARB_gl_spirv). */
static bool want_spirv(glhle_context *ctx)
{
    const char *env = getenv("GLHLE_MAXWELL_SHADER_PATH");
    spirv_mode = env && !strcmp(env, "spirv");
    if (spirv_mode && !gl_caps_spirv(ctx)) {
        print_message("SKIP: GLHLE_MAXWELL_SHADER_PATH=spirv on a host without SPIR-V shaders (%s)\n",
                      gl_caps_spirv_why_not(ctx));
        return false;
    }
    return true;
}

/* The corpus' GLSL of a stage as a SPIR-V text (gl_util.h), through
 * glslangValidator -G (SPIR-V for OpenGL), or NULL. */
static char *glsl_as_spirv(const char *glsl, mw_spirv_stage stage, const char *name)
{
    static const char *const ext[MW_SPIRV_STAGE_COUNT_] = {"vert", "tesc", "tese", "geom", "frag", "comp"};
    char src[512];
    snprintf(src, sizeof src, "%s/maxwell_diff_native_%s.%s", ts_output_dir(), name, ext[stage]);
    glhle_bytebuf b, t;
    glhle_bytebuf_init(&b, 0);
    glhle_bytebuf_init(&t, 0);
    char *out = NULL;
    if (tgv_spirv(glsl, src, &b) && gl_spirv_text_append(&t, (const uint32_t *)(const void *)b.data, b.size / 4))
        out = strdup(glhle_bytebuf_cstr(&t));
    glhle_bytebuf_free(&t);
    glhle_bytebuf_free(&b);
    return out;
}

/* The translated module as a SPIR-V text with glhle's bindings, or NULL. */
static char *module_text(mw_spirv_result *r, const spv_glsl_binding *bind, size_t nb)
{
    glhle_bytebuf t;
    glhle_bytebuf_init(&t, 0);
    uint32_t *words = (uint32_t *)(void *)r->spirv.data;
    char *out = NULL;
    if (spv_remap_bindings(words, r->spirv.size / 4, bind, nb, ts_logger()) == GLHLE_RESULT_OK &&
        gl_spirv_text_append(&t, words, r->spirv.size / 4))
        out = strdup(glhle_bytebuf_cstr(&t));
    glhle_bytebuf_free(&t);
    return out;
}

static char *translate(const tmc_shader *sh, const tmc_shader *other, uint32_t *cbuf_mask, char *why, size_t why_size)
{
    mw_spirv_input in;
    tmc_input(sh, &in);
    /* the other stage stays native GLSL: its varyings' declared types */
    tmc_varyings_from_glsl(other->glsl, sh->stage == MW_SPIRV_FRAGMENT, in.key.varying);
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    glhle_logger quiet = {ts_log_fn, NULL, GLHLE_LOG_ERROR + 1};
    char *out = NULL;
    if (mw_spirv_translate(&in, &quiet, &r) != GLHLE_RESULT_OK) {
        snprintf(why, why_size, "%s", r.reason);
    } else {
        char vname[96];
        snprintf(vname, sizeof vname, "maxwell_diff_%s", sh->name);
        if (tsv_available())
            tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, vname);
        spv_glsl_binding bind[64];
        size_t nb = mw_spirv_gl_bindings(&r, sh->stage, bind);
        *cbuf_mask = r.cbuf_mask;
        glhle_bytebuf g;
        glhle_bytebuf_init(&g, 0);
        spv_glsl_options o = {.es = false, .bindings = bind, .binding_count = nb};
        if (spirv_mode) {
            out = module_text(&r, bind, nb);
            if (!out)
                snprintf(why, why_size, "the module's bindings cannot be remapped");
        } else if (spv_to_glsl((const uint32_t *)r.spirv.data, r.spirv.size / 4, &o, ts_logger(), &g) == GLHLE_RESULT_OK) {
            out = strdup(glhle_bytebuf_cstr(&g));
            /* the translation next to the images, for reading a failure */
            char path[512];
            snprintf(path, sizeof path, "%s/maxwell_diff_%s.glsl", ts_output_dir(), sh->name);
            FILE *f = fopen(path, "w");
            if (f) {
                fputs(out, f);
                fclose(f);
            }
        }
        else
            snprintf(why, why_size, "SPIRV-Cross refused the module");
        glhle_bytebuf_free(&g);
    }
    mw_spirv_result_free(&r);
    return out;
}

/* ---- inputs from the sidecar ---- */

static void put32(uint8_t *buf, size_t off, uint32_t v)
{
    if (off + 4 <= UBO_BYTES)
        memcpy(buf + off, &v, 4);
}

static void put_value(uint8_t *buf, size_t off, const tj_value *v, bool is_int)
{
    double d = tj_num(v, 0);
    uint32_t bits;
    if (is_int) {
        bits = d < 0 ? (uint32_t)(int32_t)d : (uint32_t)d;
    } else {
        float f = (float)d;
        memcpy(&bits, &f, 4);
    }
    put32(buf, off, bits);
}

/* members: "vec4", "uvec4", "vec4[8]", "mat2"/"mat4 ..." (columns padded
 * to 16 bytes), "T at S*i+K" (element i at offset + S*i) */
static void fill_block(uint8_t *buf, const tj_value *block)
{
    const tj_value *members = tj_get(block, "members");
    for (size_t m = 0; m < tj_len(members); m++) {
        const tj_value *mem = tj_at(members, m);
        const char *type = tj_str(tj_get(mem, "type"), "float");
        size_t off = (size_t)tj_num(tj_get(mem, "offset"), 0);
        bool is_int = type[0] == 'i' || type[0] == 'u';
        const tj_value *val = tj_get(mem, "value");
        size_t stride = 16;
        const char *at = strstr(type, " at ");
        if (at)
            stride = (size_t)atoi(at + 4);
        if (val && val->type == TJ_ARR && tj_len(val) && tj_at(val, 0)->type == TJ_ARR) {
            for (size_t i = 0; i < tj_len(val); i++)
                for (size_t c = 0; c < tj_len(tj_at(val, i)); c++)
                    put_value(buf, off + stride * i + 4 * c, tj_at(tj_at(val, i), c), is_int);
        } else if (val && val->type == TJ_ARR) {
            for (size_t c = 0; c < tj_len(val); c++)
                put_value(buf, off + (at ? stride * c : 4 * c), tj_at(val, c), is_int);
        } else if (val) {
            put_value(buf, off, val, is_int);
        }
    }
}

static uint8_t clamp8(int v)
{
    return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

/* The texel rules of the sidecars, written out by hand from their text. */
static bool texel_rgba8(const char *rule, int x, int y, int level, int w, int h, uint8_t out[4])
{
    if (!strcmp(rule, "(x*16, y*16, 0, 255)")) {
        out[0] = clamp8(x * 16), out[1] = clamp8(y * 16), out[2] = 0, out[3] = 255;
    } else if (!strcmp(rule, "(x*32, y*32, 0, 255)")) {
        out[0] = clamp8(x * 32), out[1] = clamp8(y * 32), out[2] = 0, out[3] = 255;
    } else if (!strcmp(rule, "(x*16, y*16, 128, ((x ^ y) & 1) * 255)")) {
        out[0] = clamp8(x * 16), out[1] = clamp8(y * 16), out[2] = 128, out[3] = (uint8_t)(((x ^ y) & 1) * 255);
    } else if (!strcmp(rule, "(x*32, y*32, ((x ^ y) * 32) & 255, 255 - x*y*4)")) {
        out[0] = clamp8(x * 32), out[1] = clamp8(y * 32), out[2] = (uint8_t)(((x ^ y) * 32) & 255);
        out[3] = clamp8(255 - x * y * 4);
    } else if (!strncmp(rule, "level L", 7)) {
        out[0] = clamp8(x * 256 / w), out[1] = clamp8(y * 256 / h), out[2] = clamp8(40 * level), out[3] = 255;
    } else {
        return false;
    }
    return true;
}

/* texels of arrays, cubes and 3D textures (tex_kinds_fsh): layer, face or slice z */
static bool texel_layered(const char *rule, int x, int y, int z, uint8_t out[4])
{
    if (!strcmp(rule, "layer l: (x*16, y*16, l*64, 255)")) {
        out[0] = clamp8(x * 16), out[1] = clamp8(y * 16), out[2] = clamp8(z * 64), out[3] = 255;
    } else if (!strncmp(rule, "face f (0..5 = +X,-X,+Y,-Y,+Z,-Z): (f*40, x*32, y*32, 255)", 58)) {
        out[0] = clamp8(z * 40), out[1] = clamp8(x * 32), out[2] = clamp8(y * 32), out[3] = 255;
    } else if (!strcmp(rule, "(x*32, y*32, z*32, 255)")) {
        out[0] = clamp8(x * 32), out[1] = clamp8(y * 32), out[2] = clamp8(z * 32), out[3] = 255;
    } else {
        return false;
    }
    return true;
}

/* depth texels (tex_shadow_fsh) */
static bool texel_depth(const char *rule, int x, int y, float *out)
{
    if (strcmp(rule, "depth (x,y) = (x + y) / 62.0"))
        return false;
    *out = (float)(x + y) / 62.0f;
    return true;
}

/* integer texel rules (tex_int_fsh) */
static bool texel_int(const char *rule, int x, int y, uint32_t out[4])
{
    if (!strcmp(rule, "(x - 4, y*3, -x*y, 7)")) {
        out[0] = (uint32_t)(x - 4), out[1] = (uint32_t)(y * 3), out[2] = (uint32_t)(-x * y), out[3] = 7;
    } else if (!strcmp(rule, "(x*1000 + y, x ^ y, 0xFFFF0000 | x, y << 20)")) {
        out[0] = (uint32_t)(x * 1000 + y), out[1] = (uint32_t)(x ^ y), out[2] = 0xffff0000u | (uint32_t)x;
        out[3] = (uint32_t)y << 20;
    } else {
        return false;
    }
    return true;
}

typedef struct gl_inputs {
    GLuint ubo[20];
    uint32_t nubo;
    GLuint tex[8], vbo, vao;
    uint32_t ntex;
} gl_inputs;

/* Binds everything the sidecar names at the bindings the GLSL declares and,
 * when `cbuf_mask` is not 0 (the draw with the translation), for the
 * translated stage `stage_t` in glhle's layout too: the constant buffers it
 * reads (c0, c1, c(2+N)) and its texture units. Returns false with `why`
 * when an input kind is not supported by this test. */
static bool bind_inputs(glhle_context *ctx, const tmc_shader *sh, mw_spirv_stage stage_t, uint32_t cbuf_mask,
                        gl_inputs *in, char *why, size_t why_size)
{
    GladGLContext *gl = &ctx->gl;
    memset(in, 0, sizeof *in);
    uint8_t *buf = calloc(1, UBO_BYTES);
    const tj_value *blocks = tj_get(sh->json, "uniform_blocks");
    for (size_t i = 0; i < tj_len(blocks); i++) {
        const tj_value *blk = tj_at(blocks, i);
        uint32_t binding = (uint32_t)tj_num(tj_get(blk, "binding"), 0);
        memset(buf, 0, UBO_BYTES);
        fill_block(buf, blk);
        GLuint b;
        gl->GenBuffers(1, &b);
        gl->BindBuffer(GL_UNIFORM_BUFFER, b);
        gl->BufferData(GL_UNIFORM_BUFFER, UBO_BYTES, buf, GL_STATIC_DRAW);
        in->ubo[in->nubo++] = b;
        gl->BindBufferBase(GL_UNIFORM_BUFFER, binding, b); /* the GLSL */
        if (cbuf_mask >> (2 + binding) & 1)                /* c(2+N) */
            gl->BindBufferBase(GL_UNIFORM_BUFFER, stage_t * MW_GL_UBOS_PER_STAGE + 2 + binding, b);
    }
    /* c0 (driver constants: zero here) and c1 (compiler constants from the DKSH) */
    for (uint32_t cb = 0; cb < 2; cb++) {
        if (!(cbuf_mask >> cb & 1))
            continue;
        memset(buf, 0, UBO_BYTES);
        if (cb == 1 && sh->cbuf1)
            memcpy(buf, sh->cbuf1, sh->cbuf1_size < UBO_BYTES ? sh->cbuf1_size : UBO_BYTES);
        if (cb == 1 && !strcmp(sh->name, "derivs_fsh")) {
            /* c1[0x0] here is not a GLSL constant but Mesa's SV_YDIR (nv50_ir
             * SVSemantic; its dFdy multiplies by it), which uam puts in the
             * compiler-constant buffer as 0 for the driver to fill at draw
             * time: +1 keeps dFdy pointing up the window, as GL's does with
             * the translator's quad numbering (row 0 at the lower y) */
            const float ydir = 1.0f;
            memcpy(buf, &ydir, 4);
        }
        GLuint b;
        gl->GenBuffers(1, &b);
        gl->BindBuffer(GL_UNIFORM_BUFFER, b);
        gl->BufferData(GL_UNIFORM_BUFFER, UBO_BYTES, buf, GL_STATIC_DRAW);
        in->ubo[in->nubo++] = b;
        gl->BindBufferBase(GL_UNIFORM_BUFFER, stage_t * MW_GL_UBOS_PER_STAGE + cb, b);
    }
    free(buf);
    const tj_value *texs = tj_get(sh->json, "textures");
    for (size_t i = 0; i < tj_len(texs) && i < 8; i++) {
        const tj_value *t = tj_at(texs, i);
        const char *type = tj_str(tj_get(t, "type"), ""), *fmt = tj_str(tj_get(t, "format"), "");
        const char *rule = tj_str(tj_get(t, "texel"), "");
        bool is_int = !strcmp(type, "isampler2D") && !strcmp(fmt, "rgba32i");
        bool is_uint = !strcmp(type, "usampler2D") && !strcmp(fmt, "rgba32ui");
        bool is_depth = !strcmp(type, "sampler2DShadow") && !strcmp(fmt, "depth32f");
        bool rgba8 = !strcmp(fmt, "rgba8_unorm") || !strcmp(fmt, "rgba8");
        GLenum target = GL_TEXTURE_2D;
        if (!strcmp(type, "sampler2DArray") && rgba8)
            target = GL_TEXTURE_2D_ARRAY;
        else if (!strcmp(type, "samplerCube") && rgba8)
            target = GL_TEXTURE_CUBE_MAP;
        else if (!strcmp(type, "sampler3D") && rgba8)
            target = GL_TEXTURE_3D;
        else if (!is_int && !is_uint && !is_depth && (strcmp(type, "sampler2D") || !rgba8)) {
            snprintf(why, why_size, "texture %s %s is not built by this test", type, fmt);
            return false;
        }
        int tw = (int)tj_num(tj_at(tj_get(t, "size"), 0), 1), th = (int)tj_num(tj_at(tj_get(t, "size"), 1), 1);
        int levels = (int)tj_num(tj_get(t, "levels"), 1);
        int layers = target == GL_TEXTURE_3D ? (int)tj_num(tj_at(tj_get(t, "size"), 2), 1)
                     : target == GL_TEXTURE_2D ? 1 : (int)tj_num(tj_get(t, "layers"), 1);
        GLuint tex;
        gl->GenTextures(1, &tex);
        /* build it on a unit no shader uses, so it displaces no earlier texture */
        gl->ActiveTexture(GL_TEXTURE0 + 79);
        gl->BindTexture(target, tex);
        if (target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_3D)
            gl->TexStorage3D(target, levels, GL_RGBA8, tw, th, layers);
        else
            gl->TexStorage2D(target, levels, is_int ? GL_RGBA32I : is_uint ? GL_RGBA32UI : is_depth ? GL_DEPTH_COMPONENT32F : GL_RGBA8, tw, th);
        if (is_depth) {
            float *px = malloc((size_t)tw * th * 4);
            for (int y = 0; y < th; y++)
                for (int x = 0; x < tw; x++)
                    if (!texel_depth(rule, x, y, px + (size_t)y * tw + x)) {
                        snprintf(why, why_size, "texel rule \"%s\" is not written out in this test", rule);
                        free(px);
                        return false;
                    }
            gl->TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, tw, th, GL_DEPTH_COMPONENT, GL_FLOAT, px);
            free(px);
            levels = 0; /* filled */
            const tj_value *smp = tj_get(t, "sampler");
            if (strncmp(tj_str(tj_get(smp, "compare"), ""), "lequal", 6)) {
                snprintf(why, why_size, "depth compare \"%s\" is not set up by this test", tj_str(tj_get(smp, "compare"), ""));
                return false;
            }
            gl->TexParameteri(target, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
            gl->TexParameteri(target, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
        }
        if (is_int || is_uint) {
            uint32_t *px = malloc((size_t)tw * th * 16);
            for (int y = 0; y < th; y++)
                for (int x = 0; x < tw; x++)
                    if (!texel_int(rule, x, y, px + ((size_t)y * tw + x) * 4)) {
                        snprintf(why, why_size, "texel rule \"%s\" is not written out in this test", rule);
                        free(px);
                        return false;
                    }
            gl->TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, tw, th, GL_RGBA_INTEGER, is_int ? GL_INT : GL_UNSIGNED_INT, px);
            free(px);
            levels = 0; /* filled */
        }
        for (int l = 0; l < levels; l++) {
            int lw = tw >> l ? tw >> l : 1, lh = th >> l ? th >> l : 1;
            uint8_t *px = malloc((size_t)lw * lh * 4);
            for (int z = 0; z < layers; z++) {
                for (int y = 0; y < lh; y++)
                    for (int x = 0; x < lw; x++)
                        if (!(target == GL_TEXTURE_2D ? texel_rgba8(rule, x, y, l, lw, lh, px + ((size_t)y * lw + x) * 4)
                                                      : texel_layered(rule, x, y, z, px + ((size_t)y * lw + x) * 4))) {
                            snprintf(why, why_size, "texel rule \"%s\" is not written out in this test", rule);
                            free(px);
                            return false;
                        }
                if (target == GL_TEXTURE_2D)
                    gl->TexSubImage2D(GL_TEXTURE_2D, l, 0, 0, lw, lh, GL_RGBA, GL_UNSIGNED_BYTE, px);
                else if (target == GL_TEXTURE_CUBE_MAP)
                    gl->TexSubImage2D((GLenum)(GL_TEXTURE_CUBE_MAP_POSITIVE_X + z), l, 0, 0, lw, lh, GL_RGBA,
                                      GL_UNSIGNED_BYTE, px);
                else
                    gl->TexSubImage3D(target, l, 0, 0, z, lw, lh, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
            }
            free(px);
        }
        const tj_value *smp = tj_get(t, "sampler");
        bool lin_min = strstr(tj_str(tj_get(smp, "min"), "nearest"), "linear") != NULL;
        bool lin_mag = strstr(tj_str(tj_get(smp, "mag"), "nearest"), "linear") != NULL;
        bool mip = levels > 1;
        if (is_int || is_uint)
            lin_min = lin_mag = false; /* integer textures filter by nearest only */
        gl->TexParameteri(target, GL_TEXTURE_MIN_FILTER,
                          mip ? (lin_min ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST_MIPMAP_NEAREST)
                              : (lin_min ? GL_LINEAR : GL_NEAREST));
        gl->TexParameteri(target, GL_TEXTURE_MAG_FILTER, lin_mag ? GL_LINEAR : GL_NEAREST);
        GLint wrap = !strcmp(tj_str(tj_get(smp, "wrap"), ""), "repeat") ? GL_REPEAT : GL_CLAMP_TO_EDGE;
        gl->TexParameteri(target, GL_TEXTURE_WRAP_S, wrap);
        gl->TexParameteri(target, GL_TEXTURE_WRAP_T, wrap);
        gl->TexParameteri(target, GL_TEXTURE_WRAP_R, wrap);
        uint32_t binding = (uint32_t)tj_num(tj_get(t, "binding"), 0);
        gl->ActiveTexture(GL_TEXTURE0 + binding);
        gl->BindTexture(target, tex);
        /* the translated stage's unit; a vertex translation samples the fragment stage's texture with
         * the original GLSL, so only bind where the translated stage could use it */
        if (cbuf_mask) {
            gl->ActiveTexture(GL_TEXTURE0 + stage_t * MW_GL_TEXTURES_PER_STAGE + binding);
            gl->BindTexture(target, tex);
        }
        gl->ActiveTexture(GL_TEXTURE0);
        in->tex[in->ntex++] = tex;
    }
    gl->GenVertexArrays(1, &in->vao);
    gl->BindVertexArray(in->vao);
    const tj_value *vi = tj_get(sh->json, "vertex_inputs");
    const tj_value *attrs = tj_get(vi, "attributes");
    if (tj_len(attrs)) {
        /* one buffer per attribute, packed: each attribute's components as 32-bit values */
        size_t total = 0;
        for (size_t a = 0; a < tj_len(attrs); a++)
            total += tj_len(tj_get(tj_at(attrs, a), "values")) * 16;
        uint8_t *data = calloc(1, total ? total : 16);
        gl->GenBuffers(1, &in->vbo);
        gl->BindBuffer(GL_ARRAY_BUFFER, in->vbo);
        size_t pos = 0;
        bool per_instance = !strcmp(tj_str(tj_get(vi, "rate"), "vertex"), "instance");
        for (size_t a = 0; a < tj_len(attrs); a++) {
            const tj_value *at = tj_at(attrs, a);
            const char *fmt = tj_str(tj_get(at, "format"), "rgba32f");
            const tj_value *vals = tj_get(at, "values");
            GLint comps = (GLint)(strchr(fmt, '3') - fmt); /* "rgba32f" -> 4, "rg32ui" -> 2 */
            bool is_f = strstr(fmt, "32f") != NULL, is_u = strstr(fmt, "ui") != NULL;
            size_t start = pos;
            for (size_t v = 0; v < tj_len(vals); v++)
                for (GLint c = 0; c < comps; c++) {
                    const tj_value *x = tj_at(tj_at(vals, v), (size_t)c);
                    uint32_t bits;
                    if (is_f) {
                        float f = (float)tj_num(x, 0);
                        memcpy(&bits, &f, 4);
                    } else {
                        double d = tj_num(x, 0);
                        bits = d < 0 ? (uint32_t)(int32_t)d : (uint32_t)d;
                    }
                    memcpy(data + pos, &bits, 4);
                    pos += 4;
                }
            GLuint loc = (GLuint)tj_num(tj_get(at, "location"), 0);
            gl->EnableVertexAttribArray(loc);
            (void)start;
            if (is_f)
                gl->VertexAttribPointer(loc, comps, GL_FLOAT, GL_FALSE, comps * 4, (const void *)(uintptr_t)start);
            else
                gl->VertexAttribIPointer(loc, comps, is_u ? GL_UNSIGNED_INT : GL_INT, comps * 4,
                                         (const void *)(uintptr_t)start);
            if (per_instance)
                gl->VertexAttribDivisor(loc, 1);
        }
        gl->BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)pos, data, GL_STATIC_DRAW);
        free(data);
    }
    return true;
}

static void unbind_inputs(glhle_context *ctx, gl_inputs *in)
{
    GladGLContext *gl = &ctx->gl;
    gl->BindVertexArray(0);
    gl->DeleteVertexArrays(1, &in->vao);
    if (in->vbo)
        gl->DeleteBuffers(1, &in->vbo);
    gl->DeleteBuffers((GLsizei)in->nubo, in->ubo);
    gl->DeleteTextures((GLsizei)in->ntex, in->tex);
}

/* ---- drawing ---- */

/* a program of the stages in src[] (by mw_spirv_stage; NULL: absent) */
static bool link_stages(glhle_context *ctx, const char *const src[MW_SPIRV_STAGE_COUNT_], GLuint *prog)
{
    GladGLContext *gl = &ctx->gl;
    static const GLenum kind[MW_SPIRV_COMPUTE] = {GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER,
                                                  GL_TESS_EVALUATION_SHADER, GL_GEOMETRY_SHADER,
                                                  GL_FRAGMENT_SHADER};
    GLuint sh[MW_SPIRV_COMPUTE] = {0};
    bool ok = true;
    for (int s = 0; s < MW_SPIRV_COMPUTE && ok; s++)
        if (src[s])
            ok = gl_compile_shader(ctx, kind[s], src[s], &sh[s]) == GLHLE_RESULT_OK;
    GLuint p = gl->CreateProgram();
    for (int s = 0; s < MW_SPIRV_COMPUTE; s++)
        if (sh[s])
            gl->AttachShader(p, sh[s]);
    GLint linked = 0;
    if (ok) {
        gl->LinkProgram(p);
        gl->GetProgramiv(p, GL_LINK_STATUS, &linked);
        if (!linked) {
            char info[2048] = "";
            gl->GetProgramInfoLog(p, sizeof info, NULL, info);
            print_message("link: %s\n", info);
        }
    }
    for (int s = 0; s < MW_SPIRV_COMPUTE; s++)
        if (sh[s]) {
            gl->DetachShader(p, sh[s]);
            gl->DeleteShader(sh[s]);
        }
    if (!linked) {
        gl->DeleteProgram(p);
        return false;
    }
    *prog = p;
    return true;
}

/* Draws the sidecar's scene with the program vs + fs, or, when `stages` is
 * not NULL, with the stages it names (geometry and tessellation pipelines). */
static bool draw_stages(glhle_context *ctx, const tmc_shader *sh, const char *vs, const char *fs,
                        const char *const *stages, mw_spirv_stage stage_t, uint32_t cbuf_mask, frame *out, char *why,
                        size_t why_size)
{
    GladGLContext *gl = &ctx->gl;
    memset(out, 0, sizeof *out);
    GLuint prog;
    if (stages ? !link_stages(ctx, stages, &prog) : gl_link_program(ctx, vs, fs, &prog) != GLHLE_RESULT_OK) {
        snprintf(why, why_size, "the program does not link");
        return false;
    }
    spirv_programs += gl_text_is_spirv(stages ? stages[MW_SPIRV_VERTEX] : vs);
    const tj_value *fb = tj_get(sh->json, "framebuffer");
    const tj_value *targets = tj_get(fb, "targets");
    GLuint fbo, rb[MAX_TARGETS] = {0}, depth_rb = 0;
    gl->GenFramebuffers(1, &fbo);
    gl->BindFramebuffer(GL_FRAMEBUFFER, fbo);
    GLenum bufs[8] = {GL_NONE, GL_NONE, GL_NONE, GL_NONE, GL_NONE, GL_NONE, GL_NONE, GL_NONE};
    out->count = (uint32_t)(tj_len(targets) < MAX_TARGETS ? tj_len(targets) : MAX_TARGETS);
    for (uint32_t i = 0; i < out->count; i++) {
        const tj_value *t = tj_at(targets, i);
        const char *f = tj_str(tj_get(t, "format"), "");
        out->fmt[i] = !strcmp(f, "rgba32f") ? FMT_RGBA32F : !strcmp(f, "rgba32ui") ? FMT_RGBA32UI
                      : !strcmp(f, "rgba32i") ? FMT_RGBA32I : FMT_RGBA8;
        static const GLenum ifmt[] = {GL_RGBA8, GL_RGBA32F, GL_RGBA32UI, GL_RGBA32I};
        out->location[i] = (uint32_t)tj_num(tj_get(t, "location"), 0);
        gl->GenRenderbuffers(1, &rb[i]);
        gl->BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
        gl->RenderbufferStorage(GL_RENDERBUFFER, ifmt[out->fmt[i]], W, H);
        gl->FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + out->location[i], GL_RENDERBUFFER, rb[i]);
        bufs[out->location[i]] = GL_COLOR_ATTACHMENT0 + out->location[i];
    }
    out->depth = tj_get(fb, "depth") != NULL;
    if (out->depth) {
        gl->GenRenderbuffers(1, &depth_rb);
        gl->BindRenderbuffer(GL_RENDERBUFFER, depth_rb);
        gl->RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT32F, W, H);
        gl->FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_rb);
    }
    gl->DrawBuffers(8, bufs);
    for (uint32_t i = 0; i < out->count; i++) {
        const tj_value *clear = tj_get(tj_at(targets, i), "clear");
        GLint di = (GLint)out->location[i];
        if (out->fmt[i] == FMT_RGBA32UI) {
            GLuint c[4];
            for (int k = 0; k < 4; k++)
                c[k] = (GLuint)tj_num(tj_at(clear, (size_t)k), 0);
            gl->ClearBufferuiv(GL_COLOR, di, c);
        } else if (out->fmt[i] == FMT_RGBA32I) {
            GLint c[4];
            for (int k = 0; k < 4; k++)
                c[k] = (GLint)tj_num(tj_at(clear, (size_t)k), 0);
            gl->ClearBufferiv(GL_COLOR, di, c);
        } else {
            GLfloat c[4];
            for (int k = 0; k < 4; k++)
                c[k] = (GLfloat)tj_num(tj_at(clear, (size_t)k), 0);
            gl->ClearBufferfv(GL_COLOR, di, c);
        }
    }
    const tj_value *st = tj_get(sh->json, "state");
    if (out->depth) {
        GLfloat d = (GLfloat)tj_num(tj_get(tj_get(fb, "depth"), "clear"), 1.0);
        gl->ClearBufferfv(GL_DEPTH, 0, &d);
        const char *dt = tj_str(tj_get(st, "depth_test"), "off");
        gl->Enable(GL_DEPTH_TEST);
        gl->DepthFunc(!strcmp(dt, "always") ? GL_ALWAYS : !strcmp(dt, "less") ? GL_LESS : GL_ALWAYS);
        gl->DepthMask(tj_num(tj_get(st, "depth_write"), 0) ? GL_TRUE : GL_FALSE);
    }
    const tj_value *clips = tj_get(st, "clip_distances_enabled");
    for (size_t i = 0; i < tj_len(clips); i++)
        gl->Enable(GL_CLIP_DISTANCE0 + (GLenum)tj_num(tj_at(clips, i), 0));
    gl->Viewport(0, 0, W, H);
    gl->Disable(GL_CULL_FACE);
    /* the sidecars' convention: the last vertex provokes (README "Conventions") */
    gl->ProvokingVertex(GL_LAST_VERTEX_CONVENTION);
    gl_inputs in;
    bool ok = bind_inputs(ctx, sh, stage_t, cbuf_mask, &in, why, why_size);
    if (ok) {
        gl->UseProgram(prog);
        const tj_value *d = tj_get(sh->json, "draw");
        const char *prim = tj_str(tj_get(d, "primitive"), "triangles");
        GLenum mode = !strcmp(prim, "triangle_strip") ? GL_TRIANGLE_STRIP : !strcmp(prim, "points") ? GL_POINTS
                      : !strcmp(prim, "patches")                                                    ? GL_PATCHES
                                                                                                      : GL_TRIANGLES;
        if (mode == GL_PATCHES)
            gl->PatchParameteri(GL_PATCH_VERTICES, (GLint)tj_num(tj_get(d, "patch_vertices"), 3));
        gl->DrawArraysInstanced(mode, 0, (GLsizei)tj_num(tj_get(d, "vertex_count"), 3),
                                (GLsizei)tj_num(tj_get(d, "instance_count"), 1));
        for (uint32_t i = 0; i < out->count; i++) {
            gl->ReadBuffer(GL_COLOR_ATTACHMENT0 + out->location[i]);
            size_t n = (size_t)W * H * 4;
            out->pixels[i] = calloc(n, 4);
            if (out->fmt[i] == FMT_RGBA8)
                gl->ReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, out->pixels[i]);
            else if (out->fmt[i] == FMT_RGBA32F)
                gl->ReadPixels(0, 0, W, H, GL_RGBA, GL_FLOAT, out->pixels[i]);
            else
                gl->ReadPixels(0, 0, W, H, GL_RGBA_INTEGER, out->fmt[i] == FMT_RGBA32UI ? GL_UNSIGNED_INT : GL_INT,
                               out->pixels[i]);
        }
        if (out->depth) {
            out->depth_pixels = calloc((size_t)W * H, 4);
            gl->ReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, out->depth_pixels);
        }
        gl->UseProgram(0);
    }
    unbind_inputs(ctx, &in);
    for (size_t i = 0; i < tj_len(clips); i++)
        gl->Disable(GL_CLIP_DISTANCE0 + (GLenum)tj_num(tj_at(clips, i), 0));
    gl->Disable(GL_DEPTH_TEST);
    gl->DepthMask(GL_TRUE);
    gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->DeleteFramebuffers(1, &fbo);
    gl->DeleteRenderbuffers((GLsizei)out->count, rb);
    if (depth_rb)
        gl->DeleteRenderbuffers(1, &depth_rb);
    gl->DeleteProgram(prog);
    ts_gl_check(ctx);
    return ok;
}

static bool draw(glhle_context *ctx, const tmc_shader *sh, const char *vs, const char *fs, mw_spirv_stage stage_t,
                 uint32_t cbuf_mask, frame *out, char *why, size_t why_size)
{
    return draw_stages(ctx, sh, vs, fs, NULL, stage_t, cbuf_mask, out, why, why_size);
}

/* ---- comparison ---- */

/* 8-bit pictures of a target for the failure images */
static void to_image(const frame *f, uint32_t i, glhle_image *img)
{
    assert_int_equal(glhle_image_alloc(img, W, H), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            size_t src = ((size_t)(H - 1 - y) * W + x) * 4, dst = ((size_t)y * W + x) * 4;
            for (int c = 0; c < 4; c++) {
                uint8_t v;
                if (f->fmt[i] == FMT_RGBA8)
                    v = ((const uint8_t *)f->pixels[i])[src + c];
                else if (f->fmt[i] == FMT_RGBA32F)
                    v = clamp8((int)lrintf(((const float *)f->pixels[i])[src + c] * 255.0f));
                else
                    v = (uint8_t)((const uint32_t *)f->pixels[i])[src + c];
                img->rgba[dst + c] = v;
            }
        }
}

/* Where the GLSL compiled by Mesa is not the reference: the binary is right
 * and the difference is exactly this, in integer targets. */
typedef struct known_difference {
    const char *shader;
    uint32_t target, channel, xor_mask;
} known_difference;

static const known_difference known[] = {
    /* packUnorm4x8(vec4(..., 0.3)): uam folds round(0.3f * 255.0f) in single
     * precision, 0.300000011920929 * 255 = 76.50000304 -> 77 (mov32i 0x4d in
     * the listing); Mesa folds the literal in double, 76.49999999999999 -> 76.
     * By hand, f32 gives 77 (GLSL 4.50 4.1.4: float is single precision).
     * The byte lands in bits 24-31 of channel y (u8 ^ s16). */
    {"pack_fsh", 0, 1, 0x01000000u},
};

static bool is_known(const char *shader, uint32_t target, size_t channel, uint32_t x, uint32_t y)
{
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (!strcmp(known[i].shader, shader) && known[i].target == target && known[i].channel == channel &&
            (x ^ y) == known[i].xor_mask)
            return true;
    return false;
}

/* Compares; returns the number of differing components and the largest difference. */
static uint64_t compare(const char *shader, const frame *a, const frame *b, uint32_t i, const double tolc[4],
                        bool relative, double *worst, uint64_t *known_count)
{
    uint64_t bad = 0;
    *worst = 0;
    size_t n = (size_t)W * H * 4;
    for (size_t k = 0; k < n; k++) {
        double d;
        if ((a->fmt[i] == FMT_RGBA32UI || a->fmt[i] == FMT_RGBA32I) &&
            is_known(shader, a->location[i], k % 4, ((const uint32_t *)a->pixels[i])[k],
                     ((const uint32_t *)b->pixels[i])[k])) {
            ++*known_count;
            continue;
        }
        if (a->fmt[i] == FMT_RGBA8) {
            d = fabs((double)((const uint8_t *)a->pixels[i])[k] - ((const uint8_t *)b->pixels[i])[k]);
        } else if (a->fmt[i] == FMT_RGBA32F) {
            float x = ((const float *)a->pixels[i])[k], y = ((const float *)b->pixels[i])[k];
            if (isnan(x) && isnan(y))
                continue;
            d = fabs((double)x - y);
            if (relative && fabs(x) > 1.0)
                d /= fabs(x);
        } else {
            d = ((const uint32_t *)a->pixels[i])[k] != ((const uint32_t *)b->pixels[i])[k] ? 1 : 0;
            if (d)
                *worst = fmax(*worst, fabs((double)((const uint32_t *)a->pixels[i])[k] -
                                           ((const uint32_t *)b->pixels[i])[k]));
        }
        if (a->fmt[i] != FMT_RGBA32UI && a->fmt[i] != FMT_RGBA32I && d > *worst)
            *worst = d;
        if (d > tolc[k % 4] || isnan(d))
            bad++;
    }
    return bad;
}

typedef enum { R_SAME, R_WITHIN, R_DIFFERENT, R_REFUSED, R_SKIPPED } outcome;

/* NAME_tI.expected/actual/diff.png in the test's output folder */
static void write_diff_images(const char *name, const frame *ref, const frame *got, uint32_t i)
{
    glhle_image a, b;
    to_image(ref, i, &a);
    to_image(got, i, &b);
    char img_name[96];
    snprintf(img_name, sizeof img_name, "maxwell_diff_%s_t%u", name, i);
    /* writes NAME.expected/actual/diff.png; a mismatch is reported after all shaders ran */
    const char *dir = ts_output_dir();
    char path[512];
    snprintf(path, sizeof path, "%s/%s.expected.png", dir, img_name);
    glhle_png_write_file(path, &a, ts_logger());
    snprintf(path, sizeof path, "%s/%s.actual.png", dir, img_name);
    glhle_png_write_file(path, &b, ts_logger());
    for (size_t k = 0; k < (size_t)W * H * 4; k++)
        a.rgba[k] = (uint8_t)(k % 4 == 3 ? 255 : abs(a.rgba[k] - b.rgba[k]) * 8 > 255 ? 255
                                                                                  : abs(a.rgba[k] - b.rgba[k]) * 8);
    snprintf(path, sizeof path, "%s/%s.diff.png", dir, img_name);
    glhle_png_write_file(path, &a, ts_logger());
    glhle_image_free(&a);
    glhle_image_free(&b);
}

static outcome run_shader(glhle_context *ctx, const char *name, char *msg, size_t msg_size)
{
    tmc_shader sh;
    if (!tmc_load(name, &sh)) {
        snprintf(msg, msg_size, "cannot load");
        return R_DIFFERENT;
    }
    outcome res = R_SKIPPED;
    const tj_value *pipe = tj_get(sh.json, "pipeline");
    const char *vname = tj_str(tj_get(pipe, "vert"), NULL), *fname = tj_str(tj_get(pipe, "frag"), NULL);
    char *vs = NULL, *fs = NULL, *tsrc = NULL;
    tmc_shader other;
    memset(&other, 0, sizeof other);
    if ((sh.stage != MW_SPIRV_VERTEX && sh.stage != MW_SPIRV_FRAGMENT) || !vname || !fname ||
        tj_get(pipe, "geom") || tj_get(pipe, "tess_ctrl")) {
        snprintf(msg, msg_size, "not a vertex + fragment pipeline");
        goto done;
    }
    if (!tmc_load(sh.stage == MW_SPIRV_VERTEX ? fname : vname, &other)) {
        snprintf(msg, msg_size, "cannot load the companion stage");
        res = R_DIFFERENT;
        goto done;
    }
    uint32_t cbuf_mask = 0;
    tsrc = translate(&sh, &other, &cbuf_mask, msg, msg_size);
    if (!tsrc) {
        res = R_REFUSED;
        goto done;
    }
    char *orig = as_450(sh.glsl), *comp = as_450(other.glsl), *comp_spv = NULL;
    vs = sh.stage == MW_SPIRV_VERTEX ? orig : comp;
    fs = sh.stage == MW_SPIRV_VERTEX ? comp : orig;
    frame ref, got;
    char why[160] = "";
    if (spirv_mode && !(comp_spv = glsl_as_spirv(comp, other.stage, other.name))) {
        snprintf(msg, msg_size, "glslangValidator -G does not take the companion stage %s (%s/"
                 "maxwell_diff_native_%s.*.log)", other.name, ts_output_dir(), other.name);
        free(orig);
        free(comp);
        res = R_SKIPPED;
        goto done;
    }
    if (comp_spv) { /* the translated draw's companion */
        if (sh.stage == MW_SPIRV_VERTEX)
            fs = comp_spv;
        else
            vs = comp_spv;
    }
    if (!draw(ctx, &sh, sh.stage == MW_SPIRV_VERTEX ? orig : comp, sh.stage == MW_SPIRV_VERTEX ? comp : orig,
              sh.stage, 0, &ref, why, sizeof why)) {
        snprintf(msg, msg_size, "the original GLSL: %s", why);
        frame_free(&ref);
        res = R_SKIPPED;
        goto done;
    }
    bool drawn = draw(ctx, &sh, sh.stage == MW_SPIRV_VERTEX ? tsrc : vs, sh.stage == MW_SPIRV_VERTEX ? fs : tsrc,
                      sh.stage, cbuf_mask | 1u << 31, &got, why, sizeof why);
    if (!drawn) {
        snprintf(msg, msg_size, "the translation: %s", why);
        res = R_DIFFERENT;
    } else {
        const tj_value *cmp = tj_get(sh.json, "compare");
        double tol = tj_num(tj_get(cmp, "tolerance"), 0), tolc[4] = {tol, tol, tol, tol};
        const tj_value *per = tj_get(cmp, "tolerance_per_channel"); /* derivs_fsh: one bound per channel */
        for (size_t c = 0; c < 4 && c < tj_len(per); c++)
            tolc[c] = tj_num(tj_at(per, c), 0);
        bool relative = tj_num(tj_get(cmp, "relative"), 0) != 0;
        res = R_SAME;
        size_t used = 0;
        msg[0] = 0;
        for (uint32_t i = 0; i < ref.count; i++) {
            double worst;
            uint64_t known_count = 0;
            uint64_t bad = compare(name, &ref, &got, i, tolc, relative, &worst, &known_count);
            used += (size_t)snprintf(msg + used, used < msg_size ? msg_size - used : 0, "%starget %u: %s, largest difference %g",
                                     i ? "; " : "", ref.location[i], bad ? "DIFFERENT" : worst ? "within tolerance" : "identical",
                                     worst);
            if (known_count) {
                used += (size_t)snprintf(msg + used, used < msg_size ? msg_size - used : 0,
                                         " (%llu components differ as documented: Mesa's constant folding)",
                                         (unsigned long long)known_count);
                if (res == R_SAME)
                    res = R_WITHIN;
            }
            if (bad) {
                res = R_DIFFERENT;
                used += (size_t)snprintf(msg + used, used < msg_size ? msg_size - used : 0, " (%llu components over %g)",
                                         (unsigned long long)bad, tol);
                /* the first differing component, raw, to read the failure by */
                for (size_t k = 0; k < (size_t)W * H * 4; k++) {
                    uint32_t x, y;
                    if (ref.fmt[i] == FMT_RGBA8)
                        x = ((const uint8_t *)ref.pixels[i])[k], y = ((const uint8_t *)got.pixels[i])[k];
                    else
                        x = ((const uint32_t *)ref.pixels[i])[k], y = ((const uint32_t *)got.pixels[i])[k];
                    if (x != y) {
                        used += (size_t)snprintf(msg + used, used < msg_size ? msg_size - used : 0,
                                                 " first at pixel (%zu, %zu) channel %zu: 0x%x, translated 0x%x",
                                                 (k / 4) % W, (k / 4) / W, k % 4, x, y);
                        break;
                    }
                }
                write_diff_images(name, &ref, &got, i);
            } else if (worst > 0 && res == R_SAME) {
                res = R_WITHIN;
            }
        }
        if (ref.depth_pixels && got.depth_pixels) {
            double worst = 0;
            uint64_t bad = 0;
            for (size_t k = 0; k < (size_t)W * H; k++) {
                double d = fabs((double)ref.depth_pixels[k] - got.depth_pixels[k]);
                worst = fmax(worst, d);
                bad += d > tol;
            }
            used += (size_t)snprintf(msg + used, used < msg_size ? msg_size - used : 0, "; depth: largest difference %g", worst);
            if (bad)
                res = R_DIFFERENT;
            else if (worst > 0 && res == R_SAME)
                res = R_WITHIN;
        }
    }
    frame_free(&ref);
    frame_free(&got);
    free(orig);
    free(comp);
    free(comp_spv);
done:
    free(tsrc);
    tmc_free(&other);
    tmc_free(&sh);
    return res;
}

/* The shaders that translate and match today: one of them refused or
 * different fails the test, so a regression cannot hide as a refusal. */
static const char *const must_match[] = {
    "attribs_vsh",     "bitfield_fsh",   "clipdist_vsh",    "color_fsh",     "compare_select_fsh",
    "control_flow_fsh", "convert_fsh",   "discard_fsh",     "float_math_fsh", "float_round_fsh",
    "fullscreen_vsh",  "functions_fsh",  "int_arith_fsh",   "int_divmod_fsh", "interp_fsh",
    "interp_vsh",      "local_array_fsh", "texel_fetch_fsh", "tex_int_fsh",
    "loop_branch_fsh", "mrt_depth_fsh",  "pack_fsh",        "passthrough_vsh", "switch_fsh",
    "texture_fsh",     "transcend_fsh",  "ubo_array_vsh",   "ubo_dynamic_fsh", "ubo_matrix_vsh",
    "derivs_fsh",      "frag_coord_fsh", "tex_gather_fsh",  "tex_kinds_fsh",  "tex_lod_fsh",
    "tex_query_lod_fsh", "tex_shadow_fsh",
};

static bool must(const char *name)
{
    for (size_t i = 0; i < sizeof must_match / sizeof must_match[0]; i++)
        if (!strcmp(must_match[i], name))
            return true;
    return false;
}

static void test_corpus_differential(void **state)
{
    if (ts_gles()) {
        print_message("SKIP on OpenGL ES: each draw pairs the translated stage with the corpus' other stage as "
                      "written, desktop GLSL 4.60, which an ES context does not compile (the translations' ES "
                      "output is checked by gles/test_maxwell_draw and gles/test_maxwell_random)\n");
        skip();
    }
    glhle_context *ctx = *state;
    if (!tmc_require() || !want_spirv(ctx))
        skip();
    spirv_programs = 0;
    unsigned counts[5] = {0};
    static const char *const label[5] = {"identical", "within tolerance", "DIFFERENT", "refused", "skipped"};
    char failures[2048] = "";
    for (const char *const *n = tmc_names(); *n; n++) {
        char msg[512] = "";
        outcome o = run_shader(ctx, *n, msg, sizeof msg);
        counts[o]++;
        print_message("  %-20s %-16s %s\n", *n, label[o], msg);
        if ((o == R_DIFFERENT || (must(*n) && o != R_SAME && o != R_WITHIN)) &&
            strlen(failures) + strlen(*n) + 2 < sizeof failures) {
            counts[R_DIFFERENT] += o != R_DIFFERENT;
            strcat(failures, " ");
            strcat(failures, *n);
        }
    }
    print_message("maxwell differential: %u identical, %u within tolerance, %u different, %u refused, %u skipped\n",
                  counts[R_SAME], counts[R_WITHIN], counts[R_DIFFERENT], counts[R_REFUSED], counts[R_SKIPPED]);
    print_message("  %u programs linked from SPIR-V modules (%s)\n", spirv_programs,
                  spirv_mode ? "GLHLE_MAXWELL_SHADER_PATH=spirv" : "GLSL path");
    /* the SPIR-V pass draws every translation it compares from its module */
    if (spirv_mode)
        assert_true(spirv_programs > 0 && spirv_programs >= counts[R_SAME] + counts[R_WITHIN]);
    else
        assert_int_equal(spirv_programs, 0);
    if (counts[R_DIFFERENT])
        fail_msg("translations differ from the GLSL for:%s (images in %s)", failures, ts_output_dir());
}

/* ---- geometry and tessellation pipelines ---- */

/* The scenes with a geometry or tessellation stage: each sidecar names its
 * pipeline. Drawn from the original GLSL, then with each Maxwell stage of it
 * in turn replaced by its translation, then with all of them translated
 * (the fragment stage stays native: color_fsh); every drawing is compared
 * with the original's under the sidecar's tolerance. Beside that
 * differential, each scene is checked against what its GLSL says (below),
 * so a pipeline that draws nothing in both cannot pass. */
static const char *const vtg_scenes[] = {"point_quad_gsh", "quad_tesh"};

static uint32_t covered(const frame *f)
{
    uint32_t n = 0;
    const uint8_t *px = f->pixels[0];
    for (size_t k = 0; k < (size_t)W * H; k++)
        n += px[4 * k] || px[4 * k + 1] || px[4 * k + 2] || px[4 * k + 3] != 255; /* the clear: (0, 0, 0, 1) */
    return n;
}

/* What the GLSL says, worked out by hand:
 *  - point_quad_gsh: quad_pos_vsh puts the 4 points at (+-0.6, +-0.6); each
 *    becomes a quad of +-0.2, i.e. window [6.4, 19.2] or [44.8, 57.6] on
 *    each axis of the 64x64 target: 13 x 13 pixel centres, 676 pixels in
 *    all, every one with alpha 0.6-0.9 (not the clear's 1).
 *  - quad_tesh: the patch covers [-0.6, 0.6]^2 displaced by 0.05 sin(12.566 u)
 *    in y; the colour is bilinear in the corners' (c.x, c.y, id / 3, 1), which
 *    is linear: (u, v, (u + 2 v) / 3, 1), times patchTint (0.5, 0.5, 1, 1).
 *    Pixel (32, 32) has ndc (0.015625, 0.015625): u = 0.51302, a displacement
 *    of 0.05 sin(6.4466) = 0.00813, so v = (0.615625 - 0.00813) / 1.2 =
 *    0.50624, and the colour (0.2565, 0.2531, 0.5085, 1) = (65.4, 64.5,
 *    129.7, 255); within 4 steps for the mesh's straight pieces of the wave. */
static bool scene_as_glsl_says(const char *scene, const frame *f, char *why, size_t why_size)
{
    const uint8_t *px = f->pixels[0];
    if (!strcmp(scene, "point_quad_gsh")) {
        uint32_t n = covered(f);
        if (n != 676) {
            snprintf(why, why_size, "%u pixels drawn, the GLSL's four quads cover 676", n);
            return false;
        }
        return true;
    }
    const uint8_t *c = px + 4 * (32 * W + 32);
    static const int want[4] = {65, 65, 130, 255};
    for (int k = 0; k < 4; k++)
        if (abs(c[k] - want[k]) > 4) {
            snprintf(why, why_size, "pixel (32, 32) is (%u, %u, %u, %u), the GLSL's colour about (65, 65, 130, 255)",
                     c[0], c[1], c[2], c[3]);
            return false;
        }
    return true;
}

static void test_corpus_vtg(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    if (ts_gles()) {
        print_message("SKIP on OpenGL ES: each scene is drawn first from the corpus' GLSL as written, desktop GLSL "
                      "4.60, which an ES context does not compile (quad_tesh's translation reads the subgroup lane, "
                      "which has no ES form either)\n");
        skip();
    }
    if (!want_spirv(ctx))
        skip();
    static const char *const keys[MW_SPIRV_COMPUTE] = {"vert", "tess_ctrl", "tess_eval", "geom", "frag"};
    char failures[1024] = "";
    spirv_programs = 0;
    unsigned vtg_draws = 0;
    for (size_t p = 0; p < sizeof vtg_scenes / sizeof vtg_scenes[0]; p++) {
        const char *scene = vtg_scenes[p];
        tmc_shader st[MW_SPIRV_COMPUTE];
        bool have[MW_SPIRV_COMPUTE] = {false};
        char *native[MW_SPIRV_COMPUTE] = {NULL}, *trans[MW_SPIRV_COMPUTE] = {NULL}, *native_spv[MW_SPIRV_COMPUTE] = {NULL};
        uint32_t mask[MW_SPIRV_COMPUTE] = {0};
        memset(st, 0, sizeof st);
        tmc_shader sh;
        if (!tmc_load(scene, &sh))
            fail_msg("cannot load %s", scene);
        const tj_value *pipe = tj_get(sh.json, "pipeline");
        for (int s = 0; s < MW_SPIRV_COMPUTE; s++) {
            const char *n = tj_str(tj_get(pipe, keys[s]), NULL);
            if (!n)
                continue;
            if (!tmc_load(n, &st[s]))
                fail_msg("cannot load %s", n);
            have[s] = true;
            native[s] = as_450(st[s].glsl);
            if (spirv_mode && !(native_spv[s] = glsl_as_spirv(native[s], (mw_spirv_stage)s, st[s].name)))
                fail_msg("%s: glslangValidator -G does not take %s (%s)", scene, st[s].name, ts_output_dir());
        }
        assert_true(have[MW_SPIRV_VERTEX] && have[MW_SPIRV_FRAGMENT]);
        for (int s = 0; s < MW_SPIRV_FRAGMENT; s++) {
            if (!have[s])
                continue;
            int next = s + 1;
            while (!have[next])
                next++;
            char why[160] = "";
            trans[s] = translate(&st[s], &st[next], &mask[s], why, sizeof why);
            if (!trans[s])
                fail_msg("%s: %s is refused: %s", scene, st[s].name, why);
        }
        frame ref;
        char why[160] = "";
        if (!draw_stages(ctx, &sh, NULL, NULL, (const char *const *)native, MW_SPIRV_VERTEX, 0, &ref, why, sizeof why))
            fail_msg("%s: the original GLSL: %s", scene, why);
        if (!scene_as_glsl_says(scene, &ref, why, sizeof why))
            fail_msg("%s: the original GLSL's picture: %s", scene, why);
        const tj_value *cmp = tj_get(sh.json, "compare");
        double tol = tj_num(tj_get(cmp, "tolerance"), 0), tolc[4] = {tol, tol, tol, tol};
        /* each translated stage alone (v < FRAGMENT), then all of them */
        for (int v = 0; v <= MW_SPIRV_FRAGMENT; v++) {
            if (v < MW_SPIRV_FRAGMENT && !trans[v])
                continue;
            const char *src[MW_SPIRV_STAGE_COUNT_] = {NULL};
            int stage_t = -1, readers = 0;
            char label[96] = "";
            for (int s = 0; s < MW_SPIRV_COMPUTE; s++) {
                bool use = trans[s] && (v == MW_SPIRV_FRAGMENT || v == s);
                src[s] = use ? trans[s] : spirv_mode ? native_spv[s] : native[s];
                if (use && mask[s])
                    stage_t = s, readers++;
                if (use)
                    snprintf(label + strlen(label), sizeof label - strlen(label), "%s%s", label[0] ? "+" : "",
                             st[s].name);
            }
            /* bind_inputs binds one translated stage's constant buffers (only quad_tcsh reads any) */
            assert_true(readers <= 1);
            frame got;
            vtg_draws++;
            bool drawn = draw_stages(ctx, &sh, NULL, NULL, src, stage_t < 0 ? MW_SPIRV_VERTEX : (mw_spirv_stage)stage_t,
                                     (stage_t < 0 ? 0 : mask[stage_t]) | 1u << 31, &got, why, sizeof why);
            double worst = 0;
            uint64_t n_known = 0, bad = drawn ? compare(scene, &ref, &got, 0, tolc, false, &worst, &n_known) : 1;
            bool says = drawn && scene_as_glsl_says(scene, &got, why, sizeof why);
            print_message("  %-16s translated %-44s %s, largest difference %g, %llu components over %g, %u pixels drawn%s%s\n",
                          scene, label, !drawn ? "NOT DRAWN" : bad ? "DIFFERENT" : worst ? "within tolerance" : "identical",
                          worst, (unsigned long long)bad, tol, drawn ? covered(&got) : 0, says ? "" : ": ", says ? "" : why);
            if (drawn && bad) {
                char img[128];
                snprintf(img, sizeof img, "%s_%s", scene, label);
                write_diff_images(img, &ref, &got, 0);
            }
            if ((bad || !says) && strlen(failures) + strlen(label) + 4 < sizeof failures)
                snprintf(failures + strlen(failures), sizeof failures - strlen(failures), " %s", label);
            frame_free(&got);
        }
        frame_free(&ref);
        for (int s = 0; s < MW_SPIRV_COMPUTE; s++) {
            free(native[s]);
            free(native_spv[s]);
            free(trans[s]);
            if (have[s])
                tmc_free(&st[s]);
        }
        tmc_free(&sh);
    }
    print_message("  %u of %u translated drawings linked from SPIR-V modules\n", spirv_programs, vtg_draws);
    assert_int_equal(spirv_programs, spirv_mode ? vtg_draws : 0);
    if (failures[0])
        fail_msg("geometry/tessellation translations differ from the GLSL:%s (images in %s)", failures, ts_output_dir());
}

/* ---- compute ---- */

/* "uint v[i] = A*i" (the corpus' storage-buffer rules this test reads): A, or false */
static bool linear_rule(const char *rule, uint32_t *a)
{
    return rule && sscanf(rule, "uint v[i] = %u*i", a) == 1;
}

static uint32_t fbits(float x)
{
    uint32_t u;
    memcpy(&u, &x, 4);
    return u;
}

/* A storage buffer's first contents from its sidecar `init` rule (the
 * sentences the corpus uses): "zero ...", "uint v[i] = A*i", "uint[N] = {a,
 * b, ...}", and ssbo_layout_csh's "uint count = C at 0; Item items[N] from
 * offset 16, stride 32 ...; item i = {pos (i, -0.5*i, 1), id 3*i, uv (0.25*i,
 * 1), k -i, w 0.125}". False for a rule this test does not know. */
static bool init_rule(const char *rule, uint32_t *data, uint32_t words)
{
    uint32_t a, count, items;
    if (!rule)
        return false;
    if (!strncmp(rule, "zero", 4))
        return true;
    if (linear_rule(rule, &a)) {
        for (uint32_t w = 0; w < words; w++)
            data[w] = a * w;
        return true;
    }
    if (sscanf(rule, "uint[%u] = {", &count) == 1) {
        const char *p = strchr(rule, '{') + 1;
        for (uint32_t w = 0; w < count && w < words; w++) {
            char *end;
            data[w] = (uint32_t)strtoul(p, &end, 0);
            if (end == p)
                return false;
            p = end + strspn(end, ", ");
        }
        return true;
    }
    if (sscanf(rule, "uint count = %u at 0; Item items[%u] from offset 16, stride 32", &count, &items) == 2 &&
        strstr(rule, "item i = {pos (i, -0.5*i, 1), id 3*i, uv (0.25*i, 1), k -i, w 0.125}")) {
        data[0] = count;
        for (uint32_t i = 0; i < items && 4 + 8 * i + 8 <= words; i++) {
            uint32_t *it = data + 4 + 8 * i;
            it[0] = fbits((float)i), it[1] = fbits(-0.5f * (float)i), it[2] = fbits(1.0f), it[3] = 3 * i;
            it[4] = fbits(0.25f * (float)i), it[5] = fbits(1.0f), it[6] = (uint32_t)-(int32_t)i, it[7] = fbits(0.125f);
        }
        return true;
    }
    return false;
}

/* Compares buffer words against a sidecar `expected` value: a linear rule
 * or an array (nested arrays flattened; a string leaf such as "any" is not
 * compared; numbers are u32 / i32, or f32 bits when `floats`). */
static bool expect_words(const tj_value *e, const uint32_t *got, uint32_t words, bool floats, uint32_t *at,
                           char *why, size_t why_size)
{
    uint32_t a;
    if (e && e->type == TJ_STR && linear_rule(tj_str(e, NULL), &a)) {
        for (uint32_t w = 0; w < words; w++)
            if (got[w] != a * w) {
                snprintf(why, why_size, "word %u: 0x%08x, the sidecar says 0x%08x", w, got[w], a * w);
                return false;
            }
        return true;
    }
    if (!e || e->type != TJ_ARR) {
        snprintf(why, why_size, "not run: an expected value this test does not read");
        return false;
    }
    for (size_t i = 0; i < tj_len(e); i++) {
        const tj_value *v = tj_at(e, i);
        if (v->type == TJ_ARR) {
            if (!expect_words(v, got, words, floats, at, why, why_size))
                return false;
            continue;
        }
        uint32_t w = (*at)++;
        if (v->type != TJ_NUM)
            continue; /* "any" */
        double d = tj_num(v, 0);
        uint32_t want = floats ? fbits((float)d) : d < 0 ? (uint32_t)(int32_t)d : (uint32_t)d;
        if (w >= words || got[w] != want) {
            snprintf(why, why_size, "word %u: 0x%08x, the sidecar says 0x%08x", w, w < words ? got[w] : 0, want);
            return false;
        }
    }
    return true;
}

/* A texel (r, g, b, a; or r alone) from one of the corpus' image rules:
 * "zero", "(x*8, y*8, 128, 255)", "texel (x,y) = (128, y*8, (31-x)*8, 255)",
 * "texel (x,y) = (x>>3) + (y>>3)*16 + (((y&7)*8 + (x&7)) << 8)". False for a
 * rule this test does not know. */
static bool image_rule(const char *rule, uint32_t x, uint32_t y, uint32_t out[4])
{
    memset(out, 0, 4 * sizeof *out);
    if (!rule)
        return false;
    if (!strncmp(rule, "zero", 4))
        return true;
    if (!strcmp(rule, "(0x7FFFFFFF, 0)")) { /* image_atomic_csh's 2x1 minmax: one value a texel */
        out[0] = x == 0 ? 0x7FFFFFFFu : 0;
        return true;
    }
    if (!strcmp(rule, "(x*8, y*8, 128, 255)")) {
        out[0] = x * 8, out[1] = y * 8, out[2] = 128, out[3] = 255;
        return true;
    }
    if (!strcmp(rule, "texel (x,y) = (128, y*8, (31-x)*8, 255)")) {
        out[0] = 128, out[1] = y * 8, out[2] = (31 - x) * 8, out[3] = 255;
        return true;
    }
    if (!strcmp(rule, "texel (x,y) = (x>>3) + (y>>3)*16 + (((y&7)*8 + (x&7)) << 8)")) {
        out[0] = (x >> 3) + (y >> 3) * 16 + (((y & 7) * 8 + (x & 7)) << 8);
        return true;
    }
    return false;
}

typedef struct image_fmt {
    const char *name;
    GLenum internal, format, type;
    uint32_t comps, bytes;
} image_fmt;

static const image_fmt image_fmts[] = {
    {"rgba8", GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, 1},
    {"r32ui", GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, 1, 4},
    {"r32i", GL_R32I, GL_RED_INTEGER, GL_INT, 1, 4},
};

static const image_fmt *image_fmt_of(const char *name)
{
    for (size_t i = 0; i < sizeof image_fmts / sizeof image_fmts[0]; i++)
        if (name && !strcmp(image_fmts[i].name, name))
            return &image_fmts[i];
    return NULL;
}

/* texel (x, y) of a w-wide image of format f into / out of memory */
static void texel_put(const image_fmt *f, uint8_t *mem, uint32_t w, uint32_t x, uint32_t y, const uint32_t v[4])
{
    for (uint32_t c = 0; c < f->comps; c++) {
        size_t at = ((size_t)y * w + x) * f->comps * f->bytes + c * f->bytes;
        if (f->bytes == 1)
            mem[at] = (uint8_t)v[c];
        else
            memcpy(mem + at, &v[c], 4);
    }
}

static void texel_get(const image_fmt *f, const uint8_t *mem, uint32_t w, uint32_t x, uint32_t y, uint32_t v[4])
{
    memset(v, 0, 4 * sizeof *v);
    for (uint32_t c = 0; c < f->comps; c++) {
        size_t at = ((size_t)y * w + x) * f->comps * f->bytes + c * f->bytes;
        if (f->bytes == 1)
            v[c] = mem[at];
        else
            memcpy(&v[c], mem + at, 4);
    }
}

/* image_atomic_csh's images after its dispatch, evaluated here from the
 * corpus' GLSL (image_atomic_csh.glsl) rather than taken from the sidecar:
 * every invocation p of the grid adds 1 to hist[(p.x*7 + p.y*13) & 15],
 * takes the unsigned max of p.x*p.y into peak, the signed min of
 * int(p.x) - int(p.y) into minmax[0] (from 0x7FFFFFFF) and stores 42 in
 * minmax[1]. Images 0 (16 texels), 1 (1) and 2 (2) in out[image][texel]. */
static void image_atomic_model(uint32_t gx, uint32_t gy, uint32_t lx, uint32_t ly, uint32_t out[3][16])
{
    memset(out, 0, 3 * sizeof out[0]);
    int32_t lo = 0x7FFFFFFF;
    for (uint32_t y = 0; y < gy * ly; y++)
        for (uint32_t x = 0; x < gx * lx; x++) {
            out[0][(x * 7u + y * 13u) & 15u]++;
            if (x * y > out[1][0])
                out[1][0] = x * y;
            if ((int32_t)x - (int32_t)y < lo)
                lo = (int32_t)x - (int32_t)y;
            out[2][1] = 42;
        }
    out[2][0] = (uint32_t)lo;
}

/* A compute shader of the corpus dispatched from its translation (issue 15
 * part 3): storage buffers filled by the sidecar's `init` rule, uniform
 * block N in c(2+N), and in c0 deko3d's compute SSBO descriptors (README
 * "The c0 layout": binding b's 64-bit address at 0x140 + 16 b, its size at
 * +8; the address here is made up, the translation subtracts it). Every
 * buffer word must equal the `expected` rule. Shaders whose rules or
 * driver constants (workgroup counts, sizes for length()) this test does
 * not fill are listed as not run. */
static bool run_compute(glhle_context *ctx, const char *name, char *why, size_t why_size)
{
    GladGLContext *gl = &ctx->gl;
    tmc_shader sh;
    if (!tmc_load(name, &sh)) {
        snprintf(why, why_size, "cannot load");
        return false;
    }
    bool ok = false;
    mw_spirv_input in;
    tmc_input(&sh, &in);
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    glhle_bytebuf g;
    glhle_bytebuf_init(&g, 0);
    GLuint prog = 0, bufs[MW_SPIRV_SSBOS] = {0}, ubo[3] = {0}, imgs[MW_SPIRV_IMG_SLOTS] = {0};
    const image_fmt *img_fmt[MW_SPIRV_IMG_SLOTS] = {0};
    uint32_t img_w[MW_SPIRV_IMG_SLOTS] = {0}, img_h[MW_SPIRV_IMG_SLOTS] = {0};
    const tj_value *sb = tj_get(sh.json, "storage_buffers"), *exp = tj_get(sh.json, "expected");
    const tj_value *disp = tj_get(sh.json, "dispatch");
    if (mw_spirv_translate(&in, ts_logger(), &r) != GLHLE_RESULT_OK) {
        snprintf(why, why_size, "refused: %s", r.reason);
        goto done;
    }
    if (tsv_available())
        tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, name);
    spv_glsl_binding bind[64];
    spv_glsl_options o = {.es = glhle_context_get_info(ctx)->gles, .bindings = bind,
                          .binding_count = mw_spirv_gl_bindings(&r, MW_SPIRV_COMPUTE, bind)};
    char *spv_text = NULL;
    if (spirv_mode) {
        spv_text = module_text(&r, bind, o.binding_count);
        if (!spv_text || !glhle_bytebuf_append(&g, spv_text, strlen(spv_text) + 1)) {
            free(spv_text);
            snprintf(why, why_size, "the module's bindings cannot be remapped");
            goto done;
        }
        free(spv_text);
    } else if (spv_to_glsl((const uint32_t *)r.spirv.data, r.spirv.size / 4, &o, ts_logger(), &g) != GLHLE_RESULT_OK) {
        snprintf(why, why_size, "SPIRV-Cross refused the module");
        goto done;
    }
    const char *src = glhle_bytebuf_cstr(&g);
    GLuint cs = gl->CreateShader(GL_COMPUTE_SHADER);
    GLint st = 0;
    if (gl_shader_text(gl, cs, src))
        gl->GetShaderiv(cs, GL_COMPILE_STATUS, &st);
    spirv_programs += st && gl_text_is_spirv(src);
    if (st) {
        prog = gl->CreateProgram();
        gl->AttachShader(prog, cs);
        gl->LinkProgram(prog);
        gl->GetProgramiv(prog, GL_LINK_STATUS, &st);
    }
    gl->DeleteShader(cs);
    if (!st) {
        snprintf(why, why_size, "the translation does not compile");
        goto done;
    }
    static uint8_t c0[UBO_BYTES], c2[UBO_BYTES];
    memset(c0, 0, sizeof c0);
    memset(c2, 0, sizeof c2);
    uint32_t words[MW_SPIRV_SSBOS] = {0};
    for (uint32_t i = 0; i < r.ssbo_count; i++) {
        /* which sidecar binding: deko3d's descriptor offset names it */
        uint32_t b = (r.ssbo[i].offset - 0x140) / 16, size = 0;
        const tj_value *e = NULL;
        for (size_t j = 0; j < tj_len(sb); j++)
            if ((uint32_t)tj_num(tj_get(tj_at(sb, j), "binding"), -1) == b)
                e = tj_at(sb, j);
        size = e ? (uint32_t)tj_num(tj_get(e, "size"), 0) : 0;
        words[i] = size / 4;
        uint32_t *data = calloc(words[i] ? words[i] : 1, 4);
        if (r.ssbo[i].cbuf != 0 || r.ssbo[i].offset < 0x140 || (r.ssbo[i].offset - 0x140) % 16 || !e ||
            !init_rule(tj_str(tj_get(e, "init"), NULL), data, words[i])) {
            snprintf(why, why_size, "not run: buffer %u (c%u[0x%x]) is not a binding with an init rule", i,
                     r.ssbo[i].cbuf, r.ssbo[i].offset);
            free(data);
            goto done;
        }
        gl->GenBuffers(1, &bufs[i]);
        gl->BindBuffer(GL_SHADER_STORAGE_BUFFER, bufs[i]);
        gl->BufferData(GL_SHADER_STORAGE_BUFFER, size, data, GL_DYNAMIC_COPY);
        gl->BindBufferBase(GL_SHADER_STORAGE_BUFFER, i, bufs[i]);
        free(data);
        put32(c0, r.ssbo[i].offset, 0x10000000u + b * 0x01000000u);
        put32(c0, r.ssbo[i].offset + 8u, size);
    }
    /* images: the sidecar's format, size and init rule at unit = slot; raw
     * (SULD.D) slots are bound as an R32UI view, as mw_spirv_result says */
    const tj_value *ims = tj_get(sh.json, "images");
    for (uint32_t i = 0; i < MW_SPIRV_IMG_SLOTS; i++) {
        if (!(r.img_mask >> i & 1))
            continue;
        const tj_value *e = NULL;
        for (size_t j = 0; j < tj_len(ims); j++)
            if ((uint32_t)tj_num(tj_get(tj_at(ims, j), "binding"), -1) == i)
                e = tj_at(ims, j);
        const image_fmt *f = e ? image_fmt_of(tj_str(tj_get(e, "format"), NULL)) : NULL;
        uint32_t w = e ? (uint32_t)tj_num(tj_at(tj_get(e, "size"), 0), 0) : 0;
        uint32_t h = e ? (uint32_t)tj_num(tj_at(tj_get(e, "size"), 1), 0) : 0, v[4];
        uint8_t *mem = f && w && h && w <= 4096 && h <= 4096 ? calloc((size_t)w * h, 16) : NULL;
        bool rule_ok = mem != NULL;
        for (uint32_t y = 0; rule_ok && y < h; y++)
            for (uint32_t x = 0; rule_ok && x < w; x++) {
                rule_ok = image_rule(tj_str(tj_get(e, "init"), NULL), x, y, v);
                texel_put(f, mem, w, x, y, v);
            }
        if (!rule_ok) {
            snprintf(why, why_size, "not run: image %u has no format, size or init rule this test knows", i);
            free(mem);
            goto done;
        }
        gl->GenTextures(1, &imgs[i]);
        gl->BindTexture(GL_TEXTURE_2D, imgs[i]);
        gl->TexStorage2D(GL_TEXTURE_2D, 1, f->internal, (GLsizei)w, (GLsizei)h);
        gl->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
        gl->TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, (GLsizei)w, (GLsizei)h, f->format, f->type, mem);
        gl->BindImageTexture(i, imgs[i], 0, GL_FALSE, 0, GL_READ_WRITE, r.img_raw_mask >> i & 1 ? GL_R32UI : f->internal);
        free(mem);
        img_fmt[i] = f, img_w[i] = w, img_h[i] = h;
    }
    /* c0 0x00: the block size, 0x0c: the grid size (README "The c0 layout") */
    for (uint32_t c = 0; c < 3; c++) {
        put32(c0, 4 * c, in.local_size[c]);
        put32(c0, 0x0c + 4 * c, (uint32_t)tj_num(tj_at(disp, c), 1));
    }
    const tj_value *ub = tj_get(sh.json, "uniform_blocks");
    for (size_t j = 0; j < tj_len(ub); j++) {
        const tj_value *m = tj_get(tj_at(ub, j), "members");
        if ((uint32_t)tj_num(tj_get(tj_at(ub, j), "binding"), -1) != 0)
            continue;
        for (size_t k = 0; k < tj_len(m); k++) {
            const tj_value *val = tj_get(tj_at(m, k), "value");
            uint32_t off = (uint32_t)tj_num(tj_get(tj_at(m, k), "offset"), 0);
            const char *ty = tj_str(tj_get(tj_at(m, k), "type"), "");
            bool is_float = !strncmp(ty, "vec", 3) || !strcmp(ty, "float");
            for (size_t c = 0; c < tj_len(val); c++) {
                double d = tj_num(tj_at(val, c), 0);
                put32(c2, off + 4 * c, is_float ? fbits((float)d) : d < 0 ? (uint32_t)(int32_t)d : (uint32_t)d);
            }
        }
    }
    if (r.cbuf_mask & ~(1u | 1u << 2)) {
        snprintf(why, why_size, "not run: reads constant buffers 0x%x (this test fills c0 and c2)", r.cbuf_mask);
        goto done;
    }
    gl->GenBuffers(3, ubo);
    const uint8_t *cb[3] = {c0, NULL, c2};
    for (int i = 0; i < 3; i++) {
        if (!cb[i])
            continue;
        gl->BindBuffer(GL_UNIFORM_BUFFER, ubo[i]);
        gl->BufferData(GL_UNIFORM_BUFFER, UBO_BYTES, cb[i], GL_STATIC_DRAW);
        gl->BindBufferBase(GL_UNIFORM_BUFFER, MW_SPIRV_COMPUTE * MW_GL_UBOS_PER_STAGE + i, ubo[i]);
    }
    gl->UseProgram(prog);
    gl->DispatchCompute((GLuint)tj_num(tj_at(disp, 0), 1), (GLuint)tj_num(tj_at(disp, 1), 1),
                        (GLuint)tj_num(tj_at(disp, 2), 1));
    gl->MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    ok = true;
    for (uint32_t i = 0; i < r.ssbo_count && ok; i++) {
        uint32_t b = (r.ssbo[i].offset - 0x140) / 16, at = 0;
        char key[32], msg[160] = "";
        snprintf(key, sizeof key, "storage_buffers[%u]", b);
        const tj_value *want = tj_get(exp, key);
        if (!want)
            continue; /* an input only */
        uint32_t *got = malloc(words[i] * 4 + 4);
        gl->BindBuffer(GL_SHADER_STORAGE_BUFFER, bufs[i]);
        gl->GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, words[i] * 4, got);
        /* ssbo_layout_csh writes vec4s; the other buffers hold integers */
        ok = expect_words(want, got, words[i], !strcmp(name, "ssbo_layout_csh"), &at, msg, sizeof msg);
        if (!ok && !strncmp(msg, "not run", 7))
            snprintf(why, why_size, "%s", msg);
        else if (!ok)
            snprintf(why, why_size, "buffer %u %s", b, msg);
        free(got);
    }
    gl->MemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
    const bool atomic_model = !strcmp(name, "image_atomic_csh");
    uint32_t model[3][16];
    if (atomic_model)
        image_atomic_model((uint32_t)tj_num(tj_at(disp, 0), 1), (uint32_t)tj_num(tj_at(disp, 1), 1), in.local_size[0],
                           in.local_size[1], model);
    for (uint32_t i = 0; i < MW_SPIRV_IMG_SLOTS && ok; i++) {
        char key[32];
        snprintf(key, sizeof key, "images[%u]", i);
        const char *rule = tj_str(tj_get(exp, key), NULL);
        if (!img_fmt[i] || (!rule && !(atomic_model && i < 3)))
            continue;
        const image_fmt *f = img_fmt[i];
        uint8_t *mem = calloc((size_t)img_w[i] * img_h[i], 16);
        gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
        /* the DSA form: gl_caps reads it through a framebuffer on ES, which has no glGetTexImage */
        gl->GetTextureImage(imgs[i], 0, f->format, f->type, (GLsizei)((size_t)img_w[i] * img_h[i] * 16), mem);
        for (uint32_t y = 0; ok && y < img_h[i]; y++)
            for (uint32_t x = 0; ok && x < img_w[i]; x++) {
                uint32_t want[4] = {0}, got[4];
                if (atomic_model && i < 3) {
                    want[0] = x < 16 ? model[i][x] : 0;
                } else if (!image_rule(rule, x, y, want)) {
                    snprintf(why, why_size, "not run: no expected rule for %s this test knows", key);
                    ok = false;
                    break;
                }
                texel_get(f, mem, img_w[i], x, y, got);
                if (memcmp(want, got, sizeof got)) {
                    snprintf(why, why_size, "image %u texel (%u, %u): (%u %u %u %u), the sidecar says (%u %u %u %u)", i, x,
                             y, got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
                    ok = false;
                }
            }
        free(mem);
    }
    gl->UseProgram(0);
    ts_gl_check(ctx);
done:
    for (uint32_t i = 0; i < MW_SPIRV_IMG_SLOTS; i++)
        if (imgs[i])
            gl->DeleteTextures(1, &imgs[i]);
    if (prog)
        gl->DeleteProgram(prog);
    for (uint32_t i = 0; i < MW_SPIRV_SSBOS; i++)
        if (bufs[i])
            gl->DeleteBuffers(1, &bufs[i]);
    for (int i = 0; i < 3; i++)
        if (ubo[i])
            gl->DeleteBuffers(1, &ubo[i]);
    glhle_bytebuf_free(&g);
    mw_spirv_result_free(&r);
    tmc_free(&sh);
    return ok;
}

static void test_corpus_compute(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    if (!want_spirv(ctx))
        skip();
    spirv_programs = 0;
    unsigned passed = 0, total = 0, must_pass = 0;
    const bool es = glhle_context_get_info(ctx)->gles;
    for (const char *const *n = tmc_names(); *n; n++) {
        tmc_shader sh;
        if (!tmc_load(*n, &sh))
            fail_msg("cannot load corpus shader %s", *n);
        bool cs = sh.stage == MW_SPIRV_COMPUTE;
        tmc_free(&sh);
        if (!cs)
            continue;
        total++;
        if (es && !strcmp(*n, "subgroup_csh")) {
            print_message("  %-20s not run on OpenGL ES: its translation needs subgroup votes and shuffles "
                          "(ARB_shader_ballot, ARB_shader_group_vote), which ES has not\n", *n);
            continue;
        }
        char why[256] = "";
        if (run_compute(ctx, *n, why, sizeof why)) {
            print_message("  %-20s dispatched: every buffer word as the sidecar says\n", *n);
            passed++;
            must_pass += !strcmp(*n, "simple_csh") || !strcmp(*n, "shared_atomic_csh") || !strcmp(*n, "ssbo_layout_csh") ||
                         !strcmp(*n, "subgroup_csh") || !strcmp(*n, "image_csh") || !strcmp(*n, "image_atomic_csh");
        } else if (!strncmp(why, "refused", 7) || !strncmp(why, "not run", 7)) {
            print_message("  %-20s %s\n", *n, why);
        } else {
            fail_msg("%s: %s", *n, why);
        }
    }
    print_message("compute: %u of %u corpus compute shaders dispatched and equal to their sidecars, %u compiled from "
                  "SPIR-V modules\n", passed, total, spirv_programs);
    if (spirv_mode)
        assert_true(spirv_programs >= passed && passed > 0);
    else
        assert_int_equal(spirv_programs, 0);
    /* these must be among them: simple_csh (LDG/STG through c0's SSBO descriptor, S2R, XMAD),
     * shared_atomic_csh (LDS/STS, BAR, ATOMS, RED, ATOM.CAS, MEMBAR), ssbo_layout_csh (struct
     * buffers, the grid size and buffer size from c0, the dispatcher), subgroup_csh (VOTE,
     * SHFL.IDX, PSET through ARB_shader_ballot / ARB_shader_group_vote), image_csh (SULD.D,
     * SUST.P, TXQ of an image), image_atomic_csh (SUATOM ADD/MAX/MIN/EXCH on r32ui and r32i,
     * its images equal to image_atomic_model) */
    assert_int_equal(must_pass, es ? 5 : 6); /* on ES all but subgroup_csh */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(test_corpus_differential),
        TS_GL_TEST(test_corpus_compute),
        TS_GL_TEST(test_corpus_vtg),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
