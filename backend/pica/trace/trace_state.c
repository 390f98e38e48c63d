/* State -> command list (see trace_state.h). */
#include "backend/pica/trace/trace_state.h"

#include <string.h>

#include "backend/common/float_formats.h"

/* A command carries at most 256 parameters: the extra-count field is bits
 * 20-27 (3dbrew GPU/Internal_Registers "Command Header"). */
#define MAX_PARAMS 256u

typedef struct list {
    glhle_bytebuf *out;
    long words;
} list;

static void put(list *l, uint32_t w)
{
    if (glhle_bytebuf_append(l->out, &w, sizeof w))
        l->words++;
}

static uint32_t header(uint32_t id, bool consecutive, uint32_t count)
{
    return (consecutive ? 0x80000000u : 0u) | ((count - 1) << 20) | (0xFu << 16) | id;
}

/* count parameters to id (consecutive: id, id + 1, ...), split into
 * commands of at most MAX_PARAMS, each padded to 8 bytes. */
static void cmd(list *l, uint32_t id, bool consecutive, const uint32_t *params, uint32_t count)
{
    while (count) {
        uint32_t n = count < MAX_PARAMS ? count : MAX_PARAMS;
        put(l, params[0]);
        put(l, header(id, consecutive, n));
        for (uint32_t i = 1; i < n; i++)
            put(l, params[i]);
        if ((n - 1) & 1)
            put(l, 0);
        params += n;
        count -= n;
        if (consecutive)
            id += n;
    }
}

static void cmd1(list *l, uint32_t id, uint32_t v)
{
    cmd(l, id, false, &v, 1);
}

static uint32_t reset_value(uint32_t id)
{
    /* pica_regs_init: the one register that is not 0 after reset */
    return id == PICA_REG_GSH_INPUTBUFFER_CONFIG ? 0xA0000001u : 0u;
}

/* Registers written at the end, in this order, because writing them
 * positions a FIFO or changes where later uploads go. */
static const uint16_t index_regs[] = {
    PICA_REG_LIGHTING_LUT_INDEX, PICA_REG_FOG_LUT_INDEX, PICA_REG_GAS_LUT_INDEX, PICA_REG_PROCTEX_LUT,
    PICA_REG_FIXEDATTRIB_INDEX, PICA_REG_GSH_FLOATUNIFORM_INDEX, PICA_REG_GSH_CODETRANSFER_INDEX,
    PICA_REG_GSH_OPDESCS_INDEX, PICA_REG_VSH_FLOATUNIFORM_INDEX, PICA_REG_VSH_CODETRANSFER_INDEX,
    PICA_REG_VSH_OPDESCS_INDEX, PICA_REG_GEOSTAGE_CONFIG, PICA_REG_VSH_COM_MODE,
};

bool pica_state_is_plain_reg(uint32_t id)
{
    if (id >= PICA_REG_COUNT)
        return false;
    for (size_t i = 0; i < sizeof index_regs / sizeof index_regs[0]; i++)
        if (index_regs[i] == id)
            return false;
    switch (pica_reg_fields(id)) {
    case PICA_FIELDS_trigger:
    case PICA_FIELDS_fifo_data:
        return false;
    default:
        return true;
    }
}

static bool all_zero(const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i])
            return false;
    return true;
}

/* Words 0 .. last non-zero word through the port. */
static void upload_words(list *l, uint32_t index_reg, uint32_t data_reg, const uint32_t *words, uint32_t count)
{
    uint32_t n = count;
    while (n && !words[n - 1])
        n--;
    if (!n)
        return;
    cmd1(l, index_reg, 0);
    cmd(l, data_reg, false, words, n);
}

static void shader_unit(list *l, const pica_shader_setup *s, uint32_t base)
{
    /* offsets from the unit's base (0x280 GS, 0x2B0 VS): 3dbrew register map */
    upload_words(l, base + 0x1B, base + 0x1C, s->code, PICA_SHADER_CODE_WORDS);
    if (!all_zero(s->code, sizeof s->code))
        cmd1(l, base + 0x0F, 1); /* CODETRANSFER_END, as libctru's shaderProgramUse writes it */
    upload_words(l, base + 0x25, base + 0x26, s->opdesc, PICA_SHADER_OPDESC_WORDS);
    for (uint32_t i = 0; i < PICA_SHADER_FLOAT_UNIFORMS; i++) {
        if (all_zero(s->float_uniforms[i], sizeof s->float_uniforms[i]))
            continue;
        /* f32 mode (index bit 31): four words, w first (3dbrew FLOATUNIFORM_INDEX) */
        uint32_t p[5] = {i | 0x80000000u, glhle_float_to_bits(s->float_uniforms[i][3]),
                         glhle_float_to_bits(s->float_uniforms[i][2]), glhle_float_to_bits(s->float_uniforms[i][1]),
                         glhle_float_to_bits(s->float_uniforms[i][0])};
        cmd(l, base + 0x10, true, p, 1);
        cmd(l, base + 0x11, false, p + 1, 4);
    }
}

/* Four f24 packed in three words, w:z:y:x from the most significant bit
 * (3dbrew GPUREG_FIXEDATTRIB_DATAi). */
