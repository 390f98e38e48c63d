/* shadergen/glsl_writer.c: indentation and float literals. */
#include "support/test_support.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shadergen/glsl_writer.h"

static void lines_and_blocks(void **state)
{
    (void)state;
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    glsl_writer w;
    glsl_writer_init(&w, &b);
    glsl_open(&w, "void main()");
    glsl_line(&w, "int x = %d;", 3);
    glsl_open(&w, "if (x > %d)", 2);
    glsl_line(&w, "x = 0;");
    glsl_close(&w, "");
    glsl_close(&w, "");
    glsl_text(&w, "// end\n");
    assert_string_equal(glhle_bytebuf_cstr(&b), "void main() {\n"
                                                "    int x = 3;\n"
                                                "    if (x > 2) {\n"
                                                "        x = 0;\n"
                                                "    }\n"
                                                "}\n"
                                                "// end\n");
    assert_true(glsl_writer_ok(&w));
    /* closing more than opened stays at column 0 */
    glsl_close(&w, ";");
    assert_non_null(strstr(glhle_bytebuf_cstr(&b), "// end\n};\n"));
    glhle_bytebuf_free(&b);
}

static void float_literals(void **state)
{
    (void)state;
    char buf[32];
    assert_string_equal(glsl_float(buf, 1.0f), "1.0");
    assert_string_equal(glsl_float(buf, 0.5f), "0.5");
    assert_string_equal(glsl_float(buf, -2.25f), "-2.25");
    assert_string_equal(glsl_float(buf, 0.1f), "0.1");
    assert_string_equal(glsl_float(buf, 1e10f), "1e+10");
    assert_string_equal(glsl_float(buf, 0.0f), "0.0");
    /* non-finite values become finite literals */
    assert_string_equal(glsl_float(buf, NAN), "0.0");
    assert_true(strtof(glsl_float(buf, INFINITY), NULL) == FLT_MAX);
    assert_true(strtof(glsl_float(buf, -INFINITY), NULL) == -FLT_MAX);
    /* every literal reads back as the same float */
    ts_rng r;
    ts_rng_init(&r, 3);
    for (int i = 0; i < 10000; i++) {
        uint32_t bits = ts_rng_u32(&r);
        float v;
        memcpy(&v, &bits, 4);
        if (!isfinite(v))
            continue;
        glsl_float(buf, v);
        assert_true(strpbrk(buf, ".e") != NULL);
        assert_true(strtof(buf, NULL) == v);
    }
}

static void limit_is_reported(void **state)
{
    (void)state;
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 16);
    glsl_writer w;
    glsl_writer_init(&w, &b);
    glsl_line(&w, "this line is longer than sixteen bytes");
    assert_false(glsl_writer_ok(&w));
    glhle_bytebuf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lines_and_blocks),
        cmocka_unit_test(float_literals),
        cmocka_unit_test(limit_is_reported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
