/* Stage shader/: the geometry pipeline on the CPU -- shbin parsing, the
 * shader interpreter (shader_vm.c), vertex loading, output mapping and
 * primitive assembly. Owns pica_pipeline and the VM caches. May call:
 * frontend/ (decoded state, guest memory, pica_problem through the bound
 * pica_frontend) and backend/common; nothing above it. */
#include "backend/pica/shader/primitive.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/frontend/frontend.h"
#include "backend/pica/shader/shader_vm.h"
#include "backend/pica/shader/vertex.h"

/* Most vertices one draw may ask for: a draw whose attributes are all fixed
 * reads no memory, so nothing else would bound a NUMVERTICES of 2^32. */
#define PICA_MAX_DRAW_VERTICES (1u << 24)

/* ---- output mapping ---- */

void pica_output_map_build(pica_output_map *m, const pica_outmap_state *om, uint16_t output_mask)
{
    uint8_t sem[16][4];
    pica_outmap_resolve(om, output_mask, sem);
    memset(m->src, 64, sizeof m->src);
    /* registers in order, components x..w: a later mapping of the same
     * semantic overrides an earlier one, as in Azahar's OutputVertex */
    for (unsigned reg = 0; reg < 16; reg++)
        for (unsigned c = 0; c < 4; c++)
            if (sem[reg][c] < 24)
                m->src[sem[reg][c]] = (uint8_t)(reg * 4 + c);
}

void pica_output_map_apply(const pica_output_map *m, const float (*o)[4], pica_out_vertex *v)
{
    float src[65];
    memcpy(src, o, 64 * sizeof(float));
    src[64] = 1.0f; /* unmapped slots read 1 (Azahar: hardware-tested) */
    float *dst = (float *)v;
    for (unsigned k = 0; k < 24; k++)
        dst[k] = src[m->src[k]];
    /* the rasterizer takes |c| clamped to 1 before interpolation (yuriks'
     * hardware tests, cited by Citra/Azahar) */
    for (unsigned k = 0; k < 4; k++) {
        float c = fabsf(v->color[k]);
        v->color[k] = c < 1.0f ? c : 1.0f;
    }
}

/* ---- primitive assembly (Azahar primitive_assembly.cpp) ---- */

void pica_assembler_reset(pica_assembler *a, uint8_t mode)
{
    memset(a, 0, sizeof *a);
    a->mode = mode & 3;
}

bool pica_assembler_push(pica_assembler *a, uint32_t v, uint32_t tri[3])
{
    if (a->mode == PICA_PRIM_TRIANGLES || a->mode == PICA_PRIM_GEOMETRY) {
        if (a->count < 2) {
            a->buf[a->count++] = v;
            return false;
        }
        a->count = 0;
        /* geometry primitives: SETEMIT's winding flag reverses the triangle */
        bool swap = a->mode == PICA_PRIM_GEOMETRY && a->winding;
        tri[0] = a->buf[swap ? 1 : 0];
        tri[1] = a->buf[swap ? 0 : 1];
        tri[2] = v;
        if (swap)
            a->winding = false;
        return true;
    }
    /* strip: buffer slots alternate, so odd triangles come out as (v2, v1,
     * v3), the usual strip winding; fan: slot 0 keeps the centre */
    bool done = false;
    if (a->strip_ready) {
        tri[0] = a->buf[0];
        tri[1] = a->buf[1];
        tri[2] = v;
        done = true;
    }
    a->buf[a->count] = v;
    a->strip_ready |= a->count == 1;
    a->count = a->mode == PICA_PRIM_TRIANGLE_STRIP ? (uint8_t)!a->count : 1;
    return done;
}

/* Which buffered slots hold a vertex a future triangle can use. */
static unsigned assembler_live(const pica_assembler *a)
{
    if (a->mode == PICA_PRIM_TRIANGLES || a->mode == PICA_PRIM_GEOMETRY)
        return a->count == 2 ? 3u : a->count == 1 ? 1u : 0u;
    return a->strip_ready ? 3u : a->count == 1 ? 1u : 0u;
}

/* ---- the pipeline ---- */

#define VS_CACHE_ENTRIES 256 /* shaded vertices kept for the geometry-shader path */

struct pica_pipeline {
    pica_vm_unit vs, gs;
    _Alignas(16) float attr[16][4];
    _Alignas(16) float vs_cache[VS_CACHE_ENTRIES][16][4];
    uint32_t vs_cache_index[VS_CACHE_ENTRIES];
    uint32_t vs_cache_stamp[VS_CACHE_ENTRIES];
    float gs_in[16][4];
    glhle_logger log;
    pica_pipeline_desc desc;
    pica_vm_cache *programs;
    pica_vm_binding vs_bind, gs_bind;
    pica_vertex_loader loader;
    pica_vertex_cache cache;
    pica_output_map map;
    pica_assembler pa;
    pica_out_vertex *verts;
    float *inputs;              /* input mode: vcap x 16 vec4 */
    uint32_t ninputs;           /* vec4s per vertex in `inputs` this draw */
    bool inputs_only;           /* set by the consumer (pica_pipeline_set_inputs_only) */
    bool raw;                   /* this draw runs in input mode */
    uint32_t fetch_max;         /* pica_pipeline_set_fetch; 0: off */
    bool fetching;              /* this draw goes out in fetch mode */
    pica_vertex_fetch fetch;    /* and its guest bytes */
    uint32_t fetch_last;        /* the vertex the CPU loader would have loaded last (count_fetch) */
    uint32_t nverts, vcap;
    uint32_t *idx;
    uint32_t nidx, icap;
    uint32_t chunk_status;
    pica_frontend *fe;          /* the front end whose draws this runs (pica_pipeline_bind) */
    /* per draw */
    const pica_state *st;
    pica_vm_program *vsp, *gsp;
    uint32_t draw_status;
    bool failed;
    /* geometry shader input */
    uint32_t gs_attrs;          /* attributes buffered (point mode) */
    uint32_t gs_vertices;       /* vertices buffered (fixed, variable modes) */
    uint32_t gs_next_c;         /* next c register to fill (fixed, variable modes) */
    uint32_t gs_total, gs_main; /* variable mode: vertices of this primitive, main vertices */
    bool gs_need_count;         /* variable mode: the next index is a vertex count */
    uint32_t gs_c_lo, gs_c_hi;  /* c registers the GS input wrote this draw */
    uint32_t vs_cache_gen;
    bool gs_replaying;          /* gs_replay_inputs: inputs go into the c registers, no invocation runs */
    bool immediate;             /* the last event was an immediate-mode vertex */
    uint32_t gs_group;          /* pica_pipeline_set_gs_stream */
    uint32_t gs_run;            /* the stream form's chunk: VS vertices an invocation (gs_group, or a run's count) */
    bool gs_streaming;          /* this draw goes out in the geometry-shader stream form */
    uint32_t gs_count_stride;   /* a streamed variable-mode draw: gs_group + 1 (its counts at multiples); else 0 */
    pica_pipeline_stats stats;
};

