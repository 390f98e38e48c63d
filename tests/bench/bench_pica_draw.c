/* The PICA draw path on a 1,000-draw frame, against the driver limit.
 *
 * The frame (built here as citro3d-style code writes it): a 240x400 RGBA8
 * colour buffer with a D24S8 depth buffer, four 64x64 RGBA8 textures, and
 * 1,000 indexed draws of a 24-vertex, 12-triangle cube, each through a
 * vertex shader that transforms by a 4x4 matrix (dp4 x4, two movs). Between
 * draws, as a game changes them: the matrix (four f32 uniforms, every
 * draw), the texture address (every draw, four textures), the combiner
 * constant colour (every draw), blending on/off (every 2nd), the depth
 * function (every 5th), the combiner configuration (every 10th: three
 * configurations, so three programs) and culling (every 50th).
 *
 * Reported in one run:
 *  - frames/s through glhle: glhle_pica_run_cmdlist of the frame's command
 *    list, then glFinish;
 *  - frames/s of the same GL calls without glhle: the calls glhle made in
 *    one warm frame are recorded (support/gl_record.h: the draw path's GL
 *    entry points wrapped in the context's function table) with the bytes
 *    each draw read from the stream ring, and replayed as a plain GL
 *    program would issue them: state calls, buffer updates, a memcpy of
 *    each draw's vertices and indices into the same ring offsets, the
 *    draw; then glFinish. Fence calls of the ring (a few per frame) and
 *    queries are not replayed. A check first
 *    renders one frame each way from the same cleared buffers and compares
 *    the images, so the replay is known to be complete;
 *  - glhle's overhead: time per glhle frame / time per replayed frame - 1,
 *    best against best, and the median over alternating batches of the
 *    ratio of each pair (the shared machine's load moves both alike).
 *
 *   bench_pica_draw [--quick] [--frames N] [--reps N]
 *   bench_pica_draw --entry [--frames N] [--reps N]
 *       what forgetting the state shadow on entry (external mode) costs
 *   bench_pica_draw --callgrind cold|warm [--frames N]
 *       runs only glhle frames: `cold` the first frame of a fresh instance
 *       in frame_cold(), `warm` N frames after two warm-up frames in
 *       frame_warm(), for valgrind --tool=callgrind --toggle-collect=frame_cold
 *       (or frame_warm); docs/performance.md has the commands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <math.h>

#include "backend/common/float_formats.h"
#include "backend/gl/gl_context.h"
#include "backend/gl/gl_state.h"
#include "backend/gl/gl_util.h"
#include "backend/pica/pica_instance.h"
#include "backend/pica/draw/rasterizer.h"
#include "support/bench_support.h"
#include "support/gl_record.h"
#include "support/pica_support.h"

#define FB_W 240
#define FB_H 400
#define COLOR 0x18000000u
#define DEPTH 0x18100000u
#define TEXTURES 0x18200000u
#define VERTICES 0x18300000u
#define INDICES 0x18310000u
#define MEM_SIZE (4u << 20)
#define CUBE_PX 20.0f /* cube edge on screen, pixels */

typedef struct vertex {
    float pos[3];
    float color[4];
    float tc[2];
} vertex;

/* ---- the frame ------------------------------------------------------------------------------------------ */

static void w1(tp_cmdbuf *b, uint32_t reg, uint32_t v)
{
    tp_cmd1(b, reg, v);
}

