/* backend/pica/shader/vertex.c: attribute formats, component layout with padding,
 * missing components, fixed attributes, guest-memory bounds, and the
 * post-vertex cache. Register words are encoded here from the seed's
 * GPUREG_ATTRIBBUFFERS_* tables and decoded by issue-3's decoder. */
#include "support/test_support.h"

#include <string.h>

#include "backend/pica/frontend/regs.h"
#include "backend/pica/shader/vertex.h"

#define BASE 0x20000000u

static uint8_t mem_bytes[256];

static void setup(pica_memory *mem, pica_geometry_state *g, uint32_t *r)
{
    memset(mem, 0, sizeof *mem);
    assert_int_equal(pica_memory_map(mem, BASE, mem_bytes, sizeof mem_bytes, ts_logger()), GLHLE_RESULT_OK);
    pica_decode_geometry(r, g);
}

static void formats_and_padding(void **state)
{
    (void)state;
    uint32_t r[PICA_REG_COUNT] = {0};
    /* attr0 byte x3, attr1 ubyte x1, attr2 short x2, attr3 float x4, attr4 fixed; 5 attributes */
    r[PICA_REG_ATTRIBBUFFERS_LOC] = BASE >> 3;
    r[PICA_REG_ATTRIBBUFFERS_FORMAT_LOW] = (0u | 2u << 2) | (1u | 0u << 2) << 4 | (2u | 1u << 2) << 8 |
                                           (3u | 3u << 2) << 12;
    r[PICA_REG_ATTRIBBUFFERS_FORMAT_HIGH] = (1u << 4) << 16 | 4u << 28;
    /* buffer 0: attr0 (3 bytes), attr1 (1 byte), 8 bytes padding (code 13), attr2 (2 shorts,
     * aligned to 2) -> offsets 0, 3, 4 (padding aligned to 4), 12; 16 bytes a vertex */
    r[PICA_REG_ATTRIBBUFFER0_OFFSET] = 0;
    r[PICA_REG_ATTRIBBUFFER0_CONFIG1] = 0x0u | 0x1u << 4 | 0xDu << 8 | 0x2u << 12;
    r[PICA_REG_ATTRIBBUFFER0_CONFIG2] = 16u << 16 | 4u << 28;
    /* buffer 1 at +0x80: attr3 float x4, 16 bytes a vertex */
    r[PICA_REG_ATTRIBBUFFER1_OFFSET] = 0x80;
    r[PICA_REG_ATTRIBBUFFER1_CONFIG1] = 0x3;
    r[PICA_REG_ATTRIBBUFFER1_CONFIG2] = 16u << 16 | 1u << 28;
    pica_memory mem;
    pica_geometry_state g;
    setup(&mem, &g, r);
    assert_int_equal(g.attrib_offset[0], 0);
    assert_int_equal(g.attrib_offset[1], 3);
    assert_int_equal(g.attrib_offset[2], 12);
    /* vertex 1 of buffer 0 at +16 */
    const uint8_t v0[16] = {0xFF, 0x80, 0x7F, 200, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0x34, 0x12, 0x00, 0x80};
    memcpy(mem_bytes + 16, v0, 16);
    const float f[4] = {1.5f, -2.25f, 1e30f, -0.0f};
    memcpy(mem_bytes + 0x80 + 16, f, 16);
    float fixed[16][4] = {{0}};
    fixed[4][0] = 11;
    fixed[4][1] = 12;
    fixed[4][2] = 13;
    fixed[4][3] = 14;
    pica_vertex_loader l;
    pica_vertex_loader_setup(&l, &g, (const float(*)[4])fixed, &mem);
    float attr[16][4];
    memset(attr, 0x55, sizeof attr);
    uint32_t bad = 0;
    assert_true(pica_vertex_load(&l, 1, attr, &bad));
    /* bytes are signed: -1, -128, 127; the missing w reads 1 */
    assert_true(attr[0][0] == -1 && attr[0][1] == -128 && attr[0][2] == 127 && attr[0][3] == 1);
    /* ubyte 200, then (0, 0, 1) */
    assert_true(attr[1][0] == 200 && attr[1][1] == 0 && attr[1][2] == 0 && attr[1][3] == 1);
    /* shorts 0x1234 and 0x8000 = -32768 */
    assert_true(attr[2][0] == 4660 && attr[2][1] == -32768 && attr[2][2] == 0 && attr[2][3] == 1);
    assert_true(attr[3][0] == 1.5f && attr[3][1] == -2.25f && attr[3][2] == 1e30f && attr[3][3] == 0.0f);
    assert_true(attr[4][0] == 11 && attr[4][3] == 14); /* fixed */
    /* vertex 14 of buffer 1 ends at 0x80 + 15 * 16 = 0x170, past the 256-byte mapping */
    assert_true(pica_vertex_load(&l, 7, attr, &bad));
    assert_false(pica_vertex_load(&l, 8, attr, &bad));
    assert_int_equal(bad, BASE + 0x80 + 8 * 16);
    /* an attribute no loader names keeps its previous value */
    r[PICA_REG_ATTRIBBUFFER1_CONFIG2] = 16u << 16 | 0u << 28;
    pica_decode_geometry(r, &g);
    pica_vertex_loader_setup(&l, &g, (const float(*)[4])fixed, &mem);
    attr[3][0] = 99;
    assert_true(pica_vertex_load(&l, 1, attr, &bad));
    assert_true(attr[3][0] == 99);
    /* a buffer whose base is not mapped at all */
    r[PICA_REG_ATTRIBBUFFER0_OFFSET] = 0x100000;
    pica_decode_geometry(r, &g);
    pica_vertex_loader_setup(&l, &g, (const float(*)[4])fixed, &mem);
    assert_false(pica_vertex_load(&l, 0, attr, &bad));
    assert_int_equal(bad, BASE + 0x100000);
}

