#include "support/compress_support.h"

#include <lzma.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <zstd.h>

#include "support/test_support.h"

uint8_t *tc_zstd(const uint8_t *data, size_t size, bool checksum, size_t *out_size)
{
    ZSTD_CCtx *cc = ZSTD_createCCtx();
    assert_non_null(cc);
    assert_false(ZSTD_isError(ZSTD_CCtx_setParameter(cc, ZSTD_c_compressionLevel, 3)));
    assert_false(ZSTD_isError(ZSTD_CCtx_setParameter(cc, ZSTD_c_checksumFlag, checksum ? 1 : 0)));
    const size_t cap = ZSTD_compressBound(size);
    uint8_t *out = malloc(cap);
    assert_non_null(out);
    const size_t n = ZSTD_compress2(cc, out, cap, data, size);
    assert_false(ZSTD_isError(n));
    ZSTD_freeCCtx(cc);
    *out_size = n;
    return out;
}

uint8_t *tc_xz(const uint8_t *data, size_t size, size_t *out_size)
{
    const size_t cap = lzma_stream_buffer_bound(size);
    uint8_t *out = malloc(cap);
    assert_non_null(out);
    size_t pos = 0;
    assert_int_equal(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, data, size, out, &pos, cap), LZMA_OK);
    *out_size = pos;
    return out;
}

void tc_write_file(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, size, f), size);
    assert_int_equal(fclose(f), 0);
}
