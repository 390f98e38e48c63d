/* tools/glhle-replay.c with PlayStation inputs, run as a program: a trace
 * glhle-psx records from the demo scene and from a GPU dump replays to the
 * same PNGs, byte for byte, as the recording run wrote (on the software
 * renderer and on GL); the dump itself is recognised by its magic whatever
 * its name, also zstd- or xz-compressed; flags, --help, --version and the
 * exit codes; a damaged trace is refused with its byte offset. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/psx/gpudump.h"
#include "support/compress_support.h"
#include "support/pica_trace_support.h"
#include "support/psx_testing.h"

static bool have_tools(void)
{
    if (tt_tool_path("glhle-replay") && tt_tool_path("glhle-psx"))
        return true;
    print_message("SKIP: glhle-replay or glhle-psx was not built (GLHLE_BUILD_TOOLS off)\n");
    return false;
}

static bool same_file(const char *a, const char *b)
{
    size_t na, nb;
    uint8_t *da = ts_read_file(a, &na), *db = ts_read_file(b, &nb);
    bool same = na == nb && memcmp(da, db, na) == 0;
    free(da);
    free(db);
    return same;
}

static void demo_scene(void **state)
{
    (void)state;
    if (!have_tools())
        skip();
    char out[8192], args[8192], a[4096], b[4096];
    const char *trace = ts_output_path("psx_scene.glht");
    const char *display = ts_output_path("psx_scene_display.png");
    const char *vram = ts_output_path("psx_scene.raw16");
    snprintf(args, sizeof args, "run '%s' --vram '%s' --display '%s' --renderer sw --record '%s'",
             ts_source_path("samples/psx/scene.txt"), vram, display, trace);
    assert_int_equal(tt_run_tool("glhle-psx", args, out, sizeof out), 0);
    const char *renderers[2] = {"sw", "gl"};
    for (int i = 0; i < 2; i++) {
        const char *dir = ts_output_path(i ? "psx_replay_scene_gl" : "psx_replay_scene_sw");
        snprintf(args, sizeof args, "'%s' --out '%s' --renderer %s", trace, dir, renderers[i]);
        assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
        assert_non_null(strstr(out, "1 of 1 frames written"));
        snprintf(a, sizeof a, "%s/frame_000000.png", dir);
        assert_true(same_file(a, display));
    }
    /* standard input */
    const char *dir = ts_output_path("psx_replay_scene_stdin");
    snprintf(args, sizeof args, "- --out '%s' --renderer sw < '%s'", dir, trace);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
    snprintf(b, sizeof b, "%s/frame_000000.png", dir);
    assert_true(same_file(b, display));
}

/* Three frames after GPUDUMP.md, in a file whose name says nothing. */
static const char *write_dump(void)
{
    pt_dump d;
    memcpy(d.bytes, "PSXGPUDUMPv1\0\0", 14);
    d.size = 14;
    const uint32_t gp1[] = {0x00000000u, 0x05000000u, 0x06000000u | 0x200u | (0x228u << 12),
                            0x07000000u | 0x10u | (0x11u << 10), 0x03000000u};
    pt_dump_packet(&d, PSX_DUMP_GP1, gp1, 5);
    const uint32_t fill[] = {0x020000FFu, 0x00000000u, 0x00010010u};
    pt_dump_packet(&d, PSX_DUMP_GP0, fill, 3);
    pt_dump_packet(&d, PSX_DUMP_VSYNC, NULL, 0);
    const uint32_t fill2[] = {0x0200FF00u, 0x00000004u, 0x00010004u};
    pt_dump_packet(&d, PSX_DUMP_GP0, fill2, 3);
    pt_dump_packet(&d, PSX_DUMP_VSYNC, NULL, 0);
    const uint32_t copy[] = {0x80000000u, 0x00000000u, 0x00000008u, 0x00010008u};
    pt_dump_packet(&d, PSX_DUMP_GP0, copy, 4);
    pt_dump_packet(&d, PSX_DUMP_VSYNC, NULL, 0);
    const char *path = ts_output_path("psx_dump.bin");
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(d.bytes, 1, d.size, f), d.size);
    fclose(f);
    return path;
}

