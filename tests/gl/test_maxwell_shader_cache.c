/* Maxwell programs through the program cache service and the disk shader
 * cache (backend/maxwell/render/programs.h, issue 17):
 *  - a replay counts its programs per system (compiles, misses, hits, one
 *    lookup per draw) and the service's program budget applies;
 *  - every Maxwell sample trace replayed a second time with the cache of
 *    the first makes every program from the cache (no compile, every
 *    binary loaded, nothing on the draw path) and writes the same frames;
 *  - from keys alone the programs are compiled at creation on two workers;
 *  - with another driver's binaries the programs are compiled from the keys
 *    (the stored guest code) at creation, never on a draw;
 *  - a flipped byte in each record and truncation at each record boundary
 *    and inside each record are survived: the bad record is counted and
 *    logged with its offset, the frames are the same, the file is rewritten
 *    clean.
 *  - glhle-shadercache builds, lists, shows, verifies and precompiles
 *    Maxwell caches;
 *  - keys differing only in guest code stay two entries, in memory and on disk;
 *  - shader_defer_draws: cold replays wait for no draw's compile;
 *  - compute programs use their own service and file (maxwell-cs).
 * The reference frames are those of the replay without a cache, which
 * test_maxwell_trace and test_maxwell_cube_scenes check against the golden
 * images. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend/common/bytebuf.h"
#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_util.h"
#include "backend/gl/program_cache.h"
#include "backend/gl/shader_cache_file.h"
#include "backend/maxwell/render/programs.h"
#include "glhle/maxwell.h"
#include "support/pica_trace_support.h"
#include "support/trace_golden.h"

static const char *const traces[] = {"maxwell_triangle", "maxwell_cube_bc1", "maxwell_cube_ubo",
                                     "maxwell_compute_geo", "maxwell_mesh_srgb"};
#define TRACE_COUNT (sizeof traces / sizeof traces[0])
#define MAX_FRAMES 16

typedef struct run {
    uint32_t frames;
    uint8_t *rgba[MAX_FRAMES];
    uint32_t w[MAX_FRAMES], h[MAX_FRAMES];
    glhle_shader_stats st;
} run;

static glhle_result keep(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    run *r = user;
    if (r->frames == MAX_FRAMES)
        return GLHLE_RESULT_OK;
    uint32_t w, h;
    assert_int_equal(glhle_maxwell_read_frame(gpu, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    r->rgba[r->frames] = malloc((size_t)w * h * 4);
    assert_non_null(r->rgba[r->frames]);
    assert_int_equal(glhle_maxwell_read_frame(gpu, r->rgba[r->frames], (size_t)w * h * 4, NULL, NULL),
                     GLHLE_RESULT_OK);
    r->w[r->frames] = w;
    r->h[r->frames] = h;
    r->frames++;
    (void)frame;
    return GLHLE_RESULT_OK;
}

static uint32_t replay_budget;  /* program_budget of the next replays */
static uint32_t replay_threads; /* shader_compile_threads of the next replays */
static bool replay_defer;       /* shader_defer_draws of the next replays */
static glhle_maxwell_shader_path replay_path; /* shader_path of the next replays (0: AUTO) */

static void replay(glhle_context *ctx, const char *name, const char *dir, run *out)
{
    memset(out, 0, sizeof *out);
    char path[512];
    snprintf(path, sizeof path, "%s/tests/scenes/traces/%s.glht", GLHLE_SOURCE_DIR, name);
    size_t size = 0;
    uint8_t *data = ts_trace_read(path, &size);
    assert_non_null(data);
    glhle_maxwell_replay_desc rd = {.ctx = ctx,
                                    .maxwell = {.log = ts_log_fn,
                                                .shader_cache_dir = dir,
                                                .shader_cache_title = name,
                                                .program_budget = replay_budget,
                                                .shader_compile_threads = replay_threads,
                                                .shader_defer_draws = replay_defer,
                                                .shader_path = replay_path},
                                    .on_frame = keep,
                                    .user = out};
    glhle_maxwell_replay_stats st;
    assert_int_equal(glhle_maxwell_trace_replay(data, size, &rd, &st), GLHLE_RESULT_OK);
    assert_true(st.ended);
    assert_int_equal(st.problems, 0);
    assert_true(out->frames >= 1);
    out->st = st.shaders;
    free(data);
    ts_gl_check(ctx);
}

static void same_frames(const char *what, const run *a, const run *b)
{
    assert_int_equal(a->frames, b->frames);
    for (uint32_t f = 0; f < a->frames; f++) {
        char name[128];
        snprintf(name, sizeof name, "maxwell_shader_cache_%s_f%u", what, f);
        glhle_image x = {a->w[f], a->h[f], a->rgba[f]}, y = {b->w[f], b->h[f], b->rgba[f]};
        ts_assert_image(name, &x, &y, 0, 0);
    }
}

static void free_run(run *r)
{
    for (uint32_t f = 0; f < r->frames; f++)
        free(r->rgba[f]);
    memset(r, 0, sizeof *r);
}

static const char *cache_file(const char *dir, const char *title)
{
    static char p[4200];
    snprintf(p, sizeof p, "%s/%s.maxwell.glsc", dir, title);
    return p;
}

