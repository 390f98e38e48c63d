/* Recording the GL calls a draw path makes and replaying them as a plain
 * GL program would issue them: the baseline of the draw-path benchmarks
 * (bench_pica_draw, bench_maxwell_draw; docs/performance.md).
 *
 * gl_record_install wraps a set of entry points in a context's function
 * table (the state, buffer, binding and draw calls those draw paths make
 * in a warm frame). While recording, each call's arguments are kept, with
 * the data of buffer updates; at each draw, the bytes the draw reads from
 * persistently mapped buffers (vertex bindings of the bound vertex array,
 * its element buffer, the uniform buffer ranges bound) are kept too, where
 * they differ from what the recording last kept at that place, as a
 * program streaming its data into a mapped buffer writes them. The replay
 * issues the same calls on the real table, writing those bytes into the
 * same mapped places before each draw.
 *
 * Not replayed (counted in gl_recording.skipped): queries (GetError,
 * GetIntegerv) and the fences of the stream buffers (FenceSync,
 * ClientWaitSync, DeleteSync), which a program streaming its data a frame
 * at a time after glFinish has no need of. A draw call outside the wrapped
 * set, made while recording, is counted in gl_recording.unexpected (the
 * replay is then incomplete); other entry points outside the set are not
 * seen, which is why the benchmarks compare the replayed image with
 * glhle's. One recorder a process. */
#ifndef GLHLE_TESTS_GL_RECORD_H
#define GLHLE_TESTS_GL_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/gl/gl_context.h"

typedef struct gl_rec_op gl_rec_op;
typedef struct gl_rec_range gl_rec_range;

typedef struct gl_recording {
    gl_rec_op *ops;
    size_t n, cap;
    gl_rec_range *ranges; /* mapped bytes written before a draw */
    size_t ranges_n, ranges_cap;
    uint8_t *blob;
    size_t blob_n, blob_cap;
    uint64_t skipped;    /* wrapped calls not replayed (queries, fences) */
    uint64_t unexpected; /* draw calls outside the wrapped set */
    uint64_t draws;
} gl_recording;

/* Wraps the entry points in ctx->gl (once; the real ones are kept). */
void gl_record_install(glhle_context *ctx);
/* The real table (for the benchmark's own GL calls); ctx's own before
 * gl_record_install. */
const GladGLContext *gl_record_real(const glhle_context *ctx);
/* Records into r (cleared first) until gl_record_stop. */
void gl_record_start(gl_recording *r);
void gl_record_stop(void);
/* Issues r's calls on the real table. */
void gl_replay(const gl_recording *r);
/* Clears framebuffer fbo (colour (0.1, 0.2, 0.3, 1): 26, 51, 76 in RGBA8;
 * depth 0, stencil 0) with the real table, so a check starts glhle's
 * frame and its replay from the same pixels; the caller forgets glhle's
 * state shadow after it. */
void gl_record_clear(const glhle_context *ctx, GLuint fbo);
/* Overwrites the mapped bytes r keeps (with 0xff: NaN floats, wild
 * indices), so a check replaying r right after recording it draws what
 * r writes, not what the recorded frame left there. */
void gl_recording_scribble(const gl_recording *r);
void gl_recording_free(gl_recording *r);

#endif
