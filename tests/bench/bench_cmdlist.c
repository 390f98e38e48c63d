/* Command-list processing speed on a realistic frame: the state setup of a
 * textured, lit, fogged scene, a lighting LUT upload, then 200 objects each
 * with a modelview matrix upload, texture and vertex buffer changes, a
 * constant colour and an indexed draw (start/stop draw, post-vertex cache
 * clear), as citro3d-style code writes them.
 *
 * Reported: register writes per second through glhle_pica_run_cmdlist
 * (with a renderer-style DRAW hook installed), as a ratio to a bare loop
 * that only parses the same list and stores the masked values (no dirty
 * tracking, side effects or checks) and to memcpy of the list bytes, all in
 * one run.
 *   bench_cmdlist            full measurement
 *   bench_cmdlist --quick    smoke run (ctest)
 *   bench_cmdlist --callgrind
 *       runs the frame 20 times and nothing else, for
 *       valgrind --tool=callgrind --toggle-collect=glhle_pica_run_cmdlist */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glhle/pica.h"
#include "support/bench_support.h"
#include "support/pica_support.h"

#define DRAWS_PER_FRAME 200

static void build_frame(tp_cmdbuf *b)
{
    tp_build_lit_fog_draw(b);
    /* a full 256-entry lighting LUT, as a material change uploads it */
    tp_cmd1(b, 0x1C5, 1u << 8);
    uint32_t lut[256];
    for (uint32_t i = 0; i < 256; i++)
        lut[i] = (i * 16) | (16u << 12);
    for (int chunk = 0; chunk < 256; chunk += 64) /* several commands, as drivers split them */
        tp_cmd(b, 0x1C8, 0xF, false, lut + chunk, 64);
    for (uint32_t d = 0; d < DRAWS_PER_FRAME; d++) {
        uint32_t m[17] = {0x80000000u};
        for (int i = 1; i < 17; i++)
            m[i] = 0x3F800000u + (d << 8) + (uint32_t)i;
        tp_cmd1(b, 0x2C0, m[0]);
        tp_cmd(b, 0x2C1, 0xF, false, m + 1, 16);
        tp_cmd1(b, 0x085, (0x18200000u + (d % 8) * 0x10000) >> 3);
        tp_cmd1(b, 0x080, 0x00011001);
        tp_cmd1(b, 0x0C3, 0xFF000000u | d);
        tp_cmd(b, 0x203, 0xF, true, (const uint32_t[3]){d * 0x400, 0x210, 0x30200000}, 3);
        tp_cmd1(b, 0x227, 0x80000000u | (0x100000 + d * 72));
        tp_cmd1(b, 0x228, 36);
        tp_cmd1(b, 0x229, 0x100);
        tp_cmd(b, 0x253, 0x2, false, (const uint32_t[1]){0x100}, 1);
        tp_cmd1(b, 0x245, 0);
        tp_cmd1(b, 0x22F, 1);
        tp_cmd1(b, 0x245, 1);
        tp_cmd1(b, 0x231, 1);
        tp_cmd(b, 0x253, 0x2, false, (const uint32_t[1]){0}, 1);
    }
    tp_cmd1(b, 0x111, 1);
    tp_cmd_finalize(b);
}

static void on_draw(void *user, glhle_pica *pica, const glhle_pica_event *ev)
{
    (void)pica;
    *(uint64_t *)user += ev->u.draw.vertex_count;
}

struct run_arg {
    glhle_pica *pica;
    const tp_cmdbuf *list;
    int frames;
    uint64_t writes;
};

static void run_frames(void *p)
{
    struct run_arg *a = p;
    a->writes = 0;
    for (int f = 0; f < a->frames; f++) {
        glhle_pica_run_result res;
        if (glhle_pica_run_cmdlist(a->pica, a->list->w, a->list->n, &res) != GLHLE_RESULT_OK || !res.finalized) {
            fprintf(stderr, "bench_cmdlist: the frame did not run cleanly\n");
            exit(1);
        }
        a->writes += res.writes;
    }
}

/* The floor: parse the same list and store masked values, nothing else. */
struct bare_arg {
    const tp_cmdbuf *list;
    int frames;
    uint32_t regs[0x10000];
};

