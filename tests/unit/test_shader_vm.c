/* backend/pica/shader/shader_vm.c: every opcode, the float edge cases measured on
 * hardware (aroulin/3ds-gpu-tests fp-tests), relative addressing, flow
 * control and its stacks, the geometry-shader emitter, bad programs and the
 * program cache. Programs are built with the test DVLB writer, which encodes
 * instruction words independently of the library's decoder. */
#include "support/test_support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/shader/shader_vm.h"
#include "backend/pica/shader/shbin.h"
#include "support/pica_dvlb_writer.h"

/* ---- harness ---- */

typedef struct vm {
    pica_shader_setup setup;
    pica_vm_program *prog;
    pica_vm_unit unit;
    uint32_t status;
} vm;

/* Finishes the writer's program (one DVLE at `entry` unless the test added
 * its own), loads it through the SHBIN parser and decodes it. */
static vm *vm_build(pica_dvlb_writer *w, bool geometry)
{
    vm *m = calloc(1, sizeof *m);
    assert_non_null(m);
    size_t size;
    uint8_t *file = dw_finish(w, &size);
    pica_shbin s;
    assert_int_equal(pica_shbin_parse(file, size, ts_logger(), &s), GLHLE_RESULT_OK);
    assert_int_equal(pica_shbin_load_setup(&s, 0, &m->setup, ts_logger()), GLHLE_RESULT_OK);
    pica_shbin_free(&s);
    free(file);
    m->prog = malloc(PICA_VM_PROGRAM_SIZE);
    assert_non_null(m->prog);
    pica_vm_decode(m->prog, m->setup.code, m->setup.opdesc);
    pica_vm_unit_init(&m->unit, geometry);
    return m;
}

static void vm_free(vm *m)
{
    free(m->prog);
    free(m);
}

static void vm_set_uniform(vm *m, unsigned n, float x, float y, float z, float w)
{
    m->setup.float_uniforms[n][0] = x;
    m->setup.float_uniforms[n][1] = y;
    m->setup.float_uniforms[n][2] = z;
    m->setup.float_uniforms[n][3] = w;
}

static uint32_t vm_run(vm *m)
{
    pica_vm_unit_load_uniforms(&m->unit, &m->setup);
    m->status = pica_vm_run(&m->unit, m->prog, m->setup.entry_point);
    return m->status;
}

static void set4(float *r, float x, float y, float z, float w)
{
    r[0] = x;
    r[1] = y;
    r[2] = z;
    r[3] = w;
}

/* bit-exact comparison that also accepts NaN == NaN */
static void assert_f(float got, float want, const char *what)
{
    if (isnan(want) ? isnan(got) : (got == want && signbit(got) == signbit(want)))
        return;
    if (!isnan(want) && got == want) /* -0 vs +0 is not a difference the PICA has */
        return;
    print_error("%s: got %.9g, want %.9g\n", what, (double)got, (double)want);
    fail();
}

static void assert_vec(const float *got, float x, float y, float z, float w, const char *what)
{
    float want[4] = {x, y, z, w};
    for (int c = 0; c < 4; c++) {
        char buf[96];
        snprintf(buf, sizeof buf, "%s[%c]", what, "xyzw"[c]);
        assert_f(got[c], want[c], buf);
    }
}

/* One instruction `op o0, c0, c1` (I forms and mad put constants where the
 * format wants them) followed by END; returns o0. */
typedef enum { FORM_BIN, FORM_UN, FORM_MAD } form;

