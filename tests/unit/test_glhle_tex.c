/* tools/glhle-tex.c: the command-line contract of ../shared/design.md, run as
 * a separate process: decode/encode round trips, the PNG it writes against
 * the codec's own output, the SMDH and tex3ds commands on real files, and
 * exit codes for bad use. */
#include "support/test_support.h"

#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "backend/pica/texture/smdh.h"
#include "backend/pica/texture/texcodec.h"

extern char **environ;

static char tool[4096];

/* The tool sits next to the tests: build/<preset>/tools/glhle-tex. */
static int find_tool(void **state)
{
    (void)state;
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return 0;
    self[n] = 0;
    char *slash = strrchr(self, '/');
    if (slash)
        *slash = 0;
    snprintf(tool, sizeof tool, "%s/../tools/glhle-tex", self);
    if (access(tool, X_OK) != 0)
        tool[0] = 0;
    return 0;
}

#define REQUIRE_TOOL()                                                                                          \
    do {                                                                                                        \
        if (!tool[0]) {                                                                                         \
            print_message("SKIP: glhle-tex is not built (GLHLE_BUILD_TOOLS off)\n");                            \
            skip();                                                                                             \
        }                                                                                                       \
    } while (0)

/* Runs glhle-tex with the given arguments (NULL-terminated); its output
 * goes to glhle_tex.log next to the test log. Returns the exit status. */
