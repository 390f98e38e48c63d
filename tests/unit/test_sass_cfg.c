/* backend/maxwell/shader/sass_cfg.c: graphs of corpus shaders checked
 * against the structure read off their envydis listings by hand (loop
 * heads, break targets, the `C` marks envydis puts on every branch and
 * push target), and hand-assembled programs for the forms the corpus
 * lacks (BRX jump tables, CAL/RET) and for every rejection. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/shader/sass_cfg.h"
#include "support/maxwell_corpus.h"

/* ---- corpus ---- */

static bool decode_corpus(const mc_corpus *c, const char *name, mw_sass_program *p)
{
    size_t n;
    uint64_t *code = mc_load_code(c, name, &n);
    mw_sass_decode_desc desc = {.log = ts_logger()};
    glhle_result r = mw_sass_decode(code, n, &desc, p);
    free(code);
    if (r != GLHLE_RESULT_OK)
        print_message("%s: %s\n", name, p->error);
    return r == GLHLE_RESULT_OK;
}

static const mw_sass_block *block_at(const mw_sass_program *p, uint32_t offset)
{
    int32_t i = mw_sass_inst_index(offset, p->count);
    assert_true(i >= 0);
    int32_t b = mw_sass_cfg_block_of(p->cfg, 0, (uint32_t)i);
    assert_true(b >= 0);
    assert_int_equal(p->cfg->blocks[b].first, (uint32_t)i); /* a block starts there */
    return &p->cfg->blocks[b];
}

/* The edge of `kind` out of the block starting at `from` leads to the block starting at `to`. */
static void assert_edge(const mw_sass_program *p, uint32_t from, uint8_t kind, uint32_t to)
{
    const mw_sass_block *b = block_at(p, from);
    const mw_sass_block *t = block_at(p, to);
    for (uint32_t e = 0; e < b->succ_count; e++) {
        const mw_sass_edge *ed = &p->cfg->edges[b->succ_first + e];
        if (ed->kind == kind && &p->cfg->blocks[ed->to] == t)
            return;
    }
    fail_msg("no edge of kind %u from block 0x%x to 0x%x", kind, from, to);
}

static void every_corpus_graph(void **state)
{
    (void)state;
    mc_corpus c;
    if (!mc_open(&c))
        skip();
    unsigned graphs = 0, blocks = 0, loops = 0;
    for (unsigned s = 0; s < c.count; s++) {
        mw_sass_program p;
        assert_true(decode_corpus(&c, c.names[s], &p));
        size_t nl;
        mc_line *lines = mc_load_listing(&c, c.names[s], &nl);
        const mw_sass_cfg *g = p.cfg;
        assert_non_null(g);
        bool has_exit = false;
        for (uint32_t b = 0; b < g->block_count; b++) {
            const mw_sass_block *bl = &g->blocks[b];
            has_exit |= bl->end == MW_SASS_END_EXIT;
            for (uint32_t e = 0; e < bl->succ_count; e++) {
                const mw_sass_edge *ed = &g->edges[bl->succ_first + e];
                assert_true(ed->from == b && ed->to < g->block_count);
                loops += ed->kind == MW_SASS_EDGE_TAKEN && g->blocks[ed->to].first <= bl->first;
                if (ed->kind != MW_SASS_EDGE_TAKEN)
                    continue;
                /* envydis marks every branch / push target with C; a target
                 * naming a control word is marked on that word's line */
                uint32_t off = mw_sass_inst_offset(g->blocks[ed->to].first);
                bool marked = false;
                for (size_t i = 0; i < nl; i++)
                    marked |= lines[i].target_mark && (lines[i].offset == off || lines[i].offset == off - 8);
                if (!marked)
                    fail_msg("%s: block at 0x%x is a branch target the listing does not mark", c.names[s], off);
            }
        }
        assert_true(has_exit);
        graphs++;
        blocks += g->block_count;
        free(lines);
        mw_sass_program_free(&p);
    }
    print_message("cfg: %u graphs, %u blocks, %u backward edges\n", graphs, blocks, loops);
    assert_true(loops >= 5);
}

