/* The Maxwell translator (shadergen/maxwell_spirv.c) and SPIRV-Cross on its
 * output, from random code and headers: every input translates to a module
 * SPIRV-Cross can turn into GLSL, or is refused with a reason and no module;
 * never a crash, a hang or an unbounded allocation.
 *
 * Every module it makes must pass spirv-val (spirv-tools' C API, in-process;
 * checked when the build found libSPIRV-Tools).
 *
 * Input: byte 0 picks the stage (bit 0: fragment, else bit 1: compute, with
 * no program header and a block of 1-4 x 1-2 x 1 from bits 2-4, else bits
 * 2-3 pick vertex, tessellation control, tessellation evaluation or
 * geometry, and bits 4-7 the geometry input primitive (mod 6: 5 is
 * invalid) and the tessellation domain and spacing (3 is invalid), with
 * byte 17's top bits the clockwise and connected flags), bytes 1-16
 * the texture kinds of slots 0-15 (MW_TEX_* with the shadow, integer and
 * unnormalised-coordinate flags) and bytes 17-24 the render-target types
 * (their low nibble mod 3; byte 18's top bit: the host without 1D
 * textures, mw_spirv_input.tex_1d_as_2d; byte 19's bits 4-6: the
 * fragment coordinates' resolution scale, key.frag_coord_scale; byte
 * 20's top bit, for a vertex stage: the code's first half, in whole
 * bundles, is a vertex-A program joined before the rest, with the same
 * header, mw_spirv_input.a_code),
 * bytes 25-104 the 0x50-byte program header (compute, which has none:
 * bytes 25-32 the formats of image slots 0-7, MW_IMG_* mod their count,
 * handles from 0x120 as deko3d's compute table has them), the rest the
 * code (64-bit little-endian words, scheduling words included). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shadergen/maxwell_spirv.h"
#include "shadergen/spirv_glsl.h"
#include "support/fuzz_support.h"
#include "support/spirv_validator.h"

#define HEADER 105

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const glhle_logger lg = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    uint8_t head[HEADER] = {0};
    memcpy(head, data, size < HEADER ? size : HEADER);
    size_t words = size > HEADER ? (size - HEADER) / 8 : 0;
    uint64_t *code = calloc(words ? words : 1, 8);
    if (!code)
        return 0;
    for (size_t i = 0; i < words; i++)
        for (unsigned k = 0; k < 8; k++)
            code[i] |= (uint64_t)data[HEADER + i * 8 + k] << (8 * k);
    mw_spirv_input in;
    memset(&in, 0, sizeof in);
    in.code = code;
    in.words = words;
    in.sph = head + 25;
    in.key.stage = (head[0] & 1) ? MW_SPIRV_FRAGMENT : (head[0] & 2) ? MW_SPIRV_COMPUTE : MW_SPIRV_VERTEX;
    if (in.key.stage == MW_SPIRV_VERTEX) {
        static const uint8_t vtg[4] = {MW_SPIRV_VERTEX, MW_SPIRV_TESS_CTRL, MW_SPIRV_TESS_EVAL, MW_SPIRV_GEOMETRY};
        in.key.stage = vtg[head[0] >> 2 & 3];
        in.key.prim_in = (uint8_t)((head[0] >> 4) % 6);
        in.key.tess_mode = (uint8_t)((head[0] >> 4) | (head[17] >> 6) << 4);
    }
    if (in.key.stage == MW_SPIRV_COMPUTE) {
        in.sph = NULL;
        in.local_size[0] = 1 + (head[0] >> 2 & 3);
        in.local_size[1] = 1 + (head[0] >> 4 & 1);
        in.local_size[2] = 1;
        in.shared_bytes = (head[0] >> 5) * 4096u; /* 0 (shared memory refused) to 28 KiB */
        in.key.img_handle_offset = 0x120;
        for (int i = 0; i < MW_SPIRV_IMG_SLOTS; i++)
            in.key.img[i] = (uint8_t)(head[25 + i] % MW_IMG_FORMAT_COUNT_);
    }
    in.key.tex_handle_offset = 0x690;
    for (int i = 0; i < 16; i++)
        in.key.tex[i] = head[1 + i] & (MW_TEX_KIND_MASK | MW_TEX_SHADOW | MW_TEX_SINT | MW_TEX_UINT | MW_TEX_UNNORM);
    if (in.key.stage == MW_SPIRV_VERTEX && (head[20] & 0x80) && words >= 8) {
        const size_t aw = words / 8 * 4;
        in.a_code = code;
        in.a_words = aw;
        in.a_sph = head + 25;
        in.code = code + aw;
        in.words = words - aw;
    }
    in.tex_1d_as_2d = (head[18] & 0x80) != 0;
    in.key.frag_coord_scale = (uint8_t)(head[19] >> 4 & 7);
    for (int i = 0; i < 8; i++)
        in.key.rt_type[i] = (head[17 + i] & 0xF) % 3;
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    glhle_result res = mw_spirv_translate(&in, &lg, &r);
    if (res != GLHLE_RESULT_OK) {
        if (!r.reason[0] || r.spirv.size)
            __builtin_trap(); /* a refusal says why and leaves no module */
    } else {
        const uint32_t *w = (const uint32_t *)r.spirv.data;
        if (r.spirv.size < 20 || r.spirv.size % 4 || w[0] != 0x07230203u)
            __builtin_trap();
        if (tsv_in_process() && !tsv_check(w, r.spirv.size / 4, NULL, 0))
            __builtin_trap(); /* the translator made an invalid module */
        spv_glsl_binding bind[MW_SPIRV_CBUFS + MW_SPIRV_TEX_SLOTS + MW_SPIRV_SSBOS];
        size_t nb = mw_spirv_gl_bindings(&r, (mw_spirv_stage)in.key.stage, bind);
        spv_glsl_options o = {.bindings = bind, .binding_count = nb};
        glhle_bytebuf g;
        glhle_bytebuf_init(&g, 1 << 24);
        /* a constant buffer past 13 has no GL binding in glhle's layout: NOT_FOUND is the one allowed failure */
        glhle_result gr = spv_to_glsl(w, r.spirv.size / 4, &o, &lg, &g);
        if (gr != GLHLE_RESULT_OK && !(gr == GLHLE_RESULT_NOT_FOUND && (r.cbuf_mask >> MW_GL_UBOS_PER_STAGE)))
            __builtin_trap();
        glhle_bytebuf_free(&g);
    }
    mw_spirv_result_free(&r);
    free(code);
    return 0;
}
