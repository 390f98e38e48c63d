/* tools/glhle-trace.c and tools/glhle-imgdiff.c run as programs: what
 * `glhle-trace info|dump` says of traces whose contents the test knows
 * (a PlayStation session made here, a committed PICA sample, a GPU dump),
 * damaged input refused with the byte offset and exit 1; glhle-imgdiff on
 * images with hand-placed differences, its tolerance, diff picture and
 * exit codes 0/1/2. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/image.h"
#include "backend/psx/gpudump.h"
#include "glhle/psx.h"
#include "support/pica_trace_support.h"
#include "support/psx_testing.h"

static bool have(const char *tool)
{
    if (tt_tool_path(tool))
        return true;
    print_message("SKIP: %s was not built (GLHLE_BUILD_TOOLS off)\n", tool);
    return false;
}

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    fclose(f);
}

/* attach; GP0 02112233h 00100010h in a block, 00020002h alone; GP1
 * 03000001h; 2x1 pixels written at (5,6); one VSync */
static const char *psx_session(void)
{
    glhle_psx_desc d = {.renderer = GLHLE_PSX_RENDERER_SOFTWARE, .log = ts_log_fn};
    glhle_psx *psx;
    assert_int_equal(glhle_psx_create(NULL, &d, &psx), GLHLE_RESULT_OK);
    const char *path = ts_output_path("tools_psx.glht");
    glhle_psx_recorder_desc rd = {.path = path, .log = ts_log_fn};
    glhle_psx_recorder *rec;
    assert_int_equal(glhle_psx_recorder_create(&rd, &rec), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_recorder_attach(rec, psx), GLHLE_RESULT_OK);
    const uint32_t fill[] = {0x02112233u, 0x00100010u, 0x00020002u};
    assert_int_equal(glhle_psx_gp0_block(psx, fill, 2), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_gp0(psx, fill[2]), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_gp1(psx, 0x03000001u), GLHLE_RESULT_OK);
    const uint16_t px[2] = {0x1234, 0x8765};
    assert_int_equal(glhle_psx_write_vram(psx, 5, 6, 2, 1, px), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_vsync(psx), GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_recorder_finish(rec), GLHLE_RESULT_OK);
    glhle_psx_recorder_destroy(rec);
    glhle_psx_destroy(psx);
    return path;
}

static void trace_info_and_dump(void **state)
{
    (void)state;
    if (!have("glhle-trace"))
        skip();
    char out[16384], args[4096];
    const char *psx = psx_session();
    snprintf(args, sizeof args, "info '%s'", psx);
    assert_int_equal(tt_run_tool("glhle-trace", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "system:   PlayStation (2)"));
    assert_non_null(strstr(out, "chunks:   7\n")); /* STATE VRAM GP0 GP1 WRITE_VRAM VSYNC END */
    assert_non_null(strstr(out, "  GP0              1\n"));
    assert_non_null(strstr(out, "frames:   1\n"));
    assert_non_null(strstr(out, "words:    4\n"));                      /* 3 GP0 + 1 GP1 */
    assert_non_null(strstr(out, "memory:   1048580 bytes carried")); /* VRAM + 2 pixels */
    snprintf(args, sizeof args, "dump '%s'", psx);
    assert_int_equal(tt_run_tool("glhle-trace", args, out, sizeof out), 0);
    /* after the 32-byte header, STATE (16 + 96) and VRAM (16 + 1 MiB) */
    assert_non_null(strstr(out, "0x00000020 STATE"));
    assert_non_null(strstr(out, "0x00000090 VRAM              1048576"));
    assert_non_null(strstr(out, "0x001000a0 GP0                    12 3 words: 02112233 00100010 00020002"));
    assert_non_null(strstr(out, "WRITE_VRAM             20 2x1 at (5,6)"));
    assert_non_null(strstr(out, "VSYNC                   4 frame=0"));
    /* standard input */
    snprintf(args, sizeof args, "info - < '%s'", psx);
    assert_int_equal(tt_run_tool("glhle-trace", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "frames:   1\n"));

    /* the committed PICA sample: two frames (tests/golden/scene_cube_f0, f1), two mappings */
    snprintf(args, sizeof args, "info '%s'", ts_source_path("tests/scenes/traces/cube.glht"));
    assert_int_equal(tt_run_tool("glhle-trace", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "system:   PICA200 (1)"));
    assert_non_null(strstr(out, "frames:   2\n"));
    assert_non_null(strstr(out, "  MAP              2\n"));
    snprintf(args, sizeof args, "dump '%s'", ts_source_path("tests/scenes/traces/cube.glht"));
    assert_int_equal(tt_run_tool("glhle-trace", args, out, sizeof out), 0);
    assert_non_null(strstr(out, " PRESENT "));
    assert_non_null(strstr(out, "frame=1"));

    /* a GPU dump: three packets, one VSync */
    pt_dump d;
    memcpy(d.bytes, "PSXGPUDUMPv1r1\0\0", 16);
    d.size = 16;
    const uint32_t gp0[] = {0x020000FFu, 0, 0x00010010u}, gp1 = 0x03000000u;
    pt_dump_packet(&d, PSX_DUMP_GP1, &gp1, 1);
    pt_dump_packet(&d, PSX_DUMP_GP0, gp0, 3);
    pt_dump_packet(&d, PSX_DUMP_VSYNC, NULL, 0);
    const char *dump = ts_output_path("tools_dump.bin");
    write_file(dump, d.bytes, d.size);
    snprintf(args, sizeof args, "info '%s'", dump);
    assert_int_equal(tt_run_tool("glhle-trace", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "packets:  3 (0 of unknown types)"));
    assert_non_null(strstr(out, "frames:   1\n"));
    assert_non_null(strstr(out, "words:    3 GP0, 1 GP1"));
}