static void run_op(uint32_t op, form f, const float a[4], const float b[4], const float c[4], float out[4])
{
    pica_dvlb_writer *w = dw_create();
    if (f == FORM_UN)
        dw_emit(w, dw_op1u(w, op, DW_O(0, "xyzw"), DW_C(0, "xyzw")));
    else if (f == FORM_BIN)
        dw_emit(w, dw_op1(w, op, DW_O(0, "xyzw"), DW_C(0, "xyzw"), DW_V(1, "xyzw")));
    else
        dw_emit(w, dw_mad(w, DW_O(0, "xyzw"), DW_V(0, "xyzw"), DW_V(1, "xyzw"), DW_C(2, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 2);
    vm *m = vm_build(w, false);
    dw_destroy(w);
    vm_set_uniform(m, 0, a[0], a[1], a[2], a[3]);
    if (c)
        vm_set_uniform(m, 2, c[0], c[1], c[2], c[3]);
    memcpy(pica_vm_input(&m->unit, 0), a, 16);
    if (b)
        memcpy(pica_vm_input(&m->unit, 1), b, 16);
    assert_int_equal(vm_run(m), 0);
    memcpy(out, pica_vm_output(&m->unit, 0), 16);
    vm_free(m);
}

static float bin_x(uint32_t op, float a, float b)
{
    float va[4] = {a, a, a, a}, vb[4] = {b, b, b, b}, out[4];
    run_op(op, FORM_BIN, va, vb, NULL, out);
    return out[0];
}

static float un_x(uint32_t op, float a)
{
    float va[4] = {a, a, a, a}, out[4];
    run_op(op, FORM_UN, va, NULL, NULL, out);
    return out[0];
}

/* ---- the transform program of the acceptance criteria ---- */

static void transform_program(void **state)
{
    (void)state;
    /* mov r0.xyz, v0 ; mov r0.w, ones ; dp4 o0.x..w, projection[0..3], r0 ;
     * mul o1, v1, tint ; end -- projection at c0-c3, tint c4, ones c5 */
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(0, "xyz"), DW_V(0, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(0, "w"), DW_C(5, "x")));
    for (unsigned i = 0; i < 4; i++)
        dw_emit(w, dw_op1(w, DW_DP4, DW_O(0, i == 0 ? "x" : i == 1 ? "y" : i == 2 ? "z" : "w"), DW_C(i, "xyzw"),
                          DW_R(0, "xyzw")));
    dw_emit(w, dw_op1(w, DW_MUL, DW_O(1, "xyzw"), DW_C(4, "xyzw"), DW_V(1, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 8);
    dw_const_f(w, 5, 1.0f, 0.0f, 0.0f, 0.0f);
    dw_output(w, 0, 0, 0xF);
    dw_output(w, 2, 1, 0xF);
    dw_uniform(w, "projection", 0x10, 0x13);
    dw_uniform(w, "tint", 0x14, 0x14);
    vm *m = vm_build(w, false);
    dw_destroy(w);
    /* an orthographic projection of x 0..8, y 0..4, z 0..-1 onto -1..1,
     * -1..1, -1..0 (PICA clip depth, pica-facts) */
    vm_set_uniform(m, 0, 0.25f, 0.0f, 0.0f, -1.0f);
    vm_set_uniform(m, 1, 0.0f, 0.5f, 0.0f, -1.0f);
    vm_set_uniform(m, 2, 0.0f, 0.0f, 1.0f, 0.0f);
    vm_set_uniform(m, 3, 0.0f, 0.0f, 0.0f, 1.0f);
    vm_set_uniform(m, 4, 0.5f, 1.0f, 0.25f, 1.0f);
    static const float in_pos[3][4] = {{4, 2, -0.5f, 7}, {8, 4, 0, 7}, {0, 1, -1, 7}};
    static const float in_col[3][4] = {{1, 0.5f, 1, 1}, {0, 1, 0.5f, 0.5f}, {0.25f, 0.75f, 1, 0}};
    /* by hand: x' = x/4 - 1, y' = y/2 - 1, z' = z, w' = 1 (the input w is
     * replaced by 1); colour = tint * colour */
    static const float want_pos[3][4] = {{0, 0, -0.5f, 1}, {1, 1, 0, 1}, {-1, -0.5f, -1, 1}};
    static const float want_col[3][4] = {{0.5f, 0.5f, 0.25f, 1}, {0, 1, 0.125f, 0.5f}, {0.125f, 0.75f, 0.25f, 0}};
    for (int v = 0; v < 3; v++) {
        memcpy(pica_vm_input(&m->unit, 0), in_pos[v], 16);
        memcpy(pica_vm_input(&m->unit, 1), in_col[v], 16);
        assert_int_equal(vm_run(m), 0);
        const float *p = pica_vm_output(&m->unit, 0), *c = pica_vm_output(&m->unit, 1);
        assert_vec(p, want_pos[v][0], want_pos[v][1], want_pos[v][2], want_pos[v][3], "position");
        assert_vec(c, want_col[v][0], want_col[v][1], want_col[v][2], want_col[v][3], "colour");
    }
    assert_int_equal(m->unit.steps, 3 * 8);
    vm_free(m);
}

/* ---- arithmetic, one opcode at a time ---- */

static void arithmetic_ops(void **state)
{
    (void)state;
    float out[4];
    const float a[4] = {1.5f, -2.0f, 3.0f, 0.5f}, b[4] = {2.0f, 4.0f, -1.0f, 8.0f}, c[4] = {0.25f, 1, -3, 2};
    run_op(DW_ADD, FORM_BIN, a, b, NULL, out);
    assert_vec(out, 3.5f, 2.0f, 2.0f, 8.5f, "add");
    run_op(DW_MUL, FORM_BIN, a, b, NULL, out);
    assert_vec(out, 3.0f, -8.0f, -3.0f, 4.0f, "mul");
    run_op(DW_DP3, FORM_BIN, a, b, NULL, out); /* 3 - 8 - 3 */
    assert_vec(out, -8.0f, -8.0f, -8.0f, -8.0f, "dp3");
    run_op(DW_DP4, FORM_BIN, a, b, NULL, out); /* -8 + 4 */
    assert_vec(out, -4.0f, -4.0f, -4.0f, -4.0f, "dp4");
    run_op(DW_DPH, FORM_BIN, a, b, NULL, out); /* -8 + 1 * 8 */
    assert_vec(out, 0.0f, 0.0f, 0.0f, 0.0f, "dph");
    run_op(DW_DST, FORM_BIN, a, b, NULL, out); /* {1, a.y*b.y, a.z, b.w} */
    assert_vec(out, 1.0f, -8.0f, 3.0f, 8.0f, "dst");
    run_op(DW_SGE, FORM_BIN, a, b, NULL, out);
    assert_vec(out, 0, 0, 1, 0, "sge");
    run_op(DW_SLT, FORM_BIN, a, b, NULL, out);
    assert_vec(out, 1, 1, 0, 1, "slt");
    run_op(DW_MAX, FORM_BIN, a, b, NULL, out);
    assert_vec(out, 2.0f, 4.0f, 3.0f, 8.0f, "max");
    run_op(DW_MIN, FORM_BIN, a, b, NULL, out);
    assert_vec(out, 1.5f, -2.0f, -1.0f, 0.5f, "min");
    run_op(DW_MAD, FORM_MAD, a, b, c, out); /* a*b + c */
    assert_vec(out, 3.25f, -7.0f, -6.0f, 6.0f, "mad");
    run_op(DW_MOV, FORM_UN, a, NULL, NULL, out);
    assert_vec(out, 1.5f, -2.0f, 3.0f, 0.5f, "mov");
    run_op(DW_FLR, FORM_UN, a, NULL, NULL, out);
    assert_vec(out, 1.0f, -2.0f, 3.0f, 0.0f, "flr");
    /* EX2, LG2, RCP, RSQ take x and write it everywhere (ex2/lg2 tests) */
    const float e[4] = {3.0f, 100.0f, -7.0f, 9.0f};
    run_op(DW_EX2, FORM_UN, e, NULL, NULL, out);
    assert_vec(out, 8, 8, 8, 8, "ex2");
    const float l[4] = {0.125f, 2.0f, 5.0f, 5.0f};
    run_op(DW_LG2, FORM_UN, l, NULL, NULL, out);
    assert_vec(out, -3, -3, -3, -3, "lg2");
    const float r[4] = {4.0f, 1.0f, 1.0f, 1.0f};
    run_op(DW_RCP, FORM_UN, r, NULL, NULL, out);
    assert_vec(out, 0.25f, 0.25f, 0.25f, 0.25f, "rcp");
    run_op(DW_RSQ, FORM_UN, r, NULL, NULL, out);
    assert_vec(out, 0.5f, 0.5f, 0.5f, 0.5f, "rsq");
    /* LITP (3dbrew): {max(x,0), clamp(y, +-127.99609375), 0, max(w,0)} */
    const float lp[4] = {-2.0f, 200.0f, 5.0f, 3.0f};
    run_op(DW_LITP, FORM_UN, lp, NULL, NULL, out);
    assert_vec(out, 0.0f, 127.99609375f, 0.0f, 3.0f, "litp");
    const float lp2[4] = {2.0f, -300.0f, 5.0f, -1.0f};
    run_op(DW_LITP, FORM_UN, lp2, NULL, NULL, out);
    assert_vec(out, 2.0f, -127.99609375f, 0.0f, 0.0f, "litp negative");
}

static void inverted_forms(void **state)
{
    (void)state;
    /* dphi/dsti/sgei/slti take the constant as src2: `op o0, v0, c0` */
    static const uint32_t ops[4] = {DW_DPH, DW_DST, DW_SGE, DW_SLT};
    static const float want[4][4] = {{0, 0, 0, 0}, {1, -8, 3, 8}, {0, 0, 1, 0}, {1, 1, 0, 1}};
    for (int i = 0; i < 4; i++) {
        pica_dvlb_writer *w = dw_create();
        uint32_t word = dw_op1(w, ops[i], DW_O(0, "xyzw"), DW_V(0, "xyzw"), DW_C(0, "xyzw"));
        assert_int_equal(word >> 26, (uint32_t)(0x18 + i)); /* the writer chose the I opcode */
        dw_emit(w, word);
        dw_emit(w, dw_op0(DW_END));
        dw_dvle(w, 0, 0, 2);
        vm *m = vm_build(w, false);
        dw_destroy(w);
        set4(pica_vm_input(&m->unit, 0), 1.5f, -2.0f, 3.0f, 0.5f);
        vm_set_uniform(m, 0, 2.0f, 4.0f, -1.0f, 8.0f);
        assert_int_equal(vm_run(m), 0);
        assert_vec(pica_vm_output(&m->unit, 0), want[i][0], want[i][1], want[i][2], want[i][3], "inverted");
        vm_free(m);
    }
}

static void swizzle_negate_mask(void **state)
{
    (void)state;
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(9, "xyzw")));           /* o0 = (9, 9, 9, 9) */
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xz"), dw_neg(DW_V(0, "wzyx"))));     /* o0.xz = -v0.w, -v0.y */
    dw_emit(w, dw_op1(w, DW_ADD, DW_O(1, "yw"), DW_V(0, "yyyy"), dw_neg(DW_V(0, "xwzy"))));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), DW_V(0, "z")));              /* short swizzle repeats z */
    dw_emit(w, dw_mad(w, DW_O(3, "xyzw"), dw_neg(DW_V(0, "xxxx")), DW_V(0, "yzwx"), dw_neg(DW_C(9, "wzyx"))));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 6);
    vm *m = vm_build(w, false);
    dw_destroy(w);
    vm_set_uniform(m, 9, 9, 9, 9, 9);
    set4(pica_vm_input(&m->unit, 0), 1, 2, 3, 4);
    set4(pica_vm_output(&m->unit, 1), 7, 7, 7, 7);
    assert_int_equal(vm_run(m), 0);
    assert_vec(pica_vm_output(&m->unit, 0), -4, 9, -2, 9, "mov masked");
    assert_vec(pica_vm_output(&m->unit, 1), 7, 2 - 4, 7, 2 - 2, "add yw");
    assert_vec(pica_vm_output(&m->unit, 2), 3, 3, 3, 3, "short swizzle");
    /* -x * yzwx - 9 */
    assert_vec(pica_vm_output(&m->unit, 3), -1 * 2 - 9, -1 * 3 - 9, -1 * 4 - 9, -1 * 1 - 9, "mad negated");
    vm_free(m);
}

