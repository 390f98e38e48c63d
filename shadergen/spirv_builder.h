/* A SPIR-V module writer: instructions go into the logical sections the
 * specification orders (SPIR-V 1.0 spec, 2.4 "Logical Layout of a Module"),
 * types and constants are deduplicated (a repeated OpTypeInt 32 0 returns the
 * first id, as 2.8 requires for non-aggregate types), and every buffer has a
 * hard size limit, so untrusted input cannot make the module grow without
 * bound: once a limit is hit the builder is `failed` and later calls are
 * no-ops that return id 0. Enums come from Debian's spirv-headers
 * (/usr/include/spirv/unified1/spirv.h). No GL, no globals. */
#ifndef GLHLE_SHADERGEN_SPIRV_BUILDER_H
#define GLHLE_SHADERGEN_SPIRV_BUILDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.h>

#include "backend/common/bytebuf.h"

/* The sections of 2.4, in module order. */
enum {
    SPV_SEC_CAPABILITY,
    SPV_SEC_EXTENSION,
    SPV_SEC_IMPORT,
    SPV_SEC_MEMORY_MODEL,
    SPV_SEC_ENTRY,
    SPV_SEC_EXEC_MODE,
    SPV_SEC_DEBUG,
    SPV_SEC_ANNOTATION,
    SPV_SEC_GLOBAL, /* types, constants, global variables */
    SPV_SEC_FUNCTIONS,
    SPV_SEC_COUNT_
};

typedef struct spv_dedup_entry {
    uint64_t hash;
    uint32_t key_offset; /* in words, into `keys` */
    uint32_t key_words;
    uint32_t id;
} spv_dedup_entry;

typedef struct spv_builder {
    glhle_bytebuf sec[SPV_SEC_COUNT_];
    glhle_bytebuf fn_vars; /* OpVariable Function of the open function (must open its first block) */
    glhle_bytebuf fn_body; /* the open function's blocks after the first OpLabel */
    glhle_bytebuf keys;    /* dedup keys: opcode word + operands, without the result id */
    spv_dedup_entry *table;
    uint32_t table_cap; /* power of two, 0 before first use */
    uint32_t table_used;
    uint32_t next_id;
    size_t limit_words; /* the whole module's limit */
    size_t words;       /* words written so far, all sections */
    bool failed;
    bool in_function;
    bool block_open;
    uint32_t glsl_std; /* id of the GLSL.std.450 import, 0 until asked */
    uint32_t caps_seen[4]; /* bit set of capabilities below 128, so each is declared once */
} spv_builder;

/* limit_words: the most words the finished module may hold (0 -> 4 Mi words). */
void spv_builder_init(spv_builder *b, size_t limit_words);
void spv_builder_free(spv_builder *b);
/* False after any limit was hit or an instruction was misplaced. */
static inline bool spv_ok(const spv_builder *b)
{
    return !b->failed;
}

/* A fresh result id (0 once failed). */
uint32_t spv_id(spv_builder *b);

/* Appends one instruction with `n` operand words to section `sec`. */
void spv_emit(spv_builder *b, int sec, SpvOp op, const uint32_t *ops, size_t n);
/* Appends a literal string operand list: `pre` words, the string, `post` words. */
void spv_emit_str(spv_builder *b, int sec, SpvOp op, const uint32_t *pre, size_t npre, const char *str,
                  const uint32_t *post, size_t npost);

/* ---- module-level declarations ---- */
void spv_capability(spv_builder *b, SpvCapability cap);
void spv_extension(spv_builder *b, const char *name);
/* The GLSL.std.450 extended-instruction set (imported on first use). */
uint32_t spv_glsl_std(spv_builder *b);
void spv_memory_model(spv_builder *b, SpvAddressingModel am, SpvMemoryModel mm);
void spv_entry_point(spv_builder *b, SpvExecutionModel model, uint32_t fn, const char *name,
                     const uint32_t *interface, size_t n);
void spv_exec_mode(spv_builder *b, uint32_t fn, SpvExecutionMode mode, const uint32_t *args, size_t n);
void spv_name(spv_builder *b, uint32_t id, const char *name);
void spv_member_name(spv_builder *b, uint32_t type, uint32_t member, const char *name);
void spv_decorate(spv_builder *b, uint32_t id, SpvDecoration dec, const uint32_t *args, size_t n);
void spv_member_decorate(spv_builder *b, uint32_t type, uint32_t member, SpvDecoration dec,
                         const uint32_t *args, size_t n);

