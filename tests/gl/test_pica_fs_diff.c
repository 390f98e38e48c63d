/* shadergen/pica_fs.c against shadergen/pica_ref.c on llvmpipe: random valid
 * configurations, each drawn as a 16 x 16 grid of 4 x 4-pixel quads whose
 * inputs (colour, depth, w, normal quaternion, view vector, third texture
 * coordinate) differ per quad while the texture coordinates run across the
 * whole grid, so textures and proctex vary per pixel. Every pixel (colour
 * and depth) is compared with the CPU model.
 *
 *   GLHLE_TEST_SEED=N               replays a run
 *   GLHLE_PICA_FS_DIFF_CONFIGS=N    number of configurations (default 240)
 *   GLHLE_PICA_FS_DIFF_PROBE=S      TEV source S (PICA_FS_TEV_SRC_*) straight to the
 *                                   output, to look at one unit when hunting a
 *                                   difference (3 tex0 ... 6 proctex, 1/2 lighting)
 *
 * Targets (issue 6): TEV-only configurations within 1/255 everywhere and
 * identical on >= 99% of pixels; with lighting, fog, proctex or shadow
 * sampling within 2/255 on >= 99.9% of pixels.
 *
 * Every configuration is drawn a second time with the ubershader
 * (shadergen/pica_fs_uber.c) configured for the key, which must give the
 * specialised program's colour and depth to the bit on every pixel (issue
 * 17); GLHLE_PICA_FS_DIFF_UBER=0 leaves it out. */
#include "support/test_support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_util.h"
#include "backend/pica/fragment/fs_buffers.h"
#include "shadergen/pica_fs.h"
#include "shadergen/pica_fs_uber.h"
#include "shadergen/pica_ref.h"
#include "support/pica_dot3_sweeps.h"
#include "support/pica_fs_random.h"
#include "support/pica_fs_vertex.h"

#define W 64
#define H 64
#define CELL 4
#define CELLS (W / CELL)
#define TEX 16 /* texture and shadow-map side */

typedef pica_fs_vertex vtx;

typedef struct cell {
    float color[4], tc0w, quat[4], view[3], zw, w;
} cell;

/* texture coordinate set i at window position (x, y): r * (x, y) / 64 + o */
typedef struct coordmap {
    float r, ox, oy;
} coordmap;

typedef struct fixture {
    glhle_context *ctx;
    gl_target target;
    GLuint vao, vbo, tex2d[3], cube, shadow2d, shadow_cube;
    pica_fs_buffers buffers;
    char *vs;
    GLuint uber, uber_ubo; /* the ubershader (0: not drawn) and its config block */
    uint64_t uber_pixels, uber_differ;
    /* per configuration */
    pica_fs_key key;
    pica_fs_uniforms u;
    pica_fs_luts luts;
    uint8_t texels[3][TEX * TEX][4];
    uint8_t cube_texels[6][TEX * TEX][4];
    uint32_t shadow[TEX * TEX];
    uint32_t shadow_faces[6][TEX * TEX];
    cell cells[CELLS][CELLS];
    coordmap cm[3];
} fixture;

typedef struct stats {
    uint64_t pixels, identical, within1, within2, ambiguous, depth_bad;
    int max_diff;
    unsigned configs;
} stats;

enum { CAT_TEV, CAT_FLOAT, CAT_COUNT };

static float frand(ts_rng *r, float lo, float hi)
{
    return lo + (hi - lo) * (float)(ts_rng_u32(r) >> 8) / 16777216.0f;
}

/* A TEX x TEX texture (layers > 0: an array) with nearest filtering and
 * repeat wrapping, contents uploaded per configuration. */
static GLuint nearest_texture(GladGLContext *gl, GLenum target, GLenum format, int layers)
{
    return pica_fs_test_texture(gl, target, format, TEX, layers, GL_NEAREST);
}

static void fixture_init(fixture *f, glhle_context *ctx)
{
    GladGLContext *gl = &ctx->gl;
    memset(f, 0, sizeof *f);
    f->ctx = ctx;
    assert_int_equal(gl_target_create(ctx, W, H, true, &f->target), GLHLE_RESULT_OK);
    assert_int_equal(pica_fs_buffers_create(ctx, &f->buffers), GLHLE_RESULT_OK);
    gl->GenVertexArrays(1, &f->vao);
    gl->GenBuffers(1, &f->vbo);
    gl->BindVertexArray(f->vao);
    gl->BindBuffer(GL_ARRAY_BUFFER, f->vbo);
    gl->BufferData(GL_ARRAY_BUFFER, sizeof(vtx) * CELLS * CELLS * 6, NULL, GL_STREAM_DRAW);
    pica_fs_vertex_attribs(gl);
    for (int i = 0; i < 3; i++)
        f->tex2d[i] = nearest_texture(gl, GL_TEXTURE_2D, GL_RGBA8, 0);
    f->cube = nearest_texture(gl, GL_TEXTURE_CUBE_MAP, GL_RGBA8, 0);
    f->shadow2d = nearest_texture(gl, GL_TEXTURE_2D, GL_R32UI, 0);
    f->shadow_cube = nearest_texture(gl, GL_TEXTURE_2D_ARRAY, GL_R32UI, 6);
    glhle_bytebuf vs;
    glhle_bytebuf_init(&vs, 0);
    pica_fs_host host = {.gles = ts_gles()};
    assert_true(pica_fs_generate_passthrough_vs(&host, &vs));
    f->vs = (char *)glhle_bytebuf_detach(&vs, NULL);
    if (ts_env_long("GLHLE_PICA_FS_DIFF_UBER", 1)) {
        glhle_bytebuf fs;
        glhle_bytebuf_init(&fs, 0);
        assert_true(pica_fs_uber_generate(&host, &fs));
        assert_int_equal(gl_link_program(ctx, f->vs, glhle_bytebuf_cstr(&fs), &f->uber), GLHLE_RESULT_OK);
        glhle_bytebuf_free(&fs);
        gl->CreateBuffers(1, &f->uber_ubo);
        gl->NamedBufferData(f->uber_ubo, sizeof(pica_fs_uber_config), NULL, GL_DYNAMIC_DRAW);
    }
    ts_gl_check(ctx);
}

