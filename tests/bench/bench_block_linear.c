/* Maxwell block-linear conversion (backend/maxwell/memory/block_linear.c):
 * whole surfaces and a sub-rectangle, tiled -> linear and back, fast path
 * and per-byte reference, as MB/s and as a ratio to memcpy of the same
 * number of bytes measured in this run (goal: the fast path within 1.5x of
 * memcpy's time, i.e. a ratio of at least 0.67).
 *
 *   bench_block_linear [--quick]
 *   bench_block_linear --callgrind
 *       converts the 1 MiB sub-rectangle once each way with the fast path
 *       and nothing else, for
 *       valgrind --tool=callgrind --toggle-collect=mw_bl_tiled_to_linear_at
 *       (or mw_bl_linear_to_tiled_at): host instructions per byte moved
 *   bench_block_linear --ratio N
 *       the 1 MiB sub-rectangle and the same box at x = 64 (GOB-aligned),
 *       N rounds; each round times memcpy of the box's bytes, untile and
 *       tile back to back (best of 5 each) and takes their ratios, so a
 *       load change hits all three alike; prints the median and the
 *       quartiles of the per-round ratios
 *   bench_block_linear --ratio N X Y
 *       the same for a 2048x512 box at byte X, row Y */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/memory/block_linear.h"
#include "support/bench_support.h"

typedef struct job {
    mw_bl_geom g;
    mw_bl_box box;
    uint8_t *tiled, *linear;
    size_t pitch;
    uint32_t flags;
    bool to_tiled;
} job;

static void run(void *arg)
{
    job *j = arg;
    size_t lsize = j->pitch * j->box.height * j->box.depth;
    glhle_result r = j->to_tiled ? mw_bl_linear_to_tiled(&j->g, j->tiled, j->g.size, &j->box, j->linear, lsize,
                                                         j->pitch, 0, j->flags, NULL)
                                 : mw_bl_tiled_to_linear(&j->g, j->tiled, j->g.size, &j->box, j->linear, lsize,
                                                         j->pitch, 0, j->flags, NULL);
    if (r != GLHLE_RESULT_OK) {
        fprintf(stderr, "bench_block_linear: conversion failed: %s\n", glhle_result_string(r));
        exit(1);
    }
    bench_consume(j->to_tiled ? j->tiled : j->linear, j->to_tiled ? j->g.size : lsize);
}

static uint8_t *buffer(size_t n, uint8_t seed)
{
    uint8_t *p = aligned_alloc(64, (n + 63) / 64 * 64);
    if (!p) {
        fprintf(stderr, "bench_block_linear: out of memory\n");
        exit(1);
    }
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(i * 131 + seed);
    return p;
}

static void row(const char *name, uint32_t wb, uint32_t h, uint32_t bh, mw_bl_box box, int reps)
{
    job j = {.box = box};
    if (mw_bl_geom_init(&j.g, wb, h, 1, bh, 0, NULL) != GLHLE_RESULT_OK)
        exit(1);
    j.pitch = box.width;
    j.tiled = buffer(j.g.size, 1);
    j.linear = buffer(j.pitch * box.height, 2);
    size_t bytes = (size_t)box.width * box.height;
    double mb = (double)bytes / 1e6;
    double memcpy_mbps = bench_memcpy_mbps(bytes, reps);
    double t_untile = (double)bench_best_ns(reps, run, &j) / 1e9;
    j.to_tiled = true;
    double t_tile = (double)bench_best_ns(reps, run, &j) / 1e9;
    j.flags = MW_BL_REFERENCE;
    double t_ref_tile = (double)bench_best_ns(reps > 2 ? 2 : reps, run, &j) / 1e9;
    j.to_tiled = false;
    double t_ref_untile = (double)bench_best_ns(reps > 2 ? 2 : reps, run, &j) / 1e9;
    printf("%-26s %8.0f | %8.0f %6.2fx %6.2fx | %8.0f %6.2fx %6.2fx | %7.0f %7.0f\n", name, memcpy_mbps,
           mb / t_untile, mb / t_untile / memcpy_mbps, t_untile * memcpy_mbps / mb, mb / t_tile,
           mb / t_tile / memcpy_mbps, t_tile * memcpy_mbps / mb, mb / t_ref_untile, mb / t_ref_tile);
    free(j.tiled);
    free(j.linear);
}

