/* tex3ds .t3x files. Layout: see t3x.h (tex3ds source/tex3ds.cpp
 * write_tex3ds_header, citro3d source/tex3ds.c). */
#include "backend/pica/texture/t3x.h"

#include <stdlib.h>
#include <string.h>

#include "backend/common/lz.h"

static uint16_t le16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

void pica_t3x_free(pica_t3x *t)
{
    if (!t)
        return;
    free(t->subimages);
    free(t->data);
    memset(t, 0, sizeof *t);
}

glhle_result pica_t3x_parse(const void *file, size_t size, pica_t3x *out, const glhle_logger *lg)
{
    const uint8_t *p = file;
    pica_t3x t = {0};
    if (out)
        memset(out, 0, sizeof *out);
    if (!out)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT, "t3x: no output");
    if (!p || size < PICA_T3X_HEADER_SIZE)
        return GLHLE_FAIL(lg, GLHLE_RESULT_TRUNCATED, "t3x: file of %zu bytes is shorter than the 5-byte header",
                          p ? size : 0);
    t.subimage_count = le16(p);
    uint8_t params = p[2];
    t.width = 8u << (params & 7);
    t.height = 8u << ((params >> 3) & 7);
    t.faces = (params & 0x40) ? 6 : 1;
    if (p[3] > PICA_TEXFMT_ETC1A4)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA,
                          "t3x: format byte 0x%02X at offset 3 is not a texture format (0x00-0x0D); file rejected",
                          p[3]);
    t.format = (pica_texfmt)p[3];
    t.levels = 1u + p[4];
    uint32_t smaller = t.width < t.height ? t.width : t.height;
    if (p[4] > 7 || (smaller >> p[4]) < PICA_MIN_LEVEL_SIDE)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA,
                          "t3x: %u mipmap levels (offset 4) would take a %ux%u texture below 8x8; file rejected", p[4],
                          t.width, t.height);
    size_t records = (size_t)t.subimage_count * PICA_T3X_SUBIMAGE_SIZE;
    size_t payload = PICA_T3X_HEADER_SIZE + records;
    if (size < payload)
        return GLHLE_FAIL(lg, GLHLE_RESULT_TRUNCATED,
                          "t3x: %u sub-image records need bytes 5-%zu, the file has %zu; file rejected",
                          t.subimage_count, payload - 1, size);
    if (t.subimage_count) {
        t.subimages = calloc(t.subimage_count, sizeof *t.subimages);
        if (!t.subimages)
            return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "t3x: no memory for %u sub-images", t.subimage_count);
    }
    for (uint32_t i = 0; i < t.subimage_count; i++) {
        const uint8_t *r = p + PICA_T3X_HEADER_SIZE + (size_t)i * PICA_T3X_SUBIMAGE_SIZE;
        pica_t3x_subimage *s = &t.subimages[i];
        s->width = le16(r), s->height = le16(r + 2);
        s->left = le16(r + 4), s->top = le16(r + 6), s->right = le16(r + 8), s->bottom = le16(r + 10);
    }
    t.face_size = pica_mip_chain_size(t.format, t.width, t.height, t.levels);
    size_t total = t.face_size * t.faces;
    glhle_lz_header h;
    glhle_result res = glhle_lz_parse_header(p + payload, size - payload, payload, &h, lg);
    if (res != GLHLE_RESULT_OK)
        goto fail;
    t.compression = h.type;
    t.data = malloc(total);
    if (!t.data) {
        res = GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "t3x: no memory for %zu bytes of texture data", total);
        goto fail;
    }
    res = glhle_lz_decompress(p + payload, size - payload, payload, t.data, total, NULL, lg);
    if (res != GLHLE_RESULT_OK)
        goto fail;
    *out = t;
    return GLHLE_RESULT_OK;
fail:
    pica_t3x_free(&t);
    return res;
}