static void seq(tp_cmdbuf *b, uint32_t reg, const uint32_t *v, uint32_t n)
{
    tp_cmd(b, reg, 0xF, true, v, n);
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Vertex shader words (3dbrew GPU/Shader_Instruction_Set, format 1):
 * opcode 26-31, destination 21-25, src1 12-18, src2 7-11, descriptor 0-6.
 * Descriptors: mask (x = bit 3) | src1 swizzle xyzw << 5 | src2 xyzw << 14. */
static void upload_program(tp_cmdbuf *b)
{
    const uint32_t swz = 0x1Bu << 5 | 0x1Bu << 14;
    const uint32_t desc[5] = {8 | swz, 4 | swz, 2 | swz, 1 | swz, 0xF | swz};
    uint32_t code[7];
    for (uint32_t i = 0; i < 4; i++) /* dp4 o0.{x,y,z,w}, c_i, v0 */
        code[i] = 0x02u << 26 | 0u << 21 | (0x20u + i) << 12 | 0u << 7 | i;
    code[4] = 0x13u << 26 | 1u << 21 | 1u << 12 | 4; /* mov o1, v1 */
    code[5] = 0x13u << 26 | 2u << 21 | 2u << 12 | 4; /* mov o2, v2 */
    code[6] = 0x22u << 26;                           /* end */
    w1(b, 0x2CB, 0);
    tp_cmd(b, 0x2CC, 0xF, false, code, 7);
    w1(b, 0x2BF, 1);
    w1(b, 0x2D5, 0);
    tp_cmd(b, 0x2D6, 0xF, false, desc, 5);
    w1(b, 0x2BA, 0x7FFF0000u);
    w1(b, 0x2B0, 0x7FFF0000u);
}

static void setup_state(tp_cmdbuf *b)
{
    /* render target (3dbrew GPU/Internal_Registers framebuffer registers) */
    w1(b, 0x110, 1);
    w1(b, 0x117, 0x00000002);
    w1(b, 0x116, 3);
    w1(b, 0x11C, DEPTH >> 3);
    w1(b, 0x11D, COLOR >> 3);
    const uint32_t dim = 1u << 24 | (FB_H - 1u) << 12 | FB_W;
    w1(b, 0x11E, dim);
    w1(b, 0x06E, dim);
    seq(b, 0x112, (const uint32_t[4]){0xF, 0xF, 3, 3}, 4);
    seq(b, 0x041,
        (const uint32_t[4]){glhle_float_to_f24(FB_W / 2.0f), glhle_float_to_f31(2.0f / FB_W) << 1,
                            glhle_float_to_f24(FB_H / 2.0f), glhle_float_to_f31(2.0f / FB_H) << 1},
        4);
    w1(b, 0x068, 0);
    w1(b, 0x06D, 1);
    seq(b, 0x04D, (const uint32_t[2]){glhle_float_to_f24(-1.0f), 0}, 2);
    /* output map: o0 position, o1 colour, o2 texcoord0 */
    seq(b, 0x04F, (const uint32_t[4]){3, 0x03020100, 0x0B0A0908, 0x1F1F0D0C}, 4);
    w1(b, 0x064, 1);
    /* vertex arrays: float3 position, float4 colour, float2 texcoord, 36 bytes */
    w1(b, 0x200, VERTICES >> 3);
    seq(b, 0x201, (const uint32_t[2]){0x7FB, 2u << 28}, 2);
    seq(b, 0x203, (const uint32_t[3]){0, 0x210, 3u << 28 | 36u << 16}, 3);
    w1(b, 0x242, 2);
    w1(b, 0x2B9, 0xA0000002u);
    seq(b, 0x2BB, (const uint32_t[2]){0x76543210, 0xFEDCBA98}, 2);
    w1(b, 0x2BD, 0x7);
    w1(b, 0x24A, 2);
    w1(b, 0x251, 2);
    w1(b, 0x25E, 2);
    upload_program(b);
    /* texture unit 0: 64x64 RGBA8, nearest, repeat */
    w1(b, 0x082, 64u << 16 | 64u);
    w1(b, 0x083, 2u << 8 | 2u << 12);
    w1(b, 0x08E, 0);
    w1(b, 0x080, 0x00011001);
    for (uint32_t s = 1; s < 6; s++)
        seq(b, s < 4 ? 0x0C0 + 8 * s : 0x0F0 + 8 * (s - 4), (const uint32_t[5]){0x000F000F, 0, 0, 0, 0}, 5);
    w1(b, 0x0E0, 0);
    w1(b, 0x102, 3);
    w1(b, 0x104, 0);
    w1(b, 0x105, 0);
    w1(b, 0x227, 0x80000000u | (INDICES - VERTICES));
    w1(b, 0x228, 36);
}

/* The model matrix of cube d: rotated, scaled to CUBE_PX, placed by a
 * seeded hash, in clip space (z in -0.75..-0.25, w = 1). Rows. */
static void cube_matrix(uint32_t d, float m[4][4])
{
    uint32_t h = d * 2654435761u;
    const float cx = (float)(h % (FB_W - 20) + 10), cy = (float)((h >> 12) % (FB_H - 20) + 10);
    const float ax = 0.5f + (float)(d % 7) * 0.1f, ay = 0.6f + (float)(d % 5) * 0.1f;
    const float r[3][3] = {
        {cosf(ay), 0, sinf(ay)},
        {sinf(ax) * sinf(ay), cosf(ax), -sinf(ax) * cosf(ay)},
        {-cosf(ax) * sinf(ay), sinf(ax), cosf(ax) * cosf(ay)},
    };
    const float sx = CUBE_PX / FB_W, sy = CUBE_PX / FB_H, sz = 0.2f;
    const float t[3] = {2 * cx / FB_W - 1, 2 * cy / FB_H - 1, -0.5f};
    const float s[3] = {sx, sy, sz};
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            m[i][j] = s[i] * r[i][j];
        m[i][3] = t[i];
    }
    m[3][0] = m[3][1] = m[3][2] = 0;
    m[3][3] = 1;
}

