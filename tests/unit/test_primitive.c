/* backend/pica/shader/primitive.c: output mapping, primitive assembly, and the
 * whole geometry pipeline driven through the draw hook by command lists
 * (indexed and non-indexed draws, strips and fans across draws, restarts,
 * immediate mode, geometry shaders in point and fixed mode, bad input).
 * Expected vertices are computed by hand from the inputs. */
#include "support/test_support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/pica_instance.h"
#include "backend/pica/shader/primitive.h"
#include "backend/pica/shader/shader_vm.h"
#include "backend/pica/shader/shbin.h"
#include "support/pica_dvlb_writer.h"
#include "support/pica_support.h"

/* ---- output mapping ---- */

static void output_map_semantics(void **state)
{
    (void)state;
    pica_outmap_state om = {0};
    om.total = 3;
    static const uint8_t s0[4] = {0x00, 0x01, 0x02, 0x03}, s1[4] = {0x08, 0x09, 0x0A, 0x0B},
                         s2[4] = {0x0C, 0x0D, 0x10, 0x1F};
    memcpy(om.semantic[0], s0, 4);
    memcpy(om.semantic[1], s1, 4);
    memcpy(om.semantic[2], s2, 4);
    pica_output_map m;
    /* o1, o4, o6 enabled: they take map slots 0, 1, 2 in register order */
    pica_output_map_build(&m, &om, (1u << 1) | (1u << 4) | (1u << 6));
    float o[16][4];
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 4; c++)
            o[r][c] = (float)(r * 10 + c);
    o[4][0] = -0.5f; /* colour: |c| clamped to 1 */
    o[4][1] = 2.0f;
    o[4][2] = 0.25f;
    o[4][3] = -7.0f;
    pica_out_vertex v;
    pica_output_map_apply(&m, (const float(*)[4])o, &v);
    assert_true(v.pos[0] == 10 && v.pos[1] == 11 && v.pos[2] == 12 && v.pos[3] == 13);
    assert_true(v.color[0] == 0.5f && v.color[1] == 1.0f && v.color[2] == 0.25f && v.color[3] == 1.0f);
    assert_true(v.tc0[0] == 60 && v.tc0[1] == 61 && v.tc0_w == 62);
    /* unmapped slots read 1 */
    assert_true(v.quat[0] == 1 && v.quat[3] == 1 && v.tc1[0] == 1 && v.view[2] == 1 && v.tc2[1] == 1);
    /* two components naming one semantic: the later register wins */
    static const uint8_t dup[4] = {0x0E, 0x0E, 0x1F, 0x1F};
    memcpy(om.semantic[0], dup, 4);
    pica_output_map_build(&m, &om, 0x3);
    pica_output_map_apply(&m, (const float(*)[4])o, &v);
    assert_true(v.tc1[0] == 1.0f); /* o0.y (value 1) overrides o0.x (value 0) */
    assert_true(v.pos[0] == 1.0f); /* o1 is colour now; position unmapped */
}

/* ---- primitive assembly ---- */

static int run_assembler(uint8_t mode, const uint32_t *in, int n, uint32_t out[][3])
{
    pica_assembler a;
    pica_assembler_reset(&a, mode);
    int t = 0;
    for (int i = 0; i < n; i++)
        if (pica_assembler_push(&a, in[i], out[t]))
            t++;
    return t;
}

static void assembler_modes(void **state)
{
    (void)state;
    const uint32_t v[7] = {10, 11, 12, 13, 14, 15, 16};
    uint32_t t[8][3];
    assert_int_equal(run_assembler(PICA_PRIM_TRIANGLES, v, 7, t), 2);
    assert_memory_equal(t[0], ((uint32_t[]){10, 11, 12}), 12);
    assert_memory_equal(t[1], ((uint32_t[]){13, 14, 15}), 12);
    /* strip: (0,1,2) (2,1,3) (2,3,4) (4,3,5): the odd ones reversed */
    assert_int_equal(run_assembler(PICA_PRIM_TRIANGLE_STRIP, v, 6, t), 4);
    assert_memory_equal(t[0], ((uint32_t[]){10, 11, 12}), 12);
    assert_memory_equal(t[1], ((uint32_t[]){12, 11, 13}), 12);
    assert_memory_equal(t[2], ((uint32_t[]){12, 13, 14}), 12);
    assert_memory_equal(t[3], ((uint32_t[]){14, 13, 15}), 12);
    /* fan around the first vertex */
    assert_int_equal(run_assembler(PICA_PRIM_TRIANGLE_FAN, v, 5, t), 3);
    assert_memory_equal(t[0], ((uint32_t[]){10, 11, 12}), 12);
    assert_memory_equal(t[1], ((uint32_t[]){10, 12, 13}), 12);
    assert_memory_equal(t[2], ((uint32_t[]){10, 13, 14}), 12);
    /* geometry primitives: the winding flag swaps the first two, once */
    pica_assembler a;
    pica_assembler_reset(&a, PICA_PRIM_GEOMETRY);
    a.winding = true;
    uint32_t tri[3];
    assert_false(pica_assembler_push(&a, 1, tri));
    assert_false(pica_assembler_push(&a, 2, tri));
    assert_true(pica_assembler_push(&a, 3, tri));
    assert_memory_equal(tri, ((uint32_t[]){2, 1, 3}), 12);
    assert_false(a.winding);
    pica_assembler_push(&a, 4, tri);
    pica_assembler_push(&a, 5, tri);
    assert_true(pica_assembler_push(&a, 6, tri));
    assert_memory_equal(tri, ((uint32_t[]){4, 5, 6}), 12);
}

