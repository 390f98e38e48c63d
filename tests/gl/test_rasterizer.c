/* backend/pica/draw/rasterizer.c on llvmpipe: command lists through the whole
 * pipeline (command processor, CPU vertex path, program and state, surface
 * cache) into guest memory, flushed and decoded with the texture codec, and
 * compared with expectations computed here from the register values:
 * covered pixels of a flat triangle (edges placed so no pixel centre lies
 * on one), both windings culled, depth test and write on a known depth
 * buffer, z- against w-buffering, every blend factor and equation (MIN and
 * MAX with factors through framebuffer fetch and through texture barriers) and every
 * logic op on known colours, colour masks, both scissor modes, stencil
 * tests and operations, the user clip plane, nearest texture sampling with
 * wraps and border colours, cube-map faces, a shadow map, the render target sampled in its
 * own draw, immediate-mode vertices, the fragment model
 * (shadergen/pica_ref.c) for a combiner chain; every generated program
 * links; the error paths skip the draw and leave the instance drawing. */
#include "support/test_support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_state.h"
#include "backend/pica/fragment/fs_key.h"
#include "backend/pica/pica_instance.h"
#include "backend/pica/draw/rasterizer.h"
#include "backend/pica/texture/texcodec.h"
#include "shadergen/pica_ref.h"
#include "support/pica_draw_support.h"
#include "support/pica_fs_random.h"

#define W 64
#define H 64

typedef struct rgba {
    uint8_t r, g, b, a;
} rgba;

static uint32_t pack(rgba c)
{
    return (uint32_t)c.r | (uint32_t)c.g << 8 | (uint32_t)c.b << 16 | (uint32_t)c.a << 24;
}

/* A vertex at window position (x, y) of a W x H viewport at the origin,
 * with clip-space z and w. */
static pd_vertex vtx(float x, float y, float z, float w, rgba c)
{
    pd_vertex v;
    memset(&v, 0, sizeof v);
    v.pos[0] = pd_clip_coord(x, W) * w;
    v.pos[1] = pd_clip_coord(y, H) * w;
    v.pos[2] = z;
    v.pos[3] = w;
    v.color[0] = c.r / 255.0f;
    v.color[1] = c.g / 255.0f;
    v.color[2] = c.b / 255.0f;
    v.color[3] = c.a / 255.0f;
    return v;
}

/* Two counter-clockwise triangles covering window [x0, x1) x [y0, y1);
 * texture coordinates run (u0, v0) at (x0, y0) to (u1, v1) at (x1, y1). */
static void quad(pd_vertex *v, float x0, float y0, float x1, float y1, float z, float w, rgba c, float u0, float v0,
                 float u1, float v1)
{
    const float xs[6] = {x0, x1, x1, x0, x1, x0}, ys[6] = {y0, y0, y1, y0, y1, y1};
    for (int i = 0; i < 6; i++) {
        v[i] = vtx(xs[i], ys[i], z, w, c);
        v[i].tc[0] = xs[i] == x0 ? u0 : u1;
        v[i].tc[1] = ys[i] == y0 ? v0 : v1;
    }
}

static void put_quad(pd_env *e, float z, float w, rgba c, float u0, float v0, float u1, float v1)
{
    pd_vertex v[6];
    quad(v, 0, 0, W, H, z, w, c, u0, v0, u1, v1);
    pd_put_vertices(e, v, 6);
}

static rgba px(const glhle_image *img, uint32_t x, uint32_t y_window)
{
    const uint8_t *p = ts_pixel(img, x, H - 1 - y_window);
    return (rgba){p[0], p[1], p[2], p[3]};
}

/* The expected image from a function of window coordinates. */
typedef rgba (*expect_fn)(void *user, int x, int y);
static void expect_image(const char *name, const glhle_image *actual, expect_fn f, void *user, uint32_t tol)
{
    glhle_image e;
    assert_int_equal(glhle_image_alloc(&e, W, H), GLHLE_RESULT_OK);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            rgba c = f(user, x, y);
            uint8_t *p = e.rgba + ((size_t)(H - 1 - y) * W + (size_t)x) * 4;
            p[0] = c.r;
            p[1] = c.g;
            p[2] = c.b;
            p[3] = c.a;
        }
    ts_assert_image(name, &e, actual, tol, 0);
    glhle_image_free(&e);
}

static pica_rasterizer_stats rstats(pd_env *e)
{
    pica_rasterizer_stats s;
    pica_rasterizer_get_stats(e->pica->rasterizer, &s);
    return s;
}

/* A list that sets up an RGBA8 W x H colour buffer (and a D24S8 depth
 * buffer when `depth`), the pass-through program and the primary colour
 * to the output. */
static void setup(tp_cmdbuf *b, bool depth)
{
    tp_cmd_init(b);
    pd_target(b, PD_COLOR, 0, depth ? PD_DEPTH : 0, 3, W, H);
    pd_program(b, 3);
}

