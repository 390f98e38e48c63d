/* Growable byte buffer with a hard size limit: output of tools, generated
 * text, file contents. Growth is geometric; a request past `limit` fails
 * instead of allocating, so untrusted sizes cannot exhaust memory. */
#ifndef GLHLE_COMMON_BYTEBUF_H
#define GLHLE_COMMON_BYTEBUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct glhle_bytebuf {
    uint8_t *data;
    size_t size;     /* bytes in use */
    size_t capacity; /* bytes allocated */
    size_t limit;    /* most bytes it may hold; 0 -> 1 GiB */
    bool failed;     /* a growth failed; later appends are dropped */
} glhle_bytebuf;

void glhle_bytebuf_init(glhle_bytebuf *b, size_t limit);
void glhle_bytebuf_free(glhle_bytebuf *b);
/* Size 0, keeps the allocation, clears `failed`. */
void glhle_bytebuf_clear(glhle_bytebuf *b);
/* Ensures room for `extra` more bytes; false (and `failed` set) if over the limit. */
bool glhle_bytebuf_reserve(glhle_bytebuf *b, size_t extra);
bool glhle_bytebuf_append(glhle_bytebuf *b, const void *data, size_t size);
bool glhle_bytebuf_append_u8(glhle_bytebuf *b, uint8_t v);
bool glhle_bytebuf_append_le32(glhle_bytebuf *b, uint32_t v);
/* Appends zeroed bytes and returns them, or NULL. */
void *glhle_bytebuf_extend(glhle_bytebuf *b, size_t size);
/* printf-style text; the buffer keeps a NUL after the text (not counted in size). */
bool glhle_bytebuf_printf(glhle_bytebuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool glhle_bytebuf_vprintf(glhle_bytebuf *b, const char *fmt, va_list ap);
/* The contents as a NUL-terminated string ("" when empty). */
const char *glhle_bytebuf_cstr(glhle_bytebuf *b);
/* Hands the allocation to the caller (free() it) and resets the buffer. */
uint8_t *glhle_bytebuf_detach(glhle_bytebuf *b, size_t *size);

/* Reads a whole file, failing past `limit` bytes (0 -> 1 GiB). */
/* "-" reads standard input (to its end). */
bool glhle_bytebuf_read_file(glhle_bytebuf *b, const char *path, size_t limit);

#endif
