/* Logging inside the library: a logger is a callback plus a level, passed to
 * whatever needs it (parsers take a const pointer, so GL-free code logs too). */
#ifndef GLHLE_COMMON_LOG_H
#define GLHLE_COMMON_LOG_H

#include "glhle/glhle.h"

typedef struct glhle_logger {
    glhle_log_fn fn;           /* NULL -> glhle_log_stderr */
    void *user;
    glhle_log_level min_level; /* records below it are dropped; GLHLE_LOG_DEFAULT -> INFO */
} glhle_logger;

/* Formats one record (truncated to 1 KiB, newlines replaced by spaces,
 * other control characters escaped as glhle_escape_text does) and
 * passes it to the logger. lg may be NULL: the record goes to stderr. */
void glhle_logf(const glhle_logger *lg, glhle_log_level level, const char *file, int line,
                const char *func, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Copies n bytes of text into out (size bytes, always NUL-terminated when
 * size > 0) with every byte a terminal could act on written as \xNN: C0
 * controls, DEL, C1 controls in their UTF-8 form and bytes that are not
 * UTF-8 (so quoting raw input in a message is safe). Whole escapes only:
 * text that does not fit is cut at a character boundary. Returns the
 * length written. */
size_t glhle_escape_text(const char *in, size_t n, char *out, size_t size);

#define GLHLE_LOG(lg, level, ...) glhle_logf((lg), (level), __FILE__, __LINE__, __func__, __VA_ARGS__)
#define GLHLE_DEBUG(lg, ...) GLHLE_LOG((lg), GLHLE_LOG_DEBUG, __VA_ARGS__)
#define GLHLE_INFO(lg, ...) GLHLE_LOG((lg), GLHLE_LOG_INFO, __VA_ARGS__)
#define GLHLE_WARN(lg, ...) GLHLE_LOG((lg), GLHLE_LOG_WARN, __VA_ARGS__)
#define GLHLE_ERROR(lg, ...) GLHLE_LOG((lg), GLHLE_LOG_ERROR, __VA_ARGS__)

/* Logs an error and evaluates to the result, for `return GLHLE_FAIL(...)`. */
#define GLHLE_FAIL(lg, result, ...) (GLHLE_ERROR((lg), __VA_ARGS__), (result))

#endif
