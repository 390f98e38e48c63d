/* backend/maxwell/frontend/decode_*.c: every decoded group from method words
 * set through a pushbuffer. Expected fields are read off the words by hand
 * with clb197.h's field layouts (cited per block). */
#include "support/test_support.h"

#include <string.h>

#include "backend/maxwell/maxwell_instance.h"
#include "support/maxwell_support.h"

static glhle_maxwell *gpu;
static tm_pb pb;

static int setup(void **state)
{
    (void)state;
    gpu = tm_gpu_new();
    tm_pb_init(&pb);
    tm_set1(&pb, 0, 0, GLHLE_MAXWELL_CLASS_3D);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    tm_pb_free(&pb);
    glhle_maxwell_destroy(gpu);
    return 0;
}

static void set(uint32_t byte_offset, uint32_t v)
{
    tm_set1(&pb, 0, byte_offset / 4, v);
}

static const mw_state *run(void)
{
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    return mw_get_state(gpu);
}

static void render_targets_and_zeta(void **state)
{
    (void)state;
    const uint32_t ct2 = 0x0800 + 2 * 64; /* SET_COLOR_TARGET_*(2) */
    set(ct2 + 0x00, 0x12);       /* A: address bits 32-39 */
    set(ct2 + 0x04, 0x34560000); /* B */
    set(ct2 + 0x08, 1280);
    set(ct2 + 0x0c, 720);
    set(ct2 + 0x10, 0xD5);       /* A8B8G8R8 */
    set(ct2 + 0x14, 0x4 << 4 | 1u << 16); /* block height 16 GOBs, block-linear, third dim = depth */
    set(ct2 + 0x18, 6);
    set(ct2 + 0x1c, 0x100);      /* array pitch in 4-byte units */
    set(ct2 + 0x20, 3);
    set(0x121c, 3u | 2u << 4 | 0u << 7 | 1u << 10); /* SET_CT_SELECT: 3 targets, map 2,0,1 */
    set(0x0fe0, 0x0FF00000);     /* SET_ZT_A = 0x0F? no: A takes 7:0 */
    set(0x0fe4, 0xABC00000);     /* SET_ZT_B */
    set(0x0fe8, 0x11);           /* SET_ZT_FORMAT Z24S8-ish code, 4:0 */
    set(0x0fec, 0x3 << 4 | 0x1 << 8); /* 8 GOBs high, 2 deep */
    set(0x0ff0, 0x40);           /* array pitch */
    set(0x1228, 640);
    set(0x122c, 480);
    set(0x1230, 4 | 1u << 16);
    set(0x1538, 1);              /* SET_ZT_SELECT */
    set(0x0ff4, 0x20 << 16 | 0x10); /* SET_SURFACE_CLIP_HORIZONTAL: x 16, width 32 */
    const mw_state *s = run();
    const mw_color_target *ct = &s->rt.ct[2];
    assert_int_equal(ct->address, 0x1234560000ull);
    assert_int_equal(ct->width, 1280);
    assert_int_equal(ct->height, 720);
    assert_int_equal(ct->format, 0xD5);
    assert_false(ct->pitch);
    assert_int_equal(ct->block.height, 4);
    assert_int_equal(ct->block.width, 0);
    assert_true(ct->third_dim_is_depth);
    assert_int_equal(ct->layers, 6);
    assert_int_equal(ct->array_pitch, 0x400);
    assert_int_equal(ct->layer_offset, 3);
    assert_int_equal(s->rt.count, 3);
    assert_int_equal(s->rt.map[0], 2);
    assert_int_equal(s->rt.map[1], 0);
    assert_int_equal(s->rt.map[2], 1);
    assert_int_equal(s->rt.clip_x, 0x10);
    assert_int_equal(s->rt.clip_width, 0x20);
    assert_int_equal(s->rt.ct[0].address, 0);
    assert_true(s->zeta.enabled);
    assert_int_equal(s->zeta.address, 0xABC00000ull); /* A bits 7:0 of 0x0FF00000 are 0 */
    assert_int_equal(s->zeta.format, 0x11);
    assert_int_equal(s->zeta.block.height, 3);
    assert_int_equal(s->zeta.block.depth, 1);
    assert_int_equal(s->zeta.array_pitch, 0x100);
    assert_int_equal(s->zeta.width, 640);
    assert_int_equal(s->zeta.height, 480);
    assert_int_equal(s->zeta.layers, 4);
    assert_true(s->zeta.array_size_is_one);
    assert_true(s->dirty & MW_DIRTY(RT));
    assert_true(s->dirty & MW_DIRTY(ZETA));
}

