/* Maxwell draws as a driver issues them (maxwell_draw_scene.h). Methods are
 * clb197.h byte offsets / 4. */
#include "scenes/maxwell_draw_scene.h"

#include <stdlib.h>
#include <string.h>

#include "support/test_support.h"

#define M(byte_offset) ((byte_offset) / 4u)

static void set(tm_pb *pb, uint32_t byte_offset, uint32_t v)
{
    tm_set1(pb, TM_SUB_3D, M(byte_offset), v);
}

static void bind_cbuf(tm_pb *pb, uint32_t group, uint32_t slot, uint64_t va)
{
    set(pb, 0x2380, TMD_CBUF_SIZE);        /* SET_CONSTANT_BUFFER_SELECTOR_A SIZE */
    set(pb, 0x2384, (uint32_t)(va >> 32)); /* _B ADDRESS_UPPER */
    set(pb, 0x2388, (uint32_t)va);         /* _C ADDRESS_LOWER */
    set(pb, 0x2410 + group * 32, 1u | slot << 4); /* BIND_GROUP_CONSTANT_BUFFER(group): VALID, SHADER_SLOT */
}

static void put_program(uint8_t *data, uint32_t off, const tmc_shader *s)
{
    assert_true(off < TMD_GS_OFF || 0x50 + (size_t)s->words * 8 <= TMD_PROGRAM_MAX);
    memcpy(data + off, s->sph, 0x50);
    memcpy(data + off + 0x50, s->code, s->words * 8);
}

void tmd_programs(tm_pb *pb, uint8_t *data, uint64_t data_va, const tmc_shader *vs, const tmc_shader *fs)
{
    put_program(data, TMD_VS_OFF, vs);
    put_program(data, TMD_FS_OFF, fs);
    if (vs->cbuf1)
        memcpy(data + TMD_CBUF1_VS, vs->cbuf1, vs->cbuf1_size < TMD_CBUF_SIZE ? vs->cbuf1_size : TMD_CBUF_SIZE);
    if (fs->cbuf1)
        memcpy(data + TMD_CBUF1_FS, fs->cbuf1, fs->cbuf1_size < TMD_CBUF_SIZE ? fs->cbuf1_size : TMD_CBUF_SIZE);
    set(pb, 0x1608, (uint32_t)(data_va >> 32)); /* SET_PROGRAM_REGION_A/B */
    set(pb, 0x160c, (uint32_t)data_va);
    /* SET_PIPELINE_SHADER(1) VERTEX enabled, PROGRAM, BINDING group 0; (5) PIXEL, group 4 */
    set(pb, 0x2000 + 1 * 64, 1u | 1u << 4);
    set(pb, 0x2004 + 1 * 64, TMD_VS_OFF);
    set(pb, 0x2010 + 1 * 64, 0);
    set(pb, 0x2000 + 5 * 64, 1u | 5u << 4);
    set(pb, 0x2004 + 5 * 64, TMD_FS_OFF);
    set(pb, 0x2010 + 5 * 64, 4);
    bind_cbuf(pb, 0, 0, data_va + TMD_CBUF0);
    bind_cbuf(pb, 4, 0, data_va + TMD_CBUF0);
    if (vs->cbuf1)
        bind_cbuf(pb, 0, 1, data_va + TMD_CBUF1_VS);
    if (fs->cbuf1)
        bind_cbuf(pb, 4, 1, data_va + TMD_CBUF1_FS);
}

void tmd_geometry_program(tm_pb *pb, uint8_t *data, uint64_t data_va, const tmc_shader *gs)
{
    put_program(data, TMD_GS_OFF, gs);
    set(pb, 0x2000 + 4 * 64, 1u | 4u << 4); /* SET_PIPELINE_SHADER(4): ENABLE, TYPE GEOMETRY */
    set(pb, 0x2004 + 4 * 64, TMD_GS_OFF);
    set(pb, 0x2010 + 4 * 64, 3);
    bind_cbuf(pb, 3, 0, data_va + TMD_CBUF0);
}

