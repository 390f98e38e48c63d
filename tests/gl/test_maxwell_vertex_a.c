/* Vertex A (SET_PIPELINE_SHADER(0)) joined before vertex B on llvmpipe
 * (backend/maxwell/render/draw.c vertex_a_input, shadergen/maxwell_spirv.c
 * join). The corpus has no vertex-A program (deko3d never emits one), so A
 * is SASS built by tmd_vertex_a_scale: it moves attribute 0 (x, y) to
 * (0.5 x + 0.25, y - 0.125) and makes attribute 1's colour (r, g, b, a)
 * (1 - r, g / 2, b + 0.25) in its generic outputs 0 and 1, generic 1's w
 * outside its output map; vertex B is the corpus' passthrough_vsh, which
 * writes the position from its input a[0x80] and the colour varying from
 * a[0x90]. The written-back target must hold the triangle the test works
 * out from those formulas: covered where the moved vertices' edge
 * functions say (the pixels within a pixel of an edge not checked), the
 * colour A made with the attribute's alpha (which B reads from the
 * attribute, A not handing on that component), the clear colour outside.
 * Skips when the shader corpus is absent. */
#include "support/test_support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/programs.h"
#include "backend/maxwell/render/render_targets.h"
#include "scenes/maxwell_draw_scene.h"
#include "support/maxwell_fake_mem.h"

#define W TMD_RECTS_W
#define H TMD_RECTS_H

static const float CLEAR[4] = {0, 0, 0, 1};
/* the triangle in NDC and its vertices' colour (attribute 1) */
static const float TRI[3][2] = {{-0.8f, -0.8f}, {0.8f, -0.8f}, {0.0f, 0.8f}};
static const float COLOUR[4] = {0.2f, 0.4f, 0.4f, 1.0f};
/* what a target must show: nothing drawn, the triangle by B alone, by A then B */
enum { NOTHING, B_ALONE, JOINED };

/* What a vertex reaches the rasterizer as, in the target's pixels
 * (tmd_target's viewport: x_w = W/2 x + W/2, y_w = H/2 y + H/2, guest row 0
 * at y_w 0), with vertex A's move or without. */
static void window_of(int v, bool vertex_a, float out[2])
{
    float x = TRI[v][0], y = TRI[v][1];
    if (vertex_a) {
        x = 0.5f * x + 0.25f;
        y = y - 0.125f;
    }
    out[0] = (float)W / 2 * x + (float)W / 2;
    out[1] = (float)H / 2 * y + (float)H / 2;
}

/* 1 inside, 0 outside, -1 within a pixel of an edge (not checked): the
 * signed distances of pixel (x, y)'s centre from the three edges */
static int coverage(uint32_t x, uint32_t y, int mode)
{
    const bool vertex_a = mode == JOINED;
    if (mode == NOTHING)
        return 0;
    float p[3][2];
    for (int v = 0; v < 3; v++)
        window_of(v, vertex_a, p[v]);
    const float cx = (float)x + 0.5f, cy = (float)y + 0.5f;
    int sign = 0;
    bool near = false, out = false;
    for (int e = 0; e < 3; e++) {
        const float *a = p[e], *b = p[(e + 1) % 3];
        const float ex = b[0] - a[0], ey = b[1] - a[1];
        const float d = (ex * (cy - a[1]) - ey * (cx - a[0])) / sqrtf(ex * ex + ey * ey);
        const int s = d > 0 ? 1 : -1;
        if (fabsf(d) < 1.0f)
            near = true;
        else if (sign && s != sign)
            out = true;
        else
            sign = s;
    }
    return near ? -1 : out ? 0 : 1;
}

static uint8_t unorm8(float f)
{
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    return (uint8_t)lrintf(f * 255.0f);
}

/* the covered pixels' colour: A's formulas on COLOUR (alpha COLOUR's) or COLOUR itself */
static void colour_of(bool vertex_a, uint8_t out[4])
{
    const float c[4] = {vertex_a ? 1 - COLOUR[0] : COLOUR[0], vertex_a ? COLOUR[1] / 2 : COLOUR[1],
                        vertex_a ? COLOUR[2] + 0.25f : COLOUR[2], COLOUR[3]};
    for (int i = 0; i < 4; i++)
        out[i] = unorm8(c[i]);
}

/* The target against the triangle drawn with or without vertex A; a
 * mismatch fails with the actual and expected images written. */
