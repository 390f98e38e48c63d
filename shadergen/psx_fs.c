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
    "uniform int u_scale;\n"
    "uniform highp usampler2D u_tex;\n"
    "uniform highp usampler2D u_clut;\n"
    "uniform highp usampler2D u_fb;\n";

/* psx-spx "24bit RGB to 15bit RGB Dithering", row-major by (y & 3, x & 3) */
static const char *const fs_common =
    "const int dither_offsets[16] = int[16](-4, 0, -3, 1, 2, -2, 3, -1, -3, 1, -4, 0, 3, -1, 2, -2);\n"
    "uint to5(int v, int d) { return uint(clamp(v + d, 0, 255)) >> 3u; }\n"
    "uint vram(int x, int y) {\n"
    "    return texelFetch(u_tex, ivec2((x & 1023) * u_scale, (y & 511) * u_scale), 0).r;\n"
    "}\n"
    "int floor_div(int n, int d) { return n >= 0 ? n / d : -((-n + d - 1) / d); }\n";

static const char *const fs_texel =
    "uint clut(uint idx) {\n"
    "    if (((v_w.x >> 24u) & 16u) != 0u)\n"
    "        return texelFetch(u_clut, ivec2(int(idx), int(v_w.z >> 24u)), 0).r;\n"
    "    return vram(int((v_w.z >> 5u) & 1023u) + int(idx), int((v_w.z >> 15u) & 511u));\n"
    "}\n"
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

