/* The PlayStation GPU front end: the state GP0 and GP1 commands set, the GP0
 * word parser, and the hand-off to a renderer. gp0.c owns the GP0 stream,
 * gp1.c the GP1 port, GPUSTAT, GPUREAD and the display registers, psx.c the
 * public API. */
#ifndef GLHLE_PSX_GPU_H
#define GLHLE_PSX_GPU_H

#include "backend/common/log.h"
#include "backend/psx/psx_observer.h"
#include "backend/psx/renderer.h"
#include "glhle/psx.h"

/* Where the GP0 parser is between words. */
typedef enum psx_gp0_state {
    PSX_GP0_IDLE = 0,  /* the next word starts a command */
    PSX_GP0_COMMAND,   /* collecting the parameters of a fixed-length command */
    PSX_GP0_POLYLINE,  /* a polyline after its first segment: vertices until a terminator */
    PSX_GP0_UPLOAD,    /* GP0(A0h) data words */
} psx_gp0_state;

#define PSX_GP0_MAX_WORDS 12 /* GP0(3Ch), a textured Gouraud quad */

typedef struct psx_gp0_parser {
    psx_gp0_state state;
    uint32_t words[PSX_GP0_MAX_WORDS];
    uint32_t have, need;
    uint64_t start;             /* stream index of the current command's first word */
    /* polyline: the command word, the last vertex, the pending colour word */
    uint32_t pl_cmd;
    psx_vertex pl_last;
    uint32_t pl_color;
    bool pl_have_color;
    /* GP0(A0h): destination, size and progress in pixels */
    uint32_t up_x, up_y, up_w, up_h, up_total, up_done;
} psx_gp0_parser;

struct glhle_psx {
    glhle_logger log;
    psx_renderer *r;
    struct glhle_context *ctx;  /* the GL renderer's context; NULL for the others */
    glhle_psx_stats stats;
    uint64_t gp0_index;         /* words seen on GP0 since creation (log offsets) */
    uint64_t gp1_index;

    /* GP0 environment (psx-spx "GPU Rendering Attributes") */
    uint32_t e1;                /* GP0(E1h) bits 0..13 */
    uint32_t e2;                /* texture window, 20 bits */
    uint32_t e3, e4;            /* drawing area corners as written, 20 bits */
    uint32_t e5;                /* drawing offset as written, 22 bits */
    int32_t off_x, off_y;       /* E5 sign-extended */
    uint32_t e6;                /* mask bits */
    bool irq;                   /* GPUSTAT.24 */

    /* CLUT cache: reloaded only when the CLUT attribute changes or a 4-bit
     * cache is used for 8 bits; GP0(01h), GP1(00h) and GP1(01h) invalidate it
     * (psx-spx "GPU Texture Caching", "GP1(01h)"; duckstation
     * UpdateCLUTIfNeeded; mednafen Update_CLUT_Cache). */
    bool clut_valid, clut_is8;
    uint16_t clut_reg;

    /* GP1 */
    uint32_t dma_dir;           /* GP1(04h) */
    uint32_t disp_start;        /* GP1(05h), 19 bits */
    uint32_t hrange;            /* GP1(06h), 24 bits */
    uint32_t vrange;            /* GP1(07h), 20 bits */
    uint32_t disp_mode;         /* GP1(08h), 8 bits */
    bool display_off;           /* GP1(03h) */
    uint32_t vram_size;         /* GP1(09h) bit 0 (stored; only 1 MiB is emulated) */
    uint32_t gpuread_latch;

    psx_gp0_parser p;
    uint16_t *upload;           /* PSX_VRAM_W * PSX_VRAM_H staging pixels for GP0(A0h) */
    uint16_t *readback;         /* the same for GP0(C0h) */
    uint32_t rd_total, rd_pos;  /* pixels of a GP0(C0h) transfer, and how many were read */

    psx_call_observer_slot calls; /* the trace recorder, if one is attached */
};

/* psx.c: hands a finished call to the observer, if any. */
static inline void psx_observe(glhle_psx *psx, const psx_call *c, glhle_result r)
{
    if (psx->calls.vt)
        psx->calls.vt->after(psx->calls.obs, c, r);
}

/* psx.c: a GPU on any renderer; `make` builds the renderer for the GPU's
 * logger and statistics (glhle_psx_create uses it for GL and software). */
typedef psx_renderer *(*psx_renderer_make)(const void *arg, const glhle_logger *log, glhle_psx_stats *stats,
                                           glhle_result *result);
glhle_result psx_create_with(const glhle_logger *log, psx_renderer_make make, const void *arg, glhle_psx **out);

/* nullrender.c: a renderer that draws nothing and reads zeros, for measuring
 * and fuzzing the front end alone. */
psx_renderer *psx_nullrender_create(const void *arg, const glhle_logger *log, glhle_psx_stats *stats,
                                    glhle_result *result);

/* gp0.c */
glhle_result psx_gp0_write(glhle_psx *psx, const uint32_t *words, size_t count);
/* Number of words of the command starting with `word` (the minimum before
 * the first segment for polylines, 3 for uploads before their data). */
uint32_t psx_gp0_command_words(uint32_t word);
/* Applies the pixels of an unfinished upload and forgets pending commands
 * (GP1(01h), GP1(00h), end of stream). Returns the dropped command's word
 * count (0 if none). */
uint32_t psx_gp0_abort(glhle_psx *psx);
void psx_gp0_reset_env(glhle_psx *psx);
void psx_invalidate_clut(glhle_psx *psx);

/* gp1.c */
glhle_result psx_gp1_write(glhle_psx *psx, uint32_t word);
uint32_t psx_gpustat(const glhle_psx *psx);
uint32_t psx_gpuread(glhle_psx *psx);
void psx_display(const glhle_psx *psx, glhle_psx_display *out);
/* GP1(00h) */
void psx_gpu_reset(glhle_psx *psx);

static inline int32_t psx_sext11(uint32_t v)
{
    return (int32_t)((v & 0x7FFu) ^ 0x400u) - 0x400;
}

/* The external-context bracket around a public call (psx.c). */
void psx_gl_call_begin(glhle_psx *psx, const char *what);
void psx_gl_call_end(glhle_psx *psx);

#endif
