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
 * The pipeline counters (clb197.h REPORT values, as the class headers
 * list them: DA_VERTICES_GENERATED 0x01, DA_PRIMITIVES_GENERATED 0x03,
 * VS_INVOCATIONS 0x05, GS_INVOCATIONS 0x07, GS_PRIMITIVES_GENERATED 0x09,
 * CLIPPER_INVOCATIONS 0x0F, CLIPPER_PRIMITIVES_GENERATED 0x11,
 * VTG_PRIMITIVES_OUT 0x12, PS_INVOCATIONS 0x13, TS_INVOCATIONS 0x1D) count
 * the draws made while their SET_STATISTICS_COUNTER bit is set (DA
 * vertices 0, DA primitives 1, VS 2, GS 3, GS primitives 4, clipper 7 and
 * 8, PS 9, VTG out 10, TS 12), each draw one GL query of the matching
 * kind: GL_PRIMITIVES_GENERATED for VTG_PRIMITIVES_OUT (the primitives out
 * of the last vertex stage), and GL 4.6's pipeline statistics (or
 * ARB_pipeline_statistics_query's: the input
 * assembler's vertices and primitives, shader invocations, clipping input
 * and output primitives) for the others, the pairing Mesa's nvc0 driver
 * makes between its pipeline-statistics query and these reports
 * (nvc0_query_hw.c). PS_INVOCATIONS is divided by scale^2 as the sample
 * count is. These counts are the GL's: how many vertex invocations a
 * driver's cache saves, or which helper invocations it counts, differs
 * between GLs as between GPUs. They are never reset: the clear types
 * glhle knows are ZPASS_PIXEL_CNT's, and drivers read these counters as
 * the difference of two reports. TI_INVOCATIONS, TS_PRIMITIVES_GENERATED,
 * the clocks and the zcull statistics read 0 (said once): GL has no count
 * of them.
 *
 * The streaming counters (clb197.h REPORT STREAMING_PRIMITIVES_SUCCEEDED
 * 0x0B, STREAMING_PRIMITIVES_NEEDED 0x0D, their difference 0x06, and
 * TOTAL_STREAMING_PRIMITIVES_NEEDED_MINUS_SUCCEEDED 0x1E over the four
 * streams; SUB_REPORT the stream, Mesa's nvk reads 0x0B and 0x0D per
 * stream for its transform feedback queries) count the primitives of the
 * draws made with stream output on (draw.c): written, and the last vertex
 * stage's, written or not for want of room (GL_PRIMITIVES_GENERATED in
 * the draw's transform feedback). Only stream 0 is captured: the others
 * stay 0. STREAMING_BYTE_COUNT is the front end's (the write pointer).
 *
 * OpenGL ES has no GL_SAMPLES_PASSED, only the boolean
 * GL_ANY_SAMPLES_PASSED: there each counted draw adds 1 when any of its
 * samples passed, 0 otherwise, so ZPASS_PIXEL_CNT counts visible draws,
 * not samples (said once). It is 0 exactly when nothing passed, and the
 * difference of two reports is non-zero exactly when something drawn
 * between them showed, which is what occlusion culling and render
 * conditions on the count test. ES has no pipeline statistics: those
 * counts stay 0, said once each; GL_PRIMITIVES_GENERATED is ES 3.2's too.
 *
 * Passes glhle draws itself inside a counted draw (loading a multisampled
 * target, msaa.c) are left out: mw_query_suspend/resume end the draw's
 * queries around them and begin new ones after. */
#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/render/compute.h"

#define MAX_PENDING 64u

enum {
    REPORT_ZPASS_PIXEL_CNT = 0x02,    /* clb197.h SET_REPORT_SEMAPHORE_D_REPORT */
    REPORT_ZPASS_PIXEL_CNT64 = 0x15,
    CLEAR_ZPASS_PIXEL_CNT = 0x01,     /* CLEAR_REPORT_VALUE_TYPE */
};

