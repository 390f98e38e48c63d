/* shadergen/spirv_glsl.c: a module built with the SPIR-V builder becomes
 * GLSL 4.50 and ES 3.20 that glslangValidator accepts, with the bindings the
 * table names; missing table entries and broken modules are rejected. */
#include <stdlib.h>
#include <string.h>

#include "shadergen/spirv_builder.h"
#include "shadergen/spirv_glsl.h"
#include "support/glsl_validator.h"
#include "support/spirv_validator.h"
#include "support/test_support.h"

/* fragment: color = texture(tex, uv) * ubo.scale; the UBO is (set 0,
 * binding 3), the sampler (set 1, binding 5) */
static void build_module(glhle_bytebuf *m)
{
    spv_builder b;
    spv_builder_init(&b, 0);
    spv_capability(&b, SpvCapabilityShader);
    spv_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
    uint32_t v = spv_type_void(&b), f32 = spv_type_float(&b, 32), v4 = spv_type_vector(&b, f32, 4);
    uint32_t v2 = spv_type_vector(&b, f32, 2);
    uint32_t blk = spv_type_struct(&b, &v4, 1);
    spv_decorate(&b, blk, SpvDecorationBlock, NULL, 0);
    spv_member_decorate(&b, blk, 0, SpvDecorationOffset, SPV_ARGS(0));
    spv_name(&b, blk, "cb3");
    spv_member_name(&b, blk, 0, "scale");
    uint32_t ubo = spv_global_var(&b, spv_type_pointer(&b, SpvStorageClassUniform, blk), SpvStorageClassUniform, 0);
    spv_decorate(&b, ubo, SpvDecorationDescriptorSet, SPV_ARGS(0));
    spv_decorate(&b, ubo, SpvDecorationBinding, SPV_ARGS(3));
    uint32_t img = spv_type_image(&b, f32, SpvDim2D, 0, false, false, 1, SpvImageFormatUnknown);
    uint32_t simg = spv_type_sampled_image(&b, img);
    uint32_t tex = spv_global_var(&b, spv_type_pointer(&b, SpvStorageClassUniformConstant, simg),
                                  SpvStorageClassUniformConstant, 0);
    spv_decorate(&b, tex, SpvDecorationDescriptorSet, SPV_ARGS(1));
    spv_decorate(&b, tex, SpvDecorationBinding, SPV_ARGS(5));
    uint32_t uv = spv_global_var(&b, spv_type_pointer(&b, SpvStorageClassInput, v2), SpvStorageClassInput, 0);
    spv_decorate(&b, uv, SpvDecorationLocation, SPV_ARGS(0));
    uint32_t out = spv_global_var(&b, spv_type_pointer(&b, SpvStorageClassOutput, v4), SpvStorageClassOutput, 0);
    spv_decorate(&b, out, SpvDecorationLocation, SPV_ARGS(0));
    uint32_t fn = spv_id(&b);
    spv_entry_point(&b, SpvExecutionModelFragment, fn, "main", SPV_ARGS(uv, out));
    spv_exec_mode(&b, fn, SpvExecutionModeOriginLowerLeft, NULL, 0);
    spv_function_begin(&b, fn, v, spv_type_function(&b, v, NULL, 0));
    uint32_t s = SPV_OP(&b, SpvOpLoad, simg, tex);
    uint32_t c = SPV_OP(&b, SpvOpImageSampleImplicitLod, v4, s, SPV_OP(&b, SpvOpLoad, v2, uv));
    uint32_t p = SPV_OP(&b, SpvOpAccessChain, spv_type_pointer(&b, SpvStorageClassUniform, v4), ubo,
                        spv_const_u32(&b, 0));
    SPV_VOID(&b, SpvOpStore, out, SPV_OP(&b, SpvOpFMul, v4, c, SPV_OP(&b, SpvOpLoad, v4, p)));
    SPV_VOID(&b, SpvOpReturn);
    spv_function_end(&b);
    glhle_bytebuf_init(m, 0);
    assert_true(spv_finish(&b, m));
    spv_builder_free(&b);
}

static const spv_glsl_binding layout[] = {{0, 3, 7}, {1, 5, 2}};

