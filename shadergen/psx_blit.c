/* The fixed programs behind PlayStation VRAM transfers in GL: copies and
 * uploads with the mask bits, the native read-back of an upscaled VRAM, and
 * CLUT snapshots. Each draws a rectangle given in native pixels. */
#include "shadergen/psx_fs.h"

static const char *const blit_vs =
    "uniform ivec4 u_dst;\n"    /* x0 y0 x1 y1, inclusive, native pixels of the target */
    "uniform vec2 u_target;\n"  /* the target's size in native pixels */
    "void main() {\n"
    "    ivec2 c = ivec2(gl_VertexID & 1, gl_VertexID >> 1);\n"
    "    vec2 pos = vec2(c.x == 1 ? u_dst.z + 1 : u_dst.x, c.y == 1 ? u_dst.w + 1 : u_dst.y);\n"
    "    gl_Position = vec4(pos * 2.0 / u_target - 1.0, 0.0, 1.0);\n"
    "}\n";

bool psx_blit_generate(psx_blit_kind kind, const psx_shader_host *host, glhle_bytebuf *vs, glhle_bytebuf *fs)
{
    glhle_bytebuf_printf(vs, "%s\nprecision highp float;\nprecision highp int;\n%s", host->version_line, blit_vs);
    bool fetch = host->framebuffer_fetch && kind == PSX_BLIT_TRANSFER;
    glhle_bytebuf_printf(fs, "%s\n%sprecision highp float;\nprecision highp int;\n"
                             "uniform ivec4 u_dst;\nuniform int u_scale;\nuniform highp usampler2D u_src;\n"
                             "layout(location = 0) %s highp uint o_color;\n",
                         host->version_line, fetch ? "#extension GL_EXT_shader_framebuffer_fetch : require\n" : "",
                         fetch ? "inout" : "out");
    switch (kind) {
    case PSX_BLIT_TRANSFER:
        /* "if the old pixel has bit 15 and checking is on, keep it; else
         * write the new one, with bit 15 forced when setting is on" (psx-spx
         * GP0(E6h): transfers obey the mask as 15-bit textures do) */
        glhle_bytebuf_printf(fs,
                             "uniform highp usampler2D u_fb;\n"
                             "uniform ivec2 u_src_origin;\n" /* native source of u_dst's first pixel */
                             "uniform int u_src_scale;\n"    /* 1: u_src is native; else subpixels map 1:1 */
                             "uniform int u_mask;\n"         /* 1 set, 2 check */
                             "void main() {\n"
                             "    ivec2 f = ivec2(gl_FragCoord.xy);\n"
                             "    ivec2 p = f / u_scale, sub = f - p * u_scale;\n"
                             "    ivec2 s = ((u_src_origin + p - u_dst.xy) & ivec2(1023, 511)) * u_src_scale\n"
                             "            + (u_src_scale > 1 ? sub : ivec2(0));\n"
                             "    uint value = texelFetch(u_src, s, 0).r;\n"
                             "    if ((u_mask & 2) != 0 && (%s & 0x8000u) != 0u)\n"
                             "        discard;\n"
                             "    o_color = value | ((u_mask & 1) != 0 ? 0x8000u : 0u);\n"
                             "}\n",
                             fetch ? "o_color" : "texelFetch(u_fb, f, 0).r");
        break;
    case PSX_BLIT_DOWNSAMPLE:
        /* the top-left subpixel of each native pixel holds the native value
         * (psx_fs.c) */
        glhle_bytebuf_printf(fs, "void main() {\n"
                                 "    o_color = texelFetch(u_src, ivec2(gl_FragCoord.xy) * u_scale, 0).r;\n"
                                 "}\n");
        break;
    default:
        glhle_bytebuf_printf(fs, "uniform ivec2 u_clut_pos;\n"
                                 "void main() {\n"
                                 "    int i = int(gl_FragCoord.x) - u_dst.x;\n"
                                 "    ivec2 at = ivec2((u_clut_pos.x + i) & 1023, u_clut_pos.y) * u_scale;\n"
                                 "    o_color = texelFetch(u_src, at, 0).r;\n"
                                 "}\n");
        break;
    }
    return !vs->failed && !fs->failed;
}
