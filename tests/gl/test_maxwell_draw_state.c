/* The Maxwell draw path's fixed-function state (backend/maxwell/render/
 * draw.c) on llvmpipe: stencil front and back, logic op, depth clamp,
 * polygon offset and mode (LINE and POINT, with culling, flat inputs and
 * user clip planes: on ES through the draw path's geometry stage, with the
 * same expectations), point size and line width, user clip distances,
 * primitive restart, instanced attributes with divisors and a base
 * instance, the instance id, conditional rendering, cull and front face,
 * SET_SRGB_WRITE into an sRGB target, and the program-code cache. Corpus pipelines (passthrough_vsh +
 * color_fsh: position and colour straight through; clipdist_vsh) draw
 * axis-aligned rectangles whose edges lie on pixel edges, so which pixels
 * they cover is known exactly; each expected picture is worked out here by
 * hand from the state set, never from a run of the code under test.
 * Skips when the shader corpus is absent. */
#include "support/test_support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/render_targets.h"
#include "scenes/maxwell_draw_scene.h"
#include "support/maxwell_fake_mem.h"
#include "support/maxwell_sidecar.h"
#include "support/maxwell_support.h"

#define W TMD_RECTS_W
#define H TMD_RECTS_H
#define VA TMD_RECTS_RT_VA           /* block-linear: colour target, zeta at + 1 MiB */
#define VA_ZETA (VA + 0x100000)
#define VA_DATA TMD_RECTS_DATA_VA    /* pitch: programs, constants, vertices */
#define COND_OFF 0x68000u       /* a render-enable condition in the data memory */
#define INDEX_OFF 0x6c000u
#define M(byte_offset) ((byte_offset) / 4u)

/* A zeta target of `format` over the colour target, cleared to depth and stencil. */
static void env_zeta(tmd_rects *e, uint32_t format, float depth, uint32_t stencil)
{
    tmd_zeta(&e->pb, VA_ZETA, W, H, format);
    tmd_set(e, 0x0d90, tm_u(depth));
    tmd_set(e, 0x0da0, stencil);
    tmd_set(e, 0x19d0, 0x03); /* CLEAR_SURFACE: Z, STENCIL */
}

/* Pixel x, y to NDC (guest row 0 at NDC y -1: tmd_target's viewport). */
static float nx(float x) { return x / (W / 2) - 1; }
static float ny(float y) { return y / (H / 2) - 1; }

/* DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST (or _SUBSEQUENT): START 15:0, COUNT 27:16, TOPOLOGY 31:28 */
static void draw(tmd_rects *e, uint32_t first, uint32_t count, uint32_t topology, bool subsequent)
{
    tmd_set(e, subsequent ? 0x1218 : 0x1214, first | count << 16 | topology << 28);
}

static void px(const tmd_rects *e, uint32_t x, uint32_t y, uint8_t out[4])
{
    memcpy(out, e->rt + mwt_bl_offset(W * 4, H, 1, 0, x * 4, y, 0), 4);
}

/* Every pixel but those `except` names against want(x, y) (RGBA8), the
 * channels in `mask` (bit c: channel c), within `tol`. */
typedef void (*want_fn)(uint32_t x, uint32_t y, uint8_t out[4]);
typedef bool (*skip_fn)(uint32_t x, uint32_t y);
static void check_some(const tmd_rects *e, const char *what, want_fn want, int tol, unsigned mask, skip_fn except)
{
    uint32_t bad = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            if (except && except(x, y))
                continue;
            uint8_t g[4], w[4];
            px(e, x, y, g);
            want(x, y, w);
            for (int c = 0; c < 4; c++)
                if ((mask >> c & 1) && abs(g[c] - w[c]) > tol) {
                    if (bad < 4)
                        print_message("  %s: pixel (%u, %u) is %u %u %u %u, want %u %u %u %u\n", what, x, y, g[0],
                                      g[1], g[2], g[3], w[0], w[1], w[2], w[3]);
                    bad++;
                    break;
                }
        }
    if (bad)
        fail_msg("%s: %u pixels differ", what, bad);
}

static void check(const tmd_rects *e, const char *what, want_fn want, int tol)
{
    check_some(e, what, want, tol, 0xF, NULL);
}

static const float BLACK[4] = {0, 0, 0, 1}, RED[4] = {1, 0, 0, 1}, GREEN[4] = {0, 1, 0, 1}, BLUE[4] = {0, 0, 1, 1};

static void set_rgba(uint8_t out[4], uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
    out[0] = r, out[1] = g, out[2] = b, out[3] = a;
}

static bool in(uint32_t x, uint32_t y, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1)
{
    return x >= x0 && x < x1 && y >= y0 && y < y1;
}

/* ---- stencil ---- */

/* Rectangle A [4,20)^2 writes stencil 1 (ALWAYS, REPLACE on z-pass) in
 * red; a full-target green rectangle with EQUAL 1 lands only on A. Two
 * sided: front NEVER, back ALWAYS; a clockwise (back-facing) blue
 * rectangle at [24,32)x[0,8) is drawn, a counter-clockwise one at
 * [24,32)x[24,32) is not. */
static void want_stencil(uint32_t x, uint32_t y, uint8_t o[4])
{
    if (in(x, y, 4, 4, 20, 20))
        set_rgba(o, 0, 255, 0, 255);
    else if (in(x, y, 24, 0, 32, 8))
        set_rgba(o, 0, 0, 255, 255);
    else
        set_rgba(o, 0, 0, 0, 255);
}

static void stencil_front_back(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    env_zeta(&e, 0x16 /* S8Z24 */, 1.0f, 0);
    tmd_set(&e, 0x1380, 1);          /* SET_STENCIL_TEST */
    tmd_set(&e, 0x1384, 0x1E00);     /* OP_FAIL OGL_KEEP */
    tmd_set(&e, 0x1388, 0x1E00);     /* OP_ZFAIL OGL_KEEP */
    tmd_set(&e, 0x138c, 3);          /* OP_ZPASS D3D_REPLACE */
    tmd_set(&e, 0x1390, 0x0207);     /* FUNC OGL_ALWAYS */
    tmd_set(&e, 0x1394, 1);          /* FUNC_REF */
    tmd_set(&e, 0x1398, 0xFF);       /* FUNC_MASK */
    tmd_set(&e, 0x139c, 0xFF);       /* MASK */
    draw(&e, tmd_rect(&e, 4, 4, 20, 20, 0, RED, false), 6, 4, false);
    tmd_set(&e, 0x138c, 0x1E00);     /* OP_ZPASS OGL_KEEP */
    tmd_set(&e, 0x1390, 3);          /* FUNC D3D_EQUAL */
    draw(&e, tmd_rect(&e, 0, 0, 20, 20, 0, GREEN, false), 6, 4, false);
    /* two-sided: front NEVER (D3D 1), back ALWAYS (OGL) with ref 1 */
    tmd_set(&e, 0x1594, 1);          /* SET_TWO_SIDED_STENCIL_TEST */
    tmd_set(&e, 0x1390, 1);
    tmd_set(&e, 0x1598, 0x1E00);     /* SET_BACK_STENCIL_OP_FAIL, ZFAIL, ZPASS */
    tmd_set(&e, 0x159c, 0x1E00);
    tmd_set(&e, 0x15a0, 0x1E00);
    tmd_set(&e, 0x15a4, 0x0207);     /* SET_BACK_STENCIL_FUNC ALWAYS */
    tmd_set(&e, 0x0f54, 0);          /* SET_BACK_STENCIL_FUNC_REF, MASK, FUNC_MASK */
    tmd_set(&e, 0x0f58, 0xFF);
    tmd_set(&e, 0x0f5c, 0xFF);
    draw(&e, tmd_rect(&e, 24, 0, 32, 8, 0, BLUE, true), 6, 4, false);
    draw(&e, tmd_rect(&e, 24, 24, 32, 32, 0, BLUE, false), 6, 4, false);
    tmd_submit(&e, 4);
    check(&e, "stencil", want_stencil, 0);
    tmd_rects_close(&e);
}

/* ---- logic op ---- */

