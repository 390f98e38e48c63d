/* The PICA surface cache: guest memory ranges held as GL textures.
 *
 * A surface is one guest image — a render target, a texture (with its mip
 * chain), a display-transfer output, an LCD framebuffer — identified by a
 * plain-data key (address, size, row pitch, format, layout, mip levels,
 * scale). The cache keeps, per surface and per row group (8 rows for
 * 8x8-tiled images, 32 for 32x32 blocks, 1 for linear images; a whole mip
 * chain is one group), whether the GL copy is current ("valid") and whether
 * it is newer than guest memory ("dirty", always also valid). A page table
 * (4 KiB pages) finds the surfaces overlapping any guest range.
 *
 * Coherence rules, which every operation keeps:
 *  - At most one surface is dirty over any guest byte. When a surface is
 *    written on the GPU (pica_surface_cache_mark_written, a fill, a
 *    transfer), every other surface overlapping the written rows is
 *    invalidated there, after writing back its own dirty rows if it had
 *    any.
 *  - A surface that becomes needed with invalid rows is brought up to date
 *    from other resident surfaces on the GPU when they can supply the rows
 *    (same layout and bytes per texel, rows aligned): an exact or
 *    sub-rectangle copy, a rescale, or a reinterpretation between formats
 *    with the same bits per texel (RGB565 <-> RGB5A1 <-> RGBA4 <-> IA8 <->
 *    HILO8, RGBA8 <-> D24S8, RGB8 <-> D24; the raw texel bits carry over,
 *    as a game sees them when it points a texture at a render target of
 *    another format). Only rows no surface can supply are uploaded from
 *    guest memory, after the dirty surfaces over them were written back.
 *  - Guest memory is written only by flushes (explicit, before a CPU-path
 *    operation reads it, or when an overlapping surface must be dropped).
 *
 * Orientation. Guest row 0 is the first row in memory, the TOP of the image
 * as viewed. GL row 0 of every surface texture is the guest's LAST row, so
 * that texture coordinate t = 0 is the bottom row as the PICA samples it
 * (texcodec.h, PICA_CODEC_FLIP_Y; uploads and downloads flip). The PICA's
 * window coordinates have y = 0 at the bottom of the framebuffer (the last
 * row in memory), so a render target's GL coordinates are the PICA window
 * coordinates times the scale, with no flip: the viewport VIEWPORT_XY
 * (x, y) + (w, h) is glViewport(origin_x + x*s, origin_y + y*s, w*s, h*s),
 * a scissor box likewise, and a guest-pixel rectangle in the top-left
 * guest convention (pica_rect) covers GL rows (H - y - h)*s .. (H - y)*s.
 * Cube maps: each face is uploaded like a 2D texture (its last guest row at
 * GL row 0) into the GL cube face of the same index (+X, -X, +Y, -Y, +Z,
 * -Z); sample it with the PICA's (s, t, r) as they are (Azahar does the
 * same). Colour textures are GL_RGBA8 holding the decoded texels exactly
 * (texcodec.h's RGBA8 expansion, so HILO8 is (HI, LO, 0, 255), A8 has black
 * RGB, and a shadow map's RGBA8 bytes are the raw depth/stencil bits);
 * depth surfaces are GL_DEPTH24_STENCIL8 (D16 widened by bit replication).
 *
 * Render targets narrower than RGBA8 (RGB8, RGB5A1, RGB565, RGBA4) are
 * stored as GL_RGBA8: whatever the draw path writes is quantised (truncated
 * to the format's bits, as the PICA stores it) when the cache writes it
 * back, transfers it, copies it or hands it out as a texture. Blending
 * against such a target inside one draw sees the unquantised values unless
 * the draw path quantises its colour output itself.
 *
 * Lifetime. GL names returned by this interface (FBOs, textures) stay valid
 * at least until the next pica_surface_cache_bind_framebuffer() call: the
 * cache never evicts a surface used since the last bind. The contents may
 * change by later cache operations (that is the point). Eviction drops the
 * least recently used clean surfaces first; dirty ones are written back
 * before they are dropped. The budget counts GL texture bytes; it can be
 * exceeded while the surfaces in use need more.
 *
 * GL state. The cache issues GL calls through the shared gl_state (bindings,
 * viewport, scissor, masks, blend...) so the draw path's shadow stays
 * correct; it also sets the pixel-store unpack/pack state it needs before
 * each transfer and leaves GL_PIXEL_{UN,}PACK_BUFFER unbound. Every call
 * expects the instance's GL context to be current (gl_context_enter). */
