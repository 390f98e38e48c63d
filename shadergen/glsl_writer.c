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

void glsl_line(glsl_writer *w, const char *fmt, ...)
{
    indent(w);
    va_list ap;
    va_start(ap, fmt);
    glhle_bytebuf_vprintf(w->out, fmt, ap);
    va_end(ap);
    glhle_bytebuf_append_u8(w->out, '\n');
}

void glsl_open(glsl_writer *w, const char *fmt, ...)
{
    indent(w);
    va_list ap;
    va_start(ap, fmt);
    glhle_bytebuf_vprintf(w->out, fmt, ap);
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