/* GL's 16 logic ops (GL_CLEAR + k, GL 4.5 table 17.3) on one byte */
static uint8_t logic_byte(uint32_t k, uint8_t s, uint8_t d)
{
    switch (k) {
    case 0: return 0;                  /* CLEAR */
    case 1: return s & d;              /* AND */
    case 2: return s & (uint8_t)~d;    /* AND_REVERSE */
    case 3: return s;                  /* COPY */
    case 4: return (uint8_t)~s & d;    /* AND_INVERTED */
    case 5: return d;                  /* NOOP */
    case 6: return s ^ d;              /* XOR */
    case 7: return s | d;              /* OR */
    case 8: return (uint8_t)~(s | d);  /* NOR */
    case 9: return (uint8_t)~(s ^ d);  /* EQUIV */
    case 10: return (uint8_t)~d;       /* INVERT */
    case 11: return s | (uint8_t)~d;   /* OR_REVERSE */
    case 12: return (uint8_t)~s;       /* COPY_INVERTED */
    case 13: return (uint8_t)~s | d;   /* OR_INVERTED */
    case 14: return (uint8_t)~(s & d); /* NAND */
    default: return 0xFF;              /* SET */
    }
}

static const uint8_t LOGIC_DST[4] = {0x0F, 0x33, 0xCC, 0xFF}, LOGIC_SRC[4] = {0xFF, 0x55, 0x00, 0xF0};
static uint32_t logic_k;

static void want_logic(uint32_t x, uint32_t y, uint8_t o[4])
{
    (void)x, (void)y;
    for (int c = 0; c < 4; c++)
        o[c] = logic_byte(logic_k, LOGIC_SRC[c], LOGIC_DST[c]);
}

/* SET_LOGIC_OP with each of the 16 functions over the whole target: the
 * clear colour op the source per channel, against the table above (on ES
 * in the fragment program: framebuffer fetch, or a copy of the target where
 * it is absent, gles/test_maxwell_draw_state_no_barrier) */
static void logic_ops(void **state)
{
    const float clear[4] = {LOGIC_DST[0] / 255.0f, LOGIC_DST[1] / 255.0f, LOGIC_DST[2] / 255.0f,
                            LOGIC_DST[3] / 255.0f};
    const float src[4] = {LOGIC_SRC[0] / 255.0f, LOGIC_SRC[1] / 255.0f, LOGIC_SRC[2] / 255.0f,
                          LOGIC_SRC[3] / 255.0f};
    for (logic_k = 0; logic_k < 16; logic_k++) {
        tmd_rects e;
        if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", clear))
            skip();
        tmd_set(&e, 0x19c4, 1);                 /* SET_LOGIC_OP */
        tmd_set(&e, 0x19c8, 0x1500 + logic_k); /* SET_LOGIC_OP_FUNC */
        draw(&e, tmd_rect(&e, 0, 0, W, H, 0, src, false), 6, 4, false);
        tmd_submit(&e, 1);
        char what[32];
        snprintf(what, sizeof what, "logic op 0x%04X", 0x1500 + logic_k);
        check(&e, what, want_logic, 0);
        tmd_rects_close(&e);
    }
}

/* ---- depth clamp and polygon offset ---- */

static void want_clamp(uint32_t x, uint32_t y, uint8_t o[4])
{
    if (in(x, y, 0, 0, 16, 16))
        set_rgba(o, 255, 0, 0, 255);
    else if (in(x, y, 16, 16, 32, 32))
        set_rgba(o, 0, 0, 255, 255);
    else
        set_rgba(o, 0, 0, 0, 255);
}

/* Rectangles at NDC z = 2, beyond the far plane: clipped with GEOMETRY_CLIP
 * FRUSTUM_XYZ_CLIP, drawn (depth clamped) with FRUSTUM_XY_CLIP and both
 * PIXEL_MIN_Z/MAX_Z CLAMP. Then polygon offset: a red rectangle at depth
 * 0.5 in a ZF32 target, a green one at the same depth with LESS fails,
 * unless SET_DEPTH_BIAS pulls it forward (the blue one). */
static void depth_clamp_and_offset(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    tmd_set(&e, 0x193c, 3u << 11); /* SET_VIEWPORT_CLIP_CONTROL: FRUSTUM_XYZ_CLIP */
    draw(&e, tmd_rect(&e, 16, 0, 32, 16, 2, GREEN, false), 6, 4, false);
    tmd_set(&e, 0x193c, 2u << 11 | 1u << 3 | 1u << 4); /* FRUSTUM_XY_CLIP, PIXEL_MIN_Z and MAX_Z CLAMP */
    draw(&e, tmd_rect(&e, 0, 0, 16, 16, 2, RED, false), 6, 4, false);
    tmd_set(&e, 0x193c, 0);
    env_zeta(&e, 0x0A /* ZF32 */, 1.0f, 0);
    tmd_set(&e, 0x12cc, 1);      /* SET_DEPTH_TEST */
    tmd_set(&e, 0x12e8, 1);      /* SET_DEPTH_WRITE */
    tmd_set(&e, 0x130c, 0x0201); /* SET_DEPTH_FUNC OGL_LESS */
    draw(&e, tmd_rect(&e, 0, 16, 32, 32, 0, BLUE, false), 6, 4, false);
    draw(&e, tmd_rect(&e, 0, 16, 16, 32, 0, BLACK, false), 6, 4, false); /* same depth: fails LESS */
    tmd_set(&e, 0x0dc8, 1);                                                /* SET_POLY_OFFSET_FILL */
    tmd_set(&e, 0x15bc, tm_u(-8.0f));                                      /* SET_DEPTH_BIAS */
    draw(&e, tmd_rect(&e, 0, 16, 16, 32, 0, BLACK, false), 6, 4, false); /* pulled forward: passes */
    tmd_submit(&e, 5);
    check(&e, "depth clamp and polygon offset", want_clamp, 0);
    tmd_rects_close(&e);
}

/* ---- points, lines, polygon mode ---- */

static void want_points_lines(uint32_t x, uint32_t y, uint8_t o[4])
{
    /* a 4-pixel point at pixel (16, 16): [14,18)^2; a 3-pixel-wide line
     * along y = 8.5 from x = 2 to 30: rows 7-9 (checked on columns 4-27,
     * away from the ends' rules) */
    if (in(x, y, 14, 14, 18, 18))
        set_rgba(o, 255, 0, 0, 255);
    else if (in(x, y, 4, 7, 28, 10))
        set_rgba(o, 0, 255, 0, 255);
    else
        set_rgba(o, 0, 0, 0, 255);
}

static void want_corner_points(uint32_t x, uint32_t y, uint8_t o[4])
{
    const bool cx = (x >= 3 && x < 6) || (x >= 26 && x < 29), cy = (y >= 3 && y < 6) || (y >= 26 && y < 29);
    if (cx && cy)
        set_rgba(o, 255, 0, 0, 255);
    else
        set_rgba(o, 0, 0, 0, 255);
}

static bool line_ends(uint32_t x, uint32_t y)
{
    return in(x, y, 0, 6, 4, 11) || in(x, y, 28, 6, 32, 11);
}

static void points_lines_polygon_mode(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    tmd_set(&e, 0x1518, tm_u(4.0f)); /* SET_POINT_SIZE */
    const uint32_t p = e.verts;
    tmd_vertex(&e, 0, 0, 0, RED);
    draw(&e, p, 1, 0 /* POINTS */, false);
    tmd_set(&e, 0x13b4, tm_u(3.0f)); /* SET_ALIASED_LINE_WIDTH_FLOAT */
    const uint32_t l = e.verts;
    tmd_vertex(&e, nx(2), 8.5f / 16 - 1, 0, GREEN);
    tmd_vertex(&e, nx(30), 8.5f / 16 - 1, 0, GREEN);
    draw(&e, l, 2, 1 /* LINES */, false);
    tmd_submit(&e, 2);
    /* on ES the 4-pixel point comes from the translated vertex program's
     * gl_PointSize (ES has no glPointSize): the same pixels */
    check_some(&e, "points and lines", want_points_lines, 0, 0xF, line_ends);
    tmd_rects_close(&e);

    /* SET_FRONT_POLYGON_MODE LINE: a rectangle with its edges through pixel
     * centres 4.5 and 27.5 draws columns 4 and 27; its inside stays clear
     * but for the diagonal its two triangles share (on ES through the draw
     * path's geometry stage: gl_caps_polygon_mode_by_gs) */
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    tmd_set(&e, 0x0dac, 0x1B01);
    tmd_set(&e, 0x0db0, 0x1B01);
    draw(&e, tmd_rect(&e, 4.5f, 4.5f, 27.5f, 27.5f, 0, RED, false), 6, 4, false);
    tmd_submit(&e, 1);
    uint32_t edge = 0, inside = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            uint8_t g[4];
            px(&e, x, y, g);
            if (in(x, y, 6, 6, 26, 26) && abs((int)x - (int)y) > 1)
                inside += g[0] != 0;
            if ((x == 4 || x == 27) && y > 8 && y < 24)
                edge += g[0] == 255;
        }
    print_message("  polygon mode LINE: %u of 30 edge-column pixels drawn, %u inside\n", edge, inside);
    assert_int_equal(edge, 30);
    assert_int_equal(inside, 0);
    assert_false(ts_log_contains("OpenGL ES fills every polygon"));
    tmd_rects_close(&e);

    /* SET_FRONT_POLYGON_MODE POINT with SET_POINT_SIZE 3: the rectangle's
     * corners at pixel centres (4.5, 4.5) .. (27.5, 27.5) become 3-pixel
     * squares around them (GL 4.6 14.4: a point covers the pixel centres
     * within size / 2 of it in x and y): [3,6) and [26,29) in x and y */
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    tmd_set(&e, 0x0dac, 0x1B00);
    tmd_set(&e, 0x0db0, 0x1B00);
    tmd_set(&e, 0x1518, tm_u(3.0f)); /* SET_POINT_SIZE */
    draw(&e, tmd_rect(&e, 4.5f, 4.5f, 27.5f, 27.5f, 0, RED, false), 6, 4, false);
    tmd_submit(&e, 1);
    check(&e, "polygon mode POINT", want_corner_points, 0);
    tmd_rects_close(&e);
}

