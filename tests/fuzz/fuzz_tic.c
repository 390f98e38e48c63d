/* Texture header and sampler decoding (backend/maxwell/texture/tic.c) on
 * arbitrary 32-byte entries: the input is read as consecutive 8-word
 * entries, each decoded as a Maxwell TIC, a Kepler-style TIC and a TSC. The decoders must
 * accept any bits, report undefined values through `problem`, and keep
 * their outputs inside the fields' ranges. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "backend/maxwell/texture/tic.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (size_t at = 0; at + 32 <= size; at += 32) {
        uint32_t w[8];
        memcpy(w, data + at, sizeof w);
        mw_tic t;
        glhle_result r = mw_tic_decode(w, &t);
        if ((r == GLHLE_RESULT_OK) != (t.problem == NULL))
            __builtin_trap();
        if (r != GLHLE_RESULT_OK && r != GLHLE_RESULT_BAD_DATA)
            __builtin_trap();
        if ((t.format != NULL) != (mw_tic_format_info(t.components) != NULL) || t.components > 0x7F)
            __builtin_trap();
        if (t.address >> 48 || t.width == 0 || t.width > 0x100000000ull || t.height == 0 || t.height > 0x10000 ||
            t.depth == 0 || t.depth > 0x4000 || t.version > 7 || t.texture_type > 15 || t.pitch > 0x1FFFE0)
            __builtin_trap();
        if (r == GLHLE_RESULT_OK && (!t.format || t.version > 4 || t.texture_type > 8))
            __builtin_trap();
        if (strlen(mw_tic_version_name(t.version)) == 0 || strlen(mw_tic_type_name(t.texture_type)) == 0 ||
            strlen(mw_tic_data_type_name(t.data_type[0])) == 0 || strlen(mw_tic_source_name(t.source[3])) == 0)
            __builtin_trap();
        r = mw_tic_decode_kepler(w, &t);
        if ((r == GLHLE_RESULT_OK) != (t.problem == NULL) || t.version > 4 || t.kepler_version < 1 ||
            t.kepler_version > 2 || t.address >> 40 || t.height > 0x1FFFF || t.depth > 0x7FFF || t.pitch > 0xFFFFF ||
            (t.format != NULL) != (mw_tic_format_info(t.components) != NULL))
            __builtin_trap();
        mw_tsc s;
        r = mw_tsc_decode(w, &s);
        if ((r == GLHLE_RESULT_OK) != (s.problem == NULL))
            __builtin_trap();
        if (s.mip_lod_bias > 0x1FFF || s.min_lod_clamp > 0xFFF || s.max_lod_clamp > 0xFFF || s.mag_filter > 7)
            __builtin_trap();
        float bias = mw_tex_lod_bias(s.mip_lod_bias), clamp = mw_tex_lod_clamp(s.max_lod_clamp);
        if (!(bias >= -16.0f && bias < 16.0f) || !(clamp >= 0.0f && clamp < 16.0f))
            __builtin_trap();
        if (mw_tex_anisotropy(s.max_anisotropy) > 16)
            __builtin_trap();
    }
    return 0;
}
