/* The Maxwell instance: creation, GPU memory, submissions and the hooks
 * that connect the embedded front end to the core's. */
#include <stdlib.h>
#include <string.h>

#include "backend/common/image.h"
#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_context.h"
#include "backend/maxwell/frontend/engines_glue.h"
#include "backend/maxwell/frontend/method_names.h"
#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/compute.h"
#include "backend/maxwell/render/render_targets.h"

#define DEFAULT_MAX_WORDS (64ull << 20)
#define DEFAULT_MAX_LOGGED 32u
#define DEFAULT_MACRO_STEP_CAP (16ull << 20)
#define DEFAULT_MACRO_STEPS_PER_SUBMIT (256ull << 20)
#define ALL_EVENTS ((1u << GLHLE_MAXWELL_EVENT_TYPE_COUNT_) - 1u)

_Static_assert(GLHLE_MAXWELL_VA_BITS == MW_VA_BITS, "public and internal VA widths differ");
_Static_assert(GLHLE_MAXWELL_EVENT_TYPE_COUNT_ <= 32, "event masks are a uint32_t");

/* ---- the external-context contract (glhle.h) ----
 * Every public call that may reach GL is bracketed, as the PICA's and the
 * PlayStation's are: its first GL use in external mode drains the errors
 * the host left pending and makes every state shadow forget what it set,
 * and the errors glhle raises are counted and named with the call. */
static void call_begin(const glhle_maxwell *gpu, const char *what)
{
    if (gpu->ctx)
        gl_call_begin(gpu->ctx, what);
}

static glhle_result call_end(const glhle_maxwell *gpu, glhle_result r)
{
    /* the draw path's raster state back to GL's defaults once per call
     * (the contract in glhle.h; no GL call when no draw ran) */
    if (gpu->ctx && gpu->render && !gpu->render->gl_lost && gpu->ctx->call_depth == 1 &&
        gpu->ctx->call_entered)
        gl_state_raster_defaults(&gpu->render->st);
    if (gpu->ctx)
        gl_call_end(gpu->ctx);
    return r;
}

/* ---- the front end's hooks ---- */

/* CLEAR events go to the renderer, then whatever the core asked for to
 * the core. */
static void fe_emit(void *user, const glhle_maxwell_event *ev)
{
    glhle_maxwell *gpu = user;
    if (ev->type == GLHLE_MAXWELL_EVENT_CLEAR && gpu->render) {
        const glhle_result r = mw_render_clear(gpu->render, mw_frontend_state(&gpu->fe), gpu->fe.regs3d->r,
                                               ev->u.clear.value);
        if (r != GLHLE_RESULT_OK)
            mw_problem(&gpu->fe, r, GLHLE_LOG_WARN, "CLEAR_SURFACE 0x%08x: %s", ev->u.clear.value,
                       glhle_result_string(r));
    }
    if (ev->type == GLHLE_MAXWELL_EVENT_DRAW && gpu->render) {
        /* SET_ZPASS_PIXEL_COUNT ENABLE: the draw's samples count; and the
         * pipeline counters SET_STATISTICS_COUNTER enables */
        mw_query_draw_begin(gpu->render, gpu->fe.regs3d->r[MW_3D_SET_ZPASS_PIXEL_COUNT] & 1u,
                            gpu->fe.regs3d->r[MW_3D_SET_STATISTICS_COUNTER]);
        const glhle_result r = mw_render_draw(gpu->render, mw_frontend_state(&gpu->fe), ev);
        mw_query_draw_end(gpu->render);
        if (r != GLHLE_RESULT_OK)
            mw_problem(&gpu->fe, r, GLHLE_LOG_WARN, "draw: %s", glhle_result_string(r));
    }
    /* a compute launch (not the compute class's inline-to-memory copy,
     * whose completion is a LAUNCH event too) runs now, before the QMD's
     * releases and the next method */
    if (ev->type == GLHLE_MAXWELL_EVENT_LAUNCH && gpu->render && ev->class_id == GLHLE_MAXWELL_CLASS_COMPUTE &&
        ev->method == MW_COMPUTE_SEND_SIGNALING_PCAS_B) {
        const glhle_result r = mw_render_compute(gpu->render, ev->u.launch.regs);
        if (r != GLHLE_RESULT_OK)
            mw_problem(&gpu->fe, r, GLHLE_LOG_WARN, "compute launch: %s; nothing written",
                       glhle_result_string(r));
    }
    if ((gpu->user_event_mask >> ev->type) & 1u)
        gpu->hooks.event(gpu->hooks.user, gpu, ev);
}

