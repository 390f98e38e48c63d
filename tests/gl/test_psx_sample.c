/* samples/psx/scene.txt, the bundled scene of the demo: it parses, both
 * renderers draw the same VRAM from it (at 1x and, read back natively, at
 * 2x), and its display matches the golden image tests/golden/psx_scene.png. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/psx/script.h"
#include "glhle/psx.h"
#include "support/psx_testing.h"

static uint16_t *run_scene(glhle_psx *psx, glhle_image *display)
{
    size_t size;
    uint8_t *text = ts_read_file(ts_source_path("samples/psx/scene.txt"), &size);
    assert_int_equal(psx_script_run(psx, (const char *)text, size, ts_logger()), GLHLE_RESULT_OK);
    free(text);
    assert_int_equal(glhle_psx_end_stream(psx), GLHLE_RESULT_OK);
    glhle_psx_display d;
    glhle_psx_get_display(psx, &d);
    assert_int_equal(d.width, 320);
    assert_int_equal(d.height, 240);
    assert_true(d.enabled);
    assert_int_equal(glhle_image_alloc(display, d.width, d.height), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_read_display_rgba(psx, display->rgba, (size_t)d.width * d.height * 4),
                     GLHLE_RESULT_OK);
    return pt_vram(psx);
}

static void scene(void **state)
{
    glhle_context *ctx = *state;
    glhle_psx_desc d = {0};
    d.renderer = GLHLE_PSX_RENDERER_SOFTWARE;
    d.log = ts_log_fn;
    glhle_psx *sw, *gl1, *gl2;
    assert_int_equal(glhle_psx_create(NULL, &d, &sw), GLHLE_RESULT_OK);
    d.renderer = GLHLE_PSX_RENDERER_GL;
    assert_int_equal(glhle_psx_create(ctx, &d, &gl1), GLHLE_RESULT_OK);
    d.resolution_scale = 2;
    assert_int_equal(glhle_psx_create(ctx, &d, &gl2), GLHLE_RESULT_OK);
    glhle_image a, b, c;
    uint16_t *va = run_scene(sw, &a), *vb = run_scene(gl1, &b), *vc = run_scene(gl2, &c);
    assert_memory_equal(va, vb, 1024 * 512 * 2);
    assert_memory_equal(va, vc, 1024 * 512 * 2);
    ts_assert_image("psx_scene_gl", &a, &b, 0, 0);
    ts_assert_golden("psx_scene", &a, 0, 0);
    glhle_psx_stats st;
    glhle_psx_get_stats(sw, &st);
    assert_int_equal(st.bad_words, 0);
    assert_int_equal(st.primitives, 33);
    free(va);
    free(vb);
    free(vc);
    glhle_image_free(&a);
    glhle_image_free(&b);
    glhle_image_free(&c);
    glhle_psx_destroy(sw);
    glhle_psx_destroy(gl1);
    glhle_psx_destroy(gl2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(scene),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
