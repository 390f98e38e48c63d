#include "support/pica_support.h"

#include "support/test_support.h"

#include "backend/common/float_formats.h"
#include "backend/pica/shader/shbin.h"
#include "support/pica_dvlb_writer.h"

#include <stdlib.h>
#include <string.h>

void tp_cmd_init(tp_cmdbuf *b)
{
    memset(b, 0, sizeof *b);
}

void tp_cmd_free(tp_cmdbuf *b)
{
    free(b->w);
    memset(b, 0, sizeof *b);
}

void tp_cmd_raw(tp_cmdbuf *b, const uint32_t *words, size_t n)
{
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n)
            cap *= 2;
        uint32_t *w = realloc(b->w, cap * sizeof *w);
        if (!w)
            abort();
        b->w = w;
        b->cap = cap;
    }
    memcpy(b->w + b->n, words, n * sizeof *words);
    b->n += n;
}

uint32_t tp_cmd_header(uint32_t reg, uint32_t mask, bool consecutive, uint32_t count)
{
    return (consecutive ? 0x80000000u : 0) | ((count - 1) << 20) | ((mask & 0xF) << 16) | (reg & 0xFFFF);
}

void tp_cmd(tp_cmdbuf *b, uint32_t reg, uint32_t mask, bool consecutive, const uint32_t *params, uint32_t count)
{
    uint32_t head[2] = {params[0], tp_cmd_header(reg, mask, consecutive, count)};
    tp_cmd_raw(b, head, 2);
    if (count > 1)
        tp_cmd_raw(b, params + 1, count - 1);
    if ((count - 1) & 1) {
        uint32_t pad = 0;
        tp_cmd_raw(b, &pad, 1);
    }
}

void tp_cmd1(tp_cmdbuf *b, uint32_t reg, uint32_t value)
{
    tp_cmd(b, reg, 0xF, false, &value, 1);
}

void tp_cmd_align16(tp_cmdbuf *b)
{
    if (b->n % 4) {
        uint32_t nop = 0;
        tp_cmd(b, 0, 0, false, &nop, 1);
    }
}

void tp_cmd_finalize(tp_cmdbuf *b)
{
    tp_cmd1(b, 0x010, 0x12345678);
    tp_cmd_align16(b);
}

void tp_pack_f24x4(const uint32_t raw[4], uint32_t out[3])
{
    uint32_t x = raw[0] & 0xFFFFFF, y = raw[1] & 0xFFFFFF, z = raw[2] & 0xFFFFFF, w = raw[3] & 0xFFFFFF;
    out[0] = (w << 8) | (z >> 16);
    out[1] = ((z & 0xFFFF) << 16) | (y >> 8);
    out[2] = ((y & 0xFF) << 24) | x;
}

glhle_pica *tp_pica_new(uint64_t max_words, uint32_t max_logged)
{
    glhle_pica_desc d = {.max_words_per_run = max_words,
                         .max_logged_problems = max_logged,
                         .log = ts_log_fn,
                         .log_level = GLHLE_LOG_DEBUG};
    glhle_pica *p = NULL;
    assert_int_equal(glhle_pica_create(NULL, &d, &p), GLHLE_RESULT_OK);
    ts_log_clear();
    return p;
}

uint32_t tp_reg(glhle_pica *p, uint32_t id)
{
    uint32_t v = 0;
    assert_int_equal(glhle_pica_get_reg(p, id, &v), GLHLE_RESULT_OK);
    return v;
}

static void record(void *user, glhle_pica *pica, const glhle_pica_event *ev)
{
    (void)pica;
    tp_events *r = user;
    if (ev->type == GLHLE_PICA_EVENT_IMMEDIATE_VERTEX && r->vertices < 8)
        memcpy(r->vertex[r->vertices++], ev->u.vertex.attrib, sizeof r->vertex[0]);
    if (r->n < 256)
        r->ev[r->n++] = *ev;
}

void tp_events_watch(glhle_pica *p, tp_events *r, uint32_t mask)
{
    memset(r, 0, sizeof *r);
    glhle_pica_hooks h = {record, r, mask};
    glhle_pica_set_hooks(p, &h);
}

/* ---- a realistic list -------------------------------------------------------- */

static void w(tp_cmdbuf *b, uint32_t reg, uint32_t v)
{
    tp_cmd1(b, reg, v);
}