static void parse_file(const char *path, gl_shc_file *f)
{
    size_t n;
    uint8_t *d = ts_read_file(path, &n);
    assert_non_null(d);
    const gl_shc_system_info *sys[1] = {&mw_program_system()->info};
    assert_int_equal(gl_shc_parse(d, n, sys, 1, GL_SHC_SYSTEM_MAXWELL, NULL, GLHLE_LOG_INFO, f), GLHLE_RESULT_OK);
    free(d);
}

/* Every draw asks the service; each program is made once. */
static void programs_go_through_the_service(void **state)
{
    glhle_context *ctx = *state;
    for (size_t i = 0; i < TRACE_COUNT; i++) {
        run r;
        replay(ctx, traces[i], NULL, &r);
        const glhle_shader_stats *s = &r.st;
        print_message("  %s: %llu draws, %llu programs, %llu hits\n", traces[i], (unsigned long long)s->draws,
                      (unsigned long long)s->programs_compiled, (unsigned long long)s->cache_hits);
        assert_true(s->draws >= 1);
        assert_true(s->programs_compiled >= 1);
        assert_int_equal(s->cache_misses, s->programs_compiled);
        assert_int_equal(s->programs_compiled_on_draw, s->programs_compiled);
        assert_int_equal(s->draws_waited_for_compile, s->programs_compiled);
        /* one lookup per draw and per compute launch (compute_geo has some) */
        assert_true(strstr(traces[i], "compute") ? s->dispatches >= 1 : s->dispatches == 0);
        assert_int_equal(s->cache_hits + s->cache_misses, s->draws + s->dispatches);
        assert_int_equal(s->programs_resident, s->programs_compiled);
        assert_int_equal(s->program_failures, 0);
        assert_int_equal(s->records_written, 0); /* no disk cache */
        free_run(&r);
    }
}

/* A budget of one program: every sample scene has one, so the budget
 * holds without evicting it (LRU eviction of variable-size keys:
 * test_program_cache variable_size_keys). */
static void budget_of_one_program(void **state)
{
    glhle_context *ctx = *state;
    run full, tight;
    replay(ctx, "maxwell_cube_ubo", NULL, &full);
    replay_budget = 1;
    replay(ctx, "maxwell_cube_ubo", NULL, &tight);
    replay_budget = 0;
    assert_int_equal(tight.st.programs_resident, 1);
    assert_int_equal(tight.st.programs_compiled, full.st.programs_compiled);
    same_frames("budget", &full, &tight);
    free_run(&full);
    free_run(&tight);
}

static void second_replay_makes_every_program_from_the_cache(void **state)
{
    glhle_context *ctx = *state;
    const char *dir = ts_fresh_dir("maxwell_shader_cache_warm");
    for (size_t i = 0; i < TRACE_COUNT; i++) {
        run ref, cold, warm;
        replay(ctx, traces[i], NULL, &ref);
        replay(ctx, traces[i], dir, &cold);
        const glhle_shader_stats *c = &cold.st;
        assert_true(c->programs_compiled >= 1);
        assert_int_equal(c->programs_precompiled, 0);
        assert_int_equal(c->binaries_written, c->programs_compiled); /* llvmpipe has program binaries */
        same_frames("cold", &ref, &cold);
        replay(ctx, traces[i], dir, &warm);
        const glhle_shader_stats *w = &warm.st;
        assert_int_equal(w->disk_entries, c->programs_compiled);
        assert_int_equal(w->programs_precompiled, c->programs_compiled);
        assert_int_equal(w->binaries_loaded, c->programs_compiled); /* same driver: no compile at all */
        assert_int_equal(w->programs_compiled, 0);
        assert_int_equal(w->programs_compiled_on_draw, 0);
        assert_int_equal(w->draws_waited_for_compile, 0);
        assert_int_equal(w->cache_misses, 0);
        assert_int_equal(w->cache_records_rejected, 0);
        assert_int_equal(w->draws, c->draws);
        same_frames("warm", &cold, &warm);
        free_run(&ref);
        free_run(&cold);
        free_run(&warm);
    }
}

/* glhle_maxwell_desc.shader_path SPIRV and GLSL on one cache file: the
 * SPIR-V-linked programs are entries of their own (host bit
 * MW_PROGRAM_HOST_SPIRV in the entry's id); a GLSL instance makes their
 * keys ready as GLSL (keys apply on every host, texts and binaries on
 * their own) and adds its own entries, and a second SPIR-V instance makes
 * every SPIR-V one ready from its module before its first draw; all of
 * them draw the GLSL path's frames (the textured cube, maxwell_cube_bc1,
 * included). Runs in gl/test_maxwell_shader_cache_spirv (Mesa's shader
 * cache off, which glhle's SPIR-V path needs there: gl_caps.c). */