/* ---- user clip distances ---- */

static void want_clip(uint32_t x, uint32_t y, uint8_t o[4])
{
    /* clipdist_vsh's full-screen triangle keeps NDC x >= -0.5 (distance 0)
     * and y <= 0.5 (distance 1): pixels x >= 8, y < 24; its colour's blue
     * is 0.5 */
    if (x >= 8 && y < 24)
        set_rgba(o, 0, 0, 128, 255);
    else
        set_rgba(o, 0, 0, 0, 255);
}

static void clip_distances(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "clipdist_vsh", "color_fsh", BLACK))
        skip();
    tmd_set(&e, 0x1510, 3); /* SET_USER_CLIP_ENABLE planes 0 and 1 */
    draw(&e, 0, 3, 4, false);
    tmd_submit(&e, 1);
    check_some(&e, "clip distances (blue)", want_clip, 1, 1u << 2, NULL);
    tmd_rects_close(&e);

    /* The same in polygon mode LINE: the polygon is clipped before its mode
     * applies (GL 4.6 14.6.4: "the polygon is clipped ... before these modes
     * are applied"), and the edges the user planes cut are boundary edges
     * that are drawn (NVIDIA's behaviour, which Mesa's draw module follows:
     * it draws no edge along the frustum). The clipped polygon is
     * [8,32] x [0,24]: its edges along the planes x = 8 and y = 24 lie on
     * pixel borders, where which of the two pixels a line lights is the
     * rasteriser's tie, so each row 2-21 must have column 7 or 8 lit and
     * each column 10-29 row 23 or 24; the inside [10,30) x [2,22) and
     * everything left of column 6 or below row 25 stay clear (the
     * triangle's own edges are clipped away or off the target). */
    if (!tmd_rects_open(&e, *state, 1, "clipdist_vsh", "color_fsh", BLACK))
        skip();
    tmd_set(&e, 0x1510, 3);
    tmd_set(&e, 0x0dac, 0x1B01);
    tmd_set(&e, 0x0db0, 0x1B01);
    draw(&e, 0, 3, 4, false);
    tmd_submit(&e, 1);
    uint32_t bad = 0;
    for (uint32_t i = 0; i < 20; i++) {
        uint8_t a[4], b[4];
        px(&e, 7, 2 + i, a);
        px(&e, 8, 2 + i, b);
        bad += a[2] < 100 && b[2] < 100;
        px(&e, 10 + i, 23, a);
        px(&e, 10 + i, 24, b);
        bad += a[2] < 100 && b[2] < 100;
    }
    uint32_t stray = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            uint8_t g[4];
            px(&e, x, y, g);
            if (in(x, y, 10, 2, 30, 22) || x < 6 || y > 25)
                stray += g[2] != 0;
        }
    print_message("  polygon mode LINE with clip planes: %u of 40 cut-edge pixels missing, %u stray\n", bad, stray);
    assert_int_equal(bad, 0);
    assert_int_equal(stray, 0);
    tmd_rects_close(&e);
}

/* ---- primitive restart ---- */

static void want_restart(uint32_t x, uint32_t y, uint8_t o[4])
{
    if (in(x, y, 0, 8, 8, 24) || in(x, y, 24, 8, 32, 24))
        set_rgba(o, 255, 0, 0, 255);
    else
        set_rgba(o, 0, 0, 0, 255);
}

/* An indexed 16-bit triangle strip of two quads split by the restart
 * index 0xFFFF: the gap between them stays clear. */
/* 16-bit indices at INDEX_OFF, restart at 0xFFFF on: SET_INDEX_BUFFER_A/B,
 * C/D (limit), E (16-bit), SET_DA_PRIMITIVE_RESTART and its index */
static void index16_with_restart(tmd_rects *e, const uint16_t *idx, size_t n)
{
    memcpy(e->data + INDEX_OFF, idx, n * sizeof *idx);
    const uint64_t iva = VA_DATA + INDEX_OFF;
    tmd_set(e, 0x17c8, (uint32_t)(iva >> 32));
    tmd_set(e, 0x17cc, (uint32_t)iva);
    tmd_set(e, 0x17d0, (uint32_t)((iva + 0xFFF) >> 32));
    tmd_set(e, 0x17d4, (uint32_t)(iva + 0xFFF));
    tmd_set(e, 0x17d8, 1);
    tmd_set(e, 0x1644, 1);
    tmd_set(e, 0x1648, 0xFFFF);
}

static void primitive_restart(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    const uint32_t v0 = e.verts;
    tmd_vertex(&e, nx(0), ny(8), 0, RED), tmd_vertex(&e, nx(8), ny(8), 0, RED);
    tmd_vertex(&e, nx(0), ny(24), 0, RED), tmd_vertex(&e, nx(8), ny(24), 0, RED);
    tmd_vertex(&e, nx(24), ny(8), 0, RED), tmd_vertex(&e, nx(32), ny(8), 0, RED);
    tmd_vertex(&e, nx(24), ny(24), 0, RED), tmd_vertex(&e, nx(32), ny(24), 0, RED);
    const uint16_t idx[9] = {0, 1, 2, 3, 0xFFFF, 4, 5, 6, 7};
    assert_int_equal(v0, 0);
    index16_with_restart(&e, idx, 9);
    /* DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_FIRST: FIRST 0, COUNT 9, TRIANGLE_STRIP */
    tmd_set(&e, 0x17e8, 0u | 9u << 16 | 5u << 28);
    tmd_submit(&e, 1);
    check(&e, "primitive restart", want_restart, 0);
    tmd_rects_close(&e);
}

/* ---- sRGB targets ---- */

/* An A8B8G8R8_SRGB target (0xD6) next to the RGBA8 one: a rectangle over
 * its left half with SET_SRGB_WRITE on stores the colour encoded
 * (IEC 61966-2-1: 12.92 c up to 0.0031308, else 1.055 c^(1/2.4) - 0.055),
 * the right half with it off stores it as written; alpha is linear both
 * times. One code of tolerance (the GL's conversion). */
static void srgb_write(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    const uint64_t va = VA + 0x40000;
    const float c[4] = {0.2f, 0.5f, 0.002f, 0.6f};
    tmd_target(&e.pb, va, W, H, 0xD6);
    const uint32_t first = tmd_rect(&e, 0, 0, W / 2, H, 0, c, false);
    tmd_rect(&e, W / 2, 0, W, H, 0, c, false);
    tmd_set(&e, 0x15b8, 1); /* SET_SRGB_WRITE */
    draw(&e, first, 6, 4, false);
    tmd_set(&e, 0x15b8, 0);
    draw(&e, first + 6, 6, 4, false);
    tmd_submit(&e, 2);
    uint32_t bad = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            const uint8_t *g = e.rt + 0x40000 + mwt_bl_offset(W * 4, H, 1, 0, x * 4, y, 0);
            for (int k = 0; k < 4; k++) {
                double v = c[k];
                if (x < W / 2 && k < 3)
                    v = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055;
                const long want = lround(v * 255);
                if (labs((long)g[k] - want) > 1 && bad++ < 4)
                    print_message("  pixel (%u, %u) component %d: %u, want %ld\n", x, y, k, g[k], want);
            }
        }
    if (bad)
        fail_msg("sRGB target: %u components differ", bad);
    tmd_rects_close(&e);
}

