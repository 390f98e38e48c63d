/* backend/pica/pica.c with a GL context: the instance keeps the context for
 * the renderer and logs through the context's logger. */
#include "support/test_support.h"

#include "backend/gl/gl_context.h"
#include "backend/pica/pica_instance.h"

static void instance_on_a_context(void **state)
{
    glhle_context *ctx = *state;
    glhle_pica *p = NULL;
    assert_int_equal(glhle_pica_create(ctx, NULL, &p), GLHLE_RESULT_OK);
    assert_ptr_equal(p->ctx, ctx);
    assert_ptr_equal(p->log.fn, ctx->log.fn);
    ts_log_clear();
    const uint32_t list[4] = {1, 0x000F0500, 0, 0};
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 4, &res), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("pica: host list +0x0: write to register 0x500"));
    glhle_pica_destroy(p);
    ts_gl_check(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(instance_on_a_context),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
