#include "support/test_support.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* ---- paths ---- */

static char *rotating_buffer(void)
{
    static char bufs[8][4096];
    static unsigned next;
    return bufs[next++ % 8];
}

const char *ts_source_path(const char *rel)
{
    char *b = rotating_buffer();
    snprintf(b, 4096, "%s/%s", GLHLE_SOURCE_DIR, rel);
    return b;
}

const char *ts_testdata_root(void)
{
    const char *root = getenv("GLHLE_TESTDATA_DIR");
    return root ? root : GLHLE_TESTDATA_DIR;
}

const char *ts_testdata_path(const char *rel)
{
    const char *root = ts_testdata_root();
    char *b = rotating_buffer();
    snprintf(b, 4096, "%s/%s", root, rel);
    struct stat st;
    return stat(b, &st) == 0 ? b : NULL;
}

static void mkdir_p(const char *path)
{
    char tmp[4096];
    size_t n = strlen(path);
    if (n >= sizeof tmp)
        return;
    memcpy(tmp, path, n + 1);
    for (char *p = tmp + 1; *p; p++) {
        if (*p == '/') {
            *p = 0;
            mkdir(tmp, 0755);
            *p = '/';
        }
    }
    mkdir(tmp, 0755);
}

const char *ts_output_dir(void)
{
    static char dir[4096];
    if (!dir[0]) {
        const char *d = getenv("GLHLE_TEST_OUTPUT_DIR");
        if (!d || strlen(d) >= sizeof dir - 256)
            d = GLHLE_TEST_OUTPUT_DIR_DEFAULT;
        memcpy(dir, d, strlen(d) + 1);
        /* the ES pass (GLHLE_TEST_GLES) and the fallback pass (GLHLE_CAPS_DISABLE)
         * run the same programs, at the same time under ctest -j: each pass
         * writes into a folder of its own, so no two processes share a file
         * (test_shader_cache's cache folders did, and failed now and then) */
        const char *gles = getenv("GLHLE_TEST_GLES");
        const char *caps = getenv("GLHLE_CAPS_DISABLE");
        if (gles && strcmp(gles, "1") == 0)
            strcat(dir, "/gles");
        if (caps && caps[0])
            strcat(dir, "/caps-disabled");
        mkdir_p(dir);
    }
    return dir;
}

const char *ts_output_path(const char *name)
{
    char *b = rotating_buffer();
    snprintf(b, 4096, "%s/%s", ts_output_dir(), name);
    return b;
}

uint8_t *ts_read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s: %s", path, strerror(errno));
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    /* one byte more, zero: text files can be searched as C strings */
    uint8_t *data = malloc(n > 0 ? (size_t)n + 1 : 1);
    assert_non_null(data);
    size_t got = fread(data, 1, (size_t)n, f);
    fclose(f);
    assert_int_equal(got, (size_t)n);
    data[n > 0 ? n : 0] = 0;
    *size = (size_t)n;
    return data;
}

void ts_write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        fail_msg("cannot write %s: %s", path, strerror(errno));
    size_t put = fwrite(data, 1, n, f);
    fclose(f);
    assert_int_equal(put, n);
}

const char *ts_fresh_dir(const char *name)
{
    static char dir[4][4096];
    static int next;
    char *d = dir[next++ & 3];
    snprintf(d, sizeof dir[0], "%s", ts_output_path(name));
    char cmd[8400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", d, d);
    assert_int_equal(system(cmd), 0);
    return d;
}

/* ---- rng ---- */

long ts_env_long(const char *name, long fallback)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return fallback;
    return strtol(v, NULL, 0);
}

uint64_t ts_seed(const char *name, uint64_t fallback)
{
    const char *v = getenv("GLHLE_TEST_SEED");
    uint64_t seed = (v && *v) ? strtoull(v, NULL, 0) : fallback;
    print_message("%s: seed %llu (set GLHLE_TEST_SEED to replay)\n", name, (unsigned long long)seed);
    return seed;
}

void ts_rng_init(ts_rng *r, uint64_t seed)
{
    r->s = seed ^ 0x9E3779B97F4A7C15ull;
}

