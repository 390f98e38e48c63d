/* Random-program differential test of the Maxwell translator (issue 15,
 * "Checks"): random straight-line programs from support/maxwell_random.c
 * (integer and float arithmetic, predicates, guarded instructions, carry
 * chains) are translated SASS -> SPIR-V (which spirv-val must accept) ->
 * GLSL, drawn as a fragment shader on llvmpipe into three RGBA32UI targets
 * that receive R0-R11 unconverted (R8-R11: the predicates P0-P3, which the
 * program's epilogue copies there), and every register is compared bit for
 * bit with the test's own CPU model of the same instructions.
 *
 * GLHLE_TEST_SEED replays a run; GLHLE_MAXWELL_RANDOM_PROGRAMS sets the
 * number of programs (default 160) and GLHLE_MAXWELL_RANDOM_OPS the
 * operations in each (default 24). A mismatch prints the seed, the
 * program's disassembly and both register files. */
#include "support/test_support.h"

#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glad/egl.h>

#include "backend/gl/gl_util.h"
#include "backend/maxwell/shader/sass_decode.h"
#include "backend/maxwell/shader/sass_disasm.h"
#include "shadergen/maxwell_spirv.h"
#include "shadergen/spirv_glsl.h"
#include "support/glsl_validator.h"
#include "support/maxwell_random.h"
#include "support/spirv_validator.h"

#define VERTEX_BODY                                                                                                    \
    "void main() {\n"                                                                                                  \
    "    vec2 p = vec2(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID & 2) * 2 - 1));\n"                        \
    "    gl_Position = vec4(p, 0.0, 1.0);\n"                                                                          \
    "}\n"
static const char *const vertex_glsl = "#version 450\n" VERTEX_BODY;
/* on an ES context (the gles label) the translation is SPIRV-Cross's ES
 * output, drawn after this */
static const char *const vertex_glsl_es = "#version 320 es\nprecision highp float;\n" VERTEX_BODY;

static void print_program(const tmr_program *p)
{
    mw_sass_program dec;
    mw_sass_decode_desc d = {.log = ts_logger()};
    glhle_result r = mw_sass_decode(p->code, p->words, &d, &dec);
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    if (r == GLHLE_RESULT_OK && mw_sass_disasm_program(&out, &dec)) {
        /* a line at a time: print_message has a bounded buffer */
        const char *s = glhle_bytebuf_cstr(&out);
        while (*s) {
            const char *e = strchr(s, '\n');
            size_t n = e ? (size_t)(e - s) : strlen(s);
            print_message("%.*s\n", (int)n, s);
            s += n + (e != NULL);
        }
    }
    glhle_bytebuf_free(&out);
    mw_sass_program_free(&dec);
    const uint32_t *c = p->cbuf0;
    print_message("  c[0x0][0x0-0x1c]: 0x%08x 0x%08x 0x%08x 0x%08x 0x%08x 0x%08x 0x%08x 0x%08x\n", c[0], c[1], c[2],
                  c[3], c[4], c[5], c[6], c[7]);
}

#define OUTS 12

/* Translates, draws and reads back R0-R11; false with `why` on failure. */
static bool run_mode(glhle_context *ctx, const tmr_program *p, uint32_t got[OUTS], char *why, size_t why_size,
                     const char *dump, bool dispatcher, bool spirv_direct, bool *structured);

/* true when the driver takes SPIR-V modules (GL 4.6 or ARB_gl_spirv) */
static bool has_gl_spirv(glhle_context *ctx, char *what, size_t what_size)
{
    GladGLContext *gl = &ctx->gl;
    GLint major = 0, minor = 0, n = 0;
    gl->GetIntegerv(GL_MAJOR_VERSION, &major);
    gl->GetIntegerv(GL_MINOR_VERSION, &minor);
    gl->GetIntegerv(GL_NUM_EXTENSIONS, &n);
    bool ext = false;
    for (GLint i = 0; i < n && !ext; i++) {
        const char *e = (const char *)gl->GetStringi(GL_EXTENSIONS, (GLuint)i);
        ext = e && !strcmp(e, "GL_ARB_gl_spirv");
    }
    snprintf(what, what_size, "%s (GL %d.%d%s)", (const char *)gl->GetString(GL_RENDERER), major, minor,
             ext ? ", GL_ARB_gl_spirv" : ", no GL_ARB_gl_spirv");
    if (!gl->SpecializeShader && ext && gladLoaderLoadEGL(EGL_NO_DISPLAY) && eglGetProcAddress)
        /* glad loads it for GL 4.6 only; the extension names it ...ARB */
        gl->SpecializeShader = (PFNGLSPECIALIZESHADERPROC)eglGetProcAddress("glSpecializeShaderARB");
    return (ext || major > 4 || (major == 4 && minor >= 6)) && gl->ShaderBinary && gl->SpecializeShader;
}

/* The vertex stage as SPIR-V: ARB_gl_spirv makes linking GLSL and SPIR-V
 * shader objects together an error (Mesa 22's llvmpipe crashes on it), so
 * the test's own vertex shader goes through glslangValidator -G. */
static glhle_bytebuf vertex_spirv;

static bool make_vertex_spirv(void)
{
    if (vertex_spirv.size)
        return true;
    glhle_bytebuf_init(&vertex_spirv, 0);
    return tgv_spirv(vertex_glsl, ts_output_path("maxwell_spirv_path.vert"), &vertex_spirv) &&
           vertex_spirv.size > 0;
}

static GLuint spirv_shader(glhle_context *ctx, GLenum stage, const void *words, size_t size)
{
    GladGLContext *gl = &ctx->gl;
    GLuint sh = gl->CreateShader(stage);
    gl->ShaderBinary(1, &sh, GL_SHADER_BINARY_FORMAT_SPIR_V, words, (GLsizei)size);
    gl->SpecializeShader(sh, "main", 0, NULL, NULL);
    GLint ok = 0;
    gl->GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        gl->DeleteShader(sh);
        return 0;
    }
    return sh;
}

/* both stages from SPIR-V modules (glShaderBinary + glSpecializeShader) */
static bool link_spirv(glhle_context *ctx, const mw_spirv_result *r, GLuint *out)
{
    GladGLContext *gl = &ctx->gl;
    *out = 0;
    GLuint v = spirv_shader(ctx, GL_VERTEX_SHADER, vertex_spirv.data, vertex_spirv.size);
    GLuint f = spirv_shader(ctx, GL_FRAGMENT_SHADER, r->spirv.data, r->spirv.size);
    GLint ok = v && f;
    GLuint prog = 0;
    if (ok) {
        prog = gl->CreateProgram();
        gl->AttachShader(prog, v);
        gl->AttachShader(prog, f);
        gl->LinkProgram(prog);
        gl->GetProgramiv(prog, GL_LINK_STATUS, &ok);
        if (!ok) {
            gl->DeleteProgram(prog);
            prog = 0;
        }
    }
    gl->DeleteShader(v);
    gl->DeleteShader(f);
    *out = prog;
    return ok != 0;
}

static bool run_as(glhle_context *ctx, const tmr_program *p, uint32_t got[OUTS], char *why, size_t why_size,
                   const char *dump, bool dispatcher, bool *structured)
{
    return run_mode(ctx, p, got, why, why_size, dump, dispatcher, false, structured);
}

/* test_tld: an RGBA32UI 2D texture the program fetches from handle word 0
 * (slot 0), of the kind and GL target below (test_tld_ms: multisampled) */
static GLuint fetch_texture;
static uint8_t fetch_kind;
static GLenum fetch_target;
/* test_shfl: the targets are grid x grid pixels and every pixel's R0-R11
 * land in grid_out (target i's pixels at i * grid * grid * 4) */
static int grid = 2;
static uint32_t *grid_out;

static bool run_mode(glhle_context *ctx, const tmr_program *p, uint32_t got[OUTS], char *why, size_t why_size,
                     const char *dump, bool dispatcher, bool spirv_direct, bool *structured)
{
    GladGLContext *gl = &ctx->gl;
    uint8_t sph[0x50] = {0};
    sph[0x48] = 0xff; /* render targets 0-2, all four components: R0-R3, R4-R7, R8-R11 */
    sph[0x49] = 0x0f;
    mw_spirv_input in;
    memset(&in, 0, sizeof in);
    in.code = p->code;
    in.words = p->words;
    in.sph = sph;
    in.key.stage = MW_SPIRV_FRAGMENT;
    in.key.rt_type[0] = in.key.rt_type[1] = in.key.rt_type[2] = MW_VAL_UINT;
    in.dispatcher = dispatcher;
    if (fetch_texture)
        in.key.tex[0] = fetch_kind;
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    bool ok = false;
    char *glsl = NULL;
    if (mw_spirv_translate(&in, ts_logger(), &r) != GLHLE_RESULT_OK) {
        snprintf(why, why_size, "refused: %s", r.reason);
        goto done;
    }
    if (structured)
        *structured = r.structured;
    if (tsv_available() && !tsv_validate((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_random")) {
        snprintf(why, why_size, "spirv-val rejects the module (%s.spv.log)", ts_output_path("maxwell_random"));
        goto done;
    }
    glhle_bytebuf g;
    glhle_bytebuf_init(&g, 0);
    const bool es = glhle_context_get_info(ctx)->gles;
    spv_glsl_binding bind[64];
    size_t nb = mw_spirv_gl_bindings(&r, MW_SPIRV_FRAGMENT, bind);
    spv_glsl_options o = {.es = es, .bindings = bind, .binding_count = nb};
    if (spv_to_glsl((const uint32_t *)r.spirv.data, r.spirv.size / 4, &o, ts_logger(), &g) != GLHLE_RESULT_OK) {
        glhle_bytebuf_free(&g);
        snprintf(why, why_size, "SPIRV-Cross refused the module");
        goto done;
    }
    glsl = strdup(glhle_bytebuf_cstr(&g));
    glhle_bytebuf_free(&g);
    if (dump) { /* the translation of a failing program, for reading */
        FILE *fp = fopen(ts_output_path(dump), "w");
        if (fp) {
            fputs(glsl, fp);
            fclose(fp);
        }
    }
    GLuint prog;
    if (spirv_direct ? !link_spirv(ctx, &r, &prog) : gl_link_program(ctx, es ? vertex_glsl_es : vertex_glsl, glsl, &prog) != GLHLE_RESULT_OK) {
        snprintf(why, why_size, "the translation does not link%s", spirv_direct ? " as SPIR-V" : "");
        goto done;
    }
    GLuint fbo, rb[3];
    gl->GenFramebuffers(1, &fbo);
    gl->BindFramebuffer(GL_FRAMEBUFFER, fbo);
    gl->GenRenderbuffers(3, rb);
    for (int i = 0; i < 3; i++) {
        gl->BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
        gl->RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32UI, grid, grid);
        gl->FramebufferRenderbuffer(GL_FRAMEBUFFER, (GLenum)(GL_COLOR_ATTACHMENT0 + i), GL_RENDERBUFFER, rb[i]);
    }
    static const GLenum bufs[3] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2};
    gl->DrawBuffers(3, bufs);
    static const GLuint zero[4] = {0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef};
    for (int i = 0; i < 3; i++)
        gl->ClearBufferuiv(GL_COLOR, i, zero);
    /* c0 (64 KiB, as the translation declares it): the words the random
     * programs' prologue loads into R0-R7 (maxwell_random.h); at binding 0
     * for the SPIR-V module and at the fragment stage's c0 for the GLSL */
    uint32_t *cb = calloc(1, 65536);
    assert_non_null(cb);
    memcpy(cb, p->cbuf0, sizeof p->cbuf0);
    GLuint ubo;
    gl->GenBuffers(1, &ubo);
    gl->BindBuffer(GL_UNIFORM_BUFFER, ubo);
    gl->BufferData(GL_UNIFORM_BUFFER, 65536, cb, GL_STATIC_DRAW);
    free(cb);
    gl->BindBufferBase(GL_UNIFORM_BUFFER, spirv_direct ? 0 : MW_SPIRV_FRAGMENT * MW_GL_UBOS_PER_STAGE, ubo);
    GLuint vao;
    gl->GenVertexArrays(1, &vao);
    gl->BindVertexArray(vao);
    gl->Viewport(0, 0, grid, grid);
    gl->UseProgram(prog);
    if (fetch_texture) {
        gl->ActiveTexture(GL_TEXTURE0 + MW_SPIRV_FRAGMENT * MW_GL_TEXTURES_PER_STAGE);
        gl->BindTexture(fetch_target, fetch_texture);
        gl->ActiveTexture(GL_TEXTURE0);
    }
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    for (int i = 0; i < 3; i++) {
        gl->ReadBuffer((GLenum)(GL_COLOR_ATTACHMENT0 + i));
        gl->ReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got + 4 * i);
        if (grid_out)
            gl->ReadPixels(0, 0, grid, grid, GL_RGBA_INTEGER, GL_UNSIGNED_INT, grid_out + (size_t)i * grid * grid * 4);
    }
    gl->BindVertexArray(0);
    gl->DeleteVertexArrays(1, &vao);
    gl->UseProgram(0);
    gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->DeleteFramebuffers(1, &fbo);
    gl->DeleteRenderbuffers(3, rb);
    gl->BindBuffer(GL_UNIFORM_BUFFER, 0);
    gl->DeleteBuffers(1, &ubo);
    gl->DeleteProgram(prog);
    ts_gl_check(ctx);
    ok = true;
