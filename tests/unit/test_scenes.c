/* tests/scenes/: the sample scenes as traces. Each scene records the same
 * bytes every time and equals its committed trace in tests/scenes/traces/
 * (GLHLE_UPDATE_GOLDEN=1 rewrites them); its command lists run cleanly
 * (FINALIZE reached, no problem reported, the draws counted); and its
 * replay on a GL-free instance -- where display operations and
 * presentation run on the CPU and draws are not rasterized -- shows each
 * screen's clear colour, converted by the display transfer to the
 * screen's format, in every presented frame. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/trace/trace_format.h"
#include "scenes/scenes.h"

/* draws per scene, counted in the scene code */
static uint32_t expected_draws(const char *name)
{
    if (!strcmp(name, "cube"))
        return 2;
    if (!strcmp(name, "rtt"))
        return 2;
    if (!strcmp(name, "gas")) /* the wall, three density-pass layers, the shading quad */
        return 5;
    if (!strcmp(name, "screens"))
        return 4;
    return 1;
}

static void deterministic_and_committed(void **state)
{
    (void)state;
    const bool update = getenv("GLHLE_UPDATE_GOLDEN") && !strcmp(getenv("GLHLE_UPDATE_GOLDEN"), "1");
    for (int i = 0; i < sb_scene_count; i++) {
        const sb_scene *s = &sb_scenes[i];
        size_t n1, n2;
        uint8_t *a = sb_scene_record(s, &n1), *b = sb_scene_record(s, &n2);
        assert_int_equal(n1, n2);
        assert_memory_equal(a, b, n1);
        char path[1024];
        sb_scene_trace_path(s, path, sizeof path);
        if (update) {
            FILE *f = fopen(path, "wb");
            assert_non_null(f);
            assert_int_equal(fwrite(a, 1, n1, f), n1);
            fclose(f);
            print_message("wrote %s (%zu bytes)\n", path, n1);
        }
        FILE *f = fopen(path, "rb");
        if (!f)
            fail_msg("%s is missing; run the test with GLHLE_UPDATE_GOLDEN=1 to write it", path);
        fclose(f);
        size_t n;
        uint8_t *committed = ts_read_file(path, &n);
        if (n != n1 || memcmp(committed, a, n))
            fail_msg("%s differs from what the scene builder records now (%zu vs %zu bytes); if the change is "
                     "intended, rerun with GLHLE_UPDATE_GOLDEN=1 and look at the golden images",
                     path, n, n1);
        free(committed);
        free(a);
        free(b);
    }
}

static void lists_run_cleanly(void **state)
{
    (void)state;
    for (int i = 0; i < sb_scene_count; i++) {
        const sb_scene *s = &sb_scenes[i];
        size_t n;
        uint8_t *t = sb_scene_record(s, &n);
        trace_reader r;
        assert_int_equal(pica_trace_reader_open(&r, t, n, ts_logger()), GLHLE_RESULT_OK);
        trace_chunk c;
        uint32_t lists = 0, draws = 0, presents = 0, fills = 0, transfers = 0;
        while (trace_reader_next(&r, &c) == GLHLE_RESULT_OK) {
            if (c.type == PICA_TRACE_RUN_GUEST) {
                lists++;
                assert_int_equal(trace_rd32(c.payload), GLHLE_RESULT_OK);
                assert_int_equal(trace_rd32(c.payload + 4), PICA_TRACE_OUTCOME_FINALIZED);
                assert_int_equal(trace_rd32(c.payload + 12), 0); /* problems */
                draws += trace_rd32(c.payload + 8);
            }
            presents += c.type == PICA_TRACE_PRESENT;
            fills += c.type == PICA_TRACE_MEMORY_FILL;
            transfers += c.type == PICA_TRACE_DISPLAY_TRANSFER;
        }
        if (lists != s->frames || presents != s->frames || draws != expected_draws(s->name))
            fail_msg("scene %s: %u lists, %u presents, %u draws", s->name, lists, presents, draws);
        assert_true(fills >= s->frames && transfers >= s->frames);
        free(t);
    }
}

