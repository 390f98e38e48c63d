/* GLSL for the PlayStation GPU: drawing programs from a psx_fs_key
 * (psx_vs.c, psx_fs.c) and the fixed VRAM transfer programs (psx_blit.c).
 * Text only; no GL calls.
 *
 * Drawing programs draw one instance per primitive: a 4-vertex triangle
 * strip covering the primitive, and the fragment shader decides each pixel
 * from the primitive's integer setup. Instance attributes (integers):
 *
 *   loc 0 ivec4 p0    triangle: x0 y0 x1 y1 | sprite: x y - - | line: x0 y0 dx dy
 *   loc 1 ivec4 p1    triangle: x2 y2 bx by (attribute base vertex) | line: k - - -
 *   loc 2 ivec4 clip  the pixels that may be drawn, inclusive: x0 y0 x1 y1
 *   loc 3 uvec4 w     x: r | g<<8 | b<<16 | flags<<24 (PSX_FLAG_*)
 *                     y: u | v<<8 (base texcoord) | mode bits 16-23 (psx_fs_mode_bits)
 *                     z: texpage x/64 | texpage y/256 <<4 | CLUT x <<5 | CLUT y <<15
 *                     w: window AND x | OR x <<8 | AND y <<16 | OR y <<24
 *   loc 4 ivec4 g0    triangle: dR/dx dR/dy dG/dx dG/dy | line: dR dG dB per step
 *   loc 5 ivec4 g1    triangle: dB/dx dB/dy dU/dx dU/dy
 *   loc 6 ivec2 g2    triangle: dV/dx dV/dy          (all with 12 fractional bits)
 *
 * Uniforms: int u_scale; usampler2D u_tex (texels and CLUTs: VRAM or a copy),
 * u_clut (the 256x1 CLUT snapshot), u_fb (the VRAM being drawn, read only at the
 * fragment's own pixel). Output: uint o_color at location 0 into R16UI VRAM. */
#ifndef GLHLE_SHADERGEN_PSX_FS_H
#define GLHLE_SHADERGEN_PSX_FS_H

#include "backend/common/bytebuf.h"
#include "shadergen/psx_fs_key.h"

/* GLSL declarations of the key fields KIND, TEX, GOURAUD and BLEND, and the
 * statements that read the dynamic ones from the instance word `mode_word`
 * (shared by the vertex and fragment shaders). */
void psx_key_declare(const psx_fs_key *key, glhle_bytebuf *out);
void psx_key_assign(const psx_fs_key *key, const char *mode_word, glhle_bytebuf *out);
/* u_scale: a constant when host->scale is set, else a uniform. */
void psx_scale_declare(const psx_shader_host *host, glhle_bytebuf *out);

/* Append the program's text to `out`; false if the buffer could not grow. */
bool psx_vs_generate(const psx_fs_key *key, const psx_shader_host *host, glhle_bytebuf *out);
bool psx_fs_generate(const psx_fs_key *key, const psx_shader_host *host, glhle_bytebuf *out);

typedef enum psx_blit_kind {
    /* VRAM copies and uploads: u_src (native or scaled) into a rectangle,
     * with the mask bits; uniforms u_dst (x0 y0 x1 y1 native), u_src_origin,
     * u_src_scale, u_mask (1 set, 2 check) */
    PSX_BLIT_TRANSFER = 0,
    /* the top-left sample of each native pixel, for read-back at scale > 1 */
    PSX_BLIT_DOWNSAMPLE,
    /* one CLUT row from VRAM into the 256x1 snapshot: u_clut_pos (x y) */
    PSX_BLIT_CLUT,
    PSX_BLIT_KIND_COUNT_
} psx_blit_kind;

bool psx_blit_generate(psx_blit_kind kind, const psx_shader_host *host, glhle_bytebuf *vs, glhle_bytebuf *fs);

#endif
