/* shadergen/maxwell_spirv.c: every corpus shader of a translated stage
 * becomes SPIR-V that spirv-val accepts and GLSL that glslangValidator
 * compiles, or is refused with a reason; malformed code is refused. What the
 * translations compute is checked by tests/gl/test_maxwell_spirv_diff.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "shadergen/maxwell_spirv.h"
#include "shadergen/spirv_glsl.h"
#include "support/glsl_validator.h"
#include "support/maxwell_sidecar.h"
#include "support/spirv_validator.h"
#include "support/test_support.h"

static void test_corpus_translates(void **state)
{
    (void)state;
    if (!tmc_require())
        skip();
    bool val = tsv_available(), glslang = tgv_available();
    unsigned ok = 0, refused = 0, total = 0, structured = 0, ok_gfx = 0, structured_gfx = 0;
    for (const char *const *n = tmc_names(); *n; n++) {
        tmc_shader s;
        if (!tmc_load(*n, &s))
            fail_msg("cannot load corpus shader %s", *n);
        total++;
        mw_spirv_input in;
        tmc_input(&s, &in);
        mw_spirv_result r;
        mw_spirv_result_init(&r);
        glhle_result res = mw_spirv_translate(&in, ts_logger(), &r);
        if (res != GLHLE_RESULT_OK) {
            assert_true(r.reason[0] != 0);
            assert_int_equal(r.spirv.size, 0);
            print_message("  %-20s refused: %s\n", *n, r.reason);
            refused++;
        } else {
            char name[96];
            snprintf(name, sizeof name, "maxwell_%s", *n);
            if (val)
                tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, name);
            spv_glsl_binding bind[64];
            size_t nb = mw_spirv_gl_bindings(&r, s.stage, bind);
            for (int es = 0; es < 2; es++) {
                glhle_bytebuf g;
                glhle_bytebuf_init(&g, 0);
                spv_glsl_options o = {.es = es, .bindings = bind, .binding_count = nb};
                glhle_logger quiet = {ts_log_fn, NULL, es ? GLHLE_LOG_ERROR + 1 : GLHLE_LOG_DEBUG};
                glhle_result gr = spv_to_glsl((const uint32_t *)r.spirv.data, r.spirv.size / 4, &o, &quiet, &g);
                /* GLSL ES 3.20 has no textureQueryLevels or textureQueryLod (texture
                 * queries) and no fine derivatives (derivs_fsh's quad shuffles):
                 * the things ES may refuse */
                bool es_lacks = r.tex_mask != 0 || !strcmp(*n, "derivs_fsh");
                /* nor ARB_shader_ballot / ARB_shader_group_vote (subgroup_csh's VOTE and SHFL) */
                bool es_no_ballot = es && (!strcmp(*n, "subgroup_csh") || !strcmp(*n, "quad_tesh")); /* quad_tesh: S2R LANEID */
                if (es_no_ballot) {
                    print_message("  %-20s ES GLSL not validated: ES 3.20 has no ARB_shader_ballot\n", *n);
                    glhle_bytebuf_free(&g);
                    continue;
                }
                if (es && gr == GLHLE_RESULT_BAD_DATA && es_lacks) {
                    print_message("  %-20s ES GLSL: SPIRV-Cross refuses (a texture query or fine derivative ES 3.20 lacks)\n", *n);
                    glhle_bytebuf_free(&g);
                    continue;
                }
                assert_int_equal(gr, GLHLE_RESULT_OK);
                /* glslangValidator lacks EXT_clip_cull_distance, ES's only clip distances */
                bool clip_es = es && strstr(glhle_bytebuf_cstr(&g), "GL_EXT_clip_cull_distance");
                if (clip_es)
                    print_message("  %-20s ES GLSL not validated: glslangValidator lacks GL_EXT_clip_cull_distance\n", *n);
                if (glslang && !clip_es) {
                    char *src = (char *)glhle_bytebuf_cstr(&g);
                    snprintf(name, sizeof name, "maxwell_glsl_%s_%s", *n, es ? "es" : "core");
                    static const char *const stage_ext[MW_SPIRV_STAGE_COUNT_] = {"vert", "tesc", "tese",
                                                                                 "geom", "frag", "comp"};
                    tgv_validate_all(ts_output_path(name), &src, 1, stage_ext[s.stage], *n);
                }
                glhle_bytebuf_free(&g);
            }
            print_message("  %-20s ok: %u instructions, %zu SPIR-V words, %s\n", *n, r.instructions,
                          r.spirv.size / 4, r.structured ? "structured" : "dispatcher");
            ok++;
            structured += r.structured;
            ok_gfx += s.stage != MW_SPIRV_COMPUTE;
            structured_gfx += s.stage != MW_SPIRV_COMPUTE && r.structured;
        }
        mw_spirv_result_free(&r);
        tmc_free(&s);
    }
    print_message("corpus: %u of %u shaders translate (%u structured), %u refused\n", ok, total, structured, refused);
    /* nouveau's code keeps its stack in step with its structure: no vertex or
     * fragment shader needs the dispatcher (ssbo_layout_csh does: its PRET
     * entry stays on the stack on the path that does not RET) */
    assert_int_equal(structured_gfx, ok_gfx);
}

/* mw_spirv_reachable_images on image_csh, whose listing (envydis) names
 * handle words 0x48 (SULD, TXQ), 0x49 and 0x4a (SUST): with the image
 * table at 0x120 (deko3d's compute c0[0xA0 + 0x80]) slots 0-2; with it at
 * 0x124, 0x48 falls below the table and 0x49/0x4a are slots 0 and 1; with
 * no table (0), none. Its reachable words are those of the plain walk. */
static void test_reachable_images(void **state)
{
    (void)state;
    if (!tmc_require())
        skip();
    tmc_shader s;
    assert_true(tmc_load("image_csh", &s));
    mw_spirv_input in;
    tmc_input(&s, &in);
    uint32_t slots = 0xdead;
    in.key.img_handle_offset = 0x120;
    assert_int_equal(mw_spirv_reachable_images(&in, &slots, NULL), mw_spirv_reachable_words(&in));
    assert_int_equal(slots, 0x7);
    in.key.img_handle_offset = 0x124;
    assert_true(mw_spirv_reachable_images(&in, &slots, NULL) > 0);
    assert_int_equal(slots, 0x3);
    in.key.img_handle_offset = 0;
    assert_true(mw_spirv_reachable_images(&in, &slots, NULL) > 0);
    assert_int_equal(slots, 0);
    tmc_free(&s);
}

/* image_atomic_csh's SUATOMs name handle fields 0x48 (ADD), 0x49 (MAX),
 * 0x4b (MIN) and 0x4a (EXCH) with the type in the field's low bits (Mesa's
 * encoding: maxwell_spirv.c emit_suatom). Before the formats are known,
 * slots 0 and 2 are sure (0x48 and 0x4a have one reading each), 1 and 3
 * maybes (0x49: slot 1 U32 or slot 0 S32; 0x4b: slot 3 U32, 2 S32 or 0
 * F32). With the sidecar's formats (r32ui, r32ui, r32i) the translation
 * uses slots 0-2 in their formats, none raw; with binding 2 r32ui no
 * reading of 0x4b fits and with slot 3 r32ui too 0x4b has two: both are
 * refused. */
static void test_suatom_handles(void **state)
{
    (void)state;
    if (!tmc_require())
        skip();
    tmc_shader s;
    assert_true(tmc_load("image_atomic_csh", &s));
    mw_spirv_input in;
    tmc_input(&s, &in);
    assert_int_equal(in.key.img_handle_offset, 0x120);
    uint32_t slots = 0, maybe = 0;
    assert_true(mw_spirv_reachable_images(&in, &slots, &maybe) > 0);
    assert_int_equal(slots, 0xf);
    assert_int_equal(maybe, 0xa);
    assert_int_equal(in.key.img[0], MW_IMG_R32UI);
    assert_int_equal(in.key.img[1], MW_IMG_R32UI);
    assert_int_equal(in.key.img[2], MW_IMG_R32I);
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, NULL, &r), GLHLE_RESULT_OK);
    assert_int_equal(r.img_mask, 0x7);
    assert_int_equal(r.img_raw_mask, 0);
    if (tsv_available())
        tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "image_atomic_csh");
    mw_spirv_result_free(&r);
    in.key.img[2] = MW_IMG_R32UI;
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, NULL, &r), GLHLE_RESULT_BAD_DATA);
    assert_non_null(strstr(r.reason, "0xf8"));
    mw_spirv_result_free(&r);
    in.key.img[2] = MW_IMG_R32I;
    in.key.img[3] = MW_IMG_R32UI;
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, NULL, &r), GLHLE_RESULT_BAD_DATA);
    assert_non_null(strstr(r.reason, "more than one"));
    mw_spirv_result_free(&r);
    tmc_free(&s);
}

/* Unnormalised coordinates (MW_TEX_UNNORM on every non-cube slot the
 * sidecar binds): each corpus shader that samples translates to a module
 * spirv-val accepts and SPIRV-Cross writes as GLSL, and the module differs
 * from the normalised one exactly where the shader samples with float
 * coordinates (TEXS, TEX, TLD4, TLD4S, TXD, TMML) -- texel_fetch_fsh (TLD,
 * TXQ only) and tex_int_fsh's texelFetch keep theirs. */
static void test_corpus_unnormalized(void **state)
{
    (void)state;
    if (!tmc_require())
        skip();
    bool val = tsv_available();
    unsigned changed = 0, same = 0;
    for (const char *const *n = tmc_names(); *n; n++) {
        tmc_shader s;
        if (!tmc_load(*n, &s))
            fail_msg("cannot load corpus shader %s", *n);
        mw_spirv_input in;
        tmc_input(&s, &in);
        bool any = false;
        for (uint32_t k = 0; k < MW_SPIRV_TEX_SLOTS; k++)
            any |= (in.key.tex[k] & MW_TEX_KIND_MASK) != 0;
        if (!any) {
            tmc_free(&s);
            continue;
        }
        mw_spirv_result a, b;
        mw_spirv_result_init(&a);
        mw_spirv_result_init(&b);
        glhle_result ra = mw_spirv_translate(&in, ts_logger(), &a);
        for (uint32_t k = 0; k < MW_SPIRV_TEX_SLOTS; k++) {
            const uint8_t d = in.key.tex[k] & MW_TEX_KIND_MASK;
            if (d && d != MW_TEX_CUBE && d != MW_TEX_CUBE_ARRAY)
                in.key.tex[k] |= MW_TEX_UNNORM;
        }
        glhle_result rb = mw_spirv_translate(&in, ts_logger(), &b);
        assert_int_equal(ra, rb);
        if (rb == GLHLE_RESULT_OK && a.tex_mask) {
            char name[96];
            snprintf(name, sizeof name, "maxwell_unnorm_%s", *n);
            if (val)
                tsv_assert_valid((const uint32_t *)b.spirv.data, b.spirv.size / 4, name);
            spv_glsl_binding bind[64];
            size_t nb = mw_spirv_gl_bindings(&b, s.stage, bind);
            glhle_bytebuf g;
            glhle_bytebuf_init(&g, 0);
            spv_glsl_options o = {.es = false, .bindings = bind, .binding_count = nb};
            assert_int_equal(spv_to_glsl((const uint32_t *)b.spirv.data, b.spirv.size / 4, &o, ts_logger(), &g),
                             GLHLE_RESULT_OK);
            glhle_bytebuf_free(&g);
            /* the host without 1D textures (ES): its 2D stand-ins' sizes
             * carry a height, which the division must step over */
            mw_spirv_input es = in;
            es.tex_1d_as_2d = true;
            mw_spirv_result c;
            mw_spirv_result_init(&c);
            assert_int_equal(mw_spirv_translate(&es, ts_logger(), &c), GLHLE_RESULT_OK);
            snprintf(name, sizeof name, "maxwell_unnorm_es_%s", *n);
            if (val)
                tsv_assert_valid((const uint32_t *)c.spirv.data, c.spirv.size / 4, name);
            /* and as GLSL ES wherever the normalised ES module is (TMML's
             * textureQueryLod is not ES) */
            for (uint32_t k = 0; k < MW_SPIRV_TEX_SLOTS; k++)
                es.key.tex[k] &= (uint8_t)~MW_TEX_UNNORM;
            mw_spirv_result base;
            mw_spirv_result_init(&base);
            assert_int_equal(mw_spirv_translate(&es, ts_logger(), &base), GLHLE_RESULT_OK);
            glhle_result eg[2];
            for (int m = 0; m < 2; m++) {
                const mw_spirv_result *x = m ? &c : &base;
                nb = mw_spirv_gl_bindings(x, s.stage, bind);
                glhle_bytebuf_init(&g, 0);
                o = (spv_glsl_options){.es = true, .bindings = bind, .binding_count = nb};
                eg[m] = spv_to_glsl((const uint32_t *)x->spirv.data, x->spirv.size / 4, &o, ts_logger(), &g);
                glhle_bytebuf_free(&g);
            }
            if (eg[0] == GLHLE_RESULT_OK)
                assert_int_equal(eg[1], GLHLE_RESULT_OK);
            mw_spirv_result_free(&base);
            mw_spirv_result_free(&c);
            const bool differs = a.spirv.size != b.spirv.size || memcmp(a.spirv.data, b.spirv.data, a.spirv.size);
            const bool fetch_only = !strcmp(*n, "texel_fetch_fsh");
            if (fetch_only ? differs : !differs)
                fail_msg("%s: the unnormalised module %s the normalised one", *n, differs ? "differs from" : "equals");
            print_message("  %-20s unnormalised: %s\n", *n, differs ? "coordinates divided by the size" : "unchanged");
            changed += differs;
            same += !differs;
        }
        mw_spirv_result_free(&a);
        mw_spirv_result_free(&b);
        tmc_free(&s);
    }
    print_message("unnormalised coordinates: %u shaders changed, %u unchanged\n", changed, same);
    assert_true(changed >= 4);
}

