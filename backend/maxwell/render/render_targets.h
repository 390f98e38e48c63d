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

#include "backend/common/image.h"
#include "backend/gl/gl_state.h"
#include "backend/maxwell/engines/engines.h"
#include "backend/maxwell/frontend/maxwell_state.h"
#include "backend/maxwell/render/rt_formats.h"
#include "glhle/maxwell.h"

/* Surfaces kept at once; the least recently used one is written back (if
 * rendered to) and dropped to make room. */
#define MW_RENDER_MAX_SURFACES 64u
#define MW_RENDER_MAX_SCALE 8u

/* One 2D surface (a layer of a target) in guest memory, or one 3D
 * volume. */
typedef struct mw_surface_desc {
    uint64_t va;                  /* of this layer (of the volume's slice 0) */
    const mw_rt_format *format;
    bool zeta;
    uint32_t width, height;       /* pixels */
    bool pitch;                   /* pitch layout (colour only) */
    uint32_t pitch_bytes;         /* pitch layout: bytes from one row to the next */
    uint32_t block_height_log2;   /* block-linear: GOBs per block in y, 0-5 */
    /* multisampled (SET_ANTI_ALIAS): each pixel a (1 << sx) x (1 << sy)
     * block of samples in memory, 1 << (sx + sy) samples; 0, 0: one */
    uint8_t sx, sy;
    /* where those samples lie in the pixel (msaa.c's tables): MW_AA_PLACES_* */
    uint8_t places;
    /* a 3D colour target (SET_COLOR_TARGET_MEMORY THIRD_DIMENSION_CONTROL
     * DEFINES_DEPTH_SIZE) whose slices are not each a contiguous 2D
     * surface: `depth` slices, blocks 1 << block_depth_log2 slices deep
     * (block_linear.h), kept as one GL_TEXTURE_3D drawn a slice at a time;
     * depth 0 for every 2D surface */
    uint32_t depth;
    uint32_t block_depth_log2;
    /* a 2D array colour or depth target (block-linear) of `depth` layers,
     * each a 2D surface, this many bytes apart (SET_COLOR_TARGET_ARRAY_PITCH,
     * SET_ZT_ARRAY_PITCH; a multisampled array header's layer stride): kept
     * as one GL_TEXTURE_2D_ARRAY (multisampled: GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
     * drawn a layer at a time, or layered when the program writes the
     * layer; 0 for a volume and every 2D surface */
    uint64_t array_pitch;
} mw_surface_desc;

typedef struct mw_surface {
    mw_surface_desc d;
    uint64_t lo, hi;              /* guest bytes the layout spans */
    GLuint tex, fbo;              /* width * scale by height * scale (by depth: fbo holds slice fbo_slice) */
    uint32_t fbo_slice;
    bool gpu_dirty;               /* GL holds pixels guest memory does not */
    /* multisampled: tex is a GL_TEXTURE_2D_MULTISAMPLE (an array's a
     * GL_TEXTURE_2D_MULTISAMPLE_ARRAY); gl_sample[b] is the
     * GL sample at memory block position b (by * (1 << sx) + bx) */
    uint8_t gl_sample[8];
    bool stale;                   /* guest memory changed since it was loaded */
    uint64_t last_use;
    /* the image's content: a new tick each time it is loaded, rendered
     * (mw_render_rendered) or written by inline-to-memory, so unique
     * across surfaces; what textures.c's copies of it were made from */
    uint64_t version;
} mw_surface;

/* Textures and samplers kept at once (textures.c). */
#define MW_RENDER_MAX_TEXTURES 128u
#define MW_RENDER_MAX_SAMPLERS 64u
/* Most guest bytes one texture may span. */
#define MW_TEXTURE_MAX_BYTES (256u << 20)

typedef struct mw_texture {
    uint32_t tic[8];              /* the header: the key */
    uint64_t lo, hi;              /* guest bytes its levels and layers span */
    GLuint tex;
    GLuint buf;                   /* a buffer texture's buffer (0 for the rest) */
    GLenum target;
    bool stale;                   /* guest memory changed since it was loaded */
    bool view;                    /* tex is a GL texture view of a resident render target's image */
    uint64_t last_use;
} mw_texture;

