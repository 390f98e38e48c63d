/* A Nintendo 3DS core's whole video loop on glhle, in external mode: the
 * core owns the GL context (an EGL surfaceless one, sample_host.c) and the
 * guest memory; glhle runs the GPU's command lists on it, the display
 * transfer copies the render target to an LCD framebuffer, and the frame
 * goes into the core's own framebuffer at the internal resolution.
 *
 *   core_pica [SCALE]       (1..10, default 2)
 *
 * The command list is built here as a game's graphics library writes it
 * (registers from 3dbrew GPU/Internal_Registers): a 240 x 400 RGBA8 colour
 * buffer, a pass-through vertex shader, one triangle with vertex colours.
 * Prints what it checked; exit 0 when the frame is right. ctest runs it
 * (samples/core_pica). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glhle/glhle.h>
#include <glhle/pica.h>

#include "sample_host.h"

/* guest physical memory the core owns: the 6 MiB of VRAM */
#define VRAM_PADDR 0x18000000u
#define VRAM_SIZE (6u << 20)
#define COLOR_BUF 0x18000000u /* 240 x 400 RGBA8, 8x8 tiles */
#define LCD_FB 0x18100000u    /* the top screen's framebuffer, linear RGBA8 */
#define VERTICES 0x18200000u
#define FB_W 240u
#define FB_H 400u
#define CLEAR 0x3366AAFFu     /* RGBA8 in memory: R 33h G 66h B AAh A FFh */

/* ---- a command list writer: a parameter word, then the header ---- */

typedef struct cmdlist {
    uint32_t w[512];
    uint32_t n;
} cmdlist;

/* header: register id bits 0-15, byte mask 16-19, extra parameters 20-27,
 * consecutive registers bit 31; lists are padded to 8 bytes per command */
static void cmd_masked(cmdlist *l, uint32_t reg, uint32_t mask, bool consecutive, const uint32_t *v, uint32_t count)
{
    l->w[l->n++] = v[0];
    l->w[l->n++] = reg | mask << 16 | (count - 1) << 20 | (consecutive ? 1u << 31 : 0);
    for (uint32_t i = 1; i < count; i++)
        l->w[l->n++] = v[i];
    if ((count - 1) & 1)
        l->w[l->n++] = 0;
}

static void cmd(cmdlist *l, uint32_t reg, bool consecutive, const uint32_t *v, uint32_t count)
{
    cmd_masked(l, reg, 0xF, consecutive, v, count);
}

static void reg1(cmdlist *l, uint32_t reg, uint32_t v)
{
    cmd(l, reg, false, &v, 1);
}

/* f24 (1.7.16, bias 63) and f31 (1.7.23, bias 63), 3dbrew GPU/Internal_Registers */
static uint32_t pica_float(float f, int mantissa_bits)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    const uint32_t sign = u >> 31;
    const int e = (int)((u >> 23) & 0xFF) - 127 + 63;
    if ((u & 0x7FFFFFFF) == 0 || e <= 0)
        return sign << (7 + mantissa_bits);
    return sign << (7 + mantissa_bits) | (uint32_t)e << mantissa_bits | (u & 0x7FFFFF) >> (23 - mantissa_bits);
}

typedef struct vertex {
    float pos[4], color[4], texcoord[2], unused[7]; /* 68 bytes */
} vertex;

