/* tools/glhle-replay.c's exit statuses (docs/tools.md), run as a program on
 * a committed PICA sample trace and a PlayStation trace recorded here,
 * each damaged by hand the way CI meets it: 0 replayed as recorded, 1 a
 * damaged trace (with the byte offset), 3 the END chunk lost (the file cut
 * at a chunk boundary, also before the last frame), 4 the replay diverged
 * from the recording (a recorded result changed, its checksum made good
 * again), 5 --frames selecting nothing; each with its one line. Chunk
 * offsets are walked here from the container's layout in docs/formats.md:
 * a 32-byte header, then chunks of type, size, payload and an XXH3-64. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "glhle/psx.h"
#include "support/compress_support.h"
#include "support/pica_trace_support.h"

#define MAX_CHUNKS 4096

typedef struct chunks {
    size_t at[MAX_CHUNKS]; /* byte offset of each chunk */
    uint32_t type[MAX_CHUNKS], size[MAX_CHUNKS];
    size_t n;
} chunks;

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void walk(const uint8_t *d, size_t n, chunks *c)
{
    c->n = 0;
    for (size_t at = rd32(d + 12); at + 16 <= n && c->n < MAX_CHUNKS; c->n++) {
        c->at[c->n] = at;
        c->type[c->n] = rd32(d + at);
        c->size[c->n] = rd32(d + at + 4);
        at += 16 + c->size[c->n];
    }
}

/* After changing a chunk's payload: its checksum made good again. */
static void reseal(uint8_t *d, size_t at)
{
    const uint32_t size = rd32(d + at + 4);
    const uint64_t h = glhle_hash64(d + at, 8 + size);
    for (int i = 0; i < 8; i++)
        d[at + 8 + size + i] = (uint8_t)(h >> (8 * i));
}

/* The first (or last) chunk of type a or b. */
static size_t find2(const chunks *c, uint32_t a, uint32_t b, bool last)
{
    size_t found = SIZE_MAX;
    for (size_t i = 0; i < c->n; i++)
        if ((c->type[i] == a || c->type[i] == b) && (found == SIZE_MAX || last))
            found = i;
    assert_true(found != SIZE_MAX);
    return found;
}

static size_t find(const chunks *c, uint32_t type, bool last)
{
    return find2(c, type, type, last);
}

static int replay(const char *file, const char *extra, char *out, size_t cap)
{
    char args[8192];
    snprintf(args, sizeof args, "'%s' --out '%s' %s", file, ts_output_path("replay_exit_frames"), extra);
    return tt_run_tool("glhle-replay", args, out, cap);
}

/* Writes n bytes of d to the output folder as name; returns its path. */
static const char *put(const char *name, const uint8_t *d, size_t n)
{
    const char *p = ts_output_path(name);
    tc_write_file(p, d, n);
    return p;
}

