/* shadergen/pica_vs.c: the pass-through vertex shader's text for known keys
 * (attributes declared only for the groups the key has, 1.0 for the rest,
 * the clip-space mapping, the clip plane only with the key's bit), key
 * normalisation, and every key through glslangValidator as GLSL 4.50 core
 * and GLSL ES 3.20. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "shadergen/pica_vs.h"
#include "support/glsl_validator.h"

static char *generate(const pica_vs_key *k, bool gles)
{
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    const pica_fs_host host = {.gles = gles};
    assert_true(pica_vs_generate(k, &host, &b));
    char *t = strdup(glhle_bytebuf_cstr(&b));
    glhle_bytebuf_free(&b);
    return t;
}

static void text_for_known_keys(void **state)
{
    (void)state;
    pica_vs_key k = {.outputs = PICA_VS_OUT_COLOR | PICA_VS_OUT_TEXCOORD0};
    char *t = generate(&k, false);
    assert_int_equal(strncmp(t, "#version 450 core\n", 18), 0);
    assert_non_null(strstr(t, "layout(location = 0) in vec4 a_position;\n"));
    assert_non_null(strstr(t, "layout(location = 1) in vec4 a_color;\n"));
    assert_non_null(strstr(t, "layout(location = 2) in vec2 a_texcoord0;\n"));
    assert_null(strstr(t, "in vec2 a_texcoord1;"));
    assert_null(strstr(t, "in vec4 a_normquat;"));
    assert_non_null(strstr(t, "    pica_color = a_color;\n"));
    assert_non_null(strstr(t, "    pica_texcoord0 = a_texcoord0;\n"));
    /* groups the output map leaves out read 1.0 (Azahar's unmapped semantic) */
    assert_non_null(strstr(t, "    pica_texcoord1 = vec2(1.0);\n"));
    assert_non_null(strstr(t, "    pica_texcoord0_w = float(1.0);\n"));
    assert_non_null(strstr(t, "    pica_normquat = vec4(1.0);\n"));
    assert_non_null(strstr(t, "    pica_view = vec3(1.0);\n"));
    /* the PICA clip range -w <= z <= 0 onto GL's */
    assert_non_null(strstr(t, "gl_Position = vec4(p.xy, 2.0 * p.z + p.w, p.w);"));
    assert_null(strstr(t, "gl_ClipDistance"));
    free(t);

    k = (pica_vs_key){.outputs = PICA_VS_OUT_ALL, .clip = 1};
    t = generate(&k, false);
    assert_non_null(strstr(t, "layout(location = 7) in vec3 a_view;\n"));
    assert_non_null(strstr(t, "layout(location = 5) in float a_texcoord0_w;\n"));
    assert_non_null(strstr(t, "layout(location = 6) in vec4 a_normquat;\n"));
    assert_non_null(strstr(t, "    gl_ClipDistance[0] = dot(vu.clip_plane, p);\n"));
    assert_non_null(strstr(t, "layout(std140, binding = 1) uniform PicaVsUniforms {\n"));
    free(t);

    t = generate(&k, true);
    assert_int_equal(strncmp(t, "#version 320 es\n#extension GL_EXT_clip_cull_distance : enable\n", 62), 0);
    assert_non_null(strstr(t, "#ifdef GL_EXT_clip_cull_distance\n    gl_ClipDistance[0]"));
    free(t);
}

static void normalisation(void **state)
{
    (void)state;
    pica_vs_key k;
    memset(&k, 0xFF, sizeof k);
    pica_vs_key_normalize(&k);
    assert_int_equal(k.outputs, PICA_VS_OUT_ALL);
    assert_int_equal(k.clip, 1);
    assert_int_equal(k.pad[0], 0);
    assert_int_equal(k.pad[1], 0);
    pica_vs_key again = k;
    pica_vs_key_normalize(&again);
    assert_memory_equal(&k, &again, sizeof k);
    /* a buffer too small for the text reports it */
    glhle_bytebuf small;
    glhle_bytebuf_init(&small, 64);
    const pica_fs_host host = {0};
    assert_false(pica_vs_generate(&k, &host, &small));
    glhle_bytebuf_free(&small);
}

static void glslang_validates_every_key(void **state)
{
    (void)state;
    if (!tgv_available())
        skip();
    enum { N = 2 * (PICA_VS_OUT_ALL + 1) };
    static char *src[2][N];
    for (unsigned i = 0; i < N; i++) {
        pica_vs_key k = {.outputs = (uint8_t)(i & PICA_VS_OUT_ALL), .clip = (uint8_t)(i > PICA_VS_OUT_ALL)};
        src[0][i] = generate(&k, false);
        src[1][i] = generate(&k, true);
    }
    tgv_validate_all(ts_output_path("pica_vs_glsl450"), src[0], N, "vert", "GLSL 4.50 core vertex");
    tgv_validate_all(ts_output_path("pica_vs_glsl320es"), src[1], N, "vert", "GLSL ES 3.20 vertex");
    for (unsigned i = 0; i < N; i++) {
        free(src[0][i]);
        free(src[1][i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_for_known_keys),
        cmocka_unit_test(normalisation),
        cmocka_unit_test(glslang_validates_every_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
