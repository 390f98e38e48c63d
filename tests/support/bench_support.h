/* Benchmarks report ratios measured in one run (against memcpy, a raw-GL
 * baseline or the CPU path), because absolute times on shared machines are
 * noise. This is the little they share. */
#ifndef GLHLE_BENCH_SUPPORT_H
#define GLHLE_BENCH_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Monotonic time in nanoseconds. */
uint64_t bench_now_ns(void);
/* Parses --quick (ctest's smoke run: tiny sizes, one repetition). */
bool bench_quick(int argc, char **argv);
/* Repetitions: --reps N if given, else 1 with --quick, else `reps`. */
int bench_arg_reps(int argc, char **argv, int reps);

/* Best-of-`reps` time of fn(arg) in ns (best, not mean: it is the least
 * disturbed by the other processes). */
typedef void (*bench_fn)(void *arg);
uint64_t bench_best_ns(int reps, bench_fn fn, void *arg);

/* Best-of-reps memcpy throughput in MB/s (1e6 bytes) for `bytes` bytes,
 * source and destination both cold-allocated once. */
double bench_memcpy_mbps(size_t bytes, int reps);

/* Keeps the compiler from discarding a computed value. */
void bench_consume(const void *p, size_t n);

#endif
