#include "support/pica_draw_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/gl/gl_context.h"
#include "backend/pica/texture/texcodec.h"
#include "support/test_support.h"

_Static_assert(sizeof(pd_vertex) == 68, "pd_vertex is the attribute buffer's 68-byte vertex");

static void w1(tp_cmdbuf *b, uint32_t reg, uint32_t v)
{
    tp_cmd1(b, reg, v);
}

static void seq(tp_cmdbuf *b, uint32_t reg, const uint32_t *v, uint32_t n)
{
    tp_cmd(b, reg, 0xF, true, v, n);
}

/* VIEWPORT_INVW/INVH: f31 in bits 1-31 (3dbrew) */
static uint32_t f31_reg(float v)
{
    return glhle_float_to_f31(v) << 1;
}

void pd_env_init(pd_env *e, glhle_context *ctx, uint32_t scale)
{
    pd_env_init_ex(e, ctx, scale, false);
}

static void env_init(pd_env *e, glhle_context *ctx, uint32_t scale, bool no_framebuffer_fetch, uint32_t vs,
                     const char *cache_dir, uint32_t threads);

void pd_env_init_ex(pd_env *e, glhle_context *ctx, uint32_t scale, bool no_framebuffer_fetch)
{
    env_init(e, ctx, scale, no_framebuffer_fetch, (uint32_t)ts_env_long("GLHLE_TEST_PICA_VERTEX_SHADERS", 0), NULL,
             0);
}

void pd_env_init_vs(pd_env *e, glhle_context *ctx, uint32_t scale, uint32_t vertex_shaders)
{
    env_init(e, ctx, scale, false, vertex_shaders, NULL, 0);
}

void pd_env_init_cache(pd_env *e, glhle_context *ctx, uint32_t scale, uint32_t vertex_shaders, const char *cache_dir)
{
    env_init(e, ctx, scale, false, vertex_shaders, cache_dir, 0);
}

void pd_env_init_threads(pd_env *e, glhle_context *ctx, uint32_t scale, uint32_t vertex_shaders, uint32_t threads)
{
    env_init(e, ctx, scale, false, vertex_shaders, NULL, threads);
}

void pd_env_init_cache_threads(pd_env *e, glhle_context *ctx, uint32_t scale, uint32_t vertex_shaders,
                               const char *cache_dir, uint32_t threads)
{
    env_init(e, ctx, scale, false, vertex_shaders, cache_dir, threads);
}

static void env_init(pd_env *e, glhle_context *ctx, uint32_t scale, bool no_framebuffer_fetch, uint32_t vs,
                     const char *cache_dir, uint32_t threads)
{
    memset(e, 0, sizeof *e);
    e->ctx = ctx;
    e->mem = calloc(1, PD_SIZE);
    assert_non_null(e->mem);
    glhle_pica_desc d = {.log = ts_log_fn,
                         .log_level = GLHLE_LOG_DEBUG,
                         .resolution_scale = scale,
                         .no_framebuffer_fetch = no_framebuffer_fetch,
                         /* gl/test_rasterizer_ubershader: every draw by the ubershader */
                         .shader_ubershader = (uint32_t)ts_env_long("GLHLE_TEST_PICA_UBERSHADER", 0),
                         /* gl/test_rasterizer_gpu_vs: vertex shaders on the GPU path */
                         .vertex_shaders = vs,
                         .shader_cache_dir = cache_dir,
                         .shader_compile_threads = threads};
    assert_int_equal(glhle_pica_create(ctx, &d, &e->pica), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_map_memory(e->pica, PD_BASE, e->mem, PD_SIZE), GLHLE_RESULT_OK);
}

void pd_env_free(pd_env *e)
{
    glhle_pica_destroy(e->pica);
    free(e->mem);
    memset(e, 0, sizeof *e);
}

uint8_t *pd_mem(pd_env *e, uint32_t addr)
{
    assert_true(addr >= PD_BASE && addr - PD_BASE < PD_SIZE);
    return e->mem + (addr - PD_BASE);
}