/* Draw d's commands: its state changes, then the trigger. */
static void build_draw(tp_cmdbuf *b, uint32_t d)
{
    /* combiner stage 0: texture 0 x primary, texture 0 x constant, primary + constant */
    static const uint32_t tev[3][3] = {
        {0x00030003, 0x00010001}, {0x00E300E3, 0x00010001}, {0x00E000E0, 0x00020002}};
    {
        float m[4][4];
        cube_matrix(d, m);
        uint32_t words[16];
        for (int i = 0; i < 4; i++) /* f32 mode: w, z, y, x */
            for (int c = 0; c < 4; c++)
                words[i * 4 + c] = fbits(m[i][3 - c]);
        w1(b, 0x2C0, 0x80000000u);
        tp_cmd(b, 0x2C1, 0xF, false, words, 16);
        w1(b, 0x085, (TEXTURES + (d % 4) * 0x4000u) >> 3);
        if (d % 10 == 0)
            seq(b, 0x0C0, (const uint32_t[3]){tev[d / 10 % 3][0], 0, tev[d / 10 % 3][1]}, 3);
        w1(b, 0x0C3, 0xFF000000u | (d * 0x010203u & 0xFFFFFF));
        if (d % 2 == 0) /* blending (alpha over) on even draws, the logic op copy on odd */
            w1(b, 0x100, d % 4 == 0 ? 0x00E40100u : 0x00E40000u);
        w1(b, 0x101, 0x76760000u);
        if (d % 5 == 0) /* GEQUAL or ALWAYS, depth write on */
            w1(b, 0x107, (d % 10 == 0 ? 7u : 1u) << 4 | 1u | 0xFu << 8 | 1u << 12);
        if (d % 50 == 0)
            w1(b, 0x040, d % 100 == 0 ? 0u : 2u);
        w1(b, 0x229, 0x100);
        tp_cmd(b, 0x253, 0x2, false, (const uint32_t[1]){0x100}, 1);
        w1(b, 0x25F, 1);
        w1(b, 0x245, 0);
        w1(b, 0x22F, 1);
        w1(b, 0x245, 1);
        w1(b, 0x231, 1);
    }
}

static void build_frame(tp_cmdbuf *b, uint32_t draws)
{
    for (uint32_t d = 0; d < draws; d++)
        build_draw(b, d);
    w1(b, 0x111, 1);
    tp_cmd_finalize(b);
}