/* Hand-assembled programs (encodings: envydis gm107.c; the same words
 * appear in the corpus listings) */
#define SCHED 0x001f8000fc0007e0ull /* a control word: never executes */
#define NOP 0x50b0000000070f00ull
#define EXIT 0xe30000000007000full
#define BRA_SELF 0xe2400fffff87000full         /* bra to itself */
#define MOV32I_R0_ONE 0x0103f8000007f000ull    /* mov32i $r0 0x3f800000 */
#define MOV32I_R1_HALF 0x0103f0000007f001ull   /* mov32i $r1 0x3f000000 */

static void fragment_input(mw_spirv_input *in, uint64_t *code, size_t words, uint8_t *sph)
{
    memset(in, 0, sizeof *in);
    memset(sph, 0, 0x50);
    sph[0x48] = 0x3; /* render target 0, components x y: R0 R1 */
    in->code = code;
    in->words = words;
    in->sph = sph;
    in->key.stage = MW_SPIRV_FRAGMENT;
}

/* A fragment module's GLSL (ES or core) with glhle's bindings, into `gl`
 * (the caller frees it). */
static char *fragment_glsl(const mw_spirv_result *r, bool es, glhle_bytebuf *gl)
{
    spv_glsl_binding bind[64];
    const size_t nb = mw_spirv_gl_bindings(r, MW_SPIRV_FRAGMENT, bind);
    const spv_glsl_options o = {.es = es, .bindings = bind, .binding_count = nb};
    glhle_bytebuf_init(gl, 0);
    assert_int_equal(spv_to_glsl((const uint32_t *)r->spirv.data, r->spirv.size / 4, &o, ts_logger(), gl),
                     GLHLE_RESULT_OK);
    return (char *)glhle_bytebuf_cstr(gl);
}

static void test_program_identity_and_cache(void **state)
{
    (void)state;
    /* the program, then uam-style padding that never runs */
    uint64_t code[12] = {SCHED, MOV32I_R0_ONE, MOV32I_R1_HALF, EXIT, SCHED, BRA_SELF, NOP, NOP,
                         SCHED, NOP, NOP, NOP};
    uint8_t sph[0x50];
    mw_spirv_input in;
    fragment_input(&in, code, 12, sph);
    /* reachable: bundles 0 and 1 (EXIT ends bundle 0... the BRA at 0x28 is not reached) */
    assert_int_equal(mw_spirv_reachable_words(&in), 4);
    mw_spirv_program_id a, b;
    assert_true(mw_spirv_program_id_of(&in, &a));
    code[9] = 0x1234; /* unreachable words change nothing */
    assert_true(mw_spirv_program_id_of(&in, &b));
    assert_int_equal(a.hash, b.hash);
    code[2] ^= 1ull << 20; /* a reachable immediate does */
    assert_true(mw_spirv_program_id_of(&in, &b));
    assert_int_not_equal(a.hash, b.hash);
    code[2] ^= 1ull << 20;
    in.key.rt_type[0] = MW_VAL_UINT; /* and so does the key */
    assert_true(mw_spirv_program_id_of(&in, &b));
    assert_int_not_equal(a.hash, b.hash);
    in.key.rt_type[0] = MW_VAL_FLOAT;

    mw_spirv_cache *c = malloc(sizeof *c);
    mw_spirv_cache_init(c);
    const uint8_t *m1, *m2;
    size_t s1, s2;
    assert_int_equal(mw_spirv_cache_get(c, &in, ts_logger(), &m1, &s1), GLHLE_RESULT_OK);
    assert_int_equal(c->misses, 1);
    code[10] = 0x5678;
    assert_int_equal(mw_spirv_cache_get(c, &in, ts_logger(), &m2, &s2), GLHLE_RESULT_OK);
    assert_int_equal(c->hits, 1);
    assert_ptr_equal(m1, m2);
    /* same first bundle hash, other reachable code: memcmp tells them apart.
     * Here the difference is in bundle 0 itself, so force the case by hand:
     * corrupt the stored copy, as a colliding program would look. */
    c->e[0].code[2] ^= 1;
    assert_int_equal(mw_spirv_cache_get(c, &in, ts_logger(), &m2, &s2), GLHLE_RESULT_OK);
    assert_int_equal(c->misses, 2);
    assert_int_equal(c->collisions, 1);
    /* bad code is refused through the cache with the translation's error */
    uint64_t bad[4] = {SCHED, 0xffffffffffffffffull, EXIT, NOP};
    mw_spirv_input bin;
    fragment_input(&bin, bad, 4, sph);
    assert_int_not_equal(mw_spirv_cache_get(c, &bin, ts_logger(), &m2, &s2), GLHLE_RESULT_OK);
    assert_null(m2);
    mw_spirv_cache_free(c);
    free(c);
}

static void test_refusals(void **state)
{
    (void)state;
    uint8_t sph[0x50];
    mw_spirv_input in;
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    /* running off the end */
    uint64_t off_end[4] = {SCHED, MOV32I_R0_ONE, NOP, NOP};
    fragment_input(&in, off_end, 4, sph);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_BAD_DATA);
    assert_non_null(strstr(r.reason, "past the end"));
    /* a branch out of the program: bra +0x1000 */
    uint64_t far[4] = {SCHED, 0xe24000001007000full, EXIT, NOP};
    fragment_input(&in, far, 4, sph);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_non_null(strstr(r.reason, "0x8"));
    /* an unknown word */
    uint64_t unk[4] = {SCHED, 0xffffffffffffffffull, EXIT, NOP};
    fragment_input(&in, unk, 4, sph);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_UNSUPPORTED);
    assert_int_equal(r.spirv.size, 0);
    /* an endless loop translates: the iteration cap ends it on the GPU */
    uint64_t loop[4] = {SCHED, BRA_SELF, NOP, NOP};
    fragment_input(&in, loop, 4, sph);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
    if (tsv_available())
        tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_endless_loop");
    assert_true(r.structured); /* a loop whose continue block counts */
    /* lane registers and warp operations on a host without subgroup
     * operations (no_subgroups, OpenGL ES): refused with that reason; with
     * them, translated. S2R R0, SR_LANEID / SR_GEMASK; VOTE.ANY R0, PT, PT;
     * SHFL.BFLY R2, PT, R0, 0x1, 0x1c03 (the derivative shape) after LANEID */
    static const uint64_t lane_words[4] = {0xf0c8000000070000ull, 0xf0c8000003c70000ull, 0x50d9000000070000ull | 7ull << 45 | 7ull << 39,
                                           0xef10000000000000ull | 7ull << 16 | 7ull << 48 | 0x1c03ull << 34 | 1ull << 29 |
                                               1ull << 28 | 3ull << 30 | 1ull << 20 | 2};
    for (int w = 0; w < 4; w++) {
        uint64_t lane[4] = {SCHED, lane_words[w == 3 ? 0 : w], w == 3 ? lane_words[3] : NOP, EXIT};
        fragment_input(&in, lane, 4, sph);
        in.no_subgroups = true;
        assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_UNSUPPORTED);
        assert_non_null(strstr(r.reason, "subgroup"));
        in.no_subgroups = false;
        assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
        if (tsv_available())
            tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_lane");
    }
    /* the quad butterfly alone needs no subgroup: derivatives */
    uint64_t quad[4] = {SCHED, lane_words[3], NOP, EXIT};
    fragment_input(&in, quad, 4, sph);
    in.no_subgroups = true;
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
    mw_spirv_result_free(&r);
}


/* The video instructions: each translated mode passes spirv-val, each
 * refused one says why (what they compute is checked against a CPU model by
 * tests/gl/test_maxwell_random.c). Encodings: envydis gm107.c (vmad 5f00,
 * vmnmx 3a00, vsetp 50f0, vadd 2000, vset 4000, vabsdiff 5400, vabsdiff4
 * 5000, vshl 5700, vshr 5600, idp 53f8, imadsp 5a80); A's part at 36-38,
 * signed 48; B register (bit 50) with its part at 28-30, signed 49. */
#define VIDEO(op) ((uint64_t)(op) << 48 | 7ull << 16 | 1ull << 8 | 3ull << 39)
#define VB_REG(r, sel) ((uint64_t)(r) << 20 | (uint64_t)(sel) << 28 | 1ull << 50)
#define VA(sel) ((uint64_t)(sel) << 36)

