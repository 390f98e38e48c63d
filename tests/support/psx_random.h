/* Random GP0 command streams for the PlayStation GPU tests, benchmarks and
 * fuzz seeds: every primitive kind and mode, environment changes and
 * transfers, deterministic for a seed. */
#ifndef GLHLE_TEST_PSX_RANDOM_H
#define GLHLE_TEST_PSX_RANDOM_H

#include <stddef.h>
#include <stdint.h>

#include "support/test_support.h"

enum {
    PSX_RAND_TRIANGLES = 1u << 0, /* GP0(20h..3Fh), triangles and quads */
    PSX_RAND_LINES = 1u << 1,     /* GP0(40h..5Fh), single lines and polylines */
    PSX_RAND_RECTS = 1u << 2,     /* GP0(60h..7Fh) */
    PSX_RAND_FILLS = 1u << 3,     /* GP0(02h) */
    PSX_RAND_COPIES = 1u << 4,    /* GP0(80h) */
    PSX_RAND_UPLOADS = 1u << 5,   /* GP0(A0h) */
    PSX_RAND_ENV = 1u << 6,       /* GP0(E1h..E6h) and GP0(01h) between commands */
    PSX_RAND_ALL = 0x7F,
};

typedef struct psx_stream {
    uint32_t *words;
    size_t count, cap;
} psx_stream;

void psx_stream_push(psx_stream *s, uint32_t w);
void psx_stream_free(psx_stream *s);

/* VRAM filled with random halfwords (1 in 8 are 0000h, 1 in 8 8000h, so
 * transparent texels and mask bits occur), the drawing area set to all of
 * VRAM and the offset to 0. */
void psx_random_prologue(ts_rng *rng, psx_stream *s);
/* `count` commands of the kinds in `kinds`. Environment state is random
 * when PSX_RAND_ENV is set, otherwise left as it is except for what a
 * command needs. */
void psx_random_commands(ts_rng *rng, uint32_t kinds, uint32_t count, psx_stream *s);

#endif