uint64_t ts_rng_u64(ts_rng *r)
{
    /* splitmix64: every seed gives a full-period, well-mixed stream */
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint32_t ts_rng_u32(ts_rng *r)
{
    return (uint32_t)(ts_rng_u64(r) >> 32);
}

uint32_t ts_rng_below(ts_rng *r, uint32_t n)
{
    return (uint32_t)(((uint64_t)ts_rng_u32(r) * n) >> 32);
}

/* ---- log capture ---- */

#define LOG_KEEP 64
static struct {
    char msg[LOG_KEEP][512];
    glhle_log_level level[LOG_KEEP];
    int count; /* total since clear */
} captured;

void ts_log_fn(void *user, const glhle_log_record *r)
{
    (void)user;
    int i = captured.count++ % LOG_KEEP;
    snprintf(captured.msg[i], sizeof captured.msg[i], "%s", r->message);
    captured.level[i] = r->level;
    if (r->level >= GLHLE_LOG_WARN || getenv("GLHLE_TEST_VERBOSE"))
        glhle_log_stderr(NULL, r);
}

const glhle_logger *ts_logger(void)
{
    static const glhle_logger lg = {ts_log_fn, NULL, GLHLE_LOG_DEBUG};
    return &lg;
}

void ts_log_clear(void)
{
    memset(&captured, 0, sizeof captured);
}

int ts_log_count(glhle_log_level level)
{
    int n = 0, kept = captured.count < LOG_KEEP ? captured.count : LOG_KEEP;
    for (int i = 0; i < kept; i++)
        n += captured.level[i] >= level;
    return n;
}

bool ts_log_contains(const char *needle)
{
    int kept = captured.count < LOG_KEEP ? captured.count : LOG_KEEP;
    for (int i = 0; i < kept; i++)
        if (strstr(captured.msg[i], needle))
            return true;
    return false;
}

/* ---- images ---- */

void ts_assert_image(const char *name, const glhle_image *expected, const glhle_image *actual, uint32_t tol,
                     uint64_t max_bad)
{
    if (expected->width != actual->width || expected->height != actual->height) {
        glhle_png_write_file(ts_output_path(name), actual, NULL);
        fail_msg("%s: size %ux%u, expected %ux%u", name, actual->width, actual->height, expected->width,
                 expected->height);
    }
    glhle_image_diff d;
    glhle_image diff;
    assert_int_equal(glhle_image_compare(expected, actual, tol, &d, &diff), GLHLE_RESULT_OK);
    if (d.differing > max_bad) {
        char n[1024];
        snprintf(n, sizeof n, "%s.actual.png", name);
        glhle_png_write_file(ts_output_path(n), actual, NULL);
        snprintf(n, sizeof n, "%s.expected.png", name);
        glhle_png_write_file(ts_output_path(n), expected, NULL);
        snprintf(n, sizeof n, "%s.diff.png", name);
        glhle_png_write_file(ts_output_path(n), &diff, NULL);
        const uint8_t *e = ts_pixel(expected, d.first_x, d.first_y), *a = ts_pixel(actual, d.first_x, d.first_y);
        glhle_image_free(&diff);
        fail_msg("%s: %llu of %llu pixels differ by more than %u (max delta %u); first at (%u,%u): "
                 "expected %u,%u,%u,%u got %u,%u,%u,%u; wrote %s/%s.{actual,expected,diff}.png",
                 name, (unsigned long long)d.differing, (unsigned long long)d.total, tol, d.max_delta, d.first_x,
                 d.first_y, e[0], e[1], e[2], e[3], a[0], a[1], a[2], a[3], ts_output_dir(), name);
    }
    glhle_image_free(&diff);
}

void ts_assert_golden(const char *name, const glhle_image *actual, uint32_t tol, uint64_t max_bad)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.png", GLHLE_GOLDEN_DIR, name);
    const char *update = getenv("GLHLE_UPDATE_GOLDEN");
    if (update && *update == '1') {
        assert_int_equal(glhle_png_write_file(path, actual, NULL), GLHLE_RESULT_OK);
        print_message("%s: golden image updated at %s\n", name, path);
        return;
    }
    glhle_image expected;
    if (glhle_png_read_file(path, &expected, ts_logger()) != GLHLE_RESULT_OK) {
        char n[1024];
        snprintf(n, sizeof n, "%s.actual.png", name);
        glhle_png_write_file(ts_output_path(n), actual, NULL);
        fail_msg("%s: no golden image at %s (wrote the actual image to %s; GLHLE_UPDATE_GOLDEN=1 records it)", name,
                 path, ts_output_path(n));
    }
    ts_assert_image(name, &expected, actual, tol, max_bad);
    glhle_image_free(&expected);
}

/* ---- GL fixture ---- */

void ts_pin_gl_driver(void)
{
    static bool pinned;
    if (pinned)
        return;
    pinned = true;
    setenv("EGL_PLATFORM", "surfaceless", 0);
    /* Mesa hands out fresh GL names by default; drivers that reuse a
     * deleted name at once (as this driconf option makes Mesa do) expose
     * state shadows that still remember the deleted object */
    setenv("force_gl_names_reuse", "true", 0);
    static const char *const dirs[] = {"/usr/lib/x86_64-linux-gnu/dri", "/usr/lib/aarch64-linux-gnu/dri",
                                       "/usr/lib64/dri", "/usr/lib/dri"};
    const char *env = getenv("LIBGL_DRIVERS_PATH");
    char path[4096];
    for (int i = -1; i < (int)(sizeof dirs / sizeof dirs[0]); i++) {
        const char *d = i < 0 ? env : dirs[i];
        if (!d)
            continue;
        snprintf(path, sizeof path, "%s/swrast_dri.so", d);
        if (dlopen(path, RTLD_NOW | RTLD_GLOBAL | RTLD_NODELETE))
            return;
    }
}