glhle_result pica_pipeline_create(const pica_pipeline_desc *desc, const glhle_logger *lg, pica_pipeline **out)
{
    *out = NULL;
    pica_pipeline *pl = aligned_alloc(64, (sizeof *pl + 63) & ~(size_t)63);
    if (!pl)
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "pica pipeline: out of memory");
    memset(pl, 0, sizeof *pl);
    pl->desc = desc ? *desc : (pica_pipeline_desc){0};
    if (lg)
        pl->log = *lg;
    pl->vcap = pl->desc.vertex_capacity ? pl->desc.vertex_capacity : 16384;
    if (pl->vcap < 16)
        pl->vcap = 16;
    if (pl->vcap > (1u << 24))
        pl->vcap = 1u << 24;
    /* indexed meshes reuse vertices: about six indices per vertex for a grid */
    pl->icap = pl->desc.index_capacity ? pl->desc.index_capacity : 6 * pl->vcap;
    if (pl->icap < 3 * pl->vcap)
        pl->icap = 3 * pl->vcap;
    pl->verts = malloc((size_t)pl->vcap * sizeof *pl->verts);
    pl->inputs = malloc((size_t)pl->vcap * 64 * sizeof *pl->inputs);
    pl->idx = malloc((size_t)pl->icap * sizeof *pl->idx);
    glhle_result r = pica_vm_cache_create(pl->desc.program_cache, &pl->programs);
    if (!pl->verts || !pl->inputs || !pl->idx || r != GLHLE_RESULT_OK || !pica_vertex_cache_init(&pl->cache)) {
        uint32_t vcap = pl->vcap;
        pica_pipeline_destroy(pl);
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "pica pipeline: out of memory for %u output vertices",
                          vcap);
    }
    pica_vm_unit_init(&pl->vs, false);
    pica_vm_unit_init(&pl->gs, true);
    pl->vs.step_limit = pl->gs.step_limit = pl->desc.step_limit;
    pica_assembler_reset(&pl->pa, PICA_PRIM_TRIANGLES);
    pl->vs_cache_gen = 1;
    *out = pl;
    return GLHLE_RESULT_OK;
}

void pica_pipeline_destroy(pica_pipeline *pl)
{
    if (!pl)
        return;
    free(pl->verts);
    free(pl->inputs);
    free(pl->idx);
    pica_vm_cache_destroy(pl->programs);
    pica_vertex_cache_free(&pl->cache);
    free(pl);
}

pica_pipeline_stats pica_pipeline_get_stats(const pica_pipeline *pl)
{
    return pl->stats;
}

void pica_pipeline_set_inputs_only(pica_pipeline *pl, bool on)
{
    pl->inputs_only = on;
}

void pica_pipeline_set_fetch(pica_pipeline *pl, uint32_t max_bytes)
{
    pl->fetch_max = max_bytes;
}

void pica_pipeline_set_gs_stream(pica_pipeline *pl, uint32_t group)
{
    pl->gs_group = group;
}

void pica_pipeline_bind(pica_pipeline *pl, pica_frontend *fe)
{
    pl->fe = fe;
}

/* Hands the chunk to the consumer and starts the next one with the
 * vertices the assembler still holds (a strip or fan goes on across
 * chunks). The post-vertex cache pointed into the old chunk: cleared. */
static void flush(pica_pipeline *pl, bool end_of_draw)
{
    if (pl->nidx || end_of_draw) {
        pica_draw_output out = {pl->verts, pl->nverts, pl->idx, pl->nidx, end_of_draw,
                                pl->chunk_status | pl->draw_status, pl->raw ? pl->inputs : NULL,
                                pl->raw ? pl->ninputs : 0, NULL, NULL, NULL, pl->gs_streaming ? pl->gs_run : 0};
        if (pl->fetching) {
            out.vertices = NULL;
            out.inputs = NULL;
            out.vertex_count = pl->fetch.last - pl->fetch.first + 1;
            out.fetch = &pl->fetch;
            out.loader = &pl->loader;
            out.held = (const float(*)[4])pl->attr;
        }
        if (pl->desc.on_output)
            pl->desc.on_output(pl->desc.user, &out);
        pl->stats.chunks++;
    }
    if (pl->fetching) {
        /* the vertices a strip or fan goes on with, in input form: what
         * process() would have written for them */
        pl->fetching = false;
        unsigned live = assembler_live(&pl->pa);
        uint32_t n = 0;
        for (unsigned k = 0; k < 2; k++)
            if (live & (1u << k)) {
                uint32_t bad;
                pica_vertex_load(&pl->loader, pl->fetch.first + pl->pa.buf[k], pl->attr, &bad); /* mapped: checked */
                float *dst = pl->inputs + (size_t)n * pl->ninputs * 4;
                for (uint32_t a = 0; a < pl->ninputs; a++)
                    memcpy(dst + 4 * a, a < pl->loader.attrib_count ? pl->attr[a] : (const float[4]){0, 0, 0, 0},
                           16);
                pl->pa.buf[k] = n++;
            }
        /* and the input registers as the CPU path leaves them, which an
         * attribute no loader names reads in a later draw: the last vertex
         * it loaded */
        uint32_t bad;
        pica_vertex_load(&pl->loader, pl->fetch_last, pl->attr, &bad); /* mapped: checked */
        pl->nverts = n;
        pl->nidx = 0;
        pl->chunk_status = 0;
        pica_vertex_cache_clear(&pl->cache);
        return;
    }
    /* both kept vertices are read before either is written: a slot the
     * post-vertex cache handed out may be 0 or 1, where the other one lands */
    unsigned live = assembler_live(&pl->pa);
    pica_out_vertex keep[2];
    float keep_in[2][64];
    const uint32_t w = pl->ninputs * 4;
    uint32_t n = 0;
    for (unsigned k = 0; k < 2; k++)
        if (live & (1u << k)) {
            if (pl->raw)
                memcpy(keep_in[n], pl->inputs + (size_t)pl->pa.buf[k] * w, w * sizeof(float));
            else
                keep[n] = pl->verts[pl->pa.buf[k]];
            pl->pa.buf[k] = n++;
        }
    if (pl->raw)
        for (uint32_t k = 0; k < n; k++)
            memcpy(pl->inputs + (size_t)k * w, keep_in[k], w * sizeof(float));
    else
        memcpy(pl->verts, keep, n * sizeof keep[0]);
    pl->nverts = n;
    pl->nidx = 0;
    pl->chunk_status = 0;
    pica_vertex_cache_clear(&pl->cache);
}