/* ---- float edge cases (fp-tests 0-40 and 3dbrew's table) ---- */

static void float_edge_cases(void **state)
{
    (void)state;
    const float inf = INFINITY, nan = NAN;
    assert_f(un_x(DW_RCP, 0.0f), inf, "rcp(0)");
    assert_f(un_x(DW_RCP, -0.0f), inf, "rcp(-0)");
    assert_f(un_x(DW_RCP, inf), 0.0f, "rcp(+inf)");
    assert_f(un_x(DW_RCP, nan), nan, "rcp(NaN)");
    assert_f(un_x(DW_RSQ, 0.0f), inf, "rsq(0)");
    assert_f(un_x(DW_RSQ, -0.0f), inf, "rsq(-0)");
    assert_f(un_x(DW_RSQ, 1.0f), 1.0f, "rsq(1)");
    assert_f(un_x(DW_RSQ, -1.0f), nan, "rsq(-1)");
    assert_f(un_x(DW_RSQ, -2.0f), nan, "rsq(-2)");
    assert_f(un_x(DW_RSQ, inf), 0.0f, "rsq(+inf)");
    assert_f(un_x(DW_RSQ, -inf), nan, "rsq(-inf)");
    assert_f(un_x(DW_RSQ, nan), nan, "rsq(NaN)");
    assert_f(bin_x(DW_MAX, 0, inf), inf, "max(0, +inf)");
    assert_f(bin_x(DW_MAX, 0, -inf), 0.0f, "max(0, -inf)");
    assert_f(bin_x(DW_MAX, 0, nan), nan, "max(0, NaN)");
    assert_f(bin_x(DW_MAX, nan, 0), 0.0f, "max(NaN, 0)");
    assert_f(bin_x(DW_MAX, -inf, inf), inf, "max(-inf, +inf)");
    assert_f(bin_x(DW_MIN, 0, inf), 0.0f, "min(0, +inf)");
    assert_f(bin_x(DW_MIN, 0, -inf), -inf, "min(0, -inf)");
    assert_f(bin_x(DW_MIN, 0, nan), nan, "min(0, NaN)");
    assert_f(bin_x(DW_MIN, nan, 0), 0.0f, "min(NaN, 0)");
    assert_f(bin_x(DW_MIN, -inf, inf), -inf, "min(-inf, +inf)");
    float minf[4] = {-inf, -inf, -inf, -inf}, pinf[4] = {inf, inf, inf, inf}, out[4];
    run_op(DW_ADD, FORM_BIN, pinf, minf, NULL, out);
    assert_f(out[0], nan, "+inf - +inf");
    assert_f(bin_x(DW_MUL, inf, 0), 0.0f, "inf * 0");
    assert_f(bin_x(DW_MUL, 0, inf), 0.0f, "0 * inf");
    assert_f(bin_x(DW_MUL, -inf, 0), 0.0f, "-inf * 0");
    /* hardware keeps NaN: fp-tests 22 and 23 */
    assert_f(bin_x(DW_MUL, nan, 0), nan, "NaN * 0");
    assert_f(bin_x(DW_MUL, 0, nan), nan, "0 * NaN");
    float ma[4] = {inf, inf, inf, inf}, mb[4] = {0, 0, 0, 0}, mc[4] = {1, 1, 1, 1};
    run_op(DW_MAD, FORM_MAD, ma, mb, mc, out);
    assert_vec(out, 1, 1, 1, 1, "mad(+inf, 0, 1)");
    float d1[4] = {inf, 1, 0, 1}, d2[4] = {0, 1, inf, 1};
    run_op(DW_DP4, FORM_BIN, d1, d2, NULL, out);
    assert_f(out[0], 2.0f, "dp4([inf,1,0,1], [0,1,inf,1])");
    float e1[4] = {inf, inf, 0, 5}, e2[4] = {0, 0, inf, 5};
    run_op(DW_DP3, FORM_BIN, e1, e2, NULL, out);
    assert_f(out[0], 0.0f, "dp3([inf,inf,0], [0,0,inf])");
    float h1[4] = {inf, inf, inf, nan}, h2[4] = {0, 0, 0, 1};
    run_op(DW_DPH, FORM_BIN, h1, h2, NULL, out);
    assert_f(out[0], 1.0f, "dph([inf,inf,inf], [0,0,0,1])");
    float s1[4] = {inf, 2, 3, 4}, s2[4] = {0, 2, 3, 4};
    run_op(DW_DST, FORM_BIN, s2, s1, NULL, out); /* y: 2*2 */
    assert_vec(out, 1, 4, 3, 4, "dst");
    float z1[4] = {1, inf, 1, 1}, z2[4] = {1, 0, 1, 1};
    run_op(DW_DST, FORM_BIN, z1, z2, NULL, out); /* y: inf * 0 = 0 */
    assert_f(out[1], 0.0f, "dst inf*0");
    assert_f(bin_x(DW_SGE, 0, nan), 0.0f, "sge(0, NaN)");
    assert_f(bin_x(DW_SGE, nan, 0), 0.0f, "sge(NaN, 0)");
    assert_f(bin_x(DW_SLT, 0, nan), 0.0f, "slt(0, NaN)");
    assert_f(bin_x(DW_SLT, nan, 0), 0.0f, "slt(NaN, 0)");
    assert_f(un_x(DW_FLR, -0.1f), -1.0f, "flr(-0.1)");
    assert_f(un_x(DW_FLR, -2.5f), -3.0f, "flr(-2.5)");
    assert_f(un_x(DW_FLR, 2.5f), 2.0f, "flr(2.5)");
    assert_f(un_x(DW_EX2, -inf), 0.0f, "exp2(-inf)");
    assert_f(un_x(DW_LG2, -0.0f), -inf, "log2(rcp(-inf)) = log2(-0)");
    assert_f(un_x(DW_LG2, 0.0f), -inf, "log2(0)");
    assert_f(un_x(DW_LG2, -1.0f), nan, "log2(-1)");
}

/* rsq(rcp(-inf)) and log2(rcp(-inf)) in one program (fp-tests 37, 39) */
static void chained_edge_cases(void **state)
{
    (void)state;
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_op1u(w, DW_RCP, DW_RD(0, "x"), dw_neg(DW_C(0, "x"))));
    dw_emit(w, dw_op1u(w, DW_RSQ, DW_O(0, "x"), DW_R(0, "x")));
    dw_emit(w, dw_op1u(w, DW_LG2, DW_O(0, "y"), DW_R(0, "x")));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 4);
    vm *m = vm_build(w, false);
    dw_destroy(w);
    vm_set_uniform(m, 0, INFINITY, 0, 0, 0);
    assert_int_equal(vm_run(m), 0);
    assert_f(pica_vm_output(&m->unit, 0)[0], INFINITY, "rsq(rcp(-inf))");
    assert_f(pica_vm_output(&m->unit, 0)[1], -INFINITY, "log2(rcp(-inf))");
    vm_free(m);
}

