/* What the GP0/GP1 front end (gp0.c, gp1.c) asks of a PlayStation renderer.
 * Two implement it: the GL renderer (rasterizer.c for primitives, vram.c for
 * VRAM and transfers) and the software reference (swrender.c).
 *
 * Contract, the same for both so their VRAM matches bit for bit:
 * - Operations take effect in call order.
 * - A primitive samples texels as VRAM was before that primitive (one
 *   triangle, rectangle or line segment) started; its CLUT comes from the
 *   CLUT cache filled by the last load_clut. (The hardware's 2 KiB texture
 *   cache is not modelled; psx-spx "GPU Texture Caching".)
 * - Blending and the mask test read the pixel being written.
 * - Coordinates given to transfers are already masked; rectangles wrap at the
 *   VRAM edges. */
#ifndef GLHLE_PSX_RENDERER_H
#define GLHLE_PSX_RENDERER_H

#include <stddef.h>

#include "backend/common/log.h"
#include "backend/psx/prim_setup.h"
#include "glhle/psx.h"

typedef struct psx_renderer psx_renderer;

typedef struct psx_renderer_ops {
    void (*destroy)(psx_renderer *r);
    void (*draw_triangle)(psx_renderer *r, const psx_draw_mode *m, const psx_triangle *t);
    void (*draw_line)(psx_renderer *r, const psx_draw_mode *m, const psx_line *l);
    void (*draw_sprite)(psx_renderer *r, const psx_draw_mode *m, const psx_sprite *s);
    /* GP0(02h): w x h at (x, y), wrapping, ignoring mask and drawing area. */
    void (*fill)(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, uint16_t color);
    /* GP0(80h): rows top to bottom, each row read whole before it is written
     * (docs/architecture.md, "VRAM copies"); mask rules per pixel. */
    void (*copy)(psx_renderer *r, uint32_t sx, uint32_t sy, uint32_t dx, uint32_t dy, uint32_t w, uint32_t h,
                 bool mask_set, bool mask_check);
    /* GP0(A0h) and raw writes: w*h pixels row by row into (x, y), wrapping. */
    void (*upload)(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, const uint16_t *pixels,
                   bool mask_set, bool mask_check);
    /* Native words of w x h at (x, y), wrapping. */
    void (*read)(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, uint16_t *out);
    /* Fills the CLUT cache with `count` (16 or 256) halfwords from row y
     * starting at x, wrapping at x = 1024. */
    void (*load_clut)(psx_renderer *r, uint32_t x, uint32_t y, uint32_t count);
    /* The whole VRAM at the internal resolution as RGBA8, top row first. */
    glhle_result (*read_rgba)(psx_renderer *r, uint8_t *rgba);
    /* Save states (psx_state.c); NULL where a renderer has nothing of the
     * kind. read_clut: the 256 halfwords the CLUT cache holds now (entries
     * past the last load's count may read 0). write_clut: the cache holds
     * `in` as if load_clut(x, y, count) had read it, whatever VRAM holds. */
    void (*read_clut)(psx_renderer *r, uint16_t out[256]);
    void (*write_clut)(psx_renderer *r, uint32_t x, uint32_t y, uint32_t count, const uint16_t in[256]);
    /* All of VRAM at the internal resolution (1024*scale x 512*scale
     * 16-bit words, top row first), and back. */
    void (*read_scaled)(psx_renderer *r, uint16_t *out);
    void (*write_scaled)(psx_renderer *r, const uint16_t *in);
} psx_renderer_ops;

struct psx_renderer {
    const psx_renderer_ops *ops;
    const glhle_logger *log;
    glhle_psx_stats *stats;
    uint32_t scale;
    struct gl_program_service *programs; /* the GL renderer's (NULL for the others) */
};

/* Each returns NULL (after logging why) on failure. */
psx_renderer *psx_swrender_create(const glhle_logger *log, glhle_psx_stats *stats);

struct glhle_context;
psx_renderer *psx_gl_create(struct glhle_context *ctx, const glhle_logger *log, glhle_psx_stats *stats,
                            uint32_t scale, const glhle_psx_desc *desc, glhle_result *result);

/* RGB555 + mask bit to RGBA8 as the display shows it. */
static inline void psx_rgba_from_555(uint16_t c, uint8_t *out)
{
    uint32_t r = c & 31, g = (c >> 5) & 31, b = (c >> 10) & 31;
    out[0] = (uint8_t)((r << 3) | (r >> 2));
    out[1] = (uint8_t)((g << 3) | (g >> 2));
    out[2] = (uint8_t)((b << 3) | (b >> 2));
    out[3] = 255;
}

#endif
