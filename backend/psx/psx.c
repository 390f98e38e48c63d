/* The public PlayStation GPU API (include/glhle/psx.h): creation, the ports,
 * VRAM and display read-back. The work happens in gp0.c, gp1.c and the
 * renderer. */
#include <stdlib.h>
#include <string.h>

#include "backend/common/image.h"
#include "backend/gl/gl_context.h"
#include "backend/gl/program_service.h"
#include "backend/psx/gl_renderer.h"
#include "backend/psx/gpu.h"

glhle_result psx_create_with(const glhle_logger *log, psx_renderer_make make, const void *arg, glhle_psx **out)
{
    *out = NULL;
    glhle_psx *psx = calloc(1, sizeof *psx);
    if (psx) {
        psx->upload = malloc(sizeof(uint16_t) * PSX_VRAM_W * PSX_VRAM_H);
        psx->readback = malloc(sizeof(uint16_t) * PSX_VRAM_W * PSX_VRAM_H);
    }
    glhle_result r = GLHLE_RESULT_OUT_OF_MEMORY;
    if (psx && psx->upload && psx->readback) {
        psx->log = *log; /* the renderer keeps pointers into psx */
        psx->r = make(arg, &psx->log, &psx->stats, &r);
    } else {
        GLHLE_ERROR(log, "out of memory creating a PlayStation GPU");
    }
    if (!psx || !psx->r) {
        if (psx) {
            free(psx->upload);
            free(psx->readback);
        }
        free(psx);
        return r;
    }
    psx_gpu_reset(psx);
    *out = psx;
    return GLHLE_RESULT_OK;
}

static psx_renderer *make_sw(const void *arg, const glhle_logger *log, glhle_psx_stats *stats, glhle_result *r)
{
    (void)arg;
    psx_renderer *sw = psx_swrender_create(log, stats);
    *r = sw ? GLHLE_RESULT_OK : GLHLE_RESULT_OUT_OF_MEMORY;
    return sw;
}

typedef struct gl_args {
    glhle_context *ctx;
    uint32_t scale;
    const glhle_psx_desc *desc;
} gl_args;

static psx_renderer *make_gl(const void *arg, const glhle_logger *log, glhle_psx_stats *stats, glhle_result *r)
{
    const gl_args *a = arg;
    return psx_gl_create(a->ctx, log, stats, a->scale, a->desc, r);
}

glhle_result glhle_psx_create(glhle_context *ctx, const glhle_psx_desc *desc, glhle_psx **out)
{
    static const glhle_psx_desc zero_desc;
    if (!out)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    *out = NULL;
    if (!desc)
        desc = &zero_desc;
    glhle_logger log = {desc->log, desc->log_user, desc->log_level};
    if (!desc->log && ctx)
        log = ctx->log;
    if ((unsigned)desc->renderer >= GLHLE_PSX_RENDERER_COUNT_)
        return GLHLE_FAIL(&log, GLHLE_RESULT_INVALID_ARGUMENT, "glhle_psx_desc.renderer %d is not a renderer",
                          (int)desc->renderer);
    uint32_t scale = desc->resolution_scale ? desc->resolution_scale : 1;
    if (scale > 8)
        return GLHLE_FAIL(&log, GLHLE_RESULT_INVALID_ARGUMENT, "glhle_psx_desc.resolution_scale %u is outside 1..8",
                          desc->resolution_scale);
    if (desc->renderer == GLHLE_PSX_RENDERER_SOFTWARE && scale != 1)
        return GLHLE_FAIL(&log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "the software renderer draws at 1x only; resolution_scale %u was asked", scale);
    if (desc->renderer == GLHLE_PSX_RENDERER_GL && !ctx)
        return GLHLE_FAIL(&log, GLHLE_RESULT_INVALID_ARGUMENT, "the GL renderer needs a glhle_context");

    psx_renderer_make make = desc->renderer == GLHLE_PSX_RENDERER_SOFTWARE ? make_sw : make_gl;
    const gl_args args = {ctx, scale, desc};
    const bool gl = desc->renderer == GLHLE_PSX_RENDERER_GL;
    if (gl)
        gl_call_begin(ctx, "glhle_psx_create");
    glhle_result r = psx_create_with(&log, make, &args, out);
    if (r == GLHLE_RESULT_OK && gl)
        (*out)->ctx = ctx;
    if (gl) {
        gl_context_state_changed(ctx);
        gl_call_end(ctx);
    }
    return r;
}

