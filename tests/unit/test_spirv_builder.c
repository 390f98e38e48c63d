/* shadergen/spirv_builder.c: word encodings checked against the SPIR-V 1.0
 * specification by hand (2.3 physical layout, 3.32 opcodes), deduplication,
 * the size limit, and whole modules that spirv-val must accept. */
#include <string.h>

#include "shadergen/spirv_builder.h"
#include "support/spirv_validator.h"
#include "support/test_support.h"

static const uint32_t *find_seq(const glhle_bytebuf *m, const uint32_t *seq, size_t n)
{
    const uint32_t *w = (const uint32_t *)m->data;
    for (size_t i = 0; i + n <= m->size / 4; i++)
        if (!memcmp(w + i, seq, n * 4))
            return w + i;
    return NULL;
}

static void test_header_and_type_words(void **state)
{
    (void)state;
    spv_builder b;
    spv_builder_init(&b, 0);
    spv_capability(&b, SpvCapabilityShader);
    spv_capability(&b, SpvCapabilityShader); /* declared once */
    spv_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
    uint32_t u32 = spv_type_int(&b, 32, false);
    assert_int_equal(spv_type_int(&b, 32, false), u32);
    uint32_t i32 = spv_type_int(&b, 32, true);
    assert_int_not_equal(i32, u32);
    uint32_t c7 = spv_const_u32(&b, 7);
    assert_int_equal(spv_const_u32(&b, 7), c7);
    assert_int_not_equal(spv_const_i32(&b, 7), c7); /* same bits, other type */
    glhle_bytebuf m;
    glhle_bytebuf_init(&m, 0);
    assert_true(spv_finish(&b, &m));
    const uint32_t *w = (const uint32_t *)m.data;
    /* 2.3: magic 0x07230203, version 1.0 = 0x00010000, generator, bound, 0 */
    assert_int_equal(w[0], 0x07230203u);
    assert_int_equal(w[1], 0x00010000u);
    assert_int_equal(w[3], b.next_id);
    assert_int_equal(w[4], 0);
    /* OpCapability (17) Shader (1), once: word count 2 */
    assert_int_equal(w[5], 2u << 16 | 17);
    assert_int_equal(w[6], 1);
    /* OpMemoryModel (14) Logical (0) GLSL450 (1) */
    assert_int_equal(w[7], 3u << 16 | 14);
    assert_int_equal(w[8], 0);
    assert_int_equal(w[9], 1);
    /* OpTypeInt (21) id 32 0; OpConstant (43) type id 7 */
    const uint32_t ti[4] = {4u << 16 | 21, u32, 32, 0};
    assert_non_null(find_seq(&m, ti, 4));
    const uint32_t tc[4] = {4u << 16 | 43, u32, c7, 7};
    assert_non_null(find_seq(&m, tc, 4));
    assert_int_equal(m.size / 4, 5 + 2 + 3 + 4 + 4 + 4 + 4);
    glhle_bytebuf_free(&m);
    spv_builder_free(&b);
}

static void test_strings_are_padded(void **state)
{
    (void)state;
    spv_builder b;
    spv_builder_init(&b, 0);
    spv_extension(&b, "abcd"); /* 4 chars: a whole extra word for the NUL */
    spv_extension(&b, "abcd");
    spv_extension(&b, "xyz");
    glhle_bytebuf m;
    glhle_bytebuf_init(&m, 0);
    assert_true(spv_finish(&b, &m));
    const uint32_t *w = (const uint32_t *)m.data + 5;
    /* OpExtension = 10 */
    assert_int_equal(w[0], 3u << 16 | 10);
    assert_memory_equal(w + 1, "abcd\0\0\0\0", 8);
    assert_int_equal(w[3], 2u << 16 | 10);
    assert_memory_equal(w + 4, "xyz\0", 4);
    assert_int_equal(m.size / 4, 5 + 5);
    glhle_bytebuf_free(&m);
    spv_builder_free(&b);
}

static void test_limit_fails_cleanly(void **state)
{
    (void)state;
    spv_builder b;
    spv_builder_init(&b, 64);
    for (uint32_t i = 0; i < 100; i++)
        spv_const_u32(&b, i);
    assert_false(spv_ok(&b));
    assert_int_equal(spv_const_u32(&b, 1000), 0);
    glhle_bytebuf m;
    glhle_bytebuf_init(&m, 0);
    assert_false(spv_finish(&b, &m));
    glhle_bytebuf_free(&m);
    spv_builder_free(&b);
}

