/* SPIR-V module writer: see spirv_builder.h. Word layout and section order
 * from the SPIR-V 1.0 specification (Khronos), 2.3 "Physical Layout of a
 * SPIR-V Module and Instruction" and 2.4 "Logical Layout of a Module". */
#include "shadergen/spirv_builder.h"

#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"

/* memcpy of n words; src may be NULL when n is 0 (memcpy's arguments may not) */
static void copy_words(uint32_t *dst, const uint32_t *src, size_t n)
{
    if (n)
        memcpy(dst, src, n * 4);
}

#define DEFAULT_LIMIT_WORDS ((size_t)4 << 20)
/* 2.17 "Universal Limits": an instruction has at most 65535 words */
#define MAX_INSTRUCTION_WORDS 0xffffu

void spv_builder_init(spv_builder *b, size_t limit_words)
{
    memset(b, 0, sizeof *b);
    b->limit_words = limit_words ? limit_words : DEFAULT_LIMIT_WORDS;
    size_t bytes = b->limit_words * 4;
    for (int i = 0; i < SPV_SEC_COUNT_; i++)
        glhle_bytebuf_init(&b->sec[i], bytes);
    glhle_bytebuf_init(&b->fn_vars, bytes);
    glhle_bytebuf_init(&b->fn_body, bytes);
    glhle_bytebuf_init(&b->keys, bytes);
    b->next_id = 1;
}

void spv_builder_free(spv_builder *b)
{
    for (int i = 0; i < SPV_SEC_COUNT_; i++)
        glhle_bytebuf_free(&b->sec[i]);
    glhle_bytebuf_free(&b->fn_vars);
    glhle_bytebuf_free(&b->fn_body);
    glhle_bytebuf_free(&b->keys);
    free(b->table);
    memset(b, 0, sizeof *b);
}

uint32_t spv_id(spv_builder *b)
{
    /* the id bound must fit in a word; far below it the word limit fails first */
    if (b->failed || b->next_id >= 0x3fffffffu) {
        b->failed = true;
        return 0;
    }
    return b->next_id++;
}

static glhle_bytebuf *section(spv_builder *b, int sec)
{
    if (sec == SPV_SEC_FUNCTIONS)
        return &b->fn_body;
    return &b->sec[sec];
}

static bool room(spv_builder *b, size_t words)
{
    if (b->failed || words > MAX_INSTRUCTION_WORDS || b->words + words > b->limit_words) {
        b->failed = true;
        return false;
    }
    return true;
}

static void put_words(spv_builder *b, glhle_bytebuf *buf, const uint32_t *w, size_t n)
{
    if (n && !glhle_bytebuf_append(buf, w, n * 4))
        b->failed = true;
}

static void emit_to(spv_builder *b, glhle_bytebuf *buf, SpvOp op, const uint32_t *ops, size_t n)
{
    if (!room(b, n + 1))
        return;
    uint32_t head = (uint32_t)(n + 1) << SpvWordCountShift | ((uint32_t)op & SpvOpCodeMask);
    put_words(b, buf, &head, 1);
    put_words(b, buf, ops, n);
    b->words += n + 1;
}

void spv_emit(spv_builder *b, int sec, SpvOp op, const uint32_t *ops, size_t n)
{
    if (sec < 0 || sec >= SPV_SEC_COUNT_ || (sec == SPV_SEC_FUNCTIONS && !b->block_open)) {
        b->failed = true;
        return;
    }
    emit_to(b, section(b, sec), op, ops, n);
}

/* words a NUL-terminated literal string takes (2.2.1: nul-terminated, padded to a word) */
static size_t str_words(const char *s)
{
    return strlen(s) / 4 + 1;
}

void spv_emit_str(spv_builder *b, int sec, SpvOp op, const uint32_t *pre, size_t npre, const char *str,
                  const uint32_t *post, size_t npost)
{
    size_t sw = str_words(str);
    size_t n = npre + sw + npost;
    if (sec < 0 || sec >= SPV_SEC_COUNT_ || sec == SPV_SEC_FUNCTIONS || !room(b, n + 1)) {
        b->failed = true;
        return;
    }
    glhle_bytebuf *buf = section(b, sec);
    uint32_t head = (uint32_t)(n + 1) << SpvWordCountShift | ((uint32_t)op & SpvOpCodeMask);
    put_words(b, buf, &head, 1);
    put_words(b, buf, pre, npre);
    uint8_t *s = glhle_bytebuf_extend(buf, sw * 4); /* zeroed: the padding is the terminator */
    if (!s) {
        b->failed = true;
        return;
    }
    memcpy(s, str, strlen(str));
    put_words(b, buf, post, npost);
    b->words += n + 1;
}