static void run_ok(pd_env *e, tp_cmdbuf *b)
{
    glhle_pica_run_result res;
    assert_int_equal(pd_run(e, b, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    tp_cmd_free(b);
}

/* Extra register writes of one test case. */
typedef void (*state_fn)(tp_cmdbuf *b, const void *arg);

/* setup(), f(b, arg) (may be NULL), a triangle-list draw of the first n
 * vertices at PD_VERTICES; then the colour buffer into img. */
static void draw_and_read(pd_env *e, uint32_t n, bool depth, state_fn f, const void *arg, glhle_image *img)
{
    tp_cmdbuf b;
    setup(&b, depth);
    if (f)
        f(&b, arg);
    pd_draw(&b, 0, n, 0);
    run_ok(e, &b);
    pd_read_color(e, PD_COLOR, 0, W, H, img);
}

/* A viewport-filling quad at clip (z, w) in colour c into memory. */
static void put_quad(pd_env *e, float z, float w, rgba c, float u0, float v0, float u1, float v1);

/* ---- a flat triangle ----------------------------------------------------------------------------------- */

static const rgba TRI_COLOR = {51, 102, 153, 204};

/* The triangle (8, 8), (56, 8), (8, 40): the hypotenuse is 32x + 48y = 2176,
 * and 32(i + .5) + 48(j + .5) = 2176 has no integer solution (4i + 6j =
 * 267 is odd), the other edges lie on integers: no pixel centre is on an
 * edge, so the covered pixels are exactly those whose centre is inside. */
static bool in_triangle(int x, int y)
{
    const float cx = x + 0.5f, cy = y + 0.5f;
    return cx > 8 && cy > 8 && 32 * cx + 48 * cy < 2176;
}

static rgba expect_triangle(void *user, int x, int y)
{
    const rgba *bg = user;
    return in_triangle(x, y) ? TRI_COLOR : *bg;
}

static void put_triangle(pd_env *e, bool clockwise)
{
    pd_vertex v[3] = {vtx(8, 8, -0.5f, 1, TRI_COLOR), vtx(56, 8, -0.5f, 1, TRI_COLOR), vtx(8, 40, -0.5f, 1, TRI_COLOR)};
    if (clockwise) {
        pd_vertex t = v[1];
        v[1] = v[2];
        v[2] = t;
    }
    pd_put_vertices(e, v, 3);
}

static void flat_triangle(void **state)
{
    pd_env e;
    pd_env_init(&e, *state, 1);
    put_triangle(&e, false);
    glhle_image img;
    draw_and_read(&e, 3, false, NULL, NULL, &img);
    rgba bg = {0, 0, 0, 0};
    expect_image("rasterizer_flat_triangle", &img, expect_triangle, &bg, 0);
    /* a spot check by hand: (9, 9) inside, (40, 30) outside (32*40.5 + 48*30.5 = 2760) */
    assert_int_equal(pack(px(&img, 9, 9)), pack(TRI_COLOR));
    assert_int_equal(pack(px(&img, 40, 30)), 0);
    pica_rasterizer_stats s = rstats(&e);
    assert_int_equal(s.draws, 1);
    assert_int_equal(s.triangles, 1);
    glhle_image_free(&img);
    pd_env_free(&e);
}

/* The same triangle sent as four immediate-mode vertices... three:
 * FIXEDATTRIB_INDEX 0xF, then per attribute three f24 words
 * (3dbrew GPUREG_FIXEDATTRIB_INDEX). */
static void immediate_triangle(void **state)
{
    pd_env e;
    pd_env_init(&e, *state, 1);
    tp_cmdbuf b;
    setup(&b, false);
    tp_cmd(&b, 0x25E, 0x2, false, (const uint32_t[1]){0}, 1);
    tp_cmd1(&b, 0x25F, 1);
    tp_cmd1(&b, 0x245, 0);
    tp_cmd1(&b, 0x232, 0xF);
    const pd_vertex v[3] = {vtx(8, 8, -0.5f, 1, TRI_COLOR), vtx(56, 8, -0.5f, 1, TRI_COLOR),
                            vtx(8, 40, -0.5f, 1, TRI_COLOR)};
    for (int i = 0; i < 3; i++) {
        const float *attr[3] = {v[i].pos, v[i].color, v[i].tc};
        const int n[3] = {4, 4, 2};
        for (int a = 0; a < 3; a++) {
            uint32_t raw[4] = {0, 0, 0, 0};
            for (int c = 0; c < n[a]; c++)
                raw[c] = glhle_float_to_f24(attr[a][c]);
            uint32_t packed[3];
            tp_pack_f24x4(raw, packed);
            tp_cmd(&b, 0x233, 0xF, true, packed, 3);
        }
    }
    tp_cmd1(&b, 0x245, 1);
    tp_cmd1(&b, 0x231, 1);
    tp_cmd1(&b, 0x111, 1);
    run_ok(&e, &b);
    glhle_image img;
    pd_read_color(&e, PD_COLOR, 0, W, H, &img);
    rgba bg = {0, 0, 0, 0};
    expect_image("rasterizer_immediate_triangle", &img, expect_triangle, &bg, 0);
    glhle_image_free(&img);
    pd_env_free(&e);
}

/* ---- culling -------------------------------------------------------------------------------------------- */

static rgba expect_cull(void *user, int x, int y)
{
    const bool *drawn = user;
    return drawn[0] && in_triangle(x, y) ? TRI_COLOR : (rgba){0, 0, 0, 0};
}

static void set_cull(tp_cmdbuf *b, const void *arg)
{
    pd_cull(b, *(const uint32_t *)arg);
}

static void culling_both_windings(void **state)
{
    /* FACECULLING_CONFIG 1 drops counter-clockwise triangles, 2 clockwise
     * ones, 0 none (3dbrew; window coordinates with y up) */
    static const struct {
        uint32_t mode;
        bool cw, drawn;
    } cases[] = {
        {0, false, true}, {0, true, true}, {1, false, false}, {1, true, true}, {2, false, true}, {2, true, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pd_env e;
        pd_env_init(&e, *state, 1);
        put_triangle(&e, cases[i].cw);
        glhle_image img;
        draw_and_read(&e, 3, false, set_cull, &cases[i].mode, &img);
        bool drawn = cases[i].drawn;
        print_message("cull mode %u, %s: %s\n", cases[i].mode, cases[i].cw ? "clockwise" : "counter-clockwise",
                      drawn ? "drawn" : "culled");
        expect_image("rasterizer_cull", &img, expect_cull, &drawn, 0);
        glhle_image_free(&img);
        pd_env_free(&e);
    }
}

/* ---- depth ---------------------------------------------------------------------------------------------- */

static uint32_t d24(double depth)
{
    return (uint32_t)lround(depth * 16777215.0);
}

static void check_depth_words(const uint32_t *d, uint32_t expect, int tol, const char *what)
{
    for (int i = 0; i < W * H; i++) {
        const int got = (int)(d[i] >> 8), want = (int)(expect >> 8);
        if (abs(got - want) > tol || (d[i] & 0xFF) != (expect & 0xFF))
            fail_msg("%s: pixel %d depth word 0x%08X, expected 0x%08X (+-%d in depth)", what, i, d[i], expect, tol);
    }
}

typedef struct depth_case {
    bool test;
    uint32_t func;
    bool write;
} depth_case;

static void set_depth(tp_cmdbuf *b, const void *arg)
{
    const depth_case *c = arg;
    pd_depth(b, c->test, c->func, 0xF, c->write);
}

static void depth_test_and_write(void **state)
{
    /* depth buffer all 0.5 (depth24 0x7FFFFF) with stencil 0x5A; the test
     * GREATER (the 3DS convention: depth map -1, 0 puts near at 1) */
    static const struct {
        float z;          /* clip z, w = 1: window depth = -z (scale -1, offset 0) */
        bool test, write;
        uint32_t func;
        bool pass;        /* colour written */
        double depth;     /* expected depth afterwards */
    } cases[] = {
        {-0.25f, true, true, 6, false, 0x7FFFFF / 16777215.0}, /* 0.25 > 0.5 fails */
        {-0.75f, true, true, 6, true, 0.75},                     /* passes and writes */
        {-0.75f, true, false, 6, true, 0x7FFFFF / 16777215.0}, /* passes, no write */
        {-0.25f, true, true, 4, true, 0.25},                     /* LESS passes */
        {-0.25f, false, true, 6, true, 0.25},                    /* test off: ALWAYS, still writes */
        {-0.25f, true, true, 0, false, 0x7FFFFF / 16777215.0}, /* NEVER */
    };
    const rgba c = {10, 20, 30, 40};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pd_env e;
        pd_env_init(&e, *state, 1);
        pd_fill_depth(&e, PD_DEPTH, 3, W, H, 0x7FFFFFu << 8 | 0x5A);
        put_quad(&e, cases[i].z, 1, c, 0, 0, 0, 0);
        glhle_image img;
        const depth_case dc = {cases[i].test, cases[i].func, cases[i].write};
        draw_and_read(&e, 6, true, set_depth, &dc, &img);
        const rgba want = cases[i].pass ? c : (rgba){0, 0, 0, 0};
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                assert_int_equal(pack(px(&img, (uint32_t)x, (uint32_t)y)), pack(want));
        uint32_t *d = pd_read_depth(&e, PD_DEPTH, 3, W, H);
        print_message("depth case %zu: z %.2f -> depth 0x%06X (expected 0x%06X)\n", i, (double)cases[i].z, d[0] >> 8,
                      d24(cases[i].depth));
        check_depth_words(d, d24(cases[i].depth) << 8 | 0x5A, 1, "depth");
        free(d);
        glhle_image_free(&img);
        pd_env_free(&e);
    }
}

static void set_depthmap(tp_cmdbuf *b, const void *arg)
{
    pd_depthmap(b, !*(const int *)arg, -0.5f, 0.0625f);
    pd_depth(b, false, 1, 0xF, true);
}

static void wbuffer_against_zbuffer(void **state)
{
    /* clip (z, w) = (-0.5, 2): z/w = -0.25. DEPTHMAP scale -0.5, offset
     * 0.0625 (both exact in f24): z-buffer depth = 0.25 * 0.5 + 0.0625 =
     * 0.1875; w-buffer (z/w * scale + offset) * w = 0.375 (pica-facts.md;
     * Azahar) */
    const rgba c = {1, 2, 3, 4};
    for (int wbuf = 0; wbuf < 2; wbuf++) {
        pd_env e;
        pd_env_init(&e, *state, 1);
        put_quad(&e, -0.5f, 2.0f, c, 0, 0, 0, 0);
        glhle_image img;
        draw_and_read(&e, 6, true, set_depthmap, &wbuf, &img);
        glhle_image_free(&img);
        uint32_t *d = pd_read_depth(&e, PD_DEPTH, 3, W, H);
        const double want = wbuf ? 0.375 : 0.1875;
        print_message("%s: depth 0x%06X, expected 0x%06X\n", wbuf ? "w-buffer" : "z-buffer", d[0] >> 8, d24(want));
        check_depth_words(d, d24(want) << 8, 1, wbuf ? "w-buffer" : "z-buffer");
        free(d);
        pd_env_free(&e);
    }
}

/* ---- blending and logic ops ------------------------------------------------------------------------------ */

static const rgba SRC = {60, 120, 180, 64};
static const rgba DST = {200, 100, 50, 128};
static const rgba CONST = {30, 90, 150, 210};

static double factor(uint32_t f, int ch, const double s[4], const double d[4], const double k[4])
{
    switch (f) {
    case 0: return 0;
    case 1: return 1;
    case 2: return s[ch];
    case 3: return 1 - s[ch];
    case 4: return d[ch];
    case 5: return 1 - d[ch];
    case 6: return s[3];
    case 7: return 1 - s[3];
    case 8: return d[3];
    case 9: return 1 - d[3];
    case 10: return k[ch];
    case 11: return 1 - k[ch];
    case 12: return k[3];
    case 13: return 1 - k[3];
    case 14: return ch == 3 ? 1 : fmin(s[3], 1 - d[3]);
    default: return 1; /* 15 acts as ONE (Azahar pica_to_gl.h) */
    }
}

/* MIN (3) and MAX (4) in the hardware's integer form, factors applied:
 * min(s * sf, d * df) / 255 per channel (Azahar's software framebuffer,
 * EvaluateBlendEquation), for `src` blended over `dst`. */
static rgba minmax_expect(uint32_t eq, uint32_t sf, uint32_t df, rgba src, rgba dst)
{
    const int s[4] = {src.r, src.g, src.b, src.a}, d[4] = {dst.r, dst.g, dst.b, dst.a};
    const int k[4] = {CONST.r, CONST.g, CONST.b, CONST.a};
    uint8_t out[4];
    for (int ch = 0; ch < 4; ch++) {
        int f[2];
        for (int side = 0; side < 2; side++) {
            switch (side ? df : sf) {
            case 0: f[side] = 0; break;
            case 2: f[side] = s[ch]; break;
            case 3: f[side] = 255 - s[ch]; break;
            case 4: f[side] = d[ch]; break;
            case 5: f[side] = 255 - d[ch]; break;
            case 6: f[side] = s[3]; break;
            case 7: f[side] = 255 - s[3]; break;
            case 8: f[side] = d[3]; break;
            case 9: f[side] = 255 - d[3]; break;
            case 10: f[side] = k[ch]; break;
            case 11: f[side] = 255 - k[ch]; break;
            case 12: f[side] = k[3]; break;
            case 13: f[side] = 255 - k[3]; break;
            case 14: f[side] = ch == 3 ? 255 : (s[3] < 255 - d[3] ? s[3] : 255 - d[3]); break;
            default: f[side] = 255; break; /* 1, and 15 acting as ONE */
            }
        }
        const int a = s[ch] * f[0], b = d[ch] * f[1];
        out[ch] = (uint8_t)((eq == 3 ? (a < b ? a : b) : (a > b ? a : b)) / 255);
    }
    return (rgba){out[0], out[1], out[2], out[3]};
}

/* The blend of SRC over `dst`. */
static rgba blend_expect_over(uint32_t eq, uint32_t sf, uint32_t df, rgba dst)
{
    if (eq == 3 || eq == 4)
        return minmax_expect(eq, sf, df, SRC, dst);
    const double s[4] = {SRC.r / 255.0, SRC.g / 255.0, SRC.b / 255.0, SRC.a / 255.0};
    const double d[4] = {dst.r / 255.0, dst.g / 255.0, dst.b / 255.0, dst.a / 255.0};
    const double k[4] = {CONST.r / 255.0, CONST.g / 255.0, CONST.b / 255.0, CONST.a / 255.0};
    uint8_t out[4];
    for (int ch = 0; ch < 4; ch++) {
        const double a = s[ch] * factor(sf, ch, s, d, k), b = d[ch] * factor(df, ch, s, d, k);
        double v;
        switch (eq) {
        case 1: v = a - b; break;
        case 2: v = b - a; break;
        default: v = a + b; break; /* 0, and 5-7 act as add */
        }
        v = v < 0 ? 0 : v > 1 ? 1 : v;
        out[ch] = (uint8_t)lround(v * 255.0);
    }
    return (rgba){out[0], out[1], out[2], out[3]};
}

static rgba blend_expect(uint32_t eq, uint32_t sf, uint32_t df)
{
    return blend_expect_over(eq, sf, df, DST);
}

/* Draws SRC over a buffer of DST with the list's fragment state `times`
 * times (one run each); returns the pixel and the barriers counted. */
static rgba draw_over_dst_n(glhle_context *ctx, state_fn f, const void *arg, bool no_fetch, int times,
                            uint64_t *barriers)
{
    pd_env e;
    pd_env_init_ex(&e, ctx, 1, no_fetch);
    uint8_t *dst = malloc(W * H * 4);
    for (int i = 0; i < W * H; i++)
        memcpy(dst + 4 * i, &DST, 4);
    pd_put_color(&e, PD_COLOR, 0, W, H, dst);
    free(dst);
    put_quad(&e, -0.5f, 1, SRC, 0, 0, 0, 0);
    glhle_image img;
    for (int t = 1; t < times; t++) {
        tp_cmdbuf b;
        setup(&b, false);
        if (f)
            f(&b, arg);
        pd_draw(&b, 0, 6, 0);
        run_ok(&e, &b);
    }
    draw_and_read(&e, 6, false, f, arg, &img);
    if (barriers) {
        /* where the host has no texture barrier (gl_caps_dest_copy), the
         * destination is read from a copy made before each GL draw instead,
         * and no barrier is issued */
        const pica_rasterizer_stats s = rstats(&e);
        if (gl_caps_dest_copy(ctx))
            assert_int_equal(s.texture_barriers, 0);
        else
            assert_int_equal(s.dest_copies, 0);
        *barriers = s.texture_barriers + s.dest_copies;
    }
    const rgba c = px(&img, 5, 7);
    /* the whole buffer is one colour */
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            assert_int_equal(pack(px(&img, (uint32_t)x, (uint32_t)y)), pack(c));
    glhle_image_free(&img);
    pd_env_free(&e);
    return c;
}

/* Draws SRC over a buffer of DST with the list's fragment state; returns the pixel. */
static rgba draw_over_dst(glhle_context *ctx, state_fn f, const void *arg)
{
    return draw_over_dst_n(ctx, f, arg, false, 1, NULL);
}

typedef struct blend_case {
    uint32_t eq, sf, df;
} blend_case;

static void set_blend(tp_cmdbuf *b, const void *arg)
{
    const blend_case *c = arg;
    pd_blend(b, c->eq, c->eq, c->sf, c->df, c->sf, c->df, pack(CONST));
}

static void assert_close(rgba got, rgba want, int tol, const char *what)
{
    if (abs(got.r - want.r) > tol || abs(got.g - want.g) > tol || abs(got.b - want.b) > tol ||
        abs(got.a - want.a) > tol)
        fail_msg("%s: got (%u, %u, %u, %u), expected (%u, %u, %u, %u)", what, got.r, got.g, got.b, got.a, want.r,
                 want.g, want.b, want.a);
}

static void blend_factors_and_equations(void **state)
{
    char what[96];
    /* each factor as the source factor (destination ZERO) and as the
     * destination factor (source ZERO) */
    for (uint32_t f = 0; f < 16; f++)
        for (int side = 0; side < 2; side++) {
            blend_case c = {0, side ? 0 : f, side ? f : 0};
            snprintf(what, sizeof what, "blend add, src factor %u, dst factor %u", c.sf, c.df);
            assert_close(draw_over_dst(*state, set_blend, &c), blend_expect(c.eq, c.sf, c.df), 1, what);
        }
    /* every equation with ONE, ONE; and with SRC_ALPHA, ONE_MINUS_SRC_ALPHA
     * where the equation uses factors */
    for (uint32_t eq = 0; eq < 8; eq++) {
        blend_case c = {eq, 1, 1};
        snprintf(what, sizeof what, "blend equation %u, ONE, ONE", eq);
        assert_close(draw_over_dst(*state, set_blend, &c), blend_expect(eq, 1, 1), 1, what);
        c = (blend_case){eq, 6, 7};
        snprintf(what, sizeof what, "blend equation %u, SRC_ALPHA, ONE_MINUS_SRC_ALPHA", eq);
        assert_close(draw_over_dst(*state, set_blend, &c), blend_expect(eq, 6, 7), 1, what);
    }
}

typedef struct split_blend_case {
    uint32_t eq_rgb, sf_rgb, df_rgb, eq_a, sf_a, df_a;
} split_blend_case;

static void set_split_blend(tp_cmdbuf *b, const void *arg)
{
    const split_blend_case *c = arg;
    pd_blend(b, c->eq_rgb, c->eq_a, c->sf_rgb, c->df_rgb, c->sf_a, c->df_a, pack(CONST));
}

/* MIN and MAX apply the blend factors on the PICA; GL's do not, so the
 * shader blends. Both ways of reading the destination (framebuffer fetch
 * where the driver has it, texture barriers) give the integer result
 * exactly, for every factor on either side, for pairs of factors, with the
 * colour and alpha groups on different equations, and over two draws. */
static void min_max_blend_factors(void **state)
{
    const bool has_fetch = glhle_context_get_info(*state)->framebuffer_fetch;
    char what[128];
    for (int no_fetch = 0; no_fetch < 2; no_fetch++) {
        for (uint32_t eq = 3; eq <= 4; eq++) {
            for (uint32_t f = 0; f < 16; f++)
                for (int side = 0; side < 2; side++) {
                    blend_case c = {eq, side ? 1 : f, side ? f : 1};
                    uint64_t barriers;
                    snprintf(what, sizeof what, "%s, equation %u, factors %u, %u", no_fetch ? "barriers" : "fetch",
                             eq, c.sf, c.df);
                    assert_close(draw_over_dst_n(*state, set_blend, &c, no_fetch, 1, &barriers),
                                 minmax_expect(eq, c.sf, c.df, SRC, DST), 0, what);
                    const bool shader = !((c.sf == 1 || c.sf == 15) && (c.df == 1 || c.df == 15));
                    assert_int_equal(barriers, shader && (no_fetch || !has_fetch) ? 1 : 0);
                }
            static const uint32_t pairs[][2] = {{6, 7}, {2, 5}, {10, 13}, {14, 8}, {11, 12}, {0, 4}};
            for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
                blend_case c = {eq, pairs[i][0], pairs[i][1]};
                snprintf(what, sizeof what, "%s, equation %u, factors %u, %u", no_fetch ? "barriers" : "fetch", eq,
                         c.sf, c.df);
                assert_close(draw_over_dst_n(*state, set_blend, &c, no_fetch, 1, NULL),
                             minmax_expect(eq, c.sf, c.df, SRC, DST), 0, what);
            }
        }
        /* colour MIN with factors in the shader, alpha ADD in GL's blender */
        split_blend_case sc = {3, 6, 9, 0, 6, 7};
        rgba got = draw_over_dst_n(*state, set_split_blend, &sc, no_fetch, 1, NULL);
        rgba want_rgb = minmax_expect(3, 6, 9, SRC, DST), want_a = blend_expect(0, 6, 7);
        assert_close(got, (rgba){want_rgb.r, want_rgb.g, want_rgb.b, want_a.a}, 1, "rgb min in shader, alpha add");
        assert_int_equal(got.r, want_rgb.r);
        assert_int_equal(got.g, want_rgb.g);
        assert_int_equal(got.b, want_rgb.b);
        /* alpha MAX with factors in the shader, colour SUBTRACT in GL's */
        sc = (split_blend_case){1, 1, 8, 4, 12, 5};
        got = draw_over_dst_n(*state, set_split_blend, &sc, no_fetch, 1, NULL);
        rgba want = blend_expect(1, 1, 8);
        want.a = minmax_expect(4, 12, 5, SRC, DST).a;
        assert_close(got, want, 1, "rgb subtract, alpha max in shader");
        assert_int_equal(got.a, want.a);
        /* a second draw reads what the first wrote */
        blend_case c = {4, 7, 6};
        uint64_t barriers;
        got = draw_over_dst_n(*state, set_blend, &c, no_fetch, 2, &barriers);
        want = minmax_expect(4, 7, 6, SRC, minmax_expect(4, 7, 6, SRC, DST));
        assert_close(got, want, 0, "max with factors over two draws");
        assert_int_equal(barriers, no_fetch || !has_fetch ? 2 : 0);
    }
}

static void set_logic(tp_cmdbuf *b, const void *arg)
{
    pd_logic_op(b, *(const uint32_t *)arg);
}

static uint8_t logic(uint32_t op, uint8_t s, uint8_t d)
{
    switch (op) {
    case 0: return 0;
    case 1: return s & d;
    case 2: return s & ~d;
    case 3: return s;
    case 4: return 0xFF;
    case 5: return ~s;
    case 6: return d;
    case 7: return ~d;
    case 8: return ~(s & d);
    case 9: return s | d;
    case 10: return ~(s | d);
    case 11: return s ^ d;
    case 12: return ~(s ^ d);
    case 13: return ~s & d;
    case 14: return s | ~d;
    default: return ~s | d;
    }
}

static void logic_ops(void **state)
{
    /* LOGIC_OP codes 0-15 (3dbrew: clear, and, and reverse, copy, set, copy
     * inverted, noop, invert, nand, or, nor, xor, equiv, and inverted, or
     * reverse, or inverted), on bytes */
    for (uint32_t op = 0; op < 16; op++) {
        const rgba got = draw_over_dst(*state, set_logic, &op);
        const rgba want = {logic(op, SRC.r, DST.r), logic(op, SRC.g, DST.g), logic(op, SRC.b, DST.b),
                           logic(op, SRC.a, DST.a)};
        char what[32];
        snprintf(what, sizeof what, "logic op %u", op);
        assert_close(got, want, 0, what);
    }
}

/* n-bit channel v (top bits of a byte) widened to 8 bits by bit
 * replication, as a 5-, 6- or 4-bit colour reads (3dbrew's colour formats) */
static uint8_t widen(uint32_t v, unsigned n)
{
    uint32_t x = v << (8 - n);
    for (unsigned have = n; have < 8; have += n)
        x |= v << (8 - n) >> have;
    return (uint8_t)x;
}

/* Logic ops into colour buffers narrower than 8 bits a channel (RGB565,
 * RGBA4): the op on the channels as the buffer stores them (the top n bits
 * of each byte; what the GL's glLogicOp does on desktop, and what the ES
 * shader's op on 8-bit values gives once stored, bitwise ops keeping to
 * their bits), widened again by the read-back. */
static void logic_ops_narrow(void **state)
{
    static const struct {
        uint32_t cfmt;
        unsigned bits[4];
    } fmts[] = {{3, {5, 6, 5, 0}}, {4, {4, 4, 4, 4}}};
    for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++)
        for (uint32_t op = 0; op < 16; op++) {
            pd_env e;
            pd_env_init(&e, *state, 1);
            uint8_t *dst = malloc(W * H * 4);
            for (int i = 0; i < W * H; i++)
                memcpy(dst + 4 * i, &DST, 4);
            pd_put_color(&e, PD_COLOR, fmts[f].cfmt, W, H, dst);
            free(dst);
            put_quad(&e, -0.5f, 1, SRC, 0, 0, 0, 0);
            tp_cmdbuf b;
            tp_cmd_init(&b);
            pd_target(&b, PD_COLOR, (uint8_t)fmts[f].cfmt, 0, 3, W, H);
            pd_program(&b, 3);
            set_logic(&b, &op);
            pd_draw(&b, 0, 6, 0);
            run_ok(&e, &b);
            glhle_image img;
            pd_read_color(&e, PD_COLOR, fmts[f].cfmt, W, H, &img);
            const uint8_t s8[4] = {SRC.r, SRC.g, SRC.b, SRC.a}, d8[4] = {DST.r, DST.g, DST.b, DST.a};
            uint8_t want[4];
            for (int c = 0; c < 4; c++) {
                const unsigned n = fmts[f].bits[c];
                want[c] = n ? widen((uint32_t)(logic(op, (uint8_t)(s8[c] >> (8 - n)), (uint8_t)(d8[c] >> (8 - n))) &
                                               ((1u << n) - 1)),
                                    n)
                            : 255;
            }
            char what[48];
            snprintf(what, sizeof what, "format %u, logic op %u", fmts[f].cfmt, op);
            assert_close(px(&img, 5, 7), (rgba){want[0], want[1], want[2], want[3]}, 0, what);
            glhle_image_free(&img);
            pd_env_free(&e);
        }
}

