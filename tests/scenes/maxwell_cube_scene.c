/* The Maxwell cube sample scenes (maxwell_cube_scene.h). Methods are
 * clb197.h (3D) and clb0b5.h (DMA) byte offsets / 4. */
#include "scenes/maxwell_cube_scene.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scenes/maxwell_draw_scene.h"
#include "support/maxwell_tex_support.h"
#include "support/test_support.h"

#define M(byte_offset) ((byte_offset) / 4u)
#define UBO_OFF 0x30000u     /* c2: mvp (64 bytes) and tint (16) */
#define STAGING_OFF 0x58000u /* the BC1 blocks, pitch */
#define PB_OFF 0x80000u      /* the pushbuffer */
#define ZT_OFF 0x20000u      /* in the block-linear memory: ZF32 */
#define TEX_OFF 0x40000u     /* 12x8 texels */
/* TM_CUBE_MSAA's block-linear memory: the 256x256 colour and depth sample
 * images, the texture, the resolved target */
#define MS_ZT_OFF 0x40000u
#define MS_TEX_OFF 0x80000u
#define MS_RESOLVED_OFF 0xC0000u
#define TEX_W 12u
#define TEX_H 8u
#define VERTS 36u

static const uint8_t rgba_faces[6][4] = {{255, 0, 0, 255}, {0, 255, 0, 255},   {0, 0, 255, 255},
                                          {255, 255, 0, 255}, {255, 0, 255, 255}, {0, 255, 255, 255}};
/* BC1 blocks, one per face: colour0 > colour1 (the four-colour mode), all
 * sixteen indices face % 4 */
static const uint16_t bc1_colors[6][2] = {{0xF800, 0x001F}, {0x07E0, 0x0010}, {0xFFE0, 0x0400},
                                          {0xF81F, 0x2104}, {0x8410, 0x0000}, {0xFD20, 0x0841}};

static void bc1_block(uint32_t face, uint8_t out[8])
{
    const uint32_t idx = face % 4, bits = idx | idx << 2 | idx << 4 | idx << 6;
    out[0] = (uint8_t)bc1_colors[face][0], out[1] = (uint8_t)(bc1_colors[face][0] >> 8);
    out[2] = (uint8_t)bc1_colors[face][1], out[3] = (uint8_t)(bc1_colors[face][1] >> 8);
    memset(out + 4, (int)bits, 4);
}

/* A BC1 texel's colour (S3TC as the EXT_texture_compression_s3tc spec
 * gives it: 5- and 6-bit fields widened by replicating their top bits, the
 * two interpolated colours (2 c0 + c1) / 3 and (c0 + 2 c1) / 3 in the
 * four-colour mode, else (c0 + c1) / 2 and transparent black). */
static void bc1_decode(const uint8_t b[8], uint32_t texel, uint8_t out[4])
{
    const uint16_t c[2] = {(uint16_t)(b[0] | b[1] << 8), (uint16_t)(b[2] | b[3] << 8)};
    double rgb[2][3];
    for (int i = 0; i < 2; i++) {
        const uint32_t r = c[i] >> 11, g = c[i] >> 5 & 63, bl = c[i] & 31;
        rgb[i][0] = (r << 3 | r >> 2), rgb[i][1] = (g << 2 | g >> 4), rgb[i][2] = (bl << 3 | bl >> 2);
    }
    const uint32_t bits = (uint32_t)b[4] | (uint32_t)b[5] << 8 | (uint32_t)b[6] << 16 | (uint32_t)b[7] << 24;
    const uint32_t idx = bits >> (2 * texel) & 3;
    out[3] = 255;
    for (int k = 0; k < 3; k++) {
        double v;
        if (idx < 2)
            v = rgb[idx][k];
        else if (c[0] > c[1])
            v = idx == 2 ? (2 * rgb[0][k] + rgb[1][k]) / 3 : (rgb[0][k] + 2 * rgb[1][k]) / 3;
        else
            v = idx == 2 ? (rgb[0][k] + rgb[1][k]) / 2 : 0;
        out[k] = (uint8_t)lrint(v);
    }
    if (c[0] <= c[1] && idx == 3)
        out[3] = 0;
}

