#include "support/pica_dot3_sweeps.h"

#include <stdlib.h>
#include <string.h>

#include "support/test_support.h"

static const char *skip_space(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
        p++;
    return p;
}

/* The seven integers of one point "[[a,b,c],[d,e,f],r]" starting at the
 * point's '['; returns the character after its closing ']' or NULL. */
static const char *read_point(const char *p, const char *end, int v[7])
{
    int depth = 0, n = 0;
    for (; p < end; p++) {
        if (*p == '[')
            depth++;
        else if (*p == ']') {
            if (--depth == 0)
                return n == 7 ? p + 1 : NULL;
        } else if (*p >= '0' && *p <= '9') {
            if (n == 7)
                return NULL;
            char *e;
            v[n++] = (int)strtol(p, &e, 10);
            p = e - 1;
        } else if (*p != ',' && *p != ' ' && *p != '\n')
            return NULL;
    }
    return NULL;
}

unsigned pica_dot3_sweeps_load(pica_dot3_sweep *out, unsigned max)
{
    const char *path = ts_testdata_path("pica/dot3/lectem_dot3_sweeps.json");
    if (!path)
        return 0;
    size_t size;
    char *text = (char *)ts_read_file(path, &size);
    const char *end = text + size;
    unsigned count = 0;
    const char *p = text;
    while (count < max && (p = strstr(p, "\"id\"")) != NULL && p < end) {
        pica_dot3_sweep *s = &out[count];
        memset(s, 0, sizeof *s);
        const char *q = memchr(p + 4, '"', (size_t)(end - p - 4));
        const char *qe = q ? memchr(q + 1, '"', (size_t)(end - q - 1)) : NULL;
        if (!qe || (size_t)(qe - q - 1) >= sizeof s->id)
            fail_msg("%s: a sweep id is not a short string", path);
        memcpy(s->id, q + 1, (size_t)(qe - q - 1));
        const char *pts = strstr(qe, "\"points\"");
        const char *list = pts ? strchr(pts, '[') : NULL;
        if (!list)
            fail_msg("%s: sweep %s has no list of points", path, s->id);
        p = skip_space(list + 1, end);
        while (p < end && *p == '[') {
            int v[7];
            const char *next = read_point(p, end, v);
            if (!next || s->count == 256)
                fail_msg("%s: sweep %s point %u is not [[r,g,b],[r,g,b],out]", path, s->id, s->count);
            for (int i = 0; i < 7; i++)
                if (v[i] > 255)
                    fail_msg("%s: sweep %s point %u: %d is not a byte", path, s->id, s->count, v[i]);
            pica_dot3_point *pt = &s->points[s->count++];
            for (int c = 0; c < 3; c++) {
                pt->src0[c] = (uint8_t)v[c];
                pt->src1[c] = (uint8_t)v[3 + c];
            }
            pt->out = (uint8_t)v[6];
            p = skip_space(next, end);
            if (p < end && *p == ',')
                p = skip_space(p + 1, end);
        }
        if (p >= end || *p != ']' || !s->count)
            fail_msg("%s: sweep %s: the list of points does not end", path, s->id);
        count++;
    }
    free(text);
    return count;
}