static void set_mask(tp_cmdbuf *b, const void *arg)
{
    pd_depth(b, false, 1, *(const uint32_t *)arg, false);
}

static void color_write_masks(void **state)
{
    for (uint32_t m = 0; m < 16; m++) {
        const rgba got = draw_over_dst(*state, set_mask, &m);
        const rgba want = {m & 1 ? SRC.r : DST.r, m & 2 ? SRC.g : DST.g, m & 4 ? SRC.b : DST.b,
                           m & 8 ? SRC.a : DST.a};
        char what[32];
        snprintf(what, sizeof what, "colour mask 0x%X", m);
        assert_close(got, want, 0, what);
    }
}

/* ---- scissor, clip plane -------------------------------------------------------------------------------- */

typedef struct box {
    int x1, y1, x2, y2; /* inclusive */
    bool exclude;
} box;

static rgba expect_scissor(void *user, int x, int y)
{
    const box *bx = user;
    const bool inside = x >= bx->x1 && x <= bx->x2 && y >= bx->y1 && y <= bx->y2;
    return inside != bx->exclude ? SRC : (rgba){0, 0, 0, 0};
}

static void set_scissor(tp_cmdbuf *b, const void *arg)
{
    const box *bx = arg;
    pd_scissor(b, bx->exclude ? 1 : 3, (uint32_t)bx->x1, (uint32_t)bx->y1, (uint32_t)bx->x2, (uint32_t)bx->y2);
}

static void scissor_modes(void **state)
{
    const box boxes[] = {{10, 20, 29, 39, false}, {10, 20, 29, 39, true}, {0, 0, 63, 5, true}, {40, 3, 100, 7, false}};
    for (size_t i = 0; i < sizeof boxes / sizeof boxes[0]; i++) {
        pd_env e;
        pd_env_init(&e, *state, 1);
        put_quad(&e, -0.5f, 1, SRC, 0, 0, 0, 0);
        const box *bx = &boxes[i];
        glhle_image img;
        draw_and_read(&e, 6, false, set_scissor, bx, &img);
        box clipped = *bx;
        expect_image(bx->exclude ? "rasterizer_scissor_exclude" : "rasterizer_scissor_include", &img,
                     expect_scissor, &clipped, 0);
        glhle_image_free(&img);
        pd_env_free(&e);
    }
}

typedef struct scissored_blend {
    blend_case blend;
    box bx;
} scissored_blend;

static void set_scissored_blend(tp_cmdbuf *b, const void *arg)
{
    const scissored_blend *c = arg;
    set_blend(b, &c->blend);
    set_scissor(b, &c->bx);
}

static rgba expect_scissored_blend(void *user, int x, int y)
{
    const scissored_blend *c = user;
    const bool inside = x >= c->bx.x1 && x <= c->bx.x2 && y >= c->bx.y1 && y <= c->bx.y2;
    return inside ? minmax_expect(c->blend.eq, c->blend.sf, c->blend.df, SRC, DST) : DST;
}

/* Blending in the shader under a scissor, the destination read through the
 * texture path: inside the box MAX with factors over DST (the CPU formula),
 * outside DST untouched. Where the host has no texture barrier this reads a
 * copy of the scissor box only (gl_caps_dest_copy). */
static void dest_read_scissored(void **state)
{
    const scissored_blend c = {{4, 7, 6}, {10, 20, 29, 39, false}};
    pd_env e;
    pd_env_init_ex(&e, *state, 1, true);
    uint8_t *dst = malloc(W * H * 4);
    for (int i = 0; i < W * H; i++)
        memcpy(dst + 4 * i, &DST, 4);
    pd_put_color(&e, PD_COLOR, 0, W, H, dst);
    free(dst);
    put_quad(&e, -0.5f, 1, SRC, 0, 0, 0, 0);
    glhle_image img;
    draw_and_read(&e, 6, false, set_scissored_blend, &c, &img);
    scissored_blend want = c;
    expect_image("rasterizer_dest_read_scissored", &img, expect_scissored_blend, &want, 0);
    glhle_image_free(&img);
    const pica_rasterizer_stats s = rstats(&e);
    assert_int_equal(s.texture_barriers + s.dest_copies, 1);
    pd_env_free(&e);
}

static rgba expect_clip(void *user, int x, int y)
{
    (void)y;
    const int *edge = user;
    return x >= *edge ? SRC : (rgba){0, 0, 0, 0};
}

static void set_clip(tp_cmdbuf *b, const void *arg)
{
    pd_clip(b, *(const int *)arg, (const float[4]){1, 0, 0, 0.5f});
}

static void user_clip_plane(void **state)
{
    /* plane (1, 0, 0, 0.5): kept where x_clip + 0.5 >= 0, window x >= 16 */
    for (int on = 0; on < 2; on++) {
        pd_env e;
        pd_env_init(&e, *state, 1);
        put_quad(&e, -0.5f, 1, SRC, 0, 0, 0, 0);
        glhle_image img;
        draw_and_read(&e, 6, false, set_clip, &on, &img);
        int edge = on ? 16 : 0;
        expect_image("rasterizer_clip_plane", &img, expect_clip, &edge, 0);
        glhle_image_free(&img);
        pd_env_free(&e);
    }
}

/* ---- buffers whose reads are off --------------------------------------------------------------------------
 * COLORBUFFER_READ = 0 (0x112; 3dbrew GPU/Internal_Registers): the colour
 * buffer is written but reads as zero, so blending and logic ops see a
 * zero destination; the models above give the expected pixel with dst 0. */

static const rgba ZERO_DST = {0, 0, 0, 0};

static void set_blend_no_read(tp_cmdbuf *b, const void *arg)
{
    set_blend(b, arg);
    tp_cmd1(b, 0x112, 0);
}

static void set_logic_no_read(tp_cmdbuf *b, const void *arg)
{
    set_logic(b, arg);
    tp_cmd1(b, 0x112, 0);
}

static void color_reads_off(void **state)
{
    char what[96];
    for (uint32_t f = 0; f < 16; f++)
        for (int side = 0; side < 2; side++) {
            blend_case c = {0, side ? 1 : f, side ? f : 1};
            snprintf(what, sizeof what, "reads off, add, factors %u, %u", c.sf, c.df);
            assert_close(draw_over_dst(*state, set_blend_no_read, &c), blend_expect_over(0, c.sf, c.df, ZERO_DST), 1,
                         what);
        }
    /* every equation, MIN and MAX with factors too (no shader blend then) */
    static const uint32_t pairs[][2] = {{1, 1}, {6, 7}, {9, 8}, {14, 2}, {7, 6}};
    for (uint32_t eq = 0; eq < 8; eq++)
        for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
            blend_case c = {eq, pairs[i][0], pairs[i][1]};
            snprintf(what, sizeof what, "reads off, equation %u, factors %u, %u", eq, c.sf, c.df);
            assert_close(draw_over_dst(*state, set_blend_no_read, &c), blend_expect_over(eq, c.sf, c.df, ZERO_DST),
                         1, what);
        }
    for (uint32_t op = 0; op < 16; op++) {
        const rgba got = draw_over_dst(*state, set_logic_no_read, &op);
        const rgba want = {logic(op, SRC.r, 0), logic(op, SRC.g, 0), logic(op, SRC.b, 0), logic(op, SRC.a, 0)};
        snprintf(what, sizeof what, "reads off, logic op %u", op);
        assert_close(got, want, 0, what);
    }
}

typedef struct depth_read_case {
    uint32_t func;
    bool stencil;
} depth_read_case;

static void set_depth_no_read(tp_cmdbuf *b, const void *arg)
{
    const depth_read_case *c = arg;
    if (c->stencil) {
        /* stencil EQUAL ref 0 against a buffer of 0x10: with the reads off
         * it compares with 0 and passes; pass op KEEP writes the 0 read */
        pd_stencil(b, true, 2, 0x00, 0xFF, 0xFF, 0, 0, 0);
        tp_cmd1(b, 0x114, 2); /* depth read on, stencil read off */
    } else {
        pd_depth(b, true, c->func, 0xF, true);
        tp_cmd1(b, 0x114, 1); /* stencil read on, depth read off */
    }
}

/* DEPTHBUFFER_READ (0x114) bit 1 off: the depth test compares the
 * fragment's z (0.5 here, inside (0, 1)) with 0: never, always, equal,
 * not equal, less, less or equal, greater, greater or equal give
 * fail, pass, fail, pass, fail, fail, pass, pass, whatever the buffer
 * holds (1.0 in the left half, 0.25 in the right); a pass writes z. Bit 0
 * off: the stencil test and ops see 0. */
static void depth_and_stencil_reads_off(void **state)
{
    static const bool pass[8] = {false, true, false, true, false, false, true, true};
    for (int stencil = 0; stencil < 2; stencil++)
        for (uint32_t func = 0; func < (stencil ? 1u : 8u); func++) {
            pd_env e;
            pd_env_init(&e, *state, 1);
            uint32_t *words = malloc(W * H * 4);
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++)
                    words[y * W + x] = (x < W / 2 ? 0xFFFFFFu : 0x400000u) << 8 | 0x10u;
            pd_put_depth(&e, PD_DEPTH, 3, W, H, words);
            put_quad(&e, -0.5f, 1, SRC, 0, 0, 0, 0);
            glhle_image img;
            const depth_read_case c = {func, stencil != 0};
            draw_and_read(&e, 6, true, set_depth_no_read, &c, &img);
            uint32_t *d = pd_read_depth(&e, PD_DEPTH, 3, W, H);
            const bool ok = stencil ? true : pass[func];
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++) {
                    if (pack(px(&img, (uint32_t)x, (uint32_t)y)) != (ok ? pack(SRC) : 0))
                        fail_msg("%s func %u: pixel (%d,%d) is %08x", stencil ? "stencil" : "depth", func, x, y,
                                 pack(px(&img, (uint32_t)x, (uint32_t)y)));
                    const uint32_t word = d[(H - 1 - y) * W + x];
                    if (stencil)
                        assert_int_equal(word & 0xFF, 0);
                    else if (!ok)
                        assert_int_equal(word >> 8, x < W / 2 ? 0xFFFFFFu : 0x400000u);
                    else /* z = 0.5 written: 0x7FFFFF or 0x800000 after rounding */
                        assert_true((word >> 8) == 0x7FFFFFu || (word >> 8) == 0x800000u);
                }
            free(d);
            free(words);
            glhle_image_free(&img);
            pd_env_free(&e);
        }
}

/* DEPTHBUFFER_READ bit 0 off, every stencil op: the op sees 0 whatever the
 * buffer holds (0x10 left, 0x20 right), so it writes keep 0, zero 0,
 * replace the reference, increment 1, decrement 0 (clamped), invert 0xFF,
 * increment with wrap 1, decrement with wrap 0xFF. Written out here from
 * the op definitions (3dbrew GPUREG_STENCIL_OP), not from the draw path. */
static const uint8_t STENCIL_ON_ZERO[8] = {0x00, 0x00, 0x5A, 0x01, 0x00, 0xFF, 0x01, 0xFF};

typedef struct stencil_zero_case {
    uint32_t func, fail, zfail, zpass;
    bool depth_less; /* depth test LESS: z 0.5 passes over 1.0 (left), fails over 0.25 (right) */
} stencil_zero_case;

static void set_stencil_no_read(tp_cmdbuf *b, const void *arg)
{
    const stencil_zero_case *c = arg;
    pd_stencil(b, true, c->func, 0x5A, 0xFF, 0xFF, c->fail, c->zfail, c->zpass);
    pd_depth(b, c->depth_less, 4, 0xF, false);
    tp_cmd1(b, 0x114, 2); /* depth read on, stencil read off */
}

static void stencil_ops_reads_off(void **state)
{
    stencil_zero_case cases[8 * 2 + 6];
    size_t n = 0;
    for (uint32_t op = 0; op < 8; op++) {
        cases[n++] = (stencil_zero_case){1, 0, 0, op, false}; /* ALWAYS: the pass op */
        cases[n++] = (stencil_zero_case){0, op, 0, 0, false}; /* NEVER: the fail op */
    }
    /* both depth outcomes (depth-fail / pass op): zero / increment with
     * wrap, replace (0x5A) / keep, decrement with wrap / invert (both 0xFF) */
    cases[n++] = (stencil_zero_case){1, 0, 1, 6, true};
    cases[n++] = (stencil_zero_case){1, 0, 2, 0, true};
    cases[n++] = (stencil_zero_case){1, 0, 7, 5, true};
    /* different non-zero bytes for the two depth outcomes (the draw's
     * depth-fail pass): increment 1 / invert 0xFF, replace 0x5A / increment
     * with wrap 1, decrement with wrap 0xFF / replace 0x5A */
    cases[n++] = (stencil_zero_case){1, 0, 3, 5, true};
    cases[n++] = (stencil_zero_case){1, 0, 2, 6, true};
    cases[n++] = (stencil_zero_case){1, 0, 7, 2, true};
    for (size_t i = 0; i < n; i++) {
        const stencil_zero_case *c = &cases[i];
        pd_env e;
        pd_env_init(&e, *state, 1);
        uint32_t *words = malloc(W * H * 4);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                words[y * W + x] = (x < W / 2 ? 0xFFFFFFu << 8 | 0x10u : 0x400000u << 8 | 0x20u);
        pd_put_depth(&e, PD_DEPTH, 3, W, H, words);
        put_quad(&e, -0.5f, 1, SRC, 0, 0, 0, 0);
        glhle_image img;
        draw_and_read(&e, 6, true, set_stencil_no_read, c, &img);
        uint32_t *d = pd_read_depth(&e, PD_DEPTH, 3, W, H);
        print_message("stencil reads off: func %u ops %u/%u/%u depth %s\n", c->func, c->fail, c->zfail, c->zpass,
                      c->depth_less ? "less" : "off");
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                const bool left = x < W / 2;
                const bool stencil_pass = c->func == 1, depth_pass = !c->depth_less || left;
                const uint32_t op = !stencil_pass ? c->fail : depth_pass ? c->zpass : c->zfail;
                const uint32_t word = d[(H - 1 - y) * W + x];
                if ((word & 0xFF) != STENCIL_ON_ZERO[op])
                    fail_msg("pixel (%d,%d): stencil %02x, op %u over a zero read writes %02x", x, y, word & 0xFF, op,
                             STENCIL_ON_ZERO[op]);
                const bool drawn = stencil_pass && depth_pass;
                assert_int_equal(pack(px(&img, (uint32_t)x, (uint32_t)y)), drawn ? pack(SRC) : 0);
            }
        free(d);
        free(words);
        glhle_image_free(&img);
        pd_env_free(&e);
    }
}