static void fixture_free(fixture *f)
{
    GladGLContext *gl = &f->ctx->gl;
    gl->DeleteTextures(3, f->tex2d);
    gl->DeleteTextures(1, &f->cube);
    gl->DeleteTextures(1, &f->shadow2d);
    gl->DeleteTextures(1, &f->shadow_cube);
    if (f->uber) {
        gl->DeleteProgram(f->uber);
        gl->DeleteBuffers(1, &f->uber_ubo);
    }
    gl->DeleteBuffers(1, &f->vbo);
    gl->DeleteVertexArrays(1, &f->vao);
    pica_fs_buffers_destroy(f->ctx, &f->buffers);
    gl_target_destroy(f->ctx, &f->target);
    free(f->vs);
}

static float coord(const coordmap *m, float x, float o)
{
    return (float)((double)m->r * (double)x / 64.0 + (double)o);
}

/* Random data for one configuration: textures, per-quad inputs, coordinate
 * maps whose texel edges fall between pixel centres. */
static void randomize_inputs(fixture *f, ts_rng *r)
{
    const pica_fs_key *k = &f->key;
    for (int i = 0; i < 3; i++)
        for (int t = 0; t < TEX * TEX; t++)
            for (int c = 0; c < 4; c++)
                f->texels[i][t][c] = (uint8_t)ts_rng_u32(r);
    for (int i = 0; i < 6; i++)
        for (int t = 0; t < TEX * TEX; t++)
            for (int c = 0; c < 4; c++)
                f->cube_texels[i][t][c] = (uint8_t)ts_rng_u32(r);
    for (int t = 0; t < TEX * TEX; t++) {
        f->shadow[t] = ts_rng_u32(r);
        for (int i = 0; i < 6; i++)
            f->shadow_faces[i][t] = ts_rng_u32(r);
    }
    static const float scales[3] = {1, 2, 4};
    for (int i = 0; i < 3; i++) {
        f->cm[i].r = scales[ts_rng_below(r, 3)];
        /* texel edges at multiples of 1/16 fall between pixel centres; the
         * small non-binary offset keeps the proctex and LUT lookups off
         * their cell edges, where rounding in the interpolator decides */
        f->cm[i].ox = (float)((int)ts_rng_below(r, 33) - 24) / 16.0f + frand(r, 0.001f, 0.004f);
        f->cm[i].oy = (float)((int)ts_rng_below(r, 33) - 24) / 16.0f + frand(r, 0.001f, 0.004f);
    }
    bool cube = k->tex0_type == PICA_FS_TEX0_CUBE || k->tex0_type == PICA_FS_TEX0_SHADOW_CUBE;
    if (cube) {
        /* s, t across [-1, 1] or so, r per quad: every face gets used */
        f->cm[0].r = 2;
        f->cm[0].ox = f->cm[0].oy = -1;
    }
    for (int cy = 0; cy < CELLS; cy++)
        for (int cx = 0; cx < CELLS; cx++) {
            cell *c = &f->cells[cy][cx];
            for (int i = 0; i < 4; i++)
                c->color[i] = (float)ts_rng_below(r, 256) / 255.0f;
            switch (k->tex0_type) {
            case PICA_FS_TEX0_PROJECTION: {
                static const float ws[3] = {1, 2, 4};
                c->tc0w = ws[ts_rng_below(r, 3)];
                break;
            }
            case PICA_FS_TEX0_CUBE:
            case PICA_FS_TEX0_SHADOW_CUBE:
                c->tc0w = frand(r, 0.3f, 1.5f) * (ts_rng_below(r, 2) ? 1.0f : -1.0f);
                break;
            default:
                c->tc0w = frand(r, 0.25f, 1.25f);
                break;
            }
            float q[4], ql = 0;
            do {
                ql = 0;
                for (int i = 0; i < 4; i++) {
                    q[i] = frand(r, -1, 1);
                    ql += q[i] * q[i];
                }
            } while (ql < 0.05f);
            float qs = frand(r, 0.5f, 2.0f) / sqrtf(ql);
            for (int i = 0; i < 4; i++)
                c->quat[i] = q[i] * qs;
            float vl;
            do {
                vl = 0;
                for (int i = 0; i < 3; i++) {
                    c->view[i] = frand(r, -2, 2);
                    vl += c->view[i] * c->view[i];
                }
            } while (vl < 0.25f || vl > 4.0f);
            c->zw = frand(r, -0.95f, -0.05f);
            c->w = frand(r, 0.5f, 2.0f);
        }
}

