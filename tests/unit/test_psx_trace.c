/* backend/psx/psx_trace.c on the software renderer: the demo scene and a
 * GPU dump recorded and replayed frame for frame (the live run's frames are
 * the reference), a recording that starts mid-session, the trace's bytes
 * checked against the layout in docs/formats.md by hand, and damaged traces
 * refused with their byte offset. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/common/trace_container.h"
#include "backend/psx/gpudump.h"
#include "backend/psx/psx_trace.h"
#include "backend/psx/script.h"
#include "glhle/psx.h"
#include "support/psx_testing.h"

#define MAX_FRAMES 8

typedef struct frames {
    uint32_t count;
    uint64_t display[MAX_FRAMES]; /* hash of the displayed RGBA */
    uint64_t vram[MAX_FRAMES];    /* hash of VRAM */
} frames;

static uint64_t vram_hash(glhle_psx *psx)
{
    uint16_t *v = malloc(1024 * 512 * 2);
    assert_non_null(v);
    assert_int_equal(glhle_psx_read_vram(psx, 0, 0, 1024, 512, v), GLHLE_RESULT_OK);
    uint64_t h = glhle_hash64(v, 1024 * 512 * 2);
    free(v);
    return h;
}

static uint64_t display_hash(glhle_psx *psx)
{
    glhle_psx_display d;
    glhle_psx_get_display(psx, &d);
    size_t n = (size_t)d.width * d.height * 4;
    if (!n)
        return 0;
    uint8_t *rgba = malloc(n);
    assert_non_null(rgba);
    assert_int_equal(glhle_psx_read_display_rgba(psx, rgba, n), GLHLE_RESULT_OK);
    uint64_t h = glhle_hash64(rgba, n);
    free(rgba);
    return h;
}

/* Frames taken without glhle_psx_read_vram, so that taking them does not
 * add READ_VRAM chunks to a recording. */
static void take_frame(frames *f, glhle_psx *psx)
{
    assert_true(f->count < MAX_FRAMES);
    uint8_t *rgba = malloc(1024 * 512 * 4);
    assert_non_null(rgba);
    assert_int_equal(glhle_psx_read_vram_rgba(psx, rgba, 1024 * 512 * 4), GLHLE_RESULT_OK);
    f->vram[f->count] = glhle_hash64(rgba, 1024 * 512 * 4);
    free(rgba);
    f->display[f->count] = display_hash(psx);
    f->count++;
}

static glhle_result on_frame(void *user, glhle_psx *psx, uint32_t frame)
{
    frames *f = user;
    assert_int_equal(frame, f->count);
    take_frame(f, psx);
    return GLHLE_RESULT_OK;
}

static glhle_psx *sw(void)
{
    glhle_psx_desc d = {.renderer = GLHLE_PSX_RENDERER_SOFTWARE, .log = ts_log_fn};
    glhle_psx *psx;
    assert_int_equal(glhle_psx_create(NULL, &d, &psx), GLHLE_RESULT_OK);
    return psx;
}

static glhle_psx_recorder *recorder(void)
{
    glhle_psx_recorder_desc rd = {.log = ts_log_fn, .comment = "test"};
    glhle_psx_recorder *rec;
    assert_int_equal(glhle_psx_recorder_create(&rd, &rec), GLHLE_RESULT_OK);
    return rec;
}

static glhle_result replay(const uint8_t *data, size_t size, frames *f, glhle_psx_replay_stats *st)
{
    glhle_psx_replay_desc d = {.psx = {.renderer = GLHLE_PSX_RENDERER_SOFTWARE, .log = ts_log_fn},
                               .on_frame = on_frame,
                               .user = f};
    return glhle_psx_trace_replay(data, size, &d, st);
}

static void run_text(glhle_psx *psx, const char *text, size_t size)
{
    assert_int_equal(psx_script_run(psx, text, size, ts_logger()), GLHLE_RESULT_OK);
}

/* The demo's scene in two halves, split between two commands: the second
 * half draws with the textures and CLUTs the first uploaded. */
