/* The PICA instance as the backend sees it, and the renderer's contract.
 *
 * Renderer contract (the CPU geometry pipeline and the GL draw path; the
 * instance hands them its pica_frontend and installs their hooks with
 * pica_set_renderer_hooks -- they never call back into the instance):
 *  - GLHLE_PICA_EVENT_DRAW: call pica_frontend_state(); everything needed to load
 *    vertices and run the shaders is in it: state->geometry (attribute
 *    formats and buffers with per-component offsets, fixed-attribute mask,
 *    index buffer, counts, primitive mode, geometry-stage mode),
 *    state->vs / state->gs (input permutation, output masks, entry points),
 *    state->vs_setup / state->gs_setup (code, operand descriptors, uniforms),
 *    state->fixed_attrib, state->outmap with pica_outmap_resolve(). Guest
 *    memory is read only through pica_memory_ptr()/pica_memory_read() on
 *    the front end's pica_memory, which bound-check against the core's
 *    mappings.
 *  - GLHLE_PICA_EVENT_IMMEDIATE_VERTEX: event->u.vertex holds the vertex's
 *    input attributes (attribute order, f24 already widened); the rest of
 *    the state as for DRAW.
 *  - GLHLE_PICA_EVENT_RESTART_PRIMITIVE: end the current strip/fan.
 *  - The fragment side reads state->tev, tev_colors, fog, fragop,
 *    framebuffer, lighting, texturing, proctex and the LUT arrays, and uses
 *    state->dirty (PICA_DIRTY bits) plus lighting_lut_dirty /
 *    proctex_lut_dirty to upload only what changed, clearing the bits it
 *    consumed. One renderer per instance owns the clearing.
 *  - Hooks must not run command lists on their instance; they may read. */
#ifndef GLHLE_PICA_INSTANCE_H
#define GLHLE_PICA_INSTANCE_H

#include "backend/common/log.h"
#include "backend/pica/frontend/frontend.h"
#include "backend/pica/trace/trace_observer.h"
#include "glhle/pica.h"

struct gl_state;
struct pica_surface_cache;
struct pica_presenter;
struct pica_rasterizer;

struct glhle_pica {
    glhle_context *ctx;         /* NULL for a GL-free instance */
    glhle_logger log;
    /* memory, registers, the run in progress; its hooks come back to
     * pica.c, which sends each event to the renderer, then the observer */
    pica_frontend fe;
    glhle_pica_hooks renderer;  /* called first */
    glhle_pica_hooks observer;  /* glhle_pica_set_hooks */
    bool running;               /* inside glhle_pica_run_*: no re-entry */
    /* The call observer (the trace recorder) the public entry points hand
     * each call to; vt is NULL when nothing is recording. */
    pica_call_observer_slot calls;
    bool in_observed_call;      /* calls made during one are not observed */
    /* Surfaces, display operations and presentation (pica_gpu.c). The GL
     * members are NULL on a GL-free instance. `gl` is the one GL state
     * shadow of the instance: the surface cache, presentation and the draw
     * path all issue state changes through it. */
    uint32_t resolution_scale;         /* 1..10 */
    size_t surface_budget;
    bool no_framebuffer_fetch;         /* glhle_pica_desc.no_framebuffer_fetch */
    struct gl_state *gl;
    struct pica_surface_cache *surfaces;
    struct pica_presenter *presenter;  /* the last frame (both kinds of instance) */
    glhle_pica_stats stats;
    uint8_t *cpu_scratch;              /* the CPU transfer path's RGBA8 scratch */
    size_t cpu_scratch_size;
    /* The GL draw path (rasterizer.c), the renderer hook of a GL instance;
     * NULL without GL. */
    struct pica_rasterizer *rasterizer;
    /* The desc the instance was made with (strings copied), to make the GL
     * side again after a context loss; gl_lost between
     * glhle_pica_context_lost and _restored. */
    glhle_pica_desc desc;
    char *shader_cache_dir, *shader_cache_title;
    bool gl_lost;
    /* Between a context loss and its restore: the surfaces as the loss
     * read them back, at their resolution (pica_gpu.c), so an upscaled
     * picture the game does not draw again survives. */
    struct pica_saved_surface *lost_surfaces;
    uint32_t lost_count, lost_cap;
};

/* Bracket a public call that may touch GL (gl_call_begin/end on the
 * instance's context; nothing on a GL-free instance): the external-context
 * contract of glhle.h (state forgotten on entry, host errors drained, the
 * call's own errors counted and named). */
void pica_gl_call_begin(glhle_pica *p, const char *what);
void pica_gl_call_end(glhle_pica *p);

/* Sets up and tears down the members above (pica_gpu.c); create fails with
 * INVALID_ARGUMENT for a resolution scale above 10. */
glhle_result pica_gpu_init(glhle_pica *p, const glhle_pica_desc *desc);
void pica_gpu_fini(glhle_pica *p);
/* Context loss (glhle_pica_context_lost/_restored): lose writes every
 * GPU-only surface back to guest memory, keeps the last frame on the CPU
 * and deletes the surface side's GL objects; restore makes them on the
 * current context. */
glhle_result pica_gpu_lose(glhle_pica *p);
glhle_result pica_gpu_restore(glhle_pica *p);

/* Installs the renderer's hooks (copied); NULL removes them. */
void pica_set_renderer_hooks(glhle_pica *p, const glhle_pica_hooks *hooks);

struct pica_pipeline;
/* Makes the CPU geometry pipeline (shader/primitive.h) the instance's
 * renderer: binds it to the instance's front end and installs
 * pica_pipeline_event as the renderer hook (for tests and tools). */
void pica_pipeline_attach(struct pica_pipeline *pl, glhle_pica *p);

/* The decoded state, brought up to date (stale groups re-decoded). */
const pica_state *pica_get_state(glhle_pica *p);
/* The same, writable, for the renderer to clear dirty bits. */
pica_state *pica_get_state_mut(glhle_pica *p);

/* Bounds-checked guest memory (see memory.h). */
const uint8_t *pica_guest_ptr(const glhle_pica *p, uint32_t paddr, uint32_t size);
uint8_t *pica_guest_ptr_mut(const glhle_pica *p, uint32_t paddr, uint32_t size);
bool pica_guest_read(const glhle_pica *p, uint32_t paddr, void *dst, uint32_t size);

/* The call observer around one public call (pica.c): pica_call_begin
 * returns the slot when the call is to be observed (an observer is set, no
 * run is in progress and no observed call is), after telling it `before`;
 * pica_call_end tells it `after` and ends the observed call. */
pica_call_observer_slot *pica_call_begin(glhle_pica *p, const pica_call *call);
void pica_call_end(glhle_pica *p, pica_call_observer_slot *slot, const pica_call *call, glhle_result r);

#endif
