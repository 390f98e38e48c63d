/* 2D engine blits on the GPU between resident render targets
 * (render_targets.h, mw_render_twod): the front end offers every 902D blit
 * here first (mw_frontend_hooks.twod_blit) and runs the CPU engine
 * (engines/twod.c) on guest memory when this declines. Fields as
 * open-gpu-doc classes/twod/cl902d.h names them: SET_PIXELS_FROM_MEMORY_*
 * DST_X0/Y0, DST_WIDTH/HEIGHT, DU_DX/DV_DY and SRC_X0/Y0 (32.32 fixed
 * point, INT and FRAC words), SAMPLE_MODE ORIGIN (bit 0: CENTER 0, CORNER
 * 1) and FILTER (bit 4: POINT 0, BILINEAR 1).
 *
 * A resolve first: a BILINEAR SRCCOPY blit whose source is the sample
 * image of a resident, fresh multisampled colour target (its memory
 * (W << sx) x (H << sy), msaa.c) into a normalized destination (made
 * resident, loaded from memory, when it is not), both formats ones the
 * sample pass below takes (below), any steps, origins and clip: the resolve
 * pass (BILINEAR_FS with MS) redoes twod.c's bilinear arithmetic in IEEE single
 * precision on the samples write-back would write, so the flushed
 * destination is what twod.c makes of the flushed samples, at every scale
 * (test_maxwell_msaa resolve_matches_cpu). The same pass (BILINEAR_FS
 * without MS) takes BILINEAR SRCCOPY blits from a resident, fresh,
 * single-sampled surface (the destination likewise made resident). Both
 * take the unorm and snorm formats of the sample pass below, alike or
 * converting, and its half-float sources (a half is used as fetched, the
 * float twod.c's half_to_float gives; infinities blend to what IEEE
 * arithmetic makes of them and NaN encodes to 0 as in twod.c, which
 * relies on the driver's IEEE infinities and NaN, llvmpipe's: GLSL 4.50
 * section 4.7.1 does not require them): a signed texel decodes to the float
 * nearest max(n, -M) / M as twod.c's does (its sign times the unsigned
 * one), a negative blend v encodes to floor(v M' + 1/2) = -ceil(|v| M' -
 * 1/2), one less than the unsigned encode of |v| where that is a tie
 * (only at v = -1/2: M' is odd). In the single-sampled pass each texel
 * it fetches is the source's scaled pixel at this pixel's place in its scale x scale block, so the pixel
 * write-back reads of each block computes from the native texels
 * write-back gives (test_maxwell_twod_gpu's bilinear cases, at scales 1
 * and 2).
 *
 * Common to the rest of what is taken: SRCCOPY, POINT, both surfaces resident, fresh,
 * colour, single-sampled and described by the 2D registers exactly as the
 * render cache holds them (address, format, size, pitch or block height;
 * depth 1, layer 0), source and destination not sharing memory, the
 * registers inside twod.c's limits (so it would not refuse them), the
 * destination rectangle clipped to its surface and CLIP_* as twod.c clips
 * it and not empty. Then one of two passes:
 *
 * - Copy: one format to the same format, steps 1.0 and an integer source
 *   origin (then CENTER and CORNER read the same texel, floor(SRC_X0 + x -
 *   DST_X0), and twod.c copies its bytes unchanged), the source rectangle
 *   inside the source; every format the render cache holds, the float32
 *   ones (RF32, RF32_GF32, RF32_GF32_BF32_AF32) and halves included.
 *   glCopyImageSubData of the scaled rectangles: it converts nothing and
 *   "should be considered to operate in a manner similar to a CPU memcpy"
 *   (ARB_copy_image; GL 4.6 and ES 3.2 section 18.3.3), so a float32
 *   texel's bits arrive as they left, denormals, NaN payloads (signalling
 *   NaNs too) and -0 included, and an snorm code -2^(b-1) stays itself. A
 *   glBlitFramebuffer is specified on colour values, and a driver may run
 *   it as a fragment pass, through float arithmetic that GLSL lets flush
 *   denormals (llvmpipe's does, below); test_maxwell_twod_gpu
 *   float_copies_keep_bits. A float32 point blit that scales, offsets by a
 *   fraction or converts is no copy and stays on the CPU (the sample pass
 *   below declines float32 sources and float destinations, and says why).
 * - Sample: any steps (negative too), fractional origins, CENTER or
 *   CORNER, texels past the source's edge clamped to it, between two
 *   unsigned- or signed-normalized formats that twod.c and the render
 *   cache both know, alike or converting (A8B8G8R8, A8R8G8B8, A2B10G10R10,
 *   A2R10G10B10, R5G6B5, A1R5G5B5, G8R8, GN8RN8, AN8BN8GN8RN8, R8/Y8, RN8,
 *   R16/Y16, RN16, R16_G16, RN16_GN16, R16_G16_B16_A16, RN16_GN16_BN16_AN16).
 *   A fragment pass: each destination pixel computes twod.c's source texel
 *   floor(SRC_0 + (x - DST_0) * STEP + h), h = STEP / 2 (arithmetic shift)
 *   for CENTER and 0 for CORNER, in 32.32 fixed point made of 32-bit
 *   integer words (the uniforms carry the value at the first clipped pixel
 *   and the step; the shader adds i * step with explicit carries), clamps
 *   it to the source and texelFetches it. At scale k the scaled pixel
 *   (k x + a, k y + b) reads the scaled texel (k u + a, k v + b): each
 *   native pixel's k x k block takes its source texel's block, so
 *   write-back (which reads one pixel of each block) gives what it gives
 *   for the source texel, at every scale. The value: each component as the
 *   integer the source holds (round(c * M) of the fetched float, M =
 *   2^bits - 1, signed 2^(bits-1) - 1, clamped to -M as twod.c's decode
 *   clamps), the components the source lacks as twod.c's (0, 0, 0, 1);
 *   then twod.c's floor(v * M' + 1/2) with v clamped to [0, 1] (unsigned)
 *   or [-1, 1], computed exactly with integers (no ties: M is odd) and
 *   written as n / M', which the GL stores as n. twod.c rounds v to a
 *   float in between; checked against it for every value of every pair of
 *   component widths (1, 2, 5, 6, 8, 10, 16 unsigned; 8, 16 signed) while
 *   this was written, and for the 16- and 8-bit ones by test_twod's
 *   integer_conversion_model: the integer result agrees except for signed
 *   16 -> unsigned 16, which is declined. Half-float sources
 *   (RF16_GF16_BF16_AF16, RF16_GF16, RF16) to those destinations too:
 *   below 1 a half is q / 2^24 exactly (the fetched float times 2^24), so
 *   twod.c's floor(v * M' + 1/2) (in double, exact) is integer arithmetic
 *   on q * M' in 32-bit words; NaN gives 0 and magnitudes from 1 up clamp,
 *   as twod.c's encode does (the shader's arithmetic written out in C
 *   matched twod.c for all 65536 halves and every destination width while
 *   this was written; test_twod's half_conversion_model holds twod.c to
 *   the exact rounding). Also declined: float32 sources (q * M' needs 64
 *   bits), float destinations (GL's float-to-half rounding, denormals and
 *   NaN bits are not twod.c's to rely on), a signed format to itself (GL
 *   reads -2^(b-1) and -(2^(b-1) - 1) both as -1.0, twod.c copies their
 *   bytes) and source texel indices past +-2^30 (the shader's int range).
 *
 * Both are byte-identical to the CPU engine after write-back
 * (test_maxwell_twod_gpu), on OpenGL ES too, signed formats included:
 * EXT_render_snorm makes the snorm formats colour-renderable there (a
 * driver without it has no resident snorm targets to blit between), and ES
 * never clamps fragment colours (Mesa 22.3 main/blend.c _mesa_init_color:
 * ClampFragmentColor is FIXED_ONLY in compatibility contexts only, FALSE
 * on ES). The clamp llvmpipe's ES path does apply is glReadPixels' (Mesa
 * 22.3 main/readpix.c get_readpixels_transfer_ops sets IMAGE_CLAMP_BIT,
 * [0, 1], for every non-float read type, snorm buffers included; later
 * Mesa exempts ES under EXT_render_snorm), which gl_caps' read-back never
 * meets: it copies snorm levels bit for bit into the signed integer format
 * of their size. (Signed formats were declined on ES after a run showed
 * RF16 -> RN8's negative results as 0; that does not reproduce with the
 * read-back as it is, and the test requires negative codes in every signed
 * destination.) Declined (false): other operations, BILINEAR from
 * float32 or to float formats (left to twod.c, below), sRGB and integer formats other
 * than the plain copy, point blits from or to multisampled surfaces and
 * everything the conditions above leave out.
 *
 * Why BILINEAR from RF32_GF32_BF32_AF32 or RF32 stays on the CPU (issue
 * 16 asked for it byte-identical): the pass could take twod.c's sample
 * positions, fractions and lerp order exactly (as it does for halves),
 * but not the operands' edge values. A float32 texel may be a denormal,
 * which twod.c computes with and GLSL lets the GL flush to zero (GLSL 4.60
 * and ES 3.20 section 4.7.1), and llvmpipe does: a fragment shader probe
 * run while this was written computed 2^-149 * 2^100 as 0 and found
 * 2^-149 == 0.0, on GL 4.5 and ES 3.2 alike; into a float32
 * destination a NaN or an infinity minus itself is stored as bits, and
 * which NaN bits twod.c stores is the C compiler's operand order on the
 * host's SSE rules while the GL's are unspecified (section 4.7.1 does
 * not require NaNs at all). Into unorm or snorm destinations the NaN bits
 * vanish (the encode makes NaN 0), but the encode needs floor(v M' + 1/2)
 * of any float v exactly (q M' of a 24-bit mantissa, up to 40 bits), and
 * that a flushed denormal operand never changes a lerp result that
 * encodes to a non-zero code was not proved (a flush changes an operand
 * by less than 2^-126, which a sum with a much larger operand absorbs;
 * the chain of three lerps was not bounded tightly enough), so those stay
 * on the CPU too (test_maxwell_twod_gpu's declined bilinear RF32 cases). */
