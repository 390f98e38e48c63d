/* The PICA draw path with its vertex shaders on the CPU (the interpreter)
 * and on the GPU (translated to GLSL, glhle_pica_desc.vertex_shaders), in
 * the same run: a frame of DRAWS non-indexed triangle-list draws of
 * VERTS vertices each (100,020 vertex-shader invocations a frame, no
 * post-vertex cache), each vertex through a 4x4 transform (four dp4, two
 * mov, end), into a 64x64 RGBA8 target; each triangle's vertices share a
 * position, so the rasteriser drops them at setup and its share stays small. A frame is the command list's run
 * and glFinish. Best of --reps frames per path; vertices per second and the
 * ratio, and the counters that say which path drew.
 *   bench_pica_vs_path [--quick] [--reps N] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/pica/shader/shader_isa.h"
#include "glhle/shader_cache.h"
#include "support/bench_support.h"
#include "support/pica_draw_support.h"

#define DRAWS 10
#define VERTS 10002

static void build(tp_cmdbuf *b, uint32_t draws, uint32_t verts)
{
    tp_cmd_init(b);
    pd_target(b, PD_COLOR, 0, 0, 3, 64, 64);
    pd_program(b, 3);
    pd_tev_replace(b, 0, 0);
    /* dp4 o0.c, c_k, v0 for each lane; mov o1, v1; mov o2, v2; end
     * (3dbrew GPU/Shader_Instruction_Set: DP4 0x02, MOV 0x13, END 0x22) */
    uint32_t code[7];
    for (uint32_t k = 0; k < 4; k++)
        code[k] = (uint32_t)PICA_OP_DP4 << 26 | 0u << 21 | (0x20u + k) << 12 | 0u << 7 | (1u + k);
    code[4] = (uint32_t)PICA_OP_MOV << 26 | 1u << 21 | 1u << 12 | 0u;
    code[5] = (uint32_t)PICA_OP_MOV << 26 | 2u << 21 | 2u << 12 | 0u;
    code[6] = (uint32_t)PICA_OP_END << 26;
    tp_cmd1(b, 0x2CB, 0);
    tp_cmd(b, 0x2CC, 0xF, false, code, 7);
    tp_cmd1(b, 0x2BF, 1);
    /* descriptor 0: xyzw, swizzles xyzw; 1-4: the same with mask x, y, z, w */
    uint32_t desc[5];
    desc[0] = 0xF | 0x1Bu << 5 | 0x1Bu << 14;
    for (uint32_t k = 0; k < 4; k++)
        desc[k + 1] = (8u >> k) | 0x1Bu << 5 | 0x1Bu << 14;
    tp_cmd1(b, 0x2D5, 0);
    tp_cmd(b, 0x2D6, 0xF, false, desc, 5);
    /* c0-c3: a scale by 0.5 (f32 uniforms, w z y x) */
    for (uint32_t k = 0; k < 4; k++) {
        float row[4] = {0, 0, 0, 0};
        row[k] = k == 3 ? 1.0f : 0.5f;
        uint32_t w[4];
        for (int c = 0; c < 4; c++)
            memcpy(&w[c], &row[3 - c], 4);
        tp_cmd1(b, 0x2C0, 0x80000000u | k);
        tp_cmd(b, 0x2C1, 0xF, false, w, 4);
    }
    for (uint32_t d = 0; d < draws; d++)
        pd_draw(b, 0, verts, 0);
}

static double measure(glhle_context *ctx, uint32_t mode, int reps, uint32_t draws, uint32_t verts,
                      glhle_shader_stats *st)
{
    pd_frame f;
    pd_env_init_vs(&f.e, ctx, 1, mode);
    pd_vertex *v = calloc(verts, sizeof *v);
    for (uint32_t i = 0; i < verts; i++) {
        /* the three vertices of a triangle on one point: zero area, so
         * the rasteriser drops it at setup and the vertex work is measured */
        v[i].pos[0] = -0.5f + (float)(i / 3 % 100) * 0.01f;
        v[i].pos[1] = -0.5f + (float)(i / 300 % 100) * 0.01f;
        v[i].pos[2] = -0.5f;
        v[i].pos[3] = 1.0f;
        for (int c = 0; c < 4; c++)
            v[i].color[c] = (float)((i + c) % 7) / 7.0f;
    }
    pd_put_vertices(&f.e, v, verts);
    free(v);
    build(&f.b, draws, verts);
    pd_frame_run(&f); /* the program is made here, outside the measurement */
    uint64_t ns = bench_best_ns(reps, pd_frame_run, &f);
    glhle_pica_get_shader_stats(f.e.pica, st);
    tp_cmd_free(&f.b);
    pd_env_free(&f.e);
    return (double)draws * verts / ((double)ns * 1e-9);
}

int main(int argc, char **argv)
{
    const bool quick = bench_quick(argc, argv);
    const int reps = bench_arg_reps(argc, argv, 7);
    const uint32_t draws = quick ? 1 : DRAWS, verts = quick ? 999 : VERTS;
    glhle_context_desc desc = {.mode = GLHLE_CONTEXT_OFFSCREEN, .log_level = GLHLE_LOG_WARN};
    glhle_context *ctx;
    if (glhle_context_create(&desc, &ctx) != GLHLE_RESULT_OK) {
        printf("bench_pica_vs_path: no offscreen GL context; nothing measured\n");
        return 0;
    }
    glhle_shader_stats sc, sg;
    const double cpu = measure(ctx, GLHLE_PICA_VERTEX_SHADERS_CPU, reps, draws, verts, &sc);
    const double gpu = measure(ctx, GLHLE_PICA_VERTEX_SHADERS_GPU, reps, draws, verts, &sg);
    printf("bench_pica_vs_path: %u draws x %u vertices a frame, best of %d frames\n", draws, verts, reps);
    printf("  CPU vertex path: %.2f Mvert/s (%llu draws on it)\n", cpu * 1e-6,
           (unsigned long long)sc.draws_cpu_vertex_shader);
    printf("  GPU vertex path: %.2f Mvert/s (%llu draws on it, %llu on the CPU path)\n", gpu * 1e-6,
           (unsigned long long)sg.draws_gpu_vertex_shader, (unsigned long long)sg.draws_cpu_vertex_shader);
    printf("  GPU / CPU: %.2fx\n", gpu / cpu);
    glhle_context_destroy(ctx);
    return sg.draws_gpu_vertex_shader ? 0 : 1;
}