static void pica_sample(void **state)
{
    (void)state;
    if (!tt_tool_path("glhle-replay"))
        skip();
    char out[16384];
    size_t n;
    uint8_t *d = ts_read_file(ts_source_path("tests/scenes/traces/cube.glht"), &n);
    chunks c;
    walk(d, n, &c);
    assert_int_equal(c.type[c.n - 1], 12); /* END */
    assert_int_equal(c.at[c.n - 1] + 16 + c.size[c.n - 1], n);

    assert_int_equal(replay(put("exit_cube.glht", d, n), "", out, sizeof out), 0);
    assert_non_null(strstr(out, "2 of 2 frames written"));

    /* the END chunk lost: cut at its offset */
    assert_int_equal(replay(put("exit_cube_noend.glht", d, c.at[c.n - 1]), "", out, sizeof out), 3);
    assert_non_null(strstr(out, "ends without its END chunk"));
    assert_non_null(strstr(out, "2 of 2 frames written")); /* what it holds is still written */
    /* the last frame lost with it: cut at the last PRESENT */
    const size_t last_present = find(&c, 11, true);
    assert_int_equal(replay(put("exit_cube_noframe.glht", d, c.at[last_present]), "", out, sizeof out), 3);
    assert_non_null(strstr(out, "1 of 1 frames written"));
    assert_non_null(strstr(out, "holds 1 frames"));
    /* cut inside a chunk: damaged, with the offset */
    assert_int_equal(replay(put("exit_cube_cut.glht", d, c.at[last_present] + 5), "", out, sizeof out), 1);
    char where[64];
    snprintf(where, sizeof where, "offset 0x%zx", c.at[last_present]);
    assert_non_null(strstr(out, where));

    /* divergence: the first command list's recorded draw count, plus one */
    const size_t run = find2(&c, 7, 8, false); /* RUN_HOST or RUN_GUEST: result, flags, draws, problems first */
    uint8_t *e = malloc(n);
    memcpy(e, d, n);
    wr32(e + c.at[run] + 8 + 8, rd32(e + c.at[run] + 8 + 8) + 1);
    reseal(e, c.at[run]);
    assert_int_equal(replay(put("exit_cube_diverged.glht", e, n), "", out, sizeof out), 4);
    assert_non_null(strstr(out, "the replay diverged from the recording: 1 calls"));
    /* END counting another frame than the file holds */
    memcpy(e, d, n);
    const size_t end = c.at[c.n - 1];
    wr32(e + end + 8 + 4, rd32(e + end + 8 + 4) + 1);
    reseal(e, end);
    assert_int_equal(replay(put("exit_cube_endcount.glht", e, n), "", out, sizeof out), 1);
    snprintf(where, sizeof where, "offset 0x%zx: END counts", end);
    assert_non_null(strstr(out, where));
    free(e);

    /* --frames past the end */
    assert_int_equal(replay(ts_output_path("exit_cube.glht"), "--frames 5-9", out, sizeof out), 5);
    assert_non_null(strstr(out, "--frames 5-9 selects no frame; the trace has 2"));
    assert_int_equal(replay(ts_output_path("exit_cube.glht"), "--frames 1", out, sizeof out), 0);
    /* a compressed trace plays the same */
    size_t zn;
    uint8_t *z = tc_zstd(d, n, false, &zn);
    assert_int_equal(replay(put("exit_cube.bin", z, zn), "", out, sizeof out), 0);
    free(z);
    /* and glhle-trace reads it as the trace itself */
    char args[8192], plain_info[16384];
    snprintf(args, sizeof args, "info '%s'", ts_output_path("exit_cube.glht"));
    assert_int_equal(tt_run_tool("glhle-trace", args, plain_info, sizeof plain_info), 0);
    snprintf(args, sizeof args, "info '%s'", ts_output_path("exit_cube.bin"));
    assert_int_equal(tt_run_tool("glhle-trace", args, out, sizeof out), 0);
    assert_string_equal(out, plain_info);
    free(d);
}

/* A PlayStation session recorded on the software renderer: a fill, a
 * frame, a VRAM-to-CPU read whose GPUREAD values the trace keeps, a frame. */
