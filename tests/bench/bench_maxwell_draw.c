/* The Maxwell draw path (backend/maxwell/render/draw.c) on a frame of
 * small draws, against a raw-GL replay of the GL calls it makes and
 * against the same draws issued by a plain GL program.
 *
 * The frame: N one-word draws (DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST,
 * 3 vertices each, each draw its own triangle further along the streams)
 * of the corpus' passthrough_vsh + color_fsh into a 64x64 A8B8G8R8
 * block-linear target, two RGBA32F vertex streams, c0 bound to both
 * stages (as deko3d binds its driver constants), through
 * glhle_maxwell_submit_words, then glFinish.
 * The replayed frame (support/gl_record.h, issue 16's baseline): the GL
 * calls glhle made in one warm frame, recorded with the bytes each draw
 * read from the upload ring, issued as a plain GL program would issue
 * them -- the same state calls, bindings and draws, each draw's vertex and
 * constant bytes written into the same ring offsets (unchanged ones not
 * again), the ring's fences and glhle's queries left out -- then glFinish.
 * A check first renders one frame each way from the same cleared target
 * and compares the images, so the replay is known to be complete.
 * The native frame: the corpus' original GLSL linked by the GL, the same
 * target size, per draw the draw's 3 vertices of both attributes sent
 * with glNamedBufferData into two buffers and glDrawArrays, then
 * glFinish -- what a native GL program drawing the same triangles does.
 * Reported: frames/s of the three and glhle's ratio to each, best against
 * best and the median over alternating frames.
 *
 *   bench_maxwell_draw [--quick] [--draws N] [--reps N]
 *   bench_maxwell_draw --callgrind [--draws N]
 *       two warm-up frames, then one glhle frame in frame_glhle() for
 *       valgrind --tool=callgrind --toggle-collect=frame_glhle, then a
 *       warm frame recorded and replayed once in frame_replayed() for
 *       --toggle-collect=frame_replayed (docs/performance.md has the
 *       commands). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/gl/gl_util.h"
#include "scenes/maxwell_draw_scene.h"
#include "support/bench_support.h"
#include "support/gl_record.h"
#include "support/maxwell_sidecar.h"
#include "support/maxwell_support.h"

#define W 64u
#define H 64u
#define RT_VA 0x0500000000ull
#define DATA_VA 0x0600000000ull
#define MEM (4u << 20)
#define POS_OFF 0x100000u
#define COL_OFF 0x200000u
#define M(byte_offset) ((byte_offset) / 4u)

typedef struct bench {
    glhle_context *ctx;
    glhle_maxwell *gpu;
    uint8_t *rt, *data;
    tm_pb frame;
    uint32_t draws;
    float (*pos)[4], (*col)[4];
    GLuint prog, fbo, tex, vao, buf[2];
    gl_recording warm;
} bench;

static void set(tm_pb *pb, uint32_t byte_offset, uint32_t v)
{
    tm_set1(pb, TM_SUB_3D, M(byte_offset), v);
}

/* Attribute loc from stream loc: RGBA32F, stride 16, at DATA_VA + off. */
static void stream(tm_pb *pb, uint32_t loc, uint32_t off, uint32_t bytes)
{
    const uint64_t va = DATA_VA + off;
    set(pb, 0x1160 + loc * 4, loc | 1u << 21 | 7u << 27);
    set(pb, 0x1c00 + loc * 16, 16u | 1u << 12);
    set(pb, 0x1c04 + loc * 16, (uint32_t)(va >> 32));
    set(pb, 0x1c08 + loc * 16, (uint32_t)va);
    set(pb, 0x1f00 + loc * 8, (uint32_t)((va + bytes - 1) >> 32));
    set(pb, 0x1f04 + loc * 8, (uint32_t)(va + bytes - 1));
}

