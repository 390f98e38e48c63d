/* SHBIN shader binaries (DVLB container, one DVLP program, one or more DVLE
 * executables), as written by picasso and Nintendo's tools. Layout: 3dbrew
 * SHBIN; the writer's conventions (DVLE version 0x1002, 20-byte constant
 * entries, 8-byte operand-descriptor entries) from devkitPro picasso.
 *
 * The parser treats the file as untrusted: every offset, count and symbol is
 * range checked; a bad file yields GLHLE_RESULT_BAD_DATA or _TRUNCATED and a
 * log line naming the byte offset. The result owns copies of everything it
 * points to, so the input can be freed after parsing. */
#ifndef GLHLE_PICA_SHBIN_H
#define GLHLE_PICA_SHBIN_H

#include <stddef.h>
#include <stdint.h>

#include "backend/common/arena.h"
#include "backend/common/log.h"
#include "backend/pica/frontend/shader_setup.h"

/* Largest file accepted (real SHBINs are a few KiB). */
#define PICA_SHBIN_MAX_SIZE (4u << 20)

typedef enum pica_shbin_const_type {
    PICA_SHBIN_CONST_BOOL = 0,
    PICA_SHBIN_CONST_INT = 1,
    PICA_SHBIN_CONST_FLOAT = 2,
} pica_shbin_const_type;

typedef struct pica_shbin_const {
    uint8_t type;      /* pica_shbin_const_type */
    uint8_t reg;       /* b0-b15, i0-i3 or c0-c95 */
    uint8_t b;         /* bool value */
    uint8_t i[4];      /* int x, y, z, w */
    uint32_t f24[4];   /* float x, y, z, w as stored (f24 in the low 24 bits) */
} pica_shbin_const;

/* Output table types (3dbrew SHBIN "Output types"; 9 is picasso's `dummy`). */
typedef enum pica_shbin_out_type {
    PICA_SHBIN_OUT_POSITION = 0,
    PICA_SHBIN_OUT_NORMALQUAT = 1,
    PICA_SHBIN_OUT_COLOR = 2,
    PICA_SHBIN_OUT_TEXCOORD0 = 3,
    PICA_SHBIN_OUT_TEXCOORD0W = 4,
    PICA_SHBIN_OUT_TEXCOORD1 = 5,
    PICA_SHBIN_OUT_TEXCOORD2 = 6,
    PICA_SHBIN_OUT_VIEW = 8,
    PICA_SHBIN_OUT_DUMMY = 9,
} pica_shbin_out_type;

typedef struct pica_shbin_output {
    uint16_t type;    /* pica_shbin_out_type */
    uint16_t reg;     /* o0-o15 */
    uint16_t mask;    /* bit 0 = x ... bit 3 = w */
    uint16_t unknown;
} pica_shbin_output;

/* Uniform register space of the table (3dbrew): 0x00-0x0F v0-v15,
 * 0x10-0x6F c0-c95, 0x70-0x73 i0-i3, 0x78-0x87 b0-b15. */
typedef struct pica_shbin_uniform {
    const char *name;
    uint16_t first, last;
} pica_shbin_uniform;

typedef struct pica_shbin_label {
    const char *name;
    uint16_t id;
    uint32_t offset;  /* instruction offset in words */
    uint32_t size;    /* words, 0xFFFFFFFF when none */
} pica_shbin_label;

typedef struct pica_shbin_dvle {
    uint32_t file_offset;   /* where its header starts in the file */
    uint16_t version;
    uint8_t is_geometry;    /* shader type: 0 vertex, 1 geometry */
    uint8_t merge_outmaps;
    uint32_t main_offset;   /* entry point, words */
    uint32_t end_offset;    /* end of main, words */
    uint16_t input_mask, output_mask;
    uint8_t gs_mode;        /* 0 point, 1 variable, 2 fixed */
    uint8_t gs_fixed_start; /* fixed mode: first c register of the vertex array */
    uint8_t gs_variable_num;/* variable mode: fully defined vertices */
    uint8_t gs_fixed_num;   /* fixed mode: vertices per primitive */
    const pica_shbin_const *consts;
    uint32_t const_count;
    const pica_shbin_label *labels;
    uint32_t label_count;
    const pica_shbin_output *outputs;
    uint32_t output_count;
    const pica_shbin_uniform *uniforms;
    uint32_t uniform_count;
} pica_shbin_dvle;

typedef struct pica_shbin {
    uint32_t dvlp_version;
    const uint32_t *code;     /* code_words instruction words */
    uint32_t code_words;      /* <= PICA_SHADER_CODE_WORDS */
    const uint32_t *opdesc;   /* the descriptor word of each 8-byte entry */
    uint32_t opdesc_count;    /* <= PICA_SHADER_OPDESC_WORDS */
    const pica_shbin_dvle *dvles;
    uint32_t dvle_count;
    glhle_arena arena;        /* owns everything above */
} pica_shbin;

/* Parses a whole file. On failure *out is left empty (safe to free). */
glhle_result pica_shbin_parse(const void *data, size_t size, const glhle_logger *lg, pica_shbin *out);
void pica_shbin_free(pica_shbin *s);

/* Loads one DVLE into a shader unit's setup the way libctru's
 * shaderProgramUse does: the program code and operand descriptors (the rest
 * of both memories is zeroed), the entry point, and the DVLE's constants
 * (bool uniforms start all set, int uniforms at 0, as in libctru's
 * shaderInstanceInit). Float uniforms not named by a constant are left as
 * they were. Bumps program_generation. */
glhle_result pica_shbin_load_setup(const pica_shbin *s, uint32_t dvle_index, pica_shader_setup *setup,
                                   const glhle_logger *lg);

/* The output-map registers a DVLE implies (libctru DVLE_GenerateOutmap,
 * with attributes numbered in output-register order as the hardware packs
 * them): outmap[i] is GPUREG_SH_OUTMAP_Oi for i < *total, *mask is
 * GPUREG_SH_OUTMAP_MASK. Unused components hold 0x1F. */
void pica_shbin_outmap(const pica_shbin_dvle *dvle, uint32_t outmap[7], uint32_t *total, uint32_t *mask);

/* The uniform named `name`, or NULL. */
const pica_shbin_uniform *pica_shbin_find_uniform(const pica_shbin_dvle *dvle, const char *name);

#endif