static void test_video(void **state)
{
    (void)state;
    uint8_t sph[0x50];
    mw_spirv_input in;
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    uint64_t good[] = {
        VIDEO(0x5f00) | VA(1) | 1ull << 48 | VB_REG(2, 5) | 3ull << 53,     /* VMAD s8 b1 * u16 h1 + R3 + 1 */
        VIDEO(0x5f00) | VA(6) | 0x8001ull << 20 | 1ull << 49 | 2ull << 53, /* VMAD -(u32 * s16 imm) + R3 */
        VIDEO(0x5f00) | VA(4) | VB_REG(2, 7) | 1ull << 53,                  /* VMAD u16 h0 * word - R3 */
        VIDEO(0x50f0) | VA(2) | VB_REG(2, 0) | 1ull << 43 | 1ull << 45 | 3ull << 3 | 7ull, /* VSETP.LT.OR P3, PT */
        VIDEO(0x50f0) | VA(5) | 3ull << 48 | 0xfcull << 20 | 1ull << 47 | 2ull << 45 | 1ull << 3 | 2ull, /* .GT.XOR s16 imm */
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0] + 8; i++) {
        uint64_t w = i < sizeof good / sizeof good[0]
                         ? good[i] /* then VMNMX with each secondary operation, max, signed */
                         : VIDEO(0x3a00) | VA(3) | VB_REG(2, 4) | 3ull << 48 | (uint64_t)(i % 8) << 51 | 1ull << 54 | 1ull << 56;
        uint64_t code[4] = {SCHED, w, EXIT, NOP};
        fragment_input(&in, code, 4, sph);
        glhle_result res = mw_spirv_translate(&in, ts_logger(), &r);
        if (res != GLHLE_RESULT_OK)
            fail_msg("video word %zu (0x%016llx) refused: %s", i, (unsigned long long)w, r.reason);
        if (tsv_available())
            tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_video");
    }
    static const struct {
        uint64_t word;
        const char *why;
    } refused[] = {
        {VIDEO(0x5f00) | VB_REG(2, 0) | 1ull << 55, "VMAD.SAT"},
        {VIDEO(0x5f00) | VB_REG(2, 0) | 1ull << 51, "SHR7"},
        {VIDEO(0x5f00) | VB_REG(2, 0) | 1ull << 47, "condition code"},
        {VIDEO(0x3a00) | VB_REG(2, 0) | 7ull << 51 | 1ull << 55, "VMNMX.SAT"},
        {VIDEO(0x3a00) | VB_REG(2, 0) | 7ull << 51 | 1ull << 48, "signedness"},
        {VIDEO(0x3a00) | VB_REG(2, 0) | 7ull << 51 | 1ull << 47, "condition code"},
        {VIDEO(0x50f0) | VB_REG(2, 0) | 1ull << 49, "signedness"},
        {VIDEO(0x50f0) | 0x100ull << 20, "bits 8-9"},
        {VIDEO(0x2000), "VADD"},
        {VIDEO(0x4000), "VSET"},
        {VIDEO(0x5400), "VABSDIFF"},
        {VIDEO(0x5000), "VABSDIFF4"},
        {VIDEO(0x5700), "VSHL"},
        {VIDEO(0x5600), "VSHR"},
        {VIDEO(0x53f8), "IDP"},
        {VIDEO(0x5a80), "IMADSP"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        uint64_t code[4] = {SCHED, refused[i].word, EXIT, NOP};
        fragment_input(&in, code, 4, sph);
        assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_UNSUPPORTED);
        assert_int_equal(r.spirv.size, 0);
        if (!strstr(r.reason, refused[i].why))
            fail_msg("word %zu: reason \"%s\" does not name %s", i, r.reason, refused[i].why);
    }
    mw_spirv_result_free(&r);
}
/* The condition code: every form that writes or reads it translates to a
 * module spirv-val accepts, and the forms whose semantics the sources
 * leave open or disagree on are refused with that reason, never ignored.
 * Encodings from envydis gm107.c (the opcode in bits 48-63, rd 0, ra 8,
 * rb 20, rc 39, CC 47, the guard 16-19 = PT); what the instructions
 * compute is checked against a CPU model in tests/gl/test_maxwell_random.c. */
static uint64_t cc_op(uint16_t opcode, uint64_t fields)
{
    return (uint64_t)opcode << 48 | 7ull << 16 | fields;
}

/* code[*n] = w, a scheduling word first at each bundle's start */
static void put_w(uint64_t *code, size_t *n, uint64_t w)
{
    if (*n % 4 == 0)
        code[(*n)++] = SCHED;
    code[(*n)++] = w;
}

#define F(v, at) ((uint64_t)(v) << (at))
#define R_ABC(d, a, b, c) (F(d, 0) | F(a, 8) | F(b, 20) | F(c, 39))

static void module_glsl(const mw_spirv_result *r, mw_spirv_stage stage, bool es, const char *name);

static void test_condition_code(void **state)
{
    (void)state;
    uint8_t sph[0x50];
    mw_spirv_input in;
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    const uint64_t iadd_cc = cc_op(0x5c10, R_ABC(0, 1, 2, 0) | F(1, 47));
    const uint64_t writes[] = {
        iadd_cc,
        cc_op(0x5c10, R_ABC(1, 1, 2, 0) | F(1, 47) | F(1, 43)),               /* IADD.X.CC */
        cc_op(0x5c10, R_ABC(1, 1, 2, 0) | F(1, 47) | F(1, 49)),               /* IADD.CC -a */
        cc_op(0x5c10, R_ABC(1, 1, 2, 0) | F(3, 48)),                          /* IADD.PO */
        cc_op(0x1c00, F(1, 0) | F(1, 8) | F(0x12345, 20) | F(1, 52)),          /* IADD32I.CC */
        cc_op(0x5c18, R_ABC(0, 1, 2, 0) | F(5, 39) | F(1, 47)),               /* ISCADD.CC */
        cc_op(0x5cc0, R_ABC(0, 1, 2, 3) | F(1, 47) | F(1, 37)),               /* IADD3.RS.CC */
        cc_op(0x5cc0, R_ABC(0, 1, 2, 3) | F(1, 48) | F(2, 37)),               /* IADD3.X.LS */
        cc_op(0x5b00, R_ABC(0, 1, 2, 3) | F(1, 47) | F(1, 37)),               /* XMAD.MRG.CC */
        cc_op(0x5be0, R_ABC(0, 1, 2, 3) | F(0x96, 28) | F(7, 48) | F(1, 47)), /* LOP3.CC */
        cc_op(0x5bf8, R_ABC(0, 1, 2, 3) | F(1, 47)),                          /* SHF.L.CC */
        cc_op(0x5c00, R_ABC(0, 1, 2, 0) | F(1, 48) | F(1, 47)),               /* BFE.S32.CC */
        cc_op(0x3800, F(0, 0) | F(1, 8) | F(0x0804, 20) | F(1, 47)),          /* BFE.CC imm */
        cc_op(0x5bf0, R_ABC(0, 1, 2, 3) | F(1, 47)),                          /* BFI.CC */
        cc_op(0x5c20, R_ABC(0, 1, 2, 0) | F(7, 39) | F(1, 48) | F(1, 47)),    /* IMNMX.S32.CC */
        cc_op(0x5be0, R_ABC(0, 1, 2, 3) | F(0x96, 28) | F(1, 38) | F(1, 47)), /* LOP3.X.CC */
        cc_op(0x0200, F(0, 0) | F(1, 8) | F(1, 20) | F(3, 39) | F(0x80, 48) | F(1, 56)), /* LOP3.X c[0][4] */
        cc_op(0x5098, F(0, 0) | F(9, 8) | F(7, 39) | F(1, 44) | F(1, 47)),    /* CSET.BF.CC LTU */
        cc_op(0x5088, F(0, 0) | F(7, 12) | F(7, 29) | F(7, 39) | F(1, 47)),   /* PSET.CC */
        cc_op(0x38f0, F(1, 8) | F(0xf, 20) | F(1, 40) | F(2, 41)),            /* R2P.CC byte 2 */
        cc_op(0x5cf0, F(1, 8) | F(2, 20)),                                    /* R2P PR, mask in R2 */
        cc_op(0x4cf0, F(1, 8) | F(1, 20) | F(1, 40)),                         /* R2P.CC, mask c[0][4] */
    };
    for (size_t w = 0; w < sizeof writes / sizeof writes[0]; w++) {
        /* the write, then every known test read by CSETP and CSET, P2R of
         * the flags and the predicates, FCMP in its four forms */
        uint64_t code[4 * 48] = {0};
        size_t n = 0;
#define PUT(word) put_w(code, &n, (word))
        PUT(writes[w]);
        for (uint32_t test = 0; test < 32; test++)
            if (test < 24 || test >= 30)
                PUT(test & 1 ? cc_op(0x50a0, F(test & 3, 3) | F(7, 0) | F(test, 8) | F(7, 39) | F(test % 3, 45))
                             : cc_op(0x5098, F(4 + (test & 3), 0) | F(test, 8) | F(0, 39) | F(1, 42)));
        PUT(cc_op(0x38e8, F(5, 0) | F(5, 8) | F(0xf, 20) | F(1, 40) | F(1, 41))); /* P2R.CC byte 1 */
        PUT(cc_op(0x38e8, F(6, 0) | F(6, 8) | F(0x7f, 20)));                     /* P2R PR */
        PUT(cc_op(0x5ce8, F(6, 0) | F(6, 8) | F(3, 20) | F(1, 40)));             /* P2R.CC, mask in R3 */
        PUT(cc_op(0x4ce8, F(6, 0) | F(6, 8) | F(2, 20)));                        /* P2R, mask c[0][8] */
        PUT(cc_op(0x5ba0, R_ABC(7, 1, 2, 3) | F(9, 48)));                        /* FCMP.LTU */
        PUT(cc_op(0x4ba0, R_ABC(7, 1, 1, 3) | F(2, 48)));                        /* FCMP.EQ R, c, R */
        PUT(cc_op(0x36a0, R_ABC(7, 1, 0x3f800, 3) | F(5, 48)));                  /* FCMP.NE R, 1.0, R */
        PUT(cc_op(0x53a0, R_ABC(7, 1, 1, 3) | F(7, 48)));                        /* FCMP.NUM R, R, c */
        PUT(EXIT);
        while (n % 4)
            PUT(NOP);
#undef PUT
        fragment_input(&in, code, n, sph);
        if (mw_spirv_translate(&in, ts_logger(), &r) != GLHLE_RESULT_OK)
            fail_msg("flag writer %zu (0x%016llx) refused: %s", w, (unsigned long long)writes[w], r.reason);
        if (tsv_available())
            tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_condition_code");
        char name[48];
        snprintf(name, sizeof name, "condition_code%zu", w);
        module_glsl(&r, MW_SPIRV_FRAGMENT, false, name);
        module_glsl(&r, MW_SPIRV_FRAGMENT, true, name);
    }
    /* branches and exits on a test (BRA e240, EXIT e300, the test at 0-4),
     * structured and through the dispatcher */
    uint64_t bra[8] = {SCHED, iadd_cc, 0xe240000000870000ull | 20 /* BRA.HI +8 */, MOV32I_R0_ONE,
                       SCHED, MOV32I_R1_HALF, 0xe300000000000005ull /* @P0 EXIT.NE */, EXIT};
    fragment_input(&in, bra, 8, sph);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
    assert_true(r.structured);
    if (tsv_available())
        tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_bra_cc");
    in.dispatcher = true;
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
    assert_false(r.structured);
    if (tsv_available())
        tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_bra_cc_dispatcher");
    /* a BRA on F never jumps: past its target nothing else is reached */
    uint64_t never[4] = {SCHED, 0xe240000000070000ull /* BRA.F to itself */, EXIT, NOP};
    fragment_input(&in, never, 4, sph);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
    /* refused, with the reason */
    const struct {
        uint64_t word;
        const char *why;
    } refused[] = {
        {cc_op(0x50a0, F(0, 3) | F(7, 0) | F(24, 8) | F(7, 39)), "CSM"},          /* CSETP CSM_TA */
        {cc_op(0x5098, F(0, 0) | F(29, 8) | F(7, 39)), "CSM"},                     /* CSET FCSM_MX */
        {0xe240000000070000ull | 26, "CSM"},                                      /* BRA CSM_MX */
        {cc_op(0x5c58, R_ABC(0, 1, 2, 0) | F(1, 47)), "disagree"},                /* FADD.CC */
        {cc_op(0x5c40, R_ABC(0, 1, 2, 0) | F(7, 48) | F(1, 47)), "disagree"},     /* LOP.CC */
        {cc_op(0x5800, R_ABC(0, 1, 2, 7) | F(1, 47)), "disagree on C and O"},     /* FSET.CC */
        {cc_op(0x5b00, R_ABC(0, 1, 2, 3) | F(1, 38)), "XMAD.X"},
        {cc_op(0x5c48, R_ABC(0, 1, 2, 0) | F(1, 47)), "no source"},               /* SHL.CC */
        {cc_op(0x5c60, R_ABC(0, 1, 2, 7) | F(1, 47)), "NaN"},                     /* FMNMX.CC */
        {cc_op(0x5a00, R_ABC(0, 1, 2, 3) | F(1, 47)), "IMAD"},                    /* IMAD.CC */
        {cc_op(0x38e8, F(5, 0) | F(5, 8) | F(0x100, 20)), "P2R"},                 /* P2R mask past a byte */
        {cc_op(0x5c10, R_ABC(0, 1, 2, 0) | F(3, 48) | F(1, 47)), ".PO"},          /* IADD.PO.CC */
        {cc_op(0x5cc0, R_ABC(0, 1, 2, 3) | F(1, 48) | F(1, 47)), "IADD3.X.CC"},
        {cc_op(0x5cf8, R_ABC(0, 1, 2, 3) | F(1, 48)), "SHF.X"},
        {cc_op(0x0200, F(0, 0) | F(1, 8) | F(1, 20) | F(3, 39) | F(0x96, 48) | F(1, 56) | F(1, 47)), "LOP3.X.CC"},
        {cc_op(0x5b50, R_ABC(0, 1, 2, 7) | F(1, 47)), "disagree on C and O"},     /* ISET.CC */
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        uint64_t code[4] = {SCHED, refused[i].word, EXIT, NOP};
        fragment_input(&in, code, 4, sph);
        assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_UNSUPPORTED);
        if (!strstr(r.reason, refused[i].why))
            fail_msg("refusal %zu: reason \"%s\" does not name \"%s\"", i, r.reason, refused[i].why);
    }
    mw_spirv_result_free(&r);
}

