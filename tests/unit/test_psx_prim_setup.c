/* backend/psx/prim_setup.c: culling, the attribute start vertex and steps,
 * line pixels and the fill rule, checked against independent models of the
 * hardware's stepping written here from the facts Mednafen documents in its
 * rasterizer (32.32 fixed-point edges starting just below x + 1, steps
 * rounded away from zero; lines from the pixel centre with a 1/2^22 bias):
 * prim_setup.h states the same behaviour as closed formulas, and the
 * software renderer draws spans from them. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/psx/prim_setup.h"
#include "support/psx_testing.h"

static psx_vertex vtx(int32_t x, int32_t y, uint8_t r, uint8_t u)
{
    psx_vertex v = {x, y, r, 0, 0, u, 0};
    return v;
}

static void rect_wrap(void **state)
{
    (void)state;
    psx_rect r[4];
    assert_int_equal(psx_rect_wrap(10, 20, 5, 6, r), 1);
    assert_int_equal(r[0].x0, 10);
    assert_int_equal(r[0].y1, 25);
    assert_int_equal(psx_rect_wrap(1020, 510, 8, 4, r), 4);
    assert_true(r[0].x0 == 1020 && r[0].x1 == 1023 && r[0].y0 == 510 && r[0].y1 == 511);
    assert_true(r[1].x0 == 0 && r[1].x1 == 3 && r[1].y0 == 510 && r[1].y1 == 511);
    assert_true(r[2].x0 == 1020 && r[2].x1 == 1023 && r[2].y0 == 0 && r[2].y1 == 1);
    assert_true(r[3].x0 == 0 && r[3].x1 == 3 && r[3].y0 == 0 && r[3].y1 == 1);
    assert_int_equal(psx_rect_wrap(0, 0, 0, 5, r), 0);
    assert_int_equal(psx_rect_wrap(5, 0, 1024, 1, r), 2); /* a full row from column 5 */
    assert_true(r[1].x1 == 4);
}

static void triangle_culling(void **state)
{
    (void)state;
    psx_triangle t;
    psx_vertex a = vtx(0, 0, 0, 0), b = vtx(1023, 0, 0, 0), c = vtx(0, 511, 0, 0);
    assert_true(psx_setup_triangle(&a, &b, &c, &t));
    b.x = 1024; /* 1024 apart */
    assert_false(psx_setup_triangle(&a, &b, &c, &t));
    b.x = 1023;
    c.y = 512;
    assert_false(psx_setup_triangle(&a, &b, &c, &t));
    c = vtx(2046, 0, 0, 0); /* collinear */
    b = vtx(1023, 0, 0, 0);
    a = vtx(1000, 0, 0, 0);
    assert_false(psx_setup_triangle(&a, &b, &c, &t));
}

