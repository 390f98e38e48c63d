/* Maxwell pushbuffer processing speed on a realistic frame: the scene
 * builder's setup and frame (tests/scenes/maxwell_scene.c), then 200
 * objects each with a 4x4 matrix constant-buffer update (select, offset,
 * 16 non-incrementing LOAD_CONSTANT_BUFFER words), a vertex stream change, a
 * constant-buffer bind, a draw-macro call and a direct BEGIN / count / END
 * draw, as NVN-style code writes them.
 *
 * Reported: method writes per second through glhle_maxwell_submit_words
 * (with a renderer-style DRAW hook installed), as a ratio to a bare loop
 * that only decodes the same headers and stores the values in an array
 * (no shadow RAM, dirty tracking, side effects or checks) and to memcpy of
 * the words, all in one run.
 *   bench_maxwell_pushbuf            full measurement
 *   bench_maxwell_pushbuf --quick    smoke run (ctest)
 *   bench_maxwell_pushbuf --callgrind
 *       runs the frame 20 times and nothing else, for
 *       valgrind --tool=callgrind --toggle-collect=glhle_maxwell_submit_words */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenes/maxwell_scene.h"
#include "support/bench_support.h"

#define OBJECTS 200

static void build_frame(tm_pb *pb)
{
    tm_scene_frame(pb, true, 0);
    for (uint32_t d = 0; d < OBJECTS; d++) {
        const uint32_t sel[3] = {256, (uint32_t)(TM_SCENE_CBUF >> 32), (uint32_t)TM_SCENE_CBUF};
        tm_inc(pb, TM_SUB_3D, 0x2380 / 4, 3, sel);
        tm_set1(pb, TM_SUB_3D, 0x238c / 4, 0);
        uint32_t m[16];
        for (uint32_t i = 0; i < 16; i++)
            m[i] = 0x3F800000u + (d << 8) + i;
        tm_noninc(pb, TM_SUB_3D, 0x2390 / 4, 16, m);
        const uint32_t loc[2] = {(uint32_t)(TM_SCENE_VERTS >> 32), (uint32_t)TM_SCENE_VERTS + (d % 8) * 0x200};
        tm_inc(pb, TM_SUB_3D, 0x1c04 / 4, 2, loc);
        tm_set1(pb, TM_SUB_3D, 0x2410 / 4, 1);
        const uint32_t call[3] = {4, 36, 0};
        tm_oneinc(pb, TM_SUB_3D, 0xE00, 3, call);
        tm_set1(pb, TM_SUB_3D, 0x1618 / 4, 4);
        tm_set1(pb, TM_SUB_3D, 0x0d78 / 4, 36);
        tm_set1(pb, TM_SUB_3D, 0x1614 / 4, 0);
    }
}

static void on_event(void *user, glhle_maxwell *gpu, const glhle_maxwell_event *ev)
{
    (void)gpu;
    *(uint64_t *)user += ev->u.draw.count;
}

struct run_arg {
    glhle_maxwell *gpu;
    const tm_pb *pb;
    int frames;
    uint64_t methods;
};

static void run_frames(void *p)
{
    struct run_arg *a = p;
    a->methods = 0;
    for (int f = 0; f < a->frames; f++) {
        glhle_maxwell_run_result res;
        if (glhle_maxwell_submit_words(a->gpu, a->pb->w, a->pb->n, &res) != GLHLE_RESULT_OK) {
            fprintf(stderr, "bench_maxwell_pushbuf: the frame reported problems\n");
            exit(1);
        }
        a->methods += res.methods;
    }
}

/* The baseline: header decode and a plain store per data word. */
struct bare_arg {
    const tm_pb *pb;
    int frames;
    uint32_t regs[8][0x1000];
};

static void bare_frames(void *p)
{
    struct bare_arg *a = p;
    for (int f = 0; f < a->frames; f++) {
        const uint32_t *w = a->pb->w;
        uint32_t i = 0, n = a->pb->n;
        while (i < n) {
            const uint32_t h = w[i++], op = h >> 29, sub = (h >> 13) & 7, m = h & 0xFFF, c = (h >> 16) & 0x1FFF;
            if (op == 4) {
                a->regs[sub][m] = c;
                continue;
            }
            for (uint32_t k = 0; k < c && i < n; k++, i++)
                a->regs[sub][(op == 1 ? m + k : op == 5 ? m + (k ? 1 : 0) : m) & 0xFFF] = w[i];
        }
    }
    bench_consume(a->regs, sizeof a->regs);
}

int main(int argc, char **argv)
{
    const bool quick = bench_quick(argc, argv);
    const bool cg = argc > 1 && !strcmp(argv[1], "--callgrind");
    tm_pb pb;
    tm_pb_init(&pb);
    build_frame(&pb);
    glhle_maxwell *gpu = NULL;
    glhle_maxwell_desc desc = {0};
    if (glhle_maxwell_create(NULL, &desc, &gpu) != GLHLE_RESULT_OK)
        return 1;
    uint8_t *mem = calloc(1, TM_SCENE_SIZE);
    glhle_maxwell_map(gpu, TM_SCENE_VA, mem, TM_SCENE_BL_OFFSET, GLHLE_MAXWELL_KIND_PITCH);
    glhle_maxwell_map(gpu, TM_SCENE_VA + TM_SCENE_BL_OFFSET, mem + TM_SCENE_BL_OFFSET,
                      TM_SCENE_SIZE - TM_SCENE_BL_OFFSET, GLHLE_MAXWELL_KIND_GENERIC_16BX2);
    uint64_t vertices = 0;
    glhle_maxwell_hooks hooks = {.user = &vertices, .event = on_event, .event_mask = 1u << GLHLE_MAXWELL_EVENT_DRAW};
    glhle_maxwell_set_hooks(gpu, &hooks);
    struct run_arg a = {gpu, &pb, cg ? 20 : quick ? 1 : 200, 0};
    if (cg) {
        run_frames(&a);
        printf("bench_maxwell_pushbuf: %d frames, %llu method writes\n", a.frames, (unsigned long long)a.methods);
    } else {
        const int reps = quick ? 1 : 7;
        const uint64_t t = bench_best_ns(reps, run_frames, &a);
        struct bare_arg *b = calloc(1, sizeof *b);
        b->pb = &pb;
        b->frames = a.frames;
        const uint64_t tb = bench_best_ns(reps, bare_frames, b);
        free(b);
        const double mbps = bench_memcpy_mbps((size_t)pb.n * 4 * (size_t)a.frames, reps);
        const double bytes = (double)pb.n * 4 * a.frames;
        const double t_memcpy = bytes / (mbps * 1e6) * 1e9;
        printf("bench_maxwell_pushbuf: frame of %u words, %llu method writes per frame, %d frames\n", pb.n,
               (unsigned long long)(a.methods / (uint64_t)a.frames), a.frames);
        printf("  glhle_maxwell_submit_words: %.1f M method writes/s (%.2f ns per write)\n",
               (double)a.methods / ((double)t / 1e9) / 1e6, (double)t / (double)a.methods);
        printf("  bare decode-and-store loop: %.2fx faster; memcpy of the words: %.2fx faster\n",
               (double)t / (double)tb, (double)t / t_memcpy);
    }
    bench_consume(&vertices, sizeof vertices);
    glhle_maxwell_destroy(gpu);
    free(mem);
    tm_pb_free(&pb);
    return 0;
}