void tm_cube_face_color(tm_cube_kind kind, uint32_t face, uint8_t out[4])
{
    if (kind != TM_CUBE_BC1) {
        memcpy(out, rgba_faces[face], 4);
        return;
    }
    uint8_t b[8];
    bc1_block(face, b);
    bc1_decode(b, 5 /* texel (1, 1), where the face's texture coordinate lands */, out);
}

/* Cube vertices: face f's two triangles, its corners (+-1); the face's
 * texture coordinate, texel (1, 1) of its 4x4 region, on every vertex. */
static void cube_vertices(float pos[VERTS][4], float uv[VERTS][4])
{
    static const int8_t n[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    static const int corner[6] = {0, 1, 2, 0, 2, 3};
    for (uint32_t f = 0; f < 6; f++) {
        const int ax = n[f][0] ? 0 : n[f][1] ? 1 : 2, u = (ax + 1) % 3, v = (ax + 2) % 3;
        for (uint32_t k = 0; k < 6; k++) {
            const int c = corner[k];
            float p[3];
            p[ax] = (float)(n[f][0] + n[f][1] + n[f][2]);
            p[u] = c == 0 || c == 3 ? -1.0f : 1.0f;
            p[v] = c == 0 || c == 1 ? -1.0f : 1.0f;
            float *o = pos[f * 6 + k];
            o[0] = p[0], o[1] = p[1], o[2] = p[2], o[3] = 1;
            float *t = uv[f * 6 + k];
            t[0] = ((float)(f % 3) * 4 + 1.5f) / TEX_W;
            t[1] = ((float)(f / 3) * 4 + 1.5f) / TEX_H;
            t[2] = 0, t[3] = 1;
        }
    }
}

static void mat_mul(const double a[4][4], const double b[4][4], double out[4][4])
{
    double r[4][4];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            r[i][j] = 0;
            for (int k = 0; k < 4; k++)
                r[i][j] += a[i][k] * b[k][j];
        }
    memcpy(out, r, sizeof r);
}

/* Cube c's model-view-projection in frame f, row-major [row][col], in
 * float (the UBO's values; the model reads the same floats). */
static void cube_mvp(uint32_t c, uint32_t f, float out[4][4])
{
    const double a = 0.4 + 0.6 * f + 0.9 * c, b = 0.7 * a, s = 0.6;
    const double t[3] = {c ? 0.45 : -0.55, c ? -0.1 : 0.1, c ? -5.2 : -3.0};
    const double ry[4][4] = {{cos(a), 0, sin(a), 0}, {0, 1, 0, 0}, {-sin(a), 0, cos(a), 0}, {0, 0, 0, 1}};
    const double rx[4][4] = {{1, 0, 0, 0}, {0, cos(b), -sin(b), 0}, {0, sin(b), cos(b), 0}, {0, 0, 0, 1}};
    const double ts[4][4] = {{s, 0, 0, t[0]}, {0, s, 0, t[1]}, {0, 0, s, t[2]}, {0, 0, 0, 1}};
    const double fy = 1.0 / tan(30.0 * 3.14159265358979 / 180.0), zn = 1, zf = 10;
    const double p[4][4] = {{fy, 0, 0, 0}, {0, fy, 0, 0}, {0, 0, (zf + zn) / (zn - zf), 2 * zf * zn / (zn - zf)},
                            {0, 0, -1, 0}};
    double m[4][4];
    mat_mul(ry, rx, m);
    mat_mul(ts, m, m);
    mat_mul(p, m, m);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            out[i][j] = (float)m[i][j];
}

bool tm_cube_available(void)
{
    return tmc_dir() != NULL;
}

static void set(tm_pb *pb, uint32_t byte_offset, uint32_t v)
{
    tm_set1(pb, TM_SUB_3D, M(byte_offset), v);
}

static void dma(tm_pb *pb, uint32_t byte_offset, uint32_t v)
{
    tm_set1(pb, TM_SUB_DMA, M(byte_offset), v);
}

