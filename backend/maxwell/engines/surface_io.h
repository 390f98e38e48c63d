/* What the engines share: a surface operand (pitch or block-linear at a GPU
 * address), the byte span a rectangle of it touches, and staging that span
 * through mw_mem_io into a bounded host buffer. Internal to engines/. */
#ifndef GLHLE_MAXWELL_SURFACE_IO_H
#define GLHLE_MAXWELL_SURFACE_IO_H

#include "backend/maxwell/engines/engines.h"
#include "backend/maxwell/memory/block_linear.h"

typedef struct mw_surface {
    uint64_t va;
    bool block_linear;
    int64_t pitch;   /* pitch layout: bytes from one row to the next (may be negative) */
    mw_bl_geom geom; /* block-linear layout */
    uint32_t layer;  /* block-linear: the z slice */
} mw_surface;

/* A staged byte range of guest memory: va .. va + size. */
typedef struct mw_span {
    uint64_t va;
    size_t size;
    uint8_t *buf;
} mw_span;

/* Byte offset from the surface's va of byte x of row y; x and y inside the
 * surface (block-linear) or anything (pitch). */
static inline int64_t mw_surface_offset(const mw_surface *s, uint32_t x, uint32_t y)
{
    if (s->block_linear)
        return (int64_t)mw_bl_offset(&s->geom, x, y, s->layer);
    return (int64_t)y * s->pitch + x;
}

/* The GPU range [*lo, *hi) that bytes x..x+w-1 of rows y..y+h-1 touch
 * (w, h > 0). LIMIT_EXCEEDED when it is larger than MW_ENGINE_MAX_BYTES,
 * OUT_OF_BOUNDS when it leaves the 40-bit address space (both logged, with
 * `what` naming the operand). */
glhle_result mw_surface_range(const mw_surface *s, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                              const char *what, const mw_mem_io *io, uint64_t *lo, uint64_t *hi);

/* Whether the memory kinds of [lo, hi) suit the surface's layout (the
 * issue's "mis-kinded surfaces"): a block-linear surface needs
 * block-linear kinds (generic 16Bx2 or compressed), a pitch one the pitch
 * kind; mixed memory suits neither. BAD_DATA, logged with the range and the
 * kinds found, when it does not; OK when io has no kinds or the range holds
 * no mapped byte (the access reports that fault itself). */
glhle_result mw_surface_check_kind(bool block_linear, uint64_t lo, uint64_t hi, const char *what,
                                   const mw_mem_io *io);

/* Reads [lo, hi) into a new buffer (FAIL: OUT_OF_MEMORY, or OUT_OF_BOUNDS
 * with the address on a fault). */
glhle_result mw_span_read(mw_span *sp, uint64_t lo, uint64_t hi, const char *what, const mw_mem_io *io);
glhle_result mw_span_write(const mw_span *sp, const char *what, const mw_mem_io *io);
void mw_span_free(mw_span *sp);

/* True when [a_lo, a_hi) and [b_lo, b_hi) share a byte. */
static inline bool mw_ranges_overlap(uint64_t a_lo, uint64_t a_hi, uint64_t b_lo, uint64_t b_hi)
{
    return a_lo < b_hi && b_lo < a_hi;
}

/* Block size field of the copy classes (clb0b5.h SET_*_BLOCK_SIZE, cla140.h
 * SET_DST_BLOCK_SIZE, cl902d.h SET_*_BLOCK_SIZE): height at bits 7:4 (902D:
 * 6:4), depth at 11:8 (902D: 10:8), in log2 GOBs, 0-5. */
glhle_result mw_block_size_decode(uint32_t v, uint32_t *bh, uint32_t *bd, const char *what, const mw_mem_io *io);

/* Writes a semaphore release: one word (the payload) or four (payload, 0,
 * then the 64-bit timestamp). */
glhle_result mw_semaphore_release(uint64_t va, uint32_t payload, bool one_word, const char *what,
                                  const mw_mem_io *io);

/* Applies reduction op (mw_reduction) with payload to the 32-bit semaphore
 * at va, then, unless one_word, writes 0 and the 64-bit timestamp after it
 * as a four-word release does (the reduction's result in the payload's
 * place). BAD_DATA for an undefined op, OUT_OF_BOUNDS on a fault; nothing
 * is written then. */
glhle_result mw_semaphore_reduce(uint64_t va, uint32_t op, bool is_signed, uint32_t payload, bool one_word,
                                 const char *what, const mw_mem_io *io);

#endif
