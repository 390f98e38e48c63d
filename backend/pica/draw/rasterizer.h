/* The PICA200 draw path on GL: what an instance created with a GL context
 * does at each DRAWARRAYS / DRAWELEMENTS trigger, immediate-mode vertex and
 * primitive restart.
 *
 *   renderer hook (pica_instance.h contract)
 *     ├─ primitive.c   CPU vertex path: attributes, VS (and GS), output map,
 *     │                assembly -> pica_out_vertex + triangle indices, chunked;
 *     │                or, on the GPU vertex path (glhle_pica_desc.
 *     │                vertex_shaders), the loaded inputs unshaded or
 *     │                (fetch mode) the draw's guest attribute bytes for GL
 *     │                to read, drawn with the translated program
 *     │                (shader_glsl.h, the pica-vs key of programs.h)
 *     │                -- docs/architecture.md
 *     └─ per chunk ──▶ prepare (once per draw):
 *          surface_cache  render targets for FRAMEBUFFER state (FBO, scale),
 *                         textures for the units the fragment key samples
 *          fs_key.c       fragment key / uniforms / LUTs of the dirty groups
 *          program service (fragment key, pica_vs_key) -> linked program
 *                         (backend/gl/program_service.h; draw/programs.c)
 *          fs_buffers.c   UBO + LUT texture buffer, changed bytes only
 *          gl_state       viewport, scissor, culling, depth, stencil, blend,
 *                         logic op, masks, clip plane: only changed calls
 *        upload ──▶ one persistently mapped ring (indices, then vertices at a
 *                   multiple of 96 bytes: glDrawElementsBaseVertex)
 *     after the draw: the drawn rectangle is marked GPU-written in the
 *     surface cache; the consumed dirty bits are cleared (this renderer owns
 *     the clearing).
 *
 * Bad input skips the draw with one problem report (pica_problem: the
 * command's byte offset, what was wrong, "draw skipped") and leaves the
 * instance usable: no vertex program ever uploaded, a render target or
 * texture the surface cache cannot make (unmapped, zero or oversized, bad
 * format), a program that fails to build, a fragment-operation mode the
 * draw path does not render (the reserved mode 2).
 *
 * Nothing on the draw path allocates in glhle: the pipeline's chunk
 * buffers, the stream ring, the program and sampler caches and the text
 * buffers are sized at creation (the text buffers grow on a program-cache
 * miss only). */
#ifndef GLHLE_PICA_RASTERIZER_H
#define GLHLE_PICA_RASTERIZER_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/gl/gl_state.h"
#include "backend/pica/frontend/pica_state.h"
#include "backend/pica/surface/surface_cache.h"
#include "glhle/pica.h"
#include "glhle/shader_cache.h"
#include "shadergen/pica_fs_key.h"
#include "shadergen/pica_vs.h"

typedef struct pica_rasterizer pica_rasterizer;

struct pica_frontend;

/* What the draw path works on; the pointers outlive it. */
typedef struct pica_rasterizer_desc {
    glhle_context *ctx;
    struct gl_state *gl;             /* the instance's shared GL state shadow */
    pica_surface_cache *surfaces;
    struct pica_frontend *fe;        /* decoded state, guest memory, problem reports */
    const glhle_logger *log;
    bool no_framebuffer_fetch;
    /* the instance's desc: program budgets and the disk shader cache for
     * the draw path's program service (which precompiles the cached
     * programs at creation) */
    const glhle_pica_desc *pica;
} pica_rasterizer_desc;

/* Creates the draw path for a GL instance (its context current). */
glhle_result pica_rasterizer_create(const pica_rasterizer_desc *desc, pica_rasterizer **out);
/* The renderer hooks that feed draws to it, for the instance to install
 * (pica_set_renderer_hooks) and remove before destroying it. */
glhle_pica_hooks pica_rasterizer_hooks(pica_rasterizer *r);
/* Expects the instance's context current; NULL is ignored. */
void pica_rasterizer_destroy(pica_rasterizer *r);

