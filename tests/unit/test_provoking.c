/* backend/gl/provoking.c: draws rewritten as lists whose every primitive
 * names last the vertex the first-vertex provoking convention picks. The
 * expected lists are written out by hand from the OpenGL 4.6 core
 * specification's table 13.2 (first-convention provoking vertex: lines
 * 2i - 1, strip i, loop i and n for the closing segment, triangles 3i - 2,
 * strip i, fan i + 1) and its strip/fan vertex orders (10.1.8-10.1.9:
 * strip triangle i is i, i+1, i+2, the even ones i+1, i, i+2; fan triangle
 * i is 1, i+1, i+2), each triangle rotated cyclically so its winding stays. */
#include "support/test_support.h"

#include <string.h>

#include "backend/gl/provoking.h"

static void expect(GLenum mode, const void *idx, uint32_t isz, uint32_t first, uint32_t count, bool restart,
                   uint32_t ri, GLenum want_mode, const uint32_t *want, uint32_t want_n)
{
    uint32_t out[64], n = 999;
    memset(out, 0xEE, sizeof out);
    assert_true(gl_provoking_max(count) <= 64);
    assert_int_equal(gl_provoking_rewrite(mode, idx, isz, first, count, restart, ri, out, &n), want_mode);
    assert_int_equal(n, want_n);
    assert_true(n <= gl_provoking_max(count));
    for (uint32_t i = 0; i < n; i++)
        assert_int_equal(out[i], want[i]);
}

static void lists_strips_fans(void **state)
{
    (void)state;
    /* vertices 10.. (first 10): the provoking one last in each primitive */
    static const uint32_t tris[] = {11, 12, 10, 14, 15, 13};
    expect(GL_TRIANGLES, NULL, 0, 10, 7, false, 0, GL_TRIANGLES, tris, 6); /* the 7th vertex is left over */
    /* strip of 5: (10,11,12) provoking 10; (12,11,13) provoking 11; (12,13,14) provoking 12 */
    static const uint32_t strip[] = {11, 12, 10, 13, 12, 11, 13, 14, 12};
    expect(GL_TRIANGLE_STRIP, NULL, 0, 10, 5, false, 0, GL_TRIANGLES, strip, 9);
    /* fan of 5: (10,11,12) provoking 11; (10,12,13) provoking 12; (10,13,14) provoking 13 */
    static const uint32_t fan[] = {12, 10, 11, 13, 10, 12, 14, 10, 13};
    expect(GL_TRIANGLE_FAN, NULL, 0, 10, 5, false, 0, GL_TRIANGLES, fan, 9);
    static const uint32_t lines[] = {1, 0, 3, 2};
    expect(GL_LINES, NULL, 0, 0, 5, false, 0, GL_LINES, lines, 4);
    static const uint32_t lstrip[] = {1, 0, 2, 1, 3, 2};
    expect(GL_LINE_STRIP, NULL, 0, 0, 4, false, 0, GL_LINES, lstrip, 6);
    /* the loop's closing segment 4 -> 1 is provoked by vertex 4 (index 3) */
    static const uint32_t loop[] = {1, 0, 2, 1, 3, 2, 0, 3};
    expect(GL_LINE_LOOP, NULL, 0, 0, 4, false, 0, GL_LINES, loop, 8);
    /* too few vertices: nothing; points and adjacency: not rewritten */
    expect(GL_TRIANGLE_STRIP, NULL, 0, 0, 2, false, 0, GL_TRIANGLES, NULL, 0);
    expect(GL_TRIANGLE_FAN, NULL, 0, 0, 0, false, 0, GL_TRIANGLES, NULL, 0);
    expect(GL_LINE_LOOP, NULL, 0, 0, 1, false, 0, GL_LINES, NULL, 0);
    expect(GL_POINTS, NULL, 0, 0, 3, false, 0, 0, NULL, 0);
    expect(GL_TRIANGLES_ADJACENCY, NULL, 0, 0, 6, false, 0, 0, NULL, 0);
}

static void indexed_and_restart(void **state)
{
    (void)state;
    /* 16-bit indices, a strip of 4, restart 0xFFFF, a strip of 3 */
    static const uint16_t i16[] = {7, 8, 9, 6, 0xFFFF, 1, 2, 3};
    static const uint32_t want[] = {8, 9, 7, 6, 9, 8, 2, 3, 1};
    expect(GL_TRIANGLE_STRIP, i16, 2, 0, 8, true, 0xFFFF, GL_TRIANGLES, want, 9);
    /* without restart 0xFFFF is a vertex like another */
    static const uint16_t s16[] = {7, 8, 0xFFFF};
    static const uint32_t w16[] = {8, 0xFFFF, 7};
    expect(GL_TRIANGLES, s16, 2, 0, 3, false, 0xFFFF, GL_TRIANGLES, w16, 3);
    /* 8-bit fan split by restart 5: the restart index ends each loop, a
     * restart at the very start and end makes empty runs */
    static const uint8_t i8[] = {5, 0, 1, 2, 3, 5, 4, 6, 7, 5};
    static const uint32_t w8[] = {2, 0, 1, 3, 0, 2, 7, 4, 6};
    expect(GL_TRIANGLE_FAN, i8, 1, 0, 10, true, 5, GL_TRIANGLES, w8, 9);
    /* 32-bit line loop in two loops */
    static const uint32_t i32[] = {100, 200, 300, 0xFFFFFFFFu, 4, 5};
    static const uint32_t w32[] = {200, 100, 300, 200, 100, 300, 5, 4, 4, 5};
    expect(GL_LINE_LOOP, i32, 4, 0, 6, true, 0xFFFFFFFFu, GL_LINES, w32, 10);
    /* a 16-bit restart index never matches 8-bit indices (the compare is of the value) */
    static const uint8_t b8[] = {0, 0xFF, 2};
    static const uint32_t wb[] = {0xFF, 2, 0};
    expect(GL_TRIANGLES, b8, 1, 0, 3, true, 0xFFFF, GL_TRIANGLES, wb, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lists_strips_fans),
        cmocka_unit_test(indexed_and_restart),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
