#include "backend/gl/stream_buffer.h"

#include <stdlib.h>
#include <string.h>

glhle_result gl_stream_create(glhle_context *ctx, GLenum target, size_t size, gl_stream_buffer *out)
{
    memset(out, 0, sizeof *out);
    if (size < GL_STREAM_SEGMENTS * 256)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_INVALID_ARGUMENT, "stream buffer of %zu bytes is too small", size);
    size -= size % GL_STREAM_SEGMENTS;
    GladGLContext *gl = &ctx->gl;
    out->ctx = ctx;
    out->target = target;
    out->size = size;
    const size_t seg = size / GL_STREAM_SEGMENTS;
    if (!(seg & (seg - 1)))
        out->seg_shift = (unsigned)__builtin_ctzll((unsigned long long)seg);
    out->acquired_hi = -1;
    /* all binds here use GL_COPY_WRITE_BUFFER: binding GL_ELEMENT_ARRAY_BUFFER
     * would change whichever vertex array object is bound */
    const GLenum bind = GL_COPY_WRITE_BUFFER;
    gl->GenBuffers(1, &out->buffer);
    gl->BindBuffer(bind, out->buffer);
    const GLbitfield flags = GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
    PFNGLBUFFERSTORAGEPROC storage = gl->BufferStorage ? gl->BufferStorage : gl->BufferStorageEXT;
    if (ctx->info.buffer_storage && storage) {
        storage(bind, (GLsizeiptr)size, NULL, flags);
        out->mapped = gl->MapBufferRange(bind, 0, (GLsizeiptr)size, flags);
        out->persistent = out->mapped != NULL;
    }
    if (!out->persistent) {
        gl->BufferData(bind, (GLsizeiptr)size, NULL, GL_STREAM_DRAW);
        out->mapped = malloc(size);
    }
    gl->BindBuffer(bind, 0);
    if (!out->mapped) {
        gl_stream_destroy(out);
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_OUT_OF_MEMORY, "cannot map a %zu-byte stream buffer", size);
    }
    return GLHLE_RESULT_OK;
}

void gl_stream_destroy(gl_stream_buffer *sb)
{
    if (!sb->ctx)
        return;
    GladGLContext *gl = &sb->ctx->gl;
    for (int i = 0; i < GL_STREAM_SEGMENTS; i++)
        if (sb->fences[i])
            gl->DeleteSync(sb->fences[i]);
    if (sb->buffer) {
        if (sb->persistent) {
            gl->BindBuffer(GL_COPY_WRITE_BUFFER, sb->buffer);
            gl->UnmapBuffer(GL_COPY_WRITE_BUFFER);
            gl->BindBuffer(GL_COPY_WRITE_BUFFER, 0);
        }
        gl->DeleteBuffers(1, &sb->buffer);
    }
    if (!sb->persistent)
        free(sb->mapped);
    memset(sb, 0, sizeof *sb);
}

static int segment_of(const gl_stream_buffer *sb, size_t offset)
{
    /* a shift where it can be (a draw asks for several), else a division */
    return sb->seg_shift ? (int)(offset >> sb->seg_shift) : (int)(offset / (sb->size / GL_STREAM_SEGMENTS));
}

/* Waits for the GPU to finish with segment `seg` before the CPU rewrites it. */
static void acquire_segment(gl_stream_buffer *sb, int seg)
{
    GLsync f = sb->fences[seg];
    if (!f)
        return;
    GladGLContext *gl = &sb->ctx->gl;
    sb->fences_waited++;
    if (gl->ClientWaitSync(f, 0, 0) == GL_TIMEOUT_EXPIRED) {
        sb->waits++;
        gl->ClientWaitSync(f, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000ull);
    }
    gl->DeleteSync(f);
    sb->fences[seg] = NULL;
}

/* Fences the open segments of `mask`: the writer has left them and every
 * draw that reads them is already queued, so the fence covers all their
 * readers. */
