/* What recording costs a core, and how fast traces replay.
 *  - A command list run on an instance with a 3DS's memory mapped (6 MiB
 *    VRAM, 128 MiB FCRAM), without a recorder, with the default recorder
 *    (which hashes every mapped page before the call) and with an
 *    invalidate_only recorder; the page scan is compared with memcpy of
 *    the same bytes in the same run.
 *  - The sample scenes' traces replayed on a GL-free instance: trace bytes
 *    per second and microseconds per frame.
 * --quick: 1 MiB of FCRAM, one repetition (ctest's smoke run). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glhle/trace.h"
#include "scenes/scenes.h"
#include "support/bench_support.h"
#include "support/pica_support.h"

typedef struct run_arg {
    glhle_pica *pica;
    const uint32_t *words;
    size_t n;
    int calls;
} run_arg;

static void run_lists(void *p)
{
    run_arg *a = p;
    for (int i = 0; i < a->calls; i++)
        glhle_pica_run_cmdlist(a->pica, a->words, a->n, NULL);
}

static void quiet(void *user, const glhle_log_record *r)
{
    (void)user;
    (void)r;
}

/* ns per run of the list, with a recorder of the given kind (0 none, 1 scan, 2 invalidate_only) */
static double per_call_ns(int kind, uint8_t *vram, uint8_t *fcram, size_t fcram_size, const tp_cmdbuf *list,
                          int calls, int reps)
{
    glhle_pica_desc d = {.log = quiet};
    glhle_pica *p;
    glhle_pica_create(NULL, &d, &p);
    glhle_pica_map_memory(p, 0x18000000, vram, 6u << 20);
    glhle_pica_map_memory(p, 0x20000000, fcram, fcram_size);
    glhle_trace_recorder *rec = NULL;
    if (kind) {
        glhle_trace_recorder_desc rd = {.invalidate_only = kind == 2, .log = quiet};
        glhle_trace_recorder_create(&rd, &rec);
        glhle_trace_recorder_attach(rec, p);
    }
    run_arg a = {p, list->w, list->n, calls};
    uint64_t ns = bench_best_ns(reps, run_lists, &a);
    glhle_trace_recorder_destroy(rec);
    glhle_pica_destroy(p);
    return (double)ns / calls;
}

typedef struct replay_arg {
    glhle_trace *trace;
    uint32_t frames;
} replay_arg;

static void replay(void *p)
{
    replay_arg *a = p;
    glhle_trace_replay_desc rd = {.pica = {.log = quiet}};
    glhle_trace_replay_stats st;
    glhle_trace_replay(a->trace, &rd, &st);
    a->frames = st.frames;
}

int main(int argc, char **argv)
{
    const bool quick = bench_quick(argc, argv);
    const size_t fcram_size = quick ? (1u << 20) : (128u << 20);
    const int reps = quick ? 1 : 5, calls = quick ? 2 : 20;
    uint8_t *vram = calloc(1, 6u << 20), *fcram = calloc(1, fcram_size);
    for (size_t i = 0; i < fcram_size; i += 4096)
        fcram[i] = (uint8_t)i; /* touched, as a running game's memory is */
    tp_cmdbuf list;
    tp_cmd_init(&list);
    tp_build_lit_fog_draw(&list);
    tp_cmd_finalize(&list);

    const double mapped = (double)(6u << 20) + (double)fcram_size;
    const double memcpy_mbps = bench_memcpy_mbps((size_t)mapped, reps);
    const double none = per_call_ns(0, vram, fcram, fcram_size, &list, calls, reps);
    const double scan = per_call_ns(1, vram, fcram, fcram_size, &list, calls, reps);
    const double inval = per_call_ns(2, vram, fcram, fcram_size, &list, calls, reps);
    const double memcpy_ns = mapped / (memcpy_mbps * 1e6) * 1e9;
    printf("bench_trace: a %zu-word command list, %.0f MiB mapped\n", list.n, mapped / (1 << 20));
    printf("  no recorder              %10.1f us/call\n", none / 1e3);
    printf("  recorder, page scan      %10.1f us/call  (%.1fx no recorder; scan %.2fx a memcpy of the mapped bytes)\n",
           scan / 1e3, scan / none, (scan - none) / memcpy_ns);
    printf("  recorder, invalidate_only %9.1f us/call  (%.2fx no recorder)\n", inval / 1e3, inval / none);

    uint64_t bytes = 0, frames = 0, total_ns = 0;
    for (int i = 0; i < sb_scene_count; i++) {
        size_t n;
        uint8_t *t = sb_scene_record(&sb_scenes[i], &n);
        replay_arg a = {NULL, 0};
        glhle_trace_open_desc od = {.log = quiet};
        glhle_trace_open_memory(t, n, &od, &a.trace);
        total_ns += bench_best_ns(reps, replay, &a);
        bytes += n;
        frames += a.frames;
        glhle_trace_close(a.trace);
        free(t);
    }
    printf("  scene replay (GL-free)   %10.1f MB/s of trace, %.0f us/frame over %llu frames\n",
           (double)bytes / 1e6 / ((double)total_ns / 1e9), (double)total_ns / 1e3 / (double)frames,
           (unsigned long long)frames);
    tp_cmd_free(&list);
    free(vram);
    free(fcram);
    return 0;
}
