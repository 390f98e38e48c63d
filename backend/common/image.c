#include "backend/common/image.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

glhle_result glhle_image_alloc(glhle_image *img, uint32_t width, uint32_t height)
{
    memset(img, 0, sizeof *img);
    if (width == 0 || height == 0 || width > GLHLE_IMAGE_MAX_SIDE || height > GLHLE_IMAGE_MAX_SIDE)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    img->rgba = calloc((size_t)width * height, 4);
    if (!img->rgba)
        return GLHLE_RESULT_OUT_OF_MEMORY;
    img->width = width;
    img->height = height;
    return GLHLE_RESULT_OK;
}

void glhle_image_free(glhle_image *img)
{
    free(img->rgba);
    memset(img, 0, sizeof *img);
}

void glhle_image_flip_rows(glhle_image *img)
{
    size_t stride = (size_t)img->width * 4;
    uint8_t tmp[4096];
    for (uint32_t y = 0; y < img->height / 2; y++) {
        uint8_t *a = img->rgba + stride * y;
        uint8_t *b = img->rgba + stride * (img->height - 1 - y);
        for (size_t off = 0; off < stride; off += sizeof tmp) {
            size_t n = stride - off < sizeof tmp ? stride - off : sizeof tmp;
            memcpy(tmp, a + off, n);
            memcpy(a + off, b + off, n);
            memcpy(b + off, tmp, n);
        }
    }
}

static glhle_result finish_read(png_image *pi, glhle_image *out, const char *what, const glhle_logger *lg)
{
    if (pi->width == 0 || pi->height == 0 || pi->width > GLHLE_IMAGE_MAX_SIDE ||
        pi->height > GLHLE_IMAGE_MAX_SIDE) {
        png_image_free(pi);
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "%s: PNG size %ux%u outside 1..%u", what, pi->width,
                          pi->height, GLHLE_IMAGE_MAX_SIDE);
    }
    pi->format = PNG_FORMAT_RGBA;
    glhle_result r = glhle_image_alloc(out, pi->width, pi->height);
    if (r != GLHLE_RESULT_OK) {
        png_image_free(pi);
        return r;
    }
    if (!png_image_finish_read(pi, NULL, out->rgba, 0, NULL)) {
        GLHLE_ERROR(lg, "%s: PNG decode failed: %s", what, pi->message);
        png_image_free(pi);
        glhle_image_free(out);
        return GLHLE_RESULT_BAD_DATA;
    }
    return GLHLE_RESULT_OK;
}

glhle_result glhle_png_read_file(const char *path, glhle_image *out, const glhle_logger *lg)
{
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    memset(out, 0, sizeof *out);
    if (!png_image_begin_read_from_file(&pi, path)) {
        GLHLE_ERROR(lg, "%s: cannot read PNG: %s", path, pi.message);
        png_image_free(&pi);
        return GLHLE_RESULT_IO_ERROR;
    }
    return finish_read(&pi, out, path, lg);
}

glhle_result glhle_png_read_memory(const void *data, size_t size, glhle_image *out, const glhle_logger *lg)
{
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    memset(out, 0, sizeof *out);
    if (!png_image_begin_read_from_memory(&pi, data, size)) {
        GLHLE_ERROR(lg, "PNG in memory (%zu bytes): %s", size, pi.message);
        png_image_free(&pi);
        return GLHLE_RESULT_BAD_DATA;
    }
    return finish_read(&pi, out, "PNG in memory", lg);
}

glhle_result glhle_png_write_file(const char *path, const glhle_image *img, const glhle_logger *lg)
{
    if (!img->rgba || img->width == 0 || img->height == 0)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT, "%s: refusing to write an empty image", path);
    size_t n = (size_t)img->width * img->height;
    int opaque = 1;
    for (size_t i = 0; i < n && opaque; i++)
        opaque = img->rgba[i * 4 + 3] == 255;
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    pi.width = img->width;
    pi.height = img->height;
    pi.format = PNG_FORMAT_RGBA;
    const void *pixels = img->rgba;
    uint8_t *rgb = NULL;
    if (opaque) {
        rgb = malloc(n * 3);
        if (rgb) {
            for (size_t i = 0; i < n; i++)
                memcpy(rgb + i * 3, img->rgba + i * 4, 3);
            pi.format = PNG_FORMAT_RGB;
            pixels = rgb;
        }
    }
    int ok = png_image_write_to_file(&pi, path, 0, pixels, 0, NULL);
    free(rgb);
    if (!ok) {
        GLHLE_ERROR(lg, "%s: cannot write PNG: %s", path, pi.message);
        png_image_free(&pi);
        return GLHLE_RESULT_IO_ERROR;
    }
    return GLHLE_RESULT_OK;
}

glhle_result glhle_image_compare(const glhle_image *expected, const glhle_image *actual, uint32_t tolerance,
                                 glhle_image_diff *out, glhle_image *diff_out)
{
    memset(out, 0, sizeof *out);
    if (diff_out)
        memset(diff_out, 0, sizeof *diff_out);
    if (expected->width != actual->width || expected->height != actual->height)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (diff_out) {
        glhle_result r = glhle_image_alloc(diff_out, expected->width, expected->height);
        if (r != GLHLE_RESULT_OK)
            return r;
    }
    out->total = (uint64_t)expected->width * expected->height;
    for (uint32_t y = 0; y < expected->height; y++) {
        for (uint32_t x = 0; x < expected->width; x++) {
            size_t i = ((size_t)y * expected->width + x) * 4;
            uint32_t worst = 0;
            for (int c = 0; c < 4; c++) {
                int d = (int)expected->rgba[i + c] - (int)actual->rgba[i + c];
                uint32_t ad = (uint32_t)(d < 0 ? -d : d);
                if (ad > worst)
                    worst = ad;
            }
            if (worst > out->max_delta)
                out->max_delta = worst;
            bool bad = worst > tolerance;
            if (bad && out->differing++ == 0) {
                out->first_x = x;
                out->first_y = y;
            }
            if (diff_out) {
                uint8_t *d = diff_out->rgba + i;
                if (bad) {
                    d[0] = (uint8_t)(128 + worst / 2);
                    d[1] = d[2] = 0;
                } else {
                    uint8_t g = (uint8_t)((expected->rgba[i] + expected->rgba[i + 1] + expected->rgba[i + 2]) / 12);
                    d[0] = d[1] = d[2] = g;
                }
                d[3] = 255;
            }
        }
    }
    return GLHLE_RESULT_OK;
}