enum { KIND_SAMPLES, KIND_PRIMITIVES, KIND_STATISTIC };

typedef struct counter_info {
    uint8_t report;                   /* REPORT value */
    int8_t enable_bit;                /* SET_STATISTICS_COUNTER bit; -1: SET_ZPASS_PIXEL_COUNT */
    uint8_t kind;
    bool scaled;                      /* counts pixels: / scale^2 */
    GLenum target;
    const char *name;
} counter_info;

static const counter_info COUNTERS[] = {
    {REPORT_ZPASS_PIXEL_CNT, -1, KIND_SAMPLES, true, GL_SAMPLES_PASSED, "ZPASS_PIXEL_CNT"},
    {0x01, 0, KIND_STATISTIC, false, GL_VERTICES_SUBMITTED, "DA_VERTICES_GENERATED"},
    {0x03, 1, KIND_STATISTIC, false, GL_PRIMITIVES_SUBMITTED, "DA_PRIMITIVES_GENERATED"},
    {0x05, 2, KIND_STATISTIC, false, GL_VERTEX_SHADER_INVOCATIONS, "VS_INVOCATIONS"},
    {0x07, 3, KIND_STATISTIC, false, GL_GEOMETRY_SHADER_INVOCATIONS, "GS_INVOCATIONS"},
    {0x09, 4, KIND_STATISTIC, false, GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED, "GS_PRIMITIVES_GENERATED"},
    {0x0F, 7, KIND_STATISTIC, false, GL_CLIPPING_INPUT_PRIMITIVES, "CLIPPER_INVOCATIONS"},
    {0x11, 8, KIND_STATISTIC, false, GL_CLIPPING_OUTPUT_PRIMITIVES, "CLIPPER_PRIMITIVES_GENERATED"},
    {0x12, 10, KIND_PRIMITIVES, false, GL_PRIMITIVES_GENERATED, "VTG_PRIMITIVES_OUT"},
    {0x13, 9, KIND_STATISTIC, true, GL_FRAGMENT_SHADER_INVOCATIONS, "PS_INVOCATIONS"},
    {0x1D, 12, KIND_STATISTIC, false, GL_TESS_EVALUATION_SHADER_INVOCATIONS, "TS_INVOCATIONS"},
};
#define COUNTER_COUNT (sizeof COUNTERS / sizeof COUNTERS[0])

typedef struct counter {
    GLuint names[MAX_PENDING];
    bool have_names;
    uint32_t pending;                 /* names[0 .. pending) hold finished draws' counts */
    bool active;                      /* names[pending] is begun */
    uint64_t total;                   /* counted and read (scaled samples for the scaled ones) */
    bool warned;                      /* this GL cannot count it (said once) */
} counter;

enum { REPORT_STREAMING_SUCCEEDED = 0x0B, REPORT_STREAMING_NEEDED = 0x0D, REPORT_STREAMING_DIFFERENCE = 0x06,
       REPORT_STREAMING_TOTAL_DIFFERENCE = 0x1E, VTG_COUNTER = 8 /* COUNTERS[8] */ };

struct mw_queries {
    counter c[COUNTER_COUNT];
    /* transform feedback: the draw's two queries per geometry stream
     * (written, generated; indexed by the stream), the streams it counts,
     * whether it took VTG_PRIMITIVES_OUT's, and each stream's totals */
    GLuint xfb_names[2 * MW_XFB_STREAMS];
    uint32_t xfb_streams;
    bool xfb_have_names, xfb_took_vtg;
    uint64_t xfb_succeeded[MW_XFB_STREAMS], xfb_needed[MW_XFB_STREAMS];
    bool warned_other;
    int8_t statistics;                /* the GL has pipeline statistics: -1 not asked yet */
};

static mw_queries *queries(mw_render *r)
{
    if (!r->queries) {
        r->queries = calloc(1, sizeof *r->queries);
        if (r->queries)
            r->queries->statistics = -1;
    }
    return r->queries;
}