static void bare_frames(void *p)
{
    struct bare_arg *a = p;
    static const uint32_t masks[16] = {0x00000000, 0x000000FF, 0x0000FF00, 0x0000FFFF, 0x00FF0000, 0x00FF00FF,
                                       0x00FFFF00, 0x00FFFFFF, 0xFF000000, 0xFF0000FF, 0xFF00FF00, 0xFF00FFFF,
                                       0xFFFF0000, 0xFFFF00FF, 0xFFFFFF00, 0xFFFFFFFF};
    const uint32_t *w = a->list->w;
    const size_t n = a->list->n;
    for (int f = 0; f < a->frames; f++) {
        for (size_t pos = 0; pos + 2 <= n;) {
            uint32_t h = w[pos + 1], id = h & 0xFFFF, m = masks[(h >> 16) & 0xF], extra = (h >> 20) & 0xFF;
            bool consecutive = h >> 31;
            a->regs[id] = (a->regs[id] & ~m) | (w[pos] & m);
            for (uint32_t k = 1; k <= extra && pos + 1 + k < n; k++) {
                uint32_t r = (consecutive ? id + k : id) & 0xFFFF;
                a->regs[r] = (a->regs[r] & ~m) | (w[pos + 1 + k] & m);
            }
            pos += 2 + extra + (extra & 1);
        }
    }
    bench_consume(a->regs, sizeof a->regs);
}

int main(int argc, char **argv)
{
    bool quick = bench_quick(argc, argv);
    bool callgrind = argc > 1 && !strcmp(argv[1], "--callgrind");
    tp_cmdbuf list;
    tp_cmd_init(&list);
    build_frame(&list);

    glhle_pica *pica;
    glhle_pica_desc desc = {0};
    if (glhle_pica_create(NULL, &desc, &pica) != GLHLE_RESULT_OK)
        return 1;
    uint64_t vertices = 0;
    glhle_pica_hooks hooks = {on_draw, &vertices, 1u << GLHLE_PICA_EVENT_DRAW};
    glhle_pica_set_hooks(pica, &hooks);

    struct run_arg run = {pica, &list, callgrind ? 20 : quick ? 1 : 200, 0};
    if (callgrind) {
        run_frames(&run);
        printf("bench_cmdlist --callgrind: %d frames, %llu register writes, %zu words each\n", run.frames,
               (unsigned long long)run.writes, list.n);
        glhle_pica_destroy(pica);
        tp_cmd_free(&list);
        return 0;
    }
    int reps = quick ? 1 : 7;
    uint64_t ns = bench_best_ns(reps, run_frames, &run);
    struct bare_arg *bare = calloc(1, sizeof *bare);
    bare->list = &list;
    bare->frames = run.frames;
    uint64_t bare_ns = bench_best_ns(reps, bare_frames, bare);
    double list_mb = (double)(list.n * 4) * run.frames / 1e6;
    double memcpy_mbps = bench_memcpy_mbps(list.n * 4, reps);

    double writes_per_s = (double)run.writes / ((double)ns / 1e9);
    double bare_per_s = (double)run.writes / ((double)bare_ns / 1e9);
    double list_mbps = list_mb / ((double)ns / 1e9);
    printf("bench_cmdlist: frame of %zu words, %llu register writes, %d draws; %d frames per measurement\n",
           list.n, (unsigned long long)(run.writes / (uint64_t)run.frames), DRAWS_PER_FRAME, run.frames);
    printf("  glhle_pica_run_cmdlist  %8.1f M writes/s  %6.2f ns/write  %7.0f MB/s of list\n", writes_per_s / 1e6,
           1e9 / writes_per_s, list_mbps);
    printf("  bare parse + store      %8.1f M writes/s  (glhle takes %.2fx its time)\n", bare_per_s / 1e6,
           (double)ns / (double)bare_ns);
    printf("  memcpy of the list      %8.0f MB/s       (glhle takes %.1fx its time)\n", memcpy_mbps,
           memcpy_mbps / list_mbps);
    printf("  (%llu vertices drawn)\n", (unsigned long long)vertices);
    free(bare);
    glhle_pica_destroy(pica);
    tp_cmd_free(&list);
    return 0;
}