static void spirv_entries_stay_apart(void **state)
{
    glhle_context *ctx = *state;
    if (!gl_caps_spirv(ctx)) {
        print_message("SKIP: the host has no SPIR-V shaders for glhle (%s)\n", gl_caps_spirv_why_not(ctx));
        skip();
    }
    const char *dir = ts_fresh_dir("maxwell_shader_cache_spirv");
    for (size_t i = 0; i < 2; i++) {
        run ref, spv, glsl, warm;
        replay_path = GLHLE_MAXWELL_SHADER_PATH_GLSL;
        replay(ctx, traces[i], NULL, &ref);
        assert_int_equal(ref.st.programs_spirv, 0);
        replay_path = GLHLE_MAXWELL_SHADER_PATH_SPIRV;
        replay(ctx, traces[i], dir, &spv);
        assert_true(spv.st.programs_compiled >= 1);
        assert_int_equal(spv.st.programs_spirv, spv.st.programs_compiled);
        same_frames("spirv", &ref, &spv);
        replay_path = GLHLE_MAXWELL_SHADER_PATH_GLSL;
        replay(ctx, traces[i], dir, &glsl);
        assert_int_equal(glsl.st.disk_entries, spv.st.programs_compiled);
        assert_int_equal(glsl.st.programs_precompiled, spv.st.programs_compiled);
        assert_int_equal(glsl.st.binaries_loaded, 0);
        assert_int_equal(glsl.st.programs_compiled, spv.st.programs_compiled);
        assert_int_equal(glsl.st.programs_spirv, 0);
        same_frames("spirv_glsl", &ref, &glsl);
        replay_path = GLHLE_MAXWELL_SHADER_PATH_SPIRV;
        replay(ctx, traces[i], dir, &warm);
        assert_int_equal(warm.st.disk_entries, 2 * spv.st.programs_compiled);
        assert_int_equal(warm.st.programs_precompiled, spv.st.programs_compiled);
        assert_int_equal(warm.st.programs_spirv, warm.st.programs_compiled); /* no binaries here: Mesa's cache is off */
        assert_int_equal(warm.st.programs_compiled_on_draw, 0);
        assert_int_equal(warm.st.cache_misses, 0);
        same_frames("spirv_warm", &ref, &warm);
        replay_path = GLHLE_MAXWELL_SHADER_PATH_AUTO;
        gl_shc_file f;
        parse_file(cache_file(dir, traces[i]), &f);
        uint32_t with_bit = 0;
        for (uint32_t e = 0; e < f.entry_count; e++)
            with_bit += (f.entries[e].host & MW_PROGRAM_HOST_SPIRV) != 0;
        print_message("  %s: %u entries, %u of them SPIR-V-linked\n", traces[i], f.entry_count, with_bit);
        assert_int_equal(f.entry_count, 2 * spv.st.programs_compiled);
        assert_int_equal(with_bit, spv.st.programs_compiled);
        gl_shc_free(&f);
        free_run(&ref);
        free_run(&spv);
        free_run(&glsl);
        free_run(&warm);
    }
}

/* Keys and texts kept, binaries under another driver id: compiled from the
 * stored guest code at creation, never on a draw. */
static void other_driver_compiles_from_the_keys(void **state)
{
    glhle_context *ctx = *state;
    const char *dir = ts_fresh_dir("maxwell_shader_cache_foreign");
    run cold, warm;
    replay(ctx, "maxwell_cube_ubo", dir, &cold);
    const char *path = cache_file(dir, "maxwell_cube_ubo");
    gl_shc_file f;
    parse_file(path, &f);
    const uint32_t programs = f.entry_count;
    assert_true(programs >= 1);
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    gl_shc_write_header(&out, f.system);
    for (uint32_t e = 0; e < f.entry_count; e++) {
        const gl_shc_entry *en = &f.entries[e];
        gl_shc_write_key(&out, en->system, en->key_version, en->key_size, en->host, en->last_use, en->glsl_hash,
                         en->key);
    }
    const char *other = "Other Vendor\nOther GPU\n4.6 Other";
    for (uint32_t b = 0; b < f.binary_count; b++)
        gl_shc_write_binary(&out, f.binaries[b].glsl_hash, f.binaries[b].format, other, (uint32_t)strlen(other),
                            f.binaries[b].data, f.binaries[b].size);
    ts_write_file(path, out.data, out.size);
    glhle_bytebuf_free(&out);
    gl_shc_free(&f);
    replay(ctx, "maxwell_cube_ubo", dir, &warm);
    assert_int_equal(warm.st.binaries_loaded, 0);
    assert_int_equal(warm.st.binaries_rejected, 0);
    assert_int_equal(warm.st.programs_compiled, programs);
    assert_int_equal(warm.st.programs_precompiled, programs);
    assert_int_equal(warm.st.programs_compiled_on_draw, 0);
    assert_int_equal(warm.st.binaries_written, programs);
    same_frames("foreign", &cold, &warm);
    free_run(&cold);
    free_run(&warm);
}

/* The file at `path` (a compute programs' one, if it exists) as keys only,
 * into `out`; returns its entries (0 and `out` empty without the file). */
static uint32_t keys_only(const char *path, glhle_bytebuf *out)
{
    if (access(path, R_OK) != 0)
        return 0;
    size_t n;
    uint8_t *d = ts_read_file(path, &n);
    const gl_shc_system_info *sys[1] = {&mw_compute_program_system()->info};
    gl_shc_file f;
    assert_int_equal(gl_shc_parse(d, n, sys, 1, GL_SHC_SYSTEM_MAXWELL_COMPUTE, NULL, GLHLE_LOG_INFO, &f),
                     GLHLE_RESULT_OK);
    gl_shc_write_header(out, f.system);
    for (uint32_t e = 0; e < f.entry_count; e++) {
        const gl_shc_entry *en = &f.entries[e];
        gl_shc_write_key(out, en->system, en->key_version, en->key_size, en->host, en->last_use, en->glsl_hash,
                         en->key);
    }
    const uint32_t count = f.entry_count;
    gl_shc_free(&f);
    free(d);
    return count;
}