typedef struct seen {
    const sb_scene *scene;
    uint32_t frames;
} seen;

static void expect_rgb(const glhle_image *img, uint32_t x, uint32_t y, const uint8_t rgb[3], const char *what)
{
    const uint8_t *p = ts_pixel(img, x, y);
    if (p[0] != rgb[0] || p[1] != rgb[1] || p[2] != rgb[2] || p[3] != 255)
        fail_msg("%s at (%u,%u): %u,%u,%u,%u, expected %u,%u,%u,255", what, x, y, p[0], p[1], p[2], p[3], rgb[0],
                 rgb[1], rgb[2]);
}

static glhle_result check_frame(void *user, glhle_pica *pica, uint32_t frame)
{
    seen *s = user;
    uint32_t w, h;
    assert_int_equal(glhle_pica_read_frame(pica, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    glhle_image img;
    assert_int_equal(glhle_image_alloc(&img, w, h), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_read_frame(pica, img.rgba, (size_t)w * h * 4, &w, &h), GLHLE_RESULT_OK);
    assert_int_equal(w, 400);
    assert_int_equal(h, 480);
    /* top screen: the clear colour through an RGBA8 -> BGR8 transfer keeps
     * its 8-bit channels */
    const uint32_t c = s->scene->top_clear;
    const uint8_t top[3] = {(uint8_t)(c >> 24), (uint8_t)(c >> 16), (uint8_t)(c >> 8)};
    for (uint32_t y = 0; y < 240; y += 47)
        for (uint32_t x = 0; x < 400; x += 57)
            expect_rgb(&img, x, y, top, s->scene->name);
    if (!strcmp(s->scene->name, "screens")) {
        /* bottom: 0x503030 to RGB565 (5, 6, 5 bits), shown expanded to 8 bits */
        const uint32_t r5 = 0x50 >> 3, g6 = 0x30 >> 2, b5 = 0x30 >> 3;
        const uint8_t bottom[3] = {(uint8_t)(r5 << 3 | r5 >> 2), (uint8_t)(g6 << 2 | g6 >> 4),
                                   (uint8_t)(b5 << 3 | b5 >> 2)};
        expect_rgb(&img, 40 + 5, 240 + 5, bottom, "screens bottom");
        expect_rgb(&img, 40 + 319, 479, bottom, "screens bottom");
    } else {
        const uint8_t black[3] = {0, 0, 0};
        expect_rgb(&img, 200, 400, black, "bottom screen");
    }
    /* outside the bottom screen the frame is black */
    const uint8_t black[3] = {0, 0, 0};
    expect_rgb(&img, 5, 300, black, "frame border");
    glhle_image_free(&img);
    assert_int_equal(frame, s->frames);
    s->frames++;
    return GLHLE_RESULT_OK;
}

static void replays_on_the_cpu(void **state)
{
    (void)state;
    for (int i = 0; i < sb_scene_count; i++) {
        const sb_scene *sc = &sb_scenes[i];
        size_t n;
        uint8_t *t = sb_scene_record(sc, &n);
        glhle_trace_open_desc od = {.log = ts_log_fn};
        glhle_trace *tr;
        assert_int_equal(glhle_trace_open_memory(t, n, &od, &tr), GLHLE_RESULT_OK);
        seen s = {sc, 0};
        glhle_trace_replay_desc rd = {.pica = {.log = ts_log_fn}, .on_frame = check_frame, .user = &s};
        glhle_trace_replay_stats st;
        assert_int_equal(glhle_trace_replay(tr, &rd, &st), GLHLE_RESULT_OK);
        assert_int_equal(st.divergences, 0);
        assert_int_equal(s.frames, sc->frames);
        assert_int_equal(st.draws, expected_draws(sc->name));
        glhle_trace_close(tr);
        free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(deterministic_and_committed),
        cmocka_unit_test(lists_run_cleanly),
        cmocka_unit_test(replays_on_the_cpu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
