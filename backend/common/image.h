/* RGBA8 images: PNG files through libpng, and the comparison the image tests
 * use. Row 0 is the top row, as in PNG. */
#ifndef GLHLE_COMMON_IMAGE_H
#define GLHLE_COMMON_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#include "backend/common/log.h"
#include "glhle/glhle.h"

/* Largest side an image may have (also bounds what a PNG may make us allocate). */
#define GLHLE_IMAGE_MAX_SIDE 16384u

typedef struct glhle_image {
    uint32_t width, height;
    uint8_t *rgba; /* width * height * 4 bytes, rows top to bottom */
} glhle_image;

glhle_result glhle_image_alloc(glhle_image *img, uint32_t width, uint32_t height);
void glhle_image_free(glhle_image *img);
/* Reverses the row order in place (GL readbacks are bottom row first). */
void glhle_image_flip_rows(glhle_image *img);

glhle_result glhle_png_read_file(const char *path, glhle_image *out, const glhle_logger *lg);
glhle_result glhle_png_read_memory(const void *data, size_t size, glhle_image *out, const glhle_logger *lg);
/* Writes RGBA, or RGB when every alpha is 255 (smaller files, same pixels). */
glhle_result glhle_png_write_file(const char *path, const glhle_image *img, const glhle_logger *lg);

typedef struct glhle_image_diff {
    uint64_t differing;    /* pixels with some channel over the tolerance */
    uint64_t total;        /* pixels compared */
    uint32_t max_delta;    /* largest channel difference seen */
    uint32_t first_x, first_y; /* first differing pixel (valid if differing) */
} glhle_image_diff;

/* Compares two images of equal size channel by channel. When diff_out is not
 * NULL it receives a visualisation: differing pixels red with brightness
 * by error, matching pixels a dimmed grey copy of `expected`.
 * Returns INVALID_ARGUMENT if the sizes differ. */
glhle_result glhle_image_compare(const glhle_image *expected, const glhle_image *actual, uint32_t tolerance,
                                 glhle_image_diff *out, glhle_image *diff_out);

#endif
