/* Inline-to-memory: class A140 (open-gpu-doc classes/inline-to-memory/
 * cla140.h) and the same methods built into the 3D class (clb197.h
 * 0x180-0x1B4, 0x1DC-0x1E4). LAUNCH_DMA starts a transfer of
 * LINE_LENGTH_IN bytes x LINE_COUNT lines to OFFSET_OUT; LOAD_INLINE_DATA
 * words carry the bytes, little-endian, line after line. A pitch
 * destination puts line y at OFFSET_OUT + y * PITCH_OUT; a block-linear one
 * (SET_DST_WIDTH in bytes, HEIGHT, DEPTH, LAYER = z slice, block size)
 * puts the lines at SET_DST_ORIGIN_BYTES_X / SAMPLES_Y. COMPLETION_TYPE
 * RELEASE_SEMAPHORE writes SET_I2M_SEMAPHORE_C's payload to
 * SET_I2M_SEMAPHORE_A/B when the last byte has arrived, one word or four
 * (SEMAPHORE_STRUCT_SIZE), or with REDUCTION_ENABLE reduces the
 * semaphore with the payload instead (mw_semaphore_reduce). Bytes go to memory as their word arrives, so a
 * transfer needs no staging buffer however large it is. */
#include <string.h>

#include "backend/maxwell/engines/surface_io.h"

#define R(m) regs[(m) / 4]

enum {
    LINE_LENGTH_IN = 0x180,
    LINE_COUNT = 0x184,
    OFFSET_OUT_UPPER = 0x188,
    OFFSET_OUT = 0x18C,
    PITCH_OUT = 0x190,
    DST_BLOCK_SIZE = 0x194,
    DST_WIDTH = 0x198,
    DST_HEIGHT = 0x19C,
    DST_DEPTH = 0x1A0,
    DST_LAYER = 0x1A4,
    DST_ORIGIN_BYTES_X = 0x1A8,
    DST_ORIGIN_SAMPLES_Y = 0x1AC,
    LAUNCH_DMA = 0x1B0,
    SEMAPHORE_A = 0x1DC,
    SEMAPHORE_B = 0x1E0,
    SEMAPHORE_C = 0x1E4,
};

static void surface_of(const mw_i2m *st, mw_surface *s)
{
    memset(s, 0, sizeof *s);
    s->va = st->va;
    s->block_linear = st->block_linear;
    s->pitch = st->pitch;
    if (st->block_linear) {
        mw_bl_geom_init(&s->geom, st->bl_width, st->bl_height, st->bl_depth, st->bl_bh, st->bl_bd, NULL);
        s->layer = st->layer;
    }
}

static glhle_result complete(mw_i2m *st, const mw_mem_io *io)
{
    st->active = false;
    if (!st->release_semaphore)
        return GLHLE_RESULT_OK;
    if (st->reduction)
        return mw_semaphore_reduce(st->semaphore_va, st->reduction_op, st->reduction_signed, st->semaphore_payload,
                                   st->semaphore_one_word, "inline-to-memory", io);
    return mw_semaphore_release(st->semaphore_va, st->semaphore_payload, st->semaphore_one_word, "inline-to-memory",
                                io);
}

