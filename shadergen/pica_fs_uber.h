/* The PICA200 fragment ubershader: one program that draws what the
 * specialised program of any (fragment key, vertex key) pair draws, reading
 * the key at run time (issue 17, item 4). A draw whose own program is still
 * compiling on a worker draws with it, so no draw waits for a compile.
 *
 * The fragment shader declares the interface pica_fs.h describes, with the
 * same uniform block (PicaFsUniforms at PICA_FS_UBO_BINDING), LUT buffer
 * (PICA_FS_LUT_BINDING), destination texture and shadow-map image. It adds:
 *  - the std140 block PicaFsUberConfig at PICA_FS_UBER_UBO_BINDING: the
 *    normalised fragment key and the vertex key's output groups, unpacked
 *    into integers (pica_fs_uber_config below, filled by
 *    pica_fs_uber_config_from_keys);
 *  - one sampler per type texture unit 0 can have, since one unit cannot
 *    serve two sampler types in a program: pica_tex0 (sampler2D, 2D and
 *    projection) at unit 0, and for unit 0's other types samplerCube at
 *    PICA_FS_UBER_CUBE_UNIT, usampler2D (shadow 2D) at
 *    PICA_FS_UBER_SHADOW_UNIT and usampler2DArray (shadow cube) at
 *    PICA_FS_UBER_SHADOW_CUBE_UNIT: the draw binds texture 0 to the unit
 *    of its type (pica_fs_uber_tex0_unit). Units 1 and 2 as pica_fs.h;
 *    the repeating variants of wrap modes 4 and 5 for every unit, at
 *    PICA_FS_UBER_WRAP_VARIANT_BINDING.
 *
 * The vertex shader (pica_fs_uber_generate_vs) is pica_vs.c's with the
 * output groups and the clip plane taken from the config block: every
 * attribute is read, and the fragment shader replaces an input whose group
 * the vertex key leaves out by the constant 1.0 that the specialised vertex
 * shader writes (and the linker then folds into the fragment shader), so
 * the fragment code sees the same values. gl_ClipDistance[0] is always
 * written: the plane's distance with the clip on, 1.0 (never clipped)
 * without.
 *
 * Exactness. Each step is the specialised text's formula on the same
 * operands, in the same order, chosen by branches on the config rather
 * than by arithmetic on it; where the specialised code leaves out a factor
 * of 1 (no distance attenuation, no spot light, LUT scale 1) the
 * ubershader multiplies by 1.0, which is exact wherever the driver does not
 * contract a * b + c into one fused operation (llvmpipe does not; the
 * differential test checks every pixel on it). Integer stages (combiners,
 * alpha test, fog, blending, shadow rendering) are exact everywhere. */
#ifndef GLHLE_SHADERGEN_PICA_FS_UBER_H
#define GLHLE_SHADERGEN_PICA_FS_UBER_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/common/bytebuf.h"
#include "shadergen/pica_fs.h"
#include "shadergen/pica_vs.h"

#define PICA_FS_UBER_UBO_BINDING 2
#define PICA_FS_UBER_CUBE_UNIT 5
#define PICA_FS_UBER_SHADOW_UNIT 6
#define PICA_FS_UBER_SHADOW_CUBE_UNIT 7
/* The unit of the variant of unit `unit` that repeats on the axes of
 * `variant` (wrap modes 4 and 5, pica_fs_key.h PICA_FS_WRAP_VARIANT_BINDING):
 * units 1 and 2 as the specialised programs; unit 0's at 14-16, since
 * 5-7 hold its other sampler types. So the ubershader samples 17 units
 * (desktop drivers and llvmpipe have 32; the GL 4.5 and ES 3.2 minimum is
 * 16, where it does not link and draws wait for their own programs). */
#define PICA_FS_UBER_WRAP_VARIANT_BINDING(unit, variant) \
    ((unit) == 0 ? 13u + (variant) : PICA_FS_WRAP_VARIANT_BINDING(unit, variant))
#define PICA_FS_UBER_TEXTURE_UNITS 17u

/* std140 PicaFsUberConfig: ivec4 members only, so the C layout is the
 * std140 one. Values are the normalised key's (pica_fs_key.h enums). */