glhle_result pd_run(pd_env *e, tp_cmdbuf *b, glhle_pica_run_result *res)
{
    tp_cmdbuf f;
    tp_cmd_init(&f);
    tp_cmd_raw(&f, b->w, b->n);
    tp_cmd_finalize(&f);
    glhle_result r = glhle_pica_run_cmdlist(e->pica, f.w, f.n, res);
    tp_cmd_free(&f);
    return r;
}

void pd_viewport(tp_cmdbuf *b, int x, int y, uint32_t w, uint32_t h)
{
    seq(b, 0x041,
        (const uint32_t[4]){glhle_float_to_f24(w / 2.0f), f31_reg(2.0f / w), glhle_float_to_f24(h / 2.0f),
                            f31_reg(2.0f / h)},
        4);
    w1(b, 0x068, ((uint32_t)x & 0x3FF) | ((uint32_t)y & 0x3FF) << 16);
}

void pd_depthmap(tp_cmdbuf *b, bool zbuffer, float scale, float offset)
{
    w1(b, 0x06D, zbuffer ? 1 : 0);
    seq(b, 0x04D, (const uint32_t[2]){glhle_float_to_f24(scale), glhle_float_to_f24(offset)}, 2);
}

void pd_scissor(tp_cmdbuf *b, uint32_t mode, uint32_t x1, uint32_t y1, uint32_t x2, uint32_t y2)
{
    seq(b, 0x065, (const uint32_t[3]){mode, x1 | y1 << 16, x2 | y2 << 16}, 3);
}

void pd_cull(tp_cmdbuf *b, uint32_t mode)
{
    w1(b, 0x040, mode);
}

void pd_clip(tp_cmdbuf *b, bool on, const float plane[4])
{
    w1(b, 0x047, on ? 1 : 0);
    uint32_t v[4];
    for (int i = 0; i < 4; i++)
        v[i] = glhle_float_to_f24(plane ? plane[i] : 0.0f);
    seq(b, 0x048, v, 4);
}

void pd_tev_replace(tp_cmdbuf *b, uint32_t source, uint32_t constant_rgba)
{
    /* SOURCE (rgb nibbles 0-11, alpha 16-27), OPERAND 0 (source colour /
     * alpha), COMBINER 0 (replace), COLOR, SCALE 1x */
    seq(b, 0x0C0, (const uint32_t[5]){source | source << 16, 0, 0, constant_rgba, 0}, 5);
    for (uint32_t s = 1; s < 6; s++)
        seq(b, s < 4 ? 0x0C0 + 8 * s : 0x0F0 + 8 * (s - 4), (const uint32_t[5]){0x000F000F, 0, 0, 0, 0}, 5);
    w1(b, 0x0E0, 0); /* no fog, no combiner-buffer updates */
}

void pd_blend(tp_cmdbuf *b, uint32_t eq_rgb, uint32_t eq_a, uint32_t src_rgb, uint32_t dst_rgb, uint32_t src_a,
              uint32_t dst_a, uint32_t color)
{
    /* COLOR_OPERATION: bit 8 blending; 0xE4 in bits 16-23 as libctru writes it */
    w1(b, 0x100, 0x00E40100);
    w1(b, 0x101, eq_rgb | eq_a << 8 | src_rgb << 16 | dst_rgb << 20 | src_a << 24 | dst_a << 28);
    w1(b, 0x103, color);
}

void pd_logic_op(tp_cmdbuf *b, uint32_t op)
{
    w1(b, 0x100, 0x00E40000);
    w1(b, 0x102, op);
}

void pd_depth(tp_cmdbuf *b, bool test, uint32_t func, uint32_t color_mask, bool write)
{
    w1(b, 0x107, (test ? 1u : 0u) | func << 4 | color_mask << 8 | (write ? 1u << 12 : 0u));
}

void pd_stencil(tp_cmdbuf *b, bool test, uint32_t func, uint8_t ref, uint8_t input_mask, uint8_t write_mask,
                uint32_t fail, uint32_t zfail, uint32_t zpass)
{
    w1(b, 0x105, (test ? 1u : 0u) | func << 4 | (uint32_t)write_mask << 8 | (uint32_t)ref << 16 |
                     (uint32_t)input_mask << 24);
    w1(b, 0x106, fail | zfail << 4 | zpass << 8);
}