/* GL 4.6 or GL_ARB_pipeline_statistics_query (asked once) */
static bool have_statistics(mw_render *r)
{
    mw_queries *q = r->queries;
    if (q->statistics < 0) {
        const glhle_context_info *in = &r->ctx->info;
        bool yes = !in->gles && (in->gl_major > 4 || (in->gl_major == 4 && in->gl_minor >= 6));
        const GladGLContext *gl = &r->ctx->gl;
        GLint n = 0;
        if (!yes && !in->gles)
            gl->GetIntegerv(GL_NUM_EXTENSIONS, &n);
        for (GLint i = 0; i < n && !yes; i++) {
            const char *e = (const char *)gl->GetStringi(GL_EXTENSIONS, (GLuint)i);
            yes = e && !strcmp(e, "GL_ARB_pipeline_statistics_query");
        }
        q->statistics = yes;
    }
    return q->statistics;
}

/* ES counts samples only as a boolean per draw (the header) */
static bool samples_as_draws(const mw_render *r, const counter_info *k)
{
    return k->kind == KIND_SAMPLES && r->ctx->info.gles;
}

static GLenum target_of(const mw_render *r, const counter_info *k)
{
    return samples_as_draws(r, k) ? GL_ANY_SAMPLES_PASSED : k->target;
}

static bool available(mw_render *r, const counter_info *k)
{
    switch (k->kind) {
    case KIND_SAMPLES: return true; /* on ES as ANY_SAMPLES_PASSED */
    case KIND_PRIMITIVES: return true; /* GL 3.0, ES 3.2 */
    default: return have_statistics(r);
    }
}

/* Reads counter i's finished queries into its total (keep) or drops them. */
static void resolve(mw_render *r, counter *c, bool keep)
{
    const GladGLContext *gl = &r->ctx->gl;
    for (uint32_t i = 0; i < c->pending; i++) {
        GLuint n = 0;
        gl->GetQueryObjectuiv(c->names[i], GL_QUERY_RESULT, &n);
        if (keep)
            c->total += n;
    }
    c->pending = 0;
}

static void begin(mw_render *r, uint32_t i)
{
    counter *c = &r->queries->c[i];
    const counter_info *k = &COUNTERS[i];
    if (!available(r, k)) {
        if (!c->warned)
            GLHLE_WARN(r->io.log, "maxwell: %s is counted but this GL has no pipeline-statistics queries%s; its "
                       "reports read 0 (said once)", k->name,
                       r->ctx->info.gles ? " (OpenGL ES)" : " (GL 4.6, ARB_pipeline_statistics_query)");
        c->warned = true;
        return;
    }
    const GladGLContext *gl = &r->ctx->gl;
    if (!c->have_names) {
        gl->GenQueries(MAX_PENDING, c->names);
        c->have_names = true;
    }
    if (samples_as_draws(r, k) && !c->warned) {
        GLHLE_WARN(r->io.log, "maxwell: %s on OpenGL ES counts the draws in which any sample passed "
                   "(GL_ANY_SAMPLES_PASSED; ES has no GL_SAMPLES_PASSED), not samples (said once)", k->name);
        c->warned = true;
    }
    if (c->pending == MAX_PENDING)
        resolve(r, c, true);
    gl->BeginQuery(target_of(r, k), c->names[c->pending]);
    c->active = true;
}

void mw_query_draw_begin(mw_render *r, bool zpass_enable, uint32_t statistics)
{
    if (!zpass_enable && !(statistics & 0x7FFFu))
        return;
    mw_queries *q = queries(r);
    if (!q) {
        GLHLE_WARN(r->io.log, "maxwell: no memory for report counters; this draw is not counted");
        return;
    }
    for (uint32_t i = 0; i < COUNTER_COUNT; i++) {
        const int b = COUNTERS[i].enable_bit;
        if (b < 0 ? zpass_enable : (statistics >> b & 1))
            begin(r, i);
    }
}

