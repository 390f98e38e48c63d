/* The disk shader cache end to end (backend/gl/program_service.c with the
 * PICA and PlayStation draw paths; issue 17's acceptance):
 *  - every sample trace replayed a second time with the cache of the first
 *    compiles nothing on the draw path and writes the same frames;
 *  - a cache whose binaries come from another driver id recompiles from the
 *    keys (still nothing on the draw path) and writes the same frames; a
 *    binary this driver refuses is recompiled from its key;
 *  - every corruption (a flipped byte in each record kind, truncation at
 *    every record boundary and inside each record, a key from a future key
 *    version) is survived: the frames are the same, bad records are counted
 *    and the file is rewritten without them;
 *  - the in-memory byte budget evicts; the PlayStation programs use the
 *    same cache;
 *  - the disk cache's byte budget holds while a replay appends to it;
 *  - cold replays with the PICA ubershader wait for no compile and write the
 *    frames of the replay that waited, also when every draw uses it;
 *  - glhle-shadercache verify exits 1 with the offset of a bad record, and
 *    glhle-replay --stats-json writes the keys issue 17 names.
 * The reference frames are those of the cold replay, which
 * test_scene_goldens checks against the golden images. */
#include "support/test_support.h"

#include <dirent.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend/common/bytebuf.h"
#include "backend/gl/shader_cache_file.h"
#include "backend/pica/draw/programs.h"
#include "backend/psx/programs.h"
#include "backend/psx/script.h"
#include "glhle/psx.h"
#include "glhle/shader_cache.h"
#include "glhle/trace.h"
#include "support/pica_trace_support.h"
#include "support/psx_testing.h"

static const char *const traces[] = {"cube", "proctex", "rtt", "screens", "tev"};
#define TRACE_COUNT (sizeof traces / sizeof traces[0])

typedef tt_run run;

static uint32_t replay_threads; /* shader_compile_threads of the next replays */
static uint32_t replay_uber;    /* shader_ubershader of the next replays */
static uint64_t replay_file_budget; /* shader_cache_max_bytes of the next replays */

static void replay(glhle_context *ctx, const char *name, const char *dir, uint64_t budget_bytes, run *out)
{
    const glhle_pica_desc pd = {.shader_cache_dir = dir,
                                .shader_cache_title = name,
                                .program_budget_bytes = budget_bytes,
                                .shader_compile_threads = replay_threads,
                                .shader_ubershader = replay_uber,
                                .shader_cache_max_bytes = replay_file_budget,
                                /* these tests read the fragment programs' file, TITLE.pica.glsc: the
                                 * translated vertex programs would go to TITLE.pica-vs.glsc */
                                .vertex_shaders = GLHLE_PICA_VERTEX_SHADERS_CPU};
    tt_replay_sample(ctx, name, &pd, out);
    ts_gl_check(ctx);
}

static void same_frames(const char *what, const run *a, const run *b)
{
    char name[128];
    snprintf(name, sizeof name, "shader_cache_%s", what);
    tt_same_frames(name, a, b);
}

static void free_run(run *r)
{
    tt_free_run(r);
}

static const char *cache_file(const char *dir, const char *title, const char *sys)
{
    static char p[2][4200];
    static int next;
    char *b = p[next++ & 1];
    snprintf(b, sizeof p[0], "%s/%s.%s.glsc", dir, title, sys);
    return b;
}

static uint8_t *read_all(const char *path, size_t *size)
{
    return ts_read_file(path, size);
}

static void parse_file(const char *path, gl_shc_file *f)
{
    size_t n;
    uint8_t *d = read_all(path, &n);
    const gl_shc_system_info *sys[2] = {&pica_program_system()->info, &psx_program_system()->info};
    assert_int_equal(gl_shc_parse(d, n, sys, 2, 0, NULL, GLHLE_LOG_INFO, f), GLHLE_RESULT_OK);
    free(d);
}

/* Rewrites the cache with its keys and texts; binaries under `driver`
 * (NULL: none). Returns the entry count. */
static uint32_t rewrite_cache(const char *path, const char *driver)
{
    gl_shc_file f;
    parse_file(path, &f);
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
    for (uint32_t b = 0; driver && b < f.binary_count; b++)
        gl_shc_write_binary(&out, f.binaries[b].glsl_hash, f.binaries[b].format, driver, (uint32_t)strlen(driver),
                            f.binaries[b].data, f.binaries[b].size);
    ts_write_file(path, out.data, out.size);
    const uint32_t n = f.entry_count;
    gl_shc_free(&f);
    glhle_bytebuf_free(&out);
    return n;
}

