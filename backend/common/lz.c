/* LZ10 / LZ11 / RLE decompression. Stream formats: GBATEK "BIOS
 * Decompression Functions" (LZ77UnComp, RLUnComp) and, for the LZ11
 * variant and the extended 8-byte header, the 3DS toolchain's reader
 * (libctru source/util/decompress/decompress.c) and writer (tex3ds). */
#include "backend/common/lz.h"

#include <string.h>

const char *glhle_lz_type_name(uint8_t type)
{
    switch (type) {
    case GLHLE_LZ_STORED: return "stored";
    case GLHLE_LZ_LZ10: return "lz10";
    case GLHLE_LZ_LZ11: return "lz11";
    case GLHLE_LZ_HUFFMAN: return "huffman";
    case GLHLE_LZ_RLE: return "rle";
    default: return "unknown";
    }
}

glhle_result glhle_lz_parse_header(const void *src, size_t src_size, size_t base, glhle_lz_header *out,
                                   const glhle_logger *lg)
{
    const uint8_t *p = src;
    if (!p || src_size < 4)
        return GLHLE_FAIL(lg, GLHLE_RESULT_TRUNCATED,
                          "lz: compression header at offset %zu needs 4 bytes, %zu left; nothing decompressed", base,
                          p ? src_size : 0);
    glhle_lz_header h = {.type = (uint8_t)(p[0] & 0x7F),
                         .size = (uint32_t)p[1] | (uint32_t)p[2] << 8 | (uint32_t)p[3] << 16,
                         .header_size = 4};
    if (p[0] & 0x80) {
        if (src_size < 8)
            return GLHLE_FAIL(lg, GLHLE_RESULT_TRUNCATED,
                              "lz: extended compression header at offset %zu needs 8 bytes, %zu left", base, src_size);
        h.size |= (uint32_t)p[4] << 24;
        h.header_size = 8;
    }
    switch (h.type) {
    case GLHLE_LZ_STORED:
    case GLHLE_LZ_LZ10:
    case GLHLE_LZ_LZ11:
    case GLHLE_LZ_RLE: break;
    case GLHLE_LZ_HUFFMAN:
        return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED,
                          "lz: Huffman-compressed stream (type 0x28) at offset %zu is not supported; nothing "
                          "decompressed",
                          base);
    default:
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA,
                          "lz: unknown compression type 0x%02X at offset %zu (known: 0x00, 0x10, 0x11, 0x30); nothing "
                          "decompressed",
                          p[0], base);
    }
    if (out)
        *out = h;
    return GLHLE_RESULT_OK;
}

/* A reader that refuses to run past the input. */
typedef struct reader {
    const uint8_t *p;
    size_t pos, size;
} reader;

static inline int next_byte(reader *r)
{
    return r->pos < r->size ? r->p[r->pos++] : -1;
}

/* Copies len bytes from disp bytes back; the regions may overlap (a run). */
static inline void copy_back(uint8_t *dst, size_t out, size_t disp, size_t len)
{
    const uint8_t *from = dst + out - disp;
    uint8_t *to = dst + out;
    if (disp >= len) {
        memcpy(to, from, len);
        return;
    }
    for (size_t i = 0; i < len; i++)
        to[i] = from[i];
}

