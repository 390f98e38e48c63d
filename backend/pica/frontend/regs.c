#include "backend/pica/frontend/regs.h"

#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/pica/frontend/frontend.h"

/* ---- tables generated from regs_table.h --------------------------------------- */

#define G(group) (PICA_GROUP_##group == PICA_GROUP_NONE ? 0u : (1u << PICA_GROUP_##group))
#define S PICA_REG_SIDE_EFFECT
/* Registers holding floats go through the side-effect path, where a NaN
 * parameter is reported (3dbrew: "Invalid GPU command parameters including
 * NaN floats can cause the GPU to hang"). */
#define HOLDS_FLOAT(k)                                                                                   \
    ((k) == PICA_FIELDS_f16 || (k) == PICA_FIELDS_f16x2 || (k) == PICA_FIELDS_f20 || (k) == PICA_FIELDS_f24 || \
     (k) == PICA_FIELDS_f31 || (k) == PICA_FIELDS_proctex1 || (k) == PICA_FIELDS_proctex2 ||             \
     (k) == PICA_FIELDS_proctex3 || (k) == PICA_FIELDS_fragop_shadow)
#define INFO_(id, name, flags, fields) [id] = (flags) | (HOLDS_FLOAT(PICA_FIELDS_##fields) ? S : 0u),
const uint32_t pica_reg_info[PICA_REG_COUNT] = {PICA_REGS(INFO_)};
#undef INFO_
#undef S
#undef G

#define FIELDS_(id, name, flags, fields) [id] = PICA_FIELDS_##fields + 1,
static const uint8_t reg_fields_plus1[PICA_REG_COUNT] = {PICA_REGS(FIELDS_)};
#undef FIELDS_

pica_fields pica_reg_fields(uint32_t id)
{
    if (id >= PICA_REG_COUNT || !reg_fields_plus1[id])
        return PICA_FIELDS_COUNT;
    return (pica_fields)(reg_fields_plus1[id] - 1);
}

#define NAME_(id, name, flags, fields) [id] = "GPUREG_" #name,
static const char *const doc_names[PICA_REG_COUNT] = {PICA_REGS(NAME_)};
#undef NAME_

/* 3dbrew names undocumented registers by number: GPUREG_0045. */
#define HEX16_(M, a, b) \
    M(a, b, 0) M(a, b, 1) M(a, b, 2) M(a, b, 3) M(a, b, 4) M(a, b, 5) M(a, b, 6) M(a, b, 7) \
    M(a, b, 8) M(a, b, 9) M(a, b, A) M(a, b, B) M(a, b, C) M(a, b, D) M(a, b, E) M(a, b, F)
#define NUMBER_NAME_(a, b, c) "GPUREG_0" #a #b #c,
#define ROW_(a, b) HEX16_(NUMBER_NAME_, a, b)
#define ROWS_(a) \
    ROW_(a, 0) ROW_(a, 1) ROW_(a, 2) ROW_(a, 3) ROW_(a, 4) ROW_(a, 5) ROW_(a, 6) ROW_(a, 7) \
    ROW_(a, 8) ROW_(a, 9) ROW_(a, A) ROW_(a, B) ROW_(a, C) ROW_(a, D) ROW_(a, E) ROW_(a, F)
static const char *const number_names[PICA_REG_COUNT] = {ROWS_(0) ROWS_(1) ROWS_(2)};

const char *pica_reg_doc_name(uint32_t id)
{
    return id < PICA_REG_COUNT ? doc_names[id] : NULL;
}

const char *pica_reg_name(uint32_t id)
{
    if (id >= PICA_REG_COUNT)
        return "GPUREG_INVALID";
    return doc_names[id] ? doc_names[id] : number_names[id];
}

/* ---- state ------------------------------------------------------------------------ */

void pica_regs_init(pica_regs *rf)
{
    memset(rf, 0, sizeof *rf);
    rf->r[PICA_REG_GSH_INPUTBUFFER_CONFIG] = 0xA0000001u;
    pica_regs_mark_all_stale(rf);
    pica_regs_refresh(rf);
}

void pica_regs_mark_all_stale(pica_regs *rf)
{
    rf->stale = PICA_DIRTY_ALL;
    rf->state.dirty = PICA_DIRTY_ALL;
    rf->state.lighting_lut_dirty = (1u << PICA_LIGHTING_LUT_COUNT) - 1;
    rf->state.proctex_lut_dirty = (1u << PICA_PROCTEX_LUT_NOISE) | (1u << PICA_PROCTEX_LUT_RGB_MAP) |
                                  (1u << PICA_PROCTEX_LUT_ALPHA_MAP) | (1u << PICA_PROCTEX_LUT_COLOR) |
                                  (1u << PICA_PROCTEX_LUT_COLOR_DIFF);
}

