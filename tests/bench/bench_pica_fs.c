/* The PICA fragment pipeline's costs, each next to a baseline measured in
 * the same run:
 *  - key derivation from decoded state + XXH3 hash (goal < 200 ns), and the
 *    draw-path update when nothing is dirty, against hashing the key alone;
 *  - GLSL generation per shader (goal < 50 us), against copying its text;
 *  - llvmpipe compile + link + first draw per generated shader (the JIT runs
 *    at the first draw; Mesa's disk cache off),
 *    against a trivial pass-through fragment shader.
 *   bench_pica_fs [--quick] [--cpu-only] [--keys N]
 * --cpu-only skips GL (for callgrind: valgrind --tool=callgrind). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_util.h"
#include "backend/pica/fragment/fs_key.h"
#include "backend/pica/pica_instance.h"
#include "shadergen/pica_fs.h"
#include "support/bench_support.h"
#include "support/pica_support.h"
#include "support/pica_fs_random.h"

/* The state of a lit, fogged, textured draw as citro3d-style code sets it
 * up (tests/support/pica_support.c tp_build_lit_fog_draw: six combiner
 * stages, a directional light with a D0 LUT, fog, texture unit 0). */
static glhle_pica *scene_state(void)
{
    glhle_pica_desc d = {0};
    glhle_pica *p;
    if (glhle_pica_create(NULL, &d, &p) != GLHLE_RESULT_OK)
        exit(1);
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_build_lit_fog_draw(&b);
    tp_cmd_finalize(&b);
    glhle_pica_run_cmdlist(p, b.w, b.n, NULL);
    tp_cmd_free(&b);
    return p;
}

struct key_arg {
    const pica_state *s;
    int n;
    uint64_t out;
};

static void do_derive(void *p)
{
    struct key_arg *a = p;
    uint64_t h = 0;
    for (int i = 0; i < a->n; i++) {
        pica_fs_key k;
        pica_fs_key_from_state(a->s, &k);
        h ^= pica_fs_key_hash(&k);
    }
    a->out = h;
}

static void do_hash_only(void *p)
{
    struct key_arg *a = p;
    pica_fs_key k;
    pica_fs_key_from_state(a->s, &k);
    uint64_t h = 0;
    for (int i = 0; i < a->n; i++) {
        k.blend_src_rgb = (uint8_t)i; /* keeps the compiler from hoisting the hash */
        h ^= pica_fs_key_hash(&k);
    }
    a->out = h;
}

struct memo_arg {
    pica_fs_derived *d;
    const pica_state *s;
    int n;
    uint64_t out;
};

static void do_derive_memo(void *p)
{
    struct memo_arg *a = p;
    uint64_t x = 0;
    for (int i = 0; i < a->n; i++)
        x += pica_fs_derive_key(a->d, a->s) + a->d->key_hash;
    a->out = x;
}

struct update_arg {
    pica_fs_derived *d;
    const pica_state *s;
    int n;
    uint64_t out;
};

static void do_update_clean(void *p)
{
    struct update_arg *a = p;
    uint64_t x = 0;
    for (int i = 0; i < a->n; i++) {
        bool changed;
        x += pica_fs_update(a->d, a->s, &changed) + changed;
    }
    a->out = x;
}

struct gen_arg {
    const pica_fs_key *keys;
    int nkeys;
    glhle_bytebuf *out;
    size_t bytes;
};

static void do_generate(void *p)
{
    struct gen_arg *a = p;
    pica_fs_host host = {0};
    a->bytes = 0;
    for (int i = 0; i < a->nkeys; i++) {
        glhle_bytebuf_clear(a->out);
        pica_fs_generate(&a->keys[i], &host, a->out);
        a->bytes += a->out->size;
    }
}

struct copy_arg {
    char **texts;
    size_t *sizes;
    int n;
    char *dst;
};

static void do_copy(void *p)
{
    struct copy_arg *a = p;
    for (int i = 0; i < a->n; i++) {
        memcpy(a->dst, a->texts[i], a->sizes[i]);
        bench_consume(a->dst, a->sizes[i]);
    }
}

/* Compile, link and one draw: llvmpipe JIT-compiles the fragment shader at
 * the first draw that uses it, so a draw is part of the cost. */
