/*
 * glhle — the PlayStation GPU (GP0/GP1).
 *
 * A glhle_psx is one PlayStation GPU: 1024x512 halfwords of VRAM, the GP0
 * command port (drawing, environment, transfers), the GP1 display-control
 * port, GPUREAD and GPUSTAT. It draws with one of two renderers:
 *
 *   GL        VRAM lives in a GL texture at an internal resolution of 1x..8x;
 *             every pixel is evaluated from the primitive's integer setup in
 *             a fragment shader, so at 1x the result equals the software
 *             renderer's, and at higher scales the top-left sample of every
 *             scale x scale block still does.
 *   SOFTWARE  a CPU rasterizer at 1x (the reference the GL path is tested
 *             against); needs no GL context.
 *
 * Words may be written one at a time or in blocks of any size, as a core's
 * port writes and DMA deliver them: a command may straddle calls. Guest data
 * is untrusted: unknown command codes, garbage in unused bits and transfers
 * of any size are handled as the hardware does (documented per function) and
 * never crash; functions that meet malformed input log one line naming the
 * word offset and return an error, and the instance stays usable.
 *
 * Sources: psx-spx "Graphics Processing Unit (GPU)"; the drawing rules that
 * psx-spx leaves open follow what DuckStation and Mednafen (Beetle PSX)
 * settled on; docs/architecture.md lists each choice.
 */
#ifndef GLHLE_PSX_H
#define GLHLE_PSX_H

#include "glhle/glhle.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct glhle_psx glhle_psx;

typedef enum glhle_psx_renderer {
    GLHLE_PSX_RENDERER_GL = 0,   /* needs a glhle_context */
    GLHLE_PSX_RENDERER_SOFTWARE, /* CPU reference at 1x; the context may be NULL */
    GLHLE_PSX_RENDERER_COUNT_
} glhle_psx_renderer;

/* Zero means default for every field. */
typedef struct glhle_psx_desc {
    glhle_psx_renderer renderer; /* 0 -> GL */
    uint32_t resolution_scale;   /* internal resolution 1..8; 0 -> 1; software: must be 0 or 1 */
    /* GL only: blend and mask-test with texture barriers even where the
     * driver offers EXT_shader_framebuffer_fetch (to test the barrier path). */
    bool no_framebuffer_fetch;
    glhle_log_fn log;            /* NULL -> the context's logger, or stderr without one */
    void *log_user;
    glhle_log_level log_level;   /* records below it are dropped (used with .log) */
    /* GL only: the disk shader cache, DIR/TITLE.psx.glsc (see
     * glhle/shader_cache.h and docs/shader-cache.md); NULL: none. */
    const char *shader_cache_dir;
    const char *shader_cache_title;  /* NULL -> "default" */
    uint64_t shader_cache_max_bytes; /* the file's budget; 0 -> 256 MiB */
    uint32_t program_budget;         /* GL only: resident programs; 0 -> 512 */
    uint64_t program_budget_bytes;   /* and their GL memory; 0 -> 256 MiB */
    /* GL only: with N > 0 worker threads (shared contexts; offscreen and
     * window contexts, external ones compile in place), a primitive whose
     * program is not ready is drawn at once by the program that reads every
     * key field per primitive (the one mixed batches use, made at
     * creation) while a worker compiles its own program, so no draw waits
     * for a compile. 0: a miss compiles on the draw that needs it. */
    uint32_t shader_compile_threads;
} glhle_psx_desc;

/* ctx may be NULL for the software renderer. The GPU starts as after power-on:
 * VRAM zero, GP1(00h) state (GPUSTAT 14802000h). */
GLHLE_API glhle_result glhle_psx_create(glhle_context *ctx, const glhle_psx_desc *desc, glhle_psx **out);
/* NULL is ignored. Makes the context current (GL) to free its objects. */
GLHLE_API void glhle_psx_destroy(glhle_psx *psx);

/* ---- ports ----------------------------------------------------------------- */

/* GP0 (1F801810h write). Unknown codes F0h..FEh are taken as one-word no-ops
 * and reported as BAD_DATA (the word is still consumed, later words run). */
GLHLE_API glhle_result glhle_psx_gp0(glhle_psx *psx, uint32_t word);
/* The same for `count` words, as DMA delivers them. Every word is processed;
 * the result is the first error met (BAD_DATA), with its word offset logged. */