#include <stdio.h>
#include <string.h>

#include "backend/gl/gl_util.h"
#include "backend/maxwell/render/compute.h"
#include "backend/maxwell/engines/twod_regs.h"
#include "backend/maxwell/render/render_targets.h"

#define R(m) regs[(m) / 4]

/* One side's surface as the render cache would describe it; false when it
 * is not a plain 2D colour surface the cache can hold. */
static bool side_desc(const uint32_t *regs, bool src, mw_surface_desc *d)
{
    const uint32_t code = (src ? R(SRC_FORMAT) : R(DST_FORMAT)) & 0xFF;
    const uint32_t layout = src ? R(SRC_MEMORY_LAYOUT) : R(DST_FORMAT + 4);
    const uint32_t block = src ? R(SRC_BLOCK_SIZE) : R(DST_FORMAT + 8);
    const uint32_t depth = src ? R(SRC_DEPTH) : R(DST_FORMAT + 0xC);
    const uint32_t layer = src ? 0 : R(DST_FORMAT + 0x10);
    const int32_t pitch = (int32_t)(src ? R(SRC_PITCH) : R(DST_FORMAT + 0x14));
    const uint32_t up = src ? R(SRC_OFFSET_UPPER) : R(DST_FORMAT + 0x20);
    const uint32_t low = src ? R(SRC_OFFSET_LOWER) : R(DST_FORMAT + 0x24);
    const mw_rt_format *f = mw_rt_color_format(code);
    if (!f)
        return false;
    *d = (mw_surface_desc){.va = (uint64_t)(up & 0xFF) << 32 | low, .format = f,
                           .width = src ? R(SRC_WIDTH) : R(DST_FORMAT + 0x18),
                           .height = src ? R(SRC_HEIGHT) : R(DST_FORMAT + 0x1C)};
    if (layout & 1) { /* PITCH */
        if (pitch <= 0)
            return false;
        d->pitch = true;
        d->pitch_bytes = (uint32_t)pitch;
        return true;
    }
    /* BLOCKLINEAR: one GOB wide, one deep, the first layer */
    if ((block & 0xF) || (block >> 8 & 0xF) || depth > 1 || layer)
        return false;
    d->block_height_log2 = block >> 4 & 0xF;
    return d->block_height_log2 <= 5;
}

