/* The GPU geometry-shader path end to end against the CPU path (issue 18):
 * hand-built geometry-shader scenes as homebrew draws them (citro3d's
 * geoshader example: a point in, a quad of two triangles out), drawn by
 * two instances over the same command list at resolution scale 1 and 2,
 * one with the interpreter
 * running both shaders (glhle_pica_desc.vertex_shaders CPU, the
 * reference), one translating both to GLSL (GPU). The colour buffers must
 * be equal to the bit (llvmpipe rasterises both), not empty, and the
 * counters must say which path each draw took: every GPU-path draw of at
 * most 32,768 vertices reads its attributes through GL's vertex fetch from
 * the guest bytes (pica_rasterizer_stats.gs_fetch_draws), as plain GPU
 * vertex-shader draws do, and none falls back to CPU-loaded inputs.
 *
 * The scenes:
 *  - point mode, one VS vertex (position, colour, texcoord) per invocation:
 *    six EMITs, the second triangle with SETEMIT's winding flag, the colour
 *    chosen by b15 (the interpreter sets it after every invocation and
 *    leaves it set in the unit, so the first invocation of the first draw
 *    alone is white), culling on;
 *  - point mode with four GS inputs from three registers a vertex: two VS
 *    vertices per invocation (GL lines), the second's position as v3;
 *  - fixed mode: three vertices into c20-c28 (GL triangles), u16 indices
 *    with repeats (the post-vertex cache), an array whose last vertex makes
 *    no whole invocation, u8 indices with the colour a fixed attribute
 *    (a constant generic attribute on the fetch path);
 *  - one draw of 17,000 points, past the 16,384 vertices of one input-form
 *    chunk: fetched, one GL draw, b15 from gl_PrimitiveIDIn;
 *  - a geometry shader with a CALL, which the translator refuses: the CPU
 *    path draws it, logged once, counted in gs_refusals;
 *  - the translated program failing to build (the test hook): the CPU
 *    path draws it;
 *  - an EMIT into vertex slot 3: the warning the interpreter raises comes
 *    from the GPU's status word too;
 *  - variable mode (vertex counts in the index stream), three vertices
 *    an invocation, all main ones: GL triangles, c0-c9 in the translation;
 *  - variable mode with four vertices (GL lines with adjacency), two of
 *    them main ones (all three registers) and two giving one register,
 *    the count read as a colour, an incomplete last invocation; then a
 *    fixed-mode draw that takes a colour from c2, which the first draw's
 *    incomplete invocation left there on the CPU path (the GPU path writes
 *    the c registers back after the draw as the CPU path leaves them);
 *  - variable mode whose counts differ within a draw (4 and 3 in turn, over
 *    overlapping quads in colours by count): each run of one count drawn
 *    with that count's program, in stream order, no fetch (CPU-loaded
 *    inputs); a count-3 invocation reads c8, which on the CPU path still
 *    holds the count-4 invocation's before it (the stream writes the c
 *    registers back between runs);
 *  - fixed mode's c registers: 31 u16 indices into c20-c28 (ten whole
 *    invocations, the 31st vertex alone writing c20-c22), then a draw whose
 *    colour is c21 as the first left it.
 * After every scene the GS unit's uniforms (c0-c95, the bools) must be the
 * CPU path's on the GPU path too: later draws read them.
 *  - one draw of 33,000 points, past the 32,768 vertices a fetch-mode draw
 *    may have: input form (CPU-loaded inputs) in three chunks, so the later
 *    GL draws start again at gl_PrimitiveIDIn 0 with b15 set;
 *  - retained attributes: billboards through u16 indices whose last index
 *    repeats an earlier one, then an array whose colour attribute no loader
 *    names, so every point has the colour the CPU loader left in the input
 *    register: that of the last index the first draw saw for the first
 *    time (vertex.h: an attribute no loader names keeps its value);
 *  - variable mode with counts of five: no GL primitive, drawn on the CPU,
 *    logged once;
 *  - a LOOP over i1 (x + 1 iterations, aL from 0 by 1) emitting one
 *    overlapping triangle an iteration from c40[aL] in c60[aL]'s colour:
 *    i1.x = 2 (nine EMITs an invocation at most) on the GPU, i1.x = 15 (16
 *    triangles, past the 14 the GPU path declares) on the CPU, logged
 *    once.
 * It fails with the geometry shader skipped (nothing drawn, or points
 * where quads belong), with variable mode's count (c0) or register layout
 * wrong or its c registers not written back (or without the incomplete
 * invocation's), with mixed counts' runs dropped, reordered or drawn without
 * the registers an earlier run left, with fixed mode's c registers not written back, with b15 not set in a later chunk, with the
 * winding flag ignored, with a geometry-shader draw that falls back to
 * CPU-loaded inputs where GL's vertex fetch should read them, and with the
 * input registers not left after a fetched draw as the CPU loader leaves
 * them (or left with the draw's last index instead).
 *
 * disk_cache: the first three scenes' programs through the disk cache
 * (TITLE.pica-gs.glsc): a second instance over the same folder makes each
 * from the stored key at creation and compiles none on a draw; a key
 * record with a flipped byte (checksum) and one whose geometry mode was
 * set to 3 with its checksum redone (the key's validity check) are
 * rejected with their offsets and the two programs built again; every
 * picture equals the CPU path's.
 *
 * workers: with compile workers, a geometry program's first draws are
 * drawn on the CPU path while it compiles on a worker (no draw waits for a
 * compile), the later ones on the GPU, every picture the CPU path's.
 *
 * workers_disk_cache: the programs the workers compiled are stored in the
 * cache folder, and a second instance with workers makes all three from
 * the file at creation, compiling none and drawing no draw on the CPU. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend/common/bytebuf.h"
#include "backend/common/float_formats.h"
#include "backend/common/hash.h"
#include "backend/gl/shader_cache_file.h"
#include "backend/pica/draw/programs.h"
#include "backend/pica/draw/rasterizer.h"
#include "backend/pica/pica_instance.h"
#include "backend/pica/shader/shbin.h"
#include "support/pica_draw_support.h"
#include "support/pica_dvlb_writer.h"

#define W 64
#define H 64
#define BIG 17000u /* vertices of the long draw: two input-form chunks, one fetch-mode draw */
#define BIG_AT PD_TEXTURE /* its vertices (the usual 1 MiB at PD_VERTICES holds 15,420) */
#define HUGE 33000u /* vertices of the draw past the fetch-mode bound (32,768): three chunks */
#define HUGE_AT PD_DEPTH /* its vertices, over the unused depth buffer and the long draw's */
#define U8_AT (PD_INDICES + 0x400u) /* the u8 copy of the index buffer */
/* each scene's colour buffer, zero until it draws (16 KiB each) */
#define COLOR_AT(k) (PD_COLOR + (uint32_t)(k) * 0x4000u)

/* One corner of the billboard: o0 = v0 + c(corner), o1 = r1 (the colour),
 * o2 = v2, then SETEMIT and EMIT (every output written before each EMIT:
 * EMIT swaps the output banks). */