/* ---- address registers ---- */

static void relative_addressing(void **state)
{
    (void)state;
    /* mova a0.xy, v0 ; mov o0, c10[a0.x] ; mov o1, c0[a0.y] ; mov o2, c95[a0.x] ; end */
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_mova(w, "xy", DW_V(0, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), dw_rel(DW_C(10, "xyzw"), DW_IDX_A0X)));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), dw_rel(DW_C(0, "xyzw"), DW_IDX_A0Y)));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(2, "xyzw"), dw_rel(DW_C(95, "xyzw"), DW_IDX_A0X)));
    /* relative on a temporary is ignored (3dbrew) */
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(3, "xyzw"), dw_rel(DW_R(1, "xyzw"), DW_IDX_A0X)));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 6);
    vm *m = vm_build(w, false);
    dw_destroy(w);
    for (unsigned i = 0; i < 96; i++)
        vm_set_uniform(m, i, (float)i, (float)i + 0.5f, -(float)i, 1000.0f);
    set4(m->unit.reg[PICA_VM_SLOT_R + 1], 11, 12, 13, 14);
    set4(m->unit.reg[PICA_VM_SLOT_R + 2], 21, 22, 23, 24);
    struct { float ax, ay; float o0, o1, o2; } cases[] = {
        {5.0f, 3.9f, 15, 3, 4},     /* c15; c3 (mova truncates 3.9); c95+5 = 100 & 0x7F -> 100 >= 96: ones */
        {-3.0f, -0.9f, 7, 0, 92},   /* c7; -0.9 -> 0: c0; c92 */
        {-11.0f, -1.0f, 1, 1, 84},  /* 10-11 = -1 -> 0x7F: ones; c0-1 -> ones; c84 */
        {127.0f, 128.0f, 137 & 0x7F, 0, 94}, /* 10+127 = 137 & 0x7F = 9; 128 is outside -128..127: not
                                                  applied; 95+127 = 222 & 0x7F = 94 */
        {-128.0f, 50.0f, 10 - 128 + 128, 50, 95 - 128 + 128}, /* -118 & 0x7F = 10; c50; 95-128 = -33 & 0x7F = 95 */
        {33.0f, -129.0f, 43, 0, 0}, /* c43; -129 ignored: c0; 95+33 = 128 & 0x7F = 0: c0 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        set4(pica_vm_input(&m->unit, 0), cases[i].ax, cases[i].ay, 0, 0);
        assert_int_equal(vm_run(m), 0);
        const float *o[3] = {pica_vm_output(&m->unit, 0), pica_vm_output(&m->unit, 1), pica_vm_output(&m->unit, 2)};
        float want[3] = {cases[i].o0, cases[i].o1, cases[i].o2};
        for (int k = 0; k < 3; k++) {
            /* "ones" cases: index past c95 reads (1,1,1,1) */
            bool ones = (k == 0 && i == 2) || (k == 1 && i == 2) || (k == 2 && i == 0);
            if (ones)
                assert_vec(o[k], 1, 1, 1, 1, "relative past c95");
            else
                assert_vec(o[k], want[k], want[k] + 0.5f, -want[k], 1000.0f, "relative");
        }
        assert_vec(pica_vm_output(&m->unit, 3), 11, 12, 13, 14, "relative on a temporary is ignored");
    }
    assert_int_equal(m->unit.a0[0], 33);
    assert_int_equal(m->unit.a0[1], -129);
    vm_free(m);
}

static void mova_truncates_and_saturates(void **state)
{
    (void)state;
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_mova(w, "x", DW_V(0, "xyzw")));
    dw_emit(w, dw_mova(w, "y", DW_V(0, "zzzz"))); /* lane y feeds a0.y */
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 3);
    vm *m = vm_build(w, false);
    dw_destroy(w);
    set4(pica_vm_input(&m->unit, 0), 0.9f, 99.0f, -1.5f, 0);
    assert_int_equal(vm_run(m), 0);
    assert_int_equal(m->unit.a0[0], 0);   /* mova-tests: rounds toward zero */
    assert_int_equal(m->unit.a0[1], -1);
    set4(pica_vm_input(&m->unit, 0), NAN, 0, 3e9f, 0);
    assert_int_equal(vm_run(m), 0);
    assert_int_equal(m->unit.a0[0], INT32_MIN);
    assert_int_equal(m->unit.a0[1], INT32_MIN);
    vm_free(m);
}

/* ---- flow control ---- */

/* cmp v0.xy against v1.xy with (opx, opy) -> o0 = (cmp.x, cmp.y) via ifc */
static void cmp_and_ifc(void **state)
{
    (void)state;
    static const struct { float a, b; uint32_t op; bool want; } cases[] = {
        {1, 1, DW_EQ, true},  {1, 2, DW_EQ, false}, {1, 2, DW_NE, true}, {2, 2, DW_NE, false},
        {1, 2, DW_LT, true},  {2, 2, DW_LT, false}, {2, 2, DW_LE, true}, {3, 2, DW_LE, false},
        {3, 2, DW_GT, true},  {2, 2, DW_GT, false}, {2, 2, DW_GE, true}, {1, 2, DW_GE, false},
        {NAN, NAN, DW_EQ, false}, {NAN, 0, DW_NE, true}, {1, 2, 6, true}, {1, 2, 7, true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int which = 0; which < 2; which++) {
            /* 0: cmp ; ifc (x or y) 3, 1 ; mov o0, c1 (then) ; 3: mov o0, c2 (else) ; 4: end */
            pica_dvlb_writer *w = dw_create();
            uint32_t opx = which == 0 ? cases[i].op : DW_EQ, opy = which == 1 ? cases[i].op : DW_EQ;
            dw_emit(w, dw_cmp(w, DW_V(0, "xyzw"), opx, opy, DW_V(1, "xyzw")));
            dw_emit(w, dw_flow2(DW_IFC, which == 0 ? DW_JUST_X : DW_JUST_Y, 1, 1, 3, 1));
            dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(1, "xyzw")));
            dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(2, "xyzw")));
            dw_emit(w, dw_op0(DW_END));
            dw_dvle(w, 0, 0, 5);
            vm *m = vm_build(w, false);
            dw_destroy(w);
            vm_set_uniform(m, 1, 1, 1, 1, 1);
            vm_set_uniform(m, 2, 2, 2, 2, 2);
            set4(pica_vm_input(&m->unit, 0), which == 0 ? cases[i].a : 5, which == 1 ? cases[i].a : 5, 0, 0);
            set4(pica_vm_input(&m->unit, 1), which == 0 ? cases[i].b : 5, which == 1 ? cases[i].b : 5, 0, 0);
            assert_int_equal(vm_run(m), 0);
            assert_int_equal(m->unit.cmp[which], cases[i].want);
            assert_int_equal(m->unit.cmp[!which], 1);
            assert_f(pica_vm_output(&m->unit, 0)[0], cases[i].want ? 1.0f : 2.0f, "ifc branch");
            /* then-block: 1 cmp + ifc + mov(2) + jump to 4: end = 4 instructions; else: cmp, ifc, mov(3), end */
            assert_int_equal(m->unit.steps, 4);
            vm_free(m);
        }
    }
}