GLHLE_API glhle_result glhle_psx_gp0_block(glhle_psx *psx, const uint32_t *words, size_t count);
/* GP1 (1F801814h write). Commands are bits 24..29 (40h..FFh mirror 00h..3Fh).
 * 00h..09h and 10h..1Fh act as on a v2 GPU with 1 MiB VRAM; other codes are
 * ignored and reported as BAD_DATA. */
GLHLE_API glhle_result glhle_psx_gp1(glhle_psx *psx, uint32_t word);
/* GPUREAD (1F801810h read): the next two halfwords of a GP0(C0h) transfer
 * (first pixel in the low half, an odd last pixel padded with 0), otherwise
 * the latched value of the last read or GP1(10h). */
GLHLE_API uint32_t glhle_psx_gpuread(glhle_psx *psx);
/* GPUSTAT (1F801814h read). There is no video timing here: bit 31 reads 0 and
 * bit 13 reads 1 unless interlace is on (then 0); the GPU is never busy. */
GLHLE_API uint32_t glhle_psx_gpustat(const glhle_psx *psx);

/* Ends a stream (a script or dump ran out): a command still waiting for words
 * is dropped and reported as TRUNCATED with its first word's offset; a
 * GP0(A0h) upload keeps the pixels already received, as GP1(01h) would. */
GLHLE_API glhle_result glhle_psx_end_stream(glhle_psx *psx);

/* ---- VRAM and display -------------------------------------------------------- */

#define GLHLE_PSX_VRAM_WIDTH 1024u
#define GLHLE_PSX_VRAM_HEIGHT 512u

/* Native 16-bit VRAM words of the w x h rectangle at (x, y), row by row;
 * coordinates wrap at 1024/512 like GPU transfers. w, h in 1..1024/1..512.
 * At internal scales above 1x these are still the native values. */
GLHLE_API glhle_result glhle_psx_read_vram(glhle_psx *psx, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                                           uint16_t *out);
/* Stores native words directly (no mask logic, no GP0 state change): for
 * loading a saved VRAM. Same rectangle rules as glhle_psx_read_vram. */
GLHLE_API glhle_result glhle_psx_write_vram(glhle_psx *psx, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                                            const uint16_t *data);
/* The whole VRAM as RGBA8 at the internal resolution (1024*scale x
 * 512*scale, top row first): 5-bit channels widened as (c << 3) | (c >> 2),
 * alpha 255. `size` must be at least width*height*4. */
GLHLE_API glhle_result glhle_psx_read_vram_rgba(glhle_psx *psx, uint8_t *rgba, size_t size);
GLHLE_API uint32_t glhle_psx_get_scale(const glhle_psx *psx);

/* What GP1(03h..08h) put on screen. */
typedef struct glhle_psx_display {
    uint32_t x, y;          /* VRAM start (GP1(05h)), in halfwords and lines */
    uint32_t width, height; /* pixels: ((X2-X1)/dotclock + 2) & ~3 and Y2-Y1 (doubled in 480i) */
    bool depth24;           /* GP1(08h) bit 4: 24-bit pixels, 3 bytes each */
    bool enabled;           /* GP1(03h) bit 0 clear */
    bool pal;               /* GP1(08h) bit 3 */
    bool interlaced;        /* GP1(08h) bit 5 */
} glhle_psx_display;

GLHLE_API void glhle_psx_get_display(const glhle_psx *psx, glhle_psx_display *out);
/* The displayed area at native resolution as RGBA8 (width*height*4 bytes,
 * top row first), read from VRAM with wrap-around; black when the display is
 * disabled. A zero-sized display yields INVALID_ARGUMENT. */
GLHLE_API glhle_result glhle_psx_read_display_rgba(glhle_psx *psx, uint8_t *rgba, size_t size);
/* The displayed area as a PNG file at native resolution; an empty display
 * range is written as one black pixel. */
GLHLE_API glhle_result glhle_psx_write_display_png(glhle_psx *psx, const char *path);

