/* backend/pica/shader/shader_glsl.c against the CPU interpreter
 * (backend/pica/shader/shader_vm.c) on llvmpipe: random programs and the
 * shader binaries in tests/fuzz/corpus/shbin, each run on random inputs
 * (NaN, infinities, denormals, +-0 among ordinary values) both ways. The GPU
 * side writes o0-o15, the status bits and the step count of every vertex to
 * a storage buffer; every word must equal the interpreter's, run with a
 * fresh unit per vertex (the generated code starts each invocation from
 * zero registers).
 *
 * Where they may differ, and how the comparison treats it:
 *  - NaN: any NaN equals any NaN (payload and sign are not compared: the
 *    host compiler may commute a product's operands, which picks the
 *    payload; the PICA's f24 has none worth keeping);
 *  - denormals: llvmpipe runs shaders with denormals flushed (MXCSR DAZ and
 *    FTZ), the PICA has none (f24), the interpreter keeps them; the
 *    reference runs with the same flags set, so both sides flush alike;
 *  - EX2/LG2: the host's exp2/log2 against glibc's exp2f/log2f, measured on
 *    their own (test_ex2_lg2_bound) and left out of the bit-exact programs.
 *
 *   GLHLE_TEST_SEED=N               replays a run
 *   GLHLE_PICA_VS_DIFF_PROGRAMS=N   random programs per kind (default 25)
 *   GLHLE_PICA_VS_DIFF_FIRST=N      check structured programs from N on (same seed)
 *   GLHLE_PICA_VS_DIFF_VERBOSE=1    one line per program (size of the translation)
 *   GLHLE_PICA_VS_DIFF_BISECT=1     on a difference, bisect the step limit for the
 *                                   first check point where the two part
 *   GLHLE_PICA_VS_DIFF_GLSL=FILE    run FILE instead of the translation (hand edits) */
#include "support/test_support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#include "backend/gl/gl_util.h"
#include "backend/pica/shader/shader_isa.h"
#include "backend/pica/shader/shader_vm.h"
#include "backend/pica/shader/shbin.h"
#include "backend/pica/shader/shader_glsl.h"
#include "support/glsl_validator.h"
#include "support/pica_vs_random.h"

#define VERTS 64

typedef struct program {
    uint32_t code[PICA_SHADER_CODE_WORDS];
    uint32_t opdesc[PICA_SHADER_OPDESC_WORDS];
    pica_vsp_uniforms u;
    uint32_t entry, step_limit, inputs;
    uint8_t input_register[16];
    float in[VERTS][16][4];
} program;

typedef struct result {
    uint32_t w[VERTS][PICA_VSP_CAPTURE_WORDS];
} result;

static const char fs_text_core[] = "#version 450 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";

static void random_uniforms(ts_rng *r, program *p, bool small_loops)
{
    for (unsigned c = 0; c < 96; c++)
        for (unsigned k = 0; k < 4; k++)
            p->u.c[c][k] = pvr_value(r);
    for (unsigned i = 0; i < 4; i++)
        for (unsigned k = 0; k < 3; k++)
            p->u.i[i][k] = small_loops && k == 0 ? ts_rng_below(r, 4) : ts_rng_below(r, 256);
    p->u.b[0] = ts_rng_u32(r) & 0xFFFF;
}

static void random_inputs(ts_rng *r, program *p)
{
    p->inputs = 1 + ts_rng_below(r, 16);
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
    for (unsigned v = 0; v < VERTS; v++)
        for (unsigned a = 0; a < 16; a++)
            for (unsigned k = 0; k < 4; k++)
                p->in[v][a][k] = pvr_value(r);
}

/* kind 0: structured flow control; kind 1: every word random (any opcode,
 * any target), bounded by a small step limit */