static void trace_errors(void **state)
{
    (void)state;
    if (!have("glhle-trace"))
        skip();
    char out[16384], args[4096];
    assert_int_equal(tt_run_tool("glhle-trace", "", out, sizeof out), 2);
    assert_non_null(strstr(out, "usage: glhle-trace info|dump TRACE"));
    assert_int_equal(tt_run_tool("glhle-trace", "list x", out, sizeof out), 2);
    assert_int_equal(tt_run_tool("glhle-trace", "--help", out, sizeof out), 0);
    assert_int_equal(tt_run_tool("glhle-trace", "--version", out, sizeof out), 0);
    assert_non_null(strstr(out, "glhle-trace 0."));
    assert_int_equal(tt_run_tool("glhle-trace", "info /nonexistent.glht", out, sizeof out), 1);
    assert_non_null(strstr(out, "cannot read /nonexistent.glht"));
    /* cut inside the VRAM chunk */
    size_t n;
    uint8_t *t = ts_read_file(psx_session(), &n);
    const char *cut = ts_output_path("tools_cut.glht");
    write_file(cut, t, 4096);
    free(t);
    snprintf(args, sizeof args, "dump '%s'", cut);
    assert_int_equal(tt_run_tool("glhle-trace", args, out, sizeof out), 1);
    assert_non_null(strstr(out, "offset 0x90: VRAM chunk"));
    assert_non_null(strstr(out, "0x00000020 STATE")); /* what came before is listed */
    /* not a trace at all */
    const char *junk = ts_output_path("tools_junk.bin");
    write_file(junk, "hello, world, this is no trace", 30);
    snprintf(args, sizeof args, "info '%s'", junk);
    assert_int_equal(tt_run_tool("glhle-trace", args, out, sizeof out), 1);
}

/* ---- glhle-imgdiff ---- */

static const char *image(const char *name, uint32_t w, uint32_t h, const uint8_t deltas[3])
{
    glhle_image img;
    assert_int_equal(glhle_image_alloc(&img, w, h), GLHLE_RESULT_OK);
    for (size_t i = 0; i < (size_t)w * h; i++) {
        img.rgba[i * 4 + 0] = (uint8_t)(i * 7);
        img.rgba[i * 4 + 1] = (uint8_t)(i * 13);
        img.rgba[i * 4 + 2] = 40;
        img.rgba[i * 4 + 3] = 255;
    }
    if (deltas) { /* pixels (1,0), (2,1), (3,2): blue raised by the deltas */
        for (int k = 0; k < 3; k++)
            img.rgba[((size_t)k * w + 1 + k) * 4 + 2] = (uint8_t)(40 + deltas[k]);
    }
    const char *path = ts_output_path(name);
    assert_int_equal(glhle_png_write_file(path, &img, NULL), GLHLE_RESULT_OK);
    glhle_image_free(&img);
    return path;
}

