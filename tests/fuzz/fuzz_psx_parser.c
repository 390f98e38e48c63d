/* Fuzz target: the PlayStation GPU front end without drawing (the null
 * renderer): GP0/GP1 word streams with GPUREAD and GPUSTAT reads between
 * them, text scripts (backend/psx/script.c) and GPU dumps
 * (backend/psx/gpudump.c). The first byte picks the form:
 *   0-99    words: 5 bytes each, port in bit 0 of the first (bit 1: read GPUREAD after)
 *   100-179 a script
 *   180-255 a GPU dump, with the DuckStation magic put in front when byte 0 is even;
 *           when the rest starts with a zstd or xz magic it is decompressed first
 *           (tools/common/decompress.c, capped at 4 MiB), as glhle-replay and
 *           glhle-psx replay read .psxgpu.zst and .psxgpu.xz */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend/psx/gpu.h"
#include "backend/psx/gpudump.h"
#include "backend/psx/script.h"
#include "tools/common/decompress.h"

static const glhle_logger quiet = {NULL, NULL, (glhle_log_level)(GLHLE_LOG_ERROR + 1)};

static glhle_result frame(void *user, glhle_psx *psx, uint32_t n)
{
    (void)user, (void)n;
    glhle_psx_display d;
    glhle_psx_get_display(psx, &d);
    if (d.width > 1024 || d.height > 512)
        abort();
    return GLHLE_RESULT_OK;
}

static glhle_psx *psx;

static void cleanup(void)
{
    glhle_psx_destroy(psx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    /* one GPU for the run, back to power-on state for each input */
    if (!psx) {
        if (psx_create_with(&quiet, psx_nullrender_create, NULL, &psx) != GLHLE_RESULT_OK)
            return 0;
        atexit(cleanup);
    }
    glhle_psx_end_stream(psx);
    glhle_psx_gp1(psx, 0);
    uint8_t mode = data[0];
    data++;
    size--;
    if (mode < 100) {
        for (size_t i = 0; i + 5 <= size; i += 5) {
            uint32_t w;
            memcpy(&w, data + i + 1, 4);
            if (data[i] & 1)
                glhle_psx_gp1(psx, w);
            else
                glhle_psx_gp0(psx, w);
            if (data[i] & 2)
                (void)glhle_psx_gpuread(psx);
            /* an idle GPU (bit 26) never has VRAM data to send (bit 27) */
            uint32_t stat = glhle_psx_gpustat(psx);
            if ((stat & (1u << 26)) && (stat & (1u << 27)))
                abort();
        }
        glhle_psx_end_stream(psx);
    } else if (mode < 180) {
        psx_script_run(psx, (const char *)data, size, &quiet);
    } else {
        glhle_bytebuf plain;
        glhle_bytebuf_init(&plain, 4u << 20);
        if (tool_compression_of(data, size) != TOOL_COMPRESSION_NONE) {
            const glhle_result r = tool_decompress(data, size, 4u << 20, &quiet, &plain);
            if (r != GLHLE_RESULT_OK && r != GLHLE_RESULT_BAD_DATA && r != GLHLE_RESULT_TRUNCATED &&
                r != GLHLE_RESULT_LIMIT_EXCEEDED && r != GLHLE_RESULT_OUT_OF_MEMORY)
                abort();
            if (r == GLHLE_RESULT_OK && plain.size > 4u << 20)
                abort(); /* the cap holds */
            data = plain.data;
            size = r == GLHLE_RESULT_OK ? plain.size : 0;
        }
        uint8_t *buf = malloc(size + 14);
        if (buf) {
            size_t n = 0;
            if (!(mode & 1)) {
                memcpy(buf, "PSXGPUDUMPv1\0\0", 14);
                n = 14;
            }
            if (size)
                memcpy(buf + n, data, size);
            psx_gpudump_play(psx, buf, n + size, UINT32_MAX, frame, NULL, &quiet, NULL);
            free(buf);
        }
        glhle_bytebuf_free(&plain);
    }
    return 0;
}