static void random_program(ts_rng *r, program *p, unsigned kind)
{
    memset(p, 0, sizeof *p);
    for (unsigned i = 0; i < PICA_SHADER_OPDESC_WORDS; i++)
        p->opdesc[i] = ts_rng_u32(r) & 0x7FFFFFFF;
    random_uniforms(r, p, kind == 0);
    random_inputs(r, p);
    if (kind == 0) {
        uint32_t sub = 3100;
        uint32_t at = 0;
        /* a0/aL in use from the start */
        p->code[at++] = (uint32_t)PICA_OP_MOVA << 26 | 0x20u << 12 | ts_rng_below(r, 128);
        at = pvr_body(r, p->code, at, 0, &sub, false);
        for (unsigned k = 0; k < 4; k++) /* outputs from the registers worked on */
            p->code[at++] = (uint32_t)PICA_OP_MOV << 26 | (uint32_t)k << 21 | (0x10u + ts_rng_below(r, 16)) << 12 | 0x1B;
        p->code[at++] = (uint32_t)PICA_OP_END << 26;
        p->opdesc[0x1B] = 0xF | 0x1B << 5; /* .xyzw, swizzle xyzw */
        p->entry = 0;
        p->step_limit = 20000;
    } else {
        uint32_t len = 16 + ts_rng_below(r, 64);
        for (uint32_t i = 0; i < len; i++) {
            uint32_t wd = ts_rng_below(r, 3) ? pvr_alu(r, false) : ts_rng_u32(r);
            uint32_t op = pica_isa_opcode(wd);
            if (op == PICA_OP_EX2 || op == PICA_OP_LG2)
                wd = (wd & 0x03FFFFFFu) | (uint32_t)PICA_OP_MOV << 26;
            if (pica_isa_opcode(wd) >= 0x20 && pica_isa_opcode(wd) < 0x2E) /* targets inside the program */
                wd = (wd & ~(0xFFFu << 10)) | ts_rng_below(r, len + 4) << 10;
            p->code[i] = wd;
        }
        for (uint32_t i = len; i < len + 300; i++) /* targets + num land on code, not on 4000 zero words */
            p->code[i] = (uint32_t)PICA_OP_END << 26;
        p->entry = ts_rng_below(r, len);
        p->step_limit = 300 + ts_rng_below(r, 3000);
    }
}

/* ---- the two sides ---- */

static void reference(const program *p, result *out)
{
    static pica_vm_program *vp;
    if (!vp)
        vp = aligned_alloc(64, (PICA_VM_PROGRAM_SIZE + 63) & ~(size_t)63);
    assert_non_null(vp);
    pica_vm_decode(vp, p->code, p->opdesc);
#if defined(__SSE2__)
    unsigned csr = _mm_getcsr();
    _mm_setcsr(csr | 0x8040); /* FTZ | DAZ: llvmpipe flushes denormals in arithmetic */
#endif
    for (unsigned v = 0; v < VERTS; v++) {
        static pica_vm_unit u;
        pica_vm_unit_init(&u, false);
        memcpy(u.reg[PICA_VM_SLOT_C], p->u.c, sizeof p->u.c);
        for (unsigned i = 0; i < 4; i++)
            for (unsigned k = 0; k < 4; k++)
                u.ints[i][k] = (uint8_t)p->u.i[i][k];
        u.bools = (uint16_t)p->u.b[0];
        u.step_limit = p->step_limit;
        for (unsigned a = 0; a < p->inputs; a++)
            memcpy(pica_vm_input(&u, p->input_register[a]), p->in[v][a], 16);
        uint32_t st = pica_vm_run(&u, vp, p->entry);
        memcpy(out->w[v], pica_vm_output(&u, 0), 64 * 4);
        out->w[v][64] = st;
        out->w[v][65] = (uint32_t)u.steps;
        out->w[v][66] = out->w[v][67] = 0;
    }
#if defined(__SSE2__)
    _mm_setcsr(csr);
#endif
}

static char *translate(const program *p, bool gles, pica_vsp_info *info)
{
    pica_vsp_desc d = {.code = p->code, .opdesc = p->opdesc, .entry = p->entry, .step_limit = p->step_limit,
                       .input_count = p->inputs, .output = PICA_VSP_OUTPUT_CAPTURE, .gles = gles};
    memcpy(d.input_register, p->input_register, 16);
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    char why[160];
    bool ok = pica_vsp_generate(&d, &b, info, why, sizeof why);
    if (!ok)
        fail_msg("translation refused: %s", why);
    glhle_bytebuf_append_u8(&b, 0);
    return (char *)glhle_bytebuf_detach(&b, NULL);
}

/* Runs the generated shader over the VERTS vertices; false when it does not
 * link. */