static void test_glsl_core_and_es(void **state)
{
    (void)state;
    glhle_bytebuf m;
    build_module(&m);
    if (tsv_available())
        tsv_assert_valid((const uint32_t *)m.data, m.size / 4, "spirv_glsl_input");
    char *src[2] = {NULL, NULL};
    for (int es = 0; es < 2; es++) {
        glhle_bytebuf g;
        glhle_bytebuf_init(&g, 0);
        spv_glsl_options o = {.es = es, .bindings = layout, .binding_count = 2};
        assert_int_equal(spv_to_glsl((const uint32_t *)m.data, m.size / 4, &o, ts_logger(), &g), GLHLE_RESULT_OK);
        const char *t = glhle_bytebuf_cstr(&g);
        assert_non_null(strstr(t, es ? "#version 320 es" : "#version 450"));
        assert_non_null(strstr(t, "layout(binding = 7, std140) uniform cb3"));
        assert_non_null(strstr(t, "layout(binding = 2) uniform"));
        assert_null(strstr(t, "binding = 3"));
        assert_null(strstr(t, "binding = 5"));
        assert_null(strstr(t, "set ="));
        src[es] = strdup(t);
        glhle_bytebuf_free(&g);
    }
    if (tgv_available()) {
        tgv_validate_all(ts_output_path("spirv_glsl_core"), &src[0], 1, "frag", "SPIRV-Cross GLSL 4.50");
        tgv_validate_all(ts_output_path("spirv_glsl_es"), &src[1], 1, "frag", "SPIRV-Cross GLSL ES 3.20");
    }
    free(src[0]);
    free(src[1]);
    glhle_bytebuf_free(&m);
}

static void test_missing_binding_is_rejected(void **state)
{
    (void)state;
    glhle_bytebuf m, g;
    build_module(&m);
    glhle_bytebuf_init(&g, 0);
    spv_glsl_options o = {.bindings = layout, .binding_count = 1};
    ts_log_clear();
    assert_int_equal(spv_to_glsl((const uint32_t *)m.data, m.size / 4, &o, ts_logger(), &g),
                     GLHLE_RESULT_NOT_FOUND);
    assert_true(ts_log_contains("set 1, binding 5"));
    glhle_bytebuf_free(&g);
    glhle_bytebuf_free(&m);
}

static void test_broken_modules_are_rejected(void **state)
{
    (void)state;
    glhle_bytebuf m, g;
    build_module(&m);
    glhle_bytebuf_init(&g, 0);
    spv_glsl_options o = {.bindings = layout, .binding_count = 2};
    uint32_t *w = (uint32_t *)m.data;
    assert_int_equal(spv_to_glsl(w, 3, &o, ts_logger(), &g), GLHLE_RESULT_BAD_DATA);
    /* cut in the middle of the function */
    assert_int_equal(spv_to_glsl(w, m.size / 4 - 7, &o, ts_logger(), &g), GLHLE_RESULT_BAD_DATA);
    w[0] ^= 1;
    assert_int_equal(spv_to_glsl(w, m.size / 4, &o, ts_logger(), &g), GLHLE_RESULT_BAD_DATA);
    glhle_bytebuf_free(&g);
    glhle_bytebuf_free(&m);
}

static void test_remap_in_place(void **state)
{
    (void)state;
    glhle_bytebuf m;
    build_module(&m);
    uint32_t *w = (uint32_t *)m.data;
    size_t n = m.size / 4;
    assert_int_equal(spv_remap_bindings(w, n, layout, 2, ts_logger()), GLHLE_RESULT_OK);
    /* OpDecorate (71, 4 words) id Binding(33) value: only 7 and 2 remain, sets are 0 */
    unsigned seen = 0;
    for (size_t i = 5; i < n; i += w[i] >> 16) {
        if (w[i] == (4u << 16 | 71) && w[i + 2] == 33) {
            assert_true(w[i + 3] == 7 || w[i + 3] == 2);
            seen++;
        }
        if (w[i] == (4u << 16 | 71) && w[i + 2] == 34)
            assert_int_equal(w[i + 3], 0);
    }
    assert_int_equal(seen, 2);
    if (tsv_available())
        tsv_assert_valid(w, n, "spirv_glsl_remapped");
    assert_int_equal(spv_remap_bindings(w, n, layout, 0, ts_logger()), GLHLE_RESULT_NOT_FOUND);
    w[7] = 0; /* a zero word count */
    assert_int_equal(spv_remap_bindings(w, n, layout, 2, ts_logger()), GLHLE_RESULT_BAD_DATA);
    glhle_bytebuf_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_glsl_core_and_es),
        cmocka_unit_test(test_missing_binding_is_rejected),
        cmocka_unit_test(test_broken_modules_are_rejected),
        cmocka_unit_test(test_remap_in_place),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