/* Setup: target, zeta, programs, vertices, texture pools, depth state. */
static void setup(tm_cube_kind kind, tm_pb *pb, uint8_t *rt, uint8_t *data, const tmc_shader *vs,
                  const tmc_shader *fs)
{
    const bool ms = kind == TM_CUBE_MSAA;
    tm_bind_all(pb);
    tmd_target(pb, TM_CUBE_RT_VA, TM_CUBE_W, TM_CUBE_H, 0xD5);
    tmd_zeta(pb, TM_CUBE_RT_VA + (ms ? MS_ZT_OFF : ZT_OFF), TM_CUBE_W, TM_CUBE_H, 0x0A /* ZF32 */);
    if (ms)
        set(pb, 0x15d0, 2); /* SET_ANTI_ALIAS: MODE_2X2, for the colour and depth targets */
    set(pb, 0x12cc, 1);      /* SET_DEPTH_TEST */
    set(pb, 0x12e8, 1);      /* SET_DEPTH_WRITE */
    set(pb, 0x130c, 0x0201); /* SET_DEPTH_FUNC OGL_LESS */
    set(pb, 0x0d90, tm_u(1.0f)); /* SET_Z_CLEAR_VALUE */
    tmd_programs(pb, data, TM_CUBE_DATA_VA, vs, fs);
    /* c2 of the vertex stage: the UBO the loads write */
    const uint64_t ubo = TM_CUBE_DATA_VA + UBO_OFF;
    set(pb, 0x2380, 0x100);
    set(pb, 0x2384, (uint32_t)(ubo >> 32));
    set(pb, 0x2388, (uint32_t)ubo);
    set(pb, 0x2410, 1u | 2u << 4); /* BIND_GROUP_CONSTANT_BUFFER(0): VALID, slot 2 */
    float pos[VERTS][4], uv[VERTS][4];
    cube_vertices(pos, uv);
    tmd_attribute(pb, data, TM_CUBE_DATA_VA, 0, 0, &pos[0][0], VERTS);
    tmd_attribute(pb, data, TM_CUBE_DATA_VA, 1, 1, &uv[0][0], VERTS);
    /* the texture: header 0 and sampler 0 (nearest, clamp to edge) */
    const uint64_t tex = TM_CUBE_RT_VA + (ms ? MS_TEX_OFF : TEX_OFF);
    const tmt_tic_desc td = {.components = kind == TM_CUBE_BC1 ? 0x24 : 0x08, .type = 2, .texture_type = 1,
                             .width = TEX_W, .height = TEX_H, .levels = 1, .bh = 0};
    uint32_t tic[8], tsc[8] = {2u | 2u << 3 | 2u << 6, 1u | 1u << 4 | 1u << 6, 0, 0, 0, 0, 0, 0};
    tmt_make_tic(&td, tex, tic);
    memcpy(data + TMD_TIC, tic, 32);
    memcpy(data + TMD_TSC, tsc, 32);
    const uint64_t tic_pool = TM_CUBE_DATA_VA + TMD_TIC, tsc_pool = TM_CUBE_DATA_VA + TMD_TSC;
    set(pb, 0x1574, (uint32_t)(tic_pool >> 32)); /* SET_TEX_HEADER_POOL_A/B/C */
    set(pb, 0x1578, (uint32_t)tic_pool);
    set(pb, 0x157c, 15);
    set(pb, 0x155c, (uint32_t)(tsc_pool >> 32)); /* SET_TEX_SAMPLER_POOL_A/B/C */
    set(pb, 0x1560, (uint32_t)tsc_pool);
    set(pb, 0x1564, 15);
    if (kind != TM_CUBE_BC1) {
        /* the core writes the texels in place, block-linear */
        tmt_model m;
        tmt_model_init(&m, TEX_W, TEX_H, 1, 4, 1, 0);
        for (uint32_t y = 0; y < TEX_H; y++)
            for (uint32_t x = 0; x < TEX_W; x++)
                memcpy(rt + (ms ? MS_TEX_OFF : TEX_OFF) + tmt_model_at(&m, 0, 0, x * 4, y),
                       rgba_faces[(y / 4) * 3 + x / 4], 4);
        return;
    }
    /* the core writes BC1 blocks (3 x 2, 24 bytes a row) into pitch memory;
     * the DMA engine copies them into the texture: one-byte elements, 24 x 2,
     * to a block-linear surface 24 bytes wide, 2 rows, one GOB tall */
    for (uint32_t face = 0; face < 6; face++)
        bc1_block(face, data + STAGING_OFF + (face / 3) * 24 + (face % 3) * 8);
    const uint64_t src = TM_CUBE_DATA_VA + STAGING_OFF;
    dma(pb, 0x400, (uint32_t)(src >> 32)); /* OFFSET_IN_UPPER/LOWER */
    dma(pb, 0x404, (uint32_t)src);
    dma(pb, 0x408, (uint32_t)(tex >> 32)); /* OFFSET_OUT_UPPER/LOWER */
    dma(pb, 0x40c, (uint32_t)tex);
    dma(pb, 0x410, 24); /* PITCH_IN */
    dma(pb, 0x418, 24); /* LINE_LENGTH_IN */
    dma(pb, 0x41c, 2);  /* LINE_COUNT */
    const uint32_t bl[6] = {0u << 4 | 1u << 12 /* GOB_HEIGHT_FERMI_8 */, 24, 2, 1, 0, 0};
    for (uint32_t i = 0; i < 6; i++)
        dma(pb, 0x70c + 4 * i, bl[i]); /* SET_DST_BLOCK_SIZE, WIDTH, HEIGHT, DEPTH, LAYER, ORIGIN */
    dma(pb, 0x300, 2u | 1u << 7 | 1u << 9); /* LAUNCH_DMA: NON_PIPELINED, SRC pitch, DST block-linear, MULTI_LINE */
}

