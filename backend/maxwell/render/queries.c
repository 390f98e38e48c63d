/* Maxwell report counters from GL queries (compute.h).
 *
 * ZPASS_PIXEL_CNT is the hardware's running count of samples that passed
 * the depth and stencil tests while SET_ZPASS_PIXEL_COUNT ENABLE was set,
 * zeroed by CLEAR_REPORT_VALUE TYPE ZPASS_PIXEL_CNT; a report writes the
 * count as it stands (Mesa's nvc0 occlusion query and nvk's reports
 * subtract a begin report from an end report). Here every draw made
 * while counting is one GL_SAMPLES_PASSED query; the queries are read (a
 * wait for the GL) only when a report asks for the count, or when
 * MAX_PENDING are outstanding.
 *
 * Scale: GL counts the samples of the scaled target, scale^2 per guest
 * sample of an interior pixel; the count is divided by scale^2 rounding
 * up. Counting at the native resolution would need every counted draw a
 * second time into a native-size depth copy, for exactness only at
 * primitive edges; rounding up keeps the property games test (a draw that
 * shows at all reads non-zero) and is exact for pixel-aligned coverage.
 *
 * OpenGL ES has no GL_SAMPLES_PASSED (only the boolean
 * ANY_SAMPLES_PASSED): there the count stays 0, said once. */
#include <stdlib.h>

#include "backend/maxwell/render/compute.h"

#define MAX_PENDING 64u

enum {
    REPORT_ZPASS_PIXEL_CNT = 0x02,    /* clb197.h SET_REPORT_SEMAPHORE_D_REPORT */
    REPORT_ZPASS_PIXEL_CNT64 = 0x15,
    CLEAR_ZPASS_PIXEL_CNT = 0x01,     /* CLEAR_REPORT_VALUE_TYPE */
};

struct mw_queries {
    GLuint names[MAX_PENDING];
    bool have_names;
    uint32_t pending;                 /* names[0 .. pending) hold finished draws' counts */
    bool active;                      /* names[pending] is begun */
    uint64_t samples;                 /* scaled samples counted and read */
    bool warned_es, warned_other;
};

static mw_queries *queries(mw_render *r)
{
    if (!r->queries)
        r->queries = calloc(1, sizeof *r->queries);
    return r->queries;
}

/* Reads the finished queries into the count (kept: true) or drops them. */
static void resolve(mw_render *r, mw_queries *q, bool keep)
{
    const GladGLContext *gl = &r->ctx->gl;
    for (uint32_t i = 0; i < q->pending; i++) {
        GLuint n = 0;
        gl->GetQueryObjectuiv(q->names[i], GL_QUERY_RESULT, &n);
        if (keep)
            q->samples += n;
    }
    q->pending = 0;
}

void mw_query_draw_begin(mw_render *r, bool zpass_enable)
{
    if (!zpass_enable)
        return;
    mw_queries *q = queries(r);
    if (!q) {
        GLHLE_WARN(r->io.log, "maxwell: no memory for an occlusion query; this draw is not counted");
        return;
    }
    if (r->ctx->info.gles) {
        if (!q->warned_es)
            GLHLE_WARN(r->io.log, "maxwell: SET_ZPASS_PIXEL_COUNT: OpenGL ES counts no samples (no "
                       "GL_SAMPLES_PASSED); ZPASS_PIXEL_CNT reports read 0");
        q->warned_es = true;
        return;
    }
    const GladGLContext *gl = &r->ctx->gl;
    if (!q->have_names) {
        gl->GenQueries(MAX_PENDING, q->names);
        q->have_names = true;
    }
    if (q->pending == MAX_PENDING)
        resolve(r, q, true);
    gl->BeginQuery(GL_SAMPLES_PASSED, q->names[q->pending]);
    q->active = true;
}

void mw_query_draw_end(mw_render *r)
{
    mw_queries *q = r->queries;
    if (!q || !q->active)
        return;
    r->ctx->gl.EndQuery(GL_SAMPLES_PASSED);
    q->active = false;
    q->pending++;
}

uint64_t mw_query_counter(mw_render *r, uint32_t report, uint32_t sub_report)
{
    (void)sub_report;
    mw_queries *q = queries(r);
    if (!q)
        return 0;
    if (report != REPORT_ZPASS_PIXEL_CNT && report != REPORT_ZPASS_PIXEL_CNT64) {
        if (!q->warned_other)
            GLHLE_WARN(r->io.log, "maxwell: report counter 0x%02x is not counted (only ZPASS_PIXEL_CNT and "
                       "ZPASS_PIXEL_CNT64 are); it reads 0", report);
        q->warned_other = true;
        return 0;
    }
    if (q->pending && gl_context_enter(r->ctx) == GLHLE_RESULT_OK)
        resolve(r, q, true);
    const uint64_t k2 = (uint64_t)r->scale * r->scale;
    return (q->samples + k2 - 1) / k2;
}

void mw_query_clear(mw_render *r, uint32_t type)
{
    mw_queries *q = r->queries;
    if (!q || type != CLEAR_ZPASS_PIXEL_CNT)
        return;
    if (q->pending && gl_context_enter(r->ctx) == GLHLE_RESULT_OK)
        resolve(r, q, false);
    q->pending = 0;
    q->samples = 0;
}

void mw_query_lose(mw_render *r)
{
    mw_queries *q = r->queries;
    if (!q || !q->have_names)
        return;
    resolve(r, q, true);
    r->ctx->gl.DeleteQueries(MAX_PENDING, q->names);
    q->have_names = false;
}

void mw_query_fini(mw_render *r)
{
    if (r->queries && !r->gl_lost)
        mw_query_lose(r);
    free(r->queries);
    r->queries = NULL;
}
