/* The Maxwell shader readers (backend/maxwell/shader/): the first byte
 * picks what the rest is:
 *   0-3  raw code (whole 32-byte groups) -> decoder, CFG, disassembler; the
 *        byte's low bits choose a small block cap, the next 4 bytes the entry,
 *        the last 256 bytes double as the constant buffer jump tables read
 *   4    a DKSH module -> parser, then the decoder on its first program
 *   5    an SPH -> parser and its accessors
 * Every input must decode or be rejected with a reason, within bounds, and
 * a successful graph must be well formed. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/shader/dksh.h"
#include "backend/maxwell/shader/sass_cfg.h"
#include "backend/maxwell/shader/sass_disasm.h"
#include "support/fuzz_support.h"

typedef struct cbuf {
    const uint8_t *data;
    size_t size;
} cbuf;

static bool read_cbuf(void *user, uint32_t bank, uint32_t offset, uint32_t *value)
{
    const cbuf *c = user;
    size_t at = (size_t)bank * 64 + offset;
    if (offset % 4 || at + 4 > c->size)
        return false;
    memcpy(value, c->data + at, 4);
    return true;
}

static void check_program(const mw_sass_program *p, glhle_result r, size_t words)
{
    if (p->insts && p->count != words / 4 * 3)
        __builtin_trap();
    if (r != GLHLE_RESULT_OK) {
        if (!p->error[0] || p->cfg)
            __builtin_trap(); /* a rejection says why and leaves no graph */
        return;
    }
    const mw_sass_cfg *g = p->cfg;
    if (!g || !g->block_count || !g->function_count)
        __builtin_trap();
    for (uint32_t b = 0; b < g->block_count; b++) {
        const mw_sass_block *bl = &g->blocks[b];
        if (bl->first > bl->last || bl->last >= p->count || bl->function >= g->function_count ||
            bl->stack_depth > MW_SASS_CFG_MAX_STACK || bl->succ_first + bl->succ_count > g->edge_count)
            __builtin_trap();
        if (b && g->blocks[b - 1].function == bl->function && g->blocks[b - 1].last >= bl->first)
            __builtin_trap(); /* sorted, disjoint */
        for (uint32_t i = bl->first; i <= bl->last; i++)
            if (mw_sass_cfg_block_of(g, bl->function, i) != (int32_t)b || p->insts[i].op == MW_SASS_OP_INVALID)
                __builtin_trap();
        for (uint32_t e = 0; e < bl->succ_count; e++) {
            const mw_sass_edge *ed = &g->edges[bl->succ_first + e];
            if (ed->from != b || ed->to >= g->block_count)
                __builtin_trap();
        }
    }
}

static void run_code(const uint8_t *data, size_t size, uint32_t entry, uint32_t max_blocks, const cbuf *cb)
{
    size_t words = size / 32 * 4;
    if (words > MW_SASS_MAX_CODE_WORDS)
        words = MW_SASS_MAX_CODE_WORDS;
    if (!words)
        return;
    uint64_t *w = malloc(words * 8);
    if (!w)
        return;
    memcpy(w, data, words * 8);
    static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    mw_sass_decode_desc desc = {.entry = entry, .max_blocks = max_blocks, .read_cbuf = read_cbuf, .user = (void *)cb,
                                .log = &lg};
    mw_sass_program p;
    glhle_result r = mw_sass_decode(w, words, &desc, &p);
    check_program(&p, r, words);
    if (p.insts) {
        glhle_bytebuf out;
        glhle_bytebuf_init(&out, 1u << 24);
        mw_sass_disasm_program(&out, &p);
        glhle_bytebuf_free(&out);
    }
    mw_sass_program_free(&p);
    free(w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    if (size < 1)
        return 0;
    uint8_t mode = data[0] % 6;
    data++;
    size--;
    if (mode < 4) {
        if (size < 4)
            return 0;
        uint32_t entry;
        memcpy(&entry, data, 4);
        entry %= 0x400; /* near the code, so it mostly names an instruction */
        cbuf cb = {size > 256 ? data + size - 256 : data, size > 256 ? 256 : size};
        static const uint32_t caps[4] = {0, 3, 16, 100};
        run_code(data + 4, size - 4, entry, caps[mode], &cb);
    } else if (mode == 4) {
        mw_dksh d;
        if (mw_dksh_parse(data, size, &lg, &d) != GLHLE_RESULT_OK)
            return 0;
        if (d.num_programs < 1 || d.num_programs > MW_DKSH_MAX_PROGRAMS)
            __builtin_trap();
        const mw_dksh_program *pr = &d.programs[0];
        if (pr->code < data || pr->code + pr->code_size > data + size ||
            (pr->constbuf1 && pr->constbuf1 + pr->constbuf1_sz > data + size))
            __builtin_trap();
        cbuf cb = {pr->constbuf1, pr->constbuf1 ? pr->constbuf1_sz : 0};
        run_code(pr->code, pr->code_size, 0, 0, &cb);
    } else {
        mw_sph s;
        if (mw_sph_parse(data, size, &lg, &s) != GLHLE_RESULT_OK)
            return 0;
        unsigned acc = 0;
        for (unsigned i = 0; i < 33; i++)
            acc += mw_sph_input_mask(&s, i) + mw_sph_output_mask(&s, i) + mw_sph_ps_input_mode(&s, i, i & 3);
        for (unsigned rt = 0; rt < 9; rt++)
            acc += mw_sph_ps_target_mask(&s, rt);
        if (acc > 33u * 40 + 9 * 15 || !mw_sph_shader_type_name(s.shader_type))
            __builtin_trap();
    }
    return 0;
}
