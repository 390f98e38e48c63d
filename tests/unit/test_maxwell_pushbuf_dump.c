/* backend/maxwell/frontend/pushbuf_dump.c and tools/glhle-pushbuf.c: one
 * frame of the scene builder (tests/scenes/maxwell_scene.c) dumped and
 * compared with tests/golden/maxwell_dump_scene.txt (GLHLE_UPDATE_GOLDEN=1
 * rewrites it, and the pushbuffer as maxwell_scene.bin next to it). Key
 * lines are checked one by one against values worked out by hand from the
 * scene's words and clb197.h's field layouts; the tool is run on the
 * committed .bin and must print the same text. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "backend/maxwell/frontend/pushbuf_dump.h"
#include "scenes/maxwell_scene.h"

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

static char *dump_scene(tm_pb *pb, glhle_result *r)
{
    tm_pb_init(pb);
    tm_scene_frame(pb, true, 0);
    uint8_t *mem = calloc(1, TM_SCENE_SIZE);
    const mw_dump_map map[2] = {
        {TM_SCENE_VA, mem, TM_SCENE_BL_OFFSET, GLHLE_MAXWELL_KIND_PITCH},
        {TM_SCENE_VA + TM_SCENE_BL_OFFSET, mem + TM_SCENE_BL_OFFSET, TM_SCENE_SIZE - TM_SCENE_BL_OFFSET,
         GLHLE_MAXWELL_KIND_GENERIC_16BX2},
    };
    const mw_dump_options opt = {.maps = map, .map_count = 2};
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    *r = mw_pushbuf_dump((const uint8_t *)pb->w, pb->n * 4u, &opt, &out);
    char *text = strdup(glhle_bytebuf_cstr(&out));
    glhle_bytebuf_free(&out);
    free(mem);
    return text;
}

static void golden_scene_frame(void **state)
{
    (void)state;
    tm_pb pb;
    glhle_result r;
    char *text = dump_scene(&pb, &r);
    assert_int_equal(r, GLHLE_RESULT_OK);
    /* by hand: SET_OBJECT words come first, header at +0, data at +1 */
    assert_line(text, "+0x0001  0 HOST.SET_OBJECT = 0x0000b197  class=3D\n");
    assert_line(text, "+0x0009  4 HOST.SET_OBJECT = 0x0000b0b5  class=DMA\n");
    /* the second macro's start-address pointer: macro index 1 */
    assert_line(text, "  0 3D.LOAD_MME_START_ADDRESS_RAM_POINTER = 0x00000001\n");
    /* colour target 0: A8B8G8R8 (0xD5), 16 GOBs high (4 << 4) */
    assert_line(text, "0 3D.SET_COLOR_TARGET_FORMAT = 0x000000d5\n");
    assert_line(text, "0 3D.SET_COLOR_TARGET_MEMORY = 0x00000040  block=1x16x1 layout=blocklinear third_dim=layers\n");
    /* the viewport macro's parameters: 128.0f = 0x43000000, -64.0f = 0xc2800000, 0.5f = 0x3f000000 */
    assert_line(text, "          -> macro 1, 3 parameters: 0x43000000 0xc2800000 0x3f000000\n");
    assert_line(text, "0 3D.SET_VIEWPORT_OFFSET_Y = 0x42800000  value=64\n");
    assert_line(text, "0 3D.SET_SCISSOR_HORIZONTAL = 0x01000000  min=0 max=256\n");
    assert_line(text, "0 3D.CLEAR_SURFACE = 0x0000003f  z=1 stencil=1 rgba=1111 target=0 layer=0\n"
                      "          -> clear\n");
    assert_line(text, "0 3D.BIND_GROUP_CONSTANT_BUFFER = 0x00000001  valid=1 slot=0\n");
    assert_line(text, "0 3D.SET_PIPELINE_SHADER[5] = 0x00000051  enable=1 type=PIXEL\n");
    /* draw macro parameters: TRIANGLES (4), 36 (0x24), first 0 */
    assert_line(text, "          -> macro 0, 3 parameters: 0x4 0x24 0x0\n");
    assert_line(text, "          -> macro 0, 3 parameters: 0x5 0x4 0x24\n");
    /* what the two macros write, from their programs (maxwell_scene.h):
     * viewport scale x, y, z; then SET_VERTEX_ARRAY_START = first, BEGIN =
     * topology, DRAW_VERTEX_ARRAY = count, END, which is a draw */
    assert_line(text, "  m +0x005e  0 3D.SET_VIEWPORT_SCALE_X = 0x43000000  value=128\n"
                      "  m +0x005e  0 3D.SET_VIEWPORT_SCALE_Y = 0xc2800000  value=-64\n"
                      "  m +0x005e  0 3D.SET_VIEWPORT_SCALE_Z = 0x3f000000  value=0.5\n");
    assert_line(text, "  m +0x00a6  0 3D.SET_VERTEX_ARRAY_START = 0x00000000\n"
                      "  m +0x00a6  0 3D.BEGIN = 0x00000004  op=TRIANGLES instance=first\n"
                      "  m +0x00a6  0 3D.DRAW_VERTEX_ARRAY = 0x00000024\n"
                      "  m +0x00a6  0 3D.END = 0x00000000\n"
                      "  m           -> draw TRIANGLES arrays first=0 count=36 instance=0 base_vertex=0 "
                      "base_instance=0\n");
    assert_line(text, "  m +0x00b1  0 3D.SET_VERTEX_ARRAY_START = 0x00000024\n"
                      "  m +0x00b1  0 3D.BEGIN = 0x00000005  op=TRIANGLE_STRIP instance=first\n");
    assert_line(text, "          -> release 0x00000001 to 0x0400030000 (16 bytes with timestamp)\n");
    assert_line(text, "  0 HOST.SYNCPOINT = 0x00000701  operation=INCR index=7\n");
    assert_true(strstr(text, " 2 draws, 1 clears, 3 macro calls, ") != NULL);
    assert_true(strstr(text, ", 0 faults, 0 problems: ok\n") != NULL);

    const char *golden = ts_source_path("tests/golden/maxwell_dump_scene.txt");
    const char *update = getenv("GLHLE_UPDATE_GOLDEN");
    if (update && update[0] == '1') {
        write_file(golden, text, strlen(text));
        write_file(ts_source_path("tests/golden/maxwell_scene.bin"), pb.w, pb.n * 4);
        print_message("wrote %s\n", golden);
    } else {
        size_t n;
        uint8_t *expected = ts_read_file(golden, &n);
        if (n != strlen(text) || memcmp(expected, text, n)) {
            write_file(ts_output_path("maxwell_dump_scene.actual.txt"), text, strlen(text));
            fail_msg("the dump differs from %s; actual text in %s (GLHLE_UPDATE_GOLDEN=1 rewrites the golden)",
                     golden, ts_output_path("maxwell_dump_scene.actual.txt"));
        }
        free(expected);
        size_t bn;
        uint8_t *bin = ts_read_file(ts_source_path("tests/golden/maxwell_scene.bin"), &bn);
        assert_int_equal(bn, pb.n * 4);
        assert_memory_equal(bin, pb.w, bn);
        free(bin);
    }
    free(text);
    tm_pb_free(&pb);
}