static void scene_halves(char **text, size_t *size, size_t *half)
{
    *text = (char *)ts_read_file(ts_source_path("samples/psx/scene.txt"), size);
    const char *at = strstr(*text, "\n# a row of 4-bit sprites");
    assert_non_null(at);
    *half = (size_t)(at - *text) + 1;
}

static void demo_scene(void **state)
{
    (void)state;
    char *text;
    size_t size, half;
    scene_halves(&text, &size, &half);
    glhle_psx *psx = sw();
    glhle_psx_recorder *rec = recorder();
    assert_int_equal(glhle_psx_recorder_attach(rec, psx), GLHLE_RESULT_OK);
    frames live = {0};
    run_text(psx, text, half);
    assert_int_equal(glhle_psx_vsync(psx), GLHLE_RESULT_OK);
    take_frame(&live, psx);
    run_text(psx, text + half, size - half);
    assert_int_equal(glhle_psx_end_stream(psx), GLHLE_RESULT_OK);
    const uint32_t gpuread = glhle_psx_gpuread(psx);
    (void)gpuread;
    assert_int_equal(glhle_psx_vsync(psx), GLHLE_RESULT_OK);
    take_frame(&live, psx);
    const uint64_t live_vram = vram_hash(psx);
    assert_int_equal(glhle_psx_recorder_finish(rec), GLHLE_RESULT_OK);
    const uint8_t *t;
    size_t n;
    assert_int_equal(glhle_psx_recorder_bytes(rec, &t, &n), GLHLE_RESULT_OK);

    frames played = {0};
    glhle_psx_replay_stats st;
    assert_int_equal(replay(t, n, &played, &st), GLHLE_RESULT_OK);
    assert_int_equal(st.frames, 2);
    assert_int_equal(st.divergences, 0);
    assert_int_equal(played.count, 2);
    for (uint32_t i = 0; i < 2; i++) {
        assert_true(played.vram[i] == live.vram[i]);
        assert_true(played.display[i] == live.display[i]);
    }
    assert_true(live.vram[0] != live.vram[1]); /* the halves draw different things */
    (void)live_vram;
    glhle_psx_recorder_destroy(rec);
    glhle_psx_destroy(psx);
    free(text);
}

static void mid_session(void **state)
{
    (void)state;
    char *text;
    size_t size, half;
    scene_halves(&text, &size, &half);
    glhle_psx *psx = sw();
    run_text(psx, text, half); /* before the recording: VRAM and state as it left them */
    glhle_psx_recorder *rec = recorder();
    /* not in the middle of a command */
    assert_int_equal(glhle_psx_gp0(psx, 0x02000000u), GLHLE_RESULT_OK); /* a fill, its first word */
    ts_log_clear();
    assert_int_equal(glhle_psx_recorder_attach(rec, psx), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("attach between commands"));
    assert_int_equal(glhle_psx_gp0(psx, 0), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_gp0(psx, 0x00010001u), GLHLE_RESULT_OK);
    /* a VRAM read of 4 pixels of the ball's CLUT, half taken: the rest is
     * recorded (READBACK) and read in the recording */
    PT_GP0(psx, 0xC0000000u, 480u << 16, 0x00010004u);
    const uint32_t first = glhle_psx_gpuread(psx);
    assert_int_equal(glhle_psx_recorder_attach(rec, psx), GLHLE_RESULT_OK);
    const uint32_t second = glhle_psx_gpuread(psx);
    assert_true(first != second);
    run_text(psx, text + half, size - half);
    assert_int_equal(glhle_psx_vsync(psx), GLHLE_RESULT_OK);
    frames live = {0};
    take_frame(&live, psx);
    assert_int_equal(glhle_psx_recorder_finish(rec), GLHLE_RESULT_OK);
    const uint8_t *t;
    size_t n;
    assert_int_equal(glhle_psx_recorder_bytes(rec, &t, &n), GLHLE_RESULT_OK);
    frames played = {0};
    glhle_psx_replay_stats st;
    assert_int_equal(replay(t, n, &played, &st), GLHLE_RESULT_OK);
    assert_int_equal(st.divergences, 0); /* the second GPUREAD came from the READBACK chunk */
    assert_int_equal(played.count, 1);
    assert_true(played.vram[0] == live.vram[0]);
    assert_true(played.display[0] == live.display[0]);
    /* without the recorded state the second half alone draws something else */
    glhle_psx *fresh = sw();
    run_text(fresh, text + half, size - half);
    frames alone = {0};
    take_frame(&alone, fresh);
    assert_true(alone.vram[0] != live.vram[0]);
    glhle_psx_destroy(fresh);
    glhle_psx_recorder_destroy(rec);
    glhle_psx_destroy(psx);
    free(text);
}