/* An engine or the front end touching memory a render target or texture
 * spans: the target's rendered pixels go to memory first, and a write
 * makes both load again before their next use. */
static void fe_access(void *user, uint64_t va, uint64_t size, bool write)
{
    glhle_maxwell *gpu = user;
    if (gpu->render && mw_render_overlaps(gpu->render, va, size)) {
        mw_render_flush(gpu->render, va, size);
        if (write)
            mw_render_invalidate(gpu->render, va, size);
    }
}

/* A 2D blit between two resident render targets stays on the GPU. */
static bool fe_twod_blit(void *user, const uint32_t *regs)
{
    glhle_maxwell *gpu = user;
    return gpu->render && mw_render_twod(gpu->render, regs);
}

/* A DMA copy between two resident surfaces stays on the GPU. */
static bool fe_dma_copy(void *user, const uint32_t *regs)
{
    glhle_maxwell *gpu = user;
    return gpu->render && mw_render_dma(gpu->render, regs);
}

/* An inline-to-memory transfer into a resident surface goes into it. */
static bool fe_i2m_begin(void *user, const mw_i2m *st)
{
    glhle_maxwell *gpu = user;
    return gpu->render && mw_render_i2m_begin(gpu->render, st);
}

static void fe_i2m_end(void *user, const mw_i2m *st)
{
    glhle_maxwell *gpu = user;
    if (gpu->render)
        mw_render_i2m_end(gpu->render, st);
}

static void fe_wrote(void *user, uint64_t va, uint64_t size)
{
    glhle_maxwell *gpu = user;
    gpu->gpu_writes++;
    (void)va;
    (void)size;
}

/* Guest memory for the renderer: no coherence calls, which would come
 * back into it. */
static bool raw_read(void *user, uint64_t va, void *dst, size_t size)
{
    return mw_as_read(&((glhle_maxwell *)user)->as, va, dst, size);
}

static uint32_t raw_kinds(void *user, uint64_t va, uint64_t size)
{
    return mw_as_kinds(&((glhle_maxwell *)user)->as, va, size);
}

static bool raw_write(void *user, uint64_t va, const void *src, size_t size)
{
    glhle_maxwell *gpu = user;
    gpu->gpu_writes++;
    return mw_as_write(&gpu->as, va, src, size);
}

/* A call for the trace recorder, before it runs, and the news after it. */
static void observe(glhle_maxwell *gpu, const mw_call *c)
{
    if (gpu->observer.call)
        gpu->observer.call(gpu->observer.user, &gpu->as, c);
}

static void observed(glhle_maxwell *gpu)
{
    if (gpu->observer.after)
        gpu->observer.after(gpu->observer.user, &gpu->as, gpu->gpu_writes);
}

glhle_result glhle_maxwell_recorder_attach(glhle_maxwell_recorder *rec, glhle_maxwell *gpu)
{
    if (!rec || !gpu)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    const mw_trace_attach at = {&gpu->observer, &gpu->as, gpu->submitted, gpu->gpu_writes, &gpu->log};
    return mw_trace_recorder_attach(rec, &at);
}

static uint64_t fe_report_counter(void *user, uint32_t report, uint32_t sub_report)
{
    glhle_maxwell *gpu = user;
    return gpu->render ? mw_query_counter(gpu->render, report, sub_report) : 0;
}

