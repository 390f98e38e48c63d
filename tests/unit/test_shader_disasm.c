/* backend/pica/shader/shader_disasm.c: instruction words encoded by the test DVLB
 * writer (from 3dbrew's format tables) disassemble to the intended
 * instruction: mnemonic, registers, masks, swizzles, negation, relative
 * addressing, conditions and targets; the SHBIN listing shows each DVLE's
 * entry points, uniforms, constants and outputs. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/shader/shader_disasm.h"
#include "support/pica_dvlb_writer.h"

typedef struct expect {
    uint32_t word;
    const char *text;
} expect;

static void every_instruction_form(void **state)
{
    (void)state;
    pica_dvlb_writer *w = dw_create();
    const expect cases[] = {
        {dw_op1(w, DW_ADD, DW_O(0, "xyzw"), DW_C(3, "xyzw"), DW_V(1, "xyzw")), "add o0.xyzw, c3.xyzw, v1.xyzw"},
        {dw_op1(w, DW_DP3, DW_RD(2, "x"), DW_R(1, "xyz"), dw_neg(DW_V(4, "zyx"))), "dp3 r2.x, r1.xyzz, -v4.zyxx"},
        {dw_op1(w, DW_DP4, DW_O(0, "y"), dw_rel(DW_C(8, "xyzw"), DW_IDX_A0X), DW_R(0, "xyzw")),
         "dp4 o0.y, c8[a0.x].xyzw, r0.xyzw"},
        {dw_op1(w, DW_DPH, DW_O(1, "zw"), DW_V(2, "xyzw"), DW_R(15, "wwww")), "dph o1.zw, v2.xyzw, r15.wwww"},
        {dw_op1(w, DW_DST, DW_RD(3, "xyzw"), DW_R(3, "xyzw"), DW_R(4, "xyzw")), "dst r3.xyzw, r3.xyzw, r4.xyzw"},
        {dw_op1u(w, DW_EX2, DW_RD(5, "xyzw"), DW_R(5, "x")), "ex2 r5.xyzw, r5.xxxx"},
        {dw_op1u(w, DW_LG2, DW_RD(5, "y"), dw_neg(DW_C(95, "w"))), "lg2 r5.y, -c95.wwww"},
        {dw_op1u(w, DW_LITP, DW_RD(6, "xyzw"), DW_R(6, "xyzw")), "litp r6.xyzw, r6.xyzw"},
        {dw_op1(w, DW_MUL, DW_O(15, "xyzw"), DW_C(0, "wzyx"), DW_V(15, "yxwz")), "mul o15.xyzw, c0.wzyx, v15.yxwz"},
        {dw_op1(w, DW_SGE, DW_RD(0, "x"), DW_V(0, "xyzw"), DW_R(1, "xyzw")), "sge r0.x, v0.xyzw, r1.xyzw"},
        {dw_op1(w, DW_SLT, DW_RD(0, "x"), DW_V(0, "xyzw"), DW_R(1, "xyzw")), "slt r0.x, v0.xyzw, r1.xyzw"},
        {dw_op1u(w, DW_FLR, DW_RD(7, "xz"), DW_V(3, "xyzw")), "flr r7.xz, v3.xyzw"},
        {dw_op1(w, DW_MAX, DW_RD(8, "xyzw"), DW_C(1, "xyzw"), DW_R(8, "xyzw")), "max r8.xyzw, c1.xyzw, r8.xyzw"},
        {dw_op1(w, DW_MIN, DW_RD(8, "xyzw"), DW_C(1, "xyzw"), DW_R(8, "xyzw")), "min r8.xyzw, c1.xyzw, r8.xyzw"},
        {dw_op1u(w, DW_RCP, DW_RD(9, "w"), DW_R(9, "z")), "rcp r9.w, r9.zzzz"},
        {dw_op1u(w, DW_RSQ, DW_RD(9, "w"), dw_rel(DW_C(10, "x"), DW_IDX_AL)), "rsq r9.w, c10[aL].xxxx"},
        {dw_mova(w, "xy", DW_V(0, "xyzw")), "mova a0.xy, v0.xyzw"},
        {dw_mova(w, "y", DW_C(4, "yyyy")), "mova a0.y, c4.yyyy"},
        {dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), dw_rel(DW_C(20, "xyzw"), DW_IDX_A0Y)), "mov o2.xyzw, c20[a0.y].xyzw"},
        {dw_op1(w, DW_DPHI, DW_RD(1, "x"), DW_V(0, "xyzw"), DW_C(5, "xyzw")), "dphi r1.x, v0.xyzw, c5.xyzw"},
        {dw_op1(w, DW_DST, DW_RD(1, "xyzw"), DW_V(0, "xyzw"), DW_C(5, "xyzw")), "dsti r1.xyzw, v0.xyzw, c5.xyzw"},
        {dw_op1(w, DW_SGE, DW_RD(1, "xyzw"), DW_R(0, "xyzw"), dw_rel(DW_C(5, "xyzw"), DW_IDX_A0X)),
         "sgei r1.xyzw, r0.xyzw, c5[a0.x].xyzw"},
        {dw_op1(w, DW_SLT, DW_RD(1, "xyzw"), DW_R(0, "xyzw"), dw_neg(DW_C(5, "xyzw"))), "slti r1.xyzw, r0.xyzw, -c5.xyzw"},
        {dw_op0(DW_BREAK), "break"},
        {dw_op0(DW_NOP), "nop"},
        {dw_op0(DW_END), "end"},
        {dw_flow2(DW_BREAKC, DW_JUST_X, 0, 1, 0, 0), "breakc !cmp.x"},
        {dw_flow2(DW_CALL, 0, 0, 0, 0x123, 7), "call 0x123, 7"},
        {dw_flow2(DW_CALLC, DW_AND, 1, 0, 0x40, 3), "callc cmp.x && !cmp.y, 0x040, 3"},
        {dw_flow3(DW_CALLU, 15, 0x41, 2), "callu b15, 0x041, 2"},
        {dw_flow3(DW_IFU, 2, 0x012, 4), "ifu b2, 0x012, 4"},
        {dw_flow2(DW_IFC, DW_OR, 1, 1, 0x013, 0), "ifc cmp.x || cmp.y, 0x013, 0"},
        {dw_flow2(DW_IFC, DW_JUST_Y, 0, 0, 0xFFF, 255), "ifc !cmp.y, 0xFFF, 255"},
        {dw_flow3(DW_LOOP, 3, 0x015, 0), "loop i3, 0x015"},
        {dw_op0(DW_EMIT), "emit"},
        {dw_setemit(0, 0, 0), "setemit 0"},
        {dw_setemit(2, 1, 1), "setemit 2, prim inv"},
        {dw_setemit(1, 1, 0), "setemit 1, prim"},
        {dw_flow2(DW_JMPC, DW_JUST_Y, 1, 1, 0x020, 0), "jmpc cmp.y, 0x020"},
        {dw_flow3(DW_JMPU, 7, 0x021, 0), "jmpu b7, 0x021"},
        {dw_flow3(DW_JMPU, 7, 0x021, 1), "jmpu !b7, 0x021"},
        {dw_cmp(w, DW_R(0, "xyzw"), DW_EQ, DW_NE, DW_V(1, "xyzw")), "cmp r0.xyzw, eq, ne, v1.xyzw"},
        {dw_cmp(w, DW_C(2, "xxxx"), DW_LT, DW_LE, DW_R(3, "yyyy")), "cmp c2.xxxx, lt, le, r3.yyyy"},
        {dw_cmp(w, dw_rel(DW_C(2, "xyzw"), DW_IDX_AL), DW_GT, DW_GE, DW_R(3, "xyzw")),
         "cmp c2[aL].xyzw, gt, ge, r3.xyzw"},
        {dw_mad(w, DW_O(1, "xyzw"), DW_V(0, "xyzw"), DW_C(7, "xyzw"), DW_R(2, "xyzw")),
         "mad o1.xyzw, v0.xyzw, c7.xyzw, r2.xyzw"},
        {dw_mad(w, DW_RD(3, "xy"), dw_neg(DW_R(1, "x")), dw_rel(DW_C(7, "y"), DW_IDX_A0Y), DW_V(2, "z")),
         "mad r3.xy, -r1.xxxx, c7[a0.y].yyyy, v2.zzzz"},
        {dw_mad(w, DW_O(4, "w"), DW_V(0, "xyzw"), DW_R(7, "xyzw"), dw_neg(DW_C(9, "wzyx"))),
         "madi o4.w, v0.xyzw, r7.xyzw, -c9.wzyx"},
        {dw_mad(w, DW_O(4, "w"), DW_V(0, "xyzw"), DW_R(7, "xyzw"), dw_rel(DW_C(9, "xyzw"), DW_IDX_A0X)),
         "madi o4.w, v0.xyzw, r7.xyzw, c9[a0.x].xyzw"},
        {0x10u << 26 | 0x55, ".word 0x40000055 ; unknown opcode 0x10"},
        {0x1Du << 26, ".word 0x74000000 ; unknown opcode 0x1D"},
        /* CMP's low opcode bit belongs to cmpx: 0x2F is cmp too */
        {dw_cmp(w, DW_R(0, "xyzw"), DW_GE, DW_EQ, DW_R(1, "xyzw")), "cmp r0.xyzw, ge, eq, r1.xyzw"},
        {dw_cmp(w, DW_R(0, "xyzw"), 6, 7, DW_R(1, "xyzw")), "cmp r0.xyzw, true6, true7, r1.xyzw"},
    };
    size_t n = sizeof cases / sizeof cases[0];
    assert_int_equal(cases[n - 2].word >> 26, 0x2F);
    uint32_t code[64], desc[128];
    size_t size;
    for (size_t i = 0; i < n; i++)
        code[i] = dw_emit(w, cases[i].word) == i ? cases[i].word : 0;
    dw_dvle(w, 0, 0, (uint32_t)n);
    uint8_t *file = dw_finish(w, &size);
    dw_destroy(w);
    pica_shbin s;
    assert_int_equal(pica_shbin_parse(file, size, ts_logger(), &s), GLHLE_RESULT_OK);
    free(file);
    memcpy(desc, s.opdesc, s.opdesc_count * 4);
    for (size_t i = 0; i < n; i++) {
        char line[PICA_DISASM_MAX];
        size_t len = pica_disasm_insn(code[i], desc, s.opdesc_count, line);
        assert_int_equal(len, strlen(line));
        if (strcmp(line, cases[i].text) != 0) {
            print_error("word %zu (0x%08X): got \"%s\", want \"%s\"\n", i, cases[i].word, line, cases[i].text);
            fail();
        }
    }
    /* the listing numbers each word */
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    assert_true(pica_disasm_program(&out, code, 3, desc, s.opdesc_count));
    assert_string_equal(glhle_bytebuf_cstr(&out), "0x000: add o0.xyzw, c3.xyzw, v1.xyzw\n"
                                                  "0x001: dp3 r2.x, r1.xyzz, -v4.zyxx\n"
                                                  "0x002: dp4 o0.y, c8[a0.x].xyzw, r0.xyzw\n");
    glhle_bytebuf_free(&out);
    pica_shbin_free(&s);
}