static void loop_with_breaks(void **state)
{
    (void)state;
    mc_corpus c;
    if (!mc_open(&c))
        skip();
    /* loop_branch_fsh.envydis.txt: pbk 0x110 at 0x30; loop head 0x58;
     * `$p0 brk` at 0x68 and 0xf0; `bra 0x58` at 0x108; exit at 0x138 */
    mw_sass_program p;
    assert_true(decode_corpus(&c, "loop_branch_fsh", &p));
    assert_int_equal(p.cfg->block_count, 5);
    assert_edge(&p, 0x08, MW_SASS_EDGE_FALLTHROUGH, 0x58);
    assert_edge(&p, 0x58, MW_SASS_EDGE_TAKEN, 0x110);
    assert_edge(&p, 0x58, MW_SASS_EDGE_FALLTHROUGH, 0x70);
    assert_edge(&p, 0x70, MW_SASS_EDGE_TAKEN, 0x110);
    assert_edge(&p, 0x70, MW_SASS_EDGE_FALLTHROUGH, 0xf8);
    assert_edge(&p, 0xf8, MW_SASS_EDGE_TAKEN, 0x58);
    const mw_sass_block *head = block_at(&p, 0x58);
    assert_int_equal(head->stack_depth, 1);
    assert_int_equal(head->stack[0].token, MW_SASS_TOKEN_PBK);
    assert_int_equal(mw_sass_inst_offset(head->stack[0].target), 0x110);
    assert_true(block_at(&p, 0x58)->conditional);
    const mw_sass_block *tail = block_at(&p, 0x110);
    assert_int_equal(tail->stack_depth, 0);
    assert_int_equal(tail->end, MW_SASS_END_EXIT);
    assert_int_equal(mw_sass_inst_offset(tail->last), 0x138);
    mw_sass_program_free(&p);
}

static void nested_loops_and_ifs(void **state)
{
    (void)state;
    mc_corpus c;
    if (!mc_open(&c))
        skip();
    /* control_flow_fsh.envydis.txt: pbk 0x160 (a control word: 0x168) at 0x50,
     * pcnt 0x60 (the pcnt itself, 0x68) at 0x68, `$p0 brk` at 0x78, `$p0 cont`
     * at 0xb0, pbk 0x130 at 0xc8, inner loop 0xd0 .. `bra 0xd0` at 0x128,
     * `cont` at 0x158; then ssy 0x290 / ssy 0x218 with syncs at 0x1c8,
     * 0x210, 0x218, 0x288 */
    mw_sass_program p;
    assert_true(decode_corpus(&c, "control_flow_fsh", &p));
    assert_edge(&p, 0x68, MW_SASS_EDGE_TAKEN, 0x168);   /* brk out of the outer loop */
    assert_edge(&p, 0x88, MW_SASS_EDGE_TAKEN, 0x68);    /* cont: back to the pcnt */
    assert_edge(&p, 0x150, MW_SASS_EDGE_TAKEN, 0x68);   /* the unconditional cont */
    assert_edge(&p, 0xd0, MW_SASS_EDGE_TAKEN, 0x130);   /* brk out of the inner loop */
    assert_edge(&p, 0x108, MW_SASS_EDGE_TAKEN, 0xd0);   /* inner back edge */
    assert_edge(&p, 0x1a8, MW_SASS_EDGE_TAKEN, 0x218);  /* sync to the inner ssy target */
    assert_edge(&p, 0x1d0, MW_SASS_EDGE_TAKEN, 0x218);
    assert_edge(&p, 0x218, MW_SASS_EDGE_TAKEN, 0x290);  /* sync to the outer one */
    assert_edge(&p, 0x228, MW_SASS_EDGE_TAKEN, 0x290);
    /* inside the inner loop: PBK 0x168, PCNT 0x68, PBK 0x130 */
    const mw_sass_block *inner = block_at(&p, 0xd0);
    assert_int_equal(inner->stack_depth, 3);
    assert_int_equal(inner->stack[0].token, MW_SASS_TOKEN_PBK);
    assert_int_equal(inner->stack[1].token, MW_SASS_TOKEN_PCNT);
    assert_int_equal(mw_sass_inst_offset(inner->stack[1].target), 0x68);
    assert_int_equal(inner->stack[2].token, MW_SASS_TOKEN_PBK);
    assert_int_equal(block_at(&p, 0x290)->stack_depth, 0);
    mw_sass_program_free(&p);
}

