/* Maxwell transform feedback (stream output) on llvmpipe
 * (backend/maxwell/render/draw.c, queries.c; the capture outputs of
 * shadergen/maxwell_spirv.c). The corpus' passthrough_vsh writes the
 * position a[0x70] (attribute index 28-31) from its attribute 0 and
 * generic 0 a[0x80] (32-35) from attribute 1; the expected buffer bytes
 * are the test's own vertex values placed as the layout says (clb197.h
 * SET_STREAM_OUT_LAYOUT_SELECT: byte j of buffer b's 32 words is the
 * attribute of component j, at byte 4 j of each vertex's record of STRIDE
 * bytes), and the counts are worked out from the primitives drawn. Desktop
 * GL only (draw.c: ES has no xfb layout qualifiers): each case but
 * `refusals`, which checks the refusal there, skips on ES with the reason.
 * Skips when the shader corpus is absent. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/maxwell_instance.h"
#include "backend/maxwell/render/render_targets.h"
#include "scenes/maxwell_draw_scene.h"
#include "support/maxwell_fake_mem.h"

#define W TMD_RECTS_W
#define H TMD_RECTS_H
#define DATA_VA TMD_RECTS_DATA_VA
#define XFB 0x100000u     /* the buffers, 64 KiB apart, in the pitch memory */
#define REPORTS 0x180000u /* 16-byte reports */
#define SENTINEL 0xEEu    /* the buffers' bytes before a draw */
#define M(byte_offset) ((byte_offset) / 4u)

static const float red[4] = {1, 0, 0, 1};

enum { POS = 28, GEN0 = 32 };     /* attribute indices: byte address / 4 */
enum { TRIANGLES = 4, TRIANGLE_STRIP = 5, POINTS = 0 };

static bool open_bench(tmd_rects *e, void **state)
{
    if (ts_gles()) {
        printf("SKIP on OpenGL ES: transform feedback is desktop GL only here (GLSL ES has no xfb layout "
               "qualifiers, and glTransformFeedbackVaryings cannot place a layout's components)\n");
        return false;
    }
    if (!tmd_rects_open(e, *state, 1, "passthrough_vsh", "color_fsh", red))
        return false;
    memset(e->data + XFB, SENTINEL, 4 * 0x10000);
    return true;
}

/* Buffer b at XFB + 64 KiB b, `size` bytes, write pointer 0, `n`
 * components attr[] in a stride of `stride` bytes. */
static void buffer(tmd_rects *e, uint32_t b, uint32_t size, uint32_t n, const uint8_t *attr, uint32_t stride)
{
    const uint64_t va = DATA_VA + XFB + 0x10000u * b;
    tmd_set(e, 0x0380 + 32 * b, 1);                     /* SET_STREAM_OUT_BUFFER_ENABLE */
    tmd_set(e, 0x0384 + 32 * b, (uint32_t)(va >> 32));  /* ADDRESS_A */
    tmd_set(e, 0x0388 + 32 * b, (uint32_t)va);          /* ADDRESS_B */
    tmd_set(e, 0x038c + 32 * b, size);                  /* SIZE */
    tmd_set(e, 0x0390 + 32 * b, 0);                     /* LOAD_WRITE_POINTER */
    tmd_set(e, 0x0700 + 16 * b, 0);                     /* SET_STREAM_OUT_CONTROL_STREAM */
    tmd_set(e, 0x0704 + 16 * b, n);                     /* COMPONENT_COUNT */
    tmd_set(e, 0x0708 + 16 * b, stride);                /* STRIDE */
    uint8_t bytes[128] = {0};
    memcpy(bytes, attr, n);
    for (uint32_t j = 0; j < 32; j++) {
        uint32_t w = 0;
        memcpy(&w, bytes + 4 * j, 4); /* attribute 0 in bits 7:0 */
        tmd_set(e, 0x2800 + 128 * b + 4 * j, w);        /* SET_STREAM_OUT_LAYOUT_SELECT(b, j) */
    }
}

static void stream_output(tmd_rects *e, bool on)
{
    tmd_set(e, 0x0744, on); /* SET_STREAM_OUTPUT */
}

static void draw(tmd_rects *e, uint32_t first, uint32_t count, uint32_t topology)
{
    tmd_set(e, 0x1214, first | count << 16 | topology << 28); /* DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST */
}