static void build_frame(cmdlist *l)
{
    /* colour buffer: RGBA8 at COLOR_BUF, no depth buffer, 240 x 400 */
    reg1(l, 0x110, 1);                          /* FRAMEBUFFER_INVALIDATE */
    reg1(l, 0x117, 0x00000002);                 /* COLORBUFFER_FORMAT: RGBA8, 4 bytes */
    reg1(l, 0x116, 0);                          /* DEPTHBUFFER_FORMAT */
    reg1(l, 0x11C, 0);                          /* DEPTHBUFFER_LOC: none */
    reg1(l, 0x11D, COLOR_BUF >> 3);             /* COLORBUFFER_LOC */
    const uint32_t dim = 1u << 24 | (FB_H - 1) << 12 | FB_W;
    reg1(l, 0x11E, dim);                        /* FRAMEBUFFER_DIM */
    reg1(l, 0x06E, dim);                        /* RENDERBUF_DIM */
    cmd(l, 0x112, true, (const uint32_t[4]){0xF, 0xF, 0, 0}, 4); /* colour read/write on, depth off */
    /* viewport: the whole buffer; depth map as citro3d sets it */
    cmd(l, 0x041, true,
        (const uint32_t[4]){pica_float(FB_W / 2.0f, 16), pica_float(2.0f / FB_W, 23) << 1, pica_float(FB_H / 2.0f, 16),
                            pica_float(2.0f / FB_H, 23) << 1},
        4);
    reg1(l, 0x068, 0);                          /* VIEWPORT_XY */
    reg1(l, 0x06D, 1);                          /* DEPTHMAP_ENABLE: z-buffer */
    cmd(l, 0x04D, true, (const uint32_t[2]){pica_float(-1.0f, 16), 0}, 2);
    reg1(l, 0x040, 0);                          /* no culling */
    cmd(l, 0x065, true, (const uint32_t[3]){0, 0, 0}, 3); /* no scissor */
    reg1(l, 0x047, 0);                          /* no clip plane */
    /* per-fragment: a plain write (blend ONE, ZERO), no alpha/stencil/depth test */
    reg1(l, 0x100, 0x00E40100);                 /* COLOR_OPERATION: blending */
    reg1(l, 0x101, 0x01010000);                 /* BLEND_FUNC: add, ONE, ZERO for colour and alpha */
    reg1(l, 0x102, 3);                          /* LOGIC_OP: copy */
    reg1(l, 0x103, 0);                          /* BLEND_COLOR */
    reg1(l, 0x104, 0);                          /* no alpha test */
    reg1(l, 0x105, 0);                          /* no stencil test */
    reg1(l, 0x106, 0);
    reg1(l, 0x107, 0x00000F10);                 /* depth test off, func ALWAYS (1), colour mask 0xF, no depth write */
    /* combiners: stage 0 takes the vertex colour (source 0, replace), 1-5 pass it on */
    cmd(l, 0x0C0, true, (const uint32_t[5]){0, 0, 0, 0, 0}, 5);
    for (uint32_t s = 1; s < 6; s++)
        cmd(l, s < 4 ? 0x0C0 + 8 * s : 0x0F0 + 8 * (s - 4), true, (const uint32_t[5]){0x000F000F, 0, 0, 0, 0}, 5);
    reg1(l, 0x0E0, 0);
    reg1(l, 0x080, 0x00011000);                 /* texture units off */
    /* vertex shader: mov o0, v0; mov o1, v1; mov o2, v2; end (3dbrew
     * GPU/Shader_Instruction_Set: MOV is opcode 0x13, END 0x22; operand
     * descriptor 0x36F = mask xyzw, swizzle xyzw) */
    cmd(l, 0x04F, true, (const uint32_t[6]){3, 0x03020100, 0x0B0A0908, 0x1F1F0D0C, 0x1F1F1F1F, 0x1F1F1F1F}, 6);
    reg1(l, 0x064, 1);
    reg1(l, 0x06F, 0x00000103);
    reg1(l, 0x200, VERTICES >> 3);              /* ATTRIBBUFFERS_LOC */
    cmd(l, 0x201, true, (const uint32_t[2]){0x000BF7FF, 2u << 28}, 2); /* float4, float4, float2; 3 attributes */
    cmd(l, 0x203, true, (const uint32_t[3]){0, 0xEF210, 5u << 28 | (uint32_t)sizeof(vertex) << 16}, 3);
    reg1(l, 0x242, 2);
    reg1(l, 0x2B9, 0xA0000002);
    cmd(l, 0x2BB, true, (const uint32_t[2]){0x76543210, 0xFEDCBA98}, 2);
    reg1(l, 0x2BD, 0x7);
    reg1(l, 0x24A, 2);
    reg1(l, 0x251, 2);
    cmd_masked(l, 0x25E, 0x1, false, (const uint32_t[1]){2}, 1); /* PRIMITIVE_CONFIG byte 0: 3 outputs */
    const uint32_t code[4] = {0x13u << 26 | 0u << 21 | 0u << 12, 0x13u << 26 | 1u << 21 | 1u << 12,
                              0x13u << 26 | 2u << 21 | 2u << 12, 0x22u << 26};
    reg1(l, 0x2CB, 0);
    cmd(l, 0x2CC, false, code, 4);
    reg1(l, 0x2BF, 1);
    reg1(l, 0x2D5, 0);
    reg1(l, 0x2D6, 0x36F);
    reg1(l, 0x2BA, 0x7FFF0000);
    reg1(l, 0x2B0, 0x7FFF0000);
    /* draw: three vertices, triangle list */
    cmd_masked(l, 0x25E, 0x2, false, (const uint32_t[1]){0}, 1); /* byte 1: triangle list */
    reg1(l, 0x25F, 1);
    reg1(l, 0x228, 3);
    reg1(l, 0x22A, 0);
    reg1(l, 0x229, 0);
    cmd_masked(l, 0x253, 0x2, false, (const uint32_t[1]){0}, 1);
    reg1(l, 0x245, 0);
    reg1(l, 0x22E, 1);                          /* DRAWARRAYS */
    reg1(l, 0x245, 1);
    reg1(l, 0x231, 1);
    reg1(l, 0x111, 1);                          /* FRAMEBUFFER_FLUSH */
    reg1(l, 0x010, 0x12345678);                 /* FINALIZE */
    while (l->n % 4) /* whole 16-byte units */
        reg1(l, 0x000, 0);
}

