/* A small helper for emitting GLSL text into a glhle_bytebuf: indented
 * lines, blocks, and float literals that read back as the same float.
 * Static text goes through glsl_text (a copy, no formatting), so generators
 * stay fast. */
#ifndef GLHLE_SHADERGEN_GLSL_WRITER_H
#define GLHLE_SHADERGEN_GLSL_WRITER_H

#include <stdbool.h>
#include <stddef.h>

#include "backend/common/bytebuf.h"

typedef struct glsl_writer {
    glhle_bytebuf *out;
    unsigned indent; /* levels of four spaces */
} glsl_writer;

void glsl_writer_init(glsl_writer *w, glhle_bytebuf *out);
/* Appends `text` exactly as given (no indentation added). */
void glsl_text(glsl_writer *w, const char *text);
/* One line: indentation, the formatted text, a newline. */
void glsl_line(glsl_writer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A line ending in " {", then one more level of indentation. */
void glsl_open(glsl_writer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* One level less, then "}" and `suffix` (e.g. ";" or "" ) on its own line. */
void glsl_close(glsl_writer *w, const char *suffix);
/* snprintf for the conversions generators use (%s %d %u %c %%), much
 * faster than the C library's; truncates to n - 1 characters. Other
 * conversions work too, through vsnprintf. glsl_line and glsl_open format
 * the same way. */
void glsl_format(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A GLSL float literal for v (finite; infinities and NaN become the largest
 * finite float of that sign, and 0.0): the shortest "%.9g" form that is a
 * float literal, so it converts back to exactly v. `buf` needs 32 bytes. */
const char *glsl_float(char buf[32], float v);
/* True when nothing failed (the buffer never hit its limit). */
bool glsl_writer_ok(const glsl_writer *w);

#endif
