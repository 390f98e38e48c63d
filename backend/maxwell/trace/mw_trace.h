/* Maxwell traces in the glhle trace container (system 3): the recorder, a
 * call observer the instance's public entry points hand every call to, and
 * the player (glhle_maxwell_trace_replay).
 *
 * A trace holds the calls a core makes and the guest memory they see: MAP
 * and UNMAP as called; before each call that can read memory (a
 * submission, a write through the GPU's view, a flush, an invalidation, a
 * present) the recorder compares every mapping with its copy in 4 KiB
 * pages and writes the pages the core changed as MEMORY chunks; after the
 * call it takes what the GPU wrote into its copy, so only the core's own
 * writes are recorded. Replay gives each MAP memory of its own: mappings
 * that alias the same host bytes in the recording do not alias in the
 * replay (a limitation, logged when seen).
 * May call: backend/common (the container), backend/maxwell/memory (the
 * mapping list it is handed), the public Maxwell API (the player drives an
 * instance of its own). */
#ifndef GLHLE_MAXWELL_TRACE_H
#define GLHLE_MAXWELL_TRACE_H

#include "backend/common/trace_container.h"
#include "backend/maxwell/memory/address_space.h"
#include "glhle/maxwell.h"

/* Chunk types (payloads little-endian). */
enum {
    MW_TRACE_MAP = 1,        /* va u64, size u64, kind u32 */
    MW_TRACE_UNMAP = 2,      /* va u64, size u64 */
    MW_TRACE_MEMORY = 3,     /* va u64, then the bytes the core wrote there */
    MW_TRACE_GPFIFO = 4,     /* GPFIFO entries, u64 each */
    MW_TRACE_WORDS = 5,      /* host pushbuffer words, u32 each */
    MW_TRACE_TIMESTAMP = 6,  /* ticks u64 */
    MW_TRACE_WRITE = 7,      /* va u64, bytes: glhle_maxwell_write */
    MW_TRACE_FLUSH = 8,      /* va u64, size u64 */
    MW_TRACE_INVALIDATE = 9, /* va u64, size u64 */
    MW_TRACE_PRESENT = 10,   /* MW_TRACE_PRESENT_SIZE bytes, see mw_trace.c */
    MW_TRACE_END = 11,       /* presents u32 */
    MW_TRACE_TYPE_COUNT_
};
#define MW_TRACE_PRESENT_SIZE 48u
#define MW_TRACE_PAGE 4096u
/* Most guest memory a replay maps in all. */
#define MW_TRACE_MAX_MAPPED (2ull << 30)

extern const trace_type_names mw_trace_names;

/* ---- the observer the instance calls ---- */

typedef enum mw_call_kind {
    MW_CALL_MAP,
    MW_CALL_UNMAP,
    MW_CALL_WRITE,
    MW_CALL_GPFIFO,
    MW_CALL_WORDS,
    MW_CALL_TIMESTAMP,
    MW_CALL_FLUSH,
    MW_CALL_INVALIDATE,
    MW_CALL_PRESENT,
} mw_call_kind;

typedef struct mw_call {
    mw_call_kind kind;
    uint64_t va, size;   /* MAP, UNMAP, WRITE, FLUSH, INVALIDATE; TIMESTAMP: the ticks in va */
    uint32_t mem_kind;   /* MAP */
    const void *data;    /* WRITE: size bytes; GPFIFO: count uint64_t; WORDS: count uint32_t */
    size_t count;
    const glhle_maxwell_present_desc *present;
} mw_call;

typedef struct mw_call_observer {
    /* Before the call runs, with the address space as it is. */
    void (*call)(void *user, const mw_address_space *as, const mw_call *c);
    /* After it ran; gpu_writes counts every write the GPU made to memory
     * since the instance was created. */
    void (*after)(void *user, const mw_address_space *as, uint64_t gpu_writes);
    /* The instance is being destroyed. */
    void (*detach)(void *user);
    void *user;
} mw_call_observer;

/* What the instance tells a recorder that attaches: its observer slot (the
 * recorder fills it), its mappings, whether it has submitted, its logger. */
typedef struct mw_trace_attach {
    mw_call_observer *slot;
    const mw_address_space *as;
    bool submitted;
    uint64_t gpu_writes;
    const glhle_logger *log;
} mw_trace_attach;

glhle_result mw_trace_recorder_attach(glhle_maxwell_recorder *rec, const mw_trace_attach *at);

#endif