static void corner(pica_dvlb_writer *w, uint32_t c, uint32_t slot, int prim, int inv)
{
    dw_emit(w, dw_op1(w, DW_ADD, DW_O(0, "xyzw"), DW_C(c, "xyzw"), DW_V(0, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_R(1, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), DW_V(2, "xyzw")));
    dw_emit(w, dw_setemit(slot, prim, inv));
    dw_emit(w, dw_op0(DW_EMIT));
}

/* Point mode: v0 position, v1 colour, v2 texcoord (v3 the next vertex's
 * position with four inputs). The quad: p, p + c0, p + c1 (counter-
 * clockwise), then slots p + c0, p + c2, p + c1 with the winding flag, which
 * the assembler takes as p + c2, p + c0, p + c1 (clockwise): with culling on
 * one triangle of each quad shows, and a flag ignored shows both or none.
 * The colour: v1 with b15 set, else c5. Variant 1 puts a CALL first (the
 * translator refuses it), 2 a NOP (another program, the same picture), 3
 * an EMIT into slot 3 at the end (a status the GPU path reads back). */
static void billboard_program(tp_cmdbuf *b, int variant)
{
    pica_dvlb_writer *w = dw_create();
    uint32_t at = dw_here(w);
    if (variant == 2) {
        dw_emit(w, dw_op0(DW_NOP));
        at = dw_here(w);
    }
    if (variant == 1) {
        dw_emit(w, dw_flow2(DW_CALL, 0, 0, 0, at + 1, 1)); /* the NOP after it as a subroutine */
        dw_emit(w, dw_op0(DW_NOP));
        at = dw_here(w);
    }
    dw_emit(w, dw_flow3(DW_IFU, 15, at + 2, 1)); /* b15: r1 = v1, else r1 = c5 */
    dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(1, "xyzw"), DW_V(1, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(1, "xyzw"), DW_C(5, "xyzw")));
    corner(w, 6, 0, 0, 0); /* c6 = 0: p itself */
    corner(w, 0, 1, 0, 0);
    corner(w, 1, 2, 1, 0);
    corner(w, 0, 0, 0, 0);
    corner(w, 2, 1, 0, 0);
    corner(w, 1, 2, 1, 1);
    /* with four inputs: a thin triangle towards the next vertex */
    dw_emit(w, dw_flow3(DW_IFU, 1, dw_here(w) + 16, 0));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_V(0, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_C(4, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), DW_V(2, "xyzw")));
    dw_emit(w, dw_setemit(0, 0, 0));
    dw_emit(w, dw_op0(DW_EMIT));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_V(3, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_C(4, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), DW_V(2, "xyzw")));
    dw_emit(w, dw_setemit(1, 0, 0));
    dw_emit(w, dw_op0(DW_EMIT));
    dw_emit(w, dw_op1(w, DW_ADD, DW_O(0, "xyzw"), DW_C(1, "xyzw"), DW_V(3, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_C(4, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), DW_V(2, "xyzw")));
    dw_emit(w, dw_setemit(2, 1, 0));
    dw_emit(w, dw_op0(DW_EMIT));
    dw_emit(w, dw_op0(DW_NOP));
    if (variant == 3) { /* an EMIT into vertex slot 3: reported (0x80), nothing emitted */
        dw_emit(w, dw_setemit(3, 1, 0));
        dw_emit(w, dw_op0(DW_EMIT));
    }
    dw_emit(w, dw_op0(DW_END));
    tp_upload_program(b, 1, w);
    dw_destroy(w);
}

/* Point mode with a LOOP over i1: per iteration one triangle of corners
 * v0 + c40[aL] (+ c7 where b15 is clear), + c0, + c1 (SETEMIT slots 0-2,
 * the third with the primitive flag) in c60[aL]'s colour. `fixed`: fixed mode, three vertices
 * of three registers from c20, per iteration the triangle of their
 * positions, the second moved by c0 and the third by c1, shifted by
 * c40[aL], in their colours. */
static void loop_program(tp_cmdbuf *b, bool fixed)
{
    pica_dvlb_writer *w = dw_create();
    if (!fixed) { /* b15: r3 = c6 (zero), else r3 = c7 */
        const uint32_t at = dw_here(w);
        dw_emit(w, dw_flow3(DW_IFU, 15, at + 2, 1));
        dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(3, "xyzw"), DW_C(6, "xyzw")));
        dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(3, "xyzw"), DW_C(7, "xyzw")));
    }
    const uint32_t loop = dw_emit(w, 0);
    if (!fixed) {
        dw_emit(w, dw_op1(w, DW_ADD, DW_RD(2, "xyzw"), dw_rel(DW_C(40, "xyzw"), DW_IDX_AL), DW_V(0, "xyzw")));
        dw_emit(w, dw_op1(w, DW_ADD, DW_RD(2, "xyzw"), DW_R(3, "xyzw"), DW_R(2, "xyzw")));
        dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(1, "xyzw"), dw_rel(DW_C(60, "xyzw"), DW_IDX_AL)));
    }
    for (uint32_t k = 0; k < 3; k++) {
        if (fixed) {
            dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(0, "xyzw"), DW_C(20 + 3 * k, "xyzw")));
            if (k > 0)
                dw_emit(w, dw_op1(w, DW_ADD, DW_RD(0, "xyzw"), DW_C(k - 1, "xyzw"), DW_R(0, "xyzw")));
            dw_emit(w, dw_op1(w, DW_ADD, DW_O(0, "xyzw"), dw_rel(DW_C(40, "xyzw"), DW_IDX_AL), DW_R(0, "xyzw")));
            dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_C(21 + 3 * k, "xyzw")));
            dw_emit(w, dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), DW_C(22 + 3 * k, "xyzw")));
        } else {
            if (k == 0)
                dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_R(2, "xyzw")));
            else
                dw_emit(w, dw_op1(w, DW_ADD, DW_O(0, "xyzw"), DW_C(k - 1, "xyzw"), DW_R(2, "xyzw")));
            dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_R(1, "xyzw")));
            dw_emit(w, dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), DW_V(2, "xyzw")));
        }
        dw_emit(w, dw_setemit(k, k == 2, 0));
        dw_emit(w, dw_op0(DW_EMIT));
    }
    dw_patch(w, loop, dw_flow3(DW_LOOP, 1, dw_here(w) - 1, 0));
    dw_emit(w, dw_op0(DW_END));
    tp_upload_program(b, 1, w);
    dw_destroy(w);
}

/* Fixed mode, three vertices of three registers from c`base` (20): the
 * triangle itself with its colours, then the same shifted by c`shift` (0)
 * in c`color`'s colour (4). Variable mode's scene reads c1-c9 (c0 is the
 * vertex count there), shifted by c12 in c13's colour. */
static void fixed_program(tp_cmdbuf *b, uint32_t base, uint32_t shift, uint32_t color)
{
    pica_dvlb_writer *w = dw_create();
    for (uint32_t k = 0; k < 3; k++) {
        dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(base + 3 * k, "xyzw")));
        dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_C(base + 1 + 3 * k, "xyzw")));
        dw_emit(w, dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), DW_C(base + 2 + 3 * k, "xyzw")));
        dw_emit(w, dw_setemit(k, k == 2, 0));
        dw_emit(w, dw_op0(DW_EMIT));
    }
    dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(0, "xyzw"), DW_C(shift, "xyzw")));
    for (uint32_t k = 0; k < 3; k++) {
        dw_emit(w, dw_op1(w, DW_ADD, DW_O(0, "xyzw"), DW_C(base + 3 * k, "xyzw"), DW_R(0, "xyzw")));
        dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_C(color, "xyzw")));
        dw_emit(w, dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), DW_C(base + 2 + 3 * k, "xyzw")));
        dw_emit(w, dw_setemit(k, k == 2, 0));
        dw_emit(w, dw_op0(DW_EMIT));
    }
    dw_emit(w, dw_op0(DW_END));
    tp_upload_program(b, 1, w);
    dw_destroy(w);
}

/* Variable mode, four vertices an invocation (GL lines with adjacency),
 * the first two main ones (GSH_MISC1 = 1) of three registers: c0 the count,
 * c1-c3 and c4-c6 the main vertices, c7 and c8 the other two positions. A
 * triangle of the first three positions in the first vertex's colour, and
 * one of the last three in c0 x c11's (the count scaled to a colour). */
