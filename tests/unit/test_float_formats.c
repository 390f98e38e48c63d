/* backend/common/float_formats.c: the PICA float and fixed-point formats.
 * Expected values are worked out by hand from the format definitions
 * (3dbrew GPU/Internal_Registers "Data Types", seed 000: f24 0x3F0000 = 1.0,
 * 0x7F0000 = +inf) and from IEEE half precision for f16. */
#include "support/test_support.h"

#include <math.h>

#include "backend/common/float_formats.h"

static void assert_bits(float got, uint32_t want_bits)
{
    if (glhle_float_to_bits(got) != want_bits)
        fail_msg("got %a (0x%08x), want 0x%08x", (double)got, glhle_float_to_bits(got), want_bits);
}

static void f24_known_values(void **state)
{
    (void)state;
    assert_true(glhle_f24_to_float(0x3F0000) == 1.0f);
    assert_true(glhle_f24_to_float(0xBF0000) == -1.0f);
    assert_true(glhle_f24_to_float(0x400000) == 2.0f);
    assert_true(glhle_f24_to_float(0x3E0000) == 0.5f);
    assert_true(glhle_f24_to_float(0x3F8000) == 1.5f);
    assert_true(glhle_f24_to_float(0x3F0001) == 1.0f + ldexpf(1.0f, -16));
    /* zero and negative zero keep their sign */
    assert_bits(glhle_f24_to_float(0x000000), 0x00000000);
    assert_bits(glhle_f24_to_float(0x800000), 0x80000000);
    /* infinities and NaN */
    assert_true(isinf(glhle_f24_to_float(0x7F0000)) && glhle_f24_to_float(0x7F0000) > 0);
    assert_true(isinf(glhle_f24_to_float(0xFF0000)) && glhle_f24_to_float(0xFF0000) < 0);
    assert_true(isnan(glhle_f24_to_float(0x7F0001)));
    assert_true(isnan(glhle_f24_to_float(0xFFFFFF)));
    assert_true(glhle_pica_float_is_nan(0x7F8000, 7, 16));
    assert_false(glhle_pica_float_is_nan(0x7F0000, 7, 16));
    assert_false(glhle_pica_float_is_nan(0x3F0000, 7, 16));
    /* denormals: m * 2^(1 - 63 - 16) */
    assert_true(glhle_f24_to_float(0x000001) == ldexpf(1.0f, -78));
    assert_true(glhle_f24_to_float(0x00FFFF) == ldexpf(65535.0f, -78));
    assert_true(glhle_f24_to_float(0x808000) == -ldexpf(1.0f, -63));
    /* smallest normal and largest finite */
    assert_true(glhle_f24_to_float(0x010000) == ldexpf(1.0f, -62));
    assert_true(glhle_f24_to_float(0x7EFFFF) == ldexpf(2.0f - ldexpf(1.0f, -16), 63));
    /* bits above the format are ignored */
    assert_true(glhle_f24_to_float(0xAB3F0000u) == 1.0f);
}

static void other_formats_known_values(void **state)
{
    (void)state;
    /* f16 is IEEE half precision */
    assert_true(glhle_f16_to_float(0x3C00) == 1.0f);
    assert_true(glhle_f16_to_float(0xC000) == -2.0f);
    assert_true(glhle_f16_to_float(0x3555) == 0x1.554p-2f);
    assert_true(glhle_f16_to_float(0x0001) == ldexpf(1.0f, -24));
    assert_true(glhle_f16_to_float(0x7BFF) == 65504.0f);
    assert_true(isinf(glhle_f16_to_float(0x7C00)));
    assert_true(isnan(glhle_f16_to_float(0x7E00)));
    assert_bits(glhle_f16_to_float(0x8000), 0x80000000);
    /* f20 1.7.12 */
    assert_true(glhle_f20_to_float(0x3F000) == 1.0f);
    assert_true(glhle_f20_to_float(0xBE800) == -0.75f);
    assert_true(glhle_f20_to_float(0x00001) == ldexpf(1.0f, -74));
    assert_true(isinf(glhle_f20_to_float(0x7F000)));
    /* f31 1.7.23: same mantissa as binary32, exponent rebased from 127 to 63 */
    assert_true(glhle_f31_to_float(0x1F800000) == 1.0f);
    assert_true(glhle_f31_to_float(0x5F800000) == -1.0f);
    assert_true(glhle_f31_to_float(0x1F000000) == 0.5f);
    assert_true(glhle_f31_to_float(0x00000001) == ldexpf(1.0f, -85));
    /* 8-bit exponent, 23-bit mantissa is binary32 itself, denormals included */
    assert_bits(glhle_pica_float_decode(0x00000001, 8, 23), 0x00000001);
    assert_bits(glhle_pica_float_decode(0x807FFFFF, 8, 23), 0x807FFFFF);
    assert_bits(glhle_pica_float_decode(0x3F800000, 8, 23), 0x3F800000);
}