static void triangle_start_vertex_and_steps(void **state)
{
    (void)state;
    psx_triangle t;
    /* leftmost vertex; among equal X: the second over the first, the third
     * over the second, and the first over the third when the second lies to
     * its right (mednafen gpu_polygon.cpp, duckstation DrawTriangle) */
    psx_vertex a = vtx(0, 0, 0, 0), b = vtx(5, 3, 0, 0), c = vtx(2, 9, 0, 0);
    assert_true(psx_setup_triangle(&a, &b, &c, &t));
    assert_int_equal(t.base, 0);
    a.x = 5;
    b.x = 5; /* a and b tie, c = (2,9) is left of both */
    assert_true(psx_setup_triangle(&a, &b, &c, &t));
    assert_int_equal(t.base, 2);
    c.x = 7;
    assert_true(psx_setup_triangle(&a, &b, &c, &t));
    assert_int_equal(t.base, 1);
    a = vtx(0, 0, 0, 0);
    b = vtx(4, 1, 0, 0);
    c = vtx(0, 8, 0, 0); /* a and c tie with b to the right */
    assert_true(psx_setup_triangle(&a, &b, &c, &t));
    assert_int_equal(t.base, 0);
    b = vtx(0, 4, 0, 0); /* a and b tie, c is to the right: b */
    c = vtx(3, 8, 0, 0);
    a = vtx(0, 0, 0, 0);
    assert_true(psx_setup_triangle(&a, &b, &c, &t));
    assert_int_equal(t.base, 1);

    /* (0,0) R 0, (8,0) R 255, (0,8) R 0, U 0/16/64: twice the area 64;
     * dR/dx = trunc(4096*2040/64) = 130560, dR/dy = 0;
     * dU/dx = trunc(4096*128/64) = 8192, dU/dy = trunc(4096*512/64) = 32768 */
    a = vtx(0, 0, 0, 0);
    b = vtx(8, 0, 255, 16);
    c = vtx(0, 8, 0, 64);
    assert_true(psx_setup_triangle(&a, &b, &c, &t));
    assert_int_equal(t.area2, 64);
    assert_int_equal(t.ddx[PSX_ATTR_R], 130560);
    assert_int_equal(t.ddy[PSX_ATTR_R], 0);
    assert_int_equal(t.ddx[PSX_ATTR_U], 8192);
    assert_int_equal(t.ddy[PSX_ATTR_U], 32768);
    assert_int_equal(psx_tri_attr(&t, PSX_ATTR_R, 3, 2), 96);  /* (2048 + 3*130560) >> 12 */
    assert_int_equal(psx_tri_attr(&t, PSX_ATTR_U, 3, 2), 22); /* (2048 + 3*8192 + 2*32768) >> 12 */
    /* the steps do not depend on the vertex order */
    psx_triangle t2;
    assert_true(psx_setup_triangle(&c, &a, &b, &t2));
    assert_memory_equal(t.ddx, t2.ddx, sizeof t.ddx);
    assert_memory_equal(t.ddy, t2.ddy, sizeof t.ddy);
    /* truncation toward zero: 3 * 4096 / 7 = 1755.4 -> 1755, and -1755 */
    a = vtx(0, 0, 0, 0);
    b = vtx(7, 0, 3, 0);
    c = vtx(0, 7, 0, 0);
    assert_true(psx_setup_triangle(&a, &b, &c, &t));
    assert_int_equal(t.ddx[PSX_ATTR_R], 1755);
    b.r = 0;
    a.r = 3;
    assert_true(psx_setup_triangle(&a, &b, &c, &t));
    assert_int_equal(t.ddx[PSX_ATTR_R], -1755);
}

/* ---- lines against a fixed-point stepper ------------------------------------------ */

static int64_t line_step(int32_t d, int32_t k)
{
    /* (d << 32) / k with the remainder rounded away from zero */
    int64_t n = (int64_t)d * 4294967296LL;
    n += d < 0 ? -(k - 1) : d > 0 ? (k - 1) : 0;
    return n / k;
}

static void dda_line(psx_vertex a, psx_vertex b, int32_t *xs, int32_t *ys, uint8_t *rs, int32_t *n)
{
    int32_t dx = abs(b.x - a.x), dy = abs(b.y - a.y), k = dx > dy ? dx : dy;
    if (k > 0 && a.x >= b.x) {
        psx_vertex t = a;
        a = b;
        b = t;
    }
    int64_t sx = k ? line_step(b.x - a.x, k) : 0, sy = k ? line_step(b.y - a.y, k) : 0;
    int32_t sr = k ? ((b.r - a.r) * 4096) / k : 0;
    int64_t cx = (int64_t)a.x * 4294967296LL + 2147483648LL - 1024;
    int64_t cy = (int64_t)a.y * 4294967296LL + 2147483648LL - (sy < 0 ? 1024 : 0);
    int32_t cr = (a.r << 12) + 2048;
    for (int32_t i = 0; i <= k; i++) {
        xs[i] = (int32_t)(cx >> 32); /* arithmetic shift: floor */
        ys[i] = (int32_t)(cy >> 32);
        rs[i] = (uint8_t)(cr >> 12);
        cx += sx;
        cy += sy;
        cr += sr;
    }
    *n = k + 1;
}