/* ---- the pipeline through command lists ---- */

#define VRAM 0x18000000u
static uint8_t *vram;

typedef struct capture {
    pica_out_vertex v[256];
    uint32_t idx[512];
    int nv, ni, chunks, ends;
    uint32_t status;
} capture;

/* Concatenates chunks, renumbering indices, so a test sees one array. */
static void on_output(void *user, const pica_draw_output *out)
{
    capture *c = user;
    int base = c->nv;
    assert_true(c->nv + (int)out->vertex_count <= 256 && c->ni + (int)out->index_count <= 512);
    memcpy(c->v + c->nv, out->vertices, out->vertex_count * sizeof *out->vertices);
    c->nv += (int)out->vertex_count;
    for (uint32_t i = 0; i < out->index_count; i++) {
        assert_true(out->indices[i] < out->vertex_count);
        c->idx[c->ni++] = (uint32_t)base + out->indices[i];
    }
    c->chunks++;
    c->ends += out->end_of_draw;
    c->status |= out->vm_status;
}

typedef struct rig {
    glhle_pica *p;
    pica_pipeline *pl;
    capture cap;
    tp_cmdbuf b;
} rig;

static rig *rig_new(uint32_t vertex_capacity)
{
    rig *r = calloc(1, sizeof *r);
    assert_non_null(r);
    r->p = tp_pica_new(0, 0);
    vram = calloc(1, 1u << 16);
    assert_non_null(vram);
    assert_int_equal(glhle_pica_map_memory(r->p, VRAM, vram, 1u << 16), GLHLE_RESULT_OK);
    pica_pipeline_desc d = {.vertex_capacity = vertex_capacity, .on_output = on_output, .user = &r->cap};
    assert_int_equal(pica_pipeline_create(&d, ts_logger(), &r->pl), GLHLE_RESULT_OK);
    pica_pipeline_attach(r->pl, r->p);
    tp_cmd_init(&r->b);
    return r;
}

static void rig_free(rig *r)
{
    tp_cmd_free(&r->b);
    pica_pipeline_destroy(r->pl);
    glhle_pica_destroy(r->p);
    free(vram);
    free(r);
}

static glhle_result rig_run(rig *r)
{
    tp_cmd_finalize(&r->b);
    glhle_result res = glhle_pica_run_cmdlist(r->p, r->b.w, r->b.n, NULL);
    r->b.n = 0;
    return res;
}

static void put_f32(uint32_t at, float f)
{
    memcpy(vram + at, &f, 4);
}

/* The vertex shader of the draw tests:
 *   dp4 o0.x..w, c0..c3, v2   (attribute 0 is permuted to v2)
 *   mul o1, c4, v0            (attribute 1, ubyte colour)
 *   mov o2, v1                (attribute 2, short texcoord)
 *   mov o3, v3                (attribute 3, fixed)
 *   end
 * Output map: o0 position, o1 colour, o2.xy texcoord0, o3.xyz view. */