/* Without binaries, the stored programs are compiled at creation on two
 * workers with shared contexts: none on a draw, the same frames. */
static void precompile_on_workers(void **state)
{
    glhle_context *ctx = *state;
    const char *dir = ts_fresh_dir("maxwell_shader_cache_workers");
    for (size_t i = 0; i < TRACE_COUNT; i++) {
        run cold, warm;
        replay(ctx, traces[i], dir, &cold);
        const char *path = cache_file(dir, traces[i]);
        gl_shc_file f;
        parse_file(path, &f);
        /* and the compute programs' file, where the trace has one */
        glhle_bytebuf cs_out;
        glhle_bytebuf_init(&cs_out, 0);
        char cs_path[4300];
        snprintf(cs_path, sizeof cs_path, "%s/%s.maxwell-cs.glsc", dir, traces[i]);
        const uint32_t compute_programs = keys_only(cs_path, &cs_out);
        const uint32_t programs = f.entry_count + compute_programs;
        glhle_bytebuf out;
        glhle_bytebuf_init(&out, 0);
        gl_shc_write_header(&out, f.system);
        for (uint32_t e = 0; e < f.entry_count; e++) {
            const gl_shc_entry *en = &f.entries[e];
            gl_shc_write_key(&out, en->system, en->key_version, en->key_size, en->host, en->last_use, en->glsl_hash,
                             en->key);
        }
        ts_write_file(path, out.data, out.size); /* keys only: texts and binaries are made again */
        gl_shc_free(&f);
        if (i == 0) { /* made at creation, before any draw */
            const glhle_maxwell_desc md = {.log = ts_log_fn, .shader_cache_dir = dir, .shader_cache_title = traces[i],
                                           .shader_compile_threads = 2};
            glhle_maxwell *gpu;
            assert_int_equal(glhle_maxwell_create(ctx, &md, &gpu), GLHLE_RESULT_OK);
            glhle_shader_stats st;
            assert_int_equal(glhle_maxwell_get_shader_stats(gpu, &st), GLHLE_RESULT_OK);
            assert_int_equal(st.programs_precompiled, programs);
            assert_int_equal(st.draws, 0);
            glhle_maxwell_destroy(gpu);
            ts_write_file(path, out.data, out.size); /* the texts and binaries it added go again */
        }
        if (compute_programs)
            ts_write_file(cs_path, cs_out.data, cs_out.size);
        glhle_bytebuf_free(&cs_out);
        glhle_bytebuf_free(&out);
        replay_threads = 2;
        replay(ctx, traces[i], dir, &warm);
        replay_threads = 0;
        assert_int_equal(warm.st.programs_precompiled, programs);
        assert_int_equal(warm.st.programs_compiled, programs);
        assert_int_equal(warm.st.programs_compiled_on_draw, 0);
        assert_int_equal(warm.st.draws_waited_for_compile, 0);
        assert_int_equal(warm.st.cache_misses, 0);
        same_frames("workers", &cold, &warm);
        free_run(&cold);
        free_run(&warm);
    }
}

static uint32_t record_offsets(const uint8_t *d, size_t n, size_t *at, uint32_t *kind, uint32_t max)
{
    uint32_t count = 0;
    for (size_t off = GL_SHC_HEADER_BYTES; off + 24 <= n && count < max;) {
        const uint32_t len = (uint32_t)d[off + 8] | (uint32_t)d[off + 9] << 8 | (uint32_t)d[off + 10] << 16 |
                             (uint32_t)d[off + 11] << 24;
        at[count] = off;
        kind[count++] = d[off + 4];
        off += 24 + ((len + 7u) & ~7u);
    }
    return count;
}

static void corruptions_are_survived(void **state)
{
    glhle_context *ctx = *state;
    const char *dir = ts_fresh_dir("maxwell_shader_cache_corrupt");
    const char *title = "maxwell_cube_ubo";
    run cold;
    replay(ctx, title, dir, &cold);
    {
        run again; /* adds a USE record: every kind is in the file */
        replay(ctx, title, dir, &again);
        free_run(&again);
    }
    const char *path = cache_file(dir, title);
    size_t n;
    uint8_t *clean = ts_read_file(path, &n);
    assert_non_null(clean);
    size_t at[64];
    uint32_t kind[64];
    const uint32_t records = record_offsets(clean, n, at, kind, 64);
    bool seen[GL_SHC_KIND_COUNT_] = {false};
    for (uint32_t r = 0; r < records; r++)
        seen[kind[r] < GL_SHC_KIND_COUNT_ ? kind[r] : 0] = true;
    assert_true(seen[GL_SHC_KEY] && seen[GL_SHC_GLSL] && seen[GL_SHC_BINARY] && seen[GL_SHC_USE]);
    for (uint32_t r = 0; r < records; r++) {
        uint8_t *d = malloc(n);
        memcpy(d, clean, n);
        d[at[r] + 24 + 3] ^= 0x5A; /* inside the payload: a KEY record's key version, or text, binary, ids */
        ts_write_file(path, d, n);
        free(d);
        char offset[64];
        snprintf(offset, sizeof offset, "+0x%zx", at[r]);
        ts_log_clear();
        run warm;
        replay(ctx, title, dir, &warm);
        assert_int_equal(warm.st.cache_records_rejected, 1);
        assert_true(ts_log_contains(offset)); /* logged with its offset */
        if (kind[r] == GL_SHC_KEY) /* its program is made again on the draw that needs it */
            assert_true(warm.st.programs_compiled_on_draw >= 1);
        same_frames("flip", &cold, &warm);
        free_run(&warm);
        gl_shc_file f;
        parse_file(path, &f);
        assert_int_equal(f.bad_count, 0); /* rewritten without it */
        gl_shc_free(&f);
    }
    for (uint32_t r = 0; r <= records; r++) {
        const size_t cuts[2] = {r < records ? at[r] : n, r < records ? at[r] + 13 : n - 5};
        for (int k = 0; k < 2; k++) {
            ts_write_file(path, clean, cuts[k]);
            run warm;
            replay(ctx, title, dir, &warm);
            assert_int_equal(warm.st.cache_records_rejected, k == 0 ? 0 : 1);
            same_frames("cut", &cold, &warm);
            free_run(&warm);
        }
    }
    free(clean);
    free_run(&cold);
}