void tmd_tess_programs(tm_pb *pb, uint8_t *data, uint64_t data_va, const tmc_shader *tcs, const tmc_shader *tes,
                       uint32_t patch_size)
{
    const tmc_shader *s[2] = {tcs, tes};
    static const uint32_t off[2] = {TMD_TCS_OFF, TMD_TES_OFF}, cb1[2] = {TMD_CBUF1_TCS, TMD_CBUF1_TES};
    for (uint32_t i = 0; i < 2; i++) {
        const uint32_t stage = 2 + i, group = 1 + i; /* TESSELLATION_INIT, TESSELLATION */
        put_program(data, off[i], s[i]);
        set(pb, 0x2000 + stage * 64, 1u | stage << 4);
        set(pb, 0x2004 + stage * 64, off[i]);
        set(pb, 0x2010 + stage * 64, group);
        bind_cbuf(pb, group, 0, data_va + TMD_CBUF0);
        if (s[i]->cbuf1) {
            memcpy(data + cb1[i], s[i]->cbuf1, s[i]->cbuf1_size < TMD_CBUF_SIZE ? s[i]->cbuf1_size : TMD_CBUF_SIZE);
            bind_cbuf(pb, group, 1, data_va + cb1[i]);
        }
    }
    set(pb, 0x0320, tes->tess_param); /* SET_TESSELLATION_PARAMETERS */
    set(pb, 0x0dcc, patch_size);      /* SET_PATCH */
}

void tmd_constant_buffer(tm_pb *pb, uint32_t group, uint32_t slot, uint64_t va)
{
    bind_cbuf(pb, group, slot, va);
}

void tmd_target(tm_pb *pb, uint64_t va, uint32_t w, uint32_t h, uint32_t format)
{
    const uint32_t ct[7] = {(uint32_t)(va >> 32), (uint32_t)va, w, h, format, 1u << 4, 1};
    tm_inc(pb, TM_SUB_3D, M(0x0800), 7, ct); /* SET_COLOR_TARGET_A .. THIRD_DIMENSION */
    set(pb, 0x121c, 1);                      /* SET_CT_SELECT: one target */
    set(pb, 0x0ff4, w << 16);                /* SET_SURFACE_CLIP_HORIZONTAL/VERTICAL */
    set(pb, 0x0ff8, h << 16);
    set(pb, 0x1a00, 0x1111);                 /* SET_CT_WRITE(0): R, G, B, A */
    const uint32_t scale[3] = {tm_u((float)w / 2), tm_u((float)h / 2), tm_u(0.5f)};
    tm_inc(pb, TM_SUB_3D, M(0x0a00), 3, scale); /* SET_VIEWPORT_SCALE_X/Y/Z(0) */
    tm_inc(pb, TM_SUB_3D, M(0x0a0c), 3, scale); /* SET_VIEWPORT_OFFSET_X/Y/Z(0): the same values */
    set(pb, 0x1684, 1);                      /* SET_PROVOKING_VERTEX LAST */
}

void tmd_zeta(tm_pb *pb, uint64_t va, uint32_t w, uint32_t h, uint32_t format)
{
    set(pb, 0x0fe0, (uint32_t)(va >> 32)); /* SET_ZT_A/B, FORMAT, BLOCK_SIZE, ARRAY_PITCH */
    set(pb, 0x0fe4, (uint32_t)va);
    set(pb, 0x0fe8, format);
    set(pb, 0x0fec, 1u << 4);
    set(pb, 0x0ff0, 0);
    set(pb, 0x1228, w); /* SET_ZT_SIZE_A/B/C */
    set(pb, 0x122c, h);
    set(pb, 0x1230, 1u | 1u << 16);
    set(pb, 0x1538, 1); /* SET_ZT_SELECT */
}

