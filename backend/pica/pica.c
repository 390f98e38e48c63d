/* The PICA instance: creation, guest memory, runs, hooks, the call observer.
 *
 * Owns: glhle_pica (pica_instance.h) and every public entry point of
 * include/glhle/pica.h. May call: every PICA stage (frontend, shader,
 * texture, fragment, surface, draw, trace), backend/gl and backend/common.
 * Nothing below calls back up: the front end reports events through the
 * pica_frontend_hooks filled in here, and the recorder sees calls through
 * the pica_call_observer_vt table in `calls`. */
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/pica/pica_instance.h"
#include "backend/pica/draw/rasterizer.h"
#include "backend/pica/shader/primitive.h"
#include "backend/pica/trace/trace_record.h"

#define DEFAULT_MAX_WORDS (64ull << 20)
#define DEFAULT_MAX_LOGGED 32u
#define ALL_EVENTS ((1u << GLHLE_PICA_EVENT_TYPE_COUNT_) - 1u)

_Static_assert(GLHLE_PICA_MAX_MAPPINGS == PICA_MAX_MAPPINGS, "public and internal mapping limits differ");
_Static_assert(GLHLE_PICA_REG_COUNT == PICA_REG_COUNT, "public and internal register counts differ");
_Static_assert(GLHLE_PICA_EVENT_TYPE_COUNT_ <= 32, "event masks are a uint32_t");

/* The front end's emit hook: the renderer first, then the core's observer. */
static void dispatch(void *user, const glhle_pica_event *ev)
{
    glhle_pica *p = user;
    const uint32_t bit = 1u << ev->type;
    if (p->renderer.fn && (p->renderer.event_mask & bit))
        p->renderer.fn(p->renderer.user, p, ev);
    if (p->observer.fn && (p->observer.event_mask & bit))
        p->observer.fn(p->observer.user, p, ev);
}

/* A GL instance draws: the draw path (rasterizer.c) installs itself as the
 * renderer hook, on the GL state and surface cache pica_gpu_init made. */
static glhle_result make_rasterizer(glhle_pica *p)
{
    const pica_rasterizer_desc rd = {
        .ctx = p->ctx,
        .gl = p->gl,
        .surfaces = p->surfaces,
        .fe = &p->fe,
        .log = &p->log,
        .no_framebuffer_fetch = p->no_framebuffer_fetch,
        .pica = &p->desc,
    };
    glhle_result r = pica_rasterizer_create(&rd, &p->rasterizer);
    if (r == GLHLE_RESULT_OK) {
        const glhle_pica_hooks h = pica_rasterizer_hooks(p->rasterizer);
        pica_set_renderer_hooks(p, &h);
    }
    return r;
}

static glhle_result create_instance(glhle_context *ctx, const glhle_pica_desc *desc, glhle_pica **out)
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
    p->fe.log = p->log;
    p->fe.max_words = d.max_words_per_run ? d.max_words_per_run : DEFAULT_MAX_WORDS;
    p->fe.max_steps = d.max_shader_steps_per_run ? d.max_shader_steps_per_run : GLHLE_PICA_DEFAULT_SHADER_STEPS;
    p->fe.max_logged = d.max_logged_problems ? d.max_logged_problems : DEFAULT_MAX_LOGGED;
    p->fe.hooks = (pica_frontend_hooks){dispatch, p};
    pica_regs_init(&p->fe.regs);
    p->desc = d;
    p->shader_cache_dir = d.shader_cache_dir ? strdup(d.shader_cache_dir) : NULL;
    p->shader_cache_title = d.shader_cache_title ? strdup(d.shader_cache_title) : NULL;
    p->desc.shader_cache_dir = p->shader_cache_dir;
    p->desc.shader_cache_title = p->shader_cache_title;
    glhle_result r = GLHLE_RESULT_OK;
    if ((d.shader_cache_dir && !p->shader_cache_dir) || (d.shader_cache_title && !p->shader_cache_title))
        r = GLHLE_FAIL(&p->log, GLHLE_RESULT_OUT_OF_MEMORY, "pica: no memory for the shader cache's names");
    if (r == GLHLE_RESULT_OK)
        r = pica_gpu_init(p, &d);
    if (r == GLHLE_RESULT_OK && ctx)
        r = make_rasterizer(p);
    if (r != GLHLE_RESULT_OK) {
        glhle_pica_destroy(p);
        return r;
    }
    *out = p;
    return GLHLE_RESULT_OK;
}

glhle_result glhle_pica_create(glhle_context *ctx, const glhle_pica_desc *desc, glhle_pica **out)
{
    if (ctx)
        gl_call_begin(ctx, "glhle_pica_create");
    glhle_result r = create_instance(ctx, desc, out);
    if (ctx)
        gl_call_end(ctx);
    return r;
}

void pica_gl_call_begin(glhle_pica *p, const char *what)
{
    if (p->ctx)
        gl_call_begin(p->ctx, what);
}

void pica_gl_call_end(glhle_pica *p)
{
    if (p->ctx)
        gl_call_end(p->ctx);
}

