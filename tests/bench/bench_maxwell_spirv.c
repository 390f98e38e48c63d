/* Translation time per Maxwell shader of the corpus, each stage measured:
 * decode (the SASS decoder and CFG, backend/maxwell/shader), SASS -> SPIR-V,
 * SPIR-V -> GLSL (SPIRV-Cross), and Mesa's compile of that GLSL on llvmpipe
 * next to its compile of the corpus' original GLSL of the same shader. Also
 * the output per guest instruction (SPIR-V words, GLSL bytes).
 * --link: instead, the link time of each corpus vertex + fragment pipeline
 * with both stages translated, as the draw path makes the program: from
 * SPIRV-Cross's GLSL (glShaderSource, compile, link) and from the modules
 * themselves (glShaderBinary, glSpecializeShader, link: gl_util.h's SPIR-V
 * texts, MW_PROGRAM_HOST_SPIRV), best of N each, Mesa's shader cache off
 * (which the SPIR-V path needs on Mesa, gl_caps.c).
 *   bench_maxwell_spirv [--quick] [--cpu-only] [--link]
 * Skips (exit 0) when the corpus is absent. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_util.h"
#include "backend/maxwell/shader/sass_decode.h"
#include "shadergen/maxwell_spirv.h"
#include "shadergen/spirv_glsl.h"
#include "support/bench_support.h"
#include "support/maxwell_sidecar.h"

typedef struct job {
    tmc_shader *sh;
    mw_spirv_input in;
    mw_spirv_result r;
    glhle_bytebuf glsl;
    spv_glsl_binding bind[64];
    size_t nb;
} job;

static const glhle_logger quiet = {NULL, NULL, GLHLE_LOG_ERROR + 1};

static void do_decode(void *arg)
{
    job *j = arg;
    mw_sass_decode_desc d = {.log = &quiet};
    mw_sass_program p;
    mw_sass_decode(j->in.code, j->in.words / 4 * 4, &d, &p);
    bench_consume(&p.count, sizeof p.count);
    mw_sass_program_free(&p);
}

static void do_translate(void *arg)
{
    job *j = arg;
    mw_spirv_translate(&j->in, &quiet, &j->r);
}

static void do_glsl(void *arg)
{
    job *j = arg;
    glhle_bytebuf_clear(&j->glsl);
    spv_glsl_options o = {.bindings = j->bind, .binding_count = j->nb};
    spv_to_glsl((const uint32_t *)j->r.spirv.data, j->r.spirv.size / 4, &o, &quiet, &j->glsl);
}

static double compile_ms(glhle_context *ctx, GLenum stage, const char *src, bool *ok)
{
    uint64_t t0 = bench_now_ns();
    GLuint s;
    *ok = gl_compile_shader(ctx, stage, src, &s) == GLHLE_RESULT_OK;
    if (*ok)
        ctx->gl.DeleteShader(s);
    return (double)(bench_now_ns() - t0) / 1e6;
}

/* A stage's program text: SPIRV-Cross's GLSL, or the module as a SPIR-V
 * text (bindings remapped); false when the translator or SPIRV-Cross
 * refuses it. */
static bool stage_text(const tmc_shader *sh, const tmc_shader *other, bool spirv, glhle_bytebuf *out)
{
    mw_spirv_input in;
    tmc_input(sh, &in);
    tmc_varyings_from_glsl(other->glsl, sh->stage == MW_SPIRV_FRAGMENT, in.key.varying);
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    bool ok = mw_spirv_translate(&in, &quiet, &r) == GLHLE_RESULT_OK;
    if (ok) {
        spv_glsl_binding bind[64];
        const size_t nb = mw_spirv_gl_bindings(&r, sh->stage, bind);
        uint32_t *w = (uint32_t *)(void *)r.spirv.data;
        spv_glsl_options o = {.bindings = bind, .binding_count = nb};
        ok = spirv ? spv_remap_bindings(w, r.spirv.size / 4, bind, nb, &quiet) == GLHLE_RESULT_OK &&
                         gl_spirv_text_append(out, w, r.spirv.size / 4)
                   : spv_to_glsl(w, r.spirv.size / 4, &o, &quiet, out) == GLHLE_RESULT_OK;
    }
    mw_spirv_result_free(&r);
    return ok;
}

