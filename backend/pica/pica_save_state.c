/* PICA save states (glhle_pica_save_state / glhle_pica_load_state,
 * include/glhle/pica.h; docs/formats.md "Save states"): the trace
 * container of kind trace_kind_state, system 1, these chunks, each once
 * unless said otherwise, END last:
 *
 *   INFO     u32 resolution scale, u32 flags (0)
 *   REGS     the register file, PICA_REG_COUNT u32
 *   SHADER   twice (u32 unit: 0 vertex, 1 geometry): code, operand
 *            descriptors, float uniforms (f32 bits), bool, int uniforms and
 *            entry point as the unit holds them, the upload offsets and the
 *            float-uniform port's queue
 *   ATTRIBS  fixed attributes (f32 bits), the attribute port's queue, the
 *            immediate-mode vertex being assembled
 *   LUTS     the 24 lighting LUTs, then PICA_STATE_TABLES in order
 *   SURFACE  any number: one resident surface of the surface cache (key,
 *            flags, current row groups, texels at its scale)
 *   END      u32: the chunks before it
 *
 * Everything else an instance holds is derived from these (decoded state,
 * programs, fragment keys, LUT buffers) or from guest memory (which the
 * core saves), and is rebuilt after a load. Loading parses and checks the
 * whole blob before anything of the instance changes. */
#include <stdlib.h>
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/common/trace_container.h"
#include "backend/gl/gl_context.h"
#include "backend/pica/pica_instance.h"
#include "backend/pica/surface/surface_cache.h"

/* Depth texels are GL_UNSIGNED_INT_24_8 words in host order; glhle's hosts
 * are little-endian, which is the blob's order. */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "save-state surfaces assume a little-endian host");

enum {
    ST_INFO = 1, ST_REGS, ST_SHADER, ST_ATTRIBS, ST_LUTS, ST_SURFACE, ST_END,
    ST_TYPE_LAST_ = ST_END,
};

static const char *const type_names[] = {
    [ST_INFO] = "INFO", [ST_REGS] = "REGS", [ST_SHADER] = "SHADER", [ST_ATTRIBS] = "ATTRIBS",
    [ST_LUTS] = "LUTS", [ST_SURFACE] = "SURFACE", [ST_END] = "END",
};
static const trace_type_names names = {type_names, ST_TYPE_LAST_ + 1};

#define INFO_SIZE 8
#define REGS_SIZE (4 * PICA_REG_COUNT)
/* unit, code, opdesc, uniforms, bool, 4 int, entry, code/opdesc offsets, queue words + count */
#define SHADER_WORDS \
    (1 + PICA_SHADER_CODE_WORDS + PICA_SHADER_OPDESC_WORDS + 4 * PICA_SHADER_FLOAT_UNIFORMS + 1 + 4 + 1 + 2 + 5)
#define SHADER_SIZE (4 * SHADER_WORDS)
/* fixed attributes, queue words + count, immediate index, immediate vertex */
#define ATTRIBS_WORDS (16 * 4 + 5 + 1 + 16 * 4)
#define ATTRIBS_SIZE (4 * ATTRIBS_WORDS)
#define TABLE_WORDS_(field, entries, ir, iv, dr) +(entries)
#define LUTS_WORDS (PICA_LIGHTING_LUT_COUNT * 256 PICA_STATE_TABLES(TABLE_WORDS_))
#define LUTS_SIZE (4 * LUTS_WORDS)
#define SURFACE_HEAD 28 /* addr, width, height, pitch, format/layout/levels/scale, flags, groups */
#define MAX_SAVED_SURFACES 4096u

