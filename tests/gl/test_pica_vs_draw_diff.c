/* The GPU vertex path end to end against the CPU path (issue 18): random
 * vertex-shader programs (tests/support/pica_vs_random.h: every ALU opcode
 * but EX2/LG2, IF/ELSE, LOOP, BREAKC, JMP, CALL, relative addressing)
 * with random uniforms and vertex data (NaN, infinities, +-0, huge and tiny
 * values), arrays or u16 indices with repeats, the user clip plane on or
 * off, each drawn by two instances over the same command list: one
 * shading with the interpreter (glhle_pica_desc.vertex_shaders CPU, the
 * reference), one with the program translated to GLSL. The two colour
 * buffers must be equal to the bit: llvmpipe rasterises both, so any
 * difference is a different output register, a different output map or
 * different attribute data.
 *
 * The program: a prologue that gives every register the interpreter keeps
 * between vertices a defined value (r0-r15 from c0-c15, a0 by MOVA, the
 * condition flags by CMP, aL by a LOOP; the translation starts each vertex
 * from zero, the interpreter from the last vertex's values: shader_glsl.h),
 * the random body, then o0 = v0 (the grid's position), o1 = a random
 * temporary (the colour, |c| clamped to 1 by both paths), o2 = another.
 *
 *   GLHLE_TEST_SEED=N             replays a run
 *   GLHLE_PICA_VS_DRAW_PROGRAMS=N programs (default 24) */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/draw/rasterizer.h"
#include "backend/pica/pica_instance.h"
#include "backend/pica/shader/shader_disasm.h"
#include "backend/pica/shader/shader_isa.h"
#include "glhle/shader_cache.h"
#include "support/pica_draw_support.h"
#include "support/pica_vs_random.h"

#define W 64
#define H 64
#define GRID 8 /* GRID x GRID quads, two triangles each, every vertex its own */
#define NVERT (GRID * GRID * 6)

typedef struct case_data {
    uint32_t code[4096];
    uint32_t opdesc[128];
    uint32_t floats[96][4];
    uint32_t ints[4], bools;
    bool indexed, clip; /* DRAWELEMENTS (u16, repeats: the post-vertex cache); the user clip plane */
    uint32_t count;     /* vertices drawn (NVERT) */
    float plane[4];
    uint16_t idx[NVERT];
    pd_vertex v[NVERT];
} case_data;

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void random_case(ts_rng *r, case_data *c)
{
    memset(c, 0, sizeof *c);
    for (unsigned i = 0; i < 128; i++)
        c->opdesc[i] = ts_rng_u32(r) & 0x7FFFFFFF;
    c->opdesc[0x1B] = 0xF | 0x1B << 5; /* .xyzw, swizzle xyzw */
    for (unsigned i = 0; i < 96; i++)
        for (unsigned k = 0; k < 4; k++) {
            /* no NaN uniforms: the front end reports them (the hardware may
             * hang); the vertex data has them */
            uint32_t u = fbits(pvr_value(r));
            c->floats[i][k] = (u & 0x7FFFFFFFu) > 0x7F800000u ? 0x3F800000u : u;
        }
    for (unsigned i = 0; i < 4; i++) /* small loop counts, any start and step */
        c->ints[i] = ts_rng_below(r, 4) | ts_rng_below(r, 256) << 8 | ts_rng_below(r, 256) << 16;
    c->bools = ts_rng_u32(r) & 0xFFFF;
    uint32_t at = 0;
    for (uint32_t k = 0; k < 16; k++) /* mov rk, ck */
        c->code[at++] = (uint32_t)PICA_OP_MOV << 26 | (0x10u + k) << 21 | (0x20u + k) << 12 | 0x1B;
    c->code[at++] = (uint32_t)PICA_OP_MOVA << 26 | (0x20u + ts_rng_below(r, 96)) << 12 | 0x1B;
    c->code[at++] = (uint32_t)PICA_OP_CMP << 26 | ts_rng_below(r, 8) << 21 | (0x20u + ts_rng_below(r, 96)) << 12 |
                    ts_rng_below(r, 16) << 7 | 0x1B;
    c->code[at] = pvr_flow3(PICA_OP_LOOP, 0, at + 1, 0); /* aL = i0.y, + i0.z per iteration */
    at++;
    c->code[at++] = (uint32_t)PICA_OP_NOP << 26;
    /* subroutines after a gap the body stays inside (the key holds the
     * reachable range, at most PICA_GPU_VS_CODE_WORDS words) */
    uint32_t sub = 400, body = at;
    do {
        memset(c->code + body, 0, (4096 - body) * 4);
        sub = 400;
        at = pvr_body(r, c->code, body, 0, &sub, false);
    } while (at + 4 > 400 || sub > 700);
    c->code[at++] = (uint32_t)PICA_OP_MOV << 26 | 0u << 21 | 0u << 12 | 0x1B;
    c->code[at++] = (uint32_t)PICA_OP_MOV << 26 | 1u << 21 | (0x10u + ts_rng_below(r, 16)) << 12 | 0x1B;
    c->code[at++] = (uint32_t)PICA_OP_MOV << 26 | 2u << 21 | (0x10u + ts_rng_below(r, 16)) << 12 | 0x1B;
    c->code[at++] = (uint32_t)PICA_OP_END << 26;
    c->indexed = ts_rng_below(r, 2) != 0;
    c->count = NVERT;
    for (uint32_t i = 0; i < NVERT; i++) /* every third index repeats one of the two before */
        c->idx[i] = (uint16_t)(i % 3 == 2 && ts_rng_below(r, 2) ? c->idx[i - 1 - ts_rng_below(r, 2)] : i);
    c->clip = ts_rng_below(r, 2) != 0;
    for (int k = 0; k < 4; k++) /* through the grid somewhere */
        c->plane[k] = (float)((int)ts_rng_below(r, 9) - 4) * 0.25f;
    /* the grid: positions exact in f32, colour and texcoord random inputs */
    uint32_t n = 0;
    for (uint32_t y = 0; y < GRID; y++)
        for (uint32_t x = 0; x < GRID; x++) {
            static const uint8_t corner[6][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}};
            for (int k = 0; k < 6; k++) {
                pd_vertex *v = &c->v[n++];
                v->pos[0] = pd_clip_coord((float)((x + corner[k][0]) * (W / GRID)), W);
                v->pos[1] = pd_clip_coord((float)((y + corner[k][1]) * (H / GRID)), H);
                v->pos[2] = -0.5f;
                v->pos[3] = 1.0f;
                for (int i = 0; i < 4; i++)
                    v->color[i] = pvr_value(r);
                v->tc[0] = pvr_value(r);
                v->tc[1] = pvr_value(r);
            }
        }
}

