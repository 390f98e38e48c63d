/* backend/common/trace_container.c (through the PICA's trace_format.c): the glhle trace container -- header and
 * chunk bytes as docs/formats.md lays them out, checksums, and a reader
 * that bounds every length. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "backend/pica/trace/trace_format.h"

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const uint8_t *p)
{
    return le32(p) | (uint64_t)le32(p + 4) << 32;
}

/* A trace of three chunks in memory: MAP, MEMORY (5 bytes), END. */
static uint8_t *three_chunks(size_t *size)
{
    trace_writer w;
    assert_int_equal(pica_trace_writer_open(&w, NULL, 0, ts_logger()), GLHLE_RESULT_OK);
    const uint8_t map[8] = {0x00, 0x00, 0x00, 0x18, 0x00, 0x10, 0x00, 0x00};
    const uint8_t mem_head[4] = {0x10, 0x00, 0x00, 0x18};
    const uint8_t bytes[5] = {1, 2, 3, 4, 5};
    const uint8_t end[8] = {2, 0, 0, 0, 0, 0, 0, 0};
    assert_true(trace_put(&w, PICA_TRACE_MAP, map, 8, NULL, 0));
    assert_true(trace_put(&w, PICA_TRACE_MEMORY, mem_head, 4, bytes, 5));
    assert_true(trace_put(&w, PICA_TRACE_END, end, 8, NULL, 0));
    assert_int_equal(w.chunks, 3);
    assert_int_equal(trace_writer_close(&w), GLHLE_RESULT_OK);
    uint8_t *data = glhle_bytebuf_detach(&w.mem, size);
    trace_writer_free(&w);
    return data;
}

static void header_bytes(void **state)
{
    (void)state;
    size_t n;
    uint8_t *d = three_chunks(&n);
    /* 32-byte header, then 16 + 8, 16 + 9 and 16 + 8 bytes of chunks */
    assert_int_equal(n, 32 + 24 + 25 + 24);
    assert_memory_equal(d, "GLHTRACE", 8);
    assert_int_equal(d[8] | d[9] << 8, 1);   /* major */
    assert_int_equal(d[10] | d[11] << 8, 0); /* minor */
    assert_int_equal(le32(d + 12), 32);      /* header size */
    assert_int_equal(le32(d + 16), 1);       /* PICA200 */
    assert_int_equal(le32(d + 20), 0);       /* flags */
    assert_true(le64(d + 24) == XXH3_64bits(d, 24));
    free(d);
}

static void chunk_bytes(void **state)
{
    (void)state;
    size_t n;
    uint8_t *d = three_chunks(&n);
    const uint8_t *c = d + 32 + 24; /* the MEMORY chunk */
    assert_int_equal(le32(c), 4);
    assert_int_equal(le32(c + 4), 9);
    assert_int_equal(le32(c + 8), 0x18000010);
    assert_memory_equal(c + 12, ((uint8_t[]){1, 2, 3, 4, 5}), 5);
    assert_true(le64(c + 17) == XXH3_64bits(c, 17)); /* over type, size and payload */
    free(d);
}