/* FRAMEBUFFER_DIM bit 24 clear mirrors the picture top to bottom in the
 * buffer (Azahar 0eb4a7172: viewport, scissor and the primitives with it,
 * culling as before). The reference is the same draw with the bit set,
 * mirrored here: a CCW quad and a CCW triangle off-centre, a CW triangle
 * that culling mode 2 drops, a scissor box and, in the second case, a
 * viewport off the origin. */
typedef struct flip_case {
    bool flip;
    bool offset_viewport;
} flip_case;

static void set_flip(tp_cmdbuf *b, const void *arg)
{
    const flip_case *c = arg;
    tp_cmd1(b, 0x11E, (c->flip ? 0u : 1u << 24) | (H - 1) << 12 | W);
    pd_cull(b, 2);
    pd_scissor(b, 3, 2, 2, 61, 55);
    if (c->offset_viewport)
        pd_viewport(b, 6, 3, 48, 40);
}

static void framebuffer_flip_bit(void **state)
{
    pd_vertex v[12];
    quad(v, 4, 40, 20, 62, -0.5f, 1, (rgba){255, 0, 0, 255}, 0, 0, 0, 0);
    v[6] = vtx(40, 30, -0.5f, 1, (rgba){0, 0, 255, 255}); /* CCW */
    v[7] = vtx(60, 34, -0.5f, 1, (rgba){0, 0, 255, 255});
    v[8] = vtx(44, 50, -0.5f, 1, (rgba){0, 0, 255, 255});
    v[9] = vtx(30, 5, -0.5f, 1, (rgba){0, 255, 0, 255}); /* CW: culled */
    v[10] = vtx(50, 25, -0.5f, 1, (rgba){0, 255, 0, 255});
    v[11] = vtx(50, 5, -0.5f, 1, (rgba){0, 255, 0, 255});
    for (int offset = 0; offset < 2; offset++) {
        glhle_image img[2];
        for (int flip = 0; flip < 2; flip++) {
            pd_env e;
            pd_env_init(&e, *state, 1);
            pd_put_vertices(&e, v, 12);
            const flip_case c = {flip != 0, offset != 0};
            draw_and_read(&e, 12, false, set_flip, &c, &img[flip]);
            pd_env_free(&e);
        }
        glhle_image want;
        assert_int_equal(glhle_image_alloc(&want, W, H), GLHLE_RESULT_OK);
        bool symmetric = true;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                memcpy(want.rgba + ((size_t)y * W + (size_t)x) * 4, ts_pixel(&img[0], (uint32_t)x, (uint32_t)(H - 1 - y)),
                       4);
                symmetric = symmetric && pack(px(&img[0], (uint32_t)x, (uint32_t)y)) ==
                                             pack(px(&img[0], (uint32_t)x, (uint32_t)(H - 1 - y)));
            }
        assert_false(symmetric); /* the scene tells a mirror from the original */
        if (!offset) {
            assert_int_equal(pack(px(&img[0], 44, 12)), 0); /* the CW triangle is culled */
            assert_int_equal(pack(px(&img[0], 10, 45)), pack((rgba){255, 0, 0, 255}));
            assert_int_equal(pack(px(&img[0], 10, 58)), 0); /* above the scissor box */
        }
        print_message("FRAMEBUFFER_DIM bit 24 clear, viewport %s\n", offset ? "off the origin" : "at the origin");
        ts_assert_image("rasterizer_flip", &want, &img[1], 0, 0);
        glhle_image_free(&want);
        glhle_image_free(&img[0]);
        glhle_image_free(&img[1]);
    }
}

/* The early depth test (EARLYDEPTH_TEST1/2, FUNC, DATA, CLEAR) is a
 * rejection test against a separate early depth buffer, defined only when
 * its function is the depth test's and both buffers are cleared together
 * (the SDK's glEarlyDepthFuncDMP reference: "Early depth tests do not work
 * properly unless you specify the same comparison function here as in
 * glDepthFunc"). Used so, it rejects only what the depth test rejects, and
 * glhle renders it as no early test at all (docs/architecture.md): three
 * overlapping quads drawn far, near, middle under GEQUAL give the same
 * picture and depth with the early test on (function 0, >=, cleared to the
 * depth buffer's 0) as with it off. */
static void set_early_depth(tp_cmdbuf *b, const void *arg)
{
    const bool *on = arg;
    pd_depth(b, true, 7, 0xF, true);
    tp_cmd1(b, 0x06A, 0);       /* EARLYDEPTH_DATA: the depth buffer's clear value */
    tp_cmd1(b, 0x063, 1);       /* EARLYDEPTH_CLEAR */
    tp_cmd1(b, 0x061, 0);       /* EARLYDEPTH_FUNC >= */
    tp_cmd1(b, 0x062, *on);     /* EARLYDEPTH_TEST1 */
    tp_cmd1(b, 0x118, *on);     /* EARLYDEPTH_TEST2 */
}

static void early_depth_as_documented(void **state)
{
    pd_vertex v[18];
    quad(v, 0, 0, 40, 40, -0.3f, 1, (rgba){255, 0, 0, 255}, 0, 0, 0, 0);
    quad(v + 6, 20, 20, 64, 64, -0.7f, 1, (rgba){0, 255, 0, 255}, 0, 0, 0, 0);
    quad(v + 12, 10, 10, 50, 50, -0.5f, 1, (rgba){0, 0, 255, 255}, 0, 0, 0, 0);
    glhle_image img[2];
    uint32_t *d[2];
    for (int on = 0; on < 2; on++) {
        pd_env e;
        pd_env_init(&e, *state, 1);
        uint32_t *words = calloc(W * H, 4);
        pd_put_depth(&e, PD_DEPTH, 3, W, H, words);
        free(words);
        pd_put_vertices(&e, v, 18);
        const bool flag = on != 0;
        draw_and_read(&e, 18, true, set_early_depth, &flag, &img[on]);
        d[on] = pd_read_depth(&e, PD_DEPTH, 3, W, H);
        pd_env_free(&e);
    }
    assert_int_equal(pack(px(&img[0], 30, 30)), pack((rgba){0, 255, 0, 255}));
    assert_int_equal(pack(px(&img[0], 15, 15)), pack((rgba){0, 0, 255, 255}));
    assert_int_equal(pack(px(&img[0], 5, 5)), pack((rgba){255, 0, 0, 255}));
    ts_assert_image("rasterizer_early_depth", &img[0], &img[1], 0, 0);
    assert_memory_equal(d[0], d[1], (size_t)W * H * 4);
    for (int i = 0; i < 2; i++) {
        glhle_image_free(&img[i]);
        free(d[i]);
    }
}

/* ---- stencil -------------------------------------------------------------------------------------------- */

static void set_stencil(tp_cmdbuf *b, const void *arg)
{
    (void)arg;
    pd_stencil(b, true, 2, 0x10, 0xFF, 0xFF, 3, 0, 5);
}

static void stencil_test_and_ops(void **state)
{
    /* left half stencil 0x10, right half 0x20, depth 0.5. Test EQUAL 0x10
     * (mask 0xFF): the left half passes (INVERT on pass: 0xEF), the right
     * fails (INCR: 0x21) and keeps its colour. */
    pd_env e;
    pd_env_init(&e, *state, 1);
    uint32_t *words = malloc(W * H * 4);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            words[y * W + x] = 0x7FFFFFu << 8 | (x < W / 2 ? 0x10u : 0x20u);
    pd_put_depth(&e, PD_DEPTH, 3, W, H, words);
    put_quad(&e, -0.5f, 1, SRC, 0, 0, 0, 0);
    glhle_image img;
    draw_and_read(&e, 6, true, set_stencil, NULL, &img);
    uint32_t *d = pd_read_depth(&e, PD_DEPTH, 3, W, H);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const bool left = x < W / 2;
            assert_int_equal(pack(px(&img, (uint32_t)x, (uint32_t)y)), left ? pack(SRC) : 0);
            /* the row in memory order is H - 1 - y; the halves are columns */
            const uint32_t word = d[(H - 1 - y) * W + x];
            assert_int_equal(word & 0xFF, left ? 0xEF : 0x21);
            assert_int_equal(word >> 8, 0x7FFFFF);
        }
    /* a write mask of 0x0F keeps the high bits: REPLACE with ref 0xA5 on
     * 0xEF gives 0xE5 */
    tp_cmdbuf b;
    tp_cmd_init(&b);
    pd_stencil(&b, true, 1, 0xA5, 0xFF, 0x0F, 0, 0, 2);
    pd_draw(&b, 0, 6, 0);
    run_ok(&e, &b);
    free(d);
    d = pd_read_depth(&e, PD_DEPTH, 3, W, H);
    assert_int_equal(d[0] & 0xFF, 0xE5);       /* top-left: left half */
    assert_int_equal(d[W - 1] & 0xFF, 0x25);   /* 0x21 -> 0x25 */
    free(d);
    free(words);
    glhle_image_free(&img);
    pd_env_free(&e);
}

/* ---- textures ------------------------------------------------------------------------------------------- */

static uint8_t texel_byte(int x, int y, int c)
{
    const uint8_t v[4] = {(uint8_t)(x * 32), (uint8_t)(y * 32), (uint8_t)(255 - x * 16 - y), 255};
    return v[c];
}

typedef struct tex_case {
    uint32_t wrap_s, wrap_t;
    float u0, u1;
    rgba border;
} tex_case;

/* pixel (x, y) samples u = u0 + (u1 - u0) (x + .5) / 64, likewise v; the
 * 8 x 8 texture's texel (floor(8u), floor(8v)) counted from the bottom row
 * (t = 0 is the bottom: pica-facts.md), i.e. guest row 7 - floor(8v).
 * Modes 4-7 as Azahar's hardware notes describe them (regs_texturing.h
 * WrapMode): 4 clamps to the edge above and repeats below 0, 5 takes the
 * border above and repeats below, 6 and 7 repeat. */
static int wrap_index(uint32_t wrap, float t, bool *border)
{
    int i = (int)floorf(t * 8);
    const int repeat = ((i % 8) + 8) % 8;
    *border = false;
    switch (wrap) {
    case 0: return i < 0 ? 0 : i > 7 ? 7 : i;
    case 1:
        *border = i < 0 || i > 7;
        return i;
    case 3: { /* mirrored repeat */
        int p = ((i % 16) + 16) % 16;
        return p < 8 ? p : 15 - p;
    }
    case 4: return i < 0 ? repeat : i > 7 ? 7 : i;
    case 5:
        *border = i > 7;
        return i < 0 ? repeat : i;
    default: return repeat; /* 2, 6, 7 */
    }
}

static rgba expect_texture(void *user, int x, int y)
{
    const tex_case *c = user;
    const float u = c->u0 + (c->u1 - c->u0) * (x + 0.5f) / W, v = c->u0 + (c->u1 - c->u0) * (y + 0.5f) / H;
    bool bu, bv;
    const int tx = wrap_index(c->wrap_s, u, &bu), ty = wrap_index(c->wrap_t, v, &bv);
    if (bu || bv)
        return c->border;
    const int row = 7 - ty;
    return (rgba){texel_byte(tx, row, 0), texel_byte(tx, row, 1), texel_byte(tx, row, 2), texel_byte(tx, row, 3)};
}

static void set_texture(tp_cmdbuf *b, const void *arg)
{
    const tex_case *c = arg;
    pd_texture0(b, PD_TEXTURE, 8, 8, 0, 0, 0, c->wrap_s, c->wrap_t, pack(c->border));
    pd_tev_replace(b, 3, 0);
}

static void fill_texture(uint8_t tex[8 * 8 * 4])
{
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            for (int c = 0; c < 4; c++)
                tex[(y * 8 + x) * 4 + c] = texel_byte(x, y, c);
}

static void draw_texture_case(void **state, const uint8_t *tex, const tex_case *c)
{
    pd_env e;
    pd_env_init(&e, *state, 1);
    pd_put_texture(&e, PD_TEXTURE, 0, 8, 8, tex);
    put_quad(&e, -0.5f, 1, SRC, c->u0, c->u0, c->u1, c->u1);
    glhle_image img;
    draw_and_read(&e, 6, false, set_texture, c, &img);
    print_message("texture wrap s %u t %u over [%g, %g]\n", c->wrap_s, c->wrap_t, (double)c->u0, (double)c->u1);
    expect_image("rasterizer_texture", &img, expect_texture, (void *)c, 0);
    glhle_image_free(&img);
    pd_env_free(&e);
}

