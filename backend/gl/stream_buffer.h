/* A ring of GPU memory that the CPU writes each draw's vertices (or uniforms)
 * into without allocating: one persistently mapped, coherent buffer
 * (GL 4.4 / EXT_buffer_storage) split into segments, each fenced when the
 * writer leaves it and waited on before it is reused. Without buffer storage
 * it falls back to a CPU staging area and glBufferSubData. */
#ifndef GLHLE_GL_STREAM_BUFFER_H
#define GLHLE_GL_STREAM_BUFFER_H

#include "backend/gl/gl_context.h"

#define GL_STREAM_SEGMENTS 4

typedef struct gl_stream_buffer {
    glhle_context *ctx;
    GLenum target;    /* what the buffer is used as (vertex, index, uniform) */
    GLuint buffer;
    size_t size;
    uint8_t *mapped;  /* persistent mapping, or the staging area */
    bool persistent;
    size_t pos;       /* next free byte */
    size_t mapped_at; /* offset handed out by the last gl_stream_map */
    int seg_lo;       /* lowest segment written this lap and not yet fenced */
    int acquired_hi;  /* highest segment waited for this lap (-1: none) */
    GLsync fences[GL_STREAM_SEGMENTS];
    uint64_t wraps, waits; /* counters */
} gl_stream_buffer;

glhle_result gl_stream_create(glhle_context *ctx, GLenum target, size_t size, gl_stream_buffer *out);
void gl_stream_destroy(gl_stream_buffer *sb);
/* Returns a pointer to `size` writable bytes at an `align`-aligned offset
 * (written to *offset), or NULL if size exceeds the buffer. The bytes are
 * the GPU's once gl_stream_commit is called with what was used. */
void *gl_stream_map(gl_stream_buffer *sb, size_t size, size_t align, size_t *offset);
void gl_stream_commit(gl_stream_buffer *sb, size_t used);

#endif