static void report(tmd_rects *e, uint32_t slot, uint32_t rep, uint32_t sub)
{
    const uint64_t va = DATA_VA + REPORTS + 16u * slot;
    const uint32_t d[4] = {(uint32_t)(va >> 32), (uint32_t)va, 0x1234, 2u | sub << 5 | rep << 23};
    tm_inc(&e->pb, TM_SUB_3D, M(0x1b00), 4, d);
}

static uint32_t u32_at(const tmd_rects *e, uint32_t off)
{
    uint32_t v;
    memcpy(&v, e->data + off, 4);
    return v;
}

/* The test's model of vertex v's attribute index a: the values tmd_vertex
 * wrote (position x y z 1, colour), as raw bits; false for an attribute
 * passthrough_vsh does not write (a gap: the bytes stay). */
typedef struct vtx {
    float pos[4], col[4];
} vtx;

static bool model(const vtx *v, uint32_t a, uint32_t *bits)
{
    if (a >= POS && a < POS + 4)
        memcpy(bits, &v->pos[a - POS], 4);
    else if (a >= GEN0 && a < GEN0 + 4)
        memcpy(bits, &v->col[a - GEN0], 4);
    else
        return false;
    return true;
}

static void add_vertex(tmd_rects *e, vtx *list, uint32_t i, float x, float y, float z, const float c[4])
{
    tmd_vertex(e, x, y, z, c);
    list[i] = (vtx){{x, y, z, 1}, {c[0], c[1], c[2], c[3]}};
}

/* The bytes of `records` records of buffer b from record `from` on: each
 * component j as model() gives it for vertex order[k], gaps and the
 * stride's tail the sentinel. */
static void expect_records(const tmd_rects *e, uint32_t b, uint32_t at, const vtx *v, const uint32_t *order,
                           uint32_t records, uint32_t n, const uint8_t *attr, uint32_t stride)
{
    for (uint32_t k = 0; k < records; k++)
        for (uint32_t j = 0; j < stride / 4; j++) {
            const uint32_t off = XFB + 0x10000u * b + at + k * stride + 4 * j;
            uint32_t want = SENTINEL * 0x01010101u;
            if (j < n)
                model(&v[order[k]], attr[j], &want);
            const uint32_t got = u32_at(e, off);
            if (got != want)
                fail_msg("buffer %u record %u component %u (byte 0x%x): 0x%08x, want 0x%08x", b, at / stride + k, j,
                         off - XFB - 0x10000u * b, got, want);
        }
}

static void untouched(const tmd_rects *e, uint32_t b, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i < to; i++)
        if (e->data[XFB + 0x10000u * b + i] != SENTINEL)
            fail_msg("buffer %u byte 0x%x written (0x%02x)", b, i, e->data[XFB + 0x10000u * b + i]);
}

static const float green[4] = {0, 1, 0, 1}, blue[4] = {0.25f, 0.5f, 0.75f, 1};

/* Vertices 0-2: a triangle of three depths and colours. */
static void one_triangle(tmd_rects *e, vtx *v)
{
    add_vertex(e, v, 0, -0.5f, -0.5f, 0.25f, green);
    add_vertex(e, v, 1, 0.5f, -0.5f, 0.5f, blue);
    add_vertex(e, v, 2, 0.0f, 0.75f, -0.125f, red);
}

/* Position and colour of one triangle (3 records of 32 bytes), the
 * layout in the order the attributes are: 96 bytes, nothing past them. */
static void capture_position_and_colour(void **state)
{
    tmd_rects e;
    if (!open_bench(&e, state))
        skip();
    vtx v[3];
    one_triangle(&e, v);
    static const uint8_t attr[8] = {POS, POS + 1, POS + 2, POS + 3, GEN0, GEN0 + 1, GEN0 + 2, GEN0 + 3};
    buffer(&e, 0, 0x1000, 8, attr, 32);
    stream_output(&e, true);
    draw(&e, 0, 3, TRIANGLES);
    tmd_submit(&e, 1);
    static const uint32_t order[3] = {0, 1, 2};
    expect_records(&e, 0, 0, v, order, 3, 8, attr, 32);
    untouched(&e, 0, 96, 0x1000);
    assert_int_equal(e.gpu->render->stats.xfb_bytes, 96);
    tmd_rects_close(&e);
}

/* Whether records from..from+2 of buffer 0 (stride 16, 4 components)
 * are vertices a, b, c in some order: the order within a strip's odd
 * triangle, which keeps its winding, is the GL's to choose here. */
