/* backend/maxwell/shader/sph.c: program headers of the corpus checked
 * against what their GLSL means (which attributes a shader reads and
 * writes, how fragment inputs are interpolated, what it outputs, its
 * geometry layout), and headers assembled here from the bit layout of
 * NVIDIA's open-gpu-doc Shader-Program-Header. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/shader/dksh.h"
#include "support/maxwell_corpus.h"

static bool load_sph(const mc_corpus *c, const char *name, mw_sph *out)
{
    size_t size;
    uint8_t *b = ts_read_file(mc_path(c, name, ".dksh"), &size);
    mw_dksh d;
    glhle_result r = mw_dksh_parse(b, size, ts_logger(), &d);
    free(b);
    assert_int_equal(r, GLHLE_RESULT_OK);
    *out = d.programs[0].sph;
    return d.programs[0].has_sph;
}

static void corpus_headers(void **state)
{
    (void)state;
    mc_corpus c;
    if (!mc_open(&c))
        skip();
    mw_sph s;
    /* fullscreen_vsh: out vec2 outUV (location 0), out vec4 outColor (1),
     * gl_Position, reads gl_VertexID */
    assert_true(load_sph(&c, "fullscreen_vsh", &s));
    assert_int_equal(s.sph_type, MW_SPH_TYPE_VTG);
    assert_int_equal(s.shader_type, MW_SPH_SHADER_VERTEX);
    assert_int_equal(mw_sph_output_mask(&s, 0), 0x3);
    assert_int_equal(mw_sph_output_mask(&s, 1), 0xf);
    assert_int_equal(mw_sph_output_mask(&s, 2), 0);
    assert_int_equal(s.omap_system_b & 0xf0, 0xf0); /* position x y z w */
    assert_true(s.imap_system_c & MW_SPH_SYSC_VERTEX_ID);
    assert_false(s.imap_system_c & MW_SPH_SYSC_INSTANCE_ID);
    assert_false(s.kills_pixels);
    /* attribs_vsh: in vec2 (0), vec3 (1), vec4 (2), ivec4 (3), uvec2 (4); gl_InstanceID and gl_VertexID */
    assert_true(load_sph(&c, "attribs_vsh", &s));
    assert_int_equal(mw_sph_input_mask(&s, 0), 0x3);
    assert_int_equal(mw_sph_input_mask(&s, 1) & ~0x7, 0);
    assert_int_equal(mw_sph_input_mask(&s, 4) & ~0x3, 0);
    assert_int_equal(mw_sph_input_mask(&s, 5), 0);
    assert_true(s.imap_system_c & MW_SPH_SYSC_VERTEX_ID);
    assert_true(s.imap_system_c & MW_SPH_SYSC_INSTANCE_ID);
    /* clipdist_vsh writes gl_ClipDistance[0] and [1] */
    assert_true(load_sph(&c, "clipdist_vsh", &s));
    assert_int_equal(s.omap_system_c & 0x3, 0x3);
    /* interp_fsh reads inSmooth.x and .z (smooth), inFlat.xy (flat),
     * inNoPersp.xy (noperspective), inCentroid.y (centroid: perspective) */
    assert_true(load_sph(&c, "interp_fsh", &s));
    assert_int_equal(s.sph_type, MW_SPH_TYPE_PS);
    assert_int_equal(s.shader_type, MW_SPH_SHADER_PIXEL);
    assert_int_equal(mw_sph_ps_input_mode(&s, 0, 0), MW_SPH_IMAP_PERSPECTIVE);
    assert_int_equal(mw_sph_ps_input_mode(&s, 0, 1), MW_SPH_IMAP_UNUSED);
    assert_int_equal(mw_sph_ps_input_mode(&s, 0, 2), MW_SPH_IMAP_PERSPECTIVE);
    assert_int_equal(mw_sph_ps_input_mode(&s, 1, 0), MW_SPH_IMAP_CONSTANT);
    assert_int_equal(mw_sph_ps_input_mode(&s, 1, 1), MW_SPH_IMAP_CONSTANT);
    assert_int_equal(mw_sph_ps_input_mode(&s, 2, 0), MW_SPH_IMAP_SCREEN_LINEAR);
    assert_int_equal(mw_sph_ps_input_mode(&s, 2, 1), MW_SPH_IMAP_SCREEN_LINEAR);
    assert_int_equal(mw_sph_ps_input_mode(&s, 3, 0), MW_SPH_IMAP_UNUSED);
    assert_int_equal(mw_sph_ps_input_mode(&s, 3, 1), MW_SPH_IMAP_PERSPECTIVE);
    assert_int_equal(mw_sph_input_mask(&s, 0), 0x5);
    assert_int_equal(mw_sph_ps_target_mask(&s, 0), 0xf);
    assert_int_equal(mw_sph_ps_target_mask(&s, 1), 0);
    assert_false(s.omap_depth);
    /* mrt_depth_fsh: three vec4 targets and gl_FragDepth */
    assert_true(load_sph(&c, "mrt_depth_fsh", &s));
    assert_true(s.mrt_enable);
    for (unsigned rt = 0; rt < 3; rt++)
        assert_int_equal(mw_sph_ps_target_mask(&s, rt), 0xf);
    assert_int_equal(mw_sph_ps_target_mask(&s, 3), 0);
    assert_true(s.omap_depth);
    assert_false(s.omap_sample_mask);
    /* discard_fsh kills pixels; color_fsh does not */
    assert_true(load_sph(&c, "discard_fsh", &s));
    assert_true(s.kills_pixels);
    assert_true(load_sph(&c, "color_fsh", &s));
    assert_false(s.kills_pixels);
    assert_int_equal(mw_sph_input_mask(&s, 0), 0xf);
    /* point_quad_gsh: layout(triangle_strip, max_vertices = 4) out */
    assert_true(load_sph(&c, "point_quad_gsh", &s));
    assert_int_equal(s.shader_type, MW_SPH_SHADER_GEOMETRY);
    assert_int_equal(s.output_topology, MW_SPH_TOPOLOGY_TRIANGLESTRIP);
    assert_int_equal(s.max_output_vertex_count, 4);
    assert_int_equal(mw_sph_output_mask(&s, 0), 0xf);
    /* quad_tcsh: layout(vertices = 4) out */
    assert_true(load_sph(&c, "quad_tcsh", &s));
    assert_int_equal(s.shader_type, MW_SPH_SHADER_TESS_CONTROL);
    assert_int_equal(s.threads_per_input_primitive, 4);
    assert_true(load_sph(&c, "quad_tesh", &s));
    assert_int_equal(s.shader_type, MW_SPH_SHADER_TESS_EVAL);
    /* local_array_fsh: float arr[12] indexed dynamically lives in local memory */
    assert_true(load_sph(&c, "local_array_fsh", &s));
    assert_true(mw_sph_local_memory_size(&s) >= 12 * 4);
    assert_true(s.does_load_or_store);
    assert_true(load_sph(&c, "texture_fsh", &s));
    assert_int_equal(mw_sph_local_memory_size(&s), 0);
}

