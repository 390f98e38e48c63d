/* shadergen/pica_fs.c: the text it writes for known keys, determinism, the
 * output limit, and every variant through glslangValidator (GLSL 4.50 core
 * and GLSL ES 3.20): random keys of every feature mix, raw random bytes
 * (normalised) and each reserved register value. Whether the shaders also
 * compute the right thing is tests/gl/test_pica_fs_diff.c's job. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "shadergen/pica_fs.h"
#include "support/glsl_validator.h"
#include "support/pica_fs_random.h"

static char *generate(const pica_fs_key *k, bool gles)
{
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    pica_fs_host host = {.gles = gles};
    assert_true(pica_fs_generate(k, &host, &b));
    return (char *)glhle_bytebuf_detach(&b, NULL);
}

static void tev_text(void **state)
{
    (void)state;
    pica_fs_key k;
    memset(&k, 0, sizeof k);
    /* stage 5: modulate(primary, constant) x2, alpha add(primary, 1 - tex0.g) */
    pica_fs_tev_stage *st = &k.tev[5];
    st->rgb_op = PICA_FS_TEV_OP_MODULATE;
    st->rgb_src[0] = PICA_FS_TEV_SRC_PRIMARY;
    st->rgb_src[1] = PICA_FS_TEV_SRC_CONSTANT;
    st->rgb_scale = PICA_FS_TEV_SCALE_2;
    st->a_op = PICA_FS_TEV_OP_ADD;
    st->a_src[0] = PICA_FS_TEV_SRC_PRIMARY;
    st->a_src[1] = PICA_FS_TEV_SRC_TEX0;
    st->a_mod[1] = PICA_FS_TEV_AMOD_INV_G;
    k.tex_enable = PICA_FS_TEX_UNIT0;
    k.alpha_func = PICA_FS_ALPHA_LEQUAL;
    pica_fs_key_normalize(&k);
    char *t = generate(&k, false);
    assert_int_equal(strncmp(t, "#version 450 core\n", 18), 0);
    assert_non_null(strstr(t, "ivec4 s_primary = pica_byte4(pica_color);\n"));
    assert_non_null(strstr(t, "ivec4 s_tex0 = pica_byte4(texture(pica_tex0, pica_texcoord0, u.tex_lod_bias.x));\n"));
    assert_non_null(strstr(t, "layout(binding = 0) uniform sampler2D pica_tex0;\n"));
    assert_null(strstr(t, "pica_tex1"));
    assert_null(strstr(t, "pica_luts")); /* no LUT is read */
    assert_non_null(strstr(t, "/* stage 0: pass-through */"));
    assert_non_null(strstr(t, "        ivec3 c0 = s_primary.rgb;\n        ivec3 c1 = u.tev_const[5].rgb;\n"
                              "        ivec3 cr = (c0 * c1) / 255;\n"));
    assert_non_null(strstr(t, "        int a1 = (255 - s_tex0.g);\n        int ar = min(a0 + a1, 255);\n"));
    assert_non_null(strstr(t, "prev = ivec4(min(cr << 1, 255), ar);\n"));
    assert_non_null(strstr(t, "if (!(prev.a <= u.fog_color.w)) discard;\n"));
    assert_non_null(strstr(t, "gl_FragDepth = depth;\n"));
    assert_non_null(strstr(t, "pica_frag_color = vec4(prev) / 255.0;\n"));
    assert_null(strstr(t, "next_buf")); /* no stage reads the buffer */
    free(t);

    /* the same key for GLES: only the header differs */
    char *g = generate(&k, true);
    assert_int_equal(strncmp(g, "#version 320 es\nprecision highp float;\nprecision highp int;\n", 59), 0);
    assert_non_null(strstr(g, "precision highp usamplerBuffer;\n"));
    free(g);
}