static void expect_triangle_any_order(const tmd_rects *e, uint32_t from, const vtx *v, const uint8_t *attr,
                                      const uint32_t want[3])
{
    bool used[3] = {false, false, false};
    for (uint32_t k = 0; k < 3; k++) {
        bool found = false;
        for (uint32_t i = 0; i < 3 && !found; i++) {
            if (used[i])
                continue;
            bool same = true;
            for (uint32_t j = 0; j < 4; j++) {
                uint32_t m = 0;
                model(&v[want[i]], attr[j], &m);
                same = same && u32_at(e, XFB + (from + k) * 16 + 4 * j) == m;
            }
            if (same)
                used[i] = found = true;
        }
        if (!found)
            fail_msg("record %u is none of the triangle's vertices %u %u %u", from + k, want[0], want[1], want[2]);
    }
}

/* Two draws append (the write pointer advances by what each wrote); a
 * strip of 4 is written as its 2 triangles, 6 records (GL 4.6 13.3: strips
 * are captured as independent primitives, as D3D's stream output does):
 * 3 4 5, then 4 5 6 in a winding-keeping order; STREAMING_BYTE_COUNT reads
 * the pointer; a LOAD_WRITE_POINTER of 0 (the value the register already
 * holds) starts the buffer again. */
static void draws_append(void **state)
{
    tmd_rects e;
    if (!open_bench(&e, state))
        skip();
    vtx v[7];
    add_vertex(&e, v, 0, -0.5f, -0.5f, 0, green);
    add_vertex(&e, v, 1, 0.5f, -0.5f, 0, blue);
    add_vertex(&e, v, 2, 0.0f, 0.75f, 0, red);
    add_vertex(&e, v, 3, -1, -1, 0.5f, blue);
    add_vertex(&e, v, 4, 1, -1, 0.5f, green);
    add_vertex(&e, v, 5, -1, 1, 0.5f, red);
    add_vertex(&e, v, 6, 1, 1, 0.5f, green);
    static const uint8_t attr[4] = {POS, POS + 1, GEN0, GEN0 + 1};
    buffer(&e, 0, 0x1000, 4, attr, 16);
    stream_output(&e, true);
    draw(&e, 0, 3, TRIANGLES);
    report(&e, 0, 0x1A, 0); /* STREAMING_BYTE_COUNT of buffer 0 */
    draw(&e, 3, 4, TRIANGLE_STRIP);
    report(&e, 1, 0x1A, 0);
    tmd_submit(&e, 2);
    static const uint32_t order[6] = {0, 1, 2, 3, 4, 5}, odd[3] = {4, 5, 6};
    expect_records(&e, 0, 0, v, order, 6, 4, attr, 16);
    expect_triangle_any_order(&e, 6, v, attr, odd);
    untouched(&e, 0, 9 * 16, 0x1000);
    /* u32 payload, u32 count (clb197.h; nvk's xfb counter save reads word 1) */
    assert_int_equal(u32_at(&e, REPORTS + 4), 3 * 16);
    assert_int_equal(u32_at(&e, REPORTS + 16 + 4), 9 * 16);
    /* loaded again with 0: the next draw writes from the start */
    tmd_set(&e, 0x0390, 0);
    draw(&e, 3, 3, TRIANGLES);
    report(&e, 2, 0x1A, 0);
    tmd_submit(&e, 1);
    static const uint32_t again[6] = {3, 4, 5, 3, 4, 5};
    expect_records(&e, 0, 0, v, again, 6, 4, attr, 16);
    expect_triangle_any_order(&e, 6, v, attr, odd);
    assert_int_equal(u32_at(&e, REPORTS + 32 + 4), 3 * 16);
    tmd_rects_close(&e);
}

/* Components reordered, a vector's components apart, a gap (attribute
 * index 0, which no vertex stage writes) and a stride past the last
 * component, in two buffers at once; buffer 2 enabled with no components
 * and buffer 3 disabled stay untouched. */
static void layout_gaps_and_order(void **state)
{
    tmd_rects e;
    if (!open_bench(&e, state))
        skip();
    vtx v[3];
    one_triangle(&e, v);
    static const uint8_t a0[6] = {GEN0 + 2, POS, 0, GEN0, GEN0 + 1, POS + 3};
    static const uint8_t a1[2] = {POS + 1, GEN0 + 3};
    buffer(&e, 0, 0x1000, 6, a0, 28);
    buffer(&e, 1, 0x1000, 2, a1, 8);
    buffer(&e, 2, 0x1000, 0, a1, 16);
    stream_output(&e, true);
    draw(&e, 0, 3, TRIANGLES);
    tmd_submit(&e, 1);
    static const uint32_t order[3] = {0, 1, 2};
    expect_records(&e, 0, 0, v, order, 3, 6, a0, 28);
    untouched(&e, 0, 3 * 28, 0x1000);
    expect_records(&e, 1, 0, v, order, 3, 2, a1, 8);
    untouched(&e, 1, 3 * 8, 0x1000);
    untouched(&e, 2, 0, 0x1000);
    untouched(&e, 3, 0, 0x1000);
    tmd_rects_close(&e);
}

