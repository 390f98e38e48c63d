/* Vertex fetch by GL on the GPU vertex path (issue 18) against the CPU
 * loader: random attribute layouts (byte, ubyte, short and float
 * attributes of 1-4 components in one to three buffers, in random order
 * with padding components, strides with slack, a buffer of stride 0,
 * fixed attributes, attributes past the loaders' count), drawn as arrays
 * with a vertex offset or through u8 and u16 index buffers, as lists,
 * strips and fans, draws that continue the strip of the draw before
 * (no RESTART_PRIMITIVE between them) and immediate-mode vertices between
 * draws. Each case is drawn by two instances over the same command list
 * and guest memory: one whose interpreter shades the vertices the CPU
 * loader converts (pica_vertex_load, the reference), one whose translated
 * program reads the attributes GL fetches from the guest bytes. The
 * pictures must be equal to the bit, and the GPU instance must have
 * fetched (pica_rasterizer_stats.fetch_draws).
 *
 * The program: o0 = v0 * c3 + c4 (position: integers scaled from pixels,
 * floats in clip space), o1 = c0 * v1 + c1 * v2 + c2 * v3 (the colour, so
 * that every attribute shows), with c0-c2 chosen per attribute type so
 * the colours spread over [0, 1].
 *
 *   GLHLE_TEST_SEED=N              replays a run
 *   GLHLE_PICA_FETCH_CASES=N       cases (default 48) */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/pica/draw/rasterizer.h"
#include "backend/pica/pica_instance.h"
#include "support/pica_draw_support.h"

#define W 64
#define H 64
#define NV 96          /* vertices in the buffers */
#define NATTR 4
#define BUF_STRIDE 0x4000u /* the buffers lie this far apart from PD_VERTICES */

typedef struct attr_layout {
    uint8_t type, comps; /* PICA_ATTRIB_* code, 1-4 */
    int8_t buffer;       /* -1: fixed */
    uint8_t offset;      /* in the buffer's vertex (the layout rule below) */
} attr_layout;

typedef struct draw_op {
    uint8_t kind;   /* 0 array, 1 u8 indices, 2 u16 indices, 3 immediate vertices */
    uint8_t mode;   /* 0 list, 1 strip, 2 fan */
    bool restart;   /* RESTART_PRIMITIVE before it */
    uint32_t count, first;
} draw_op;

typedef struct fetch_case {
    attr_layout a[NATTR];
    uint32_t attrib_count; /* attributes the loaders know (ATTRIBBUFFERS_FORMAT_HIGH) */
    uint32_t nbuf;
    uint32_t comp_list[3][12], ncomp[3], stride[3];
    float fixed[NATTR][4];
    float unif[5][4];
    uint32_t ndraws;
    draw_op d[4];
    uint8_t idx8[4][NV];
    uint16_t idx16[4][NV];
    float imm[8][NATTR][4];
} fetch_case;

static const uint8_t elem_size[4] = {1, 1, 2, 4};

static uint32_t align_up(uint32_t v, uint32_t a)
{
    return (v + a - 1) & ~(a - 1);
}

static float rnd_unit(ts_rng *r)
{
    return (float)ts_rng_below(r, 2001) / 1000.0f - 1.0f;
}

/* A random layout: attribute 0 (position) first in buffer 0; the others in
 * random buffers, fixed, or (past attrib_count) not loaded at all. Offsets
 * as 3dbrew GPU/Pitfalls gives them: each attribute aligned to its element
 * size, padding components (codes 0xC-0xF, 4-16 bytes) to 4. */
