/* TIC/TSC decoding; every position is clb197tex.h's (open-gpu-doc). */
#include "backend/maxwell/texture/tic.h"

#include <string.h>

/* Bits hi..lo of the 256-bit entry, as clb197tex.h's MW(hi:lo) numbers
 * them (bit b is bit b % 32 of word b / 32). Fields are at most 32 bits. */
static uint32_t mw(const uint32_t w[8], unsigned hi, unsigned lo)
{
    uint64_t pair = w[lo / 32];
    if (lo / 32 + 1 < 8)
        pair |= (uint64_t)w[lo / 32 + 1] << 32;
    unsigned width = hi - lo + 1;
    return (uint32_t)((pair >> (lo % 32)) & ((width == 64 ? 0 : (1ull << width)) - 1));
}

/* bits hi..lo of one 32-bit word (the TEXSAMP fields) */
static uint32_t bits(uint32_t word, unsigned hi, unsigned lo)
{
    return (uint32_t)(((uint64_t)word >> lo) & ((1ull << (hi - lo + 1)) - 1));
}

static const mw_tic_format formats[] = {
#define MW_TIC_ROW_(v, name, b, bw, bh) {v, #name, b, bw, bh},
    MW_TIC_COMPONENTS(MW_TIC_ROW_)
#undef MW_TIC_ROW_
};

const mw_tic_format *mw_tic_format_info(uint32_t components)
{
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (formats[i].components == components)
            return &formats[i];
    return NULL;
}

/* the values clb197tex.h leaves undefined, in either header family */
static const char *tic_problem(const mw_tic *t, bool image)
{
    if (t->version > MW_TIC_BLOCKLINEAR_COLOR_KEY)
        return "undefined header version";
    if (t->texture_type > MW_TIC_TYPE_CUBEMAP_ARRAY)
        return "undefined texture type";
    if (!t->format)
        return "undefined component sizes";
    if (t->source[0] == 1 || t->source[1] == 1 || t->source[2] == 1 || t->source[3] == 1)
        return "undefined swizzle source";
    if (t->gobs_per_block_height > 5 || t->gobs_per_block_depth > 5 || t->tile_width_in_gobs > 5)
        return "undefined block size";
    if (image && t->border_size > 3 && t->border_size != 7)
        return "undefined border size";
    if (t->multi_sample_count == 7 || t->multi_sample_count > 0xb)
        return "undefined multisample mode";
    return NULL;
}

glhle_result mw_tic_decode(const uint32_t w[8], mw_tic *out)
{
    mw_tic t;
    memset(&t, 0, sizeof t);
    t.version = mw(w, 87, 85);
    t.components = mw(w, 6, 0);
    t.format = mw_tic_format_info(t.components);
    for (unsigned c = 0; c < 4; c++) {
        t.data_type[c] = (uint8_t)mw(w, 9 + 3 * c, 7 + 3 * c);
        t.source[c] = (uint8_t)mw(w, 21 + 3 * c, 19 + 3 * c);
    }
    t.pack_components = mw(w, 31, 31);
    t.reserved_address = mw(w, 84, 80);
    t.reserved_header_version = mw(w, 88, 88);
    t.resource_view_coherency_hash = mw(w, 92, 89);
    uint64_t high = (uint64_t)mw(w, 79, 64) << 32;
    /* the fields every layout but the 1D buffer shares */
    bool image = t.version != MW_TIC_ONE_D_BUFFER;
    bool color_key = t.version == MW_TIC_PITCH_COLOR_KEY || t.version == MW_TIC_BLOCKLINEAR_COLOR_KEY;
    bool block_linear = t.version == MW_TIC_BLOCKLINEAR || t.version == MW_TIC_BLOCKLINEAR_COLOR_KEY;
    if (block_linear) {
        t.address = high | (uint64_t)mw(w, 63, 41) << 9;
        t.gob_depth_offset = mw(w, 38, 37);
        t.gobs_per_block_width = mw(w, 98, 96);
        t.gobs_per_block_height = mw(w, 101, 99);
        t.gobs_per_block_depth = mw(w, 104, 102);
        t.tile_width_in_gobs = mw(w, 108, 106);
        t.gob3d = mw(w, 109, 109);
    } else if (image) {
        /* pitch and pitch colour key (and versions 5-7, which define nothing) */
        t.address = high | (uint64_t)mw(w, 63, 37) << 5;
        t.pitch = mw(w, 111, 96) << 5;
    } else {
        t.address = high | mw(w, 63, 32);
        t.width = (((uint64_t)mw(w, 111, 96) << 16) | mw(w, 143, 128)) + 1u;
    }
    t.srgb_conversion = mw(w, 150, 150);
    t.texture_type = mw(w, 154, 151);
    t.sector_promotion = mw(w, 156, 155);
    if (image) {
        t.lod_aniso_quality2 = mw(w, 112, 112);
        t.lod_aniso_quality = mw(w, 113, 113);
        t.lod_iso_quality = mw(w, 114, 114);
        t.aniso_coarse_spread_modifier = mw(w, 116, 115);
        t.aniso_spread_scale = mw(w, 121, 117);
        t.use_header_opt_control = mw(w, 122, 122);
        t.depth_texture = mw(w, 123, 123);
        t.max_mip_level = mw(w, 127, 124);
        t.width = mw(w, 143, 128) + 1u;
        t.aniso_spread_max_log2 = mw(w, 149, 147);
        t.border_size = mw(w, 159, 157);
        t.height = mw(w, 175, 160) + 1u;
        t.depth = mw(w, 189, 176) + 1u;
        t.normalized_coords = mw(w, 191, 191);
        t.trilin_opt = mw(w, 197, 193);
        t.mip_lod_bias = mw(w, 210, 198);
        t.aniso_bias = mw(w, 214, 211);
        t.aniso_fine_spread_func = mw(w, 216, 215);
        t.aniso_coarse_spread_func = mw(w, 218, 217);
        t.max_anisotropy = mw(w, 221, 219);
        t.aniso_fine_spread_modifier = mw(w, 223, 222);
        if (color_key) {
            t.color_key_op = mw(w, 192, 192);
            t.color_key_value = w[7];
        } else {
            t.res_view_min_mip_level = mw(w, 227, 224);
            t.res_view_max_mip_level = mw(w, 231, 228);
            t.multi_sample_count = mw(w, 235, 232);
            t.min_lod_clamp = mw(w, 247, 236);
        }
    } else {
        t.height = 1;
        t.depth = 1;
    }

    t.problem = tic_problem(&t, image);
    *out = t;
    return t.problem ? GLHLE_RESULT_BAD_DATA : GLHLE_RESULT_OK;
}