glhle_result pica_t3x_subimage_rect(const pica_t3x *t, uint32_t index, uint32_t level, pica_rect *rect,
                                    bool *rotated, const glhle_logger *lg)
{
    if (!t || index >= t->subimage_count)
        return GLHLE_FAIL(lg, GLHLE_RESULT_NOT_FOUND, "t3x: no sub-image %u (the file has %u)", index,
                          t ? t->subimage_count : 0);
    if (level >= t->levels)
        return GLHLE_FAIL(lg, GLHLE_RESULT_NOT_FOUND, "t3x: no level %u (the file has %u)", level, t->levels);
    const pica_t3x_subimage *s = &t->subimages[index];
    size_t rec = PICA_T3X_HEADER_SIZE + (size_t)index * PICA_T3X_SUBIMAGE_SIZE;
    if (s->left > 1024 || s->top > 1024 || s->right > 1024 || s->bottom > 1024)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA,
                          "t3x: sub-image %u (offset %zu) has a coordinate above 1024 (%u %u %u %u)", index, rec,
                          s->left, s->top, s->right, s->bottom);
    /* Coordinates are u * 1024 and t * 1024 with t = 1 at the top row. An
     * upright entry spans u left..right and t bottom..top; a turned one
     * (top < bottom) spans u top..bottom and t left..right (tex3ds atlas.cpp
     * Block::subImage stores the turned box as bottom, left, top, right). */
    bool turned = s->top < s->bottom;
    uint32_t u0 = turned ? s->top : s->left, u1 = turned ? s->bottom : s->right;
    uint32_t t0 = turned ? s->left : s->bottom, t1 = turned ? s->right : s->top;
    if (u1 <= u0 || t1 <= t0)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "t3x: sub-image %u (offset %zu) encloses no texels", index, rec);
    uint32_t w = t->width >> level, h = t->height >> level;
    /* width and height are powers of two up to 1024, so u * w / 1024 is
     * exact for every coordinate tex3ds writes; others round outwards */
    uint32_t x0 = u0 * w / 1024, x1 = (u1 * w + 1023) / 1024;
    uint32_t y0 = (1024 - t1) * h / 1024, y1 = ((1024 - t0) * h + 1023) / 1024;
    *rect = (pica_rect){x0, y0, x1 - x0, y1 - y0};
    if (rotated)
        *rotated = turned;
    return GLHLE_RESULT_OK;
}

static glhle_result level_surface(const pica_t3x *t, uint32_t face, uint32_t level, pica_surface *s,
                                  const uint8_t **data, const glhle_logger *lg)
{
    if (!t || !t->data)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT, "t3x: no texture");
    if (face >= t->faces || level >= t->levels)
        return GLHLE_FAIL(lg, GLHLE_RESULT_NOT_FOUND, "t3x: no face %u level %u (the file has %u faces, %u levels)",
                          face, level, t->faces, t->levels);
    size_t off;
    glhle_result r = pica_mip_level(t->format, t->width, t->height, level, s, &off, lg);
    if (r == GLHLE_RESULT_OK)
        *data = t->data + (size_t)face * t->face_size + off;
    return r;
}

glhle_result pica_t3x_decode_level(const pica_t3x *t, uint32_t face, uint32_t level, glhle_image *out,
                                   const glhle_logger *lg)
{
    pica_surface s;
    const uint8_t *data;
    memset(out, 0, sizeof *out);
    glhle_result r = level_surface(t, face, level, &s, &data, lg);
    if (r != GLHLE_RESULT_OK || (r = glhle_image_alloc(out, s.width, s.height)) != GLHLE_RESULT_OK)
        return r;
    r = pica_decode(&s, data, pica_surface_size(&s), NULL, 0, out->rgba, (size_t)s.width * 4, lg);
    if (r != GLHLE_RESULT_OK)
        glhle_image_free(out);
    return r;
}

glhle_result pica_t3x_decode_subimage(const pica_t3x *t, uint32_t index, uint32_t level, glhle_image *out,
                                      const glhle_logger *lg)
{
    pica_surface s;
    const uint8_t *data;
    pica_rect rc;
    bool turned;
    memset(out, 0, sizeof *out);
    glhle_result r = level_surface(t, 0, level, &s, &data, lg);
    if (r != GLHLE_RESULT_OK || (r = pica_t3x_subimage_rect(t, index, level, &rc, &turned, lg)) != GLHLE_RESULT_OK)
        return r;
    if (rc.x + rc.w > s.width || rc.y + rc.h > s.height)
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "t3x: sub-image %u leaves the %ux%u texture", index, s.width,
                          s.height);
    glhle_image box;
    if ((r = glhle_image_alloc(&box, rc.w, rc.h)) != GLHLE_RESULT_OK)
        return r;
    r = pica_decode(&s, data, pica_surface_size(&s), &rc, 0, box.rgba, (size_t)rc.w * 4, lg);
    if (r != GLHLE_RESULT_OK || !turned) {
        if (r == GLHLE_RESULT_OK)
            *out = box;
        else
            glhle_image_free(&box);
        return r;
    }
    /* the atlas turned the picture 90 degrees counter-clockwise (ImageMagick
     * rotate(-90)), so picture texel (u, v) is box texel (v, W - 1 - u)
     * with W = the picture's width = the box's height */
    if ((r = glhle_image_alloc(out, rc.h, rc.w)) != GLHLE_RESULT_OK) {
        glhle_image_free(&box);
        return r;
    }
    for (uint32_t v = 0; v < out->height; v++)
        for (uint32_t u = 0; u < out->width; u++)
            memcpy(out->rgba + ((size_t)v * out->width + u) * 4,
                   box.rgba + ((size_t)(out->width - 1 - u) * box.width + v) * 4, 4);
    glhle_image_free(&box);
    return GLHLE_RESULT_OK;
}