/* A layout of gaps only (attribute index 0 twice: no vertex stage writes
 * it) records nothing, yet the triangle counts as written and the write
 * pointer moves by its 3 records of 8 bytes, the bytes as they were; no
 * GL error (GL's transform feedback would refuse a program with nothing to
 * record). */
static void gaps_only(void **state)
{
    tmd_rects e;
    if (!open_bench(&e, state))
        skip();
    vtx v[3];
    one_triangle(&e, v);
    static const uint8_t attr[2] = {0, 0};
    buffer(&e, 0, 0x1000, 2, attr, 8);
    stream_output(&e, true);
    draw(&e, 0, 3, TRIANGLES);
    report(&e, 0, 0x1A, 0);
    report(&e, 1, 0x0B, 0);
    tmd_submit(&e, 1);
    assert_int_equal(u32_at(&e, REPORTS + 4), 24);
    assert_int_equal(u32_at(&e, REPORTS + 16), 1);
    untouched(&e, 0, 0, 0x1000);
    tmd_rects_close(&e);
}

/* The streaming counters: a buffer with room for 2 triangles of 3 records
 * (SIZE 100 bytes of 16-byte records: 6 records, 96 bytes), 3 triangles
 * drawn: 2 written, 3 needed, so 1 missing; points after that find no room
 * at all. VTG_PRIMITIVES_OUT (SET_STATISTICS_COUNTER bit 10) counts them
 * all alongside. Reports: u64 count, u64 time. */
static void counters(void **state)
{
    tmd_rects e;
    if (!open_bench(&e, state))
        skip();
    vtx v[9];
    for (uint32_t i = 0; i < 9; i++)
        add_vertex(&e, v, i, -1 + 0.2f * (float)i, (i & 1) ? 0.5f : -0.5f, 0, (i % 3) ? green : blue);
    static const uint8_t attr[4] = {POS, POS + 1, POS + 2, POS + 3};
    buffer(&e, 0, 100, 4, attr, 16);
    tmd_set(&e, 0x0d68, 1u << 10); /* SET_STATISTICS_COUNTER VTG_PRIMITIVES_OUT */
    stream_output(&e, true);
    draw(&e, 0, 9, TRIANGLES);
    report(&e, 0, 0x0B, 0); /* STREAMING_PRIMITIVES_SUCCEEDED, stream 0 */
    report(&e, 1, 0x0D, 0); /* STREAMING_PRIMITIVES_NEEDED */
    report(&e, 2, 0x06, 0); /* NEEDED_MINUS_SUCCEEDED */
    report(&e, 3, 0x12, 0); /* VTG_PRIMITIVES_OUT */
    report(&e, 4, 0x1A, 0); /* the byte count */
    draw(&e, 0, 2, POINTS);
    report(&e, 5, 0x0B, 0);
    report(&e, 6, 0x0D, 0);
    report(&e, 7, 0x0B, 1); /* stream 1: nothing captured */
    report(&e, 8, 0x1E, 0); /* TOTAL_..._NEEDED_MINUS_SUCCEEDED */
    tmd_submit(&e, 2);
    assert_int_equal(u32_at(&e, REPORTS + 0), 2);
    assert_int_equal(u32_at(&e, REPORTS + 16), 3);
    assert_int_equal(u32_at(&e, REPORTS + 32), 1);
    assert_int_equal(u32_at(&e, REPORTS + 48), 3);
    assert_int_equal(u32_at(&e, REPORTS + 64 + 4), 96);
    assert_int_equal(u32_at(&e, REPORTS + 80), 2);
    assert_int_equal(u32_at(&e, REPORTS + 96), 5);
    assert_int_equal(u32_at(&e, REPORTS + 112), 0);
    assert_int_equal(u32_at(&e, REPORTS + 128), 3);
    static const uint32_t order[6] = {0, 1, 2, 3, 4, 5};
    expect_records(&e, 0, 0, v, order, 6, 4, attr, 16);
    untouched(&e, 0, 96, 0x1000);
    tmd_rects_close(&e);
}

