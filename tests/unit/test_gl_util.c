/* backend/gl/gl_util.c: the SPIR-V texts (GL_SPIRV_TEXT_TAG), the GL-free
 * part: how a module is written where GLSL text goes and read back. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_util.h"

/* the text by hand: the tag and count line, then eight words a line */
static void text_by_hand(void **state)
{
    (void)state;
    const uint32_t w[9] = {0x07230203, 0x00010000, 0, 0xffffffffu, 1, 2, 3, 4, 0xdeadbeefu};
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    assert_true(gl_spirv_text_append(&b, w, 9));
    assert_string_equal(glhle_bytebuf_cstr(&b), "#glhle spirv 9\n"
                                                "07230203 00010000 00000000 ffffffff 00000001 00000002 00000003 00000004\n"
                                                "deadbeef\n");
    assert_true(gl_text_is_spirv(glhle_bytebuf_cstr(&b)));
    uint32_t *got;
    size_t n;
    assert_true(gl_spirv_text_words(glhle_bytebuf_cstr(&b), &got, &n));
    assert_int_equal(n, 9);
    assert_memory_equal(got, w, sizeof w);
    free(got);
    glhle_bytebuf_free(&b);
}

/* GLSL is not a SPIR-V text; a malformed one is refused, no words */
static void malformed_texts(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "#version 450\nvoid main() {}\n",       /* GLSL */
        "#glhle spirv 0\n",                     /* no words */
        "#glhle spirv 2\n07230203\n",           /* fewer words than the count */
        "#glhle spirv 1\n0723020g\n",           /* not a hex digit */
        "#glhle spirv 1\n072302\n",             /* a short word */
        "#glhle spirv 1\n07230203x",            /* no separator after the word */
        "#glhle spirv 99999999999999999999\n0", /* a count past the limit (and past size_t) */
        "#glhle spirv 4194305\n",               /* GL_SPIRV_TEXT_MAX_WORDS + 1 */
        "#glhle spirv 1 07230203\n",            /* the count line ends at the count */
        "#glhle spirv\n07230203\n",             /* no count */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint32_t dummy = 0, *w = &dummy; /* set to NULL by the call */
        size_t n = 7;
        if (gl_spirv_text_words(bad[i], &w, &n))
            fail_msg("text %zu taken: %s", i, bad[i]);
        assert_null(w);
        assert_int_equal(n, 0);
    }
    assert_false(gl_text_is_spirv("#version 450\n"));
    assert_false(gl_text_is_spirv(NULL));
    /* over the limit: nothing written */
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    const uint32_t one = 1;
    assert_false(gl_spirv_text_append(&b, &one, (size_t)GL_SPIRV_TEXT_MAX_WORDS + 1));
    assert_int_equal(b.size, 0);
    glhle_bytebuf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_by_hand),
        cmocka_unit_test(malformed_texts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