bool psx_fs_generate(const psx_fs_key *key, const psx_shader_host *host, glhle_bytebuf *out)
{
    glhle_bytebuf_printf(out, "%s\n", host->version_line);
    if (host->framebuffer_fetch)
        glhle_bytebuf_printf(out, "#extension GL_EXT_shader_framebuffer_fetch : require\n");
    glhle_bytebuf_printf(out, "precision highp float;\nprecision highp int;\n%s", fs_interface);
    glhle_bytebuf_printf(out, "layout(location = 0) %s highp uint o_color;\n",
                         host->framebuffer_fetch ? "inout" : "out");
    glhle_bytebuf_printf(out, "%s", fs_common);
    if (key->tex_mode) {
        glhle_bytebuf_printf(out, "%s", fs_texel);
        switch (key->tex_mode) {
        case 1:
            glhle_bytebuf_printf(out, "    uint hw = vram(tx + int(u >> 2u), ty);\n"
                                      "    return clut((hw >> ((u & 3u) * 4u)) & 15u);\n}\n");
            break;
        case 2:
            glhle_bytebuf_printf(out, "    uint hw = vram(tx + int(u >> 1u), ty);\n"
                                      "    return clut((hw >> ((u & 1u) * 8u)) & 255u);\n}\n");
            break;
        default: glhle_bytebuf_printf(out, "    return vram(tx + int(u), ty);\n}\n"); break;
        }
    }
    if (key->blend)
        glhle_bytebuf_printf(out,
                             "uint blend_channel(uint b, uint f) { return %s; }\n"
                             "uint blend(uint back, uint front) {\n"
                             "    return blend_channel(back & 31u, front & 31u)\n"
                             "        | (blend_channel((back >> 5u) & 31u, (front >> 5u) & 31u) << 5u)\n"
                             "        | (blend_channel((back >> 10u) & 31u, (front >> 10u) & 31u) << 10u);\n"
                             "}\n",
                             fs_blend[(key->blend - 1) & 3]);
    if (key->kind == PSX_PRIM_TRIANGLE)
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

    glhle_bytebuf_printf(out, "void main() {\n"
                              "    ivec2 f = ivec2(gl_FragCoord.xy);\n"
                              "    ivec2 p = f / u_scale;\n"
                              "    if (any(lessThan(p, v_clip.xy)) || any(greaterThan(p, v_clip.zw)))\n"
                              "        discard;\n"
                              "    uint flags = v_w.x >> 24u;\n"
                              "    uvec3 rgb = uvec3(v_w.x & 255u, (v_w.x >> 8u) & 255u, (v_w.x >> 16u) & 255u);\n"
                              "    uint u = v_w.y & 255u, v = (v_w.y >> 8u) & 255u;\n");
    switch (key->kind) {
    case PSX_PRIM_TRIANGLE:
        /* edge functions at the sample point, all three vertices scaled to
         * subpixel units; v_edge holds each edge's tie bias and the winding */
        glhle_bytebuf_printf(out,
                             "    ivec2 a = v_p0.xy * u_scale, b = v_p0.zw * u_scale, c = v_p1.xy * u_scale;\n"
                             "    int e0 = (b.x - a.x) * (f.y - a.y) - (b.y - a.y) * (f.x - a.x);\n"
                             "    int e1 = (c.x - b.x) * (f.y - b.y) - (c.y - b.y) * (f.x - b.x);\n"
                             "    int e2 = (a.x - c.x) * (f.y - c.y) - (a.y - c.y) * (f.x - c.x);\n"
                             "    int s = v_edge.w;\n"
                             "    if (s * e0 + v_edge.x <= 0 || s * e1 + v_edge.y <= 0 || s * e2 + v_edge.z <= 0)\n"
                             "        discard;\n"
                             "    ivec2 rel = p - v_p1.zw, sub = f - p * u_scale;\n");
        if (key->gouraud)
            glhle_bytebuf_printf(out, "    rgb = uvec3(attr(rgb.r, v_g0.x, v_g0.y, rel, sub), attr(rgb.g, v_g0.z, v_g0.w, rel, sub),\n"
                                      "                attr(rgb.b, v_g1.x, v_g1.y, rel, sub));\n");
        if (key->tex_mode)
            glhle_bytebuf_printf(out, "    u = attr(u, v_g1.z, v_g1.w, rel, sub);\n"
                                      "    v = attr(v, v_g2.x, v_g2.y, rel, sub);\n");
        break;
    case PSX_PRIM_SPRITE:
        /* texcoords step by one per pixel, backwards with the flip bits */
        glhle_bytebuf_printf(out, "    int du = p.x - v_p0.x, dv = p.y - v_p0.y;\n"
                                  "    u = uint(int(u) + ((flags & 32u) != 0u ? -du : du)) & 255u;\n"
                                  "    v = uint(int(v) + ((flags & 64u) != 0u ? -dv : dv)) & 255u;\n");
        break;
    default:
        /* pixel i of a line: the major axis moves one pixel per step, the
         * minor one by the rounding of prim_setup.h (psx_line_pixel) */
        glhle_bytebuf_printf(out,
                             "    int x0 = v_p0.x, y0 = v_p0.y, dx = v_p0.z, dy = v_p0.w, k = v_p1.x, i;\n"
                             "    if (k == 0) {\n"
                             "        if (p != ivec2(x0, y0)) discard;\n"
                             "        i = 0;\n"
                             "    } else if (dx >= abs(dy)) {\n"
                             "        i = p.x - x0;\n"
                             "        if (i < 0 || i > k || p.y != y0 + floor_div(2 * i * dy + k - (dy < 0 ? 1 : 0), 2 * k))\n"
                             "            discard;\n"
                             "    } else {\n"
                             "        i = dy > 0 ? p.y - y0 : y0 - p.y;\n"
                             "        if (i < 0 || i > k || p.x != x0 + floor_div(2 * i * dx + k - 1, 2 * k))\n"
                             "            discard;\n"
                             "    }\n");
        if (key->gouraud)
            glhle_bytebuf_printf(out, "    rgb = uvec3((ivec3(rgb) * 4096 + 2048 + i * v_g0.xyz) >> 12) & 255u;\n");
        break;
    }
    glhle_bytebuf_printf(out, "    int d = (flags & 1u) != 0u ? dither_offsets[((p.y & 3) << 2) | (p.x & 3)] : 0;\n"
                              "    uint color;\n"
                              "    bool semi = %s;\n",
                         key->blend ? "true" : "false");
    if (key->tex_mode) {
        /* texel 0000h is transparent; (texel5 * colour8) >> 4 keeps the texel
         * at 80h and saturates at 31 (psx-spx "Modulation"); only texels with
         * bit 15 are semi-transparent */
        glhle_bytebuf_printf(out,
                             "    uint t = texel(u, v);\n"
                             "    if (t == 0u) discard;\n"
                             "    if ((flags & 8u) != 0u) {\n"
                             "        color = t;\n"
                             "    } else {\n"
                             "        color = to5(int(((t & 31u) * rgb.r) >> 4u), d)\n"
                             "              | (to5(int((((t >> 5u) & 31u) * rgb.g) >> 4u), d) << 5u)\n"
                             "              | (to5(int((((t >> 10u) & 31u) * rgb.b) >> 4u), d) << 10u)\n"
                             "              | (t & 0x8000u);\n"
                             "    }\n"
                             "    semi = semi && (t & 0x8000u) != 0u;\n");
    } else {
        glhle_bytebuf_printf(out, "    color = to5(int(rgb.r), d) | (to5(int(rgb.g), d) << 5u) | (to5(int(rgb.b), d) << 10u);\n");
    }
    /* the pixel being drawn is read only when blending or the mask test needs it */
    glhle_bytebuf_printf(out, "    if (semi || (flags & 4u) != 0u) {\n"
                              "        uint back = %s;\n"
                              "        if ((flags & 4u) != 0u && (back & 0x8000u) != 0u) discard;\n",
                         host->framebuffer_fetch ? "o_color" : "texelFetch(u_fb, f, 0).r");
    if (key->blend)
        glhle_bytebuf_printf(out, "        if (semi) color = (color & 0x8000u) | blend(back, color);\n");
    glhle_bytebuf_printf(out, "    }\n"
                              "    o_color = color | ((flags & 2u) != 0u ? 0x8000u : 0u);\n"
                              "}\n");
    return !out->failed;
}
