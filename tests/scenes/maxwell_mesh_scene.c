/* The Maxwell indexed, lit mesh in sRGB (maxwell_mesh_scene.h). Methods are
 * clb197.h byte offsets / 4. */
#include "scenes/maxwell_mesh_scene.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scenes/maxwell_draw_scene.h"
#include "support/test_support.h"

#define M(byte_offset) ((byte_offset) / 4u)
#define G 7u                /* vertices a side */
#define VERTS (G * G)
#define STRIDE 32u
#define VERT_OFF 0x50000u   /* the interleaved stream */
#define IDX16_OFF 0x58000u
#define IDX32_OFF 0x5C000u
#define PB_OFF 0x80000u
#define STRIP_COUNT ((G - 1) * (2 * G) + (G - 2)) /* rows of 2G indices and a restart between */
#define LIST_FIRST 3u
#define LIST_COUNT ((G - 1) * (G - 1) * 6)
#define RESTART16 0xFFFFu
#define CLEAR_R 0.05f
#define CLEAR_G 0.1f
#define CLEAR_B 0.2f

/* MME words (envytools envydis/macro.c: op 2:0, assignment 6:4, exit 7,
 * dst 10:8, src A 13:11, imm18 31:14 for ADDI), as maxwell_scene.c has them */
enum { FETCH = 0, MOVE_MADDR = 2, MOVE_SEND = 4, FETCH_MADDR = 5 };
#define ADDI(a, d, s, i) (1u | (a) << 4 | (d) << 8 | (s) << 11 | ((uint32_t)(i) & 0x3FFFF) << 14)
#define EXIT (1u << 7)

/* "draw indexed": params topology (BEGIN's word), count, first ->
 * SET_INDEX_BUFFER_F = first, BEGIN = topology, DRAW_INDEX_BUFFER = count,
 * END = 0 */
static const uint32_t macro_draw_indexed[9] = {
    ADDI(FETCH_MADDR, 2, 0, M(0x17dc)), /* r2 = count; maddr = SET_INDEX_BUFFER_F */
    ADDI(FETCH, 3, 0, 0),              /* r3 = first */
    ADDI(MOVE_SEND, 0, 3, 0),          /* send first */
    ADDI(MOVE_MADDR, 0, 0, M(0x1618)), /* maddr = BEGIN */
    ADDI(MOVE_SEND, 0, 1, 0),          /* send topology (r1) */
    ADDI(MOVE_MADDR, 0, 0, M(0x17e0)), /* maddr = DRAW_INDEX_BUFFER */
    ADDI(MOVE_SEND, 0, 2, 0),          /* send count */
    ADDI(MOVE_MADDR, 0, 0, M(0x1614)) | EXIT, /* maddr = END */
    ADDI(MOVE_SEND, 0, 0, 0),          /* END = 0, in the delay slot */
};

typedef struct vertex {
    float pos[2], normal[3];
    uint8_t color[4]; /* RGBA8 UNORM */
    int8_t idx[4];    /* RGBA8 SINT */
    uint16_t flags[2]; /* RG16 UINT */
} vertex;

/* Grid vertex (i, j) of frame f: i across, j down. Inner vertices are
 * moved a little each frame; positions span inPos x in [-0.9, 0.9] and y
 * in [-1.8, 1.8], which attribs_vsh halves and moves by gl_InstanceID - 0.5
 * in x: instance 0 on the left half, 1 on the right. */
