/* backend/maxwell/memory/address_space.c through the public API: mapping
 * rules, aliasing, checked copies across mappings, unmapping with trims and
 * splits, the 40-bit limit. Expected bytes are written by the test itself. */
#include "support/test_support.h"

#include <string.h>

#include "backend/maxwell/memory/address_space.h"
#include "support/maxwell_support.h"

static void map_read_write_and_kinds(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    uint8_t host[64];
    for (int i = 0; i < 64; i++)
        host[i] = (uint8_t)i;
    assert_int_equal(glhle_maxwell_map(gpu, 0x10000, host, 64, GLHLE_MAXWELL_KIND_GENERIC_16BX2), GLHLE_RESULT_OK);
    uint8_t out[8];
    assert_int_equal(glhle_maxwell_read(gpu, 0x10010, out, 8), GLHLE_RESULT_OK);
    assert_int_equal(out[0], 0x10);
    assert_int_equal(out[7], 0x17);
    const uint8_t in[2] = {0xAA, 0xBB};
    assert_int_equal(glhle_maxwell_write(gpu, 0x1003E, in, 2), GLHLE_RESULT_OK);
    assert_int_equal(host[62], 0xAA);
    assert_int_equal(host[63], 0xBB);
    /* one byte past the end faults and copies nothing */
    memset(out, 0x5A, sizeof out);
    assert_int_equal(glhle_maxwell_read(gpu, 0x1003C, out, 5), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(out[0], 0x5A);
    assert_int_equal(glhle_maxwell_write(gpu, 0xFFFF, in, 2), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(host[0], 0);
    glhle_maxwell_kind k;
    assert_int_equal(glhle_maxwell_kind_at(gpu, 0x1003F, &k), GLHLE_RESULT_OK);
    assert_int_equal(k, GLHLE_MAXWELL_KIND_GENERIC_16BX2);
    assert_int_equal(glhle_maxwell_kind_at(gpu, 0x10040, &k), GLHLE_RESULT_NOT_FOUND);
    glhle_maxwell_destroy(gpu);
}

/* mw_as_kinds: the kinds of every mapping a range touches (bits by
 * glhle_maxwell_kind), 0 in a hole. */
static void kinds_of_ranges(void **state)
{
    (void)state;
    mw_address_space as;
    assert_int_equal(mw_as_init(&as, 8), GLHLE_RESULT_OK);
    static uint8_t a[0x100], b[0x100], c[0x100];
    assert_int_equal(mw_as_map(&as, 0x1000, a, 0x100, GLHLE_MAXWELL_KIND_PITCH, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(mw_as_map(&as, 0x1100, b, 0x100, GLHLE_MAXWELL_KIND_GENERIC_16BX2, ts_logger()),
                     GLHLE_RESULT_OK);
    assert_int_equal(mw_as_map(&as, 0x1300, c, 0x100, GLHLE_MAXWELL_KIND_COMPRESSED, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(mw_as_kinds(&as, 0x1000, 0x100), 1u << GLHLE_MAXWELL_KIND_PITCH);
    assert_int_equal(mw_as_kinds(&as, 0x10FF, 2), (1u << GLHLE_MAXWELL_KIND_PITCH) | (1u << GLHLE_MAXWELL_KIND_GENERIC_16BX2));
    assert_int_equal(mw_as_kinds(&as, 0x1100, 0x100), 1u << GLHLE_MAXWELL_KIND_GENERIC_16BX2);
    assert_int_equal(mw_as_kinds(&as, 0x1200, 0x100), 0u); /* the hole */
    assert_int_equal(mw_as_kinds(&as, 0x1180, 0x200),
                     (1u << GLHLE_MAXWELL_KIND_GENERIC_16BX2) | (1u << GLHLE_MAXWELL_KIND_COMPRESSED));
    assert_int_equal(mw_as_kinds(&as, 0x13FF, 1), 1u << GLHLE_MAXWELL_KIND_COMPRESSED);
    assert_int_equal(mw_as_kinds(&as, 0x1400, 1), 0u);
    mw_as_fini(&as);
}

static void mapping_rules(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    uint8_t host[64];
    assert_int_equal(glhle_maxwell_map(gpu, 0x1000, host, 64, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    /* overlaps at either end, or inside */
    assert_int_equal(glhle_maxwell_map(gpu, 0xFC1, host, 64, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_maxwell_map(gpu, 0x103F, host, 1, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_INVALID_ARGUMENT);
    /* touching is fine */
    assert_int_equal(glhle_maxwell_map(gpu, 0xFC0, host, 64, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, 0x1040, host, 64, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    /* 40 bits: the last byte is 0xFF_FFFF_FFFF */
    assert_int_equal(glhle_maxwell_map(gpu, (1ull << 40) - 64, host, 64, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, (1ull << 40) - 32, host, 64, GLHLE_MAXWELL_KIND_PITCH),
                     GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_maxwell_map(gpu, 1ull << 40, host, 1, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_maxwell_map(gpu, 0x9000, NULL, 64, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_maxwell_map(gpu, 0x9000, host, 0, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_maxwell_map(gpu, 0x9000, host, 8, GLHLE_MAXWELL_KIND_COUNT_), GLHLE_RESULT_INVALID_ARGUMENT);
    glhle_maxwell_destroy(gpu);
}

static void aliases_share_bytes_and_copies_cross_mappings(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    uint8_t host[32] = {0}, other[32] = {0};
    assert_int_equal(glhle_maxwell_map(gpu, 0x4000000000ull, host, 32, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, 0x0000200000ull, host, 32, GLHLE_MAXWELL_KIND_GENERIC_16BX2), GLHLE_RESULT_OK);
    const uint32_t v = 0xCAFEF00D;
    assert_int_equal(glhle_maxwell_write(gpu, 0x4000000008ull, &v, 4), GLHLE_RESULT_OK);
    uint32_t r = 0;
    assert_int_equal(glhle_maxwell_read(gpu, 0x0000200008ull, &r, 4), GLHLE_RESULT_OK);
    assert_int_equal(r, 0xCAFEF00D);
    /* adjacent mappings onto different host memory: a copy crosses the seam */
    assert_int_equal(glhle_maxwell_map(gpu, 0x4000000020ull, other, 32, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    uint8_t pattern[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    assert_int_equal(glhle_maxwell_write(gpu, 0x400000001Cull, pattern, 8), GLHLE_RESULT_OK);
    assert_int_equal(host[28], 1);
    assert_int_equal(host[31], 4);
    assert_int_equal(other[0], 5);
    assert_int_equal(other[3], 8);
    uint8_t back[8] = {0};
    assert_int_equal(glhle_maxwell_read(gpu, 0x400000001Cull, back, 8), GLHLE_RESULT_OK);
    assert_memory_equal(back, pattern, 8);
    glhle_maxwell_destroy(gpu);
}

static void unmap_trims_and_splits(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    uint8_t host[0x100];
    for (int i = 0; i < 0x100; i++)
        host[i] = (uint8_t)i;
    uint8_t b;
    assert_int_equal(glhle_maxwell_map(gpu, 0x1000, host, 0x100, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    /* a hole in the middle: [0x1040, 0x1080) */
    assert_int_equal(glhle_maxwell_unmap(gpu, 0x1040, 0x40), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_read(gpu, 0x103F, &b, 1), GLHLE_RESULT_OK);
    assert_int_equal(b, 0x3F);
    assert_int_equal(glhle_maxwell_read(gpu, 0x1040, &b, 1), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(glhle_maxwell_read(gpu, 0x107F, &b, 1), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(glhle_maxwell_read(gpu, 0x1080, &b, 1), GLHLE_RESULT_OK);
    assert_int_equal(b, 0x80); /* the upper half still points at the same host bytes */
    /* across both halves: trims the first's tail and the second's head */
    assert_int_equal(glhle_maxwell_unmap(gpu, 0x1030, 0x60), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_read(gpu, 0x102F, &b, 1), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_read(gpu, 0x1030, &b, 1), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(glhle_maxwell_read(gpu, 0x108F, &b, 1), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(glhle_maxwell_read(gpu, 0x1090, &b, 1), GLHLE_RESULT_OK);
    assert_int_equal(b, 0x90);
    /* a range with nothing in it */
    assert_int_equal(glhle_maxwell_unmap(gpu, 0x1040, 0x40), GLHLE_RESULT_NOT_FOUND);
    /* everything */
    assert_int_equal(glhle_maxwell_unmap(gpu, 0, 1ull << 40), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_read(gpu, 0x1000, &b, 1), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(glhle_maxwell_read(gpu, 0x10FF, &b, 1), GLHLE_RESULT_OUT_OF_BOUNDS);
    glhle_maxwell_destroy(gpu);
}

/* Lookups try the mapping the last one found first (mw_as_find's hint,
 * mw_as_read's inline copy): a guess that must be checked against the
 * table as it is now, after unmaps move, trim and drop mappings and maps
 * insert before it. Each read below would find the old mapping's bytes
 * (or bytes past its end) if the guess were trusted. */
static void lookups_recheck_the_last_mapping(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    static uint8_t a[0x100], b[0x100], c[0x100];
    for (int i = 0; i < 0x100; i++) {
        a[i] = (uint8_t)i;
        b[i] = (uint8_t)(0x80 ^ i);
        c[i] = (uint8_t)(0x40 ^ i);
    }
    assert_int_equal(glhle_maxwell_map(gpu, 0x1000, a, sizeof a, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, 0x2000, b, sizeof b, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    uint8_t out[4];
    assert_int_equal(glhle_maxwell_read(gpu, 0x1010, out, 4), GLHLE_RESULT_OK); /* the guess: a, slot 0 */
    assert_int_equal(out[0], 0x10);
    /* a unmapped: b moves into slot 0, and 0x1010 is no one's */
    assert_int_equal(glhle_maxwell_unmap(gpu, 0x1000, sizeof a), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_read(gpu, 0x1010, out, 4), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(glhle_maxwell_read(gpu, 0x2010, out, 4), GLHLE_RESULT_OK); /* the guess: b, slot 0 */
    assert_int_equal(out[0], 0x80 ^ 0x10);
    /* c mapped before b takes slot 0: a read of b's bytes must not get c's */
    assert_int_equal(glhle_maxwell_map(gpu, 0x0800, c, sizeof c, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_read(gpu, 0x2010, out, 4), GLHLE_RESULT_OK);
    assert_int_equal(out[0], 0x80 ^ 0x10);
    assert_int_equal(out[3], 0x80 ^ 0x13);
    /* b's head trimmed (its va and host move on): its old first bytes are gone */
    assert_int_equal(glhle_maxwell_unmap(gpu, 0x2000, 0x20), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_read(gpu, 0x2010, out, 4), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(glhle_maxwell_read(gpu, 0x2020, out, 4), GLHLE_RESULT_OK);
    assert_int_equal(out[0], 0x80 ^ 0x20);
    /* a read that starts in the guessed mapping and runs past its end */
    assert_int_equal(glhle_maxwell_read(gpu, 0x20FE, out, 4), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(glhle_maxwell_map(gpu, 0x2100, a, sizeof a, GLHLE_MAXWELL_KIND_PITCH), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_read(gpu, 0x20FE, out, 4), GLHLE_RESULT_OK); /* across into the next one */
    assert_int_equal(out[0], 0x80 ^ 0xFE);
    assert_int_equal(out[1], 0x80 ^ 0xFF);
    assert_int_equal(out[2], 0x00);
    assert_int_equal(out[3], 0x01);
    glhle_maxwell_destroy(gpu);
}

static void table_capacity_is_fixed(void **state)
{
    (void)state;
    mw_address_space as;
    assert_int_equal(mw_as_init(&as, 2), GLHLE_RESULT_OK);
    uint8_t host[16];
    assert_int_equal(mw_as_map(&as, 0x000, host, 16, 0, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(mw_as_map(&as, 0x100, host, 16, 0, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(mw_as_map(&as, 0x200, host, 16, 0, ts_logger()), GLHLE_RESULT_OUT_OF_MEMORY);
    /* a split needs a slot too: refused, nothing changes */
    assert_int_equal(mw_as_unmap(&as, 0x104, 4, ts_logger()), GLHLE_RESULT_OUT_OF_MEMORY);
    assert_non_null(mw_as_ptr(&as, 0x104, 4));
    assert_null(mw_as_ptr(&as, 0x10C, 8));
    assert_int_equal(as.count, 2);
    mw_as_fini(&as);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(map_read_write_and_kinds),
        cmocka_unit_test(kinds_of_ranges),
        cmocka_unit_test(mapping_rules),
        cmocka_unit_test(aliases_share_bytes_and_copies_cross_mappings),
        cmocka_unit_test(unmap_trims_and_splits),
        cmocka_unit_test(table_capacity_is_fixed),
        cmocka_unit_test(lookups_recheck_the_last_mapping),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