static bool gpu(glhle_context *ctx, const program *p, const char *vs, result *out)
{
    GladGLContext *gl = &ctx->gl;
    GLuint prog;
    char *fs_text = ts_glsl_for(ctx, fs_text_core);
    const bool linked = gl_link_program(ctx, vs, fs_text, &prog) == GLHLE_RESULT_OK;
    free(fs_text);
    if (!linked)
        return false;
    GLuint vao, buf[3];
    gl->GenVertexArrays(1, &vao);
    gl->BindVertexArray(vao);
    gl->GenBuffers(3, buf);
    /* attributes: vertex v's attribute a at (v * inputs + a) * 16 */
    static float packed[VERTS * 16][4];
    for (unsigned v = 0; v < VERTS; v++)
        for (unsigned a = 0; a < p->inputs; a++)
            memcpy(packed[v * p->inputs + a], p->in[v][a], 16);
    gl->BindBuffer(GL_ARRAY_BUFFER, buf[0]);
    gl->BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(VERTS * p->inputs * 16), packed, GL_STATIC_DRAW);
    for (unsigned a = 0; a < p->inputs; a++) {
        gl->EnableVertexAttribArray(a);
        gl->VertexAttribPointer(a, 4, GL_FLOAT, GL_FALSE, (GLsizei)(p->inputs * 16), (const void *)(uintptr_t)(a * 16));
    }
    gl->BindBuffer(GL_UNIFORM_BUFFER, buf[1]);
    gl->BufferData(GL_UNIFORM_BUFFER, sizeof p->u, &p->u, GL_STATIC_DRAW);
    gl->BindBufferBase(GL_UNIFORM_BUFFER, PICA_VSP_UBO_BINDING, buf[1]);
    gl->BindBuffer(GL_SHADER_STORAGE_BUFFER, buf[2]);
    static uint32_t fill[VERTS * PICA_VSP_CAPTURE_WORDS];
    memset(fill, 0xEE, sizeof fill);
    gl->BufferData(GL_SHADER_STORAGE_BUFFER, sizeof fill, fill, GL_DYNAMIC_READ);
    gl->BindBufferBase(GL_SHADER_STORAGE_BUFFER, PICA_VSP_SSBO_BINDING, buf[2]);
    static gl_target target;
    if (!target.fbo && gl_target_create(ctx, 4, 4, false, &target) != GLHLE_RESULT_OK)
        fail_msg("no render target");
    gl->BindFramebuffer(GL_FRAMEBUFFER, target.fbo);
    gl->UseProgram(prog);
    gl->Enable(GL_RASTERIZER_DISCARD);
    gl->DrawArrays(GL_POINTS, 0, VERTS);
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

static bool same_word(uint32_t a, uint32_t b, unsigned word)
{
    if (a == b)
        return true;
    if (word >= 64)
        return false;
    bool na = (a & 0x7F800000u) == 0x7F800000u && (a & 0x7FFFFFu), nb = (b & 0x7F800000u) == 0x7F800000u && (b & 0x7FFFFFu);
    if (na && nb)
        return true;
    /* a denormal equals the zero of its sign (see the header) */
    if ((a & 0x7F800000u) == 0 && (b & 0x7F800000u) == 0 && (a >> 31) == (b >> 31))
        return true;
    return false;
}

static void dump(const char *name, const program *p, const char *vs)
{
    FILE *f = fopen(ts_output_path(name), "w");
    if (!f)
        return;
    fprintf(f, "%s\n/* entry 0x%X step limit %u inputs %u */\n", vs, p->entry, p->step_limit, p->inputs);
    for (unsigned i = 0; i < PICA_SHADER_CODE_WORDS; i++)
        if (p->code[i])
            fprintf(f, "// code[0x%03X] = 0x%08X\n", i, p->code[i]);
    fclose(f);
}

/* Compares; on a difference writes the GLSL next to the test output and
 * fails with the first differing word. */