static void return_kill_and_switch(void **state)
{
    (void)state;
    mc_corpus c;
    if (!mc_open(&c))
        skip();
    /* ssbo_layout_csh: pret 0x2e0 (-> 0x2e8, the exit) at 0x08, `$p0 ret` at
     * 0xf8; the other path falls through into 0x2e8 */
    mw_sass_program p;
    assert_true(decode_corpus(&c, "ssbo_layout_csh", &p));
    assert_edge(&p, 0x08, MW_SASS_EDGE_TAKEN, 0x2e8);
    assert_true(block_at(&p, 0x08)->conditional);
    assert_int_equal(block_at(&p, 0x2e8)->end, MW_SASS_END_EXIT);
    assert_int_equal(block_at(&p, 0x2e8)->stack_depth, 0);
    mw_sass_program_free(&p);
    /* discard_fsh: `$p0 kil` at 0x98, exit at 0xa8 */
    assert_true(decode_corpus(&c, "discard_fsh", &p));
    const mw_sass_block *k = block_at(&p, 0x08);
    assert_int_equal(k->end, MW_SASS_END_KILL);
    assert_true(k->conditional);
    assert_edge(&p, 0x08, MW_SASS_EDGE_FALLTHROUGH, 0xa8);
    mw_sass_program_free(&p);
    /* switch_fsh: pbk 0x1d8 at 0x68, pcnt at 0x70; `$p0 brk` at 0xb0, 0x130,
     * 0x190 and `brk` at 0x1d0 all leave to 0x1d8; then pbk 0x238 with its
     * `$p0 brk` at 0x228 and `brk` at 0x230 leave to the exit at 0x238 */
    assert_true(decode_corpus(&c, "switch_fsh", &p));
    assert_edge(&p, 0x08, MW_SASS_EDGE_TAKEN, 0x1d8);
    assert_edge(&p, 0xb8, MW_SASS_EDGE_TAKEN, 0x1d8);
    assert_edge(&p, 0x138, MW_SASS_EDGE_TAKEN, 0x1d8);
    assert_edge(&p, 0x198, MW_SASS_EDGE_TAKEN, 0x1d8);
    assert_edge(&p, 0x1d8, MW_SASS_EDGE_TAKEN, 0x238);
    assert_edge(&p, 0x230, MW_SASS_EDGE_TAKEN, 0x238);
    assert_int_equal(block_at(&p, 0x1d8)->stack_depth, 0);
    assert_int_equal(block_at(&p, 0x238)->end, MW_SASS_END_EXIT);
    mw_sass_program_free(&p);
}

/* ---- hand-assembled programs ---- */

#define F(v, pos) ((uint64_t)(v) << (pos))
#define PT_GUARD F(7, 16)
#define CC_T F(0xf, 0)

typedef struct prog {
    uint64_t w[256];
    uint32_t n; /* instructions */
} prog;

/* appends an instruction; returns its offset */
static uint32_t emit(prog *p, uint64_t word)
{
    uint32_t i = p->n++;
    p->w[(i / 3) * 4 + 1 + i % 3] = word;
    return mw_sass_inst_offset(i);
}
static uint32_t next_off(const prog *p)
{
    return mw_sass_inst_offset(p->n);
}
static uint64_t rel(uint32_t from, uint32_t to)
{
    return F((uint32_t)((int32_t)to - (int32_t)(from + 8)) & 0xffffff, 20);
}
static uint64_t i_exit(void) { return F(0xe300, 48) | PT_GUARD | CC_T; }
static uint64_t i_nop(void) { return F(0x50b0, 48) | PT_GUARD | F(0xf, 8); }
static uint64_t i_bra(uint32_t from, uint32_t to) { return F(0xe240, 48) | PT_GUARD | CC_T | rel(from, to); }
static uint64_t i_push(uint16_t op, uint32_t from, uint32_t to) { return F(op, 48) | rel(from, to); }
static uint64_t guarded(uint64_t w, unsigned pred, bool neg)
{
    return (w & ~F(0xf, 16)) | F(pred, 16) | F(neg, 19);
}
static size_t words_of(const prog *p)
{
    return (size_t)((p->n + 2) / 3) * 4;
}

static glhle_result build(prog *p, mw_sass_program *out, const mw_sass_decode_desc *d)
{
    while (p->n % 3)
        emit(p, i_nop());
    mw_sass_decode_desc desc = d ? *d : (mw_sass_decode_desc){0};
    desc.log = ts_logger();
    return mw_sass_decode(p->w, words_of(p), &desc, out);
}

static uint32_t table[4];

static bool read_table(void *user, uint32_t bank, uint32_t offset, uint32_t *value)
{
    (void)user;
    if (bank != 2 || offset < 0x40 || offset >= 0x40 + sizeof table || offset % 4)
        return false;
    *value = table[(offset - 0x40) / 4];
    return true;
}