bool ts_gles(void)
{
    const char *e = getenv("GLHLE_TEST_GLES");
    return e && *e && strcmp(e, "0") != 0;
}

char *ts_glsl_for(const glhle_context *ctx, const char *src)
{
    static const char core[] = "#version 450 core\n";
    static const char es[] = "#version 320 es\nprecision highp float;\nprecision highp int;\n"
                             "precision highp usampler2D;\nprecision highp isampler2D;\n";
    const bool rewrite = glhle_context_get_info(ctx)->gles && strncmp(src, core, sizeof core - 1) == 0;
    const char *head = rewrite ? es : "", *tail = rewrite ? src + sizeof core - 1 : src;
    char *out = malloc(strlen(head) + strlen(tail) + 1);
    assert_non_null(out);
    strcpy(out, head);
    strcat(out, tail);
    return out;
}

int ts_gl_setup(void **state)
{
    ts_pin_gl_driver();
    glhle_context_desc desc = {0};
    desc.mode = GLHLE_CONTEXT_OFFSCREEN;
    desc.api = ts_gles() ? GLHLE_GL_API_GLES : GLHLE_GL_API_CORE;
    desc.debug = true;
    desc.log = ts_log_fn;
    desc.log_level = GLHLE_LOG_INFO;
    glhle_context *ctx = NULL;
    glhle_result r = glhle_context_create(&desc, &ctx);
    if (r != GLHLE_RESULT_OK) {
        print_error("cannot create an offscreen GL context: %s\n", glhle_result_string(r));
        return -1;
    }
    *state = ctx;
    return 0;
}

glhle_context *ts_gl_second_context(void)
{
    glhle_context_desc desc = {0};
    desc.mode = GLHLE_CONTEXT_OFFSCREEN;
    desc.api = ts_gles() ? GLHLE_GL_API_GLES : GLHLE_GL_API_CORE;
    desc.log = ts_log_fn;
    desc.log_level = GLHLE_LOG_INFO;
    glhle_context *ctx = NULL;
    assert_int_equal(glhle_context_create(&desc, &ctx), GLHLE_RESULT_OK);
    return ctx;
}

void ts_gl_check(glhle_context *ctx)
{
    glhle_result r = glhle_context_check_gl(ctx);
    if (r != GLHLE_RESULT_OK || glhle_context_gl_error_count(ctx) != 0)
        fail_msg("GL errors on the test context: %llu (see the log above)",
                 (unsigned long long)glhle_context_gl_error_count(ctx));
}

static glhle_context *reference_ctx; /* ts_gl_reference_context's, on ES */

glhle_context *ts_gl_reference_context(glhle_context *ctx)
{
    if (!glhle_context_get_info(ctx)->gles)
        return ctx;
    if (!reference_ctx) {
        glhle_context_desc desc = {0};
        desc.mode = GLHLE_CONTEXT_OFFSCREEN;
        desc.api = GLHLE_GL_API_CORE;
        desc.log = ts_log_fn;
        desc.log_level = GLHLE_LOG_INFO;
        if (glhle_context_create(&desc, &reference_ctx) != GLHLE_RESULT_OK)
            fail_msg("the desktop GL context for references cannot be made beside the ES one");
        print_message("references are drawn on a desktop GL 4.5 core context beside the ES one\n");
    }
    return reference_ctx;
}

int ts_gl_teardown(void **state)
{
    if (reference_ctx) {
        glhle_context_destroy(reference_ctx);
        reference_ctx = NULL;
    }
    glhle_context *ctx = *state;
    if (!ctx)
        return 0;
    glhle_result r = glhle_context_check_gl(ctx);
    uint64_t errors = glhle_context_gl_error_count(ctx);
    glhle_context_destroy(ctx);
    *state = NULL;
    if (r != GLHLE_RESULT_OK || errors) {
        print_error("GL errors on the test context: %llu\n", (unsigned long long)errors);
        return -1;
    }
    return 0;
}

int ts_gl_after_test(void **state)
{
    glhle_context *ctx = *state;
    if (!ctx)
        return 0;
    glhle_result r = glhle_context_check_gl(ctx);
    if (r != GLHLE_RESULT_OK || glhle_context_gl_error_count(ctx) != 0) {
        print_error("this test made GL errors (%llu so far on the context)\n",
                    (unsigned long long)glhle_context_gl_error_count(ctx));
        return -1;
    }
    return 0;
}