/* Room for `verts` more vertices and a triangle per vertex. */
static void make_room(pica_pipeline *pl, uint32_t verts)
{
    if (pl->nverts + verts > pl->vcap || pl->nidx + 3 * verts > pl->icap)
        flush(pl, false);
}

static void submit(pica_pipeline *pl, uint32_t v)
{
    uint32_t tri[3];
    if (pica_assembler_push(&pl->pa, v, tri)) {
        memcpy(pl->idx + pl->nidx, tri, sizeof tri);
        pl->nidx += 3;
        pl->stats.triangles++;
    }
}

static uint32_t append_vertex(pica_pipeline *pl, const float (*o)[4])
{
    pica_output_map_apply(&pl->map, o, &pl->verts[pl->nverts]);
    return pl->nverts++;
}

/* A geometry shader's EMIT with its primitive flag: the three buffered
 * vertices go to the assembler, winding first (Azahar GeometryEmitter). */
static void on_gs_prim(void *user, const float (*v0)[4], const float (*v1)[4], const float (*v2)[4], bool winding)
{
    pica_pipeline *pl = user;
    make_room(pl, 3);
    if (winding)
        pl->pa.winding = true;
    const float (*v[3])[4] = {v0, v1, v2};
    for (int k = 0; k < 3; k++)
        submit(pl, append_vertex(pl, v[k]));
}

static void run_gs(pica_pipeline *pl)
{
    if (pl->gs_replaying)
        return;
    const uint64_t before = pl->gs.steps;
    pl->draw_status |= pica_vm_run(&pl->gs, pl->gsp, pl->st->gs_setup.entry_point);
    pl->stats.gs_invocations++;
    pica_charge_steps(pl->fe, pl->gs.steps - before, pl->immediate ? "immediate-mode vertex" : "draw");
    /* b15 is set after every geometry shader invocation, so a program can
     * tell the first invocation of a batch (picasso Manual; Azahar) */
    pl->gs.bools |= 0x8000;
}

static void gs_uniform(pica_pipeline *pl, uint32_t c, const float *v)
{
    if (c >= 96) {
        /* past c95 the array has nowhere to go; dropped, reported once */
        pl->draw_status |= PICA_VM_BAD_VERTEX_ID;
        return;
    }
    memcpy(pica_vm_uniform(&pl->gs, c), v, 16);
    if (c < pl->gs_c_lo)
        pl->gs_c_lo = c;
    if (c + 1 > pl->gs_c_hi)
        pl->gs_c_hi = c + 1;
}

/* One shaded vertex (VS output registers) into the geometry shader's input
 * (Azahar geometry_pipeline.cpp). The VS outputs are packed by the VS output
 * mask; GPUREG_VSH_OUTMAP_TOTAL1 + 1 of them per vertex. */
static void gs_input(pica_pipeline *pl, const float (*o)[4])
{
    const pica_state *st = pl->st;
    const pica_geometry_state *g = &st->geometry;
    float packed[16][4];
    uint32_t n = 0;
    for (unsigned reg = 0; reg < 16; reg++)
        if (st->vs.output_mask & (1u << reg))
            memcpy(packed[n++], o[reg], 16);
    uint32_t per_vertex = g->vs_outmap_total1 < n ? g->vs_outmap_total1 : n;
    switch (g->gs_mode) {
    case 0: { /* point: VS outputs fill the GS input buffer, then v registers */
        uint32_t want = st->gs.input_count;
        for (uint32_t k = 0; k < per_vertex && pl->gs_attrs < 16; k++)
            memcpy(pl->gs_in[pl->gs_attrs++], packed[k], 16);
        if (pl->gs_attrs >= want) {
            for (uint32_t a = 0; a < want; a++)
                memcpy(pica_vm_input(&pl->gs, st->gs.input_register[a]), pl->gs_in[a], 16);
            pl->gs_attrs = 0;
            run_gs(pl);
        }
        break;
    }
    case 1: { /* variable: main vertices give every attribute, the rest only the first */
        bool main = pl->gs_main > 0;
        for (uint32_t k = 0; k < (main ? per_vertex : 1u); k++)
            gs_uniform(pl, pl->gs_next_c++, packed[k]);
        if (main)
            pl->gs_main--;
        if (--pl->gs_total == 0) {
            pl->gs_need_count = true;
            run_gs(pl);
        }
        break;
    }
    default: { /* fixed: a fixed number of vertices into c[start_index...] */
        for (uint32_t k = 0; k < per_vertex; k++)
            gs_uniform(pl, pl->gs_next_c++, packed[k]);
        if (++pl->gs_vertices >= g->gs_fixed_vertex_count) {
            pl->gs_vertices = 0;
            pl->gs_next_c = g->gs_start_index;
            run_gs(pl);
        }
        break;
    }
    }
}

