/* The GL PlayStation renderer's shared state: VRAM as an R16UI texture at
 * scale x native size (vram.c owns it and the transfers), and the batched
 * primitive stream with its programs (rasterizer.c).
 *
 * Batching and feedback: consecutive primitives go to GL as one instanced
 * draw: with the program specialised for their key when they share one, or
 * with the program that reads the key's fields per primitive
 * (psx_fs_key_uber) when they differ. GL leaves undefined any texel that is both
 * written through the framebuffer and fetched by a shader between two
 * texture barriers (GL 4.5 section 9.3, "Rendering Feedback Loops"), so the
 * renderer keeps the VRAM rectangles written and read since the last
 * barrier; a primitive that would read what was written (texels, its CLUT,
 * or with texture barriers the pixel it blends with) or write what was read
 * ends the draw and gets a glTextureBarrier first. A change of program only
 * ends the draw. A primitive that samples the area it draws itself reads a
 * copy taken just before it. */
#ifndef GLHLE_PSX_GL_RENDERER_H
#define GLHLE_PSX_GL_RENDERER_H

#include "backend/gl/gl_context.h"
#include "backend/gl/program_service.h"
#include "backend/gl/stream_buffer.h"
#include "backend/psx/renderer.h"
#include "shadergen/psx_fs.h"

/* One primitive as the drawing programs read it (shadergen/psx_fs.h). */
typedef struct psx_gl_instance {
    int16_t p0[4];
    int16_t p1[4];
    int16_t clip[4];
    uint32_t w[4];
    int32_t g0[4];
    int32_t g1[4];
    int32_t g2[2];
} psx_gl_instance;
_Static_assert(sizeof(psx_gl_instance) == 80, "instance layout is shared with psx_vs.c");

#define PSX_GL_BATCH_MAX 4096   /* instances per draw */
#define PSX_GL_HAZARD_RECTS 16  /* rectangles kept per batch before merging */
typedef struct psx_gl_blit {
    GLuint prog;
    GLint u_dst, u_target, u_scale, u_src_origin, u_src_scale, u_mask, u_clut_pos;
} psx_gl_blit;

/* A set of VRAM rectangles, merged into their bounding box past the limit. */
typedef struct psx_rect_set {
    psx_rect r[PSX_GL_HAZARD_RECTS];
    int n;
} psx_rect_set;

typedef struct psx_gl psx_gl;

/* How VRAM and transfers (vram.c) tell the batcher (rasterizer.c) that
 * VRAM is about to change outside a primitive. rasterizer.c fills these in
 * when it creates the renderer; vram.c calls only through them, so the two
 * files do not call each other both ways. */
typedef struct psx_gl_batch_hooks {
    /* Issues the pending batch as one draw call. */
    void (*flush)(psx_gl *g);
    /* Flushes and, if VRAM was written since the last one, issues a texture
     * barrier; forgets the rectangles read and written before it. */
    void (*barrier)(psx_gl *g);
    /* For a transfer about to write `rects` through the framebuffer (reading
     * each pixel it writes when `reads_dest`) and to sample the VRAM
     * rectangles `src` (n_src of them, none of which meets `rects`):
     * flushes, adds the barrier a feedback hazard needs, and records the
     * writes and reads. */
    void (*transfer_writes)(psx_gl *g, const psx_rect *rects, int n, bool reads_dest, const psx_rect *src,
                            int n_src);
    /* Before anything writes `w`: snapshots a live CLUT it would overwrite. */
    void (*before_write)(psx_gl *g, psx_rect w);
} psx_gl_batch_hooks;

struct psx_gl {
    psx_renderer base;
    psx_gl_batch_hooks batch_hooks;
    glhle_context *ctx;
    GladGLContext *gl;
    psx_shader_host host;
    int width, height;          /* VRAM texture: 1024*scale x 512*scale */
    GLuint vram, vram_fbo;
    GLuint scratch;             /* same size: sources of copies, self-sampling primitives */
    /* Hosts without a texture barrier (gl_caps_dest_copy): passes that draw
     * into VRAM read it from this copy (same size, same places), into which
     * what they read is copied before each draw; then no pass samples VRAM
     * while it is the target (a feedback loop on ES) */
    bool dest_copy;
    GLuint feedback;
    GLuint upload_tex;          /* 1024 x 512 native staging for uploads */
    GLuint native, native_fbo;  /* 1024 x 512 native read-back (scale > 1) */
    GLuint clut, clut_fbo;      /* 256 x 1: the CLUT cache when VRAM under it changed */
    GLuint vao, blit_vao;
    gl_stream_buffer stream;    /* instance data, a persistently mapped ring */
    gl_program_service *programs; /* drawing programs by psx_fs_key (programs.c) */
    psx_gl_blit blits[PSX_BLIT_KIND_COUNT_];

