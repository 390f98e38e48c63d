/* Save-state test helpers (state_support.h). */
#include "support/state_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/trace_container.h"
#include "backend/pica/pica_instance.h"
#include "backend/pica/trace/trace_state.h"
#include "backend/psx/script.h"
#include "support/test_support.h"

/* ---- PICA ------------------------------------------------------------------------------ */

/* FIFO index and data ports, and registers whose writes move them
 * (3dbrew GPU/Internal_Registers): the vertex-shader unit at 0x2B0, the
 * geometry unit at 0x280, the LUT ports, fixed attributes. */
static const uint16_t ports[] = {
    0x0AF, 0x0B0, 0x0E6, 0x0E8, 0x123, 0x124, 0x1C5, 0x1C8, 0x232, 0x233, 0x234, 0x235, 0x242, 0x244,
    0x280, 0x281, 0x28A, 0x290, 0x291, 0x29B, 0x29C, 0x2A5, 0x2A6, 0x2B0, 0x2B1, 0x2BA, 0x2C0, 0x2C1,
    0x2CB, 0x2CC, 0x2D5, 0x2D6,
};

static bool is_data_port(uint32_t id)
{
    switch (id) {
    case 0x0B0: case 0x0E8: case 0x124: case 0x1C8: case 0x233: case 0x291: case 0x29C: case 0x2A6: case 0x2C1:
    case 0x2CC: case 0x2D6: return true;
    default: return false;
    }
}

/* A value for an index register that keeps uploads inside their tables
 * most of the time. */
static uint32_t index_value(uint32_t id, ts_rng *r)
{
    switch (id) {
    case 0x0AF: return (ts_rng_below(r, 6) << 8) | ts_rng_below(r, 128);   /* proctex table, entry */
    case 0x1C5: return (ts_rng_below(r, 24) << 8) | ts_rng_below(r, 256); /* lighting LUT, entry */
    case 0x0E6: case 0x123: return ts_rng_below(r, 16);
    case 0x232: return ts_rng_below(r, 5) ? ts_rng_below(r, 15) : 0xF;    /* 0xF: immediate mode */
    case 0x242: return ts_rng_below(r, 4);                                 /* VSH_NUM_ATTR: 1-4 attributes */
    case 0x244: return ts_rng_below(r, 2);
    case 0x290: case 0x2C0: return (ts_rng_below(r, 2) << 31) | ts_rng_below(r, 100);
    case 0x29B: case 0x2A5: case 0x2CB: case 0x2D5: return ts_rng_below(r, 140);
    default: return ts_rng_u32(r);
    }
}

void st_pica_busy(glhle_pica *pica, uint64_t seed, int lists)
{
    ts_rng r;
    ts_rng_init(&r, seed);
    uint32_t *w = malloc(4096 * sizeof *w);
    if (!w)
        abort();
    for (int l = 0; l < lists; l++) {
        size_t n = 0;
        while (n < 4000) {
            uint32_t id;
            if (ts_rng_below(&r, 3)) {
                id = ports[ts_rng_below(&r, sizeof ports / sizeof ports[0])];
            } else {
                do
                    id = ts_rng_below(&r, PICA_REG_COUNT);
                while (!pica_state_is_plain_reg(id));
            }
            const uint32_t count = is_data_port(id) ? 1 + ts_rng_below(&r, 16) : 1;
            w[n++] = is_data_port(id) || count > 1 ? ts_rng_u32(&r) : index_value(id, &r);
            w[n++] = ((count - 1) << 20) | (0xFu << 16) | id;
            for (uint32_t i = 1; i < count; i++)
                w[n++] = ts_rng_u32(&r);
            if (n & 1)
                w[n++] = 0;
        }
        glhle_pica_run_result res;
        glhle_pica_run_cmdlist(pica, w, n, &res);
    }
    free(w);
}

static bool same(const char *what, const void *a, const void *b, size_t n)
{
    if (!memcmp(a, b, n))
        return true;
    print_message("state differs: %s\n", what);
    return false;
}

static bool same_setup(const char *unit, const pica_shader_setup *a, const pica_shader_setup *b)
{
    pica_shader_setup x = *a, y = *b;
    x.program_generation = y.program_generation = 0;
    return same(unit, &x, &y, sizeof x);
}

