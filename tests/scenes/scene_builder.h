/* The scene builder: a small homebrew graphics library in the manner of
 * citro3d, driving a PICA instance through glhle's public API the way a
 * 3DS core would see a homebrew program drive the GPU. It keeps a state
 * context with dirty flags and, at each draw, writes the changed state as
 * citro3d writes it (the same registers, order, masks and command forms:
 * devkitPro citro3d source/base.c C3Di_UpdateContext, effect.c, texenv.c,
 * framebuffer.c, lightenv.c, proctex.c, texture.c, uniforms.c, drawArrays.c,
 * drawElements.c; libctru shaderProgramConfigure and GPUCMD_*); the code is
 * this project's own.
 *
 * Guest memory is a 3DS physical layout: VRAM at 0x18000000 (render
 * targets, depth buffers, render-to-texture textures) and a linear heap in
 * FCRAM at 0x20000000 (the command buffer, vertex and index arrays,
 * textures, the LCD framebuffers). A frame goes through glhle like a
 * frame of a homebrew program through GSP:
 *   memory fills (render target clears) -> the command list
 *   (glhle_pica_run_guest) -> display transfers to the LCD framebuffers ->
 *   glhle_pica_present (the framebuffer swap at VBlank).
 * The CPU's writes to guest memory are reported with glhle_pica_invalidate,
 * as a core that tracks writes does.
 *
 * Everything is deterministic: no libm transcendental functions (the
 * builder's own sin/cos), so a scene's trace is the same bytes on every
 * machine. */
#ifndef GLHLE_TEST_SCENE_BUILDER_H
#define GLHLE_TEST_SCENE_BUILDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/pica/shader/shbin.h"
#include "glhle/pica.h"
#include "glhle/trace.h"

#define SB_VRAM_BASE 0x18000000u
#define SB_VRAM_SIZE (6u << 20)
#define SB_LINEAR_BASE 0x20000000u
#define SB_LINEAR_SIZE (8u << 20)
#define SB_CMDBUF_BYTES (256u << 10)

/* ---- numbers ---- */

/* Row-major 4x4: m[row][col], columns x, y, z, w (a row is what one float
 * uniform holds). */
typedef struct sb_mtx {
    float m[4][4];
} sb_mtx;

float sb_sin(float radians);
float sb_cos(float radians);
void sb_mtx_identity(sb_mtx *out);
void sb_mtx_multiply(sb_mtx *out, const sb_mtx *a, const sb_mtx *b);
void sb_mtx_translate(sb_mtx *m, float x, float y, float z);  /* m = m * T */
void sb_mtx_rotate_x(sb_mtx *m, float radians);               /* m = m * R */
void sb_mtx_rotate_y(sb_mtx *m, float radians);
/* citro3d's Mtx_PerspTilt: a perspective projection for the sideways 3DS
 * screens, depth mapped to [-1, 0] (PICA clips to -w <= z <= 0).
 * fovx_cot is 1 / tan(fov / 2), given so no tangent is computed; the fov
 * spans the screen's short side and invaspect is its long side over its
 * short side (citro3d passes C3D_AspectRatioTop, 400 / 240). */
void sb_mtx_persp_tilt(sb_mtx *m, float fovx_cot, float invaspect, float near, float far);
/* citro3d's Mtx_OrthoTilt. */
void sb_mtx_ortho_tilt(sb_mtx *m, float left, float right, float bottom, float top, float near, float far);

/* The float formats citro3d converts to (truncating, as f32tof24 does). */
uint32_t sb_f24(float f);
uint32_t sb_f31(float f);
uint32_t sb_f16(float f);

/* ---- textures ---- */

enum {
    SB_RGBA8 = 0x0, SB_RGB8 = 0x1, SB_RGBA5551 = 0x2, SB_RGB565 = 0x3, SB_RGBA4 = 0x4,
};

typedef struct sb_tex {
    uint32_t paddr;
    uint16_t width, height;
    uint32_t fmt;      /* TEXUNITi_TYPE */
    uint32_t param;    /* TEXUNITi_PARAM: filters, wraps */
    uint32_t border;   /* TEXUNITi_BORDER_COLOR */
    uint32_t lod;      /* TEXUNITi_LOD */
} sb_tex;

/* ---- render targets ---- */

enum { SB_SCREEN_TOP = 0, SB_SCREEN_BOTTOM = 1 };
enum { SB_DEPTH16 = 0, SB_DEPTH24 = 2, SB_DEPTH24_STENCIL8 = 3, SB_NO_DEPTH = -1 };

typedef struct sb_target {
    uint32_t color, depth;        /* paddrs; depth 0: none */
    uint16_t width, height;
    uint8_t color_fmt, depth_fmt;
    int screen;                   /* -1: not linked to a screen */
    uint32_t transfer_flags;
    bool used;
} sb_target;

/* LCD framebuffer and transfer formats (GSP / GX_TRANSFER numbering, not
 * the colour-buffer one) */
