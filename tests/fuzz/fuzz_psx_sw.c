/* Fuzz target: the PlayStation software renderer (backend/psx/swrender.c)
 * behind the GP0/GP1 front end; bytes become port writes as in
 * fuzz_psx_words.h (at most 512 bytes, areas within 256 x 256). Afterwards
 * the whole VRAM and the display are read. */
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
    static uint16_t vram[1024 * 512];
    glhle_psx_read_vram(psx, 0, 0, 1024, 512, vram);
    glhle_psx_display disp;
    glhle_psx_get_display(psx, &disp);
    if (disp.width && disp.height) {
        uint8_t *rgba = malloc((size_t)disp.width * disp.height * 4);
        if (rgba)
            glhle_psx_read_display_rgba(psx, rgba, (size_t)disp.width * disp.height * 4);
        free(rgba);
    }
    return 0;
}
