/* The texture codecs (backend/pica/texture/texcodec.c) on fuzzer-chosen surfaces:
 * the first 12 bytes pick format, layout, size, stride padding, rect and
 * flags (any value, valid or not); the rest is guest data. A valid call's
 * fast, portable and reference decodes must agree, and encoding the decode
 * back must reproduce the guest bytes (ETC1 aside, whose encoder is lossy). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/texture/texcodec.h"
#include "support/fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    if (size < 12)
        return 0;
    pica_surface s = {.format = (pica_texfmt)(data[0] % 20),
                      .layout = (pica_layout)(data[1] % 4),
                      .width = (uint32_t)data[2] * 4 + (data[3] & 3),
                      .height = (uint32_t)data[4] * 4 + (data[5] & 3),
                      .stride = data[3] & 0x80 ? (uint32_t)data[6] * 16 : 0};
    pica_rect r = {data[7], data[8], data[9], data[10]};
    uint32_t flags = data[11] & PICA_CODEC_FLIP_Y;
    const uint8_t *guest = data + 12;
    size_t gsize = size - 12;
    size_t hstride = (size_t)r.w * 4;
    size_t hbytes = hstride * r.h;
    uint8_t *a = malloc(hbytes ? hbytes : 1), *b = malloc(hbytes ? hbytes : 1), *c = malloc(hbytes ? hbytes : 1);
    if (!a || !b || !c)
        goto done;
    glhle_result ra = pica_decode(&s, guest, gsize, &r, flags, a, hstride, &lg);
    glhle_result rb = pica_decode(&s, guest, gsize, &r, flags | PICA_CODEC_REFERENCE, b, hstride, &lg);
    glhle_result rc = pica_decode(&s, guest, gsize, &r, flags | PICA_CODEC_NO_SIMD, c, hstride, &lg);
    if (ra != rb || ra != rc)
        __builtin_trap();
    if (ra != GLHLE_RESULT_OK)
        goto done;
    if (memcmp(a, b, hbytes) || memcmp(a, c, hbytes))
        __builtin_trap();
    const pica_texfmt_info *info = pica_texfmt_get_info(s.format);
    if (!info->compressed) {
        size_t need = pica_surface_size(&s);
        uint8_t *back = malloc(need);
        if (back) {
            memcpy(back, guest, need);
            if (pica_encode(&s, back, need, &r, flags, a, hstride, &lg) != GLHLE_RESULT_OK ||
                memcmp(back, guest, need))
                __builtin_trap();
            free(back);
        }
    }
done:
    free(a);
    free(b);
    free(c);
    return 0;
}