/* Brackets a public call of a GL instance (glhle.h's external-context
 * contract): the renderer sets its state in full per pass and keeps no
 * shadow, but other shadows on the context (a PICA instance) must know it
 * changed state. Free when the call does not reach GL. */
void psx_gl_call_begin(glhle_psx *psx, const char *what)
{
    if (psx->ctx)
        gl_call_begin(psx->ctx, what);
}

void psx_gl_call_end(glhle_psx *psx)
{
    if (!psx->ctx)
        return;
    if (psx->ctx->call_depth == 1 && psx->ctx->call_entered)
        gl_context_state_changed(psx->ctx);
    gl_call_end(psx->ctx);
}

void glhle_psx_destroy(glhle_psx *psx)
{
    if (!psx)
        return;
    glhle_context *ctx = psx->ctx;
    if (ctx)
        gl_call_begin(ctx, "glhle_psx_destroy");
    if (psx->calls.vt)
        psx->calls.vt->detach(psx->calls.obs);
    psx->r->ops->destroy(psx->r);
    free(psx->upload);
    free(psx->readback);
    free(psx);
    if (ctx) {
        gl_context_state_changed(ctx);
        gl_call_end(ctx);
    }
}

glhle_result glhle_psx_gp0(glhle_psx *psx, uint32_t word)
{
    psx_gl_call_begin(psx, "glhle_psx_gp0");
    glhle_result r = psx_gp0_write(psx, &word, 1);
    psx_observe(psx, &(psx_call){.kind = PSX_CALL_GP0, .words = &word, .count = 1}, r);
    psx_gl_call_end(psx);
    return r;
}

glhle_result glhle_psx_gp0_block(glhle_psx *psx, const uint32_t *words, size_t count)
{
    if (!words && count)
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_INVALID_ARGUMENT, "glhle_psx_gp0_block: %zu words from NULL",
                          count);
    psx_gl_call_begin(psx, "glhle_psx_gp0_block");
    glhle_result r = psx_gp0_write(psx, words, count);
    psx_observe(psx, &(psx_call){.kind = PSX_CALL_GP0, .words = words, .count = count}, r);
    psx_gl_call_end(psx);
    return r;
}

glhle_result glhle_psx_gp1(glhle_psx *psx, uint32_t word)
{
    psx_gl_call_begin(psx, "glhle_psx_gp1");
    glhle_result r = psx_gp1_write(psx, word);
    psx_observe(psx, &(psx_call){.kind = PSX_CALL_GP1, .value = word}, r);
    psx_gl_call_end(psx);
    return r;
}

uint32_t glhle_psx_gpuread(glhle_psx *psx)
{
    psx_gl_call_begin(psx, "glhle_psx_gpuread");
    uint32_t v = psx_gpuread(psx);
    psx_observe(psx, &(psx_call){.kind = PSX_CALL_GPUREAD, .value = v}, GLHLE_RESULT_OK);
    psx_gl_call_end(psx);
    return v;
}

glhle_result glhle_psx_vsync(glhle_psx *psx)
{
    if (!psx)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    psx_observe(psx, &(psx_call){.kind = PSX_CALL_VSYNC}, GLHLE_RESULT_OK);
    return GLHLE_RESULT_OK;
}

uint32_t glhle_psx_gpustat(const glhle_psx *psx)
{
    return psx_gpustat(psx);
}

static glhle_result end_stream(glhle_psx *psx)
{
    psx_gp0_state state = psx->p.state;
    uint32_t first = psx->p.words[0];
    uint64_t start = psx->p.start;
    uint32_t have = psx->p.have, need = psx->p.need;
    uint32_t dropped = psx_gp0_abort(psx);
    switch (state) {
    case PSX_GP0_COMMAND:
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_TRUNCATED,
                          "GP0 word %llu: command %02Xh has %u of its %u words when the stream ends; dropped",
                          (unsigned long long)start, first >> 24, have, need);
    case PSX_GP0_POLYLINE:
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_TRUNCATED,
                          "GP0 word %llu: polyline %02Xh has no terminator when the stream ends; its segments stay",
                          (unsigned long long)start, first >> 24);
    case PSX_GP0_UPLOAD:
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_TRUNCATED,
                          "GP0 word %llu: CPU-to-VRAM transfer is %u data words short when the stream ends; "
                          "the pixels received are written",
                          (unsigned long long)start, dropped);
    default: return GLHLE_RESULT_OK;
    }
}

