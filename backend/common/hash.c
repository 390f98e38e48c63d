#include "backend/common/hash.h"

#define XXH_STATIC_LINKING_ONLY /* XXH3_state_t layout, for a stack-allocated state */
#include <xxhash.h>

_Static_assert(sizeof(XXH3_state_t) <= sizeof(((glhle_hash_state *)0)->opaque),
               "glhle_hash_state too small for this libxxhash");
_Static_assert(_Alignof(XXH3_state_t) <= 64, "glhle_hash_state under-aligned");

uint64_t glhle_hash64(const void *data, size_t size)
{
    return XXH3_64bits(data, size);
}

uint64_t glhle_hash64_seed(const void *data, size_t size, uint64_t seed)
{
    return XXH3_64bits_withSeed(data, size, seed);
}

void glhle_hash_begin(glhle_hash_state *st, uint64_t seed)
{
    XXH3_state_t *s = (XXH3_state_t *)st->opaque;
    XXH3_INITSTATE(s);
    XXH3_64bits_reset_withSeed(s, seed);
}

void glhle_hash_update(glhle_hash_state *st, const void *data, size_t size)
{
    XXH3_64bits_update((XXH3_state_t *)st->opaque, data, size);
}

uint64_t glhle_hash_end(const glhle_hash_state *st)
{
    return XXH3_64bits_digest((const XXH3_state_t *)st->opaque);
}
