/* tools/common/decompress.c: zstd and xz input for the tools, against
 * libzstd's and liblzma's own encoders (tests/support/compress_support.c):
 * what comes out is the bytes that went in, whatever the frame count;
 * the output cap holds; a cut, a flipped byte or trailing bytes give an
 * error naming an input offset, never a crash or wrong bytes passed as
 * good. The magics are written here from RFC 8878 3.1.1 and the .xz
 * format 1.1.0, 2.1.1.1. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/compress_support.h"
#include "tools/common/decompress.h"

static const glhle_logger quiet = {NULL, NULL, (glhle_log_level)(GLHLE_LOG_ERROR + 1)};

/* n bytes a dump might hold: runs of words and noise, from the seed */
static uint8_t *sample(size_t n, uint64_t seed)
{
    ts_rng r;
    ts_rng_init(&r, seed);
    uint8_t *d = malloc(n);
    assert_non_null(d);
    for (size_t i = 0; i < n;) {
        const size_t run = 1 + ts_rng_below(&r, 64);
        const uint8_t v = (uint8_t)ts_rng_u32(&r);
        const bool noise = ts_rng_below(&r, 3) == 0;
        for (size_t k = 0; k < run && i < n; k++, i++)
            d[i] = noise ? (uint8_t)ts_rng_u32(&r) : v;
    }
    return d;
}

static glhle_result unpack(const uint8_t *in, size_t n, size_t limit, const glhle_logger *lg, glhle_bytebuf *out)
{
    glhle_bytebuf_init(out, 0);
    return tool_decompress(in, n, limit, lg, out);
}

static void magic(void **state)
{
    (void)state;
    const uint8_t zstd[4] = {0x28, 0xB5, 0x2F, 0xFD}, xz[6] = {0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00};
    assert_int_equal(tool_compression_of(zstd, 4), TOOL_COMPRESSION_ZSTD);
    assert_int_equal(tool_compression_of(zstd, 3), TOOL_COMPRESSION_NONE);
    assert_int_equal(tool_compression_of(xz, 6), TOOL_COMPRESSION_XZ);
    assert_int_equal(tool_compression_of(xz, 5), TOOL_COMPRESSION_NONE);
    assert_int_equal(tool_compression_of((const uint8_t *)"PSXGPUDUMPv1", 12), TOOL_COMPRESSION_NONE);
    assert_string_equal(tool_compression_name(TOOL_COMPRESSION_ZSTD), "zstd");
    assert_string_equal(tool_compression_name(TOOL_COMPRESSION_XZ), "xz");
    glhle_bytebuf out;
    ts_log_clear();
    assert_int_equal(unpack((const uint8_t *)"PSXGPUDUMPv1", 12, 0, ts_logger(), &out),
                     GLHLE_RESULT_INVALID_ARGUMENT);
    glhle_bytebuf_free(&out);
}

static void round_trips(void **state)
{
    (void)state;
    const uint64_t seed = ts_seed("decompress round_trips", 0x5eed);
    const size_t n = 300000; /* several 64 KiB output chunks, several zstd blocks */
    uint8_t *d = sample(n, seed);
    for (int kind = 0; kind < 3; kind++) {
        size_t cn;
        uint8_t *c = kind == 2 ? tc_xz(d, n, &cn) : tc_zstd(d, n, kind == 1, &cn);
        assert_int_equal(tool_compression_of(c, cn), kind == 2 ? TOOL_COMPRESSION_XZ : TOOL_COMPRESSION_ZSTD);
        glhle_bytebuf out;
        assert_int_equal(unpack(c, cn, 0, ts_logger(), &out), GLHLE_RESULT_OK);
        assert_int_equal(out.size, n);
        assert_memory_equal(out.data, d, n);
        glhle_bytebuf_free(&out);
        /* two frames (streams) one after the other: both, in order */
        uint8_t *two = malloc(2 * cn);
        memcpy(two, c, cn);
        memcpy(two + cn, c, cn);
        assert_int_equal(unpack(two, 2 * cn, 0, ts_logger(), &out), GLHLE_RESULT_OK);
        assert_int_equal(out.size, 2 * n);
        assert_memory_equal(out.data, d, n);
        assert_memory_equal(out.data + n, d, n);
        glhle_bytebuf_free(&out);
        free(two);
        free(c);
    }
    free(d);
}

static void output_cap(void **state)
{
    (void)state;
    const size_t n = 1u << 20;
    uint8_t *zeros = calloc(1, n); /* 1 MiB that compresses to a few hundred bytes */
    for (int kind = 0; kind < 2; kind++) {
        size_t cn;
        uint8_t *c = kind ? tc_xz(zeros, n, &cn) : tc_zstd(zeros, n, false, &cn);
        assert_true(cn < 4096);
        glhle_bytebuf out;
        ts_log_clear();
        assert_int_equal(unpack(c, cn, 100000, ts_logger(), &out), GLHLE_RESULT_LIMIT_EXCEEDED);
        assert_true(ts_log_contains("decompresses to more than 100000 bytes"));
        assert_true(out.size <= 100000);
        glhle_bytebuf_free(&out);
        assert_int_equal(unpack(c, cn, n, ts_logger(), &out), GLHLE_RESULT_OK); /* exactly the cap */
        assert_int_equal(out.size, n);
        glhle_bytebuf_free(&out);
        assert_int_equal(unpack(c, cn, n - 1, &quiet, &out), GLHLE_RESULT_LIMIT_EXCEEDED);
        glhle_bytebuf_free(&out);
        free(c);
    }
    free(zeros);
}

