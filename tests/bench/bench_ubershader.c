/* The PICA fragment ubershader (shadergen/pica_fs_uber.c) against the
 * specialised programs, on the GL context it runs on (llvmpipe in CI):
 *  - frame time: a 400 x 240 target (one top screen) covered by a grid of
 *    quads with varying inputs, drawn with the specialised program of a
 *    random key and with the ubershader configured for the same key, in
 *    alternation, best of several frames each; per feature class, the
 *    ratio ubershader / specialised;
 *  - compile time: the ubershader once against the mean of the specialised
 *    programs (Mesa's shader cache off).
 * Both draws read the same textures, LUTs and uniforms, so the ratio is the
 * shader's cost alone. --quick: 2 keys per class, 2 frames. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/gl/gl_util.h"
#include "backend/pica/fragment/fs_buffers.h"
#include "shadergen/pica_fs.h"
#include "shadergen/pica_fs_uber.h"
#include "support/bench_support.h"
#include "support/pica_fs_random.h"
#include "support/pica_fs_vertex.h"
#include "support/test_support.h"

#define W 400
#define H 240
#define CELL 20
#define TEX 64

typedef pica_fs_vertex vtx;

typedef struct bench {
    glhle_context *ctx;
    GladGLContext *gl;
    gl_target target;
    GLuint vao, vbo, tex[3], cube, uber, uber_ubo;
    GLsizei vertices;
    pica_fs_buffers buffers;
    char *vs;
    double compile_ns;
    unsigned compiles;
} bench;

static void quiet(void *user, const glhle_log_record *r)
{
    (void)user;
    (void)r;
}

static float frand(ts_rng *r, float lo, float hi)
{
    return lo + (hi - lo) * (float)(ts_rng_u32(r) >> 8) / 16777216.0f;
}

static GLuint random_texture(bench *b, ts_rng *r, GLenum target)
{
    GladGLContext *gl = b->gl;
    static uint8_t texels[TEX * TEX * 4];
    GLuint t = pica_fs_test_texture(gl, target, GL_RGBA8, TEX, 0, GL_LINEAR);
    for (int face = 0; face < (target == GL_TEXTURE_CUBE_MAP ? 6 : 1); face++) {
        for (size_t i = 0; i < sizeof texels; i++)
            texels[i] = (uint8_t)ts_rng_u32(r);
        gl->TexSubImage2D(target == GL_TEXTURE_CUBE_MAP ? GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)face : target, 0, 0,
                          0, TEX, TEX, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    }
    return t;
}

/* A grid of CELL x CELL quads, each with its own colour, quaternion, view
 * vector and depth; texture coordinates run across the whole target. */
static void make_geometry(bench *b, ts_rng *r)
{
    GladGLContext *gl = b->gl;
    const int cx = W / CELL, cy = H / CELL;
    vtx *v = calloc((size_t)cx * cy * 6, sizeof *v);
    static const int corner[6][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}};
    int n = 0;
    for (int y = 0; y < cy; y++)
        for (int x = 0; x < cx; x++) {
            vtx c;
            memset(&c, 0, sizeof c);
            for (int i = 0; i < 4; i++) {
                c.color[i] = frand(r, 0, 1);
                c.quat[i] = frand(r, -1, 1);
            }
            for (int i = 0; i < 3; i++)
                c.view[i] = frand(r, -2, 2);
            c.tc0w = frand(r, 0.5f, 1.5f);
            const float w = frand(r, 0.5f, 2.0f), zw = frand(r, -0.95f, -0.05f);
            for (int j = 0; j < 6; j++) {
                vtx *p = &v[n++];
                *p = c;
                const float px = (float)((x + corner[j][0]) * CELL), py = (float)((y + corner[j][1]) * CELL);
                p->pos[0] = (px / (W / 2) - 1.0f) * w;
                p->pos[1] = (py / (H / 2) - 1.0f) * w;
                p->pos[2] = zw * w;
                p->pos[3] = w;
                p->tc0[0] = p->tc1[0] = p->tc2[0] = px / 128.0f;
                p->tc0[1] = p->tc1[1] = p->tc2[1] = py / 128.0f;
            }
        }
    gl->GenVertexArrays(1, &b->vao);
    gl->GenBuffers(1, &b->vbo);
    gl->BindVertexArray(b->vao);
    gl->BindBuffer(GL_ARRAY_BUFFER, b->vbo);
    gl->BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof *v * (size_t)n), v, GL_STATIC_DRAW);
    pica_fs_vertex_attribs(gl);
    b->vertices = n;
    free(v);
}