static void random_layout(ts_rng *r, fetch_case *c)
{
    c->nbuf = 1 + ts_rng_below(r, 3);
    c->attrib_count = 2 + ts_rng_below(r, 3); /* 2-4 */
    for (unsigned i = 0; i < NATTR; i++) {
        attr_layout *a = &c->a[i];
        a->type = (uint8_t)ts_rng_below(r, 4);
        a->comps = (uint8_t)(1 + ts_rng_below(r, 4));
        if (i == 0) {
            a->comps = (uint8_t)(2 + ts_rng_below(r, 3));
            a->buffer = 0;
        } else {
            a->buffer = ts_rng_below(r, 5) == 0 ? -1 : (int8_t)ts_rng_below(r, c->nbuf);
        }
        for (int k = 0; k < 4; k++)
            c->fixed[i][k] = rnd_unit(r);
    }
    for (uint32_t b = 0; b < c->nbuf; b++) {
        c->ncomp[b] = 0;
        uint32_t offset = 0;
        for (unsigned i = 0; i < c->attrib_count; i++) {
            if (c->a[i].buffer != (int8_t)b)
                continue;
            if (i != 0 && ts_rng_below(r, 3) == 0) { /* padding before it */
                uint32_t pad = ts_rng_below(r, 4);
                offset = align_up(offset, 4) + 4 * (pad + 1);
                c->comp_list[b][c->ncomp[b]++] = 0xC + pad;
            }
            offset = align_up(offset, elem_size[c->a[i].type]);
            c->a[i].offset = (uint8_t)offset;
            offset += elem_size[c->a[i].type] * c->a[i].comps;
            c->comp_list[b][c->ncomp[b]++] = i;
        }
        /* buffer 2 (when there is one and it is not buffer 0) may have stride 0: every vertex reads the same bytes */
        c->stride[b] = b == 2 && ts_rng_below(r, 2) ? 0 : align_up(offset, 4) + 4 * ts_rng_below(r, 3);
        if (c->stride[b] == 0 && offset == 0)
            c->stride[b] = 4;
    }
    /* colour scales per type so that the sum stays in about [-1, 1] */
    static const float scale[4] = {1.0f / 384, 1.0f / 765, 1.0f / 98304, 1.0f / 3};
    for (unsigned i = 1; i < NATTR; i++)
        for (int k = 0; k < 4; k++)
            c->unif[i - 1][k] = scale[c->a[i].type] * (ts_rng_below(r, 2) ? 1.0f : -1.0f);
    if (c->a[0].type == PICA_ATTRIB_FLOAT) { /* clip space as written */
        const float s[4] = {1, 1, 1, 1}, o[4] = {0, 0, 0, 0};
        memcpy(c->unif[3], s, sizeof s);
        memcpy(c->unif[4], o, sizeof o);
    } else { /* pixels, z and w from the offset */
        const float s[4] = {2.0f / W, 2.0f / H, 0, 0}, o[4] = {-1, -1, -0.5f, 1};
        memcpy(c->unif[3], s, sizeof s);
        memcpy(c->unif[4], o, sizeof o);
    }
    if (c->a[0].comps < 4 && c->a[0].type == PICA_ATTRIB_FLOAT)
        c->a[0].comps = 4;
}

/* One component of attribute i of vertex v into guest memory. */
static void put_comp(uint8_t *p, uint8_t type, float v)
{
    switch (type) {
    case PICA_ATTRIB_BYTE: *(int8_t *)p = (int8_t)v; break;
    case PICA_ATTRIB_UBYTE: *p = (uint8_t)v; break;
    case PICA_ATTRIB_SHORT: { int16_t s = (int16_t)v; memcpy(p, &s, 2); break; }
    default: memcpy(p, &v, 4); break;
    }
}

static float rnd_value(ts_rng *r, uint8_t type, bool position, int comp)
{
    if (position) {
        if (type == PICA_ATTRIB_FLOAT)
            return comp == 2 ? -0.5f : comp == 3 ? 1.0f : pd_clip_coord((float)ts_rng_below(r, W + 1), W);
        return (float)ts_rng_below(r, type == PICA_ATTRIB_BYTE ? 64 : W + 1);
    }
    switch (type) {
    case PICA_ATTRIB_BYTE: return (float)((int)ts_rng_below(r, 256) - 128);
    case PICA_ATTRIB_UBYTE: return (float)ts_rng_below(r, 256);
    case PICA_ATTRIB_SHORT: return (float)((int)ts_rng_below(r, 65536) - 32768);
    default: return rnd_unit(r) * 1.5f;
    }
}

