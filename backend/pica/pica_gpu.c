/* The instance's surface side: the shared GL state, the surface cache, the
 * presenter, and the public coherence, display-operation and counter calls
 * that dispatch between the GPU path and the CPU reference (display.c). */
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/common/image.h"
#include "backend/gl/gl_state.h"
#include "backend/pica/surface/display.h"
#include "backend/pica/pica_instance.h"
#include "backend/pica/surface/present.h"
#include "backend/pica/surface/surface_cache.h"

#define DEFAULT_SURFACE_BUDGET (256ull << 20)

static glhle_result make_surface_cache(glhle_pica *p)
{
    const pica_surface_cache_desc cd = {
        .ctx = p->ctx,
        .mem = &p->fe.mem,
        .log = &p->log,
        .state = p->gl,
        .scale = p->resolution_scale,
        .budget_bytes = p->surface_budget,
        .stats = &p->stats,
    };
    return pica_surface_cache_create(&cd, &p->surfaces);
}

glhle_result pica_gpu_init(glhle_pica *p, const glhle_pica_desc *d)
{
    p->resolution_scale = d->resolution_scale ? d->resolution_scale : 1;
    if (p->resolution_scale > PICA_SURFACE_MAX_SCALE)
        return GLHLE_FAIL(&p->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: resolution_scale %u is outside 1..%u; instance not created", d->resolution_scale,
                          PICA_SURFACE_MAX_SCALE);
    p->surface_budget = d->surface_budget_bytes ? d->surface_budget_bytes : DEFAULT_SURFACE_BUDGET;
    p->no_framebuffer_fetch = d->no_framebuffer_fetch;
    pica_presenter_desc pd = {
        .ctx = p->ctx,
        .log = &p->log,
        .mem = &p->fe.mem,
        .scale = p->resolution_scale,
        .stats = &p->stats,
    };
    if (!p->ctx)
        return pica_presenter_create(&pd, &p->presenter);
    glhle_result r = gl_context_enter(p->ctx);
    if (r != GLHLE_RESULT_OK)
        return r;
    p->gl = calloc(1, sizeof *p->gl);
    if (!p->gl)
        return GLHLE_FAIL(&p->log, GLHLE_RESULT_OUT_OF_MEMORY, "pica: no memory for the GL state shadow");
    gl_state_init(p->gl, p->ctx);
    r = make_surface_cache(p);
    if (r != GLHLE_RESULT_OK)
        return r;
    pd.gl = p->gl;
    pd.surfaces = p->surfaces;
    return pica_presenter_create(&pd, &p->presenter);
}

static void free_lost(glhle_pica *p)
{
    for (uint32_t i = 0; i < p->lost_count; i++) {
        free((void *)p->lost_surfaces[i].valid);
        free((void *)p->lost_surfaces[i].texels);
    }
    free(p->lost_surfaces);
    p->lost_surfaces = NULL;
    p->lost_count = p->lost_cap = 0;
}

/* pica_surface_save_fn: a deep copy of each surface for the restore */
static glhle_result keep_lost(void *user, const pica_saved_surface *s)
{
    glhle_pica *p = user;
    if (p->lost_count == p->lost_cap) {
        const uint32_t cap = p->lost_cap ? p->lost_cap * 2 : 16;
        pica_saved_surface *n = realloc(p->lost_surfaces, cap * sizeof *n);
        if (!n)
            return GLHLE_RESULT_OUT_OF_MEMORY;
        p->lost_surfaces = n;
        p->lost_cap = cap;
    }
    const size_t vbytes = ((size_t)s->groups + 7) / 8;
    uint8_t *valid = malloc(vbytes ? vbytes : 1), *texels = malloc(s->texel_bytes ? s->texel_bytes : 1);
    if (!valid || !texels) {
        free(valid);
        free(texels);
        return GLHLE_RESULT_OUT_OF_MEMORY;
    }
    memcpy(valid, s->valid, vbytes);
    memcpy(texels, s->texels, s->texel_bytes);
    pica_saved_surface *d = &p->lost_surfaces[p->lost_count++];
    *d = *s;
    d->valid = valid;
    d->texels = texels;
    return GLHLE_RESULT_OK;
}