glhle_maxwell *tmd_instance(glhle_context *ctx, uint32_t scale, uint64_t rt_va, uint64_t data_va, size_t mem,
                            uint8_t **rt, uint8_t **data)
{
    glhle_maxwell_desc d = {.log = ts_log_fn, .log_level = GLHLE_LOG_INFO, .scale = scale};
    glhle_maxwell *gpu;
    assert_int_equal(glhle_maxwell_create(ctx, &d, &gpu), GLHLE_RESULT_OK);
    *rt = calloc(1, mem);
    *data = calloc(1, mem);
    assert_non_null(*rt);
    assert_non_null(*data);
    assert_int_equal(glhle_maxwell_map(gpu, rt_va, *rt, mem, GLHLE_MAXWELL_KIND_GENERIC_16BX2), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, data_va, *data, mem, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    return gpu;
}

void tmd_submit_and_present(glhle_maxwell *gpu, const tm_pb *pb, uint8_t *data, uint64_t data_va, uint32_t pb_off,
                            uint32_t draws, uint64_t rt_va, uint32_t w, uint32_t h)
{
    /* GP_ENTRY0 address bits 31:2, GP_ENTRY1 address bits 39:32 and LENGTH
     * in words at 30:10 (clb06f.h) */
    for (uint32_t i = 0; i < pb->n; i++)
        for (int b = 0; b < 4; b++)
            data[pb_off + i * 4 + (uint32_t)b] = (uint8_t)(pb->w[i] >> (8 * b));
    const uint64_t va = data_va + pb_off;
    const uint64_t entry = (uint64_t)(uint32_t)va | ((uint64_t)((uint32_t)(va >> 32) | pb->n << 10) << 32);
    glhle_maxwell_run_result res;
    assert_int_equal(glhle_maxwell_submit_gpfifo(gpu, &entry, 1, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.draws, draws);
    glhle_maxwell_present_desc pd = {0};
    pd.surface = (glhle_maxwell_surface){.va = rt_va, .format = 0xD5, .width = w, .height = h,
                                         .block_height_log2 = 1};
    assert_int_equal(glhle_maxwell_present(gpu, &pd), GLHLE_RESULT_OK);
}

void tmd_attribute(tm_pb *pb, uint8_t *data, uint64_t data_va, uint32_t loc, uint32_t stream, const float *v,
                   uint32_t count)
{
    const uint64_t sva = data_va + TMD_VERTS + (uint64_t)stream * 0x1000;
    memcpy(data + TMD_VERTS + (size_t)stream * 0x1000, v, (size_t)count * 16);
    set(pb, 0x1160 + loc * 4, stream | 1u << 21 | 7u << 27); /* ATTRIBUTE_A: stream, R32_G32_B32_A32, FLOAT */
    set(pb, 0x1c00 + stream * 16, 16u | 1u << 12);           /* VERTEX_STREAM_A_FORMAT: stride 16, enabled */
    set(pb, 0x1c04 + stream * 16, (uint32_t)(sva >> 32));    /* LOCATION_A/B */
    set(pb, 0x1c08 + stream * 16, (uint32_t)sva);
    set(pb, 0x1f00 + stream * 8, (uint32_t)((sva + 0xFFF) >> 32)); /* LIMIT: the last valid byte */
    set(pb, 0x1f04 + stream * 8, (uint32_t)(sva + 0xFFF));
}

bool tmd_rects_open(tmd_rects *e, glhle_context *ctx, uint32_t scale, const char *vs, const char *fs,
                    const float clear[4])
{
    memset(e, 0, sizeof *e);
    if (!tmc_require())
        return false;
    e->ctx = ctx;
    assert_true(tmc_load(vs, &e->vs));
    assert_true(tmc_load(fs, &e->fs));
    e->gpu = tmd_instance(ctx, scale, TMD_RECTS_RT_VA, TMD_RECTS_DATA_VA, TMD_RECTS_MEM, &e->rt, &e->data);
    tm_pb_init(&e->pb);
    tm_bind_all(&e->pb);
    tmd_target(&e->pb, TMD_RECTS_RT_VA, TMD_RECTS_W, TMD_RECTS_H, 0xD5);
    tmd_programs(&e->pb, e->data, TMD_RECTS_DATA_VA, &e->vs, &e->fs);
    const float none[4] = {0, 0, 0, 0};
    tmd_attribute(&e->pb, e->data, TMD_RECTS_DATA_VA, 0, 0, none, 1);
    tmd_attribute(&e->pb, e->data, TMD_RECTS_DATA_VA, 1, 1, none, 1);
    uint32_t cv[4];
    for (int k = 0; k < 4; k++)
        cv[k] = tm_u(clear[k]);
    tm_inc(&e->pb, TM_SUB_3D, M(0x0d80), 4, cv); /* SET_COLOR_CLEAR_VALUE */
    set(&e->pb, 0x19d0, 0x3C);                   /* CLEAR_SURFACE: R, G, B, A */
    return true;
}

void tmd_set(tmd_rects *e, uint32_t byte_offset, uint32_t v)
{
    set(&e->pb, byte_offset, v);
}

void tmd_vertex(tmd_rects *e, float x, float y, float z, const float rgba[4])
{
    assert_true(e->verts < 256);
    const float p[4] = {x, y, z, 1};
    memcpy(e->data + TMD_VERTS + (size_t)e->verts * 16, p, 16);
    memcpy(e->data + TMD_VERTS + 0x1000 + (size_t)e->verts * 16, rgba, 16);
    e->verts++;
}

uint32_t tmd_rect(tmd_rects *e, float x0, float y0, float x1, float y1, float z, const float rgba[4], bool cw)
{
    /* corners as (x, y) picks of {x0, x1} x {y0, y1}, two triangles each way */
    static const uint8_t order[2][6][2] = {{{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}},
                                           {{0, 0}, {1, 1}, {1, 0}, {0, 0}, {0, 1}, {1, 1}}};
    const float hw = TMD_RECTS_W / 2, hh = TMD_RECTS_H / 2;
    const float xs[2] = {x0 / hw - 1, x1 / hw - 1}, ys[2] = {y0 / hh - 1, y1 / hh - 1};
    const uint32_t first = e->verts;
    for (int i = 0; i < 6; i++)
        tmd_vertex(e, xs[order[cw][i][0]], ys[order[cw][i][1]], z, rgba);
    return first;
}

void tmd_submit(tmd_rects *e, uint32_t draws)
{
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(e->gpu, &e->pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.draws, draws);
    tm_pb_free(&e->pb);
    tm_pb_init(&e->pb);
    assert_int_equal(glhle_maxwell_flush(e->gpu, 0, UINT64_MAX), GLHLE_RESULT_OK);
}

void tmd_rects_close(tmd_rects *e)
{
    tm_pb_free(&e->pb);
    glhle_maxwell_destroy(e->gpu);
    free(e->rt);
    free(e->data);
    tmc_free(&e->vs);
    tmc_free(&e->fs);
    ts_gl_check(e->ctx);
}

/* SASS words built here from the encodings envydis prints for the corpus'
 * point_quad_gsh (ld/st a[], out, mov32i, exit): ALD Rd, a[off], vertex
 * Rv (n words); AST a[off], Rs, handle Rh; MOV32I; OUT EMIT or
 * EMIT_THEN_CUT Rd, Ra. */
static uint64_t sass_ald(uint32_t rd, uint32_t off, uint32_t rv, uint32_t n)
{
    return (uint64_t)(0xefd80000u | (n - 1) << 15 | rv << 7) << 32 | off << 20 | 7u << 16 | 0xffu << 8 | rd;
}

static uint64_t sass_ast(uint32_t off, uint32_t rs, uint32_t rh, uint32_t n)
{
    return (uint64_t)(0xeff00000u | (n - 1) << 15 | rh << 7) << 32 | off << 20 | 7u << 16 | 0xffu << 8 | rs;
}

static uint64_t sass_mov32i(uint32_t rd, uint32_t imm)
{
    return (uint64_t)(0x01000000u | imm >> 12) << 32 | (imm & 0xfffu) << 20 | 7u << 16 | 0xfu << 12 | rd;
}

static uint64_t sass_out(uint32_t rd, uint32_t ra, bool cut)
{
    return (uint64_t)(cut ? 0xfbe00180u : 0xfbe00080u) << 32 | 0xffu << 20 | 7u << 16 | ra << 8 | rd;
}

/* FMUL32I and FADD32I Rd, Ra, imm32 (shadergen/maxwell_sass_table.h: bits
 * 48-63 0x1e00 under 0xff00 and 0x0800 under 0xfc00; imm32 at 20, Ra 8,
 * Rd 0, the flags clear) */
static uint64_t sass_fmul32i(uint32_t rd, uint32_t ra, float imm)
{
    return 0x1e00000000000000ull | (uint64_t)tm_u(imm) << 20 | 7u << 16 | ra << 8 | rd;
}

static uint64_t sass_fadd32i(uint32_t rd, uint32_t ra, float imm)
{
    return 0x0800000000000000ull | (uint64_t)tm_u(imm) << 20 | 7u << 16 | ra << 8 | rd;
}

#define SASS_SCHED 0x001f8400fc2007e1ull /* (st 0x1) three times */
#define SASS_EXIT 0xe30000000007000full

/* s's code replaced by `groups` bundles of SASS_SCHED and three of ins;
 * false (s freed) without memory */
static bool set_code(tmc_shader *s, const uint64_t *ins, uint32_t groups)
{
    uint64_t *code = malloc(groups * 32);
    if (!code) {
        tmc_free(s);
        return false;
    }
    free(s->code);
    s->words = groups * 4;
    s->code = code;
    for (uint32_t g = 0; g < groups; g++) {
        s->code[g * 4] = SASS_SCHED;
        memcpy(&s->code[g * 4 + 1], &ins[g * 3], 24);
    }
    return true;
}

/* input vertex v's position a[0x70] and generic 0 a[0x80] into R0-R3 and
 * R8-R11 and written to the output vertex R12: at ins + n, returns the new n */
static uint32_t copy_vertex(uint64_t *ins, uint32_t n, uint32_t v)
{
    ins[n++] = sass_mov32i(4, v);
    ins[n++] = sass_ald(0, 0x70, 4, 4);
    ins[n++] = sass_ald(8, 0x80, 4, 4);
    ins[n++] = sass_ast(0x70, 0, 12, 4);
    ins[n++] = sass_ast(0x80, 8, 12, 4);
    return n;
}

/* SPH (open-gpu-doc Shader-Program-Header): OutputTopology at common3
 * 27:24, MaxOutputVertexCount at common4 11:0, ImapGenericVector0 and
 * OmapGenericVector0 xyzw */
static void gs_header(tmc_shader *gs, uint32_t topology, uint32_t vertices)
{
    gs->sph[0x0f] = (uint8_t)((gs->sph[0x0f] & 0xf0) | topology);
    gs->sph[0x10] = (uint8_t)vertices;
    gs->sph[0x11] = (uint8_t)(gs->sph[0x11] & 0xf0);
    gs->sph[0x18] = (uint8_t)(gs->sph[0x18] | 0x0f);
    gs->sph[0x36] = (uint8_t)(gs->sph[0x36] | 0x0f);
}

/* tmd_layer_gs and tmd_viewport_gs: the system value at a[addr] (the
 * OmapSystemValuesB bit `sysb`) = value on every vertex */
static bool sysval_gs(tmc_shader *gs, uint32_t addr, uint8_t sysb, uint32_t value)
{
    if (!tmc_load("point_quad_gsh", gs))
        return false;
    uint64_t ins[24];
    uint32_t n = 0;
    ins[n++] = sass_mov32i(12, 0); /* the output vertex handle */
    ins[n++] = sass_mov32i(20, value);
    for (uint32_t v = 0; v < 3; v++) {
        n = copy_vertex(ins, n, v);
        ins[n++] = sass_ast(addr, 20, 12, 1);
        ins[n++] = sass_out(12, 12, v == 2);
    }
    ins[n++] = SASS_EXIT; /* 24 instructions: 8 groups of a scheduling word and three */
    if (!set_code(gs, ins, 8))
        return false;
    /* TRIANGLESTRIP (7) of 3; OmapSystemValuesB RT_ARRAY_INDEX 0x02 or
     * VIEWPORT_INDEX 0x04 */
    gs_header(gs, 7, 3);
    gs->sph[0x35] |= sysb;
    return true;
}

/* OUT.EMIT Rd, Ra, stream: the immediate form (envydis f6e0; the stream
 * at 20) */
static uint64_t sass_out_stream(uint32_t rd, uint32_t ra, uint32_t stream)
{
    return (uint64_t)0xf6e00080u << 32 | stream << 20 | 7u << 16 | ra << 8 | rd;
}

bool tmd_streams_gs(tmc_shader *gs, uint32_t stream)
{
    if (!tmc_load("point_quad_gsh", gs))
        return false;
    uint64_t ins[48];
    uint32_t n = 0;
    ins[n++] = sass_mov32i(12, 0); /* the output vertex handle */
    ins[n++] = sass_mov32i(13, 0); /* (padding to whole bundles) */
    for (uint32_t v = 0; v < 3; v++) {
        n = copy_vertex(ins, n, v);
        ins[n++] = sass_out_stream(12, 12, 0);
        static const uint8_t pos[4] = {1, 0, 2, 3}, col[4] = {11, 10, 9, 8};
        for (uint32_t c = 0; c < 4; c++)
            ins[n++] = sass_ast(0x70 + 4 * c, pos[c], 12, 1);
        for (uint32_t c = 0; c < 4; c++)
            ins[n++] = sass_ast(0x80 + 4 * c, col[c], 12, 1);
        ins[n++] = sass_out_stream(12, 12, stream);
    }
    ins[n++] = SASS_EXIT; /* 48 instructions: 16 groups */
    if (!set_code(gs, ins, 16))
        return false;
    gs_header(gs, 1, 6); /* POINTLIST of 6 */
    return true;
}

bool tmd_layer_gs(tmc_shader *gs, uint32_t layer)
{
    return sysval_gs(gs, 0x64, 0x02, layer);
}

bool tmd_viewport_gs(tmc_shader *gs, uint32_t index)
{
    return sysval_gs(gs, 0x68, 0x04, index);
}

/* tmd_layer_vs and tmd_viewport_vs: passthrough_vsh's code (position
 * a[0x70] from attribute 0 at a[0x80], generic 0 from attribute 1 at
 * a[0x90]) and a[addr] = value, its SPH with `sysb` added to the output map */
static bool sysval_vs(tmc_shader *vs, uint32_t addr, uint8_t sysb, uint32_t value)
{
    if (!tmc_load("passthrough_vsh", vs))
        return false;
    uint64_t ins[9];
    uint32_t n = 0;
    ins[n++] = sass_mov32i(8, value);
    ins[n++] = sass_ald(0, 0x80, 0xff, 4);
    ins[n++] = sass_ast(0x70, 0, 0xff, 4);
    ins[n++] = sass_ald(0, 0x90, 0xff, 4);
    ins[n++] = sass_ast(0x80, 0, 0xff, 4);
    ins[n++] = sass_ast(addr, 8, 0xff, 1);
    while (n < 9) /* the EXIT, twice more to fill 3 groups of a scheduling word and three */
        ins[n++] = SASS_EXIT;
    if (!set_code(vs, ins, 3))
        return false;
    vs->sph[0x35] |= sysb; /* OmapSystemValuesB (open-gpu-doc Shader-Program-Header) */
    return true;
}

bool tmd_vertex_a_scale(tmc_shader *a)
{
    if (!tmc_load("passthrough_vsh", a))
        return false;
    uint64_t ins[15];
    uint32_t n = 0;
    ins[n++] = sass_ald(0, 0x80, 0xff, 4); /* R0-R3: attribute 0 */
    ins[n++] = sass_fmul32i(0, 0, 0.5f);
    ins[n++] = sass_fadd32i(0, 0, 0.25f);
    ins[n++] = sass_fadd32i(1, 1, -0.125f);
    ins[n++] = sass_ast(0x80, 0, 0xff, 4); /* generic 0 */
    ins[n++] = sass_ald(4, 0x90, 0xff, 4); /* R4-R7: attribute 1 */
    ins[n++] = sass_fmul32i(8, 4, -1.0f);
    ins[n++] = sass_fadd32i(8, 8, 1.0f);
    ins[n++] = sass_fmul32i(9, 5, 0.5f);
    ins[n++] = sass_fadd32i(10, 6, 0.25f);
    ins[n++] = sass_mov32i(11, 0);
    ins[n++] = sass_ast(0x90, 8, 0xff, 4); /* generic 1, its w outside the output map */
    while (n < 15)
        ins[n++] = SASS_EXIT;
    if (!set_code(a, ins, 5))
        return false;
    /* OmapGenericVector (open-gpu-doc Shader-Program-Header, 4 bits a
     * vector from 0x36): generic 0 xyzw, generic 1 xyz */
    a->sph[0x36] = 0x7f;
    return true;
}

void tmd_vertex_a_program(tm_pb *pb, uint8_t *data, const tmc_shader *a)
{
    put_program(data, TMD_VA_OFF, a);
    set(pb, 0x2000, 1u);         /* SET_PIPELINE_SHADER(0): ENABLE, TYPE VERTEX_CULL_BEFORE_FETCH */
    set(pb, 0x2004, TMD_VA_OFF); /* SET_PIPELINE_PROGRAM(0) */
    set(pb, 0x2010, 0);          /* SET_PIPELINE_BINDING(0): group 0, vertex B's */
}

bool tmd_layer_vs(tmc_shader *vs, uint32_t layer)
{
    return sysval_vs(vs, 0x64, 0x02, layer);
}

bool tmd_viewport_vs(tmc_shader *vs, uint32_t index)
{
    return sysval_vs(vs, 0x68, 0x04, index);
}

bool tmd_layer_tes(tmc_shader *tes, uint32_t layer)
{
    /* quad_tesh's last bundle but one ends in its EXIT (word 123), the last
     * holds BRA-to-self and two NOPs (envydis): EXIT becomes the MOV32I,
     * the BRA the AST after it and the first NOP the EXIT */
    static const uint64_t bra_self = 0xe2400fffff07000full;
    if (!tmc_load("quad_tesh", tes))
        return false;
    if (tes->words != 128 || tes->code[123] != SASS_EXIT || tes->code[125] != bra_self) {
        print_message("quad_tesh: not the code tmd_layer_tes patches\n");
        tmc_free(tes);
        return false;
    }
    tes->code[123] = sass_mov32i(0, layer); /* R0 is read last by the AST.128 before */
    tes->code[125] = sass_ast(0x64, 0, 0xff, 1);
    tes->code[126] = SASS_EXIT;
    tes->sph[0x35] |= 0x02; /* RT_ARRAY_INDEX */
    return true;
}