/* Variable mode: an index that starts a primitive is its vertex count;
 * c0 holds it in all four components (Azahar SubmitIndex). */
static void gs_count(pica_pipeline *pl, uint32_t count)
{
    float n = (float)count, v[4] = {n, n, n, n};
    gs_uniform(pl, 0, v);
    pl->gs_next_c = 1;
    pl->gs_total = count;
    pl->gs_main = (pl->st->geometry.gsh_misc1 & 0xFF) + 1;
    pl->gs_need_count = count == 0;
}

/* Runs the vertex shader on attribute-order inputs; outputs stay in the
 * unit's o registers. Its steps are charged to the run's budget
 * (pica_charge_steps: the draw loops stop once it is used up), except in a
 * replay. */
static bool run_vs(pica_pipeline *pl, const float (*attr)[4], uint32_t count)
{
    const pica_shader_unit_state *vs = &pl->st->vs;
    for (uint32_t a = 0; a < vs->input_count && a < 16; a++)
        memcpy(pica_vm_input(&pl->vs, vs->input_register[a]), a < count ? attr[a] : (const float[4]){0, 0, 0, 0},
               16);
    const uint64_t before = pl->vs.steps;
    pl->draw_status |= pica_vm_run(&pl->vs, pl->vsp, pl->st->vs_setup.entry_point);
    pl->stats.vs_invocations++;
    /* the GPU geometry path's replay of a draw's last inputs
     * (gs_replay_inputs) shades vertices the GPU shaded and charged */
    return pl->gs_replaying ||
           pica_charge_steps(pl->fe, pl->vs.steps - before, pl->immediate ? "immediate-mode vertex" : "draw");
}

static const float (*vs_out(pica_pipeline *pl))[4]
{
    return (const float(*)[4])pl->vs.reg[PICA_VM_SLOT_O];
}

/* Everything a draw or an immediate vertex needs from the state. The
 * geometry shader's input buffer starts empty at each draw and at the first
 * of a run of immediate-mode vertices (Azahar reconfigures it then). */
static void begin(pica_pipeline *pl, bool reset_gs_input)
{
    const pica_state *st = pica_frontend_state(pl->fe);
    pl->st = st;
    pl->draw_status = 0;
    pl->failed = false;
    bool gs = st->geometry.gs_enabled;
    pl->vsp = pica_vm_cache_get(pl->programs, &pl->vs_bind, &st->vs_setup);
    pica_vm_unit_load_uniforms(&pl->vs, &st->vs_setup);
    pica_output_map_build(&pl->map, &st->outmap, gs ? st->gs.output_mask : st->vs.output_mask);
    if (st->geometry.primitive_mode != pl->pa.mode)
        pica_assembler_reset(&pl->pa, st->geometry.primitive_mode);
    if (gs) {
        pl->gsp = pica_vm_cache_get(pl->programs, &pl->gs_bind, &st->gs_setup);
        pica_vm_unit_load_uniforms(&pl->gs, &st->gs_setup);
        pl->gs.on_prim = on_gs_prim;
        pl->gs.on_prim_user = pl;
        pl->gs_c_lo = 96;
        pl->gs_c_hi = 0;
        if (reset_gs_input) {
            pl->gs_attrs = pl->gs_vertices = 0;
            pl->gs_next_c = st->geometry.gs_start_index;
            pl->gs_need_count = true;
        }
    }
}

void pica_report_shader_status(pica_frontend *p, const char *what, uint32_t s)
{
    if (s & PICA_VM_STOPPED)
        pica_problem(p, (s & PICA_VM_STEP_LIMIT) ? GLHLE_RESULT_LIMIT_EXCEEDED : GLHLE_RESULT_BAD_DATA,
                     GLHLE_LOG_ERROR,
                     "%s: a shader invocation was stopped (status 0x%X: step limit 0x1, ran off the end 0x2, break "
                     "outside a loop 0x4, entry point past code 0x8); its outputs are used as they stand",
                     what, s);
    else if (s & (PICA_VM_UNKNOWN_OPCODE | PICA_VM_EMIT_IN_VS | PICA_VM_BAD_VERTEX_ID))
        pica_problem(p, GLHLE_RESULT_OK, GLHLE_LOG_WARN,
                     "%s: shader status 0x%X (undefined opcode run as NOP 0x20, emit in a vertex shader 0x40, "
                     "vertex id 3 or GS array past c95 0x80)",
                     what, s);
}

/* Writes back what the geometry shader unit changed in its uniforms (b15,
 * array modes' c registers): they stay in the unit on hardware. */
static void gs_write_back(pica_pipeline *pl)
{
    if (pl->st->geometry.gs_enabled) {
        pica_state *ms = pica_frontend_state_mut(pl->fe);
        bool changed = ms->gs_setup.bool_uniforms != pl->gs.bools;
        ms->gs_setup.bool_uniforms = pl->gs.bools;
        if (pl->gs_c_hi > pl->gs_c_lo) {
            size_t bytes = (size_t)(pl->gs_c_hi - pl->gs_c_lo) * 16;
            changed = changed ||
                      memcmp(ms->gs_setup.float_uniforms[pl->gs_c_lo], pica_vm_uniform(&pl->gs, pl->gs_c_lo), bytes) != 0;
            memcpy(ms->gs_setup.float_uniforms[pl->gs_c_lo], pica_vm_uniform(&pl->gs, pl->gs_c_lo), bytes);
        }
        if (changed)
            ms->dirty |= PICA_DIRTY(GS_UNIFORMS);
    }
}

/* Reports the draw's shader problems once, and writes back the GS unit's
 * uniforms. */
static void end(pica_pipeline *pl, const char *what)
{
    uint32_t s = pl->draw_status;
    pl->chunk_status |= s;
    pica_report_shader_status(pl->fe, what, s);
    gs_write_back(pl);
}