/* The resident, fresh, single-sampled colour surface for d, or NULL. */
static mw_surface *resident(mw_render *r, const mw_surface_desc *d)
{
    for (uint32_t i = 0; i < r->count; i++) {
        mw_surface *s = &r->surf[i];
        const mw_surface_desc *h = &s->d;
        if (s->stale || h->zeta || h->sx || h->sy || h->depth || h->va != d->va || h->format != d->format ||
            h->width != d->width || h->height != d->height || h->pitch != d->pitch)
            continue;
        if (d->pitch ? h->pitch_bytes == d->pitch_bytes : h->block_height_log2 == d->block_height_log2)
            return s;
    }
    return NULL;
}

#define MAX_SIDE 32768        /* twod.c's limits: blits and surfaces this many pixels a side */
#define MAX_STEP ((int64_t)1 << 47) /* |DU_DX|, |DV_DY| below 2^15 texels */
#define MAX_SRC0 ((int64_t)1 << 62) /* |SRC_X0|, |SRC_Y0| below 2^30 texels */
#define MAX_TEXEL ((int64_t)1 << 30) /* the sample pass's source texel indices */

static int64_t fixed(uint32_t i, uint32_t frac)
{
    return (int64_t)((uint64_t)(int64_t)(int32_t)i << 32 | frac);
}

/* one triangle over the viewport */
static const char *const VS =
    "void main() {\n"
    "    vec2 p = vec2(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID & 2) * 2 - 1));\n"
    "    gl_Position = vec4(p, 0.0, 1.0);\n"
    "}\n";

/* Both passes: the uniforms 0-5 (below) and texel(): floor(p + i * step)
 * for i >= 0 below 2^15, and in f the fraction's 32 bits, from an axis's
 * uniforms (axis() below). */
static const char *const COMMON =
    "layout(location = 0) uniform ivec4 ax;\n"
    "layout(location = 1) uniform ivec4 ay;\n"
    "layout(location = 2) uniform ivec4 org;\n"
    "layout(location = 3) uniform ivec4 lim;\n"
    "layout(location = 4) uniform ivec4 smax;\n"
    "layout(location = 5) uniform ivec4 dmax;\n"
    "layout(location = 0) out vec4 o;\n"
    "int texel(int i, ivec4 a, out uint f) {\n"
    "    uint lo = uint(a.y), dl = uint(a.w); /* int -> uint keeps the bits */\n"
    "    uint pl = uint(i) * (dl & 0xFFFFu), ph = uint(i) * (dl >> 16);\n"
    "    uint s1 = lo + pl;\n"
    "    uint c = s1 < lo ? 1u : 0u;\n"
    "    uint s2 = s1 + (ph << 16);\n"
    "    c += s2 < s1 ? 1u : 0u;\n"
    "    f = s2;\n"
    "    return a.x + i * a.z + int((ph >> 16) + c);\n"
    "}\n";

/* uniforms: 0, 1 the x and y axes (the 32.32 sample point at the first
 * clipped pixel as its integer word and fraction bits, the step likewise);
 * 2 the first clipped pixel, the scale; 3 the last source texel, whether
 * the source is half float and the destination signed; 4, 5 each
 * component's M in the source (1 for a half) and the destination (0: the
 * format lacks it) */
