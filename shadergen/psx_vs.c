/* Vertex shaders of the PlayStation drawing programs: the quad that covers a
 * primitive, and the flat inputs the fragment shader decides pixels from.
 * The coverage itself is exact integer arithmetic in psx_fs.c; the quad only
 * has to contain every pixel the primitive can draw. */
#include "shadergen/psx_fs.h"

static const char *const vs_interface =
    "layout(location = 0) in ivec4 a_p0;\n"
    "layout(location = 1) in ivec4 a_p1;\n"
    "layout(location = 2) in ivec4 a_clip;\n"
    "layout(location = 3) in uvec4 a_w;\n"
    "layout(location = 4) in ivec4 a_g0;\n"
    "layout(location = 5) in ivec4 a_g1;\n"
    "layout(location = 6) in ivec2 a_g2;\n"
    "flat out ivec4 v_p0;\n"
    "flat out ivec4 v_p1;\n"
    "flat out ivec4 v_clip;\n"
    "flat out uvec4 v_w;\n"
    "flat out ivec4 v_g0;\n"
    "flat out ivec4 v_g1;\n"
    "flat out ivec2 v_g2;\n"
    "flat out ivec4 v_edge;\n";

/* Edge a->b of a triangle whose interior is where s*E > 0: pixels exactly on
 * the edge belong to it if the interior lies to its right (a left edge) or
 * below it (a top edge). That is the PlayStation's rule of drawing left and
 * top boundaries and leaving out right and bottom ones (seed 002, Drawing
 * Rules). The bias makes the test "s*E + bias > 0". */
static const char *const vs_edge_bias =
    "int edge_bias(ivec2 a, ivec2 b, int s) {\n"
    "    int gx = -s * (b.y - a.y), gy = s * (b.x - a.x);\n"
    "    return (gx > 0 || (gx == 0 && gy > 0)) ? 1 : 0;\n"
    "}\n";

bool psx_vs_generate(const psx_fs_key *key, const psx_shader_host *host, glhle_bytebuf *out)
{
    glhle_bytebuf_printf(out, "%s\nprecision highp float;\nprecision highp int;\n", host->version_line);
    glhle_bytebuf_printf(out, "%s", vs_interface);
    if (key->kind == PSX_PRIM_TRIANGLE)
        glhle_bytebuf_printf(out, "%s", vs_edge_bias);
    glhle_bytebuf_printf(out, "void main() {\n"
                              "    v_p0 = a_p0; v_p1 = a_p1; v_clip = a_clip; v_w = a_w;\n"
                              "    v_g0 = a_g0; v_g1 = a_g1; v_g2 = a_g2; v_edge = ivec4(0);\n"
                              "    ivec2 corner = ivec2(gl_VertexID & 1, gl_VertexID >> 1);\n"
                              "    vec2 pos;\n");
    if (key->kind == PSX_PRIM_TRIANGLE)
        glhle_bytebuf_printf(out,
                             "    ivec2 a = a_p0.xy, b = a_p0.zw, c = a_p1.xy;\n"
                             "    int s = ((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) > 0 ? 1 : -1;\n"
                             "    v_edge = ivec4(edge_bias(a, b, s), edge_bias(b, c, s), edge_bias(c, a, s), s);\n");
    if (key->kind != PSX_PRIM_LINE) { /* the quad is the clipped bounding box */
        glhle_bytebuf_printf(out, "    pos = vec2(corner.x == 1 ? a_clip.z + 1 : a_clip.x,\n"
                                  "               corner.y == 1 ? a_clip.w + 1 : a_clip.y);\n");
    } else {
        /* a parallelogram 2 pixels either side of the ideal line along the
         * minor axis: every pixel centre the stepping picks is within half a
         * pixel of it (psx_line_pixel) */
        glhle_bytebuf_printf(out,
                             "    int x0 = a_p0.x, y0 = a_p0.y, dx = a_p0.z, dy = a_p0.w, k = a_p1.x;\n"
                             "    if (k == 0) {\n"
                             "        pos = vec2(float(x0 - 1 + 3 * corner.x), float(y0 - 1 + 3 * corner.y));\n"
                             "    } else if (dx >= abs(dy)) {\n"
                             "        float xs = corner.x == 1 ? float(x0 + dx + 1) : float(x0);\n"
                             "        float yc = float(y0) + 0.5 + (xs - float(x0) - 0.5) * float(dy) / float(dx);\n"
                             "        pos = vec2(xs, yc + (corner.y == 1 ? 2.0 : -2.0));\n"
                             "    } else {\n"
                             "        float sy = dy > 0 ? 1.0 : -1.0;\n"
                             "        float ylo = dy > 0 ? float(y0) : float(y0 + dy);\n"
                             "        float yhi = dy > 0 ? float(y0 + dy + 1) : float(y0 + 1);\n"
                             "        float ys = corner.y == 1 ? yhi : ylo;\n"
                             "        float xc = float(x0) + 0.5 + (ys - 0.5 - float(y0)) * sy * float(dx) / float(k);\n"
                             "        pos = vec2(xc + (corner.x == 1 ? 2.0 : -2.0), ys);\n"
                             "    }\n");
    }
    /* VRAM row 0 is GL row 0; native coordinates map onto the whole target */
    glhle_bytebuf_printf(out, "    gl_Position = vec4(pos.x / 512.0 - 1.0, pos.y / 256.0 - 1.0, 0.0, 1.0);\n}\n");
    return !out->failed;
}
