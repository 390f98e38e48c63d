/* A PlayStation core's whole video loop on glhle, in external mode: the core
 * owns the GL context (here an EGL surfaceless one, sample_host.c), glhle
 * draws on it, and the picture goes into the core's own framebuffer at the
 * internal resolution with no VRAM read-back.
 *
 *   core_psx [SCALE]        (1..8, default 2)
 *
 * Prints what it checked; exit 0 when the picture is right. ctest runs it
 * (samples/core_psx). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glhle/glhle.h>
#include <glhle/psx.h>

#include "sample_host.h"

/* What the core's DMA channel 2 or its GP0/GP1 port writes would deliver
 * for one frame (psx-spx "GPU Display Control Commands", "GPU Render
 * Polygon/Rectangle Commands"). */
static const uint32_t gp1_setup[] = {
    0x00000000, /* GP1(00h) reset */
    0x05000000, /* display start (0, 0) */
    0x06C60260, /* horizontal range 608..3168 */
    0x07040010, /* vertical range 16..256 */
    0x08000001, /* 320 x 240, NTSC, 15-bit */
    0x03000000, /* display on */
};
static const uint32_t gp0_frame[] = {
    0xE1000400,                                     /* draw mode: drawing to the displayed area allowed */
    0xE3000000, 0xE4000000 | 319 | (239 << 10),     /* drawing area 0,0 .. 319,239 */
    0xE5000000,                                     /* drawing offset 0, 0 */
    0x02603010, 0x00000000, 0x00F00140,             /* fill 320 x 240 with R 10h G 30h B 60h */
    0x300000FF, 0x00C80028,                         /* Gouraud triangle: red (40, 200) */
    0x0000FF00, 0x001E00A0,                         /*                   green (160, 30) */
    0x00FF0000, 0x00C80118,                         /*                   blue (280, 200) */
    0x62FFFFFF, 0x00140014, 0x0028003C,             /* semi-transparent white 60 x 40 at (20, 20) */
};

int main(int argc, char **argv)
{
    const uint32_t scale = argc > 1 ? (uint32_t)atoi(argv[1]) : 2;
    sample_host host;
    if (!sample_host_open(&host))
        return 77; /* no GL here: skipped */

    /* 1. glhle on the core's context: external mode, its get_proc_address */
    glhle_context_desc cd = {.mode = GLHLE_CONTEXT_EXTERNAL, .log = sample_log};
    cd.external.get_proc_address = sample_get_proc;
    glhle_context *ctx;
    if (glhle_context_create(&cd, &ctx) != GLHLE_RESULT_OK)
        return 1;

    /* 2. the GPU: GL renderer at the internal resolution */
    glhle_psx_desc pd = {.resolution_scale = scale};
    glhle_psx *gpu;
    if (glhle_psx_create(ctx, &pd, &gpu) != GLHLE_RESULT_OK)
        return 1;

    /* 3. a frame: GP1 writes, then a GP0 block as DMA delivers it (the
     * PlayStation's VRAM is the GPU's own; there is no memory to map) */
    for (size_t i = 0; i < sizeof gp1_setup / sizeof gp1_setup[0]; i++)
        glhle_psx_gp1(gpu, gp1_setup[i]);
    if (glhle_psx_gp0_block(gpu, gp0_frame, sizeof gp0_frame / sizeof gp0_frame[0]) != GLHLE_RESULT_OK)
        return 1;
    glhle_psx_vsync(gpu);

    /* 4. present into the core's own framebuffer at the internal resolution */
    glhle_psx_display d;
    glhle_psx_get_display(gpu, &d);
    sample_target fb;
    sample_target_create(&host, (int)(d.width * scale), (int)(d.height * scale), &fb);
    const glhle_psx_present_desc pres = {.fbo = fb.fbo};
    if (glhle_psx_present(gpu, &pres) != GLHLE_RESULT_OK)
        return 1;

    /* 5. a save state: the PlayStation's VRAM is the GPU's, so glhle's
     * blob is the whole state; a fresh instance loads it and presents into
     * the core's framebuffer, which the check below compares with the
     * first instance's native read-back */
    size_t state_size = 0;
    glhle_psx_save_state(gpu, NULL, 0, &state_size); /* LIMIT_EXCEEDED: just the size */
    uint8_t *state = malloc(state_size);
    glhle_psx *loaded;
    if (!state || glhle_psx_save_state(gpu, state, state_size, &state_size) != GLHLE_RESULT_OK ||
        glhle_psx_create(ctx, &pd, &loaded) != GLHLE_RESULT_OK ||
        glhle_psx_load_state(loaded, state, state_size) != GLHLE_RESULT_OK ||
        glhle_psx_present(loaded, &pres) != GLHLE_RESULT_OK) {
        fprintf(stderr, "core_psx: the save state did not load\n");
        return 1;
    }
    printf("core_psx: save state of %zu bytes loaded into a fresh instance\n", state_size);

    /* 6. check: the core's picture (drawn by the loaded instance) against
     * the first instance's native read-back and a value worked by hand */
    uint8_t *pic = malloc((size_t)fb.width * fb.height * 4), *native = malloc((size_t)d.width * d.height * 4);
    if (!pic || !native)
        return 1;
    sample_target_read(&host, &fb, pic);
    glhle_psx_read_display_rgba(gpu, native, (size_t)d.width * d.height * 4);
    int bad = 0;
    for (uint32_t y = 0; y < d.height; y++) /* each native pixel is the top-left of its block */
        for (uint32_t x = 0; x < d.width; x++)
            bad += memcmp(pic + (((size_t)y * scale) * fb.width + x * scale) * 4, native + ((size_t)y * d.width + x) * 4,
                          4) != 0;
    /* the fill colour in a corner: 10h 30h 60h keep their top 5 bits (2, 6,
     * 12) and are widened as (c << 3) | (c >> 2) */
    const uint8_t *corner = pic + ((size_t)(fb.height - 1) * fb.width + fb.width - 1) * 4;
    const int fill_ok = corner[0] == 16 && corner[1] == 49 && corner[2] == 99;
    /* the triangle's middle is drawn (not the fill) */
    const uint8_t *mid = pic + ((size_t)(150 * scale) * fb.width + 160 * scale) * 4;
    const int tri_ok = !(mid[0] == 16 && mid[1] == 49 && mid[2] == 99);
    const uint64_t errors = glhle_context_gl_error_count(ctx);
    printf("core_psx: %ux%u picture at %ux: %d of %u pixels differ from the native read-back; fill %s "
           "(%u %u %u), triangle %s (%u %u %u); %llu GL errors\n",
           fb.width, fb.height, scale, bad, d.width * d.height, fill_ok ? "ok" : "WRONG", corner[0], corner[1],
           corner[2], tri_ok ? "drawn" : "MISSING", mid[0], mid[1], mid[2], (unsigned long long)errors);
    free(pic);
    free(native);

    sample_target_destroy(&host, &fb);
    glhle_psx_destroy(loaded);
    glhle_psx_destroy(gpu);
    free(state);
    glhle_context_destroy(ctx);
    sample_host_close(&host);
    return bad == 0 && fill_ok && tri_ok && errors == 0 ? 0 : 1;
}