static void gpu_dump(void **state)
{
    (void)state;
    if (!have_tools())
        skip();
    char out[8192], args[8192], a[4096], b[4096];
    const char *dump = write_dump();
    const char *trace = ts_output_path("psx_dump.glht");
    const char *live = ts_output_path("psx_dump_live");
    snprintf(args, sizeof args, "replay '%s' --out '%s' --renderer sw --record '%s'", dump, live, trace);
    assert_int_equal(tt_run_tool("glhle-psx", args, out, sizeof out), 0);
    const char *from_trace = ts_output_path("psx_dump_from_trace");
    const char *from_dump = ts_output_path("psx_dump_direct");
    snprintf(args, sizeof args, "'%s' --out '%s' --renderer sw", trace, from_trace);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "3 of 3 frames written"));
    snprintf(args, sizeof args, "'%s' --out '%s' --renderer sw", dump, from_dump);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "GPU dump"));
    for (int i = 0; i < 3; i++) {
        snprintf(a, sizeof a, "%s/frame_%05d.png", live, i);
        snprintf(b, sizeof b, "%s/frame_%06d.png", from_trace, i);
        assert_true(same_file(a, b));
        snprintf(b, sizeof b, "%s/frame_%06d.png", from_dump, i);
        assert_true(same_file(a, b));
    }
    assert_false(same_file(a, ts_output_path("psx_dump_live/frame_00000.png"))); /* the frames differ */
    /* --frames 1: that frame only */
    const char *one = ts_output_path("psx_dump_one");
    snprintf(args, sizeof args, "'%s' --out '%s' --renderer sw --frames 1", trace, one);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
    snprintf(a, sizeof a, "%s/frame_000000.png", one);
    snprintf(b, sizeof b, "%s/frame_000001.png", one);
    FILE *f0 = fopen(a, "rb"), *f1 = fopen(b, "rb");
    assert_null(f0);
    assert_non_null(f1);
    fclose(f1);
}

static void flags_and_errors(void **state)
{
    (void)state;
    if (!have_tools())
        skip();
    char out[8192], args[8192];
    assert_int_equal(tt_run_tool("glhle-replay", "--help", out, sizeof out), 0);
    assert_non_null(strstr(out, "usage: glhle-replay TRACE --out DIR"));
    /* on standard output */
    const char *help = ts_output_path("glhle_replay_help.txt");
    snprintf(args, sizeof args, "--help > '%s'", help);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
    size_t hn;
    uint8_t *ht = ts_read_file(help, &hn);
    assert_true(hn > 20 && memcmp(ht, "usage: glhle-replay", 19) == 0);
    free(ht);
    assert_int_equal(tt_run_tool("glhle-replay", "--version", out, sizeof out), 0);
    assert_non_null(strstr(out, "glhle-replay 0."));
    const char *trace = ts_output_path("psx_scene.glht");
    const char *dir = ts_output_path("psx_replay_errors");
    snprintf(args, sizeof args, "'%s' --out '%s' --renderer vulkan", trace, dir);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 2);
    snprintf(args, sizeof args, "'%s' --out '%s' --renderer sw --scale 2", trace, dir);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 2);
    /* --window shows the GL renderer's picture (test_glhle_replay_window);
     * with the software renderer it is a usage error */
    snprintf(args, sizeof args, "'%s' --out '%s' --window --renderer sw", trace, dir);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 2);
    /* a damaged trace: a byte of the VRAM chunk (the second) flipped */
    size_t n;
    uint8_t *d = ts_read_file(trace, &n);
    assert_non_null(d);
    size_t state_end = 32;
    for (int skip_chunks = 0; skip_chunks < 3; skip_chunks++) { /* COMMENT, STATE, VRAM */
        uint32_t type = (uint32_t)d[state_end] | (uint32_t)d[state_end + 1] << 8;
        uint32_t size = (uint32_t)d[state_end + 4] | (uint32_t)d[state_end + 5] << 8 | (uint32_t)d[state_end + 6] << 16;
        if (type == 2) /* VRAM */
            break;
        state_end += 16 + size;
    }
    d[state_end + 8 + 100] ^= 1;
    const char *bad = ts_output_path("psx_bad.glht");
    FILE *f = fopen(bad, "wb");
    fwrite(d, 1, n, f);
    fclose(f);
    free(d);
    snprintf(args, sizeof args, "'%s' --out '%s' --renderer sw", bad, dir);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 1);
    char where[64];
    snprintf(where, sizeof where, "offset 0x%zx", state_end);
    assert_non_null(strstr(out, where));
}

