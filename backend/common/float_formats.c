#include "backend/common/float_formats.h"

#include <math.h>

float glhle_pica_float_decode(uint32_t raw, unsigned exp_bits, unsigned mant_bits)
{
    const uint32_t emask = (1u << exp_bits) - 1;
    const uint32_t mmask = (1u << mant_bits) - 1;
    const int bias = (1 << (exp_bits - 1)) - 1;
    const uint32_t sign = ((raw >> (exp_bits + mant_bits)) & 1u) << 31;
    uint32_t e = (raw >> mant_bits) & emask;
    uint32_t m = raw & mmask;

    if (e == emask) /* inf, or NaN keeping its payload's top bits */
        return glhle_bits_to_float(sign | 0x7F800000u | (m << (23 - mant_bits)));
    if (e == 0) {
        if (m == 0)
            return glhle_bits_to_float(sign);
        if (exp_bits == 8) /* same bias as binary32: the denormal is one there too */
            return glhle_bits_to_float(sign | (m << (23 - mant_bits)));
        /* Denormal: m * 2^(1 - bias - mant_bits). With a 7-bit (or smaller)
         * exponent that is a normal single: move the leading one into the
         * implicit position. */
        int exp = 1 - bias;
        while (!(m & (1u << mant_bits))) {
            m <<= 1;
            exp--;
        }
        m &= mmask;
        return glhle_bits_to_float(sign | ((uint32_t)(exp + 127) << 23) | (m << (23 - mant_bits)));
    }
    return glhle_bits_to_float(sign | ((uint32_t)((int)e - bias + 127) << 23) | (m << (23 - mant_bits)));
}

/* x / 2^shift rounded to nearest, ties to even. */
static uint64_t round_shift(uint64_t x, unsigned shift)
{
    if (shift == 0)
        return x;
    if (shift >= 63)
        return 0;
    uint64_t q = x >> shift;
    uint64_t rem = x & ((1ull << shift) - 1);
    uint64_t half = 1ull << (shift - 1);
    if (rem > half || (rem == half && (q & 1)))
        q++;
    return q;
}

uint32_t glhle_pica_float_encode(float value, unsigned exp_bits, unsigned mant_bits)
{
    const uint32_t emask = (1u << exp_bits) - 1;
    const int bias = (1 << (exp_bits - 1)) - 1;
    const uint32_t bits = glhle_float_to_bits(value);
    const uint32_t sign = (bits >> 31) << (exp_bits + mant_bits);
    const uint32_t fe = (bits >> 23) & 0xFF;
    const uint32_t fm = bits & 0x7FFFFF;

    if (fe == 0xFF) {
        if (fm == 0)
            return sign | (emask << mant_bits);
        uint32_t m = fm >> (23 - mant_bits);
        if (m == 0)
            m = 1u << (mant_bits - 1); /* the payload's top bits were zero: quiet NaN */
        return sign | (emask << mant_bits) | m;
    }
    if (fe == 0 && fm == 0)
        return sign;

    /* significand with 24 bits (bit 23 the leading one) and unbiased exponent */
    uint64_t sig = fe ? (fm | 0x800000u) : fm;
    int exp = fe ? (int)fe - 127 : -126;
    while (!(sig & 0x800000u)) {
        sig <<= 1;
        exp--;
    }
    int out_exp = exp + bias;
    if (out_exp >= 1) {
        uint64_t r = round_shift(sig, 23 - mant_bits);
        if (r >> (mant_bits + 1)) { /* rounding carried into the next binade */
            r >>= 1;
            out_exp++;
        }
        if (out_exp >= (int)emask)
            return sign | (emask << mant_bits);
        return sign | ((uint32_t)out_exp << mant_bits) | ((uint32_t)r & ((1u << mant_bits) - 1));
    }
    /* denormal in the target format; a carry to 1 << mant_bits is exactly the
     * smallest normal (exponent field 1, mantissa 0) */
    uint64_t r = round_shift(sig, (unsigned)(23 - (int)mant_bits + 1 - out_exp));
    return sign | (uint32_t)r;
}

float glhle_fixed_to_float(uint32_t raw, unsigned int_bits, unsigned frac_bits, bool is_signed)
{
    unsigned width = int_bits + frac_bits + (is_signed ? 1u : 0u);
    int64_t v = is_signed ? (int64_t)glhle_sign_extend(raw, width) : (int64_t)(raw & ((1ull << width) - 1));
    return (float)ldexp((double)v, -(int)frac_bits);
}

uint32_t glhle_float_to_fixed(float value, unsigned int_bits, unsigned frac_bits, bool is_signed)
{
    unsigned width = int_bits + frac_bits + (is_signed ? 1u : 0u);
    if (isnan(value))
        return 0;
    int64_t lo = is_signed ? -(1ll << (width - 1)) : 0;
    int64_t hi = is_signed ? (1ll << (width - 1)) - 1 : (1ll << width) - 1;
    double scaled = ldexp((double)value, (int)frac_bits);
    int64_t v;
    if (scaled <= (double)lo)
        v = lo;
    else if (scaled >= (double)hi)
        v = hi;
    else
        v = (int64_t)nearbyint(scaled); /* default rounding mode: nearest, ties to even */
    return (uint32_t)v & (uint32_t)((1ull << width) - 1);
}
