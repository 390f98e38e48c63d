/* tools/glhle-maxwell-shader.c: the command-line contract of design.md
 * (`glhle-maxwell-shader disasm FILE [--stage S]`, --help on standard
 * output with exit 0, --version, `-` for standard input) run as a program:
 * the listing of corpus modules and raw code, and the exit codes for bad
 * input and bad usage. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "support/maxwell_corpus.h"

static const char *tool_path(void)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/../../tools/glhle-maxwell-shader", ts_output_dir());
    struct stat st;
    return stat(path, &st) == 0 ? path : NULL;
}

static char out[1 << 20];

/* runs the tool with `args`; stdout (and stderr when `both`) into out */
static int run(const char *args, bool both)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "'%s' %s %s", tool_path(), args, both ? "2>&1" : "2>/dev/null");
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = 0;
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void usage_contract(void **state)
{
    (void)state;
    if (!tool_path()) {
        print_message("SKIP: glhle-maxwell-shader was not built\n");
        skip();
    }
    assert_int_equal(run("--help", false), 0);
    assert_non_null(strstr(out, "usage: glhle-maxwell-shader disasm FILE"));
    assert_int_equal(run("--version", false), 0);
    assert_non_null(strstr(out, "glhle-maxwell-shader "));
    assert_int_equal(run("", true), 2);
    assert_int_equal(run("frobnicate x", true), 2);
    assert_non_null(strstr(out, "unknown command"));
    assert_int_equal(run("disasm x --stage nope", true), 2);
    assert_int_equal(run("disasm x --entry zz", true), 2);
    assert_int_equal(run("disasm /nonexistent/file.dksh", true), 1);
    assert_non_null(strstr(out, "cannot read"));
    /* a file that is neither: 8 bytes of garbage is no whole group */
    const char *bad = ts_output_path("maxwell_bad.bin");
    FILE *f = fopen(bad, "wb");
    assert_non_null(f);
    fputs("garbage!", f);
    fclose(f);
    char args[4200];
    snprintf(args, sizeof args, "disasm '%s'", bad);
    assert_int_equal(run(args, true), 1);
    /* a DKSH magic with nothing behind it */
    f = fopen(bad, "wb");
    fputs("DKSH", f);
    fclose(f);
    assert_int_equal(run(args, true), 1);
    assert_non_null(strstr(out, "not a valid DKSH"));
}

static void listings(void **state)
{
    (void)state;
    if (!tool_path())
        skip();
    mc_corpus c;
    if (!mc_open(&c))
        skip();
    char args[8400];
    /* a module: header fields, the listing, the graph */
    snprintf(args, sizeof args, "disasm '%s'", mc_path(&c, "point_quad_gsh", ".dksh"));
    assert_int_equal(run(args, false), 0);
    assert_non_null(strstr(out, "// dksh: geom program"));
    assert_non_null(strstr(out, "geometry shader"));
    assert_non_null(strstr(out, "output topology 7, at most 4 vertices"));
    assert_non_null(strstr(out, "OUT.EMIT"));
    assert_non_null(strstr(out, "// cfg: "));
    /* --stage picks the program; a stage the module lacks is an error */
    snprintf(args, sizeof args, "disasm '%s' --stage vert", mc_path(&c, "point_quad_gsh", ".dksh"));
    assert_int_equal(run(args, true), 1);
    /* raw code from standard input, with its stage named */
    snprintf(args, sizeof args, "disasm - --stage comp < '%s'", mc_path(&c, "simple_csh", ".bin"));
    assert_int_equal(run(args, false), 0);
    assert_non_null(strstr(out, "// stage: comp"));
    assert_non_null(strstr(out, "/*0008*/ "));
    assert_non_null(strstr(out, "EXIT ;"));
    assert_null(strstr(out, "???"));
    /* -o writes the same listing to a file */
    const char *lst = ts_output_path("simple_csh.lst");
    snprintf(args, sizeof args, "disasm '%s' -o '%s'", mc_path(&c, "simple_csh", ".bin"), lst);
    assert_int_equal(run(args, false), 0);
    size_t size;
    uint8_t *file = ts_read_file(lst, &size);
    assert_true(size > 100);
    free(file);
    /* every corpus module disassembles cleanly */
    for (unsigned s = 0; s < c.count; s++) {
        snprintf(args, sizeof args, "disasm '%s'", mc_path(&c, c.names[s], ".dksh"));
        if (run(args, true) != 0 || strstr(out, "???"))
            fail_msg("%s: %s", c.names[s], out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(usage_contract),
        cmocka_unit_test(listings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