done:
    free(glsl);
    mw_spirv_result_free(&r);
    return ok;
}

static bool run(glhle_context *ctx, const tmr_program *p, uint32_t got[OUTS], char *why, size_t why_size,
                const char *dump)
{
    return run_as(ctx, p, got, why, why_size, dump, false, NULL);
}

/* A branchy program of `n` instruction slots (whole groups of three). */
static tmr_program *slots_program(const uint64_t *slots, uint32_t n)
{
    tmr_program *p = calloc(1, sizeof *p);
    assert_non_null(p);
    for (uint32_t k = 0; k < n; k++)
        p->code[tmr_word_of_slot(k)] = slots[k];
    p->words = (n + 2) / 3 * 4;
    p->branchy = true;
    return p;
}

static void print_registers(const uint32_t *want, const uint32_t *got)
{
    for (int r = 0; r < OUTS; r++)
        print_message("  %s%d model 0x%08x translation 0x%08x%s\n", r < 8 ? "R" : "P", r < 8 ? r : r - 8, want[r],
                      got[r], want[r] != got[r] ? "  <-" : "");
}

static void test_random_programs(void **state)
{
    glhle_context *ctx = *state;
    uint64_t seed = ts_seed("maxwell_random", 0x5a55u);
    long programs = ts_env_long("GLHLE_MAXWELL_RANDOM_PROGRAMS", 160);
    long nops = ts_env_long("GLHLE_MAXWELL_RANDOM_OPS", 24);
    ts_rng rng;
    ts_rng_init(&rng, seed);
    uint32_t coverage[MW_SASS_FAM_COUNT] = {0};
    uint64_t insts = 0;
    for (long i = 0; i < programs; i++) {
        tmr_program *p = malloc(sizeof *p);
        assert_non_null(p);
        tmr_machine want;
        tmr_generate(&rng, (uint32_t)nops, p, &want);
        /* the encoder's words decode to the families the generator meant */
        uint32_t k = 0;
        for (size_t w = 0; w < p->words && k < 8 + p->ops; w++) {
            if (w % 4 == 0)
                continue;
            mw_sass_inst inst;
            mw_sass_decode_inst(p->code[w], (uint32_t)w * 8, 0, &inst);
            if (k >= 8) {
                uint32_t fam = p->family[k - 8];
                bool same = inst.family == fam || (fam == MW_SASS_FAM_SHL && inst.family == MW_SASS_FAM_SHR) ||
                            (fam == MW_SASS_FAM_POPC && inst.family == MW_SASS_FAM_FLO) ||
                            (fam == MW_SASS_FAM_IMNMX && inst.family == MW_SASS_FAM_SEL) ||
                            (fam == MW_SASS_FAM_ISETP && inst.family == MW_SASS_FAM_ISET) ||
                            (fam == MW_SASS_FAM_LEA && inst.family == MW_SASS_FAM_LEA_HI) ||
                            (fam == MW_SASS_FAM_PSETP && inst.family == MW_SASS_FAM_PSET) ||
                            (fam == MW_SASS_FAM_CSETP && inst.family == MW_SASS_FAM_CSET) ||
                            (fam == MW_SASS_FAM_P2R && inst.family == MW_SASS_FAM_R2P) ||
                            (fam == MW_SASS_FAM_HADD2 &&
                             (inst.family == MW_SASS_FAM_HMUL2 || inst.family == MW_SASS_FAM_HFMA2 ||
                              inst.family == MW_SASS_FAM_HSET2 || inst.family == MW_SASS_FAM_HSETP2)) ||
                            fam == MW_SASS_FAM_FADD || fam == MW_SASS_FAM_F2I;
                if (!same)
                    fail_msg("seed %llu program %ld: word 0x%016llx decodes as %s", (unsigned long long)seed, i,
                             (unsigned long long)p->code[w], mw_sass_op_name((mw_sass_op)inst.op));
                coverage[inst.family]++;
            }
            k++;
        }
        insts += p->ops;
        uint32_t got[OUTS];
        char why[256];
        if (!run(ctx, p, got, why, sizeof why, NULL)) {
            print_program(p);
            fail_msg("seed %llu program %ld: %s", (unsigned long long)seed, i, why);
        }
        if (memcmp(got, want.out, sizeof got)) {
            print_message("seed %llu program %ld differs:\n", (unsigned long long)seed, i);
            print_program(p);
            /* the first operation after which they differ: end the program there */
            for (uint32_t n = 1; n <= p->ops; n++) {
                tmr_program *q = malloc(sizeof *q);
                assert_non_null(q);
                memcpy(q, p, sizeof *q);
                tmr_truncate(q, n);
                uint32_t part[OUTS];
                char dump[64];
                snprintf(dump, sizeof dump, "maxwell_random_prefix%u.glsl", n);
                if (run(ctx, q, part, why, sizeof why, dump) && memcmp(part, p->after[n - 1], sizeof part)) {
                    print_message("  first difference after operation %u (slot %u):\n", n, 8 + n - 1);
                    for (int r = 0; r < OUTS; r++)
                        print_message("    %s%d model 0x%08x translation 0x%08x\n", r < 8 ? "R" : "P", r < 8 ? r : r - 8,
                                      p->after[n - 1][r], part[r]);
                    free(q);
                    break;
                }
                free(q);
            }
            print_registers(want.out, got);
            fail_msg("seed %llu: program %ld's registers differ from the CPU model", (unsigned long long)seed, i);
        }
        free(p);
    }
    char line[1024] = "";
    size_t used = 0;
    for (uint32_t f = 1; f < MW_SASS_FAM_COUNT; f++)
        if (coverage[f])
            used += (size_t)snprintf(line + used, used < sizeof line ? sizeof line - used : 0, " %s %u",
                                     mw_sass_family_name((mw_sass_family)f), coverage[f]);
    print_message("maxwell random: seed %llu, %ld programs, %llu random instructions, all equal to the CPU model\n"
                  "  by family:%s\n",
                  (unsigned long long)seed, programs, (unsigned long long)insts, line);
}

/* Branchy programs (tmr_generate_branchy: if/else, SSY/SYNC, loops with
 * PBK/BRK and PCNT/CONT, bounded trip counts): each translated twice, laid
 * out as SPIR-V selections and loops (which every generated shape allows:
 * the test fails if the translator falls back) and through the dispatcher,
 * both equal to the CPU model. GLHLE_MAXWELL_BRANCHY_PROGRAMS sets the
 * number (default 120). */
static void test_branchy_programs(void **state)
{
    glhle_context *ctx = *state;
    uint64_t seed = ts_seed("maxwell_random_branchy", 0xb4a7u);
    long programs = ts_env_long("GLHLE_MAXWELL_BRANCHY_PROGRAMS", 120);
    long nops = ts_env_long("GLHLE_MAXWELL_RANDOM_OPS", 24);
    ts_rng rng;
    ts_rng_init(&rng, seed);
    uint64_t slots = 0;
    uint32_t control[MW_SASS_FAM_COUNT] = {0}, bra_cc = 0;
    for (long i = 0; i < programs; i++) {
        tmr_program *p = malloc(sizeof *p);
        assert_non_null(p);
        tmr_machine want;
        tmr_generate_branchy(&rng, (uint32_t)nops, p, &want);
        for (size_t w = 0; w < p->words; w++) {
            if (w % 4 == 0)
                continue;
            mw_sass_inst inst;
            mw_sass_decode_inst(p->code[w], (uint32_t)w * 8, 0, &inst);
            if (inst.family == MW_SASS_FAM_BRA || inst.family == MW_SASS_FAM_SSY || inst.family == MW_SASS_FAM_SYNC ||
                inst.family == MW_SASS_FAM_PBK || inst.family == MW_SASS_FAM_BRK || inst.family == MW_SASS_FAM_PCNT ||
                inst.family == MW_SASS_FAM_CONT)
                control[inst.family]++;
            if (inst.family == MW_SASS_FAM_BRA && (p->code[w] & 0x1f) != 0xf) /* a condition-code test at 0-4 */
                bra_cc++;
            slots++;
        }
        for (int dispatcher = 0; dispatcher < 2; dispatcher++) {
            uint32_t got[OUTS];
            char why[256];
            bool structured = false;
            if (!run_as(ctx, p, got, why, sizeof why, dispatcher ? "maxwell_branchy_dispatcher.glsl" : "maxwell_branchy.glsl",
                        dispatcher, &structured)) {
                print_program(p);
                fail_msg("seed %llu branchy program %ld (%s): %s", (unsigned long long)seed, i,
                         dispatcher ? "dispatcher" : "structured", why);
            }
            if (!dispatcher && !structured) {
                print_program(p);
                fail_msg("seed %llu branchy program %ld: the translator fell back to the dispatcher",
                         (unsigned long long)seed, i);
            }
            if (memcmp(got, want.out, sizeof got)) {
                print_message("seed %llu branchy program %ld differs (%s):\n", (unsigned long long)seed, i,
                              dispatcher ? "dispatcher" : "structured");
                print_program(p);
                print_registers(want.out, got);
                fail_msg("seed %llu: branchy program %ld's registers differ from the CPU model", (unsigned long long)seed,
                         i);
            }
        }
        free(p);
    }
    print_message("maxwell branchy: seed %llu, %ld programs, %llu instructions (BRA %u, %u of them on a condition-code "
                  "test, SSY %u SYNC %u PBK %u BRK %u PCNT %u CONT %u), structured and dispatcher both equal to the CPU "
                  "model\n",
                  (unsigned long long)seed, programs, (unsigned long long)slots, control[MW_SASS_FAM_BRA], bra_cc,
                  control[MW_SASS_FAM_SSY], control[MW_SASS_FAM_SYNC], control[MW_SASS_FAM_PBK],
                  control[MW_SASS_FAM_BRK], control[MW_SASS_FAM_PCNT], control[MW_SASS_FAM_CONT]);
}

/* ARB_gl_spirv (issue 15 part 4): where the driver takes SPIR-V, the
 * translated modules run as they are; 40 branchy programs must give the CPU
 * model's registers that way and through GLSL. */