static void test_misplaced_instructions_fail(void **state)
{
    (void)state;
    spv_builder b;
    spv_builder_init(&b, 0);
    uint32_t u32 = spv_type_int(&b, 32, false);
    assert_int_equal(SPV_OP(&b, SpvOpIAdd, u32, 1, 2), 0); /* no function open */
    assert_false(spv_ok(&b));
    spv_builder_free(&b);

    spv_builder_init(&b, 0);
    uint32_t v = spv_type_void(&b);
    uint32_t fnt = spv_type_function(&b, v, NULL, 0);
    spv_function_begin(&b, 0, v, fnt);
    glhle_bytebuf m;
    glhle_bytebuf_init(&m, 0);
    assert_false(spv_finish(&b, &m)); /* the function is still open */
    SPV_VOID(&b, SpvOpReturn);
    assert_true(spv_ok(&b));
    SPV_VOID(&b, SpvOpReturn); /* after a terminator, before a label */
    assert_false(spv_ok(&b));
    glhle_bytebuf_free(&m);
    spv_builder_free(&b);
}

/* A fragment shader with a loop, a selection, function variables and
 * GLSL.std.450, the shape the Maxwell translator emits. */
static void build_fragment(spv_builder *b)
{
    spv_capability(b, SpvCapabilityShader);
    spv_memory_model(b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
    uint32_t v = spv_type_void(b), f32 = spv_type_float(b, 32), u32 = spv_type_int(b, 32, false);
    uint32_t boolt = spv_type_bool(b), v4 = spv_type_vector(b, f32, 4);
    uint32_t out_ptr = spv_type_pointer(b, SpvStorageClassOutput, v4);
    uint32_t out = spv_global_var(b, out_ptr, SpvStorageClassOutput, 0);
    spv_decorate(b, out, SpvDecorationLocation, SPV_ARGS(0));
    spv_name(b, out, "color");
    uint32_t fn = spv_id(b);
    spv_entry_point(b, SpvExecutionModelFragment, fn, "main", &out, 1);
    spv_exec_mode(b, fn, SpvExecutionModeOriginLowerLeft, NULL, 0);
    spv_function_begin(b, fn, v, spv_type_function(b, v, NULL, 0));
    uint32_t fptr = spv_type_pointer(b, SpvStorageClassFunction, u32);
    uint32_t i = spv_local_var(b, fptr, spv_const_u32(b, 0));
    uint32_t header = spv_id(b), body = spv_id(b), cont = spv_id(b), merge = spv_id(b);
    SPV_VOID(b, SpvOpBranch, header);
    spv_label(b, header);
    SPV_VOID(b, SpvOpLoopMerge, merge, cont, SpvLoopControlMaskNone);
    SPV_VOID(b, SpvOpBranch, body);
    spv_label(b, body);
    uint32_t x = SPV_OP(b, SpvOpLoad, u32, i);
    uint32_t done = SPV_OP(b, SpvOpUGreaterThanEqual, boolt, x, spv_const_u32(b, 4));
    uint32_t then = spv_id(b), join = spv_id(b);
    SPV_VOID(b, SpvOpSelectionMerge, join, SpvSelectionControlMaskNone);
    SPV_VOID(b, SpvOpBranchConditional, done, then, join);
    spv_label(b, then);
    SPV_VOID(b, SpvOpBranch, merge);
    spv_label(b, join);
    SPV_VOID(b, SpvOpBranch, cont);
    spv_label(b, cont);
    SPV_VOID(b, SpvOpStore, i, SPV_OP(b, SpvOpIAdd, u32, x, spv_const_u32(b, 1)));
    SPV_VOID(b, SpvOpBranch, header);
    spv_label(b, merge);
    uint32_t n = SPV_OP(b, SpvOpConvertUToF, f32, SPV_OP(b, SpvOpLoad, u32, i));
    uint32_t s = SPV_GLSL(b, f32, GLSLstd450Sqrt, n);
    uint32_t one = spv_const_f32(b, 1.0f);
    SPV_VOID(b, SpvOpStore, out, SPV_OP(b, SpvOpCompositeConstruct, v4, s, s, s, one));
    SPV_VOID(b, SpvOpReturn);
    spv_function_end(b);
}

static void test_fragment_module_validates(void **state)
{
    (void)state;
    if (!tsv_available())
        skip();
    spv_builder b;
    spv_builder_init(&b, 0);
    build_fragment(&b);
    assert_true(spv_ok(&b));
    glhle_bytebuf m;
    glhle_bytebuf_init(&m, 0);
    assert_true(spv_finish(&b, &m));
    tsv_assert_valid((const uint32_t *)m.data, m.size / 4, "spirv_builder_fragment");
    /* and the validator can fail: the same module without its memory model */
    glhle_bytebuf_free(&m);
    spv_builder_free(&b);
    spv_builder_init(&b, 0);
    build_fragment(&b);
    glhle_bytebuf_clear(&b.sec[SPV_SEC_MEMORY_MODEL]);
    glhle_bytebuf_init(&m, 0);
    assert_true(spv_finish(&b, &m));
    assert_false(tsv_validate((const uint32_t *)m.data, m.size / 4, "spirv_builder_broken"));
    glhle_bytebuf_free(&m);
    spv_builder_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header_and_type_words),
        cmocka_unit_test(test_strings_are_padded),
        cmocka_unit_test(test_limit_fails_cleanly),
        cmocka_unit_test(test_misplaced_instructions_fail),
        cmocka_unit_test(test_fragment_module_validates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
