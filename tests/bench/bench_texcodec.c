/* PICA texture codecs: decode and encode a 1024x1024 surface of every
 * format; MB/s of guest data and the ratio to memcpy of the same number of
 * bytes measured in the same run, Mtexel/s, the bottom-up (GL upload)
 * decode, the portable table-driven path (PICA_CODEC_NO_SIMD) and the
 * per-texel reference for comparison.
 *
 *   bench_texcodec [--quick]
 *   bench_texcodec --callgrind FORMAT decode|encode [--flip] [--no-simd]
 *       one call on 1024x1024 (ETC1 encode: 64x64) inside bench_measured(),
 *       for: valgrind --tool=callgrind --toggle-collect=bench_measured ... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/texture/texcodec.h"
#include "support/bench_support.h"

typedef struct job {
    pica_surface s;
    pica_rect rect;
    const uint8_t *guest;
    uint8_t *guest_out;
    size_t size;
    uint8_t *host;
    uint32_t flags;
    bool encode;
} job;

static void run(void *arg)
{
    job *j = arg;
    glhle_result r;
    if (j->encode) {
        r = pica_encode(&j->s, j->guest_out, j->size, &j->rect, j->flags, j->host, (size_t)j->rect.w * 4, NULL);
        bench_consume(j->guest_out, j->size);
    } else {
        r = pica_decode(&j->s, j->guest, j->size, &j->rect, j->flags, j->host, (size_t)j->rect.w * 4, NULL);
        bench_consume(j->host, (size_t)j->rect.w * j->rect.h * 4);
    }
    if (r != GLHLE_RESULT_OK) {
        fprintf(stderr, "bench_texcodec: codec failed: %s\n", glhle_result_string(r));
        exit(1);
    }
}

/* The one call callgrind counts (--toggle-collect=bench_measured). */
void bench_measured(job *j);
__attribute__((noinline)) void bench_measured(job *j)
{
    run(j);
}

static uint8_t *random_buffer(size_t n, uint64_t seed)
{
    /* on a cache line, as the surface cache's scratch buffers are */
    uint8_t *p = aligned_alloc(64, (n + 63) / 64 * 64);
    if (!p) {
        fprintf(stderr, "bench_texcodec: out of memory\n");
        exit(1);
    }
    uint64_t x = seed;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        p[i] = (uint8_t)(x >> 24);
    }
    return p;
}

static job make_job(pica_texfmt f, uint32_t side, bool encode, uint32_t flags)
{
    job j = {.s = {.format = f, .width = side, .height = side}, .flags = flags, .encode = encode};
    j.size = pica_surface_size(&j.s);
    j.rect = (pica_rect){0, 0, side, side};
    j.guest = random_buffer(j.size, 1 + f);
    j.guest_out = random_buffer(j.size, 2 + f);
    j.host = random_buffer((size_t)side * side * 4, 3 + f);
    /* encode from texels a decode produced, as a render-target flush does */
    if (encode && pica_decode(&j.s, j.guest, j.size, NULL, 0, j.host, (size_t)side * 4, NULL) != GLHLE_RESULT_OK)
        exit(1);
    return j;
}

static void free_job(job *j)
{
    free((void *)j->guest);
    free(j->guest_out);
    free(j->host);
}

static int callgrind_mode(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: bench_texcodec --callgrind FORMAT decode|encode [--flip] [--no-simd]\n");
        return 2;
    }
    pica_texfmt f = pica_texfmt_from_name(argv[2]);
    bool encode = !strcmp(argv[3], "encode");
    uint32_t flags = 0;
    for (int i = 4; i < argc; i++)
        flags |= !strcmp(argv[i], "--flip") ? PICA_CODEC_FLIP_Y : !strcmp(argv[i], "--no-simd") ? PICA_CODEC_NO_SIMD : 0;
    if (f == PICA_TEXFMT_COUNT) {
        fprintf(stderr, "bench_texcodec: unknown format %s\n", argv[2]);
        return 2;
    }
    uint32_t side = encode && pica_texfmt_get_info(f)->compressed ? 64 : 1024;
    job j = make_job(f, side, encode, flags);
    run(&j); /* warm up: the tables are built outside the counted call */
    bench_measured(&j);
    printf("callgrind: %s %s%s%s, %ux%u = %u texels counted in bench_measured\n", argv[2], argv[3],
           flags & PICA_CODEC_FLIP_Y ? " --flip" : "", flags & PICA_CODEC_NO_SIMD ? " --no-simd" : "", side, side,
           side * side);
    free_job(&j);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--callgrind"))
        return callgrind_mode(argc, argv);
    bool quick = bench_quick(argc, argv);
    uint32_t side = quick ? 64 : 1024;
    int reps = quick ? 1 : 9;
    double texels = (double)side * side;
    printf("bench_texcodec: %ux%u surfaces (8x8 tiles), best of %d; memcpy = bench_memcpy_mbps on the same number\n"
           "of guest bytes, measured in this run just before the format's codec\n",
           side, side, reps);
    printf("%-7s %8s | %9s %7s %8s | %7s | %8s | %8s | %9s %7s %8s\n", "format", "memcpy", "decode", "x memcpy",
           "Mtex/s", "flip x", "tables x", "ref Mt/s", "encode", "x memcpy", "Mtex/s");
    printf("%-7s %8s | %9s %7s %8s | %7s | %8s | %8s | %9s %7s %8s\n", "", "MB/s", "MB/s", "", "", "memcpy", "memcpy",
           "", "MB/s", "", "");
    for (unsigned f = 0; f < PICA_TEXFMT_COUNT; f++) {
        pica_texfmt fmt = (pica_texfmt)f;
        job dec = make_job(fmt, side, false, 0);
        double mb = (double)dec.size / 1e6;
        double memcpy_mbps = bench_memcpy_mbps(dec.size, reps);
        double t_dec = (double)bench_best_ns(reps, run, &dec) / 1e9;
        dec.flags = PICA_CODEC_FLIP_Y;
        double t_flip = (double)bench_best_ns(reps, run, &dec) / 1e9;
        dec.flags = PICA_CODEC_NO_SIMD;
        double t_port = (double)bench_best_ns(reps, run, &dec) / 1e9;
        dec.flags = PICA_CODEC_REFERENCE;
        double t_ref = (double)bench_best_ns(quick ? 1 : 2, run, &dec) / 1e9;
        free_job(&dec);
        /* the ETC1 encoder is a slow offline search: time a 128x128 corner */
        bool etc = pica_texfmt_get_info(fmt)->compressed;
        job enc = make_job(fmt, side, true, 0);
        if (etc)
            enc.rect = (pica_rect){0, 0, side < 128 ? side : 128, side < 128 ? side : 128};
        double enc_texels = (double)enc.rect.w * enc.rect.h;
        double enc_mb = mb * enc_texels / texels;
        double t_enc = (double)bench_best_ns(etc ? 1 : reps, run, &enc) / 1e9;
        free_job(&enc);
        printf("%-7s %8.0f | %9.0f %7.2fx %8.0f | %6.2fx | %7.2fx | %8.1f | %9.1f %7.2fx %8.2f%s\n",
               pica_texfmt_get_info(fmt)->name, memcpy_mbps, mb / t_dec, mb / t_dec / memcpy_mbps, texels / t_dec / 1e6,
               mb / t_flip / memcpy_mbps, mb / t_port / memcpy_mbps, texels / t_ref / 1e6, enc_mb / t_enc,
               enc_mb / t_enc / memcpy_mbps, enc_texels / t_enc / 1e6, etc ? " (encode: 128x128)" : "");
    }
    return 0;
}
