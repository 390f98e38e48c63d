/* The Maxwell draw path (backend/maxwell/render/draw.c) end to end: corpus
 * pipelines (../shared/testdata/maxwell/shaders: GLSL compiled by deko3d's
 * compiler to Maxwell code, with sidecars saying what they draw) run the
 * way a driver runs them -- code and headers in GPU memory at the program
 * region, SET_PIPELINE_SHADER/PROGRAM, constant buffers through the
 * selector and BIND_GROUP_CONSTANT_BUFFER, vertex streams and attributes,
 * a block-linear render target, the viewport, a clear and a one-word draw
 * in a pushbuffer -- and the target's memory, written back and read
 * through this file's GOB model, must equal the original GLSL rendered by
 * the GL directly (Mesa's own compiler) within the sidecar's tolerance.
 * Skips with a message when the corpus is absent; a pipeline the
 * translator refuses is reported and skipped. */
#include "support/test_support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend/gl/gl_context.h"
#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_util.h"
#include "backend/gl/shader_cache_file.h"
#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/render_targets.h"
#include "backend/maxwell/render/programs.h"
#include "support/maxwell_fake_mem.h"
#include "support/maxwell_random.h"
#include "support/maxwell_sidecar.h"
#include "support/maxwell_support.h"
#include "support/maxwell_tex_support.h"
#include "scenes/maxwell_draw_scene.h"
#include "support/test_json.h"
#include "support/pica_trace_support.h"

#define W 64u
#define H 64u
#define VA 0x0500000000ull      /* 4 MiB block-linear: render targets */
#define VA_DATA 0x0600000000ull /* 4 MiB pitch: programs, constant buffers, vertices */
#define MEM (4u << 20)
#define TIC_POOL (VA_DATA + TMD_TIC)
#define TSC_POOL (VA_DATA + TMD_TSC)
#define TEX_VA (VA + 0x200000)
#define TESS_UBO (TMD_CBUF1_TES + TMD_CBUF_SIZE) /* the control program's c2 */
#define M(byte_offset) ((byte_offset) / 4u)

enum { FMT_RGBA8, FMT_RGBA32F, FMT_RGBA32UI };

static void set(tm_pb *pb, uint32_t byte_offset, uint32_t v)
{
    tm_set1(pb, TM_SUB_3D, M(byte_offset), v);
}

/* The original GLSL drawn by the GL, read back bottom row first. */
/* Blending a pipeline may add: none, additive (OGL enums: FUNC_ADD, ONE,
 * ONE), reverse subtract (D3D enums: REVSUBTRACT, SRCALPHA, ONE). */
enum { BLEND_OFF, BLEND_ADD_OGL, BLEND_REVSUB_D3D };

/* A W x H texture of `format` as the bound framebuffer's colour 0, with the
 * viewport over it and scissor, culling, depth and blending off. */
static void reference_target(GladGLContext *gl, GLenum format, GLuint *tex, GLuint *fbo)
{
    gl->CreateTextures(GL_TEXTURE_2D, 1, tex);
    gl->TextureStorage2D(*tex, 1, format, W, H);
    gl->CreateFramebuffers(1, fbo);
    gl->NamedFramebufferTexture(*fbo, GL_COLOR_ATTACHMENT0, *tex, 0);
    gl->BindFramebuffer(GL_FRAMEBUFFER, *fbo);
    gl->Viewport(0, 0, W, H);
    gl->Disable(GL_SCISSOR_TEST);
    gl->Disable(GL_CULL_FACE);
    gl->Disable(GL_DEPTH_TEST);
    gl->Disable(GL_BLEND);
}