glhle_result pica_gpu_lose(glhle_pica *p)
{
    /* render targets and transfer outputs exist only on the GPU until
     * written back; the save writes them back and hands every surface over
     * at its resolution (the save state's own walk), kept until the
     * restore makes them again. Without memory for the copies the new
     * surfaces start from guest memory: the native, downscaled picture. */
    free_lost(p);
    glhle_result r = pica_surface_cache_save(p->surfaces, keep_lost, p);
    if (r != GLHLE_RESULT_OK) {
        free_lost(p);
        GLHLE_WARN(&p->log, "pica: context loss: the surfaces could not be kept (%s); they come back from guest "
                   "memory at native resolution", glhle_result_string(r));
        r = pica_surface_cache_flush(p->surfaces, 0, 0xFFFFFFFFu);
    }
    pica_presenter_lose(p->presenter);
    pica_surface_cache_destroy(p->surfaces);
    p->surfaces = NULL;
    return r;
}

glhle_result pica_gpu_restore(glhle_pica *p)
{
    gl_state_init(p->gl, p->ctx);
    glhle_result r = make_surface_cache(p);
    for (uint32_t i = 0; i < p->lost_count && r == GLHLE_RESULT_OK; i++) {
        uint32_t groups;
        size_t bytes;
        if (pica_surface_cache_check_saved(p->surfaces, &p->lost_surfaces[i].key, &groups, &bytes) ==
                GLHLE_RESULT_OK &&
            groups == p->lost_surfaces[i].groups && bytes == p->lost_surfaces[i].texel_bytes)
            r = pica_surface_cache_restore(p->surfaces, &p->lost_surfaces[i]);
    }
    free_lost(p);
    pica_presenter_restore(p->presenter, p->surfaces);
    return r;
}

void pica_gpu_fini(glhle_pica *p)
{
    free_lost(p);
    if (p->ctx && !p->gl_lost && (p->surfaces || p->presenter || p->gl))
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
    const pica_call c = {.kind = PICA_CALL_INVALIDATE, .paddr = paddr, .size = size};
    pica_gl_call_begin(pica, "glhle_pica_invalidate");
    pica_call_observer_slot *obs = pica_call_begin(pica, &c);
    size = clip_size(paddr, size);
    if (size && enter_cache(pica))
        pica_surface_cache_invalidate(pica->surfaces, paddr, size);
    pica_call_end(pica, obs, &c, GLHLE_RESULT_OK);
    pica_gl_call_end(pica);
    return GLHLE_RESULT_OK;
}

glhle_result glhle_pica_flush(glhle_pica *pica, uint32_t paddr, uint32_t size)
{
    if (!pica)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    const pica_call c = {.kind = PICA_CALL_FLUSH, .paddr = paddr, .size = size};
    pica_gl_call_begin(pica, "glhle_pica_flush");
    pica_call_observer_slot *obs = pica_call_begin(pica, &c);
    glhle_result r = GLHLE_RESULT_OK;
    size = clip_size(paddr, size);
    if (size && enter_cache(pica))
        r = pica_surface_cache_flush(pica->surfaces, paddr, size);
    pica_call_end(pica, obs, &c, r);
    pica_gl_call_end(pica);
    return r;
}

static glhle_result fill_memory(glhle_pica *pica, const glhle_pica_memory_fill *fill)
{
    pica_fill_params f;
    glhle_result r = pica_fill_decode(fill, &pica->fe.mem, &pica->log, &f);
    if (r != GLHLE_RESULT_OK)
        return r;
    if (enter_cache(pica)) {
        if (pica_surface_cache_fill(pica->surfaces, &f)) {
            pica->stats.fills_gpu++;
            return GLHLE_RESULT_OK;
        }
        pica_surface_cache_invalidate(pica->surfaces, f.start, f.end - f.start);
    }
    pica_fill_cpu(&f, &pica->fe.mem);
    pica->stats.fills_cpu++;
    return GLHLE_RESULT_OK;
}

