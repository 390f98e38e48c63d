/* The PICA instance: creation, guest memory, runs, hooks, problem reports. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/pica/pica_instance.h"
#include "backend/pica/draw/rasterizer.h"
#include "backend/pica/trace/trace_record.h"

#define DEFAULT_MAX_WORDS (64ull << 20)
#define DEFAULT_MAX_LOGGED 32u
#define ALL_EVENTS ((1u << GLHLE_PICA_EVENT_TYPE_COUNT_) - 1u)

_Static_assert(GLHLE_PICA_MAX_MAPPINGS == PICA_MAX_MAPPINGS, "public and internal mapping limits differ");
_Static_assert(GLHLE_PICA_REG_COUNT == PICA_REG_COUNT, "public and internal register counts differ");
_Static_assert(GLHLE_PICA_EVENT_TYPE_COUNT_ <= 32, "event masks are a uint32_t");

glhle_result glhle_pica_create(glhle_context *ctx, const glhle_pica_desc *desc, glhle_pica **out)
{
    const glhle_logger *ctx_log = ctx ? &ctx->log : NULL;
    if (!out)
        return GLHLE_FAIL(ctx_log, GLHLE_RESULT_INVALID_ARGUMENT, "pica: glhle_pica_create needs an out pointer");
    *out = NULL;
    glhle_pica_desc d;
    memset(&d, 0, sizeof d);
    if (desc)
        d = *desc;
    glhle_pica *p = calloc(1, sizeof *p);
    if (!p)
        return GLHLE_FAIL(ctx_log, GLHLE_RESULT_OUT_OF_MEMORY, "pica: no memory for a %zu-byte instance",
                          sizeof *p);
    p->ctx = ctx;
    if (d.log)
        p->log = (glhle_logger){d.log, d.log_user, d.log_level};
    else if (ctx)
        p->log = ctx->log;
    else /* no logger given: warnings and errors to stderr */
        p->log = (glhle_logger){NULL, NULL, GLHLE_LOG_WARN};
    p->max_words = d.max_words_per_run ? d.max_words_per_run : DEFAULT_MAX_WORDS;
    p->max_logged = d.max_logged_problems ? d.max_logged_problems : DEFAULT_MAX_LOGGED;
    pica_regs_init(&p->regs);
    glhle_result r = pica_gpu_init(p, &d);
    /* A GL instance draws: the draw path (rasterizer.c) installs itself as
     * the renderer hook, on the GL state and surface cache made above. */
    if (r == GLHLE_RESULT_OK && ctx)
        r = pica_rasterizer_create(p, &d, &p->rasterizer);
    if (r != GLHLE_RESULT_OK) {
        glhle_pica_destroy(p);
        return r;
    }
    *out = p;
    return GLHLE_RESULT_OK;
}

void glhle_pica_destroy(glhle_pica *pica)
{
    if (!pica)
        return;
    if (pica->recorder)
        pica_rec_detach(pica->recorder);
    if (pica->rasterizer && gl_context_enter(pica->ctx) == GLHLE_RESULT_OK)
        pica_rasterizer_destroy(pica->rasterizer);
    pica->rasterizer = NULL;
    pica_gpu_fini(pica);
    free(pica);
}

glhle_result glhle_pica_get_shader_stats(const glhle_pica *pica, glhle_shader_stats *out)
{
    if (!pica || !out)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (pica->rasterizer)
        pica_rasterizer_get_shader_stats(pica->rasterizer, out);
    return GLHLE_RESULT_OK;
}

glhle_result glhle_pica_map_memory(glhle_pica *pica, uint32_t paddr, void *host, size_t size)
{
    if (!pica)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (pica->recorder)
        return pica_rec_map_memory(pica, paddr, host, size);
    return pica_memory_map(&pica->mem, paddr, host, size, &pica->log);
}

glhle_result glhle_pica_unmap_memory(glhle_pica *pica, uint32_t paddr)
{
    if (!pica)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (pica->recorder)
        return pica_rec_unmap_memory(pica, paddr);
    return pica_memory_unmap(&pica->mem, paddr);
}

