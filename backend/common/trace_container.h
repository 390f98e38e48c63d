/* The glhle trace container (docs/formats.md, "glhle trace"), the same for
 * every system: a 32-byte header naming the system, then chunks of (type,
 * payload size, payload, XXH3-64 checksum), everything little-endian. This
 * file owns the bytes -- writing chunks to a file or memory, and walking
 * them with every length bounded; what a chunk type means is the system's
 * (backend/pica/trace/trace_format.h, backend/psx/psx_trace.h).
 *
 * Versions: a reader of version MAJOR.MINOR reads every file of the same
 * major version. A minor version may add chunk types that carry the
 * OPTIONAL bit (older readers skip them) and append fields to the end of a
 * payload (older readers ignore the extra bytes; newer readers treat fields
 * missing from an older file as zero). Anything else bumps the major
 * version, which older readers refuse. Version 1.0 PICA traces written
 * before the container was shared are byte-for-byte version 1.0 traces of
 * system 1: nothing is converted. */
#ifndef GLHLE_TRACE_CONTAINER_H
#define GLHLE_TRACE_CONTAINER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/common/hash.h"
#include "backend/common/log.h"

#define TRACE_MAGIC "GLHTRACE"
#define TRACE_MAGIC_SIZE 8
#define TRACE_VERSION_MAJOR 1
#define TRACE_VERSION_MINOR 0
#define TRACE_HEADER_SIZE 32
/* Largest header a reader accepts: later minor versions may append fields. */
#define TRACE_MAX_HEADER_SIZE 4096
/* header offset 16: the system the trace records */
#define TRACE_SYSTEM_PICA200 1
#define TRACE_SYSTEM_PSX 2
#define TRACE_SYSTEM_MAXWELL 3 /* reserved for the Maxwell traces */
#define TRACE_SYSTEM_LAST_ TRACE_SYSTEM_MAXWELL
/* type + size before the payload, checksum after it */
#define TRACE_CHUNK_HEAD 8
#define TRACE_CHUNK_TAIL 8
#define TRACE_CHUNK_OVERHEAD (TRACE_CHUNK_HEAD + TRACE_CHUNK_TAIL)
/* Largest payload: a 16 Mi-word host command list. */
#define TRACE_MAX_PAYLOAD (64u << 20)
/* Type bit 31: a reader that does not know the type may skip the chunk. */
#define TRACE_OPTIONAL 0x80000000u
/* The one chunk type every system shares: UTF-8 text, skipped by players. */
#define TRACE_COMMENT (TRACE_OPTIONAL | 1)

/* The same container holds glhle save states (include/glhle/pica.h,
 * psx.h): magic "GLHSTATE", their own version, the same system ids and
 * chunk framing. A kind names the magic, the major.minor version a writer
 * writes and a reader accepts (any minor of its major), and the noun its
 * messages use. */
typedef struct trace_kind {
    const char *magic; /* TRACE_MAGIC_SIZE bytes */
    uint16_t major, minor;
    const char *noun;  /* "trace", "save state" */
} trace_kind;
extern const trace_kind trace_kind_trace;
#define STATE_MAGIC "GLHSTATE"
#define STATE_VERSION_MAJOR 1
#define STATE_VERSION_MINOR 0
extern const trace_kind trace_kind_state;

/* ---- little-endian fields ---- */

static inline uint32_t trace_rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
static inline uint16_t trace_rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}
static inline uint64_t trace_rd64(const uint8_t *p)
{
    return (uint64_t)trace_rd32(p) | ((uint64_t)trace_rd32(p + 4) << 32);
}
static inline void trace_wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
static inline void trace_wr16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
static inline void trace_wr64(uint8_t *p, uint64_t v)
{
    trace_wr32(p, (uint32_t)v);
    trace_wr32(p + 4, (uint32_t)(v >> 32));
}

/* The names of one system's chunk types, index = type (non-optional ones). */
typedef struct trace_type_names {
    const char *const *names;
    uint32_t count;
} trace_type_names;

/* A chunk's name for messages ("RUN_GUEST", "COMMENT", "optional
 * 0x80000005", "0x00000063"); names may be NULL. */
const char *trace_type_name(const trace_type_names *names, uint32_t type, char buf[24]);
/* "PICA200", "PlayStation", "Maxwell", or NULL for an unknown id. */
const char *trace_system_name(uint32_t system);

/* ---- writing ---- */