static void missing_descriptor_and_empty_mask(void **state)
{
    (void)state;
    const uint32_t desc[1] = {0x0u | 0x1Bu << 5}; /* empty mask */
    char line[PICA_DISASM_MAX];
    /* mov r0, v1 with descriptor 0 (empty mask) */
    pica_disasm_insn(0x13u << 26 | 0x10u << 21 | 1u << 12, desc, 1, line);
    assert_string_equal(line, "mov r0.none, v1.xyzw");
    /* descriptor 5 is not in a 1-entry table: read as 0 and noted */
    pica_disasm_insn(0x13u << 26 | 0x10u << 21 | 1u << 12 | 5, desc, 1, line);
    assert_string_equal(line, "mov r0.none, v1.xxxx ; opdesc 5 missing");
    /* the longest line fits */
    uint32_t wide[32];
    memset(wide, 0xFF, sizeof wide);
    size_t len = pica_disasm_insn(0xFFFFFFFFu, wide, 32, line);
    assert_true(len < PICA_DISASM_MAX);
    assert_string_equal(line, "mad r15.xyzw, -r15.wwww, -c95[aL].wwww, -r15.wwww");
}

static void shbin_listing(void **state)
{
    (void)state;
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_V(0, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
    dw_emit(w, dw_setemit(0, 1, 0));
    dw_emit(w, dw_op0(DW_EMIT));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 2);
    dw_label(w, 0, 0, 2, "main");
    dw_const_f(w, 20, 1.0f, -2.0f, 0.5f, 0.0f);
    dw_const_i(w, 0, 3, 0, 1, 0);
    dw_const_b(w, 2, 1);
    dw_uniform(w, "inpos", 0x00, 0x00);
    dw_uniform(w, "projection", 0x10, 0x13);
    dw_uniform(w, "loop", 0x70, 0x70);
    dw_uniform(w, "flags", 0x78, 0x79);
    dw_output(w, 0, 0, 0xF);
    dw_output(w, 3, 1, 0x3);
    dw_dvle(w, 1, 2, 5);
    dw_gsh(w, 2, 48, 0, 4, 1);
    dw_output(w, 2, 0, 0xF);
    size_t size;
    uint8_t *file = dw_finish(w, &size);
    dw_destroy(w);
    pica_shbin s;
    assert_int_equal(pica_shbin_parse(file, size, ts_logger(), &s), GLHLE_RESULT_OK);
    free(file);
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    assert_true(pica_disasm_shbin(&out, &s));
    assert_string_equal(glhle_bytebuf_cstr(&out), "; program: 5 words, 1 operand descriptors, 2 DVLE(s)\n"
                                                  "0x000: mov o0.xyzw, v0.xyzw\n"
                                                  "0x001: end\n"
                                                  "0x002: setemit 0, prim\n"
                                                  "0x003: emit\n"
                                                  "0x004: end\n"
                                                  "\n"
                                                  "DVLE 0: vertex shader, main 0x000, end 0x002\n"
                                                  "  label 0x000 main\n"
                                                  "  const c20 = (1, -2, 0.5, 0)\n"
                                                  "  const i0 = (3, 0, 1, 0)\n"
                                                  "  const b2 = true\n"
                                                  "  uniform v0 inpos\n"
                                                  "  uniform c0-c3 projection\n"
                                                  "  uniform i0 loop\n"
                                                  "  uniform b0-b1 flags\n"
                                                  "  out o0.xyzw position\n"
                                                  "  out o1.xy texcoord0\n"
                                                  "\n"
                                                  "DVLE 1: geometry shader, main 0x002, end 0x005\n"
                                                  "  gsh fixed, vertex array at c48, 4 vertices, merged output maps\n"
                                                  "  out o0.xyzw color\n");
    glhle_bytebuf_free(&out);
    pica_shbin_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_instruction_form),
        cmocka_unit_test(missing_descriptor_and_empty_mask),
        cmocka_unit_test(shbin_listing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