static void fe_clear_report(void *user, uint32_t type)
{
    glhle_maxwell *gpu = user;
    if (gpu->render)
        mw_query_clear(gpu->render, type);
}

static uint64_t fe_clock(void *user)
{
    const glhle_maxwell *gpu = user;
    return gpu->hooks.clock(gpu->hooks.user);
}

static void fe_syncpoint_increment(void *user, uint32_t id)
{
    const glhle_maxwell *gpu = user;
    gpu->hooks.syncpoint_increment(gpu->hooks.user, id);
}

/* AUTO: GLHLE_MAXWELL_SHADER_PATH=spirv (or glsl) where set, so that a
 * test pass runs every instance on one path (tests/CMakeLists.txt
 * gl/test_maxwell_draw_spirv); GLSL otherwise. */
static glhle_maxwell_shader_path shader_path(glhle_maxwell_shader_path asked)
{
    if (asked != GLHLE_MAXWELL_SHADER_PATH_AUTO)
        return asked;
    const char *env = getenv("GLHLE_MAXWELL_SHADER_PATH");
    return env && !strcmp(env, "spirv") ? GLHLE_MAXWELL_SHADER_PATH_SPIRV : GLHLE_MAXWELL_SHADER_PATH_GLSL;
}

glhle_result glhle_maxwell_create(glhle_context *ctx, const glhle_maxwell_desc *desc, glhle_maxwell **out)
{
    const glhle_logger *ctx_log = ctx ? &ctx->log : NULL;
    if (!out)
        return GLHLE_FAIL(ctx_log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: glhle_maxwell_create needs an out pointer");
    *out = NULL;
    glhle_maxwell_desc d;
    memset(&d, 0, sizeof d);
    if (desc)
        d = *desc;
    glhle_maxwell *g = calloc(1, sizeof *g);
    if (!g)
        return GLHLE_FAIL(ctx_log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for a %zu-byte instance",
                          sizeof *g);
    g->ctx = ctx;
    if (d.log)
        g->log = (glhle_logger){d.log, d.log_user, d.log_level};
    else if (ctx)
        g->log = ctx->log;
    else /* no logger given: warnings and errors to stderr */
        g->log = (glhle_logger){NULL, NULL, GLHLE_LOG_WARN};
    glhle_result r = mw_as_init(&g->as, GLHLE_MAXWELL_MAX_MAPPINGS);
    if (r == GLHLE_RESULT_OK)
        r = mw_frontend_init(&g->fe, &g->as, &g->log);
    if (r != GLHLE_RESULT_OK) {
        glhle_maxwell_destroy(g);
        return GLHLE_FAIL(ctx_log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for the instance's tables");
    }
    mw_frontend *fe = &g->fe;
    fe->max_words = d.max_words_per_submit ? d.max_words_per_submit : DEFAULT_MAX_WORDS;
    fe->max_logged = d.max_logged_problems ? d.max_logged_problems : DEFAULT_MAX_LOGGED;
    fe->macro_step_cap = d.macro_step_cap ? d.macro_step_cap : DEFAULT_MACRO_STEP_CAP;
    fe->macro_steps_per_submit = d.macro_steps_per_submit ? d.macro_steps_per_submit : DEFAULT_MACRO_STEPS_PER_SUBMIT;
    fe->wait_submits_cap = d.acquire_wait_submits;
    /* report counters come from the renderer (a GL-free instance reads 0) */
    fe->hooks = (mw_frontend_hooks){g,         fe_emit,  NULL, NULL, fe_access, fe_wrote,
                                    ctx ? fe_report_counter : NULL, ctx ? fe_clear_report : NULL,
                                    ctx ? fe_twod_blit : NULL, ctx ? fe_dma_copy : NULL,
                                    ctx ? fe_i2m_begin : NULL, ctx ? fe_i2m_end : NULL};
    if (ctx) {
        const uint32_t scale = d.scale ? d.scale : 1;
        g->render = calloc(1, sizeof *g->render);
        g->raw_io = (mw_mem_io){.user = g, .read = raw_read, .write = raw_write, .log = &g->log, .kinds = raw_kinds};
        call_begin(g, "glhle_maxwell_create");
        r = call_end(g, g->render ? mw_render_init(g->render, ctx, scale, &g->raw_io) : GLHLE_RESULT_OUT_OF_MEMORY);
        if (r != GLHLE_RESULT_OK) {
            glhle_maxwell_destroy(g);
            return r;
        }
        g->render->astc_on_cpu = d.astc_on_cpu;
        const mw_shader_config sc = {.cache_dir = (char *)d.shader_cache_dir,
                                     .cache_title = (char *)d.shader_cache_title,
                                     .cache_max_bytes = d.shader_cache_max_bytes,
                                     .compile_threads = d.shader_compile_threads,
                                     .program_budget = d.program_budget,
                                     .program_budget_bytes = d.program_budget_bytes,
                                     .defer_draws = d.shader_defer_draws,
                                     .spirv = shader_path(d.shader_path) == GLHLE_MAXWELL_SHADER_PATH_SPIRV};
        if (sc.spirv && !gl_caps_spirv(ctx))
            GLHLE_WARN(&g->log, "maxwell: shader_path SPIRV asked for on a host without SPIR-V shaders (%s): "
                       "the guest's shaders go to the driver as GLSL", gl_caps_spirv_why_not(ctx));
        call_begin(g, "glhle_maxwell_create");
        r = call_end(g, mw_render_set_shaders(g->render, &sc));
        if (r != GLHLE_RESULT_OK) {
            glhle_maxwell_destroy(g);
            return r;
        }
        glhle_maxwell_set_hooks(g, NULL);
    }
    *out = g;
    return GLHLE_RESULT_OK;
}

void glhle_maxwell_destroy(glhle_maxwell *gpu)
{
    if (!gpu)
        return;
    if (gpu->observer.detach)
        gpu->observer.detach(gpu->observer.user);
    if (gpu->render) {
        call_begin(gpu, "glhle_maxwell_destroy");
        mw_render_fini(gpu->render);
        call_end(gpu, GLHLE_RESULT_OK);
    }
    free(gpu->render);
    mw_frontend_fini(&gpu->fe);
    mw_as_fini(&gpu->as);
    free(gpu);
}

/* ---- memory ---- */

glhle_result glhle_maxwell_map(glhle_maxwell *gpu, uint64_t va, void *host, size_t size, glhle_maxwell_kind kind)
{
    if (!gpu)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if ((unsigned)kind >= GLHLE_MAXWELL_KIND_COUNT_)
        return GLHLE_FAIL(&gpu->log, GLHLE_RESULT_INVALID_ARGUMENT, "maxwell: map of GPU 0x%010llx: kind %d is not a "
                          "glhle_maxwell_kind; not mapped", (unsigned long long)va, (int)kind);
    const glhle_result r = mw_as_map(&gpu->as, va, host, size, (uint8_t)kind, &gpu->log);
    if (r == GLHLE_RESULT_OK)
        observe(gpu, &(mw_call){.kind = MW_CALL_MAP, .va = va, .size = size, .mem_kind = (uint32_t)kind});
    /* other bytes behind these addresses: what the draw path read there
     * (program code, texture handles and headers its key was built from) */
    if (r == GLHLE_RESULT_OK && gpu->render)
        mw_draw_invalidate(gpu->render, va, size);
    return r;
}

glhle_result glhle_maxwell_unmap(glhle_maxwell *gpu, uint64_t va, uint64_t size)
{
    if (!gpu)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    observe(gpu, &(mw_call){.kind = MW_CALL_UNMAP, .va = va, .size = size});
    if (gpu->render)
        mw_draw_invalidate(gpu->render, va, size);
    return mw_as_unmap(&gpu->as, va, size, &gpu->log);
}

glhle_result glhle_maxwell_read(const glhle_maxwell *gpu, uint64_t va, void *dst, size_t size)
{
    if (!gpu || (!dst && size))
        return GLHLE_RESULT_INVALID_ARGUMENT;
    return mw_as_read(&gpu->as, va, dst, size) ? GLHLE_RESULT_OK : GLHLE_RESULT_OUT_OF_BOUNDS;
}

glhle_result glhle_maxwell_write(glhle_maxwell *gpu, uint64_t va, const void *src, size_t size)
{
    if (!gpu || (!src && size))
        return GLHLE_RESULT_INVALID_ARGUMENT;
    observe(gpu, &(mw_call){.kind = MW_CALL_WRITE, .va = va, .size = size, .data = src});
    call_begin(gpu, "glhle_maxwell_write");
    if (gpu->render && mw_render_overlaps(gpu->render, va, size))
        mw_render_flush(gpu->render, va, size);
    const bool ok = mw_as_write(&gpu->as, va, src, size);
    gpu->gpu_writes++; /* the recorder has the bytes already */
    if (gpu->render)
        mw_render_invalidate(gpu->render, va, size);
    call_end(gpu, GLHLE_RESULT_OK);
    observed(gpu);
    return ok ? GLHLE_RESULT_OK : GLHLE_RESULT_OUT_OF_BOUNDS;
}

glhle_result glhle_maxwell_flush(glhle_maxwell *gpu, uint64_t va, uint64_t size)
{
    if (!gpu)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    observe(gpu, &(mw_call){.kind = MW_CALL_FLUSH, .va = va, .size = size});
    call_begin(gpu, "glhle_maxwell_flush");
    const glhle_result r = call_end(gpu, gpu->render ? mw_render_flush(gpu->render, va, size) : GLHLE_RESULT_OK);
    observed(gpu);
    return r;
}

glhle_result glhle_maxwell_invalidate(glhle_maxwell *gpu, uint64_t va, uint64_t size)
{
    if (!gpu)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    observe(gpu, &(mw_call){.kind = MW_CALL_INVALIDATE, .va = va, .size = size});
    call_begin(gpu, "glhle_maxwell_invalidate");
    if (gpu->render)
        mw_render_invalidate(gpu->render, va, size);
    return call_end(gpu, GLHLE_RESULT_OK);
}

glhle_result glhle_maxwell_get_shader_stats(const glhle_maxwell *gpu, glhle_shader_stats *out)
{
    if (!gpu || !out)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (gpu->render)
        mw_render_shader_stats(gpu->render, out);
    return GLHLE_RESULT_OK;
}

glhle_result glhle_maxwell_get_render_stats(const glhle_maxwell *gpu, glhle_maxwell_render_stats *out)
{
    if (!gpu || !out)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!gpu->render)
        return GLHLE_RESULT_OK;
    const mw_render_stats *s = &gpu->render->stats;
    out->surfaces = gpu->render->count;
    out->clears = s->clears;
    out->loads = s->loads;
    out->writebacks = s->writebacks;
    out->evictions = s->evictions;
    out->twod_gpu = s->twod_gpu;
    out->dma_gpu = s->dma_gpu;
    out->i2m_gpu = s->i2m_gpu;
    out->upload_bytes = s->upload_bytes;
    out->upload_own = s->upload_own;
    mw_draw_upload_stats(gpu->render, &out->upload_wraps, &out->upload_fences, &out->upload_waits);
    return GLHLE_RESULT_OK;
}

/* ---- context loss ---- */

glhle_result glhle_maxwell_context_lost(glhle_maxwell *gpu)
{
    if (!gpu)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!gpu->render || gpu->render->gl_lost)
        return GLHLE_RESULT_OK;
    call_begin(gpu, "glhle_maxwell_context_lost");
    return call_end(gpu, mw_render_lose(gpu->render));
}