static void grid_vertex(uint32_t f, uint32_t i, uint32_t j, vertex *v)
{
    memset(v, 0, sizeof *v);
    const double fi = i, fj = j, ph = 0.8 * f;
    double x = -0.9 + 1.8 * fi / (G - 1), y = -1.8 + 3.6 * fj / (G - 1);
    if (i && j && i < G - 1 && j < G - 1) {
        x += 0.07 * sin(1.3 * fi + 2.1 * fj + ph);
        y += 0.12 * cos(1.7 * fi - 0.9 * fj + ph);
    }
    v->pos[0] = (float)x, v->pos[1] = (float)y;
    const double len = 1.5 + 0.5 * sin(fi * fj + ph); /* not unit: the shader normalises */
    v->normal[0] = (float)(len * sin(0.9 * fi + 0.5 * ph));
    v->normal[1] = (float)(len * cos(0.7 * fj + 0.3 * ph));
    v->normal[2] = (float)(len * 0.8);
    v->color[0] = (uint8_t)(60 + 12 * i), v->color[1] = (uint8_t)(60 + 25 * j);
    v->color[2] = (uint8_t)(200 - 12 * (i + j)), v->color[3] = (uint8_t)((i * 37 + j * 11 + f * 50) % 256);
    v->idx[0] = (int8_t)(i % 2), v->idx[1] = (int8_t)(j % 2), v->idx[2] = (int8_t)-(int)((i + j) % 2);
    v->idx[3] = (int8_t)((i * j + f) % 2);
    v->flags[0] = (uint16_t)(0x10 * ((i * 3 + j + f) % 4) + 0x0F); /* the low nibble is masked off */
    v->flags[1] = (uint16_t)(((i + 2 * j) % 5) << 4 | 0x7);        /* and shifted out */
}

static uint32_t vid(uint32_t i, uint32_t j)
{
    return j * G + i;
}

bool tm_mesh_available(void)
{
    return tmc_dir() != NULL;
}

static void set(tm_pb *pb, uint32_t byte_offset, uint32_t v)
{
    tm_set1(pb, TM_SUB_3D, M(byte_offset), v);
}

static void index_buffer(tm_pb *pb, uint64_t va, uint32_t bytes, uint32_t size_code)
{
    set(pb, 0x17c8, (uint32_t)(va >> 32)); /* SET_INDEX_BUFFER_A/B: address */
    set(pb, 0x17cc, (uint32_t)va);
    set(pb, 0x17d0, (uint32_t)((va + bytes - 1) >> 32)); /* _C/_D: the last valid byte */
    set(pb, 0x17d4, (uint32_t)(va + bytes - 1));
    set(pb, 0x17d8, size_code); /* _E: 0 one byte, 1 two, 2 four */
}

static void setup(tm_pb *pb, uint8_t *data, const tmc_shader *vs, const tmc_shader *fs)
{
    tm_bind_all(pb);
    /* the macro: code pointer, code words, start-address pointer, start address */
    set(pb, 0x0114, 0);
    tm_noninc(pb, TM_SUB_3D, M(0x0118), 9, macro_draw_indexed);
    set(pb, 0x011c, 0);
    set(pb, 0x0120, 0);
    tmd_target(pb, TM_MESH_RT_VA, TM_MESH_W, TM_MESH_H, 0xD6 /* A8B8G8R8_SRGB */);
    set(pb, 0x15b8, 1); /* SET_SRGB_WRITE: encode on write (GL_FRAMEBUFFER_SRGB) */
    tmd_programs(pb, data, TM_MESH_DATA_VA, vs, fs);
    /* one stream, five attributes: SET_VERTEX_ATTRIBUTE_A stream 4:0,
     * offset 20:7, COMPONENT_BIT_WIDTHS 26:21, NUMERICAL_TYPE 29:27 */
    const uint32_t attr[5] = {
        0u | 0u << 7 | 0x04u << 21 | 7u << 27,  /* R32_G32 FLOAT */
        0u | 8u << 7 | 0x02u << 21 | 7u << 27,  /* R32_G32_B32 FLOAT */
        0u | 20u << 7 | 0x0Au << 21 | 2u << 27, /* R8_G8_B8_A8 UNORM */
        0u | 24u << 7 | 0x0Au << 21 | 3u << 27, /* R8_G8_B8_A8 SINT */
        0u | 28u << 7 | 0x0Fu << 21 | 4u << 27, /* R16_G16 UINT */
    };
    tm_inc(pb, TM_SUB_3D, M(0x1160), 5, attr);
    const uint64_t sva = TM_MESH_DATA_VA + VERT_OFF;
    const uint32_t stream[3] = {STRIDE | 1u << 12, (uint32_t)(sva >> 32), (uint32_t)sva};
    tm_inc(pb, TM_SUB_3D, M(0x1c00), 3, stream); /* VERTEX_STREAM_A_FORMAT, LOCATION_A/B */
    const uint64_t last = sva + VERTS * STRIDE - 1;
    const uint32_t limit[2] = {(uint32_t)(last >> 32), (uint32_t)last};
    tm_inc(pb, TM_SUB_3D, M(0x1f00), 2, limit); /* VERTEX_STREAM_LIMIT_A/B */
}

