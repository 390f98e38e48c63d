/* Geometry shaders of backend/pica/shader/shader_glsl.c against the CPU
 * interpreter's geometry unit (backend/pica/shader/shader_vm.c) on
 * llvmpipe: random programs (ALU words of every opcode but EX2/LG2, SETEMIT
 * with every vertex id and both flags, EMIT, forward IFU/IFC/JMPC/JMPU,
 * LOOPs over i0-i3 (random counts: EMITs in them run many times, past the
 * 14 triangles the capture holds, and the step limit cuts some), BREAK/BREAKC
 * in and out of a loop), fully random words, and a handwritten
 * billboard shader, in point mode (1, 2, 3, 4 and 6 vertices per invocation)
 * variable mode (c0 the vertex count, from c1 all registers of the first
 * 1..vertices vertices and the first register of the rest) and fixed mode
 * (c registers from a random start, some past c95), each run
 * on random inputs (NaN, infinities, denormals, +-0) both ways. The GPU side
 * writes each invocation's status, steps, triangle count and its emitted
 * triangles' o0-o15 to a storage buffer; every word must equal the
 * interpreter's, each invocation run on a fresh unit (the generated code
 * starts from zero registers) whose b15 is set from the second invocation
 * on, with the invocation's inputs put where primitive.c gs_input puts them.
 * NaNs and denormals compare as in test_pica_vs_program_diff.
 *
 *   GLHLE_TEST_SEED=N                replays a run
 *   GLHLE_PICA_GS_DIFF_PROGRAMS=N    random programs per kind (default 20) */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#include "backend/gl/gl_util.h"
#include "backend/pica/shader/shader_glsl.h"
#include "backend/pica/shader/shader_isa.h"
#include "backend/pica/shader/shader_vm.h"
#include "support/glsl_validator.h"
#include "support/pica_vs_random.h"

#define INV 16       /* invocations per program */
#define MAXV (INV * 6)

typedef struct program {
    uint32_t code[PICA_SHADER_CODE_WORDS];
    uint32_t opdesc[PICA_SHADER_OPDESC_WORDS];
    pica_vsp_uniforms u;
    uint32_t entry, step_limit, inputs;
    uint8_t input_register[16];
    pica_gsp_input gs;
    float in[MAXV][16][4]; /* vertex, packed VS output register */
} program;

typedef struct result {
    uint32_t w[INV][PICA_GSP_CAPTURE_WORDS];
} result;

static const char fs_text_core[] = "#version 450 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";

/* ---- programs ---- */

static uint32_t setemit(uint32_t id, bool prim, bool winding)
{
    return (uint32_t)PICA_OP_SETEMIT << 26 | (id & 3) << 24 | (uint32_t)prim << 23 | (uint32_t)winding << 22;
}

static uint32_t emit(void)
{
    return (uint32_t)PICA_OP_EMIT << 26;
}

/* mov o<k>.xyzw, <register> (opdesc 0x1B: .xyzw, swizzle xyzw) */
static uint32_t mov_out(uint32_t k, uint32_t src)
{
    return (uint32_t)PICA_OP_MOV << 26 | (k & 15) << 21 | src << 12 | 0x1B;
}

