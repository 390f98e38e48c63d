#include "tools/common/tool.h"

#include <errno.h>
#include <stdint.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backend/common/log.h"
#include "tools/common/decompress.h"

static const char *tool_name = "glhle";
static const char *tool_usage_text = "";

void tool_init(const char *name, const char *usage)
{
    tool_name = name;
    tool_usage_text = usage;
}

int tool_usage(void)
{
    fputs(tool_usage_text, stderr);
    return 2;
}

int tool_help(const char *more)
{
    fputs(tool_usage_text, stdout);
    if (more)
        fputs(more, stdout);
    return 0;
}

int tool_version(void)
{
    printf("%s %s\n", tool_name, glhle_get_version().string);
    return 0;
}

static void say(const char *fmt, va_list ap)
{
    char msg[1024], esc[4 * sizeof msg];
    vsnprintf(msg, sizeof msg, fmt, ap);
    glhle_escape_text(msg, strlen(msg), esc, sizeof esc);
    fprintf(stderr, "%s: %s\n", tool_name, esc);
}

void tool_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
}

void tool_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
}

int tool_bad_option(int c, char **argv)
{
    if (c == ':')
        tool_error("option '%s' wants a value", argv[optind - 1]);
    else if (c == '?' && optopt)
        tool_error("unknown option '-%c'", optopt);
    else if (c == '?')
        tool_error("unknown option '%s'", argv[optind - 1]);
    else
        tool_error("unexpected argument '%s'", argv[optind]);
    return tool_usage();
}

static void log_line(void *user, const glhle_log_record *r)
{
    (void)user;
    tool_error("%s", r->message);
}

const glhle_logger tool_log = {log_line, NULL, GLHLE_LOG_WARN};

bool tool_read_input(const char *path, size_t limit, int flags, glhle_bytebuf *b)
{
    glhle_bytebuf_init(b, limit);
    if (!glhle_bytebuf_read_file(b, path, limit)) {
        /* why, asked again: stdio may leave any errno behind */
        struct stat st;
        const bool in = !strcmp(path, "-");
        if (!in && stat(path, &st) != 0)
            tool_error("cannot read %s: %s", path, strerror(errno));
        else if (!in && S_ISDIR(st.st_mode))
            tool_error("cannot read %s: it is a folder", path);
        else if (!in && S_ISREG(st.st_mode) && (uint64_t)st.st_size > limit)
            tool_error("cannot read %s: it is over %zu bytes", path, limit);
        else if (!in && access(path, R_OK) != 0)
            tool_error("cannot read %s: %s", path, strerror(errno));
        else
            tool_error("cannot read %s: a read error, or more than %zu bytes", in ? "standard input" : path, limit);
        return false;
    }
    if (!(flags & TOOL_DECOMPRESS) || tool_compression_of(b->data, b->size) == TOOL_COMPRESSION_NONE)
        return true;
    glhle_bytebuf plain;
    glhle_bytebuf_init(&plain, limit);
    const glhle_result r = tool_decompress(b->data, b->size, limit, &tool_log, &plain);
    glhle_bytebuf_free(b);
    *b = plain;
    if (r != GLHLE_RESULT_OK) {
        tool_error("%s: cannot decompress it: %s", path, glhle_result_string(r));
        return false;
    }
    return true;
}