static void f24_encode_rounds_to_nearest_even(void **state)
{
    (void)state;
    assert_int_equal(glhle_float_to_f24(1.0f), 0x3F0000);
    assert_int_equal(glhle_float_to_f24(-2.0f), 0xC00000);
    assert_int_equal(glhle_float_to_f24(0.0f), 0x000000);
    assert_int_equal(glhle_float_to_f24(-0.0f), 0x800000);
    /* exactly half an ulp (2^-17) above 1.0: tie, 1.0's mantissa is even */
    assert_int_equal(glhle_float_to_f24(1.0f + ldexpf(1.0f, -17)), 0x3F0000);
    /* 1.5 ulp: tie between mantissas 1 and 2, goes to the even one */
    assert_int_equal(glhle_float_to_f24(1.0f + ldexpf(3.0f, -17)), 0x3F0002);
    /* just over half an ulp rounds up */
    assert_int_equal(glhle_float_to_f24(1.0f + ldexpf(1.0f, -17) + ldexpf(1.0f, -23)), 0x3F0001);
    /* rounding up carries into the exponent */
    assert_int_equal(glhle_float_to_f24(2.0f - ldexpf(1.0f, -18)), 0x400000);
    /* overflow: 2^64 and the midpoint above the largest finite go to inf */
    assert_int_equal(glhle_float_to_f24(ldexpf(1.0f, 64)), 0x7F0000);
    assert_int_equal(glhle_float_to_f24(ldexpf(2.0f - ldexpf(1.0f, -17), 63)), 0x7F0000);
    assert_int_equal(glhle_float_to_f24(ldexpf(2.0f - ldexpf(1.0f, -16), 63)), 0x7EFFFF);
    assert_int_equal(glhle_float_to_f24(-INFINITY), 0xFF0000);
    /* underflow into denormals, ties to even at the bottom */
    assert_int_equal(glhle_float_to_f24(ldexpf(1.0f, -62)), 0x010000);
    assert_int_equal(glhle_float_to_f24(ldexpf(1.0f, -78)), 0x000001);
    assert_int_equal(glhle_float_to_f24(ldexpf(1.0f, -79)), 0x000000);
    assert_int_equal(glhle_float_to_f24(ldexpf(3.0f, -80)), 0x000001);
    assert_int_equal(glhle_float_to_f24(ldexpf(3.0f, -79)), 0x000002);
    assert_int_equal(glhle_float_to_f24(-ldexpf(1.0f, -63)), 0x808000);
    /* the largest denormal rounds up to the smallest normal */
    assert_int_equal(glhle_float_to_f24(ldexpf(1.0f, -62) - ldexpf(1.0f, -100)), 0x010000);
    /* binary32 denormals are far below the f24 range */
    assert_int_equal(glhle_float_to_f24(glhle_bits_to_float(0x00000001)), 0x000000);
    assert_int_equal(glhle_float_to_f24(glhle_bits_to_float(0x80400000)), 0x800000);
    /* NaN stays NaN, with or without a payload in the kept bits */
    assert_true(glhle_pica_float_is_nan(glhle_float_to_f24(NAN), 7, 16));
    assert_int_equal(glhle_float_to_f24(glhle_bits_to_float(0x7F800001)), 0x7F8000);
    assert_int_equal(glhle_float_to_f24(glhle_bits_to_float(0xFFC00000)), 0xFF8000);
}

static void other_formats_encode(void **state)
{
    (void)state;
    assert_int_equal(glhle_float_to_f16(1.0f), 0x3C00);
    assert_int_equal(glhle_float_to_f16(65504.0f), 0x7BFF);
    assert_int_equal(glhle_float_to_f16(65520.0f), 0x7C00); /* the half-precision overflow midpoint */
    assert_int_equal(glhle_float_to_f16(ldexpf(1.0f, -24)), 0x0001);
    assert_int_equal(glhle_float_to_f16(ldexpf(1.0f, -25)), 0x0000);
    assert_int_equal(glhle_float_to_f20(1.0f), 0x3F000);
    assert_int_equal(glhle_float_to_f20(-0.75f), 0xBE800);
    assert_int_equal(glhle_float_to_f31(1.0f), 0x1F800000);
    assert_int_equal(glhle_float_to_f31(1.0f / 3.0f), (glhle_float_to_bits(1.0f / 3.0f) - (64u << 23)));
    assert_int_equal(glhle_pica_float_encode(glhle_bits_to_float(0x00000003), 8, 23), 0x00000003);
}

