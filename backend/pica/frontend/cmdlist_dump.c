#include "backend/pica/frontend/cmdlist_dump.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/frontend/regs.h"
#include "shadergen/pica_fs_uniforms.h"

typedef struct dumper {
    glhle_bytebuf *out;
    glhle_pica *pica;
} dumper;

#define INDENT "          "

static void where(dumper *d, const glhle_pica_event *ev)
{
    if (ev->host_list)
        glhle_bytebuf_printf(d->out, "+0x%04x   ", ev->offset);
    else
        glhle_bytebuf_printf(d->out, "0x%08x+0x%04x  ", ev->buffer_paddr, ev->offset);
}

static uint32_t reg(dumper *d, uint32_t id)
{
    uint32_t v = 0;
    glhle_pica_get_reg(d->pica, id, &v);
    return v;
}

static bool between(uint32_t id, uint32_t lo, uint32_t hi)
{
    return id >= lo && id <= hi;
}

static const char *const light_lut_names[24] = {
    "D0", "D1", "2", "FR", "RB", "RG", "RR", "7", "SP0", "SP1", "SP2", "SP3", "SP4", "SP5", "SP6", "SP7",
    "DA0", "DA1", "DA2", "DA3", "DA4", "DA5", "DA6", "DA7"};
static const char *const proctex_names[6] = {"noise", "1", "rgb_map", "alpha_map", "color", "color_diff"};

/* The "[element]" of a FIFO data write and, for LUT entries, the entry's
 * fields (which need the table from the index register). */
static void fifo_element(dumper *d, const glhle_pica_event *ev, glhle_bytebuf *fields)
{
    const uint32_t id = ev->reg;
    const int32_t e = ev->element;
    glhle_bytebuf *o = d->out;
    if (e < 0) {
        if (pica_reg_fields(id) == PICA_FIELDS_fifo_data)
            glhle_bytebuf_printf(o, "[full]");
        return;
    }
    if (between(id, PICA_REG_LIGHTING_LUT_DATA0, PICA_REG_LIGHTING_LUT_DATA7)) {
        uint32_t table = (reg(d, PICA_REG_LIGHTING_LUT_INDEX) >> 8) & 0x1F;
        glhle_bytebuf_printf(o, "[%s:%d]", table < 24 ? light_lut_names[table] : "?", e);
        pica_fs_lut_entry le = pica_fs_lighting_lut_entry(ev->param);
        glhle_bytebuf_printf(fields, "value=%g delta=%g", (double)le.value, (double)le.delta);
    } else if (between(id, PICA_REG_FOG_LUT_DATA0, PICA_REG_FOG_LUT_DATA7)) {
        glhle_bytebuf_printf(o, "[%d]", e);
        pica_fs_lut_entry le = pica_fs_fog_lut_entry(ev->param);
        glhle_bytebuf_printf(fields, "value=%g delta=%g", (double)le.value, (double)le.delta);
    } else if (between(id, PICA_REG_PROCTEX_LUT_DATA0, PICA_REG_PROCTEX_LUT_DATA7)) {
        uint32_t table = (reg(d, PICA_REG_PROCTEX_LUT) >> 8) & 0xF;
        glhle_bytebuf_printf(o, "[%s:%d]", table < 6 ? proctex_names[table] : "?", e);
        if (table <= PICA_PROCTEX_LUT_ALPHA_MAP) {
            pica_fs_lut_entry le = pica_fs_proctex_lut_entry(ev->param);
            glhle_bytebuf_printf(fields, "value=%g delta=%g", (double)le.value, (double)le.delta);
        }
    } else if (id >= PICA_REG_GSH_FLOATUNIFORM_DATA0 && pica_reg_fields(id) == PICA_FIELDS_fifo_data) {
        uint32_t at = (id - PICA_REG_GSH_BOOLUNIFORM) % 0x30;
        if (at <= 0x18)
            glhle_bytebuf_printf(o, "[c%d]", e);
        else if (at <= 0x23)
            glhle_bytebuf_printf(o, "[0x%03x]", (unsigned)e);
        else
            glhle_bytebuf_printf(o, "[%d]", e);
    } else if (between(id, PICA_REG_FIXEDATTRIB_DATA0, PICA_REG_FIXEDATTRIB_DATA2)) {
        bool immediate = (reg(d, PICA_REG_FIXEDATTRIB_INDEX) & 0xF) == 0xF;
        glhle_bytebuf_printf(o, immediate ? "[v.a%d]" : "[a%d]", e);
    } else {
        glhle_bytebuf_printf(o, "[%d]", e);
    }
}