void pd_target(tp_cmdbuf *b, uint32_t color, uint8_t cfmt, uint32_t depth, uint8_t dfmt, uint32_t w, uint32_t h)
{
    w1(b, 0x110, 1);
    w1(b, 0x117, (uint32_t)cfmt << 16 | (cfmt == 0 ? 2u : cfmt == 1 ? 1u : 0u));
    w1(b, 0x116, dfmt);
    w1(b, 0x11C, depth >> 3);
    w1(b, 0x11D, color >> 3);
    const uint32_t dim = 1u << 24 | (h - 1) << 12 | w;
    w1(b, 0x11E, dim);
    w1(b, 0x06E, dim);
    /* COLORBUFFER_READ/WRITE, DEPTHBUFFER_READ/WRITE (bit 0 stencil, bit 1 depth) */
    seq(b, 0x112, (const uint32_t[4]){color ? 0xFu : 0, color ? 0xFu : 0, depth ? 3u : 0, depth ? 3u : 0}, 4);
    pd_viewport(b, 0, 0, w, h);
    pd_depthmap(b, true, -1.0f, 0.0f);
    pd_cull(b, 0);
    pd_scissor(b, 0, 0, 0, 0, 0);
    pd_clip(b, false, NULL);
    /* fragment defaults: blending with ONE, ZERO (a plain write), no alpha
     * or stencil test, depth test off, all colour channels written */
    pd_blend(b, 0, 0, 1, 0, 1, 0, 0);
    w1(b, 0x102, 3);
    w1(b, 0x104, 0);
    pd_stencil(b, false, 0, 0, 0, 0, 0, 0, 0);
    pd_depth(b, false, 1, 0xF, false);
    pd_tev_replace(b, 0, 0);
    w1(b, 0x080, 0x00011000); /* texture units off (bit 12 as libctru sets it, bit 16 clears the texture cache) */
}

void pd_program(tp_cmdbuf *b, uint32_t attribs)
{
    assert_true(attribs == 3 || attribs == 5);
    const uint32_t n = attribs;
    /* output map: o0 position, o1 colour, o2 texcoord0 (u, v), o3 quaternion, o4 view */
    seq(b, 0x04F, (const uint32_t[6]){n, 0x03020100, 0x0B0A0908, 0x1F1F0D0C, 0x07060504, 0x1F141312}, 6);
    w1(b, 0x064, 1);
    w1(b, 0x06F, n == 5 ? 0x01000103u : 0x00000103u);
    /* vertex arrays: one buffer at PD_VERTICES, 68-byte vertices
     * (ATTRIBBUFFERS_FORMAT_LOW: per attribute bits 0-1 type, 3 = float,
     * bits 2-3 components - 1) */
    w1(b, 0x200, PD_VERTICES >> 3);
    seq(b, 0x201, (const uint32_t[2]){0x000BF7FFu, (n - 1) << 28}, 2);
    /* components 0-4 are attributes 0-4, or with three attributes 16 + 12
     * bytes of padding (codes 15 and 14) */
    seq(b, 0x203, (const uint32_t[3]){0, n == 5 ? 0x43210u : 0xEF210u, 5u << 28 | 68u << 16}, 3);
    /* shader unit: n inputs v0.. in attribute order, n outputs */
    w1(b, 0x242, n - 1);
    w1(b, 0x2B9, 0xA0000000u | (n - 1));
    seq(b, 0x2BB, (const uint32_t[2]){0x76543210, 0xFEDCBA98}, 2);
    w1(b, 0x2BD, (1u << n) - 1);
    w1(b, 0x24A, n - 1);
    w1(b, 0x251, n - 1);
    tp_cmd(b, 0x25E, 0x1, false, (const uint32_t[1]){n - 1}, 1);
    /* code: mov o_i, v_i ...; end */
    uint32_t code[6];
    for (uint32_t i = 0; i < n; i++)
        code[i] = 0x13u << 26 | i << 21 | i << 12;
    code[n] = 0x22u << 26;
    w1(b, 0x2CB, 0);
    tp_cmd(b, 0x2CC, 0xF, false, code, n + 1);
    w1(b, 0x2BF, 1);
    w1(b, 0x2D5, 0);
    w1(b, 0x2D6, 0x36F);
    w1(b, 0x2BA, 0x7FFF0000u);
    w1(b, 0x2B0, 0x7FFF0000u);
}