/* ---- deduplication ---- */

static bool table_grow(spv_builder *b)
{
    uint32_t cap = b->table_cap ? b->table_cap * 2 : 256;
    /* bounded: every entry stands for at least one emitted word */
    if ((size_t)cap > b->limit_words * 2 + 256) {
        b->failed = true;
        return false;
    }
    spv_dedup_entry *t = calloc(cap, sizeof *t);
    if (!t) {
        b->failed = true;
        return false;
    }
    for (uint32_t i = 0; i < b->table_cap; i++) {
        spv_dedup_entry *e = &b->table[i];
        if (!e->id)
            continue;
        uint32_t j = (uint32_t)e->hash & (cap - 1);
        while (t[j].id)
            j = (j + 1) & (cap - 1);
        t[j] = *e;
    }
    free(b->table);
    b->table = t;
    b->table_cap = cap;
    return true;
}

/* Emits `op` with operands `ops` unless an identical one exists; the result
 * id goes at operand position `id_pos` (it is not part of the key). Returns
 * the id. */
static uint32_t dedup(spv_builder *b, int sec, SpvOp op, const uint32_t *ops, size_t n, size_t id_pos)
{
    if (b->failed || n + 1 > 64)
        return (b->failed = true), 0;
    uint32_t key[65];
    key[0] = (uint32_t)op | (uint32_t)n << 16;
    copy_words(key + 1, ops, n);
    size_t kw = n + 1;
    uint64_t h = glhle_hash64(key, kw * 4);
    if ((b->table_used + 1) * 4 > b->table_cap * 3 && !table_grow(b))
        return 0;
    const uint32_t *pool = (const uint32_t *)b->keys.data;
    uint32_t j = (uint32_t)h & (b->table_cap - 1);
    for (; b->table[j].id; j = (j + 1) & (b->table_cap - 1)) {
        const spv_dedup_entry *e = &b->table[j];
        if (e->hash == h && e->key_words == kw && !memcmp(pool + e->key_offset, key, kw * 4))
            return e->id;
    }
    uint32_t id = spv_id(b);
    if (!id)
        return 0;
    size_t off = b->keys.size / 4;
    if (!glhle_bytebuf_append(&b->keys, key, kw * 4))
        return (b->failed = true), 0;
    b->table[j] = (spv_dedup_entry){h, (uint32_t)off, (uint32_t)kw, id};
    b->table_used++;
    uint32_t full[65];
    copy_words(full, ops, id_pos);
    full[id_pos] = id;
    if (n > id_pos)
        copy_words(full + id_pos + 1, ops + id_pos, n - id_pos);
    spv_emit(b, sec, op, full, n + 1);
    return b->failed ? 0 : id;
}

/* ---- module-level declarations ---- */

void spv_capability(spv_builder *b, SpvCapability cap)
{
    /* declared once each: a bit set for the common ones */
    uint32_t c = (uint32_t)cap;
    if (c < 128) {
        if (b->caps_seen[c / 32] & (1u << (c % 32)))
            return;
        b->caps_seen[c / 32] |= 1u << (c % 32);
        spv_emit(b, SPV_SEC_CAPABILITY, SpvOpCapability, &c, 1);
        return;
    }
    uint32_t ops[1] = {c};
    /* rare capabilities: a linear scan of the (tiny) capability section */
    const uint32_t *w = (const uint32_t *)b->sec[SPV_SEC_CAPABILITY].data;
    for (size_t i = 0; i + 1 < b->sec[SPV_SEC_CAPABILITY].size / 4; i += 2)
        if (w[i + 1] == c)
            return;
    spv_emit(b, SPV_SEC_CAPABILITY, SpvOpCapability, ops, 1);
}

void spv_extension(spv_builder *b, const char *name)
{
    /* a linear scan: a module names a handful of extensions */
    const uint8_t *p = b->sec[SPV_SEC_EXTENSION].data;
    size_t size = b->sec[SPV_SEC_EXTENSION].size, len = strlen(name);
    for (size_t i = 0; i + 4 <= size;) {
        uint32_t head;
        memcpy(&head, p + i, 4);
        size_t words = head >> SpvWordCountShift;
        if (!words)
            break;
        if (strnlen((const char *)p + i + 4, (words - 1) * 4) == len && !memcmp(p + i + 4, name, len))
            return;
        i += words * 4;
    }
    spv_emit_str(b, SPV_SEC_EXTENSION, SpvOpExtension, NULL, 0, name, NULL, 0);
}