static uint8_t *psx_trace(size_t *n)
{
    glhle_psx *psx;
    const glhle_psx_desc pd = {.renderer = GLHLE_PSX_RENDERER_SOFTWARE, .log = ts_log_fn};
    assert_int_equal(glhle_psx_create(NULL, &pd, &psx), GLHLE_RESULT_OK);
    glhle_psx_recorder *rec;
    const glhle_psx_recorder_desc rd = {.comment = "test_glhle_replay_exit"};
    assert_int_equal(glhle_psx_recorder_create(&rd, &rec), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_recorder_attach(rec, psx), GLHLE_RESULT_OK);
    const uint32_t setup[] = {0x00000000u, 0x03000000u};
    for (int i = 0; i < 2; i++)
        glhle_psx_gp1(psx, setup[i]);
    const uint32_t fill[] = {0x02336699u, 0x00000000u, 0x00100010u};
    glhle_psx_gp0_block(psx, fill, 3);
    glhle_psx_vsync(psx);
    const uint32_t read[] = {0xC0000000u, 0x00000000u, 0x00020004u}; /* 4x2 pixels: 4 words */
    glhle_psx_gp0_block(psx, read, 3);
    for (int i = 0; i < 4; i++)
        glhle_psx_gpuread(psx);
    glhle_psx_vsync(psx);
    assert_int_equal(glhle_psx_recorder_finish(rec), GLHLE_RESULT_OK);
    const uint8_t *bytes;
    assert_int_equal(glhle_psx_recorder_bytes(rec, &bytes, n), GLHLE_RESULT_OK);
    uint8_t *copy = malloc(*n);
    memcpy(copy, bytes, *n);
    glhle_psx_recorder_destroy(rec);
    glhle_psx_destroy(psx);
    return copy;
}

static void psx_recording(void **state)
{
    (void)state;
    if (!tt_tool_path("glhle-replay"))
        skip();
    char out[16384];
    size_t n;
    uint8_t *d = psx_trace(&n);
    chunks c;
    walk(d, n, &c);
    assert_int_equal(c.type[c.n - 1], 10); /* END */
    const char *sw = "--renderer sw";
    assert_int_equal(replay(put("exit_psx.glht", d, n), sw, out, sizeof out), 0);
    assert_non_null(strstr(out, "2 of 2 frames written"));
    assert_int_equal(replay(ts_output_path("exit_psx.glht"), "", out, sizeof out), 0); /* on GL too */

    assert_int_equal(replay(put("exit_psx_noend.glht", d, c.at[c.n - 1]), sw, out, sizeof out), 3);
    assert_non_null(strstr(out, "ends without its END chunk"));
    const size_t last_vsync = find(&c, 9, true);
    assert_int_equal(replay(put("exit_psx_noframe.glht", d, c.at[last_vsync]), sw, out, sizeof out), 3);
    assert_non_null(strstr(out, "1 of 1 frames written"));
    /* --frames 0 plays one frame and still finds the END missing behind it */
    assert_int_equal(replay(ts_output_path("exit_psx_noend.glht"), "--renderer sw --frames 0", out, sizeof out), 3);

    uint8_t *e = malloc(n);
    memcpy(e, d, n);
    const size_t gpuread = c.at[find(&c, 5, false)];
    assert_int_equal(rd32(e + gpuread + 4), 16); /* the four values read */
    e[gpuread + 8] ^= 0x01;
    reseal(e, gpuread);
    assert_int_equal(replay(put("exit_psx_diverged.glht", e, n), sw, out, sizeof out), 4);
    assert_non_null(strstr(out, "the replay diverged from the recording: 1 reads"));
    memcpy(e, d, n);
    const size_t end = c.at[c.n - 1];
    wr32(e + end + 8, rd32(e + end + 8) - 1);
    reseal(e, end);
    assert_int_equal(replay(put("exit_psx_endcount.glht", e, n), sw, out, sizeof out), 1);
    char where[64];
    snprintf(where, sizeof where, "offset 0x%zx: END counts", end);
    assert_non_null(strstr(out, where));
    /* after the frames asked for, damage behind them is still found */
    memcpy(e, d, n);
    e[end + 9] ^= 0x40;
    assert_int_equal(replay(put("exit_psx_tail.glht", e, n), "--renderer sw --frames 0", out, sizeof out), 1);
    snprintf(where, sizeof where, "offset 0x%zx", end);
    assert_non_null(strstr(out, where));
    free(e);

    assert_int_equal(replay(ts_output_path("exit_psx.glht"), "--renderer sw --frames 7-", out, sizeof out), 5);
    assert_non_null(strstr(out, "selects no frame; the trace has 2"));
    free(d);
}

int main(void)
{
    ts_pin_gl_driver();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pica_sample),
        cmocka_unit_test(psx_recording),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