typedef struct trace_writer {
    FILE *file;               /* NULL: chunks go to `mem` */
    glhle_bytebuf mem;
    uint64_t offset;          /* bytes written so far */
    uint64_t limit;           /* most bytes the trace may take */
    glhle_result error;       /* first failure; later writes are dropped */
    uint32_t chunks;
    /* the chunk being written */
    bool open;
    uint32_t open_type, open_size, open_written;
    glhle_hash_state hash;
    const glhle_logger *log;
} trace_writer;

/* Opens `path` for writing (NULL: keep the trace in memory) and writes the
 * header for `system`. limit 0 means 4 GiB. */
glhle_result trace_writer_open(trace_writer *w, const char *path, uint64_t limit, uint32_t system,
                               const glhle_logger *lg);
/* The same for another kind of file (trace_kind_state). */
glhle_result trace_writer_open_kind(trace_writer *w, const trace_kind *kind, const char *path, uint64_t limit,
                                    uint32_t system, const glhle_logger *lg);
/* Closes the file (the memory stays until trace_writer_free). Returns the
 * first error of the whole recording. */
glhle_result trace_writer_close(trace_writer *w);
void trace_writer_free(trace_writer *w);

/* A chunk written in pieces: begin with the exact payload size, write
 * exactly that many bytes, end. */
bool trace_begin(trace_writer *w, uint32_t type, uint32_t payload_size);
bool trace_write(trace_writer *w, const void *data, size_t size);
bool trace_end(trace_writer *w);
/* A whole chunk: a fixed part and an optional variable part. */
bool trace_put(trace_writer *w, uint32_t type, const void *fixed, size_t fixed_size, const void *tail,
               size_t tail_size);

/* ---- reading ---- */

typedef struct trace_chunk {
    uint32_t type;
    uint32_t size;            /* payload bytes */
    uint64_t offset;          /* file offset of the chunk's type field */
    const uint8_t *payload;
} trace_chunk;

typedef struct trace_reader {
    const uint8_t *data;
    size_t size;
    uint16_t major, minor;
    uint32_t system, flags;
    uint32_t header_size;
    size_t pos;               /* next chunk */
    const glhle_logger *log;
    trace_type_names names;   /* for messages; set by the system's reader */
    const char *noun;         /* the kind's, for messages */
} trace_reader;

/* Checks the header: BAD_DATA (wrong magic, major version, header checksum,
 * a system id no glhle system has) or TRUNCATED, logged with the offset.
 * The caller checks r->system is the one it plays. */
glhle_result trace_reader_open(trace_reader *r, const void *data, size_t size, const glhle_logger *lg);
/* The same for another kind of file; messages name the kind's noun. */
glhle_result trace_reader_open_kind(trace_reader *r, const trace_kind *kind, const void *data, size_t size,
                                    const glhle_logger *lg);
/* The next chunk, its length bounded and its checksum verified; NOT_FOUND
 * (not logged) when the data ends exactly after the previous chunk,
 * TRUNCATED or BAD_DATA (logged with the chunk's offset) otherwise. */
glhle_result trace_reader_next(trace_reader *r, trace_chunk *c);

/* ---- save states: what every system's loader does the same way ---- */

/* trace_reader_open_kind(trace_kind_state), then BAD_DATA (offset 16)
 * unless the blob is `system`'s; sets the chunk names for messages. */
glhle_result state_reader_open(trace_reader *r, const void *data, size_t size, uint32_t system,
                               const trace_type_names *names, const glhle_logger *lg);
/* The next chunk that is not OPTIONAL (those are skipped); *chunks counts
 * every chunk read. TRUNCATED (logged) when the data ends before END. */
glhle_result state_reader_next(trace_reader *r, trace_chunk *c, uint32_t *chunks);
/* BAD_DATA, logged: "save state: offset X: TYPE chunk: what; not loaded". */
glhle_result state_chunk_error(const trace_reader *r, const trace_chunk *c, const char *what);
/* The END chunk c: a u32 payload equal to the chunks before it, and the
 * last bytes of the blob. BAD_DATA (logged) otherwise. */
glhle_result state_reader_end(trace_reader *r, const trace_chunk *c, uint32_t chunks_before);

/* True when data starts with a glhle trace's magic. */
bool trace_is_glhle(const void *data, size_t size);
/* The system id of a glhle trace's header (0 when too short or no magic). */
uint32_t trace_peek_system(const void *data, size_t size);

#endif
