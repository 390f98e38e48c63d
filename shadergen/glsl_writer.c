#include "shadergen/glsl_writer.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void glsl_writer_init(glsl_writer *w, glhle_bytebuf *out)
{
    w->out = out;
    w->indent = 0;
}

void glsl_text(glsl_writer *w, const char *text)
{
    glhle_bytebuf_append(w->out, text, strlen(text));
}

static void indent(glsl_writer *w)
{
    static const char spaces[] = "                                ";
    size_t n = (size_t)w->indent * 4;
    while (n) {
        size_t k = n < sizeof spaces - 1 ? n : sizeof spaces - 1;
        glhle_bytebuf_append(w->out, spaces, k);
        n -= k;
    }
}

/* A formatter for the conversions generators use (%s %d %u %c %%), several
 * times faster than vsnprintf for the short pieces shader text is built
 * from; anything else is passed to vsnprintf piece by piece. Output goes to
 * put(ctx, text, len). */
typedef void (*put_fn)(void *ctx, const char *text, size_t len);

static void format(put_fn put, void *ctx, const char *fmt, va_list ap)
{
    const char *run = fmt;
    for (const char *p = fmt; *p; p++) {
        if (*p != '%')
            continue;
        if (p > run)
            put(ctx, run, (size_t)(p - run));
        char num[24];
        switch (p[1]) {
        case 's': {
            const char *str = va_arg(ap, const char *);
            put(ctx, str, strlen(str));
            break;
        }
        case 'd':
        case 'u': {
            long long v = p[1] == 'd' ? (long long)va_arg(ap, int) : (long long)va_arg(ap, unsigned);
            unsigned long long m = v < 0 ? (unsigned long long)(-v) : (unsigned long long)v;
            char *e = num + sizeof num, *b = e;
            do
                *--b = (char)('0' + m % 10);
            while (m /= 10);
            if (v < 0)
                *--b = '-';
            put(ctx, b, (size_t)(e - b));
            break;
        }
        case 'c':
            num[0] = (char)va_arg(ap, int);
            put(ctx, num, 1);
            break;
        case '%':
            put(ctx, "%", 1);
            break;
        default: {
            /* a conversion this formatter does not know: one vsnprintf of
             * the rest of the format, which consumes the remaining arguments */
            char tail[512];
            int n = vsnprintf(tail, sizeof tail, p, ap);
            if (n > 0)
                put(ctx, tail, (size_t)n < sizeof tail ? (size_t)n : sizeof tail - 1);
            return;
        }
        }
        p++;
        run = p + 1;
    }
    if (*run)
        put(ctx, run, strlen(run));
}

static void put_buf(void *ctx, const char *text, size_t len)
{
    glhle_bytebuf_append((glhle_bytebuf *)ctx, text, len);
}

typedef struct str_sink {
    char *buf;
    size_t n, used;
} str_sink;

static void put_str(void *ctx, const char *text, size_t len)
{
    str_sink *s = ctx;
    size_t room = s->n - 1 - s->used;
    if (len > room)
        len = room;
    memcpy(s->buf + s->used, text, len);
    s->used += len;
}

void glsl_format(char *buf, size_t n, const char *fmt, ...)
{
    if (!n)
        return;
    str_sink s = {buf, n, 0};
    va_list ap;
    va_start(ap, fmt);
    format(put_str, &s, fmt, ap);
    va_end(ap);
    buf[s.used] = 0;
}

void glsl_line(glsl_writer *w, const char *fmt, ...)
{
    indent(w);
    va_list ap;
    va_start(ap, fmt);
    format(put_buf, w->out, fmt, ap);
    va_end(ap);
    glhle_bytebuf_append_u8(w->out, '\n');
}

void glsl_open(glsl_writer *w, const char *fmt, ...)
{
    indent(w);
    va_list ap;
    va_start(ap, fmt);
    format(put_buf, w->out, fmt, ap);
    va_end(ap);
    glhle_bytebuf_append(w->out, " {\n", 3);
    w->indent++;
}

void glsl_close(glsl_writer *w, const char *suffix)
{
    if (w->indent)
        w->indent--;
    indent(w);
    glhle_bytebuf_append_u8(w->out, '}');
    glsl_text(w, suffix);
    glhle_bytebuf_append_u8(w->out, '\n');
}

const char *glsl_float(char buf[32], float v)
{
    if (isnan(v))
        v = 0.0f;
    else if (isinf(v))
        v = v > 0 ? FLT_MAX : -FLT_MAX;
    /* the shortest precision that reads back as v; 9 digits always do */
    for (int prec = 1; prec <= 9; prec++) {
        snprintf(buf, 32, "%.*g", prec, (double)v);
        if (strtof(buf, NULL) == v)
            break;
    }
    if (!strpbrk(buf, ".e"))
        strcat(buf, ".0");
    return buf;
}

bool glsl_writer_ok(const glsl_writer *w)
{
    return !w->out->failed;
}