static void viewports_and_scissors(void **state)
{
    (void)state;
    const uint32_t vp = 0x0a00 + 5 * 32; /* viewport 5 */
    set(vp + 0x00, tm_u(640.0f));
    set(vp + 0x04, tm_u(-360.0f));
    set(vp + 0x08, tm_u(0.5f));
    set(vp + 0x0c, tm_u(640.0f));
    set(vp + 0x10, tm_u(360.0f));
    set(vp + 0x14, tm_u(0.5f));
    set(vp + 0x18, 0x0 | 3u << 4 | 4u << 8 | 6u << 12); /* +X, -Y, +Z, +W */
    const uint32_t cl = 0x0c00 + 5 * 16;
    set(cl + 0x0, 1280u << 16 | 8);
    set(cl + 0x4, 720u << 16 | 4);
    set(cl + 0x8, tm_u(0.25f));
    set(cl + 0xc, tm_u(0.75f));
    set(0x193c, 1); /* SET_VIEWPORT_CLIP_CONTROL bit 0: z in [0, 1] */
    const uint32_t sc = 0x0e00 + 9 * 16;
    set(sc + 0x0, 1);
    set(sc + 0x4, 200u << 16 | 100);
    set(sc + 0x8, 300u << 16 | 50);
    const mw_state *s = run();
    const mw_viewport *v = &s->viewport.vp[5];
    assert_true(v->scale[0] == 640.0f && v->scale[1] == -360.0f && v->scale[2] == 0.5f);
    assert_true(v->offset[0] == 640.0f && v->offset[1] == 360.0f && v->offset[2] == 0.5f);
    assert_int_equal(v->swizzle[0], 0);
    assert_int_equal(v->swizzle[1], 3);
    assert_int_equal(v->swizzle[2], 4);
    assert_int_equal(v->swizzle[3], 6);
    assert_int_equal(v->x, 8);
    assert_int_equal(v->width, 1280);
    assert_int_equal(v->y, 4);
    assert_int_equal(v->height, 720);
    assert_true(v->depth_min == 0.25f && v->depth_max == 0.75f);
    assert_true(s->viewport.depth_zero_to_one);
    const mw_scissor *c = &s->scissor.s[9];
    assert_true(c->enable);
    assert_int_equal(c->xmin, 100);
    assert_int_equal(c->xmax, 200);
    assert_int_equal(c->ymin, 50);
    assert_int_equal(c->ymax, 300);
    assert_false(s->scissor.s[8].enable);
}

