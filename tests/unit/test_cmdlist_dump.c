/* backend/pica/frontend/cmdlist_dump.c (what glhle-cmdlist dump prints): a
 * hand-built list that sets up a textured, lit, fogged indexed draw the way
 * citro3d-style code does, compared with tests/golden/cmdlist_dump_lit_fog.txt
 * (GLHLE_UPDATE_GOLDEN=1 rewrites it, and the list itself as
 * cmdlist_lit_fog.bin next to it). Key lines are also checked one by one
 * against values worked out from the 3dbrew field tables. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/frontend/cmdlist_dump.h"
#include "support/pica_support.h"

static char *dump_words(const uint32_t *words, size_t n, const pica_dump_options *opt, glhle_result *r)
{
    uint8_t *bytes = malloc(n * 4 + 1);
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 4; k++)
            bytes[4 * i + k] = (uint8_t)(words[i] >> (8 * k));
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    *r = pica_cmdlist_dump(bytes, n * 4, opt, &out);
    free(bytes);
    char *text = strdup(glhle_bytebuf_cstr(&out));
    glhle_bytebuf_free(&out);
    return text;
}

static void assert_line(const char *text, const char *line)
{
    if (!strstr(text, line))
        fail_msg("the dump lacks the line\n  %s\nfull text:\n%s", line, text);
}

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    fclose(f);
}

static void golden_lit_fog_draw(void **state)
{
    (void)state;
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_build_lit_fog_draw(&b);
    tp_cmd_finalize(&b);
    glhle_result r;
    char *text = dump_words(b.w, b.n, NULL, &r);
    assert_int_equal(r, GLHLE_RESULT_OK);

    /* lines checked against the 3dbrew field tables by hand */
    assert_line(text, "+0x0000   GPUREG_FRAMEBUFFER_INVALIDATE = 0x00000001\n"
                      "          -> invalidate the framebuffer cache\n");
    assert_line(text, "GPUREG_COLORBUFFER_LOC = 0x03000000  paddr=0x18000000\n");
    assert_line(text, "GPUREG_FRAMEBUFFER_DIM = 0x0118f0f0  width=240 height=400\n");
    assert_line(text, "GPUREG_VIEWPORT_WIDTH = 0x0045e000  value=120\n");
    assert_line(text, "GPUREG_FACECULLING_CONFIG = 0x00000002  cull=cw\n");
    assert_line(text, "GPUREG_SH_OUTMAP_O3 = 0x07060504  x=quat.x y=quat.y z=quat.z w=quat.w\n");
    assert_line(text, "GPUREG_TEXUNIT0_PARAM = 0x00002206  mag=linear min=linear mip=nearest wrap_s=repeat "
                      "wrap_t=repeat shadow=0 type=2d\n");
    assert_line(text, "GPUREG_TEXUNIT_CONFIG = 0x00011001  enabled=0 proctex=0 tex3_coords=0 tex2_coords=2 "
                      "clear_cache=1\n"
                      "          -> clear the texture cache\n");
    assert_line(text, "GPUREG_LIGHT0_DIFFUSE = 0x0c8320c8  r=200 g=200 b=200\n");
    assert_line(text, "GPUREG_LIGHT0_XY = 0x3c000000  x=0 y=1\n");
    assert_line(text, "GPUREG_LIGHTING_CONFIG1 = 0xff7effff  luts_on=D0 shadow_off=0,1,2,3,4,5,6,7");
    assert_line(text, "GPUREG_LIGHTING_LUT_DATA1[D0:1] = 0x00010010  value=0.0039072 delta=0.00781632\n");
    assert_line(text, "GPUREG_TEXENV_UPDATE_BUFFER = 0x00000005 (mask 0x5, param 0x00000005)  fog=fog");
    assert_line(text, "GPUREG_FOG_LUT_DATA0[1] = 0x00fdfff0  value=0.992184 delta=-0.00781632\n");
    assert_line(text, "GPUREG_TEXENV0_SOURCE = 0x00030013  rgb=tex0,frag_primary,primary alpha=tex0,primary,primary\n");
    assert_line(text, "GPUREG_TEXENV1_COMBINER = 0x00000002  rgb=add alpha=replace\n");
    assert_line(text, "GPUREG_BLEND_FUNC = 0x76760000  rgb=add(src_alpha,one_minus_src_alpha) "
                      "alpha=add(src_alpha,one_minus_src_alpha)\n");
    assert_line(text, "GPUREG_DEPTH_COLOR_MASK = 0x00001f61  depth_test=1 func=gt write=rgbaz\n");
    assert_line(text, "GPUREG_ATTRIBBUFFERS_FORMAT_LOW = 0x00000b7b  a0=float3 a1=float2 a2=float3 a3=byte1");
    assert_line(text, "GPUREG_ATTRIBBUFFER0_CONFIG2 = 0x30200000  stride=32 count=3\n");
    assert_line(text, "GPUREG_VSH_CODETRANSFER_DATA0[0x003] = 0x88000000\n");
    assert_line(text, "          -> vertex shader uniform c3 = (0, 0, 0, 1)\n");
    assert_line(text, "          -> vertex shader uniform c4 = (0, 0, -1, 0)\n");
    assert_line(text, "GPUREG_DRAWELEMENTS = 0x00000001\n"
                      "          -> draw elements: 36 u16 indices at 0x18301000, triangles\n");
    assert_line(text, "GPUREG_FINALIZE = 0x12345678\n          -> finalize: processing ends (P3D interrupt)\n");
    assert_true(strstr(text, ", 0 problems, finalized\n") != NULL);

    const char *golden = ts_source_path("tests/golden/cmdlist_dump_lit_fog.txt");
    const char *update = getenv("GLHLE_UPDATE_GOLDEN");
    if (update && update[0] == '1') {
        write_file(golden, text, strlen(text));
        write_file(ts_source_path("tests/golden/cmdlist_lit_fog.bin"), b.w, b.n * 4);
        print_message("wrote %s\n", golden);
    } else {
        size_t n;
        uint8_t *expected = ts_read_file(golden, &n);
        if (n != strlen(text) || memcmp(expected, text, n)) {
            write_file(ts_output_path("cmdlist_dump_lit_fog.actual.txt"), text, strlen(text));
            fail_msg("the dump differs from %s; actual text in %s (GLHLE_UPDATE_GOLDEN=1 rewrites the golden)",
                     golden, ts_output_path("cmdlist_dump_lit_fog.actual.txt"));
        }
        free(expected);
    }
    free(text);
    tp_cmd_free(&b);
}