static void test_gl_spirv_path(void **state)
{
    glhle_context *ctx = *state;
    char what[256];
    if (glhle_context_get_info(ctx)->gles) {
        print_message("SKIP on OpenGL ES: SPIR-V modules: ES 3.2 has no glSpecializeShader (ARB_gl_spirv is "
                      "desktop only); the GLSL path runs in the other two tests\n");
        skip();
    }
    if (!has_gl_spirv(ctx, what, sizeof what)) {
        print_message("SKIP: the driver does not take SPIR-V: %s\n", what);
        skip();
    }
    if (!make_vertex_spirv()) {
        print_message("SKIP: glslangValidator -G cannot make the vertex stage's SPIR-V (%s)\n", what);
        skip();
    }
    uint64_t seed = ts_seed("maxwell_random_spirv", 0x5b1du);
    ts_rng rng;
    ts_rng_init(&rng, seed);
    for (long i = 0; i < 40; i++) {
        tmr_program *p = malloc(sizeof *p);
        assert_non_null(p);
        tmr_machine want;
        tmr_generate_branchy(&rng, 24, p, &want);
        for (int direct = 0; direct < 2; direct++) { /* the GLSL path, then the module itself */
            uint32_t got[OUTS];
            char why[256];
            if (!run_mode(ctx, p, got, why, sizeof why, NULL, false, direct, NULL)) {
                print_program(p);
                fail_msg("seed %llu program %ld: %s", (unsigned long long)seed, i, why);
            }
            if (memcmp(got, want.out, sizeof got)) {
                print_program(p);
                print_registers(want.out, got);
                fail_msg("seed %llu: program %ld through %s differs from the CPU model", (unsigned long long)seed, i,
                         direct ? "SPIR-V" : "GLSL");
            }
        }
        free(p);
    }
    print_message("maxwell SPIR-V path: %s, seed %llu, 40 branchy programs, SPIR-V and GLSL both equal to the CPU model\n", what,
                  (unsigned long long)seed);
    glhle_bytebuf_free(&vertex_spirv);
}

/* CAL/RET (issue 15 part 3): a hand-made program whose main calls f, shifts,
 * calls g (which calls f and shifts, a nested call), then calls f again;
 * f adds 1 to R1. Only the call stack's order gives R1 = ((1 << 4) + 1) << 4
 * + 1 = 0x111 (worked by hand): a return to the wrong point skips or repeats
 * a shift or an add. Encodings from the opcode table (envydis gm107.c): CAL
 * e260 and BRA's 24-bit offset at 20 from the next instruction, no guard
 * field; RET e320 with CC test 0xf; MOV32I 0100, IADD32I 1c00, SHL imm
 * 3848 (amount at 20). Calls leave the structured layout: both requests
 * must come back through the dispatcher with the same registers. */
static uint64_t cal_to(uint32_t at, uint32_t to)
{
    uint32_t rel = (((to / 3) * 32 + 8 + (to % 3) * 8) - ((at / 3) * 32 + 8 + (at % 3) * 8 + 8)) & 0xffffff;
    return 0xe260000000000000ull | (uint64_t)rel << 20;
}

static void test_calls(void **state)
{
    glhle_context *ctx = *state;
    const uint64_t guard = 7ull << 16, ret = 0xe32000000007000full, nop = 0x50b0000000070f00ull;
    const uint64_t mov_r0 = 0x0100000000000000ull | 0x55ull << 20 | 0xfull << 12 | guard | 0;
    const uint64_t mov_r1 = 0x0100000000000000ull | 0xfull << 12 | guard | 1;
    const uint64_t mov_r2 = 0x0100000000000000ull | 0x77ull << 20 | 0xfull << 12 | guard | 2;
    const uint64_t add_r1 = 0x1c00000000000000ull | 1ull << 20 | 1ull << 8 | guard | 1;
    const uint64_t shl_r1 = 0x3848000000000000ull | 4ull << 20 | 1ull << 8 | guard | 1;
    const uint64_t slots[15] = {
        mov_r1, mov_r0, cal_to(2, 9), shl_r1, cal_to(4, 11), cal_to(5, 9), mov_r2, 0xe30000000007000full, nop,
        add_r1, ret,                                /* f: 9 */
        cal_to(11, 9), shl_r1, ret, nop,            /* g: 11 */
    };
    tmr_program *p = slots_program(slots, 15);
    for (int dispatcher = 0; dispatcher < 2; dispatcher++) {
        uint32_t got[OUTS];
        char why[256];
        bool structured = true;
        if (!run_as(ctx, p, got, why, sizeof why, "maxwell_calls.glsl", dispatcher, &structured)) {
            print_program(p);
            fail_msg("calls (%s): %s", dispatcher ? "dispatcher" : "default", why);
        }
        if (structured)
            fail_msg("calls: the translation says it is structured");
        if (got[0] != 0x55 || got[1] != 0x111 || got[2] != 0x77) {
            print_program(p);
            fail_msg("calls (%s): R0 0x%x R1 0x%x R2 0x%x, want 0x55 0x111 0x77", dispatcher ? "dispatcher" : "default",
                     got[0], got[1], got[2]);
        }
    }
    free(p);
    print_message("maxwell calls: CAL/RET nested, R1 = 0x111 as worked by hand, default and dispatcher\n");
}

/* FMNMX R (5c60) / DMNMX R (5c50): Rd, Ra, Rb; predicate 39-41 negated by
 * 42 (PT 7, !PT 15, P0 0): true takes the minimum; neg b 45; PT guard */
static uint64_t mnmx(uint16_t op, uint32_t d, uint32_t a, uint32_t b, uint32_t pred, bool neg_b)
{
    return (uint64_t)op << 48 | (uint64_t)pred << 39 | (uint64_t)neg_b << 45 | 7ull << 16 | (uint64_t)b << 20 |
           (uint64_t)a << 8 | d;
}

/* FMNMX and DMNMX of signed zeros (issue 15 part 3). The PTX ISA's min
 * and max notes: "If values of both inputs are 0.0, then +0.0 > -0.0", so
 * the minimum of +0 and -0 is -0 and the maximum +0 in either operand
 * order; GLSL.std.450's NMin/NMax ("y if y < x, otherwise x") pick by
 * position, and llvmpipe's max gave -0 for both orders before the
 * translator handled equal operands itself (maxwell_spirv.c fmin_max).
 * R0 = +0, R1 = -0 (so R0:R1 is the double -0.0), R7 = 1.5; R10:R11 =
 * +0.0. Worked by hand from that rule:
 *   FMNMX R2, R0, R1, PT     min(+0, -0)     -0    0x80000000
 *   FMNMX R3, R1, R0, PT     min(-0, +0)     -0    0x80000000
 *   FMNMX R4, R0, R1, !PT    max(+0, -0)     +0    0
 *   FMNMX R5, R1, R0, !PT    max(-0, +0)     +0    0
 *   FMNMX R6, R0, -R0, PT    min(+0, -(+0))  -0    0x80000000
 *   FMNMX R7, R7, R7, PT     min(1.5, 1.5)   1.5   0x3fc00000
 *   DMNMX R8, R10, R0, PT    min(+0.0, -0.0) -0.0  R8 0, R9 0x80000000
 *   DMNMX R10, R10, R0, !PT  max(+0.0, -0.0) +0.0  R10 0, R11 0
 * R0, R1 and R7 come from c0 (tmr_load: computed by the draw) and then as
 * MOV32I immediates (folded by the GL compiler); the doubles are left out
 * on ES, which has none. */
static void test_fmnmx_signed_zero(void **state)
{
    glhle_context *ctx = *state;
    const bool es = glhle_context_get_info(ctx)->gles;
    const uint64_t guard = 7ull << 16, mov = 0x0100000000000000ull | 0xfull << 12 | guard;
    const uint64_t nop = 0x50b0000000070f00ull;
    static const uint32_t want[OUTS] = {0, 0x80000000u, 0x80000000u, 0x80000000u, 0, 0, 0x80000000u, 0x3fc00000u,
                                        0, 0x80000000u, 0, 0};
    for (int immediate = 0; immediate < 2; immediate++) {
        tmr_program *p = calloc(1, sizeof *p);
        assert_non_null(p);
        const uint32_t init[3][2] = {{0, 0}, {1, 0x80000000u}, {7, 0x3fc00000u}};
        uint64_t slots[15];
        for (uint32_t k = 0; k < 3; k++)
            slots[k] = immediate ? mov | (uint64_t)init[k][1] << 20 | init[k][0] : tmr_load(p, init[k][0], init[k][1]);
        const uint64_t rest[12] = {
            mnmx(0x5c60, 2, 0, 1, 7, false), mnmx(0x5c60, 3, 1, 0, 7, false), mnmx(0x5c60, 4, 0, 1, 15, false),
            mnmx(0x5c60, 5, 1, 0, 15, false), mnmx(0x5c60, 6, 0, 0, 7, true), mnmx(0x5c60, 7, 7, 7, 7, false),
            es ? nop : mov | 10, es ? nop : mov | 11, es ? nop : mnmx(0x5c50, 8, 10, 0, 7, false),
            es ? nop : mnmx(0x5c50, 10, 10, 0, 15, false), 0xe30000000007000full, nop,
        };
        memcpy(slots + 3, rest, sizeof rest);
        for (uint32_t k = 0; k < 15; k++)
            p->code[tmr_word_of_slot(k)] = slots[k];
        p->words = 20;
        uint32_t got[OUTS];
        char why[256];
        if (!run(ctx, p, got, why, sizeof why, "maxwell_fmnmx_zero.glsl")) {
            print_program(p);
            fail_msg("FMNMX signed zeros: %s", why);
        }
        for (int r = 0; r < (es ? 8 : OUTS); r++)
            if (got[r] != want[r]) {
                print_program(p);
                for (int k = 0; k < (es ? 8 : OUTS); k++)
                    print_message("  R%d 0x%08x, want 0x%08x%s\n", k, got[k], want[k], got[k] != want[k] ? "  <-" : "");
                fail_msg("FMNMX signed zeros (%s): R%d 0x%08x, want 0x%08x (-0 < +0, PTX ISA min/max)",
                         immediate ? "immediates" : "from c0", r, got[r], want[r]);
            }
        free(p);
    }
    print_message("maxwell FMNMX%s: min of +0 and -0 is -0 and max +0 in either order, as worked by hand from the PTX "
                  "ISA, from c0 and as immediates\n",
                  es ? "" : "/DMNMX");
}

/* Selects between loaded words (the failures of seed 12 random program 125
 * and seed 2 branchy program 106). A select whose arms the GL compiler
 * sees as the constants 0 and 0xbf800000 (-1.0f) under a condition it
 * cannot fold came back as 0x80000000 (Mesa 22.3's NIR: maxwell_random.c's
 * tmr_load says why), so the random programs load their data from c0 with
 * tmr_load. Through the dispatcher, whose loop keeps P0 from being folded
 * (false on the first pass, set at the end, as seed 2's P2 was):
 *   R0 = 0xbf800000, R1 = 0, R2 = 0xbf800000   (tmr_load)
 *   @!P0 MOV R2, R1            P0 false: R2 = 0 (seed 2's guarded ISCADD)
 *   FMNMX R3, R1, R0, P0       P0 false: max(+0, -1.0) = +0 (seed 12's FMNMX)
 *   PSETP.AND.AND P0, PT, PT, PT, PT;  BRA next;  next: EXIT
 * wants R2 = 0 and R3 = 0 (worked by hand); with the words as MOV32I
 * immediates both read 0x80000000. Encodings: MOV R 5c98 (Rb 20, lane
 * mask 39-42), the guard at 16-19 (8 | 0 = !P0), PSETP 5090 (as
 * maxwell_random.c's op_pset), BRA e240 (offset at 20 from the next
 * instruction, CC test 0xf). */