/* ---- a GPU dump, replayed while recording ---- */

static void make_dump(pt_dump *d)
{
    memcpy(d->bytes, "PSXGPUDUMPv1r1\0\0", 16);
    d->size = 16;
    const uint32_t gp1[] = {0x00000000u, 0x05000000u, 0x06000000u | 0x200u | (0x228u << 12),
                            0x07000000u | 0x10u | (0x11u << 10), 0x03000000u};
    pt_dump_packet(d, PSX_DUMP_GP1, gp1, 5);
    const uint32_t fill[] = {0x020000FFu, 0x00000000u, 0x00010010u};
    pt_dump_packet(d, PSX_DUMP_GP0, fill, 3);
    pt_dump_packet(d, PSX_DUMP_VSYNC, NULL, 0);
    const uint32_t tri[] = {0x2000FF00u, 0x00000000u, 0x00000008u, 0x00080000u};
    pt_dump_packet(d, PSX_DUMP_GP0, tri, 4);
    const uint32_t read[] = {0xC0000000u, 0x00000000u, 0x00010004u};
    pt_dump_packet(d, PSX_DUMP_GP0, read, 3);
    const uint32_t two = 2;
    pt_dump_packet(d, PSX_DUMP_READBACK, &two, 1);
    pt_dump_packet(d, PSX_DUMP_VSYNC, NULL, 0);
    const uint32_t copy[] = {0x80000000u, 0x00000000u, 0x00000020u, 0x00040004u};
    pt_dump_packet(d, PSX_DUMP_GP0, copy, 4);
    pt_dump_packet(d, PSX_DUMP_VSYNC, NULL, 0);
}

static glhle_result dump_frame(void *user, glhle_psx *psx, uint32_t frame)
{
    frames *f = user;
    assert_int_equal(frame, f->count);
    take_frame(f, psx);
    return GLHLE_RESULT_OK;
}

static void from_gpu_dump(void **state)
{
    (void)state;
    pt_dump d;
    make_dump(&d);
    glhle_psx *psx = sw();
    glhle_psx_recorder *rec = recorder();
    assert_int_equal(glhle_psx_recorder_attach(rec, psx), GLHLE_RESULT_OK);
    frames live = {0};
    psx_gpudump_stats ds;
    assert_int_equal(psx_gpudump_play(psx, d.bytes, d.size, UINT32_MAX, dump_frame, &live, ts_logger(), &ds),
                     GLHLE_RESULT_OK);
    assert_int_equal(live.count, 3);
    assert_int_equal(glhle_psx_recorder_finish(rec), GLHLE_RESULT_OK);
    const uint8_t *t;
    size_t n;
    assert_int_equal(glhle_psx_recorder_bytes(rec, &t, &n), GLHLE_RESULT_OK);
    frames played = {0};
    glhle_psx_replay_stats st;
    assert_int_equal(replay(t, n, &played, &st), GLHLE_RESULT_OK);
    assert_int_equal(played.count, 3);
    assert_int_equal(st.divergences, 0);
    for (uint32_t i = 0; i < 3; i++) {
        assert_true(played.vram[i] == live.vram[i]);
        assert_true(played.display[i] == live.display[i]);
    }
    /* --frames: only the first two */
    frames two = {0};
    glhle_psx_replay_desc rd = {.psx = {.renderer = GLHLE_PSX_RENDERER_SOFTWARE, .log = ts_log_fn},
                                .frames = 2,
                                .on_frame = on_frame,
                                .user = &two};
    assert_int_equal(glhle_psx_trace_replay(t, n, &rd, &st), GLHLE_RESULT_OK);
    assert_int_equal(two.count, 2);
    glhle_psx_recorder_destroy(rec);
    glhle_psx_destroy(psx);
}

