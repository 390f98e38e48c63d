#include "backend/common/bytebuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_LIMIT ((size_t)1 << 30)

void glhle_bytebuf_init(glhle_bytebuf *b, size_t limit)
{
    memset(b, 0, sizeof *b);
    b->limit = limit ? limit : DEFAULT_LIMIT;
}

void glhle_bytebuf_free(glhle_bytebuf *b)
{
    free(b->data);
    size_t limit = b->limit;
    glhle_bytebuf_init(b, limit);
}

void glhle_bytebuf_clear(glhle_bytebuf *b)
{
    b->size = 0;
    b->failed = false;
    if (b->data)
        b->data[0] = 0;
}

bool glhle_bytebuf_reserve(glhle_bytebuf *b, size_t extra)
{
    if (b->failed)
        return false;
    if (b->limit == 0)
        b->limit = DEFAULT_LIMIT;
    /* one spare byte keeps room for the NUL of the text helpers */
    if (extra > b->limit || b->size > b->limit - extra) {
        b->failed = true;
        return false;
    }
    size_t need = b->size + extra + 1;
    if (need <= b->capacity)
        return true;
    size_t cap = b->capacity ? b->capacity : 64;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    if (cap > b->limit + 1)
        cap = b->limit + 1;
    uint8_t *p = realloc(b->data, cap);
    if (!p) {
        b->failed = true;
        return false;
    }
    b->data = p;
    b->capacity = cap;
    return true;
}

bool glhle_bytebuf_append(glhle_bytebuf *b, const void *data, size_t size)
{
    if (!glhle_bytebuf_reserve(b, size))
        return false;
    if (size)
        memcpy(b->data + b->size, data, size);
    b->size += size;
    b->data[b->size] = 0;
    return true;
}

bool glhle_bytebuf_append_u8(glhle_bytebuf *b, uint8_t v)
{
    return glhle_bytebuf_append(b, &v, 1);
}

bool glhle_bytebuf_append_le32(glhle_bytebuf *b, uint32_t v)
{
    uint8_t le[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    return glhle_bytebuf_append(b, le, 4);
}

void *glhle_bytebuf_extend(glhle_bytebuf *b, size_t size)
{
    if (!glhle_bytebuf_reserve(b, size))
        return NULL;
    uint8_t *p = b->data + b->size;
    memset(p, 0, size + 1);
    b->size += size;
    return p;
}

bool glhle_bytebuf_vprintf(glhle_bytebuf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0 || !glhle_bytebuf_reserve(b, (size_t)n))
        return false;
    vsnprintf((char *)b->data + b->size, (size_t)n + 1, fmt, ap);
    b->size += (size_t)n;
    return true;
}

bool glhle_bytebuf_printf(glhle_bytebuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool ok = glhle_bytebuf_vprintf(b, fmt, ap);
    va_end(ap);
    return ok;
}

const char *glhle_bytebuf_cstr(glhle_bytebuf *b)
{
    return b->data ? (const char *)b->data : "";
}

uint8_t *glhle_bytebuf_detach(glhle_bytebuf *b, size_t *size)
{
    uint8_t *p = b->data;
    if (size)
        *size = b->size;
    size_t limit = b->limit;
    glhle_bytebuf_init(b, limit);
    return p;
}

bool glhle_bytebuf_read_file(glhle_bytebuf *b, const char *path, size_t limit)
{
    if (!limit)
        limit = DEFAULT_LIMIT;
    const bool in = !strcmp(path, "-"); /* the tools' convention for standard input */
    FILE *f = in ? stdin : fopen(path, "rb");
    if (!f)
        return false;
    bool ok = true;
    uint8_t chunk[65536];
    size_t start = b->size;
    for (;;) {
        size_t n = fread(chunk, 1, sizeof chunk, f);
        if (n == 0)
            break;
        if (b->size - start + n > limit || !glhle_bytebuf_append(b, chunk, n)) {
            ok = false;
            break;
        }
    }
    if (ferror(f))
        ok = false;
    if (!in)
        fclose(f);
    return ok;
}