static bool reference_on(glhle_context *ctx, const tmc_shader *vs, const tmc_shader *fs, int fmt,
                         const float clear[4], int blend, uint8_t *out)
{
    GladGLContext *gl = &ctx->gl;
    char *v = strdup(vs->glsl), *f = strdup(fs->glsl), *p;
    if ((p = strstr(v, "#version 460")))
        memcpy(p, "#version 450", 12);
    if ((p = strstr(f, "#version 460")))
        memcpy(p, "#version 450", 12);
    GLuint prog;
    const bool ok = gl_link_program(ctx, v, f, &prog) == GLHLE_RESULT_OK;
    free(v);
    free(f);
    if (!ok)
        return false;
    static const GLenum ifmt[] = {GL_RGBA8, GL_RGBA32F, GL_RGBA32UI};
    GLuint tex, fbo, vao, vbo[2] = {0, 0};
    reference_target(gl, ifmt[fmt], &tex, &fbo);
    if (blend == BLEND_ADD_OGL) {
        gl->Enable(GL_BLEND);
        gl->BlendEquation(GL_FUNC_ADD);
        gl->BlendFunc(GL_ONE, GL_ONE);
    } else if (blend == BLEND_REVSUB_D3D) {
        gl->Enable(GL_BLEND);
        gl->BlendEquation(GL_FUNC_REVERSE_SUBTRACT);
        gl->BlendFunc(GL_SRC_ALPHA, GL_ONE);
    }
    gl->ColorMask(1, 1, 1, 1);
    if (fmt == FMT_RGBA32UI) {
        const GLuint c[4] = {(GLuint)clear[0], (GLuint)clear[1], (GLuint)clear[2], (GLuint)clear[3]};
        gl->ClearBufferuiv(GL_COLOR, 0, c);
    } else {
        gl->ClearBufferfv(GL_COLOR, 0, clear);
    }
    gl->ProvokingVertex(GL_LAST_VERTEX_CONVENTION);
    gl->CreateVertexArrays(1, &vao);
    gl->BindVertexArray(vao);
    const tj_value *attrs = tj_get(tj_get(vs->json, "vertex_inputs"), "attributes");
    for (size_t i = 0; i < tj_len(attrs) && i < 2; i++) {
        const tj_value *a = tj_at(attrs, i), *vals = tj_get(a, "values");
        float data[64][4] = {{0}};
        for (size_t k = 0; k < tj_len(vals) && k < 64; k++)
            for (size_t c = 0; c < 4; c++)
                data[k][c] = (float)tj_num(tj_at(tj_at(vals, k), c), c == 3 ? 1 : 0);
        gl->CreateBuffers(1, &vbo[i]);
        gl->NamedBufferData(vbo[i], sizeof data, data, GL_STATIC_DRAW);
        const GLuint loc = (GLuint)tj_num(tj_get(a, "location"), 0);
        gl->VertexArrayVertexBuffer(vao, loc, vbo[i], 0, 16);
        gl->VertexArrayAttribFormat(vao, loc, 4, GL_FLOAT, GL_FALSE, 0);
        gl->VertexArrayAttribBinding(vao, loc, loc);
        gl->EnableVertexArrayAttrib(vao, loc);
    }
    GLuint tex0 = 0;
    if (tj_len(tj_get(fs->json, "textures"))) {
        uint8_t px[16 * 16 * 4];
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 16; x++) {
                const uint8_t t[4] = {(uint8_t)(x * 16), (uint8_t)(y * 16), 0, 255};
                memcpy(px + (y * 16 + x) * 4, t, 4);
            }
        gl->CreateTextures(GL_TEXTURE_2D, 1, &tex0);
        gl->TextureStorage2D(tex0, 1, GL_RGBA8, 16, 16);
        gl->TextureSubImage2D(tex0, 0, 0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, px);
        gl->TextureParameteri(tex0, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        gl->TextureParameteri(tex0, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        gl->TextureParameteri(tex0, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        gl->TextureParameteri(tex0, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        gl->BindTextureUnit(0, tex0);
        gl->BindSampler(0, 0);
    }
    gl->UseProgram(prog);
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    if (tex0) {
        gl->BindTextureUnit(0, 0);
        gl->DeleteTextures(1, &tex0);
    }
    gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
    if (fmt == FMT_RGBA8)
        gl->ReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, out);
    else if (fmt == FMT_RGBA32F)
        gl->ReadPixels(0, 0, W, H, GL_RGBA, GL_FLOAT, out);
    else
        gl->ReadPixels(0, 0, W, H, GL_RGBA_INTEGER, GL_UNSIGNED_INT, out);
    gl->UseProgram(0);
    gl->Disable(GL_BLEND);
    gl->BindVertexArray(0);
    gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->DeleteVertexArrays(1, &vao);
    gl->DeleteBuffers(2, vbo);
    gl->DeleteFramebuffers(1, &fbo);
    gl->DeleteTextures(1, &tex);
    gl->DeleteProgram(prog);
    return true;
}

/* The corpus GLSL is desktop GLSL: on ES (the gles label) the reference is
 * drawn on a desktop context beside the ES one (ts_gl_reference_context). */
static bool reference(glhle_context *ctx, const tmc_shader *vs, const tmc_shader *fs, int fmt, const float clear[4],
                      int blend, uint8_t *out)
{
    glhle_context *ref = ts_gl_reference_context(ctx);
    assert_int_equal(gl_context_enter(ref), GLHLE_RESULT_OK);
    const bool ok = reference_on(ref, vs, fs, fmt, clear, blend, out);
    ts_gl_check(ref);
    assert_int_equal(gl_context_enter(ctx), GLHLE_RESULT_OK);
    return ok;
}

/* A GL instance with the render target memory at VA and the data at
 * VA_DATA (both MEM bytes, zero), and a pushbuffer with the classes bound. */
/* The shader cache of the instances glhle_draw_stages opens (vtg_disk_cache):
 * a folder (NULL: none) and shader_defer_draws; what the last one counted. */
static struct {
    const char *dir;
    bool defer;
    glhle_maxwell_shader_path path; /* glhle_maxwell_desc.shader_path (0: AUTO, the environment's) */
    glhle_shader_stats st;
    uint32_t deferred_submits; /* submissions whose draw waited for a worker */
} cache_run;

static glhle_maxwell *open_gpu(glhle_context *ctx, uint8_t **rt, uint8_t **data, tm_pb *pb)
{
    glhle_maxwell_desc d = {.log = ts_log_fn, .log_level = GLHLE_LOG_INFO, .shader_cache_dir = cache_run.dir,
                            .shader_defer_draws = cache_run.defer, .shader_path = cache_run.path};
    glhle_maxwell *gpu;
    assert_int_equal(glhle_maxwell_create(ctx, &d, &gpu), GLHLE_RESULT_OK);
    *rt = calloc(1, MEM);
    *data = calloc(1, MEM);
    assert_int_equal(glhle_maxwell_map(gpu, VA, *rt, MEM, GLHLE_MAXWELL_KIND_GENERIC_16BX2), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, VA_DATA, *data, MEM, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    tm_pb_init(pb);
    tm_bind_all(pb);
    return gpu;
}

/* Target 0 (W x H, bpp bytes a pixel, block height 2 GOBs) written back and
 * read through the GOB model, guest row 0 first. */
static void read_target(glhle_maxwell *gpu, const uint8_t *rt, uint32_t bpp, uint8_t *out)
{
    assert_int_equal(glhle_maxwell_flush(gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++)
            memcpy(out + ((size_t)y * W + x) * bpp, rt + mwt_bl_offset(W * bpp, H, 1, 0, x * bpp, y, 0), bpp);
}

/* An n x n A8B8G8R8 texture of texel(x, y) in block-linear memory at
 * TEX_VA; header 0 and sampler 0 (nearest, clamp to edge) in the pools,
 * which the pushbuffer names; handle 0 (header 0, sampler 0) is in c0,
 * which is zero. */
static void texture_0(tm_pb *pb, uint8_t *rt, uint8_t *data, uint32_t n,
                      void (*texel)(uint32_t x, uint32_t y, uint8_t out[4]))
{
    const tmt_tic_desc td = {.components = 0x08, .type = 2, .texture_type = 1, .width = n, .height = n,
                             .levels = 1, .bh = 1};
    tmt_model m;
    tmt_model_init(&m, n, n, 1, 4, 1, td.bh);
    for (uint32_t y = 0; y < n; y++)
        for (uint32_t x = 0; x < n; x++)
            texel(x, y, rt + (TEX_VA - VA) + tmt_model_at(&m, 0, 0, x * 4, y));
    uint32_t tic[8], tsc[8] = {2u | 2u << 3 | 2u << 6, 1u | 1u << 4 | 1u << 6, 0, 0, 0, 0, 0, 0};
    tmt_make_tic(&td, TEX_VA, tic);
    memcpy(data + TMD_TIC, tic, 32);
    memcpy(data + TMD_TSC, tsc, 32);
    set(pb, 0x1574, (uint32_t)(TIC_POOL >> 32));
    set(pb, 0x1578, (uint32_t)TIC_POOL);
    set(pb, 0x157c, 15);
    set(pb, 0x155c, (uint32_t)(TSC_POOL >> 32));
    set(pb, 0x1560, (uint32_t)TSC_POOL);
    set(pb, 0x1564, 15);
}

/* the sidecars' texture: "(x*16, y*16, 0, 255)" */
static void sidecar_texel(uint32_t x, uint32_t y, uint8_t out[4])
{
    const uint8_t t[4] = {(uint8_t)(x * 16), (uint8_t)(y * 16), 0, 255};
    memcpy(out, t, 4);
}

static void distinct_texel(uint32_t x, uint32_t y, uint8_t out[4])
{
    const uint8_t t[4] = {(uint8_t)(10 + x * 40), (uint8_t)(20 + y * 40), (uint8_t)(30 + x + y), 255};
    memcpy(out, t, 4);
}

/* Runs vs + fs through glhle's draw path; false when glhle refused it. */
/* the shader figures of glhle_draw's last instance */
static glhle_shader_stats draw_shader_stats;

static bool glhle_draw(glhle_context *ctx, const tmc_shader *vs, const tmc_shader *fs, int fmt, const float clear[4],
                       int blend, uint8_t *out, uint32_t bpp)
{
    uint8_t *rt, *data;
    tm_pb pb;
    glhle_maxwell *gpu = open_gpu(ctx, &rt, &data, &pb);
    static const uint32_t formats[] = {0xD5, 0xC0, 0xC2};
    tmd_target(&pb, VA, W, H, formats[fmt]);
    tmd_programs(&pb, data, VA_DATA, vs, fs);
    const tj_value *attrs = tj_get(tj_get(vs->json, "vertex_inputs"), "attributes");
    for (size_t i = 0; i < tj_len(attrs) && i < 2; i++) {
        const tj_value *a = tj_at(attrs, i), *vals = tj_get(a, "values");
        float v[64][4];
        const uint32_t n = (uint32_t)(tj_len(vals) < 64 ? tj_len(vals) : 64);
        for (uint32_t k = 0; k < n; k++)
            for (size_t c = 0; c < 4; c++)
                v[k][c] = (float)tj_num(tj_at(tj_at(vals, k), c), c == 3 ? 1 : 0);
        tmd_attribute(&pb, data, VA_DATA, (uint32_t)tj_num(tj_get(a, "location"), 0), (uint32_t)i, &v[0][0], n);
    }
    /* the sidecar's texture, 16x16 */
    if (tj_len(tj_get(fs->json, "textures")))
        texture_0(&pb, rt, data, 16, sidecar_texel);
    /* the clear, then the draw: DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST start 0, count 3, TRIANGLES */
    uint32_t cv[4];
    for (int k = 0; k < 4; k++) {
        if (fmt == FMT_RGBA32UI)
            cv[k] = (uint32_t)clear[k];
        else
            cv[k] = tm_u(clear[k]);
    }
    tm_inc(&pb, TM_SUB_3D, M(0x0d80), 4, cv);
    set(&pb, 0x19d0, 0x3C);
    if (blend != BLEND_OFF) {
        /* SET_BLEND_SEPARATE_FOR_ALPHA off, COLOR_OP, COLOR_SOURCE_COEFF, COLOR_DEST_COEFF, SET_BLEND(0) */
        set(&pb, 0x133c, 0);
        set(&pb, 0x1340, blend == BLEND_ADD_OGL ? 0x8006u : 0x3u);
        set(&pb, 0x1344, blend == BLEND_ADD_OGL ? 0x4001u : 0x5u);
        set(&pb, 0x1348, blend == BLEND_ADD_OGL ? 0x4001u : 0x2u);
        set(&pb, 0x1360, 1);
    }
    set(&pb, 0x1214, 0u | 3u << 16 | 4u << 28);
    glhle_maxwell_run_result res;
    const glhle_result r = tm_submit(gpu, &pb, &res);
    tm_pb_free(&pb);
    glhle_maxwell_render_stats st;
    glhle_maxwell_get_render_stats(gpu, &st);
    bool drew = r == GLHLE_RESULT_OK && res.draws == 1;
    if (drew)
        read_target(gpu, rt, bpp, out);
    glhle_maxwell_get_shader_stats(gpu, &draw_shader_stats);
    glhle_maxwell_destroy(gpu);
    free(rt);
    free(data);
    ts_gl_check(ctx);
    return drew;
}

typedef struct pipe {
    const char *vs, *fs; /* corpus names; the sidecar is the fs's (or the vs's) */
    int blend;
    float clear;         /* > 0: the clear colour's RGB instead of the sidecar's */
} pipe;

static void corpus_pipelines(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    static const pipe pipes[] = {
        {"passthrough_vsh", "color_fsh", BLEND_OFF, 0},
        {"passthrough_vsh", "color_fsh", BLEND_ADD_OGL, 0.25f},
        {"passthrough_vsh", "color_fsh", BLEND_REVSUB_D3D, 0.75f},
        {"fullscreen_vsh", "functions_fsh", BLEND_OFF, 0},
        {"fullscreen_vsh", "local_array_fsh", BLEND_OFF, 0},
        {"fullscreen_vsh", "float_round_fsh", BLEND_OFF, 0},
        {"fullscreen_vsh", "convert_fsh", BLEND_OFF, 0},
        {"fullscreen_vsh", "transcend_fsh", BLEND_OFF, 0},
        {"fullscreen_vsh", "texture_fsh", BLEND_OFF, 0},
    };
    unsigned matched = 0, refused = 0;
    uint64_t spirv = 0, compiled = 0;
    for (size_t i = 0; i < sizeof pipes / sizeof pipes[0]; i++) {
        tmc_shader vs, fs;
        assert_true(tmc_load(pipes[i].vs, &vs));
        assert_true(tmc_load(pipes[i].fs, &fs));
        const tmc_shader *side = strcmp(pipes[i].fs, "color_fsh") ? &fs : &vs;
        const tj_value *t0 = tj_at(tj_get(tj_get(side->json, "framebuffer"), "targets"), 0);
        const char *f = tj_str(tj_get(t0, "format"), "");
        const int fmt = !strcmp(f, "rgba32f") ? FMT_RGBA32F : !strcmp(f, "rgba32ui") ? FMT_RGBA32UI : FMT_RGBA8;
        const uint32_t bpp = fmt == FMT_RGBA8 ? 4 : 16;
        float clear[4];
        for (int k = 0; k < 4; k++)
            clear[k] = (float)tj_num(tj_at(tj_get(t0, "clear"), (size_t)k), 0);
        if (pipes[i].clear > 0)
            clear[0] = clear[1] = clear[2] = pipes[i].clear;
        const double tol = tj_num(tj_get(tj_get(side->json, "compare"), "tolerance"), 0);
        uint8_t *want = calloc(W * H, bpp), *got = calloc(W * H, bpp);
        assert_true(reference(ctx, &vs, &fs, fmt, clear, pipes[i].blend, want));
        const bool drew = glhle_draw(ctx, &vs, &fs, fmt, clear, pipes[i].blend, got, bpp);
        spirv += draw_shader_stats.programs_spirv;
        compiled += draw_shader_stats.programs_compiled;
        if (!drew) {
            print_message("  %s + %s: glhle did not draw it (see the log); skipped\n", pipes[i].vs, pipes[i].fs);
            refused++;
        } else {
            uint32_t bad = 0;
            for (size_t p = 0; p < (size_t)W * H * 4; p++) {
                double a, b;
                if (fmt == FMT_RGBA8) {
                    a = want[p];
                    b = got[p];
                } else if (fmt == FMT_RGBA32F) {
                    float fa, fb;
                    memcpy(&fa, want + p * 4, 4);
                    memcpy(&fb, got + p * 4, 4);
                    a = fa;
                    b = fb;
                } else {
                    uint32_t ua, ub;
                    memcpy(&ua, want + p * 4, 4);
                    memcpy(&ub, got + p * 4, 4);
                    a = ua;
                    b = ub;
                }
                const double slack = fmt == FMT_RGBA32F ? (tol ? tol / 255.0 : 1e-6) * (1 + fabs(a)) : tol;
                if (fabs(a - b) > slack && !(a != a && b != b)) {
                    if (bad < 4)
                        print_message("  %s + %s: pixel (%zu, %zu) channel %zu: GL %g, glhle %g\n", pipes[i].vs,
                                      pipes[i].fs, (p / 4) % W, (p / 4) / W, p % 4, a, b);
                    bad++;
                }
            }
            if (bad)
                fail_msg("%s + %s: %u channels differ from the GL's own compile", pipes[i].vs, pipes[i].fs, bad);
            matched++;
        }
        free(want);
        free(got);
        tmc_free(&vs);
        tmc_free(&fs);
    }
    print_message("  draw path: %u pipelines match the GL's own compile, %u not drawn; %llu of %llu programs "
                  "linked from SPIR-V\n", matched, refused, (unsigned long long)spirv, (unsigned long long)compiled);
    assert_true(matched >= 1);
    /* the SPIR-V pass (GLHLE_MAXWELL_SHADER_PATH=spirv, tests/CMakeLists.txt
     * gl/test_maxwell_draw_spirv) must have drawn through it: a silent
     * fallback to GLSL fails here */
    const char *env = getenv("GLHLE_MAXWELL_SHADER_PATH");
    const bool pass = env && !strcmp(env, "spirv") && !glhle_context_get_info(ctx)->gles;
    if (pass && !gl_caps_spirv(ctx))
        fail_msg("the SPIR-V pass on a host where glhle links no SPIR-V: %s", gl_caps_spirv_why_not(ctx));
    if (pass)
        assert_int_equal(spirv, compiled);
    else
        assert_int_equal(spirv, 0);
}

/* glhle_maxwell_desc.shader_path SPIRV: on a host with SPIR-V shaders
 * every program of these pipelines (a texture among them, so a sampler's
 * binding is remapped too) is linked from the translator's modules
 * (programs_spirv) and draws what the GL's own compile of the original
 * GLSL draws; on ES (no SPIR-V shaders) the same desc draws through GLSL.
 * GLSL asked for explicitly links none from SPIR-V, whatever the
 * environment says. */
static void spirv_path(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    static const char *const pipes[][2] = {{"passthrough_vsh", "color_fsh"}, {"fullscreen_vsh", "texture_fsh"},
                                           {"fullscreen_vsh", "functions_fsh"}};
    const bool host = gl_caps_spirv(ctx);
    print_message("  host SPIR-V shaders: %s%s\n", host ? "yes" : "no: ", gl_caps_spirv_why_not(ctx));
    assert_true(!host || !glhle_context_get_info(ctx)->gles);
    static const glhle_maxwell_shader_path paths[2] = {GLHLE_MAXWELL_SHADER_PATH_SPIRV, GLHLE_MAXWELL_SHADER_PATH_GLSL};
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < sizeof pipes / sizeof pipes[0]; i++) {
            tmc_shader vs, fs;
            assert_true(tmc_load(pipes[i][0], &vs));
            assert_true(tmc_load(pipes[i][1], &fs));
            const tmc_shader *side = strcmp(pipes[i][1], "color_fsh") ? &fs : &vs;
            const tj_value *t0 = tj_at(tj_get(tj_get(side->json, "framebuffer"), "targets"), 0);
            float clear[4];
            for (int c = 0; c < 4; c++)
                clear[c] = (float)tj_num(tj_at(tj_get(t0, "clear"), (size_t)c), 0);
            const double tol = tj_num(tj_get(tj_get(side->json, "compare"), "tolerance"), 0);
            uint8_t *want = calloc(W * H, 4), *got = calloc(W * H, 4);
            assert_true(reference(ctx, &vs, &fs, FMT_RGBA8, clear, BLEND_OFF, want));
            cache_run.path = paths[k];
            const bool drew = glhle_draw(ctx, &vs, &fs, FMT_RGBA8, clear, BLEND_OFF, got, 4);
            cache_run.path = GLHLE_MAXWELL_SHADER_PATH_AUTO;
            const glhle_shader_stats *st = &draw_shader_stats;
            print_message("  %s + %s, %s path: %s, %llu programs compiled, %llu from SPIR-V\n", pipes[i][0],
                          pipes[i][1], k ? "GLSL" : "SPIR-V", drew ? "drawn" : "NOT drawn",
                          (unsigned long long)st->programs_compiled, (unsigned long long)st->programs_spirv);
            assert_true(drew);
            assert_true(st->programs_compiled >= 1);
            assert_int_equal(st->programs_spirv, k == 0 && host ? st->programs_compiled : 0);
            uint32_t bad = 0;
            for (size_t p = 0; p < (size_t)W * H * 4; p++)
                if (fabs((double)want[p] - got[p]) > tol && bad++ < 4)
                    print_message("    pixel (%zu, %zu) channel %zu: GL %u, glhle %u\n", (p / 4) % W, (p / 4) / W,
                                  p % 4, want[p], got[p]);
            if (bad)
                fail_msg("%s + %s: %u channels differ from the GL's own compile", pipes[i][0], pipes[i][1], bad);
            free(want);
            free(got);
            tmc_free(&vs);
            tmc_free(&fs);
        }
}

/* ---- the geometry stage ---- */

/* The corpus' point_quad_gsh scene as its GLSL says, worked out here:
 * quad_pos_vsh puts vertex k (gl_VertexID) at ((k & 1), (k >> 1 & 1)) * 1.2
 * - 0.6 with colour (k & 1, k >> 1 & 1, k / 3, 1); point_quad_gsh makes of
 * each point a strip of four corners c + (o * 0.2, 0, 0), o = (i & 1, i >>
 * 1) * 2 - 1, coloured (rgb, 1) * (0.6 + 0.1 i). That factor is 0.75 +
 * 0.05 o.x + 0.1 o.y, affine in the position, so both triangles of the
 * strip interpolate it exactly; color_fsh writes it. Viewport 0 maps NDC
 * (x, y) to pixel (32 x + 32, 32 y + 32) of the 64x64 target, guest row 0
 * at y = -1 (tmd_target). Pixel centres are never on a quad's edge (they
 * are at 6.4, 19.2, 44.8, 57.6), so coverage is plain; the clear is (0, 0,
 * 0, 1). RGBA8, guest row 0 first; returns the pixels covered. */
static uint32_t point_quads_model(uint8_t *out)
{
    uint32_t covered = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            const double nx = (x + 0.5) / (W / 2.0) - 1, ny = (y + 0.5) / (H / 2.0) - 1;
            double v[4] = {0, 0, 0, 1};
            for (int k = 0; k < 4; k++) {
                const double cx = (k & 1) * 1.2 - 0.6, cy = (k >> 1 & 1) * 1.2 - 0.6;
                const double ox = (nx - cx) / 0.2, oy = (ny - cy) / 0.2;
                if (fabs(ox) > 1 || fabs(oy) > 1)
                    continue;
                const double f = 0.75 + 0.05 * ox + 0.1 * oy;
                const double rgb[3] = {k & 1, k >> 1 & 1, k / 3.0};
                for (int c = 0; c < 3; c++)
                    v[c] = rgb[c] * f;
                v[3] = f;
                covered++;
            }
            for (int c = 0; c < 4; c++)
                out[((size_t)y * W + x) * 4 + (size_t)c] = (uint8_t)lround(v[c] * 255);
        }
    return covered;
}

/* A pipeline of corpus programs: vertex and pixel, and a geometry stage or
 * the two tessellation stages (NULL: none). */
typedef struct stages {
    const tmc_shader *vs, *tcs, *tes, *gs, *fs;
} stages;

/* The std140 block of a sidecar's first uniform block (its members' vec4
 * values at their offsets), into `out` (room for 64 bytes). */
static void uniform_block(const tmc_shader *sh, float out[16])
{
    memset(out, 0, 64);
    const tj_value *m = tj_get(tj_at(tj_get(sh->json, "uniform_blocks"), 0), "members");
    for (size_t i = 0; i < tj_len(m); i++) {
        const size_t off = (size_t)tj_num(tj_get(tj_at(m, i), "offset"), 0) / 4;
        const tj_value *v = tj_get(tj_at(m, i), "value");
        for (size_t c = 0; c < 4 && off + c < 16; c++)
            out[off + c] = (float)tj_num(tj_at(v, c), 0);
    }
}

/* The pipeline's GLSL as written, drawn by the GL (Mesa's compiler) in
 * polygon mode `polygon` (GL_FILL, GL_LINE): 4 points, or with
 * tessellation one patch of 4 vertices with the control program's block at
 * binding 0; read back bottom row (guest row 0) first. */
static bool reference_stages(glhle_context *ctx, const stages *p, GLenum polygon, uint8_t *out)
{
    glhle_context *ref = ts_gl_reference_context(ctx);
    assert_int_equal(gl_context_enter(ref), GLHLE_RESULT_OK);
    GladGLContext *gl = &ref->gl;
    const tmc_shader *sh[5] = {p->vs, p->tcs, p->tes, p->gs, p->fs};
    static const GLenum kind[5] = {GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER, GL_TESS_EVALUATION_SHADER,
                                   GL_GEOMETRY_SHADER, GL_FRAGMENT_SHADER};
    GLenum kinds[5];
    char *src[5];
    int n = 0;
    for (int i = 0; i < 5; i++) {
        if (!sh[i])
            continue;
        char *v;
        src[n] = strdup(sh[i]->glsl);
        if ((v = strstr(src[n], "#version 460")))
            memcpy(v, "#version 450", 12);
        kinds[n++] = kind[i];
    }
    GLuint prog;
    const bool ok = gl_link_program_stages(ref, kinds, (const char *const *)src, n, false, &prog) == GLHLE_RESULT_OK;
    for (int i = 0; i < n; i++)
        free(src[i]);
    if (ok) {
        GLuint tex, fbo, vao, ubo = 0;
        reference_target(gl, GL_RGBA8, &tex, &fbo);
        gl->ColorMask(1, 1, 1, 1);
        const float clear[4] = {0, 0, 0, 1};
        gl->ClearBufferfv(GL_COLOR, 0, clear);
        gl->CreateVertexArrays(1, &vao);
        gl->BindVertexArray(vao);
        gl->UseProgram(prog);
        gl->PolygonMode(GL_FRONT_AND_BACK, polygon);
        if (p->tcs) {
            float block[16];
            uniform_block(p->tcs, block);
            gl->CreateBuffers(1, &ubo);
            gl->NamedBufferData(ubo, sizeof block, block, GL_STATIC_DRAW);
            gl->BindBufferBase(GL_UNIFORM_BUFFER, 0, ubo);
            gl->PatchParameteri(GL_PATCH_VERTICES, 4);
            gl->DrawArrays(GL_PATCHES, 0, 4);
            gl->BindBufferBase(GL_UNIFORM_BUFFER, 0, 0);
            gl->DeleteBuffers(1, &ubo);
        } else {
            gl->DrawArrays(GL_POINTS, 0, 4);
        }
        gl->PolygonMode(GL_FRONT_AND_BACK, GL_FILL);
        gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
        gl->ReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, out);
        gl->UseProgram(0);
        gl->BindVertexArray(0);
        gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
        gl->DeleteVertexArrays(1, &vao);
        gl->DeleteFramebuffers(1, &fbo);
        gl->DeleteTextures(1, &tex);
        gl->DeleteProgram(prog);
    }
    ts_gl_check(ref);
    assert_int_equal(gl_context_enter(ctx), GLHLE_RESULT_OK);
    return ok;
}

/* The pipeline through glhle's draw path as a driver sets it up (the
 * programs at the region, SET_PIPELINE_SHADER(1), (5) and (4) or (2) and
 * (3), a clear to (0, 0, 0, 1), DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST
 * of 4 POINTS, or with tessellation one PATCH of SET_PATCH 4 vertices with
 * the control program's block in its c2, GLSL binding 0's place) and the
 * target written back; the `n` 3D method writes (byte offset, value) go
 * in before the draw, and `draw` non-zero replaces the draw's word.
 * Returns the run's result; *drew says whether it made its one draw. */
static glhle_result glhle_draw_stages(glhle_context *ctx, const stages *p, const uint32_t (*writes)[2], size_t n,
                                      uint32_t draw, uint8_t *out, bool *drew)
{
    uint8_t *rt, *data;
    tm_pb pb;
    glhle_maxwell *gpu = open_gpu(ctx, &rt, &data, &pb);
    tmd_target(&pb, VA, W, H, 0xD5);
    tmd_programs(&pb, data, VA_DATA, p->vs, p->fs);
    if (p->gs)
        tmd_geometry_program(&pb, data, VA_DATA, p->gs);
    if (p->tcs) {
        tmd_tess_programs(&pb, data, VA_DATA, p->tcs, p->tes, 4);
        float block[16];
        uniform_block(p->tcs, block);
        memcpy(data + TESS_UBO, block, sizeof block);
        tmd_constant_buffer(&pb, 1, 2, VA_DATA + TESS_UBO); /* deko3d: GLSL binding N is c(2 + N) */
    }
    for (size_t i = 0; i < n; i++)
        set(&pb, writes[i][0], writes[i][1]);
    const uint32_t cv[4] = {tm_u(0), tm_u(0), tm_u(0), tm_u(1)};
    tm_inc(&pb, TM_SUB_3D, M(0x0d80), 4, cv); /* SET_COLOR_CLEAR_VALUE */
    set(&pb, 0x19d0, 0x3C);                   /* CLEAR_SURFACE: R, G, B, A */
    /* first 0, count 4, PATCH or POINTS */
    set(&pb, 0x1214, draw ? draw : 0u | 4u << 16 | (p->tcs ? 14u : 0u) << 28);
    glhle_maxwell_run_result res;
    glhle_result r = tm_submit(gpu, &pb, &res);
    /* shader_defer_draws: a draw whose program is on a worker is skipped;
     * the same words again (the clear, then the draw) until it is drawn */
    cache_run.deferred_submits = 0;
    for (glhle_shader_stats st; r == GLHLE_RESULT_OK && cache_run.defer && cache_run.deferred_submits < 2000;) {
        assert_int_equal(glhle_maxwell_get_shader_stats(gpu, &st), GLHLE_RESULT_OK);
        if (st.draws_deferred == cache_run.deferred_submits)
            break;
        cache_run.deferred_submits++;
        nanosleep(&(struct timespec){0, 5000000}, NULL);
        r = tm_submit(gpu, &pb, &res);
    }
    tm_pb_free(&pb);
    *drew = r == GLHLE_RESULT_OK && res.draws == 1;
    if (*drew)
        read_target(gpu, rt, 4, out);
    assert_int_equal(glhle_maxwell_get_shader_stats(gpu, &cache_run.st), GLHLE_RESULT_OK);
    glhle_maxwell_destroy(gpu);
    free(rt);
    free(data);
    ts_gl_check(ctx);
    return r;
}

/* Channels of a and b (W x H RGBA8) more than tol apart, the first few printed. */
static uint32_t rgba8_diff(const char *what, const uint8_t *a, const uint8_t *b, int tol)
{
    uint32_t bad = 0;
    for (size_t p = 0; p < (size_t)W * H * 4; p++)
        if (abs((int)a[p] - (int)b[p]) > tol) {
            if (bad < 4)
                print_message("  %s: pixel (%zu, %zu) channel %zu: %d, glhle %d\n", what, (p / 4) % W, (p / 4) / W,
                              p % 4, a[p], b[p]);
            bad++;
        }
    return bad;
}

static void geometry_stage(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    tmc_shader vs, gs, fs;
    assert_true(tmc_load("quad_pos_vsh", &vs));
    assert_true(tmc_load("point_quad_gsh", &gs));
    assert_true(tmc_load("color_fsh", &fs));
    const int tol = (int)tj_num(tj_get(tj_get(gs.json, "compare"), "tolerance"), 0);
    uint8_t *model = calloc(W * H, 4), *mesa = calloc(W * H, 4), *got = calloc(W * H, 4);
    /* the docs' figure (maxwell-shaders.md): 4 quads of 13 x 13 pixels */
    assert_int_equal(point_quads_model(model), 676);
    const stages pl = {.vs = &vs, .gs = &gs, .fs = &fs};
    assert_true(reference_stages(ctx, &pl, GL_FILL, mesa));
    bool drew = false;
    assert_int_equal(glhle_draw_stages(ctx, &pl, NULL, 0, 0, got, &drew), GLHLE_RESULT_OK);
    assert_true(drew);
    uint32_t covered = 0;
    for (size_t p = 0; p < (size_t)W * H; p++)
        covered += got[p * 4] || got[p * 4 + 1] || got[p * 4 + 2] || got[p * 4 + 3] != 255;
    const uint32_t bad_model = rgba8_diff("the GLSL worked out", model, got, tol);
    const uint32_t bad_mesa = rgba8_diff("Mesa's compile of the GLSL", mesa, got, tol);
    print_message("  quad_pos_vsh + point_quad_gsh + color_fsh, 4 points: %u pixels drawn; %u channels off the "
                  "model, %u off Mesa's compile (tolerance %d)\n", covered, bad_model, bad_mesa, tol);
    if (bad_model || bad_mesa)
        fail_msg("the geometry stage's draw differs from the GLSL (%u channels from the model, %u from Mesa)",
                 bad_model, bad_mesa);
    assert_int_equal(covered, 676);
    /* polygon mode LINE applies to what the geometry stage emits: where
     * the host has glPolygonMode the quads' edges are drawn, as Mesa draws
     * them; where the draw path would need its own geometry stage for it
     * (ES) the draw is refused */
    static const uint32_t line_mode[2][2] = {{0x0dac, 0x1B01}, {0x0db0, 0x1B01}}; /* SET_FRONT/BACK_POLYGON_MODE */
    const glhle_result r = glhle_draw_stages(ctx, &pl, line_mode, 2, 0, got, &drew);
    if (ts_gles()) {
        assert_int_equal(r, GLHLE_RESULT_UNSUPPORTED);
        assert_false(drew);
    } else {
        assert_int_equal(r, GLHLE_RESULT_OK);
        assert_true(drew);
        assert_true(reference_stages(ctx, &pl, GL_LINE, mesa));
        uint32_t lines = 0;
        for (size_t p = 0; p < (size_t)W * H; p++)
            lines += mesa[p * 4] || mesa[p * 4 + 1] || mesa[p * 4 + 2] || mesa[p * 4 + 3] != 255;
        const uint32_t bad = rgba8_diff("Mesa's compile in polygon mode LINE", mesa, got, tol);
        print_message("  the same in polygon mode LINE: %u pixels drawn by Mesa, %u channels off\n", lines, bad);
        if (bad)
            fail_msg("polygon mode LINE with a geometry stage: %u channels differ from Mesa's compile", bad);
        assert_true(lines > 0 && lines < 676);
    }
    free(model);
    free(mesa);
    free(got);
    tmc_free(&vs);
    tmc_free(&gs);
    tmc_free(&fs);
}

/* The corpus' tessellation scene as its GLSL says, where that is exact:
 * quad_pos_vsh's four vertices (as above) are one patch; quad_tcsh passes
 * them on with levels outer (4, 6, 4, 8), inner (5, 3) from its block and
 * a tint (0.5, 0.5, 1, 1); quad_tesh (quads, equal spacing) puts the point
 * (u, v) = gl_TessCoord at the bilinear mix of the corners, x = 1.2 u -
 * 0.6, y = 1.2 v - 0.6 + 0.05 sin(12.566 u), coloured by the bilinear mix
 * of the corner colours times the tint: (u / 2, v / 2, u / 3 + 2 v / 3, 1),
 * affine in (u, v). The edge rings' triangles are the implementation's
 * (GL 4.6 11.2.2.2), but the inner rectangle's vertices are at u = i / 5, v
 * = j / 3 (i 1-4, j 1-2), so its cells, u in [i / 5, (i + 1) / 5] and v in
 * [1 / 3, 2 / 3], are parallelograms (the displacement depends on u
 * alone): either diagonal interpolates (u, v) affinely over the cell, so a
 * pixel centre at least one pixel inside one has u = (x + 0.6) / 1.2 and v
 * from the cell's straight edges. Pixels beyond the patch and its wave
 * keep the clear colour (0, 0, 0, 1). `known` marks the pixels worked out;
 * returns their count. */
static uint32_t tess_model(uint8_t *out, bool *known)
{
    uint32_t n = 0;
    const double px = W / 2.0 * 1.2; /* pixels per unit of u or v */
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            const size_t at = (size_t)y * W + x;
            const double nx = (x + 0.5) / (W / 2.0) - 1, ny = (y + 0.5) / (H / 2.0) - 1;
            const double u = (nx + 0.6) / 1.2;
            known[at] = false;
            double c[4] = {0, 0, 0, 1};
            if (fabs(nx) > 0.6 + 1.5 / (W / 2.0) || fabs(ny) > 0.65 + 1.5 / (H / 2.0)) {
                known[at] = true; /* beyond the patch */
            } else if (u > 0.2 && u < 0.8) {
                const int i = (int)floor(u * 5);
                const double u0 = i / 5.0, u1 = (i + 1) / 5.0;
                const double d0 = 0.05 * sin(u0 * 12.566), d1 = 0.05 * sin(u1 * 12.566);
                const double v = (ny + 0.6 - (d0 + (d1 - d0) * (u - u0) / (u1 - u0))) / 1.2;
                if ((u - u0) * px >= 1 && (u1 - u) * px >= 1 && (v - 1 / 3.0) * px >= 1 && (2 / 3.0 - v) * px >= 1) {
                    known[at] = true;
                    c[0] = u / 2;
                    c[1] = v / 2;
                    c[2] = u / 3 + 2 * v / 3;
                }
            }
            n += known[at];
            for (int k = 0; k < 4; k++)
                out[at * 4 + (size_t)k] = (uint8_t)lround(c[k] * 255);
        }
    return n;
}