static void random_layout(ts_rng *r, program *p)
{
    static const uint8_t verts[5] = {1, 2, 3, 4, 6};
    p->gs.vertices = verts[ts_rng_below(r, 5)];
    p->gs.mode = (uint8_t)ts_rng_below(r, 3);
    /* variable mode: the first 1..vertices vertices are main ones */
    p->gs.main_vertices = p->gs.mode == 1 ? (uint8_t)(1 + ts_rng_below(r, p->gs.vertices)) : 0;
    uint32_t maxpv = 16 / p->gs.vertices;
    if (maxpv > 4)
        maxpv = 4;
    p->gs.per_vertex = (uint8_t)(1 + ts_rng_below(r, maxpv));
    uint32_t pv = p->gs.per_vertex, v = p->gs.vertices;
    /* point mode: (v - 1) * pv < inputs <= v * pv */
    p->inputs = (v - 1) * pv + 1 + ts_rng_below(r, pv);
    p->gs.start_index = (uint8_t)ts_rng_below(r, 100);
    uint32_t perm[16];
    for (uint32_t i = 0; i < 16; i++)
        perm[i] = i;
    for (uint32_t i = 15; i > 0; i--) {
        uint32_t j = ts_rng_below(r, i + 1), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (uint32_t a = 0; a < 16; a++)
        p->input_register[a] = (uint8_t)perm[a];
    for (unsigned k = 0; k < MAXV; k++)
        for (unsigned a = 0; a < 16; a++)
            for (unsigned c = 0; c < 4; c++)
                p->in[k][a][c] = pvr_value(r);
}

static void random_uniforms(ts_rng *r, program *p)
{
    for (unsigned c = 0; c < 96; c++)
        for (unsigned k = 0; k < 4; k++)
            p->u.c[c][k] = pvr_value(r);
    for (unsigned i = 0; i < 4; i++)
        for (unsigned k = 0; k < 3; k++)
            p->u.i[i][k] = ts_rng_below(r, 256);
    p->u.b[0] = ts_rng_u32(r) & 0xFFFF;
}

static uint32_t alu(ts_rng *r)
{
    return pvr_alu(r, false);
}

/* A source of an emitted vertex's output: a v register in point mode; in
 * variable and fixed mode one of the c registers the inputs fill (or the
 * one after them), so the emitted triangles show where they went. */
static uint32_t emit_src(ts_rng *r, const pica_gsp_input *g)
{
    if (g->mode == 0)
        return ts_rng_below(r, 16);
    const uint32_t lo = g->mode == 1 ? 0u : g->start_index;
    const uint32_t n = g->mode == 1 ? pica_gsp_variable_registers(g) : (uint32_t)g->vertices * g->per_vertex;
    const uint32_t c = lo + ts_rng_below(r, n + 1);
    return 0x20u + (c < 96 ? c : 95u);
}

/* LOOPs placed in the program being made (at most PICA_GSP_MAX_LOOPS). */
static unsigned gen_loops;

/* A body: ALU words, outputs, SETEMIT/EMIT, IF/ELSE, JMPs, LOOPs, BREAKs,
 * forward only but for the LOOPs; `emits` counts the EMITs placed (at most
 * PICA_GSP_MAX_PRIMS). */
static uint32_t body(ts_rng *r, const pica_gsp_input *g, uint32_t *code, uint32_t at, unsigned depth,
                     unsigned *emits)
{
    unsigned n = 2 + ts_rng_below(r, 8);
    for (unsigned i = 0; i < n; i++) {
        unsigned what = ts_rng_below(r, 12);
        if (what < 4) {
            code[at++] = alu(r);
        } else if (what < 6) {
            code[at++] = mov_out(ts_rng_below(r, 16), ts_rng_below(r, 2) ? ts_rng_below(r, 16) : 0x10 + ts_rng_below(r, 16));
        } else if (what < 8 && *emits < PICA_GSP_MAX_PRIMS) {
            /* as real programs: the vertex written, then its slot and EMIT */
            for (unsigned k = 0; k < 3; k++)
                code[at++] = mov_out(ts_rng_below(r, 4), emit_src(r, g));
            code[at++] = setemit(ts_rng_below(r, 8) ? ts_rng_below(r, 3) : 3, ts_rng_below(r, 2), ts_rng_below(r, 3) == 0);
            code[at++] = emit();
            ++*emits;
        } else if (what == 8 && depth < 3) {
            /* if (cond) { a } else { b } */
            uint32_t ifat = at++;
            at = body(r, g, code, at, depth + 1, emits);
            uint32_t els = at;
            at = body(r, g, code, at, depth + 1, emits);
            if (ts_rng_below(r, 2))
                code[ifat] = pvr_flow2(PICA_OP_IFC, ts_rng_below(r, 4), ts_rng_below(r, 2), ts_rng_below(r, 2), els,
                                       at - els);
            else
                code[ifat] = pvr_flow3(PICA_OP_IFU, ts_rng_below(r, 16), els, at - els);
        } else if (what == 9 && depth < 3) {
            uint32_t jat = at++;
            at = body(r, g, code, at, depth + 1, emits);
            if (ts_rng_below(r, 2))
                code[jat] = pvr_flow2(PICA_OP_JMPC, ts_rng_below(r, 4), ts_rng_below(r, 2), ts_rng_below(r, 2), at, 0);
            else
                code[jat] = pvr_flow3(PICA_OP_JMPU, ts_rng_below(r, 16), at, ts_rng_below(r, 2));
        } else if (what == 11 && depth < 3 && gen_loops < PICA_GSP_MAX_LOOPS && ts_rng_below(r, 2)) {
            /* loop iN { body }: iN.x + 1 times */
            gen_loops++;
            uint32_t lat = at++;
            at = body(r, g, code, at, depth + 1, emits);
            code[lat] = pvr_flow3(PICA_OP_LOOP, ts_rng_below(r, 4), at - 1, 0);
        } else if (what == 10 && ts_rng_below(r, 4) == 0) {
            /* BREAKC with no loop: stops the invocation when taken */
            code[at++] = pvr_flow2(PICA_OP_BREAKC, ts_rng_below(r, 4), ts_rng_below(r, 2), ts_rng_below(r, 2), 0, 0);
        } else {
            code[at++] = alu(r);
        }
    }
    return at;
}

/* kind 0: structured, forward only; kind 1: every word random (only the
 * translations the translator accepts are compared) */
static void random_program(ts_rng *r, program *p, unsigned kind)
{
    memset(p, 0, sizeof *p);
    for (unsigned i = 0; i < PICA_SHADER_OPDESC_WORDS; i++)
        p->opdesc[i] = ts_rng_u32(r) & 0x7FFFFFFF;
    p->opdesc[0x1B] = 0xF | 0x1B << 5;
    random_uniforms(r, p);
    random_layout(r, p);
    if (kind == 0) {
        uint32_t at = 0;
        unsigned emits = 0;
        gen_loops = 0;
        p->code[at++] = (uint32_t)PICA_OP_MOVA << 26 | 0x20u << 12 | ts_rng_below(r, 128);
        at = body(r, &p->gs, p->code, at, 0, &emits);
        p->code[at++] = (uint32_t)PICA_OP_END << 26;
        p->entry = 0;
        p->step_limit = ts_rng_below(r, 4) ? 20000 : 1 + ts_rng_below(r, 40);
    } else {
        uint32_t len = 8 + ts_rng_below(r, 24);
        for (uint32_t i = 0; i < len; i++) {
            uint32_t wd;
            unsigned pick = ts_rng_below(r, 8);
            if (pick == 0)
                wd = setemit(ts_rng_below(r, 4), ts_rng_below(r, 2), ts_rng_below(r, 2));
            else if (pick == 1)
                wd = emit();
            else
                wd = ts_rng_below(r, 3) ? alu(r) : ts_rng_u32(r);
            uint32_t op = pica_isa_opcode(wd);
            if (op == PICA_OP_EX2 || op == PICA_OP_LG2)
                wd = (wd & 0x03FFFFFFu) | (uint32_t)PICA_OP_MOV << 26;
            if (pica_isa_opcode(wd) >= 0x20 && pica_isa_opcode(wd) < 0x2E) /* targets inside, mostly forward */
                wd = (wd & ~(0xFFFu << 10)) | (i + 1 + ts_rng_below(r, len + 4 - i)) << 10;
            p->code[i] = wd;
        }
        for (uint32_t i = len; i < len + 300; i++)
            p->code[i] = (uint32_t)PICA_OP_END << 26;
        p->entry = ts_rng_below(r, len);
        p->step_limit = 50 + ts_rng_below(r, 300);
    }
}

/* A billboard as homebrew geometry shaders draw one (point mode, one
 * vertex of position and colour): two triangles around the point, the
 * second with the winding flag, every output written before each EMIT. */
static void billboard(ts_rng *r, program *p)
{
    memset(p, 0, sizeof *p);
    random_uniforms(r, p);
    random_layout(r, p);
    p->gs.mode = 0;
    p->gs.main_vertices = 0;
    p->gs.vertices = 1;
    p->gs.per_vertex = 2;
    p->inputs = 2;
    p->input_register[0] = 0;
    p->input_register[1] = 1;
    p->opdesc[0] = 0xF | 0x1B << 5 | 0x1B << 14; /* .xyzw = src1.xyzw + src2.xyzw */
    p->opdesc[0x1B] = 0xF | 0x1B << 5;
    /* add r0, c(k), v0 ; mov o0, r0 ; mov o1, v1 ; setemit k ; emit */
    static const uint8_t corner[6] = {0, 1, 2, 1, 2, 3};
    static const uint8_t slot[6] = {0, 1, 2, 0, 1, 2};
    uint32_t at = 0;
    for (unsigned k = 0; k < 6; k++) {
        p->code[at++] = (uint32_t)PICA_OP_ADD << 26 | 0x10u << 21 | (0x20u + corner[k]) << 12 | 0u << 7;
        p->code[at++] = mov_out(0, 0x10);
        p->code[at++] = mov_out(1, 1);
        p->code[at++] = setemit(slot[k], slot[k] == 2, k == 5);
        p->code[at++] = emit();
    }
    p->code[at++] = (uint32_t)PICA_OP_END << 26;
    p->step_limit = 0;
}

/* ---- the two sides ---- */

typedef struct capture_ctx {
    uint32_t *w;
    uint32_t n;
} capture_ctx;

static void on_prim(void *user, const float (*v0)[4], const float (*v1)[4], const float (*v2)[4], bool winding)
{
    capture_ctx *c = user;
    if (c->n < PICA_GSP_MAX_PRIMS) {
        /* the assembler's geometry mode: the winding flag swaps the first two */
        const float (*v[3])[4] = {winding ? v1 : v0, winding ? v0 : v1, v2};
        for (unsigned k = 0; k < 3; k++)
            memcpy(c->w + 4 + c->n * 192 + k * 64, v[k], 64 * 4);
    }
    c->n++;
}

static void reference(const program *p, result *out)
{
    static pica_vm_program *vp;
    if (!vp)
        vp = aligned_alloc(64, (PICA_VM_PROGRAM_SIZE + 63) & ~(size_t)63);
    assert_non_null(vp);
    pica_vm_decode(vp, p->code, p->opdesc);
    memset(out, 0, sizeof *out);
#if defined(__SSE2__)
    unsigned csr = _mm_getcsr();
    _mm_setcsr(csr | 0x8040); /* FTZ | DAZ, as llvmpipe */
#endif
    uint32_t pv = p->gs.per_vertex, nv = p->gs.vertices;
    for (unsigned i = 0; i < INV; i++) {
        static pica_vm_unit u;
        pica_vm_unit_init(&u, true);
        memcpy(u.reg[PICA_VM_SLOT_C], p->u.c, sizeof p->u.c);
        for (unsigned a = 0; a < 4; a++)
            for (unsigned k = 0; k < 4; k++)
                u.ints[a][k] = (uint8_t)p->u.i[a][k];
        /* primitive.c run_gs sets b15 after every invocation */
        u.bools = (uint16_t)(p->u.b[0] | (i > 0 ? 0x8000u : 0u));
        u.step_limit = p->step_limit;
        if (p->gs.mode == 0) {
            for (unsigned a = 0; a < p->inputs; a++)
                memcpy(pica_vm_input(&u, p->input_register[a]), p->in[i * nv + a / pv][a % pv], 16);
        } else if (p->gs.mode == 1) {
            /* Azahar GeometryPipeline_VariablePrimitive: c0 = the count in
             * every component, then from c1 all registers of each main
             * vertex and only the first of the others */
            const float n = (float)nv;
            memcpy(pica_vm_uniform(&u, 0), (const float[4]){n, n, n, n}, 16);
            unsigned c = 1;
            for (unsigned j = 0; j < nv; j++)
                for (unsigned k = 0; k < (j < p->gs.main_vertices ? pv : 1u); k++, c++)
                    memcpy(pica_vm_uniform(&u, c), p->in[i * nv + j][k], 16);
        } else {
            for (unsigned j = 0; j < nv; j++)
                for (unsigned k = 0; k < pv; k++) {
                    unsigned c = p->gs.start_index + j * pv + k;
                    if (c < 96)
                        memcpy(pica_vm_uniform(&u, c), p->in[i * nv + j][k], 16);
                }
        }
        capture_ctx cc = {out->w[i], 0};
        u.on_prim = on_prim;
        u.on_prim_user = &cc;
        out->w[i][0] = pica_vm_run(&u, vp, p->entry);
        out->w[i][1] = (uint32_t)u.steps;
        out->w[i][2] = cc.n;
    }
#if defined(__SSE2__)
    _mm_setcsr(csr);
#endif
}

static char *translate(const program *p, bool gles, pica_vsp_output form, char *why, size_t why_size)
{
    pica_vsp_desc d = {.code = p->code, .opdesc = p->opdesc, .entry = p->entry, .step_limit = p->step_limit,
                       .input_count = p->inputs, .output = form, .gles = gles, .geometry = true, .gs = p->gs};
    memcpy(d.input_register, p->input_register, 16);
    memset(d.outmap, 64, sizeof d.outmap);
    for (unsigned k = 0; k < 8; k++)
        d.outmap[k] = (uint8_t)k; /* position o0, quaternion o1 */
    for (unsigned k = 8; k < 12; k++)
        d.outmap[k] = (uint8_t)(k - 4); /* colour o1 */
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    if (!pica_vsp_generate(&d, &b, NULL, why, why_size)) {
        glhle_bytebuf_free(&b);
        return NULL;
    }
    glhle_bytebuf_append_u8(&b, 0);
    return (char *)glhle_bytebuf_detach(&b, NULL);
}

static GLuint compile(GladGLContext *gl, GLenum type, const char *src)
{
    GLuint s = gl->CreateShader(type);
    gl->ShaderSource(s, 1, &src, NULL);
    gl->CompileShader(s);
    GLint ok = 0;
    gl->GetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048];
        gl->GetShaderInfoLog(s, sizeof log, NULL, log);
        print_message("compile failed: %s\n", log);
        gl->DeleteShader(s);
        return 0;
    }
    return s;
}

