/* Vertex shaders of the PlayStation drawing programs: the quad that covers a
 * primitive, and the flat inputs the fragment shader decides pixels from.
 * The coverage itself is exact integer arithmetic in psx_fs.c; the quad only
 * has to contain every pixel the primitive can draw. Where the driver's own
 * coverage passed the start-up probe (host->gl_coverage) a triangle is
 * instead drawn as itself and GL decides its pixels. */
#include <string.h>

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
    "}\n"
    /* The outward unit normal of edge a->b of a triangle of winding s, and a
     * vertex moved out so that both its edges move by d: the rasterised
     * triangle then holds every pixel the exact test can accept, with a
     * margin for GL's own tie rules (the clip distances trim what sticks out
     * of the box). A sample on an edge (the only ones GL's tie rule
     * decides) is d inside the moved edge, less the error of snapping the
     * moved vertices to GL's subpixel grid: at most 1/32 pixel with the 4
     * subpixel bits GL_SUBPIXEL_BITS may be, 1/512 with llvmpipe's 8. d =
     * 1/8 pixel keeps it inside; every fragment past the real edge runs the
     * whole program only to be discarded, and 0.75 (before) cost llvmpipe
     * 11% more instructions on bench_psx's old stream (docs/performance.md). */
    "vec2 outward(vec2 a, vec2 b, float s) { vec2 n = s * vec2(b.y - a.y, a.x - b.x); return n / length(n); }\n"
    "vec2 widen(vec2 v, vec2 n1, vec2 n2, float d) { return v + d * (n1 + n2) / (1.0 + dot(n1, n2)); }\n";