#ifndef GLHLE_PICA_SURFACE_CACHE_H
#define GLHLE_PICA_SURFACE_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <glad/gl.h>

#include "backend/common/log.h"
#include "backend/pica/frontend/memory.h"
#include "backend/pica/frontend/pica_state.h"
#include "backend/pica/texture/texcodec.h"
#include "glhle/pica.h"

struct gl_state;
typedef struct pica_surface_cache pica_surface_cache;

#define PICA_SURFACE_MAX_SCALE 10u

/* The identity of a surface. Plain data: zeroed, then filled; hashed with
 * XXH3-64 and compared with memcmp. */
typedef struct pica_surface_key {
    uint32_t addr;   /* guest physical address of level 0 */
    uint32_t width;  /* texels of level 0 */
    uint32_t height;
    uint32_t pitch;  /* bytes from one row group to the next (never 0: packed is filled in) */
    uint8_t format;  /* pica_texfmt */
    uint8_t layout;  /* pica_layout */
    uint8_t levels;  /* mip levels, 1..; level n follows level n-1 in memory */
    uint8_t scale;   /* 1..PICA_SURFACE_MAX_SCALE */
} pica_surface_key;
_Static_assert(sizeof(pica_surface_key) == 20, "pica_surface_key layout changed");

typedef struct pica_surface_cache_desc {
    glhle_context *ctx;
    const pica_memory *mem;  /* guest memory */
    const glhle_logger *log;
    struct gl_state *state;  /* the instance's shared GL state shadow */
    uint32_t scale;          /* resolution scale of render targets, 1..10 */
    size_t budget_bytes;     /* GL texture memory before eviction; 0 -> 256 MiB */
    glhle_pica_stats *stats; /* counters to update (the instance's) */
} pica_surface_cache_desc;

glhle_result pica_surface_cache_create(const pica_surface_cache_desc *desc, pica_surface_cache **out);
/* Writes nothing back: destroy after flushing what the guest still needs. */
void pica_surface_cache_destroy(pica_surface_cache *c);

/* ---- render targets ------------------------------------------------------------
 * The colour and depth-stencil buffers of the current framebuffer state, as
 * one FBO. The colour buffer (COLORBUFFER_LOC, COLORBUFFER_FORMAT) is
 * attached when color_read or color_write is non-zero, the depth-stencil
 * buffer (DEPTHBUFFER_LOC, DEPTHBUFFER_FORMAT) when any depth or stencil
 * read/write enable is set; both are FRAMEBUFFER_DIM in size, 8x8 tiles or
 * 32x32 blocks per FRAMEBUFFER_BLOCK32, at the cache's scale. Each is an
 * exact surface for those parameters, brought up to date before this
 * returns (so reads of the old contents and partial writes see the right
 * data). */
typedef struct pica_render_targets {
    GLuint fbo;               /* 0 when neither buffer is attached (nothing to draw into) */
    uint32_t width, height;   /* guest size (FRAMEBUFFER_DIM) */
    uint32_t scale;           /* GL pixels per guest pixel, each axis */
    /* GL pixel of guest window coordinate (0, 0) (the bottom-left corner)
     * in the attachments: viewport and scissor are offset by it. 0 today;
     * kept so that targets inside larger surfaces need no interface change. */
    int32_t origin_x, origin_y;
    bool has_color, has_depth;
    bool has_stencil;         /* the depth format is D24S8 */
    pica_texfmt color_format; /* PICA_TEXFMT_RGBA8..RGBA4 when has_color */
    pica_texfmt depth_format; /* PICA_TEXFMT_D16/D24/D24S8 when has_depth */
    GLuint color_texture;     /* the attachments, for the draw path's own checks (feedback loops) */
    GLuint depth_texture;
} pica_render_targets;

