/* backend/maxwell/shader/sass_disasm.c: lines for hand-assembled words,
 * written out here in the syntax sass_disasm.h documents, and the program
 * listing of a corpus shader (one line per instruction, block marks). */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/shader/sass_cfg.h"
#include "backend/maxwell/shader/sass_disasm.h"
#include "support/maxwell_corpus.h"

#define F(v, pos) ((uint64_t)(v) << (pos))
#define PT_GUARD F(7, 16)

static void expect_line(uint64_t word, uint32_t offset, const char *want)
{
    mw_sass_inst in;
    mw_sass_decode_inst(word, offset, 0, &in);
    char buf[256];
    size_t n = mw_sass_disasm_inst(&in, buf, sizeof buf);
    assert_int_equal(n, strlen(buf));
    assert_string_equal(buf, want);
}

static void lines(void **state)
{
    (void)state;
    expect_line(F(0x5180, 48) | PT_GUARD | F(1, 0) | F(2, 8) | F(4, 20) | F(3, 34) | F(5, 39), 8,
                "FFMA R1, R2, R5, c[0x3][0x10] ;");
    expect_line(F(0x3858, 48) | F(2, 16) | F(1, 19) | F(3, 0) | F(4, 8) | F(0x40200, 20) | F(1, 56) | F(1, 44) |
                    F(1, 50) | F(1, 48) | F(1, 46),
                8, "@!P2 FADD.FTZ.SAT R3, -|R4|, -2.5 ;");
    expect_line(F(0x5b60, 48) | PT_GUARD | F(1, 3) | F(2, 0) | F(3, 8) | F(4, 20) | F(5, 39) | F(1, 42) | F(4, 49) |
                    F(1, 45),
                8, "ISETP.GT.U32.OR P1, P2, R3, R4, !P5 ;");
    expect_line(F(0xef95, 48) | PT_GUARD | F(2, 0) | F(1, 8) | F(0x100, 20) | F(5, 36), 8,
                "LDC.64 R2, c[0x5][R1+0x100] ;");
    expect_line(F(0xe240, 48) | PT_GUARD | F(0xf, 0) | F((uint32_t)-0xb8 & 0xffffff, 20), 0x108, "BRA 0x58 ;");
    expect_line(F(0xe240, 48) | F(0, 16) | F(0xf, 0) | F(0x10, 20), 0x08, "@P0 BRA 0x20 ;");
    expect_line(F(0xf0c8, 48) | PT_GUARD | F(4, 0) | F(0x21, 20), 8, "S2R R4, SR_TID.X ;");
    expect_line(F(0x5080, 48) | PT_GUARD | F(4, 0) | F(4, 8) | F(5, 20) | F(1, 46), 8, "MUFU.RSQ R4, |R4| ;");
    expect_line(F(0x3810, 48) | PT_GUARD | F(0xff, 8) | F(0x7FFFF, 20) | F(1, 56), 8, "IADD R0, RZ, 0xffffffff ;");
    expect_line(F(0xe300, 48) | PT_GUARD | F(0xf, 0), 8, "EXIT ;");
    expect_line(F(0xe300, 48) | F(7, 16) | F(1, 19) | F(0xf, 0), 8, "@!PT EXIT ;");
    /* TLD.MS: the modifier names are envydis gm107.c's (the dc38 row: ON(35, aoffi), ON(50, ms),
     * ON(28, array)), their order this printer's */
    expect_line(F(0xdc38, 48) | F(1, 50) | PT_GUARD | F(0xf, 31) | F(0x1a4, 36) | F(2, 28) | F(6, 20) | F(4, 8), 8,
                "TLD.LZ.MS R0, R4, R6, 0x1a4, 2D, 0xf ;");
    expect_line(F(0xdc38, 48) | F(1, 50) | PT_GUARD | F(1, 35) | F(5, 31) | F(0x1a5, 36) | F(3, 28) | F(6, 20) |
                    F(8, 8) | F(10, 0),
                8, "TLD.LZ.ARRAY.AOFFI.MS R10, R8, R6, 0x1a5, 2D.ARRAY, 0x5 ;");
    expect_line(0x0000123456789abcull, 8, "??? 0x0000123456789abc");
    /* a short buffer is cut and terminated; the length wanted comes back */
    mw_sass_inst in;
    mw_sass_decode_inst(F(0xe300, 48) | PT_GUARD | F(0xf, 0), 8, 0, &in);
    char small[4];
    assert_int_equal(mw_sass_disasm_inst(&in, small, sizeof small), strlen("EXIT ;"));
    assert_string_equal(small, "EXI");
    assert_string_equal(mw_sass_sreg_name(0x25), "SR_CTAID.X");
    assert_null(mw_sass_sreg_name(0x7f));
}

static void corpus_listing(void **state)
{
    (void)state;
    mc_corpus c;
    if (!mc_open(&c))
        skip();
    size_t n;
    uint64_t *code = mc_load_code(&c, "loop_branch_fsh", &n);
    mw_sass_program p;
    assert_int_equal(mw_sass_decode(code, n, NULL, &p), GLHLE_RESULT_OK);
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    assert_true(mw_sass_disasm_program(&out, &p));
    const char *text = glhle_bytebuf_cstr(&out);
    /* one line per instruction slot plus one per block */
    size_t lines_seen = 0;
    for (const char *q = text; *q; q++)
        lines_seen += *q == '\n';
    assert_int_equal(lines_seen, p.count + p.cfg->block_count);
    /* loop_branch_fsh.envydis.txt: `ipa pass $r0 a[0x7c]`, `$p0 brk`, `bra 0x58`, `exit` */
    assert_non_null(strstr(text, "/*0008*/ IPA.PASS R0, a[0x7c], RZ, RZ, PT ;"));
    assert_non_null(strstr(text, "/*0068*/ @P0 BRK ;"));
    assert_non_null(strstr(text, "/*0108*/ BRA 0x58 ;"));
    assert_non_null(strstr(text, "/*0138*/ EXIT ;"));
    assert_non_null(strstr(text, "PBK 0x110 ;"));
    assert_null(strstr(text, "???"));
    glhle_bytebuf_free(&out);
    mw_sass_program_free(&p);
    free(code);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lines),
        cmocka_unit_test(corpus_listing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