/* ---- bytes ---- */

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A short session's trace, walked by hand after docs/formats.md. */
static uint8_t *small_trace(size_t *n)
{
    glhle_psx *psx = sw();
    glhle_psx_recorder_desc rd = {.log = ts_log_fn};
    glhle_psx_recorder *rec;
    assert_int_equal(glhle_psx_recorder_create(&rd, &rec), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_gp0(psx, 0xE1000123u), GLHLE_RESULT_OK); /* before: in STATE */
    assert_int_equal(glhle_psx_recorder_attach(rec, psx), GLHLE_RESULT_OK);
    const uint32_t fill[] = {0x02112233u, 0x00100010u, 0x00020002u};
    assert_int_equal(glhle_psx_gp0_block(psx, fill, 2), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_gp0(psx, fill[2]), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_gp1(psx, 0x03000001u), GLHLE_RESULT_OK);
    const uint16_t px[2] = {0x1234, 0x8765};
    assert_int_equal(glhle_psx_write_vram(psx, 5, 6, 2, 1, px), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_vsync(psx), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_recorder_finish(rec), GLHLE_RESULT_OK);
    const uint8_t *t;
    assert_int_equal(glhle_psx_recorder_bytes(rec, &t, n), GLHLE_RESULT_OK);
    uint8_t *copy = malloc(*n);
    assert_non_null(copy);
    memcpy(copy, t, *n);
    glhle_psx_recorder_destroy(rec);
    glhle_psx_destroy(psx);
    return copy;
}

static void layout(void **state)
{
    (void)state;
    size_t n;
    uint8_t *t = small_trace(&n);
    assert_memory_equal(t, "GLHTRACE", 8);
    assert_int_equal(le32(t + 16), 2); /* PlayStation */
    size_t at = 32;
    /* STATE: 24 fields; E1 = 0x123 */
    assert_int_equal(le32(t + at), 1);
    assert_int_equal(le32(t + at + 4), 96);
    assert_int_equal(le32(t + at + 8 + 4 * 2), 0x123);
    at += 16 + 96;
    /* VRAM: 1 MiB of zeros */
    assert_int_equal(le32(t + at), 2);
    assert_int_equal(le32(t + at + 4), 1024 * 512 * 2);
    at += 16 + 1024 * 512 * 2;
    /* GP0: the three words of both calls in one chunk */
    assert_int_equal(le32(t + at), 3);
    assert_int_equal(le32(t + at + 4), 12);
    assert_int_equal(le32(t + at + 8), 0x02112233u);
    assert_int_equal(le32(t + at + 16), 0x00020002u);
    at += 16 + 12;
    /* GP1 */
    assert_int_equal(le32(t + at), 4);
    assert_int_equal(le32(t + at + 8), 0x03000001u);
    at += 16 + 4;
    /* WRITE_VRAM: x y w h, then the pixels */
    assert_int_equal(le32(t + at), 6);
    assert_int_equal(le32(t + at + 4), 16 + 4);
    assert_int_equal(le32(t + at + 8), 5);
    assert_int_equal(le32(t + at + 12), 6);
    assert_int_equal(t[at + 24], 0x34);
    assert_int_equal(t[at + 27], 0x87);
    at += 16 + 20;
    /* VSYNC 0, END (6 chunks before it, 1 frame) */
    assert_int_equal(le32(t + at), 9);
    assert_int_equal(le32(t + at + 8), 0);
    at += 16 + 4;
    assert_int_equal(le32(t + at), 10);
    assert_int_equal(le32(t + at + 8), 6);
    assert_int_equal(le32(t + at + 12), 1);
    at += 16 + 8;
    assert_int_equal(at, n);
    free(t);
}