/* The case's command list: target, pass-through setup replaced by the
 * case's program and uniforms, primary colour out, one triangle list. */
static void build(tp_cmdbuf *b, const case_data *c)
{
    tp_cmd_init(b);
    pd_target(b, PD_COLOR, 0, 0, 3, W, H);
    pd_program(b, 3);
    pd_tev_replace(b, 0, 0);
    tp_cmd1(b, 0x2CB, 0);
    for (uint32_t at = 0; at < 4096; at += 128)
        tp_cmd(b, 0x2CC, 0xF, false, c->code + at, 128);
    tp_cmd1(b, 0x2BF, 1);
    tp_cmd1(b, 0x2D5, 0);
    tp_cmd(b, 0x2D6, 0xF, false, c->opdesc, 128);
    for (uint32_t i = 0; i < 96; i++) { /* f32 mode: w, z, y, x (3dbrew VSH_FLOATUNIFORM) */
        tp_cmd1(b, 0x2C0, 0x80000000u | i);
        const uint32_t wzyx[4] = {c->floats[i][3], c->floats[i][2], c->floats[i][1], c->floats[i][0]};
        tp_cmd(b, 0x2C1, 0xF, false, wzyx, 4);
    }
    for (uint32_t i = 0; i < 4; i++)
        tp_cmd1(b, 0x2B1 + i, c->ints[i]);
    tp_cmd1(b, 0x2B0, 0x7FFF0000u | c->bools);
    pd_clip(b, c->clip, c->plane);
    if (c->indexed)
        pd_draw_indexed(b, 0, c->count);
    else
        pd_draw(b, 0, c->count, 0);
}

/* The run's result: the CPU path reports what its interpreter found (a
 * stopped invocation, an undefined opcode), the GPU path cannot; only the
 * pictures are compared. */
static glhle_result draw(pd_env *e, const case_data *c, glhle_image *img)
{
    pd_put_vertices(e, c->v, NVERT);
    pd_put_indices(e, c->idx, NVERT);
    tp_cmdbuf b;
    build(&b, c);
    glhle_pica_run_result res;
    glhle_result r = pd_run(e, &b, &res);
    tp_cmd_free(&b);
    pd_read_color(e, PD_COLOR, 0, W, H, img);
    return r;
}

/* Every case drawn by an instance of `mode`, with its pictures; the two
 * instances are made one after the other (each keeps its own shadow of the
 * context's GL state). Returns the instance's statistics. */
