/* backend/common/arena.c */
#include "support/test_support.h"

#include <string.h>

#include "backend/common/arena.h"

static void alignment_and_distinct(void **state)
{
    (void)state;
    glhle_arena a;
    glhle_arena_init(&a, 256, 0);
    uint8_t *p1 = glhle_arena_alloc(&a, 3, 1);
    uint64_t *p2 = glhle_arena_alloc(&a, 8, 8);
    uint8_t *p3 = glhle_arena_alloc(&a, 1, 64);
    assert_non_null(p1);
    assert_non_null(p2);
    assert_non_null(p3);
    assert_int_equal((uintptr_t)p2 % 8, 0);
    assert_int_equal((uintptr_t)p3 % 64, 0);
    assert_true((uint8_t *)p2 >= p1 + 3);
    assert_true(p3 >= (uint8_t *)(p2 + 1));
    assert_int_equal(a.used, 12);
    assert_null(glhle_arena_alloc(&a, 1, 3));    /* not a power of two */
    assert_null(glhle_arena_alloc(&a, 1, 8192)); /* over 4096 */
    glhle_arena_free(&a);
    assert_null(a.head);
}

static void grows_and_keeps_old_blocks(void **state)
{
    (void)state;
    glhle_arena a;
    glhle_arena_init(&a, 64, 0);
    uint32_t *first = glhle_arena_alloc(&a, 4 * sizeof(uint32_t), 4);
    for (int i = 0; i < 4; i++)
        first[i] = 0xA0 + (uint32_t)i;
    for (int i = 0; i < 100; i++)
        assert_non_null(glhle_arena_alloc(&a, 40, 8)); /* forces many blocks */
    uint8_t *big = glhle_arena_alloc(&a, 1000, 16); /* larger than a block */
    assert_non_null(big);
    memset(big, 0x5A, 1000);
    for (int i = 0; i < 4; i++)
        assert_int_equal(first[i], 0xA0 + (uint32_t)i);
    assert_true(a.reserved >= 100 * 40 + 1000);
    glhle_arena_free(&a);
}

static void capacity_is_a_hard_limit(void **state)
{
    (void)state;
    glhle_arena a;
    glhle_arena_init(&a, 1024, 4096);
    int got = 0;
    while (glhle_arena_alloc(&a, 512, 1))
        got++;
    assert_int_equal(got, 8); /* 4 blocks of 1024 hold two 512-byte pieces each */
    assert_true(a.reserved <= 4096);
    assert_null(glhle_arena_alloc(&a, SIZE_MAX - 8, 1)); /* overflow-safe */
    assert_null(glhle_arena_calloc(&a, SIZE_MAX / 2, 4, 4));
    glhle_arena_free(&a);
}

static void mark_rewind_reset(void **state)
{
    (void)state;
    glhle_arena a;
    glhle_arena_init(&a, 128, 0);
    assert_non_null(glhle_arena_alloc(&a, 100, 1));
    glhle_arena_mark m = glhle_arena_get_mark(&a);
    uint8_t *before = glhle_arena_alloc(&a, 10, 1);
    for (int i = 0; i < 50; i++)
        glhle_arena_alloc(&a, 100, 1);
    glhle_arena_rewind(&a, m);
    assert_int_equal(a.used, 100);
    assert_int_equal(a.reserved, 128); /* the blocks after the mark are freed */
    assert_ptr_equal(glhle_arena_alloc(&a, 10, 1), before);
    glhle_arena_reset(&a);
    assert_int_equal(a.used, 0);
    assert_true(a.high_water >= 5110);
    char *s = glhle_arena_strdup(&a, "texenv");
    assert_string_equal(s, "texenv");
    int *z = GLHLE_ARENA_ARRAY(&a, int, 8);
    for (int i = 0; i < 8; i++)
        assert_int_equal(z[i], 0);
    glhle_arena_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(alignment_and_distinct),
        cmocka_unit_test(grows_and_keeps_old_blocks),
        cmocka_unit_test(capacity_is_a_hard_limit),
        cmocka_unit_test(mark_rewind_reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