/* A rectangle's 6 vertices captured with SET_RASTER_ENABLE FALSE (nothing
 * drawn, the target stays red), position into buffer 0 and colour into
 * buffer 1 (16-byte records), then drawn from those buffers with
 * DRAW_AUTO of the byte count the report gave (as a driver's macro loads
 * it), stride 16: the rectangle's pixels are green, the rest red. */
static void draw_auto_from_capture(void **state)
{
    tmd_rects e;
    if (!open_bench(&e, state))
        skip();
    const uint32_t first = tmd_rect(&e, 8, 4, 24, 20, 0, green, false);
    static const uint8_t pos[4] = {POS, POS + 1, POS + 2, POS + 3}, col[4] = {GEN0, GEN0 + 1, GEN0 + 2, GEN0 + 3};
    buffer(&e, 0, 0x1000, 4, pos, 16);
    buffer(&e, 1, 0x1000, 4, col, 16);
    stream_output(&e, true);
    tmd_set(&e, 0x037c, 0); /* SET_RASTER_ENABLE FALSE */
    draw(&e, first, 6, TRIANGLES);
    report(&e, 0, 0x1A, 0);
    tmd_submit(&e, 1);
    const uint32_t bytes = u32_at(&e, REPORTS + 4);
    assert_int_equal(bytes, 96);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++)
            assert_int_equal(e.rt[mwt_bl_offset(W * 4, H, 1, 0, x * 4, y, 0) + 1], 0); /* nothing drawn */
    stream_output(&e, false);
    tmd_set(&e, 0x037c, 1);
    for (uint32_t s = 0; s < 2; s++) {
        const uint64_t va = DATA_VA + XFB + 0x10000u * s;
        tmd_set(&e, 0x1c04 + s * 16, (uint32_t)(va >> 32)); /* SET_VERTEX_STREAM_A_LOCATION_A/B */
        tmd_set(&e, 0x1c08 + s * 16, (uint32_t)va);
        tmd_set(&e, 0x1f00 + s * 8, (uint32_t)((va + 0xFFF) >> 32)); /* LIMIT */
        tmd_set(&e, 0x1f04 + s * 8, (uint32_t)(va + 0xFFF));
    }
    tmd_set(&e, 0x13a4, 0);      /* SET_DRAW_AUTO_START */
    tmd_set(&e, 0x1318, 16);     /* SET_DRAW_AUTO_STRIDE */
    tmd_set(&e, 0x1618, TRIANGLES); /* BEGIN */
    tmd_set(&e, 0x123c, bytes);  /* DRAW_AUTO */
    tmd_set(&e, 0x1614, 0);      /* END */
    tmd_submit(&e, 1);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            const bool in = x >= 8 && x < 24 && y >= 4 && y < 20;
            const uint8_t *px = e.rt + mwt_bl_offset(W * 4, H, 1, 0, x * 4, y, 0);
            if (px[0] != (in ? 0 : 255) || px[1] != (in ? 255 : 0))
                fail_msg("(%u, %u) is %u %u %u, want %s", x, y, px[0], px[1], px[2], in ? "green" : "red");
        }
    tmd_rects_close(&e);
}

/* Without a geometry stage only stream 0 has vertices: a buffer on
 * stream 1 records nothing (its bytes and write pointer stay, stream 1's
 * counters 0) while the triangle is drawn; SET_RASTER_INPUT selecting
 * stream 1 is refused with the reason (GL rasterizes stream 0 only), and
 * the instance draws on after it. */