/* ---- instances ---- */

static void want_instances(uint32_t x, uint32_t y, uint8_t o[4])
{
    /* colours c[1] + c[1] + c[2] (divisor 2, base instance 1) added */
    if (in(x, y, 8, 8, 24, 24))
        set_rgba(o, 102, 102, 0, 255);
    else
        set_rgba(o, 0, 0, 0, 255);
}

/* Three instances of a rectangle, its colour from an instanced stream
 * (FREQUENCY 2, base instance 1) and blended additively: instance i reads
 * element 1 + i / 2. */
static void instanced_attributes(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    const uint32_t first = tmd_rect(&e, 8, 8, 24, 24, 0, BLACK, false);
    const float c[3][4] = {{1, 1, 1, 1}, {0.2f, 0, 0, 0}, {0, 0.4f, 0, 0}};
    memcpy(e.data + TMD_VERTS + 0x1000, c, sizeof c);
    tmd_set(&e, 0x1880 + 1 * 4, 1); /* SET_VERTEX_STREAM_INSTANCE_A(1) IS_INSTANCED */
    tmd_set(&e, 0x1c0c + 1 * 16, 2); /* SET_VERTEX_STREAM_A_FREQUENCY(1) */
    tmd_set(&e, 0x1438, 1);          /* SET_GLOBAL_BASE_INSTANCE_INDEX */
    tmd_set(&e, 0x133c, 0);          /* blend: ADD, ONE, ONE on target 0 */
    tmd_set(&e, 0x1340, 0x8006);
    tmd_set(&e, 0x1344, 0x4001);
    tmd_set(&e, 0x1348, 0x4001);
    tmd_set(&e, 0x1360, 1);
    draw(&e, first, 6, 4, false);
    draw(&e, first, 6, 4, true);
    draw(&e, first, 6, 4, true);
    tmd_submit(&e, 3);
    check(&e, "instanced attributes", want_instances, 1);
    tmd_rects_close(&e);
}

static void want_instance_id(uint32_t x, uint32_t y, uint8_t o[4])
{
    if (in(x, y, 4, 8, 12, 24) || in(x, y, 20, 8, 28, 24))
        set_rgba(o, 255, 0, 0, 255);
    else
        set_rgba(o, 0, 0, 0, 255);
}

/* attribs_vsh places instance i at x offset i - 0.5 (gl_InstanceID, the
 * attribute at 0x2f8): two instances of a rectangle land side by side. Its
 * other inputs are set so the colour is inColor.rgb: normal (1, 0, 0),
 * integer attributes zero (SINT and UINT streams). */
static void instance_id(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "attribs_vsh", "color_fsh", BLACK))
        skip();
    const float n[4] = {1, 0, 0, 0}, zero[4] = {0, 0, 0, 0};
    float v[6][4], nv[6][4], z[6][4];
    const float xy[6][2] = {{-0.5f, -1}, {0.5f, -1}, {0.5f, 1}, {-0.5f, -1}, {0.5f, 1}, {-0.5f, 1}};
    for (int i = 0; i < 6; i++) {
        v[i][0] = xy[i][0], v[i][1] = xy[i][1], v[i][2] = 0, v[i][3] = 1;
        memcpy(nv[i], n, 16);
        memcpy(z[i], zero, 16);
    }
    const float red[6][4] = {{1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}};
    tmd_attribute(&e.pb, e.data, VA_DATA, 0, 0, &v[0][0], 6);
    tmd_attribute(&e.pb, e.data, VA_DATA, 1, 1, &nv[0][0], 6);
    tmd_attribute(&e.pb, e.data, VA_DATA, 2, 2, &red[0][0], 6);
    tmd_attribute(&e.pb, e.data, VA_DATA, 3, 3, &z[0][0], 6);
    tmd_attribute(&e.pb, e.data, VA_DATA, 4, 4, &z[0][0], 6);
    tmd_set(&e, 0x1160 + 3 * 4, 3u | 1u << 21 | 3u << 27); /* ATTRIBUTE_A(3): stream 3, R32_G32_B32_A32, SINT */
    tmd_set(&e, 0x1160 + 4 * 4, 4u | 4u << 21 | 4u << 27); /* ATTRIBUTE_A(4): stream 4, R32_G32, UINT */
    draw(&e, 0, 6, 4, false);
    draw(&e, 0, 6, 4, true);
    tmd_submit(&e, 2);
    check_some(&e, "instance id", want_instance_id, 0, 0x7, NULL);
    tmd_rects_close(&e);
}

/* ---- conditional rendering ---- */

static void want_cond(uint32_t x, uint32_t y, uint8_t o[4])
{
    /* drawn: the second submission's rectangle at [0,8) and the ALWAYS
     * override's at [16,24); not: the first submission's, the NEVER one */
    if (in(x, y, 0, 0, 8, 32) || in(x, y, 16, 0, 24, 32))
        set_rgba(o, 255, 0, 0, 255);
    else
        set_rgba(o, 0, 0, 0, 255);
}

static void conditional_rendering(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    const uint64_t cva = VA_DATA + COND_OFF;
    tmd_set(&e, 0x1550, (uint32_t)(cva >> 32)); /* SET_RENDER_ENABLE_A/B */
    tmd_set(&e, 0x1554, (uint32_t)cva);
    tmd_set(&e, 0x1558, 2); /* C: CONDITIONAL (the 64-bit value there is 0) */
    const uint32_t a = tmd_rect(&e, 0, 0, 8, 32, 0, RED, false);
    draw(&e, a, 6, 4, false);
    tmd_submit(&e, 1);
    const uint64_t one = 1;
    assert_int_equal(glhle_maxwell_write(e.gpu, cva, &one, 8), GLHLE_RESULT_OK);
    draw(&e, a, 6, 4, false);         /* now drawn */
    tmd_set(&e, 0x1944, 2);               /* SET_RENDER_ENABLE_OVERRIDE NEVER_RENDER */
    draw(&e, tmd_rect(&e, 8, 0, 16, 32, 0, RED, false), 6, 4, false);
    tmd_set(&e, 0x1558, 0);               /* C: FALSE ... */
    tmd_set(&e, 0x1944, 1);               /* ... but ALWAYS_RENDER */
    draw(&e, tmd_rect(&e, 16, 0, 24, 32, 0, RED, false), 6, 4, false);
    tmd_set(&e, 0x1944, 0);               /* USE_RENDER_ENABLE: FALSE */
    draw(&e, tmd_rect(&e, 24, 0, 32, 32, 0, RED, false), 6, 4, false);
    tmd_submit(&e, 4);
    check(&e, "conditional rendering", want_cond, 0);
    assert_int_equal(e.gpu->render->stats.draws_skipped, 3);
    tmd_rects_close(&e);
}

/* ---- cull and front face ---- */

static void want_cull(uint32_t x, uint32_t y, uint8_t o[4])
{
    if (in(x, y, 0, 0, 16, 16) || in(x, y, 16, 16, 32, 32))
        set_rgba(o, 0, 255, 0, 255);
    else
        set_rgba(o, 0, 0, 0, 255);
}

/* Back faces culled: with the counter-clockwise front face (the default),
 * the CCW rectangle at [0,16)^2 stays and the CW one at [16,32)x[0,16)
 * goes; with OGL_SET_FRONT_FACE CW, the CW one at [16,32)^2 stays and the
 * CCW one at [0,16)x[16,32) goes. */
static void draw_cull_quarters(tmd_rects *e, float inset, const float rgba[4])
{
    const float a = inset, b = 16 - inset, c = 16 + inset, d = 32 - inset;
    tmd_set(e, 0x1918, 1);     /* OGL_SET_CULL */
    tmd_set(e, 0x1920, 0x405); /* OGL_SET_CULL_FACE BACK */
    tmd_set(e, 0x191c, 0x901); /* OGL_SET_FRONT_FACE CCW */
    draw(e, tmd_rect(e, a, a, b, b, 0, rgba, false), 6, 4, false);
    draw(e, tmd_rect(e, c, a, d, b, 0, rgba, true), 6, 4, false);
    tmd_set(e, 0x191c, 0x900); /* CW */
    draw(e, tmd_rect(e, c, c, d, d, 0, rgba, true), 6, 4, false);
    draw(e, tmd_rect(e, a, c, b, d, 0, rgba, false), 6, 4, false);
    tmd_submit(e, 4);
}