/* One frame with `program`, finished: ns. */
static uint64_t frame(bench *b, GLuint program)
{
    GladGLContext *gl = b->gl;
    gl->BindFramebuffer(GL_FRAMEBUFFER, b->target.fbo);
    gl->Viewport(0, 0, W, H);
    gl->Enable(GL_DEPTH_TEST);
    gl->DepthFunc(GL_ALWAYS);
    gl->Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    gl->UseProgram(program);
    gl->BindVertexArray(b->vao);
    gl->Finish();
    const uint64_t t0 = bench_now_ns();
    gl->DrawArrays(GL_TRIANGLES, 0, b->vertices);
    gl->Finish();
    return bench_now_ns() - t0;
}

static bool setup(bench *b)
{
    glhle_context_desc cd = {.mode = GLHLE_CONTEXT_OFFSCREEN, .log = quiet};
    if (glhle_context_create(&cd, &b->ctx) != GLHLE_RESULT_OK)
        return false;
    b->gl = &b->ctx->gl;
    GladGLContext *gl = b->gl;
    if (gl_target_create(b->ctx, W, H, true, &b->target) != GLHLE_RESULT_OK ||
        pica_fs_buffers_create(b->ctx, &b->buffers) != GLHLE_RESULT_OK)
        return false;
    ts_rng r;
    ts_rng_init(&r, 7);
    make_geometry(b, &r);
    for (int i = 0; i < 3; i++)
        b->tex[i] = random_texture(b, &r, GL_TEXTURE_2D);
    b->cube = random_texture(b, &r, GL_TEXTURE_CUBE_MAP);
    const pica_fs_host host = {0};
    glhle_bytebuf vs, fs;
    glhle_bytebuf_init(&vs, 0);
    glhle_bytebuf_init(&fs, 0);
    pica_fs_generate_passthrough_vs(&host, &vs);
    pica_fs_uber_generate(&host, &fs);
    b->vs = (char *)glhle_bytebuf_detach(&vs, NULL);
    const uint64_t t0 = bench_now_ns();
    glhle_result res = gl_link_program(b->ctx, b->vs, glhle_bytebuf_cstr(&fs), &b->uber);
    if (res == GLHLE_RESULT_OK)
        frame(b, b->uber); /* llvmpipe finishes compiling at the first draw */
    printf("ubershader: %zu bytes of GLSL, compiled, linked and first drawn in %.1f ms\n", fs.size,
           (double)(bench_now_ns() - t0) / 1e6);
    glhle_bytebuf_free(&fs);
    gl->CreateBuffers(1, &b->uber_ubo);
    gl->NamedBufferData(b->uber_ubo, sizeof(pica_fs_uber_config), NULL, GL_DYNAMIC_DRAW);
    return res == GLHLE_RESULT_OK;
}

static void teardown(bench *b)
{
    GladGLContext *gl = b->gl;
    gl->DeleteProgram(b->uber);
    gl->DeleteBuffers(1, &b->uber_ubo);
    gl->DeleteTextures(3, b->tex);
    gl->DeleteTextures(1, &b->cube);
    gl->DeleteBuffers(1, &b->vbo);
    gl->DeleteVertexArrays(1, &b->vao);
    pica_fs_buffers_destroy(b->ctx, &b->buffers);
    gl_target_destroy(b->ctx, &b->target);
    free(b->vs);
    glhle_context_destroy(b->ctx);
}

static const struct {
    const char *name;
    unsigned features;
} classes[] = {
    {"tev", PFR_TEXTURES | PFR_ALPHA_TEST},
    {"lighting", PFR_TEXTURES | PFR_LIGHTING},
    {"fog", PFR_TEXTURES | PFR_FOG | PFR_ALPHA_TEST},
    {"proctex", PFR_PROCTEX},
    {"all", PFR_ALL & ~(PFR_RAW | PFR_TEX0_TYPES)},
};