static void fill_memory(uint8_t *mem)
{
    /* textures: a checker per texture, bytes A, B, G, R in 8x8 tiles (any
     * content samples the same way, the codec is not measured here) */
    for (uint32_t i = 0; i < 4 * 64 * 64; i++) {
        uint8_t *t = mem + (TEXTURES - COLOR) + i * 4;
        t[0] = 255;
        t[1] = (uint8_t)(i * 7);
        t[2] = (uint8_t)(i >> 3);
        t[3] = (uint8_t)(i * 13 + 40);
    }
    /* a cube: 6 faces x 4 corners, colour per face */
    vertex *v = (vertex *)(mem + (VERTICES - COLOR));
    uint16_t *idx = (uint16_t *)(mem + (INDICES - COLOR));
    for (int f = 0; f < 6; f++) {
        const int axis = f / 2;
        const float side = f % 2 ? 1.0f : -1.0f;
        for (int k = 0; k < 4; k++) {
            float p[3];
            const float a = (k == 1 || k == 2) ? 1.0f : -1.0f, bb = k >= 2 ? 1.0f : -1.0f;
            p[axis] = side;
            p[(axis + 1) % 3] = side > 0 ? a : bb;
            p[(axis + 2) % 3] = side > 0 ? bb : a;
            vertex *o = &v[f * 4 + k];
            memcpy(o->pos, p, sizeof p);
            o->color[0] = (float)(f & 1);
            o->color[1] = (float)((f >> 1) & 1);
            o->color[2] = 0.5f;
            o->color[3] = 0.75f;
            o->tc[0] = a > 0 ? 1.0f : 0.0f;
            o->tc[1] = bb > 0 ? 1.0f : 0.0f;
        }
        const uint16_t q[6] = {0, 1, 2, 0, 2, 3};
        for (int k = 0; k < 6; k++)
            idx[f * 6 + k] = (uint16_t)(f * 4 + q[k]);
    }
}

/* ---- running ---------------------------------------------------------------------------------------------- */

typedef struct bench {
    glhle_context *ctx;
    glhle_pica *pica;
    uint8_t *mem;
    tp_cmdbuf frame;
    gl_recording warm;
    int frames;
} bench;

static void run_frame(bench *b)
{
    glhle_pica_run_result res;
    if (glhle_pica_run_cmdlist(b->pica, b->frame.w, b->frame.n, &res) != GLHLE_RESULT_OK || !res.finalized ||
        res.problems) {
        fprintf(stderr, "bench_pica_draw: the frame did not run cleanly (%u problems)\n", res.problems);
        exit(1);
    }
}

__attribute__((noinline)) void frame_cold(bench *b);
__attribute__((noinline)) void frame_warm(bench *b);

__attribute__((noinline)) void frame_cold(bench *b)
{
    run_frame(b);
}

__attribute__((noinline)) void frame_warm(bench *b)
{
    run_frame(b);
}

/* Each frame ends with glFinish, both ways: the replay rewrites the same
 * ring offsets every frame. */
static void glhle_frames(void *p)
{
    bench *b = p;
    for (int i = 0; i < b->frames; i++) {
        run_frame(b);
        gl_record_real(b->ctx)->Finish();
    }
}

static void raw_frames(void *p)
{
    bench *b = p;
    for (int i = 0; i < b->frames; i++) {
        gl_replay(&b->warm);
        gl_record_real(b->ctx)->Finish();
    }
}

