/* tools/glhle-shbin.c: the command-line contract of design.md
 * (`glhle-shbin disasm IN.shbin`), run as a program on a file the test
 * writes: the listing, and the exit codes for bad files and bad usage. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "support/pica_dvlb_writer.h"

/* build/<preset>/tools/glhle-shbin, next to build/<preset>/Testing/Temporary */
static const char *tool_path(void)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/../../tools/glhle-shbin", ts_output_dir());
    struct stat st;
    return stat(path, &st) == 0 ? path : NULL;
}

static void need_tool(void)
{
    if (!tool_path()) {
        print_message("SKIP: glhle-shbin was not built (GLHLE_BUILD_TOOLS off)\n");
        skip();
    }
}

static int run(const char *args, char *out, size_t cap)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "'%s' %s 2>&1", tool_path(), args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = 0;
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void write_file(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, size, f), size);
    fclose(f);
}

/* The sample file: dp4 o0.x, c0.xyzw, -v0.wzyx; end; one vertex DVLE with
 * a constant, a uniform and a position output. */
static uint8_t *sample_file(size_t *size)
{
    need_tool();
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_op1(w, DW_DP4, DW_O(0, "x"), DW_C(0, "xyzw"), dw_neg(DW_V(0, "wzyx"))));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 2);
    dw_const_f(w, 4, 1.0f, 0.5f, -2.0f, 0.0f);
    dw_uniform(w, "mvp", 0x10, 0x13);
    dw_output(w, 0, 0, 0x1);
    uint8_t *file = dw_finish(w, size);
    dw_destroy(w);
    return file;
}

static void disasm_contract(void **state)
{
    (void)state;
    size_t size;
    uint8_t *file = sample_file(&size);
    const char *in = ts_output_path("glhle_shbin_test.shbin");
    write_file(in, file, size);

    static char out[8192];
    char args[4200];
    snprintf(args, sizeof args, "disasm '%s'", in);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_string_equal(out, "; program: 2 words, 1 operand descriptors, 1 DVLE(s)\n"
                             "0x000: dp4 o0.x, c0.xyzw, -v0.wzyx\n"
                             "0x001: end\n"
                             "\n"
                             "DVLE 0: vertex shader, main 0x000, end 0x002\n"
                             "  const c4 = (1, 0.5, -2, 0)\n"
                             "  uniform c0-c3 mvp\n"
                             "  out o0.x position\n");

    /* a file whose program runs past its end: exit 1, the reason on stderr */
    uint32_t words;
    memcpy(&words, file + 0xC + 0xC, 4); /* DVLP code size (one DVLE: DVLP at 0xC) */
    words = 4096;
    memcpy(file + 0xC + 0xC, &words, 4);
    write_file(in, file, size);
    assert_int_equal(run(args, out, sizeof out), 1);
    assert_non_null(strstr(out, "runs past"));
    assert_non_null(strstr(out, "byte 0x14")); /* the size field's offset */
    free(file);

    assert_int_equal(run("disasm /nonexistent/file.shbin", out, sizeof out), 1);
    assert_int_equal(run("", out, sizeof out), 2);
    assert_non_null(strstr(out, "usage: glhle-shbin disasm IN.shbin"));
    assert_int_equal(run("assemble x", out, sizeof out), 2);
}

/* glhle-shbin glsl: the translation of a vertex DVLE (backend/pica/shader/shader_glsl.h). */
static void glsl_contract(void **state)
{
    (void)state;
    size_t size;
    uint8_t *file = sample_file(&size);
    const char *in = ts_output_path("glhle_shbin_glsl.shbin");
    write_file(in, file, size);
    free(file);
    static char out[65536];
    char args[4200];
    snprintf(args, sizeof args, "glsl '%s'", in);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_non_null(strstr(out, "#version 450 core\n"));
    assert_non_null(strstr(out, "// 0x000: dp4 o0.x, c0.xyzw, -v0.wzyx\n"));
    assert_non_null(strstr(out, "s1 = -v[0].wzyx;\n"));
    assert_non_null(strstr(out, "t = pdot4(s0, s1);\n"));
    assert_non_null(strstr(out, "o[0].x = t;\n"));
    snprintf(args, sizeof args, "glsl '%s' --gles --dvle 0", in);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_non_null(strstr(out, "#version 320 es\n"));
    snprintf(args, sizeof args, "glsl '%s' --dvle 3", in);
    assert_int_equal(run(args, out, sizeof out), 1);
    assert_non_null(strstr(out, "no DVLE 3 (the file has 1)"));
    snprintf(args, sizeof args, "glsl '%s' --bogus", in);
    assert_int_equal(run(args, out, sizeof out), 2);
    assert_non_null(strstr(out, "glhle-shbin glsl IN.shbin [--dvle N] [--gles]"));
}

