#include "backend/pica/shader/vertex.h"

#include <stdlib.h>
#include <string.h>

void pica_vertex_loader_setup(pica_vertex_loader *l, const pica_geometry_state *g, const float fixed[16][4],
                              const pica_memory *mem)
{
    memset(l, 0, sizeof *l);
    l->attrib_count = g->attrib_count ? g->attrib_count : 1;
    if (l->attrib_count > 16)
        l->attrib_count = 16;
    /* attributes 12-15 have no format or loader: always fixed (Azahar
     * IsDefaultAttribute) */
    l->fixed_mask = (uint16_t)(g->fixed_attrib_mask | 0xF000u);
    memcpy(l->fixed, fixed, sizeof l->fixed);
    for (unsigned i = 0; i < 12 && i < l->attrib_count; i++) {
        if ((l->fixed_mask >> i) & 1 || g->attrib_buffer[i] == PICA_NO_BUFFER)
            continue;
        const pica_attrib_buffer *b = &g->buffer[g->attrib_buffer[i]];
        l->loaded_mask |= (uint16_t)(1u << i);
        l->type[i] = g->attrib[i].type;
        l->components[i] = g->attrib[i].components;
        l->size[i] = g->attrib[i].size;
        l->stride[i] = b->stride;
        l->buffer[i] = g->attrib_buffer[i];
        l->offset[i] = g->attrib_offset[i];
        l->address[i] = b->address + g->attrib_offset[i];
        l->mapped[i] = pica_memory_extent(mem, l->address[i], &l->host[i]);
    }
}

bool pica_vertex_load(const pica_vertex_loader *l, uint32_t index, float attr[16][4], uint32_t *bad_address)
{
    for (unsigned i = 0; i < l->attrib_count; i++) {
        if ((l->fixed_mask >> i) & 1) {
            memcpy(attr[i], l->fixed[i], sizeof attr[i]);
            continue;
        }
        if (!((l->loaded_mask >> i) & 1))
            continue;
        uint64_t at = (uint64_t)l->stride[i] * index;
        if (at + l->size[i] > l->mapped[i]) {
            *bad_address = l->address[i] + (uint32_t)at;
            return false;
        }
        const uint8_t *p = l->host[i] + at;
        unsigned n = l->components[i];
        float *a = attr[i];
        a[0] = 0.0f, a[1] = 0.0f, a[2] = 0.0f, a[3] = 1.0f; /* what a short attribute lacks */
        /* the 3DS and glhle's hosts are little-endian: components are read as stored */
        switch (l->type[i]) {
        case PICA_ATTRIB_BYTE:
            for (unsigned c = 0; c < n; c++)
                a[c] = (float)(int8_t)p[c];
            break;
        case PICA_ATTRIB_UBYTE:
            for (unsigned c = 0; c < n; c++)
                a[c] = (float)p[c];
            break;
        case PICA_ATTRIB_SHORT:
            for (unsigned c = 0; c < n; c++) {
                int16_t v;
                memcpy(&v, p + 2 * c, 2);
                a[c] = (float)v;
            }
            break;
        default:
            memcpy(a, p, 4u * n);
            break;
        }
    }
    return true;
}

bool pica_vertex_fetch_ranges(const pica_vertex_loader *l, uint32_t first, uint32_t last, uint32_t max_bytes,
                              pica_vertex_fetch *f)
{
    memset(f, 0, sizeof *f);
    f->first = first;
    f->last = last;
    uint8_t span_of_buffer[16];
    memset(span_of_buffer, 0xFF, sizeof span_of_buffer);
    uint32_t lo_attr[12], hi_end[12];
    for (unsigned i = 0; i < 12 && i < l->attrib_count; i++) {
        if (!((l->loaded_mask >> i) & 1))
            continue;
        unsigned b = l->buffer[i] & 15u, s = span_of_buffer[b];
        if (s == 0xFF) {
            s = span_of_buffer[b] = f->span_count++;
            lo_attr[s] = i;
            hi_end[s] = 0;
        }
        if (l->offset[i] < l->offset[lo_attr[s]])
            lo_attr[s] = i;
        if (l->offset[i] + l->size[i] > hi_end[s])
            hi_end[s] = l->offset[i] + l->size[i];
        f->attrib_span[i] = (uint8_t)s;
    }
    uint64_t total = 0;
    for (unsigned s = 0; s < f->span_count; s++) {
        const unsigned i0 = lo_attr[s];
        const uint64_t stride = l->stride[i0], at = stride * first;
        const uint64_t bytes = stride * (last - first) + (hi_end[s] - l->offset[i0]);
        if (!l->host[i0] || at + bytes > l->mapped[i0])
            return false;
        f->span[s] = (pica_vertex_span){l->host[i0] + at, (uint32_t)bytes, (uint32_t)stride};
        total += bytes;
        if (total > max_bytes)
            return false;
    }
    for (unsigned i = 0; i < 12 && i < l->attrib_count; i++)
        if ((l->loaded_mask >> i) & 1)
            f->attrib_rel[i] = l->offset[i] - l->offset[lo_attr[f->attrib_span[i]]];
    f->bytes = (uint32_t)total;
    return true;
}

bool pica_vertex_cache_init(pica_vertex_cache *c)
{
    c->stamp = calloc(65536, sizeof *c->stamp);
    c->slot = calloc(65536, sizeof *c->slot);
    c->generation = 1;
    if (!c->stamp || !c->slot) {
        pica_vertex_cache_free(c);
        return false;
    }
    return true;
}

void pica_vertex_cache_free(pica_vertex_cache *c)
{
    free(c->stamp);
    free(c->slot);
    c->stamp = c->slot = NULL;
}

void pica_vertex_cache_clear(pica_vertex_cache *c)
{
    if (++c->generation == 0) { /* the stamp wrapped: forget every entry */
        memset(c->stamp, 0, 65536 * sizeof *c->stamp);
        c->generation = 1;
    }
}
