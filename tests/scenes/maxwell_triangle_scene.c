/* The Maxwell triangle sample scene (maxwell_triangle_scene.h). */
#include "scenes/maxwell_triangle_scene.h"

#include <math.h>
#include <string.h>

#include "scenes/maxwell_draw_scene.h"
#include "support/test_support.h"

#define PB_OFF 0x80000u /* the pushbuffer in the data memory */

static void ndc_corners(uint32_t f, float v[3][4])
{
    const double a0 = 0.25 + f * (40.0 * 3.14159265358979 / 180.0);
    for (int i = 0; i < 3; i++) {
        const double a = a0 + i * (2 * 3.14159265358979 / 3);
        v[i][0] = (float)(0.8 * cos(a));
        v[i][1] = (float)(0.8 * sin(a));
        v[i][2] = 0;
        v[i][3] = 1;
    }
}

void tm_triangle_corners(uint32_t f, float xy[3][2])
{
    float v[3][4];
    ndc_corners(f, v);
    for (int i = 0; i < 3; i++) {
        xy[i][0] = v[i][0] * TM_TRI_W / 2 + TM_TRI_W / 2;
        xy[i][1] = v[i][1] * TM_TRI_H / 2 + TM_TRI_H / 2;
    }
}

bool tm_triangle_available(void)
{
    return tmc_dir() != NULL;
}

void tm_triangle_run(glhle_maxwell *gpu, uint8_t *rt, uint8_t *data, tm_tri_frame_fn on_frame, void *user)
{
    tmc_shader vs, fs;
    assert_true(tmc_load("passthrough_vsh", &vs));
    assert_true(tmc_load("color_fsh", &fs));
    memset(rt, 0, TM_TRI_MEM);
    memset(data, 0, TM_TRI_MEM);
    assert_int_equal(glhle_maxwell_map(gpu, TM_TRI_RT_VA, rt, TM_TRI_MEM, GLHLE_MAXWELL_KIND_GENERIC_16BX2),
                     GLHLE_RESULT_OK);
    assert_int_equal(glhle_maxwell_map(gpu, TM_TRI_DATA_VA, data, TM_TRI_MEM, GLHLE_MAXWELL_KIND_PITCH),
                     GLHLE_RESULT_OK);
    static const float colors[3][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}};
    for (uint32_t f = 0; f < TM_TRI_FRAMES; f++) {
        tm_pb pb;
        tm_pb_init(&pb);
        if (f == 0) {
            tm_bind_all(&pb);
            tmd_target(&pb, TM_TRI_RT_VA, TM_TRI_W, TM_TRI_H, 0xD5);
            tmd_programs(&pb, data, TM_TRI_DATA_VA, &vs, &fs);
        }
        float v[3][4];
        ndc_corners(f, v);
        tmd_attribute(&pb, data, TM_TRI_DATA_VA, 0, 0, &v[0][0], 3);
        tmd_attribute(&pb, data, TM_TRI_DATA_VA, 1, 1, &colors[0][0], 3);
        const uint32_t c[4] = {tm_u(TM_TRI_CLEAR), tm_u(TM_TRI_CLEAR), tm_u(TM_TRI_CLEAR), tm_u(1.0f)};
        tm_inc(&pb, TM_SUB_3D, 0x0d80 / 4, 4, c);       /* SET_COLOR_CLEAR_VALUE */
        tm_set1(&pb, TM_SUB_3D, 0x19d0 / 4, 0x3C);      /* CLEAR_SURFACE RGBA */
        tm_set1(&pb, TM_SUB_3D, 0x1214 / 4, 3u << 16 | 4u << 28); /* one-word draw: 3 vertices, TRIANGLES */
        assert_true(pb.n * 4u <= TM_TRI_MEM - PB_OFF);
        tmd_submit_and_present(gpu, &pb, data, TM_TRI_DATA_VA, PB_OFF, 1, TM_TRI_RT_VA, TM_TRI_W, TM_TRI_H);
        tm_pb_free(&pb);
        if (on_frame)
            on_frame(user, gpu, f);
    }
    tmc_free(&vs);
    tmc_free(&fs);
}