static const char *tool_path(void)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/../../tools/glhle-pushbuf", ts_output_dir());
    struct stat st;
    return stat(path, &st) == 0 ? path : NULL;
}

static int run_tool(const char *args, char *out, size_t cap)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "'%s' %s 2>/dev/null", tool_path(), args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = 0;
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void tool_prints_the_golden_text(void **state)
{
    (void)state;
    if (!tool_path()) {
        print_message("SKIP: glhle-pushbuf was not built (GLHLE_BUILD_TOOLS off)\n");
        skip();
    }
    /* the scene's memory: 1 MiB of zeros at TM_SCENE_VA, pitch then
     * block-linear, through --mem */
    uint8_t *zeros = calloc(1, TM_SCENE_SIZE);
    write_file(ts_output_path("maxwell_scene_mem.bin"), zeros, TM_SCENE_BL_OFFSET);
    write_file(ts_output_path("maxwell_scene_bl.bin"), zeros, TM_SCENE_SIZE - TM_SCENE_BL_OFFSET);
    free(zeros);
    char maps[256];
    snprintf(maps, sizeof maps,
             "# scene memory\n0x%010llx maxwell_scene_mem.bin pitch\n0x%010llx maxwell_scene_bl.bin blocklinear\n",
             (unsigned long long)TM_SCENE_VA, (unsigned long long)(TM_SCENE_VA + TM_SCENE_BL_OFFSET));
    write_file(ts_output_path("maxwell_scene.maps"), maps, strlen(maps));
    char args[8192];
    snprintf(args, sizeof args, "dump '%s' --mem '%s'", ts_source_path("tests/golden/maxwell_scene.bin"),
             ts_output_path("maxwell_scene.maps"));
    size_t cap = 4u << 20;
    char *out = malloc(cap);
    assert_int_equal(run_tool(args, out, cap), 0);
    size_t n;
    uint8_t *expected = ts_read_file(ts_source_path("tests/golden/maxwell_dump_scene.txt"), &n);
    assert_int_equal(strlen(out), n);
    assert_memory_equal(out, expected, n);
    free(expected);
    /* the contract's other answers */
    assert_int_equal(run_tool("--help", out, cap), 0);
    assert_non_null(strstr(out, "usage: glhle-pushbuf dump FILE"));
    assert_int_equal(run_tool("--version", out, cap), 0);
    assert_int_equal(run_tool("dump", out, cap), 2);
    assert_int_equal(run_tool("dump /nonexistent/file", out, cap), 2);
    /* mme: the scene's draw macro in the syntax of mme_disasm.h; its first
     * word sets the method address to SET_VERTEX_ARRAY_START (0x35d) and
     * fetches the count into r2, as maxwell_scene.c encodes it */
    const char *code = ts_output_path("maxwell_scene_draw.mme");
    write_file(code, tm_macro_draw, sizeof tm_macro_draw);
    snprintf(args, sizeof args, "mme '%s'", code);
    assert_int_equal(run_tool(args, out, cap), 0);
    assert_non_null(strstr(out, "0x000: 00d74251  maddr 0x35d; r2 = param\n"));
    assert_non_null(strstr(out, "0x008: "));
    /* a problem makes exit status 1 (the scene without its memory faults) */
    snprintf(args, sizeof args, "dump '%s'", ts_source_path("tests/golden/maxwell_scene.bin"));
    assert_int_equal(run_tool(args, out, cap), 1);
    assert_non_null(strstr(out, "!  maxwell: words +0x"));
    free(out);
}