/* textures.c: a multisampled surface's samples in the Maxwell's order at
 * native size, for TLD.MS where the surface itself has them otherwise
 * (mw_texture_get_ms) */
#define MW_MS_COPIES 8u
typedef struct mw_ms_copy {
    GLuint src;                   /* the surface's multisample texture */
    uint64_t version;             /* its mw_surface.version the copy holds (0: none) */
    GLuint tex, fbo;
    uint32_t width, height, samples;
    uint32_t layers;              /* 0: a GL_TEXTURE_2D_MULTISAMPLE; else an array of that many */
    GLenum internal;
    uint64_t last_use;
} mw_ms_copy;

typedef struct mw_sampler {
    uint32_t tsc[8];
    GLuint sampler;
    uint64_t last_use;
} mw_sampler;

typedef struct mw_render_stats {
    uint64_t clears;              /* CLEAR_SURFACE operations performed (colour or zeta each) */
    uint64_t loads;               /* surfaces loaded from guest memory */
    uint64_t writebacks;          /* surfaces written back */
    uint64_t evictions;
    uint32_t surfaces;            /* resident now */
    uint64_t texture_loads;       /* textures uploaded from guest memory */
    uint64_t texture_copies;      /* textures filled from a resident render target on the GPU */
    uint64_t texture_views;       /* textures made views of a resident render target's image */
    uint64_t draws;               /* draws performed */
    uint64_t draws_skipped;       /* draws conditional rendering or SET_RASTER_ENABLE turned off */
    uint64_t textures_skipped;    /* texture slots a draw went on without (the cache refused them) */
    uint64_t programs;            /* GL programs linked */
    uint64_t launches;            /* compute launches run (compute.c) */
    uint64_t compute_writebacks;  /* bytes compute launches wrote back to guest memory */
    uint64_t draw_image_writebacks; /* bytes draws' storage images wrote back to guest memory */
    uint64_t xfb_bytes;           /* bytes transform feedback wrote back to guest memory (draw.c) */
    uint64_t twod_gpu;            /* 2D blits done on the GPU between resident targets (twod_gpu.c) */
    uint64_t twod_resolves;       /* of those, bilinear blits from a multisampled target's samples */
    uint64_t dma_gpu;             /* DMA copies done on the GPU between resident surfaces (dma_gpu.c) */
    uint64_t i2m_gpu;             /* inline-to-memory transfers put into a resident surface (i2m_gpu.c) */
    uint64_t provoking_rotations; /* draws whose first-vertex flat values a host without that convention
                                   * (ES) drew as a rotated index list (draw.c, gl/provoking.h) */
    uint64_t upload_bytes;        /* bytes draws copied into the upload ring (draw.c) */
    uint64_t upload_own;          /* ranges the ring could not take, in stores of their own */
    uint64_t upload_wraps;        /* the ring's counters, of rings already gone (context loss) */
    uint64_t upload_fences;
    uint64_t upload_waits;
} mw_render_stats;

/* The last presented frame (present.c): RGBA8, bottom row first as GL
 * keeps images. */
typedef struct mw_frame {
    GLuint tex, fbo;
    uint32_t width, height;
    bool have;
    /* a multisampled surface resolved for presentation, at the scaled size */
    GLuint resolve_tex, resolve_fbo;
    uint32_t resolve_width, resolve_height, resolve_format;
} mw_frame;

typedef struct mw_draw mw_draw; /* draw.c */
typedef struct mw_msaa mw_msaa; /* msaa.c */
typedef struct mw_compute mw_compute; /* compute.c */
typedef struct mw_queries mw_queries; /* queries.c */
typedef struct mw_images mw_images; /* images.c */

/* The program service's settings (glhle_maxwell_desc's shader fields). */
typedef struct mw_shader_config {
    char *cache_dir, *cache_title; /* owned; NULL: no disk cache */
    uint64_t cache_max_bytes;
    uint32_t compile_threads, program_budget;
    uint64_t program_budget_bytes;
    bool defer_draws; /* a cold miss compiles on a worker and its draw is skipped */
    bool spirv;       /* SPIR-V modules where the host takes them (MW_PROGRAM_HOST_SPIRV) */
} mw_shader_config;

