/* backend/pica/shader/shbin.c: a file with several DVLEs over one DVLP, loading a
 * DVLE into a shader setup, the output map it implies, and bad files. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/shader/shbin.h"
#include "support/pica_dvlb_writer.h"

/* Two vertex shaders and a geometry shader over one program. */
static uint8_t *three_dvles(size_t *size)
{
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_V(0, "xyzw"))); /* 0: vs A */
    dw_emit(w, dw_op0(DW_END));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_V(1, "xyzw"))); /* 2: vs B */
    dw_emit(w, dw_op0(DW_END));
    dw_emit(w, dw_op0(DW_EMIT)); /* 4: gs */
    dw_emit(w, dw_op0(DW_END));

    dw_dvle(w, 0, 0, 2);
    dw_const_f(w, 20, 1.0f, -2.0f, 0.5f, 0.0f);
    dw_const_i(w, 1, 4, 0, 1, 0);
    dw_const_b(w, 3, 0);
    dw_output(w, 0, 0, 0xF);
    dw_uniform(w, "inpos", 0x00, 0x00);
    dw_uniform(w, "projection", 0x10, 0x13);
    dw_uniform(w, "loopParams", 0x71, 0x71);
    dw_uniform(w, "useLight", 0x78, 0x7B);
    dw_label(w, 0, 0, 2, "main");

    dw_dvle(w, 0, 2, 4);
    dw_const_b(w, 15, 1);
    dw_output(w, 2, 1, 0xF);
    dw_uniform(w, "tint", 0x14, 0x14);

    dw_dvle(w, 1, 4, 6);
    dw_gsh(w, 2, 48, 0, 4, 1);
    dw_output(w, 0, 0, 0xF);
    dw_uniform(w, "particles", 0x40, 0x4F);
    uint8_t *f = dw_finish(w, size);
    dw_destroy(w);
    return f;
}

static void several_dvles_over_one_dvlp(void **state)
{
    (void)state;
    size_t size;
    uint8_t *f = three_dvles(&size);
    pica_shbin s;
    assert_int_equal(pica_shbin_parse(f, size, ts_logger(), &s), GLHLE_RESULT_OK);
    free(f); /* the result owns its data */
    assert_int_equal(s.code_words, 6);
    assert_int_equal(s.code[1], 0x22u << 26);
    assert_int_equal(s.opdesc_count, 1); /* both MOVs share one descriptor */
    /* mov o0.xyzw, v0.xyzw: mask 0xF, src1 selector 0x1B at bit 5 */
    assert_int_equal(s.opdesc[0], 0xFu | 0x1Bu << 5 | 0x1Bu << 14 | 0x1Bu << 23);
    assert_int_equal(s.dvle_count, 3);

    const pica_shbin_dvle *a = &s.dvles[0], *b = &s.dvles[1], *g = &s.dvles[2];
    assert_int_equal(a->version, 0x1002);
    assert_int_equal(a->is_geometry, 0);
    assert_int_equal(a->main_offset, 0);
    assert_int_equal(a->end_offset, 2);
    assert_int_equal(a->output_mask, 0x1);
    assert_int_equal(a->const_count, 3);
    assert_int_equal(a->consts[0].type, PICA_SHBIN_CONST_FLOAT);
    assert_int_equal(a->consts[0].reg, 20);
    /* f24: 1.0 = 0x3F0000, -2.0 = 0xC00000, 0.5 = 0x3E0000 (bias 63) */
    assert_int_equal(a->consts[0].f24[0], 0x3F0000);
    assert_int_equal(a->consts[0].f24[1], 0xC00000);
    assert_int_equal(a->consts[0].f24[2], 0x3E0000);
    assert_int_equal(a->consts[0].f24[3], 0);
    assert_int_equal(a->consts[1].type, PICA_SHBIN_CONST_INT);
    assert_int_equal(a->consts[1].reg, 1);
    assert_memory_equal(a->consts[1].i, "\x04\x00\x01\x00", 4);
    assert_int_equal(a->consts[2].type, PICA_SHBIN_CONST_BOOL);
    assert_int_equal(a->consts[2].reg, 3);
    assert_int_equal(a->consts[2].b, 0);
    assert_int_equal(a->uniform_count, 4);
    assert_string_equal(a->uniforms[1].name, "projection");
    assert_int_equal(a->uniforms[1].first, 0x10);
    assert_int_equal(a->uniforms[1].last, 0x13);
    assert_non_null(pica_shbin_find_uniform(a, "useLight"));
    assert_int_equal(pica_shbin_find_uniform(a, "useLight")->last, 0x7B);
    assert_null(pica_shbin_find_uniform(a, "tint"));
    assert_int_equal(a->label_count, 1);
    assert_string_equal(a->labels[0].name, "main");
    assert_int_equal(a->labels[0].size, 2);

    assert_int_equal(b->main_offset, 2);
    assert_int_equal(b->output_count, 1);
    assert_int_equal(b->outputs[0].type, PICA_SHBIN_OUT_COLOR);
    assert_int_equal(b->outputs[0].reg, 1);
    assert_string_equal(pica_shbin_find_uniform(b, "tint")->name, "tint");

    assert_int_equal(g->is_geometry, 1);
    assert_int_equal(g->merge_outmaps, 1);
    assert_int_equal(g->gs_mode, 2);
    assert_int_equal(g->gs_fixed_start, 48);
    assert_int_equal(g->gs_fixed_num, 4);
    assert_int_equal(g->main_offset, 4);
    pica_shbin_free(&s);
}