static void texture_nearest_wraps(void **state)
{
    uint8_t tex[8 * 8 * 4];
    fill_texture(tex);
    /* coordinates chosen so no pixel centre samples exactly on a texel edge */
    const tex_case cases[] = {
        {2, 2, 0.0f, 1.0f, {0, 0, 0, 0}},     /* the texture once */
        {0, 0, -0.5f, 1.5f, {0, 0, 0, 0}},    /* clamp to edge */
        {1, 1, -0.5f, 1.5f, {9, 8, 7, 6}},    /* clamp to border */
        {2, 2, -1.0f, 2.0f, {0, 0, 0, 0}},    /* repeat */
        {3, 3, -1.0f, 2.0f, {0, 0, 0, 0}},    /* mirrored repeat */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        draw_texture_case(state, tex, &cases[i]);
}

/* Every pair of the eight wrap modes on s and t, over [-1.5, 2.5] (below
 * 0, inside and above 1 on both axes), against wrap_index. */
static void texture_wrap_mode_pairs(void **state)
{
    uint8_t tex[8 * 8 * 4];
    fill_texture(tex);
    for (uint32_t ws = 0; ws < 8; ws++)
        for (uint32_t wt = 0; wt < 8; wt++) {
            const tex_case c = {ws, wt, -1.5f, 2.5f, {9, 8, 7, 6}};
            draw_texture_case(state, tex, &c);
        }
}

/* Linear filtering across every mode pair. Pixel centres sit at texel
 * centres and texel edges (u * 8 = x / 2 + 0.5 - 12), so each axis weighs
 * its two taps 1, 0 or 1/2, 1/2, and every texel and border byte is a
 * multiple of 4, so the filtered bytes are exact whatever the filter's
 * rounding. Each tap wraps on its own (GL's rule for every mode, and what
 * Azahar's notes give modes 4-7: a tap below 0 repeats, one above clamps
 * or takes the border). */
static uint8_t lin_byte(int x, int y, int c)
{
    const uint8_t v[4] = {(uint8_t)(x * 32), (uint8_t)(y * 32), (uint8_t)(252 - x * 16 - y * 4), (uint8_t)(64 + x * 4)};
    return v[c];
}

static int tap_index(uint32_t wrap, int i, bool *border)
{
    const int repeat = ((i % 8) + 8) % 8;
    *border = false;
    switch (wrap) {
    case 0: return i < 0 ? 0 : i > 7 ? 7 : i;
    case 1:
        *border = i < 0 || i > 7;
        return i;
    case 3: {
        int p = ((i % 16) + 16) % 16;
        return p < 8 ? p : 15 - p;
    }
    case 4: return i < 0 ? repeat : i > 7 ? 7 : i;
    case 5:
        *border = i > 7;
        return i < 0 ? repeat : i;
    default: return repeat;
    }
}

static rgba expect_linear(void *user, int x, int y)
{
    const tex_case *c = user;
    const float u = c->u0 + (c->u1 - c->u0) * (x + 0.5f) / W, v = c->u0 + (c->u1 - c->u0) * (y + 0.5f) / H;
    const float fu = u * 8 - 0.5f, fv = v * 8 - 0.5f;
    const int iu = (int)floorf(fu), iv = (int)floorf(fv);
    const int wu = fu > (float)iu ? 1 : 0, wv = fv > (float)iv ? 1 : 0; /* 0: taps 1, 0; 1: 1/2, 1/2 */
    int sum[4] = {0, 0, 0, 0};
    for (int dv = 0; dv < 2; dv++)
        for (int du = 0; du < 2; du++) {
            const int weight = (du ? wu : 2 - wu) * (dv ? wv : 2 - wv); /* in quarters */
            if (!weight)
                continue;
            bool bu, bv;
            const int tx = tap_index(c->wrap_s, iu + du, &bu), ty = tap_index(c->wrap_t, iv + dv, &bv);
            for (int ch = 0; ch < 4; ch++) {
                const uint8_t b = ch == 0 ? c->border.r : ch == 1 ? c->border.g : ch == 2 ? c->border.b : c->border.a;
                sum[ch] += weight * (bu || bv ? b : lin_byte(tx, 7 - ty, ch));
            }
        }
    return (rgba){(uint8_t)(sum[0] / 4), (uint8_t)(sum[1] / 4), (uint8_t)(sum[2] / 4), (uint8_t)(sum[3] / 4)};
}

static void set_linear_texture(tp_cmdbuf *b, const void *arg)
{
    const tex_case *c = arg;
    pd_texture0(b, PD_TEXTURE, 8, 8, 0, 1, 1, c->wrap_s, c->wrap_t, pack(c->border));
    pd_tev_replace(b, 3, 0);
}

static void texture_wrap_mode_pairs_linear(void **state)
{
    uint8_t tex[8 * 8 * 4];
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            for (int ch = 0; ch < 4; ch++)
                tex[(y * 8 + x) * 4 + ch] = lin_byte(x, y, ch);
    for (uint32_t ws = 0; ws < 8; ws++)
        for (uint32_t wt = 0; wt < 8; wt++) {
            const tex_case c = {ws, wt, 1.0f / 32 - 1.5f, 1.0f / 32 + 2.5f, {8, 12, 16, 20}};
            pd_env e;
            pd_env_init(&e, *state, 1);
            pd_put_texture(&e, PD_TEXTURE, 0, 8, 8, tex);
            put_quad(&e, -0.5f, 1, SRC, c.u0, c.u0, c.u1, c.u1);
            glhle_image img;
            draw_and_read(&e, 6, false, set_linear_texture, &c, &img);
            print_message("linear texture wrap s %u t %u\n", ws, wt);
            expect_image("rasterizer_texture_linear", &img, expect_linear, (void *)&c, 0);
            glhle_image_free(&img);
            pd_env_free(&e);
        }
}

/* Wrap modes 4 and 5 on each texture unit (unit 0: with every mode on the
 * other axis, both filters; units 1 and 2: six pairs, linear): the
 * ubershader's frame is the specialised program's byte for byte (issue 17; the specialised programs are checked
 * against the model above). Unit 1 reads texcoord1 (o3 mapped to it, the
 * quaternion attribute holding the coordinates), unit 2 texcoord2 (o4, the
 * view attribute) or texcoord1 (TEXUNIT_CONFIG bit 13). 3dbrew: TEXUNIT1_*
 * at 0x091-0x096, TEXUNIT2_* at 0x099-0x09E; SH_OUTATTR_CLOCK bits 9, 10
 * texcoord1, texcoord2. */
typedef struct unit_case {
    uint32_t unit, wrap_s, wrap_t, filter;
    bool coord1;
} unit_case;

static void set_unit_texture(tp_cmdbuf *b, const void *arg)
{
    const unit_case *c = arg;
    pd_program(b, 5);
    tp_cmd(b, 0x053, 0xF, true, (const uint32_t[2]){0x1F1F0F0Eu, 0x1F1F1716u}, 2); /* o3 texcoord1, o4 texcoord2 */
    tp_cmd(b, 0x06F, 0xF, false, (const uint32_t[1]){0x01000703u}, 1);
    const uint32_t base = c->unit == 0 ? 0x081 : c->unit == 1 ? 0x091 : 0x099;
    const uint32_t regs[5] = {pack((rgba){8, 12, 16, 20}), 8u << 16 | 8u,
                              c->filter << 1 | c->filter << 2 | c->wrap_t << 8 | c->wrap_s << 12, 0, PD_TEXTURE >> 3};
    tp_cmd(b, base, 0xF, true, regs, 5);
    tp_cmd(b, c->unit == 0 ? 0x08E : c->unit == 1 ? 0x096 : 0x09E, 0xF, false, (const uint32_t[1]){0}, 1);
    tp_cmd(b, 0x080, 0xF, false, (const uint32_t[1]){(1u << c->unit) | 1u << 12 | 1u << 16 | (c->coord1 ? 1u << 13 : 0)},
           1);
    pd_tev_replace(b, 3 + c->unit, 0);
}

/* An instance drawing with `uber` (the GLHLE_TEST_PICA_UBERSHADER policy
 * overridden for it), the texture and the quad in its memory. */
static void unit_env(void **state, const uint8_t *tex, uint32_t uber, pd_env *e)
{
    char was[32];
    const char *env = getenv("GLHLE_TEST_PICA_UBERSHADER");
    snprintf(was, sizeof was, "%s", env ? env : "0");
    char mode[4];
    snprintf(mode, sizeof mode, "%u", uber);
    setenv("GLHLE_TEST_PICA_UBERSHADER", mode, 1);
    pd_env_init(e, *state, 1);
    setenv("GLHLE_TEST_PICA_UBERSHADER", was, 1);
    pd_put_texture(e, PD_TEXTURE, 0, 8, 8, tex);
    pd_vertex v[6];
    const float u0 = 1.0f / 32 - 1.5f, u1 = 1.0f / 32 + 2.5f;
    quad(v, 0, 0, W, H, -0.5f, 1, SRC, u0, u0, u1, u1);
    for (int i = 0; i < 6; i++) {
        v[i].quat[0] = v[i].view[0] = v[i].tc[0];
        v[i].quat[1] = v[i].view[1] = v[i].tc[1];
    }
    pd_put_vertices(e, v, 6);
}

static void ubershader_wrap_modes_4_5(void **state)
{
    uint8_t tex[8 * 8 * 4];
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            for (int ch = 0; ch < 4; ch++)
                tex[(y * 8 + x) * 4 + ch] = lin_byte(x, y, ch);
    /* one instance each (the ubershader is compiled once), every case drawn on both */
    pd_env spec_env, uber_env;
    unit_env(state, tex, GLHLE_PICA_UBERSHADER_OFF, &spec_env);
    unit_env(state, tex, GLHLE_PICA_UBERSHADER_ALWAYS, &uber_env);
    uint32_t cases = 0;
    static glhle_image unit0[2][8][8];
    memset(unit0, 0, sizeof unit0);
    for (uint32_t unit = 0; unit < 3; unit++)
        for (uint32_t coord1 = 0; coord1 < (unit == 2 ? 2u : 1u); coord1++)
            for (uint32_t filter = 0; filter < 2; filter++)
                for (uint32_t ws = 0; ws < 8; ws++)
                    for (uint32_t wt = 0; wt < 8; wt++) {
                        if (ws != 4 && ws != 5 && wt != 4 && wt != 5)
                            continue;
                        /* unit 0 every pair; units 1 and 2 (one path of the ubershader's
                         * text each) six pairs, linear: the test fits a loaded machine */
                        const bool few = (ws == 4 && wt == 0) || (ws == 5 && wt == 1) || (ws == 0 && wt == 4) ||
                                         (ws == 1 && wt == 5) || (ws == 4 && wt == 5) || (ws == 5 && wt == 4);
                        if (unit != 0 && (!few || filter == 0))
                            continue;
                        const unit_case c = {unit, ws, wt, filter, coord1 != 0};
                        glhle_image spec, uber;
                        /* two instances take turns on one context: neither may trust
                         * its shadow after the other drew (gl_state.c) */
                        draw_and_read(&spec_env, 6, false, set_unit_texture, &c, &spec);
                        draw_and_read(&uber_env, 6, false, set_unit_texture, &c, &uber);
                        char name[96];
                        snprintf(name, sizeof name, "rasterizer_uber_wrap_u%u%s_f%u_s%u_t%u", unit,
                                 coord1 ? "c1" : "", filter, ws, wt);
                        ts_assert_image(name, &spec, &uber, 0, 0);
                        /* every unit reads the same coordinates: unit 0's frame (so texcoord1 and 2 arrived) */
                        glhle_image *first = &unit0[filter][ws][wt];
                        if (unit == 0)
                            *first = spec;
                        else
                            ts_assert_image(name, first, &spec, 0, 0);
                        if (unit != 0)
                            glhle_image_free(&spec);
                        glhle_image_free(&uber);
                        cases++;
                    }
    for (uint32_t i = 0; i < 2 * 8 * 8; i++)
        if (unit0[i / 64][i / 8 % 8][i % 8].rgba)
            glhle_image_free(&unit0[i / 64][i / 8 % 8][i % 8]);
    glhle_shader_stats st;
    glhle_pica_get_shader_stats(uber_env.pica, &st);
    assert_int_equal(st.draws_by_ubershader, st.draws);
    assert_int_equal(st.draws, cases);
    glhle_pica_get_shader_stats(spec_env.pica, &st);
    assert_int_equal(st.draws_by_ubershader, 0);
    pd_env_free(&spec_env);
    pd_env_free(&uber_env);
    print_message("%u wrap-mode 4/5 cases: the ubershader's frames are the specialised programs'\n", cases);
}

/* A cube map on texture 0 (TEXUNIT0_PARAM type 1, faces at ADDR1-6 in the
 * order +X -X +Y -Y +Z -Z: 3dbrew), each face one colour; the third
 * coordinate is texcoord0.w = 1 (v2.w). (s, t) inside [-0.5, 0.5] picks +Z,
 * s in [1.5, 2.5] picks +X (the major axis). */
static const rgba FACE[6] = {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255},
                             {255, 255, 0, 255}, {0, 255, 255, 255}, {255, 0, 255, 255}};

static void set_cube(tp_cmdbuf *b, const void *arg)
{
    (void)arg;
    pd_texture0(b, PD_TEXTURE, 8, 8, 0, 0, 0, 0, 0, 0);
    tp_cmd1(b, 0x083, 1u << 28); /* type 1: cube */
    uint32_t addr[5];
    for (uint32_t f = 1; f < 6; f++)
        addr[f - 1] = (PD_TEXTURE + f * 0x100) >> 3;
    tp_cmd(b, 0x086, 0xF, true, addr, 5);
    tp_cmd(b, 0x052, 0xF, false, (const uint32_t[1]){0x101F0D0C}, 1); /* texcoord0.w from v2.w */
    pd_tev_replace(b, 3, 0);
}

static void cube_map_faces(void **state)
{
    const struct {
        float s0, s1, t0, t1;
        int face;
    } cases[] = {{-0.5f, 0.5f, -0.5f, 0.5f, 4}, {1.5f, 2.5f, -0.4f, 0.4f, 0}, {-2.5f, -1.5f, -0.4f, 0.4f, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pd_env e;
        pd_env_init(&e, *state, 1);
        for (int f = 0; f < 6; f++) {
            uint8_t face[8 * 8 * 4];
            for (int k = 0; k < 64; k++)
                memcpy(face + 4 * k, &FACE[f], 4);
            pd_put_texture(&e, PD_TEXTURE + (uint32_t)f * 0x100, 0, 8, 8, face);
        }
        put_quad(&e, -0.5f, 1, SRC, cases[i].s0, cases[i].t0, cases[i].s1, cases[i].t1);
        glhle_image img;
        draw_and_read(&e, 6, false, set_cube, NULL, &img);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                assert_int_equal(pack(px(&img, (uint32_t)x, (uint32_t)y)), pack(FACE[cases[i].face]));
        glhle_image_free(&img);
        pd_env_free(&e);
    }
}

/* Texture 0 as a shadow map: the texels' RGBA8 bytes (R | G << 8 | B << 16
 * | A << 24) are the depth24 << 8 | stencil8 word the generated shader
 * compares (an R32UI view over the cache's RGBA8 texture, the word
 * Azahar's shadow path reads). Orthographic lookup, texcoord0.w = 1 (the
 * missing fourth component of a two-component attribute), bias 0x100000:
 * reference z = 0xFFFFFF - 0x100000; a texel deeper than that is lit with
 * its stencil / 255, else 0 (3dbrew TEXUNIT0_SHADOW; pica_fs.h). A 64x64
 * map drawn 1:1 puts every pixel centre on a texel centre. */
static uint32_t shadow_word(int x, int y_bottom)
{
    const uint32_t depth = (x + y_bottom) % 3 == 0 ? 0xF80000u : 0x100000u;
    return depth << 8 | (uint32_t)((x * 4 + y_bottom) & 0xFF);
}

static void set_shadow(tp_cmdbuf *b, const void *arg)
{
    (void)arg;
    pd_texture0(b, PD_TEXTURE, 64, 64, 0, 0, 0, 0, 0, 0);
    tp_cmd1(b, 0x083, 2u << 28);          /* TEXUNIT0_PARAM type 2: shadow 2D */
    tp_cmd1(b, 0x08B, 1u | 0x100000u);    /* TEXUNIT0_SHADOW: orthographic, bias */
    /* the output map's o2 with texcoord0.w from v2.w */
    tp_cmd(b, 0x052, 0xF, false, (const uint32_t[1]){0x101F0D0C}, 1);
    pd_tev_replace(b, 3, 0);
}

static void shadow_texture(void **state)
{
    pd_env e;
    pd_env_init(&e, *state, 1);
    uint8_t *tex = malloc(64 * 64 * 4);
    uint32_t *map = malloc(64 * 64 * 4);
    for (int r = 0; r < 64; r++)
        for (int x = 0; x < 64; x++) {
            const uint32_t w = shadow_word(x, 63 - r);
            map[(63 - r) * 64 + x] = w;
            for (int c = 0; c < 4; c++)
                tex[(r * 64 + x) * 4 + c] = (uint8_t)(w >> (8 * c));
        }
    pd_put_texture(&e, PD_TEXTURE, 0, 64, 64, tex);
    put_quad(&e, -0.5f, 1, SRC, 0, 0, 1, 1);
    glhle_image img;
    draw_and_read(&e, 6, false, set_shadow, NULL, &img);
    /* by hand: (0, 0) has depth 0xF80000 > 0xEFFFFF: lit, stencil 0;
     * (3, 0) lit, stencil 12; (1, 0) shadowed */
    assert_int_equal(pack(px(&img, 3, 0)), 0x0C0C0C0Cu);
    assert_int_equal(pack(px(&img, 1, 0)), 0);
    assert_int_equal(pack(px(&img, 2, 1)), 0x09090909u);
    /* every pixel against the fragment model's shadow unit */
    const pica_state *s = pica_get_state(e.pica);
    pica_fs_key key;
    pica_fs_key_from_state(s, &key);
    assert_int_equal(key.tex0_type, PICA_FS_TEX0_SHADOW_2D);
    pica_fs_uniforms *u = calloc(1, sizeof *u);
    pica_fs_uniforms_from_state(s, u);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint8_t want[4];
            pica_ref_shadow_2d(map, 64, 64, &key, u, (x + 0.5f) / 64, (y + 0.5f) / 64, 1.0f, want);
            assert_close(px(&img, (uint32_t)x, (uint32_t)y), (rgba){want[0], want[1], want[2], want[3]}, 1,
                         "shadow texel against pica_ref_shadow_2d");
        }
    /* the same draw again: the per-draw view is made afresh (its name may
     * be the last one's) and still bound */
    tp_cmdbuf b;
    tp_cmd_init(&b);
    pd_draw(&b, 0, 6, 0);
    run_ok(&e, &b);
    glhle_image again;
    pd_read_color(&e, PD_COLOR, 0, W, H, &again);
    assert_memory_equal(again.rgba, img.rgba, (size_t)W * H * 4);
    glhle_image_free(&again);
    free(u);
    free(tex);
    free(map);
    glhle_image_free(&img);
    pd_env_free(&e);
}