static void variable4_program(tp_cmdbuf *b)
{
    pica_dvlb_writer *w = dw_create();
    static const uint32_t tri[2][3] = {{1, 4, 7}, {7, 8, 4}};
    dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(2, "xyzw"), DW_C(11, "xyzw")));
    for (uint32_t t = 0; t < 2; t++)
        for (uint32_t k = 0; k < 3; k++) {
            dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(tri[t][k], "xyzw")));
            if (t == 0)
                dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_C(2, "xyzw")));
            else
                dw_emit(w, dw_op1(w, DW_MUL, DW_O(1, "xyzw"), DW_C(0, "xyzw"), DW_R(2, "xyzw")));
            dw_emit(w, dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), DW_C(3, "xyzw")));
            dw_emit(w, dw_setemit(k, k == 2, 0));
            dw_emit(w, dw_op0(DW_EMIT));
        }
    dw_emit(w, dw_op0(DW_END));
    tp_upload_program(b, 1, w);
    dw_destroy(w);
}

/* n points of the long draws at `at`: every pixel centre of the target in
 * turn, 4,096 apart, colours by number. */
static void put_points(pd_env *e, uint32_t at, uint32_t n)
{
    pd_vertex *big = (pd_vertex *)pd_mem(e, at);
    for (uint32_t i = 0; i < n; i++) {
        pd_vertex q;
        memset(&q, 0, sizeof q);
        q.pos[0] = pd_clip_coord((float)(i % W) + 0.25f, W);
        q.pos[1] = pd_clip_coord((float)((i / W) % H) + 0.25f, H);
        q.pos[2] = -0.5f;
        q.pos[3] = 1.0f;
        q.color[0] = (float)(i & 0xFF) / 255.0f;
        q.color[1] = (float)((i >> 8) & 0xFF) / 255.0f;
        q.color[2] = 0.5f;
        q.color[3] = 1.0f;
        memcpy(big + i, &q, sizeof q);
    }
}

/* The scene's vertices: a 12 x 12 grid of points with colours from a
 * fixed sequence, at PD_VERTICES, its indices as u16 at PD_INDICES and u8
 * at U8_AT; the long draw's at BIG_AT. */
#define GRID 12
static void put_scene(pd_env *e)
{
    pd_vertex v[GRID * GRID];
    ts_rng r;
    ts_rng_init(&r, 0x65D4u);
    for (uint32_t i = 0; i < GRID * GRID; i++) {
        memset(&v[i], 0, sizeof v[i]);
        v[i].pos[0] = pd_clip_coord((float)(2 + (i % GRID) * 5), W);
        v[i].pos[1] = pd_clip_coord((float)(2 + (i / GRID) * 5), H);
        v[i].pos[2] = -0.5f;
        v[i].pos[3] = 1.0f;
        for (int k = 0; k < 3; k++)
            v[i].color[k] = (float)ts_rng_below(&r, 256) / 255.0f;
        v[i].color[3] = 1.0f;
        v[i].tc[0] = (float)i;
    }
    pd_put_vertices(e, v, GRID * GRID);
    uint16_t idx[96];
    for (uint32_t i = 0; i < 96; i++) /* repeats: every third index one of the two before */
        idx[i] = (uint16_t)(i % 3 == 2 && (i / 3) % 2 ? idx[i - 2] : (i * 7) % (GRID * GRID));
    pd_put_indices(e, idx, 96);
    uint8_t *u8 = pd_mem(e, U8_AT);
    for (uint32_t i = 0; i < 96; i++)
        u8[i] = (uint8_t)idx[i];
    put_points(e, BIG_AT, BIG);
}

enum { SCENES = 16 };
static const char *const scene_name[SCENES] = {
    "point",      "point-4-inputs", "fixed",      "long-draw", "call-refused",   "build-fails",    "emit-slot-3",
    "variable",   "past-fetch",     "retained",   "variable-main", "variable-mixed", "fixed-writeback",
    "variable-five", "loop",        "loop-past-bound"};
/* each scene's draws, and whether the GPU instance draws them with the
 * geometry shader on the GPU */
static const uint8_t scene_draws[SCENES] = {2, 1, 3, 1, 2, 2, 2, 1, 1, 2, 2, 1, 2, 1, 1, 1};
static const bool scene_gpu[SCENES] = {true, true, true, true, false, false, true, true,
                                       true, true, true, true, true,  false, true, false};

/* Scene variable-main's index streams at PD_INDICES (u16): ten invocations
 * of a count of 4 and four corners of a grid square, then an incomplete one (the
 * count and one vertex, 94: it alone writes c0-c3 last); scene
 * variable-mixed's: counts 4 and 3 in turn, then
 * at +0x200 counts of 5 (none has five). */
static void put_variable4_indices(pd_env *e, bool mixed)
{
    uint16_t idx[64];
    uint32_t n = 0;
    for (uint32_t p = 0; p < 10; p++) {
        const uint32_t a = (p * 13u) % (GRID * GRID - 2 * GRID - 2), count = mixed && p % 2 ? 3u : 4u;
        const uint32_t v[4] = {a, a + 2, a + 2 * GRID + 2, a + 2 * GRID};
        idx[n++] = (uint16_t)count;
        for (uint32_t k = 0; k < count; k++)
            idx[n++] = (uint16_t)v[k];
    }
    idx[n++] = 4;
    idx[n++] = 94;
    pd_put_indices(e, idx, n);
    uint8_t *five = pd_mem(e, PD_INDICES + 0x200u);
    for (uint32_t i = 0; i < 24; i++) {
        const uint16_t v = (uint16_t)(i % 6 == 0 ? 5u : (i * 5u) % (GRID * GRID));
        five[2 * i] = (uint8_t)v;
        five[2 * i + 1] = (uint8_t)(v >> 8);
    }
}

/* Variable mode's index stream: each primitive's vertex count (3), then
 * its three vertices (the fixed scene's first 72 indices), 24 primitives. */
static void put_variable_indices(pd_env *e)
{
    uint16_t idx[96];
    for (uint32_t p = 0; p < 24; p++) {
        idx[4 * p] = 3;
        for (uint32_t k = 0; k < 3; k++) {
            const uint32_t i = 3 * p + k, j = i % 3 == 2 && (i / 3) % 2 ? i - 2 : i;
            idx[4 * p + 1 + k] = (uint16_t)(j * 7 % (GRID * GRID));
        }
    }
    pd_put_indices(e, idx, 96);
}

