/* XXH3-64 over libxxhash: the one hash for keys, caches and program ids. */
#ifndef GLHLE_COMMON_HASH_H
#define GLHLE_COMMON_HASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t glhle_hash64(const void *data, size_t size);
uint64_t glhle_hash64_seed(const void *data, size_t size, uint64_t seed);

/* Streaming form, for data that arrives in pieces; the result equals
 * glhle_hash64_seed over the concatenation. The state is opaque storage
 * large enough for XXH3_state_t, so it can live on the stack. */
typedef struct glhle_hash_state {
    _Alignas(64) unsigned char opaque[640];
} glhle_hash_state;

void glhle_hash_begin(glhle_hash_state *st, uint64_t seed);
void glhle_hash_update(glhle_hash_state *st, const void *data, size_t size);
uint64_t glhle_hash_end(const glhle_hash_state *st);

#endif