glhle_result glhle_maxwell_context_restored(glhle_maxwell *gpu)
{
    if (!gpu)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!gpu->render || !gpu->render->gl_lost)
        return GLHLE_RESULT_OK;
    call_begin(gpu, "glhle_maxwell_context_restored");
    return call_end(gpu, mw_render_restore(gpu->render));
}

/* ---- presentation ---- */

glhle_result glhle_maxwell_present(glhle_maxwell *gpu, const glhle_maxwell_present_desc *desc)
{
    if (!gpu || !desc)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!gpu->render)
        return GLHLE_FAIL(&gpu->log, GLHLE_RESULT_INVALID_ARGUMENT, "maxwell: present needs an instance with a GL "
                          "context");
    observe(gpu, &(mw_call){.kind = MW_CALL_PRESENT, .present = desc});
    call_begin(gpu, "glhle_maxwell_present");
    const glhle_result r = call_end(gpu, mw_present(gpu->render, desc));
    observed(gpu);
    return r;
}

glhle_result glhle_maxwell_read_frame(glhle_maxwell *gpu, void *rgba, size_t rgba_size, uint32_t *width,
                                      uint32_t *height)
{
    if (!gpu)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!gpu->render)
        return GLHLE_RESULT_NOT_FOUND;
    call_begin(gpu, "glhle_maxwell_read_frame");
    return call_end(gpu, mw_present_read(gpu->render, rgba, rgba_size, width, height));
}