static void upload_and_draw(fixture *f)
{
    GladGLContext *gl = &f->ctx->gl;
    const pica_fs_key *k = &f->key;
    for (int i = 0; i < 3; i++) {
        gl->BindTexture(GL_TEXTURE_2D, f->tex2d[i]);
        gl->TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, TEX, TEX, GL_RGBA, GL_UNSIGNED_BYTE, f->texels[i]);
    }
    gl->BindTexture(GL_TEXTURE_CUBE_MAP, f->cube);
    for (int i = 0; i < 6; i++)
        gl->TexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)i, 0, 0, 0, TEX, TEX, GL_RGBA, GL_UNSIGNED_BYTE,
                          f->cube_texels[i]);
    gl->BindTexture(GL_TEXTURE_2D, f->shadow2d);
    gl->TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, TEX, TEX, GL_RED_INTEGER, GL_UNSIGNED_INT, f->shadow);
    gl->BindTexture(GL_TEXTURE_2D_ARRAY, f->shadow_cube);
    gl->TexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, TEX, TEX, 6, GL_RED_INTEGER, GL_UNSIGNED_INT, f->shadow_faces);

    vtx *v = malloc(sizeof(vtx) * CELLS * CELLS * 6);
    int n = 0;
    static const int corner[6][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}};
    for (int cy = 0; cy < CELLS; cy++)
        for (int cx = 0; cx < CELLS; cx++) {
            const cell *c = &f->cells[cy][cx];
            for (int j = 0; j < 6; j++) {
                vtx *p = &v[n++];
                float x = (float)((cx + corner[j][0]) * CELL), y = (float)((cy + corner[j][1]) * CELL);
                p->pos[0] = (x / (W / 2) - 1.0f) * c->w;
                p->pos[1] = (y / (H / 2) - 1.0f) * c->w;
                p->pos[2] = c->zw * c->w;
                p->pos[3] = c->w;
                memcpy(p->color, c->color, sizeof p->color);
                float *tc[3] = {p->tc0, p->tc1, p->tc2};
                for (int i = 0; i < 3; i++) {
                    tc[i][0] = coord(&f->cm[i], x, f->cm[i].ox);
                    tc[i][1] = coord(&f->cm[i], y, f->cm[i].oy);
                }
                p->tc0w = c->tc0w;
                memcpy(p->quat, c->quat, sizeof p->quat);
                memcpy(p->view, c->view, sizeof p->view);
            }
        }
    gl->BindBuffer(GL_ARRAY_BUFFER, f->vbo);
    gl->BufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)(sizeof(vtx) * (size_t)n), v);
    free(v);

    pica_fs_buffers_update(f->ctx, &f->buffers, &f->u, &f->luts, PICA_FS_DIRTY_ALL);
    pica_fs_buffers_bind(f->ctx, &f->buffers);
    for (int i = 0; i < 3; i++) {
        gl->ActiveTexture(GL_TEXTURE0 + (GLenum)i);
        GLuint t2d = f->tex2d[i];
        if (i == 0 && k->tex0_type == PICA_FS_TEX0_SHADOW_2D)
            t2d = f->shadow2d;
        gl->BindTexture(GL_TEXTURE_2D, t2d);
        gl->BindTexture(GL_TEXTURE_CUBE_MAP, i == 0 ? f->cube : 0);
        gl->BindTexture(GL_TEXTURE_2D_ARRAY, i == 0 ? f->shadow_cube : 0);
    }
    /* the ubershader's units for texture 0's other types (pica_fs_uber.h) */
    gl->ActiveTexture(GL_TEXTURE0 + PICA_FS_UBER_CUBE_UNIT);
    gl->BindTexture(GL_TEXTURE_CUBE_MAP, f->cube);
    gl->ActiveTexture(GL_TEXTURE0 + PICA_FS_UBER_SHADOW_UNIT);
    gl->BindTexture(GL_TEXTURE_2D, f->shadow2d);
    gl->ActiveTexture(GL_TEXTURE0 + PICA_FS_UBER_SHADOW_CUBE_UNIT);
    gl->BindTexture(GL_TEXTURE_2D_ARRAY, f->shadow_cube);
    gl->BindFramebuffer(GL_FRAMEBUFFER, f->target.fbo);
    gl->Viewport(0, 0, W, H);
    gl->ClearColor(3 / 255.0f, 5 / 255.0f, 7 / 255.0f, 11 / 255.0f);
    gl->ClearDepth(1.0);
    gl->Enable(GL_DEPTH_TEST);
    gl->DepthFunc(GL_ALWAYS);
    gl->DepthMask(GL_TRUE);
    gl->Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    gl->BindVertexArray(f->vao);
    gl->DrawArrays(GL_TRIANGLES, 0, n);
    gl->Disable(GL_DEPTH_TEST);
    gl->ActiveTexture(GL_TEXTURE0);
}

/* ---- what GL's samplers return (the harness, not the model) ---- */

static bool near_edge(double x)
{
    double fpart = x - floor(x);
    return fpart < 1e-3 || fpart > 1 - 1e-3;
}

static void sample_2d(const uint8_t (*tex)[4], double s, double t, uint8_t out[4], bool *ambiguous)
{
    double x = s * TEX, y = t * TEX;
    if (near_edge(x) || near_edge(y))
        *ambiguous = true;
    int ix = (int)floor(x) & (TEX - 1), iy = (int)floor(y) & (TEX - 1);
    memcpy(out, tex[iy * TEX + ix], 4);
}

/* GL 4.5 core, table 8.19: the major axis picks the face; nearest texel */
static void sample_cube(const fixture *f, double rx, double ry, double rz, uint8_t out[4], bool *ambiguous)
{
    double ax = fabs(rx), ay = fabs(ry), az = fabs(rz), sc, tc, ma;
    int face;
    if (ax >= ay && ax >= az) {
        face = rx > 0 ? 0 : 1;
        sc = rx > 0 ? -rz : rz;
        tc = -ry;
        ma = ax;
    } else if (ay >= az) {
        face = ry > 0 ? 2 : 3;
        sc = rx;
        tc = ry > 0 ? rz : -rz;
        ma = ay;
    } else {
        face = rz > 0 ? 4 : 5;
        sc = rz > 0 ? rx : -rx;
        tc = -ry;
        ma = az;
    }
    double m = fmax(ax, fmax(ay, az));
    int near = (fabs(ax - m) < 1e-4) + (fabs(ay - m) < 1e-4) + (fabs(az - m) < 1e-4);
    if (near > 1)
        *ambiguous = true;
    double s = (sc / ma + 1) / 2 * TEX, t = (tc / ma + 1) / 2 * TEX;
    if (near_edge(s) || near_edge(t))
        *ambiguous = true;
    int ix = (int)floor(s), iy = (int)floor(t);
    ix = ix < 0 ? 0 : ix > TEX - 1 ? TEX - 1 : ix;
    iy = iy < 0 ? 0 : iy > TEX - 1 ? TEX - 1 : iy;
    memcpy(out, f->cube_texels[face][iy * TEX + ix], 4);
}

