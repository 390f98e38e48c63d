/* Maxwell compute launches as deko3d issues them, and the compute-geometry
 * scene (maxwell_compute_scene.h). Compute methods are clb1c0.h method
 * words; QMD fields are at the bit positions of clb1c0qmd.h QMDV01_07
 * (deko3d's compute_qmd.h gives the same layout as a struct). */
#include "scenes/maxwell_compute_scene.h"

#include <math.h>
#include <string.h>

#include "scenes/maxwell_draw_scene.h"
#include "support/test_support.h"

enum {
    C_LINE_LENGTH_IN = 0x060,
    C_LAUNCH_DMA = 0x06C,
    C_LOAD_INLINE_DATA = 0x06D,
    C_SET_SHADER_SHARED_MEMORY_WINDOW = 0x085,
    C_SEND_PCAS_A = 0x0AD,
    C_SEND_SIGNALING_PCAS_B = 0x0AF,
    C_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A = 0x0B9,
    C_SET_SPA_VERSION = 0x0C4,
    C_SET_SHADER_LOCAL_MEMORY_WINDOW = 0x1DF,
    C_SET_SHADER_LOCAL_MEMORY_A = 0x1E4,
    C_SET_SHADER_EXCEPTIONS = 0x54A,
    C_SET_PROGRAM_REGION_A = 0x582,
    C_SET_BINDLESS_TEXTURE = 0x982,
};

void tmk_init(tm_pb *pb, uint64_t program_region)
{
    tm_immd(pb, TM_SUB_COMPUTE, C_SET_SHADER_EXCEPTIONS, 0);
    tm_immd(pb, TM_SUB_COMPUTE, C_SET_BINDLESS_TEXTURE, 0); /* c0 holds the texture handles */
    tm_set1(pb, TM_SUB_COMPUTE, C_SET_SHADER_LOCAL_MEMORY_WINDOW, 0x01000000);
    tm_set1(pb, TM_SUB_COMPUTE, C_SET_SHADER_SHARED_MEMORY_WINDOW, 0x03000000);
    const uint32_t region[2] = {(uint32_t)(program_region >> 32), (uint32_t)program_region};
    tm_inc(pb, TM_SUB_COMPUTE, C_SET_PROGRAM_REGION_A, 2, region);
    tm_immd(pb, TM_SUB_COMPUTE, C_SET_SPA_VERSION, 5u << 8 | 3u); /* SM 5.3: MAJOR 15:8, MINOR 7:0 */
    /* no scratch memory: the programs here use no local memory */
    const uint32_t local[2] = {0, 0};
    tm_inc(pb, TM_SUB_COMPUTE, C_SET_SHADER_LOCAL_MEMORY_A, 2, local);
    const uint32_t throttle[6] = {0, 0, 0x100, 0, 0, 0x100};
    tm_inc(pb, TM_SUB_COMPUTE, C_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A, 6, throttle);
}

void tmk_program(uint8_t *data, uint32_t off, const tmc_shader *s)
{
    memcpy(data + off, s->code, s->words * 8);
}

static void put32(uint8_t *b, uint32_t off, uint32_t v)
{
    memcpy(b + off, &v, 4); /* little-endian host */
}

void tmk_ssbo(tmk_job *j, uint32_t b, uint64_t va, uint32_t size)
{
    put32(j->c0, TMK_C0_SSBO(b), (uint32_t)va);
    put32(j->c0, TMK_C0_SSBO(b) + 4, (uint32_t)(va >> 32));
    put32(j->c0, TMK_C0_SSBO(b) + 8, size);
}

void tmk_qmd(const tmk_job *j, uint64_t c0_va, uint32_t q[64])
{
    memset(q, 0, 64 * 4);
    q[6] = 1u << 6 | (j->release ? 1u << 10 : 0);   /* SM_GLOBAL_CACHING_ENABLE 198, RELEASE0_ENABLE 202 */
    q[8] = j->program_offset;                        /* PROGRAM_OFFSET 287:256 */
    q[11] = 1u << 26;                                /* API_VISIBLE_CALL_LIMIT NO_CHECK */
    if (j->sampler_via_header)
        q[11] |= 1u << 30;                           /* SAMPLER_INDEX VIA_HEADER_INDEX 382 */
    q[12] = j->grid[0];                              /* CTA_RASTER_WIDTH 415:384 */
    q[13] = j->grid[1] | j->grid[2] << 16;           /* HEIGHT 431:416, DEPTH 447:432 */
    q[17] = j->shared_memory;                        /* SHARED_MEMORY_SIZE 561:544 */
    q[18] = 7u | 1u << 4 | j->block[0] << 16;        /* QMD_VERSION 7, MAJOR 1, CTA_THREAD_DIMENSION0 607:592 */
    q[19] = j->block[1] | j->block[2] << 16;
    uint32_t valid = 1;                              /* CONSTANT_BUFFER_VALID(i) 640 + i */
    for (uint32_t i = 0; i < 8; i++) {
        const uint64_t va = i == 0 ? c0_va : j->cbuf_va[i];
        const uint32_t size = i == 0 ? TMK_C0_BYTES : j->cbuf_size[i];
        if (i && !va)
            continue;
        valid |= 1u << i;
        q[29 + 2 * i] = (uint32_t)va;                          /* ADDR_LOWER(i) 959-31+64i ... */
        q[30 + 2 * i] = (uint32_t)(va >> 32) & 0xFF;           /* ADDR_UPPER(i) 8 bits */
        q[30 + 2 * i] |= size << 15;                           /* SIZE(i): 17 bits from 15 */
    }
    q[20] = valid | 3u << 29;                        /* L1_CONFIGURATION 48 KiB shared */
    if (j->release) {
        q[23] = (uint32_t)j->release_va;             /* RELEASE0_ADDRESS_LOWER 767:736 */
        q[24] = ((uint32_t)(j->release_va >> 32) & 0xFF) | 1u << 31; /* UPPER, STRUCTURE_SIZE ONE_WORD */
        q[25] = j->release_payload;
    }
}