bool psx_vs_generate(const psx_fs_key *key, const psx_shader_host *host, glhle_bytebuf *out)
{
    bool tri = key->kind == PSX_KEY_DYNAMIC || key->kind == PSX_PRIM_TRIANGLE;
    bool line = key->kind == PSX_KEY_DYNAMIC || key->kind == PSX_PRIM_LINE;
    /* GLSL ES has clip distances through EXT_clip_cull_distance, built in (not redeclared) */
    const bool es = strstr(host->version_line, " es") != NULL;
    glhle_bytebuf_printf(out, "%s\n%sprecision highp float;\nprecision highp int;\n", host->version_line,
                         es ? "#extension GL_EXT_clip_cull_distance : enable\n" : "");
    glhle_bytebuf_printf(out, "%s%s", vs_interface, es ? "" : "out float gl_ClipDistance[4];\n");
    psx_key_declare(key, out);
    psx_scale_declare(host, out);
    if (tri && !host->gl_coverage)
        glhle_bytebuf_printf(out, "%s", vs_edge_bias);
    glhle_bytebuf_printf(out, "void main() {\n");
    psx_key_assign(key, "a_w.y", out);
    glhle_bytebuf_printf(out, "    v_p0 = a_p0; v_p1 = a_p1; v_clip = a_clip; v_w = a_w;\n"
                              "    v_g0 = a_g0; v_g1 = a_g1; v_g2 = a_g2; v_edge = ivec4(0);\n"
                              "    ivec2 corner = ivec2(gl_VertexID & 1, gl_VertexID >> 1);\n"
                              "    vec2 pos = vec2(corner.x == 1 ? a_clip.z + 1 : a_clip.x,\n"
                              "                    corner.y == 1 ? a_clip.w + 1 : a_clip.y);\n");
    if (tri && host->gl_coverage)
        /* GL decides coverage: the exact triangle moved by the half
         * subpixel between GL's sample point (the centre) and the
         * PlayStation's (the corner). Its vertices are then at k + 1/2 in
         * window units, on every subpixel grid (GL_SUBPIXEL_BITS >= 4), so GL's
         * edge functions at the samples are exact and only its tie rule
         * (implementation-defined, GL 4.5 section 14.6.1) can differ from the
         * console's: the start-up probe (backend/psx/coverage_probe.c) checks
         * it. Nothing may clip the triangle: a clipper's new vertices are off
         * that grid and move its edges. So no clip distances for triangles,
         * and the viewport is the guard band of psx_gl_bind_vram_target, which
         * holds every vertex a drawn triangle can have. */
        glhle_bytebuf_printf(out, "    if (KIND == 0) {\n"
                                  "        int vid = min(gl_VertexID, 2);\n"
                                  "        ivec2 v = vid == 0 ? a_p0.xy : vid == 1 ? a_p0.zw : a_p1.xy;\n"
                                  "        pos = vec2(v) + vec2(0.5 / float(u_scale));\n"
                                  "    }\n");
    else if (tri) /* the triangle, moved by the half pixel between GL's sample point (the pixel
                   * centre) and the PlayStation's (its corner), and widened */
        glhle_bytebuf_printf(out,
                             "    if (KIND == 0) {\n"
                             "        ivec2 a = a_p0.xy, b = a_p0.zw, c = a_p1.xy;\n"
                             "        int s = ((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) > 0 ? 1 : -1;\n"
                             "        v_edge = ivec4(edge_bias(a, b, s), edge_bias(b, c, s), edge_bias(c, a, s), s);\n"
                             "        vec2 half_px = vec2(0.5 / float(u_scale));\n"
                             "        vec2 fa = vec2(a) + half_px, fb = vec2(b) + half_px, fc = vec2(c) + half_px;\n"
                             "        vec2 nab = outward(fa, fb, float(s)), nbc = outward(fb, fc, float(s)),\n"
                             "             nca = outward(fc, fa, float(s));\n"
                             "        int vid = min(gl_VertexID, 2);\n"
                             /* a corner sharper than about 18 degrees would move its vertex
                              * far out: such slivers keep the box */
                             "        float sharp = min(min(1.0 + dot(nca, nab), 1.0 + dot(nab, nbc)), 1.0 + dot(nbc, nca));\n"
                             "        if (sharp > 0.05)\n"
                             "            pos = vid == 0 ? widen(fa, nca, nab, 0.125) : vid == 1 ? widen(fb, nab, nbc, 0.125)\n"
                             "                                                             : widen(fc, nbc, nca, 0.125);\n"
                             "    }\n");
    if (line)
        /* a parallelogram 2 pixels either side of the ideal line along the
         * minor axis: every pixel centre the stepping picks is within half a
         * pixel of it (psx_line_pixel) */
        glhle_bytebuf_printf(out,
                             "    if (KIND == 2) {\n"
                             "        int x0 = a_p0.x, y0 = a_p0.y, dx = a_p0.z, dy = a_p0.w, k = a_p1.x;\n"
                             "        if (k == 0) {\n"
                             "            pos = vec2(float(x0 - 1 + 3 * corner.x), float(y0 - 1 + 3 * corner.y));\n"
                             "        } else if (dx >= abs(dy)) {\n"
                             "            float xs = corner.x == 1 ? float(x0 + dx + 1) : float(x0);\n"
                             "            float yc = float(y0) + 0.5 + (xs - float(x0) - 0.5) * float(dy) / float(dx);\n"
                             "            pos = vec2(xs, yc + (corner.y == 1 ? 2.0 : -2.0));\n"
                             "        } else {\n"
                             "            float sy = dy > 0 ? 1.0 : -1.0;\n"
                             "            float ylo = dy > 0 ? float(y0) : float(y0 + dy);\n"
                             "            float yhi = dy > 0 ? float(y0 + dy + 1) : float(y0 + 1);\n"
                             "            float ys = corner.y == 1 ? yhi : ylo;\n"
                             "            float xc = float(x0) + 0.5 + (ys - 0.5 - float(y0)) * sy * float(dx) / float(k);\n"
                             "            pos = vec2(xc + (corner.x == 1 ? 2.0 : -2.0), ys);\n"
                             "        }\n"
                             "    }\n");
    /* VRAM row 0 is GL row 0; native coordinates map onto the whole target.
     * The fragment shader discards what lies outside the box of pixels the
     * primitive may draw; the clip distances only keep what is far outside
     * (a triangle cut by the drawing area) from being rasterised. They sit
     * 8 pixels out because the widened triangle always crosses the box
     * itself by a fraction of a pixel, and on llvmpipe a primitive that
     * crosses a clip plane is cut up on the CPU: planes on the box made
     * every triangle go through the clipper (about a third of the GL
     * renderer's CPU time, docs/performance.md). 8 covers the widening
     * (1/8 pixel, at most about 0.8 at the sharpest corner kept) and the
     * lines' 2 pixels. */
    glhle_bytebuf_printf(out, "    gl_ClipDistance[0] = pos.x - float(a_clip.x - 8);\n"
                              "    gl_ClipDistance[1] = float(a_clip.z + 9) - pos.x;\n"
                              "    gl_ClipDistance[2] = pos.y - float(a_clip.y - 8);\n"
                              "    gl_ClipDistance[3] = float(a_clip.w + 9) - pos.y;\n");
    if (tri && host->gl_coverage)
        glhle_bytebuf_printf(out, "    if (KIND == 0)\n"
                                  "        gl_ClipDistance[0] = gl_ClipDistance[1] = gl_ClipDistance[2] =\n"
                                  "            gl_ClipDistance[3] = 1.0;\n");
    /* the guard band: native x -1024..3072 and y -512..1536 on the viewport
     * (powers of two, so the mapping is exact in float) */
    if (host->gl_coverage)
        glhle_bytebuf_printf(out, "    gl_Position = vec4((pos.x + 1024.0) / 2048.0 - 1.0,\n"
                                  "                       (pos.y + 512.0) / 1024.0 - 1.0, 0.0, 1.0);\n}\n");
    else
        glhle_bytebuf_printf(out,
                             "    gl_Position = vec4(pos.x / 512.0 - 1.0, pos.y / 256.0 - 1.0, 0.0, 1.0);\n}\n");
    return !out->failed;
}