static void attributes_twelve_to_fifteen_are_fixed(void **state)
{
    (void)state;
    uint32_t r[PICA_REG_COUNT] = {0};
    r[PICA_REG_ATTRIBBUFFERS_FORMAT_HIGH] = 15u << 28; /* 16 attributes, none loaded */
    pica_memory mem;
    pica_geometry_state g;
    setup(&mem, &g, r);
    float fixed[16][4];
    for (int i = 0; i < 16; i++)
        for (int c = 0; c < 4; c++)
            fixed[i][c] = (float)(i * 4 + c);
    pica_vertex_loader l;
    pica_vertex_loader_setup(&l, &g, (const float(*)[4])fixed, &mem);
    float attr[16][4] = {{0}};
    uint32_t bad;
    assert_true(pica_vertex_load(&l, 12345, attr, &bad));
    for (int i = 12; i < 16; i++)
        assert_true(attr[i][0] == (float)(i * 4) && attr[i][3] == (float)(i * 4 + 3));
    assert_true(attr[0][0] == 0 && attr[11][0] == 0); /* named by no loader: untouched */
}

static void post_vertex_cache(void **state)
{
    (void)state;
    pica_vertex_cache c;
    assert_true(pica_vertex_cache_init(&c));
    uint32_t slot = 0;
    assert_false(pica_vertex_cache_find(&c, 7, &slot));
    pica_vertex_cache_put(&c, 7, 3);
    pica_vertex_cache_put(&c, 65535, 4);
    assert_true(pica_vertex_cache_find(&c, 7, &slot));
    assert_int_equal(slot, 3);
    assert_true(pica_vertex_cache_find(&c, 65535, &slot));
    assert_int_equal(slot, 4);
    pica_vertex_cache_clear(&c);
    assert_false(pica_vertex_cache_find(&c, 7, &slot));
    /* the generation stamp wraps without resurrecting old entries */
    pica_vertex_cache_put(&c, 9, 1);
    c.generation = 0xFFFFFFFFu;
    pica_vertex_cache_put(&c, 10, 2);
    pica_vertex_cache_clear(&c);
    assert_int_equal(c.generation, 1);
    assert_false(pica_vertex_cache_find(&c, 10, &slot));
    assert_false(pica_vertex_cache_find(&c, 9, &slot));
    pica_vertex_cache_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(formats_and_padding),
        cmocka_unit_test(attributes_twelve_to_fifteen_are_fixed),
        cmocka_unit_test(post_vertex_cache),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