/* A dump has nobody to release a semaphore: the wait is reported, kicked
 * once, given up, and the words after the acquire are still dumped. */
static void a_waiting_acquire_is_dumped_and_passed(void **state)
{
    (void)state;
    uint8_t sem[16] = {0};
    const uint64_t va = 0x0000100000ull;
    const mw_dump_map map[1] = {{va, sem, sizeof sem, GLHLE_MAXWELL_KIND_PITCH}};
    const mw_dump_options opt = {.maps = map, .map_count = 1};
    tm_pb pb;
    tm_pb_init(&pb);
    const uint32_t acquire[4] = {(uint32_t)(va >> 32), (uint32_t)va, 1, 1}; /* ACQUIRE 1; memory holds 0 */
    tm_inc(&pb, 0, 0x04, 4, acquire);
    tm_immd(&pb, 0, 0x06, 0x42);               /* SEMAPHOREC = 0x42 */
    tm_immd(&pb, 0, 0x07, 2u | 1u << 24);      /* RELEASE, 4 bytes */
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    const glhle_result r = mw_pushbuf_dump((const uint8_t *)pb.w, pb.n * 4u, &opt, &out);
    const char *text = glhle_bytebuf_cstr(&out);
    assert_int_equal(r, GLHLE_RESULT_LIMIT_EXCEEDED);
    assert_non_null(strstr(text, "!  the pusher waits on the semaphore at GPU 0x0000100000"));
    assert_non_null(strstr(text, "the wait is given up"));
    assert_non_null(strstr(text, "HOST.SEMAPHOREC = 0x00000042"));
    assert_int_equal(sem[0], 0x42);
    glhle_bytebuf_free(&out);
    tm_pb_free(&pb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(golden_scene_frame),
        cmocka_unit_test(tool_prints_the_golden_text),
        cmocka_unit_test(a_waiting_acquire_is_dumped_and_passed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