static void check(glhle_context *ctx, const program *p, const char *what, unsigned n)
{
    static result want, got;
    pica_vsp_info info;
    char *vs = translate(p, ts_gles(), &info);
    if (getenv("GLHLE_PICA_VS_DIFF_GLSL")) { /* debugging: a hand-edited translation instead */
        free(vs);
        size_t size;
        uint8_t *text = ts_read_file(getenv("GLHLE_PICA_VS_DIFF_GLSL"), &size);
        assert_non_null(text);
        vs = calloc(size + 1, 1);
        memcpy(vs, text, size);
        free(text);
    }
    if (ts_env_long("GLHLE_PICA_VS_DIFF_VERBOSE", 0))
        print_message("%s %u: %u instructions, %u blocks, %zu bytes of GLSL\n", what, n, info.instructions,
                      info.blocks, strlen(vs));
    reference(p, &want);
    if (!gpu(ctx, p, vs, &got)) {
        dump("pica_vs_program_diff_link.vert", p, vs);
        free(vs);
        fail_msg("%s %u: the translation does not link (GLSL in %s)", what, n,
                 ts_output_path("pica_vs_program_diff_link.vert"));
    }
    for (unsigned v = 0; v < VERTS; v++)
        for (unsigned k = 0; k < PICA_VSP_CAPTURE_WORDS; k++)
            if (!same_word(want.w[v][k], got.w[v][k], k)) {
                char name[64];
                snprintf(name, sizeof name, "pica_vs_program_diff_%s%u.vert", what, n);
                dump(name, p, vs);
                free(vs);
                if (ts_env_long("GLHLE_PICA_VS_DIFF_BISECT", 0)) {
                    /* the first step limit at which the two stop differently */
                    static program q;
                    static result qw, qg;
                    q = *p;
                    uint32_t lo = 1, hi = want.w[v][65] + 1; /* same at lo - 1, different at hi */
                    while (lo < hi) {
                        uint32_t lim = lo + (hi - lo) / 2;
                        q.step_limit = lim;
                        char *t = translate(&q, false, NULL);
                        reference(&q, &qw);
                        gpu(ctx, &q, t, &qg);
                        free(t);
                        bool same = memcmp(qw.w[v], qg.w[v], sizeof qw.w[v]) == 0;
                        print_message("  limit %u: %s (status 0x%X steps %u, the interpreter 0x%X %u)\n", lim,
                                      same ? "same" : "DIFFERENT", qg.w[v][64], qg.w[v][65], qw.w[v][64],
                                      qw.w[v][65]);
                        if (same)
                            lo = lim + 1;
                        else
                            hi = lim;
                    }
                }
                for (unsigned a = 0; a < p->inputs; a++)
                    print_message("  v%u = %a %a %a %a\n", p->input_register[a], (double)p->in[v][a][0],
                                  (double)p->in[v][a][1], (double)p->in[v][a][2], (double)p->in[v][a][3]);
                fail_msg("%s %u, vertex %u: word %u (o%u.%c / status / steps) is 0x%08X, the interpreter has "
                         "0x%08X (status 0x%X steps %u vs 0x%X %u); GLSL in %s",
                         what, n, v, k, k / 4, "xyzw"[k % 4], got.w[v][k], want.w[v][k], got.w[v][64], got.w[v][65],
                         want.w[v][64], want.w[v][65], ts_output_path(name));
            }
    free(vs);
}

static void test_random_structured(void **state)
{
    glhle_context *ctx = *state;
    ts_rng r;
    ts_rng_init(&r, ts_seed("pica_vs_program_diff structured", 0x5eed18));
    long n = ts_env_long("GLHLE_PICA_VS_DIFF_PROGRAMS", 25);
    static program p;
    long first = ts_env_long("GLHLE_PICA_VS_DIFF_FIRST", 0);
    for (long i = 0; i < n; i++) {
        random_program(&r, &p, 0);
        if (i >= first)
            check(ctx, &p, "structured", (unsigned)i);
    }
}

static void test_random_words(void **state)
{
    glhle_context *ctx = *state;
    ts_rng r;
    ts_rng_init(&r, ts_seed("pica_vs_program_diff words", 0x5eed19));
    long n = ts_env_long("GLHLE_PICA_VS_DIFF_PROGRAMS", 25);
    static program p;
    for (long i = 0; i < n; i++) {
        random_program(&r, &p, 1);
        check(ctx, &p, "words", (unsigned)i);
    }
}