static void seq(tp_cmdbuf *b, uint32_t reg, const uint32_t *v, uint32_t n)
{
    tp_cmd(b, reg, 0xF, true, v, n);
}

static void rep(tp_cmdbuf *b, uint32_t reg, const uint32_t *v, uint32_t n)
{
    tp_cmd(b, reg, 0xF, false, v, n);
}

static uint32_t f31_reg(float v)
{
    return glhle_float_to_f31(v) << 1;
}

void tp_build_lit_fog_draw(tp_cmdbuf *b)
{
    /* render target: RGBA8 colour at 0x18000000, D24S8 depth, 240x400 */
    w(b, 0x110, 1);
    w(b, 0x11C, 0x18100000u >> 3);
    w(b, 0x11D, 0x18000000u >> 3);
    w(b, 0x116, 3);
    w(b, 0x117, 0x00000002);
    w(b, 0x11E, 0x01000000u | ((400u - 1) << 12) | 240);
    w(b, 0x06E, 0x01000000u | ((400u - 1) << 12) | 240);
    seq(b, 0x112, (const uint32_t[4]){0xF, 0xF, 3, 3}, 4);
    /* viewport 240x400, depth map -1..0, cull clockwise */
    seq(b, 0x041, (const uint32_t[4]){glhle_float_to_f24(120.0f), f31_reg(1.0f / 120.0f), glhle_float_to_f24(200.0f),
                                      f31_reg(1.0f / 200.0f)},
        4);
    w(b, 0x068, 0);
    w(b, 0x06D, 1);
    seq(b, 0x04D, (const uint32_t[2]){glhle_float_to_f24(-1.0f), 0}, 2);
    w(b, 0x040, 2);
    /* output map: o0 position, o1 colour, o2 texcoord0, o3 normal quaternion, o4 view */
    seq(b, 0x04F, (const uint32_t[6]){5, 0x03020100, 0x0B0A0908, 0x1F1F0D0C, 0x07060504, 0x1F141312}, 6);
    w(b, 0x06F, 0x01000103);
    /* texture unit 0: 128x128 RGBA8, linear, repeat */
    w(b, 0x082, (128u << 16) | 128);
    w(b, 0x083, 0x6 | (2u << 8) | (2u << 12));
    w(b, 0x085, 0x18200000u >> 3);
    w(b, 0x08E, 0);
    w(b, 0x080, 0x00011001);
    /* one directional light, D0 only */
    w(b, 0x08F, 1);
    w(b, 0x1C6, 0);
    w(b, 0x1C2, 0);
    w(b, 0x1D9, 0);
    w(b, 0x1C0, (26u << 20) | (26u << 10) | 26);
    seq(b, 0x140, (const uint32_t[6]){(255u << 20) | (255u << 10) | 255, 0, (200u << 20) | (200u << 10) | 200,
                                      (30u << 20) | (30u << 10) | 30, 0x3C000000, 0x3C00},
        6);
    w(b, 0x149, 1);
    w(b, 0x1C3, 0x80000400);
    w(b, 0x1C4, 0xFF7EFFFF);
    seq(b, 0x1D0, (const uint32_t[3]){0, 0, 0}, 3);
    w(b, 0x1C5, 0);
    seq(b, 0x1C8, (const uint32_t[4]){0x010000, 0x010010, 0x010020, 0x010030}, 4);
    /* fog: mode 5 through the fog half of TEXENV_UPDATE_BUFFER (mask 0x5) */
    tp_cmd(b, 0x0E0, 0x5, false, (const uint32_t[1]){5}, 1);
    w(b, 0x0E1, 0x00C0A080);
    w(b, 0x0E6, 0);
    rep(b, 0x0E8, (const uint32_t[4]){(2047u << 13) | 0x1FF0, (2031u << 13) | 0x1FF0, (2015u << 13) | 0x1FF0,
                                      (1999u << 13) | 0x1FF0},
        4);
    /* combiners: texture * lit diffuse, + specular, then pass through */
    seq(b, 0x0C0, (const uint32_t[5]){0x00030013, 0, 0x00010001, 0, 0}, 5);
    seq(b, 0x0C8, (const uint32_t[5]){0x000F002F, 0, 0x00000002, 0, 0}, 5);
    for (uint32_t s = 0; s < 4; s++)
        seq(b, s < 2 ? 0x0D0 + 8 * s : 0x0F0 + 8 * (s - 2), (const uint32_t[5]){0x000F000F, 0, 0, 0, 0}, 5);
    tp_cmd(b, 0x0E0, 0x2, false, (const uint32_t[1]){0}, 1);
    w(b, 0x0FD, 0);
    /* blending and depth */
    w(b, 0x100, 0x00E40100);
    w(b, 0x101, 0x76760000);
    w(b, 0x104, 0x10);
    w(b, 0x105, 0);
    w(b, 0x107, 0x1F61);
    /* vertex layout: float3 position, float2 texcoord, float3 normal in one 32-byte buffer */
    w(b, 0x200, 0x18300000u >> 3);
    seq(b, 0x201, (const uint32_t[2]){0xB7B, 0x20000000}, 2);
    seq(b, 0x203, (const uint32_t[3]){0, 0x210, 0x30200000}, 3);
    w(b, 0x227, 0x80000000u | 0x1000);
    w(b, 0x228, 36);
    /* vertex shader: a short program, two operand descriptors, uniforms */
    w(b, 0x242, 2);
    w(b, 0x2B9, 0xA0000002);
    seq(b, 0x2BB, (const uint32_t[2]){0x210, 0}, 2);
    w(b, 0x2BD, 0x1F);
    w(b, 0x24A, 4);
    w(b, 0x251, 4);
    w(b, 0x25E, 4);
    w(b, 0x2CB, 0);
    rep(b, 0x2CC, (const uint32_t[4]){0x4E000000, 0x4E001001, 0x4E002002, 0x88000000}, 4);
    w(b, 0x2BF, 1);
    w(b, 0x2D5, 0);
    rep(b, 0x2D6, (const uint32_t[2]){0x0000036F, 0x000001B7}, 2);
    w(b, 0x2BA, 0x7FFF0000);
    w(b, 0x2B0, 0x7FFF0001);
    /* c0-c3: identity rows in f32 mode (words w, z, y, x); c4: light direction in f24 mode */
    w(b, 0x2C0, 0x80000000u);
    rep(b, 0x2C1,
        (const uint32_t[16]){0, 0, 0, 0x3F800000, 0, 0, 0x3F800000, 0, 0, 0x3F800000, 0, 0, 0x3F800000, 0, 0, 0}, 16);
    uint32_t packed[3];
    tp_pack_f24x4((const uint32_t[4]){0, 0, 0xBF0000, 0}, packed);
    seq(b, 0x2C0, (const uint32_t[4]){4, packed[0], packed[1], packed[2]}, 4);
    /* draw 36 u16 indices as triangles, flush, finalize */
    w(b, 0x229, 0x100);
    tp_cmd(b, 0x253, 0x2, false, (const uint32_t[1]){0x100}, 1);
    w(b, 0x25F, 1);
    w(b, 0x245, 0);
    w(b, 0x22F, 1);
    w(b, 0x245, 1);
    w(b, 0x231, 1);
    w(b, 0x111, 1);
    w(b, 0x229, 0);
}


