/* Shared by the Maxwell engine tests and fuzzers: a small fake GPU memory
 * behind mw_mem_io (one window of guest bytes at a fixed GPU address; any
 * access that leaves it faults), counting its calls, and a block-linear
 * address model written from the GOB definition, independent of
 * backend/maxwell/memory/block_linear.c. */
#ifndef GLHLE_TESTS_MAXWELL_FAKE_MEM_H
#define GLHLE_TESTS_MAXWELL_FAKE_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/maxwell/engines/engines.h"

typedef struct mwt_mem {
    uint64_t base;   /* GPU address of bytes[0] */
    size_t size;
    uint8_t *bytes;
    uint64_t time;   /* what the timestamp hook returns */
    unsigned reads, writes, faults;
    uint64_t bl_lo, bl_hi; /* with mwt_mem_kinds: this GPU range is of a block-linear kind, the rest pitch */
    mw_mem_io io;
} mwt_mem;

/* A window of `size` bytes at `base`, filled with `fill`; io points back at it. */
void mwt_mem_init(mwt_mem *m, uint64_t base, size_t size, uint8_t fill, const glhle_logger *log);
void mwt_mem_free(mwt_mem *m);
/* Gives the window memory kinds (io.kinds, off until called): GPU
 * addresses [bl_lo, bl_hi) GENERIC_16BX2, the rest of the window pitch. */
void mwt_mem_kinds(mwt_mem *m, uint64_t bl_lo, uint64_t bl_hi);
/* Host pointer for GPU address va (inside the window). */
uint8_t *mwt_at(mwt_mem *m, uint64_t va);

/* Byte offset of byte x (bytes), row y, slice z in a block-linear image
 * `width_bytes` wide and `height` rows tall with blocks of 2^bh GOBs by
 * 2^bd slices: a GOB is 64 bytes x 8 rows with address bits
 * x5 y2 y1 x4 y0 x3 x2 x1 x0, GOBs in a block run down then back, blocks
 * across, down, then back. */
uint64_t mwt_bl_offset(uint32_t width_bytes, uint32_t height, uint32_t bh, uint32_t bd, uint32_t x, uint32_t y,
                       uint32_t z);

#endif