static void blend_masks_and_logic_op(void **state)
{
    (void)state;
    set(0x12e4, 1);                /* SET_BLEND_STATE_PER_TARGET */
    set(0x133c, 1);                /* SET_BLEND_SEPARATE_FOR_ALPHA */
    set(0x1340, 0x8006);           /* FUNC_ADD */
    set(0x1344, 0x4302);           /* SRC_ALPHA */
    set(0x1348, 0x4303);           /* ONE_MINUS_SRC_ALPHA */
    const uint32_t pt = 0x1e00 + 3 * 32;
    set(pt + 0x04, 0x800A);        /* target 3 colour op SUBTRACT */
    set(pt + 0x18, 0x4001);        /* alpha dest ONE */
    set(0x1360 + 3 * 4, 1);        /* SET_BLEND(3) */
    set(0x131c, tm_u(0.5f));       /* SET_BLEND_CONST_RED */
    set(0x1a00 + 3 * 4, 1u | 1u << 12); /* SET_CT_WRITE(3): R and A */
    set(0x19c4, 1);                /* SET_LOGIC_OP */
    set(0x19c8, 0x1506);           /* XOR */
    const mw_state *s = run();
    assert_true(s->blend.per_target);
    assert_true(s->blend.common.separate_alpha);
    assert_int_equal(s->blend.common.color_op, 0x8006);
    assert_int_equal(s->blend.common.color_src, 0x4302);
    assert_int_equal(s->blend.common.color_dst, 0x4303);
    assert_int_equal(s->blend.target[3].color_op, 0x800A);
    assert_int_equal(s->blend.target[3].alpha_dst, 0x4001);
    assert_true(s->blend.enable[3]);
    assert_false(s->blend.enable[2]);
    assert_true(s->blend.constant[0] == 0.5f);
    assert_int_equal(s->blend.write_mask[3], 0x9);
    assert_int_equal(s->blend.write_mask[0], 0);
    assert_true(s->blend.logic_op_enable);
    assert_int_equal(s->blend.logic_op, 0x1506);
}

static void depth_stencil_and_alpha(void **state)
{
    (void)state;
    set(0x12cc, 1);      /* SET_DEPTH_TEST */
    set(0x12e8, 1);      /* SET_DEPTH_WRITE */
    set(0x130c, 0x203);  /* OGL LEQUAL */
    set(0x1380, 1);      /* SET_STENCIL_TEST */
    set(0x1384, 0x1E00); /* fail KEEP */
    set(0x1388, 0x1E01); /* zfail REPLACE */
    set(0x138c, 0x1E02); /* zpass INCRSAT */
    set(0x1390, 0x207);  /* func ALWAYS */
    set(0x1394, 0x80);   /* ref */
    set(0x1398, 0xF0);   /* func mask */
    set(0x139c, 0x0F);   /* write mask */
    set(0x12ec, 1);      /* SET_ALPHA_TEST */
    set(0x1314, 0x204);  /* GREATER */
    set(0x1310, tm_u(0.5f));
    glhle_maxwell_run_result res;
    assert_int_equal(tm_submit(gpu, &pb, &res), GLHLE_RESULT_OK);
    const mw_state *s = mw_get_state(gpu);
    assert_true(s->ds.depth_test && s->ds.depth_write);
    assert_int_equal(s->ds.depth_func, 0x203);
    assert_true(s->ds.stencil_test);
    assert_false(s->ds.two_sided);
    assert_int_equal(s->ds.front.zfail, 0x1E01);
    assert_int_equal(s->ds.front.ref, 0x80);
    assert_int_equal(s->ds.front.func_mask, 0xF0);
    assert_int_equal(s->ds.front.mask, 0x0F);
    assert_memory_equal(&s->ds.back, &s->ds.front, sizeof s->ds.front); /* one-sided */
    assert_true(s->ds.alpha_test);
    assert_int_equal(s->ds.alpha_func, 0x204);
    assert_true(s->ds.alpha_ref == 0.5f);
    tm_pb_free(&pb);
    tm_pb_init(&pb);
    set(0x1594, 1);      /* SET_TWO_SIDED_STENCIL_TEST */
    set(0x15a4, 0x206);  /* back func GEQUAL */
    set(0x0f54, 0x11);   /* back func ref */
    s = run();
    assert_true(s->ds.two_sided);
    assert_int_equal(s->ds.back.func, 0x206);
    assert_int_equal(s->ds.back.ref, 0x11);
    assert_int_equal(s->ds.front.func, 0x207);
}

