/* The PICA200 register file: uint32_t regs[0x300], the name table, and the
 * side effects of writes -- FIFO data ports with auto-incrementing indices,
 * draw and other triggers, the vertex/geometry shader setups and the
 * shared-register behaviour between the two shader units. */
#ifndef GLHLE_PICA_REGS_H
#define GLHLE_PICA_REGS_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/pica/frontend/pica_state.h"
#include "backend/pica/frontend/regs_table.h"
#include "glhle/pica.h"

/* PICA_REG_FACECULLING_CONFIG = 0x040, ... for every documented register. */
typedef enum pica_reg {
#define PICA_REG_ENUM_(id, name, flags, fields) PICA_REG_##name = id,
    PICA_REGS(PICA_REG_ENUM_)
#undef PICA_REG_ENUM_
} pica_reg;

/* Field layouts (regs_table.h FIELDS column). */
typedef enum pica_fields {
#define PICA_FIELDS_ENUM_(kind) PICA_FIELDS_##kind,
    PICA_FIELD_KINDS(PICA_FIELDS_ENUM_)
#undef PICA_FIELDS_ENUM_
    PICA_FIELDS_COUNT
} pica_fields;

/* Per register: the PICA_DIRTY bit of its group (bit 0 never is one) and
 * PICA_REG_SIDE_EFFECT in bit 0 when the write needs pica_regs_side_effect(). */
#define PICA_REG_SIDE_EFFECT 1u
extern const uint32_t pica_reg_info[PICA_REG_COUNT];
/* Field layout of register id; PICA_FIELDS_COUNT for undocumented ids and
 * ids past 0x2FF. */
pica_fields pica_reg_fields(uint32_t id);

/* 3dbrew's name ("GPUREG_FACECULLING_CONFIG"), NULL for undocumented ids. */
const char *pica_reg_doc_name(uint32_t id);
/* What glhle_pica_reg_name() returns. */
const char *pica_reg_name(uint32_t id);

/* A FIFO port's 4-word assembly queue (float uniforms, fixed attributes). */
typedef struct pica_word_queue {
    uint32_t word[4];
    uint32_t count;
} pica_word_queue;

typedef struct pica_regs {
    uint32_t r[PICA_REG_COUNT];
    uint32_t stale;                 /* PICA_DIRTY bits of groups whose decoded struct is behind r[] */
    pica_state state;
    pica_word_queue uniform_queue[2]; /* 0 vertex shader, 1 geometry shader */
    pica_word_queue attrib_queue;   /* FIXEDATTRIB_DATA0-2 */
    uint32_t code_offset[2];        /* next {VSH,GSH}_CODETRANSFER_DATA word, 0-4096 */
    uint32_t opdesc_offset[2];      /* next {VSH,GSH}_OPDESCS_DATA word, 0-4095 */
    uint32_t immediate_attrib;      /* next immediate-mode attribute */
    float immediate_vertex[16][4];
} pica_regs;

/* Power-on state: every register 0 except GSH_INPUTBUFFER_CONFIG =
 * 0xA0000001 (vertex-shader mode, two inputs: the value Azahar's
 * InitializeRegs sets because Tales of the Abyss relies on it), every
 * group stale and dirty. */
void pica_regs_init(pica_regs *rf);
/* Every group stale and dirty, every LUT dirty, as after pica_regs_init
 * (r[] and the FIFO data are kept): after r[] was replaced wholesale. */
void pica_regs_mark_all_stale(pica_regs *rf);

/* What a write asks the command processor to do next. */
enum {
    PICA_CONTROL_NONE = 0,
    PICA_CONTROL_FINALIZE, /* stop: FINALIZE was written */
    PICA_CONTROL_JUMP0,    /* continue in command buffer channel 0 */
    PICA_CONTROL_JUMP1,
};

struct pica_frontend;

/* The part of a register write past storing the value: called by the
 * command processor for registers whose pica_reg_info has
 * PICA_REG_SIDE_EFFECT, after the masked value is stored in r[id]. param is
 * the parameter word as given (FIFO ports consume it, as Azahar does; the
 * mask only affects the stored register value), old the register's previous
 * value. Returns a PICA_CONTROL_* code. */
uint32_t pica_regs_side_effect(struct pica_frontend *p, uint32_t id, uint32_t param, uint32_t old);

/* The element a write to FIFO data port `id` will fill next (for the WRITE
 * event), or -1 when id is no FIFO data port or the port is full. */
int32_t pica_regs_fifo_element(const pica_regs *rf, uint32_t id);

/* Re-decodes the stale groups into rf->state. */
void pica_regs_refresh(pica_regs *rf);

struct glhle_bytebuf;
/* Appends the fields of register id holding value as text, "key=value"
 * pairs separated by spaces, named after 3dbrew's fields (regs_describe.c;
 * the dump tool's decoder). Nothing for undocumented ids. */
void pica_reg_describe(uint32_t id, uint32_t value, struct glhle_bytebuf *out);

#endif