glhle_result mw_tic_decode_kepler(const uint32_t w[8], mw_tic *out)
{
    mw_tic t;
    memset(&t, 0, sizeof t);
    /* TEXHEAD0 (V2 and V3 name the same bits TEXHEADV2_0 / TEXHEADV3_0) */
    t.components = bits(w[0], 5, 0) | bits(w[0], 31, 31) << 6;
    t.format = mw_tic_format_info(t.components);
    for (unsigned c = 0; c < 4; c++) {
        t.data_type[c] = (uint8_t)bits(w[0], 8 + 3 * c, 6 + 3 * c);
        t.source[c] = (uint8_t)bits(w[0], 20 + 3 * c, 18 + 3 * c);
    }
    t.pack_components = bits(w[0], 30, 30);
    /* TEXHEAD1 OFFSET_LOWER, TEXHEAD2 OFFSET_UPPER 7:0 */
    t.address = (uint64_t)bits(w[2], 7, 0) << 32 | w[1];
    /* ANISO_SPREAD_MAX_LOG2: LSBs 9:8, MSB 11:11 */
    t.aniso_spread_max_log2 = bits(w[2], 9, 8) | bits(w[2], 11, 11) << 2;
    t.srgb_conversion = bits(w[2], 10, 10);
    t.lod_aniso_quality2 = bits(w[2], 12, 12);
    t.color_key_op = bits(w[2], 13, 13);
    t.texture_type = bits(w[2], 17, 14);
    t.pitch_layout = bits(w[2], 18, 18);
    t.gobs_per_block_width = bits(w[2], 21, 19);
    t.gobs_per_block_height = bits(w[2], 24, 22);
    t.gobs_per_block_depth = bits(w[2], 27, 25);
    t.sector_promotion = bits(w[2], 29, 28);
    t.border_color_source = bits(w[2], 30, 30);
    t.normalized_coords = bits(w[2], 31, 31);
    if (t.pitch_layout)
        t.pitch = bits(w[3], 19, 0);
    t.lod_aniso_quality = bits(w[3], 20, 20);
    t.lod_iso_quality = bits(w[3], 21, 21);
    t.aniso_coarse_spread_modifier = bits(w[3], 23, 22);
    t.aniso_spread_scale = bits(w[3], 28, 24);
    t.use_header_opt_control = bits(w[3], 29, 29);
    t.width = bits(w[4], 29, 0);
    t.depth_texture = bits(w[4], 30, 30);
    t.kepler_version = bits(w[4], 31, 31) ? 2 : 1;
    t.height = bits(w[5], 15, 0);
    t.depth = bits(w[5], 27, 16);
    t.max_mip_level = bits(w[5], 31, 28);
    t.trilin_opt = bits(w[6], 4, 0);
    t.mip_lod_bias = bits(w[6], 17, 5);
    t.aniso_bias = bits(w[6], 22, 19);
    t.aniso_fine_spread_func = bits(w[6], 24, 23);
    t.aniso_coarse_spread_func = bits(w[6], 26, 25);
    t.max_anisotropy = bits(w[6], 29, 27);
    t.aniso_fine_spread_modifier = bits(w[6], 31, 30);
    if (t.kepler_version == 2) {
        t.res_view_min_mip_level = bits(w[7], 3, 0);
        t.res_view_max_mip_level = bits(w[7], 7, 4);
        t.height |= bits(w[7], 8, 8) << 16; /* HEIGHT_MSB */
        t.multi_sample_count = bits(w[7], 15, 12);
        t.min_lod_clamp = bits(w[7], 27, 16);
        t.depth |= bits(w[7], 30, 28) << 12; /* DEPTH_MSB */
    } else {
        t.color_key_value = w[7];
    }
    if (t.texture_type == MW_TIC_TYPE_1D_BUFFER)
        t.version = MW_TIC_ONE_D_BUFFER;
    else if (t.pitch_layout)
        t.version = t.kepler_version == 1 ? MW_TIC_PITCH_COLOR_KEY : MW_TIC_PITCH;
    else
        t.version = t.kepler_version == 1 ? MW_TIC_BLOCKLINEAR_COLOR_KEY : MW_TIC_BLOCKLINEAR;
    /* (no BORDER_SIZE field in these layouts) */
    t.problem = tic_problem(&t, false);
    *out = t;
    return t.problem ? GLHLE_RESULT_BAD_DATA : GLHLE_RESULT_OK;
}