/* Binds nothing itself: the draw path binds out->fbo through gl_state.
 * Returns OK with out->fbo 0 when both buffers are disabled; an error
 * (logged with the register and address) when an enabled buffer is at an
 * unmapped address, has a zero or oversized size or an invalid format —
 * then that buffer is left out and the other may still be attached. Cheap
 * when the framebuffer state is the same as last time. */
glhle_result pica_surface_cache_bind_framebuffer(pica_surface_cache *c, const pica_framebuffer_state *fb,
                                                 pica_render_targets *out);

/* The draw path wrote guest pixels `rect` (top-left guest convention,
 * clipped to the framebuffer) of the targets last returned: the colour
 * buffer when color_write, the depth-stencil when depth or stencil writes
 * are enabled in `fb` (pass the state the draw used). Marks the rows dirty
 * and invalidates other surfaces over them. Cheap when the rows are already
 * dirty. `shadow_words`: the draw was a shadow-map pass (COLOR_OPERATION
 * mode 3), so the colour texels are words and flushes at scale take one
 * sample per texel. */
void pica_surface_cache_mark_written(pica_surface_cache *c, const pica_framebuffer_state *fb, const pica_rect *rect,
                                     bool shadow_words);

/* An R32UI view of level 0 of the bound colour buffer (the last
 * bind_framebuffer) for shadow-map passes, which update its texels as
 * words; made once per surface and deleted with it. 0 when no colour buffer
 * is bound or it is not RGBA8. */
GLuint pica_surface_cache_color_words(pica_surface_cache *c);

/* ---- textures ------------------------------------------------------------------ */

typedef struct pica_texture {
    GLuint texture;          /* never 0: a 1x1 transparent black texture stands in after an error */
    GLenum target;           /* GL_TEXTURE_2D or GL_TEXTURE_CUBE_MAP */
    uint32_t width, height;  /* guest size of level 0 */
    uint32_t scale;          /* GL texels per guest texel (1 for textures uploaded from memory) */
    uint32_t levels;         /* GL levels present: 0..levels-1 are guest levels 0..levels-1 */
    pica_texfmt format;      /* the guest format of the texels */
} pica_texture;

/* The GL texture for texture unit `index` (0-2). Unit 0 of type CUBE or
 * SHADOW_CUBE uses cube_address[0..5] (pica_texturing_state) for the faces;
 * others use unit->address. Levels 0..lod_max (clamped to the levels of at
 * least 8x8 texels) are present; apply lod_min/lod_max/bias with the
 * sampler. Reuses a resident surface without a CPU round trip when one
 * matches exactly, contains the texture as a sub-rectangle, or holds the
 * same rows in another format of the same bits per texel (render to
 * texture). A disabled unit returns OK with the stand-in. On bad input
 * (unmapped address, zero or oversized size, unknown format or type, a
 * non-square cube) *out is the stand-in texture and the error is returned,
 * logged once per distinct configuration (not on every draw). A render
 * target the draw path wrote is brought to the texels its format stores
 * (an RGB565 target keeps 5-6-5 bits) before it is handed out. */
glhle_result pica_surface_cache_get_texture(pica_surface_cache *c, const pica_tex_unit_state *unit,
                                            unsigned index, const uint32_t cube_address[6], pica_texture *out);

/* ---- coherence (glhle_pica_invalidate / glhle_pica_flush) --------------------- */

void pica_surface_cache_invalidate(pica_surface_cache *c, uint32_t paddr, uint32_t size);
/* Writes every dirty row overlapping the range back to guest memory.
 * Returns the first error (an unmapped surface) after doing the rest. */