static void rasterizer(void **state)
{
    (void)state;
    set(0x1918, 1);               /* OGL_SET_CULL */
    set(0x1920, 0x405);           /* BACK */
    set(0x191c, 0x901);           /* CCW */
    set(0x0dac, 0x1B01);          /* front LINE */
    set(0x0db0, 0x1B00);          /* back POINT */
    set(0x0dc8, 1);               /* SET_POLY_OFFSET_FILL */
    set(0x15bc, tm_u(2.0f));      /* SET_DEPTH_BIAS */
    set(0x156c, tm_u(1.5f));      /* SET_SLOPE_SCALE_DEPTH_BIAS */
    set(0x13b0, tm_u(3.0f));      /* SET_LINE_WIDTH_FLOAT */
    set(0x1518, tm_u(4.0f));      /* SET_POINT_SIZE */
    set(0x1520, 1);               /* SET_POINT_SPRITE */
    set(0x1684, 1);               /* SET_PROVOKING_VERTEX: last */
    set(0x037c, 1);               /* SET_RASTER_ENABLE */
    set(0x13ac, 1u << 4);         /* SET_WINDOW_ORIGIN FLIP_Y */
    set(0x1510, 0x5);             /* SET_USER_CLIP_ENABLE planes 0, 2 */
    const mw_state *s = run();
    assert_true(s->raster.cull_enable);
    assert_int_equal(s->raster.cull_face, 0x405);
    assert_int_equal(s->raster.front_face, 0x901);
    assert_int_equal(s->raster.polygon_mode_front, 0x1B01);
    assert_int_equal(s->raster.polygon_mode_back, 0x1B00);
    assert_true(s->raster.offset_fill && !s->raster.offset_line);
    assert_true(s->raster.depth_bias == 2.0f && s->raster.slope_scale_depth_bias == 1.5f);
    assert_true(s->raster.line_width == 3.0f && s->raster.point_size == 4.0f);
    assert_true(s->raster.point_sprite);
    assert_int_equal(s->raster.provoking_vertex, 1);
    assert_true(s->raster.rasterize_enable);
    assert_true(s->raster.flip_y && !s->raster.lower_left_origin);
    assert_int_equal(s->raster.user_clip_enable, 5);
}

static void vertex_input(void **state)
{
    (void)state;
    set(0x1644, 1);          /* SET_DA_PRIMITIVE_RESTART */
    set(0x1648, 0xFFFF);
    /* attribute 17 (the B half): stream 3, offset 12, R32_G32_B32 (2) FLOAT (7) */
    set(0x1160 + 17 * 4, 3u | 12u << 7 | 2u << 21 | 7u << 27);
    set(0x1160 + 2 * 4, 1u << 6 | 0x2Fu << 21 | 2u << 27 | 1u << 31); /* inactive, A8B8G8R8 UNORM, swap */
    /* stream 20 (the B half): enable, stride 24, address, limit, divisor, instanced */
    const uint32_t st = 0x1c00 + 20 * 16;
    set(st + 0x0, 1u << 12 | 24);
    set(st + 0x4, 0x01);
    set(st + 0x8, 0x00002000);
    set(st + 0xc, 2);
    set(0x1f00 + 20 * 8, 0x01);
    set(0x1f04 + 20 * 8, 0x00002FFF);
    set(0x1880 + 20 * 4, 1); /* SET_VERTEX_STREAM_INSTANCE_B(4) */
    set(0x17c8, 0x02);       /* SET_INDEX_BUFFER_A */
    set(0x17cc, 0x10000000);
    set(0x17d0, 0x02);
    set(0x17d4, 0x1000FFFF);
    set(0x17d8, 1);          /* two bytes */
    set(0x17dc, 6);          /* first */
    set(0x0d74, 100);        /* SET_VERTEX_ARRAY_START */
    set(0x1434, 7);          /* SET_GLOBAL_BASE_VERTEX_INDEX */
    set(0x1438, 9);          /* SET_GLOBAL_BASE_INSTANCE_INDEX */
    const mw_state *s = run();
    assert_true(s->restart.enable);
    assert_int_equal(s->restart.index, 0xFFFF);
    const mw_vertex_attrib *a = &s->attrib[17];
    assert_int_equal(a->stream, 3);
    assert_false(a->constant);
    assert_int_equal(a->offset, 12);
    assert_int_equal(a->size, 2);
    assert_int_equal(a->type, 7);
    assert_true(s->attrib[2].constant && s->attrib[2].bgra);
    assert_int_equal(s->attrib[2].size, 0x2F);
    const mw_vertex_stream *v = &s->stream[20];
    assert_true(v->enable);
    assert_int_equal(v->stride, 24);
    assert_int_equal(v->address, 0x0100002000ull);
    assert_int_equal(v->limit, 0x0100002FFFull);
    assert_int_equal(v->divisor, 2);
    assert_true(v->instanced);
    assert_false(s->stream[4].instanced);
    assert_int_equal(s->index.address, 0x0210000000ull);
    assert_int_equal(s->index.limit, 0x021000FFFFull);
    assert_int_equal(s->index.index_size, 2);
    assert_int_equal(s->index.first, 6);
    assert_int_equal(s->draw.vertex_array_start, 100);
    assert_int_equal(s->draw.base_vertex, 7);
    assert_int_equal(s->draw.base_instance, 9);
}

