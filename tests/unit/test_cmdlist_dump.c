/* backend/pica/cmdlist_dump.c (what glhle-cmdlist dump prints): a
 * hand-built list that sets up a textured, lit, fogged indexed draw the way
 * citro3d-style code does, compared with tests/golden/cmdlist_dump_lit_fog.txt
 * (GLHLE_UPDATE_GOLDEN=1 rewrites it, and the list itself as
 * cmdlist_lit_fog.bin next to it). Key lines are also checked one by one
 * against values worked out from the 3dbrew field tables. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/pica/cmdlist_dump.h"
#include "support/pica_support.h"

static void w(tp_cmdbuf *b, uint32_t reg, uint32_t v)
{
    tp_cmd1(b, reg, v);
}

static void seq(tp_cmdbuf *b, uint32_t reg, const uint32_t *v, uint32_t n)
{
    tp_cmd(b, reg, 0xF, true, v, n);
}

static void rep(tp_cmdbuf *b, uint32_t reg, const uint32_t *v, uint32_t n)
{
    tp_cmd(b, reg, 0xF, false, v, n);
}

static uint32_t f31_reg(float v)
{
    return glhle_float_to_f31(v) << 1;
}

static void build_lit_fog_draw(tp_cmdbuf *b)
{
    /* render target: RGBA8 colour at 0x18000000, D24S8 depth, 240x400 */
    w(b, 0x110, 1);
    w(b, 0x11C, 0x18100000u >> 3);
    w(b, 0x11D, 0x18000000u >> 3);
    w(b, 0x116, 3);
    w(b, 0x117, 0x00000002);
    w(b, 0x11E, 0x01000000u | ((400u - 1) << 12) | 240);
    w(b, 0x06E, 0x01000000u | ((400u - 1) << 12) | 240);
    seq(b, 0x112, (const uint32_t[4]){0xF, 0xF, 3, 3}, 4);
    /* viewport 240x400, depth map -1..0, cull clockwise */
    seq(b, 0x041, (const uint32_t[4]){glhle_float_to_f24(120.0f), f31_reg(1.0f / 120.0f), glhle_float_to_f24(200.0f),
                                      f31_reg(1.0f / 200.0f)},
        4);
    w(b, 0x068, 0);
    w(b, 0x06D, 1);
    seq(b, 0x04D, (const uint32_t[2]){glhle_float_to_f24(-1.0f), 0}, 2);
    w(b, 0x040, 2);
    /* output map: o0 position, o1 colour, o2 texcoord0, o3 normal quaternion, o4 view */
    seq(b, 0x04F, (const uint32_t[6]){5, 0x03020100, 0x0B0A0908, 0x1F1F0D0C, 0x07060504, 0x1F141312}, 6);
    w(b, 0x06F, 0x01000103);
    /* texture unit 0: 128x128 RGBA8, linear, repeat */
    w(b, 0x082, (128u << 16) | 128);
    w(b, 0x083, 0x6 | (2u << 8) | (2u << 12));
    w(b, 0x085, 0x18200000u >> 3);
    w(b, 0x08E, 0);
    w(b, 0x080, 0x00011001);
    /* one directional light, D0 only */
    w(b, 0x08F, 1);
    w(b, 0x1C6, 0);
    w(b, 0x1C2, 0);
    w(b, 0x1D9, 0);
    w(b, 0x1C0, (26u << 20) | (26u << 10) | 26);
    seq(b, 0x140, (const uint32_t[6]){(255u << 20) | (255u << 10) | 255, 0, (200u << 20) | (200u << 10) | 200,
                                      (30u << 20) | (30u << 10) | 30, 0x3C000000, 0x3C00},
        6);
    w(b, 0x149, 1);
    w(b, 0x1C3, 0x80000400);
    w(b, 0x1C4, 0xFF7EFFFF);
    seq(b, 0x1D0, (const uint32_t[3]){0, 0, 0}, 3);
    w(b, 0x1C5, 0);
    seq(b, 0x1C8, (const uint32_t[4]){0x010000, 0x010010, 0x010020, 0x010030}, 4);
    /* fog: mode 5 through the fog half of TEXENV_UPDATE_BUFFER (mask 0x5) */
    tp_cmd(b, 0x0E0, 0x5, false, (const uint32_t[1]){5}, 1);
    w(b, 0x0E1, 0x00C0A080);
    w(b, 0x0E6, 0);
    rep(b, 0x0E8, (const uint32_t[4]){(2047u << 13) | 0x1FF0, (2031u << 13) | 0x1FF0, (2015u << 13) | 0x1FF0,
                                      (1999u << 13) | 0x1FF0},
        4);
    /* combiners: texture * lit diffuse, + specular, then pass through */
    seq(b, 0x0C0, (const uint32_t[5]){0x00030013, 0, 0x00010001, 0, 0}, 5);
    seq(b, 0x0C8, (const uint32_t[5]){0x000F002F, 0, 0x00000002, 0, 0}, 5);
    for (uint32_t s = 0; s < 4; s++)
        seq(b, s < 2 ? 0x0D0 + 8 * s : 0x0F0 + 8 * (s - 2), (const uint32_t[5]){0x000F000F, 0, 0, 0, 0}, 5);
    tp_cmd(b, 0x0E0, 0x2, false, (const uint32_t[1]){0}, 1);
    w(b, 0x0FD, 0);
    /* blending and depth */
    w(b, 0x100, 0x00E40100);
    w(b, 0x101, 0x76760000);
    w(b, 0x104, 0x10);
    w(b, 0x105, 0);
    w(b, 0x107, 0x1F61);
    /* vertex layout: float3 position, float2 texcoord, float3 normal in one 32-byte buffer */
    w(b, 0x200, 0x18300000u >> 3);
    seq(b, 0x201, (const uint32_t[2]){0xB7B, 0x20000000}, 2);
    seq(b, 0x203, (const uint32_t[3]){0, 0x210, 0x30200000}, 3);
    w(b, 0x227, 0x80000000u | 0x1000);
    w(b, 0x228, 36);
    /* vertex shader: a short program, two operand descriptors, uniforms */
    w(b, 0x242, 2);
    w(b, 0x2B9, 0xA0000002);
    seq(b, 0x2BB, (const uint32_t[2]){0x210, 0}, 2);
    w(b, 0x2BD, 0x1F);
    w(b, 0x24A, 4);
    w(b, 0x251, 4);
    w(b, 0x25E, 4);
    w(b, 0x2CB, 0);
    rep(b, 0x2CC, (const uint32_t[4]){0x4E000000, 0x4E001001, 0x4E002002, 0x88000000}, 4);
    w(b, 0x2BF, 1);
    w(b, 0x2D5, 0);
    rep(b, 0x2D6, (const uint32_t[2]){0x0000036F, 0x000001B7}, 2);
    w(b, 0x2BA, 0x7FFF0000);
    w(b, 0x2B0, 0x7FFF0001);
    /* c0-c3: identity rows in f32 mode (words w, z, y, x); c4: light direction in f24 mode */
    w(b, 0x2C0, 0x80000000u);
    rep(b, 0x2C1,
        (const uint32_t[16]){0, 0, 0, 0x3F800000, 0, 0, 0x3F800000, 0, 0, 0x3F800000, 0, 0, 0x3F800000, 0, 0, 0}, 16);
    uint32_t packed[3];
    tp_pack_f24x4((const uint32_t[4]){0, 0, 0xBF0000, 0}, packed);
    seq(b, 0x2C0, (const uint32_t[4]){4, packed[0], packed[1], packed[2]}, 4);
    /* draw 36 u16 indices as triangles, flush, finalize */
    w(b, 0x229, 0x100);
    tp_cmd(b, 0x253, 0x2, false, (const uint32_t[1]){0x100}, 1);
    w(b, 0x25F, 1);
    w(b, 0x245, 0);
    w(b, 0x22F, 1);
    w(b, 0x245, 1);
    w(b, 0x231, 1);
    w(b, 0x111, 1);
    w(b, 0x229, 0);
    tp_cmd_finalize(b);
}

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
    build_lit_fog_draw(&b);
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
    build_lit_fog_draw(&b);
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
