/* backend/common/bytebuf.c */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"

static void append_and_text(void **state)
{
    (void)state;
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    assert_string_equal(glhle_bytebuf_cstr(&b), "");
    assert_true(glhle_bytebuf_append(&b, "ab", 2));
    assert_true(glhle_bytebuf_append_u8(&b, 'c'));
    assert_true(glhle_bytebuf_printf(&b, "-%04X-%s", 0x2F, "tev"));
    assert_string_equal(glhle_bytebuf_cstr(&b), "abc-002F-tev");
    assert_int_equal(b.size, 12);
    assert_true(glhle_bytebuf_append_le32(&b, 0x11223344));
    assert_memory_equal(b.data + 12, "\x44\x33\x22\x11", 4);
    for (int i = 0; i < 10000; i++)
        assert_true(glhle_bytebuf_printf(&b, "%d,", i % 10));
    assert_int_equal(b.size, 16 + 20000);
    assert_int_equal(b.data[16], '0');
    assert_int_equal(b.data[16 + 19998], '9');
    glhle_bytebuf_clear(&b);
    assert_int_equal(b.size, 0);
    assert_string_equal(glhle_bytebuf_cstr(&b), "");
    glhle_bytebuf_free(&b);
}

static void limit_is_enforced(void **state)
{
    (void)state;
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 100);
    assert_true(glhle_bytebuf_extend(&b, 100) != NULL);
    assert_false(glhle_bytebuf_append_u8(&b, 1));
    assert_true(b.failed);
    assert_int_equal(b.size, 100);
    assert_true(b.capacity <= 101);
    assert_false(glhle_bytebuf_append(&b, "", 0)); /* stays failed until cleared */
    glhle_bytebuf_clear(&b);
    assert_true(glhle_bytebuf_append(&b, "x", 1));
    assert_false(glhle_bytebuf_reserve(&b, SIZE_MAX)); /* no overflow */
    glhle_bytebuf_free(&b);
}

static void detach_and_read_file(void **state)
{
    (void)state;
    const char *path = ts_output_path("bytebuf_test.bin");
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    for (int i = 0; i < 100000; i++)
        fputc(i & 0xFF, f);
    fclose(f);
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    assert_true(glhle_bytebuf_read_file(&b, path, 0));
    assert_int_equal(b.size, 100000);
    assert_int_equal(b.data[99999], 99999 & 0xFF);
    size_t n;
    uint8_t *p = glhle_bytebuf_detach(&b, &n);
    assert_int_equal(n, 100000);
    assert_null(b.data);
    free(p);
    assert_false(glhle_bytebuf_read_file(&b, path, 99999)); /* over the limit */
    glhle_bytebuf_free(&b);
    assert_false(glhle_bytebuf_read_file(&b, "/nonexistent/file", 0));
    glhle_bytebuf_free(&b);
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(append_and_text),
        cmocka_unit_test(limit_is_enforced),
        cmocka_unit_test(detach_and_read_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