static void resources(void **state)
{
    (void)state;
    set(0x0d80 + 8, tm_u(0.25f)); /* SET_COLOR_CLEAR_VALUE(2) */
    set(0x0d90, tm_u(1.0f));      /* SET_Z_CLEAR_VALUE */
    set(0x0da0, 0x7F);            /* SET_STENCIL_CLEAR_VALUE */
    set(0x2380, 0x10000);         /* selector size: 64 KiB (17 bits) */
    set(0x2384, 0x05);
    set(0x2388, 0x00100000);
    set(0x1574, 0x03);            /* SET_TEX_HEADER_POOL_A */
    set(0x1578, 0x00200000);
    set(0x157c, 0x3FFFFF | 0x400000);
    set(0x155c, 0x03);
    set(0x1560, 0x00300000);
    set(0x1564, 0xFFF);
    set(0x2608, 14);              /* SET_BINDLESS_TEXTURE slot */
    set(0x1608, 0x04);            /* SET_PROGRAM_REGION_A */
    set(0x160c, 0x00000000);
    const uint32_t p5 = 0x2000 + 5 * 64;
    set(p5 + 0x0, 1u | 5u << 4);  /* pixel shader, enabled */
    set(p5 + 0x4, 0x800);
    set(p5 + 0xc, 24);
    set(p5 + 0x10, 4);
    set(0x0320, 0xFFFFF202);      /* SET_TESSELLATION_PARAMETERS: bits 9:0 */
    set(0x0dcc, 0x104);           /* SET_PATCH SIZE 7:0 */
    set(0x1550, 0x01);            /* SET_RENDER_ENABLE_A */
    set(0x1554, 0x40);
    set(0x1558, 2);               /* CONDITIONAL */
    set(0x1b00, 0x06);            /* SET_REPORT_SEMAPHORE_A */
    set(0x1b04, 0x00000100);
    set(0x1b08, 0xFEED);
    const mw_state *s = run();
    assert_true(s->clear.color[2] == 0.25f && s->clear.depth == 1.0f);
    assert_int_equal(s->clear.stencil, 0x7F);
    assert_int_equal(s->cbuf.size, 0x10000);
    assert_int_equal(s->cbuf.address, 0x0500100000ull);
    assert_int_equal(s->tex.tic_address, 0x0300200000ull);
    assert_int_equal(s->tex.tic_max_index, 0x3FFFFF);
    assert_int_equal(s->tex.tsc_address, 0x0300300000ull);
    assert_int_equal(s->tex.tsc_max_index, 0xFFF);
    assert_int_equal(s->tex.bindless_cbuf_slot, 14);
    assert_int_equal(s->program.region, 0x0400000000ull);
    assert_true(s->program.stage[5].enable);
    assert_int_equal(s->program.stage[5].type, 5);
    assert_int_equal(s->program.stage[5].offset, 0x800);
    assert_int_equal(s->program.stage[5].register_count, 24);
    assert_int_equal(s->program.stage[5].binding, 4);
    assert_false(s->program.stage[1].enable);
    assert_int_equal(s->program.tess_parameters, 0x202);
    assert_int_equal(s->program.patch_size, 4);
    assert_int_equal(s->render_enable.address, 0x0100000040ull);
    assert_int_equal(s->render_enable.mode, 2);
    assert_int_equal(s->report.address, 0x0600000100ull);
    assert_int_equal(s->report.payload, 0xFEED);
}