static const char *const FS_HEAD = "layout(binding = 0) uniform highp sampler2D src;\n";
static const char *const FS =
    "void main() {\n"
    "    ivec2 q = ivec2(gl_FragCoord.xy);\n"
    "    int k = org.z;\n"
    "    ivec2 g = q / k;\n"
    "    uint f;\n"
    "    ivec2 t = clamp(ivec2(texel(g.x - org.x, ax, f), texel(g.y - org.y, ay, f)), ivec2(0), lim.xy);\n"
    "    vec4 c = texelFetch(src, t * k + (q - g * k), 0);\n"
    "    for (int j = 0; j < 4; j++) {\n"
    "        int n;\n"
    "        bool neg;\n"
    "        if (lim.z != 0 && smax[j] != 0) {\n"
    "            /* a half: below 1 it is q / 2^24 exactly; floor(v * M' + 1/2) */\n"
    "            uint bits = floatBitsToUint(c[j]), m = uint(dmax[j]);\n"
    "            float a = abs(c[j]);\n"
    "            neg = c[j] < 0.0;\n"
    "            if ((bits & 0x7FFFFFFFu) > 0x7F800000u) {\n"
    "                n = 0;\n"
    "                neg = false;\n"
    "            } else if (a >= 1.0) {\n"
    "                n = int(m);\n"
    "            } else {\n"
    "                uint qv = uint(a * 16777216.0);\n"
    "                uint A = (qv >> 16) * m, P = (qv & 0xFFFFu) * m;\n"
    "                uint X = (A & 0xFFu) * 256u + (P >> 8) +\n"
    "                         (neg ? 0x7FFFu + ((P & 0xFFu) != 0u ? 1u : 0u) : 0x8000u);\n"
    "                n = int((A >> 8) + (X >> 16));\n"
    "            }\n"
    "        } else {\n"
    "            int num = j == 3 ? 1 : 0, den = 1;\n"
    "            if (smax[j] != 0) {\n"
    "                den = smax[j];\n"
    "                num = max(int(floor(c[j] * float(den) + 0.5)), -den);\n"
    "            }\n"
    "            uint a = uint(abs(num)) * uint(dmax[j]);\n"
    "            uint qq = a / uint(den), r = a - qq * uint(den);\n"
    "            n = int(qq) + (2u * r > uint(den) ? 1 : 0);\n"
    "            neg = num < 0;\n"
    "        }\n"
    "        if (neg)\n"
    "            n = lim.w != 0 ? -n : 0;\n"
    "        o[j] = dmax[j] == 0 ? 0.0 : float(n) / float(dmax[j]);\n"
    "    }\n"
    "}\n";

void mw_twod_fini(mw_render *r)
{
    if (!r->gl_lost && r->ctx) {
        r->ctx->gl.DeleteProgram(r->twod_prog);
        r->ctx->gl.DeleteProgram(r->twod_resolve_prog);
        r->ctx->gl.DeleteProgram(r->twod_bilinear_prog);
        r->ctx->gl.DeleteVertexArrays(1, &r->twod_vao);
    }
    r->twod_prog = r->twod_resolve_prog = r->twod_bilinear_prog = r->twod_vao = 0;
}

/* A pass's program (*prog, linked at its first use; its fragment shader
 * head (the sampler, anything else before COMMON), COMMON, then body) and
 * the empty vertex array both draw with. */
static bool pass_program(mw_render *r, const char *head, const char *body, GLuint *prog)
{
    if (*prog)
        return true;
    char vs[512], fs[8192];
    const char *prec = r->ctx->info.gles ? "precision highp float;\nprecision highp int;\n"
                                           "precision highp sampler2DMS;\n" : "";
    snprintf(vs, sizeof vs, "%s\n%s", r->ctx->glsl_version_line, VS);
    snprintf(fs, sizeof fs, "%s\n%s%s%s%s%s", r->ctx->glsl_version_line, prec, head, COMMON, MW_GLSL_NEAREST, body);
    if (gl_link_program(r->ctx, vs, fs, prog) != GLHLE_RESULT_OK) {
        *prog = 0;
        return false;
    }
    if (!r->twod_vao)
        r->ctx->gl.CreateVertexArrays(1, &r->twod_vao);
    return true;
}

/* Each component's M (the largest value the integer it holds stands for:
 * 2^bits - 1, signed 2^(bits-1) - 1; 0 where absent) for the sample pass;
 * false when the pass does not take the format. */
static bool sample_format(const mw_rt_format *f, bool src, GLint m[4], bool *snorm, bool *half)
{
    uint8_t bits[4];
    uint32_t type;
    if (!mw_2d_format_channels(f->value, bits, &type))
        return false;
    *half = type == 2;
    if (*half) { /* sources only, of 16-bit components: m[c] 1 where present */
        if (!src || f->cls != MW_RT_FLOAT)
            return false;
        for (int c = 0; c < 4; c++) {
            if (bits[c] && bits[c] != 16)
                return false;
            m[c] = bits[c] ? 1 : 0;
        }
        *snorm = false;
        return true;
    }
    if (f->cls != (type ? MW_RT_SNORM : MW_RT_UNORM))
        return false;
    *snorm = type == 1;
    for (int c = 0; c < 4; c++)
        m[c] = bits[c] ? (GLint)((1u << (bits[c] - *snorm)) - 1) : 0;
    return true;
}