static void golden_list_file_matches(void **state)
{
    (void)state;
    /* the committed binary is this list, so the tool and the fuzz corpus see it too */
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_build_lit_fog_draw(&b);
    tp_cmd_finalize(&b);
    size_t n;
    uint8_t *bin = ts_read_file(ts_source_path("tests/golden/cmdlist_lit_fog.bin"), &n);
    assert_int_equal(n, b.n * 4);
    for (size_t i = 0; i < b.n; i++) {
        uint32_t v = (uint32_t)bin[4 * i] | ((uint32_t)bin[4 * i + 1] << 8) | ((uint32_t)bin[4 * i + 2] << 16) |
                     ((uint32_t)bin[4 * i + 3] << 24);
        assert_int_equal(v, b.w[i]);
    }
    free(bin);
    tp_cmd_free(&b);
}

static void problems_and_guest_runs(void **state)
{
    (void)state;
    /* a guest run with a jump back into the same buffer's second half, a
     * write past 0x2FF and a truncated command at the end */
    const uint32_t words[12] = {
        0x10 >> 3, 0x000F0238,             /* CMDBUF_SIZE0 = 16 bytes */
        (0x1000u + 0x20) >> 3, 0x000F023A, /* CMDBUF_ADDR0 = 0x1020 */
        1, 0x000F023C,                     /* CMDBUF_JUMP0 */
        0xBAD, 0x000F0120,                 /* skipped by the jump */
        0x11, 0x000F0300,                  /* at 0x1020: register 0x300 */
        0x22, 0x003F0121,                  /* 3 extra parameters announced, none left */
    };
    pica_dump_options opt = {true, 0x1000};
    glhle_result r;
    char *text = dump_words(words, 12, &opt, &r);
    assert_int_equal(r, GLHLE_RESULT_BAD_DATA);
    assert_line(text, "0x00001000+0x0010  GPUREG_CMDBUF_JUMP0 = 0x00000001\n"
                      "          -> jump on channel 0 to 0x00001020, 16 bytes\n");
    assert_line(text, "          !  guest 0x00001020+0x0: write to register 0x300, past the last register 0x2FF");
    assert_line(text, "          !  guest 0x00001020+0x8: command header 0x003f0121 (register 0x121) announces 3 "
                      "extra parameters but the buffer ends after 0; command not executed, processing stops\n");
    assert_line(text, "end: 8 words, 3 writes, 0 draws, 0 immediate vertices, 1 jumps, 2 problems, no FINALIZE\n");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(golden_lit_fog_draw),
        cmocka_unit_test(golden_list_file_matches),
        cmocka_unit_test(problems_and_guest_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