/* The model's inputs at window pixel (x, y), bottom-up. */
static bool pixel_input(const fixture *f, int x, int y, pica_ref_input *in)
{
    const pica_fs_key *k = &f->key;
    const cell *c = &f->cells[y / CELL][x / CELL];
    memset(in, 0, sizeof *in);
    memcpy(in->color, c->color, sizeof in->color);
    float px = (float)x + 0.5f, py = (float)y + 0.5f;
    for (int i = 0; i < 3; i++) {
        in->texcoord[i][0] = coord(&f->cm[i], px, f->cm[i].ox);
        in->texcoord[i][1] = coord(&f->cm[i], py, f->cm[i].oy);
    }
    in->texcoord0_w = c->tc0w;
    /* the proctex LOD input as GL's derivatives see it: the change of |u|
     * and |v| across the 2 x 2 pixel quad (u only varies with x, v with y,
     * and |.| folds where a coordinate crosses zero inside the quad) */
    const coordmap *pm = &f->cm[k->proctex.coord];
    float x0 = (float)(x & ~1) + 0.5f, y0 = (float)(y & ~1) + 0.5f;
    in->proctex_duv[0] = fabsf(fabsf(coord(pm, x0 + 1, pm->ox)) - fabsf(coord(pm, x0, pm->ox)));
    in->proctex_duv[1] = fabsf(fabsf(coord(pm, y0 + 1, pm->oy)) - fabsf(coord(pm, y0, pm->oy)));
    memcpy(in->normquat, c->quat, sizeof in->normquat);
    memcpy(in->view, c->view, sizeof in->view);
    in->z_over_w = c->zw;
    in->w = c->w;
    bool ambiguous = false;
    for (unsigned unit = 0; unit < 3; unit++) {
        if (!((k->tex_enable >> unit) & 1))
            continue;
        unsigned set = unit == 2 && k->tex2_coord1 ? 1 : unit;
        double s = (double)f->cm[set].r * px / 64.0 + f->cm[set].ox;
        double t = (double)f->cm[set].r * py / 64.0 + f->cm[set].oy;
        if (unit != 0 || k->tex0_type == PICA_FS_TEX0_2D) {
            sample_2d(f->texels[unit], s, t, in->texel[unit], &ambiguous);
        } else if (k->tex0_type == PICA_FS_TEX0_PROJECTION) {
            sample_2d(f->texels[0], s / c->tc0w, t / c->tc0w, in->texel[0], &ambiguous);
        } else if (k->tex0_type == PICA_FS_TEX0_CUBE) {
            sample_cube(f, s, t, c->tc0w, in->texel[0], &ambiguous);
        } else if (k->tex0_type == PICA_FS_TEX0_SHADOW_2D) {
            pica_ref_shadow_2d(f->shadow, TEX, TEX, k, &f->u, in->texcoord[0][0], in->texcoord[0][1], c->tc0w,
                               in->texel[0]);
        } else {
            /* a point on a face edge picks its face by float rounding */
            double a[3] = {fabs(in->texcoord[0][0]), fabs(in->texcoord[0][1]), fabs(c->tc0w)};
            double m = fmax(a[0], fmax(a[1], a[2]));
            if ((fabs(a[0] - m) < 1e-4 * m) + (fabs(a[1] - m) < 1e-4 * m) + (fabs(a[2] - m) < 1e-4 * m) > 1)
                ambiguous = true;
            const uint32_t *faces[6];
            for (int i = 0; i < 6; i++)
                faces[i] = f->shadow_faces[i];
            pica_ref_shadow_cube(faces, TEX, &f->u, in->texcoord[0][0], in->texcoord[0][1], c->tc0w, in->texel[0]);
        }
    }
    return !ambiguous;
}

static bool is_float_config(const pica_fs_key *k)
{
    return k->lighting.enable || k->fog_mode || k->proctex.enable ||
           ((k->tex_enable & 1) && (k->tex0_type == PICA_FS_TEX0_SHADOW_2D || k->tex0_type == PICA_FS_TEX0_SHADOW_CUBE));
}

static void dump_config(const fixture *f, const char *fs, unsigned index)
{
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    pica_fs_key_describe(&f->key, &b);
    print_message("%s", glhle_bytebuf_cstr(&b));
    glhle_bytebuf_free(&b);
    char name[64];
    snprintf(name, sizeof name, "pica_fs_diff_%u.frag", index);
    FILE *out = fopen(ts_output_path(name), "w");
    if (out) {
        fputs(fs, out);
        fclose(out);
        print_message("shader written to %s\n", ts_output_path(name));
    }
}

/* The target's colour (top row first) and depth (bottom row first). */
static void read_target(fixture *f, glhle_image *img, float *depth)
{
    GladGLContext *gl = &f->ctx->gl;
    assert_int_equal(gl_read_rgba(f->ctx, f->target.fbo, 0, 0, W, H, img), GLHLE_RESULT_OK);
    gl->BindFramebuffer(GL_READ_FRAMEBUFFER, f->target.fbo);
    gl->PixelStorei(GL_PACK_ALIGNMENT, 4);
    gl->ReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->UseProgram(0);
}

/* Draws the configuration with the ubershader and compares every pixel's
 * colour and depth bits with the specialised program's `img` and `depth`. */
static void compare_uber(fixture *f, const glhle_image *img, const float *depth, unsigned index)
{
    GladGLContext *gl = &f->ctx->gl;
    pica_fs_uber_config cfg;
    const pica_vs_key vs = {.outputs = PICA_VS_OUT_ALL};
    pica_fs_uber_config_from_keys(&f->key, &vs, &cfg);
    gl->NamedBufferSubData(f->uber_ubo, 0, sizeof cfg, &cfg);
    gl->BindBufferBase(GL_UNIFORM_BUFFER, PICA_FS_UBER_UBO_BINDING, f->uber_ubo);
    gl->UseProgram(f->uber);
    upload_and_draw(f);
    glhle_image got;
    static float got_depth[W * H];
    read_target(f, &got, got_depth);
    ts_gl_check(f->ctx);
    unsigned differ = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const uint8_t *a = ts_pixel(img, (uint32_t)x, (uint32_t)y), *b = ts_pixel(&got, (uint32_t)x, (uint32_t)y);
            const bool same = memcmp(a, b, 4) == 0 && memcmp(&depth[(H - 1 - y) * W + x], &got_depth[(H - 1 - y) * W + x],
                                                         sizeof(float)) == 0;
            if (!same && differ++ < 4)
                print_message("config %u pixel (%d,%d): specialised %u,%u,%u,%u depth %.9g, ubershader %u,%u,%u,%u "
                              "depth %.9g\n",
                              index, x, H - 1 - y, a[0], a[1], a[2], a[3], depth[(H - 1 - y) * W + x], b[0], b[1], b[2],
                              b[3], got_depth[(H - 1 - y) * W + x]);
        }
    f->uber_pixels += W * H;
    f->uber_differ += differ;
    if (differ) {
        glhle_bytebuf b;
        glhle_bytebuf_init(&b, 0);
        pica_fs_key_describe(&f->key, &b);
        print_message("config %u: the ubershader differs from the specialised program on %u pixels; key:\n%s", index,
                      differ, glhle_bytebuf_cstr(&b));
        glhle_bytebuf_free(&b);
    }
    glhle_image_free(&got);
}