static void other_stream_without_geometry(void **state)
{
    tmd_rects e;
    if (!open_bench(&e, state))
        skip();
    vtx v[3];
    one_triangle(&e, v);
    static const uint8_t attr[1] = {POS};
    buffer(&e, 0, 0x1000, 1, attr, 4);
    tmd_set(&e, 0x0700, 1); /* SET_STREAM_OUT_CONTROL_STREAM 1 */
    stream_output(&e, true);
    draw(&e, 0, 3, TRIANGLES);
    report(&e, 0, 0x1A, 0);
    report(&e, 1, 0x0B, 1);
    report(&e, 2, 0x0D, 1);
    tmd_submit(&e, 1);
    assert_int_equal(u32_at(&e, REPORTS + 4), 0);
    assert_int_equal(u32_at(&e, REPORTS + 16), 0);
    assert_int_equal(u32_at(&e, REPORTS + 32), 0);
    untouched(&e, 0, 0, 0x1000);
    assert_int_equal(e.gpu->render->stats.draws, 1);
    tmd_set(&e, 0x0740, 1); /* SET_RASTER_INPUT STREAM_SELECT 1 */
    draw(&e, 0, 3, TRIANGLES);
    glhle_maxwell_run_result res;
    ts_log_clear();
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), GLHLE_RESULT_UNSUPPORTED);
    assert_true(ts_log_contains("SET_RASTER_INPUT rasterizes geometry stream 1"));
    tm_pb_free(&e.pb);
    tm_pb_init(&e.pb);
    tmd_set(&e, 0x0740, 0);
    tmd_set(&e, 0x0700, 0);
    draw(&e, 0, 3, TRIANGLES);
    tmd_submit(&e, 1);
    static const uint32_t order[3] = {0, 1, 2};
    expect_records(&e, 0, 0, v, order, 3, 1, attr, 4);
    tmd_rects_close(&e);
}

/* The target pixel (guest row y) at (x, y) */
static const uint8_t *pixel(const tmd_rects *e, uint32_t x, uint32_t y)
{
    return e->rt + mwt_bl_offset(W * 4, H, 1, 0, x * 4, y, 0);
}

/* Two geometry streams (tmd_streams_gs): each vertex of the triangle
 * becomes a point on stream 0 as it is and one on stream 1 with x and y
 * swapped and the colour reversed. Buffer 0 records stream 0 (position
 * and colour, 32 bytes), buffer 1 stream 1 (colour and x y, 24 bytes, room
 * for 5 records): the first draw writes 3 records to each; the second
 * finds room for 2 in buffer 1, so stream 1 writes 2 of its 3 points and
 * stream 0 all 3. The counters are per stream (SUB_REPORT the stream).
 * Only stream 0 is rasterized (SET_RASTER_INPUT 0): its points, each at a
 * pixel centre, take their colours; the swapped ones' pixels stay red. */
