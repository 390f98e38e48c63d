/* A Maxwell pushbuffer as readable text: every method write as
 *   OFFSET  SUBCHANNEL CLASS.METHOD[index] = value  fields
 * macro calls ("-> macro ...") followed by the writes the macro made
 * (indented "m"), draws, clears, engine launches with their parameters,
 * semaphores, and the problems the submission reports ("!  ..."), in
 * execution order. glhle-pushbuf dump prints this. */
#ifndef GLHLE_MAXWELL_PUSHBUF_DUMP_H
#define GLHLE_MAXWELL_PUSHBUF_DUMP_H

#include <stddef.h>
#include <stdint.h>

#include "backend/common/bytebuf.h"
#include "glhle/maxwell.h"

/* One GPU mapping of host bytes for a dump. */
typedef struct mw_dump_map {
    uint64_t va;
    void *data;
    size_t size;
    glhle_maxwell_kind kind;
} mw_dump_map;

typedef struct mw_dump_options {
    const mw_dump_map *maps; /* mapped before the run */
    size_t map_count;
    /* GPFIFO entries to submit; when NULL the words are submitted as host words */
    const uint64_t *entries;
    size_t entry_count;
} mw_dump_options;

/* The decoded fields of one method write ("" when nothing to add), appended
 * to out (no leading or trailing space). */
void mw_describe_method(uint32_t class_id, uint32_t method, uint32_t value, glhle_bytebuf *out);

/* Runs the words (little-endian; a trailing partial word is ignored and
 * noted) on a fresh GL-free instance and appends the text. Returns what
 * the submission returned; out holds the text either way. */
glhle_result mw_pushbuf_dump(const uint8_t *bytes, size_t size, const mw_dump_options *opt, glhle_bytebuf *out);

#endif
