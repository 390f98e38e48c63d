#include "backend/common/log.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *const level_names[] = {"debug", "info", "warn", "error"};

void glhle_log_stderr(void *user, const glhle_log_record *r)
{
    (void)user;
    unsigned lvl = r->level >= GLHLE_LOG_DEBUG && r->level <= GLHLE_LOG_ERROR ? (unsigned)r->level - 1 : 3;
    const char *file = r->file ? r->file : "?";
    fprintf(stderr, "glhle: %s: %s (%s:%d)\n", level_names[lvl], r->message, file, r->line);
}

/* Length of the UTF-8 sequence at s that prints as a character, or 0 for a
 * byte that must be escaped: a malformed, overlong or surrogate sequence, or
 * a C1 control (U+0080-U+009F, which terminals may obey as CSI and kin). */
static size_t printable_utf8(const unsigned char *s, size_t n)
{
    const unsigned c = s[0];
    size_t len;
    uint32_t cp, min;
    if (c >= 0x20 && c < 0x7F)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2, cp = c & 0x1F, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF)
        len = 3, cp = c & 0x0F, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4)
        len = 4, cp = c & 0x07, min = 0x10000;
    else
        return 0;
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || cp <= 0x9F)
        return 0;
    return len;
}

size_t glhle_escape_text(const char *in, size_t n, char *out, size_t size)
{
    static const char hex[] = "0123456789ABCDEF";
    if (!size)
        return 0;
    const unsigned char *s = (const unsigned char *)in;
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        const size_t len = printable_utf8(s + i, n - i);
        if (len) {
            if (o + len >= size)
                break;
            memcpy(out + o, s + i, len);
            o += len;
            i += len;
            continue;
        }
        if (o + 4 >= size)
            break;
        out[o++] = '\\';
        out[o++] = 'x';
        out[o++] = hex[s[i] >> 4];
        out[o++] = hex[s[i] & 15];
        i++;
    }
    out[o] = 0;
    return o;
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
    char esc[4 * sizeof buf];
    glhle_escape_text(buf, strlen(buf), esc, sizeof esc);
    glhle_log_record rec = {level, esc, file, line, func};
    glhle_log_fn fn = (lg && lg->fn) ? lg->fn : glhle_log_stderr;
    fn(lg ? lg->user : NULL, &rec);
}