/* glhle-shadercache on Maxwell caches: build from traces, list, show,
 * glsl, verify (a flipped byte: exit 1 with its offset), precompile. */
static void tool_handles_maxwell(void **state)
{
    (void)state;
    if (!tt_tool_path("glhle-shadercache")) {
        print_message("SKIP: the tools were not built (GLHLE_BUILD_TOOLS off)\n");
        skip();
    }
    const char *dir = ts_fresh_dir("maxwell_shader_cache_tool");
    char path[4200], args[9000];
    static char out[65536];
    snprintf(path, sizeof path, "%s/built.maxwell.glsc", dir);
    char tri[4200];
    snprintf(tri, sizeof tri, "%s", ts_source_path("tests/scenes/traces/maxwell_triangle.glht"));
    snprintf(args, sizeof args, "build '%s' '%s' '%s'", path, tri,
             ts_source_path("tests/scenes/traces/maxwell_cube_ubo.glht"));
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    snprintf(args, sizeof args, "list --json '%s'", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "\"system\": \"maxwell\""));
    assert_non_null(strstr(out, "\"index\": 1,")); /* the two scenes' programs */
    assert_null(strstr(out, "\"index\": 2,"));
    snprintf(args, sizeof args, "show '%s' 0", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "vertex B: "));
    assert_non_null(strstr(out, "pixel: "));
    snprintf(args, sizeof args, "glsl '%s' 1", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "void main()"));
    snprintf(args, sizeof args, "precompile '%s'", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "2 of 2 programs ready"));
    snprintf(args, sizeof args, "verify '%s'", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, ": ok;"));
    size_t n;
    uint8_t *d = ts_read_file(path, &n);
    size_t at[16];
    uint32_t kind[16];
    assert_true(record_offsets(d, n, at, kind, 16) >= 2);
    d[at[0] + 24 + 40] ^= 1; /* the first KEY record's key bytes */
    ts_write_file(path, d, n);
    free(d);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 1);
    char want[64];
    snprintf(want, sizeof want, "record at +0x%zx", at[0]);
    assert_non_null(strstr(out, want));
    /* the compute scene's programs go into the sibling maxwell-cs file:
     * the scene launches one compute program (its graphics program stays
     * in CACHE) */
    snprintf(path, sizeof path, "%s/cg.maxwell.glsc", dir);
    snprintf(args, sizeof args, "build '%s' '%s'", path, ts_source_path("tests/scenes/traces/maxwell_compute_geo.glht"));
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    snprintf(path, sizeof path, "%s/cg.maxwell-cs.glsc", dir);
    assert_non_null(strstr(out, path));
    snprintf(args, sizeof args, "list --json '%s'", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "\"system\": \"maxwell-cs\""));
    assert_non_null(strstr(out, "\"index\": 0,"));
    assert_null(strstr(out, "\"index\": 1,"));
    snprintf(args, sizeof args, "verify '%s'", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
}

/* glhle-replay --shader-cache --stats-json on a Maxwell trace: the first run
 * compiles the trace's one program and stores it; the second compiles
 * nothing: the program is made at creation from the file's binary (same
 * driver), before any draw (the statistics the tool writes). */
