/* backend/gl/stream_buffer.c: data written through the ring reaches the GPU
 * intact across wraps, in the persistent and the fallback mode; grouped
 * maps (one draw's) fence only at the group's ends and never rewrite a
 * segment the group's draw may read; gl_stream_map_from's offsets. */
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

/* A 4096-byte ring: segments of 1024 bytes. */
static void grouped_maps(void **state)
{
    gl_stream_buffer sb;
    assert_int_equal(gl_stream_create(*state, GL_ARRAY_BUFFER, 4096, &sb), GLHLE_RESULT_OK);
    size_t off;
    /* an offset at least skip, (offset - skip) aligned: the first free byte
     * 0 gives skip itself; later the next such offset past the last map */
    assert_non_null(gl_stream_map_from(&sb, 100, 16, 1000, &off));
    assert_int_equal(off, 1000);
    gl_stream_commit(&sb, 100); /* pos 1100 */
    assert_non_null(gl_stream_map_from(&sb, 8, 16, 30, &off));
    assert_int_equal(off, 1102); /* 1072 + 30: the first (o - 30) % 16 == 0 with o >= 1100 */
    gl_stream_commit(&sb, 8);
    assert_null(gl_stream_map_from(&sb, 1100, 16, 1000, &off)); /* skip + size over half the ring */
    /* fenced as the writer leaves a segment: segment 1 open until a map
     * starts in segment 2 */
    /* the second map started in segment 1 and so fenced segment 0 */
    assert_false(gl_stream_unfenced(&sb, sb.wraps, 1000, 100));
    assert_non_null(sb.fences[0]);
    assert_true(gl_stream_unfenced(&sb, sb.wraps, 1024, 76));
    assert_false(gl_stream_unfenced(&sb, sb.wraps + 1, 1024, 76)); /* another lap's */
    assert_non_null(gl_stream_map(&sb, 1000, 4, &off)); /* 1112 .. 2111: into segment 2 */
    gl_stream_commit(&sb, 1000);
    assert_true(gl_stream_unfenced(&sb, sb.wraps, 1112, 900));
    assert_non_null(gl_stream_map(&sb, 16, 4, &off)); /* 2112: starts in segment 2, leaves segment 1 */
    gl_stream_commit(&sb, 16);
    assert_false(gl_stream_unfenced(&sb, sb.wraps, 1112, 900));
    assert_non_null(sb.fences[1]);
    /* a group: no fence until it ends, though the maps leave segments 2 and 3 */
    gl_stream_begin(&sb);
    assert_non_null(gl_stream_map(&sb, 1000, 4, &off)); /* 2128 .. 3127 */
    gl_stream_commit(&sb, 1000);
    assert_non_null(gl_stream_map(&sb, 900, 4, &off)); /* 3128 .. 4027 */
    gl_stream_commit(&sb, 900);
    assert_null(sb.fences[2]);
    assert_true(gl_stream_unfenced(&sb, sb.wraps, 2112, 16));
    /* wrapping onto segments 0 and 1 (fenced: may be rewritten) is fine;
     * onto segment 2, which the group's draw reads and no fence covers, not */
    const uint64_t lap = sb.wraps;
    assert_non_null(gl_stream_map(&sb, 1500, 4, &off));
    assert_int_equal(off, 0);
    assert_int_equal(sb.wraps, lap + 1);
    gl_stream_commit(&sb, 1500);
    assert_null(gl_stream_map(&sb, 1000, 4, &off)); /* 1500 .. 2499: segment 2 */
    gl_stream_end(&sb);
    /* the end fences the segments left (2, 3), not the one the writer is in */
    assert_non_null(sb.fences[2]);
    assert_non_null(sb.fences[3]);
    assert_true(gl_stream_unfenced(&sb, sb.wraps, 1024, 476));
    assert_non_null(gl_stream_map(&sb, 1000, 4, &off)); /* out of a group: waits for segment 2's fence */
    assert_int_equal(off, 1500);
    gl_stream_commit(&sb, 1000);
    assert_null(sb.fences[2]);
    gl_stream_destroy(&sb);
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
        TS_GL_TEST(grouped_maps),
        TS_GL_TEST(too_small),
    };
    return cmocka_run_group_tests(tests, ts_gl_setup, ts_gl_teardown);
}
