/* Surface spans and staging for the engines (see surface_io.h). */
#include "backend/maxwell/engines/surface_io.h"

#include <stdlib.h>
#include <string.h>

#define VA_LIMIT (1ull << 40)

glhle_result mw_surface_range(const mw_surface *s, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                              const char *what, const mw_mem_io *io, uint64_t *lo, uint64_t *hi)
{
    int64_t first, last;
    if (s->block_linear) {
        mw_bl_box box = {x, y, s->layer, w, h, 1};
        uint64_t f, e;
        mw_bl_box_range(&s->geom, &box, &f, &e);
        first = (int64_t)f;
        last = (int64_t)e;
    } else {
        /* rows y .. y+h-1 at pitch p (either sign); |p| <= 2^31 and y, h
         * < 2^32, so each product below fits before it is used */
        uint64_t ap = s->pitch < 0 ? (uint64_t)(-s->pitch) : (uint64_t)s->pitch;
        if ((uint64_t)(h - 1) * ap > MW_ENGINE_MAX_BYTES)
            return GLHLE_FAIL(io->log, GLHLE_RESULT_LIMIT_EXCEEDED,
                              "maxwell: %s at 0x%010llx: %u rows of pitch %lld span more than the %u bytes an "
                              "operation may stage",
                              what, (unsigned long long)s->va, h, (long long)s->pitch, MW_ENGINE_MAX_BYTES);
        if ((uint64_t)y * ap > 2 * VA_LIMIT)
            return GLHLE_FAIL(io->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                              "maxwell: %s at 0x%010llx: row %u of pitch %lld is outside the 40-bit address space",
                              what, (unsigned long long)s->va, y, (long long)s->pitch);
        int64_t r0 = (int64_t)y * s->pitch, r1 = (int64_t)(y + (uint64_t)h - 1) * s->pitch;
        first = (r0 < r1 ? r0 : r1) + x;
        last = (r0 < r1 ? r1 : r0) + x + w;
    }
    if (last - first > (int64_t)MW_ENGINE_MAX_BYTES)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_LIMIT_EXCEEDED,
                          "maxwell: %s at 0x%010llx spans %lld bytes, more than the %u an operation may stage", what,
                          (unsigned long long)s->va, (long long)(last - first), MW_ENGINE_MAX_BYTES);
    if ((first < 0 && (uint64_t)-first > s->va) || s->va + (uint64_t)first >= VA_LIMIT ||
        (uint64_t)((int64_t)s->va + last) > VA_LIMIT)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "maxwell: %s at 0x%010llx reaches offsets %lld..%lld, outside the 40-bit address space",
                          what, (unsigned long long)s->va, (long long)first, (long long)last);
    *lo = (uint64_t)((int64_t)s->va + first);
    *hi = (uint64_t)((int64_t)s->va + last);
    return GLHLE_RESULT_OK;
}

static const char *kinds_name(uint32_t kinds)
{
    const bool pitch = kinds & MW_KIND_BIT(MW_KIND_PITCH), bl = kinds & MW_KINDS_BLOCK_LINEAR;
    return pitch && bl ? "both pitch- and block-linear-kind" : pitch ? "pitch-kind" : "block-linear-kind";
}

glhle_result mw_surface_check_kind(bool block_linear, uint64_t lo, uint64_t hi, const char *what,
                                   const mw_mem_io *io)
{
    if (!io->kinds || hi <= lo)
        return GLHLE_RESULT_OK;
    const uint32_t kinds = io->kinds(io->user, lo, hi - lo);
    const uint32_t wanted = block_linear ? MW_KINDS_BLOCK_LINEAR : MW_KIND_BIT(MW_KIND_PITCH);
    if (!kinds || !(kinds & ~wanted))
        return GLHLE_RESULT_OK;
    return GLHLE_FAIL(io->log, GLHLE_RESULT_BAD_DATA,
                      "maxwell: %s at 0x%010llx-0x%010llx: a %s surface in %s memory; nothing written", what,
                      (unsigned long long)lo, (unsigned long long)hi, block_linear ? "block-linear" : "pitch",
                      kinds_name(kinds));
}