#undef F
#undef R_ABC

/* Control flow that SPIR-V's constructs cannot hold takes the dispatcher:
 * a jump into the middle of a loop, and a stack that differs between the
 * paths meeting at an instruction. Encodings: envydis gm107.c (BRA e240 with
 * CC 0xf, the offset at 20 counted from the next instruction; SSY e290). */
static void test_unstructured_fallback(void **state)
{
    (void)state;
    uint8_t sph[0x50];
    mw_spirv_input in;
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    /* 0 @P0 bra 2 (0x18); 1 mov32i r0; 2 mov32i r1; 3 @P1 bra 1 (0x10); 4 exit */
    uint64_t into_loop[8] = {SCHED, 0xe24000000080000full, MOV32I_R0_ONE, MOV32I_R1_HALF,
                             SCHED, 0xe2400ffffe01000full, EXIT, BRA_SELF};
    /* 0 ssy 3; 1 @P0 bra 3; 2 ssy 3; 3 exit: instruction 3 is reached with
     * one SSY entry on the stack and with two */
    uint64_t stacks[8] = {SCHED, 0xe290000001800000ull, 0xe24000000100000full, 0xe290000000800000ull,
                          SCHED, EXIT, BRA_SELF, NOP};
    struct {
        const char *name;
        uint64_t *code;
    } cases[] = {{"maxwell_into_loop", into_loop}, {"maxwell_stack_differs", stacks}};
    for (size_t i = 0; i < 2; i++) {
        fragment_input(&in, cases[i].code, 8, sph);
        assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
        assert_false(r.structured);
        if (tsv_available())
            tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, cases[i].name);
    }
    mw_spirv_result_free(&r);
}

/* 1D and 1D-array slots on a host without 1D textures (tex_1d_as_2d, the
 * GLES program host): the module declares 2D (array) images and no Sampled1D
 * capability, passes spirv-val, and its GLSL ES compiles in glslangValidator
 * (SPIRV-Cross's own stand-in gives textureOffset and textureGrad a scalar,
 * which does not); the desktop module keeps sampler1D / sampler1DArray.
 * Encodings as tests/gl/test_maxwell_textures.c one_d_textures_drawn. What
 * the programs sample is checked there. */
static void test_1d_as_2d(void **state)
{
    (void)state;
    const uint64_t g = 7ull << 16, rz = 255, tex = 0xc038000000000000ull | 0xfull << 31 | g,
                   tld = 0xdc38000000000000ull | 1ull << 55 | 0xfull << 31 | g;
#define MOVI(rd, imm) (0x0100000000000000ull | 0xfull << 12 | g | (uint64_t)(imm) << 20 | (rd))
    const uint64_t slots[] = {
        0xe003ff870ff7ff04ull,                               /* IPA.PASS R4, a[0x70] */
        MOVI(6, 1), MOVI(7, 0x3e800000), MOVI(8, 1), MOVI(9, 2), MOVI(10, 1), MOVI(11, 0x3f800000),
        MOVI(12, 3), MOVI(13, 0x3e800000), MOVI(14, 0),
        tex | 0x1a4ull << 36 | rz << 20 | 7u << 8,                             /* TEX R0, R7, 1D */
        tex | 3ull << 55 | 0x1a5ull << 36 | 1ull << 28 | 11u << 20 | 6u << 8,  /* TEX.LL 1D array */
        tld | 0x1a4ull << 36 | 10u << 20 | 9u << 8,                            /* TLD.LL 1D */
        tld | 0x1a5ull << 36 | 1ull << 28 | 10u << 20 | 8u << 8,               /* TLD.LL 1D array */
        tex | 1ull << 54 | 0x1a4ull << 36 | 12u << 20 | 7u << 8,               /* TEX.AOFFI 1D */
        0xde38000000000000ull | 0x1a4ull << 36 | 0xfull << 31 | 13u << 20 | g | 7u << 8, /* TXD 1D */
        0xdf48000000000000ull | 0x1a5ull << 36 | 3ull << 31 | 1ull << 22 | g | 10u << 8, /* TXQ 1D array */
        0xd000000000000000ull | 1ull << 59 | 4ull << 50 | 0x1a4ull << 36 | 2ull << 28 | rz << 20 | g | 7u << 8, /* TEXS */
        0xd200000000000000ull | 1ull << 59 | 1ull << 53 | 4ull << 50 | 0x1a4ull << 36 | 2ull << 28 | 10u << 20 | g |
            9u << 8,                                                         /* TLDS 1D.LL */
        EXIT,
    };
#undef MOVI
    const size_t n = sizeof slots / sizeof slots[0];
    uint64_t code[4 * ((sizeof slots / sizeof slots[0] + 2) / 3)];
    memset(code, 0, sizeof code);
    for (size_t i = 0; i < (n + 2) / 3 * 3; i++)
        code[i / 3 * 4 + 1 + i % 3] = i < n ? slots[i] : NOP;
    uint8_t sph[0x50];
    /* each also with unnormalised coordinates (the division steps over the
     * stand-in's height in its size) */
    for (int v = 0; v < 4; v++) {
        const int flat = v & 1;
        const uint8_t unnorm = v & 2 ? MW_TEX_UNNORM : 0;
        mw_spirv_input in;
        fragment_input(&in, code, sizeof code / 8, sph);
        in.key.tex_handle_offset = 0x690;
        in.key.tex[0] = MW_TEX_1D | unnorm;
        in.key.tex[1] = MW_TEX_1D_ARRAY | unnorm;
        in.tex_1d_as_2d = flat;
        mw_spirv_result r;
        mw_spirv_result_init(&r);
        assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
        static const char *const names[4] = {"maxwell_1d", "maxwell_1d_as_2d", "maxwell_1d_unnorm",
                                             "maxwell_1d_as_2d_unnorm"};
        const char *name = names[v];
        if (tsv_available())
            tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, name);
        glhle_bytebuf gl;
        char *src = fragment_glsl(&r, flat, &gl);
        if (flat) {
            assert_null(strstr(src, "sampler1D"));
            assert_non_null(strstr(src, "sampler2D tex0"));
            assert_non_null(strstr(src, "sampler2DArray tex1"));
        } else {
            assert_non_null(strstr(src, "sampler1D tex0"));
            assert_non_null(strstr(src, "sampler1DArray tex1"));
        }
        if (tgv_available())
            tgv_validate_all(ts_output_path(name), &src, 1, "frag", name);
        glhle_bytebuf_free(&gl);
        mw_spirv_result_free(&r);
    }
}

/* TLD.MS: a 2D and a 2D-array multisample slot (MW_TEX_2D_MS,
 * MW_TEX_2D_MS_ARRAY) translate to modules spirv-val accepts and GLSL (core
 * and ES) that declares usampler2DMS / usampler2DMSArray and compiles;
 * so does TXQ (dimensions) of each, as textureSize without a level;
 * refused with a reason: TLD.MS on a single-sample slot, plain TLD on a
 * multisample one, TLD.MS.LL, TLD.MS of a 1D or 3D type. Encoding: TLD dc38, MS bit 50 (Mesa emitTLD), type
 * 28-30, mask 31-34, handle 36-48, LL 55; TXQ df48 (query 1 at 22). What
 * the fetches read is checked by gl/test_maxwell_random test_tld_ms. */
static void test_tld_ms(void **state)
{
    (void)state;
    const uint64_t g = 7ull << 16, tld = 0xdc38000000000000ull | 0xfull << 31 | g | 6u << 20 | 4u << 8;
    const uint64_t ms = 1ull << 50, h0 = 0x1a4ull << 36, h1 = 0x1a5ull << 36;
    const uint64_t txq = 0xdf48000000000000ull | 3ull << 31 | 1ull << 22 | g | 10u << 8;
    static const char *const name[2] = {"maxwell_tld_ms", "maxwell_tld_ms_array"};
    static const char *const decl[2] = {"usampler2DMS tex0", "usampler2DMSArray tex1"};
    for (int a = 0; a < 2; a++) {
        for (int es = 0; es < 2; es++) {
            uint64_t code[4] = {SCHED, tld | ms | (a ? h1 | 3ull << 28 : h0 | 2ull << 28), txq | (a ? h1 : h0),
                                EXIT};
            uint8_t sph[0x50];
            mw_spirv_input in;
            fragment_input(&in, code, 4, sph);
            in.key.tex_handle_offset = 0x690;
            in.key.tex[0] = MW_TEX_2D_MS | MW_TEX_UINT;
            in.key.tex[1] = MW_TEX_2D_MS_ARRAY | MW_TEX_UINT;
            mw_spirv_result r;
            mw_spirv_result_init(&r);
            assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
            if (tsv_available())
                tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, name[a]);
            glhle_bytebuf gl;
            char *src = fragment_glsl(&r, es, &gl);
            assert_non_null(strstr(src, decl[a]));
            assert_non_null(strstr(src, "texelFetch"));
            assert_non_null(strstr(src, a ? "textureSize(tex1)" : "textureSize(tex0)"));
            if (tgv_available())
                tgv_validate_all(ts_output_path(name[a]), &src, 1, "frag", name[a]);
            glhle_bytebuf_free(&gl);
            mw_spirv_result_free(&r);
        }
    }
    const struct {
        uint64_t insn;
        uint8_t kind;
        const char *why;
    } bad[] = {
        {tld | ms | h0 | 2ull << 28, MW_TEX_2D, "differs from the bound texture's kind"},
        {tld | h0 | 2ull << 28, MW_TEX_2D_MS, "differs from the bound texture's kind"},
        {tld | ms | 1ull << 55 | h0 | 2ull << 28, MW_TEX_2D_MS, "one level"},
        {tld | ms | h0 | 0ull << 28, MW_TEX_2D_MS, "other than 2D or 2D array"},
        {tld | ms | h0 | 4ull << 28, MW_TEX_2D_MS, "other than 2D or 2D array"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t code[4] = {SCHED, bad[i].insn, EXIT, NOP};
        uint8_t sph[0x50];
        mw_spirv_input in;
        fragment_input(&in, code, 4, sph);
        in.key.tex_handle_offset = 0x690;
        in.key.tex[0] = bad[i].kind | MW_TEX_UINT;
        mw_spirv_result r;
        mw_spirv_result_init(&r);
        assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_UNSUPPORTED);
        if (!strstr(r.reason, bad[i].why))
            fail_msg("case %zu: reason \"%s\", want \"%s\"", i, r.reason, bad[i].why);
        mw_spirv_result_free(&r);
    }
}

/* Bindless TEX.B, TLD.B and TXQ.B take the handle from a register; one
 * loaded in the block from a word of the texture-handle buffer's stage
 * table (LDC or MOV c[]) is that word's slot, as for the bound form naming
 * it; one loaded from elsewhere gets the lowest slot of 0-15 no other
 * instruction names, one per distinct word, which the walk reports with
 * its source. The module declares tex<slot> and passes spirv-val, and the
 * walk reports the slot, so the draw reads its handle. Untraced handles,
 * and one finding no slot free, are refused with the reason and the
 * instruction's offset. Encodings (envydis
 * gm107.c, yuzu maxwell.inc): LDC ef90 with size 4 (32 bits) at 48-50, Ra
 * 8, bank 36-40, s16 offset 20; MOV c[] 4c98, lane mask 39-42, bank 34-38,
 * word 20-33; TEX.B deb8, TLD.B dd38, TLD4.B def8, TMML.B df60, TXD.B de78,
 * TXQ.B df50 (query 1 at 22); Rd 0, Ra 8, Rb 20, type 28-30, mask 31-34;
 * the handle register is Rb for TEX.B, TLD.B, TLD4.B and TMML.B and Ra
 * for TXQ.B and TXD.B (yuzu texture_fetch.cpp, texture_load.cpp,
 * texture_gather.cpp, texture_mipmap_level.cpp, texture_query.cpp,
 * texture_gradient.cpp). */
