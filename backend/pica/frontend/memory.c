#include "backend/pica/frontend/memory.h"

#include <string.h>

glhle_result pica_memory_map(pica_memory *m, uint32_t paddr, void *host, size_t size, const glhle_logger *lg)
{
    if (!host || size == 0 || size > 0xFFFFFFFFu || (uint64_t)size > 0x100000000ull - paddr)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: cannot map guest 0x%08x size 0x%zx (host %p): the range must be non-empty, under "
                          "4 GiB, end at or below 2^32 and have host memory; nothing mapped",
                          paddr, size, host);
    uint64_t end = (uint64_t)paddr + size;
    uint32_t at = 0;
    while (at < m->count && m->map[at].paddr < paddr)
        at++;
    /* neighbours in address order must not overlap the new range */
    if (at > 0 && (uint64_t)m->map[at - 1].paddr + m->map[at - 1].size > paddr)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: guest range 0x%08x-0x%09llx overlaps the mapping at 0x%08x; nothing mapped", paddr,
                          (unsigned long long)end, m->map[at - 1].paddr);
    if (at < m->count && m->map[at].paddr < end)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: guest range 0x%08x-0x%09llx overlaps the mapping at 0x%08x; nothing mapped", paddr,
                          (unsigned long long)end, m->map[at].paddr);
    if (m->count == PICA_MAX_MAPPINGS)
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY,
                          "pica: all %d memory mappings are in use; guest 0x%08x not mapped", PICA_MAX_MAPPINGS,
                          paddr);
    memmove(&m->map[at + 1], &m->map[at], (m->count - at) * sizeof m->map[0]);
    m->map[at] = (pica_mapping){paddr, (uint32_t)(end - paddr), host};
    m->count++;
    return GLHLE_RESULT_OK;
}

glhle_result pica_memory_unmap(pica_memory *m, uint32_t paddr)
{
    for (uint32_t i = 0; i < m->count; i++) {
        if (m->map[i].paddr == paddr) {
            memmove(&m->map[i], &m->map[i + 1], (m->count - i - 1) * sizeof m->map[0]);
            m->count--;
            return GLHLE_RESULT_OK;
        }
    }
    return GLHLE_RESULT_NOT_FOUND;
}

uint8_t *pica_memory_ptr_mut(const pica_memory *m, uint32_t paddr, uint32_t size)
{
    for (uint32_t i = 0; i < m->count; i++) {
        const pica_mapping *mp = &m->map[i];
        if (paddr < mp->paddr)
            break; /* sorted: no later mapping can hold it */
        uint32_t off = paddr - mp->paddr;
        if (off <= mp->size && size <= mp->size - off)
            return mp->host + off;
    }
    return NULL;
}

const uint8_t *pica_memory_ptr(const pica_memory *m, uint32_t paddr, uint32_t size)
{
    return pica_memory_ptr_mut(m, paddr, size);
}

uint64_t pica_memory_extent(const pica_memory *m, uint32_t paddr, const uint8_t **host)
{
    for (uint32_t i = 0; i < m->count; i++) {
        const pica_mapping *mp = &m->map[i];
        if (paddr < mp->paddr)
            break; /* sorted: no later mapping can hold it */
        if (paddr - mp->paddr < mp->size) {
            *host = mp->host + (paddr - mp->paddr);
            return (uint64_t)mp->size - (paddr - mp->paddr);
        }
    }
    *host = NULL;
    return 0;
}

bool pica_memory_read(const pica_memory *m, uint32_t paddr, void *dst, uint32_t size)
{
    const uint8_t *p = pica_memory_ptr(m, paddr, size);
    if (!p)
        return false;
    memcpy(dst, p, size);
    return true;
}
