/* backend/pica/frontend/regs_describe.c: register fields as text. Expected strings
 * are written from the 3dbrew field tables for the chosen values. */
#include "support/test_support.h"

#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/pica/frontend/regs.h"

static void expect(uint32_t id, uint32_t value, const char *want)
{
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    pica_reg_describe(id, value, &b);
    if (strcmp(glhle_bytebuf_cstr(&b), want))
        fail_msg("%s = 0x%08x: got \"%s\", want \"%s\"", pica_reg_name(id), value, glhle_bytebuf_cstr(&b), want);
    glhle_bytebuf_free(&b);
}

static void fields(void **state)
{
    (void)state;
    expect(0x040, 3, "cull=none");
    expect(0x065, 1, "mode=exclude");
    expect(0x066, (20u << 16) | 10, "x=10 y=20");
    expect(0x068, (0x3FFu << 16) | 0x200, "x=-512 y=-1");
    expect(0x061, 3, "func=lt");
    expect(0x06D, 0, "enabled=0 depth=w-buffer");
    expect(0x083, (1u << 28) | (5u << 12) | (4u << 8) | (2u << 4), /* unit 0 shows shadow and type */
           "mag=nearest min=nearest mip=nearest wrap_s=border2 wrap_t=edge2 etc1=2 shadow=0 type=cube");
    expect(0x093, 0x2, "mag=linear min=nearest mip=nearest wrap_s=edge wrap_t=edge");
    expect(0x084, 0x1F80 | (5u << 16), "bias=-0.5 max=5 min=0");
    expect(0x086, 0x3FFFFF, "paddr_low=0x1fffff8");
    expect(0x08B, 1 | (0x10u << 1), "orthographic=1 zbias=0x000010");
    expect(0x08E, 0xF, "format=?15");
    expect(0x0A8, 2 | (3u << 3) | (5u << 6) | (7u << 10) | (1u << 15) | (2u << 16) | (0xABu << 20),
           "u_clamp=symmetric v_clamp=mirror rgb=(u2+v2)/2 alpha=min separate_alpha=0 noise=1 u_shift=even "
           "v_shift=none bias_low=0xab");
    expect(0x0A9, (0x3C00u << 16) | 0xF000, "amplitude=-1 phase=1");
    expect(0x0AC, 3 | (2u << 3) | (6u << 7) | (128u << 11) | (0x3Cu << 19),
           "filter=linear_mip_nearest lod_min=2 lod_max=6 width=128 bias_high=0x3c");
    expect(0x0AD, 0xE0C08000, "offsets=0,128,192,224");
    expect(0x0AF, (5u << 8) | 7, "table=color_diff index=7");
    expect(0x0C1, 0x5 | (0x9u << 4) | (0x2u << 8) | (1u << 12) | (6u << 16) | (3u << 20),
           "rgb=1-r,1-g,alpha alpha=1-a,b,1-r");
    expect(0x0C0, 0x7 | (0xDu << 4), "rgb=?7,prev_buffer,primary alpha=primary,primary,primary");
    expect(0x0C4, 3 | (2u << 16), "rgb=1x alpha=4x");
    expect(0x0E0, 0x00017B07, "fog=gas density=plain z_flip=1 buffer_rgb_from_stages=0,1,3 buffer_alpha_from_stages=0,1,2");
    expect(0x102, 0xB, "op=xor");
    expect(0x105, 1 | (7u << 4) | (0xFFu << 8) | (3u << 16) | (0x80u << 24),
           "enabled=1 func=ge write_mask=0xff ref=3 mask=0x80");
    expect(0x106, 6 | (7u << 4) | (3u << 8), "fail=incr_wrap zfail=decr_wrap zpass=incr");
    expect(0x101, 5 | (3u << 8) | (14u << 16) | (15u << 20), "rgb=add(src_alpha_saturate,?15) alpha=min(zero,zero)");
    expect(0x100, 1, "mode=gas logic_op");
    expect(0x117, (4u << 16), "format=rgba4 pixel_size=16");
    expect(0x11B, 1, "block=32x32");
    expect(0x122, 0x17F, "color=127 lut_input=light");
    expect(0x126, (3u << 24) | 0x200, "deltaz=2 depth_func=3");
    expect(0x130, (0xB800u << 16) | 0x3800, "constant=0.5 linear=-0.5");
    expect(0x146, (0x1C00u << 16) | 0x0400, "x=0.5 y=-0.5");
    expect(0x149, 0xE, "positional two_sided=1 geo0=1 geo1=1");
    expect(0x14A, 0x3F000, "value=1");
    expect(0x1C3, 1 | (2u << 2) | (5u << 4) | (1u << 17) | (3u << 24) | (2u << 28) | (1u << 30),
           "config=5 fresnel=secondary_alpha shadow=1 shadow_primary=0 shadow_secondary=1 shadow_invert=0 "
           "shadow_alpha=0 shadow_unit=3 bump=tangent bump_unit=0 bump_renorm=0 clamp_highlights=0");
    expect(0x1C4, 0x00040000, "luts_on=D0,D1,FR,RB,RG,RR shadow_off=- spot_off=- dist_atten_off=-");
    expect(0x1C5, (17u << 8) | 0xFF, "table=DA1 index=255");
    expect(0x1C5, (7u << 8), "table=?7 index=0");
    expect(0x1D0, 0x2222222, "abs=-");
    expect(0x1D1, 0x543210 | (5u << 24), "D0=NH D1=VH SP=NV FR=LN RB=SP RG=CP RR=CP");
    expect(0x1D2, 0x7654321, "D0=2x D1=4x SP=8x FR=?4 RB=?5 RG=0.25x RR=0.5x");
    expect(0x1D9, 0x76543210, "slots=0,1,2,3,4,5,6,7");
    expect(0x200, 0x18000000u >> 3, "paddr=0x18000000");
    expect(0x202, 0x0F | (0x3u << 16) | (15u << 28), "a8=float4 a9=byte1 a10=byte1 a11=byte1 fixed=0,1 attributes=16");
    expect(0x205, 0xFEDC | (60u << 16) | (12u << 28), "components9-12=pad4,pad8,pad12,pad16 stride=60 count=12");
    expect(0x227, 0x7F, "offset=0x7f format=u8");
    expect(0x229, 0x80000102, "gs=1 triangle_elements=1 subdivision=1");
    expect(0x232, 0xF, "immediate_mode");
    expect(0x232, 0x3, "index=3");
    expect(0x238, 0x20, "bytes=256");
    expect(0x23A, 0x1FFFFFFF, "paddr=0xfffffff8");
    expect(0x244, 1, "gs_exclusive=1");
    expect(0x252, 0x01004302, "mode=2 fixed_vertices=4 stride=5 start=0");
    expect(0x25E, 0x0302, "mode=geometry outputs=3");
    expect(0x2B1, 0x00010203, "count=3 start=2 step=1");
    expect(0x289, 0x08000103, "inputs=4 mode=gs subdivision=1");
    expect(0x2BC, 0xFEDCBA98, "a8>v8,a9>v9,a10>v10,a11>v11,a12>v12,a13>v13,a14>v14,a15>v15");
    expect(0x2BD, 0x8001, "outputs=0,15");
    expect(0x2C0, 0x8000005F, "c95 mode=f32");
    expect(0x0E8, 0x123, ""); /* FIFO data: the dump adds the element */
    expect(0x045, 0x123, ""); /* undocumented */
    expect(0x010, 1, "");
    expect(0x1C6, 1, "disabled=1");
}

/* Every documented register, every bit pattern family, prints something
 * bounded and never reads out of its tables (ASan/valgrind watch this). */
static void every_register_prints(void **state)
{
    (void)state;
    static const uint32_t patterns[] = {0, 0xFFFFFFFF, 0x55555555, 0xAAAAAAAA, 0x7F800001, 0x12345678};
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    for (uint32_t id = 0; id < PICA_REG_COUNT; id++) {
        for (size_t k = 0; k < sizeof patterns / sizeof patterns[0]; k++) {
            glhle_bytebuf_clear(&b);
            pica_reg_describe(id, patterns[k], &b);
            assert_true(b.size < 512);
            assert_false(b.failed);
        }
    }
    glhle_bytebuf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fields),
        cmocka_unit_test(every_register_prints),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