void pica_regs_refresh(pica_regs *rf)
{
    const uint32_t *r = rf->r;
    pica_state *st = &rf->state;
    uint32_t s = rf->stale;
    if (s & PICA_DIRTY(RASTER))
        pica_decode_raster(r, &st->raster);
    if (s & PICA_DIRTY(OUTMAP))
        pica_decode_outmap(r, &st->outmap);
    if (s & PICA_DIRTY(TEXTURE))
        pica_decode_texturing(r, &st->texturing);
    if (s & PICA_DIRTY(PROCTEX))
        pica_decode_proctex(r, &st->proctex);
    if (s & PICA_DIRTY(TEV))
        pica_decode_tev(r, &st->tev);
    if (s & PICA_DIRTY(TEV_COLOR))
        pica_decode_tev_colors(r, &st->tev_colors);
    if (s & PICA_DIRTY(FOG))
        pica_decode_fog(r, &st->fog);
    if (s & PICA_DIRTY(FRAGOP))
        pica_decode_fragop(r, &st->fragop);
    if (s & PICA_DIRTY(FRAMEBUFFER))
        pica_decode_framebuffer(r, &st->framebuffer);
    if (s & (PICA_DIRTY(LIGHTING) | PICA_DIRTY(LIGHTS)))
        pica_decode_lighting(r, &st->lighting);
    if (s & PICA_DIRTY(GEOMETRY))
        pica_decode_geometry(r, &st->geometry);
    if (s & PICA_DIRTY(VS_CONFIG))
        pica_decode_shader_unit(r, 0, &st->vs);
    if (s & PICA_DIRTY(GS_CONFIG))
        pica_decode_shader_unit(r, 1, &st->gs);
    rf->stale = 0;
}

static void mark(pica_regs *rf, uint32_t bits)
{
    rf->state.dirty |= bits;
    rf->stale |= bits;
}

static void emit_simple(pica_frontend *p, glhle_pica_event_type type, uint32_t id, uint32_t param)
{
    if (!pica_wants(p, type))
        return;
    glhle_pica_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    ev.reg = (uint16_t)id;
    ev.param = param;
    ev.value = p->regs.r[id];
    ev.element = -1;
    pica_emit(p, &ev);
}

static void emit_fifo(pica_frontend *p, uint32_t id, uint32_t param, glhle_pica_fifo fifo, uint32_t table,
                      uint32_t index, uint32_t data, const float *vec4)
{
    if (!pica_wants(p, GLHLE_PICA_EVENT_FIFO))
        return;
    glhle_pica_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = GLHLE_PICA_EVENT_FIFO;
    ev.reg = (uint16_t)id;
    ev.param = param;
    ev.value = p->regs.r[id];
    ev.element = -1;
    ev.u.fifo.fifo = fifo;
    ev.u.fifo.table = table;
    ev.u.fifo.index = index;
    ev.u.fifo.data = data;
    ev.u.fifo.vec4 = vec4;
    pica_emit(p, &ev);
}

/* ---- floats -------------------------------------------------------------------------- */

static const char axis_names[4] = {'x', 'y', 'z', 'w'};

/* Four f24 packed in three words as the 96-bit concatenation w:z:y:x,
 * most significant first (3dbrew GPUREG_FIXEDATTRIB_DATAi bit table: DATA0
 * bits 8-31 = w, bits 0-7 = z bits 16-23; DATA1 bits 16-31 = z bits 0-15,
 * bits 0-15 = y bits 8-23; DATA2 bits 24-31 = y bits 0-7, bits 0-23 = x.
 * FLOATUNIFORM_DATA uses the same packing; Azahar PackedAttribute::AsFloat24
 * agrees). */
static void unpack_f24x4(const uint32_t w[3], uint32_t raw[4])
{
    raw[0] = w[2] & 0xFFFFFF;
    raw[1] = ((w[1] & 0xFFFF) << 8) | (w[2] >> 24);
    raw[2] = ((w[0] & 0xFF) << 16) | (w[1] >> 16);
    raw[3] = w[0] >> 8;
}

/* Widens a completed f24 vec4 (or f32 when f32 is set: four words w, z, y,
 * x, "in the reverse order"), reporting NaN components. */
