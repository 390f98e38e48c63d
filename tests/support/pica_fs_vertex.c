#include "support/pica_fs_vertex.h"

#include <stddef.h>

void pica_fs_vertex_attribs(GladGLContext *gl)
{
    static const struct {
        int size;
        size_t offset;
    } attrs[8] = {{4, offsetof(pica_fs_vertex, pos)},  {4, offsetof(pica_fs_vertex, color)},
                  {2, offsetof(pica_fs_vertex, tc0)},  {2, offsetof(pica_fs_vertex, tc1)},
                  {2, offsetof(pica_fs_vertex, tc2)},  {1, offsetof(pica_fs_vertex, tc0w)},
                  {4, offsetof(pica_fs_vertex, quat)}, {3, offsetof(pica_fs_vertex, view)}};
    for (GLuint i = 0; i < 8; i++) {
        gl->EnableVertexAttribArray(i);
        gl->VertexAttribPointer(i, attrs[i].size, GL_FLOAT, GL_FALSE, sizeof(pica_fs_vertex),
                                (const void *)attrs[i].offset);
    }
}

GLuint pica_fs_test_texture(GladGLContext *gl, GLenum target, GLenum format, int size, int layers, GLenum filter)
{
    GLuint t;
    gl->GenTextures(1, &t);
    gl->BindTexture(target, t);
    if (layers)
        gl->TexStorage3D(target, 1, format, size, size, layers);
    else
        gl->TexStorage2D(target, 1, format, size, size);
    gl->TexParameteri(target, GL_TEXTURE_MIN_FILTER, (GLint)filter);
    gl->TexParameteri(target, GL_TEXTURE_MAG_FILTER, (GLint)filter);
    gl->TexParameteri(target, GL_TEXTURE_WRAP_S, GL_REPEAT);
    gl->TexParameteri(target, GL_TEXTURE_WRAP_T, GL_REPEAT);
    return t;
}