/* The dump zstd- and xz-compressed at test time (libzstd's and liblzma's
 * encoders), under names that say nothing: glhle-replay and glhle-psx
 * replay play them to the same PNGs as the plain dump; cut or damaged
 * compressed files are refused with the input offset. */
static void compressed_dumps(void **state)
{
    (void)state;
    if (!have_tools())
        skip();
    char out[8192], args[8192], a[4096], b[4096];
    const char *dump = write_dump();
    size_t n;
    uint8_t *plain = ts_read_file(dump, &n);
    char direct[4096], file[4096], dir[4096], alias[4096], cut[4096], bad[4096];
    snprintf(direct, sizeof direct, "%s", ts_output_path("psx_cdump_plain"));
    snprintf(args, sizeof args, "'%s' --out '%s' --renderer sw", dump, direct);
    assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
    for (int kind = 0; kind < 2; kind++) {
        size_t cn;
        uint8_t *c = kind ? tc_xz(plain, n, &cn) : tc_zstd(plain, n, false, &cn);
        snprintf(file, sizeof file, "%s", ts_output_path(kind ? "psx_cdump_xz.bin" : "psx_cdump_zstd.bin"));
        tc_write_file(file, c, cn);
        snprintf(dir, sizeof dir, "%s", ts_output_path(kind ? "psx_cdump_xz" : "psx_cdump_zstd"));
        snprintf(args, sizeof args, "'%s' --out '%s' --renderer sw", file, dir);
        assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
        assert_non_null(strstr(out, "3 of 3 frames written"));
        snprintf(alias, sizeof alias, "%s", ts_output_path(kind ? "psx_cdump_xz_alias" : "psx_cdump_zstd_alias"));
        snprintf(args, sizeof args, "replay '%s' --out '%s' --renderer sw", file, alias);
        assert_int_equal(tt_run_tool("glhle-psx", args, out, sizeof out), 0);
        for (int i = 0; i < 3; i++) {
            snprintf(a, sizeof a, "%s/frame_%06d.png", direct, i);
            snprintf(b, sizeof b, "%s/frame_%06d.png", dir, i);
            assert_true(same_file(a, b));
            snprintf(b, sizeof b, "%s/frame_%05d.png", alias, i);
            assert_true(same_file(a, b));
        }
        /* from standard input too */
        snprintf(args, sizeof args, "- --out '%s' --renderer sw < '%s'", dir, file);
        assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 0);
        /* cut in the middle */
        snprintf(cut, sizeof cut, "%s", ts_output_path(kind ? "psx_cdump_cut.xz" : "psx_cdump_cut.zst"));
        tc_write_file(cut, c, cn / 2);
        char where[64];
        snprintf(where, sizeof where, "at input byte %zu (the file is cut short)", cn / 2);
        snprintf(args, sizeof args, "'%s' --out '%s' --renderer sw", cut, dir);
        assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 1);
        assert_non_null(strstr(out, where));
        snprintf(args, sizeof args, "replay '%s' --out '%s' --renderer sw", cut, alias);
        assert_int_equal(tt_run_tool("glhle-psx", args, out, sizeof out), 1);
        assert_non_null(strstr(out, where));
        /* a damaged header: zstd's reserved frame-header bit, xz's stream flags */
        c[kind ? 7 : 4] ^= kind ? 0x01 : 0x08;
        snprintf(bad, sizeof bad, "%s", ts_output_path(kind ? "psx_cdump_bad.xz" : "psx_cdump_bad.zst"));
        tc_write_file(bad, c, cn);
        snprintf(args, sizeof args, "'%s' --out '%s' --renderer sw", bad, dir);
        assert_int_equal(tt_run_tool("glhle-replay", args, out, sizeof out), 1);
        assert_non_null(strstr(out, kind ? "xz data damaged at input byte" : "zstd data damaged at input byte"));
        free(c);
    }
    free(plain);
}

int main(void)
{
    ts_pin_gl_driver();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(demo_scene),
        cmocka_unit_test(gpu_dump),
        cmocka_unit_test(flags_and_errors),
        cmocka_unit_test(compressed_dumps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