static void decode_vec4(pica_frontend *p, const uint32_t *words, bool f32, const char *what, uint32_t which,
                        float out[4])
{
    uint32_t raw[4];
    if (f32) {
        for (int i = 0; i < 4; i++)
            raw[i] = words[3 - i];
    } else {
        unpack_f24x4(words, raw);
    }
    for (int i = 0; i < 4; i++) {
        out[i] = f32 ? glhle_bits_to_float(raw[i]) : glhle_f24_to_float(raw[i]);
        if (f32 ? glhle_pica_float_is_nan(raw[i], 8, 23) : glhle_pica_float_is_nan(raw[i], 7, 16))
            pica_problem(p, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                         "NaN in %s%u component %c (%s 0x%0*x); stored as given, the hardware may hang", what,
                         which, axis_names[i], f32 ? "f32" : "f24", f32 ? 8 : 6, raw[i]);
    }
}

/* NaN check for the float-holding registers (pica_reg_info side-effect bit). */
typedef struct float_field {
    uint32_t raw;
    unsigned exp_bits, mant_bits;
} float_field;

static void check_float_reg(pica_frontend *p, uint32_t id, uint32_t v)
{
    float_field f[2];
    int n = 0;
    switch (pica_reg_fields(id)) {
    case PICA_FIELDS_f24:
        f[n++] = (float_field){v & 0xFFFFFF, 7, 16};
        break;
    case PICA_FIELDS_f31:
        f[n++] = (float_field){v >> 1, 7, 23};
        break;
    case PICA_FIELDS_f20:
        f[n++] = (float_field){v & 0xFFFFF, 7, 12};
        break;
    case PICA_FIELDS_f16:
        f[n++] = (float_field){v & 0xFFFF, 5, 10};
        break;
    case PICA_FIELDS_proctex1:
    case PICA_FIELDS_proctex2:
        f[n++] = (float_field){v >> 16, 5, 10};
        break;
    case PICA_FIELDS_f16x2:
    case PICA_FIELDS_proctex3:
    case PICA_FIELDS_fragop_shadow:
        f[n++] = (float_field){v & 0xFFFF, 5, 10};
        f[n++] = (float_field){v >> 16, 5, 10};
        break;
    default:
        return;
    }
    for (int i = 0; i < n; i++)
        if (glhle_pica_float_is_nan(f[i].raw, f[i].exp_bits, f[i].mant_bits))
            pica_problem(p, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                         "%s = 0x%08x holds a NaN (float1.%u.%u 0x%x); kept as given, the hardware may hang",
                         pica_reg_name(id), v, f[i].exp_bits, f[i].mant_bits, f[i].raw);
}

/* ---- LUT ports ------------------------------------------------------------------------ */

static void store_word(uint32_t *slot, uint32_t v, pica_regs *rf, uint32_t dirty_bit, uint32_t *sub_dirty,
                       uint32_t sub_bit)
{
    if (*slot == v)
        return;
    *slot = v;
    mark(rf, dirty_bit);
    if (sub_dirty)
        *sub_dirty |= sub_bit;
}

/* LIGHTING_LUT_DATA0-7 all feed one FIFO: the entry at LUT_INDEX's index
 * (bits 0-7) of table bits 8-12; the 8-bit index then increments and wraps
 * (Azahar pica_core.cpp stores lut_config.index + 1 into the 8-bit field). */
static void lighting_lut_data(pica_frontend *p, uint32_t id, uint32_t param)
{
    pica_regs *rf = &p->regs;
    uint32_t *ix = &rf->r[PICA_REG_LIGHTING_LUT_INDEX];
    uint32_t index = *ix & 0xFF, table = (*ix >> 8) & 0x1F;
    if (table < PICA_LIGHTING_LUT_COUNT) {
        uint32_t e = param & 0xFFFFFF; /* entries are bits 0-23 */
        store_word(&rf->state.lighting_lut[table][index], e, rf, PICA_DIRTY(LIGHTING_LUT),
                   &rf->state.lighting_lut_dirty, 1u << table);
        emit_fifo(p, id, param, GLHLE_PICA_FIFO_LIGHTING_LUT, table, index, e, NULL);
    } else {
        pica_problem(p, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                     "lighting LUT data for table %u, which does not exist (0-23); entry %u dropped", table,
                     index);
    }
    *ix = (*ix & ~0xFFu) | ((index + 1) & 0xFF);
}

/* FOG_LUT_DATA0-7 (128 entries) and GAS_LUT_DATA (16 entries, 3dbrew):
 * the 16-bit index register increments after each word and the entry is
 * the index modulo the table size (Azahar: fog.lut[fog_lut_offset % 128];
 * the gas LUT is treated the same way). */