void tp_upload_program(tp_cmdbuf *b, int unit, pica_dvlb_writer *w)
{
    dw_dvle(w, unit, 0, dw_here(w));
    size_t size;
    uint8_t *file = dw_finish(w, &size);
    pica_shbin s;
    assert_int_equal(pica_shbin_parse(file, size, ts_logger(), &s), GLHLE_RESULT_OK);
    free(file);
    const uint32_t base = unit ? 0x280 : 0x2B0;
    tp_cmd1(b, base + 0x1B, 0);
    tp_cmd(b, base + 0x1C, 0xF, false, s.code, s.code_words);
    tp_cmd1(b, base + 0x0F, 1);
    tp_cmd1(b, base + 0x25, 0);
    if (s.opdesc_count)
        tp_cmd(b, base + 0x26, 0xF, false, s.opdesc, s.opdesc_count);
    tp_cmd1(b, base + 0x0A, 0x7FFF0000u | s.dvles[0].main_offset);
    pica_shbin_free(&s);
}

void tp_uniform_f32(tp_cmdbuf *b, int unit, uint32_t reg, float x, float y, float z, float w)
{
    const uint32_t base = unit ? 0x280 : 0x2B0;
    tp_cmd1(b, base + 0x10, 0x80000000u | reg);
    uint32_t words[4];
    const float f[4] = {w, z, y, x};
    memcpy(words, f, sizeof words);
    tp_cmd(b, base + 0x11, 0xF, false, words, 4);
}