void tmk_dispatch(tm_pb *pb, uint64_t job_va, const tmk_job *j)
{
    assert_true((job_va & 0xFF) == 0);
    uint8_t job[TMK_JOB_BYTES];
    uint32_t qmd[64];
    tmk_qmd(j, job_va + 0x100, qmd);
    memcpy(job, qmd, 0x100);
    memcpy(job + 0x100, j->c0, TMK_C0_BYTES);
    for (int i = 0; i < 3; i++) {
        put32(job + 0x100, 4u * (uint32_t)i, j->block[i]);         /* ctaSize */
        put32(job + 0x100, 0x0C + 4u * (uint32_t)i, j->grid[i]);   /* gridSize */
    }
    for (uint32_t n = 0; n < 6; n++) { /* the UBO addresses, binding n = c(2 + n) */
        put32(job + 0x100, 0x20 + 8 * n, (uint32_t)j->cbuf_va[2 + n]);
        put32(job + 0x100, 0x24 + 8 * n, (uint32_t)(j->cbuf_va[2 + n] >> 32));
    }
    const uint32_t dst[4] = {TMK_JOB_BYTES, 1, (uint32_t)(job_va >> 32), (uint32_t)job_va};
    tm_inc(pb, TM_SUB_COMPUTE, C_LINE_LENGTH_IN, 4, dst); /* LINE_LENGTH_IN, LINE_COUNT, OFFSET_OUT_UPPER, OFFSET_OUT */
    tm_immd(pb, TM_SUB_COMPUTE, C_LAUNCH_DMA, 1u | 1u << 4); /* DST_MEMORY_LAYOUT PITCH, COMPLETION_TYPE FLUSH_ONLY */
    uint32_t words[TMK_JOB_BYTES / 4];
    memcpy(words, job, sizeof words);
    tm_noninc(pb, TM_SUB_COMPUTE, C_LOAD_INLINE_DATA, TMK_JOB_BYTES / 4, words);
    tm_set1(pb, TM_SUB_COMPUTE, C_SEND_PCAS_A, (uint32_t)(job_va >> 8));
    tm_immd(pb, TM_SUB_COMPUTE, C_SEND_SIGNALING_PCAS_B, 3); /* INVALIDATE, SCHEDULE */
}

/* ---- the compute-geometry scene ---- */

#define CS_OFF 0x10000u     /* the compute program, in the same program region */
#define IN_OFF 0x70000u     /* ssbo_layout_csh's input records */
#define UBO_OFF 0x71000u    /* its UBO binding 0 (c2) */
#define JOB_OFF 0x72000u    /* job slots, one per frame */
#define PB_OFF 0x80000u
#define IN_BYTES (16u + 3u * 32u)

static void corners_ndc(uint32_t f, double xy[3][2])
{
    const double a0 = 1.0 + f * (50.0 * 3.14159265358979 / 180.0);
    for (int i = 0; i < 3; i++) {
        const double a = a0 + i * (2 * 3.14159265358979 / 3);
        xy[i][0] = 0.75 * cos(a);
        xy[i][1] = 0.75 * sin(a);
    }
}

/* Record i of frame f: pos (x - i - 0.25, y + 0.5, 3), id 1 + i, uv
 * (0.25, -0.5), k -2 i, w 0; with scale (1, 1, 0) the shader's v[i] is
 * (x, y, 0, 1) up to the rounding of the additions. */
typedef struct record {
    float pos[3];
    uint32_t id;
    float uv[2];
    int32_t k;
    float w;
} record;

static record record_of(uint32_t f, uint32_t i)
{
    double c[3][2];
    corners_ndc(f, c);
    return (record){{(float)c[i][0] - (float)i - 0.25f, (float)c[i][1] + 0.5f, 3.0f}, 1 + i, {0.25f, -0.5f},
                    -2 * (int32_t)i, 0.0f};
}

static const float SCALE[4] = {1.0f, 1.0f, 0.0f, 0.0f};