static void index16_lut_data(pica_frontend *p, uint32_t id, uint32_t param, uint32_t index_reg, uint32_t *table,
                             uint32_t size, uint32_t dirty_bit, glhle_pica_fifo fifo)
{
    pica_regs *rf = &p->regs;
    uint32_t *ix = &rf->r[index_reg];
    uint32_t index = (*ix & 0xFFFF) % size;
    uint32_t e = param & 0xFFFFFF;
    store_word(&table[index], e, rf, dirty_bit, NULL, 0);
    emit_fifo(p, id, param, fifo, 0, index, e, NULL);
    *ix = (*ix & ~0xFFFFu) | ((*ix + 1) & 0xFFFF);
}

/* PROCTEX_LUT_DATA0-7: table PROCTEX_LUT bits 8-11, 8-bit index bits 0-7;
 * the 128-entry tables (noise, RGB map, alpha map: ids up to 3) take index
 * mod 128 (Azahar: table[index % size]). The entry the next word fills. */
static uint32_t proctex_lut_entry(uint32_t lut_reg)
{
    uint32_t index = lut_reg & 0xFF, table = (lut_reg >> 8) & 0xF;
    return table <= PICA_PROCTEX_LUT_ALPHA_MAP ? index % 128 : index;
}

static void proctex_lut_data(pica_frontend *p, uint32_t id, uint32_t param)
{
    pica_regs *rf = &p->regs;
    pica_state *st = &rf->state;
    uint32_t *ix = &rf->r[PICA_REG_PROCTEX_LUT];
    uint32_t index = *ix & 0xFF, table = (*ix >> 8) & 0xF, at = proctex_lut_entry(*ix);
    uint32_t *slot = NULL;
    switch (table) {
    case PICA_PROCTEX_LUT_NOISE:
        slot = &st->proctex_noise[at];
        break;
    case PICA_PROCTEX_LUT_RGB_MAP:
        slot = &st->proctex_rgb_map[at];
        break;
    case PICA_PROCTEX_LUT_ALPHA_MAP:
        slot = &st->proctex_alpha_map[at];
        break;
    case PICA_PROCTEX_LUT_COLOR:
        slot = &st->proctex_color[at];
        break;
    case PICA_PROCTEX_LUT_COLOR_DIFF:
        slot = &st->proctex_color_diff[at];
        break;
    default:
        pica_problem(p, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                     "procedural texture LUT data for table %u, which does not exist (0, 2-5); entry %u dropped",
                     table, index);
        break;
    }
    if (slot) {
        store_word(slot, param, rf, PICA_DIRTY(PROCTEX_LUT), &st->proctex_lut_dirty, 1u << table);
        emit_fifo(p, id, param, GLHLE_PICA_FIFO_PROCTEX_LUT, table, at, param, NULL);
    }
    *ix = (*ix & ~0xFFu) | ((index + 1) & 0xFF);
}

/* ---- vertex input ------------------------------------------------------------------------ */

static void draw(pica_frontend *p, uint32_t id, uint32_t param)
{
    const uint32_t *r = p->regs.r;
    p->run.res.draws++;
    if (!pica_wants(p, GLHLE_PICA_EVENT_DRAW))
        return;
    glhle_pica_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = GLHLE_PICA_EVENT_DRAW;
    ev.reg = (uint16_t)id;
    ev.param = param;
    ev.value = r[id];
    ev.element = -1;
    uint32_t base = ((r[PICA_REG_ATTRIBBUFFERS_LOC] >> 1) & 0x0FFFFFFF) << 4;
    ev.u.draw.indexed = id == PICA_REG_DRAWELEMENTS;
    ev.u.draw.vertex_count = r[PICA_REG_NUMVERTICES];
    ev.u.draw.first_vertex = r[PICA_REG_VERTEX_OFFSET];
    ev.u.draw.index_paddr = base + (r[PICA_REG_INDEXBUFFER_CONFIG] & 0x0FFFFFFF);
    ev.u.draw.index_u16 = (r[PICA_REG_INDEXBUFFER_CONFIG] >> 31) != 0;
    ev.u.draw.primitive_mode = (uint8_t)((r[PICA_REG_PRIMITIVE_CONFIG] >> 8) & 3);
    pica_emit(p, &ev);
}