/* VS (the packed registers as attributes) + the geometry shader + a
 * fragment shader; 0 when it does not link. */
static GLuint link3(glhle_context *ctx, uint32_t per_vertex, const char *gs_text, bool draw)
{
    GladGLContext *gl = &ctx->gl;
    char vs_core[2048];
    size_t n = (size_t)snprintf(vs_core, sizeof vs_core, "#version 450 core\n");
    for (uint32_t k = 0; k < per_vertex; k++)
        n += (size_t)snprintf(vs_core + n, sizeof vs_core - n,
                              "layout(location = %u) in vec4 a%u;\nlayout(location = %u) out vec4 pica_gs_in%u;\n", k,
                              k, k, k);
    n += (size_t)snprintf(vs_core + n, sizeof vs_core - n, "void main() {\n");
    for (uint32_t k = 0; k < per_vertex; k++)
        n += (size_t)snprintf(vs_core + n, sizeof vs_core - n, "    pica_gs_in%u = a%u;\n", k, k);
    snprintf(vs_core + n, sizeof vs_core - n, "    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n}\n");
    static const char fs_draw_core[] = "#version 450 core\nin vec4 pica_color;\nout vec4 c;\n"
                                       "void main() { c = pica_color; }\n";
    char *vs = ts_glsl_for(ctx, vs_core), *fs = ts_glsl_for(ctx, draw ? fs_draw_core : fs_text_core);
    GLuint s[3] = {compile(gl, GL_VERTEX_SHADER, vs), compile(gl, GL_GEOMETRY_SHADER, gs_text),
                   compile(gl, GL_FRAGMENT_SHADER, fs)};
    free(vs);
    free(fs);
    GLuint prog = 0;
    if (s[0] && s[1] && s[2]) {
        prog = gl->CreateProgram();
        for (int k = 0; k < 3; k++)
            gl->AttachShader(prog, s[k]);
        gl->LinkProgram(prog);
        GLint ok = 0;
        gl->GetProgramiv(prog, GL_LINK_STATUS, &ok);
        if (!ok) {
            char log[2048];
            gl->GetProgramInfoLog(prog, sizeof log, NULL, log);
            print_message("link failed: %s\n", log);
            gl->DeleteProgram(prog);
            prog = 0;
        }
    }
    for (int k = 0; k < 3; k++)
        if (s[k])
            gl->DeleteShader(s[k]);
    return prog;
}

