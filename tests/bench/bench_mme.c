/* The macro interpreter on two driver-style macros (tests/support/
 * mme_programs.h): deko3d's instanced Draw (a 7-instruction loop per
 * instance: method-address changes, sends, a counted branch with an
 * extract-insert in its delay slot) and FillRegisters (a 3-instruction loop
 * per write). Reports MME instructions per second and ns per instruction;
 * the send hook stores into a 0x1000-word array, as a register file would.
 *   bench_mme [--quick] [--program draw|fill] [--count N] [--reps N]
 * For callgrind host instructions per MME instruction:
 *   valgrind --tool=callgrind --toggle-collect=mw_mme_run bench_mme --program P --count N --reps 1
 * and divide the total Ir by the steps printed (the warm-up run counts
 * too, so twice "steps per run"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/frontend/mme.h"
#include "support/bench_support.h"
#include "support/mme_programs.h"

static uint32_t regs[0x1000];

static void store(void *user, uint32_t method, uint32_t value)
{
    (void)user;
    regs[method] = value;
}

static uint32_t load(void *user, uint32_t method)
{
    (void)user;
    return regs[method];
}

typedef struct job {
    mw_mme *mme;
    uint32_t index;
    uint32_t params[8], count;
    uint64_t steps;
} job;

static void run_once(void *arg)
{
    job *j = arg;
    mw_mme_hooks hooks = {NULL, load, store};
    if (mw_mme_run(j->mme, j->index, j->params, j->count, &hooks, 0) != GLHLE_RESULT_OK) {
        fprintf(stderr, "bench_mme: the macro failed\n");
        exit(1);
    }
    j->steps = j->mme->last.steps;
}

int main(int argc, char **argv)
{
    bool quick = bench_quick(argc, argv);
    const char *program = "draw";
    uint32_t count = quick ? 100 : 200000;
    int reps = quick ? 1 : 5;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--program") && i + 1 < argc)
            program = argv[++i];
        else if (!strcmp(argv[i], "--count") && i + 1 < argc)
            count = (uint32_t)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
    }
    mw_mme *mme = malloc(sizeof *mme);
    mw_mme_init(mme, NULL);
    mw_mme_upload(mme, 0, 0, mme_deko_draw, sizeof mme_deko_draw / 4);
    mw_mme_upload(mme, 1, 0x40, mme_fill_registers, sizeof mme_fill_registers / 4);
    job j = {mme, 0, {0}, 0, 0};
    if (!strcmp(program, "fill")) {
        /* method 0x800, increment 1 wraps within the 12-bit address */
        j.index = 1;
        j.params[0] = 0x1800;
        j.params[1] = count;
        j.params[2] = 0xcafe;
        j.count = 3;
    } else {
        /* triangles, 3 vertices, `count` instances, first vertex 0, first instance 1 */
        j.params[0] = 4;
        j.params[1] = 3;
        j.params[2] = count;
        j.params[3] = 0;
        j.params[4] = 1;
        j.count = 5;
    }
    run_once(&j); /* warm-up */
    uint64_t ns = bench_best_ns(reps, run_once, &j);
    double per = (double)ns / (double)j.steps;
    printf("bench_mme: %s, %u: %llu steps per run, best %.3f ms, %.2f ns per MME instruction, %.1f M instructions/s\n",
           program, count, (unsigned long long)j.steps, (double)ns / 1e6, per, 1e3 / per);
    bench_consume(regs, sizeof regs);
    free(mme);
    return 0;
}
