/* backend/gl/stream_buffer.c: data written through the ring reaches the GPU
 * intact across wraps, in the persistent and the fallback mode. */
#include "support/test_support.h"

#include <string.h>

#include "backend/gl/stream_buffer.h"

/* Streams `rounds` blocks of distinct words through a small ring and, after
 * each, copies the block GPU-side into a check buffer and reads it back. */
static void stream_rounds(glhle_context *ctx, bool persistent, int rounds)
{
    GladGLContext *gl = &ctx->gl;
    bool had = ctx->info.buffer_storage;
    ctx->info.buffer_storage = persistent;
    gl_stream_buffer sb;
    assert_int_equal(gl_stream_create(ctx, GL_ARRAY_BUFFER, 4096, &sb), GLHLE_RESULT_OK);
    ctx->info.buffer_storage = had;
    assert_int_equal(sb.persistent, persistent);
    GLuint check;
    gl->GenBuffers(1, &check);
    gl->BindBuffer(GL_COPY_READ_BUFFER, check);
    gl->BufferData(GL_COPY_READ_BUFFER, 2048, NULL, GL_STREAM_READ);
    ts_rng rng;
    ts_rng_init(&rng, 7);
    uint32_t word = 1;
    for (int r = 0; r < rounds; r++) {
        size_t n = 4 + ts_rng_below(&rng, 500); /* words */
        size_t align = (size_t)4 << ts_rng_below(&rng, 5);
        size_t off;
        uint32_t *p = gl_stream_map(&sb, n * 4, align, &off);
        assert_non_null(p);
        assert_int_equal(off % align, 0);
        assert_true(off + n * 4 <= sb.size);
        uint32_t first = word;
        for (size_t i = 0; i < n; i++)
            p[i] = word++;
        gl_stream_commit(&sb, n * 4);
        gl->BindBuffer(GL_COPY_WRITE_BUFFER, sb.buffer);
        gl->CopyBufferSubData(GL_COPY_WRITE_BUFFER, GL_COPY_READ_BUFFER, (GLintptr)off, 0, (GLsizeiptr)(n * 4));
        uint32_t back[512];
        gl->GetBufferSubData(GL_COPY_READ_BUFFER, 0, (GLsizeiptr)(n * 4), back);
        for (size_t i = 0; i < n; i++)
            if (back[i] != first + i)
                fail_msg("round %d word %zu: GPU sees %u, wrote %u", r, i, back[i], (unsigned)(first + i));
    }
    assert_true(sb.wraps > 10);
    assert_null(gl_stream_map(&sb, sb.size, 4, &(size_t){0})); /* more than half the ring */
    assert_null(gl_stream_map(&sb, 16, 3, &(size_t){0}));      /* not a power of two */
    gl->BindBuffer(GL_COPY_WRITE_BUFFER, 0);
    gl->BindBuffer(GL_COPY_READ_BUFFER, 0);
    gl->DeleteBuffers(1, &check);
    gl_stream_destroy(&sb);
}

static void persistent_ring(void **state)
{
    stream_rounds(*state, true, 300);
}

static void fallback_ring(void **state)
{
    stream_rounds(*state, false, 300);
}

static void too_small(void **state)
{
    gl_stream_buffer sb;
    assert_int_equal(gl_stream_create(*state, GL_ARRAY_BUFFER, 64, &sb), GLHLE_RESULT_INVALID_ARGUMENT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TS_GL_TEST(persistent_ring),
        TS_GL_TEST(fallback_ring),
        TS_GL_TEST(too_small),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
