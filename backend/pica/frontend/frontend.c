/* The front end's shared pieces: event dispatch through the owner's hooks,
 * problem reports and the decoded state (frontend.h). */
#include "backend/pica/frontend/frontend.h"

#include <stdarg.h>
#include <stdio.h>

void pica_emit(pica_frontend *fe, glhle_pica_event *ev)
{
    ev->host_list = fe->run.loc.host;
    ev->buffer_paddr = fe->run.loc.paddr;
    ev->offset = fe->run.loc.offset;
    ev->mask = fe->run.loc.mask;
    if (fe->hooks.emit && ((fe->event_mask >> ev->type) & 1u))
        fe->hooks.emit(fe->hooks.user, ev);
}

void pica_problem(pica_frontend *fe, glhle_result r, glhle_log_level level, const char *fmt, ...)
{
    pica_run_state *run = &fe->run;
    run->res.problems++;
    if (r != GLHLE_RESULT_OK && run->first_problem == GLHLE_RESULT_OK)
        run->first_problem = r;
    if (run->logged > fe->max_logged)
        return;
    if (run->logged++ == fe->max_logged) {
        GLHLE_WARN(&fe->log, "pica: %u problems logged in this run; further ones are only counted", fe->max_logged);
        return;
    }
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (run->loc.host)
        GLHLE_LOG(&fe->log, level, "pica: host list +0x%x: %s", run->loc.offset, msg);
    else
        GLHLE_LOG(&fe->log, level, "pica: guest 0x%08x+0x%x: %s", run->loc.paddr, run->loc.offset, msg);
}

bool pica_charge_steps(pica_frontend *fe, uint64_t steps, const char *what)
{
    pica_run_state *run = &fe->run;
    run->res.shader_steps += steps;
    if (run->out_of_steps)
        return false;
    if (run->res.shader_steps <= fe->max_steps)
        return true;
    run->out_of_steps = true;
    pica_problem(fe, GLHLE_RESULT_LIMIT_EXCEEDED, GLHLE_LOG_ERROR,
                 "%s: the budget of %llu shader steps per run is used up (max_shader_steps_per_run); the rest of "
                 "the %s is skipped and processing stops",
                 what, (unsigned long long)fe->max_steps, what);
    return false;
}

const pica_state *pica_frontend_state(pica_frontend *fe)
{
    return pica_frontend_state_mut(fe);
}

pica_state *pica_frontend_state_mut(pica_frontend *fe)
{
    if (fe->regs.stale)
        pica_regs_refresh(&fe->regs);
    return &fe->regs.state;
}