void mw_query_draw_end(mw_render *r)
{
    mw_queries *q = r->queries;
    if (!q)
        return;
    for (uint32_t i = 0; i < COUNTER_COUNT; i++) {
        counter *c = &q->c[i];
        if (!c->active)
            continue;
        r->ctx->gl.EndQuery(target_of(r, &COUNTERS[i]));
        c->active = false;
        c->pending++;
    }
}

void mw_query_suspend(mw_render *r, uint32_t *active)
{
    *active = 0;
    mw_queries *q = r->queries;
    if (!q)
        return;
    for (uint32_t i = 0; i < COUNTER_COUNT; i++)
        if (q->c[i].active)
            *active |= 1u << i;
    mw_query_draw_end(r);
}

void mw_query_resume(mw_render *r, uint32_t active)
{
    for (uint32_t i = 0; i < COUNTER_COUNT; i++)
        if (active >> i & 1)
            begin(r, i);
}

void mw_query_xfb_begin(mw_render *r, uint32_t streams)
{
    mw_queries *q = queries(r);
    if (!q)
        return;
    const GladGLContext *gl = &r->ctx->gl;
    if (!q->xfb_have_names) {
        gl->GenQueries(2 * MW_XFB_STREAMS, q->xfb_names);
        q->xfb_have_names = true;
    }
    /* one GL_PRIMITIVES_GENERATED query at a time: VTG_PRIMITIVES_OUT's
     * ends here (what it counted kept) and gets this draw's from ours */
    counter *v = &q->c[VTG_COUNTER];
    q->xfb_took_vtg = v->active;
    if (v->active) {
        gl->EndQuery(GL_PRIMITIVES_GENERATED);
        v->active = false;
        v->pending++;
    }
    /* stream 0 alone through the plain calls (the only ones GL ES has);
     * other streams through the indexed ones (GL 4.0, desktop only, where
     * streams past 0 are captured) */
    q->xfb_streams = streams | 1u;
    for (uint32_t s = 0; s < MW_XFB_STREAMS; s++) {
        if (!(q->xfb_streams >> s & 1))
            continue;
        if (s == 0) {
            gl->BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q->xfb_names[0]);
            gl->BeginQuery(GL_PRIMITIVES_GENERATED, q->xfb_names[1]);
        } else {
            gl->BeginQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, s, q->xfb_names[2 * s]);
            gl->BeginQueryIndexed(GL_PRIMITIVES_GENERATED, s, q->xfb_names[2 * s + 1]);
        }
    }
}

void mw_query_xfb_end(mw_render *r, uint64_t written[MW_XFB_STREAMS], uint64_t generated[MW_XFB_STREAMS])
{
    for (uint32_t s = 0; s < MW_XFB_STREAMS; s++)
        written[s] = generated[s] = 0;
    mw_queries *q = r->queries;
    if (!q || !q->xfb_have_names)
        return;
    const GladGLContext *gl = &r->ctx->gl;
    for (uint32_t s = 0; s < MW_XFB_STREAMS; s++) {
        if (!(q->xfb_streams >> s & 1))
            continue;
        if (s == 0) {
            gl->EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
            gl->EndQuery(GL_PRIMITIVES_GENERATED);
        } else {
            gl->EndQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, s);
            gl->EndQueryIndexed(GL_PRIMITIVES_GENERATED, s);
        }
        GLuint w = 0, g = 0;
        gl->GetQueryObjectuiv(q->xfb_names[2 * s], GL_QUERY_RESULT, &w);
        gl->GetQueryObjectuiv(q->xfb_names[2 * s + 1], GL_QUERY_RESULT, &g);
        written[s] = w;
        generated[s] = g;
    }
    if (q->xfb_took_vtg) {
        q->c[VTG_COUNTER].total += generated[0];
        begin(r, VTG_COUNTER); /* for the rest of the draw: nothing more */
        q->xfb_took_vtg = false;
    }
}

