/* Surface cache and display operations on the host GPU (llvmpipe in CI):
 * upload and write-back throughput against memcpy of the same bytes, the
 * display transfer of a top screen on the GPU path against the CPU path,
 * and the per-draw cost of the cache's hit paths, all in one run. The
 * uploads and write-backs run again on an OpenGL ES 3.2 context in the
 * same process, where the write-back's glGetTextureSubImage is gl_caps'
 * stand-in (an FBO and glReadPixels, RGB565 read as RGBA8 and converted
 * on the CPU) and the uploads go through the emulated DSA.
 *
 *   bench_surface_cache [--quick]
 *   bench_surface_cache --callgrind
 *       1000 draws' worth of cache calls (bind_framebuffer, three texture
 *       lookups, mark_written, all hits) inside bench_measured(), for:
 *       valgrind --tool=callgrind --toggle-collect=bench_measured ... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/pica/pica_instance.h"
#include "backend/pica/surface/surface_cache.h"
#include "support/bench_support.h"

#define BASE 0x18000000u
#define SIZE (16u << 20)
#define RT 0x18000000u
#define TEX 0x18400000u
#define OUT 0x18800000u

typedef struct env {
    glhle_context *ctx;
    glhle_pica *gpu, *cpu;
    uint8_t *gmem, *cmem;
    uint32_t scale;
} env;

static void die(const char *what, glhle_result r)
{
    fprintf(stderr, "bench_surface_cache: %s: %s\n", what, glhle_result_string(r));
    exit(1);
}

static void env_init(env *e, glhle_context *ctx, uint32_t scale)
{
    memset(e, 0, sizeof *e);
    e->ctx = ctx;
    e->scale = scale;
    e->gmem = malloc(SIZE);
    e->cmem = malloc(SIZE);
    if (!e->gmem || !e->cmem)
        die("memory", GLHLE_RESULT_OUT_OF_MEMORY);
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < SIZE; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        e->gmem[i] = (uint8_t)x;
    }
    memcpy(e->cmem, e->gmem, SIZE);
    const glhle_pica_desc d = {.resolution_scale = scale};
    glhle_result r;
    if ((r = glhle_pica_create(ctx, &d, &e->gpu)) || (r = glhle_pica_create(NULL, &d, &e->cpu)) ||
        (r = glhle_pica_map_memory(e->gpu, BASE, e->gmem, SIZE)) || (r = glhle_pica_map_memory(e->cpu, BASE, e->cmem, SIZE)))
        die("instance", r);
}

static void env_free(env *e)
{
    glhle_pica_destroy(e->gpu);
    glhle_pica_destroy(e->cpu);
    free(e->gmem);
    free(e->cmem);
}

static pica_framebuffer_state fb_of(uint32_t addr, uint8_t fmt, uint16_t w, uint16_t h)
{
    pica_framebuffer_state fb;
    memset(&fb, 0, sizeof fb);
    fb.color_read = fb.color_write = 0xF;
    fb.color_address = addr;
    fb.color_format = fmt;
    fb.width = w;
    fb.height = h;
    return fb;
}

/* ---- uploads and write-backs ---------------------------------------------------- */

typedef struct io_job {
    env *e;
    pica_tex_unit_state unit;
    pica_framebuffer_state fb;
    uint32_t bytes;
} io_job;

static void upload_once(void *arg)
{
    io_job *j = arg;
    glhle_pica_invalidate(j->e->gpu, j->unit.address, j->bytes);
    pica_texture t;
    glhle_result r = pica_surface_cache_get_texture(j->e->gpu->surfaces, &j->unit, 0, NULL, &t);
    if (r != GLHLE_RESULT_OK)
        die("texture", r);
    j->e->ctx->gl.Finish();
}

static void download_once(void *arg)
{
    io_job *j = arg;
    pica_render_targets rt;
    glhle_result r = pica_surface_cache_bind_framebuffer(j->e->gpu->surfaces, &j->fb, &rt);
    if (r != GLHLE_RESULT_OK)
        die("render target", r);
    const pica_rect all = {0, 0, j->fb.width, j->fb.height};
    pica_surface_cache_mark_written(j->e->gpu->surfaces, &j->fb, &all, false);
    if ((r = glhle_pica_flush(j->e->gpu, j->fb.color_address, j->bytes)) != GLHLE_RESULT_OK)
        die("flush", r);
}

