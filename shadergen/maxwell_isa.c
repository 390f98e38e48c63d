/* The opcode table's lookups: see maxwell_isa.h. */
#include "shadergen/maxwell_isa.h"

#include <pthread.h>

typedef struct op_info {
    const char *name;
    uint16_t match, mask;
    uint8_t family, bkind;
} op_info;

static const op_info ops[MW_SASS_OP_COUNT] = {
    [MW_SASS_OP_INVALID] = {"???", 0, 0, MW_SASS_FAM_INVALID, MW_SASS_BKIND_N},
#define MW_SASS_X(id, nm, m, k, fam, fo, bk) [MW_SASS_OP_##id] = {nm, m, k, MW_SASS_FAM_##fam, MW_SASS_BKIND_##bk},
    MW_SASS_OPCODES(MW_SASS_X)
#undef MW_SASS_X
};

static const char *const family_names[MW_SASS_FAM_COUNT] = {
    [MW_SASS_FAM_INVALID] = "INVALID",
#define MW_SASS_X(fam) [MW_SASS_FAM_##fam] = #fam,
    MW_SASS_FAMILIES(MW_SASS_X)
#undef MW_SASS_X
};

const char *mw_sass_op_name(mw_sass_op op)
{
    return (unsigned)op < MW_SASS_OP_COUNT ? ops[op].name : "???";
}

mw_sass_family mw_sass_op_family(mw_sass_op op)
{
    return (unsigned)op < MW_SASS_OP_COUNT ? (mw_sass_family)ops[op].family : MW_SASS_FAM_INVALID;
}

mw_sass_bkind mw_sass_op_bkind(mw_sass_op op)
{
    return (unsigned)op < MW_SASS_OP_COUNT ? (mw_sass_bkind)ops[op].bkind : MW_SASS_BKIND_N;
}

const char *mw_sass_family_name(mw_sass_family fam)
{
    return (unsigned)fam < MW_SASS_FAM_COUNT ? family_names[fam] : "INVALID";
}

/* ---- lookup: one entry per value of bits 48-63 ---- */

static uint16_t lookup_table[1u << 16];
static pthread_once_t lookup_once = PTHREAD_ONCE_INIT;

static void build_lookup(void)
{
    /* Fill from the least specific mask to the most specific, so that where
     * two patterns match, the one with more fixed bits wins (the rule the
     * hardware tables in envydis express by their order). */
    for (int bitsfixed = 0; bitsfixed <= 16; bitsfixed++) {
        for (unsigned op = 1; op < MW_SASS_OP_COUNT; op++) {
            const op_info *o = &ops[op];
            if (__builtin_popcount(o->mask) != bitsfixed)
                continue;
            /* enumerate the free bits of the pattern */
            uint32_t free_bits = (uint32_t)(~o->mask) & 0xffffu;
            uint32_t sub = 0;
            do {
                lookup_table[(o->match & o->mask) | sub] = (uint16_t)op;
                sub = (sub - free_bits) & free_bits;
            } while (sub != 0);
        }
    }
}

mw_sass_op mw_sass_lookup(uint64_t word)
{
    pthread_once(&lookup_once, build_lookup);
    return (mw_sass_op)lookup_table[word >> 48];
}