static GLenum gl_prim(uint32_t vertices)
{
    switch (vertices) {
    case 1: return GL_POINTS;
    case 2: return GL_LINES;
    case 3: return GL_TRIANGLES;
    case 4: return GL_LINES_ADJACENCY;
    default: return GL_TRIANGLES_ADJACENCY;
    }
}

static bool gpu(glhle_context *ctx, const program *p, const char *gs_text, result *out)
{
    GladGLContext *gl = &ctx->gl;
    uint32_t pv = p->gs.per_vertex, nv = p->gs.vertices;
    GLuint prog = link3(ctx, pv, gs_text, false);
    if (!prog)
        return false;
    GLuint vao, buf[3];
    gl->GenVertexArrays(1, &vao);
    gl->BindVertexArray(vao);
    gl->GenBuffers(3, buf);
    static float packed[MAXV * 16][4];
    for (unsigned v = 0; v < INV * nv; v++)
        for (unsigned k = 0; k < pv; k++)
            memcpy(packed[v * pv + k], p->in[v][k], 16);
    gl->BindBuffer(GL_ARRAY_BUFFER, buf[0]);
    gl->BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(INV * nv * pv * 16), packed, GL_STATIC_DRAW);
    for (unsigned k = 0; k < pv; k++) {
        gl->EnableVertexAttribArray(k);
        gl->VertexAttribPointer(k, 4, GL_FLOAT, GL_FALSE, (GLsizei)(pv * 16), (const void *)(uintptr_t)(k * 16));
    }
    gl->BindBuffer(GL_UNIFORM_BUFFER, buf[1]);
    gl->BufferData(GL_UNIFORM_BUFFER, sizeof p->u, &p->u, GL_STATIC_DRAW);
    gl->BindBufferBase(GL_UNIFORM_BUFFER, PICA_GSP_UBO_BINDING, buf[1]);
    gl->BindBuffer(GL_SHADER_STORAGE_BUFFER, buf[2]);
    static result fill;
    memset(&fill, 0, sizeof fill);
    gl->BufferData(GL_SHADER_STORAGE_BUFFER, sizeof fill, &fill, GL_DYNAMIC_READ);
    gl->BindBufferBase(GL_SHADER_STORAGE_BUFFER, PICA_VSP_SSBO_BINDING, buf[2]);
    static gl_target target;
    if (!target.fbo && gl_target_create(ctx, 4, 4, false, &target) != GLHLE_RESULT_OK)
        fail_msg("no render target");
    gl->BindFramebuffer(GL_FRAMEBUFFER, target.fbo);
    gl->UseProgram(prog);
    gl->Enable(GL_RASTERIZER_DISCARD);
    gl->DrawArrays(gl_prim(nv), 0, (GLsizei)(INV * nv));
    gl->Disable(GL_RASTERIZER_DISCARD);
    gl->MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    gl->GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out->w, out->w);
    gl->UseProgram(0);
    gl->BindVertexArray(0);
    gl->DeleteVertexArrays(1, &vao);
    gl->DeleteBuffers(3, buf);
    gl->DeleteProgram(prog);
    ts_gl_check(ctx);
    return true;
}

