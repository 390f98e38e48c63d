/* backend/common/hash.c */
#include "support/test_support.h"

#include <string.h>

#include "backend/common/hash.h"

static void known_vectors(void **state)
{
    (void)state;
    /* published XXH3-64 values (xxHash's README / test vectors) */
    assert_int_equal(glhle_hash64("", 0), 0x2D06800538D394C2ull);
    assert_int_equal(glhle_hash64("abc", 3), 0x78AF5F94892F3950ull);
}

static void seed_changes_value(void **state)
{
    (void)state;
    const char key[] = "pica_fs_key";
    assert_int_equal(glhle_hash64_seed(key, sizeof key, 0), glhle_hash64(key, sizeof key));
    assert_int_not_equal(glhle_hash64_seed(key, sizeof key, 1), glhle_hash64(key, sizeof key));
}

static void streaming_equals_one_shot(void **state)
{
    (void)state;
    uint8_t data[1000];
    for (int i = 0; i < 1000; i++)
        data[i] = (uint8_t)(i * 7 + 3);
    /* sizes across XXH3's internal paths: 0-16, 17-128, 129-240, long input */
    static const size_t sizes[] = {0, 1, 3, 4, 8, 9, 16, 17, 128, 129, 240, 241, 1000};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        glhle_hash_state st;
        glhle_hash_begin(&st, 42);
        for (size_t off = 0; off < n; off += 13)
            glhle_hash_update(&st, data + off, n - off < 13 ? n - off : 13);
        assert_int_equal(glhle_hash_end(&st), glhle_hash64_seed(data, n, 42));
    }
}

static void one_bit_changes_hash(void **state)
{
    (void)state;
    uint32_t key[24];
    memset(key, 0, sizeof key);
    uint64_t base = glhle_hash64(key, sizeof key);
    for (int bit = 0; bit < 24 * 32; bit++) {
        key[bit / 32] ^= 1u << (bit % 32);
        assert_int_not_equal(glhle_hash64(key, sizeof key), base);
        key[bit / 32] ^= 1u << (bit % 32);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(known_vectors),
        cmocka_unit_test(seed_changes_value),
        cmocka_unit_test(streaming_equals_one_shot),
        cmocka_unit_test(one_bit_changes_hash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