static void tessellation_stages(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    /* quad_tesh reads the subgroup lane (docs/maxwell-shaders.md: LANEID
     * is ARB_shader_ballot's gl_SubGroupInvocationARB, which GLSL ES lacks) */
    tmc_shader vs, tcs, tes, fs;
    assert_true(tmc_load("quad_pos_vsh", &vs));
    assert_true(tmc_load("quad_tcsh", &tcs));
    assert_true(tmc_load("quad_tesh", &tes));
    assert_true(tmc_load("color_fsh", &fs));
    const stages pl = {.vs = &vs, .tcs = &tcs, .tes = &tes, .fs = &fs};
    if (ts_gles() || !ctx->info.subgroups) {
        /* refused with the translator's reason, the instance usable */
        uint8_t px[W * H * 4];
        bool drew = true;
        assert_int_not_equal(glhle_draw_stages(ctx, &pl, NULL, 0, 0, px, &drew), GLHLE_RESULT_OK);
        assert_false(drew);
        tmc_free(&vs);
        tmc_free(&tcs);
        tmc_free(&tes);
        tmc_free(&fs);
        if (ts_gles())
            print_message("SKIP on OpenGL ES: quad_tesh's translation reads the subgroup lane (ARB_shader_ballot), "
                          "which GLSL ES has no form of; the draw is refused\n");
        else
            print_message("  skipped: this GL has no ARB_shader_ballot, which quad_tesh's translation needs; the "
                          "draw is refused\n");
        skip();
    }
    const int tol = (int)tj_num(tj_get(tj_get(tes.json, "compare"), "tolerance"), 0);
    uint8_t *model = calloc(W * H, 4), *mesa = calloc(W * H, 4), *got = calloc(W * H, 4);
    bool *known = calloc(W * H, sizeof *known);
    const uint32_t n_known = tess_model(model, known);
    assert_true(reference_stages(ctx, &pl, GL_FILL, mesa));
    bool drew = false;
    assert_int_equal(glhle_draw_stages(ctx, &pl, NULL, 0, 0, got, &drew), GLHLE_RESULT_OK);
    assert_true(drew);
    uint32_t bad_model = 0, inside = 0, covered = 0;
    for (size_t q = 0; q < (size_t)W * H; q++) {
        covered += got[q * 4] || got[q * 4 + 1] || got[q * 4 + 2] || got[q * 4 + 3] != 255;
        inside += known[q] && model[q * 4 + 2] != 0;
        for (int k = 0; k < 4 && known[q]; k++)
            if (abs((int)model[q * 4 + (size_t)k] - (int)got[q * 4 + (size_t)k]) > tol) {
                if (bad_model < 4)
                    print_message("  the GLSL worked out: pixel (%zu, %zu) channel %d: %d, glhle %d\n", q % W,
                                  q / W, k, model[q * 4 + (size_t)k], got[q * 4 + (size_t)k]);
                bad_model++;
            }
    }
    const uint32_t bad_mesa = rgba8_diff("Mesa's compile of the GLSL", mesa, got, tol);
    print_message("  quad_pos_vsh + quad_tcsh + quad_tesh + color_fsh, one 4-vertex patch: %u pixels drawn; %u "
                  "pixels worked out (%u inside the patch), %u channels off them, %u channels off Mesa's compile "
                  "(tolerance %d)\n", covered, n_known, inside, bad_model, bad_mesa, tol);
    if (bad_model || bad_mesa)
        fail_msg("the tessellated draw differs from the GLSL (%u channels from the model, %u from Mesa)", bad_model,
                 bad_mesa);
    assert_true(inside >= 100);
    free(model);
    free(mesa);
    free(got);
    free(known);
    tmc_free(&vs);
    tmc_free(&tcs);
    tmc_free(&tes);
    tmc_free(&fs);
}

