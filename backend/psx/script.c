/* Text scripts of GP0/GP1 words; see script.h. */
#include "backend/psx/script.h"

#include <ctype.h>
#include <string.h>

#define WORDS_PER_CALL 64

typedef struct cursor {
    const char *p, *end;
    uint32_t line;
    const char *line_start;
} cursor;

static void skip_blanks(cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r'))
        c->p++;
    if (c->p < c->end && *c->p == '#')
        while (c->p < c->end && *c->p != '\n')
            c->p++;
}

static bool at_line_end(const cursor *c)
{
    return c->p >= c->end || *c->p == '\n';
}

static size_t token_len(const cursor *c)
{
    size_t n = 0;
    while (c->p + n < c->end && !isspace((unsigned char)c->p[n]) && c->p[n] != '#')
        n++;
    return n;
}

/* A C integer literal: 0x..., 0..., or decimal, at most 32 bits. */
static bool parse_word(const char *s, size_t n, uint32_t *out)
{
    uint64_t v = 0;
    unsigned base = 10;
    size_t i = 0;
    if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        i = 2;
    } else if (n > 1 && s[0] == '0') {
        base = 8;
        i = 1;
    }
    if (i >= n)
        return n == 1 && s[0] == '0' ? (*out = 0, true) : false;
    for (; i < n; i++) {
        int d;
        char ch = s[i];
        if (ch >= '0' && ch <= '9')
            d = ch - '0';
        else if (ch >= 'a' && ch <= 'f')
            d = ch - 'a' + 10;
        else if (ch >= 'A' && ch <= 'F')
            d = ch - 'A' + 10;
        else
            return false;
        if ((unsigned)d >= base)
            return false;
        v = v * base + (unsigned)d;
        if (v > 0xFFFFFFFFu)
            return false;
    }
    *out = (uint32_t)v;
    return true;
}

/* One pass over the text; with sink == NULL it only checks the syntax. */
static glhle_result run(const char *text, size_t size, const glhle_logger *log, psx_script_sink sink, void *user)
{
    cursor c = {text, text + size, 1, text};
    uint32_t words[WORDS_PER_CALL];
    while (c.p < c.end) {
        skip_blanks(&c);
        if (!at_line_end(&c)) {
            size_t n = token_len(&c);
            int port = (n == 3 && (!strncmp(c.p, "gp0", 3) || !strncmp(c.p, "GP0", 3)))   ? 0
                       : (n == 3 && (!strncmp(c.p, "gp1", 3) || !strncmp(c.p, "GP1", 3))) ? 1
                                                                                          : -1;
            if (port < 0)
                return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA,
                                  "script line %u column %u: expected gp0, gp1 or #, found '%.*s'; nothing was run",
                                  c.line, (unsigned)(c.p - c.line_start + 1), (int)(n > 32 ? 32 : n), c.p);
            c.p += n;
            size_t count = 0, total = 0;
            for (;;) {
                skip_blanks(&c);
                if (at_line_end(&c))
                    break;
                size_t len = token_len(&c);
                if (!parse_word(c.p, len, &words[count]))
                    return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA,
                                      "script line %u column %u: '%.*s' is not a 32-bit number; nothing was run",
                                      c.line, (unsigned)(c.p - c.line_start + 1), (int)(len > 32 ? 32 : len), c.p);
                c.p += len;
                count++;
                total++;
                if (count == WORDS_PER_CALL && sink) {
                    glhle_result r = sink(user, port, words, count, c.line);
                    if (r != GLHLE_RESULT_OK)
                        return r;
                    count = 0;
                }
                if (count == WORDS_PER_CALL)
                    count = 0;
            }
            if (total == 0)
                return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "script line %u: gp%d without words; nothing was run",
                                  c.line, port);
            if (count && sink) {
                glhle_result r = sink(user, port, words, count, c.line);
                if (r != GLHLE_RESULT_OK)
                    return r;
            }
        }
        if (c.p < c.end) { /* at '\n' */
            c.p++;
            c.line++;
            c.line_start = c.p;
        }
    }
    return GLHLE_RESULT_OK;
}

glhle_result psx_script_parse(const char *text, size_t size, const glhle_logger *log, psx_script_sink sink,
                              void *user)
{
    glhle_result r = run(text, size, log, NULL, NULL);
    if (r != GLHLE_RESULT_OK || !sink)
        return r;
    return run(text, size, log, sink, user);
}

static glhle_result to_ports(void *user, int port, const uint32_t *words, size_t count, uint32_t line)
{
    glhle_psx *psx = user;
    (void)line;
    if (port == 0)
        glhle_psx_gp0_block(psx, words, count);
    else
        for (size_t i = 0; i < count; i++)
            glhle_psx_gp1(psx, words[i]);
    return GLHLE_RESULT_OK;
}

glhle_result psx_script_run(glhle_psx *psx, const char *text, size_t size, const glhle_logger *log)
{
    return psx_script_parse(text, size, log, to_ports, psx);
}