static void put32(uint8_t *b, unsigned off, uint32_t v)
{
    b[off] = (uint8_t)v;
    b[off + 1] = (uint8_t)(v >> 8);
    b[off + 2] = (uint8_t)(v >> 16);
    b[off + 3] = (uint8_t)(v >> 24);
}

static void assembled_headers(void **state)
{
    (void)state;
    uint8_t b[MW_SPH_SIZE];
    memset(b, 0, sizeof b);
    /* common0: SphType 1 (0-4), Version 3 (5-9), ShaderType 4 (10-13),
     * DoesGlobalStore (16), SassVersion 3 (17-20), DoesFp64 (27), StreamOutMask 5 (28-31) */
    put32(b, 0x00, 1u | 3u << 5 | 4u << 10 | 1u << 16 | 3u << 17 | 1u << 27 | 5u << 28);
    put32(b, 0x04, 0x100u | 7u << 24);  /* local low 256, 7 patch attributes */
    put32(b, 0x08, 0x20u | 3u << 24);   /* local high 32, 3 invocations */
    put32(b, 0x0c, 0x40u | 6u << 24);   /* crs 64, line strip */
    put32(b, 0x10, 0x123u | 9u << 12 | 0xabu << 24);
    b[0x17] = 0xf0;        /* reads position */
    b[0x18] = 0x3f;        /* generic 0 = xyzw... nibble 0 = 0xf, generic 1 = 0x3 */
    b[0x2a] = 0x03;        /* clip distances 0-1 in */
    b[0x36 + 15] = 0x80;   /* output generic 31: w only */
    b[0x48 + 1] = 0x40;    /* instance id out (bit 14) */
    mw_sph s;
    assert_int_equal(mw_sph_parse(b, sizeof b, ts_logger(), &s), GLHLE_RESULT_OK);
    assert_int_equal(s.sph_type, 1);
    assert_int_equal(s.version, 3);
    assert_int_equal(s.shader_type, MW_SPH_SHADER_GEOMETRY);
    assert_true(s.does_global_store);
    assert_false(s.does_load_or_store);
    assert_true(s.does_fp64);
    assert_int_equal(s.sass_version, 3);
    assert_int_equal(s.stream_out_mask, 5);
    assert_int_equal(s.local_memory_low_size, 0x100);
    assert_int_equal(s.local_memory_high_size, 0x20);
    assert_int_equal(mw_sph_local_memory_size(&s), 0x120);
    assert_int_equal(s.per_patch_attribute_count, 7);
    assert_int_equal(s.threads_per_input_primitive, 3);
    assert_int_equal(s.local_memory_crs_size, 0x40);
    assert_int_equal(s.output_topology, MW_SPH_TOPOLOGY_LINESTRIP);
    assert_int_equal(s.max_output_vertex_count, 0x123);
    assert_int_equal(s.store_req_start, 9);
    assert_int_equal(s.store_req_end, 0xab);
    assert_int_equal(s.imap_system_b, 0xf0);
    assert_int_equal(mw_sph_input_mask(&s, 0), 0xf);
    assert_int_equal(mw_sph_input_mask(&s, 1), 0x3);
    assert_int_equal(s.imap_system_c, 0x0003);
    assert_int_equal(mw_sph_output_mask(&s, 31), 0x8);
    assert_int_equal(s.omap_system_c, MW_SPH_SYSC_INSTANCE_ID);
    assert_int_equal(mw_sph_input_mask(&s, 32), 0);

    /* a pixel header: 2 bits per input component, targets and depth at 0x48 */
    memset(b, 0, sizeof b);
    put32(b, 0x00, 2u | 5u << 10 | 1u << 14 | 1u << 15);
    b[0x18 + 2] = 1u | 3u << 6; /* generic 2: x constant, w screen-linear */
    put32(b, 0x48, 0x000f0003u);  /* rt0 = xy, rt4 = xyzw */
    b[0x4c] = 0x3;                /* sample mask and depth */
    assert_int_equal(mw_sph_parse(b, sizeof b, ts_logger(), &s), GLHLE_RESULT_OK);
    assert_true(s.mrt_enable);
    assert_true(s.kills_pixels);
    assert_int_equal(mw_sph_ps_input_mode(&s, 2, 0), MW_SPH_IMAP_CONSTANT);
    assert_int_equal(mw_sph_ps_input_mode(&s, 2, 3), MW_SPH_IMAP_SCREEN_LINEAR);
    assert_int_equal(mw_sph_input_mask(&s, 2), 0x9);
    assert_int_equal(mw_sph_ps_target_mask(&s, 0), 0x3);
    assert_int_equal(mw_sph_ps_target_mask(&s, 4), 0xf);
    assert_int_equal(mw_sph_ps_target_mask(&s, 8), 0);
    assert_true(s.omap_sample_mask);
    assert_true(s.omap_depth);
    assert_int_equal(mw_sph_output_mask(&s, 0), 0); /* no VTG outputs in a PS header */

    /* rejections */
    ts_log_clear();
    assert_int_equal(mw_sph_parse(b, MW_SPH_SIZE - 1, ts_logger(), &s), GLHLE_RESULT_TRUNCATED);
    put32(b, 0x00, 3u | 5u << 10);
    assert_int_equal(mw_sph_parse(b, sizeof b, ts_logger(), &s), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("SPH type 3"));
    put32(b, 0x00, 1u | 6u << 10);
    assert_int_equal(mw_sph_parse(b, sizeof b, ts_logger(), &s), GLHLE_RESULT_BAD_DATA);
    put32(b, 0x00, 1u | 5u << 10); /* VTG header for a pixel shader */
    assert_int_equal(mw_sph_parse(b, sizeof b, ts_logger(), &s), GLHLE_RESULT_BAD_DATA);
    put32(b, 0x00, 2u | 1u << 10); /* PS header for a vertex shader */
    assert_int_equal(mw_sph_parse(b, sizeof b, ts_logger(), &s), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(mw_sph_parse(NULL, 0, ts_logger(), &s), GLHLE_RESULT_TRUNCATED);
    assert_string_equal(mw_sph_shader_type_name(MW_SPH_SHADER_TESS_EVAL), "tess_eval");
    assert_string_equal(mw_sph_shader_type_name(9), "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_headers),
        cmocka_unit_test(assembled_headers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
