#include "support/pica_ctf_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct element {
    uint32_t type;
    uint32_t w[4];    /* the 16 bytes after the type */
    int data;         /* MemoryLoad: index into the data blobs */
} element;

typedef struct blob {
    uint8_t *bytes;
    uint32_t size;
    uint32_t file_offset;
} blob;

struct ctf_writer {
    bool old_layout;
    uint32_t *region[CTF_REGION_COUNT];
    uint32_t region_n[CTF_REGION_COUNT];
    element *el;
    size_t n, cap;
    blob *blobs;
    size_t nblobs;
};

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p) {
        fprintf(stderr, "ctf_writer: out of memory\n");
        abort();
    }
    return p;
}

ctf_writer *ctf_create(bool old_layout)
{
    ctf_writer *w = xrealloc(NULL, sizeof *w);
    memset(w, 0, sizeof *w);
    w->old_layout = old_layout;
    return w;
}

void ctf_region(ctf_writer *w, int region, const uint32_t *words, uint32_t count)
{
    free(w->region[region]);
    w->region[region] = xrealloc(NULL, count * 4u + 4);
    memcpy(w->region[region], words, count * 4u);
    w->region_n[region] = count;
}

static element *push(ctf_writer *w, uint32_t type)
{
    if (w->n == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 64;
        w->el = xrealloc(w->el, w->cap * sizeof *w->el);
    }
    element *e = &w->el[w->n++];
    memset(e, 0, sizeof *e);
    e->type = type;
    e->data = -1;
    return e;
}

void ctf_frame(ctf_writer *w)
{
    push(w, 0xE1);
}

void ctf_load(ctf_writer *w, uint32_t paddr, const void *data, uint32_t size)
{
    int found = -1;
    for (size_t i = 0; i < w->nblobs; i++)
        if (w->blobs[i].size == size && memcmp(w->blobs[i].bytes, data, size) == 0)
            found = (int)i;
    if (found < 0) {
        w->blobs = xrealloc(w->blobs, (w->nblobs + 1) * sizeof *w->blobs);
        blob *b = &w->blobs[w->nblobs];
        b->bytes = xrealloc(NULL, size + 1u);
        memcpy(b->bytes, data, size);
        b->size = size;
        found = (int)w->nblobs++;
    }
    element *e = push(w, 0xE2);
    e->w[1] = size;
    e->w[2] = paddr;
    e->data = found;
}

void ctf_write32(ctf_writer *w, uint32_t paddr, uint32_t value)
{
    if (w->old_layout) {
        ctf_write_sized(w, paddr, value, 4);
        return;
    }
    element *e = push(w, 0xE3);
    e->w[0] = paddr;
    e->w[1] = value;
}

void ctf_write_sized(ctf_writer *w, uint32_t paddr, uint64_t value, int bytes)
{
    element *e = push(w, 0xE3);
    e->w[0] = paddr;
    e->w[1] = bytes == 1 ? 0xD1 : bytes == 2 ? 0xD2 : bytes == 4 ? 0xD3 : 0xD4;
    e->w[2] = (uint32_t)value;
    e->w[3] = (uint32_t)(value >> 32);
}

void ctf_raw_element(ctf_writer *w, uint32_t type, const uint32_t words[4])
{
    element *e = push(w, type);
    memcpy(e->w, words, sizeof e->w);
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

uint8_t *ctf_finish(ctf_writer *w, size_t *size)
{
    const uint32_t header = 100;
    uint32_t at = header;
    uint32_t offset[CTF_REGION_COUNT];
    for (int r = 0; r < CTF_REGION_COUNT; r++) {
        offset[r] = at;
        at += w->region_n[r] * 4;
    }
    for (size_t i = 0; i < w->nblobs; i++) {
        w->blobs[i].file_offset = at;
        at += w->blobs[i].size;
    }
    const uint32_t stream = at;
    const size_t total = stream + w->n * 20;
    uint8_t *f = xrealloc(NULL, total);
    memset(f, 0, total);
    memcpy(f, "CiTr", 4);
    put32(f + 4, 1);
    put32(f + 8, header);
    for (int r = 0; r < CTF_REGION_COUNT; r++) {
        put32(f + 12 + 8 * r, offset[r]);
        put32(f + 16 + 8 * r, w->region_n[r]);
        for (uint32_t i = 0; i < w->region_n[r]; i++)
            put32(f + offset[r] + 4 * i, w->region[r][i]);
    }
    put32(f + 92, stream);
    put32(f + 96, (uint32_t)w->n);
    for (size_t i = 0; i < w->nblobs; i++)
        memcpy(f + w->blobs[i].file_offset, w->blobs[i].bytes, w->blobs[i].size);
    for (size_t i = 0; i < w->n; i++) {
        uint8_t *e = f + stream + 20 * i;
        element *el = &w->el[i];
        if (el->data >= 0)
            el->w[0] = w->blobs[el->data].file_offset;
        put32(e, el->type);
        for (int k = 0; k < 4; k++)
            put32(e + 4 + 4 * k, el->w[k]);
    }
    *size = total;
    for (int r = 0; r < CTF_REGION_COUNT; r++)
        free(w->region[r]);
    for (size_t i = 0; i < w->nblobs; i++)
        free(w->blobs[i].bytes);
    free(w->blobs);
    free(w->el);
    free(w);
    return f;
}