static void cull_front_face(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    draw_cull_quarters(&e, 0, GREEN);
    check(&e, "cull and front face", want_cull, 0);
    tmd_rects_close(&e);
}

/* ---- the program-code cache ---- */

/* Two submissions of the same programs read them once; a write over the
 * vertex program (the same bytes) makes the next draw read it again. */
static void program_fetch_cache(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    const uint32_t a = tmd_rect(&e, 0, 0, 8, 8, 0, RED, false);
    draw(&e, a, 6, 4, false);
    draw(&e, a, 6, 4, false);
    tmd_submit(&e, 2);
    assert_int_equal(mw_draw_fetches(e.gpu->render), 2);
    draw(&e, a, 6, 4, false);
    tmd_submit(&e, 1);
    assert_int_equal(mw_draw_fetches(e.gpu->render), 2);
    assert_int_equal(glhle_maxwell_write(e.gpu, VA_DATA + TMD_VS_OFF + 0x50, e.data + TMD_VS_OFF + 0x50, 8),
                     GLHLE_RESULT_OK);
    draw(&e, a, 6, 4, false);
    tmd_submit(&e, 1);
    assert_int_equal(mw_draw_fetches(e.gpu->render), 3);
    tmd_rects_close(&e);
}

/* ---- the draw path's GL state: set once, left at GL's defaults ---- */

/* Identical draws after the first issue no state call (the state tracker's
 * draw-path shadow, gl_state.h): five draws of a submission cost what one
 * does. And the raster state a draw set (depth clamp, polygon mode and
 * offset, points, lines, clip distances 0-7, primitive restart, clip
 * control) is GL's default again when the call returns, as glhle.h's
 * contract says, though no draw put it back. */
static void state_once_and_defaults(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    const uint32_t a = tmd_rect(&e, 0, 0, 8, 8, 0, RED, false);
    gl_state *g = &e.gpu->render->st;
    tmd_set(&e, 0x193c, 2u << 11 | 1u << 3 | 1u << 4); /* depth clamp */
    tmd_set(&e, 0x0dac, 0x1B01);                       /* polygon mode LINE */
    tmd_set(&e, 0x0db0, 0x1B01);
    tmd_set(&e, 0x0dc8, 1);                            /* SET_POLY_OFFSET_FILL */
    tmd_set(&e, 0x15bc, tm_u(-8.0f));                  /* SET_DEPTH_BIAS */
    tmd_set(&e, 0x1510, 0xF0);                         /* SET_USER_CLIP_ENABLE 4-7 */
    tmd_set(&e, 0x13b4, tm_u(3.0f));                   /* SET_ALIASED_LINE_WIDTH_FLOAT */
    tmd_set(&e, 0x1518, tm_u(4.0f));                   /* SET_POINT_SIZE */
    draw(&e, a, 6, 4, false);
    tmd_submit(&e, 1); /* the programs made, the first draw's state set */
    uint64_t before = g->issued;
    draw(&e, a, 6, 4, false);
    tmd_submit(&e, 1);
    const uint64_t one = g->issued - before;
    before = g->issued;
    for (int i = 0; i < 5; i++)
        draw(&e, a, 6, 4, false);
    tmd_submit(&e, 5);
    const uint64_t five = g->issued - before;
    print_message("  state calls issued: a submission of one draw %llu, of five %llu\n", (unsigned long long)one,
                  (unsigned long long)five);
    assert_true(one > 0); /* the raster state, set by the first draw and put back at the call's end */
    assert_int_equal(five, one);

    draw(&e, a, 6, 4, false);
    const uint32_t p = e.verts;
    tmd_vertex(&e, 0, 0, 0, RED);
    draw(&e, p, 1, 0 /* POINTS */, false);
    tmd_submit(&e, 2);
    const GladGLContext *gl = &e.ctx->gl;
    assert_true(gl_context_enter(e.ctx) == GLHLE_RESULT_OK);
    float f = 0;
    GLint v[2] = {0, 0};
    assert_false(gl->IsEnabled(GL_POLYGON_OFFSET_FILL));
    for (GLenum i = 0; i < 8; i++)
        assert_false(gl->IsEnabled(GL_CLIP_DISTANCE0 + i));
    gl->GetFloatv(GL_LINE_WIDTH, &f);
    assert_true(f == 1.0f);
    if (!e.ctx->info.gles) { /* ES has none of these states (gl_caps' stand-ins) */
        assert_false(gl->IsEnabled(GL_PRIMITIVE_RESTART));
        gl->GetFloatv(GL_POINT_SIZE, &f);
        assert_true(f == 1.0f);
        assert_false(gl->IsEnabled(GL_DEPTH_CLAMP));
        gl->GetIntegerv(GL_POLYGON_MODE, v);
        assert_int_equal(v[0], GL_FILL);
        gl->GetIntegerv(GL_CLIP_ORIGIN, v);
        assert_int_equal(v[0], GL_LOWER_LEFT);
    } else {
        print_message("  on OpenGL ES: primitive restart, point size, depth clamp, polygon mode and clip origin "
                      "left unchecked (ES has none of these states)\n");
    }
    tmd_rects_close(&e);
}

/* ---- multisampled modes GL cannot draw: refused, not drawn as one sample ----
 * SET_ANTI_ALIAS MODE_4X4 (clb197.h: 16 samples, at places no reference
 * documents; test_maxwell_msaa draws the modes GL can): the draw and
 * the clear are refused by the mode's name and write nothing; back at
 * MODE_1X1 the same draw lands. */
static void multisampled_target_refused(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    tmd_submit(&e, 0); /* the clear at MODE_1X1 */
    tmd_set(&e, 0x15d0, 6); /* SET_ANTI_ALIAS SAMPLES MODE_4X4 */
    const uint32_t a = tmd_rect(&e, 0, 0, 8, 8, 0, RED, false);
    draw(&e, a, 6, 4, false);
    tmd_set(&e, 0x19d0, 0x3C); /* CLEAR_SURFACE R-A */
    glhle_maxwell_run_result res;
    ts_log_clear();
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_UNSUPPORTED);
    assert_int_equal(res.problems, 2);
    assert_true(ts_log_contains("SET_ANTI_ALIAS SAMPLES MODE_4X4, 16 samples) are not supported (no documented "
                                "sample positions); not drawn"));
    assert_true(ts_log_contains("(no documented sample positions); not cleared"));
    tm_pb_free(&e.pb);
    tm_pb_init(&e.pb);
    assert_int_equal(e.gpu->render->stats.draws, 0);
    tmd_set(&e, 0x15d0, 0);
    draw(&e, a, 6, 4, false);
    tmd_submit(&e, 1);
    uint8_t g[4];
    px(&e, 2, 2, g);
    assert_int_equal(g[0], 255);
    tmd_rects_close(&e);
}

/* ---- the first vertex provoking flat values ---- */

/* Vertex v's colour: distinct bytes per vertex, exact in RGBA8 (k / 255) */
static void vcol(uint32_t v, float c[4], uint8_t b[4])
{
    const uint8_t r = (uint8_t)((v * 37 + 40) % 256), g = (uint8_t)((v * 91 + 20) % 256),
                  bl = (uint8_t)((v * 53 + 60) % 256);
    if (c)
        c[0] = r / 255.0f, c[1] = g / 255.0f, c[2] = bl / 255.0f, c[3] = 1;
    if (b)
        set_rgba(b, r, g, bl, 255);
}

/* The CPU model's primitives in pixel coordinates (guest row 0 first) with
 * the vertex whose colour a flat input takes under SET_PROVOKING_VERTEX
 * FIRST, worked out by hand from the OpenGL 4.6 table 13.2 (first
 * convention: triangles 3i - 2, strip i, fan i + 1; lines 2i - 1, strip i,
 * loop i, n for the closing segment). */
