/* Presentation: the LCD framebuffers composed into the instance's frame
 * (glhle_pica_present), drawn to the window or the caller's framebuffer,
 * and read back (glhle_pica_read_frame). A GL instance composes on the GPU
 * from the surface cache; a GL-free one decodes on the CPU (display.c),
 * the reference the GL path is tested against. */
#ifndef GLHLE_PICA_PRESENT_H
#define GLHLE_PICA_PRESENT_H

#include "backend/common/log.h"
#include "backend/pica/frontend/memory.h"
#include "glhle/pica.h"

typedef struct pica_presenter pica_presenter;

struct gl_state;
struct pica_surface_cache;

/* What the presenter reads and updates; the pointers outlive it. */
typedef struct pica_presenter_desc {
    glhle_context *ctx;                  /* NULL: compose on the CPU */
    const glhle_logger *log;
    const pica_memory *mem;              /* the LCD framebuffers (CPU path) */
    struct gl_state *gl;                 /* GL path: the shared state shadow */
    struct pica_surface_cache *surfaces; /* GL path: the screens' surfaces */
    uint32_t scale;                      /* resolution scale, 1..10 */
    glhle_pica_stats *stats;             /* presents++ */
} pica_presenter_desc;

glhle_result pica_presenter_create(const pica_presenter_desc *desc, pica_presenter **out);
/* Needs the instance's GL context current when it has one. NULL is ignored. */
void pica_presenter_destroy(pica_presenter *pr);

/* Context loss: lose keeps the last frame on the CPU (read_frame serves it
 * until the next present) and deletes the GL objects; restore takes the
 * new surface cache. The instance's GL context is current for both. */
void pica_presenter_lose(pica_presenter *pr);
void pica_presenter_restore(pica_presenter *pr, struct pica_surface_cache *surfaces);

/* glhle_pica_present and glhle_pica_read_frame's work (the instance checks
 * the arguments and hands the call to its observer). */
glhle_result pica_present(pica_presenter *pr, const glhle_pica_present_desc *desc);
glhle_result pica_presenter_read(pica_presenter *pr, void *rgba, size_t rgba_size, uint32_t *width,
                                 uint32_t *height);

#endif
