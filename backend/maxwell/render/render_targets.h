/* Maxwell render targets on GL (issue 16, part 2: render targets and
 * clears; the draw path, textures and presentation come later).
 *
 * Owns: the GL images that stand for colour and depth-stencil surfaces in
 * GPU memory, at `scale` times their size; loading them from guest memory
 * the first time they are used (and again after the memory changed);
 * CLEAR_SURFACE with its component, MRT, layer, scissor and stencil-mask
 * controls; writing rendered surfaces back to guest memory, bit-exact,
 * through the block-linear or pitch layout.
 * May call: backend/gl (the state tracker), backend/maxwell/memory (the
 * block-linear layout), the decoded state it is given; memory only through
 * the mw_mem_io the instance hands it, which must not come back here. */
#ifndef GLHLE_MAXWELL_RENDER_TARGETS_H
#define GLHLE_MAXWELL_RENDER_TARGETS_H

#include "backend/gl/gl_state.h"
#include "backend/maxwell/engines/engines.h"
#include "backend/maxwell/frontend/maxwell_state.h"
#include "backend/maxwell/render/rt_formats.h"
#include "glhle/maxwell.h"

/* Surfaces kept at once; the least recently used one is written back (if
 * rendered to) and dropped to make room. */
#define MW_RENDER_MAX_SURFACES 64u
#define MW_RENDER_MAX_SCALE 8u

/* One 2D surface (a layer of a target) in guest memory. */
typedef struct mw_surface_desc {
    uint64_t va;                  /* of this layer */
    const mw_rt_format *format;
    bool zeta;
    uint32_t width, height;       /* pixels */
    bool pitch;                   /* pitch layout (colour only) */
    uint32_t pitch_bytes;         /* pitch layout: bytes from one row to the next */
    uint32_t block_height_log2;   /* block-linear: GOBs per block in y, 0-5 */
} mw_surface_desc;

typedef struct mw_surface {
    mw_surface_desc d;
    uint64_t lo, hi;              /* guest bytes the layout spans */
    GLuint tex, fbo;              /* width * scale by height * scale */
    bool gpu_dirty;               /* GL holds pixels guest memory does not */
    bool stale;                   /* guest memory changed since it was loaded */
    uint64_t last_use;
} mw_surface;

typedef struct mw_render_stats {
    uint64_t clears;              /* CLEAR_SURFACE operations performed (colour or zeta each) */
    uint64_t loads;               /* surfaces loaded from guest memory */
    uint64_t writebacks;          /* surfaces written back */
    uint64_t evictions;
    uint32_t surfaces;            /* resident now */
} mw_render_stats;

/* The last presented frame (present.c): RGBA8, bottom row first as GL
 * keeps images. */
typedef struct mw_frame {
    GLuint tex, fbo;
    uint32_t width, height;
    bool have;
} mw_frame;

typedef struct mw_render {
    glhle_context *ctx;
    gl_state st;
    uint32_t scale;
    mw_mem_io io;                 /* raw guest memory: no coherence calls back into the renderer */
    mw_surface surf[MW_RENDER_MAX_SURFACES];
    uint32_t count;
    uint64_t tick;
    mw_render_stats stats;
    mw_frame frame;
    uint8_t *staging;             /* one surface's guest bytes and their linear copy */
    size_t staging_size;
} mw_render;

/* scale 1-8. */
glhle_result mw_render_init(mw_render *r, glhle_context *ctx, uint32_t scale, const mw_mem_io *io);
void mw_render_fini(mw_render *r);

/* CLEAR_SURFACE `value` (clb197.h: Z 0, STENCIL 1, R-A 2-5, MRT_SELECT
 * 9:6, RT_ARRAY_INDEX 25:10) with the state it reads. */
glhle_result mw_render_clear(mw_render *r, const mw_state *st, const uint32_t *regs, uint32_t value);

/* Writes every rendered surface that shares a byte with [va, va + size)
 * back to guest memory. */
glhle_result mw_render_flush(mw_render *r, uint64_t va, uint64_t size);
/* Guest memory in [va, va + size) changed: surfaces there are loaded again
 * before their next use. A surface with unwritten pixels is written back
 * first by the caller (mw_render_flush) when the change is partial. */
void mw_render_invalidate(mw_render *r, uint64_t va, uint64_t size);
/* True when a surface spans a byte of [va, va + size). */
bool mw_render_overlaps(const mw_render *r, uint64_t va, uint64_t size);

/* The resident surface for d, created and loaded from guest memory when
 * there is none (or reloaded when memory changed); surfaces overlapping it
 * in other shapes are written back and dropped. */
glhle_result mw_render_get_surface(mw_render *r, const mw_surface_desc *d, mw_surface **out);
/* A nearest-sampled blit of whole images of format f between two
 * framebuffers, with scissor and masks off. */
void mw_render_blit(mw_render *r, GLuint src, GLuint dst, uint32_t sw, uint32_t sh, uint32_t dw, uint32_t dh,
                    const mw_rt_format *f);

/* ---- presentation (present.c) ---- */
glhle_result mw_present(mw_render *r, const glhle_maxwell_present_desc *desc);
glhle_result mw_present_read(mw_render *r, void *rgba, size_t rgba_size, uint32_t *width, uint32_t *height);
void mw_present_fini(mw_render *r);

#endif