/* Every f16, f20 and f24 encoding decodes to a float that encodes back to
 * the same bits (NaN payloads included); every one is exactly representable. */
static void round_trips_are_exact(void **state)
{
    (void)state;
    static const unsigned formats[][2] = {{5, 10}, {7, 12}, {7, 16}};
    for (size_t f = 0; f < 3; f++) {
        unsigned e = formats[f][0], m = formats[f][1];
        uint32_t count = 1u << (1 + e + m);
        for (uint32_t raw = 0; raw < count; raw++) {
            uint32_t back = glhle_pica_float_encode(glhle_pica_float_decode(raw, e, m), e, m);
            if (back != raw)
                fail_msg("format 1.%u.%u: 0x%x -> %a -> 0x%x", e, m, raw,
                         (double)glhle_pica_float_decode(raw, e, m), back);
        }
    }
    /* f31: a sample of 2^20 patterns across all exponents */
    for (uint32_t i = 0; i < (1u << 20); i++) {
        uint32_t raw = (i * 2654435761u) & 0x7FFFFFFF;
        assert_int_equal(glhle_float_to_f31(glhle_f31_to_float(raw)), raw);
    }
}

static void fixed_point(void **state)
{
    (void)state;
    /* fixed1.4.8 (texture LOD bias), 13 bits */
    assert_true(glhle_fixed_to_float(0x0100, 4, 8, true) == 1.0f);
    assert_true(glhle_fixed_to_float(0x1F00, 4, 8, true) == -1.0f);
    assert_true(glhle_fixed_to_float(0x1000, 4, 8, true) == -16.0f);
    assert_true(glhle_fixed_to_float(0x0FFF, 4, 8, true) == 16.0f - 1.0f / 256.0f);
    assert_true(glhle_fixed_to_float(0xE100, 4, 8, true) == 1.0f); /* bits above 13 ignored */
    /* fixed1.1.11 (spot direction), 13 bits */
    assert_true(glhle_fixed_to_float(0x0800, 1, 11, true) == 1.0f);
    assert_true(glhle_fixed_to_float(0x1800, 1, 11, true) == -1.0f);
    assert_true(glhle_fixed_to_float(0x1C00, 1, 11, true) == -0.5f);
    /* fixed0.0.12 (LUT values) and fixed0.16.8 (gas delta-z) */
    assert_true(glhle_fixed_to_float(0xFFF, 0, 12, false) == 4095.0f / 4096.0f);
    assert_true(glhle_fixed_to_float(0x000180, 16, 8, false) == 1.5f);
    assert_true(glhle_fixed_to_float(0xFFFFFF, 16, 8, false) == 65536.0f - 1.0f / 256.0f);

    assert_int_equal(glhle_float_to_fixed(1.0f, 4, 8, true), 0x0100);
    assert_int_equal(glhle_float_to_fixed(-1.0f, 4, 8, true), 0x1F00);
    assert_int_equal(glhle_float_to_fixed(100.0f, 4, 8, true), 0x0FFF);  /* saturates */
    assert_int_equal(glhle_float_to_fixed(-100.0f, 4, 8, true), 0x1000);
    assert_int_equal(glhle_float_to_fixed(1.0f / 512.0f, 4, 8, true), 0x0000); /* tie to even */
    assert_int_equal(glhle_float_to_fixed(3.0f / 512.0f, 4, 8, true), 0x0002);
    assert_int_equal(glhle_float_to_fixed(-3.0f / 512.0f, 4, 8, true), 0x1FFE);
    assert_int_equal(glhle_float_to_fixed(NAN, 4, 8, true), 0);
    assert_int_equal(glhle_float_to_fixed(-0.5f, 0, 12, false), 0);
    assert_int_equal(glhle_float_to_fixed(2.0f, 0, 12, false), 0xFFF);
    assert_int_equal(glhle_float_to_fixed(-1.0f, 1, 11, true), 0x1800);

    assert_int_equal(glhle_sign_extend(0x1FFF, 13), -1);
    assert_int_equal(glhle_sign_extend(0x0FFF, 13), 4095);
    assert_int_equal(glhle_sign_extend(0x80, 8), -128);
    assert_int_equal(glhle_sign_extend(0xFFFFFFFFu, 32), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(f24_known_values),
        cmocka_unit_test(other_formats_known_values),
        cmocka_unit_test(f24_encode_rounds_to_nearest_even),
        cmocka_unit_test(other_formats_encode),
        cmocka_unit_test(round_trips_are_exact),
        cmocka_unit_test(fixed_point),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