static void feature_text(void **state)
{
    (void)state;
    pica_fs_key k;
    memset(&k, 0, sizeof k);
    pica_fs_tev_stage *st = &k.tev[5];
    st->rgb_op = st->a_op = PICA_FS_TEV_OP_ADD;
    st->rgb_src[0] = st->a_src[0] = PICA_FS_TEV_SRC_FRAG_SECONDARY;
    st->rgb_src[1] = st->a_src[1] = PICA_FS_TEV_SRC_TEX3;
    k.fog_mode = PICA_FS_FOG_ON;
    k.fog_flip = 1;
    k.depth_wbuffer = 1;
    k.proctex.enable = 1;
    k.proctex.noise = 1;
    k.proctex.filter = PICA_FS_PROCTEX_LINEAR_MIP_LINEAR;
    k.proctex.u_clamp = PICA_FS_PROCTEX_CLAMP_MIRROR;
    pica_fs_lighting_key *l = &k.lighting;
    l->enable = 1;
    l->num_lights = 1;
    l->config = PICA_FS_LIGHT_ENV_CONFIG7;
    l->light[0].id = 3;
    l->light[0].flags = PICA_FS_LIGHT_DIST_ATTEN | PICA_FS_LIGHT_TWO_SIDED;
    l->lut[PICA_FS_LUT_D0] = (pica_fs_lut_key){.enable = 1, .input = PICA_FS_LUT_INPUT_NH, .abs = 1, .scale = 1};
    pica_fs_key_normalize(&k);
    char *t = generate(&k, false);
    /* D0 from |N.H| (two-sided), scale 2; DA from light 3's table 19 */
    assert_non_null(strstr(t, "vec3 s0 = 2.0 * pica_lut_u(0, abs(dot(n, hn))) * u.light[3].specular0.rgb;\n"));
    assert_non_null(strstr(t, "float da = pica_lut_u(19, clamp(u.light[3].atten.y * dist + u.light[3].atten.x, 0.0, 1.0));\n"));
    assert_non_null(strstr(t, "depth_map.y) / gl_FragCoord.w, 0.0, 1.0);\n"));
    assert_non_null(strstr(t, "fd = 16777215u - fd;\n"));
    assert_non_null(strstr(t, "uint fe = texelFetch(pica_luts, 6144 + int(fd >> 17)).r;\n"));
    assert_non_null(strstr(t, "uu = pica_pt_int(uu) % 2 == 0 ? fract(uu) : 1.0 - fract(uu);\n"));
    assert_non_null(strstr(t, "uv = abs(uv + u.proctex_noise.xy * pica_noise_coef(uv));\n"));
    assert_non_null(strstr(t, "mix(pica_pt_color(x, li), pica_pt_color(x, min(li + 1, 7)), lod - float(li));\n"));
    assert_non_null(strstr(t, "layout(binding = 3) uniform usamplerBuffer pica_luts;\n"));
    free(t);
}

/* Wrap mode 4 or 5 on an axis (pica_fs_key.h): the unit's sample and its
 * repeating variant's, the variant below 0.5 on that axis. */
static void wrap_neg_repeat_text(void **state)
{
    (void)state;
    pica_fs_key k;
    memset(&k, 0, sizeof k);
    for (unsigned i = 0; i < 6; i++) {
        k.tev[i].rgb_src[0] = k.tev[i].a_src[0] = i ? PICA_FS_TEV_SRC_PREVIOUS : PICA_FS_TEV_SRC_TEX1;
        k.tev[i].a_mod[0] = PICA_FS_TEV_AMOD_A;
    }
    k.alpha_func = PICA_FS_ALPHA_ALWAYS;
    k.tex_enable = PICA_FS_TEX_UNIT1;
    k.tex_wrap_neg_repeat = (uint8_t)(PICA_FS_WRAP_NEG_REPEAT(1, 1) | PICA_FS_WRAP_NEG_REPEAT(0, 0));
    pica_fs_key_normalize(&k);
    /* unit 0 is not sampled: its bit goes */
    assert_int_equal(k.tex_wrap_neg_repeat, PICA_FS_WRAP_NEG_REPEAT(1, 1));
    char *t = generate(&k, false);
    assert_non_null(strstr(t, "layout(binding = 9) uniform sampler2D pica_tex1_v2;\n"));
    assert_null(strstr(t, "pica_tex1_v1"));
    assert_non_null(strstr(t, "vec4 t_tex1_v2 = texture(pica_tex1_v2, c_tex1, u.tex_lod_bias.y);\n"));
    assert_non_null(strstr(t, "ivec4 s_tex1 = pica_byte4(c_tex1.y < 0.5 ? t_tex1_v2 : t_tex1);\n"));
    free(t);
}