uint32_t spv_glsl_std(spv_builder *b)
{
    if (!b->glsl_std) {
        uint32_t id = spv_id(b);
        spv_emit_str(b, SPV_SEC_IMPORT, SpvOpExtInstImport, &id, 1, "GLSL.std.450", NULL, 0);
        b->glsl_std = b->failed ? 0 : id;
    }
    return b->glsl_std;
}

void spv_memory_model(spv_builder *b, SpvAddressingModel am, SpvMemoryModel mm)
{
    uint32_t ops[2] = {(uint32_t)am, (uint32_t)mm};
    spv_emit(b, SPV_SEC_MEMORY_MODEL, SpvOpMemoryModel, ops, 2);
}

void spv_entry_point(spv_builder *b, SpvExecutionModel model, uint32_t fn, const char *name,
                     const uint32_t *interface, size_t n)
{
    uint32_t pre[2] = {(uint32_t)model, fn};
    spv_emit_str(b, SPV_SEC_ENTRY, SpvOpEntryPoint, pre, 2, name, interface, n);
}

void spv_exec_mode(spv_builder *b, uint32_t fn, SpvExecutionMode mode, const uint32_t *args, size_t n)
{
    uint32_t ops[8];
    if (n > 6)
        return (void)(b->failed = true);
    ops[0] = fn;
    ops[1] = (uint32_t)mode;
    copy_words(ops + 2, args, n);
    spv_emit(b, SPV_SEC_EXEC_MODE, SpvOpExecutionMode, ops, n + 2);
}

void spv_name(spv_builder *b, uint32_t id, const char *name)
{
    spv_emit_str(b, SPV_SEC_DEBUG, SpvOpName, &id, 1, name, NULL, 0);
}

void spv_member_name(spv_builder *b, uint32_t type, uint32_t member, const char *name)
{
    uint32_t pre[2] = {type, member};
    spv_emit_str(b, SPV_SEC_DEBUG, SpvOpMemberName, pre, 2, name, NULL, 0);
}

void spv_decorate(spv_builder *b, uint32_t id, SpvDecoration dec, const uint32_t *args, size_t n)
{
    uint32_t ops[8];
    if (n > 6)
        return (void)(b->failed = true);
    ops[0] = id;
    ops[1] = (uint32_t)dec;
    copy_words(ops + 2, args, n);
    spv_emit(b, SPV_SEC_ANNOTATION, SpvOpDecorate, ops, n + 2);
}

void spv_member_decorate(spv_builder *b, uint32_t type, uint32_t member, SpvDecoration dec,
                         const uint32_t *args, size_t n)
{
    uint32_t ops[9];
    if (n > 6)
        return (void)(b->failed = true);
    ops[0] = type;
    ops[1] = member;
    ops[2] = (uint32_t)dec;
    copy_words(ops + 3, args, n);
    spv_emit(b, SPV_SEC_ANNOTATION, SpvOpMemberDecorate, ops, n + 3);
}

/* ---- types ---- */

uint32_t spv_type_void(spv_builder *b)
{
    return dedup(b, SPV_SEC_GLOBAL, SpvOpTypeVoid, NULL, 0, 0);
}

uint32_t spv_type_bool(spv_builder *b)
{
    return dedup(b, SPV_SEC_GLOBAL, SpvOpTypeBool, NULL, 0, 0);
}

uint32_t spv_type_int(spv_builder *b, uint32_t width, bool is_signed)
{
    uint32_t ops[2] = {width, is_signed};
    return dedup(b, SPV_SEC_GLOBAL, SpvOpTypeInt, ops, 2, 0);
}

uint32_t spv_type_float(spv_builder *b, uint32_t width)
{
    return dedup(b, SPV_SEC_GLOBAL, SpvOpTypeFloat, &width, 1, 0);
}

uint32_t spv_type_vector(spv_builder *b, uint32_t component, uint32_t count)
{
    uint32_t ops[2] = {component, count};
    return dedup(b, SPV_SEC_GLOBAL, SpvOpTypeVector, ops, 2, 0);
}

uint32_t spv_type_array(spv_builder *b, uint32_t element, uint32_t length, bool unique)
{
    uint32_t ops[3] = {0, element, length};
    if (!unique)
        return dedup(b, SPV_SEC_GLOBAL, SpvOpTypeArray, ops + 1, 2, 0);
    ops[0] = spv_id(b);
    spv_emit(b, SPV_SEC_GLOBAL, SpvOpTypeArray, ops, 3);
    return b->failed ? 0 : ops[0];
}

