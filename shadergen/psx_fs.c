/* Fragment shaders of the PlayStation drawing programs. Each fragment works
 * out, in integer arithmetic, whether the primitive covers its pixel and with
 * which colour and texcoord, exactly as the software reference does
 * (backend/psx/swrender.c, prim_setup.h): at 1x every pixel matches; at a
 * scale N the sample point of subpixel (fx, fy) is (fx/N, fy/N) in native
 * units, so the top-left subpixel of each native pixel matches too. */
#include "shadergen/psx_fs.h"

static const char *const fs_interface =
    "flat in ivec4 v_p0;\n"
    "flat in ivec4 v_p1;\n"
    "flat in ivec4 v_clip;\n"
    "flat in uvec4 v_w;\n"
    "flat in ivec4 v_g0;\n"
    "flat in ivec4 v_g1;\n"
    "flat in ivec2 v_g2;\n"
    "flat in ivec4 v_edge;\n"
    "uniform highp usampler2D u_tex;\n"
    "uniform highp usampler2D u_clut;\n"
    "uniform highp usampler2D u_fb;\n";

/* psx-spx "24bit RGB to 15bit RGB Dithering": the 4x4 table (-4, 0, -3, 1 /
 * 2, -2, 3, -1 / -3, 1, -4, 0 / 3, -1, 2, -2) plus 4, three bits an entry,
 * rows 0-1 in the first word and 2-3 in the second. Shifts instead of an
 * indexed constant array: llvmpipe runs an array lookup lane by lane. */
static const char *const fs_common =
    "int dither(ivec2 p) {\n"
    "    uint rows = (p.y & 2) != 0 ? 0x59f829u : 0x7d6a60u;\n"
    "    return int((rows >> uint(3 * (((p.y & 1) << 2) | (p.x & 3)))) & 7u) - 4;\n"
    "}\n"
    "uint to5(int v, int d) { return uint(clamp(v + d, 0, 255)) >> 3u; }\n"
    "uint vram(int x, int y) {\n"
    "    return texelFetch(u_tex, ivec2((x & 1023) * u_scale, (y & 511) * u_scale), 0).r;\n"
    "}\n"
    /* whether floor(n / d) == q for d > 0, without dividing: llvmpipe has
     * no vector division and divides lane by lane */
    "bool floor_div_is(int n, int d, int q) { return q * d <= n && n < (q + 1) * d; }\n";

static const char *const clut_snapshot = "texelFetch(u_clut, ivec2(int(idx), 0), 0).r";
static const char *const clut_vram = "vram(int((v_w.z >> 5u) & 1023u) + int(idx), int((v_w.z >> 15u) & 511u))";

static const char *const fs_texel =
    "uint texel(uint u, uint v) {\n"
    "    uint win = v_w.w;\n"
    "    u = (u & (win & 255u)) | ((win >> 8u) & 255u);\n"
    "    v = (v & ((win >> 16u) & 255u)) | (win >> 24u);\n"
    "    int tx = int(v_w.z & 15u) * 64, ty = int((v_w.z >> 4u) & 1u) * 256 + int(v);\n";

/* 5-bit channels; B/2+F/2, B+F, B-F, B+F/4 with saturation (psx-spx
 * "Semi-transparency") */
static const char *const fs_blend[4] = {
    "(b + f) >> 1u",
    "min(b + f, 31u)",
    "uint(max(int(b) - int(f), 0))",
    "min(b + (f >> 2u), 31u)",
};

/* Declares KIND, TEX, GOURAUD and BLEND: constants for fixed key fields
 * (the compiler folds the branches away), per-primitive values from the
 * instance's mode bits for dynamic ones (assigned by psx_key_assign). */
void psx_key_declare(const psx_fs_key *key, glhle_bytebuf *out)
{
    if (key->kind == PSX_KEY_DYNAMIC)
        glhle_bytebuf_printf(out, "int KIND;\n");
    else
        glhle_bytebuf_printf(out, "const int KIND = %d;\n", key->kind);
    if (key->tex_mode == PSX_KEY_DYNAMIC)
        glhle_bytebuf_printf(out, "int TEX;\n");
    else
        glhle_bytebuf_printf(out, "const int TEX = %d;\n", key->tex_mode);
    if (key->gouraud == PSX_KEY_DYNAMIC)
        glhle_bytebuf_printf(out, "bool GOURAUD;\n");
    else
        glhle_bytebuf_printf(out, "const bool GOURAUD = %s;\n", key->gouraud ? "true" : "false");
    if (key->blend == PSX_KEY_DYNAMIC)
        glhle_bytebuf_printf(out, "int BLEND;\n");
    else
        glhle_bytebuf_printf(out, "const int BLEND = %d;\n", key->blend);
}

