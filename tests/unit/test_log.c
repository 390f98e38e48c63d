/* backend/common/log.c and result.c */
#include "support/test_support.h"

#include <stdio.h>
#include <string.h>

#include "backend/common/log.h"

static struct {
    int calls;
    glhle_log_record last;
    char msg[2048];
} seen;

static void capture(void *user, const glhle_log_record *r)
{
    assert_ptr_equal(user, &seen);
    seen.calls++;
    seen.last = *r;
    strcpy(seen.msg, r->message);
    seen.last.message = seen.msg;
}

static void records_carry_level_location_and_text(void **state)
{
    (void)state;
    glhle_logger lg = {capture, &seen, GLHLE_LOG_INFO};
    memset(&seen, 0, sizeof seen);
    GLHLE_DEBUG(&lg, "dropped %d", 1);
    assert_int_equal(seen.calls, 0);
    int line = __LINE__ + 1;
    GLHLE_WARN(&lg, "offset 0x%X:\nbad header", 0x40);
    assert_int_equal(seen.calls, 1);
    assert_int_equal(seen.last.level, GLHLE_LOG_WARN);
    assert_string_equal(seen.msg, "offset 0x40: bad header"); /* one line */
    assert_int_equal(seen.last.line, line);
    assert_non_null(strstr(seen.last.file, "test_log.c"));
    assert_string_equal(seen.last.func, "records_carry_level_location_and_text");
    glhle_result r = GLHLE_FAIL(&lg, GLHLE_RESULT_TRUNCATED, "list ends at %u", 12u);
    assert_int_equal(r, GLHLE_RESULT_TRUNCATED);
    assert_int_equal(seen.last.level, GLHLE_LOG_ERROR);
    char big[3000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    GLHLE_ERROR(&lg, "%s", big);
    assert_int_equal(strlen(seen.msg), 1023); /* truncated, still terminated */
}

/* A logger left at zero drops debug records and passes info (the default is
 * not DEBUG), and records name their file relative to the repository, with
 * no build machine's folders in front (the library is built with
 * -fmacro-prefix-map). */
static void default_level_and_relative_files(void **state)
{
    (void)state;
    glhle_logger lg = {capture, &seen, GLHLE_LOG_DEFAULT};
    memset(&seen, 0, sizeof seen);
    GLHLE_DEBUG(&lg, "every draw");
    assert_int_equal(seen.calls, 0);
    GLHLE_INFO(&lg, "context made");
    assert_int_equal(seen.calls, 1);
    assert_int_equal(seen.last.level, GLHLE_LOG_INFO);
    assert_string_equal(seen.last.file, "tests/unit/test_log.c");
    lg.min_level = GLHLE_LOG_DEBUG;
    GLHLE_DEBUG(&lg, "every draw");
    assert_int_equal(seen.calls, 2);
}

static void result_strings(void **state)
{
    (void)state;
    for (int r = 0; r < GLHLE_RESULT_COUNT_; r++) {
        const char *s = glhle_result_string((glhle_result)r);
        assert_non_null(s);
        assert_string_not_equal(s, "unknown result");
    }
    assert_string_equal(glhle_result_string(GLHLE_RESULT_OK), "ok");
    assert_string_equal(glhle_result_string(GLHLE_RESULT_OUT_OF_BOUNDS), "out of bounds");
    assert_string_equal(glhle_result_string((glhle_result)999), "unknown result");
    assert_string_equal(glhle_result_string((glhle_result)-1), "unknown result");
}

static void version(void **state)
{
    (void)state;
    glhle_version v = glhle_get_version();
    assert_int_equal(v.major, GLHLE_VERSION_MAJOR);
    assert_int_equal(v.minor, GLHLE_VERSION_MINOR);
    char expect[32];
    snprintf(expect, sizeof expect, "%d.%d.%d", v.major, v.minor, v.patch);
    assert_string_equal(v.string, expect);
}

/* Bytes a terminal would obey are written as \xNN (the ECMA-48 C0 and C1
 * sets, DEL, and bytes that are not UTF-8); printable UTF-8 passes; a cut
 * never splits an escape or a character. Expected strings written by hand. */
static void escaped_text(void **state)
{
    (void)state;
    char out[256];
    static const struct {
        const char *in;
        size_t n;
        const char *want;
    } cases[] = {
        {"plain text, 100%", 16, "plain text, 100%"},
        {"\x1b[2J\a\t", 6, "\\x1B[2J\\x07\\x09"},
        {"a\x7f" "b", 3, "a\\x7Fb"},
        {"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 14, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"},
        {"\xc2\x9b" "2J", 4, "\\xC2\\x9B2J"},          /* C1 CSI in UTF-8 */
        {"\x9b" "2J", 3, "\\x9B2J"},                     /* CSI as a lone byte */
        {"\xc0\xaf", 2, "\\xC0\\xAF"},                 /* overlong '/' */
        {"\xed\xa0\x80", 3, "\\xED\\xA0\\x80"},        /* a surrogate */
        {"\xe2\x82", 2, "\\xE2\\x82"},                 /* cut short */
        {"nul\0here", 8, "nul\\x00here"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = glhle_escape_text(cases[i].in, cases[i].n, out, sizeof out);
        assert_string_equal(out, cases[i].want);
        assert_int_equal(n, strlen(cases[i].want));
    }
    /* room for "ab" and not for the escape after it, nor half of a character */
    assert_int_equal(glhle_escape_text("ab\x1b", 3, out, 6), 2);
    assert_string_equal(out, "ab");
    assert_int_equal(glhle_escape_text("a\xe2\x82\xac", 4, out, 4), 1);
    assert_string_equal(out, "a");
    /* log records come escaped */
    glhle_logger lg = {capture, &seen, GLHLE_LOG_INFO};
    memset(&seen, 0, sizeof seen);
    GLHLE_WARN(&lg, "found '%s'", "\x1b]0;title\a");
    assert_string_equal(seen.msg, "found '\\x1B]0;title\\x07'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(records_carry_level_location_and_text),
        cmocka_unit_test(default_level_and_relative_files),
        cmocka_unit_test(result_strings),
        cmocka_unit_test(version),
        cmocka_unit_test(escaped_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