glhle_result mw_i2m_begin(mw_i2m *st, const uint32_t *regs, const mw_mem_io *io)
{
    memset(st, 0, sizeof *st);
    uint32_t launch = R(LAUNCH_DMA);
    if (R(OFFSET_OUT_UPPER) > 0xFF)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "maxwell: inline-to-memory OFFSET_OUT_UPPER 0x%x is past the 40-bit address space",
                          R(OFFSET_OUT_UPPER));
    st->va = (uint64_t)R(OFFSET_OUT_UPPER) << 32 | R(OFFSET_OUT);
    st->line_length = R(LINE_LENGTH_IN);
    st->line_count = R(LINE_COUNT);
    st->block_linear = !(launch & 1);
    st->pitch = (int32_t)R(PITCH_OUT);
    st->total = (uint64_t)st->line_length * st->line_count;
    st->release_semaphore = ((launch >> 4) & 3) == 2;
    st->semaphore_one_word = (launch >> 12) & 1;
    st->semaphore_va = (uint64_t)(R(SEMAPHORE_A) & 0xFF) << 32 | R(SEMAPHORE_B);
    st->semaphore_payload = R(SEMAPHORE_C);
    /* REDUCTION_ENABLE 1:1, REDUCTION_OP 15:13 (RED_ADD 0, MIN, MAX, INC, DEC, AND, OR, XOR 7), REDUCTION_FORMAT
     * 3:2 (UNSIGNED_32 0, SIGNED_32 1); they act on the release, so only with RELEASE_SEMAPHORE */
    static const uint8_t op_of[8] = {MW_RED_ADD, MW_RED_MIN, MW_RED_MAX, MW_RED_INC,
                                     MW_RED_DEC, MW_RED_AND, MW_RED_OR, MW_RED_XOR};
    st->reduction = st->release_semaphore && (launch & 2);
    st->reduction_op = op_of[(launch >> 13) & 7];
    st->reduction_signed = ((launch >> 2) & 3) == 1;
    if (st->reduction && ((launch >> 2) & 3) > 1)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_BAD_DATA,
                          "maxwell: inline-to-memory to 0x%010llx: LAUNCH_DMA 0x%08x REDUCTION_FORMAT %u is neither "
                          "UNSIGNED_32 nor SIGNED_32; nothing written",
                          (unsigned long long)st->va, launch, (launch >> 2) & 3);
    if (st->block_linear) {
        glhle_result r = mw_block_size_decode(R(DST_BLOCK_SIZE), &st->bl_bh, &st->bl_bd, "inline-to-memory", io);
        if (r != GLHLE_RESULT_OK)
            return r;
        st->bl_width = R(DST_WIDTH);
        st->bl_height = R(DST_HEIGHT);
        st->bl_depth = R(DST_DEPTH);
        st->layer = R(DST_LAYER);
        st->origin_x = R(DST_ORIGIN_BYTES_X) & 0x1FFFFF;
        st->origin_y = R(DST_ORIGIN_SAMPLES_Y) & 0x1FFFF;
        if (st->total && ((uint64_t)st->origin_x + st->line_length > st->bl_width ||
                          (uint64_t)st->origin_y + st->line_count > st->bl_height || st->layer >= st->bl_depth))
            return GLHLE_FAIL(io->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                              "maxwell: inline-to-memory %ux%u at (%u,%u) layer %u leaves the %ux%ux%u block-linear "
                              "surface at 0x%010llx",
                              st->line_length, st->line_count, st->origin_x, st->origin_y, st->layer, st->bl_width,
                              st->bl_height, st->bl_depth, (unsigned long long)st->va);
        if (st->total) {
            mw_bl_geom g;
            r = mw_bl_geom_init(&g, st->bl_width, st->bl_height, st->bl_depth, st->bl_bh, st->bl_bd, io->log);
            if (r != GLHLE_RESULT_OK)
                return r;
        }
    }
    if (!st->total)
        return complete(st, io);
    mw_surface s;
    surface_of(st, &s);
    uint64_t lo, hi;
    glhle_result r = mw_surface_range(&s, st->origin_x, st->origin_y, st->line_length, st->line_count,
                                      "inline-to-memory destination", io, &lo, &hi);
    if (r == GLHLE_RESULT_OK)
        r = mw_surface_check_kind(st->block_linear, lo, hi, "inline-to-memory destination", io);
    if (r != GLHLE_RESULT_OK)
        return r;
    st->lo = lo;
    st->hi = hi;
    st->active = true;
    return GLHLE_RESULT_OK;
}

glhle_result mw_i2m_data(mw_i2m *st, uint32_t word, const mw_mem_io *io)
{
    if (!st->active)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_BAD_DATA,
                          "maxwell: LOAD_INLINE_DATA 0x%08x with no inline-to-memory transfer in progress; dropped", word);
    mw_surface s;
    surface_of(st, &s);
    uint32_t n = st->total - st->done < 4 ? (uint32_t)(st->total - st->done) : 4;
    uint8_t bytes[4];
    memcpy(bytes, &word, 4);
    /* consecutive bytes that land on consecutive addresses go in one write */
    uint32_t i = 0;
    while (i < n) {
        uint64_t pos = st->done + i;
        uint32_t y = (uint32_t)(pos / st->line_length), x = (uint32_t)(pos % st->line_length);
        uint64_t va = s.va + (uint64_t)mw_surface_offset(&s, st->origin_x + x, st->origin_y + y);
        uint32_t run = 1;
        while (i + run < n) {
            uint64_t p2 = pos + run;
            uint32_t y2 = (uint32_t)(p2 / st->line_length), x2 = (uint32_t)(p2 % st->line_length);
            if (s.va + (uint64_t)mw_surface_offset(&s, st->origin_x + x2, st->origin_y + y2) != va + run)
                break;
            run++;
        }
        if (!io->write(io->user, va, bytes + i, run)) {
            st->active = false;
            st->error = GLHLE_RESULT_OUT_OF_BOUNDS;
            return GLHLE_FAIL(io->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                              "maxwell: inline-to-memory write of %u bytes at 0x%010llx faults; transfer ended", run,
                              (unsigned long long)va);
        }
        i += run;
    }
    st->done += n;
    return st->done == st->total ? complete(st, io) : GLHLE_RESULT_OK;
}