typedef struct pica_rasterizer_stats {
    uint64_t draws;            /* draw triggers / immediate triangles that reached GL */
    uint64_t gl_draws;         /* glDrawElementsBaseVertex calls (chunks x scissor bands) */
    uint64_t gl_draw_splits;   /* GPU vertex path chunks cut into more GL draws (each cut; GL_DRAW_MAX_STEPS) */
    uint64_t triangles;
    uint64_t skipped;          /* draws skipped for bad state (each reported) */
    uint64_t empty;            /* draws with no render target enabled or no triangles */
    uint64_t program_lookups;  /* program-cache lookups (key changes) */
    uint64_t program_builds;   /* programs generated and linked */
    uint64_t program_failures; /* builds that failed */
    uint64_t sampler_creates;
    uint64_t feedback_copies;  /* textures copied because the draw renders into them */
    uint64_t buffer_uploads;   /* glBufferSubData calls of the uniform and LUT buffers */
    uint64_t texture_barriers; /* before draws whose shader reads the colour attachment */
    uint64_t dest_copies;      /* instead, where the host has no barrier (gl_caps_dest_copy): copies of it */
    uint64_t shadow_draws;     /* draws that updated a shadow map (COLOR_OPERATION mode 3) */
    uint64_t gas_draws;        /* gas density passes (COLOR_OPERATION mode 1) */
    uint64_t fetch_draws;      /* GPU vertex path draws whose attributes GL read from guest bytes */
    uint64_t gs_fetch_draws;   /* those of them on the GPU geometry path (also in fetch_draws) */
    uint64_t fetch_bytes;      /* the guest bytes those draws copied into the stream ring */
    uint64_t status_reads;     /* GPU vertex path draws whose shader status was read back (pica_vsp_may_report) */
    uint64_t gs_gpu_draws;     /* draws with the geometry stage on whose geometry shader ran on the GPU */
    uint64_t gs_cpu_draws;     /* ... and those that ran it in the interpreter */
    uint64_t gs_refusals;      /* geometry programs (or configurations) refused for the GPU, each logged once */
    uint64_t gs_compiling;     /* draws the CPU path drew while their geometry program compiled on a worker */
} pica_rasterizer_stats;

void pica_rasterizer_get_stats(const pica_rasterizer *r, pica_rasterizer_stats *out);
/* The program service's figures, with the draws. */
void pica_rasterizer_get_shader_stats(const pica_rasterizer *r, glhle_shader_stats *out);
/* The geometry path's program service alone (its programs also count in
 * the figures above); all zero without the geometry path. */
void pica_rasterizer_get_gs_program_stats(const pica_rasterizer *r, glhle_shader_stats *out);

/* The key for the vertex shader from the output map of the shader whose
 * outputs reach the rasterizer (the GS when it is on, else the VS). */
void pica_vs_key_from_outmap(const pica_outmap_state *om, uint16_t output_mask, pica_vs_key *key);

/* The fixed-function GL state of a draw, derived from decoded state and the
 * bound render targets: exactly what the draw path passes to gl_state. */
typedef struct pica_gl_fixed {
    GLint viewport[4];           /* x, y, w, h in GL pixels of the targets */
    uint8_t scissor_rects;       /* 0: scissor test off; else that many rects, drawn once each */
    GLint scissor[4][4];         /* x, y, w, h */
    bool cull;
    GLenum front_face;           /* culling: GL_BACK faces are dropped */
    bool depth_test;
    GLenum depth_func;
    bool depth_write;
    gl_stencil stencil;
    /* With the stencil read off, a depth-fail byte that differs from the
     * pass byte (both non-zero) cannot share GL's one reference: a pass
     * before the draw, colour and depth writes off, writes it
     * (`stencil_zfail_ref`) where the depth test fails, and the draw keeps
     * it there (docs/architecture.md) */
    bool stencil_zfail_pass;
    GLint stencil_zfail_ref;
    gl_blend blend;
    float blend_color[4];
    bool logic_op;
    GLenum logic;
    bool color_mask[4];
    bool clip_plane;
    float clip[4];
    pica_rect written;           /* guest pixels the draw can change (top-left convention) */
    bool flip_y;                 /* FRAMEBUFFER_DIM bit 24 clear: clip space maps upper-left */
} pica_gl_fixed;

void pica_gl_fixed_from_state(const pica_state *s, const pica_render_targets *rt, pica_gl_fixed *out);

/* Generates and links the program for a key pair; used by the draw path on
 * a cache miss and by tests. */
glhle_result pica_rasterizer_build_program(glhle_context *ctx, const pica_fs_key *fs, const pica_vs_key *vs,
                                           GLuint *program);

/* For benchmarks that replay the draw path's GL calls: the stream ring's
 * buffer and its persistent mapping (NULL without buffer storage). */
uint8_t *pica_rasterizer_stream_mapping(pica_rasterizer *r, GLuint *buffer);

/* Test hook: makes every later program build fail as a driver error would
 * (the generated fragment text gets an error appended). */
void pica_rasterizer_test_break_builds(pica_rasterizer *r, bool broken);
/* Test and benchmark hook: with `on` false, GPU-path draws (the geometry
 * path's included) go out in input form, the CPU loading their vertices,
 * instead of fetch mode; true restores fetch mode. Nothing without the GPU
 * vertex path. */
void pica_rasterizer_test_set_fetch(pica_rasterizer *r, bool on);

#endif