/* Draws the current configuration and compares every pixel; adds to `st`.
 * Returns the largest channel difference seen (or 1000 for a discard or
 * depth mismatch), and prints the first few differing pixels when asked. */
static int run_config(fixture *f, stats *st, unsigned index, bool verbose)
{
    GladGLContext *gl = &f->ctx->gl;
    glhle_bytebuf fs;
    glhle_bytebuf_init(&fs, 0);
    pica_fs_host host = {.gles = ts_gles()};
    assert_true(pica_fs_generate(&f->key, &host, &fs));
    GLuint prog = 0;
    glhle_result lr = gl_link_program(f->ctx, f->vs, glhle_bytebuf_cstr(&fs), &prog);
    if (lr != GLHLE_RESULT_OK) {
        dump_config(f, glhle_bytebuf_cstr(&fs), index);
        fail_msg("configuration %u: the generated shader does not compile or link (see the log above)", index);
    }
    gl->UseProgram(prog);
    upload_and_draw(f);
    glhle_image img;
    static float depth[W * H];
    read_target(f, &img, depth);
    gl->DeleteProgram(prog);
    ts_gl_check(f->ctx);
    /* the ubershader leaves gas rendering to the specialised programs
     * (pica_program_uber_covers) */
    if (f->uber && f->key.fog_mode != PICA_FS_FOG_GAS)
        compare_uber(f, &img, depth, index);

    int worst = 0, shown = 0;
    unsigned over2 = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            pica_ref_input in;
            if (!pixel_input(f, x, y, &in)) {
                st->ambiguous++;
                continue;
            }
            pica_ref_output out;
            pica_ref_fragment(&f->key, &f->u, &f->luts, &in, &out);
            static const uint8_t clear[4] = {3, 5, 7, 11};
            const uint8_t *want = out.discarded ? clear : out.color;
            const uint8_t *got = ts_pixel(&img, (uint32_t)x, (uint32_t)(H - 1 - y));
            int d = 0;
            for (int c = 0; c < 4; c++)
                d = abs(got[c] - want[c]) > d ? abs(got[c] - want[c]) : d;
            float want_depth = out.discarded ? 1.0f : out.depth;
            bool depth_ok = fabsf(depth[y * W + x] - want_depth) <= 4e-6f;
            if (!depth_ok)
                st->depth_bad++;
            st->pixels++;
            st->identical += d == 0;
            st->within1 += d <= 1;
            st->within2 += d <= 2;
            if (d > st->max_diff)
                st->max_diff = d;
            if (d > worst)
                worst = d;
            over2 += d > 2;
            if ((d > 0 || !depth_ok) && verbose && shown < 4) {
                shown++;
                print_message("config %u pixel (%d,%d): GL %u,%u,%u,%u depth %.7f, model %u,%u,%u,%u depth %.7f%s "
                              "(tev %u,%u,%u,%u frag0 %u,%u,%u,%u frag1 %u,%u,%u,%u proctex %u,%u,%u,%u)\n",
                              index, x, y, got[0], got[1], got[2], got[3], depth[y * W + x], want[0], want[1], want[2],
                              want[3], want_depth, out.discarded ? " (discarded)" : "", out.tev[0], out.tev[1],
                              out.tev[2], out.tev[3], out.frag_primary[0], out.frag_primary[1], out.frag_primary[2],
                              out.frag_primary[3], out.frag_secondary[0], out.frag_secondary[1],
                              out.frag_secondary[2], out.frag_secondary[3], out.proctex[0], out.proctex[1],
                              out.proctex[2], out.proctex[3]);
            }
        }
    st->configs++;
    if (verbose && worst > 2) {
        print_message("config %u: %u pixels differ by more than 2 (worst %d)\n", index, over2, worst);
        dump_config(f, glhle_bytebuf_cstr(&fs), index);
    }
    glhle_image_free(&img);
    glhle_bytebuf_free(&fs);
    return worst;
}

static void print_stats(const char *name, const stats *s)
{
    if (!s->pixels)
        return;
    print_message("%-6s %5u configs %9llu pixels: identical %.4f%%, within 1/255 %.4f%%, within 2/255 %.4f%%, "
                  "max %d, depth mismatches %llu, skipped at texel edges %llu\n",
                  name, s->configs, (unsigned long long)s->pixels, 100.0 * (double)s->identical / (double)s->pixels,
                  100.0 * (double)s->within1 / (double)s->pixels, 100.0 * (double)s->within2 / (double)s->pixels,
                  s->max_diff, (unsigned long long)s->depth_bad, (unsigned long long)s->ambiguous);
}

/* Replaces the combiners by "output source s", keeping the rest. */
static void probe_source(pica_fs_key *k, unsigned s)
{
    pica_fs_key saved = *k;
    memset(k->tev, 0, sizeof k->tev);
    for (int i = 0; i < PICA_FS_TEV_STAGES; i++) {
        k->tev[i].rgb_src[0] = k->tev[i].a_src[0] = i ? PICA_FS_TEV_SRC_PREVIOUS : (uint8_t)s;
    }
    k->lighting = saved.lighting;
    k->proctex = saved.proctex;
    k->tex_enable = 7;
    k->proctex.enable = saved.proctex.enable;
    k->lighting.enable = saved.lighting.enable;
    pica_fs_key_normalize(k);
}

static const unsigned categories[] = {
    PFR_TEXTURES | PFR_ALPHA_TEST,
    PFR_TEXTURES | PFR_TEX0_TYPES | PFR_ALPHA_TEST,
    PFR_TEXTURES | PFR_LIGHTING,
    PFR_TEXTURES | PFR_FOG | PFR_ALPHA_TEST,
    PFR_PROCTEX,
    PFR_ALL & ~PFR_RAW,
};