static void check_triangle(const tmd_rects *e, const char *name, int mode)
{
    const bool vertex_a = mode == JOINED;
    glhle_image want = {.width = W, .height = H, .rgba = calloc(W * H, 4)};
    glhle_image got = {.width = W, .height = H, .rgba = calloc(W * H, 4)};
    assert_non_null(want.rgba);
    assert_non_null(got.rgba);
    uint8_t inside[4], clear[4];
    colour_of(vertex_a, inside);
    for (int i = 0; i < 4; i++)
        clear[i] = unorm8(CLEAR[i]);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            uint8_t *g = got.rgba + ((size_t)y * W + x) * 4, *w = want.rgba + ((size_t)y * W + x) * 4;
            memcpy(g, e->rt + mwt_bl_offset(W * 4, H, 1, 0, x * 4, y, 0), 4);
            const int c = coverage(x, y, mode);
            memcpy(w, c < 0 ? g : c ? inside : clear, 4); /* an edge pixel is either */
        }
    ts_assert_image(name, &want, &got, 2, 0);
    free(want.rgba);
    free(got.rgba);
}

/* The bench: passthrough_vsh (vertex B) and color_fsh, the triangle's
 * vertices 0-2, the target cleared; *a the vertex-A program, not selected. */
static bool open_bench(tmd_rects *e, tmc_shader *a, void **state)
{
    if (!tmd_rects_open(e, *state, 1, "passthrough_vsh", "color_fsh", CLEAR))
        return false;
    for (int v = 0; v < 3; v++)
        tmd_vertex(e, TRI[v][0], TRI[v][1], 0, COLOUR);
    assert_true(tmd_vertex_a_scale(a));
    return true;
}

static void close_bench(tmd_rects *e, tmc_shader *a)
{
    tmc_free(a);
    tmd_rects_close(e);
}