static void test_loaded_selects(void **state)
{
    glhle_context *ctx = *state;
    tmr_program *p = calloc(1, sizeof *p);
    assert_non_null(p);
    const uint64_t slots[9] = {
        tmr_load(p, 0, 0xbf800000u),
        tmr_load(p, 1, 0),
        tmr_load(p, 2, 0xbf800000u),
        0x5c98000000000000ull | 0xfull << 39 | 8ull << 16 | 1ull << 20 | 2,                   /* @!P0 MOV R2, R1 */
        mnmx(0x5c60, 3, 1, 0, 0, false),                                                      /* FMNMX R3, R1, R0, P0 */
        0x5090000000000000ull | 7ull << 39 | 7ull << 29 | 7ull << 12 | 7ull << 16 | 0ull << 3 | 7, /* PSETP P0 */
        0xe24000000000000full,                                                                /* BRA slot 7 (+0) */
        0xe30000000007000full, 0x50b0000000070f00ull,
    };
    for (uint32_t k = 0; k < 9; k++)
        p->code[tmr_word_of_slot(k)] = slots[k];
    p->words = 12;
    p->branchy = true;
    for (int dispatcher = 0; dispatcher < 2; dispatcher++) {
        uint32_t got[OUTS];
        char why[256];
        if (!run_as(ctx, p, got, why, sizeof why, "maxwell_loaded_selects.glsl", dispatcher, NULL)) {
            print_program(p);
            fail_msg("loaded selects (%s): %s", dispatcher ? "dispatcher" : "default", why);
        }
        if (got[0] != 0xbf800000u || got[1] != 0 || got[2] != 0 || got[3] != 0) {
            print_program(p);
            fail_msg("loaded selects (%s): R0 0x%08x R1 0x%08x R2 0x%08x R3 0x%08x, want 0xbf800000 0 0 0",
                     dispatcher ? "dispatcher" : "default", got[0], got[1], got[2], got[3]);
        }
    }
    free(p);
    print_message("maxwell loaded selects: a guarded MOV of 0 over -1.0f and FMNMX(+0, -1.0) under a loop-carried "
                  "predicate give 0, as worked by hand, default and dispatcher\n");
}

/* BRX (issue 15 part 3): the target is BRX + 8 + imm + Ra at run time, here
 * register values a MOV32I sets (the path is the same for one an LDC reads
 * from a jump table). Worked by hand (insn offsets (k/3)*32 + 8 + (k%3)*8):
 * BRX R2 at slot 2 (byte 24) with R2 = 40 goes to byte 72, slot 6: R0 +=
 * 0x10; BRX R2, 16 at slot 8 (byte 88) with R2 = -80 goes to byte 32, the
 * scheduling word of the bundle whose first instruction (slot 3) adds 1,
 * then EXIT: R0 = 0x11, and slot 3 ran once. Encoding: BRX e250, Ra at 8,
 * a 24-bit immediate at 20, CC test 0xf (the opcode table; envydis
 * gm107.c). */
static void test_brx(void **state)
{
    glhle_context *ctx = *state;
    const uint64_t guard = 7ull << 16, nop = 0x50b0000000070f00ull, brx = 0xe25000000000000full | guard;
    const uint64_t mov = 0x0100000000000000ull | 0xfull << 12 | guard;
    const uint64_t slots[9] = {
        mov | 0,                                     /* MOV32I R0, 0 */
        mov | 40ull << 20 | 2,                       /* MOV32I R2, 40 */
        brx | 2ull << 8,                             /* BRX R2 */
        0x1c00000000000000ull | 1ull << 20 | guard,  /* 3: IADD32I R0, R0, 1 */
        0xe30000000007000full,                       /* EXIT */
        nop,
        0x1c00000000000000ull | 0x10ull << 20 | guard, /* 6: IADD32I R0, R0, 0x10 */
        mov | 0xffffffb0ull << 20 | 2,               /* MOV32I R2, -80 */
        brx | 2ull << 8 | 16ull << 20,               /* BRX R2, 16 */
    };
    tmr_program *p = slots_program(slots, 9);
    for (int dispatcher = 0; dispatcher < 2; dispatcher++) {
        uint32_t got[OUTS];
        char why[256];
        bool structured = true;
        if (!run_as(ctx, p, got, why, sizeof why, "maxwell_brx.glsl", dispatcher, &structured)) {
            print_program(p);
            fail_msg("BRX (%s): %s", dispatcher ? "dispatcher" : "default", why);
        }
        if (structured)
            fail_msg("BRX: the translation says it is structured");
        if (got[0] != 0x11 || got[2] != 0xffffffb0u) {
            print_program(p);
            fail_msg("BRX (%s): R0 0x%x R2 0x%x, want 0x11 0xffffffb0", dispatcher ? "dispatcher" : "default", got[0],
                     got[2]);
        }
    }
    free(p);
    print_message("maxwell BRX: forward and backward (to a scheduling word), R0 = 0x11 as worked by hand\n");
}

/* Runs nine instruction slots with fetch_texture bound at slot 0 (of
 * `kind`, GL `target`), deletes the texture, and compares R0-R11 with
 * `want`; `what` names the test in failures. */
static void run_fetch(glhle_context *ctx, const uint64_t slots[9], uint8_t kind, GLenum target,
                      const uint32_t want[OUTS], const char *what, const char *dump)
{
    tmr_program *p = slots_program(slots, 9);
    uint32_t got[OUTS];
    char why[256];
    fetch_kind = kind;
    fetch_target = target;
    bool ok = run(ctx, p, got, why, sizeof why, dump);
    ctx->gl.DeleteTextures(1, &fetch_texture);
    fetch_texture = 0;
    if (!ok) {
        print_program(p);
        fail_msg("%s: %s", what, why);
    }
    if (memcmp(got, want, sizeof got)) {
        print_program(p);
        print_registers(want, got);
        fail_msg("%s: the fetched registers differ from the hand-worked texels", what);
    }
    free(p);
}

/* TLD (issue 15 part 2): texel fetches from a 4x4 RGBA32UI texture with a
 * 2x2 second level whose texel (x, y) of level l, component c holds
 * x | y << 8 | l << 16 | c << 24 (written here, so the expected words
 * follow from the coordinates by hand). TLD.LZ R0, R4 (2D, mask rgba) at
 * (1, 2) gives 0x00000201 + c << 24 in R0-R3; TLD.LL.AOFFI R10, R8, R6
 * (mask r, b) at (1, 0), level R6 = 1, offset R7 = 0x1f (x -1, y +1) reads
 * (0, 1) of level 1: R10 = 0x00010100, R11 = 0x02010100. Encoding (yuzu
 * texture_load.cpp, Mesa emitTLD): TLD dc38 with the sparse predicate PT
 * at 51-53, type 28-30 (2 = 2D), mask 31-34, handle word 36-48, LL 55,
 * AOFFI 35, Rb 20, Ra 8, Rd 0. */
static void test_tld(void **state)
{
    glhle_context *ctx = *state;
    GladGLContext *gl = &ctx->gl;
    gl->GenTextures(1, &fetch_texture);
    gl->BindTexture(GL_TEXTURE_2D, fetch_texture);
    gl->TexStorage2D(GL_TEXTURE_2D, 2, GL_RGBA32UI, 4, 4);
    for (uint32_t l = 0; l < 2; l++) {
        uint32_t px[4 * 4 * 4], w = 4 >> l;
        for (uint32_t y = 0; y < w; y++)
            for (uint32_t x = 0; x < w; x++)
                for (uint32_t c = 0; c < 4; c++)
                    px[(y * w + x) * 4 + c] = x | y << 8 | l << 16 | c << 24;
        gl->TexSubImage2D(GL_TEXTURE_2D, (GLint)l, 0, 0, (GLsizei)w, (GLsizei)w, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
    }
    gl->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    gl->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gl->BindTexture(GL_TEXTURE_2D, 0);
    const uint64_t guard = 7ull << 16, mov = 0x0100000000000000ull | 0xfull << 12 | guard;
    const uint64_t tld = 0xdc38000000000000ull | 2ull << 28 | guard;
    const uint64_t slots[9] = {
        mov | 1ull << 20 | 4,                                     /* MOV32I R4, 1 */
        mov | 2ull << 20 | 5,                                     /* MOV32I R5, 2 */
        tld | 0xfull << 31 | 255ull << 20 | 4ull << 8 | 0,        /* TLD.LZ R0, R4, 2D, rgba */
        mov | 1ull << 20 | 8,                                     /* MOV32I R8, 1 */
        mov | 9,                                                  /* MOV32I R9, 0 */
        mov | 1ull << 20 | 6,                                     /* MOV32I R6, 1 */
        mov | 0x1full << 20 | 7,                                  /* MOV32I R7, 0x1f */
        tld | 1ull << 55 | 1ull << 35 | 0x5ull << 31 | 6ull << 20 | 8ull << 8 | 10, /* TLD.LL.AOFFI R10, R8, R6 */
        0xe30000000007000full,                                    /* EXIT */
    };
    static const uint32_t want[OUTS] = {0x00000201, 0x01000201, 0x02000201, 0x03000201, 1, 2, 1, 0x1f, 1, 0,
                                        0x00010100, 0x02010100};
    run_fetch(ctx, slots, MW_TEX_2D | MW_TEX_UINT, GL_TEXTURE_2D, want, "TLD", "maxwell_tld.glsl");
    print_message("maxwell TLD: LZ and LL+AOFFI fetches equal the hand-worked texels\n");
}

/* fetch_texture: a w x h RGBA32UI multisample texture of 4 samples (the
 * test skips where the host has fewer for integer formats) */
static void ms_fetch_texture(glhle_context *ctx, GLsizei w, GLsizei h)
{
    GladGLContext *gl = &ctx->gl;
    GLint max_int_samples = 0;
    gl->GetIntegerv(GL_MAX_INTEGER_SAMPLES, &max_int_samples);
    if (max_int_samples < 4) {
        print_message("SKIP: the host has %d samples for integer formats, the test needs 4\n", max_int_samples);
        skip();
    }
    gl->GenTextures(1, &fetch_texture);
    gl->BindTexture(GL_TEXTURE_2D_MULTISAMPLE, fetch_texture);
    gl->TexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA32UI, w, h, GL_TRUE);
    gl->BindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
}

/* TLD.MS (issue 15 part 3): fetches of single samples from a 4x4 RGBA32UI
 * texture of 4 samples whose sample s of texel (x, y), component c holds
 * x | y << 8 | s << 16 | c << 24, drawn here sample by sample (four
 * draws, each under a sample mask of one sample, GL 4.5 14.9.3 / ES 3.2
 * 13.8.3), so the expected words follow from the coordinates by hand. TLD.MS R0, R4, R6 (2D, rgba) at (1, 2), sample R6 = 3 gives
 * 0x00030201 + c << 24; TLD.MS.AOFFI R10, R8, R6 (mask r, b) at (1, 0),
 * offset R6 = 0x1f (x -1, y +1) and sample R7 = 2 reads sample 2 of (0, 1):
 * R10 = 0x00020100, R11 = 0x02020100. Encoding: test_tld's, plus MS at bit
 * 50 (Mesa emitTLD: emitField(0x32, 1, isMS)); the sample register follows
 * the LOD and offset registers in Rb (yuzu texture_load.cpp). The slot's
 * key kind is MW_TEX_2D_MS (sampler2DMS). */
