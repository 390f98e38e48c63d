/* XXH3-64 throughput against memcpy of the same bytes, and the cost of
 * hashing a pipeline-key-sized block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "support/bench_support.h"

struct hash_arg {
    const uint8_t *data;
    size_t size;
    int repeat;
    uint64_t out;
};

static void do_hash(void *p)
{
    struct hash_arg *a = p;
    uint64_t h = 0;
    for (int i = 0; i < a->repeat; i++)
        h ^= glhle_hash64_seed(a->data, a->size, (uint64_t)i);
    a->out = h;
}

int main(int argc, char **argv)
{
    bool quick = bench_quick(argc, argv);
    size_t big = quick ? (1u << 16) : (64u << 20);
    int reps = quick ? 1 : 5;
    uint8_t *data = malloc(big);
    for (size_t i = 0; i < big; i++)
        data[i] = (uint8_t)(i * 131);

    double memcpy_mbps = bench_memcpy_mbps(big, reps);
    struct hash_arg a = {data, big, 1, 0};
    uint64_t ns = bench_best_ns(reps, do_hash, &a);
    double hash_mbps = (double)big / 1e6 / ((double)ns / 1e9);

    struct hash_arg k = {data, 96, quick ? 1000 : 1000000, 0};
    uint64_t kns = bench_best_ns(reps, do_hash, &k);

    printf("bench_hash: %zu-byte buffer\n", big);
    printf("  memcpy          %10.0f MB/s\n", memcpy_mbps);
    printf("  XXH3-64         %10.0f MB/s  (%.2fx memcpy)\n", hash_mbps, hash_mbps / memcpy_mbps);
    printf("  96-byte key     %10.1f ns/hash\n", (double)kns / k.repeat);
    printf("  (checksum %016llx)\n", (unsigned long long)(a.out ^ k.out));
    free(data);
    return 0;
}
