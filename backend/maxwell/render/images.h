/* Maxwell storage images (SULD/SUST/SURED/SUATOM) on GL, for compute
 * launches (compute.c) and draws (draw.c).
 *
 * Owns: one GL texture per image slot (unit = slot, the translator's GL
 * layout, maxwell_spirv.c mw_spirv_gl_bindings) and the staging bytes an
 * upload and a write-back go through, both made at the first use and kept
 * (a larger image grows the staging once; nothing is allocated per use
 * otherwise). May call: backend/gl, the render cache (render_targets.h)
 * for coherence, guest memory through the renderer's mw_mem_io.
 *
 * An image is level 0 of a 2D header, pitch or block-linear, in a format
 * GL has an image format for (GL 4.5 table 8.27; the translator's
 * MW_IMG_*): R32 (uint, sint, float), A8B8G8R8 (unorm, uint),
 * R16G16B16A16 float, R32G32B32A32 (float, uint). A slot the code moves as
 * raw 32-bit words (SULD.D/SUST.D) is bound as R32UI over the same bytes.
 * Binding uploads each image from guest memory (the render targets over it
 * written back first); write-back reads each back, lays it out again in
 * its guest layout over the bytes it came from (pitch and GOB padding
 * kept) and writes the bytes that changed, marking the caches over them
 * stale (mw_render_invalidate). The caller orders the GL: a
 * glMemoryBarrier between the shader's stores and the write-back. */
#ifndef GLHLE_MAXWELL_RENDER_IMAGES_H
#define GLHLE_MAXWELL_RENDER_IMAGES_H

#include "backend/maxwell/memory/block_linear.h"
#include "backend/maxwell/render/render_targets.h"
#include "shadergen/maxwell_spirv.h"

typedef struct mw_image_format mw_image_format; /* images.c */

/* One slot's image as its header describes it. */
typedef struct mw_image {
    uint32_t tic[8];
    uint32_t index;           /* in the header pool, for messages */
    const mw_image_format *f; /* NULL: the slot is not bound */
    uint8_t key_format;       /* MW_IMG_* for the translation key */
    uint32_t width, height;
    uint64_t va, size;        /* the guest bytes level 0 spans */
    uint32_t pitch;           /* pitch layout: bytes per row; 0: block-linear */
    mw_bl_geom g;             /* block-linear */
    int32_t shares;           /* an earlier slot with the same header, or -1 */
} mw_image;

/* Guest memory an image must not share a byte with (a global buffer, a
 * render target, a sampled texture): `what` and `index` name it. */
typedef struct mw_image_span {
    uint64_t va, size;
    const char *what;
    uint32_t index;
} mw_image_span;

/* Slot `slot`'s image from its handle word `handle` (read by the caller at
 * c`cbuf`[`offset`], which messages name): header index bits 19:0 of the
 * header pool at `pool` (at most `max_index`). `who` begins each message
 * ("compute launch", "draw's pixel stage"); lg NULL-level loggers quiet
 * it. Refusals: past the pool's maximum, unmapped header, undecodable
 * header, a header that is not a level-0 2D image in a supported format,
 * sizes past this GL's texture size or 64 MiB, memory of the wrong kind. */
glhle_result mw_image_plan(mw_render *r, const glhle_logger *lg, const char *who, uint32_t slot, uint32_t handle,
                           uint32_t cbuf, uint32_t offset, uint64_t pool, uint32_t max_index, mw_image *im);

/* The images of `mask` (raw_mask: those accessed as raw words) uploaded
 * and bound at image unit = slot. Two slots naming the same header share
 * one texture; other overlaps between them, or with one of `avoid`, are
 * refused (UNSUPPORTED). On failure nothing stays bound. */
glhle_result mw_images_bind(mw_render *r, const char *who, mw_image img[MW_SPIRV_IMG_SLOTS], uint32_t mask,
                            uint32_t raw_mask, const mw_image_span *avoid, uint32_t avoid_count);
/* After the work that stored to them and a glMemoryBarrier covering
 * TEXTURE_UPDATE: each bound image's changed bytes to guest memory, the
 * caches over them stale, the bytes counted into *written; then every
 * slot of `mask` unbound. */
glhle_result mw_images_write_back(mw_render *r, const char *who, const mw_image img[MW_SPIRV_IMG_SLOTS],
                                  uint32_t mask, uint32_t raw_mask, uint64_t *written);
/* The span of [va, va + size) where `after` differs from `before` (what
 * guest memory held) written to guest memory, the caches over it stale,
 * its bytes counted into *written; false when the write failed. */
bool mw_render_write_changed(mw_render *r, uint64_t va, const uint8_t *before, const uint8_t *after, size_t size,
                             uint64_t *written);
/* Unbinds the slots of `mask` (a failed draw or launch). */
void mw_images_unbind(mw_render *r, uint32_t mask);
void mw_images_fini(mw_render *r);

#endif