static void lines_match_stepper(void **state)
{
    (void)state;
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("psx_line_stepper", 11));
    int32_t xs[1100], ys[1100], n;
    uint8_t rs[1100];
    for (int iter = 0; iter < 20000; iter++) {
        int32_t span = iter < 15000 ? 24 : 1100;
        psx_vertex a = vtx((int32_t)ts_rng_below(&rng, (uint32_t)span) - span / 2,
                           (int32_t)ts_rng_below(&rng, (uint32_t)span / 2) - span / 4, (uint8_t)ts_rng_u32(&rng), 0);
        psx_vertex b = vtx((int32_t)ts_rng_below(&rng, (uint32_t)span) - span / 2,
                           (int32_t)ts_rng_below(&rng, (uint32_t)span / 2) - span / 4, (uint8_t)ts_rng_u32(&rng), 0);
        psx_line l;
        if (!psx_setup_line(&a, &b, &l)) {
            assert_true(abs(b.x - a.x) >= 1024 || abs(b.y - a.y) >= 512);
            continue;
        }
        dda_line(a, b, xs, ys, rs, &n);
        assert_int_equal(n, l.k + 1);
        for (int32_t i = 0; i <= l.k; i++) {
            int32_t x, y;
            uint8_t rgb[3];
            psx_line_pixel(&l, i, &x, &y, rgb);
            if (x != xs[i] || y != ys[i] || rgb[0] != rs[i])
                fail_msg("(%d,%d)-(%d,%d) pixel %d: (%d,%d) r %u, the stepper says (%d,%d) r %u", a.x, a.y, b.x, b.y,
                         i, x, y, rgb[0], xs[i], ys[i], rs[i]);
        }
    }
}

/* ---- the fill rule against a fixed-point edge stepper ---------------------------- */

static int64_t edge_fp(int32_t x)
{
    return (int64_t)x * 4294967296LL + 4294967296LL - 2048; /* just below x + 1 */
}

static int64_t edge_step(int32_t dx, int32_t dy)
{
    int64_t n = (int64_t)dx * 4294967296LL;
    n += dx < 0 ? -(dy - 1) : dx > 0 ? (dy - 1) : 0;
    return n / dy;
}

/* Whether the stepper covers (px, py): rows from the top vertex to before the
 * bottom one; on each, the edges' fixed-point X (the long edge against the
 * short one of that half) floored give a half-open span. */
static bool dda_covers(const psx_vertex *v, int32_t px, int32_t py)
{
    const psx_vertex *s[3] = {&v[0], &v[1], &v[2]}, *t;
    if (s[1]->y < s[0]->y) { t = s[0]; s[0] = s[1]; s[1] = t; }
    if (s[2]->y < s[1]->y) { t = s[1]; s[1] = s[2]; s[2] = t; }
    if (s[1]->y < s[0]->y) { t = s[0]; s[0] = s[1]; s[1] = t; }
    if (py < s[0]->y || py >= s[2]->y)
        return false;
    const psx_vertex *a = py < s[1]->y ? s[0] : s[1], *b = py < s[1]->y ? s[1] : s[2];
    int64_t xl = edge_fp(s[0]->x) + (int64_t)(py - s[0]->y) * edge_step(s[2]->x - s[0]->x, s[2]->y - s[0]->y);
    int64_t xs = edge_fp(a->x) + (int64_t)(py - a->y) * edge_step(b->x - a->x, b->y - a->y);
    int32_t x0 = (int32_t)((xl < xs ? xl : xs) >> 32), x1 = (int32_t)((xl < xs ? xs : xl) >> 32);
    return px >= x0 && px < x1;
}