static uint64_t b_ldc(uint32_t rd, uint32_t bank, uint32_t off)
{
    return 0xef94000000000000ull | (uint64_t)bank << 36 | (uint64_t)off << 20 | 7ull << 16 | 0xffull << 8 | rd;
}
static uint64_t b_mov_c(uint32_t rd, uint32_t bank, uint32_t off)
{
    return 0x4c98000000000000ull | 0xfull << 39 | (uint64_t)bank << 34 | (uint64_t)(off / 4) << 20 | 7ull << 16 | rd;
}
static uint64_t b_tex(uint32_t ra, uint32_t rb, uint32_t type)
{
    return 0xdeb8000000000000ull | 0xfull << 31 | (uint64_t)type << 28 | (uint64_t)rb << 20 | 7ull << 16 | ra << 8;
}

/* a pixel program whose handle table is at c0[0x690] (deko3d), slots 0-15 2D */
static void bindless_input(mw_spirv_input *in, uint64_t *code, size_t words, uint8_t *sph)
{
    fragment_input(in, code, words, sph);
    in->key.tex_handle_offset = 0x690;
    for (uint32_t k = 0; k < 16; k++)
        in->key.tex[k] = MW_TEX_2D;
}

static void test_bindless(void **state)
{
    (void)state;
    const uint64_t tld_b = 0xdd38000000000000ull | 0xfull << 31 | 2ull << 28 | 4ull << 20 | 7ull << 16 | 2u << 8;
    const uint64_t txq_b = 0xdf50000000000000ull | 3ull << 31 | 1ull << 22 | 7ull << 16 | 4u << 8;
    const uint64_t tld4_b = (b_tex(0, 4, 2) & ~(0xffffull << 48)) | 0xdef8ull << 48 | 1ull << 38; /* component G */
    const uint64_t tmml_b = (b_tex(0, 4, 2) & ~(0xffffull << 48 | 0xfull << 31)) | 0xdf60ull << 48 | 3ull << 31;
    const uint64_t txd_b = (b_tex(4, 8, 2) & ~(0xffffull << 48)) | 0xde78ull << 48; /* derivatives R8-R11 */
    const struct {
        uint64_t load, use;
        uint32_t slot;   /* the slot it samples, when translated */
        const char *why; /* else the reason's words */
        uint32_t cb, off; /* a slot of its own: the handle's word */
    } cases[] = {
        {b_ldc(4, 0, 0x694), b_tex(0, 4, 2), 1, NULL, 0, 0},
        {b_mov_c(4, 0, 0x69c), b_tex(0, 4, 2), 3, NULL, 0, 0},
        {b_ldc(4, 0, 0x6a0), tld_b, 4, NULL, 0, 0},
        {b_mov_c(4, 0, 0x690), txq_b, 0, NULL, 0, 0},
        {b_ldc(4, 0, 0x698), tld4_b, 2, NULL, 0, 0},
        {b_ldc(4, 0, 0x698), tmml_b, 2, NULL, 0, 0},
        {b_mov_c(4, 2, 0x30), txd_b, 0, NULL, 2, 0x30},
        {MOV32I_R0_ONE + 4, b_tex(0, 4, 2), 0, "not loaded in its block", 0, 0}, /* an immediate */
        {b_ldc(4, 1, 0x694), b_tex(0, 4, 2), 0, NULL, 1, 0x694},   /* another buffer: the first free slot */
        {b_mov_c(4, 0, 0x600), b_tex(0, 4, 2), 0, NULL, 0, 0x600}, /* before the stage's table */
        {b_ldc(4, 0, 0x694) & ~(7ull << 16), b_tex(0, 4, 2), 0, "not loaded in its block", 0, 0}, /* @P0 LDC */
        {b_ldc(5, 0, 0x694), b_tex(0, 4, 2), 0, "not loaded in its block", 0, 0}, /* another register */
        {b_ldc(4, 3, 0x12), b_tex(0, 4, 2), 0, "c[3][0x12], not a word's offset", 0, 0},
        {b_ldc(4, 0, 0x694), b_tex(0, 4, 2) | 1ull << 40, 1, "TEX.B.LC", 0, 0},    /* traced, then refused */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t code[4] = {SCHED, cases[i].load, cases[i].use, EXIT};
        uint8_t sph[0x50];
        mw_spirv_input in;
        bindless_input(&in, code, 4, sph);
        const bool traced = !cases[i].why || !strcmp(cases[i].why, "TEX.B.LC");
        const uint32_t want = traced ? 1u << cases[i].slot : 0;
        uint32_t slots = 0;
        mw_spirv_tex_source src[MW_SPIRV_TEX_SLOTS];
        assert_int_equal(mw_spirv_reachable_textures(&in, &slots, src), 4);
        if (slots != want)
            fail_msg("case %zu: the walk names slots 0x%x, want 0x%x", i, slots, want);
        const mw_spirv_tex_source *g = &src[cases[i].slot];
        if (cases[i].off ? !g->moved || g->cbuf != cases[i].cb || g->offset != cases[i].off : g->moved)
            fail_msg("case %zu: slot %u's handle source is %u c[%u][0x%x]", i, cases[i].slot, g->moved, g->cbuf,
                     g->offset);
        mw_spirv_result r;
        mw_spirv_result_init(&r);
        const glhle_result res = mw_spirv_translate(&in, ts_logger(), &r);
        if (cases[i].why) {
            assert_int_equal(res, GLHLE_RESULT_UNSUPPORTED);
            if (!strstr(r.reason, cases[i].why) || !strstr(r.reason, "(code offset 0x10)"))
                fail_msg("case %zu: reason \"%s\", want \"%s\" at 0x10", i, r.reason, cases[i].why);
        } else {
            if (res != GLHLE_RESULT_OK)
                fail_msg("case %zu refused: %s", i, r.reason);
            assert_int_equal(r.tex_mask, want);
            if (tsv_available())
                tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_bindless");
        }
        mw_spirv_result_free(&r);
    }
    /* slots of their own skip the named ones and are shared by one word:
     * bound TEX of slots 0 and 2 (handle words 0x1a4, 0x1a6), then TEX.B
     * from c[3][0x10], c[3][0x20], c[3][0x10] get slots 1, 3, 1; with
     * bound TEX naming all of 0-15 one finds none */
    const uint64_t bound = 0xc038000000000000ull | 0xfull << 31 | 2ull << 28 | 7ull << 16 | 0xffull << 20;
    uint64_t code[16] = {SCHED, bound | 0x1a4ull << 36, bound | 0x1a6ull << 36, b_ldc(4, 3, 0x10),
                         SCHED, b_tex(0, 4, 2), b_ldc(4, 3, 0x20), b_tex(0, 4, 2),
                         SCHED, b_mov_c(4, 3, 0x10), b_tex(0, 4, 2), EXIT,
                         SCHED, NOP, NOP, NOP};
    uint8_t sph[0x50];
    mw_spirv_input in;
    bindless_input(&in, code, 16, sph);
    uint32_t slots = 0;
    mw_spirv_tex_source src[MW_SPIRV_TEX_SLOTS];
    assert_int_equal(mw_spirv_reachable_textures(&in, &slots, src), 12);
    assert_int_equal(slots, 0xf);
    assert_false(src[0].moved || src[2].moved);
    assert_true(src[1].moved && src[1].cbuf == 3 && src[1].offset == 0x10);
    assert_true(src[3].moved && src[3].cbuf == 3 && src[3].offset == 0x20);
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
    assert_int_equal(r.tex_mask, 0xf);
    if (tsv_available())
        tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_bindless_own_slots");
    uint64_t ins[21], full[28];
    for (uint32_t k = 0; k < 21; k++)
        ins[k] = k < 16 ? bound | (0x1a4ull + k) << 36 : k == 16 ? b_ldc(4, 3, 0x10) : k == 17 ? b_tex(0, 4, 2)
                 : k == 18 ? EXIT : NOP;
    for (uint32_t i = 0; i < 28; i++)
        full[i] = i % 4 == 0 ? SCHED : ins[i / 4 * 3 + i % 4 - 1];
    bindless_input(&in, full, 28, sph);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_UNSUPPORTED);
    assert_non_null(strstr(r.reason, "c[3][0x10], with no texture slot free"));
    mw_spirv_result_free(&r);
}

/* SURED: bound image reductions (envydis gm107.c 0xeb40 "sured": value R0,
 * coordinates R8, operation 24-26, dimension 33-35, handle u13 at 36 with
 * bit 51; Ryujinx InstSured: type 20-22). Slot 0 (word 0x48) R32UI, slot 1
 * (0x49) R32I, table at 0x120 as deko3d's compute one. Each U32 operation
 * on slot 0 and each S32 one on slot 1 becomes the SPIR-V atomic named
 * below (INC/DEC: a compare-exchange loop, after an atomic add of 0 that
 * reads the texel), and spirv-val accepts the module; what it computes is
 * gl/test_maxwell_compute sured_launch's. Then the refusals: bindless (bit
 * 51 clear), F32, clamp TRAP, INC on the signed image, U32 MIN on it. */
static uint64_t sured(uint32_t op, uint32_t type, uint32_t handle)
{
    return 0xeb40000000000000ull | 1ull << 51 | (uint64_t)handle << 36 | 3ull << 33 | (uint64_t)op << 24 |
           (uint64_t)type << 20 | 7ull << 16 | 2u << 8 | 4u;
}

static uint32_t count_spv_op(const mw_spirv_result *r, SpvOp op)
{
    const uint32_t *w = (const uint32_t *)r->spirv.data;
    const size_t n = r->spirv.size / 4;
    uint32_t c = 0;
    for (size_t i = 5; i < n && (w[i] >> 16); i += w[i] >> 16)
        c += (w[i] & 0xffff) == (uint32_t)op;
    return c;
}

/* A hand-assembled module through SPIRV-Cross (core or ES) with glhle's
 * bindings, then glslangValidator where it is installed */
static void module_glsl(const mw_spirv_result *r, mw_spirv_stage stage, bool es, const char *name)
{
    static const char *const ext[MW_SPIRV_STAGE_COUNT_] = {"vert", "tesc", "tese", "geom", "frag", "comp"};
    spv_glsl_binding bind[64];
    const size_t nb = mw_spirv_gl_bindings(r, stage, bind);
    glhle_bytebuf g;
    glhle_bytebuf_init(&g, 0);
    const spv_glsl_options o = {.es = es, .bindings = bind, .binding_count = nb};
    assert_int_equal(spv_to_glsl((const uint32_t *)r->spirv.data, r->spirv.size / 4, &o, ts_logger(), &g),
                     GLHLE_RESULT_OK);
    if (tgv_available()) {
        char path[64];
        snprintf(path, sizeof path, "maxwell_glsl_%s_%s", name, es ? "es" : "core");
        char *src = (char *)glhle_bytebuf_cstr(&g);
        tgv_validate_all(ts_output_path(path), &src, 1, ext[stage], name);
    }
    glhle_bytebuf_free(&g);
}

static void sured_input(mw_spirv_input *in, uint64_t *code, size_t words)
{
    memset(in, 0, sizeof *in);
    in->code = code;
    in->words = words;
    in->key.stage = MW_SPIRV_COMPUTE;
    in->key.img_handle_offset = 0x120;
    in->key.img[0] = MW_IMG_R32UI;
    in->key.img[1] = MW_IMG_R32I;
    in->local_size[0] = in->local_size[1] = in->local_size[2] = 1;
}

static void sured_refused(uint64_t insn, glhle_result want, const char *why)
{
    uint64_t code[4] = {SCHED, insn, EXIT, NOP};
    mw_spirv_input in;
    sured_input(&in, code, 4);
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, NULL, &r), want);
    if (!strstr(r.reason, why))
        fail_msg("reason \"%s\" does not name \"%s\"", r.reason, why);
    mw_spirv_result_free(&r);
}