static void write_frame_data(uint32_t f, uint8_t *data)
{
    for (uint32_t j = 0; j < G; j++)
        for (uint32_t i = 0; i < G; i++) {
            vertex v;
            grid_vertex(f, i, j, &v);
            uint8_t *o = data + VERT_OFF + (size_t)vid(i, j) * STRIDE;
            memcpy(o, v.pos, 8);
            memcpy(o + 8, v.normal, 12);
            memcpy(o + 20, v.color, 4);
            memcpy(o + 24, v.idx, 4);
            memcpy(o + 28, v.flags, 4);
        }
    if (f == 0) {
        /* row j's strip: (i, j), (i, j + 1) for i = 0.. */
        uint16_t idx[STRIP_COUNT];
        uint32_t n = 0;
        for (uint32_t j = 0; j + 1 < G; j++) {
            if (j)
                idx[n++] = RESTART16;
            for (uint32_t i = 0; i < G; i++) {
                idx[n++] = (uint16_t)vid(i, j);
                idx[n++] = (uint16_t)vid(i, j + 1);
            }
        }
        memcpy(data + IDX16_OFF, idx, sizeof idx);
    } else {
        /* three leading indices the draw skips (first 3), then two triangles
         * a quad split along (i, j)-(i + 1, j + 1) */
        uint32_t idx[LIST_FIRST + LIST_COUNT];
        uint32_t n = 0;
        for (; n < LIST_FIRST; n++)
            idx[n] = 0x7FFFFFFFu; /* out of the stream: read only if the first is ignored */
        for (uint32_t j = 0; j + 1 < G; j++)
            for (uint32_t i = 0; i + 1 < G; i++) {
                const uint32_t a = vid(i, j), b = vid(i + 1, j), c = vid(i, j + 1), d = vid(i + 1, j + 1);
                idx[n++] = a, idx[n++] = b, idx[n++] = d;
                idx[n++] = a, idx[n++] = d, idx[n++] = c;
            }
        memcpy(data + IDX32_OFF, idx, sizeof idx);
    }
}

static void draw(tm_pb *pb, uint32_t topology, uint32_t count, uint32_t first)
{
    /* deko3d's CallMacro: increase-once from CALL_MME_MACRO(0) to CALL_MME_DATA(0);
     * BEGIN's INSTANCE_ID 27:26 FIRST then SUBSEQUENT */
    for (uint32_t inst = 0; inst < 2; inst++) {
        const uint32_t p[3] = {topology | (inst ? 1u << 26 : 0), count, first};
        tm_oneinc(pb, TM_SUB_3D, 0xE00, 3, p);
    }
}