static void random_case(ts_rng *r, fetch_case *c, pd_env *envs[2])
{
    memset(c, 0, sizeof *c);
    random_layout(r, c);
    /* the buffers: random bytes (padding and slack), then the attributes */
    static uint8_t bytes[3][BUF_STRIDE];
    for (uint32_t b = 0; b < 3; b++)
        for (uint32_t k = 0; k < BUF_STRIDE; k++)
            bytes[b][k] = (uint8_t)ts_rng_u32(r);
    for (unsigned i = 0; i < c->attrib_count; i++) {
        const attr_layout *a = &c->a[i];
        if (a->buffer < 0)
            continue;
        const uint32_t stride = c->stride[a->buffer];
        for (uint32_t v = 0; v < (stride ? NV : 1u); v++)
            for (int k = 0; k < a->comps; k++)
                put_comp(&bytes[a->buffer][v * stride + a->offset + k * elem_size[a->type]], a->type,
                         rnd_value(r, a->type, i == 0, k));
    }
    for (int e = 0; e < 2; e++)
        for (uint32_t b = 0; b < 3; b++)
            memcpy(pd_mem(envs[e], PD_VERTICES + b * BUF_STRIDE), bytes[b], BUF_STRIDE);
    c->ndraws = 1 + ts_rng_below(r, 4);
    for (uint32_t d = 0; d < c->ndraws; d++) {
        draw_op *op = &c->d[d];
        op->kind = (uint8_t)ts_rng_below(r, d ? 4 : 3);
        op->mode = (uint8_t)ts_rng_below(r, 3);
        op->restart = d == 0 || ts_rng_below(r, 2);
        op->count = op->kind == 3 ? 1 + ts_rng_below(r, 8) : 1 + ts_rng_below(r, 40);
        op->first = ts_rng_below(r, NV - op->count + 1);
        for (uint32_t k = 0; k < op->count; k++) {
            c->idx8[d][k] = (uint8_t)ts_rng_below(r, NV);
            c->idx16[d][k] = (uint16_t)ts_rng_below(r, NV);
        }
        if (op->kind == 3)
            for (uint32_t k = 0; k < op->count; k++)
                for (unsigned i = 0; i < NATTR; i++)
                    for (int q = 0; q < 4; q++)
                        c->imm[k][i][q] = i == 0 ? rnd_value(r, PICA_ATTRIB_FLOAT, true, q) : rnd_unit(r) * 200.0f;
    }
    for (int e = 0; e < 2; e++)
        for (uint32_t d = 0; d < c->ndraws; d++) {
            memcpy(pd_mem(envs[e], PD_INDICES + d * 0x1000u), c->idx8[d], NV);
            memcpy(pd_mem(envs[e], PD_INDICES + d * 0x1000u + 0x800u), c->idx16[d], NV * 2);
        }
}

static void f24x4(tp_cmdbuf *b, uint32_t reg, const float v[4])
{
    uint32_t raw[4], packed[3];
    for (int k = 0; k < 4; k++)
        raw[k] = glhle_float_to_f24(v[k]);
    tp_pack_f24x4(raw, packed);
    tp_cmd(b, reg, 0xF, true, packed, 3);
}

/* MUL/ADD in format 1 (3dbrew GPU/Shader_Instruction_Set): opcode 31-26,
 * destination 25-21, source 1 18-12, source 2 11-7, descriptor 6-0. */
static uint32_t op1(uint32_t op, uint32_t dst, uint32_t s1, uint32_t s2)
{
    return op << 26 | dst << 21 | s1 << 12 | s2 << 7;
}

