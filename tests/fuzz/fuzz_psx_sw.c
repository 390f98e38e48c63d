/* Fuzz target: the PlayStation software renderer (backend/psx/swrender.c)
 * behind the GP0/GP1 front end; bytes become port writes as in
 * fuzz_psx_words.h (at most 512 bytes, areas within 256 x 256). Afterwards
 * VRAM and the display are read. */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz/fuzz_psx_words.h"

static glhle_psx *psx;

static void cleanup(void)
{
    glhle_psx_destroy(psx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* one GPU for the run, back to power-on state for each input (VRAM
     * keeps what earlier inputs drew: it is only data here) */
    if (!psx) {
        glhle_psx_desc d = {0};
        d.renderer = GLHLE_PSX_RENDERER_SOFTWARE;
        d.log_level = (glhle_log_level)(GLHLE_LOG_ERROR + 1);
        d.log = glhle_log_stderr;
        if (glhle_psx_create(NULL, &d, &psx) != GLHLE_RESULT_OK)
            return 0;
        atexit(cleanup);
    }
    glhle_psx_end_stream(psx);
    glhle_psx_gp1(psx, 0);
    fuzz_psx_feed(psx, data, size, false);
    /* a read across the corner of VRAM, and the display when it is small
     * (reading every pixel of big ones would spend the run in coverage
     * hooks) */
    static uint16_t corner[64 * 64];
    glhle_psx_read_vram(psx, 1000, 500, 64, 64, corner);
    glhle_psx_display disp;
    glhle_psx_get_display(psx, &disp);
    if (disp.width && disp.height && disp.width * disp.height <= 64 * 64) {
        static uint8_t rgba[64 * 64 * 4];
        glhle_psx_read_display_rgba(psx, rgba, sizeof rgba);
    }
    return 0;
}