static void test_tld_ms(void **state)
{
    glhle_context *ctx = *state;
    GladGLContext *gl = &ctx->gl;
    const bool es = glhle_context_get_info(ctx)->gles;
    ms_fetch_texture(ctx, 4, 4);
    /* the samples' words, drawn once per sample */
    static const char *const fill_body =
        "layout(location = 0) out uvec4 o;\n"
        "layout(location = 0) uniform uint s;\n"
        "void main()\n{\n"
        "    uint v = uint(gl_FragCoord.x) | uint(gl_FragCoord.y) << 8 | s << 16;\n"
        "    o = uvec4(v, v | 1u << 24, v | 2u << 24, v | 3u << 24);\n}\n";
    char fill[512];
    snprintf(fill, sizeof fill, "%s%s", es ? "#version 320 es\nprecision highp float;\nprecision highp int;\n"
                                           : "#version 450\n", fill_body);
    GLuint fill_prog, fbo, vao;
    assert_int_equal(gl_link_program(ctx, es ? vertex_glsl_es : vertex_glsl, fill, &fill_prog), GLHLE_RESULT_OK);
    gl->GenFramebuffers(1, &fbo);
    gl->BindFramebuffer(GL_FRAMEBUFFER, fbo);
    gl->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, fetch_texture, 0);
    assert_int_equal(gl->CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    gl->GenVertexArrays(1, &vao);
    gl->BindVertexArray(vao);
    gl->Viewport(0, 0, 4, 4);
    gl->UseProgram(fill_prog);
    gl->Enable(GL_SAMPLE_MASK);
    for (GLuint smp = 0; smp < 4; smp++) {
        gl->SampleMaski(0, 1u << smp);
        gl->Uniform1ui(0, smp);
        gl->DrawArrays(GL_TRIANGLES, 0, 3);
    }
    gl->SampleMaski(0, ~0u);
    gl->Disable(GL_SAMPLE_MASK);
    gl->UseProgram(0);
    gl->BindVertexArray(0);
    gl->DeleteVertexArrays(1, &vao);
    gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->DeleteFramebuffers(1, &fbo);
    gl->DeleteProgram(fill_prog);
    ts_gl_check(ctx);
    const uint64_t guard = 7ull << 16, mov = 0x0100000000000000ull | 0xfull << 12 | guard;
    const uint64_t tld = 0xdc38000000000000ull | 1ull << 50 | 2ull << 28 | guard;
    const uint64_t slots[9] = {
        mov | 1ull << 20 | 4,                                       /* MOV32I R4, 1 */
        mov | 2ull << 20 | 5,                                       /* MOV32I R5, 2 */
        mov | 3ull << 20 | 6,                                       /* MOV32I R6, 3 */
        tld | 0xfull << 31 | 6ull << 20 | 4ull << 8 | 0,            /* TLD.MS R0, R4, R6, 2D, rgba */
        mov | 1ull << 20 | 8,                                       /* MOV32I R8, 1 */
        mov | 0x1full << 20 | 6,                                    /* MOV32I R6, 0x1f */
        mov | 2ull << 20 | 7,                                       /* MOV32I R7, 2 */
        tld | 1ull << 35 | 0x5ull << 31 | 6ull << 20 | 8ull << 8 | 10, /* TLD.MS.AOFFI R10, R8, R6 */
        0xe30000000007000full,                                      /* EXIT */
    };
    static const uint32_t want[OUTS] = {0x00030201, 0x01030201, 0x02030201, 0x03030201, 1, 2, 0x1f, 2, 1, 0,
                                        0x00020100, 0x02020100};
    run_fetch(ctx, slots, MW_TEX_2D_MS | MW_TEX_UINT, GL_TEXTURE_2D_MULTISAMPLE, want, "TLD.MS",
              "maxwell_tld_ms.glsl");
    print_message("maxwell TLD.MS: single-sample fetches (plain and AOFFI) equal the hand-worked samples\n");
}

/* TXQ (dimensions) of a multisample slot: an 8x4 RGBA32UI texture of 4
 * samples (non-square, so swapped components fail), TXQ R0, R4 (mask
 * rgba; the LOD register R4 = 3 is ignored, an MS image having one level)
 * gives R0 = 8, R1 = 4, R2 = 1 (no third dimension, as TXQ of a 2D slot),
 * R3 = 1 (its level count). Encoding: the unit test's (TXQ df48, query 1
 * at 22, mask 31-34). */
static void test_txq_ms(void **state)
{
    glhle_context *ctx = *state;
    ms_fetch_texture(ctx, 8, 4);
    ts_gl_check(ctx);
    const uint64_t guard = 7ull << 16, mov = 0x0100000000000000ull | 0xfull << 12 | guard;
    const uint64_t txq = 0xdf48000000000000ull | 0xfull << 31 | 1ull << 22 | guard;
    const uint64_t nop = 0x50b0000000070f00ull;
    const uint64_t slots[9] = {
        mov | 3ull << 20 | 4,  /* MOV32I R4, 3 */
        txq | 4ull << 8 | 0,   /* TXQ R0, R4, dimensions, rgba */
        0xe30000000007000full, /* EXIT */
        nop, nop, nop, nop, nop, nop,
    };
    static const uint32_t want[OUTS] = {8, 4, 1, 1, 3, 0, 0, 0, 0, 0, 0, 0};
    run_fetch(ctx, slots, MW_TEX_2D_MS | MW_TEX_UINT, GL_TEXTURE_2D_MULTISAMPLE, want, "TXQ.MS",
              "maxwell_txq_ms.glsl");
    print_message("maxwell TXQ of a multisample slot: 8, 4, 1, 1 as worked by hand\n");
}

/* SHFL.IDX/UP/DOWN/BFLY over the host's subgroup (issue 15 part 3),
 * seeded: each program is S2R R0, LANEID; SHL R1, R0, 4; IADD32I R1, R1, K;
 * SHFL.mode R2, P0, R1, b, c (random immediates); MOV32I R12, 1; SEL R3,
 * R12, RZ, P0; EXIT, drawn over 8x8 pixels (every lane of every subgroup
 * active), and each pixel's R2/R3 are compared with the PTX ISA's shfl
 * (segmask = c[12:8], maxLane = (lane & segmask) | (c[4:0] & ~segmask),
 * minLane = lane & segmask; IDX j = minLane | (b & ~segmask), UP j = lane -
 * b valid when j >= maxLane (signed), DOWN j = lane + b, BFLY j = lane ^ b
 * valid when j <= maxLane; an invalid j reads the lane's own value) applied
 * to the pixel's own lane (R0) and source (lane << 4) + K. Segments are at
 * most 8 lanes wide (segmask 0x18, 0x1c, 0x1e or 0x1f), so on llvmpipe's
 * 8-wide subgroup the host lanes are a segment-aligned part of a warp and
 * the results equal a 32-wide warp's; the test skips if the subgroup is
 * narrower. Encodings (envydis gm107.c): S2R f0c8 (SR 20-27, 0 LANEID),
 * SHFL ef10 (mode 30-31, b u5 at 20 with bit 28, c u13 at 34 with bit 29,
 * Pd 48), SEL 5ca0 (P at 39). GLHLE_MAXWELL_SHFL_PROGRAMS sets the number
 * (default 48); b is below 8 half the time, so most lanes stay in range.
 * Every eighth program (3, 11, ...) is the shape Mesa emits for derivatives,
 * BFLY by 1 or 2 with c = 0x1c03, which the translator otherwise reads
 * through fine derivatives; a program that reads LANEID must take it through
 * the subgroup (the lanes it reads are the host's: seed 33's program 11 was
 * refused before). After the SHFL, R4-R8 = S2R SR_EQMASK, SR_LTMASK,
 * SR_LEMASK, SR_GTMASK, SR_GEMASK (0x38-0x3c, Mesa nv50_ir's SV numbering),
 * checked against 1 << lane, below it, at or below, above, at or above.
 * Not on ES (no subgroup reads there). */
static void test_shfl(void **state)
{
    glhle_context *ctx = *state;
    if (glhle_context_get_info(ctx)->gles) {
        print_message("SKIP on OpenGL ES: general SHFL translates to ARB_shader_ballot's subgroup reads, which OpenGL ES has "
                      "not (the desktop run checks it)\n");
        skip();
    }
    uint64_t seed = ts_seed("maxwell_shfl", 0x5f1u);
    long programs = ts_env_long("GLHLE_MAXWELL_SHFL_PROGRAMS", 48);
    ts_rng rng;
    ts_rng_init(&rng, seed);
    enum { G = 8 };
    uint32_t *px = malloc(sizeof *px * 3 * G * G * 4);
    assert_non_null(px);
    grid = G;
    grid_out = px;
    const uint64_t guard = 7ull << 16;
    static const uint32_t segs[4] = {0x18, 0x1c, 0x1e, 0x1f};
    static const char *const names[4] = {"IDX", "UP", "DOWN", "BFLY"};
    uint32_t checked[4] = {0}, invalid = 0, lanes = 0;
    for (long i = 0; i < programs; i++) {
        uint32_t mode = (uint32_t)i % 4, bimm = ts_rng_below(&rng, 2) ? ts_rng_below(&rng, 8) : ts_rng_below(&rng, 32), seg = segs[ts_rng_below(&rng, 4)];
        uint32_t clamp = ts_rng_below(&rng, 32), c = seg << 8 | clamp, k = ts_rng_below(&rng, 1u << 20);
        if (i % 8 == 3) { /* the derivative butterfly's shape */
            bimm = 1 + (uint32_t)(i / 8) % 2;
            seg = 0x1c;
            clamp = 3;
            c = 0x1c03;
        }
        const uint64_t slots[12] = {
            0xf0c8000000000000ull | guard | 0,                              /* S2R R0, SR_LANEID */
            0x3848000000000000ull | 4ull << 20 | 0ull << 8 | guard | 1,     /* SHL R1, R0, 4 */
            0x1c00000000000000ull | (uint64_t)k << 20 | 1ull << 8 | guard | 1, /* IADD32I R1, R1, K */
            0xef10000000000000ull | 0ull << 48 | (uint64_t)c << 34 | 1ull << 29 | 1ull << 28 | (uint64_t)mode << 30 |
                (uint64_t)bimm << 20 | 1ull << 8 | guard | 2,              /* SHFL.mode R2, P0, R1, b, c */
            0x0100000000000000ull | 1ull << 20 | 0xfull << 12 | guard | 12, /* MOV32I R12, 1 */
            0x5ca0000000000000ull | guard | 3 | 12ull << 8 | 255ull << 20 | 0ull << 39, /* SEL R3, R12, RZ, P0 */
            0xf0c8000000000000ull | guard | 0x38ull << 20 | 4, /* S2R R4, SR_EQMASK */
            0xf0c8000000000000ull | guard | 0x39ull << 20 | 5, /* S2R R5, SR_LTMASK */
            0xf0c8000000000000ull | guard | 0x3aull << 20 | 6, /* S2R R6, SR_LEMASK */
            0xf0c8000000000000ull | guard | 0x3bull << 20 | 7, /* S2R R7, SR_GTMASK */
            0xf0c8000000000000ull | guard | 0x3cull << 20 | 8, /* S2R R8, SR_GEMASK */
            0xe30000000007000full,
        };
        tmr_program *p = slots_program(slots, 12);
        uint32_t got[OUTS];
        char why[256];
        if (!run(ctx, p, got, why, sizeof why, "maxwell_shfl.glsl")) {
            print_program(p);
            fail_msg("seed %llu SHFL program %ld: %s", (unsigned long long)seed, i, why);
        }
        for (uint32_t q = 0; q < G * G; q++)
            lanes = px[q * 4] + 1 > lanes ? px[q * 4] + 1 : lanes;
        if (lanes < 8) {
            free(p);
            grid = 2;
            grid_out = NULL;
            free(px);
            print_message("SKIP: the host subgroup has %u lanes; the test's segments are 8 wide\n", lanes);
            skip();
        }
        for (uint32_t q = 0; q < G * G; q++) {
            uint32_t lane = px[q * 4], src = px[q * 4 + 1], res = px[q * 4 + 2], pv = px[q * 4 + 3];
            uint32_t minl = lane & seg, maxl = minl | (clamp & ~seg), j;
            bool valid;
            switch (mode) {
            case 0: j = minl | (bimm & ~seg); valid = j <= maxl; break;
            case 1: j = lane - bimm; valid = (int32_t)j >= (int32_t)maxl; break;
            case 2: j = lane + bimm; valid = j <= maxl; break;
            default: j = lane ^ bimm; valid = j <= maxl; break;
            }
            if (!valid)
                j = lane;
            uint32_t want = (j << 4) + k;
            const uint32_t *m = px + (size_t)G * G * 4 + q * 4, eq = 1u << lane;
            const uint32_t masks[5] = {m[0], m[1], m[2], m[3], px[(size_t)2 * G * G * 4 + q * 4]};
            const uint32_t mwant[5] = {eq, eq - 1, (eq - 1) | eq, ~((eq - 1) | eq), ~(eq - 1)};
            for (int e = 0; e < 5; e++)
                if (masks[e] != mwant[e])
                    fail_msg("seed %llu SHFL program %ld: pixel %u lane %u: S2R of lane mask 0x%x gives 0x%08x, the "
                             "model 0x%08x",
                             (unsigned long long)seed, i, q, lane, 0x38 + e, masks[e], mwant[e]);
            if (src != (lane << 4) + k || res != want || pv != (uint32_t)valid) {
                print_program(p);
                fail_msg("seed %llu SHFL program %ld (%s b %u c 0x%x): pixel %u lane %u: R1 0x%x R2 0x%x P0 %u, the "
                         "model 0x%x 0x%x %u",
                         (unsigned long long)seed, i, names[mode], bimm, c, q, lane, src, res, pv, (lane << 4) + k, want,
                         (uint32_t)valid);
            }
            checked[mode]++;
            invalid += !valid;
        }
        free(p);
    }
    grid = 2;
    grid_out = NULL;
    free(px);
    print_message("maxwell SHFL: seed %llu, %ld programs on a %u-lane subgroup, lanes checked IDX %u UP %u DOWN %u "
                  "BFLY %u (%u out of range), all equal to the PTX model\n",
                  (unsigned long long)seed, programs, lanes, checked[0], checked[1], checked[2], checked[3], invalid);
}