/* ---- the geometry and tessellation programs in the disk cache ---- */

/* The pipeline drawn with cache_run's settings; fails unless it drew a
 * picture equal to `expect` (the run without a cache, itself checked
 * against the model by geometry_stage / tessellation_stages) and, where
 * `model` is given, within `tol` of the model at the `known` pixels (all
 * when NULL). */
static void cached_draw(glhle_context *ctx, const stages *pl, const uint8_t *expect, const uint8_t *model,
                        const bool *known, int tol, const char *what)
{
    uint8_t *got = calloc(W * H, 4);
    bool drew = false;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_int_equal(glhle_draw_stages(ctx, pl, NULL, 0, 0, got, &drew), GLHLE_RESULT_OK);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    assert_true(drew);
    const double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    const uint32_t bad = rgba8_diff(what, expect, got, 0);
    uint32_t off_model = 0;
    for (size_t q = 0; model && q < (size_t)W * H * 4; q++)
        off_model += (!known || known[q / 4]) && abs((int)model[q] - (int)got[q]) > tol;
    const glhle_shader_stats *st = &cache_run.st;
    print_message("  %s: %.1f ms (the instance, its draw, the write-back); compiled %llu in %.1f ms (on a draw "
                  "%llu, waited %llu), precompiled %llu, binaries loaded %llu, disk entries %llu, hits %llu, misses "
                  "%llu, records rejected %llu, deferred submissions %u; %u channels off the run without a cache, %u "
                  "off the model\n",
                  what, ms, (unsigned long long)st->programs_compiled, (double)st->compile_ns / 1e6, (unsigned long long)st->programs_compiled_on_draw,
                  (unsigned long long)st->draws_waited_for_compile, (unsigned long long)st->programs_precompiled,
                  (unsigned long long)st->binaries_loaded, (unsigned long long)st->disk_entries,
                  (unsigned long long)st->cache_hits, (unsigned long long)st->cache_misses,
                  (unsigned long long)st->cache_records_rejected, cache_run.deferred_submits, bad, off_model);
    if (bad || off_model)
        fail_msg("%s: the picture differs (%u channels from the run without a cache, %u from the model)", what, bad,
                 off_model);
    free(got);
}

/* The file `name` (maxwell-gs or maxwell-tess) in `dir`, read as
 * `sys`'s: its entries, its text records of `kind`, its binaries. */
static void read_cache(const char *dir, const char *name, const gl_program_system *sys, gl_shc_file *f)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/default.%s.glsc", dir, name);
    glhle_bytebuf raw;
    glhle_bytebuf_init(&raw, 1u << 30);
    if (!glhle_bytebuf_read_file(&raw, path, 1u << 30))
        fail_msg("no cache file %s", path);
    const gl_shc_system_info *info[1] = {&sys->info};
    assert_int_equal(gl_shc_parse(raw.data, raw.size, info, 1, sys->info.id, NULL, GLHLE_LOG_WARN, f),
                     GLHLE_RESULT_OK);
    glhle_bytebuf_free(&raw);
}

/* One pipeline through the disk cache: a cold run stores one entry (its
 * key, its text as a GLSL_GS or GLSL_TESS record, this driver's binary); a
 * second instance on the folder makes the program at creation from the
 * binary, compiles and misses nothing; with shader_defer_draws on a fresh
 * folder the draw is skipped while a worker compiles, then drawn, with no
 * draw waiting; a flipped byte in the stored key is rejected and the
 * program compiled again; glhle-shadercache lists, prints and verifies the
 * file. Every picture equals the run without a cache and the model. */
static void vtg_cache_case(glhle_context *ctx, const stages *pl, const char *name, const gl_program_system *sys,
                           uint32_t text_kind, const uint8_t *model, const bool *known, int tol)
{
    char dir[4200], dir_defer[4200], label[256];
    snprintf(label, sizeof label, "maxwell_draw_cache_%s", name);
    snprintf(dir, sizeof dir, "%s", ts_fresh_dir(label));
    snprintf(label, sizeof label, "maxwell_draw_cache_%s_defer", name);
    snprintf(dir_defer, sizeof dir_defer, "%s", ts_fresh_dir(label));
    const bool binaries = ctx->info.program_binary;
    uint8_t *plain = calloc(W * H, 4);
    bool drew = false;
    cache_run.dir = NULL;
    cache_run.defer = false;
    assert_int_equal(glhle_draw_stages(ctx, pl, NULL, 0, 0, plain, &drew), GLHLE_RESULT_OK);
    assert_true(drew);

    cache_run.dir = dir;
    snprintf(label, sizeof label, "%s, cold", name);
    cached_draw(ctx, pl, plain, model, known, tol, label);
    assert_int_equal(cache_run.st.programs_compiled, 1);
    assert_int_equal(cache_run.st.disk_entries, 0);
    gl_shc_file f;
    read_cache(dir, name, sys, &f);
    print_message("  %s file: %zu bytes, %u entries, %llu %s records, %u binaries\n", name, f.size, f.entry_count,
                  (unsigned long long)f.records[text_kind], gl_shc_kind_name(text_kind), f.binary_count);
    assert_int_equal(f.entry_count, 1);
    assert_int_equal(f.records[text_kind], 1);
    assert_int_equal(f.glsl_count, 1);
    assert_int_equal(f.binary_count, binaries ? 1 : 0);
    assert_int_equal(f.bad_count, 0);
    const uint64_t key_at = f.entries[0].offset;
    const uint32_t key_size = f.entries[0].key_size;
    gl_shc_free(&f);

    snprintf(label, sizeof label, "%s, warm", name);
    cached_draw(ctx, pl, plain, model, known, tol, label);
    assert_int_equal(cache_run.st.disk_entries, 1);
    assert_int_equal(cache_run.st.programs_precompiled, 1);
    assert_int_equal(cache_run.st.cache_misses, 0); /* found at the draw: nothing translated there */
    assert_int_equal(cache_run.st.programs_compiled_on_draw, 0);
    if (binaries) {
        assert_int_equal(cache_run.st.programs_compiled, 0);
        assert_int_equal(cache_run.st.binaries_loaded, 1);
    }

    cache_run.dir = dir_defer;
    cache_run.defer = true;
    snprintf(label, sizeof label, "%s, cold, draws deferred", name);
    cached_draw(ctx, pl, plain, model, known, tol, label);
    assert_true(cache_run.deferred_submits >= 1);
    assert_int_equal(cache_run.st.draws_waited_for_compile, 0);
    assert_int_equal(cache_run.st.programs_compiled, 1);
    snprintf(label, sizeof label, "%s, warm, draws deferred", name);
    cached_draw(ctx, pl, plain, model, known, tol, label);
    assert_int_equal(cache_run.deferred_submits, 0);
    assert_int_equal(cache_run.st.programs_precompiled, 1);
    cache_run.defer = false;

    /* a flipped byte of the stored key's code (its last byte): the KEY
     * record's checksum rejects it, the program is compiled again */
    char path[4300];
    snprintf(path, sizeof path, "%s/default.%s.glsc", dir, name);
    FILE *fp = fopen(path, "r+b");
    assert_non_null(fp);
    const long at = (long)(key_at + GL_SHC_RECORD_HEADER_BYTES + 32 + key_size - 1);
    assert_int_equal(fseek(fp, at, SEEK_SET), 0);
    const int b = fgetc(fp);
    assert_int_equal(fseek(fp, at, SEEK_SET), 0);
    fputc(b ^ 0x10, fp);
    fclose(fp);
    cache_run.dir = dir;
    snprintf(label, sizeof label, "%s, a flipped key byte", name);
    cached_draw(ctx, pl, plain, model, known, tol, label);
    assert_true(cache_run.st.cache_records_rejected >= 1);
    assert_int_equal(cache_run.st.programs_compiled, 1);
    assert_int_equal(cache_run.st.programs_precompiled, 0);
    cache_run.dir = NULL;

    if (tt_tool_path("glhle-shadercache")) {
        static char out[1 << 18];
        char args[9000];
        snprintf(args, sizeof args, "list --json '%s'", path);
        assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
        snprintf(label, sizeof label, "\"system\": \"%s\"", name);
        assert_non_null(strstr(out, label));
        assert_non_null(strstr(out, "\"index\": 0,"));
        snprintf(args, sizeof args, "glsl '%s' 0", path);
        assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
        assert_non_null(strstr(out, text_kind == GL_SHC_GLSL_TESS ? "// ---- tessellation evaluation shader"
                                                                  : "// ---- geometry shader"));
        snprintf(args, sizeof args, "verify '%s'", path);
        assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
        assert_non_null(strstr(out, ": ok;"));
        snprintf(args, sizeof args, "precompile '%s'", path);
        assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
        assert_non_null(strstr(out, "1 of 1 programs ready"));
    } else {
        print_message("  the tools were not built: glhle-shadercache not run\n");
    }
    free(plain);
}

/* after vtg_disk_cache, also when it failed: the later tests' instances have no cache */
static int cache_run_off(void **state)
{
    (void)state;
    memset(&cache_run, 0, sizeof cache_run);
    return 0;
}

static void vtg_disk_cache(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    tmc_shader vs, gs, fs, tcs, tes;
    assert_true(tmc_load("quad_pos_vsh", &vs));
    assert_true(tmc_load("point_quad_gsh", &gs));
    assert_true(tmc_load("color_fsh", &fs));
    assert_true(tmc_load("quad_tcsh", &tcs));
    assert_true(tmc_load("quad_tesh", &tes));
    uint8_t *model = calloc(W * H, 4);
    bool *known = calloc(W * H, sizeof *known);
    assert_int_equal(point_quads_model(model), 676);
    const stages with_gs = {.vs = &vs, .gs = &gs, .fs = &fs};
    vtg_cache_case(ctx, &with_gs, "maxwell-gs", mw_program_guest_gs_system(), GL_SHC_GLSL_GS, model, NULL,
                   (int)tj_num(tj_get(tj_get(gs.json, "compare"), "tolerance"), 0));
    if (ts_gles() || !ctx->info.subgroups) {
        print_message("%s: the tessellation case is not run: quad_tesh's translation reads the subgroup lane "
                      "(ARB_shader_ballot), which this GL%s lacks (tessellation_stages)\n",
                      ts_gles() ? "SKIP on OpenGL ES" : "  skipped", ts_gles() ? " ES" : "");
    } else {
        tess_model(model, known);
        const stages with_tess = {.vs = &vs, .tcs = &tcs, .tes = &tes, .fs = &fs};
        vtg_cache_case(ctx, &with_tess, "maxwell-tess", mw_program_tess_system(), GL_SHC_GLSL_TESS, model, known,
                       (int)tj_num(tj_get(tj_get(tes.json, "compare"), "tolerance"), 0));
    }
    free(model);
    free(known);
    tmc_free(&vs);
    tmc_free(&gs);
    tmc_free(&fs);
    tmc_free(&tcs);
    tmc_free(&tes);
}

/* Draws the stages cannot make, refused with a reason before any GL call
 * (each in a fresh instance; ts_gl_check in glhle_draw_stages: no GL
 * error): clb197.h's PATCH topology without tessellation stages and those
 * stages with another topology (GL 4.6 11.2: a GL error either way), a
 * SET_PATCH size of 0 or past the 32 the control stage's inputs hold, one
 * tessellation stage without the other, and a geometry stage fed PATCH. */
static void stage_refusals(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    tmc_shader vs, tcs, tes, gs, fs;
    assert_true(tmc_load("quad_pos_vsh", &vs));
    assert_true(tmc_load("quad_tcsh", &tcs));
    assert_true(tmc_load("quad_tesh", &tes));
    assert_true(tmc_load("point_quad_gsh", &gs));
    assert_true(tmc_load("color_fsh", &fs));
    const stages plain = {.vs = &vs, .fs = &fs}, tess = {.vs = &vs, .tcs = &tcs, .tes = &tes, .fs = &fs},
                 geom = {.vs = &vs, .gs = &gs, .fs = &fs};
    const uint32_t patch = 4u << 16 | 14u << 28, points = 4u << 16;
    static const uint32_t patch0[1][2] = {{0x0dcc, 0}}, patch33[1][2] = {{0x0dcc, 33}};
    static const uint32_t no_eval[1][2] = {{0x2000 + 3 * 64, 3u << 4}}; /* SET_PIPELINE_SHADER(3) off */
    const struct {
        const char *what;
        const stages *p;
        const uint32_t (*writes)[2];
        uint32_t draw;
        glhle_result want;
    } cases[] = {
        {"PATCH without tessellation stages", &plain, NULL, patch, GLHLE_RESULT_UNSUPPORTED},
        {"tessellation stages drawing POINTS", &tess, NULL, points, GLHLE_RESULT_UNSUPPORTED},
        {"SET_PATCH 0", &tess, patch0, 0, GLHLE_RESULT_BAD_DATA},
        {"SET_PATCH 33", &tess, patch33, 0, GLHLE_RESULT_BAD_DATA},
        {"the control stage without the evaluation stage", &tess, no_eval, 0, GLHLE_RESULT_UNSUPPORTED},
        {"a geometry stage fed PATCH", &geom, NULL, patch, GLHLE_RESULT_UNSUPPORTED},
    };
    uint8_t *px = calloc(W * H, 4);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bool drew = true;
        const glhle_result r = glhle_draw_stages(ctx, cases[i].p, cases[i].writes, cases[i].writes ? 1 : 0,
                                                 cases[i].draw, px, &drew);
        print_message("  %s: %s\n", cases[i].what, glhle_result_string(r));
        assert_int_equal(r, cases[i].want);
        assert_false(drew);
    }
    free(px);
    tmc_free(&vs);
    tmc_free(&tcs);
    tmc_free(&tes);
    tmc_free(&gs);
    tmc_free(&fs);
}

/* ---- vertex formats the GL cannot say (draw.c attr_fetch, maxwell_spirv.c fetch_packed) ---- */

#define VF_DATA 0x100000u /* pattern k's streams at VF_DATA + 0x1000 k + 0x100 attribute */

/* The 10:10:10:2 field c (R 0-9, G 10-19, B 20-29, A 30-31; clb197.h
 * COMPONENT_BIT_WIDTHS A2B10G10R10), sign-extended when sgn. */
static int32_t vf_field(uint32_t w, uint32_t c, bool sgn)
{
    const uint32_t bits = c == 3 ? 2 : 10, v = (w >> (10 * c)) & ((1u << bits) - 1);
    return sgn && v >> (bits - 1) ? (int32_t)v - (int32_t)(1u << bits) : (int32_t)v;
}

/* An unsigned float of `mbits` mantissa bits under a 5-bit exponent (GL 4.6
 * 2.3.4.3-4: 0 and denormals 2^-14 m / 2^mbits, else 2^(e-15) (1 + m / 2^mbits)) */
static float vf_ufloat(uint32_t v, uint32_t mbits)
{
    const uint32_t e = v >> mbits, m = v & ((1u << mbits) - 1);
    return e ? ldexpf(1.0f + (float)m / (float)(1u << mbits), (int)e - 15)
             : ldexpf((float)m / (float)(1u << mbits), -14);
}

