/* Runs a libFuzzer target without libFuzzer, so every fuzz target is built
 * and exercised by the normal test suite:
 *   fuzz_x [--mutations=N] [--seed=S] FILE_OR_DIR...
 * replays each corpus file, then N inputs made by mutating the corpus with a
 * seeded PRNG (byte flips, inserts, deletes, splices, interesting values). A
 * crash or sanitizer report fails the test; the seed is printed. The real
 * coverage-guided runs use the fuzz preset (scripts/fuzz.sh). */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_INPUTS 4096
#define MAX_SIZE (1u << 20)

static uint8_t *inputs[MAX_INPUTS];
static size_t sizes[MAX_INPUTS];
static int n_inputs;

static void add_file(const char *path)
{
    if (n_inputs >= MAX_INPUTS)
        return;
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    uint8_t *buf = malloc(MAX_SIZE);
    size_t n = buf ? fread(buf, 1, MAX_SIZE, f) : 0;
    fclose(f);
    if (!buf)
        return;
    inputs[n_inputs] = buf;
    sizes[n_inputs++] = n;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void add_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return;
    if (!S_ISDIR(st.st_mode)) {
        add_file(path);
        return;
    }
    DIR *d = opendir(path);
    if (!d)
        return;
    char *names[MAX_INPUTS];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < MAX_INPUTS)
        if (e->d_name[0] != '.')
            names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], by_name); /* same order on every machine */
    for (int i = 0; i < n; i++) {
        char full[4096];
        snprintf(full, sizeof full, "%s/%s", path, names[i]);
        add_file(full);
        free(names[i]);
    }
}

static uint64_t rng_state;
static uint32_t rnd(uint32_t n)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return n ? (uint32_t)((z >> 32) * n >> 32) : 0;
}

static size_t mutate(uint8_t *buf, size_t size, size_t cap)
{
    static const uint32_t interesting[] = {0, 1, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF,
                                           0x7FFFFFFF, 0x80000000u, 0xFFFFFFFFu, 0x10, 0x100};
    int steps = 1 + (int)rnd(4);
    for (int s = 0; s < steps; s++) {
        switch (rnd(6)) {
        case 0: /* flip a bit */
            if (size)
                buf[rnd((uint32_t)size)] ^= (uint8_t)(1u << rnd(8));
            break;
        case 1: /* random byte */
            if (size)
                buf[rnd((uint32_t)size)] = (uint8_t)rnd(256);
            break;
        case 2: { /* interesting 32-bit value, little-endian */
            if (size >= 4) {
                uint32_t v = interesting[rnd(sizeof interesting / sizeof interesting[0])];
                size_t at = rnd((uint32_t)(size - 3));
                memcpy(buf + at, &v, 4);
            }
            break;
        }
        case 3: /* truncate */
            if (size)
                size = rnd((uint32_t)size + 1);
            break;
        case 4: { /* insert random bytes */
            size_t n = 1 + rnd(16);
            if (size + n <= cap) {
                size_t at = rnd((uint32_t)size + 1);
                memmove(buf + at + n, buf + at, size - at);
                for (size_t i = 0; i < n; i++)
                    buf[at + i] = (uint8_t)rnd(256);
                size += n;
            }
            break;
        }
        default: /* splice from another input */
            if (n_inputs > 0) {
                int o = (int)rnd((uint32_t)n_inputs);
                if (sizes[o] && size) {
                    size_t from = rnd((uint32_t)sizes[o]);
                    size_t at = rnd((uint32_t)size);
                    size_t n = sizes[o] - from;
                    if (n > size - at)
                        n = size - at;
                    memcpy(buf + at, inputs[o] + from, n);
                }
            }
            break;
        }
    }
    return size;
}

int main(int argc, char **argv)
{
    long mutations = 0;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strncmp(argv[i], "--mutations=", 12))
            mutations = strtol(argv[i] + 12, NULL, 0);
        else if (!strncmp(argv[i], "--seed=", 7))
            seed = strtoull(argv[i] + 7, NULL, 0);
        else
            add_path(argv[i]);
    }
    const char *env = getenv("GLHLE_FUZZ_MUTATIONS");
    if (env)
        mutations = strtol(env, NULL, 0);
    printf("%s: %d corpus inputs, %ld mutations, seed %llu\n", argv[0], n_inputs, mutations,
           (unsigned long long)seed);
    for (int i = 0; i < n_inputs; i++)
        LLVMFuzzerTestOneInput(inputs[i], sizes[i]);
    /* the empty input is always worth one call */
    LLVMFuzzerTestOneInput((const uint8_t *)"", 0);
    rng_state = seed;
    size_t cap = 1u << 16;
    uint8_t *buf = malloc(cap);
    for (long m = 0; m < mutations && buf; m++) {
        size_t size = 0;
        if (n_inputs) {
            int o = (int)rnd((uint32_t)n_inputs);
            size = sizes[o] < cap ? sizes[o] : cap;
            memcpy(buf, inputs[o], size);
        } else {
            size = rnd(256);
            for (size_t i = 0; i < size; i++)
                buf[i] = (uint8_t)rnd(256);
        }
        size = mutate(buf, size, cap);
        /* a copy of exactly `size` bytes, so ASan sees any overread */
        uint8_t *exact = malloc(size ? size : 1);
        memcpy(exact, buf, size);
        LLVMFuzzerTestOneInput(exact, size);
        free(exact);
    }
    free(buf);
    for (int i = 0; i < n_inputs; i++)
        free(inputs[i]);
    printf("ok\n");
    return 0;
}