static void random_configurations(void **state)
{
    glhle_context *ctx = *state;
    uint64_t seed = ts_seed("pica_fs_diff", 0x9ca2001u);
    long count = ts_env_long("GLHLE_PICA_FS_DIFF_CONFIGS", 240);
    long probe = ts_env_long("GLHLE_PICA_FS_DIFF_PROBE", -1);
    fixture *f = calloc(1, sizeof *f);
    fixture_init(f, ctx);
    stats st[CAT_COUNT];
    memset(st, 0, sizeof st);
    unsigned tev_over1 = 0, gas_configs = 0;
    for (long i = 0; i < count; i++) {
        ts_rng r;
        ts_rng_init(&r, seed + (uint64_t)i * 0x9E3779B97F4A7C15ull);
        pica_fs_random_key(&r, categories[i % (long)(sizeof categories / sizeof categories[0])], &f->key);
        if (probe >= 0)
            probe_source(&f->key, (unsigned)probe);
        pica_fs_random_data(&r, &f->key, &f->u, &f->luts);
        randomize_inputs(f, &r);
        int cat = is_float_config(&f->key) ? CAT_FLOAT : CAT_TEV;
        int worst = run_config(f, &st[cat], (unsigned)i, true);
        if (f->key.fog_mode == PICA_FS_FOG_GAS) {
            /* the gas shading is integer arithmetic: exact */
            gas_configs++;
            if (worst)
                print_message("configuration %ld (seed %llu + %ld): gas shading differs by %d\n", i,
                              (unsigned long long)seed, i, worst);
            assert_int_equal(worst, 0);
        }
        if (cat == CAT_TEV && worst > 1) {
            tev_over1++;
            print_message("configuration %ld (seed %llu + %ld): TEV-only, differs by %d\n", i,
                          (unsigned long long)seed, i, worst);
        }
    }
    print_stats("tev", &st[CAT_TEV]);
    print_stats("float", &st[CAT_FLOAT]);
    print_message("gas shading (fog mode 7): %u configurations, all exact\n", gas_configs);
    const uint64_t uber_pixels = f->uber_pixels, uber_differ = f->uber_differ;
    print_message("ubershader: %llu of %llu pixels differ from the specialised programs (seed %llu)\n",
                  (unsigned long long)uber_differ, (unsigned long long)uber_pixels, (unsigned long long)seed);
    fixture_free(f);
    free(f);
    const stats *t = &st[CAT_TEV], *fl = &st[CAT_FLOAT];
    assert_int_equal(tev_over1, 0);
    assert_true(count < 40 || gas_configs > 0);
    assert_int_equal(uber_differ, 0);
    assert_true(t->pixels > 0 && fl->pixels > 0);
    assert_true((double)t->identical >= 0.99 * (double)t->pixels);
    assert_true((double)fl->within2 >= 0.999 * (double)fl->pixels);
    assert_true((double)(t->depth_bad + fl->depth_bad) <= 0.001 * (double)(t->pixels + fl->pixels));
    assert_true(t->ambiguous + fl->ambiguous < (t->pixels + fl->pixels) / 100);
}

/* The gas density pass (COLOR_OPERATION mode 1, docs/pica-gas.md): random
 * keys with gas_render drawn over a colour buffer of random words (an R32UI
 * texture, as the draw path's view of an RGBA8 buffer: R in bits 0-7) and a
 * D24S8 depth buffer of random depths; each pixel is covered once, so every
 * pixel's four bytes must be the model's accumulation. The model's depth is
 * computed from the same inputs as GL's but not from GL's, which can differ
 * by a few units of 2^-24 (the depth check of random_configurations allows
 * 4e-6), so G may differ by 1 where the depth attenuation is between bytes;
 * at most 1% of pixels may. */
