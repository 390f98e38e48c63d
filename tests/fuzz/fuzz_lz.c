/* LZ10 / LZ11 / RLE / stored streams (backend/common/lz.c): any input is
 * decoded into a buffer of exactly the size its header announces (capped at
 * 1 MiB); no read or write outside the buffers, clean errors. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "backend/common/lz.h"
#include "support/fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    glhle_lz_header h;
    if (glhle_lz_parse_header(data, size, 0, &h, &lg) != GLHLE_RESULT_OK)
        return 0;
    size_t want = h.size < (1u << 20) ? h.size : (1u << 20);
    uint8_t *out = malloc(want ? want : 1);
    if (!out)
        return 0;
    size_t consumed = 0;
    if (glhle_lz_decompress(data, size, 0, out, want, &consumed, &lg) == GLHLE_RESULT_OK && consumed > size)
        __builtin_trap();
    free(out);
    return 0;
}
