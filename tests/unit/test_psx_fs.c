/* shadergen/psx_fs.c, psx_vs.c, psx_blit.c: the programs are a function of
 * their key and host config alone, every key makes one, normalisation merges
 * keys that draw alike, and the host config picks how the pixel being drawn
 * is read. Compiling them is tests/gl/test_psx_rasterizer.c's job. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "shadergen/psx_fs.h"

static const psx_shader_host fetch_host = {"#version 450 core", true, 0, false};
static const psx_shader_host barrier_host = {"#version 450 core", false, 0, false};

static char *text(const psx_fs_key *k, const psx_shader_host *h, bool fragment)
{
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 1 << 16);
    assert_true(fragment ? psx_fs_generate(k, h, &b) : psx_vs_generate(k, h, &b));
    size_t n;
    glhle_bytebuf_cstr(&b);
    char *s = (char *)glhle_bytebuf_detach(&b, &n);
    return s;
}

static int count(const char *s, char c)
{
    int n = 0;
    for (; *s; s++)
        n += *s == c;
    return n;
}

static void every_key_generates(void **state)
{
    (void)state;
    for (int kind = 0; kind < PSX_PRIM_KIND_COUNT_; kind++)
        for (int tex = 0; tex < 4; tex++)
            for (int g = 0; g < 2; g++)
                for (int blend = 0; blend < 5; blend++) {
                    psx_fs_key k;
                    memset(&k, 0, sizeof k);
                    k.kind = (uint8_t)kind;
                    k.tex_mode = (uint8_t)tex;
                    k.gouraud = (uint8_t)g;
                    k.blend = (uint8_t)blend;
                    psx_fs_key_normalize(&k);
                    char *fs = text(&k, &fetch_host, true), *vs = text(&k, &barrier_host, false);
                    assert_int_equal(count(fs, '{'), count(fs, '}'));
                    assert_int_equal(count(fs, '('), count(fs, ')'));
                    assert_int_equal(count(vs, '{'), count(vs, '}'));
                    assert_true(strncmp(fs, "#version 450 core\n", 18) == 0);
                    /* texel fetches only where there is a texture, blending only where asked */
                    assert_int_equal(strstr(fs, "uint texel(") != NULL, k.tex_mode != 0);
                    assert_int_equal(strstr(fs, "uint blend(") != NULL, blend != 0);
                    char *again = text(&k, &fetch_host, true);
                    assert_string_equal(fs, again); /* a function of the key */
                    free(fs);
                    free(vs);
                    free(again);
                }
}

static void normalisation(void **state)
{
    (void)state;
    psx_fs_key a = {PSX_PRIM_LINE, 3, 1, 2, 1, {2, 3, 4}}, b = {PSX_PRIM_LINE, 0, 1, 2, 0, {0, 0, 0}};
    psx_fs_key_normalize(&a);
    assert_memory_equal(&a, &b, sizeof a); /* lines have no texture; padding is zero */
    psx_fs_key s = {PSX_PRIM_SPRITE, 1, 1, 0, PSX_CLUT_VRAM, {0}};
    psx_fs_key_normalize(&s);
    assert_int_equal(s.gouraud, 0); /* sprites are flat */
    assert_int_equal(s.tex_mode, 1);
}

/* The key's CLUT sources decide which fetches the CLUT lookup has: VRAM's
 * CLUT row, the snapshot, or both with the per-primitive flag choosing; a
 * key without a CLUT (15-bit) keeps none. */
static void clut_sources_are_keyed(void **state)
{
    (void)state;
    const char *snap = "texelFetch(u_clut, ivec2(int(idx), 0), 0).r", *row = "vram(int((v_w.z >> 5u) & 1023u)";
    const char *flag = "((v_w.x >> 24u) & 16u) != 0u";
    for (uint8_t src = 1; src <= 3; src++) {
        psx_fs_key k = {PSX_PRIM_TRIANGLE, 1, 1, 0, src, {0}};
        char *fs = text(&k, &barrier_host, true);
        assert_int_equal(strstr(fs, snap) != NULL, (src & PSX_CLUT_SNAPSHOT) != 0);
        assert_int_equal(strstr(fs, row) != NULL, (src & PSX_CLUT_VRAM) != 0);
        assert_int_equal(strstr(fs, flag) != NULL, src == 3);
        free(fs);
    }
    psx_fs_key direct = {PSX_PRIM_SPRITE, 3, 0, 0, PSX_CLUT_SNAPSHOT, {0}};
    psx_fs_key_normalize(&direct);
    assert_int_equal(direct.clut, 0);
    psx_fs_key uber = psx_fs_key_uber();
    char *fs = text(&uber, &barrier_host, true);
    assert_non_null(strstr(fs, snap));
    assert_non_null(strstr(fs, row));
    free(fs);
}

