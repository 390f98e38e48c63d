/* backend/psx/script.c: the text form of GP0/GP1 streams that `glhle-psx
 * run` reads (../shared/design.md). */
#include "support/test_support.h"

#include <stdio.h>
#include <string.h>

#include "backend/psx/script.h"
#include "support/psx_testing.h"

typedef struct capture {
    int ports[256];
    uint32_t words[256];
    uint32_t lines[256];
    size_t n, calls;
} capture;

static glhle_result sink(void *user, int port, const uint32_t *words, size_t count, uint32_t line)
{
    capture *c = user;
    c->calls++;
    for (size_t i = 0; i < count && c->n < 256; i++) {
        c->ports[c->n] = port;
        c->lines[c->n] = line;
        c->words[c->n++] = words[i];
    }
    return GLHLE_RESULT_OK;
}

static void parses_words_and_comments(void **state)
{
    (void)state;
    const char *text = "# a comment line\n"
                       "\n"
                       "gp0 0x200000FF 0x00100020   0x00300040 0x00500060  # trailing comment\r\n"
                       "  GP1 0x03000000\n"
                       "gp0 4294967295 0 017\n" /* 017 is octal, as in C */
                       "gp1 0x10000007";
    capture c = {0};
    assert_int_equal(psx_script_parse(text, strlen(text), ts_logger(), sink, &c), GLHLE_RESULT_OK);
    assert_int_equal(c.n, 9);
    const uint32_t want[9] = {0x200000FFu, 0x00100020u, 0x00300040u, 0x00500060u, 0x03000000u,
                              0xFFFFFFFFu, 0,           15,          0x10000007u};
    assert_memory_equal(c.words, want, sizeof want);
    assert_int_equal(c.ports[3], 0);
    assert_int_equal(c.ports[4], 1);
    assert_int_equal(c.lines[0], 3);
    assert_int_equal(c.lines[4], 4);
    assert_int_equal(c.lines[8], 6);
    assert_int_equal(c.ports[8], 1);
}

static void long_lines_are_split(void **state)
{
    (void)state;
    char text[2048] = "gp0";
    for (int i = 0; i < 100; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text), " %d", i);
    capture c = {0};
    assert_int_equal(psx_script_parse(text, strlen(text), ts_logger(), sink, &c), GLHLE_RESULT_OK);
    assert_int_equal(c.n, 100);
    assert_int_equal(c.calls, 2); /* 64 + 36 words */
    assert_int_equal(c.words[99], 99);
}

static void errors_name_line_and_column(void **state)
{
    (void)state;
    static const struct {
        const char *text, *log;
    } bad[] = {
        {"gp0 0x1\ngp2 0x1\n", "line 2 column 1: expected gp0, gp1 or #, found 'gp2'"},
        {"gp0 0x1 0x100000000\n", "line 1 column 9: '0x100000000' is not a 32-bit number"},
        {"gp0 12x\n", "line 1 column 5: '12x' is not a 32-bit number"},
        {"gp0 0x\n", "is not a 32-bit number"},
        {"gp0 089\n", "is not a 32-bit number"},
        {"gp1   # nothing\n", "line 1: gp1 without words"},
        {"gp0 1\n\0 gp1", "line 2 column 1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        capture c = {0};
        ts_log_clear();
        size_t len = strlen(bad[i].text);
        if (i == 6)
            len = 11;
        assert_int_equal(psx_script_parse(bad[i].text, len, ts_logger(), sink, &c), GLHLE_RESULT_BAD_DATA);
        if (!ts_log_contains(bad[i].log))
            fail_msg("script %zu: the log lacks \"%s\"", i, bad[i].log);
        assert_int_equal(c.n, 0); /* nothing runs from a script with an error */
    }
}

static void runs_into_a_gpu(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    const char *text = "gp1 0x03000000\ngp0 0x680000FF 0x00050006 # a red pixel at (6,5)\ngp0 0xF0000000\n";
    ts_log_clear();
    assert_int_equal(psx_script_run(psx, text, strlen(text), ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(pt_pixel(psx, 6, 5), 0x001F);
    assert_false(glhle_psx_gpustat(psx) & (1u << 23)); /* the display is on */
    assert_true(ts_log_contains("unknown command F0h")); /* bad words are the GPU's to report */
    assert_int_equal(psx_script_run(psx, "gp3 1", 5, ts_logger()), GLHLE_RESULT_BAD_DATA);
    glhle_psx_destroy(psx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parses_words_and_comments),
        cmocka_unit_test(long_lines_are_split),
        cmocka_unit_test(errors_name_line_and_column),
        cmocka_unit_test(runs_into_a_gpu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