/* Loads vertex `index` (the draw's `position`th of `count`) into pl->attr;
 * false, reported, when its attribute data is not all mapped. */
static bool load_vertex(pica_pipeline *pl, uint32_t index, uint32_t position, uint32_t count)
{
    uint32_t bad;
    if (pica_vertex_load(&pl->loader, index, pl->attr, &bad))
        return true;
    pica_problem(pl->fe, GLHLE_RESULT_OUT_OF_BOUNDS, GLHLE_LOG_ERROR,
                 "vertex %u of %u (index %u): attribute data at 0x%08X is outside guest memory; the rest of the "
                 "draw is skipped",
                 position, count, index, bad);
    return false;
}

/* A vertex through the vertex shader (and the geometry shader's input);
 * without a geometry shader, into the assembler. `attr` is NULL for a draw:
 * the attributes are loaded only when the post-vertex cache misses. Returns
 * false when they cannot be loaded or the run's shader-step budget is used
 * up (reported; the draw stops). */
static bool process(pica_pipeline *pl, uint32_t index, bool cacheable, const float (*attr)[4], uint32_t nattr,
                    uint32_t position, uint32_t count)
{
    bool gs = pl->st->geometry.gs_enabled;
    uint32_t slot, e = index % VS_CACHE_ENTRIES;
    if (!gs) {
        make_room(pl, 1);
        if (cacheable && pica_vertex_cache_find(&pl->cache, index, &slot)) {
            submit(pl, slot);
            return true;
        }
    } else if (cacheable && pl->vs_cache_stamp[e] == pl->vs_cache_gen && pl->vs_cache_index[e] == index) {
        gs_input(pl, (const float(*)[4])pl->vs_cache[e]);
        return true;
    }
    if (!attr) {
        if (!load_vertex(pl, index, position, count))
            return false;
        attr = (const float(*)[4])pl->attr;
        nattr = pl->loader.attrib_count;
    }
    if (pl->raw) {
        /* what run_vs would copy into the v registers, in attribute order */
        float *dst = pl->inputs + (size_t)pl->nverts * pl->ninputs * 4;
        for (uint32_t a = 0; a < pl->ninputs; a++)
            memcpy(dst + 4 * a, a < nattr ? attr[a] : (const float[4]){0, 0, 0, 0}, 16);
        slot = pl->nverts++;
        pl->stats.input_vertices++;
        if (cacheable)
            pica_vertex_cache_put(&pl->cache, index, slot);
        submit(pl, slot);
        return true;
    }
    if (!run_vs(pl, attr, nattr))
        return false; /* the vertex that used the run's shader-step budget up is dropped (reported) */
    if (!gs) {
        slot = append_vertex(pl, vs_out(pl));
        if (cacheable)
            pica_vertex_cache_put(&pl->cache, index, slot);
        submit(pl, slot);
        return true;
    }
    if (cacheable) {
        memcpy(pl->vs_cache[e], vs_out(pl), sizeof pl->vs_cache[e]);
        pl->vs_cache_index[e] = index;
        pl->vs_cache_stamp[e] = pl->vs_cache_gen;
    }
    gs_input(pl, vs_out(pl));
    return true;
}

/* Vertex i of a draw: the index buffer's value (u8 or u16), or for an
 * array VERTEX_OFFSET + i (VERTEX_OFFSET applies to arrays only, Azahar). */
static uint32_t draw_index(const pica_geometry_state *g, const uint8_t *ib, bool indexed, uint32_t i)
{
    if (!indexed)
        return g->vertex_offset + i;
    return g->index_u16 ? (uint32_t)(ib[2 * i] | ib[2 * i + 1] << 8) : ib[i];
}

/* Whether a draw can go out in fetch mode (pica_pipeline_set_fetch): one
 * chunk of at most a third of the index capacity, nothing of the chunk
 * before pending, every attribute byte of its index range mapped and within
 * fetch_max. Fills pl->fetch for that range; the indices relative to its
 * first are then draw_index() - pl->fetch.first. */
/* Whether position i of a streamed variable-mode draw's index stream is a
 * vertex count (every invocation has gs_group vertices: the rasterizer
 * checked with pica_gs_variable_count). */
static bool count_at(const pica_pipeline *pl, uint32_t i)
{
    return pl->gs_count_stride && i % pl->gs_count_stride == 0;
}

static bool fetch_range(pica_pipeline *pl, const uint8_t *ib, bool indexed, uint32_t count)
{
    if (!pl->fetch_max || !pl->raw || !count || count > pl->icap / 3 || pl->nidx)
        return false;
    const pica_geometry_state *g = &pl->st->geometry;
    uint32_t lo = 0xFFFFFFFFu, hi = 0;
    if (indexed || pl->gs_count_stride) {
        for (uint32_t i = 0; i < count; i++) {
            if (count_at(pl, i))
                continue;
            uint32_t index = draw_index(g, ib, indexed, i);
            lo = index < lo ? index : lo;
            hi = index > hi ? index : hi;
        }
        if (lo > hi)
            return false; /* counts only */
    } else {
        if ((uint64_t)g->vertex_offset + count - 1 > 0xFFFFFFFFu)
            return false;
        lo = g->vertex_offset;
        hi = g->vertex_offset + count - 1;
    }
    /* false: the CPU loader reports the vertex it cannot read */
    return pica_vertex_fetch_ranges(&pl->loader, lo, hi, pl->fetch_max, &pl->fetch);
}

/* A draw goes out in fetch mode. The CPU path loads a vertex on each miss
 * of the post-vertex cache (cleared at the draw, which is one chunk), every
 * vertex of an array: the last it loads is the array's last vertex or the
 * last index seen for the first time, whose attributes flush() leaves in
 * the input registers. */
