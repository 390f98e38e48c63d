/* PlayStation save states (backend/psx/psx_state.c) on the GL renderer:
 * the sample scene (samples/psx/scene.txt) run to a split point -- idle,
 * in the middle of a command, of a polyline, of a CPU-to-VRAM upload --
 * saved, loaded into a new instance on a second context, and finished
 * there. The reference is the same scene run without a break: native VRAM
 * and the display must be identical at every scale pair, and VRAM at the
 * internal resolution too when the scales match. A GP0(C0h) read half
 * drained through GPUREAD continues after a load; a damaged blob leaves the
 * instance as it was (the run continues to the reference picture). */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/psx/gpu.h"
#include "backend/common/trace_container.h"
#include "backend/psx/script.h"
#include "support/state_support.h"
#include "glhle/psx.h"

typedef struct word {
    uint8_t port;
    uint32_t value;
} word;

typedef struct stream {
    word *w;
    size_t n, cap;
} stream;

static glhle_result collect(void *user, int port, const uint32_t *words, size_t count, uint32_t line)
{
    (void)line;
    stream *s = user;
    for (size_t i = 0; i < count; i++) {
        if (s->n == s->cap) {
            s->cap = s->cap ? 2 * s->cap : 256;
            s->w = realloc(s->w, s->cap * sizeof *s->w);
            assert_non_null(s->w);
        }
        s->w[s->n++] = (word){(uint8_t)port, words[i]};
    }
    return GLHLE_RESULT_OK;
}

static stream scene_words(void)
{
    size_t size;
    uint8_t *text = ts_read_file(ts_source_path("samples/psx/scene.txt"), &size);
    stream s = {0};
    assert_int_equal(psx_script_parse((const char *)text, size, ts_logger(), collect, &s), GLHLE_RESULT_OK);
    free(text);
    return s;
}

static void feed(glhle_psx *psx, const stream *s, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        if (s->w[i].port)
            glhle_psx_gp1(psx, s->w[i].value);
        else
            glhle_psx_gp0(psx, s->w[i].value);
    }
}

static glhle_psx *make(glhle_context *ctx, uint32_t scale)
{
    glhle_psx_desc d = {0};
    d.log = ts_log_fn;
    d.resolution_scale = scale;
    d.renderer = ctx ? GLHLE_PSX_RENDERER_GL : GLHLE_PSX_RENDERER_SOFTWARE;
    glhle_psx *psx = NULL;
    assert_int_equal(glhle_psx_create(ctx, &d, &psx), GLHLE_RESULT_OK);
    return psx;
}

typedef struct result {
    uint16_t vram[1024 * 512];
    uint8_t *scaled; /* RGBA at the internal resolution */
    size_t scaled_size;
    glhle_image display;
} result;

static void finish(glhle_psx *psx, result *out)
{
    assert_int_equal(glhle_psx_end_stream(psx), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_read_vram(psx, 0, 0, 1024, 512, out->vram), GLHLE_RESULT_OK);
    const uint32_t s = glhle_psx_get_scale(psx);
    out->scaled_size = (size_t)1024 * 512 * 4 * s * s;
    out->scaled = malloc(out->scaled_size);
    assert_non_null(out->scaled);
    assert_int_equal(glhle_psx_read_vram_rgba(psx, out->scaled, out->scaled_size), GLHLE_RESULT_OK);
    glhle_psx_display d;
    glhle_psx_get_display(psx, &d);
    assert_int_equal(glhle_image_alloc(&out->display, d.width, d.height), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_read_display_rgba(psx, out->display.rgba, (size_t)d.width * d.height * 4),
                     GLHLE_RESULT_OK);
}

static void result_free(result *r)
{
    free(r->scaled);
    glhle_image_free(&r->display);
}

