/* The front end's own state and its reports: the tables it allocates, the
 * problem log with the location of the method, faults with the method's
 * name, checked GPU memory access, events through mw_frontend_hooks. */
#include "backend/maxwell/frontend/frontend.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/frontend/method_names.h"

glhle_result mw_frontend_init(mw_frontend *fe, mw_address_space *as, const glhle_logger *log)
{
    memset(fe, 0, sizeof *fe);
    fe->as = as;
    if (log)
        fe->log = *log;
    fe->regs3d = malloc(sizeof *fe->regs3d);
    fe->inline_index = malloc(MW_MAX_INLINE_INDICES * sizeof *fe->inline_index);
    bool ok = fe->regs3d && fe->inline_index;
    for (int e = 1; e < MW_ENGINE_COUNT_ && ok; e++)
        ok = (fe->engine_regs[e] = calloc(MW_METHOD_WORDS, sizeof(uint32_t))) != NULL;
    if (ok && (fe->mme = malloc(sizeof *fe->mme)) != NULL)
        mw_mme_init(fe->mme, &fe->log);
    if (!ok || !fe->mme) {
        mw_frontend_fini(fe);
        return GLHLE_RESULT_OUT_OF_MEMORY;
    }
    mw_regs_3d_init(fe->regs3d);
    return GLHLE_RESULT_OK;
}

void mw_frontend_fini(mw_frontend *fe)
{
    free(fe->regs3d);
    free(fe->inline_index);
    for (int e = 0; e < MW_ENGINE_COUNT_; e++)
        free(fe->engine_regs[e]);
    free(fe->mme);
    mw_pending_clear(fe);
    fe->regs3d = NULL;
    fe->inline_index = NULL;
    memset(fe->engine_regs, 0, sizeof fe->engine_regs);
    fe->mme = NULL;
}

void mw_frontend_begin(mw_frontend *fe)
{
    memset(&fe->run, 0, sizeof fe->run);
    fe->run.macro_steps_left = fe->macro_steps_per_submit;
}

mw_state *mw_frontend_state(mw_frontend *fe)
{
    if (fe->regs3d->stale)
        mw_regs_3d_refresh(fe->regs3d);
    return &fe->regs3d->state;
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

uint64_t mw_timestamp(mw_frontend *fe)
{
    return fe->hooks.clock ? fe->hooks.clock(fe->hooks.user) : fe->timestamp;
}

void mw_emit(mw_frontend *fe, glhle_maxwell_event *ev)
{
    const mw_location *loc = &fe->run.loc;
    ev->entry = loc->entry;
    ev->segment_va = loc->segment_va;
    ev->offset = loc->offset;
    ev->subchannel = loc->subchannel;
    ev->class_id = loc->class_id;
    if (ev->type != GLHLE_MAXWELL_EVENT_METHOD)
        ev->method = loc->method;
    ev->from_macro = loc->in_macro;
    fe->hooks.emit(fe->hooks.user, ev);
}

void mw_problem(mw_frontend *fe, glhle_result r, glhle_log_level level, const char *fmt, ...)
{
    mw_run_state *run = &fe->run;
    /* debug-level notes with no error are not problems: logged only */
    const bool note = r == GLHLE_RESULT_OK && level == GLHLE_LOG_DEBUG;
    if (note) {
        if (run->notes_logged >= fe->max_logged)
            return; /* notes stop quietly at the same cap */
        run->notes_logged++;
    } else {
        run->res.problems++;
        if (r != GLHLE_RESULT_OK && run->first_problem == GLHLE_RESULT_OK)
            run->first_problem = r;
        if (run->logged > fe->max_logged)
            return;
    }
    if (!note && run->logged++ == fe->max_logged) {
        GLHLE_WARN(&fe->log, "maxwell: %u problems logged in this submission; further ones are only counted",
                   fe->max_logged);
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
        GLHLE_LOG(&fe->log, level, "maxwell: words +0x%x:%s %s", run->loc.offset, macro, msg);
    else
        GLHLE_LOG(&fe->log, level, "maxwell: entry %u (GPU 0x%010llx) +0x%x:%s %s", run->loc.entry,
                  (unsigned long long)run->loc.segment_va, run->loc.offset, macro, msg);
}

void mw_fault(mw_frontend *fe, uint64_t va, size_t size, const char *what, const char *dir, const char *why)
{
    mw_run_state *run = &fe->run;
    run->res.faults++;
    run->res.last_fault_va = va;
    run->res.last_fault_class = run->loc.class_id;
    run->res.last_fault_method = run->loc.method;
    const char *cls = mw_class_name(run->loc.class_id);
    const char *name = mw_method_name(run->loc.class_id, run->loc.method, NULL, NULL);
    mw_problem(fe, GLHLE_RESULT_OUT_OF_BOUNDS, GLHLE_LOG_ERROR,
               "GPU fault: %s %s %zu bytes at 0x%010llx, %s (method %s.%s, 0x%03x); skipped", what, dir, size,
               (unsigned long long)va, why, cls ? cls : "?", name ? name : "?", run->loc.method);
}

bool mw_gpu_read(mw_frontend *fe, uint64_t va, void *dst, size_t size, const char *what)
{
    if (fe->hooks.access)
        fe->hooks.access(fe->hooks.user, va, size, false);
    if (mw_as_read(fe->as, va, dst, size))
        return true;
    mw_fault(fe, va, size, what, "reads", "not all mapped");
    return false;
}

bool mw_gpu_write(mw_frontend *fe, uint64_t va, const void *src, size_t size, const char *what)
{
    if (fe->hooks.access)
        fe->hooks.access(fe->hooks.user, va, size, true);
    if (mw_as_write(fe->as, va, src, size)) {
        if (fe->hooks.wrote)
            fe->hooks.wrote(fe->hooks.user, va, size);
        return true;
    }
    mw_fault(fe, va, size, what, "writes", "not all mapped");
    return false;
}
