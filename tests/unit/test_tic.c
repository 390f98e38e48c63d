/* backend/maxwell/texture/tic.c: each Maxwell header layout and the sampler,
 * from words written by hand from clb197tex.h's field positions (each word
 * is built up in its comment, field by field, MW bit number -> word bit). */
#include "support/test_support.h"

#include <string.h>

#include "backend/maxwell/texture/tic.h"

/* word 0 shared by several cases: A8B8G8R8 (0x08, 6:0), R/G/B/A UNORM (2 at
 * 9:7, 12:10, 15:13, 18:16 = 0x100 + 0x800 + 0x4000 + 0x20000), swizzle
 * X=R (2 << 19), Y=G (3 << 22), Z=B (4 << 25), W=A (5 << 28):
 * 0x08 + 0x24900 + 0x100000 + 0xc00000 + 0x8000000 + 0x50000000 */
#define W0_RGBA8 0x58D24908u

static void block_linear(void **state)
{
    (void)state;
    const uint32_t w[8] = {
        W0_RGBA8,
        /* address bits 31-9 at MW(63:41) = word bits 9-31 (0x34567a00);
         * GOB_DEPTH_OFFSET 1 at MW(38:37) = bits 5-6 (0x20) */
        0x34567A20u,
        /* address bits 47-32 at MW(79:64) = bits 0-15 (0x1234); HEADER_VERSION
         * 3 at MW(87:85) = bits 21-23 (0x600000); coherency hash 0xa at
         * MW(92:89) = bits 25-28 (0x14000000) */
        0x14601234u,
        /* GOBS_PER_BLOCK_HEIGHT 4 at MW(101:99) = bits 3-5 (0x20);
         * LOD_ANISO_QUALITY2/LOD_ANISO_QUALITY/LOD_ISO_QUALITY at bits 16, 17,
         * 18 (0x70000); ANISO_COARSE_SPREAD_MODIFIER 2 at bits 19-20
         * (0x100000); ANISO_SPREAD_SCALE 0x13 at bits 21-25 (0x2600000);
         * MAX_MIP_LEVEL 9 at bits 28-31 */
        0x92770020u,
        /* WIDTH_MINUS_ONE 0x3ff at bits 0-15; ANISO_SPREAD_MAX_LOG2 5 at bits
         * 19-21 (0x280000); TEXTURE_TYPE TWO_D (1) at bits 23-26 (0x800000);
         * SECTOR_PROMOTION PROMOTE_TO_2_H (2) at bits 27-28 (0x10000000);
         * BORDER_SIZE SAMPLER_COLOR (7) at bits 29-31 (0xe0000000) */
        0xF0A803FFu,
        /* HEIGHT_MINUS_ONE 0x1ff; DEPTH_MINUS_ONE 0; NORMALIZED_COORDS bit 31 */
        0x800001FFu,
        /* TRILIN_OPT 0x1f at bits 1-5 (0x3e); MIP_LOD_BIAS -0.5 = -128 =
         * 0x1f80 (13 bits) at bits 6-18 (0x7e000); ANISO_BIAS 3 at bits 19-22
         * (0x180000); ANISO_FINE_SPREAD_FUNC 1 at 23-24 (0x800000);
         * ANISO_COARSE_SPREAD_FUNC 2 at 25-26 (0x4000000); MAX_ANISOTROPY
         * 8:1 (4) at 27-29 (0x20000000); ANISO_FINE_SPREAD_MODIFIER 3 at
         * 30-31 (0xc0000000) */
        0xE49FE03Eu,
        /* RES_VIEW_MIN_MIP_LEVEL 1 at bits 0-3; RES_VIEW_MAX_MIP_LEVEL 9 at
         * 4-7 (0x90); MULTI_SAMPLE_COUNT 0; MIN_LOD_CLAMP 1.5 = 0x180 at
         * bits 12-23 (0x180000) */
        0x00180091u,
    };
    mw_tic t;
    assert_int_equal(mw_tic_decode(w, &t), GLHLE_RESULT_OK);
    assert_null(t.problem);
    assert_int_equal(t.version, MW_TIC_BLOCKLINEAR);
    assert_int_equal(t.components, MW_TIC_A8B8G8R8);
    assert_non_null(t.format);
    assert_string_equal(t.format->name, "A8B8G8R8");
    assert_int_equal(t.format->bits_per_block, 32);
    for (int c = 0; c < 4; c++) {
        assert_int_equal(t.data_type[c], MW_TIC_UNORM);
        assert_int_equal(t.source[c], MW_TIC_SOURCE_R + c);
    }
    assert_false(t.pack_components);
    assert_true(t.address == 0x123434567A00ull);
    assert_int_equal(t.gob_depth_offset, 1);
    assert_int_equal(t.resource_view_coherency_hash, 0xa);
    assert_int_equal(t.gobs_per_block_width, 0);
    assert_int_equal(t.gobs_per_block_height, 4);
    assert_int_equal(t.gobs_per_block_depth, 0);
    assert_int_equal(t.tile_width_in_gobs, 0);
    assert_false(t.gob3d);
    assert_int_equal(t.pitch, 0);
    assert_true(t.lod_aniso_quality2 && t.lod_aniso_quality && t.lod_iso_quality);
    assert_int_equal(t.aniso_coarse_spread_modifier, 2);
    assert_int_equal(t.aniso_spread_scale, 0x13);
    assert_false(t.use_header_opt_control);
    assert_false(t.depth_texture);
    assert_int_equal(t.max_mip_level, 9);
    assert_true(t.width == 1024);
    assert_int_equal(t.aniso_spread_max_log2, 5);
    assert_false(t.srgb_conversion);
    assert_int_equal(t.texture_type, MW_TIC_TYPE_2D);
    assert_int_equal(t.sector_promotion, 2);
    assert_int_equal(t.border_size, 7);
    assert_int_equal(t.height, 512);
    assert_int_equal(t.depth, 1);
    assert_true(t.normalized_coords);
    assert_int_equal(t.trilin_opt, 0x1f);
    assert_int_equal(t.mip_lod_bias, 0x1f80);
    assert_true(mw_tex_lod_bias(t.mip_lod_bias) == -0.5f);
    assert_int_equal(t.aniso_bias, 3);
    assert_int_equal(t.aniso_fine_spread_func, 1);
    assert_int_equal(t.aniso_coarse_spread_func, 2);
    assert_int_equal(t.max_anisotropy, 4);
    assert_int_equal(mw_tex_anisotropy(t.max_anisotropy), 8);
    assert_int_equal(t.aniso_fine_spread_modifier, 3);
    assert_int_equal(t.res_view_min_mip_level, 1);
    assert_int_equal(t.res_view_max_mip_level, 9);
    assert_int_equal(t.multi_sample_count, 0);
    assert_int_equal(t.min_lod_clamp, 0x180);
    assert_true(mw_tex_lod_clamp(t.min_lod_clamp) == 1.5f);
    assert_false(t.color_key_op);
    assert_int_equal(t.color_key_value, 0);
}