/* Scene k's command list. */
static void build(tp_cmdbuf *b, int k)
{
    tp_cmd_init(b);
    pd_target(b, COLOR_AT(k), 0, 0, 3, W, H);
    pd_program(b, 3);
    pd_tev_replace(b, 0, 0);
    tp_cmd1(b, 0x244, 1); /* VSH_COM_MODE: the GS unit has its own configuration */
    const float s = 2.0f * 3.0f / W; /* three pixels */
    if (k == 2 || k == 12)
        fixed_program(b, 20, 0, 4);
    else if (k == 7)
        fixed_program(b, 1, 12, 13);
    else if (k == 10 || k == 11 || k == 13)
        variable4_program(b);
    else if (k == 14 || k == 15)
        loop_program(b, false);
    else
        billboard_program(b, k == 4 ? 1 : k == 5 ? 2 : k == 6 ? 3 : 0);
    tp_uniform_f32(b, 1, 0, s, 0, 0, 0);
    tp_uniform_f32(b, 1, 1, 0, s, 0, 0);
    tp_uniform_f32(b, 1, 2, s, s, 0, 0);
    tp_uniform_f32(b, 1, 4, 0.25f, 0.75f, 1.0f, 1.0f);
    tp_uniform_f32(b, 1, 5, 1.0f, 1.0f, 1.0f, 1.0f);
    tp_uniform_f32(b, 1, 6, 0, 0, 0, 0);
    tp_uniform_f32(b, 1, 12, s, 0, 0, 0);
    tp_uniform_f32(b, 1, 13, 0.25f, 0.75f, 1.0f, 1.0f);
    tp_uniform_f32(b, 1, 11, 0.125f, 0.0625f, 0.1875f, 0.25f); /* x 4 (the count): 0.5, 0.25, 0.75, 1 */
    tp_cmd1(b, 0x281, 0); /* i0: one iteration */
    pd_cull(b, k == 0 ? 1 : 0);
    switch (k) {
    case 9:
        tp_cmd1(b, 0x280, 0x7FFF0000u);
        pd_gs_config(b, 3, 0);
        pd_gs_draw(b, 96, 16, PD_INDICES); /* idx[95] repeats idx[93]: idx[94] is loaded last */
        /* buffer 0 without attribute 1: 16 bytes of padding (code 0xF) in
         * its place, the same layout (pd_program: 0xEF210) */
        tp_cmd1(b, 0x204, 0xEF2F0u);
        pd_gs_draw(b, GRID * GRID / 2, 0, 0);
        break;
    case 0:
    case 4:
    case 5:
    case 6:
        tp_cmd1(b, 0x280, 0x7FFF0000u); /* b15 clear before the first draw */
        pd_gs_config(b, 3, 0);
        pd_gs_draw(b, GRID * GRID / 2, 0, 0);
        pd_gs_draw(b, GRID * GRID / 2, 0, GRID * GRID / 2);
        break;
    case 1:
        tp_cmd1(b, 0x280, 0x7FFF0002u); /* b1: the triangle towards v3 */
        pd_gs_config(b, 4, 0);
        pd_gs_draw(b, GRID * GRID, 0, 0);
        break;
    case 2:
        pd_gs_config(b, 3, 2u | 2u << 8 | 20u << 16); /* fixed, 3 vertices, c20 */
        pd_gs_draw(b, 96, 16, PD_INDICES);
        pd_gs_draw(b, 31, 0, 40); /* ten invocations; the 31st vertex's is dropped */
        /* attribute 1 (the colour) fixed (ATTRIBBUFFERS_FORMAT_HIGH's
         * mask), its value through FIXEDATTRIB_INDEX/DATA in f24, which
         * these values are exactly */
        tp_cmd1(b, 0x202, 2u << 28 | 0x2u << 16);
        tp_cmd1(b, 0x232, 1);
        {
            const float fixed_color[4] = {0.25f, 1.0f, 0.5f, 1.0f};
            uint32_t raw[4], packed[3];
            for (int c = 0; c < 4; c++)
                raw[c] = glhle_float_to_f24(fixed_color[c]);
            tp_pack_f24x4(raw, packed);
            tp_cmd(b, 0x233, 0xF, true, packed, 3);
        }
        pd_gs_draw(b, 60, 8, U8_AT);
        break;
    case 3:
    case 8:
        tp_cmd1(b, 0x280, 0x7FFF0000u);
        tp_cmd1(b, 0x200, (k == 3 ? BIG_AT : HUGE_AT) >> 3); /* ATTRIBBUFFERS_LOC */
        pd_gs_config(b, 3, 0);
        tp_uniform_f32(b, 1, 0, s / 3, 0, 0, 0);
        tp_uniform_f32(b, 1, 1, 0, s / 3, 0, 0);
        tp_uniform_f32(b, 1, 2, s / 3, s / 3, 0, 0);
        pd_gs_draw(b, k == 3 ? BIG : HUGE, 0, 0);
        break;
    case 7:
        /* variable mode: all three vertices main ones (GSH_MISC1 = 2), three
         * registers each from c1 */
        pd_gs_config(b, 3, 1u);
        tp_cmd1(b, 0x254, 2);
        pd_gs_draw(b, 96, 16, PD_INDICES);
        break;
    case 10:
        /* variable mode, four vertices, two main ones; then a fixed-mode
         * draw into c40-c48 whose shifted copy (by c12) takes its colour
         * from c2, which the first draw's incomplete last invocation wrote:
         * the CPU path leaves it in the GS unit, so the GPU path must too */
        pd_gs_config(b, 3, 1u);
        tp_cmd1(b, 0x254, 1);
        pd_gs_draw(b, 52, 16, PD_INDICES);
        fixed_program(b, 40, 12, 2);
        pd_gs_config(b, 3, 2u | 2u << 8 | 40u << 16);
        pd_gs_draw(b, 3, 8, U8_AT); /* vertices 0, 7 and 14 */
        break;
    case 11:
        /* variable mode whose counts differ: runs of one count, each with
         * its program */
        pd_gs_config(b, 3, 1u);
        tp_cmd1(b, 0x254, 1);
        pd_gs_draw(b, 47, 16, PD_INDICES);
        break;
    case 14:
    case 15:
        /* i1 = (x, 0, 1): x + 1 iterations, aL 0, 1, ... */
        for (uint32_t i = 0; i < 16; i++) {
            tp_uniform_f32(b, 1, 40 + i, (float)i * s / 4, (float)i * s / 8, 0, 0);
            tp_uniform_f32(b, 1, 60 + i, (float)(i + 1) / 16, 1.0f - (float)i / 16, 0.5f, 1.0f);
        }
        tp_cmd1(b, 0x282, (k == 14 ? 2u : 15u) | 1u << 16);
        pd_gs_config(b, 3, 0);
        pd_gs_draw(b, GRID * GRID / 2, 0, 0);
        break;
    case 13:
        /* counts of five: the CPU path draws it, the refusal logged once */
        pd_gs_config(b, 3, 1u);
        tp_cmd1(b, 0x254, 1);
        pd_gs_draw(b, 24, 16, PD_INDICES + 0x200u);
        break;
    case 12:
        /* fixed mode into c20-c28, 31 vertices: the 31st makes no whole
         * invocation but writes c20-c22 on the CPU path; then a fixed-mode
         * draw into c40-c48 whose shifted copy takes its colour from c21 */
        pd_gs_config(b, 3, 2u | 2u << 8 | 20u << 16);
        pd_gs_draw(b, 31, 16, PD_INDICES);
        fixed_program(b, 40, 12, 21);
        pd_gs_config(b, 3, 2u | 2u << 8 | 40u << 16);
        pd_gs_draw(b, 3, 8, U8_AT); /* vertices 0, 7 and 14 */
        break;
    default:
        break;
    }
}

typedef struct side {
    double long_ms; /* the long draw's run and read-back, wall clock */
    glhle_image img[SCENES];
    pica_rasterizer_stats rs[SCENES]; /* after each scene */
    glhle_shader_stats ss;
    uint32_t problems[SCENES];
    bool five_logged; /* scene variable-five's refusal said why */
    bool loop_logged; /* scene loop-past-bound's */
    /* the GS unit's uniforms after each scene, where later draws read them */
    float gs_c[SCENES][96][4];
    uint16_t gs_b[SCENES];
} side;

static void draw_side(glhle_context *ctx, uint32_t scale, uint32_t mode, side *out)
{
    pd_env e;
    pd_env_init_vs(&e, ctx, scale, mode);
    for (int k = 0; k < SCENES; k++) {
        put_scene(&e);
        if (k == 7)
            put_variable_indices(&e);
        if (k == 10 || k == 11 || k == 13)
            put_variable4_indices(&e, k != 10);
        if (k == 8)
            put_points(&e, HUGE_AT, HUGE);
        if (k == 5)
            pica_rasterizer_test_break_builds(e.pica->rasterizer, true);
        tp_cmdbuf b;
        build(&b, k);
        glhle_pica_run_result res;
        struct timespec t0, t1;
        ts_log_clear();
        clock_gettime(CLOCK_MONOTONIC, &t0);
        glhle_result r = pd_run(&e, &b, &res);
        tp_cmd_free(&b);
        if (r != GLHLE_RESULT_OK)
            fail_msg("scene %s on the %s path: the run says %s", scene_name[k],
                     mode == GLHLE_PICA_VERTEX_SHADERS_CPU ? "CPU" : "GPU", glhle_result_string(r));
        out->problems[k] = res.problems;
        if (k == 15)
            out->loop_logged = ts_log_contains("runs on the CPU: its LOOPs with i0-i3 (0, 15, 0, 0) may emit more "
                                               "than the 14 triangles the GPU path allows");
        if (k == 13)
            out->five_logged = ts_log_contains("runs on the CPU: geometry shader variable mode: 5 vertices an "
                                               "invocation (at position 0): no GL primitive");
        pica_rasterizer_test_break_builds(e.pica->rasterizer, false);
        pd_read_color(&e, COLOR_AT(k), 0, W, H, &out->img[k]);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (k == 3)
            out->long_ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
        pica_rasterizer_get_stats(e.pica->rasterizer, &out->rs[k]);
        const pica_shader_setup *gs = &pica_frontend_state(&e.pica->fe)->gs_setup;
        memcpy(out->gs_c[k], gs->float_uniforms, sizeof out->gs_c[k]);
        out->gs_b[k] = gs->bool_uniforms;
    }
    assert_int_equal(glhle_pica_get_shader_stats(e.pica, &out->ss), GLHLE_RESULT_OK);
    pd_env_free(&e);
}