static void count_fetch(pica_pipeline *pl, const uint8_t *ib, bool indexed, uint32_t count)
{
    const pica_geometry_state *g = &pl->st->geometry;
    uint32_t last = count - 1, vertices = 0;
    while (count_at(pl, last)) /* fetch_range found a vertex */
        last--;
    pl->fetch_last = draw_index(g, ib, indexed, last);
    for (uint32_t i = 0, slot; i < count; i++) {
        if (count_at(pl, i))
            continue;
        vertices++;
        if (!indexed)
            continue;
        const uint32_t index = draw_index(g, ib, true, i);
        if (!pica_vertex_cache_find(&pl->cache, index, &slot)) {
            pica_vertex_cache_put(&pl->cache, index, 0);
            pl->fetch_last = index;
        }
    }
    if (indexed)
        pica_vertex_cache_clear(&pl->cache);
    pl->fetching = true;
    pl->stats.input_vertices += vertices;
    pl->stats.fetch_draws++;
}

/* A draw in fetch mode, if it can be one and continues no strip, fan or
 * triangle of the draw before: the assembler on the indices relative to
 * the first. */
static bool fetch_draw(pica_pipeline *pl, const uint8_t *ib, bool indexed, uint32_t count)
{
    if (assembler_live(&pl->pa) || !fetch_range(pl, ib, indexed, count))
        return false;
    const pica_geometry_state *g = &pl->st->geometry;
    for (uint32_t i = 0; i < count; i++)
        submit(pl, draw_index(g, ib, indexed, i) - pl->fetch.first);
    count_fetch(pl, ib, indexed, count);
    return true;
}

/* The invocation at index-stream position `at` (its count there, then its
 * vertices, up to position `end`) into the c registers as gs_count() and
 * gs_input() put them, without running the geometry shader. */
static void gs_replay_one(pica_pipeline *pl, const uint8_t *ib, bool indexed, uint32_t at, uint32_t end,
                          float (*attr)[4])
{
    const pica_geometry_state *g = &pl->st->geometry;
    gs_count(pl, draw_index(g, ib, indexed, at));
    for (uint32_t i = at + 1; i < end; i++) {
        uint32_t bad;
        if (!pica_vertex_load(&pl->loader, draw_index(g, ib, indexed, i), attr, &bad))
            break; /* cannot happen: the stream loaded (or fetched) it */
        run_vs(pl, (const float(*)[4])attr, pl->loader.attrib_count);
        gs_input(pl, vs_out(pl));
    }
}

/* The c registers variable mode leaves, from candidate invocations at
 * index-stream positions at[k] to end[k] (UINT32_MAX: none), written back
 * into the GS setup: an invocation of n vertices writes c0 up to
 * c(1 + m x per_vertex + n - m - 1), m = min(main vertices, n), a prefix
 * that grows with n, so the registers are those of the invocations that
 * write past every later one, replayed in stream order (at most eight). */
static void gs_replay_picks(pica_pipeline *pl, const uint8_t *ib, bool indexed, const uint32_t *at,
                            const uint32_t *end)
{
    const pica_state *st = pl->st;
    const pica_geometry_state *g = &st->geometry;
    uint32_t outputs = 0;
    for (unsigned reg = 0; reg < 16; reg++)
        outputs += (st->vs.output_mask >> reg) & 1u;
    const uint32_t per_vertex = g->vs_outmap_total1 < outputs ? g->vs_outmap_total1 : outputs;
    const uint32_t mains = (g->gsh_misc1 & 0xFFu) + 1u;
    uint32_t pick[8], n = 0;
    for (uint32_t covered = 0, below = UINT32_MAX;;) {
        /* the latest candidate before `below` */
        uint32_t best = 8;
        for (uint32_t k = 0; k < 8; k++)
            if (at[k] < below && (best == 8 || at[k] > at[best]))
                best = k;
        if (best == 8)
            break;
        below = at[best];
        const uint32_t v = end[best] - at[best] - 1, m = v < mains ? v : mains;
        const uint32_t writes = 1u + m * per_vertex + (v - m);
        if (writes > covered) {
            covered = writes;
            pick[n++] = best;
        }
    }
    const uint32_t status = pl->draw_status;
    _Alignas(16) float attr[16][4];
    memcpy(attr, pl->attr, sizeof attr); /* attributes no loader names keep their value */
    pl->gs_need_count = true;
    pl->gs_replaying = true;
    while (n--)
        gs_replay_one(pl, ib, indexed, at[pick[n]], end[pick[n]], attr);
    pl->gs_replaying = false;
    pl->draw_status = status;
    gs_write_back(pl);
}

/* Variable mode's c registers after a streamed draw (gs_replay_inputs), its
 * counts the same or not: the last invocation of each count (1-6, the
 * counts the rasterizer takes) and the incomplete one (its count and the
 * vertices it has) are the candidates for gs_replay_picks. */
static void gs_replay_variable(pica_pipeline *pl, const uint8_t *ib, bool indexed, uint32_t walked)
{
    const pica_geometry_state *g = &pl->st->geometry;
    uint32_t at[8], end[8]; /* [0..6] the last of each count, 7 the incomplete one */
    for (uint32_t k = 0; k < 8; k++)
        at[k] = UINT32_MAX;
    for (uint32_t i = 0; i < walked;) {
        const uint32_t c = draw_index(g, ib, indexed, i);
        if (c > 6)
            break; /* cannot happen: pica_gs_variable_count took only these */
        const uint32_t k = i + c + 1 > walked ? 7u : c;
        at[k] = i;
        end[k] = i + c + 1 > walked ? walked : i + c + 1;
        i += c + 1;
    }
    gs_replay_picks(pl, ib, indexed, at, end);
}

/* The GS unit's c registers as the CPU path leaves them after a streamed
 * draw in fixed or variable mode, whose invocations ran on the consumer's
 * side (the CPU path writes every vertex into them as it comes, and end()
 * writes them back into the GS setup, where a later draw reads them). All
 * invocations of the draw write the same registers (the rasterizer takes a
 * variable-mode draw only when every count is the same), so the last whole
 * invocation and the incomplete one after it, of the `walked` positions of
 * the index stream the stream took, write all the draw leaves: their
 * vertices go through the vertex shader here and into the c registers as
 * gs_input() puts them, without running the geometry shader. At most two
 * invocations' vertices (fewer than 14 with GL's primitives), whatever the
 * draw's size. The shader status is the consumer's to report. */