void glhle_pica_destroy(glhle_pica *pica)
{
    if (!pica)
        return;
    glhle_context *ctx = pica->ctx;
    if (ctx)
        gl_call_begin(ctx, "glhle_pica_destroy");
    if (pica->calls.vt)
        pica->calls.vt->detach(pica->calls.obs);
    if (pica->rasterizer)
        pica_set_renderer_hooks(pica, NULL);
    if (pica->rasterizer && gl_context_enter(pica->ctx) == GLHLE_RESULT_OK)
        pica_rasterizer_destroy(pica->rasterizer);
    pica->rasterizer = NULL;
    pica_gpu_fini(pica);
    free(pica->shader_cache_dir);
    free(pica->shader_cache_title);
    free(pica);
    if (ctx)
        gl_call_end(ctx);
}

glhle_result glhle_pica_context_lost(glhle_pica *pica)
{
    if (!pica)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!pica->ctx || pica->gl_lost)
        return GLHLE_RESULT_OK;
    pica_gl_call_begin(pica, "glhle_pica_context_lost");
    glhle_result r = gl_context_enter(pica->ctx);
    if (r == GLHLE_RESULT_OK) {
        r = pica_gpu_lose(pica);
        pica_set_renderer_hooks(pica, NULL);
        pica_rasterizer_destroy(pica->rasterizer);
        pica->rasterizer = NULL;
        pica->gl_lost = true;
    }
    pica_gl_call_end(pica);
    return r;
}

glhle_result glhle_pica_context_restored(glhle_pica *pica)
{
    if (!pica)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!pica->ctx || !pica->gl_lost)
        return GLHLE_RESULT_OK;
    pica_gl_call_begin(pica, "glhle_pica_context_restored");
    glhle_result r = gl_context_enter(pica->ctx);
    if (r == GLHLE_RESULT_OK)
        r = pica_gpu_restore(pica);
    /* a new draw path derives its key, uniforms and LUTs from the whole
     * decoded state on its first draw (nothing is valid yet), whatever the
     * dirty bits say */
    if (r == GLHLE_RESULT_OK)
        r = make_rasterizer(pica);
    if (r == GLHLE_RESULT_OK)
        pica->gl_lost = false;
    pica_gl_call_end(pica);
    return r;
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
    const pica_call c = {.kind = PICA_CALL_MAP_MEMORY, .paddr = paddr, .host = host, .host_size = size};
    pica_call_observer_slot *obs = pica_call_begin(pica, &c);
    glhle_result r = pica_memory_map(&pica->fe.mem, paddr, host, size, &pica->log);
    pica_call_end(pica, obs, &c, r);
    return r;
}

glhle_result glhle_pica_unmap_memory(glhle_pica *pica, uint32_t paddr)
{
    if (!pica)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    const pica_call c = {.kind = PICA_CALL_UNMAP_MEMORY, .paddr = paddr};
    pica_call_observer_slot *obs = pica_call_begin(pica, &c);
    glhle_result r = pica_memory_unmap(&pica->fe.mem, paddr);
    pica_call_end(pica, obs, &c, r);
    return r;
}

