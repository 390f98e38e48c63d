/* A renderer that draws nothing: the GP0/GP1 front end alone, for fuzzing
 * the parser and measuring its cost. Reads return zeros. */
#include <stdlib.h>
#include <string.h>

#include "backend/psx/gpu.h"

static void null_destroy(psx_renderer *r)
{
    free(r);
}

static void null_triangle(psx_renderer *r, const psx_draw_mode *m, const psx_triangle *t)
{
    (void)r, (void)m, (void)t;
}

static void null_line(psx_renderer *r, const psx_draw_mode *m, const psx_line *l)
{
    (void)r, (void)m, (void)l;
}

static void null_sprite(psx_renderer *r, const psx_draw_mode *m, const psx_sprite *s)
{
    (void)r, (void)m, (void)s;
}

static void null_fill(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, uint16_t color)
{
    (void)r, (void)x, (void)y, (void)w, (void)h, (void)color;
}

static void null_copy(psx_renderer *r, uint32_t sx, uint32_t sy, uint32_t dx, uint32_t dy, uint32_t w, uint32_t h,
                      bool mask_set, bool mask_check)
{
    (void)r, (void)sx, (void)sy, (void)dx, (void)dy, (void)w, (void)h, (void)mask_set, (void)mask_check;
}

static void null_upload(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, const uint16_t *pixels,
                        bool mask_set, bool mask_check)
{
    (void)r, (void)x, (void)y, (void)w, (void)h, (void)pixels, (void)mask_set, (void)mask_check;
}

static void null_read(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, uint16_t *out)
{
    (void)r, (void)x, (void)y;
    memset(out, 0, sizeof(uint16_t) * w * h);
}

static void null_load_clut(psx_renderer *r, uint32_t x, uint32_t y, uint32_t count)
{
    (void)r, (void)x, (void)y, (void)count;
}

static glhle_result null_read_rgba(psx_renderer *r, uint8_t *rgba)
{
    (void)r;
    memset(rgba, 0, (size_t)PSX_VRAM_W * PSX_VRAM_H * 4);
    return GLHLE_RESULT_OK;
}

static const psx_renderer_ops null_ops = {
    null_destroy, null_triangle, null_line,     null_sprite,    null_fill,
    null_copy,    null_upload,   null_read,     null_load_clut, null_read_rgba,
    NULL,         NULL,          NULL,          NULL, /* no CLUT or scaled VRAM to save */
};

psx_renderer *psx_nullrender_create(const void *arg, const glhle_logger *log, glhle_psx_stats *stats,
                                    glhle_result *result)
{
    (void)arg;
    psx_renderer *r = calloc(1, sizeof *r);
    if (!r) {
        *result = GLHLE_FAIL(log, GLHLE_RESULT_OUT_OF_MEMORY, "out of memory creating a null renderer");
        return NULL;
    }
    r->ops = &null_ops;
    r->log = log;
    r->stats = stats;
    r->scale = 1;
    *result = GLHLE_RESULT_OK;
    return r;
}