glhle_result glhle_maxwell_write_frame_png(glhle_maxwell *gpu, const char *path)
{
    if (!gpu || !path)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    glhle_image img = {0};
    glhle_result r = glhle_maxwell_read_frame(gpu, NULL, 0, &img.width, &img.height);
    if (r == GLHLE_RESULT_OK)
        r = glhle_image_alloc(&img, img.width, img.height);
    if (r == GLHLE_RESULT_OK)
        r = glhle_maxwell_read_frame(gpu, img.rgba, (size_t)img.width * img.height * 4, NULL, NULL);
    if (r == GLHLE_RESULT_OK)
        r = glhle_png_write_file(path, &img, &gpu->log);
    glhle_image_free(&img);
    return r;
}

glhle_result glhle_maxwell_kind_at(const glhle_maxwell *gpu, uint64_t va, glhle_maxwell_kind *kind)
{
    if (!gpu || !kind)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    const mw_mapping *m = mw_as_find(&gpu->as, va);
    if (!m)
        return GLHLE_RESULT_NOT_FOUND;
    *kind = (glhle_maxwell_kind)m->kind;
    return GLHLE_RESULT_OK;
}

/* ---- submissions ---- */

static glhle_result begin_submit(glhle_maxwell *gpu, const char *what)
{
    if (gpu->running)
        return GLHLE_FAIL(&gpu->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: a hook tried to submit on the instance that called it; refused");
    gpu->running = true;
    gpu->submitted = true;
    call_begin(gpu, what);
    mw_frontend_begin(&gpu->fe);
    return GLHLE_RESULT_OK;
}

static glhle_result end_submit(glhle_maxwell *gpu, glhle_maxwell_run_result *out)
{
    mw_pushbuf_finish(&gpu->fe);
    call_end(gpu, GLHLE_RESULT_OK);
    gpu->running = false;
    if (gpu->fe.run.logged > gpu->fe.max_logged)
        GLHLE_WARN(&gpu->log, "maxwell: %u problems in this submission, %u logged", gpu->fe.run.res.problems,
                   gpu->fe.max_logged);
    observed(gpu);
    if (out)
        *out = gpu->fe.run.res;
    return gpu->fe.run.first_problem;
}

glhle_result glhle_maxwell_submit_gpfifo(glhle_maxwell *gpu, const uint64_t *entries, size_t count,
                                         glhle_maxwell_run_result *out)
{
    if (!gpu || (!entries && count))
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!gpu->running)
        observe(gpu, &(mw_call){.kind = MW_CALL_GPFIFO, .data = entries, .count = count});
    glhle_result r = begin_submit(gpu, "glhle_maxwell_submit_gpfifo");
    if (r != GLHLE_RESULT_OK)
        return r;
    mw_frontend_submit(&gpu->fe, count ? entries : NULL, NULL, count); /* frontend/submit.c */
    return end_submit(gpu, out);
}