static glhle_shader_stats draw_all(glhle_context *ctx, uint32_t mode, uint64_t seed, long programs, case_data *c,
                                   glhle_image *img)
{
    ts_rng r;
    ts_rng_init(&r, seed);
    pd_env e;
    pd_env_init_vs(&e, ctx, 1, mode);
    for (long p = 0; p < programs; p++) {
        random_case(&r, c);
        glhle_result res = draw(&e, c, &img[p]);
        if (res != GLHLE_RESULT_OK)
            print_message("program %ld: the %s path's run says %s\n", p, mode == GLHLE_PICA_VERTEX_SHADERS_CPU ? "CPU" : "GPU",
                          glhle_result_string(res));
    }
    glhle_shader_stats st;
    assert_int_equal(glhle_pica_get_shader_stats(e.pica, &st), GLHLE_RESULT_OK);
    pd_env_free(&e);
    return st;
}

static void random_programs(void **state)
{
    glhle_context *ctx = *state;
    const uint64_t seed = ts_seed("pica_vs_draw_diff", 0x18D8A3u);
    const long programs = ts_env_long("GLHLE_PICA_VS_DRAW_PROGRAMS", 24);
    assert_true(programs > 0 && programs <= 4096);
    case_data *c = malloc(sizeof *c);
    glhle_image *a = calloc((size_t)programs, sizeof *a), *g = calloc((size_t)programs, sizeof *g);
    assert_true(c && a && g);
    const glhle_shader_stats sc = draw_all(ctx, GLHLE_PICA_VERTEX_SHADERS_CPU, seed, programs, c, a);
    const glhle_shader_stats sg = draw_all(ctx, GLHLE_PICA_VERTEX_SHADERS_GPU, seed, programs, c, g);
    print_message("%ld programs: the GPU instance drew %llu on the GPU path (%llu vertices), %llu on the CPU path\n",
                  programs, (unsigned long long)sg.draws_gpu_vertex_shader,
                  (unsigned long long)sg.vertices_gpu_vertex_shader, (unsigned long long)sg.draws_cpu_vertex_shader);
    ts_rng r;
    ts_rng_init(&r, seed);
    uint32_t differing = 0;
    for (long p = 0; p < programs; p++) {
        random_case(&r, c);
        if (memcmp(a[p].rgba, g[p].rgba, (size_t)W * H * 4) != 0) {
            uint32_t px = 0;
            for (size_t i = 0; i < (size_t)W * H; i++)
                px += memcmp(a[p].rgba + 4 * i, g[p].rgba + 4 * i, 4) != 0;
            print_message("program %ld: %u of %u pixels differ between the CPU and GPU vertex paths\n", p, px, W * H);
            if (!differing) {
                char line[PICA_DISASM_MAX];
                for (uint32_t i = 0; i < 4096; i++) {
                    if (!c->code[i])
                        continue;
                    pica_disasm_insn(c->code[i], c->opdesc, 128, line);
                    print_message("  %03X: %s\n", i, line);
                }
                char name[64];
                snprintf(name, sizeof name, "pica_vs_draw_diff_p%ld", p);
                ts_assert_image(name, &a[p], &g[p], 0, 0);
            }
            differing++;
        }
    }
    for (long p = 0; p < programs; p++) {
        glhle_image_free(&a[p]);
        glhle_image_free(&g[p]);
    }
    free(a);
    free(g);
    free(c);
    /* every draw took the path its instance was made for */
    assert_int_equal(sc.draws_gpu_vertex_shader, 0);
    assert_int_equal(sc.draws_cpu_vertex_shader, (uint64_t)programs);
    assert_int_equal(sg.draws_gpu_vertex_shader, (uint64_t)programs);
    /* every vertex uploaded once (indexed draws: once per distinct index) */
    assert_true(sg.vertices_gpu_vertex_shader > 0 && sg.vertices_gpu_vertex_shader <= (uint64_t)programs * NVERT);
    assert_int_equal(differing, 0);
}

/* The status the translated program's invocations end with comes back for
 * a program that may stop (pica_vsp_may_report) and raises the CPU path's
 * problem: a runaway loop (JMPU to itself) stopped at the step limit on both
 * paths, each run ending in GLHLE_RESULT_LIMIT_EXCEEDED with one problem and
 * the same picture (the outputs as they stood); a LOOP that ends is read
 * back and raises nothing; a straight program is not read back. */
