/* The disk shader cache (issue 17), on the GL context it runs on:
 *  - every sample trace replayed cold (no cache), with a warm cache of keys
 *    and GLSL only, and with a warm cache plus this driver's binaries:
 *    compiles a draw waited for, time to the first frame against the later
 *    frames of the same run, and the whole replay;
 *  - the same for the Maxwell sample traces (graphics and compute programs,
 *    TITLE.maxwell.glsc and TITLE.maxwell-cs.glsc), and a cold Maxwell run
 *    with shader_defer_draws (draws skipped while their program compiles);
 *  - precompiling a cache of random PICA programs (keys only) at instance
 *    creation on the creating thread, on 1 and on 2 worker threads:
 *    programs per second.
 * Mesa's own shader cache is switched off (MESA_SHADER_CACHE_DISABLE) for
 * the cold and GLSL-only runs, so that they really compile; Mesa then also
 * offers no program binaries, so the runs with binaries use a second
 * context made after pointing Mesa's cache at an empty folder (its cold run
 * fills that folder too, which the binary run does not use).
 * --quick: 4 random programs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend/common/bytebuf.h"
#include "backend/gl/shader_cache_file.h"
#include "backend/maxwell/render/programs.h"
#include "backend/pica/draw/programs.h"
#include "glhle/maxwell.h"
#include "glhle/shader_cache.h"
#include "glhle/trace.h"
#include "support/bench_support.h"
#include "support/pica_fs_random.h"
#include "support/test_support.h"
#include "support/trace_golden.h"

static void quiet(void *user, const glhle_log_record *r)
{
    (void)user;
    (void)r;
}

typedef struct timing {
    uint64_t start, first, last;
    uint32_t frames;
} timing;

static glhle_result on_frame(void *user, glhle_pica *pica, uint32_t frame)
{
    timing *t = user;
    (void)pica;
    (void)frame;
    uint64_t now = bench_now_ns();
    if (t->frames++ == 0)
        t->first = now;
    t->last = now;
    return GLHLE_RESULT_OK;
}

static void replay(glhle_context *ctx, const char *name, const char *dir, timing *t, glhle_trace_replay_stats *st)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/scenes/traces/%s.glht", GLHLE_SOURCE_DIR, name);
    glhle_trace_open_desc od = {.log = quiet};
    glhle_trace *tr;
    if (glhle_trace_open_file(path, &od, &tr) != GLHLE_RESULT_OK) {
        fprintf(stderr, "bench_shader_cache: cannot open %s\n", path);
        exit(1);
    }
    glhle_trace_replay_desc rd = {
        .ctx = ctx,
        .pica = {.log = quiet, .shader_cache_dir = dir, .shader_cache_title = name},
        .on_frame = on_frame,
        .user = t,
    };
    memset(t, 0, sizeof *t);
    t->start = bench_now_ns();
    if (glhle_trace_replay(tr, &rd, st) != GLHLE_RESULT_OK) {
        fprintf(stderr, "bench_shader_cache: %s did not replay\n", name);
        exit(1);
    }
    t->last = bench_now_ns() > t->last ? t->last : t->last;
    glhle_trace_close(tr);
}

static void read_cache(const char *path, gl_shc_file *f)
{
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    glhle_bytebuf_read_file(&b, path, 0);
    const gl_shc_system_info *sys[3] = {&pica_program_system()->info, &mw_program_system()->info,
                                        &mw_compute_program_system()->info};
    gl_shc_parse(b.data, b.size, sys, 3, 0, NULL, GLHLE_LOG_INFO, f);
    glhle_bytebuf_free(&b);
}

/* Keeps the keys and texts of a cache file, drops its binaries. */
static void drop_binaries(const char *path)
{
    gl_shc_file f;
    read_cache(path, &f);
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    gl_shc_write_header(&out, f.system);
    for (uint32_t e = 0; e < f.entry_count; e++) {
        const gl_shc_entry *en = &f.entries[e];
        gl_shc_write_key(&out, en->system, en->key_version, en->key_size, en->host, en->last_use, en->glsl_hash,
                         en->key);
    }
    for (uint32_t g = 0; g < f.glsl_count; g++)
        gl_shc_write_glsl_gs(&out, f.glsl[g].vs, f.glsl[g].vs_len, f.glsl[g].gs, f.glsl[g].gs_len, f.glsl[g].fs,
                             f.glsl[g].fs_len);
    FILE *fp = fopen(path, "wb");
    fwrite(out.data, 1, out.size, fp);
    fclose(fp);
    glhle_bytebuf_free(&out);
    gl_shc_free(&f);
}