enum { SB_FB_RGBA8 = 0, SB_FB_BGR8 = 1, SB_FB_RGB565 = 2, SB_FB_RGB5A1 = 3, SB_FB_RGBA4 = 4 };
/* GX_TRANSFER flags: RGBA8 in, the screen's format out, no scaling (the
 * display-transfer flags of citro3d's examples) */
#define SB_TRANSFER_FLAGS(out_fmt) (((uint32_t)(out_fmt)) << 12)

/* ---- texture combiners ---- */

/* The five registers of a stage: SOURCE, OPERAND, COMBINER, COLOR, SCALE. */
typedef struct sb_texenv {
    uint32_t source, operand, combiner, color, scale;
} sb_texenv;

enum {
    SB_SRC_PRIMARY = 0x0, SB_SRC_FRAG_PRIMARY = 0x1, SB_SRC_FRAG_SECONDARY = 0x2, SB_SRC_TEX0 = 0x3,
    SB_SRC_TEX1 = 0x4, SB_SRC_TEX2 = 0x5, SB_SRC_TEX3 = 0x6, SB_SRC_PREV_BUFFER = 0xD, SB_SRC_CONSTANT = 0xE,
    SB_SRC_PREVIOUS = 0xF,
};
enum {
    SB_REPLACE = 0, SB_MODULATE = 1, SB_ADD = 2, SB_ADD_SIGNED = 3, SB_INTERPOLATE = 4, SB_SUBTRACT = 5,
    SB_DOT3_RGB = 6, SB_DOT3_RGBA = 7, SB_MULTIPLY_ADD = 8, SB_ADD_MULTIPLY = 9,
};

static inline uint32_t sb_tev3(uint32_t a, uint32_t b, uint32_t c)
{
    return a | (b << 4) | (c << 8);
}
/* The same sources (operands, functions) for RGB and alpha. */
static inline void sb_texenv_init(sb_texenv *e)
{
    e->source = 0x000F000F; /* previous, for both */
    e->operand = 0;
    e->combiner = 0;        /* replace */
    e->color = 0xFFFFFFFF;
    e->scale = 0;
}

/* ---- lighting ---- */

typedef struct sb_material {
    float ambient[3], diffuse[3], specular0[3], emission[3]; /* r, g, b */
} sb_material;

/* ---- the context ---- */

typedef struct sb_ctx sb_ctx;

/* A GL-free instance with the memory mapped; a recorder, when given, is
 * attached before the first call. The instance is the builder's. */
sb_ctx *sb_create(glhle_trace_recorder *rec);
void sb_destroy(sb_ctx *c);
glhle_pica *sb_pica(sb_ctx *c);

/* Memory (linearAlloc / vramAlloc), and the host view of a guest address. */
uint32_t sb_linear_alloc(sb_ctx *c, uint32_t size, uint32_t align);
uint32_t sb_vram_alloc(sb_ctx *c, uint32_t size, uint32_t align);
uint8_t *sb_host(sb_ctx *c, uint32_t paddr);
/* The CPU wrote [paddr, paddr + size): glhle_pica_invalidate. */
void sb_cpu_wrote(sb_ctx *c, uint32_t paddr, uint32_t size);

/* Shader programs: a SHBIN file (made with support/pica_dvlb_writer.h) and
 * the DVLE that is the vertex shader. */
typedef struct sb_program sb_program;
sb_program *sb_program_create(const void *shbin, size_t size, uint32_t dvle);
void sb_program_destroy(sb_program *p);
/* The first float register of a named uniform (c0 = 0), or -1. */
int sb_uniform(const sb_program *p, const char *name);
void sb_bind_program(sb_ctx *c, sb_program *p);
/* Float uniforms of the vertex shader (C3D_FVUnif + dirty). */
void sb_uniform_mtx(sb_ctx *c, int reg, const sb_mtx *m);
void sb_uniform_vec(sb_ctx *c, int reg, float x, float y, float z, float w);

/* Vertex layout (AttrInfo) and arrays (BufInfo). format: 0 byte, 1 ubyte,
 * 2 short, 3 float. */
void sb_attr_reset(sb_ctx *c);
void sb_attr_loader(sb_ctx *c, int reg, int format, int count);
void sb_buf_reset(sb_ctx *c);
void sb_buf_add(sb_ctx *c, uint32_t paddr, uint32_t stride, int attribs, uint64_t permutation);

/* Per-fragment state (C3D_Effect). func values: GPU_TESTFUNC (0 never,
 * 1 always, 2 equal, 3 not equal, 4 less, 5 lequal, 6 greater, 7 gequal). */
void sb_depth_test(sb_ctx *c, bool enable, int func, uint32_t write_mask);
void sb_cull(sb_ctx *c, int mode);  /* 0 none, 1 front ccw, 2 back ccw */
void sb_alpha_blend(sb_ctx *c, int color_eq, int alpha_eq, int src_color, int dst_color, int src_alpha,
                    int dst_alpha);
void sb_alpha_test(sb_ctx *c, bool enable, int func, int ref);

/* Combiners. */
sb_texenv *sb_get_texenv(sb_ctx *c, int id);
void sb_texenv_buf_update(sb_ctx *c, bool rgb, bool alpha, uint32_t stage_mask);
void sb_texenv_buf_color(sb_ctx *c, uint32_t rgba);

