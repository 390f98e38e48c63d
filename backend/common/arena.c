#include "backend/common/arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct glhle_arena_block {
    glhle_arena_block *prev;
    size_t size;   /* usable bytes in data[] */
    size_t offset; /* next free byte */
    _Alignas(16) unsigned char data[];
};

void glhle_arena_init(glhle_arena *a, size_t block_size, size_t capacity)
{
    memset(a, 0, sizeof *a);
    a->block_size = block_size ? block_size : 64 * 1024;
    a->capacity = capacity ? capacity : SIZE_MAX;
}

static void free_blocks_until(glhle_arena *a, glhle_arena_block *keep)
{
    while (a->head && a->head != keep) {
        glhle_arena_block *b = a->head;
        a->head = b->prev;
        a->reserved -= b->size;
        free(b);
    }
}

void glhle_arena_free(glhle_arena *a)
{
    free_blocks_until(a, NULL);
    a->used = 0;
}

static size_t align_up(size_t v, size_t align)
{
    return (v + align - 1) & ~(align - 1);
}

void *glhle_arena_alloc(glhle_arena *a, size_t size, size_t align)
{
    if (align == 0 || (align & (align - 1)) || align > 4096)
        return NULL;
    glhle_arena_block *b = a->head;
    if (b) {
        uintptr_t base = (uintptr_t)b->data;
        size_t start = align_up(base + b->offset, align) - base;
        if (start <= b->size && size <= b->size - start) {
            b->offset = start + size;
            a->used += size;
            if (a->used > a->high_water)
                a->high_water = a->used;
            return b->data + start;
        }
    }
    /* A new block big enough for the request plus worst-case alignment. */
    if (size > SIZE_MAX / 2 - align)
        return NULL;
    size_t need = size + align;
    size_t bsize = need > a->block_size ? need : a->block_size;
    if (bsize > a->capacity || a->reserved > a->capacity - bsize)
        return NULL;
    b = malloc(sizeof *b + bsize);
    if (!b)
        return NULL;
    b->prev = a->head;
    b->size = bsize;
    b->offset = 0;
    a->head = b;
    a->reserved += bsize;
    return glhle_arena_alloc(a, size, align);
}

void *glhle_arena_calloc(glhle_arena *a, size_t count, size_t size, size_t align)
{
    if (size && count > SIZE_MAX / size)
        return NULL;
    void *p = glhle_arena_alloc(a, count * size, align);
    if (p)
        memset(p, 0, count * size);
    return p;
}

char *glhle_arena_strdup(glhle_arena *a, const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = glhle_arena_alloc(a, n, 1);
    if (p)
        memcpy(p, s, n);
    return p;
}

glhle_arena_mark glhle_arena_get_mark(const glhle_arena *a)
{
    glhle_arena_mark m = {a->head, a->head ? a->head->offset : 0, a->used};
    return m;
}

void glhle_arena_rewind(glhle_arena *a, glhle_arena_mark mark)
{
    free_blocks_until(a, mark.block);
    if (a->head)
        a->head->offset = mark.offset;
    a->used = mark.used;
}

void glhle_arena_reset(glhle_arena *a)
{
    glhle_arena_block *first = a->head;
    while (first && first->prev)
        first = first->prev;
    free_blocks_until(a, first);
    if (a->head)
        a->head->offset = 0;
    a->used = 0;
}
