/* backend/maxwell/frontend/regs_3d.c and method_names.c: names and array
 * indices at addresses taken from the class headers (clb197.h byte offsets
 * / 4; deko3d engine_3d.def word addresses), the shadow RAM modes of
 * SET_MME_SHADOW_RAM_CONTROL, and dirty marking. */
#include "support/test_support.h"

#include <string.h>

#include "backend/maxwell/frontend/regs_3d.h"
#include "support/maxwell_support.h"

static void assert_name(uint32_t cls, uint32_t method, const char *name, uint32_t index)
{
    uint32_t i = 99;
    const char *n = glhle_maxwell_method_name(cls, method, &i);
    assert_non_null(n);
    assert_string_equal(n, name);
    assert_int_equal(i, index);
}

static void names_from_the_headers(void **state)
{
    (void)state;
    const uint32_t c3 = GLHLE_MAXWELL_CLASS_3D;
    assert_name(c3, 0x0800 / 4, "SET_COLOR_TARGET_A", 0);
    assert_name(c3, (0x0800 + 3 * 64) / 4, "SET_COLOR_TARGET_A", 3);
    assert_name(c3, (0x0a00 + 15 * 32 + 4) / 4, "SET_VIEWPORT_SCALE_Y", 15);
    assert_name(c3, 0x1618 / 4, "BEGIN", 0);
    assert_name(c3, 0x1614 / 4, "END", 0);
    assert_name(c3, (0x2390 + 15 * 4) / 4, "LOAD_CONSTANT_BUFFER", 15);
    assert_name(c3, (0x2410 + 4 * 32) / 4, "BIND_GROUP_CONSTANT_BUFFER", 4);
    assert_name(c3, (0x3800 + 5 * 8) / 4, "CALL_MME_MACRO", 5);
    assert_name(c3, (0x3804 + 5 * 8) / 4, "CALL_MME_DATA", 5);
    assert_name(c3, (0x2800 + 3 * 128 + 31 * 4) / 4, "SET_STREAM_OUT_LAYOUT_SELECT", 127);
    assert_name(c3, 0x3D8, "SET_TILED_CACHE_ENABLE", 0); /* deko3d engine_3d.def */
    assert_name(c3, 0x56D, "SET_CSAA_ENABLE", 0);
    assert_name(c3, 0, "SET_OBJECT", 0);                  /* host methods for every class */
    assert_name(c3, 0x1D, "SYNCPOINT", 0);
    assert_null(glhle_maxwell_method_name(c3, 0x003, NULL)); /* inside the host range, unnamed */
    assert_null(glhle_maxwell_method_name(c3, (0x0e00 + 16 * 16) / 4, NULL)); /* past the 16 scissors */
    assert_null(glhle_maxwell_method_name(c3, 0x1000, NULL));
    assert_name(GLHLE_MAXWELL_CLASS_DMA, 0x0300 / 4, "LAUNCH_DMA", 0);
    assert_name(GLHLE_MAXWELL_CLASS_I2M, 0x01b4 / 4, "LOAD_INLINE_DATA", 0);
    assert_name(GLHLE_MAXWELL_CLASS_2D, 0x08dc / 4, "PIXELS_FROM_MEMORY_SRC_Y0_INT", 0);
    assert_name(GLHLE_MAXWELL_CLASS_COMPUTE, 0x02bc / 4, "SEND_SIGNALING_PCAS_B", 0);
    assert_null(glhle_maxwell_method_name(0x1234, 0x100, NULL));
    assert_string_equal(glhle_maxwell_class_name(GLHLE_MAXWELL_CLASS_2D), "2D");
    assert_null(glhle_maxwell_class_name(0));
}

static void every_listed_word_resolves_to_its_own_entry(void **state)
{
    (void)state;
    /* the table's own rows: element k of each method names itself */
    static const struct {
        uint32_t addr, count, stride;
        const char *name;
    } rows[] = {
#define G(g) 0
#define S 0
#define X(addr, name, count, stride, flags, fmt) {addr, count, stride, #name},
        MW_3D_METHODS(X)
#undef X
#undef G
#undef S
    };
    uint32_t n = 0;
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++)
        for (uint32_t k = 0; k < rows[r].count; k++) {
            const uint32_t w = rows[r].addr + k * (rows[r].stride ? rows[r].stride : 1);
            uint32_t idx;
            const char *nm = mw_3d_method_name(w, &idx, NULL);
            assert_non_null(nm);
            if (w >= 0x40) { /* the host names win below 0x40 in the public lookup only */
                assert_string_equal(nm, rows[r].name);
                assert_int_equal(idx, k);
            }
            n++;
        }
    assert_true(n > 2000);
    assert_int_equal(sizeof rows / sizeof rows[0], 610);
}