static void jump_table(void **state)
{
    (void)state;
    prog pg = {0};
    /* ISETP.GT.U32.AND P0, PT, R0, 3, PT ; @P0 EXIT ; SHL R1, R0, 2 ;
     * LDC R2, c[0x2][R1+0x40] ; BRX R2, 0 ; then four EXIT cases */
    emit(&pg, F(0x3660, 48) | PT_GUARD | F(0, 3) | F(7, 0) | F(0, 8) | F(3, 20) | F(7, 39) | F(4, 49));
    emit(&pg, guarded(i_exit(), 0, false));
    emit(&pg, F(0x3848, 48) | PT_GUARD | F(1, 0) | F(0, 8) | F(2, 20));
    emit(&pg, F(0xef90, 48) | F(4, 48) | PT_GUARD | F(2, 0) | F(1, 8) | F(0x40, 20) | F(2, 36));
    uint32_t brx = emit(&pg, F(0xe250, 48) | PT_GUARD | CC_T | F(2, 8));
    uint32_t base = brx + 8;
    uint32_t cases[4];
    for (int k = 0; k < 4; k++)
        cases[k] = emit(&pg, i_exit());
    for (int k = 0; k < 4; k++)
        table[k] = cases[3 - k] - base; /* reversed, so the edges cannot line up by accident */
    mw_sass_program p;
    mw_sass_decode_desc d = {.read_cbuf = read_table};
    assert_int_equal(build(&pg, &p, &d), GLHLE_RESULT_OK);
    const mw_sass_block *b = block_at(&p, 0x18);
    assert_int_equal(b->end, MW_SASS_END_INDIRECT);
    assert_int_equal(b->succ_count, 4);
    for (int k = 0; k < 4; k++)
        assert_edge(&p, 0x18, MW_SASS_EDGE_INDIRECT, cases[k]);
    mw_sass_program_free(&p);
    /* the same program without a way to read the table, or with a table
     * entry outside the code, is rejected */
    ts_log_clear();
    assert_int_equal(build(&pg, &p, NULL), GLHLE_RESULT_BAD_DATA);
    assert_non_null(strstr(p.error, "indirect branch"));
    assert_true(ts_log_contains("+0x"));
    mw_sass_program_free(&p);
    table[2] = 0x100000;
    assert_int_equal(build(&pg, &p, &d), GLHLE_RESULT_OUT_OF_BOUNDS);
    mw_sass_program_free(&p);
    /* no ISETP bound: the table's length is unknown */
    pg.w[1] = i_nop();
    assert_int_equal(build(&pg, &p, &d), GLHLE_RESULT_BAD_DATA);
    assert_non_null(strstr(p.error, "ISETP"));
    mw_sass_program_free(&p);
}

static void calls(void **state)
{
    (void)state;
    prog pg = {0};
    /* CAL f ; CAL f ; EXIT ; f: NOP ; RET */
    uint32_t c1 = emit(&pg, 0);
    uint32_t c2 = emit(&pg, 0);
    uint32_t ex = emit(&pg, i_exit());
    uint32_t f = emit(&pg, i_nop());
    emit(&pg, F(0xe320, 48) | PT_GUARD | CC_T);
    pg.w[1] = F(0xe260, 48) | rel(c1, f);
    pg.w[2] = F(0xe260, 48) | rel(c2, f);
    mw_sass_program p;
    assert_int_equal(build(&pg, &p, NULL), GLHLE_RESULT_OK);
    const mw_sass_cfg *g = p.cfg;
    assert_int_equal(g->function_count, 2);
    const mw_sass_block *callee = &g->blocks[g->function_entry[1]];
    assert_int_equal(callee->function, 1);
    assert_int_equal(mw_sass_inst_offset(callee->first), f);
    assert_int_equal(callee->end, MW_SASS_END_RETURN);
    const mw_sass_block *b0 = block_at(&p, c1);
    assert_int_equal(b0->end, MW_SASS_END_CALL);
    assert_int_equal(b0->succ_count, 2);
    assert_int_equal(g->edges[b0->succ_first].kind, MW_SASS_EDGE_CALL);
    assert_int_equal(g->edges[b0->succ_first].to, g->function_entry[1]);
    assert_edge(&p, c1, MW_SASS_EDGE_FALLTHROUGH, c2);
    assert_edge(&p, c2, MW_SASS_EDGE_FALLTHROUGH, ex);
    mw_sass_program_free(&p);
}

