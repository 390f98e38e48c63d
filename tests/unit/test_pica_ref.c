/* shadergen/pica_ref.c against fragments computed by hand from the register
 * formats (3dbrew GPU/Internal_Registers) and the combiner arithmetic the
 * model documents (Azahar sw_texturing.cpp's byte formulas). Each expected
 * value shows its arithmetic. */
#include "support/test_support.h"

#include <math.h>
#include <string.h>

#include "shadergen/pica_ref.h"
#include "support/pica_dot3_sweeps.h"

static uint8_t src[16][4];

static void set_src(unsigned s, uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
    src[s][0] = r;
    src[s][1] = g;
    src[s][2] = b;
    src[s][3] = a;
}

static pica_fs_tev_stage stage(unsigned op, unsigned s0, unsigned s1, unsigned s2)
{
    pica_fs_tev_stage st;
    memset(&st, 0, sizeof st);
    st.rgb_op = st.a_op = (uint8_t)op;
    st.rgb_src[0] = st.a_src[0] = (uint8_t)s0;
    st.rgb_src[1] = st.a_src[1] = (uint8_t)s1;
    st.rgb_src[2] = st.a_src[2] = (uint8_t)s2;
    return st;
}

#define EXPECT4(out, r, g, b, a)                                                                   \
    do {                                                                                           \
        const uint8_t want_[4] = {(r), (g), (b), (a)};                                             \
        if (memcmp((out), want_, 4))                                                               \
            fail_msg("got %u,%u,%u,%u, expected %u,%u,%u,%u", (out)[0], (out)[1], (out)[2], (out)[3], \
                     want_[0], want_[1], want_[2], want_[3]);                                      \
    } while (0)

