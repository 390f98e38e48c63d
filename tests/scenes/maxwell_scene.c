#include "scenes/maxwell_scene.h"

#include <string.h>

/* 3D method byte offsets from open-gpu-doc clb197.h, as method words */
#define M(byte) ((byte) / 4)

/* assignments (envytools macro.c tabdst): 0 fetch, 1 move, 2 move + set
 * method address, 4 move + send */
enum { FETCH = 0, MOVE_MADDR = 2, MOVE_SEND = 4, FETCH_MADDR = 5 };

#define ADDI(a, d, s, i) (1u | (a) << 4 | (d) << 8 | (s) << 11 | ((uint32_t)(i) & 0x3FFFF) << 14)
#define EXIT (1u << 7)

const uint32_t tm_macro_draw[9] = {
    ADDI(FETCH_MADDR, 2, 0, M(0x0d74)), /* r2 = count; maddr = SET_VERTEX_ARRAY_START */
    ADDI(FETCH, 3, 0, 0),              /* r3 = first */
    ADDI(MOVE_SEND, 0, 3, 0),          /* send first */
    ADDI(MOVE_MADDR, 0, 0, M(0x1618)), /* maddr = BEGIN */
    ADDI(MOVE_SEND, 0, 1, 0),          /* send topology (r1, the first parameter) */
    ADDI(MOVE_MADDR, 0, 0, M(0x0d78)), /* maddr = DRAW_VERTEX_ARRAY */
    ADDI(MOVE_SEND, 0, 2, 0),          /* send count */
    ADDI(MOVE_MADDR, 0, 0, M(0x1614)) | EXIT, /* maddr = END; exit after the next one */
    ADDI(MOVE_SEND, 0, 0, 0),          /* END = 0 (the exit's delay slot) */
};

const uint32_t tm_macro_viewport[6] = {
    ADDI(MOVE_MADDR, 0, 0, M(0x0a00) | 1 << 12), /* maddr = SET_VIEWPORT_SCALE_X(0), increment 1 */
    ADDI(MOVE_SEND, 0, 1, 0),                    /* x */
    ADDI(FETCH, 2, 0, 0),
    ADDI(MOVE_SEND, 0, 2, 0),                    /* y */
    ADDI(FETCH, 2, 0, 0) | EXIT,
    ADDI(MOVE_SEND, 0, 2, 0),                    /* z, in the delay slot */
};

static void s3(tm_pb *pb, uint32_t byte, uint32_t v)
{
    tm_set1(pb, TM_SUB_3D, M(byte), v);
}

static void upload_macro(tm_pb *pb, uint32_t index, uint32_t pos, const uint32_t *code, uint32_t n)
{
    /* the order Mesa's nvc0_graph_set_macro and deko3d use: code pointer,
     * code words (non-incrementing), start-address pointer, start address */
    s3(pb, 0x0114, pos);
    tm_noninc(pb, TM_SUB_3D, M(0x0118), n, code);
    s3(pb, 0x011c, index);
    s3(pb, 0x0120, pos);
}

static void call_macro(tm_pb *pb, uint32_t index, uint32_t n, const uint32_t *params)
{
    /* deko3d's CallMacro: increase-once from CALL_MME_MACRO(j) to CALL_MME_DATA(j) */
    tm_oneinc(pb, TM_SUB_3D, 0xE00 + 2 * index, n, params);
}

static void setup(tm_pb *pb)
{
    tm_bind_all(pb);
    upload_macro(pb, TM_MACRO_DRAW, 0x000, tm_macro_draw, 9);
    upload_macro(pb, TM_MACRO_VIEWPORT_SCALE, 0x010, tm_macro_viewport, 6);
    /* colour target 0: 256x128 A8B8G8R8, block-linear 16 GOBs high */
    const uint32_t ct[9] = {(uint32_t)(TM_SCENE_RT >> 32), (uint32_t)TM_SCENE_RT, 256, 128, 0xD5, 4u << 4, 1, 0x2000, 0};
    tm_inc(pb, TM_SUB_3D, M(0x0800), 9, ct);
    s3(pb, 0x121c, 1u);                          /* SET_CT_SELECT: one target, output 0 -> 0 */
    const uint32_t zt[5] = {(uint32_t)(TM_SCENE_ZT >> 32), (uint32_t)TM_SCENE_ZT, 0x0A, 4u << 4, 0};
    tm_inc(pb, TM_SUB_3D, M(0x0fe0), 5, zt);     /* SET_ZT_A .. ARRAY_PITCH */
    const uint32_t zs[3] = {256, 128, 1 | 1u << 16};
    tm_inc(pb, TM_SUB_3D, M(0x1228), 3, zs);     /* SET_ZT_SIZE_A/B/C */
    s3(pb, 0x1538, 1);                           /* SET_ZT_SELECT */
    s3(pb, 0x0ff4, 256u << 16);                  /* SET_SURFACE_CLIP_HORIZONTAL */
    s3(pb, 0x0ff8, 128u << 16);
    /* programs: region, vertex B and pixel stages */
    const uint32_t region[2] = {(uint32_t)(TM_SCENE_PROGRAMS >> 32), (uint32_t)TM_SCENE_PROGRAMS};
    tm_inc(pb, TM_SUB_3D, M(0x1608), 2, region);
    const uint32_t vs[5] = {1u | 1u << 4, 0x0030, 0, 16, 0};
    tm_inc(pb, TM_SUB_3D, M(0x2000 + 1 * 64), 5, vs);
    const uint32_t fs[5] = {1u | 5u << 4, 0x0400, 0, 8, 4};
    tm_inc(pb, TM_SUB_3D, M(0x2000 + 5 * 64), 5, fs);
    /* vertex input: position (3 x f32) and colour (4 x unorm8) from stream 0 */
    const uint32_t attr[2] = {0u | 0u << 7 | 2u << 21 | 7u << 27, 0u | 12u << 7 | 0x0Au << 21 | 2u << 27};
    tm_inc(pb, TM_SUB_3D, M(0x1160), 2, attr);
    const uint32_t stream[4] = {1u << 12 | 16, (uint32_t)(TM_SCENE_VERTS >> 32), (uint32_t)TM_SCENE_VERTS, 0};
    tm_inc(pb, TM_SUB_3D, M(0x1c00), 4, stream);
    const uint32_t limit[2] = {(uint32_t)(TM_SCENE_VERTS >> 32), (uint32_t)TM_SCENE_VERTS + 0xFFF};
    tm_inc(pb, TM_SUB_3D, M(0x1f00), 2, limit);
}