static bool same_word(uint32_t a, uint32_t b, bool value)
{
    if (a == b)
        return true;
    if (!value)
        return false;
    bool na = (a & 0x7F800000u) == 0x7F800000u && (a & 0x7FFFFFu), nb = (b & 0x7F800000u) == 0x7F800000u && (b & 0x7FFFFFu);
    if (na && nb)
        return true;
    return (a & 0x7F800000u) == 0 && (b & 0x7F800000u) == 0 && (a >> 31) == (b >> 31);
}

static void dump(const char *name, const program *p, const char *text)
{
    FILE *f = fopen(ts_output_path(name), "w");
    if (!f)
        return;
    fprintf(f, "%s\n/* entry 0x%X step limit %u inputs %u mode %u vertices %u per vertex %u start c%u */\n", text,
            p->entry, p->step_limit, p->inputs, p->gs.mode, p->gs.vertices, p->gs.per_vertex, p->gs.start_index);
    for (unsigned i = 0; i < PICA_SHADER_CODE_WORDS; i++)
        if (p->code[i])
            fprintf(f, "// code[0x%03X] = 0x%08X\n", i, p->code[i]);
    fclose(f);
}

/* Compares one program; false when the translator refused it. */
static bool check(glhle_context *ctx, const program *p, const char *what, unsigned n, uint64_t *prims)
{
    static result want, got;
    char why[200];
    char *text = translate(p, ts_gles(), PICA_VSP_OUTPUT_CAPTURE, why, sizeof why);
    if (!text)
        return false;
    reference(p, &want);
    if (!gpu(ctx, p, text, &got)) {
        dump("pica_gs_program_diff_link.geom", p, text);
        free(text);
        fail_msg("%s %u: the translation does not link (GLSL in %s)", what, n,
                 ts_output_path("pica_gs_program_diff_link.geom"));
    }
    for (unsigned i = 0; i < INV; i++) {
        uint32_t np = want.w[i][2] < PICA_GSP_MAX_PRIMS ? want.w[i][2] : PICA_GSP_MAX_PRIMS;
        uint32_t words = 4 + np * 192;
        *prims += np;
        for (uint32_t k = 0; k < words; k++)
            if (!same_word(want.w[i][k], got.w[i][k], k >= 4)) {
                char name[64];
                snprintf(name, sizeof name, "pica_gs_program_diff_%s%u.geom", what, n);
                dump(name, p, text);
                free(text);
                fail_msg("%s %u, invocation %u: word %u (0 status, 1 steps, 2 triangles, then triangle %u vertex "
                         "%u o%u.%c) is 0x%08X, the interpreter has 0x%08X (status 0x%X steps %u triangles %u vs "
                         "0x%X %u %u); GLSL in %s",
                         what, n, i, k, k >= 4 ? (k - 4) / 192 : 0, k >= 4 ? (k - 4) % 192 / 64 : 0,
                         k >= 4 ? (k - 4) % 64 / 4 : 0, "xyzw"[k % 4], got.w[i][k], want.w[i][k], got.w[i][0],
                         got.w[i][1], got.w[i][2], want.w[i][0], want.w[i][1], want.w[i][2], ts_output_path(name));
            }
    }
    free(text);
    return true;
}

