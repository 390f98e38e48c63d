/* Guest physical memory as the PICA sees it: the mappings a core registers
 * (glhle_pica_map_memory), and bounds-checked access to them. Every guest
 * address the backend touches -- command buffers, vertex and index arrays,
 * textures, render targets -- goes through here. */
#ifndef GLHLE_PICA_MEMORY_H
#define GLHLE_PICA_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/log.h"

#define PICA_MAX_MAPPINGS 16

typedef struct pica_mapping {
    uint32_t paddr;
    uint32_t size; /* bytes; paddr + size <= 2^32 */
    uint8_t *host;
} pica_mapping;

typedef struct pica_memory {
    pica_mapping map[PICA_MAX_MAPPINGS]; /* sorted by paddr, never overlapping */
    uint32_t count;
} pica_memory;

/* Adds a mapping; INVALID_ARGUMENT (logged) for a NULL host, size 0 or
 * 4 GiB and more, a range past 2^32 or overlapping another mapping, OUT_OF_MEMORY when all slots are
 * used. */
glhle_result pica_memory_map(pica_memory *m, uint32_t paddr, void *host, size_t size, const glhle_logger *lg);
/* Removes the mapping starting at paddr; NOT_FOUND if there is none. */
glhle_result pica_memory_unmap(pica_memory *m, uint32_t paddr);

/* Host pointer to [paddr, paddr + size) if that whole range lies inside one
 * mapping, else NULL. size 0 asks whether paddr is inside a mapping or at
 * its end. */
const uint8_t *pica_memory_ptr(const pica_memory *m, uint32_t paddr, uint32_t size);
uint8_t *pica_memory_ptr_mut(const pica_memory *m, uint32_t paddr, uint32_t size);
/* Bytes mapped from paddr on, within its mapping, and the host pointer of
 * paddr in *host; 0 and NULL when paddr is not inside a mapping. */
uint64_t pica_memory_extent(const pica_memory *m, uint32_t paddr, const uint8_t **host);
/* Copies size bytes from guest memory; false (dst untouched) when the range
 * is not mapped. */
bool pica_memory_read(const pica_memory *m, uint32_t paddr, void *dst, uint32_t size);

#endif