static void status_reports(void **state)
{
    glhle_context *ctx = *state;
    case_data *c = malloc(sizeof *c);
    assert_non_null(c);
    enum { PROGRAMS = 3 };
    glhle_result want[PROGRAMS] = {GLHLE_RESULT_LIMIT_EXCEEDED, GLHLE_RESULT_OK, GLHLE_RESULT_OK};
    glhle_image img[2][PROGRAMS];
    uint32_t problems[2][PROGRAMS];
    pica_rasterizer_stats rs[2];
    glhle_shader_stats ss[2];
    for (int gpu = 0; gpu < 2; gpu++) {
        pd_env e;
        pd_env_init_vs(&e, ctx, 1, gpu ? GLHLE_PICA_VERTEX_SHADERS_GPU : GLHLE_PICA_VERTEX_SHADERS_CPU);
        for (int k = 0; k < PROGRAMS; k++) {
            ts_rng r;
            ts_rng_init(&r, 77);
            random_case(&r, c);
            memset(c->code, 0, sizeof c->code);
            c->indexed = false;
            c->count = 6; /* one quad: 6 vertices x 2^20 steps on each path */
            c->bools = 1;
            c->ints[0] = 3; /* i0: four iterations */
            uint32_t at = 0;
            c->code[at++] = (uint32_t)PICA_OP_MOV << 26 | 0u << 21 | 0u << 12 | 0x1B; /* mov o0, v0 */
            c->code[at++] = (uint32_t)PICA_OP_MOV << 26 | 1u << 21 | 1u << 12 | 0x1B; /* mov o1, v1 */
            if (k == 0) {
                c->code[at] = pvr_flow3(PICA_OP_JMPU, 0, at, 0); /* jmpu b0, here */
                at++;
            } else if (k == 2) {
                c->code[at] = pvr_flow3(PICA_OP_LOOP, 0, at + 1, 0);
                at++;
                c->code[at++] = (uint32_t)PICA_OP_NOP << 26;
            }
            c->code[at++] = (uint32_t)PICA_OP_END << 26;
            pd_put_vertices(&e, c->v, NVERT);
            tp_cmdbuf b;
            build(&b, c);
            glhle_pica_run_result res;
            glhle_result got = pd_run(&e, &b, &res);
            tp_cmd_free(&b);
            pd_read_color(&e, PD_COLOR, 0, W, H, &img[gpu][k]);
            problems[gpu][k] = res.problems;
            if (got != want[k])
                fail_msg("program %d on the %s path: the run says %s, not %s", k, gpu ? "GPU" : "CPU",
                         glhle_result_string(got), glhle_result_string(want[k]));
        }
        pica_rasterizer_get_stats(e.pica->rasterizer, &rs[gpu]);
        assert_int_equal(glhle_pica_get_shader_stats(e.pica, &ss[gpu]), GLHLE_RESULT_OK);
        pd_env_free(&e);
    }
    for (int k = 0; k < PROGRAMS; k++) {
        assert_int_equal(problems[0][k], problems[1][k]);
        char name[48];
        snprintf(name, sizeof name, "pica_vs_status_p%d", k);
        ts_assert_image(name, &img[0][k], &img[1][k], 0, 0);
        glhle_image_free(&img[0][k]);
        glhle_image_free(&img[1][k]);
    }
    assert_int_equal(problems[0][0], 1);
    assert_int_equal(ss[1].draws_gpu_vertex_shader, PROGRAMS);
    assert_int_equal(rs[1].status_reads, 2); /* the runaway and the LOOP; not the straight program */
    assert_int_equal(rs[0].status_reads, 0);
    print_message("step limit: %u problem(s) on each path; %llu status reads on the GPU path\n", problems[0][0],
                  (unsigned long long)rs[1].status_reads);
    free(c);
}

/* Huge draws on the GPU vertex path go out in GL draws of bounded work
 * (rasterizer.c GL_DRAW_MAX_STEPS) and are charged to the run's shader-step
 * budget as the CPU path charges them (glhle_pica_desc.max_shader_steps_per_run).
 * Nine copies of the grid, 3,456 vertices, one DRAWARRAYS, each vertex its
 * own index, by two programs: `mov o0, v0; mov o1, v1; loop i0 (4
 * iterations) { nop }; end`, which may loop, so its bound is the step limit
 * plus a block, 2^20 + 4096 (pica_vsp_step_bound), and each GL draw takes
 * at most 2^30 / that, to a whole triangle, = 1,020 indices; and the same
 * without the loop, 3 steps, never split. By construction the loop program
 * runs 2 + 1 + 4 + 1 = 8 instructions a vertex, END included. The pictures
 * of the two paths must be equal to the bit, their step counts equal, and
 * with a budget one step above two GL draws' work the GPU path stops after
 * a third GL draw of one triangle (sized by the budget left), at the draw's offset. */