static bool setup(bench *b, uint32_t draws)
{
    tmc_shader vs, fs;
    if (!tmc_load("passthrough_vsh", &vs) || !tmc_load("color_fsh", &fs))
        return false;
    b->draws = draws;
    glhle_maxwell_desc d = {.log_level = GLHLE_LOG_WARN};
    if (glhle_maxwell_create(b->ctx, &d, &b->gpu) != GLHLE_RESULT_OK)
        return false;
    b->rt = calloc(1, MEM);
    b->data = calloc(1, MEM);
    glhle_maxwell_map(b->gpu, RT_VA, b->rt, MEM, GLHLE_MAXWELL_KIND_GENERIC_16BX2);
    glhle_maxwell_map(b->gpu, DATA_VA, b->data, MEM, GLHLE_MAXWELL_KIND_PITCH);
    /* triangles across the target, each a little different */
    b->pos = calloc((size_t)draws * 3, 16);
    b->col = calloc((size_t)draws * 3, 16);
    for (uint32_t i = 0; i < draws * 3; i++) {
        const uint32_t t = i / 3, k = i % 3;
        const float x = (float)(t % 16) / 8 - 1, y = (float)(t / 16 % 16) / 8 - 1;
        const float p[4] = {x + (k == 1 ? 0.2f : 0), y + (k == 2 ? 0.2f : 0), 0, 1};
        const float c[4] = {(float)(t % 7) / 6, (float)(t % 5) / 4, (float)k / 2, 1};
        memcpy(b->pos[i], p, 16);
        memcpy(b->col[i], c, 16);
    }
    memcpy(b->data + POS_OFF, b->pos, (size_t)draws * 48);
    memcpy(b->data + COL_OFF, b->col, (size_t)draws * 48);
    tm_pb pb;
    tm_pb_init(&pb);
    tm_bind_all(&pb);
    tmd_target(&pb, RT_VA, W, H, 0xD5);
    tmd_programs(&pb, b->data, DATA_VA, &vs, &fs);
    stream(&pb, 0, POS_OFF, draws * 48);
    stream(&pb, 1, COL_OFF, draws * 48);
    glhle_maxwell_run_result res;
    const bool ok = tm_submit(b->gpu, &pb, &res) == GLHLE_RESULT_OK;
    tm_pb_free(&pb);
    tm_pb_init(&b->frame);
    for (uint32_t i = 0; i < draws; i++)
        set(&b->frame, 0x1214, (3 * i) | 3u << 16 | 4u << 28);
    /* the raw-GL side */
    GladGLContext *gl = &b->ctx->gl;
    char *v = strdup(vs.glsl), *f = strdup(fs.glsl), *p;
    if ((p = strstr(v, "#version 460")))
        memcpy(p, "#version 450", 12);
    if ((p = strstr(f, "#version 460")))
        memcpy(p, "#version 450", 12);
    const bool linked = gl_link_program(b->ctx, v, f, &b->prog) == GLHLE_RESULT_OK;
    free(v);
    free(f);
    tmc_free(&vs);
    tmc_free(&fs);
    gl->CreateTextures(GL_TEXTURE_2D, 1, &b->tex);
    gl->TextureStorage2D(b->tex, 1, GL_RGBA8, W, H);
    gl->CreateFramebuffers(1, &b->fbo);
    gl->NamedFramebufferTexture(b->fbo, GL_COLOR_ATTACHMENT0, b->tex, 0);
    gl->CreateVertexArrays(1, &b->vao);
    gl->CreateBuffers(2, b->buf);
    for (GLuint i = 0; i < 2; i++) {
        gl->NamedBufferData(b->buf[i], 48, NULL, GL_STREAM_DRAW);
        gl->VertexArrayVertexBuffer(b->vao, i, b->buf[i], 0, 16);
        gl->VertexArrayAttribFormat(b->vao, i, 4, GL_FLOAT, GL_FALSE, 0);
        gl->VertexArrayAttribBinding(b->vao, i, i);
        gl->EnableVertexArrayAttrib(b->vao, i);
    }
    return ok && linked;
}

static void run_glhle(bench *b)
{
    glhle_maxwell_run_result res;
    if (tm_submit(b->gpu, &b->frame, &res) != GLHLE_RESULT_OK || res.draws != b->draws)
        fprintf(stderr, "bench_maxwell_draw: the frame failed\n");
    b->ctx->gl.Finish();
}

/* The measured frame under callgrind (the warm-up frames run run_glhle). */
void frame_glhle(bench *b);
__attribute__((noinline)) void frame_glhle(bench *b)
{
    run_glhle(b);
}

