/* tex3ds files (backend/pica/texture/t3x.c): parse, then decode every face and level
 * and every sub-image of every level when the texture is small enough to keep
 * the fuzzer fast. */
#include <stddef.h>
#include <stdint.h>

#include "backend/pica/texture/t3x.h"
#include "support/fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    pica_t3x t;
    if (pica_t3x_parse(data, size, &t, &lg) != GLHLE_RESULT_OK) {
        if (t.data || t.subimages)
            __builtin_trap(); /* a failed parse owns nothing */
        return 0;
    }
    if (!t.data || t.face_size * t.faces == 0)
        __builtin_trap();
    if ((size_t)t.width * t.height <= 256 * 256) {
        glhle_image img;
        for (uint32_t l = 0; l < t.levels; l++) {
            for (uint32_t f = 0; f < t.faces; f++)
                if (pica_t3x_decode_level(&t, f, l, &img, &lg) == GLHLE_RESULT_OK)
                    glhle_image_free(&img);
            for (uint32_t i = 0; i < t.subimage_count && i < 64; i++)
                if (pica_t3x_decode_subimage(&t, i, l, &img, &lg) == GLHLE_RESULT_OK) {
                    /* a turned atlas entry swaps width and height */
                    uint32_t side = t.width > t.height ? t.width : t.height;
                    if (!img.rgba || img.width > side || img.height > side ||
                        (uint64_t)img.width * img.height > (uint64_t)t.width * t.height)
                        __builtin_trap();
                    glhle_image_free(&img);
                }
        }
    }
    pica_t3x_free(&t);
    return 0;
}
