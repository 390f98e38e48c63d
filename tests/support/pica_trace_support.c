#include "support/pica_trace_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "glhle/trace.h"
#include "support/pica_support.h"
#include "support/test_support.h"

#define TOP_FB 0x18000000u
#define BOT_FB 0x18100000u

void tt_record_display_trace(const char *path, glhle_image frames[TT_FRAMES])
{
    uint8_t *vram = calloc(1, 2 << 20);
    glhle_pica *p = tp_pica_new(0, 0);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000000, vram, 2 << 20), GLHLE_RESULT_OK);
    glhle_trace_recorder_desc d = {.path = path, .log = ts_log_fn};
    glhle_trace_recorder *rec;
    assert_int_equal(glhle_trace_recorder_create(&d, &rec), GLHLE_RESULT_OK);
    assert_int_equal(glhle_trace_recorder_attach(rec, p), GLHLE_RESULT_OK);
    for (uint32_t f = 0; f < TT_FRAMES; f++) {
        const glhle_pica_memory_fill top = {TOP_FB >> 3, (TOP_FB + 240 * 400 * 4) >> 3, 0xFF2080C0u ^ (f << 20),
                                            2u << 8};
        assert_int_equal(glhle_pica_fill_memory(p, &top), GLHLE_RESULT_OK);
        const glhle_pica_memory_fill bottom = {BOT_FB >> 3, (BOT_FB + 240 * 320 * 2) >> 3, 0x07E0u >> f, 0};
        assert_int_equal(glhle_pica_fill_memory(p, &bottom), GLHLE_RESULT_OK);
        /* bit 5: no tiling conversion, bit 1: linear input, input format RGB565 */
        const glhle_pica_display_transfer xfer = {.input_address = BOT_FB >> 3,
                                                  .output_address = (TOP_FB + 240 * 4 * 100) >> 3,
                                                  .output_size = (64u << 16) | 240,
                                                  .input_size = (64u << 16) | 240,
                                                  .flags = (1u << 1) | (1u << 5) | (2u << 8)};
        assert_int_equal(glhle_pica_transfer(p, &xfer), GLHLE_RESULT_OK);
        for (int i = 0; i < 200; i++)
            vram[(size_t)(i * 4 + f * 9600)] = 0xFF;
        glhle_pica_present_desc pd;
        memset(&pd, 0, sizeof pd);
        pd.top_left = (glhle_pica_lcd_framebuffer){TOP_FB, 0, 960};
        pd.bottom = (glhle_pica_lcd_framebuffer){BOT_FB, 2, 480};
        assert_int_equal(glhle_pica_present(p, &pd), GLHLE_RESULT_OK);
        uint32_t w, h;
        assert_int_equal(glhle_pica_read_frame(p, NULL, 0, &w, &h), GLHLE_RESULT_OK);
        assert_int_equal(glhle_image_alloc(&frames[f], w, h), GLHLE_RESULT_OK);
        assert_int_equal(glhle_pica_read_frame(p, frames[f].rgba, (size_t)w * h * 4, &w, &h), GLHLE_RESULT_OK);
    }
    assert_int_equal(glhle_trace_recorder_finish(rec), GLHLE_RESULT_OK);
    glhle_trace_recorder_destroy(rec);
    glhle_pica_destroy(p);
    free(vram);
}

uint8_t *tt_recorded_copy(const struct glhle_trace_recorder *rec, size_t *size)
{
    const uint8_t *data;
    assert_int_equal(glhle_trace_recorder_bytes(rec, &data, size), GLHLE_RESULT_OK);
    uint8_t *copy = malloc(*size);
    assert_non_null(copy);
    memcpy(copy, data, *size);
    return copy;
}

bool tt_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

const char *tt_tool_path(const char *name)
{
    static char path[4096];
    /* build/<preset>/tools, beside build/<preset>/Testing/Temporary (the
     * compiled-in folder: the ES pass writes into a subfolder of it) */
    snprintf(path, sizeof path, "%s/../../tools/%s", GLHLE_TEST_OUTPUT_DIR_DEFAULT, name);
    return tt_exists(path) ? path : NULL;
}

int tt_run_tool(const char *name, const char *args, char *out, size_t cap)
{
    const char *tool = tt_tool_path(name);
    assert_non_null(tool);
    char cmd[8192];
    /* Leak checking off in the tool: eglTerminate unloads Mesa's driver at
     * exit, and LeakSanitizer then cannot name (or the suppressions skip)
     * the driver's own leaks; the test processes pin the driver instead
     * (ts_pin_gl_driver). Memory errors still abort the tool. */
    const char *asan = getenv("ASAN_OPTIONS");
    snprintf(cmd, sizeof cmd, "ASAN_OPTIONS='%s%sdetect_leaks=0' '%s' %s 2>&1", asan ? asan : "", asan ? ":" : "",
             tool, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = 0;
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static glhle_result keep_frame(void *user, glhle_pica *pica, uint32_t frame)
{
    tt_run *r = user;
    if (r->frames >= TT_RUN_FRAMES)
        return GLHLE_RESULT_OK;
    uint32_t w, h;
    assert_int_equal(glhle_pica_read_frame(pica, NULL, 0, &w, &h), GLHLE_RESULT_OK);
    glhle_image *img = &r->frame[r->frames++];
    assert_int_equal(glhle_image_alloc(img, w, h), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_read_frame(pica, img->rgba, (size_t)w * h * 4, &w, &h), GLHLE_RESULT_OK);
    (void)frame;
    return GLHLE_RESULT_OK;
}

void tt_replay_sample(glhle_context *ctx, const char *name, const glhle_pica_desc *pica, tt_run *out)
{
    memset(out, 0, sizeof *out);
    char path[512];
    snprintf(path, sizeof path, "tests/scenes/traces/%s.glht", name);
    glhle_trace *t;
    assert_int_equal(glhle_trace_open_file(ts_source_path(path), NULL, &t), GLHLE_RESULT_OK);
    glhle_trace_replay_desc rd = {.ctx = ctx, .pica = *pica, .on_frame = keep_frame, .user = out};
    rd.pica.log = ts_log_fn;
    assert_int_equal(glhle_trace_replay(t, &rd, &out->st), GLHLE_RESULT_OK);
    assert_int_equal(out->st.divergences, 0);
    glhle_trace_close(t);
}

void tt_same_frames(const char *what, const tt_run *a, const tt_run *b)
{
    assert_int_equal(a->frames, b->frames);
    for (uint32_t i = 0; i < a->frames; i++) {
        char name[160];
        snprintf(name, sizeof name, "%s_f%u", what, i);
        ts_assert_image(name, &a->frame[i], &b->frame[i], 0, 0);
    }
}

void tt_free_run(tt_run *r)
{
    for (uint32_t i = 0; i < r->frames; i++)
        glhle_image_free(&r->frame[i]);
}