static void pitch(void **state)
{
    (void)state;
    const uint32_t w[8] = {
        /* R32_G32_B32_A32 (0x01); all FLOAT (7 << 7, 10, 13, 16 = 0x7ff80);
         * X=R, Y=G, Z=B (0xd00000 + 0x8000000), W=ONE_FLOAT (7 << 28);
         * PACK_COMPONENTS bit 31 */
        0xF8D7FF81u,
        /* address bits 31-5 at MW(63:37) = word bits 5-31: 0xcdef0120 */
        0xCDEF0120u,
        /* address bits 47-32: 0xab; HEADER_VERSION PITCH (2 << 21) */
        0x004000ABu,
        /* PITCH bits 20-5 at MW(111:96): 0x1040 >> 5 = 0x82; LOD_ISO_QUALITY
         * bit 18 */
        0x00040082u,
        /* WIDTH_MINUS_ONE 0xff; S_R_G_B_CONVERSION bit 22; TEXTURE_TYPE
         * TWO_D_NO_MIPMAP (7 << 23 = 0x3800000) */
        0x03C000FFu,
        0x0000003Fu, /* HEIGHT_MINUS_ONE 63, not normalized */
        0, 0,
    };
    mw_tic t;
    assert_int_equal(mw_tic_decode(w, &t), GLHLE_RESULT_OK);
    assert_int_equal(t.version, MW_TIC_PITCH);
    assert_string_equal(t.format->name, "R32_G32_B32_A32");
    assert_int_equal(t.format->bits_per_block, 128);
    assert_int_equal(t.data_type[0], MW_TIC_FLOAT);
    assert_int_equal(t.data_type[3], MW_TIC_FLOAT);
    assert_int_equal(t.source[3], MW_TIC_SOURCE_ONE_FLOAT);
    assert_true(t.pack_components);
    assert_true(t.address == 0xABCDEF0120ull);
    assert_int_equal(t.pitch, 0x1040);
    assert_true(t.lod_iso_quality);
    assert_false(t.lod_aniso_quality);
    assert_true(t.width == 256);
    assert_int_equal(t.height, 64);
    assert_int_equal(t.depth, 1);
    assert_true(t.srgb_conversion);
    assert_int_equal(t.texture_type, MW_TIC_TYPE_2D_NO_MIPMAP);
    assert_false(t.normalized_coords);
    /* block-linear fields stay 0 */
    assert_int_equal(t.gobs_per_block_height, 0);
    assert_int_equal(t.gob_depth_offset, 0);
}