/* Pixels that are not the cleared background (pd_target clears to zero). */
static uint32_t drawn(const glhle_image *img)
{
    uint32_t n = 0;
    for (size_t i = 0; i < (size_t)W * H; i++) {
        const uint8_t *p = img->rgba + 4 * i;
        n += (p[0] | p[1] | p[2]) != 0;
    }
    return n;
}

/* Both sides at resolution scale `scale` (the pictures compared are the
 * guest buffers, written back from the scaled targets). */
static void scenes_at(glhle_context *ctx, uint32_t scale)
{
    side *cpu = calloc(1, sizeof *cpu), *gpu = calloc(1, sizeof *gpu);
    assert_true(cpu && gpu);
    draw_side(ctx, scale, GLHLE_PICA_VERTEX_SHADERS_CPU, cpu);
    draw_side(ctx, scale, GLHLE_PICA_VERTEX_SHADERS_GPU, gpu);
    print_message("resolution scale %u:\n", scale);
    for (int k = 0; k < SCENES; k++) {
#define SCENE_DELTA(sd, field) ((sd)->rs[k].field - (k ? (sd)->rs[k - 1].field : 0))
        const uint64_t g_gpu = SCENE_DELTA(gpu, gs_gpu_draws), g_cpu = SCENE_DELTA(gpu, gs_cpu_draws);
        const uint64_t g_fetch = SCENE_DELTA(gpu, gs_fetch_draws), fetch = SCENE_DELTA(gpu, fetch_draws);
        const uint64_t gl_draws = SCENE_DELTA(gpu, gl_draws);
#undef SCENE_DELTA
        print_message("%-15s %4u pixels drawn; GPU instance: %llu draw(s) with the GS on the GPU (%llu fetched by "
                      "GL, %llu GL draws), %llu on the CPU; %u/%u problems\n",
                      scene_name[k], drawn(&cpu->img[k]), (unsigned long long)g_gpu, (unsigned long long)g_fetch,
                      (unsigned long long)gl_draws, (unsigned long long)g_cpu, cpu->problems[k], gpu->problems[k]);
        char name[64];
        snprintf(name, sizeof name, "pica_gs_draw_%s_%ux", scene_name[k], scale);
        ts_assert_image(name, &cpu->img[k], &gpu->img[k], 0, 0);
        assert_int_equal(cpu->problems[k], gpu->problems[k]);
        /* the GS unit's uniforms as the CPU path leaves them: b15, and the
         * c registers fixed and variable mode's inputs wrote */
        assert_int_equal(cpu->gs_b[k], gpu->gs_b[k]);
        for (unsigned c = 0; c < 96; c++)
            if (memcmp(cpu->gs_c[k][c], gpu->gs_c[k][c], 16) != 0)
                fail_msg("scene %s: GS c%u is (%a, %a, %a, %a) on the GPU path, (%a, %a, %a, %a) on the CPU path",
                         scene_name[k], c, (double)gpu->gs_c[k][c][0], (double)gpu->gs_c[k][c][1],
                         (double)gpu->gs_c[k][c][2], (double)gpu->gs_c[k][c][3], (double)cpu->gs_c[k][c][0],
                         (double)cpu->gs_c[k][c][1], (double)cpu->gs_c[k][c][2], (double)cpu->gs_c[k][c][3]);
        /* a scene of quads: far more than the points themselves */
        assert_true(drawn(&cpu->img[k]) > (k == 3 || k == 8 ? 4000u : 400u));
        const bool on_gpu = scene_gpu[k];
        const uint64_t draws = scene_draws[k];
        assert_int_equal(g_gpu, on_gpu ? draws : 0);
        assert_int_equal(g_cpu, on_gpu ? 0 : draws);
        /* GL fetched the attributes of every GPU-path draw but the one past
         * the fetch-mode bound; no other draw was fetched */
        assert_int_equal(g_fetch, on_gpu && k != 8 && k != 11 ? draws : 0);
        assert_int_equal(fetch, g_fetch);
        assert_int_equal(cpu->rs[k].gs_gpu_draws, 0);
        assert_int_equal(cpu->rs[k].fetch_draws, 0);
        /* a fetched draw is one GL draw (no scissor bands here); the one
         * past the bound three input-form chunks of 16,384 vertices */
        if (k == 3)
            assert_int_equal(gl_draws, 1);
        if (k == 8)
            assert_int_equal(gl_draws, 3);
    }
    print_message("the long draw (%u points, %u triangles): %.1f ms on the CPU path, %.1f ms on the GPU path "
                  "(llvmpipe; run and read-back)\n",
                  BIG, 2 * BIG, cpu->long_ms, gpu->long_ms);
    /* the slot-3 EMIT: one warning per draw on both paths, the GPU's from
     * the status word read back after each draw */
    assert_int_equal(cpu->problems[6], 2);
    assert_int_equal(gpu->rs[6].status_reads - gpu->rs[5].status_reads, 2);
    assert_int_equal(gpu->rs[3].status_reads, 0); /* forward-only programs with no slot 3: nothing read back */
    /* the CALL program is refused once (logged once), not per draw */
    assert_int_equal(gpu->rs[4].gs_refusals - gpu->rs[3].gs_refusals, 1);
    /* variable mode is not refused, its counts the same or not; a count
     * with no GL primitive is, logged */
    assert_int_equal(gpu->rs[7].gs_refusals - gpu->rs[6].gs_refusals, 0);
    assert_int_equal(gpu->rs[10].gs_refusals - gpu->rs[9].gs_refusals, 0);
    assert_int_equal(gpu->rs[11].gs_refusals - gpu->rs[10].gs_refusals, 0);
    assert_int_equal(gpu->rs[13].gs_refusals - gpu->rs[12].gs_refusals, 1);
    assert_true(gpu->five_logged);
    /* the LOOP program: translated, and refused for the i1 that lets it
     * emit past 14 triangles */
    assert_int_equal(gpu->rs[14].gs_refusals - gpu->rs[13].gs_refusals, 0);
    assert_int_equal(gpu->rs[15].gs_refusals - gpu->rs[14].gs_refusals, 1);
    assert_true(gpu->loop_logged);
    /* the mixed draw: ten whole invocations of counts 4 and 3 in turn, then
     * an incomplete one of 4: eleven runs, a GL draw each (GL draws
     * nothing of the last one's single vertex) */
    assert_int_equal(gpu->rs[11].gl_draws - gpu->rs[10].gl_draws, 11);
    /* the public figures (glhle-replay --stats-json) say the same */
    assert_int_equal(gpu->ss.draws_gpu_geometry_shader, gpu->rs[SCENES - 1].gs_gpu_draws);
    assert_int_equal(gpu->ss.draws_cpu_geometry_shader, gpu->rs[SCENES - 1].gs_cpu_draws);
    /* the CALL program, the counts of five, the LOOP past its bound */
    assert_int_equal(gpu->ss.geometry_shader_refusals, 3);
    assert_int_equal(gpu->ss.draws_gpu_geometry_shader, 19);
    assert_int_equal(cpu->ss.draws_gpu_geometry_shader, 0);
    assert_int_equal(cpu->ss.draws_cpu_geometry_shader, 25);
    /* every GPU-path draw shaded its vertices on the GPU too */
    assert_int_equal(gpu->ss.draws_gpu_vertex_shader, 19);
    assert_int_equal(cpu->ss.draws_gpu_vertex_shader, 0);
    for (int k = 0; k < SCENES; k++) {
        glhle_image_free(&cpu->img[k]);
        glhle_image_free(&gpu->img[k]);
    }
    free(cpu);
    free(gpu);
}