/* Render to texture from the target itself: texture 0 is the colour buffer
 * being drawn (same address, RGBA8 both ways), sampled half a width to the
 * right with repeat. A GL feedback loop would be undefined; the draw path
 * samples a copy, so the result is the old picture shifted by 32 pixels. */
static rgba old_picture(int x, int y)
{
    return (rgba){(uint8_t)(x * 4), (uint8_t)(y * 4), (uint8_t)(x ^ y), 255};
}

static rgba expect_shifted(void *user, int x, int y)
{
    (void)user;
    return old_picture((x + 32) % 64, y);
}

static void set_feedback(tp_cmdbuf *b, const void *arg)
{
    (void)arg;
    pd_texture0(b, PD_COLOR, 64, 64, 0, 0, 0, 2, 2, 0);
    pd_tev_replace(b, 3, 0);
}

static void render_target_as_texture(void **state)
{
    pd_env e;
    pd_env_init(&e, *state, 1);
    uint8_t *pic = malloc(W * H * 4);
    for (int r = 0; r < H; r++)
        for (int x = 0; x < W; x++) {
            const rgba c = old_picture(x, H - 1 - r);
            memcpy(pic + (r * W + x) * 4, &c, 4);
        }
    pd_put_color(&e, PD_COLOR, 0, W, H, pic);
    free(pic);
    put_quad(&e, -0.5f, 1, SRC, 0.5f, 0, 1.5f, 1);
    glhle_image img;
    draw_and_read(&e, 6, false, set_feedback, NULL, &img);
    expect_image("rasterizer_feedback", &img, expect_shifted, NULL, 0);
    assert_int_equal(rstats(&e).feedback_copies, 1);
    glhle_image_free(&img);
    pd_env_free(&e);
}

/* Render to a mip level: a draw (a colour gradient) into level 1 of a
 * 16 x 16 RGBA8 texture (8 x 8 at byte 1024: 8x8 tiles, 4 bytes a texel),
 * then a draw sampling the two-level texture with the LOD held at 1
 * (TEXUNIT0_LOD min = max = 1) must see the drawn texels, with the level
 * taken from the render target on the GPU: no write-back to memory, one
 * GPU copy. At 2x the render target is scaled and the chain is not: the
 * level must hold what the target's write-back stores. The reference is
 * that write-back: a flush puts the target's texels in level 1's bytes
 * (decoded here), and leaves level 0's as they were. */
/* The two-level texture at PD_TEXTURE sampled with its LOD held at `lod`
 * into the W x H colour buffer. */
static void draw_mip_sample(pd_env *e, uint32_t lod)
{
    tp_cmdbuf b;
    tp_cmd_init(&b);
    pd_target(&b, PD_COLOR, 0, 0, 3, W, H);
    pd_program(&b, 3);
    pd_texture0(&b, PD_TEXTURE, 16, 16, 0, 0, 0, 0, 0, 0);
    tp_cmd1(&b, 0x084, lod << 16 | lod << 24); /* LOD max and min */
    pd_tev_replace(&b, 3, 0);
    pd_draw(&b, 0, 6, 0);
    run_ok(e, &b);
}

static void render_to_mip_level(void **state)
{
    for (uint32_t scale = 1; scale <= 2; scale++) {
        pd_env e;
        pd_env_init(&e, *state, scale);
        const rgba L0 = {10, 20, 30, 40}, L1 = {50, 60, 70, 80};
        uint8_t *img0 = malloc(16 * 16 * 4), img1[8 * 8 * 4];
        for (int i = 0; i < 16 * 16; i++)
            memcpy(img0 + i * 4, &L0, 4);
        for (int i = 0; i < 8 * 8; i++)
            memcpy(img1 + i * 4, &L1, 4);
        pd_put_texture(&e, PD_TEXTURE, 0, 16, 16, img0);
        pd_put_texture(&e, PD_TEXTURE + 1024, 0, 8, 8, img1);
        free(img0);
        uint8_t before[1024];
        memcpy(before, pd_mem(&e, PD_TEXTURE), sizeof before);
        pd_vertex v[6];
        quad(v, 0, 0, W, H, -0.5f, 1, SRC, 0, 0, 1, 1);
        for (int i = 0; i < 6; i++) { /* red across, green up: the 2x samples of a texel differ */
            v[i].color[0] = v[i].pos[0] * 0.5f + 0.5f;
            v[i].color[1] = v[i].pos[1] * 0.5f + 0.5f;
            v[i].color[2] = 0.25f;
            v[i].color[3] = 1.0f;
        }
        pd_put_vertices(&e, v, 6);

        /* draw 1: into level 1 */
        tp_cmdbuf b;
        tp_cmd_init(&b);
        pd_target(&b, PD_TEXTURE + 1024, 0, 0, 3, 8, 8);
        pd_program(&b, 3);
        pd_draw(&b, 0, 6, 0);
        run_ok(&e, &b);
        glhle_pica_stats st0, st1;
        assert_int_equal(glhle_pica_get_stats(e.pica, &st0), GLHLE_RESULT_OK);

        /* draw 2: level 1 sampled into the colour buffer */
        draw_mip_sample(&e, 1);
        assert_int_equal(glhle_pica_get_stats(e.pica, &st1), GLHLE_RESULT_OK);
        assert_int_equal(st1.downloads, st0.downloads); /* level 1 never went to memory */
        assert_true(st1.gpu_copies > st0.gpu_copies);
        glhle_image img;
        pd_read_color(&e, PD_COLOR, 0, W, H, &img);

        /* the reference: level 1 as the render target's write-back stores it */
        assert_int_equal(glhle_pica_flush(e.pica, PD_TEXTURE, 1024 + 256), GLHLE_RESULT_OK);
        const uint8_t *m = pd_mem(&e, PD_TEXTURE);
        assert_memory_equal(m, before, sizeof before);
        uint8_t lvl[8 * 8 * 4];
        const pica_surface ps = {PICA_TEXFMT_RGBA8, PICA_LAYOUT_TILED8, 8, 8, 0};
        assert_int_equal(pica_decode(&ps, m + 1024, 256, NULL, 0, lvl, 8 * 4, NULL), GLHLE_RESULT_OK);
        print_message("render to mip level 1 at %ux\n", scale);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                const uint8_t *t = lvl + ((7 - y / 8) * 8 + x / 8) * 4; /* t = 0 is the bottom row */
                const rgba want = {t[0], t[1], t[2], t[3]};
                if (pack(px(&img, (uint32_t)x, (uint32_t)y)) != pack(want))
                    fail_msg("%ux: pixel (%d,%d) is %08x, level 1 holds %08x", scale, x, y,
                             pack(px(&img, (uint32_t)x, (uint32_t)y)), pack(want));
            }
        assert_true(pack(px(&img, 0, 0)) != pack(px(&img, W - 1, H - 1)));
        glhle_image_free(&img);

        /* level 0 still reads the memory's texels */
        draw_mip_sample(&e, 0);
        pd_read_color(&e, PD_COLOR, 0, W, H, &img);
        assert_int_equal(pack(px(&img, 5, 7)), pack(L0));
        glhle_image_free(&img);
        pd_env_free(&e);
    }
}

/* The same for a mip-mapped cube map: faces of 16 x 16 with two levels
 * (0x800 apart), a draw into level 1 of face +Z, then the cube sampled at
 * LOD 1 through +Z (the drawn colour, from the GPU) and through +X (the
 * memory's level 1). */
static void set_mip_cube(tp_cmdbuf *b, const void *arg)
{
    (void)arg;
    pd_texture0(b, PD_TEXTURE, 16, 16, 0, 0, 0, 0, 0, 0);
    tp_cmd1(b, 0x083, 1u << 28); /* type 1: cube */
    tp_cmd1(b, 0x084, 1u << 16 | 1u << 24);
    uint32_t addr[5];
    for (uint32_t f = 1; f < 6; f++)
        addr[f - 1] = (PD_TEXTURE + f * 0x800) >> 3;
    tp_cmd(b, 0x086, 0xF, true, addr, 5);
    tp_cmd(b, 0x052, 0xF, false, (const uint32_t[1]){0x101F0D0C}, 1); /* texcoord0.w from v2.w */
    pd_tev_replace(b, 3, 0);
}

static void render_to_mip_cube_face(void **state)
{
    const rgba Q = {200, 100, 50, 255};
    const struct {
        float s0, s1, t0, t1;
        int face;
    } cases[] = {{-0.5f, 0.5f, -0.5f, 0.5f, 4}, {1.5f, 2.5f, -0.4f, 0.4f, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pd_env e;
        pd_env_init(&e, *state, 1);
        uint8_t *l0 = malloc(16 * 16 * 4), l1[8 * 8 * 4];
        for (int f = 0; f < 6; f++) {
            const rgba dim = {(uint8_t)(FACE[f].r / 2), (uint8_t)(FACE[f].g / 2), (uint8_t)(FACE[f].b / 2), 255};
            for (int k = 0; k < 256; k++)
                memcpy(l0 + 4 * k, &FACE[f], 4);
            for (int k = 0; k < 64; k++)
                memcpy(l1 + 4 * k, &dim, 4);
            pd_put_texture(&e, PD_TEXTURE + (uint32_t)f * 0x800, 0, 16, 16, l0);
            pd_put_texture(&e, PD_TEXTURE + (uint32_t)f * 0x800 + 1024, 0, 8, 8, l1);
        }
        free(l0);
        /* draw 1: level 1 of face +Z */
        put_quad(&e, -0.5f, 1, Q, 0, 0, 1, 1);
        tp_cmdbuf b;
        tp_cmd_init(&b);
        pd_target(&b, PD_TEXTURE + 4 * 0x800 + 1024, 0, 0, 3, 8, 8);
        pd_program(&b, 3);
        pd_draw(&b, 0, 6, 0);
        run_ok(&e, &b);
        glhle_pica_stats st0, st1;
        assert_int_equal(glhle_pica_get_stats(e.pica, &st0), GLHLE_RESULT_OK);
        /* draw 2: the cube at LOD 1 */
        put_quad(&e, -0.5f, 1, SRC, cases[i].s0, cases[i].t0, cases[i].s1, cases[i].t1);
        glhle_image img;
        draw_and_read(&e, 6, false, set_mip_cube, NULL, &img);
        assert_int_equal(glhle_pica_get_stats(e.pica, &st1), GLHLE_RESULT_OK);
        const int f = cases[i].face;
        const rgba want = f == 4 ? Q : (rgba){(uint8_t)(FACE[f].r / 2), (uint8_t)(FACE[f].g / 2), (uint8_t)(FACE[f].b / 2), 255};
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                assert_int_equal(pack(px(&img, (uint32_t)x, (uint32_t)y)), pack(want));
        /* the drawn level reached the cube on the GPU: the one write-back
         * is the colour buffer read above */
        assert_int_equal(st1.downloads - st0.downloads, 1);
        glhle_image_free(&img);
        pd_env_free(&e);
    }
}

/* ---- against the fragment model ------------------------------------------------------------------------- */

static void set_combiners(tp_cmdbuf *b, const void *arg)
{
    (void)arg;
    pd_texture0(b, PD_TEXTURE, 8, 8, 0, 0, 0, 2, 2, 0);
    /* SOURCE, OPERAND, COMBINER (1 modulate, 2 add, 3 add signed), COLOR, SCALE */
    tp_cmd(b, 0x0C0, 0xF, true, (const uint32_t[5]){0x00E000E0, 0, 0x00010001, 0xC0804020, 0}, 5);
    tp_cmd(b, 0x0C8, 0xF, true, (const uint32_t[5]){0x003F003F, 0, 0x00020002, 0, 0}, 5);
    tp_cmd(b, 0x0D0, 0xF, true, (const uint32_t[5]){0x00EF00EF, 0, 0x00030003, 0x50607080, 0x00010001}, 5);
}

static void combiners_match_reference(void **state)
{
    /* stage 0: primary * constant (modulate), stage 1: previous + texture 0
     * (add), stage 2: add-signed of previous and constant 2, x2 scale */
    pd_env e;
    pd_env_init(&e, *state, 1);
    uint8_t tex[8 * 8 * 4];
    for (int i = 0; i < 64; i++) {
        tex[4 * i] = (uint8_t)(i * 3);
        tex[4 * i + 1] = (uint8_t)(200 - i);
        tex[4 * i + 2] = 17;
        tex[4 * i + 3] = (uint8_t)(i * 4);
    }
    pd_put_texture(&e, PD_TEXTURE, 0, 8, 8, tex);
    const rgba prim = {90, 180, 45, 200};
    put_quad(&e, -0.5f, 1, prim, 0, 0, 1, 1);
    glhle_image img;
    draw_and_read(&e, 6, false, set_combiners, NULL, &img);
    /* the model, for the key and uniforms of the instance's state */
    const pica_state *s = pica_get_state(e.pica);
    pica_fs_key key;
    pica_fs_key_from_state(s, &key);
    pica_fs_uniforms *u = calloc(1, sizeof *u);
    pica_fs_luts *luts = calloc(1, sizeof *luts);
    pica_fs_uniforms_from_state(s, u);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            pica_ref_input in;
            memset(&in, 0, sizeof in);
            in.color[0] = prim.r / 255.0f;
            in.color[1] = prim.g / 255.0f;
            in.color[2] = prim.b / 255.0f;
            in.color[3] = prim.a / 255.0f;
            const int tx = x / 8, row = 7 - y / 8;
            memcpy(in.texel[0], tex + (row * 8 + tx) * 4, 4);
            in.z_over_w = -0.5f;
            in.w = 1;
            pica_ref_output o;
            pica_ref_fragment(&key, u, luts, &in, &o);
            const rgba want = {o.color[0], o.color[1], o.color[2], o.color[3]};
            assert_close(px(&img, (uint32_t)x, (uint32_t)y), want, 0, "combiners against pica_ref");
        }
    free(u);
    free(luts);
    glhle_image_free(&img);
    pd_env_free(&e);
}