static void one_d_buffer(void **state)
{
    (void)state;
    const uint32_t w[8] = {
        /* R32 (0x0f); UINT (4 << 7, 10, 13, 16 = 0x49200); X=R (2 << 19),
         * Y=Z=ZERO, W=ONE_INT (6 << 28) */
        0x6014920Fu,
        0x00000004u, /* address bits 31-0 at MW(63:32) */
        0x00000001u, /* address bits 47-32; HEADER_VERSION ONE_D_BUFFER (0) */
        0x00000012u, /* WIDTH_MINUS_ONE bits 31-16 at MW(111:96) */
        /* WIDTH_MINUS_ONE bits 15-0 at MW(143:128): 0x3456; TEXTURE_TYPE
         * ONE_D_BUFFER (6 << 23 = 0x3000000) */
        0x03003456u,
        0xFFFFFFFFu, /* reserved in this layout: must not show up as sizes */
        0xFFFFFFFFu, 0xFFFFFFFFu,
    };
    mw_tic t;
    assert_int_equal(mw_tic_decode(w, &t), GLHLE_RESULT_OK);
    assert_int_equal(t.version, MW_TIC_ONE_D_BUFFER);
    assert_string_equal(t.format->name, "R32");
    assert_int_equal(t.data_type[0], MW_TIC_UINT);
    assert_int_equal(t.source[0], MW_TIC_SOURCE_R);
    assert_int_equal(t.source[1], MW_TIC_SOURCE_ZERO);
    assert_int_equal(t.source[3], MW_TIC_SOURCE_ONE_INT);
    assert_true(t.address == 0x100000004ull);
    assert_true(t.width == 0x123457);
    assert_int_equal(t.height, 1);
    assert_int_equal(t.depth, 1);
    assert_int_equal(t.texture_type, MW_TIC_TYPE_1D_BUFFER);
    assert_int_equal(t.max_mip_level, 0);
    assert_false(t.normalized_coords);
    assert_int_equal(t.multi_sample_count, 0);
    assert_int_equal(t.pitch, 0);
    /* the largest width, 2^32 texels */
    uint32_t big[8];
    memcpy(big, w, sizeof big);
    big[3] = 0xFFFF;
    big[4] = 0x0300FFFF;
    assert_int_equal(mw_tic_decode(big, &t), GLHLE_RESULT_OK);
    assert_true(t.width == 0x100000000ull);
}

static void pitch_color_key(void **state)
{
    (void)state;
    const uint32_t w[8] = {
        W0_RGBA8,
        0x00000040u, /* address 0x40 */
        0x00200000u, /* HEADER_VERSION PITCH_COLOR_KEY (1 << 21) */
        0x00000008u, /* PITCH 0x100 >> 5 */
        0x0080003Fu, /* WIDTH_MINUS_ONE 63, TWO_D (1 << 23) */
        0x8000003Fu, /* HEIGHT_MINUS_ONE 63, normalized */
        0x00000001u, /* COLOR_KEY_OP at MW(192:192) = bit 0 */
        0xFF00FF00u, /* COLOR_KEY_VALUE MW(255:224) */
    };
    mw_tic t;
    assert_int_equal(mw_tic_decode(w, &t), GLHLE_RESULT_OK);
    assert_int_equal(t.version, MW_TIC_PITCH_COLOR_KEY);
    assert_true(t.address == 0x40);
    assert_int_equal(t.pitch, 0x100);
    assert_true(t.color_key_op);
    assert_int_equal(t.color_key_value, 0xFF00FF00u);
    assert_int_equal(t.trilin_opt, 0);
    /* word 7 is the key here, not the resource view / sample count / clamp */
    assert_int_equal(t.res_view_min_mip_level, 0);
    assert_int_equal(t.res_view_max_mip_level, 0);
    assert_int_equal(t.multi_sample_count, 0);
    assert_int_equal(t.min_lod_clamp, 0);
}