static void host_picks_destination_read(void **state)
{
    (void)state;
    psx_fs_key k = {PSX_PRIM_TRIANGLE, 3, 1, 1, 0, {0}};
    char *f = text(&k, &fetch_host, true), *b = text(&k, &barrier_host, true);
    assert_non_null(strstr(f, "#extension GL_EXT_shader_framebuffer_fetch : require"));
    assert_non_null(strstr(f, "inout highp uint o_color"));
    assert_null(strstr(f, "texelFetch(u_fb"));
    assert_null(strstr(b, "framebuffer_fetch"));
    assert_non_null(strstr(b, "texelFetch(u_fb, f, 0)"));
    free(f);
    free(b);
    for (int kind = 0; kind < PSX_BLIT_KIND_COUNT_; kind++) {
        glhle_bytebuf vs, fs;
        glhle_bytebuf_init(&vs, 1 << 16);
        glhle_bytebuf_init(&fs, 1 << 16);
        assert_true(psx_blit_generate((psx_blit_kind)kind, &barrier_host, &vs, &fs));
        assert_int_equal(count(glhle_bytebuf_cstr(&fs), '{'), count(glhle_bytebuf_cstr(&fs), '}'));
        glhle_bytebuf_free(&vs);
        glhle_bytebuf_free(&fs);
    }
}

/* A host with a scale compiles it in (both stages); without one it stays
 * a uniform. */
static void host_scale_is_a_constant(void **state)
{
    (void)state;
    const psx_shader_host at2 = {"#version 450 core", false, 2, false};
    psx_fs_key k = {PSX_PRIM_TRIANGLE, 1, 1, 0, PSX_CLUT_VRAM, {0}};
    for (int fragment = 0; fragment < 2; fragment++) {
        char *c = text(&k, &at2, fragment), *u = text(&k, &barrier_host, fragment);
        assert_non_null(strstr(c, "const int u_scale = 2;"));
        assert_null(strstr(c, "uniform int u_scale;"));
        assert_non_null(strstr(u, "uniform int u_scale;"));
        free(c);
        free(u);
    }
}

/* A host whose GL coverage passed the probe (backend/psx/coverage_probe.c)
 * leaves out the triangles' edge test and its tie biases, draws the exact
 * triangle (no widening) unclipped on the guard-band viewport; lines and
 * sprites keep their tests. Without it the edge test is there. */
static void host_gl_coverage_drops_the_edge_test(void **state)
{
    (void)state;
    const psx_shader_host cov = {"#version 450 core", false, 1, true};
    const psx_shader_host edge = {"#version 450 core", false, 1, false};
    psx_fs_key k = psx_fs_key_uber();
    char *fs_cov = text(&k, &cov, true), *fs_edge = text(&k, &edge, true);
    char *vs_cov = text(&k, &cov, false), *vs_edge = text(&k, &edge, false);
    assert_null(strstr(fs_cov, "v_edge.x"));
    assert_non_null(strstr(fs_edge, "s * e0 + v_edge.x <= 0"));
    assert_non_null(strstr(fs_cov, "floor_div_is(2 * i * dy")); /* the line test stays */
    assert_null(strstr(vs_cov, "widen("));
    assert_null(strstr(vs_cov, "edge_bias"));
    assert_non_null(strstr(vs_cov, "(pos.x + 1024.0) / 2048.0"));
    assert_non_null(strstr(vs_edge, "widen("));
    assert_non_null(strstr(vs_edge, "pos.x / 512.0 - 1.0"));
    free(fs_cov);
    free(fs_edge);
    free(vs_cov);
    free(vs_edge);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_key_generates),
        cmocka_unit_test(normalisation),
        cmocka_unit_test(clut_sources_are_keyed),
        cmocka_unit_test(host_picks_destination_read),
        cmocka_unit_test(host_scale_is_a_constant),
        cmocka_unit_test(host_gl_coverage_drops_the_edge_test),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