static void deterministic_and_bounded(void **state)
{
    (void)state;
    ts_rng r;
    ts_rng_init(&r, 5);
    pica_fs_key k;
    pica_fs_random_key(&r, PFR_ALL, &k);
    char *a = generate(&k, false), *b = generate(&k, false);
    assert_string_equal(a, b);
    /* a buffer too small for the text reports it */
    glhle_bytebuf small;
    glhle_bytebuf_init(&small, 256);
    pica_fs_host host = {0};
    assert_false(pica_fs_generate(&k, &host, &small));
    glhle_bytebuf_free(&small);
    free(a);
    free(b);
}

static void glslang_validates_every_variant(void **state)
{
    (void)state;
    if (!tgv_available())
        skip();
    enum { RANDOM = 160, MAXN = RANDOM + 128 };
    static char *src[2][MAXN];
    static pica_fs_reserved_case cases[128];
    unsigned nres = pica_fs_reserved_cases(cases, 128);
    ts_rng r;
    ts_rng_init(&r, ts_seed("pica_fs glslang", 0x61a5));
    unsigned n = 0;
    for (; n < RANDOM; n++) {
        pica_fs_key k;
        /* every feature mix, and raw bytes */
        pica_fs_random_key(&r, n % 8 == 7 ? PFR_RAW : (n * 5u) % PFR_RAW, &k);
        if (n % 4 == 1) { /* MIN/MAX blending in the shader (the texel-fetch form) */
            k.blend_rgb_eq = (uint8_t)ts_rng_below(&r, 3);
            k.blend_alpha_eq = (uint8_t)ts_rng_below(&r, 3);
            k.blend_src_rgb = (uint8_t)ts_rng_below(&r, 16);
            k.blend_dst_rgb = (uint8_t)ts_rng_below(&r, 16);
            k.blend_src_alpha = (uint8_t)ts_rng_below(&r, 16);
            k.blend_dst_alpha = (uint8_t)ts_rng_below(&r, 16);
            pica_fs_key_normalize(&k);
        }
        if (n % 8 == 5) { /* wrap modes 4 and 5 (fract and textureGrad) */
            k.tex_wrap_neg_repeat = (uint8_t)ts_rng_below(&r, 64);
            pica_fs_key_normalize(&k);
        }
        if (n % 8 == 3) { /* shadow-map rendering (image atomics) */
            k.shadow_render = 1;
            pica_fs_key_normalize(&k);
        }
        src[0][n] = generate(&k, false);
        src[1][n] = generate(&k, true);
    }
    for (unsigned i = 0; i < nres && n < MAXN; i++, n++) {
        pica_fs_key k = cases[i].raw;
        pica_fs_key_normalize(&k);
        src[0][n] = generate(&k, false);
        src[1][n] = generate(&k, true);
    }
    tgv_validate_all(ts_output_path("pica_fs_glsl450"), src[0], n, "frag", "GLSL 4.50 core");
    tgv_validate_all(ts_output_path("pica_fs_glsl320es"), src[1], n, "frag", "GLSL ES 3.20");
    for (unsigned i = 0; i < n; i++) {
        free(src[0][i]);
        free(src[1][i]);
    }
}

static void passthrough_vs_text(void **state)
{
    (void)state;
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    pica_fs_host host = {.gles = 1};
    assert_true(pica_fs_generate_passthrough_vs(&host, &b));
    const char *t = glhle_bytebuf_cstr(&b);
    assert_int_equal(strncmp(t, "#version 320 es\n", 16), 0);
    assert_non_null(strstr(t, "gl_Position = vec4(a_position.xy, 2.0 * a_position.z + a_position.w, a_position.w);"));
    assert_non_null(strstr(t, "out vec3 pica_view;"));
    glhle_bytebuf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tev_text),
        cmocka_unit_test(feature_text),
        cmocka_unit_test(deterministic_and_bounded),
        cmocka_unit_test(glslang_validates_every_variant),
        cmocka_unit_test(wrap_neg_repeat_text),
        cmocka_unit_test(passthrough_vs_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
