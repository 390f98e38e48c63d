/* A small SHBIN (DVLB) writer for tests: instruction words are encoded here,
 * straight from 3dbrew GPU/Shader_Instruction_Set's format tables, with no
 * code shared with the library's decoder, so the disassembler and the
 * interpreter are checked against an independent encoding. The file layout
 * follows 3dbrew SHBIN and picasso's writer (DVLE version 0x1002, 20-byte
 * constant entries, 8-byte descriptor entries, uniform registers v 0x00,
 * c 0x10, i 0x70, b 0x78).
 *
 *   pica_dvlb_writer *w = dw_create();
 *   dw_emit(w, dw_op1(w, DW_DP4, DW_O(0, "x"), DW_C(0, "xyzw"), DW_R(0, "xyzw")));
 *   dw_emit(w, dw_op0(DW_END));
 *   dw_dvle(w, 0, 0, 2);
 *   dw_uniform(w, "projection", 0x10, 0x13);
 *   size_t size; uint8_t *file = dw_finish(w, &size);   // malloc'd
 */
#ifndef GLHLE_TEST_PICA_DVLB_WRITER_H
#define GLHLE_TEST_PICA_DVLB_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Opcodes (3dbrew's table). */
enum {
    DW_ADD = 0x00, DW_DP3 = 0x01, DW_DP4 = 0x02, DW_DPH = 0x03, DW_DST = 0x04, DW_EX2 = 0x05, DW_LG2 = 0x06,
    DW_LITP = 0x07, DW_MUL = 0x08, DW_SGE = 0x09, DW_SLT = 0x0A, DW_FLR = 0x0B, DW_MAX = 0x0C, DW_MIN = 0x0D,
    DW_RCP = 0x0E, DW_RSQ = 0x0F, DW_MOVA = 0x12, DW_MOV = 0x13, DW_DPHI = 0x18, DW_DSTI = 0x19, DW_SGEI = 0x1A,
    DW_SLTI = 0x1B, DW_BREAK = 0x20, DW_NOP = 0x21, DW_END = 0x22, DW_BREAKC = 0x23, DW_CALL = 0x24,
    DW_CALLC = 0x25, DW_CALLU = 0x26, DW_IFU = 0x27, DW_IFC = 0x28, DW_LOOP = 0x29, DW_EMIT = 0x2A,
    DW_SETEMIT = 0x2B, DW_JMPC = 0x2C, DW_JMPU = 0x2D, DW_CMP = 0x2E, DW_MADI = 0x30, DW_MAD = 0x38,
};
/* CMP operators and condition operators. */
enum { DW_EQ, DW_NE, DW_LT, DW_LE, DW_GT, DW_GE };
enum { DW_OR, DW_AND, DW_JUST_X, DW_JUST_Y };
/* Address register selectors. */
enum { DW_IDX_NONE, DW_IDX_A0X, DW_IDX_A0Y, DW_IDX_AL };

/* A source operand: register number in the 7-bit space (v 0x00, r 0x10,
 * c 0x20), a swizzle like "xyzw" or "x" (a short one repeats its last
 * letter, as in picasso), negation and an address register selector. */
typedef struct dw_src {
    uint32_t reg;
    const char *swz;
    int neg;
    uint32_t idx;
} dw_src;
/* A destination: o 0x00, r 0x10, and the written components ("xy"). */
typedef struct dw_dst {
    uint32_t reg;
    const char *mask;
} dw_dst;

#define DW_V(n, s) ((dw_src){(uint32_t)(n), (s), 0, 0})
#define DW_R(n, s) ((dw_src){0x10u + (uint32_t)(n), (s), 0, 0})
#define DW_C(n, s) ((dw_src){0x20u + (uint32_t)(n), (s), 0, 0})
#define DW_O(n, m) ((dw_dst){(uint32_t)(n), (m)})
#define DW_RD(n, m) ((dw_dst){0x10u + (uint32_t)(n), (m)})
static inline dw_src dw_neg(dw_src s) { s.neg = !s.neg; return s; }
static inline dw_src dw_rel(dw_src s, uint32_t idx) { s.idx = idx; return s; }

