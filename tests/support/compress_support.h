/* zstd and xz encoders for tests of the tools' decompression
 * (tools/common/decompress.c): samples are compressed at test time from
 * bytes the test made, by libzstd's and liblzma's own encoders. */
#ifndef GLHLE_TESTS_COMPRESS_SUPPORT_H
#define GLHLE_TESTS_COMPRESS_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One zstd frame of data (level 3), with the content checksum when asked;
 * malloc'd, *out_size set. Fails the test on an encoder error. */
uint8_t *tc_zstd(const uint8_t *data, size_t size, bool checksum, size_t *out_size);
/* One xz stream (preset 6, CRC64 check); malloc'd. */
uint8_t *tc_xz(const uint8_t *data, size_t size, size_t *out_size);
/* Writes size bytes to path; fails the test on an error. */
void tc_write_file(const char *path, const uint8_t *data, size_t size);

#endif
