/* The PICA instance as the backend sees it, and the renderer's contract.
 *
 * Renderer contract (the vertex loader, shader interpreter and primitive
 * assembly, and the fragment pipeline, install their hooks with
 * pica_set_renderer_hooks):
 *  - GLHLE_PICA_EVENT_DRAW: call pica_get_state(); everything needed to load
 *    vertices and run the shaders is in it: state->geometry (attribute
 *    formats and buffers with per-component offsets, fixed-attribute mask,
 *    index buffer, counts, primitive mode, geometry-stage mode),
 *    state->vs / state->gs (input permutation, output masks, entry points),
 *    state->vs_setup / state->gs_setup (code, operand descriptors, uniforms),
 *    state->fixed_attrib, state->outmap with pica_outmap_resolve(). Guest
 *    memory is read only through pica_guest_ptr()/pica_guest_read(), which
 *    bounds-check against the core's mappings.
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
#include "backend/pica/frontend/memory.h"
#include "backend/pica/frontend/regs.h"
#include "glhle/pica.h"

/* Where the command being executed sits, for events and messages. */
typedef struct pica_location {
    bool host;        /* host list, else guest buffer at paddr */
    uint32_t paddr;
    uint32_t offset;  /* byte offset of the parameter word being written */
    uint8_t mask;     /* the command's byte-enable mask */
} pica_location;

typedef struct pica_run_state {
    pica_location loc;
    glhle_pica_run_result res;
    glhle_result first_problem; /* the run's return value */
    uint32_t logged;            /* problems logged so far */
} pica_run_state;

struct gl_state;
struct pica_surface_cache;
struct pica_presenter;
struct pica_rasterizer;

struct glhle_pica {
    glhle_context *ctx;         /* NULL for a GL-free instance */
    glhle_logger log;
    uint64_t max_words;
    uint32_t max_logged;
    pica_memory mem;
    glhle_pica_hooks renderer;  /* called first */
    glhle_pica_hooks observer;  /* glhle_pica_set_hooks */
    uint32_t event_mask;        /* union of both hooks' masks, normalised */
    bool running;               /* inside glhle_pica_run_*: no re-entry */
    pica_run_state run;
    struct glhle_trace_recorder *recorder; /* trace_record.c; NULL when not recording */
    pica_regs regs;
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
};

/* Sets up and tears down the members above (pica_gpu.c); create fails with
 * INVALID_ARGUMENT for a resolution scale above 10. */
glhle_result pica_gpu_init(glhle_pica *p, const glhle_pica_desc *desc);
void pica_gpu_fini(glhle_pica *p);

/* Installs the renderer's hooks (copied); NULL removes them. */
void pica_set_renderer_hooks(glhle_pica *p, const glhle_pica_hooks *hooks);

/* The decoded state, brought up to date (stale groups re-decoded). */
const pica_state *pica_get_state(glhle_pica *p);
/* The same, writable, for the renderer to clear dirty bits. */
pica_state *pica_get_state_mut(glhle_pica *p);

/* Bounds-checked guest memory (see memory.h). */
const uint8_t *pica_guest_ptr(const glhle_pica *p, uint32_t paddr, uint32_t size);
uint8_t *pica_guest_ptr_mut(const glhle_pica *p, uint32_t paddr, uint32_t size);
bool pica_guest_read(const glhle_pica *p, uint32_t paddr, void *dst, uint32_t size);

/* Sends an event to the renderer and the observer; the location fields
 * (host_list, buffer_paddr, offset, mask) are filled in from p->run.loc. */
void pica_emit(glhle_pica *p, glhle_pica_event *ev);
static inline bool pica_wants(const glhle_pica *p, glhle_pica_event_type t)
{
    return (p->event_mask >> t) & 1u;
}

/* Records a problem at the current location: counts it, remembers the first
 * non-OK result as the run's result and logs one line ("pica: <where>:
 * <message>") while under the per-run limit. */
void pica_problem(glhle_pica *p, glhle_result r, glhle_log_level level, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Runs a command buffer (cmdlist.c). words_or_bytes is host uint32_t words
 * when host, else bytes in guest memory read little-endian. */
glhle_result pica_cmdlist_run(glhle_pica *p, const void *words_or_bytes, uint32_t size_bytes, bool host,
                              uint32_t paddr);

#endif