/* ---- types (deduplicated, except struct and the runtime array, which carry decorations) ---- */
uint32_t spv_type_void(spv_builder *b);
uint32_t spv_type_bool(spv_builder *b);
uint32_t spv_type_int(spv_builder *b, uint32_t width, bool is_signed);
uint32_t spv_type_float(spv_builder *b, uint32_t width);
uint32_t spv_type_vector(spv_builder *b, uint32_t component, uint32_t count);
/* An array type whose length is the u32 constant `length`; `unique` gives a
 * new id (for arrays that get an ArrayStride decoration). */
uint32_t spv_type_array(spv_builder *b, uint32_t element, uint32_t length, bool unique);
uint32_t spv_type_runtime_array(spv_builder *b, uint32_t element);
uint32_t spv_type_struct(spv_builder *b, const uint32_t *members, size_t n);
uint32_t spv_type_pointer(spv_builder *b, SpvStorageClass sc, uint32_t type);
uint32_t spv_type_function(spv_builder *b, uint32_t ret, const uint32_t *params, size_t n);
uint32_t spv_type_image(spv_builder *b, uint32_t sampled_type, SpvDim dim, uint32_t depth, bool arrayed,
                        bool ms, uint32_t sampled, SpvImageFormat format);
uint32_t spv_type_sampled_image(spv_builder *b, uint32_t image);

/* ---- constants (deduplicated) ---- */
uint32_t spv_const_u32(spv_builder *b, uint32_t v);
uint32_t spv_const_i32(spv_builder *b, int32_t v);
uint32_t spv_const_f32_bits(spv_builder *b, uint32_t bits);
uint32_t spv_const_f32(spv_builder *b, float v);
uint32_t spv_const_bool(spv_builder *b, bool v);
uint32_t spv_const_composite(spv_builder *b, uint32_t type, const uint32_t *parts, size_t n);
uint32_t spv_const_null(spv_builder *b, uint32_t type);

/* A global variable (Input, Output, Uniform, UniformConstant, Private, Workgroup, ...). */
uint32_t spv_global_var(spv_builder *b, uint32_t ptr_type, SpvStorageClass sc, uint32_t initializer);

/* ---- functions and blocks ---- */
/* Opens a function and its first block; returns the function's id (or `id` if nonzero). */
uint32_t spv_function_begin(spv_builder *b, uint32_t id, uint32_t ret_type, uint32_t fn_type);
/* A Function-storage variable, placed at the top of the first block. */
uint32_t spv_local_var(spv_builder *b, uint32_t ptr_type, uint32_t initializer);
/* Starts block `label` (0 -> a fresh id); returns its id. The previous block must be terminated. */
uint32_t spv_label(spv_builder *b, uint32_t label);
void spv_function_end(spv_builder *b);
/* True while a block is open (no terminator emitted since its label). */
static inline bool spv_block_open(const spv_builder *b)
{
    return b->block_open;
}

/* An instruction in the open block with a result type and result id
 * (returned); `type` 0 means the instruction has no result type or id and 0
 * is returned. */
uint32_t spv_op(spv_builder *b, SpvOp op, uint32_t type, const uint32_t *ops, size_t n);
#define SPV_ARGS(...) ((const uint32_t[]){__VA_ARGS__}), (sizeof((const uint32_t[]){__VA_ARGS__}) / 4)
/* SPV_OP(b, SpvOpIAdd, u32, x, y) */
#define SPV_OP(b, op, type, ...) spv_op((b), (op), (type), SPV_ARGS(__VA_ARGS__))
/* A result-less instruction (OpStore, OpBranch, ...); terminators close the block. */
void spv_op_void(spv_builder *b, SpvOp op, const uint32_t *ops, size_t n);
#define SPV_VOID(b, op, ...) spv_op_void((b), (op), SPV_ARGS(__VA_ARGS__))
/* OpExtInst of GLSL.std.450. */
uint32_t spv_glsl(spv_builder *b, uint32_t type, enum GLSLstd450 inst, const uint32_t *args, size_t n);
#define SPV_GLSL(b, type, inst, ...) spv_glsl((b), (type), (inst), SPV_ARGS(__VA_ARGS__))

/* Finishes the module into `out` (header + sections, host-endian words);
 * false if the builder failed or a function is still open. */
bool spv_finish(spv_builder *b, glhle_bytebuf *out);

/* True for the opcodes that end a block (2.2.5 "Termination Instructions"). */
bool spv_is_terminator(SpvOp op);

#endif