typedef struct pv_tri {
    float x[3], y[3];
    uint32_t provoking;
} pv_tri;
static const pv_tri pv_tris[] = {
    /* TRIANGLES v0-v5: (v0 v1 v2) by v0, (v3 v4 v5) by v3 */
    {{0, 16, 16}, {0, 0, 8}, 0},
    {{0, 16, 0}, {0, 8, 8}, 3},
    /* TRIANGLE_STRIP v6-v9: (v6 v7 v8) by v6, (v7 v8 v9) by v7 */
    {{16, 32, 16}, {0, 0, 8}, 6},
    {{32, 16, 32}, {0, 8, 8}, 7},
    /* TRIANGLE_FAN v10-v13: (v10 v11 v12) by v11, (v10 v12 v13) by v12 */
    {{0, 16, 16}, {8, 8, 16}, 11},
    {{0, 16, 0}, {8, 16, 16}, 12},
    /* indexed strip 14 15 16 17, restart, 18 19 20: by v14, v15, v18 */
    {{16, 24, 16}, {8, 8, 16}, 14},
    {{24, 16, 24}, {8, 16, 16}, 15},
    {{24, 32, 24}, {8, 8, 16}, 18},
};
/* line pixels (checked) and the vertex that colours each */
typedef struct pv_px {
    uint32_t x, y, provoking;
} pv_px;
static const pv_px pv_line_px[] = {
    /* LINES v21-v24: row 18 by v21, row 20 by v23 */
    {6, 18, 21}, {16, 18, 21}, {26, 18, 21}, {6, 20, 23}, {16, 20, 23}, {26, 20, 23},
    /* LINE_STRIP v25-v27: row 22 by v25, column 28 by v26 */
    {6, 22, 25}, {20, 22, 25}, {28, 25, 26}, {28, 29, 26},
    /* LINE_LOOP v28-v30: row 25 by v28, column 20 by v29, the closing
     * diagonal (20.5, 30.5) -> (6.5, 25.5), x-major, by v30: at x 11.5 it is
     * at y 27.29, at x 16.5 at y 29.07 */
    {10, 25, 28}, {16, 25, 28}, {20, 27, 29}, {20, 29, 29}, {11, 27, 30}, {16, 29, 30},
};

static float edge_dist(float ax, float ay, float bx, float by, float px_, float py_)
{
    /* signed distance of (px, py) from the line a->b (positive on the left in y-down pixels) */
    const float ex = bx - ax, ey = by - ay;
    return ((px_ - ax) * ey - (py_ - ay) * ex) / sqrtf(ex * ex + ey * ey);
}

static void provoking_first(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    /* color_fsh's generic input 0 made constant (SPH ImapGenericVector 0:
     * 2 bits per component, 1 = constant): a flat input */
    e.data[TMD_FS_OFF + 0x18] = 0x55;
    tmd_set(&e, 0x1684, 0); /* SET_PROVOKING_VERTEX FIRST */
    float c[4];
    const float tv[][2] = {
        {0, 0}, {16, 0}, {16, 8}, {0, 0}, {16, 8}, {0, 8},                  /* v0-v5 */
        {16, 0}, {32, 0}, {16, 8}, {32, 8},                                 /* v6-v9 */
        {0, 8}, {16, 8}, {16, 16}, {0, 16},                                 /* v10-v13 */
        {16, 8}, {24, 8}, {16, 16}, {24, 16}, {24, 8}, {32, 8}, {24, 16},   /* v14-v20 */
        {2, 18.5f}, {30, 18.5f}, {30, 20.5f}, {2, 20.5f},                   /* v21-v24 */
        {2, 22.5f}, {28.5f, 22.5f}, {28.5f, 31},                            /* v25-v27 */
        {6.5f, 25.5f}, {20.5f, 25.5f}, {20.5f, 30.5f},                      /* v28-v30 */
    };
    assert_int_equal(e.verts, 0);
    for (uint32_t v = 0; v < sizeof tv / sizeof tv[0]; v++) {
        vcol(v, c, NULL);
        tmd_vertex(&e, nx(tv[v][0]), ny(tv[v][1]), 0, c);
    }
    draw(&e, 0, 6, 4 /* TRIANGLES */, false);
    draw(&e, 6, 4, 5 /* TRIANGLE_STRIP */, false);
    draw(&e, 10, 4, 6 /* TRIANGLE_FAN */, false);
    const uint16_t idx[8] = {14, 15, 16, 17, 0xFFFF, 18, 19, 20};
    index16_with_restart(&e, idx, 8);
    tmd_set(&e, 0x17e8, 0u | 8u << 16 | 5u << 28); /* DRAW_INDEX_BUFFER16_..._FIRST: 8, TRIANGLE_STRIP */
    tmd_set(&e, 0x1644, 0);
    draw(&e, 21, 4, 1 /* LINES */, false);
    draw(&e, 25, 3, 3 /* LINE_STRIP */, false);
    draw(&e, 28, 3, 2 /* LINE_LOOP */, false);
    tmd_submit(&e, 7);
    if (ts_gles())
        assert_int_equal(e.gpu->render->stats.provoking_rotations, 7);
    /* the triangles: every pixel whose centre is half a pixel or more inside
     * one has its provoking vertex's colour; the rows above 17 hold the
     * lines, checked at their pixels below */
    uint32_t bad = 0, checked = 0;
    for (uint32_t y = 0; y < 17; y++)
        for (uint32_t x = 0; x < W; x++) {
            const float cx = x + 0.5f, cy = y + 0.5f;
            for (size_t t = 0; t < sizeof pv_tris / sizeof pv_tris[0]; t++) {
                const pv_tri *p = &pv_tris[t];
                float d[3];
                for (int k = 0; k < 3; k++)
                    d[k] = edge_dist(p->x[k], p->y[k], p->x[(k + 1) % 3], p->y[(k + 1) % 3], cx, cy);
                const float s = d[0] + d[1] + d[2] > 0 ? 1.0f : -1.0f; /* either winding */
                if (s * d[0] < 0.5f || s * d[1] < 0.5f || s * d[2] < 0.5f)
                    continue;
                uint8_t g[4], w[4];
                px(&e, x, y, g);
                vcol(p->provoking, NULL, w);
                checked++;
                if (memcmp(g, w, 4)) {
                    if (bad < 4)
                        print_message("  provoking: pixel (%u, %u) of triangle %zu is %u %u %u, want vertex %u's "
                                      "%u %u %u\n", x, y, t, g[0], g[1], g[2], p->provoking, w[0], w[1], w[2]);
                    bad++;
                }
            }
        }
    for (size_t i = 0; i < sizeof pv_line_px / sizeof pv_line_px[0]; i++) {
        const pv_px *q = &pv_line_px[i];
        uint8_t g[4], w[4];
        px(&e, q->x, q->y, g);
        vcol(q->provoking, NULL, w);
        checked++;
        if (memcmp(g, w, 4)) {
            if (bad < 8)
                print_message("  provoking: line pixel (%u, %u) is %u %u %u, want vertex %u's %u %u %u\n", q->x,
                              q->y, g[0], g[1], g[2], q->provoking, w[0], w[1], w[2]);
            bad++;
        }
    }
    /* the quarter [24,32)x[8,16) below the restart strip's one triangle stays clear */
    uint8_t g[4];
    px(&e, 30, 14, g);
    assert_int_equal(g[0] | g[1] | g[2], 0);
    print_message("  provoking vertex FIRST: %u pixels checked, %u wrong\n", checked, bad);
    assert_true(checked > 250);
    assert_int_equal(bad, 0);
    tmd_rects_close(&e);
}

/* ---- polygon mode with culling, front face and flat inputs ---- */

/* A quarter [qx, qx+16) x [qy, qy+16) holding a LINE-mode rectangle with
 * its corners at the pixel centres 2.5 and 13.5 in (`drawn`), or nothing.
 * Checked: its edge columns 2 and 13 and edge rows 2 and 13 (local) away
 * from the corners (local 5-10: 24 pixels), which are red; its inside
 * [4,12)^2 off the diagonal the two triangles share (local x = y, or
 * x + y = 15 where the viewport mirrors y), which is black; and for a
 * culled rectangle every pixel of the quarter, black. Returns the pixels
 * that differ (printing the first few). */
