/* The Maxwell instance: creation, GPU memory, submissions, hooks, problem
 * reports and checked memory access for the stages. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/image.h"
#include "backend/gl/gl_context.h"
#include "backend/maxwell/frontend/method_names.h"
#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/render_targets.h"

#define DEFAULT_MAX_WORDS (64ull << 20)
#define DEFAULT_MAX_LOGGED 32u
#define DEFAULT_MACRO_STEP_CAP (16ull << 20)
#define DEFAULT_MACRO_STEPS_PER_SUBMIT (256ull << 20)
#define ALL_EVENTS ((1u << GLHLE_MAXWELL_EVENT_TYPE_COUNT_) - 1u)

_Static_assert(GLHLE_MAXWELL_VA_BITS == MW_VA_BITS, "public and internal VA widths differ");
_Static_assert(GLHLE_MAXWELL_EVENT_TYPE_COUNT_ <= 32, "event masks are a uint32_t");

/* Guest memory for the renderer: no coherence calls, which would come
 * back into it. */
static bool raw_read(void *user, uint64_t va, void *dst, size_t size)
{
    return mw_as_read(&((glhle_maxwell *)user)->as, va, dst, size);
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
    g->max_words = d.max_words_per_submit ? d.max_words_per_submit : DEFAULT_MAX_WORDS;
    g->max_logged = d.max_logged_problems ? d.max_logged_problems : DEFAULT_MAX_LOGGED;
    g->macro_step_cap = d.macro_step_cap ? d.macro_step_cap : DEFAULT_MACRO_STEP_CAP;
    g->macro_steps_per_submit = d.macro_steps_per_submit ? d.macro_steps_per_submit : DEFAULT_MACRO_STEPS_PER_SUBMIT;
    glhle_result r = mw_as_init(&g->as, GLHLE_MAXWELL_MAX_MAPPINGS);
    g->regs3d = malloc(sizeof *g->regs3d);
    g->inline_index = malloc(MW_MAX_INLINE_INDICES * sizeof *g->inline_index);
    bool ok = r == GLHLE_RESULT_OK && g->regs3d && g->inline_index;
    for (int e = 1; e < MW_ENGINE_COUNT_ && ok; e++)
        ok = (g->engine_regs[e] = calloc(MW_METHOD_WORDS, sizeof(uint32_t))) != NULL;
    if (ok && (g->mme = malloc(sizeof *g->mme)) != NULL)
        mw_mme_init(g->mme, &g->log);
    ok = ok && g->mme;
    if (!ok) {
        glhle_maxwell_destroy(g);
        return GLHLE_FAIL(ctx_log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for the instance's tables");
    }
    mw_regs_3d_init(g->regs3d);
    if (ctx) {
        const uint32_t scale = d.scale ? d.scale : 1;
        g->render = calloc(1, sizeof *g->render);
        g->raw_io = (mw_mem_io){g, raw_read, raw_write, &g->log, NULL};
        r = g->render ? mw_render_init(g->render, ctx, scale, &g->raw_io) : GLHLE_RESULT_OUT_OF_MEMORY;
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
    if (gpu->render)
        mw_render_fini(gpu->render);
    free(gpu->render);
    mw_as_fini(&gpu->as);
    free(gpu->regs3d);
    free(gpu->inline_index);
    for (int e = 0; e < MW_ENGINE_COUNT_; e++)
        free(gpu->engine_regs[e]);
    free(gpu->mme);
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
    return r;
}

glhle_result glhle_maxwell_unmap(glhle_maxwell *gpu, uint64_t va, uint64_t size)
{
    if (!gpu)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    observe(gpu, &(mw_call){.kind = MW_CALL_UNMAP, .va = va, .size = size});
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
    if (gpu->render && mw_render_overlaps(gpu->render, va, size))
        mw_render_flush(gpu->render, va, size);
    const bool ok = mw_as_write(&gpu->as, va, src, size);
    gpu->gpu_writes++; /* the recorder has the bytes already */
    if (gpu->render)
        mw_render_invalidate(gpu->render, va, size);
    observed(gpu);
    return ok ? GLHLE_RESULT_OK : GLHLE_RESULT_OUT_OF_BOUNDS;
}

glhle_result glhle_maxwell_flush(glhle_maxwell *gpu, uint64_t va, uint64_t size)
{
    if (!gpu)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    observe(gpu, &(mw_call){.kind = MW_CALL_FLUSH, .va = va, .size = size});
    const glhle_result r = gpu->render ? mw_render_flush(gpu->render, va, size) : GLHLE_RESULT_OK;
    observed(gpu);
    return r;
}

glhle_result glhle_maxwell_invalidate(glhle_maxwell *gpu, uint64_t va, uint64_t size)
{
    if (!gpu)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    observe(gpu, &(mw_call){.kind = MW_CALL_INVALIDATE, .va = va, .size = size});
    if (gpu->render)
        mw_render_invalidate(gpu->render, va, size);
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
    return GLHLE_RESULT_OK;
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

/* ---- presentation ---- */

glhle_result glhle_maxwell_present(glhle_maxwell *gpu, const glhle_maxwell_present_desc *desc)
{
    if (!gpu || !desc)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!gpu->render)
        return GLHLE_FAIL(&gpu->log, GLHLE_RESULT_INVALID_ARGUMENT, "maxwell: present needs an instance with a GL "
                          "context");
    observe(gpu, &(mw_call){.kind = MW_CALL_PRESENT, .present = desc});
    const glhle_result r = mw_present(gpu->render, desc);
    observed(gpu);
    return r;
}

glhle_result glhle_maxwell_read_frame(glhle_maxwell *gpu, void *rgba, size_t rgba_size, uint32_t *width,
                                      uint32_t *height)
{
    if (!gpu)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    return gpu->render ? mw_present_read(gpu->render, rgba, rgba_size, width, height) : GLHLE_RESULT_NOT_FOUND;
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

/* ---- submissions ---- */

static glhle_result begin_submit(glhle_maxwell *gpu)
{
    if (gpu->running)
        return GLHLE_FAIL(&gpu->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "maxwell: a hook tried to submit on the instance that called it; refused");
    gpu->running = true;
    gpu->submitted = true;
    memset(&gpu->run, 0, sizeof gpu->run);
    gpu->run.macro_steps_left = gpu->macro_steps_per_submit;
    return GLHLE_RESULT_OK;
}

static glhle_result end_submit(glhle_maxwell *gpu, glhle_maxwell_run_result *out)
{
    mw_pushbuf_finish(gpu);
    gpu->running = false;
    if (gpu->run.logged > gpu->max_logged)
        GLHLE_WARN(&gpu->log, "maxwell: %u problems in this submission, %u logged", gpu->run.res.problems,
                   gpu->max_logged);
    observed(gpu);
    if (out)
        *out = gpu->run.res;
    return gpu->run.first_problem;
}

/* GP_ENTRY1 with LENGTH 0 is a control entry whose OPCODE (7:0) is NOP,
 * ILLEGAL, GP_CRC or PB_CRC (clb06f.h NVB06F_GP_ENTRY1_OPCODE_*). */
static bool control_entry(glhle_maxwell *gpu, uint32_t e1)
{
    const uint32_t op = e1 & 0xFF;
    if (op == 0)
        return true;
    if (op == 1) {
        mw_problem(gpu, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_ERROR,
                   "GPFIFO control entry ILLEGAL (0x%08x); the submission stops", e1);
        gpu->run.res.stopped_on_error = true;
        return false;
    }
    mw_problem(gpu, GLHLE_RESULT_OK, GLHLE_LOG_DEBUG, "GPFIFO control entry %s (opcode %u): CRC checks are not "
               "modelled; skipped", op == 2 ? "GP_CRC" : op == 3 ? "PB_CRC" : "unknown", op);
    return true;
}

glhle_result glhle_maxwell_submit_gpfifo(glhle_maxwell *gpu, const uint64_t *entries, size_t count,
                                         glhle_maxwell_run_result *out)
{
    if (!gpu || (!entries && count))
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!gpu->running)
        observe(gpu, &(mw_call){.kind = MW_CALL_GPFIFO, .data = entries, .count = count});
    glhle_result r = begin_submit(gpu);
    if (r != GLHLE_RESULT_OK)
        return r;
    for (size_t i = 0; i < count && !gpu->run.res.stopped_on_error; i++) {
        const uint32_t e0 = (uint32_t)entries[i], e1 = (uint32_t)(entries[i] >> 32);
        /* GET 31:2 and GET_HI 7:0: a 40-bit word-aligned address; LENGTH
         * 30:10 in words; LEVEL 9 (main or subroutine) only moves the
         * hardware's TopLevelGet and SYNC 31 orders fetches against earlier
         * work, so neither changes what a sequential model executes. */
        const uint64_t va = ((uint64_t)(e1 & 0xFF) << 32) | (e0 & ~3u);
        const uint32_t len = (e1 >> 10) & 0x1FFFFF;
        mw_location *loc = &gpu->run.loc;
        memset(loc, 0, sizeof *loc);
        loc->entry = (uint32_t)i;
        loc->segment_va = va;
        gpu->run.res.entries++;
        if (!len) {
            if (!control_entry(gpu, e1))
                break;
            continue;
        }
        if (!mw_as_mapped(&gpu->as, va, (uint64_t)len * 4)) {
            gpu->run.res.faults++;
            gpu->run.res.last_fault_va = va;
            gpu->run.res.last_fault_class = GLHLE_MAXWELL_CLASS_HOST;
            mw_problem(gpu, GLHLE_RESULT_OUT_OF_BOUNDS, GLHLE_LOG_ERROR,
                       "pushbuffer at GPU 0x%010llx, %u words, is not all mapped; the submission stops",
                       (unsigned long long)va, len);
            gpu->run.res.stopped_on_error = true;
            break;
        }
        /* Walk the segment mapping by mapping: a pushbuffer may span
         * adjacent mappings. */
        uint32_t done = 0;
        while (done < len) {
            uint64_t avail;
            const uint8_t *p = mw_as_span(&gpu->as, va + (uint64_t)done * 4, &avail);
            uint64_t n = avail / 4;
            if (n == 0) {
                /* a word straddles two mappings: copy it */
                uint8_t w[4];
                mw_as_read(&gpu->as, va + (uint64_t)done * 4, w, 4);
                if (!mw_pushbuf_run(gpu, w, 1, done))
                    break;
                done++;
                continue;
            }
            if (n > len - done)
                n = len - done;
            if (!mw_pushbuf_run(gpu, p, (uint32_t)n, done))
                break;
            done += (uint32_t)n;
        }
    }
    return end_submit(gpu, out);
}

glhle_result glhle_maxwell_submit_words(glhle_maxwell *gpu, const uint32_t *words, size_t count,
                                        glhle_maxwell_run_result *out)
{
    if (!gpu || (!words && count) || count > UINT32_MAX)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!gpu->running)
        observe(gpu, &(mw_call){.kind = MW_CALL_WORDS, .data = words, .count = count});
    glhle_result r = begin_submit(gpu);
    if (r != GLHLE_RESULT_OK)
        return r;
    gpu->run.loc.host_words = true;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    /* the parser reads little-endian bytes; host words are native */
    for (size_t i = 0; i < count && !gpu->run.res.stopped_on_error; i++) {
        uint8_t b[4] = {(uint8_t)words[i], (uint8_t)(words[i] >> 8), (uint8_t)(words[i] >> 16),
                        (uint8_t)(words[i] >> 24)};
        if (!mw_pushbuf_run(gpu, b, 1, (uint32_t)i))
            break;
    }
#else
    if (count)
        mw_pushbuf_run(gpu, (const uint8_t *)words, (uint32_t)count, 0);
#endif
    return end_submit(gpu, out);
}

void glhle_maxwell_set_timestamp(glhle_maxwell *gpu, uint64_t ticks)
{
    if (!gpu)
        return;
    observe(gpu, &(mw_call){.kind = MW_CALL_TIMESTAMP, .va = ticks});
    gpu->timestamp = ticks;
}

uint64_t mw_timestamp(glhle_maxwell *gpu)
{
    return gpu->hooks.clock ? gpu->hooks.clock(gpu->hooks.user) : gpu->timestamp;
}

/* ---- state ---- */

uint32_t glhle_maxwell_bound_class(const glhle_maxwell *gpu, uint32_t subchannel)
{
    return gpu && subchannel < MW_SUBCHANNELS ? gpu->bound_class[subchannel] : 0;
}

int mw_engine_of_class(uint32_t class_id)
{
    switch (class_id) {
    case GLHLE_MAXWELL_CLASS_3D: return MW_ENGINE_3D;
    case GLHLE_MAXWELL_CLASS_COMPUTE: return MW_ENGINE_COMPUTE;
    case GLHLE_MAXWELL_CLASS_I2M: return MW_ENGINE_I2M;
    case GLHLE_MAXWELL_CLASS_2D: return MW_ENGINE_2D;
    case GLHLE_MAXWELL_CLASS_DMA: return MW_ENGINE_DMA;
    default: return -1;
    }
}

glhle_result glhle_maxwell_get_method(const glhle_maxwell *gpu, uint32_t class_id, uint32_t method, uint32_t *value)
{
    if (!gpu || !value)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    const int e = mw_engine_of_class(class_id);
    if (e < 0 || method >= MW_METHOD_WORDS || (e == MW_ENGINE_3D && method >= MW_3D_REG_COUNT))
        return GLHLE_RESULT_INVALID_ARGUMENT;
    *value = e == MW_ENGINE_3D ? gpu->regs3d->r[method] : gpu->engine_regs[e][method];
    return GLHLE_RESULT_OK;
}

glhle_result glhle_maxwell_get_shadow(const glhle_maxwell *gpu, uint32_t method, uint32_t *value)
{
    if (!gpu || !value || method >= MW_3D_REG_COUNT)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    *value = gpu->regs3d->shadow[method];
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
    if (gpu->regs3d->stale)
        mw_regs_3d_refresh(gpu->regs3d);
    return &gpu->regs3d->state;
}

/* ---- hooks, problems, memory for the stages ---- */

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
    gpu->event_mask = m | (gpu->render ? 1u << GLHLE_MAXWELL_EVENT_CLEAR : 0u);
}