typedef struct mw_render {
    glhle_context *ctx;
    gl_state st;
    uint32_t scale;
    mw_mem_io io;                 /* raw guest memory: no coherence calls back into the renderer */
    mw_surface surf[MW_RENDER_MAX_SURFACES];
    uint32_t count;
    uint64_t drops;               /* surfaces dropped so far (overlapped or evicted) */
    /* bumped by every change to which surfaces are resident, their GL
     * names, or whether one must load again before its next use: a
     * surface made, freed or dropped, one marked stale (a CPU, DMA, 2D,
     * inline-to-memory or compute write over it, mw_render_invalidate), a
     * context loss. While it holds, mw_render_get_surface of a shape got
     * before returns the same surface, fresh, with nothing to do but
     * last_use (draw.c's targets() reuses the last draw's attachments so) */
    uint64_t generation;
    /* a range holding every GPU-dirty surface's [lo, hi) (grown by
     * mw_render_rendered, narrowed to the still-dirty ones by each
     * mw_render_flush_walk; empty while lo >= hi): a flush
     * outside it has nothing to write back */
    uint64_t dirty_lo, dirty_hi;
    uint64_t tick;
    mw_render_stats stats;
    mw_frame frame;
    bool warned_incomplete;       /* present.c: a caller's framebuffer was incomplete (said once) */
    mw_draw *draw;                /* created at the first draw */
    mw_compute *compute;          /* compute.h: created at the first launch */
    mw_queries *queries;          /* compute.h: created at the first counted draw */
    mw_msaa *msaa;                /* msaa.c: created at the first multisampled surface */
    mw_images *images;            /* images.h: created at the first storage image */
    mw_texture tex[MW_RENDER_MAX_TEXTURES];
    uint32_t tex_count;
    /* draw.c, while it binds a draw's textures: that draw's state, whose
     * colour targets a texture must not be a view of (textures.c copies
     * them instead: sampling an attached image through a view would be a
     * feedback loop); NULL otherwise */
    const mw_state *drawing;
    mw_sampler smp[MW_RENDER_MAX_SAMPLERS];
    uint32_t smp_count;
    mw_ms_copy ms_copy[MW_MS_COPIES]; /* textures.c: made at their first use */
    GLuint ms_copy_prog[2][3], ms_copy_vao; /* from a 2D or an array surface; float, uint, sint */
    uint8_t *staging;             /* one surface's guest bytes and their linear copy */
    size_t staging_size;
    /* context_loss.c: between a loss and the restore, the render targets'
     * scaled pixels and the last frame; gl_lost: no GL names are held */
    struct {
        mw_surface_desc desc[MW_RENDER_MAX_SURFACES];
        uint8_t *pixels[MW_RENDER_MAX_SURFACES];
        uint32_t count;
        glhle_image frame;
    } lost;
    bool gl_lost;
    bool astc_on_cpu;             /* ASTC through the CPU decoder even where the GL has it */
    bool twod_on_cpu;             /* tests: every 2D blit through the CPU engine */
    bool dma_on_cpu;              /* tests: every DMA copy through the CPU engine */
    GLuint dma_buf;               /* dma_gpu.c: the pixel buffer of the re-encoding copy, made at its first use */
    size_t dma_buf_size;
    uint8_t *i2m_buf;             /* i2m_gpu.c: guest bytes of a transfer's pixels, then scaled up */
    size_t i2m_buf_size;
    bool i2m_on_cpu;              /* tests: every inline-to-memory transfer the CPU way */
    GLuint twod_prog, twod_vao;   /* twod_gpu.c: the sample pass, made at its first use */
    GLuint twod_resolve_prog;     /* twod_gpu.c: the bilinear pass from a multisampled source, likewise */
    GLuint twod_bilinear_prog;    /* twod_gpu.c: the bilinear pass from a single-sampled source, likewise */
    mw_shader_config shader;
} mw_render;

