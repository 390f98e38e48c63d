/* PlayStation traces in the glhle trace container (backend/common/
 * trace_container.h, docs/formats.md "PlayStation traces"): system 2, the
 * chunk types below. The recorder (psx_trace.c) is a call observer
 * (psx_observer.h) of one glhle_psx; the player repeats the calls on a new
 * instance and compares what the recording read back.
 *
 * A trace starts with the GPU as the recorder found it: a STATE chunk (the
 * registers GP0 and GP1 set, GPUREAD's latch, the CLUT cache's attribute)
 * and a VRAM chunk (all 1024x512 halfwords), so a recording may begin in the
 * middle of a session, between two commands; a VRAM read (GP0(C0h)) that
 * GPUREAD has not drained yet follows as a READBACK chunk. Consecutive calls of one kind
 * (GP0 words, GP1 words, GPUREAD values) share a chunk. */
#ifndef GLHLE_PSX_TRACE_H
#define GLHLE_PSX_TRACE_H

#include "backend/common/trace_container.h"
#include "glhle/psx.h"

typedef enum psx_trace_type {
    PSX_TRACE_STATE = 1,      /* PSX_TRACE_STATE_FIELDS u32 fields */
    PSX_TRACE_VRAM = 2,       /* 1024 x 512 u16, rows top first */
    PSX_TRACE_GP0 = 3,        /* u32 words, written to GP0 */
    PSX_TRACE_GP1 = 4,        /* u32 words, each written to GP1 */
    PSX_TRACE_GPUREAD = 5,    /* u32 values GPUREAD returned, one read each */
    PSX_TRACE_WRITE_VRAM = 6, /* u32 x, y, w, h, then w*h u16: glhle_psx_write_vram */
    PSX_TRACE_READ_VRAM = 7,  /* u32 x, y, w, h, u64 XXH3 of the w*h u16 read: glhle_psx_read_vram */
    PSX_TRACE_END_STREAM = 8, /* u32 result of glhle_psx_end_stream */
    PSX_TRACE_VSYNC = 9,      /* u32 frame number: glhle_psx_vsync */
    PSX_TRACE_END = 10,       /* u32 chunks before END, u32 frames; last chunk */
    PSX_TRACE_READBACK = 11,  /* u32 total, u32 taken, then total u16: a GP0(C0h) read under way */
    PSX_TRACE_TYPE_LAST_ = PSX_TRACE_READBACK,
} psx_trace_type;

/* STATE fields, in order (u32 each; the u64 counters low word first). */
enum {
    PSX_STATE_FLAGS, /* 0; reserved */
    PSX_STATE_SCALE, /* of the recording instance, for information */
    PSX_STATE_E1, PSX_STATE_E2, PSX_STATE_E3, PSX_STATE_E4, PSX_STATE_E5, PSX_STATE_E6,
    PSX_STATE_IRQ, PSX_STATE_DMA_DIR, PSX_STATE_DISP_START, PSX_STATE_HRANGE, PSX_STATE_VRANGE,
    PSX_STATE_DISP_MODE, PSX_STATE_DISPLAY_OFF, PSX_STATE_VRAM_SIZE, PSX_STATE_GPUREAD_LATCH,
    PSX_STATE_CLUT_VALID, PSX_STATE_CLUT_IS8, PSX_STATE_CLUT_REG,
    PSX_STATE_GP0_INDEX_LO, PSX_STATE_GP0_INDEX_HI, PSX_STATE_GP1_INDEX_LO, PSX_STATE_GP1_INDEX_HI,
    PSX_TRACE_STATE_FIELDS
};
#define PSX_TRACE_STATE_SIZE (4 * PSX_TRACE_STATE_FIELDS)
#define PSX_TRACE_VRAM_SIZE (1024u * 512u * 2u)
#define PSX_TRACE_RECT_SIZE 16
#define PSX_TRACE_READ_VRAM_SIZE (PSX_TRACE_RECT_SIZE + 8)
#define PSX_TRACE_END_SIZE 8
#define PSX_TRACE_READBACK_SIZE 8

extern const trace_type_names psx_trace_names;

/* trace_reader_open, then BAD_DATA (logged, offset 16) unless the trace is
 * a PlayStation trace; sets the reader's chunk names. */
glhle_result psx_trace_reader_open(trace_reader *r, const void *data, size_t size, const glhle_logger *lg);

#endif
