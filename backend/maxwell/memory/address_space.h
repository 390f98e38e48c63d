/* The GPU virtual address space of one Maxwell channel: 40-bit GPU
 * addresses mapped onto host memory with a memory kind.
 *
 * GM20B translates 40-bit virtual addresses (nvgpu NVGPU_GPU_VA_BITS; the
 * GP_ENTRY and every *_UPPER method field carry bits 32-39). Mappings are
 * kept sorted by GPU address and never overlap there; host ranges may
 * repeat (aliases of the same bytes). Lookups are a binary search after a first try of the mapping the last one found (`hint`). Every
 * access is checked byte for byte against the mappings: an access that
 * touches an unmapped byte copies nothing and returns false. */
#ifndef GLHLE_MAXWELL_ADDRESS_SPACE_H
#define GLHLE_MAXWELL_ADDRESS_SPACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "backend/common/log.h"

#define MW_VA_BITS 40
#define MW_VA_LIMIT (1ull << MW_VA_BITS)

typedef struct mw_mapping {
    uint64_t va;
    uint64_t size;
    uint8_t *host;
    uint8_t kind; /* glhle_maxwell_kind */
} mw_mapping;

typedef struct mw_address_space {
    mw_mapping *maps; /* sorted by va, disjoint */
    uint32_t count;
    uint32_t cap;     /* fixed at init: the mapping table never grows */
    uint64_t generation; /* moves with every map and unmap (what a lookup finds may change) */
    uint32_t hint;       /* the index the last lookup found (mw_as_find's first guess; checked, never trusted) */
} mw_address_space;

/* Allocates room for `cap` mappings (OUT_OF_MEMORY if that fails). */
glhle_result mw_as_init(mw_address_space *as, uint32_t cap);
void mw_as_fini(mw_address_space *as);

/* INVALID_ARGUMENT: NULL host, size 0, past 2^40, or overlapping a mapping;
 * OUT_OF_MEMORY: the table is full. Each failure is logged. */
glhle_result mw_as_map(mw_address_space *as, uint64_t va, void *host, uint64_t size, uint8_t kind,
                       const glhle_logger *log);
/* Unmaps [va, va + size), trimming and splitting mappings at its ends;
 * NOT_FOUND when no byte of it was mapped; OUT_OF_MEMORY when a split
 * needs a slot and the table is full (nothing changes then). */
glhle_result mw_as_unmap(mw_address_space *as, uint64_t va, uint64_t size, const glhle_logger *log);

/* The mapping holding va, or NULL. */
const mw_mapping *mw_as_find(const mw_address_space *as, uint64_t va);
/* Host pointer of va and the bytes that follow it in the same mapping
 * (*avail), or NULL when va is unmapped. */
uint8_t *mw_as_span(const mw_address_space *as, uint64_t va, uint64_t *avail);
/* Host pointer for the whole of [va, va + size) when it lies in one
 * mapping, else NULL. */
uint8_t *mw_as_ptr(const mw_address_space *as, uint64_t va, uint64_t size);
/* Whether every byte of [va, va + size) is mapped (across adjacent mappings). */
bool mw_as_mapped(const mw_address_space *as, uint64_t va, uint64_t size);
/* Bit (1 << kind) for the kind of every mapping that holds a byte of
 * [va, va + size); 0 when none does. */
uint32_t mw_as_kinds(const mw_address_space *as, uint64_t va, uint64_t size);
/* Copies that may cross from one mapping into an adjacent one; false (and
 * nothing copied) when any byte is unmapped. */
bool mw_as_read_slow(const mw_address_space *as, uint64_t va, void *dst, size_t size);
static inline bool mw_as_read(const mw_address_space *as, uint64_t va, void *dst, size_t size)
{
    /* the usual case inline: all of it inside the mapping the last lookup found */
    if (as->hint < as->count) {
        const mw_mapping *h = &as->maps[as->hint];
        if (h->va <= va && va - h->va < h->size && size <= h->size - (va - h->va)) {
            memcpy(dst, h->host + (va - h->va), size);
            return true;
        }
    }
    return mw_as_read_slow(as, va, dst, size);
}
bool mw_as_write(const mw_address_space *as, uint64_t va, const void *src, size_t size);

#endif