static void two_streams(void **state)
{
    tmd_rects e;
    if (!open_bench(&e, state))
        skip();
    tmc_shader gs;
    assert_true(tmd_streams_gs(&gs, 1));
    tmd_geometry_program(&e.pb, e.data, DATA_VA, &gs);
    static const uint32_t px[3][2] = {{4, 10}, {20, 6}, {12, 26}};
    static const float cyan[4] = {0, 0.5f, 1, 1};
    const float *col[3] = {green, blue, cyan};
    vtx v[3], sw[3];
    for (uint32_t i = 0; i < 3; i++) {
        const float x = ((float)px[i][0] + 0.5f) / 16 - 1, y = ((float)px[i][1] + 0.5f) / 16 - 1;
        add_vertex(&e, v, i, x, y, 0.25f * (float)i, col[i]);
        const float *c = col[i];
        sw[i] = (vtx){{y, x, v[i].pos[2], 1}, {c[3], c[2], c[1], c[0]}};
    }
    static const uint8_t a0[8] = {POS, POS + 1, POS + 2, POS + 3, GEN0, GEN0 + 1, GEN0 + 2, GEN0 + 3};
    static const uint8_t a1[6] = {GEN0, GEN0 + 1, GEN0 + 2, GEN0 + 3, POS, POS + 1};
    buffer(&e, 0, 0x1000, 8, a0, 32);
    buffer(&e, 1, 5 * 24 + 4, 6, a1, 24);
    tmd_set(&e, 0x0710, 1); /* buffer 1: SET_STREAM_OUT_CONTROL_STREAM 1 */
    stream_output(&e, true);
    draw(&e, 0, 3, TRIANGLES);
    report(&e, 0, 0x0B, 0); /* STREAMING_PRIMITIVES_SUCCEEDED, stream 0 */
    report(&e, 1, 0x0B, 1); /* stream 1 */
    report(&e, 2, 0x1A, 0); /* STREAMING_BYTE_COUNT, buffer 0 */
    report(&e, 3, 0x1A, 1);
    draw(&e, 0, 3, TRIANGLES);
    report(&e, 4, 0x0B, 0);
    report(&e, 5, 0x0B, 1);
    report(&e, 6, 0x0D, 1); /* STREAMING_PRIMITIVES_NEEDED, stream 1 */
    report(&e, 7, 0x06, 1); /* NEEDED_MINUS_SUCCEEDED, stream 1 */
    report(&e, 8, 0x06, 0);
    report(&e, 9, 0x1E, 0); /* TOTAL_NEEDED_MINUS_SUCCEEDED */
    report(&e, 10, 0x1A, 0);
    report(&e, 11, 0x1A, 1);
    report(&e, 12, 0x0D, 2); /* stream 2: nothing */
    tmd_submit(&e, 2);
    assert_int_equal(u32_at(&e, REPORTS + 0), 3);
    assert_int_equal(u32_at(&e, REPORTS + 16), 3);
    assert_int_equal(u32_at(&e, REPORTS + 32 + 4), 96);
    assert_int_equal(u32_at(&e, REPORTS + 48 + 4), 72);
    assert_int_equal(u32_at(&e, REPORTS + 64), 6);
    assert_int_equal(u32_at(&e, REPORTS + 80), 5);
    assert_int_equal(u32_at(&e, REPORTS + 96), 6);
    assert_int_equal(u32_at(&e, REPORTS + 112), 1);
    assert_int_equal(u32_at(&e, REPORTS + 128), 0);
    assert_int_equal(u32_at(&e, REPORTS + 144), 1);
    assert_int_equal(u32_at(&e, REPORTS + 160 + 4), 192);
    assert_int_equal(u32_at(&e, REPORTS + 176 + 4), 120);
    assert_int_equal(u32_at(&e, REPORTS + 192), 0);
    static const uint32_t order[6] = {0, 1, 2, 0, 1, 2};
    expect_records(&e, 0, 0, v, order, 6, 8, a0, 32);
    untouched(&e, 0, 6 * 32, 0x1000);
    expect_records(&e, 1, 0, sw, order, 5, 6, a1, 24);
    untouched(&e, 1, 5 * 24, 0x1000);
    for (uint32_t i = 0; i < 3; i++) {
        const uint8_t *p = pixel(&e, px[i][0], px[i][1]), *q = pixel(&e, px[i][1], px[i][0]);
        const uint8_t want[3] = {(uint8_t)(col[i][0] * 255 + 0.5f), (uint8_t)(col[i][1] * 255 + 0.5f),
                                 (uint8_t)(col[i][2] * 255 + 0.5f)};
        for (uint32_t c = 0; c < 3; c++)
            if (p[c] > want[c] + 1 || p[c] + 1 < want[c])
                fail_msg("stream 0 point %u at (%u, %u): %u %u %u, want %u %u %u", i, px[i][0], px[i][1], p[0], p[1],
                         p[2], want[0], want[1], want[2]);
        if (q[0] != 255 || q[1] != 0 || q[2] != 0)
            fail_msg("stream 1 point %u at (%u, %u) was rasterized: %u %u %u", i, px[i][1], px[i][0], q[0], q[1], q[2]);
    }
    uint32_t drawn = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++)
            drawn += pixel(&e, x, y)[0] != 255 || pixel(&e, x, y)[1] != 0;
    assert_int_equal(drawn, 3);
    /* without stream output the program (stream 1 emitting no outputs)
     * draws stream 0's points alone: the vertices made white */
    stream_output(&e, false);
    static const float white[4] = {1, 1, 1, 1};
    for (uint32_t i = 0; i < 3; i++)
        memcpy(e.data + TMD_VERTS + 0x1000 + 16 * i, white, 16);
    draw(&e, 0, 3, TRIANGLES);
    tmd_submit(&e, 1);
    drawn = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            const uint8_t *p = pixel(&e, x, y);
            drawn += p[0] == 255 && p[1] == 255 && p[2] == 255;
            if (p[1] != 0 && p[1] != 255)
                fail_msg("(%u, %u) is %u %u %u after the draw without stream output", x, y, p[0], p[1], p[2]);
        }
    assert_int_equal(drawn, 3);
    tmc_free(&gs);
    tmd_rects_close(&e);
}

/* With a geometry stage, the last vertex-pipeline stage is it: the
 * corpus' point_quad_gsh makes of each point a strip of 4 vertices
 * (its GLSL: corner i at c + (2 (i & 1) - 1, 2 (i >> 1) - 1) x 0.2, colour
 * (rgb, 1) x (0.6 + 0.1 i)), captured as its 2 triangles. Positions are
 * exact (c + +-0.2f, one rounding however it is compiled); colours within
 * 2 ulp-ish of the test's float arithmetic (the compiler may fuse it). */