/* ---- the disk cache ---- */

enum { CACHED = 3 }; /* scenes 0-2: three geometry programs */

typedef struct cached_side {
    glhle_image img[CACHED];
    glhle_shader_stats gs; /* the geometry path's program service */
    pica_rasterizer_stats rs;
} cached_side;

static void draw_cached(glhle_context *ctx, uint32_t mode, const char *dir, cached_side *out)
{
    pd_env e;
    pd_env_init_cache(&e, ctx, 1, mode, dir);
    for (int k = 0; k < CACHED; k++) {
        put_scene(&e);
        tp_cmdbuf b;
        build(&b, k);
        glhle_result r = pd_run(&e, &b, NULL);
        tp_cmd_free(&b);
        assert_int_equal(r, GLHLE_RESULT_OK);
        pd_read_color(&e, COLOR_AT(k), 0, W, H, &out->img[k]);
    }
    pica_rasterizer_get_gs_program_stats(e.pica->rasterizer, &out->gs);
    pica_rasterizer_get_stats(e.pica->rasterizer, &out->rs);
    pd_env_free(&e);
}

static void same_as_cpu(const char *what, const cached_side *cpu, const cached_side *gpu)
{
    for (int k = 0; k < CACHED; k++) {
        char name[80];
        snprintf(name, sizeof name, "pica_gs_cache_%s_%s", what, scene_name[k]);
        ts_assert_image(name, &cpu->img[k], &gpu->img[k], 0, 0);
        assert_true(drawn(&cpu->img[k]) > 400u);
    }
    assert_int_equal(gpu->rs.gs_gpu_draws, 6); /* every draw of the three scenes on the GPU path */
    assert_int_equal(gpu->rs.gs_fetch_draws, 6); /* ... fetched by GL */
    assert_int_equal(gpu->rs.gs_cpu_draws, 0);
}

static void free_cached(cached_side *c)
{
    for (int k = 0; k < CACHED; k++)
        glhle_image_free(&c->img[k]);
}

static uint32_t rd32le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Offsets of the file's KEY records (the record walk of docs/shader-cache.md). */
static uint32_t key_records(const glhle_bytebuf *f, size_t *at, uint32_t max)
{
    uint32_t n = 0;
    for (size_t off = GL_SHC_HEADER_BYTES; off + GL_SHC_RECORD_HEADER_BYTES <= f->size;) {
        const uint32_t kind = f->data[off + 4] | (uint32_t)f->data[off + 5] << 8, len = rd32le(f->data + off + 8);
        if (kind == GL_SHC_KEY && n < max)
            at[n++] = off;
        off += GL_SHC_RECORD_HEADER_BYTES + (((size_t)len + 7) & ~(size_t)7);
    }
    return n;
}

static void disk_cache(void **state)
{
    glhle_context *ctx = *state;
    const char *dir = ts_fresh_dir(ts_gles() ? "pica_gs_cache_gles" : "pica_gs_cache_gl");
    char path[4200];
    snprintf(path, sizeof path, "%s/default.pica-gs.glsc", dir);
    cached_side *cpu = calloc(1, sizeof *cpu), *cold = calloc(1, sizeof *cold), *warm = calloc(1, sizeof *warm),
                *fixed = calloc(1, sizeof *fixed);
    assert_true(cpu && cold && warm && fixed);
    draw_cached(ctx, GLHLE_PICA_VERTEX_SHADERS_CPU, NULL, cpu);

    /* cold: the three programs compiled on their draws and stored */
    draw_cached(ctx, GLHLE_PICA_VERTEX_SHADERS_GPU, dir, cold);
    same_as_cpu("cold", cpu, cold);
    print_message("cold: %llu geometry programs compiled on a draw, %llu records written\n",
                  (unsigned long long)cold->gs.programs_compiled_on_draw, (unsigned long long)cold->gs.records_written);
    assert_int_equal(cold->gs.programs_compiled_on_draw, 3);
    assert_int_equal(cold->gs.disk_entries, 0);
    glhle_bytebuf file;
    glhle_bytebuf_init(&file, 64u << 20);
    assert_true(glhle_bytebuf_read_file(&file, path, 64u << 20));
    size_t at[8];
    assert_int_equal(key_records(&file, at, 8), 3);
    /* each key record holds one 7.7 KiB key of the geometry system, and its
     * text is stored with the geometry stage (what glhle-shadercache glsl
     * prints): the text the generator makes for the key on that host */
    for (int i = 0; i < 3; i++) {
        assert_int_equal(rd32le(file.data + at[i] + 24), GL_SHC_SYSTEM_PICA_GPU_GS);
        assert_int_equal(rd32le(file.data + at[i] + 24 + 8), sizeof(pica_gs_program_key));
    }
    const gl_shc_system_info *sys[1] = {&pica_gs_program_system()->info};
    gl_shc_file f;
    assert_int_equal(gl_shc_parse(file.data, file.size, sys, 1, GL_SHC_SYSTEM_PICA_GPU_GS, ts_logger(), GLHLE_LOG_WARN,
                                  &f),
                     GLHLE_RESULT_OK);
    assert_int_equal(f.entry_count, 3);
    assert_int_equal(f.bad_count, 0);
    assert_int_equal(f.records[GL_SHC_GLSL_GS], 3);
    for (uint32_t i = 0; i < f.entry_count; i++) {
        const gl_shc_glsl *g = gl_shc_find_glsl(&f, f.entries[i].glsl_hash);
        assert_non_null(g);
        glhle_bytebuf vs, gs, fs;
        glhle_bytebuf_init(&vs, 1u << 20);
        glhle_bytebuf_init(&gs, 1u << 20);
        glhle_bytebuf_init(&fs, 1u << 20);
        assert_true(gl_program_system_text(pica_gs_program_system(), f.entries[i].key, f.entries[i].host, &vs, NULL, NULL, &gs,
                                           &fs));
        assert_true(g->gs_len > 0 && g->gs_len == gs.size && memcmp(g->gs, gs.data, gs.size) == 0);
        assert_true(g->vs_len == vs.size && memcmp(g->vs, vs.data, vs.size) == 0);
        assert_true(g->fs_len == fs.size && memcmp(g->fs, fs.data, fs.size) == 0);
        glhle_bytebuf_free(&vs);
        glhle_bytebuf_free(&gs);
        glhle_bytebuf_free(&fs);
    }
    gl_shc_free(&f);

    /* warm: every program made from the file at creation, none on a draw */
    draw_cached(ctx, GLHLE_PICA_VERTEX_SHADERS_GPU, dir, warm);
    same_as_cpu("warm", cpu, warm);
    print_message("warm: %llu entries on disk, %llu made at creation (%llu from binaries), %llu compiled on a "
                  "draw\n",
                  (unsigned long long)warm->gs.disk_entries, (unsigned long long)warm->gs.programs_precompiled,
                  (unsigned long long)warm->gs.binaries_loaded, (unsigned long long)warm->gs.programs_compiled_on_draw);
    assert_int_equal(warm->gs.disk_entries, 3);
    assert_int_equal(warm->gs.programs_precompiled, 3);
    assert_int_equal(warm->gs.programs_compiled_on_draw, 0);
    assert_int_equal(warm->gs.cache_misses, 0);
    assert_int_equal(warm->gs.cache_records_rejected, 0);

    /* damage two entries: a flipped key byte (checksum mismatch), and the
     * geometry mode set to 3, no mode of the hardware's, with the checksum
     * redone (the key's validity check) */
    glhle_bytebuf_clear(&file);
    assert_true(glhle_bytebuf_read_file(&file, path, 64u << 20));
    assert_int_equal(key_records(&file, at, 8), 3);
    file.data[at[0] + 24 + 32 + 100] ^= 0x40;
    uint8_t *key1 = file.data + at[1] + 24 + 32;
    key1[offsetof(pica_gs_program_key, mode)] = 3; /* GSH_MISC0 has modes 0-2 */
    const uint32_t len1 = rd32le(file.data + at[1] + 8);
    uint8_t *tmp = malloc(16 + (size_t)len1);
    assert_non_null(tmp);
    memcpy(tmp, file.data + at[1], 16);
    memcpy(tmp + 16, file.data + at[1] + 24, len1);
    const uint64_t sum = glhle_hash64(tmp, 16 + (size_t)len1);
    free(tmp);
    for (int i = 0; i < 8; i++)
        file.data[at[1] + 16 + i] = (uint8_t)(sum >> (8 * i));
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(file.data, 1, file.size, fp), file.size);
    fclose(fp);
    ts_log_clear();
    draw_cached(ctx, GLHLE_PICA_VERTEX_SHADERS_GPU, dir, fixed);
    char want[160];
    snprintf(want, sizeof want, "shader cache +0x%zx: key record skipped: checksum mismatch", at[0]);
    assert_true(ts_log_contains(want));
    snprintf(want, sizeof want, "shader cache +0x%zx: key record skipped: key is not one this build generates", at[1]);
    assert_true(ts_log_contains(want));
    same_as_cpu("rebuilt", cpu, fixed);
    print_message("damaged: %llu records rejected, %llu entries left, %llu programs compiled on a draw\n",
                  (unsigned long long)fixed->gs.cache_records_rejected, (unsigned long long)fixed->gs.disk_entries,
                  (unsigned long long)fixed->gs.programs_compiled_on_draw);
    assert_int_equal(fixed->gs.cache_records_rejected, 2);
    assert_int_equal(fixed->gs.disk_entries, 1);
    assert_int_equal(fixed->gs.programs_precompiled, 1);
    assert_int_equal(fixed->gs.programs_compiled_on_draw, 2);

    /* and the rebuilt ones were stored again */
    free_cached(warm);
    memset(warm, 0, sizeof *warm);
    draw_cached(ctx, GLHLE_PICA_VERTEX_SHADERS_GPU, dir, warm);
    same_as_cpu("after", cpu, warm);
    assert_int_equal(warm->gs.disk_entries, 3);
    assert_int_equal(warm->gs.programs_compiled_on_draw, 0);
    assert_int_equal(warm->gs.cache_records_rejected, 0);

    glhle_bytebuf_free(&file);
    free_cached(cpu);
    free_cached(cold);
    free_cached(warm);
    free_cached(fixed);
    free(cpu);
    free(cold);
    free(warm);
    free(fixed);
}