#define TABLE_SIZE_(field, entries, ir, iv, dr) \
    _Static_assert(sizeof(((pica_state *)0)->field) == 4 * (entries), #field " size");
PICA_STATE_TABLES(TABLE_SIZE_)

/* ---- words in and out ----------------------------------------------------------------------- */

typedef struct wbuf {
    uint8_t *p;
} wbuf;

static void w32(wbuf *b, uint32_t v)
{
    trace_wr32(b->p, v);
    b->p += 4;
}

static void wn(wbuf *b, const uint32_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        w32(b, v[i]);
}

static void wfloats(wbuf *b, const float *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        w32(b, glhle_float_to_bits(v[i]));
}

typedef struct rbuf {
    const uint8_t *p;
} rbuf;

static uint32_t r32(rbuf *b)
{
    uint32_t v = trace_rd32(b->p);
    b->p += 4;
    return v;
}

static void rn(rbuf *b, uint32_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        v[i] = r32(b);
}

static void rfloats(rbuf *b, float *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        v[i] = glhle_bits_to_float(r32(b));
}

static void queue_out(wbuf *b, const pica_word_queue *q)
{
    wn(b, q->word, 4);
    w32(b, q->count);
}

static void queue_in(rbuf *b, pica_word_queue *q)
{
    rn(b, q->word, 4);
    q->count = r32(b);
}

/* ---- saving ---------------------------------------------------------------------------------- */

static void shader_out(wbuf *b, const pica_regs *rf, int unit)
{
    const pica_shader_setup *s = unit ? &rf->state.gs_setup : &rf->state.vs_setup;
    w32(b, (uint32_t)unit);
    wn(b, s->code, PICA_SHADER_CODE_WORDS);
    wn(b, s->opdesc, PICA_SHADER_OPDESC_WORDS);
    wfloats(b, &s->float_uniforms[0][0], 4 * PICA_SHADER_FLOAT_UNIFORMS);
    w32(b, s->bool_uniforms);
    for (int i = 0; i < PICA_SHADER_INT_UNIFORMS; i++)
        w32(b, (uint32_t)s->int_uniforms[i][0] | (uint32_t)s->int_uniforms[i][1] << 8 |
                   (uint32_t)s->int_uniforms[i][2] << 16 | (uint32_t)s->int_uniforms[i][3] << 24);
    w32(b, s->entry_point);
    w32(b, rf->code_offset[unit]);
    w32(b, rf->opdesc_offset[unit]);
    queue_out(b, &rf->uniform_queue[unit]);
}

static void put_chunk(trace_writer *w, uint32_t type, uint8_t *scratch, void (*fill)(wbuf *, const pica_regs *, int),
                      const pica_regs *rf, int arg, size_t size)
{
    wbuf b = {scratch};
    fill(&b, rf, arg);
    trace_put(w, type, scratch, size, NULL, 0);
}

static void regs_out(wbuf *b, const pica_regs *rf, int unused)
{
    (void)unused;
    wn(b, rf->r, PICA_REG_COUNT);
}

static void attribs_out(wbuf *b, const pica_regs *rf, int unused)
{
    (void)unused;
    wfloats(b, &rf->state.fixed_attrib[0][0], 16 * 4);
    queue_out(b, &rf->attrib_queue);
    w32(b, rf->immediate_attrib);
    wfloats(b, &rf->immediate_vertex[0][0], 16 * 4);
}

static void luts_out(wbuf *b, const pica_regs *rf, int unused)
{
    (void)unused;
    const pica_state *st = &rf->state;
    wn(b, &st->lighting_lut[0][0], PICA_LIGHTING_LUT_COUNT * 256);
#define TABLE_OUT_(field, entries, ir, iv, dr) wn(b, st->field, entries);
    PICA_STATE_TABLES(TABLE_OUT_)
#undef TABLE_OUT_
}

static glhle_result surface_out(void *user, const pica_saved_surface *s)
{
    trace_writer *w = user;
    const size_t vbytes = (s->groups + 7) / 8;
    const size_t size = SURFACE_HEAD + vbytes + s->texel_bytes;
    if (size > TRACE_MAX_PAYLOAD) {
        GLHLE_WARN(w->log, "pica save state: surface 0x%08x (%ux%u at %ux) is over a chunk's 64 MiB; not saved, a "
                           "load rebuilds it from guest memory",
                   s->key.addr, s->key.width, s->key.height, s->key.scale);
        return GLHLE_RESULT_OK;
    }
    uint8_t head[SURFACE_HEAD];
    wbuf b = {head};
    w32(&b, s->key.addr);
    w32(&b, s->key.width);
    w32(&b, s->key.height);
    w32(&b, s->key.pitch);
    w32(&b, (uint32_t)s->key.format | (uint32_t)s->key.layout << 8 | (uint32_t)s->key.levels << 16 |
                (uint32_t)s->key.scale << 24);
    w32(&b, s->flags);
    w32(&b, s->groups);
    if (trace_begin(w, ST_SURFACE, (uint32_t)size) && trace_write(w, head, sizeof head) &&
        trace_write(w, s->valid, vbytes) && trace_write(w, s->texels, s->texel_bytes))
        trace_end(w);
    return w->error;
}

static glhle_result build(glhle_pica *p, trace_writer *w)
{
    glhle_result r = trace_writer_open_kind(w, &trace_kind_state, NULL, 0, TRACE_SYSTEM_PICA200, &p->log);
    uint8_t *scratch = malloc(LUTS_SIZE > SHADER_SIZE ? LUTS_SIZE : SHADER_SIZE);
    if (!scratch)
        return GLHLE_FAIL(&p->log, GLHLE_RESULT_OUT_OF_MEMORY, "pica save state: no memory");
    const pica_regs *rf = &p->fe.regs;
    uint8_t info[INFO_SIZE];
    trace_wr32(info, p->resolution_scale);
    trace_wr32(info + 4, 0);
    trace_put(w, ST_INFO, info, sizeof info, NULL, 0);
    put_chunk(w, ST_REGS, scratch, regs_out, rf, 0, REGS_SIZE);
    put_chunk(w, ST_SHADER, scratch, shader_out, rf, 0, SHADER_SIZE);
    put_chunk(w, ST_SHADER, scratch, shader_out, rf, 1, SHADER_SIZE);
    put_chunk(w, ST_ATTRIBS, scratch, attribs_out, rf, 0, ATTRIBS_SIZE);
    put_chunk(w, ST_LUTS, scratch, luts_out, rf, 0, LUTS_SIZE);
    free(scratch);
    if (r == GLHLE_RESULT_OK && p->surfaces && gl_context_enter(p->ctx) == GLHLE_RESULT_OK) {
        r = pica_surface_cache_save(p->surfaces, surface_out, w);
    }
    uint8_t end[4];
    trace_wr32(end, w->chunks);
    trace_put(w, ST_END, end, sizeof end, NULL, 0);
    glhle_result c = trace_writer_close(w);
    return r != GLHLE_RESULT_OK ? r : c;
}

glhle_result glhle_pica_save_state(glhle_pica *pica, void *buf, size_t capacity, size_t *size)
{
    if (!pica || !size)
        return GLHLE_FAIL(pica ? &pica->log : NULL, GLHLE_RESULT_INVALID_ARGUMENT,
                          "glhle_pica_save_state: needs an instance and a size pointer");
    *size = 0;
    if (pica->running)
        return GLHLE_FAIL(&pica->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "glhle_pica_save_state: called from a hook during a run; save between calls");
    trace_writer w;
    glhle_result r = build(pica, &w);
    if (r == GLHLE_RESULT_OK) {
        *size = w.mem.size;
        if (!buf || capacity < w.mem.size) {
            r = GLHLE_RESULT_LIMIT_EXCEEDED;
            if (buf)
                GLHLE_ERROR(&pica->log,
                            "glhle_pica_save_state: the buffer holds %zu bytes, the state needs %zu; nothing written",
                            capacity, w.mem.size);
        } else {
            memcpy(buf, w.mem.data, w.mem.size);
        }
    }
    trace_writer_free(&w);
    return r;
}

/* ---- loading --------------------------------------------------------------------------------- */

typedef struct loaded_surface {
    pica_saved_surface s;
} loaded_surface;

typedef struct parsed {
    uint32_t scale;
    const uint8_t *regs, *shader[2], *attribs, *luts;
    loaded_surface *surf;
    uint32_t n_surf;
} parsed;

#define AT(c) (unsigned long long)(c)->offset
/* The shader chunk's ports as regs.c keeps them: queues shorter than a
 * whole vec4, an immediate vertex inside its 16 attributes. */
static const char *check_shader(const uint8_t *p)
{
    rbuf b = {p + 4 * (SHADER_WORDS - 7)};
    const uint32_t code_off = r32(&b), opdesc_off = r32(&b);
    b.p += 16;
    if (code_off > 0xFFF || opdesc_off > 0xFFF || r32(&b) > 3)
        return "an upload offset past 4095 or a uniform queue of 4 or more words";
    return NULL;
}

static glhle_result surface_in(glhle_pica *p, const trace_reader *rd, const trace_chunk *c, parsed *out, bool keep)
{
    if (c->size < SURFACE_HEAD)
        return state_chunk_error(rd, c, "shorter than its fields");
    rbuf b = {c->payload};
    pica_saved_surface s;
    memset(&s, 0, sizeof s);
    s.key.addr = r32(&b);
    s.key.width = r32(&b);
    s.key.height = r32(&b);
    s.key.pitch = r32(&b);
    const uint32_t f = r32(&b);
    s.key.format = (uint8_t)f;
    s.key.layout = (uint8_t)(f >> 8);
    s.key.levels = (uint8_t)(f >> 16);
    s.key.scale = (uint8_t)(f >> 24);
    s.flags = r32(&b);
    s.groups = r32(&b);
    if (s.flags & ~(PICA_SAVED_RAW | PICA_SAVED_WORDS))
        return state_chunk_error(rd, c, "unknown surface flags");
    if (!keep)
        return GLHLE_RESULT_OK; /* another scale, or no surface cache: rebuilt from memory */
    uint32_t groups;
    size_t texel_bytes;
    if (pica_surface_cache_check_saved(p->surfaces, &s.key, &groups, &texel_bytes) != GLHLE_RESULT_OK)
        return state_chunk_error(rd, c, "a surface this instance cannot hold (see above)");
    const size_t vbytes = (groups + 7) / 8;
    if (s.groups != groups || c->size != SURFACE_HEAD + vbytes + texel_bytes)
        return state_chunk_error(rd, c, "its row groups or size do not match its key");
    if (out->n_surf == MAX_SAVED_SURFACES)
        return state_chunk_error(rd, c, "more surfaces than a cache holds");
    s.valid = c->payload + SURFACE_HEAD;
    s.texels = s.valid + vbytes;
    s.texel_bytes = texel_bytes;
    for (uint32_t i = 0; i < out->n_surf; i++)
        if (!memcmp(&out->surf[i].s.key, &s.key, sizeof s.key))
            return state_chunk_error(rd, c, "a second surface with the same key");
    if (!(out->n_surf & (out->n_surf - 1))) { /* 0, 1, 2, 4, ...: grow */
        loaded_surface *n = realloc(out->surf, sizeof *n * (out->n_surf ? 2 * out->n_surf : 1));
        if (!n)
            return GLHLE_FAIL(&p->log, GLHLE_RESULT_OUT_OF_MEMORY, "pica save state: no memory; not loaded");
        out->surf = n;
    }
    out->surf[out->n_surf++].s = s;
    return GLHLE_RESULT_OK;
}

static glhle_result parse(glhle_pica *p, const void *buf, size_t size, parsed *out)
{
    memset(out, 0, sizeof *out);
    trace_reader rd;
    glhle_result r = state_reader_open(&rd, buf, size, TRACE_SYSTEM_PICA200, &names, &p->log);
    if (r != GLHLE_RESULT_OK)
        return r;
    uint32_t chunks = 0;
    bool have_info = false;
    for (;;) {
        trace_chunk c;
        if ((r = state_reader_next(&rd, &c, &chunks)) != GLHLE_RESULT_OK)
            return r;
        if (c.type == 0 || c.type > ST_TYPE_LAST_)
            return state_chunk_error(&rd, &c, "a type save states do not hold");
        if (!have_info && c.type != ST_INFO)
            return state_chunk_error(&rd, &c, "before the INFO chunk");
        const uint8_t *pl = c.payload;
        switch (c.type) {
        case ST_INFO:
            if (have_info)
                return state_chunk_error(&rd, &c, "a second one");
            if (c.size != INFO_SIZE || trace_rd32(pl) < 1 || trace_rd32(pl) > PICA_SURFACE_MAX_SCALE)
                return state_chunk_error(&rd, &c, "wrong size or a scale outside 1..10");
            have_info = true;
            out->scale = trace_rd32(pl);
            break;
        case ST_REGS:
        case ST_ATTRIBS:
        case ST_LUTS: {
            const uint8_t **slot = c.type == ST_REGS ? &out->regs : c.type == ST_ATTRIBS ? &out->attribs : &out->luts;
            const uint32_t want = c.type == ST_REGS ? REGS_SIZE : c.type == ST_ATTRIBS ? ATTRIBS_SIZE : LUTS_SIZE;
            if (*slot)
                return state_chunk_error(&rd, &c, "a second one");
            if (c.size != want)
                return state_chunk_error(&rd, &c, "wrong size");
            if (c.type == ST_ATTRIBS) {
                rbuf b = {pl + 4 * 16 * 4 + 16};
                if (r32(&b) > 2 || r32(&b) > 15)
                    return state_chunk_error(&rd, &c, "an attribute queue of 3 or more words or an immediate attribute past 15");
            }
            *slot = pl;
            break;
        }
        case ST_SHADER: {
            const uint32_t unit = c.size >= 4 ? trace_rd32(pl) : 2;
            if (c.size != SHADER_SIZE || unit > 1)
                return state_chunk_error(&rd, &c, "wrong size or a unit other than 0 (vertex) and 1 (geometry)");
            if (out->shader[unit])
                return state_chunk_error(&rd, &c, "a second one for the same unit");
            const char *why = check_shader(pl);
            if (why)
                return state_chunk_error(&rd, &c, why);
            out->shader[unit] = pl;
            break;
        }
        case ST_SURFACE:
            r = surface_in(p, &rd, &c, out, p->surfaces && out->scale == p->resolution_scale);
            if (r != GLHLE_RESULT_OK)
                return r;
            break;
        case ST_END:
            if ((r = state_reader_end(&rd, &c, chunks - 1)) != GLHLE_RESULT_OK)
                return r;
            if (!out->regs || !out->shader[0] || !out->shader[1] || !out->attribs || !out->luts)
                return GLHLE_FAIL(&p->log, GLHLE_RESULT_BAD_DATA,
                                  "pica save state: offset 0x%llx: END before every required chunk (INFO, REGS, two "
                                  "SHADER, ATTRIBS, LUTS) appeared; not loaded",
                                  AT(&c));
            return GLHLE_RESULT_OK;
        default: break;
        }
    }
}

static void shader_in(const uint8_t *p, pica_regs *rf)
{
    rbuf b = {p};
    const int unit = (int)r32(&b);
    pica_shader_setup *s = unit ? &rf->state.gs_setup : &rf->state.vs_setup;
    const uint32_t generation = s->program_generation;
    rn(&b, s->code, PICA_SHADER_CODE_WORDS);
    rn(&b, s->opdesc, PICA_SHADER_OPDESC_WORDS);
    rfloats(&b, &s->float_uniforms[0][0], 4 * PICA_SHADER_FLOAT_UNIFORMS);
    s->bool_uniforms = (uint16_t)r32(&b);
    for (int i = 0; i < PICA_SHADER_INT_UNIFORMS; i++) {
        const uint32_t v = r32(&b);
        for (int k = 0; k < 4; k++)
            s->int_uniforms[i][k] = (uint8_t)(v >> (8 * k));
    }
    s->entry_point = (uint16_t)r32(&b);
    /* a new generation: the interpreter must not keep a program it decoded
     * from this instance's code before the load */
    s->program_generation = generation + 1;
    rf->code_offset[unit] = r32(&b);
    rf->opdesc_offset[unit] = r32(&b);
    queue_in(&b, &rf->uniform_queue[unit]);
}

glhle_result glhle_pica_load_state(glhle_pica *pica, const void *buf, size_t size)
{
    if (!pica)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!buf)
        return GLHLE_FAIL(&pica->log, GLHLE_RESULT_INVALID_ARGUMENT, "glhle_pica_load_state: no data");
    if (pica->running)
        return GLHLE_FAIL(&pica->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "glhle_pica_load_state: called from a hook during a run; load between calls");
    if (pica->calls.vt)
        return GLHLE_FAIL(&pica->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "glhle_pica_load_state: a trace recorder is attached and could not follow a load; finish "
                          "the recording first");
    const bool gl = pica->surfaces && gl_context_enter(pica->ctx) == GLHLE_RESULT_OK;
    if (pica->surfaces && !gl)
        return GLHLE_FAIL(&pica->log, GLHLE_RESULT_GL_ERROR,
                          "glhle_pica_load_state: the instance's GL context cannot be made current; not loaded");
    parsed s;
    glhle_result r = parse(pica, buf, size, &s);
    if (r != GLHLE_RESULT_OK) {
        free(s.surf);
        return r;
    }
    /* from here on the blob is whole and checked */
    pica_regs *rf = &pica->fe.regs;
    rbuf b = {s.regs};
    rn(&b, rf->r, PICA_REG_COUNT);
    shader_in(s.shader[0], rf);
    shader_in(s.shader[1], rf);
    b.p = s.attribs;
    rfloats(&b, &rf->state.fixed_attrib[0][0], 16 * 4);
    queue_in(&b, &rf->attrib_queue);
    rf->immediate_attrib = r32(&b);
    rfloats(&b, &rf->immediate_vertex[0][0], 16 * 4);
    b.p = s.luts;
    rn(&b, &rf->state.lighting_lut[0][0], PICA_LIGHTING_LUT_COUNT * 256);
#define TABLE_IN_(field, entries, ir, iv, dr) rn(&b, rf->state.field, entries);
    PICA_STATE_TABLES(TABLE_IN_)
#undef TABLE_IN_
    pica_regs_mark_all_stale(rf);
    if (gl) {
        /* the surfaces of this instance's past describe memory the core
         * has just replaced: dropped, not written back */
        pica_surface_cache_discard(pica->surfaces);
        for (uint32_t i = 0; i < s.n_surf && r == GLHLE_RESULT_OK; i++)
            r = pica_surface_cache_restore(pica->surfaces, &s.surf[i].s);
        if (r != GLHLE_RESULT_OK) { /* out of GL memory: rebuilt from guest memory instead */
            GLHLE_WARN(&pica->log, "pica save state: a saved surface could not be restored (%s); all %u are rebuilt "
                                   "from guest memory",
                       glhle_result_string(r), s.n_surf);
            pica_surface_cache_discard(pica->surfaces);
            r = GLHLE_RESULT_OK;
        }
    }
    free(s.surf);
    return r;
}
