/* The gas scene's committed goldens (tests/golden/scene_gas_f0_1x.png and
 * _2x.png, written by the GL path) checked against the CPU model of gas
 * rendering (shadergen/pica_ref.c, docs/pica-gas.md), so the goldens are
 * not only what the GL path produced. The scene (tests/scenes/scenes.c
 * scene_gas) is axis-aligned in clip space and symmetric about the centre
 * of the top screen, so each region's inputs are known here without a
 * rasterizer and without knowing which way the LCD framebuffer is
 * mirrored: outside the wall, the wall, and the core over the wall.
 *
 * For each region: the density pass's model (pica_ref_fragment with
 * gas_render, the layer's colour, depth 0.6 against the depth buffer: 0
 * outside the wall, 0.5 on it) accumulated as the scene draws it (two
 * layers of 90, the core's 50), then the shading pass's model on that
 * density texel, then alpha blending over the scene's colour, rounded:
 * (s * a + d * (255 - a) + 127) / 255 (GL's blender on llvmpipe; its
 * rounding and the 24-bit depths GL writes are the +-1 allowed). */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/common/image.h"
#include "scenes/scene_builder.h"
#include "shadergen/pica_ref.h"

/* the registers scene_gas writes, as citro3d's functions encode them */
static void gas_uniforms(pica_fs_uniforms *u)
{
    memset(u, 0, sizeof *u);
    u->depth_map[0] = -1.0f; /* DEPTHMAP scale -1, offset 0 (citro3d's) */
    const int32_t xy[4] = {(int32_t)(0.1f * 255.0f), (int32_t)(0.9f * 255.0f), (int32_t)(0.6f * 255.0f),
                           (int32_t)(0.5f * 255.0f)};
    const int32_t z[4] = {(int32_t)(0.2f * 255.0f), (int32_t)(1.0f * 255.0f), (int32_t)(0.3f * 255.0f), 0};
    memcpy(u->gas_light_xy, xy, sizeof xy);
    memcpy(u->gas_light_z, z, sizeof z);
    u->gas_params[0] = pica_fs_gas_fixed(1.0f); /* GAS_ACCMAX: 1 / 1.0 */
    u->gas_params[1] = pica_fs_gas_fixed(1.0f); /* GAS_ATTENUATION */
    u->gas_params[2] = 4 * 256;                 /* deltaZ 4.0, fixed 16.8 */
    static const uint32_t lut_colors[9] = {0x3C2828, 0x50302C, 0x6C3C30, 0x904C34, 0xB06038,
                                           0xC87C48, 0xDC9C68, 0xF0C090, 0xFFE0C0};
    uint32_t lut[16];
    sb_gas_lut_from_array(lut, lut_colors);
    for (int i = 0; i < 8; i++) {
        u->gas_lut[i][0] = (int32_t)lut[8 + i];
        u->gas_lut[i][1] = (int32_t)lut[i];
    }
}

/* One density-pass fragment of colour R `density` at window depth 0.6 over
 * a depth buffer holding `zbuf`, added to `rg`. */
static void density(const pica_fs_uniforms *u, uint8_t density_r, uint32_t zbuf, uint8_t rgba[4])
{
    pica_fs_key k;
    memset(&k, 0, sizeof k); /* every stage replaces with the primary colour */
    k.alpha_func = PICA_FS_ALPHA_ALWAYS;
    k.gas_render = 1;
    k.gas = PICA_FS_GAS_DEPTH_GREATER << PICA_FS_GAS_DEPTH_FUNC_SHIFT; /* depth test greater (GPU_MAKEGASDEPTHFUNC) */
    pica_fs_key_normalize(&k);
    pica_ref_input in;
    memset(&in, 0, sizeof in);
    in.color[0] = (float)density_r / 255.0f;
    in.color[3] = 1.0f;
    in.z_over_w = -0.6f; /* model z 0.2 through the scene's orthographic matrix */
    in.w = 1.0f;
    in.gas_zbuf = zbuf;
    static pica_fs_luts luts;
    pica_ref_output out;
    pica_ref_fragment(&k, u, &luts, &in, &out);
    pica_ref_gas_accumulate(&k, &out, rgba);
}