static void replay_tool_uses_the_cache(void **state)
{
    (void)state;
    if (!tt_tool_path("glhle-replay") || !tt_tool_path("glhle-shadercache")) {
        print_message("SKIP: the tools were not built (GLHLE_BUILD_TOOLS off)\n");
        skip();
    }
    const char *dir = ts_fresh_dir("maxwell_shader_cache_replay");
    char json[4200], args[9000];
    static char out[65536];
    static const char *const want[2][4] = {
        {"\"programs_compiled\": 1,", "\"programs_precompiled\": 0,", "\"binaries_loaded\": 0,", "\"disk_entries\": 0,"},
        {"\"programs_compiled\": 0,", "\"programs_precompiled\": 1,", "\"binaries_loaded\": 1,",
         "\"programs_compiled_on_draw\": 0,"},
    };
    for (int pass = 0; pass < 2; pass++) {
        snprintf(json, sizeof json, "%s/stats%d.json", dir, pass);
        snprintf(args, sizeof args, "'%s' --out '%s/out' --shader-cache '%s/cache' --stats-json '%s'",
                 ts_source_path("tests/scenes/traces/maxwell_triangle.glht"), dir, dir, json);
        assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
        size_t n;
        char *j = (char *)ts_read_file(json, &n);
        for (int k = 0; k < 4; k++)
            if (!strstr(j, want[pass][k]))
                fail_msg("run %d: %s lacks %s: %s", pass + 1, json, want[pass][k], j);
        assert_non_null(strstr(j, "\"submissions\": "));
        /* the renderer's figures: the triangle's one target loaded once,
         * no engine work on the GPU (it has none) */
        static const char *const render[] = {"\"surface_loads\": 1,", "\"surface_writebacks\": 0,",
                                             "\"twod_gpu\": 0,", "\"dma_gpu\": 0,", "\"i2m_gpu\": 0}"};
        for (int k = 0; k < 5; k++)
            if (!strstr(j, render[k]))
                fail_msg("run %d: %s lacks %s: %s", pass + 1, json, render[k], j);
        free(j);
    }
    snprintf(args, sizeof args, "list --json '%s/cache/maxwell_triangle.maxwell.glsc'", dir);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "\"system\": \"maxwell\""));
    /* --defer-draws, cold: nothing waits, the triangle's three draws are
     * skipped while its program compiles (deferred_draws_wait_for_nothing) */
    snprintf(json, sizeof json, "%s/stats_defer.json", dir);
    snprintf(args, sizeof args, "'%s' --out '%s/out_defer' --shader-cache '%s/cache_defer' --stats-json '%s' --defer-draws",
             ts_source_path("tests/scenes/traces/maxwell_triangle.glht"), dir, dir, json);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
    size_t n;
    char *j = (char *)ts_read_file(json, &n);
    static const char *const deferred[] = {"\"draws_waited_for_compile\": 0,", "\"programs_compiled_on_draw\": 0,"};
    for (int k = 0; k < 2; k++)
        if (!strstr(j, deferred[k]))
            fail_msg("--defer-draws: %s lacks %s: %s", json, deferred[k], j);
    /* how many are skipped depends on when the worker finishes (the tool
     * writes a PNG per frame): at least the first, and together three */
    const char *dd = strstr(j, "\"draws_deferred\": "), *dr = strstr(j, "\"draws\": ");
    assert_non_null(dd);
    assert_non_null(dr);
    const unsigned long nd = strtoul(dd + 18, NULL, 10), nr = strtoul(dr + 9, NULL, 10);
    print_message("glhle-replay --defer-draws: %lu draws deferred, %lu drawn\n", nd, nr);
    assert_true(nd >= 1);
    assert_int_equal(nd + nr, 3);
    free(j);
}

/* A linked program of its own per call: which key a lookup found is told by
 * the program name. */
static glhle_result any_program(void *user, const void *key, GLuint *program)
{
    glhle_context *ctx = user;
    (void)key;
    char vs[160], fs[200];
    snprintf(vs, sizeof vs, "%s\nvoid main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n", ctx->glsl_version_line);
    snprintf(fs, sizeof fs, "%s\nprecision highp float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n",
             ctx->glsl_version_line);
    return gl_link_program(ctx, vs, fs, program);
}

/* Two programs whose keys differ only in guest code (the same 432-byte fixed
 * part: word counts, translation keys, SPHs) are two entries, in memory and
 * on disk. In memory both are looked up under one hash, so only the
 * comparison of the whole key can tell them apart; on disk the entry's
 * identity must cover the code. The key is a real one, from the triangle
 * trace's cache; the other is it with one bit of its last code word flipped. */