static void rejections(void **state)
{
    (void)state;
    mw_sass_program p;
    prog pg;
    /* SYNC with no SSY */
    memset(&pg, 0, sizeof pg);
    emit(&pg, F(0xf0f8, 48) | PT_GUARD | CC_T);
    assert_int_equal(build(&pg, &p, NULL), GLHLE_RESULT_BAD_DATA);
    assert_non_null(strstr(p.error, "no SSY"));
    mw_sass_program_free(&p);
    /* a branch out of the code */
    memset(&pg, 0, sizeof pg);
    emit(&pg, i_bra(0x08, 0x4000));
    assert_int_equal(build(&pg, &p, NULL), GLHLE_RESULT_OUT_OF_BOUNDS);
    mw_sass_program_free(&p);
    /* a branch to a misaligned offset */
    memset(&pg, 0, sizeof pg);
    emit(&pg, i_bra(0x08, 0x0c));
    assert_int_equal(build(&pg, &p, NULL), GLHLE_RESULT_OUT_OF_BOUNDS);
    mw_sass_program_free(&p);
    /* execution runs off the end */
    memset(&pg, 0, sizeof pg);
    emit(&pg, i_nop());
    assert_int_equal(build(&pg, &p, NULL), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_non_null(strstr(p.error, "past the end"));
    mw_sass_program_free(&p);
    /* an unknown word on the path */
    memset(&pg, 0, sizeof pg);
    emit(&pg, i_nop());
    emit(&pg, 0x0000000012345678ull);
    emit(&pg, i_exit());
    assert_int_equal(build(&pg, &p, NULL), GLHLE_RESULT_BAD_DATA);
    assert_non_null(strstr(p.error, "+0x10"));
    mw_sass_program_free(&p);
    /* ... but not off it: the same word after EXIT is fine */
    memset(&pg, 0, sizeof pg);
    emit(&pg, i_exit());
    emit(&pg, 0x0000000012345678ull);
    assert_int_equal(build(&pg, &p, NULL), GLHLE_RESULT_OK);
    assert_int_equal(p.unknown_count, 1);
    mw_sass_program_free(&p);
    /* two ways into one block with different stacks:
     * SSY L ; @P0 BRA J ; SSY L ; J: SYNC ; L: EXIT */
    memset(&pg, 0, sizeof pg);
    uint32_t a = emit(&pg, 0), b = emit(&pg, 0), c = emit(&pg, 0);
    uint32_t j = emit(&pg, F(0xf0f8, 48) | PT_GUARD | CC_T);
    uint32_t l = emit(&pg, i_exit());
    pg.w[1] = i_push(0xe290, a, l);
    pg.w[2] = guarded(i_bra(b, j), 0, false);
    pg.w[3] = i_push(0xe290, c, l);
    assert_int_equal(build(&pg, &p, NULL), GLHLE_RESULT_BAD_DATA);
    assert_non_null(strstr(p.error, "different reconvergence stack"));
    mw_sass_program_free(&p);
    /* the stack is bounded */
    memset(&pg, 0, sizeof pg);
    for (int k = 0; k < 20; k++)
        emit(&pg, i_push(0xe290, next_off(&pg), 0x08));
    emit(&pg, i_exit());
    assert_int_equal(build(&pg, &p, NULL), GLHLE_RESULT_LIMIT_EXCEEDED);
    mw_sass_program_free(&p);
    /* and so are blocks: a chain of conditional branches */
    memset(&pg, 0, sizeof pg);
    for (int k = 0; k < 40; k++) {
        uint32_t at = next_off(&pg);
        emit(&pg, guarded(i_bra(at, mw_sass_inst_offset(pg.n + 1)), 1, false)); /* to the next instruction */
    }
    emit(&pg, i_exit());
    mw_sass_decode_desc d = {.max_blocks = 8};
    assert_int_equal(build(&pg, &p, &d), GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_non_null(strstr(p.error, "basic blocks"));
    mw_sass_program_free(&p);
    assert_int_equal(build(&pg, &p, NULL), GLHLE_RESULT_OK);
    mw_sass_program_free(&p);
    /* a branch to itself is a one-block loop, not a hang */
    memset(&pg, 0, sizeof pg);
    emit(&pg, i_bra(0x08, 0x08));
    assert_int_equal(build(&pg, &p, NULL), GLHLE_RESULT_OK);
    assert_edge(&p, 0x08, MW_SASS_EDGE_TAKEN, 0x08);
    mw_sass_program_free(&p);
    /* never-executed branches (guard !PT, CC test F) are no branches */
    memset(&pg, 0, sizeof pg);
    emit(&pg, guarded(i_bra(0x08, 0x4000), 7, true));
    emit(&pg, (i_bra(0x10, 0x4000) & ~F(0x1f, 0)));
    emit(&pg, i_exit());
    assert_int_equal(build(&pg, &p, NULL), GLHLE_RESULT_OK);
    assert_int_equal(p.cfg->block_count, 1);
    mw_sass_program_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_corpus_graph), cmocka_unit_test(loop_with_breaks),
        cmocka_unit_test(nested_loops_and_ifs), cmocka_unit_test(return_kill_and_switch),
        cmocka_unit_test(jump_table),         cmocka_unit_test(calls),
        cmocka_unit_test(rejections),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