void tm_mesh_run(glhle_maxwell *gpu, uint8_t *rt, uint8_t *data, tm_mesh_frame_fn on_frame, void *user)
{
    tmc_shader vs, fs;
    assert_true(tmc_load("attribs_vsh", &vs));
    assert_true(tmc_load("color_fsh", &fs));
    memset(rt, 0, TM_MESH_MEM);
    memset(data, 0, TM_MESH_MEM);
    assert_int_equal(glhle_maxwell_map(gpu, TM_MESH_RT_VA, rt, TM_MESH_MEM, GLHLE_MAXWELL_KIND_GENERIC_16BX2),
                     GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, TM_MESH_DATA_VA, data, TM_MESH_MEM, GLHLE_MAXWELL_KIND_PITCH),
                     GLHLE_RESULT_OK);
    for (uint32_t f = 0; f < TM_MESH_FRAMES; f++) {
        tm_pb pb;
        tm_pb_init(&pb);
        if (f == 0)
            setup(&pb, data, &vs, &fs);
        write_frame_data(f, data);
        const uint32_t c[4] = {tm_u(CLEAR_R), tm_u(CLEAR_G), tm_u(CLEAR_B), tm_u(1.0f)};
        tm_inc(&pb, TM_SUB_3D, M(0x0d80), 4, c); /* SET_COLOR_CLEAR_VALUE */
        set(&pb, 0x19d0, 0x3C);                  /* CLEAR_SURFACE: R, G, B, A */
        if (f == 0) {
            index_buffer(&pb, TM_MESH_DATA_VA + IDX16_OFF, STRIP_COUNT * 2, 1);
            set(&pb, 0x1644, 1);         /* SET_DA_PRIMITIVE_RESTART */
            set(&pb, 0x1648, RESTART16); /* SET_DA_PRIMITIVE_RESTART_INDEX */
            draw(&pb, 5 /* TRIANGLE_STRIP */, STRIP_COUNT, 0);
        } else {
            index_buffer(&pb, TM_MESH_DATA_VA + IDX32_OFF, (LIST_FIRST + LIST_COUNT) * 4, 2);
            set(&pb, 0x1644, 0);
            draw(&pb, 4 /* TRIANGLES */, LIST_COUNT, LIST_FIRST);
        }
        assert_true(pb.n * 4u <= TM_MESH_MEM - PB_OFF);
        for (uint32_t i = 0; i < pb.n; i++)
            for (int b = 0; b < 4; b++)
                data[PB_OFF + i * 4 + (uint32_t)b] = (uint8_t)(pb.w[i] >> (8 * b));
        /* GP_ENTRY0 address bits 31:2, GP_ENTRY1 address bits 39:32 and
         * LENGTH in words at 30:10 (clb06f.h) */
        const uint64_t va = TM_MESH_DATA_VA + PB_OFF;
        const uint64_t entry = (uint64_t)(uint32_t)va | ((uint64_t)((uint32_t)(va >> 32) | pb.n << 10) << 32);
        glhle_maxwell_run_result res;
        assert_int_equal(glhle_maxwell_submit_gpfifo(gpu, &entry, 1, &res), GLHLE_RESULT_OK);
        assert_int_equal(res.draws, 2);
        glhle_maxwell_present_desc pd = {0};
        pd.surface = (glhle_maxwell_surface){.va = TM_MESH_RT_VA, .format = 0xD6, .width = TM_MESH_W,
                                             .height = TM_MESH_H, .block_height_log2 = 1};
        assert_int_equal(glhle_maxwell_present(gpu, &pd), GLHLE_RESULT_OK);
        tm_pb_free(&pb);
        if (on_frame)
            on_frame(user, gpu, f);
    }
    tmc_free(&vs);
    tmc_free(&fs);
}

/* ---- the CPU model ---- */

uint8_t tm_mesh_srgb8(double c)
{
    c = c < 0 ? 0 : c > 1 ? 1 : c;
    const double e = c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055;
    return (uint8_t)lrint(e * 255);
}

typedef struct mv {
    double x, y;   /* target pixels, rows down */
    double out[4]; /* attribs_vsh's outColor */
} mv;

/* attribs_vsh at grid vertex (i, j), instance `inst`, from the values the
 * vertex holds (the floats and integers written to memory) */
static void shade(uint32_t f, uint32_t i, uint32_t j, uint32_t inst, mv *o)
{
    vertex v;
    grid_vertex(f, i, j, &v);
    const double ndc_x = (double)v.pos[0] * 0.5 + ((double)inst - 0.5), ndc_y = (double)v.pos[1] * 0.5;
    /* tmd_target's viewport: scale and offset W/2, H/2 */
    o->x = (ndc_x * 0.5 + 0.5) * TM_MESH_W;
    o->y = (ndc_y * 0.5 + 0.5) * TM_MESH_H;
    const double n[3] = {v.normal[0], v.normal[1], v.normal[2]};
    const double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    const double fi = (double)(v.idx[0] + v.idx[1] * 2 - v.idx[2]) * 0.125 + (double)v.idx[3] * 0.0625;
    const uint32_t fl = (v.flags[0] & 0xF0u) | (uint32_t)(v.flags[1] >> 4);
    const double add[3] = {fi, fl / 255.0, 0};
    for (int k = 0; k < 3; k++)
        o->out[k] = v.color[k] / 255.0 * fabs(n[k] / len) + add[k];
    o->out[3] = (double)vid(i, j) * 0.25 + v.color[3] / 255.0 * 0.25;
}