/* ---- resolution scale ----------------------------------------------------------------------------------- */

static void scaled_triangle(void **state)
{
    /* at scale 3 the flushed image still has the triangle's colour inside and
     * nothing outside; only pixels the edge crosses are blends */
    pd_env e;
    pd_env_init(&e, *state, 3);
    put_triangle(&e, false);
    glhle_image img;
    draw_and_read(&e, 3, false, NULL, NULL, &img);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            /* the pixel's four corners all inside or all outside */
            int inside = 0;
            for (int k = 0; k < 4; k++) {
                const float cx = (float)(x + (k & 1)), cy = (float)(y + (k >> 1));
                inside += cx >= 8 && cy >= 8 && 32 * cx + 48 * cy <= 2176;
            }
            if (inside == 4)
                assert_int_equal(pack(px(&img, (uint32_t)x, (uint32_t)y)), pack(TRI_COLOR));
            else if (inside == 0)
                assert_int_equal(pack(px(&img, (uint32_t)x, (uint32_t)y)), 0);
        }
    glhle_image_free(&img);
    pd_env_free(&e);
}

/* ---- state tracking ------------------------------------------------------------------------------------- */

static void redundant_state_is_not_reissued(void **state)
{
    pd_env e;
    pd_env_init(&e, *state, 1);
    put_triangle(&e, false);
    tp_cmdbuf b;
    setup(&b, false);
    pd_draw(&b, 0, 3, 0);
    run_ok(&e, &b);
    const pica_rasterizer_stats s1 = rstats(&e);
    const uint64_t issued1 = e.pica->gl->issued;
    /* the same draw again: only the draw call itself reaches GL */
    tp_cmd_init(&b);
    pd_draw(&b, 0, 3, 0);
    run_ok(&e, &b);
    const pica_rasterizer_stats s2 = rstats(&e);
    assert_int_equal(s2.draws, 2);
    assert_int_equal(s2.program_lookups, s1.program_lookups);
    assert_int_equal(s2.program_builds, 1);
    assert_int_equal(s2.buffer_uploads, s1.buffer_uploads);
    assert_int_equal(e.pica->gl->issued, issued1);
    /* a blend colour change: one uniform-free GL call, no program lookup */
    tp_cmd_init(&b);
    pd_blend(&b, 0, 0, 10, 0, 10, 0, 0x11223344);
    pd_draw(&b, 0, 3, 0);
    run_ok(&e, &b);
    const pica_rasterizer_stats s3 = rstats(&e);
    assert_int_equal(s3.program_lookups, s1.program_lookups);
    assert_true(e.pica->gl->issued - issued1 <= 3);
    pd_env_free(&e);
}

/* ---- programs ------------------------------------------------------------------------------------------- */

static void every_generated_program_links(void **state)
{
    glhle_context *ctx = *state;
    pica_fs_key fs;
    memset(&fs, 0, sizeof fs);
    pica_fs_key_normalize(&fs);
    unsigned n = 0;
    for (unsigned outputs = 0; outputs <= 2 * PICA_VS_OUT_ALL + 1; outputs++) {
        pica_vs_key vs = {.outputs = (uint8_t)(outputs & PICA_VS_OUT_ALL), .clip = (uint8_t)(outputs > PICA_VS_OUT_ALL)};
        GLuint prog = 0;
        assert_int_equal(pica_rasterizer_build_program(ctx, &fs, &vs, &prog), GLHLE_RESULT_OK);
        ctx->gl.DeleteProgram(prog);
        n++;
    }
    ts_rng r;
    ts_rng_init(&r, ts_seed("rasterizer programs", 0x8b));
    for (int i = 0; i < 48; i++) {
        pica_fs_random_key(&r, i % 8 == 7 ? PFR_RAW : (unsigned)(i * 5) % PFR_RAW, &fs);
        if (i % 4 == 1) { /* MIN/MAX blending in the shader, every factor */
            fs.blend_rgb_eq = (uint8_t)(1 + (i / 4) % 2);
            fs.blend_alpha_eq = (uint8_t)((i / 4) % 3);
            fs.blend_src_rgb = (uint8_t)((i / 4) % 15);
            fs.blend_dst_rgb = (uint8_t)(14 - (i / 4) % 15);
            fs.blend_src_alpha = (uint8_t)ts_rng_below(&r, 15);
            fs.blend_dst_alpha = (uint8_t)ts_rng_below(&r, 15);
            pica_fs_key_normalize(&fs);
        }
        if (i % 8 == 3) { /* shadow-map rendering */
            fs.shadow_render = 1;
            pica_fs_key_normalize(&fs);
        }
        pica_vs_key vs = {.outputs = (uint8_t)ts_rng_below(&r, PICA_VS_OUT_ALL + 1), .clip = (uint8_t)(i & 1)};
        GLuint prog = 0;
        assert_int_equal(pica_rasterizer_build_program(ctx, &fs, &vs, &prog), GLHLE_RESULT_OK);
        ctx->gl.DeleteProgram(prog);
        n++;
    }
    print_message("%u programs linked\n", n);
}

static void vs_key_from_output_map(void **state)
{
    (void)state;
    pica_outmap_state om;
    memset(&om, 0, sizeof om);
    om.total = 3;
    const uint8_t sem[3][4] = {{0, 1, 2, 3}, {0x0C, 0x0D, 0x10, 0x1F}, {0x12, 0x13, 0x14, 0x1F}};
    memcpy(om.semantic, sem, sizeof sem);
    pica_vs_key k;
    /* o0, o2, o5 enabled: they take slots 0, 1, 2 */
    pica_vs_key_from_outmap(&om, 0x25, &k);
    assert_int_equal(k.outputs, PICA_VS_OUT_TEXCOORD0 | PICA_VS_OUT_TEXCOORD0_W | PICA_VS_OUT_VIEW);
    /* only two registers enabled: the view slot is not reached */
    pica_vs_key_from_outmap(&om, 0x03, &k);
    assert_int_equal(k.outputs, PICA_VS_OUT_TEXCOORD0 | PICA_VS_OUT_TEXCOORD0_W);
    om.semantic[0][0] = 0x08;
    om.semantic[0][1] = 0x16;
    pica_vs_key_from_outmap(&om, 0x01, &k);
    assert_int_equal(k.outputs, PICA_VS_OUT_COLOR | PICA_VS_OUT_TEXCOORD2);
}

/* ---- bad input ------------------------------------------------------------------------------------------ */

/* After a skipped draw, a good one draws: the instance keeps working. */
static void draw_good_triangle(pd_env *e)
{
    put_triangle(e, false);
    glhle_image img;
    draw_and_read(e, 3, false, NULL, NULL, &img);
    rgba bg = {0, 0, 0, 0};
    expect_image("rasterizer_after_error", &img, expect_triangle, &bg, 0);
    glhle_image_free(&img);
}

static void skipped(pd_env *e, tp_cmdbuf *b, glhle_result want, const char *log)
{
    ts_log_clear();
    const uint64_t before = rstats(e).skipped;
    glhle_pica_run_result res;
    assert_int_equal(pd_run(e, b, &res), want);
    assert_true(res.problems >= 1);
    assert_true(res.finalized);
    assert_true(ts_log_contains(log));
    assert_true(ts_log_contains("draw skipped"));
    assert_int_equal(rstats(e).skipped, before + 1);
    assert_int_equal(rstats(e).draws, 0);
    tp_cmd_free(b);
}

static void no_program_uploaded(void **state)
{
    pd_env e;
    pd_env_init(&e, *state, 1);
    put_triangle(&e, false);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    pd_target(&b, PD_COLOR, 0, 0, 0, W, H);
    pd_draw(&b, 0, 3, 0);
    skipped(&e, &b, GLHLE_RESULT_BAD_DATA, "no vertex shader program");
    draw_good_triangle(&e);
    pd_env_free(&e);
}

static void unmapped_render_target(void **state)
{
    pd_env e;
    pd_env_init(&e, *state, 1);
    put_triangle(&e, false);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    pd_target(&b, 0x30000000u, 0, 0, 0, W, H);
    pd_program(&b, 3);
    pd_draw(&b, 0, 3, 0);
    skipped(&e, &b, GLHLE_RESULT_OUT_OF_BOUNDS, "COLORBUFFER_LOC 0x30000000");
    /* an unknown colour format too */
    tp_cmd_init(&b);
    pd_target(&b, PD_COLOR, 7, 0, 0, W, H);
    pd_draw(&b, 0, 3, 0);
    skipped(&e, &b, GLHLE_RESULT_INVALID_ARGUMENT, "render target not usable");
    /* a zero width (FRAMEBUFFER_DIM bits 0-10) */
    tp_cmd_init(&b);
    pd_target(&b, PD_COLOR, 0, 0, 0, W, H);
    tp_cmd1(&b, 0x11E, 1u << 24 | (H - 1u) << 12);
    pd_draw(&b, 0, 3, 0);
    ts_log_clear();
    glhle_pica_run_result res;
    assert_int_not_equal(pd_run(&e, &b, &res), GLHLE_RESULT_OK);
    tp_cmd_free(&b);
    assert_true(ts_log_contains("FRAMEBUFFER_DIM 0x64"));
    assert_int_equal(rstats(&e).draws, 0);
    draw_good_triangle(&e);
    pd_env_free(&e);
}

static void unmapped_texture(void **state)
{
    pd_env e;
    pd_env_init(&e, *state, 1);
    put_quad(&e, -0.5f, 1, SRC, 0, 0, 1, 1);
    tp_cmdbuf b;
    setup(&b, false);
    pd_texture0(&b, 0x30000000u, 8, 8, 0, 0, 0, 2, 2, 0);
    pd_tev_replace(&b, 3, 0);
    pd_draw(&b, 0, 6, 0);
    skipped(&e, &b, GLHLE_RESULT_OUT_OF_BOUNDS, "texture unit 0 (address 0x30000000");
    /* a texture of height 0 (TEXUNIT0_DIM bits 0-10) */
    tp_cmd_init(&b);
    pd_texture0(&b, PD_TEXTURE, 8, 0, 0, 0, 0, 2, 2, 0);
    pd_draw(&b, 0, 6, 0);
    ts_log_clear();
    glhle_pica_run_result res;
    assert_int_not_equal(pd_run(&e, &b, &res), GLHLE_RESULT_OK);
    tp_cmd_free(&b);
    assert_true(ts_log_contains("texture unit 0 (address 0x18400000, 8x0"));
    /* nothing reached the colour buffer */
    glhle_image img;
    pd_read_color(&e, PD_COLOR, 0, W, H, &img);
    for (size_t i = 0; i < (size_t)W * H * 4; i++)
        assert_int_equal(img.rgba[i], 0);
    glhle_image_free(&img);
    draw_good_triangle(&e);
    pd_env_free(&e);
}

static void shader_build_failure(void **state)
{
    if (ts_env_long("GLHLE_TEST_PICA_UBERSHADER", 0)) {
        print_message("SKIP: with the ubershader no draw needs a program built for it\n");
        skip();
    }
    pd_env e;
    pd_env_init(&e, *state, 1);
    put_triangle(&e, false);
    pica_rasterizer_test_break_builds(e.pica->rasterizer, true);
    tp_cmdbuf b;
    setup(&b, false);
    pd_draw(&b, 0, 3, 0);
    skipped(&e, &b, GLHLE_RESULT_SHADER_ERROR, "failed to build");
    /* the failure is remembered: the same key costs no second build */
    tp_cmd_init(&b);
    pd_draw(&b, 0, 3, 0);
    skipped(&e, &b, GLHLE_RESULT_SHADER_ERROR, "failed to build");
    /* with GPU vertex shaders (the default) the translated program fails
     * first and the draw goes to the CPU path, whose program fails too */
    const uint64_t builds = ts_env_long("GLHLE_TEST_PICA_VERTEX_SHADERS", 0) == GLHLE_PICA_VERTEX_SHADERS_CPU ? 1 : 2;
    assert_int_equal(rstats(&e).program_builds, builds);
    assert_int_equal(rstats(&e).program_failures, builds);
    pica_rasterizer_test_break_builds(e.pica->rasterizer, false);
    /* another configuration (the constant colour as the output) builds and draws */
    tp_cmd_init(&b);
    pd_tev_replace(&b, 0xE, pack(TRI_COLOR));
    pd_draw(&b, 0, 3, 0);
    run_ok(&e, &b);
    glhle_image img;
    pd_read_color(&e, PD_COLOR, 0, W, H, &img);
    rgba bg = {0, 0, 0, 0};
    expect_image("rasterizer_after_build_failure", &img, expect_triangle, &bg, 0);
    glhle_image_free(&img);
    pd_env_free(&e);
}

/* ---- shadow-map rendering ---------------------------------------------------------------------------- */

typedef struct shadow_pass {
    uint32_t fragop_shadow; /* GPUREG_FRAGOP_SHADOW: f16 constant | f16 linear << 16 */
} shadow_pass;

static void set_shadow_render(tp_cmdbuf *b, const void *arg)
{
    const shadow_pass *sp = arg;
    tp_cmd1(b, 0x100, 0x00E40003); /* COLOR_OPERATION mode 3 */
    tp_cmd1(b, 0x130, sp->fragop_shadow);
}

/* The shadow word of every pixel: the RGBA8 texel as R | G << 8 | B << 16 |
 * A << 24 (the layout the shadow texture reads use). */
static void check_shadow_words(const glhle_image *img, uint32_t z, uint32_t intensity, const char *what)
{
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            const uint32_t w = pack(px(img, x, y));
            if (abs((int)(w >> 8) - (int)z) > 1 || (w & 0xFF) != intensity)
                fail_msg("%s: pixel (%u, %u) shadow word 0x%08X: depth 0x%06X, intensity %u; expected 0x%06X (+-1), %u",
                         what, x, y, w, w >> 8, w & 0xFF, z, intensity);
        }
}

/* COLOR_OPERATION mode 3 (Azahar's UpdateShadow, pica_fs_key.h): a nearer
 * fragment with intensity (combiner green) 0 moves the stored depth; one
 * with a non-zero intensity lowers the stored intensity to
 * s / (constant + linear * d / stored depth); a farther one changes
 * nothing. Expected words are computed here from those rules. */