/* The 2D engine's resolve, as a driver issues it (cl902d.h): the 256x256
 * sample image as an A8B8G8R8 source, the 128x128 target as the
 * destination (both block-linear, 2 GOBs a block), SRCCOPY, BILINEAR with
 * the CENTER origin, DU_DX = DV_DY = 2: each pixel the mean of its 2x2
 * block (the front end's model, docs/maxwell-memory.md). */
static void resolve(tm_pb *pb)
{
    const uint64_t src = TM_CUBE_RT_VA, dst = TM_CUBE_RT_VA + MS_RESOLVED_OFF;
    /* SRC_FORMAT, MEMORY_LAYOUT (BLOCKLINEAR), BLOCK_SIZE, DEPTH, -, PITCH, WIDTH, HEIGHT, OFFSET_UPPER/LOWER */
    const uint32_t sv[10] = {0xD5, 0, 1u << 4, 1, 0, 0, TM_CUBE_W * 2, TM_CUBE_H * 2, (uint32_t)(src >> 32),
                             (uint32_t)src};
    tm_inc(pb, TM_SUB_2D, M(0x230), 10, sv);
    const uint32_t dv[10] = {0xD5, 0, 1u << 4, 1, 0, 0, TM_CUBE_W, TM_CUBE_H, (uint32_t)(dst >> 32), (uint32_t)dst};
    tm_inc(pb, TM_SUB_2D, M(0x200), 10, dv);
    tm_set1(pb, TM_SUB_2D, M(0x290), 0);    /* SET_CLIP_ENABLE off */
    tm_set1(pb, TM_SUB_2D, M(0x2AC), 3);    /* SET_OPERATION SRCCOPY */
    tm_set1(pb, TM_SUB_2D, M(0x88C), 0x10); /* SET_PIXELS_FROM_MEMORY_SAMPLE_MODE: BILINEAR, ORIGIN_CENTER */
    /* DST_X0, Y0, WIDTH, HEIGHT, DU_DX FRAC/INT, DV_DY FRAC/INT, SRC_X0 FRAC/INT, SRC_Y0 FRAC/INT (the last starts it) */
    const uint32_t p[12] = {0, 0, TM_CUBE_W, TM_CUBE_H, 0, 2, 0, 2, 0, 0, 0, 0};
    tm_inc(pb, TM_SUB_2D, M(0x8B0), 12, p);
}

