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
    unsigned seg_shift; /* log2 of a segment's bytes where that is a power of two, else 0 */
    uint8_t *mapped;  /* persistent mapping, or the staging area */
    bool persistent;
    size_t pos;       /* next free byte */
    size_t mapped_at; /* offset handed out by the last gl_stream_map */
    uint32_t open;    /* segments written (bit s: segment s) and not yet fenced */
    int acquired_hi;  /* highest segment waited for this lap (-1: none) */
    bool grouped;     /* between gl_stream_begin and gl_stream_end */
    GLsync fences[GL_STREAM_SEGMENTS];
    /* counters: laps begun (also the lap a handed-out offset belongs to);
     * segments rewritten after their fence was waited for (fences); of
     * those, fences the GPU had not passed yet (waits) */
    uint64_t wraps, fences_waited, waits;
} gl_stream_buffer;

glhle_result gl_stream_create(glhle_context *ctx, GLenum target, size_t size, gl_stream_buffer *out);
void gl_stream_destroy(gl_stream_buffer *sb);
/* Returns a pointer to `size` writable bytes at an `align`-aligned offset
 * (written to *offset), or NULL if size exceeds the buffer. The bytes are
 * the GPU's once gl_stream_commit is called with what was used. */
void *gl_stream_map(gl_stream_buffer *sb, size_t size, size_t align, size_t *offset);
/* As gl_stream_map, at an offset that is at least `skip` and whose
 * difference to skip is `align`-aligned: a vertex binding at *offset - skip
 * (never negative) reads these bytes as its elements from skip / stride on.
 * NULL where skip + size exceeds half the buffer, or (in a group) where the
 * bytes would land on a segment the group's draw may still read. */
void *gl_stream_map_from_slow(gl_stream_buffer *sb, size_t size, size_t align, size_t skip, size_t *offset);
static inline void *gl_stream_map_from(gl_stream_buffer *sb, size_t size, size_t align, size_t skip, size_t *offset)
{
    /* the usual case inline (a draw's streams, in a group, a shift per
     * segment): the bytes fit before the end and lie in segments this lap
     * already waited for, so nothing is fenced or waited for and no open
     * segment is on the way (the slow path would do only what is below) */
    const size_t from = sb->pos > skip ? sb->pos - skip : 0;
    const size_t start = ((from + align - 1) & ~(align - 1)) + skip;
    if (sb->grouped && sb->seg_shift && size && align && !(align & (align - 1)) && align <= sb->size / 4 &&
        skip <= sb->size / 2 && size <= sb->size / 2 - skip && start + size <= sb->size &&
        (int)((start + size - 1) >> sb->seg_shift) <= sb->acquired_hi) {
        const unsigned lo = (unsigned)(start >> sb->seg_shift), hi = (unsigned)((start + size - 1) >> sb->seg_shift);
        sb->open |= (2u << hi) - (1u << lo);
        sb->mapped_at = start;
        *offset = start;
        return sb->mapped + start;
    }
    return gl_stream_map_from_slow(sb, size, align, skip, offset);
}
void gl_stream_commit_staged(gl_stream_buffer *sb, size_t used);
static inline void gl_stream_commit(gl_stream_buffer *sb, size_t used)
{
    if (!sb->persistent && used)
        gl_stream_commit_staged(sb, used); /* the staging copy's glBufferSubData */
    sb->pos = sb->mapped_at + used;
}
/* A group of maps whose readers are queued together, after the last of
 * them (one draw's streams, indices and uniforms): gl_stream_begin fences
 * the segments the writer has left (their readers are all queued), and
 * until gl_stream_end (which does the same) a map fences nothing -- a fence
 * made between two maps of the group would come before the draw that reads
 * the first. A group that is not ended is ended by the next begin. */
void gl_stream_begin(gl_stream_buffer *sb);
void gl_stream_end(gl_stream_buffer *sb);
/* Whether `size` bytes at `offset`, handed out in lap `lap` (sb->wraps
 * then), are still unfenced and so as written: a draw queued now that reads
 * them is covered by the fence their segments get when the writer leaves
 * them. False once their segment is fenced (a later reader would not be). */
bool gl_stream_unfenced(const gl_stream_buffer *sb, uint64_t lap, size_t offset, size_t size);

#endif
