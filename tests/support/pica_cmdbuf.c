#include "support/pica_cmdbuf.h"

#include <stdlib.h>
#include <string.h>

void tp_cmd_init(tp_cmdbuf *b)
{
    memset(b, 0, sizeof *b);
}

void tp_cmd_free(tp_cmdbuf *b)
{
    free(b->w);
    memset(b, 0, sizeof *b);
}

void tp_cmd_raw(tp_cmdbuf *b, const uint32_t *words, size_t n)
{
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n)
            cap *= 2;
        uint32_t *w = realloc(b->w, cap * sizeof *w);
        if (!w)
            abort();
        b->w = w;
        b->cap = cap;
    }
    memcpy(b->w + b->n, words, n * sizeof *words);
    b->n += n;
}

uint32_t tp_cmd_header(uint32_t reg, uint32_t mask, bool consecutive, uint32_t count)
{
    return (consecutive ? 0x80000000u : 0) | ((count - 1) << 20) | ((mask & 0xF) << 16) | (reg & 0xFFFF);
}

void tp_cmd(tp_cmdbuf *b, uint32_t reg, uint32_t mask, bool consecutive, const uint32_t *params, uint32_t count)
{
    uint32_t head[2] = {params[0], tp_cmd_header(reg, mask, consecutive, count)};
    tp_cmd_raw(b, head, 2);
    if (count > 1)
        tp_cmd_raw(b, params + 1, count - 1);
    if ((count - 1) & 1) {
        uint32_t pad = 0;
        tp_cmd_raw(b, &pad, 1);
    }
}

void tp_cmd1(tp_cmdbuf *b, uint32_t reg, uint32_t value)
{
    tp_cmd(b, reg, 0xF, false, &value, 1);
}

void tp_cmd_align16(tp_cmdbuf *b)
{
    if (b->n % 4) {
        uint32_t nop = 0;
        tp_cmd(b, 0, 0, false, &nop, 1);
    }
}

void tp_cmd_finalize(tp_cmdbuf *b)
{
    tp_cmd1(b, 0x010, 0x12345678);
    tp_cmd_align16(b);
}

void tp_pack_f24x4(const uint32_t raw[4], uint32_t out[3])
{
    uint32_t x = raw[0] & 0xFFFFFF, y = raw[1] & 0xFFFFFF, z = raw[2] & 0xFFFFFF, w = raw[3] & 0xFFFFFF;
    out[0] = (w << 8) | (z >> 16);
    out[1] = ((z & 0xFFFF) << 16) | (y >> 8);
    out[2] = ((y & 0xFF) << 24) | x;
}