typedef struct pica_fs_uber_config {
    int32_t rgb_src[6][4];  /* stage i: x, y, z colour sources, w colour operation */
    int32_t a_src[6][4];    /* x, y, z alpha sources, w alpha operation */
    int32_t rgb_mod[6][4];  /* x, y, z colour operand modifiers, w colour scale (a shift) */
    int32_t a_mod[6][4];    /* x, y, z alpha operand modifiers, w alpha scale */
    /* x buffer_update_rgb | buffer_update_a << 4, y alpha function,
     * z PICA_FS_UBER_* flags | the stages to run << 8 (after them every stage
     * is replace(previous) at x1), w vertex output groups (PICA_VS_OUT_*) | clip << 8 */
    int32_t frag[4];
    /* x units to sample (bits 0-2: read and enabled; bit 3: proctex) |
     * tex_wrap_neg_repeat << 4, y tex0_type, z tex2_coord1, w shadow_ortho */
    int32_t tex[4];
    /* x rgb mode, y alpha mode (PICA_FS_BLEND_*), z src_rgb | dst_rgb << 4 |
     * src_alpha << 8 | dst_alpha << 12, w the key's logic_op (applied by
     * the ES text only) */
    int32_t blend[4];
    /* x lighting runs, y lights, z bump_mode | bump_selector << 2 |
     * bump_renorm << 4, w PICA_FS_UBER_LIGHT_* | shadow_selector << 16 */
    int32_t light[4];
    int32_t lut[PICA_FS_LUT_COUNT][4];  /* x enable, y input, z abs, w scale code */
    int32_t slot[PICA_FS_MAX_LIGHTS][4]; /* x light id, y PICA_FS_LIGHT_* flags */
    /* [0] coord, u_clamp, v_clamp, rgb_func; [1] alpha_func,
     * separate_alpha, noise, u_shift; [2] v_shift, filter */
    int32_t proctex[3][4];
} pica_fs_uber_config;
_Static_assert(sizeof(pica_fs_uber_config) == 16 * (24 + 4 + PICA_FS_LUT_COUNT + PICA_FS_MAX_LIGHTS + 3),
               "std140 layout of PicaFsUberConfig");

/* pica_fs_uber_config.frag[2] */
enum {
    PICA_FS_UBER_FOG = 1u << 0,
    PICA_FS_UBER_FOG_FLIP = 1u << 1,
    PICA_FS_UBER_WBUFFER = 1u << 2,
    PICA_FS_UBER_SHADOW_RENDER = 1u << 3,
};

/* pica_fs_uber_config.light[3] */
enum {
    PICA_FS_UBER_LIGHT_SPECULAR = 1u << 0, /* the combiners read the secondary colour */
    PICA_FS_UBER_LIGHT_CLAMP = 1u << 1,
    PICA_FS_UBER_LIGHT_FRESNEL_PRIMARY = 1u << 2,
    PICA_FS_UBER_LIGHT_FRESNEL_SECONDARY = 1u << 3,
    PICA_FS_UBER_LIGHT_SHADOW = 1u << 4,
    PICA_FS_UBER_LIGHT_SHADOW_PRIMARY = 1u << 5,
    PICA_FS_UBER_LIGHT_SHADOW_SECONDARY = 1u << 6,
    PICA_FS_UBER_LIGHT_SHADOW_INVERT = 1u << 7,
    PICA_FS_UBER_LIGHT_SHADOW_ALPHA = 1u << 8,
};

/* The config for a normalised fragment key and vertex key. */
void pica_fs_uber_config_from_keys(const pica_fs_key *fs, const pica_vs_key *vs, pica_fs_uber_config *out);

/* The texture unit texture 0 is bound to for the ubershader, by tex0_type. */
unsigned pica_fs_uber_tex0_unit(unsigned tex0_type);

/* The fragment and vertex shaders; false only when `out` hit its limit. */
bool pica_fs_uber_generate(const pica_fs_host *host, glhle_bytebuf *out);
bool pica_fs_uber_generate_vs(const pica_fs_host *host, glhle_bytebuf *out);

#endif