void tm_cube_run(tm_cube_kind kind, glhle_maxwell *gpu, uint8_t *rt, uint8_t *data, tm_cube_frame_fn on_frame,
                 void *user)
{
    tmc_shader vs, fs;
    assert_true(tmc_load("ubo_matrix_vsh", &vs));
    assert_true(tmc_load("texture_fsh", &fs));
    memset(rt, 0, TM_CUBE_MEM);
    memset(data, 0, TM_CUBE_MEM);
    assert_int_equal(glhle_maxwell_map(gpu, TM_CUBE_RT_VA, rt, TM_CUBE_MEM, GLHLE_MAXWELL_KIND_GENERIC_16BX2),
                     GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, TM_CUBE_DATA_VA, data, TM_CUBE_MEM, GLHLE_MAXWELL_KIND_PITCH),
                     GLHLE_RESULT_OK);
    for (uint32_t f = 0; f < TM_CUBE_FRAMES; f++) {
        tm_pb pb;
        tm_pb_init(&pb);
        if (f == 0)
            setup(kind, &pb, rt, data, &vs, &fs);
        const uint32_t c[4] = {tm_u(0.2f), tm_u(0.2f), tm_u(0.4f), tm_u(1.0f)};
        tm_inc(&pb, TM_SUB_3D, M(0x0d80), 4, c); /* SET_COLOR_CLEAR_VALUE */
        set(&pb, 0x19d0, 0x3D);                  /* CLEAR_SURFACE: Z, R, G, B, A */
        for (uint32_t cube = 0; cube < 2; cube++) {
            float m[4][4];
            cube_mvp(cube, f, m);
            uint32_t words[20];
            for (int col = 0; col < 4; col++)
                for (int row = 0; row < 4; row++)
                    words[col * 4 + row] = tm_u(m[row][col]); /* std140 mat4: columns */
            const float tint[4] = {1, 1, 0, 0};
            for (int k = 0; k < 4; k++)
                words[16 + k] = tm_u(tint[k]);
            set(&pb, 0x238c, 0);                              /* LOAD_CONSTANT_BUFFER_OFFSET */
            tm_noninc(&pb, TM_SUB_3D, M(0x2390), 20, words);  /* LOAD_CONSTANT_BUFFER */
            set(&pb, 0x1214, VERTS << 16 | 4u << 28);         /* one-word draw: 36 vertices, TRIANGLES */
        }
        if (kind == TM_CUBE_MSAA)
            resolve(&pb);
        assert_true(pb.n * 4u <= TM_CUBE_MEM - PB_OFF);
        tmd_submit_and_present(gpu, &pb, data, TM_CUBE_DATA_VA, PB_OFF, 2,
                               TM_CUBE_RT_VA + (kind == TM_CUBE_MSAA ? MS_RESOLVED_OFF : 0), TM_CUBE_W, TM_CUBE_H);
        tm_pb_free(&pb);
        if (on_frame)
            on_frame(user, gpu, f);
    }
    tmc_free(&vs);
    tmc_free(&fs);
}

/* ---- the CPU model ---- */

typedef struct sv {
    double x, y, z; /* target pixels (rows down), depth 0..1 */
} sv;