static glhle_result texture_copy(glhle_pica *p, const glhle_pica_display_transfer *t)
{
    pica_copy_params c;
    glhle_result r = pica_copy_decode(t, &p->fe.mem, &p->log, &c);
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
    pica_copy_cpu(&c, &p->fe.mem);
    p->stats.copies_cpu++;
    return GLHLE_RESULT_OK;
}

static glhle_result transfer(glhle_pica *pica, const glhle_pica_display_transfer *transfer)
{
    if (transfer->flags & 8) /* flags bit 3: texture copy mode (3dbrew) */
        return texture_copy(pica, transfer);
    pica_transfer_params t;
    glhle_result r = pica_transfer_decode(transfer, &pica->fe.mem, &pica->log, &t);
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
    r = pica_transfer_cpu(&t, &pica->fe.mem, &pica->cpu_scratch, &pica->cpu_scratch_size, &pica->log);
    if (r == GLHLE_RESULT_OK)
        pica->stats.transfers_cpu++;
    return r;
}

glhle_result glhle_pica_fill_memory(glhle_pica *pica, const glhle_pica_memory_fill *fill)
{
    if (!pica || !fill)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    const pica_call c = {.kind = PICA_CALL_FILL_MEMORY, .fill = fill};
    pica_gl_call_begin(pica, "glhle_pica_fill_memory");
    pica_call_observer_slot *obs = pica_call_begin(pica, &c);
    glhle_result r = fill_memory(pica, fill);
    pica_call_end(pica, obs, &c, r);
    pica_gl_call_end(pica);
    return r;
}

glhle_result glhle_pica_transfer(glhle_pica *pica, const glhle_pica_display_transfer *t)
{
    if (!pica || !t)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    const pica_call c = {.kind = PICA_CALL_TRANSFER, .transfer = t};
    pica_gl_call_begin(pica, "glhle_pica_transfer");
    pica_call_observer_slot *obs = pica_call_begin(pica, &c);
    glhle_result r = transfer(pica, t);
    pica_call_end(pica, obs, &c, r);
    pica_gl_call_end(pica);
    return r;
}

glhle_result glhle_pica_get_stats(const glhle_pica *pica, glhle_pica_stats *out)
{
    if (!pica || !out)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    *out = pica->stats;
    return GLHLE_RESULT_OK;
}

glhle_result glhle_pica_present(glhle_pica *pica, const glhle_pica_present_desc *desc)
{
    if (!pica || !desc)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    const pica_call c = {.kind = PICA_CALL_PRESENT, .present = desc};
    pica_gl_call_begin(pica, "glhle_pica_present");
    pica_call_observer_slot *obs = pica_call_begin(pica, &c);
    glhle_result r = pica_present(pica->presenter, desc);
    pica_call_end(pica, obs, &c, r);
    pica_gl_call_end(pica);
    return r;
}

glhle_result glhle_pica_read_frame(glhle_pica *pica, void *rgba, size_t rgba_size, uint32_t *width, uint32_t *height)
{
    if (!pica)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    pica_gl_call_begin(pica, "glhle_pica_read_frame");
    glhle_result r = pica_presenter_read(pica->presenter, rgba, rgba_size, width, height);
    pica_gl_call_end(pica);
    return r;
}

glhle_result glhle_pica_write_frame_png(glhle_pica *pica, const char *path)
{
    if (!pica || !path)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    uint32_t w = 0, h = 0;
    glhle_result r = glhle_pica_read_frame(pica, NULL, 0, &w, &h);
    if (r != GLHLE_RESULT_OK)
        return r;
    glhle_image img;
    r = glhle_image_alloc(&img, w, h);
    if (r != GLHLE_RESULT_OK)
        return r;
    r = glhle_pica_read_frame(pica, img.rgba, (size_t)w * h * 4, NULL, NULL);
    if (r == GLHLE_RESULT_OK)
        r = glhle_png_write_file(path, &img, &pica->log);
    glhle_image_free(&img);
    return r;
}
