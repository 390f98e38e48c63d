/* The 3DS display operations on the CPU (GL-free): memory fill, display
 * transfer, texture copy and the LCD framebuffer decode of presentation.
 *
 * Each operation is split in two: a decoder that turns the register words
 * (glhle_pica_memory_fill / glhle_pica_display_transfer) into validated,
 * plain parameters — every address, size and format checked, one log line
 * naming the register on failure — and an executor that does the operation
 * in guest memory. The GPU path (surface_cache.c) takes the same decoded
 * parameters, so both paths agree on what an operation means, and this CPU
 * path is the reference the GPU one is tested against.
 *
 * Semantics and their sources (3dbrew GPU/External_Registers; Azahar
 * src/video_core/renderer_software/sw_blitter.cpp and
 * rasterizer_cache/rasterizer_cache.h, which games have settled):
 *  - Fill: [start << 3, end << 3) receives the value repeated as 16, 24 or
 *    32-bit little-endian units from the start address (control bits 8-9:
 *    0 16-bit, 1 and 3 24-bit, 2 32-bit). A 24-bit pattern's last unit is
 *    cut at the end address (Azahar writes up to 2 bytes past it).
 *  - Display transfer: the output size register holds the size BEFORE the
 *    downscale (citro3d's C3D_FrameBufTransfer passes the same dimensions
 *    for input and output; Azahar halves the output for 2x1 and 2x2). The
 *    engine reads out_width x out_height texels of the input, whose rows
 *    are input-width texels apart, and writes (out_width >> sx) x
 *    (out_height >> sy) texels packed. The box filter averages the decoded
 *    8-bit channels with truncating division ((a+b)/2, (a+b+c+d)/4), then
 *    the output format is encoded by truncation. Flip (bit 0) writes
 *    output row y from input rows ((H - 1 - y) << sy). With flip and crop
 *    (bits 0 and 2) the output address moves on by
 *    (in_width - out_width) * (out_height - 1) * output bytes per texel,
 *    the skew hardware shows and games rely on (Azahar). Bit 1 makes the
 *    input linear and the output tiled; bit 5 keeps the layout (tiled to
 *    tiled, or linear to linear with bit 1, as Azahar reads it); bit 16
 *    uses 32x32 blocks on the tiled sides.
 *  - Texture copy: size & ~15 bytes; line widths and gaps in 16-byte
 *    units; a gap of 0 means contiguous; width 0 with a non-zero gap, and
 *    size 0, hang the hardware and are refused here (Azahar).
 *  - LCD framebuffers: column-major, 240 texels a column, bottom texel
 *    first (3dbrew "Framebuffers"; pica-facts.md), transfer format numbers. */
#ifndef GLHLE_PICA_DISPLAY_H
#define GLHLE_PICA_DISPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/common/image.h"
#include "backend/common/log.h"
#include "backend/pica/texture/texcodec.h"
#include "glhle/pica.h"

/* Largest width or height of a transfer (input, output) and largest fill:
 * above anything the 3DS displays or renders (1024), and a bound on the
 * scratch memory the CPU path allocates (64 MiB of RGBA8). */
#define PICA_TRANSFER_MAX_SIDE PICA_MAX_SIDE

typedef struct pica_fill_params {
    uint32_t start, end;  /* byte addresses, end exclusive, start < end */
    uint8_t unit;         /* pattern bytes: 2, 3 or 4 */
    uint8_t pattern[4];   /* value as little-endian bytes */
} pica_fill_params;

typedef struct pica_transfer_params {
    uint32_t in_addr, out_addr;  /* out_addr after the flip+crop skew */
    uint32_t in_width, in_height;   /* the input size register */
    uint32_t out_width, out_height; /* the output size register (before the downscale) */
    uint32_t dst_width, dst_height; /* texels written: out >> sx, out >> sy */
    uint8_t sx, sy;              /* downscale shifts: 2x1 -> (1, 0), 2x2 -> (1, 1) */
    bool flip;
    pica_surface src;            /* the region read: out_width x out_height, row groups in_width apart */
    pica_surface dst;            /* the image written: dst_width x dst_height, packed */
    uint32_t src_bytes, dst_bytes; /* byte spans (pica_surface_size) */
} pica_transfer_params;

typedef struct pica_copy_params {
    uint32_t in_addr, out_addr;
    uint32_t size;               /* bytes to copy, a multiple of 16, > 0 */
    uint32_t in_width, in_gap;   /* bytes; gap 0 -> in_width == size */
    uint32_t out_width, out_gap;
    uint32_t in_span, out_span;  /* bytes from the first to one past the last byte touched */
} pica_copy_params;