static void reads_back(void **state)
{
    (void)state;
    size_t n;
    uint8_t *d = three_chunks(&n);
    trace_reader r;
    assert_int_equal(pica_trace_reader_open(&r, d, n, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(r.major, 1);
    assert_int_equal(r.minor, 0);
    trace_chunk c;
    assert_int_equal(trace_reader_next(&r, &c), GLHLE_RESULT_OK);
    assert_int_equal(c.type, PICA_TRACE_MAP);
    assert_int_equal(c.offset, 32);
    assert_int_equal(c.size, 8);
    assert_int_equal(le32(c.payload), 0x18000000);
    assert_int_equal(trace_reader_next(&r, &c), GLHLE_RESULT_OK);
    assert_int_equal(c.type, PICA_TRACE_MEMORY);
    assert_int_equal(c.offset, 56);
    assert_int_equal(c.payload[8], 5);
    assert_int_equal(trace_reader_next(&r, &c), GLHLE_RESULT_OK);
    assert_int_equal(c.type, PICA_TRACE_END);
    assert_int_equal(c.offset, 81);
    assert_int_equal(trace_reader_next(&r, &c), GLHLE_RESULT_NOT_FOUND);
    free(d);
}

/* Reads every chunk; returns the first non-OK result (NOT_FOUND = clean end). */
static glhle_result walk(const uint8_t *d, size_t n, uint32_t *chunks)
{
    trace_reader r;
    glhle_result res = pica_trace_reader_open(&r, d, n, ts_logger());
    *chunks = 0;
    trace_chunk c;
    while (res == GLHLE_RESULT_OK && (res = trace_reader_next(&r, &c)) == GLHLE_RESULT_OK)
        (*chunks)++;
    return res;
}

static void truncated_everywhere(void **state)
{
    (void)state;
    size_t n;
    uint8_t *d = three_chunks(&n);
    const size_t bounds[] = {32, 56, 81, 105};
    for (size_t len = 0; len < n; len++) {
        ts_log_clear();
        uint32_t chunks;
        glhle_result r = walk(d, len, &chunks);
        bool boundary = false;
        uint32_t whole = 0;
        for (int b = 0; b < 4; b++) {
            if (len == bounds[b])
                boundary = true;
            if (len >= bounds[b])
                whole = (uint32_t)b;
        }
        if (boundary) {
            assert_int_equal(r, GLHLE_RESULT_NOT_FOUND);
            assert_int_equal(chunks, whole);
            continue;
        }
        if (len < 8) {
            assert_int_equal(r, GLHLE_RESULT_BAD_DATA); /* not even the magic */
            continue;
        }
        assert_int_equal(r, GLHLE_RESULT_TRUNCATED);
        assert_int_equal(chunks, len < 32 ? 0 : whole);
        char where[32];
        snprintf(where, sizeof where, "offset 0x%zx", len < 32 ? (size_t)0 : bounds[whole]);
        if (len >= 32)
            assert_true(ts_log_contains(where));
    }
    free(d);
}

static void every_byte_flip_is_caught(void **state)
{
    (void)state;
    size_t n;
    uint8_t *d = three_chunks(&n);
    for (size_t at = 0; at < n; at++) {
        for (int bit = 0; bit < 8; bit++) {
            d[at] ^= (uint8_t)(1u << bit);
            uint32_t chunks;
            glhle_result r = walk(d, n, &chunks);
            /* the damaged file never reads as the whole, clean trace */
            assert_true(r != GLHLE_RESULT_NOT_FOUND || chunks < 3);
            if (at >= 32)
                assert_true(r == GLHLE_RESULT_BAD_DATA || r == GLHLE_RESULT_TRUNCATED);
            d[at] ^= (uint8_t)(1u << bit);
        }
    }
    free(d);
}

static void rewrite_header_checksum(uint8_t *d, uint32_t header_size)
{
    XXH3_state_t *s = XXH3_createState();
    XXH3_64bits_reset(s);
    XXH3_64bits_update(s, d, 24);
    XXH3_64bits_update(s, d + 32, header_size - 32);
    uint64_t h = XXH3_64bits_digest(s);
    XXH3_freeState(s);
    for (int i = 0; i < 8; i++)
        d[24 + i] = (uint8_t)(h >> (8 * i));
}

static void versions(void **state)
{
    (void)state;
    size_t n;
    uint8_t *d = three_chunks(&n);
    uint32_t chunks;
    /* a later minor version reads */
    d[10] = 7;
    rewrite_header_checksum(d, 32);
    assert_int_equal(walk(d, n, &chunks), GLHLE_RESULT_NOT_FOUND);
    assert_int_equal(chunks, 3);
    /* another major version does not */
    d[8] = 2;
    rewrite_header_checksum(d, 32);
    ts_log_clear();
    assert_int_equal(walk(d, n, &chunks), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("version 2.7"));
    d[8] = 1;
    /* another system */
    d[16] = 3;
    rewrite_header_checksum(d, 32);
    ts_log_clear();
    assert_int_equal(walk(d, n, &chunks), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("system 3"));
    free(d);
}

static void longer_header(void **state)
{
    (void)state;
    size_t n;
    uint8_t *d = three_chunks(&n);
    /* a later version's 40-byte header: 8 more bytes, covered by the checksum */
    uint8_t *e = malloc(n + 8);
    memcpy(e, d, 32);
    memset(e + 32, 0xAB, 8);
    memcpy(e + 40, d + 32, n - 32);
    e[12] = 40;
    rewrite_header_checksum(e, 40);
    trace_reader r;
    assert_int_equal(pica_trace_reader_open(&r, e, n + 8, ts_logger()), GLHLE_RESULT_OK);
    trace_chunk c;
    assert_int_equal(trace_reader_next(&r, &c), GLHLE_RESULT_OK);
    assert_int_equal(c.offset, 40);
    e[35] ^= 1; /* the extension is checksummed */
    ts_log_clear();
    assert_int_equal(pica_trace_reader_open(&r, e, n + 8, ts_logger()), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("header checksum"));
    /* header sizes outside 32..4096 */
    e[12] = 16;
    rewrite_header_checksum(e, 32);
    assert_int_equal(pica_trace_reader_open(&r, e, n + 8, ts_logger()), GLHLE_RESULT_BAD_DATA);
    free(e);
    free(d);
}

static void huge_lengths(void **state)
{
    (void)state;
    size_t n;
    uint8_t *d = three_chunks(&n);
    uint32_t chunks;
    /* the second chunk claims 4 GiB - 16 and then just past the 64 MiB limit */
    const uint32_t sizes[] = {0xFFFFFFF0u, TRACE_MAX_PAYLOAD + 1};
    for (int i = 0; i < 2; i++) {
        for (int k = 0; k < 4; k++)
            d[56 + 4 + k] = (uint8_t)(sizes[i] >> (8 * k));
        ts_log_clear();
        assert_int_equal(walk(d, n, &chunks), GLHLE_RESULT_BAD_DATA);
        assert_int_equal(chunks, 1);
        assert_true(ts_log_contains("offset 0x38: MEMORY chunk claims"));
    }
    /* a size inside the limit but past the file's end */
    for (int k = 0; k < 4; k++)
        d[56 + 4 + k] = (uint8_t)(1000u >> (8 * k));
    ts_log_clear();
    assert_int_equal(walk(d, n, &chunks), GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("offset 0x38: MEMORY chunk of 1000 payload bytes"));
    free(d);
}

static void writer_limits(void **state)
{
    (void)state;
    trace_writer w;
    /* room for the header and one 16-byte chunk */
    assert_int_equal(pica_trace_writer_open(&w, NULL, 32 + 24, ts_logger()), GLHLE_RESULT_OK);
    uint8_t p[8] = {0};
    assert_true(trace_put(&w, PICA_TRACE_MAP, p, 8, NULL, 0));
    ts_log_clear();
    assert_false(trace_put(&w, PICA_TRACE_MAP, p, 8, NULL, 0));
    assert_true(ts_log_contains("size limit"));
    assert_false(trace_put(&w, PICA_TRACE_UNMAP, p, 4, NULL, 0)); /* later writes are dropped */
    assert_int_equal(trace_writer_close(&w), GLHLE_RESULT_LIMIT_EXCEEDED);
    trace_writer_free(&w);

    /* a piecewise chunk must get exactly its declared size */
    assert_int_equal(pica_trace_writer_open(&w, NULL, 0, ts_logger()), GLHLE_RESULT_OK);
    assert_true(trace_begin(&w, PICA_TRACE_MEMORY, 6));
    assert_true(trace_write(&w, p, 4));
    assert_false(trace_write(&w, p, 4));
    assert_int_equal(trace_writer_close(&w), GLHLE_RESULT_INVALID_ARGUMENT);
    trace_writer_free(&w);
    assert_int_equal(pica_trace_writer_open(&w, NULL, 0, ts_logger()), GLHLE_RESULT_OK);
    assert_true(trace_begin(&w, PICA_TRACE_MEMORY, 6));
    assert_true(trace_write(&w, p, 4));
    assert_false(trace_end(&w));
    trace_writer_free(&w);
    /* and at most the format's largest payload */
    assert_int_equal(pica_trace_writer_open(&w, NULL, 0, ts_logger()), GLHLE_RESULT_OK);
    assert_false(trace_begin(&w, PICA_TRACE_RUN_HOST, TRACE_MAX_PAYLOAD + 1));
    trace_writer_free(&w);
}

static void file_equals_memory(void **state)
{
    (void)state;
    size_t n;
    uint8_t *d = three_chunks(&n);
    const char *path = ts_output_path("trace_format.glht");
    trace_writer w;
    assert_int_equal(pica_trace_writer_open(&w, path, 0, ts_logger()), GLHLE_RESULT_OK);
    const uint8_t map[8] = {0x00, 0x00, 0x00, 0x18, 0x00, 0x10, 0x00, 0x00};
    const uint8_t mem_head[4] = {0x10, 0x00, 0x00, 0x18};
    const uint8_t bytes[5] = {1, 2, 3, 4, 5};
    const uint8_t end[8] = {2, 0, 0, 0, 0, 0, 0, 0};
    assert_true(trace_put(&w, PICA_TRACE_MAP, map, 8, NULL, 0));
    /* in pieces: the same bytes as one call */
    assert_true(trace_begin(&w, PICA_TRACE_MEMORY, 9));
    assert_true(trace_write(&w, mem_head, 4));
    assert_true(trace_write(&w, bytes, 2));
    assert_true(trace_write(&w, bytes + 2, 3));
    assert_true(trace_end(&w));
    assert_true(trace_put(&w, PICA_TRACE_END, end, 8, NULL, 0));
    assert_int_equal(trace_writer_close(&w), GLHLE_RESULT_OK);
    trace_writer_free(&w);
    size_t fn;
    uint8_t *f = ts_read_file(path, &fn);
    assert_int_equal(fn, n);
    assert_memory_equal(f, d, n);
    free(f);
    free(d);
    /* a path that cannot be created */
    ts_log_clear();
    assert_int_equal(pica_trace_writer_open(&w, "/nonexistent-dir/x.glht", 0, ts_logger()), GLHLE_RESULT_IO_ERROR);
    assert_true(ts_log_contains("cannot create /nonexistent-dir/x.glht"));
    trace_writer_free(&w);
}

static void type_names(void **state)
{
    (void)state;
    char b[24];
    assert_string_equal(pica_trace_type_name(PICA_TRACE_RUN_GUEST, b), "RUN_GUEST");
    assert_string_equal(pica_trace_type_name(PICA_TRACE_COMMENT, b), "COMMENT");
    assert_string_equal(pica_trace_type_name(0x80000009u, b), "optional 0x80000009");
    assert_string_equal(pica_trace_type_name(99, b), "0x00000063");
}

/* The container takes every system's traces and names the system; each
 * system's reader takes only its own (header offset 16). */
static void systems(void **state)
{
    (void)state;
    for (uint32_t sys = 1; sys <= 4; sys++) {
        trace_writer w;
        assert_int_equal(trace_writer_open(&w, NULL, 0, sys, ts_logger()), GLHLE_RESULT_OK);
        assert_true(trace_put(&w, TRACE_COMMENT, "x", 1, NULL, 0));
        assert_int_equal(trace_writer_close(&w), GLHLE_RESULT_OK);
        assert_int_equal(le32(w.mem.data + 16), sys);
        assert_int_equal(trace_peek_system(w.mem.data, w.mem.size), sys);
        trace_reader r;
        ts_log_clear();
        glhle_result res = trace_reader_open(&r, w.mem.data, w.mem.size, ts_logger());
        if (sys <= 3) {
            assert_int_equal(res, GLHLE_RESULT_OK);
            assert_int_equal(r.system, sys);
        } else {
            assert_int_equal(res, GLHLE_RESULT_BAD_DATA);
            assert_true(ts_log_contains("offset 16: system 4"));
        }
        ts_log_clear();
        res = pica_trace_reader_open(&r, w.mem.data, w.mem.size, ts_logger());
        assert_int_equal(res, sys == 1 ? GLHLE_RESULT_OK : GLHLE_RESULT_BAD_DATA);
        if (sys == 2)
            assert_true(ts_log_contains("offset 16: a PlayStation trace (system 2)"));
        trace_writer_free(&w);
    }
    assert_string_equal(trace_system_name(1), "PICA200");
    assert_string_equal(trace_system_name(2), "PlayStation");
    assert_null(trace_system_name(0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(header_bytes),       cmocka_unit_test(chunk_bytes),
        cmocka_unit_test(reads_back),         cmocka_unit_test(truncated_everywhere),
        cmocka_unit_test(every_byte_flip_is_caught), cmocka_unit_test(versions),
        cmocka_unit_test(longer_header),      cmocka_unit_test(huge_lengths),
        cmocka_unit_test(writer_limits),      cmocka_unit_test(file_equals_memory),
        cmocka_unit_test(type_names),         cmocka_unit_test(systems),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