uint32_t spv_type_runtime_array(spv_builder *b, uint32_t element)
{
    uint32_t ops[2] = {spv_id(b), element};
    spv_emit(b, SPV_SEC_GLOBAL, SpvOpTypeRuntimeArray, ops, 2);
    return b->failed ? 0 : ops[0];
}

uint32_t spv_type_struct(spv_builder *b, const uint32_t *members, size_t n)
{
    uint32_t id = spv_id(b);
    uint32_t ops[65];
    if (n > 64)
        return (b->failed = true), 0;
    ops[0] = id;
    copy_words(ops + 1, members, n);
    spv_emit(b, SPV_SEC_GLOBAL, SpvOpTypeStruct, ops, n + 1);
    return b->failed ? 0 : id;
}

uint32_t spv_type_pointer(spv_builder *b, SpvStorageClass sc, uint32_t type)
{
    uint32_t ops[2] = {(uint32_t)sc, type};
    return dedup(b, SPV_SEC_GLOBAL, SpvOpTypePointer, ops, 2, 0);
}

uint32_t spv_type_function(spv_builder *b, uint32_t ret, const uint32_t *params, size_t n)
{
    uint32_t ops[33];
    if (n > 32)
        return (b->failed = true), 0;
    ops[0] = ret;
    copy_words(ops + 1, params, n);
    return dedup(b, SPV_SEC_GLOBAL, SpvOpTypeFunction, ops, n + 1, 0);
}

uint32_t spv_type_image(spv_builder *b, uint32_t sampled_type, SpvDim dim, uint32_t depth, bool arrayed,
                        bool ms, uint32_t sampled, SpvImageFormat format)
{
    uint32_t ops[7] = {sampled_type, (uint32_t)dim, depth, arrayed, ms, sampled, (uint32_t)format};
    return dedup(b, SPV_SEC_GLOBAL, SpvOpTypeImage, ops, 7, 0);
}

uint32_t spv_type_sampled_image(spv_builder *b, uint32_t image)
{
    return dedup(b, SPV_SEC_GLOBAL, SpvOpTypeSampledImage, &image, 1, 0);
}

/* ---- constants ---- */

uint32_t spv_const_u32(spv_builder *b, uint32_t v)
{
    uint32_t ops[2] = {spv_type_int(b, 32, false), v};
    return dedup(b, SPV_SEC_GLOBAL, SpvOpConstant, ops, 2, 1);
}

uint32_t spv_const_i32(spv_builder *b, int32_t v)
{
    uint32_t ops[2] = {spv_type_int(b, 32, true), (uint32_t)v};
    return dedup(b, SPV_SEC_GLOBAL, SpvOpConstant, ops, 2, 1);
}

uint32_t spv_const_f32_bits(spv_builder *b, uint32_t bits)
{
    uint32_t ops[2] = {spv_type_float(b, 32), bits};
    return dedup(b, SPV_SEC_GLOBAL, SpvOpConstant, ops, 2, 1);
}

uint32_t spv_const_f32(spv_builder *b, float v)
{
    uint32_t bits;
    memcpy(&bits, &v, 4);
    return spv_const_f32_bits(b, bits);
}

uint32_t spv_const_bool(spv_builder *b, bool v)
{
    uint32_t t = spv_type_bool(b);
    return dedup(b, SPV_SEC_GLOBAL, v ? SpvOpConstantTrue : SpvOpConstantFalse, &t, 1, 1);
}

uint32_t spv_const_composite(spv_builder *b, uint32_t type, const uint32_t *parts, size_t n)
{
    uint32_t ops[33];
    if (n > 32)
        return (b->failed = true), 0;
    ops[0] = type;
    copy_words(ops + 1, parts, n);
    return dedup(b, SPV_SEC_GLOBAL, SpvOpConstantComposite, ops, n + 1, 1);
}

uint32_t spv_const_null(spv_builder *b, uint32_t type)
{
    return dedup(b, SPV_SEC_GLOBAL, SpvOpConstantNull, &type, 1, 1);
}

uint32_t spv_global_var(spv_builder *b, uint32_t ptr_type, SpvStorageClass sc, uint32_t initializer)
{
    uint32_t ops[4] = {ptr_type, spv_id(b), (uint32_t)sc, initializer};
    spv_emit(b, SPV_SEC_GLOBAL, SpvOpVariable, ops, initializer ? 4 : 3);
    return b->failed ? 0 : ops[1];
}

