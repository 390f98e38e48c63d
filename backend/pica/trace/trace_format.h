/* The glhle trace container (docs/formats.md, "glhle trace"): a 32-byte
 * header, then chunks of (type, payload size, payload, XXH3-64 checksum),
 * everything little-endian. This file owns the bytes -- writing chunks to a
 * file or memory, and walking them with every length bounded -- and the
 * chunk type and payload numbers; what a chunk means is the recorder's and
 * the player's business (trace_record.c, trace_replay.c).
 *
 * Versions: a reader of version MAJOR.MINOR reads every file of the same
 * major version. A minor version may add chunk types that carry the
 * OPTIONAL bit (older readers skip them) and append fields to the end of a
 * payload (older readers ignore the extra bytes; newer readers treat fields
 * missing from an older file as zero). Anything else bumps the major
 * version, which older readers refuse. */
#ifndef GLHLE_PICA_TRACE_FORMAT_H
#define GLHLE_PICA_TRACE_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/common/hash.h"
#include "backend/common/log.h"
#include "glhle/pica.h"

#define PICA_TRACE_MAGIC "GLHTRACE"
#define PICA_TRACE_MAGIC_SIZE 8
#define PICA_TRACE_VERSION_MAJOR 1
#define PICA_TRACE_VERSION_MINOR 0
#define PICA_TRACE_HEADER_SIZE 32
/* Largest header a reader accepts: later minor versions may append fields. */
#define PICA_TRACE_MAX_HEADER_SIZE 4096
#define PICA_TRACE_SYSTEM_PICA200 1
/* type + size before the payload, checksum after it */
#define PICA_TRACE_CHUNK_HEAD 8
#define PICA_TRACE_CHUNK_TAIL 8
#define PICA_TRACE_CHUNK_OVERHEAD (PICA_TRACE_CHUNK_HEAD + PICA_TRACE_CHUNK_TAIL)
/* Largest payload: a 16 Mi-word host command list. The recorder splits
 * memory contents into MEMORY chunks of at most PICA_TRACE_MEMORY_PIECE. */
#define PICA_TRACE_MAX_PAYLOAD (64u << 20)
#define PICA_TRACE_MEMORY_PIECE (1u << 20)
/* Type bit 31: a reader that does not know the type may skip the chunk. */
#define PICA_TRACE_OPTIONAL 0x80000000u

typedef enum pica_trace_type {
    PICA_TRACE_INSTANCE = 1,         /* the instance's settings; first chunk */
    PICA_TRACE_MAP = 2,              /* glhle_pica_map_memory */
    PICA_TRACE_UNMAP = 3,            /* glhle_pica_unmap_memory */
    PICA_TRACE_MEMORY = 4,           /* bytes the core put in guest memory */
    PICA_TRACE_INVALIDATE = 5,       /* glhle_pica_invalidate */
    PICA_TRACE_FLUSH = 6,            /* glhle_pica_flush */
    PICA_TRACE_RUN_HOST = 7,         /* glhle_pica_run_cmdlist */
    PICA_TRACE_RUN_GUEST = 8,        /* glhle_pica_run_guest */
    PICA_TRACE_MEMORY_FILL = 9,      /* glhle_pica_memory_fill */
    PICA_TRACE_DISPLAY_TRANSFER = 10,/* glhle_pica_display_transfer (texture copy included) */
    PICA_TRACE_PRESENT = 11,         /* glhle_pica_present: one frame */
    PICA_TRACE_END = 12,             /* the recording finished cleanly; last chunk */
    PICA_TRACE_TYPE_LAST_ = PICA_TRACE_END,
    PICA_TRACE_COMMENT = PICA_TRACE_OPTIONAL | 1, /* UTF-8 text */
} pica_trace_type;

/* Smallest payload of each type in version 1.0 (variable parts after it). */
#define PICA_TRACE_INSTANCE_SIZE 16   /* u64 max_words_per_run, u32 max_logged_problems, u32 resolution_scale */
#define PICA_TRACE_MAP_SIZE 8         /* u32 paddr, u32 size */
#define PICA_TRACE_UNMAP_SIZE 4       /* u32 paddr */
#define PICA_TRACE_MEMORY_SIZE 4      /* u32 paddr, then the bytes */
#define PICA_TRACE_RANGE_SIZE 8       /* INVALIDATE, FLUSH: u32 paddr, u32 size */
#define PICA_TRACE_OUTCOME_SIZE 16    /* u32 result, u32 flags, u32 draws, u32 problems */
#define PICA_TRACE_RUN_HOST_SIZE (PICA_TRACE_OUTCOME_SIZE + 4)  /* outcome, u32 flags, then the words */
#define PICA_TRACE_RUN_GUEST_SIZE (PICA_TRACE_OUTCOME_SIZE + 8) /* outcome, u32 paddr, u32 size */
#define PICA_TRACE_END_SIZE 8         /* u32 chunks before END, u32 frames */
/* The display operations carry the hardware's register values (3dbrew
 * GPU/External_Registers): a fill unit's four registers (start >> 3,
 * end >> 3, value, control); the transfer engine's input >> 3, output >> 3,
 * output size, input size, flags, texture-copy size, input line/gap,
 * output line/gap. */