typedef struct vf_case {
    const char *what;
    uint32_t loc;        /* 2: inColor (vec4), 3: inIdx (ivec4), 4: inFlags (uvec2) */
    uint32_t size, type; /* COMPONENT_BIT_WIDTHS, NUMERICAL_TYPE */
    bool swap;
    uint32_t words[5];   /* the patterns, one 32-bit word each (0: none) */
} vf_case;

/* What attribs_vsh + color_fsh write (attribs_vsh.glsl: inNormal (1, 1, 1),
 * one instance): the attribute's components as this file's decoder reads
 * word w, SWAP_R_AND_B trading components 0 and 2; the others 0. */
static void vf_model(const vf_case *k, uint32_t w, float out[3], float *alpha)
{
    float c[4] = {0, 0, 0, 1};
    int32_t i[4] = {0, 0, 0, 1};
    for (uint32_t n = 0; n < 4; n++) {
        if (k->size == 0x30) {
            const int32_t f = vf_field(w, n, k->type == 1 || k->type == 3 || k->type == 6);
            i[n] = f;
            c[n] = k->type == 2 ? (float)f / (n == 3 ? 3.0f : 1023.0f) : (float)f;
        } else if (k->size == 0x01) { /* the baseline: 4 x 32-bit zeros */
            c[n] = 0, i[n] = 0;
        } else if (k->size == 0x31) {
            c[n] = n == 3 ? 1.0f : vf_ufloat((w >> (11 * n)) & (n == 2 ? 0x3ffu : 0x7ffu), n == 2 ? 5 : 6);
        } else if (k->size == 0x32 && n >= 2) { /* G8R8: two components, R in byte 0 (clb197.h's naming) */
            c[n] = n == 3 ? 1.0f : 0.0f, i[n] = n == 3 ? 1 : 0;
        } else { /* 0x0A R8G8B8A8 (and 0x32's two), byte n at bits 8n */
            const int32_t b = (int8_t)(uint8_t)(w >> (8 * n));
            i[n] = k->type == 4 ? (int32_t)(uint8_t)(w >> (8 * n)) : b;
            c[n] = k->type == 1   ? fmaxf((float)b / 127.0f, -1.0f)
                   : k->type == 2 ? (float)(uint8_t)(w >> (8 * n)) / 255.0f
                                  : (float)i[n];
        }
    }
    if (k->swap) {
        const float tf = c[0];
        const int32_t ti = i[0];
        c[0] = c[2], c[2] = tf, i[0] = i[2], i[2] = ti;
    }
    const float n = 1.0f / sqrtf(3.0f);
    if (k->loc == 2) {
        out[0] = c[0] * n, out[1] = c[1] * n, out[2] = c[2] * n;
        *alpha = c[3] * 0.25f;
    } else if (k->loc == 3) {
        out[0] = (float)(i[0] + i[1] * 2 - i[2]) * 0.125f + (float)i[3] * 0.0625f, out[1] = 0, out[2] = 0;
        *alpha = 0;
    } else {
        const uint32_t f = ((uint32_t)i[0] & 0xF0u) | ((uint32_t)i[1] >> 4);
        out[0] = 0, out[1] = (float)f / 255.0f, out[2] = 0;
        *alpha = 0;
    }
}

/* Attribute loc from stream loc at va, stride 16 (SET_VERTEX_ATTRIBUTE_A
 * STREAM, OFFSET 0, COMPONENT_BIT_WIDTHS, NUMERICAL_TYPE, SWAP_R_AND_B;
 * SET_VERTEX_STREAM_A_FORMAT/LOCATION, its limit) */
static void vf_attribute(tm_pb *pb, uint32_t loc, uint32_t size, uint32_t type, bool swap, uint64_t va)
{
    set(pb, 0x1160 + loc * 4, loc | size << 21 | type << 27 | (uint32_t)swap << 31);
    set(pb, 0x1c00 + loc * 16, 16u | 1u << 12);
    set(pb, 0x1c04 + loc * 16, (uint32_t)(va >> 32));
    set(pb, 0x1c08 + loc * 16, (uint32_t)va);
    set(pb, 0x1f00 + loc * 8, (uint32_t)((va + 47) >> 32));
    set(pb, 0x1f04 + loc * 8, (uint32_t)(va + 47));
}

/* Each case's patterns drawn through attribs_vsh + color_fsh into RGBA32F,
 * the whole target covered by one triangle whose three vertices carry the
 * pattern: the centre pixel must be what vf_model decodes from the bits
 * (alpha adds attribs_vsh's gl_VertexID / 4, interpolated: what the
 * baseline, a zero attribute, gives there). The layouts
 * GL's formats cannot say (integer 10:10:10:2, 11:11:10, R/B swaps of
 * the formats GL_BGRA does not take) and their sign-extension edges;
 * 11:11:10 of an integer type, refused; and layouts glhle does not
 * fetch, refused. */
static void vertex_formats(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    tmc_shader vs, fs;
    assert_true(tmc_load("attribs_vsh", &vs));
    assert_true(tmc_load("color_fsh", &fs));
#define A10(r, g, b, a) (((uint32_t)(r) & 0x3ffu) | ((uint32_t)(g) & 0x3ffu) << 10 | ((uint32_t)(b) & 0x3ffu) << 20 | \
                         ((uint32_t)(a) & 3u) << 30)
#define F11(r, g, b) ((uint32_t)(r) | (uint32_t)(g) << 11 | (uint32_t)(b) << 22)
    static const vf_case cases[] = {
        {"baseline (4 x 32-bit float zeros)", 2, 0x01, 7, false, {0}},
        {"10:10:10:2 SINT", 3, 0x30, 3, false,
         {A10(-512, 511, -1, -2), A10(511, -512, 1, 1), A10(-1, -1, -512, -1), A10(3, 0x100, 0x200, 0), A10(0, 0, 0, 2)}},
        {"10:10:10:2 UINT", 3, 0x30, 4, false,
         {A10(0x3ff, 0x200, 0x1ff, 3), A10(1, 0x3ff, 0, 2), A10(0x200, 0, 0x3ff, 1), A10(7, 9, 0x155, 0), 0}},
        {"10:10:10:2 SINT, R/B swapped", 3, 0x30, 3, true,
         {A10(-512, 5, 100, -2), A10(17, -1, -300, 1), A10(-1, 511, 0x200, -1), 0, 0}},
        {"10:10:10:2 UINT (G, as inFlags.y)", 4, 0x30, 4, false,
         {A10(0xF3, 0x3ff, 0, 0), A10(0x3ff, 0x210, 0, 3), A10(0x80, 0x1f, 0x3ff, 1), 0, 0}},
        {"8.8.8.8 SINT, R/B swapped", 3, 0x0A, 3, true, {0x80ff7f01u, 0x7f800102u, 0xfe05c033u, 0, 0}},
        {"8.8.8.8 UINT, R/B swapped", 3, 0x0A, 4, true, {0x80ff7f01u, 0x01fe02c3u, 0, 0, 0}},
        {"8.8.8.8 SNORM, R/B swapped", 2, 0x0A, 1, true, {0x80ff7f81u, 0x7f00c040u, 0, 0, 0}},
        {"10:10:10:2 UNORM, R/B swapped", 2, 0x30, 2, true, {A10(1023, 512, 1, 2), A10(0, 100, 900, 1), 0, 0, 0}},
        {"10:10:10:2 USCALED, R/B swapped", 2, 0x30, 5, true, {A10(3, 2, 1, 3), A10(0, 1, 2, 0), 0, 0, 0}},
        {"10:10:10:2 SSCALED, R/B swapped", 2, 0x30, 6, true, {A10(-3, 2, -1, -2), A10(1, -2, 0, 1), 0, 0, 0}},
        /* 1.0 (e 15), 2^-14 (e 1), a denormal, 65024 and 64512 (the largest finite), 0 */
        {"11:11:10 FLOAT", 2, 0x31, 7, false,
         {F11(15u << 6, 1u << 6 | 5, 0x3f), F11(30u << 6 | 0x3f, 3, 30u << 5 | 0x1f), F11(0, 16u << 6 | 1, 14u << 5 | 7), 0, 0}},
        {"11:11:10 FLOAT, R/B swapped", 2, 0x31, 7, true, {F11(15u << 6, 1u << 6 | 5, 17u << 5 | 3), 0, 0, 0, 0}},
        /* G8R8: R byte 0, G byte 1, no swap; the bytes above it are not read */
        {"G8R8 UNORM", 2, 0x32, 2, false, {0xA5C3FF20u, 0x5A3C01E0u, 0x0000807Fu, 0, 0}},
        {"G8R8 SINT", 3, 0x32, 3, false, {0x7F7F8001u, 0x80800F70u, 0x0000FF81u, 0, 0}},
        {"G8R8 UINT (G, as inFlags.y)", 4, 0x32, 4, false, {0xFFFF30F3u, 0x000007A0u, 0, 0, 0}},
    };
    uint8_t *rt, *data;
    tm_pb pb;
    float vertex_id = 0; /* attribs_vsh's gl_VertexID / 4 at the centre, from the baseline */
    for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
        const vf_case *k = &cases[ci];
        glhle_maxwell *gpu = open_gpu(ctx, &rt, &data, &pb);
        tmd_target(&pb, VA, W, H, 0xC0);
        tmd_programs(&pb, data, VA_DATA, &vs, &fs);
        for (uint32_t p = 0; p < 5 && (p == 0 || k->words[p]); p++) {
            const uint32_t base = VF_DATA + 0x1000 * p;
            /* inPos over the target (attribs_vsh halves it and moves it left by 0.5), inNormal (1, 1, 1) */
            const float pos[3][2] = {{-1, -1}, {7, -1}, {-1, 7}}, nrm[3] = {1, 1, 1};
            for (uint32_t v = 0; v < 3; v++) {
                memcpy(data + base + 16 * v, pos[v], 8);
                memcpy(data + base + 0x100 + 16 * v, nrm, 12);
                memcpy(data + base + 0x100 * k->loc + 16 * v, &k->words[p], 4);
            }
            /* the other attributes 4 x 32-bit zeros (the streams are zero) */
            tm_pb f;
            tm_pb_init(&f);
            vf_attribute(&f, 0, 0x04, 7, false, VA_DATA + base);
            vf_attribute(&f, 1, 0x02, 7, false, VA_DATA + base + 0x100);
            for (uint32_t a = 2; a < 5; a++)
                if (a == k->loc)
                    vf_attribute(&f, a, k->size, k->type, k->swap, VA_DATA + base + 0x100 * a);
                else
                    vf_attribute(&f, a, 0x01, a == 2 ? 7 : a == 3 ? 3 : 4, false, VA_DATA + base + 0x100 * a);
            const uint32_t cv[4] = {0, 0, 0, 0};
            tm_inc(&f, TM_SUB_3D, M(0x0d80), 4, cv);
            set(&f, 0x19d0, 0x3C);
            set(&f, 0x1214, 0u | 3u << 16 | 4u << 28);
            glhle_maxwell_run_result res;
            if (p == 0) {
                assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
            }
            assert_int_equal(tm_submit(gpu, &f, &res), GLHLE_RESULT_OK);
            assert_int_equal(res.draws, 1);
            tm_pb_free(&f);
            assert_int_equal(glhle_maxwell_flush(gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
            float got[4], want[3], alpha;
            memcpy(got, rt + mwt_bl_offset(W * 16, H, 1, 0, (W / 2) * 16, H / 2, 0), 16);
            vf_model(k, k->words[p], want, &alpha);
            if (ci == 0)
                vertex_id = got[3];
            print_message("  %s 0x%08x: (%g, %g, %g, %g), want (%g, %g, %g, %g + %g)\n", k->what, k->words[p],
                          got[0], got[1], got[2], got[3], want[0], want[1], want[2], alpha, vertex_id);
            for (int c = 0; c < 3; c++)
                assert_true(fabsf(got[c] - want[c]) <= 1e-5f * fmaxf(1.0f, fabsf(want[c])));
            assert_true(fabsf(got[3] - alpha - vertex_id) < 1e-5f);
        }
        tm_pb_free(&pb);
        glhle_maxwell_destroy(gpu);
        free(rt);
        free(data);
    }
    /* 11:11:10 of an integer type: refused, nothing drawn */
    for (uint32_t type = 3; type <= 4; type++) {
        glhle_maxwell *gpu = open_gpu(ctx, &rt, &data, &pb);
        tmd_target(&pb, VA, W, H, 0xC0);
        tmd_programs(&pb, data, VA_DATA, &vs, &fs);
        vf_attribute(&pb, 0, 0x04, 7, false, VA_DATA + VF_DATA);
        vf_attribute(&pb, 1, 0x02, 7, false, VA_DATA + VF_DATA + 0x100);
        vf_attribute(&pb, 2, 0x01, 7, false, VA_DATA + VF_DATA + 0x200);
        vf_attribute(&pb, 3, 0x31, type, false, VA_DATA + VF_DATA + 0x300);
        vf_attribute(&pb, 4, 0x01, 4, false, VA_DATA + VF_DATA + 0x400);
        set(&pb, 0x1214, 0u | 3u << 16 | 4u << 28);
        glhle_maxwell_run_result res;
        const glhle_result r = tm_submit(gpu, &pb, &res);
        print_message("  11:11:10 of type %u: %s, %u draws\n", type, glhle_result_string(r), res.draws);
        assert_true(r != GLHLE_RESULT_OK || res.draws == 0);
        tm_pb_free(&pb);
        glhle_maxwell_destroy(gpu);
        free(rt);
        free(data);
    }
    /* layouts glhle does not fetch (0x33 X8B8G8R8 and 0x34 A8, where yuzu
     * and clb197.h's names disagree: draw.c vertex_input, 0x3F in no
     * list): the draw is refused, naming
     * the attribute and the layout; attribute 5, layout 0 (a zeroed word,
     * no layout) is not fetched and refuses nothing. A layout the draw
     * leaves out instead is drawn: the control submission below draws,
     * so the refusals are the layouts' */
    static const uint32_t unknown[] = {0x33, 0x34, 0x3F, 0};
    for (uint32_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        glhle_maxwell *gpu = open_gpu(ctx, &rt, &data, &pb);
        tmd_target(&pb, VA, W, H, 0xC0);
        tmd_programs(&pb, data, VA_DATA, &vs, &fs);
        vf_attribute(&pb, 0, 0x04, 7, false, VA_DATA + VF_DATA);
        vf_attribute(&pb, 1, 0x02, 7, false, VA_DATA + VF_DATA + 0x100);
        vf_attribute(&pb, 2, unknown[i] ? unknown[i] : 0x01, 2, false, VA_DATA + VF_DATA + 0x200);
        vf_attribute(&pb, 3, 0x01, 3, false, VA_DATA + VF_DATA + 0x300);
        vf_attribute(&pb, 4, 0x01, 4, false, VA_DATA + VF_DATA + 0x400);
        set(&pb, 0x1160 + 5 * 4, 5); /* attribute 5 from stream 5, layout 0 */
        set(&pb, 0x1c00 + 5 * 16, 16u | 1u << 12);
        set(&pb, 0x1214, 0u | 3u << 16 | 4u << 28);
        glhle_maxwell_run_result res;
        ts_log_clear();
        const glhle_result r = tm_submit(gpu, &pb, &res);
        char want[96];
        snprintf(want, sizeof want, "vertex attribute 2: component layout 0x%02x", unknown[i]);
        print_message("  layout 0x%02x: %s, %u draws\n", unknown[i], glhle_result_string(r), res.draws);
        if (unknown[i]) {
            assert_int_equal(r, GLHLE_RESULT_UNSUPPORTED);
            assert_true(ts_log_contains(want));
        } else {
            assert_int_equal(r, GLHLE_RESULT_OK);
            assert_int_equal(res.draws, 1);
        }
        tm_pb_free(&pb);
        glhle_maxwell_destroy(gpu);
        free(rt);
        free(data);
    }
#undef A10
#undef F11
    tmc_free(&vs);
    tmc_free(&fs);
    ts_gl_check(ctx);
}

