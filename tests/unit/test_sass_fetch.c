/* backend/maxwell/shader/sass_fetch.c: corpus programs placed in a fake GPU
 * memory window and read back from their program address; the result must
 * be NAME.bin up to the group holding the listing's BRA-to-itself, with the
 * module's SPH. Faults, zero fill and the cap end the read early. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/shader/dksh.h"
#include "backend/maxwell/shader/sass_fetch.h"
#include "support/maxwell_corpus.h"

typedef struct window {
    uint64_t base;
    const uint8_t *data;
    size_t size;
    unsigned reads;
} window;

static bool read_window(void *user, uint64_t va, void *dst, size_t size)
{
    window *w = user;
    w->reads++;
    if (va < w->base || va - w->base > w->size || size > w->size - (va - w->base))
        return false;
    memcpy(dst, w->data + (va - w->base), size);
    return true;
}

/* The offset of the `bra` that names itself in NAME's listing (directly,
 * or through its group's control word, which means the same instruction). */
static uint32_t self_branch(const mc_corpus *c, const char *name)
{
    size_t n;
    mc_line *l = mc_load_listing(c, name, &n);
    uint32_t at = 0;
    for (size_t i = 0; i < n && !at; i++) {
        unsigned long t;
        if (sscanf(l[i].text, "bra %lx", &t) == 1 && (t == l[i].offset || (t % 32 == 0 && t + 8 == l[i].offset)))
            at = l[i].offset;
    }
    free(l);
    return at;
}

static void corpus_programs(void **state)
{
    (void)state;
    mc_corpus c;
    if (!mc_open(&c))
        skip();
    for (unsigned s = 0; s < c.count; s++) {
        const char *name = c.names[s];
        size_t size, bin_size;
        uint8_t *file = ts_read_file(mc_path(&c, name, ".dksh"), &size);
        uint8_t *bin = ts_read_file(mc_path(&c, name, ".bin"), &bin_size);
        mw_dksh d;
        assert_int_equal(mw_dksh_parse(file, size, ts_logger(), &d), GLHLE_RESULT_OK);
        const mw_dksh_program *pr = &d.programs[0];
        /* the code section mapped at a GPU address, as a program region */
        window w = {0x812340000ull, file + d.control_sz, d.code_sz, 0};
        mw_sass_fetch_desc desc = {read_window, &w, w.base + pr->entrypoint, pr->has_sph, 0, ts_logger()};
        mw_sass_code code;
        assert_int_equal(mw_sass_fetch(&desc, &code), GLHLE_RESULT_OK);
        uint32_t end = self_branch(&c, name);
        if (!end)
            fail_msg("%s: no self-branch in the listing", name);
        assert_true(code.ended);
        assert_int_equal(code.count, (end / 32 + 1) * 4);
        assert_true(code.count * 8 <= bin_size);
        if (memcmp(code.words, bin, code.count * 8) != 0)
            fail_msg("%s: fetched code differs from NAME.bin", name);
        assert_int_equal(code.has_sph, pr->has_sph);
        if (pr->has_sph)
            assert_memory_equal(code.sph.words, pr->sph.words, sizeof code.sph.words);
        mw_sass_code_free(&code);
        free(file);
        free(bin);
    }
}

static void faults_and_caps(void **state)
{
    (void)state;
    mc_corpus c;
    if (!mc_open(&c))
        skip();
    size_t size;
    uint8_t *file = ts_read_file(mc_path(&c, "loop_branch_fsh", ".dksh"), &size);
    mw_dksh d;
    assert_int_equal(mw_dksh_parse(file, size, ts_logger(), &d), GLHLE_RESULT_OK);
    window w = {0x10000, file + d.control_sz, d.code_sz, 0};
    mw_sass_fetch_desc desc = {read_window, &w, w.base + 0x30, true, 0, ts_logger()};
    mw_sass_code code;
    /* memory ends 0x60 bytes into the code: three groups, no end marker */
    w.size = 0x80 + 0x60;
    ts_log_clear();
    assert_int_equal(mw_sass_fetch(&desc, &code), GLHLE_RESULT_OK);
    assert_int_equal(code.count, 12);
    assert_false(code.ended);
    assert_true(ts_log_contains("unreadable memory at GPU 0x100e0"));
    mw_sass_code_free(&code);
    /* the cap */
    w.size = d.code_sz;
    desc.max_bytes = 64;
    assert_int_equal(mw_sass_fetch(&desc, &code), GLHLE_RESULT_OK);
    assert_int_equal(code.count, 8);
    assert_false(code.ended);
    mw_sass_code_free(&code);
    desc.max_bytes = 16;
    assert_int_equal(mw_sass_fetch(&desc, &code), GLHLE_RESULT_INVALID_ARGUMENT);
    mw_sass_code_free(&code);
    desc.max_bytes = 0;
    /* nothing readable at the address */
    desc.address = 0x5000;
    ts_log_clear();
    assert_int_equal(mw_sass_fetch(&desc, &code), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("GPU 0x5000"));
    mw_sass_code_free(&code);
    /* an SPH that is not one (the filler before it) */
    desc.address = w.base;
    assert_int_equal(mw_sass_fetch(&desc, &code), GLHLE_RESULT_BAD_DATA);
    mw_sass_code_free(&code);
    /* the SPH readable, the code not */
    desc.address = w.base + 0x30;
    w.size = 0x80;
    assert_int_equal(mw_sass_fetch(&desc, &code), GLHLE_RESULT_OUT_OF_BOUNDS);
    mw_sass_code_free(&code);
    /* zero fill ends code that has no marker */
    static uint64_t fake[16];
    fake[1] = 0x50b0000000070f00ull; /* NOP */
    window z = {0x2000, (const uint8_t *)fake, sizeof fake, 0};
    mw_sass_fetch_desc zd = {read_window, &z, 0x2000, false, 0, ts_logger()};
    assert_int_equal(mw_sass_fetch(&zd, &code), GLHLE_RESULT_OK);
    assert_int_equal(code.count, 4);
    assert_false(code.ended);
    mw_sass_code_free(&code);
    zd.read = NULL;
    assert_int_equal(mw_sass_fetch(&zd, &code), GLHLE_RESULT_INVALID_ARGUMENT);
    free(file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_programs),
        cmocka_unit_test(faults_and_caps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
