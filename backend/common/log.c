#include "backend/common/log.h"

#include <stdarg.h>
#include <stdio.h>

static const char *const level_names[] = {"debug", "info", "warn", "error"};

void glhle_log_stderr(void *user, const glhle_log_record *r)
{
    (void)user;
    unsigned lvl = r->level >= GLHLE_LOG_DEBUG && r->level <= GLHLE_LOG_ERROR ? (unsigned)r->level - 1 : 3;
    const char *file = r->file ? r->file : "?";
    fprintf(stderr, "glhle: %s: %s (%s:%d)\n", level_names[lvl], r->message, file, r->line);
}

void glhle_logf(const glhle_logger *lg, glhle_log_level level, const char *file, int line,
                const char *func, const char *fmt, ...)
{
    glhle_log_level min = lg && lg->min_level != GLHLE_LOG_DEFAULT ? lg->min_level : GLHLE_LOG_INFO;
    if (level < min)
        return;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    for (char *p = buf; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    glhle_log_record rec = {level, buf, file, line, func};
    glhle_log_fn fn = (lg && lg->fn) ? lg->fn : glhle_log_stderr;
    fn(lg ? lg->user : NULL, &rec);
}