/* The four condition operators of format 2 (3dbrew "Conditions"). */
static void condition_operators(void **state)
{
    (void)state;
    for (unsigned cx = 0; cx < 2; cx++)
        for (unsigned cy = 0; cy < 2; cy++)
            for (unsigned op = 0; op < 4; op++)
                for (unsigned rx = 0; rx < 2; rx++)
                    for (unsigned ry = 0; ry < 2; ry++) {
                        /* cmp sets (cx, cy); jmpc cond, 4 ; mov o0, c1 ; end ; 4: mov o0, c2 ; end */
                        pica_dvlb_writer *w = dw_create();
                        dw_emit(w, dw_cmp(w, DW_V(0, "xyzw"), cx ? DW_EQ : DW_NE, cy ? DW_EQ : DW_NE,
                                          DW_V(0, "xyzw")));
                        dw_emit(w, dw_flow2(DW_JMPC, op, (int)rx, (int)ry, 4, 0));
                        dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(1, "xyzw")));
                        dw_emit(w, dw_op0(DW_END));
                        dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(2, "xyzw")));
                        dw_emit(w, dw_op0(DW_END));
                        dw_dvle(w, 0, 0, 6);
                        vm *m = vm_build(w, false);
                        dw_destroy(w);
                        vm_set_uniform(m, 1, 1, 1, 1, 1);
                        vm_set_uniform(m, 2, 2, 2, 2, 2);
                        assert_int_equal(vm_run(m), 0);
                        bool x = cx == rx, y = cy == ry;
                        bool want = op == 0 ? (x || y) : op == 1 ? (x && y) : op == 2 ? x : y;
                        assert_f(pica_vm_output(&m->unit, 0)[0], want ? 2.0f : 1.0f, "jmpc");
                        vm_free(m);
                    }
}

static void bool_uniform_flow(void **state)
{
    (void)state;
    /* 0: ifu b3, 2, 1 ; 1: add r0, r0, one ; 2: jmpu !b4, 4 ; 3: add r0, r0, one ;
     * 4: callu b5, 8, 1 ; 5: mov o0, r0 ; 6: end ; 7: nop ; 8: add r0, r0, c1(ten) */
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_flow3(DW_IFU, 3, 2, 0));
    dw_emit(w, dw_op1(w, DW_ADD, DW_RD(0, "xyzw"), DW_C(0, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_flow3(DW_JMPU, 4, 4, 1)); /* inverted: jump if !b4 */
    dw_emit(w, dw_op1(w, DW_ADD, DW_RD(0, "xyzw"), DW_C(2, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_flow3(DW_CALLU, 5, 8, 1));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
    dw_emit(w, dw_op0(DW_NOP));
    dw_emit(w, dw_op1(w, DW_ADD, DW_RD(0, "xyzw"), DW_C(1, "xyzw"), DW_R(0, "xyzw")));
    dw_dvle(w, 0, 0, 9);
    vm *m = vm_build(w, false);
    dw_destroy(w);
    vm_set_uniform(m, 0, 1, 1, 1, 1);
    vm_set_uniform(m, 1, 10, 10, 10, 10);
    vm_set_uniform(m, 2, 100, 100, 100, 100);
    for (unsigned bits = 0; bits < 8; bits++) {
        bool b3 = bits & 1, b4 = bits & 2, b5 = bits & 4;
        m->setup.bool_uniforms = (uint16_t)((b3 << 3) | (b4 << 4) | (b5 << 5));
        set4(m->unit.reg[PICA_VM_SLOT_R], 0, 0, 0, 0);
        assert_int_equal(vm_run(m), 0);
        float want = (b3 ? 1.0f : 0.0f) + (b4 ? 100.0f : 0.0f) + (b5 ? 10.0f : 0.0f);
        assert_f(pica_vm_output(&m->unit, 0)[0], want, "ifu/jmpu/callu");
    }
    vm_free(m);
}

static void if_else_nested(void **state)
{
    (void)state;
    /* ifu b0, 5, 3 (then 1-4, else 5-7) containing ifu b1, 3, 1 (then 2, else 3) */
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_flow3(DW_IFU, 0, 5, 3));                                                   /* 0 */
    dw_emit(w, dw_flow3(DW_IFU, 1, 3, 1));                                                   /* 1 */
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "x"), DW_C(1, "x")));                              /* 2: b0 b1 */
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "x"), DW_C(2, "x")));                              /* 3: b0 !b1 */
    dw_emit(w, dw_op0(DW_NOP));                                                              /* 4 */
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "x"), DW_C(3, "x")));                              /* 5: !b0 */
    dw_emit(w, dw_op0(DW_NOP));                                                              /* 6 */
    dw_emit(w, dw_op0(DW_NOP));                                                              /* 7 */
    dw_emit(w, dw_op0(DW_END));                                                              /* 8 */
    dw_dvle(w, 0, 0, 9);
    vm *m = vm_build(w, false);
    dw_destroy(w);
    for (int i = 1; i <= 3; i++)
        vm_set_uniform(m, (unsigned)i, (float)i, 0, 0, 0);
    /* bits = b0 | b1 << 1: !b0 -> c3; b0 !b1 -> c2; b0 b1 -> c1 (the inner
     * else at 3 closes at 4, then the outer else at 5 closes at 8) */
    const float want[4] = {3, 2, 3, 1};
    for (unsigned bits = 0; bits < 4; bits++) {
        m->setup.bool_uniforms = (uint16_t)bits;
        assert_int_equal(vm_run(m), 0);
        assert_f(pica_vm_output(&m->unit, 0)[0], want[bits], "nested if");
    }
    vm_free(m);
}

