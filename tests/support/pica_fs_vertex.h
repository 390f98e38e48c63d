/* The vertex of tests and benchmarks that draw generated PICA fragment
 * shaders behind pica_fs_generate_passthrough_vs (every attribute of the
 * pica_fs.h interface, as floats), and a texture for them. */
#ifndef GLHLE_TEST_PICA_FS_VERTEX_H
#define GLHLE_TEST_PICA_FS_VERTEX_H

#include "backend/gl/gl_context.h"

typedef struct pica_fs_vertex {
    float pos[4], color[4], tc0[2], tc1[2], tc2[2], tc0w, quat[4], view[3];
} pica_fs_vertex;

/* Attributes 0-7 of the bound vertex array from the bound array buffer. */
void pica_fs_vertex_attribs(GladGLContext *gl);
/* A size x size texture of `format` (layers > 0: an array of them),
 * repeating, filtered by `filter`, contents left to the caller. */
GLuint pica_fs_test_texture(GladGLContext *gl, GLenum target, GLenum format, int size, int layers, GLenum filter);

#endif