int main(int argc, char **argv)
{
    const uint32_t scale = argc > 1 ? (uint32_t)atoi(argv[1]) : 2;
    sample_host host;
    if (!sample_host_open(&host))
        return 77; /* no GL here: skipped */

    /* 1. glhle on the core's context */
    glhle_context_desc cd = {.mode = GLHLE_CONTEXT_EXTERNAL, .log = sample_log};
    cd.external.get_proc_address = sample_get_proc;
    glhle_context *ctx;
    if (glhle_context_create(&cd, &ctx) != GLHLE_RESULT_OK)
        return 1;

    /* 2. the GPU at the internal resolution, and the guest memory it sees */
    glhle_pica_desc pd = {.resolution_scale = scale};
    glhle_pica *gpu;
    if (glhle_pica_create(ctx, &pd, &gpu) != GLHLE_RESULT_OK)
        return 1;
    uint8_t *vram = calloc(1, VRAM_SIZE);
    if (!vram || glhle_pica_map_memory(gpu, VRAM_PADDR, vram, VRAM_SIZE) != GLHLE_RESULT_OK)
        return 1;

    /* 3. a frame: the CPU writes vertices (and tells glhle), GX clears the
     * colour buffer (memory fill), the GPU runs the command list */
    const vertex tri[3] = {
        {{-0.6f, -0.5f, -0.5f, 1.0f}, {1, 0, 0, 1}, {0, 0}, {0}},
        {{0.6f, -0.5f, -0.5f, 1.0f}, {0, 1, 0, 1}, {0, 0}, {0}},
        {{0.0f, 0.6f, -0.5f, 1.0f}, {0, 0, 1, 1}, {0, 0}, {0}},
    };
    /* clip space; the PICA clips z to -w..0 (3dbrew) */
    memcpy(vram + (VERTICES - VRAM_PADDR), tri, sizeof tri);
    glhle_pica_invalidate(gpu, VERTICES, sizeof tri);
    const glhle_pica_memory_fill fill = {COLOR_BUF >> 3, (COLOR_BUF + FB_W * FB_H * 4) >> 3, CLEAR, 2u << 8};
    cmdlist list = {.n = 0};
    build_frame(&list);
    glhle_pica_run_result run;
    if (glhle_pica_fill_memory(gpu, &fill) != GLHLE_RESULT_OK ||
        glhle_pica_run_cmdlist(gpu, list.w, list.n, &run) != GLHLE_RESULT_OK || !run.finalized || run.draws != 1) {
        fprintf(stderr, "core_pica: the command list did not run as expected (%u problems)\n", run.problems);
        return 1;
    }
    /* GX SetDisplayTransfer: the tiled render target to the linear LCD
     * framebuffer, both RGBA8 (flags 0: tiled to linear, no scaling) */
    const glhle_pica_display_transfer xfer = {
        .input_address = COLOR_BUF >> 3,
        .output_address = LCD_FB >> 3,
        .output_size = FB_H << 16 | FB_W,
        .input_size = FB_H << 16 | FB_W,
        .flags = 0,
    };
    if (glhle_pica_transfer(gpu, &xfer) != GLHLE_RESULT_OK)
        return 1;

    /* 4. present the top screen into the core's framebuffer (400 x 480 per
     * frame, times the scale) */
    sample_target fb;
    sample_target_create(&host, (int)(400 * scale), (int)(480 * scale), &fb);
    glhle_pica_present_desc pres = {.top_left = {LCD_FB, 0, 0}};
    pres.external.fbo = fb.fbo;
    if (glhle_pica_present(gpu, &pres) != GLHLE_RESULT_OK)
        return 1;

    /* 5. a save state. glhle's save first writes the pixels only the GPU
     * holds back into guest memory, so the core saves its memory after it;
     * to load, a fresh instance maps a copy of that memory and loads
     * glhle's part. The loaded instance presents into the core's
     * framebuffer, and the check below compares that with the first
     * instance's frame. */
    size_t state_size = 0;
    glhle_pica_save_state(gpu, NULL, 0, &state_size); /* LIMIT_EXCEEDED: just the size */
    uint8_t *state = malloc(state_size), *saved_vram = malloc(VRAM_SIZE);
    if (!state || !saved_vram || glhle_pica_save_state(gpu, state, state_size, &state_size) != GLHLE_RESULT_OK)
        return 1;
    memcpy(saved_vram, vram, VRAM_SIZE);
    glhle_pica *loaded;
    if (glhle_pica_create(ctx, &pd, &loaded) != GLHLE_RESULT_OK ||
        glhle_pica_map_memory(loaded, VRAM_PADDR, saved_vram, VRAM_SIZE) != GLHLE_RESULT_OK ||
        glhle_pica_load_state(loaded, state, state_size) != GLHLE_RESULT_OK ||
        glhle_pica_present(loaded, &pres) != GLHLE_RESULT_OK) {
        fprintf(stderr, "core_pica: the save state did not load\n");
        return 1;
    }
    printf("core_pica: save state of %zu bytes loaded into a fresh instance\n", state_size);

    /* 6. check: the core's framebuffer (drawn by the loaded instance)
     * against the first instance's frame, the clear colour in a corner,
     * the triangle in the middle */
    const size_t bytes = (size_t)fb.width * fb.height * 4;
    uint8_t *pic = malloc(bytes), *frame = malloc(bytes);
    uint32_t w = 0, h = 0;
    if (!pic || !frame || glhle_pica_read_frame(gpu, frame, bytes, &w, &h) != GLHLE_RESULT_OK)
        return 1;
    sample_target_read(&host, &fb, pic);
    size_t bad = 0;
    for (size_t i = 0; i < bytes; i += 4)
        bad += memcmp(pic + i, frame + i, 4) != 0;
    const uint8_t *corner = pic + ((size_t)2 * scale * fb.width + 2 * scale) * 4;
    const int clear_ok = corner[0] == 0x33 && corner[1] == 0x66 && corner[2] == 0xAA;
    const uint8_t *mid = pic + ((size_t)120 * scale * fb.width + 200 * scale) * 4;
    const int tri_ok = !(mid[0] == 0x33 && mid[1] == 0x66 && mid[2] == 0xAA) && mid[0] + mid[1] + mid[2] > 0;
    const uint64_t errors = glhle_context_gl_error_count(ctx);
    printf("core_pica: %ux%u frame at %ux: %zu pixels differ from glhle_pica_read_frame; clear colour %s "
           "(%u %u %u), triangle %s (%u %u %u); %llu GL errors\n",
           w, h, scale, bad, clear_ok ? "ok" : "WRONG", corner[0], corner[1], corner[2], tri_ok ? "drawn" : "MISSING",
           mid[0], mid[1], mid[2], (unsigned long long)errors);
    free(pic);
    free(frame);

    sample_target_destroy(&host, &fb);
    glhle_pica_destroy(loaded);
    glhle_pica_destroy(gpu);
    free(state);
    free(saved_vram);
    free(vram);
    glhle_context_destroy(ctx);
    sample_host_close(&host);
    return bad == 0 && clear_ok && tri_ok && errors == 0 && w == 400 * scale ? 0 : 1;
}