static void build(tp_cmdbuf *b, const fetch_case *c)
{
    tp_cmd_init(b);
    pd_target(b, PD_COLOR, 0, 0, 3, W, H);
    pd_tev_replace(b, 0, 0);
    /* output map: o0 position, o1 colour */
    tp_cmd(b, 0x04F, 0xF, true, (const uint32_t[3]){2, 0x03020100, 0x0B0A0908}, 3);
    tp_cmd1(b, 0x064, 1);
    tp_cmd1(b, 0x06F, 0x00000003u);
    /* attributes: formats, fixed mask, the loaders' count */
    uint32_t lo = 0, hi = 0, fixed = 0;
    for (unsigned i = 0; i < NATTR; i++) {
        lo |= (uint32_t)(c->a[i].type | (c->a[i].comps - 1) << 2) << (4 * i);
        if (c->a[i].buffer < 0)
            fixed |= 1u << i;
    }
    hi = fixed << 16 | (c->attrib_count - 1) << 28;
    tp_cmd1(b, 0x200, PD_VERTICES >> 3);
    tp_cmd(b, 0x201, 0xF, true, (const uint32_t[2]){lo, hi}, 2);
    for (uint32_t k = 0; k < 12; k++) {
        uint32_t cfg1 = 0, cfg2 = 0, offset = 0;
        if (k < c->nbuf) {
            for (uint32_t q = 0; q < c->ncomp[k] && q < 8; q++)
                cfg1 |= c->comp_list[k][q] << (4 * q);
            cfg2 = c->ncomp[k] << 28 | c->stride[k] << 16;
            offset = k * BUF_STRIDE;
        }
        tp_cmd(b, 0x203 + 3 * k, 0xF, true, (const uint32_t[3]){offset, cfg1, cfg2}, 3);
    }
    for (unsigned i = 0; i < NATTR; i++)
        if (c->a[i].buffer < 0) {
            tp_cmd1(b, 0x232, i);
            f24x4(b, 0x233, c->fixed[i]);
        }
    /* shader unit: four inputs v0-v3, two outputs */
    tp_cmd1(b, 0x242, NATTR - 1);
    tp_cmd1(b, 0x2B9, 0xA0000000u | (NATTR - 1));
    tp_cmd(b, 0x2BB, 0xF, true, (const uint32_t[2]){0x76543210, 0xFEDCBA98}, 2);
    tp_cmd1(b, 0x2BD, 0x3);
    tp_cmd1(b, 0x24A, 1);
    tp_cmd1(b, 0x251, 1);
    tp_cmd(b, 0x25E, 0x1, false, (const uint32_t[1]){1}, 1);
    const uint32_t code[] = {
        op1(0x08, 0x10, 0x20, 0x01), /* mul r0, c0, v1 */
        op1(0x08, 0x11, 0x21, 0x02), /* mul r1, c1, v2 */
        op1(0x00, 0x10, 0x10, 0x11), /* add r0, r0, r1 */
        op1(0x08, 0x11, 0x22, 0x03), /* mul r1, c2, v3 */
        op1(0x00, 0x01, 0x10, 0x11), /* add o1, r0, r1 */
        op1(0x08, 0x12, 0x23, 0x00), /* mul r2, c3, v0 */
        op1(0x00, 0x00, 0x24, 0x12), /* add o0, c4, r2 */
        0x22u << 26,                 /* end */
    };
    tp_cmd1(b, 0x2CB, 0);
    tp_cmd(b, 0x2CC, 0xF, false, code, 8);
    tp_cmd1(b, 0x2BF, 1);
    tp_cmd1(b, 0x2D5, 0);
    tp_cmd1(b, 0x2D6, 0xF | 0x1Bu << 5 | 0x1Bu << 14); /* xyzw, both sources .xyzw */
    tp_cmd1(b, 0x2BA, 0x7FFF0000u);
    tp_cmd1(b, 0x2B0, 0x7FFF0000u);
    for (uint32_t i = 0; i < 5; i++) { /* f32 mode: w, z, y, x */
        tp_cmd1(b, 0x2C0, 0x80000000u | i);
        uint32_t wzyx[4];
        for (int k = 0; k < 4; k++)
            memcpy(&wzyx[3 - k], &c->unif[i][k], 4);
        tp_cmd(b, 0x2C1, 0xF, false, wzyx, 4);
    }
    for (uint32_t d = 0; d < c->ndraws; d++) {
        const draw_op *op = &c->d[d];
        tp_cmd(b, 0x25E, 0x2, false, (const uint32_t[1]){(uint32_t)op->mode << 8}, 1);
        if (op->restart)
            tp_cmd1(b, 0x25F, 1);
        if (op->kind == 3) { /* immediate mode: FIXEDATTRIB_INDEX 0xF, then vec4s */
            tp_cmd1(b, 0x245, 0);
            tp_cmd1(b, 0x232, 0xF);
            for (uint32_t k = 0; k < op->count; k++)
                for (unsigned i = 0; i < NATTR; i++)
                    f24x4(b, 0x233, c->imm[k][i]);
            tp_cmd1(b, 0x245, 1);
            tp_cmd1(b, 0x231, 1);
            continue;
        }
        const bool indexed = op->kind != 0;
        tp_cmd1(b, 0x228, op->count);
        if (indexed) {
            const uint32_t at = PD_INDICES + d * 0x1000u + (op->kind == 2 ? 0x800u : 0u);
            tp_cmd1(b, 0x227, (op->kind == 2 ? 0x80000000u : 0u) | (at - PD_VERTICES));
            tp_cmd1(b, 0x229, 0x100);
            tp_cmd(b, 0x253, 0x2, false, (const uint32_t[1]){0x100}, 1);
        } else {
            tp_cmd1(b, 0x22A, op->first);
            tp_cmd1(b, 0x229, 0);
            tp_cmd(b, 0x253, 0x2, false, (const uint32_t[1]){0}, 1);
        }
        tp_cmd1(b, 0x245, 0);
        tp_cmd1(b, indexed ? 0x22F : 0x22E, 1);
        tp_cmd1(b, 0x245, 1);
        tp_cmd1(b, 0x231, 1);
    }
    tp_cmd1(b, 0x111, 1);
}

