/* The shader interpreter on the two programs of docs/performance.md: a
 * homebrew-style transform (4-row matrix multiply with dp4, movs and an ex2,
 * 10 words) and a synthetic 60-word lighting-style program (normal
 * transform, normalise, two diffuse and specular lights with lg2/ex2, fog,
 * texture-coordinate math). Reports vertices/s, ns per executed PICA
 * instruction, and for the transform the ratio to the same math written in
 * C in the same run.
 *   bench_shader_vm [--quick] [--program transform|lighting|pipeline] [--vertices N] [--reps N] [--single]
 * "pipeline" draws a 256x256 indexed grid through a command list and the
 * whole geometry pipeline (primitive.c) with the transform program.
 * Vertices go through pica_vm_run_batch (inputs copied in, outputs out);
 * --single calls pica_vm_run once per vertex and copies here instead.
 * For callgrind host instructions per PICA instruction:
 *   valgrind --tool=callgrind --toggle-collect=run bench_shader_vm --program P --vertices 20000 --reps 1
 *   valgrind --tool=callgrind --toggle-collect=pica_vm_run bench_shader_vm --single --program P ...
 * and divide the total Ir by the instructions run: "executed" counts one
 * pass, and the warm-up pass runs too, so twice that. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/pica_instance.h"
#include "backend/pica/shader/primitive.h"
#include "backend/pica/shader/shader_vm.h"
#include "backend/pica/shader/shbin.h"
#include "support/bench_support.h"
#include "support/pica_dvlb_writer.h"
#include "support/pica_support.h"

typedef struct program {
    const char *name;
    pica_shader_setup setup;
    pica_vm_program *prog;
    unsigned inputs, outputs;
} program;

static void load(program *p, pica_dvlb_writer *w)
{
    dw_dvle(w, 0, 0, dw_here(w));
    size_t size;
    uint8_t *file = dw_finish(w, &size);
    pica_shbin s;
    if (pica_shbin_parse(file, size, NULL, &s) != GLHLE_RESULT_OK ||
        pica_shbin_load_setup(&s, 0, &p->setup, NULL) != GLHLE_RESULT_OK) {
        fprintf(stderr, "bench_shader_vm: could not build %s\n", p->name);
        exit(1);
    }
    pica_shbin_free(&s);
    free(file);
    p->prog = malloc(PICA_VM_PROGRAM_SIZE);
    pica_vm_decode(p->prog, p->setup.code, p->setup.opdesc);
}

static void uniform(program *p, unsigned n, float x, float y, float z, float w)
{
    p->setup.float_uniforms[n][0] = x;
    p->setup.float_uniforms[n][1] = y;
    p->setup.float_uniforms[n][2] = z;
    p->setup.float_uniforms[n][3] = w;
}

static const float matrix[4][4] = {
    {0.5f, 0.1f, 0.0f, -1.0f}, {0.0f, 0.8f, 0.2f, -0.5f}, {0.1f, 0.0f, -0.9f, 0.3f}, {0.0f, 0.05f, 0.0f, 1.0f}};

/* mov r0.xyz, v0 ; mov r0.w, one ; dp4 o0.x..w, c0..c3, r0 ; mul r1.x, fog, v0.z ;
 * ex2 o2.x, -r1.x ; mov o1, v1 ; end */