typedef struct region {
    const char *name;
    bool wall, core;
    int x, y; /* a pixel of the region in the 1x frame (the top screen is rows 0-239) */
} region;

static void expected(const region *r, uint8_t want[3])
{
    pica_fs_uniforms u;
    gas_uniforms(&u);
    const uint32_t zbuf = r->wall ? (uint32_t)(0.5 * 16777215.0 + 0.5) : 0;
    uint8_t texel[4] = {0, 0, 0, 0}; /* the density buffer is cleared to 0 */
    density(&u, 90, zbuf, texel);
    density(&u, 90, zbuf, texel);
    if (r->core)
        density(&u, 50, zbuf, texel);
    /* shading: texture 0 straight through the combiners, then gas mode
     * with the depth density and the light factor as the LUT input */
    pica_fs_key k;
    memset(&k, 0, sizeof k);
    k.fog_mode = PICA_FS_FOG_GAS;
    k.gas = PICA_FS_GAS_DENSITY_DEPTH | PICA_FS_GAS_LUT_LIGHT;
    uint8_t c[4];
    memcpy(c, texel, 4);
    pica_ref_gas_shade(&k, &u, c);
    const uint8_t wall[3] = {150, 90, 60}, clear[3] = {0x20, 0x30, 0x48};
    const uint8_t *dst = r->wall ? wall : clear;
    for (int i = 0; i < 3; i++)
        want[i] = (uint8_t)((c[i] * c[3] + dst[i] * (255 - c[3]) + 127) / 255);
    print_message("%s: density %u plain, %u depth; gas %u,%u,%u opacity %u -> %u,%u,%u\n", r->name, texel[0],
                  texel[1], c[0], c[1], c[2], c[3], want[0], want[1], want[2]);
}

static void check_golden(const char *file, int scale)
{
    /* target rows 100-299 (the wall) and columns 60-179 x rows 150-249 (the
     * core) are screen columns 100-299 and 150-249 x rows 60-179 whichever
     * way the screen is mirrored; each pixel below is inside its region in
     * every mirroring */
    static const region regions[] = {
        {"outside the wall", false, false, 30, 20},  {"outside the wall", false, false, 369, 219},
        {"wall", true, false, 200, 20},              {"wall", true, false, 120, 219},
        {"core over the wall", true, true, 200, 120}, {"core over the wall", true, true, 160, 80},
    };
    glhle_image img;
    assert_int_equal(glhle_png_read_file(ts_source_path(file), &img, NULL), GLHLE_RESULT_OK);
    assert_int_equal(img.width, 400u * (uint32_t)scale);
    assert_int_equal(img.height, 480u * (uint32_t)scale);
    for (size_t i = 0; i < sizeof regions / sizeof regions[0]; i++) {
        const region *r = &regions[i];
        uint8_t want[3];
        expected(r, want);
        for (int dy = 0; dy < scale; dy++)
            for (int dx = 0; dx < scale; dx++) {
                const uint8_t *p = ts_pixel(&img, (uint32_t)(r->x * scale + dx), (uint32_t)(r->y * scale + dy));
                for (int ch = 0; ch < 3; ch++)
                    if (abs(p[ch] - want[ch]) > 1)
                        fail_msg("%s %s pixel (%d, %d): %u,%u,%u, the CPU model gives %u,%u,%u (+-1)", file, r->name,
                                 r->x * scale + dx, r->y * scale + dy, p[0], p[1], p[2], want[0], want[1], want[2]);
            }
    }
    glhle_image_free(&img);
}

static void golden_1x(void **state)
{
    (void)state;
    check_golden("tests/golden/scene_gas_f0_1x.png", 1);
}

static void golden_2x(void **state)
{
    (void)state;
    check_golden("tests/golden/scene_gas_f0_2x.png", 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(golden_1x),
        cmocka_unit_test(golden_2x),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