static void second_replay_compiles_nothing_on_the_draw_path(void **state)
{
    glhle_context *ctx = *state;
    const char *dir = ts_fresh_dir("shader_cache_warm");
    for (size_t i = 0; i < TRACE_COUNT; i++) {
        run cold, warm;
        replay(ctx, traces[i], dir, 0, &cold);
        const glhle_shader_stats *c = &cold.st.shaders;
        assert_true(c->programs_compiled >= 1);
        assert_int_equal(c->programs_compiled_on_draw, c->programs_compiled);
        assert_int_equal(c->draws_waited_for_compile, c->programs_compiled);
        assert_int_equal(c->programs_precompiled, 0);
        assert_int_equal(c->binaries_written, c->programs_compiled); /* llvmpipe has program binaries */
        replay(ctx, traces[i], dir, 0, &warm);
        const glhle_shader_stats *w = &warm.st.shaders;
        assert_int_equal(w->programs_compiled_on_draw, 0);
        assert_int_equal(w->draws_waited_for_compile, 0);
        assert_int_equal(w->programs_precompiled, c->programs_compiled);
        assert_int_equal(w->binaries_loaded, c->programs_compiled); /* same driver: no compile at all */
        assert_int_equal(w->programs_compiled, 0);
        assert_int_equal(w->cache_records_rejected, 0);
        assert_int_equal(w->draws, c->draws);
        same_frames(traces[i], &cold, &warm);
        free_run(&cold);
        free_run(&warm);
    }
}

/* Rewrites every binary's driver id: the runtime must not hand them to this driver. */
static void other_driver_recompiles_from_keys(void **state)
{
    glhle_context *ctx = *state;
    const char *dir = ts_fresh_dir("shader_cache_foreign");
    for (size_t i = 0; i < TRACE_COUNT; i++) {
        run cold, warm;
        replay(ctx, traces[i], dir, 0, &cold);
        const char *path = cache_file(dir, traces[i], "pica");
        const uint32_t programs = rewrite_cache(path, "Other Vendor\nOther GPU 9000\n4.6 Other 1.0");

        replay(ctx, traces[i], dir, 0, &warm);
        const glhle_shader_stats *w = &warm.st.shaders;
        assert_int_equal(w->binaries_loaded, 0);
        assert_int_equal(w->binaries_rejected, 0); /* never offered to this driver */
        assert_int_equal(w->programs_compiled, programs);
        assert_int_equal(w->programs_precompiled, programs);
        assert_int_equal(w->programs_compiled_on_draw, 0);
        assert_int_equal(w->binaries_written, programs); /* this driver's binaries join the other's */
        same_frames(traces[i], &cold, &warm);
        free_run(&cold);
        free_run(&warm);
        /* both drivers' binaries are now in the file */
        gl_shc_file f;
        parse_file(path, &f);
        assert_int_equal(f.binary_count, 2 * programs);
        gl_shc_free(&f);
    }
}

/* A binary of this driver id that the driver refuses: recompiled from the key. */
static void refused_binary_is_recompiled(void **state)
{
    glhle_context *ctx = *state;
    const char *dir = ts_fresh_dir("shader_cache_refused");
    run cold, warm;
    replay(ctx, "cube", dir, 0, &cold);
    const char *path = cache_file(dir, "cube", "pica");
    gl_shc_file f;
    parse_file(path, &f);
    assert_int_equal(f.binary_count, 1);
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    glhle_bytebuf_append(&out, f.data, f.size);
    uint8_t junk[256];
    for (int i = 0; i < 256; i++)
        junk[i] = (uint8_t)(i * 151 + 7);
    /* a later record for the same text, driver and format replaces the good one */
    gl_shc_write_binary(&out, f.binaries[0].glsl_hash, f.binaries[0].format, f.binaries[0].driver,
                        f.binaries[0].driver_len, junk, sizeof junk);
    ts_write_file(path, out.data, out.size);
    glhle_bytebuf_free(&out);
    gl_shc_free(&f);
    replay(ctx, "cube", dir, 0, &warm);
    assert_int_equal(warm.st.shaders.binaries_rejected, 1);
    assert_int_equal(warm.st.shaders.binaries_loaded, 0);
    assert_int_equal(warm.st.shaders.programs_compiled, 1);
    assert_int_equal(warm.st.shaders.programs_compiled_on_draw, 0);
    assert_int_equal(warm.st.shaders.binaries_written, 1);
    same_frames("refused", &cold, &warm);
    free_run(&warm);
    /* the new binary replaced the refused one: the next run loads it */
    replay(ctx, "cube", dir, 0, &warm);
    assert_int_equal(warm.st.shaders.binaries_loaded, 1);
    assert_int_equal(warm.st.shaders.binaries_rejected, 0);
    free_run(&warm);
    free_run(&cold);
}

