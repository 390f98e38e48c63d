/* A PICA vertex program run by the CPU interpreter (pica_vm_run_batch) and as
 * its GLSL translation (backend/pica/shader/shader_glsl.c) on the GL driver
 * (llvmpipe here), in the same run: vertices per second both ways and their
 * ratio. The program: a 4x4 transform (four dp4) of v0, v1 copied to o1,
 * end (6 words). The GPU side draws GL_POINTS with rasterizer discard and
 * writes the capture buffer (o0-o15, status, steps: 272 bytes a vertex), so
 * it includes that write and glFinish; the interpreter side copies its
 * outputs (two registers) out.
 *   bench_pica_vs_glsl [--quick] [--vertices N] [--reps N] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/gl/gl_util.h"
#include "backend/pica/shader/shader_glsl.h"
#include "backend/pica/shader/shader_isa.h"
#include "backend/pica/shader/shader_vm.h"
#include "support/bench_support.h"

typedef struct gpu_run {
    glhle_context *ctx;
    GLuint prog;
    uint32_t vertices;
} gpu_run;

static void run_gpu(void *arg)
{
    gpu_run *g = arg;
    GladGLContext *gl = &g->ctx->gl;
    gl->DrawArrays(GL_POINTS, 0, (GLsizei)g->vertices);
    gl->Finish();
}

typedef struct cpu_run {
    pica_vm_unit *u;
    pica_vm_program *p;
    pica_vm_batch b;
} cpu_run;

static void run_cpu(void *arg)
{
    cpu_run *c = arg;
    pica_vm_run_batch(c->u, c->p, 0, &c->b);
}

int main(int argc, char **argv)
{
    bool quick = bench_quick(argc, argv);
    uint32_t vertices = quick ? 1000 : 100000;
    int reps = quick ? 1 : 5;
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--vertices"))
            vertices = (uint32_t)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--reps"))
            reps = atoi(argv[++i]);
    }
    if (vertices == 0 || vertices > 1000000 || reps < 1) {
        fprintf(stderr, "bench_pica_vs_glsl: --vertices 1..1000000, --reps >= 1\n");
        return 2;
    }
    static uint32_t code[PICA_SHADER_CODE_WORDS], opdesc[PICA_SHADER_OPDESC_WORDS];
    /* descriptor 0: .x = src1.xyzw, src2.xyzw; 1..3 the same for .y .z .w;
     * 4: .xyzw */
    for (unsigned c = 0; c < 4; c++)
        opdesc[c] = (8u >> c) | 0x1Bu << 5 | 0x1Bu << 14;
    opdesc[4] = 0xF | 0x1Bu << 5;
    for (unsigned c = 0; c < 4; c++) /* dp4 o0.<c>, c<c>, v0 */
        code[c] = (uint32_t)PICA_OP_DP4 << 26 | 0u << 21 | (0x20u + c) << 12 | 0u << 7 | c;
    code[4] = (uint32_t)PICA_OP_MOV << 26 | 1u << 21 | 1u << 12 | 4u; /* mov o1, v1 */
    code[5] = (uint32_t)PICA_OP_END << 26;
    static pica_vsp_uniforms un;
    for (unsigned r = 0; r < 4; r++)
        for (unsigned k = 0; k < 4; k++)
            un.c[r][k] = r == k ? 0.5f : 0.125f * (float)k;
    float (*in)[4] = malloc((size_t)vertices * 2 * 16), (*out)[4] = malloc((size_t)vertices * 2 * 16);
    if (!in || !out)
        return 1;
    for (uint32_t v = 0; v < vertices; v++)
        for (unsigned k = 0; k < 4; k++) {
            in[2 * v][k] = (float)(v % 97) * 0.01f + (float)k;
            in[2 * v + 1][k] = (float)k * 0.25f;
        }

    /* the interpreter */
    pica_vm_program *p = malloc(PICA_VM_PROGRAM_SIZE);
    static pica_vm_unit u;
    pica_vm_decode(p, code, opdesc);
    pica_vm_unit_init(&u, false);
    memcpy(u.reg[PICA_VM_SLOT_C], un.c, sizeof un.c);
    cpu_run c = {&u, p, {(const float(*)[4])in, 2, out, 0x3, vertices}};
    run_cpu(&c);
    uint64_t cpu_ns = bench_best_ns(reps, run_cpu, &c);

    /* the translation */
    glhle_context_desc desc = {.mode = GLHLE_CONTEXT_OFFSCREEN, .log_level = GLHLE_LOG_WARN};
    glhle_context *ctx;
    if (glhle_context_create(&desc, &ctx) != GLHLE_RESULT_OK) {
        printf("bench_pica_vs_glsl: no offscreen GL context; interpreter %.2f Mvert/s\n",
               (double)vertices / ((double)cpu_ns / 1e9) / 1e6);
        return 0;
    }
    GladGLContext *gl = &ctx->gl;
    pica_vsp_desc d = {.code = code, .opdesc = opdesc, .input_count = 2, .input_register = {0, 1},
                       .output = PICA_VSP_OUTPUT_CAPTURE};
    glhle_bytebuf vs;
    glhle_bytebuf_init(&vs, 0);
    char why[160];
    gpu_run g = {ctx, 0, vertices};
    gl_target target;
    if (!pica_vsp_generate(&d, &vs, NULL, why, sizeof why) || !glhle_bytebuf_append_u8(&vs, 0) ||
        gl_link_program(ctx, (const char *)vs.data, "#version 450 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n",
                        &g.prog) != GLHLE_RESULT_OK ||
        gl_target_create(ctx, 4, 4, false, &target) != GLHLE_RESULT_OK) {
        fprintf(stderr, "bench_pica_vs_glsl: the translation does not build: %s\n", why);
        return 1;
    }
    GLuint vao, buf[3];
    gl->GenVertexArrays(1, &vao);
    gl->BindVertexArray(vao);
    gl->GenBuffers(3, buf);
    gl->BindBuffer(GL_ARRAY_BUFFER, buf[0]);
    gl->BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)vertices * 32, in, GL_STATIC_DRAW);
    for (unsigned a = 0; a < 2; a++) {
        gl->EnableVertexAttribArray(a);
        gl->VertexAttribPointer(a, 4, GL_FLOAT, GL_FALSE, 32, (const void *)(uintptr_t)(a * 16));
    }
    gl->BindBuffer(GL_UNIFORM_BUFFER, buf[1]);
    gl->BufferData(GL_UNIFORM_BUFFER, sizeof un, &un, GL_STATIC_DRAW);
    gl->BindBufferBase(GL_UNIFORM_BUFFER, PICA_VSP_UBO_BINDING, buf[1]);
    gl->BindBuffer(GL_SHADER_STORAGE_BUFFER, buf[2]);
    gl->BufferData(GL_SHADER_STORAGE_BUFFER, (GLsizeiptr)vertices * PICA_VSP_CAPTURE_WORDS * 4, NULL, GL_DYNAMIC_READ);
    gl->BindBufferBase(GL_SHADER_STORAGE_BUFFER, PICA_VSP_SSBO_BINDING, buf[2]);
    gl->BindFramebuffer(GL_FRAMEBUFFER, target.fbo);
    gl->UseProgram(g.prog);
    gl->Enable(GL_RASTERIZER_DISCARD);
    run_gpu(&g);
    /* the first vertex's o0.x, as a check that the draw ran */
    float o0x = 0.0f;
    gl->GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &o0x);
    uint64_t gpu_ns = bench_best_ns(reps, run_gpu, &g);
    float want = out[0][0];
    double cpu_v = (double)vertices / ((double)cpu_ns / 1e9), gpu_v = (double)vertices / ((double)gpu_ns / 1e9);
    printf("bench_pica_vs_glsl: %u vertices, best of %d\n", vertices, reps);
    printf("  interpreter      %8.2f Mvert/s\n", cpu_v / 1e6);
    printf("  GLSL on %-8s %8.2f Mvert/s  (%.2fx the interpreter)\n", (const char *)gl->GetString(GL_RENDERER),
           gpu_v / 1e6, gpu_v / cpu_v);
    printf("  first vertex o0.x: interpreter %g, GLSL %g\n", (double)want, (double)o0x);
    gl->Disable(GL_RASTERIZER_DISCARD);
    gl->UseProgram(0);
    gl->BindVertexArray(0);
    gl->DeleteVertexArrays(1, &vao);
    gl->DeleteBuffers(3, buf);
    gl->DeleteProgram(g.prog);
    gl_target_destroy(ctx, &target);
    glhle_bytebuf_free(&vs);
    glhle_context_destroy(ctx);
    free(p);
    free(in);
    free(out);
    return want == o0x ? 0 : 1;
}