/* FIXEDATTRIB_DATA0-2: three words make one f24 vec4. Index 0-14 stores a
 * fixed attribute and moves the index on by one (Azahar SubmitImmediate:
 * setup.index++); index 0xF is immediate mode: the vec4 is the next input
 * attribute of a vertex, and after VSH_NUM_ATTR + 1 of them the vertex is
 * complete (3dbrew GPU/Programming_Guide "Immediate-Mode Vertex Submission"). */
static void fixed_attrib_data(pica_frontend *p, uint32_t id, uint32_t param)
{
    pica_regs *rf = &p->regs;
    pica_word_queue *q = &rf->attrib_queue;
    q->word[q->count++] = param;
    if (q->count < 3)
        return;
    q->count = 0;
    uint32_t *ix = &rf->r[PICA_REG_FIXEDATTRIB_INDEX];
    uint32_t index = *ix & 0xF;
    float v[4];
    decode_vec4(p, q->word, false, index == 0xF ? "immediate-mode attribute " : "fixed attribute ",
                index == 0xF ? rf->immediate_attrib : index, v);
    if (index < 0xF) {
        float *slot = rf->state.fixed_attrib[index];
        if (memcmp(slot, v, sizeof v)) {
            memcpy(slot, v, sizeof v);
            mark(rf, PICA_DIRTY(FIXED_ATTRIB));
        }
        emit_fifo(p, id, param, GLHLE_PICA_FIFO_FIXED_ATTRIB, 0, index, 0, slot);
        *ix = (*ix & ~0xFu) | (index + 1);
        return;
    }
    uint32_t count = (rf->r[PICA_REG_VSH_NUM_ATTR] & 0xF) + 1;
    if (rf->immediate_attrib >= count) /* VSH_NUM_ATTR shrank mid-vertex: start over */
        rf->immediate_attrib = 0;
    memcpy(rf->immediate_vertex[rf->immediate_attrib], v, sizeof v);
    if (++rf->immediate_attrib < count)
        return;
    rf->immediate_attrib = 0;
    p->run.res.immediate_vertices++;
    if (pica_wants(p, GLHLE_PICA_EVENT_IMMEDIATE_VERTEX)) {
        glhle_pica_event ev;
        memset(&ev, 0, sizeof ev);
        ev.type = GLHLE_PICA_EVENT_IMMEDIATE_VERTEX;
        ev.reg = (uint16_t)id;
        ev.param = param;
        ev.value = rf->r[id];
        ev.element = -1;
        ev.u.vertex.attrib_count = count;
        ev.u.vertex.attrib = (const float(*)[4])rf->immediate_vertex;
        pica_emit(p, &ev);
    }
    memset(rf->immediate_vertex, 0, sizeof rf->immediate_vertex);
}

/* ---- shader units ------------------------------------------------------------------------------ */

#define VS_BASE 0x2B0u
#define GS_BASE 0x280u

/* 3dbrew GPUREG_VSH_COM_MODE: "When disabled and the geometry unit is not
 * in use, as configured by GPUREG_GEOSTAGE_CONFIG, uniforms, outmap mask,
 * program code and swizzle data are propagated to the geometry shader
 * unit." Azahar: !gs_unit_exclusive_configuration && use_gs == No (0). */
static bool vs_writes_reach_gs(const uint32_t *r)
{
    return !(r[PICA_REG_VSH_COM_MODE] & 1) && (r[PICA_REG_GEOSTAGE_CONFIG] & 3) == 0;
}

static const uint32_t uniform_dirty[2] = {PICA_DIRTY(VS_UNIFORMS), PICA_DIRTY(GS_UNIFORMS)};
static const uint32_t program_dirty[2] = {PICA_DIRTY(VS_PROGRAM), PICA_DIRTY(GS_PROGRAM)};

static pica_shader_setup *setup_of(pica_regs *rf, int unit)
{
    return unit == 0 ? &rf->state.vs_setup : &rf->state.gs_setup;
}

static void set_bool_uniforms(pica_regs *rf, int unit, uint32_t v)
{
    pica_shader_setup *s = setup_of(rf, unit);
    if (s->bool_uniforms != (uint16_t)v) {
        s->bool_uniforms = (uint16_t)v;
        mark(rf, uniform_dirty[unit]);
    }
}

static void set_int_uniform(pica_regs *rf, int unit, uint32_t i, uint32_t v)
{
    pica_shader_setup *s = setup_of(rf, unit);
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    if (memcmp(s->int_uniforms[i], b, 4)) {
        memcpy(s->int_uniforms[i], b, 4);
        mark(rf, uniform_dirty[unit]);
    }
}