static void shadow_map_rendering(void **state)
{
    pd_env e;
    pd_env_init(&e, *state, 1);
    uint8_t *all = malloc(W * H * 4);
    memset(all, 0xFF, W * H * 4); /* depth 0xFFFFFF, intensity 255 */
    pd_put_color(&e, PD_COLOR, 0, W, H, all);
    free(all);
    /* constant 1.25 (f16 0x3D00), linear -0.5 (0xB800) */
    const shadow_pass sp = {0x3D00u | 0xB800u << 16};
    glhle_image img;

    /* depth 0.75, intensity 0: the depth moves, the intensity stays */
    put_quad(&e, -0.75f, 1, (rgba){90, 0, 40, 255}, 0, 0, 0, 0);
    draw_and_read(&e, 6, false, set_shadow_render, &sp, &img);
    const uint32_t d1 = (uint32_t)(0.75 * 16777215.0);
    check_shadow_words(&img, d1, 255, "depth pass");
    glhle_image_free(&img);

    /* depth 0.5, intensity 200: 200 / (1.25 - 0.5 * d2 / d1) */
    put_quad(&e, -0.5f, 1, (rgba){0, 200, 0, 255}, 0, 0, 0, 0);
    draw_and_read(&e, 6, false, set_shadow_render, &sp, &img);
    const uint32_t d2 = (uint32_t)(0.5 * 16777215.0);
    const uint32_t i2 = (uint32_t)(200.0f / (1.25f + -0.5f * (float)d2 / (float)d1));
    print_message("shadow intensity %u (d2 / d1 = %.4f)\n", i2, (double)d2 / d1);
    assert_true(i2 > 200 && i2 < 255);
    check_shadow_words(&img, d1, i2, "intensity pass");
    glhle_image_free(&img);

    /* depth 0.9, behind what is stored: nothing changes */
    put_quad(&e, -0.9f, 1, (rgba){0, 10, 0, 255}, 0, 0, 0, 0);
    draw_and_read(&e, 6, false, set_shadow_render, &sp, &img);
    check_shadow_words(&img, d1, i2, "farther pass");
    glhle_image_free(&img);
    pica_rasterizer_stats st = rstats(&e);
    assert_int_equal(st.shadow_draws, 3);
    assert_int_equal(st.skipped, 0);

    /* the map rendered here is what a shadow texture reads: the existing
     * shadow_texture test checks those reads on hand-made words of this
     * layout */
    pd_env_free(&e);
}

/* ---- gas rendering (docs/pica-gas.md) ---------------------------------------------------------------- */

static void set_gas_density(tp_cmdbuf *b, const void *arg)
{
    (void)arg;
    tp_cmd1(b, 0x100, 0x00E40001);              /* COLOR_OPERATION mode 1: gas */
    tp_cmd1(b, 0x0E5, 0x3C00);                  /* GAS_ACCMAX 1.0 (f16) */
    tp_cmd1(b, 0x126, 512u | 2u << 24);         /* GAS_DELTAZ_DEPTH: deltaZ 2.0 (fixed 16.8), function greater */
}

static void set_gas_shading(tp_cmdbuf *b, const void *arg)
{
    (void)arg;
    tp_cmd1(b, 0x0E0, 7u | 1u << 3);            /* TEXENV_UPDATE_BUFFER: fog mode gas, depth density */
    tp_cmd1(b, 0x0E4, 0x3800);                  /* GAS_ATTENUATION 0.5 */
    tp_cmd1(b, 0x120, 20u | 220u << 8 | 128u << 16); /* GAS_LIGHT_XY: planar min, max, attenuation */
    tp_cmd1(b, 0x121, 0u | 255u << 8 | 0u << 16);    /* GAS_LIGHT_Z: view min, max, attenuation */
    tp_cmd1(b, 0x122, 64u | 1u << 8);           /* GAS_LIGHT_Z_COLOR: light direction 64, LUT input light factor */
    /* GAS_LUT: 8 differences, then 8 colours; entry 6 colour (200, 100, 50),
     * difference R +10, G -64 (sign and magnitude), B 0 */
    tp_cmd1(b, 0x123, 0);
    for (uint32_t i = 0; i < 16; i++)
        tp_cmd1(b, 0x124, i == 6 ? 10u | (0x80u | 64u) << 8 : i == 14 ? 200u | 100u << 8 | 50u << 16 : 0x101010u * i);
}

/* The density pass's buffers: colour (10, 20, 30, 40), depth 0.6 on the
 * left half and 0.3 on the right, and a quad at depth 0.5 with R = 100.
 * Returns the right half's 24-bit depth. */
static uint32_t gas_buffers(pd_env *e)
{
    uint8_t *all = malloc(W * H * 4);
    for (int i = 0; i < W * H; i++)
        memcpy(all + 4 * i, (const uint8_t[4]){10, 20, 30, 40}, 4);
    pd_put_color(e, PD_COLOR, 0, W, H, all);
    free(all);
    uint32_t *words = malloc(W * H * 4);
    const uint32_t z06 = (uint32_t)(0.6 * 16777215.0 + 0.5), z03 = (uint32_t)(0.3 * 16777215.0 + 0.5);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            words[y * W + x] = (x < W / 2 ? z06 : z03) << 8;
    pd_put_depth(e, PD_DEPTH, 3, W, H, words);
    free(words);
    put_quad(e, -0.5f, 1, (rgba){100, 0, 0, 255}, 0, 0, 0, 0);
    return z03;
}

/* Both passes through the draw path. Density pass over a colour buffer of
 * (10, 20, 30, 40) and a depth buffer at 0.6 on the left half and 0.3 on
 * the right: a quad at depth 0.5 with R = 100 and the function greater is
 * dropped on the left (0.5 < 0.6) and adds on the right: R += 100 *
 * ACCMAX 1 = 100; the depth density 100 * att / 255 with att =
 * (|0.5 - 0.3| in 24 bits * deltaZ 512 * 255) >> 32 = 101, so 40; G += 40.
 * Then the shading pass from a colour of (110, 60, 0, 0): D = G = 60;
 * planar 20 + 200 * (255 - 60 * 128 / 255) / 255 = 20 + 176 = 196, view
 * 0 + 255 * 255 / 255 = 255, light 196 + 59 * 64 / 255 = 211; LUT entry
 * 211 >> 5 = 6, fraction 19 / 32: R 200 + 10 * 255 * 19 / 4064 = 212, G
 * 100 - 76 = 24, B 50; A = 60 * 0.5 = 30. The arithmetic is worked out
 * here from docs/pica-gas.md, rounding as it says. */
static void gas_two_passes(void **state)
{
    pd_env e;
    pd_env_init(&e, *state, 1);
    const uint32_t z03 = gas_buffers(&e);
    glhle_image img;
    draw_and_read(&e, 6, true, set_gas_density, NULL, &img);
    const uint32_t diff = 8388608u - z03; /* the quad's 24-bit depth: floor(0.5 * (2^24 - 1) + 0.5) */
    const uint32_t att = (uint32_t)(((uint64_t)diff * 512u * 255u) >> 32);
    const uint32_t g_add = ((100 * att + 127) / 255 * 65536 + 32768) >> 16;
    print_message("gas density: attenuation %u, depth density %u\n", att, g_add);
    assert_int_equal(att, 101);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            const rgba c = px(&img, x, y);
            const bool right = x >= W / 2;
            const rgba want = {right ? 110 : 10, (uint8_t)(right ? 20 + g_add : 20), 30, 40};
            if (c.r != want.r || abs(c.g - want.g) > 1 || c.b != want.b || c.a != want.a)
                fail_msg("density pass pixel (%u, %u): %u,%u,%u,%u, expected %u,%u(+-1),%u,%u", x, y, c.r, c.g, c.b,
                         c.a, want.r, want.g, want.b, want.a);
        }
    glhle_image_free(&img);
    pica_rasterizer_stats st = rstats(&e);
    assert_int_equal(st.gas_draws, 1);
    assert_int_equal(st.skipped, 0);

    put_quad(&e, -0.5f, 1, (rgba){110, 60, 0, 0}, 0, 0, 0, 0);
    draw_and_read(&e, 6, false, set_gas_shading, NULL, &img);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++)
            if (pack(px(&img, x, y)) != pack((rgba){212, 24, 50, 30}))
                fail_msg("shading pass pixel (%u, %u): 0x%08X, expected 212, 24, 50, 30", x, y, pack(px(&img, x, y)));
    glhle_image_free(&img);
    pd_env_free(&e);
}

static void set_gas_density_enables(tp_cmdbuf *b, const void *arg)
{
    set_gas_density(b, NULL);
    const uint32_t *rw = arg; /* COLORBUFFER_READ, COLORBUFFER_WRITE */
    tp_cmd1(b, 0x112, rw[0]);
    tp_cmd1(b, 0x113, rw[1]);
}

/* The density pass under the colour buffer's enables (a disabled read
 * reads zero, a disabled write writes nothing): on gas_buffers, writes off change nothing; reads off
 * make the right half's words the contributions alone (100, 40, 0, 0) and
 * leave the dropped left half alone. */
static void gas_buffer_enables(void **state)
{
    static const uint32_t cases[2][2] = {{0xF, 0}, {0, 0xF}};
    for (int i = 0; i < 2; i++) {
        pd_env e;
        pd_env_init(&e, *state, 1);
        gas_buffers(&e);
        glhle_image img;
        draw_and_read(&e, 6, true, set_gas_density_enables, cases[i], &img);
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++) {
                const rgba c = px(&img, x, y);
                const bool changed = i == 1 && x >= W / 2;
                const rgba want = changed ? (rgba){100, 40, 0, 0} : (rgba){10, 20, 30, 40};
                if (c.r != want.r || abs(c.g - want.g) > 1 || c.b != want.b || c.a != want.a)
                    fail_msg("%s pixel (%u, %u): %u,%u,%u,%u, expected %u,%u(+-1),%u,%u",
                             i ? "reads off" : "writes off", x, y, c.r, c.g, c.b, c.a, want.r, want.g, want.b, want.a);
            }
        glhle_image_free(&img);
        assert_int_equal(rstats(&e).skipped, 0);
        pd_env_free(&e);
    }
}

/* At 2x the map's words come back through a flush that takes one sample
 * per texel: with depth rising across x, each word is the depth at the
 * sample (2x + 1, GL row 2y + 1) of its 2x2 block, x + 0.75 in guest
 * pixels, not a byte-wise average of two depths. */
static void shadow_map_flush_at_scale(void **state)
{
    pd_env e;
    pd_env_init(&e, *state, 2);
    uint8_t *all = malloc(W * H * 4);
    memset(all, 0xFF, W * H * 4);
    pd_put_color(&e, PD_COLOR, 0, W, H, all);
    free(all);
    const rgba c = {0, 0, 0, 255}; /* intensity 0: depth updates */
    const float zl = -0.2f, zr = -0.8f; /* window depth 0.2 at the left edge, 0.8 at the right */
    const pd_vertex v[6] = {vtx(0, 0, zl, 1, c), vtx(W, 0, zr, 1, c), vtx(W, H, zr, 1, c),
                            vtx(0, 0, zl, 1, c), vtx(W, H, zr, 1, c), vtx(0, H, zl, 1, c)};
    pd_put_vertices(&e, v, 6);
    const shadow_pass sp = {0x3C00u}; /* constant 1, linear 0 */
    glhle_image img;
    draw_and_read(&e, 6, false, set_shadow_render, &sp, &img);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            const uint32_t w = pack(px(&img, x, y));
            const double want = (0.2 + 0.6 * (x + 0.75) / W) * 16777215.0;
            const double tol = 0.6 / W * 0.05 * 16777215.0; /* a twentieth of a pixel's depth step */
            if ((w & 0xFF) != 255 || (double)(w >> 8) < want - tol || (double)(w >> 8) > want + tol)
                fail_msg("pixel (%u, %u): shadow word 0x%08X, expected depth 0x%06X (+-%.0f) and intensity 255", x, y,
                         w, (uint32_t)want, tol);
        }
    glhle_image_free(&img);
    pd_env_free(&e);
}

static void unsupported_fragment_mode(void **state)
{
    pd_env e;
    pd_env_init(&e, *state, 1);
    put_triangle(&e, false);
    tp_cmdbuf b;
    setup(&b, false);
    tp_cmd1(&b, 0x100, 0x00E40002); /* COLOR_OPERATION mode 2: reserved */
    pd_draw(&b, 0, 3, 0);
    skipped(&e, &b, GLHLE_RESULT_UNSUPPORTED, "reserved rendering");
    draw_good_triangle(&e);
    pd_env_free(&e);
    /* gas rendering into an RGB565 buffer: the density pass needs RGBA8 words */
    pd_env_init(&e, *state, 1);
    put_triangle(&e, false);
    tp_cmd_init(&b);
    pd_target(&b, PD_COLOR, 3, 0, 3, W, H);
    pd_program(&b, 3);
    tp_cmd1(&b, 0x100, 0x00E40001);
    pd_draw(&b, 0, 3, 0);
    skipped(&e, &b, GLHLE_RESULT_UNSUPPORTED, "gas rendering needs an RGBA8 colour buffer");
    draw_good_triangle(&e);
    pd_env_free(&e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(flat_triangle),
        TS_GL_TEST(immediate_triangle),
        TS_GL_TEST(culling_both_windings),
        TS_GL_TEST(depth_test_and_write),
        TS_GL_TEST(wbuffer_against_zbuffer),
        TS_GL_TEST(blend_factors_and_equations),
        TS_GL_TEST(min_max_blend_factors),
        TS_GL_TEST(logic_ops),
        TS_GL_TEST(logic_ops_narrow),
        TS_GL_TEST(color_reads_off),
        TS_GL_TEST(depth_and_stencil_reads_off),
        TS_GL_TEST(stencil_ops_reads_off),
        TS_GL_TEST(gas_two_passes),
        TS_GL_TEST(gas_buffer_enables),
        TS_GL_TEST(color_write_masks),
        TS_GL_TEST(scissor_modes),
        TS_GL_TEST(dest_read_scissored),
        TS_GL_TEST(framebuffer_flip_bit),
        TS_GL_TEST(early_depth_as_documented),
        TS_GL_TEST(user_clip_plane),
        TS_GL_TEST(stencil_test_and_ops),
        TS_GL_TEST(texture_nearest_wraps),
        TS_GL_TEST(texture_wrap_mode_pairs),
        TS_GL_TEST(texture_wrap_mode_pairs_linear),
        TS_GL_TEST(ubershader_wrap_modes_4_5),
        TS_GL_TEST(cube_map_faces),
        TS_GL_TEST(shadow_texture),
        TS_GL_TEST(render_target_as_texture),
        TS_GL_TEST(render_to_mip_level),
        TS_GL_TEST(render_to_mip_cube_face),
        TS_GL_TEST(combiners_match_reference),
        TS_GL_TEST(scaled_triangle),
        TS_GL_TEST(redundant_state_is_not_reissued),
        TS_GL_TEST(every_generated_program_links),
        TS_GL_TEST(vs_key_from_output_map),
        TS_GL_TEST(no_program_uploaded),
        TS_GL_TEST(unmapped_render_target),
        TS_GL_TEST(unmapped_texture),
        TS_GL_TEST(shader_build_failure),
        TS_GL_TEST(shadow_map_rendering),
        TS_GL_TEST(shadow_map_flush_at_scale),
        TS_GL_TEST(unsupported_fragment_mode),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