static void write_line(dumper *d, const glhle_pica_event *ev)
{
    glhle_bytebuf *o = d->out;
    where(d, ev);
    glhle_bytebuf_printf(o, "%s", glhle_pica_reg_name(ev->reg));
    glhle_bytebuf fields;
    glhle_bytebuf_init(&fields, 1u << 16);
    fifo_element(d, ev, &fields);
    glhle_bytebuf_printf(o, " = 0x%08x", ev->value);
    if (ev->mask != 0xF)
        glhle_bytebuf_printf(o, " (mask 0x%x, param 0x%08x)", ev->mask, ev->param);
    pica_reg_describe(ev->reg, ev->value, &fields);
    if (fields.size)
        glhle_bytebuf_printf(o, "  %s", glhle_bytebuf_cstr(&fields));
    glhle_bytebuf_append_u8(o, '\n');
    glhle_bytebuf_free(&fields);
}

static void vec4(glhle_bytebuf *o, const float *v)
{
    glhle_bytebuf_printf(o, "(%g, %g, %g, %g)", (double)v[0], (double)v[1], (double)v[2], (double)v[3]);
}

static const char *trigger_name(uint32_t id)
{
    switch (id) {
    case PICA_REG_FRAMEBUFFER_FLUSH: return "flush the framebuffer cache";
    case PICA_REG_FRAMEBUFFER_INVALIDATE: return "invalidate the framebuffer cache";
    case PICA_REG_EARLYDEPTH_CLEAR: return "clear the early depth buffer";
    case PICA_REG_VTX_FUNC: return "clear the post-vertex cache";
    case PICA_REG_VSH_CODETRANSFER_END: return "vertex shader code transfer ends";
    case PICA_REG_GSH_CODETRANSFER_END: return "geometry shader code transfer ends";
    case PICA_REG_TEXUNIT_CONFIG: return "clear the texture cache";
    default: return "trigger";
    }
}

static const char *const prim_names[4] = {"triangles", "triangle strip", "triangle fan", "geometry shader primitives"};

static void on_event(void *user, glhle_pica *pica, const glhle_pica_event *ev)
{
    (void)pica;
    dumper *d = user;
    glhle_bytebuf *o = d->out;
    switch (ev->type) {
    case GLHLE_PICA_EVENT_WRITE:
        write_line(d, ev);
        return;
    case GLHLE_PICA_EVENT_DRAW:
        if (ev->u.draw.indexed)
            glhle_bytebuf_printf(o, INDENT "-> draw elements: %u %s indices at 0x%08x, %s\n", ev->u.draw.vertex_count,
                                 ev->u.draw.index_u16 ? "u16" : "u8", ev->u.draw.index_paddr,
                                 prim_names[ev->u.draw.primitive_mode & 3]);
        else
            glhle_bytebuf_printf(o, INDENT "-> draw arrays: %u vertices from %u, %s\n", ev->u.draw.vertex_count,
                                 ev->u.draw.first_vertex, prim_names[ev->u.draw.primitive_mode & 3]);
        return;
    case GLHLE_PICA_EVENT_IMMEDIATE_VERTEX:
        glhle_bytebuf_printf(o, INDENT "-> immediate vertex:");
        for (uint32_t a = 0; a < ev->u.vertex.attrib_count; a++) {
            glhle_bytebuf_printf(o, " a%u=", a);
            vec4(o, ev->u.vertex.attrib[a]);
        }
        glhle_bytebuf_append_u8(o, '\n');
        return;
    case GLHLE_PICA_EVENT_RESTART_PRIMITIVE:
        glhle_bytebuf_printf(o, INDENT "-> restart primitive\n");
        return;
    case GLHLE_PICA_EVENT_FINALIZE:
        glhle_bytebuf_printf(o, INDENT "-> finalize: processing ends (P3D interrupt)\n");
        return;
    case GLHLE_PICA_EVENT_JUMP:
        glhle_bytebuf_printf(o, INDENT "-> jump on channel %u to 0x%08x, %u bytes\n", ev->u.jump.channel,
                             ev->u.jump.paddr, ev->u.jump.size);
        return;
    case GLHLE_PICA_EVENT_FIFO:
        if (!ev->u.fifo.vec4)
            return; /* single words are on their write line */
        if (ev->u.fifo.fifo == GLHLE_PICA_FIFO_FIXED_ATTRIB)
            glhle_bytebuf_printf(o, INDENT "-> fixed attribute %u = ", ev->u.fifo.index);
        else
            glhle_bytebuf_printf(o, INDENT "-> %s uniform c%u = ",
                                 ev->u.fifo.fifo == GLHLE_PICA_FIFO_VS_UNIFORM ? "vertex shader" : "geometry shader",
                                 ev->u.fifo.index);
        vec4(o, ev->u.fifo.vec4);
        glhle_bytebuf_append_u8(o, '\n');
        return;
    case GLHLE_PICA_EVENT_TRIGGER:
        glhle_bytebuf_printf(o, INDENT "-> %s\n", trigger_name(ev->reg));
        return;
    default:
        return;
    }
}