static void imgdiff(void **state)
{
    (void)state;
    if (!have("glhle-imgdiff"))
        skip();
    char out[8192], args[8192];
    static const uint8_t deltas[3] = {5, 10, 200};
    char a[4096], b[4096], small[4096];
    snprintf(a, sizeof a, "%s", image("imgdiff_a.png", 8, 4, NULL));
    snprintf(b, sizeof b, "%s", image("imgdiff_b.png", 8, 4, deltas));
    snprintf(small, sizeof small, "%s", image("imgdiff_small.png", 4, 4, NULL));
    snprintf(args, sizeof args, "'%s' '%s'", a, a);
    assert_int_equal(tt_run_tool("glhle-imgdiff", args, out, sizeof out), 0);
    assert_non_null(strstr(out, "32 pixels equal"));
    snprintf(args, sizeof args, "'%s' '%s'", a, b);
    assert_int_equal(tt_run_tool("glhle-imgdiff", args, out, sizeof out), 1);
    assert_non_null(strstr(out, "3 of 32 pixels differ by more than 0 (max delta 200); first at (1,0)"));
    snprintf(args, sizeof args, "'%s' '%s' --tolerance 5", a, b);
    assert_int_equal(tt_run_tool("glhle-imgdiff", args, out, sizeof out), 1);
    assert_non_null(strstr(out, "2 of 32 pixels differ by more than 5"));
    snprintf(args, sizeof args, "--tolerance 200 '%s' '%s'", a, b);
    assert_int_equal(tt_run_tool("glhle-imgdiff", args, out, sizeof out), 0);
    /* the diff picture: the differing pixels red, the others grey */
    const char *pic = ts_output_path("imgdiff_diff.png");
    remove(pic);
    snprintf(args, sizeof args, "'%s' '%s' --diff '%s'", a, b, pic);
    assert_int_equal(tt_run_tool("glhle-imgdiff", args, out, sizeof out), 1);
    glhle_image d;
    assert_int_equal(glhle_png_read_file(pic, &d, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(d.width, 8);
    const uint8_t *hot = d.rgba + ((size_t)2 * 8 + 3) * 4, *cold = d.rgba;
    assert_true(hot[0] > 0 && hot[1] == 0 && hot[2] == 0);
    assert_true(cold[0] == cold[1] && cold[1] == cold[2]);
    glhle_image_free(&d);
    /* sizes differ: different, not an error */
    snprintf(args, sizeof args, "'%s' '%s'", a, small);
    assert_int_equal(tt_run_tool("glhle-imgdiff", args, out, sizeof out), 1);
    assert_non_null(strstr(out, "sizes differ"));
    /* standard input for one side */
    snprintf(args, sizeof args, "'%s' - < '%s'", a, a);
    assert_int_equal(tt_run_tool("glhle-imgdiff", args, out, sizeof out), 0);
    /* errors */
    snprintf(args, sizeof args, "'%s' /nonexistent.png", a);
    assert_int_equal(tt_run_tool("glhle-imgdiff", args, out, sizeof out), 2);
    assert_non_null(strstr(out, "cannot read /nonexistent.png"));
    snprintf(args, sizeof args, "'%s' '%s' --tolerance 256", a, b);
    assert_int_equal(tt_run_tool("glhle-imgdiff", args, out, sizeof out), 2);
    snprintf(args, sizeof args, "'%s' '%s' --diff /nonexistent-dir/x.png", a, b);
    assert_int_equal(tt_run_tool("glhle-imgdiff", args, out, sizeof out), 2);
    snprintf(args, sizeof args, "'%s'", a);
    assert_int_equal(tt_run_tool("glhle-imgdiff", args, out, sizeof out), 2);
    assert_non_null(strstr(out, "usage: glhle-imgdiff"));
    assert_int_equal(tt_run_tool("glhle-imgdiff", "--help", out, sizeof out), 0);
    assert_int_equal(tt_run_tool("glhle-imgdiff", "--version", out, sizeof out), 0);
    const char *not_png = ts_output_path("imgdiff_not.png");
    write_file(not_png, "not a png", 9);
    snprintf(args, sizeof args, "'%s' '%s'", a, not_png);
    assert_int_equal(tt_run_tool("glhle-imgdiff", args, out, sizeof out), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(trace_info_and_dump),
        cmocka_unit_test(trace_errors),
        cmocka_unit_test(imgdiff),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
