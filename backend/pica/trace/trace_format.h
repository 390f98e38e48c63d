/* PICA traces in the glhle trace container (backend/common/trace_container.h,
 * docs/formats.md "glhle trace"): system 1, the chunk types below and their
 * payloads. What a chunk means is the recorder's and the player's business
 * (trace_record.c, trace_replay.c). */
#ifndef GLHLE_PICA_TRACE_FORMAT_H
#define GLHLE_PICA_TRACE_FORMAT_H

#include "backend/common/trace_container.h"
#include "glhle/pica.h"

/* The recorder splits memory contents into MEMORY chunks of at most this. */
#define PICA_TRACE_MEMORY_PIECE (1u << 20)

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
    PICA_TRACE_COMMENT = TRACE_COMMENT, /* UTF-8 text */
} pica_trace_type;

/* Smallest payload of each type in version 1.0 (variable parts after it). */
#define PICA_TRACE_INSTANCE_SIZE 16   /* u64 max_words_per_run, u32 max_logged_problems, u32 resolution_scale */
/* INSTANCE with u64 max_shader_steps_per_run after those: what the recorder
 * writes for an instance whose budget is not the default; traces from
 * before the budget, and those of default instances, end at 16 bytes and
 * replay with the default budget. */
#define PICA_TRACE_INSTANCE_STEPS_SIZE 24
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

/* ---- the PICA's side of the container ---- */

/* The PICA chunk types' names, for messages. */
extern const trace_type_names pica_trace_names;
/* A chunk's name for messages ("RUN_GUEST", "optional 0x80000005"). */
const char *pica_trace_type_name(uint32_t type, char buf[24]);
/* A writer of a PICA trace (trace_writer_open with system 1). */
glhle_result pica_trace_writer_open(trace_writer *w, const char *path, uint64_t limit, const glhle_logger *lg);
/* trace_reader_open, then BAD_DATA (logged, offset 16) unless the trace is
 * a PICA trace; sets the reader's chunk names. */
glhle_result pica_trace_reader_open(trace_reader *r, const void *data, size_t size, const glhle_logger *lg);

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