static void shadow_ram_modes(void **state)
{
    (void)state;
    glhle_maxwell *gpu = tm_gpu_new();
    const uint32_t ctl = 0x0124 / 4, m = 0x0800 / 4;
    tm_pb pb;
    tm_pb_init(&pb);
    tm_set1(&pb, 0, 0, GLHLE_MAXWELL_CLASS_3D);
    tm_set1(&pb, 0, m, 0x11);   /* TRACK (0): both */
    tm_set1(&pb, 0, ctl, 2);    /* PASSTHROUGH: register only */
    tm_set1(&pb, 0, m, 0x22);
    tm_set1(&pb, 0, ctl, 3);    /* REPLAY: the shadow value goes to the register */
    tm_set1(&pb, 0, m, 0x33);
    assert_int_equal(tm_submit(gpu, &pb, NULL), GLHLE_RESULT_OK);
    uint32_t sh = 0;
    assert_int_equal(glhle_maxwell_get_shadow(gpu, m, &sh), GLHLE_RESULT_OK);
    assert_int_equal(sh, 0x11);
    assert_int_equal(tm_reg(gpu, m), 0x11);
    assert_int_equal(glhle_maxwell_get_shadow(gpu, ctl, &sh), GLHLE_RESULT_OK);
    assert_int_equal(sh, 0); /* the control method is not shadowed */
    tm_pb_free(&pb);
    tm_pb_init(&pb);
    tm_set1(&pb, 0, ctl, 1); /* TRACK_WITH_FILTER: both */
    tm_set1(&pb, 0, m, 0x44);
    assert_int_equal(tm_submit(gpu, &pb, NULL), GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_get_shadow(gpu, m, &sh), GLHLE_RESULT_OK);
    assert_int_equal(sh, 0x44);
    assert_int_equal(tm_reg(gpu, m), 0x44);
    assert_int_equal(glhle_maxwell_get_shadow(gpu, 0xE00, &sh), GLHLE_RESULT_INVALID_ARGUMENT);
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
}

static void dirty_only_on_change(void **state)
{
    (void)state;
    mw_regs_3d *rf = test_malloc(sizeof *rf);
    mw_regs_3d_init(rf);
    assert_int_equal(rf->stale, 0);
    rf->state.dirty = 0;
    mw_regs_3d_store(rf, MW_3D_SET_SCISSOR_ENABLE + 4, 0); /* same value */
    assert_int_equal(rf->state.dirty, 0);
    mw_regs_3d_store(rf, MW_3D_SET_SCISSOR_ENABLE + 4, 1);
    assert_int_equal(rf->state.dirty, MW_DIRTY(SCISSOR));
    assert_int_equal(rf->stale, MW_DIRTY(SCISSOR));
    mw_regs_3d_store(rf, MW_3D_SET_DEPTH_TEST, 1);
    mw_regs_3d_store(rf, MW_3D_SET_ZT_FORMAT, 0x0A);
    assert_int_equal(rf->stale, MW_DIRTY(SCISSOR) | MW_DIRTY(DEPTH_STENCIL) | MW_DIRTY(ZETA));
    mw_regs_3d_refresh(rf);
    assert_int_equal(rf->stale, 0);
    assert_true(rf->state.scissor.s[1].enable);
    assert_true(rf->state.ds.depth_test);
    assert_int_equal(rf->state.zeta.format, 0x0A);
    /* no group: stored, nothing marked */
    rf->state.dirty = 0;
    mw_regs_3d_store(rf, MW_3D_SET_SPA_VERSION, 5);
    assert_int_equal(rf->state.dirty, 0);
    test_free(rf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_from_the_headers),
        cmocka_unit_test(every_listed_word_resolves_to_its_own_entry),
        cmocka_unit_test(shadow_ram_modes),
        cmocka_unit_test(dirty_only_on_change),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