/* scale 1-8. */
glhle_result mw_render_init(mw_render *r, glhle_context *ctx, uint32_t scale, const mw_mem_io *io);
void mw_render_fini(mw_render *r);

/* CLEAR_SURFACE `value` (clb197.h: Z 0, STENCIL 1, R-A 2-5, MRT_SELECT
 * 9:6, RT_ARRAY_INDEX 25:10) with the state it reads. */
glhle_result mw_render_clear(mw_render *r, const mw_state *st, const uint32_t *regs, uint32_t value);

/* Writes every rendered surface that shares a byte with [va, va + size)
 * back to guest memory: nothing to walk outside the GPU-dirty range (the
 * check inline, as a draw asks for every stream). */
glhle_result mw_render_flush_walk(mw_render *r, uint64_t va, uint64_t size);
static inline glhle_result mw_render_flush(mw_render *r, uint64_t va, uint64_t size)
{
    const uint64_t end = size > UINT64_MAX - va ? UINT64_MAX : va + size;
    return r->dirty_lo < end && va < r->dirty_hi ? mw_render_flush_walk(r, va, size) : GLHLE_RESULT_OK;
}
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
/* The surface (resident or made) that a colour target with a 3D layout
 * (ct->third_dim_is_depth) is drawn or cleared into at `slice` (its
 * SET_COLOR_TARGET_LAYER plus a clear's RT_ARRAY_INDEX), d filled with its
 * format and 2D fields first; *layer is the GL layer to attach (0 for a
 * 2D surface). A slice past THIRD_DIMENSION or a depth of 0 is BAD_DATA,
 * a multisampled or pitch-layout 3D target past slice 0 UNSUPPORTED, a
 * volume over the GL's 3D size LIMIT_EXCEEDED, each logged with the
 * values. */
glhle_result mw_render_get_3d_target(mw_render *r, const mw_color_target *ct, uint32_t index, uint32_t slice,
                                     mw_surface_desc *d, mw_surface **out, uint32_t *layer);
/* A depth target's layers: 1 when SET_ZT_SIZE_C CONTROL says ARRAY_SIZE_IS_ONE
 * (nouveau nvc0_validate_fb sets it for a PIPE_TEXTURE_2D), else THIRD_DIMENSION. */
static inline uint32_t mw_zeta_layers(const mw_zeta_state *z) { return z->array_size_is_one ? 1 : z->layers; }
/* The surface's framebuffer with slice `layer` attached (a 3D or array
 * surface's fbo holds one slice or layer at a time); a 2D surface's fbo as it is. */
GLuint mw_render_slice_fbo(mw_render *r, mw_surface *s, uint32_t layer);
/* True when a resident surface of shape d has the texture tex (a surface
 * got earlier is still there, its name not another's). */
bool mw_render_holds(const mw_render *r, GLuint tex, const mw_surface_desc *d);
/* The surface a 2D target of `layers` layers `array_pitch` bytes apart
 * (THIRD_DIMENSION, ARRAY_PITCH; d filled with its format and 2D fields,
 * d->va its layer 0) is drawn or cleared into at `layer` (SET_*_LAYER plus
 * a clear's RT_ARRAY_INDEX). More than one block-linear layer (single-
 * or multisampled): the array surface, *gl_layer = layer (BAD_DATA past the last,
 * or for layers closer than a layer's bytes); otherwise the 2D surface at
 * d->va + layer * array_pitch, *gl_layer = 0. `index` names the colour
 * target in a refusal (d->zeta: the depth target). */
glhle_result mw_render_get_array_target(mw_render *r, uint32_t layers, uint64_t array_pitch, uint32_t layer,
                                        uint32_t index, mw_surface_desc *d, mw_surface **out, uint32_t *gl_layer);
/* A nearest-sampled blit of whole images of format f between two
 * framebuffers, with scissor and masks off. */
void mw_render_blit(mw_render *r, GLuint src, GLuint dst, uint32_t sw, uint32_t sh, uint32_t dw, uint32_t dh,
                    const mw_rt_format *f);