glhle_result pica_surface_cache_flush(pica_surface_cache *c, uint32_t paddr, uint32_t size);

/* ---- display operations on the GPU --------------------------------------------
 * Each returns true when it did the operation on the GPU (the result then
 * lives in a dirty surface), false when the caller must run the CPU path
 * (source not resident, parameters the GPU path does not take). The
 * parameters are already validated (display.h). */
struct pica_fill_params;
struct pica_transfer_params;
struct pica_copy_params;
bool pica_surface_cache_fill(pica_surface_cache *c, const struct pica_fill_params *f);
bool pica_surface_cache_transfer(pica_surface_cache *c, const struct pica_transfer_params *t);
bool pica_surface_cache_copy(pica_surface_cache *c, const struct pica_copy_params *t);

/* ---- presentation ------------------------------------------------------------- */

typedef struct pica_screen_texture {
    GLuint texture;         /* GL_TEXTURE_2D, the LCD framebuffer as a linear surface (columns as rows) */
    uint32_t columns;       /* guest rows: 400 or 320 */
    uint32_t scale;
} pica_screen_texture;

/* The LCD framebuffer at `addr` (pica_texfmt format, columns of 240 texels,
 * `pitch` bytes apart) as a valid surface: a resident one when the GPU
 * produced it, else uploaded from guest memory. */
glhle_result pica_surface_cache_get_screen(pica_surface_cache *c, uint32_t addr, pica_texfmt format, uint32_t pitch,
                                           uint32_t columns, pica_screen_texture *out);

/* ---- introspection, for tests and tools ---------------------------------------- */

/* The resident surface with exactly this key, or false. */
bool pica_surface_cache_lookup(pica_surface_cache *c, const pica_surface_key *key, GLuint *texture);
/* Drops every surface (dirty ones are written back first). */
void pica_surface_cache_clear(pica_surface_cache *c);

/* ---- save states (backend/pica/pica_save_state.c) --------------------------------- */

#define PICA_SAVED_RAW 1u   /* the draw path wrote finer texels than the format holds */
#define PICA_SAVED_WORDS 2u /* shadow-map rendering wrote it last */

/* One resident surface as a save state holds it. */
typedef struct pica_saved_surface {
    pica_surface_key key;
    uint32_t flags;            /* PICA_SAVED_* */
    uint32_t groups;           /* row groups */
    const uint8_t *valid;      /* (groups + 7) / 8 bytes, bit g % 8 of byte g / 8: group g is current */
    const uint8_t *texels;     /* every GL level in turn, GL rows bottom first, 4 bytes a texel: RGBA8, or
                                * GL_UNSIGNED_INT_24_8 words for depth */
    size_t texel_bytes;
} pica_saved_surface;

typedef glhle_result (*pica_surface_save_fn)(void *user, const pica_saved_surface *s);
/* Writes every dirty row back to guest memory, then hands each surface
 * with current rows inside the mappings to fn, least recently used first, its texels read
 * back (valid during the call only). Stops at fn's first error. */
glhle_result pica_surface_cache_save(pica_surface_cache *c, pica_surface_save_fn fn, void *user);
/* Whether a saved key is one this cache can hold now (scale 1 or the
 * cache's, an addressable image inside one mapping, GL limits); logs why
 * not. On OK, the row groups and texel bytes its surface has. */
glhle_result pica_surface_cache_check_saved(pica_surface_cache *c, const pica_surface_key *k, uint32_t *groups,
                                            size_t *texel_bytes);
/* Drops every surface and cube map without writing anything back. */
void pica_surface_cache_discard(pica_surface_cache *c);
/* Makes the surface with these texels and current rows (none dirty); the
 * key passed pica_surface_cache_check_saved. */
glhle_result pica_surface_cache_restore(pica_surface_cache *c, const pica_saved_surface *s);

#endif