/* Stream output (clb197.h): SET_STREAM_OUTPUT 0x0744; buffer b's
 * ENABLE, ADDRESS_A (UPPER 7:0), ADDRESS_B, SIZE, LOAD_WRITE_POINTER at
 * 0x0380 + 32 b; CONTROL_STREAM (SELECT 1:0), COMPONENT_COUNT (SELECT
 * 7:0), STRIDE (BYTES 31:0) at 0x0700 + 16 b; LAYOUT_SELECT(b, j) at
 * 0x2800 + 128 b + 4 j, ATTRIBUTE_NUMBER 7:0 first. The write pointer is
 * loaded by each write, the same value again included. */
static void stream_out(void **state)
{
    (void)state;
    set(0x0744, 1);
    set(0x03a0, 1);                /* buffer 1 */
    set(0x03a4, 0x107);
    set(0x03a8, 0x89ABCDE0);
    set(0x03ac, 0x2000);
    set(0x03b0, 0x40);
    set(0x0710, 0xFFFFFFFE);       /* stream 2 */
    set(0x0714, 0x1FF);            /* 255 components */
    set(0x0718, 0x1234);
    set(0x2880, 0x1D1C2120);       /* (1, 0): 0x20 0x21 0x1C 0x1D */
    set(0x28fc, 0xAB000000);       /* (1, 31): byte 127 */
    const mw_state *s = run();
    const mw_stream_out_buffer *b = &s->stream_out.buffer[1];
    assert_true(s->stream_out.enable);
    assert_true(b->enable && !s->stream_out.buffer[0].enable);
    assert_int_equal(b->address, 0x0789ABCDE0ull);
    assert_int_equal(b->size, 0x2000);
    assert_int_equal(b->stream, 2);
    assert_int_equal(b->components, 0xFF);
    assert_int_equal(b->stride, 0x1234);
    static const uint8_t first[4] = {0x20, 0x21, 0x1C, 0x1D};
    assert_memory_equal(s->stream_out.layout[1], first, 4);
    assert_int_equal(s->stream_out.layout[1][127], 0xAB);
    assert_int_equal(s->stream_out.layout[0][0], 0);
    assert_int_equal(s->stream_out.pointer[1], 0x40);
    mw_get_state_mut(gpu)->stream_out.pointer[1] = 0x80; /* as a captured draw advances it */
    tm_pb_free(&pb);
    tm_pb_init(&pb);
    set(0x03b0, 0x40);
    s = run();
    assert_int_equal(s->stream_out.pointer[1], 0x40);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(render_targets_and_zeta, setup, teardown),
        cmocka_unit_test_setup_teardown(viewports_and_scissors, setup, teardown),
        cmocka_unit_test_setup_teardown(blend_masks_and_logic_op, setup, teardown),
        cmocka_unit_test_setup_teardown(depth_stencil_and_alpha, setup, teardown),
        cmocka_unit_test_setup_teardown(rasterizer, setup, teardown),
        cmocka_unit_test_setup_teardown(vertex_input, setup, teardown),
        cmocka_unit_test_setup_teardown(resources, setup, teardown),
        cmocka_unit_test_setup_teardown(stream_out, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