bool st_pica_same(glhle_pica *a, glhle_pica *b)
{
    const pica_regs *x = &a->fe.regs, *y = &b->fe.regs;
    bool ok = same("registers", x->r, y->r, sizeof x->r) &
              same("uniform queues", x->uniform_queue, y->uniform_queue, sizeof x->uniform_queue) &
              same("attribute queue", &x->attrib_queue, &y->attrib_queue, sizeof x->attrib_queue) &
              same("code offsets", x->code_offset, y->code_offset, sizeof x->code_offset) &
              same("descriptor offsets", x->opdesc_offset, y->opdesc_offset, sizeof x->opdesc_offset) &
              same("immediate attribute", &x->immediate_attrib, &y->immediate_attrib, sizeof x->immediate_attrib) &
              same("immediate vertex", x->immediate_vertex, y->immediate_vertex, sizeof x->immediate_vertex) &
              same_setup("vertex shader setup", &x->state.vs_setup, &y->state.vs_setup) &
              same_setup("geometry shader setup", &x->state.gs_setup, &y->state.gs_setup) &
              same("fixed attributes", x->state.fixed_attrib, y->state.fixed_attrib, sizeof x->state.fixed_attrib) &
              same("lighting LUTs", x->state.lighting_lut, y->state.lighting_lut, sizeof x->state.lighting_lut);
#define TABLE_SAME_(field, entries, ir, iv, dr) ok &= same(#field, x->state.field, y->state.field, 4 * (entries));
    PICA_STATE_TABLES(TABLE_SAME_)
#undef TABLE_SAME_
    /* the decoded state, brought up to date, follows from the registers */
    const pica_state *ds = pica_get_state(a), *dt = pica_get_state(b);
    ok &= same("decoded TEV", &ds->tev, &dt->tev, sizeof ds->tev) &
          same("decoded geometry", &ds->geometry, &dt->geometry, sizeof ds->geometry);
    return ok;
}

/* ---- PlayStation ------------------------------------------------------------------------ */

typedef struct scene_words {
    uint32_t *w;
    uint8_t *port;
    size_t n, cap;
} scene_words;

static glhle_result collect(void *user, int port, const uint32_t *words, size_t count, uint32_t line)
{
    (void)line;
    scene_words *s = user;
    for (size_t i = 0; i < count; i++) {
        if (s->n == s->cap) {
            s->cap = s->cap ? 2 * s->cap : 512;
            s->w = realloc(s->w, s->cap * sizeof *s->w);
            s->port = realloc(s->port, s->cap);
            if (!s->w || !s->port)
                abort();
        }
        s->port[s->n] = (uint8_t)port;
        s->w[s->n++] = words[i];
    }
    return GLHLE_RESULT_OK;
}

static const scene_words *scene(void)
{
    static scene_words s;
    if (!s.n) {
        size_t size;
        uint8_t *text = ts_read_file(ts_source_path("samples/psx/scene.txt"), &size);
        if (!text || psx_script_parse((const char *)text, size, ts_logger(), collect, &s) != GLHLE_RESULT_OK)
            abort();
        free(text);
    }
    return &s;
}

size_t st_psx_scene_words(void)
{
    return scene()->n;
}

void st_psx_scene(glhle_psx *psx, size_t from, size_t to)
{
    const scene_words *s = scene();
    for (size_t i = from; i < to && i < s->n; i++) {
        if (s->port[i])
            glhle_psx_gp1(psx, s->w[i]);
        else
            glhle_psx_gp0(psx, s->w[i]);
    }
}

/* ---- blobs ---------------------------------------------------------------------------- */

void st_fix_checksums(uint8_t *blob, size_t size)
{
    if (size < TRACE_HEADER_SIZE)
        return;
    uint32_t hsize = trace_rd32(blob + 12);
    if (hsize < TRACE_HEADER_SIZE || hsize > size)
        hsize = TRACE_HEADER_SIZE;
    glhle_hash_state st;
    glhle_hash_begin(&st, 0);
    glhle_hash_update(&st, blob, 24);
    glhle_hash_update(&st, blob + TRACE_HEADER_SIZE, hsize - TRACE_HEADER_SIZE);
    trace_wr64(blob + 24, glhle_hash_end(&st));
    for (size_t at = hsize; size - at >= TRACE_CHUNK_OVERHEAD;) {
        const uint32_t n = trace_rd32(blob + at + 4);
        if (n > size - at - TRACE_CHUNK_OVERHEAD)
            return;
        trace_wr64(blob + at + TRACE_CHUNK_HEAD + n, glhle_hash64(blob + at, TRACE_CHUNK_HEAD + (size_t)n));
        at += TRACE_CHUNK_OVERHEAD + n;
    }
}
