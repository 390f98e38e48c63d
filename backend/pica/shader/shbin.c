#include "backend/pica/shader/shbin.h"

#include <string.h>

#include "backend/common/float_formats.h"

/* A bounded little-endian reader over the whole file. */
typedef struct reader {
    const uint8_t *data;
    size_t size;
    const glhle_logger *lg;
} reader;

static uint32_t rd32(const reader *r, size_t at)
{
    const uint8_t *p = r->data + at;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t rd16(const reader *r, size_t at)
{
    const uint8_t *p = r->data + at;
    return (uint16_t)(p[0] | p[1] << 8);
}

/* True when [at, at + count * elem) lies inside the file (no overflow). */
static int in_file(const reader *r, uint64_t at, uint64_t count, uint64_t elem)
{
    if (at > r->size)
        return 0;
    if (elem && count > (r->size - at) / elem)
        return 0;
    return 1;
}

#define BAD(r, res, ...) GLHLE_FAIL((r)->lg, (res), "shbin: " __VA_ARGS__)

/* A table of `count` entries of `elem` bytes at DVLE-relative `rel`. */
static glhle_result table_at(const reader *r, uint32_t dvle_at, uint32_t rel, uint32_t count, uint32_t elem,
                             const char *what, uint32_t field_at, size_t *abs)
{
    uint64_t at = (uint64_t)dvle_at + rel;
    if (!in_file(r, at, count, elem))
        return BAD(r, GLHLE_RESULT_TRUNCATED,
                   "%s table (offset 0x%X, %u entries of %u bytes, header field at byte 0x%X) runs past the "
                   "end of the %zu-byte file; the file is rejected",
                   what, rel, count, elem, field_at, r->size);
    *abs = (size_t)at;
    return GLHLE_RESULT_OK;
}

/* A DVLE table whose offset and count fields sit at `field` and `field + 4`
 * of the header at `at`, plus room for its parsed form (out_elem bytes per
 * entry). */
static void *dvle_table(const reader *r, glhle_arena *a, uint32_t at, uint32_t field, uint32_t elem, size_t out_elem,
                        const char *what, size_t *t, uint32_t *n, glhle_result *res)
{
    *n = rd32(r, at + field + 4);
    if ((*res = table_at(r, at, rd32(r, at + field), *n, elem, what, at + field, t)) != GLHLE_RESULT_OK)
        return NULL;
    void *out = glhle_arena_calloc(a, *n, out_elem, 8);
    if (!out)
        *res = GLHLE_RESULT_OUT_OF_MEMORY;
    return out;
}

/* A NUL-terminated name at `rel` inside a symbol table [sym_at, sym_at + sym_size). */
static glhle_result symbol(const reader *r, glhle_arena *a, size_t sym_at, uint32_t sym_size, uint32_t rel,
                           size_t entry_at, const char **out)
{
    if (rel >= sym_size)
        return BAD(r, GLHLE_RESULT_BAD_DATA,
                   "symbol offset 0x%X at byte 0x%zX is outside the %u-byte symbol table; the file is rejected", rel,
                   entry_at, sym_size);
    const uint8_t *s = r->data + sym_at + rel;
    if (!memchr(s, 0, sym_size - rel))
        return BAD(r, GLHLE_RESULT_BAD_DATA,
                   "symbol at byte 0x%zX (entry at 0x%zX) is not terminated inside its table; the file is rejected",
                   sym_at + rel, entry_at);
    *out = glhle_arena_strdup(a, (const char *)s); /* terminated: checked above */
    return *out ? GLHLE_RESULT_OK : GLHLE_RESULT_OUT_OF_MEMORY;
}

static glhle_result parse_dvle(const reader *r, glhle_arena *a, const pica_shbin *s, uint32_t index, uint32_t at,
                               pica_shbin_dvle *d)
{
    glhle_result res;
    if (!in_file(r, at, 1, 0x40))
        return BAD(r, GLHLE_RESULT_TRUNCATED, "DVLE %u header at byte 0x%X needs 0x40 bytes; the file has %zu",
                   index, at, r->size);
    if (memcmp(r->data + at, "DVLE", 4) != 0)
        return BAD(r, GLHLE_RESULT_BAD_DATA, "DVLE %u at byte 0x%X does not start with \"DVLE\"", index, at);
    d->file_offset = at;
    d->version = rd16(r, at + 4);
    d->is_geometry = r->data[at + 6];
    d->merge_outmaps = r->data[at + 7];
    d->main_offset = rd32(r, at + 8);
    d->end_offset = rd32(r, at + 0xC);
    d->input_mask = rd16(r, at + 0x10);
    d->output_mask = rd16(r, at + 0x12);
    d->gs_mode = r->data[at + 0x14];
    d->gs_fixed_start = r->data[at + 0x15];
    d->gs_variable_num = r->data[at + 0x16];
    d->gs_fixed_num = r->data[at + 0x17];
    if (d->is_geometry > 1)
        return BAD(r, GLHLE_RESULT_BAD_DATA, "DVLE %u shader type %u at byte 0x%X is neither vertex (0) nor geometry (1)",
                   index, d->is_geometry, at + 6);
    if (d->main_offset >= s->code_words)
        return BAD(r, GLHLE_RESULT_OUT_OF_BOUNDS,
                   "DVLE %u entry point %u (byte 0x%X) is outside the %u-word program; the file is rejected", index,
                   d->main_offset, at + 8, s->code_words);
    if (d->end_offset > s->code_words)
        return BAD(r, GLHLE_RESULT_OUT_OF_BOUNDS,
                   "DVLE %u end offset %u (byte 0x%X) is past the %u-word program; the file is rejected", index,
                   d->end_offset, at + 0xC, s->code_words);
    if (d->is_geometry && d->gs_mode > 2)
        return BAD(r, GLHLE_RESULT_BAD_DATA, "DVLE %u geometry shader mode %u (byte 0x%X) is not 0, 1 or 2", index,
                   d->gs_mode, at + 0x14);

    /* the symbol table first: the uniform and label tables point into it */
    uint32_t sym_rel = rd32(r, at + 0x38), sym_size = rd32(r, at + 0x3C);
    size_t sym_at = 0;
    if ((res = table_at(r, at, sym_rel, sym_size, 1, "symbol", at + 0x38, &sym_at)) != GLHLE_RESULT_OK)
        return res;

    /* constants: 20-byte entries, type u16 then register u16 (picasso) */
    uint32_t n;
    size_t t;
    pica_shbin_const *consts;
    if (!(consts = dvle_table(r, a, at, 0x18, 20, sizeof *consts, "constant", &t, &n, &res)))
        return res;
    for (uint32_t i = 0; i < n; i++) {
        size_t e = t + (size_t)i * 20;
        pica_shbin_const *c = &consts[i];
        uint16_t type = rd16(r, e), reg = rd16(r, e + 2);
        static const uint16_t limit[3] = {16, PICA_SHADER_INT_UNIFORMS, PICA_SHADER_FLOAT_UNIFORMS};
        if (type > PICA_SHBIN_CONST_FLOAT)
            return BAD(r, GLHLE_RESULT_BAD_DATA, "constant %u of DVLE %u at byte 0x%zX has unknown type %u", i, index,
                       e, type);
        if (reg >= limit[type])
            return BAD(r, GLHLE_RESULT_OUT_OF_BOUNDS,
                       "constant %u of DVLE %u at byte 0x%zX names register %u, past the %u of its kind", i, index, e,
                       reg, limit[type]);
        c->type = (uint8_t)type;
        c->reg = (uint8_t)reg;
        if (type == PICA_SHBIN_CONST_BOOL) {
            c->b = r->data[e + 4] & 1;
        } else if (type == PICA_SHBIN_CONST_INT) {
            memcpy(c->i, r->data + e + 4, 4);
        } else {
            for (int k = 0; k < 4; k++)
                c->f24[k] = rd32(r, e + 4 + 4 * (size_t)k) & 0xFFFFFFu;
        }
    }
    d->consts = consts;
    d->const_count = n;

    /* labels: 16-byte entries */
    pica_shbin_label *labels;
    if (!(labels = dvle_table(r, a, at, 0x20, 16, sizeof *labels, "label", &t, &n, &res)))
        return res;
    for (uint32_t i = 0; i < n; i++) {
        size_t e = t + (size_t)i * 16;
        labels[i].id = rd16(r, e);
        labels[i].offset = rd32(r, e + 4);
        labels[i].size = rd32(r, e + 8);
        if ((res = symbol(r, a, sym_at, sym_size, rd32(r, e + 12), e, &labels[i].name)) != GLHLE_RESULT_OK)
            return res;
    }
    d->labels = labels;
    d->label_count = n;

    /* outputs: 8-byte entries */
    pica_shbin_output *outs;
    if (!(outs = dvle_table(r, a, at, 0x28, 8, sizeof *outs, "output", &t, &n, &res)))
        return res;
    for (uint32_t i = 0; i < n; i++) {
        size_t e = t + (size_t)i * 8;
        outs[i] = (pica_shbin_output){rd16(r, e), rd16(r, e + 2), rd16(r, e + 4), rd16(r, e + 6)};
        if (outs[i].reg >= 16 || outs[i].mask > 0xF)
            return BAD(r, GLHLE_RESULT_BAD_DATA,
                       "output %u of DVLE %u at byte 0x%zX names o%u with mask 0x%X (registers o0-o15, mask 4 bits)",
                       i, index, e, outs[i].reg, outs[i].mask);
    }
    d->outputs = outs;
    d->output_count = n;

    /* uniforms: 8-byte entries */
    pica_shbin_uniform *unis;
    if (!(unis = dvle_table(r, a, at, 0x30, 8, sizeof *unis, "uniform", &t, &n, &res)))
        return res;
    for (uint32_t i = 0; i < n; i++) {
        size_t e = t + (size_t)i * 8;
        unis[i].first = rd16(r, e + 4);
        unis[i].last = rd16(r, e + 6);
        if (unis[i].first > unis[i].last || unis[i].last > 0x87)
            return BAD(r, GLHLE_RESULT_BAD_DATA,
                       "uniform %u of DVLE %u at byte 0x%zX spans registers 0x%X-0x%X (valid 0x00-0x87, first <= last)",
                       i, index, e, unis[i].first, unis[i].last);
        if ((res = symbol(r, a, sym_at, sym_size, rd32(r, e), e, &unis[i].name)) != GLHLE_RESULT_OK)
            return res;
    }
    d->uniforms = unis;
    d->uniform_count = n;
    return GLHLE_RESULT_OK;
}

static glhle_result parse(const reader *r, pica_shbin *s)
{
    glhle_result res;
    if (r->size > PICA_SHBIN_MAX_SIZE)
        return BAD(r, GLHLE_RESULT_LIMIT_EXCEEDED, "file of %zu bytes is larger than the %u-byte limit", r->size,
                   PICA_SHBIN_MAX_SIZE);
    if (r->size < 8)
        return BAD(r, GLHLE_RESULT_TRUNCATED, "file of %zu bytes is too short for a DVLB header (8 bytes)", r->size);
    if (memcmp(r->data, "DVLB", 4) != 0)
        return BAD(r, GLHLE_RESULT_BAD_DATA, "byte 0x0 does not start with \"DVLB\"");
    uint32_t ndvle = rd32(r, 4);
    if (ndvle == 0)
        return BAD(r, GLHLE_RESULT_BAD_DATA, "DVLE count at byte 0x4 is 0; a SHBIN holds at least one");
    if (!in_file(r, 8, ndvle, 4))
        return BAD(r, GLHLE_RESULT_TRUNCATED, "DVLE offset table (%u entries at byte 0x8) runs past the %zu-byte file",
                   ndvle, r->size);

    /* DVLP directly after the DVLE offset table */
    size_t p = 8 + (size_t)ndvle * 4;
    if (!in_file(r, p, 1, 0x28))
        return BAD(r, GLHLE_RESULT_TRUNCATED, "DVLP header at byte 0x%zX needs 0x28 bytes; the file has %zu", p,
                   r->size);
    if (memcmp(r->data + p, "DVLP", 4) != 0)
        return BAD(r, GLHLE_RESULT_BAD_DATA, "DVLP at byte 0x%zX does not start with \"DVLP\"", p);
    s->dvlp_version = rd32(r, p + 4);
    uint32_t code_rel = rd32(r, p + 8), code_words = rd32(r, p + 0xC);
    uint32_t desc_rel = rd32(r, p + 0x10), desc_count = rd32(r, p + 0x14);
    if (code_words > PICA_SHADER_CODE_WORDS)
        return BAD(r, GLHLE_RESULT_BAD_DATA, "program size %u words (byte 0x%zX) exceeds the %u words of code memory",
                   code_words, p + 0xC, PICA_SHADER_CODE_WORDS);
    if (desc_count > PICA_SHADER_OPDESC_WORDS)
        return BAD(r, GLHLE_RESULT_BAD_DATA,
                   "operand descriptor count %u (byte 0x%zX) exceeds the %u entries of descriptor memory", desc_count,
                   p + 0x14, PICA_SHADER_OPDESC_WORDS);
    if (!in_file(r, (uint64_t)p + code_rel, code_words, 4))
        return BAD(r, GLHLE_RESULT_TRUNCATED, "program (%u words at DVLP offset 0x%X, field at byte 0x%zX) runs past "
                   "the %zu-byte file", code_words, code_rel, p + 8, r->size);
    if (!in_file(r, (uint64_t)p + desc_rel, desc_count, 8))
        return BAD(r, GLHLE_RESULT_TRUNCATED, "operand descriptors (%u at DVLP offset 0x%X, field at byte 0x%zX) run "
                   "past the %zu-byte file", desc_count, desc_rel, p + 0x10, r->size);
    /* the filename symbol table is not used, but a stated one must exist */
    uint32_t fsym_rel = rd32(r, p + 0x20), fsym_size = rd32(r, p + 0x24);
    if (fsym_size && !in_file(r, (uint64_t)p + fsym_rel, fsym_size, 1))
        return BAD(r, GLHLE_RESULT_TRUNCATED, "filename symbol table (%u bytes at DVLP offset 0x%X, byte 0x%zX) runs "
                   "past the %zu-byte file", fsym_size, fsym_rel, p + 0x20, r->size);

    uint32_t *code = GLHLE_ARENA_ARRAY(&s->arena, uint32_t, code_words);
    uint32_t *desc = GLHLE_ARENA_ARRAY(&s->arena, uint32_t, desc_count);
    if (!code || !desc)
        return GLHLE_RESULT_OUT_OF_MEMORY;
    for (uint32_t i = 0; i < code_words; i++)
        code[i] = rd32(r, p + code_rel + (size_t)i * 4);
    for (uint32_t i = 0; i < desc_count; i++)
        desc[i] = rd32(r, p + desc_rel + (size_t)i * 8); /* the second word of an entry is unused (picasso writes 0) */
    s->code = code;
    s->code_words = code_words;
    s->opdesc = desc;
    s->opdesc_count = desc_count;

    pica_shbin_dvle *dvles = GLHLE_ARENA_ARRAY(&s->arena, pica_shbin_dvle, ndvle);
    if (!dvles)
        return GLHLE_RESULT_OUT_OF_MEMORY;
    for (uint32_t i = 0; i < ndvle; i++)
        if ((res = parse_dvle(r, &s->arena, s, i, rd32(r, 8 + (size_t)i * 4), &dvles[i])) != GLHLE_RESULT_OK)
            return res;
    s->dvles = dvles;
    s->dvle_count = ndvle;
    return GLHLE_RESULT_OK;
}

glhle_result pica_shbin_parse(const void *data, size_t size, const glhle_logger *lg, pica_shbin *out)
{
    memset(out, 0, sizeof *out);
    if (!data && size)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    reader r = {data, size, lg};
    /* Everything parsed is at most a fixed multiple of the file (each table
     * entry expands to a bounded struct, names are copied once), so the
     * arena's cap is a safety net, not a tuning knob. */
    glhle_arena_init(&out->arena, 0, 64u * 1024 + size * 8);
    glhle_result res = parse(&r, out);
    if (res != GLHLE_RESULT_OK) {
        if (res == GLHLE_RESULT_OUT_OF_MEMORY)
            GLHLE_ERROR(lg, "shbin: out of memory parsing a %zu-byte file", size);
        pica_shbin_free(out);
    }
    return res;
}

void pica_shbin_free(pica_shbin *s)
{
    glhle_arena_free(&s->arena);
    memset(s, 0, sizeof *s);
}

glhle_result pica_shbin_load_setup(const pica_shbin *s, uint32_t dvle_index, pica_shader_setup *setup,
                                   const glhle_logger *lg)
{
    if (dvle_index >= s->dvle_count)
        return GLHLE_FAIL(lg, GLHLE_RESULT_NOT_FOUND, "shbin: no DVLE %u (the file has %u)", dvle_index,
                          s->dvle_count);
    const pica_shbin_dvle *d = &s->dvles[dvle_index];
    memset(setup->code, 0, sizeof setup->code);
    memset(setup->opdesc, 0, sizeof setup->opdesc);
    memcpy(setup->code, s->code, (size_t)s->code_words * 4);
    memcpy(setup->opdesc, s->opdesc, (size_t)s->opdesc_count * 4);
    setup->entry_point = (uint16_t)d->main_offset;
    setup->bool_uniforms = 0xFFFF;
    memset(setup->int_uniforms, 0, sizeof setup->int_uniforms);
    for (uint32_t i = 0; i < d->const_count; i++) {
        const pica_shbin_const *c = &d->consts[i];
        if (c->type == PICA_SHBIN_CONST_BOOL) {
            setup->bool_uniforms = (uint16_t)((setup->bool_uniforms & ~(1u << c->reg)) | (unsigned)c->b << c->reg);
        } else if (c->type == PICA_SHBIN_CONST_INT) {
            memcpy(setup->int_uniforms[c->reg], c->i, 4);
        } else {
            for (int k = 0; k < 4; k++)
                setup->float_uniforms[c->reg][k] = glhle_f24_to_float(c->f24[k]);
        }
    }
    setup->program_generation++;
    return GLHLE_RESULT_OK;
}

void pica_shbin_outmap(const pica_shbin_dvle *d, uint32_t outmap[7], uint32_t *total, uint32_t *mask)
{
    /* first semantic and component count of each output type (3dbrew
     * GPUREG_SH_OUTMAP_Oi semantics; counts as in libctru) */
    static const uint8_t first[10] = {0x00, 0x04, 0x08, 0x0C, 0x10, 0x0E, 0x16, 0x1F, 0x12, 0x1F};
    static const uint8_t count[10] = {4, 4, 4, 2, 1, 2, 2, 0, 3, 0};
    uint32_t regmask = 0;
    for (uint32_t i = 0; i < d->output_count; i++)
        regmask |= 1u << d->outputs[i].reg;
    uint32_t map[16];
    for (int i = 0; i < 16; i++)
        map[i] = 0x1F1F1F1Fu;
    for (uint32_t i = 0; i < d->output_count; i++) {
        const pica_shbin_output *o = &d->outputs[i];
        if (o->type >= 10)
            continue;
        uint32_t sem = first[o->type];
        for (unsigned c = 0, k = 0; c < 4 && k < count[o->type]; c++) {
            if (!(o->mask & (1u << c)))
                continue;
            map[o->reg] = (map[o->reg] & ~(0xFFu << (8 * c))) | (sem++ << (8 * c));
            k++;
        }
    }
    uint32_t n = 0;
    for (int reg = 0; reg < 16; reg++)
        if (regmask & (1u << reg)) {
            if (n < 7)
                outmap[n] = map[reg];
            n++;
        }
    for (uint32_t i = n; i < 7; i++)
        outmap[i] = 0x1F1F1F1Fu;
    *total = n < 7 ? n : 7;
    *mask = regmask;
}

const pica_shbin_uniform *pica_shbin_find_uniform(const pica_shbin_dvle *d, const char *name)
{
    for (uint32_t i = 0; i < d->uniform_count; i++)
        if (strcmp(d->uniforms[i].name, name) == 0)
            return &d->uniforms[i];
    return NULL;
}
