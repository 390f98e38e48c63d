/* The PICA draw path with the geometry stage on, three ways in the same
 * run: both shaders in the interpreter (vertex_shaders CPU), both
 * translated with the CPU loading every vertex into input form (the
 * rasterizer's fetch mode off), and both translated with GL reading the
 * attributes from the guest bytes (fetch mode, the default). A frame is
 * DRAWS point-mode draws of VERTS points (vec4 position, colour and
 * texcoord, 68-byte float vertices; the VS moves them through), each point
 * through a geometry shader that emits one triangle (three EMITs, o0 =
 * v0 + c_k with c0-c2 zero, so every triangle has zero area and the
 * rasteriser drops it at setup: the vertex and geometry work is measured),
 * into a 64x64 RGBA8 target; the command list's run and glFinish. Best of
 * --reps frames per way; points per second, and the counters that say
 * which path drew (pica_rasterizer_stats gs_gpu_draws, gs_fetch_draws).
 *   bench_pica_gs_path [--quick] [--reps N] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/pica/draw/rasterizer.h"
#include "backend/pica/pica_instance.h"
#include "support/bench_support.h"
#include "support/pica_draw_support.h"
#include "support/pica_dvlb_writer.h"

#define DRAWS 10
#define VERTS 10000 /* within the 32,768 vertices of one fetch-mode draw */

static void build(tp_cmdbuf *b, uint32_t draws, uint32_t verts)
{
    tp_cmd_init(b);
    pd_target(b, PD_COLOR, 0, 0, 3, 64, 64);
    pd_program(b, 3);
    pd_tev_replace(b, 0, 0);
    tp_cmd1(b, 0x244, 1); /* VSH_COM_MODE: the GS unit has its own configuration */
    pica_dvlb_writer *w = dw_create();
    for (uint32_t k = 0; k < 3; k++) {
        dw_emit(w, dw_op1(w, DW_ADD, DW_O(0, "xyzw"), DW_C(k, "xyzw"), DW_V(0, "xyzw")));
        dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_V(1, "xyzw")));
        dw_emit(w, dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), DW_V(2, "xyzw")));
        dw_emit(w, dw_setemit(k, k == 2, 0));
        dw_emit(w, dw_op0(DW_EMIT));
    }
    dw_emit(w, dw_op0(DW_END));
    tp_upload_program(b, 1, w);
    dw_destroy(w);
    for (uint32_t k = 0; k < 3; k++)
        tp_uniform_f32(b, 1, k, 0, 0, 0, 0);
    pd_gs_config(b, 3, 0); /* point mode, three inputs: one VS vertex an invocation */
    for (uint32_t d = 0; d < draws; d++)
        pd_gs_draw(b, verts, 0, 0);
}

typedef struct way {
    double points_per_s;
    pica_rasterizer_stats rs;
} way;

static way measure(glhle_context *ctx, uint32_t mode, bool fetch, int reps, uint32_t draws, uint32_t verts)
{
    pd_frame f;
    pd_env_init_vs(&f.e, ctx, 1, mode);
    pica_rasterizer_test_set_fetch(f.e.pica->rasterizer, fetch);
    pd_vertex *v = calloc(verts, sizeof *v);
    for (uint32_t i = 0; i < verts; i++) {
        v[i].pos[0] = -0.5f + (float)(i % 100) * 0.01f;
        v[i].pos[1] = -0.5f + (float)(i / 100 % 100) * 0.01f;
        v[i].pos[2] = -0.5f;
        v[i].pos[3] = 1.0f;
        for (int c = 0; c < 4; c++)
            v[i].color[c] = (float)((i + c) % 7) / 7.0f;
        v[i].tc[0] = (float)i;
    }
    pd_put_vertices(&f.e, v, verts);
    free(v);
    build(&f.b, draws, verts);
    pd_frame_run(&f); /* the programs are made here, outside the measurement */
    const uint64_t ns = bench_best_ns(reps, pd_frame_run, &f);
    way out;
    pica_rasterizer_get_stats(f.e.pica->rasterizer, &out.rs);
    out.points_per_s = (double)draws * verts / ((double)ns * 1e-9);
    tp_cmd_free(&f.b);
    pd_env_free(&f.e);
    return out;
}

int main(int argc, char **argv)
{
    const bool quick = bench_quick(argc, argv);
    const int reps = bench_arg_reps(argc, argv, 7);
    const uint32_t draws = quick ? 1 : DRAWS, verts = quick ? 999 : VERTS;
    glhle_context_desc desc = {.mode = GLHLE_CONTEXT_OFFSCREEN, .log_level = GLHLE_LOG_WARN};
    glhle_context *ctx;
    if (glhle_context_create(&desc, &ctx) != GLHLE_RESULT_OK) {
        printf("bench_pica_gs_path: no offscreen GL context; nothing measured\n");
        return 0;
    }
    const way cpu = measure(ctx, GLHLE_PICA_VERTEX_SHADERS_CPU, true, reps, draws, verts);
    const way input = measure(ctx, GLHLE_PICA_VERTEX_SHADERS_GPU, false, reps, draws, verts);
    const way fetch = measure(ctx, GLHLE_PICA_VERTEX_SHADERS_GPU, true, reps, draws, verts);
    printf("bench_pica_gs_path: %u point-mode draws x %u points a frame, best of %d frames\n", draws, verts, reps);
    printf("  CPU (interpreter):  %.2f Mpoints/s (%llu GS draws on the CPU)\n", cpu.points_per_s * 1e-6,
           (unsigned long long)cpu.rs.gs_cpu_draws);
    printf("  GPU, input form:    %.2f Mpoints/s (%llu GS draws on the GPU, %llu fetched)\n",
           input.points_per_s * 1e-6, (unsigned long long)input.rs.gs_gpu_draws,
           (unsigned long long)input.rs.gs_fetch_draws);
    printf("  GPU, GL fetch:      %.2f Mpoints/s (%llu GS draws on the GPU, %llu fetched)\n",
           fetch.points_per_s * 1e-6, (unsigned long long)fetch.rs.gs_gpu_draws,
           (unsigned long long)fetch.rs.gs_fetch_draws);
    printf("  GL fetch / CPU: %.2fx, GL fetch / input form: %.2fx\n", fetch.points_per_s / cpu.points_per_s,
           fetch.points_per_s / input.points_per_s);
    glhle_context_destroy(ctx);
    /* each way drew as it says: every draw of the last two on the GPU, the
     * last one's all fetched and the one before's none */
    const bool ok = cpu.rs.gs_gpu_draws == 0 && input.rs.gs_gpu_draws > 0 && input.rs.gs_fetch_draws == 0 &&
                    fetch.rs.gs_fetch_draws > 0 && fetch.rs.gs_fetch_draws == fetch.rs.gs_gpu_draws &&
                    input.rs.gs_cpu_draws == 0 && fetch.rs.gs_cpu_draws == 0;
    return ok ? 0 : 1;
}