/* Sample places of a multisampled surface (mw_surface_desc.places): the
 * colour samples of the SET_ANTI_ALIAS modes with documented positions
 * (msaa.c's tables). STD: 2X1, 2X2 (and 2X2_VC_4, whose colour samples
 * are 2X2's) and 4X2. */
enum { MW_AA_PLACES_STD, MW_AA_PLACES_D3D, MW_AA_PLACES_VC_12, MW_AA_PLACES_VC_8 };
/* The sample block (sx, sy as in mw_surface_desc) and places of a
 * SET_ANTI_ALIAS mode whose sample positions are documented (1X1, 2X1,
 * 2X2, 4X2, 2X1_D3D, 4X2_D3D, 2X2_VC_4, 2X2_VC_12, 4X2_VC_8; the VC modes
 * as their colour samples: render_targets.c says why); the others are
 * refused by name (UNSUPPORTED), an unlisted one as BAD_DATA; `what` ends
 * the message ("drawn", "cleared", "presented"). Whether the GL has the
 * samples at those places msaa.c decides when the surface is made. */
glhle_result mw_render_aa_block(mw_render *r, uint32_t mode, const char *what, uint8_t *sx, uint8_t *sy,
                                uint8_t *places);

/* ---- multisampled surfaces (msaa.c) ---- */
/* The GL image of a new multisampled surface (s->d filled, s->tex and
 * s->fbo 0): a multisample texture of 1 << (sx + sy) samples at the scaled
 * size, and s->gl_sample from the GL's sample positions matched to the
 * Maxwell's (Mesa nvc0_get_sample_locations). UNSUPPORTED, naming what
 * differs, when the GL has not that many samples for the format or puts
 * them elsewhere; nothing is kept then. */
glhle_result mw_msaa_create(mw_render *r, mw_surface *s);
/* Guest samples (the linear (W << sx) x (H << sy) image, the format's GL
 * client layout) into the surface (upload) or out of it, by a per-sample
 * draw through a single-sampled image of that size. */
glhle_result mw_msaa_transfer(mw_render *r, mw_surface *s, uint8_t *lin, size_t lin_size, bool upload);
/* For each memory block position b of a multisampled surface (b = by *
 * (1 << sx) + bx), as map[4b..4b+3]: the GL sample that holds it and the
 * scaled pixel (x, y offset in the native pixel's scale x scale block) whose
 * sample lies nearest the Maxwell sample's place; write-back reads each
 * sample there. */
void mw_msaa_sample_map(const mw_render *r, const mw_surface *s, GLint map[32]);
/* The same map by the Maxwell's sample number k (TLD.MS's), as map[4k..4k+3]. */
void mw_msaa_fetch_map(const mw_render *r, const mw_surface *s, GLint map[32]);
/* The state of a plain fragment pass (msaa.c, twod_gpu.c): nothing but its
 * triangle (prog, vao) reaches fbo's viewport (x, y, w, h): no tests,
 * blending, masks or discard; srgb_off also turns off FRAMEBUFFER_SRGB, so
 * the pass writes the stored values. */
void mw_plain_pass_state(mw_render *r, GLuint fbo, GLint x, GLint y, GLint w, GLint h, GLuint prog, GLuint vao,
                         bool srgb_off);
/* GLSL: float nearest(uint n, uint M), the float nearest n / M for
 * 0 <= n <= M < 2^24 (long division: 24 bits, a round bit, the rest;
 * ties to even), which is (float)((double)n / M) (checked for every n and
 * M = 2^b - 1, b up to 16, while this was written). */
extern const char *const MW_GLSL_NEAREST;
void mw_msaa_fini(mw_render *r);

/* ---- 2D blits on the GPU (twod_gpu.c) ---- */
/* A 902D blit (the class's method array) done on the GPU when both sides
 * are resident render targets and it is a point blit between formats
 * whose conversion it reproduces, or a bilinear one from a resident
 * multisampled target's sample image (a resolve; its destination made
 * resident) into a unorm format (the conditions are in twod_gpu.c); true
 * when done, false when the CPU engine must run it on guest memory. */