void mw_emit(glhle_maxwell *gpu, glhle_maxwell_event *ev)
{
    const mw_location *loc = &gpu->run.loc;
    ev->entry = loc->entry;
    ev->segment_va = loc->segment_va;
    ev->offset = loc->offset;
    ev->subchannel = loc->subchannel;
    ev->class_id = loc->class_id;
    if (ev->type != GLHLE_MAXWELL_EVENT_METHOD)
        ev->method = loc->method;
    ev->from_macro = loc->in_macro;
    if (ev->type == GLHLE_MAXWELL_EVENT_CLEAR && gpu->render) {
        const glhle_result r = mw_render_clear(gpu->render, mw_get_state(gpu), gpu->regs3d->r, ev->u.clear.value);
        if (r != GLHLE_RESULT_OK)
            mw_problem(gpu, r, GLHLE_LOG_WARN, "CLEAR_SURFACE 0x%08x: %s", ev->u.clear.value,
                       glhle_result_string(r));
    }
    if ((gpu->user_event_mask >> ev->type) & 1u)
        gpu->hooks.event(gpu->hooks.user, gpu, ev);
}

void mw_problem(glhle_maxwell *gpu, glhle_result r, glhle_log_level level, const char *fmt, ...)
{
    mw_run_state *run = &gpu->run;
    /* debug-level notes with no error are not problems: logged only */
    const bool note = r == GLHLE_RESULT_OK && level == GLHLE_LOG_DEBUG;
    if (note) {
        if (run->notes_logged >= gpu->max_logged)
            return; /* notes stop quietly at the same cap */
        run->notes_logged++;
    } else {
        run->res.problems++;
        if (r != GLHLE_RESULT_OK && run->first_problem == GLHLE_RESULT_OK)
            run->first_problem = r;
        if (run->logged > gpu->max_logged)
            return;
    }
    if (!note && run->logged++ == gpu->max_logged) {
        GLHLE_WARN(&gpu->log, "maxwell: %u problems logged in this submission; further ones are only counted",
                   gpu->max_logged);
        return;
    }
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char macro[32] = "";
    if (run->loc.in_macro)
        snprintf(macro, sizeof macro, " macro %u:", run->loc.macro_index);
    if (run->loc.host_words)
        GLHLE_LOG(&gpu->log, level, "maxwell: words +0x%x:%s %s", run->loc.offset, macro, msg);
    else
        GLHLE_LOG(&gpu->log, level, "maxwell: entry %u (GPU 0x%010llx) +0x%x:%s %s", run->loc.entry,
                  (unsigned long long)run->loc.segment_va, run->loc.offset, macro, msg);
}

