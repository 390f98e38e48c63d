/* PlayStation save states (glhle_psx_save_state / glhle_psx_load_state,
 * include/glhle/psx.h; format in docs/formats.md "Save states"): the trace
 * container of kind trace_kind_state, system 2, these chunks. STATE, VRAM
 * and READBACK have the payloads of the trace chunks of the same numbers
 * (psx_trace.h), written and read by the same code; the rest is what a
 * trace never needs because it starts between two commands:
 *
 *   PARSER       the GP0 state machine mid-command: state, words collected,
 *                a polyline's last vertex and pending colour, an upload's
 *                rectangle and progress, then the pixels received so far
 *   CLUT         the 256 halfwords the CLUT cache holds (they may differ
 *                from VRAM under the CLUT once VRAM was overwritten)
 *   VRAM_SCALED  all of VRAM at the saving renderer's internal scale
 *                (STATE's scale field), 16-bit words, when that is above 1
 *   END          u32: the number of chunks before it; last
 *
 * Every required chunk appears once; a reader refuses anything else. */
#ifndef GLHLE_PSX_STATE_H
#define GLHLE_PSX_STATE_H

#include <stdint.h>

#include "backend/psx/psx_trace.h"

enum {
    PSX_SAVE_STATE = PSX_TRACE_STATE,
    PSX_SAVE_VRAM = PSX_TRACE_VRAM,
    PSX_SAVE_END = PSX_TRACE_END,
    PSX_SAVE_READBACK = PSX_TRACE_READBACK,
    PSX_SAVE_PARSER = 12,
    PSX_SAVE_CLUT = 13,
    PSX_SAVE_VRAM_SCALED = 14,
    PSX_SAVE_TYPE_LAST_ = PSX_SAVE_VRAM_SCALED,
};

/* PARSER fields, u32 each, before the pending upload pixels (u16 each). */
enum {
    PSX_PARSER_STATE, PSX_PARSER_HAVE, PSX_PARSER_NEED, PSX_PARSER_START_LO, PSX_PARSER_START_HI,
    PSX_PARSER_WORDS, /* PSX_GP0_MAX_WORDS of them */
    PSX_PARSER_PL_CMD = PSX_PARSER_WORDS + 12, PSX_PARSER_PL_X, PSX_PARSER_PL_Y, PSX_PARSER_PL_RGBUV_LO,
    PSX_PARSER_PL_RGBUV_HI, PSX_PARSER_PL_COLOR, PSX_PARSER_PL_HAVE_COLOR,
    PSX_PARSER_UP_X, PSX_PARSER_UP_Y, PSX_PARSER_UP_W, PSX_PARSER_UP_H, PSX_PARSER_UP_TOTAL, PSX_PARSER_UP_DONE,
    PSX_PARSER_FIELDS
};
#define PSX_SAVE_PARSER_SIZE (4 * PSX_PARSER_FIELDS)
#define PSX_SAVE_CLUT_SIZE 512

struct glhle_psx;
/* The STATE chunk's fields of a GPU, and back (the masks the ports apply).
 * The trace recorder and player use the same two functions. */
void psx_state_get_fields(const struct glhle_psx *psx, uint32_t f[PSX_TRACE_STATE_FIELDS]);
void psx_state_set_fields(struct glhle_psx *psx, const uint32_t f[PSX_TRACE_STATE_FIELDS]);

#endif