static void huge_draws_split(void **state)
{
    glhle_context *ctx = *state;
    enum { COPIES = 9, N = COPIES * NVERT };
    const uint64_t bound = (1u << 20) + 4096u;
    const uint64_t per = (1ull << 30) / bound / 3 * 3;
    const uint32_t steps_of[2] = {8, 3};
    assert_int_equal(per, 1020);
    case_data *c = malloc(sizeof *c);
    pd_vertex *big = malloc(N * sizeof *big);
    assert_true(c && big);
    for (int k = 0; k < 2; k++) {
        ts_rng r;
        ts_rng_init(&r, 1805u + (unsigned)k);
        for (int copy = 0; copy < COPIES; copy++) { /* the grid with new colours each time */
            random_case(&r, c);
            memcpy(big + copy * NVERT, c->v, sizeof c->v);
        }
        memset(c->code, 0, sizeof c->code);
        c->indexed = false;
        c->clip = false;
        c->count = N;
        c->ints[0] = 3; /* i0.x = 3: four iterations */
        uint32_t at = 0;
        c->code[at++] = (uint32_t)PICA_OP_MOV << 26 | 0u << 21 | 0u << 12 | 0x1B; /* mov o0, v0 */
        c->code[at++] = (uint32_t)PICA_OP_MOV << 26 | 1u << 21 | 1u << 12 | 0x1B; /* mov o1, v1 */
        if (k == 0) {
            c->code[at] = pvr_flow3(PICA_OP_LOOP, 0, at + 1, 0);
            at++;
            c->code[at++] = (uint32_t)PICA_OP_NOP << 26;
        }
        c->code[at++] = (uint32_t)PICA_OP_END << 26;
        const uint64_t need = (uint64_t)N * steps_of[k];
        glhle_image img[2];
        uint64_t splits[2], gl_draws[2];
        for (int gpu = 0; gpu < 2; gpu++) {
            pd_env e;
            pd_env_init_vs(&e, ctx, 1, gpu ? GLHLE_PICA_VERTEX_SHADERS_GPU : GLHLE_PICA_VERTEX_SHADERS_CPU);
            pd_put_vertices(&e, big, N);
            tp_cmdbuf b;
            build(&b, c);
            glhle_pica_run_result res;
            assert_int_equal(pd_run(&e, &b, &res), GLHLE_RESULT_OK);
            assert_int_equal(res.shader_steps, need);
            pd_read_color(&e, PD_COLOR, 0, W, H, &img[gpu]);
            pica_rasterizer_stats rs;
            pica_rasterizer_get_stats(e.pica->rasterizer, &rs);
            splits[gpu] = rs.gl_draw_splits;
            gl_draws[gpu] = rs.gl_draws;
            if (gpu && k == 0) {
                /* a budget of two GL draws' steps and one: the third is not drawn */
                const uint64_t before = rs.gl_draws;
                e.pica->fe.max_steps = 2 * per * steps_of[k] + 1;
                ts_log_clear();
                assert_int_equal(pd_run(&e, &b, &res), GLHLE_RESULT_LIMIT_EXCEEDED);
                assert_true(res.stopped_on_error);
                /* the third holds one triangle: the budget left (a step)
                 * at the second's rate, and one triangle more */
                assert_int_equal(res.shader_steps, 2 * per * steps_of[k] + 3 * steps_of[k]);
                assert_true(ts_log_contains("draw: the budget of"));
                pica_rasterizer_get_stats(e.pica->rasterizer, &rs);
                assert_int_equal(rs.gl_draws - before, 3);
                /* the next run has the whole budget again */
                e.pica->fe.max_steps = need;
                assert_int_equal(pd_run(&e, &b, &res), GLHLE_RESULT_OK);
                assert_int_equal(res.shader_steps, need);
            }
            tp_cmd_free(&b);
            pd_env_free(&e);
        }
        print_message("program %d: %u steps a vertex, %llu GL draws on the GPU path (%llu splits), %llu on the CPU "
                      "path\n",
                      k, steps_of[k], (unsigned long long)gl_draws[1], (unsigned long long)splits[1],
                      (unsigned long long)gl_draws[0]);
        assert_int_equal(splits[0], 0);
        assert_int_equal(splits[1], k == 0 ? (N + per - 1) / per - 1 : 0);
        char name[48];
        snprintf(name, sizeof name, "pica_vs_split_p%d", k);
        ts_assert_image(name, &img[0], &img[1], 0, 0);
        glhle_image_free(&img[0]);
        glhle_image_free(&img[1]);
    }
    free(big);
    free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(random_programs),
        TS_GL_TEST(status_reports),
        TS_GL_TEST(huge_draws_split),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