static void random_layouts(void **state)
{
    glhle_context *ctx = *state;
    const uint64_t seed = ts_seed("pica_vertex_fetch", 0x18FE7Cu);
    const long cases = ts_env_long("GLHLE_PICA_FETCH_CASES", 48);
    assert_true(cases > 0 && cases <= 100000);
    pd_env cpu, gpu;
    pd_env_init_vs(&cpu, ctx, 1, GLHLE_PICA_VERTEX_SHADERS_CPU);
    pd_env_init_vs(&gpu, ctx, 1, GLHLE_PICA_VERTEX_SHADERS_GPU);
    pd_env *envs[2] = {&cpu, &gpu};
    fetch_case *c = malloc(sizeof *c);
    assert_non_null(c);
    ts_rng r;
    ts_rng_init(&r, seed);
    uint32_t differing = 0;
    for (long n = 0; n < cases; n++) {
        random_case(&r, c, envs);
        tp_cmdbuf b;
        build(&b, c);
        glhle_image img[2];
        for (int e = 0; e < 2; e++) {
            /* clear to a known colour between cases */
            memset(pd_mem(envs[e], PD_COLOR), 0, W * H * 4);
            assert_int_equal(glhle_pica_invalidate(envs[e]->pica, PD_COLOR, W * H * 4), GLHLE_RESULT_OK);
            glhle_pica_run_result res;
            glhle_result rr = pd_run(envs[e], &b, &res);
            if (rr != GLHLE_RESULT_OK)
                print_message("case %ld: the %s instance's run says %s\n", n, e ? "GPU" : "CPU",
                              glhle_result_string(rr));
            pd_read_color(envs[e], PD_COLOR, 0, W, H, &img[e]);
        }
        tp_cmd_free(&b);
        if (memcmp(img[0].rgba, img[1].rgba, (size_t)W * H * 4) != 0) {
            print_message("case %ld differs (seed 0x%llx): %u buffers, %u loaded attributes, draws:", n,
                          (unsigned long long)seed, c->nbuf, c->attrib_count);
            for (uint32_t d = 0; d < c->ndraws; d++)
                print_message(" [kind %u mode %u restart %d count %u first %u]", c->d[d].kind, c->d[d].mode,
                              c->d[d].restart, c->d[d].count, c->d[d].first);
            print_message("\n");
            for (unsigned i = 0; i < NATTR; i++)
                print_message("  attribute %u: type %u x%u buffer %d offset %u\n", i, c->a[i].type, c->a[i].comps,
                              c->a[i].buffer, c->a[i].offset);
            if (!differing) {
                char name[64];
                snprintf(name, sizeof name, "pica_vertex_fetch_case%ld", n);
                ts_assert_image(name, &img[0], &img[1], 0, 0);
            }
            differing++;
        }
        glhle_image_free(&img[0]);
        glhle_image_free(&img[1]);
    }
    pica_rasterizer_stats sc, sg;
    pica_rasterizer_get_stats(cpu.pica->rasterizer, &sc);
    pica_rasterizer_get_stats(gpu.pica->rasterizer, &sg);
    print_message("%ld cases: %llu GL-fetched draws (%llu guest bytes), %llu draws in all on the GPU instance\n",
                  cases, (unsigned long long)sg.fetch_draws, (unsigned long long)sg.fetch_bytes,
                  (unsigned long long)sg.draws);
    glhle_shader_stats ss;
    assert_int_equal(glhle_pica_get_shader_stats(gpu.pica, &ss), GLHLE_RESULT_OK);
    print_message("GPU instance: %llu draws on the GPU vertex path, %llu on the CPU one\n",
                  (unsigned long long)ss.draws_gpu_vertex_shader, (unsigned long long)ss.draws_cpu_vertex_shader);
    assert_int_equal(sc.fetch_draws, 0);
    assert_true(sg.fetch_draws >= (uint64_t)cases / 2);
    free(c);
    pd_env_free(&cpu);
    pd_env_free(&gpu);
    assert_int_equal(differing, 0);
}

