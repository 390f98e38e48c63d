/* shadergen/maxwell_spirv.c: every corpus shader of a translated stage
 * becomes SPIR-V that spirv-val accepts and GLSL that glslangValidator
 * compiles, or is refused with a reason; malformed code is refused. What the
 * translations compute is checked by tests/gl/test_maxwell_spirv_diff.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shadergen/maxwell_spirv.h"
#include "shadergen/spirv_glsl.h"
#include "support/glsl_validator.h"
#include "support/maxwell_sidecar.h"
#include "support/spirv_validator.h"
#include "support/test_support.h"

static void test_corpus_translates(void **state)
{
    (void)state;
    if (!tmc_dir()) {
        print_message("SKIP: ../shared/testdata/maxwell/shaders is absent\n");
        skip();
    }
    bool val = tsv_available(), glslang = tgv_available();
    unsigned ok = 0, refused = 0, total = 0;
    for (const char *const *n = tmc_names(); *n; n++) {
        tmc_shader s;
        if (!tmc_load(*n, &s))
            fail_msg("cannot load corpus shader %s", *n);
        total++;
        mw_spirv_input in;
        tmc_input(&s, &in);
        mw_spirv_result r;
        mw_spirv_result_init(&r);
        glhle_result res = mw_spirv_translate(&in, ts_logger(), &r);
        if (res != GLHLE_RESULT_OK) {
            assert_true(r.reason[0] != 0);
            assert_int_equal(r.spirv.size, 0);
            print_message("  %-20s refused: %s\n", *n, r.reason);
            refused++;
        } else {
            char name[96];
            snprintf(name, sizeof name, "maxwell_%s", *n);
            if (val)
                tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, name);
            spv_glsl_binding bind[64];
            size_t nb = mw_spirv_gl_bindings(&r, s.stage, bind);
            for (int es = 0; es < 2; es++) {
                glhle_bytebuf g;
                glhle_bytebuf_init(&g, 0);
                spv_glsl_options o = {.es = es, .bindings = bind, .binding_count = nb};
                assert_int_equal(spv_to_glsl((const uint32_t *)r.spirv.data, r.spirv.size / 4, &o, ts_logger(), &g),
                                 GLHLE_RESULT_OK);
                /* glslangValidator lacks EXT_clip_cull_distance, ES's only clip distances */
                bool clip_es = es && strstr(glhle_bytebuf_cstr(&g), "GL_EXT_clip_cull_distance");
                if (clip_es)
                    print_message("  %-20s ES GLSL not validated: glslangValidator lacks GL_EXT_clip_cull_distance\n", *n);
                if (glslang && !clip_es) {
                    char *src = (char *)glhle_bytebuf_cstr(&g);
                    snprintf(name, sizeof name, "maxwell_glsl_%s_%s", *n, es ? "es" : "core");
                    tgv_validate_all(ts_output_path(name), &src, 1, s.stage == MW_SPIRV_VERTEX ? "vert" : "frag",
                                     *n);
                }
                glhle_bytebuf_free(&g);
            }
            print_message("  %-20s ok: %u instructions, %zu SPIR-V words\n", *n, r.instructions, r.spirv.size / 4);
            ok++;
        }
        mw_spirv_result_free(&r);
        tmc_free(&s);
    }
    print_message("corpus: %u of %u shaders translate, %u refused\n", ok, total, refused);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_translates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