/* An axis's uniforms: the sample point at pixel offset d0 from DST_0
 * (p0 = SRC_0, plus step / 2 for CENTER) and the step; false when a
 * texel index of the d0..d1 range leaves +-2^30. */
static bool axis(int64_t p0, int64_t step, int64_t d0, int64_t d1, GLint out[4])
{
    const int64_t a = p0 + d0 * step, b = p0 + d1 * step; /* below 2^62 by twod.c's limits */
    const int64_t ta = a >> 32, tb = b >> 32;          /* floor: arithmetic shift as in twod.c */
    if (ta < -MAX_TEXEL || ta > MAX_TEXEL || tb < -MAX_TEXEL || tb > MAX_TEXEL)
        return false;
    out[0] = (GLint)ta;
    out[1] = (GLint)(int32_t)(uint32_t)a;
    out[2] = (GLint)(step >> 32);
    out[3] = (GLint)(int32_t)(uint32_t)step;
    return true;
}

/* ---- the resolve: bilinear from a multisampled source ---- */

/* uniforms: 0, 1 the x and y axes as in FS, of the bilinear tap point
 * (u - 1/2); 2 the first clipped pixel, the scale; 3 the last texel of the
 * sample image, the block's shift (sx, sy); 4, 5 each component's M in
 * the source and the destination (0: the format lacks it); 6-13 each block
 * position's GL sample and scaled pixel (mw_msaa_sample_map); 2's w
 * whether the destination is signed. twod.c's
 * float arithmetic step by step: each texel decoded to the float nearest
 * n / M (twod.c's (float)((double)n / M): the same float, checked for
 * every n and every M = 2^b - 1 up to b = 16 while this was written), the
 * fraction the float nearest its 32 bits / 2^32 (ties to even, as the
 * conversion from double rounds), the two lerps and the last in IEEE
 * single precision, `precise` so that no step is fused or reordered (GLSL
 * 4.50 and ES 3.20, section 4.7.1: +, - and * correctly rounded), and the
 * encode floor(v * M' + 1/2) exactly, in 64 bits made of two words. */
static const char *const RESOLVE_HEAD = "#define MS 1\n"
                                        "layout(binding = 0) uniform highp sampler2DMS src;\n"
                                        "layout(location = 6) uniform ivec4 sample_at[8];\n";