/* The record offsets of a clean file, in order. */
static uint32_t record_offsets(const uint8_t *d, size_t n, size_t *at, uint32_t *kind, uint32_t max)
{
    uint32_t count = 0;
    for (size_t off = GL_SHC_HEADER_BYTES; off + 24 <= n && count < max;) {
        uint32_t len = (uint32_t)d[off + 8] | (uint32_t)d[off + 9] << 8 | (uint32_t)d[off + 10] << 16 |
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
    const char *dir = ts_fresh_dir("shader_cache_corrupt");
    run cold;
    replay(ctx, "rtt", dir, 0, &cold); /* two programs */
    const char *path = cache_file(dir, "rtt", "pica");
    {
        run again; /* adds a USE record: every kind is in the file */
        replay(ctx, "rtt", dir, 0, &again);
        free_run(&again);
    }
    size_t n;
    uint8_t *clean = read_all(path, &n);
    size_t at[64];
    uint32_t kind[64];
    uint32_t records = record_offsets(clean, n, at, kind, 64);
    bool seen[GL_SHC_KIND_COUNT_] = {false};
    for (uint32_t r = 0; r < records; r++)
        seen[kind[r] < GL_SHC_KIND_COUNT_ ? kind[r] : 0] = true;
    assert_true(seen[GL_SHC_KEY] && seen[GL_SHC_GLSL] && seen[GL_SHC_BINARY] && seen[GL_SHC_USE]);
    /* a flipped byte in each record (its payload's middle), one record at a time */
    for (uint32_t r = 0; r < records; r++) {
        uint8_t *d = malloc(n);
        memcpy(d, clean, n);
        d[at[r] + 24 + 3] ^= 0x5A;
        ts_write_file(path, d, n);
        free(d);
        run warm;
        replay(ctx, "rtt", dir, 0, &warm);
        assert_int_equal(warm.st.shaders.cache_records_rejected, 1);
        /* a lost KEY, GLSL or BINARY costs at most a compile, never a wrong frame */
        same_frames("flip", &cold, &warm);
        free_run(&warm);
        gl_shc_file f; /* the runtime rewrote the file without the bad record */
        parse_file(path, &f);
        assert_int_equal(f.bad_count, 0);
        gl_shc_free(&f);
    }
    /* truncation at every record boundary and in the middle of each record */
    for (uint32_t r = 0; r <= records; r++) {
        const size_t cuts[2] = {r < records ? at[r] : n, r < records ? at[r] + 13 : n - 5};
        for (int k = 0; k < 2; k++) {
            ts_write_file(path, clean, cuts[k]);
            run warm;
            replay(ctx, "rtt", dir, 0, &warm);
            assert_int_equal(warm.st.shaders.cache_records_rejected, k == 0 ? 0 : 1);
            same_frames("cut", &cold, &warm);
            free_run(&warm);
        }
    }
    /* a key record from a future key version: skipped, and the program rebuilt */
    {
        gl_shc_file f;
        ts_write_file(path, clean, n);
        parse_file(path, &f);
        glhle_bytebuf out;
        glhle_bytebuf_init(&out, 0);
        gl_shc_write_header(&out, f.system);
        const gl_shc_entry *e = &f.entries[0];
        gl_shc_write_key(&out, e->system, e->key_version + 1, e->key_size, e->host, 1, e->glsl_hash, e->key);
        ts_write_file(path, out.data, out.size);
        glhle_bytebuf_free(&out);
        gl_shc_free(&f);
        run warm;
        replay(ctx, "rtt", dir, 0, &warm);
        assert_int_equal(warm.st.shaders.cache_records_rejected, 1);
        assert_int_equal(warm.st.shaders.programs_precompiled, 0);
        assert_int_equal(warm.st.shaders.programs_compiled_on_draw, 2);
        same_frames("future", &cold, &warm);
        free_run(&warm);
    }
    /* not a cache at all */
    ts_write_file(path, "this is not a shader cache, just text\n", 38);
    {
        run warm;
        replay(ctx, "rtt", dir, 0, &warm);
        assert_int_equal(warm.st.shaders.cache_records_rejected, 1);
        same_frames("garbage", &cold, &warm);
        free_run(&warm);
    }
    free(clean);
    free_run(&cold);
}

/* The file's budget holds while running, not only at creation: a replay
 * whose programs pass it rewrites the file without the least recently
 * used entries as it goes, and the file stays readable and within it. */
static void disk_budget_holds_while_running(void **state)
{
    glhle_context *ctx = *state;
    const char *dir = ts_fresh_dir("shader_cache_budget_full");
    run full, tight;
    replay(ctx, "rtt", dir, 0, &full);
    size_t whole;
    free(read_all(cache_file(dir, "rtt", "pica"), &whole));
    assert_int_equal(full.st.shaders.cache_compactions, 0);
    /* room for about one of the two programs */
    replay_file_budget = whole * 3 / 4;
    dir = ts_fresh_dir("shader_cache_budget_tight");
    replay(ctx, "rtt", dir, 0, &tight);
    replay_file_budget = 0;
    print_message("file of both programs %zu bytes; with a budget of %zu: %llu compactions while running\n", whole,
                  whole * 3 / 4, (unsigned long long)tight.st.shaders.cache_compactions);
    assert_true(tight.st.shaders.cache_compactions >= 1);
    same_frames("budget_running", &full, &tight);
    gl_shc_file f;
    parse_file(cache_file(dir, "rtt", "pica"), &f);
    assert_int_equal(f.bad_count, 0);
    assert_true(f.entry_count >= 1 && f.entry_count < 2);
    assert_true(f.size <= whole * 3 / 4 + 256); /* the session's USE record comes after the last rewrite */
    gl_shc_free(&f);
    free_run(&full);
    free_run(&tight);
}

static void byte_budget_evicts(void **state)
{
    glhle_context *ctx = *state;
    run a, b;
    replay(ctx, "rtt", NULL, 0, &a);
    assert_int_equal(a.st.shaders.evictions, 0);
    assert_int_equal(a.st.shaders.programs_resident, 2);
    replay(ctx, "rtt", NULL, 1, &b); /* one byte: every program is over it */
    assert_true(b.st.shaders.evictions >= 1);
    assert_int_equal(b.st.shaders.programs_resident, 1);
    assert_true(b.st.shaders.bytes_resident > 0);
    same_frames("budget", &a, &b);
    free_run(&a);
    free_run(&b);
}

/* Primitives of many kinds, each drawn alone (the read-back ends its draw),
 * so that each needs its own specialised program: triangles, quads and
 * rectangles flat, shaded and textured, lines, under every blend mode. */
static void primitives_one_by_one(glhle_psx *psx)
{
    static const uint32_t codes[] = {0x20, 0x22, 0x24, 0x28, 0x2C, 0x30, 0x38, 0x3C, 0x40, 0x50, 0x60, 0x64, 0x68, 0x74};
    uint32_t slot = 0;
    /* the whole of VRAM as the drawing area, no offset (GP0 E3h-E5h) */
    PT_GP0(psx, 0xE3000000u, 0xE4000000u | 511u << 10 | 1023u, 0xE5000000u);
    for (uint32_t blend = 0; blend < 4; blend++) {
        PT_GP0(psx, 0xE1000000u | blend << 5 | 1u << 7); /* 8-bit CLUT pages for the textured ones */
        for (size_t c = 0; c < sizeof codes / sizeof codes[0]; c++, slot++) {
            const uint32_t code = codes[c];
            const uint32_t x = 16 + (slot % 24) * 20, y = 260 + (slot / 24) * 20;
            const uint32_t colour = (code << 24) | (0x304050u + slot * 0x010203u);
            const uint32_t xy[4] = {y << 16 | x, y << 16 | (x + 14), (y + 12) << 16 | x, (y + 12) << 16 | (x + 15)};
            uint32_t w[16], n = 0;
            w[n++] = colour;
            if ((code >> 5) == 1) {
                for (int v = 0; v < ((code & 8) ? 4 : 3); v++) {
                    if (v && (code & 0x10))
                        w[n++] = 0x208040u + (uint32_t)v * 0x402010u;
                    w[n++] = xy[v];
                    if (code & 4)
                        w[n++] = (v == 0 ? 0x7C000000u : v == 1 ? (0x0101u << 16) : 0) | (uint32_t)(v * 9) << 8 | (uint32_t)v * 7;
                }
            } else if ((code >> 5) == 2) {
                w[n++] = xy[0];
                if (code & 0x10)
                    w[n++] = 0x10F0A0u;
                w[n++] = xy[3];
            } else {
                w[n++] = xy[0];
                if (code & 4)
                    w[n++] = 0x7C000000u | 0x0304u;
                if (((code >> 3) & 3) == 0)
                    w[n++] = 0x000B000Du;
            }
            pt_gp0(psx, w, n);
            pt_pixel(psx, x, y);
        }
    }
    assert_int_equal(glhle_psx_end_stream(psx), GLHLE_RESULT_OK);
}

static uint16_t *psx_scene_threads(glhle_context *ctx, const char *dir, uint32_t threads, glhle_shader_stats *st)
{
    glhle_psx_desc d = {.log = ts_log_fn,
                        .shader_cache_dir = dir,
                        .shader_cache_title = "scene",
                        .shader_compile_threads = threads};
    if (threads == UINT32_MAX) { /* the software reference */
        d = (glhle_psx_desc){.renderer = GLHLE_PSX_RENDERER_SOFTWARE, .log = ts_log_fn};
        ctx = NULL;
    }
    glhle_psx *psx;
    assert_int_equal(glhle_psx_create(ctx, &d, &psx), GLHLE_RESULT_OK);
    size_t size;
    uint8_t *text = ts_read_file(ts_source_path("samples/psx/scene.txt"), &size);
    assert_int_equal(psx_script_run(psx, (const char *)text, size, ts_logger()), GLHLE_RESULT_OK);
    free(text);
    assert_int_equal(glhle_psx_end_stream(psx), GLHLE_RESULT_OK);
    if (threads != 0)
        primitives_one_by_one(psx);
    uint16_t *v = pt_vram(psx);
    glhle_psx_get_shader_stats(psx, st);
    glhle_psx_destroy(psx);
    if (ctx)
        ts_gl_check(ctx);
    return v;
}

static uint16_t *psx_scene(glhle_context *ctx, const char *dir, glhle_shader_stats *st)
{
    return psx_scene_threads(ctx, dir, 0, st);
}

/* With a worker, no PlayStation draw waits: misses draw with the
 * all-dynamic program while their own compiles, and VRAM is the software
 * reference's. */
static void psx_draws_never_wait_with_a_worker(void **state)
{
    glhle_context *ctx = *state;
    glhle_shader_stats sw, cold, warm;
    uint16_t *ref = psx_scene_threads(ctx, NULL, UINT32_MAX, &sw);
    const char *dir = ts_fresh_dir("shader_cache_psx_async");
    uint16_t *a = psx_scene_threads(ctx, dir, 1, &cold);
    print_message("cold with a worker: %llu programs compiled, %llu on a draw, %llu of %llu draws by the fallback\n",
                  (unsigned long long)cold.programs_compiled, (unsigned long long)cold.programs_compiled_on_draw,
                  (unsigned long long)cold.draws_by_ubershader, (unsigned long long)cold.draws);
    assert_int_equal(cold.programs_compiled_on_draw, 0);
    assert_int_equal(cold.draws_waited_for_compile, 0);
    assert_true(cold.draws_by_ubershader >= 1);
    /* the fallback at least; how many worker compiles finish before the
     * statistics are read depends on the machine (the rest finish while the
     * instance is destroyed and still reach the file: see the warm run) */
    assert_true(cold.programs_compiled >= 1);
    assert_memory_equal(ref, a, 1024 * 512 * 2);
    /* the session's worker programs reached the file: a warm run loads them all */
    uint16_t *b = psx_scene_threads(ctx, dir, 2, &warm);
    assert_int_equal(warm.programs_compiled, 0);
    assert_int_equal(warm.draws_by_ubershader, 0);
    assert_int_equal(warm.draws_waited_for_compile, 0);
    assert_memory_equal(ref, b, 1024 * 512 * 2);
    free(ref);
    free(a);
    free(b);
}

/* Precompiling on two workers makes the same programs as on the caller's thread. */
static void pica_precompile_on_workers(void **state)
{
    glhle_context *ctx = *state;
    const char *dir = ts_fresh_dir("shader_cache_workers");
    run cold, warm;
    replay(ctx, "screens", dir, 0, &cold);
    /* drop the binaries: every program must be compiled again */
    const uint32_t programs = rewrite_cache(cache_file(dir, "screens", "pica"), NULL);
    replay_threads = 2;
    replay(ctx, "screens", dir, 0, &warm);
    replay_threads = 0;
    assert_int_equal(warm.st.shaders.programs_precompiled, programs);
    assert_int_equal(warm.st.shaders.programs_compiled, programs);
    assert_int_equal(warm.st.shaders.programs_compiled_on_draw, 0);
    assert_int_equal(warm.st.shaders.binaries_written, programs);
    same_frames("workers", &cold, &warm);
    free_run(&cold);
    free_run(&warm);
}

static void psx_uses_the_cache(void **state)
{
    glhle_context *ctx = *state;
    const char *dir = ts_fresh_dir("shader_cache_psx");
    glhle_shader_stats a, b;
    uint16_t *va = psx_scene(ctx, dir, &a);
    uint16_t *vb = psx_scene(ctx, dir, &b);
    assert_true(a.programs_compiled >= 1);
    assert_int_equal(a.programs_compiled_on_draw, a.programs_compiled);
    assert_true(a.draws > 0);
    assert_int_equal(b.programs_compiled_on_draw, 0);
    assert_int_equal(b.draws_waited_for_compile, 0);
    assert_int_equal(b.programs_precompiled, a.programs_compiled);
    assert_int_equal(b.draws, a.draws);
    assert_memory_equal(va, vb, 1024 * 512 * 2);
    free(va);
    free(vb);
    gl_shc_file f;
    parse_file(cache_file(dir, "scene", "psx"), &f);
    assert_int_equal(f.system, GL_SHC_SYSTEM_PSX);
    assert_int_equal(f.entry_count, a.programs_compiled);
    gl_shc_free(&f);
}

/* Issue 17's acceptance for the ubershader: cold replays (no disk cache)
 * with it wait for no compile and write the frames of the cold replay
 * that waits; with every draw on the ubershader too. */
static void ubershader_cold_replays_wait_for_nothing(void **state)
{
    glhle_context *ctx = *state;
    for (size_t i = 0; i < TRACE_COUNT; i++) {
        run waited, async, always;
        replay(ctx, traces[i], NULL, 0, &waited);
        assert_true(waited.st.shaders.draws_waited_for_compile >= 1);
        replay_uber = GLHLE_PICA_UBERSHADER_ASYNC;
        replay(ctx, traces[i], NULL, 0, &async);
        const glhle_shader_stats *a = &async.st.shaders;
        print_message("%s: %llu draws, %llu by the ubershader, %llu waited\n", traces[i], (unsigned long long)a->draws,
                      (unsigned long long)a->draws_by_ubershader, (unsigned long long)a->draws_waited_for_compile);
        assert_int_equal(a->draws_waited_for_compile, 0);
        assert_int_equal(a->programs_compiled_on_draw, 0);
        assert_true(a->draws_by_ubershader >= 1); /* the first draw's program cannot be ready */
        assert_int_equal(a->draws, waited.st.shaders.draws);
        same_frames("uber_async", &waited, &async);
        replay_uber = GLHLE_PICA_UBERSHADER_ALWAYS;
        replay(ctx, traces[i], NULL, 0, &always);
        assert_int_equal(always.st.shaders.draws_by_ubershader, always.st.shaders.draws);
        assert_int_equal(always.st.shaders.programs_compiled, 1); /* the ubershader alone */
        same_frames("uber_always", &waited, &always);
        replay_uber = GLHLE_PICA_UBERSHADER_OFF;
        free_run(&waited);
        free_run(&async);
        free_run(&always);
    }
}

/* The ubershader's program is in the disk cache too: a second instance on
 * the same folder links it from its binary, so a warm start compiles
 * nothing at all; glhle-shadercache verify regenerates its text. */
static void ubershader_binary_is_stored(void **state)
{
    glhle_context *ctx = *state;
    if (!glhle_context_get_info(ctx)->program_binary) {
        print_message("SKIP: the driver has no program binaries\n");
        skip();
    }
    const char *dir = ts_fresh_dir("shader_cache_uber_binary");
    run cold, warm, always;
    replay_uber = GLHLE_PICA_UBERSHADER_ASYNC;
    replay(ctx, "tev", dir, 0, &cold);
    assert_true(cold.st.shaders.programs_compiled >= 1); /* the ubershader at least */
    gl_shc_file f;
    parse_file(cache_file(dir, "tev", "pica"), &f);
    uint32_t fallback_entries = 0;
    for (uint32_t i = 0; i < f.entry_count; i++)
        if (f.entries[i].host & GL_SHC_HOST_FALLBACK) {
            fallback_entries++;
            uint32_t nb;
            gl_shc_first_binary(&f, f.entries[i].glsl_hash, &nb);
            assert_int_equal(nb, 1);
        }
    gl_shc_free(&f);
    assert_int_equal(fallback_entries, 1);
    replay(ctx, "tev", dir, 0, &warm);
    print_message("warm: %llu compiled, %llu binaries loaded, %llu draws by the ubershader\n",
                  (unsigned long long)warm.st.shaders.programs_compiled,
                  (unsigned long long)warm.st.shaders.binaries_loaded,
                  (unsigned long long)warm.st.shaders.draws_by_ubershader);
    assert_int_equal(warm.st.shaders.programs_compiled, 0);
    assert_int_equal(warm.st.shaders.binaries_rejected, 0);
    assert_true(warm.st.shaders.binaries_loaded >= 2); /* the ubershader and the trace's program */
    assert_int_equal(warm.st.shaders.draws_waited_for_compile, 0);
    same_frames("uber_binary_warm", &cold, &warm);
    replay_uber = GLHLE_PICA_UBERSHADER_ALWAYS;
    replay(ctx, "tev", dir, 0, &always);
    assert_int_equal(always.st.shaders.programs_compiled, 0);
    assert_int_equal(always.st.shaders.draws_by_ubershader, always.st.shaders.draws);
    same_frames("uber_binary_always", &cold, &always);
    replay_uber = GLHLE_PICA_UBERSHADER_OFF;
    free_run(&cold);
    free_run(&warm);
    free_run(&always);
    if (tt_tool_path("glhle-shadercache")) {
        char args[4300], out[16384];
        snprintf(args, sizeof args, "verify '%s'", cache_file(dir, "tev", "pica"));
        assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
        assert_non_null(strstr(out, ": ok;"));
        snprintf(args, sizeof args, "list '%s'", cache_file(dir, "tev", "pica"));
        assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
        assert_non_null(strstr(out, " fallback"));
    }
}

static void tools_contract(void **state)
{
    glhle_context *ctx = *state;
    if (!tt_tool_path("glhle-shadercache") || !tt_tool_path("glhle-replay")) {
        print_message("SKIP: the tools were not built (GLHLE_BUILD_TOOLS off)\n");
        skip();
    }
    const char *dir = ts_fresh_dir("shader_cache_tools");
    run cold;
    replay(ctx, "rtt", dir, 0, &cold);
    free_run(&cold);
    char path[4200], args[9000], out[16384];
    snprintf(path, sizeof path, "%s", cache_file(dir, "rtt", "pica"));
    snprintf(args, sizeof args, "verify '%s'", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, ": ok;"));
    /* a flipped byte in the second record: exit 1 and its offset */
    size_t n;
    uint8_t *d = read_all(path, &n);
    size_t at[16];
    uint32_t kind[16];
    assert_true(record_offsets(d, n, at, kind, 16) >= 2);
    d[at[1] + 30] ^= 1;
    ts_write_file(path, d, n);
    free(d);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 1);
    char want[64];
    snprintf(want, sizeof want, "record at +0x%zx", at[1]);
    assert_non_null(strstr(out, want));
    snprintf(args, sizeof args, "verify --json '%s'", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 1);
    snprintf(want, sizeof want, "\"offset\": %zu", at[1]);
    assert_non_null(strstr(out, want));

    /* glhle-replay --shader-cache --stats-json: a warm second run */
    const char *rdir = ts_fresh_dir("shader_cache_replay");
    char json[4200];
    snprintf(json, sizeof json, "%s/stats.json", rdir);
    for (int pass = 0; pass < 2; pass++) {
        /* the CPU vertex path: the fragment programs' file is read below */
        snprintf(args, sizeof args,
                 "'%s' --out '%s/out' --shader-cache '%s/cache' --stats-json '%s' --vertex-shaders cpu",
                 ts_source_path("tests/scenes/traces/tev.glht"), rdir, rdir, json);
        assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
    }
    size_t jn;
    char *j = (char *)read_all(json, &jn);
    j = realloc(j, jn + 1);
    j[jn] = 0;
    static const char *const keys[] = {"\"programs_compiled\": 0,", "\"programs_compiled_on_draw\": 0,",
                                       "\"draws_waited_for_compile\": 0,", "\"draws_by_ubershader\": 0,",
                                       "\"cache_hits\": ", "\"cache_records_rejected\": 0,", "\"draws\": 1,",
                                       /* no geometry shader in this trace */
                                       "\"draws_gpu_geometry_shader\": 0,", "\"draws_cpu_geometry_shader\": 0,",
                                       "\"geometry_shader_refusals\": 0,"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        if (!strstr(j, keys[k]))
            fail_msg("%s lacks %s: %s", json, keys[k], j);
    free(j);
    snprintf(args, sizeof args, "list --json '%s/cache/tev.pica.glsc'", rdir);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "\"system\": \"pica\""));
}

