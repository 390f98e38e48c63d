/* Command lists that draw, for the draw-path tests and benchmark: register
 * writes encoded here from 3dbrew GPU/Internal_Registers (framebuffer,
 * viewport, depth map, output map, texture units, combiners, per-fragment
 * operations, vertex arrays, shader upload, draw triggers), plus a GL
 * instance over one guest memory block and readback of render targets
 * through glhle_pica_flush and the texture codec.
 *
 * The vertex shader is a pass-through written as raw words (3dbrew
 * GPU/Shader_Instruction_Set format 1u: MOV = opcode 0x13 in bits 26-31,
 * destination bits 21-25, source bits 12-18, operand descriptor bits 0-6;
 * descriptor 0x36F = mask xyzw, swizzle xyzw): o_i = v_i for the vertex
 * attributes, so a vertex's clip position, colour and texture coordinates
 * arrive at the rasterizer exactly as written to memory (as f24). */
#ifndef GLHLE_TEST_PICA_DRAW_SUPPORT_H
#define GLHLE_TEST_PICA_DRAW_SUPPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/common/image.h"
#include "glhle/pica.h"
#include "support/pica_support.h"

#define PD_BASE 0x18000000u
#define PD_SIZE (8u << 20)
/* where the helpers put things by default */
#define PD_COLOR 0x18000000u   /* colour buffer */
#define PD_DEPTH 0x18200000u   /* depth buffer */
#define PD_TEXTURE 0x18400000u /* texture data */
#define PD_VERTICES 0x18600000u
#define PD_INDICES 0x18700000u

/* One vertex in memory (68 bytes, one attribute buffer): attribute 0
 * position (clip space), 1 colour, 2 texture coordinate 0, 3 normal
 * quaternion, 4 view vector (3 and 4 are loaded only with pd_program(b, 5);
 * with 3 attributes they are padding). */
typedef struct pd_vertex {
    float pos[4];
    float color[4];
    float tc[2];
    float quat[4];
    float view[3];
} pd_vertex;

typedef struct pd_env {
    glhle_context *ctx;
    glhle_pica *pica;
    uint8_t *mem; /* PD_SIZE bytes at PD_BASE */
} pd_env;

/* A GL instance (scale 0 -> 1) logging to ts_logger(), memory zeroed. */
void pd_env_init(pd_env *e, glhle_context *ctx, uint32_t scale);
/* The same, with glhle_pica_desc.no_framebuffer_fetch. */
void pd_env_init_ex(pd_env *e, glhle_context *ctx, uint32_t scale, bool no_framebuffer_fetch);
/* The same, with glhle_pica_desc.vertex_shaders set (not from the environment). */
void pd_env_init_vs(pd_env *e, glhle_context *ctx, uint32_t scale, uint32_t vertex_shaders);
/* The same with glhle_pica_desc.shader_cache_dir (title "default"). */
void pd_env_init_cache(pd_env *e, glhle_context *ctx, uint32_t scale, uint32_t vertex_shaders, const char *cache_dir);
/* pd_env_init_vs with `threads` shader compile workers (glhle_pica_desc.shader_compile_threads). */
void pd_env_init_threads(pd_env *e, glhle_context *ctx, uint32_t scale, uint32_t vertex_shaders, uint32_t threads);
/* Both: compile workers and a shader cache folder. */
void pd_env_init_cache_threads(pd_env *e, glhle_context *ctx, uint32_t scale, uint32_t vertex_shaders,
                               const char *cache_dir, uint32_t threads);
void pd_env_free(pd_env *e);
uint8_t *pd_mem(pd_env *e, uint32_t addr);
/* Runs the list (FINALIZE appended) and returns the run result; `res` may be NULL. */
glhle_result pd_run(pd_env *e, tp_cmdbuf *b, glhle_pica_run_result *res);

/* ---- register groups -------------------------------------------------------------- */

/* Colour buffer at color (colour-buffer format code cfmt) and depth buffer at
 * depth (depth format code dfmt: 0 D16, 2 D24, 3 D24S8); 0 leaves a buffer
 * out (its read and write enables 0). Viewport the whole target, depth map
 * scale -1 offset 0 (citro3d's), z-buffering, no culling, no scissor. */
void pd_target(tp_cmdbuf *b, uint32_t color, uint8_t cfmt, uint32_t depth, uint8_t dfmt, uint32_t w, uint32_t h);
/* VIEWPORT_WIDTH/INVW/HEIGHT/INVH and VIEWPORT_XY. */
void pd_viewport(tp_cmdbuf *b, int x, int y, uint32_t w, uint32_t h);
/* DEPTHMAP_ENABLE (1 z-buffer, 0 w-buffer), DEPTHMAP_SCALE, DEPTHMAP_OFFSET. */
void pd_depthmap(tp_cmdbuf *b, bool zbuffer, float scale, float offset);
/* SCISSORTEST_MODE (0 off, 1 exclude, 3 include), POS (x1, y1), DIM (x2, y2 inclusive). */
void pd_scissor(tp_cmdbuf *b, uint32_t mode, uint32_t x1, uint32_t y1, uint32_t x2, uint32_t y2);
void pd_cull(tp_cmdbuf *b, uint32_t mode);
/* FRAGOP_CLIP and CLIP_DATA0-3 (f24). */
void pd_clip(tp_cmdbuf *b, bool on, const float plane[4]);