glhle_result glhle_maxwell_submit_words(glhle_maxwell *gpu, const uint32_t *words, size_t count,
                                        glhle_maxwell_run_result *out)
{
    if (!gpu || (!words && count) || count > UINT32_MAX)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!gpu->running)
        observe(gpu, &(mw_call){.kind = MW_CALL_WORDS, .data = words, .count = count});
    glhle_result r = begin_submit(gpu, "glhle_maxwell_submit_words");
    if (r != GLHLE_RESULT_OK)
        return r;
    mw_frontend_submit(&gpu->fe, NULL, count ? words : NULL, count);
    return end_submit(gpu, out);
}

void glhle_maxwell_set_timestamp(glhle_maxwell *gpu, uint64_t ticks)
{
    if (!gpu)
        return;
    observe(gpu, &(mw_call){.kind = MW_CALL_TIMESTAMP, .va = ticks});
    gpu->fe.timestamp = ticks;
}


/* ---- state ---- */

uint32_t glhle_maxwell_bound_class(const glhle_maxwell *gpu, uint32_t subchannel)
{
    return gpu && subchannel < MW_SUBCHANNELS ? gpu->fe.bound_class[subchannel] : 0;
}

glhle_result glhle_maxwell_get_method(const glhle_maxwell *gpu, uint32_t class_id, uint32_t method, uint32_t *value)
{
    if (!gpu || !value)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    const int e = mw_engine_of_class(class_id);
    if (e < 0 || method >= MW_METHOD_WORDS || (e == MW_ENGINE_3D && method >= MW_3D_REG_COUNT))
        return GLHLE_RESULT_INVALID_ARGUMENT;
    *value = e == MW_ENGINE_3D ? gpu->fe.regs3d->r[method] : gpu->fe.engine_regs[e][method];
    return GLHLE_RESULT_OK;
}