static void run_kind(glhle_context *ctx, unsigned kind, const char *name, uint64_t seed)
{
    ts_rng r;
    ts_rng_init(&r, ts_seed(name, seed));
    long n = ts_env_long("GLHLE_PICA_GS_DIFF_PROGRAMS", 20);
    static program p;
    unsigned compared = 0, refused = 0, modes[3] = {0, 0, 0};
    uint64_t prims = 0;
    for (long i = 0; i < n; i++) {
        random_program(&r, &p, kind);
        if (check(ctx, &p, kind ? "words" : "structured", (unsigned)i, &prims)) {
            compared++;
            modes[p.gs.mode]++;
        } else {
            refused++;
        }
    }
    print_message("%s: %u programs identical (%u point mode, %u variable mode, %u fixed mode; %llu triangles), %u "
                  "refused by the translator\n",
                  name, compared, modes[0], modes[1], modes[2], (unsigned long long)prims, refused);
    if (kind == 0)
        assert_int_equal(refused, 0); /* forward but for LOOPs, at most 14 EMITs and 16 LOOPs: all translate */
    assert_true(compared >= (unsigned)(n / 2));
    assert_true(prims > 0);
}

static void test_random_structured(void **state)
{
    run_kind(*state, 0, "pica_gs_program_diff structured", 0x65d18);
}