/* Problems the run logs become "!" lines at their place in the text. */
static void on_log(void *user, const glhle_log_record *r)
{
    dumper *d = user;
    if (r->level < GLHLE_LOG_WARN)
        return;
    const char *m = r->message;
    if (!strncmp(m, "pica: ", 6))
        m += 6;
    glhle_bytebuf_printf(d->out, INDENT "!  %s\n", m);
}

glhle_result pica_cmdlist_dump(const uint8_t *bytes, size_t size, const pica_dump_options *opt, glhle_bytebuf *out)
{
    dumper d = {out, NULL};
    glhle_pica_desc desc = {.log = on_log, .log_user = &d, .max_logged_problems = 1000};
    glhle_result r = glhle_pica_create(NULL, &desc, &d.pica);
    if (r != GLHLE_RESULT_OK)
        return r;
    glhle_pica_hooks hooks = {on_event, &d, 0};
    glhle_pica_set_hooks(d.pica, &hooks);
    size_t words = size / 4;
    if (size % 4)
        glhle_bytebuf_printf(out, "note: the last %zu bytes are not a whole word and are ignored\n", size % 4);
    uint8_t *copy = malloc(words ? words * 4 : 4);
    if (!copy) {
        glhle_pica_destroy(d.pica);
        return GLHLE_RESULT_OUT_OF_MEMORY;
    }
    memcpy(copy, bytes, words * 4);
    glhle_pica_run_result res;
    memset(&res, 0, sizeof res);
    if (opt && opt->at_paddr) {
        r = glhle_pica_map_memory(d.pica, opt->paddr, copy, words ? words * 4 : 4);
        if (r == GLHLE_RESULT_OK)
            r = glhle_pica_run_guest(d.pica, opt->paddr, (uint32_t)(words * 4), &res);
    } else {
        uint32_t *w = (uint32_t *)copy;
        for (size_t i = 0; i < words; i++) { /* little-endian file words to host words */
            const uint8_t *b = copy + 4 * i;
            uint32_t v = (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) | ((uint32_t)b[3] << 24);
            w[i] = v;
        }
        r = glhle_pica_run_cmdlist(d.pica, w, words, &res);
    }
    if (r == GLHLE_RESULT_OK || res.words || res.problems)
        glhle_bytebuf_printf(out, "end: %llu words, %llu writes, %u draws, %u immediate vertices, %u jumps, %u problems%s\n",
                             (unsigned long long)res.words, (unsigned long long)res.writes, res.draws,
                             res.immediate_vertices, res.jumps, res.problems,
                             res.finalized ? ", finalized" : ", no FINALIZE");
    glhle_pica_destroy(d.pica);
    free(copy);
    return r;
}