static double seg_dist(const sv *a, const sv *b, double px, double py)
{
    const double dx = b->x - a->x, dy = b->y - a->y, l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? ((px - a->x) * dx + (py - a->y) * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(px - (a->x + t * dx), py - (a->y + t * dy));
}

/* frame f's vertices in target pixels */
static void screen_vertices(uint32_t f, sv v[2][VERTS])
{
    float pos[VERTS][4], uv[VERTS][4];
    cube_vertices(pos, uv);
    for (uint32_t c = 0; c < 2; c++) {
        float m[4][4];
        cube_mvp(c, f, m);
        for (uint32_t i = 0; i < VERTS; i++) {
            double clip[4];
            for (int r = 0; r < 4; r++)
                clip[r] = (double)m[r][0] * pos[i][0] + (double)m[r][1] * pos[i][1] + (double)m[r][2] * pos[i][2] +
                          (double)m[r][3];
            /* tmd_target's viewport: x, y scale W/2, H/2 and offset the same; z 0.5, 0.5 */
            v[c][i] = (sv){(clip[0] / clip[3] * 0.5 + 0.5) * TM_CUBE_W, (clip[1] / clip[3] * 0.5 + 0.5) * TM_CUBE_H,
                           clip[2] / clip[3] * 0.5 + 0.5};
        }
    }
}

/* The nearest face at target point (px, py) (-1: none), and whether the
 * point lies within r of a face's edge. */
static int face_at(const sv v[2][VERTS], double px, double py, double r, bool *near_out)
{
    static const int quad[4] = {0, 1, 2, 5}; /* a face's corners among its six vertices */
    double best = 1.0;
    int face = -1;
    bool near = false;
    for (uint32_t c = 0; c < 2; c++)
        for (uint32_t t = 0; t < VERTS / 3; t++) {
            const sv *a = &v[c][t * 3], *b = &v[c][t * 3 + 1], *d = &v[c][t * 3 + 2];
            const double area = (b->x - a->x) * (d->y - a->y) - (b->y - a->y) * (d->x - a->x);
            if (fabs(area) < 1e-12)
                continue;
            const double w0 = ((b->x - px) * (d->y - py) - (b->y - py) * (d->x - px)) / area;
            const double w1 = ((d->x - px) * (a->y - py) - (d->y - py) * (a->x - px)) / area;
            const double w2 = 1 - w0 - w1;
            if (w0 < 0 || w1 < 0 || w2 < 0)
                continue;
            const double z = w0 * a->z + w1 * b->z + w2 * d->z;
            if (z < best) {
                best = z;
                face = (int)(t / 2);
            }
        }
    for (uint32_t c = 0; c < 2 && !near; c++)
        for (uint32_t fc = 0; fc < 6 && !near; fc++)
            for (int k = 0; k < 4 && !near; k++)
                near = seg_dist(&v[c][fc * 6 + quad[k]], &v[c][fc * 6 + quad[(k + 1) % 4]], px, py) < r;
    *near_out = near;
    return face;
}

static void colour_of(tm_cube_kind kind, int face, uint8_t *o)
{
    if (face < 0) {
        o[0] = 51, o[1] = 51, o[2] = 102, o[3] = 255;
    } else {
        tm_cube_face_color(kind, (uint32_t)face % 6, o);
    }
}

void tm_cube_model(tm_cube_kind kind, uint32_t f, uint32_t scale, uint8_t *rgba, uint8_t *edge)
{
    sv v[2][VERTS];
    screen_vertices(f, v);
    const uint32_t w = TM_CUBE_W * scale, h = TM_CUBE_H * scale;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            bool near;
            const int face = face_at(v, (x + 0.5) / scale, (y + 0.5) / scale, 1.0 / scale, &near);
            colour_of(kind, face, rgba + ((size_t)y * w + x) * 4);
            edge[(size_t)y * w + x] = near;
        }
}

void tm_cube_samples(uint32_t f, uint32_t scale, uint8_t *rgba, uint8_t *near)
{
    static const int POS4[4][2] = {{6, 2}, {14, 6}, {2, 10}, {10, 14}}; /* 1/16 pixel */
    sv v[2][VERTS];
    screen_vertices(f, v);
    const uint32_t w = TM_CUBE_W * scale, h = TM_CUBE_H * scale, k = scale;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            const bool rep = x % k == k / 2 && y % k == k / 2;
            bool any = false;
            for (int i = 0; i < 4; i++) {
                /* the sample's place in target pixels, and how far from it it may have been drawn */
                const double px = rep ? x / k + POS4[i][0] / 16.0 : (x + POS4[i][0] / 16.0) / k;
                const double py = rep ? y / k + POS4[i][1] / 16.0 : (y + POS4[i][1] / 16.0) / k;
                const double r = (rep && k > 1 ? 1.0 / k : 0.0) + 1.0 / 64;
                bool n;
                colour_of(TM_CUBE_MSAA, face_at(v, px, py, r, &n), rgba + ((size_t)y * w + x) * 16 + i * 4);
                any |= n;
            }
            near[(size_t)y * w + x] = any;
        }
}
