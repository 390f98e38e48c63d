/* Shared by every test: cmocka in the right include order, paths to test
 * data and outputs, a seeded RNG, a capturing logger, image assertions and
 * the offscreen GL fixture. */
#ifndef GLHLE_TEST_SUPPORT_H
#define GLHLE_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <cmocka.h>

#include "backend/common/image.h"
#include "backend/common/log.h"
#include "glhle/glhle.h"

/* ---- paths ---- */
/* ${source}/rel, in a static rotating buffer (8 slots). */
const char *ts_source_path(const char *rel);
/* The shared test data's folder: $GLHLE_TESTDATA_DIR, else ../shared/testdata
 * (it may be absent). */
const char *ts_testdata_root(void);
/* ../shared/testdata/rel, or NULL when the folder is absent (then skip). */
const char *ts_testdata_path(const char *rel);
/* Directory for artifacts next to the ctest log (created on demand). */
const char *ts_output_dir(void);
/* ts_output_dir()/name, in a static rotating buffer. */
const char *ts_output_path(const char *name);

/* Skips the current test with a message when shared test data is missing. */
#define TS_REQUIRE_TESTDATA(rel, out_path)                                                                      \
    do {                                                                                                        \
        (out_path) = ts_testdata_path(rel);                                                                     \
        if (!(out_path)) {                                                                                      \
            print_message("SKIP: ../shared/testdata/%s is absent; this test needs the shared test data\n", rel); \
            skip();                                                                                             \
        }                                                                                                       \
    } while (0)

/* Reads a whole file into malloc'd memory, with a zero byte after its
 * *size bytes (text can be searched as a C string); fails the test if it
 * cannot. */
uint8_t *ts_read_file(const char *path, size_t *size);
/* Writes n bytes to path (replacing it); fails the test if it cannot. */
void ts_write_file(const char *path, const void *data, size_t n);
/* ts_output_dir()/name made new and empty (what was there removed), in a
 * rotating buffer of four. */
const char *ts_fresh_dir(const char *name);

/* ---- deterministic randomness ---- */
typedef struct ts_rng {
    uint64_t s;
} ts_rng;
/* Seed from GLHLE_TEST_SEED if set, else `fallback`; prints "name: seed N". */
uint64_t ts_seed(const char *name, uint64_t fallback);
void ts_rng_init(ts_rng *r, uint64_t seed);
uint64_t ts_rng_u64(ts_rng *r);
uint32_t ts_rng_u32(ts_rng *r);
/* Uniform in [0, n); n > 0. */
uint32_t ts_rng_below(ts_rng *r, uint32_t n);
/* Integer from environment variable, or fallback. */
long ts_env_long(const char *name, long fallback);

/* ---- log capture ---- */
/* A logger that keeps the last records in memory (and echoes warnings and
 * errors to stderr so failing tests explain themselves). */
const glhle_logger *ts_logger(void);
void ts_log_clear(void);
/* Records at or above `level` seen since the last clear. */
int ts_log_count(glhle_log_level level);
/* True if any captured message contains `needle`. */
bool ts_log_contains(const char *needle);
/* The callback itself, for descs that take glhle_log_fn + user. */
void ts_log_fn(void *user, const glhle_log_record *r);

/* ---- images ---- */
/* Fails the test when more than max_bad pixels differ by more than tol in any
 * channel; then writes NAME.expected.png, NAME.actual.png and NAME.diff.png
 * in ts_output_dir() and names them in the failure message. */
void ts_assert_image(const char *name, const glhle_image *expected, const glhle_image *actual, uint32_t tol,
                     uint64_t max_bad);
/* Compares with tests/golden/NAME.png; GLHLE_UPDATE_GOLDEN=1 rewrites it. */
void ts_assert_golden(const char *name, const glhle_image *actual, uint32_t tol, uint64_t max_bad);
/* RGBA of pixel (x, y), top-left origin. */
static inline const uint8_t *ts_pixel(const glhle_image *img, uint32_t x, uint32_t y)
{
    return img->rgba + ((size_t)y * img->width + x) * 4;
}

/* ---- GL fixture ---- */
/* Keeps Mesa's software driver loaded for the life of the process, so that
 * eglTerminate cannot unload it and LeakSanitizer can still name (and the
 * suppressions skip) the driver's own leaks, and makes Mesa reuse deleted GL
 * names at once (driconf force_gl_names_reuse), as other drivers do.
 * Idempotent; ts_gl_setup calls it, tests that make contexts themselves call
 * it first. */
void ts_pin_gl_driver(void);
/* cmocka group setup/teardown: *state becomes a glhle_context* (offscreen,
 * debug on, logging to ts_logger). The teardown and ts_gl_check() fail the
 * test on any GL error. */
/* GLHLE_TEST_GLES=1 in the environment: the suite runs on an OpenGL ES 3.2
 * context (ctest's gles label); ts_gl_setup and ts_gl_second_context ask for one. */
bool ts_gles(void);
/* A test's own GLSL for ctx: on ES a leading "#version 450 core" becomes
 * "#version 320 es" and default precisions (the tests' shaders use nothing
 * else ES lacks). The caller frees it. */
char *ts_glsl_for(const glhle_context *ctx, const char *src);
int ts_gl_setup(void **state);
int ts_gl_teardown(void **state);
/* Where a test's reference is drawn: ctx itself on desktop GL; on ES one
 * offscreen desktop GL 4.5 core context beside it, made on first use and
 * destroyed by ts_gl_teardown, so a reference written in desktop GLSL (the
 * Maxwell corpus' own) is still compiled by the driver while what is tested
 * runs on ES. The caller makes it current (gl_context_enter) and ctx again
 * after. */
glhle_context *ts_gl_reference_context(glhle_context *ctx);
/* Asserts no GL error has happened on ctx so far. */
void ts_gl_check(glhle_context *ctx);
/* Another offscreen context beside the setup's, logging to ts_logger
 * (destroy it in the test); fails the test when it cannot be made. */
glhle_context *ts_gl_second_context(void);
/* Per-test teardown for tests under ts_gl_setup: fails the test that made a
 * GL error (use with cmocka_unit_test_teardown). */
int ts_gl_after_test(void **state);
#define TS_GL_TEST(f) cmocka_unit_test_teardown(f, ts_gl_after_test)

#endif
