#include "tools/common/decompress.h"

#include <lzma.h>
#include <string.h>
#include <zstd.h>

#define CHUNK 65536
/* zstd frames may ask for windows up to 2^31 bytes; decoders are told to
 * refuse more than 2^27 (zstd's own default limit, ZSTD_WINDOWLOG_LIMIT_DEFAULT),
 * which every level up to 19 without --long stays within */
#define ZSTD_WINDOW_LOG_MAX 27
/* xz -9 needs 65 MiB to decode (xz(1), "memory usage"): twice that is plenty */
#define XZ_MEMORY_LIMIT (128u << 20)

tool_compression tool_compression_of(const uint8_t *data, size_t size)
{
    static const uint8_t zstd[4] = {0x28, 0xB5, 0x2F, 0xFD};
    static const uint8_t xz[6] = {0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00};
    if (size >= sizeof zstd && !memcmp(data, zstd, sizeof zstd))
        return TOOL_COMPRESSION_ZSTD;
    if (size >= sizeof xz && !memcmp(data, xz, sizeof xz))
        return TOOL_COMPRESSION_XZ;
    return TOOL_COMPRESSION_NONE;
}

const char *tool_compression_name(tool_compression c)
{
    return c == TOOL_COMPRESSION_ZSTD ? "zstd" : c == TOOL_COMPRESSION_XZ ? "xz" : "none";
}

/* Appends n bytes unless that passes the limit. */
static glhle_result put(glhle_bytebuf *out, size_t start, size_t limit, const uint8_t *p, size_t n,
                        const char *kind, const glhle_logger *lg)
{
    if (out->size - start + n > limit)
        return GLHLE_FAIL(lg, GLHLE_RESULT_LIMIT_EXCEEDED,
                          "%s data decompresses to more than %zu bytes; stopped there", kind, limit);
    if (!glhle_bytebuf_append(out, p, n))
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "no memory for %zu bytes of decompressed %s data",
                          out->size - start + n, kind);
    return GLHLE_RESULT_OK;
}

static glhle_result unzstd(const uint8_t *in, size_t size, size_t limit, const glhle_logger *lg, glhle_bytebuf *out)
{
    ZSTD_DCtx *dc = ZSTD_createDCtx();
    if (!dc)
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "no memory for a zstd decoder");
    ZSTD_DCtx_setParameter(dc, ZSTD_d_windowLogMax, ZSTD_WINDOW_LOG_MAX);
    uint8_t chunk[CHUNK];
    ZSTD_inBuffer ib = {in, size, 0};
    const size_t start = out->size;
    glhle_result r = GLHLE_RESULT_OK;
    for (;;) {
        ZSTD_outBuffer ob = {chunk, sizeof chunk, 0};
        const size_t ret = ZSTD_decompressStream(dc, &ob, &ib);
        if (ZSTD_isError(ret)) {
            r = GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "zstd data damaged at input byte %zu of %zu: %s", ib.pos, size,
                           ZSTD_getErrorName(ret));
            break;
        }
        if ((r = put(out, start, limit, chunk, ob.pos, "zstd", lg)) != GLHLE_RESULT_OK)
            break;
        if (ib.pos == ib.size && ret == 0)
            break; /* the last frame is complete */
        if (ib.pos == ib.size && ob.pos < ob.size) {
            r = GLHLE_FAIL(lg, GLHLE_RESULT_TRUNCATED,
                           "zstd data ends inside a frame at input byte %zu (the file is cut short)", size);
            break;
        }
    }
    ZSTD_freeDCtx(dc);
    return r;
}

static glhle_result unxz(const uint8_t *in, size_t size, size_t limit, const glhle_logger *lg, glhle_bytebuf *out)
{
    lzma_stream s = LZMA_STREAM_INIT;
    if (lzma_stream_decoder(&s, XZ_MEMORY_LIMIT, LZMA_CONCATENATED) != LZMA_OK)
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "no memory for an xz decoder");
    uint8_t chunk[CHUNK];
    s.next_in = in;
    s.avail_in = size;
    const size_t start = out->size;
    glhle_result r = GLHLE_RESULT_OK;
    for (;;) {
        s.next_out = chunk;
        s.avail_out = sizeof chunk;
        const lzma_ret ret = lzma_code(&s, LZMA_FINISH);
        if ((r = put(out, start, limit, chunk, sizeof chunk - s.avail_out, "xz", lg)) != GLHLE_RESULT_OK)
            break;
        if (ret == LZMA_STREAM_END)
            break;
        if (ret == LZMA_OK)
            continue;
        const unsigned long long at = (unsigned long long)s.total_in;
        if (ret == LZMA_BUF_ERROR)
            r = GLHLE_FAIL(lg, GLHLE_RESULT_TRUNCATED,
                           "xz data ends inside a stream at input byte %llu (the file is cut short)", at);
        else if (ret == LZMA_MEMLIMIT_ERROR)
            r = GLHLE_FAIL(lg, GLHLE_RESULT_LIMIT_EXCEEDED,
                           "xz data at input byte %llu needs more than %u MiB to decode; refused", at,
                           XZ_MEMORY_LIMIT >> 20);
        else if (ret == LZMA_MEM_ERROR)
            r = GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "no memory to decode the xz data");
        else
            r = GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "xz data damaged at input byte %llu of %zu (%s)", at, size,
                           ret == LZMA_FORMAT_ERROR    ? "not an xz stream"
                           : ret == LZMA_OPTIONS_ERROR ? "unsupported options"
                                                       : "corrupt data or a wrong check");
        break;
    }
    lzma_end(&s);
    return r;
}

glhle_result tool_decompress(const uint8_t *in, size_t size, size_t limit, const glhle_logger *lg,
                             glhle_bytebuf *out)
{
    if (!limit)
        limit = out->limit ? out->limit : (size_t)1 << 30;
    switch (tool_compression_of(in, size)) {
    case TOOL_COMPRESSION_ZSTD: return unzstd(in, size, limit, lg, out);
    case TOOL_COMPRESSION_XZ: return unxz(in, size, limit, lg, out);
    default: return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT, "the data is neither zstd nor xz");
    }
}