static void setup_bench(bench *b, uint32_t draws)
{
    memset(b, 0, sizeof *b);
    const glhle_context_desc cd = {.mode = GLHLE_CONTEXT_OFFSCREEN, .log_level = GLHLE_LOG_WARN};
    if (glhle_context_create(&cd, &b->ctx) != GLHLE_RESULT_OK)
        exit(1);
    /* the CPU vertex path: the recorder wraps the GL calls of its draws
     * (bench_pica_vs_path measures the GPU one) */
    const glhle_pica_desc pd = {.vertex_shaders = GLHLE_PICA_VERTEX_SHADERS_CPU};
    if (glhle_pica_create(b->ctx, &pd, &b->pica) != GLHLE_RESULT_OK)
        exit(1);
    b->mem = calloc(1, MEM_SIZE);
    fill_memory(b->mem);
    glhle_pica_map_memory(b->pica, COLOR, b->mem, MEM_SIZE);
    tp_cmdbuf setup;
    tp_cmd_init(&setup);
    setup_state(&setup);
    tp_cmd_finalize(&setup);
    glhle_pica_run_result res;
    if (glhle_pica_run_cmdlist(b->pica, setup.w, setup.n, &res) != GLHLE_RESULT_OK)
        exit(1);
    tp_cmd_free(&setup);
    tp_cmd_init(&b->frame);
    build_frame(&b->frame, draws);
}

static void free_bench(bench *b)
{
    gl_recording_free(&b->warm);
    tp_cmd_free(&b->frame);
    glhle_pica_destroy(b->pica);
    glhle_context_destroy(b->ctx);
    free(b->mem);
}

/* Both ways start from the same cleared pixels (the shadow forgotten). */
static void clear_target(bench *b, GLuint fbo)
{
    gl_record_clear(b->ctx, fbo);
    gl_state_invalidate(b->pica->gl);
}

/* One frame each way from the same cleared target; the images must match. */
static bool replay_matches(bench *b)
{
    const GLuint fbo = b->pica->gl->s.draw_fbo;
    gl_recording full = {0};
    clear_target(b, fbo);
    gl_record_start(&full);
    run_frame(b);
    gl_record_stop();
    glhle_image a, c;
    gl_read_rgba(b->ctx, fbo, 0, 0, FB_W, FB_H, &a);
    clear_target(b, fbo);
    gl_recording_scribble(&full);
    gl_replay(&full);
    gl_read_rgba(b->ctx, fbo, 0, 0, FB_W, FB_H, &c);
    gl_state_invalidate(b->pica->gl);
    glhle_image_diff d;
    glhle_image_compare(&a, &c, 0, &d, NULL);
    /* something was drawn: pixels differ from the clear colour (26, 51, 76) */
    uint64_t drawn = 0;
    for (size_t i = 0; i < (size_t)FB_W * FB_H; i++)
        drawn += a.rgba[4 * i] != 26 || a.rgba[4 * i + 1] != 51 || a.rgba[4 * i + 2] != 76;
    printf("check: replayed frame %s glhle's (%llu of %llu pixels differ; %llu pixels drawn over the clear colour; "
           "%zu GL calls recorded, %llu unexpected)\n",
           d.differing == 0 ? "matches" : "DIFFERS FROM", (unsigned long long)d.differing,
           (unsigned long long)d.total, (unsigned long long)drawn, full.n, (unsigned long long)full.unexpected);
    glhle_image_free(&a);
    glhle_image_free(&c);
    const bool ok = d.differing == 0 && drawn > 0 && full.unexpected == 0;
    gl_recording_free(&full);
    return ok;
}

/* ---- --entry: what forgetting the state shadow on entry costs ------------------------
 * External mode forgets the PICA shadow on each call's first GL use
 * (glhle.h); glhle_context_invalidate_state does the same in any mode. Two
 * ways a core submits the frame: one command list (one call, one
 * invalidation a frame), or one list per draw (1,000 calls and
 * invalidations a frame, the worst case). Each with and without the
 * invalidation; GL state calls issued a frame and time a frame. */
typedef struct entry_cfg {
    bench *b;
    tp_cmdbuf *lists; /* one per draw */
    uint32_t draws;
    bool split, invalidate;
    int frames;
} entry_cfg;