static void fault(glhle_maxwell *gpu, uint64_t va, size_t size, const char *what, const char *dir)
{
    mw_run_state *run = &gpu->run;
    run->res.faults++;
    run->res.last_fault_va = va;
    run->res.last_fault_class = run->loc.class_id;
    run->res.last_fault_method = run->loc.method;
    const char *cls = mw_class_name(run->loc.class_id);
    const char *name = mw_method_name(run->loc.class_id, run->loc.method, NULL, NULL);
    mw_problem(gpu, GLHLE_RESULT_OUT_OF_BOUNDS, GLHLE_LOG_ERROR,
               "GPU fault: %s %s %zu bytes at 0x%010llx, not all mapped (method %s.%s, 0x%03x); skipped", what, dir,
               size, (unsigned long long)va, cls ? cls : "?", name ? name : "?", run->loc.method);
}

/* An engine or the front end touching memory a render target spans: the
 * target's rendered pixels go to memory first, and a write makes the
 * target load again before its next use. */
bool mw_gpu_read(glhle_maxwell *gpu, uint64_t va, void *dst, size_t size, const char *what)
{
    if (gpu->render && mw_render_overlaps(gpu->render, va, size))
        mw_render_flush(gpu->render, va, size);
    if (mw_as_read(&gpu->as, va, dst, size))
        return true;
    fault(gpu, va, size, what, "reads");
    return false;
}

bool mw_gpu_write(glhle_maxwell *gpu, uint64_t va, const void *src, size_t size, const char *what)
{
    gpu->gpu_writes++;
    if (gpu->render && mw_render_overlaps(gpu->render, va, size)) {
        mw_render_flush(gpu->render, va, size);
        mw_render_invalidate(gpu->render, va, size);
    }
    if (mw_as_write(&gpu->as, va, src, size))
        return true;
    fault(gpu, va, size, what, "writes");
    return false;
}