static void set_float_uniform(pica_regs *rf, int unit, uint32_t i, const float v[4])
{
    pica_shader_setup *s = setup_of(rf, unit);
    uint32_t old[4], now[4]; /* compared as bits: NaN and -0 count as changes */
    memcpy(old, s->float_uniforms[i], sizeof old);
    memcpy(now, v, sizeof now);
    if ((old[0] ^ now[0]) | (old[1] ^ now[1]) | (old[2] ^ now[2]) | (old[3] ^ now[3])) {
        memcpy(s->float_uniforms[i], v, sizeof s->float_uniforms[i]);
        mark(rf, uniform_dirty[unit]);
    }
}

static void set_program_word(pica_regs *rf, int unit, bool opdesc, uint32_t at, uint32_t v)
{
    pica_shader_setup *s = setup_of(rf, unit);
    uint32_t *slot = opdesc ? &s->opdesc[at] : &s->code[at];
    if (*slot != v) {
        *slot = v;
        s->program_generation++;
        mark(rf, program_dirty[unit]);
    }
}

/* {VSH,GSH}_FLOATUNIFORM_DATA0-7: three words per vec4 in f24 mode, four in
 * f32 mode (FLOATUNIFORM_INDEX bit 31); the target c0-c95 is INDEX bits
 * 0-7 and moves on after each vec4 (3dbrew). Targets past c95 are dropped
 * without moving on: games write them and hardware ignores them (Azahar
 * ShaderSetup::WriteUniformFloatReg). */
static void float_uniform_data(pica_frontend *p, int unit, uint32_t id, uint32_t param)
{
    pica_regs *rf = &p->regs;
    pica_word_queue *q = &rf->uniform_queue[unit];
    uint32_t *ix = &rf->r[(unit ? GS_BASE : VS_BASE) + 0x10];
    bool f32 = (*ix >> 31) != 0;
    q->word[q->count++] = param;
    if (q->count < (f32 ? 4u : 3u))
        return;
    q->count = 0;
    uint32_t target = *ix & 0xFF;
    float v[4];
    decode_vec4(p, q->word, f32, unit ? "geometry shader uniform c" : "vertex shader uniform c", target, v);
    if (target >= PICA_SHADER_FLOAT_UNIFORMS) {
        GLHLE_DEBUG(&p->log, "pica: %s uniform c%u is past c95; ignored as the hardware does", unit ? "GS" : "VS",
                    target);
        return;
    }
    set_float_uniform(rf, unit, target, v);
    if (unit == 0 && vs_writes_reach_gs(rf->r))
        set_float_uniform(rf, 1, target, v);
    emit_fifo(p, id, param, unit ? GLHLE_PICA_FIFO_GS_UNIFORM : GLHLE_PICA_FIFO_VS_UNIFORM, 0, target, 0,
              setup_of(rf, unit)->float_uniforms[target]);
    *ix = (*ix & ~0xFFu) | ((target + 1) & 0xFF);
}

/* {VSH,GSH}_CODETRANSFER_DATA0-7 and OPDESCS_DATA0-7: each word goes to the
 * offset set by the INDEX register, which then increments (3dbrew). Code
 * memory holds 4096 words and there are 128 operand descriptors
 * (shader_setup.h); words past the end are dropped and reported (Azahar
 * logs "Invalid ... program offset" and drops them too). The INDEX
 * register's low 12 bits follow the offset. */
static void program_data(pica_frontend *p, int unit, bool opdesc, uint32_t id, uint32_t param)
{
    pica_regs *rf = &p->regs;
    uint32_t *off = opdesc ? &rf->opdesc_offset[unit] : &rf->code_offset[unit];
    uint32_t limit = opdesc ? PICA_SHADER_OPDESC_WORDS : PICA_SHADER_CODE_WORDS;
    if (*off >= limit) {
        pica_problem(p, GLHLE_RESULT_OUT_OF_BOUNDS, GLHLE_LOG_WARN,
                     "%s shader %s upload at word %u, past the last of %u; word dropped", unit ? "geometry" : "vertex",
                     opdesc ? "operand descriptor" : "code", *off, limit);
        return;
    }
    set_program_word(rf, unit, opdesc, *off, param);
    if (unit == 0 && vs_writes_reach_gs(rf->r))
        set_program_word(rf, 1, opdesc, *off, param);
    glhle_pica_fifo kind = opdesc ? (unit ? GLHLE_PICA_FIFO_GS_OPDESC : GLHLE_PICA_FIFO_VS_OPDESC)
                                  : (unit ? GLHLE_PICA_FIFO_GS_CODE : GLHLE_PICA_FIFO_VS_CODE);
    emit_fifo(p, id, param, kind, 0, *off, param, NULL);
    (*off)++;
    uint32_t *ix = &rf->r[(unit ? GS_BASE : VS_BASE) + (opdesc ? 0x25 : 0x1B)];
    *ix = (*ix & ~0xFFFu) | (*off & 0xFFF);
}

