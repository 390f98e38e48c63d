/* The sample scenes (scenes.h). */
#include "scenes/scenes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glhle/trace.h"
#include "support/pica_dvlb_writer.h"

static void die(const char *what)
{
    fprintf(stderr, "scenes: %s\n", what);
    abort();
}

/* ---- the vertex shader ---------------------------------------------------------------- */

/* The transform program of citro3d's examples, written with the DVLB
 * writer: position to clip space through modelView then projection (dp4
 * rows), the view vector (-modelView * position), and texture
 * coordinates, normal quaternion and colour passed through.
 *   inputs  v0 position (w forced to 1), v1 texcoord, v2 normal quaternion, v3 colour
 *   outputs o0 position, o1 texcoord0, o2 colour, o3 normal quaternion, o4 view
 *   uniforms c0-c3 projection, c4-c7 modelView; constant c20 = (0, 1, -1, 0.5) */
static sb_program *transform_program(void)
{
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(0, "xyz"), DW_V(0, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(0, "w"), DW_C(20, "y")));
    static const char *const comp[4] = {"x", "y", "z", "w"};
    for (int i = 0; i < 4; i++)
        dw_emit(w, dw_op1(w, DW_DP4, DW_RD(1, comp[i]), DW_C(4 + i, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(4, "xyz"), dw_neg(DW_R(1, "xyzw"))));
    for (int i = 0; i < 4; i++)
        dw_emit(w, dw_op1(w, DW_DP4, DW_O(0, comp[i]), DW_C(i, "xyzw"), DW_R(1, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xy"), DW_V(1, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), DW_V(3, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(3, "xyzw"), DW_V(2, "xyzw")));
    uint32_t end = dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, end + 1);
    dw_const_f(w, 20, 0.0f, 1.0f, -1.0f, 0.5f);
    dw_output(w, 0, 0, 0xF); /* position */
    dw_output(w, 3, 1, 0x3); /* texcoord0 */
    dw_output(w, 2, 2, 0xF); /* colour */
    dw_output(w, 1, 3, 0xF); /* normal quaternion */
    dw_output(w, 8, 4, 0x7); /* view */
    dw_uniform(w, "projection", 0x10, 0x13);
    dw_uniform(w, "modelView", 0x14, 0x17);
    size_t size;
    uint8_t *file = dw_finish(w, &size);
    dw_destroy(w);
    sb_program *p = sb_program_create(file, size, 0);
    free(file);
    return p;
}

/* ---- vertices --------------------------------------------------------------------------- */

typedef struct vertex {
    float pos[3];
    float tc[2];
    float quat[4]; /* x, y, z, w: rotates +Z onto the surface normal */
    float rgba[4];
} vertex;

#define VERTEX_PERMUTATION 0x3210u /* buffer attributes 0-3 are shader inputs v0-v3 */

/* v0 float x3, v1 float x2, v2 float x4, v3 float x4 in one buffer */
static void vertex_layout(sb_ctx *c, uint32_t paddr)
{
    sb_attr_reset(c);
    sb_attr_loader(c, 0, 3, 3);
    sb_attr_loader(c, 1, 3, 2);
    sb_attr_loader(c, 2, 3, 4);
    sb_attr_loader(c, 3, 3, 4);
    sb_buf_reset(c);
    sb_buf_add(c, paddr, sizeof(vertex), 4, VERTEX_PERMUTATION);
}

/* The quaternion rotating +Z onto unit normal n: axis Z x n, half angle:
 * (-n.y, n.x, 0, 1 + n.z) / sqrt(2 (1 + n.z)); -Z takes the X axis. */
static void normal_quat(const float n[3], float q[4])
{
    if (n[2] < -0.9999f) {
        q[0] = 1, q[1] = 0, q[2] = 0, q[3] = 0;
        return;
    }
    float s = sqrtf(2.0f * (1.0f + n[2]));
    q[0] = -n[1] / s, q[1] = n[0] / s, q[2] = 0, q[3] = (1.0f + n[2]) / s;
}

/* Rotates unit vector n by the upper 3x3 of m. */
static void rotate_normal(const sb_mtx *m, const float n[3], float out[3])
{
    for (int i = 0; i < 3; i++)
        out[i] = m->m[i][0] * n[0] + m->m[i][1] * n[1] + m->m[i][2] * n[2];
}

static const float face_normal[6][3] = {{0, 0, 1}, {0, 0, -1}, {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}};
static const float face_color[6][4] = {{1, 0.3f, 0.3f, 1}, {0.3f, 1, 0.3f, 1}, {0.3f, 0.3f, 1, 1},
                                       {1, 1, 0.3f, 1},    {0.3f, 1, 1, 1},    {1, 0.3f, 1, 1}};

/* A cube of side 1 as 24 vertices: normal quaternions in view space
 * (the CPU rotates them with the model, the shader passes them on). */
static void cube_vertices(vertex v[24], const sb_mtx *model_view)
{
    for (int f = 0; f < 6; f++) {
        const float *n = face_normal[f];
        /* axes a, b with (a, b, n) right-handed, so corners in order are
         * counter-clockwise seen from outside */
        float a[3] = {1, 0, 0};
        if (n[0] != 0)
            a[0] = 0, a[2] = -n[0];
        else if (n[2] != 0)
            a[0] = n[2];
        const float b[3] = {n[1] * a[2] - n[2] * a[1], n[2] * a[0] - n[0] * a[2], n[0] * a[1] - n[1] * a[0]};
        float vn[3], q[4];
        rotate_normal(model_view, n, vn);
        normal_quat(vn, q);
        static const float corner[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        for (int k = 0; k < 4; k++) {
            vertex *o = &v[f * 4 + k];
            for (int i = 0; i < 3; i++)
                o->pos[i] = 0.5f * (n[i] + corner[k][0] * a[i] + corner[k][1] * b[i]);
            o->tc[0] = corner[k][0] > 0 ? 1.0f : 0.0f;
            o->tc[1] = corner[k][1] > 0 ? 1.0f : 0.0f;
            memcpy(o->quat, q, sizeof q);
            memcpy(o->rgba, face_color[f], sizeof o->rgba);
        }
    }
}

/* The cube's vertices for this modelView into the buffer at vbo. */
static void write_cube(sb_ctx *c, uint32_t vbo, const sb_mtx *model_view)
{
    vertex v[24];
    cube_vertices(v, model_view);
    memcpy(sb_host(c, vbo), v, sizeof v);
    sb_cpu_wrote(c, vbo, sizeof v);
}

/* Two counter-clockwise triangles per face. */
static uint32_t cube_indices(sb_ctx *c)
{
    uint32_t at = sb_linear_alloc(c, 36 * 2, 16);
    uint16_t *ix = (uint16_t *)sb_host(c, at);
    for (int f = 0; f < 6; f++) {
        const uint16_t b = (uint16_t)(f * 4);
        const uint16_t t[6] = {b, (uint16_t)(b + 1), (uint16_t)(b + 2), b, (uint16_t)(b + 2), (uint16_t)(b + 3)};
        memcpy(ix + f * 6, t, sizeof t);
    }
    sb_cpu_wrote(c, at, 36 * 2);
    return at;
}

static uint32_t upload(sb_ctx *c, const void *data, uint32_t size)
{
    uint32_t at = sb_linear_alloc(c, size, 16);
    memcpy(sb_host(c, at), data, size);
    sb_cpu_wrote(c, at, size);
    return at;
}

/* ---- textures ---------------------------------------------------------------------------- */

/* Bricks: mortar lines, a shade per brick from a small hash. */
static void brick_image(uint8_t *rgba, uint32_t size)
{
    for (uint32_t y = 0; y < size; y++)
        for (uint32_t x = 0; x < size; x++) {
            uint32_t row = y / 8, bx = (x + (row & 1) * 8) / 16;
            bool mortar = (y % 8) == 0 || ((x + (row & 1) * 8) % 16) == 0;
            uint32_t h = (row * 73 + bx * 151) % 48;
            uint8_t *p = rgba + ((size_t)y * size + x) * 4;
            if (mortar)
                p[0] = 200, p[1] = 196, p[2] = 184;
            else
                p[0] = (uint8_t)(150 + h), p[1] = (uint8_t)(60 + h / 2), p[2] = (uint8_t)(40 + h / 3);
            p[3] = 255;
        }
}

static void checker_image(uint8_t *rgba, uint32_t size, uint32_t cell, const uint8_t a[4], const uint8_t b[4])
{
    for (uint32_t y = 0; y < size; y++)
        for (uint32_t x = 0; x < size; x++)
            memcpy(rgba + ((size_t)y * size + x) * 4, ((x / cell) ^ (y / cell)) & 1 ? a : b, 4);
}

/* Rings of colour with alpha falling off from the centre. */
static void rings_image(uint8_t *rgba, uint32_t size)
{
    for (uint32_t y = 0; y < size; y++)
        for (uint32_t x = 0; x < size; x++) {
            int dx = (int)x - (int)size / 2, dy = (int)y - (int)size / 2;
            uint32_t d2 = (uint32_t)(dx * dx + dy * dy);
            uint8_t *p = rgba + ((size_t)y * size + x) * 4;
            p[0] = (uint8_t)((d2 / 7) & 0xFF);
            p[1] = (uint8_t)(255 - ((d2 / 13) & 0xFF));
            p[2] = (uint8_t)(x * 4);
            uint32_t a = d2 * 255 / ((size / 2) * (size / 2) * 2);
            p[3] = (uint8_t)(255 - (a > 255 ? 255 : a));
        }
}

static void make_texture(sb_ctx *c, sb_tex *t, uint32_t size, uint32_t fmt, void (*fill)(uint8_t *, uint32_t))
{
    uint8_t *img = malloc((size_t)size * size * 4);
    if (!img)
        die("out of memory");
    fill(img, size);
    sb_tex_init(c, t, (uint16_t)size, (uint16_t)size, fmt, false);
    sb_tex_upload(c, t, img);
    free(img);
}

static void checker32(uint8_t *rgba, uint32_t size)
{
    const uint8_t a[4] = {240, 240, 240, 255}, b[4] = {40, 60, 90, 255};
    checker_image(rgba, size, 4, a, b);
}

/* ---- common set-up ----------------------------------------------------------------------- */

/* The top screen's render target: 240x400 RGBA8 with D24S8, to BGR8. */
static void top_target(sb_ctx *c, sb_target *t)
{
    sb_target_create(c, t, 240, 400, SB_RGBA8, SB_DEPTH24_STENCIL8);
    sb_target_set_output(t, SB_SCREEN_TOP, SB_TRANSFER_FLAGS(SB_FB_BGR8));
}

/* Projection for the top screen as citro3d's examples set it up
 * (Mtx_PerspTilt with C3D_AspectRatioTop = 400 / 240): 40 degrees from the
 * screen's bottom edge to its top, 1/tan(20 degrees) given */
static void top_projection(sb_mtx *p)
{
    sb_mtx_persp_tilt(p, 2.74747742f, 400.0f / 240.0f, 0.1f, 10.0f);
}

/* A square of side 2 * half in the z = 0 plane as a triangle strip,
 * texture coordinates 0 to tc across, a colour per corner. */
static uint32_t quad(sb_ctx *c, float half, float tc, const float rgba[4][4])
{
    vertex q[4];
    memset(q, 0, sizeof q);
    for (int k = 0; k < 4; k++) {
        q[k].pos[0] = (k & 1) ? half : -half;
        q[k].pos[1] = (k & 2) ? half : -half;
        q[k].tc[0] = (k & 1) ? tc : 0;
        q[k].tc[1] = (k & 2) ? tc : 0;
        q[k].quat[3] = 1;
        memcpy(q[k].rgba, rgba[k], sizeof q[k].rgba);
    }
    return upload(c, q, sizeof q);
}

static const float white4[4][4] = {{1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}};

/* Stage 0: source x primary colour, RGB and alpha; the other stages pass on. */
static void tev_modulate_primary(sb_ctx *c, uint32_t source)
{
    sb_texenv *e = sb_get_texenv(c, 0);
    sb_texenv_init(e);
    e->source = sb_tev3(source, SB_SRC_PRIMARY, 0) * (1 + (1u << 16));
    e->combiner = SB_MODULATE * (1 + (1u << 16));
}

/* One frame of one draw on the top screen: clear, projection and
 * modelView, the draw, the end of the frame. */
static void one_frame(sb_ctx *c, sb_program *prog, sb_target *top, uint32_t clear, const sb_mtx *mv,
                      uint32_t primitive, uint32_t count)
{
    sb_mtx proj;
    top_projection(&proj);
    sb_frame_begin(c);
    sb_target_clear(c, top, clear, 0);
    sb_frame_draw_on(c, top);
    sb_uniform_mtx(c, sb_uniform(prog, "projection"), &proj);
    sb_uniform_mtx(c, sb_uniform(prog, "modelView"), mv);
    sb_draw_arrays(c, primitive, 0, count);
    sb_frame_end(c);
}

static void tev_replace_primary(sb_ctx *c)
{
    sb_texenv *e = sb_get_texenv(c, 0);
    sb_texenv_init(e);
    e->source = sb_tev3(SB_SRC_PRIMARY, 0, 0) | (sb_tev3(SB_SRC_PRIMARY, 0, 0) << 16);
    for (int i = 1; i < 6; i++)
        sb_texenv_init(sb_get_texenv(c, i));
}

/* ---- cube: texture, lighting, fog ----------------------------------------------------------- */

static void scene_cube(sb_ctx *c)
{
    sb_program *prog = transform_program();
    sb_target top;
    top_target(c, &top);
    sb_tex bricks;
    make_texture(c, &bricks, 64, SB_RGBA8, brick_image);
    sb_tex_filter(&bricks, 1, 1);
    sb_tex_wrap(&bricks, 2, 2);
    const uint32_t vbo = sb_linear_alloc(c, 24 * sizeof(vertex), 16);
    const uint32_t ibo = cube_indices(c);

    sb_bind_program(c, prog);
    vertex_layout(c, vbo);
    sb_tex_bind(c, 0, &bricks);
    /* citro3d's fragment-light example: (fragment primary x texture) + fragment secondary */
    sb_texenv *e = sb_get_texenv(c, 0);
    sb_texenv_init(e);
    e->source = sb_tev3(SB_SRC_FRAG_PRIMARY, SB_SRC_TEX0, 0) | (sb_tev3(SB_SRC_FRAG_PRIMARY, SB_SRC_TEX0, 0) << 16);
    e->combiner = SB_MODULATE | (SB_MODULATE << 16);
    e = sb_get_texenv(c, 1);
    sb_texenv_init(e);
    e->source = sb_tev3(SB_SRC_PREVIOUS, SB_SRC_FRAG_SECONDARY, 0) | (sb_tev3(SB_SRC_PREVIOUS, 0, 0) << 16);
    e->combiner = SB_ADD | (SB_REPLACE << 16);
    /* a point light up and to the right of the camera, and fog into the
     * sky colour (FOG_COLOR: red in the low byte) */
    const sb_material mat = {{0.25f, 0.25f, 0.25f}, {0.75f, 0.75f, 0.75f}, {0.6f, 0.6f, 0.6f}, {0, 0, 0}};
    const float light[4] = {1.2f, 1.6f, 0.5f, 1.0f}, white[3] = {1, 1, 1};
    sb_light_env(c, &mat, light, white, 12);
    sb_fog(c, 0x00D8B068, 0.1f, 10.0f, 2.2f, 5.0f);

    sb_mtx proj;
    top_projection(&proj);
    for (uint32_t frame = 0; frame < 2; frame++) {
        sb_mtx mv;
        sb_mtx_identity(&mv);
        sb_mtx_translate(&mv, 0.0f, 0.0f, -2.6f - 0.6f * (float)frame);
        sb_mtx_rotate_x(&mv, 0.5f + 0.3f * (float)frame);
        sb_mtx_rotate_y(&mv, 0.7f + 0.4f * (float)frame);
        write_cube(c, vbo, &mv);

        sb_frame_begin(c);
        sb_target_clear(c, &top, 0x68B0D8FF, 0);
        sb_frame_draw_on(c, &top);
        sb_uniform_mtx(c, sb_uniform(prog, "projection"), &proj);
        sb_uniform_mtx(c, sb_uniform(prog, "modelView"), &mv);
        sb_draw_elements(c, SB_TRIANGLES, 36, ibo);
        sb_frame_end(c);
    }
    sb_program_destroy(prog);
}

/* ---- tev: six combiner stages ---------------------------------------------------------- */

static void scene_tev(sb_ctx *c)
{
    sb_program *prog = transform_program();
    sb_target top;
    top_target(c, &top);
    sb_tex checker, rings;
    make_texture(c, &checker, 32, SB_RGBA8, checker32);
    sb_tex_wrap(&checker, 2, 2);
    make_texture(c, &rings, 64, SB_RGBA4, rings_image);
    sb_tex_filter(&rings, 1, 1);
    sb_tex_wrap(&rings, 3, 3);

    /* a quad, colours at the corners, texture coordinates 0-2 */
    const float corners[4][4] = {{1, 0.2f, 0.2f, 1}, {0.2f, 1, 0.2f, 1}, {0.2f, 0.2f, 1, 0.6f}, {1, 1, 1, 1}};
    const uint32_t vbo = quad(c, 0.9f, 2.0f, corners);
    sb_bind_program(c, prog);
    vertex_layout(c, vbo);
    sb_tex_bind(c, 0, &checker);
    sb_tex_bind(c, 1, &rings);
    sb_depth_test(c, false, 1, 0xF);
    sb_cull(c, 0);

    /* 0: texture 0 x primary colour */
    tev_modulate_primary(c, SB_SRC_TEX0);
    /* 1: + texture 1, signed; alpha from texture 1 */
    sb_texenv *e = sb_get_texenv(c, 1);
    sb_texenv_init(e);
    e->source = sb_tev3(SB_SRC_PREVIOUS, SB_SRC_TEX1, 0) | (sb_tev3(SB_SRC_TEX1, 0, 0) << 16);
    e->combiner = SB_ADD_SIGNED | (SB_REPLACE << 16);
    /* 2: towards a constant orange by texture 1's alpha (operand: 1 - alpha) */
    e = sb_get_texenv(c, 2);
    sb_texenv_init(e);
    e->source = sb_tev3(SB_SRC_PREVIOUS, SB_SRC_CONSTANT, SB_SRC_TEX1) | (sb_tev3(SB_SRC_PREVIOUS, 0, 0) << 16);
    e->operand = sb_tev3(0, 0, 3); /* third source: 1 - alpha */
    e->combiner = SB_INTERPOLATE | (SB_REPLACE << 16);
    e->color = 0xFF2080F0; /* A B G R: R 0xF0, G 0x80, B 0x20 */
    /* 3: previous x buffer (stage 1's output) + primary, RGB only */
    e = sb_get_texenv(c, 3);
    sb_texenv_init(e);
    e->source = sb_tev3(SB_SRC_PREVIOUS, SB_SRC_PREV_BUFFER, SB_SRC_PRIMARY) | (sb_tev3(SB_SRC_PREVIOUS, 0, 0) << 16);
    e->combiner = SB_MULTIPLY_ADD | (SB_REPLACE << 16);
    /* 4: minus a constant, doubled */
    e = sb_get_texenv(c, 4);
    sb_texenv_init(e);
    e->source = sb_tev3(SB_SRC_PREVIOUS, SB_SRC_CONSTANT, 0) | (sb_tev3(SB_SRC_PREVIOUS, 0, 0) << 16);
    e->combiner = SB_SUBTRACT | (SB_REPLACE << 16);
    e->color = 0xFF302010;
    e->scale = 1; /* RGB x2 */
    /* 5: add-multiply with the green of texture 0, alpha from the constant */
    e = sb_get_texenv(c, 5);
    sb_texenv_init(e);
    e->source = sb_tev3(SB_SRC_PREVIOUS, SB_SRC_PRIMARY, SB_SRC_TEX0) | (sb_tev3(SB_SRC_CONSTANT, 0, 0) << 16);
    e->operand = sb_tev3(0, 0, 8); /* third source: green */
    e->combiner = SB_ADD_MULTIPLY | (SB_REPLACE << 16);
    e->color = 0xC0000000;
    sb_texenv_buf_update(c, true, false, 0x2); /* the buffer takes stage 1's colour */
    sb_texenv_buf_color(c, 0xFF808080);

    sb_mtx mv;
    sb_mtx_identity(&mv);
    sb_mtx_translate(&mv, 0, 0, -3.0f);
    sb_mtx_rotate_y(&mv, 0.35f);
    one_frame(c, prog, &top, 0x202830FF, &mv, SB_TRIANGLE_STRIP, 4);
    sb_program_destroy(prog);
}

/* ---- proctex ----------------------------------------------------------------------------- */

/* ProcTexLut_FromArray: 129 samples -> value x 0xFFF, difference to the next, 12 bits */
static void proctex_lut(uint32_t out[128], const float in[129])
{
    for (int i = 0; i < 128; i++) {
        float a = in[i] < 0 ? 0 : in[i] > 1 ? 1 : in[i], b = in[i + 1] < 0 ? 0 : in[i + 1] > 1 ? 1 : in[i + 1];
        uint32_t cur = (uint32_t)(4095.0f * a), next = (uint32_t)(4095.0f * b);
        out[i] = cur | (((next - cur) & 0xFFF) << 12);
    }
}

static void scene_proctex(sb_ctx *c)
{
    sb_program *prog = transform_program();
    sb_target top;
    top_target(c, &top);
    static sb_proctex pt;
    memset(&pt, 0, sizeof pt);
    /* C3D_ProcTexInit(offset 0, width 128), mirrored-repeat clamps, sqrt(U^2 + V^2)
     * for colour and alpha, noise on both coordinates, linear filtering */
    const uint32_t width = 128;
    pt.reg[0] = 3u | (3u << 3) | (6u << 6) | (6u << 10) | (1u << 15);
    const uint32_t ampl = (uint32_t)(int32_t)(0.12f * 0x1000) & 0xFFFF;
    pt.reg[1] = ampl | (sb_f16(0.3f) << 16); /* U amplitude, phase */
    pt.reg[2] = ampl | (sb_f16(0.7f) << 16); /* V amplitude, phase */
    pt.reg[3] = sb_f16(0.4f) | (sb_f16(0.25f) << 16);
    pt.reg[4] = 1u | (0x60u << 3) | (width << 11);
    pt.reg[5] = 0u | (0xE0C080u << 8);
    pt.has_noise = true;
    float f[129];
    for (int i = 0; i <= 128; i++) { /* smooth noise response: 3x^2 - 2x^3 */
        float x = (float)i / 128.0f;
        f[i] = x * x * (3.0f - 2.0f * x);
    }
    proctex_lut(pt.noise, f);
    for (int i = 0; i <= 128; i++) { /* rings: the distance repeated four times */
        float x = (float)(i % 32) / 32.0f;
        f[i] = x;
    }
    proctex_lut(pt.rgb_map, f);
    for (int i = 0; i <= 128; i++)
        f[i] = 1.0f - (float)i / 256.0f;
    proctex_lut(pt.alpha_map, f);
    /* ProcTexColorLut_Write: a gradient blue -> cyan -> yellow -> red, and
     * the halved differences to the next entry */
    for (uint32_t i = 0; i < width; i++) {
        uint32_t t = i * 3 * 255 / (width - 1), r, g, b;
        if (t < 255)
            r = 0, g = t, b = 255;
        else if (t < 510)
            r = t - 255, g = 255, b = 510 - t;
        else
            r = 255, g = 765 - t, b = 0;
        pt.color[i] = r | (g << 8) | (b << 16) | (0xFFu << 24);
    }
    for (uint32_t i = 0; i < width; i++) {
        uint32_t cur = pt.color[i], next = i + 1 < width ? pt.color[i + 1] : cur, d = 0;
        for (int k = 0; k < 32; k += 8)
            d |= (((uint32_t)((int32_t)((next >> k) & 0xFF) - (int32_t)((cur >> k) & 0xFF)) >> 1) & 0xFF) << k;
        pt.color_diff[i] = i + 1 < width ? d : 0;
    }

    const float shade[4][4] = {{1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, {0.6f, 0.6f, 0.6f, 1}};
    const uint32_t vbo = quad(c, 0.75f, 1.0f, shade);
    sb_bind_program(c, prog);
    vertex_layout(c, vbo);
    sb_proctex_bind(c, 0, &pt);
    tev_modulate_primary(c, SB_SRC_TEX3);
    sb_cull(c, 0);

    sb_mtx mv;
    sb_mtx_identity(&mv);
    sb_mtx_translate(&mv, 0, 0, -2.4f);
    sb_mtx_rotate_x(&mv, -0.5f);
    one_frame(c, prog, &top, 0x101010FF, &mv, SB_TRIANGLE_STRIP, 4);
    sb_program_destroy(prog);
}

/* ---- rtt: render to texture -------------------------------------------------------------- */

static void scene_rtt(sb_ctx *c)
{
    sb_program *prog = transform_program();
    sb_target top, into;
    top_target(c, &top);
    sb_tex target_tex;
    sb_tex_init(c, &target_tex, 128, 128, SB_RGBA8, true); /* C3D_TexInitVRAM */
    sb_tex_filter(&target_tex, 1, 1);
    sb_target_from_tex(c, &into, &target_tex, SB_NO_DEPTH);

    const vertex tri[3] = {
        {{-0.8f, -0.7f, -0.5f}, {0, 0}, {0, 0, 0, 1}, {1, 0, 0, 1}},
        {{0.8f, -0.7f, -0.5f}, {0, 0}, {0, 0, 0, 1}, {0, 1, 0, 1}},
        {{0.0f, 0.8f, -0.5f}, {0, 0}, {0, 0, 0, 1}, {0, 0, 1, 1}},
    };
    const uint32_t vtri = upload(c, tri, sizeof tri), vquad = quad(c, 0.8f, 1.0f, white4);
    sb_bind_program(c, prog);
    sb_cull(c, 0);

    sb_frame_begin(c);
    sb_target_clear(c, &into, 0x203060FF, 0);
    sb_target_clear(c, &top, 0x000000FF, 0);
    /* pass 1: the triangle into the texture, orthographic, no depth */
    sb_frame_draw_on(c, &into);
    sb_mtx ortho, ident;
    sb_mtx_identity(&ortho);
    ortho.m[2][2] = -0.5f; /* z in [-1, 1] -> [-1, 0]: citro3d's depth range for an untilted target */
    ortho.m[2][3] = -0.5f;
    sb_mtx_identity(&ident);
    vertex_layout(c, vtri);
    sb_depth_test(c, false, 1, 0xF);
    tev_replace_primary(c);
    sb_uniform_mtx(c, sb_uniform(prog, "projection"), &ortho);
    sb_uniform_mtx(c, sb_uniform(prog, "modelView"), &ident);
    sb_draw_arrays(c, SB_TRIANGLES, 0, 3);
    /* pass 2: the texture on a quad on the top screen */
    sb_frame_draw_on(c, &top);
    vertex_layout(c, vquad);
    sb_depth_test(c, true, 6, 0x1F);
    sb_tex_bind(c, 0, &target_tex);
    tev_modulate_primary(c, SB_SRC_TEX0);
    sb_mtx proj, mv;
    top_projection(&proj);
    sb_mtx_identity(&mv);
    sb_mtx_translate(&mv, 0, 0, -2.8f);
    sb_mtx_rotate_y(&mv, 0.6f);
    sb_mtx_rotate_x(&mv, 0.3f);
    sb_uniform_mtx(c, sb_uniform(prog, "projection"), &proj);
    sb_uniform_mtx(c, sb_uniform(prog, "modelView"), &mv);
    sb_draw_arrays(c, SB_TRIANGLE_STRIP, 0, 4);
    sb_frame_end(c);
    sb_program_destroy(prog);
}

/* ---- screens: both screens, an RGB565 bottom framebuffer ---------------------------------- */

static void scene_screens(sb_ctx *c)
{
    sb_screen_format(c, SB_SCREEN_BOTTOM, SB_FB_RGB565);
    sb_program *prog = transform_program();
    sb_target top, bottom;
    top_target(c, &top);
    sb_target_create(c, &bottom, 240, 320, SB_RGBA8, SB_DEPTH24_STENCIL8);
    sb_target_set_output(&bottom, SB_SCREEN_BOTTOM, SB_TRANSFER_FLAGS(SB_FB_RGB565));
    const uint32_t vcube = sb_linear_alloc(c, 24 * sizeof(vertex), 16);
    const uint32_t icube = cube_indices(c);
    /* a fan of eight coloured blades around the centre */
    vertex fan[10];
    memset(fan, 0, sizeof fan);
    fan[0].rgba[0] = fan[0].rgba[1] = fan[0].rgba[2] = fan[0].rgba[3] = 1;
    for (int i = 1; i < 10; i++) {
        float a = (float)(i - 1) * 0.785398163f;
        fan[i].pos[0] = 0.9f * sb_cos(a);
        fan[i].pos[1] = 0.9f * sb_sin(a);
        fan[i].rgba[0] = (i & 1) ? 1.0f : 0.1f;
        fan[i].rgba[1] = (i & 2) ? 1.0f : 0.2f;
        fan[i].rgba[2] = (i & 4) ? 1.0f : 0.3f;
        fan[i].rgba[3] = 1;
    }
    const uint32_t vfan = upload(c, fan, sizeof fan);
    sb_bind_program(c, prog);
    tev_replace_primary(c);
    sb_mtx proj, bproj;
    top_projection(&proj);
    /* the bottom screen: 320x240 seen sideways, an orthographic view */
    sb_mtx_ortho_tilt(&bproj, -4.0f / 3.0f, 4.0f / 3.0f, -1.0f, 1.0f, -1.0f, 1.0f);
    for (uint32_t frame = 0; frame < 2; frame++) {
        sb_mtx mv;
        sb_mtx_identity(&mv);
        sb_mtx_translate(&mv, 0, 0, -3.0f);
        sb_mtx_rotate_y(&mv, 0.9f * (float)frame + 0.4f);
        sb_mtx_rotate_x(&mv, 0.6f);
        write_cube(c, vcube, &mv);

        sb_frame_begin(c);
        sb_target_clear(c, &top, 0x305030FF, 0);
        sb_target_clear(c, &bottom, 0x503030FF, 0);
        sb_frame_draw_on(c, &top);
        vertex_layout(c, vcube);
        sb_cull(c, 2);
        sb_uniform_mtx(c, sb_uniform(prog, "projection"), &proj);
        sb_uniform_mtx(c, sb_uniform(prog, "modelView"), &mv);
        sb_draw_elements(c, SB_TRIANGLES, 36, icube);
        sb_frame_draw_on(c, &bottom);
        vertex_layout(c, vfan);
        sb_cull(c, 0);
        sb_mtx spin; /* the fan turns a little each frame */
        sb_mtx_identity(&spin);
        const float a = 0.3f * (float)frame;
        spin.m[0][0] = sb_cos(a), spin.m[0][1] = -sb_sin(a);
        spin.m[1][0] = sb_sin(a), spin.m[1][1] = sb_cos(a);
        sb_uniform_mtx(c, sb_uniform(prog, "projection"), &bproj);
        sb_uniform_mtx(c, sb_uniform(prog, "modelView"), &spin);
        sb_draw_arrays(c, SB_TRIANGLE_FAN, 0, 10);
        sb_frame_end(c);
    }
    sb_program_destroy(prog);
}

/* ---- gas: the two passes of gas rendering (docs/pica-gas.md) ----------------------------- */

/* A rectangle of clip space [x0, x1] x [y0, y1] at model z, one colour, as a
 * triangle strip; texture coordinates 0-1 across the whole clip square. */
static uint32_t clip_rect(sb_ctx *c, float x0, float y0, float x1, float y1, float z, const float rgba[4])
{
    vertex q[4];
    memset(q, 0, sizeof q);
    for (int k = 0; k < 4; k++) {
        q[k].pos[0] = (k & 1) ? x1 : x0;
        q[k].pos[1] = (k & 2) ? y1 : y0;
        q[k].pos[2] = z;
        q[k].tc[0] = (q[k].pos[0] + 1) / 2;
        q[k].tc[1] = (q[k].pos[1] + 1) / 2;
        q[k].quat[3] = 1;
        memcpy(q[k].rgba, rgba, sizeof q[k].rgba);
    }
    return upload(c, q, sizeof q);
}

/* Everything is axis-aligned in clip space and symmetric about the centre,
 * so the CPU check (tests/unit/test_scene_gas.c) knows each region's inputs
 * exactly; it holds the numbers below too. A wall across the middle
 * (target rows 100-299) at window depth 0.5 over a clear depth of 0; two
 * full-screen gas layers of density 90 at depth 0.6 and a core (columns
 * 60-179, rows 150-249) of 50 are accumulated into an RGBA8 buffer sharing
 * the depth buffer (density pass, depth function greater from the depth
 * test's); then a full-screen quad reads that buffer as a texture and the
 * fog stage in gas mode shades it over the scene with alpha blending. */
static void scene_gas(sb_ctx *c)
{
    sb_program *prog = transform_program();
    sb_target top, gas;
    top_target(c, &top);
    sb_tex gas_tex;
    sb_tex_init(c, &gas_tex, 240, 400, SB_RGBA8, true);
    sb_target_from_tex(c, &gas, &gas_tex, SB_NO_DEPTH);
    gas.depth = top.depth; /* the density pass tests against the scene's depth */
    gas.depth_fmt = top.depth_fmt;

    static const float wall_rgba[4] = {150 / 255.0f, 90 / 255.0f, 60 / 255.0f, 1};
    static const float layer_rgba[4] = {90 / 255.0f, 0, 0, 1}, core_rgba[4] = {50 / 255.0f, 0, 0, 1};
    const uint32_t vwall = clip_rect(c, -1, -0.5f, 1, 0.5f, 0.0f, wall_rgba);
    const uint32_t vlayer = clip_rect(c, -1, -1, 1, 1, 0.2f, layer_rgba);
    const uint32_t vcore = clip_rect(c, -0.5f, -0.25f, 0.5f, 0.25f, 0.2f, core_rgba);
    const uint32_t vscreen = clip_rect(c, -1, -1, 1, 1, 0.0f, white4[0]);

    sb_gas_config g = {.delta_z = 4.0f,
                       .acc_max = 1.0f,
                       .attenuation = 1.0f,
                       .planar = {0.1f, 0.9f, 0.6f},
                       .view = {0.2f, 1.0f, 0.3f},
                       .light_dir = 0.5f,
                       .lut_light = true};
    static const uint32_t lut_colors[9] = {0x3C2828, 0x50302C, 0x6C3C30, 0x904C34, 0xB06038,
                                           0xC87C48, 0xDC9C68, 0xF0C090, 0xFFE0C0};
    sb_gas_lut_from_array(g.lut, lut_colors);

    sb_bind_program(c, prog);
    sb_cull(c, 0);
    sb_mtx ortho, ident;
    sb_mtx_identity(&ortho);
    ortho.m[2][2] = -0.5f; /* model z in [-1, 1] -> window depth 0.5 z + 0.5 */
    ortho.m[2][3] = -0.5f;
    sb_mtx_identity(&ident);

    sb_frame_begin(c);
    sb_target_clear(c, &top, 0x203048FF, 0);
    sb_target_clear(c, &gas, 0x00000000, 0);
    sb_uniform_mtx(c, sb_uniform(prog, "projection"), &ortho);
    sb_uniform_mtx(c, sb_uniform(prog, "modelView"), &ident);
    tev_replace_primary(c);
    /* the scene: the wall, depth test greater with writes */
    sb_frame_draw_on(c, &top);
    sb_depth_test(c, true, 6, 0x1F);
    vertex_layout(c, vwall);
    sb_draw_arrays(c, SB_TRIANGLE_STRIP, 0, 4);
    /* density pass: no depth writes; the gas depth function is greater */
    sb_frame_draw_on(c, &gas);
    sb_depth_test(c, true, 6, 0x0F);
    sb_gas_density_pass(c, true);
    sb_gas(c, &g);
    vertex_layout(c, vlayer);
    sb_draw_arrays(c, SB_TRIANGLE_STRIP, 0, 4);
    sb_draw_arrays(c, SB_TRIANGLE_STRIP, 0, 4);
    vertex_layout(c, vcore);
    sb_draw_arrays(c, SB_TRIANGLE_STRIP, 0, 4);
    /* shading pass: the density buffer as texture 0, the fog stage in gas
     * mode (depth density), blended over the scene */
    sb_gas_density_pass(c, false);
    sb_frame_draw_on(c, &top);
    sb_depth_test(c, false, 1, 0x0F);
    sb_tex_bind(c, 0, &gas_tex);
    sb_texenv *e = sb_get_texenv(c, 0);
    sb_texenv_init(e);
    e->source = sb_tev3(SB_SRC_TEX0, 0, 0) * (1 + (1u << 16));
    sb_fog_gas(c, true);
    sb_alpha_blend(c, 0, 0, 6, 7, 6, 7);
    vertex_layout(c, vscreen);
    sb_draw_arrays(c, SB_TRIANGLE_STRIP, 0, 4);
    sb_frame_end(c);
    sb_program_destroy(prog);
}

/* ---- registry ---------------------------------------------------------------------------- */

const sb_scene sb_scenes[] = {
    {"cube", "a textured cube, one point light with a specular LUT, fog", 2, 0x68B0D8FF, scene_cube},
    {"tev", "six combiner stages over two textures and the combiner buffer", 1, 0x202830FF, scene_tev},
    {"proctex", "a procedural texture: noise, RGB map, colour LUT", 1, 0x101010FF, scene_proctex},
    {"rtt", "render to texture: a triangle into a VRAM texture, then on a quad", 1, 0x000000FF, scene_rtt},
    {"screens", "both screens: a cube on the top, a fan on an RGB565 bottom screen", 2, 0x305030FF,
     scene_screens},
    {"gas", "gas rendering: density pass against a wall's depth, then the gas shading", 1, 0x203048FF, scene_gas},
};
const int sb_scene_count = (int)(sizeof sb_scenes / sizeof sb_scenes[0]);

const sb_scene *sb_scene_find(const char *name)
{
    for (int i = 0; i < sb_scene_count; i++)
        if (!strcmp(sb_scenes[i].name, name))
            return &sb_scenes[i];
    return NULL;
}

uint8_t *sb_scene_record(const sb_scene *s, size_t *size)
{
    char comment[160];
    snprintf(comment, sizeof comment, "glhle sample scene '%s': %s", s->name, s->title);
    glhle_trace_recorder_desc d = {.comment = comment};
    glhle_trace_recorder *rec;
    if (glhle_trace_recorder_create(&d, &rec) != GLHLE_RESULT_OK)
        die("no recorder");
    sb_ctx *c = sb_create(rec);
    s->run(c);
    sb_destroy(c);
    if (glhle_trace_recorder_finish(rec) != GLHLE_RESULT_OK)
        die("recording failed");
    const uint8_t *data;
    if (glhle_trace_recorder_bytes(rec, &data, size) != GLHLE_RESULT_OK)
        die("no trace bytes");
    uint8_t *copy = malloc(*size);
    if (!copy)
        die("out of memory");
    memcpy(copy, data, *size);
    glhle_trace_recorder_destroy(rec);
    return copy;
}

const char *sb_scene_trace_path(const sb_scene *s, char *buf, size_t size)
{
    snprintf(buf, size, "%s/tests/scenes/traces/%s.glht", GLHLE_SOURCE_DIR, s->name);
    return buf;
}