bool mw_render_twod(mw_render *r, const uint32_t *regs);
/* Deletes the sample pass's program (names only when the GL is not lost). */
void mw_twod_fini(mw_render *r);

/* ---- DMA copies on the GPU (dma_gpu.c) ---- */
/* A B0B5 LAUNCH_DMA's copy (the class's method array) done on the GPU when
 * source and destination are rectangles of two resident colour surfaces
 * of equal bytes per pixel (the conditions are in dma_gpu.c); true when
 * done (the semaphore release is the caller's), false when the CPU engine
 * must run it on guest memory. */
bool mw_render_dma(mw_render *r, const uint32_t *regs);
/* Deletes the re-encoding copy's buffer (the name only when the GL is not lost). */
void mw_dma_gpu_fini(mw_render *r);
/* A rectangle of whole pixels of one resident surface. */
typedef struct mw_pixels {
    mw_surface *s;
    uint32_t x, y, w, h;
} mw_pixels;
/* The resident, fresh, single-sampled colour surface (or any resident,
 * fresh surface, zeta and multisampled ones too, when `any`) whose memory `lines` lines of `line_bytes` bytes at d lie
 * on, as whole pixels of its layout (the rules are in dma_gpu.c); false
 * when there is none. */
bool mw_render_side_pixels(mw_render *r, const mw_dma_side *d, uint32_t line_bytes, uint32_t lines, bool zeta,
                           mw_pixels *out);

/* ---- inline-to-memory writes into resident surfaces (i2m_gpu.c) ---- */
/* An inline-to-memory transfer (started) whose destination is all whole
 * pixels of one resident surface (mw_render_side_pixels): true when
 * taken (its bytes then reach guest memory without a write-back or a
 * reload, and mw_render_i2m_end puts them into the surface). */
bool mw_render_i2m_begin(mw_render *r, const mw_i2m *st);
/* The taken transfer ended (or stops being held) with st->done bytes
 * written: those bytes go from guest memory into the surface (a pixel
 * written in part takes its other bytes from the surface), and textures
 * and fetched programs over them load again. */
void mw_render_i2m_end(mw_render *r, const mw_i2m *st);
void mw_i2m_gpu_fini(mw_render *r);

/* ---- textures and samplers (textures.c) ---- */
/* The GL texture for a texture header (TIC entry, 8 words), created and
 * uploaded from guest memory when there is none, reloaded when its memory
 * changed; render targets it overlaps are written back first, except a
 * colour target holding exactly its texels, which it views (scale 1) or
 * copies on the GPU (textures.c: in_place_source). The name returned can
 * change from one call to the next. BAD_DATA
 * for an undefined header, UNSUPPORTED for what glhle does not keep yet
 * (colour keys, multi-GOB block widths, formats with no
 * GL twin), OUT_OF_BOUNDS for unmapped memory, LIMIT_EXCEEDED for sizes
 * over the GL's, BAD_DATA too for a header whose memory kind does not suit
 * its layout (block-linear in pitch-kind memory or the other way). Nothing
 * is kept for a refused header, and the instance stays usable. */
glhle_result mw_texture_get(mw_render *r, const uint32_t tic[8], GLuint *tex, GLenum *target);
/* mw_texture_get for the header at `index` in the texture header pool,
 * which a refusal's log line names. */
glhle_result mw_texture_get_at(mw_render *r, const uint32_t tic[8], uint32_t index, GLuint *tex, GLenum *target);
/* The GL_TEXTURE_2D_MULTISAMPLE for a multisampled 2D header (its
 * MULTI_SAMPLE_COUNT not MODE_1X1, clb197tex.h MW(235:232)), or the
 * GL_TEXTURE_2D_MULTISAMPLE_ARRAY for a multisampled TWO_D_ARRAY header:
 * the multisampled surface (msaa.c) at the header's address with its
 * sample block, size, layers and GL format, resident or loaded from guest
 * memory. Refused with a reason when the GL cannot make it, when this
 * draw writes it (a feedback loop) or the header is not block-linear. */