static double link_ms(glhle_context *ctx, const char *vs, const char *fs, bool *ok)
{
    const uint64_t t0 = bench_now_ns();
    GLuint p;
    *ok = gl_link_program(ctx, vs, fs, &p) == GLHLE_RESULT_OK;
    const double ms = (double)(bench_now_ns() - t0) / 1e6;
    if (*ok)
        ctx->gl.DeleteProgram(p);
    return ms;
}

/* --link: per fragment shader of the corpus, its sidecar's pipeline */
static int link_times(glhle_context *ctx, int reps)
{
    printf("bench_maxwell_spirv --link: per corpus vertex + fragment pipeline, both stages translated, best of %d "
           "(ms)\n  %-36s %9s %9s\n", reps, "pipeline", "GLSL", "SPIR-V");
    double sum[2] = {0};
    unsigned n = 0, failures = 0;
    for (const char *const *name = tmc_names(); *name; name++) {
        tmc_shader fs, vs;
        if (!tmc_load(*name, &fs))
            continue;
        const tj_value *pipe = tj_get(fs.json, "pipeline");
        const char *vname = tj_str(tj_get(pipe, "vert"), NULL);
        if (fs.stage != MW_SPIRV_FRAGMENT || !vname || tj_get(pipe, "geom") || tj_get(pipe, "tess_ctrl") ||
            !tmc_load(vname, &vs)) {
            tmc_free(&fs);
            continue;
        }
        double best[2] = {1e30, 1e30};
        bool ok = true;
        for (int path = 0; path < 2 && ok; path++) {
            glhle_bytebuf v, f;
            glhle_bytebuf_init(&v, 0);
            glhle_bytebuf_init(&f, 0);
            ok = stage_text(&vs, &fs, path == 1, &v) && stage_text(&fs, &vs, path == 1, &f);
            for (int i = 0; i < reps && ok; i++) {
                const double ms = link_ms(ctx, glhle_bytebuf_cstr(&v), glhle_bytebuf_cstr(&f), &ok);
                best[path] = ms < best[path] ? ms : best[path];
            }
            glhle_bytebuf_free(&v);
            glhle_bytebuf_free(&f);
        }
        char label[80];
        snprintf(label, sizeof label, "%s + %s", vname, *name);
        if (ok) {
            printf("  %-36s %9.2f %9.2f\n", label, best[0], best[1]);
            sum[0] += best[0], sum[1] += best[1];
            n++;
        } else {
            printf("  %-36s not linked on both paths\n", label);
            failures++;
        }
        tmc_free(&vs);
        tmc_free(&fs);
    }
    if (n)
        printf("  mean over %u pipelines: GLSL %.2f ms, SPIR-V %.2f ms\n", n, sum[0] / n, sum[1] / n);
    return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    bool quick = bench_quick(argc, argv), cpu_only = false;
    for (int i = 1; i < argc; i++)
        cpu_only |= !strcmp(argv[i], "--cpu-only");
    if (!tmc_dir()) {
        printf("bench_maxwell_spirv: skipped, ../shared/testdata/maxwell/shaders is absent\n");
        return 0;
    }
    int reps = quick ? 1 : 20;
    glhle_context *ctx = NULL;
    if (!cpu_only) {
        setenv("MESA_SHADER_CACHE_DISABLE", "true", 1);
        glhle_context_desc desc = {.mode = GLHLE_CONTEXT_OFFSCREEN, .log_level = GLHLE_LOG_WARN};
        if (glhle_context_create(&desc, &ctx) != GLHLE_RESULT_OK)
            ctx = NULL;
    }
    bool link = false;
    for (int i = 1; i < argc; i++)
        link |= !strcmp(argv[i], "--link");
    if (link) {
        const int r = ctx && gl_caps_spirv(ctx) ? link_times(ctx, quick ? 1 : 10) : 1;
        if (ctx && !gl_caps_spirv(ctx))
            printf("bench_maxwell_spirv --link: no SPIR-V shaders here (%s)\n", gl_caps_spirv_why_not(ctx));
        if (ctx)
            glhle_context_destroy(ctx);
        return r;
    }
    printf("bench_maxwell_spirv: per shader, best of %d (us; compile in ms)\n", reps);
    printf("  %-20s %6s %8s %8s %8s %9s %9s %9s %9s\n", "shader", "insns", "decode", "spirv", "glsl", "words/i",
           "bytes/i", "compile", "original");
    double sum[5] = {0};
    unsigned n = 0, failures = 0;
    for (const char *const *name = tmc_names(); *name; name++) {
        tmc_shader sh;
        if (!tmc_load(*name, &sh))
            continue;
        job j = {.sh = &sh};
        tmc_input(&sh, &j.in);
        mw_spirv_result_init(&j.r);
        glhle_bytebuf_init(&j.glsl, 0);
        if (mw_spirv_translate(&j.in, &quiet, &j.r) != GLHLE_RESULT_OK) {
            mw_spirv_result_free(&j.r);
            glhle_bytebuf_free(&j.glsl);
            tmc_free(&sh);
            continue;
        }
        j.nb = mw_spirv_gl_bindings(&j.r, sh.stage, j.bind);
        double dec = (double)bench_best_ns(reps, do_decode, &j) / 1e3;
        double spv = (double)bench_best_ns(reps, do_translate, &j) / 1e3;
        double gls = (double)bench_best_ns(reps, do_glsl, &j) / 1e3;
        double per_w = (double)j.r.spirv.size / 4 / j.r.instructions, per_b = (double)j.glsl.size / j.r.instructions;
        double cms = 0, oms = 0;
        if (ctx) {
            static const GLenum kinds[MW_SPIRV_STAGE_COUNT_] = {GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER,
                                                                GL_TESS_EVALUATION_SHADER, GL_GEOMETRY_SHADER,
                                                                GL_FRAGMENT_SHADER, GL_COMPUTE_SHADER};
            GLenum st = kinds[sh.stage];
            char *orig = strdup(sh.glsl);
            char *v = strstr(orig, "#version 460");
            if (v)
                memcpy(v, "#version 450", 12);
            bool ok1, ok2;
            cms = compile_ms(ctx, st, glhle_bytebuf_cstr(&j.glsl), &ok1);
            oms = compile_ms(ctx, st, orig, &ok2);
            failures += !ok1;
            free(orig);
        }
        printf("  %-20s %6u %8.1f %8.1f %8.1f %9.1f %9.1f %9.2f %9.2f\n", *name, j.r.instructions, dec, spv, gls,
               per_w, per_b, cms, oms);
        sum[0] += dec, sum[1] += spv, sum[2] += gls, sum[3] += cms, sum[4] += oms;
        n++;
        mw_spirv_result_free(&j.r);
        glhle_bytebuf_free(&j.glsl);
        tmc_free(&sh);
    }
    if (n)
        printf("  mean over %u shaders: decode %.1f us, SPIR-V %.1f us, GLSL %.1f us, llvmpipe compile %.2f ms "
               "(original GLSL %.2f ms)\n",
               n, sum[0] / n, sum[1] / n, sum[2] / n, sum[3] / n, sum[4] / n);
    if (ctx)
        glhle_context_destroy(ctx);
    if (failures)
        printf("  %u translations failed to compile\n", failures);
    return failures ? 1 : 0;
}