glhle_result mw_span_read(mw_span *sp, uint64_t lo, uint64_t hi, const char *what, const mw_mem_io *io)
{
    sp->va = lo;
    sp->size = (size_t)(hi - lo);
    sp->buf = malloc(sp->size ? sp->size : 1); /* the read fills it all */
    if (!sp->buf)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: cannot stage %zu bytes at 0x%010llx",
                          sp->size, (unsigned long long)lo);
    if (sp->size && !io->read(io->user, lo, sp->buf, sp->size)) {
        mw_span_free(sp);
        return GLHLE_FAIL(io->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "maxwell: %s: read of %zu bytes at 0x%010llx faults", what, (size_t)(hi - lo),
                          (unsigned long long)lo);
    }
    return GLHLE_RESULT_OK;
}

glhle_result mw_span_write(const mw_span *sp, const char *what, const mw_mem_io *io)
{
    if (sp->size && !io->write(io->user, sp->va, sp->buf, sp->size))
        return GLHLE_FAIL(io->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "maxwell: %s: write of %zu bytes at 0x%010llx faults", what, sp->size,
                          (unsigned long long)sp->va);
    return GLHLE_RESULT_OK;
}

void mw_span_free(mw_span *sp)
{
    free(sp->buf);
    sp->buf = NULL;
    sp->size = 0;
}

glhle_result mw_block_size_decode(uint32_t v, uint32_t *bh, uint32_t *bd, const char *what, const mw_mem_io *io)
{
    *bh = (v >> 4) & 0xF;
    *bd = (v >> 8) & 0xF;
    if (*bh > MW_BL_MAX_LOG2 || *bd > MW_BL_MAX_LOG2)
        return GLHLE_FAIL(io->log, GLHLE_RESULT_BAD_DATA,
                          "maxwell: %s block size 0x%08x: height 2^%u / depth 2^%u GOBs, the class allows up to 2^5",
                          what, v, *bh, *bd);
    return GLHLE_RESULT_OK;
}

bool mw_reduce32(uint32_t op, bool is_signed, uint32_t old, uint32_t payload, uint32_t *out)
{
    const int32_t so = (int32_t)old, sp = (int32_t)payload;
    *out = old;
    switch (op) {
    case MW_RED_MIN: *out = is_signed ? (uint32_t)(so < sp ? so : sp) : (old < payload ? old : payload); return true;
    case MW_RED_MAX: *out = is_signed ? (uint32_t)(so > sp ? so : sp) : (old > payload ? old : payload); return true;
    case MW_RED_XOR: *out = old ^ payload; return true;
    case MW_RED_AND: *out = old & payload; return true;
    case MW_RED_OR: *out = old | payload; return true;
    case MW_RED_ADD: *out = old + payload; return true;
    case MW_RED_INC: *out = old >= payload ? 0 : old + 1; return true;
    case MW_RED_DEC: *out = (old == 0 || old > payload) ? payload : old - 1; return true;
    case MW_RED_FADD: {
        float a, b;
        memcpy(&a, &old, 4);
        memcpy(&b, &payload, 4);
        volatile float sum = a + b; /* binary32, not a wider evaluation */
        const float f = sum;
        memcpy(out, &f, 4);
        return true;
    }
    default: return false;
    }
}

glhle_result mw_semaphore_reduce(uint64_t va, uint32_t op, bool is_signed, uint32_t payload, bool one_word,
                                 const char *what, const mw_mem_io *io)
{
    uint32_t old, v;
    if (!mw_reduce32(op, is_signed, 0, 0, &v))
        return GLHLE_FAIL(io->log, GLHLE_RESULT_BAD_DATA,
                          "maxwell: %s semaphore at 0x%010llx: reduction %u is not defined; nothing released", what,
                          (unsigned long long)va, op);
    if (!io->read(io->user, va, &old, 4))
        return GLHLE_FAIL(io->log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: %s semaphore reduction at 0x%010llx faults",
                          what, (unsigned long long)va);
    mw_reduce32(op, is_signed, old, payload, &v);
    return mw_semaphore_release(va, v, one_word, what, io);
}

glhle_result mw_semaphore_release(uint64_t va, uint32_t payload, bool one_word, const char *what,
                                  const mw_mem_io *io)
{
    uint8_t b[16] = {0};
    memcpy(b, &payload, 4); /* the guest is little-endian, as is every host glhle builds on */
    if (!one_word) {
        uint64_t t = io->timestamp ? io->timestamp(io->user) : 0;
        memcpy(b + 8, &t, 8);
    }
    if (!io->write(io->user, va, b, one_word ? 4 : 16))
        return GLHLE_FAIL(io->log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: %s semaphore release at 0x%010llx faults",
                          what, (unsigned long long)va);
    return GLHLE_RESULT_OK;
}