/* ---- the upload ring (draw.c ring_range, backend/gl/stream_buffer.c) ---- */

#define RING_STRIDE 2048u      /* the widest stride GL guarantees (MAX_VERTEX_ATTRIB_STRIDE) */
#define RING_VERTS 720u
#define RING_POS 0x100000u     /* data offsets of the two streams and the indices */
#define RING_COL 0x280000u
#define RING_IDX 0x080000u
#define RING_DRAWS 64u

/* Rectangle j (0-63): its six vertices (two triangles) from vertex
 * 8 + 11 j, over pixels [8 cx + 1, 8 cx + 7) x [8 cy + 1, 8 cy + 7) of cell
 * (cx, cy) = (j % 8, j / 8), in colour j; every other vertex is zero. */
static uint32_t ring_rect_first(uint32_t j)
{
    return 8 + 11 * j;
}

static void ring_color(uint32_t j, uint8_t out[4])
{
    out[0] = (uint8_t)(j * 29 + 17), out[1] = (uint8_t)(j * 71 + 5), out[2] = (uint8_t)(j * 13 + 90), out[3] = 255;
}

/* Cell j's rectangle (6 vertices from ring_rect_first(j), in its colour)
 * into the two streams' data. */
static void ring_rect(uint8_t *data, uint32_t j)
{
    const float x0 = (float)(8 * (j % 8) + 1) / 32 - 1, x1 = x0 + 6.0f / 32;
    const float y0 = (float)(8 * (j / 8) + 1) / 32 - 1, y1 = y0 + 6.0f / 32;
    const float xy[6][2] = {{x0, y0}, {x1, y0}, {x0, y1}, {x1, y0}, {x1, y1}, {x0, y1}};
    uint8_t c[4];
    ring_color(j, c);
    for (uint32_t v = 0; v < 6; v++) {
        const float pos[4] = {xy[v][0], xy[v][1], 0, 1};
        const float col[4] = {c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, 1};
        memcpy(data + RING_POS + (size_t)(ring_rect_first(j) + v) * RING_STRIDE, pos, 16);
        memcpy(data + RING_COL + (size_t)(ring_rect_first(j) + v) * RING_STRIDE, col, 16);
    }
}

/* The model of cell j drawn: its 6x6 pixels of the W x H RGBA8 image in its colour. */
static void ring_cell_model(uint8_t *want, uint32_t j)
{
    uint8_t c[4];
    ring_color(j, c);
    for (uint32_t y = 8 * (j / 8) + 1; y < 8 * (j / 8) + 7; y++)
        for (uint32_t x = 8 * (j % 8) + 1; x < 8 * (j % 8) + 7; x++)
            memcpy(want + ((size_t)y * W + x) * 4, c, 4);
}

/* Attribute loc from stream loc: RGBA32F, stride RING_STRIDE, at VA_DATA + off. */
static void ring_stream(tm_pb *pb, uint32_t loc, uint32_t off)
{
    const uint64_t va = VA_DATA + off, last = va + (uint64_t)RING_VERTS * RING_STRIDE - 1;
    set(pb, 0x1160 + loc * 4, loc | 1u << 21 | 7u << 27);
    set(pb, 0x1c00 + loc * 16, RING_STRIDE | 1u << 12);
    set(pb, 0x1c04 + loc * 16, (uint32_t)(va >> 32));
    set(pb, 0x1c08 + loc * 16, (uint32_t)va);
    set(pb, 0x1f00 + loc * 8, (uint32_t)(last >> 32));
    set(pb, 0x1f04 + loc * 8, (uint32_t)last);
}

/* passthrough_vsh + color_fsh drawing into the W x H A8B8G8R8 target at
 * VA from the two ring streams. */
static glhle_maxwell *ring_open(glhle_context *ctx, tmc_shader *vs, tmc_shader *fs, uint8_t **rt, uint8_t **data,
                                tm_pb *pb)
{
    assert_true(tmc_load("passthrough_vsh", vs));
    assert_true(tmc_load("color_fsh", fs));
    glhle_maxwell *gpu = open_gpu(ctx, rt, data, pb);
    tmd_target(pb, VA, W, H, 0xD5);
    tmd_programs(pb, *data, VA_DATA, vs, fs);
    ring_stream(pb, 0, RING_POS);
    ring_stream(pb, 1, RING_COL);
    return gpu;
}

static void ring_close(glhle_context *ctx, glhle_maxwell *gpu, tmc_shader *vs, tmc_shader *fs, uint8_t *rt,
                       uint8_t *data, tm_pb *pb)
{
    tm_pb_free(pb);
    glhle_maxwell_destroy(gpu);
    free(rt);
    free(data);
    tmc_free(vs);
    tmc_free(fs);
    ts_gl_check(ctx);
}

/* 64 draws, one rectangle each (draw k: rectangle 63 - k, so the first
 * has the largest first vertex, 701, while the ring is empty: its binding
 * offset would be 701 x 2048 bytes before the bytes in the ring), whose
 * streams total several times the ring (16 MiB): three in four are
 * indexed over a range of some 500 vertices (degenerate triangles of the
 * range's ends around the rectangle's two, half of them through a base
 * vertex), one in four draws just the rectangle's six vertices from its
 * first. The picture must be the clear with each cell in its colour, as
 * computed here; the ring must have wrapped, waited for the GPU and taken
 * every range. Twice, the second frame after a context loss (a new
 * ring). */
static void upload_ring(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    tmc_shader vs, fs;
    uint8_t *rt, *data;
    tm_pb pb;
    glhle_maxwell *gpu = ring_open(ctx, &vs, &fs, &rt, &data, &pb);
    for (uint32_t j = 0; j < RING_DRAWS; j++)
        ring_rect(data, j);
    /* SET_INDEX_BUFFER_A/B, C/D (limit), E (16-bit) */
    const uint64_t iva = VA_DATA + RING_IDX;
    set(&pb, 0x17c8, (uint32_t)(iva >> 32));
    set(&pb, 0x17cc, (uint32_t)iva);
    set(&pb, 0x17d0, (uint32_t)((iva + 0xFFFF) >> 32));
    set(&pb, 0x17d4, (uint32_t)(iva + 0xFFFF));
    set(&pb, 0x17d8, 1);
    uint16_t *idx = (uint16_t *)(data + RING_IDX);
    tm_pb frame;
    tm_pb_init(&frame);
    for (uint32_t k = 0; k < RING_DRAWS; k++) {
        const uint32_t j = RING_DRAWS - 1 - k, rf = ring_rect_first(j);
        if (k % 4 == 0) {
            /* DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST: first rf, count 6, TRIANGLES */
            set(&frame, 0x1214, rf | 6u << 16 | 4u << 28);
            continue;
        }
        const uint32_t lo = rf > 300 - k * 37 % 100 ? rf - (300 - k * 37 % 100) : 0;
        const uint32_t hi = rf + 305 - k * 53 % 100 < RING_VERTS ? rf + 305 - k * 53 % 100 : RING_VERTS - 1;
        const uint32_t base = k % 4 == 1 ? lo : 0; /* SET_GLOBAL_BASE_VERTEX_INDEX */
        uint16_t *o = idx + 12 * k;
        for (uint32_t i = 0; i < 3; i++)
            o[i] = (uint16_t)(lo - base), o[9 + i] = (uint16_t)(hi - base);
        for (uint32_t v = 0; v < 6; v++)
            o[3 + v] = (uint16_t)(rf + v - base);
        set(&frame, 0x1434, base);
        /* DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_FIRST: first 12 k, count 12, TRIANGLES */
        set(&frame, 0x17e8, 12 * k | 12u << 16 | 4u << 28);
        set(&frame, 0x1434, 0);
    }
    /* the model: the clear (0, 0, 0, 0), each cell's rectangle in its colour */
    uint8_t *want = calloc(W * H, 4), *got = calloc(W * H, 4);
    for (uint32_t j = 0; j < RING_DRAWS; j++)
        ring_cell_model(want, j);
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    glhle_maxwell_render_stats st;
    for (int f = 0; f < 2; f++) {
        /* the second frame after a context loss: the ring made again */
        if (f == 1) {
            assert_int_equal(glhle_maxwell_context_lost(gpu), GLHLE_RESULT_OK);
            assert_int_equal(glhle_maxwell_context_restored(gpu), GLHLE_RESULT_OK);
        }
        tm_pb clear;
        tm_pb_init(&clear);
        const uint32_t cv[4] = {0, 0, 0, 0};
        tm_inc(&clear, TM_SUB_3D, M(0x0d80), 4, cv);
        set(&clear, 0x19d0, 0x3C);
        assert_int_equal(tm_submit(gpu, &clear, &res), GLHLE_RESULT_OK);
        tm_pb_free(&clear);
        assert_int_equal(tm_submit(gpu, &frame, &res), GLHLE_RESULT_OK);
        assert_int_equal(res.draws, RING_DRAWS);
        read_target(gpu, rt, 4, got);
        assert_int_equal(glhle_maxwell_get_render_stats(gpu, &st), GLHLE_RESULT_OK);
        print_message("  frame %d: %llu bytes through the ring, %llu wraps, %llu fences waited for (%llu "
                      "unsignalled), %llu ranges not in it\n", f, (unsigned long long)st.upload_bytes,
                      (unsigned long long)st.upload_wraps, (unsigned long long)st.upload_fences,
                      (unsigned long long)st.upload_waits, (unsigned long long)st.upload_own);
        assert_int_equal(rgba8_diff("upload ring", want, got, 0), 0);
    }
    /* several laps, every segment of every lap but a ring's first rewritten
     * only after its fence was waited for: no range is larger than 1.5 MiB,
     * less than a segment (a quarter of the ring), so each lap writes all 4
     * (llvmpipe reads vertices as a draw is issued, so a missing wait would
     * not show in the picture); two rings (one each frame); and nothing put
     * beside the ring */
    assert_true(st.upload_bytes > 6 * (16u << 20));
    assert_true(st.upload_wraps >= 6);
    assert_true(st.upload_fences >= 4 * (st.upload_wraps - 2));
    assert_int_equal(st.upload_own, 0);
    free(want);
    free(got);
    tm_pb_free(&frame);
    ring_close(ctx, gpu, &vs, &fs, rt, data, &pb);
}

/* The CPU's pattern for the target's memory in targets_reuse_sees_reloads. */
static void reload_texel(uint32_t x, uint32_t y, uint8_t out[4])
{
    out[0] = (uint8_t)(x * 3 + 1), out[1] = (uint8_t)(y * 5 + 2), out[2] = 77, out[3] = 200;
}

/* How targets_reuse_sees_writes rewrites the target's memory between the
 * draws: the CPU (glhle_maxwell_invalidate after it), a DMA copy (1D:
 * the bytes of a buffer in block-linear-kind memory, as the target's, so
 * not GOB-swizzled (engines/dma.c one_d_kinds), holding the target's
 * block-linear image) or a 2D point blit from a pitch surface in memory
 * (no source is resident, so the CPU engines run on memory and say so
 * through the front end's access hook, maxwell.c fe_access). */
enum { REWRITE_CPU, REWRITE_DMA, REWRITE_TWOD };
#define REWRITE_SRC 0x380000u /* offset of the DMA source in rt's memory, the 2D source in data's */

static void rewrite_target(glhle_maxwell *gpu, uint8_t *rt, uint8_t *data, int how)
{
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            uint8_t *at = how == REWRITE_CPU    ? rt + mwt_bl_offset(W * 4, H, 1, 0, x * 4, y, 0)
                          : how == REWRITE_DMA ? rt + REWRITE_SRC + mwt_bl_offset(W * 4, H, 1, 0, x * 4, y, 0)
                                               : data + REWRITE_SRC + ((size_t)y * W + x) * 4;
            reload_texel(x, y, at);
        }
    if (how == REWRITE_CPU) {
        assert_int_equal(glhle_maxwell_invalidate(gpu, VA, (size_t)W * H * 4), GLHLE_RESULT_OK);
        return;
    }
    tm_pb pb;
    tm_pb_init(&pb);
    const uint64_t src = (how == REWRITE_DMA ? VA : VA_DATA) + REWRITE_SRC;
    if (how == REWRITE_DMA) {
        /* clb0b5.h OFFSET_IN_UPPER/LOWER, OFFSET_OUT_UPPER/LOWER; LINE_LENGTH_IN, LINE_COUNT */
        const uint32_t off[4] = {(uint32_t)(src >> 32), (uint32_t)src, (uint32_t)(VA >> 32), (uint32_t)VA};
        tm_inc(&pb, TM_SUB_DMA, M(0x400), 4, off);
        tm_set1(&pb, TM_SUB_DMA, M(0x418), W * H * 4);
        tm_set1(&pb, TM_SUB_DMA, M(0x41C), 1);
        /* LAUNCH_DMA: NON_PIPELINED, no semaphore, SRC/DST_MEMORY_LAYOUT PITCH, MULTI_LINE_ENABLE clear */
        tm_set1(&pb, TM_SUB_DMA, M(0x300), 2u | 1u << 7 | 1u << 8);
    } else {
        /* cl902d.h SET_DST_* (0x200: FORMAT A8B8G8R8, BLOCKLINEAR, 2-GOB blocks, DEPTH, LAYER, PITCH, WIDTH,
         * HEIGHT, OFFSET) and SET_SRC_* (0x230: the same, PITCH layout) */
        const uint32_t d[10] = {0xD5, 0, 1u << 4, 1, 0, 0, W, H, (uint32_t)(VA >> 32), (uint32_t)VA};
        const uint32_t sr[10] = {0xD5, 1, 0, 1, 0, W * 4, W, H, (uint32_t)(src >> 32), (uint32_t)src};
        tm_inc(&pb, TM_SUB_2D, M(0x200), 10, d);
        tm_inc(&pb, TM_SUB_2D, M(0x230), 10, sr);
        tm_set1(&pb, TM_SUB_2D, M(0x290), 0); /* CLIP_ENABLE off */
        tm_set1(&pb, TM_SUB_2D, M(0x2AC), 3); /* SET_OPERATION SRCCOPY */
        tm_set1(&pb, TM_SUB_2D, M(0x88C), 0); /* SAMPLE_MODE POINT, CENTER */
        /* DST_X0, Y0, WIDTH, HEIGHT, DU_DX, DV_DY (1.0), SRC_X0, SRC_Y0 (0): writing SRC_Y0_INT starts it */
        const uint32_t p[12] = {0, 0, W, H, 0, 1, 0, 1, 0, 0, 0, 0};
        tm_inc(&pb, TM_SUB_2D, M(0x8B0), 12, p);
    }
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    tm_pb_free(&pb);
}

