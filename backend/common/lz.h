/* Nintendo's LZ10 / LZ11 / RLE compressed streams (the GBA BIOS formats as
 * the 3DS toolchain uses them: tex3ds payloads, libctru decompress.c).
 *
 * A stream starts with a header: type byte, then the decompressed size in
 * 3 little-endian bytes; when the type has bit 7 set the size is 4 bytes
 * (bytes 1-4) and 3 reserved bytes follow, 8 in all (tex3ds README,
 * "Compression Options"). Types: 0x00 stored, 0x10 LZ10, 0x11 LZ11,
 * 0x30 RLE. 0x28 (Huffman) is recognised and refused as unsupported.
 * The stream formats are described in docs/pica-textures.md. */
#ifndef GLHLE_COMMON_LZ_H
#define GLHLE_COMMON_LZ_H

#include <stddef.h>
#include <stdint.h>

#include "backend/common/log.h"

typedef enum glhle_lz_type {
    GLHLE_LZ_STORED = 0x00,
    GLHLE_LZ_LZ10 = 0x10,
    GLHLE_LZ_LZ11 = 0x11,
    GLHLE_LZ_HUFFMAN = 0x28,
    GLHLE_LZ_RLE = 0x30,
} glhle_lz_type;

typedef struct glhle_lz_header {
    uint8_t type;         /* glhle_lz_type, the extended-size flag removed */
    uint32_t size;        /* decompressed bytes the header announces */
    uint32_t header_size; /* 4, or 8 with the extended size */
} glhle_lz_header;

/* Reads the header at src. `base` is added to every offset in log lines
 * (the stream's offset in its file). BAD_DATA for an unknown type,
 * UNSUPPORTED for Huffman, TRUNCATED if src is shorter than the header. */
glhle_result glhle_lz_parse_header(const void *src, size_t src_size, size_t base, glhle_lz_header *out,
                                   const glhle_logger *lg);

/* Decompresses the stream at src (header included) into exactly dst_size
 * bytes of dst; the header must announce at least dst_size bytes (more is
 * allowed: the rest is not decoded, as libctru's decompress does when its
 * buffer is smaller). A run or copy that reaches past dst_size is cut short
 * at the end. *consumed (may be NULL) receives the stream bytes read.
 * Errors name the byte offset (plus base): TRUNCATED when the input ends
 * early or announces fewer bytes than wanted, BAD_DATA for a copy from
 * before the start of the output. dst is never written past dst_size and src
 * never read past src_size. */
glhle_result glhle_lz_decompress(const void *src, size_t src_size, size_t base, void *dst, size_t dst_size,
                                 size_t *consumed, const glhle_logger *lg);

/* "stored", "lz10", "lz11", "huffman", "rle" or "unknown". */
const char *glhle_lz_type_name(uint8_t type);

#endif