void pd_texture0(tp_cmdbuf *b, uint32_t addr, uint32_t w, uint32_t h, uint32_t fmt, uint32_t mag, uint32_t min,
                 uint32_t wrap_s, uint32_t wrap_t, uint32_t border)
{
    w1(b, 0x081, border);
    w1(b, 0x082, w << 16 | h);
    w1(b, 0x083, mag << 1 | min << 2 | wrap_t << 8 | wrap_s << 12);
    w1(b, 0x084, 0);
    w1(b, 0x085, addr >> 3);
    w1(b, 0x08E, fmt);
    w1(b, 0x080, 0x00011001);
}

void pd_put_vertices(pd_env *e, const pd_vertex *v, uint32_t n)
{
    memcpy(pd_mem(e, PD_VERTICES), v, (size_t)n * sizeof *v);
    glhle_pica_invalidate(e->pica, PD_VERTICES, n * (uint32_t)sizeof *v);
}

void pd_put_indices(pd_env *e, const uint16_t *idx, uint32_t n)
{
    memcpy(pd_mem(e, PD_INDICES), idx, (size_t)n * 2);
    glhle_pica_invalidate(e->pica, PD_INDICES, n * 2);
}

static void trigger(tp_cmdbuf *b, uint32_t mode, uint32_t n, uint32_t first, bool indexed)
{
    tp_cmd(b, 0x25E, 0x2, false, (const uint32_t[1]){mode << 8}, 1);
    w1(b, 0x25F, 1);
    w1(b, 0x228, n);
    if (indexed) {
        w1(b, 0x227, 0x80000000u | (PD_INDICES - PD_VERTICES));
        w1(b, 0x229, 0x100);
        tp_cmd(b, 0x253, 0x2, false, (const uint32_t[1]){0x100}, 1);
    } else {
        w1(b, 0x22A, first);
        w1(b, 0x229, 0);
        tp_cmd(b, 0x253, 0x2, false, (const uint32_t[1]){0}, 1);
    }
    w1(b, 0x245, 0);
    w1(b, indexed ? 0x22F : 0x22E, 1);
    w1(b, 0x245, 1);
    w1(b, 0x231, 1);
    w1(b, 0x111, 1);
}

void pd_draw(tp_cmdbuf *b, uint32_t mode, uint32_t n, uint32_t first)
{
    trigger(b, mode, n, first, false);
}

void pd_draw_indexed(tp_cmdbuf *b, uint32_t mode, uint32_t n)
{
    trigger(b, mode, n, 0, true);
}

void pd_gs_config(tp_cmdbuf *b, uint32_t inputs, uint32_t misc0)
{
    w1(b, 0x289, 0x08000000u | (inputs - 1)); /* GSH_INPUTBUFFER_CONFIG */
    w1(b, 0x28B, 0x76543210);
    w1(b, 0x28C, 0xFEDCBA98);
    w1(b, 0x28D, 0x7);   /* GSH_OUTMAP_MASK o0-o2 */
    w1(b, 0x252, misc0); /* GSH_MISC0 */
}

void pd_gs_draw(tp_cmdbuf *b, uint32_t n, uint32_t index_bits, uint32_t at)
{
    const bool indexed = index_bits != 0;
    tp_cmd(b, 0x25E, 0x2, false, (const uint32_t[1]){3u << 8}, 1);
    w1(b, 0x25F, 1);
    w1(b, 0x228, n);
    if (indexed) /* INDEXBUFFER_CONFIG: offset from ATTRIBBUFFERS_LOC, bit 31 u16 */
        w1(b, 0x227, (index_bits == 16 ? 0x80000000u : 0u) | (at - PD_VERTICES));
    else
        w1(b, 0x22A, at);
    w1(b, 0x229, 2u | (indexed ? 0x100u : 0u));
    tp_cmd(b, 0x253, 0x2, false, (const uint32_t[1]){indexed ? 0x100u : 0u}, 1);
    w1(b, 0x245, 0);
    w1(b, indexed ? 0x22F : 0x22E, 1);
    w1(b, 0x245, 1);
    w1(b, 0x231, 1);
    w1(b, 0x111, 1);
}