void tm_scene_frame(tm_pb *pb, bool first, uint32_t frame)
{
    if (first)
        setup(pb);
    /* viewport through the macro, offsets and clip rectangle directly */
    const uint32_t scale[3] = {tm_u(128.0f), tm_u(-64.0f), tm_u(0.5f)};
    call_macro(pb, TM_MACRO_VIEWPORT_SCALE, 3, scale);
    const uint32_t offset[3] = {tm_u(128.0f), tm_u(64.0f), tm_u(0.5f)};
    tm_inc(pb, TM_SUB_3D, M(0x0a0c), 3, offset);
    const uint32_t clip[4] = {256u << 16, 128u << 16, tm_u(0.0f), tm_u(1.0f)};
    tm_inc(pb, TM_SUB_3D, M(0x0c00), 4, clip);
    const uint32_t scissor[3] = {1, 256u << 16, 128u << 16};
    tm_inc(pb, TM_SUB_3D, M(0x0e00), 3, scissor);
    /* fixed function: depth LEQUAL, alpha blending on target 0, back-face culling */
    s3(pb, 0x12cc, 1);
    s3(pb, 0x12e8, 1);
    s3(pb, 0x130c, 0x203);
    const uint32_t blend[4] = {0, 0x8006, 0x4302, 0x4303}; /* separate alpha off, ADD, SRC_ALPHA, 1-SRC_ALPHA */
    tm_inc(pb, TM_SUB_3D, M(0x133c), 4, blend);
    s3(pb, 0x1360, 1);
    s3(pb, 0x1a00, 0x1111);                      /* SET_CT_WRITE(0): RGBA */
    s3(pb, 0x1918, 1);
    s3(pb, 0x1920, 0x405);
    s3(pb, 0x191c, 0x901);
    /* clear colour and depth, then clear target 0 and zeta */
    const uint32_t cc[4] = {tm_u(0.1f), tm_u(0.2f), tm_u(0.3f), tm_u(1.0f)};
    tm_inc(pb, TM_SUB_3D, M(0x0d80), 4, cc);
    s3(pb, 0x0d90, tm_u(1.0f));
    s3(pb, 0x19d0, 0x3F);
    /* constant buffer: select 256 bytes, load a 4x4 matrix, bind to the
     * vertex stage slot 0 */
    const uint32_t sel[3] = {256, (uint32_t)(TM_SCENE_CBUF >> 32), (uint32_t)TM_SCENE_CBUF};
    tm_inc(pb, TM_SUB_3D, M(0x2380), 3, sel);
    s3(pb, 0x238c, 0);
    uint32_t mat[16];
    for (uint32_t i = 0; i < 16; i++)
        mat[i] = tm_u(i % 5 == 0 ? 1.0f : 0.0f);
    mat[12] = tm_u(0.25f * (float)frame);
    tm_noninc(pb, TM_SUB_3D, M(0x2390), 16, mat);
    s3(pb, 0x2410 + 0 * 32, 1u | 0u << 4);
    /* two draws through the macro, a constant update between them */
    const uint32_t draw0[3] = {4, 36, 0}; /* TRIANGLES, 36 vertices from 0 */
    call_macro(pb, TM_MACRO_DRAW, 3, draw0);
    s3(pb, 0x238c, 0x40);
    const uint32_t tint[4] = {tm_u(1.0f), tm_u(0.5f), tm_u(0.5f), tm_u(1.0f)};
    tm_noninc(pb, TM_SUB_3D, M(0x2390), 4, tint);
    const uint32_t draw1[3] = {5, 4, 36}; /* TRIANGLE_STRIP, 4 vertices from 36 */
    call_macro(pb, TM_MACRO_DRAW, 3, draw1);
    /* end of frame: a report-semaphore release, then the syncpoint a fence waits on */
    const uint32_t rep[4] = {(uint32_t)(TM_SCENE_FENCE >> 32), (uint32_t)TM_SCENE_FENCE, frame + 1, 0};
    tm_inc(pb, TM_SUB_3D, M(0x1b00), 4, rep);
    tm_set1(pb, TM_SUB_3D, 0x1E, 0);             /* host WFI */
    const uint32_t sp[2] = {frame + 1, 1u | 7u << 8};
    tm_inc(pb, TM_SUB_3D, 0x1C, 2, sp);          /* SYNCPOINT_PAYLOAD, SYNCPOINT incr 7 */
}