/* FP64 (issue 15 part 3): DADD, DMUL, DFMA, DMNMX, DSET and DSETP, register
 * and immediate forms, seeded. Each program loads a, b and c into R0:R1,
 * R2:R3 and R4:R5 (low word first) with MOV32I, then R6:R7 = one of
 * DADD/DMUL/DFMA/DMNMX with random negate/absolute modifiers, R8 = DSET
 * (all ones when true), P0 = DSETP with the same condition and R9 = P0 ? 1 :
 * 0 through SEL, and R10:R11 = DADD a + the 20-bit immediate. The model is
 * the C compiler's IEEE-754 double arithmetic and libm's fma (DFMA is fused:
 * one rounding; its a and b have 26-bit significands so the product is
 * exact, since llvmpipe's double fma rounds twice), the comparisons as the PTX
 * ISA defines setp's ordered (false on NaN) and unordered (true on NaN)
 * conditions, min/max returning the other operand for one NaN (PTX min/max).
 * A NaN result is compared as "a NaN" (the host's NaN bits are not the
 * GPU's); of +0 and -0 the minimum is -0 and the maximum +0 (PTX ISA
 * min/max notes, test_fmnmx_signed_zero). Encodings from the
 * decoder's opcode table and envydis gm107.c: DADD 5c70 (neg a 48, abs a
 * 46, neg b 45, abs b 49), DMUL 5c80 (neg b 48), DFMA 5b70 (c at 39, neg b
 * 48, neg c 49), DMNMX 5c50 (predicate 39-42: true = min), DSET 5900 (cond
 * 48-51, bop 45-46, P 39-42), DSETP 5b80 (cond 48-51, Pd 3-5, Pnd 0-2),
 * DADD immediate 3870 (19 bits at 20, sign 56: the double's top 20 bits).
 * R4 is then overwritten by FSET.BF (5800, bf 52) of the high words R1 and
 * R3 as floats under the same condition, which puts NaNs into the FP32
 * comparisons too (a NaN or infinite double's high word is a NaN float).
 * GLHLE_MAXWELL_FP64_PROGRAMS sets the number (default 96). Not on ES
 * (OpenGL ES has no doubles). */
static double fp64_pick(ts_rng *rng, bool special)
{
    static const uint64_t sp[] = {0, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
                                  0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull,
                                  0x0000000000000001ull, 0x000fffffffffffffull};
    uint64_t u;
    if (special && ts_rng_below(rng, 4) == 0)
        u = sp[ts_rng_below(rng, sizeof sp / sizeof sp[0])];
    else
        u = (uint64_t)ts_rng_below(rng, 2) << 63 | (uint64_t)(1023 - 30 + ts_rng_below(rng, 60)) << 52 |
            (ts_rng_u64(rng) & 0xfffffffffffffull);
    double d;
    memcpy(&d, &u, 8);
    return d;
}

static uint64_t dbits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

static double fmod_abs_neg(double d, bool neg, bool abs)
{
    if (abs)
        d = fabs(d);
    return neg ? -d : d;
}

static void test_fp64(void **state)
{
    glhle_context *ctx = *state;
    if (glhle_context_get_info(ctx)->gles) {
        print_message("SKIP on OpenGL ES: FP64 needs doubles, which OpenGL ES has not (the desktop run checks it)\n");
        skip();
    }
    uint64_t seed = ts_seed("maxwell_fp64", 0xf64u);
    long programs = ts_env_long("GLHLE_MAXWELL_FP64_PROGRAMS", 96);
    ts_rng rng;
    ts_rng_init(&rng, seed);
    const uint64_t guard = 7ull << 16, mov = 0x0100000000000000ull | 0xfull << 12 | guard;
    static const char *const names[4] = {"DADD", "DMUL", "DFMA", "DMNMX"};
    uint32_t counts[4] = {0}, nan_results = 0, fnan = 0;
    for (long i = 0; i < programs; i++) {
        uint32_t op = (uint32_t)i % 4, cond = 1 + ts_rng_below(&rng, 15);
        bool special = ts_rng_below(&rng, 2);
        double a = fp64_pick(&rng, special), b = fp64_pick(&rng, special), c = fp64_pick(&rng, special);
        if (ts_rng_below(&rng, 8) == 0)
            b = a; /* equal operands for the comparisons */
        if (op == 2) {
            /* DFMA: a and b with 26-bit significands, so a * b is exact and a
             * fused and an unfused host fma agree (llvmpipe's double fma is
             * not fused: 1-ulp differences at seed 3940, program 58) */
            uint64_t ua = dbits(a) & ~((1ull << 27) - 1), ub = dbits(b) & ~((1ull << 27) - 1);
            memcpy(&a, &ua, 8);
            memcpy(&b, &ub, 8);
        }
        bool m[4] = {ts_rng_below(&rng, 2), ts_rng_below(&rng, 2), ts_rng_below(&rng, 2), ts_rng_below(&rng, 2)};
        bool pmin = ts_rng_below(&rng, 2);
        uint32_t imm = ts_rng_below(&rng, 1u << 19), isign = ts_rng_below(&rng, 2);
        uint64_t ab = dbits(a), bb = dbits(b), cb = dbits(c);
        uint64_t arith;
        double want;
        switch (op) {
        case 0:
            arith = 0x5c70000000000000ull | (uint64_t)m[0] << 48 | (uint64_t)m[1] << 46 | (uint64_t)m[2] << 45 |
                    (uint64_t)m[3] << 49;
            want = fmod_abs_neg(a, m[0], m[1]) + fmod_abs_neg(b, m[2], m[3]);
            break;
        case 1:
            arith = 0x5c80000000000000ull | (uint64_t)m[0] << 48;
            want = a * (m[0] ? -b : b);
            break;
        case 2:
            arith = 0x5b70000000000000ull | 4ull << 39 | (uint64_t)m[0] << 48 | (uint64_t)m[1] << 49;
            want = fma(a, m[0] ? -b : b, m[1] ? -c : c);
            break;
        default: {
            /* PT (7) or !PT (7 | 8) at 39-42 */
            arith = 0x5c50000000000000ull | (pmin ? 7ull : 15ull) << 39 | (uint64_t)m[0] << 48 | (uint64_t)m[1] << 46 |
                    (uint64_t)m[2] << 45 | (uint64_t)m[3] << 49;
            double x = fmod_abs_neg(a, m[0], m[1]), y = fmod_abs_neg(b, m[2], m[3]);
            want = x != x ? y : y != y ? x : pmin ? (x < y ? x : y) : (x > y ? x : y);
            if (x == 0 && y == 0) /* -0 below +0 in either order (PTX ISA min/max) */
                want = (pmin ? signbit(x) || signbit(y) : signbit(x) && signbit(y)) ? -0.0 : 0.0;
            break;
        }
        }
        arith |= guard | 6 | 0ull << 8 | 2ull << 20;
        const uint64_t slots[15] = {
            mov | (ab & 0xffffffffu) << 20 | 0, mov | (ab >> 32) << 20 | 1,
            mov | (bb & 0xffffffffu) << 20 | 2, mov | (bb >> 32) << 20 | 3,
            mov | (cb & 0xffffffffu) << 20 | 4, mov | (cb >> 32) << 20 | 5,
            arith,
            /* DSET.cond.AND R8, R0, R2, PT */
            0x5900000000000000ull | (uint64_t)cond << 48 | 7ull << 39 | guard | 8 | 0ull << 8 | 2ull << 20,
            /* DSETP.cond.AND P0, PT, R0, R2, PT */
            0x5b80000000000000ull | (uint64_t)cond << 48 | 7ull << 39 | guard | 0ull << 3 | 7 | 0ull << 8 | 2ull << 20,
            mov | 1ull << 20 | 12,
            0x5ca0000000000000ull | guard | 9 | 12ull << 8 | 255ull << 20 | 0ull << 39, /* SEL R9, R12, RZ, P0 */
            /* DADD R10, R0, imm */
            0x3870000000000000ull | (uint64_t)isign << 56 | (uint64_t)imm << 20 | guard | 10 | 0ull << 8,
            /* FSET.BF.cond.AND R4, R1, R3, PT: the high words as floats (a NaN
             * or infinite double's is a NaN float) */
            0x5800000000000000ull | 1ull << 52 | (uint64_t)cond << 48 | 7ull << 39 | guard | 4 | 1ull << 8 | 3ull << 20,
            0xe30000000007000full, 0x50b0000000070f00ull,
        };
        tmr_program *p = calloc(1, sizeof *p);
        assert_non_null(p);
        for (uint32_t s = 0; s < 15; s++)
            p->code[tmr_word_of_slot(s)] = slots[s];
        p->words = 20;
        uint32_t got[OUTS];
        char why[256];
        float fa, fb;
        uint32_t ha = (uint32_t)(ab >> 32), hb = (uint32_t)(bb >> 32);
        memcpy(&fa, &ha, 4);
        memcpy(&fb, &hb, 4);
        bool fcmp = tmr_fcmp(cond, fa, fb);
        if (!run(ctx, p, got, why, sizeof why, "maxwell_fp64.glsl")) {
            print_program(p);
            fail_msg("seed %llu FP64 program %ld: %s", (unsigned long long)seed, i, why);
        }
        double immd;
        uint64_t immu = (uint64_t)(imm << 12 | isign << 31) << 32;
        memcpy(&immd, &immu, 8);
        double want_imm = a + immd;
        bool cmp = tmr_fcmp(cond, a, b);
        uint64_t r = (uint64_t)got[7] << 32 | got[6], ri = (uint64_t)got[11] << 32 | got[10];
        double rd, rid;
        memcpy(&rd, &r, 8);
        memcpy(&rid, &ri, 8);
        bool ok_r = want != want ? rd != rd : r == dbits(want);
        bool ok_i = want_imm != want_imm ? rid != rid : ri == dbits(want_imm);
        if (!ok_r || !ok_i || got[8] != (cmp ? 0xffffffffu : 0) || got[9] != (uint32_t)cmp ||
            got[4] != (fcmp ? 0x3f800000u : 0)) {
            print_program(p);
            fail_msg("seed %llu FP64 program %ld (%s, cond %u): a %a b %a c %a: R6:R7 0x%016llx (want 0x%016llx), "
                     "DSET 0x%x DSETP %u (want %d), R10:R11 0x%016llx (want 0x%016llx), FSET 0x%x (want %d)",
                     (unsigned long long)seed, i, names[op], cond, a, b, c, (unsigned long long)r,
                     (unsigned long long)dbits(want), got[8], got[9], cmp, (unsigned long long)ri,
                     (unsigned long long)dbits(want_imm), got[4], fcmp);
        }
        counts[op]++;
        fnan += fa != fa || fb != fb;
        nan_results += want != want;
        free(p);
    }
    print_message("maxwell FP64: seed %llu, %ld programs (DADD %u DMUL %u DFMA %u DMNMX %u, %u NaN results), "
                  "DSET/DSETP, the immediate DADD and an FP32 FSET (%u with a NaN) in each, all equal to the "
                  "IEEE-754 model\n",
                  (unsigned long long)seed, programs, counts[0], counts[1], counts[2], counts[3], nan_results, fnan);
}

