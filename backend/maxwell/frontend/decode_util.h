/* Small helpers shared by the decode_*.c files. */
#ifndef GLHLE_MAXWELL_DECODE_UTIL_H
#define GLHLE_MAXWELL_DECODE_UTIL_H

#include <stdint.h>
#include <string.h>

#include "backend/maxwell/frontend/regs_3d.h"

static inline float mw_f32(uint32_t v)
{
    float f;
    memcpy(&f, &v, 4);
    return f;
}

/* A GPU address split over two methods: bits 32-39 in the first (the
 * header's *_UPPER field, 7:0), bits 0-31 in the second. */
static inline uint64_t mw_addr(uint32_t upper, uint32_t lower)
{
    return ((uint64_t)(upper & 0xFFu) << 32) | lower;
}

static inline uint32_t mw_bits(uint32_t v, unsigned lo, unsigned width)
{
    return (v >> lo) & ((1u << width) - 1u);
}

#endif
