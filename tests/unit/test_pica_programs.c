/* backend/pica/draw/programs.c, the GPU vertex path's key type (pica-vs):
 * which code words a key holds (the reachable range, zero words at its
 * ends left out), the programs it refuses with a reason, the validity
 * check a stored key passes, and the generated text of a known program:
 * the output map onto the fragment stage's varyings, checked against the
 * map written out by hand, and every generated program through
 * glslangValidator as GLSL 4.50 and ES 3.20 (with the clip plane). */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/draw/programs.h"
#include "backend/pica/shader/shader_isa.h"
#include "support/glsl_validator.h"

static uint32_t code[4096], opdesc[128];
static const uint8_t inputs[16] = {0, 1, 2};

/* mov o0, v0; mov o1, v1; end (3dbrew format 1u: MOV 0x13, END 0x22) */
static void small_program(void)
{
    memset(code, 0, sizeof code);
    memset(opdesc, 0, sizeof opdesc);
    code[0x10] = (uint32_t)PICA_OP_MOV << 26 | 0u << 21 | 0u << 12;
    code[0x11] = (uint32_t)PICA_OP_MOV << 26 | 1u << 21 | 1u << 12;
    code[0x12] = (uint32_t)PICA_OP_END << 26;
    opdesc[0] = 0xF | 0x1Bu << 5;
}

/* o0 -> position, o1 -> colour, the rest unmapped (64) */
static void outmap(uint8_t m[24])
{
    memset(m, 64, 24);
    for (uint8_t k = 0; k < 4; k++) {
        m[k] = k;
        m[8 + k] = (uint8_t)(4 + k);
    }
}

static pica_gpu_program_key *make_key(uint32_t entry, bool clip, bool *ok, char *why)
{
    pica_gpu_program_key *k = calloc(1, sizeof *k);
    assert_non_null(k);
    pica_fs_key_normalize(&k->fs); /* as the draw path's keys are */
    uint8_t m[24];
    outmap(m);
    *ok = pica_gpu_program_key_vs(k, code, opdesc, entry, inputs, 3, m, clip, 0, why, 160);
    return k;
}

static void key_holds_the_used_range(void **state)
{
    (void)state;
    small_program();
    char why[160];
    bool ok;
    pica_gpu_program_key *k = make_key(0x10, false, &ok, why);
    assert_true(ok);
    assert_int_equal(k->code_lo, 0x10);
    assert_int_equal(k->code_count, 3);
    assert_int_equal(k->entry, 0);
    assert_int_equal(k->input_count, 3);
    assert_int_equal(k->code[0], code[0x10]);
    assert_int_equal(k->code[3], 0);
    assert_true(pica_gpu_program_system()->info.key_valid(k));
    /* a word outside the stored range is not part of the key */
    code[0x40] = 0x12345678;
    pica_gpu_program_key *k2 = make_key(0x10, false, &ok, why);
    assert_true(ok);
    assert_memory_equal(k, k2, sizeof *k);
    /* a word inside it is */
    code[0x11] ^= 1u << 12;
    pica_gpu_program_key *k3 = make_key(0x10, false, &ok, why);
    assert_true(ok);
    assert_memory_not_equal(k, k3, sizeof *k);
    free(k);
    free(k2);
    free(k3);
}

static void key_refuses_with_a_reason(void **state)
{
    (void)state;
    small_program();
    char why[160];
    bool ok;
    /* a call from 0x10 to 0x900 reaches more than 800 words */
    code[0x10] = (uint32_t)PICA_OP_CALL << 26 | 0x900u << 10 | 2u;
    code[0x900] = (uint32_t)PICA_OP_MOV << 26 | 1u << 21 | 1u << 12;
    pica_gpu_program_key *k = make_key(0x10, false, &ok, why);
    assert_false(ok);
    assert_non_null(strstr(why, "more than the key's 800"));
    free(k);
    k = make_key(4096, false, &ok, why);
    assert_false(ok);
    assert_non_null(strstr(why, "past the 4096-word code memory"));
    free(k);
}

static void stored_keys_are_checked(void **state)
{
    (void)state;
    small_program();
    char why[160];
    bool ok;
    pica_gpu_program_key *k = make_key(0x10, true, &ok, why);
    assert_true(ok);
    const gl_shc_system_info *info = &pica_gpu_program_system()->info;
    assert_int_equal(info->key_size, sizeof *k);
    assert_true(info->key_valid(k));
    k->code[700] = 1; /* past code_count */
    assert_false(info->key_valid(k));
    k->code[700] = 0;
    k->outmap[5] = 65;
    assert_false(info->key_valid(k));
    k->outmap[5] = 64;
    k->code_count = 0;
    assert_false(info->key_valid(k));
    k->code_count = 3;
    k->entry = 3;
    assert_false(info->key_valid(k));
    k->entry = 0;
    assert_true(info->key_valid(k));
    free(k);
}

static char *generate(const pica_gpu_program_key *k, bool gles, bool want_vs)
{
    glhle_bytebuf vs, fs;
    glhle_bytebuf_init(&vs, 0);
    glhle_bytebuf_init(&fs, 0);
    assert_true(pica_gpu_program_system()->generate(k, gles ? PICA_PROGRAM_HOST_GLES : 0, &vs, &fs));
    char *t = strdup(glhle_bytebuf_cstr(want_vs ? &vs : &fs));
    glhle_bytebuf_free(&vs);
    glhle_bytebuf_free(&fs);
    return t;
}

static void generated_text(void **state)
{
    (void)state;
    small_program();
    char why[160];
    bool ok;
    pica_gpu_program_key *k = make_key(0x10, true, &ok, why);
    assert_true(ok);
    char *t = generate(k, false, true);
    assert_non_null(strstr(t, "pica_color = vec4(pclamp(o[1].x), pclamp(o[1].y), pclamp(o[1].z), pclamp(o[1].w));"));
    assert_non_null(strstr(t, "pica_texcoord0 = vec2(1.0, 1.0);"));
    assert_non_null(strstr(t, "vec4 p = vec4(o[0].x, o[0].y, o[0].z, o[0].w);"));
    assert_non_null(strstr(t, "gl_Position = vec4(p.xy, 2.0 * p.z + p.w, p.w);"));
    assert_non_null(strstr(t, "gl_ClipDistance[0] = dot(vu.clip_plane, p);"));
    assert_non_null(strstr(t, "v[2] = pica_in2;"));
    assert_null(strstr(t, "pica_capture"));
    if (tgv_available()) {
        char *core[2] = {t, generate(k, false, false)};
        char *es[2] = {generate(k, true, true), generate(k, true, false)};
        tgv_validate_all(ts_output_path("pica_programs_vert450"), core, 1, "vert", "pica-vs vertex (4.50)");
        tgv_validate_all(ts_output_path("pica_programs_frag450"), core + 1, 1, "frag", "pica-vs fragment (4.50)");
        tgv_validate_all(ts_output_path("pica_programs_vert320es"), es, 1, "vert", "pica-vs vertex (ES 3.20)");
        tgv_validate_all(ts_output_path("pica_programs_frag320es"), es + 1, 1, "frag", "pica-vs fragment (ES 3.20)");
        free(core[1]);
        free(es[0]);
        free(es[1]);
    }
    free(t);
    free(k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(key_holds_the_used_range),
        cmocka_unit_test(key_refuses_with_a_reason),
        cmocka_unit_test(stored_keys_are_checked),
        cmocka_unit_test(generated_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