static void emit_vs_code(pica_dvlb_writer *w)
{
    static const char *const lane[4] = {"x", "y", "z", "w"};
    for (unsigned i = 0; i < 4; i++)
        dw_emit(w, dw_op1(w, DW_DP4, DW_O(0, lane[i]), DW_C(i, "xyzw"), DW_V(2, "xyzw")));
    dw_emit(w, dw_op1(w, DW_MUL, DW_O(1, "xyzw"), DW_C(4, "xyzw"), DW_V(0, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), DW_V(1, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(3, "xyzw"), DW_V(3, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
}

static void setup_vs(rig *r)
{
    tp_cmdbuf *b = &r->b;
    pica_dvlb_writer *w = dw_create();
    emit_vs_code(w);
    tp_upload_program(b, 0, w);
    dw_destroy(w);
    /* projection: x' = 0.5x - 1, y' = 0.25y, z' = -z, w' = 1 */
    tp_uniform_f32(b, 0, 0, 0.5f, 0, 0, -1);
    tp_uniform_f32(b, 0, 1, 0, 0.25f, 0, 0);
    tp_uniform_f32(b, 0, 2, 0, 0, -1, 0);
    tp_uniform_f32(b, 0, 3, 0, 0, 0, 1);
    tp_uniform_f32(b, 0, 4, 0.25f, 0.5f, 1.0f, 0.125f); /* colour scale */
    tp_cmd1(b, 0x2B9, 0xA0000000u | 3);      /* VSH_INPUTBUFFER_CONFIG: 4 inputs */
    tp_cmd1(b, 0x242, 3);                    /* VSH_NUM_ATTR */
    tp_cmd1(b, 0x2BB, 0x3102);               /* permutation: attr0 -> v2, attr1 -> v0, attr2 -> v1, attr3 -> v3 */
    tp_cmd1(b, 0x2BC, 0);
    tp_cmd1(b, 0x2BD, 0xF);                  /* VSH_OUTMAP_MASK o0-o3 */
    tp_cmd1(b, 0x24A, 3);                    /* VSH_OUTMAP_TOTAL1/2 */
    tp_cmd1(b, 0x251, 3);
    tp_cmd1(b, 0x04F, 4);                    /* SH_OUTMAP_TOTAL */
    tp_cmd1(b, 0x050, 0x03020100);
    tp_cmd1(b, 0x051, 0x0B0A0908);
    tp_cmd1(b, 0x052, 0x1F1F0D0C);
    tp_cmd1(b, 0x053, 0x1F141312);
    /* attribute buffers at VRAM + 0x100 (ATTRIBBUFFERS_LOC holds address >> 3):
     * format: attr0 float x3, attr1 ubyte x4, attr2 short x2, attr3 fixed; 4 attributes */
    tp_cmd1(b, 0x200, (VRAM + 0x100) >> 3);
    tp_cmd1(b, 0x201, (3u | 2u << 2) | (1u | 3u << 2) << 4 | (2u | 1u << 2) << 8);
    tp_cmd1(b, 0x202, (1u << 3) << 16 | 3u << 28); /* fixed mask: attribute 3 */
    /* buffer 0 at +0: attr0, attr1 -> 16 bytes a vertex; buffer 1 at +0x400:
     * attr2 then 4 bytes of padding -> 8 bytes a vertex */
    tp_cmd1(b, 0x203, 0);
    tp_cmd1(b, 0x204, 0x10);
    tp_cmd1(b, 0x205, 16u << 16 | 2u << 28);
    tp_cmd1(b, 0x206, 0x400);
    tp_cmd1(b, 0x207, 0xC2);
    tp_cmd1(b, 0x208, 8u << 16 | 2u << 28);
    /* fixed attribute 3 = (7, 8, 9, 10): index, then f24 x3 */
    tp_cmd1(b, 0x232, 3);
    uint32_t raw[4] = {dw_f24(7), dw_f24(8), dw_f24(9), dw_f24(10)}, packed[3];
    tp_pack_f24x4(raw, packed);
    tp_cmd(b, 0x233, 0xF, true, packed, 3);
}

/* Vertex k: position (2k, 4k, k/4), colour (k, 2, k % 3, 8), texcoord (k, -k). */
static void write_vertices(int count)
{
    for (int k = 0; k < count; k++) {
        uint32_t at = 0x100 + 16 * (uint32_t)k;
        put_f32(at, 2.0f * (float)k);
        put_f32(at + 4, 4.0f * (float)k);
        put_f32(at + 8, (float)k / 4.0f);
        vram[at + 12] = (uint8_t)k;
        vram[at + 13] = 2;
        vram[at + 14] = (uint8_t)(k % 3);
        vram[at + 15] = 8;
        int16_t tc[2] = {(int16_t)k, (int16_t)-k};
        memcpy(vram + 0x500 + 8 * (uint32_t)k, tc, 4);
        memset(vram + 0x500 + 8 * (uint32_t)k + 4, 0xEE, 4); /* padding, never read */
    }
}

static void expect_vertex(const pica_out_vertex *v, int k)
{
    /* position: (0.5 * 2k - 1, 0.25 * 4k, -k/4, 1) */
    float want_pos[4] = {(float)k - 1.0f, (float)k, -(float)k / 4.0f, 1.0f};
    float want_col[4] = {fminf(0.25f * (float)k, 1.0f), 1.0f, (float)(k % 3), 1.0f};
    if (want_col[2] > 1.0f)
        want_col[2] = 1.0f;
    for (int c = 0; c < 4; c++) {
        if (v->pos[c] != want_pos[c] || v->color[c] != want_col[c]) {
            print_error("vertex %d component %d: pos %g (want %g) colour %g (want %g); colour %g %g %g %g\n", k, c,
                        (double)v->pos[c], (double)want_pos[c], (double)v->color[c], (double)want_col[c],
                        (double)v->color[0], (double)v->color[1], (double)v->color[2], (double)v->color[3]);
            fail();
        }
    }
    assert_true(v->tc0[0] == (float)k && v->tc0[1] == -(float)k);
    assert_true(v->view[0] == 7 && v->view[1] == 8 && v->view[2] == 9);
    assert_true(v->quat[0] == 1 && v->tc1[0] == 1 && v->tc0_w == 1 && v->tc2[0] == 1); /* unmapped */
}

static void draw_arrays(tp_cmdbuf *b, uint32_t mode, uint32_t first, uint32_t count)
{
    tp_cmd1(b, 0x25E, mode << 8 | 3);
    tp_cmd1(b, 0x228, count);
    tp_cmd1(b, 0x22A, first);
    tp_cmd1(b, 0x22E, 1);
}

static void draw_elements(tp_cmdbuf *b, uint32_t mode, uint32_t index_offset, bool u16, uint32_t count)
{
    tp_cmd1(b, 0x25E, mode << 8 | 3);
    tp_cmd1(b, 0x227, index_offset | (u16 ? 1u << 31 : 0));
    tp_cmd1(b, 0x228, count);
    tp_cmd1(b, 0x22F, 1);
}

static void non_indexed_draw(void **state)
{
    (void)state;
    rig *r = rig_new(0);
    write_vertices(8);
    setup_vs(r);
    tp_cmd1(&r->b, 0x25F, 1);
    draw_arrays(&r->b, PICA_PRIM_TRIANGLES, 1, 6); /* vertices 1-6 */
    assert_int_equal(rig_run(r), GLHLE_RESULT_OK);
    assert_int_equal(r->cap.nv, 6);
    assert_int_equal(r->cap.ni, 6);
    for (int k = 0; k < 6; k++)
        expect_vertex(&r->cap.v[k], k + 1);
    assert_memory_equal(r->cap.idx, ((uint32_t[]){0, 1, 2, 3, 4, 5}), 24);
    assert_int_equal(r->cap.ends, 1);
    pica_pipeline_stats st = pica_pipeline_get_stats(r->pl);
    assert_int_equal(st.vs_invocations, 6);
    assert_int_equal(st.triangles, 2);
    rig_free(r);
}

static void indexed_draws_share_vertices(void **state)
{
    (void)state;
    rig *r = rig_new(0);
    write_vertices(8);
    setup_vs(r);
    /* u8 indices 5 6 7 6 5 7 at +0x800, a list of two triangles */
    static const uint8_t i8[6] = {5, 6, 7, 6, 5, 7};
    memcpy(vram + 0x800, i8, 6);
    tp_cmd1(&r->b, 0x25F, 1);
    tp_cmd1(&r->b, 0x22A, 100); /* VERTEX_OFFSET is not used by indexed draws */
    draw_elements(&r->b, PICA_PRIM_TRIANGLES, 0x700, false, 6);
    assert_int_equal(rig_run(r), GLHLE_RESULT_OK);
    /* three distinct indices: three output vertices, each shaded once */
    assert_int_equal(r->cap.nv, 3);
    expect_vertex(&r->cap.v[0], 5);
    expect_vertex(&r->cap.v[1], 6);
    expect_vertex(&r->cap.v[2], 7);
    assert_int_equal(r->cap.ni, 6);
    assert_memory_equal(r->cap.idx, ((uint32_t[]){0, 1, 2, 1, 0, 2}), 24);
    assert_int_equal(pica_pipeline_get_stats(r->pl).vs_invocations, 3);

    /* u16 indices, a fan: 0 2 4 6 -> (0,2,4) (0,4,6) */
    r->cap.nv = r->cap.ni = 0;
    static const uint16_t i16[4] = {0, 2, 4, 6};
    memcpy(vram + 0x900, i16, 8);
    tp_cmd1(&r->b, 0x25F, 1);
    draw_elements(&r->b, PICA_PRIM_TRIANGLE_FAN, 0x800, true, 4);
    assert_int_equal(rig_run(r), GLHLE_RESULT_OK);
    assert_int_equal(r->cap.nv, 4);
    for (int k = 0; k < 4; k++)
        expect_vertex(&r->cap.v[k], 2 * k);
    assert_int_equal(r->cap.ni, 6);
    assert_memory_equal(r->cap.idx, ((uint32_t[]){0, 1, 2, 0, 2, 3}), 24);
    rig_free(r);
}

/* Without RESTART_PRIMITIVE a strip goes on into the next draw; with it,
 * it starts over (Azahar resets the assembler on the register write). */
static void strips_across_draws_and_restart(void **state)
{
    (void)state;
    rig *r = rig_new(0);
    write_vertices(8);
    setup_vs(r);
    tp_cmd1(&r->b, 0x25F, 1);
    draw_arrays(&r->b, PICA_PRIM_TRIANGLE_STRIP, 0, 3); /* (0,1,2) */
    draw_arrays(&r->b, PICA_PRIM_TRIANGLE_STRIP, 3, 2); /* continues: (2,1,3) (2,3,4) */
    tp_cmd1(&r->b, 0x25F, 1);
    draw_arrays(&r->b, PICA_PRIM_TRIANGLE_STRIP, 5, 2); /* restarted: two vertices, nothing */
    assert_int_equal(rig_run(r), GLHLE_RESULT_OK);
    assert_int_equal(r->cap.ni, 9);
    /* the second draw's chunk starts with the two vertices carried over */
    const pica_out_vertex *v = r->cap.v;
    const int want[3][3] = {{0, 1, 2}, {2, 1, 3}, {2, 3, 4}};
    for (int t = 0; t < 3; t++)
        for (int k = 0; k < 3; k++) {
            const pica_out_vertex *got = &v[r->cap.idx[3 * t + k]];
            assert_true(got->tc0[0] == (float)want[t][k]);
        }
    assert_int_equal(r->cap.ends, 3);
    rig_free(r);
}

/* A small output buffer forces mid-draw chunks; the strip carries on across
 * them and every triangle comes out once. */
static void chunked_output(void **state)
{
    (void)state;
    rig *r = rig_new(16);
    for (int k = 0; k < 64; k++) {
        put_f32(0x100 + 16 * (uint32_t)k, 0);
        int16_t tc[2] = {(int16_t)k, 0};
        memcpy(vram + 0x500 + 8 * (uint32_t)k, tc, 4);
    }
    setup_vs(r);
    tp_cmd1(&r->b, 0x25F, 1);
    draw_arrays(&r->b, PICA_PRIM_TRIANGLE_STRIP, 0, 40);
    assert_int_equal(rig_run(r), GLHLE_RESULT_OK);
    assert_true(r->cap.chunks > 2);
    assert_int_equal(r->cap.ends, 1);
    assert_int_equal(r->cap.ni, 3 * 38);
    for (int t = 0; t < 38; t++) {
        float a = r->cap.v[r->cap.idx[3 * t]].tc0[0], b = r->cap.v[r->cap.idx[3 * t + 1]].tc0[0],
              c = r->cap.v[r->cap.idx[3 * t + 2]].tc0[0];
        /* strip order: even (t, t+1, t+2), odd (t+1, t, t+2) */
        float wa = (float)(t % 2 ? t + 1 : t), wb = (float)(t % 2 ? t : t + 1);
        if (a != wa || b != wb || c != (float)(t + 2)) {
            print_error("triangle %d: %g %g %g\n", t, (double)a, (double)b, (double)c);
            fail();
        }
    }
    rig_free(r);
}

/* An indexed strip fills the output buffer while the assembler holds, in
 * its two slots, a new vertex in output slot 15 and, from the post-vertex
 * cache, vertex 0 in output slot 0: the chunk boundary must carry both
 * over, each as itself. */
static void chunked_output_carries_cached_vertices(void **state)
{
    (void)state;
    rig *r = rig_new(16);
    write_vertices(17);
    setup_vs(r);
    uint8_t i8[18];
    for (int k = 0; k < 15; k++)
        i8[k] = (uint8_t)k;
    i8[15] = 0;  /* cached: output slot 0, into the assembler's second slot */
    i8[16] = 15; /* new: output slot 15, the buffer is full */
    i8[17] = 16; /* needs room: the chunk ends before it */
    memcpy(vram + 0x800, i8, sizeof i8);
    tp_cmd1(&r->b, 0x25F, 1);
    draw_elements(&r->b, PICA_PRIM_TRIANGLE_STRIP, 0x700, false, sizeof i8);
    assert_int_equal(rig_run(r), GLHLE_RESULT_OK);
    assert_int_equal(r->cap.chunks, 2);
    assert_int_equal(r->cap.ni, 3 * 16);
    for (int t = 0; t < 16; t++) {
        /* strip order: even (t, t+1, t+2), odd (t+1, t, t+2) */
        const uint8_t want[3] = {i8[t % 2 ? t + 1 : t], i8[t % 2 ? t : t + 1], i8[t + 2]};
        for (int k = 0; k < 3; k++) {
            const pica_out_vertex *v = &r->cap.v[r->cap.idx[3 * t + k]];
            if (v->tc0[0] != (float)want[k]) {
                print_error("triangle %d corner %d: vertex %g, want %u\n", t, k, (double)v->tc0[0], want[k]);
                fail();
            }
        }
    }
    rig_free(r);
}

static void immediate_mode(void **state)
{
    (void)state;
    rig *r = rig_new(0);
    setup_vs(r);
    /* immediate-mode vertices: FIXEDATTRIB_INDEX 0xF, then VSH_NUM_ATTR + 1
     * attributes of three f24-packed words each (3dbrew) */
    tp_cmd1(&r->b, 0x25E, PICA_PRIM_TRIANGLES << 8 | 3);
    tp_cmd1(&r->b, 0x25F, 1);
    tp_cmd1(&r->b, 0x232, 0xF);
    for (int k = 1; k <= 3; k++) {
        /* attr0 (2k, 4k, 0, 1), attr1 colour (k, 2, 0, 8), attr2 (k, -k, 0, 1), attr3 (7, 8, 9, 10) */
        float a[4][4] = {{2.0f * k, 4.0f * k, 0, 1}, {(float)k, 2, 0, 8}, {(float)k, (float)-k, 0, 1}, {7, 8, 9, 10}};
        for (int at = 0; at < 4; at++) {
            uint32_t raw[4], packed[3];
            for (int c = 0; c < 4; c++)
                raw[c] = dw_f24(a[at][c]);
            tp_pack_f24x4(raw, packed);
            tp_cmd(&r->b, 0x233, 0xF, true, packed, 3);
        }
    }
    assert_int_equal(rig_run(r), GLHLE_RESULT_OK);
    assert_int_equal(pica_pipeline_get_stats(r->pl).immediate_vertices, 3);
    assert_int_equal(r->cap.ni, 3);
    for (int k = 0; k < 3; k++) {
        const pica_out_vertex *v = &r->cap.v[r->cap.idx[k]];
        assert_true(v->pos[0] == (float)k && v->pos[1] == (float)(k + 1) && v->pos[2] == 0 && v->pos[3] == 1);
        assert_true(v->tc0[0] == (float)(k + 1));
    }
    rig_free(r);
}

/* ---- geometry shaders ---- */

/* The point-mode GS: each input vertex (v0 = its position p) becomes the
 * triangle p, p + c10, p + c11; with b0 set SETEMIT inverts its winding. */
static void emit_gs_point_code(pica_dvlb_writer *w)
{
    uint32_t at = dw_here(w);
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_V(0, "xyzw")));
    dw_emit(w, dw_setemit(0, 0, 0));
    dw_emit(w, dw_op0(DW_EMIT));
    dw_emit(w, dw_op1(w, DW_ADD, DW_O(0, "xyzw"), DW_C(10, "xyzw"), DW_V(0, "xyzw")));
    dw_emit(w, dw_setemit(1, 0, 0));
    dw_emit(w, dw_op0(DW_EMIT));
    dw_emit(w, dw_op1(w, DW_ADD, DW_O(0, "xyzw"), DW_C(11, "xyzw"), DW_V(0, "xyzw")));
    dw_emit(w, dw_flow3(DW_IFU, 0, at + 10, 2)); /* b0: inverted winding */
    dw_emit(w, dw_setemit(2, 1, 1));
    dw_emit(w, dw_op0(DW_NOP));
    dw_emit(w, dw_setemit(2, 1, 0)); /* at + 10: else */
    dw_emit(w, dw_op0(DW_NOP));
    dw_emit(w, dw_op0(DW_EMIT)); /* at + 12 */
    dw_emit(w, dw_op0(DW_END));
}

/* Geometry stage on, one VS output (o0) per vertex into the GS in point mode,
 * GS o0 = position. */
static void gs_point_config(tp_cmdbuf *b)
{
    tp_cmd1(b, 0x229, 2);               /* GEOSTAGE_CONFIG: geometry shader */
    tp_cmd1(b, 0x289, 0x08000000u | 0); /* GSH_INPUTBUFFER_CONFIG: 1 input */
    tp_cmd1(b, 0x28B, 0x76543210);
    tp_cmd1(b, 0x28D, 0x1);             /* GSH_OUTMAP_MASK o0 */
    tp_cmd1(b, 0x252, 0);               /* GSH_MISC0: point mode */
    tp_cmd1(b, 0x24A, 0);               /* one VS output per vertex feeds the GS */
    tp_cmd1(b, 0x04F, 1);
    tp_cmd1(b, 0x050, 0x03020100);      /* GS o0 = position */
    tp_cmd1(b, 0x2BD, 0x1);             /* VS writes only o0 */
}

/* Triangle t came from vertex k, whose position is (k - 1, k, -k/4, 1):
 * p, p + x, p + y, or p + x, p, p + y when inverted. */
static void expect_point_triangle(rig *r, int t, int k, bool inverted)
{
    float px = (float)k - 1, py = (float)k;
    const pica_out_vertex *a = &r->cap.v[r->cap.idx[3 * t]], *bb = &r->cap.v[r->cap.idx[3 * t + 1]],
                          *c = &r->cap.v[r->cap.idx[3 * t + 2]];
    const pica_out_vertex *first = inverted ? bb : a, *second = inverted ? a : bb;
    assert_true(first->pos[0] == px && first->pos[1] == py);
    assert_true(second->pos[0] == px + 1 && second->pos[1] == py);
    assert_true(c->pos[0] == px && c->pos[1] == py + 1);
}

/* The point-mode GS with its own configuration (VSH_COM_MODE 1): two
 * vertices, then one more with b0 set, so its triangle comes out inverted. */
static void gs_point_mode(void **state)
{
    (void)state;
    rig *r = rig_new(0);
    write_vertices(8);
    setup_vs(r);
    tp_cmdbuf *b = &r->b;
    tp_cmd1(b, 0x244, 1); /* VSH_COM_MODE: the GS unit has its own configuration */
    pica_dvlb_writer *w = dw_create();
    emit_gs_point_code(w);
    tp_upload_program(b, 1, w);
    dw_destroy(w);
    tp_uniform_f32(b, 1, 10, 1, 0, 0, 0);
    tp_uniform_f32(b, 1, 11, 0, 1, 0, 0);
    tp_cmd1(b, 0x280, 0x7FFF0000u | 0); /* GSH bools: b0 = 0 first */
    gs_point_config(b);
    tp_cmd1(b, 0x25F, 1);
    draw_arrays(b, PICA_PRIM_GEOMETRY, 1, 2);
    tp_cmd1(b, 0x280, 0x7FFF0001u);     /* b0 = 1: inverted */
    tp_cmd1(b, 0x25F, 1);
    draw_arrays(b, PICA_PRIM_GEOMETRY, 1, 1);
    assert_int_equal(rig_run(r), GLHLE_RESULT_OK);
    assert_int_equal(pica_pipeline_get_stats(r->pl).gs_invocations, 3);
    assert_int_equal(r->cap.ni, 9);
    for (int t = 0; t < 3; t++)
        expect_point_triangle(r, t, t == 2 ? 1 : t + 1, t == 2);
    /* b15 is set after each GS invocation and stays set in the unit */
    assert_true(pica_get_state(r->p)->gs_setup.bool_uniforms & 0x8000);
    rig_free(r);
}

/* Shared configuration (VSH_COM_MODE 0, no geometry stage yet): code,
 * descriptors and uniforms written through the vertex shader's registers
 * reach the geometry shader unit too (3dbrew VSH_COM_MODE; Azahar), so a GS
 * uploaded that way runs from its own entry point once the stage is on. */
static void gs_shared_configuration(void **state)
{
    (void)state;
    rig *r = rig_new(0);
    write_vertices(8);
    setup_vs(r);
    tp_cmdbuf *b = &r->b;
    pica_dvlb_writer *w = dw_create();
    emit_vs_code(w); /* words 0-6, as setup_vs loaded them */
    while (dw_here(w) < 16)
        dw_emit(w, dw_op0(DW_NOP));
    emit_gs_point_code(w); /* words 16- */
    dw_dvle(w, 0, 0, 7);
    size_t size;
    uint8_t *file = dw_finish(w, &size);
    dw_destroy(w);
    pica_shbin s;
    assert_int_equal(pica_shbin_parse(file, size, ts_logger(), &s), GLHLE_RESULT_OK);
    free(file);
    tp_cmd1(b, 0x244, 0);
    tp_cmd1(b, 0x2CB, 0);
    tp_cmd(b, 0x2CC, 0xF, false, s.code, s.code_words);
    tp_cmd1(b, 0x2D5, 0);
    tp_cmd(b, 0x2D6, 0xF, false, s.opdesc, s.opdesc_count);
    pica_shbin_free(&s);
    tp_uniform_f32(b, 0, 10, 1, 0, 0, 0); /* through the VS registers */
    tp_uniform_f32(b, 0, 11, 0, 1, 0, 0);
    tp_cmd1(b, 0x28A, 0x7FFF0000u | 16); /* GSH_ENTRYPOINT */
    gs_point_config(b);
    tp_cmd1(b, 0x25F, 1);
    draw_arrays(b, PICA_PRIM_GEOMETRY, 2, 2);
    assert_int_equal(rig_run(r), GLHLE_RESULT_OK);
    const pica_state *st = pica_get_state(r->p);
    assert_true(st->gs_setup.code[16] == st->vs_setup.code[16] && st->gs_setup.code[16] != 0);
    assert_true(st->gs_setup.float_uniforms[11][1] == 1.0f);
    assert_int_equal(pica_pipeline_get_stats(r->pl).gs_invocations, 2);
    assert_int_equal(r->cap.ni, 6);
    expect_point_triangle(r, 0, 2, false);
    expect_point_triangle(r, 1, 3, false);
    rig_free(r);
}

/* Fixed-primitive mode: vertices go to uniforms from GSH_MISC0's start
 * index, the GS runs once per fixed_vertex_count vertices. */
static void gs_fixed_mode(void **state)
{
    (void)state;
    rig *r = rig_new(0);
    write_vertices(8);
    setup_vs(r);
    tp_cmdbuf *b = &r->b;
    tp_cmd1(b, 0x244, 1);
    pica_dvlb_writer *w = dw_create();
    /* emit c20, c21, c22 (the three vertices' positions) as a triangle */
    for (uint32_t k = 0; k < 3; k++) {
        dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(20 + k, "xyzw")));
        dw_emit(w, dw_setemit(k, k == 2, 0));
        dw_emit(w, dw_op0(DW_EMIT));
    }
    dw_emit(w, dw_op0(DW_END));
    tp_upload_program(b, 1, w);
    dw_destroy(w);
    tp_cmd1(b, 0x229, 2);
    tp_cmd1(b, 0x289, 0x08000000u);
    tp_cmd1(b, 0x28D, 0x1);
    /* GSH_MISC0: mode 2, 3 vertices (bits 8-11 = 2), stride 1 (bits 12-15 = 0), start c20 */
    tp_cmd1(b, 0x252, 2u | 2u << 8 | 20u << 16);
    tp_cmd1(b, 0x24A, 0);
    tp_cmd1(b, 0x04F, 1);
    tp_cmd1(b, 0x050, 0x03020100);
    tp_cmd1(b, 0x2BD, 0x1);
    static const uint8_t i8[6] = {3, 4, 5, 6, 7, 1};
    memcpy(vram + 0x800, i8, 6);
    tp_cmd1(b, 0x25F, 1);
    draw_elements(b, PICA_PRIM_GEOMETRY, 0x700, false, 6);
    assert_int_equal(rig_run(r), GLHLE_RESULT_OK);
    assert_int_equal(pica_pipeline_get_stats(r->pl).gs_invocations, 2);
    assert_int_equal(r->cap.ni, 6);
    for (int k = 0; k < 6; k++) {
        const pica_out_vertex *v = &r->cap.v[r->cap.idx[k]];
        assert_true(v->pos[0] == (float)i8[k] - 1 && v->pos[1] == (float)i8[k]);
    }
    /* the unit's c20-c22 hold the last primitive's vertices afterwards */
    assert_true(pica_get_state(r->p)->gs_setup.float_uniforms[22][1] == 1.0f);
    rig_free(r);
}