/* Textures: allocated in the linear heap (or VRAM), filled from an RGBA8
 * image given top row first, swizzled into 8x8 tiles. */
void sb_tex_init(sb_ctx *c, sb_tex *t, uint16_t w, uint16_t h, uint32_t fmt, bool vram);
void sb_tex_upload(sb_ctx *c, sb_tex *t, const uint8_t *rgba);
/* filters: 0 nearest, 1 linear; wraps: 0 clamp to edge, 1 border, 2 repeat, 3 mirrored */
void sb_tex_filter(sb_tex *t, int mag, int min);
void sb_tex_wrap(sb_tex *t, int s, int t_wrap);
void sb_tex_bind(sb_ctx *c, int unit, sb_tex *t);

/* Fragment lighting: one light at view-space position pos (x, y, z, w:
 * w = 0 makes it a directional light from that direction) with the D0 LUT
 * on N.H (specular power `shininess`), material, ambient. */
void sb_light_env(sb_ctx *c, const sb_material *m, const float pos[4], const float light_rgb[3], int shininess);
void sb_light_env_off(sb_ctx *c);

/* Fog from a LUT: linear in eye distance from fog_start to fog_end, for a
 * projection with these near and far planes (indexed by window depth, the
 * z flip off, as homebrew sets it with FogLut_Exp-style tables). */
void sb_fog(sb_ctx *c, uint32_t rgb, float near, float far, float fog_start, float fog_end);
void sb_fog_off(sb_ctx *c);

/* Gas rendering (docs/pica-gas.md; citro3d's gas API). sb_fog_gas puts
 * the fog stage in gas mode (shading pass); sb_gas_density_pass switches
 * COLOR_OPERATION to the density pass; sb_gas writes the gas registers at
 * once, as C3Di_GasUpdate does (the gas depth function follows the depth
 * test's, as citro3d's GPU_MAKEGASDEPTHFUNC derives it). */
typedef struct sb_gas_config {
    float delta_z;      /* C3D_GasDeltaZ */
    float acc_max;      /* C3D_GasAccMax: the register gets 1 / acc_max */
    float attenuation;  /* C3D_GasAttn */
    float planar[3];    /* C3D_GasLightPlanar: min, max, attenuation, in [0, 1] */
    float view[3];      /* C3D_GasLightView */
    float light_dir;    /* C3D_GasLightDirection */
    bool lut_light;     /* C3D_GasLutInput(GPU_GAS_LIGHT_FACTOR) */
    uint32_t lut[16];   /* sb_gas_lut_from_array */
} sb_gas_config;
void sb_fog_gas(sb_ctx *c, bool depth_density);
void sb_gas_density_pass(sb_ctx *c, bool on);
void sb_gas_lut_from_array(uint32_t lut[16], const uint32_t colors[9]);
void sb_gas(sb_ctx *c, const sb_gas_config *g);

/* Procedural texture on texture unit 3 from texture coordinates `coord`. */
typedef struct sb_proctex {
    uint32_t reg[6];          /* TEXUNIT3_PROCTEX0-5 */
    uint32_t noise[128], rgb_map[128], alpha_map[128];
    uint32_t color[256], color_diff[256];
    bool has_noise;
} sb_proctex;
void sb_proctex_bind(sb_ctx *c, int coord, const sb_proctex *pt);

/* Render targets (C3D_RenderTarget). */
void sb_target_create(sb_ctx *c, sb_target *t, uint16_t w, uint16_t h, uint8_t color_fmt, int depth_fmt);
/* A target drawing into a texture (C3D_RenderTargetCreateFromTex). */
void sb_target_from_tex(sb_ctx *c, sb_target *t, const sb_tex *tex, int depth_fmt);
void sb_target_set_output(sb_target *t, int screen, uint32_t transfer_flags);
/* Queues the clears (GX memory fills) for this frame. */
void sb_target_clear(sb_ctx *c, sb_target *t, uint32_t rgba, uint32_t depth);

/* Frames. */
void sb_frame_begin(sb_ctx *c);
void sb_frame_draw_on(sb_ctx *c, sb_target *t);
void sb_draw_arrays(sb_ctx *c, uint32_t primitive, uint32_t first, uint32_t count);
/* indices: u16 array at paddr (inside the buffer base's reach) */
void sb_draw_elements(sb_ctx *c, uint32_t primitive, uint32_t count, uint32_t indices_paddr);
/* Runs the frame: fills, the command list, transfers to the screens'
 * framebuffers, the swap (present). */
void sb_frame_end(sb_ctx *c);

/* The LCD framebuffers (gfxInit): formats of the two screens (SB_FB_*;
 * BGR8 by default, as gfxInitDefault sets them). Call before the first
 * frame. */
void sb_screen_format(sb_ctx *c, int screen, uint32_t fmt);

#define SB_TRIANGLES 0x000u
#define SB_TRIANGLE_STRIP 0x100u
#define SB_TRIANGLE_FAN 0x200u

#endif
