/* Control-flow discovery for decoded Maxwell code.
 *
 * Starting from the entry instruction, follows every way execution can go:
 * fall-through, BRA (relative, or through a constant buffer), BRX/JMX
 * through a constant-buffer jump table (recognised the way yuzu's
 * control_flow.cpp / indirect_branch_table_track.cpp does: an LDC from
 * c[bank][Rx + offset] bounded by an ISETP on Rx), JMP, the reconvergence
 * stack (SSY/SYNC, PBK/BRK, PCNT/CONT, PRET/RET, PEXIT/EXIT,
 * PLONGJMP/LONGJMP), CAL/JCAL (a callee is its own function, entered with an
 * empty stack), EXIT, KIL and predicated forms of all of them.
 *
 * The stack: SSY/PBK/PCNT/PRET/PEXIT/PLONGJMP push (kind, target); SYNC/BRK/
 * CONT/RET/EXIT/LONGJMP pop down to the newest entry of their kind and jump
 * to its target (yuzu Stack::Pop; a PCNT loop re-executes its PCNT, which
 * pushes again). RET with no PRET on the stack returns from the function;
 * EXIT with no PEXIT ends the program. Every block has one entry stack:
 * reaching a block with a different stack is rejected (no compiler emits
 * that; a translator needs it), as is popping a kind that is not there.
 *
 * Blocks are maximal runs of instructions with one entry and one exit.
 * Everything is bounded: blocks by desc->max_blocks, stack depth by
 * MW_SASS_CFG_MAX_STACK, jump-table entries by MW_SASS_CFG_MAX_TABLE,
 * functions by MW_SASS_CFG_MAX_FUNCTIONS. */
#ifndef GLHLE_MAXWELL_SASS_CFG_H
#define GLHLE_MAXWELL_SASS_CFG_H

#include "backend/maxwell/shader/sass_decode.h"

#define MW_SASS_CFG_DEFAULT_MAX_BLOCKS 4096u
#define MW_SASS_CFG_MAX_STACK 16u
#define MW_SASS_CFG_MAX_TABLE 256u
#define MW_SASS_CFG_MAX_FUNCTIONS 64u

typedef enum mw_sass_token {
    MW_SASS_TOKEN_SSY = 0,
    MW_SASS_TOKEN_PBK,
    MW_SASS_TOKEN_PCNT,
    MW_SASS_TOKEN_PRET,
    MW_SASS_TOKEN_PEXIT,
    MW_SASS_TOKEN_PLONGJMP,
} mw_sass_token;

typedef struct mw_sass_stack_entry {
    uint8_t token;   /* mw_sass_token */
    uint32_t target; /* instruction index the pop jumps to */
} mw_sass_stack_entry;

/* How a block ends. */
typedef enum mw_sass_block_end {
    MW_SASS_END_FALLTHROUGH = 0, /* the next block starts here (a branch target) */
    MW_SASS_END_BRANCH,          /* BRA/JMP or a pop (SYNC/BRK/CONT/...), maybe predicated */
    MW_SASS_END_INDIRECT,        /* BRX/JMX: one edge per table entry */
    MW_SASS_END_CALL,            /* CAL/JCAL: edge CALL to the callee, FALLTHROUGH to the return */
    MW_SASS_END_RETURN,          /* RET with no PRET: leaves the function */
    MW_SASS_END_EXIT,            /* EXIT with no PEXIT */
    MW_SASS_END_KILL,            /* KIL */
} mw_sass_block_end;

typedef enum mw_sass_edge_kind {
    MW_SASS_EDGE_FALLTHROUGH = 0, /* to the next instruction (also: condition false) */
    MW_SASS_EDGE_TAKEN,           /* the branch / pop target (condition true) */
    MW_SASS_EDGE_INDIRECT,        /* one jump-table entry */
    MW_SASS_EDGE_CALL,            /* to a callee's entry */
} mw_sass_edge_kind;

typedef struct mw_sass_edge {
    uint32_t from, to; /* block indices */
    uint8_t kind;      /* mw_sass_edge_kind */
} mw_sass_edge;

typedef struct mw_sass_block {
    uint32_t first, last;      /* instruction indices, inclusive */
    uint32_t function;         /* 0 = the entry's */
    uint8_t end;               /* mw_sass_block_end */
    bool conditional;          /* the last instruction's guard or CC test can be false */
    uint8_t stack_depth;       /* entry stack */
    mw_sass_stack_entry stack[MW_SASS_CFG_MAX_STACK];
    uint32_t succ_first, succ_count; /* into cfg->edges: this block's out edges */
} mw_sass_block;

typedef struct mw_sass_cfg {
    mw_sass_block *blocks;      /* sorted by function, then by first instruction */
    uint32_t block_count;
    mw_sass_edge *edges;        /* grouped by `from` */
    uint32_t edge_count;
    uint32_t function_count;
    uint32_t function_entry[MW_SASS_CFG_MAX_FUNCTIONS]; /* block index of each function's entry */
} mw_sass_cfg;

/* Builds the graph of `p` (decoded, p->cfg NULL) from instruction `entry`.
 * On failure p->error says why and the result is an error code; *out is
 * NULL. The graph is freed with mw_sass_cfg_free (mw_sass_program_free does it). */
glhle_result mw_sass_cfg_build(mw_sass_program *p, uint32_t entry, const mw_sass_decode_desc *desc,
                               mw_sass_cfg **out);
void mw_sass_cfg_free(mw_sass_cfg *cfg);

/* The block that holds instruction index `inst`, or -1 (not reachable). */
int32_t mw_sass_cfg_block_of(const mw_sass_cfg *cfg, uint32_t function, uint32_t inst);

#endif
