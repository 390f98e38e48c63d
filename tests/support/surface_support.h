/* Helpers for the surface-cache, display-operation and presentation tests:
 * a GL instance and a GL-free twin over equal guest memory (the twin runs
 * the CPU reference), framebuffer states, and drawing known pictures into
 * the cache's render targets with plain GL. */
#ifndef GLHLE_TEST_SURFACE_SUPPORT_H
#define GLHLE_TEST_SURFACE_SUPPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/gl/gl_context.h"
#include "backend/pica/frontend/pica_state.h"
#include "backend/pica/surface/surface_cache.h"
#include "glhle/pica.h"
#include "support/test_support.h"

#define TSF_BASE 0x18000000u
#define TSF_SIZE (8u << 20)

typedef struct tsf_env {
    glhle_context *ctx;
    glhle_pica *gpu, *cpu; /* GL instance and GL-free twin */
    uint8_t *gmem, *cmem;  /* their guest memory at TSF_BASE */
} tsf_env;

/* scale 0 -> 1, budget 0 -> default; memory zeroed. */
void tsf_env_init(tsf_env *e, glhle_context *ctx, uint32_t scale, size_t budget);
void tsf_env_free(tsf_env *e);
/* Pointer to guest address addr in the GL instance's / the twin's memory. */
uint8_t *tsf_g(tsf_env *e, uint32_t addr);
uint8_t *tsf_c(tsf_env *e, uint32_t addr);
/* Random bytes at addr in both memories (invalidated on the GL instance). */
void tsf_random(tsf_env *e, ts_rng *rng, uint32_t addr, uint32_t size);
/* Copies the GL instance's memory at addr to the twin. */
void tsf_sync(tsf_env *e, uint32_t addr, uint32_t size);
glhle_pica_stats tsf_stats(glhle_pica *p);

/* A framebuffer state: colour buffer at color_addr (0: none) in colour
 * buffer format code `cfmt`, depth buffer at depth_addr (0: none) in depth
 * format code `dfmt`; reads and writes enabled for what is present. */
pica_framebuffer_state tsf_fb(uint32_t color_addr, uint8_t cfmt, uint32_t depth_addr, uint8_t dfmt, uint16_t w,
                              uint16_t h);

/* The cache's render targets for fb (GL context entered; must succeed and
 * attach something). */
void tsf_bind(tsf_env *e, const pica_framebuffer_state *fb, pica_render_targets *rt);
/* tsf_draw_pattern over the whole of rt, then marks it written as the draw
 * path would. */
void tsf_render(tsf_env *e, const pica_framebuffer_state *fb, const pica_render_targets *rt, int block,
                uint32_t seed);

/* Transfer engine registers: addresses, sizes (width | height << 16), flags. */
glhle_pica_display_transfer tsf_transfer_regs(uint32_t in, uint32_t out, uint32_t in_w, uint32_t in_h, uint32_t out_w,
                                              uint32_t out_h, uint32_t flags);

/* Draws a picture into `fbo` covering (0, 0, w, h) GL pixels with plain GL:
 * colour and depth are hashes of (pixel / block, seed), so every block x
 * block square is uniform; the stencil gets rectangles of values. Leaves
 * the instance's GL state shadow invalidated (foreign GL use). */
void tsf_draw_pattern(glhle_pica *p, GLuint fbo, int w, int h, int block, uint32_t seed);

/* The whole GL texture read back: RGBA8 bytes or GL_UNSIGNED_INT_24_8
 * words, GL rows bottom first. malloc'd. */
uint8_t *tsf_read_texture(glhle_context *ctx, GLuint tex, bool depth, int w, int h);

#endif
