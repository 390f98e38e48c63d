/* Whether GL's own rasterizer covers a PlayStation triangle's pixels as the
 * console does (psx_shader_host.gl_coverage; shadergen/psx_vs.c moves the
 * triangle by half a subpixel and leaves out the per-pixel edge test).
 *
 * With vertices at k + 1/2 in window units GL's edge functions at the
 * pixel centres are exact on any subpixel grid, so what can differ is
 * what GL leaves to the implementation: which of two triangles sharing an
 * edge owns a sample exactly on it (GL 4.5 section 14.6.1, "Basic Polygon
 * Rasterization": the rule is not specified), the subpixel snapping of a
 * vertex that is not on the grid, and whether a triangle reaching past the
 * viewport is clipped. So at start-up the renderer draws triangles whose
 * edges run exactly through pixel centres (horizontal, vertical, diagonal,
 * both windings, shared edges, long shallow edges, vertices left of and
 * above VRAM) with the GL-coverage program, reads them back and compares
 * every subpixel with the per-pixel edge test of the other path, written
 * out here in C: an edge a->b owns the samples on it when the interior lies
 * to its right or below it in VRAM (the top-left rule; psx-spx "GPU
 * Rendering Attributes", and the software renderer's spans, which the
 * differential tests hold to the same rule). Any difference, or a
 * viewport that cannot hold the guard band at this scale, and the renderer
 * keeps the edge test. GLHLE_CAPS_DISABLE=GLHLE_psx_gl_coverage skips the
 * probe and keeps the edge test (the tests of that path). */
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_util.h"
#include "backend/psx/gl_renderer.h"

#define PROBE_W 128 /* the native VRAM area the probe draws in, from (0, 0) */
#define PROBE_H 64

/* Vertex triples, native units; the colour of triangle i is i + 1 (in the
 * 15-bit word's red bits), later ones drawn over earlier ones. */
static const int16_t probe_tris[][6] = {
    {2, 2, 12, 2, 2, 12},        /* top and left edges on sample rows, diagonal through samples */
    {16, 2, 16, 12, 26, 2},      /* the same, other winding */
    {40, 12, 30, 12, 40, 2},     /* bottom and right edges */
    {44, 12, 54, 2, 54, 12},
    {60, 2, 70, 22, 58, 20},     /* slopes 2:1 and 1:9 */
    {72, 2, 90, 20, 74, 2},      /* a sliver along a diagonal */
    {95, 3, 120, 9, 100, 30},    /* no ties */
    {2, 30, 20, 30, 2, 48},      /* a quad's halves sharing a diagonal edge */
    {20, 30, 2, 48, 20, 48},
    {-30, 40, 10, 35, -5, 60},   /* left of VRAM: the guard band */
    {30, -20, 50, 10, 60, -5},   /* above VRAM */
    {-500, -240, 100, 60, 100, -240}, /* a long edge of slope 1/2 through samples */
    {-636, -237, 64, 63, -636, 63},   /* slope 3/7 */
    {127, 40, 110, 63, 127, 63},      /* edges on the probe area's right and bottom */
    {60, 40, 80, 40, 70, 50},         /* a horizontal top edge shared with the next */
    {60, 40, 80, 40, 70, 30},
};
#define PROBE_N ((int)(sizeof probe_tris / sizeof probe_tris[0]))

/* s*E + bias > 0 on every edge, in subpixel units (the fragment shader's
 * test, shadergen/psx_fs.c, with psx_vs.c's edge_bias). */
static bool edge_test_covers(const int16_t *t, int scale, int64_t fx, int64_t fy)
{
    int64_t x[3], y[3];
    for (int i = 0; i < 3; i++) {
        x[i] = (int64_t)t[2 * i] * scale;
        y[i] = (int64_t)t[2 * i + 1] * scale;
    }
    int64_t area = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
    int64_t s = area > 0 ? 1 : -1;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3;
        int64_t gx = -s * (y[j] - y[i]), gy = s * (x[j] - x[i]);
        int64_t bias = (gx > 0 || (gx == 0 && gy > 0)) ? 1 : 0;
        int64_t e = (x[j] - x[i]) * (fy - y[i]) - (y[j] - y[i]) * (fx - x[i]);
        if (s * e + bias <= 0)
            return false;
    }
    return true;
}

/* Draws the probe with a program of host `host` into VRAM (zero before and
 * after) and compares; false on any difference or GL failure. */
