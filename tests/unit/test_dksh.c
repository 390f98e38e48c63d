/* backend/maxwell/shader/dksh.c: every corpus module against the facts the
 * corpus README and sidecars give (the stage, the code bytes of NAME.bin,
 * the compiler constants of local_array_fsh / derivs_fsh, compute block
 * sizes), and malformed modules made from a small one built here. */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/shader/dksh.h"
#include "support/maxwell_corpus.h"

/* The first `n` numbers after `key` in a sidecar (a JSON array of integers). */
static unsigned json_ints(const char *json, const char *key, long *out, unsigned n)
{
    const char *p = strstr(json, key);
    if (!p)
        return 0;
    p = strchr(p, '[');
    unsigned got = 0;
    while (p && got < n) {
        char *end;
        p++;
        long v = strtol(p, &end, 10);
        if (end == p)
            break;
        out[got++] = v;
        p = strchr(end, ',');
    }
    return got;
}

static void corpus_modules(void **state)
{
    (void)state;
    mc_corpus c;
    if (!mc_open(&c))
        skip();
    for (unsigned s = 0; s < c.count; s++) {
        const char *name = c.names[s];
        size_t size, bin_size, json_size;
        uint8_t *file = ts_read_file(mc_path(&c, name, ".dksh"), &size);
        uint8_t *bin = ts_read_file(mc_path(&c, name, ".bin"), &bin_size);
        uint8_t *json = ts_read_file(mc_path(&c, name, ".json"), &json_size);
        char *js = realloc(json, json_size + 1);
        js[json_size] = 0;
        mw_dksh d;
        assert_int_equal(mw_dksh_parse(file, size, ts_logger(), &d), GLHLE_RESULT_OK);
        assert_int_equal(d.num_programs, 1);
        assert_int_equal(d.control_sz + d.code_sz, size);
        const mw_dksh_program *pr = &d.programs[0];
        /* the stage: the name's suffix and the sidecar agree with the module */
        assert_string_equal(mw_dksh_stage_name(pr->type), mc_stage_of(name));
        char want[64];
        snprintf(want, sizeof want, "\"stage\": \"%s\"", mw_dksh_stage_name(pr->type));
        if (!strstr(js, want))
            fail_msg("%s: sidecar does not say %s", name, want);
        /* NAME.bin is the code from the first instruction on */
        assert_true(pr->code_size >= bin_size);
        if (memcmp(pr->code, bin, bin_size) != 0)
            fail_msg("%s: code at file +0x%zx differs from NAME.bin", name, (size_t)(pr->code - file));
        size_t want_off = d.control_sz + (pr->type == MW_DKSH_STAGE_COMPUTE ? 0 : 0x80);
        assert_int_equal((size_t)(pr->code - file), want_off);
        assert_int_equal(pr->has_sph, pr->type != MW_DKSH_STAGE_COMPUTE);
        assert_true(pr->num_gprs >= 4);
        if (pr->type == MW_DKSH_STAGE_COMPUTE) {
            long ls[3] = {0};
            assert_int_equal(json_ints(js, "\"local_size\"", ls, 3), 3);
            for (int k = 0; k < 3; k++)
                assert_int_equal(pr->block_dims[k], (uint32_t)ls[k]);
        } else {
            assert_int_equal(pr->sph.shader_type, mw_dksh_stage_sph_type(pr->type));
        }
        free(file);
        free(bin);
        free(js);
    }
}

static uint8_t *load(const mc_corpus *c, const char *name, size_t *size, mw_dksh *d)
{
    uint8_t *file = ts_read_file(mc_path(c, name, ".dksh"), size);
    assert_int_equal(mw_dksh_parse(file, *size, ts_logger(), d), GLHLE_RESULT_OK);
    return file;
}

static void compiler_constants(void **state)
{
    (void)state;
    mc_corpus c;
    if (!mc_open(&c))
        skip();
    size_t size;
    mw_dksh d;
    /* local_array_fsh: kPalette[6] at code + 0x400, 96 bytes (README), the
     * GLSL's vec4(1,0,0,1), (0,1,0,1), (0,0,1,1), (1,1,0,1), (0,1,1,1), (1,0,1,1) */
    uint8_t *file = load(&c, "local_array_fsh", &size, &d);
    const mw_dksh_program *pr = &d.programs[0];
    assert_int_equal(pr->constbuf1_off, 0x400);
    assert_int_equal(pr->constbuf1_sz, 96);
    assert_ptr_equal(pr->constbuf1, file + 0x500);
    static const float palette[24] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 0, 1, 1};
    float got[24];
    memcpy(got, pr->constbuf1, sizeof got);
    assert_memory_equal(got, palette, sizeof got);
    /* the code stops where the constants begin */
    assert_int_equal(pr->code_size, 0x400 - 0x80);
    free(file);
    /* derivs_fsh: 16 zero bytes at code + 0x200 */
    file = load(&c, "derivs_fsh", &size, &d);
    pr = &d.programs[0];
    assert_int_equal(pr->constbuf1_off, 0x200);
    assert_int_equal(pr->constbuf1_sz, 16);
    static const uint8_t zero[16];
    assert_memory_equal(pr->constbuf1, zero, 16);
    free(file);
    /* a shader without constants */
    file = load(&c, "color_fsh", &size, &d);
    assert_null(d.programs[0].constbuf1);
    free(file);
}