static void block_linear_color_key(void **state)
{
    (void)state;
    const uint32_t w[8] = {
        0x58D24924u, /* DXT1 (0x24) with W0_RGBA8's types and swizzle */
        0x00000200u, /* address 0x200 (bits 31-9) */
        0x00800000u, /* HEADER_VERSION BLOCKLINEAR_COLOR_KEY (4 << 21) */
        /* GOBS_PER_BLOCK_HEIGHT 1 (bits 3-5: 0x8), GOBS_PER_BLOCK_DEPTH 1
         * (bits 6-8: 0x40), TILE_WIDTH_IN_GOBS 2 (bits 10-12: 0x800), GOB3D
         * (bit 13: 0x2000) */
        0x00002848u,
        0x0100001Fu, /* WIDTH_MINUS_ONE 31, THREE_D (2 << 23) */
        0x0007000Fu, /* HEIGHT_MINUS_ONE 15, DEPTH_MINUS_ONE 7 (bits 16-29) */
        0x00000001u, /* COLOR_KEY_OP */
        0x12345678u, /* COLOR_KEY_VALUE */
    };
    mw_tic t;
    assert_int_equal(mw_tic_decode(w, &t), GLHLE_RESULT_OK);
    assert_int_equal(t.version, MW_TIC_BLOCKLINEAR_COLOR_KEY);
    assert_string_equal(t.format->name, "DXT1");
    assert_int_equal(t.format->bits_per_block, 64);
    assert_int_equal(t.format->block_width, 4);
    assert_int_equal(t.format->block_height, 4);
    assert_true(t.address == 0x200);
    assert_int_equal(t.gobs_per_block_height, 1);
    assert_int_equal(t.gobs_per_block_depth, 1);
    assert_int_equal(t.tile_width_in_gobs, 2);
    assert_true(t.gob3d);
    assert_true(t.width == 32);
    assert_int_equal(t.height, 16);
    assert_int_equal(t.depth, 8);
    assert_int_equal(t.texture_type, MW_TIC_TYPE_3D);
    assert_true(t.color_key_op);
    assert_int_equal(t.color_key_value, 0x12345678u);
    assert_int_equal(t.min_lod_clamp, 0);
}

static void formats(void **state)
{
    (void)state;
    const mw_tic_format *f = mw_tic_format_info(0x55);
    assert_non_null(f);
    assert_string_equal(f->name, "ASTC_2D_8X5");
    assert_int_equal(f->block_width, 8);
    assert_int_equal(f->block_height, 5);
    assert_int_equal(f->bits_per_block, 128);
    f = mw_tic_format_info(0x22); /* G8B8G8R8: two texels in 32 bits */
    assert_int_equal(f->block_width, 2);
    assert_int_equal(f->bits_per_block, 32);
    assert_int_equal(mw_tic_format_info(0x30)->bits_per_block, 64); /* ZF32_X24S8 */
    assert_int_equal(mw_tic_format_info(0x3a)->bits_per_block, 16); /* Z16 */
    assert_int_equal(mw_tic_format_info(0x1f)->bits_per_block, 1);  /* R1 */
    assert_null(mw_tic_format_info(0));
    assert_null(mw_tic_format_info(0x3f)); /* CS_BITFIELD_SIZE, the field's width, not a format */
    assert_null(mw_tic_format_info(0x43)); /* a gap in the ASTC values */
    assert_null(mw_tic_format_info(0x7f));
    assert_null(mw_tic_format_info(1000));
    /* every listed value is found and distinct */
    unsigned found = 0;
    for (uint32_t v = 0; v < 128; v++)
        if (mw_tic_format_info(v)) {
            assert_int_equal(mw_tic_format_info(v)->components, v);
            found++;
        }
    assert_int_equal(found, 62 + 14); /* 0x01-0x3e and the 14 ASTC sizes */
    assert_string_equal(mw_tic_version_name(3), "BLOCKLINEAR");
    assert_string_equal(mw_tic_version_name(5), "?");
    assert_string_equal(mw_tic_type_name(8), "CUBEMAP_ARRAY");
    assert_string_equal(mw_tic_data_type_name(6), "UNORM_FORCE_FP16");
    assert_string_equal(mw_tic_source_name(7), "IN_ONE_FLOAT");
    assert_string_equal(mw_tic_source_name(1), "?");
}