/* Two draws with the render-target registers unchanged between them (the
 * draw path reuses the first one's framebuffer, draw.c target_cache),
 * and between them the target written back and its memory rewritten
 * (rewrite_target: by the CPU, a DMA copy or a 2D blit): the second draw
 * must draw into the target loaded again, so memory ends as the
 * rewritten pattern (reload_texel) with the second draw's cell over it,
 * the first draw's cell gone. A reuse that missed the rewrite (the
 * render cache's generation not bumped on the path) draws into the old
 * image and its write-back puts the clear and the first cell back. */
static void targets_reuse_sees_writes(void **state, int how)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    tmc_shader vs, fs;
    uint8_t *rt, *data;
    tm_pb pb;
    glhle_maxwell *gpu = ring_open(ctx, &vs, &fs, &rt, &data, &pb);
    const uint32_t cells[2] = {0, 9};
    for (uint32_t k = 0; k < 2; k++)
        ring_rect(data, cells[k]);
    const uint32_t cv[4] = {0, 0, 0, 0};
    tm_inc(&pb, TM_SUB_3D, M(0x0d80), 4, cv);
    set(&pb, 0x19d0, 0x3C);
    /* DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST: the first cell's 6 vertices, TRIANGLES */
    set(&pb, 0x1214, ring_rect_first(cells[0]) | 6u << 16 | 4u << 28);
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.draws, 1);
    uint8_t *want = calloc(W * H, 4), *got = calloc(W * H, 4);
    read_target(gpu, rt, 4, got); /* written back: the clear and the first cell */
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++)
            reload_texel(x, y, want + ((size_t)y * W + x) * 4);
    rewrite_target(gpu, rt, data, how);
    /* the engines ran on memory, not between resident surfaces */
    assert_int_equal(gpu->render->stats.dma_gpu + gpu->render->stats.twod_gpu, 0);
    tm_pb second;
    tm_pb_init(&second);
    set(&second, 0x1214, ring_rect_first(cells[1]) | 6u << 16 | 4u << 28);
    assert_int_equal(tm_submit(gpu, &second, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.draws, 1);
    ring_cell_model(want, cells[1]);
    read_target(gpu, rt, 4, got);
    static const char *const what[] = {"second draw after a CPU rewrite", "second draw after a DMA copy",
                                       "second draw after a 2D blit"};
    assert_int_equal(rgba8_diff(what[how], want, got, 0), 0);
    free(want);
    free(got);
    tm_pb_free(&second);
    ring_close(ctx, gpu, &vs, &fs, rt, data, &pb);
}

static uint64_t draws_deferred(glhle_maxwell *gpu)
{
    glhle_shader_stats st;
    assert_int_equal(glhle_maxwell_get_shader_stats(gpu, &st), GLHLE_RESULT_OK);
    return st.draws_deferred;
}

/* Submits pb (one draw) until its draw is not deferred (shader_defer_draws
 * skips it while its program compiles); the deferrals it took. */
static uint32_t submit_until_drawn(glhle_maxwell *gpu, tm_pb *pb)
{
    glhle_maxwell_run_result res;
    for (uint32_t k = 0; k < 2000; k++) {
        const uint64_t before = draws_deferred(gpu);
        assert_int_equal(tm_submit(gpu, pb, &res), GLHLE_RESULT_OK);
        if (draws_deferred(gpu) == before)
            return k;
        nanosleep(&(struct timespec){0, 5000000}, NULL);
    }
    fail_msg("a deferred draw was never drawn");
    return 0;
}

/* The kept key's program taken without the service's probe while the
 * service's programs are unchanged (draw.c get_program, the program
 * cache's generation). shader_defer_draws and a budget of one program:
 * program A (color_fsh) drawn; then one submission draws with program B
 * (float_math_fsh: a miss, deferred, compiled on the worker) and with A
 * again (still resident: the key cache holds A's key and where A was
 * found). When the worker's B is adopted it evicts A, so a later draw of A
 * with no register changed (the kept key reused) must find A gone: deferred
 * while A compiles again, then drawn, the picture the clear with cell 0 in
 * its colour. A draw path that trusted where A was found would never defer
 * and draw with a deleted program (or B where B took A's slot). */
static void program_reuse_sees_evictions(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    tmc_shader vs, fs, other;
    assert_true(tmc_load("passthrough_vsh", &vs));
    assert_true(tmc_load("color_fsh", &fs));
    assert_true(tmc_load("float_math_fsh", &other));
    const glhle_maxwell_desc d = {.log = ts_log_fn, .log_level = GLHLE_LOG_INFO, .shader_defer_draws = true,
                                  .program_budget = 1};
    glhle_maxwell *gpu;
    assert_int_equal(glhle_maxwell_create(ctx, &d, &gpu), GLHLE_RESULT_OK);
    uint8_t *rt = calloc(1, MEM), *data = calloc(1, MEM);
    assert_int_equal(glhle_maxwell_map(gpu, VA, rt, MEM, GLHLE_MAXWELL_KIND_GENERIC_16BX2), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, VA_DATA, data, MEM, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    tm_pb pb;
    tm_pb_init(&pb);
    tm_bind_all(&pb);
    tmd_target(&pb, VA, W, H, 0xD5);
    tmd_programs(&pb, data, VA_DATA, &vs, &fs);
    ring_stream(&pb, 0, RING_POS);
    ring_stream(&pb, 1, RING_COL);
    ring_rect(data, 0);
    ring_rect(data, 1);
    /* program B where no other program of this draw is */
    assert_true(0x50 + (size_t)other.words * 8 <= TMD_PROGRAM_MAX);
    memcpy(data + TMD_TCS_OFF, other.sph, 0x50);
    memcpy(data + TMD_TCS_OFF + 0x50, other.code, (size_t)other.words * 8);
    const uint32_t cv[4] = {0, 0, 0, 0};
    tm_inc(&pb, TM_SUB_3D, M(0x0d80), 4, cv);
    set(&pb, 0x19d0, 0x3C);
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK); /* the state, the clear and no draw */
    tm_pb draw_a, b_then_a;
    tm_pb_init(&draw_a);
    tm_pb_init(&b_then_a);
    set(&draw_a, 0x1214, ring_rect_first(0) | 6u << 16 | 4u << 28);
    submit_until_drawn(gpu, &draw_a);
    set(&b_then_a, 0x2004 + 5 * 64, TMD_TCS_OFF); /* SET_PIPELINE_PROGRAM(5) */
    set(&b_then_a, 0x1214, ring_rect_first(1) | 6u << 16 | 4u << 28);
    set(&b_then_a, 0x2004 + 5 * 64, TMD_FS_OFF);
    set(&b_then_a, 0x1214, ring_rect_first(0) | 6u << 16 | 4u << 28);
    /* B's draw deferred, A's drawn; where B's compile was adopted before
     * A's lookup (a race this test cannot stop), A was deferred too: A
     * made again (evicting B), and once more */
    uint32_t tries = 0;
    for (uint64_t before = ~0ull; tries < 50 && draws_deferred(gpu) != before + 1; tries++) {
        if (tries)
            submit_until_drawn(gpu, &draw_a);
        before = draws_deferred(gpu);
        assert_int_equal(tm_submit(gpu, &b_then_a, &res), GLHLE_RESULT_OK);
    }
    print_message("  B deferred and A drawn on try %u\n", tries);
    assert_true(tries < 50);
    /* A again until B's arrival evicted it and it was made again */
    uint32_t deferred = 0;
    for (uint32_t k = 0; k < 1000 && !deferred; k++) {
        nanosleep(&(struct timespec){0, 5000000}, NULL);
        deferred = submit_until_drawn(gpu, &draw_a);
    }
    print_message("  draw A deferred %u times after B's program arrived\n", deferred);
    assert_true(deferred > 0);
    uint8_t *want = calloc(W * H, 4), *got = calloc(W * H, 4);
    ring_cell_model(want, 0);
    read_target(gpu, rt, 4, got);
    assert_int_equal(rgba8_diff("A after B's program evicted it", want, got, 0), 0);
    free(want);
    free(got);
    tm_pb_free(&draw_a);
    tm_pb_free(&b_then_a);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
    free(rt);
    free(data);
    tmc_free(&vs);
    tmc_free(&fs);
    tmc_free(&other);
    ts_gl_check(ctx);
}

static void targets_reuse_sees_reloads(void **state)
{
    targets_reuse_sees_writes(state, REWRITE_CPU);
}

static void targets_reuse_sees_dma(void **state)
{
    targets_reuse_sees_writes(state, REWRITE_DMA);
}

static void targets_reuse_sees_twod(void **state)
{
    targets_reuse_sees_writes(state, REWRITE_TWOD);
}

/* ---- a vertex-stage texture and the state tracker's texture units ---- */

/* TLD.LL 2D (envydis gm107.c / yuzu texture_load.cpp field positions, as
 * test_maxwell_textures.c's t1_tld_ll: Rd 0, Ra 8 (x, then y in Ra + 1),
 * Rb 20 (the LOD), type 28-30 (2: 2D), mask 31-34, handle word 36-48 (slot
 * 0 of the vertex stage's table at c0[0x10]: word 4, draw.c handle_base),
 * LL 55) and MOV32I, guard PT */
static uint64_t vt_tld_2d(uint32_t ra, uint32_t rb)
{
    return 0xdc38000000000000ull | 1ull << 55 | (uint64_t)0x4 << 36 | 0xfull << 31 | 2ull << 28 |
           (uint64_t)rb << 20 | 7ull << 16 | ra << 8;
}
static uint64_t vt_mov32i(uint32_t rd, uint32_t imm)
{
    return 0x0100000000000000ull | 0xfull << 12 | 7ull << 16 | (uint64_t)imm << 20 | rd;
}

/* fullscreen_vsh with its UV output (a[0x80], two components) replaced by
 * the R and G of texel (0, 0) of texture slot 0 fetched in the vertex
 * stage, drawn with color_fsh: every pixel's R and G are the texel's
 * (the UV would vary across the target), so the vertex
 * stage's texture reached its unit (the vertex stage's units are 0-15,
 * which the GL state tracker shares with the 2D, MSAA and compute passes).
 * Before the draw the tracker binds a texture and sampler of this test's
 * on unit 0; after it, binding the same pair again through the tracker
 * must reach the GL (the draw bound its own pair there with direct GL
 * calls: a tracker that still believed its pair was bound skipped the
 * calls and left the draw's texture and sampler on the unit). */
static void vertex_texture_and_tracked_units(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    tmc_shader vs, fs;
    assert_true(tmc_load("fullscreen_vsh", &vs));
    assert_true(tmc_load("color_fsh", &fs));
    /* fullscreen_vsh.envydis.txt: 24 slots; 12 and 13 move the UV into R0
     * and R1, 14 stores them (st b64 a[0x80], the output color_fsh reads
     * as its colour's R and G), 22 is the exit */
    assert_true(vs.words >= 32);
    uint64_t slot[32];
    uint32_t n = 0;
    for (uint32_t i = 0; i < 12; i++)
        slot[n++] = vs.code[tmr_word_of_slot(i)];
    slot[n++] = vt_mov32i(9, 0);  /* x */
    slot[n++] = vt_mov32i(10, 0); /* y */
    slot[n++] = vt_mov32i(11, 0); /* LOD */
    slot[n++] = vt_tld_2d(9, 11); /* R0-R3 = texel (0, 0) of level 0 */
    for (uint32_t i = 14; i < 23; i++)
        slot[n++] = vs.code[tmr_word_of_slot(i)];
    while (n % 3)
        slot[n++] = 0x50b0000000070f00ull; /* NOP */
    const size_t words = (size_t)n / 3 * 4;
    uint64_t *code = calloc(words, 8); /* scheduling words zero */
    for (uint32_t i = 0; i < n; i++)
        code[tmr_word_of_slot(i)] = slot[i];
    free(vs.code);
    vs.code = code;
    vs.words = words;

    uint8_t *rt, *data;
    tm_pb pb;
    glhle_maxwell *gpu = open_gpu(ctx, &rt, &data, &pb);
    tmd_target(&pb, VA, W, H, 0xD5);
    tmd_programs(&pb, data, VA_DATA, &vs, &fs);
    texture_0(&pb, rt, data, 4, distinct_texel); /* every texel different */
    const uint32_t cv[4] = {0, 0, 0, 0};
    tm_inc(&pb, TM_SUB_3D, M(0x0d80), 4, cv);
    set(&pb, 0x19d0, 0x3C);
    set(&pb, 0x1214, 0u | 3u << 16 | 4u << 28);

    /* this test's pair on unit 0, through the instance's tracker */
    const GladGLContext *gl = &ctx->gl;
    GLuint mine, my_sampler;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &mine);
    gl->TextureStorage2D(mine, 1, GL_RGBA8, 1, 1);
    gl->CreateSamplers(1, &my_sampler);
    gl_state *st = &gpu->render->st;
    gl_state_texture(st, 0, GL_TEXTURE_2D, mine);
    gl_state_sampler(st, 0, my_sampler);

    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    tm_pb_free(&pb);
    assert_int_equal(res.draws, 1);
    uint8_t *out = malloc((size_t)W * H * 4);
    read_target(gpu, rt, 4, out);
    const uint8_t want[2] = {10, 20};
    uint32_t bad = 0;
    for (uint32_t i = 0; i < W * H; i++)
        if (memcmp(out + 4 * i, want, 2) && bad++ < 4)
            print_message("  pixel (%u, %u) is %u %u %u %u, texel (0, 0)'s R and G are 10 20\n", i % W, i / W,
                          out[4 * i], out[4 * i + 1], out[4 * i + 2], out[4 * i + 3]);
    if (bad)
        fail_msg("%u pixels differ from the vertex stage's texel", bad);

    /* the draw's own pair is on unit 0 now; the tracker binds this test's again */
    GLint tex = 0, smp = 0;
    gl->ActiveTexture(GL_TEXTURE0);
    gl->GetIntegerv(GL_TEXTURE_BINDING_2D, &tex);
    gl->GetIntegerv(GL_SAMPLER_BINDING, &smp);
    print_message("  unit 0 after the draw: texture %d, sampler %d (this test's: %u, %u)\n", tex, smp, mine,
                  my_sampler);
    assert_true((GLuint)tex != mine && (GLuint)smp != my_sampler); /* the draw did bind its own */
    gl_state_texture(st, 0, GL_TEXTURE_2D, mine);
    gl_state_sampler(st, 0, my_sampler);
    gl->ActiveTexture(GL_TEXTURE0);
    gl->GetIntegerv(GL_TEXTURE_BINDING_2D, &tex);
    gl->GetIntegerv(GL_SAMPLER_BINDING, &smp);
    print_message("  unit 0 after the tracker's binds: texture %d, sampler %d\n", tex, smp);
    assert_int_equal(tex, mine);
    assert_int_equal(smp, my_sampler);
    gl_state_texture(st, 0, GL_TEXTURE_2D, 0);
    gl_state_sampler(st, 0, 0);
    glhle_maxwell_destroy(gpu);
    gl->DeleteTextures(1, &mine);
    gl->DeleteSamplers(1, &my_sampler);
    free(out);
    free(rt);
    free(data);
    tmc_free(&vs);
    tmc_free(&fs);
    ts_gl_check(ctx);
}