void tm_compute_geo_vertices(uint32_t f, float v[3][4])
{
    for (uint32_t i = 0; i < 3; i++) {
        const record r = record_of(f, i);
        /* gl_LocalInvocationID of invocation i < 4 of a 4x4x2 block: (i, 0, 0) */
        v[i][0] = (r.pos[0] * SCALE[0] + r.uv[0]) + (float)i;
        v[i][1] = (r.pos[1] * SCALE[1] + r.uv[1]) + 0.0f;
        v[i][2] = (r.pos[2] * SCALE[2] + r.w) + 0.0f;
        v[i][3] = (float)r.id + (float)r.k * 0.5f;
    }
}

void tm_compute_geo_corners(uint32_t f, float xy[3][2])
{
    float v[3][4];
    tm_compute_geo_vertices(f, v);
    for (int i = 0; i < 3; i++) {
        xy[i][0] = v[i][0] * TM_CGEO_W / 2 + TM_CGEO_W / 2;
        xy[i][1] = v[i][1] * TM_CGEO_H / 2 + TM_CGEO_H / 2;
    }
}

bool tm_compute_geo_available(void)
{
    return tmc_dir() != NULL;
}

void tm_compute_geo_run(glhle_maxwell *gpu, uint8_t *rt, uint8_t *data, tm_cgeo_frame_fn on_frame, void *user)
{
    tmc_shader vs, fs, cs;
    assert_true(tmc_load("passthrough_vsh", &vs));
    assert_true(tmc_load("color_fsh", &fs));
    assert_true(tmc_load("ssbo_layout_csh", &cs));
    memset(rt, 0, TM_CGEO_MEM);
    memset(data, 0, TM_CGEO_MEM);
    assert_int_equal(glhle_maxwell_map(gpu, TM_CGEO_RT_VA, rt, TM_CGEO_MEM, GLHLE_MAXWELL_KIND_GENERIC_16BX2),
                     GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, TM_CGEO_DATA_VA, data, TM_CGEO_MEM, GLHLE_MAXWELL_KIND_PITCH),
                     GLHLE_RESULT_OK);
    static const float colors[3][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}};
    const uint64_t va = TM_CGEO_DATA_VA;
    for (uint32_t f = 0; f < TM_CGEO_FRAMES; f++) {
        tm_pb pb;
        tm_pb_init(&pb);
        if (f == 0) {
            tm_bind_all(&pb);
            tmk_init(&pb, va);
            tmk_program(data, CS_OFF, &cs);
            tmd_target(&pb, TM_CGEO_RT_VA, TM_CGEO_W, TM_CGEO_H, 0xD5);
            tmd_programs(&pb, data, va, &vs, &fs);
            /* the UBO: scale (1, 1, 0, 0), limit (3, 0, 0, 0) */
            memcpy(data + UBO_OFF, SCALE, 16);
            put32(data, UBO_OFF + 16, 3);
        }
        /* the core writes this frame's records: count, then the items */
        put32(data, IN_OFF, 3);
        for (uint32_t i = 0; i < 3; i++) {
            const record r = record_of(f, i);
            memcpy(data + IN_OFF + 16 + 32 * i, &r, sizeof r);
        }
        tmk_job j;
        memset(&j, 0, sizeof j);
        j.program_offset = CS_OFF;
        j.block[0] = 4, j.block[1] = 4, j.block[2] = 2;
        j.grid[0] = j.grid[1] = j.grid[2] = 1;
        j.cbuf_va[2] = va + UBO_OFF;
        j.cbuf_size[2] = 0x100;
        tmk_ssbo(&j, 0, va + IN_OFF, IN_BYTES);
        tmk_ssbo(&j, 1, va + TMD_VERTS, 3 * 16); /* vertex stream 0's memory */
        tmk_dispatch(&pb, va + JOB_OFF + f * 0x400u, &j);
        tm_set1(&pb, TM_SUB_3D, 0x0110 / 4, 0); /* WAIT_FOR_IDLE: the draw reads what the grid wrote */
        tmd_attribute(&pb, data, va, 0, 0, &colors[0][0], 0); /* no vertices written: the grid writes them */
        tmd_attribute(&pb, data, va, 1, 1, &colors[0][0], 3);
        const uint32_t c[4] = {tm_u(TM_CGEO_CLEAR), tm_u(TM_CGEO_CLEAR), tm_u(TM_CGEO_CLEAR), tm_u(1.0f)};
        tm_inc(&pb, TM_SUB_3D, 0x0d80 / 4, 4, c);             /* SET_COLOR_CLEAR_VALUE */
        tm_set1(&pb, TM_SUB_3D, 0x19d0 / 4, 0x3C);            /* CLEAR_SURFACE RGBA */
        tm_set1(&pb, TM_SUB_3D, 0x1214 / 4, 3u << 16 | 4u << 28); /* 3 vertices, TRIANGLES */
        assert_true(pb.n * 4u <= TM_CGEO_MEM - PB_OFF);
        tmd_submit_and_present(gpu, &pb, data, va, PB_OFF, 1, TM_CGEO_RT_VA, TM_CGEO_W, TM_CGEO_H);
        tm_pb_free(&pb);
        if (on_frame)
            on_frame(user, gpu, f);
    }
    tmc_free(&vs);
    tmc_free(&fs);
    tmc_free(&cs);
}