#define PICA_TRACE_MEMORY_FILL_SIZE 16
#define PICA_TRACE_DISPLAY_TRANSFER_SIZE 32
/* u32 frame number, u32 flags (bit 0 stereo), then for the top-left,
 * top-right and bottom screens u32 address, u32 format, u32 stride */
#define PICA_TRACE_PRESENT_SIZE 44
#define PICA_TRACE_PRESENT_STEREO 1u

/* RUN_HOST flags */
#define PICA_TRACE_RUN_STATE 1u       /* written by the recorder to restore the state it found on attach */
/* outcome flags */
#define PICA_TRACE_OUTCOME_FINALIZED 1u
#define PICA_TRACE_OUTCOME_STOPPED 2u
#define PICA_TRACE_OUTCOME_UNKNOWN 0x80000000u /* not recorded (converted traces): nothing to compare */

/* ---- little-endian fields ---- */

static inline uint32_t pica_trace_rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
static inline uint16_t pica_trace_rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}
static inline uint64_t pica_trace_rd64(const uint8_t *p)
{
    return (uint64_t)pica_trace_rd32(p) | ((uint64_t)pica_trace_rd32(p + 4) << 32);
}
static inline void pica_trace_wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
static inline void pica_trace_wr16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
static inline void pica_trace_wr64(uint8_t *p, uint64_t v)
{
    pica_trace_wr32(p, (uint32_t)v);
    pica_trace_wr32(p + 4, (uint32_t)(v >> 32));
}

/* A chunk's name for messages ("RUN_GUEST", "optional 0x80000005"). */
const char *pica_trace_type_name(uint32_t type, char buf[24]);

/* ---- writing ---- */

typedef struct pica_trace_writer {
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
} pica_trace_writer;

/* Opens `path` for writing (NULL: keep the trace in memory) and writes the
 * header. limit 0 means 4 GiB. */
glhle_result pica_trace_writer_open(pica_trace_writer *w, const char *path, uint64_t limit, const glhle_logger *lg);
/* Closes the file (the memory stays until pica_trace_writer_free). Returns
 * the first error of the whole recording. */
glhle_result pica_trace_writer_close(pica_trace_writer *w);
void pica_trace_writer_free(pica_trace_writer *w);

/* A chunk written in pieces: begin with the exact payload size, write
 * exactly that many bytes, end. */
bool pica_trace_begin(pica_trace_writer *w, uint32_t type, uint32_t payload_size);
bool pica_trace_write(pica_trace_writer *w, const void *data, size_t size);
bool pica_trace_end(pica_trace_writer *w);
/* A whole chunk: a fixed part and an optional variable part. */
bool pica_trace_put(pica_trace_writer *w, uint32_t type, const void *fixed, size_t fixed_size, const void *tail,
                      size_t tail_size);

/* ---- reading ---- */

typedef struct pica_trace_chunk {
    uint32_t type;
    uint32_t size;            /* payload bytes */
    uint64_t offset;          /* file offset of the chunk's type field */
    const uint8_t *payload;
} pica_trace_chunk;

typedef struct pica_trace_reader {
    const uint8_t *data;
    size_t size;
    uint16_t major, minor;
    uint32_t system, flags;
    uint32_t header_size;
    size_t pos;               /* next chunk */
    const glhle_logger *log;
} pica_trace_reader;

/* Checks the header: BAD_DATA (wrong magic, major version, system, header
 * checksum) or TRUNCATED, logged with the offset. */
glhle_result pica_trace_reader_open(pica_trace_reader *r, const void *data, size_t size, const glhle_logger *lg);
/* The next chunk, its length bounded and its checksum verified; NOT_FOUND
 * (not logged) when the data ends exactly after the previous chunk,
 * TRUNCATED or BAD_DATA (logged with the chunk's offset) otherwise. */
glhle_result pica_trace_reader_next(pica_trace_reader *r, pica_trace_chunk *c);

/* True when data starts with a glhle trace's magic. */
bool pica_trace_is_glhle(const void *data, size_t size);

/* ---- the calls with fixed payloads (trace_calls.c) ---- */

/* Payload bytes of a fill, a transfer, a present (frame number first). */
void pica_trace_encode_fill(const glhle_pica_memory_fill *f, uint8_t out[PICA_TRACE_MEMORY_FILL_SIZE]);
void pica_trace_encode_transfer(const glhle_pica_display_transfer *t, uint8_t out[PICA_TRACE_DISPLAY_TRANSFER_SIZE]);
void pica_trace_encode_present(uint32_t frame, const glhle_pica_present_desc *d, uint8_t out[PICA_TRACE_PRESENT_SIZE]);
/* Repeats an INVALIDATE, FLUSH, MEMORY_FILL or DISPLAY_TRANSFER chunk's
 * call on pica; the payload holds at least its fixed fields. */
glhle_result pica_trace_replay_call(glhle_pica *pica, uint32_t type, const uint8_t *payload, uint32_t size);
/* Repeats a PRESENT chunk's present. */
glhle_result pica_trace_replay_present(glhle_pica *pica, const uint8_t *payload, uint32_t size);

#endif