/* Rewrites the checksum of the chunk at `at` after editing its bytes. */
static void reseal(uint8_t *t, size_t at)
{
    uint32_t size = le32(t + at + 4);
    uint64_t h = glhle_hash64(t + at, 8 + (size_t)size);
    for (int i = 0; i < 8; i++)
        t[at + 8 + size + i] = (uint8_t)(h >> (8 * i));
}

static void damaged(void **state)
{
    (void)state;
    size_t n;
    uint8_t *t = small_trace(&n);
    const size_t gp0_at = 32 + 16 + 96 + 16 + 1024 * 512 * 2;
    frames f = {0};
    glhle_psx_replay_stats st;
    /* cut inside the GP0 chunk */
    ts_log_clear();
    assert_int_equal(replay(t, gp0_at + 10, &f, &st), GLHLE_RESULT_TRUNCATED);
    char want[64];
    snprintf(want, sizeof want, "offset 0x%zx", gp0_at);
    assert_true(ts_log_contains(want));
    /* a flipped payload byte: the checksum catches it */
    t[gp0_at + 9] ^= 0x40;
    ts_log_clear();
    assert_int_equal(replay(t, n, &f, &st), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains(want));
    assert_true(ts_log_contains("GP0 chunk checksum"));
    t[gp0_at + 9] ^= 0x40;
    /* a WRITE_VRAM whose size field claims more pixels than it carries */
    const size_t wv_at = gp0_at + 16 + 12 + 16 + 4;
    assert_int_equal(le32(t + wv_at), 6);
    t[wv_at + 16] = 3; /* w = 3: 6 bytes of pixels needed, 4 there */
    reseal(t, wv_at);
    ts_log_clear();
    assert_int_equal(replay(t, n, &f, &st), GLHLE_RESULT_BAD_DATA);
    snprintf(want, sizeof want, "offset 0x%zx: WRITE_VRAM chunk", wv_at);
    assert_true(ts_log_contains(want));
    /* a PICA trace is not a PlayStation one */
    t[16] = 1;
    uint64_t h = glhle_hash64(t, 24);
    for (int i = 0; i < 8; i++)
        t[24 + i] = (uint8_t)(h >> (8 * i));
    ts_log_clear();
    assert_int_equal(replay(t, n, &f, &st), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("offset 16"));
    free(t);
}

static void divergence(void **state)
{
    (void)state;
    glhle_psx *psx = sw();
    glhle_psx_recorder *rec = recorder();
    assert_int_equal(glhle_psx_recorder_attach(rec, psx), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_gp1(psx, 0x10000007u), GLHLE_RESULT_OK); /* GPU version into GPUREAD */
    assert_int_equal(glhle_psx_gpuread(psx), 2u);
    assert_int_equal(glhle_psx_recorder_finish(rec), GLHLE_RESULT_OK);
    const uint8_t *t0;
    size_t n;
    assert_int_equal(glhle_psx_recorder_bytes(rec, &t0, &n), GLHLE_RESULT_OK);
    uint8_t *t = malloc(n);
    assert_non_null(t);
    memcpy(t, t0, n);
    frames f = {0};
    glhle_psx_replay_stats st;
    assert_int_equal(replay(t, n, &f, &st), GLHLE_RESULT_OK);
    assert_int_equal(st.divergences, 0);
    /* the recorded value changed: the replay notices */
    size_t at = 32;
    while (at < n && le32(t + at) != 5)
        at += 16 + le32(t + at + 4);
    assert_true(at < n);
    t[at + 8] = 3;
    reseal(t, at);
    assert_int_equal(replay(t, n, &f, &st), GLHLE_RESULT_OK);
    assert_int_equal(st.divergences, 1);
    free(t);
    glhle_psx_recorder_destroy(rec);
    glhle_psx_destroy(psx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(demo_scene), cmocka_unit_test(mid_session), cmocka_unit_test(from_gpu_dump),
        cmocka_unit_test(layout),     cmocka_unit_test(damaged),     cmocka_unit_test(divergence),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