/* F2F, F2I and I2F with a double or a 64-bit integer (issue 15): each
 * program loads a double, a float, a 64-bit and a 32-bit integer with
 * MOV32I and converts them in every rounding mode; the expected values are
 * C's own conversions under fesetround (x86-64's cvtsd2ss, cvtsi2sd and
 * nearbyint honour the mode; the host build is IEEE, no fast-math), and
 * F2I's saturation is written out: out-of-range values clamp to the
 * destination's bounds, NaN gives 0x80000000 for F64 to a 32-bit integer,
 * 0x8000000000000000 for F32 to 64 bits, 0 otherwise (yuzu's
 * floating_point_conversion_integer.cpp). Encodings (envydis gm107.c, the
 * decoder's table): F2F 5ca8, F2I 5cb0, I2F 5cb8; dst format 8-9, src
 * format 10-11 (float 2 = f32, 3 = f64; integer 0-3 = 8-64 bits), F2I
 * signed 12, I2F signed 13 and byte select 41-42, rounding 39-40, F2F 42 =
 * to an integral value, neg 45, abs 49. Values: doubles a float cannot
 * hold (the dropped 29 bits just below, at and above one half), float
 * denormals, past FLT_MAX, halves and quarters around integers of every
 * magnitude up to 2^66, int64s at the 53-bit and the 24-bit edge (a tie
 * for f32 plus a bit below the double's last: rounding twice gets it
 * wrong; every fourth program converts one such value in all modes). Not
 * on ES.
 * GLHLE_MAXWELL_CVT64_PROGRAMS sets the number (default 96). */
static const int fe_mode[4] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
static const char *const rnd_name[4] = {"RN", "RM", "RP", "RZ"};

static uint32_t m_d2f(double d, uint32_t mode)
{
    volatile double in = d;
    fesetround(fe_mode[mode]);
    volatile float out = (float)in;
    fesetround(FE_TONEAREST);
    float o = out;
    uint32_t u;
    memcpy(&u, &o, 4);
    return u;
}

static double m_rint(double d, uint32_t mode)
{
    volatile double in = d;
    fesetround(fe_mode[mode]);
    volatile double out = nearbyint(in);
    fesetround(FE_TONEAREST);
    return out;
}

static uint64_t m_i2d(uint64_t v, bool s, uint32_t mode, bool to_f32)
{
    volatile uint64_t in = v;
    fesetround(fe_mode[mode]);
    uint64_t r;
    if (to_f32) {
        volatile float o = s ? (float)(int64_t)in : (float)in;
        float x = o;
        uint32_t u;
        memcpy(&u, &x, 4);
        r = u;
    } else {
        volatile double o = s ? (double)(int64_t)in : (double)in;
        r = dbits(o);
    }
    fesetround(FE_TONEAREST);
    return r;
}

/* F2I's result, written from the rule: round, then clamp */
static uint64_t m_f2i(double d, uint32_t mode, uint32_t width, bool s, bool from_d)
{
    if (d != d)
        return width == 32 && from_d ? 0x80000000u : width == 64 && !from_d ? 0x8000000000000000ull : 0;
    double r = m_rint(d, mode);
    if (width == 64) {
        if (s)
            return r >= 0x1p63 ? 0x7fffffffffffffffull : r < -0x1p63 ? 0x8000000000000000ull : (uint64_t)(int64_t)r;
        return r >= 0x1p64 ? ~0ull : r < 0 ? 0 : (uint64_t)r;
    }
    double hi = s ? (double)((1ull << (width - 1)) - 1) : (double)((1ull << width) - 1);
    double lo = s ? -(double)(1ull << (width - 1)) : 0.0;
    r = r > hi ? hi : r < lo ? lo : r;
    return s ? (uint32_t)(int32_t)r : (uint32_t)r;
}

static double cvt_double(ts_rng *rng)
{
    static const uint64_t sp[] = {
        0, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull,
        0xfff4000000000001ull, 0x47efffffe0000000ull /* FLT_MAX */, 0x47efffffefffffffull, 0x47effffff0000000ull,
        0x47effffff0000001ull, 0x47f0000000000000ull /* 2^128 */, 0x36a0000000000000ull /* 2^-149 */,
        0x3690000000000000ull /* 2^-150 */, 0x3698000000000000ull, 0x36a8000000000000ull, 0x0000000000000001ull,
        0x800fffffffffffffull, 0x7fefffffffffffffull, 0x380fffffffffffffull, 0x3810000000000000ull /* 2^-126 */,
        0x41dfffffffe00000ull /* 2^31 - 0.5 */, 0x41e0000000000000ull, 0xc1e0000000200000ull, 0xc1e0000000100000ull,
        0x41efffffffe00000ull, 0x41effffffff00000ull, 0x41f0000000000000ull, 0x43e0000000000000ull,
        0xc3e0000000000000ull, 0xc3e0000000000001ull, 0x43f0000000000000ull, 0x43efffffffffffffull,
        0x3fe0000000000000ull, 0x3ff8000000000000ull, 0x4004000000000000ull, 0xbfe0000000000000ull,
        0xbff8000000000000ull, 0x40dfffe000000000ull /* 32767.5 */, 0x40efffe000000000ull, 0xc0e0001000000000ull};
    uint64_t u;
    switch (ts_rng_below(rng, 3)) {
    case 0:
        u = sp[ts_rng_below(rng, sizeof sp / sizeof sp[0])];
        break;
    case 1: { /* a float's neighbourhood: the 29 bits below its last one */
        static const uint32_t low[7] = {0, 1, 0x10000000, 0x0fffffff, 0x10000001, 0x1fffffff, 0};
        uint32_t l = low[ts_rng_below(rng, 7)];
        if (l == 0 && ts_rng_below(rng, 2))
            l = (uint32_t)ts_rng_u64(rng) & 0x1fffffff;
        u = (uint64_t)(1023 - 152 + ts_rng_below(rng, 284)) << 52 | (ts_rng_u64(rng) & 0xfffffe0000000ull) | l;
        break;
    }
    default: { /* an integer of up to 66 bits plus 0, 1/4, 1/2 or 3/4 */
        double k = ldexp((double)(ts_rng_u64(rng) >> 11), (int)ts_rng_below(rng, 67) - 53);
        k = floor(k) + 0.25 * ts_rng_below(rng, 4);
        memcpy(&u, &k, 8);
        break;
    }
    }
    u ^= (uint64_t)ts_rng_below(rng, 2) << 63;
    double d;
    memcpy(&d, &u, 8);
    return d;
}

static uint64_t cvt_int64(ts_rng *rng)
{
    uint32_t n = ts_rng_below(rng, 64);
    uint64_t v = (ts_rng_u64(rng) & ((2ull << n) - 1)) | 1ull << n;
    uint32_t keep = ts_rng_below(rng, 2) ? 53 : 24; /* a double's or a float's significand */
    if (n >= keep && ts_rng_below(rng, 4) != 0) { /* the bits past it: 0, half, just below or above */
        uint64_t half = 1ull << (n - keep), low[4] = {0, half, half - 1, half + 1};
        v = (v & ~((half << 1) - 1)) | low[ts_rng_below(rng, 4)];
    }
    return ts_rng_below(rng, 2) ? (uint64_t)-(int64_t)v : v;
}

static bool is_nan32(uint32_t u)
{
    return (u & 0x7fffffffu) > 0x7f800000u;
}

