/* From decoded register state (pica_state.h, issue 3's decoders) to the
 * fragment pipeline's inputs: the pica_fs_key (normalised), the std140
 * uniform block and the LUT buffer (pica_fs_uniforms.h).
 *
 * pica_fs_update() is the draw-path entry: it re-derives only what the
 * state's dirty groups touch and says which parts of the GL data changed,
 * without allocating. It does not clear the state's dirty bits; the
 * renderer that owns them does, after it has also consumed its own. */
#ifndef GLHLE_PICA_FS_KEY_DERIVE_H
#define GLHLE_PICA_FS_KEY_DERIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/pica/frontend/pica_state.h"
#include "shadergen/pica_fs_key.h"
#include "shadergen/pica_fs_uniforms.h"

/* The register groups the key depends on. */
#define PICA_FS_KEY_GROUPS                                                                                 \
    (PICA_DIRTY(TEV) | PICA_DIRTY(FOG) | PICA_DIRTY(FRAGOP) | PICA_DIRTY(RASTER) | PICA_DIRTY(TEXTURE) | \
     PICA_DIRTY(PROCTEX) | PICA_DIRTY(LIGHTING) | PICA_DIRTY(FRAMEBUFFER))
/* The register groups the uniform block depends on. */
#define PICA_FS_UNIFORM_GROUPS                                                                                  \
    (PICA_DIRTY(TEV_COLOR) | PICA_DIRTY(FOG) | PICA_DIRTY(FRAGOP) | PICA_DIRTY(RASTER) | PICA_DIRTY(TEXTURE) | \
     PICA_DIRTY(PROCTEX) | PICA_DIRTY(LIGHTING) | PICA_DIRTY(LIGHTS) | PICA_DIRTY(GAS_LUT))

/* The key for the state, normalised (pica_fs_key_normalize). */
void pica_fs_key_from_state(const pica_state *s, pica_fs_key *key);
/* The same before normalisation: the register values as they are. */
void pica_fs_key_fill_from_state(const pica_state *s, pica_fs_key *key);
/* The uniform block for the state. */
void pica_fs_uniforms_from_state(const pica_state *s, pica_fs_uniforms *u);
/* Copies the LUT groups named in `dirty` (PICA_FS_DIRTY_*) from the state. */
void pica_fs_luts_from_state(const pica_state *s, pica_fs_luts *luts, uint64_t dirty);
/* Which PICA_FS_DIRTY_* groups the state's dirty bits touch. */
uint64_t pica_fs_dirty_from_state(const pica_state *s);

/* Normalised keys of recent register-side keys (pica_fs_derive_key). */
#define PICA_FS_MEMO_ENTRIES 64
typedef struct pica_fs_memo_entry {
    pica_fs_key raw, key;
    uint64_t raw_hash, key_hash;
    bool used;
} pica_fs_memo_entry;

/* What a renderer keeps between draws. Zero-initialise, then call
 * pica_fs_update() at every draw. */
typedef struct pica_fs_derived {
    pica_fs_key key;
    uint64_t key_hash;
    pica_fs_uniforms uniforms;
    pica_fs_luts luts;
    bool valid;           /* false until the first update, which derives everything */
    uint64_t memo_misses; /* normalisations run (statistics) */
    const pica_fs_memo_entry *current; /* the memo entry d->key came from, if still there */
    pica_fs_memo_entry memo[PICA_FS_MEMO_ENTRIES];
} pica_fs_derived;

/* Derives the key into d->key / d->key_hash through the memo table; true
 * when it differs from the previous one. */
bool pica_fs_derive_key(pica_fs_derived *d, const pica_state *s);

/* Re-derives the key, uniforms and LUTs the state's dirty groups touch.
 * Returns the PICA_FS_DIRTY_* mask for pica_fs_buffers_update();
 * *key_changed tells whether the key (and so maybe the program) changed. */
uint64_t pica_fs_update(pica_fs_derived *d, const pica_state *s, bool *key_changed);

#endif