/* The sub-rectangle row's box, converted once each way (fast path only). */
static int callgrind_run(void)
{
    job j = {.box = {36, 5, 0, 2048, 512, 1}};
    if (mw_bl_geom_init(&j.g, 4096, 1024, 1, 4, 0, NULL) != GLHLE_RESULT_OK)
        return 1;
    j.pitch = j.box.width;
    j.tiled = buffer(j.g.size, 1);
    j.linear = buffer(j.pitch * j.box.height, 2);
    run(&j);
    j.to_tiled = true;
    run(&j);
    printf("bench_block_linear --callgrind: %u bytes each way\n", j.box.width * j.box.height);
    free(j.tiled);
    free(j.linear);
    return 0;
}

static void memcpy_job(void *arg)
{
    job *j = arg;
    memcpy(j->linear + j->g.size, j->linear, (size_t)j->box.width * j->box.height);
    bench_consume(j->linear + j->g.size, 64);
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void ratio_box(const char *name, mw_bl_box box, int rounds)
{
    job j = {.box = box};
    if (mw_bl_geom_init(&j.g, 4096, 1024, 1, 4, 0, NULL) != GLHLE_RESULT_OK)
        exit(1);
    j.pitch = box.width;
    const size_t bytes = (size_t)box.width * box.height;
    j.tiled = buffer(j.g.size, 1);
    /* the linear box, then memcpy's destination after it (g.size apart) */
    j.linear = buffer(j.g.size + bytes, 2);
    double *un = malloc(sizeof(double) * 2 * (size_t)rounds), *ti = un + rounds;
    for (int i = 0; i < rounds; i++) {
        const double m = (double)bench_best_ns(5, memcpy_job, &j);
        j.to_tiled = false;
        un[i] = (double)bench_best_ns(5, run, &j) / m;
        j.to_tiled = true;
        ti[i] = (double)bench_best_ns(5, run, &j) / m;
    }
    qsort(un, (size_t)rounds, sizeof *un, cmp_double);
    qsort(ti, (size_t)rounds, sizeof *ti, cmp_double);
    printf("%-28s untile %.2fx (quartiles %.2f-%.2f)  tile %.2fx (%.2f-%.2f)  [time / memcpy's, %d rounds]\n", name,
           un[rounds / 2], un[rounds / 4], un[3 * rounds / 4], ti[rounds / 2], ti[rounds / 4], ti[3 * rounds / 4],
           rounds);
    free(un);
    free(j.tiled);
    free(j.linear);
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--callgrind"))
        return callgrind_run();
    if (argc > 2 && !strcmp(argv[1], "--ratio")) {
        const int rounds = atoi(argv[2]) > 0 ? atoi(argv[2]) : 1;
        /* the sub-rectangle row's box and the same box GOB-aligned, or --ratio N X Y */
        uint32_t xy[2][2] = {{36, 5}, {64, 8}}, boxes = 2;
        if (argc > 4) {
            xy[0][0] = (uint32_t)atoi(argv[3]) & 1023;
            xy[0][1] = (uint32_t)atoi(argv[4]) & 511;
            boxes = 1;
        }
        for (uint32_t i = 0; i < boxes; i++) {
            char name[64];
            snprintf(name, sizeof name, "2048x512 box @(%u,%u)", xy[i][0], xy[i][1]);
            ratio_box(name, (mw_bl_box){xy[i][0], xy[i][1], 0, 2048, 512, 1}, rounds);
        }
        return 0;
    }
    bool quick = bench_quick(argc, argv);
    uint32_t side = quick ? 64 : 1024;
    int reps = quick ? 1 : 15;
    printf("bench_block_linear: best of %d; memcpy = bench_memcpy_mbps of the box's bytes, measured just before;\n"
           "ratio = throughput / memcpy's, time x = time / memcpy's time (goal <= 1.5)\n",
           reps);
    printf("%-26s %8s | %8s %7s %7s | %8s %7s %7s | %7s %7s\n", "surface (bytes x rows)", "memcpy", "untile", "ratio",
           "time x", "tile", "ratio", "time x", "ref un", "ref til");
    char name[64];
    snprintf(name, sizeof name, "%ux%u RGBA8 bh4", side * 4, side);
    row(name, side * 4, side, 4, (mw_bl_box){0, 0, 0, side * 4, side, 1}, reps);
    snprintf(name, sizeof name, "%ux%u RGBA8 bh0", side * 4, side);
    row(name, side * 4, side, 0, (mw_bl_box){0, 0, 0, side * 4, side, 1}, reps);
    snprintf(name, sizeof name, "%ux%u RGBA16F bh4", side * 8, side / 2);
    row(name, side * 8, side / 2, 4, (mw_bl_box){0, 0, 0, side * 8, side / 2, 1}, reps);
    snprintf(name, sizeof name, "%ux%u sub-rect @(36,5)", side * 2, side / 2);
    row(name, side * 4, side, 4, (mw_bl_box){36, 5, 0, side * 2, side / 2, 1}, reps);
    return 0;
}
