/* The PICA200's small floating-point and fixed-point register formats, to
 * and from IEEE single precision, bit-exact.
 *
 * Floats are sign.exponent.mantissa with an IEEE-style biased exponent
 * (bias 2^(e-1) - 1: 63 for the 7-bit exponents, 15 for f16), an implicit
 * leading one, denormals when the exponent field is 0, and inf/NaN when it is
 * all ones (3dbrew GPU/Internal_Registers "Data Types"; f24 0x3F0000 = 1.0 and
 * 0x7F0000 = +inf per the seed reference and Azahar's pica_types.h).
 *   f16 = 1.5.10   light positions, proctex and gas parameters
 *   f20 = 1.7.12   light distance attenuation
 *   f24 = 1.7.16   viewport, depth map, clip planes, uniforms, attributes
 *   f31 = 1.7.23   VIEWPORT_INVW/INVH (stored in bits 1-31 of the register)
 *
 * Every value of these formats is exactly representable as a float (7-bit
 * exponents fit in 8, at most 23 mantissa bits), so decoding is exact, and
 * denormals decode to their exact value. Azahar notes the hardware flushes
 * denormals when it computes; that is the consumer's business, not the
 * conversion's. Encoding rounds to nearest, ties to even, overflows to inf,
 * produces denormals below the normal range and keeps NaN a NaN (the top
 * mantissa bits of the payload, or the quiet bit when they are all zero).
 *
 * Fixed point is s.i.f as 3dbrew writes it (fixed1.4.8 = sign, 4 integer,
 * 8 fraction bits, two's complement): value = raw / 2^f. */
#ifndef GLHLE_COMMON_FLOAT_FORMATS_H
#define GLHLE_COMMON_FLOAT_FORMATS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Generic forms: exp_bits 1..8, mant_bits 1..23; raw's bits above the
 * 1 + exp_bits + mant_bits format width are ignored. */
float glhle_pica_float_decode(uint32_t raw, unsigned exp_bits, unsigned mant_bits);
uint32_t glhle_pica_float_encode(float value, unsigned exp_bits, unsigned mant_bits);

static inline float glhle_f16_to_float(uint32_t raw) { return glhle_pica_float_decode(raw, 5, 10); }
static inline float glhle_f20_to_float(uint32_t raw) { return glhle_pica_float_decode(raw, 7, 12); }
static inline float glhle_f24_to_float(uint32_t raw) { return glhle_pica_float_decode(raw, 7, 16); }
static inline float glhle_f31_to_float(uint32_t raw) { return glhle_pica_float_decode(raw, 7, 23); }
static inline uint32_t glhle_float_to_f16(float v) { return glhle_pica_float_encode(v, 5, 10); }
static inline uint32_t glhle_float_to_f20(float v) { return glhle_pica_float_encode(v, 7, 12); }
static inline uint32_t glhle_float_to_f24(float v) { return glhle_pica_float_encode(v, 7, 16); }
static inline uint32_t glhle_float_to_f31(float v) { return glhle_pica_float_encode(v, 7, 23); }

/* True when raw (in the given format) is a NaN: exponent all ones and a
 * non-zero mantissa. The command-list parser reports these (3dbrew: NaN
 * parameters can hang the GPU). */
static inline bool glhle_pica_float_is_nan(uint32_t raw, unsigned exp_bits, unsigned mant_bits)
{
    const uint32_t emask = (1u << exp_bits) - 1;
    return ((raw >> mant_bits) & emask) == emask && (raw & ((1u << mant_bits) - 1)) != 0;
}

/* IEEE single bits <-> float without aliasing tricks. */
static inline float glhle_bits_to_float(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static inline uint32_t glhle_float_to_bits(float v)
{
    uint32_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

/* Fixed point with is_signed + int_bits + frac_bits <= 24 (every PICA fixed
 * format fits, so decoding is exact). raw's bits above the width are ignored;
 * signed values are two's complement. */
float glhle_fixed_to_float(uint32_t raw, unsigned int_bits, unsigned frac_bits, bool is_signed);
/* Rounds to nearest, ties to even; saturates to the format's range; NaN -> 0.
 * The result is masked to the format's width. */
uint32_t glhle_float_to_fixed(float value, unsigned int_bits, unsigned frac_bits, bool is_signed);

/* Sign-extends the low `bits` bits of v. */
static inline int32_t glhle_sign_extend(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    v &= bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
    return (int32_t)((v ^ m) - m);
}

#endif