/* Every cut is an error (a frame or stream is complete only at its end). */
static void truncation(void **state)
{
    (void)state;
    const uint64_t seed = ts_seed("decompress truncation", 77);
    const size_t n = 4000;
    uint8_t *d = sample(n, seed);
    for (int kind = 0; kind < 3; kind++) {
        size_t cn;
        uint8_t *c = kind == 2 ? tc_xz(d, n, &cn) : tc_zstd(d, n, kind == 1, &cn);
        const size_t magic_len = kind == 2 ? 6 : 4;
        for (size_t cut = magic_len; cut < cn; cut++) {
            glhle_bytebuf out;
            const glhle_result r = unpack(c, cut, 0, &quiet, &out);
            if (r != GLHLE_RESULT_TRUNCATED)
                fail_msg("%s cut to %zu of %zu bytes gave %s, not TRUNCATED", kind == 2 ? "xz" : "zstd", cut, cn,
                         glhle_result_string(r));
            glhle_bytebuf_free(&out);
        }
        glhle_bytebuf out;
        ts_log_clear();
        assert_int_equal(unpack(c, cn / 2, 0, ts_logger(), &out), GLHLE_RESULT_TRUNCATED);
        char where[64];
        snprintf(where, sizeof where, "at input byte %zu (the file is cut short)", cn / 2);
        assert_true(ts_log_contains(where));
        glhle_bytebuf_free(&out);
        free(c);
    }
    free(d);
}

/* A flipped bit anywhere in a frame with a checksum (zstd with its content
 * checksum, xz with CRC64 and its header and index CRC32s) is an error or
 * changes nothing (a bit the decoder never reads, such as stream padding):
 * damaged data is never handed on as good. */
static void damage(void **state)
{
    (void)state;
    const uint64_t seed = ts_seed("decompress damage", 1234);
    const size_t n = 3000;
    uint8_t *d = sample(n, seed);
    for (int kind = 1; kind < 3; kind++) {
        size_t cn;
        uint8_t *c = kind == 2 ? tc_xz(d, n, &cn) : tc_zstd(d, n, true, &cn);
        unsigned errors = 0;
        for (size_t at = 0; at < cn; at++) {
            const int bit = (int)(at % 8);
            c[at] ^= (uint8_t)(1u << bit);
            glhle_bytebuf out;
            const glhle_result r = unpack(c, cn, 0, &quiet, &out);
            if (r == GLHLE_RESULT_OK && (out.size != n || memcmp(out.data, d, n)))
                fail_msg("%s with bit %d of byte %zu flipped decompressed to other bytes, as good",
                         kind == 2 ? "xz" : "zstd", bit, at);
            errors += r != GLHLE_RESULT_OK;
            glhle_bytebuf_free(&out);
            c[at] ^= (uint8_t)(1u << bit);
        }
        print_message("%s: %u of %zu flipped bytes refused, the rest changed nothing\n", kind == 2 ? "xz" : "zstd",
                      errors, cn);
        assert_true(errors > cn * 9 / 10);
        /* a damaged frame header names where */
        glhle_bytebuf out;
        c[kind == 2 ? 7 : 4] ^= kind == 2 ? 0x01 : 0x08; /* xz: stream flags; zstd: the reserved bit */
        ts_log_clear();
        assert_int_equal(unpack(c, cn, 0, ts_logger(), &out), GLHLE_RESULT_BAD_DATA);
        assert_true(ts_log_contains(kind == 2 ? "xz data damaged at input byte" : "zstd data damaged at input byte"));
        glhle_bytebuf_free(&out);
        free(c);
    }
    free(d);
}

static void trailing_bytes(void **state)
{
    (void)state;
    uint8_t d[1000];
    for (size_t i = 0; i < sizeof d; i++)
        d[i] = (uint8_t)(i * 7);
    for (int kind = 0; kind < 2; kind++) {
        size_t cn;
        uint8_t *c = kind ? tc_xz(d, sizeof d, &cn) : tc_zstd(d, sizeof d, false, &cn);
        static const char tail[] = "sixteen trailers"; /* a whole xz stream header's worth */
        uint8_t *more = malloc(cn + 16);
        memcpy(more, c, cn);
        memcpy(more + cn, tail, 16);
        glhle_bytebuf out;
        ts_log_clear();
        assert_int_equal(unpack(more, cn + 16, 0, ts_logger(), &out), GLHLE_RESULT_BAD_DATA);
        assert_true(ts_log_contains("damaged at input byte"));
        glhle_bytebuf_free(&out);
        free(more);
        free(c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(magic),         cmocka_unit_test(round_trips),    cmocka_unit_test(output_cap),
        cmocka_unit_test(truncation),    cmocka_unit_test(damage),         cmocka_unit_test(trailing_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