static void pack_f24x4(const float v[4], uint32_t out[3])
{
    uint32_t x = glhle_float_to_f24(v[0]), y = glhle_float_to_f24(v[1]), z = glhle_float_to_f24(v[2]),
             w = glhle_float_to_f24(v[3]);
    out[0] = (w << 8) | (z >> 16);
    out[1] = ((z & 0xFFFF) << 16) | (y >> 8);
    out[2] = ((y & 0xFF) << 24) | x;
}

static void lut(list *l, uint32_t index_reg, uint32_t index_value, uint32_t data_reg, const uint32_t *e, uint32_t n)
{
    if (all_zero(e, n * sizeof *e))
        return;
    cmd1(l, index_reg, index_value);
    cmd(l, data_reg, false, e, n);
}

/* The geometry unit's bool and int uniforms: its registers as they are,
 * then, where the unit's uniforms differ from its registers because vertex
 * shader writes reached it (3dbrew GPUREG_VSH_COM_MODE), that write again
 * through the shared path, and the vertex shader register back. */
static void gs_uniform_regs(list *l, const uint32_t *regs, const pica_shader_setup *gs)
{
    for (uint32_t k = 0; k < 5; k++) {
        const uint32_t gid = PICA_REG_GSH_BOOLUNIFORM + k, vid = PICA_REG_VSH_BOOLUNIFORM + k;
        uint32_t have = k == 0 ? gs->bool_uniforms
                               : (uint32_t)gs->int_uniforms[k - 1][0] | (uint32_t)gs->int_uniforms[k - 1][1] << 8 |
                                     (uint32_t)gs->int_uniforms[k - 1][2] << 16 |
                                     (uint32_t)gs->int_uniforms[k - 1][3] << 24;
        uint32_t from_reg = k == 0 ? regs[gid] & 0xFFFF : regs[gid];
        if (regs[gid])
            cmd1(l, gid, regs[gid]);
        if (have == from_reg)
            continue;
        cmd1(l, PICA_REG_VSH_COM_MODE, 0);
        cmd1(l, vid, have);
        cmd1(l, PICA_REG_VSH_COM_MODE, 1);
        cmd1(l, vid, regs[vid]);
    }
}

static bool is_gs_uniform_reg(uint32_t id)
{
    return id >= PICA_REG_GSH_BOOLUNIFORM && id <= PICA_REG_GSH_INTUNIFORM_I3;
}

long pica_state_cmdlist(const uint32_t regs[PICA_REG_COUNT], const pica_state *st, glhle_bytebuf *out)
{
    list l = {out, 0};
    cmd1(&l, PICA_REG_VSH_COM_MODE, 1);
    const long start_words = l.words;

    shader_unit(&l, &st->gs_setup, PICA_REG_GSH_BOOLUNIFORM);
    shader_unit(&l, &st->vs_setup, PICA_REG_VSH_BOOLUNIFORM);
    for (uint32_t i = 0; i < 15; i++) {
        if (all_zero(st->fixed_attrib[i], sizeof st->fixed_attrib[i]))
            continue;
        uint32_t p[3];
        pack_f24x4(st->fixed_attrib[i], p);
        cmd1(&l, PICA_REG_FIXEDATTRIB_INDEX, i);
        cmd(&l, PICA_REG_FIXEDATTRIB_DATA0, true, p, 3);
    }
    for (uint32_t t = 0; t < PICA_LIGHTING_LUT_COUNT; t++)
        lut(&l, PICA_REG_LIGHTING_LUT_INDEX, t << 8, PICA_REG_LIGHTING_LUT_DATA0, st->lighting_lut[t], 256);
#define TABLE_(field, entries, index_reg, index_value, data_reg)                                                  \
    lut(&l, PICA_REG_##index_reg, index_value, PICA_REG_##data_reg, st->field, entries);
    PICA_STATE_TABLES(TABLE_)
#undef TABLE_

    gs_uniform_regs(&l, regs, &st->gs_setup);
    for (uint32_t id = 0; id < PICA_REG_COUNT; id++) {
        if (!pica_state_is_plain_reg(id) || is_gs_uniform_reg(id))
            continue;
        /* TEXUNIT_CONFIG bit 16 ("clear texture cache") is written as it
         * stands: on the fresh instance the list runs on, the cache it
         * clears is empty */
        if (regs[id] != reset_value(id))
            cmd1(&l, id, regs[id]);
    }
    /* the uploads above moved the index registers: always put them back */
    bool body = l.words > start_words;
    for (size_t i = 0; i < sizeof index_regs / sizeof index_regs[0]; i++) {
        uint32_t id = index_regs[i];
        body |= regs[id] != reset_value(id);
        cmd1(&l, id, regs[id]);
    }
    if (!body) { /* the power-on state: no list at all */
        out->size -= (size_t)l.words * 4;
        return out->failed ? -1 : 0;
    }
    if (l.words % 4) { /* a write with no byte enabled pads to a 16-byte unit (cmdlist.c) */
        put(&l, 0);
        put(&l, header(0, false, 1) & ~(0xFu << 16));
    }
    return out->failed ? -1 : l.words;
}