static void geometry_stage_captured(void **state)
{
    tmd_rects e;
    if (!open_bench(&e, state))
        skip();
    tmc_shader gs;
    assert_true(tmc_load("point_quad_gsh", &gs));
    tmd_geometry_program(&e.pb, e.data, DATA_VA, &gs);
    vtx v[1];
    static const float c[4] = {0.5f, 0.25f, 0.75f, 1};
    add_vertex(&e, v, 0, 0.25f, -0.5f, 0.5f, c);
    static const uint8_t attr[8] = {POS, POS + 1, POS + 2, POS + 3, GEN0, GEN0 + 1, GEN0 + 2, GEN0 + 3};
    buffer(&e, 0, 0x1000, 8, attr, 32);
    stream_output(&e, true);
    draw(&e, 0, 1, POINTS);
    report(&e, 0, 0x0B, 0);
    tmd_submit(&e, 1);
    assert_int_equal(u32_at(&e, REPORTS), 2);
    float corner[4][8];
    for (uint32_t i = 0; i < 4; i++) {
        const float ox = (float)(i & 1) * 2.0f - 1.0f, oy = (float)(i >> 1) * 2.0f - 1.0f, k = 0.6f + 0.1f * (float)i;
        const float q[8] = {v[0].pos[0] + ox * 0.2f, v[0].pos[1] + oy * 0.2f, v[0].pos[2], v[0].pos[3],
                            c[0] * k, c[1] * k, c[2] * k, k};
        memcpy(corner[i], q, sizeof q);
    }
    /* triangle 0 is corners 0 1 2; triangle 1 is 1 2 3 in an order that keeps its winding */
    bool seen[4] = {false, false, false, false};
    for (uint32_t r = 0; r < 6; r++) {
        float got[8];
        memcpy(got, e.data + XFB + 32 * r, 32);
        int which = -1;
        for (uint32_t i = r < 3 ? r : 1; i < (r < 3 ? r + 1 : 4) && which < 0; i++) {
            bool same = memcmp(got, corner[i], 16) == 0;
            for (uint32_t j = 4; j < 8 && same; j++)
                same = got[j] > corner[i][j] - 1e-6f && got[j] < corner[i][j] + 1e-6f;
            if (same)
                which = (int)i;
        }
        if (which < 0)
            fail_msg("record %u (%g %g %g %g | %g %g %g %g) is not a corner the GLSL makes there", r, got[0], got[1],
                     got[2], got[3], got[4], got[5], got[6], got[7]);
        if (r >= 3) {
            if (seen[which])
                fail_msg("record %u repeats corner %d", r, which);
            seen[which] = true;
        }
    }
    untouched(&e, 0, 6 * 32, 0x1000);
    tmc_free(&gs);
    tmd_rects_close(&e);
}

/* Refusals leave the instance drawing: on ES every captured draw (the
 * reason said), on desktop GL a stride that is no multiple of 4. */
static void refusals(void **state)
{
    tmd_rects e;
    if (!tmd_rects_open(&e, *state, 1, "passthrough_vsh", "color_fsh", red))
        skip();
    memset(e.data + XFB, SENTINEL, 0x1000);
    vtx v[3];
    one_triangle(&e, v);
    static const uint8_t attr[1] = {POS};
    buffer(&e, 0, 0x1000, 1, attr, ts_gles() ? 4 : 6);
    stream_output(&e, true);
    draw(&e, 0, 3, TRIANGLES);
    glhle_maxwell_run_result res;
    ts_log_clear();
    assert_int_equal(tm_submit(e.gpu, &e.pb, &res), ts_gles() ? GLHLE_RESULT_UNSUPPORTED : GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains(ts_gles() ? "transform feedback on OpenGL ES" : "a stride of 6 bytes"));
    untouched(&e, 0, 0, 0x1000);
    tm_pb_free(&e.pb);
    tm_pb_init(&e.pb);
    stream_output(&e, false);
    draw(&e, 0, 3, TRIANGLES);
    tmd_submit(&e, 1);
    assert_int_equal(e.gpu->render->stats.draws, 1);
    tmd_rects_close(&e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(capture_position_and_colour),
        cmocka_unit_test(draws_append),
        cmocka_unit_test(layout_gaps_and_order),
        cmocka_unit_test(gaps_only),
        cmocka_unit_test(counters),
        cmocka_unit_test(draw_auto_from_capture),
        cmocka_unit_test(other_stream_without_geometry),
        cmocka_unit_test(two_streams),
        cmocka_unit_test(geometry_stage_captured),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