static const char *scratch_dir(const char *name)
{
    static char dir[4096];
    snprintf(dir, sizeof dir, "%s/bench_shader_cache_%s_%ld", ts_output_dir(), name, (long)getpid());
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", dir, dir);
    if (system(cmd) != 0)
        exit(1);
    return dir;
}

static void remove_dir(const char *dir)
{
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "bench_shader_cache: could not remove %s\n", dir);
}

static const char *const names[] = {"cube", "proctex", "rtt", "screens", "tev"};

static void print_stats_row(const char *name, const char *mode, const timing *t, const glhle_shader_stats *s)
{
    char later[32] = "-";
    if (t->frames > 1)
        snprintf(later, sizeof later, "%.2f ms", (double)(t->last - t->first) / 1e6 / (double)(t->frames - 1));
    printf("%-8s %-14s %8llu %8llu %8llu %7.1f ms %10s %7.1f ms\n", name, mode,
           (unsigned long long)s->programs_compiled, (unsigned long long)s->programs_compiled_on_draw,
           (unsigned long long)s->binaries_loaded, (double)(t->first - t->start) / 1e6, later,
           (double)(t->last - t->start) / 1e6);
    if (s->draws_deferred)
        printf("%-8s %-14s   (%llu of %llu draws deferred, %llu waited)\n", "", "",
               (unsigned long long)s->draws_deferred, (unsigned long long)(s->draws + s->draws_deferred),
               (unsigned long long)s->draws_waited_for_compile);
}

static void print_row(const char *name, const char *mode, const timing *t, const glhle_trace_replay_stats *st)
{
    print_stats_row(name, mode, t, &st->shaders);
}

static glhle_result on_mw_frame(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    timing *t = user;
    (void)gpu;
    (void)frame;
    uint64_t now = bench_now_ns();
    if (t->frames++ == 0)
        t->first = now;
    t->last = now;
    return GLHLE_RESULT_OK;
}

static void mw_replay(glhle_context *ctx, const char *name, const char *dir, bool defer, timing *t,
                      glhle_shader_stats *out)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/scenes/traces/%s.glht", GLHLE_SOURCE_DIR, name);
    size_t size = 0;
    uint8_t *data = ts_trace_read(path, &size);
    if (!data) {
        fprintf(stderr, "bench_shader_cache: cannot read %s\n", path);
        exit(1);
    }
    const glhle_maxwell_replay_desc rd = {
        .ctx = ctx,
        .maxwell = {.log = quiet, .shader_cache_dir = dir, .shader_cache_title = name, .shader_defer_draws = defer},
        .on_frame = on_mw_frame,
        .user = t,
    };
    glhle_maxwell_replay_stats st;
    memset(t, 0, sizeof *t);
    t->start = bench_now_ns();
    if (glhle_maxwell_trace_replay(data, size, &rd, &st) != GLHLE_RESULT_OK) {
        fprintf(stderr, "bench_shader_cache: %s did not replay\n", name);
        exit(1);
    }
    *out = st.shaders;
    free(data);
}

static const char *const mw_names[] = {"maxwell_triangle", "maxwell_cube_bc1", "maxwell_cube_ubo",
                                       "maxwell_compute_geo"};

/* The Maxwell traces as traces() runs the PICA ones, and cold with deferred draws. */
static void mw_traces(glhle_context *ctx, bool binaries)
{
    for (size_t i = 0; i < sizeof mw_names / sizeof mw_names[0]; i++) {
        const char *dir = scratch_dir(mw_names[i]);
        char path[4200], cs_path[4200];
        snprintf(path, sizeof path, "%s/%s.maxwell.glsc", dir, mw_names[i]);
        snprintf(cs_path, sizeof cs_path, "%s/%s.maxwell-cs.glsc", dir, mw_names[i]);
        const char *shortname = mw_names[i] + 8; /* after "maxwell_" */
        timing t[3];
        glhle_shader_stats st[3];
        mw_replay(ctx, mw_names[i], dir, false, &t[0], &st[0]);
        if (!binaries) {
            drop_binaries(path);
            if (access(cs_path, R_OK) == 0)
                drop_binaries(cs_path);
        }
        mw_replay(ctx, mw_names[i], dir, false, &t[1], &st[1]);
        print_stats_row(shortname, binaries ? "cold (Mesa $)" : "cold", &t[0], &st[0]);
        print_stats_row(shortname, binaries ? "warm binaries" : "warm GLSL", &t[1], &st[1]);
        remove_dir(dir);
        if (!binaries) {
            dir = scratch_dir(mw_names[i]);
            mw_replay(ctx, mw_names[i], dir, true, &t[2], &st[2]);
            print_stats_row(shortname, "cold, deferred", &t[2], &st[2]);
            remove_dir(dir);
        }
    }
}

