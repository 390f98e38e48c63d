/* Vertex loading: attribute buffers in guest memory (GPUREG_ATTRIBBUFFERS_*
 * and ATTRIBBUFFERi_*), fixed attributes, index buffers, and the
 * post-vertex cache that keeps indexed draws from shading a vertex twice.
 *
 * Facts: 3dbrew GPU/Internal_Registers "Geometry pipeline registers" (the
 * seed), GPU/Pitfalls for the component layout (issue-3's decoder computes
 * each attribute's buffer and byte offset); Azahar video_core/pica/
 * vertex_loader.cpp for what the registers leave open:
 *  - byte, ubyte and short components convert to their integer value as a
 *    float, float components are read as IEEE singles;
 *  - components an attribute does not have read as (x, 0, 0, 1) (hardware:
 *    pica-facts "missing attribute components");
 *  - attributes 12-15 and those in the fixed-attribute mask take their
 *    GPUREG_FIXEDATTRIB value;
 *  - an attribute no loader names keeps what its input register last held
 *    (Azahar logs "vertex retention unimplemented"; here the register is
 *    simply not written).
 * Every read is checked against the guest memory the core mapped: a vertex
 * whose attribute lies outside it is reported and not loaded. */
#ifndef GLHLE_PICA_VERTEX_H
#define GLHLE_PICA_VERTEX_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/pica/frontend/memory.h"
#include "backend/pica/frontend/pica_state.h"

/* One draw's attribute sources, resolved once: each loaded attribute's
 * host pointer (at vertex 0) and how many bytes after it are mapped. */
typedef struct pica_vertex_loader {
    uint8_t attrib_count;        /* attributes per vertex (1-16) */
    uint16_t fixed_mask;         /* bit i: attribute i uses its fixed value */
    uint16_t loaded_mask;        /* bit i: attribute i is read from a buffer */
    uint8_t type[12], components[12], size[12];
    uint32_t stride[12];
    uint8_t buffer[12];          /* its ATTRIBBUFFERi */
    uint32_t offset[12];         /* its byte offset in that buffer's vertex */
    uint32_t address[12];        /* guest address of the attribute in vertex 0 */
    const uint8_t *host[12];     /* host pointer of that address, NULL if unmapped */
    uint64_t mapped[12];         /* bytes mapped from address on (0 if unmapped) */
    float fixed[16][4];
} pica_vertex_loader;

/* Resolves the attribute sources of a draw. */
void pica_vertex_loader_setup(pica_vertex_loader *l, const pica_geometry_state *g, const float fixed[16][4],
                              const pica_memory *mem);

/* Loads vertex `index` (array index, or the index buffer's value) as
 * attribute-order vectors attr[0..attrib_count). Attributes no loader names
 * are left as they were. Returns false, with the first guest address that
 * is not mapped in *bad_address, when an attribute cannot be read; attr is
 * then partly written. */
bool pica_vertex_load(const pica_vertex_loader *l, uint32_t index, float attr[16][4], uint32_t *bad_address);

/* ---- guest bytes for the host's vertex fetch ----
 * What a GL draw reads instead of pica_vertex_load: per attribute buffer,
 * the bytes of vertices first..last (one vertex's worth for stride 0),
 * from its attribute with the lowest offset to the end of the one that
 * ends last, and where each loaded attribute lies in them. */
typedef struct pica_vertex_span {
    const uint8_t *host; /* the first attribute's bytes in vertex `first` */
    uint32_t bytes, stride;
} pica_vertex_span;

typedef struct pica_vertex_fetch {
    uint32_t first, last;        /* vertex index range */
    uint32_t bytes;              /* sum of the spans' bytes */
    uint8_t span_count;
    uint8_t attrib_span[12];     /* loaded attribute i: its span */
    uint32_t attrib_rel[12];     /* and its byte offset in the span's vertex */
    pica_vertex_span span[12];
} pica_vertex_fetch;

/* Fills f for vertices first..last. Returns false when some byte of them
 * is not mapped contiguously with its buffer's first attribute (the CPU
 * loader then reports the vertex) or the spans pass max_bytes. */
bool pica_vertex_fetch_ranges(const pica_vertex_loader *l, uint32_t first, uint32_t last, uint32_t max_bytes,
                              pica_vertex_fetch *f);

/* ---- the post-vertex cache ----
 * Maps a 16-bit vertex index to the slot its shaded result went to. Every
 * index has its own entry (no collisions), validated by a generation stamp,
 * so clearing is O(1) and an indexed draw shades each index once per
 * output chunk. GPUREG_POST_VERTEX_CACHE_NUM's size (4 or 0x84 on real
 * software) is not modelled: shading is deterministic in its inputs, so the
 * only difference would be the number of invocations. */
typedef struct pica_vertex_cache {
    uint32_t *stamp; /* 65536 */
    uint32_t *slot;  /* 65536 */
    uint32_t generation;
} pica_vertex_cache;

bool pica_vertex_cache_init(pica_vertex_cache *c);
void pica_vertex_cache_free(pica_vertex_cache *c);
void pica_vertex_cache_clear(pica_vertex_cache *c);
static inline bool pica_vertex_cache_find(const pica_vertex_cache *c, uint32_t index, uint32_t *slot)
{
    index &= 0xFFFF;
    if (c->stamp[index] != c->generation)
        return false;
    *slot = c->slot[index];
    return true;
}
static inline void pica_vertex_cache_put(pica_vertex_cache *c, uint32_t index, uint32_t slot)
{
    index &= 0xFFFF;
    c->stamp[index] = c->generation;
    c->slot[index] = slot;
}

#endif