/* A vertex DVLE (o0 = v0, o1 = v1: two output registers) and three
 * geometry DVLEs on one program (o0 = v0, o1 = v1, SETEMIT 0, EMIT, END):
 * point, fixed (c16, one vertex) and variable mode. */
static uint8_t *gs_file(size_t *size)
{
    need_tool();
    pica_dvlb_writer *w = dw_create();
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_V(0, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_V(1, "xyzw")));
    dw_emit(w, dw_op0(DW_END));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(0, "xyzw"), DW_V(0, "xyzw")));
    dw_emit(w, dw_op1u(w, DW_MOV, DW_O(1, "xyzw"), DW_V(1, "xyzw")));
    dw_emit(w, dw_setemit(0, 0, 0));
    dw_emit(w, dw_op0(DW_EMIT));
    dw_emit(w, dw_op0(DW_END));
    dw_dvle(w, 0, 0, 2);
    dw_output(w, 0, 0, 0xF);
    dw_output(w, 2, 1, 0xF);
    static const uint32_t modes[3][3] = {{0, 0, 0}, {2, 0x10, 1}, {1, 0, 0}}; /* mode, fixed start, fixed vertices */
    for (unsigned m = 0; m < 3; m++) {
        dw_dvle(w, 1, 3, 7);
        dw_gsh(w, modes[m][0], modes[m][1], 0, modes[m][2], 0);
        dw_output(w, 0, 0, 0xF);
        dw_output(w, 2, 1, 0xF);
    }
    uint8_t *file = dw_finish(w, size);
    dw_destroy(w);
    return file;
}

/* glhle-shbin glsl of a geometry DVLE: the GL input primitive follows from
 * the DVLE's mode and the vertex registers (3dbrew SHBIN: the DVLE's
 * geometry type, fixed-mode start register and vertex count; libctru
 * shaderProgramSetGsh's stride), variable mode is refused with the reason. */
static void gs_glsl_contract(void **state)
{
    (void)state;
    size_t size;
    uint8_t *file = gs_file(&size);
    const char *in = ts_output_path("glhle_shbin_gs.shbin");
    write_file(in, file, size);
    free(file);
    static char out[65536];
    char args[4200];
    /* point mode: two registers a vertex from DVLE 0, three vertices by default */
    snprintf(args, sizeof args, "glsl '%s' --dvle 1", in);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_non_null(strstr(out, "layout(triangles) in;\n"));
    assert_non_null(strstr(out, "// 0x005: setemit 0\n"));
    /* a stride of four registers: two vertices, lines */
    snprintf(args, sizeof args, "glsl '%s' --dvle 1 --gs-stride 4 --gles", in);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_non_null(strstr(out, "#version 320 es\n"));
    assert_non_null(strstr(out, "layout(lines) in;\n"));
    /* one register a vertex, four of them: lines_adjacency */
    snprintf(args, sizeof args, "glsl '%s' --dvle 1 --gs-stride 4 --vs-outputs 1", in);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_non_null(strstr(out, "layout(lines_adjacency) in;\n"));
    /* five registers of two a vertex: the third vertex partly filled, still a triangle */
    snprintf(args, sizeof args, "glsl '%s' --dvle 1 --gs-stride 5", in);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_non_null(strstr(out, "layout(triangles) in;\n"));
    /* fixed mode: the DVLE's one vertex */
    snprintf(args, sizeof args, "glsl '%s' --dvle 2", in);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_non_null(strstr(out, "layout(points) in;\n"));
    assert_non_null(strstr(out, "pcc[16] = pica_gs_in0[0];\n")); /* the vertex in c16 on */
    snprintf(args, sizeof args, "glsl '%s' --dvle 3", in);
    assert_int_equal(run(args, out, sizeof out), 1);
    assert_non_null(strstr(out, "DVLE 3: geometry shader in variable-size input mode"));
    snprintf(args, sizeof args, "glsl '%s' --dvle 1 --gs-stride 17", in);
    assert_int_equal(run(args, out, sizeof out), 2);
    assert_non_null(strstr(out, "--gs-stride wants a number from 1 to 16, got '17'"));
    snprintf(args, sizeof args, "disasm '%s' --vs-outputs 2", in);
    assert_int_equal(run(args, out, sizeof out), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(disasm_contract),
        cmocka_unit_test(glsl_contract),
        cmocka_unit_test(gs_glsl_contract),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