glhle_result glhle_psx_end_stream(glhle_psx *psx)
{
    psx_gl_call_begin(psx, "glhle_psx_end_stream");
    glhle_result r = end_stream(psx);
    psx_observe(psx, &(psx_call){.kind = PSX_CALL_END_STREAM}, r);
    psx_gl_call_end(psx);
    return r;
}

static glhle_result check_rect(const glhle_psx *psx, const char *what, uint32_t x, uint32_t y, uint32_t w,
                               uint32_t h, const void *buf)
{
    if (!buf || w == 0 || h == 0 || w > PSX_VRAM_W || h > PSX_VRAM_H)
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_INVALID_ARGUMENT, "%s: %ux%u at (%u,%u) needs 1..1024 x 1..512 and a buffer",
                          what, w, h, x, y);
    return GLHLE_RESULT_OK;
}

glhle_result glhle_psx_read_vram(glhle_psx *psx, uint32_t x, uint32_t y, uint32_t w, uint32_t h, uint16_t *out)
{
    glhle_result r = check_rect(psx, "glhle_psx_read_vram", x, y, w, h, out);
    if (r == GLHLE_RESULT_OK) {
        psx_gl_call_begin(psx, "glhle_psx_read_vram");
        psx->r->ops->read(psx->r, x & (PSX_VRAM_W - 1), y & (PSX_VRAM_H - 1), w, h, out);
        psx_observe(psx, &(psx_call){.kind = PSX_CALL_READ_VRAM, .x = x, .y = y, .w = w, .h = h, .pixels = out}, r);
        psx_gl_call_end(psx);
    }
    return r;
}

glhle_result glhle_psx_write_vram(glhle_psx *psx, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                                  const uint16_t *data)
{
    glhle_result r = check_rect(psx, "glhle_psx_write_vram", x, y, w, h, data);
    if (r == GLHLE_RESULT_OK) {
        psx_gl_call_begin(psx, "glhle_psx_write_vram");
        psx->r->ops->upload(psx->r, x & (PSX_VRAM_W - 1), y & (PSX_VRAM_H - 1), w, h, data, false, false);
        psx_observe(psx, &(psx_call){.kind = PSX_CALL_WRITE_VRAM, .x = x, .y = y, .w = w, .h = h, .pixels = data},
                    r);
        psx_gl_call_end(psx);
    }
    return r;
}

uint32_t glhle_psx_get_scale(const glhle_psx *psx)
{
    return psx->r->scale;
}

glhle_result glhle_psx_read_vram_rgba(glhle_psx *psx, uint8_t *rgba, size_t size)
{
    size_t need = (size_t)PSX_VRAM_W * PSX_VRAM_H * 4 * psx->r->scale * psx->r->scale;
    if (!rgba || size < need)
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "glhle_psx_read_vram_rgba: the buffer holds %zu bytes, %zu are needed", size, need);
    psx_gl_call_begin(psx, "glhle_psx_read_vram_rgba");
    glhle_result r = psx->r->ops->read_rgba(psx->r, rgba);
    psx_gl_call_end(psx);
    return r;
}

void glhle_psx_get_display(const glhle_psx *psx, glhle_psx_display *out)
{
    psx_display(psx, out);
}