/* glhle-shadercache on the GPU vertex path's file (system 4, pica-vs): every
 * command, the key decoded field by field (checked against the key's bytes
 * read here by the layout in programs.h, not by the printer), and verify
 * naming the offset of a flipped byte. */
static void pica_vs_tools(void **state)
{
    glhle_context *ctx = *state;
    if (!tt_tool_path("glhle-shadercache")) {
        print_message("SKIP: the tools were not built (GLHLE_BUILD_TOOLS off)\n");
        skip();
    }
    const char *dir = ts_fresh_dir("shader_cache_pica_vs");
    const glhle_pica_desc pd = {.shader_cache_dir = dir,
                                .shader_cache_title = "tev",
                                .vertex_shaders = GLHLE_PICA_VERTEX_SHADERS_GPU};
    run cold;
    tt_replay_sample(ctx, "tev", &pd, &cold);
    ts_gl_check(ctx);
    free_run(&cold);
    char path[4200], args[13000], out[65536], want[160];
    snprintf(path, sizeof path, "%s", cache_file(dir, "tev", "pica-vs"));
    size_t n;
    uint8_t *d = read_all(path, &n);
    assert_non_null(d);
    size_t at[16];
    uint32_t kind[16];
    const uint32_t records = record_offsets(d, n, at, kind, 16);
    assert_true(records >= 2);
    assert_int_equal(kind[0], 1); /* KEY */
    /* the KEY payload: 32 bytes of header, then the key (docs/shader-cache.md) */
    assert_int_equal(d[at[0] + 24], GL_SHC_SYSTEM_PICA_GPU_VS);
    pica_gpu_program_key key;
    assert_true(at[0] + 24 + 32 + sizeof key <= n);
    memcpy(&key, d + at[0] + 24 + 32, sizeof key);
    assert_true(key.code_count > 0);

    snprintf(args, sizeof args, "list '%s'", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, " pica-vs "));
    snprintf(args, sizeof args, "list --json '%s'", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "\"system\": \"pica-vs\""));
    snprintf(args, sizeof args, "show '%s' 0", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    snprintf(want, sizeof want, "vertex shader: code 0x%03X-0x%03X (%u words), entry 0x%03X, %u inputs", key.code_lo,
             key.code_lo + key.code_count - 1u, key.code_count, key.code_lo + key.entry, key.input_count);
    if (!strstr(out, want))
        fail_msg("show lacks '%s':\n%s", want, out);
    snprintf(want, sizeof want, "\n  %08X", key.code[0]);
    assert_non_null(strstr(out, want));
    snprintf(want, sizeof want, " v0=attr%u", key.input_register[0]);
    assert_non_null(strstr(out, want));
    assert_non_null(strstr(out, "output map:"));
    assert_non_null(strstr(out, "step limit: "));
    snprintf(args, sizeof args, "show --json '%s' 0", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "\"system\": \"pica-vs\""));
    snprintf(args, sizeof args, "glsl '%s' 0", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "void main"));
    snprintf(args, sizeof args, "stats --json '%s'", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "\"system\": \"pica-vs\""));
    snprintf(args, sizeof args, "precompile '%s'", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    snprintf(args, sizeof args, "verify '%s'", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_non_null(strstr(out, ": ok;"));
    char merged[4300];
    snprintf(merged, sizeof merged, "%s/merged.pica-vs.glsc", dir);
    snprintf(args, sizeof args, "merge '%s' '%s' '%s'", merged, path, path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    snprintf(args, sizeof args, "verify '%s'", merged);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    snprintf(args, sizeof args, "prune '%s' --max-bytes 64", merged);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    snprintf(args, sizeof args, "list --json '%s'", merged);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    assert_null(strstr(out, "\"index\": 0"));
    /* a flipped byte inside the key's code words: exit 1 and the KEY record's offset */
    d[at[0] + 24 + 32 + offsetof(pica_gpu_program_key, code)] ^= 0x10;
    ts_write_file(path, d, n);
    free(d);
    snprintf(args, sizeof args, "verify '%s'", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 1);
    snprintf(want, sizeof want, "record at +0x%zx", at[0]);
    if (!strstr(out, want))
        fail_msg("verify lacks '%s':\n%s", want, out);
    snprintf(args, sizeof args, "verify --json '%s'", path);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 1);
    snprintf(want, sizeof want, "\"offset\": %zu", at[0]);
    assert_non_null(strstr(out, want));
    /* build from the tev trace (the tool's instance: GPU vertex path by
     * default): its one draw's key goes into the pica-vs sibling of the
     * named file, the same key as the live replay's above */
    snprintf(merged, sizeof merged, "%s/built.pica.glsc", dir);
    snprintf(args, sizeof args, "build '%s' '%s'", merged, ts_source_path("tests/scenes/traces/tev.glht"));
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
    snprintf(merged, sizeof merged, "%s/built.pica-vs.glsc", dir);
    assert_non_null(strstr(out, merged));
    d = read_all(merged, &n);
    assert_non_null(d);
    assert_true(record_offsets(d, n, at, kind, 16) >= 2);
    assert_int_equal(kind[0], 1);
    assert_true(at[0] + 24 + 32 + sizeof key <= n);
    assert_memory_equal(d + at[0] + 24 + 32, &key, sizeof key);
    free(d);
    snprintf(args, sizeof args, "verify '%s'", merged);
    assert_int_equal(tt_run_tool("glhle-shadercache", args, out, sizeof out), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(second_replay_compiles_nothing_on_the_draw_path),
        TS_GL_TEST(other_driver_recompiles_from_keys),
        TS_GL_TEST(refused_binary_is_recompiled),
        TS_GL_TEST(corruptions_are_survived),
        TS_GL_TEST(byte_budget_evicts),
        TS_GL_TEST(disk_budget_holds_while_running),
        TS_GL_TEST(psx_uses_the_cache),
        TS_GL_TEST(psx_draws_never_wait_with_a_worker),
        TS_GL_TEST(pica_precompile_on_workers),
        TS_GL_TEST(ubershader_cold_replays_wait_for_nothing),
        TS_GL_TEST(ubershader_binary_is_stored),
        TS_GL_TEST(tools_contract),
        TS_GL_TEST(pica_vs_tools),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