static void fill_rule_matches_stepper(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("psx_fill_rule", 12));
    uint16_t got[48 * 48];
    for (int iter = 0; iter < 1500; iter++) {
        int32_t span = iter < 1200 ? 9 : 48;
        psx_vertex v[3];
        uint32_t words[4] = {0x20FFFFFFu};
        for (int i = 0; i < 3; i++) {
            v[i] = vtx((int32_t)ts_rng_below(&rng, (uint32_t)span), (int32_t)ts_rng_below(&rng, (uint32_t)span), 255, 0);
            if (i && ts_rng_below(&rng, 3) == 0) /* flat tops, bottoms and sides */
                (ts_rng_below(&rng, 2) ? &v[i].x : &v[i].y)[0] = ts_rng_below(&rng, 2) ? v[i - 1].x : v[i - 1].y;
            words[1 + i] = (uint32_t)v[i].x | ((uint32_t)v[i].y << 16);
        }
        PT_GP0(psx, 0x02000000u, 0, 0x00300030u); /* clear 48x48 */
        pt_gp0(psx, words, 4);
        assert_int_equal(glhle_psx_read_vram(psx, 0, 0, 48, 48, got), GLHLE_RESULT_OK);
        psx_triangle t;
        bool drawn = psx_setup_triangle(&v[0], &v[1], &v[2], &t);
        for (int32_t y = 0; y < 48; y++)
            for (int32_t x = 0; x < 48; x++) {
                bool want = drawn && dda_covers(v, x, y);
                if ((got[y * 48 + x] != 0) != want)
                    fail_msg("triangle (%d,%d) (%d,%d) (%d,%d): pixel (%d,%d) %s by the renderer, %s by the stepper",
                             v[0].x, v[0].y, v[1].x, v[1].y, v[2].x, v[2].y, x, y, got[y * 48 + x] ? "drawn" : "not drawn",
                             want ? "drawn" : "not drawn");
            }
    }
    glhle_psx_destroy(psx);
}

static void blend_and_footprint(void **state)
{
    (void)state;
    /* back (31, 0, 16), front (31, 31, 8) */
    uint16_t back = 31 | (16 << 10), front = 31 | (31 << 5) | (8 << 10);
    assert_int_equal(psx_blend(back, front, 0), 31 | (15 << 5) | (12 << 10));
    assert_int_equal(psx_blend(back, front, 1), 31 | (31 << 5) | (24 << 10));
    assert_int_equal(psx_blend(back, front, 2), 0 | (0 << 5) | (8 << 10));
    assert_int_equal(psx_blend(back, front, 3), 31 | (7 << 5) | (18 << 10));
    /* 4-bit page at X 960: texcoords 0..255 span 64 halfwords, 960..1023 */
    psx_draw_mode m;
    memset(&m, 0, sizeof m);
    m.tex_x = 960;
    m.tex_y = 256;
    m.textured = 1;
    m.win_and_x = m.win_and_y = 0xFF;
    psx_rect r[4];
    assert_int_equal(psx_texture_footprint(&m, 0, 255, 10, 20, r), 1);
    assert_true(r[0].x0 == 960 && r[0].x1 == 1023 && r[0].y0 == 266 && r[0].y1 == 276);
    /* 15-bit from 960 wraps to 0..191 */
    m.tex_mode = 2;
    assert_int_equal(psx_texture_footprint(&m, 0, 255, 0, 0, r), 2);
    assert_true(r[1].x0 == 0 && r[1].x1 == 191);
    /* a window confines u to [or, and|or]: mask 1 (8 texels), offset 1 -> 8..15 after ...and F7h */
    m.win_and_x = 0xF7;
    m.win_or_x = 0x08;
    m.tex_x = 0;
    assert_int_equal(psx_texture_footprint(&m, 0, 3, 0, 0, r), 1);
    assert_true(r[0].x0 == 8 && r[0].x1 == 255);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rect_wrap),
        cmocka_unit_test(triangle_culling),
        cmocka_unit_test(triangle_start_vertex_and_steps),
        cmocka_unit_test(lines_match_stepper),
        cmocka_unit_test(fill_rule_matches_stepper),
        cmocka_unit_test(blend_and_footprint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
