/* backend/maxwell/frontend/mme_disasm.c: each operation, result operation
 * and branch form prints as the syntax in mme_disasm.h says, for words
 * assembled from envytools' field layout (tests/support/mme_asm.h) and a
 * few raw words envytools names (0x11 nop, 0x91 exit nop). */
#include "support/test_support.h"

#include <string.h>

#include "backend/maxwell/frontend/mme_disasm.h"
#include "support/mme_asm.h"

static void expect_text(uint32_t word, uint32_t pc, const char *want)
{
    char buf[MW_MME_DISASM_MAX];
    size_t n = mw_mme_disasm_insn(word, pc, buf);
    if (strcmp(buf, want) != 0)
        print_message("word 0x%08x: got \"%s\", want \"%s\"\n", word, buf, want);
    assert_string_equal(buf, want);
    assert_int_equal(n, strlen(want));
}

static void operations(void **state)
{
    (void)state;
    expect_text(0x00000011, 0, "nop");
    expect_text(0x00000091, 0, "exit nop");
    expect_text(MA_PARM(6), 0, "r6 = param");
    expect_text(MA_MOVI(2, 1), 0, "r2 = 0x1");
    expect_text(MA_MOVI(2, -3), 0, "r2 = -0x3");
    expect_text(ma_addi(MA_MOVE, 7, 7, -1), 0, "r7 = r7 - 0x1");
    expect_text(ma_addi(MA_MOVE, 7, 7, 0x1ffff), 0, "r7 = r7 + 0x1ffff");
    expect_text(ma_alu(MA_MOVE, 3, MA_ADD, 1, 2), 0, "r3 = r1 + r2");
    expect_text(ma_alu(MA_MOVE, 3, MA_ADC, 1, 2), 0, "r3 = r1 + r2 + carry");
    expect_text(ma_alu(MA_MOVE, 3, MA_SUB, 1, 2), 0, "r3 = r1 - r2");
    expect_text(ma_alu(MA_MOVE, 3, MA_SBB, 0, 0), 0, "r3 = r0 - r0 - borrow");
    expect_text(ma_alu(MA_MOVE, 3, MA_XOR, 1, 2), 0, "r3 = r1 ^ r2");
    expect_text(ma_alu(MA_MOVE, 3, MA_OR, 1, 2), 0, "r3 = r1 | r2");
    expect_text(ma_alu(MA_MOVE, 3, MA_AND, 1, 2), 0, "r3 = r1 & r2");
    expect_text(ma_alu(MA_MOVE, 3, MA_ANDN, 1, 2), 0, "r3 = r1 & ~r2");
    expect_text(ma_alu(MA_MOVE, 3, MA_NAND, 1, 2), 0, "r3 = ~(r1 & r2)");
    /* an add into r0 still sets the carry, so it is shown */
    expect_text(ma_alu(MA_MOVE, 0, MA_ADD, 3, 4), 0, "r0 = r3 + r4");
    expect_text(ma_alu(MA_MOVE, 0, MA_XOR, 3, 4), 0, "nop");
    expect_text(ma_bf(MA_INS, MA_MOVE, 1, 1, 4, 0, 1, 26), 0, "r1 = r1 & ~(0x1 << 26) | (r4 >> 0 & 0x1) << 26");
    expect_text(ma_bf(MA_INS, MA_SEND, 0, 0, 1, 3, 1, 0), 0, "send (r1 >> 3 & 0x1) << 0");
    expect_text(ma_bf(MA_EXTSHL_IMM, MA_MOVE, 5, 2, 3, 0, 8, 4), 0, "r5 = (r3 >> r2 & 0xff) << 4");
    expect_text(ma_bf(MA_EXTSHL_REG, MA_MOVE, 5, 2, 3, 16, 4, 0), 0, "r5 = (r3 >> 16 & 0xf) << r2");
    expect_text(ma_read(MA_MOVE, 6, 0, 0x50d), 0, "r6 = read(0x50d)");
    expect_text(ma_read(MA_MOVE, 2, 2, 0x206), 0, "r2 = read(r2 + 0x206)");
    expect_text(0x00000016, 0, "illegal (operation 6)");
    expect_text(ma_alu(MA_MOVE, 1, 5, 1, 1), 0, "illegal (ALU operation 5)");
}