glhle_result mw_tsc_decode(const uint32_t w[8], mw_tsc *out)
{
    mw_tsc s;
    memset(&s, 0, sizeof s);
    s.address_u = bits(w[0], 2, 0);
    s.address_v = bits(w[0], 5, 3);
    s.address_p = bits(w[0], 8, 6);
    s.depth_compare = bits(w[0], 9, 9);
    s.depth_compare_func = bits(w[0], 12, 10);
    s.srgb_conversion = bits(w[0], 13, 13);
    s.reserved0a = bits(w[0], 16, 14);
    s.reserved0b = bits(w[0], 19, 17);
    s.max_anisotropy = bits(w[0], 22, 20);
    s.mag_filter = bits(w[1], 2, 0);
    s.min_lod_clamp_integer_only = bits(w[1], 3, 3);
    s.min_filter = bits(w[1], 5, 4);
    s.mip_filter = bits(w[1], 7, 6);
    s.cubemap_interface_filtering = bits(w[1], 9, 8);
    s.reduction_filter = bits(w[1], 11, 10);
    s.mip_lod_bias = bits(w[1], 24, 12);
    s.force_unnormalized_coords = bits(w[1], 25, 25);
    s.trilin_opt = bits(w[1], 30, 26);
    s.min_lod_clamp = bits(w[2], 11, 0);
    s.max_lod_clamp = bits(w[2], 23, 12);
    s.srgb_border_color[0] = (uint8_t)bits(w[2], 31, 24);
    s.reserved12 = bits(w[3], 11, 0);
    s.srgb_border_color[1] = (uint8_t)bits(w[3], 19, 12);
    s.srgb_border_color[2] = (uint8_t)bits(w[3], 27, 20);
    for (unsigned c = 0; c < 4; c++)
        s.border_color[c] = w[4 + c];
    if (s.mag_filter == 0 || s.mag_filter > 4)
        s.problem = "undefined magnification filter";
    else if (s.min_filter == 0)
        s.problem = "undefined minification filter";
    else if (s.mip_filter == 0)
        s.problem = "undefined mip filter";
    else if (s.reduction_filter == 3)
        s.problem = "undefined reduction filter";
    *out = s;
    return s.problem ? GLHLE_RESULT_BAD_DATA : GLHLE_RESULT_OK;
}

float mw_tex_lod_bias(uint32_t raw13)
{
    int32_t v = (int32_t)((raw13 & 0x1FFFu) ^ 0x1000u) - 0x1000;
    return (float)v / 256.0f;
}

float mw_tex_lod_clamp(uint32_t raw12)
{
    return (float)(raw12 & 0xFFFu) / 256.0f;
}

uint32_t mw_tex_anisotropy(uint32_t max_anisotropy)
{
    static const uint8_t ratio[8] = {1, 2, 4, 6, 8, 10, 12, 16};
    return ratio[max_anisotropy & 7];
}

const char *mw_tic_version_name(uint32_t version)
{
    static const char *const names[] = {"ONE_D_BUFFER", "PITCH_COLOR_KEY", "PITCH", "BLOCKLINEAR",
                                        "BLOCKLINEAR_COLOR_KEY"};
    return version < 5 ? names[version] : "?";
}

const char *mw_tic_type_name(uint32_t type)
{
    static const char *const names[] = {"ONE_D",        "TWO_D",        "THREE_D",         "CUBEMAP",      "ONE_D_ARRAY",
                                        "TWO_D_ARRAY",  "ONE_D_BUFFER", "TWO_D_NO_MIPMAP", "CUBEMAP_ARRAY"};
    return type < 9 ? names[type] : "?";
}

const char *mw_tic_data_type_name(uint32_t data_type)
{
    static const char *const names[] = {"?",    "SNORM",            "UNORM",            "SINT",
                                        "UINT", "SNORM_FORCE_FP16", "UNORM_FORCE_FP16", "FLOAT"};
    return names[data_type & 7];
}

const char *mw_tic_source_name(uint32_t source)
{
    static const char *const names[] = {"IN_ZERO", "?", "IN_R", "IN_G", "IN_B", "IN_A", "IN_ONE_INT", "IN_ONE_FLOAT"};
    return names[source & 7];
}
