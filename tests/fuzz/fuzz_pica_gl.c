/* Fuzz target: the PICA GL draw path (backend/pica/draw/rasterizer.c, the
 * surface cache, the generated programs) on llvmpipe. A prelude builds a
 * working draw (a 32x32 target, the pass-through vertex program, a combiner
 * stage), then the input reshapes it:
 *   byte 0        bit 0: the instance (1x with framebuffer fetch, or 2x
 *                 reading the destination through texture barriers);
 *                 bits 1-3: colour format (5-7: no colour buffer); bits
 *                 4-5: depth format (D16, none, D24, D24S8); bit 6: flush
 *                 the targets afterwards; bit 7: an indexed draw
 *   bytes 1-408   six vertices (pd_vertex, any floats, NaN included)
 *   then          6-byte register writes (u16 register, u32 value), at
 *                 most 48, to the registers of the draw's fixed-function and
 *                 fragment state, texture unit 0, the viewport and the
 *                 render targets (the register is the u16 modulo that list)
 * The instances and their program caches live for the whole run, so after
 * a warm-up most inputs reuse compiled programs. Every draw must end in a
 * drawn, skipped or empty draw with the instance still usable, no GL error
 * (the debug output counts them) and no sanitizer report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/pica_instance.h"
#include "backend/pica/draw/rasterizer.h"
#include "support/fuzz_support.h"
#include "support/pica_draw_support.h"
#include "support/test_support.h"

static glhle_context *ctx;
static glhle_pica *inst[2];
static uint8_t *mem;

static void cleanup(void)
{
    for (int i = 0; i < 2; i++)
        glhle_pica_destroy(inst[i]);
    glhle_context_destroy(ctx);
    free(mem);
}

static bool setup(void)
{
    if (ctx)
        return true;
    ts_pin_gl_driver();
    glhle_context_desc cd = {0};
    cd.debug = true; /* GL errors are counted through KHR_debug */
    cd.log = fuzz_quiet_log;
    if (glhle_context_create(&cd, &ctx) != GLHLE_RESULT_OK)
        return false;
    mem = calloc(1, PD_SIZE);
    if (!mem)
        return false;
    for (int i = 0; i < 2; i++) {
        glhle_pica_desc d = {.log = fuzz_quiet_log,
                             .max_words_per_run = 1u << 16,
                             .resolution_scale = i ? 2 : 1,
                             .no_framebuffer_fetch = i == 1,
                             .surface_budget_bytes = 16u << 20};
        if (glhle_pica_create(ctx, &d, &inst[i]) != GLHLE_RESULT_OK ||
            glhle_pica_map_memory(inst[i], PD_BASE, mem, PD_SIZE) != GLHLE_RESULT_OK)
            return false;
    }
    atexit(cleanup);
    return true;
}

/* The registers the input may write: per-fragment operations and the
 * framebuffer (0x100-0x130), the combiners and fog (0x0C0-0x0FD), texture
 * unit 0 and the texturing config (0x080-0x08B), the rasterizer (0x040-0x071),
 * lighting enables and one light (0x140-0x14F, 0x1C0-0x1C9), proctex
 * (0x0A8-0x0AD). */
static uint32_t pick_register(uint16_t r)
{
    static const struct {
        uint16_t first, count;
    } ranges[] = {{0x100, 0x31}, {0x0C0, 0x3E}, {0x080, 0x0C}, {0x040, 0x32}, {0x140, 0x10}, {0x1C0, 0x0A},
                  {0x0A8, 0x06}};
    uint32_t total = 0;
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
        total += ranges[i].count;
    uint32_t k = r % total;
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
        if (k < ranges[i].count)
            return ranges[i].first + k;
        k -= ranges[i].count;
    }
    return 0x100;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!setup())
        abort();
    if (!size)
        return 0;
    const uint8_t cfg = data[0];
    glhle_pica *p = inst[cfg & 1];
    const uint32_t cfmt = (cfg >> 1) & 7, dsel = (cfg >> 4) & 3;
    static const uint8_t dfmts[4] = {0, 0, 2, 3};

    /* vertices: a viewport-covering pair of triangles unless the input says otherwise */
    pd_vertex v[6];
    static const float corner[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
    for (int i = 0; i < 6; i++) {
        memset(&v[i], 0, sizeof v[i]);
        v[i].pos[0] = corner[i][0];
        v[i].pos[1] = corner[i][1];
        v[i].pos[2] = -0.5f;
        v[i].pos[3] = 1.0f;
        v[i].color[0] = v[i].color[3] = 1.0f;
        v[i].tc[0] = (corner[i][0] + 1) / 2;
        v[i].tc[1] = (corner[i][1] + 1) / 2;
    }
    size_t at = 1;
    const size_t vbytes = sizeof v < size - at ? sizeof v : size - at;
    memcpy(v, data + at, vbytes);
    at += vbytes;
    memcpy(mem + (PD_VERTICES - PD_BASE), v, sizeof v);
    static const uint16_t idx[6] = {0, 1, 2, 3, 4, 5};
    memcpy(mem + (PD_INDICES - PD_BASE), idx, sizeof idx);
    glhle_pica_invalidate(p, PD_VERTICES, 0x100000);

    tp_cmdbuf b;
    tp_cmd_init(&b);
    pd_target(&b, cfmt < 5 ? PD_COLOR : 0, (uint8_t)(cfmt < 5 ? cfmt : 0), dsel == 1 ? 0 : PD_DEPTH, dfmts[dsel], 32,
              32);
    pd_program(&b, 3);
    pd_tev_replace(&b, 0, 0xFF808080u);
    pd_texture0(&b, PD_TEXTURE, 32, 32, 0, 1, 1, 0, 0, 0);
    for (int n = 0; at + 6 <= size && n < 48; n++, at += 6) {
        uint32_t value;
        memcpy(&value, data + at + 2, 4);
        tp_cmd1(&b, pick_register((uint16_t)(data[at] | data[at + 1] << 8)), value);
    }
    if (cfg & 0x80)
        pd_draw_indexed(&b, 0, 6);
    else
        pd_draw(&b, 0, 6, 0);
    tp_cmd_finalize(&b);
    glhle_pica_run_cmdlist(p, b.w, b.n, NULL);
    tp_cmd_free(&b);
    if (cfg & 0x40) {
        glhle_pica_flush(p, PD_COLOR, 32 * 32 * 4);
        glhle_pica_flush(p, PD_DEPTH, 32 * 32 * 4);
    }
    /* the instance keeps drawing: a plain draw of the prelude succeeds */
    tp_cmd_init(&b);
    pd_target(&b, PD_COLOR, 0, 0, 0, 32, 32);
    pd_program(&b, 3);
    pd_tev_replace(&b, 0, 0xFF808080u);
    tp_cmd1(&b, 0x100, 0x00E40100); /* COLOR_OPERATION: mode 0, blending */
    pd_draw(&b, 0, 6, 0);
    tp_cmd_finalize(&b);
    glhle_pica_run_result res;
    if (glhle_pica_run_cmdlist(p, b.w, b.n, &res) != GLHLE_RESULT_OK)
        abort();
    tp_cmd_free(&b);
    if (glhle_context_gl_error_count(ctx))
        abort();
    return 0;
}