int main(int argc, char **argv)
{
    const bool quick = bench_quick(argc, argv);
    setenv("MESA_SHADER_CACHE_DISABLE", "true", 1);
    bench b;
    memset(&b, 0, sizeof b);
    if (!setup(&b)) {
        printf("bench_ubershader: no offscreen GL context or the ubershader did not link; skipped\n");
        return 77;
    }
    const glhle_context_info *in = glhle_context_get_info(b.ctx);
    printf("GL: %s; %dx%d target, %d triangles a frame\n", in->renderer ? in->renderer : "?", W, H, b.vertices / 3);
    const int keys = quick ? 2 : 8, frames = quick ? 2 : 5;
    GladGLContext *gl = b.gl;
    for (int i = 0; i < 3; i++) {
        gl->ActiveTexture(GL_TEXTURE0 + (GLenum)i);
        gl->BindTexture(GL_TEXTURE_2D, b.tex[i]);
    }
    gl->ActiveTexture(GL_TEXTURE0 + PICA_FS_UBER_CUBE_UNIT);
    gl->BindTexture(GL_TEXTURE_CUBE_MAP, b.cube);
    gl->ActiveTexture(GL_TEXTURE0);
    printf("%-9s %5s %14s %14s %7s %14s\n", "class", "keys", "specialised", "ubershader", "ratio", "compile (spec)");
    double all_spec = 0, all_uber = 0;
    for (size_t c = 0; c < sizeof classes / sizeof classes[0]; c++) {
        double spec_ns = 0, uber_ns = 0, compile_ns = 0;
        for (int k = 0; k < keys; k++) {
            ts_rng r;
            ts_rng_init(&r, 1000u * (unsigned)c + (unsigned)k);
            pica_fs_key key;
            pica_fs_uniforms u;
            static pica_fs_luts luts;
            pica_fs_random_key(&r, classes[c].features, &key);
            pica_fs_random_data(&r, &key, &u, &luts);
            pica_fs_buffers_update(b.ctx, &b.buffers, &u, &luts, PICA_FS_DIRTY_ALL);
            pica_fs_buffers_bind(b.ctx, &b.buffers);
            gl->ActiveTexture(GL_TEXTURE0);
            pica_fs_uber_config cfg;
            const pica_vs_key vs = {.outputs = PICA_VS_OUT_ALL};
            pica_fs_uber_config_from_keys(&key, &vs, &cfg);
            gl->NamedBufferSubData(b.uber_ubo, 0, sizeof cfg, &cfg);
            gl->BindBufferBase(GL_UNIFORM_BUFFER, PICA_FS_UBER_UBO_BINDING, b.uber_ubo);
            glhle_bytebuf fs;
            glhle_bytebuf_init(&fs, 0);
            const pica_fs_host host = {0};
            pica_fs_generate(&key, &host, &fs);
            GLuint prog = 0;
            const uint64_t t0 = bench_now_ns();
            if (gl_link_program(b.ctx, b.vs, glhle_bytebuf_cstr(&fs), &prog) != GLHLE_RESULT_OK) {
                printf("a specialised program did not link\n");
                return 1;
            }
            frame(&b, prog); /* llvmpipe finishes compiling at the first draw */
            compile_ns += (double)(bench_now_ns() - t0);
            frame(&b, b.uber);
            uint64_t best_s = UINT64_MAX, best_u = UINT64_MAX;
            for (int f = 0; f < frames; f++) {
                const uint64_t s = frame(&b, prog), v = frame(&b, b.uber);
                best_s = s < best_s ? s : best_s;
                best_u = v < best_u ? v : best_u;
            }
            spec_ns += (double)best_s;
            uber_ns += (double)best_u;
            gl->DeleteProgram(prog);
            glhle_bytebuf_free(&fs);
        }
        all_spec += spec_ns;
        all_uber += uber_ns;
        printf("%-9s %5d %11.2f ms %11.2f ms %6.2fx %11.1f ms\n", classes[c].name, keys, spec_ns / keys / 1e6,
               uber_ns / keys / 1e6, uber_ns / spec_ns, compile_ns / keys / 1e6);
    }
    printf("all classes: ubershader frame time %.2fx the specialised programs'\n", all_uber / all_spec);
    teardown(&b);
    return 0;
}