static void test_sured(void **state)
{
    (void)state;
    uint64_t ins[15], code[20];
    for (uint32_t k = 0; k < 8; k++)
        ins[k] = sured(k, 0, 0x48);
    static const uint8_t sops[6] = {0, 1, 2, 5, 6, 7};
    for (uint32_t k = 0; k < 6; k++)
        ins[8 + k] = sured(sops[k], 1, 0x49);
    ins[14] = EXIT;
    for (uint32_t i = 0; i < 20; i++)
        code[i] = i % 4 == 0 ? SCHED : ins[i / 4 * 3 + i % 4 - 1];
    mw_spirv_input in;
    sured_input(&in, code, 20);
    uint32_t slots = 0, maybe = 0;
    assert_true(mw_spirv_reachable_images(&in, &slots, &maybe) > 0);
    assert_int_equal(slots, 0x3);
    assert_int_equal(maybe, 0);
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
    assert_int_equal(r.img_mask, 0x3);
    assert_int_equal(r.img_raw_mask, 0);
    if (tsv_available())
        tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_sured");
    /* U32: ADD (and INC's and DEC's reads) UMIN UMAX AND OR XOR; S32: ADD SMIN SMAX AND OR XOR */
    assert_int_equal(count_spv_op(&r, SpvOpAtomicIAdd), 4);
    assert_int_equal(count_spv_op(&r, SpvOpAtomicUMin), 1);
    assert_int_equal(count_spv_op(&r, SpvOpAtomicUMax), 1);
    assert_int_equal(count_spv_op(&r, SpvOpAtomicSMin), 1);
    assert_int_equal(count_spv_op(&r, SpvOpAtomicSMax), 1);
    assert_int_equal(count_spv_op(&r, SpvOpAtomicCompareExchange), 2);
    assert_int_equal(count_spv_op(&r, SpvOpAtomicAnd), 2);
    assert_int_equal(count_spv_op(&r, SpvOpAtomicOr), 2);
    assert_int_equal(count_spv_op(&r, SpvOpAtomicXor), 2);
    assert_int_equal(count_spv_op(&r, SpvOpImageTexelPointer), 14);
    module_glsl(&r, MW_SPIRV_COMPUTE, false, "sured");
    module_glsl(&r, MW_SPIRV_COMPUTE, true, "sured");
    mw_spirv_result_free(&r);
    sured_refused(sured(0, 0, 0x48) & ~(1ull << 51), GLHLE_RESULT_UNSUPPORTED, "bindless SURED");
    /* bindless with R39 loaded from c0[0x124] in the block (LDC R9, c0[0x124]:
     * envydis ef90, size 48-50 4, cbuf 36-40, s16 offset 20, Ra 8 RZ): slot 1 */
    uint64_t bl[4] = {SCHED, 0xef90000000000000ull | 4ull << 48 | 0x124ull << 20 | 7ull << 16 | 0xffu << 8 | 9,
                      (sured(0, 1, 0) & ~(1ull << 51)) | 9ull << 39, EXIT};
    sured_input(&in, bl, 4);
    assert_true(mw_spirv_reachable_images(&in, &slots, &maybe) > 0);
    assert_int_equal(slots, 0x2);
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
    assert_int_equal(r.img_mask, 0x2);
    if (tsv_available())
        tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_sured_bindless");
    mw_spirv_result_free(&r);
    sured_refused(sured(0, 3, 0x48), GLHLE_RESULT_UNSUPPORTED, "SURED type other than U32 and S32");
    sured_refused(sured(0, 0, 0x48) | 2ull << 49, GLHLE_RESULT_UNSUPPORTED, "clamp mode");
    sured_refused(sured(3, 0, 0x49), GLHLE_RESULT_UNSUPPORTED, "INC/DEC on a signed image");
    sured_refused(sured(1, 0, 0x49), GLHLE_RESULT_UNSUPPORTED, "type differs from its image's format");
    sured_refused(sured(0, 0, 0x40), GLHLE_RESULT_BAD_DATA, "outside the stage's image table");
}

/* SUATOM.D.BA (envydis gm107.c 0xea00: Rd 0, coordinates R8, value R20,
 * handle u13 at 36, type 51-53, operation 29-32; tabea80_0: bit 28 "ba")
 * on slot 0 (R32UI, word 0x48), 2D: the x coordinate is a byte offset,
 * so with BA the module has one arithmetic shift right more than without,
 * by the 4-byte element (Ryujinx EmitSuatom), and spirv-val accepts it. */
static void test_suatom_byte_address(void **state)
{
    (void)state;
    const uint64_t su = 0xea00000000000000ull | 0x48ull << 36 | 1ull << 33 | 4ull << 20 | 7ull << 16 | 2u << 8 | 5;
    uint32_t shifts[2];
    for (int ba = 0; ba < 2; ba++) {
        uint64_t code[4] = {SCHED, su | (uint64_t)ba << 28, EXIT, NOP};
        mw_spirv_input in;
        sured_input(&in, code, 4);
        mw_spirv_result r;
        mw_spirv_result_init(&r);
        assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
        if (tsv_available())
            tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, ba ? "maxwell_suatom_ba" : "maxwell_suatom");
        assert_int_equal(count_spv_op(&r, SpvOpAtomicIAdd), 1);
        shifts[ba] = count_spv_op(&r, SpvOpShiftRightArithmetic);
        mw_spirv_result_free(&r);
    }
    assert_int_equal(shifts[1], shifts[0] + 1);
}

/* Bindless SUATOM (envydis gm107.c 0xea60 with bit 51 clear: handle
 * register 39-46, type 36-38; Ryujinx SuatomB): LDC R9, c0[0x124] then
 * SUATOM.MIN.S32 through R9 names slot 1 (R32I) for the scan and the
 * translation, and becomes an OpAtomicSMin that spirv-val and glslang take;
 * with R9 written by S2R instead it is refused with the reason. What it
 * computes is gl/test_maxwell_compute bindless_suatom_launch's. */
static void test_suatom_bindless(void **state)
{
    (void)state;
    const uint64_t ldc = 0xef90000000000000ull | 4ull << 48 | 0x124ull << 20 | 7ull << 16 | 0xffu << 8 | 9;
    const uint64_t su = 0xea70000000000000ull | 9ull << 39 | 1ull << 36 | 3ull << 33 | 1ull << 29 | 4ull << 20 |
                        7ull << 16 | 2u << 8 | 5;
    uint64_t code[4] = {SCHED, ldc, su, EXIT};
    mw_spirv_input in;
    sured_input(&in, code, 4);
    uint32_t slots = 0, maybe = 0;
    assert_true(mw_spirv_reachable_images(&in, &slots, &maybe) > 0);
    assert_int_equal(slots, 0x2);
    assert_int_equal(maybe, 0);
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
    assert_int_equal(r.img_mask, 0x2);
    assert_int_equal(count_spv_op(&r, SpvOpAtomicSMin), 1);
    if (tsv_available())
        tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_suatom_bindless");
    module_glsl(&r, MW_SPIRV_COMPUTE, false, "suatom_bindless");
    module_glsl(&r, MW_SPIRV_COMPUTE, true, "suatom_bindless");
    mw_spirv_result_free(&r);
    code[1] = 0xf0c8000000000000ull | 0x21ull << 20 | 7ull << 16 | 9; /* S2R R9, SR_TID.X */
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, NULL, &r), GLHLE_RESULT_UNSUPPORTED);
    assert_non_null(strstr(r.reason, "bindless SUATOM whose handle is not loaded from the handle buffer"));
    mw_spirv_result_free(&r);
}

/* LD / ST (envydis gm107.c 0x8000 / 0xa000): only an address traced to a
 * constant-buffer pointer, as LDG's, and only with the predicate operand
 * (58-60) PT; what it computes is gl/test_maxwell_compute
 * generic_memory_launch's. */
static void test_generic_memory_refusals(void **state)
{
    (void)state;
    const uint64_t g = 7ull << 16, ld = 0x8000000000000000ull | 1ull << 52 | 4ull << 53 | g | 4u << 8 | 8;
    sured_refused(ld | 7ull << 58, GLHLE_RESULT_UNSUPPORTED, "not traced to a constant-buffer pointer");
    sured_refused(ld | 0ull << 58, GLHLE_RESULT_UNSUPPORTED, "LD with a predicate operand other than PT");
    sured_refused(0xa000000000000000ull | 1ull << 52 | 4ull << 53 | 1ull << 58 | g | 4u << 8 | 8,
                  GLHLE_RESULT_UNSUPPORTED, "ST with a predicate operand other than PT");
    sured_refused((ld & ~(7ull << 53)) | 7ull << 58, GLHLE_RESULT_UNSUPPORTED, "LD of 8 or 16 bits");
}

/* an indexed attribute read's compare-and-select per candidate component */
static void assert_select_chain(const mw_spirv_result *r, uint32_t n)
{
    assert_int_equal(count_spv_op(r, SpvOpIEqual), n);
    assert_int_equal(count_spv_op(r, SpvOpSelect), n);
}

/* a vertex program with an SPH of type 1 (VTG), version 3 (as the corpus'
 * vertex headers), its maps empty */
static void vertex_input(mw_spirv_input *in, uint64_t *code, size_t words, uint8_t *sph)
{
    memset(in, 0, sizeof *in);
    memset(sph, 0, 0x50);
    sph[0] = 0x61;
    in->code = code;
    in->words = words;
    in->sph = sph;
    in->key.stage = MW_SPIRV_VERTEX;
}

/* AL2P and ALD a[Ra] (envydis gm107.c 0xefa0 "al2p": Rd 0, Ra 8, offset
 * 20, predicate destination 44; ALD 0xefd8: Ra 8, offset 20, size 47-48)
 * in a vertex program whose SPH enables generic inputs 0 (xyzw) and 1
 * (xy): MOV32I R1, 0x10; AL2P R2, R1, 0x80; ALD.64 R4, a[R2]; AST.64
 * a[0x80], R4. Each of ALD's two words is a select over the six enabled
 * components (emit_ald_indexed): six compares and six selects per word.
 * Then CS2R is S2R: CS2R R0, SR_TID.X in compute gives S2R's module word
 * for word, and its clocks are refused; FCHK and TXA are refused with why.
 * AL2P with a predicate destination or an offset of 0x400 up, and an
 * ALD.P with an index register, are refused. */
static void al2p_input(mw_spirv_input *in, uint64_t *code, uint8_t *sph, uint64_t al2p, uint64_t ald)
{
    const uint64_t g = 7ull << 16;
    const uint64_t ins[6] = {0x0100000000000000ull | 0x10ull << 20 | 0xfull << 12 | g | 1, al2p, ald,
                             0xeff0000000000000ull | 1ull << 47 | 0x80ull << 20 | 0xffull << 39 | g | 0xffu << 8 | 4,
                             EXIT, NOP};
    for (uint32_t i = 0; i < 8; i++)
        code[i] = i % 4 == 0 ? SCHED : ins[i / 4 * 3 + i % 4 - 1];
    vertex_input(in, code, 8, sph);
    sph[0x18] = 0x3f; /* ImapGenericVector[0] xyzw, [1] xy */
    sph[0x36] = 0x03; /* OmapGenericVector[0] xy */
}