static void combiner_operations(void **state)
{
    (void)state;
    memset(src, 0, sizeof src);
    set_src(PICA_FS_TEV_SRC_PRIMARY, 200, 255, 0, 200);
    set_src(PICA_FS_TEV_SRC_CONSTANT, 100, 255, 7, 100);
    set_src(PICA_FS_TEV_SRC_TEX0, 64, 0, 255, 64);
    /* operands a = primary, b = constant, c = texture 0 */
    static const struct {
        uint8_t op;
        uint8_t want[4];
    } cases[] = {
        {PICA_FS_TEV_OP_REPLACE, {200, 255, 0, 200}},
        /* a*b/255: 200*100/255 = 78.4 -> 78; 255; 0 */
        {PICA_FS_TEV_OP_MODULATE, {78, 255, 0, 78}},
        /* saturating: 300 -> 255, 510 -> 255, 7 */
        {PICA_FS_TEV_OP_ADD, {255, 255, 7, 255}},
        /* a + b - 128: 172, 382 -> 255, 7 - 128 -> 0 */
        {PICA_FS_TEV_OP_ADD_SIGNED, {172, 255, 0, 172}},
        /* (a*c + b*(255-c))/255: (200*64 + 100*191)/255 = 125.1 -> 125; (0 + 255*255)/255 = 255; 0 */
        {PICA_FS_TEV_OP_INTERPOLATE, {125, 255, 0, 125}},
        /* max(a - b, 0): 100, 0, 0 */
        {PICA_FS_TEV_OP_SUBTRACT, {100, 0, 0, 100}},
        /* (a*b + 255*c)/255: (20000 + 16320)/255 = 142.4 -> 142; 255 + 0; 0 + 255 */
        {PICA_FS_TEV_OP_MULTIPLY_ADD, {142, 255, 255, 142}},
        /* min(a + b, 255)*c/255: 255*64/255 = 64; 255*0 = 0; 7*255/255 = 7 */
        {PICA_FS_TEV_OP_ADD_MULTIPLY, {64, 0, 7, 64}},
        /* reserved combiners read zero */
        {PICA_FS_TEV_OP_ZERO, {0, 0, 0, 0}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t out[4];
        pica_fs_tev_stage st =
            stage(cases[i].op, PICA_FS_TEV_SRC_PRIMARY, PICA_FS_TEV_SRC_CONSTANT, PICA_FS_TEV_SRC_TEX0);
        pica_ref_tev_stage(&st, src, out);
        EXPECT4(out, cases[i].want[0], cases[i].want[1], cases[i].want[2], cases[i].want[3]);
    }
}

/* One channel's dot3 term as pica_ref.c documents it, spelled out:
 * magnitudes m = 2x - 255, or 254 - 2x below 128 (ones' complement), the
 * product rounded to a byte, -r - 1 when the signs differ. */
static void dot3(void **state)
{
    (void)state;
    memset(src, 0, sizeof src);
    uint8_t out[4];
    /* (255,128,0).(255,128,0): 255*255 -> (65025 + 127)/255 = 255; 1*1 -> 0;
     * 0 is negative, magnitude 254: 254*254 = 64516 -> 64643/255 = 253;
     * sum 508 -> 255 */
    set_src(PICA_FS_TEV_SRC_PRIMARY, 255, 128, 0, 9);
    set_src(PICA_FS_TEV_SRC_CONSTANT, 255, 128, 0, 9);
    pica_fs_tev_stage st = stage(PICA_FS_TEV_OP_DOT3_RGB, PICA_FS_TEV_SRC_PRIMARY, PICA_FS_TEV_SRC_CONSTANT, 0);
    st.a_op = PICA_FS_TEV_OP_REPLACE;
    pica_ref_tev_stage(&st, src, out);
    EXPECT4(out, 255, 255, 255, 9);
    /* (200,100,128).(180,60,127): R 145*105 = 15225 -> 15352/255 = 60;
     * G both negative, magnitudes 54 and 134: 7236 -> 7363/255 = 28;
     * B 1 against 127 (magnitude 0, negative): 0, signs differ -> -1;
     * sum 87 (Azahar's formula gives 59 + 29 + 0 = 88); dot3-RGBA puts it
     * in alpha too */
    set_src(PICA_FS_TEV_SRC_PRIMARY, 200, 100, 128, 9);
    set_src(PICA_FS_TEV_SRC_CONSTANT, 180, 60, 127, 9);
    st.rgb_op = PICA_FS_TEV_OP_DOT3_RGBA;
    st.a_op = 0;
    pica_ref_tev_stage(&st, src, out);
    EXPECT4(out, 87, 87, 87, 87);
    /* (128,128,128).(255,0,160): R 1*255 -> 382/255 = 1; G 1*254 -> 381/255 = 1,
     * signs differ -> -2; B 1*65 -> 0; sum -1 -> clamped to 0 */
    set_src(PICA_FS_TEV_SRC_PRIMARY, 128, 128, 128, 9);
    set_src(PICA_FS_TEV_SRC_CONSTANT, 255, 0, 160, 9);
    pica_ref_tev_stage(&st, src, out);
    EXPECT4(out, 0, 0, 0, 0);
    /* (0,255,0).(255,0,255): each 254*255 = 64770 -> 64897/255 = 254, signs
     * differ -> -255; sum -765 -> 0 */
    set_src(PICA_FS_TEV_SRC_PRIMARY, 0, 255, 0, 9);
    set_src(PICA_FS_TEV_SRC_CONSTANT, 255, 0, 255, 9);
    pica_ref_tev_stage(&st, src, out);
    EXPECT4(out, 0, 0, 0, 0);
}

/* Every point the console measured (Lectem/3DS_gpu_tests, DOT3_RGB branch):
 * stage 0 DOT3_RGB of a constant colour and texture 0, as the test program
 * set it up, writes the console's byte to R, G and B; DOT3_RGBA to alpha too. */
static void dot3_console_sweeps(void **state)
{
    (void)state;
    static pica_dot3_sweep sweeps[8];
    unsigned n = pica_dot3_sweeps_load(sweeps, 8);
    if (!n) {
        print_message("SKIP: ../shared/testdata/pica/dot3 is absent; this test needs the console's sweeps\n");
        skip();
    }
    unsigned points = 0, bad = 0;
    for (unsigned s = 0; s < n; s++)
        for (unsigned i = 0; i < sweeps[s].count; i++) {
            const pica_dot3_point *pt = &sweeps[s].points[i];
            memset(src, 0, sizeof src);
            set_src(PICA_FS_TEV_SRC_CONSTANT, pt->src0[0], pt->src0[1], pt->src0[2], 0xFF);
            set_src(PICA_FS_TEV_SRC_TEX0, pt->src1[0], pt->src1[1], pt->src1[2], 0xFF);
            for (int rgba = 0; rgba < 2; rgba++) {
                pica_fs_tev_stage st =
                    stage(rgba ? PICA_FS_TEV_OP_DOT3_RGBA : PICA_FS_TEV_OP_DOT3_RGB, PICA_FS_TEV_SRC_CONSTANT,
                          PICA_FS_TEV_SRC_TEX0, 0);
                if (!rgba)
                    st.a_op = PICA_FS_TEV_OP_REPLACE;
                uint8_t out[4];
                pica_ref_tev_stage(&st, src, out);
                uint8_t want_a = rgba ? pt->out : 0xFF;
                points++;
                if (out[0] != pt->out || out[1] != pt->out || out[2] != pt->out || out[3] != want_a) {
                    if (bad++ < 8)
                        print_message("%s point %u: (%u,%u,%u).(%u,%u,%u) %s: model %u,%u,%u,%u, console %u\n",
                                      sweeps[s].id, i, pt->src0[0], pt->src0[1], pt->src0[2], pt->src1[0],
                                      pt->src1[1], pt->src1[2], rgba ? "rgba" : "rgb", out[0], out[1], out[2],
                                      out[3], pt->out);
                }
            }
        }
    print_message("dot3: %u of %u console points match\n", points - bad, points);
    assert_int_equal(points, 2 * 1536);
    assert_int_equal(bad, 0);
}

static void operands_and_scale(void **state)
{
    (void)state;
    memset(src, 0, sizeof src);
    set_src(PICA_FS_TEV_SRC_PRIMARY, 10, 20, 30, 40);
    uint8_t out[4];
    static const struct {
        uint8_t cmod, amod;
        uint8_t r, g, b, a;
    } cases[] = {
        {PICA_FS_TEV_CMOD_RGB, PICA_FS_TEV_AMOD_A, 10, 20, 30, 40},
        {PICA_FS_TEV_CMOD_INV_RGB, PICA_FS_TEV_AMOD_INV_A, 245, 235, 225, 215},
        {PICA_FS_TEV_CMOD_AAA, PICA_FS_TEV_AMOD_R, 40, 40, 40, 10},
        {PICA_FS_TEV_CMOD_INV_AAA, PICA_FS_TEV_AMOD_INV_R, 215, 215, 215, 245},
        {PICA_FS_TEV_CMOD_RRR, PICA_FS_TEV_AMOD_G, 10, 10, 10, 20},
        {PICA_FS_TEV_CMOD_INV_RRR, PICA_FS_TEV_AMOD_INV_G, 245, 245, 245, 235},
        {PICA_FS_TEV_CMOD_GGG, PICA_FS_TEV_AMOD_B, 20, 20, 20, 30},
        {PICA_FS_TEV_CMOD_INV_GGG, PICA_FS_TEV_AMOD_INV_B, 235, 235, 235, 225},
        {PICA_FS_TEV_CMOD_BBB, PICA_FS_TEV_AMOD_A, 30, 30, 30, 40},
        {PICA_FS_TEV_CMOD_INV_BBB, PICA_FS_TEV_AMOD_A, 225, 225, 225, 40},
        {PICA_FS_TEV_CMOD_ZERO, PICA_FS_TEV_AMOD_A, 0, 0, 0, 40},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pica_fs_tev_stage st = stage(PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_PRIMARY, 0, 0);
        st.rgb_mod[0] = cases[i].cmod;
        st.a_mod[0] = cases[i].amod;
        pica_ref_tev_stage(&st, src, out);
        EXPECT4(out, cases[i].r, cases[i].g, cases[i].b, cases[i].a);
    }
    /* x2 colour, x4 alpha, saturating: 20, 40, 60 and 160; then 2x of 245 saturates */
    pica_fs_tev_stage st = stage(PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_PRIMARY, 0, 0);
    st.rgb_scale = PICA_FS_TEV_SCALE_2;
    st.a_scale = PICA_FS_TEV_SCALE_4;
    pica_ref_tev_stage(&st, src, out);
    EXPECT4(out, 20, 40, 60, 160);
    st.rgb_mod[0] = PICA_FS_TEV_CMOD_INV_RGB;
    st.a_mod[0] = PICA_FS_TEV_AMOD_INV_A;
    pica_ref_tev_stage(&st, src, out);
    EXPECT4(out, 255, 255, 255, 255);
}

static pica_fs_luts luts;

/* A fragment with known inputs, an empty key and zeroed uniforms and LUTs. */
static void base_fragment(pica_fs_key *k, pica_fs_uniforms *u, pica_ref_input *in)
{
    memset(&luts, 0, sizeof luts);
    memset(k, 0, sizeof *k);
    memset(u, 0, sizeof *u);
    memset(in, 0, sizeof *in);
    in->color[0] = 0.5f;  /* 127.5 -> 128 (half up) */
    in->color[1] = 0.25f; /* 63.75 -> 64 */
    in->color[2] = 1.5f;  /* clamped: 255 */
    in->color[3] = 0.1f;  /* 25.5 -> 26 */
    in->normquat[3] = 1;
    in->view[2] = 1;
    in->z_over_w = -0.5f;
    in->w = 2.0f;
    u->depth_map[0] = -1.0f; /* near - far with near 0, far 1 */
    u->depth_map[1] = 0.0f;
}

static void buffer_lags_one_stage(void **state)
{
    (void)state;
    pica_fs_key k;
    pica_fs_uniforms u;
    pica_ref_input in;
    base_fragment(&k, &u, &in);
    /* stage 0: constant 0 (10, 11, 12, 13); stage 1: constant 1 (20, 21, 22, 23) plus the
     * buffer; stage 2: previous plus the buffer; stages 3-5 pass previous on */
    for (int i = 0; i < 6; i++) {
        k.tev[i] = stage(PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_PREVIOUS, 0, 0);
        for (int c = 0; c < 4; c++)
            u.tev_const[i][c] = 10 * (i + 1) + c;
    }
    k.tev[0] = stage(PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_CONSTANT, 0, 0);
    k.tev[1] = stage(PICA_FS_TEV_OP_ADD, PICA_FS_TEV_SRC_CONSTANT, PICA_FS_TEV_SRC_PREV_BUFFER, 0);
    k.tev[2] = stage(PICA_FS_TEV_OP_ADD, PICA_FS_TEV_SRC_PREVIOUS, PICA_FS_TEV_SRC_PREV_BUFFER, 0);
    k.buffer_update_rgb = 1 | 2; /* stages 0 and 1 write rgb */
    k.buffer_update_a = 0;
    k.alpha_func = PICA_FS_ALPHA_ALWAYS;
    for (int c = 0; c < 4; c++)
        u.tev_buffer_init[c] = 100 + c;
    pica_fs_key_normalize(&k);
    pica_ref_output out;
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    /* stage 1 reads the initial buffer: (20,21,22,23) + (100,101,102,103) = (120,122,124,126);
     * stage 2 reads stage 0's rgb and the initial alpha: (130,133,136) and 126 + 103 = 229 */
    EXPECT4(out.color, 130, 133, 136, 229);
    assert_false(out.discarded);
}

static void primary_rounding_alpha_test_and_depth(void **state)
{
    (void)state;
    pica_fs_key k;
    pica_fs_uniforms u;
    pica_ref_input in;
    base_fragment(&k, &u, &in);
    k.tev[5] = stage(PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_PRIMARY, 0, 0);
    pica_ref_output out;
    static const struct {
        uint8_t func;
        bool pass26, pass27;
    } tests[] = {
        {PICA_FS_ALPHA_NEVER, false, false},   {PICA_FS_ALPHA_ALWAYS, true, true},
        {PICA_FS_ALPHA_EQUAL, false, true},    {PICA_FS_ALPHA_NOTEQUAL, true, false},
        {PICA_FS_ALPHA_LESS, true, false},     {PICA_FS_ALPHA_LEQUAL, true, true},
        {PICA_FS_ALPHA_GREATER, false, false}, {PICA_FS_ALPHA_GEQUAL, false, true},
    };
    for (size_t i = 0; i < 8; i++) {
        k.alpha_func = tests[i].func;
        /* alpha 26 against references 27 and 26 */
        u.fog_color[3] = 27;
        pica_ref_fragment(&k, &u, &luts, &in, &out);
        assert_int_equal(!out.discarded, tests[i].pass26);
        u.fog_color[3] = 26;
        pica_ref_fragment(&k, &u, &luts, &in, &out);
        assert_int_equal(!out.discarded, tests[i].pass27);
        EXPECT4(out.color, 128, 64, 255, 26);
    }
    /* z buffer: -0.5 * -1 + 0 = 0.5; w buffer: 0.5 * w (2) = 1.0; offset 0.75 clamps to 1 */
    assert_true(out.depth == 0.5f);
    k.depth_wbuffer = 1;
    u.depth_map[1] = 0.25f;
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    assert_true(out.depth == 1.0f); /* (0.5 + 0.25) * 2 = 1.5, clamped */
    in.w = 1.0f;
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    assert_true(out.depth == 0.75f);
}

static void fog(void **state)
{
    (void)state;
    pica_fs_key k;
    pica_fs_uniforms u;
    pica_ref_input in;
    base_fragment(&k, &u, &in);
    k.tev[5] = stage(PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_CONSTANT, 0, 0);
    k.alpha_func = PICA_FS_ALPHA_ALWAYS;
    k.fog_mode = PICA_FS_FOG_ON;
    u.tev_const[5][0] = 200;
    u.tev_const[5][1] = 0;
    u.tev_const[5][2] = 255;
    u.tev_const[5][3] = 77;
    u.fog_color[0] = 0;
    u.fog_color[1] = 100;
    u.fog_color[2] = 255;
    /* entry 64: value 1024, delta +1023; entry 32: value 2047, delta -2047 (13-bit) */
    memset(luts.e, 0, sizeof luts.e);
    luts.e[PICA_FS_LUT_FOG + 64] = 1024u << 13 | 1023u;
    luts.e[PICA_FS_LUT_FOG + 32] = 2047u << 13 | ((uint32_t)-2047 & 0x1FFF);
    pica_ref_output out;
    /* depth 0.5: d = floor(0.5 * 16777215 + 0.5) = 8388608 = 64 << 17, fraction 0:
     * f = 1024 * 4096 = 4194304 of 8384512;
     * r (200 * 4194304 + 0 + 4192256) / 8384512 = 100.55 -> 100
     * g (0 + 100 * 4190208 + 4192256) / 8384512 = 50.47 -> 50
     * b 255 */
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    EXPECT4(out.color, 100, 50, 255, 77);
    /* d = 8454144 (64 << 17 | 2048 << 5): index 64, fraction 2048:
     * f = 1024 * 4096 + 1023 * 2048 = 6289408;
     * r (200 * 6289408 + 4192256) / 8384512 = 150.52 -> 150, g (100 * 2095104 + 4192256) / 8384512 = 25.49 -> 25 */
    in.z_over_w = (float)(-8454144.0 / 16777215.0);
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    EXPECT4(out.color, 150, 50 / 2, 255, 77);
    /* depth 0.75: 0.75 * 16777215 rounds (in float) to 12582911, + 0.5 -> 12582912 = 96 << 17:
     * entry 96 is 0 -> the fog colour */
    in.z_over_w = -0.75f;
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    EXPECT4(out.color, 0, 100, 255, 77);
    /* flipped: 16777215 - 12582912 = 4194303: index 31 (0) -> the fog colour again */
    k.fog_flip = 1;
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    EXPECT4(out.color, 0, 100, 255, 77);
    /* flipped, depth 0.746: d = 12515802, 16777215 - d = 4261413: index 32, fraction 2097:
     * f = 2047 * 4096 - 2047 * 2097 = 4091953;
     * r (200 * 4091953 + 4192256) / 8384512 = 98.1 -> 98, g (100 * 4292559 + 4192256) / 8384512 = 51.7 -> 51 */
    in.z_over_w = -0.746f;
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    EXPECT4(out.color, 98, 51, 255, 77);
}

static uint32_t light_entry(unsigned value, int delta)
{
    return (uint32_t)value | (uint32_t)(delta < 0 ? -delta : delta) << 12 | (delta < 0 ? 1u << 23 : 0);
}

static void lighting(void **state)
{
    (void)state;
    pica_fs_key k;
    pica_fs_uniforms u;
    pica_ref_input in;
    base_fragment(&k, &u, &in);
    k.tev[5] = stage(PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_FRAG_PRIMARY, 0, 0);
    k.tev[4] = stage(PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_FRAG_SECONDARY, 0, 0);
    k.tev[5].rgb_src[0] = PICA_FS_TEV_SRC_FRAG_PRIMARY;
    k.tev[5].a_src[0] = PICA_FS_TEV_SRC_PREVIOUS; /* alpha: the secondary's */
    k.tev[5].rgb_op = PICA_FS_TEV_OP_ADD;
    k.tev[5].rgb_src[1] = PICA_FS_TEV_SRC_PREVIOUS;
    k.alpha_func = PICA_FS_ALPHA_ALWAYS;
    pica_fs_lighting_key *l = &k.lighting;
    l->enable = 1;
    l->num_lights = 1;
    l->config = PICA_FS_LIGHT_ENV_CONFIG7;
    l->light[0].id = 2;
    l->light[0].flags = PICA_FS_LIGHT_DIRECTIONAL;
    /* light 2 shines along +z, the normal (identity quaternion) is +z: L.N = 1 */
    u.light[2].position[2] = 1.0f;
    u.light[2].diffuse[0] = 100.0f / 255;
    u.light[2].ambient[0] = 10.0f / 255;
    u.light_ambient[0] = 5.0f / 255;
    u.light[2].specular0[1] = 50.0f / 255;
    u.light[2].specular1[2] = 60.0f / 255;
    pica_fs_key_normalize(&k);
    pica_ref_output out;
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    /* primary: 100 * 1 + 10 + 5 = 115; secondary: no LUTs, so spec0 + spec1 = (0, 50, 60), alphas 1 */
    EXPECT4(out.frag_primary, 115, 0, 0, 255);
    EXPECT4(out.frag_secondary, 0, 50, 60, 255);
    EXPECT4(out.color, 115, 50, 60, 255);

    /* D0 on N.L (abs input, one-sided), scale 2: x = 1 -> index 255, fraction 1:
     * (2000 / 4095 + 1 * 47 / 2047) * 2 = 1.0227; spec0 g 50 * 1.0227 = 51.1 -> 51 */
    l->lut[PICA_FS_LUT_D0] = (pica_fs_lut_key){.enable = 1, .input = PICA_FS_LUT_INPUT_LN, .abs = 1, .scale = 1};
    luts.e[PICA_FS_LUT_LIGHTING + 0 * 256 + 255] = light_entry(2000, 47);
    /* RR on N.V, signed: N.V = 1 -> floor(128) clamps to 127, fraction 1: entry 127:
     * 4095/4095 - 2047/2047 = 0 -> spec1 * 0 = 0 */
    l->lut[PICA_FS_LUT_RR] = (pica_fs_lut_key){.enable = 1, .input = PICA_FS_LUT_INPUT_NV, .abs = 0, .scale = 0};
    luts.e[PICA_FS_LUT_LIGHTING + 6 * 256 + 127] = light_entry(4095, -2047);
    /* Fresnel on V.H into both alphas, abs: V = L = +z, H = +z: x = 1 -> entry 255 of table 3: 1024/4095 + 0 */
    l->lut[PICA_FS_LUT_FR] = (pica_fs_lut_key){.enable = 1, .input = PICA_FS_LUT_INPUT_VH, .abs = 1, .scale = 0};
    luts.e[PICA_FS_LUT_LIGHTING + 3 * 256 + 255] = light_entry(1024, 0);
    l->fresnel_primary = l->fresnel_secondary = 1;
    pica_fs_key_normalize(&k);
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    /* alpha 1024 / 4095 * 255 = 63.77 -> 64 */
    EXPECT4(out.frag_primary, 115, 0, 0, 64);
    EXPECT4(out.frag_secondary, 0, 51, 0, 64);

    /* distance attenuation of a positional light at (0, 0, 3) seen from view (0, 0, 1):
     * L = position + view = (0, 0, 4), |L| = 4; DA(clamp(0.125 * 4 + 0.25)) = DA(0.75):
     * unsigned index 192, fraction 0: entry 192 of table 18 = 2048 / 4095 = 0.50012;
     * primary 100 * 0.50012 + 10 * 0.50012 + 5 = 60.01 -> 60 */
    l->light[0].flags = PICA_FS_LIGHT_DIST_ATTEN;
    u.light[2].position[2] = 3.0f;
    u.light[2].atten[0] = 0.25f;
    u.light[2].atten[1] = 0.125f;
    luts.e[PICA_FS_LUT_LIGHTING + 18 * 256 + 192] = light_entry(2048, 0);
    pica_fs_key_normalize(&k);
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    assert_int_equal(out.frag_primary[0], 60);

    /* a quaternion turning +z onto +x (90 degrees about y: (0, sin 45, 0, cos 45)) makes the
     * normal perpendicular to L: L.N = 0, primary = (10 * 0.50012 + 5) = 10.0 */
    in.normquat[1] = sinf(0.785398163f);
    in.normquat[3] = cosf(0.785398163f);
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    assert_int_equal(out.frag_primary[0], 10);
}

static void proctex(void **state)
{
    (void)state;
    pica_fs_key k;
    pica_fs_uniforms u;
    pica_ref_input in;
    base_fragment(&k, &u, &in);
    k.tev[5] = stage(PICA_FS_TEV_OP_REPLACE, PICA_FS_TEV_SRC_TEX3, 0, 0);
    k.alpha_func = PICA_FS_ALPHA_ALWAYS;
    pica_fs_proctex_key *p = &k.proctex;
    p->enable = 1;
    p->coord = 1;
    p->u_clamp = p->v_clamp = PICA_FS_PROCTEX_CLAMP_EDGE;
    p->rgb_func = PICA_FS_PROCTEX_FUNC_U;
    p->filter = PICA_FS_PROCTEX_NEAREST;
    /* identity RGB map: entry i = 32 i, delta 32 */
    for (unsigned i = 0; i < 128; i++)
        luts.e[PICA_FS_LUT_PROCTEX_RGB_MAP + i] = 32 * i | 32u << 12;
    for (unsigned i = 0; i < 256; i++)
        luts.e[PICA_FS_LUT_PROCTEX_COLOR + i] = i | (255 - i) << 8 | 7u << 16 | 255u << 24;
    u.proctex_lut[0] = 128; /* width */
    u.proctex_offset[0] = 10;
    pica_fs_key_normalize(&k);
    pica_ref_output out;
    /* u = |-0.25| (texcoord 1): x = map(0.25) = (32 * 32 + 0) / 4095 = 0.25006;
     * nearest: round(0.25006 * 127 + 10) = round(41.76) = 42 -> colour entry 42 */
    in.texcoord[1][0] = -0.25f;
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    EXPECT4(out.proctex, 42, 213, 7, 255);
    EXPECT4(out.color, 42, 213, 7, 255);
    /* clamp to edge: u = 1.5 -> 1: map(1.0) = entry 127 + whole delta = (4064 + 32) / 4095 = 1.0002
     * -> clamped 1 -> round(127 + 10) = 137 */
    in.texcoord[1][0] = 1.5f;
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    EXPECT4(out.proctex, 137, 118, 7, 255);
    /* linear: u = 0.5: map = 2048/4095 = 0.50012, c = 63.516: entry 73 + 0.516 * 2 * diff;
     * diff (+1, -1, 0, 0) halves stored as (1, -1 = 0xFF, 0, 0): r = 73 + 1.03 = 74.03 -> 74,
     * g = 182 - 1.03 = 180.97 -> 181 */
    p->filter = PICA_FS_PROCTEX_LINEAR;
    for (unsigned i = 0; i < 256; i++)
        luts.e[PICA_FS_LUT_PROCTEX_DIFF + i] = 0x01 | 0xFFu << 8;
    in.texcoord[1][0] = 0.5f;
    pica_fs_key_normalize(&k);
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    EXPECT4(out.proctex, 74, 181, 7, 255);
    /* mirrored repeat: u = 1.25 -> odd period -> 1 - 0.25 = 0.75: map 0.75 = 3072/4095 = 0.75018,
     * c = 95.27 -> entry 105, fraction 0.27: r = 105 + 0.54 -> 106 (105.54), g = 150 - 0.54 = 149.46 -> 149 */
    p->u_clamp = PICA_FS_PROCTEX_CLAMP_MIRROR;
    in.texcoord[1][0] = 1.25f;
    pica_fs_key_normalize(&k);
    pica_ref_fragment(&k, &u, &luts, &in, &out);
    EXPECT4(out.proctex, 106, 149, 7, 255);
}

static void shadow_unit(void **state)
{
    (void)state;
    pica_fs_key k;
    pica_fs_uniforms u;
    pica_ref_input in;
    base_fragment(&k, &u, &in);
    k.tex0_type = PICA_FS_TEX0_SHADOW_2D;
    k.shadow_ortho = 1;
    /* 2x2 map: depths 100, 300 (row 0), 200, 400 (row 1); stencils 255, 128, 64, 0 */
    uint32_t map[4] = {100u << 8 | 255, 300u << 8 | 128, 200u << 8 | 64, 400u << 8 | 0};
    u.shadow_bias[0] = 0;
    uint8_t out[4];
    /* reference z = min(|w|, 1) * 16777215 = 250 for w = 250 / 16777215; sample the
     * centre of texel (0, 0): depth 100 <= 250 -> 0 */
    float w = 250.5f / 16777215.0f;
    pica_ref_shadow_2d(map, 2, 2, &k, &u, 0.25f, 0.25f, w, out);
    EXPECT4(out, 0, 0, 0, 0);
    /* texel (1, 0): 300 > 250 -> stencil 128 */
    pica_ref_shadow_2d(map, 2, 2, &k, &u, 0.75f, 0.25f, w, out);
    EXPECT4(out, 128, 128, 128, 128);
    /* halfway between (1, 0) and (1, 1): (128 + 0) / 2 = 64 */
    pica_ref_shadow_2d(map, 2, 2, &k, &u, 0.75f, 0.5f, w, out);
    EXPECT4(out, 64, 64, 64, 64);
    /* outside the map counts as lit */
    pica_ref_shadow_2d(map, 2, 2, &k, &u, 3.0f, 0.25f, w, out);
    EXPECT4(out, 255, 255, 255, 255);
    /* the bias lowers z: 250 - 200 = 50 < 100 -> texel (0, 0) lit: 255 */
    u.shadow_bias[0] = 200;
    pica_ref_shadow_2d(map, 2, 2, &k, &u, 0.25f, 0.25f, w, out);
    EXPECT4(out, 255, 255, 255, 255);
}

/* The LUT entry decoders of pica_fs_uniforms.h the model reads its tables
 * with (values encoded by hand from the 3dbrew bit tables). */
static void lut_entries(void **state)
{
    (void)state;
    /* lighting: value bits 0-11 / 4095; |delta| bits 12-22 / 2047; sign bit 23 */
    pica_fs_lut_entry e = pica_fs_lighting_lut_entry(0xFFFFFF);
    assert_true(e.value == 1.0f && e.delta == -1.0f);
    e = pica_fs_lighting_lut_entry(0x7FF800);
    assert_true(e.value == 2048.0f / 4095.0f && e.delta == 1.0f);
    e = pica_fs_lighting_lut_entry(0x00A001);
    assert_true(e.value == 1.0f / 4095.0f && e.delta == 10.0f / 2047.0f);
    /* fog: value bits 13-23 (fixed0.0.11), difference bits 0-12 (fixed1.1.11) */
    e = pica_fs_fog_lut_entry((2047u << 13) | 0x1FFF);
    assert_true(e.value == 1.0f);
    assert_true(e.delta == -1.0f / 2047.0f);
    e = pica_fs_fog_lut_entry((1024u << 13) | 100);
    assert_true(e.value == 1024.0f / 2047.0f);
    assert_true(e.delta == 100.0f / 2047.0f);
    e = pica_fs_fog_lut_entry(0x1000); /* -4096 */
    assert_true(e.value == 0.0f);
    assert_true(e.delta == -4096.0f / 2047.0f);
    /* proctex: value 0xFFF / 4095 = 1, delta 0x800 as 12-bit two's complement = -2048 */
    e = pica_fs_proctex_lut_entry(0x800FFF);
    assert_true(e.value == 1.0f);
    assert_true(e.delta == -2048.0f / 4095.0f);
    e = pica_fs_proctex_lut_entry(0x001800);
    assert_true(e.value == 2048.0f / 4095.0f);
    assert_true(e.delta == 1.0f / 4095.0f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(combiner_operations),
        cmocka_unit_test(dot3),
        cmocka_unit_test(dot3_console_sweeps),
        cmocka_unit_test(operands_and_scale),
        cmocka_unit_test(buffer_lags_one_stage),
        cmocka_unit_test(primary_rounding_alpha_test_and_depth),
        cmocka_unit_test(fog),
        cmocka_unit_test(lighting),
        cmocka_unit_test(proctex),
        cmocka_unit_test(shadow_unit),
        cmocka_unit_test(lut_entries),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