static const char *const BILINEAR_HEAD = "layout(binding = 0) uniform highp sampler2D src;\n";
static const char *const BILINEAR_FS =
    "/* the float nearest f / 2^32, ties to even */\n"
    "float fraction(uint f) {\n"
    "    if (f < 0x1000000u)\n"
    "        return ldexp(float(f), -32);\n"
    "    int sh = findMSB(f) - 23;\n"
    "    uint m = f >> uint(sh), rem = f & ((1u << uint(sh)) - 1u), hf = 1u << uint(sh - 1);\n"
    "    if (rem > hf || (rem == hf && (m & 1u) != 0u))\n"
    "        m++;\n"
    "    return ldexp(float(m), sh - 32);\n"
    "}\n"
    "/* floor(v * M + 1/2) for v in [0, 1]: v = m 2^-s, m below 2^24; tie:\n"
    " * v * M + 1/2 is an integer */\n"
    "uint encode(float v, uint M, out bool tie) {\n"
    "    uint bits = floatBitsToUint(v), e = bits >> 23 & 0xFFu;\n"
    "    int s = 150 - int(e);\n"
    "    tie = false;\n"
    "    if (e == 0u || s > 41)\n"
    "        return 0u;\n"
    "    uint hi, lo;\n"
    "    umulExtended((bits & 0x7FFFFFu) | 0x800000u, M, hi, lo);\n"
    "    tie = s <= 32 ? (lo & (s == 32 ? 0xFFFFFFFFu : (1u << uint(s)) - 1u)) == 1u << uint(s - 1)\n"
    "                  : lo == 0u && (hi & ((1u << uint(s - 32)) - 1u)) == 1u << uint(s - 33);\n"
    "    if (s - 1 < 32) {\n"
    "        uint add = 1u << uint(s - 1), l2 = lo + add;\n"
    "        hi += l2 < lo ? 1u : 0u;\n"
    "        lo = l2;\n"
    "    } else {\n"
    "        hi += 1u << uint(s - 33);\n"
    "    }\n"
    "    return s < 32 ? (lo >> uint(s)) | (hi << uint(32 - s)) : hi >> uint(s - 32);\n"
    "}\n"
    "/* texel t of the sample image: its pixel's sample, at the scaled pixel\n"
    " * write-back reads (rep) or at this pixel's place in its block (o);\n"
    " * of a single-sampled source: its scaled pixel at o (write-back reads\n"
    " * the one at rep's place) */\n"
    "vec4 fetch(ivec2 t, ivec2 o, bool rep) {\n"
    "#ifdef MS\n"
    "    ivec2 p = ivec2(t.x >> lim.z, t.y >> lim.w);\n"
    "    ivec2 b = t - ivec2(p.x << lim.z, p.y << lim.w);\n"
    "    ivec4 at = sample_at[(b.y << lim.z) + b.x];\n"
    "    vec4 c = texelFetch(src, p * org.z + (rep ? at.yz : o), at.x);\n"
    "#else\n"
    "    vec4 c = texelFetch(src, t * org.z + o, 0);\n"
    "#endif\n"
    "    vec4 v = vec4(0.0, 0.0, 0.0, 1.0);\n"
    "    for (int j = 0; j < 4; j++)\n"
    "        if (smax[j] < 0) {\n"
    "            v[j] = c[j]; /* a half: the float holds it exactly */\n"
    "        } else if (smax[j] != 0) {\n"
    "            int n = max(int(floor(c[j] * float(smax[j]) + 0.5)), -smax[j]);\n"
    "            float m = nearest(uint(abs(n)), uint(smax[j]));\n"
    "            v[j] = n < 0 ? -m : m;\n"
    "        }\n"
    "    return v;\n"
    "}\n"
    "void main() {\n"
    "    ivec2 q = ivec2(gl_FragCoord.xy);\n"
    "    int k = org.z;\n"
    "    ivec2 g = q / k, sub = q - g * k;\n"
    "    bool rep = sub == ivec2(k / 2); /* the scaled pixel write-back takes (render_targets.c) */\n"
    "    uint fx, fy;\n"
    "    int iu = texel(g.x - org.x, ax, fx), iv = texel(g.y - org.y, ay, fy);\n"
    "    float fu = fraction(fx), fv = fraction(fy);\n"
    "    ivec2 t0 = clamp(ivec2(iu, iv), ivec2(0), lim.xy), t1 = clamp(ivec2(iu, iv) + 1, ivec2(0), lim.xy);\n"
    "    vec4 a = fetch(t0, sub, rep), b = fetch(ivec2(t1.x, t0.y), sub, rep);\n"
    "    vec4 c = fetch(ivec2(t0.x, t1.y), sub, rep), d = fetch(t1, sub, rep);\n"
    "    for (int j = 0; j < 4; j++) {\n"
    "        precise float top = a[j] + (b[j] - a[j]) * fu;\n"
    "        precise float bottom = c[j] + (d[j] - c[j]) * fu;\n"
    "        precise float v = top + (bottom - top) * fv;\n"
    "        if (isnan(v))\n"
    "            v = 0.0; /* twod.c's encode: NaN -> 0 */\n"
    "        v = clamp(v, org.w != 0 ? -1.0 : 0.0, 1.0);\n"
    "        /* negative: floor(v M' + 1/2) = -ceil(|v| M' - 1/2), one less\n"
    "         * than floor(|v| M' + 1/2) at a tie */\n"
    "        bool tie;\n"
    "        int n = int(encode(abs(v), uint(dmax[j]), tie));\n"
    "        if (v < 0.0)\n"
    "            n = tie ? 1 - n : -n;\n"
    "        o[j] = dmax[j] == 0 ? 0.0 : float(n) / float(dmax[j]);\n"
    "    }\n"
    "}\n";

/* The resident, fresh, multisampled 2D colour surface whose sample image d
 * describes (its size the pixels' times the block's), or NULL. */
static mw_surface *resident_samples(mw_render *r, const mw_surface_desc *d)
{
    for (uint32_t i = 0; i < r->count; i++) {
        mw_surface *s = &r->surf[i];
        const mw_surface_desc *h = &s->d;
        if (!s->stale && !h->zeta && (h->sx | h->sy) && !h->pitch && !h->depth && !d->pitch && h->va == d->va &&
            h->format == d->format && (uint64_t)h->width << h->sx == d->width &&
            (uint64_t)h->height << h->sy == d->height && h->block_height_log2 == d->block_height_log2)
            return s;
    }
    return NULL;
}

/* The pass state both fragment passes draw under: nothing but the
 * triangle reaches dst's clipped rectangle, written as stored (no sRGB). */
static void pass_state(mw_render *r, GLuint fbo, GLuint prog, int64_t cx0, int64_t cy0, int64_t cx1, int64_t cy1)
{
    const GLint k = (GLint)r->scale;
    mw_plain_pass_state(r, fbo, (GLint)cx0 * k, (GLint)cy0 * k, (GLint)(cx1 - cx0) * k, (GLint)(cy1 - cy0) * k, prog,
                        r->twod_vao, true);
}

/* A bilinear SRCCOPY blit from a resident single-sampled surface or from
 * the sample image of a resident multisampled target (a resolve: steps of
 * the block's size average its samples) into an unorm destination, which
 * is made resident when it is not; both formats unorm ones the sample pass
 * takes (sample_format). */
