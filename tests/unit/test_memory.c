/* backend/pica/frontend/memory.c: guest memory mappings and bounds-checked access. */
#include "support/test_support.h"

#include <string.h>

#include "backend/pica/frontend/memory.h"

static void maps_and_reads(void **state)
{
    (void)state;
    static uint8_t vram[256], fcram[512];
    for (int i = 0; i < 256; i++)
        vram[i] = (uint8_t)i;
    for (int i = 0; i < 512; i++)
        fcram[i] = (uint8_t)(255 - i);
    pica_memory m;
    memset(&m, 0, sizeof m);
    assert_int_equal(pica_memory_map(&m, 0x20000000, fcram, sizeof fcram, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(pica_memory_map(&m, 0x18000000, vram, sizeof vram, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(m.count, 2);
    assert_int_equal(m.map[0].paddr, 0x18000000); /* kept sorted */

    assert_ptr_equal(pica_memory_ptr(&m, 0x18000000, 256), vram);
    assert_ptr_equal(pica_memory_ptr(&m, 0x18000010, 16), vram + 16);
    assert_ptr_equal(pica_memory_ptr(&m, 0x20000100, 0x100), fcram + 0x100);
    /* one byte past either end, or straddling, is refused */
    assert_null(pica_memory_ptr(&m, 0x18000000, 257));
    assert_null(pica_memory_ptr(&m, 0x180000FF, 2));
    assert_null(pica_memory_ptr(&m, 0x17FFFFFF, 1));
    assert_null(pica_memory_ptr(&m, 0x20000200, 1));
    assert_null(pica_memory_ptr(&m, 0x1FFFFFF0, 0x20));
    /* huge sizes cannot wrap around */
    assert_null(pica_memory_ptr(&m, 0x18000010, 0xFFFFFFF8u));
    /* size 0: inside or at the end */
    assert_ptr_equal(pica_memory_ptr(&m, 0x18000100, 0), vram + 256);
    assert_null(pica_memory_ptr(&m, 0x18000101, 0));

    uint8_t buf[4] = {0xAA, 0xAA, 0xAA, 0xAA};
    assert_true(pica_memory_read(&m, 0x18000004, buf, 4));
    assert_memory_equal(buf, ((uint8_t[]){4, 5, 6, 7}), 4);
    memset(buf, 0xAA, 4);
    assert_false(pica_memory_read(&m, 0x180000FE, buf, 4));
    assert_memory_equal(buf, ((uint8_t[]){0xAA, 0xAA, 0xAA, 0xAA}), 4);
    assert_ptr_equal(pica_memory_ptr_mut(&m, 0x20000000, 1), fcram);
}

/* What the vertex loader resolves once per attribute: how far the mapping
 * reaches from an address. */
static void extents(void **state)
{
    (void)state;
    static uint8_t a[0x100], b[0x40];
    pica_memory m;
    memset(&m, 0, sizeof m);
    assert_int_equal(pica_memory_map(&m, 0x2000, b, sizeof b, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(pica_memory_map(&m, 0x1000, a, sizeof a, ts_logger()), GLHLE_RESULT_OK);
    const uint8_t *host = a;
    assert_int_equal(pica_memory_extent(&m, 0x1000, &host), 0x100);
    assert_ptr_equal(host, a);
    assert_int_equal(pica_memory_extent(&m, 0x10FF, &host), 1);
    assert_ptr_equal(host, a + 0xFF);
    assert_int_equal(pica_memory_extent(&m, 0x2010, &host), 0x30);
    assert_ptr_equal(host, b + 0x10);
    /* the end of a mapping, a gap, before the first and past the last */
    const uint32_t outside[4] = {0x1100, 0x1800, 0x0FFF, 0x2040};
    for (int i = 0; i < 4; i++) {
        host = a;
        assert_int_equal(pica_memory_extent(&m, outside[i], &host), 0);
        assert_null(host);
    }
}

static void rejects_bad_mappings(void **state)
{
    (void)state;
    static uint8_t a[64];
    pica_memory m;
    memset(&m, 0, sizeof m);
    ts_log_clear();
    assert_int_equal(pica_memory_map(&m, 0x1000, a, 64, ts_logger()), GLHLE_RESULT_OK);
    /* overlaps on either side, and containment */
    assert_int_equal(pica_memory_map(&m, 0x0FF0, a, 0x11, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(pica_memory_map(&m, 0x103F, a, 1, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(pica_memory_map(&m, 0x1010, a, 4, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("overlaps the mapping at 0x00001000"));
    /* touching is fine */
    assert_int_equal(pica_memory_map(&m, 0x0FF0, a, 0x10, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(pica_memory_map(&m, 0x1040, a, 0x10, ts_logger()), GLHLE_RESULT_OK);
    /* empty, NULL host, past 2^32 */
    assert_int_equal(pica_memory_map(&m, 0x5000, a, 0, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(pica_memory_map(&m, 0x5000, NULL, 4, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(pica_memory_map(&m, 0xFFFFFFF0u, a, 0x11, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    /* the very top of the address space */
    assert_int_equal(pica_memory_map(&m, 0xFFFFFFF0u, a, 0x10, ts_logger()), GLHLE_RESULT_OK);
    assert_ptr_equal(pica_memory_ptr(&m, 0xFFFFFFFFu, 1), a + 15);
    assert_null(pica_memory_ptr(&m, 0xFFFFFFFFu, 2));
    assert_int_equal(m.count, 4);

    /* unmap, then the range is free again */
    assert_int_equal(pica_memory_unmap(&m, 0x1000), GLHLE_RESULT_OK);
    assert_int_equal(pica_memory_unmap(&m, 0x1000), GLHLE_RESULT_NOT_FOUND);
    assert_null(pica_memory_ptr(&m, 0x1000, 1));
    assert_int_equal(pica_memory_map(&m, 0x1010, a, 4, ts_logger()), GLHLE_RESULT_OK);
}

static void slots_run_out(void **state)
{
    (void)state;
    static uint8_t a[16];
    pica_memory m;
    memset(&m, 0, sizeof m);
    for (uint32_t i = 0; i < PICA_MAX_MAPPINGS; i++)
        assert_int_equal(pica_memory_map(&m, 0x100000u * (PICA_MAX_MAPPINGS - i), a, 16, ts_logger()),
                         GLHLE_RESULT_OK);
    ts_log_clear();
    assert_int_equal(pica_memory_map(&m, 0x40000000, a, 16, ts_logger()), GLHLE_RESULT_OUT_OF_MEMORY);
    assert_true(ts_log_contains("all 16 memory mappings are in use"));
    for (uint32_t i = 1; i < PICA_MAX_MAPPINGS; i++)
        assert_true(m.map[i - 1].paddr < m.map[i].paddr);
    assert_ptr_equal(pica_memory_ptr(&m, 0x100000u * 7 + 3, 1), a + 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(maps_and_reads),
        cmocka_unit_test(extents),
        cmocka_unit_test(rejects_bad_mappings),
        cmocka_unit_test(slots_run_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
