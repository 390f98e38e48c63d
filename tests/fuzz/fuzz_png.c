/* PNG reading (backend/common/image.c): bounded sizes, clean errors. */
#include <stddef.h>
#include <stdint.h>

#include "backend/common/image.h"
#include "support/fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    glhle_image img;
    if (glhle_png_read_memory(data, size, &img, &lg) == GLHLE_RESULT_OK) {
        if (!img.rgba || img.width == 0 || img.width > GLHLE_IMAGE_MAX_SIDE || img.height > GLHLE_IMAGE_MAX_SIDE)
            __builtin_trap();
        glhle_image_flip_rows(&img);
        glhle_image_free(&img);
    }
    return 0;
}