static bool is_nan64(uint64_t u)
{
    return (u & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
}

typedef struct cvt_check {
    uint32_t reg, words; /* result register, 1 or 2 */
    uint64_t want;
    bool nan;            /* want a NaN of that width */
    char what[64];
} cvt_check;

static void test_fp64_convert(void **state)
{
    glhle_context *ctx = *state;
    if (glhle_context_get_info(ctx)->gles) {
        print_message("SKIP on OpenGL ES: 64-bit conversions need doubles, which OpenGL ES has not (the desktop run checks them)\n");
        skip();
    }
    uint64_t seed = ts_seed("maxwell_cvt64", 0xc64u);
    long programs = ts_env_long("GLHLE_MAXWELL_CVT64_PROGRAMS", 96);
    ts_rng rng;
    ts_rng_init(&rng, seed);
    const uint64_t guard = 7ull << 16, mov = 0x0100000000000000ull | 0xfull << 12 | guard;
    const uint64_t F2F = 0x5ca8000000000000ull | guard, F2I = 0x5cb0000000000000ull | guard,
                   I2F = 0x5cb8000000000000ull | guard;
    uint32_t checks = 0, nans = 0, inexact = 0;
    for (long i = 0; i < programs; i++) {
        uint32_t kind = (uint32_t)i % 4;
        double a = cvt_double(&rng);
        /* the first programs' doubles: NaN, infinities and out-of-range
         * values for F2I whatever the seed */
        static const uint64_t first[12] = {0x7ff8000000000000ull, 0xfff0000000000001ull, 0x7ff0000000000000ull,
                                           0xfff0000000000000ull, 0x43f0000000000000ull, 0xc3f0000000000000ull,
                                           0x41e0000000000000ull, 0xc1e0000000200000ull, 0x7ff4000000000000ull,
                                           0x41f0000000000000ull, 0xc3e0000000000400ull, 0x7fefffffffffffffull};
        if (i < 12)
            memcpy(&a, &first[i], 8);
        uint64_t ab = dbits(a), v64 = cvt_int64(&rng);
        uint32_t fbits = (uint32_t)(dbits(cvt_double(&rng)) >> 32), x32 = (uint32_t)cvt_int64(&rng);
        if (ts_rng_below(&rng, 4) == 0) /* a float's own double */
            fbits = m_d2f(cvt_double(&rng), 0);
        uint64_t slots[18];
        uint32_t n = 0, nc = 0;
        cvt_check ck[8];
        memset(ck, 0, sizeof ck);
#define CHECK(r, w, value, isnan, ...)                                                                                 \
    do {                                                                                                               \
        ck[nc].reg = (r);                                                                                              \
        ck[nc].words = (w);                                                                                            \
        ck[nc].want = (value);                                                                                         \
        ck[nc].nan = (isnan);                                                                                          \
        snprintf(ck[nc].what, sizeof ck[nc].what, __VA_ARGS__);                                                        \
        nc++;                                                                                                          \
    } while (0)
        if (kind == 0) { /* a in R0:R1, a float in R2 */
            slots[n++] = mov | (ab & 0xffffffffu) << 20 | 0;
            slots[n++] = mov | (ab >> 32) << 20 | 1;
            slots[n++] = mov | (uint64_t)fbits << 20 | 2;
            for (uint32_t m = 0; m < 4; m++) { /* F2F.F32.F64 R4+m, R0 in all four modes */
                bool ng = ts_rng_below(&rng, 4) == 0, ab_ = ts_rng_below(&rng, 4) == 0;
                slots[n++] = F2F | (uint64_t)m << 39 | (uint64_t)ng << 45 | (uint64_t)ab_ << 49 | 2ull << 8 | 3ull << 10 |
                             0ull << 20 | (4 + m);
                double x = fmod_abs_neg(a, ng, ab_);
                CHECK(4 + m, 1, m_d2f(x, m), x != x, "F2F.F32.F64.%s%s%s %a", rnd_name[m], ng ? ".NEG" : "",
                      ab_ ? ".ABS" : "", a);
            }
            bool ng = ts_rng_below(&rng, 2), ab_ = ts_rng_below(&rng, 2);
            slots[n++] = F2F | (uint64_t)ng << 45 | (uint64_t)ab_ << 49 | 3ull << 8 | 2ull << 10 | 2ull << 20 | 8;
            float fx;
            memcpy(&fx, &fbits, 4);
            double dx = fmod_abs_neg((double)fx, ng, ab_);
            CHECK(8, 2, dbits(dx), dx != dx, "F2F.F64.F32%s%s 0x%08x", ng ? ".NEG" : "", ab_ ? ".ABS" : "", fbits);
            for (uint32_t k = 0; k < 2; k++) { /* F2I.S32.F64 R10, F2I.U32.F64 R11 */
                uint32_t m = ts_rng_below(&rng, 4);
                bool s = k == 0, nn = ts_rng_below(&rng, 4) == 0;
                slots[n++] = F2I | (uint64_t)m << 39 | (uint64_t)nn << 45 | (uint64_t)s << 12 | 2ull << 8 | 3ull << 10 |
                             0ull << 20 | (10 + k);
                CHECK(10 + k, 1, m_f2i(nn ? -a : a, m, 32, s, true), false, "F2I.%s32.F64.%s%s %a", s ? "S" : "U",
                      rnd_name[m], nn ? ".NEG" : "", a);
            }
        } else if (kind == 1) { /* v64 in R0:R1, a in R2:R3 */
            slots[n++] = mov | (v64 & 0xffffffffu) << 20 | 0;
            slots[n++] = mov | (v64 >> 32) << 20 | 1;
            slots[n++] = mov | (ab & 0xffffffffu) << 20 | 2;
            slots[n++] = mov | (ab >> 32) << 20 | 3;
            bool s = ts_rng_below(&rng, 2);
            uint32_t m = ts_rng_below(&rng, 4);
            bool ng = s && ts_rng_below(&rng, 4) == 0, ab_ = s && ts_rng_below(&rng, 4) == 0;
            uint64_t vv = v64;
            if (ab_ && (int64_t)vv < 0)
                vv = (uint64_t)0 - vv;
            if (ng)
                vv = (uint64_t)0 - vv;
            slots[n++] = I2F | (uint64_t)m << 39 | (uint64_t)s << 13 | (uint64_t)ng << 45 | (uint64_t)ab_ << 49 |
                         3ull << 8 | 3ull << 10 | 0ull << 20 | 4;
            CHECK(4, 2, m_i2d(vv, s, m, false), false, "I2F.F64.%s64.%s%s%s 0x%016llx", s ? "S" : "U", rnd_name[m],
                  ng ? ".NEG" : "", ab_ ? ".ABS" : "", (unsigned long long)v64);
            s = ts_rng_below(&rng, 2);
            m = ts_rng_below(&rng, 4);
            slots[n++] = I2F | (uint64_t)m << 39 | (uint64_t)s << 13 | 2ull << 8 | 3ull << 10 | 0ull << 20 | 6;
            CHECK(6, 1, m_i2d(v64, s, m, true), false, "I2F.F32.%s64.%s 0x%016llx", s ? "S" : "U", rnd_name[m],
                  (unsigned long long)v64);
            uint32_t wf = ts_rng_below(&rng, 3);
            s = ts_rng_below(&rng, 2);
            m = ts_rng_below(&rng, 4);
            slots[n++] = F2I | (uint64_t)m << 39 | (uint64_t)s << 12 | (uint64_t)wf << 8 | 3ull << 10 | 2ull << 20 | 7;
            CHECK(7, 1, m_f2i(a, m, 8u << wf, s, true), false, "F2I.%s%u.F64.%s %a", s ? "S" : "U", 8u << wf,
                  rnd_name[m], a);
            s = ts_rng_below(&rng, 2);
            m = ts_rng_below(&rng, 4);
            bool ab2 = ts_rng_below(&rng, 4) == 0;
            slots[n++] = F2I | (uint64_t)m << 39 | (uint64_t)s << 12 | (uint64_t)ab2 << 49 | 3ull << 8 | 3ull << 10 |
                         2ull << 20 | 8;
            CHECK(8, 2, m_f2i(ab2 ? fabs(a) : a, m, 64, s, true), false, "F2I.%s64.F64.%s%s %a", s ? "S" : "U",
                  rnd_name[m], ab2 ? ".ABS" : "", a);
            s = ts_rng_below(&rng, 2);
            m = ts_rng_below(&rng, 4);
            float fh;
            uint32_t hb = (uint32_t)(ab >> 32);
            memcpy(&fh, &hb, 4);
            slots[n++] = F2I | (uint64_t)m << 39 | (uint64_t)s << 12 | 3ull << 8 | 2ull << 10 | 3ull << 20 | 10;
            CHECK(10, 2, m_f2i((double)fh, m, 64, s, false), false, "F2I.%s64.F32.%s 0x%08x", s ? "S" : "U",
                  rnd_name[m], hb);
        } else if (kind == 2) { /* x32 in R0, a in R2:R3 */
            slots[n++] = mov | (uint64_t)x32 << 20 | 0;
            slots[n++] = mov | (ab & 0xffffffffu) << 20 | 2;
            slots[n++] = mov | (ab >> 32) << 20 | 3;
            uint32_t w = ts_rng_below(&rng, 3), sel = w == 0 ? ts_rng_below(&rng, 4) : w == 1 ? 2 * ts_rng_below(&rng, 2) : 0;
            bool s = ts_rng_below(&rng, 2), ng = s && ts_rng_below(&rng, 4) == 0, ab_ = s && ts_rng_below(&rng, 4) == 0;
            slots[n++] = I2F | (uint64_t)s << 13 | (uint64_t)sel << 41 | (uint64_t)ng << 45 | (uint64_t)ab_ << 49 |
                         (uint64_t)ts_rng_below(&rng, 4) << 39 | 3ull << 8 | (uint64_t)w << 10 | 0ull << 20 | 4;
            uint32_t width = 8u << w, field = width == 32 ? x32 : (x32 >> (sel * 8)) & ((1u << width) - 1);
            int64_t iv = s ? (width == 32 ? (int64_t)(int32_t)field
                                          : (int64_t)field - ((field >> (width - 1)) ? (int64_t)1 << width : 0))
                           : (int64_t)field;
            if (ab_ && iv < 0)
                iv = width == 32 && iv == INT32_MIN ? iv : -iv;
            if (ng)
                iv = width == 32 && iv == INT32_MIN ? iv : -iv;
            CHECK(4, 2, dbits((double)iv), false, "I2F.F64.%s%u sel %u%s%s 0x%08x", s ? "S" : "U", width, sel,
                  ng ? ".NEG" : "", ab_ ? ".ABS" : "", x32);
            uint32_t m = ts_rng_below(&rng, 4);
            bool integral = ts_rng_below(&rng, 2);
            ng = ts_rng_below(&rng, 4) == 0;
            slots[n++] = F2F | (uint64_t)m << 39 | (uint64_t)integral << 42 | (uint64_t)ng << 45 | 3ull << 8 |
                         3ull << 10 | 2ull << 20 | 6;
            double x = ng ? -a : a, y = integral ? m_rint(x, m) : x;
            CHECK(6, 2, dbits(y), y != y, "F2F.F64.F64%s%s%s %a", integral ? "." : "", integral ? rnd_name[m] : "",
                  ng ? ".NEG" : "", a);
            m = ts_rng_below(&rng, 4);
            slots[n++] = F2F | (uint64_t)m << 39 | 2ull << 8 | 3ull << 10 | 2ull << 20 | 8;
            CHECK(8, 1, m_d2f(a, m), a != a, "F2F.F32.F64.%s %a", rnd_name[m], a);
            m = ts_rng_below(&rng, 4);
            slots[n++] = F2I | (uint64_t)m << 39 | 1ull << 12 | 2ull << 8 | 3ull << 10 | 2ull << 20 | 9;
            CHECK(9, 1, m_f2i(a, m, 32, true, true), false, "F2I.S32.F64.%s %a", rnd_name[m], a);
            m = ts_rng_below(&rng, 4);
            s = ts_rng_below(&rng, 2);
            slots[n++] = I2F | (uint64_t)m << 39 | (uint64_t)s << 13 | 2ull << 8 | 3ull << 10 | 2ull << 20 | 10;
            CHECK(10, 1, m_i2d(ab, s, m, true), false, "I2F.F32.%s64.%s 0x%016llx", s ? "S" : "U", rnd_name[m],
                  (unsigned long long)ab);
            m = ts_rng_below(&rng, 4);
            slots[n++] = F2I | (uint64_t)m << 39 | 2ull << 8 | 3ull << 10 | 2ull << 20 | 11;
            CHECK(11, 1, m_f2i(a, m, 32, false, true), false, "F2I.U32.F64.%s %a", rnd_name[m], a);
        } else { /* I2F.F32.{S,U}64 of one value in every mode, first the ones rounding twice would get wrong */
            static const uint64_t twice[8] = {
                0x4000004000000001ull, /* an f32 tie, and 1 below the double's last bit: RN goes up */
                0x4000000000000001ull, /* 1 below the double's last bit: RP goes up */
                0xbfffffbfffffffffull, 0xbfffffffffffffffull, 0x0020000000000001ull, 0x0020000000000003ull,
                0x8000000000000001ull, 0x7fffff7fffffffffull};
            uint64_t v = i / 4 < 8 ? twice[i / 4] : v64;
            slots[n++] = mov | (v & 0xffffffffu) << 20 | 0;
            slots[n++] = mov | (v >> 32) << 20 | 1;
            for (uint32_t k = 0; k < 8; k++) {
                uint32_t m = k % 4;
                bool s = k >= 4;
                slots[n++] = I2F | (uint64_t)m << 39 | (uint64_t)s << 13 | 2ull << 8 | 3ull << 10 | 0ull << 20 | (4 + k);
                CHECK(4 + k, 1, m_i2d(v, s, m, true), false, "I2F.F32.%s64.%s 0x%016llx", s ? "S" : "U", rnd_name[m],
                      (unsigned long long)v);
            }
        }
#undef CHECK
        slots[n++] = 0xe30000000007000full;
        while (n % 3)
            slots[n++] = 0x50b0000000070f00ull; /* NOP to the end of the group */
        tmr_program *p = calloc(1, sizeof *p);
        assert_non_null(p);
        for (uint32_t s = 0; s < n; s++)
            p->code[tmr_word_of_slot(s)] = slots[s];
        p->words = n / 3 * 4;
        uint32_t got[OUTS];
        char why[256];
        if (!run(ctx, p, got, why, sizeof why, "maxwell_cvt64.glsl")) {
            print_program(p);
            fail_msg("seed %llu conversion program %ld: %s", (unsigned long long)seed, i, why);
        }
        for (uint32_t k = 0; k < nc; k++) {
            uint64_t g = got[ck[k].reg] | (ck[k].words == 2 ? (uint64_t)got[ck[k].reg + 1] << 32 : 0);
            bool ok = ck[k].nan ? (ck[k].words == 2 ? is_nan64(g) : is_nan32((uint32_t)g)) : g == ck[k].want;
            if (!ok) {
                print_program(p);
                fail_msg("seed %llu conversion program %ld: %s: R%u 0x%0*llx, want 0x%0*llx%s",
                         (unsigned long long)seed, i, ck[k].what, ck[k].reg, ck[k].words * 8, (unsigned long long)g,
                         ck[k].words * 8, (unsigned long long)ck[k].want, ck[k].nan ? " (a NaN)" : "");
            }
            checks++;
            nans += ck[k].nan;
        }
        inexact += (double)(float)a != a && a == a;
        free(p);
    }
    print_message("maxwell 64-bit conversions: seed %llu, %ld programs, %u results (%u NaN) equal to the C model; "
                  "%u inputs not representable as floats\n",
                  (unsigned long long)seed, programs, checks, nans, inexact);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(test_random_programs),
        TS_GL_TEST(test_branchy_programs),
        TS_GL_TEST(test_gl_spirv_path),
        TS_GL_TEST(test_calls),
        TS_GL_TEST(test_brx),
        TS_GL_TEST(test_tld),
        TS_GL_TEST(test_tld_ms),
        TS_GL_TEST(test_txq_ms),
        TS_GL_TEST(test_shfl),
        TS_GL_TEST(test_fp64),
        TS_GL_TEST(test_fp64_convert),
        TS_GL_TEST(test_fmnmx_signed_zero),
        TS_GL_TEST(test_loaded_selects),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