static uint32_t shader_side_effect(pica_frontend *p, uint32_t id, uint32_t param)
{
    pica_regs *rf = &p->regs;
    const int unit = id >= VS_BASE ? 0 : 1;
    const uint32_t at = id - (unit ? GS_BASE : VS_BASE);
    const uint32_t v = rf->r[id];
    switch (at) {
    case 0x00: /* BOOLUNIFORM bits 0-15: b0-b15 */
        set_bool_uniforms(rf, unit, v);
        if (unit == 0 && vs_writes_reach_gs(rf->r))
            set_bool_uniforms(rf, 1, v);
        break;
    case 0x01: case 0x02: case 0x03: case 0x04: /* INTUNIFORM_I0-I3: x, y, z, w bytes */
        set_int_uniform(rf, unit, at - 1, v);
        if (unit == 0 && vs_writes_reach_gs(rf->r))
            set_int_uniform(rf, 1, at - 1, v);
        break;
    case 0x0A: /* ENTRYPOINT bits 0-15 */
        setup_of(rf, unit)->entry_point = (uint16_t)v;
        break;
    case 0x0D: /* OUTMAP_MASK: shared like the uniforms (3dbrew VSH_COM_MODE; Azahar copies it) */
        if (unit == 0 && vs_writes_reach_gs(rf->r) && rf->r[GS_BASE + 0x0D] != v) {
            rf->r[GS_BASE + 0x0D] = v;
            mark(rf, PICA_DIRTY(GS_CONFIG));
        }
        break;
    case 0x0F: /* CODETRANSFER_END */
        emit_simple(p, GLHLE_PICA_EVENT_TRIGGER, id, param);
        break;
    case 0x10: /* FLOATUNIFORM_INDEX: a new transfer starts */
        rf->uniform_queue[unit].count = 0;
        break;
    case 0x1B: /* CODETRANSFER_INDEX bits 0-11 */
        rf->code_offset[unit] = v & 0xFFF;
        break;
    case 0x25: /* OPDESCS_INDEX bits 0-11 */
        rf->opdesc_offset[unit] = v & 0xFFF;
        break;
    default:
        if (at >= 0x11 && at <= 0x18)
            float_uniform_data(p, unit, id, param);
        else if (at >= 0x1C && at <= 0x23)
            program_data(p, unit, false, id, param);
        else if (at >= 0x26 && at <= 0x2D)
            program_data(p, unit, true, id, param);
        break;
    }
    return PICA_CONTROL_NONE;
}

/* ---- dispatch ------------------------------------------------------------------------------------ */

