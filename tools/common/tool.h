/* What every glhle tool does the same way: its name in messages, --help,
 * --version, the errors getopt_long reports, reading a file or standard
 * input ("-"), compressed or not, and error lines with control characters
 * escaped so that bytes from an input never reach the terminal raw.
 *
 *   int main(int argc, char **argv)
 *   {
 *       tool_init("glhle-x", USAGE);
 *       ... getopt_long(argc, argv, TOOL_OPTSTRING, longs, NULL) ...
 *           case 'h': return tool_help(HELP);
 *           case 'V': return tool_version();
 *           default:  return tool_bad_option(c, argv);
 *       ...
 *       if (!tool_read_input(path, limit, TOOL_DECOMPRESS, &buf)) return 1;
 *       tool_error("%s: %s", path, why);       // "glhle-x: PATH: WHY\n", escaped
 *   }
 *
 * Exit statuses shared by every tool: 0 done, 1 the input or an output
 * could not be handled, 2 usage (docs/tools.md lists each tool's own). */
#ifndef GLHLE_TOOLS_TOOL_H
#define GLHLE_TOOLS_TOOL_H

#include <stdbool.h>
#include <stddef.h>

#include "backend/common/bytebuf.h"
#include "backend/common/log.h"

/* getopt_long's optstring for tools without short options: the leading ':'
 * makes a missing value return ':' so that it is told apart from an
 * unknown option. */
#define TOOL_OPTSTRING ":"

/* The tool's name ("glhle-replay") and its usage lines (ending in '\n'). */
void tool_init(const char *name, const char *usage);
/* Usage on stderr; returns 2. */
int tool_usage(void);
/* Usage and `more` on stdout; returns 0. */
int tool_help(const char *more);
/* "NAME VERSION" on stdout; returns 0. */
int tool_version(void);
/* After getopt_long returned '?' or ':': names the option (unknown, or
 * without its value) and the usage on stderr; returns 2. Also right for a
 * stray argument when c is 0 and argv[optind] is it. */
int tool_bad_option(int c, char **argv);
/* "NAME: MESSAGE\n" on stderr, the message escaped (glhle_escape_text). */
void tool_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same for what is not an error (a closing summary). */
void tool_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Library messages of WARN and above as the tool's own error lines
 * ("NAME: MESSAGE", escaped), for parsers and loaders a tool calls. */
extern const glhle_logger tool_log;

enum {
    TOOL_PLAIN = 0,      /* the bytes as they are */
    TOOL_DECOMPRESS = 1, /* zstd or xz data (by magic) is decompressed, to at most `limit` bytes */
};

/* Reads the file at path ("-": standard input) whole into b (initialised
 * here; free it in every case), failing past `limit` bytes. On failure the
 * reason is printed (tool_error) and false returned. */
bool tool_read_input(const char *path, size_t limit, int flags, glhle_bytebuf *b);

#endif