/* The shader binaries in tests/fuzz/corpus/shbin (written by
 * tests/support/pica_dvlb_writer.c in picasso's layout), every vertex DVLE
 * as libctru would load it, on random inputs. */
static void test_corpus_shbin(void **state)
{
    glhle_context *ctx = *state;
    static const char *const files[] = {"tests/fuzz/corpus/shbin/transform.shbin",
                                        "tests/fuzz/corpus/shbin/three_dvles.shbin"};
    ts_rng r;
    ts_rng_init(&r, ts_seed("pica_vs_program_diff shbin", 0x5eed20));
    unsigned n = 0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t size;
        uint8_t *data = ts_read_file(ts_source_path(files[f]), &size);
        assert_non_null(data);
        pica_shbin sb;
        assert_int_equal(pica_shbin_parse(data, size, ts_logger(), &sb), GLHLE_RESULT_OK);
        for (uint32_t k = 0; k < sb.dvle_count; k++) {
            if (sb.dvles[k].is_geometry)
                continue;
            static pica_shader_setup setup;
            static program p;
            memset(&setup, 0, sizeof setup);
            assert_int_equal(pica_shbin_load_setup(&sb, k, &setup, ts_logger()), GLHLE_RESULT_OK);
            random_uniforms(&r, &p, true);
            random_inputs(&r, &p);
            memcpy(p.code, setup.code, sizeof p.code);
            memcpy(p.opdesc, setup.opdesc, sizeof p.opdesc);
            p.entry = setup.entry_point;
            p.step_limit = 0;
            /* the DVLE's constants over the random uniforms */
            for (uint32_t c = 0; c < sb.dvles[k].const_count; c++) {
                const pica_shbin_const *sc = &sb.dvles[k].consts[c];
                if (sc->type == PICA_SHBIN_CONST_FLOAT && sc->reg < 96)
                    memcpy(p.u.c[sc->reg], setup.float_uniforms[sc->reg], 16);
            }
            for (unsigned i = 0; i < 4; i++)
                for (unsigned c = 0; c < 4; c++)
                    p.u.i[i][c] = setup.int_uniforms[i][c];
            p.u.b[0] = setup.bool_uniforms;
            p.inputs = 0;
            for (unsigned a = 0; a < 16; a++)
                if (sb.dvles[k].input_mask & (1u << a))
                    p.input_register[p.inputs++] = (uint8_t)a;
            if (p.inputs == 0)
                p.inputs = 1;
            check(ctx, &p, "shbin", n++);
        }
        pica_shbin_free(&sb);
        free(data);
    }
    print_message("%u vertex programs from the corpus shader binaries identical\n", n);
    assert_true(n >= 2);
}

/* Every translation of a sample of programs also passes glslangValidator as
 * GLSL ES 3.20. */
static void test_gles_validates(void **state)
{
    (void)state;
    if (!tgv_available())
        skip();
    ts_rng r;
    ts_rng_init(&r, ts_seed("pica_vs_program_diff gles", 0x5eed21));
    enum { N = 24 };
    char *src[N];
    static program p;
    for (unsigned i = 0; i < N; i++) {
        random_program(&r, &p, i & 1);
        src[i] = translate(&p, true, NULL);
    }
    tgv_validate_all(ts_output_path("pica_vs_program_gles"), src, N, "vert", "PICA vertex program (ES 3.20)");
    for (unsigned i = 0; i < N; i++)
        free(src[i]);
}

/* EX2 and LG2 against glibc's exp2f/log2f: the one place the translation
 * is not bit-exact. Results of magnitude >= 1 within EX2_LG2_MAX_ULP ulp,
 * smaller ones within 2^-22 absolute (lg2 near 1, ex2 of negative
 * arguments: a relative bound there would only measure the host's
 * cancellation); infinities, NaN and zeros must match exactly
 * (ex2(-inf) = 0, lg2(0) = -inf, lg2(-1) = NaN). */
#define EX2_LG2_MAX_ULP 4u
static uint32_t ulp_distance(uint32_t a, uint32_t b)
{
    /* a monotonic integer line over the floats */
    int64_t ia = (a >> 31) ? -(int64_t)(a & 0x7FFFFFFFu) : (int64_t)a;
    int64_t ib = (b >> 31) ? -(int64_t)(b & 0x7FFFFFFFu) : (int64_t)b;
    int64_t d = ia > ib ? ia - ib : ib - ia;
    return d > 0xFFFFFFFF ? 0xFFFFFFFFu : (uint32_t)d;
}