static void nested_loops(void **state)
{
    (void)state;
    /* i0 = (2, 10, 5): 3 iterations, aL = 10, 15, 20; i1 = (1, 1, 2): 2 iterations, aL = 1, 3
     * 0: loop i0, 5
     * 1:   add o0.x, c90.x, v0.x
     * 2:   add o1, c0[aL], v1         ; c10, c15, c20: aL is restored after the inner loop
     * 3:   loop i1, 4
     * 4:     add o2, c0[aL], v2       ; c1, c3
     * 5:   nop                        ; the scopes must not end on one word: only one
     *                                 ; LOOP pops per instruction (picasso pads with NOP)
     * 6: end */
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_flow3(DW_LOOP, 0, 5, 0));
    dw_emit(w, dw_op1(w, DW_ADD, DW_O(0, "x"), DW_C(90, "x"), DW_V(0, "x")));
    dw_emit(w, dw_op1(w, DW_ADD, DW_O(1, "xyzw"), dw_rel(DW_C(0, "xyzw"), DW_IDX_AL), DW_V(1, "xyzw")));
    dw_emit(w, dw_flow3(DW_LOOP, 1, 4, 0));
    dw_emit(w, dw_op1(w, DW_ADD, DW_O(2, "xyzw"), dw_rel(DW_C(0, "xyzw"), DW_IDX_AL), DW_V(2, "xyzw")));
    dw_emit(w, dw_op0(DW_NOP));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 7);
    dw_const_i(w, 0, 2, 10, 5, 0);
    dw_const_i(w, 1, 1, 1, 2, 0);
    vm *m = vm_build(w, false);
    dw_destroy(w);
    for (unsigned i = 0; i < 90; i++)
        vm_set_uniform(m, i, (float)i, 0, 0, 0);
    vm_set_uniform(m, 90, 1, 0, 0, 0);
    assert_int_equal(m->setup.int_uniforms[0][0], 2);
    assert_int_equal(vm_run(m), 0);
    assert_f(pica_vm_output(&m->unit, 0)[0], 1, "outer body ran");
    assert_f(pica_vm_output(&m->unit, 1)[0], 20, "outer aL 10, 15, 20 (restored after the inner loop)");
    assert_f(pica_vm_output(&m->unit, 2)[0], 3, "inner aL 1, 3");
    /* loop + 3 * (add, add, loop, add, add, nop) + end */
    assert_int_equal(m->unit.steps, 1 + 3 * 6 + 1);
    /* after the outermost loop aL keeps its last value: 20 + 5 */
    assert_int_equal(m->unit.aL, 25);

    /* both scopes ending on one word: the inner loop's exit lands on END and
     * the outer loop never repeats (one LOOP pop per instruction) */
    w = dw_create();
    dw_emit(w, dw_flow3(DW_LOOP, 0, 2, 0));
    dw_emit(w, dw_flow3(DW_LOOP, 1, 2, 0));
    dw_emit(w, dw_op1(w, DW_ADD, DW_RD(0, "xyzw"), DW_C(90, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 5);
    dw_const_i(w, 0, 2, 0, 1, 0);
    dw_const_i(w, 1, 1, 0, 1, 0);
    vm_free(m);
    m = vm_build(w, false);
    dw_destroy(w);
    vm_set_uniform(m, 90, 1, 1, 1, 1);
    assert_int_equal(vm_run(m), 0);
    assert_f(pica_vm_output(&m->unit, 0)[0], 2, "only the inner loop's two iterations");
    vm_free(m);
}

/* Accumulating loop: r0 += v0 every iteration, 256 iterations at most. */
static void loop_counts(void **state)
{
    (void)state;
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(0, "xyzw"), DW_C(95, "xyzw")));
    dw_emit(w, dw_flow3(DW_LOOP, 2, 2, 0));
    dw_emit(w, dw_op1(w, DW_ADD, DW_RD(0, "xyzw"), DW_C(1, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 5);
    vm *m = vm_build(w, false);
    dw_destroy(w);
    vm_set_uniform(m, 1, 1, 1, 1, 1);
    const uint8_t counts[] = {0, 1, 7, 255};
    for (size_t i = 0; i < sizeof counts; i++) {
        m->setup.int_uniforms[2][0] = counts[i];
        assert_int_equal(vm_run(m), 0);
        assert_f(pica_vm_output(&m->unit, 0)[0], (float)counts[i] + 1.0f, "loop runs x + 1 times");
    }
    vm_free(m);
}

static void break_and_breakc(void **state)
{
    (void)state;
    /* loop i0 (x=9, y=0, z=1) over: add r0, one ; cmp r0.x, ge, eq, c_limit ; breakc cmp.x ; nop
     * -> r0 counts to the limit and leaves */
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_op1u(w, DW_MOV, DW_RD(0, "xyzw"), DW_C(95, "xyzw"))); /* 0 */
    dw_emit(w, dw_flow3(DW_LOOP, 0, 5, 0));                              /* 1 */
    dw_emit(w, dw_op1(w, DW_ADD, DW_RD(0, "xyzw"), DW_C(1, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_cmp(w, DW_C(2, "xyzw"), DW_LE, DW_EQ, DW_R(0, "xyzw")));
    dw_emit(w, dw_flow2(DW_BREAKC, DW_JUST_X, 1, 0, 0, 0));
    dw_emit(w, dw_op0(DW_NOP));                                          /* 5 */
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_R(0, "xyzw")));   /* 6 */
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 8);
    dw_const_i(w, 0, 9, 0, 1, 0);
    vm *m = vm_build(w, false);
    dw_destroy(w);
    vm_set_uniform(m, 1, 1, 1, 1, 1);
    vm_set_uniform(m, 2, 4, 4, 4, 4);
    assert_int_equal(vm_run(m), 0);
    assert_f(pica_vm_output(&m->unit, 0)[0], 4, "breakc left after 4 iterations");
    vm_set_uniform(m, 2, 100, 100, 100, 100);
    assert_int_equal(vm_run(m), 0);
    assert_f(pica_vm_output(&m->unit, 0)[0], 10, "no break: 10 iterations");
    vm_free(m);

    /* plain BREAK on the first iteration */
    w = dw_create();
    dw_emit(w, dw_flow3(DW_LOOP, 0, 2, 0));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(1, "xyzw")));
    dw_emit(w, dw_op0(DW_BREAK));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 4);
    dw_const_i(w, 0, 200, 0, 1, 0);
    m = vm_build(w, false);
    dw_destroy(w);
    assert_int_equal(vm_run(m), 0);
    assert_int_equal(m->unit.steps, 4);
    vm_free(m);
}