static void load_setup_applies_constants(void **state)
{
    (void)state;
    size_t size;
    uint8_t *f = three_dvles(&size);
    pica_shbin s;
    assert_int_equal(pica_shbin_parse(f, size, ts_logger(), &s), GLHLE_RESULT_OK);
    free(f);
    pica_shader_setup *setup = calloc(1, sizeof *setup);
    assert_non_null(setup);
    memset(setup->code, 0xAB, sizeof setup->code);
    setup->float_uniforms[7][0] = 42.0f;
    assert_int_equal(pica_shbin_load_setup(&s, 0, setup, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(setup->code[0], s.code[0]);
    assert_int_equal(setup->code[5], s.code[5]);
    assert_int_equal(setup->code[6], 0); /* the rest of code memory is cleared */
    assert_int_equal(setup->opdesc[0], s.opdesc[0]);
    assert_int_equal(setup->opdesc[1], 0); /* one descriptor in the file */
    assert_int_equal(setup->entry_point, 0);
    /* libctru starts bools all set; b3 = false from the constant table */
    assert_int_equal(setup->bool_uniforms, 0xFFF7);
    assert_memory_equal(setup->int_uniforms[1], "\x04\x00\x01\x00", 4);
    assert_true(setup->float_uniforms[20][0] == 1.0f && setup->float_uniforms[20][1] == -2.0f &&
                setup->float_uniforms[20][2] == 0.5f && setup->float_uniforms[20][3] == 0.0f);
    assert_true(setup->float_uniforms[7][0] == 42.0f); /* not named by a constant: kept */
    assert_int_equal(setup->program_generation, 1);

    assert_int_equal(pica_shbin_load_setup(&s, 1, setup, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(setup->entry_point, 2);
    assert_int_equal(setup->bool_uniforms, 0xFFFF);
    assert_int_equal(setup->program_generation, 2);

    ts_log_clear();
    assert_int_equal(pica_shbin_load_setup(&s, 3, setup, ts_logger()), GLHLE_RESULT_NOT_FOUND);
    assert_true(ts_log_contains("no DVLE 3"));
    free(setup);
    pica_shbin_free(&s);
}

static void output_map(void **state)
{
    (void)state;
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 1);
    dw_output(w, 0, 0, 0xF);  /* position o0.xyzw */
    dw_output(w, 2, 1, 0xF);  /* color o1 */
    dw_output(w, 3, 3, 0x3);  /* texcoord0 o3.xy */
    dw_output(w, 4, 3, 0x4);  /* texcoord0w o3.z */
    dw_output(w, 8, 5, 0x7);  /* view o5.xyz */
    dw_output(w, 1, 7, 0xF);  /* normalquat o7 */
    dw_output(w, 6, 6, 0xC);  /* texcoord2 o6.zw */
    size_t size;
    uint8_t *f = dw_finish(w, &size);
    dw_destroy(w);
    pica_shbin s;
    assert_int_equal(pica_shbin_parse(f, size, ts_logger(), &s), GLHLE_RESULT_OK);
    free(f);
    uint32_t map[7], total, mask;
    pica_shbin_outmap(&s.dvles[0], map, &total, &mask);
    assert_int_equal(mask, 0xEB); /* o0 o1 o3 o5 o6 o7 */
    assert_int_equal(total, 6);
    /* semantics from the seed's GPUREG_SH_OUTMAP_Oi table, one byte per
     * component (x lowest), 0x1F unused; attributes in register order */
    assert_int_equal(map[0], 0x03020100); /* position x y z w */
    assert_int_equal(map[1], 0x0B0A0908); /* color r g b a */
    assert_int_equal(map[2], 0x1F100D0C); /* texcoord0 u v, texcoord0.w, unused */
    assert_int_equal(map[3], 0x1F141312); /* view x y z */
    assert_int_equal(map[4], 0x17161F1F); /* texcoord2 u v in z w */
    assert_int_equal(map[5], 0x07060504); /* normquat */
    assert_int_equal(map[6], 0x1F1F1F1F);
    pica_shbin_free(&s);
}

/* ---- bad files ---- */

static void le32(uint8_t *p, uint32_t v)
{
    memcpy(p, &v, 4); /* the test machines are little-endian, as is the format */
}

static uint32_t rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static void expect_bad(const uint8_t *f, size_t size, glhle_result want, const char *log_needle)
{
    pica_shbin s;
    ts_log_clear();
    glhle_result r = pica_shbin_parse(f, size, ts_logger(), &s);
    if (r != want || (log_needle && !ts_log_contains(log_needle))) {
        print_error("want %s with \"%s\", got %s\n", glhle_result_string(want), log_needle ? log_needle : "",
                    glhle_result_string(r));
        fail();
    }
    assert_null(s.dvles);
    assert_int_equal(s.dvle_count, 0);
    pica_shbin_free(&s);
}

static void bad_headers(void **state)
{
    (void)state;
    size_t size;
    uint8_t *good = three_dvles(&size);
    uint8_t *f = malloc(size);
    assert_non_null(f);
    size_t dvlp = 8 + 3 * 4, dvle0 = rd32(good + 8);

#define RESET() memcpy(f, good, size)
    RESET();
    f[0] = 'X';
    expect_bad(f, size, GLHLE_RESULT_BAD_DATA, "byte 0x0");
    RESET();
    le32(f + 4, 0);
    expect_bad(f, size, GLHLE_RESULT_BAD_DATA, "byte 0x4");
    RESET();
    le32(f + 4, 0x40000000u); /* DVLE count whose table would wrap a 32-bit size */
    expect_bad(f, size, GLHLE_RESULT_TRUNCATED, "DVLE offset table");
    RESET();
    f[dvlp + 3] = '?';
    expect_bad(f, size, GLHLE_RESULT_BAD_DATA, "DVLP at byte 0x14");
    RESET();
    le32(f + dvlp + 0xC, 4097); /* program words */
    expect_bad(f, size, GLHLE_RESULT_BAD_DATA, "byte 0x20");
    RESET();
    le32(f + dvlp + 0xC, 4096); /* fits code memory but not the file */
    expect_bad(f, size, GLHLE_RESULT_TRUNCATED, "program (4096 words");
    RESET();
    le32(f + dvlp + 8, 0xFFFFFFF0u); /* program offset far outside */
    expect_bad(f, size, GLHLE_RESULT_TRUNCATED, "byte 0x1C");
    RESET();
    le32(f + dvlp + 0x14, 129); /* descriptors */
    expect_bad(f, size, GLHLE_RESULT_BAD_DATA, "descriptor count 129");
    RESET();
    le32(f + dvlp + 0x10, (uint32_t)size); /* descriptor table at the end of the file */
    expect_bad(f, size, GLHLE_RESULT_TRUNCATED, "operand descriptors");
    RESET();
    le32(f + dvlp + 0x24, 100); /* a filename table that is not there */
    le32(f + dvlp + 0x20, (uint32_t)size);
    expect_bad(f, size, GLHLE_RESULT_TRUNCATED, "filename symbol table");
    RESET();
    le32(f + 8, (uint32_t)size - 8); /* DVLE 0 header cut off */
    expect_bad(f, size, GLHLE_RESULT_TRUNCATED, "DVLE 0 header");
    RESET();
    f[dvle0] = 'Z';
    expect_bad(f, size, GLHLE_RESULT_BAD_DATA, "DVLE 0 at byte");
    RESET();
    le32(f + dvle0 + 8, 6); /* entry point past the 6-word program */
    expect_bad(f, size, GLHLE_RESULT_OUT_OF_BOUNDS, "entry point 6");
    RESET();
    le32(f + dvle0 + 0xC, 7);
    expect_bad(f, size, GLHLE_RESULT_OUT_OF_BOUNDS, "end offset 7");
    RESET();
    f[dvle0 + 6] = 2;
    expect_bad(f, size, GLHLE_RESULT_BAD_DATA, "shader type 2");
    RESET();
    le32(f + dvle0 + 0x1C, 0x10000000u); /* constant count */
    expect_bad(f, size, GLHLE_RESULT_TRUNCATED, "constant table");
    RESET();
    le32(f + dvle0 + 0x18, 0xFFFFFFFFu); /* constant offset */
    expect_bad(f, size, GLHLE_RESULT_TRUNCATED, "constant table");
    RESET();
    le32(f + dvle0 + 0x2C, 1000); /* output count */
    expect_bad(f, size, GLHLE_RESULT_TRUNCATED, "output table");
    RESET();
    le32(f + dvle0 + 0x34, 1000); /* uniform count */
    expect_bad(f, size, GLHLE_RESULT_TRUNCATED, "uniform table");
    RESET();
    le32(f + dvle0 + 0x24, 1000); /* label count */
    expect_bad(f, size, GLHLE_RESULT_TRUNCATED, "label table");
    RESET();
    le32(f + dvle0 + 0x3C, 100000); /* symbol table size */
    expect_bad(f, size, GLHLE_RESULT_TRUNCATED, "symbol table");
    {
        /* a constant naming c96 */
        RESET();
        size_t c0 = dvle0 + rd32(f + dvle0 + 0x18);
        f[c0 + 2] = 96;
        expect_bad(f, size, GLHLE_RESULT_OUT_OF_BOUNDS, "register 96");
        RESET();
        f[c0] = 3; /* constant type */
        expect_bad(f, size, GLHLE_RESULT_BAD_DATA, "unknown type 3");
        /* an output naming o16 */
        RESET();
        size_t o0 = dvle0 + rd32(f + dvle0 + 0x28);
        f[o0 + 2] = 16;
        expect_bad(f, size, GLHLE_RESULT_BAD_DATA, "o16");
        /* a uniform whose name runs off its table, and one past it */
        RESET();
        size_t u0 = dvle0 + rd32(f + dvle0 + 0x30);
        le32(f + u0, rd32(f + dvle0 + 0x3C));
        expect_bad(f, size, GLHLE_RESULT_BAD_DATA, "outside the");
        RESET();
        size_t sym = dvle0 + rd32(f + dvle0 + 0x38);
        le32(f + dvle0 + 0x3C, 3); /* the table ends inside "inpos" */
        le32(f + dvle0 + 0x24, 0); /* (labels are checked first; drop them) */
        (void)sym;
        expect_bad(f, size, GLHLE_RESULT_BAD_DATA, "not terminated");
        RESET();
        f[u0 + 6] = 0x88; /* last register past b15 */
        expect_bad(f, size, GLHLE_RESULT_BAD_DATA, "uniform 0 of DVLE 0");
    }
    expect_bad(good, 7, GLHLE_RESULT_TRUNCATED, "too short");
    expect_bad(NULL, 0, GLHLE_RESULT_TRUNCATED, "too short");
#undef RESET
    free(f);
    free(good);
}

/* Every prefix of a valid file is rejected cleanly; the whole file parses. */
static void every_truncation(void **state)
{
    (void)state;
    size_t size;
    uint8_t *good = three_dvles(&size);
    const glhle_logger quiet = {ts_log_fn, NULL, GLHLE_LOG_ERROR};
    /* the file ends with the last DVLE's symbol table and alignment padding */
    size_t last = rd32(good + 8 + 2 * 4);
    size_t used = last + rd32(good + last + 0x38) + rd32(good + last + 0x3C);
    assert_true(used <= size && used + 4 > size);
    for (size_t n = 0; n < used; n++) {
        uint8_t *f = malloc(n ? n : 1);
        memcpy(f, good, n);
        pica_shbin s;
        glhle_result r = pica_shbin_parse(f, n, &quiet, &s);
        if (r == GLHLE_RESULT_OK) {
            print_error("prefix of %zu/%zu bytes parsed\n", n, size);
            fail();
        }
        pica_shbin_free(&s);
        free(f);
    }
    free(good);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(several_dvles_over_one_dvlp),
        cmocka_unit_test(load_setup_applies_constants),
        cmocka_unit_test(output_map),
        cmocka_unit_test(bad_headers),
        cmocka_unit_test(every_truncation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