static void entry_frames(void *arg)
{
    entry_cfg *c = arg;
    glhle_pica_run_result res;
    for (int f = 0; f < c->frames; f++) {
        if (!c->split) {
            if (c->invalidate)
                glhle_context_invalidate_state(c->b->ctx);
            run_frame(c->b);
            continue;
        }
        for (uint32_t d = 0; d < c->draws; d++) {
            if (c->invalidate)
                glhle_context_invalidate_state(c->b->ctx);
            if (glhle_pica_run_cmdlist(c->b->pica, c->lists[d].w, c->lists[d].n, &res) != GLHLE_RESULT_OK ||
                res.problems)
                exit(1);
        }
    }
    c->b->ctx->gl.Finish();
}

static int entry_mode(int frames, int reps)
{
    bench b;
    const uint32_t draws = 1000;
    setup_bench(&b, draws);
    tp_cmdbuf *lists = calloc(draws, sizeof *lists);
    if (!lists)
        return 1;
    for (uint32_t d = 0; d < draws; d++) {
        tp_cmd_init(&lists[d]);
        build_draw(&lists[d], d);
        tp_cmd_finalize(&lists[d]);
    }
    static const char *const names[4] = {"one list a frame", "one list a frame, invalidated on entry",
                                          "one list a draw", "one list a draw, invalidated on entry"};
    entry_cfg cfg[4];
    uint64_t calls[4], best[4];
    double ratio[2][64];
    if (reps > 64)
        reps = 64;
    for (int i = 0; i < 4; i++) {
        cfg[i] = (entry_cfg){&b, lists, draws, i >= 2, i % 2 == 1, 1};
        entry_frames(&cfg[i]); /* warm: programs, textures */
        const uint64_t before = b.pica->gl->issued;
        entry_frames(&cfg[i]);
        calls[i] = b.pica->gl->issued - before;
        cfg[i].frames = frames;
        best[i] = UINT64_MAX;
    }
    for (int r = 0; r < reps; r++) {
        uint64_t t[4];
        for (int i = 0; i < 4; i++) {
            t[i] = bench_best_ns(1, entry_frames, &cfg[i]);
            best[i] = t[i] < best[i] ? t[i] : best[i];
        }
        ratio[0][r] = (double)t[1] / (double)t[0];
        ratio[1][r] = (double)t[3] / (double)t[2];
    }
    printf("entry invalidation, %u draws a frame, %d frames a batch, %d batches:\n", draws, frames, reps);
    for (int i = 0; i < 4; i++)
        printf("  %-40s %6llu GL state calls a frame, best %.3f ms a frame\n", names[i],
               (unsigned long long)calls[i], (double)best[i] / frames / 1e6);
    for (int k = 0; k < 2; k++) {
        for (int i = 1; i < reps; i++)
            for (int j = i; j > 0 && ratio[k][j] < ratio[k][j - 1]; j--) {
                double t = ratio[k][j];
                ratio[k][j] = ratio[k][j - 1];
                ratio[k][j - 1] = t;
            }
        const double median = reps % 2 ? ratio[k][reps / 2] : (ratio[k][reps / 2 - 1] + ratio[k][reps / 2]) / 2;
        printf("  %s: invalidation costs %+.1f%% a frame (median of the paired batch ratios)\n",
               k ? "one list a draw" : "one list a frame", (median - 1.0) * 100.0);
    }
    for (uint32_t d = 0; d < draws; d++)
        tp_cmd_free(&lists[d]);
    free(lists);
    free_bench(&b);
    return 0;
}

static int callgrind_mode(const char *which, int frames)
{
    bench b;
    setup_bench(&b, 1000);
    if (strcmp(which, "cold") == 0) {
        frame_cold(&b);
    } else {
        run_frame(&b);
        run_frame(&b);
        for (int i = 0; i < frames; i++)
            frame_warm(&b);
    }
    b.ctx->gl.Finish();
    printf("callgrind %s: %d frame(s) of 1000 draws\n", which, strcmp(which, "cold") == 0 ? 1 : frames);
    free_bench(&b);
    return 0;
}