static void test_al2p_indexed_ald(void **state)
{
    (void)state;
    const uint64_t g = 7ull << 16;
    const uint64_t al2p = 0xefa0000000000000ull | 7ull << 44 | 0x80ull << 20 | g | 1u << 8 | 2;
    const uint64_t ald = 0xefd8000000000000ull | 1ull << 47 | 0xffull << 39 | g | 2u << 8 | 4;
    uint64_t code[8];
    uint8_t sph[0x50];
    mw_spirv_input in;
    al2p_input(&in, code, sph, al2p, ald);
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
    if (tsv_available())
        tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_al2p_indexed_ald");
    assert_select_chain(&r, 12);
    module_glsl(&r, MW_SPIRV_VERTEX, false, "al2p");
    mw_spirv_result_free(&r);
    const struct {
        uint64_t al2p, ald;
        const char *why;
    } bad[3] = {
        {al2p & ~(7ull << 44), ald, "AL2P with a predicate destination"},
        {al2p | 1ull << 30, ald, "AL2P with an offset of 0x400 or more"},
        {al2p, ald | 1ull << 31, "ALD/AST with an index register but for ALD a[Ra"},
    };
    for (int i = 0; i < 3; i++) {
        al2p_input(&in, code, sph, bad[i].al2p, bad[i].ald);
        mw_spirv_result_init(&r);
        assert_int_equal(mw_spirv_translate(&in, NULL, &r), GLHLE_RESULT_UNSUPPORTED);
        if (!strstr(r.reason, bad[i].why))
            fail_msg("reason \"%s\" does not name \"%s\"", r.reason, bad[i].why);
        mw_spirv_result_free(&r);
    }
    /* CS2R R0, SR_TID.X (0x21) and S2R R0, SR_TID.X: the same module */
    mw_spirv_result a, c;
    uint64_t s2r[4] = {SCHED, 0xf0c8000000000000ull | 0x21ull << 20 | g, EXIT, NOP};
    uint64_t cs2r[4] = {SCHED, 0x50c8000000000000ull | 0x21ull << 20 | g, EXIT, NOP};
    sured_input(&in, s2r, 4);
    mw_spirv_result_init(&a);
    assert_int_equal(mw_spirv_translate(&in, NULL, &a), GLHLE_RESULT_OK);
    sured_input(&in, cs2r, 4);
    mw_spirv_result_init(&c);
    assert_int_equal(mw_spirv_translate(&in, NULL, &c), GLHLE_RESULT_OK);
    assert_int_equal(a.spirv.size, c.spirv.size);
    assert_memory_equal(a.spirv.data, c.spirv.data, a.spirv.size);
    mw_spirv_result_free(&a);
    mw_spirv_result_free(&c);
    sured_refused(0x50c8000000000000ull | 0x50ull << 20 | g, GLHLE_RESULT_UNSUPPORTED, "CS2R of a clock or timer");
    sured_refused(0x5c88000000000000ull | g, GLHLE_RESULT_UNSUPPORTED, "FCHK (0x5c880000000700");
    sured_refused(0x5c88000000000000ull | g, GLHLE_RESULT_UNSUPPORTED, "whose conditions no reference gives");
    sured_refused(0xdf40000000000000ull | g, GLHLE_RESULT_UNSUPPORTED, "TXA");
}

/* the case count of each OpSwitch in the module, in order, into cases[] */
static uint32_t spv_switch_cases(const mw_spirv_result *r, uint32_t *cases, uint32_t max)
{
    const uint32_t *w = (const uint32_t *)r->spirv.data;
    const size_t n = r->spirv.size / 4;
    uint32_t c = 0;
    for (size_t i = 5; i < n && (w[i] >> 16); i += w[i] >> 16)
        if ((w[i] & 0xffff) == SpvOpSwitch && c < max)
            cases[c++] = ((w[i] >> 16) - 3) / 2;
    return c;
}

/* AST.64 a[R1], R4 (envydis gm107.c 0xeff0: Rb 0, Ra 8, offset 20, size
 * 47-48, vertex 39) in a vertex program whose SPH's output map enables
 * generic output 0 xy and 1 xyzw (OmapGenericVector, 0x36): each word is
 * an OpSwitch on its address with one case per enabled component, 6
 * (emit_ast_indexed), and spirv-val and glslang accept the module. AST.P
 * a[Ra] (with an offset or without) is refused. */
static void ast_input(mw_spirv_input *in, uint64_t *code, uint8_t *sph, uint64_t ast)
{
    code[0] = SCHED, code[1] = ast, code[2] = EXIT, code[3] = NOP;
    vertex_input(in, code, 4, sph);
    sph[0x36] = 0xf3; /* OmapGenericVector[0] xy, [1] xyzw */
}

static void test_indexed_ast(void **state)
{
    (void)state;
    const uint64_t ast = 0xeff0000000000000ull | 1ull << 47 | 0xffull << 39 | 7ull << 16 | 1u << 8 | 4;
    uint64_t code[4];
    uint8_t sph[0x50];
    mw_spirv_input in;
    ast_input(&in, code, sph, ast);
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
    if (tsv_available())
        tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_indexed_ast");
    uint32_t cases[4];
    assert_int_equal(spv_switch_cases(&r, cases, 4), 2);
    assert_int_equal(cases[0], 6);
    assert_int_equal(cases[1], 6);
    module_glsl(&r, MW_SPIRV_VERTEX, false, "indexed_ast");
    module_glsl(&r, MW_SPIRV_VERTEX, true, "indexed_ast");
    mw_spirv_result_free(&r);
    const uint64_t bad[2] = {ast | 0x80ull << 20 | 1ull << 31, ast | 1ull << 31};
    for (int i = 0; i < 2; i++) {
        ast_input(&in, code, sph, bad[i]);
        mw_spirv_result_init(&r);
        assert_int_equal(mw_spirv_translate(&in, NULL, &r), GLHLE_RESULT_UNSUPPORTED);
        assert_non_null(strstr(r.reason, "ALD/AST with an index register but"));
        mw_spirv_result_free(&r);
    }
}

/* Vertex A joined before vertex B (maxwell_spirv.c join): A is ALD R0,
 * a[0x80]; AST a[0x80], R0; EXIT (its output map generic 0 x), B ALD R1,
 * a[0x80]; AST a[0x70], R1; EXIT. The joined module passes spirv-val and
 * glslang and is laid out with the dispatcher; B's loads of the component
 * A hands on read A's store, so the module has one vertex input (A's
 * attribute 0) and the position as its outputs, no generic output. The
 * program id and the cache tell B with A from B alone and from B with
 * another A; A's reachable words count, not what follows. Refused: a B
 * jump into A (each program's jumps stay in its code), an A the walk
 * cannot take (the reason A's own, after "vertex A"), A before a stage
 * other than vertex, A without its SPH. */
static uint64_t ald1(uint32_t rd, uint32_t off)
{
    return 0xefd8000000000000ull | 0xffull << 39 | (uint64_t)off << 20 | 7ull << 16 | 0xffu << 8 | rd;
}

static uint64_t ast1(uint32_t off, uint32_t rs)
{
    return 0xeff0000000000000ull | 0xffull << 39 | (uint64_t)off << 20 | 7ull << 16 | 0xffu << 8 | rs;
}

static uint32_t count_storage(const mw_spirv_result *r, SpvStorageClass sc)
{
    const uint32_t *w = (const uint32_t *)r->spirv.data;
    const size_t n = r->spirv.size / 4;
    uint32_t c = 0;
    for (size_t i = 5; i < n && (w[i] >> 16); i += w[i] >> 16)
        if ((w[i] & 0xffff) == SpvOpVariable && w[i + 3] == (uint32_t)sc)
            c++;
    return c;
}

static void test_vertex_a_join(void **state)
{
    (void)state;
    uint64_t a_code[8] = {SCHED, ald1(0, 0x80), ast1(0x80, 0), EXIT, SCHED, 0x1111, 0x2222, 0x3333};
    uint64_t b_code[4] = {SCHED, ald1(1, 0x80), ast1(0x70, 1), EXIT};
    uint8_t a_sph[0x50], b_sph[0x50];
    mw_spirv_input in, a;
    vertex_input(&a, a_code, 8, a_sph);
    a_sph[0x18] = 0x0f; /* ImapGenericVector[0] */
    a_sph[0x36] = 0x01; /* OmapGenericVector[0] x */
    vertex_input(&in, b_code, 4, b_sph);
    b_sph[0x18] = 0x0f;
    in.a_code = a_code;
    in.a_words = 8;
    in.a_sph = a_sph;
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
    if (tsv_available())
        tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_vertex_a_join");
    assert_false(r.structured);
    assert_int_equal(r.instructions, 6);
    assert_int_equal(count_storage(&r, SpvStorageClassInput), 1);  /* A's attribute 0 */
    assert_int_equal(count_storage(&r, SpvStorageClassOutput), 1); /* the position */
    module_glsl(&r, MW_SPIRV_VERTEX, false, "vertex_a_join");
    module_glsl(&r, MW_SPIRV_VERTEX, true, "vertex_a_join");
    mw_spirv_result_free(&r);
    /* B's words are B's; the slots and the walk both programs' */
    assert_int_equal(mw_spirv_reachable_words(&in), 4);
    mw_spirv_program_id with_a, alone, other_a;
    assert_true(mw_spirv_program_id_of(&in, &with_a));
    a_code[5] = 0x4444; /* past A's reachable code: no change */
    mw_spirv_program_id same;
    assert_true(mw_spirv_program_id_of(&in, &same));
    assert_int_equal(same.hash, with_a.hash);
    in.a_code = NULL;
    assert_true(mw_spirv_program_id_of(&in, &alone));
    assert_int_not_equal(alone.hash, with_a.hash);
    in.a_code = a_code;
    a_sph[0x36] = 0x03;
    assert_true(mw_spirv_program_id_of(&in, &other_a));
    assert_int_not_equal(other_a.hash, with_a.hash);
    a_sph[0x36] = 0x01;
    mw_spirv_cache *c = malloc(sizeof *c);
    mw_spirv_cache_init(c);
    const uint8_t *m1, *m2, *m3;
    size_t s1, s2, s3;
    assert_int_equal(mw_spirv_cache_get(c, &in, ts_logger(), &m1, &s1), GLHLE_RESULT_OK);
    in.a_code = NULL;
    assert_int_equal(mw_spirv_cache_get(c, &in, ts_logger(), &m2, &s2), GLHLE_RESULT_OK);
    in.a_code = a_code;
    a_code[2] = ast1(0x84, 0); /* another A, the same first scheduling word and B */
    assert_int_equal(mw_spirv_cache_get(c, &in, ts_logger(), &m3, &s3), GLHLE_RESULT_OK);
    assert_int_equal(c->misses, 3);
    a_code[2] = ast1(0x80, 0);
    assert_int_equal(mw_spirv_cache_get(c, &in, ts_logger(), &m2, &s2), GLHLE_RESULT_OK);
    assert_ptr_equal(m1, m2);
    assert_int_equal(c->hits, 1);
    mw_spirv_cache_free(c);
    free(c);
    /* refusals */
    b_code[1] = 0xe2400fffff87000full - (0x10ull << 20); /* BRA back past B's start, into A */
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, NULL, &r), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_non_null(strstr(r.reason, "a branch target outside the program"));
    mw_spirv_result_free(&r);
    b_code[1] = ald1(1, 0x80);
    a_code[1] = 0xffffffffffffffffull; /* no instruction */
    mw_spirv_result_init(&r);
    assert_int_not_equal(mw_spirv_translate(&in, NULL, &r), GLHLE_RESULT_OK);
    if (!strstr(r.reason, "vertex-A program whose code cannot be walked: ") || !strstr(r.reason, "(0xffffffffffffffff)"))
        fail_msg("reason \"%s\"", r.reason);
    mw_spirv_result_free(&r);
    a_code[1] = ald1(0, 0x80);
    in.key.stage = MW_SPIRV_FRAGMENT;
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, NULL, &r), GLHLE_RESULT_BAD_DATA);
    assert_non_null(strstr(r.reason, "a vertex-A program before a stage other than vertex B"));
    mw_spirv_result_free(&r);
    in.key.stage = MW_SPIRV_VERTEX;
    in.a_sph = NULL;
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, NULL, &r), GLHLE_RESULT_BAD_DATA);
    assert_non_null(strstr(r.reason, "without code or without its program header"));
    mw_spirv_result_free(&r);
}

/* IPA.IDX R0, a[R1] (envydis e000: Rd 0, Ra 8, attribute 28-37, bit 38
 * IDX; the word of IPA.PASS R4, a[0x70] above with those fields changed)
 * in a fragment program whose SPH's PS input map enables generic inputs 0
 * xyzw and 1 xy, perspective: a select over the six (ipa_indexed), with
 * spirv-val and glslang accepting it. IDX with Ra RZ, Ra without IDX and
 * IDX with a nonzero attribute field are refused. */