static void put32(uint8_t *b, size_t off, uint32_t v)
{
    memcpy(b + off, &v, 4); /* the test machine is little-endian, as the format */
}

/* A minimal valid compute module: 0x100 control + 0x100 code. */
static void make_module(uint8_t *m)
{
    memset(m, 0, 0x200);
    put32(m, 0x00, MW_DKSH_MAGIC);
    put32(m, 0x04, 24);
    put32(m, 0x08, 0x100);
    put32(m, 0x0c, 0x100);
    put32(m, 0x10, 24);
    put32(m, 0x14, 1);
    put32(m, 0x18, MW_DKSH_STAGE_COMPUTE);
    put32(m, 0x20, 8);        /* registers */
    put32(m, 0x30, 32);       /* block 32x2x1 */
    put32(m, 0x34, 2);
    put32(m, 0x38, 1);
    put32(m, 0x3c, 1024);     /* shared memory */
}

static void malformed(void **state)
{
    (void)state;
    uint8_t m[0x200];
    mw_dksh d;
    make_module(m);
    assert_int_equal(mw_dksh_parse(m, sizeof m, ts_logger(), &d), GLHLE_RESULT_OK);
    assert_int_equal(d.programs[0].block_dims[0], 32);
    assert_int_equal(d.programs[0].block_dims[1], 2);
    assert_int_equal(d.programs[0].shared_mem_sz, 1024);
    assert_int_equal(d.programs[0].code_size, 0x100);
    assert_ptr_equal(d.programs[0].code, m + 0x100);
    assert_false(d.programs[0].has_sph);

    ts_log_clear();
    assert_int_equal(mw_dksh_parse(m, 16, ts_logger(), &d), GLHLE_RESULT_TRUNCATED);
    assert_int_equal(mw_dksh_parse(m, 0x1ff, ts_logger(), &d), GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("+0x8"));
    struct {
        size_t off;
        uint32_t value;
        glhle_result want;
        const char *says;
    } cases[] = {
        {0x00, 0x12345678, GLHLE_RESULT_BAD_DATA, "magic"},
        {0x04, 32, GLHLE_RESULT_BAD_DATA, "header size"},
        {0x08, 0x180, GLHLE_RESULT_BAD_DATA, "256-byte"},
        {0x0c, 0x10000, GLHLE_RESULT_TRUNCATED, "sections"},
        {0x10, 0xf0, GLHLE_RESULT_BAD_DATA, "program headers"},
        {0x14, 0, GLHLE_RESULT_BAD_DATA, "programs"},
        {0x14, 1000, GLHLE_RESULT_BAD_DATA, "programs"},
        {0x18, 9, GLHLE_RESULT_BAD_DATA, "type 9"},
        {0x1c, 0x100, GLHLE_RESULT_BAD_DATA, "entry point"},
        {0x20, 300, GLHLE_RESULT_BAD_DATA, "registers"},
        {0x28, 0x200, GLHLE_RESULT_BAD_DATA, "constant buffer"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        make_module(m);
        put32(m, cases[i].off, cases[i].value);
        if (cases[i].off == 0x28)
            put32(m, 0x24, 0x80); /* a constant buffer at 0x80 + 0x200 */
        ts_log_clear();
        glhle_result r = mw_dksh_parse(m, sizeof m, ts_logger(), &d);
        if (r != cases[i].want || !ts_log_contains(cases[i].says))
            fail_msg("case %zu (+0x%zx = 0x%x): result %d, log lacks '%s'", i, cases[i].off, cases[i].value, r,
                     cases[i].says);
    }
    /* a graphics program whose SPH is missing or names another stage */
    make_module(m);
    put32(m, 0x18, MW_DKSH_STAGE_FRAGMENT);
    put32(m, 0x1c, 0x30);
    assert_int_equal(mw_dksh_parse(m, sizeof m, ts_logger(), &d), GLHLE_RESULT_BAD_DATA); /* zero SPH */
    put32(m, 0x100 + 0x30, 1u | 1u << 10);                                                 /* a vertex SPH */
    ts_log_clear();
    assert_int_equal(mw_dksh_parse(m, sizeof m, ts_logger(), &d), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("SPH says vertex"));
    put32(m, 0x100 + 0x30, 2u | 5u << 10);
    assert_int_equal(mw_dksh_parse(m, sizeof m, ts_logger(), &d), GLHLE_RESULT_OK);
    assert_ptr_equal(d.programs[0].code, m + 0x180);
    put32(m, 0x1c, 0xe0); /* the SPH would run past the code */
    assert_int_equal(mw_dksh_parse(m, sizeof m, ts_logger(), &d), GLHLE_RESULT_TRUNCATED);
    assert_string_equal(mw_dksh_stage_name(7), "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_modules),
        cmocka_unit_test(compiler_constants),
        cmocka_unit_test(malformed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
