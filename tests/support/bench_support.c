#include "support/bench_support.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

uint64_t bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

bool bench_quick(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--quick"))
            return true;
    return false;
}

int bench_arg_reps(int argc, char **argv, int reps)
{
    if (bench_quick(argc, argv))
        reps = 1;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            reps = atoi(argv[++i]);
    return reps;
}

uint64_t bench_best_ns(int reps, bench_fn fn, void *arg)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < reps; i++) {
        uint64_t t0 = bench_now_ns();
        fn(arg);
        uint64_t t = bench_now_ns() - t0;
        if (t < best)
            best = t;
    }
    return best ? best : 1;
}

static volatile uint8_t sink;

void bench_consume(const void *p, size_t n)
{
    const uint8_t *b = p;
    uint8_t x = 0;
    for (size_t i = 0; i < n; i += 4096)
        x ^= b[i];
    sink ^= x;
}

struct memcpy_arg {
    void *dst;
    const void *src;
    size_t n;
};

static void do_memcpy(void *arg)
{
    struct memcpy_arg *a = arg;
    memcpy(a->dst, a->src, a->n);
    bench_consume(a->dst, a->n);
}

double bench_memcpy_mbps(size_t bytes, int reps)
{
    struct memcpy_arg a = {malloc(bytes), malloc(bytes), bytes};
    if (!a.dst || !a.src) {
        free(a.dst);
        free((void *)a.src);
        return 0;
    }
    memset(a.dst, 1, bytes);
    memset((void *)a.src, 2, bytes);
    uint64_t ns = bench_best_ns(reps, do_memcpy, &a);
    free(a.dst);
    free((void *)a.src);
    return (double)bytes / 1e6 / ((double)ns / 1e9);
}