/* ---- functions ---- */

uint32_t spv_function_begin(spv_builder *b, uint32_t id, uint32_t ret_type, uint32_t fn_type)
{
    if (b->in_function)
        return (b->failed = true), 0;
    if (!id)
        id = spv_id(b);
    uint32_t ops[4] = {ret_type, id, SpvFunctionControlMaskNone, fn_type};
    emit_to(b, &b->sec[SPV_SEC_FUNCTIONS], SpvOpFunction, ops, 4);
    uint32_t label = spv_id(b);
    emit_to(b, &b->sec[SPV_SEC_FUNCTIONS], SpvOpLabel, &label, 1);
    b->in_function = true;
    b->block_open = true;
    glhle_bytebuf_clear(&b->fn_vars);
    glhle_bytebuf_clear(&b->fn_body);
    return b->failed ? 0 : id;
}

uint32_t spv_local_var(spv_builder *b, uint32_t ptr_type, uint32_t initializer)
{
    if (!b->in_function)
        return (b->failed = true), 0;
    uint32_t ops[4] = {ptr_type, spv_id(b), SpvStorageClassFunction, initializer};
    emit_to(b, &b->fn_vars, SpvOpVariable, ops, initializer ? 4 : 3);
    return b->failed ? 0 : ops[1];
}

uint32_t spv_label(spv_builder *b, uint32_t label)
{
    if (!b->in_function || b->block_open)
        return (b->failed = true), 0;
    if (!label)
        label = spv_id(b);
    emit_to(b, &b->fn_body, SpvOpLabel, &label, 1);
    b->block_open = true;
    return b->failed ? 0 : label;
}

void spv_function_end(spv_builder *b)
{
    if (!b->in_function || b->block_open) {
        b->failed = true;
        return;
    }
    glhle_bytebuf *f = &b->sec[SPV_SEC_FUNCTIONS];
    if (!glhle_bytebuf_append(f, b->fn_vars.data, b->fn_vars.size) ||
        !glhle_bytebuf_append(f, b->fn_body.data, b->fn_body.size))
        b->failed = true;
    emit_to(b, f, SpvOpFunctionEnd, NULL, 0);
    glhle_bytebuf_clear(&b->fn_vars);
    glhle_bytebuf_clear(&b->fn_body);
    b->in_function = false;
}

bool spv_is_terminator(SpvOp op)
{
    switch (op) {
    case SpvOpBranch:
    case SpvOpBranchConditional:
    case SpvOpSwitch:
    case SpvOpReturn:
    case SpvOpReturnValue:
    case SpvOpKill:
    case SpvOpUnreachable:
        return true;
    default:
        return false;
    }
}

uint32_t spv_op(spv_builder *b, SpvOp op, uint32_t type, const uint32_t *ops, size_t n)
{
    if (!b->block_open || n > 62)
        return (b->failed = true), 0;
    if (!type) {
        spv_op_void(b, op, ops, n);
        return 0;
    }
    uint32_t w[64];
    w[0] = type;
    w[1] = spv_id(b);
    copy_words(w + 2, ops, n);
    emit_to(b, &b->fn_body, op, w, n + 2);
    return b->failed ? 0 : w[1];
}

void spv_op_void(spv_builder *b, SpvOp op, const uint32_t *ops, size_t n)
{
    if (!b->block_open)
        return (void)(b->failed = true);
    emit_to(b, &b->fn_body, op, ops, n);
    if (spv_is_terminator(op))
        b->block_open = false;
}

uint32_t spv_glsl(spv_builder *b, uint32_t type, enum GLSLstd450 inst, const uint32_t *args, size_t n)
{
    uint32_t w[10];
    if (n > 8)
        return (b->failed = true), 0;
    w[0] = spv_glsl_std(b);
    w[1] = (uint32_t)inst;
    copy_words(w + 2, args, n);
    return spv_op(b, SpvOpExtInst, type, w, n + 2);
}

bool spv_finish(spv_builder *b, glhle_bytebuf *out)
{
    if (b->failed || b->in_function)
        return false;
    /* 2.3: magic, version (1.0: what ARB_gl_spirv consumes), generator, bound, schema */
    uint32_t header[5] = {SpvMagicNumber, 0x00010000u, 0, b->next_id, 0};
    if (!glhle_bytebuf_append(out, header, sizeof header))
        return false;
    for (int i = 0; i < SPV_SEC_COUNT_; i++)
        if (!glhle_bytebuf_append(out, b->sec[i].data, b->sec[i].size))
            return false;
    return true;
}
