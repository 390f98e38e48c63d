/* The first-vertex provoking convention where the host has only the last
 * (OpenGL ES: 12.5 of the ES 3.2 specification, no glProvokingVertex):
 * a draw's primitives are rewritten as an independent list whose every
 * primitive names the vertex the first-vertex convention would have
 * provoke last, so that the last-vertex convention picks the same vertex.
 * gl_caps_first_vertex_by_indices (gl_caps.h) decides when; the Maxwell draw
 * path (SET_PROVOKING_VERTEX FIRST) is the caller.
 *
 * Which vertex provokes, by primitive (OpenGL 4.6 core specification, table
 * 13.2; primitive i counted from 1, vertices from 1):
 *
 *   primitive        first convention   last convention
 *   lines            2i - 1             2i
 *   line strip       i                  i + 1
 *   line loop        i (n for the last) i + 1 (1 for the last)
 *   triangles        3i - 2             3i
 *   triangle strip   i                  i + 2
 *   triangle fan     i + 1              i + 2
 *
 * Triangles keep their winding (a cyclic rotation of the order GL's strip
 * and fan rules give, 10.1.8-10.1.9: a strip's even triangles are i + 1, i,
 * i + 2), so culling and gl_FrontFacing are unchanged; a line's two ends
 * swap, which changes none of its pixels but the ends' diamond-exit ties. */
#ifndef GLHLE_GL_PROVOKING_H
#define GLHLE_GL_PROVOKING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <glad/gl.h>

/* The most indices gl_provoking_rewrite writes for `count` input vertices. */
static inline uint64_t gl_provoking_max(uint32_t count)
{
    return (uint64_t)count * 3;
}

/* True for the modes gl_provoking_rewrite rewrites (the rest need nothing
 * or are left as they are). */
static inline bool gl_provoking_rewrites(GLenum mode)
{
    return mode == GL_LINES || mode == GL_LINE_STRIP || mode == GL_LINE_LOOP || mode == GL_TRIANGLES ||
           mode == GL_TRIANGLE_STRIP || mode == GL_TRIANGLE_FAN;
}

/* Rewrites a draw of `mode` over `count` vertices: indices `idx` of `isz`
 * bytes each (1, 2, 4; little-endian), or without indices (idx NULL) the
 * vertices first, first + 1, ...; with `restart`, an index equal to
 * restart_index ends the primitive so far and starts a new one (it is not
 * written). Writes up to gl_provoking_max(count) indices to `out` and their
 * number to *out_count; returns the list mode to draw them with (GL_LINES or
 * GL_TRIANGLES), or 0 for a mode it does not rewrite (points have one
 * vertex; the adjacency forms are left as they are). */
GLenum gl_provoking_rewrite(GLenum mode, const void *idx, uint32_t isz, uint32_t first, uint32_t count, bool restart,
                            uint32_t restart_index, uint32_t *out, uint32_t *out_count);

#endif
