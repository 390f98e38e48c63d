/* The Maxwell shader decoder (backend/maxwell/shader/): decoded
 * instructions per second for the instruction decoder alone, whole-program
 * decode (instructions + control-flow graph) per shader, and the
 * disassembler, over the corpus shaders (../shared/testdata/maxwell) or,
 * without them, a synthetic 3,000-instruction program with a branch every
 * 8 instructions.
 *   bench_sass [--quick] [--reps N]
 * Host instructions per decoded instruction (stable, unlike time):
 *   valgrind --tool=callgrind --toggle-collect=mw_sass_decode_inst bench_sass --reps 1
 * and divide the Ir by the "decoded" count printed for one pass (the
 * warm-up pass runs too: twice that). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/shader/sass_cfg.h"
#include "backend/maxwell/shader/sass_disasm.h"
#include "support/bench_support.h"
#include "support/maxwell_corpus.h"
#include "support/test_support.h"

typedef struct shader {
    uint64_t *w;
    size_t n;
} shader;

static shader shaders[MC_MAX_SHADERS];
static unsigned nshaders;
static uint64_t decoded;

static void decode_insts(void *arg)
{
    (void)arg;
    mw_sass_inst in;
    uint64_t n = 0;
    for (unsigned s = 0; s < nshaders; s++)
        for (size_t i = 0; i < shaders[s].n; i++) {
            if (i % 4 == 0)
                continue; /* control word */
            mw_sass_decode_inst(shaders[s].w[i], (uint32_t)i * 8, 0, &in);
            n++;
        }
    bench_consume(&in, sizeof in);
    decoded = n;
}

static void decode_programs(void *arg)
{
    (void)arg;
    for (unsigned s = 0; s < nshaders; s++) {
        mw_sass_program p;
        if (mw_sass_decode(shaders[s].w, shaders[s].n, NULL, &p) != GLHLE_RESULT_OK) {
            fprintf(stderr, "bench_sass: shader %u: %s\n", s, p.error);
            exit(1);
        }
        bench_consume(&p.cfg->block_count, sizeof p.cfg->block_count);
        mw_sass_program_free(&p);
    }
}

static void disassemble(void *arg)
{
    glhle_bytebuf *out = arg;
    for (unsigned s = 0; s < nshaders; s++) {
        mw_sass_program p;
        mw_sass_decode(shaders[s].w, shaders[s].n, NULL, &p);
        glhle_bytebuf_clear(out);
        mw_sass_disasm_program(out, &p);
        mw_sass_program_free(&p);
    }
}

#define F(v, pos) ((uint64_t)(v) << (pos))

static void synthetic(void)
{
    static const uint64_t alu[8] = {
        F(0x5c58, 48) | F(7, 16) | F(1, 0) | F(2, 8) | F(3, 20),                 /* FADD R1, R2, R3 */
        F(0x5980, 48) | F(7, 16) | F(1, 0) | F(2, 8) | F(3, 20) | F(4, 39),      /* FFMA */
        F(0x4c68, 48) | F(7, 16) | F(1, 0) | F(2, 8) | F(4, 20) | F(3, 34),      /* FMUL c[3][0x10] */
        F(0x3810, 48) | F(7, 16) | F(1, 0) | F(1, 8) | F(1, 20),                 /* IADD imm */
        F(0x5b00, 48) | F(7, 16) | F(1, 0) | F(2, 8) | F(3, 20) | F(4, 39),      /* XMAD */
        F(0xe000, 48) | F(2, 54) | F(7, 16) | F(3, 0) | F(0xff, 8) | F(0x94, 28), /* IPA */
        F(0xd800, 48) | F(3, 53) | F(7, 16) | F(2, 0) | F(3, 28) | F(0x1a4, 36),  /* TEXS */
        F(0x5b60, 48) | F(7, 16) | F(0, 3) | F(7, 0) | F(3, 8) | F(4, 20) | F(7, 39), /* ISETP */
    };
    size_t ninst = 3000, n = ninst / 3 * 4;
    uint64_t *w = calloc(n, 8);
    for (size_t i = 0; i < ninst; i++) {
        size_t at = i / 3 * 4 + 1 + i % 3;
        uint32_t off = (uint32_t)(i / 3 * 32 + i % 3 * 8 + 8);
        if (i == ninst - 1)
            w[at] = F(0xe300, 48) | F(7, 16) | F(0xf, 0);
        else if (i % 8 == 7) /* @P0 BRA to the next group's first instruction */
            w[at] = F(0xe240, 48) | F(0, 16) | F(0xf, 0) |
                    F((uint32_t)(((off & ~31u) + 40) - (off + 8)) & 0xffffff, 20);
        else
            w[at] = alu[i % 8];
    }
    shaders[0] = (shader){w, n};
    nshaders = 1;
}

int main(int argc, char **argv)
{
    bool quick = bench_quick(argc, argv);
    int reps = quick ? 1 : 20;
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--reps=", 7) == 0)
            reps = atoi(argv[i] + 7);
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            reps = atoi(argv[++i]);
    mc_corpus c;
    const char *source = "corpus";
    if (ts_testdata_path("maxwell/shaders") && mc_open(&c)) {
        for (unsigned s = 0; s < c.count; s++) {
            shaders[s].w = mc_load_code(&c, c.names[s], &shaders[s].n);
            shaders[s].n &= ~(size_t)3;
        }
        nshaders = c.count;
    } else {
        source = "synthetic";
        synthetic();
    }
    decode_insts(NULL); /* warm up, count */
    uint64_t t_inst = bench_best_ns(reps, decode_insts, NULL);
    uint64_t t_prog = bench_best_ns(reps, decode_programs, NULL);
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    uint64_t t_dis = bench_best_ns(reps, disassemble, &out);
    glhle_bytebuf_free(&out);
    printf("bench_sass: %s, %u shaders, %llu decoded instructions per pass, best of %d\n", source, nshaders,
           (unsigned long long)decoded, reps);
    printf("  instruction decode: %.1f M instructions/s (%.1f ns each)\n", decoded * 1e3 / (double)t_inst,
           (double)t_inst / (double)decoded);
    printf("  program decode + CFG: %.1f M instructions/s, %.2f us per shader\n", decoded * 1e3 / (double)t_prog,
           (double)t_prog / 1e3 / nshaders);
    printf("  decode + CFG + disassembly: %.1f M instructions/s\n", decoded * 1e3 / (double)t_dis);
    for (unsigned s = 0; s < nshaders; s++)
        free(shaders[s].w);
    return 0;
}