static void build_transform(program *p)
{
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(0, "xyz"), DW_V(0, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(0, "w"), DW_C(19, "y")));
    static const char *const lane[4] = {"x", "y", "z", "w"};
    for (unsigned i = 0; i < 4; i++)
        dw_emit(w, dw_op1(w, DW_DP4, DW_O(0, lane[i]), DW_C(i, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_op1(w, DW_MUL, DW_RD(1, "x"), DW_C(20, "x"), DW_V(0, "z")));
    dw_emit(w, dw_op1u(w, DW_EX2, DW_O(2, "x"), dw_neg(DW_R(1, "x"))));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_V(1, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
    load(p, w);
    dw_destroy(w);
    for (unsigned i = 0; i < 4; i++)
        uniform(p, i, matrix[i][0], matrix[i][1], matrix[i][2], matrix[i][3]);
    uniform(p, 19, 0, 1, 0.5f, 2);
    uniform(p, 20, 0.25f, 0, 0, 0);
    p->inputs = 2;
    p->outputs = 3;
}

static void build_lighting(program *p)
{
    pica_dvlb_writer *w = dw_create();
#define E(x) dw_emit(w, (x))
    static const char *const lane[4] = {"x", "y", "z", "w"};
    E(dw_op1u(w, DW_MOV, DW_RD(0, "xyz"), DW_V(0, "xyzw")));
    E(dw_op1u(w, DW_MOV, DW_RD(0, "w"), DW_C(19, "y")));
    for (unsigned i = 0; i < 4; i++) /* view position */
        E(dw_op1(w, DW_DP4, DW_RD(1, lane[i]), DW_C(i, "xyzw"), DW_R(0, "xyzw")));
    for (unsigned i = 0; i < 4; i++) /* clip position */
        E(dw_op1(w, DW_DP4, DW_O(0, lane[i]), DW_C(4 + i, "xyzw"), DW_R(1, "xyzw")));
    for (unsigned i = 0; i < 3; i++) /* normal to view space */
        E(dw_op1(w, DW_DP3, DW_RD(2, lane[i]), DW_C(8 + i, "xyzw"), DW_V(1, "xyzw")));
    E(dw_op1(w, DW_DP3, DW_RD(3, "x"), DW_R(2, "xyzw"), DW_R(2, "xyzw")));
    E(dw_op1u(w, DW_RSQ, DW_RD(3, "x"), DW_R(3, "x")));
    E(dw_op1(w, DW_MUL, DW_RD(2, "xyz"), DW_R(2, "xyzw"), DW_R(3, "xxxx")));
    E(dw_op1(w, DW_DP3, DW_RD(4, "x"), DW_C(11, "xyzw"), DW_R(2, "xyzw"))); /* n.l */
    E(dw_op1(w, DW_DP3, DW_RD(4, "y"), DW_C(12, "xyzw"), DW_R(2, "xyzw")));
    E(dw_op1(w, DW_MAX, DW_RD(4, "xy"), DW_C(19, "xxxx"), DW_R(4, "xyzw")));
    E(dw_op1(w, DW_MUL, DW_RD(5, "xyzw"), DW_C(13, "xyzw"), DW_R(4, "xxxx")));
    E(dw_mad(w, DW_RD(5, "xyzw"), DW_R(4, "yyyy"), DW_C(14, "xyzw"), DW_R(5, "xyzw")));
    E(dw_op1(w, DW_ADD, DW_RD(5, "xyzw"), DW_C(15, "xyzw"), DW_R(5, "xyzw")));
    E(dw_op1(w, DW_DP3, DW_RD(6, "x"), DW_C(16, "xyzw"), DW_R(2, "xyzw"))); /* n.h */
    E(dw_op1(w, DW_DP3, DW_RD(6, "y"), DW_C(17, "xyzw"), DW_R(2, "xyzw")));
    E(dw_op1(w, DW_MAX, DW_RD(6, "xy"), DW_C(19, "xxxx"), DW_R(6, "xyzw")));
    E(dw_op1u(w, DW_LG2, DW_RD(7, "x"), DW_R(6, "x")));
    E(dw_op1u(w, DW_LG2, DW_RD(7, "y"), DW_R(6, "y")));
    E(dw_op1(w, DW_MUL, DW_RD(7, "xy"), DW_C(18, "xxxx"), DW_R(7, "xyzw")));
    E(dw_op1u(w, DW_EX2, DW_RD(8, "x"), DW_R(7, "x")));
    E(dw_op1u(w, DW_EX2, DW_RD(8, "y"), DW_R(7, "y")));
    E(dw_op1(w, DW_ADD, DW_RD(8, "x"), DW_R(8, "xxxx"), DW_R(8, "yyyy")));
    E(dw_mad(w, DW_RD(5, "xyz"), DW_R(8, "xxxx"), DW_C(19, "zzzz"), DW_R(5, "xyzw")));
    E(dw_op1(w, DW_MUL, DW_RD(5, "xyzw"), DW_V(2, "xyzw"), DW_R(5, "xyzw")));
    E(dw_op1(w, DW_MIN, DW_RD(5, "xyzw"), DW_C(19, "yyyy"), DW_R(5, "xyzw")));
    E(dw_op1(w, DW_MAX, DW_RD(5, "xyzw"), DW_C(19, "xxxx"), DW_R(5, "xyzw")));
    E(dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_R(5, "xyzw")));
    E(dw_op1u(w, DW_MOV, DW_O(2, "xy"), DW_V(3, "xyzw")));
    E(dw_op1(w, DW_MUL, DW_RD(9, "xy"), DW_C(19, "wwww"), DW_V(3, "xyzw")));
    E(dw_op1u(w, DW_FLR, DW_RD(10, "xy"), DW_R(9, "xyzw")));
    E(dw_op1(w, DW_ADD, DW_RD(9, "xy"), DW_R(9, "xyzw"), dw_neg(DW_R(10, "xyzw"))));
    E(dw_op1u(w, DW_MOV, DW_O(3, "xy"), DW_R(9, "xyzw")));
    E(dw_op1(w, DW_DP4, DW_RD(11, "x"), DW_C(20, "xyzw"), DW_R(1, "xyzw"))); /* fog */
    E(dw_op1(w, DW_MUL, DW_RD(11, "x"), DW_C(20, "wwww"), DW_R(11, "xxxx")));
    E(dw_op1u(w, DW_EX2, DW_RD(11, "x"), dw_neg(DW_R(11, "x"))));
    E(dw_op1(w, DW_MIN, DW_RD(11, "x"), DW_C(19, "yyyy"), DW_R(11, "xxxx")));
    E(dw_op1u(w, DW_MOV, DW_O(4, "x"), DW_R(11, "x")));
    E(dw_op1(w, DW_SGE, DW_RD(12, "xyzw"), DW_R(1, "xyzw"), DW_C(19, "xxxx"))); /* sgei */
    E(dw_op1(w, DW_SLT, DW_RD(13, "xyzw"), DW_R(1, "xyzw"), DW_C(19, "xxxx"))); /* slti */
    E(dw_op1(w, DW_ADD, DW_RD(12, "xyzw"), DW_R(12, "xyzw"), dw_neg(DW_R(13, "xyzw"))));
    E(dw_op1u(w, DW_MOV, DW_O(5, "xyzw"), DW_R(12, "xyzw")));
    E(dw_op1(w, DW_DP3, DW_RD(14, "x"), DW_R(1, "xyzw"), DW_R(1, "xyzw"))); /* view vector */
    E(dw_op1u(w, DW_RSQ, DW_RD(14, "x"), DW_R(14, "x")));
    E(dw_op1(w, DW_MUL, DW_RD(14, "xyz"), dw_neg(DW_R(1, "xyzw")), DW_R(14, "xxxx")));
    E(dw_op1u(w, DW_MOV, DW_O(6, "xyz"), DW_R(14, "xyzw")));
    E(dw_op1u(w, DW_MOV, DW_O(6, "w"), DW_C(19, "y")));
    E(dw_op1(w, DW_DPH, DW_RD(15, "x"), DW_R(2, "xyzw"), DW_C(11, "xyzw"))); /* dphi */
    E(dw_op1(w, DW_ADD, DW_O(4, "y"), DW_C(19, "yyyy"), DW_R(15, "xxxx")));
    E(dw_op1u(w, DW_MOV, DW_O(4, "zw"), DW_C(19, "x")));
    E(dw_op0(DW_NOP));
    E(dw_op0(DW_END));
#undef E
    if (dw_here(w) != 60) {
        fprintf(stderr, "bench_shader_vm: the lighting program has %u words, not 60\n", dw_here(w));
        exit(1);
    }
    load(p, w);
    dw_destroy(w);
    for (unsigned i = 0; i < 4; i++) {
        uniform(p, i, matrix[i][0], matrix[i][1], matrix[i][2], matrix[i][3]);
        uniform(p, 4 + i, matrix[3 - i][0], matrix[3 - i][1], matrix[3 - i][2], matrix[3 - i][3]);
    }
    for (unsigned i = 0; i < 3; i++)
        uniform(p, 8 + i, matrix[i][0], matrix[i][1], matrix[i][2], 0);
    uniform(p, 11, 0.0f, 0.6f, 0.8f, 0);
    uniform(p, 12, 0.8f, 0.0f, 0.6f, 0);
    uniform(p, 13, 0.9f, 0.8f, 0.7f, 1);
    uniform(p, 14, 0.2f, 0.3f, 0.5f, 1);
    uniform(p, 15, 0.1f, 0.1f, 0.1f, 0);
    uniform(p, 16, 0.0f, 0.7071f, 0.7071f, 0);
    uniform(p, 17, 0.7071f, 0.0f, 0.7071f, 0);
    uniform(p, 18, 16.0f, 0, 0, 0);
    uniform(p, 19, 0, 1, 0.5f, 2);
    uniform(p, 20, 0.0f, 0.0f, -1.0f, 0.125f);
    p->inputs = 4;
    p->outputs = 7;
}

typedef struct run_arg {
    program *p;
    pica_vm_unit *unit;
    const float (*in)[4]; /* count * p->inputs registers */
    float (*out)[4];      /* count * p->outputs registers */
    size_t count;
    uint32_t status;
} run_arg;

/* one pica_vm_run per vertex, inputs and outputs copied here (so a profile
 * of pica_vm_run sees only the interpreter) */
static void run_single(void *arg)
{
    run_arg *a = arg;
    pica_vm_unit *u = a->unit;
    unsigned ni = a->p->inputs, no = a->p->outputs;
    uint32_t status = 0;
    for (size_t i = 0; i < a->count; i++) {
        memcpy(pica_vm_input(u, 0), a->in[i * ni], 16 * ni);
        status |= pica_vm_run(u, a->p->prog, a->p->setup.entry_point);
        memcpy(a->out[i * no], pica_vm_output(u, 0), 16 * no);
    }
    a->status = status;
}

static bool single;

static void run_vertices(void *arg)
{
    run_arg *a = arg;
    if (single) {
        run_single(a);
        return;
    }
    pica_vm_batch b = {a->in, a->p->inputs, a->out, (uint16_t)((1u << a->p->outputs) - 1), (uint32_t)a->count};
    a->status = pica_vm_run_batch(a->unit, a->p->prog, a->p->setup.entry_point, &b);
}

/* the transform in plain C, with the interpreter's operation order */
static void native_transform(void *arg)
{
    run_arg *a = arg;
    for (size_t i = 0; i < a->count; i++) {
        const float *v = a->in[2 * i];
        float r[4] = {v[0], v[1], v[2], 1.0f}, *o = a->out[3 * i];
        for (int k = 0; k < 4; k++)
            o[k] = ((matrix[k][0] * r[0] + matrix[k][1] * r[1]) + matrix[k][2] * r[2]) + matrix[k][3] * r[3];
        memcpy(o + 4, a->in[2 * i + 1], 16);
        o[8] = exp2f(-(0.25f * v[2]));
    }
}

static void bench(program *p, size_t n, int reps, bool quick)
{
    float (*in)[4] = malloc(n * p->inputs * sizeof *in);
    float (*out)[4] = calloc(n * p->outputs, sizeof *out);
    float (*ref)[4] = calloc(n * p->outputs, sizeof *ref);
    if (!in || !out || !ref) {
        fprintf(stderr, "bench_shader_vm: out of memory\n");
        exit(1);
    }
    for (size_t i = 0; i < n * p->inputs; i++)
        for (int c = 0; c < 4; c++)
            in[i][c] = (float)((i * 7 + (size_t)c * 29) % 1000) / 500.0f - 0.9f;
    pica_vm_unit *u = aligned_alloc(64, (sizeof *u + 63) & ~(size_t)63);
    pica_vm_unit_init(u, false);
    pica_vm_unit_load_uniforms(u, &p->setup);
    run_arg a = {p, u, (const float (*)[4])in, out, n, 0};
    u->steps = 0;
    run_vertices(&a); /* warm up, and count instructions */
    uint64_t executed = u->steps;
    uint64_t ns = bench_best_ns(reps, run_vertices, &a);
    if (a.status) {
        fprintf(stderr, "bench_shader_vm: %s stopped with status 0x%X\n", p->name, a.status);
        exit(1);
    }
    double per_vertex = (double)executed / (double)n;
    printf("%-9s %7.1f instructions/vertex  %8.2f Mvertices/s  %6.2f ns/instruction  (executed %llu)\n", p->name,
           per_vertex, (double)n / ((double)ns / 1e9) / 1e6, (double)ns / (double)executed,
           (unsigned long long)executed);
    if (!strcmp(p->name, "transform")) {
        run_arg b = {p, u, (const float (*)[4])in, ref, n, 0};
        uint64_t nns = bench_best_ns(reps, native_transform, &b);
        for (size_t i = 0; i < n; i++)
            if (memcmp(ref[3 * i], out[3 * i], 32) || ref[3 * i + 2][0] != out[3 * i + 2][0]) {
                fprintf(stderr, "bench_shader_vm: interpreter and C differ at vertex %zu\n", i);
                exit(1);
            }
        printf("          the same math in C: %.2f Mvertices/s; interpreter / C time = %.1fx\n",
               (double)n / ((double)nns / 1e9) / 1e6, (double)ns / (double)nns);
    }
    bench_consume(out, n * p->outputs * sizeof *out);
    (void)quick;
    free(u);
    free(in);
    free(out);
    free(ref);
}

/* ---- the whole geometry pipeline: a DRAWELEMENTS of a side x side grid ---- */

static uint64_t pipeline_vertices_out, pipeline_indices_out;

static void count_output(void *user, const pica_draw_output *out)
{
    (void)user;
    pipeline_vertices_out += out->vertex_count;
    pipeline_indices_out += out->index_count;
}

typedef struct pipeline_arg {
    glhle_pica *pica;
    const uint32_t *words;
    size_t n;
} pipeline_arg;

static void run_list(void *arg)
{
    pipeline_arg *a = arg;
    if (glhle_pica_run_cmdlist(a->pica, a->words, a->n, NULL) != GLHLE_RESULT_OK)
        exit(1);
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* The transform program drawing an indexed grid: position float x3 and
 * colour ubyte x4 per vertex, u16 indices, two triangles per cell, so most
 * vertices are used six times and the post-vertex cache shades each once. */
static void bench_pipeline(program *t, uint32_t side, int reps)
{
    uint32_t nv = side * side, cells = (side - 1) * (side - 1), ni = cells * 6;
    size_t vram_size = (size_t)nv * 16 + (size_t)ni * 2 + 0x100;
    uint8_t *vram = calloc(1, vram_size);
    glhle_pica *pica;
    glhle_pica_desc pd = {0};
    pica_pipeline *pl;
    pica_pipeline_desc d = {.vertex_capacity = nv + 16, .on_output = count_output};
    if (!vram || glhle_pica_create(NULL, &pd, &pica) != GLHLE_RESULT_OK ||
        glhle_pica_map_memory(pica, 0x20000000, vram, vram_size) != GLHLE_RESULT_OK ||
        pica_pipeline_create(&d, NULL, &pl) != GLHLE_RESULT_OK) {
        fprintf(stderr, "bench_shader_vm: pipeline setup failed\n");
        exit(1);
    }
    pica_pipeline_attach(pl, pica);
    for (uint32_t y = 0; y < side; y++)
        for (uint32_t x = 0; x < side; x++) {
            float pos[3] = {(float)x, (float)y, 0.5f};
            uint8_t *v = vram + 16 * ((size_t)y * side + x);
            memcpy(v, pos, 12);
            v[12] = (uint8_t)x, v[13] = (uint8_t)y, v[14] = 0, v[15] = 255;
        }
    uint16_t *idx = (uint16_t *)(void *)(vram + (size_t)nv * 16);
    for (uint32_t y = 0, k = 0; y + 1 < side; y++)
        for (uint32_t x = 0; x + 1 < side; x++) {
            uint16_t a = (uint16_t)(y * side + x), b = (uint16_t)(a + 1), c = (uint16_t)(a + side), e = (uint16_t)(c + 1);
            idx[k++] = a, idx[k++] = b, idx[k++] = c, idx[k++] = c, idx[k++] = b, idx[k++] = e;
        }
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_cmd1(&b, 0x2CB, 0);
    tp_cmd(&b, 0x2CC, 0xF, false, t->setup.code, 10);
    tp_cmd1(&b, 0x2D5, 0);
    tp_cmd(&b, 0x2D6, 0xF, false, t->setup.opdesc, 8);
    tp_cmd1(&b, 0x2BA, 0x7FFF0000u | t->setup.entry_point);
    for (uint32_t c = 0; c < 21; c++) {
        const float *u = t->setup.float_uniforms[c];
        tp_cmd1(&b, 0x2C0, 0x80000000u | c);
        const uint32_t w[4] = {fbits(u[3]), fbits(u[2]), fbits(u[1]), fbits(u[0])};
        tp_cmd(&b, 0x2C1, 0xF, false, w, 4);
    }
    tp_cmd1(&b, 0x2B9, 0xA0000001u);
    tp_cmd1(&b, 0x242, 1);
    tp_cmd1(&b, 0x2BB, 0x10);
    tp_cmd1(&b, 0x2BD, 0x7);
    tp_cmd1(&b, 0x04F, 3);
    tp_cmd1(&b, 0x050, 0x03020100);
    tp_cmd1(&b, 0x051, 0x0B0A0908);
    tp_cmd1(&b, 0x052, 0x1F1F1F10);
    tp_cmd1(&b, 0x200, 0x20000000u >> 3);
    tp_cmd1(&b, 0x201, (3u | 2u << 2) | (1u | 3u << 2) << 4);
    tp_cmd1(&b, 0x202, 1u << 28);
    tp_cmd1(&b, 0x203, 0);
    tp_cmd1(&b, 0x204, 0x10);
    tp_cmd1(&b, 0x205, 16u << 16 | 2u << 28);
    tp_cmd1(&b, 0x25E, 3);
    tp_cmd1(&b, 0x25F, 1);
    tp_cmd1(&b, 0x227, nv * 16 | 1u << 31);
    tp_cmd1(&b, 0x228, ni);
    tp_cmd1(&b, 0x22F, 1);
    tp_cmd_finalize(&b);
    pipeline_arg a = {pica, b.w, b.n};
    run_list(&a);
    pica_pipeline_stats st = pica_pipeline_get_stats(pl);
    uint64_t ns = bench_best_ns(reps, run_list, &a);
    printf("pipeline  indexed grid %ux%u: %u indices, %llu vertex-shader runs (%.2f per vertex), %llu triangles\n"
           "          %.2f Mindices/s, %.2f Mtriangles/s through load, shade, map and assembly\n",
           side, side, ni, (unsigned long long)st.vs_invocations, (double)st.vs_invocations / nv,
           (unsigned long long)st.triangles, (double)ni / ((double)ns / 1e9) / 1e6,
           (double)(ni / 3) / ((double)ns / 1e9) / 1e6);
    bench_consume(&pipeline_indices_out, sizeof pipeline_indices_out);
    tp_cmd_free(&b);
    pica_pipeline_destroy(pl);
    glhle_pica_destroy(pica);
    free(vram);
}

int main(int argc, char **argv)
{
    bool quick = bench_quick(argc, argv);
    const char *only = NULL;
    size_t n = quick ? 2000 : 1000000;
    int reps = quick ? 1 : 5;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--program") && i + 1 < argc)
            only = argv[++i];
        else if (!strcmp(argv[i], "--vertices") && i + 1 < argc)
            n = strtoul(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--single"))
            single = true;
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
    }
    if (reps < 1)
        reps = 1;
    if (n == 0)
        n = 1;
    static program progs[2] = {{.name = "transform"}, {.name = "lighting"}};
    build_transform(&progs[0]);
    build_lighting(&progs[1]);
    printf("bench_shader_vm: %zu vertices, best of %d\n", n, reps);
    for (int i = 0; i < 2; i++)
        if (!only || !strcmp(only, progs[i].name))
            bench(&progs[i], n, reps, quick);
    if (!only || !strcmp(only, "pipeline"))
        bench_pipeline(&progs[0], quick ? 16 : 256, reps);
    for (int i = 0; i < 2; i++)
        free(progs[i].prog);
    return 0;
}