/* ---- presentation into the core's framebuffer ---------------------------------
 * Draws the displayed area (GP1(05h)..(08h)) at the internal resolution into
 * a framebuffer or texture the caller names, on the GPU: no VRAM read-back,
 * so a core shows the upscaled picture. GL renderer only (the software
 * renderer returns UNSUPPORTED: use glhle_psx_read_display_rgba).
 *
 * 15-bit mode: each target pixel shows the internal-resolution VRAM
 * subpixel it maps to (nearest), 5-bit channels widened as the native
 * read-back widens them. 24-bit mode (GP1(08h) bit 4): three bytes a pixel
 * read from the native words (the top-left subpixel of each; 24-bit
 * pictures are uploaded by the CPU, not drawn), each native pixel covering
 * its scale x scale block. A disabled display shows black. At any scale,
 * the top-left pixel of each scale x scale block of an unscaled, exactly
 * sized target equals glhle_psx_read_display_rgba's pixel (the tests check
 * this). The state the call may leave changed is glhle.h's list. */
typedef struct glhle_psx_present_desc {
    /* Where to draw: `texture` (a GL_TEXTURE_2D with a colour-renderable
     * level 0, attached to glhle's own framebuffer) when non-zero, else the
     * caller's framebuffer `fbo` (0 = the default framebuffer). */
    uint32_t fbo;
    uint32_t texture;
    /* The rectangle in the target, in pixels from the bottom-left; width or
     * height 0 -> the displayed area at the internal resolution
     * (width * scale x height * scale) at (x, y). */
    int32_t x, y, width, height;
    /* Keep the picture's aspect: fit a picture of `aspect` (width / height;
     * 0 -> 4:3, a television's picture whatever the resolution) centred in
     * the rectangle and clear the bars black. Off: the picture fills the
     * rectangle. */
    bool letterbox;
    float aspect;
} glhle_psx_present_desc;

/* INVALID_ARGUMENT for an empty display range, a rectangle of 0 or
 * negative size or over 16384 pixels a side, or an incomplete target (the
 * GL is left with no error pending); UNSUPPORTED on the software renderer. */
GLHLE_API glhle_result glhle_psx_present(glhle_psx *psx, const glhle_psx_present_desc *desc);

/* ---- context loss (glhle.h, glhle_context_lost) -------------------------------
 * lost: with the old context current, VRAM is read back at the internal
 * resolution (every subpixel, 2 bytes each: 1 MiB x scale^2) with the CLUT
 * snapshot, and every GL object is deleted. restored: with the new context
 * current, the renderer is made again and VRAM uploaded: the picture goes
 * on as if nothing happened, at any scale. No-ops on the software
 * renderer. */
GLHLE_API glhle_result glhle_psx_context_lost(glhle_psx *psx);
GLHLE_API glhle_result glhle_psx_context_restored(glhle_psx *psx);

/* ---- statistics -------------------------------------------------------------- */

typedef struct glhle_psx_stats {
    uint64_t gp0_words, gp1_words;
    uint64_t primitives;      /* triangles, rectangles and line segments handed to the renderer */
    uint64_t culled;          /* primitives rejected for size (> 1023 x 511) or zero area */
    uint64_t transfers;       /* fills, copies, uploads and readbacks */
    uint64_t draw_calls;      /* GL: draw calls issued, blits included; software: 0 */
    uint64_t batches_broken;  /* GL: batches ended early for a read-after-write hazard */
    uint64_t programs;        /* GL: programs compiled so far */
    uint64_t bad_words;       /* words reported as BAD_DATA */
} glhle_psx_stats;

GLHLE_API void glhle_psx_get_stats(const glhle_psx *psx, glhle_psx_stats *out);

/* ---- frames and traces (docs/formats.md, "PlayStation traces") ----------------
 * glhle_psx_vsync marks a vertical blank: a frame boundary for recorders and
 * replay tools (the GPU itself does nothing at it). A recorder attached to
 * an instance writes a glhle trace (system 2) of every call below, from the
 * VRAM and GPU state it finds on attaching; glhle_psx_trace_replay plays one
 * back, frame for frame. */
GLHLE_API glhle_result glhle_psx_vsync(glhle_psx *psx);

typedef struct glhle_psx_recorder glhle_psx_recorder;

/* Zero means default for every field. */
typedef struct glhle_psx_recorder_desc {
    const char *path;            /* the file to write; NULL: keep the trace in memory */
    uint64_t max_bytes;          /* 0 -> 4 GiB; past it recording stops (LIMIT_EXCEEDED) */
    const char *comment;         /* stored in a COMMENT chunk */
    glhle_log_fn log;            /* NULL -> the instance's logger once attached */
    void *log_user;
    glhle_log_level log_level;
} glhle_psx_recorder_desc;