int main(int argc, char **argv)
{
    const bool quick = bench_quick(argc, argv);
    int frames = quick ? 1 : 5, reps = quick ? 1 : 5;
    const char *cg = NULL;
    bool entry = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc)
            frames = atoi(argv[++i]);
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--callgrind") == 0 && i + 1 < argc)
            cg = argv[++i];
        else if (strcmp(argv[i], "--entry") == 0)
            entry = true;
    }
    if (frames < 1)
        frames = 1;
    if (reps < 1)
        reps = 1;
    if (entry)
        return entry_mode(frames, reps);
    if (cg)
        return callgrind_mode(cg, frames);

    const uint32_t draws = quick ? 100 : 1000;
    bench b;
    setup_bench(&b, draws);
    b.frames = frames;
    uint64_t t0 = bench_now_ns();
    run_frame(&b);
    b.ctx->gl.Finish();
    const uint64_t cold_ns = bench_now_ns() - t0;
    run_frame(&b);
    run_frame(&b);

    GLuint ring_buffer;
    if (!pica_rasterizer_stream_mapping(b.pica->rasterizer, &ring_buffer)) {
        printf("bench_pica_draw: no persistently mapped stream buffer on this driver; no baseline\n");
        free_bench(&b);
        return 0;
    }
    gl_record_install(b.ctx);
    const bool ok = replay_matches(&b);
    run_frame(&b); /* back to the warm steady state after the check's invalidation */
    gl_record_start(&b.warm);
    run_frame(&b);
    gl_record_stop();
    b.ctx->gl.Finish();

    /* alternating batches: best of each, and the median of the paired
     * ratios, which load changes on a shared machine disturb least */
    uint64_t best_glhle = UINT64_MAX, best_raw = UINT64_MAX;
    double ratios[64];
    if (reps > 64)
        reps = 64;
    for (int r = 0; r < reps; r++) {
        uint64_t g = bench_best_ns(1, glhle_frames, &b), w = bench_best_ns(1, raw_frames, &b);
        best_glhle = g < best_glhle ? g : best_glhle;
        best_raw = w < best_raw ? w : best_raw;
        ratios[r] = (double)g / (double)w;
    }
    for (int i = 1; i < reps; i++) /* insertion sort: a handful of values */
        for (int j = i; j > 0 && ratios[j] < ratios[j - 1]; j--) {
            double t = ratios[j];
            ratios[j] = ratios[j - 1];
            ratios[j - 1] = t;
        }
    const double median = reps % 2 ? ratios[reps / 2] : (ratios[reps / 2 - 1] + ratios[reps / 2]) / 2;
    const double per_glhle = (double)best_glhle / frames, per_raw = (double)best_raw / frames;
    pica_rasterizer_stats st;
    pica_rasterizer_get_stats(b.pica->rasterizer, &st);
    printf("frame: %u draws, %u command words, %zu GL calls in a warm frame (%.1f per draw)\n", draws,
           (unsigned)b.frame.n, b.warm.n, (double)b.warm.n / draws);
    printf("first (cold) frame: %.1f ms (program builds %llu)\n", cold_ns / 1e6,
           (unsigned long long)st.program_builds);
    printf("glhle:   %8.2f frames/s (%.3f ms/frame, %.2f us/draw)\n", 1e9 / per_glhle, per_glhle / 1e6,
           per_glhle / 1e3 / draws);
    printf("raw GL:  %8.2f frames/s (%.3f ms/frame, %.2f us/draw)\n", 1e9 / per_raw, per_raw / 1e6,
           per_raw / 1e3 / draws);
    printf("glhle overhead over the raw-GL replay: %+.1f%% best against best, %+.1f%% median of %d paired batches "
           "(goal: at most +25%% with warm caches)\n",
           (per_glhle / per_raw - 1.0) * 100.0, (median - 1.0) * 100.0, reps);
    free_bench(&b);
    return ok ? 0 : 1;
}
