#ifndef F24_INTERIM_H
#define F24_INTERIM_H
#include <stdint.h>
#include <string.h>
/* INTERIM until issue-3's backend/common/float_formats.h lands: f24
 * (1.7.16, bias 63) widened to f32. */
static inline float glhle_f24_to_f32(uint32_t v)
{
    uint32_t sign = (v >> 23) & 1, exp = (v >> 16) & 0x7F, man = v & 0xFFFF;
    uint32_t bits;
    if (exp == 0 && man == 0)
        bits = sign << 31;
    else if (exp == 0x7F)
        bits = sign << 31 | 0xFFu << 23 | man << 7;
    else if (exp == 0) {
        int e = 1 - 63 + 127;
        while (!(man & 0x10000)) {
            man <<= 1;
            e--;
        }
        bits = sign << 31 | (uint32_t)e << 23 | (man & 0xFFFF) << 7;
    } else
        bits = sign << 31 | (exp - 63 + 127) << 23 | man << 7;
    float f;
    memcpy(&f, &bits, 4);
    return f;
}
#endif