static void keys_differing_only_in_code_stay_apart(void **state)
{
    glhle_context *ctx = *state;
    const char *dir = ts_fresh_dir("maxwell_shader_cache_code_only");
    run r;
    replay(ctx, "maxwell_triangle", dir, &r);
    free_run(&r);
    gl_shc_file f;
    parse_file(cache_file(dir, "maxwell_triangle"), &f);
    assert_int_equal(f.entry_count, 1);
    const gl_shc_entry e = f.entries[0];
    const uint32_t n = e.key_size;
    assert_true(n > sizeof(mw_program_key));
    uint8_t *a = malloc(n), *b = malloc(n);
    assert_non_null(a);
    assert_non_null(b);
    memcpy(a, e.key, n);
    memcpy(b, e.key, n);
    b[n - 8] ^= 0x01; /* the last code word's lowest bit */
    assert_memory_equal(a, b, sizeof(mw_program_key));

    gl_program_cache c;
    assert_int_equal(gl_program_cache_init_var(&c, ctx, MW_PROGRAM_KEY_MAX_BYTES, 8), GLHLE_RESULT_OK);
    GLuint pa = 0, pb = 0, q = 0;
    const uint64_t hash = 0x5eed; /* one hash for both */
    assert_int_equal(gl_program_cache_getn(&c, a, n, hash, any_program, ctx, &pa), GLHLE_RESULT_OK);
    assert_int_equal(gl_program_cache_getn(&c, b, n, hash, any_program, ctx, &pb), GLHLE_RESULT_OK);
    assert_int_not_equal(pa, pb);
    assert_int_equal(c.count, 2);
    assert_int_equal(c.misses, 2);
    assert_true(gl_program_cache_findn(&c, a, n, hash, &q, &(glhle_result){0}));
    assert_int_equal(q, pa);
    assert_true(gl_program_cache_findn(&c, b, n, hash, &q, &(glhle_result){0}));
    assert_int_equal(q, pb);
    gl_program_cache_free(&c);

    /* on disk: both KEY records are kept, each with its own bytes, also
     * after compaction */
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    assert_true(gl_shc_write_header(&out, GL_SHC_SYSTEM_MAXWELL));
    assert_true(gl_shc_write_key(&out, e.system, e.key_version, n, e.host, 1, e.glsl_hash, a));
    assert_true(gl_shc_write_key(&out, e.system, e.key_version, n, e.host, 2, e.glsl_hash, b));
    const gl_shc_system_info *sys[1] = {&mw_program_system()->info};
    for (int pass = 0; pass < 2; pass++) {
        gl_shc_file g;
        assert_int_equal(gl_shc_parse(out.data, out.size, sys, 1, GL_SHC_SYSTEM_MAXWELL, NULL, GLHLE_LOG_INFO, &g),
                         GLHLE_RESULT_OK);
        assert_int_equal(g.bad_count, 0);
        assert_int_equal(g.entry_count, 2);
        assert_int_not_equal(g.entries[0].id, g.entries[1].id);
        const gl_shc_entry *ea = g.entries[0].last_use == 1 ? &g.entries[0] : &g.entries[1];
        const gl_shc_entry *eb = ea == &g.entries[0] ? &g.entries[1] : &g.entries[0];
        assert_int_equal(ea->key_size, n);
        assert_int_equal(eb->key_size, n);
        assert_memory_equal(ea->key, a, n);
        assert_memory_equal(eb->key, b, n);
        glhle_bytebuf compacted;
        glhle_bytebuf_init(&compacted, 0);
        assert_true(gl_shc_write_compacted(&g, NULL, &compacted));
        gl_shc_free(&g);
        glhle_bytebuf_free(&out);
        out = compacted;
    }
    glhle_bytebuf_free(&out);
    free(a);
    free(b);
    gl_shc_free(&f);
}

/* shader_defer_draws: a cold replay waits for no compile; the draws whose
 * programs were compiling are skipped and counted, the programs are still
 * compiled (on the worker) and stored, so a second run without the option
 * compiles nothing. Off (the default), the same cold replay waits for each
 * compile as before and defers nothing. */
static void deferred_draws_wait_for_nothing(void **state)
{
    glhle_context *ctx = *state;
    for (size_t t = 0; t < TRACE_COUNT; t++) {
        char name[96];
        snprintf(name, sizeof name, "maxwell_shader_cache_defer_%s", traces[t]);
        const char *dir = ts_fresh_dir(name);
        run sync, deferred, warm;
        replay(ctx, traces[t], NULL, &sync); /* the default: misses wait */
        assert_int_equal(sync.st.draws_deferred, 0);
        assert_true(sync.st.draws_waited_for_compile >= 1);
        assert_int_equal(sync.st.draws_waited_for_compile, sync.st.programs_compiled_on_draw);
        replay_defer = true;
        replay(ctx, traces[t], dir, &deferred);
        replay_defer = false;
        print_message("%s: %llu draws, %llu deferred, %llu waited (without the option: %llu draws, %llu waited)\n",
                      traces[t], (unsigned long long)deferred.st.draws,
                      (unsigned long long)deferred.st.draws_deferred,
                      (unsigned long long)deferred.st.draws_waited_for_compile, (unsigned long long)sync.st.draws,
                      (unsigned long long)sync.st.draws_waited_for_compile);
        /* a compute launch is not deferred (later draws read what it
         * writes): compute_geo's one compute program is still waited for */
        const uint64_t compute = deferred.st.dispatches ? 1 : 0;
        assert_int_equal(deferred.st.draws_waited_for_compile, compute);
        assert_int_equal(deferred.st.programs_compiled_on_draw, compute);
        assert_true(deferred.st.draws_deferred >= 1);
        assert_true(deferred.st.draws + deferred.st.draws_deferred >= sync.st.draws);
        /* what the worker compiled went to the disk cache */
        replay(ctx, traces[t], dir, &warm);
        assert_int_equal(warm.st.programs_compiled, 0);
        assert_int_equal(warm.st.draws_deferred, 0);
        assert_int_equal(warm.st.draws, sync.st.draws);
        same_frames(name, &sync, &warm);
        free_run(&sync);
        free_run(&deferred);
        free_run(&warm);
    }
}

/* Compute programs (key type maxwell-cs, system 5) go through their own
 * program service and the disk cache, DIR/TITLE.maxwell-cs.glsc: the cold
 * replay of compute_geo stores its compute program (the key: stage
 * compute, deko3d's handle block at c0[0xa0], the block size and the
 * reachable code) and counts its compile; the second replay compiles
 * nothing (every program, graphics and compute, from its binary, made at
 * creation) and writes the frames of a replay without a cache. The tool
 * lists, shows (the key field by field, checked against the key's bytes
 * read by the struct layout), regenerates and verifies the file, and
 * names the offset of a flipped byte. */