/* ---- compile workers ---- */

/* The first three scenes on a GPU instance with two compile workers (and
 * the cache folder `dir`, or none), pass after pass until every draw of a
 * pass takes the GPU path, every picture the CPU instance's; the passes it
 * took, the first with a GPU draw, the stats and the milliseconds. */
static uint32_t workers_run(glhle_context *ctx, const char *dir, const cached_side *cpu, uint32_t *first,
                            pica_rasterizer_stats *out, glhle_shader_stats *gs, double *ms)
{
    pd_env e;
    pd_env_init_cache_threads(&e, ctx, 1, GLHLE_PICA_VERTEX_SHADERS_GPU, dir, 2);
    pica_rasterizer_stats rs, before;
    memset(&before, 0, sizeof before);
    uint32_t pass = 0, first_gpu = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (; pass < 2000; pass++) {
        for (int k = 0; k < CACHED; k++) {
            put_scene(&e);
            tp_cmdbuf b;
            build(&b, k);
            assert_int_equal(pd_run(&e, &b, NULL), GLHLE_RESULT_OK);
            tp_cmd_free(&b);
            glhle_image img;
            pd_read_color(&e, COLOR_AT(k), 0, W, H, &img);
            char name[80];
            snprintf(name, sizeof name, "pica_gs_workers_pass%u_%s", pass, scene_name[k]);
            ts_assert_image(name, &cpu->img[k], &img, 0, 0);
            glhle_image_free(&img);
        }
        pica_rasterizer_get_stats(e.pica->rasterizer, &rs);
        if (!first_gpu && rs.gs_gpu_draws > before.gs_gpu_draws)
            first_gpu = pass + 1;
        /* every draw of the pass on the GPU path: all three programs ready */
        const bool all_gpu = rs.gs_gpu_draws - before.gs_gpu_draws == 6;
        before = rs;
        if (all_gpu)
            break;
        const struct timespec nap = {0, 5 * 1000 * 1000};
        nanosleep(&nap, NULL);
    }
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    pica_rasterizer_get_gs_program_stats(e.pica->rasterizer, gs);
    *out = rs;
    *first = first_gpu;
    *ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    pd_env_free(&e);
    return pass;
}

/* A geometry program that is not ready is compiled on a worker and its
 * draws are drawn on the CPU path meanwhile (no draw waits for a compile),
 * and once it is ready the draws take the GPU path. With a cache folder
 * `dir` the programs the workers compiled reach the disk cache: a second
 * instance with workers over the folder makes all three from the file at
 * creation (TITLE.pica-gs.glsc), compiles none, and draws every draw of its
 * first pass on the GPU path, none on the CPU for a compile. */
static void workers_check(glhle_context *ctx, const char *dir)
{
    cached_side *cpu = calloc(1, sizeof *cpu);
    assert_non_null(cpu);
    draw_cached(ctx, GLHLE_PICA_VERTEX_SHADERS_CPU, NULL, cpu);
    pica_rasterizer_stats rs;
    glhle_shader_stats gs;
    uint32_t first_gpu;
    double ms;
    uint32_t pass = workers_run(ctx, dir, cpu, &first_gpu, &rs, &gs, &ms);
    print_message("workers: %u passes (%.0f ms) until every draw took the GPU path (the first GPU draw in pass %u); "
                  "%llu draws on the CPU path while their program compiled, %llu programs compiled on a draw, "
                  "%llu draws waited for a compile, %llu records written\n",
                  pass + 1, ms, first_gpu, (unsigned long long)rs.gs_compiling,
                  (unsigned long long)gs.programs_compiled_on_draw, (unsigned long long)gs.draws_waited_for_compile,
                  (unsigned long long)gs.records_written);
    assert_true(pass < 2000);
    assert_int_equal(gs.programs_compiled_on_draw, 0);
    assert_int_equal(gs.draws_waited_for_compile, 0);
    assert_int_equal(gs.programs_compiled, 3);
    assert_int_equal(gs.disk_entries, 0);
    /* the first draw of each program found it not ready: the CPU path drew it */
    assert_true(rs.gs_compiling >= 3);
    assert_int_equal(rs.gs_cpu_draws, rs.gs_compiling);
    if (dir) {
        pass = workers_run(ctx, dir, cpu, &first_gpu, &rs, &gs, &ms);
        print_message("warm: %u pass(es), %llu entries on disk, %llu made at creation, %llu compiled, %llu draws "
                      "on the CPU path for a compile\n",
                      pass + 1, (unsigned long long)gs.disk_entries, (unsigned long long)gs.programs_precompiled,
                      (unsigned long long)gs.programs_compiled, (unsigned long long)rs.gs_compiling);
        assert_int_equal(pass, 0);
        assert_int_equal(gs.disk_entries, 3);
        assert_int_equal(gs.programs_precompiled, 3);
        assert_int_equal(gs.programs_compiled_on_draw, 0);
        assert_int_equal(gs.cache_misses, 0);
        assert_int_equal(rs.gs_compiling, 0);
        assert_int_equal(rs.gs_cpu_draws, 0);
        assert_int_equal(rs.gs_gpu_draws, 6);
    }
    free_cached(cpu);
    free(cpu);
}

