/* GPU virtual address space: sorted, disjoint mappings and checked copies. */
#include "backend/maxwell/memory/address_space.h"

#include <stdlib.h>
#include <string.h>

glhle_result mw_as_init(mw_address_space *as, uint32_t cap)
{
    memset(as, 0, sizeof *as);
    as->maps = calloc(cap ? cap : 1, sizeof *as->maps);
    if (!as->maps)
        return GLHLE_RESULT_OUT_OF_MEMORY;
    as->cap = cap;
    return GLHLE_RESULT_OK;
}

void mw_as_fini(mw_address_space *as)
{
    free(as->maps);
    memset(as, 0, sizeof *as);
}

/* Index of the first mapping that ends after va (maps[i].va + size > va). */
static uint32_t first_ending_after(const mw_address_space *as, uint64_t va)
{
    uint32_t lo = 0, hi = as->count;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        const mw_mapping *m = &as->maps[mid];
        if (m->va + m->size <= va)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

glhle_result mw_as_map(mw_address_space *as, uint64_t va, void *host, uint64_t size, uint8_t kind,
                       const glhle_logger *log)
{
    if (!host || !size)
        return GLHLE_FAIL(log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: map of GPU 0x%010llx: %s; not mapped", (unsigned long long)va,
                          host ? "size 0" : "NULL host pointer");
    if (va >= MW_VA_LIMIT || size > MW_VA_LIMIT - va)
        return GLHLE_FAIL(log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: map of GPU 0x%llx, %llu bytes, passes the 40-bit address space; not mapped",
                          (unsigned long long)va, (unsigned long long)size);
    const uint32_t i = first_ending_after(as, va);
    if (i < as->count && as->maps[i].va < va + size)
        return GLHLE_FAIL(log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: map of GPU 0x%010llx-0x%010llx overlaps the mapping at 0x%010llx-0x%010llx; "
                          "unmap it first",
                          (unsigned long long)va, (unsigned long long)(va + size - 1),
                          (unsigned long long)as->maps[i].va,
                          (unsigned long long)(as->maps[i].va + as->maps[i].size - 1));
    if (as->count == as->cap)
        return GLHLE_FAIL(log, GLHLE_RESULT_OUT_OF_MEMORY,
                          "maxwell: map of GPU 0x%010llx: all %u mapping slots are in use; not mapped",
                          (unsigned long long)va, as->cap);
    memmove(&as->maps[i + 1], &as->maps[i], (as->count - i) * sizeof *as->maps);
    as->maps[i] = (mw_mapping){va, size, host, kind};
    as->count++;
    as->generation++;
    return GLHLE_RESULT_OK;
}

glhle_result mw_as_unmap(mw_address_space *as, uint64_t va, uint64_t size, const glhle_logger *log)
{
    if (!size || va >= MW_VA_LIMIT)
        return GLHLE_RESULT_NOT_FOUND;
    if (size > MW_VA_LIMIT - va)
        size = MW_VA_LIMIT - va;
    const uint64_t end = va + size;
    uint32_t i = first_ending_after(as, va);
    if (i == as->count || as->maps[i].va >= end)
        return GLHLE_RESULT_NOT_FOUND;
    as->generation++; /* (also where a full table refuses the split below: a needless recheck) */
    /* A range strictly inside one mapping splits it: that needs a slot. */
    mw_mapping *m = &as->maps[i];
    if (m->va < va && m->va + m->size > end) {
        if (as->count == as->cap)
            return GLHLE_FAIL(log, GLHLE_RESULT_OUT_OF_MEMORY,
                              "maxwell: unmap of GPU 0x%010llx-0x%010llx splits a mapping but all %u slots are in "
                              "use; nothing unmapped",
                              (unsigned long long)va, (unsigned long long)(end - 1), as->cap);
        memmove(&as->maps[i + 1], &as->maps[i], (as->count - i) * sizeof *as->maps);
        as->count++;
        mw_mapping *lo = &as->maps[i], *hi = &as->maps[i + 1];
        hi->va = end;
        hi->host = lo->host + (end - lo->va);
        hi->size = lo->va + lo->size - end;
        lo->size = va - lo->va;
        return GLHLE_RESULT_OK;
    }
    if (m->va < va) { /* trim the tail of the first one */
        m->size = va - m->va;
        i++;
    }
    uint32_t j = i;
    while (j < as->count && as->maps[j].va + as->maps[j].size <= end)
        j++;
    if (j < as->count && as->maps[j].va < end) { /* trim the head of the last one */
        mw_mapping *t = &as->maps[j];
        const uint64_t cut = end - t->va;
        t->va = end;
        t->host += cut;
        t->size -= cut;
    }
    memmove(&as->maps[i], &as->maps[j], (as->count - j) * sizeof *as->maps);
    as->count -= j - i;
    return GLHLE_RESULT_OK;
}

const mw_mapping *mw_as_find(const mw_address_space *as, uint64_t va)
{
    /* the mapping the last lookup found, first: a draw's reads mostly fall
     * into the one before's. The mappings are disjoint, so one that holds
     * va is the answer wherever the table's moves have put it. */
    if (as->hint < as->count) {
        const mw_mapping *h = &as->maps[as->hint];
        if (h->va <= va && va - h->va < h->size)
            return h;
    }
    const uint32_t i = first_ending_after(as, va);
    if (i < as->count && as->maps[i].va <= va) {
        ((mw_address_space *)as)->hint = i; /* a guess, not the table: lookups stay const to their callers */
        return &as->maps[i];
    }
    return NULL;
}

uint8_t *mw_as_span(const mw_address_space *as, uint64_t va, uint64_t *avail)
{
    const mw_mapping *m = mw_as_find(as, va);
    if (!m) {
        *avail = 0;
        return NULL;
    }
    *avail = m->va + m->size - va;
    return m->host + (va - m->va);
}

uint8_t *mw_as_ptr(const mw_address_space *as, uint64_t va, uint64_t size)
{
    uint64_t avail;
    uint8_t *p = mw_as_span(as, va, &avail);
    return p && avail >= size ? p : NULL;
}

bool mw_as_mapped(const mw_address_space *as, uint64_t va, uint64_t size)
{
    while (size) {
        uint64_t avail;
        if (!mw_as_span(as, va, &avail))
            return false;
        if (avail >= size)
            return true;
        va += avail;
        size -= avail;
    }
    return true;
}

uint32_t mw_as_kinds(const mw_address_space *as, uint64_t va, uint64_t size)
{
    uint32_t kinds = 0;
    const uint64_t end = va + size < va ? UINT64_MAX : va + size;
    for (uint32_t i = first_ending_after(as, va); i < as->count && as->maps[i].va < end; i++)
        kinds |= 1u << (as->maps[i].kind & 31);
    return kinds;
}

bool mw_as_read_slow(const mw_address_space *as, uint64_t va, void *dst, size_t size)
{
    uint64_t first;
    const uint8_t *one = mw_as_span(as, va, &first);
    if (one && first >= size) { /* the usual case: inside one mapping */
        memcpy(dst, one, size);
        return true;
    }
    if (!mw_as_mapped(as, va, size))
        return false;
    uint8_t *d = dst;
    while (size) {
        uint64_t avail;
        const uint8_t *p = mw_as_span(as, va, &avail);
        const size_t n = avail < size ? (size_t)avail : size;
        memcpy(d, p, n);
        d += n;
        va += n;
        size -= n;
    }
    return true;
}

bool mw_as_write(const mw_address_space *as, uint64_t va, const void *src, size_t size)
{
    uint64_t first;
    uint8_t *one = mw_as_span(as, va, &first);
    if (one && first >= size) {
        memmove(one, src, size); /* aliases may overlap the source */
        return true;
    }
    if (!mw_as_mapped(as, va, size))
        return false;
    const uint8_t *s = src;
    while (size) {
        uint64_t avail;
        uint8_t *p = mw_as_span(as, va, &avail);
        const size_t n = avail < size ? (size_t)avail : size;
        memmove(p, s, n); /* aliases may overlap the source */
        s += n;
        va += n;
        size -= n;
    }
    return true;
}