static void gas_density_pass(void **state)
{
    glhle_context *ctx = *state;
    GladGLContext *gl = &ctx->gl;
    uint64_t seed = ts_seed("pica_fs_diff gas", 0x6a5u);
    long count = ts_env_long("GLHLE_PICA_FS_DIFF_GAS_CONFIGS", 24);
    fixture *f = calloc(1, sizeof *f);
    fixture_init(f, ctx);
    GLuint color, depth;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &color);
    gl->TextureStorage2D(color, 1, GL_R32UI, W, H);
    gl->CreateTextures(GL_TEXTURE_2D, 1, &depth);
    gl->TextureStorage2D(depth, 1, GL_DEPTH24_STENCIL8, W, H);
    gl->TextureParameteri(depth, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gl->TextureParameteri(depth, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    static uint32_t words[W * H], zbuf[W * H], got[W * H];
    uint64_t pixels = 0, exact = 0, added = 0;
    unsigned funcs_seen = 0;
    for (long i = 0; i < count; i++) {
        ts_rng r;
        ts_rng_init(&r, seed + (uint64_t)i * 0x9E3779B97F4A7C15ull);
        pica_fs_random_key(&r, PFR_TEXTURES | PFR_ALPHA_TEST, &f->key);
        f->key.gas_render = 1;
        /* every depth function in turn, and every fifth with the colour read off */
        f->key.gas = (uint8_t)(i % 4 << PICA_FS_GAS_DEPTH_FUNC_SHIFT | (i % 5 == 4 ? PICA_FS_GAS_NO_READ : 0));
        pica_fs_key_normalize(&f->key);
        pica_fs_random_data(&r, &f->key, &f->u, &f->luts);
        randomize_inputs(f, &r);
        for (int p = 0; p < W * H; p++) {
            words[p] = ts_rng_u32(&r);
            zbuf[p] = ts_rng_u32(&r) & 0xFFFFFF00u; /* depth24 << 8, stencil 0 */
        }
        gl->TextureSubImage2D(color, 0, 0, 0, W, H, GL_RED_INTEGER, GL_UNSIGNED_INT, words);
        gl->TextureSubImage2D(depth, 0, 0, 0, W, H, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, zbuf);

        glhle_bytebuf fs;
        glhle_bytebuf_init(&fs, 0);
        pica_fs_host host = {.gles = ts_gles()};
        assert_true(pica_fs_generate(&f->key, &host, &fs));
        GLuint prog = 0;
        if (gl_link_program(ctx, f->vs, glhle_bytebuf_cstr(&fs), &prog) != GLHLE_RESULT_OK) {
            dump_config(f, glhle_bytebuf_cstr(&fs), (unsigned)i);
            fail_msg("gas configuration %ld: the generated shader does not compile or link", i);
        }
        gl->UseProgram(prog);
        gl->BindImageTexture(0, color, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
        gl->BindTextureUnit(PICA_FS_GAS_DEPTH_BINDING, depth);
        upload_and_draw(f);
        gl->MemoryBarrier(GL_ALL_BARRIER_BITS);
        gl->GetTextureImage(color, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, sizeof got, got);
        gl->BindImageTexture(0, 0, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
        gl->BindTextureUnit(PICA_FS_GAS_DEPTH_BINDING, 0);
        gl->UseProgram(0);
        gl->DeleteProgram(prog);
        ts_gl_check(ctx);

        unsigned shown = 0;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                pica_ref_input in;
                if (!pixel_input(f, x, y, &in))
                    continue;
                in.gas_zbuf = zbuf[y * W + x] >> 8;
                pica_ref_output out;
                pica_ref_fragment(&f->key, &f->u, &f->luts, &in, &out);
                const uint32_t w0 = words[y * W + x];
                uint8_t want[4] = {(uint8_t)w0, (uint8_t)(w0 >> 8), (uint8_t)(w0 >> 16), (uint8_t)(w0 >> 24)};
                pica_ref_gas_accumulate(&f->key, &out, want);
                const uint32_t g = got[y * W + x];
                const uint8_t have[4] = {(uint8_t)g, (uint8_t)(g >> 8), (uint8_t)(g >> 16), (uint8_t)(g >> 24)};
                pixels++;
                added += out.gas[0] || out.gas[1];
                if (!memcmp(want, have, 4)) {
                    exact++;
                    continue;
                }
                const bool near = want[0] == have[0] && abs(want[1] - have[1]) <= 1 && want[2] == have[2] &&
                                  want[3] == have[3];
                if (!near || shown < 2) {
                    shown++;
                    print_message("gas config %ld pixel (%d,%d): GL %u,%u,%u,%u model %u,%u,%u,%u (from %u,%u, "
                                  "adds %u,%u, depth %.7f, buffer %u)\n",
                                  i, x, y, have[0], have[1], have[2], have[3], want[0], want[1], want[2], want[3],
                                  (unsigned)(uint8_t)w0, (unsigned)(uint8_t)(w0 >> 8), out.gas[0], out.gas[1],
                                  out.depth, zbuf[y * W + x] >> 8);
                }
                if (!near) {
                    dump_config(f, glhle_bytebuf_cstr(&fs), (unsigned)i);
                    fail_msg("gas configuration %ld (seed %llu + %ld): pixel (%d,%d) differs", i,
                             (unsigned long long)seed, i, x, y);
                }
            }
        funcs_seen |= 1u << ((f->key.gas >> PICA_FS_GAS_DEPTH_FUNC_SHIFT) & 3);
        glhle_bytebuf_free(&fs);
    }
    print_message("gas density pass: %ld configurations, %llu pixels, %llu exact, %llu with a contribution (seed "
                  "%llu)\n",
                  count, (unsigned long long)pixels, (unsigned long long)exact, (unsigned long long)added,
                  (unsigned long long)seed);
    gl->DeleteTextures(1, &color);
    gl->DeleteTextures(1, &depth);
    fixture_free(f);
    free(f);
    assert_true(count < 4 || funcs_seen == 15);
    assert_true(pixels > 0 && added > pixels / 8);
    assert_true((double)exact >= 0.99 * (double)pixels);
}

/* Every reserved register value of the key's fields (see
 * pica_fs_reserved_cases), in a configuration that uses all of them: the
 * normalised key compiles, links and matches the model. */
static void reserved_values(void **state)
{
    glhle_context *ctx = *state;
    static pica_fs_reserved_case cases[128];
    unsigned n = pica_fs_reserved_cases(cases, 128);
    fixture *f = calloc(1, sizeof *f);
    fixture_init(f, ctx);
    stats st;
    memset(&st, 0, sizeof st);
    /* values that clamp alike give one key: draw each key once */
    static pica_fs_key seen[128];
    unsigned nseen = 0;
    for (unsigned i = 0; i < n; i++) {
        ts_rng r;
        ts_rng_init(&r, 0x5eed + i);
        f->key = cases[i].raw;
        pica_fs_key_normalize(&f->key);
        bool dup = false;
        for (unsigned j = 0; j < nseen && !dup; j++)
            dup = pica_fs_key_equal(&seen[j], &f->key);
        if (dup)
            continue;
        seen[nseen++] = f->key;
        pica_fs_random_data(&r, &f->key, &f->u, &f->luts);
        randomize_inputs(f, &r);
        int worst = run_config(f, &st, i, true);
        if (worst > 2)
            fail_msg("%s: differs from the model by %d", cases[i].what, worst);
    }
    print_stats("reserved", &st);
    assert_true((double)st.within2 >= 0.999 * (double)st.pixels);
    assert_int_equal(f->uber_differ, 0);
    fixture_free(f);
    free(f);
}

/* The console's DOT3 sweeps (Lectem/3DS_gpu_tests, DOT3_RGB branch) through
 * the generated GLSL on the GL driver: stage 0 DOT3_RGB (then DOT3_RGBA) of
 * the vertex colour and texture 0, one sweep point per 4x4 cell (a cell's
 * texel is its own: coordinates x/64 on a 16-texel texture), later stages
 * pass PREVIOUS. Every pixel must be the byte the console wrote. */
static void console_dot3_sweeps(void **state)
{
    glhle_context *ctx = *state;
    static pica_dot3_sweep sweeps[8];
    unsigned n = pica_dot3_sweeps_load(sweeps, 8);
    if (!n) {
        print_message("SKIP: ../shared/testdata/pica/dot3 is absent; this test needs the console's sweeps\n");
        skip();
    }
    fixture *f = calloc(1, sizeof *f);
    fixture_init(f, ctx);
    unsigned points = 0, bad = 0;
    for (int rgba = 0; rgba < 2; rgba++)
        for (unsigned s = 0; s < n; s++) {
            pica_fs_key *k = &f->key;
            memset(k, 0, sizeof *k);
            for (unsigned i = 0; i < PICA_FS_TEV_STAGES; i++) {
                pica_fs_tev_stage *st = &k->tev[i];
                st->rgb_op = st->a_op = PICA_FS_TEV_OP_REPLACE;
                st->rgb_src[0] = st->a_src[0] = PICA_FS_TEV_SRC_PREVIOUS;
            }
            pica_fs_tev_stage *st0 = &k->tev[0];
            st0->rgb_op = rgba ? PICA_FS_TEV_OP_DOT3_RGBA : PICA_FS_TEV_OP_DOT3_RGB;
            st0->rgb_src[0] = PICA_FS_TEV_SRC_PRIMARY;
            st0->rgb_src[1] = PICA_FS_TEV_SRC_TEX0;
            st0->a_src[0] = PICA_FS_TEV_SRC_PRIMARY;
            k->alpha_func = PICA_FS_ALPHA_ALWAYS;
            k->tex_enable = PICA_FS_TEX_UNIT0;
            k->tex0_type = PICA_FS_TEX0_2D;
            pica_fs_key_normalize(k);
            memset(&f->u, 0, sizeof f->u);
            memset(&f->luts, 0, sizeof f->luts);
            memset(f->texels, 0, sizeof f->texels);
            for (int i = 0; i < 3; i++)
                f->cm[i] = (coordmap){1, 0, 0};
            const pica_dot3_sweep *sw = &sweeps[s];
            for (unsigned i = 0; i < CELLS * CELLS; i++) {
                const pica_dot3_point *pt = &sw->points[i % sw->count];
                cell *c = &f->cells[i / CELLS][i % CELLS];
                memset(c, 0, sizeof *c);
                for (int ch = 0; ch < 3; ch++) {
                    c->color[ch] = (float)pt->src0[ch] / 255.0f;
                    f->texels[0][i][ch] = pt->src1[ch];
                }
                c->color[3] = 1.0f;
                f->texels[0][i][3] = 0xFF;
                c->tc0w = 1;
                c->quat[3] = 1;
                c->view[2] = 1;
                c->zw = -0.5f;
                c->w = 1;
            }
            stats st;
            memset(&st, 0, sizeof st);
            /* the model must agree too; run_config compares it pixel by pixel */
            int worst = run_config(f, &st, s, true);
            if (worst)
                fail_msg("sweep %s: GL and the model differ by %d", sw->id, worst);
            /* and both must be the console: read the pixel at each cell's centre again */
            glhle_image img;
            GladGLContext *gl = &ctx->gl;
            glhle_bytebuf fs;
            glhle_bytebuf_init(&fs, 0);
            pica_fs_host host = {.gles = ts_gles()};
            assert_true(pica_fs_generate(&f->key, &host, &fs));
            GLuint prog = 0;
            assert_int_equal(gl_link_program(ctx, f->vs, glhle_bytebuf_cstr(&fs), &prog), GLHLE_RESULT_OK);
            gl->UseProgram(prog);
            upload_and_draw(f);
            assert_int_equal(gl_read_rgba(ctx, f->target.fbo, 0, 0, W, H, &img), GLHLE_RESULT_OK);
            gl->UseProgram(0);
            gl->DeleteProgram(prog);
            glhle_bytebuf_free(&fs);
            for (unsigned i = 0; i < CELLS * CELLS && i < sw->count; i++) {
                const pica_dot3_point *pt = &sw->points[i];
                int x = (int)(i % CELLS) * CELL + CELL / 2, y = (int)(i / CELLS) * CELL + CELL / 2;
                pica_ref_input in;
                assert_true(pixel_input(f, x, y, &in));
                if (memcmp(in.texel[0], pt->src1, 3))
                    fail_msg("harness: cell %u samples texel %u,%u,%u, not its own", i, in.texel[0][0],
                             in.texel[0][1], in.texel[0][2]);
                const uint8_t *got = ts_pixel(&img, (uint32_t)x, (uint32_t)(H - 1 - y));
                uint8_t want_a = rgba ? pt->out : 0xFF;
                points++;
                if (got[0] != pt->out || got[1] != pt->out || got[2] != pt->out || got[3] != want_a) {
                    if (bad++ < 8)
                        print_message("%s point %u (%s): (%u,%u,%u).(%u,%u,%u): GL %u,%u,%u,%u, console %u\n", sw->id,
                                      i, rgba ? "rgba" : "rgb", pt->src0[0], pt->src0[1], pt->src0[2], pt->src1[0],
                                      pt->src1[1], pt->src1[2], got[0], got[1], got[2], got[3], pt->out);
                }
            }
            glhle_image_free(&img);
            ts_gl_check(ctx);
        }
    print_message("dot3 on GL: %u of %u console points match\n", points - bad, points);
    assert_int_equal(f->uber_differ, 0);
    assert_int_equal(points, 2 * 1536);
    assert_int_equal(bad, 0);
    fixture_free(f);
    free(f);
}

int main(void)
{
    /* llvmpipe JIT-compiles each shader at its first draw, which is most of
     * this test's time: 128-bit vectors and no LLVM optimisation passes
     * halve it. They change how llvmpipe builds code, not what the GLSL
     * means; GLHLE_PICA_FS_DIFF_FULL_JIT=1 keeps llvmpipe's defaults (used
     * for the figures in docs/performance.md). */
    if (!ts_env_long("GLHLE_PICA_FS_DIFF_FULL_JIT", 0)) {
        setenv("GALLIVM_PERF", "nopt", 0);
        setenv("LP_NATIVE_VECTOR_WIDTH", "128", 0);
    }
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(random_configurations),
        TS_GL_TEST(reserved_values),
        TS_GL_TEST(gas_density_pass),
        TS_GL_TEST(console_dot3_sweeps),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