/* binaries: false -> cold, then keys + GLSL only; true -> cold, then with this driver's binaries */
static void traces(glhle_context *ctx, bool binaries)
{
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *dir = scratch_dir(names[i]);
        char path[4200];
        snprintf(path, sizeof path, "%s/%s.pica.glsc", dir, names[i]);
        timing t[2];
        glhle_trace_replay_stats st[2];
        replay(ctx, names[i], dir, &t[0], &st[0]);
        if (!binaries)
            drop_binaries(path);
        replay(ctx, names[i], dir, &t[1], &st[1]);
        print_row(names[i], binaries ? "cold (Mesa $)" : "cold", &t[0], &st[0]);
        print_row(names[i], binaries ? "warm binaries" : "warm GLSL", &t[1], &st[1]);
        remove_dir(dir);
    }
}

/* A cache of `n` random PICA programs: keys only, so every one compiles. */
static void write_random_cache(const char *path, uint32_t n, uint32_t host)
{
    if (!pica_fs_random_cache_file(path, n, host, 17))
        fprintf(stderr, "bench_shader_cache: cannot write %s\n", path);
}

static void precompile(glhle_context *ctx, uint32_t n)
{
    const glhle_context_info *in = glhle_context_get_info(ctx);
    const pica_fs_host host = {.gles = in->gles, .framebuffer_fetch = in->framebuffer_fetch};
    const char *dir = scratch_dir("precompile");
    char path[4200];
    snprintf(path, sizeof path, "%s/random.pica.glsc", dir);
    /* creation without a cache, for the baseline */
    glhle_pica_desc base = {.log = quiet};
    glhle_pica *p;
    uint64_t t0 = bench_now_ns();
    glhle_pica_create(ctx, &base, &p);
    const uint64_t plain = bench_now_ns() - t0;
    glhle_pica_destroy(p);
    printf("precompiling %u random PICA programs at creation (keys only):\n", n);
    for (uint32_t threads = 0; threads <= 2; threads++) {
        write_random_cache(path, n, pica_program_host_bits(&host));
        glhle_pica_desc d = {.log = quiet,
                             .shader_cache_dir = dir,
                             .shader_cache_title = "random",
                             .shader_compile_threads = threads};
        t0 = bench_now_ns();
        glhle_pica_create(ctx, &d, &p);
        const uint64_t ns = bench_now_ns() - t0;
        glhle_shader_stats st;
        glhle_pica_get_shader_stats(p, &st);
        glhle_pica_destroy(p);
        const double secs = (double)(ns > plain ? ns - plain : 1) / 1e9;
        printf("  %s: %llu programs in %.3f s, %.1f programs/s (%.1f ms per program)\n",
               threads == 0 ? "creating thread" : threads == 1 ? "1 worker      " : "2 workers     ",
               (unsigned long long)st.programs_precompiled, secs, (double)st.programs_precompiled / secs,
               secs * 1e3 / (double)(st.programs_precompiled ? st.programs_precompiled : 1));
    }
    remove_dir(dir);
}

static glhle_context *make_context(void)
{
    glhle_context_desc cd = {.mode = GLHLE_CONTEXT_OFFSCREEN, .log = quiet};
    glhle_context *ctx;
    if (glhle_context_create(&cd, &ctx) != GLHLE_RESULT_OK)
        return NULL;
    const glhle_context_info *in = glhle_context_get_info(ctx);
    printf("GL: %s, program binaries %s\n", in->renderer ? in->renderer : "?", in->program_binary ? "yes" : "no");
    return ctx;
}

int main(int argc, char **argv)
{
    const bool quick = bench_quick(argc, argv);
    setenv("MESA_SHADER_CACHE_DISABLE", "true", 1);
    glhle_context *ctx = make_context();
    if (!ctx) {
        printf("bench_shader_cache: no offscreen GL context; skipped\n");
        return 77;
    }
    printf("%-8s %-14s %8s %8s %8s %10s %10s %10s\n", "trace", "cache", "compiles", "on draw", "binaries",
           "1st frame", "later", "replay");
    traces(ctx, false);
    mw_traces(ctx, false);
    precompile(ctx, quick ? 4 : 48);
    glhle_context_destroy(ctx); /* the last context: the EGL display and Mesa's screen go too */

    const char *mesa_dir = scratch_dir("mesa");
    setenv("MESA_SHADER_CACHE_DISABLE", "false", 1);
    setenv("MESA_SHADER_CACHE_DIR", mesa_dir, 1);
    ctx = make_context();
    if (ctx && glhle_context_get_info(ctx)->program_binary)
    {
        traces(ctx, true);
        mw_traces(ctx, true);
    } else
        printf("no program binaries with Mesa's cache on either: the runs with binaries are skipped\n");
    glhle_context_destroy(ctx);
    remove_dir(mesa_dir);
    return 0;
}