uint32_t pica_regs_side_effect(pica_frontend *p, uint32_t id, uint32_t param, uint32_t old)
{
    pica_regs *rf = &p->regs;
    if (id >= GS_BASE)
        return shader_side_effect(p, id, param);
    const uint32_t v = rf->r[id];
    switch (id) {
    case PICA_REG_FINALIZE:
        /* 3dbrew: the value does not matter; commands after it are ignored */
        emit_simple(p, GLHLE_PICA_EVENT_FINALIZE, id, param);
        return PICA_CONTROL_FINALIZE;
    case PICA_REG_CMDBUF_JUMP0:
        return PICA_CONTROL_JUMP0;
    case PICA_REG_CMDBUF_JUMP1:
        return PICA_CONTROL_JUMP1;
    case PICA_REG_DRAWARRAYS:
    case PICA_REG_DRAWELEMENTS:
        /* any write triggers, as in Azahar (3dbrew: "non-zero = draw") */
        draw(p, id, param);
        return PICA_CONTROL_NONE;
    case PICA_REG_RESTART_PRIMITIVE:
        emit_simple(p, GLHLE_PICA_EVENT_RESTART_PRIMITIVE, id, param);
        return PICA_CONTROL_NONE;
    case PICA_REG_EARLYDEPTH_CLEAR:
    case PICA_REG_FRAMEBUFFER_INVALIDATE:
    case PICA_REG_FRAMEBUFFER_FLUSH:
    case PICA_REG_VTX_FUNC:
        emit_simple(p, GLHLE_PICA_EVENT_TRIGGER, id, param);
        return PICA_CONTROL_NONE;
    case PICA_REG_TEXUNIT_CONFIG:
        if (v & (1u << 16)) /* "clear texture cache" */
            emit_simple(p, GLHLE_PICA_EVENT_TRIGGER, id, param);
        return PICA_CONTROL_NONE;
    case PICA_REG_TEXENV_UPDATE_BUFFER: {
        uint32_t changed = v ^ old;
        if (changed & 0x0000FF00u)
            mark(rf, PICA_DIRTY(TEV));
        if (changed & 0x0001000Fu)
            mark(rf, PICA_DIRTY(FOG));
        return PICA_CONTROL_NONE;
    }
    case PICA_REG_FIXEDATTRIB_INDEX:
        rf->attrib_queue.count = 0;
        if ((v & 0xF) == 0xF) {
            rf->immediate_attrib = 0;
            memset(rf->immediate_vertex, 0, sizeof rf->immediate_vertex);
        }
        return PICA_CONTROL_NONE;
    case PICA_REG_FIXEDATTRIB_DATA0:
    case PICA_REG_FIXEDATTRIB_DATA1:
    case PICA_REG_FIXEDATTRIB_DATA2:
        fixed_attrib_data(p, id, param);
        return PICA_CONTROL_NONE;
    case PICA_REG_GAS_LUT_DATA:
        index16_lut_data(p, id, param, PICA_REG_GAS_LUT_INDEX, rf->state.gas_lut, 16, PICA_DIRTY(GAS_LUT),
                         GLHLE_PICA_FIFO_GAS_LUT);
        return PICA_CONTROL_NONE;
    default:
        break;
    }
    if (id >= PICA_REG_LIGHTING_LUT_DATA0 && id <= PICA_REG_LIGHTING_LUT_DATA7)
        lighting_lut_data(p, id, param);
    else if (id >= PICA_REG_FOG_LUT_DATA0 && id <= PICA_REG_FOG_LUT_DATA7)
        index16_lut_data(p, id, param, PICA_REG_FOG_LUT_INDEX, rf->state.fog_lut, 128, PICA_DIRTY(FOG_LUT),
                         GLHLE_PICA_FIFO_FOG_LUT);
    else if (id >= PICA_REG_PROCTEX_LUT_DATA0 && id <= PICA_REG_PROCTEX_LUT_DATA7)
        proctex_lut_data(p, id, param);
    else
        check_float_reg(p, id, v);
    return PICA_CONTROL_NONE;
}

int32_t pica_regs_fifo_element(const pica_regs *rf, uint32_t id)
{
    const uint32_t *r = rf->r;
    if (id >= PICA_REG_LIGHTING_LUT_DATA0 && id <= PICA_REG_LIGHTING_LUT_DATA7)
        return (int32_t)(r[PICA_REG_LIGHTING_LUT_INDEX] & 0xFF);
    if (id >= PICA_REG_FOG_LUT_DATA0 && id <= PICA_REG_FOG_LUT_DATA7)
        return (int32_t)((r[PICA_REG_FOG_LUT_INDEX] & 0xFFFF) % 128);
    if (id == PICA_REG_GAS_LUT_DATA)
        return (int32_t)((r[PICA_REG_GAS_LUT_INDEX] & 0xFFFF) % 16);
    if (id >= PICA_REG_PROCTEX_LUT_DATA0 && id <= PICA_REG_PROCTEX_LUT_DATA7)
        return (int32_t)proctex_lut_entry(r[PICA_REG_PROCTEX_LUT]);
    if (id >= PICA_REG_FIXEDATTRIB_DATA0 && id <= PICA_REG_FIXEDATTRIB_DATA2) {
        uint32_t index = r[PICA_REG_FIXEDATTRIB_INDEX] & 0xF;
        return (int32_t)(index == 0xF ? rf->immediate_attrib : index);
    }
    if (id >= GS_BASE && id < VS_BASE + 0x30) {
        const int unit = id >= VS_BASE ? 0 : 1;
        const uint32_t at = id - (unit ? GS_BASE : VS_BASE);
        if (at >= 0x11 && at <= 0x18)
            return (int32_t)(r[(unit ? GS_BASE : VS_BASE) + 0x10] & 0xFF);
        if (at >= 0x1C && at <= 0x23)
            return rf->code_offset[unit] < PICA_SHADER_CODE_WORDS ? (int32_t)rf->code_offset[unit] : -1;
        if (at >= 0x26 && at <= 0x2D)
            return rf->opdesc_offset[unit] < PICA_SHADER_OPDESC_WORDS ? (int32_t)rf->opdesc_offset[unit] : -1;
    }
    return -1;
}