static void gs_replay_inputs(pica_pipeline *pl, const uint8_t *ib, bool indexed, uint32_t walked)
{
    const pica_geometry_state *g = &pl->st->geometry;
    if (g->gs_mode == 0 || !walked || !pl->gs_group)
        return;
    if (g->gs_mode == 1) {
        gs_replay_variable(pl, ib, indexed, walked);
        return;
    }
    const uint32_t stride = pl->gs_group;
    const uint32_t whole = walked / stride;
    const uint32_t status = pl->draw_status;
    _Alignas(16) float attr[16][4];
    memcpy(attr, pl->attr, sizeof attr); /* attributes no loader names keep their value */
    pl->gs_vertices = 0;
    pl->gs_next_c = g->gs_start_index;
    pl->gs_replaying = true;
    for (uint32_t i = whole ? (whole - 1) * stride : 0; i < walked; i++) {
        const uint32_t index = draw_index(g, ib, indexed, i);
        uint32_t bad;
        if (!pica_vertex_load(&pl->loader, index, attr, &bad))
            break; /* cannot happen: the stream loaded (or fetched) it */
        (void)run_vs(pl, (const float(*)[4])attr, pl->loader.attrib_count); /* a few vertices: charged, not cut */
        gs_input(pl, vs_out(pl));
    }
    pl->gs_replaying = false;
    pl->draw_status = status;
    gs_write_back(pl);
}

/* A draw in the geometry-shader stream form (pica_pipeline_set_gs_stream):
 * in fetch mode when fetch_range allows (one chunk, the vertex indices
 * relative to the first in draw order: GL fetches the attributes and its
 * post-transform cache stands in for the post-vertex cache), else every
 * vertex into input form (the post-vertex cache for indexed draws, as
 * process() has it) and its slot into the index list in draw order; chunks
 * end on whole invocations. In variable mode the index stream's vertex
 * counts (one before each invocation's gs_group vertices) are left out;
 * with PICA_GS_STREAM_VARIABLE they are read as they come, and a chunk ends
 * where the count changes (its gs_group the count of its run). */
static void gs_stream_draw(pica_pipeline *pl, const uint8_t *ib, bool indexed, uint32_t count)
{
    const pica_geometry_state *g = &pl->st->geometry;
    const bool mixed = pl->gs_group == PICA_GS_STREAM_VARIABLE;
    pica_assembler_reset(&pl->pa, pl->pa.mode); /* nothing assembled here; geometry mode keeps nothing anyway */
    pl->gs_streaming = true;
    pl->gs_run = mixed ? 0 : pl->gs_group;
    pl->gs_count_stride = g->gs_mode == 1 && !mixed ? pl->gs_group + 1 : 0;
    /* vertices handed out (mixed: of this invocation); positions of the index stream taken */
    uint32_t done = 0, walked = count, left = 0;
    bool ran = false; /* an invocation was whole */
    /* mixed: the counts seen, and the last invocation of each (gs_replay_picks) */
    uint32_t seen = 0, last_at[8], last_end[8];
    for (uint32_t k = 0; k < 8; k++)
        last_at[k] = UINT32_MAX;
    if (!mixed && fetch_range(pl, ib, indexed, count)) {
        for (uint32_t i = 0; i < count; i++)
            if (!count_at(pl, i))
                pl->idx[pl->nidx++] = draw_index(g, ib, indexed, i) - pl->fetch.first;
        ran = pl->nidx >= pl->gs_run;
        count_fetch(pl, ib, indexed, count);
    } else {
        for (uint32_t i = 0; i < count; i++) {
            if (mixed && !left) { /* a vertex count (nonzero: pica_gs_variable_count) */
                const uint32_t n = draw_index(g, ib, indexed, i);
                if (n != pl->gs_run && pl->nidx)
                    flush(pl, false); /* the run of the count before, drawn with its program */
                if (n != pl->gs_run && (seen >> (n + 1))) {
                    /* a larger count ran before: the registers past this
                     * count's hold its inputs on the CPU path, which this
                     * run reads from the GS setup (the consumer's next chunk
                     * uploads it) */
                    gs_replay_picks(pl, ib, indexed, last_at, last_end);
                }
                seen |= 1u << (n & 7u);
                last_at[n & 7u] = i;
                last_end[n & 7u] = i + 1 + n;
                pl->gs_run = left = n;
                done = 0;
                continue;
            }
            if (count_at(pl, i))
                continue;
            const uint32_t group = pl->gs_run;
            if (done % group == 0 && (pl->nverts + group > pl->vcap || pl->nidx + group > pl->icap))
                flush(pl, false);
            uint32_t index = draw_index(g, ib, indexed, i);
            uint32_t slot;
            if (!indexed || !pica_vertex_cache_find(&pl->cache, index, &slot)) {
                if (!load_vertex(pl, index, i, count)) {
                    walked = i;
                    break;
                }
                float *dst = pl->inputs + (size_t)pl->nverts * pl->ninputs * 4;
                for (uint32_t a = 0; a < pl->ninputs; a++)
                    memcpy(dst + 4 * a, a < pl->loader.attrib_count ? pl->attr[a] : (const float[4]){0, 0, 0, 0},
                           16);
                slot = pl->nverts++;
                pl->stats.input_vertices++;
                if (indexed)
                    pica_vertex_cache_put(&pl->cache, index, slot);
            }
            pl->idx[pl->nidx++] = slot;
            done++;
            ran |= mixed ? --left == 0 : done >= group;
        }
    }
    end(pl, "draw");
    flush(pl, true);
    pl->gs_streaming = false;
    if (ran && !(pl->gs.bools & 0x8000)) {
        /* b15 is set after every invocation (run_gs): written back once the
         * consumer drew with the bools the draw started with */
        pl->gs.bools |= 0x8000;
        pica_state *ms = pica_frontend_state_mut(pl->fe);
        ms->gs_setup.bool_uniforms = pl->gs.bools;
        ms->dirty |= PICA_DIRTY(GS_UNIFORMS);
    }
    gs_replay_inputs(pl, ib, indexed, walked);
    pl->gs_count_stride = 0;
}