glhle_result glhle_maxwell_get_shadow(const glhle_maxwell *gpu, uint32_t method, uint32_t *value)
{
    if (!gpu || !value || method >= MW_3D_REG_COUNT)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    *value = gpu->fe.regs3d->shadow[method];
    return GLHLE_RESULT_OK;
}

const char *glhle_maxwell_method_name(uint32_t class_id, uint32_t method, uint32_t *index)
{
    return mw_method_name(class_id, method, index, NULL);
}

const char *glhle_maxwell_class_name(uint32_t class_id)
{
    return mw_class_name(class_id);
}

const mw_state *mw_get_state(glhle_maxwell *gpu)
{
    return mw_get_state_mut(gpu);
}

mw_state *mw_get_state_mut(glhle_maxwell *gpu)
{
    return mw_frontend_state(&gpu->fe);
}

/* ---- hooks ---- */

void glhle_maxwell_set_hooks(glhle_maxwell *gpu, const glhle_maxwell_hooks *hooks)
{
    if (!gpu)
        return;
    if (hooks)
        gpu->hooks = *hooks;
    else
        memset(&gpu->hooks, 0, sizeof gpu->hooks);
    uint32_t m = 0;
    if (gpu->hooks.event)
        m = gpu->hooks.event_mask ? gpu->hooks.event_mask & ALL_EVENTS : ALL_EVENTS;
    gpu->user_event_mask = m;
    gpu->fe.event_mask =
        m | (gpu->render ? 1u << GLHLE_MAXWELL_EVENT_CLEAR | 1u << GLHLE_MAXWELL_EVENT_DRAW |
                               1u << GLHLE_MAXWELL_EVENT_LAUNCH
                         : 0u);
    gpu->fe.hooks.clock = gpu->hooks.clock ? fe_clock : NULL;
    gpu->fe.hooks.syncpoint_increment = gpu->hooks.syncpoint_increment ? fe_syncpoint_increment : NULL;
}