static bool bilinear_pass(mw_render *r, const uint32_t *regs, const mw_surface_desc *sd, const mw_surface_desc *dd,
                          int64_t cx0, int64_t cy0, int64_t cx1, int64_t cy1)
{
    mw_surface *src = resident_samples(r, sd);
    const bool ms = src != NULL;
    if (!ms)
        src = resident(r, sd);
    GLint sm[4], dm[4], ax[4], ay[4], map[32];
    bool ss, sh, ds, dh;
    if (!src || !sample_format(sd->format, true, sm, &ss, &sh) || !sample_format(dd->format, false, dm, &ds, &dh) ||
        dh)
        return false;
    for (int c = 0; sh && c < 4; c++)
        sm[c] = -sm[c]; /* -1: a half-float component, used as fetched */
    const int64_t du = fixed(R(DU_DX_INT), R(DU_DX_FRAC)), dv = fixed(R(DV_DY_INT), R(DV_DY_FRAC));
    const int64_t u0 = fixed(R(SRC_X0_INT), R(SRC_X0_FRAC)), v0 = fixed(R(SRC_Y0_INT), R(SRC_Y0_FRAC));
    const int64_t x0 = (int32_t)R(DST_X0), y0 = (int32_t)R(DST_Y0), half = (int64_t)1 << 31;
    const bool center = !(R(SAMPLE_MODE) & 1);
    if (!axis(u0 + (center ? du >> 1 : 0) - half, du, cx0 - x0, cx1 - 1 - x0, ax) ||
        !axis(v0 + (center ? dv >> 1 : 0) - half, dv, cy0 - y0, cy1 - 1 - y0, ay))
        return false;
    GLuint *prog = ms ? &r->twod_resolve_prog : &r->twod_bilinear_prog;
    if (gl_context_enter(r->ctx) != GLHLE_RESULT_OK ||
        !pass_program(r, ms ? RESOLVE_HEAD : BILINEAR_HEAD, BILINEAR_FS, prog))
        return false;
    src->last_use = ++r->tick; /* not the one a new destination evicts */
    mw_surface *dst = resident(r, dd);
    if (!dst) {
        if (mw_render_get_surface(r, dd, &dst) != GLHLE_RESULT_OK)
            return false; /* the CPU engine on memory */
        src = ms ? resident_samples(r, sd) : resident(r, sd);
    }
    if (!src || src == dst || (src->lo < dst->hi && dst->lo < src->hi))
        return false;
    const GladGLContext *gl = &r->ctx->gl;
    const GLenum target = ms ? GL_TEXTURE_2D_MULTISAMPLE : GL_TEXTURE_2D;
    gl->ProgramUniform4iv(*prog, 0, 1, ax);
    gl->ProgramUniform4iv(*prog, 1, 1, ay);
    gl->ProgramUniform4i(*prog, 2, (GLint)cx0, (GLint)cy0, (GLint)r->scale, ds);
    gl->ProgramUniform4i(*prog, 3, (GLint)sd->width - 1, (GLint)sd->height - 1, src->d.sx, src->d.sy);
    gl->ProgramUniform4iv(*prog, 4, 1, sm);
    gl->ProgramUniform4iv(*prog, 5, 1, dm);
    if (ms) {
        mw_msaa_sample_map(r, src, map);
        gl->ProgramUniform4iv(*prog, 6, (GLsizei)(1u << (src->d.sx + src->d.sy)), map);
    }
    uint32_t counting; /* the pass is no part of a counted draw */
    mw_query_suspend(r, &counting);
    pass_state(r, dst->fbo, *prog, cx0, cy0, cx1, cy1);
    gl_state_texture(&r->st, 0, target, src->tex);
    gl_state_sampler(&r->st, 0, 0);
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    gl_state_texture(&r->st, 0, target, 0);
    mw_query_resume(r, counting);
    src->last_use = dst->last_use = ++r->tick;
    mw_render_rendered(r, dst);
    mw_draw_invalidate(r, dst->lo, dst->hi - dst->lo);
    r->stats.twod_gpu++;
    r->stats.twod_resolves += ms;
    return true;
}