static void test_random_words(void **state)
{
    run_kind(*state, 1, "pica_gs_program_diff words", 0x65d19);
}

static void test_billboard(void **state)
{
    ts_rng r;
    ts_rng_init(&r, ts_seed("pica_gs_program_diff billboard", 0x65d1a));
    static program p;
    uint64_t prims = 0;
    billboard(&r, &p);
    assert_true(check(*state, &p, "billboard", 0, &prims));
    assert_int_equal(prims, 2 * INV);
}

/* What the translator must refuse, each with its reason. */
static void test_refusals(void **state)
{
    (void)state;
    ts_rng r;
    ts_rng_init(&r, 1);
    static program p;
    char why[200];
    struct {
        uint32_t word0;
        const char *reason;
    } cases[] = {
        {pvr_flow2(PICA_OP_CALL, 0, 0, 0, 2, 1), "CALL at 0x000"},
        {pvr_flow3(PICA_OP_JMPU, 0, 0, 0), "backward target 0x000 at 0x000"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        billboard(&r, &p);
        p.code[0] = cases[k].word0;
        char *t = translate(&p, false, PICA_VSP_OUTPUT_CAPTURE, why, sizeof why);
        assert_null(t);
        if (!strstr(why, cases[k].reason))
            fail_msg("case %zu: \"%s\" does not say \"%s\"", k, why, cases[k].reason);
    }
    /* 17 LOOPs */
    billboard(&r, &p);
    for (unsigned k = 0; k < 17; k++)
        p.code[k] = pvr_flow3(PICA_OP_LOOP, 0, k + 1, 0);
    assert_null(translate(&p, false, PICA_VSP_OUTPUT_CAPTURE, why, sizeof why));
    assert_non_null(strstr(why, "more than 16 LOOPs"));
    /* 15 EMITs */
    billboard(&r, &p);
    for (unsigned k = 0; k < 15; k++)
        p.code[k] = emit();
    p.code[15] = (uint32_t)PICA_OP_END << 26;
    assert_null(translate(&p, false, PICA_VSP_OUTPUT_CAPTURE, why, sizeof why));
    assert_non_null(strstr(why, "15 EMITs"));
    /* variable mode; a layout with no GL primitive; point-mode counts that disagree */
    billboard(&r, &p);
    p.gs.mode = 1; /* no vertex count (main_vertices 0) */
    assert_null(translate(&p, false, PICA_VSP_OUTPUT_CAPTURE, why, sizeof why));
    assert_non_null(strstr(why, "variable"));
    billboard(&r, &p);
    p.gs.vertices = 5;
    assert_null(translate(&p, false, PICA_VSP_OUTPUT_CAPTURE, why, sizeof why));
    assert_non_null(strstr(why, "no GL primitive"));
    billboard(&r, &p);
    p.gs.vertices = 2; /* 2 inputs of 2 registers are one vertex */
    assert_null(translate(&p, false, PICA_VSP_OUTPUT_CAPTURE, why, sizeof why));
    assert_non_null(strstr(why, "are not 2 vertices"));
}

/* pica_gsp_bound_prims against runs counted by hand from 3dbrew's LOOP
 * (INT.x + 1 iterations of the body, the LOOP word to its end target):
 *   0 loop i0 (end 4)   1 emit   2 loop i1 (end 3)   3 emit   4 nop
 *   5 emit   6 end
 * word 1 and the inner LOOP run a + 1 times, word 3 (a + 1)(b + 1) times,
 * word 5 once, for i0.x = a, i1.x = b. */
static void test_loop_bound(void **state)
{
    (void)state;
    static uint32_t code[PICA_SHADER_CODE_WORDS];
    memset(code, 0, sizeof code);
    code[0] = pvr_flow3(PICA_OP_LOOP, 0, 4, 0);
    code[1] = emit();
    code[2] = pvr_flow3(PICA_OP_LOOP, 1, 3, 0);
    code[3] = emit();
    code[4] = (uint32_t)PICA_OP_NOP << 26;
    code[5] = emit();
    code[6] = (uint32_t)PICA_OP_END << 26;
    pica_gsp_bound b;
    char why[160];
    assert_true(pica_gsp_bound_find(code, 0, &b, why, sizeof why));
    assert_int_equal(b.loops, 2);
    assert_int_equal(b.emits, 3);
    static const struct {
        uint8_t a, b;
        uint32_t prims;
    } cases[] = {{0, 0, 3}, {1, 2, 9}, {0, 12, 15}, {3, 1, 13}, {2, 3, 15}, {255, 255, 15}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        uint8_t ints[4][4] = {{cases[k].a, 0, 0, 0}, {cases[k].b, 0, 0, 0}};
        const uint32_t got = pica_gsp_bound_prims(&b, (const uint8_t(*)[4])ints);
        if (got != cases[k].prims)
            fail_msg("i0.x %u, i1.x %u: bound %u, want %u", cases[k].a, cases[k].b, got, cases[k].prims);
    }
    /* no LOOP: the EMITs themselves */
    code[0] = code[2] = (uint32_t)PICA_OP_NOP << 26;
    assert_true(pica_gsp_bound_find(code, 0, &b, why, sizeof why));
    assert_int_equal(b.loops, 0);
    assert_int_equal(pica_gsp_bound_prims(&b, NULL), 3);
}

/* The draw form (the fragment stage's varyings per emitted vertex) links
 * with a fragment shader, for every input primitive and both modes. */
static void test_draw_form_links(void **state)
{
    glhle_context *ctx = *state;
    ts_rng r;
    ts_rng_init(&r, ts_seed("pica_gs_program_diff draw form", 0x65d1b));
    static program p;
    char why[200];
    for (unsigned i = 0; i < 12; i++) {
        random_program(&r, &p, 0);
        char *t = translate(&p, ts_gles(), PICA_VSP_OUTPUT_DRAW, why, sizeof why);
        if (!t)
            fail_msg("draw form %u refused: %s", i, why);
        GLuint prog = link3(ctx, p.gs.per_vertex, t, true);
        if (!prog) {
            dump("pica_gs_program_diff_draw.geom", &p, t);
            fail_msg("draw form %u does not link (GLSL in %s)", i, ts_output_path("pica_gs_program_diff_draw.geom"));
        }
        ctx->gl.DeleteProgram(prog);
        free(t);
    }
    ts_gl_check(ctx);
}

/* Both forms pass glslangValidator as GLSL ES 3.20 geometry shaders. */
static void test_gles_validates(void **state)
{
    (void)state;
    if (!tgv_available())
        skip();
    ts_rng r;
    ts_rng_init(&r, ts_seed("pica_gs_program_diff gles", 0x65d1c));
    enum { N = 16 };
    char *src[N];
    static program p;
    char why[200];
    for (unsigned i = 0; i < N; i++) {
        if (i == 0)
            billboard(&r, &p);
        else
            random_program(&r, &p, 0);
        src[i] = translate(&p, true, (i & 1) ? PICA_VSP_OUTPUT_DRAW : PICA_VSP_OUTPUT_CAPTURE, why, sizeof why);
        assert_non_null(src[i]);
    }
    tgv_validate_all(ts_output_path("pica_gs_program_gles"), src, N, "geom", "PICA geometry program (ES 3.20)");
    for (unsigned i = 0; i < N; i++)
        free(src[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(test_random_structured), TS_GL_TEST(test_random_words),    TS_GL_TEST(test_billboard),
        TS_GL_TEST(test_refusals),          TS_GL_TEST(test_loop_bound),          TS_GL_TEST(test_draw_form_links), TS_GL_TEST(test_gles_validates),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