static void workers(void **state)
{
    workers_check(*state, NULL);
}

static void workers_disk_cache(void **state)
{
    workers_check(*state, ts_fresh_dir(ts_gles() ? "pica_gs_workers_cache_gles" : "pica_gs_workers_cache_gl"));
}

static void scenes_1x(void **state)
{
    scenes_at(*state, 1);
}

static void scenes_2x(void **state)
{
    scenes_at(*state, 2);
}

/* Byte offset of the last DRAWARRAYS write (0x22E) in b: the command the
 * run stops at when its draw passes the budget. */
static uint32_t last_draw_at(const tp_cmdbuf *b)
{
    uint32_t at = 0;
    for (size_t i = 1; i < b->n; i += 2)
        if ((b->w[i] & 0xFFFFu) == 0x22Eu)
            at = (uint32_t)(i - 1) * 4u;
    return at;
}

/* A geometry-path draw whose invocations' bound asks for more than one GL
 * draw may run (2^30 steps), after pd_program's 4-step vertex shader, with
 * i1.x = 2 (three iterations): point mode with the LOOP program (1 vertex
 * an invocation; IFU b15 and a MOV, the LOOP word, three passes of its
 * 18-instruction body and END), or fixed mode with loop_program's fixed form (3 vertices; three
 * passes of 20). The LOOP makes the geometry program's bound the step
 * limit plus a block, 2^20 + 4096, so an invocation counts its vertices x 4
 * + 2^20 + 4096 and a GL draw takes 2^30 / that of them: the GPU path
 * splits the draw into that many whole invocations a piece. Both paths
 * give the same picture and the same steps; the draw starts with b15
 * clear, so a later piece that started with it clear would move its first
 * point into the empty rows. Before it a run of scene
 * cull's draws, whose programs only go forward (charged at their bound,
 * their steps not read back): what they ran must not come back with the
 * next run's steps. With a budget one step above two pieces' work the GPU
 * path stops where the CPU path does: after two pieces, the third (sized
 * by the budget left) not drawn, at the draw. */
static void huge_case(glhle_context *ctx, bool fixed)
{
    const uint64_t group = fixed ? 3 : 1, vs_steps = 4, gs_steps = (fixed ? 0 : 2) + 1 + 3 * (fixed ? 20 : 18) + 1;
    const uint64_t bound = group * vs_steps + (1u << 20) + 4096u;
    const uint64_t per = (1ull << 30) / bound;
    const uint32_t inv = (uint32_t)(fixed ? 2 * per + per / 2 : 3 * per + per / 2);
    const uint32_t n = (uint32_t)(inv * group);
    const uint64_t steps = group * vs_steps + gs_steps, need = inv * steps;
    /* scene loop-3's draw of GRID * GRID / 2 points (i1 the same) first */
    const uint64_t first = GRID * GRID / 2 * (vs_steps + 2 + 1 + 3 * 18 + 1);
    assert_true(n < BIG);
    glhle_image img[2];
    uint64_t splits[2];
    for (int gpu = 0; gpu < 2; gpu++) {
        pd_env e;
        pd_env_init_vs(&e, ctx, 1, gpu ? GLHLE_PICA_VERTEX_SHADERS_GPU : GLHLE_PICA_VERTEX_SHADERS_CPU);
        put_scene(&e);
        put_points(&e, BIG_AT, n);
        tp_cmdbuf b;
        glhle_pica_run_result res;
        build(&b, 0);
        assert_int_equal(pd_run(&e, &b, &res), GLHLE_RESULT_OK);
        tp_cmd_free(&b);
        build(&b, 14);
        tp_cmd1(&b, 0x200, BIG_AT >> 3); /* ATTRIBBUFFERS_LOC */
        tp_cmd1(&b, 0x282, 2u | 1u << 16); /* i1 = (2, 0, 1): three iterations */
        /* b15 clear: the draw's first invocation moves 44 pixels up (into
         * the rows no point covers), as would a later GL draw's first if it
         * started with b15 clear */
        tp_cmd1(&b, 0x280, 0x7FFF0000u);
        tp_uniform_f32(&b, 1, 7, 0, 2.0f * 44.0f / H, 0, 0);
        if (fixed) {
            loop_program(&b, true);
            pd_gs_config(&b, 3, 2u | 2u << 8 | 20u << 16); /* fixed, 3 vertices, c20 */
        }
        pd_gs_draw(&b, n, 0, 0);
        const uint32_t draw_at = last_draw_at(&b);
        assert_int_equal(pd_run(&e, &b, &res), GLHLE_RESULT_OK);
        pica_rasterizer_stats rs;
        pica_rasterizer_get_stats(e.pica->rasterizer, &rs);
        /* (fixed mode: the GPU path's replay of the last invocation's
         * vertices for the c registers they leave is not charged again) */
        assert_int_equal(res.shader_steps, first + need);
        pd_read_color(&e, COLOR_AT(14), 0, W, H, &img[gpu]);
        splits[gpu] = rs.gl_draw_splits;
        if (gpu) {
            assert_int_equal(rs.gs_gpu_draws, 2 + 2);
            const uint64_t before = rs.gl_draws;
            e.pica->fe.max_steps = first + 2 * per * steps + 1;
            ts_log_clear();
            assert_int_equal(pd_run(&e, &b, &res), GLHLE_RESULT_LIMIT_EXCEEDED);
            assert_true(res.stopped_on_error);
            assert_int_equal(res.stop_offset, draw_at);
            /* the third piece holds one invocation (the budget left, a
             * step, at the second's rate, and one more), whose vertices,
             * charged before it is drawn (the vertex shader only goes
             * forward), pass the budget: it is not drawn, as the CPU path
             * charges the vertex that passes it and drops it */
            assert_int_equal(res.shader_steps, first + 2 * per * steps + group * vs_steps);
            char where[96];
            snprintf(where, sizeof where, "host list +0x%x: draw: the budget of %llu shader steps", draw_at,
                     (unsigned long long)e.pica->fe.max_steps);
            assert_true(ts_log_contains(where));
            pica_rasterizer_get_stats(e.pica->rasterizer, &rs);
            assert_int_equal(rs.gl_draws - before, 1 + 2);
            /* the next run has the whole budget again */
            e.pica->fe.max_steps = first + need;
            assert_int_equal(pd_run(&e, &b, &res), GLHLE_RESULT_OK);
            assert_int_equal(res.shader_steps, first + need);
        }
        tp_cmd_free(&b);
        pd_env_free(&e);
    }
    print_message("%s mode: %u invocations, %llu a GL draw: %llu splits on the GPU path, %llu on the CPU path\n",
                  fixed ? "fixed" : "point", inv, (unsigned long long)per, (unsigned long long)splits[1],
                  (unsigned long long)splits[0]);
    assert_int_equal(splits[0], 0);
    assert_int_equal(splits[1], (inv + per - 1) / per - 1);
    assert_true(drawn(&img[0]) > 0);
    ts_assert_image(fixed ? "pica_gs_split_fixed" : "pica_gs_split_point", &img[0], &img[1], 0, 0);
    glhle_image_free(&img[0]);
    glhle_image_free(&img[1]);
}

static void huge_draws_split(void **state)
{
    huge_case(*state, false);
    huge_case(*state, true);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(scenes_1x),
        TS_GL_TEST(scenes_2x),
        TS_GL_TEST(disk_cache),
        TS_GL_TEST(workers),
        TS_GL_TEST(workers_disk_cache),
        TS_GL_TEST(huge_draws_split),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