static glhle_result begin_run(glhle_pica *p, bool host, uint32_t paddr)
{
    if (p->running)
        return GLHLE_FAIL(&p->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: a command list was run from inside a hook of the same instance; refused");
    p->running = true;
    pica_run_state *run = &p->fe.run;
    memset(run, 0, sizeof *run);
    run->loc.host = host;
    run->loc.paddr = paddr;
    run->res.stop_in_host_list = host;
    run->res.stop_paddr = paddr;
    return GLHLE_RESULT_OK;
}

static glhle_result end_run(glhle_pica *p, glhle_result r, glhle_pica_run_result *out)
{
    p->running = false;
    if (out)
        *out = p->fe.run.res;
    return r;
}

static glhle_result run_cmdlist(glhle_pica *pica, const uint32_t *words, size_t word_count, glhle_pica_run_result *out)
{
    memset(out, 0, sizeof *out);
    if (!words && word_count)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (word_count > 0xFFFFFFFFu / 4)
        return GLHLE_FAIL(&pica->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: a %zu-word command list is larger than the GPU's 32-bit sizes; not run", word_count);
    glhle_result r = begin_run(pica, true, 0);
    if (r != GLHLE_RESULT_OK)
        return r;
    r = pica_cmdlist_run(&pica->fe, words, (uint32_t)(word_count * 4), true, 0);
    return end_run(pica, r, out);
}

glhle_result glhle_pica_run_cmdlist(glhle_pica *pica, const uint32_t *words, size_t word_count,
                                    glhle_pica_run_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!pica)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    glhle_pica_run_result res;
    const pica_call c = {.kind = PICA_CALL_RUN_CMDLIST, .words = words, .word_count = word_count, .res = &res};
    pica_gl_call_begin(pica, "glhle_pica_run_cmdlist");
    pica_call_observer_slot *obs = pica_call_begin(pica, &c);
    glhle_result r = run_cmdlist(pica, words, word_count, &res);
    pica_call_end(pica, obs, &c, r);
    pica_gl_call_end(pica);
    if (out)
        *out = res;
    return r;
}

static glhle_result run_guest(glhle_pica *pica, uint32_t paddr, uint32_t size_bytes, glhle_pica_run_result *out)
{
    memset(out, 0, sizeof *out);
    if (paddr & 7)
        return GLHLE_FAIL(&pica->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: command list address 0x%08x is not 8-byte aligned (the GPU takes it >> 3); not run",
                          paddr);
    glhle_result r = begin_run(pica, false, paddr);
    if (r != GLHLE_RESULT_OK)
        return r;
    size_bytes &= ~7u; /* "the lower 3 bits of the size are cleared" (3dbrew GPU/Internal_Registers) */
    const uint8_t *list = pica_memory_ptr(&pica->fe.mem, paddr, size_bytes);
    if (!list) {
        pica_problem(&pica->fe, GLHLE_RESULT_OUT_OF_BOUNDS, GLHLE_LOG_ERROR,
                     "command list of %u bytes is not inside one memory mapping; not run", size_bytes);
        pica->fe.run.res.stopped_on_error = true;
        return end_run(pica, pica->fe.run.first_problem, out);
    }
    r = pica_cmdlist_run(&pica->fe, list, size_bytes, false, paddr);
    return end_run(pica, r, out);
}

glhle_result glhle_pica_run_guest(glhle_pica *pica, uint32_t paddr, uint32_t size_bytes, glhle_pica_run_result *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!pica)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    glhle_pica_run_result res;
    const pica_call c = {.kind = PICA_CALL_RUN_GUEST, .paddr = paddr, .size = size_bytes, .res = &res};
    pica_gl_call_begin(pica, "glhle_pica_run_guest");
    pica_call_observer_slot *obs = pica_call_begin(pica, &c);
    glhle_result r = run_guest(pica, paddr, size_bytes, &res);
    pica_call_end(pica, obs, &c, r);
    pica_gl_call_end(pica);
    if (out)
        *out = res;
    return r;
}

glhle_result glhle_pica_get_reg(const glhle_pica *pica, uint32_t id, uint32_t *value)
{
    if (!pica || !value || id >= PICA_REG_COUNT)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    *value = pica->fe.regs.r[id];
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
    p->fe.event_mask = m & ALL_EVENTS;
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

void pica_pipeline_attach(pica_pipeline *pl, glhle_pica *p)
{
    pica_pipeline_bind(pl, &p->fe);
    glhle_pica_hooks h = {pica_pipeline_event, pl,
                          (1u << GLHLE_PICA_EVENT_DRAW) | (1u << GLHLE_PICA_EVENT_IMMEDIATE_VERTEX) |
                              (1u << GLHLE_PICA_EVENT_RESTART_PRIMITIVE)};
    pica_set_renderer_hooks(p, &h);
}

const pica_state *pica_get_state(glhle_pica *p)
{
    return pica_get_state_mut(p);
}

pica_state *pica_get_state_mut(glhle_pica *p)
{
    return pica_frontend_state_mut(&p->fe);
}

const uint8_t *pica_guest_ptr(const glhle_pica *p, uint32_t paddr, uint32_t size)
{
    return pica_memory_ptr(&p->fe.mem, paddr, size);
}

uint8_t *pica_guest_ptr_mut(const glhle_pica *p, uint32_t paddr, uint32_t size)
{
    return pica_memory_ptr_mut(&p->fe.mem, paddr, size);
}

bool pica_guest_read(const glhle_pica *p, uint32_t paddr, void *dst, uint32_t size)
{
    return pica_memory_read(&p->fe.mem, paddr, dst, size);
}

pica_call_observer_slot *pica_call_begin(glhle_pica *p, const pica_call *call)
{
    if (!p->calls.vt || p->running || p->in_observed_call)
        return NULL;
    p->in_observed_call = true;
    p->calls.vt->before(p->calls.obs, call);
    return &p->calls;
}

void pica_call_end(glhle_pica *p, pica_call_observer_slot *slot, const pica_call *call, glhle_result r)
{
    if (!slot)
        return;
    if (slot->vt)
        slot->vt->after(slot->obs, call, r);
    p->in_observed_call = false;
}

glhle_result glhle_trace_recorder_attach(glhle_trace_recorder *rec, glhle_pica *pica)
{
    if (!rec || !pica)
        return GLHLE_FAIL(NULL, GLHLE_RESULT_INVALID_ARGUMENT, "trace: attach needs a recorder and an instance");
    const pica_rec_instance inst = {
        .log = pica->log,
        .max_words = pica->fe.max_words,
        .max_steps = pica->fe.max_steps,
        .max_logged = pica->fe.max_logged,
        .resolution_scale = pica->resolution_scale,
        .mem = &pica->fe.mem,
        .regs = &pica->fe.regs,
        .running = pica->running,
    };
    return pica_rec_attach(rec, &inst, &pica->calls);
}