static double seg_dist(const mv *a, const mv *b, double px, double py)
{
    const double dx = b->x - a->x, dy = b->y - a->y, l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? ((px - a->x) * dx + (py - a->y) * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(px - (a->x + t * dx), py - (a->y + t * dy));
}

void tm_mesh_model(uint32_t f, uint32_t scale, uint8_t *rgba, uint8_t *edge, uint32_t *lit)
{
    mv v[2][VERTS];
    for (uint32_t inst = 0; inst < 2; inst++)
        for (uint32_t j = 0; j < G; j++)
            for (uint32_t i = 0; i < G; i++)
                shade(f, i, j, inst, &v[inst][vid(i, j)]);
    /* the triangles each frame draws, from the grid: frame 0's strips split
     * each quad along (i + 1, j)-(i, j + 1), frame 1's list along
     * (i, j)-(i + 1, j + 1) */
    enum { TRIS = (G - 1) * (G - 1) * 2 };
    uint32_t tri[TRIS][3];
    uint32_t nt = 0;
    for (uint32_t j = 0; j + 1 < G; j++)
        for (uint32_t i = 0; i + 1 < G; i++) {
            const uint32_t a = vid(i, j), b = vid(i + 1, j), c = vid(i, j + 1), d = vid(i + 1, j + 1);
            if (f == 0) {
                tri[nt][0] = a, tri[nt][1] = c, tri[nt][2] = b, nt++;
                tri[nt][0] = c, tri[nt][1] = b, tri[nt][2] = d, nt++;
            } else {
                tri[nt][0] = a, tri[nt][1] = b, tri[nt][2] = d, nt++;
                tri[nt][0] = a, tri[nt][1] = d, tri[nt][2] = c, nt++;
            }
        }
    /* the outline of each mesh: its border vertices in order */
    uint32_t ring[4 * (G - 1)];
    uint32_t nr = 0;
    for (uint32_t i = 0; i + 1 < G; i++)
        ring[nr++] = vid(i, 0);
    for (uint32_t j = 0; j + 1 < G; j++)
        ring[nr++] = vid(G - 1, j);
    for (uint32_t i = G - 1; i > 0; i--)
        ring[nr++] = vid(i, G - 1);
    for (uint32_t j = G - 1; j > 0; j--)
        ring[nr++] = vid(0, j);
    const uint8_t clear[4] = {tm_mesh_srgb8(CLEAR_R), tm_mesh_srgb8(CLEAR_G), tm_mesh_srgb8(CLEAR_B), 255};
    const uint32_t w = TM_MESH_W * scale, h = TM_MESH_H * scale;
    *lit = 0;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            const double px = (x + 0.5) / scale, py = (y + 0.5) / scale;
            uint8_t *o = rgba + ((size_t)y * w + x) * 4;
            memcpy(o, clear, 4);
            bool near = false;
            for (uint32_t inst = 0; inst < 2; inst++) {
                for (uint32_t k = 0; k < nr && !near; k++)
                    near = seg_dist(&v[inst][ring[k]], &v[inst][ring[(k + 1) % nr]], px, py) < 1.0 / scale;
                for (uint32_t t = 0; t < nt; t++) {
                    const mv *a = &v[inst][tri[t][0]], *b = &v[inst][tri[t][1]], *d = &v[inst][tri[t][2]];
                    const double area = (b->x - a->x) * (d->y - a->y) - (b->y - a->y) * (d->x - a->x);
                    const double w0 = ((b->x - px) * (d->y - py) - (b->y - py) * (d->x - px)) / area;
                    const double w1 = ((d->x - px) * (a->y - py) - (d->y - py) * (a->x - px)) / area;
                    const double w2 = 1 - w0 - w1;
                    if (w0 < 0 || w1 < 0 || w2 < 0)
                        continue;
                    /* smooth: perspective-correct with w = 1, so linear in
                     * the window; then the unorm clamp; RGB encoded, alpha
                     * linear */
                    double c[4];
                    for (int k = 0; k < 4; k++) {
                        c[k] = w0 * a->out[k] + w1 * b->out[k] + w2 * d->out[k];
                        c[k] = c[k] < 0 ? 0 : c[k] > 1 ? 1 : c[k];
                    }
                    for (int k = 0; k < 3; k++)
                        o[k] = tm_mesh_srgb8(c[k]);
                    o[3] = (uint8_t)lrint(c[3] * 255);
                    (*lit)++;
                    break;
                }
            }
            edge[(size_t)y * w + x] = near;
        }
}