void mw_query_xfb_add(mw_render *r, const uint64_t succeeded[MW_XFB_STREAMS], const uint64_t needed[MW_XFB_STREAMS])
{
    mw_queries *q = r->queries;
    if (!q)
        return;
    for (uint32_t s = 0; s < MW_XFB_STREAMS; s++) {
        q->xfb_succeeded[s] += succeeded[s];
        q->xfb_needed[s] += needed[s];
    }
}

uint64_t mw_query_counter(mw_render *r, uint32_t report, uint32_t sub_report)
{
    mw_queries *q = queries(r);
    if (!q)
        return 0;
    switch (report) {
    /* SUB_REPORT the stream (clb197.h SET_REPORT_SEMAPHORE_D) */
    case REPORT_STREAMING_SUCCEEDED: return sub_report < MW_XFB_STREAMS ? q->xfb_succeeded[sub_report] : 0;
    case REPORT_STREAMING_NEEDED: return sub_report < MW_XFB_STREAMS ? q->xfb_needed[sub_report] : 0;
    case REPORT_STREAMING_DIFFERENCE:
        return sub_report < MW_XFB_STREAMS ? q->xfb_needed[sub_report] - q->xfb_succeeded[sub_report] : 0;
    case REPORT_STREAMING_TOTAL_DIFFERENCE: {
        uint64_t d = 0;
        for (uint32_t s = 0; s < MW_XFB_STREAMS; s++)
            d += q->xfb_needed[s] - q->xfb_succeeded[s];
        return d;
    }
    default: break;
    }
    if (report == REPORT_ZPASS_PIXEL_CNT64)
        report = REPORT_ZPASS_PIXEL_CNT;
    uint32_t i = 0;
    while (i < COUNTER_COUNT && COUNTERS[i].report != report)
        i++;
    if (i == COUNTER_COUNT) {
        if (!q->warned_other)
            GLHLE_WARN(r->io.log, "maxwell: report counter 0x%02x is not counted (GL has no count of "
                       "tessellation-init invocations, tessellation primitives, clocks or zcull statistics); it "
                       "reads 0 (said once)", report);
        q->warned_other = true;
        return 0;
    }
    counter *c = &q->c[i];
    if (c->pending && gl_context_enter(r->ctx) == GLHLE_RESULT_OK)
        resolve(r, c, true);
    if (!COUNTERS[i].scaled || samples_as_draws(r, &COUNTERS[i]))
        return c->total;
    const uint64_t k2 = (uint64_t)r->scale * r->scale;
    return (c->total + k2 - 1) / k2;
}

void mw_query_clear(mw_render *r, uint32_t type)
{
    mw_queries *q = r->queries;
    if (!q || type != CLEAR_ZPASS_PIXEL_CNT)
        return;
    counter *c = &q->c[0];
    if (c->pending && gl_context_enter(r->ctx) == GLHLE_RESULT_OK)
        resolve(r, c, false);
    c->pending = 0;
    c->total = 0;
}

void mw_query_lose(mw_render *r)
{
    mw_queries *q = r->queries;
    if (!q)
        return;
    for (uint32_t i = 0; i < COUNTER_COUNT; i++) {
        counter *c = &q->c[i];
        if (!c->have_names)
            continue;
        resolve(r, c, true);
        r->ctx->gl.DeleteQueries(MAX_PENDING, c->names);
        c->have_names = false;
    }
    if (q->xfb_have_names)
        r->ctx->gl.DeleteQueries(2 * MW_XFB_STREAMS, q->xfb_names);
    q->xfb_have_names = false;
}

void mw_query_fini(mw_render *r)
{
    if (r->queries && !r->gl_lost)
        mw_query_lose(r);
    free(r->queries);
    r->queries = NULL;
}