void psx_scale_declare(const psx_shader_host *host, glhle_bytebuf *out)
{
    if (host->scale)
        glhle_bytebuf_printf(out, "const int u_scale = %u;\n", host->scale);
    else
        glhle_bytebuf_printf(out, "uniform int u_scale;\n");
}

void psx_key_assign(const psx_fs_key *key, const char *mode_word, glhle_bytebuf *out)
{
    if (key->kind == PSX_KEY_DYNAMIC)
        glhle_bytebuf_printf(out, "    KIND = int((%s >> 16u) & 3u);\n", mode_word);
    if (key->tex_mode == PSX_KEY_DYNAMIC)
        glhle_bytebuf_printf(out, "    TEX = int((%s >> 18u) & 3u);\n", mode_word);
    if (key->gouraud == PSX_KEY_DYNAMIC)
        glhle_bytebuf_printf(out, "    GOURAUD = ((%s >> 20u) & 1u) != 0u;\n", mode_word);
    if (key->blend == PSX_KEY_DYNAMIC)
        glhle_bytebuf_printf(out, "    BLEND = int((%s >> 21u) & 7u);\n", mode_word);
}

static bool may(uint8_t field, uint8_t value)
{
    return field == PSX_KEY_DYNAMIC || field == value;
}

bool psx_fs_generate(const psx_fs_key *key, const psx_shader_host *host, glhle_bytebuf *out)
{
    bool textured = key->tex_mode != 0, blending = key->blend != 0;
    glhle_bytebuf_printf(out, "%s\n", host->version_line);
    if (host->framebuffer_fetch)
        glhle_bytebuf_printf(out, "#extension GL_EXT_shader_framebuffer_fetch : require\n");
    glhle_bytebuf_printf(out, "precision highp float;\nprecision highp int;\n%s", fs_interface);
    glhle_bytebuf_printf(out, "layout(location = 0) %s highp uint o_color;\n",
                         host->framebuffer_fetch ? "inout" : "out");
    psx_key_declare(key, out);
    psx_scale_declare(host, out);
    glhle_bytebuf_printf(out, "%s", fs_common);
    if (textured) {
        /* only the CLUT sources the key names (an unused one: VRAM) */
        bool snap = key->clut != 0 && (key->clut & PSX_CLUT_SNAPSHOT), live = !snap || (key->clut & PSX_CLUT_VRAM);
        if (snap && live)
            glhle_bytebuf_printf(out, "uint clut(uint idx) {\n"
                                      "    if (((v_w.x >> 24u) & 16u) != 0u)\n"
                                      "        return %s;\n"
                                      "    return %s;\n"
                                      "}\n",
                                 clut_snapshot, clut_vram);
        else
            glhle_bytebuf_printf(out, "uint clut(uint idx) { return %s; }\n", snap ? clut_snapshot : clut_vram);
    }
    if (textured)
        /* one VRAM fetch whatever the mode: 4 texels per halfword (4-bit),
         * 2 (8-bit) or 1 (15-bit), leftmost in the low bits */
        glhle_bytebuf_printf(out, "%s"
                                  "    uint per = TEX == 1 ? 2u : TEX == 2 ? 1u : 0u;\n"
                                  "    uint hw = vram(tx + int(u >> per), ty);\n"
                                  "    if (TEX == 3)\n"
                                  "        return hw;\n"
                                  "    uint bits = 16u >> per;\n"
                                  "    return clut((hw >> ((u & ((1u << per) - 1u)) * bits)) & ((1u << bits) - 1u));\n"
                                  "}\n",
                             fs_texel);
    if (blending)
        glhle_bytebuf_printf(out,
                             "uint blend_channel(uint b, uint f) {\n"
                             "    if (BLEND == 1) return %s;\n"
                             "    if (BLEND == 2) return %s;\n"
                             "    if (BLEND == 3) return %s;\n"
                             "    return %s;\n"
                             "}\n"
                             "uint blend(uint back, uint front) {\n"
                             "    return blend_channel(back & 31u, front & 31u)\n"
                             "        | (blend_channel((back >> 5u) & 31u, (front >> 5u) & 31u) << 5u)\n"
                             "        | (blend_channel((back >> 10u) & 31u, (front >> 10u) & 31u) << 10u);\n"
                             "}\n",
                             fs_blend[0], fs_blend[1], fs_blend[2], fs_blend[3]);
    if (may(key->kind, PSX_PRIM_TRIANGLE))
        glhle_bytebuf_printf(
            out,
            /* value(x, y) = ((base << 12) + 2048 + ddx*(x - bx) + ddy*(y - by)) >> 12 in
             * wrapping 32-bit arithmetic (prim_setup.h); subpixels above 1x add
             * their fraction of a step */
            "uint attr(uint base, int ddx, int ddy, ivec2 rel, ivec2 sub) {\n"
            "    uint acc = (base << 12u) + 2048u + uint(ddx) * uint(rel.x) + uint(ddy) * uint(rel.y);\n"
            "    if (u_scale > 1)\n"
            "        acc += uint(int(floor(float(ddx * sub.x + ddy * sub.y) / float(u_scale))));\n"
            "    return (acc >> 12u) & 255u;\n"
            "}\n");

    glhle_bytebuf_printf(out, "void main() {\n");
    psx_key_assign(key, "v_w.y", out);
    /* p = f / u_scale without an integer division: gl_FragCoord is f + 0.5,
     * so the quotient's fraction stays at least 0.5 / u_scale from an integer,
     * far more than a float division's rounding error (VRAM is 1024 wide) */
    glhle_bytebuf_printf(out, "    ivec2 f = ivec2(gl_FragCoord.xy);\n"
                              "    ivec2 p = ivec2(gl_FragCoord.xy / float(u_scale));\n"
                              "    if (any(lessThan(p, v_clip.xy)) || any(greaterThan(p, v_clip.zw)))\n"
                              "        discard;\n"
                              "    uint flags = v_w.x >> 24u;\n"
                              "    uvec3 rgb = uvec3(v_w.x & 255u, (v_w.x >> 8u) & 255u, (v_w.x >> 16u) & 255u);\n"
                              "    uint u = v_w.y & 255u, v = (v_w.y >> 8u) & 255u;\n");
    if (may(key->kind, PSX_PRIM_TRIANGLE))
        /* edge functions at the sample point, all three vertices scaled to
         * subpixel units (v_edge holds each edge's tie bias and the winding),
         * unless GL's coverage decides; then the attributes */
        glhle_bytebuf_printf(out,
                             "    if (KIND == 0) {\n%s"
                             "        ivec2 rel = p - v_p1.zw, sub = f - p * u_scale;\n"
                             "        if (GOURAUD)\n"
                             "            rgb = uvec3(attr(rgb.r, v_g0.x, v_g0.y, rel, sub), attr(rgb.g, v_g0.z, v_g0.w, rel, sub),\n"
                             "                        attr(rgb.b, v_g1.x, v_g1.y, rel, sub));\n"
                             "        if (TEX != 0) {\n"
                             "            u = attr(u, v_g1.z, v_g1.w, rel, sub);\n"
                             "            v = attr(v, v_g2.x, v_g2.y, rel, sub);\n"
                             "        }\n"
                             "    }\n",
                             host->gl_coverage ? "" :
                             /* not with GL's coverage (psx_vs.c): GL has decided it */
                             "        ivec2 a = v_p0.xy * u_scale, b = v_p0.zw * u_scale, c = v_p1.xy * u_scale;\n"
                             "        int e0 = (b.x - a.x) * (f.y - a.y) - (b.y - a.y) * (f.x - a.x);\n"
                             "        int e1 = (c.x - b.x) * (f.y - b.y) - (c.y - b.y) * (f.x - b.x);\n"
                             "        int e2 = (a.x - c.x) * (f.y - c.y) - (a.y - c.y) * (f.x - c.x);\n"
                             "        int s = v_edge.w;\n"
                             "        if (s * e0 + v_edge.x <= 0 || s * e1 + v_edge.y <= 0 || s * e2 + v_edge.z <= 0)\n"
                             "            discard;\n");
    if (may(key->kind, PSX_PRIM_SPRITE))
        /* texcoords step by one per pixel, backwards with the flip bits */
        glhle_bytebuf_printf(out, "    if (KIND == 1) {\n"
                                  "        int du = p.x - v_p0.x, dv = p.y - v_p0.y;\n"
                                  "        u = uint(int(u) + ((flags & 32u) != 0u ? -du : du)) & 255u;\n"
                                  "        v = uint(int(v) + ((flags & 64u) != 0u ? -dv : dv)) & 255u;\n"
                                  "    }\n");
    if (may(key->kind, PSX_PRIM_LINE))
        /* pixel i of a line: the major axis moves one pixel per step, the
         * minor one by the rounding of prim_setup.h (psx_line_pixel) */
        glhle_bytebuf_printf(out,
                             "    if (KIND == 2) {\n"
                             "        int x0 = v_p0.x, y0 = v_p0.y, dx = v_p0.z, dy = v_p0.w, k = v_p1.x, i;\n"
                             "        if (k == 0) {\n"
                             "            if (p != ivec2(x0, y0)) discard;\n"
                             "            i = 0;\n"
                             "        } else if (dx >= abs(dy)) {\n"
                             "            i = p.x - x0;\n"
                             "            if (i < 0 || i > k || !floor_div_is(2 * i * dy + k - (dy < 0 ? 1 : 0), 2 * k, p.y - y0))\n"
                             "                discard;\n"
                             "        } else {\n"
                             "            i = dy > 0 ? p.y - y0 : y0 - p.y;\n"
                             "            if (i < 0 || i > k || !floor_div_is(2 * i * dx + k - 1, 2 * k, p.x - x0))\n"
                             "                discard;\n"
                             "        }\n"
                             "        if (GOURAUD)\n"
                             "            rgb = uvec3((ivec3(rgb) * 4096 + 2048 + i * v_g0.xyz) >> 12) & 255u;\n"
                             "    }\n");
    glhle_bytebuf_printf(out, "    int d = (flags & 1u) != 0u ? dither(p) : 0;\n"
                              "    uint color;\n"
                              "    bool semi = BLEND != 0;\n");
    if (textured)
        /* texel 0000h is transparent (but in a VRAM copy drawn as a raw
         * sprite); (texel5 * colour8) >> 4 keeps the texel at 80h and
         * saturates at 31 (psx-spx "Modulation"); only texels with bit 15 are
         * semi-transparent */
        glhle_bytebuf_printf(out, "    if (TEX != 0) {\n"
                                  "        uint t = texel(u, v);\n"
                                  "        if (t == 0u && (flags & 128u) == 0u) discard;\n"
                                  "        if ((flags & 8u) != 0u) {\n"
                                  "            color = t;\n"
                                  "        } else {\n"
                                  "            color = to5(int(((t & 31u) * rgb.r) >> 4u), d)\n"
                                  "                  | (to5(int((((t >> 5u) & 31u) * rgb.g) >> 4u), d) << 5u)\n"
                                  "                  | (to5(int((((t >> 10u) & 31u) * rgb.b) >> 4u), d) << 10u)\n"
                                  "                  | (t & 0x8000u);\n"
                                  "        }\n"
                                  "        semi = semi && (t & 0x8000u) != 0u;\n"
                                  "    } else\n");
    glhle_bytebuf_printf(out, "    color = to5(int(rgb.r), d) | (to5(int(rgb.g), d) << 5u) | (to5(int(rgb.b), d) << 10u);\n");
    /* the pixel being drawn is read only when blending or the mask test needs it */
    glhle_bytebuf_printf(out, "    if (semi || (flags & 4u) != 0u) {\n"
                              "        uint back = %s;\n"
                              "        if ((flags & 4u) != 0u && (back & 0x8000u) != 0u) discard;\n",
                         host->framebuffer_fetch ? "o_color" : "texelFetch(u_fb, f, 0).r");
    if (blending)
        glhle_bytebuf_printf(out, "        if (semi) color = (color & 0x8000u) | blend(back, color);\n");
    glhle_bytebuf_printf(out, "    }\n"
                              "    o_color = color | ((flags & 2u) != 0u ? 0x8000u : 0u);\n"
                              "}\n");
    return !out->failed;
}