static void call_and_return(void **state)
{
    (void)state;
    /* 0: call 4, 2 ; 1: callc cmp.x, 7, 1 ; 2: mov o0, r0 ; 3: end ;
     * 4: add r0, r0, c1 ; 5: call 7, 1 ; 6: nop(end of proc) ; 7: add r0, r0, c2 */
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_flow2(DW_CALL, 0, 0, 0, 4, 3));
    dw_emit(w, dw_flow2(DW_CALLC, DW_JUST_X, 1, 0, 7, 1));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
    dw_emit(w, dw_op1(w, DW_ADD, DW_RD(0, "xyzw"), DW_C(1, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_flow2(DW_CALL, 0, 0, 0, 7, 1));
    dw_emit(w, dw_op0(DW_NOP));
    dw_emit(w, dw_op1(w, DW_ADD, DW_RD(0, "xyzw"), DW_C(2, "xyzw"), DW_R(0, "xyzw")));
    dw_dvle(w, 0, 0, 8);
    vm *m = vm_build(w, false);
    dw_destroy(w);
    vm_set_uniform(m, 1, 1, 1, 1, 1);
    vm_set_uniform(m, 2, 10, 10, 10, 10);
    m->unit.cmp[0] = 1;
    assert_int_equal(vm_run(m), 0);
    assert_f(pica_vm_output(&m->unit, 0)[0], 21, "call, nested call, callc taken");
    set4(m->unit.reg[PICA_VM_SLOT_R], 0, 0, 0, 0);
    m->unit.cmp[0] = 0;
    assert_int_equal(vm_run(m), 0);
    assert_f(pica_vm_output(&m->unit, 0)[0], 11, "callc not taken");
    vm_free(m);
}

/* A JMP at the end of an IF block is not taken: the IF scope closing wins
 * (3dbrew "Control Flow": stack updates beat JMP). */
static void jmp_at_scope_end_loses(void **state)
{
    (void)state;
    /* 0: ifu b0, 2, 1 ; 1: jmpu b0, 5 ; 2: nop (else) ; 3: mov o0, c1 ; 4: end ; 5: mov o0, c2 ; 6: end */
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_flow3(DW_IFU, 0, 2, 1));
    dw_emit(w, dw_flow3(DW_JMPU, 0, 5, 0));
    dw_emit(w, dw_op0(DW_NOP));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(1, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(2, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 7);
    vm *m = vm_build(w, false);
    dw_destroy(w);
    vm_set_uniform(m, 1, 1, 1, 1, 1);
    vm_set_uniform(m, 2, 2, 2, 2, 2);
    m->setup.bool_uniforms = 1;
    assert_int_equal(vm_run(m), 0);
    assert_f(pica_vm_output(&m->unit, 0)[0], 1, "the IF scope end overrides the jump");
    vm_free(m);
}

/* n nested IFs, all taken. IF k (word k) has its else block at 2n - k, so
 * the scopes close one word apart; the outermost (IF 0) has a 2-word else
 * block (words 2n, 2n + 1, two adds) that is skipped when IF 0 closes.
 * With 9 IFs the 8-deep stack drops IF 0 (3dbrew: overflow discards the
 * oldest entry), so its else block runs. */
static float nested_ifs(uint32_t n, uint32_t *status)
{
    pica_dvlb_writer *w = dw_create();
    for (uint32_t k = 0; k < n; k++)
        dw_emit(w, dw_flow3(DW_IFU, 0, 2 * n - k, k == 0 ? 2 : 0));
    while (dw_here(w) < 2 * n)
        dw_emit(w, dw_op0(DW_NOP));
    dw_emit(w, dw_op1(w, DW_ADD, DW_RD(0, "xyzw"), DW_C(1, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_op1(w, DW_ADD, DW_RD(0, "xyzw"), DW_C(1, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_R(0, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, dw_here(w));
    vm *m = vm_build(w, false);
    dw_destroy(w);
    vm_set_uniform(m, 1, 1, 1, 1, 1);
    m->setup.bool_uniforms = 1;
    *status = vm_run(m);
    float r = pica_vm_output(&m->unit, 1)[0];
    vm_free(m);
    return r;
}

static void if_stack_overflow(void **state)
{
    (void)state;
    uint32_t st;
    assert_f(nested_ifs(8, &st), 0, "8 nested IFs fit");
    assert_int_equal(st, 0);
    assert_f(nested_ifs(9, &st), 2, "the dropped IF's else block ran");
    assert_int_equal(st, PICA_VM_STACK_OVERFLOW);
}

/* `depth` nested CALLs, each the last word of its caller's scope, so one
 * closing word pops them all in a row. Level j's scope is words 10j and
 * 10j + 1; word 0 calls level 1, which returns to word 1 (o0 = c1). When four
 * scopes close at once the fourth pop does not update the PC (3dbrew), so
 * execution continues at the third return address, word 12 (o0 = c2). */
static float chained_calls(uint32_t depth)
{
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_flow2(DW_CALL, 0, 0, 0, 10, 2));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(1, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
    for (uint32_t j = 1; j <= depth; j++) {
        while (dw_here(w) < 10 * j)
            dw_emit(w, dw_op0(DW_NOP));
        dw_emit(w, dw_op0(DW_NOP));
        if (j < depth)
            dw_emit(w, dw_flow2(DW_CALL, 0, 0, 0, 10 * (j + 1), 2));
        else
            dw_emit(w, dw_op1(w, DW_ADD, DW_RD(0, "xyzw"), DW_C(1, "xyzw"), DW_R(0, "xyzw")));
        if (j == 1) {
            dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(2, "xyzw"))); /* word 12 */
            dw_emit(w, dw_op0(DW_END));
        }
    }
    dw_dvle(w, 0, 0, dw_here(w));
    vm *m = vm_build(w, false);
    dw_destroy(w);
    vm_set_uniform(m, 1, 1, 1, 1, 1);
    vm_set_uniform(m, 2, 2, 2, 2, 2);
    assert_int_equal(vm_run(m), 0);
    assert_f(m->unit.reg[PICA_VM_SLOT_R][0], 1, "the innermost body ran once");
    float r = pica_vm_output(&m->unit, 0)[0];
    vm_free(m);
    return r;
}

static void call_stack_four_pops(void **state)
{
    (void)state;
    assert_f(chained_calls(2), 1, "two scopes close together");
    assert_f(chained_calls(3), 1, "three scopes close together");
    assert_f(chained_calls(4), 2, "the fourth pop misses its PC update");
}

/* ---- geometry shader unit ---- */

typedef struct prims {
    int count;
    float v[16][3][4]; /* o0 of each vertex */
    bool winding[16];
} prims;

static void on_prim(void *user, const float (*a)[4], const float (*b)[4], const float (*c)[4], bool winding)
{
    prims *p = user;
    if (p->count >= 16)
        return;
    memcpy(p->v[p->count][0], a[0], 16);
    memcpy(p->v[p->count][1], b[0], 16);
    memcpy(p->v[p->count][2], c[0], 16);
    p->winding[p->count++] = winding;
}

/* A geometry shader that turns its input point into a 4-vertex strip
 * (2 triangles) and a 4-vertex fan: setemit ids cycle as a strip would with
 * alternating winding. */
static void gs_emits_strip_and_fan(void **state)
{
    (void)state;
    pica_dvlb_writer *w = dw_create();
    /* strip: vertices p+(0,0) p+(1,0) p+(0,1) p+(1,1) as ids 0,1,2 then 0 with prim+inv */
    static const int offs[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
    static const struct { uint32_t id; int prim, inv; } strip[4] = {{0, 0, 0}, {1, 0, 0}, {2, 1, 0}, {0, 1, 1}};
    for (int i = 0; i < 4; i++) {
        dw_emit(w, dw_op1(w, DW_ADD, DW_O(0, "xyzw"), DW_C(10 + i, "xyzw"), DW_V(0, "xyzw")));
        dw_emit(w, dw_setemit(strip[i].id, strip[i].prim, strip[i].inv));
        dw_emit(w, dw_op0(DW_EMIT));
    }
    /* fan around c20: centre id 0 stays, rim alternates ids 1 and 2 */
    static const struct { uint32_t id; int prim; uint32_t c; } fan[4] = {{0, 0, 20}, {1, 0, 21}, {2, 1, 22}, {1, 1, 23}};
    for (int i = 0; i < 4; i++) {
        dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(fan[i].c, "xyzw")));
        dw_emit(w, dw_setemit(fan[i].id, fan[i].prim, 0));
        dw_emit(w, dw_op0(DW_EMIT));
    }
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 1, 0, dw_here(w));
    dw_gsh(w, 0, 0, 0, 0, 0);
    vm *m = vm_build(w, true);
    dw_destroy(w);
    for (int i = 0; i < 4; i++) {
        vm_set_uniform(m, 10u + (unsigned)i, (float)offs[i][0], (float)offs[i][1], 0, 0);
        vm_set_uniform(m, 20u + (unsigned)i, (float)i, (float)(10 * i), 0, 1);
    }
    prims p = {0};
    m->unit.on_prim = on_prim;
    m->unit.on_prim_user = &p;
    set4(pica_vm_input(&m->unit, 0), 5, 7, 0, 1);
    assert_int_equal(vm_run(m), 0);
    assert_int_equal(p.count, 4);
    /* strip triangle 1: (5,7) (6,7) (5,8), winding off */
    assert_vec(p.v[0][0], 5, 7, 0, 1, "strip t0 v0");
    assert_vec(p.v[0][1], 6, 7, 0, 1, "strip t0 v1");
    assert_vec(p.v[0][2], 5, 8, 0, 1, "strip t0 v2");
    assert_false(p.winding[0]);
    /* triangle 2 replaces id 0 with (6,8): buffer (6,8) (6,7) (5,8), inverted */
    assert_vec(p.v[1][0], 6, 8, 0, 1, "strip t1 v0");
    assert_vec(p.v[1][1], 6, 7, 0, 1, "strip t1 v1");
    assert_vec(p.v[1][2], 5, 8, 0, 1, "strip t1 v2");
    assert_true(p.winding[1]);
    /* fan: centre c20 kept in slot 0; rim c21, c22 then c23 replaces slot 1 */
    assert_vec(p.v[2][0], 0, 0, 0, 1, "fan t0 centre");
    assert_vec(p.v[2][1], 1, 10, 0, 1, "fan t0 v1");
    assert_vec(p.v[2][2], 2, 20, 0, 1, "fan t0 v2");
    assert_vec(p.v[3][0], 0, 0, 0, 1, "fan t1 centre");
    assert_vec(p.v[3][1], 3, 30, 0, 1, "fan t1 v1");
    assert_vec(p.v[3][2], 2, 20, 0, 1, "fan t1 v2");
    vm_free(m);
}

/* Output registers not written between two EMITs read what they held two
 * EMITs ago (Azahar, verified on hardware). */
static void gs_output_banks(void **state)
{
    (void)state;
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(1, "xyzw")));
    dw_emit(w, dw_setemit(0, 0, 0));
    dw_emit(w, dw_op0(DW_EMIT));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(2, "xyzw")));
    dw_emit(w, dw_setemit(1, 0, 0));
    dw_emit(w, dw_op0(DW_EMIT));
    dw_emit(w, dw_setemit(2, 1, 0)); /* o0 not written: holds c1 (bank of the first EMIT) */
    dw_emit(w, dw_op0(DW_EMIT));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 1, 0, dw_here(w));
    vm *m = vm_build(w, true);
    dw_destroy(w);
    vm_set_uniform(m, 1, 1, 1, 1, 1);
    vm_set_uniform(m, 2, 2, 2, 2, 2);
    prims p = {0};
    m->unit.on_prim = on_prim;
    m->unit.on_prim_user = &p;
    assert_int_equal(vm_run(m), 0);
    assert_int_equal(p.count, 1);
    assert_f(p.v[0][0][0], 1, "v0");
    assert_f(p.v[0][1][0], 2, "v1");
    assert_f(p.v[0][2][0], 1, "v2 from the other bank");
    vm_free(m);
}