static void io_rows(glhle_context *ctx, uint32_t side, int reps, const char *api)
{
    static const struct {
        const char *name;
        pica_texfmt f;
    } fmts[] = {{"rgba8", PICA_TEXFMT_RGBA8}, {"rgb565", PICA_TEXFMT_RGB565}};
    printf("upload / write-back of a %ux%u surface on %s (MB/s of guest bytes; memcpy of the same bytes in this "
           "run)\n", side, side, api);
    printf("  %-8s %5s %10s %10s %10s %9s %9s\n", "format", "scale", "upload", "writeback", "memcpy", "up/mcpy",
           "wb/mcpy");
    for (uint32_t scale = 1; scale <= 2; scale++) {
        env e;
        env_init(&e, ctx, scale);
        for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
            io_job j = {.e = &e};
            j.bytes = side * side * pica_texfmt_get_info(fmts[i].f)->bits_per_texel / 8;
            memset(&j.unit, 0, sizeof j.unit);
            j.unit.enabled = true;
            j.unit.address = TEX;
            j.unit.format = (uint8_t)fmts[i].f;
            j.unit.width = j.unit.height = (uint16_t)side;
            j.fb = fb_of(RT, (uint8_t)fmts[i].f, (uint16_t)side, (uint16_t)side);
            upload_once(&j); /* creates the surface */
            download_once(&j);
            const double up = j.bytes / (bench_best_ns(reps, upload_once, &j) / 1e3);
            const double wb = j.bytes / (bench_best_ns(reps, download_once, &j) / 1e3);
            const double mc = bench_memcpy_mbps(j.bytes, reps);
            printf("  %-8s %5u %10.0f %10.0f %10.0f %9.3f %9.3f\n", fmts[i].name, scale, up, wb, mc, up / mc,
                   wb / mc);
        }
        env_free(&e);
    }
}

/* ---- display transfer: GPU path against CPU path ------------------------------------ */

typedef struct xfer_job {
    env *e;
    glhle_pica *p;
    glhle_pica_display_transfer t;
} xfer_job;

static void transfer_once(void *arg)
{
    xfer_job *j = arg;
    glhle_result r = glhle_pica_transfer(j->p, &j->t);
    if (r != GLHLE_RESULT_OK)
        die("transfer", r);
    if (j->p->ctx)
        j->e->ctx->gl.Finish();
}

static void transfer_rows(glhle_context *ctx, int reps)
{
    printf("display transfer of a top screen, GPU path (data stays on the GPU) against the CPU path\n");
    printf("  %-40s %5s %10s %10s %8s\n", "transfer", "scale", "GPU us", "CPU us", "CPU/GPU");
    static const struct {
        const char *name;
        uint16_t w, h;
        uint32_t flags;
    } cases[] = {
        {"240x400 RGBA8 tiled -> RGB8 linear", 240, 400, 1u << 12},
        {"480x800 RGBA8 tiled -> RGB8 linear, 2x2", 480, 800, 1u << 12 | 2u << 24},
    };
    for (uint32_t scale = 1; scale <= 2; scale++) {
        env e;
        env_init(&e, ctx, scale);
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            const pica_framebuffer_state fb = fb_of(RT, 0, cases[i].w, cases[i].h);
            pica_render_targets rt;
            glhle_result r = pica_surface_cache_bind_framebuffer(e.gpu->surfaces, &fb, &rt);
            if (r != GLHLE_RESULT_OK)
                die("render target", r);
            const pica_rect all = {0, 0, cases[i].w, cases[i].h};
            pica_surface_cache_mark_written(e.gpu->surfaces, &fb, &all, false);
            xfer_job g = {&e, e.gpu, {.input_address = RT >> 3, .output_address = OUT >> 3,
                                      .input_size = cases[i].w | (uint32_t)cases[i].h << 16,
                                      .output_size = cases[i].w | (uint32_t)cases[i].h << 16,
                                      .flags = cases[i].flags}};
            xfer_job c = g;
            c.p = e.cpu;
            const uint64_t before = e.gpu->stats.transfers_gpu;
            transfer_once(&g);
            if (e.gpu->stats.transfers_gpu != before + 1)
                die("the GPU path was not taken", GLHLE_RESULT_UNSUPPORTED);
            const double gpu_us = bench_best_ns(reps, transfer_once, &g) / 1e3;
            const double cpu_us = bench_best_ns(reps, transfer_once, &c) / 1e3;
            printf("  %-40s %5u %10.1f %10.1f %8.2f\n", cases[i].name, scale, gpu_us, cpu_us, cpu_us / gpu_us);
        }
        env_free(&e);
    }
}

