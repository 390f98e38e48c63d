/* The instance's surface side: the shared GL state, the surface cache, the
 * presenter, and the public coherence, display-operation and counter calls
 * that dispatch between the GPU path and the CPU reference (display.c). */
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/gl/gl_state.h"
#include "backend/pica/surface/display.h"
#include "backend/pica/pica_instance.h"
#include "backend/pica/surface/present.h"
#include "backend/pica/surface/surface_cache.h"
#include "backend/pica/trace/trace_record.h"

#define DEFAULT_SURFACE_BUDGET (256ull << 20)

glhle_result pica_gpu_init(glhle_pica *p, const glhle_pica_desc *d)
{
    p->resolution_scale = d->resolution_scale ? d->resolution_scale : 1;
    if (p->resolution_scale > PICA_SURFACE_MAX_SCALE)
        return GLHLE_FAIL(&p->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: resolution_scale %u is outside 1..%u; instance not created", d->resolution_scale,
                          PICA_SURFACE_MAX_SCALE);
    p->surface_budget = d->surface_budget_bytes ? d->surface_budget_bytes : DEFAULT_SURFACE_BUDGET;
    p->no_framebuffer_fetch = d->no_framebuffer_fetch;
    glhle_result r = pica_presenter_create(p, &p->presenter);
    if (r != GLHLE_RESULT_OK || !p->ctx)
        return r;
    r = gl_context_enter(p->ctx);
    if (r != GLHLE_RESULT_OK)
        return r;
    p->gl = calloc(1, sizeof *p->gl);
    if (!p->gl)
        return GLHLE_FAIL(&p->log, GLHLE_RESULT_OUT_OF_MEMORY, "pica: no memory for the GL state shadow");
    gl_state_init(p->gl, p->ctx);
    const pica_surface_cache_desc cd = {
        .ctx = p->ctx,
        .pica = p,
        .state = p->gl,
        .scale = p->resolution_scale,
        .budget_bytes = p->surface_budget,
        .stats = &p->stats,
    };
    return pica_surface_cache_create(&cd, &p->surfaces);
}

void pica_gpu_fini(glhle_pica *p)
{
    if (p->ctx && (p->surfaces || p->presenter || p->gl))
        gl_context_enter(p->ctx);
    pica_presenter_destroy(p->presenter);
    p->presenter = NULL;
    pica_surface_cache_destroy(p->surfaces);
    p->surfaces = NULL;
    free(p->gl);
    p->gl = NULL;
    free(p->cpu_scratch);
    p->cpu_scratch = NULL;
    p->cpu_scratch_size = 0;
}

/* [paddr, paddr + size) clipped to the 32-bit address space. */
static uint32_t clip_size(uint32_t paddr, uint32_t size)
{
    uint64_t room = 0x100000000ull - paddr;
    return size > room ? (uint32_t)room : size;
}

static bool enter_cache(glhle_pica *p)
{
    return p->surfaces && gl_context_enter(p->ctx) == GLHLE_RESULT_OK;
}

glhle_result glhle_pica_invalidate(glhle_pica *pica, uint32_t paddr, uint32_t size)
{
    if (!pica)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (pica->recorder)
        return pica_rec_invalidate(pica, paddr, size);
    size = clip_size(paddr, size);
    if (size && enter_cache(pica))
        pica_surface_cache_invalidate(pica->surfaces, paddr, size);
    return GLHLE_RESULT_OK;
}

glhle_result glhle_pica_flush(glhle_pica *pica, uint32_t paddr, uint32_t size)
{
    if (!pica)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (pica->recorder)
        return pica_rec_flush(pica, paddr, size);
    size = clip_size(paddr, size);
    if (size && enter_cache(pica))
        return pica_surface_cache_flush(pica->surfaces, paddr, size);
    return GLHLE_RESULT_OK;
}

glhle_result glhle_pica_fill_memory(glhle_pica *pica, const glhle_pica_memory_fill *fill)
{
    if (!pica || !fill)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (pica->recorder)
        return pica_rec_fill_memory(pica, fill);
    pica_fill_params f;
    glhle_result r = pica_fill_decode(fill, &pica->mem, &pica->log, &f);
    if (r != GLHLE_RESULT_OK)
        return r;
    if (enter_cache(pica)) {
        if (pica_surface_cache_fill(pica->surfaces, &f)) {
            pica->stats.fills_gpu++;
            return GLHLE_RESULT_OK;
        }
        pica_surface_cache_invalidate(pica->surfaces, f.start, f.end - f.start);
    }
    pica_fill_cpu(&f, &pica->mem);
    pica->stats.fills_cpu++;
    return GLHLE_RESULT_OK;
}

static glhle_result texture_copy(glhle_pica *p, const glhle_pica_display_transfer *t)
{
    pica_copy_params c;
    glhle_result r = pica_copy_decode(t, &p->mem, &p->log, &c);
    if (r != GLHLE_RESULT_OK)
        return r;
    if (enter_cache(p)) {
        if (pica_surface_cache_copy(p->surfaces, &c)) {
            p->stats.copies_gpu++;
            return GLHLE_RESULT_OK;
        }
        r = pica_surface_cache_flush(p->surfaces, c.in_addr, c.in_span);
        /* with output gaps the CPU copy leaves bytes of its span alone: any
         * that exist only on the GPU must reach memory before the span's
         * surfaces are dropped */
        if (r == GLHLE_RESULT_OK && c.out_gap)
            r = pica_surface_cache_flush(p->surfaces, c.out_addr, c.out_span);
        if (r != GLHLE_RESULT_OK)
            return r;
        pica_surface_cache_invalidate(p->surfaces, c.out_addr, c.out_span);
    }
    pica_copy_cpu(&c, &p->mem);
    p->stats.copies_cpu++;
    return GLHLE_RESULT_OK;
}

glhle_result glhle_pica_transfer(glhle_pica *pica, const glhle_pica_display_transfer *transfer)
{
    if (!pica || !transfer)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (pica->recorder)
        return pica_rec_transfer(pica, transfer);
    if (transfer->flags & 8) /* flags bit 3: texture copy mode (3dbrew) */
        return texture_copy(pica, transfer);
    pica_transfer_params t;
    glhle_result r = pica_transfer_decode(transfer, &pica->mem, &pica->log, &t);
    if (r != GLHLE_RESULT_OK)
        return r;
    if (enter_cache(pica)) {
        if (pica_surface_cache_transfer(pica->surfaces, &t)) {
            pica->stats.transfers_gpu++;
            return GLHLE_RESULT_OK;
        }
        r = pica_surface_cache_flush(pica->surfaces, t.in_addr, t.src_bytes);
        if (r != GLHLE_RESULT_OK)
            return r;
        pica_surface_cache_invalidate(pica->surfaces, t.out_addr, t.dst_bytes);
    }
    r = pica_transfer_cpu(&t, &pica->mem, &pica->cpu_scratch, &pica->cpu_scratch_size, &pica->log);
    if (r == GLHLE_RESULT_OK)
        pica->stats.transfers_cpu++;
    return r;
}

glhle_result glhle_pica_get_stats(const glhle_pica *pica, glhle_pica_stats *out)
{
    if (!pica || !out)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    *out = pica->stats;
    return GLHLE_RESULT_OK;
}