static void bad_headers(void **state)
{
    (void)state;
    const uint32_t good[8] = {W0_RGBA8, 0, 0x00600000u, 0, 0x0080003Fu, 0x8000003Fu, 0, 0};
    mw_tic t;
    assert_int_equal(mw_tic_decode(good, &t), GLHLE_RESULT_OK);
    struct {
        unsigned word;
        uint32_t value;
        const char *problem;
    } cases[] = {
        {2, 0x00A00000u, "undefined header version"}, /* 5 << 21 */
        {2, 0x00E00000u, "undefined header version"}, /* 7 << 21 */
        {4, 0x0480003Fu, "undefined texture type"},   /* 9 << 23 */
        {0, W0_RGBA8 & ~0x7Fu, "undefined component sizes"},
        {0, (W0_RGBA8 & ~0x7Fu) | 0x3F, "undefined component sizes"},
        {0, (W0_RGBA8 & ~(7u << 25)) | 1u << 25, "undefined swizzle source"}, /* Z = 1 */
        {3, 6u << 3, "undefined block size"},                  /* GOBS_PER_BLOCK_HEIGHT 6 */
        {3, 7u << 6, "undefined block size"},                  /* GOBS_PER_BLOCK_DEPTH 7 */
        {4, 0x8080003Fu, "undefined border size"},             /* BORDER_SIZE 4 */
        {7, 7u << 8, "undefined multisample mode"},            /* MULTI_SAMPLE_COUNT 7 */
        {7, 0xCu << 8, "undefined multisample mode"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t w[8];
        memcpy(w, good, sizeof w);
        w[cases[i].word] = cases[i].value;
        assert_int_equal(mw_tic_decode(w, &t), GLHLE_RESULT_BAD_DATA);
        assert_string_equal(t.problem, cases[i].problem);
    }
    /* a bad header is still decoded field by field */
    uint32_t w[8];
    memcpy(w, good, sizeof w);
    w[4] = 0x0480003Fu;
    mw_tic_decode(w, &t);
    assert_int_equal(t.texture_type, 9);
    assert_true(t.width == 64);
}

/* Kepler-style headers (TEXHEAD0-7, versions 2 and 3): word 0 is
 * COMPONENT_SIZES 5:0, data types 8:6 11:9 14:12 17:15, sources 20:18
 * 23:21 26:24 29:27, PACK 30, USE_COMPONENT_SIZES_EXTENDED 31. RGBA8 UNORM
 * with the RGBA swizzle: 0x08 + (0x80 + 0x400 + 0x2000 + 0x10000) +
 * (0x80000 + 0x600000 + 0x4000000 + 0x28000000) */
#define K0_RGBA8 0x2C692488u

static void kepler_version2_pitch(void **state)
{
    (void)state;
    const uint32_t w[8] = {
        K0_RGBA8,
        0x89ABCDE0u, /* OFFSET_LOWER */
        /* OFFSET_UPPER 0x12; ANISO_SPREAD_MAX_LOG2 LSBs (9:8) 1 = 0x100 and
         * MSB (11) = 0x800 -> 5; S_R_G_B_CONVERSION 0x400; TWO_D (1 << 14);
         * MEMORY_LAYOUT PITCH (bit 18); SECTOR_PROMOTION 3 (29:28);
         * BORDER_SOURCE BORDER_COLOR (bit 30); NORMALIZED_COORDS (bit 31) */
        0xF0044D12u,
        /* PITCH 0x1400 (19:0); LOD_ANISO_QUALITY (bit 20); ANISO_COARSE_SPREAD_
         * MODIFIER 1 (23:22); ANISO_SPREAD_SCALE 2 (28:24); USE_HEADER_OPT_
         * CONTROL (bit 29) */
        0x22501400u,
        0x80000500u, /* WIDTH 1280; USE_TEXTURE_HEADER_VERSION2 (bit 31) */
        0x000102D0u, /* HEIGHT 720; DEPTH 1 (27:16); MAX_MIP_LEVEL 0 */
        /* TRILIN_OPT 3; MIP_LOD_BIAS 1.0 = 0x100 (17:5); ANISO_FINE_SPREAD_FUNC
         * 2 (24:23); ANISO_COARSE_SPREAD_FUNC 1 (26:25); MAX_ANISOTROPY 16:1,
         * 7 (29:27) */
        0x3B002003u,
        /* V2 word 7: HEIGHT_MSB (bit 8); MULTI_SAMPLE_COUNT MODE_2X2 (2 << 12);
         * MIN_LOD_CLAMP 2.0 = 0x200 (27:16); DEPTH_MSB 1 (30:28) */
        0x12002100u,
    };
    mw_tic t;
    assert_int_equal(mw_tic_decode_kepler(w, &t), GLHLE_RESULT_OK);
    assert_int_equal(t.kepler_version, 2);
    assert_int_equal(t.version, MW_TIC_PITCH);
    assert_string_equal(t.format->name, "A8B8G8R8");
    assert_int_equal(t.data_type[2], MW_TIC_UNORM);
    assert_int_equal(t.source[3], MW_TIC_SOURCE_A);
    assert_true(t.address == 0x1289ABCDE0ull);
    assert_int_equal(t.aniso_spread_max_log2, 5);
    assert_true(t.srgb_conversion);
    assert_int_equal(t.texture_type, MW_TIC_TYPE_2D);
    assert_true(t.pitch_layout);
    assert_int_equal(t.pitch, 0x1400);
    assert_int_equal(t.sector_promotion, 3);
    assert_true(t.border_color_source);
    assert_true(t.normalized_coords);
    assert_true(t.lod_aniso_quality);
    assert_false(t.lod_iso_quality);
    assert_int_equal(t.aniso_coarse_spread_modifier, 1);
    assert_int_equal(t.aniso_spread_scale, 2);
    assert_true(t.use_header_opt_control);
    assert_true(t.width == 1280);
    assert_int_equal(t.height, 0x102D0); /* 720 + HEIGHT_MSB << 16 */
    assert_int_equal(t.depth, 0x1001);   /* 1 + DEPTH_MSB << 12 */
    assert_int_equal(t.max_mip_level, 0);
    assert_int_equal(t.trilin_opt, 3);
    assert_true(mw_tex_lod_bias(t.mip_lod_bias) == 1.0f);
    assert_int_equal(t.aniso_fine_spread_func, 2);
    assert_int_equal(t.aniso_coarse_spread_func, 1);
    assert_int_equal(mw_tex_anisotropy(t.max_anisotropy), 16);
    assert_int_equal(t.multi_sample_count, 2);
    assert_true(mw_tex_lod_clamp(t.min_lod_clamp) == 2.0f);
    assert_int_equal(t.color_key_value, 0);
    /* the same header as a one-D buffer (ONE_D_BUFFER = 6 << 14) */
    uint32_t b[8];
    memcpy(b, w, sizeof b);
    b[2] = (b[2] & ~(0xFu << 14)) | 6u << 14;
    assert_int_equal(mw_tic_decode_kepler(b, &t), GLHLE_RESULT_OK);
    assert_int_equal(t.version, MW_TIC_ONE_D_BUFFER);
    /* version 2 with MULTI_SAMPLE_COUNT 7 */
    memcpy(b, w, sizeof b);
    b[7] = 7u << 12;
    assert_int_equal(mw_tic_decode_kepler(b, &t), GLHLE_RESULT_BAD_DATA);
    assert_string_equal(t.problem, "undefined multisample mode");
}

static void kepler_version1_block_linear(void **state)
{
    (void)state;
    const uint32_t w[8] = {
        (K0_RGBA8 & ~0x3Fu) | 0x26u, /* DXT45 */
        0x00001000u,
        /* COLOR_KEY_OP (bit 13); THREE_D (2 << 14); MEMORY_LAYOUT BLOCKLINEAR;
         * GOBS_PER_BLOCK_HEIGHT 4 (24:22); GOBS_PER_BLOCK_DEPTH 2 (27:25) */
        0x0500A000u,
        0x00000123u, /* a PITCH value, meaningless for block-linear */
        0x00000040u, /* WIDTH 64, version 1 */
        0x60100020u, /* HEIGHT 32; DEPTH 16 (27:16); MAX_MIP_LEVEL 6 */
        0,
        0xDEADBEEFu, /* version 1 word 7: COLOR_KEY_VALUE */
    };
    mw_tic t;
    assert_int_equal(mw_tic_decode_kepler(w, &t), GLHLE_RESULT_OK);
    assert_int_equal(t.kepler_version, 1);
    assert_int_equal(t.version, MW_TIC_BLOCKLINEAR_COLOR_KEY);
    assert_string_equal(t.format->name, "DXT45");
    assert_true(t.color_key_op);
    assert_int_equal(t.texture_type, MW_TIC_TYPE_3D);
    assert_false(t.pitch_layout);
    assert_int_equal(t.pitch, 0);
    assert_int_equal(t.gobs_per_block_height, 4);
    assert_int_equal(t.gobs_per_block_depth, 2);
    assert_true(t.width == 64);
    assert_int_equal(t.height, 32);
    assert_int_equal(t.depth, 16);
    assert_int_equal(t.max_mip_level, 6);
    assert_int_equal(t.color_key_value, 0xDEADBEEFu);
    assert_int_equal(t.multi_sample_count, 0);
    assert_int_equal(t.min_lod_clamp, 0);
    assert_true(t.address == 0x1000);
}

static void kepler_version3_astc(void **state)
{
    (void)state;
    /* V3 COMPONENT_SIZES ASTC_2D_8X5 = 0x15 with USE_COMPONENT_SIZES_EXTENDED:
     * the Maxwell value 0x55 */
    const uint32_t w[8] = {(K0_RGBA8 & ~0x3Fu) | 0x15u | 0x80000000u, 0, 0x00004000u, 0, 0x80000028u, 0x00010028u,
                           0, 0};
    mw_tic t;
    assert_int_equal(mw_tic_decode_kepler(w, &t), GLHLE_RESULT_OK);
    assert_int_equal(t.components, 0x55);
    assert_string_equal(t.format->name, "ASTC_2D_8X5");
    assert_int_equal(t.format->block_width, 8);
    assert_int_equal(t.format->block_height, 5);
    assert_true(t.width == 40);
    assert_int_equal(t.height, 40);
    /* without the extended bit, 0x15 is B5G6R5 */
    uint32_t b[8];
    memcpy(b, w, sizeof b);
    b[0] &= ~0x80000000u;
    assert_int_equal(mw_tic_decode_kepler(b, &t), GLHLE_RESULT_OK);
    assert_string_equal(t.format->name, "B5G6R5");
    /* TEXTURE_TYPE 9 */
    b[2] = 9u << 14;
    assert_int_equal(mw_tic_decode_kepler(b, &t), GLHLE_RESULT_BAD_DATA);
    assert_string_equal(t.problem, "undefined texture type");
}

static void sampler(void **state)
{
    (void)state;
    const uint32_t w[8] = {
        /* ADDRESS_U CLAMP_TO_EDGE 2, ADDRESS_V MIRROR 1 (<< 3), ADDRESS_P
         * BORDER 3 (<< 6 = 0xc0); DEPTH_COMPARE bit 9; DEPTH_COMPARE_FUNC
         * ZC_LEQUAL 3 (<< 10); S_R_G_B_CONVERSION bit 13; RESERVED0A 1
         * (<< 14); RESERVED0B 1 (<< 17); MAX_ANISOTROPY 8:1, 4 (<< 20) */
        0x00426ECAu,
        /* MAG_LINEAR 2; MIN_LOD_CLAMP_BEHAVIOR INTEGER_ONLY bit 3; MIN_ANISO 3
         * (<< 4); MIP_LINEAR 3 (<< 6); CUBEMAP_INTERFACE_FILTERING
         * AUTO_SPAN_SEAM 2 (<< 8); RED_MAXIMUM 2 (<< 10); MIP_LOD_BIAS 1.25 =
         * 0x140 (<< 12); FORCE_UNNORMALIZED_COORDS bit 25; TRILIN_OPT 0x11
         * (<< 26) */
        0x46140AFAu,
        /* MIN_LOD_CLAMP 0.5 = 0x080; MAX_LOD_CLAMP 15 = 0xf00 (<< 12); sRGB
         * border R 0xaa (<< 24) */
        0xAAF00080u,
        /* sRGB border G 0xbb (<< 12), B 0xcc (<< 20) */
        0x0CCBB000u,
        0x3F800000u, 0x00000000u, 0x3F000000u, 0x3F800000u,
    };
    mw_tsc s;
    assert_int_equal(mw_tsc_decode(w, &s), GLHLE_RESULT_OK);
    assert_null(s.problem);
    assert_int_equal(s.address_u, 2);
    assert_int_equal(s.address_v, 1);
    assert_int_equal(s.address_p, 3);
    assert_true(s.depth_compare);
    assert_int_equal(s.depth_compare_func, 3);
    assert_true(s.srgb_conversion);
    assert_int_equal(s.reserved0a, 1);
    assert_int_equal(s.reserved0b, 1);
    assert_int_equal(s.max_anisotropy, 4);
    assert_int_equal(s.mag_filter, 2);
    assert_true(s.min_lod_clamp_integer_only);
    assert_int_equal(s.min_filter, 3);
    assert_int_equal(s.mip_filter, 3);
    assert_int_equal(s.cubemap_interface_filtering, 2);
    assert_int_equal(s.reduction_filter, 2);
    assert_int_equal(s.mip_lod_bias, 0x140);
    assert_true(mw_tex_lod_bias(s.mip_lod_bias) == 1.25f);
    assert_true(s.force_unnormalized_coords);
    assert_int_equal(s.trilin_opt, 0x11);
    assert_int_equal(s.min_lod_clamp, 0x80);
    assert_int_equal(s.max_lod_clamp, 0xf00);
    assert_true(mw_tex_lod_clamp(s.min_lod_clamp) == 0.5f);
    assert_true(mw_tex_lod_clamp(s.max_lod_clamp) == 15.0f);
    assert_int_equal(s.srgb_border_color[0], 0xaa);
    assert_int_equal(s.srgb_border_color[1], 0xbb);
    assert_int_equal(s.srgb_border_color[2], 0xcc);
    assert_int_equal(s.reserved12, 0);
    assert_int_equal(s.border_color[0], 0x3F800000u);
    assert_int_equal(s.border_color[2], 0x3F000000u);
    /* bias extremes of the signed 13-bit field */
    assert_true(mw_tex_lod_bias(0x0FFF) == 4095.0f / 256.0f);
    assert_true(mw_tex_lod_bias(0x1000) == -16.0f);

    struct {
        unsigned word;
        uint32_t value;
        const char *problem;
    } cases[] = {
        {1, 0x46140AF8u, "undefined magnification filter"}, /* MAG 0 */
        {1, 0x46140AFDu, "undefined magnification filter"}, /* MAG 5 */
        {1, 0x46140ACAu, "undefined minification filter"},  /* MIN 0 */
        {1, 0x46140A3Au, "undefined mip filter"},           /* MIP 0 */
        {1, 0x46140EFAu, "undefined reduction filter"},     /* RED 3 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t b[8];
        memcpy(b, w, sizeof b);
        b[cases[i].word] = cases[i].value;
        assert_int_equal(mw_tsc_decode(b, &s), GLHLE_RESULT_BAD_DATA);
        assert_string_equal(s.problem, cases[i].problem);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(block_linear),    cmocka_unit_test(pitch),   cmocka_unit_test(one_d_buffer),
        cmocka_unit_test(pitch_color_key), cmocka_unit_test(block_linear_color_key),
        cmocka_unit_test(formats),         cmocka_unit_test(bad_headers), cmocka_unit_test(sampler),
        cmocka_unit_test(kepler_version2_pitch), cmocka_unit_test(kepler_version1_block_linear),
        cmocka_unit_test(kepler_version3_astc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