static void test_ipa_indexed(void **state)
{
    (void)state;
    const uint64_t ipa = (0xe003ff870ff7ff04ull & ~(0x3ffull << 28) & ~0xffffull) | 1ull << 38 | 1u << 8;
    const uint64_t words[4] = {ipa, (ipa | 0xffu << 8), ipa & ~(1ull << 38), ipa | 0x80ull << 28};
    for (int i = 0; i < 4; i++) {
        uint64_t code[4] = {SCHED, words[i], EXIT, NOP};
        uint8_t sph[0x50];
        mw_spirv_input in;
        fragment_input(&in, code, 4, sph);
        sph[0] = 0x62;                 /* PS, version 3 */
        sph[0x18] = 0xaa, sph[0x19] = 0x0a; /* ImapGenericVector[0] xyzw, [1] xy perspective */
        mw_spirv_result r;
        mw_spirv_result_init(&r);
        if (i) {
            assert_int_equal(mw_spirv_translate(&in, NULL, &r), GLHLE_RESULT_UNSUPPORTED);
            assert_non_null(strstr(r.reason, "IPA with an index register or IDX but IPA.IDX a[Ra]"));
            mw_spirv_result_free(&r);
            continue;
        }
        assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
        if (tsv_available())
            tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_ipa_indexed");
        assert_select_chain(&r, 6);
        module_glsl(&r, MW_SPIRV_FRAGMENT, false, "ipa_indexed");
        module_glsl(&r, MW_SPIRV_FRAGMENT, true, "ipa_indexed");
        mw_spirv_result_free(&r);
    }
}

/* OUT with a vertex stream (envydis gm107.c fbe0 register, f6e0
 * immediate: mode 39-40 EMIT 1 CUT 2, the stream the second source at 20;
 * yuzu output_geometry.cpp) in a geometry program whose SPH says points
 * out (OutputTopology 1 at 0x0f, 4 vertices at 0x10) and generic 0 out
 * (0x36): AST a[0x80] R0; OUT.EMIT RZ (stream 0); OUT.EMIT 1;
 * OUT.EMIT_THEN_CUT 2; OUT.CUT 3. Transform feedback of generic 0's x into
 * buffer 0 (stream 0) and of its y into buffer 1 (stream 2). spirv-val
 * takes it; it holds GeometryStreams, OpEmitStreamVertex of 1 and 2 and
 * OpEndStreamPrimitive of 2 and 3, Stream 2 on buffer 1's variable, and its
 * GLSL (SPIRV-Cross) says EmitStreamVertex(int(1u)) and layout(stream = 2),
 * which glslang takes. Refused: streams
 * out of a triangle-strip program or in a vertex program's transform
 * feedback (GL: points only), a stream in a register, a stream past 3. */
static uint64_t gs_out(uint32_t mode, uint32_t stream)
{
    return 0xf6e0000000000000ull | (uint64_t)mode << 39 | (uint64_t)stream << 20 | 7ull << 16 | 0xffu << 8 | 0xff;
}

static void streams_input(mw_spirv_input *in, uint64_t *code, uint8_t *sph, mw_spirv_xfb *x, uint32_t topology)
{
    static const uint64_t ast = 0xeff0000000000000ull | 3ull << 47 | 0xffull << 39 | 0x80ull << 20 | 7ull << 16 |
                                0xffu << 8 | 0;
    const uint64_t w[8] = {SCHED, ast, 0xfbe0000000000000ull | 1ull << 39 | 0xffull << 20 | 7ull << 16 | 0xffff,
                           gs_out(1, 1), SCHED, gs_out(3, 2), gs_out(2, 3), EXIT};
    memcpy(code, w, sizeof w);
    memset(in, 0, sizeof *in);
    memset(sph, 0, 0x50);
    sph[0] = 0x61;
    sph[0x0f] = (uint8_t)topology;
    sph[0x10] = 4;
    sph[0x36] = 0x0f;
    in->code = code;
    in->words = 8;
    in->sph = sph;
    in->key.stage = MW_SPIRV_GEOMETRY;
    in->key.prim_in = 0; /* points in */
    memset(x, 0, sizeof *x);
    x->count[0] = x->count[1] = 1;
    x->stride[0] = x->stride[1] = 4;
    x->attr[0][0] = 32;
    x->attr[1][0] = 33;
    x->stream[1] = 2;
    in->xfb = x;
}

/* instructions `op` in the module whose first operand is constant `value`
 * (found by its OpConstant) */
static uint32_t spv_count_op_const(const mw_spirv_result *r, uint32_t op, uint32_t value)
{
    const uint32_t *w = (const uint32_t *)r->spirv.data;
    const size_t n = r->spirv.size / 4;
    uint32_t c = 0;
    for (size_t i = 5; i < n && (w[i] >> 16); i += w[i] >> 16)
        if ((w[i] & 0xffff) == op)
            for (size_t j = 5; j < n && (w[j] >> 16); j += w[j] >> 16)
                if ((w[j] & 0xffff) == SpvOpConstant && w[j + 2] == w[i + 1] && w[j + 3] == value)
                    c++;
    return c;
}

static bool spv_has_word_pair(const mw_spirv_result *r, uint32_t op, uint32_t a, uint32_t b)
{
    const uint32_t *w = (const uint32_t *)r->spirv.data;
    const size_t n = r->spirv.size / 4;
    for (size_t i = 5; i < n && (w[i] >> 16); i += w[i] >> 16)
        if ((w[i] & 0xffff) == op && (w[i] >> 16) >= (b == ~0u ? 2u : 3u) && w[i + 1] == a &&
            (b == ~0u || w[i + 2] == b))
            return true;
    return false;
}

static void test_geometry_streams(void **state)
{
    (void)state;
    uint64_t code[8];
    uint8_t sph[0x50];
    mw_spirv_xfb x;
    mw_spirv_input in;
    streams_input(&in, code, sph, &x, MW_SPIRV_TOPOLOGY_POINTS);
    assert_true(mw_spirv_xfb_valid(&x));
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    assert_int_equal(mw_spirv_translate(&in, ts_logger(), &r), GLHLE_RESULT_OK);
    if (tsv_available())
        tsv_assert_valid((const uint32_t *)r.spirv.data, r.spirv.size / 4, "maxwell_geometry_streams");
    assert_true(spv_has_word_pair(&r, SpvOpCapability, SpvCapabilityGeometryStreams, ~0u));
    assert_int_equal(spv_count_op_const(&r, SpvOpEmitStreamVertex, 1), 1);
    assert_int_equal(spv_count_op_const(&r, SpvOpEmitStreamVertex, 2), 1);
    assert_int_equal(spv_count_op_const(&r, SpvOpEndStreamPrimitive, 2), 1);
    assert_int_equal(spv_count_op_const(&r, SpvOpEndStreamPrimitive, 3), 1);
    /* OpDecorate var Stream 2: on one variable, the one decorated XfbBuffer 1 */
    const uint32_t *w = (const uint32_t *)r.spirv.data;
    uint32_t streamed = 0, var = 0;
    for (size_t i = 5; i < r.spirv.size / 4 && (w[i] >> 16); i += w[i] >> 16)
        if ((w[i] & 0xffff) == SpvOpDecorate && w[i + 2] == SpvDecorationStream) {
            assert_int_equal(w[i + 3], 2);
            var = w[i + 1];
            streamed++;
        }
    assert_int_equal(streamed, 1);
    const uint32_t xfb_buffer_1[4] = {4u << 16 | SpvOpDecorate, var, SpvDecorationXfbBuffer, 1};
    bool found = false;
    for (size_t i = 5; i + 4 <= r.spirv.size / 4 && !found; i++)
        found = memcmp(&w[i], xfb_buffer_1, sizeof xfb_buffer_1) == 0;
    assert_true(found);
    spv_glsl_binding bind[64];
    const size_t nb = mw_spirv_gl_bindings(&r, MW_SPIRV_GEOMETRY, bind);
    const spv_glsl_options o = {.bindings = bind, .binding_count = nb};
    glhle_bytebuf g;
    glhle_bytebuf_init(&g, 0);
    assert_int_equal(spv_to_glsl(w, r.spirv.size / 4, &o, ts_logger(), &g), GLHLE_RESULT_OK);
    const char *src = glhle_bytebuf_cstr(&g);
    /* SPIRV-Cross 2021.01 writes the constant as int(1u) */
    if (!strstr(src, "EmitStreamVertex(int(1u))") || !strstr(src, "EndStreamPrimitive(int(3u))") ||
        !strstr(src, "stream = 2) out uint xfb1_0"))
        fail_msg("GLSL without the streams:\n%s", src);
    glhle_bytebuf_free(&g);
    module_glsl(&r, MW_SPIRV_GEOMETRY, false, "geometry_streams");
    mw_spirv_result_free(&r);

    const struct {
        uint32_t topology;
        mw_spirv_stage stage;
        uint64_t out;
        glhle_result res;
        const char *why;
    } bad[5] = {
        {MW_SPIRV_TOPOLOGY_TRIANGLE_STRIP, MW_SPIRV_GEOMETRY, 0, GLHLE_RESULT_UNSUPPORTED,
         "transform feedback on vertex stream 2 from other than a geometry stage emitting points"},
        {MW_SPIRV_TOPOLOGY_POINTS, MW_SPIRV_VERTEX, 0, GLHLE_RESULT_UNSUPPORTED,
         "transform feedback on vertex stream 2 from other than"},
        {MW_SPIRV_TOPOLOGY_POINTS, MW_SPIRV_GEOMETRY, 0xfbe0000000000000ull | 1ull << 39 | 1ull << 20 | 7ull << 16 | 0xffff,
         GLHLE_RESULT_UNSUPPORTED, "OUT with its vertex stream in a register"},
        {MW_SPIRV_TOPOLOGY_POINTS, MW_SPIRV_GEOMETRY, gs_out(1, 4), GLHLE_RESULT_BAD_DATA,
         "OUT to vertex stream 0x4 (not 0-3)"},
        {MW_SPIRV_TOPOLOGY_LINE_STRIP, MW_SPIRV_GEOMETRY, gs_out(1, 1), GLHLE_RESULT_UNSUPPORTED,
         "OUT on vertex stream 1 from other than a geometry stage emitting points"},
    };
    for (int i = 0; i < 5; i++) {
        streams_input(&in, code, sph, &x, bad[i].topology);
        in.key.stage = bad[i].stage;
        if (bad[i].stage == MW_SPIRV_VERTEX) {
            code[2] = code[3] = code[5] = code[6] = NOP;
        }
        if (bad[i].out) {
            code[3] = bad[i].out;
            in.xfb = NULL;
        }
        mw_spirv_result_init(&r);
        assert_int_equal(mw_spirv_translate(&in, NULL, &r), bad[i].res);
        if (!strstr(r.reason, bad[i].why))
            fail_msg("case %d: reason \"%s\" does not name \"%s\"", i, r.reason, bad[i].why);
        mw_spirv_result_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_program_identity_and_cache),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_video),
        cmocka_unit_test(test_condition_code),
        cmocka_unit_test(test_unstructured_fallback),
        cmocka_unit_test(test_corpus_translates),
        cmocka_unit_test(test_corpus_unnormalized),
        cmocka_unit_test(test_reachable_images),
        cmocka_unit_test(test_suatom_handles),
        cmocka_unit_test(test_sured),
        cmocka_unit_test(test_suatom_byte_address),
        cmocka_unit_test(test_suatom_bindless),
        cmocka_unit_test(test_generic_memory_refusals),
        cmocka_unit_test(test_al2p_indexed_ald),
        cmocka_unit_test(test_indexed_ast),
        cmocka_unit_test(test_ipa_indexed),
        cmocka_unit_test(test_vertex_a_join),
        cmocka_unit_test(test_1d_as_2d),
        cmocka_unit_test(test_tld_ms),
        cmocka_unit_test(test_bindless),
        cmocka_unit_test(test_geometry_streams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