static void release_segments(gl_stream_buffer *sb, uint32_t mask)
{
    mask &= sb->open;
    if (!mask) /* the usual case: a draw's group stays in one segment */
        return;
    GladGLContext *gl = &sb->ctx->gl;
    for (int s = 0; s < GL_STREAM_SEGMENTS; s++) {
        if (!(mask >> s & 1))
            continue;
        if (sb->fences[s])
            gl->DeleteSync(sb->fences[s]);
        sb->fences[s] = gl->FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    }
    sb->open &= ~mask;
}

/* segments lo .. hi as bits */
static uint32_t segments(int lo, int hi)
{
    return lo > hi ? 0 : (2u << hi) - (1u << lo);
}

void *gl_stream_map_from_slow(gl_stream_buffer *sb, size_t size, size_t align, size_t skip, size_t *offset)
{
    if (size == 0 || align == 0 || (align & (align - 1)) || align > sb->size / 4 || skip > sb->size / 2 ||
        size > sb->size / 2 - skip)
        return NULL;
    /* the first start at or after pos whose distance to skip is aligned */
    const size_t from = sb->pos > skip ? sb->pos - skip : 0;
    size_t start = ((from + align - 1) & ~(align - 1)) + skip;
    const bool wrap = start + size > sb->size;
    if (wrap)
        start = skip;
    const int start_seg = segment_of(sb, start), end_seg = segment_of(sb, start + size - 1);
    const int first = wrap ? 0 : sb->acquired_hi + 1;
    /* in a group nothing is fenced before its draw is queued: a segment
     * still open on the way (one this lap's draws read) cannot be rewritten */
    if (sb->grouped && (segments(first, end_seg) & sb->open))
        return NULL;
    if (wrap) {
        if (!sb->grouped)
            release_segments(sb, segments(0, GL_STREAM_SEGMENTS - 1));
        sb->acquired_hi = -1;
        sb->wraps++;
    } else if (!sb->grouped && start_seg > 0) {
        release_segments(sb, segments(0, start_seg - 1));
    }
    while (sb->acquired_hi < end_seg)
        acquire_segment(sb, ++sb->acquired_hi);
    sb->open |= segments(start_seg, end_seg);
    sb->mapped_at = start;
    *offset = start;
    return sb->mapped + start;
}

void *gl_stream_map(gl_stream_buffer *sb, size_t size, size_t align, size_t *offset)
{
    return gl_stream_map_from(sb, size, align, 0, offset);
}

/* Fences every open segment but the one the writer is in. */
static void release_left(gl_stream_buffer *sb)
{
    const int cur = segment_of(sb, sb->pos ? sb->pos - 1 : 0);
    release_segments(sb, ~(1u << cur));
}

void gl_stream_begin(gl_stream_buffer *sb)
{
    release_left(sb);
    sb->grouped = true;
}

void gl_stream_end(gl_stream_buffer *sb)
{
    release_left(sb);
    sb->grouped = false;
}

bool gl_stream_unfenced(const gl_stream_buffer *sb, uint64_t lap, size_t offset, size_t size)
{
    if (lap != sb->wraps || !size || offset >= sb->size || size > sb->size - offset)
        return false;
    const uint32_t need = segments(segment_of(sb, offset), segment_of(sb, offset + size - 1));
    return (sb->open & need) == need;
}

void gl_stream_commit_staged(gl_stream_buffer *sb, size_t used)
{
    GladGLContext *gl = &sb->ctx->gl;
    gl->BindBuffer(GL_COPY_WRITE_BUFFER, sb->buffer);
    gl->BufferSubData(GL_COPY_WRITE_BUFFER, (GLintptr)sb->mapped_at, (GLsizeiptr)used, sb->mapped + sb->mapped_at);
    gl->BindBuffer(GL_COPY_WRITE_BUFFER, 0);
}