static void result_operations(void **state)
{
    (void)state;
    expect_text(MA_MADDRI(0x586, 0), 0, "maddr 0x586");
    expect_text(MA_MADDRI(0x287, 8), 0, "maddr 0x287 inc 8");
    expect_text(ma_addi(MA_MADDR, 6, 6, 0x1701), 0, "r6 = r6 + 0x1701; maddr r6");
    expect_text(ma_addi(MA_FETCH, 2, 1, 0x100), 0, "r2 = param");
    expect_text(ma_alu(MA_FETCH, 2, MA_ADD, 1, 1), 0, "carry of r1 + r1; r2 = param");
    expect_text(ma_addi(MA_FETCH_SEND, 4, 4, 0), 0, "send r4; r4 = param");
    expect_text(MA_SENDR(5), 0, "send r5");
    expect_text(MA_SENDI(4), 0, "send 0x4");
    expect_text(ma_addi(MA_SEND, 6, 1, 2), 0, "r6 = r1 + 0x2; send r6");
    expect_text(ma_addi(MA_FETCH_MADDR, 5, 0, 0x50e), 0, "maddr 0x50e; r5 = param");
    expect_text(ma_addi(MA_FETCH_MADDR, 2, 1, 0), 0, "maddr r1; r2 = param");
    expect_text(ma_addi(MA_MADDR_SENDPARM, 0, 0, 0x35d), 0, "maddr 0x35d; send param");
    expect_text(ma_addi(MA_MADDR_SENDHIGH, 0, 0, 0x585), 0, "maddr 0x585; send 0x585 >> 12 & 0x3f");
    expect_text(ma_addi(MA_MADDR_SENDHIGH, 0, 1, 0), 0, "maddr r1; send r1 >> 12 & 0x3f");
    expect_text(ma_addi(MA_MADDR_SENDHIGH, 3, 1, 0), 0, "r3 = r1; maddr r3; send r3 >> 12 & 0x3f");
    expect_text(MA_PARM(0), 0, "r0 = param");
    expect_text(ma_bf(MA_EXTSHL_IMM, MA_MADDR_SENDHIGH, 0, 2, 3, 0, 8, 4), 0,
                "maddr (r3 >> r2 & 0xff) << 4; send ((r3 >> r2 & 0xff) << 4) >> 12 & 0x3f");
}

static void branches(void **state)
{
    (void)state;
    expect_text(ma_branch(1, 0, 7, -6), 0x11, "bnz r7, 0x00b");
    expect_text(ma_branch(0, 0, 5, 5), 0x6, "bz r5, 0x00b");
    expect_text(ma_branch(1, 0, 7, 2) | MA_EXIT, 4, "exit bnz r7, 0x006");
    expect_text(ma_branch(1, 1, 3, 4), 14, "bnz.annul r3, 0x012");
    expect_text(ma_branch(0, 1, 0, 2), 5, "bra.annul 0x007");
    expect_text(ma_branch(0, 0, 0, -1), 2, "bra 0x001");
    expect_text(ma_branch(1, 0, 0, 3), 0, "bnz r0, 0x003");
}

static void program_listing(void **state)
{
    (void)state;
    const uint32_t code[] = {MA_MADDRI(0x80, 1), MA_SENDR(1) | MA_EXIT, 0x00000011};
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    assert_true(mw_mme_disasm_program(&out, code, 3, 0x40));
    assert_string_equal(glhle_bytebuf_cstr(&out), "0x040: 04200021  maddr 0x80 inc 1\n"
                                                  "0x041: 000008c1  exit send r1\n"
                                                  "0x042: 00000011  nop\n");
    glhle_bytebuf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(operations),
        cmocka_unit_test(result_operations),
        cmocka_unit_test(branches),
        cmocka_unit_test(program_listing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