glhle_result mw_texture_get_ms(mw_render *r, const uint32_t tic[8], uint32_t index, GLuint *tex);
/* The pools a texture handle indexes: the 3D engine's (SET_TEX_HEADER_POOL,
 * SET_TEX_SAMPLER_POOL, SET_SAMPLER_BINDING) or the compute engine's (its
 * own pool methods, the QMD's SAMPLER_INDEX). */
typedef struct mw_tex_pools {
    uint64_t tic_address, tsc_address;
    uint32_t tic_max_index, tsc_max_index;
    bool sampler_via_header;    /* the sampler is the header's index, as the header limits it */
} mw_tex_pools;
/* What a texture handle (header index 19:0, sampler index 31:20, yuzu
 * TextureHandle) names: the header and sampler words read from the pools,
 * the header's index, and the translator's texture kind (MW_TEX_*, with
 * UINT/SINT, SHADOW and UNNORM), 0 when the handle names no valid header
 * or sampler (past a pool's maximum, unmapped, undecodable, a type the
 * translator has no kind for). Shared by the draw path and compute. */
uint8_t mw_texture_handle_read(mw_render *r, const mw_tex_pools *p, uint32_t handle, uint32_t tic[8],
                               uint32_t tsc[8], uint32_t *tic_index);
/* The GL sampler for a sampler entry (TSC, 8 words). */
glhle_result mw_sampler_get(mw_render *r, const uint32_t tsc[8], GLuint *sampler);
void mw_textures_fini(mw_render *r);

/* Marks a surface as holding pixels memory does not (after the GPU drew
 * or cleared it); textures over its memory load again before their next
 * use. */
void mw_render_rendered(mw_render *r, mw_surface *s);

/* ---- draws (draw.c) ---- */
/* A DRAW event with the state it reads. */
glhle_result mw_render_draw(mw_render *r, mw_state *st, const glhle_maxwell_event *ev);
/* Sets the program service's settings (copied) and, with a disk cache,
 * makes the draw path now: the cache's programs are made ready before the
 * first draw (with the context current). */
glhle_result mw_render_set_shaders(mw_render *r, const mw_shader_config *c);
/* The program service's figures (zeros before the first draw); `draws` is
 * the draws performed. */
void mw_render_shader_stats(const mw_render *r, glhle_shader_stats *out);
void mw_draw_fini(mw_render *r);
/* The upload ring's wraps, fences waited for and waits (the GPU not done),
 * the rings before a context loss too. */
void mw_draw_upload_stats(const mw_render *r, uint64_t *wraps, uint64_t *fences, uint64_t *waits);
/* The draw path's fetched programs over [va, va + size): written memory
 * drops them (mw_render_invalidate calls it), and they count as resident
 * for mw_render_overlaps so GPU writes there reach it. */
void mw_draw_invalidate(mw_render *r, uint64_t va, uint64_t size);
bool mw_draw_overlaps(const mw_render *r, uint64_t va, uint64_t size);
/* A surface's texture is about to be deleted: the draw framebuffer lets
 * go of it (its name may come back for another texture). */
void mw_draw_forget_texture(mw_render *r, GLuint tex);
/* Programs the draw path has read from guest memory so far. */
uint64_t mw_draw_fetches(const mw_render *r);

/* ---- presentation (present.c) ---- */
glhle_result mw_present(mw_render *r, const glhle_maxwell_present_desc *desc);
glhle_result mw_present_read(mw_render *r, void *rgba, size_t rgba_size, uint32_t *width, uint32_t *height);
void mw_present_fini(mw_render *r);
/* The frame given as RGBA8, top row first (a frame kept across a loss). */
glhle_result mw_present_put(mw_render *r, const glhle_image *frame);

/* Context loss (context_loss.c, glhle_maxwell_context_lost): lose writes
 * every render target back, keeps it and the last frame at the internal
 * resolution and deletes every GL object, with the old context current;
 * restore makes the kept ones again on the new context. */
glhle_result mw_render_lose(mw_render *r);
glhle_result mw_render_restore(mw_render *r);
void mw_render_lost_free(mw_render *r);

#endif