static void compute_programs_use_the_cache(void **state)
{
    glhle_context *ctx = *state;
    const char *dir = ts_fresh_dir("maxwell_shader_cache_compute");
    const char *name = "maxwell_compute_geo";
    run none, cold, warm;
    replay(ctx, name, NULL, &none);
    replay(ctx, name, dir, &cold);
    char cs_path[4300];
    snprintf(cs_path, sizeof cs_path, "%s/%s.maxwell-cs.glsc", dir, name);
    size_t n;
    uint8_t *d = ts_read_file(cs_path, &n);
    const gl_shc_system_info *sys[1] = {&mw_compute_program_system()->info};
    gl_shc_file f;
    assert_int_equal(gl_shc_parse(d, n, sys, 1, GL_SHC_SYSTEM_MAXWELL_COMPUTE, NULL, GLHLE_LOG_INFO, &f),
                     GLHLE_RESULT_OK);
    assert_int_equal(f.bad_count, 0);
    assert_int_equal(f.entry_count, 1);
    mw_compute_key key;
    assert_true(f.entries[0].key_size >= sizeof key);
    memcpy(&key, f.entries[0].key, sizeof key);
    assert_int_equal(key.key.stage, MW_SPIRV_COMPUTE);
    assert_int_equal(key.key.tex_handle_offset, 0xa0);
    assert_int_equal(f.entries[0].key_size, sizeof key + 8u * key.words);
    const uint32_t compute_entries = f.entry_count;
    gl_shc_free(&f);
    gl_shc_file g;
    parse_file(cache_file(dir, name), &g);
    const uint32_t graphics_entries = g.entry_count;
    gl_shc_free(&g);
    assert_true(cold.st.dispatches >= 1);
    assert_int_equal(cold.st.programs_compiled, graphics_entries + compute_entries);
    assert_int_equal(none.st.programs_compiled, graphics_entries + compute_entries);
    replay(ctx, name, dir, &warm);
    print_message("%s: cold %llu compiled (%u compute), warm %llu compiled, %llu precompiled, %llu binaries loaded\n",
                  name, (unsigned long long)cold.st.programs_compiled, compute_entries,
                  (unsigned long long)warm.st.programs_compiled, (unsigned long long)warm.st.programs_precompiled,
                  (unsigned long long)warm.st.binaries_loaded);
    assert_int_equal(warm.st.programs_compiled, 0);
    assert_int_equal(warm.st.programs_compiled_on_draw, 0);
    assert_int_equal(warm.st.cache_misses, 0);
    assert_int_equal(warm.st.programs_precompiled, graphics_entries + compute_entries);
    same_frames("compute_cold", &none, &cold);
    same_frames("compute_warm", &none, &warm);
    free_run(&none);
    free_run(&cold);
    free_run(&warm);

    if (!tt_tool_path("glhle-shadercache")) {
        free(d);
        return;
    }
    char args[9000], want[160];
    static char out[65536];
    snprintf(args, sizeof args, "list --json '%s'", cs_path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "\"system\": \"maxwell-cs\""));
    snprintf(args, sizeof args, "show '%s' 0", cs_path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    snprintf(want, sizeof want, "compute: %u code words", key.words);
    assert_non_null(strstr(out, want));
    snprintf(want, sizeof want, "block %ux%ux%u, shared memory %u bytes", key.local_size[0], key.local_size[1],
             key.local_size[2], key.shared_bytes);
    if (!strstr(out, want))
        fail_msg("show lacks '%s':\n%s", want, out);
    snprintf(args, sizeof args, "glsl '%s' 0", cs_path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "local_size_x"));
    snprintf(args, sizeof args, "verify '%s'", cs_path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, ": ok;"));
    size_t at[16];
    uint32_t kind[16];
    assert_true(record_offsets(d, n, at, kind, 16) >= 2);
    assert_int_equal(kind[0], 1);
    d[at[0] + 24 + 32 + sizeof key] ^= 1; /* the key's first code word */
    ts_write_file(cs_path, d, n);
    free(d);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 1);
    snprintf(want, sizeof want, "record at +0x%zx", at[0]);
    if (!strstr(out, want))
        fail_msg("verify lacks '%s':\n%s", want, out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(programs_go_through_the_service),
        cmocka_unit_test(budget_of_one_program),
        cmocka_unit_test(second_replay_makes_every_program_from_the_cache),
        cmocka_unit_test(other_driver_compiles_from_the_keys),
        cmocka_unit_test(precompile_on_workers),
        cmocka_unit_test(corruptions_are_survived),
        cmocka_unit_test(tool_handles_maxwell),
        cmocka_unit_test(replay_tool_uses_the_cache),
        cmocka_unit_test(keys_differing_only_in_code_stay_apart),
        cmocka_unit_test(deferred_draws_wait_for_nothing),
        cmocka_unit_test(compute_programs_use_the_cache),
    };
    /* The SPIR-V pass (GLHLE_MAXWELL_SHADER_PATH=spirv) runs Mesa with its
     * shader cache off, and so without program binaries, which the other
     * tests count on: there only the SPIR-V entries' test runs */
    const char *path = getenv("GLHLE_MAXWELL_SHADER_PATH");
    if (path && !strcmp(path, "spirv")) {
        const struct CMUnitTest spirv[] = {cmocka_unit_test(spirv_entries_stay_apart)};
        return cmocka_run_group_tests(spirv, ts_gl_setup, ts_gl_teardown);
    }
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
