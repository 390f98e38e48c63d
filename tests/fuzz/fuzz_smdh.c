/* SMDH icons (backend/pica/texture/smdh.c): any file, both icons. */
#include <stddef.h>
#include <stdint.h>

#include "backend/pica/texture/smdh.h"
#include "support/fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    glhle_image small, large;
    if (pica_smdh_decode_icons(data, size, &small, &large, &lg) == GLHLE_RESULT_OK) {
        if (small.width != 24 || large.width != 48 || !small.rgba || !large.rgba)
            __builtin_trap();
        glhle_image_free(&small);
        glhle_image_free(&large);
    } else if (small.rgba || large.rgba) {
        __builtin_trap();
    }
    return 0;
}