static void frame_raw(bench *b)
{
    const GladGLContext *gl = gl_record_real(b->ctx);
    gl->BindFramebuffer(GL_FRAMEBUFFER, b->fbo);
    gl->Viewport(0, 0, W, H);
    gl->UseProgram(b->prog);
    gl->BindVertexArray(b->vao);
    for (uint32_t i = 0; i < b->draws; i++) {
        /* orphaned each draw, as glhle's streams are */
        gl->NamedBufferData(b->buf[0], 48, b->pos[3 * i], GL_STREAM_DRAW);
        gl->NamedBufferData(b->buf[1], 48, b->col[3 * i], GL_STREAM_DRAW);
        gl->DrawArrays(GL_TRIANGLES, 0, 3);
    }
    gl->BindVertexArray(0);
    gl->UseProgram(0);
    gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->Finish();
    glhle_context_invalidate_state(b->ctx);
}

static void frame_replay(bench *b)
{
    gl_replay(&b->warm);
    gl_record_real(b->ctx)->Finish();
    glhle_context_invalidate_state(b->ctx);
}

/* The replayed frame under callgrind. */
void frame_replayed(bench *b);
__attribute__((noinline)) void frame_replayed(bench *b)
{
    frame_replay(b);
}

/* Both ways start from the same cleared pixels (the shadow forgotten). */
static void clear_target(bench *b, GLuint fbo)
{
    gl_record_clear(b->ctx, fbo);
    glhle_context_invalidate_state(b->ctx);
}

/* One frame each way from the same cleared target (glhle's, the draw
 * framebuffer its frame left bound); the images must match and show the
 * triangles. Then the warm frame the timing replays is recorded. */