/* The pass-through vertex shader for `attribs` attributes (3: position,
 * colour, texcoord0; 5: also quaternion and view), the output map and the
 * vertex layout of pd_vertex at PD_VERTICES. */
void pd_program(tp_cmdbuf *b, uint32_t attribs);

/* Combiner stage 0 = source (0 primary colour, 3 texture 0, 0xE constant),
 * replace, stages 1-5 pass the previous result. */
void pd_tev_replace(tp_cmdbuf *b, uint32_t source, uint32_t constant_rgba);

/* COLOR_OPERATION with blending on (eq/factors as BLEND_FUNC fields) or the
 * logic op, BLEND_COLOR r | g << 8 | b << 16 | a << 24. */
void pd_blend(tp_cmdbuf *b, uint32_t eq_rgb, uint32_t eq_a, uint32_t src_rgb, uint32_t dst_rgb, uint32_t src_a,
              uint32_t dst_a, uint32_t color);
void pd_logic_op(tp_cmdbuf *b, uint32_t op);
/* DEPTH_COLOR_MASK: test enable, func, colour mask bits, depth write. */
void pd_depth(tp_cmdbuf *b, bool test, uint32_t func, uint32_t color_mask, bool write);
/* STENCIL_TEST and STENCIL_OP. */
void pd_stencil(tp_cmdbuf *b, bool test, uint32_t func, uint8_t ref, uint8_t input_mask, uint8_t write_mask,
                uint32_t fail, uint32_t zfail, uint32_t zpass);

/* Texture unit 0: 2D, at addr, w x h, TEXUNIT_TYPE fmt, filters (0 nearest,
 * 1 linear), wraps (PICA codes), border colour. */
void pd_texture0(tp_cmdbuf *b, uint32_t addr, uint32_t w, uint32_t h, uint32_t fmt, uint32_t mag, uint32_t min,
                 uint32_t wrap_s, uint32_t wrap_t, uint32_t border);

/* Writes vertices to PD_VERTICES (and indices to PD_INDICES). */
void pd_put_vertices(pd_env *e, const pd_vertex *v, uint32_t n);
void pd_put_indices(pd_env *e, const uint16_t *idx, uint32_t n);
/* DRAWARRAYS of n vertices from `first` in mode (0 list, 1 strip, 2 fan),
 * or DRAWELEMENTS with u16 indices at PD_INDICES. */
void pd_draw(tp_cmdbuf *b, uint32_t mode, uint32_t n, uint32_t first);
void pd_draw_indexed(tp_cmdbuf *b, uint32_t mode, uint32_t n);

/* The geometry stage's own configuration (with VSH_COM_MODE 1): `inputs`
 * GS inputs (v0..), GS outputs o0-o2 through pd_program's output map,
 * GSH_MISC0 (mode and fixed mode's count and start). */
void pd_gs_config(tp_cmdbuf *b, uint32_t inputs, uint32_t misc0);
/* A draw with the geometry stage on (GEOSTAGE_CONFIG 2) in PRIMITIVE_CONFIG's
 * geometry mode, after RESTART_PRIMITIVE; index_bits 0: an array from
 * `at`, 8 or 16: u8 or u16 indices at guest address `at` (with
 * ATTRIBBUFFERS_LOC at PD_VERTICES, as pd_program sets it). */
void pd_gs_draw(tp_cmdbuf *b, uint32_t n, uint32_t index_bits, uint32_t at);

/* A benchmark's frame: an instance and its command list. pd_frame_run (a
 * bench_fn) runs the list and waits for the GL (glFinish); a failed run is
 * said on standard error. */
typedef struct pd_frame {
    pd_env e;
    tp_cmdbuf b;
} pd_frame;
void pd_frame_run(void *frame);

/* Clip-space coordinate of window pixel edge p in a viewport of size n
 * (x_clip = 2p/n - 1). */
float pd_clip_coord(float p, uint32_t n);

/* ---- readback ---------------------------------------------------------------------- */

/* Flushes and decodes the colour buffer (8x8 tiles) into img: RGBA8, top row
 * first. */
void pd_read_color(pd_env *e, uint32_t addr, uint32_t cfmt, uint32_t w, uint32_t h, glhle_image *img);
/* Flushes and decodes the depth buffer: one depth24 << 8 | stencil word per
 * pixel, top row first (malloc'd). */
uint32_t *pd_read_depth(pd_env *e, uint32_t addr, uint32_t dfmt, uint32_t w, uint32_t h);
/* Encodes an RGBA8 image (top row first) as an 8x8-tiled texture of
 * texture format fmt at addr and invalidates the range. */
void pd_put_texture(pd_env *e, uint32_t addr, uint32_t fmt, uint32_t w, uint32_t h, const uint8_t *rgba);
/* Encodes a colour buffer (or fills a depth buffer) in memory and
 * invalidates it: colour buffers from RGBA8 top row first, depth buffers
 * with one depth24 << 8 | stencil word for every pixel. */
void pd_put_color(pd_env *e, uint32_t addr, uint32_t cfmt, uint32_t w, uint32_t h, const uint8_t *rgba);
void pd_fill_depth(pd_env *e, uint32_t addr, uint32_t dfmt, uint32_t w, uint32_t h, uint32_t word);
void pd_put_depth(pd_env *e, uint32_t addr, uint32_t dfmt, uint32_t w, uint32_t h, const uint32_t *words);

#endif