static uint8_t *save(glhle_psx *psx, size_t *size)
{
    size_t need = 0;
    assert_int_equal(glhle_psx_save_state(psx, NULL, 0, &need), GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_true(need > 1024 * 512 * 2);
    uint8_t *buf = malloc(need);
    assert_non_null(buf);
    /* one byte short: refused, nothing written */
    memset(buf, 0xA5, need);
    size_t got = 0;
    assert_int_equal(glhle_psx_save_state(psx, buf, need - 1, &got), GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_int_equal(got, need);
    assert_int_equal(buf[0], 0xA5);
    assert_int_equal(glhle_psx_save_state(psx, buf, need, &got), GLHLE_RESULT_OK);
    assert_int_equal(got, need);
    assert_memory_equal(buf, "GLHSTATE", 8);
    *size = need;
    return buf;
}

/* Split points: the first word after which the parser is in each state,
 * and a few spread over the stream; found on a software GPU. */
static size_t find_splits(const stream *s, size_t *out)
{
    glhle_psx *sw = make(NULL, 1);
    size_t n = 0;
    bool seen[4] = {false};
    for (size_t i = 0; i < s->n; i++) {
        feed(sw, s, i, i + 1);
        const int st = (int)sw->p.state;
        if (!seen[st] && (st != PSX_GP0_IDLE || i > s->n / 3)) {
            seen[st] = true;
            out[n++] = i + 1;
        }
    }
    for (int k = 1; k < 4; k++)
        out[n++] = s->n * (size_t)k / 4;
    assert_true(seen[PSX_GP0_COMMAND]);
    assert_true(seen[PSX_GP0_POLYLINE]);
    assert_true(seen[PSX_GP0_UPLOAD]);
    glhle_psx_destroy(sw);
    return n;
}

static void scene_round_trips(void **state)
{
    glhle_context *ctx = *state, *ctx2 = ts_gl_second_context();
    stream s = scene_words();
    size_t splits[8];
    const size_t n_splits = find_splits(&s, splits);
    static result ref[3];
    for (uint32_t scale = 1; scale <= 2; scale++) {
        glhle_psx *psx = make(ctx, scale);
        feed(psx, &s, 0, s.n);
        finish(psx, &ref[scale]);
        glhle_psx_destroy(psx);
    }
    static const uint32_t pairs[][2] = {{1, 1}, {2, 2}, {1, 2}, {2, 1}};
    for (size_t k = 0; k < n_splits; k++) {
        for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
            const uint32_t from = pairs[p][0], to = pairs[p][1];
            print_message("split after word %zu of %zu, scale %u -> %u\n", splits[k], s.n, from, to);
            glhle_psx *a = make(ctx, from);
            feed(a, &s, 0, splits[k]);
            size_t size;
            uint8_t *blob = save(a, &size);
            glhle_psx_destroy(a);
            glhle_psx *b = make(ctx2, to);
            assert_int_equal(glhle_psx_load_state(b, blob, size), GLHLE_RESULT_OK);
            free(blob);
            feed(b, &s, splits[k], s.n);
            static result got;
            finish(b, &got);
            assert_memory_equal(got.vram, ref[to].vram, sizeof got.vram);
            ts_assert_image("psx_state_display", &ref[to].display, &got.display, 0, 0);
            if (from == to) {
                assert_int_equal(got.scaled_size, ref[to].scaled_size);
                assert_memory_equal(got.scaled, ref[to].scaled, got.scaled_size);
            }
            result_free(&got);
            glhle_psx_destroy(b);
        }
    }
    /* GL at 2x into the software renderer: native words carry over */
    glhle_psx *a = make(ctx, 2);
    feed(a, &s, 0, s.n / 2);
    size_t size;
    uint8_t *blob = save(a, &size);
    glhle_psx_destroy(a);
    glhle_psx *sw = make(NULL, 1);
    assert_int_equal(glhle_psx_load_state(sw, blob, size), GLHLE_RESULT_OK);
    free(blob);
    feed(sw, &s, s.n / 2, s.n);
    static result got;
    finish(sw, &got);
    assert_memory_equal(got.vram, ref[1].vram, sizeof got.vram);
    result_free(&got);
    glhle_psx_destroy(sw);
    for (int i = 1; i <= 2; i++)
        result_free(&ref[i]);
    free(s.w);
    glhle_context_destroy(ctx2);
}

/* A VRAM-to-CPU read half drained: the rest comes out after the load. */
static void readback_continues(void **state)
{
    glhle_context *ctx = *state;
    glhle_psx *a = make(ctx, 2);
    uint16_t px[64];
    for (int i = 0; i < 64; i++)
        px[i] = (uint16_t)(i * 977 + 3);
    assert_int_equal(glhle_psx_write_vram(a, 100, 200, 8, 8, px), GLHLE_RESULT_OK);
    glhle_psx_gp0(a, 0xC0000000u);
    glhle_psx_gp0(a, 200u << 16 | 100u);
    glhle_psx_gp0(a, 8u << 16 | 8u);
    for (int i = 0; i < 10; i++)
        assert_int_equal(glhle_psx_gpuread(a), (uint32_t)px[2 * i] | (uint32_t)px[2 * i + 1] << 16);
    size_t size;
    uint8_t *blob = save(a, &size);
    const uint32_t stat = glhle_psx_gpustat(a);
    glhle_psx_destroy(a);
    glhle_psx *b = make(ctx, 1);
    assert_int_equal(glhle_psx_load_state(b, blob, size), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_gpustat(b), stat);
    for (int i = 10; i < 32; i++)
        assert_int_equal(glhle_psx_gpuread(b), (uint32_t)px[2 * i] | (uint32_t)px[2 * i + 1] << 16);
    free(blob);
    glhle_psx_destroy(b);
}

/* The CLUT cache keeps what it loaded after VRAM under it changed; a load
 * must bring the cached values, not VRAM's. */
static void clut_cache_carries_over(void **state)
{
    glhle_context *ctx = *state;
    for (uint32_t scale = 1; scale <= 2; scale++) {
        static result want, got;
        glhle_psx *ps[2];
        for (int run = 0; run < 2; run++) {
            glhle_psx *psx = ps[run] = make(ctx, scale);
            const uint32_t setup[] = {0xE3000000u, 0xE4000000u | 511u << 10 | 1023u, 0xE5000000u};
            glhle_psx_gp0_block(psx, setup, 3);
            uint16_t clut[16], tex[4 * 16];
            for (int i = 0; i < 16; i++)
                clut[i] = (uint16_t)(0x8000u | (uint32_t)i * 0x421u);
            for (int i = 0; i < 64; i++)
                tex[i] = (uint16_t)(i * 0x1111u);
            glhle_psx_write_vram(psx, 0, 480, 16, 1, clut);   /* CLUT at (0, 480) */
            glhle_psx_write_vram(psx, 640, 0, 4, 16, tex);     /* 4-bit texels, page (640, 0) */
            /* textured rectangle 16x16 at (0,0), CLUT 0,480, page 10 4-bit */
            const uint32_t rect1[] = {0x65808080u, 0, (480u << 6 | 0u) << 16, 16u << 16 | 16u};
            const uint32_t page[] = {0xE100000Au};
            glhle_psx_gp0_block(psx, page, 1);
            glhle_psx_gp0_block(psx, rect1, 4);
            /* overwrite the CLUT in VRAM: the cache keeps the old one */
            uint16_t zero[16] = {0};
            glhle_psx_write_vram(psx, 0, 480, 16, 1, zero);
            if (run == 1) {
                size_t size;
                uint8_t *blob = save(psx, &size);
                glhle_psx_destroy(psx);
                psx = ps[1] = make(ctx, scale == 1 ? 2 : 1); /* at the other scale too */
                assert_int_equal(glhle_psx_load_state(psx, blob, size), GLHLE_RESULT_OK);
                free(blob);
            }
            /* the same CLUT attribute: no reload, the cached colours draw */
            const uint32_t rect2[] = {0x65808080u, 32u, (480u << 6 | 0u) << 16, 16u << 16 | 16u};
            glhle_psx_gp0_block(psx, rect2, 4);
            finish(psx, run ? &got : &want);
        }
        assert_int_not_equal(want.vram[32], 0); /* drawn with the cached CLUT */
        assert_memory_equal(got.vram, want.vram, sizeof got.vram);
        result_free(&want);
        result_free(&got);
        glhle_psx_destroy(ps[0]);
        glhle_psx_destroy(ps[1]);
    }
}

/* Damaged blobs loaded into a GL GPU in the middle of the scene are
 * refused, and the scene then finishes to the uninterrupted picture. */
static void damaged_loads_change_nothing(void **state)
{
    glhle_context *ctx = *state;
    stream s = scene_words();
    static result want, got;
    glhle_psx *ref = make(ctx, 2);
    feed(ref, &s, 0, s.n);
    finish(ref, &want);
    glhle_psx_destroy(ref);
    glhle_psx *other = make(ctx, 2);
    feed(other, &s, 0, s.n / 4);
    size_t size;
    uint8_t *good = save(other, &size), *bad = malloc(size);
    assert_non_null(bad);
    glhle_psx_destroy(other);
    glhle_psx *psx = make(ctx, 2);
    feed(psx, &s, 0, s.n / 2 + 1);
    for (int k = 0; k < 16; k++) {
        memcpy(bad, good, size);
        size_t n = size;
        if (k == 0) { /* STATE's scale past 8, checksums right */
            trace_wr32(bad + TRACE_HEADER_SIZE + TRACE_CHUNK_HEAD + 4, 9);
            st_fix_checksums(bad, n);
        } else if (k < 8) {
            n = size * (size_t)k / 8;
        } else {
            bad[(size_t)k * 104729 % size] ^= 0x01;
        }
        const glhle_result r = glhle_psx_load_state(psx, bad, n);
        assert_true(r == GLHLE_RESULT_BAD_DATA || r == GLHLE_RESULT_TRUNCATED);
    }
    feed(psx, &s, s.n / 2 + 1, s.n);
    finish(psx, &got);
    assert_memory_equal(got.vram, want.vram, sizeof got.vram);
    assert_int_equal(got.scaled_size, want.scaled_size);
    assert_memory_equal(got.scaled, want.scaled, got.scaled_size);
    result_free(&want);
    result_free(&got);
    free(good);
    free(bad);
    free(s.w);
    glhle_psx_destroy(psx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(damaged_loads_change_nothing),
        TS_GL_TEST(scene_round_trips),
        TS_GL_TEST(readback_continues),
        TS_GL_TEST(clut_cache_carries_over),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