void pd_frame_run(void *frame)
{
    pd_frame *f = frame;
    if (pd_run(&f->e, &f->b, NULL) != GLHLE_RESULT_OK)
        fprintf(stderr, "pd_frame_run: the run failed\n");
    f->e.ctx->gl.Finish();
}

float pd_clip_coord(float p, uint32_t n)
{
    return 2.0f * p / (float)n - 1.0f;
}

static pica_surface surface(pica_texfmt f, uint32_t w, uint32_t h)
{
    pica_surface s = {f, PICA_LAYOUT_TILED8, w, h, 0};
    return s;
}

void pd_read_color(pd_env *e, uint32_t addr, uint32_t cfmt, uint32_t w, uint32_t h, glhle_image *img)
{
    const pica_surface s = surface(pica_texfmt_from_colorbuffer(cfmt), w, h);
    const size_t size = pica_surface_size(&s);
    assert_int_equal(glhle_pica_flush(e->pica, addr, (uint32_t)size), GLHLE_RESULT_OK);
    assert_int_equal(glhle_image_alloc(img, w, h), GLHLE_RESULT_OK);
    assert_int_equal(pica_decode(&s, pd_mem(e, addr), size, NULL, 0, img->rgba, (size_t)w * 4, ts_logger()),
                     GLHLE_RESULT_OK);
}

uint32_t *pd_read_depth(pd_env *e, uint32_t addr, uint32_t dfmt, uint32_t w, uint32_t h)
{
    const pica_surface s = surface(pica_texfmt_from_depthbuffer(dfmt), w, h);
    const size_t size = pica_surface_size(&s);
    assert_int_equal(glhle_pica_flush(e->pica, addr, (uint32_t)size), GLHLE_RESULT_OK);
    uint32_t *out = calloc((size_t)w * h, 4);
    assert_non_null(out);
    assert_int_equal(pica_decode(&s, pd_mem(e, addr), size, NULL, 0, out, (size_t)w * 4, ts_logger()),
                     GLHLE_RESULT_OK);
    return out;
}

static void put(pd_env *e, uint32_t addr, pica_texfmt f, uint32_t w, uint32_t h, const void *texels)
{
    const pica_surface s = surface(f, w, h);
    const size_t size = pica_surface_size(&s);
    assert_int_equal(pica_encode(&s, pd_mem(e, addr), size, NULL, 0, texels, (size_t)w * 4, ts_logger()),
                     GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_invalidate(e->pica, addr, (uint32_t)size), GLHLE_RESULT_OK);
}

void pd_put_texture(pd_env *e, uint32_t addr, uint32_t fmt, uint32_t w, uint32_t h, const uint8_t *rgba)
{
    put(e, addr, (pica_texfmt)fmt, w, h, rgba);
}

void pd_put_color(pd_env *e, uint32_t addr, uint32_t cfmt, uint32_t w, uint32_t h, const uint8_t *rgba)
{
    put(e, addr, pica_texfmt_from_colorbuffer(cfmt), w, h, rgba);
}

void pd_put_depth(pd_env *e, uint32_t addr, uint32_t dfmt, uint32_t w, uint32_t h, const uint32_t *words)
{
    put(e, addr, pica_texfmt_from_depthbuffer(dfmt), w, h, words);
}

void pd_fill_depth(pd_env *e, uint32_t addr, uint32_t dfmt, uint32_t w, uint32_t h, uint32_t word)
{
    uint32_t *t = malloc((size_t)w * h * 4);
    assert_non_null(t);
    for (size_t i = 0; i < (size_t)w * h; i++)
        t[i] = word;
    pd_put_depth(e, addr, dfmt, w, h, t);
    free(t);
}
