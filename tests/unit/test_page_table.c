/* backend/pica/surface/page_table.c: page-granular overlap queries against a brute
 * force over random ranges, de-duplication, removal, the end of the
 * address space and node reuse. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/surface/page_table.h"

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static void basic_queries(void **state)
{
    (void)state;
    pica_page_table pt;
    assert_int_equal(pica_page_table_init(&pt, 16), GLHLE_RESULT_OK);
    assert_int_equal(pica_page_table_insert(&pt, 0x18000000, 0x3000, 1), GLHLE_RESULT_OK); /* pages 0-2 */
    assert_int_equal(pica_page_table_insert(&pt, 0x18002FFF, 2, 2), GLHLE_RESULT_OK);      /* pages 2-3 */
    assert_int_equal(pica_page_table_insert(&pt, 0xFFFFF000, 0x1000, 3), GLHLE_RESULT_OK); /* the last page */
    uint32_t out[8];
    assert_int_equal(pica_page_table_query(&pt, 0x18000000, 0x1000, out, 8), 1);
    assert_int_equal(out[0], 1);
    /* item 1 spans three pages of the range but is reported once */
    uint32_t n = pica_page_table_query(&pt, 0x17FFF000, 0x10000, out, 8);
    assert_int_equal(n, 2);
    qsort(out, n, sizeof out[0], cmp_u32);
    assert_int_equal(out[0], 1);
    assert_int_equal(out[1], 2);
    assert_int_equal(pica_page_table_query(&pt, 0x18003000, 1, out, 8), 1);
    assert_int_equal(out[0], 2);
    assert_int_equal(pica_page_table_query(&pt, 0x18004000, 0x1000, out, 8), 0);
    /* the range is clipped at 2^32 */
    assert_int_equal(pica_page_table_query(&pt, 0xFFFFFFFF, 0xFFFFFFFF, out, 8), 1);
    assert_int_equal(out[0], 3);
    /* too small an output: the count is still right */
    assert_int_equal(pica_page_table_query(&pt, 0, 0xFFFFFFFF, out, 1), 3);
    assert_int_equal(pica_page_table_query(&pt, 0x18000000, 0, out, 8), 0);
    pica_page_table_remove(&pt, 0x18000000, 0x3000, 1);
    assert_int_equal(pica_page_table_query(&pt, 0x18000000, 0x3000, out, 8), 1);
    assert_int_equal(out[0], 2);
    pica_page_table_free(&pt);
}

static void random_against_brute_force(void **state)
{
    (void)state;
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("page_table", 8));
    enum { ITEMS = 64 };
    uint32_t addr[ITEMS], size[ITEMS];
    bool live[ITEMS] = {false};
    pica_page_table pt;
    assert_int_equal(pica_page_table_init(&pt, ITEMS), GLHLE_RESULT_OK);
    for (int step = 0; step < 4000; step++) {
        uint32_t i = ts_rng_below(&rng, ITEMS);
        if (live[i]) {
            pica_page_table_remove(&pt, addr[i], size[i], i);
            live[i] = false;
        } else {
            addr[i] = 0x18000000 + ts_rng_below(&rng, 1u << 22);
            size[i] = 1 + ts_rng_below(&rng, 1u << ts_rng_below(&rng, 18));
            assert_int_equal(pica_page_table_insert(&pt, addr[i], size[i], i), GLHLE_RESULT_OK);
            live[i] = true;
        }
        uint32_t qa = 0x18000000 + ts_rng_below(&rng, 1u << 22), qs = 1 + ts_rng_below(&rng, 1u << 16);
        uint32_t got[ITEMS], n = pica_page_table_query(&pt, qa, qs, got, ITEMS);
        bool seen[ITEMS] = {false};
        for (uint32_t k = 0; k < n; k++) {
            assert_false(seen[got[k]]);
            seen[got[k]] = true;
        }
        for (uint32_t j = 0; j < ITEMS; j++) {
            bool expect = live[j] && (addr[j] >> 12) <= ((qa + qs - 1) >> 12) &&
                          ((addr[j] + size[j] - 1) >> 12) >= (qa >> 12);
            if (expect != seen[j])
                fail_msg("step %d item %u [%08x+%x] query [%08x+%x]: expected %d", step, j, addr[j], size[j], qa, qs,
                         expect);
        }
    }
    /* removing everything returns every node to the free list, reused next */
    for (uint32_t j = 0; j < ITEMS; j++)
        if (live[j])
            pica_page_table_remove(&pt, addr[j], size[j], j);
    uint32_t before = pt.node_count;
    assert_int_equal(pica_page_table_insert(&pt, 0x18000000, 0x10000, 0), GLHLE_RESULT_OK);
    assert_int_equal(pt.node_count, before);
    pica_page_table_free(&pt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(basic_queries),
        cmocka_unit_test(random_against_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