static int run_tool(const char *a0, ...)
{
    const char *argv[16] = {tool, a0};
    int n = 2;
    va_list ap;
    va_start(ap, a0);
    if (a0)
        while (n < 15 && (argv[n] = va_arg(ap, const char *)) != NULL)
            n++;
    else
        n = 1;
    va_end(ap);
    argv[n] = NULL;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    const char *log = ts_output_path("glhle_tex.log");
    posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    pid_t pid;
    int rc = posix_spawn(&pid, tool, &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    assert_int_equal(rc, 0);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    fclose(f);
}

static void raw_round_trips(void **state)
{
    (void)state;
    REQUIRE_TOOL();
    ts_rng rng;
    ts_rng_init(&rng, ts_seed("raw_round_trips", 9));
    static const struct {
        const char *format, *layout;
        pica_texfmt fmt;
        pica_layout lay;
    } cases[] = {
        {"rgb565", NULL, PICA_TEXFMT_RGB565, PICA_LAYOUT_TILED8},
        {"rgba8", "--block32", PICA_TEXFMT_RGBA8, PICA_LAYOUT_TILED32},
        {"ia4", "--linear", PICA_TEXFMT_IA4, PICA_LAYOUT_LINEAR},
        {"d24s8", NULL, PICA_TEXFMT_D24S8, PICA_LAYOUT_TILED8},
        {"d16", "--flip", PICA_TEXFMT_D16, PICA_LAYOUT_TILED8},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        pica_surface s = {.format = cases[c].fmt, .layout = cases[c].lay, .width = 32, .height = 32};
        size_t size = pica_surface_size(&s);
        uint8_t *raw = malloc(size);
        for (size_t i = 0; i < size; i++)
            raw[i] = (uint8_t)ts_rng_u32(&rng);
        const char *in = ts_output_path("tex_in.raw"), *png = ts_output_path("tex_out.png"),
                   *back = ts_output_path("tex_back.raw");
        write_file(in, raw, size);
        const char *lay = cases[c].layout ? cases[c].layout : "--width";
        const char *lay2 = cases[c].layout ? "--width" : "32";
        if (cases[c].layout)
            assert_int_equal(run_tool("decode", "--format", cases[c].format, lay, lay2, "32", "--height", "32", in,
                                      png, NULL),
                             0);
        else
            assert_int_equal(run_tool("decode", "--format", cases[c].format, lay, lay2, "--height", "32", in, png,
                                      NULL),
                             0);
        /* the PNG holds what the codec decodes (depth: bits 23-0 in RGB, stencil in A) */
        glhle_image img;
        assert_int_equal(glhle_png_read_file(png, &img, ts_logger()), GLHLE_RESULT_OK);
        uint8_t host[32 * 32 * 4];
        bool flip = cases[c].layout && !strcmp(cases[c].layout, "--flip");
        assert_int_equal(pica_decode(&s, raw, size, NULL, flip ? PICA_CODEC_FLIP_Y : 0, host, 128, ts_logger()),
                         GLHLE_RESULT_OK);
        for (int i = 0; i < 32 * 32; i++) {
            const uint8_t *p = img.rgba + i * 4;
            if (pica_texfmt_get_info(s.format)->depth) {
                uint32_t h;
                memcpy(&h, host + i * 4, 4);
                uint32_t d = h >> 8;
                assert_int_equal(p[0] << 16 | p[1] << 8 | p[2], d);
                assert_int_equal(p[3], s.format == PICA_TEXFMT_D24S8 ? (h & 0xFF) : 255);
            } else {
                assert_memory_equal(p, host + i * 4, 4);
            }
        }
        glhle_image_free(&img);
        /* and encode gives the raw bytes back */
        if (cases[c].layout)
            assert_int_equal(run_tool("encode", "--format", cases[c].format, cases[c].layout, png, back, NULL), 0);
        else
            assert_int_equal(run_tool("encode", "--format", cases[c].format, png, back, NULL), 0);
        size_t n;
        uint8_t *got = ts_read_file(back, &n);
        assert_int_equal(n, size);
        assert_memory_equal(got, raw, size);
        free(got);
        free(raw);
    }
}

static void mip_level_and_offset(void **state)
{
    (void)state;
    REQUIRE_TOOL();
    /* 16 bytes of junk, then a 16x16 I8 level 0 (all 0x10) and level 1 (8x8, 0xC0) */
    uint8_t file[16 + 256 + 64];
    memset(file, 0xEE, 16);
    memset(file + 16, 0x10, 256);
    memset(file + 272, 0xC0, 64);
    const char *in = ts_output_path("tex_mip.raw"), *png = ts_output_path("tex_mip.png");
    write_file(in, file, sizeof file);
    assert_int_equal(run_tool("decode", "--format", "i8", "--width", "16", "--height", "16", "--offset", "16",
                              "--level", "1", in, png, NULL),
                     0);
    glhle_image img;
    assert_int_equal(glhle_png_read_file(png, &img, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(img.width, 8);
    assert_memory_equal(ts_pixel(&img, 7, 7), ((uint8_t[]){0xC0, 0xC0, 0xC0, 255}), 4);
    glhle_image_free(&img);
}

static void smdh_command(void **state)
{
    (void)state;
    REQUIRE_TOOL();
    const char *path;
    TS_REQUIRE_TESTDATA("pica/smdh/phbank.smdh", path);
    const char *prefix = ts_output_path("phbank_tool");
    assert_int_equal(run_tool("smdh", path, prefix, NULL), 0);
    size_t size;
    uint8_t *file = ts_read_file(path, &size);
    glhle_image small, large, a, b;
    assert_int_equal(pica_smdh_decode_icons(file, size, &small, &large, ts_logger()), GLHLE_RESULT_OK);
    char p24[4200], p48[4200];
    snprintf(p24, sizeof p24, "%s-24.png", prefix);
    snprintf(p48, sizeof p48, "%s-48.png", prefix);
    assert_int_equal(glhle_png_read_file(p24, &a, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(glhle_png_read_file(p48, &b, ts_logger()), GLHLE_RESULT_OK);
    ts_assert_image("tool_smdh_24", &small, &a, 0, 0);
    ts_assert_image("tool_smdh_48", &large, &b, 0, 0);
    glhle_image_free(&small), glhle_image_free(&large), glhle_image_free(&a), glhle_image_free(&b);
    free(file);
}

static void t3x_command(void **state)
{
    (void)state;
    REQUIRE_TOOL();
    const char *path, *png;
    TS_REQUIRE_TESTDATA("pica/t3x/morpion_a.t3x", path);
    TS_REQUIRE_TESTDATA("pica/t3x/morpion_a.png", png);
    const char *out = ts_output_path("morpion_tool.png");
    assert_int_equal(run_tool("t3x", path, out, NULL), 0);
    glhle_image want, got;
    assert_int_equal(glhle_png_read_file(png, &want, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(glhle_png_read_file(out, &got, ts_logger()), GLHLE_RESULT_OK);
    ts_assert_image("tool_t3x", &want, &got, 0, 0);
    glhle_image_free(&got);
    /* --all: OUT-level0.png and OUT-sub0-level0.png */
    assert_int_equal(run_tool("t3x", "--all", path, ts_output_path("morpion_all.png"), NULL), 0);
    assert_int_equal(glhle_png_read_file(ts_output_path("morpion_all-sub0-level0.png"), &got, ts_logger()),
                     GLHLE_RESULT_OK);
    ts_assert_image("tool_t3x_all", &want, &got, 0, 0);
    glhle_image_free(&got);
    assert_int_equal(glhle_png_read_file(ts_output_path("morpion_all-level0.png"), &got, ts_logger()),
                     GLHLE_RESULT_OK);
    glhle_image_free(&got);
    glhle_image_free(&want);
}

static void bad_use(void **state)
{
    (void)state;
    REQUIRE_TOOL();
    const char *in = ts_output_path("tex_small.raw"), *png = ts_output_path("tex_bad.png");
    uint8_t raw[100] = {0};
    write_file(in, raw, sizeof raw);
    assert_int_equal(run_tool(NULL), 2);
    assert_int_equal(run_tool("frobnicate", in, png, NULL), 2);
    assert_int_equal(run_tool("decode", "--format", "rgb9", "--width", "8", "--height", "8", in, png, NULL), 2);
    assert_int_equal(run_tool("decode", "--format", "rgba8", "--width", "8", in, png, NULL), 2);
    assert_int_equal(run_tool("decode", "--format", "rgba8", "--width", "x8", "--height", "8", in, png, NULL), 2);
    /* 8x8 RGBA8 needs 256 bytes, the file has 100 */
    assert_int_equal(run_tool("decode", "--format", "rgba8", "--width", "8", "--height", "8", in, png, NULL), 1);
    assert_int_equal(run_tool("decode", "--format", "rgba8", "--width", "12", "--height", "8", in, png, NULL), 1);
    assert_int_equal(run_tool("decode", "--format", "i8", "--width", "8", "--height", "8", "/nonexistent", png, NULL),
                     1);
    assert_int_equal(run_tool("smdh", in, ts_output_path("bad"), NULL), 1);
    assert_int_equal(run_tool("t3x", in, png, NULL), 1);
    assert_int_equal(run_tool("formats", NULL), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(raw_round_trips), cmocka_unit_test(mip_level_and_offset), cmocka_unit_test(smdh_command),
        cmocka_unit_test(t3x_command),     cmocka_unit_test(bad_use),
    };
    return cmocka_run_group_tests(tests, find_tool, NULL);
}
