/* SMDH icons (3dbrew SMDH, "Icon graphics"). */
#include "backend/pica/texture/smdh.h"

#include <string.h>

#include "backend/pica/texture/texcodec.h"

static glhle_result decode_icon(const uint8_t *file, size_t size, uint32_t offset, uint32_t side, glhle_image *out,
                                const glhle_logger *lg)
{
    if (!out)
        return GLHLE_RESULT_OK;
    pica_surface s = {.format = PICA_TEXFMT_RGB565, .layout = PICA_LAYOUT_TILED8, .width = side, .height = side};
    glhle_result r = glhle_image_alloc(out, side, side);
    if (r != GLHLE_RESULT_OK)
        return r;
    r = pica_decode(&s, file + offset, size - offset, NULL, 0, out->rgba, (size_t)side * 4, lg);
    if (r != GLHLE_RESULT_OK)
        glhle_image_free(out);
    return r;
}

glhle_result pica_smdh_decode_icons(const void *file, size_t size, glhle_image *small24, glhle_image *large48,
                                    const glhle_logger *lg)
{
    const uint8_t *p = file;
    if (small24)
        memset(small24, 0, sizeof *small24);
    if (large48)
        memset(large48, 0, sizeof *large48);
    if (!p || size < PICA_SMDH_SIZE)
        return GLHLE_FAIL(lg, GLHLE_RESULT_TRUNCATED,
                          "smdh: file of %zu bytes is shorter than the 0x36C0 bytes of an SMDH; no icons", p ? size : 0);
    if (memcmp(p, "SMDH", 4) != 0)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA,
                          "smdh: bytes 0-3 are %02X %02X %02X %02X, not the magic 'SMDH'; no icons", p[0], p[1], p[2],
                          p[3]);
    glhle_result r = decode_icon(p, size, PICA_SMDH_SMALL_ICON_OFFSET, 24, small24, lg);
    if (r == GLHLE_RESULT_OK && (r = decode_icon(p, size, PICA_SMDH_LARGE_ICON_OFFSET, 48, large48, lg)) != GLHLE_RESULT_OK &&
        small24)
        glhle_image_free(small24);
    return r;
}