/* Variable mode's vertex count for the consumer (primitive.h). */
uint32_t pica_gs_variable_count(pica_frontend *fe, bool indexed, uint32_t *counts, char *why, size_t why_size)
{
    *counts = 0;
    const pica_geometry_state *g = &pica_frontend_state(fe)->geometry;
    const uint32_t count = g->vertex_count;
    if (!count || count > PICA_MAX_DRAW_VERTICES) {
        snprintf(why, why_size, "a variable-mode draw of %u index positions", count);
        return 0;
    }
    const uint8_t *ib = NULL;
    if (indexed) {
        ib = pica_memory_ptr(&fe->mem, g->index_address, count * (g->index_u16 ? 2u : 1u));
        if (!ib) {
            snprintf(why, why_size, "a variable-mode draw whose index buffer is outside guest memory");
            return 0;
        }
    }
    uint32_t n = 0, left = 0;
    bool same = true;
    for (uint32_t i = 0; i < count; i++) {
        const uint32_t v = draw_index(g, ib, indexed, i);
        if (left) {
            left--;
            continue;
        }
        if (v != 1 && v != 2 && v != 3 && v != 4 && v != 6) {
            snprintf(why, why_size,
                     "geometry shader variable mode: %u vertices an invocation (at position %u): no GL primitive",
                     v, i);
            *counts = 0;
            return 0;
        }
        same = same && (!n || v == n);
        *counts |= 1u << v;
        n = left = v;
    }
    return same ? n : PICA_GS_STREAM_VARIABLE;
}

/* Sets this draw's form (input mode or shaded); a change drops what the
 * assembler kept, which is in the other form. */
static void set_form(pica_pipeline *pl, bool raw, uint32_t ninputs)
{
    if (raw != pl->raw || (raw && ninputs != pl->ninputs)) {
        flush(pl, false);
        pica_assembler_reset(&pl->pa, pl->pa.mode);
        pl->nverts = 0;
    }
    pl->raw = raw;
    if (raw)
        pl->ninputs = ninputs;
}

/* Input mode when the consumer asked for it and no geometry shader runs
 * (or the consumer runs it: pica_pipeline_set_gs_stream, draws only). */
static void set_event_form(pica_pipeline *pl, bool is_draw)
{
    const pica_state *cs = pica_frontend_state(pl->fe);
    set_form(pl, pl->inputs_only && (!cs->geometry.gs_enabled || (is_draw && pl->gs_group)),
             cs->vs.input_count < 1 ? 1u : cs->vs.input_count > 16 ? 16u : cs->vs.input_count);
}

static void draw(pica_pipeline *pl, const glhle_pica_event *ev)
{
    pica_frontend *p = pl->fe;
    set_event_form(pl, true);
    begin(pl, true);
    pl->immediate = false;
    const pica_state *st = pl->st;
    const pica_geometry_state *g = &st->geometry;
    bool indexed = ev->u.draw.indexed;
    uint32_t count = g->vertex_count;
    pl->stats.draws++;
    pl->stats.vertices_in += count;
    /* the shaded-vertex cache of the geometry path holds per-draw results */
    if (++pl->vs_cache_gen == 0)
        pl->vs_cache_gen = 1;
    pica_vertex_cache_clear(&pl->cache);
    if (count > PICA_MAX_DRAW_VERTICES) {
        pica_problem(p, GLHLE_RESULT_LIMIT_EXCEEDED, GLHLE_LOG_ERROR,
                     "draw of %u vertices exceeds the %u-vertex limit; the draw is skipped", count,
                     PICA_MAX_DRAW_VERTICES);
        end(pl, "draw");
        return;
    }
    const uint8_t *ib = NULL;
    if (indexed && count) {
        uint32_t bytes = count * (g->index_u16 ? 2u : 1u);
        ib = pica_memory_ptr(&p->mem, g->index_address, bytes);
        if (!ib) {
            pica_problem(p, GLHLE_RESULT_OUT_OF_BOUNDS, GLHLE_LOG_ERROR,
                         "index buffer 0x%08X (+%u bytes) is outside guest memory; the draw is skipped",
                         g->index_address, bytes);
            end(pl, "draw");
            return;
        }
    }
    pica_vertex_loader_setup(&pl->loader, g, st->fixed_attrib, &p->mem);
    if (pl->raw && g->gs_enabled) {
        gs_stream_draw(pl, ib, indexed, count);
        return;
    }
    if (fetch_draw(pl, ib, indexed, count)) {
        end(pl, "draw");
        flush(pl, true);
        return;
    }
    bool variable = g->gs_enabled && g->gs_mode == 1;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t index = draw_index(g, ib, indexed, i);
        if (variable && pl->gs_need_count) {
            gs_count(pl, index);
            continue;
        }
        if (!process(pl, index, indexed, NULL, 0, i, count) || pl->fe->run.out_of_steps)
            break;
    }
    end(pl, "draw");
    flush(pl, true);
}

void pica_pipeline_event(void *pipeline, glhle_pica *p, const glhle_pica_event *ev)
{
    (void)p; /* the state and memory come from the bound front end */
    pica_pipeline *pl = pipeline;
    switch (ev->type) {
    case GLHLE_PICA_EVENT_DRAW:
        draw(pl, ev);
        break;
    case GLHLE_PICA_EVENT_IMMEDIATE_VERTEX:
        /* one vertex per event; triangles go out as soon as they complete
         * (Azahar DrawImmediate) */
        set_event_form(pl, false);
        begin(pl, !pl->immediate);
        pl->immediate = true;
        pl->stats.immediate_vertices++;
        process(pl, 0, false, ev->u.vertex.attrib, ev->u.vertex.attrib_count, 0, 1);
        end(pl, "immediate-mode vertex");
        if (pl->nidx)
            flush(pl, true);
        break;
    case GLHLE_PICA_EVENT_RESTART_PRIMITIVE:
        pica_assembler_reset(&pl->pa, pl->pa.mode);
        break;
    default:
        break;
    }
}
