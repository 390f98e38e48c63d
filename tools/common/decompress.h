/* zstd and xz data, recognised by magic and decompressed with a bound:
 * DuckStation users keep their GPU dumps as .psxgpu.zst or .psxgpu.xz,
 * and glhle-replay, glhle-psx replay and glhle-trace read those directly.
 * Tool-side on purpose: the library itself neither links libzstd nor
 * liblzma (glhle.pc requires only what the library links). */
#ifndef GLHLE_TOOLS_DECOMPRESS_H
#define GLHLE_TOOLS_DECOMPRESS_H

#include <stddef.h>
#include <stdint.h>

#include "backend/common/bytebuf.h"
#include "backend/common/log.h"

typedef enum tool_compression {
    TOOL_COMPRESSION_NONE = 0,
    TOOL_COMPRESSION_ZSTD, /* a zstd frame: 28 B5 2F FD (RFC 8878, 3.1.1) */
    TOOL_COMPRESSION_XZ,   /* an xz stream: FD 37 7A 58 5A 00 (the .xz file format 1.1.0, 2.1.1.1) */
} tool_compression;

/* What the first bytes say; NONE for anything else, or too few bytes. */
tool_compression tool_compression_of(const uint8_t *data, size_t size);
/* "zstd", "xz", "none". */
const char *tool_compression_name(tool_compression c);

/* Decompresses every frame (zstd) or concatenated stream (xz) of in,
 * appending to out; stops and fails past `limit` output bytes (0: out's
 * own limit). Errors, logged as one line with the input byte offset:
 * BAD_DATA for damaged data or bytes after the last frame that are not
 * another one, TRUNCATED when the input ends inside a frame,
 * LIMIT_EXCEEDED past the limit (or xz's 128 MiB decoder memory),
 * OUT_OF_MEMORY, INVALID_ARGUMENT when in is not compressed at all. */
glhle_result tool_decompress(const uint8_t *in, size_t size, size_t limit, const glhle_logger *lg,
                             glhle_bytebuf *out);

#endif