static void draw_triangle(tmd_rects *e)
{
    tmd_set(e, 0x1214, 0u | 3u << 16 | 4u << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST: 0, 3, TRIANGLES */
}

/* the triangle drawn and the target checked against `mode`; then cleared for the next */
static void draw_and_check(tmd_rects *e, const char *name, int mode)
{
    draw_triangle(e);
    tmd_submit(e, 1);
    check_triangle(e, name, mode);
    tmd_set(e, 0x19d0, 0x3C); /* CLEAR_SURFACE: R, G, B, A */
}

/* A then B: the triangle moved and recoloured by A, the alpha the attribute's */
static void joined(void **state)
{
    tmd_rects e;
    tmc_shader a;
    if (!open_bench(&e, &a, state)) {
        skip();
        return;
    }
    tmd_vertex_a_program(&e.pb, e.data, &a);
    draw_and_check(&e, "maxwell_vertex_a_joined", JOINED);
    assert_int_equal(e.gpu->render->stats.draws, 1);
    close_bench(&e, &a);
}

/* B alone draws as before, and the same instance then draws A and B, and
 * B alone again: each program its own (the keys tell them apart) */
static void vertex_b_alone_unchanged(void **state)
{
    tmd_rects e;
    tmc_shader a;
    if (!open_bench(&e, &a, state)) {
        skip();
        return;
    }
    draw_and_check(&e, "maxwell_vertex_a_b_alone", B_ALONE);
    tmd_vertex_a_program(&e.pb, e.data, &a);
    draw_and_check(&e, "maxwell_vertex_a_then_joined", JOINED);
    tmd_set(&e, 0x2000, 0); /* SET_PIPELINE_SHADER(0): disabled */
    draw_and_check(&e, "maxwell_vertex_a_then_b_alone", B_ALONE);
    assert_int_equal(e.gpu->render->stats.draws, 3);
    close_bench(&e, &a);
}

/* Vertex A without vertex B: refused with the reason, nothing drawn, and
 * the instance draws the next draw */
static void a_without_b_refused(void **state)
{
    tmd_rects e;
    tmc_shader a;
    if (!open_bench(&e, &a, state)) {
        skip();
        return;
    }
    tmd_submit(&e, 0); /* the clear */
    tmd_vertex_a_program(&e.pb, e.data, &a);
    tmd_set(&e, 0x2000 + 64, 0); /* SET_PIPELINE_SHADER(1): vertex B disabled */
    draw_triangle(&e);
    glhle_maxwell_run_result res;
    ts_log_clear();
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_UNSUPPORTED);
    assert_true(ts_log_contains("vertex-A program (SET_PIPELINE_SHADER(0)) and no vertex-B program"));
    assert_int_equal(e.gpu->render->stats.draws, 0);
    tm_pb_free(&e.pb);
    tm_pb_init(&e.pb);
    assert_int_equal(glhle_maxwell_flush(e.gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
    check_triangle(&e, "maxwell_vertex_a_refused", NOTHING);
    /* the instance goes on: B enabled again, A and B draw */
    tmd_set(&e, 0x2000 + 64, 1u | 1u << 4);
    draw_and_check(&e, "maxwell_vertex_a_after_refusal", JOINED);
    close_bench(&e, &a);
}

/* The program key with vertex A (programs.h MW_PROGRAM_KEY_A_WORDS): the
 * size its fixed part gives is the bytes filled, the system accepts it,
 * and the stage texts regenerated from the key alone (as a disk cache
 * entry is) have the joined vertex stage: its private array of what A
 * hands B, which B's text alone has not. A stage key of vertex A naming
 * another stage is not a key the system accepts. */
static void key_round_trip(void **state)
{
    (void)state;
    tmc_shader vs, fs, a;
    if (!tmc_require()) {
        skip();
        return;
    }
    assert_true(tmc_load("passthrough_vsh", &vs));
    assert_true(tmc_load("color_fsh", &fs));
    assert_true(tmd_vertex_a_scale(&a));
    mw_spirv_input in[MW_PROGRAM_STAGES], alone;
    memset(in, 0, sizeof in);
    const tmc_shader *s[2] = {&vs, &fs};
    uint32_t words[MW_PROGRAM_STAGES] = {0};
    const mw_spirv_input *key_in[MW_PROGRAM_STAGES] = {NULL};
    for (int i = 0; i < 2; i++) {
        in[i].code = s[i]->code;
        in[i].words = s[i]->words;
        in[i].sph = s[i]->sph;
        in[i].key.stage = (uint8_t)(i ? MW_SPIRV_FRAGMENT : MW_SPIRV_VERTEX);
        words[i] = (uint32_t)mw_spirv_reachable_words(&in[i]);
        key_in[i] = &in[i];
    }
    alone = in[MW_PROGRAM_VS];
    alone.code = a.code;
    alone.words = a.words;
    alone.sph = a.sph;
    const uint32_t a_words = (uint32_t)mw_spirv_reachable_words(&alone);
    assert_int_equal(a_words, 20); /* tmd_vertex_a_scale's 5 bundles */
    in[MW_PROGRAM_VS].a_code = a.code;
    in[MW_PROGRAM_VS].a_words = a.words;
    in[MW_PROGRAM_VS].a_sph = a.sph;
    const gl_program_system *sys = mw_program_system();
    const uint32_t bytes = mw_program_key_bytes(words, a_words, false);
    uint8_t *key = calloc(1, bytes);
    assert_non_null(key);
    mw_program_key_fill(key, key_in, words, a_words);
    assert_int_equal(sys->info.key_size_of(key), bytes);
    assert_true(sys->info.key_valid(key));
    glhle_bytebuf vt, ft;
    glhle_bytebuf_init(&vt, 1 << 20);
    glhle_bytebuf_init(&ft, 1 << 20);
    assert_true(sys->generate(key, 0, &vt, &ft));
    assert_non_null(strstr(glhle_bytebuf_cstr(&vt), "vertex_a_out"));
    glhle_bytebuf_clear(&vt);
    glhle_bytebuf_clear(&ft);
    /* B's key alone: no such array */
    const uint32_t b_bytes = mw_program_key_bytes(words, 0, false);
    uint8_t *b_key = calloc(1, b_bytes);
    assert_non_null(b_key);
    mw_program_key_fill(b_key, key_in, words, 0);
    assert_int_equal(sys->info.key_size_of(b_key), b_bytes);
    assert_true(sys->generate(b_key, 0, &vt, &ft));
    assert_null(strstr(glhle_bytebuf_cstr(&vt), "vertex_a_out"));
    /* vertex A's stage key (after the fixed part: no further stages here) names its stage */
    mw_program_stage_key sk;
    memcpy(&sk, key + sizeof(mw_program_key), sizeof sk);
    sk.key.stage = MW_SPIRV_GEOMETRY;
    memcpy(key + sizeof(mw_program_key), &sk, sizeof sk);
    assert_false(sys->info.key_valid(key));
    glhle_bytebuf_free(&vt);
    glhle_bytebuf_free(&ft);
    free(key);
    free(b_key);
    tmc_free(&vs);
    tmc_free(&fs);
    tmc_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(joined),
        cmocka_unit_test(vertex_b_alone_unchanged),
        cmocka_unit_test(a_without_b_refused),
        cmocka_unit_test(key_round_trip),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