static void test_ex2_lg2_bound(void **state)
{
    glhle_context *ctx = *state;
    ts_rng r;
    ts_rng_init(&r, ts_seed("pica_vs_program_diff ex2/lg2", 0x5eed22));
    static program p;
    static result want, got;
    memset(&p, 0, sizeof p);
    p.opdesc[0] = 0xF | 0x1B << 5;                        /* .xyzw = src.xyzw */
    p.code[0] = (uint32_t)PICA_OP_EX2 << 26 | 0u << 21 | 0u << 12;  /* ex2 o0, v0 */
    p.code[1] = (uint32_t)PICA_OP_LG2 << 26 | 1u << 21 | 1u << 12;  /* lg2 o1, v1 */
    p.code[2] = (uint32_t)PICA_OP_END << 26;
    p.inputs = 2;
    p.input_register[0] = 0;
    p.input_register[1] = 1;
    char *vs = translate(&p, ts_gles(), NULL);
    uint32_t worst[2] = {0, 0};
    float worst_abs = 0.0f;
    unsigned samples = 0;
    for (unsigned round = 0; round < 64; round++) {
        for (unsigned v = 0; v < VERTS; v++) {
            float e = (float)(ts_rng_u32(&r) >> 8) / 16777216.0f * 280.0f - 140.0f; /* over and under the range */
            uint32_t lb = 0x00800000u + ts_rng_below(&r, 0x7F000000u);            /* any positive normal */
            float l;
            memcpy(&l, &lb, 4);
            if (v < 8) { /* the special cases */
                static const float se[8] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1.0f, -1.0f, 128.0f};
                static const float sl[8] = {0.0f, -0.0f, INFINITY, -1.0f, NAN, 1.0f, 2.0f, 0.5f};
                e = se[v];
                l = sl[v];
            }
            p.in[v][0][0] = e;
            p.in[v][1][0] = l;
        }
        reference(&p, &want);
        assert_true(gpu(ctx, &p, vs, &got));
        for (unsigned v = 0; v < VERTS; v++)
            for (unsigned k = 0; k < 2; k++) {
                uint32_t a = want.w[v][4 * k], b = got.w[v][4 * k];
                bool special = (a & 0x7F800000u) == 0x7F800000u || (a & 0x7FFFFFFFu) == 0 ||
                               (b & 0x7F800000u) == 0x7F800000u || (b & 0x7FFFFFFFu) == 0;
                if (special) {
                    if (!same_word(a, b, 0))
                        fail_msg("%s(%a): 0x%08X, glibc 0x%08X", k ? "lg2" : "ex2",
                                 (double)p.in[v][k][0], b, a);
                    continue;
                }
                float fa, fb;
                memcpy(&fa, &a, 4);
                memcpy(&fb, &b, 4);
                if (fabsf(fa) < 1.0f) {
                    /* lg2 near 1: the result is near 0, where an absolute
                     * error of a few ulp of 1 is many ulp of the result */
                    float e = fabsf(fa - fb);
                    if (e > worst_abs)
                        worst_abs = e;
                } else {
                    uint32_t d = ulp_distance(a, b);
                    if (d > worst[k])
                        worst[k] = d;
                }
                samples++;
            }
    }
    free(vs);
    print_message("over %u finite samples: results >= 1 in magnitude: ex2 at most %u ulp, lg2 at most %u ulp from "
                  "glibc (bound %u); below 1: at most %a absolute (bound 2^-22)\n",
                  samples, worst[0], worst[1], EX2_LG2_MAX_ULP, (double)worst_abs);
    assert_true(worst[0] <= EX2_LG2_MAX_ULP && worst[1] <= EX2_LG2_MAX_ULP);
    assert_true(worst_abs <= 0x1p-22f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(test_random_structured),
        TS_GL_TEST(test_random_words),
        TS_GL_TEST(test_corpus_shbin),
        TS_GL_TEST(test_gles_validates),
        TS_GL_TEST(test_ex2_lg2_bound),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
