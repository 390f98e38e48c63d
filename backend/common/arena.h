/* Arena (bump) allocator with a hard capacity, for per-frame and per-parse
 * scratch memory: allocation is a pointer bump, freeing is a reset or a
 * rewind to a mark, and no request can grow it past its budget. */
#ifndef GLHLE_COMMON_ARENA_H
#define GLHLE_COMMON_ARENA_H

#include <stdbool.h>
#include <stddef.h>

typedef struct glhle_arena_block glhle_arena_block;

typedef struct glhle_arena {
    glhle_arena_block *head;  /* current block; older blocks follow ->prev */
    size_t block_size;        /* size of blocks allocated on demand */
    size_t capacity;          /* most bytes the arena may hold in blocks */
    size_t reserved;          /* bytes held in blocks now */
    size_t used;              /* bytes handed out since the last reset */
    size_t high_water;        /* largest `used` seen */
} glhle_arena;

/* A position to rewind to; valid until an earlier mark is rewound or reset. */
typedef struct glhle_arena_mark {
    glhle_arena_block *block;
    size_t offset;
    size_t used;
} glhle_arena_mark;

/* block_size 0 -> 64 KiB; capacity 0 -> unlimited (SIZE_MAX). Allocates nothing yet. */
void glhle_arena_init(glhle_arena *a, size_t block_size, size_t capacity);
void glhle_arena_free(glhle_arena *a);

/* Returns size bytes aligned to align (a power of two up to 4096), or NULL if
 * the capacity would be exceeded, align is invalid or malloc fails.
 * alloc(0) returns a valid unique-enough non-NULL pointer. */
void *glhle_arena_alloc(glhle_arena *a, size_t size, size_t align);
void *glhle_arena_calloc(glhle_arena *a, size_t count, size_t size, size_t align);
/* Copies a NUL-terminated string into the arena. */
char *glhle_arena_strdup(glhle_arena *a, const char *s);

glhle_arena_mark glhle_arena_get_mark(const glhle_arena *a);
void glhle_arena_rewind(glhle_arena *a, glhle_arena_mark mark);
/* Forgets every allocation; keeps the first block, frees the others. */
void glhle_arena_reset(glhle_arena *a);

#define GLHLE_ARENA_NEW(a, type) ((type *)glhle_arena_calloc((a), 1, sizeof(type), _Alignof(type)))
#define GLHLE_ARENA_ARRAY(a, type, n) ((type *)glhle_arena_calloc((a), (n), sizeof(type), _Alignof(type)))

#endif