static glhle_result begin_run(glhle_pica *p, bool host, uint32_t paddr)
{
    if (p->running)
        return GLHLE_FAIL(&p->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: a command list was run from inside a hook of the same instance; refused");
    p->running = true;
    memset(&p->run, 0, sizeof p->run);
    p->run.loc.host = host;
    p->run.loc.paddr = paddr;
    p->run.res.stop_in_host_list = host;
    p->run.res.stop_paddr = paddr;
    return GLHLE_RESULT_OK;
}

static glhle_result end_run(glhle_pica *p, glhle_result r, glhle_pica_run_result *out)
{
    p->running = false;
    if (out)
        *out = p->run.res;
    return r;
}

glhle_result glhle_pica_run_cmdlist(glhle_pica *pica, const uint32_t *words, size_t word_count,
                                    glhle_pica_run_result *out)
{
    if (pica && pica->recorder)
        return pica_rec_run_cmdlist(pica, words, word_count, out);
    if (out)
        memset(out, 0, sizeof *out);
    if (!pica || (!words && word_count))
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (word_count > 0xFFFFFFFFu / 4)
        return GLHLE_FAIL(&pica->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: a %zu-word command list is larger than the GPU's 32-bit sizes; not run", word_count);
    glhle_result r = begin_run(pica, true, 0);
    if (r != GLHLE_RESULT_OK)
        return r;
    r = pica_cmdlist_run(pica, words, (uint32_t)(word_count * 4), true, 0);
    return end_run(pica, r, out);
}

glhle_result glhle_pica_run_guest(glhle_pica *pica, uint32_t paddr, uint32_t size_bytes, glhle_pica_run_result *out)
{
    if (pica && pica->recorder)
        return pica_rec_run_guest(pica, paddr, size_bytes, out);
    if (out)
        memset(out, 0, sizeof *out);
    if (!pica)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (paddr & 7)
        return GLHLE_FAIL(&pica->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: command list address 0x%08x is not 8-byte aligned (the GPU takes it >> 3); not run",
                          paddr);
    glhle_result r = begin_run(pica, false, paddr);
    if (r != GLHLE_RESULT_OK)
        return r;
    size_bytes &= ~7u; /* "the lower 3 bits of the size are cleared" (3dbrew GPU/Internal_Registers) */
    const uint8_t *list = pica_memory_ptr(&pica->mem, paddr, size_bytes);
    if (!list) {
        pica_problem(pica, GLHLE_RESULT_OUT_OF_BOUNDS, GLHLE_LOG_ERROR,
                     "command list of %u bytes is not inside one memory mapping; not run", size_bytes);
        pica->run.res.stopped_on_error = true;
        return end_run(pica, pica->run.first_problem, out);
    }
    r = pica_cmdlist_run(pica, list, size_bytes, false, paddr);
    return end_run(pica, r, out);
}

glhle_result glhle_pica_get_reg(const glhle_pica *pica, uint32_t id, uint32_t *value)
{
    if (!pica || !value || id >= PICA_REG_COUNT)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    *value = pica->regs.r[id];
    return GLHLE_RESULT_OK;
}

const char *glhle_pica_reg_name(uint32_t id)
{
    return pica_reg_name(id);
}

static void normalise_hooks(glhle_pica *p)
{
    uint32_t m = 0;
    if (p->renderer.fn)
        m |= p->renderer.event_mask;
    if (p->observer.fn)
        m |= p->observer.event_mask;
    p->event_mask = m & ALL_EVENTS;
}

static void copy_hooks(glhle_pica_hooks *dst, const glhle_pica_hooks *src)
{
    if (src && src->fn) {
        *dst = *src;
        if (!dst->event_mask)
            dst->event_mask = ALL_EVENTS;
    } else {
        memset(dst, 0, sizeof *dst);
    }
}

void glhle_pica_set_hooks(glhle_pica *pica, const glhle_pica_hooks *hooks)
{
    if (!pica)
        return;
    copy_hooks(&pica->observer, hooks);
    normalise_hooks(pica);
}

void pica_set_renderer_hooks(glhle_pica *p, const glhle_pica_hooks *hooks)
{
    copy_hooks(&p->renderer, hooks);
    normalise_hooks(p);
}

void pica_emit(glhle_pica *p, glhle_pica_event *ev)
{
    ev->host_list = p->run.loc.host;
    ev->buffer_paddr = p->run.loc.paddr;
    ev->offset = p->run.loc.offset;
    ev->mask = p->run.loc.mask;
    const uint32_t bit = 1u << ev->type;
    if (p->renderer.fn && (p->renderer.event_mask & bit))
        p->renderer.fn(p->renderer.user, p, ev);
    if (p->observer.fn && (p->observer.event_mask & bit))
        p->observer.fn(p->observer.user, p, ev);
}

void pica_problem(glhle_pica *p, glhle_result r, glhle_log_level level, const char *fmt, ...)
{
    pica_run_state *run = &p->run;
    run->res.problems++;
    if (r != GLHLE_RESULT_OK && run->first_problem == GLHLE_RESULT_OK)
        run->first_problem = r;
    if (run->logged > p->max_logged)
        return;
    if (run->logged++ == p->max_logged) {
        GLHLE_WARN(&p->log, "pica: %u problems logged in this run; further ones are only counted", p->max_logged);
        return;
    }
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (run->loc.host)
        GLHLE_LOG(&p->log, level, "pica: host list +0x%x: %s", run->loc.offset, msg);
    else
        GLHLE_LOG(&p->log, level, "pica: guest 0x%08x+0x%x: %s", run->loc.paddr, run->loc.offset, msg);
}

const pica_state *pica_get_state(glhle_pica *p)
{
    return pica_get_state_mut(p);
}

pica_state *pica_get_state_mut(glhle_pica *p)
{
    if (p->regs.stale)
        pica_regs_refresh(&p->regs);
    return &p->regs.state;
}

const uint8_t *pica_guest_ptr(const glhle_pica *p, uint32_t paddr, uint32_t size)
{
    return pica_memory_ptr(&p->mem, paddr, size);
}

uint8_t *pica_guest_ptr_mut(const glhle_pica *p, uint32_t paddr, uint32_t size)
{
    return pica_memory_ptr_mut(&p->mem, paddr, size);
}

bool pica_guest_read(const glhle_pica *p, uint32_t paddr, void *dst, uint32_t size)
{
    return pica_memory_read(&p->mem, paddr, dst, size);
}