glhle_result glhle_psx_read_display_rgba(glhle_psx *psx, uint8_t *rgba, size_t size)
{
    glhle_psx_display d;
    psx_display(psx, &d);
    size_t need = (size_t)d.width * d.height * 4;
    if (!need)
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "glhle_psx_read_display_rgba: the display area is empty (GP1(06h)=%06X, GP1(07h)=%05X)",
                          psx->hrange, psx->vrange);
    if (!rgba || size < need)
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "glhle_psx_read_display_rgba: the buffer holds %zu bytes, %zu are needed", size, need);
    if (!d.enabled) { /* "The Off settings displays a black picture" (psx-spx GP1(03h)) */
        for (size_t i = 0; i < need; i += 4) {
            rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
            rgba[i + 3] = 255;
        }
        return GLHLE_RESULT_OK;
    }
    /* 24-bit pixels take 3 bytes each, so a row spans 1.5 halfwords per pixel
     * (psx-spx "GPU Video Memory (VRAM)", Framebuffer) */
    uint32_t row_hw = d.depth24 ? (d.width * 3 + 1) / 2 : d.width;
    if (row_hw > PSX_VRAM_W)
        row_hw = PSX_VRAM_W;
    uint16_t *rows = malloc(sizeof(uint16_t) * row_hw * d.height);
    if (!rows)
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_OUT_OF_MEMORY, "out of memory reading the display");
    psx_gl_call_begin(psx, "glhle_psx_read_display_rgba");
    psx->r->ops->read(psx->r, d.x, d.y, row_hw, d.height, rows);
    psx_gl_call_end(psx);
    for (uint32_t y = 0; y < d.height; y++) {
        const uint16_t *src = rows + (size_t)y * row_hw;
        uint8_t *dst = rgba + (size_t)y * d.width * 4;
        for (uint32_t x = 0; x < d.width; x++, dst += 4) {
            if (!d.depth24) {
                psx_rgba_from_555(src[x], dst);
                continue;
            }
            for (uint32_t c = 0; c < 3; c++) {
                uint32_t byte = x * 3 + c, hw = byte / 2;
                dst[c] = hw < row_hw ? (uint8_t)(src[hw] >> ((byte & 1) * 8)) : 0;
            }
            dst[3] = 255;
        }
    }
    free(rows);
    return GLHLE_RESULT_OK;
}

glhle_result glhle_psx_present(glhle_psx *psx, const glhle_psx_present_desc *desc)
{
    if (!psx || !desc)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!psx->ctx)
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_UNSUPPORTED,
                          "glhle_psx_present draws with the GL renderer; the software renderer's picture is "
                          "glhle_psx_read_display_rgba's");
    glhle_psx_display d;
    psx_display(psx, &d);
    psx_gl_call_begin(psx, "glhle_psx_present");
    glhle_result r = psx_gl_present((psx_gl *)psx->r, &d, desc);
    psx_gl_call_end(psx);
    return r;
}

glhle_result glhle_psx_context_lost(glhle_psx *psx)
{
    if (!psx)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!psx->ctx)
        return GLHLE_RESULT_OK;
    psx_gl_call_begin(psx, "glhle_psx_context_lost");
    glhle_result r = psx_gl_lose((psx_gl *)psx->r);
    psx_gl_call_end(psx);
    return r;
}

glhle_result glhle_psx_context_restored(glhle_psx *psx)
{
    if (!psx)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!psx->ctx)
        return GLHLE_RESULT_OK;
    psx_gl_call_begin(psx, "glhle_psx_context_restored");
    glhle_result r = psx_gl_restore((psx_gl *)psx->r);
    psx_gl_call_end(psx);
    return r;
}

glhle_result glhle_psx_write_display_png(glhle_psx *psx, const char *path)
{
    if (!psx || !path)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    glhle_psx_display d;
    glhle_psx_get_display(psx, &d);
    glhle_image img = {0};
    glhle_result r;
    if (d.width == 0 || d.height == 0) {
        if ((r = glhle_image_alloc(&img, 1, 1)) != GLHLE_RESULT_OK)
            return r;
        img.rgba[3] = 255;
    } else {
        if ((r = glhle_image_alloc(&img, d.width, d.height)) != GLHLE_RESULT_OK)
            return r;
        r = glhle_psx_read_display_rgba(psx, img.rgba, (size_t)d.width * d.height * 4);
    }
    if (r == GLHLE_RESULT_OK)
        r = glhle_png_write_file(path, &img, &psx->log);
    glhle_image_free(&img);
    return r;
}

void glhle_psx_get_stats(const glhle_psx *psx, glhle_psx_stats *out)
{
    *out = psx->stats;
}

void glhle_psx_get_shader_stats(const glhle_psx *psx, glhle_shader_stats *out)
{
    memset(out, 0, sizeof *out);
    if (psx->r->programs)
        gl_program_service_get_stats(psx->r->programs, out);
    out->draws = psx->stats.draw_calls;
}