/* Retained attributes after fetched draws: a draw whose colour attribute
 * no loader names (buffer 0's component 1 replaced by 16 bytes of padding,
 * code 0xF, so the layout stays) reads what the CPU loader left in the
 * input register: after u16 indices whose last index repeats an earlier
 * one, the last index seen for the first time (7, not 1); after an array,
 * its last vertex (17). Fails when a fetched draw leaves the registers as
 * they were, or with the indexed draw's last index. */
static void retained_attributes(void **state)
{
    glhle_context *ctx = *state;
    /* pixel corners of the triangles: 0-7 two triangles and one across
     * them on the left, 8-10, 12-17 and 18-20 apart on the right */
    static const float xy[21][2] = {
        {2, 2},   {14, 2},  {2, 14},  {2, 20},  {14, 20}, {2, 30},  {14, 40}, {2, 40},  {40, 2},  {60, 2},  {40, 14},
        {0, 0},   {40, 20}, {52, 20}, {40, 30}, {54, 22}, {62, 22}, {54, 30}, {40, 40}, {60, 40}, {40, 60},
    };
    pd_vertex v[21];
    for (uint32_t i = 0; i < 21; i++) {
        memset(&v[i], 0, sizeof v[i]);
        v[i].pos[0] = pd_clip_coord(xy[i][0], W);
        v[i].pos[1] = pd_clip_coord(xy[i][1], H);
        v[i].pos[2] = -0.5f;
        v[i].pos[3] = 1.0f;
        v[i].color[0] = (float)(i % 3) / 2.0f;
        v[i].color[1] = (float)(i % 5) / 4.0f;
        v[i].color[2] = (float)(i % 7) / 6.0f;
        v[i].color[3] = 1.0f;
    }
    static const uint16_t idx[9] = {0, 1, 2, 3, 4, 5, 6, 7, 1};
    tp_cmdbuf b;
    tp_cmd_init(&b);
    pd_target(&b, PD_COLOR, 0, 0, 3, W, H);
    pd_program(&b, 3);
    pd_tev_replace(&b, 0, 0);
    pd_draw_indexed(&b, 0, 9);
    tp_cmd1(&b, 0x204, 0xEF2F0u); /* colour in no loader */
    pd_draw(&b, 0, 3, 8);
    tp_cmd1(&b, 0x204, 0xEF210u); /* pd_program's layout again */
    pd_draw(&b, 0, 6, 12);
    tp_cmd1(&b, 0x204, 0xEF2F0u);
    pd_draw(&b, 0, 3, 18);
    glhle_image img[2];
    pica_rasterizer_stats rs[2];
    for (int k = 0; k < 2; k++) {
        pd_env e;
        pd_env_init_vs(&e, ctx, 1, k ? GLHLE_PICA_VERTEX_SHADERS_GPU : GLHLE_PICA_VERTEX_SHADERS_CPU);
        pd_put_vertices(&e, v, 21);
        pd_put_indices(&e, idx, 9);
        assert_int_equal(pd_run(&e, &b, NULL), GLHLE_RESULT_OK);
        pd_read_color(&e, PD_COLOR, 0, W, H, &img[k]);
        pica_rasterizer_get_stats(e.pica->rasterizer, &rs[k]);
        pd_env_free(&e);
    }
    tp_cmd_free(&b);
    ts_assert_image("pica_vertex_fetch_retained", &img[0], &img[1], 0, 0);
    /* the held colours drew (the colour formula above): vertex 7's
     * (0.5, 0.5, 0) in the triangle of 8-10, vertex 17's (1, 0.5, 0.5) in
     * that of 18-20 (vertex 1's would be (0.5, 0.25, 0.167)); rows top first */
    const uint8_t *p = img[0].rgba + 4 * ((size_t)(H - 1 - 5) * W + 45);
    const uint8_t *q = img[0].rgba + 4 * ((size_t)(H - 1 - 44) * W + 44);
    print_message("held colours: %u,%u,%u and %u,%u,%u\n", p[0], p[1], p[2], q[0], q[1], q[2]);
    assert_true(p[0] >= 127 && p[0] <= 128 && p[1] >= 127 && p[1] <= 128 && p[2] == 0);
    assert_true(q[0] == 255 && q[1] >= 127 && q[1] <= 128 && q[2] >= 127 && q[2] <= 128);
    assert_int_equal(rs[0].fetch_draws, 0);
    assert_int_equal(rs[1].fetch_draws, 4);
    glhle_image_free(&img[0]);
    glhle_image_free(&img[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(random_layouts),
        TS_GL_TEST(retained_attributes),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