static double compile_ms(glhle_context *ctx, const gl_target *t, GLuint vao, const char *vs, const char *fs,
                         int *failures)
{
    GladGLContext *gl = &ctx->gl;
    uint64_t t0 = bench_now_ns();
    GLuint prog;
    if (gl_link_program(ctx, vs, fs, &prog) == GLHLE_RESULT_OK) {
        gl->UseProgram(prog);
        gl->BindFramebuffer(GL_FRAMEBUFFER, t->fbo);
        gl->Viewport(0, 0, t->width, t->height);
        gl->BindVertexArray(vao);
        gl->DrawArrays(GL_TRIANGLES, 0, 3);
        gl->Finish();
        gl->UseProgram(0);
        gl->DeleteProgram(prog);
    } else {
        (*failures)++;
    }
    return (double)(bench_now_ns() - t0) / 1e6;
}

int main(int argc, char **argv)
{
    bool quick = bench_quick(argc, argv), cpu_only = false;
    int nkeys = quick ? 12 : 240;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--cpu-only"))
            cpu_only = true;
        else if (!strcmp(argv[i], "--keys") && i + 1 < argc)
            nkeys = atoi(argv[++i]);
    }
    if (nkeys < 6)
        nkeys = 6;
    int reps = quick ? 1 : 5;

    /* ---- key derivation and hash ---- */
    glhle_pica *pica = scene_state();
    const pica_state *s = pica_get_state(pica);
    struct key_arg ka = {s, quick ? 2000 : 1000000, 0};
    double derive_ns = (double)bench_best_ns(reps, do_derive, &ka) / ka.n;
    struct key_arg ha = {s, ka.n, 0};
    double hash_ns = (double)bench_best_ns(reps, do_hash_only, &ha) / ha.n;
    pica_fs_derived *d = calloc(1, sizeof *d);
    bool changed;
    pica_fs_update(d, s, &changed);
    pica_get_state_mut(pica)->dirty = 0;
    struct update_arg ua = {d, s, ka.n, 0};
    double update_ns = (double)bench_best_ns(reps, do_update_clean, &ua) / ua.n;
    struct memo_arg ma = {d, s, ka.n, 0};
    double memo_ns = (double)bench_best_ns(reps, do_derive_memo, &ma) / ma.n;
    printf("bench_pica_fs: key of a lit, fogged, textured scene (%zu-byte key)\n", sizeof(pica_fs_key));
    printf("  key derivation + hash  %8.1f ns  (%.1fx the hash alone, %.1f ns): a configuration seen before\n",
           memo_ns, memo_ns / hash_ns, hash_ns);
    printf("  ... first sight        %8.1f ns  (%.1fx the hash alone): with normalisation\n", derive_ns,
           derive_ns / hash_ns);
    printf("  draw update, clean     %8.1f ns\n", update_ns);

    /* ---- generation ---- */
    static const unsigned mixes[6] = {PFR_TEXTURES | PFR_ALPHA_TEST, PFR_TEXTURES | PFR_TEX0_TYPES,
                                      PFR_TEXTURES | PFR_LIGHTING, PFR_TEXTURES | PFR_FOG, PFR_PROCTEX,
                                      PFR_ALL & ~PFR_RAW};
    static const char *mix_names[6] = {"TEV", "TEV + texture types", "lighting", "fog", "proctex", "everything"};
    pica_fs_key *keys = calloc((size_t)nkeys, sizeof *keys);
    ts_rng r;
    ts_rng_init(&r, 0xbe7c);
    for (int i = 0; i < nkeys; i++)
        pica_fs_random_key(&r, mixes[i % 6], &keys[i]);
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    struct gen_arg ga = {keys, nkeys, &out, 0};
    double gen_us = (double)bench_best_ns(reps, do_generate, &ga) / nkeys / 1e3;
    char **texts = calloc((size_t)nkeys, sizeof *texts);
    size_t *sizes = calloc((size_t)nkeys, sizeof *sizes);
    size_t maxsize = 0;
    pica_fs_host host = {0};
    for (int i = 0; i < nkeys; i++) {
        glhle_bytebuf b;
        glhle_bytebuf_init(&b, 0);
        pica_fs_generate(&keys[i], &host, &b);
        texts[i] = (char *)glhle_bytebuf_detach(&b, &sizes[i]);
        if (sizes[i] > maxsize)
            maxsize = sizes[i];
    }
    struct copy_arg ca = {texts, sizes, nkeys, malloc(maxsize + 1)};
    double copy_us = (double)bench_best_ns(reps, do_copy, &ca) / nkeys / 1e3;
    printf("  GLSL generation        %8.2f us per shader, %zu bytes on average (%.0fx copying the text, %.3f us)\n",
           gen_us, ga.bytes / (size_t)nkeys, gen_us / copy_us, copy_us);

    /* ---- llvmpipe compile + link ---- */
    int rc = 0;
    if (!cpu_only) {
        setenv("MESA_SHADER_CACHE_DISABLE", "true", 1);
        glhle_context_desc desc = {.mode = GLHLE_CONTEXT_OFFSCREEN, .log_level = GLHLE_LOG_WARN};
        glhle_context *ctx;
        if (glhle_context_create(&desc, &ctx) != GLHLE_RESULT_OK) {
            printf("  compile + link         skipped: no offscreen GL context\n");
        } else {
            glhle_bytebuf vsb;
            glhle_bytebuf_init(&vsb, 0);
            pica_fs_generate_passthrough_vs(&host, &vsb);
            const char *vs = glhle_bytebuf_cstr(&vsb);
            int failures = 0;
            gl_target target;
            gl_target_create(ctx, 16, 16, true, &target);
            GLuint vao, vbo;
            /* one triangle over the target; attributes 1-7 keep their defaults */
            static const float tri[3][4] = {{-1, -1, -0.5f, 1}, {3, -1, -0.5f, 1}, {-1, 3, -0.5f, 1}};
            ctx->gl.GenVertexArrays(1, &vao);
            ctx->gl.GenBuffers(1, &vbo);
            ctx->gl.BindVertexArray(vao);
            ctx->gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
            ctx->gl.BufferData(GL_ARRAY_BUFFER, sizeof tri, tri, GL_STATIC_DRAW);
            ctx->gl.EnableVertexAttribArray(0);
            ctx->gl.VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, 0);
            /* baseline: the smallest key (replace with the primary colour) */
            pica_fs_key zero;
            memset(&zero, 0, sizeof zero);
            zero.tev[5].rgb_src[0] = zero.tev[5].a_src[0] = PICA_FS_TEV_SRC_PRIMARY;
            pica_fs_key_normalize(&zero);
            glhle_bytebuf zb;
            glhle_bytebuf_init(&zb, 0);
            pica_fs_generate(&zero, &host, &zb);
            double base = 1e30;
            for (int i = 0; i < (quick ? 1 : 5); i++) {
                double t = compile_ms(ctx, &target, vao, vs, glhle_bytebuf_cstr(&zb), &failures);
                base = t < base ? t : base;
            }
            int ncompile = quick ? 2 : nkeys;
            double sum[6] = {0}, total = 0, worst = 0;
            int count[6] = {0};
            for (int i = 0; i < ncompile; i++) {
                double t = compile_ms(ctx, &target, vao, vs, texts[i], &failures);
                sum[i % 6] += t;
                count[i % 6]++;
                total += t;
                worst = t > worst ? t : worst;
            }
            printf("  compile+link+draw      %8.2f ms per shader over %d (worst %.1f ms; %.1fx the pass-through "
                   "shader, %.2f ms)\n",
                   total / ncompile, ncompile, worst, total / ncompile / base, base);
            for (int m = 0; m < 6; m++)
                if (count[m])
                    printf("    %-22s %8.2f ms\n", mix_names[m], sum[m] / count[m]);
            if (failures) {
                printf("  %d shaders failed to compile\n", failures);
                rc = 1;
            }
            ctx->gl.DeleteBuffers(1, &vbo);
            ctx->gl.DeleteVertexArrays(1, &vao);
            gl_target_destroy(ctx, &target);
            glhle_bytebuf_free(&vsb);
            glhle_bytebuf_free(&zb);
            glhle_context_destroy(ctx);
        }
    }
    printf("  (checksum %016llx)\n", (unsigned long long)(ka.out ^ ha.out ^ ua.out ^ ma.out));
    for (int i = 0; i < nkeys; i++)
        free(texts[i]);
    free(texts);
    free(sizes);
    free(ca.dst);
    free(keys);
    free(d);
    glhle_bytebuf_free(&out);
    glhle_pica_destroy(pica);
    return rc;
}