typedef struct pica_dvlb_writer pica_dvlb_writer;

pica_dvlb_writer *dw_create(void);
void dw_destroy(pica_dvlb_writer *w);

/* Operand descriptor for the given mask and three sources (NULL swizzle =
 * "xyzw"); identical descriptors are shared. Returns its index. */
uint32_t dw_opdesc(pica_dvlb_writer *w, const char *mask, const char *s1, int n1, const char *s2, int n2,
                   const char *s3, int n3);
/* Sets descriptor `index` to a raw word (extending the table). */
void dw_set_opdesc(pica_dvlb_writer *w, uint32_t index, uint32_t word);

/* Instruction words. dw_op1 takes ADD..MIN and the I forms: for DPH, DST,
 * SGE and SLT it switches to the inverted (I) encoding when src2 is a
 * constant, as picasso does. */
uint32_t dw_op1(pica_dvlb_writer *w, uint32_t opcode, dw_dst d, dw_src s1, dw_src s2);
uint32_t dw_op1u(pica_dvlb_writer *w, uint32_t opcode, dw_dst d, dw_src s1);
/* mova: mask "x", "y" or "xy" selects a0.x / a0.y. */
uint32_t dw_mova(pica_dvlb_writer *w, const char *mask, dw_src s1);
uint32_t dw_cmp(pica_dvlb_writer *w, dw_src s1, uint32_t opx, uint32_t opy, dw_src s2);
/* mad when src3 is not a constant (src2 wide), madi when src3 is. */
uint32_t dw_mad(pica_dvlb_writer *w, dw_dst d, dw_src s1, dw_src s2, dw_src s3);
uint32_t dw_op0(uint32_t opcode);
/* Format 2: BREAKC, CALL, CALLC, IFC, JMPC. */
uint32_t dw_flow2(uint32_t opcode, uint32_t condop, int refx, int refy, uint32_t dst, uint32_t num);
/* Format 3: CALLU, IFU, LOOP, JMPU (num bit 0 inverts JMPU). */
uint32_t dw_flow3(uint32_t opcode, uint32_t id, uint32_t dst, uint32_t num);
uint32_t dw_setemit(uint32_t vertex_id, int prim, int inv);

/* Appends a word to the program; returns its offset. */
uint32_t dw_emit(pica_dvlb_writer *w, uint32_t word);
/* Overwrites the word at `at` (for forward jumps). */
void dw_patch(pica_dvlb_writer *w, uint32_t at, uint32_t word);
uint32_t dw_here(const pica_dvlb_writer *w);

/* Starts a DVLE; the calls below add to the latest one. */
void dw_dvle(pica_dvlb_writer *w, int geometry, uint32_t main_offset, uint32_t end_offset);
void dw_gsh(pica_dvlb_writer *w, uint32_t mode, uint32_t fixed_start, uint32_t variable_num, uint32_t fixed_num,
            int merge);
void dw_const_f(pica_dvlb_writer *w, uint32_t reg, float x, float y, float z, float ww);
void dw_const_i(pica_dvlb_writer *w, uint32_t reg, uint8_t x, uint8_t y, uint8_t z, uint8_t ww);
void dw_const_b(pica_dvlb_writer *w, uint32_t reg, int value);
/* type: 0 position, 1 normalquat, 2 color, 3 texcoord0, 4 texcoord0w,
 * 5 texcoord1, 6 texcoord2, 8 view; mask bit 0 = x. */
void dw_output(pica_dvlb_writer *w, uint32_t type, uint32_t reg, uint32_t mask);
void dw_uniform(pica_dvlb_writer *w, const char *name, uint32_t first, uint32_t last);
void dw_label(pica_dvlb_writer *w, uint32_t id, uint32_t offset, uint32_t size, const char *name);

/* The file (malloc'd; free it). The writer stays usable. */
uint8_t *dw_finish(pica_dvlb_writer *w, size_t *size);

/* f32 -> f24 as picasso converts constants (mantissa truncated, underflow
 * to zero, overflow to infinity). */
uint32_t dw_f24(float f);

#endif
