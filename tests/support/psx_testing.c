/* PlayStation GPU test helpers; see psx_testing.h. */
#include "support/psx_testing.h"

#include <stdlib.h>

static glhle_psx *make(glhle_context *ctx, glhle_psx_renderer renderer, uint32_t scale, bool no_fetch)
{
    glhle_psx_desc d = {0};
    d.renderer = renderer;
    d.resolution_scale = scale;
    d.no_framebuffer_fetch = no_fetch;
    d.log = ts_log_fn;
    d.log_level = GLHLE_LOG_INFO;
    glhle_psx *psx = NULL;
    assert_int_equal(glhle_psx_create(ctx, &d, &psx), GLHLE_RESULT_OK);
    PT_GP0(psx, 0xE3000000u, 0xE4000000u | 1023u | (511u << 10));
    return psx;
}

glhle_psx *pt_sw(void)
{
    return make(NULL, GLHLE_PSX_RENDERER_SOFTWARE, 1, false);
}

glhle_psx *pt_gl(glhle_context *ctx, uint32_t scale, bool no_fetch)
{
    return make(ctx, GLHLE_PSX_RENDERER_GL, scale, no_fetch);
}

void pt_gp0(glhle_psx *psx, const uint32_t *words, size_t count)
{
    glhle_result r = glhle_psx_gp0_block(psx, words, count);
    if (r != GLHLE_RESULT_OK)
        fail_msg("GP0 block of %zu words: %s", count, glhle_result_string(r));
}

uint16_t pt_pixel(glhle_psx *psx, uint32_t x, uint32_t y)
{
    uint16_t v = 0;
    assert_int_equal(glhle_psx_read_vram(psx, x, y, 1, 1, &v), GLHLE_RESULT_OK);
    return v;
}

uint16_t *pt_vram(glhle_psx *psx)
{
    uint16_t *v = malloc(sizeof(uint16_t) * GLHLE_PSX_VRAM_WIDTH * GLHLE_PSX_VRAM_HEIGHT);
    assert_non_null(v);
    assert_int_equal(glhle_psx_read_vram(psx, 0, 0, GLHLE_PSX_VRAM_WIDTH, GLHLE_PSX_VRAM_HEIGHT, v),
                     GLHLE_RESULT_OK);
    return v;
}

void pt_dump_put32(pt_dump *d, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        d->bytes[d->size++] = (uint8_t)(v >> (8 * i));
}

void pt_dump_packet(pt_dump *d, uint8_t type, const uint32_t *words, uint32_t n)
{
    pt_dump_put32(d, n | ((uint32_t)type << 24));
    for (uint32_t i = 0; i < n; i++)
        pt_dump_put32(d, words[i]);
}