    /* the batch */
    psx_fs_key key;             /* of the batch: one primitive's, or all-dynamic for a mixed run */
    psx_gl_instance *batch;
    uint32_t count;
    psx_rect_set writes, reads; /* VRAM written and sampled since the last texture barrier */
    bool batch_from_scratch;    /* the batch samples u_tex from the scratch copy */
    bool written;               /* VRAM changed since the last texture barrier */

    /* CLUT cache: while "live" it is read from VRAM at (clut_x, clut_y);
     * before anything overwrites that row it is copied to `clut` */
    bool clut_live;
    uint32_t clut_x, clut_y, clut_count;

    /* Context loss (rasterizer.c): the desc to build the GL side again
     * (strings copied), and VRAM and the CLUT snapshot as GL words while no
     * context exists */
    glhle_psx_desc desc;
    char *cache_dir, *cache_title;
    uint16_t *saved_vram;       /* width x height words, row 0 first */
    uint16_t saved_clut[256];
    bool lost;

    /* glhle_psx_present (present.c): its program, made on first use, and a
     * framebuffer for callers' textures */
    struct {
        GLuint prog, fbo;
        GLint u_rect, u_disp, u_mode;
        bool failed;
    } present;
};

/* coverage_probe.c: whether this driver's own coverage of a triangle moved
 * by half a subpixel is the console's at this scale (draws into VRAM, which
 * must be zero, and leaves it zero); false when GLHLE_CAPS_DISABLE names
 * GLHLE_psx_gl_coverage. Needs the stream buffer and the VAO. */
bool psx_gl_coverage_probe(psx_gl *g);

/* vram.c: VRAM storage, blits and transfers. It calls the batcher only
 * through g->batch_hooks; rasterizer.c calls these. */
glhle_result psx_gl_vram_create(psx_gl *g);
/* Deletes what psx_gl_vram_create made (also after it failed part way) and
 * zeroes the names. */
void psx_gl_vram_destroy(psx_gl *g);
/* Copies native rectangles of VRAM into the same place in `scratch`. */
void psx_gl_copy_to_scratch(psx_gl *g, const psx_rect *rects, int n);
/* dest_copy: the same into `feedback`, without the barrier hook (the
 * caller has ordered the copy after the rendering it must see). */
void psx_gl_copy_to_feedback(psx_gl *g, const psx_rect *rects, int n);
/* What passes into VRAM bind for reading VRAM: `feedback` (dest_copy) or VRAM. */
GLuint psx_gl_vram_source(const psx_gl *g);
/* The CLUT row (clut_x, clut_y, clut_count) into the snapshot texture. */
void psx_gl_snapshot_clut(psx_gl *g);
/* Binds VRAM as the target with the fixed-function state every pass sets in
 * full (GL state left by other users of the context is ignored); `clip`
 * enables the drawing programs' four clip distances, and with
 * host.gl_coverage their guard-band viewport (shadergen/psx_vs.c). */
void psx_gl_bind_vram_target(psx_gl *g, bool clip);
/* The same for any framebuffer of w x h pixels (viewport 0, 0, w, h). */
void psx_gl_bind_target(psx_gl *g, GLuint fbo, int w, int h, bool clip);

/* glhle_psx_context_lost / _restored (rasterizer.c): lose reads VRAM (at
 * the internal resolution, every subpixel) and the CLUT snapshot back and
 * deletes every GL object; restore makes them on the current context and
 * uploads what was read. */
glhle_result psx_gl_lose(psx_gl *g);
glhle_result psx_gl_restore(psx_gl *g);

/* present.c: glhle_psx_present's work (the instance checked the arguments
 * and made the call), and the deletion of its objects (from
 * psx_gl_vram_destroy). */
glhle_result psx_gl_present(psx_gl *g, const glhle_psx_display *disp, const glhle_psx_present_desc *desc);
void psx_gl_present_destroy(psx_gl *g);
void psx_gl_copy(psx_renderer *r, uint32_t sx, uint32_t sy, uint32_t dx, uint32_t dy, uint32_t w, uint32_t h,
                 bool mask_set, bool mask_check);
void psx_gl_upload(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, const uint16_t *pixels,
                   bool mask_set, bool mask_check);
void psx_gl_read(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, uint16_t *out);
/* Texels of rectangle q of `fbo` (any R16UI target) into out, rows row_len apart. */
void psx_gl_read_part(psx_gl *g, GLuint fbo, psx_rect q, uint16_t *out, uint32_t row_len);
/* vram_state.c: the save-state ops (renderer.h). */
void psx_gl_read_clut(psx_renderer *r, uint16_t out[256]);
void psx_gl_write_clut(psx_renderer *r, uint32_t x, uint32_t y, uint32_t count, const uint16_t in[256]);
void psx_gl_read_scaled(psx_renderer *r, uint16_t *out);
void psx_gl_write_scaled(psx_renderer *r, const uint16_t *in);
void psx_gl_load_clut(psx_renderer *r, uint32_t x, uint32_t y, uint32_t count);
glhle_result psx_gl_read_rgba(psx_renderer *r, uint8_t *rgba);

#endif