glhle_result glhle_lz_decompress(const void *src, size_t src_size, size_t base, void *dst_v, size_t dst_size,
                                 size_t *consumed, const glhle_logger *lg)
{
    glhle_lz_header h;
    glhle_result res = glhle_lz_parse_header(src, src_size, base, &h, lg);
    if (consumed)
        *consumed = 0;
    if (res != GLHLE_RESULT_OK)
        return res;
    if (h.size < dst_size)
        return GLHLE_FAIL(lg, GLHLE_RESULT_TRUNCATED,
                          "lz: %s stream at offset %zu announces %u bytes, %zu are needed; nothing decompressed",
                          glhle_lz_type_name(h.type), base, h.size, dst_size);
    if (dst_size && !dst_v)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT, "lz: no output buffer");
    uint8_t *dst = dst_v;
    reader r = {src, h.header_size, src_size};
    size_t out = 0;
    size_t token = 0; /* offset of the token being decoded, for the log */

    switch (h.type) {
    case GLHLE_LZ_STORED:
        if (src_size - r.pos < dst_size) {
            token = src_size;
            goto truncated;
        }
        memcpy(dst, r.p + r.pos, dst_size);
        r.pos += dst_size;
        out = dst_size;
        break;

    case GLHLE_LZ_LZ10:
    case GLHLE_LZ_LZ11:
        while (out < dst_size) {
            token = r.pos;
            int flags = next_byte(&r);
            if (flags < 0)
                goto truncated;
            /* eight tokens per flag byte, most significant bit first:
             * 0 = one literal byte, 1 = a copy from earlier output */
            for (int bit = 7; bit >= 0 && out < dst_size; bit--) {
                token = r.pos;
                int b0 = next_byte(&r);
                if (b0 < 0)
                    goto truncated;
                if (!((flags >> bit) & 1)) {
                    dst[out++] = (uint8_t)b0;
                    continue;
                }
                int b1 = next_byte(&r);
                if (b1 < 0)
                    goto truncated;
                size_t len, disp;
                if (h.type == GLHLE_LZ_LZ10) {
                    /* LZ10: length 3..18 in the high nibble, 12-bit distance - 1 */
                    len = (size_t)(b0 >> 4) + 3;
                    disp = ((size_t)(b0 & 15) << 8 | (size_t)b1) + 1;
                } else if ((b0 >> 4) >= 2) {
                    /* LZ11 short form: length 2..16 in the high nibble */
                    len = (size_t)(b0 >> 4) + 1;
                    disp = ((size_t)(b0 & 15) << 8 | (size_t)b1) + 1;
                } else {
                    int b2 = next_byte(&r);
                    if (b2 < 0)
                        goto truncated;
                    if ((b0 >> 4) == 0) {
                        /* 8-bit length + 0x11 (17..272) */
                        len = ((size_t)(b0 & 15) << 4 | (size_t)(b1 >> 4)) + 0x11;
                        disp = ((size_t)(b1 & 15) << 8 | (size_t)b2) + 1;
                    } else {
                        /* 16-bit length + 0x111 (273..65808) */
                        int b3 = next_byte(&r);
                        if (b3 < 0)
                            goto truncated;
                        len = ((size_t)(b0 & 15) << 12 | (size_t)b1 << 4 | (size_t)(b2 >> 4)) + 0x111;
                        disp = ((size_t)(b2 & 15) << 8 | (size_t)b3) + 1;
                    }
                }
                if (disp > out)
                    return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA,
                                      "lz: %s copy at offset %zu reaches %zu bytes back but only %zu bytes are "
                                      "decoded; stream rejected",
                                      glhle_lz_type_name(h.type), base + token, disp, out);
                if (len > dst_size - out)
                    len = dst_size - out;
                copy_back(dst, out, disp, len);
                out += len;
            }
        }
        break;

    case GLHLE_LZ_RLE:
        while (out < dst_size) {
            token = r.pos;
            int flag = next_byte(&r);
            if (flag < 0)
                goto truncated;
            if (flag & 0x80) {
                /* a run: (flag & 0x7F) + 3 copies of the next byte */
                size_t len = (size_t)(flag & 0x7F) + 3;
                int v = next_byte(&r);
                if (v < 0)
                    goto truncated;
                if (len > dst_size - out)
                    len = dst_size - out;
                memset(dst + out, v, len);
                out += len;
            } else {
                /* (flag & 0x7F) + 1 literal bytes */
                size_t len = (size_t)(flag & 0x7F) + 1;
                size_t take = len > dst_size - out ? dst_size - out : len;
                if (r.size - r.pos < take) {
                    token = r.size;
                    goto truncated;
                }
                memcpy(dst + out, r.p + r.pos, take);
                r.pos += take;
                out += take;
            }
        }
        break;
    default: break; /* parse_header refused the rest */
    }
    if (consumed)
        *consumed = r.pos;
    return GLHLE_RESULT_OK;

truncated:
    return GLHLE_FAIL(lg, GLHLE_RESULT_TRUNCATED,
                      "lz: %s stream at offset %zu ends at offset %zu after %zu of %zu bytes; stream rejected",
                      glhle_lz_type_name(h.type), base, base + token, out, dst_size);
}