/* ---- storage images in draws (draw.c, images.c) ----
 * Pixel programs assembled here (envydis gm107.c field positions, the
 * encodings of image_csh's and image_atomic_csh's listings with the handle
 * word moved to the pixel stage's image table: c0[0x690 + 0x80] is word
 * 0x1c4, slot 0), behind frag_coord_fsh's header. */
#define IMG_PITCH_VA (VA_DATA + 0x300000) /* pitch-kind memory */
#define IMG_BL_VA (VA + 0x300000)         /* block-linear-kind memory */
#define IMG_HANDLE (TMD_CBUF0 + 0x710u)   /* the pixel stage's image handle 0 in c0 */
#define SU_SLOT0(w) (((w) & ~(0x1fffull << 36)) | 0x1c4ull << 36)

static const uint64_t fs_ipa_x = 0xe003ff870ff7ff00ull;  /* ipa pass r0 a[0x70] (gl_FragCoord.x) */
static const uint64_t fs_f2i_x = 0x5cb0118000071a00ull;  /* f2i ftz s32 f32 trunc r0 r0 */
static const uint64_t fs_ipa_y = 0xe003ff874ff7ff01ull;  /* ipa pass r1 a[0x74] */
static const uint64_t fs_f2i_y = 0x5cb0118000171a01ull;  /* f2i r1 r1 */
static const uint64_t fs_exit = 0xe30000000007000full;

/* frag_coord_fsh's header with `n` instruction slots of code (scheduling words zero) */
static void image_fs(tmc_shader *fs, const uint64_t *slot, uint32_t n)
{
    assert_true(tmc_load("frag_coord_fsh", fs));
    const size_t words = (size_t)(n + 2) / 3 * 4;
    uint64_t *code = calloc(words, 8);
    for (uint32_t i = 0; i < (n + 2) / 3 * 3; i++)
        code[tmr_word_of_slot(i)] = i < n ? slot[i] : 0x50b0000000070f00ull; /* NOP */
    free(fs->code);
    fs->code = code;
    fs->words = words;
}

/* Stores (y << 16 | x) at texel (x, y) of image slot 0 from each fragment
 * (SUST.P 2D, the R32 image taking R). */
static void store_fs(tmc_shader *fs)
{
    const uint64_t slot[] = {
        fs_ipa_x, fs_f2i_x, fs_ipa_y, fs_f2i_y,
        0x3848000001070102ull,                /* shl r2 r1 0x10 */
        0x5c10000000070204ull,                /* iadd r4 r2 r0 */
        SU_SLOT0(0xeb28049600f70004ull),      /* sust p t2d rgba ign g[r0] r4 */
        fs_exit,
    };
    image_fs(fs, slot, sizeof slot / sizeof slot[0]);
}

/* SUATOM.ADD 1 at texel (x & 7, 0) of image slot 0 from each fragment */
static void count_fs(tmc_shader *fs)
{
    const uint64_t slot[] = {
        fs_ipa_x, fs_f2i_x,
        0x3847000000770000ull,                /* lop and r0 r0 0x7 */
        vt_mov32i(1, 0), vt_mov32i(4, 1),
        SU_SLOT0(0xea780486004700ffull),      /* suatom d u32 t2d add ign 0x0 g[r0] r4 */
        fs_exit,
    };
    image_fs(fs, slot, sizeof slot / sizeof slot[0]);
}

/* Header `index` in the pool: a W x H R32 uint 2D image at va. */
static void r32_image(uint8_t *data, uint32_t index, uint64_t va, uint32_t w, uint32_t h, uint32_t pitch_bytes)
{
    const tmt_tic_desc d = {.components = 0x0f, .type = 4, .texture_type = 1, .width = w, .height = h, .levels = 1,
                            .bh = 1, .pitch = pitch_bytes != 0, .pitch_bytes = pitch_bytes};
    uint32_t tic[8];
    tmt_make_tic(&d, va, tic);
    memcpy(data + TMD_TIC + 32 * index, tic, 32);
}

static void image_pools(tm_pb *pb)
{
    set(pb, 0x1574, (uint32_t)(TIC_POOL >> 32));
    set(pb, 0x1578, (uint32_t)TIC_POOL);
    set(pb, 0x157c, 15);
    set(pb, 0x155c, (uint32_t)(TSC_POOL >> 32));
    set(pb, 0x1560, (uint32_t)TSC_POOL);
    set(pb, 0x1564, 15);
}

/* A clear and one full-viewport triangle of fullscreen_vsh */
static void clear_and_draw(tm_pb *pb)
{
    const uint32_t cv[4] = {0, 0, 0, 0};
    tm_inc(pb, TM_SUB_3D, M(0x0d80), 4, cv);
    set(pb, 0x19d0, 0x3C);
    set(pb, 0x1214, 0u | 3u << 16 | 4u << 28);
}

/* Image handle 0 of the pixel stage names header `index`; the pushbuffer
 * so far, a clear and the draw submitted, and memory flushed. */
static void handle_and_draw(glhle_maxwell *gpu, tm_pb *pb, uint8_t *data, uint32_t index)
{
    memcpy(data + IMG_HANDLE, &index, 4);
    clear_and_draw(pb);
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, pb, &res), GLHLE_RESULT_OK);
    tm_pb_free(pb);
    assert_int_equal(res.draws, 1);
    assert_int_equal(glhle_maxwell_flush(gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
}

/* The instance and its memory, and the shaders, gone. */
static void image_close(glhle_context *ctx, glhle_maxwell *gpu, uint8_t *rt, uint8_t *data, tmc_shader *a,
                        tmc_shader *b, tmc_shader *c)
{
    glhle_maxwell_destroy(gpu);
    free(rt);
    free(data);
    tmc_free(a);
    tmc_free(b);
    if (c)
        tmc_free(c);
    ts_gl_check(ctx);
}

#define IW 48u /* the image: wider and taller than the 40 x 24 target */
#define IH 32u
#define TW 40u
#define TH 24u

/* store_fs into a 48 x 32 R32 uint image, pitch (256-byte rows: 64
 * padding bytes each) or block-linear (2 GOBs a block), drawn over a
 * 40 x 24 target: texel (x, y) of the covered pixels holds y << 16 | x,
 * every other byte of the image's span keeps its 0xa5, by the test's own
 * layout (the pitch formula; tmt_model's GOB model). */
static void image_store_case(glhle_context *ctx, bool block_linear)
{
    tmc_shader vs, fs;
    assert_true(tmc_load("fullscreen_vsh", &vs));
    store_fs(&fs);
    uint8_t *rt, *data;
    tm_pb pb;
    glhle_maxwell *gpu = open_gpu(ctx, &rt, &data, &pb);
    tmd_target(&pb, VA, TW, TH, 0xD5);
    tmd_programs(&pb, data, VA_DATA, &vs, &fs);
    image_pools(&pb);
    const uint32_t pitch = 256;
    tmt_model m;
    tmt_model_init(&m, IW, IH, 1, 4, 1, 1);
    uint8_t *mem = block_linear ? rt + (IMG_BL_VA - VA) : data + (IMG_PITCH_VA - VA_DATA);
    const size_t span = block_linear ? (size_t)tmt_model_at(&m, 0, 0, 4 * IW - 1, IH - 1) + 1 : (size_t)pitch * IH;
    memset(mem, 0xa5, span + 64);
    r32_image(data, 1, block_linear ? IMG_BL_VA : IMG_PITCH_VA, IW, IH, block_linear ? 0 : pitch);
    handle_and_draw(gpu, &pb, data, 1);
    uint8_t *want = malloc(span + 64);
    memset(want, 0xa5, span + 64);
    for (uint32_t y = 0; y < TH; y++)
        for (uint32_t x = 0; x < TW; x++) {
            const uint32_t v = y << 16 | x;
            memcpy(want + (block_linear ? tmt_model_at(&m, 0, 0, 4 * x, y) : (uint64_t)y * pitch + 4 * x), &v, 4);
        }
    uint32_t bad = 0;
    for (size_t b = 0; b < span + 64; b++)
        if (mem[b] != want[b] && bad++ < 6)
            print_message("  %s image byte 0x%zx is 0x%02x, want 0x%02x\n", block_linear ? "block-linear" : "pitch",
                          b, mem[b], want[b]);
    if (bad)
        fail_msg("%u bytes of the %s image differ from the stores' model", bad,
                 block_linear ? "block-linear" : "pitch");
    free(want);
    image_close(ctx, gpu, rt, data, &vs, &fs, NULL);
}

static void draw_image_store(void **state)
{
    if (!tmc_require())
        skip();
    image_store_case(*state, false);
    image_store_case(*state, true);
}

/* count_fs over a 37 x 23 target into an 8 x 1 R32 uint pitch image that
 * holds 1000 + i: texel i gains the covered pixels whose x & 7 is i, 23
 * rows of 5 (i < 5: x = i + 8k, k = 0..4, below 37) or 4 columns. */
static void draw_image_atomic(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    tmc_shader vs, fs;
    assert_true(tmc_load("fullscreen_vsh", &vs));
    count_fs(&fs);
    uint8_t *rt, *data;
    tm_pb pb;
    glhle_maxwell *gpu = open_gpu(ctx, &rt, &data, &pb);
    tmd_target(&pb, VA, 37, 23, 0xD5);
    tmd_programs(&pb, data, VA_DATA, &vs, &fs);
    image_pools(&pb);
    uint8_t *mem = data + (IMG_PITCH_VA - VA_DATA);
    for (uint32_t i = 0; i < 8; i++) {
        const uint32_t v = 1000 + i;
        memcpy(mem + 4 * i, &v, 4);
    }
    r32_image(data, 2, IMG_PITCH_VA, 8, 1, 32);
    handle_and_draw(gpu, &pb, data, 2);
    uint32_t total = 0;
    for (uint32_t i = 0; i < 8; i++) {
        uint32_t got;
        memcpy(&got, mem + 4 * i, 4);
        const uint32_t want = 1000 + i + 23 * (i < 37 % 8 ? 37 / 8 + 1 : 37 / 8);
        print_message("  texel %u: %u (want %u)\n", i, got, want);
        assert_int_equal(got, want);
        total += got - 1000 - i;
    }
    assert_int_equal(total, 37 * 23);
    image_close(ctx, gpu, rt, data, &vs, &fs, NULL);
}

/* Target 0 (64 x 64 RGBA8) against texel(px / 4, py / 4) of a 16 x 16
 * texture, as fullscreen_vsh's UV samples it */
static void check_sampled(glhle_maxwell *gpu, const uint8_t *rt, const char *what,
                          void (*texel)(uint32_t x, uint32_t y, uint8_t out[4]))
{
    uint8_t *out = malloc((size_t)W * H * 4);
    read_target(gpu, rt, 4, out);
    uint32_t bad = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            uint8_t want[4];
            texel(x / 4, y / 4, want);
            if (memcmp(out + 4 * (y * W + x), want, 4) && bad++ < 4)
                print_message("  %s: pixel (%u, %u) is %u %u %u %u, want %u %u %u %u\n", what, x, y,
                              out[4 * (y * W + x)], out[4 * (y * W + x) + 1], out[4 * (y * W + x) + 2],
                              out[4 * (y * W + x) + 3], want[0], want[1], want[2], want[3]);
        }
    free(out);
    if (bad)
        fail_msg("%s: %u pixels differ", what, bad);
}

/* the bytes store_fs leaves at texel (x, y): y << 16 | x, little-endian */
static void stored_texel(uint32_t x, uint32_t y, uint8_t out[4])
{
    const uint8_t t[4] = {(uint8_t)x, 0, (uint8_t)y, 0};
    memcpy(out, t, 4);
}

/* A texture over an image a draw stores to: texture_fsh samples the 16 x 16
 * A8B8G8R8 texture (header 0), which the texture cache then holds; a
 * draw of store_fs stores through header 1, an R32 uint image over the
 * same block-linear bytes; texture_fsh again must see the stores (the
 * write-back marked the cached texture stale). Then an image over the
 * draw's render target: refused (UNSUPPORTED) with the reason. */
static void draw_image_coherence(void **state)
{
    glhle_context *ctx = *state;
    if (!tmc_require())
        skip();
    tmc_shader vs, tex_fs, fs;
    assert_true(tmc_load("fullscreen_vsh", &vs));
    assert_true(tmc_load("texture_fsh", &tex_fs));
    store_fs(&fs);
    uint8_t *rt, *data;
    tm_pb pb;
    glhle_maxwell *gpu = open_gpu(ctx, &rt, &data, &pb);
    tmd_target(&pb, VA, W, H, 0xD5);
    tmd_programs(&pb, data, VA_DATA, &vs, &tex_fs);
    texture_0(&pb, rt, data, 16, distinct_texel);
    /* store_fs at the geometry program's place, its own address */
    memcpy(data + TMD_GS_OFF, fs.sph, 0x50);
    memcpy(data + TMD_GS_OFF + 0x50, fs.code, fs.words * 8);
    r32_image(data, 1, TEX_VA, 16, 16, 0);
    handle_and_draw(gpu, &pb, data, 1);
    glhle_maxwell_run_result res;
    check_sampled(gpu, rt, "before the stores", distinct_texel);

    tm_pb_init(&pb);
    set(&pb, 0x2004 + 5 * 64, TMD_GS_OFF); /* SET_PIPELINE_PROGRAM(5): store_fs */
    clear_and_draw(&pb);
    set(&pb, 0x2004 + 5 * 64, TMD_FS_OFF); /* texture_fsh again */
    clear_and_draw(&pb);
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    tm_pb_free(&pb);
    assert_int_equal(res.draws, 2);
    check_sampled(gpu, rt, "after the stores", stored_texel);

    /* the image over the render target's memory */
    r32_image(data, 1, VA, W, H, 0);
    tm_pb_init(&pb);
    set(&pb, 0x2004 + 5 * 64, TMD_GS_OFF);
    clear_and_draw(&pb);
    ts_log_clear();
    const glhle_result got = tm_submit(gpu, &pb, &res);
    tm_pb_free(&pb);
    print_message("  image over the target: %s, %u draws\n", glhle_result_string(got), res.draws);
    assert_true(ts_log_contains("maxwell: draw: image 0 and colour target 0 overlap: not supported"));
    image_close(ctx, gpu, rt, data, &vs, &tex_fs, &fs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_pipelines),
        cmocka_unit_test(spirv_path),
        cmocka_unit_test(geometry_stage),
        cmocka_unit_test(tessellation_stages),
        cmocka_unit_test_teardown(vtg_disk_cache, cache_run_off),
        cmocka_unit_test(stage_refusals),
        cmocka_unit_test(upload_ring),
        cmocka_unit_test(targets_reuse_sees_reloads),
        cmocka_unit_test(program_reuse_sees_evictions),
        cmocka_unit_test(targets_reuse_sees_dma),
        cmocka_unit_test(targets_reuse_sees_twod),
        cmocka_unit_test(vertex_formats),
        cmocka_unit_test(vertex_texture_and_tracked_units),
        cmocka_unit_test(draw_image_store),
        cmocka_unit_test(draw_image_atomic),
        cmocka_unit_test(draw_image_coherence),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