bool mw_render_twod(mw_render *r, const uint32_t *regs)
{
    if (r->twod_on_cpu || r->gl_lost)
        return false;
    const bool bilinear = R(SAMPLE_MODE) >> 4 & 1;
    if (R(OPERATION) != 3 /* SRCCOPY */)
        return false;
    mw_surface_desc sd, dd;
    if (!side_desc(regs, true, &sd) || !side_desc(regs, false, &dd))
        return false;
    const int64_t du = fixed(R(DU_DX_INT), R(DU_DX_FRAC)), dv = fixed(R(DV_DY_INT), R(DV_DY_FRAC));
    const int64_t u0 = fixed(R(SRC_X0_INT), R(SRC_X0_FRAC)), v0 = fixed(R(SRC_Y0_INT), R(SRC_Y0_FRAC));
    const int64_t w = R(DST_WIDTH), h = R(DST_HEIGHT);
    if (w > MAX_SIDE || h > MAX_SIDE || du <= -MAX_STEP || du >= MAX_STEP || dv <= -MAX_STEP || dv >= MAX_STEP ||
        u0 <= -MAX_SRC0 || u0 >= MAX_SRC0 || v0 <= -MAX_SRC0 || v0 >= MAX_SRC0 || sd.width > MAX_SIDE ||
        sd.height > MAX_SIDE || dd.width > MAX_SIDE || dd.height > MAX_SIDE)
        return false; /* the CPU engine says what is wrong */
    /* the destination rectangle clipped as twod.c clips it */
    const int64_t x0 = (int32_t)R(DST_X0), y0 = (int32_t)R(DST_Y0);
    int64_t cx0 = x0 > 0 ? x0 : 0, cy0 = y0 > 0 ? y0 : 0;
    int64_t cx1 = x0 + w < dd.width ? x0 + w : dd.width, cy1 = y0 + h < dd.height ? y0 + h : dd.height;
    if (R(CLIP_ENABLE) & 1) {
        const int64_t kx0 = R(CLIP_X0), ky0 = R(CLIP_Y0), kx1 = kx0 + R(CLIP_WIDTH), ky1 = ky0 + R(CLIP_HEIGHT);
        cx0 = cx0 > kx0 ? cx0 : kx0;
        cy0 = cy0 > ky0 ? cy0 : ky0;
        cx1 = cx1 < kx1 ? cx1 : kx1;
        cy1 = cy1 < ky1 ? cy1 : ky1;
    }
    if (cx0 >= cx1 || cy0 >= cy1)
        return false; /* nothing to write: the CPU engine still checks the registers */
    if (bilinear)
        return bilinear_pass(r, regs, &sd, &dd, cx0, cy0, cx1, cy1);
    const GLint k = (GLint)r->scale;
    mw_surface *src = resident(r, &sd), *dst = resident(r, &dd);
    if (!src || !dst || src == dst || (src->lo < dst->hi && dst->lo < src->hi))
        return false;
    /* the copy: the source texels floor(SRC_0 + x - DST_0), inside the source */
    const int64_t one = (int64_t)1 << 32;
    const int64_t sx0 = (u0 >> 32) + (cx0 - x0), sy0 = (v0 >> 32) + (cy0 - y0);
    const int64_t sx1 = sx0 + (cx1 - cx0), sy1 = sy0 + (cy1 - cy0);
    const bool copy = sd.format == dd.format && du == one && dv == one && !R(SRC_X0_FRAC) && !R(SRC_Y0_FRAC) &&
                      sx0 >= 0 && sy0 >= 0 && sx1 <= sd.width && sy1 <= sd.height;
    GLint ax[4], ay[4], sm[4], dm[4];
    bool ss = false, ds = false, sh = false, dh = false;
    if (!copy) {
        if (!sample_format(sd.format, true, sm, &ss, &sh) || !sample_format(dd.format, false, dm, &ds, &dh) ||
            (ss && sd.format == dd.format))
            return false;
        for (int c = 0; c < 4; c++)
            if (ss && !ds && sm[c] == 0x7FFF && dm[c] == 0xFFFF)
                return false; /* signed 16 -> unsigned 16: twod.c's float rounding shows */
        const bool center = !(R(SAMPLE_MODE) & 1);
        if (!axis(u0 + (center ? du >> 1 : 0), du, cx0 - x0, cx1 - 1 - x0, ax) ||
            !axis(v0 + (center ? dv >> 1 : 0), dv, cy0 - y0, cy1 - 1 - y0, ay))
            return false;
        if (gl_context_enter(r->ctx) != GLHLE_RESULT_OK || !pass_program(r, FS_HEAD, FS, &r->twod_prog))
            return false;
    } else if (gl_context_enter(r->ctx) != GLHLE_RESULT_OK) {
        return false;
    }
    if (copy) {
        /* the texels' bits, unconverted (above); no pipeline state applies */
        r->ctx->gl.CopyImageSubData(src->tex, GL_TEXTURE_2D, 0, (GLint)sx0 * k, (GLint)sy0 * k, 0, dst->tex,
                                    GL_TEXTURE_2D, 0, (GLint)cx0 * k, (GLint)cy0 * k, 0, (GLsizei)(cx1 - cx0) * k,
                                    (GLsizei)(cy1 - cy0) * k, 1);
    } else {
        const GladGLContext *gl = &r->ctx->gl;
        const GLuint prog = r->twod_prog;
        gl->ProgramUniform4iv(prog, 0, 1, ax);
        gl->ProgramUniform4iv(prog, 1, 1, ay);
        gl->ProgramUniform4i(prog, 2, (GLint)cx0, (GLint)cy0, k, 0);
        gl->ProgramUniform4i(prog, 3, (GLint)sd.width - 1, (GLint)sd.height - 1, sh, ds);
        gl->ProgramUniform4iv(prog, 4, 1, sm);
        gl->ProgramUniform4iv(prog, 5, 1, dm);
        uint32_t counting; /* the pass is no part of a counted draw */
        mw_query_suspend(r, &counting);
        gl_state *st = &r->st;
        pass_state(r, dst->fbo, prog, cx0, cy0, cx1, cy1);
        gl_state_texture(st, 0, GL_TEXTURE_2D, src->tex);
        gl_state_sampler(st, 0, 0);
        gl->DrawArrays(GL_TRIANGLES, 0, 3);
        gl_state_texture(st, 0, GL_TEXTURE_2D, 0);
        mw_query_resume(r, counting);
    }
    src->last_use = dst->last_use = ++r->tick;
    mw_render_rendered(r, dst);
    mw_draw_invalidate(r, dst->lo, dst->hi - dst->lo);
    r->stats.twod_gpu++;
    return true;
}
