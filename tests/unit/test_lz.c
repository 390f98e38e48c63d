/* backend/common/lz.c: hand-assembled LZ10, LZ11, RLE and stored streams
 * (token by token from the format descriptions), the extended header, and
 * every way a stream can be bad. The real LZ11 payload of a tex3ds file is
 * checked in test_t3x.c. */
#include "support/test_support.h"

#include <string.h>

#include "backend/common/lz.h"

static void expect_output(const uint8_t *stream, size_t n, const char *expected, size_t consumed_expected)
{
    uint8_t out[512];
    size_t len = strlen(expected), consumed = 99;
    memset(out, 0xEE, sizeof out);
    assert_int_equal(glhle_lz_decompress(stream, n, 0, out, len, &consumed, ts_logger()), GLHLE_RESULT_OK);
    assert_memory_equal(out, expected, len);
    assert_int_equal(out[len], 0xEE);
    assert_int_equal(consumed, consumed_expected);
}

static void lz10_stream(void **state)
{
    (void)state;
    /* flags 0x10: literal A, B, C, then a copy (length 3+3 = 6, distance
     * 2+1 = 3), then literal D */
    static const uint8_t s[] = {0x10, 0x0A, 0x00, 0x00, 0x10, 'A', 'B', 'C', 0x30, 0x02, 'D'};
    expect_output(s, sizeof s, "ABCABCABCD", sizeof s);
    /* the same with the 8-byte header (type | 0x80, 4 size bytes, 3 reserved) */
    static const uint8_t x[] = {0x90, 0x0A, 0, 0, 0, 0, 0, 0, 0x10, 'A', 'B', 'C', 0x30, 0x02, 'D'};
    expect_output(x, sizeof x, "ABCABCABCD", sizeof x);
    glhle_lz_header h;
    assert_int_equal(glhle_lz_parse_header(x, sizeof x, 0, &h, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(h.type, GLHLE_LZ_LZ10);
    assert_int_equal(h.size, 10);
    assert_int_equal(h.header_size, 8);
    static const uint8_t big[] = {0x91, 0x00, 0x00, 0x00, 0x01, 0, 0, 0};
    assert_int_equal(glhle_lz_parse_header(big, sizeof big, 0, &h, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(h.size, 0x01000000);
    assert_int_equal(h.type, GLHLE_LZ_LZ11);
}

static void lz11_all_three_forms(void **state)
{
    (void)state;
    /* flags 0x38: literal X, literal Y,
     *   copy form 0: 00 30 01 -> length 0x003 + 0x11 = 20, distance 1+1 = 2
     *   copy form 1: 10 01 B0 00 -> length 0x001B + 0x111 = 300, distance 1
     *   short copy:  40 03 -> length 4+1 = 5, distance 3+1 = 4
     *   literal Z
     * output: "XY" x 11, then 300 + 5 'Y', then 'Z' = 328 bytes */
    static const uint8_t s[] = {0x11, 0x48, 0x01, 0x00, 0x38, 'X',  'Y',  0x00, 0x30,
                                0x01, 0x10, 0x01, 0xB0, 0x00, 0x40, 0x03, 'Z'};
    char expected[329];
    for (int i = 0; i < 22; i++)
        expected[i] = i % 2 ? 'Y' : 'X';
    memset(expected + 22, 'Y', 305);
    expected[327] = 'Z';
    expected[328] = 0;
    expect_output(s, sizeof s, expected, sizeof s);
}

static void rle_and_stored(void **state)
{
    (void)state;
    /* 0x82: a run of 2+3 = 5 'Z'; 0x01: 1+1 = 2 literals; 0x80: a run of 3 */
    static const uint8_t r[] = {0x30, 0x0A, 0x00, 0x00, 0x82, 'Z', 0x01, 'a', 'b', 0x80, 'z'};
    expect_output(r, sizeof r, "ZZZZZabzzz", sizeof r);
    static const uint8_t st[] = {0x00, 0x05, 0x00, 0x00, 'h', 'e', 'l', 'l', 'o', 0xFF};
    expect_output(st, sizeof st, "hello", 9);
}

static void output_is_bounded(void **state)
{
    (void)state;
    /* the stream announces 10 bytes, the caller wants 7: the copy is cut
     * short and nothing past byte 7 is written */
    static const uint8_t s[] = {0x10, 0x0A, 0x00, 0x00, 0x10, 'A', 'B', 'C', 0x30, 0x02, 'D'};
    uint8_t out[16];
    memset(out, 0xEE, sizeof out);
    size_t consumed;
    assert_int_equal(glhle_lz_decompress(s, sizeof s, 0, out, 7, &consumed, ts_logger()), GLHLE_RESULT_OK);
    assert_memory_equal(out, "ABCABCA", 7);
    assert_int_equal(out[7], 0xEE);
    assert_int_equal(consumed, 10);
    /* runs too */
    static const uint8_t r[] = {0x30, 0x0A, 0x00, 0x00, 0xFF, 'Q'};
    memset(out, 0xEE, sizeof out);
    assert_int_equal(glhle_lz_decompress(r, sizeof r, 0, out, 4, NULL, ts_logger()), GLHLE_RESULT_OK);
    assert_memory_equal(out, "QQQQ", 4);
    assert_int_equal(out[4], 0xEE);
}

static void bad_streams(void **state)
{
    (void)state;
    uint8_t out[64];
    /* a copy from before the start of the output, reported at its offset plus base */
    static const uint8_t back[] = {0x10, 0x04, 0x00, 0x00, 0x80, 0x30, 0x02};
    ts_log_clear();
    assert_int_equal(glhle_lz_decompress(back, sizeof back, 100, out, 4, NULL, ts_logger()), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("lz10 copy at offset 105 reaches 3 bytes back but only 0 bytes are decoded"));
    /* input ends after two of ten bytes */
    static const uint8_t shortin[] = {0x10, 0x0A, 0x00, 0x00, 0x00, 'A', 'B'};
    ts_log_clear();
    assert_int_equal(glhle_lz_decompress(shortin, sizeof shortin, 0, out, 10, NULL, ts_logger()),
                     GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("ends at offset 7 after 2 of 10 bytes"));
    /* an LZ11 long copy cut off inside its 4 bytes */
    static const uint8_t cut11[] = {0x11, 0x40, 0x00, 0x00, 0x40, 'X', 0x10, 0x01};
    assert_int_equal(glhle_lz_decompress(cut11, sizeof cut11, 0, out, 64, NULL, ts_logger()),
                     GLHLE_RESULT_TRUNCATED);
    /* RLE literals missing */
    static const uint8_t rle[] = {0x30, 0x05, 0x00, 0x00, 0x04, 'a', 'b'};
    assert_int_equal(glhle_lz_decompress(rle, sizeof rle, 0, out, 5, NULL, ts_logger()), GLHLE_RESULT_TRUNCATED);
    static const uint8_t rle_run[] = {0x30, 0x05, 0x00, 0x00, 0x82};
    assert_int_equal(glhle_lz_decompress(rle_run, sizeof rle_run, 0, out, 5, NULL, ts_logger()),
                     GLHLE_RESULT_TRUNCATED);
    /* stored data shorter than wanted */
    static const uint8_t st[] = {0x00, 0x05, 0x00, 0x00, 'h', 'i'};
    assert_int_equal(glhle_lz_decompress(st, sizeof st, 0, out, 5, NULL, ts_logger()), GLHLE_RESULT_TRUNCATED);
    /* the header announces fewer bytes than wanted */
    static const uint8_t few[] = {0x30, 0x05, 0x00, 0x00, 0x82, 'Z'};
    ts_log_clear();
    assert_int_equal(glhle_lz_decompress(few, sizeof few, 0, out, 10, NULL, ts_logger()), GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("announces 5 bytes, 10 are needed"));
    /* types */
    static const uint8_t unknown[] = {0x20, 0x05, 0x00, 0x00};
    ts_log_clear();
    assert_int_equal(glhle_lz_decompress(unknown, sizeof unknown, 17, out, 5, NULL, ts_logger()),
                     GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("unknown compression type 0x20 at offset 17"));
    static const uint8_t huff[] = {0x28, 0x05, 0x00, 0x00};
    assert_int_equal(glhle_lz_decompress(huff, sizeof huff, 0, out, 5, NULL, ts_logger()),
                     GLHLE_RESULT_UNSUPPORTED);
    /* headers cut short */
    assert_int_equal(glhle_lz_parse_header(unknown, 3, 0, NULL, ts_logger()), GLHLE_RESULT_TRUNCATED);
    static const uint8_t ext[] = {0x90, 0x05, 0x00, 0x00, 0x00};
    assert_int_equal(glhle_lz_parse_header(ext, sizeof ext, 0, NULL, ts_logger()), GLHLE_RESULT_TRUNCATED);
    assert_int_equal(glhle_lz_decompress(NULL, 0, 0, out, 5, NULL, ts_logger()), GLHLE_RESULT_TRUNCATED);
    assert_string_equal(glhle_lz_type_name(0x11), "lz11");
    assert_string_equal(glhle_lz_type_name(0x42), "unknown");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lz10_stream),       cmocka_unit_test(lz11_all_three_forms),
        cmocka_unit_test(rle_and_stored),    cmocka_unit_test(output_is_bounded),
        cmocka_unit_test(bad_streams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
