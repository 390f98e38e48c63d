/* The Maxwell (GM107 / GM20B) opcode table as enums and lookups.
 *
 * What both the backend's decoder (backend/maxwell/shader/sass_decode.h)
 * and the translator (maxwell_spirv.c) need to name an instruction: its
 * opcode, its family and how its operand B is encoded. The rows are
 * maxwell_sass_table.h; the FORM column (which fields hold which operands)
 * is read by the decoder only. */
#ifndef GLHLE_SHADERGEN_MAXWELL_ISA_H
#define GLHLE_SHADERGEN_MAXWELL_ISA_H

#include <stdint.h>

#include "shadergen/maxwell_sass_table.h"

#define MW_SASS_RZ 255u /* register 255 reads as zero, writes are dropped */
#define MW_SASS_PT 7u   /* predicate 7 is always true */

typedef enum mw_sass_op {
    MW_SASS_OP_INVALID = 0,
#define MW_SASS_X(id, name, match, mask, fam, form, bkind) MW_SASS_OP_##id,
    MW_SASS_OPCODES(MW_SASS_X)
#undef MW_SASS_X
    MW_SASS_OP_COUNT
} mw_sass_op;

typedef enum mw_sass_family {
    MW_SASS_FAM_INVALID = 0,
#define MW_SASS_X(fam) MW_SASS_FAM_##fam,
    MW_SASS_FAMILIES(MW_SASS_X)
#undef MW_SASS_X
    MW_SASS_FAM_COUNT
} mw_sass_family;

/* How operand B is encoded (maxwell_sass_table.h, BKIND column). */
typedef enum mw_sass_bkind {
    MW_SASS_BKIND_N = 0,
    MW_SASS_BKIND_R,
    MW_SASS_BKIND_C,
    MW_SASS_BKIND_I,
    MW_SASS_BKIND_F,
    MW_SASS_BKIND_D,
    MW_SASS_BKIND_RC,
    MW_SASS_BKIND_H,
} mw_sass_bkind;

const char *mw_sass_op_name(mw_sass_op op); /* "FADD", "???" for INVALID */
mw_sass_family mw_sass_op_family(mw_sass_op op);
mw_sass_bkind mw_sass_op_bkind(mw_sass_op op);
const char *mw_sass_family_name(mw_sass_family fam);
/* The opcode whose pattern matches bits 48-63 of `word`; INVALID if none. */
mw_sass_op mw_sass_lookup(uint64_t word);

#endif