/* ---- bad input ---- */

static void bad_draws(void **state)
{
    (void)state;
    rig *r = rig_new(0);
    write_vertices(8);
    setup_vs(r);
    /* an index buffer outside guest memory */
    tp_cmd1(&r->b, 0x25F, 1);
    draw_elements(&r->b, PICA_PRIM_TRIANGLES, 0xFFF0, true, 300);
    ts_log_clear();
    assert_int_equal(rig_run(r), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("index buffer 0x180100F0"));
    assert_int_equal(r->cap.ni, 0);
    /* a wild index: vertex 60000 * 16 bytes is far past the 64 KiB mapping */
    static const uint16_t i16[6] = {0, 1, 2, 3, 60000, 5};
    memcpy(vram + 0x900, i16, sizeof i16);
    tp_cmd1(&r->b, 0x25F, 1);
    draw_elements(&r->b, PICA_PRIM_TRIANGLES, 0x800, true, 6);
    ts_log_clear();
    assert_int_equal(rig_run(r), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("vertex 4 of 6 (index 60000)"));
    assert_true(ts_log_contains("host list +0x")); /* the command's byte offset */
    assert_int_equal(r->cap.ni, 3);         /* the first triangle stands */
    /* a vertex shader that never ends: stopped, reported, the draw goes on */
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_flow2(DW_JMPC, DW_OR, 0, 0, 0, 0));
    tp_upload_program(&r->b, 0, w);
    dw_destroy(w);
    r->cap.ni = r->cap.nv = 0;
    tp_cmd1(&r->b, 0x25F, 1);
    draw_arrays(&r->b, PICA_PRIM_TRIANGLES, 0, 3);
    ts_log_clear();
    assert_int_equal(rig_run(r), GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_true(ts_log_contains("stopped"));
    assert_int_equal(r->cap.ni, 3);
    assert_true(r->cap.status & PICA_VM_STEP_LIMIT);
    /* the instance is still usable */
    setup_vs(r);
    r->cap.ni = r->cap.nv = 0;
    draw_arrays(&r->b, PICA_PRIM_TRIANGLES, 0, 3);
    assert_int_equal(rig_run(r), GLHLE_RESULT_OK);
    assert_int_equal(r->cap.ni, 3);
    expect_vertex(&r->cap.v[2], 2);
    rig_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(output_map_semantics),
        cmocka_unit_test(assembler_modes),
        cmocka_unit_test(non_indexed_draw),
        cmocka_unit_test(indexed_draws_share_vertices),
        cmocka_unit_test(strips_across_draws_and_restart),
        cmocka_unit_test(chunked_output),
        cmocka_unit_test(chunked_output_carries_cached_vertices),
        cmocka_unit_test(immediate_mode),
        cmocka_unit_test(gs_point_mode),
        cmocka_unit_test(gs_shared_configuration),
        cmocka_unit_test(gs_fixed_mode),
        cmocka_unit_test(bad_draws),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