static bool probe_draws_exactly(psx_gl *g, const psx_shader_host *host)
{
    GladGLContext *gl = g->gl;
    const int scale = (int)g->base.scale, w = PROBE_W * scale, h = PROBE_H * scale;
    const psx_fs_key key = {PSX_PRIM_TRIANGLE, 0, 0, 0, 0, {0, 0, 0}};
    glhle_bytebuf vs, fs;
    glhle_bytebuf_init(&vs, 0);
    glhle_bytebuf_init(&fs, 0);
    GLuint prog = 0;
    bool ok = psx_vs_generate(&key, host, &vs) && psx_fs_generate(&key, host, &fs) &&
              gl_link_program(g->ctx, glhle_bytebuf_cstr(&vs), glhle_bytebuf_cstr(&fs), &prog) == GLHLE_RESULT_OK;
    glhle_bytebuf_free(&vs);
    glhle_bytebuf_free(&fs);
    uint16_t *got = ok ? malloc((size_t)w * (size_t)h * sizeof *got) : NULL;
    size_t offset = 0;
    psx_gl_instance *inst = got ? gl_stream_map(&g->stream, sizeof(psx_gl_instance) * PROBE_N, 16, &offset) : NULL;
    ok = inst != NULL;
    if (ok) {
        memset(inst, 0, sizeof(psx_gl_instance) * PROBE_N);
        for (int i = 0; i < PROBE_N; i++) {
            memcpy(inst[i].p0, probe_tris[i], 4 * sizeof(int16_t));
            memcpy(inst[i].p1, probe_tris[i] + 4, 2 * sizeof(int16_t));
            inst[i].clip[2] = PROBE_W - 1;
            inst[i].clip[3] = PROBE_H - 1;
            inst[i].w[0] = (uint32_t)(i + 1) << 3; /* red 8-bit (i+1)*8: the 5-bit red field i+1 */
            inst[i].w[1] = psx_fs_mode_bits(&key);
        }
        gl_stream_commit(&g->stream, sizeof(psx_gl_instance) * PROBE_N);
        const psx_shader_host saved = g->host;
        g->host = *host; /* the viewport the program expects */
        psx_gl_bind_vram_target(g, true);
        g->host = saved;
        gl->UseProgram(prog);
        gl->BindVertexArray(g->vao);
        gl->BindVertexBuffer(0, g->stream.buffer, (GLintptr)offset, (GLsizei)sizeof(psx_gl_instance));
        gl->DrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, PROBE_N);
        gl->BindVertexArray(0);
        gl_pixel_store(g->ctx, 0, 2);
        gl->GetTextureSubImage(g->vram, 0, 0, 0, 0, w, h, 1, GL_RED_INTEGER, GL_UNSIGNED_SHORT,
                               (GLsizei)((size_t)w * (size_t)h * sizeof *got), got);
        static const GLuint zero[4] = {0, 0, 0, 0};
        psx_gl_bind_vram_target(g, false);
        gl->ClearBufferuiv(GL_COLOR, 0, zero); /* VRAM as psx_gl_vram_create left it */
        gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
        ok = glhle_context_check_gl(g->ctx) == GLHLE_RESULT_OK;
    }
    int bad = 0;
    for (int fy = 0; fy < h && ok; fy++)
        for (int fx = 0; fx < w; fx++) {
            uint16_t want = 0;
            for (int i = 0; i < PROBE_N; i++)
                if (edge_test_covers(probe_tris[i], scale, fx, fy))
                    want = (uint16_t)(i + 1);
            if (got[(size_t)fy * (size_t)w + (size_t)fx] != want && bad++ == 0)
                GLHLE_DEBUG(g->base.log,
                            "PlayStation GL coverage probe: subpixel (%d, %d) at %ux is %u, the edge rule gives %u",
                            fx, fy, g->base.scale, got[(size_t)fy * (size_t)w + (size_t)fx], want);
        }
    ok = ok && bad == 0;
    free(got);
    if (prog)
        gl->DeleteProgram(prog);
    return ok;
}

bool psx_gl_coverage_probe(psx_gl *g)
{
    if (gl_caps_switched_off("GLHLE_psx_gl_coverage"))
        return false;
    GLint dims[2] = {0, 0};
    g->gl->GetIntegerv(GL_MAX_VIEWPORT_DIMS, dims);
    /* the guard band (psx_vs.c): 4096 x 2048 native pixels */
    if ((int64_t)dims[0] < 4096 * (int64_t)g->base.scale || (int64_t)dims[1] < 2048 * (int64_t)g->base.scale) {
        GLHLE_DEBUG(g->base.log, "PlayStation GL coverage off at %ux: the viewport is at most %dx%d", g->base.scale,
                    dims[0], dims[1]);
        return false;
    }
    psx_shader_host host = g->host;
    host.gl_coverage = true;
    const bool ok = probe_draws_exactly(g, &host);
    GLHLE_DEBUG(g->base.log, "PlayStation GL coverage probe at %ux: %s", g->base.scale,
                ok ? "GL's coverage matches; no per-pixel edge test" : "differs; the per-pixel edge test stays");
    return ok;
}