static uint32_t quarter_edges(const tmd_rects *e, uint32_t qx, uint32_t qy, bool drawn, bool mirrored,
                              const char *what)
{
    uint32_t bad = 0;
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t x = 0; x < 16; x++) {
            const bool edge = ((x == 2 || x == 13) && y >= 5 && y <= 10) || ((y == 2 || y == 13) && x >= 5 && x <= 10);
            const int diag = mirrored ? abs((int)x + (int)y - 15) : abs((int)x - (int)y);
            const bool inside = in(x, y, 4, 4, 12, 12) && diag > 1;
            uint8_t g[4];
            px(e, qx + x, qy + y, g);
            bool ok = true;
            if (!drawn)
                ok = (g[0] | g[1] | g[2]) == 0;
            else if (edge)
                ok = g[0] == 255 && g[1] == 0 && g[2] == 0;
            else if (inside)
                ok = (g[0] | g[1] | g[2]) == 0;
            if (!ok) {
                if (bad < 4)
                    print_message("  %s: pixel (%u, %u) is %u %u %u, want %s\n", what, qx + x, qy + y, g[0], g[1], g[2],
                                  drawn && edge ? "red (an edge)" : "black");
                bad++;
            }
        }
    return bad;
}

/* Polygon mode LINE under OGL_SET_CULL: the edges of a culled triangle are
 * not drawn (GL culls before it applies the polygon mode, 14.6.1-14.6.4;
 * on ES the draw path's geometry stage culls, since GL culls no lines).
 * As cull_front_face: back faces culled with the front face CCW keep the
 * CCW rectangle at [0,16)^2 and drop the CW one at [16,32)x[0,16); with
 * CW the CW one at [16,32)^2 stays and the CCW one at [0,16)x[16,32)
 * goes. Then, with viewport 0's y scale negative (guest row 0 at NDC y
 * +1, drawn through GL's UPPER_LEFT clip origin): a triangle's facing is
 * its winding in normalized device coordinates still, since UPPER_LEFT
 * negates the window-space area GL faces by (GL 4.6 14.6.1) as it mirrors
 * y: with front faces culled (CCW front) the CCW rectangle goes and the CW
 * one stays, each landing on the rows 32 - y of its coordinates; with
 * both faces culled nothing of either is drawn. */
static void polygon_mode_cull(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    tmd_set(&e, 0x0dac, 0x1B01); /* SET_FRONT/BACK_POLYGON_MODE LINE */
    tmd_set(&e, 0x0db0, 0x1B01);
    draw_cull_quarters(&e, 2.5f, RED); /* as cull_front_face, corners 2.5 in */
    uint32_t bad = quarter_edges(&e, 0, 0, true, false, "cull back, CCW front: the CCW rectangle") +
                   quarter_edges(&e, 16, 0, false, false, "cull back, CCW front: the CW rectangle") +
                   quarter_edges(&e, 16, 16, true, false, "cull back, CW front: the CW rectangle") +
                   quarter_edges(&e, 0, 16, false, false, "cull back, CW front: the CCW rectangle");
    tmd_rects_close(&e);

    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    tmd_set(&e, 0x0a04, tm_u(-(float)H / 2)); /* SET_VIEWPORT_SCALE_Y(0): mirrored */
    tmd_set(&e, 0x0dac, 0x1B01);
    tmd_set(&e, 0x0db0, 0x1B01);
    tmd_set(&e, 0x1918, 1);
    tmd_set(&e, 0x1920, 0x404);  /* OGL_SET_CULL_FACE FRONT */
    tmd_set(&e, 0x191c, 0x901);  /* CCW */
    /* coordinates y [18.5, 29.5] land on rows [2.5, 13.5] */
    draw(&e, tmd_rect(&e, 2.5f, 18.5f, 13.5f, 29.5f, 0, RED, false), 6, 4, false);
    draw(&e, tmd_rect(&e, 18.5f, 18.5f, 29.5f, 29.5f, 0, RED, true), 6, 4, false);
    tmd_set(&e, 0x1920, 0x408);  /* FRONT_AND_BACK */
    draw(&e, tmd_rect(&e, 2.5f, 2.5f, 13.5f, 13.5f, 0, RED, false), 6, 4, false);
    draw(&e, tmd_rect(&e, 18.5f, 2.5f, 29.5f, 13.5f, 0, RED, true), 6, 4, false);
    tmd_submit(&e, 4);
    bad += quarter_edges(&e, 0, 0, false, true, "mirrored, cull front: the CCW rectangle") +
           quarter_edges(&e, 16, 0, true, true, "mirrored, cull front: the CW rectangle") +
           quarter_edges(&e, 0, 16, false, true, "mirrored, cull both: the CCW rectangle") +
           quarter_edges(&e, 16, 16, false, true, "mirrored, cull both: the CW rectangle");
    tmd_rects_close(&e);
    print_message("  polygon mode LINE with culling: %u pixels wrong\n", bad);
    assert_int_equal(bad, 0);
}

/* Polygon mode LINE with a flat input: each triangle's edges take its
 * provoking vertex's value (GL 4.6 13.6: flat shading is by the
 * primitive's provoking vertex, table 13.2, whatever the polygon mode).
 * color_fsh's input made flat as in provoking_first. Four rectangles with
 * corners at pixel centres local 2.5 and 13.5 of each quarter, a colour
 * per vertex (vcol): SET_PROVOKING_VERTEX LAST, a list v0-v5 at [0,16)^2
 * ((v0 v1 v2) by v2: its bottom and right edges; (v3 v4 v5) by v5: top and
 * left) and, with back faces culled, a strip v6-v9 at [16,32)x[0,16)
 * (v6 (x0,y0), v7 (x1,y0), v8 (x0,y1), v9 (x1,y1): (v6 v7 v8) by v8, its
 * bottom and left edges; (v7 v8 v9), counter-clockwise in GL's strip order
 * (v8 v7 v9), by v9: top and right); then FIRST, the same list v10-v15 at
 * [0,16)x[16,32) (by v10 and v13) and strip v16-v19 at [16,32)^2 (first
 * convention: by v16 and v17). */
static void polygon_mode_flat(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    e.data[TMD_FS_OFF + 0x18] = 0x55; /* color_fsh's input 0 constant: flat */
    tmd_set(&e, 0x0dac, 0x1B01);
    tmd_set(&e, 0x0db0, 0x1B01);
    static const float lo = 2.5f, hi = 13.5f;
    /* corners per vertex, as picks of {lo, hi}: the list, then the strip */
    static const uint8_t list[6][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}};
    static const uint8_t strip[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
    float c[4];
    for (uint32_t q = 0; q < 4; q++) {
        const float qx = q & 1 ? 16 : 0, qy = q & 2 ? 16 : 0;
        const uint32_t first = e.verts, n = q & 1 ? 4 : 6;
        for (uint32_t i = 0; i < n; i++) {
            const uint8_t *k = q & 1 ? strip[i] : list[i];
            vcol(e.verts, c, NULL);
            tmd_vertex(&e, nx(qx + (k[0] ? hi : lo)), ny(qy + (k[1] ? hi : lo)), 0, c);
        }
        if (q == 1) {
            tmd_set(&e, 0x1918, 1);     /* OGL_SET_CULL */
            tmd_set(&e, 0x1920, 0x405); /* BACK */
            tmd_set(&e, 0x191c, 0x901); /* CCW */
        }
        if (q == 2) {
            tmd_set(&e, 0x1918, 0);
            tmd_set(&e, 0x1684, 0); /* SET_PROVOKING_VERTEX FIRST */
        }
        draw(&e, first, n, q & 1 ? 5 : 4, false);
    }
    tmd_submit(&e, 4);
    /* per quarter: the vertex colouring the bottom and the side at local x
     * (list: right 13, strip: left 2), and the one colouring the top and
     * the other side */
    static const struct {
        uint32_t qx, qy, first_v, first_side, second_v;
    } want[4] = {{0, 0, 2, 13, 5}, {16, 0, 8, 2, 9}, {0, 16, 10, 13, 13}, {16, 16, 16, 2, 17}};
    uint32_t bad = 0, checked = 0;
    for (int q = 0; q < 4; q++)
        for (uint32_t t = 5; t <= 10; t++) {
            const struct {
                uint32_t x, y, v;
            } p[4] = {{t, 2, want[q].first_v},
                      {want[q].first_side, t, want[q].first_v},
                      {t, 13, want[q].second_v},
                      {15 - want[q].first_side, t, want[q].second_v}};
            for (int i = 0; i < 4; i++) {
                uint8_t g[4], w[4];
                px(&e, want[q].qx + p[i].x, want[q].qy + p[i].y, g);
                vcol(p[i].v, NULL, w);
                checked++;
                if (memcmp(g, w, 4)) {
                    if (bad < 8)
                        print_message("  flat: edge pixel (%u, %u) is %u %u %u, want vertex %u's %u %u %u\n",
                                      want[q].qx + p[i].x, want[q].qy + p[i].y, g[0], g[1], g[2], p[i].v, w[0], w[1],
                                      w[2]);
                    bad++;
                }
            }
        }
    print_message("  polygon mode LINE, flat input: %u edge pixels checked, %u wrong\n", checked, bad);
    assert_int_equal(bad, 0);
    tmd_rects_close(&e);
}