/* ---- the draw path's hit paths ------------------------------------------------------- */

typedef struct draw_job {
    env *e;
    pica_framebuffer_state fb;
    pica_tex_unit_state unit[3];
    int draws;
} draw_job;

static void draws(void *arg)
{
    draw_job *j = arg;
    pica_surface_cache *c = j->e->gpu->surfaces;
    const pica_rect r = {0, 0, 240, 400};
    for (int d = 0; d < j->draws; d++) {
        pica_render_targets rt;
        pica_texture t;
        pica_surface_cache_bind_framebuffer(c, &j->fb, &rt);
        for (unsigned u = 0; u < 3; u++)
            pica_surface_cache_get_texture(c, &j->unit[u], u, NULL, &t);
        pica_surface_cache_mark_written(c, &j->fb, &r, false);
    }
}

void bench_measured(draw_job *j);
__attribute__((noinline)) void bench_measured(draw_job *j)
{
    draws(j);
}

static void draw_setup(env *e, draw_job *j, int n)
{
    memset(j, 0, sizeof *j);
    j->e = e;
    j->draws = n;
    j->fb = fb_of(RT, 0, 240, 400);
    for (unsigned u = 0; u < 3; u++) {
        j->unit[u].enabled = true;
        j->unit[u].address = TEX + u * 0x40000;
        j->unit[u].format = (uint8_t)(u == 0 ? PICA_TEXFMT_RGBA8 : u == 1 ? PICA_TEXFMT_ETC1 : PICA_TEXFMT_RGB565);
        j->unit[u].width = j->unit[u].height = 128;
    }
    const int saved = j->draws;
    j->draws = 1;
    draws(j); /* everything resident */
    j->draws = saved;
}

int main(int argc, char **argv)
{
    const bool quick = bench_quick(argc, argv);
    const bool callgrind = argc > 1 && strcmp(argv[1], "--callgrind") == 0;
    glhle_context_desc cd = {.mode = GLHLE_CONTEXT_OFFSCREEN};
    glhle_context *ctx = NULL;
    glhle_result r = glhle_context_create(&cd, &ctx);
    if (r != GLHLE_RESULT_OK)
        die("GL context", r);
    printf("GL: %s\n", glhle_context_get_info(ctx)->renderer);
    if (callgrind) {
        env e;
        env_init(&e, ctx, 1);
        draw_job j;
        draw_setup(&e, &j, 1000);
        bench_measured(&j);
        printf("1000 draws of cache hits measured\n");
        env_free(&e);
        glhle_context_destroy(ctx);
        return 0;
    }
    const int reps = quick ? 1 : 15;
    io_rows(ctx, quick ? 64 : 512, reps, "desktop GL");
    glhle_context_desc ed = {.mode = GLHLE_CONTEXT_OFFSCREEN, .api = GLHLE_GL_API_GLES};
    glhle_context *es = NULL;
    if ((r = glhle_context_create(&ed, &es)) == GLHLE_RESULT_OK) {
        io_rows(es, quick ? 64 : 512, reps, "OpenGL ES 3.2");
        printf("  (ES host choices: %s)\n", glhle_context_host_choices(es));
        glhle_context_destroy(es);
        if ((r = glhle_context_make_current(ctx)) != GLHLE_RESULT_OK)
            die("make current", r);
    } else {
        printf("no OpenGL ES context (%s): the ES rows are left out\n", glhle_result_string(r));
    }
    transfer_rows(ctx, reps);
    env e;
    env_init(&e, ctx, 1);
    draw_job j;
    draw_setup(&e, &j, quick ? 10 : 10000);
    const double ns = (double)bench_best_ns(quick ? 1 : 5, draws, &j) / j.draws;
    printf("cache calls of one draw, all hits (bind_framebuffer, 3 textures, mark_written): %.0f ns\n", ns);
    env_free(&e);
    glhle_context_destroy(ctx);
    return 0;
}