static bool replay_matches(bench *b)
{
    const GladGLContext *gl = gl_record_real(b->ctx);
    gl_recording full = {0};
    run_glhle(b);
    GLint fbo = 0;
    gl->GetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &fbo);
    bool ok = fbo != 0;
    glhle_image a = {0}, c = {0};
    if (ok) {
        clear_target(b, (GLuint)fbo);
        gl_record_start(&full);
        run_glhle(b);
        gl_record_stop();
        ok = gl_read_rgba(b->ctx, (GLuint)fbo, 0, 0, W, H, &a) == GLHLE_RESULT_OK;
        clear_target(b, (GLuint)fbo);
        gl_recording_scribble(&full);
        gl_replay(&full);
        gl->Finish();
        ok = ok && gl_read_rgba(b->ctx, (GLuint)fbo, 0, 0, W, H, &c) == GLHLE_RESULT_OK;
        glhle_context_invalidate_state(b->ctx);
    }
    uint64_t differ = 0, drawn = 0;
    for (size_t i = 0; ok && i < (size_t)W * H; i++) {
        differ += memcmp(a.rgba + 4 * i, c.rgba + 4 * i, 4) != 0;
        drawn += a.rgba[4 * i] != 26 || a.rgba[4 * i + 1] != 51 || a.rgba[4 * i + 2] != 76;
    }
    printf("check: replayed frame %s glhle's (%llu of %u pixels differ; %llu pixels drawn over the clear colour; "
           "%zu GL calls recorded for %llu draws, %zu ring ranges of %zu bytes, %llu queries and fences left out, "
           "%llu unexpected draws)\n",
           ok && differ == 0 ? "matches" : "DIFFERS FROM", (unsigned long long)differ, W * H,
           (unsigned long long)drawn, full.n, (unsigned long long)full.draws, full.ranges_n, full.blob_n,
           (unsigned long long)full.skipped, (unsigned long long)full.unexpected);
    ok = ok && differ == 0 && drawn > 0 && full.unexpected == 0 && full.draws == b->draws;
    glhle_image_free(&a);
    glhle_image_free(&c);
    gl_recording_free(&full);
    run_glhle(b); /* back to the warm steady state after the clears */
    gl_record_start(&b->warm);
    run_glhle(b);
    gl_record_stop();
    return ok;
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    const bool quick = bench_quick(argc, argv);
    bool callgrind = false;
    uint32_t draws = quick ? 20 : 500, reps = quick ? 1 : 15;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--draws") && i + 1 < argc)
            draws = (uint32_t)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = (uint32_t)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--callgrind"))
            callgrind = true;
    }
    if (!tmc_dir()) {
        printf("bench_maxwell_draw: skipped, ../shared/testdata/maxwell/shaders is absent\n");
        return 0;
    }
    if (draws < 1 || draws > 4096)
        draws = 500;
    bench b = {0};
    glhle_context_desc desc = {.mode = GLHLE_CONTEXT_OFFSCREEN, .log_level = GLHLE_LOG_WARN};
    if (glhle_context_create(&desc, &b.ctx) != GLHLE_RESULT_OK) {
        printf("bench_maxwell_draw: skipped, no GL context\n");
        return 0;
    }
    if (!setup(&b, draws)) {
        fprintf(stderr, "bench_maxwell_draw: setup failed\n");
        return 1;
    }
    run_glhle(&b);
    run_glhle(&b);
    if (!callgrind) /* glhle's calls through the wrappers: not in the counted frame */
        gl_record_install(b.ctx);
    frame_raw(&b);
    bool ok = true;
    if (callgrind) {
        frame_glhle(&b);
        /* the replay's frame: a warm frame recorded (through the wrappers,
         * after the counted one), replayed once first as the timing does */
        gl_record_install(b.ctx);
        gl_record_start(&b.warm);
        run_glhle(&b);
        gl_record_stop();
        frame_replay(&b);
        frame_replayed(&b);
        printf("bench_maxwell_draw: one glhle frame of %u draws in frame_glhle(), its replay (%zu GL calls) in "
               "frame_replayed()\n", draws, b.warm.n);
    } else {
        ok = replay_matches(&b);
        frame_replay(&b);
        double best_g = 1e30, best_p = 1e30, best_r = 1e30;
        double *rp = calloc(reps, sizeof *rp), *rr = calloc(reps, sizeof *rr);
        for (uint32_t k = 0; k < reps; k++) {
            uint64_t t0 = bench_now_ns();
            run_glhle(&b);
            uint64_t t1 = bench_now_ns();
            frame_replay(&b);
            uint64_t t2 = bench_now_ns();
            frame_raw(&b);
            uint64_t t3 = bench_now_ns();
            const double g = (double)(t1 - t0), p = (double)(t2 - t1), r = (double)(t3 - t2);
            best_g = g < best_g ? g : best_g;
            best_p = p < best_p ? p : best_p;
            best_r = r < best_r ? r : best_r;
            rp[k] = g / p;
            rr[k] = g / r;
        }
        qsort(rp, reps, sizeof *rp, cmp_double);
        qsort(rr, reps, sizeof *rr, cmp_double);
        printf("bench_maxwell_draw: %u draws a frame, %u frames each; %zu GL calls in the replayed frame (%.1f a "
               "draw)\n", draws, reps, b.warm.n, (double)b.warm.n / draws);
        printf("  glhle          %9.1f frames/s  %7.2f us/draw\n", 1e9 / best_g, best_g / 1e3 / draws);
        printf("  raw-GL replay  %9.1f frames/s  %7.2f us/draw\n", 1e9 / best_p, best_p / 1e3 / draws);
        printf("  native GL      %9.1f frames/s  %7.2f us/draw\n", 1e9 / best_r, best_r / 1e3 / draws);
        printf("  glhle / raw-GL replay: best against best %.2fx, median of paired frames %.2fx (goal: at most "
               "1.25x)\n", best_g / best_p, rp[reps / 2]);
        printf("  glhle / native GL: best against best %.2fx, median of paired frames %.2fx\n", best_g / best_r,
               rr[reps / 2]);
        free(rp);
        free(rr);
    }
    glhle_maxwell_destroy(b.gpu);
    const GladGLContext *gl = gl_record_real(b.ctx);
    gl->DeleteProgram(b.prog);
    gl->DeleteTextures(1, &b.tex);
    gl->DeleteFramebuffers(1, &b.fbo);
    gl->DeleteVertexArrays(1, &b.vao);
    gl->DeleteBuffers(2, b.buf);
    glhle_context_destroy(b.ctx);
    tm_pb_free(&b.frame);
    free(b.rt);
    free(b.data);
    free(b.pos);
    free(b.col);
    gl_recording_free(&b.warm);
    return ok ? 0 : 1;
}