GLHLE_API glhle_result glhle_psx_recorder_create(const glhle_psx_recorder_desc *desc, glhle_psx_recorder **out);
/* Starts recording `psx` (once per recorder): VRAM and the GPU's state as
 * they are now, then every call. INVALID_ARGUMENT when the instance has a
 * recorder, or when a GP0 command is half-written (attach between commands). */
GLHLE_API glhle_result glhle_psx_recorder_attach(glhle_psx_recorder *rec, glhle_psx *psx);
/* Stops recording and closes the trace; returns the first recording error. */
GLHLE_API glhle_result glhle_psx_recorder_finish(glhle_psx_recorder *rec);
/* The in-memory trace after finish (valid until destroy). */
GLHLE_API glhle_result glhle_psx_recorder_bytes(const glhle_psx_recorder *rec, const uint8_t **data, size_t *size);
/* Finishes if needed and frees; the instance may outlive it or not. */
GLHLE_API void glhle_psx_recorder_destroy(glhle_psx_recorder *rec);

/* Called after each VSync chunk with the frame number (0-based); a non-OK
 * result stops the replay and is returned. */
typedef glhle_result (*glhle_psx_frame_fn)(void *user, glhle_psx *psx, uint32_t frame);

typedef struct glhle_psx_replay_desc {
    glhle_context *ctx;          /* for the GL renderer */
    glhle_psx_desc psx;          /* the instance to replay on */
    uint32_t frames;             /* play this many frames (the rest is only checked); 0 -> all */
    glhle_psx_frame_fn on_frame;
    void *user;
} glhle_psx_replay_desc;

typedef struct glhle_psx_replay_stats {
    uint32_t chunks, frames;
    uint32_t divergences;        /* GPUREAD values or VRAM reads that differ from the recording */
    /* The replay reached the END chunk a finished recording ends with. A
     * trace without it lost its end (a recording that never finished, a
     * file cut at a chunk boundary); what it holds was still played. */
    bool complete;
} glhle_psx_replay_stats;

/* Replays a PlayStation trace. BAD_DATA / TRUNCATED (logged with the byte
 * offset) for a damaged trace: nothing after the damage is played; also
 * BAD_DATA when the END chunk counts other chunks or frames before it than
 * the file holds (chunks were lost or added). */
GLHLE_API glhle_result glhle_psx_trace_replay(const void *data, size_t size, const glhle_psx_replay_desc *desc,
                                             glhle_psx_replay_stats *stats);

/* ---- save states ------------------------------------------------------------- */

/* Everything the GPU holds, as a versioned, checksummed little-endian blob
 * (docs/formats.md "Save states"; magic GLHSTATE, system 2): the GP0/GP1
 * registers, GPUSTAT's inputs, display registers, texture window, drawing
 * area and offset, mask bits, the GP0 state machine in the middle of a
 * command (collected words, polyline, an upload's pixels so far), an
 * undrained GP0(C0h) read, GPUREAD's latch, the CLUT cache's contents,
 * native VRAM and, at an internal scale above 1, VRAM at that scale. The
 * PlayStation GPU has no guest memory of its own: the blob is the whole
 * state; the core saves its own RAM, DMA and timers.
 *
 * Saving: with buf NULL, or capacity below what the state needs, *size is
 * set to the bytes needed, nothing is written and LIMIT_EXCEEDED returned
 * (logged only when buf was given); otherwise the blob is written and *size
 * is its length. The size depends only on the scale and on the pending
 * transfers, so a size asked for just before is enough.
 *
 * Loading: into any instance (a fresh one, on another context, another
 * renderer or scale). The whole blob is checked first -- magic, version
 * (1.x), system, every chunk's length and XXH3-64 checksum, every field's
 * range, the END chunk -- and BAD_DATA or TRUNCATED, logged with the byte
 * offset, leave the instance exactly as it was. At the saving scale the
 * internal-resolution VRAM is restored and the run continues bit-identically
 * at that resolution; at another scale (or on the software renderer) VRAM
 * is rebuilt from the native words, as an upload of all of VRAM would: the
 * native contents, and everything drawn later, are the same, only
 * sub-pixel detail drawn before the save is lost. Statistics are not
 * part of the state. */
GLHLE_API glhle_result glhle_psx_save_state(glhle_psx *psx, void *buf, size_t capacity, size_t *size);
/* INVALID_ARGUMENT while a trace recorder is attached (it could not follow). */
GLHLE_API glhle_result glhle_psx_load_state(glhle_psx *psx, const void *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