/* ---- a host without clip control (ES without EXT_clip_control) ---- */

/* Run by the pass gles/test_maxwell_draw_state_no_clip_control
 * (GLHLE_CAPS_DISABLE=GL_EXT_clip_control): GL's default clip state can
 * still be drawn, while a mirrored viewport 0 (an upper-left origin) and
 * SET_VIEWPORT_CLIP_CONTROL MIN_Z_ZERO_MAX_Z_ONE (bit 0: a [0, 1] depth
 * range) need glClipControl: each draw is refused with its reason, and the
 * instance still draws afterwards. */
static void clip_control_missing(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    tmd_submit(&e, 0);
    const uint32_t a = tmd_rect(&e, 0, 0, 8, 8, 0, RED, false);
    glhle_maxwell_run_result res;
    const struct {
        uint32_t reg, value;
        const char *reason;
    } cases[] = {
        {0x0a04, tm_u(-(float)H / 2), "viewport 0 needs glClipControl (a negative y scale: an upper-left origin), "
                                      "which this host lacks"},
        {0x193c, 1u, "viewport 0 needs glClipControl (a depth range of [0, 1]), which this host lacks"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tmd_set(&e, cases[i].reg, cases[i].value);
        draw(&e, a, 6, 4, false);
        ts_log_clear();
        assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_UNSUPPORTED);
        assert_true(ts_log_contains(cases[i].reason));
        tm_pb_free(&e.pb);
        tm_pb_init(&e.pb);
        /* back to GL's default: drawn */
        tmd_set(&e, 0x0a04, tm_u((float)H / 2));
        tmd_set(&e, 0x193c, 0);
        draw(&e, a, 6, 4, false);
        tmd_submit(&e, 1);
        uint8_t g[4];
        px(&e, 2, 2, g);
        assert_int_equal(g[0], 255);
        assert_int_equal(g[1], 0);
    }
    tmd_rects_close(&e);
}

/* ---- indexed attributes ---- */

/* code (n instructions, at most 15) in place of *sh's, three to a group
 * after a scheduling word of (st 0x1) three times */
static void replace_code(tmc_shader *sh, const uint64_t *insn, size_t n)
{
    uint64_t *code = calloc(20, 8);
    assert_non_null(code);
    for (size_t i = 0; i < (n + 2) / 3 * 4; i++)
        code[i] = i % 4 == 0 ? 0x001f8400fc2007e1ull
                             : i / 4 * 3 + i % 4 - 1 < n ? insn[i / 4 * 3 + i % 4 - 1] : 0x50b0000000070f00ull;
    free(sh->code);
    sh->code = code;
    sh->words = (n + 2) / 3 * 4;
}

/* ALD Rd, a[Ra + off] and AST a[Ra + off], Rs of n words, vertex RZ
 * (envydis gm107.c efd8 / eff0: Rd/Rs 0, Ra 8, offset 20-30, size 47-48,
 * vertex 39-46; the corpus' passthrough_vsh is `ld b128 $r0 a[0x80]` =
 * 0xefd9ff80_0807ff00); MOV32I (0x0100, immediate 20-51) */
static uint64_t ia_ald(uint32_t rd, uint32_t ra, uint32_t off, uint32_t n)
{
    return (uint64_t)(0xefd80000u | (n - 1) << 15 | 0xffu << 7) << 32 | off << 20 | 7u << 16 | ra << 8 | rd;
}

static uint64_t ia_ast(uint32_t ra, uint32_t off, uint32_t rs, uint32_t n)
{
    return (uint64_t)(0xeff00000u | (n - 1) << 15 | 0xffu << 7) << 32 | off << 20 | 7u << 16 | ra << 8 | rs;
}

static uint64_t ia_mov32i(uint32_t rd, uint32_t imm)
{
    return (uint64_t)(0x01000000u | imm >> 12) << 32 | (imm & 0xfffu) << 20 | 7u << 16 | 0xfu << 12 | rd;
}

/* Indexed attribute access drawn (maxwell_spirv.c emit_attr): the corpus'
 * passthrough_vsh and color_fsh keep their SPHs (inputs generic 0 and 1,
 * outputs position and generic 0; the pixel stage's generic 0 perspective,
 * R0-R3 to target 0), their code replaced. Vertex: R8 = 0x10, ALD.128 R0,
 * a[R8 + 0x70] (the position at a[0x80]), AST.128 a[0x70], R0; R9 = 0x80,
 * ALD.128 R4, a[R9 + 0x10] (the colour at a[0x90]); R10 = 0x40, AST.128
 * a[R10 + 0x40], R4 (generic output 0). Pixel: color_fsh's own `ipa pass
 * $r0 a[0x7c]` and `mufu rcp $r3 $r0` (0xe003ff87_cff7ff00,
 * 0x50800000_00470003), then R8-R11 = 0x8c 0x88 0x84 0x80 and IPA.IDX Rk,
 * a[R(8 + k)], R3 (its `ipa $r0 a[0x80] $r3` with the attribute field 0,
 * bit 38 IDX and Ra), so target 0 gets the colour reversed: (a, b, g, r).
 * A rectangle over [8, 24)^2 in (0.25, 0.5, 0.75, 1) on black. */
static void want_indexed(uint32_t x, uint32_t y, uint8_t o[4])
{
    if (in(x, y, 8, 8, 24, 24))
        set_rgba(o, 255, 191, 128, 64);
    else
        set_rgba(o, 0, 0, 0, 255);
}

static void indexed_attributes(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", BLACK))
        skip();
    const uint64_t vs[] = {
        ia_mov32i(8, 0x10), ia_ald(0, 8, 0x70, 4), ia_ast(0xff, 0x70, 0, 4), ia_mov32i(9, 0x80),
        ia_ald(4, 9, 0x10, 4), ia_mov32i(10, 0x40), ia_ast(10, 0x40, 4, 4), 0xe30000000007000full,
    };
    uint64_t fs[11] = {0xe003ff87cff7ff00ull, 0x5080000000470003ull};
    for (uint32_t k = 0; k < 4; k++) {
        fs[2 + k] = ia_mov32i(8 + k, 0x8c - 4 * k);
        fs[6 + k] = 0xe043ffc000370000ull | (8u + k) << 8 | k;
    }
    fs[10] = 0xe30000000007000full;
    replace_code(&e.vs, vs, sizeof vs / sizeof vs[0]);
    replace_code(&e.fs, fs, 11);
    tmd_programs(&e.pb, e.data, TMD_RECTS_DATA_VA, &e.vs, &e.fs);
    const float c[4] = {0.25f, 0.5f, 0.75f, 1.0f};
    draw(&e, tmd_rect(&e, 8, 8, 24, 24, 0, c, false), 6, 4, false);
    tmd_submit(&e, 1);
    check(&e, "indexed attributes", want_indexed, 1);
    tmd_rects_close(&e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stencil_front_back),     cmocka_unit_test(logic_ops),
        cmocka_unit_test(depth_clamp_and_offset), cmocka_unit_test(points_lines_polygon_mode),
        cmocka_unit_test(clip_distances),         cmocka_unit_test(primitive_restart),
        cmocka_unit_test(instanced_attributes),   cmocka_unit_test(instance_id),
        cmocka_unit_test(conditional_rendering),
        cmocka_unit_test(indexed_attributes),
        cmocka_unit_test(cull_front_face),        cmocka_unit_test(program_fetch_cache),
        cmocka_unit_test(state_once_and_defaults), cmocka_unit_test(multisampled_target_refused),
        cmocka_unit_test(provoking_first),        cmocka_unit_test(srgb_write),
        cmocka_unit_test(polygon_mode_cull),      cmocka_unit_test(polygon_mode_flat),
    };
    const char *off = getenv("GLHLE_CAPS_DISABLE");
    if (off && strstr(off, "GL_EXT_clip_control")) {
        const struct CMUnitTest no_clip_control[] = {cmocka_unit_test(clip_control_missing)};
        return cmocka_run_group_tests(no_clip_control, ts_gl_setup, ts_gl_teardown);
    }
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
