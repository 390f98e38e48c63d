/* backend/pica/trace/trace_record.c on a GL instance: a session recorded while
 * fills, transfers and presents take the GPU paths (the surface cache
 * keeps their results in GL textures, guest memory is written only when
 * flushed) replays on a GL-free instance -- every operation on the CPU --
 * and on a second GL instance with the same frames, to the bit. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "glhle/trace.h"
#include "support/pica_trace_support.h"

#define TOP_FB 0x18000000u
#define BOT_FB 0x18100000u
#define RT 0x18200000u

static glhle_image recorded[3];

static void grab(glhle_pica *p, glhle_image *img)
{
    uint32_t w, h;
    assert_int_equal(glhle_pica_read_frame(p, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    assert_int_equal(glhle_image_alloc(img, w, h), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_read_frame(p, img->rgba, (size_t)w * h * 4, &w, &h), GLHLE_RESULT_OK);
}

/* Clear a tiled "render target" with a fill, transfer it to the top
 * screen's BGR8 framebuffer, fill the bottom screen, present. */
static uint8_t *record_on_gl(glhle_context *ctx, size_t *size)
{
    uint8_t *vram = calloc(1, 4 << 20);
    glhle_pica_desc pd = {.log = ts_log_fn};
    glhle_pica *p;
    assert_int_equal(glhle_pica_create(ctx, &pd, &p), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000000, vram, 4 << 20), GLHLE_RESULT_OK);
    glhle_trace_recorder_desc rd = {.log = ts_log_fn};
    glhle_trace_recorder *rec;
    assert_int_equal(glhle_trace_recorder_create(&rd, &rec), GLHLE_RESULT_OK);
    assert_int_equal(glhle_trace_recorder_attach(rec, p), GLHLE_RESULT_OK);
    for (uint32_t f = 0; f < 3; f++) {
        const glhle_pica_memory_fill clear = {RT >> 3, (RT + 240 * 400 * 4) >> 3, 0x3060A0FFu + (f << 16), 2u << 8};
        assert_int_equal(glhle_pica_fill_memory(p, &clear), GLHLE_RESULT_OK);
        const glhle_pica_display_transfer xfer = {.input_address = RT >> 3,
                                                  .output_address = TOP_FB >> 3,
                                                  .output_size = (400u << 16) | 240,
                                                  .input_size = (400u << 16) | 240,
                                                  .flags = 1u << 12};
        assert_int_equal(glhle_pica_transfer(p, &xfer), GLHLE_RESULT_OK);
        const glhle_pica_memory_fill bottom = {BOT_FB >> 3, (BOT_FB + 240 * 320 * 3) >> 3, 0x112233u * (f + 1),
                                               1u << 8};
        assert_int_equal(glhle_pica_fill_memory(p, &bottom), GLHLE_RESULT_OK);
        glhle_pica_present_desc d;
        memset(&d, 0, sizeof d);
        d.top_left = (glhle_pica_lcd_framebuffer){TOP_FB, 1, 720};
        d.bottom = (glhle_pica_lcd_framebuffer){BOT_FB, 1, 720};
        assert_int_equal(glhle_pica_present(p, &d), GLHLE_RESULT_OK);
        grab(p, &recorded[f]);
    }
    glhle_pica_stats st;
    assert_int_equal(glhle_pica_get_stats(p, &st), GLHLE_RESULT_OK);
    assert_true(st.fills_gpu + st.transfers_gpu > 0); /* the GPU paths were taken */
    assert_int_equal(glhle_trace_recorder_finish(rec), GLHLE_RESULT_OK);
    uint8_t *copy = tt_recorded_copy(rec, size);
    glhle_trace_recorder_destroy(rec);
    glhle_pica_destroy(p);
    free(vram);
    return copy;
}

static glhle_result compare(void *user, glhle_pica *p, uint32_t frame)
{
    (void)user;
    glhle_image img;
    grab(p, &img);
    ts_assert_image("trace_record_gl", &recorded[frame], &img, 0, 0);
    glhle_image_free(&img);
    return GLHLE_RESULT_OK;
}

static void gl_recording_replays_everywhere(void **state)
{
    glhle_context *ctx = *state;
    size_t n;
    uint8_t *t = record_on_gl(ctx, &n);
    glhle_trace_open_desc od = {.log = ts_log_fn};
    glhle_trace *tr;
    assert_int_equal(glhle_trace_open_memory(t, n, &od, &tr), GLHLE_RESULT_OK);
    for (int gl = 0; gl < 2; gl++) {
        glhle_trace_replay_desc rd = {.ctx = gl ? ctx : NULL, .pica = {.log = ts_log_fn}, .on_frame = compare};
        glhle_trace_replay_stats st;
        assert_int_equal(glhle_trace_replay(tr, &rd, &st), GLHLE_RESULT_OK);
        assert_int_equal(st.frames, 3);
        assert_int_equal(st.divergences, 0);
    }
    for (int f = 0; f < 3; f++)
        glhle_image_free(&recorded[f]);
    glhle_trace_close(tr);
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(gl_recording_replays_everywhere),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