/* Decoders: INVALID_ARGUMENT (and one log line naming the register field)
 * for parameters the hardware cannot run or that exceed the limits above,
 * OUT_OF_BOUNDS when a range is not inside one mapping of `mem`. */
struct pica_memory;
glhle_result pica_fill_decode(const glhle_pica_memory_fill *regs, const struct pica_memory *mem,
                              const glhle_logger *lg, pica_fill_params *out);
glhle_result pica_transfer_decode(const glhle_pica_display_transfer *regs, const struct pica_memory *mem,
                                  const glhle_logger *lg, pica_transfer_params *out);
glhle_result pica_copy_decode(const glhle_pica_display_transfer *regs, const struct pica_memory *mem,
                              const glhle_logger *lg, pica_copy_params *out);

/* The fill pattern byte for guest address `addr` inside the fill. */
static inline uint8_t pica_fill_byte(const pica_fill_params *f, uint32_t addr)
{
    return f->pattern[(addr - f->start) % f->unit];
}

/* Executors on guest memory (ranges already checked by the decoders).
 * `scratch` is a caller-owned buffer the transfer grows as needed (RGBA8 of
 * the source region); it may start NULL/0 and is freed by the caller. */
void pica_fill_cpu(const pica_fill_params *f, const struct pica_memory *mem);
/* Only the bytes of [a, b) (inside the fill) -- for the parts of a fill the
 * GPU path did not cover. */
void pica_fill_cpu_range(const pica_fill_params *f, const struct pica_memory *mem, uint32_t a, uint32_t b);
glhle_result pica_transfer_cpu(const pica_transfer_params *t, const struct pica_memory *mem, uint8_t **scratch,
                               size_t *scratch_size, const glhle_logger *lg);
void pica_copy_cpu(const pica_copy_params *c, const struct pica_memory *mem);

/* The box filter and output quantisation of the transfer engine on one
 * texel, shared by the CPU path and the GPU path's tests:
 * in[0..n) decoded RGBA8 texels (n = 1, 2 or 4) -> the output format's
 * decoded RGBA8 texel (what pica_decode of the encoded texel gives). */
void pica_transfer_texel(const uint8_t (*in)[4], unsigned n, pica_texfmt out_format, uint8_t out[4]);

/* ---- presentation -------------------------------------------------------- */

#define PICA_LCD_COLUMN 240u      /* texels per column (the screens' height) */
#define PICA_LCD_TOP_COLUMNS 400u
#define PICA_LCD_BOTTOM_COLUMNS 320u
#define PICA_FRAME_HEIGHT 480u    /* top screen above the bottom one */

/* An LCD framebuffer configuration checked against guest memory: the
 * screen's format (transfer numbering) and the bytes between columns. */
typedef struct pica_lcd_params {
    uint32_t addr;     /* 0: screen off */
    pica_texfmt format;
    uint32_t pitch;    /* bytes from one column to the next, >= 240 * bytes per texel */
    uint32_t columns;  /* 400 or 320 */
} pica_lcd_params;

/* Checks one screen's configuration; `what` names it in the log line
 * ("top-left"). OK with addr 0 for a screen that is off. */
glhle_result pica_lcd_decode(const glhle_pica_lcd_framebuffer *fb, uint32_t columns, const char *what,
                             const struct pica_memory *mem, const glhle_logger *lg, pica_lcd_params *out);

/* The frame layout: where each screen goes (native pixels, top-left origin). */
typedef struct pica_frame_layout {
    uint32_t width, height;  /* 400 x 480, or 800 x 480 with stereo */
    uint32_t top_left_x, top_right_x, bottom_x; /* screens' left edges; the top screens at y 0, bottom at y 240 */
} pica_frame_layout;
void pica_frame_layout_get(bool stereo, pica_frame_layout *out);

/* Draws one screen into `frame` (RGBA8, top row first) at (x0, y0) on the
 * CPU: texel k of column c lands at (x0 + c, y0 + 239 - k), alpha 255. An
 * off screen (addr 0) is black. */
glhle_result pica_lcd_draw_cpu(const pica_lcd_params *lcd, const struct pica_memory *mem, glhle_image *frame,
                               uint32_t x0, uint32_t y0, const glhle_logger *lg);

#endif