/* ---- bad programs: bounded, reported ---- */

static void bad_programs(void **state)
{
    (void)state;
    /* no END: runs off the end of code memory */
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_op0(DW_NOP));
    dw_dvle(w, 0, 0, 1);
    vm *m = vm_build(w, false);
    dw_destroy(w);
    assert_int_equal(vm_run(m), PICA_VM_RAN_OFF_END);
    assert_int_equal(m->unit.steps, 4096);
    /* entry point past code memory */
    assert_int_equal(pica_vm_run(&m->unit, m->prog, 5000), PICA_VM_BAD_ENTRY);
    vm_free(m);

    /* an endless loop: jmpc to itself is stopped by the step limit */
    w = dw_create();
    dw_emit(w, dw_op0(DW_NOP));
    dw_emit(w, dw_flow2(DW_JMPC, DW_OR, 0, 0, 0, 0)); /* cmp starts 0,0: !cmp.x || !cmp.y is true */
    dw_dvle(w, 0, 0, 2);
    m = vm_build(w, false);
    dw_destroy(w);
    m->unit.step_limit = 1000;
    assert_int_equal(vm_run(m), PICA_VM_STEP_LIMIT);
    assert_true(m->unit.steps > 1000 && m->unit.steps <= 1002);
    vm_free(m);

    /* BREAK outside a loop hangs the GPU: stopped */
    w = dw_create();
    dw_emit(w, dw_op0(DW_BREAK));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 2);
    m = vm_build(w, false);
    dw_destroy(w);
    assert_int_equal(vm_run(m), PICA_VM_BREAK_NO_LOOP);
    vm_free(m);

    /* undefined opcodes run as NOP; EMIT in a vertex shader is ignored */
    w = dw_create();
    dw_emit(w, 0x10u << 26);
    dw_emit(w, 0x1Fu << 26 | 0x123);
    dw_emit(w, dw_setemit(0, 1, 0));
    dw_emit(w, dw_op0(DW_EMIT));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_C(1, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 6);
    m = vm_build(w, false);
    dw_destroy(w);
    vm_set_uniform(m, 1, 3, 3, 3, 3);
    assert_int_equal(vm_run(m), PICA_VM_UNKNOWN_OPCODE | PICA_VM_EMIT_IN_VS);
    assert_f(pica_vm_output(&m->unit, 0)[0], 3, "ran on");
    assert_int_equal(pica_vm_program_unknown_opcodes(m->prog), 2);
    vm_free(m);

    /* a loop whose scope never closes and a jump back: many stack pushes */
    w = dw_create();
    dw_emit(w, dw_flow3(DW_LOOP, 0, 3000, 0));
    dw_emit(w, dw_flow2(DW_CALL, 0, 0, 0, 0, 200));
    dw_dvle(w, 0, 0, 2);
    m = vm_build(w, false);
    dw_destroy(w);
    m->unit.step_limit = 5000;
    uint32_t st = vm_run(m);
    assert_true(st & PICA_VM_STEP_LIMIT);
    assert_true(st & PICA_VM_STACK_OVERFLOW);
    vm_free(m);
}

/* ---- the program cache ---- */

static void program_cache(void **state)
{
    (void)state;
    pica_vm_cache *c;
    assert_int_equal(pica_vm_cache_create(2, &c), GLHLE_RESULT_OK);
    pica_shader_setup *s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->code[0] = 0x22u << 26; /* end */
    pica_vm_binding b = {0};
    const pica_vm_program *p1 = pica_vm_cache_get(c, &b, s);
    assert_non_null(p1);
    assert_ptr_equal(pica_vm_cache_get(c, &b, s), p1); /* generation unchanged: no hashing */
    pica_vm_cache_stats st = pica_vm_cache_get_stats(c);
    assert_int_equal(st.decodes, 1);
    assert_int_equal(st.fast, 1);
    s->program_generation++; /* rewritten with the same words: found by hash */
    assert_ptr_equal(pica_vm_cache_get(c, &b, s), p1);
    assert_int_equal(pica_vm_cache_get_stats(c).hits, 1);
    uint64_t h1 = pica_vm_program_hash(p1);
    s->opdesc[5] = 0x1234; /* a changed descriptor is a different program */
    s->program_generation++;
    const pica_vm_program *p2 = pica_vm_cache_get(c, &b, s);
    assert_ptr_not_equal(p2, p1);
    assert_int_not_equal(pica_vm_program_hash(p2), h1);
    s->code[1] = 0x21u << 26;
    s->program_generation++;
    const pica_vm_program *p3 = pica_vm_cache_get(c, &b, s); /* evicts p1, the least recent */
    assert_ptr_equal(p3, p1);
    assert_int_equal(pica_vm_cache_get_stats(c).decodes, 3);
    s->code[1] = 0;
    s->program_generation++;
    pica_vm_cache_get(c, &b, s); /* p2's program again: a hit */
    assert_int_equal(pica_vm_cache_get_stats(c).hits, 2);
    free(s);
    pica_vm_cache_destroy(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(transform_program),
        cmocka_unit_test(arithmetic_ops),
        cmocka_unit_test(inverted_forms),
        cmocka_unit_test(swizzle_negate_mask),
        cmocka_unit_test(float_edge_cases),
        cmocka_unit_test(chained_edge_cases),
        cmocka_unit_test(relative_addressing),
        cmocka_unit_test(mova_truncates_and_saturates),
        cmocka_unit_test(cmp_and_ifc),
        cmocka_unit_test(condition_operators),
        cmocka_unit_test(bool_uniform_flow),
        cmocka_unit_test(if_else_nested),
        cmocka_unit_test(nested_loops),
        cmocka_unit_test(loop_counts),
        cmocka_unit_test(break_and_breakc),
        cmocka_unit_test(call_and_return),
        cmocka_unit_test(jmp_at_scope_end_loses),
        cmocka_unit_test(if_stack_overflow),
        cmocka_unit_test(call_stack_four_pops),
        cmocka_unit_test(gs_emits_strip_and_fan),
        cmocka_unit_test(gs_output_banks),
        cmocka_unit_test(bad_programs),
        cmocka_unit_test(program_cache),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
