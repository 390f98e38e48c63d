/* First-vertex provoking by index rotation (provoking.h). */
#include "backend/gl/provoking.h"

#include <string.h>

typedef struct seq {
    const uint8_t *idx;
    uint32_t isz, first, start; /* start: the segment's first element */
} seq;

static uint32_t at(const seq *s, uint32_t k)
{
    const uint32_t e = s->start + k;
    if (!s->idx)
        return s->first + e;
    uint32_t v = 0;
    memcpy(&v, s->idx + (size_t)e * s->isz, s->isz); /* little-endian host */
    return v;
}

/* One run of n vertices without a restart in it; returns where out ends. */
static uint32_t *segment(GLenum mode, const seq *s, uint32_t n, uint32_t *o)
{
    switch (mode) {
    case GL_LINES:
        for (uint32_t i = 0; i + 1 < n; i += 2)
            *o++ = at(s, i + 1), *o++ = at(s, i);
        break;
    case GL_LINE_STRIP:
    case GL_LINE_LOOP:
        for (uint32_t i = 0; i + 1 < n; i++)
            *o++ = at(s, i + 1), *o++ = at(s, i);
        if (mode == GL_LINE_LOOP && n >= 2) /* the closing segment n -> 1, vertex n provoking */
            *o++ = at(s, 0), *o++ = at(s, n - 1);
        break;
    case GL_TRIANGLES:
        for (uint32_t i = 0; i + 2 < n; i += 3)
            *o++ = at(s, i + 1), *o++ = at(s, i + 2), *o++ = at(s, i);
        break;
    case GL_TRIANGLE_STRIP:
        for (uint32_t i = 0; i + 2 < n; i++) {
            if (!(i & 1)) /* (i, i+1, i+2) rotated to end with i */
                *o++ = at(s, i + 1), *o++ = at(s, i + 2), *o++ = at(s, i);
            else /* (i+1, i, i+2), the reversed winding, rotated to end with i */
                *o++ = at(s, i + 2), *o++ = at(s, i + 1), *o++ = at(s, i);
        }
        break;
    case GL_TRIANGLE_FAN:
        for (uint32_t i = 1; i + 1 < n; i++) /* (0, i, i+1) rotated to end with i */
            *o++ = at(s, i + 1), *o++ = at(s, 0), *o++ = at(s, i);
        break;
    default:
        break;
    }
    return o;
}

GLenum gl_provoking_rewrite(GLenum mode, const void *idx, uint32_t isz, uint32_t first, uint32_t count, bool restart,
                            uint32_t restart_index, uint32_t *out, uint32_t *out_count)
{
    GLenum list;
    switch (mode) {
    case GL_LINES:
    case GL_LINE_STRIP:
    case GL_LINE_LOOP:
        list = GL_LINES;
        break;
    case GL_TRIANGLES:
    case GL_TRIANGLE_STRIP:
    case GL_TRIANGLE_FAN:
        list = GL_TRIANGLES;
        break;
    default:
        *out_count = 0;
        return 0;
    }
    seq s = {.idx = idx, .isz = isz, .first = first, .start = 0};
    uint32_t *o = out;
    if (idx && restart) {
        /* restart compares the index as written, before any base vertex, as
         * desktop GL's glPrimitiveRestartIndex does (10.3.6) */
        uint32_t begin = 0;
        for (uint32_t k = 0; k <= count; k++) {
            s.start = 0;
            if (k < count && at(&s, k) != restart_index)
                continue;
            s.start = begin;
            o = segment(mode, &s, k - begin, o);
            begin = k + 1;
        }
    } else {
        o = segment(mode, &s, count, o);
    }
    *out_count = (uint32_t)(o - out);
    return list;
}
